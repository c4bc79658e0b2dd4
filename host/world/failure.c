/* Line failure (docs/scenario.md, lines[].failure): a rule per line breaks one segment when a
 * tension or time trigger fires, and the run goes on with the two pieces.
 *
 * The physics is the kernels' (kernels/lumped.h): a broken segment has seg_alive = 0, so it
 * carries no tension, damping or bending moment across it, on both backends. Its two nodes keep
 * their masses (mass is conserved exactly) and become free ends. At the break the elastic energy
 * of the segment and of the bending hinges at its two nodes leaves the mechanical energy (and, in
 * water, the kinetic energy of the two nodes' added mass changes with their tangent); the change
 * is added to the dissipated energy of the segment's second node (state block HW_Y_ED), so that
 * kinetic + potential + dissipated stays continuous across the break.
 *
 * Detection runs after every step while a rule is armed (hw_sim_step takes the per-step path). A
 * tension rule arms its watched segments' trip tension (S.seg_trip, copied to the device with
 * the system); the backend's trip_scan reduces the segment tensions of the step's last
 * evaluation (t + dt for RK2 and RK4, t for symplectic Euler) against them where they live: a
 * loop over the segments on the CPU, one Thrust reduction and a 24-byte copy back on CUDA (plus
 * the synchronization of a per-step path: no batched graph steps while a rule is armed). A time
 * rule needs nothing until it fires. A break costs one download and one upload of the state, a
 * download of the tensions for a time rule, and an update_line (that line's seg_alive and
 * seg_trip to the device). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world/sim_internal.h"

/* The segments rule r watches on line l: [lo, hi]. */
static void watched(const hw_lm_sys *S, int l, const hw_failure_def *r, int *lo, int *hi)
{
    int s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    *lo = s0;
    *hi = s0 + ns - 1;
    if (r->at == HW_FAIL_END_A) *hi = s0;
    else if (r->at == HW_FAIL_END_B) *lo = s0 + ns - 1;
    else if (r->at >= 1) *lo = *hi = s0 + r->at - 1;
}

/* Arms or disarms line l's tension rule in S.seg_trip (the backend's copy follows with create or
 * update_line). */
static void set_trips(hw_lm_sys *S, int l, const hw_failure_def *r, int armed)
{
    int s0 = S->ln_s0[l], lo, hi;
    watched(S, l, r, &lo, &hi);
    for (int s = s0; s < s0 + S->ln_cap[l]; s++)
        S->seg_trip[s] = armed && r->tension > 0 && s >= lo && s <= hi ? r->tension : HUGE_VAL;
}

hw_status hw_failures_init(hw_failures *F, const hw_model_def *def, hw_lm_sys *S)
{
    memset(F, 0, sizeof *F);
    for (int l = 0; l < def->n_lines; l++) F->any |= def->lines[l].failure.on != 0;
    if (!F->any) return HW_OK;
    F->rule = (hw_failure_def *)calloc((size_t)def->n_lines, sizeof *F->rule);
    F->ln = (hw_fail_rt *)calloc((size_t)def->n_lines, sizeof *F->ln);
    if (!F->rule || !F->ln) {
        hw_failures_free(F);
        return HW_ERR_NOMEM;
    }
    for (int l = 0; l < def->n_lines; l++) {
        hw_failure_def r = def->lines[l].failure;
        if (r.on && r.use_mbl) r.tension = def->types[def->lines[l].type].mbl;
        F->rule[l] = r;
        F->ln[l].segment = -1;
        if (r.on) set_trips(S, l, &r, 1);
    }
    return HW_OK;
}

void hw_failures_free(hw_failures *F)
{
    free(F->rule);
    free(F->ln);
    memset(F, 0, sizeof *F);
}

static hw_status break_segment(hw_sim *sim, int l, int s, double T, const char *why)
{
    hw_lm_sys *S = &sim->m.S;
    hw_status st;
    if (!sim->y_valid) {
        if ((st = sim->ops->download(sim->be, HW_BUF_Y, sim->y))) return st;
        sim->y_valid = 1;
    }
    /* the mechanical energy the break removes, from host/model/energy.c's bookkeeping before and
     * after: the segment's elastic energy, the bending hinges at its two nodes, and in water the
     * kinetic energy of their added mass, whose direction follows the node tangent */
    int n = S->n_state, ib = S->ln_n0[l] + (s - S->ln_s0[l]) + 1;
    hw_energy before, after;
    hw_model_energy(&sim->m, sim->t, sim->y, &before);
    S->seg_alive[s] = 0.0;
    hw_model_energy(&sim->m, sim->t, sim->y, &after);
    double e = before.total - after.total;
    set_trips(S, l, &sim->fail.rule[l], 0);
    sim->y[HW_Y_ED * n + ib] += e;
    if ((st = sim->ops->upload(sim->be, HW_BUF_Y, sim->y)) ||
        (st = sim->ops->update_line(sim->be, S, l)))
        return st;
    sim->w_valid = 0;
    sim->hist = 0; /* a multistep scheme starts up again from the broken line's state */
    hw_fail_rt *r = &sim->fail.ln[l];
    r->broken = 1;
    r->segment = s;
    r->time = sim->t;
    r->tension = T;
    r->released = e;
    int k = s - S->ln_s0[l] + 1, ns = S->ln_nseg[l];
    hw_logf(sim->log, sim->log_user, 1,
            "line '%s' broke at t = %.9g s: segment %d of %d%s, tension %.6g N (%s); %.6g J of "
            "energy released; the run goes on with the pieces",
            sim->m.line_names[l], sim->t, k, ns, k == 1 ? " (end A)" : k == ns ? " (end B)" : "",
            T, why, e);
    return HW_OK;
}

static hw_status failed(hw_sim *sim, int l, int seg, hw_status st)
{
    const hw_lm_sys *S = &sim->m.S;
    snprintf(sim->err, sizeof sim->err, "line '%s': breaking segment %d at t = %.6g s failed: %s",
             sim->m.line_names[l], seg - S->ln_s0[l] + 1, sim->t, hw_status_str(st));
    return st;
}

hw_status hw_failures_after_step(hw_sim *sim)
{
    hw_failures *F = &sim->fail;
    const hw_lm_sys *S = &sim->m.S;
    hw_status st;
    int armed_T = 0, due = 0;
    for (int l = 0; l < S->n_lines; l++) {
        const hw_failure_def *r = &F->rule[l];
        if (!r->on || F->ln[l].broken) continue;
        armed_T |= r->tension > 0;
        due |= r->time >= 0 && sim->t + 1e-9 * sim->dt >= r->time;
    }
    /* tension rules: the backend's scan of the last evaluation against seg_trip, where the
     * tensions live; each break disarms its line, and the scan runs again on the same scratch */
    while (armed_T) {
        hw_lm_reduction red;
        if ((st = sim->ops->trip_scan(sim->be, &red))) {
            snprintf(sim->err, sizeof sim->err, "line failure check at t = %.6g s: %s", sim->t,
                     hw_status_str(st));
            return st;
        }
        if (red.max_seg < 0) break;
        int l = S->seg_line[red.max_seg];
        char why[160];
        snprintf(why, sizeof why, "above the failure tension %.6g N%s", F->rule[l].tension,
                 F->rule[l].use_mbl ? ", the mbl" : "");
        if ((st = break_segment(sim, l, red.max_seg, red.max_T, why)))
            return failed(sim, l, red.max_seg, st);
    }
    /* time rules: the tensions of the last evaluation come to the host when one fires */
    int have_T = 0, armed = 0;
    for (int l = 0; l < S->n_lines; l++) {
        const hw_failure_def *r = &F->rule[l];
        if (!r->on || F->ln[l].broken) continue;
        armed++;
        if (!due || !(r->time >= 0 && sim->t + 1e-9 * sim->dt >= r->time)) continue;
        if (!have_T) {
            hw_lm_work h;
            memset(&h, 0, sizeof h);
            h.seg_T = sim->w.seg_T;
            if ((st = sim->ops->download_work(sim->be, &h))) {
                snprintf(sim->err, sizeof sim->err, "line failure check at t = %.6g s: %s", sim->t,
                         hw_status_str(st));
                return st;
            }
            have_T = 1;
        }
        int lo, hi;
        watched(S, l, r, &lo, &hi);
        int seg = lo;
        for (int s = lo + 1; s <= hi; s++)
            if (sim->w.seg_T[s] > sim->w.seg_T[seg]) seg = s;
        char why[160];
        snprintf(why, sizeof why, "failure time %.9g s reached", r->time);
        if ((st = break_segment(sim, l, seg, sim->w.seg_T[seg], why))) return failed(sim, l, seg, st);
        armed--;
    }
    F->any = armed > 0; /* every rule fired: no more checks (batched steps again on the GPU) */
    return HW_OK;
}

hw_status hw_failures_resync(hw_sim *sim)
{
    hw_failures *F = &sim->fail;
    hw_lm_sys *S = &sim->m.S;
    if (!F->rule) return HW_OK;
    F->any = 0;
    for (int l = 0; l < S->n_lines; l++) {
        if (!F->rule[l].on) continue;
        int armed = !F->ln[l].broken;
        set_trips(S, l, &F->rule[l], armed);
        F->any |= armed;
        hw_status st = sim->ops->update_line(sim->be, S, l);
        if (st) return st;
    }
    sim->w_valid = 0;
    return HW_OK;
}

hw_status hw_sim_line_failure(const hw_sim *sim, int line, int *broken, double *time, int *segment,
                              double *tension, double *released)
{
    if (!sim || line < 0 || line >= sim->m.S.n_lines) return HW_ERR_INVALID_ARG;
    const hw_fail_rt *r = sim->fail.ln ? &sim->fail.ln[line] : NULL;
    int b = r && r->broken;
    if (broken) *broken = b;
    if (time) *time = b ? r->time : 0.0;
    if (segment) *segment = b ? r->segment - sim->m.S.ln_s0[line] + 1 : 0;
    if (tension) *tension = b ? r->tension : 0.0;
    if (released) *released = b ? r->released : 0.0;
    return HW_OK;
}
