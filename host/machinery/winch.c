/* Winches in reel mode and sheaves (docs/physics.md section 6): the setup of the reel state, its
 * reports, and the sheaves' static balance. The per-step update (pay-out speeds, drum, sheave
 * slide, insertion and removal of nodes, segment lengths and masses) is kernels/reel.h, which the
 * backend runs where the state lives (reel_before / reel_after). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machinery/winch.h"
#include "model/log.h"
#include "model/model_build.h"
#include "model/statics.h"
#include "model/winch_drive.h"
#include "model/winch_drive.h"

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
    W->seen = (long *)calloc(3 * (size_t)W->n + (size_t)W->n_sheaves + 1, sizeof(long));
    W->R.rline = (int *)calloc((size_t)S->n_lines + 1, sizeof(int));
    if (!W->seen || !W->R.rline) return HW_ERR_NOMEM;
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
        w->nseg = S->ln_nseg[l];
        w->wt0 = S->ln_wt0[k];
    }
    W->R.n_ends = W->n;
    W->R.n_sheaves = W->n_sheaves;
    W->R.end = W->w;
    W->R.sh = W->sh;
    W->R.need_tension = W->need_tension;
    for (int l = 0; l < S->n_lines; l++)
        if (W->w[2 * l].on || W->w[2 * l + 1].on) W->R.rline[W->R.n_rlines++] = l;
    return HW_OK;
}

void hw_winches_free(hw_winches *W)
{
    if (!W || !W->w) return;
    for (int l = 0; l < W->n; l++) free(W->w[l].tables);
    free(W->sh);
    free(W->w);
    free(W->seen);
    free(W->R.rline);
    memset(W, 0, sizeof *W);
}

/* The failure of a reeling end that found no segment slot for an insertion. */
static hw_status slot_error(const hw_winch_rt *w, const hw_model *m, char *err, size_t err_len)
{
    snprintf(err, err_len, "line '%s' at t = %.6g s: no segment slot left at its reeling end "
             "(%d segments of %.4g m); raise winch.max_length", m->line_names[w->line], w->err_t,
             w->err_nseg, w->l_nom);
    return HW_ERR_STATE;
}

/* An insertion or removal at end k outside a step (the static balance), on the host's state y. */
static hw_status reel_now(hw_winches *W, hw_model *m, double *y, int k, char *err, size_t err_len)
{
    hw_reel_act a = hw_reel_decide(&W->R, &m->S, k, 0.0);
    if (W->w[k].err) return slot_error(&W->w[k], m, err, err_len);
    hw_reel_apply(&m->S, y, W->w[k].line, &a);
    return HW_OK;
}

hw_status hw_winches_report(hw_winches *W, const hw_model *m, hw_log_fn log, void *log_user,
                            char *err, size_t err_len)
{
    for (int k = 0; k < W->n; k++) {
        const hw_winch_rt *w = &W->w[k];
        long *seen = W->seen + 3 * k;
        if (!w->on) continue;
        const char *ln = m->line_names[w->line];
        if (w->n_max != seen[0]) /* more than one since the last report: the last one's time */
            hw_logf(log, log_user, 1, "winch of line '%s' at t = %.6g s: all %.6g m of cable "
                    "paid out; pay-out stops", ln, w->t_max, w->def.max_length);
        if (w->n_min != seen[1])
            hw_logf(log, log_user, 1, "winch of line '%s' at t = %.6g s: hauled in to its "
                    "minimum length %.6g m; haul-in stops", ln, w->t_min, w->def.min_length);
        seen[0] = w->n_max;
        seen[1] = w->n_min;
        if (w->err && !seen[2]) {
            seen[2] = 1;
            return slot_error(w, m, err, err_len);
        }
    }
    for (int k = 0; k < W->n_sheaves; k++) {
        const hw_sheave_rt *sh = &W->sh[k];
        long *seen = W->seen + 3 * W->n + k;
        if (sh->n_end != *seen)
            hw_logf(log, log_user, 1, "sheave '%s' at t = %.6g s: line '%s' is down to half a "
                    "segment; the cable stops sliding", sh->def.name ? sh->def.name : "", sh->t_end,
                    m->line_names[sh->end_line]);
        *seen = sh->n_end;
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
            double kax = ea / hw_reel_line_length(&W->R, S, d->line_in) +
                         ea / hw_reel_line_length(&W->R, S, d->line_out);
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
        for (int k = 0; k < W->n; k++) /* keep the reeling segments within their bounds */
            if (W->w[k].on && (st = reel_now(W, m, y, k, msg, msg_len))) goto done;
        for (int i = 0; i < W->R.n_rlines; i++) {
            int l = W->R.rline[i];
            hw_reel_line_sync(&W->R, S, l, 0.0);
            if ((st = ops->update_line(b, S, l))) goto done;
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
