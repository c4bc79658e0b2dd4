/* The instability monitor's diagnosis (the criterion itself is kernels/accum.h, run by the
 * backends every step; docs/stability.md explains it). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "world/sim_internal.h"

void hw_sim_monitor_diagnose(hw_sim *sim, int line, long n_window, double t_from)
{
    const hw_lm_sys *S = &sim->m.S;
    double m[HW_MON_NV];
    for (int k = 0; k < HW_MON_NV; k++) m[k] = NAN;
    if (!sim->ops->acc_get(sim->be, sim->acc_seg, sim->acc_line))
        memcpy(m, sim->acc_line + HW_ACC_LINE_NV * line + 2 * HW_ACC_END_NV, sizeof m);
    /* where along the line: the segment whose tension oscillated most over the last steps */
    int seg = 0, n = S->n_segs;
    double best = -1.0;
    for (int s = S->ln_s0[line]; s < S->ln_s0[line] + S->ln_nseg[line]; s++) {
        double z = fabs(sim->acc_seg[HW_ACC_TP1 * n + s] - sim->acc_seg[HW_ACC_TP2 * n + s]);
        if (z > best) { best = z; seg = s - S->ln_s0[line] + 1; }
    }
    char what[320], cause[320], when[160];
    if (m[HW_MON_TRIP_WHY] == 1.0)
        snprintf(what, sizeof what,
                 "the step-to-step oscillation of its segment tensions grew %gx or more in "
                 "each of %d consecutive windows of %d steps, to %.3g of the line's tension scale "
                 "%.4g N: the exponential growth of an unstable discrete mode",
                 HW_MON_GROW, HW_MON_RUNS, HW_MON_WINDOW, m[HW_MON_TRIP_W], m[HW_MON_TREF]);
    else if (m[HW_MON_TRIP_WHY] == 3.0)
        snprintf(what, sizeof what,
                 "the step-to-step oscillation of its segment tensions grew by %g or more over "
                 "%g consecutive growing windows of %d steps, to %.3g of the line's tension scale %.4g N: "
                 "the fast exponential growth of an unstable discrete mode",
                 HW_MON_FAST_GROWTH, m[HW_MON_RUN], HW_MON_WINDOW, m[HW_MON_TRIP_W], m[HW_MON_TREF]);
    else
        snprintf(what, sizeof what,
                 "the step-to-step oscillation of its segment tensions stayed above %g times "
                 "the line's tension scale %.4g N for %d consecutive windows of %d steps (%.3g at "
                 "the end): a line that has diverged",
                 HW_MON_LEVEL, m[HW_MON_TREF], HW_MON_HIGH_WINDOWS, HW_MON_WINDOW, m[HW_MON_TRIP_W]);
    if (sim->dt > sim->dt_crit)
        snprintf(cause, sizeof cause,
                 "dt = %.4g s exceeds the critical step %.4g s (line '%s' segment %d): reduce dt "
                 "below it, use fewer segments on that line, or set dt to auto",
                 sim->dt, sim->dt_crit, sim->m.line_names[sim->crit_line], sim->crit_seg);
    else
        snprintf(cause, sizeof cause,
                 "dt = %.4g s is within the predicted critical step %.4g s, so the line is "
                 "stiffer than predicted or loaded violently: a strain-tension table steeper than "
                 "its EA, a violent prescribed motion, or a snap load; check them, or reduce dt",
                 sim->dt, sim->dt_crit);
    double tt = m[HW_MON_TRIP_T];
    if (n_window > 1)
        snprintf(when, sizeof when, "at t = %.6g s (found after the call's %ld steps from t = %.6g "
                 "s to %.6g s)", tt, n_window, t_from, sim->t);
    else
        snprintf(when, sizeof when, "at t = %.6g s (step %ld)", tt, sim->steps);
    snprintf(sim->err, sizeof sim->err,
             "numerical instability %s: line '%s' diverges, largest at segment %d of %d: %s; "
             "likely cause: %s (the instability monitor stopped the run; "
             "solver.instability_monitor: false lets it go on)",
             when, sim->m.line_names[line], seg, S->ln_nseg[line], what, cause);
}
