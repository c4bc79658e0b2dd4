/* Winches in reel mode (docs/physics.md section 6): the segment at the winch end of a line grows or
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
 * modelled (as for the 1-D rope with variable rest length, docs/physics.md section 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "winch_drive.h"

int hw_line_max_segments(const hw_model_def *def, int line)
{
    if (!def || line < 0 || line >= def->n_lines) return 0;
    const hw_line_def *ld = &def->lines[line];
    if (ld->nseg < 1 || !(ld->length > 0)) return ld->nseg > 0 ? ld->nseg : 0;
    double maxl = 0.0;
    if (ld->winch.end != HW_WINCH_NONE)
        maxl = ld->winch.max_length > ld->length ? ld->winch.max_length : ld->length;
    for (int k = 0; k < def->n_sheaves; k++) { /* on a sheave: room for the whole cable */
        const hw_sheave_def *sh = &def->sheaves[k];
        if ((sh->line_in == line || sh->line_out == line) && sh->line_in >= 0 &&
            sh->line_in < def->n_lines && sh->line_out >= 0 && sh->line_out < def->n_lines) {
            double tot = def->lines[sh->line_in].length + def->lines[sh->line_out].length;
            /* a winch on either span feeds more cable through the sheave */
            const hw_line_def *o = &def->lines[sh->line_in == line ? sh->line_out : sh->line_in];
            if (o->winch.end != HW_WINCH_NONE && o->winch.max_length > o->length)
                tot += o->winch.max_length - o->length;
            if (ld->winch.end != HW_WINCH_NONE && ld->winch.max_length > ld->length)
                tot += ld->winch.max_length - ld->length;
            if (tot > maxl) maxl = tot;
        }
    }
    if (maxl <= 0.0) return ld->nseg;
    double cap = ceil(maxl / (ld->length / ld->nseg)) + 2.0;
    if (cap > 1e7) cap = 1e7;
    return (int)cap > ld->nseg ? (int)cap : ld->nseg;
}

int hw_line_reels(const hw_model_def *def, int line, hw_winch_end end)
{
    if (def->lines[line].winch.end == end) return 1;
    for (int k = 0; k < def->n_sheaves; k++) {
        if (def->sheaves[k].line_in == line && def->sheaves[k].end_in == end) return 1;
        if (def->sheaves[k].line_out == line && def->sheaves[k].end_out == end) return 1;
    }
    return 0;
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

/* Segment lengths of line l: nominal everywhere but at its reeling ends (wA, wB: the end
 * entries, or NULL). */
static void line_lengths(hw_lm_sys *S, int l, double l_nom, const hw_winch_rt *wA,
                         const hw_winch_rt *wB)
{
    int s0 = S->ln_s0[l];
    for (int k = 0; k < S->ln_cap[l]; k++) S->seg_l0[s0 + k] = l_nom;
    S->ln_wseg[2 * l] = wA ? s0 : -1;
    S->ln_wseg[2 * l + 1] = wB ? s0 + S->ln_nseg[l] - 1 : -1;
    if (wA) S->seg_l0[s0] = wA->l_w;
    if (wB) S->seg_l0[s0 + S->ln_nseg[l] - 1] = wB->l_w;
}

hw_status hw_winches_init(hw_winches *W, const hw_model_def *def, hw_model *m)
{
    memset(W, 0, sizeof *W);
    hw_lm_sys *S = &m->S;
    W->n = 2 * S->n_lines; /* one entry per line end: 2 l (end A), 2 l + 1 (end B) */
    W->w = (hw_winch_rt *)calloc((size_t)W->n + 1, sizeof(hw_winch_rt));
    if (!W->w) return HW_ERR_NOMEM;
    W->n_sheaves = def->n_sheaves;
    W->sh = (hw_sheave_rt *)calloc((size_t)W->n_sheaves + 1, sizeof(hw_sheave_rt));
    if (!W->sh) return HW_ERR_NOMEM;
    for (int k = 0; k < W->n_sheaves; k++) {
        W->sh[k].def = def->sheaves[k];
        W->sh[k].holding = def->sheaves[k].locked;
    }
    for (int k = 0; k < W->n; k++) {
        int l = k >> 1;
        hw_winch_end end = (k & 1) ? HW_WINCH_B : HW_WINCH_A;
        const hw_line_def *ld = &def->lines[l];
        hw_winch_rt *w = &W->w[k];
        w->sheave = -1;
        w->line = l;
        if (!hw_line_reels(def, l, end)) continue;
        w->on = 1;
        W->any = 1;
        w->def = ld->winch;
        if (ld->winch.end != end) { /* a sheave end: driven by the sheave's slide */
            for (int j = 0; j < def->n_sheaves; j++) {
                if (def->sheaves[j].line_in == l && def->sheaves[j].end_in == end) { w->sheave = j; w->role = -1; }
                if (def->sheaves[j].line_out == l && def->sheaves[j].end_out == end) { w->sheave = j; w->role = 1; }
            }
            w->def = hw_default_line().winch;
            w->def.end = end;
            w->def.mode = HW_WINCH_EXTERNAL;
            W->need_tension = 1;
        }
        if (hw_winch_own_tables(&w->def, &w->tables) != HW_OK) return HW_ERR_NOMEM;
        w->omega = w->def.drum_speed0;
        if (w->def.mode == HW_WINCH_DRUM) W->need_tension = 1;
        w->l_nom = ld->length / ld->nseg;
        w->l_w = w->l_nom;
        w->length = ld->length;
        w->counter = ld->length;
        hw_winch_defaults(&w->def, ld->length, w->l_nom);
        if (w->def.mode == HW_WINCH_TENSION) W->need_tension = 1;
        w->speed = w->def.mode == HW_WINCH_EXTERNAL && w->sheave < 0 ? w->def.speed : 0.0;
    }
    return HW_OK;
}

void hw_winches_free(hw_winches *W)
{
    if (!W || !W->w) return;
    for (int l = 0; l < W->n; l++) free(W->w[l].tables);
    free(W->sh);
    free(W->w);
    memset(W, 0, sizeof *W);
}

/* Inserts a node next to the reeling end (l_w > 1.5 l_nom) or removes one (l_w < 0.5 l_nom). A
 * line reeling at both ends keeps at least 3 segments, so its two end segments stay distinct. */
static hw_status reel(hw_winches *W, hw_model *m, const hw_backend_ops *ops, hw_backend *b,
                      hw_winch_rt *w, char *err, size_t err_len, double t)
{
    hw_lm_sys *S = &m->S;
    int l = w->line, ns = S->ln_nseg[l], atA = w->def.end == HW_WINCH_A;
    int both = W->w[2 * l].on && W->w[2 * l + 1].on;
    double ln = w->l_nom, lw = w->l_w, mu = S->ln_mu[l];
    if (lw > 1.5 * ln) {
        if (ns + 1 > S->ln_cap[l]) {
            snprintf(err, err_len, "line '%s' at t = %.6g s: no segment slot left at its reeling end "
                     "(%d segments of %.4g m); raise winch.max_length", m->line_names[l], t, ns, ln);
            return HW_ERR_STATE;
        }
        /* the new node sits one nominal length from the outer node */
        if (atA) ops->reel_insert(b, l, 1, (lw - ln) / lw, ln / lw, (lw - ln) / lw, 1, w->speed);
        else ops->reel_insert(b, l, ns, ln / lw, (lw - ln) / lw, ln / lw, 0, w->speed);
        S->ln_nseg[l] = ns + 1;
        w->l_w = lw - ln;
    } else if (lw < 0.5 * ln && ns >= (both ? 3 : 2)) {
        /* the node between the reeling segment and its neighbour goes; the outer neighbour takes
         * mu l_w / 2 of its mass (and that share of its momentum), the end the rest */
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

/* Deployed length of line l: nominal segments plus its reeling end segments. */
static double line_length(const hw_winches *W, const hw_lm_sys *S, int l)
{
    const hw_winch_rt *a = &W->w[2 * l], *b = &W->w[2 * l + 1];
    const hw_winch_rt *any = a->on ? a : b;
    int nr = a->on + b->on;
    return (S->ln_nseg[l] - nr) * any->l_nom + (a->on ? a->l_w : 0.0) + (b->on ? b->l_w : 0.0);
}

/* Sets the pay-out speeds for the step from t (segment lengths and masses are current). */
hw_status hw_winches_before_step(hw_winches *W, hw_model *m, const hw_backend_ops *ops,
                                 hw_backend *b, double t, double dt, hw_log_fn log, void *log_user)
{
    hw_lm_sys *S = &m->S;
    for (int k = 0; k < W->n; k++) {
        hw_winch_rt *w = &W->w[k];
        int l = w->line;
        if (!w->on) continue;
        if (w->sheave >= 0) { /* the sheave's slide, limited there */
            w->speed = S->ln_wrate[k] = w->role * W->sh[w->sheave].v;
            hw_status st = ops->update_line(b, S, l);
            if (st) return st;
            continue;
        }
        double s = hw_winch_drive_speed(&w->def, t, dt, w->length, w->tension, w->omega, w->speed);
        int stop = hw_winch_stops(&w->def, w->counter, w->length, &s, &w->at_max, &w->at_min);
        if (stop == 1)
            hw_logf(log, log_user, 1, "winch of line '%s' at t = %.6g s: all %.6g m of cable "
                    "paid out; pay-out stops", m->line_names[l], t, w->def.max_length);
        if (stop == 2)
            hw_logf(log, log_user, 1, "winch of line '%s' at t = %.6g s: hauled in to its "
                    "minimum length %.6g m; haul-in stops", m->line_names[l], t, w->def.min_length);
        w->speed = s;
        S->ln_wrate[k] = s;
        hw_status st = ops->update_line(b, S, l);
        if (st) return st;
    }
    return HW_OK;
}

/* Segment lengths and node masses of line l from its ends' reel state, on the host and backend. */
static hw_status sync_line(hw_winches *W, hw_model *m, const hw_backend_ops *ops, hw_backend *b,
                           int l, double t)
{
    const hw_winch_rt *a = &W->w[2 * l], *e = &W->w[2 * l + 1];
    line_lengths(&m->S, l, (a->on ? a : e)->l_nom, a->on ? a : NULL, e->on ? e : NULL);
    m->S.ln_wt0[2 * l] = m->S.ln_wt0[2 * l + 1] = t;
    line_masses(&m->S, l);
    return ops->update_line(b, &m->S, l);
}

/* Unit vector along line l's segment at its reeling end, pointing away from the end. */
static void away_from_end(const hw_lm_sys *S, const hw_lm_work *w, int l, int atA, double u[3])
{
    int s = S->ln_wseg[2 * l + (atA ? 0 : 1)];
    double sg = atA ? 1.0 : -1.0; /* q runs from node i-1 to node i */
    u[0] = sg * w->seg_qx[s]; u[1] = sg * w->seg_qy[s]; u[2] = sg * w->seg_qz[s];
}

/* The slide of each sheave over one step, from the tensions and directions of the step's last
 * evaluation (semi-implicit: the new speed drives the next step). */
static void sheaves_step(hw_winches *W, hw_model *m, const hw_lm_work *work, double t, double dt,
                         hw_log_fn log, void *log_user)
{
    const hw_lm_sys *S = &m->S;
    for (int k = 0; k < W->n_sheaves; k++) {
        hw_sheave_rt *sh = &W->sh[k];
        const hw_sheave_def *d = &sh->def;
        int li = d->line_in, lo = d->line_out;
        double ui[3], uo[3];
        away_from_end(S, work, li, d->end_in == HW_WINCH_A, ui);
        away_from_end(S, work, lo, d->end_out == HW_WINCH_A, uo);
        double c = ui[0] * uo[0] + ui[1] * uo[1] + ui[2] * uo[2];
        c = c > 1.0 ? 1.0 : c < -1.0 ? -1.0 : c;
        sh->wrap = HW_PI - acos(c);
        const hw_winch_rt *wi = &W->w[2 * li + (d->end_in == HW_WINCH_A ? 0 : 1)];
        const hw_winch_rt *wo = &W->w[2 * lo + (d->end_out == HW_WINCH_A ? 0 : 1)];
        sh->t_in = wi->tension;
        sh->t_out = wo->tension;
        /* the moving mass: the sheave's inertia at its rim, and the cable over it (at least half
         * a nominal segment each side, which also keeps the explicit update stable) */
        double mu = S->ln_mu[li], lnom = wi->l_nom;
        double arc = d->radius * sh->wrap > lnom ? d->radius * sh->wrap : lnom;
        double meff = mu * arc + (d->locked ? 0.0 : d->inertia / (d->radius * d->radius));
        double F = sh->t_out - sh->t_in;
        if (!d->locked) {
            sh->v += dt * (F - d->bearing * sh->v / (d->radius * d->radius)) / meff;
        } else {
            double thi = sh->t_in > sh->t_out ? sh->t_in : sh->t_out;
            double cap = thi * (1.0 - exp(-d->friction * sh->wrap)); /* capstan */
            if (sh->holding) {
                if (fabs(F) > cap) sh->holding = 0; /* slips from the next step on */
                sh->v = 0.0;
            } else {
                double dir = sh->v != 0.0 ? (sh->v > 0 ? 1.0 : -1.0) : (F > 0 ? 1.0 : -1.0);
                double vn = sh->v + dt * (F - dir * cap) / meff;
                if (vn * dir <= 0.0) { vn = 0.0; sh->holding = 1; } /* friction stops it */
                sh->v = vn;
            }
        }
        /* a span that runs short stops the slide (the cable's end at the sheave) */
        int short_in = wi->length <= 0.5 * wi->l_nom && sh->v > 0;
        int short_out = wo->length <= 0.5 * wo->l_nom && sh->v < 0;
        if (short_in || short_out) {
            if (!sh->at_end)
                hw_logf(log, log_user, 1, "sheave '%s' at t = %.6g s: line '%s' is down to half a "
                        "segment; the cable stops sliding", d->name ? d->name : "", t,
                        m->line_names[short_in ? li : lo]);
            sh->at_end = 1;
            sh->v = 0.0;
        } else {
            sh->at_end = 0;
        }
    }
}

/* Advances the winch lengths by one step of dt and reels nodes in or out. */
hw_status hw_winches_after_step(hw_winches *W, hw_model *m, const hw_backend_ops *ops,
                                hw_backend *b, double t, double dt, const hw_lm_work *work,
                                hw_log_fn log, void *log_user, char *err, size_t err_len)
{
    sheaves_step(W, m, work, t, dt, log, log_user);
    for (int k = 0; k < W->n; k++) {
        hw_winch_rt *w = &W->w[k];
        if (!w->on) continue;
        w->l_w += w->speed * dt;
        w->counter += w->speed * dt;
        if (w->def.mode == HW_WINCH_DRUM) /* semi-implicit: the new speed for the next step */
            w->omega = hw_winch_drum_step(&w->def, w->omega, w->tension, t, dt, w->at_max, w->at_min);
        hw_status st = reel(W, m, ops, b, w, err, err_len, t);
        if (st) return st;
    }
    for (int l = 0; l < W->n / 2; l++) {
        if (!W->w[2 * l].on && !W->w[2 * l + 1].on) continue;
        double L = line_length(W, &m->S, l);
        W->w[2 * l].length = W->w[2 * l + 1].length = L;
        hw_status st = sync_line(W, m, ops, b, l, t + dt);
        if (st) return st;
    }
    return HW_OK;
}

/* Static balance over the sheaves: the static solve holds each sheave (its spans end on its
 * point), so cable is slid from the slacker span into the tighter one until the tensions either
 * side of every free sheave agree (a locked sheave until its capstan ratio holds), solving statics
 * again after each slide. The slide is a secant iteration on T_out - T_in, started from the spans'
 * axial stiffness EA (1/L_in + 1/L_out). */
hw_status hw_winches_balance(hw_winches *W, hw_model *m, const hw_backend_ops *ops, hw_backend *b,
                             double *y, double tol, int max_iter, hw_static_result *res,
                             hw_log_fn log, void *log_user, char *msg, size_t msg_len)
{
    if (W->n_sheaves == 0) return HW_OK;
    hw_lm_sys *S = &m->S;
    double *seg_T = (double *)calloc((size_t)S->n_segs + 1, sizeof(double));
    double *fprev = (double *)calloc((size_t)W->n_sheaves + 1, sizeof(double));
    double *dprev = (double *)calloc((size_t)W->n_sheaves + 1, sizeof(double));
    if (!seg_T || !fprev || !dprev) { free(seg_T); free(fprev); free(dprev); return HW_ERR_NOMEM; }
    hw_status st = HW_OK;
    double worst = 0.0, tmax = 0.0;
    int it = 0;
    for (; it < 30; it++) {
        hw_lm_work h;
        memset(&h, 0, sizeof h);
        h.seg_T = seg_T;
        ops->upload(b, HW_BUF_Y, y);
        ops->constrain(b, 0.0, HW_BUF_Y);
        ops->eval(b, 0.0, HW_BUF_Y, HW_BUF_K1);
        ops->take_bad(b);
        ops->download_work(b, &h);
        worst = 0.0; tmax = 0.0;
        int moved = 0;
        for (int k = 0; k < W->n_sheaves; k++) {
            const hw_sheave_def *d = &W->sh[k].def;
            int ei = 2 * d->line_in + (d->end_in == HW_WINCH_A ? 0 : 1);
            int eo = 2 * d->line_out + (d->end_out == HW_WINCH_A ? 0 : 1);
            double ti = seg_T[S->ln_wseg[ei]], to = seg_T[S->ln_wseg[eo]], F = to - ti;
            double thi = ti > to ? ti : to;
            if (thi > tmax) tmax = thi;
            if (d->locked) { /* holds within its capstan ratio (wrap taken as the full pi) */
                double cap = thi * (1.0 - exp(-d->friction * HW_PI));
                if (fabs(F) <= cap) continue;
                F -= (F > 0 ? cap : -cap);
            }
            if (fabs(F) > worst) worst = fabs(F);
            if (!(fabs(F) > tol * thi)) continue;
            /* sliding barely changed the difference: nothing restores the balance (Atwood's
             * machine); leave that sheave be (warned below) */
            if (it > 0 && dprev[k] != 0.0 && fabs(F - fprev[k]) < 0.01 * fabs(F)) { dprev[k] = 0.0; continue; }
            if (it > 0 && dprev[k] == 0.0 && fprev[k] != 0.0) continue;
            hw_winch_rt *wi = &W->w[ei], *wo = &W->w[eo];
            double ea = S->ln_ea[d->line_in];
            double kax = ea / line_length(W, S, d->line_in) + ea / line_length(W, S, d->line_out);
            double slope = kax; /* -d(F)/d(slide) */
            if (it > 0 && dprev[k] != 0.0 && fprev[k] != F) {
                double sec = -(F - fprev[k]) / dprev[k];
                if (sec > 0.0 && isfinite(sec)) slope = sec;
            }
            double ds = F / slope;
            double lim = 0.5 * wi->l_nom; /* one reel step at a time */
            ds = ds > lim ? lim : ds < -lim ? -lim : ds;
            fprev[k] = F;
            dprev[k] = ds;
            wi->l_w -= ds;
            wo->l_w += ds;
            moved = 1;
        }
        if (!moved) break;
        for (int k = 0; k < W->n; k++) { /* keep the reeling segments within their bounds */
            hw_winch_rt *w = &W->w[k];
            if (!w->on) continue;
            ops->upload(b, HW_BUF_Y, y);
            if ((st = reel(W, m, ops, b, w, msg, msg_len, 0.0))) goto done;
            ops->download(b, HW_BUF_Y, y);
        }
        for (int l = 0; l < S->n_lines; l++) {
            if (!W->w[2 * l].on && !W->w[2 * l + 1].on) continue;
            W->w[2 * l].length = W->w[2 * l + 1].length = line_length(W, S, l);
            if ((st = sync_line(W, m, ops, b, l, 0.0))) goto done;
        }
        if ((st = hw_static_solve(m, y, tol, max_iter, res, NULL, NULL, msg, msg_len))) goto done;
        hw_logf(log, log_user, 0, "sheave balance, pass %d: largest tension difference %.4g N", it + 1, worst);
    }
    if (worst > tol * tmax) /* e.g. Atwood's machine: no balanced state exists */
        hw_logf(log, log_user, 1, "the sheaves do not balance (largest tension difference %.4g N of "
                "%.4g N after %d passes): the run starts with the cable sliding", worst, tmax, it);
    ops->upload(b, HW_BUF_Y, y);
done:
    free(seg_T); free(fprev); free(dprev);
    return st;
}
