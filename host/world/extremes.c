/* True extremes of a run (kernels/accum.h): the accumulators live on the backend and are updated
 * at the first evaluation of every step; reading them copies them once and adds the sample of
 * the current state (the end of the last step), so the extremes cover every step from t = 0 to
 * the current time. Also the set-up of the accumulators and their save / restore. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world/sim_internal.h"

static size_t seg_n(const hw_sim *sim) { return HW_ACC_SEG_NV * (size_t)sim->m.S.n_segs; }
static size_t line_n(const hw_sim *sim) { return HW_ACC_LINE_NV * (size_t)sim->m.S.n_lines; }

/* The tension scale of each line for the monitor: the largest of its tension now (static), its
 * wet weight, its weight in air and the net weight of a free point at either end (at least 1 mN,
 * so a line without load divides by something). */
static double line_scale(const hw_sim *sim, int l)
{
    const hw_lm_sys *S = &sim->m.S;
    double tmax = 0.0;
    for (int e = 0; e < 2; e++) {
        int p = e ? S->ln_pb[l] : S->ln_pa[l];
        if (S->pt_kind[p] != HW_PT_FREE) continue;
        double wp = fabs((S->pt_mass[p] - S->rho * S->pt_vol[p]) * S->g);
        if (wp > tmax) tmax = wp;
    }
    for (int s = S->ln_s0[l]; s < S->ln_s0[l] + S->ln_nseg[l]; s++)
        if (isfinite(sim->w.seg_T[s]) && sim->w.seg_T[s] > tmax) tmax = sim->w.seg_T[s];
    double wet = fabs(sim->m.ln_wsub[l] * sim->m.ln_length[l]);
    double dry = hw_sim_line_mass(sim, l) * fabs(S->g);
    return fmax(fmax(tmax, 1e-3), fmax(wet, dry));
}

hw_status hw_sim_accum_init(hw_sim *sim)
{
    const hw_lm_sys *S = &sim->m.S;
    sim->acc_seg = (double *)malloc((seg_n(sim) ? seg_n(sim) : 1) * sizeof(double));
    sim->acc_line = (double *)malloc((line_n(sim) ? line_n(sim) : 1) * sizeof(double));
    if (!sim->acc_seg || !sim->acc_line) return HW_ERR_NOMEM;
    hw_status st = hw_sim_refresh_work(sim);
    if (st) return st;
    for (int s = 0; s < S->n_segs; s++) hw_acc_seg_reset(sim->acc_seg, S->n_segs, s, sim->w.seg_T[s]);
    for (int l = 0; l < S->n_lines; l++)
        hw_acc_line_reset(sim->acc_line + HW_ACC_LINE_NV * l, line_scale(sim, l));
    return sim->ops->acc_set(sim->be, sim->acc_seg, sim->acc_line, sim->monitor);
}

/* The backend's accumulators plus the sample of the current state, in sim->acc_seg / acc_line. */
static hw_status snapshot(hw_sim *sim)
{
    hw_status st = sim->ops->acc_get(sim->be, sim->acc_seg, sim->acc_line);
    if (st || sim->failed) return st; /* a failed run: its last state is not a sample */
    if ((st = hw_sim_refresh_work(sim))) return st;
    const hw_lm_sys *S = &sim->m.S;
    for (int l = 0; l < S->n_lines; l++) {
        int s0 = S->ln_s0[l], ns = S->ln_nseg[l];
        for (int s = s0; s < s0 + ns; s++) hw_acc_segment(S, &sim->w, sim->acc_seg, s, sim->t);
        double *ln = sim->acc_line + HW_ACC_LINE_NV * l;
        hw_acc_end_add(ln, sim->w.seg_T[s0], sim->t);
        hw_acc_end_add(ln + HW_ACC_END_NV, sim->w.seg_T[s0 + ns - 1], sim->t);
    }
    return HW_OK;
}

static void end_stats(const double *a, hw_end_stats *o)
{
    o->samples = (long)a[HW_ACC_N];
    o->mean = a[HW_ACC_MEAN];
    o->std = a[HW_ACC_N] < 2 ? 0.0 : sqrt(fmax(0.0, a[HW_ACC_M2] / a[HW_ACC_N]));
    o->min = a[HW_ACC_MIN]; o->max = a[HW_ACC_MAX];
    o->t_min = a[HW_ACC_T_MIN]; o->t_max = a[HW_ACC_T_MAX];
}

/* Line line's extremes from the snapshot in sim->acc_seg / acc_line. */
static void line_extremes(const hw_sim *sim, int line, hw_line_extremes *o)
{
    const hw_lm_sys *S = &sim->m.S;
    const double *a = sim->acc_seg;
    int n = S->n_segs, s0 = S->ln_s0[line];
    memset(o, 0, sizeof *o);
    o->max_tension = o->max_strain = -HUGE_VAL;
    o->min_tension = HUGE_VAL;
    /* every slot the line has, spare ones included: a slot a winch has given back keeps what
     * happened while it was in use (a slot never used holds -inf / +inf) */
    for (int s = s0; s < s0 + S->ln_cap[line]; s++) {
        int i = s - s0 + 1;
        if (a[HW_ACC_TMAX * n + s] > o->max_tension) {
            o->max_tension = a[HW_ACC_TMAX * n + s]; o->max_time = a[HW_ACC_TMAX_T * n + s]; o->max_segment = i;
        }
        if (a[HW_ACC_TMIN * n + s] < o->min_tension) {
            o->min_tension = a[HW_ACC_TMIN * n + s]; o->min_time = a[HW_ACC_TMIN_T * n + s]; o->min_segment = i;
        }
        if (a[HW_ACC_EMAX * n + s] > o->max_strain) {
            o->max_strain = a[HW_ACC_EMAX * n + s]; o->max_strain_segment = i;
        }
    }
    const double *ln = sim->acc_line + HW_ACC_LINE_NV * line;
    end_stats(ln, &o->end_a);
    end_stats(ln + HW_ACC_END_NV, &o->end_b);
}

hw_status hw_sim_line_extremes(const hw_sim *csim, int line, hw_line_extremes *o)
{
    hw_sim *sim = (hw_sim *)csim;
    if (!sim || !o || line < 0 || line >= sim->m.S.n_lines) return HW_ERR_INVALID_ARG;
    hw_status st = snapshot(sim);
    if (!st) line_extremes(sim, line, o);
    return st;
}

hw_status hw_sim_all_line_extremes(const hw_sim *csim, hw_line_extremes *o)
{
    hw_sim *sim = (hw_sim *)csim;
    if (!sim || !o) return HW_ERR_INVALID_ARG;
    hw_status st = snapshot(sim); /* one snapshot (a device copy on CUDA) for every line */
    for (int l = 0; !st && l < sim->m.S.n_lines; l++) line_extremes(sim, l, &o[l]);
    return st;
}

hw_status hw_sim_segment_extremes(const hw_sim *csim, int line, double *max_T, double *max_t,
                                  double *min_T, double *min_t, double *max_strain)
{
    hw_sim *sim = (hw_sim *)csim;
    if (!sim || line < 0 || line >= sim->m.S.n_lines) return HW_ERR_INVALID_ARG;
    hw_status st = snapshot(sim);
    if (st) return st;
    const hw_lm_sys *S = &sim->m.S;
    int n = S->n_segs, s0 = S->ln_s0[line], ns = S->ln_nseg[line];
    double *dst[HW_ACC_SEG_NV] = {max_T, max_t, min_T, min_t, max_strain};
    for (int k = 0; k < HW_ACC_SEG_NV; k++)
        if (dst[k]) memcpy(dst[k], sim->acc_seg + (size_t)k * n + s0, (size_t)ns * sizeof(double));
    return HW_OK;
}

size_t hw_sim_accum_size(const hw_sim *sim) { return sim ? seg_n(sim) + line_n(sim) : 0; }

hw_status hw_sim_accum_get(const hw_sim *csim, double *buf)
{
    hw_sim *sim = (hw_sim *)csim;
    if (!sim || !buf) return HW_ERR_INVALID_ARG;
    return sim->ops->acc_get(sim->be, buf, buf + seg_n(sim));
}

hw_status hw_sim_accum_set(hw_sim *sim, const double *buf)
{
    if (!sim || !buf) return HW_ERR_INVALID_ARG;
    return sim->ops->acc_set(sim->be, buf, buf + seg_n(sim), sim->monitor);
}
