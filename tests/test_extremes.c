/* Every-step extremes (kernels/accum.h, host/world/extremes.c), the refusal of an unstable dt and the
 * instability monitor (host/world/monitor.c, docs/stability.md): the reduced divergence matrix (the
 * full one is scripts/divergence-matrix). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "backend.h"
#include "helpers.h"
#include "io/scenario.h"
#include "world/sim_internal.h"
#include "shell.h"

static hw_scenario *load(const char *path)
{
    hw_scenario *sc = NULL;
    char msg[1024];
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[1024] = "";
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* Every-step reference of one line: tensions read after every single step (and at t = 0). */
typedef struct ref_line {
    double max_T, max_t, min_T, min_t;
    int max_seg, min_seg;
} ref_line;

#define BT_T_END 1.0

/* examples/block_and_tackle.yaml printed 14.66 kN at its 0.5 s output rows where the true peak
 * (every step) is higher: the every-step extremes of a run stepped a row at a time must equal
 * the maxima and minima of the tensions read after every single step, value, time and segment,
 * bit for bit (the same evaluation at the same state). */
Test(extremes, block_and_tackle_every_step_equals_stepwise_reference)
{
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/block_and_tackle.yaml");
    sc->model.solver.t_end = BT_T_END;
    hw_sim *ref = make(&sc->model), *run = make(&sc->model);
    int nl = sc->model.n_lines;
    long total = (long)ceil(BT_T_END / hw_sim_dt(ref) - 1e-9);
    ref_line R[8];
    cr_assert_leq(nl, 8);
    double T[512];
    for (int l = 0; l < nl; l++) {
        R[l].max_T = -INFINITY; R[l].min_T = INFINITY;
    }
    for (long k = 0; k <= total; k++) {
        if (k > 0) cr_assert_eq(hw_sim_step(ref, 1), HW_OK, "%s", hw_sim_last_error(ref));
        for (int l = 0; l < nl; l++) {
            int ns = hw_sim_line_nseg(ref, l);
            cr_assert_leq(ns, 512);
            cr_assert_eq(hw_sim_line_tensions(ref, l, T), HW_OK);
            for (int i = 0; i < ns; i++) {
                if (T[i] > R[l].max_T) { R[l].max_T = T[i]; R[l].max_t = hw_sim_time(ref); R[l].max_seg = i + 1; }
                if (T[i] < R[l].min_T) { R[l].min_T = T[i]; R[l].min_t = hw_sim_time(ref); R[l].min_seg = i + 1; }
            }
        }
    }
    /* the run steps a 0.5 s output interval at a time, as the CLI does */
    long per_out = (long)floor(0.5 / hw_sim_dt(run) + 1e-9);
    double row_max[8]; /* what the output rows alone would say, per line */
    for (int l = 0; l < nl; l++) row_max[l] = -INFINITY;
    while (hw_sim_steps_taken(run) < total) {
        long left = total - hw_sim_steps_taken(run);
        cr_assert_eq(hw_sim_step(run, (int)(left < per_out ? left : per_out)), HW_OK);
        for (int l = 0; l < nl; l++) {
            cr_assert_eq(hw_sim_line_tensions(run, l, T), HW_OK);
            for (int i = 0; i < hw_sim_line_nseg(run, l); i++) row_max[l] = fmax(row_max[l], T[i]);
        }
    }
    for (int l = 0; l < nl; l++) {
        hw_line_extremes x;
        cr_assert_eq(hw_sim_line_extremes(run, l, &x), HW_OK);
        cr_assert_eq(x.max_tension, R[l].max_T, "line %d: every-step max %.10g, stepwise %.10g", l, x.max_tension, R[l].max_T);
        cr_assert_eq(x.max_time, R[l].max_t);
        cr_assert_eq(x.max_segment, R[l].max_seg);
        cr_assert_eq(x.min_tension, R[l].min_T);
        cr_assert_eq(x.min_time, R[l].min_t);
        cr_assert_eq(x.min_segment, R[l].min_seg);
        cr_assert_eq(x.end_a.samples, total + 1);
        /* every step sees at least what the rows see */
        cr_assert_geq(x.max_tension, row_max[l], "line %d: every-step max %.10g below the rows' %.10g", l,
                      x.max_tension, row_max[l]);
        /* the line's largest strain is its segments' largest, and a line in tension is stretched */
        double smax[512], strain_max = -INFINITY;
        cr_assert_eq(hw_sim_segment_extremes(run, l, NULL, NULL, NULL, NULL, smax), HW_OK);
        for (int i = 0; i < hw_sim_line_nseg(run, l); i++) strain_max = fmax(strain_max, smax[i]);
        cr_assert_eq(x.max_strain, strain_max, "line %d", l);
        if (R[l].max_T > 0) cr_assert_gt(x.max_strain, 0.0, "line %d: tension %.6g N, strain %.3g", l, R[l].max_T, x.max_strain);
    }
    /* all lines from one snapshot: the same as line by line */
    hw_line_extremes all[8];
    cr_assert_eq(hw_sim_all_line_extremes(run, all), HW_OK);
    for (int l = 0; l < nl; l++) {
        hw_line_extremes x;
        cr_assert_eq(hw_sim_line_extremes(run, l, &x), HW_OK);
        cr_assert_eq(memcmp(&x, &all[l], sizeof x), 0, "line %d", l);
    }
    double seg_max[512];
    cr_assert_eq(hw_sim_segment_extremes(run, 0, seg_max, NULL, NULL, NULL, NULL), HW_OK);
    cr_assert_eq(seg_max[R[0].max_seg - 1], R[0].max_T);
    hw_sim_destroy(ref);
    hw_sim_destroy(run);
    hw_scenario_free(sc);
}

/* The end-tension statistics (Welford, every step) against a two-pass computation over the end
 * tensions read after every single step, on the OC4 mooring driven by its fairlead motions. */
Test(extremes, end_stats_equal_two_pass_over_every_step)
{
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
    hw_sim *ref = make(&sc->model), *run = make(&sc->model);
    long total = (long)ceil(3.0 / hw_sim_dt(ref));
    int nl = sc->model.n_lines;
    double *ta = (double *)malloc((size_t)nl * 2 * (size_t)(total + 1) * sizeof(double));
    for (long k = 0; k <= total; k++) {
        if (k > 0) cr_assert_eq(hw_sim_step(ref, 1), HW_OK);
        for (int l = 0; l < nl; l++)
            cr_assert_eq(hw_sim_line_end_tensions(ref, l, &ta[(2 * l) * (total + 1) + k],
                                                  &ta[(2 * l + 1) * (total + 1) + k]), HW_OK);
    }
    cr_assert_eq(hw_sim_step(run, (int)total), HW_OK);
    for (int l = 0; l < nl; l++) {
        hw_line_extremes x;
        cr_assert_eq(hw_sim_line_extremes(run, l, &x), HW_OK);
        for (int e = 0; e < 2; e++) {
            const double *v = &ta[(2 * l + e) * (total + 1)];
            const hw_end_stats *s = e ? &x.end_b : &x.end_a;
            double sum = 0, ss = 0, mx = -INFINITY, mn = INFINITY, tmx = 0, tmn = 0;
            for (long k = 0; k <= total; k++) {
                sum += v[k];
                if (v[k] > mx) { mx = v[k]; tmx = k * hw_sim_dt(run); }
                if (v[k] < mn) { mn = v[k]; tmn = k * hw_sim_dt(run); }
            }
            double mean = sum / (total + 1);
            for (long k = 0; k <= total; k++) ss += (v[k] - mean) * (v[k] - mean);
            double sd = sqrt(ss / (total + 1));
            cr_assert_eq(s->samples, total + 1);
            cr_assert_eq(s->max, mx);
            cr_assert_eq(s->min, mn);
            cr_assert_float_eq(s->t_max, tmx, 1e-9);
            cr_assert_float_eq(s->t_min, tmn, 1e-9);
            /* Welford against two passes: rounding of a few eps x n x |T| in the sums, far below
             * 1e-9 of the tension level */
            cr_assert_float_eq(s->mean, mean, 1e-9 * mx, "mean %.12g vs %.12g", s->mean, mean);
            cr_assert_float_eq(s->std, sd, 1e-9 * mx, "std %.12g vs %.12g", s->std, sd);
            cr_assert_gt(sd, 1e3, "the run moves");
        }
    }
    free(ta);
    hw_sim_destroy(ref);
    hw_sim_destroy(run);
    hw_scenario_free(sc);
}

/* The accumulator state saved and restored (what a checkpoint keeps): after restoring the
 * state saved at t1, the extremes are those of t1 again, not those of the later steps. */
Test(extremes, accumulators_save_and_restore)
{
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/block_and_tackle.yaml");
    hw_sim *sim = make(&sc->model);
    cr_assert_eq(hw_sim_step(sim, 50), HW_OK);
    size_t n = hw_sim_accum_size(sim);
    cr_assert_gt(n, 0);
    double *a = (double *)malloc(n * sizeof(double)), *b = (double *)malloc(n * sizeof(double));
    cr_assert_eq(hw_sim_accum_get(sim, a), HW_OK);
    hw_line_extremes x1, x2;
    cr_assert_eq(hw_sim_line_extremes(sim, 0, &x1), HW_OK);
    cr_assert_eq(hw_sim_step(sim, 2000), HW_OK);
    cr_assert_eq(hw_sim_line_extremes(sim, 0, &x2), HW_OK);
    cr_assert_neq(x2.end_a.samples, x1.end_a.samples);
    cr_assert_eq(hw_sim_accum_set(sim, a), HW_OK);
    cr_assert_eq(hw_sim_accum_get(sim, b), HW_OK);
    cr_assert_eq(memcmp(a, b, n * sizeof(double)), 0);
    free(a); free(b);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* The CUDA backend reduces each line's largest oscillation with an atomic max on the 64-bit
 * patterns of non-negative doubles: their integer order is the doubles' order. */
Test(extremes, atomic_max_on_double_bits_orders_like_doubles)
{
    srand(3);
    double v[64];
    for (int i = 0; i < 64; i++) v[i] = i < 4 ? (double)i * 1e-310 : ldexp(rand() / (double)RAND_MAX, rand() % 200 - 100);
    v[4] = 0.0; v[5] = HUGE_VAL;
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            unsigned long long a, b;
            memcpy(&a, &v[i], 8);
            memcpy(&b, &v[j], 8);
            cr_assert_eq(a < b, v[i] < v[j], "%g %g", v[i], v[j]);
        }
}

/* The CUDA backend's accumulate, emulated on the CPU (the pattern of tests/rigid_emulation.h):
 * hw_acc_segment per segment in any order (here reversed and interleaved, as threads run), the
 * per-line maximum as the atomic max of the bit patterns, then hw_acc_line_update per line. Over
 * 40 evaluations of changing states of the OC4 mooring it must give the CPU backend's
 * accumulators bit for bit (the monitor's windows included). */
Test(extremes, device_accumulate_emulated_equals_cpu_loop)
{
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
    hw_model m;
    char msg[512];
    cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_lm_sys *S = &m.S;
    const hw_backend_ops *ops = hw_cpu_backend();
    hw_backend *be = NULL;
    cr_assert_eq(ops->create(S, 0, &be, msg, sizeof msg), HW_OK);
    size_t nseg = HW_ACC_SEG_NV * (size_t)S->n_segs, nline = HW_ACC_LINE_NV * (size_t)S->n_lines;
    double *seg = malloc(nseg * sizeof(double)), *line = malloc(nline * sizeof(double));
    double *cseg = malloc(nseg * sizeof(double)), *cline = malloc(nline * sizeof(double));
    for (int k = 0; k < S->n_segs; k++) hw_acc_seg_reset(seg, S->n_segs, k, 0.0);
    for (int l = 0; l < S->n_lines; l++) hw_acc_line_reset(line + HW_ACC_LINE_NV * l, 1e4);
    cr_assert_eq(ops->acc_set(be, seg, line, 1), HW_OK);
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    double *y = malloc(ny * sizeof(double));
    hw_lm_work w;
    memset(&w, 0, sizeof w);
    w.seg_T = malloc((size_t)S->n_segs * sizeof(double));
    w.seg_strain = malloc((size_t)S->n_segs * sizeof(double));
    unsigned long long *osc = calloc((size_t)S->n_lines, sizeof *osc);
    srand(5);
    for (int step = 0; step < 40; step++) {
        double t = 0.01 * step;
        memcpy(y, m.y0, ny * sizeof(double));
        /* a growing node-to-node velocity pattern, so the monitor's windows move */
        for (int i = 0; i < S->n_nodes; i++)
            y[HW_Y_VX * S->n_state + i] = ((i + step) % 2 ? 1 : -1) * 1e-3 * pow(1.5, step) + 1e-4 * rand() / RAND_MAX;
        cr_assert_eq(ops->upload(be, HW_BUF_Y, y), HW_OK);
        ops->eval(be, t, HW_BUF_Y, HW_BUF_K1);
        ops->accumulate(be, t);
        ops->take_bad(be);
        cr_assert_eq(ops->download_work(be, &w), HW_OK);
        for (int k = 0; k < S->n_segs; k++) { /* reversed, odd then even */
            int sidx = S->n_segs - 1 - ((2 * k) % S->n_segs + (2 * k >= S->n_segs));
            double z = hw_acc_segment(S, &w, seg, sidx, t);
            unsigned long long bits;
            memcpy(&bits, &z, 8);
            int l = S->seg_line[sidx];
            if (z > 0.0 && bits > osc[l]) osc[l] = bits;
        }
        for (int l = 0; l < S->n_lines; l++) {
            double o;
            memcpy(&o, &osc[l], 8);
            osc[l] = 0;
            hw_acc_line_update(S, &w, line + HW_ACC_LINE_NV * l, 1, l, t, o);
        }
        cr_assert_eq(ops->acc_get(be, cseg, cline), HW_OK);
        cr_assert_eq(memcmp(seg, cseg, nseg * sizeof(double)), 0, "evaluation %d: segment accumulators", step);
        cr_assert_eq(memcmp(line, cline, nline * sizeof(double)), 0, "evaluation %d: line accumulators", step);
    }
    cr_assert_gt(line[2 * HW_ACC_END_NV + HW_MON_RUN] + line[2 * HW_ACC_END_NV + HW_MON_PEAK], 0.0, "the monitor saw something");
    free(seg); free(line); free(cseg); free(cline); free(y); free(w.seg_T); free(w.seg_strain); free(osc);
    ops->destroy(be);
    hw_model_free(&m);
    hw_scenario_free(sc);
}

/* ---- refusing an unstable dt ---------------------------------------------------------------- */

Test(stability, dt_above_critical_is_refused_unless_opted_in)
{
    char out[8192], cmd[1024];
    snprintf(cmd, sizeof cmd, "%s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_ext_refuse --dt 0.01 --t-end 0.1 -q 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_assert(strstr(out, "exceeds the critical step") && strstr(out, "line 'line1' segment") &&
              strstr(out, "RK2") && strstr(out, "allow_unstable_dt") && strstr(out, "--allow-unstable-dt"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_ext_refuse --dt 0.01 --t-end 0.1 -q --allow-unstable-dt 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    /* a MoorDyn deck's dtM goes through the same check */
    snprintf(cmd, sizeof cmd, "%s run %s/moordyn_semisub.dat -o " HW_TMP "/hawser_ext_refuse --dt 0.01 --t-end 0.1 -q 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_assert(strstr(out, "dtM") && strstr(out, "--allow-unstable-dt"), "%s", out);
    /* the scenario key */
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
    sc->model.solver.dt = 0.01;
    hw_sim *sim = NULL;
    char msg[1024] = "";
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_ERR_INPUT);
    sc->model.solver.allow_unstable_dt = 1;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
    const char *yaml = "points:\n  - {name: a, type: fixed, position: [0, 0, 0]}\n"
                       "  - {name: b, type: fixed, position: [10, 0, 0]}\n"
                       "line_types:\n  - {name: t, diameter: 0.01, mass_per_length: 1, EA: 1e6}\n"
                       "lines:\n  - {name: l, type: t, end_a: a, end_b: b, length: 10, segments: 5}\n"
                       "solver: {dt: 0.1, allow_unstable_dt: true, instability_monitor: false}\n";
    cr_assert_eq(hw_scenario_load_string(yaml, "inline.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->model.solver.allow_unstable_dt, 1);
    cr_assert_eq(sc->model.solver.monitor_off, 1);
    hw_scenario_free(sc);
    /* `hawser check` refuses a scenario's dt above the critical step as `run` does, and passes it
     * with the opt-in */
    const char *base = "points:\n  - {name: a, type: fixed, position: [0, 0, 0]}\n"
                       "  - {name: b, type: fixed, position: [10, 0, 0]}\n"
                       "line_types:\n  - {name: t, diameter: 0.01, mass_per_length: 1, EA: 1e6}\n"
                       "lines:\n  - {name: l, type: t, end_a: a, end_b: b, length: 10, segments: 5}\n";
    const char *solvers[2] = {"solver: {dt: 0.1}\n", "solver: {dt: 0.1, allow_unstable_dt: true}\n"};
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(HW_TMP "/hawser_ext_check.yaml", "w");
        cr_assert(f && fprintf(f, "%s%s", base, solvers[k]) > 0 && fclose(f) == 0);
        snprintf(cmd, sizeof cmd, "%s check " HW_TMP "/hawser_ext_check.yaml 2>&1", HW_CLI_PATH);
        int code = sh(cmd, out, sizeof out);
        cr_assert_eq(code, k ? 0 : 3, "%s", out);
        if (!k) cr_assert(strstr(out, "exceeds the critical step") && strstr(out, "line 'l' segment"), "%s", out);
    }
}

/* ---- the instability monitor: the reduced divergence matrix ---------------------------------- */

static const char *const INTEG[] = {"symplectic_euler", "rk2", "rk4"};

/* The predicted critical step of a scenario with an integrator (hw_sim_critical_step_for). */
static double crit(const char *path, int integ)
{
    hw_scenario *sc = load(path);
    sc->model.solver.integrator = (hw_integrator)integ;
    sc->model.solver.dt = 0;
    sc->model.solver.static_solve = 0;
    hw_sim *sim = make(&sc->model);
    double h;
    cr_assert_eq(hw_sim_critical_step(sim, &h, NULL, NULL), HW_OK);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
    return h;
}

/* A run of scenario path with integrator integ at factor x its critical step, through the
 * library as the CLI runs it; returns the status, the largest tension (every step) in *tmax. */
static hw_status run_at(const char *path, int integ, double factor, double t_end, int monitor,
                        double *tmax, char *err, size_t err_len)
{
    double h = crit(path, integ);
    hw_scenario *sc = load(path);
    sc->model.solver.integrator = (hw_integrator)integ;
    sc->model.solver.dt = factor * h;
    sc->model.solver.t_end = t_end;
    sc->model.solver.allow_unstable_dt = 1;
    sc->model.solver.monitor_off = !monitor;
    sc->model.solver.max_strain = 1e12;
    hw_sim *sim = make(&sc->model);
    long total = (long)ceil(t_end / hw_sim_dt(sim) - 1e-9);
    hw_status st = HW_OK;
    while (!st && hw_sim_steps_taken(sim) < total) {
        long left = total - hw_sim_steps_taken(sim);
        st = hw_sim_step(sim, (int)(left < 200 ? left : 200));
    }
    snprintf(err, err_len, "%s", hw_sim_last_error(sim));
    *tmax = 0;
    for (int l = 0; l < sc->model.n_lines; l++) {
        hw_line_extremes x;
        if (hw_sim_line_extremes(sim, l, &x) == HW_OK) *tmax = fmax(*tmax, x.max_tension);
    }
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
    return st;
}

/* 3 integrators x {0.9x, 1.05x, 3x} the critical step on the OC4 mooring, a taut tether and a
 * lumped-mass steel wire that snaps taut (a physical snap load). Diverging is defined without the
 * monitor: the same run with the monitor off (and max_strain 1e12) fails on a non-finite state or
 * reaches more than 3x the largest tension of its 0.9x run. Every run at 0.9x finishes; every
 * diverging run stops with a numerical failure, and where the monitor stops it the diagnosis names
 * the line, a segment and the time, and blames dt. */
Test(monitor, reduced_divergence_matrix)
{
    struct { const char *path; double t_end; } sc[] = {
        {HW_EXAMPLES_DIR "/oc4_mooring.yaml", 3.0},
        {HW_EXAMPLES_DIR "/taut_tether.yaml", 1.0},
        {HW_TEST_DATA_DIR "/stiff_wire_lumped.yaml", 0.5}};
    const double factors[] = {0.9, 1.05, 3.0};
    char err[2048];
    int diverging_seen = 0;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++) {
            double t09 = 0;
            for (int f = 0; f < 3; f++) {
                double tmax, tref;
                hw_status ref = run_at(sc[k].path, i, factors[f], sc[k].t_end, 0, &tref, err, sizeof err);
                hw_status st = run_at(sc[k].path, i, factors[f], sc[k].t_end, 1, &tmax, err, sizeof err);
                if (f == 0) {
                    cr_expect_eq(ref, HW_OK);
                    cr_expect_eq(st, HW_OK, "%s %s 0.9x stopped: %s", sc[k].path, INTEG[i], err);
                    t09 = tref;
                    continue;
                }
                int diverging = ref != HW_OK || !(tref <= 3.0 * t09);
                diverging_seen += diverging;
                if (!diverging) continue;
                cr_expect_eq(st, HW_ERR_NUMERICAL, "%s %s %.2fx diverges (%g N against %g N at 0.9x) "
                             "but was not stopped", sc[k].path, INTEG[i], factors[f], tref, t09);
                if (strstr(err, "instability monitor"))
                    cr_expect(strstr(err, "segment") && strstr(err, "at t = ") &&
                              strstr(err, "exceeds the critical step"), "%s %s: %s", sc[k].path, INTEG[i], err);
            }
        }
    cr_expect_geq(diverging_seen, 12, "most runs past the critical step diverge (%d)", diverging_seen);
}

/* The same OC4 run at 1.05x without the monitor: it finishes "ok" with absurd tensions (the
 * silent divergence of the issue), which is what the monitor stops. */
Test(monitor, without_it_a_divergence_is_silent)
{
    char err[2048];
    double t_ok, t_bad;
    cr_assert_eq(run_at(HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_INT_RK2, 0.9, 3.0, 0, &t_ok, err, sizeof err), HW_OK);
    hw_status st = run_at(HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_INT_RK2, 1.05, 3.0, 0, &t_bad, err, sizeof err);
    printf("OC4 RK2 without the monitor: largest tension %.4g N at 0.9x, %.4g N at 1.05x (%s)\n", t_ok,
           t_bad, st ? "failed" : "ok");
    cr_assert(st != HW_OK || t_bad > 3.0 * t_ok, "1.05x diverges: %g vs %g", t_bad, t_ok);
}

/* A reeling winch (segments inserted and removed) at 0.9x is not stopped; the deck of the issue
 * (a 100-segment chain with RK2) at 1.07x is. */
Test(monitor, winch_not_stopped_and_deck_chain_stopped)
{
    char err[2048];
    double tmax;
    cr_expect_eq(run_at(HW_EXAMPLES_DIR "/crane_lowering.yaml", HW_INT_RK2, 0.9, 8.0, 1, &tmax, err, sizeof err),
                 HW_OK, "%s", err);
    char out[16384], cmd[2048];
    /* the example deck with 100 segments per line, at 1.07x its critical step */
    snprintf(cmd, sizeof cmd,
             "sed 's/835.5      40 /835.5      100/' %s/moordyn_semisub.dat > " HW_TMP "/hawser_ext_deck.dat && "
             "%s run " HW_TMP "/hawser_ext_deck.dat --dt auto --t-end 0 -o " HW_TMP "/hawser_ext_deck 2>&1 | "
             "sed -n 's/.*of the critical step \\([0-9.e+-]*\\) s.*/\\1/p'",
             HW_EXAMPLES_DIR, HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    double h = strtod(out, NULL);
    cr_assert_gt(h, 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_ext_deck.dat --dt %.6g --t-end 10 -q --allow-unstable-dt "
             "-o " HW_TMP "/hawser_ext_deck 2>&1", HW_CLI_PATH, 1.07 * h);
    cr_assert_eq(sh(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "instability monitor") || strstr(out, "blow-up"), "%s", out);
}
