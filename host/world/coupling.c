/* See coupling.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world/coupling.h"

#include "world/timeline.h"

struct hw_couplings {
    int n;
    hw_coupling_def *d;
    int *idx;      /* network node / rotational node index */
    double *u;     /* unit rail directions, 3 per coupling */
    hw_net *net;
};

void hw_couplings_destroy(hw_couplings *c)
{
    if (!c) return;
    free(c->d); free(c->idx); free(c->u);
    free(c);
}

hw_status hw_couplings_create(const hw_coupling_def *defs, int n, const hw_model_def *model,
                              hw_net *net, const char *file, hw_couplings **out, char *msg,
                              size_t msg_len)
{
    *out = NULL;
    hw_couplings *c = (hw_couplings *)calloc(1, sizeof *c);
    if (!c) {
        snprintf(msg, msg_len, "%s: out of memory for the couplings (%zu bytes)", file, sizeof *c);
        return HW_ERR_NOMEM;
    }
    c->n = n; c->net = net;
    c->d = (hw_coupling_def *)calloc((size_t)n + 1, sizeof *c->d);
    c->idx = (int *)calloc((size_t)n + 1, sizeof(int));
    c->u = (double *)calloc(3 * (size_t)n + 1, sizeof(double));
    if (!c->d || !c->idx || !c->u) {
        hw_couplings_destroy(c);
        snprintf(msg, msg_len, "%s: out of memory for %d couplings", file, n);
        return HW_ERR_NOMEM;
    }
    memcpy(c->d, defs, (size_t)n * sizeof *defs);
    for (int k = 0; k < n; k++) {
        const hw_coupling_def *d = &defs[k];
        int rail = d->kind == HW_COUPLE_RAIL_POINT;
        int found = -1, count = net ? (rail ? hw_net_n_nodes(net) : hw_net_n_rnodes(net)) : 0;
        for (int i = 0; i < count && found < 0; i++) {
            const char *nm = rail ? hw_net_node_name(net, i) : hw_net_rnode_name(net, i);
            if (nm && d->node && !strcmp(nm, d->node)) found = i;
        }
        if (found < 0) {
            snprintf(msg, msg_len, "%s:%d: couplings[%d].%s: expected a %s of the network, got \"%s\"",
                     file, d->src_line, k, rail ? "node" : "shaft",
                     rail ? "translational node" : "rotational node", d->node ? d->node : "");
            hw_couplings_destroy(c);
            return HW_ERR_INPUT;
        }
        c->idx[k] = found;
        if (rail) {
            double nrm = sqrt(d->direction[0] * d->direction[0] + d->direction[1] * d->direction[1] +
                              d->direction[2] * d->direction[2]);
            if (!(nrm > 0) || !isfinite(nrm)) {
                snprintf(msg, msg_len, "%s:%d: couplings[%d].direction: expected a non-zero vector",
                         file, d->src_line, k);
                hw_couplings_destroy(c);
                return HW_ERR_INPUT;
            }
            for (int j = 0; j < 3; j++) c->u[3 * k + j] = d->direction[j] / nrm;
            if (model->points[d->point].kind != HW_POINT_COUPLED) {
                snprintf(msg, msg_len, "%s:%d: couplings[%d].point: expected a point of type coupled "
                         "(its motion comes from the rail), got point '%s' of another type", file,
                         d->src_line, k, model->points[d->point].name);
                hw_couplings_destroy(c);
                return HW_ERR_INPUT;
            }
        } else {
            const hw_winch_def *w = &model->lines[d->line].winch;
            if (w->end == HW_WINCH_NONE || w->mode != HW_WINCH_EXTERNAL) {
                snprintf(msg, msg_len, "%s:%d: couplings[%d].line: expected a line with a winch in "
                         "external mode (the drum sets its speed), got line '%s'", file, d->src_line,
                         k, model->lines[d->line].name);
                hw_couplings_destroy(c);
                return HW_ERR_INPUT;
            }
            if (!(d->radius > 0)) {
                snprintf(msg, msg_len, "%s:%d: couplings[%d].radius: expected a drum radius > 0 m, got %g",
                         file, d->src_line, k, d->radius);
                hw_couplings_destroy(c);
                return HW_ERR_INPUT;
            }
        }
    }
    *out = c;
    return HW_OK;
}

hw_status hw_couplings_before(hw_couplings *c, hw_sim *sim)
{
    for (int k = 0; c && k < c->n; k++) {
        const hw_coupling_def *d = &c->d[k];
        hw_status st;
        if (d->kind == HW_COUPLE_RAIL_POINT) {
            double x, v, pos[3], vel[3];
            hw_net_node_state(c->net, c->idx[k], &x, &v);
            for (int j = 0; j < 3; j++) {
                pos[j] = d->origin[j] + x * c->u[3 * k + j];
                vel[j] = v * c->u[3 * k + j];
            }
            st = hw_sim_set_point_kinematics(sim, d->point, pos, vel);
        } else {
            double phi, w;
            hw_net_rnode_state(c->net, c->idx[k], &phi, &w);
            st = hw_sim_set_winch_speed(sim, d->line, -w * d->radius);
        }
        if (st) return st;
    }
    return HW_OK;
}

hw_status hw_couplings_after(hw_couplings *c, hw_sim *sim)
{
    for (int k = 0; c && k < c->n; k++) {
        const hw_coupling_def *d = &c->d[k];
        hw_status st;
        if (d->kind == HW_COUPLE_RAIL_POINT) {
            double f[3];
            if ((st = hw_sim_point_state(sim, d->point, NULL, NULL, f))) return st;
            double fu = f[0] * c->u[3 * k] + f[1] * c->u[3 * k + 1] + f[2] * c->u[3 * k + 2];
            st = hw_net_set_node_force(c->net, c->idx[k], fu);
        } else {
            double T;
            if ((st = hw_sim_winch_state(sim, d->line, NULL, NULL, &T, NULL))) return st;
            st = hw_net_set_rnode_torque(c->net, c->idx[k], -T * d->radius);
        }
        if (st) return st;
    }
    return HW_OK;
}

