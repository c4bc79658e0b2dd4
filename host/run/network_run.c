/* The CLI's stepping of a scenario's 1-D network and its network.csv (network_run.h). */
#include "io/files.h"
#include "run/network_run.h"
#include "world/timeline.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "network/network_internal.h"

static void csv_name(FILE *f, const char *prefix, const char *name)
{
    fprintf(f, ",%s", prefix);
    for (; name && *name; name++) fputc(*name == ',' || *name == '"' || *name == '\n' ? '_' : *name, f);
}

static hw_status write_row(hw_net_runner *r, char *msg, size_t msg_len)
{
    const hw_net *net = r->net;
    FILE *f = r->csv;
    fprintf(f, "%.9g", hw_net_time(net));
    for (int i = 0; i < hw_net_n_nodes(net); i++) {
        double x, v;
        hw_net_node_state(net, i, &x, &v);
        fprintf(f, ",%.10g,%.10g", x, v);
    }
    for (int i = 0; i < hw_net_n_rnodes(net); i++) {
        double phi, w;
        hw_net_rnode_state(net, i, &phi, &w);
        fprintf(f, ",%.10g,%.10g", phi, w);
    }
    for (int e = 0; e < hw_net_n_elements(net); e++) {
        double F, E, xl;
        hw_net_element_force(net, e, &F);
        hw_net_element_dissipation(net, e, &E, NULL);
        if (r->force_stats) hw_run_stats_add(&r->force_stats[e], F, hw_net_time(net));
        fprintf(f, ",%.10g,%.10g", F, E);
        if (hw_net_rail_x_log(net, e, &xl) == HW_OK) fprintf(f, ",%.10g", xl);
    }
    fputc('\n', f);
    if (fflush(f) != 0 || ferror(f)) {
        snprintf(msg, msg_len, "%s: write failed: %s", r->csv_path, strerror(errno));
        return HW_ERR_IO;
    }
    r->rows++;
    return HW_OK;
}

hw_status hw_net_runner_start(hw_net_runner *r, const hw_scenario *sc, const char *dir, hw_log_fn log,
                              void *log_user, char *msg, size_t msg_len)
{
    memset(r, 0, sizeof *r);
    if (!sc->network) return HW_OK;
    hw_status st = hw_net_create(sc->network, log, log_user, &r->net, msg, msg_len);
    if (st) return st;
    int ne = hw_net_n_elements(r->net);
    if (!(r->force_stats = calloc((size_t)ne + 1, sizeof *r->force_stats))) {
        snprintf(msg, msg_len, "network: out of memory");
        hw_net_runner_end(r);
        return HW_ERR_NOMEM;
    }
    for (int e = 0; e < ne; e++) hw_run_stats_init(&r->force_stats[e]);
    char *path = r->csv_path;
    snprintf(path, sizeof r->csv_path, "%s/network.csv", dir);
    if (hw_mkdir_p(dir) != 0 || !(r->csv = fopen(path, "w"))) {
        snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
        hw_net_runner_end(r);
        return HW_ERR_IO;
    }
    const hw_net_def *d = sc->network;
    fprintf(r->csv, "t");
    for (int i = 0; i < d->n_nodes; i++) {
        csv_name(r->csv, "x_", d->nodes[i].name);
        csv_name(r->csv, "v_", d->nodes[i].name);
    }
    for (int i = 0; i < d->n_rnodes; i++) {
        csv_name(r->csv, "phi_", d->rnodes[i].name);
        csv_name(r->csv, "w_", d->rnodes[i].name);
    }
    for (int e = 0; e < d->n_elems; e++) {
        csv_name(r->csv, "F_", hw_net_elem_name(&d->elems[e]));
        csv_name(r->csv, "Ediss_", hw_net_elem_name(&d->elems[e]));
        if (d->elems[e].type == NET_RAIL) csv_name(r->csv, "xlog_", hw_net_elem_name(&d->elems[e]));
    }
    fputc('\n', r->csv);
    return write_row(r, msg, msg_len);
}

hw_status hw_net_runner_advance_to(hw_net_runner *r, double dt, double t, char *msg, size_t msg_len)
{
    if (!r->net) return HW_OK;
    double tol = hw_time_tolerance(dt, t);
    while (t - hw_net_time(r->net) > tol) {
        double left = t - hw_net_time(r->net); /* the last step takes what is left: it lands on t */
        hw_status st = hw_net_step(r->net, left > dt + tol ? dt : left);
        r->steps++;
        if (st) {
            snprintf(msg, msg_len, "%s", hw_net_last_error(r->net));
            return st;
        }
    }
    return write_row(r, msg, msg_len);
}

void hw_net_runner_json(FILE *f, const hw_net_runner *r)
{
    if (!r || !r->net) return;
    fprintf(f, ",\"network_elements\":[");
    for (int e = 0; e < hw_net_n_elements(r->net); e++) {
        double E = 0;
        hw_net_element_dissipation(r->net, e, &E, NULL);
        fprintf(f, "%s{\"name\":", e ? "," : "");
        hw_json_string(f, hw_net_element_name(r->net, e));
        fprintf(f, ",\"force\":");
        hw_run_stats_json(f, &r->force_stats[e]);
        fprintf(f, ",\"dissipated_J\":%.10g}", E);
    }
    fprintf(f, "]");
}

void hw_net_runner_end(hw_net_runner *r)
{
    if (r->csv) fclose(r->csv);
    free(r->force_stats);
    hw_net_destroy(r->net);
    memset(r, 0, sizeof *r);
}
