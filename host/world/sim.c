/* The simulation object: builds the model, picks the backend, runs the static solve, steps the
 * integrator, watches for blow-ups and serves the outputs. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world/sim_internal.h"

const char *hw_version(void) { return HAWSER_VERSION; }

const char *hw_status_str(hw_status s)
{
    switch (s) {
    case HW_OK: return "ok";
    case HW_ERR_INVALID_ARG: return "invalid argument";
    case HW_ERR_INPUT: return "invalid input";
    case HW_ERR_NUMERICAL: return "numerical failure";
    case HW_ERR_NOT_CONVERGED: return "static equilibrium not converged";
    case HW_ERR_NO_DEVICE: return "no CUDA device";
    case HW_ERR_UNSUPPORTED: return "unsupported";
    case HW_ERR_NOMEM: return "out of memory";
    case HW_ERR_IO: return "i/o error";
    case HW_ERR_STATE: return "simulation in a failed state";
    case HW_INTERRUPTED: return "interrupted";
    }
    return "unknown status";
}

static const char *integ_name(hw_integrator i) { return hw_integ_name(i); }

static void set_msg(char *msg, size_t len, const char *fmt, ...)
{
    if (!msg || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
}

void hw_sim_destroy(hw_sim *sim)
{
    if (!sim) return;
    if (sim->be) sim->ops->destroy(sim->be);
    if (sim->nf_be) hw_cpu_backend()->destroy(sim->nf_be);
    free(sim->nf_buf);
    free(sim->syr_kept);
    hw_winches_free(&sim->winches);
    hw_failures_free(&sim->fail);
    hw_model_free(&sim->m);
    free(sim->y);
    free(sim->acc_seg); free(sim->acc_line);
    hw_waves_destroy(sim->waves);
    free(sim->wv_k); free(sim->wv_s);
    free(sim->w.seg_qx); free(sim->w.seg_qy); free(sim->w.seg_qz);
    free(sim->w.seg_T); free(sim->w.seg_strain); free(sim->w.end_f); free(sim->w.end_m); free(sim->w.end_mc); free(sim->w.pt_f); free(sim->w.pt_a);
    free(sim);
}

static hw_status pick_backend(hw_sim *sim, hw_backend_kind kind, char *msg, size_t len)
{
    const hw_backend_ops *cuda = hw_cuda_backend();
    if (kind == HW_BACKEND_CPU) {
        sim->ops = hw_cpu_backend();
        return HW_OK;
    }
    if (!cuda) {
        if (kind == HW_BACKEND_AUTO) {
            sim->ops = hw_cpu_backend();
            hw_logf(sim->log, sim->log_user, 0, "backend auto: CUDA compiled out, using the CPU");
            return HW_OK;
        }
        set_msg(msg, len, "the CUDA backend is not compiled in (nvcc was not found at build time)");
        return HW_ERR_UNSUPPORTED;
    }
    if (hw_cuda_device_count() <= 0) {
        if (kind == HW_BACKEND_AUTO) {
            sim->ops = hw_cpu_backend();
            hw_logf(sim->log, sim->log_user, 0, "backend auto: no CUDA device, using the CPU");
            return HW_OK;
        }
        set_msg(msg, len, "backend cuda: no CUDA device is present (use --backend cpu or auto)");
        return HW_ERR_NO_DEVICE;
    }
    sim->ops = cuda;
    if (kind == HW_BACKEND_AUTO) hw_logf(sim->log, sim->log_user, 0, "backend auto: using CUDA");
    return HW_OK;
}

static hw_status choose_step(hw_sim *sim, const hw_solver_def *sd, char *msg, size_t msg_len)
{
    sim->dt_crit = hw_model_critical_step(&sim->m, hw_integ_code(sd->integrator, sd->iterations), &sim->crit_line,
                                          &sim->crit_seg);
    const char *ln = sim->m.line_names[sim->crit_line];
    if (sd->dt > 0) {
        sim->dt = sd->dt;
        if (sim->dt > sim->dt_crit && !sd->allow_unstable_dt) {
            /* the schemes that grow an undamped oscillation at any step (docs/physics.md) */
            int weak = sd->integrator == HW_INT_EULER || sd->integrator == HW_INT_AB2 ||
                       sd->integrator == HW_INT_MOORDYN_HEUN || sd->integrator == HW_INT_MIDPOINT ||
                       sd->integrator == HW_INT_ACA;
            set_msg(msg, msg_len,
                    "dt = %.4g s (solver.dt, --dt, or a MoorDyn deck's dtM) exceeds the critical "
                    "step %.4g s of %s, set by line '%s' segment %d (axial wave across a "
                    "segment), so the run would diverge: reduce dt below "
                    "%.4g s, use fewer segments on line '%s', or set dt to auto; to run it anyway "
                    "(the instability monitor still stops a diverging run) set "
                    "solver.allow_unstable_dt: true or pass --allow-unstable-dt%s",
                    sim->dt, sim->dt_crit, integ_name(sd->integrator), ln, sim->crit_seg,
                    sim->dt_crit, ln,
                    weak ? " (this scheme grows an undamped oscillation at any step, so its critical "
                           "step comes from the line's damping; rk4 or ab3 hold an undamped one)" : "");
            return HW_ERR_INPUT;
        }
        if (sim->dt > sim->dt_crit)
            hw_logf(sim->log, sim->log_user, 1,
                    "dt = %.4g s exceeds the critical step %.4g s of %s, set by the segments of line "
                    "'%s' (axial wave across a segment); run as asked (allow_unstable_dt): expect "
                    "the instability monitor to stop it",
                    sim->dt, sim->dt_crit, integ_name(sd->integrator), ln);
    } else {
        if (!isfinite(sim->dt_crit)) {
            set_msg(msg, msg_len, "no finite critical step: cannot choose dt automatically; give solver.dt");
            return HW_ERR_INPUT;
        }
        sim->dt = sd->dt_safety * sim->dt_crit;
        double m = sd->dt_period > 0 ? ceil(sd->dt_period / sim->dt * (1.0 - 1e-12)) : 0;
        if (m >= 1 && m < HW_MAX_STEPS) { /* the largest such step that divides the period */
            sim->dt = sd->dt_period / m;
            hw_logf(sim->log, sim->log_user, 0,
                    "dt = %.6g s: the largest step within %.2f of the critical step %.4g s of %s "
                    "(line '%s') that divides %.6g s (%.0f steps)", sim->dt, sd->dt_safety,
                    sim->dt_crit, integ_name(sd->integrator), ln, sd->dt_period, m);
        } else
            hw_logf(sim->log, sim->log_user, 0,
                    "dt = %.4g s: %.2f of the critical step %.4g s of %s (line '%s')", sim->dt,
                    sd->dt_safety, sim->dt_crit, integ_name(sd->integrator), ln);
    }
    return HW_OK;
}

/* Waves (docs/physics.md section 10): the sea state of the environment and the lines' sampled
 * kinematics, on the system before the backend copies it. Still water (kind NONE, or no
 * component): nothing, and the system stays as it was (wv.n = 0). */
static hw_status sim_waves(hw_sim *sim, const hw_model_def *def, char *msg, size_t msg_len)
{
    hw_lm_sys *S = &sim->m.S;
    if (def->env.waves.kind == HW_WAVES_NONE) return HW_OK;
    hw_status st = hw_waves_create(&def->env, &sim->waves, msg, msg_len);
    if (st) return st;
    if (hw_waves_count(sim->waves) == 0) return HW_OK;
    size_t n = (size_t)S->n_state;
    sim->wv_k = (int *)malloc((n ? n : 1) * sizeof(int));
    sim->wv_s = (double *)calloc(2 * HW_WS_N * (n ? n : 1), sizeof(double));
    if (!sim->wv_k || !sim->wv_s) {
        set_msg(msg, msg_len, "out of memory for the wave kinematics samples (%d nodes and points)", S->n_state);
        return HW_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++) sim->wv_k[i] = HW_WV_NONE;
    S->wv = hw_waves_field(sim->waves, S->rho, S->g, S->depth);
    S->wv_h = hw_waves_kinematics_step(sim->waves);
    S->wv_k = sim->wv_k;
    S->wv_s0 = sim->wv_s;
    S->wv_s1 = sim->wv_s + HW_WS_N * n;
    return HW_OK;
}

const hw_waves *hw_sim_waves(const hw_sim *sim) { return sim ? sim->waves : NULL; }

size_t hw_sim_wave_samples_size(const hw_sim *sim)
{
    return sim && sim->wv_k ? (size_t)sim->m.S.n_state : 0;
}

hw_status hw_sim_wave_samples_get(const hw_sim *sim, int *k, double *s)
{
    if (!sim) return HW_ERR_INVALID_ARG;
    if (!sim->wv_k) return HW_OK;
    if (!k || !s) return HW_ERR_INVALID_ARG;
    return sim->ops->wave_get(sim->be, k, s);
}

hw_status hw_sim_wave_samples_set(hw_sim *sim, const int *k, const double *s)
{
    if (!sim) return HW_ERR_INVALID_ARG;
    if (!sim->wv_k) return HW_OK;
    if (!k || !s) return HW_ERR_INVALID_ARG;
    return sim->ops->wave_set(sim->be, k, s);
}

/* The lines' start states (hw_line_def.start_pos / start_vel) into y, in place of the initial
 * catenary: inner nodes as given; an end on a free point moves that point (position and velocity)
 * to the given end node; an end on any other point stays on it (its node takes the point's place
 * and velocity in y0). */
static void apply_starts(hw_sim *sim, const hw_model_def *def)
{
    const hw_lm_sys *S = &sim->m.S;
    int n = S->n_state;
    for (int l = 0; l < def->n_lines; l++) {
        const hw_line_def *L = &def->lines[l];
        if (!L->start_pos) continue;
        int nseg = S->ln_nseg[l];
        for (int j = 0; j <= nseg; j++) {
            int end = j == 0 ? 0 : j == nseg ? 1 : -1;
            int p = end < 0 ? -1 : end ? S->ln_pb[l] : S->ln_pa[l];
            for (int c = 0; c < 3; c++) {
                double r = L->start_pos[3 * j + c], v = L->start_vel ? L->start_vel[3 * j + c] : 0.0;
                if (p >= 0 && S->pt_kind[p] != HW_PT_FREE) { /* the point's own place */
                    r = sim->y[(HW_Y_RX + c) * n + S->n_nodes + p];
                    v = sim->y[(HW_Y_VX + c) * n + S->n_nodes + p];
                } else if (p >= 0) {
                    sim->y[(HW_Y_RX + c) * n + S->n_nodes + p] = r;
                    sim->y[(HW_Y_VX + c) * n + S->n_nodes + p] = v;
                }
                sim->y[(HW_Y_RX + c) * n + S->ln_n0[l] + j] = r;
                sim->y[(HW_Y_VX + c) * n + S->ln_n0[l] + j] = v;
            }
        }
        hw_lm_vis_init_line(S, sim->y, l, 0); /* a viscoelastic line: its strains from the start state */
    }
}

static hw_status sim_create(const hw_model_def *def, hw_backend_kind backend, hw_log_fn log,
                            void *log_user, hw_sim **out, char *msg, size_t msg_len)
{
    if (!out) return HW_ERR_INVALID_ARG;
    *out = NULL;
    if (!def) { set_msg(msg, msg_len, "no model definition"); return HW_ERR_INVALID_ARG; }
    hw_sim *sim = (hw_sim *)calloc(1, sizeof *sim);
    if (!sim) {
        set_msg(msg, msg_len, "out of memory for the simulation handle (%zu bytes)", sizeof *sim);
        return HW_ERR_NOMEM;
    }
    sim->log = log;
    sim->log_user = log_user;
    sim->integ = def->solver.integrator;
    sim->iterations = def->solver.iterations;
    sim->code = hw_integ_code(sim->integ, sim->iterations);
    hw_status st = hw_model_build(def, &sim->m, msg, msg_len);
    if (st) { free(sim); return st; }
    const hw_lm_sys *S = &sim->m.S;
    size_t ny = hw_lm_ny(S);
    sim->y = (double *)malloc(ny * sizeof(double));
    sim->w.seg_T = (double *)calloc((size_t)S->n_segs, sizeof(double));
    sim->w.seg_strain = (double *)calloc((size_t)S->n_segs, sizeof(double));
    sim->w.end_f = (double *)calloc((size_t)6 * S->n_lines, sizeof(double));
    sim->w.pt_f = (double *)calloc((size_t)3 * S->n_points, sizeof(double));
    sim->w.end_m = (double *)calloc((size_t)12 * S->n_lines, sizeof(double));
    sim->w.pt_a = (double *)calloc((size_t)3 * S->n_points, sizeof(double));
    sim->w.end_mc = (double *)calloc((size_t)8 * S->n_lines + 1, sizeof(double));
    if (S->n_syr > 0 && !(sim->syr_kept = (double *)malloc(hw_lm_syr_len(S) * sizeof(double)))) {
        set_msg(msg, msg_len, "out of memory for the Syrope segments' running maxima (%d segments)", S->n_segs);
        hw_sim_destroy(sim);
        return HW_ERR_NOMEM;
    }
    if (!sim->y || !sim->w.seg_T || !sim->w.seg_strain || !sim->w.end_f || !sim->w.pt_f || !sim->w.end_m ||
        !sim->w.pt_a || !sim->w.end_mc) {
        set_msg(msg, msg_len, "out of memory for the state (%d nodes and points, %d segments: about %.3g MB)",
                S->n_state, S->n_segs, 1e-6 * 8.0 * ((double)ny + 2.0 * S->n_segs));
        hw_sim_destroy(sim);
        return HW_ERR_NOMEM;
    }
    memcpy(sim->y, sim->m.y0, ny * sizeof(double));
    apply_starts(sim, def);
    if ((st = choose_step(sim, &def->solver, msg, msg_len))) {
        hw_sim_destroy(sim);
        return st;
    }
    for (int l = 0; l < S->n_lines && S->n_viv > 0; l++) /* VIV: the default rms time, 500 steps */
        if (def->types[def->lines[l].type].viv_tau <= 0) sim->m.S.ln_vtau[l] = HW_VIV_NSTEPS * sim->dt;
    if (def->solver.static_solve) {
        st = hw_static_solve(&sim->m, sim->y, def->solver.static_tol, def->solver.static_max_iter,
                             &sim->stat, log, log_user, msg, msg_len);
        if (st) { hw_sim_destroy(sim); return st; }
    }
    if ((st = sim_waves(sim, def, msg, msg_len))) { /* after the statics (still water) */
        hw_sim_destroy(sim);
        return st;
    }
    if ((st = hw_failures_init(&sim->fail, def, &sim->m.S))) { /* before the backend copies S */
        set_msg(msg, msg_len, "out of memory while setting up the failure rules");
        hw_sim_destroy(sim);
        return st;
    }
    if ((st = pick_backend(sim, backend, msg, msg_len)) ||
        (st = sim->ops->create(S, 0, &sim->be, msg, msg_len)) ||
        (st = sim->ops->upload(sim->be, HW_BUF_Y, sim->y))) {
        hw_sim_destroy(sim);
        return st;
    }
    if (def->n_sheaves > 0) { /* the sheaves need the directions of the segments at them */
        sim->w.seg_qx = (double *)calloc((size_t)S->n_segs, sizeof(double));
        sim->w.seg_qy = (double *)calloc((size_t)S->n_segs, sizeof(double));
        sim->w.seg_qz = (double *)calloc((size_t)S->n_segs, sizeof(double));
        if (!sim->w.seg_qx || !sim->w.seg_qy || !sim->w.seg_qz) {
            set_msg(msg, msg_len, "out of memory for the segment directions at the sheaves (%d segments, "
                    "%.3g MB)", S->n_segs, 1e-6 * 24.0 * S->n_segs);
            hw_sim_destroy(sim);
            return HW_ERR_NOMEM;
        }
    }
    if ((st = hw_winches_init(&sim->winches, def, &sim->m))) {
        set_msg(msg, msg_len, "out of memory while setting up the winches (%d lines, %d segments)", S->n_lines,
                S->n_segs);
        hw_sim_destroy(sim);
        return st;
    }
    if (def->solver.static_solve && def->n_sheaves > 0 &&
        (st = hw_winches_balance(&sim->winches, &sim->m, sim->ops, sim->be, sim->y,
                                 def->solver.static_tol, def->solver.static_max_iter, &sim->stat, log,
                                 log_user, msg, msg_len))) {
        hw_sim_destroy(sim);
        return st;
    }
    if (sim->winches.any && (st = sim->ops->reel_set(sim->be, &sim->winches.R))) {
        set_msg(msg, msg_len, "%s backend: copying the winch and sheave state failed: %s",
                sim->ops->name, hw_status_str(st));
        hw_sim_destroy(sim);
        return st;
    }
    for (int l = 0; l < S->n_lines; l++) sim->n_active += S->ln_nseg[l];
    sim->monitor = !def->solver.monitor_off;
    if ((st = hw_sim_accum_init(sim))) {
        set_msg(msg, msg_len, "setting up the every-step accumulators failed: %s", hw_status_str(st));
        hw_sim_destroy(sim);
        return st;
    }
    /* the CPU's bad flag is a plain int: it keeps the per-step check (the blow-up step exact);
     * a backend with step_n (CUDA) checks once per hw_sim_step call */
    sim->check_per_call = sim->ops->step_n != NULL;
    sim->y_valid = 1;
    *out = sim;
    return HW_OK;
}

hw_status hw_sim_create(const hw_model_def *def, hw_backend_kind backend, hw_log_fn log,
                        void *log_user, hw_sim **out, char *msg, size_t msg_len)
{
    if (msg && msg_len) msg[0] = '\0';
    hw_status st = sim_create(def, backend, log, log_user, out, msg, msg_len);
    if (st == HW_ERR_NOMEM && msg && msg_len && !msg[0]) { /* every allocation failure says so */
        long long segs = 0;
        for (int l = 0; l < def->n_lines; l++) segs += hw_line_max_segments(def, l);
        set_msg(msg, msg_len, "out of memory while building the simulation (%d lines, %lld segments)",
                def->n_lines, segs);
    }
    return st;
}

const char *hw_sim_last_error(const hw_sim *sim) { return sim ? sim->err : "no simulation"; }
const char *hw_sim_backend_name(const hw_sim *sim) { return sim && sim->ops ? sim->ops->name : ""; }
double hw_sim_time(const hw_sim *sim) { return sim ? sim->t : 0.0; }

/* The time after `steps` steps: whole steps of dt since the last rebase (sim_internal.h). */
static double time_at(const hw_sim *sim, long steps)
{
    return sim->t_base + (double)(steps - sim->steps_base) * sim->dt;
}
double hw_sim_dt(const hw_sim *sim) { return sim ? sim->dt : 0.0; }
long hw_sim_steps_taken(const hw_sim *sim) { return sim ? sim->steps : 0; }

/* The geometry as a cause of a blow-up: when both ends of line l are at known places (not free),
 * the straight distance between them against the line's unstretched length. Above half the strain
 * bound the geometry is named (with segment i's own strain when the state still gives one):
 * ends pulled apart by a prescribed or coupled motion, or a line too short for its span. */
static int geometry_cause(hw_sim *sim, int l, int i, char *buf, size_t len)
{
    const hw_lm_sys *S = &sim->m.S;
    int pa = S->ln_pa[l], pb = S->ln_pb[l];
    if (S->pt_kind[pa] == HW_PT_FREE || S->pt_kind[pb] == HW_PT_FREE) return 0;
    hw_kin ka = hw_lm_point_kin(S, pa, sim->t), kb = hw_lm_point_kin(S, pb, sim->t);
    double dx = kb.r.x - ka.r.x, dy = kb.r.y - ka.r.y, dz = kb.r.z - ka.r.z;
    double span = sqrt(dx * dx + dy * dy + dz * dz), length = 0.0;
    for (int k = 0; k < S->ln_nseg[l]; k++) length += S->seg_l0[S->ln_s0[l] + k];
    double need = span / length - 1.0;
    if (!(length > 0.0) || !(need > 0.5 * S->max_strain)) return 0;
    char seg[96] = "";
    double *r = (double *)malloc(sizeof(double) * 3 * ((size_t)S->ln_nseg[l] + 1));
    sim->y_valid = 0; /* called right after the step: the host copy is older */
    if (r && hw_sim_line_positions(sim, l, r) == HW_OK) {
        const double *a = r + 3 * (i - 1), *b = r + 3 * i;
        double sl = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
                         (b[2] - a[2]) * (b[2] - a[2]));
        double e = sl / S->seg_l0[S->ln_s0[l] + i - 1] - 1.0;
        if (isfinite(e)) snprintf(seg, sizeof seg, "after the step segment %d is at strain %.3g; ", i, e);
    }
    free(r);
    snprintf(buf, len,
             "the geometry: %sthe line's ends are %.6g m apart and its unstretched length is %.6g m, "
             "so even straight it needs a strain of %.3g (bound solver.max_strain %.3g): lengthen the "
             "line, move its ends closer (or slow the motion that pulls them apart)",
             seg, span, length, need, S->max_strain);
    return 1;
}

/* Explains a blow-up: which segment, when, and the likely cause. n_window > 1: the check ran
 * once after n_window steps (step_batch), so the blow-up happened within them, between t_from
 * and the current time. */
static void diagnose(hw_sim *sim, int seg, long n_window, double t_from, double h)
{
    const hw_lm_sys *S = &sim->m.S;
    if (seg >= S->n_segs) { /* the instability monitor tripped line seg - n_segs (monitor.c) */
        hw_sim_monitor_diagnose(sim, seg - S->n_segs, n_window, t_from);
        return;
    }
    int l = S->seg_line[seg], i = seg - S->ln_s0[l] + 1;
    const char *cause;
    char buf[512], when[160];
    if (geometry_cause(sim, l, i, buf, sizeof buf)) {
        cause = buf;
    } else if (sim->dt > sim->dt_crit) {
        snprintf(buf, sizeof buf,
                 "dt = %.4g s exceeds the critical step %.4g s: reduce dt (or leave it on auto)",
                 sim->dt, sim->dt_crit);
        cause = buf;
    } else {
        snprintf(buf, sizeof buf,
                 "dt = %.4g s is within the predicted critical step %.4g s, so look at the loading: "
                 "a violent prescribed motion, a snap load on a stiff line (strain-tension table "
                 "steeper than expected), or solver.max_strain too low for this line",
                 sim->dt, sim->dt_crit);
        cause = buf;
    }
    if (n_window > 1)
        snprintf(when, sizeof when, "within the last %ld steps, between t = %.6g s and t = %.6g s "
                 "(steps %ld to %ld; checked once per call)", n_window, t_from, sim->t,
                 sim->steps - n_window + 1, sim->steps);
    else if (h != sim->dt)
        snprintf(when, sizeof when, "at t = %.6g s (step %ld, shortened to %.4g s to land on that "
                 "time)", sim->t, sim->steps, h);
    else
        snprintf(when, sizeof when, "at t = %.6g s (step %ld)", sim->t, sim->steps);
    snprintf(sim->err, sizeof sim->err,
             "numerical blow-up %s: line '%s' segment %d of %d has a "
             "non-finite or excessive strain (bound %.3g); likely cause: %s",
             when, sim->m.line_names[l], i, S->ln_nseg[l], S->max_strain, cause);
}

void hw_sim_set_check_per_call(hw_sim *sim, int on)
{
    if (sim) sim->check_per_call = on != 0;
}

/* The reel state as the backend holds it, back on the host (nothing to copy on the CPU), with
 * its reports: after every step where the blow-up check is per step, else once per call. */
static hw_status reel_pull(hw_sim *sim)
{
    hw_winches *W = &sim->winches;
    if (!W->any) return HW_OK;
    hw_status st = sim->ops->reel_get(sim->be, &sim->m.S, &W->R);
    if (st) {
        sim->failed = 1;
        snprintf(sim->err, sizeof sim->err, "%s backend: reading the winch state back failed: %s",
                 sim->ops->name, hw_status_str(st));
        return st;
    }
    if ((st = hw_winches_report(W, &sim->m, sim->log, sim->log_user, sim->err, sizeof sim->err))) {
        sim->failed = 1;
        return st;
    }
    sim->n_active = 0;
    for (int l = 0; l < sim->m.S.n_lines; l++) sim->n_active += sim->m.S.ln_nseg[l];
    return HW_OK;
}

/* The step the backend runs: with the reel updates around it where some line end reels. */
static hw_step_fn step_fn(const hw_sim *sim)
{
    return sim->winches.any ? hw_integrate_step_reel : hw_integrate_step;
}

/* n steps with one blow-up check at the end: for backends where reading the bad flag costs a
 * device-to-host copy and a synchronization (CUDA), and only when the host has nothing to do
 * between steps (coupled points move on their own from the kinematics last set, an external
 * winch at the speed last set, and the winches and sheaves are updated inside the step, so they
 * need nothing within one call; a failure rule needs the host after every step). The backend's
 * step_n, where it has one, runs the n steps without any host round trip (a CUDA graph);
 * otherwise the host loops. The winch state comes back once, after the n steps (the segment-
 * step count takes the segments in use at the call's start). */
static hw_status step_batch(hw_sim *sim, int n)
{
    long s0 = sim->steps;
    double t0 = sim->t;
    hw_status st = HW_OK;
    hw_step_fn step = step_fn(sim);
    /* a multistep scheme's start-up steps (fewer derivatives held than it reads) one by one on
     * the host, each with its own lower-order scheme; the steady steps all issue the same
     * operations, which a backend's step_n may record and replay */
    int k0 = 0, need = hw_integ_history(sim->code);
    for (; k0 < n && sim->hist < need; k0++, sim->hist++)
        step(sim->ops, sim->be, hw_integ_startup(sim->code, sim->hist), time_at(sim, s0 + k0), sim->dt);
    if (k0 == n) {
    } else if (sim->ops->step_n)
        st = sim->ops->step_n(sim->be, step, sim->code, sim->t_base, s0 + k0 - sim->steps_base,
                              sim->dt, n - k0);
    else
        for (int k = k0; k < n; k++) step(sim->ops, sim->be, sim->code, time_at(sim, s0 + k), sim->dt);
    int bad = sim->ops->take_bad(sim->be);
    sim->y_valid = sim->w_valid = 0;
    if (!st && bad == HW_BAD_DEVICE) st = HW_ERR_IO;
    if (st) {
        sim->failed = 1;
        snprintf(sim->err, sizeof sim->err, "%s backend: stepping from t = %.6g s failed: %s",
                 sim->ops->name, t0, hw_status_str(st));
        return st;
    }
    sim->steps = s0 + n;
    sim->seg_steps += (double)n * (double)sim->n_active;
    sim->t = time_at(sim, sim->steps);
    if (bad >= 0) {
        sim->failed = 1;
        diagnose(sim, bad, n, t0, sim->dt);
        return HW_ERR_NUMERICAL;
    }
    return reel_pull(sim);
}

/* One step of length h from sim->t to t1 (winch and sheave updates around it, the blow-up check
 * after it): a whole step (h = dt, t1 = time_at(steps + 1)) or a shortened one. The winch state
 * comes back after it where the check is per step (the CPU), else the caller pulls it. */
static hw_status one_step(hw_sim *sim, double h, double t1)
{
    hw_winches *W = &sim->winches;
    hw_status st;
    if (W->any) sim->ops->reel_before(sim->be, sim->t, h);
    /* an Adams-Bashforth history holds derivatives dt apart: a whole step continues it (or
     * starts it up); a shortened step is taken with RK4 and the start-up begins again after it.
     * MoorDyn's Heun and the implicit schemes only start from their last derivative: they take a
     * shortened step as it is */
    int need = hw_integ_history(sim->code);
    if (h == sim->dt || !need || sim->integ == HW_INT_MOORDYN_HEUN || hw_integ_is_implicit((int)sim->code)) {
        hw_integrate_step(sim->ops, sim->be, hw_integ_startup(sim->code, sim->hist), sim->t, h);
        if (sim->hist < need) sim->hist++;
    } else {
        hw_integrate_step(sim->ops, sim->be, HW_INT_RK4, sim->t, h);
        sim->hist = 0;
    }
    sim->y_valid = sim->w_valid = 0;
    int bad = sim->ops->take_bad(sim->be);
    if (bad == HW_BAD_DEVICE) {
        sim->failed = 1;
        snprintf(sim->err, sizeof sim->err, "%s backend: the step from t = %.6g s failed on the device: %s",
                 sim->ops->name, sim->t, hw_status_str(HW_ERR_IO));
        return HW_ERR_IO;
    }
    sim->steps++;
    sim->seg_steps += (double)sim->n_active;
    double t0 = sim->t;
    sim->t = t1;
    if (bad >= 0) {
        sim->failed = 1;
        diagnose(sim, bad, 1, t0, h);
        return HW_ERR_NUMERICAL;
    }
    if (sim->fail.any) { /* a line breaking (failure.c): its update_line sends the host's copy */
        if (sim->check_per_call && (st = reel_pull(sim))) return st;
        if ((st = hw_failures_after_step(sim))) {
            sim->failed = 1;
            return st;
        }
    }
    if (W->any) {
        sim->ops->reel_after(sim->be, t0, h);
        if (!sim->check_per_call) return reel_pull(sim);
    }
    return HW_OK;
}

void hw_sim_set_interrupt(hw_sim *sim, const volatile sig_atomic_t *flag)
{
    if (sim) sim->interrupt = flag;
}

static hw_status interrupted(hw_sim *sim)
{
    snprintf(sim->err, sizeof sim->err, "interrupted at t = %.9g s (step %ld)", sim->t, sim->steps);
    return HW_INTERRUPTED;
}

hw_status hw_sim_step(hw_sim *sim, int n)
{
    if (!sim || n < 0) return HW_ERR_INVALID_ARG;
    if (sim->failed) return HW_ERR_STATE;
    if (n > 0 && sim->check_per_call && !sim->fail.any) {
        if (sim->interrupt && *sim->interrupt) return interrupted(sim);
        return step_batch(sim, n);
    }
    hw_status st = HW_OK;
    for (int k = 0; k < n && !st; k++) {
        if (sim->interrupt && *sim->interrupt) st = interrupted(sim);
        else st = one_step(sim, sim->dt, time_at(sim, sim->steps + 1));
    }
    if (sim->check_per_call && n > 0 && !sim->failed) { /* the winch state once per call */
        hw_status sp = reel_pull(sim);
        if (!st) st = sp;
    }
    return st;
}

hw_status hw_sim_advance_to(hw_sim *sim, double t)
{
    if (!sim) return HW_ERR_INVALID_ARG;
    if (sim->failed) return HW_ERR_STATE;
    double tol = hw_time_tolerance(sim->dt, fmax(fabs(t), fabs(sim->t)));
    if (!isfinite(t) || t < sim->t - tol) {
        snprintf(sim->err, sizeof sim->err, "hw_sim_advance_to: expected a time >= the current "
                 "%.17g s, got %.17g s", sim->t, t);
        return HW_ERR_INVALID_ARG;
    }
    double ks = floor((t - sim->t_base) / sim->dt); /* whole steps from the base to the target */
    if (!(ks + (double)sim->steps_base < HW_MAX_STEPS)) {
        snprintf(sim->err, sizeof sim->err, "hw_sim_advance_to: t = %.17g s at dt = %.17g s is "
                 "%.4g steps, more than the %.0f (2^53) a run can count exactly", t, sim->dt,
                 ks + (double)sim->steps_base, HW_MAX_STEPS);
        return HW_ERR_INVALID_ARG;
    }
    /* the last whole-step boundary within tol of t or before it (the division's rounding fixed) */
    long k = sim->steps_base + (long)ks;
    while (time_at(sim, k + 1) <= t + tol) k++;
    while (k > sim->steps && time_at(sim, k) > t + tol) k--;
    while (sim->steps < k) {
        long left = k - sim->steps;
        hw_status st = hw_sim_step(sim, left > (1L << 30) ? 1 << 30 : (int)left);
        if (st) return st;
    }
    double h = t - sim->t;
    if (h > tol) { /* one shortened step lands on t; whole steps count from there */
        if (sim->interrupt && *sim->interrupt) return interrupted(sim);
        hw_status st = one_step(sim, h, t);
        if (!st && sim->check_per_call) st = reel_pull(sim);
        if (st) return st;
        sim->t_base = t;
        sim->steps_base = sim->steps;
    }
    return HW_OK;
}

static hw_status refresh_state(hw_sim *sim)
{
    if (sim->y_valid) return HW_OK;
    hw_status st = sim->ops->download(sim->be, HW_BUF_Y, sim->y);
    if (!st) sim->y_valid = 1;
    return st;
}

/* An evaluation for the outputs, between steps: the forces at the current state into TMP (free
 * between steps: K1..K4 hold a multistep scheme's history). A Syrope segment's running maximum
 * and branch flag move at every evaluation of a step, as at every one of MoorDyn 2.7.2's, whose
 * outputs evaluate nothing: they are put back after this one, so asking for an output never
 * changes the run (kernels/physics/syrope.h). */
static hw_status eval_for_output(hw_sim *sim)
{
    hw_status st = sim->m.S.n_syr > 0 ? sim->ops->syr_get(sim->be, sim->syr_kept) : HW_OK;
    if (st) return st;
    sim->ops->eval(sim->be, sim->t, HW_BUF_Y, HW_BUF_TMP);
    sim->ops->take_bad(sim->be);
    return sim->m.S.n_syr > 0 ? sim->ops->syr_set(sim->be, sim->syr_kept) : HW_OK;
}

/* Evaluates the forces at the current state for the outputs (eval_for_output). */
hw_status hw_sim_refresh_work(hw_sim *sim)
{
    if (sim->w_valid) return HW_OK;
    hw_status st = eval_for_output(sim);
    if (!st) st = sim->ops->download_work(sim->be, &sim->w);
    if (!st) sim->w_valid = 1;
    return st;
}

/* The largest segment tension and the non-finite count over the forces at the current state,
 * reduced where the backend keeps them (Thrust on the device): nothing per segment travels. */
hw_status hw_sim_max_tension(hw_sim *sim, hw_lm_reduction *out)
{
    if (!sim || !out) return HW_ERR_INVALID_ARG;
    if (sim->failed) return HW_ERR_STATE;
    if (!sim->w_valid) { /* the evaluation refresh_work would do, without the download */
        hw_status st = eval_for_output(sim);
        if (st) return st;
    }
    return sim->ops->max_tension(sim->be, out);
}

static int line_ok(const hw_sim *sim, int line) { return sim && line >= 0 && line < sim->m.S.n_lines; }

int hw_sim_line_nseg(const hw_sim *sim, int line) { return line_ok(sim, line) ? sim->m.S.ln_nseg[line] : -1; }

static hw_status line_block(hw_sim *sim, int line, int block, double *xyz)
{
    if (!line_ok(sim, line) || !xyz) return HW_ERR_INVALID_ARG;
    hw_status st = refresh_state(sim);
    if (st) return st;
    const hw_lm_sys *S = &sim->m.S;
    int n = S->n_state;
    for (int j = 0; j <= S->ln_nseg[line]; j++)
        for (int c = 0; c < 3; c++) xyz[3 * j + c] = sim->y[(block + c) * n + S->ln_n0[line] + j];
    return HW_OK;
}

hw_status hw_sim_line_positions(const hw_sim *sim, int line, double *xyz)
{
    return line_block((hw_sim *)sim, line, HW_Y_RX, xyz);
}

hw_status hw_sim_line_velocities(const hw_sim *sim, int line, double *xyz)
{
    return line_block((hw_sim *)sim, line, HW_Y_VX, xyz);
}

hw_status hw_sim_line_viv_phases(const hw_sim *sim, int line, double *phi)
{
    hw_sim *s = (hw_sim *)sim;
    if (!line_ok(sim, line) || !phi) return HW_ERR_INVALID_ARG;
    hw_status st = refresh_state(s);
    if (st) return st;
    const hw_lm_sys *S = &s->m.S;
    for (int j = 0; j <= S->ln_nseg[line]; j++)
        phi[j] = S->n_viv > 0 ? s->y[hw_lm_viv_off(S) + (size_t)(S->ln_n0[line] + j)] : 0.0;
    return HW_OK;
}

hw_status hw_sim_line_tensions(const hw_sim *sim, int line, double *T)
{
    hw_sim *s = (hw_sim *)sim;
    if (!line_ok(sim, line) || !T) return HW_ERR_INVALID_ARG;
    hw_status st = hw_sim_refresh_work(s);
    if (st) return st;
    memcpy(T, s->w.seg_T + s->m.S.ln_s0[line], (size_t)s->m.S.ln_nseg[line] * sizeof(double));
    return HW_OK;
}

hw_status hw_sim_line_end_tensions(const hw_sim *sim, int line, double *ta, double *tb)
{
    hw_sim *s = (hw_sim *)sim;
    if (!line_ok(sim, line)) return HW_ERR_INVALID_ARG;
    hw_status st = hw_sim_refresh_work(s);
    if (st) return st;
    int s0 = s->m.S.ln_s0[line], ns = s->m.S.ln_nseg[line];
    if (ta) *ta = s->w.seg_T[s0];
    if (tb) *tb = s->w.seg_T[s0 + ns - 1];
    return HW_OK;
}

/* The force a line exerts on the point at end e: the end node's loads minus the inertia of its
 * mass moving with the point. */
static hw_v3 end_force_on_point(hw_sim *sim, int e, const double *pt_acc)
{
    hw_m3s M = hw_lm_end_mass(&sim->w, e);
    hw_v3 f = hw_v3_make(sim->w.end_f[3 * e], sim->w.end_f[3 * e + 1], sim->w.end_f[3 * e + 2]);
    return hw_v3_sub(f, hw_m3s_mul(M, hw_v3_make(pt_acc[0], pt_acc[1], pt_acc[2])));
}

hw_status hw_sim_line_end_forces(const hw_sim *sim, int line, double fa[3], double fb[3])
{
    hw_sim *s = (hw_sim *)sim;
    if (!line_ok(sim, line)) return HW_ERR_INVALID_ARG;
    hw_status st = hw_sim_refresh_work(s);
    if (st) return st;
    for (int end = 0; end < 2; end++) {
        double *f = end ? fb : fa;
        if (!f) continue;
        int p = end ? s->m.S.ln_pb[line] : s->m.S.ln_pa[line];
        hw_v3 v = end_force_on_point(s, 2 * line + end, s->w.pt_a + 3 * p);
        f[0] = v.x; f[1] = v.y; f[2] = v.z;
    }
    return HW_OK;
}

hw_status hw_sim_point_state(const hw_sim *sim, int point, double pos[3], double vel[3],
                             double force[3])
{
    hw_sim *s = (hw_sim *)sim;
    if (!s || point < 0 || point >= s->m.S.n_points) return HW_ERR_INVALID_ARG;
    hw_status st = refresh_state(s);
    if (st) return st;
    int n = s->m.S.n_state, i = s->m.S.n_nodes + point;
    for (int c = 0; c < 3; c++) {
        if (pos) pos[c] = s->y[(HW_Y_RX + c) * n + i];
        if (vel) vel[c] = s->y[(HW_Y_VX + c) * n + i];
    }
    if (force) {
        if ((st = hw_sim_refresh_work(s))) return st;
        for (int c = 0; c < 3; c++) force[c] = s->w.pt_f[3 * point + c];
    }
    return HW_OK;
}

hw_status hw_sim_line_node_forces(const hw_sim *sim, int line, double *f)
{
    hw_sim *s = (hw_sim *)sim;
    if (!line_ok(sim, line) || !f) return HW_ERR_INVALID_ARG;
    hw_status st = refresh_state(s);
    if (st) return st;
    const hw_backend_ops *cpu = hw_cpu_backend();
    if (!s->nf_be) {
        char m[256];
        if (!(s->nf_buf = (double *)calloc((size_t)3 * s->m.S.n_state, sizeof(double)))) return HW_ERR_NOMEM;
        if ((st = cpu->create(&s->m.S, 1, &s->nf_be, m, sizeof m))) {
            snprintf(s->err, sizeof s->err, "node forces: %s", m);
            return st;
        }
    }
    if ((st = cpu->upload(s->nf_be, HW_BUF_Y, s->y))) return st;
    /* this CPU backend reads and moves the host's seg_syr (Syrope): the run's values, put back */
    double *syr = s->m.S.seg_syr;
    size_t nsyr = hw_lm_syr_len(&s->m.S) * sizeof(double);
    if (s->m.S.n_syr > 0) {
        if ((st = s->ops->syr_get(s->be, syr))) return st;
        memcpy(s->syr_kept, syr, nsyr);
    }
    cpu->constrain(s->nf_be, s->t, HW_BUF_Y);
    cpu->eval(s->nf_be, s->t, HW_BUF_Y, HW_BUF_K1);
    cpu->take_bad(s->nf_be);
    if (s->m.S.n_syr > 0) memcpy(syr, s->syr_kept, nsyr);
    hw_lm_work w;
    memset(&w, 0, sizeof w);
    w.node_f = s->nf_buf;
    if ((st = cpu->download_work(s->nf_be, &w))) return st;
    int n0 = s->m.S.ln_n0[line], ns = s->m.S.ln_nseg[line];
    memcpy(f, s->nf_buf + 3 * (size_t)n0, sizeof(double) * 3 * ((size_t)ns + 1));
    return HW_OK;
}

hw_status hw_sim_point_acceleration(const hw_sim *sim, int point, double acc[3])
{
    hw_sim *s = (hw_sim *)sim;
    if (!s || point < 0 || point >= s->m.S.n_points || !acc) return HW_ERR_INVALID_ARG;
    hw_status st = hw_sim_refresh_work(s);
    if (st) return st;
    for (int c = 0; c < 3; c++) acc[c] = s->w.pt_a[3 * point + c];
    return HW_OK;
}

hw_status hw_sim_set_point_kinematics(hw_sim *sim, int point, const double pos[3],
                                      const double vel[3])
{
    if (!sim || point < 0 || point >= sim->m.S.n_points || !pos || !vel) return HW_ERR_INVALID_ARG;
    if (sim->m.S.pt_kind[point] != HW_PT_COUPLED) {
        snprintf(sim->err, sizeof sim->err, "point '%s' is not of type coupled",
                 sim->m.point_names[point]);
        return HW_ERR_INVALID_ARG;
    }
    sim->ops->set_coupled(sim->be, point, pos, vel, sim->t);
    for (int c = 0; c < 3; c++) { /* the host's copy too (a checkpoint saves it) */
        sim->m.S.pt_cpos[3 * point + c] = pos[c];
        sim->m.S.pt_cvel[3 * point + c] = vel[c];
    }
    sim->m.S.pt_ct[point] = sim->t;
    sim->ops->constrain(sim->be, sim->t, HW_BUF_Y);
    sim->y_valid = sim->w_valid = 0;
    return HW_OK;
}

static int end_clamped(const hw_sim *sim, int line, int end)
{
    const hw_lm_sys *S = &sim->m.S;
    if (S->n_clamp <= 0 || line < 0 || line >= S->n_lines || end < 0 || end > 1) return 0;
    const double *c = S->ln_cdir + 3 * (2 * line + end);
    return c[0] != 0 || c[1] != 0 || c[2] != 0;
}

hw_status hw_sim_set_end_clamp(hw_sim *sim, int line, int end, const double dir[3], const double rate[3])
{
    if (!sim || !dir || !rate) return HW_ERR_INVALID_ARG;
    if (!end_clamped(sim, line, end)) {
        snprintf(sim->err, sizeof sim->err, "line %d end %c is not clamped (lines[].clamp_%c)", line,
                 end ? 'B' : 'A', end ? 'b' : 'a');
        return HW_ERR_INVALID_ARG;
    }
    double n = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    if (!(n > 0) || !isfinite(n)) {
        snprintf(sim->err, sizeof sim->err, "line %d end %c: expected a finite non-zero clamp direction",
                 line, end ? 'B' : 'A');
        return HW_ERR_INVALID_ARG;
    }
    int e = 2 * line + end;
    double *c = sim->m.S.ln_cdir + 3 * e, *cd = sim->m.S.ln_cdot + 3 * e;
    double d[3], r[3];
    for (int k = 0; k < 3; k++) { d[k] = dir[k] / n; r[k] = rate[k]; }
    sim->ops->set_clamp(sim->be, e, d, r);
    for (int k = 0; k < 3; k++) { c[k] = d[k]; cd[k] = r[k]; } /* the host's copy (a checkpoint saves it) */
    sim->w_valid = 0;
    return HW_OK;
}

hw_status hw_sim_line_end_moment(const hw_sim *sim, int line, int end, double moment[3])
{
    hw_sim *s = (hw_sim *)sim;
    if (!line_ok(sim, line) || end < 0 || end > 1 || !moment) return HW_ERR_INVALID_ARG;
    moment[0] = moment[1] = moment[2] = 0.0;
    if (!end_clamped(sim, line, end)) return HW_OK;
    hw_status st = hw_sim_refresh_work(s);
    if (st) return st;
    for (int k = 0; k < 3; k++) moment[k] = s->w.end_mc[4 * (2 * line + end) + k];
    return HW_OK;
}

hw_status hw_sim_critical_step(const hw_sim *sim, double *dt_crit, int *line, int *segment)
{
    if (!sim) return HW_ERR_INVALID_ARG;
    return hw_sim_critical_step_for(sim, sim->integ, dt_crit, line, segment);
}

hw_status hw_sim_critical_step_for(const hw_sim *sim, hw_integrator integ, double *dt_crit,
                                   int *line, int *segment)
{
    if (!sim || (int)integ < 0 || (int)integ >= HW_INT_COUNT) return HW_ERR_INVALID_ARG;
    double h = hw_model_critical_step(&sim->m, hw_integ_code(integ, sim->iterations), line, segment);
    if (dt_crit) *dt_crit = h;
    return HW_OK;
}

hw_status hw_sim_static_info(const hw_sim *sim, double *residual, int *iterations)
{
    if (!sim) return HW_ERR_INVALID_ARG;
    if (residual) *residual = sim->stat.residual;
    if (iterations) *iterations = sim->stat.iterations;
    return HW_OK;
}

hw_status hw_sim_energy(const hw_sim *sim, hw_energy *e)
{
    hw_sim *s = (hw_sim *)sim;
    if (!s || !e) return HW_ERR_INVALID_ARG;
    hw_status st = refresh_state(s);
    if (st) return st;
    hw_model_energy(&s->m, s->t, s->y, e);
    return HW_OK;
}

hw_status hw_sim_set_line_state(hw_sim *sim, int line, const double *xyz, const double *vel)
{
    if (!line_ok(sim, line) || !xyz) return HW_ERR_INVALID_ARG;
    if (sim->failed) return HW_ERR_STATE;
    hw_status st = refresh_state(sim);
    if (st) return st;
    const hw_lm_sys *S = &sim->m.S;
    int n = S->n_state, nseg = S->ln_nseg[line];
    for (int j = 0; j <= nseg; j++)
        for (int c = 0; c < 3; c++) {
            sim->y[(HW_Y_RX + c) * n + S->ln_n0[line] + j] = xyz[3 * j + c];
            sim->y[(HW_Y_VX + c) * n + S->ln_n0[line] + j] = vel ? vel[3 * j + c] : 0.0;
        }
    for (int end = 0; end < 2; end++) {
        int p = end ? S->ln_pb[line] : S->ln_pa[line], j = end ? nseg : 0;
        if (S->pt_kind[p] != HW_PT_FREE) continue;
        for (int c = 0; c < 3; c++) {
            sim->y[(HW_Y_RX + c) * n + S->n_nodes + p] = xyz[3 * j + c];
            sim->y[(HW_Y_VX + c) * n + S->n_nodes + p] = vel ? vel[3 * j + c] : 0.0;
        }
    }
    /* a Syrope line starts again at its Tmax0 and Tmean0 (the other lines' running maxima and
     * branch flags as the backend holds them) */
    if (S->n_syr > 0 && (st = sim->ops->syr_get(sim->be, S->seg_syr))) return st;
    hw_lm_vis_init_line(S, sim->y, line, 0); /* a new start: the whole stretch on the first springs */
    if (S->n_syr > 0 && (st = sim->ops->syr_set(sim->be, S->seg_syr))) return st;
    if ((st = sim->ops->upload(sim->be, HW_BUF_Y, sim->y))) return st;
    sim->ops->constrain(sim->be, sim->t, HW_BUF_Y);
    sim->y_valid = sim->w_valid = 0;
    sim->hist = 0;
    return HW_OK;
}

/* The entry of line's winch end, or else of its first reeling end (sheave), or NULL. */
static hw_winch_rt *line_entry(const hw_sim *sim, int line, int winch_only)
{
    hw_winch_rt *a = &sim->winches.w[2 * line], *b = &sim->winches.w[2 * line + 1];
    if (a->on && a->sheave < 0) return a;
    if (b->on && b->sheave < 0) return b;
    if (winch_only) return NULL;
    return a->on ? a : b->on ? b : NULL;
}

hw_status hw_sim_set_winch_speed(hw_sim *sim, int line, double speed)
{
    if (!line_ok(sim, line) || !isfinite(speed)) return HW_ERR_INVALID_ARG;
    hw_winch_rt *w = line_entry(sim, line, 1);
    if (!w) return HW_ERR_INVALID_ARG;
    if (w->def.mode != HW_WINCH_EXTERNAL) {
        snprintf(sim->err, sizeof sim->err, "line '%s': the winch speed can be set only in "
                 "external mode", sim->m.line_names[line]);
        return HW_ERR_INVALID_ARG;
    }
    w->speed = speed;
    return sim->winches.any ? sim->ops->reel_set(sim->be, &sim->winches.R) : HW_OK;
}

hw_status hw_sim_winch_state(const hw_sim *sim, int line, double *length, double *speed,
                             double *tension, int *nseg)
{
    if (!line_ok(sim, line)) return HW_ERR_INVALID_ARG;
    const hw_winch_rt *w = line_entry(sim, line, 0);
    if (!w) return HW_ERR_INVALID_ARG;
    if (length) *length = w->length;
    if (speed) *speed = w->speed;
    if (tension) {
        hw_status st = hw_sim_refresh_work((hw_sim *)sim);
        if (st) return st;
        *tension = sim->w.seg_T[sim->m.S.ln_wseg[2 * line + (w->def.end == HW_WINCH_A ? 0 : 1)]];
    }
    if (nseg) *nseg = sim->m.S.ln_nseg[line];
    return HW_OK;
}

double hw_sim_line_mass(const hw_sim *sim, int line)
{
    if (!line_ok(sim, line)) return NAN;
    const hw_lm_sys *S = &sim->m.S;
    double m = 0.0;
    for (int j = 0; j <= S->ln_nseg[line]; j++) m += S->node_m[S->ln_n0[line] + j];
    return m;
}

double hw_sim_segment_steps(const hw_sim *sim) { return sim ? sim->seg_steps : 0.0; }

hw_status hw_sim_sheave_state(const hw_sim *sim, int sheave, double *v, double *wrap,
                              double *t_in, double *t_out, int *holding)
{
    if (!sim || sheave < 0 || sheave >= sim->winches.n_sheaves) return HW_ERR_INVALID_ARG;
    const hw_sheave_rt *sh = &sim->winches.sh[sheave];
    if (v) *v = sh->v;
    if (wrap) *wrap = sh->wrap;
    if (t_in) *t_in = sh->t_in;
    if (t_out) *t_out = sh->t_out;
    if (holding) *holding = sh->def.locked ? sh->holding : 0;
    return HW_OK;
}
