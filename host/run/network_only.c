/* A scenario with only a 1-D network, run to its end: the run loop over output rows, checkpoints and the summary. */
#include "run/network_only.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/files.h"
#include "io/output.h"
#include "io/output_vtk.h"
#include "network/network_internal.h"
#include "run/network_run.h"
#include "run/progress.h"
#include "run/run_resume.h"
#include "world/timeline.h"

static void summary(FILE *f, const char *status, const char *message, const char *scenario, const hw_net_runner *r,
                    double dt, long steps, double wall, const char *dir)
{
    fprintf(f, "{\"status\":\"%s\"", status);
    if (message) { fprintf(f, ",\"message\":"); hw_json_string(f, message); }
    fprintf(f, ",\"scenario\":"); hw_json_string(f, scenario);
    if (r->net)
        fprintf(f, ",\"network\":{\"t\":%.9g,\"dt\":%.6g,\"steps\":%ld,\"substeps\":%ld,\"rows\":%ld},\"wall_s\":%.4f",
                hw_net_time(r->net), dt, steps, hw_net_substeps(r->net), r->rows, wall);
    hw_net_runner_json(f, r);
    fprintf(f, ",\"output_dir\":"); hw_json_string(f, dir);
    fprintf(f, "}\n");
}

/* summary() with its arguments, for hw_close_run_files. */
typedef struct net_summary_args {
    const char *status, *message, *scenario, *dir;
    const hw_net_runner *r;
    double dt, wall;
    long steps;
} net_summary_args;
static void net_summary(FILE *f, void *ctx)
{
    const net_summary_args *a = (const net_summary_args *)ctx;
    summary(f, a->status, a->message, a->scenario, a->r, a->dt, a->steps, a->wall, a->dir);
}

hw_status hw_net_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir, int quiet,
                              hw_log_fn log, void *log_user, hw_run_ck *ck,
                              const volatile sig_atomic_t *stop, char *msg, size_t msg_len)
{
    hw_net_runner r;
    hw_outputs out;
    hw_progress pg;
    memset(&out, 0, sizeof out);
    hw_progress_init(&pg, quiet);
    double run0 = hw_now_s();
    double dt = sc->model.solver.dt > 0 ? sc->model.solver.dt : 0.01;
    long done = 0;
    clock_t c0 = clock();
    hw_timeline tl;
    hw_status st = hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, dt, msg, msg_len);
    if (st) return st; /* before anything is written: the counts cannot be represented */
    st = hw_net_runner_start(&r, sc, dir, log, log_user, msg, msg_len);
    char note[512];
    if (st == HW_OK && log && hw_vtk_network_note(sc, note, sizeof note)) log(log_user, 1, note);
    /* results.h5 (network.csv is the runner's): the t = 0 row, then one per row */
    if (st == HW_OK && (st = hw_outputs_open(&out, dir, sc, msg, msg_len)) == HW_OK) {
        hw_outputs_attach(&out, NULL, r.net);
        if (!(ck && ck->loaded)) st = hw_outputs_write(&out, NULL, msg, msg_len);
    }
    const char *status = "ok";
    if (st == HW_OK && ck) { /* checkpoints (run_resume.h): on resume, the state and file back */
        ck->netr = &r;
        ck->net_dt = dt;
        if (ck->loaded && (st = hw_run_ck_restore(ck, NULL, &out, NULL, msg, msg_len))) status = "error";
        else if (ck->loaded) r.steps = ck->steps;
    }
    if (st == HW_OK) {
        long k0 = ck && ck->loaded ? hw_timeline_next(&tl, hw_net_time(r.net), dt) : 1;
        for (long k = k0; k <= tl.n; k++) { /* rows at k x interval and t_end, exactly */
            if (stop && *stop) { /* a signal: the final checkpoint, then the summary */
                st = HW_INTERRUPTED;
                status = "interrupted";
                snprintf(msg, msg_len, "interrupted at t = %.9g s (step %ld) by %s", hw_net_time(r.net),
                         r.steps, *stop == SIGTERM ? "SIGTERM" : "SIGINT");
                char cmsg[1024];
                if (ck && hw_run_ck_write(ck, NULL, &out, NULL, cmsg, sizeof cmsg) && log) log(log_user, 1, cmsg);
                break;
            }
            long s0 = r.steps;
            st = hw_net_runner_advance_to(&r, dt, hw_timeline_time(&tl, k), msg, msg_len);
            if (!st) st = hw_outputs_write(&out, NULL, msg, msg_len);
            if (!st) hw_progress_show(&pg, hw_net_time(r.net), sc->model.solver.t_end, hw_now_s() - run0);
            if (!st) hw_run_ck_test_signal(s0, r.steps);
            if (!st && ck) {
                ck->steps = r.steps;
                st = hw_run_ck_maybe(ck, NULL, &out, NULL, msg, msg_len);
            }
            if (st) {
                status = st == HW_ERR_IO ? "io_error" : "numerical_failure";
                break;
            }
        }
        done = r.steps;
    } else {
        status = st == HW_ERR_IO ? "io_error" : "error";
    }
    double wall = (double)(clock() - c0) / CLOCKS_PER_SEC;
    char fmsg[4400];
    hw_status fst = hw_outputs_finish(&out, fmsg, sizeof fmsg); /* results.h5 closed */
    if (fst && !st) {
        st = fst;
        status = "io_error";
        snprintf(msg, msg_len, "%s", fmsg);
    }
    summary(stdout, status, st ? msg : NULL, scenario_path, &r, dt, done, wall, dir);
    net_summary_args sa = {status, st ? msg : NULL, scenario_path, dir, &r, dt, wall, done};
    st = hw_close_run_files(dir, &r.csv, r.csv_path, net_summary, &sa, st, msg, msg_len);
    hw_outputs_close(&out);
    hw_net_runner_end(&r);
    return st;
}
