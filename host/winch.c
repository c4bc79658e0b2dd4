/* Winches in reel mode (physics.md section 5): the segment at the winch end of a line grows or
 * shrinks with the pay-out; past 1.5 nominal lengths a node is inserted (the outer part becomes a
 * nominal segment), below 0.5 the winch segment is merged into its neighbour. Mass is exact (node
 * masses are mu times tributary length at every step), and at an insertion or removal momentum
 * is conserved: the new node takes the momentum of the mass its neighbours give up, a removed
 * node's momentum goes to the neighbours that take its mass.
 *
 * Per step, before the integration: the pay-out speed s from the drive (speed signal, length
 * target, tension target, or external), clamped at the cable's ends (max_length, min_length);
 * the winch segment's unstretched length l_w and the masses of its two nodes are set, and its
 * strain rate gets the -len s / l_w^2 term (kernels/physics/segment.h hw_segment_reel). After
 * the step: l_w += s dt. Within a step l_w is held at its value at the step's start (an
 * O(s dt / l_w) error on one segment). The momentum flux of the material leaving the drum is not
 * modelled (as for the 1-D rope with variable rest length, physics.md section 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

int hw_line_max_segments(const hw_line_def *ld)
{
    if (!ld || ld->nseg < 1) return 0;
    if (ld->winch.end == HW_WINCH_NONE || !(ld->length > 0)) return ld->nseg;
    double l_nom = ld->length / ld->nseg;
    double maxl = ld->winch.max_length > ld->length ? ld->winch.max_length : ld->length;
    double cap = ceil(maxl / l_nom) + 2.0;
    if (cap > 1e7) cap = 1e7;
    return (int)cap > ld->nseg ? (int)cap : ld->nseg;
}

/* Sets the tributary lengths and masses of line l's used nodes from its segment lengths. */
static void line_masses(hw_lm_sys *S, int l)
{
    int n0 = S->ln_n0[l], s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    for (int j = 0; j <= S->ln_cap[l]; j++) {
        double lt = 0.0;
        if (j <= ns) {
            if (j > 0) lt += 0.5 * S->seg_l0[s0 + j - 1];
            if (j < ns) lt += 0.5 * S->seg_l0[s0 + j];
        }
        S->node_l[n0 + j] = lt;
        S->node_m[n0 + j] = S->ln_mu[l] * lt;
    }
}

/* Segment lengths of line l: nominal everywhere but at the winch. */
static void line_lengths(hw_lm_sys *S, int l, double l_nom, double l_w, int atA)
{
    int s0 = S->ln_s0[l];
    for (int k = 0; k < S->ln_cap[l]; k++) S->seg_l0[s0 + k] = l_nom;
    S->ln_wseg[l] = atA ? s0 : s0 + S->ln_nseg[l] - 1;
    S->seg_l0[S->ln_wseg[l]] = l_w;
}

hw_status hw_winches_init(hw_winches *W, const hw_model_def *def, hw_model *m)
{
    memset(W, 0, sizeof *W);
    hw_lm_sys *S = &m->S;
    W->n = S->n_lines;
    W->w = (hw_winch_rt *)calloc((size_t)W->n + 1, sizeof(hw_winch_rt));
    if (!W->w) return HW_ERR_NOMEM;
    for (int l = 0; l < W->n; l++) {
        const hw_line_def *ld = &def->lines[l];
        hw_winch_rt *w = &W->w[l];
        if (ld->winch.end == HW_WINCH_NONE) continue;
        w->on = 1;
        W->any = 1;
        w->def = ld->winch;
        int nt = ld->winch.speed_table.n >= 2 ? ld->winch.speed_table.n : 0;
        if (nt) {
            w->tab_t = (double *)malloc((size_t)nt * sizeof(double));
            w->tab_v = (double *)malloc((size_t)nt * sizeof(double));
            if (!w->tab_t || !w->tab_v) return HW_ERR_NOMEM;
            memcpy(w->tab_t, ld->winch.speed_table.x, (size_t)nt * sizeof(double));
            memcpy(w->tab_v, ld->winch.speed_table.y, (size_t)nt * sizeof(double));
        }
        w->def.speed_table.n = nt;
        w->def.speed_table.x = w->tab_t;
        w->def.speed_table.y = w->tab_v;
        int nq = ld->winch.torque_table.n >= 2 ? ld->winch.torque_table.n : 0;
        if (nq) {
            w->tq_t = (double *)malloc((size_t)nq * sizeof(double));
            w->tq_v = (double *)malloc((size_t)nq * sizeof(double));
            if (!w->tq_t || !w->tq_v) return HW_ERR_NOMEM;
            memcpy(w->tq_t, ld->winch.torque_table.x, (size_t)nq * sizeof(double));
            memcpy(w->tq_v, ld->winch.torque_table.y, (size_t)nq * sizeof(double));
        }
        w->def.torque_table.n = nq;
        w->def.torque_table.x = w->tq_t;
        w->def.torque_table.y = w->tq_v;
        w->omega = ld->winch.drum_speed0;
        if (w->def.mode == HW_WINCH_DRUM) W->need_tension = 1;
        w->l_nom = ld->length / ld->nseg;
        w->l_w = w->l_nom;
        w->length = ld->length;
        if (!(w->def.tau > 0)) w->def.tau = 2.0;
        if (!(w->def.max_speed > 0)) w->def.max_speed = 1.0;
        if (!(w->def.max_length >= ld->length)) w->def.max_length = ld->length;
        if (!(w->def.min_length > 0)) w->def.min_length = 0.5 * w->l_nom;
        if (w->def.mode == HW_WINCH_TENSION && !(w->def.gain > 0))
            w->def.gain = w->def.max_speed / w->def.target;
        if (w->def.mode == HW_WINCH_TENSION) W->need_tension = 1;
        w->speed = w->def.mode == HW_WINCH_EXTERNAL ? w->def.speed : 0.0;
    }
    return HW_OK;
}

void hw_winches_free(hw_winches *W)
{
    if (!W || !W->w) return;
    for (int l = 0; l < W->n; l++) {
        free(W->w[l].tab_t); free(W->w[l].tab_v); free(W->w[l].tq_t); free(W->w[l].tq_v);
    }
    free(W->w);
    memset(W, 0, sizeof *W);
}

static double drive_speed(const hw_winch_rt *w, double t, double dt)
{
    const hw_winch_def *d = &w->def;
    double s = 0.0, lim = d->max_speed;
    switch (d->mode) {
    case HW_WINCH_SPEED: /* at the step's midpoint: exact pay-out for a piecewise-linear table */
        s = d->speed_table.n >= 2
                ? hw_tlu(d->speed_table.x, d->speed_table.y, d->speed_table.n, t + 0.5 * dt)
                : d->speed;
        return s;
    case HW_WINCH_LENGTH:
        s = (d->target - w->length) / d->tau;
        break;
    case HW_WINCH_TENSION:
        s = d->gain * (w->tension - d->target);
        break;
    case HW_WINCH_EXTERNAL:
        return w->speed;
    case HW_WINCH_DRUM: /* the drum's speed, integrated after the step */
        return -w->omega * d->drum_radius;
    }
    return s > lim ? lim : s < -lim ? -lim : s;
}

/* Inserts a node next to the winch (l_w > 1.5 l_nom) or removes one (l_w < 0.5 l_nom). */
static hw_status reel(hw_model *m, const hw_backend_ops *ops, hw_backend *b, int l,
                      hw_winch_rt *w, char *err, size_t err_len, double t)
{
    hw_lm_sys *S = &m->S;
    int ns = S->ln_nseg[l], atA = w->def.end == HW_WINCH_A;
    double ln = w->l_nom, lw = w->l_w, mu = S->ln_mu[l];
    if (lw > 1.5 * ln) {
        if (ns + 1 > S->ln_cap[l]) {
            snprintf(err, err_len, "winch of line '%s' at t = %.6g s: no segment slot left (%d "
                     "segments of %.4g m); raise winch.max_length", m->line_names[l], t, ns, ln);
            return HW_ERR_STATE;
        }
        /* the new node sits one nominal length from the outer node */
        if (atA) ops->reel_insert(b, l, 1, (lw - ln) / lw, ln / lw, (lw - ln) / lw, 1, w->speed);
        else ops->reel_insert(b, l, ns, ln / lw, (lw - ln) / lw, ln / lw, 0, w->speed);
        S->ln_nseg[l] = ns + 1;
        w->l_w = lw - ln;
    } else if (lw < 0.5 * ln && ns >= 2) {
        /* the node between the winch segment and its neighbour goes; the outer neighbour takes
         * mu l_w / 2 of its mass (and that share of its momentum), the winch end the rest */
        int j = atA ? 1 : ns - 1, keep = atA ? 2 : ns - 2;
        double mk = S->node_m[S->ln_n0[l] + keep], dm = 0.5 * mu * lw;
        ops->reel_remove(b, l, j, keep, mk / (mk + dm), dm / (mk + dm));
        S->ln_nseg[l] = ns - 1;
        w->l_w = lw + ln;
    } else {
        return HW_OK;
    }
    w->events++;
    return HW_OK;
}

/* Sets the pay-out speeds for the step from t (segment lengths and masses are current). */
hw_status hw_winches_before_step(hw_winches *W, hw_model *m, const hw_backend_ops *ops,
                                 hw_backend *b, double t, double dt, hw_log_fn log, void *log_user)
{
    hw_lm_sys *S = &m->S;
    for (int l = 0; l < W->n; l++) {
        hw_winch_rt *w = &W->w[l];
        if (!w->on) continue;
        double s = drive_speed(w, t, dt);
        if (s > 0 && w->length >= w->def.max_length) {
            if (!w->at_max)
                hw_logf(log, log_user, 1, "winch of line '%s' at t = %.6g s: all %.6g m of cable "
                        "paid out; pay-out stops", m->line_names[l], t, w->def.max_length);
            w->at_max = 1;
            s = 0.0;
        } else {
            w->at_max = 0;
        }
        if (s < 0 && w->length <= w->def.min_length) {
            if (!w->at_min)
                hw_logf(log, log_user, 1, "winch of line '%s' at t = %.6g s: hauled in to its "
                        "minimum length %.6g m; haul-in stops", m->line_names[l], t, w->def.min_length);
            w->at_min = 1;
            s = 0.0;
        } else {
            w->at_min = 0;
        }
        w->speed = s;
        S->ln_wrate[l] = s;
        hw_status st = ops->update_line(b, S, l);
        if (st) return st;
    }
    return HW_OK;
}

/* Segment lengths and node masses of line l from its winch state, on the host and backend. */
static hw_status sync_line(hw_model *m, const hw_backend_ops *ops, hw_backend *b, int l,
                           const hw_winch_rt *w, double t)
{
    line_lengths(&m->S, l, w->l_nom, w->l_w, w->def.end == HW_WINCH_A);
    m->S.ln_wt0[l] = t;
    line_masses(&m->S, l);
    return ops->update_line(b, &m->S, l);
}

/* Advances the winch lengths by one step of dt and reels nodes in or out. */
hw_status hw_winches_after_step(hw_winches *W, hw_model *m, const hw_backend_ops *ops,
                                hw_backend *b, double t, double dt, char *err, size_t err_len)
{
    for (int l = 0; l < W->n; l++) {
        hw_winch_rt *w = &W->w[l];
        if (!w->on) continue;
        w->l_w += w->speed * dt;
        if (w->def.mode == HW_WINCH_DRUM) { /* semi-implicit: the new speed for the next step */
            const hw_winch_def *d = &w->def;
            double tq = d->motor_stall_torque > 0
                            ? d->motor_stall_torque * (1.0 - w->omega / d->motor_no_load_speed)
                        : d->torque_table.n >= 2
                            ? hw_tlu(d->torque_table.x, d->torque_table.y, d->torque_table.n, t + 0.5 * dt)
                            : d->torque;
            double acc = (tq - w->tension * d->drum_radius - d->drum_bearing * w->omega) / d->drum_inertia;
            w->omega += dt * acc;
            if ((w->at_max && w->omega < 0) || (w->at_min && w->omega > 0)) w->omega = 0.0; /* end of cable */
        }
        hw_status st = reel(m, ops, b, l, w, err, err_len, t);
        if (st) return st;
        w->length = (m->S.ln_nseg[l] - 1) * w->l_nom + w->l_w;
        if ((st = sync_line(m, ops, b, l, w, t + dt))) return st;
    }
    return HW_OK;
}
