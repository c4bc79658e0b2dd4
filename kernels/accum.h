/* Every-step accumulators of a lumped-mass run, written once for both backends (HW_HD):
 *   - the true extremes: per segment slot the largest and smallest tension with their times and
 *     the largest strain; per line the end-tension statistics (Welford) of end A and end B;
 *   - the instability monitor (docs/stability.md): per line, the largest step-to-step
 *     oscillation of its segments' tensions, watched for the sustained exponential growth an
 *     explicit scheme past its stability limit produces.
 * They are updated from the scratch of the first evaluation of every step, at (t_n, y_n): the
 * CPU loops over lines, the CUDA backend runs hw_acc_segment per segment (the per-line maximum
 * oscillation by an atomic max on the bits of a non-negative double) and then
 * hw_acc_line_update per line. No per-step copy to the host: a monitor trip raises the backend's
 * bad flag (read once per hw_sim_step call as before) with the code n_segs + line.
 *
 * The whole accumulator state is the arrays below (HW_ACC_SEG_NV per segment, HW_ACC_LINE_NV per
 * line): hw_sim_accum_get / hw_sim_accum_set save and restore it (checkpoints). */
#ifndef HW_KERNELS_ACCUM_H
#define HW_KERNELS_ACCUM_H

#include "lumped.h"

/* per segment slot, in this order, each an array of n_segs doubles */
enum { HW_ACC_TMAX = 0, HW_ACC_TMAX_T, HW_ACC_TMIN, HW_ACC_TMIN_T, HW_ACC_EMAX,
       HW_ACC_TP1, HW_ACC_TP2, /* the tension at the two previous steps (the monitor's) */
       HW_ACC_SEG_NV };
/* per line end (two per line): Welford count, mean, sum of squared deviations, extremes, times */
enum { HW_ACC_N = 0, HW_ACC_MEAN, HW_ACC_M2, HW_ACC_MIN, HW_ACC_MAX, HW_ACC_T_MIN, HW_ACC_T_MAX,
       HW_ACC_END_NV };
/* per line monitor values */
enum {
    HW_MON_TREF = 0,  /* tension scale of the line, N (static tension or wet weight; set at start) */
    HW_MON_WCUR,      /* largest oscillation / TREF in the current window */
    HW_MON_WPREV,     /* ... in the previous window */
    HW_MON_RUN,       /* consecutive windows in which it grew by HW_MON_GROW or more */
    HW_MON_COUNT,     /* steps in the current window */
    HW_MON_HIGH,      /* consecutive windows above HW_MON_LEVEL */
    HW_MON_PEAK,      /* largest oscillation / TREF seen */
    HW_MON_TRIP_T,    /* time of the trip (-1: none) */
    HW_MON_TRIP_WHY,  /* 1: sustained growth, 2: persistent oscillation far above the scale,
                       * 3: fast growth */
    HW_MON_TRIP_W,    /* the window's oscillation / TREF at the trip */
    HW_MON_BASE,      /* the window value before the current growth run began */
    HW_MON_NV
};
#define HW_ACC_LINE_NV (2 * HW_ACC_END_NV + HW_MON_NV)

/* Monitor constants (docs/stability.md). A window is HW_MON_WINDOW steps; growth by HW_MON_GROW
 * or more in each of HW_MON_RUNS consecutive windows, ending above HW_MON_FLOOR x TREF, is the
 * exponential growth of an unstable discrete mode; an oscillation above HW_MON_LEVEL x TREF through
 * HW_MON_HIGH_WINDOWS consecutive windows is a line that has already diverged (the saturated
 * state, where slack segments cap the growth). */
#define HW_MON_WINDOW 8
#define HW_MON_GROW 1.4
#define HW_MON_RUNS 4
#define HW_MON_FLOOR 0.02
#define HW_MON_LEVEL 20.0
#define HW_MON_HIGH_WINDOWS 8
/* a fast growth: HW_MON_FAST_GROWTH or more over at least two growing windows, to above
 * HW_MON_FAST_LEVEL x TREF (past 3x the critical step the mode saturates within a few windows) */
#define HW_MON_FAST_GROWTH 1.0e4
#define HW_MON_FAST_LEVEL 1.0

typedef struct hw_lm_acc {
    double *seg;    /* HW_ACC_SEG_NV * n_segs: block k holds value k of every segment slot */
    double *line;   /* HW_ACC_LINE_NV * n_lines: line l's values at l * HW_ACC_LINE_NV */
    unsigned long long *osc; /* per line: this step's largest oscillation (bits; device scratch) */
    int monitor;    /* 1: the monitor may stop the run */
} hw_lm_acc;

HW_HD void hw_acc_end_add(double *s, double x, double t)
{
    s[HW_ACC_N] += 1.0;
    double d = x - s[HW_ACC_MEAN];
    s[HW_ACC_MEAN] += d / s[HW_ACC_N];
    s[HW_ACC_M2] += d * (x - s[HW_ACC_MEAN]);
    if (s[HW_ACC_N] == 1.0 || x > s[HW_ACC_MAX]) { s[HW_ACC_MAX] = x; s[HW_ACC_T_MAX] = t; }
    if (s[HW_ACC_N] == 1.0 || x < s[HW_ACC_MIN]) { s[HW_ACC_MIN] = x; s[HW_ACC_T_MIN] = t; }
}

/* Resets the accumulators (extremes to -inf / +inf, no samples, monitor quiet, the tension
 * history at T: the segment's tension now); tref: the line's tension scale. */
HW_HD void hw_acc_seg_reset(double *seg, int n_segs, int s, double T)
{
    seg[HW_ACC_TP1 * n_segs + s] = T;
    seg[HW_ACC_TP2 * n_segs + s] = T;
    seg[HW_ACC_TMAX * n_segs + s] = -HUGE_VAL;
    seg[HW_ACC_TMIN * n_segs + s] = HUGE_VAL;
    seg[HW_ACC_TMAX_T * n_segs + s] = 0.0;
    seg[HW_ACC_TMIN_T * n_segs + s] = 0.0;
    seg[HW_ACC_EMAX * n_segs + s] = -HUGE_VAL;
}
HW_HD void hw_acc_line_reset(double *ln, double tref)
{
    for (int k = 0; k < HW_ACC_LINE_NV; k++) ln[k] = 0.0;
    double *m = ln + 2 * HW_ACC_END_NV;
    m[HW_MON_TREF] = tref;
    m[HW_MON_TRIP_T] = -1.0;
}

/* The step-to-step oscillation of segment s's tension T(n): a quarter of the second difference
 * in time |T(n) - 2 T(n-1) + T(n-2)|, which is the amplitude A of a tension alternating from step
 * to step (T(n) = T0 + A (-1)^n, the Nyquist frequency 1 / (2 dt)) and (w dt)^2 / 4 of the
 * amplitude of a motion of angular frequency w, so negligible for every mode the step resolves.
 * The unstable mode of an explicit scheme past its limit is the line's highest discrete mode,
 * which the step does not resolve: h w of 2 (symplectic Euler, sign flip every step) to 2.8
 * (RK4), a per-step phase near pi, so its amplitude shows in full. NaN counts as 0 (the bad
 * flag reports it). */
HW_HD double hw_acc_oscillation(double T, double T1, double T2)
{
    double d = 0.25 * fabs(T - 2.0 * T1 + T2);
    return d >= 0.0 ? d : 0.0; /* NaN fails the comparison */
}

/* One segment slot's update from its tension T and strain e at time t, branch-free (the CPU's
 * vectorized loop and hw_acc_segment share it): running max / min with their times, largest
 * strain, the tension history. Returns the step-to-step oscillation amplitude. */
HW_HD double hw_acc_seg_update(double T, double e, double t, double *tmax, double *tmax_t,
                               double *tmin, double *tmin_t, double *emax, double *tp1, double *tp2)
{
    double mx = *tmax, mn = *tmin, em = *emax, mxt = *tmax_t, mnt = *tmin_t;
    double T1 = *tp1, T2 = *tp2;
    /* the values first, then their times, then the stores: gcc 12 if-converts (and vectorizes)
     * this order, not a store after each select */
    double nmx = T > mx ? T : mx, nmn = T < mn ? T : mn;
    double nmxt = T > mx ? t : mxt, nmnt = T < mn ? t : mnt;
    *tmax = nmx; *tmin = nmn; *tmax_t = nmxt; *tmin_t = nmnt;
    *emax = e > em ? e : em;
    *tp2 = T1;
    *tp1 = T;
    return hw_acc_oscillation(T, T1, T2);
}

/* Segment s at time t: its extremes and the monitor's tension history (slots in use only).
 * Returns its step-to-step oscillation amplitude. */
HW_HD double hw_acc_segment(const hw_lm_sys *S, const hw_lm_work *w, double *seg, int s, double t)
{
    int l = S->seg_line[s], n = S->n_segs;
    if (s - S->ln_s0[l] >= S->ln_nseg[l]) return 0.0; /* a spare slot of a winch line */
    return hw_acc_seg_update(w->seg_T[s], w->seg_strain[s], t, &seg[HW_ACC_TMAX * n + s],
                             &seg[HW_ACC_TMAX_T * n + s], &seg[HW_ACC_TMIN * n + s],
                             &seg[HW_ACC_TMIN_T * n + s], &seg[HW_ACC_EMAX * n + s],
                             &seg[HW_ACC_TP1 * n + s], &seg[HW_ACC_TP2 * n + s]);
}

/* Line l at time t, after its segments: the end-tension statistics and the monitor, given the
 * largest oscillation amplitude of its segments this step. Returns 1 when the monitor trips the
 * line now (the caller raises the bad flag with n_segs + l). hw_acc_line_update_t is the body,
 * given the line's accumulators ln and its end tensions ta (first segment) and tb (last). */
HW_HD int hw_acc_line_update_t(double *ln, int monitor, double t, double osc, double ta, double tb)
{
    hw_acc_end_add(ln, ta, t);
    hw_acc_end_add(ln + HW_ACC_END_NV, tb, t);
    double *m = ln + 2 * HW_ACC_END_NV;
    double z = osc / m[HW_MON_TREF];
    if (z > m[HW_MON_WCUR]) m[HW_MON_WCUR] = z;
    if (z > m[HW_MON_PEAK]) m[HW_MON_PEAK] = z;
    m[HW_MON_COUNT] += 1.0;
    if (m[HW_MON_COUNT] < (double)HW_MON_WINDOW) return 0;
    /* end of a window */
    double wc = m[HW_MON_WCUR], wp = m[HW_MON_WPREV];
    int grows = wp > 0.0 && wc >= HW_MON_GROW * wp;
    if (grows && m[HW_MON_RUN] == 0.0) m[HW_MON_BASE] = wp;
    m[HW_MON_RUN] = grows ? m[HW_MON_RUN] + 1.0 : 0.0;
    m[HW_MON_HIGH] = wc > HW_MON_LEVEL ? m[HW_MON_HIGH] + 1.0 : 0.0;
    m[HW_MON_WPREV] = wc;
    m[HW_MON_WCUR] = 0.0;
    m[HW_MON_COUNT] = 0.0;
    int why = 0;
    if (m[HW_MON_RUN] >= (double)HW_MON_RUNS && wc > HW_MON_FLOOR) why = 1;
    else if (m[HW_MON_RUN] >= 2.0 && wc >= HW_MON_FAST_GROWTH * m[HW_MON_BASE] &&
             wc > HW_MON_FAST_LEVEL) why = 3;
    else if (m[HW_MON_HIGH] >= (double)HW_MON_HIGH_WINDOWS) why = 2;
    if (!why || m[HW_MON_TRIP_T] >= 0.0) return 0;
    m[HW_MON_TRIP_T] = t;
    m[HW_MON_TRIP_WHY] = (double)why;
    m[HW_MON_TRIP_W] = wc;
    return monitor;
}
HW_HD int hw_acc_line_update(const hw_lm_sys *S, const hw_lm_work *w, double *ln, int monitor,
                             int l, double t, double osc)
{
    int s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    return hw_acc_line_update_t(ln, monitor, t, osc, w->seg_T[s0], w->seg_T[s0 + ns - 1]);
}

#endif
