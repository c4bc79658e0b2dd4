/* GPU parity (validation case 23): the lumped-mass scenarios of tests/ and examples/ on the CPU
 * and the CUDA backend. Skipped, and reported as skipped, where no CUDA device is present (or
 * CUDA is compiled out); the CPU backend is the reference.
 *   - per-element forces: one evaluation of the same state on both backends, bit-equal (the
 *     parity build: nvcc --fmad=false, gcc without contraction; HAWSER_CUDA_PARITY=ON);
 *   - states after 1000 steps within 1e-12 relative (to the largest coordinate);
 *   - long runs: the mean end tension of every line over 20000 steps within 1e-6 relative.
 * Winch reel mode and sheaves run through the same scenarios (crane, block and tackle), so the
 * device-side insertion and removal are covered.
 * Step batching (added with the CUDA graphs): on the device, the recorded-graph path (step_n,
 * one blow-up check per call) against the per-step host loop (bit-equal states: the same kernels
 * at the same times); a blow-up found once per call, with its window; and the Thrust reduction
 * (largest tension, non-finite count) against the CPU backend's loop on the same state.
 * Exact times: the graph after shortened steps of hw_sim_advance_to (a device time base).
 * Line failure: broken segments in one evaluation, and breaks during a run (md_failure.yaml).
 * Viscoelastic lines (md_visco.yaml, md_polyester.yaml with its mean-load-dependent EA_d, in
 * SCENARIOS): the strain rates of the first springs are
 * part of the compared derivative and state (hw_lm_ny), on the baseline kernels (the fused step
 * does not cover them).
 * Vortex-induced vibration (viv/md_viv.yaml): the lift and the three VIV states per node on both
 * backends, within 1e-12 (the device's sin, cos and atan2 may round differently from glibc's, so
 * not bit-equal) and the response over 1 s.
 * Reeling on the device: winches (pay-out, haul-in, tension, drum) and sheaves against the CPU,
 * and the graph (reel kernels inside the recorded step) against the per-step host loop.
 * The fused lumped step (HAWSER_CUDA_LUMPED, docs/gpu.md; the default where it covers the model):
 * both its forms against the baseline kernels (bit-equal states and accumulators) and the CPU;
 * the tests of the graph path ask for the baseline. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "hawser/waves.h"
#include "io/scenario.h"
#include "world/sim_internal.h"

static const char *SCENARIOS[] = {
    HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_EXAMPLES_DIR "/taut_tether.yaml",
    HW_EXAMPLES_DIR "/crane_lowering.yaml", HW_EXAMPLES_DIR "/block_and_tackle.yaml",
    HW_TEST_DATA_DIR "/scenario_full.yaml", HW_TEST_DATA_DIR "/md_catenary.yaml",
    HW_TEST_DATA_DIR "/md_fileic.yaml", /* lines[].start: the start state on both backends */
    HW_TEST_DATA_DIR "/md_visco.yaml", /* viscoelastic: a strain per segment after the blocks */
    HW_TEST_DATA_DIR "/md_polyester.yaml", /* viscoelastic, EA_d following the mean load k1 e1 */
    HW_TEST_DATA_DIR "/md_beam.yaml", /* bending with damped hinges (kernels/physics/bending.h) */
    HW_TEST_DATA_DIR "/md_cantilever.yaml", /* a clamped end's hinge (hw_hinge_clamp) */
    HW_TEST_DATA_DIR "/md_riser.yaml", /* a bending joint (hw_lm_joint_axis): two lines' ends clamped
                                          to an axis their end hinges turn, in air */
    HW_TEST_DATA_DIR "/md_riser_wet.yaml", /* the same in water, with drag and damped hinges (the
                                              joint axis' rate) */
    HW_TEST_DATA_DIR "/md_sea_curr2.yaml", /* a current varying in depth and time: physics/hydro.h's
                                              bisection in time on the device */
    HW_TEST_DATA_DIR "/md_curr5.yaml", /* a current on an x, y, z, t grid (hydro.h hw_current_grid):
                                          each thread finds its own time bracket on the device */
    HW_TEST_DATA_DIR "/md_syrope.yaml", /* Syrope: a slow strain per segment after the blocks, and
                                           each segment's running maximum and branch flag and the
                                           line's working curve, which the segment pass moves at
                                           every evaluation (the line's segments in order) */
    HW_TEST_DATA_DIR "/md_ea_curve.yaml", /* a strain-tension curve (EA_table) with a damping ratio */
    HW_TEST_DATA_DIR "/md_ba_curve.yaml", /* a damping curve (BA_table, rows after the EA table's;
                                             the fused step leaves it to the baseline kernels) */
    NULL};

static int have_device(void)
{
    return hw_cuda_backend() != NULL && hw_cuda_device_count() > 0;
}

static hw_scenario *load(const char *path)
{
    hw_scenario *sc = NULL;
    char msg[1024];
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

/* A CUDA simulation on the lumped path `path` (HAWSER_CUDA_LUMPED, read when the backend is
 * created: fused, fused-tiles, fused-persistent or baseline; docs/gpu.md). */
static hw_sim *cuda_on(const char *path, const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    setenv("HAWSER_CUDA_LUMPED", path, 1);
    hw_status st = hw_sim_create(def, HW_BACKEND_CUDA, NULL, NULL, &sim, msg, sizeof msg);
    unsetenv("HAWSER_CUDA_LUMPED");
    cr_assert_eq(st, HW_OK, "HAWSER_CUDA_LUMPED=%s: %s", path, msg);
    return sim;
}

Test(gpu_parity, per_element_forces_bit_equal)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int k = 0; SCENARIOS[k]; k++) {
        hw_scenario *sc = load(SCENARIOS[k]);
        hw_model m;
        char msg[512];
        cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
        const hw_lm_sys *S = &m.S;
        size_t ny = hw_lm_ny(S);
        double *y = malloc(ny * sizeof(double)), *dc = calloc(ny, sizeof(double)), *dg = calloc(ny, sizeof(double));
        memcpy(y, m.y0, ny * sizeof(double));
        srand(11); /* velocities too, so damping and drag are exercised */
        for (int i = 0; i < S->n_state; i++)
            for (int c = 0; c < 3; c++) y[(HW_Y_VX + c) * S->n_state + i] = rand() / (double)RAND_MAX - 0.5;
        const hw_backend_ops *ops[2] = {hw_cpu_backend(), hw_cuda_backend()};
        double *out[2] = {dc, dg};
        for (int b = 0; b < 2; b++) {
            hw_backend *be = NULL;
            cr_assert_eq(ops[b]->create(S, 0, &be, msg, sizeof msg), HW_OK, "%s", msg);
            ops[b]->upload(be, HW_BUF_Y, y);
            ops[b]->constrain(be, 0.25, HW_BUF_Y);
            ops[b]->eval(be, 0.25, HW_BUF_Y, HW_BUF_K1);
            ops[b]->download(be, HW_BUF_K1, out[b]);
            ops[b]->destroy(be);
        }
        size_t first = ny;
        for (size_t i = 0; i < ny && first == ny; i++)
            if (memcmp(&dc[i], &dg[i], sizeof(double))) first = i;
        cr_expect_eq(first, ny, "%s: derivative %zu differs: cpu %.17g gpu %.17g", SCENARIOS[k],
                     first, first < ny ? dc[first] : 0.0, first < ny ? dg[first] : 0.0);
        printf("%s: per-element forces %s\n", SCENARIOS[k], first == ny ? "bit-equal" : "DIFFER");
        free(y); free(dc); free(dg);
        hw_model_free(&m);
        hw_scenario_free(sc);
    }
}

/* Largest |a - b| over the nodes of every line, relative to the largest |coordinate|. */
static double state_diff(hw_sim *a, hw_sim *b, int n_lines)
{
    double worst = 0, scale = 1e-300;
    for (int l = 0; l < n_lines; l++) {
        int na = hw_sim_line_nseg(a, l), nb = hw_sim_line_nseg(b, l);
        if (na != nb) return INFINITY;
        double *pa = malloc(sizeof(double) * 3 * (na + 1)), *pb = malloc(sizeof(double) * 3 * (na + 1));
        hw_sim_line_positions(a, l, pa);
        hw_sim_line_positions(b, l, pb);
        for (int i = 0; i < 3 * (na + 1); i++) {
            if (fabs(pa[i] - pb[i]) > worst) worst = fabs(pa[i] - pb[i]);
            if (fabs(pa[i]) > scale) scale = fabs(pa[i]);
        }
        free(pa); free(pb);
    }
    return worst / scale;
}

/* A scenario whose fixed dt exceeds its critical step (tests/data/scenario_full.yaml: dt 0.001 s,
 * critical 7.2e-4 s) blows up on both backends (at step 403 on the CPU) and says nothing about
 * parity: such a run takes the automatic dt instead. */
static void stable_dt(hw_scenario *sc)
{
    hw_sim *probe = NULL;
    char msg[512];
    int allow = sc->model.solver.allow_unstable_dt;
    sc->model.solver.allow_unstable_dt = 1; /* the probe only reads the critical step */
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &probe, msg, sizeof msg), HW_OK, "%s", msg);
    sc->model.solver.allow_unstable_dt = allow;
    double crit = 0;
    hw_sim_critical_step(probe, &crit, NULL, NULL);
    if (hw_sim_dt(probe) > crit) sc->model.solver.dt = 0.0;
    hw_sim_destroy(probe);
}

Test(gpu_parity, states_after_1000_steps_and_long_run_statistics)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int k = 0; SCENARIOS[k]; k++) {
        hw_scenario *sc = load(SCENARIOS[k]);
        stable_dt(sc);
        hw_sim *s[2] = {NULL, NULL};
        char msg[512];
        const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
        for (int b = 0; b < 2; b++)
            cr_assert_eq(hw_sim_create(&sc->model, kinds[b], NULL, NULL, &s[b], msg, sizeof msg), HW_OK,
                         "%s", msg);
        for (int b = 0; b < 2; b++) cr_assert_eq(hw_sim_step(s[b], 1000), HW_OK, "%s", hw_sim_last_error(s[b]));
        double d = state_diff(s[0], s[1], sc->model.n_lines);
        printf("%s: states after 1000 steps differ by %.3g relative\n", SCENARIOS[k], d);
        cr_expect_lt(d, 1e-12, "%s", SCENARIOS[k]);
        int nl = sc->model.n_lines;
        double *mean = calloc(2 * (size_t)nl, sizeof(double));
        const int chunks = 200, per = 100;
        for (int c = 0; c < chunks; c++)
            for (int b = 0; b < 2; b++) {
                cr_assert_eq(hw_sim_step(s[b], per), HW_OK, "%s", hw_sim_last_error(s[b]));
                for (int l = 0; l < nl; l++) {
                    double ta, tb;
                    hw_sim_line_end_tensions(s[b], l, &ta, &tb);
                    mean[2 * l + b] += ta / chunks;
                }
            }
        for (int l = 0; l < nl; l++) {
            double r = fabs(mean[2 * l] - mean[2 * l + 1]) / (fabs(mean[2 * l]) + 1e-300);
            cr_expect_lt(r, 1e-6, "%s line %d: mean end tension %.12g (cpu) vs %.12g (gpu)", SCENARIOS[k],
                         l, mean[2 * l], mean[2 * l + 1]);
        }
        free(mean);
        for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}

/* Vortex-induced vibration (kernels/physics/viv.h): one evaluation of the same state (random
 * velocities, spread phases, nonzero mean squares) on both backends, the derivative within 1e-12
 * of its block's scale (lift, phase rate and mean-square rates included); then 1 s of the deck's
 * locked-in swing, positions and phases within 1e-9. */
Test(gpu_parity, viv_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/viv/md_viv.yaml");
    hw_model m;
    char msg[512];
    cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_lm_sys *S = &m.S;
    cr_assert(S->n_viv > 0);
    size_t ny = hw_lm_ny(S), o = hw_lm_viv_off(S), nn = (size_t)S->n_nodes;
    double *y = malloc(ny * sizeof(double)), *d[2] = {calloc(ny, sizeof(double)), calloc(ny, sizeof(double))};
    memcpy(y, m.y0, ny * sizeof(double));
    srand(13);
    for (int i = 0; i < S->n_state; i++)
        for (int c = 0; c < 3; c++) y[(HW_Y_VX + c) * S->n_state + i] = 0.2 * (rand() / (double)RAND_MAX - 0.5);
    for (size_t i = 0; i < nn; i++) { y[o + nn + i] = 0.01; y[o + 2 * nn + i] = 3.0; }
    const hw_backend_ops *ops[2] = {hw_cpu_backend(), hw_cuda_backend()};
    for (int b = 0; b < 2; b++) {
        hw_backend *be = NULL;
        cr_assert_eq(ops[b]->create(S, 0, &be, msg, sizeof msg), HW_OK, "%s", msg);
        ops[b]->upload(be, HW_BUF_Y, y);
        ops[b]->constrain(be, 0.0, HW_BUF_Y);
        ops[b]->eval(be, 0.0, HW_BUF_Y, HW_BUF_K1);
        ops[b]->download(be, HW_BUF_K1, d[b]);
        ops[b]->destroy(be);
    }
    for (int blk = 0; blk < HW_Y_BLOCKS + 3; blk++) {
        size_t a = blk < HW_Y_BLOCKS ? (size_t)blk * S->n_state : o + (size_t)(blk - HW_Y_BLOCKS) * nn;
        size_t n = blk < HW_Y_BLOCKS ? (size_t)S->n_state : nn;
        double scale = 1e-300, worst = 0;
        for (size_t i = a; i < a + n; i++) {
            scale = fmax(scale, fabs(d[0][i]));
            worst = fmax(worst, fabs(d[0][i] - d[1][i]));
        }
        cr_expect(worst <= 1e-12 * scale, "block %d: cpu and gpu differ by %.3g of %.3g", blk, worst, scale);
    }
    free(y); free(d[0]); free(d[1]);
    hw_model_free(&m);
    hw_sim *s[2] = {NULL, NULL};
    const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
    double phi[2][21];
    for (int b = 0; b < 2; b++) {
        cr_assert_eq(hw_sim_create(&sc->model, kinds[b], NULL, NULL, &s[b], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_step(s[b], 10000), HW_OK, "%s", hw_sim_last_error(s[b]));
        cr_assert_eq(hw_sim_line_viv_phases(s[b], 0, phi[b]), HW_OK);
    }
    double dd = state_diff(s[0], s[1], 1);
    printf("viv/md_viv.yaml: states after 1 s differ by %.3g relative\n", dd);
    cr_expect_lt(dd, 1e-9);
    for (int j = 0; j <= 20; j++)
        cr_expect(fabs(phi[0][j] - phi[1][j]) <= 1e-9 * fabs(phi[0][j]), "phase %d: %.17g vs %.17g", j, phi[0][j],
                  phi[1][j]);
    for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
    hw_scenario_free(sc);
}

/* The graph path replays the kernels the host loop launches, with times read from the device
 * step counter that equal the host's (step0 + k) * dt bit for bit: the two runs must agree
 * exactly, for every integrator, over several calls (the counter is reset per call). */
Test(gpu_parity, graph_steps_equal_host_loop_steps)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    const char *paths[] = {HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_EXAMPLES_DIR "/taut_tether.yaml"};
    for (int k = 0; k < 2; k++)
        for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++) {
            hw_scenario *sc = load(paths[k]);
            sc->model.solver.integrator = (hw_integrator)integ;
            hw_sim *s[2] = {cuda_on("baseline", &sc->model), cuda_on("baseline", &sc->model)};
            hw_sim_set_check_per_call(s[1], 0); /* s[1]: the per-step host loop, no graph */
            for (int c = 0; c < 3; c++)
                for (int b = 0; b < 2; b++)
                    cr_assert_eq(hw_sim_step(s[b], 300 + 50 * c), HW_OK, "%s", hw_sim_last_error(s[b]));
            double d = state_diff(s[0], s[1], sc->model.n_lines);
            printf("%s integrator %d: graph vs host loop differ by %.3g relative\n", paths[k], integ, d);
            cr_expect_eq(d, 0.0, "%s integrator %d: %.3g", paths[k], integ, d);
            for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
            hw_scenario_free(sc);
        }
}

/* Explicit Euler, Adams-Bashforth 2-4, MoorDyn's Heun (host/world/integrate.c): start-up steps on the
 * host, the steady steps as replays of one recorded step whose history shifts are copies; asked
 * for the fused step, the backend runs the baseline kernels for them (the fused step has the
 * one-step schemes only). Graph path against the per-step host loop bit-equal, against the CPU
 * backend within 1e-12 relative, over calls of uneven lengths. */
Test(gpu_parity, multistep_schemes_graph_equals_host_loop_and_cpu)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int integ = HW_INT_EULER; integ < HW_INT_COUNT; integ++) {
        hw_scenario *sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
        sc->model.solver.integrator = (hw_integrator)integ;
        sc->model.solver.dt = 0.0;
        hw_sim *s[3] = {cuda_on("fused", &sc->model), cuda_on("baseline", &sc->model), NULL};
        char msg[512];
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s[2], msg, sizeof msg), HW_OK, "%s", msg);
        hw_sim_set_check_per_call(s[1], 0);
        for (int c = 0; c < 3; c++)
            for (int b = 0; b < 3; b++)
                cr_assert_eq(hw_sim_step(s[b], 2 + 150 * c), HW_OK, "%s", hw_sim_last_error(s[b]));
        double d = state_diff(s[0], s[1], sc->model.n_lines), dc = state_diff(s[0], s[2], sc->model.n_lines);
        printf("integrator %d: graph vs host loop %.3g, vs CPU %.3g relative\n", integ, d, dc);
        cr_expect_eq(d, 0.0, "integrator %d", integ);
        cr_expect_lt(dc, 1e-12, "integrator %d", integ);
        for (int b = 0; b < 3; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}

/* hw_sim_advance_to with a dt (3 ms) that does not divide the 0.1 s couplings: each coupling ends
 * with a shortened step and the clock is rebased there (t_base), so the graph's replays read a
 * device time base that is not 0. Graph path against the per-step host loop, bit-equal; and the
 * CPU backend within 1e-12 (tests/data/scenario_full.yaml's table point covers the spline's
 * coefficients copied to the device in the 1000-step case above). */
Test(gpu_parity, advance_to_shortened_steps_graph_equals_host_loop)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
    sc->model.solver.dt = 0.003;
    hw_sim *s[4] = {cuda_on("baseline", &sc->model), cuda_on("baseline", &sc->model), NULL,
                    cuda_on("fused", &sc->model)};
    char msg[512];
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s[2], msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim_set_check_per_call(s[1], 0);
    for (int k = 1; k <= 20; k++)
        for (int b = 0; b < 3; b++)
            cr_assert_eq(hw_sim_advance_to(s[b], 0.1 * k), HW_OK, "%s", hw_sim_last_error(s[b]));
    for (int k = 1; k <= 20; k++) /* the fused path: the same times from its own t0 and k0 */
        cr_assert_eq(hw_sim_advance_to(s[3], 0.1 * k), HW_OK, "%s", hw_sim_last_error(s[3]));
    double d = state_diff(s[0], s[1], sc->model.n_lines), dc = state_diff(s[0], s[2], sc->model.n_lines);
    double df = state_diff(s[3], s[1], sc->model.n_lines);
    printf("advance_to at 0.1 s, dt 3 ms: graph vs host loop %.3g, fused vs host loop %.3g, vs CPU %.3g relative\n",
           d, df, dc);
    cr_expect_eq(d, 0.0);
    cr_expect_eq(df, 0.0);
    cr_expect_lt(dc, 1e-12);
    cr_expect_eq(hw_sim_time(s[0]), hw_sim_time(s[2]));
    for (int b = 0; b < 4; b++) hw_sim_destroy(s[b]);
    hw_scenario_free(sc);
}

/* A step far past the critical one blows up within the call; the device path checks once, after
 * all the call's steps, and says so. */
/* The fused step (kernels/lumped_tile.h, kernels/cuda/lumped_fused.cu) in both forms against the
 * baseline kernels' per-step host loop on the device: bit-equal states and every-step
 * accumulators (the same physics in the same order, nvcc --fmad=false), every integrator, over
 * several calls (Euler's odd call lengths end in the ping-pong buffer); against the CPU backend
 * within 1e-12 relative (libm and the device's sin differ in the prescribed motions). The models:
 * the examples (one tile per line, prescribed fairleads, a free buoy in a current), every point
 * kind with 300/127/10/128 segments (several tiles, exactly one, fewer, one node past one) and a
 * 5000-segment tether (40 tiles), and a 100,000-segment tether (782 tiles: more than an H100
 * holds at once, so the persistent form, asked for, runs several tiles per block; RK2 only). */
Test(gpu_parity, fused_steps_equal_baseline_and_cpu)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    const char *paths[] = {HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_EXAMPLES_DIR "/taut_tether.yaml",
                           HW_TEST_DATA_DIR "/scenario_full.yaml", HW_EXAMPLES_DIR "/taut_tether.yaml",
                           HW_EXAMPLES_DIR "/taut_tether.yaml"};
    const char *forms[2] = {"fused-tiles", "fused-persistent"};
    for (int k = 0; k < 5; k++)
        for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++)
            for (int f = 0; f < 2; f++) {
                if (k == 4 && (integ != HW_INT_RK2 || f != 1)) continue;
                hw_scenario *sc = load(paths[k]);
                sc->model.solver.integrator = (hw_integrator)integ;
                if (k == 2) {
                    const int nseg[4] = {300, 127, 10, 128};
                    for (int l = 0; l < 4; l++) ((hw_line_def *)sc->model.lines)[l].nseg = nseg[l];
                    sc->model.solver.dt = 0.0;
                }
                if (k >= 3) {
                    ((hw_line_def *)sc->model.lines)[0].nseg = k == 3 ? 5000 : 100000;
                    sc->model.solver.dt = 0.0;
                    sc->model.solver.static_solve = 0;
                }
                hw_sim *s[3] = {cuda_on(forms[f], &sc->model), cuda_on("baseline", &sc->model), NULL};
                char msg[512];
                cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s[2], msg, sizeof msg), HW_OK, "%s", msg);
                hw_sim_set_check_per_call(s[1], 0); /* the per-step host loop */
                int steps[3] = {101, 150, 77};
                for (int c = 0; c < 3; c++)
                    for (int b = 0; b < 3; b++)
                        cr_assert_eq(hw_sim_step(s[b], k >= 3 ? steps[c] / 4 : steps[c]), HW_OK, "%s",
                                     hw_sim_last_error(s[b]));
                double d = state_diff(s[0], s[1], sc->model.n_lines), dc = state_diff(s[0], s[2], sc->model.n_lines);
                size_t n = hw_sim_accum_size(s[0]);
                double *a = malloc(n * sizeof(double)), *g = malloc(n * sizeof(double));
                cr_assert_eq(hw_sim_accum_get(s[0], a), HW_OK);
                cr_assert_eq(hw_sim_accum_get(s[1], g), HW_OK);
                int acc_eq = !memcmp(a, g, n * sizeof(double));
                printf("%s (%d) integrator %d %s: vs baseline %.3g, vs CPU %.3g relative; accumulators %s\n",
                       paths[k], k, integ, forms[f], d, dc, acc_eq ? "bit-equal" : "DIFFER");
                cr_expect_eq(d, 0.0, "%s (%d) integrator %d %s: %.3g", paths[k], k, integ, forms[f], d);
                cr_expect_lt(dc, 1e-12, "%s (%d) integrator %d %s", paths[k], k, integ, forms[f]);
                cr_expect(acc_eq, "%s (%d) integrator %d %s: accumulators differ", paths[k], k, integ, forms[f]);
                free(a); free(g);
                for (int b = 0; b < 3; b++) hw_sim_destroy(s[b]);
                hw_scenario_free(sc);
            }
}

/* A model the fused step does not cover (the crane's winch) runs the baseline under any setting:
 * the same states as on the baseline. */
Test(gpu_parity, uncovered_model_falls_back_to_baseline)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/crane_lowering.yaml");
    hw_sim *s[2] = {cuda_on("fused", &sc->model), cuda_on("baseline", &sc->model)};
    for (int b = 0; b < 2; b++) cr_assert_eq(hw_sim_step(s[b], 200), HW_OK, "%s", hw_sim_last_error(s[b]));
    cr_expect_eq(state_diff(s[0], s[1], sc->model.n_lines), 0.0);
    for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
    hw_scenario_free(sc);
}

/* An unknown HAWSER_CUDA_LUMPED is refused when the backend is created, with the values it takes. */
Test(gpu_parity, unknown_lumped_path_is_refused)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/taut_tether.yaml");
    hw_sim *sim = NULL;
    char msg[512] = "";
    setenv("HAWSER_CUDA_LUMPED", "fastest", 1);
    hw_status st = hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &sim, msg, sizeof msg);
    unsetenv("HAWSER_CUDA_LUMPED");
    cr_expect_eq(st, HW_ERR_INVALID_ARG, "%s", msg);
    cr_expect_null(sim);
    cr_expect(strstr(msg, "HAWSER_CUDA_LUMPED") && strstr(msg, "baseline"), "%s", msg);
    hw_scenario_free(sc);
}

/* solver.dt = factor x the model's critical step (opted in: allow_unstable_dt). */
static void dt_times_critical(hw_scenario *sc, double factor)
{
    sc->model.solver.dt = 0.0;
    hw_sim *probe = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &probe, msg, sizeof msg), HW_OK, "%s", msg);
    double crit;
    hw_sim_critical_step(probe, &crit, NULL, NULL);
    hw_sim_destroy(probe);
    sc->model.solver.dt = factor * crit;
    sc->model.solver.allow_unstable_dt = 1;
}

Test(gpu_parity, blow_up_found_once_per_call_on_the_device)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/taut_tether.yaml");
    char msg[512];
    dt_times_critical(sc, 40.0);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_step(sim, 500), HW_ERR_NUMERICAL);
    cr_expect_eq(hw_sim_steps_taken(sim), 500);
    const char *e = hw_sim_last_error(sim);
    cr_expect(strstr(e, "within the last 500 steps") && strstr(e, "exceeds the critical step"), "%s", e);
    printf("device blow-up message: %s\n", e);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* The every-step accumulators (kernels/accum.h) on the device against the CPU loop: after 1000
 * steps of the same run the extremes, their times and segments, the end statistics and the
 * monitor state agree to the states' 1e-12 (the maxima of nearly equal values could pick another
 * step only on a near tie, so the times are compared through the values); and on the device the
 * recorded graph (step_n) and the per-step host loop give bit-equal accumulators. */
Test(gpu_parity, every_step_accumulators_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int k = 0; SCENARIOS[k]; k++) {
        hw_scenario *sc = load(SCENARIOS[k]);
        stable_dt(sc);
        hw_sim *s[3] = {NULL, cuda_on("baseline", &sc->model), cuda_on("baseline", &sc->model)};
        char msg[512];
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s[0], msg, sizeof msg), HW_OK, "%s", msg);
        hw_sim_set_check_per_call(s[2], 0); /* the host loop on the device */
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 10; c++) cr_assert_eq(hw_sim_step(s[b], 100), HW_OK, "%s", hw_sim_last_error(s[b]));
        for (int l = 0; l < sc->model.n_lines; l++) {
            hw_line_extremes x[2];
            for (int b = 0; b < 2; b++) cr_assert_eq(hw_sim_line_extremes(s[b], l, &x[b]), HW_OK);
            double sc_T = fabs(x[0].max_tension) + 1e-300;
            cr_expect_lt(fabs(x[0].max_tension - x[1].max_tension) / sc_T, 1e-9, "%s line %d max", SCENARIOS[k], l);
            cr_expect_lt(fabs(x[0].min_tension - x[1].min_tension) / sc_T, 1e-9, "%s line %d min", SCENARIOS[k], l);
            cr_expect_lt(fabs(x[0].max_strain - x[1].max_strain), 1e-9 * fabs(x[0].max_strain) + 1e-15);
            cr_expect_eq(x[0].end_a.samples, x[1].end_a.samples);
            cr_expect_lt(fabs(x[0].end_a.mean - x[1].end_a.mean) / sc_T, 1e-9);
            cr_expect_lt(fabs(x[0].end_b.std - x[1].end_b.std) / sc_T, 1e-6);
        }
        size_t n = hw_sim_accum_size(s[1]);
        double *a = malloc(n * sizeof(double)), *g = malloc(n * sizeof(double));
        cr_assert_eq(hw_sim_accum_get(s[1], a), HW_OK);
        cr_assert_eq(hw_sim_accum_get(s[2], g), HW_OK);
        cr_expect_eq(memcmp(a, g, n * sizeof(double)), 0, "%s: graph and host-loop accumulators differ", SCENARIOS[k]);
        free(a); free(g);
        for (int b = 0; b < 3; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}

/* The instability monitor on the device: the OC4 mooring at 1.05x its RK2 critical step (the
 * max_strain bound out of the way) is stopped by the monitor on both backends, at the same trip
 * time within one window, the device reporting it once per hw_sim_step call. */
Test(gpu_parity, instability_monitor_trips_on_the_device)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
    char msg[512];
    dt_times_critical(sc, 1.05);
    sc->model.solver.max_strain = 1e12;
    double t_trip[2];
    const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
    for (int b = 0; b < 2; b++) {
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc->model, kinds[b], NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
        hw_status st = HW_OK;
        for (int c = 0; c < 100 && !st; c++) st = hw_sim_step(sim, 100);
        cr_assert_eq(st, HW_ERR_NUMERICAL, "%s backend: not stopped", b ? "cuda" : "cpu");
        const char *e = hw_sim_last_error(sim);
        cr_expect(strstr(e, "instability monitor") && strstr(e, "line '"), "%s", e);
        const char *at = strstr(e, "at t = ");
        cr_assert_not_null(at, "%s", e);
        t_trip[b] = strtod(at + 7, NULL);
        printf("%s monitor: %s\n", b ? "cuda" : "cpu", e);
        hw_sim_destroy(sim);
    }
    cr_expect_leq(fabs(t_trip[0] - t_trip[1]), HW_MON_WINDOW * sc->model.solver.dt * 1.0001);
    hw_scenario_free(sc);
}

/* Thrust's transform_reduce over the device scratch and the CPU loop over the host one, after
 * one evaluation of the same state on each backend: the forces are bit-equal in the parity build
 * (per_element_forces_bit_equal), so the largest tension and its segment are too (a maximum is
 * exact whatever order Thrust combines in). Then a NaN node: its two segments are counted. */
Test(gpu_parity, thrust_max_tension_equals_cpu_loop)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int k = 0; SCENARIOS[k]; k++) {
        hw_scenario *sc = load(SCENARIOS[k]);
        hw_model m;
        char msg[512];
        cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
        const hw_lm_sys *S = &m.S;
        size_t ny = hw_lm_ny(S);
        double *y = malloc(ny * sizeof(double));
        memcpy(y, m.y0, ny * sizeof(double));
        const hw_backend_ops *ops[2] = {hw_cpu_backend(), hw_cuda_backend()};
        hw_lm_reduction r[2], rn[2];
        int lmax = 0; /* an interior node of the line with the most segments */
        for (int l = 1; l < S->n_lines; l++)
            if (S->ln_nseg[l] > S->ln_nseg[lmax]) lmax = l;
        int nan_check = S->ln_nseg[lmax] >= 2; /* (the crane starts with one segment out) */
        int inner = S->ln_n0[lmax] + S->ln_nseg[lmax] / 2;
        for (int b = 0; b < 2; b++) {
            hw_backend *be = NULL;
            cr_assert_eq(ops[b]->create(S, 0, &be, msg, sizeof msg), HW_OK, "%s", msg);
            ops[b]->upload(be, HW_BUF_Y, y);
            ops[b]->constrain(be, 0.25, HW_BUF_Y);
            ops[b]->eval(be, 0.25, HW_BUF_Y, HW_BUF_K1);
            cr_assert_eq(ops[b]->max_tension(be, &r[b]), HW_OK);
            rn[b].n_nonfinite = 2;
            if (!nan_check) { ops[b]->destroy(be); continue; }
            double keep = y[HW_Y_RX * S->n_state + inner];
            y[HW_Y_RX * S->n_state + inner] = NAN;
            ops[b]->upload(be, HW_BUF_Y, y);
            y[HW_Y_RX * S->n_state + inner] = keep;
            ops[b]->eval(be, 0.25, HW_BUF_Y, HW_BUF_K1);
            ops[b]->take_bad(be);
            cr_assert_eq(ops[b]->max_tension(be, &rn[b]), HW_OK);
            ops[b]->destroy(be);
        }
        printf("%s: max tension cpu %.17g (segment %d), gpu %.17g (segment %d); with a NaN node "
               "%d and %d non-finite\n", SCENARIOS[k], r[0].max_T, r[0].max_seg, r[1].max_T,
               r[1].max_seg, rn[0].n_nonfinite, rn[1].n_nonfinite);
        cr_expect_eq(r[0].n_nonfinite, 0, "%s", SCENARIOS[k]);
        cr_expect_eq(r[1].n_nonfinite, 0, "%s", SCENARIOS[k]);
        cr_expect_eq(r[0].max_seg, r[1].max_seg, "%s", SCENARIOS[k]);
        cr_expect(r[0].max_T == r[1].max_T, "%s: %.17g vs %.17g", SCENARIOS[k], r[0].max_T, r[1].max_T);
        cr_expect_eq(rn[0].n_nonfinite, 2, "%s", SCENARIOS[k]);
        cr_expect_eq(rn[1].n_nonfinite, 2, "%s", SCENARIOS[k]);
        free(y);
        hw_model_free(&m);
        hw_scenario_free(sc);
    }
}

Test(gpu_parity, cuda_without_device_fails_cleanly)
{
    if (have_device()) cr_skip_test("a device is present: the no-device path is not testable here");
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/taut_tether.yaml");
    hw_sim *sim = NULL;
    char msg[512] = "";
    hw_status st = hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &sim, msg, sizeof msg);
    cr_expect(st == HW_ERR_NO_DEVICE || st == HW_ERR_UNSUPPORTED, "status %d: %s", st, msg);
    cr_expect_null(sim);
    cr_expect(strstr(msg, "cuda") || strstr(msg, "CUDA"), "%s", msg);
    /* auto falls back to the CPU */
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_AUTO, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect_str_eq(hw_sim_backend_name(sim), "cpu");
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* The rigid-cylinder cable (issue 4) on both backends: a chain catenary between two points and a
 * cantilever, 500 steps; positions within 1e-12 relative (the GPU solves the block system by
 * cyclic reduction, the CPU by block Cholesky below HW_RC_BCR_ROWS rows: equal in exact
 * arithmetic, not bit for bit). Each rigid case runs both CUDA level solves
 * (HAWSER_CUDA_RIGID=hand|cublas, read at create) with the same tolerance: cuBLAS's batched LU
 * with partial pivoting and the hand kernels' Cholesky are both backward-stable direct solves of
 * the same SPD 6x6 blocks (condition numbers here below 1e6), so they differ from the CPU's
 * block Thomas by rounding of the same order as the cyclic reduction does (about 1e-15 relative
 * per step), which the dynamics amplify no more for one than for the other. */
#include "hawser/rigid.h"
#include "hawser/waves.h"
#include "rigid_bcr.h"

static const char *RIGID_PATHS[] = {"hand", "cublas"};

Test(gpu_parity, rigid_cylinders_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int run = 0; run < 4; run++) {
        int c = run % 2;
        setenv("HAWSER_CUDA_RIGID", RIGID_PATHS[run / 2], 1);
        hw_rc_cable_def cab = hw_default_rc_cable();
        cab.name = c ? "cantilever" : "catenary";
        cab.length = c ? 10 : 100;
        cab.elements = 40;
        cab.mass_per_length = c ? 5 : 113.35;
        cab.diameter = c ? 0.05 : 0.0766;
        cab.ea = c ? 1e8 : 7.536e8;
        cab.ei = c ? 1e5 : 0;
        cab.end_a = c ? HW_RC_END_CLAMPED : HW_RC_END_POINT;
        cab.end_b = c ? HW_RC_END_FREE : HW_RC_END_POINT;
        double pa[3] = {0, 0, -90}, pb[3] = {c ? 10.0 : 50.0, 0, c ? -90.0 : -20.0};
        memcpy(cab.pos_a, pa, sizeof pa);
        memcpy(cab.pos_b, pb, sizeof pb);
        hw_rc *rc[2] = {NULL, NULL};
        char msg[512];
        for (int b = 0; b < 2; b++) {
            hw_rc_def d = hw_default_rc_def();
            d.env.depth = 1000;
            d.dt = 1e-3;
            d.n_cables = 1;
            d.cables = &cab;
            d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
            cr_assert_eq(hw_rc_create(&d, &rc[b], msg, sizeof msg), HW_OK, "%s", msg);
            cr_assert_eq(hw_rc_step(rc[b], 500), HW_OK, "%s", hw_rc_last_error(rc[b]));
        }
        double xa[3 * 40], xb[3 * 40], worst = 0, scale = 0;
        hw_rc_positions(rc[0], 0, xa);
        hw_rc_positions(rc[1], 0, xb);
        for (int i = 0; i < 3 * 40; i++) {
            if (fabs(xa[i] - xb[i]) > worst) worst = fabs(xa[i] - xb[i]);
            if (fabs(xa[i]) > scale) scale = fabs(xa[i]);
        }
        printf("rigid %s (%s): CPU vs CUDA positions after 500 steps differ by %.3g relative\n", cab.name,
               RIGID_PATHS[run / 2], worst / scale);
        cr_expect_lt(worst / scale, 1e-12);
        for (int b = 0; b < 2; b++) hw_rc_destroy(rc[b]);
    }
    unsetenv("HAWSER_CUDA_RIGID");
}

/* A reel winch on a rigid cable (issue 5) on both backends: a wire paid out at up to 1 m/s from
 * 50 m in 5 elements to 82.5 m (3 splits, each re-uploading the cables to the device), then hauled
 * in to 68.5 m (1 merge); the same element counts and positions within 1e-10 relative (cyclic
 * reduction and block Cholesky rounding apart, as above, over 10 times the steps). */
static void rigid_reel_winch(const char *path)
{
    setenv("HAWSER_CUDA_RIGID", path, 1);
    hw_rc_cable_def cab = hw_default_rc_cable();
    cab.name = "wire";
    cab.length = 50;
    cab.elements = 5;
    cab.mass_per_length = 12;
    cab.diameter = 0.05;
    cab.ea = 2e8;
    cab.end_a = HW_RC_END_POINT;
    cab.end_b = HW_RC_END_FREE;
    cab.pos_b[2] = -50;
    double tt[] = {0, 5, 35, 36, 60}, vv[] = {0, 1, 1, -1, -1};
    cab.winch.end = HW_WINCH_A;
    cab.winch.mode = HW_WINCH_SPEED;
    cab.winch.speed_table.n = 5;
    cab.winch.speed_table.x = tt;
    cab.winch.speed_table.y = vv;
    cab.winch.max_length = 200;
    hw_rc *rc[2] = {NULL, NULL};
    char msg[512];
    for (int b = 0; b < 2; b++) {
        hw_rc_def d = hw_default_rc_def();
        d.env.depth = 1000;
        d.n_cables = 1;
        d.cables = &cab;
        d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
        cr_assert_eq(hw_rc_create(&d, &rc[b], msg, sizeof msg), HW_OK, "%s", msg);
        double f[3] = {0, 0, -5e4};
        hw_rc_set_end_load(rc[b], 0, 1, f, NULL);
        cr_assert_eq(hw_rc_step(rc[b], 5000), HW_OK, "%s", hw_rc_last_error(rc[b]));
    }
    int n = hw_rc_elements(rc[0], 0);
    cr_assert_eq(hw_rc_elements(rc[1], 0), n);
    double *xa = calloc(3 * (size_t)n, sizeof(double)), *xb = calloc(3 * (size_t)n, sizeof(double));
    hw_rc_positions(rc[0], 0, xa);
    hw_rc_positions(rc[1], 0, xb);
    double worst = 0, scale = 0;
    for (int i = 0; i < 3 * n; i++) {
        if (fabs(xa[i] - xb[i]) > worst) worst = fabs(xa[i] - xb[i]);
        if (fabs(xa[i]) > scale) scale = fabs(xa[i]);
    }
    printf("rigid reel winch (%s): %d elements on both; CPU vs CUDA positions differ by %.3g relative\n", path, n,
           worst / scale);
    cr_expect_lt(worst / scale, 1e-10);
    free(xa); free(xb);
    for (int b = 0; b < 2; b++) hw_rc_destroy(rc[b]);
    unsetenv("HAWSER_CUDA_RIGID");
}

Test(gpu_parity, rigid_reel_winch_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int p = 0; p < 2; p++) rigid_reel_winch(RIGID_PATHS[p]);
}

/* A body at a rigid cable's end (issue 5: a module lowered on a crane wire) on both backends: the
 * body enters the end block on the device and is moved on the host from the 6 multipliers copied
 * back each step; a reel winch pays the wire out at 1 m/s from 20 m to 50 m (3 splits) with the
 * module in a 0.5 m/s current. Element and body positions within 1e-10 relative, as above. */
static void rigid_body_end(const char *path)
{
    setenv("HAWSER_CUDA_RIGID", path, 1);
    hw_rc_cable_def cab = hw_default_rc_cable();
    cab.name = "crane";
    cab.length = 20;
    cab.elements = 2;
    cab.mass_per_length = 10.5;
    cab.diameter = 0.05;
    cab.ea = 1.3e8;
    cab.end_a = HW_RC_END_POINT;
    cab.end_b = HW_RC_END_BODY;
    cab.pos_a[2] = 5;
    cab.pos_b[2] = -15;
    cab.body_b.mass = 1e4; cab.body_b.volume = 1.3; cab.body_b.cda = 6; cab.body_b.ca = 1;
    double tt[] = {0, 5, 35, 40}, vv[] = {0, 1, 1, 0};
    cab.winch.end = HW_WINCH_A;
    cab.winch.mode = HW_WINCH_SPEED;
    cab.winch.speed_table.n = 4;
    cab.winch.speed_table.x = tt;
    cab.winch.speed_table.y = vv;
    cab.winch.max_length = 100;
    hw_rc *rc[2] = {NULL, NULL};
    char msg[512];
    for (int b = 0; b < 2; b++) {
        hw_rc_def d = hw_default_rc_def();
        d.env.depth = 1000;
        d.env.current[0] = 0.5;
        d.n_cables = 1;
        d.cables = &cab;
        d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
        cr_assert_eq(hw_rc_create(&d, &rc[b], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_rc_step(rc[b], 4000), HW_OK, "%s", hw_rc_last_error(rc[b]));
    }
    int n = hw_rc_elements(rc[0], 0);
    cr_assert_eq(hw_rc_elements(rc[1], 0), n);
    double xa[3 * 16], xb[3 * 16], worst = 0, scale = 0;
    cr_assert_leq(n, 15);
    hw_rc_positions(rc[0], 0, xa);
    hw_rc_positions(rc[1], 0, xb);
    hw_rc_body_state(rc[0], 0, 1, xa + 3 * n, NULL);
    hw_rc_body_state(rc[1], 0, 1, xb + 3 * n, NULL);
    for (int i = 0; i < 3 * (n + 1); i++) {
        if (fabs(xa[i] - xb[i]) > worst) worst = fabs(xa[i] - xb[i]);
        if (fabs(xa[i]) > scale) scale = fabs(xa[i]);
    }
    printf("rigid body end (%s): %d elements on both, body at z %.6g m; CPU vs CUDA positions differ by %.3g relative\n",
           path, n, xa[3 * n + 2], worst / scale);
    cr_expect_lt(worst / scale, 1e-10);
    for (int b = 0; b < 2; b++) hw_rc_destroy(rc[b]);
    unsetenv("HAWSER_CUDA_RIGID");
}

Test(gpu_parity, rigid_body_end_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int p = 0; p < 2; p++) rigid_body_end(RIGID_PATHS[p]);
}

/* A 6-DOF body at a rigid cable's end (HW_RC_END_BODY6: a module turning on its offset lifting
 * point) on both backends: the body is condensed into the end block on the host
 * (hw_rc_body6_prepare), the block is solved on the device, and the body moved on the host from
 * the multipliers copied back each step; the wire paid out by a reel winch in a current as
 * above. Element positions, the body's reference point and orientation within 1e-10 relative. */
static void rigid_body6_end(const char *path)
{
    setenv("HAWSER_CUDA_RIGID", path, 1);
    hw_rc_cable_def cab = hw_default_rc_cable();
    cab.name = "crane";
    cab.length = 20;
    cab.elements = 2;
    cab.mass_per_length = 10.5;
    cab.diameter = 0.05;
    cab.ea = 1.3e8;
    cab.end_a = HW_RC_END_POINT;
    cab.end_b = HW_RC_END_BODY6;
    cab.pos_a[2] = 5;
    hw_body_def *b6 = &cab.body6_b;
    *b6 = hw_default_body();
    b6->name = "module";
    b6->kind = HW_BODY_FREE;
    b6->mass = 1e4; b6->volume = 1.3;
    b6->inertia[0] = 2e4; b6->inertia[1] = 3e4; b6->inertia[2] = 1.5e4; b6->inertia[3] = 1e3;
    b6->cg[0] = 0.3; b6->cg[2] = -1.0; b6->cb[2] = -0.8;
    for (int k = 0; k < 6; k++) { b6->cda[k] = k < 3 ? 6 : 2e3; b6->ca[k] = k < 3 ? 1 : 1e4; }
    b6->pos[2] = -16.5;
    cab.at_b[2] = 1.5;
    double tt[] = {0, 5, 35, 40}, vv[] = {0, 1, 1, 0};
    cab.winch.end = HW_WINCH_A;
    cab.winch.mode = HW_WINCH_SPEED;
    cab.winch.speed_table.n = 4;
    cab.winch.speed_table.x = tt;
    cab.winch.speed_table.y = vv;
    cab.winch.max_length = 100;
    hw_rc *rc[2] = {NULL, NULL};
    char msg[512];
    for (int b = 0; b < 2; b++) {
        hw_rc_def d = hw_default_rc_def();
        d.env.depth = 1000;
        d.env.current[0] = 0.5;
        d.n_cables = 1;
        d.cables = &cab;
        d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
        cr_assert_eq(hw_rc_create(&d, &rc[b], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_rc_step(rc[b], 4000), HW_OK, "%s", hw_rc_last_error(rc[b]));
    }
    int n = hw_rc_elements(rc[0], 0);
    cr_assert_eq(hw_rc_elements(rc[1], 0), n);
    double xa[3 * 16 + 7], xb[3 * 16 + 7], worst = 0, scale = 0;
    cr_assert_leq(n, 15);
    hw_rc_positions(rc[0], 0, xa);
    hw_rc_positions(rc[1], 0, xb);
    hw_rc_body6_state(rc[0], 0, 1, xa + 3 * n, xa + 3 * n + 3, NULL, NULL);
    hw_rc_body6_state(rc[1], 0, 1, xb + 3 * n, xb + 3 * n + 3, NULL, NULL);
    for (int i = 0; i < 3 * n + 7; i++) {
        if (fabs(xa[i] - xb[i]) > worst) worst = fabs(xa[i] - xb[i]);
        if (fabs(xa[i]) > scale) scale = fabs(xa[i]);
    }
    printf("rigid body6 end (%s): %d elements on both, body at z %.6g m; CPU vs CUDA positions and orientation "
           "differ by %.3g relative\n", path, n, xa[3 * n + 2], worst / scale);
    cr_expect_lt(worst / scale, 1e-10);
    for (int b = 0; b < 2; b++) hw_rc_destroy(rc[b]);
    unsetenv("HAWSER_CUDA_RIGID");
}

Test(gpu_parity, rigid_body6_end_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int p = 0; p < 2; p++) rigid_body6_end(RIGID_PATHS[p]);
}

/* A payload lowered through the splash zone on a rigid wire in waves (issue 12) on both backends:
 * the wave components on the device (a device array), the elements' loads in waves in the element
 * kernel (kernels/physics/rigid.h, the CPU's function), the point body's on the host. A reel
 * winch pays the wire out at 1 m/s from 5 m, the payload starting 3 m above the mean surface,
 * under a regular oblique wave (H 2 m, T 6 s, ramped over 3 s) and a 0.5 m/s current; 1500 steps
 * of 10 ms. Element and body positions within 1e-9 relative (1e-10 in still water above: the
 * wet/dry switch at the surface may pass one rounding difference on for a step). */
static void rigid_splash_zone(const char *path)
{
    setenv("HAWSER_CUDA_RIGID", path, 1);
    hw_rc_cable_def cab = hw_default_rc_cable();
    cab.name = "crane";
    cab.length = 5;
    cab.elements = 2;
    cab.mass_per_length = 10.5;
    cab.diameter = 0.05;
    cab.ea = 1.3e8;
    cab.end_a = HW_RC_END_POINT;
    cab.end_b = HW_RC_END_BODY;
    cab.pos_a[2] = 8;
    cab.pos_b[2] = 3;
    cab.body_b.mass = 1e4; cab.body_b.volume = 1.3; cab.body_b.cda = 6; cab.body_b.ca = 1;
    double tt[] = {0, 1, 9, 10}, vv[] = {0, 1, 1, 0};
    cab.winch.end = HW_WINCH_A;
    cab.winch.mode = HW_WINCH_SPEED;
    cab.winch.speed_table.n = 4;
    cab.winch.speed_table.x = tt;
    cab.winch.speed_table.y = vv;
    cab.winch.max_length = 100;
    hw_rc *rc[2] = {NULL, NULL};
    char msg[512];
    for (int b = 0; b < 2; b++) {
        hw_rc_def d = hw_default_rc_def();
        d.env.depth = 100;
        d.env.current[0] = 0.5;
        d.env.waves = hw_default_waves();
        d.env.waves.kind = HW_WAVES_REGULAR;
        d.env.waves.height = 2; d.env.waves.period = 6; d.env.waves.direction = 0.3; d.env.waves.ramp_time = 3;
        d.n_cables = 1;
        d.cables = &cab;
        d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
        cr_assert_eq(hw_rc_create(&d, &rc[b], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_rc_step(rc[b], 1500), HW_OK, "%s", hw_rc_last_error(rc[b]));
    }
    int n = hw_rc_elements(rc[0], 0);
    cr_assert_eq(hw_rc_elements(rc[1], 0), n);
    double xa[3 * 16], xb[3 * 16], worst = 0, scale = 0;
    cr_assert_leq(n, 15);
    hw_rc_positions(rc[0], 0, xa);
    hw_rc_positions(rc[1], 0, xb);
    hw_rc_body_state(rc[0], 0, 1, xa + 3 * n, NULL);
    hw_rc_body_state(rc[1], 0, 1, xb + 3 * n, NULL);
    for (int i = 0; i < 3 * (n + 1); i++) {
        if (fabs(xa[i] - xb[i]) > worst) worst = fabs(xa[i] - xb[i]);
        if (fabs(xa[i]) > scale) scale = fabs(xa[i]);
    }
    printf("rigid splash zone in waves (%s): %d elements on both, body at z %.6g m; CPU vs CUDA positions differ by "
           "%.3g relative\n", path, n, xa[3 * n + 2], worst / scale);
    cr_expect_lt(xa[3 * n + 2], -1.0, "the payload must have gone through the surface");
    cr_expect_lt(worst / scale, 1e-9);
    for (int b = 0; b < 2; b++) hw_rc_destroy(rc[b]);
    unsetenv("HAWSER_CUDA_RIGID");
}

Test(gpu_parity, rigid_splash_zone_in_waves_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int p = 0; p < 2; p++) rigid_splash_zone(RIGID_PATHS[p]);
}

/* A cable of HW_RC_BCR_ROWS + 37 block rows with a body at B in a current, 30 steps: the CPU then
 * solves it by the block cyclic reduction of kernels/rigid_bcr.h, the functions the hand kernels
 * run (in the GPU's storage and lanes, nvcc --fmad=false): states, body and power bit-equal. The
 * cuBLAS path (LU, see above) within 1e-12 relative. */
Test(gpu_parity, rigid_long_cable_bcr_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    int n = HW_RC_BCR_ROWS + 36;
    hw_rc_cable_def cab = hw_default_rc_cable();
    cab.name = "long";
    cab.length = n; cab.elements = n;
    cab.mass_per_length = 10; cab.diameter = 0.04; cab.ea = 1e9; cab.ei = 100; cab.gj = 50;
    cab.pos_b[0] = 0.8 * n; cab.pos_b[2] = -0.5 * n;
    cab.end_b = HW_RC_END_BODY; cab.body_b.mass = 500; cab.body_b.volume = 0.1; cab.body_b.cda = 0.5;
    double *x[2];
    for (int b = 0; b < 2; b++) x[b] = calloc(3 * (size_t)n + 3, sizeof(double));
    for (int p = 0; p < 2; p++) {
        setenv("HAWSER_CUDA_RIGID", RIGID_PATHS[p], 1);
        double energy[2];
        for (int b = 0; b < 2; b++) {
            hw_rc_def d = hw_default_rc_def();
            d.dt = 2e-3;
            d.env.depth = 5000;
            d.env.current[0] = 0.3;
            d.n_cables = 1;
            d.cables = &cab;
            d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
            hw_rc *rc = NULL;
            char msg[512];
            cr_assert_eq(hw_rc_create(&d, &rc, msg, sizeof msg), HW_OK, "%s", msg);
            cr_assert_eq(hw_rc_step(rc, 30), HW_OK, "%s", hw_rc_last_error(rc));
            hw_rc_positions(rc, 0, x[b]);
            hw_rc_body_state(rc, 0, 1, x[b] + 3 * n, NULL);
            hw_rc_energy e;
            cr_assert_eq(hw_rc_get_energy(rc, &e), HW_OK);
            energy[b] = e.dissipated;
            hw_rc_destroy(rc);
        }
        double worst = 0, scale = 0;
        for (int i = 0; i < 3 * n + 3; i++) {
            worst = fmax(worst, fabs(x[0][i] - x[1][i]));
            scale = fmax(scale, fabs(x[0][i]));
        }
        int equal = !memcmp(x[0], x[1], (3 * (size_t)n + 3) * sizeof(double)) && !memcmp(&energy[0], &energy[1], sizeof(double));
        printf("rigid long cable (%s, %d elements): CPU vs CUDA %s, positions %.3g relative\n", RIGID_PATHS[p], n,
               equal ? "bit-equal" : "differ", worst / scale);
        if (p == 0) cr_expect(equal, "hand path: CPU and CUDA must be bit-equal");
        else cr_expect_lt(worst / scale, 1e-12);
    }
    unsetenv("HAWSER_CUDA_RIGID");
    for (int b = 0; b < 2; b++) free(x[b]);
}

/* Checkpoints on the device (include/hawser/checkpoint.h): a CUDA simulation saved after 1500
 * steps and loaded into a fresh CUDA simulation continues bit-equal to the one that went on (the
 * same kernels on the same state: the reel-mode crane's segment lengths and masses reach the
 * device through update_line, the coupled fairleads' kinematics through set_coupled); a CPU
 * checkpoint loaded on the device continues within the parity tolerance of the CPU run. */
#include "hawser/checkpoint.h"

static void snap(hw_sim *s, const hw_scenario *sc, double *out, size_t *n)
{
    double buf[3 * 2048];
    *n = 0;
    for (int l = 0; l < sc->model.n_lines; l++) {
        int ns = hw_sim_line_nseg(s, l);
        out[(*n)++] = ns;
        cr_assert_eq(hw_sim_line_positions(s, l, buf), HW_OK);
        memcpy(out + *n, buf, sizeof(double) * 3 * (ns + 1));
        *n += 3 * (size_t)(ns + 1);
    }
}

Test(gpu_parity, checkpoint_round_trip_on_the_device)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    const char *paths[] = {HW_EXAMPLES_DIR "/crane_lowering.yaml", HW_TEST_DATA_DIR "/md_catenary.yaml",
                           HW_TEST_DATA_DIR "/md_syrope.yaml"}; /* Syrope: running maxima in the checkpoint */
    for (int k = 0; k < 3; k++) {
        hw_scenario *sc = load(paths[k]);
        hw_sim *a = NULL, *b = NULL, *c = NULL, *d = NULL;
        char msg[1024];
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &a, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &b, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &c, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &d, msg, sizeof msg), HW_OK, "%s", msg);
        if (k == 1) { /* a coupled fairlead on the move */
            const double pos[3] = {20.6, 35.5, -14.1}, vel[3] = {0.3, -0.1, 0.05};
            cr_assert_eq(hw_sim_set_point_kinematics(a, 3, pos, vel), HW_OK);
            cr_assert_eq(hw_sim_set_point_kinematics(c, 3, pos, vel), HW_OK);
        }
        cr_assert_eq(hw_sim_step(a, 1500), HW_OK, "%s", hw_sim_last_error(a));
        cr_assert_eq(hw_sim_step(c, 1500), HW_OK, "%s", hw_sim_last_error(c));
        void *buf, *cbuf;
        size_t len, clen;
        cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
        cr_assert_eq(hw_sim_save_state(c, &cbuf, &clen), HW_OK);
        cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_load_state(d, cbuf, clen, msg, sizeof msg), HW_OK, "%s", msg);
        hw_sim *all[4] = {a, b, c, d};
        for (int s = 0; s < 4; s++) cr_assert_eq(hw_sim_step(all[s], 1000), HW_OK, "%s", hw_sim_last_error(all[s]));
        static double sa[20000], sb[20000], scc[20000], sd[20000];
        size_t na, nb, nc, nd;
        snap(a, sc, sa, &na); snap(b, sc, sb, &nb); snap(c, sc, scc, &nc); snap(d, sc, sd, &nd);
        cr_assert_eq(na, nb);
        cr_assert(memcmp(sa, sb, na * sizeof(double)) == 0, "%s: a loaded device state drifted", paths[k]);
        cr_assert_eq(nc, nd);
        double scale = 0, err = 0;
        for (size_t i = 0; i < nc; i++) { scale = fmax(scale, fabs(scc[i])); err = fmax(err, fabs(scc[i] - sd[i])); }
        cr_assert_leq(err, 1e-12 * scale, "%s: a CPU checkpoint on the device: %g of %g", paths[k], err, scale);
        free(buf); free(cbuf);
        for (int s = 0; s < 4; s++) hw_sim_destroy(all[s]);
        hw_scenario_free(sc);
    }
}

/* Syrope lines (md_syrope.yaml): each segment's running maximum and branch flag, and the line's
 * working curve (working_curve: line, MoorDyn's), live on the device and move at every evaluation
 * of the segment pass, the line's segments walked in order by one thread, as on the CPU. After
 * 4 s (the mean tensions passed Tmax0 at 3.19 s, loaded along the OWC and came back) both
 * backends hold the same flags and the same maxima and curves (1e-12 relative), and the states
 * agree as the other lines' do. */
Test(gpu_parity, syrope_running_maxima_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/md_syrope.yaml");
    hw_sim *c = NULL, *g = NULL;
    char msg[1024];
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &g, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_step(c, 4000), HW_OK, "%s", hw_sim_last_error(c));
    cr_assert_eq(hw_sim_step(g, 4000), HW_OK, "%s", hw_sim_last_error(g));
    const hw_lm_sys *S = &c->m.S;
    cr_assert(S->n_syr > 0);
    size_t n = 2 * (size_t)S->n_segs, len = hw_lm_syr_len(S);
    double *gc = calloc(len, sizeof(double));
    cr_assert_not_null(gc);
    cr_assert_eq(g->ops->syr_get(g->be, gc), HW_OK);
    int rose = 0;
    for (size_t k = 0; k < n; k += 2) {
        cr_expect(gc[k + 1] == S->seg_syr[k + 1], "segment %zu: branch %g on the device, %g on the CPU", k / 2,
                  gc[k + 1], S->seg_syr[k + 1]);
        cr_expect(fabs(gc[k] - S->seg_syr[k]) <= 1e-12 * S->seg_syr[k], "segment %zu: Tmax %.9f vs %.9f", k / 2,
                  gc[k], S->seg_syr[k]);
        rose |= S->seg_syr[k] > 1.302e6;
    }
    for (size_t k = n; k < len; k++)
        cr_expect(fabs(gc[k] - S->seg_syr[k]) <= 1e-12 * S->seg_syr[k], "line %zu: working curve at %.9f vs %.9f",
                  k - n, gc[k], S->seg_syr[k]);
    cr_expect(rose, "the running maxima rose past Tmax0");
    double xc[9], xg[9];
    cr_assert_eq(hw_sim_line_positions(c, 0, xc), HW_OK);
    cr_assert_eq(hw_sim_line_positions(g, 0, xg), HW_OK);
    for (int k = 0; k < 9; k++) cr_expect(fabs(xc[k] - xg[k]) <= 1e-12 * 30.0, "coordinate %d: %.15g vs %.15g", k, xc[k], xg[k]);
    free(gc);
    hw_sim_destroy(c);
    hw_sim_destroy(g);
    hw_scenario_free(sc);
}

/* The outputs' evaluations between steps put the Syrope values back on the device too
 * (host/world/sim.c eval_for_output: syr_get / syr_set): a CUDA run asked for its tensions at
 * every step through the reloading of md_syrope.yaml (3 to 5 s) goes on bit for bit as one
 * asked for nothing. */
Test(gpu_parity, syrope_outputs_leave_the_device_run_alone)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/md_syrope.yaml");
    hw_sim *a = NULL, *b = NULL;
    char msg[1024];
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &a, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &b, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_step(a, 3000), HW_OK);
    cr_assert_eq(hw_sim_step(b, 3000), HW_OK);
    for (int k = 0; k < 2000; k++) {
        double T[2];
        cr_assert_eq(hw_sim_line_tensions(a, 0, T), HW_OK);
        cr_assert_eq(hw_sim_step(a, 1), HW_OK);
    }
    cr_assert_eq(hw_sim_step(b, 2000), HW_OK);
    double xa[9], xb[9];
    cr_assert_eq(hw_sim_line_positions(a, 0, xa), HW_OK);
    cr_assert_eq(hw_sim_line_positions(b, 0, xb), HW_OK);
    cr_expect(memcmp(xa, xb, sizeof xa) == 0, "z %.17g vs %.17g", xa[8], xb[8]);
    hw_sim_destroy(a);
    hw_sim_destroy(b);
    hw_scenario_free(sc);
}

/* Line failure (host/world/failure.c): the broken-segment factor seg_alive in the kernels' bodies, and
 * breaks during a run, copied to the device by update_line. md_failure.yaml breaks line 3 at its
 * fairlead at the first step (tension rule) and line 1 at its anchor at 0.2 s (time rule): both
 * backends must break the same segments at the same steps and agree on the states as the
 * unbroken runs do (1e-12 relative); one evaluation with broken segments is bit-equal. */
Test(gpu_parity, line_failure_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/md_failure.yaml");
    char msg[512];
    /* forces with broken segments (an end, an interior one, the next line's first) */
    hw_model m;
    cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
    m.S.seg_alive[0] = m.S.seg_alive[7] = m.S.seg_alive[m.S.ln_s0[1]] = 0.0;
    for (int s = 0; s < m.S.n_segs; s++) /* trips on lines 1 and 2 (about their static tensions) */
        m.S.seg_trip[s] = m.S.seg_line[s] == 0 ? 6e5 : m.S.seg_line[s] == 1 ? 8e5 : HUGE_VAL;
    size_t ny = hw_lm_ny(&m.S);
    double *dc = calloc(ny, sizeof(double)), *dg = calloc(ny, sizeof(double));
    const hw_backend_ops *ops[2] = {hw_cpu_backend(), hw_cuda_backend()};
    double *out[2] = {dc, dg};
    hw_lm_reduction trip[2];
    for (int b = 0; b < 2; b++) {
        hw_backend *be = NULL;
        cr_assert_eq(ops[b]->create(&m.S, 0, &be, msg, sizeof msg), HW_OK, "%s", msg);
        ops[b]->upload(be, HW_BUF_Y, m.y0);
        ops[b]->constrain(be, 0.0, HW_BUF_Y);
        ops[b]->eval(be, 0.0, HW_BUF_Y, HW_BUF_K1);
        ops[b]->download(be, HW_BUF_K1, out[b]);
        cr_assert_eq(ops[b]->trip_scan(be, &trip[b]), HW_OK);
        ops[b]->destroy(be);
    }
    cr_expect(memcmp(dc, dg, ny * sizeof(double)) == 0, "forces with broken segments differ");
    cr_expect(trip[0].max_seg == trip[1].max_seg && trip[0].max_T == trip[1].max_T &&
                  trip[0].n_nonfinite == trip[1].n_nonfinite,
              "trip scan: cpu segment %d T %.17g n %d, gpu segment %d T %.17g n %d", trip[0].max_seg,
              trip[0].max_T, trip[0].n_nonfinite, trip[1].max_seg, trip[1].max_T, trip[1].n_nonfinite);
    free(dc); free(dg);
    hw_model_free(&m);
    /* breaks during a run */
    hw_sim *s[2] = {NULL, NULL};
    const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
    for (int b = 0; b < 2; b++) {
        cr_assert_eq(hw_sim_create(&sc->model, kinds[b], NULL, NULL, &s[b], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_step(s[b], 400), HW_OK, "%s", hw_sim_last_error(s[b]));
    }
    for (int l = 0; l < sc->model.n_lines; l++) {
        int br[2], sg[2];
        double t[2], T[2];
        for (int b = 0; b < 2; b++) hw_sim_line_failure(s[b], l, &br[b], &t[b], &sg[b], &T[b], NULL);
        cr_expect(br[0] == br[1] && sg[0] == sg[1] && t[0] == t[1], "line %d: cpu %d %d %g, gpu %d %d %g",
                  l + 1, br[0], sg[0], t[0], br[1], sg[1], t[1]);
        cr_expect(fabs(T[0] - T[1]) <= 1e-9 * fabs(T[0]), "line %d tension at break %.17g vs %.17g", l + 1, T[0], T[1]);
    }
    double d = state_diff(s[0], s[1], sc->model.n_lines);
    printf("md_failure.yaml: states after 400 steps with two breaks differ by %.3g relative\n", d);
    cr_expect_lt(d, 1e-12);
    for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
    hw_scenario_free(sc);
}

/* Reeling on the device (issue 16 item 5): the winch and sheave update runs in the recorded step
 * (reel_before / reel_after kernels) and the host reads the reel state back once per call. A
 * winch paying out to its end stop, one hauling in to its minimum length, a tension-mode and a
 * drum winch, a free travelling pulley and a crane whose deck wire reels at both ends (winch and
 * boom-tip sheave). */
static const char *REEL_CASES[] = {
    HW_TEST_DATA_DIR "/reel_payout.yaml", HW_TEST_DATA_DIR "/reel_haul.yaml",
    HW_TEST_DATA_DIR "/reel_tension.yaml", HW_TEST_DATA_DIR "/reel_drum.yaml",
    HW_EXAMPLES_DIR "/block_and_tackle.yaml", HW_EXAMPLES_DIR "/crane_lowering.yaml", NULL};

/* The deployed length of line l's reeling end, or 0 where it does not reel. */
static double reel_length(hw_sim *s, int l)
{
    double L = 0.0;
    return hw_sim_winch_state(s, l, &L, NULL, NULL, NULL) == HW_OK ? L : 0.0;
}

/* CPU backend against CUDA over 30 calls of 1000 steps: the segment counts equal after every call,
 * the states within 1e-12 relative, the deployed lengths within 1e-12; with a sheave 1e-9 (its
 * wrap angle and capstan go through the device's acos and exp, which may differ from glibc's in
 * the last place, and the slide feeds back into the spans). */
Test(gpu_parity, reeling_winches_and_sheaves_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int k = 0; REEL_CASES[k]; k++) {
        hw_scenario *sc = load(REEL_CASES[k]);
        hw_sim *s[2] = {NULL, NULL};
        char msg[512];
        const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
        for (int b = 0; b < 2; b++)
            cr_assert_eq(hw_sim_create(&sc->model, kinds[b], NULL, NULL, &s[b], msg, sizeof msg), HW_OK,
                         "%s", msg);
        double tol = sc->model.n_sheaves > 0 ? 1e-9 : 1e-12, worst = 0, worst_len = 0;
        int nl = sc->model.n_lines;
        for (int c = 0; c < 30; c++) {
            for (int b = 0; b < 2; b++) cr_assert_eq(hw_sim_step(s[b], 1000), HW_OK, "%s", hw_sim_last_error(s[b]));
            for (int l = 0; l < nl; l++) {
                cr_assert_eq(hw_sim_line_nseg(s[0], l), hw_sim_line_nseg(s[1], l), "%s line %d, call %d",
                             REEL_CASES[k], l, c);
                double La = reel_length(s[0], l), Lb = reel_length(s[1], l);
                double dl = fabs(La - Lb) / (fabs(La) + 1e-300);
                if (dl > worst_len) worst_len = dl;
            }
            double d = state_diff(s[0], s[1], nl);
            if (d > worst) worst = d;
        }
        printf("%s: reeling 30000 steps, CPU vs CUDA states differ by %.3g, deployed lengths by %.3g "
               "relative (segments: %d on line 0)\n", REEL_CASES[k], worst, worst_len, hw_sim_line_nseg(s[0], 0));
        cr_expect_lt(worst, tol, "%s", REEL_CASES[k]);
        cr_expect_lt(worst_len, tol, "%s", REEL_CASES[k]);
        for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}

/* On the device, the graph (the reel kernels recorded with the step, one read-back per call)
 * against the per-step host loop (the same kernels, read back after every step): bit-equal
 * states, segment counts and deployed lengths; and a shortened step of hw_sim_advance_to. */
Test(gpu_parity, reeling_graph_equals_host_loop_on_the_device)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    for (int k = 0; REEL_CASES[k]; k++) {
        hw_scenario *sc = load(REEL_CASES[k]);
        hw_sim *s[2] = {NULL, NULL};
        char msg[512];
        for (int b = 0; b < 2; b++)
            cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CUDA, NULL, NULL, &s[b], msg, sizeof msg),
                         HW_OK, "%s", msg);
        hw_sim_set_check_per_call(s[1], 0);
        for (int c = 0; c < 5; c++)
            for (int b = 0; b < 2; b++)
                cr_assert_eq(hw_sim_step(s[b], 3000 + 37 * c), HW_OK, "%s", hw_sim_last_error(s[b]));
        double t = hw_sim_time(s[0]) + 0.4 * hw_sim_dt(s[0]);
        for (int b = 0; b < 2; b++) cr_assert_eq(hw_sim_advance_to(s[b], t), HW_OK, "%s", hw_sim_last_error(s[b]));
        for (int c = 0; c < 2; c++)
            for (int b = 0; b < 2; b++) cr_assert_eq(hw_sim_step(s[b], 1000), HW_OK, "%s", hw_sim_last_error(s[b]));
        double d = state_diff(s[0], s[1], sc->model.n_lines);
        printf("%s: reeling, graph vs host loop on the device differ by %.3g relative\n", REEL_CASES[k], d);
        cr_expect_eq(d, 0.0, "%s: %.3g", REEL_CASES[k], d);
        for (int l = 0; l < sc->model.n_lines; l++)
            cr_expect_eq(reel_length(s[0], l), reel_length(s[1], l), "%s line %d", REEL_CASES[k], l);
        for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}

/* Bodies (docs/physics.md section 9) are a host-side coupling: a buoy on three lines through the
 * world, on the CPU and on the CUDA backend (the points riding on it set and read through
 * hw_sim every step): the body's state and the lines' after 2000 steps agree within 1e-10
 * relative (the lines' forces agree to rounding; the body integrates them identically). */
#include "hawser/world.h"
Test(gpu_parity, body_on_lines_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_line_type_def ty = hw_default_line_type();
    ty.d = 0.05; ty.mu = 1025 * 0.25 * 3.14159265358979 * 0.05 * 0.05; ty.ea = 1e6;
    hw_point_def pt[6];
    hw_line_def ln[3];
    hw_body_attach at[3];
    for (int k = 0; k < 3; k++) {
        double a = 2 * 3.14159265358979 * k / 3;
        pt[k] = hw_default_point();
        pt[k].pos[0] = 20 * cos(a); pt[k].pos[1] = 20 * sin(a); pt[k].pos[2] = -40;
        pt[3 + k] = hw_default_point();
        pt[3 + k].kind = HW_POINT_COUPLED;
        ln[k] = hw_default_line();
        ln[k].point_a = k; ln[k].point_b = 3 + k; ln[k].length = 30; ln[k].nseg = 20;
        at[k].point = 3 + k; at[k].body = 0;
        at[k].at[0] = 1.0 * cos(a); at[k].at[1] = 1.0 * sin(a); at[k].at[2] = -0.5;
    }
    hw_model_def m = hw_default_model();
    m.n_types = 1; m.types = &ty; m.n_points = 6; m.points = pt; m.n_lines = 3; m.lines = ln;
    m.solver.static_solve = 0;
    hw_body_def b = hw_default_body();
    b.name = "buoy"; b.kind = HW_BODY_FREE;
    b.pos[0] = 0.5; b.pos[2] = -12; b.volume = 8; b.mass = 2000; b.cg[2] = -0.5; b.cb[2] = 0.5;
    b.inertia[0] = b.inertia[1] = 3000; b.inertia[2] = 4000; b.cda[0] = b.cda[1] = b.cda[2] = 2;
    hw_world *w[2] = {NULL, NULL};
    const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
    for (int k = 0; k < 2; k++) {
        hw_world_def wd = hw_default_world();
        wd.lumped = &m;
        wd.n_bodies = 1; wd.bodies = &b;
        wd.n_body_points = 3; wd.body_points = at;
        wd.backend = kinds[k];
        char msg[1024];
        cr_assert_eq(hw_world_create(&wd, &w[k], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_world_step(w[k], 2000), HW_OK, "%s", hw_world_last_error(w[k]));
    }
    double x[2][3], q[2][4];
    for (int k = 0; k < 2; k++) hw_world_body_state(w[k], 0, x[k], q[k], NULL, NULL);
    double d = 0;
    for (int c = 0; c < 3; c++) d = fmax(d, fabs(x[0][c] - x[1][c]) / 12.0);
    for (int c = 0; c < 4; c++) d = fmax(d, fabs(q[0][c] - q[1][c]));
    double ds = state_diff(hw_world_lumped(w[0]), hw_world_lumped(w[1]), 3);
    printf("body on lines, CPU vs CUDA after 2000 steps: body %.3g, lines %.3g relative\n", d, ds);
    cr_expect_lt(d, 1e-10);
    cr_expect_lt(ds, 1e-10);
    for (int k = 0; k < 2; k++) hw_world_destroy(w[k]);
}

/* A world of one body and lines (yaml, named name in messages) on the CPU and on the CUDA backend,
 * 2000 steps each: body 0's orientation and the lines' state agree within 1e-10 relative (what,
 * body and lines name them in the printed line). */
static void body_world_pair(const char *yaml, const char *name, const char *what, const char *body,
                            const char *lines)
{
    hw_world *w[2] = {NULL, NULL};
    const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
    for (int k = 0; k < 2; k++) {
        hw_world_load_opts o = hw_default_load_opts();
        o.backend = kinds[k];
        char msg[1024];
        cr_assert_eq(hw_world_load_string(yaml, name, &o, &w[k], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_world_step(w[k], 2000), HW_OK, "%s", hw_world_last_error(w[k]));
    }
    double q[2][4];
    for (int k = 0; k < 2; k++) hw_world_body_state(w[k], 0, NULL, q[k], NULL, NULL);
    double d = 0;
    for (int c = 0; c < 4; c++) d = fmax(d, fabs(q[0][c] - q[1][c]));
    double ds = state_diff(hw_world_lumped(w[0]), hw_world_lumped(w[1]), 1);
    printf("%s, CPU vs CUDA after 2000 steps: %s %.3g, %s %.3g relative\n", what, body, d, lines, ds);
    cr_expect_lt(d, 1e-10);
    cr_expect_lt(ds, 1e-10);
    for (int k = 0; k < 2; k++) hw_world_destroy(w[k]);
}

/* Cylinders on bodies (docs/physics.md section 9, "Cylinders on bodies") run on the host with the
 * bodies: a buoyant rod pinned under water holding a chain, its lines on the CPU and on the CUDA
 * backend, from the world statics (always on the CPU) through 2000 steps: the rod's orientation
 * and the chain's state agree within 1e-10 relative. */
Test(gpu_parity, pinned_rod_on_a_chain_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    static const char *yaml =
        "environment: {gravity: 9.80665, water_density: 1025, depth: 50}\n"
        "line_types:\n"
        "  - {name: chain, diameter: 0.02, mass_per_length: 2, EA: 1.0e7, damping_ratio: 0.8, Cdn: 1.2, Can: 1.0}\n"
        "bodies:\n"
        "  - name: rod\n"
        "    type: pinned\n"
        "    position: [0, 0, -3]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [6, 0, 0], diameter: 0.3, mass_per_length: 30, segments: 12, Cd: 1.0, Ca: 1.0}\n"
        "points:\n"
        "  - {name: anchor, type: fixed, position: [8, 0, -50]}\n"
        "  - {name: tip, type: body, body: rod, position: [6, 0, 0]}\n"
        "lines:\n"
        "  - {name: chain, type: chain, end_a: anchor, end_b: tip, length: 60, segments: 20}\n"
        "solver: {dt: 1.0e-4, t_end: 1, static_solve: false}\n";
    body_world_pair(yaml, "rod.yaml", "pinned rod on a chain", "rod", "chain");
}

/* A body pinned on a body (a ball joint between two moving bodies, docs/physics.md section 9,
 * "Pinned bodies"; MoorDyn's Body<N>Pinned rod): a moored hull carrying an arm whose tip holds a
 * second line, both on the host, their lines on the CPU and on the CUDA backend, from the world
 * statics (on the CPU) through 2000 steps: the two bodies' states and the lines' agree within 1e-10
 * relative. */
Test(gpu_parity, body_pinned_on_a_body_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    static const char *yaml =
        "environment: {water_density: 1025, depth: 50}\n"
        "line_types:\n"
        "  - {name: rope, diameter: 0.05, mass_per_length: 2, EA: 1e6, damping_ratio: 0.5, Cdn: 1.2, Can: 1.0}\n"
        "bodies:\n"
        "  - {name: hull, type: free, position: [0, 0, -10], mass: 1000, cg: [0, 0, -1], inertia: [500, 500, 500],\n"
        "     volume: 3, CdA: [1, 1, 1]}\n"
        "  - name: arm\n"
        "    type: pinned\n"
        "    position: [1, 0, -10]\n"
        "    pin_on: hull\n"
        "    pin_at: [1, 0, 0]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [3, 0, -2], diameter: 0.2, mass_per_length: 60, segments: 6, Cd: 1.0, Ca: 1.0}\n"
        "points:\n"
        "  - {name: anchor, type: fixed, position: [0, 0, -50]}\n"
        "  - {name: fair, type: body, body: hull, position: [0, 0, 0]}\n"
        "  - {name: anchor2, type: fixed, position: [20, 0, -50]}\n"
        "  - {name: tip, type: body, body: arm, position: [3, 0, -2]}\n"
        "lines:\n"
        "  - {name: l1, type: rope, end_a: anchor, end_b: fair, length: 39, segments: 10}\n"
        "  - {name: l2, type: rope, end_a: anchor2, end_b: tip, length: 45, segments: 10}\n"
        "solver: {dt: 1.0e-4, t_end: 1, static_solve: false}\n";
    hw_world *w[2] = {NULL, NULL};
    const hw_backend_kind kinds[2] = {HW_BACKEND_CPU, HW_BACKEND_CUDA};
    for (int k = 0; k < 2; k++) {
        hw_world_load_opts o = hw_default_load_opts();
        o.backend = kinds[k];
        char msg[1024];
        cr_assert_eq(hw_world_load_string(yaml, "pinon.yaml", &o, &w[k], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_world_step(w[k], 2000), HW_OK, "%s", hw_world_last_error(w[k]));
    }
    double d = 0;
    for (int b = 0; b < 2; b++) {
        double x[2][3], q[2][4];
        for (int k = 0; k < 2; k++) hw_world_body_state(w[k], b, x[k], q[k], NULL, NULL);
        for (int c = 0; c < 3; c++) d = fmax(d, fabs(x[0][c] - x[1][c]) / 10.0);
        for (int c = 0; c < 4; c++) d = fmax(d, fabs(q[0][c] - q[1][c]));
    }
    double ds = state_diff(hw_world_lumped(w[0]), hw_world_lumped(w[1]), 2);
    printf("body pinned on a body, CPU vs CUDA after 2000 steps: bodies %.3g, lines %.3g relative\n", d, ds);
    cr_expect_lt(d, 1e-10);
    cr_expect_lt(ds, 1e-10);
    for (int k = 0; k < 2; k++) hw_world_destroy(w[k]);
}

/* Clamped line ends (kernels/physics/bending.h hw_hinge_clamp): a line with bending stiffness
 * clamped to a free body (the body turns the clamp's direction every step, set_clamp copies it to
 * the device, and the hinge's moment comes back with the end loads), in zero gravity, on the CPU
 * and on the CUDA backend through 2000 steps: the body's orientation and the line's state agree
 * within 1e-10 relative. */
Test(gpu_parity, clamped_line_on_a_free_body_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    static const char *yaml =
        "environment: {gravity: 0, water_density: 1025, depth: 100}\n"
        "line_types:\n"
        "  - {name: arm, diameter: 0.05, mass_per_length: 10, EA: 1e7, damping_ratio: 0.5, EI: 1e3}\n"
        "bodies:\n"
        "  - {name: hub, type: free, position: [0, 0, 10], rotation: [0, 0, 0], mass: 50, cg: [0, 0, 0],\n"
        "     inertia: [5, 5, 5], volume: 0, cb: [0, 0, 0]}\n"
        "points:\n"
        "  - {name: hub_p, type: body, body: hub, position: [0.5, 0, 0]}\n"
        "  - {name: tip, type: free, position: [5.5, 0, 10], mass: 5}\n"
        "lines:\n"
        "  - {name: arm, type: arm, end_a: hub_p, end_b: tip, length: 5, segments: 10, clamp_a: [1, 0.2, 0.1]}\n"
        "solver: {dt: 1e-4, t_end: 1, integrator: rk4, static_solve: false, instability_monitor: false}\n";
    body_world_pair(yaml, "hub.yaml", "clamped line on a free body", "body", "line");
}

/* CTest's skip code: without a device the parity cases skip, and the suite says so (CTest shows
 * "Skipped", tests/CMakeLists.txt sets SKIP_RETURN_CODE 77) instead of "Passed". The exit status
 * is 77 when a case was skipped and none failed or crashed; a failure still exits 1. */
#define HW_SKIP_RETURN_CODE 77
static size_t g_skipped, g_failed;

ReportHook(POST_ALL)(struct criterion_global_stats *stats)
{
    g_skipped = stats->tests_skipped;
    g_failed = stats->tests_failed + stats->tests_crashed;
}

int main(int argc, char *argv[])
{
    struct criterion_test_set *tests = criterion_initialize();
    int result = 0;
    if (criterion_handle_args(argc, argv, true)) result = !criterion_run_all_tests(tests);
    criterion_finalize(tests);
    if (result == 0 && g_failed == 0 && g_skipped > 0) return HW_SKIP_RETURN_CODE;
    return result;
}

/* Waves (docs/physics.md section 10): regular waves on the full scenario (moorings, a free buoy,
 * a current beside the waves) and an irregular sea of 60 components on the OC4 moorings with a
 * fairlead raised through the surface (the submerged fraction), on the CPU, on the device's
 * baseline kernels and on its fused step (each node's thread refreshes its own samples).
 *   - one refresh and evaluation of the same state: every derivative within 1e-11 of the largest
 *     (libm and the device's cos, sin and exp differ in the last bits, so not bit-equal);
 *   - 1000 steps: states within 1e-10 relative; the recorded graph (the refresh kernel reads
 *     the time and decides per slot on the device) bit-equal to the per-step host loop, and the
 *     fused step (default form) bit-equal to it too (the same physics in the same order). */
static void waves_model(hw_scenario *sc, int form, double *amp, double *om, double *dir, double *ph)
{
    hw_waves_def *w = &sc->model.env.waves;
    *w = hw_default_waves();
    if (form == 0) {
        w->kind = HW_WAVES_REGULAR;
        w->height = 6.0;
        w->period = 12.0;
        w->direction = 0.3;
        w->ramp_time = 5.0;
    } else {
        for (int j = 0; j < 60; j++) {
            om[j] = 0.3 + 0.02 * j;
            amp[j] = 0.1 + 0.01 * (j % 7);
            dir[j] = 0.2 * sin(1.3 * j);
            ph[j] = 2.0 * HW_PI * fmod(0.61803398875 * j, 1.0);
        }
        w->kind = HW_WAVES_COMPONENTS;
        w->n_components = 60;
        w->c_amp = amp; w->c_omega = om; w->c_dir = dir; w->c_phase = ph;
        ((hw_point_def *)sc->model.points)[sc->model.lines[0].point_b].pos[2] = 3.0;
    }
}

Test(gpu_parity, waves_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    const char *paths[2] = {HW_TEST_DATA_DIR "/scenario_full.yaml", HW_EXAMPLES_DIR "/oc4_mooring.yaml"};
    double amp[60], om[60], dir[60], ph[60];
    for (int k = 0; k < 2; k++) {
        hw_scenario *sc = load(paths[k]);
        waves_model(sc, k, amp, om, dir, ph);
        sc->model.solver.dt = 0.0;
        char msg[512];
        /* one refresh and evaluation: the device backend made first (the CPU's refresh writes the
         * host's samples, which a backend made after would copy) */
        hw_sim *h = NULL;
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &h, msg, sizeof msg), HW_OK, "%s", msg);
        const hw_lm_sys *S = &h->m.S;
        cr_assert(S->wv.n > 0);
        size_t ny = hw_lm_ny(S);
        double *y = malloc(ny * sizeof(double)), *d[2] = {calloc(ny, sizeof(double)), calloc(ny, sizeof(double))};
        memcpy(y, h->y, ny * sizeof(double));
        srand(5);
        for (int i = 0; i < S->n_state; i++)
            for (int c = 0; c < 3; c++) y[(HW_Y_VX + c) * S->n_state + i] = 0.4 * (rand() / (double)RAND_MAX - 0.5);
        const hw_backend_ops *ops[2] = {hw_cuda_backend(), hw_cpu_backend()};
        hw_backend *be[2] = {NULL, NULL};
        for (int b = 0; b < 2; b++) cr_assert_eq(ops[b]->create(S, 0, &be[b], msg, sizeof msg), HW_OK, "%s", msg);
        for (int b = 0; b < 2; b++) {
            ops[b]->upload(be[b], HW_BUF_Y, y);
            ops[b]->constrain(be[b], 7.25, HW_BUF_Y);
            ops[b]->wave_refresh(be[b], 7.25, HW_BUF_Y);
            ops[b]->eval(be[b], 7.3, HW_BUF_Y, HW_BUF_K1);
            ops[b]->download(be[b], HW_BUF_K1, d[b]);
            ops[b]->destroy(be[b]);
        }
        double worst = 0.0, scale = 1e-300;
        for (size_t i = 0; i < ny; i++) {
            worst = fmax(worst, fabs(d[0][i] - d[1][i]));
            scale = fmax(scale, fabs(d[1][i]));
        }
        printf("%s with waves: derivatives cpu vs cuda %.3g relative\n", paths[k], worst / scale);
        cr_expect_lt(worst / scale, 1e-11, "%s", paths[k]);
        free(y); free(d[0]); free(d[1]);
        hw_sim_destroy(h);
        /* 1000 steps */
        hw_sim *s[4] = {cuda_on("baseline", &sc->model), cuda_on("baseline", &sc->model),
                        cuda_on("fused", &sc->model), NULL};
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s[3], msg, sizeof msg), HW_OK, "%s", msg);
        hw_sim_set_check_per_call(s[1], 0); /* the per-step host loop */
        for (int c = 0; c < 4; c++)
            for (int b = 0; b < 4; b++)
                cr_assert_eq(hw_sim_step(s[b], 250), HW_OK, "%s", hw_sim_last_error(s[b]));
        double dg = state_diff(s[0], s[1], sc->model.n_lines), df = state_diff(s[2], s[1], sc->model.n_lines);
        double dc = state_diff(s[0], s[3], sc->model.n_lines);
        printf("%s with waves, 1000 steps: graph vs host loop %.3g, fused vs host loop %.3g, vs CPU %.3g\n",
               paths[k], dg, df, dc);
        cr_expect_eq(dg, 0.0, "%s", paths[k]);
        cr_expect_eq(df, 0.0, "%s", paths[k]);
        cr_expect_lt(dc, 1e-10, "%s", paths[k]);
        for (int b = 0; b < 4; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}

/* Checkpoints in waves on the device (docs/outputs.md "Checkpoint and resume"): the sampled wave
 * kinematics are saved with the state (the backend's wave_get / wave_set copy the device's
 * samples), so a device simulation loading a device checkpoint continues bit for bit, on the
 * baseline kernels and on the fused step, and its samples are the uninterrupted run's. */
Test(gpu_parity, waves_checkpoint_round_trip_on_the_device)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/scenario_full.yaml");
    waves_model(sc, 0, NULL, NULL, NULL, NULL);
    sc->model.solver.dt = 0.0;
    const char *paths[2] = {"baseline", "fused"};
    for (int p = 0; p < 2; p++) {
        hw_sim *a = cuda_on(paths[p], &sc->model), *b = cuda_on(paths[p], &sc->model);
        cr_assert_eq(hw_sim_step(a, 1075), HW_OK, "%s", hw_sim_last_error(a));
        void *buf;
        size_t len;
        char msg[1024];
        cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
        cr_assert_eq(hw_sim_step(a, 1000), HW_OK, "%s", hw_sim_last_error(a));
        cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_step(b, 1000), HW_OK, "%s", hw_sim_last_error(b));
        double d = state_diff(a, b, sc->model.n_lines);
        size_t n = hw_sim_wave_samples_size(a);
        cr_assert_gt(n, 0);
        int *ka = malloc(n * sizeof(int)), *kb = malloc(n * sizeof(int));
        double *sa = malloc(14 * n * sizeof(double)), *sb = malloc(14 * n * sizeof(double));
        cr_assert_eq(hw_sim_wave_samples_get(a, ka, sa), HW_OK);
        cr_assert_eq(hw_sim_wave_samples_get(b, kb, sb), HW_OK);
        printf("waves checkpoint on the device (%s): resumed vs uninterrupted %.3g\n", paths[p], d);
        cr_expect_eq(d, 0.0, "%s", paths[p]);
        cr_expect(!memcmp(ka, kb, n * sizeof(int)) && !memcmp(sa, sb, 14 * n * sizeof(double)),
                  "%s: the resumed samples differ", paths[p]);
        free(ka); free(kb); free(sa); free(sb); free(buf);
        hw_sim_destroy(a);
        hw_sim_destroy(b);
    }
    hw_scenario_free(sc);
}

/* Bathymetry (tests/data/md_seafloor.yaml: a chain on a kinked, cross-sloping grid): the grid is
 * copied to the device and read by the same hw_lm_depth_at; on the baseline kernels and on the
 * fused step, 2000 steps from the initial catenary (no static solve: the chain falls onto the
 * slope), the states
 * within 1e-12 relative of the CPU's (the seabed contact of the nodes on the slope included). */
Test(gpu_parity, bathymetry_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    static const char *const paths[] = {"baseline", "fused"};
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/md_seafloor.yaml");
    cr_assert_gt(sc->model.env.bathymetry.nx, 0);
    sc->model.solver.static_solve = 0; /* from the catenary over a flat bed: the run lays it down */
    for (int p = 0; p < 2; p++) {
        hw_sim *cpu = NULL;
        char msg[512];
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &cpu, msg, sizeof msg), HW_OK, "%s", msg);
        hw_sim *gpu = cuda_on(paths[p], &sc->model);
        cr_assert_eq(hw_sim_step(cpu, 2000), HW_OK, "%s", hw_sim_last_error(cpu));
        cr_assert_eq(hw_sim_step(gpu, 2000), HW_OK, "%s", hw_sim_last_error(gpu));
        double d = state_diff(cpu, gpu, 1);
        printf("bathymetry (%s): states after 2000 steps differ by %.3g relative\n", paths[p], d);
        cr_expect_lt(d, 1e-12, "%s", paths[p]);
        hw_sim_destroy(cpu);
        hw_sim_destroy(gpu);
    }
    hw_scenario_free(sc);
}

/* Bathymetry on the rigid cables: the catenary case above (100 m chain, 40 elements) over a
 * kinked, cross-sloping grid whose shallowest part (84 m) lies under its anchor end, so that its
 * lower elements fall onto the grid; the grid copied to the device and read by the same
 * hw_rc_depth_at. Both rigid paths, positions after 500 steps within 1e-12 relative. */
Test(gpu_parity, rigid_bathymetry_cpu_vs_cuda)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    const double gx[3] = {-20, 20, 80}, gy[2] = {-10, 10}, gd[6] = {84, 88, 95, 85, 89, 96};
    for (int run = 0; run < 2; run++) {
        setenv("HAWSER_CUDA_RIGID", RIGID_PATHS[run], 1);
        hw_rc_cable_def cab = hw_default_rc_cable();
        cab.length = 100;
        cab.elements = 40;
        cab.mass_per_length = 113.35;
        cab.diameter = 0.0766;
        cab.ea = 7.536e8;
        cab.end_a = cab.end_b = HW_RC_END_POINT;
        double pa[3] = {0, 2, -84}, pb[3] = {50, 2, -20};
        memcpy(cab.pos_a, pa, sizeof pa);
        memcpy(cab.pos_b, pb, sizeof pb);
        hw_rc *rc[2] = {NULL, NULL};
        char msg[512];
        for (int b = 0; b < 2; b++) {
            hw_rc_def d = hw_default_rc_def();
            d.env.depth = 100;
            d.env.bathymetry = (hw_bathymetry_def){3, 2, gx, gy, gd};
            d.dt = 1e-3;
            d.n_cables = 1;
            d.cables = &cab;
            d.backend = b ? HW_BACKEND_CUDA : HW_BACKEND_CPU;
            cr_assert_eq(hw_rc_create(&d, &rc[b], msg, sizeof msg), HW_OK, "%s", msg);
            cr_assert_eq(hw_rc_step(rc[b], 500), HW_OK, "%s", hw_rc_last_error(rc[b]));
        }
        double xa[3 * 40], xb[3 * 40], worst = 0, scale = 0;
        hw_rc_positions(rc[0], 0, xa);
        hw_rc_positions(rc[1], 0, xb);
        for (int i = 0; i < 3 * 40; i++) {
            if (fabs(xa[i] - xb[i]) > worst) worst = fabs(xa[i] - xb[i]);
            if (fabs(xa[i]) > scale) scale = fabs(xa[i]);
        }
        printf("rigid on a grid (%s): CPU vs CUDA positions after 500 steps differ by %.3g relative\n",
               RIGID_PATHS[run], worst / scale);
        cr_expect_lt(worst / scale, 1e-12);
        for (int b = 0; b < 2; b++) hw_rc_destroy(rc[b]);
    }
    unsetenv("HAWSER_CUDA_RIGID");
}

/* MoorDyn's Newmark (aca) and Wilson (wilson) schemes (host/world/integrate.c second_order_step):
 * the backend's second_order op on both backends from the same random buffers, the viscoelastic
 * strains after the node blocks included (md_polyester.yaml), bit for bit (one per-slot formula,
 * kernels/lumped.h hw_lm_second_order, no FMA on the device); then whole runs, the graph path
 * against the CPU backend within 1e-12 relative after 1 s: md_schemes_line.yaml as written (aca,
 * 5 iterations) and with wilson, 3 iterations; md_polyester.yaml with aca at 0.5 ms. */
Test(gpu_parity, newmark_and_wilson_schemes)
{
    if (!have_device()) cr_skip_test("no CUDA device (or CUDA compiled out): parity not run");
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/md_polyester.yaml");
    hw_model m;
    char msg[512];
    cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_lm_sys *S = &m.S;
    cr_assert(S->n_vis > 0);
    size_t ny = hw_lm_ny(S);
    double *in[3], *out[2];
    srand(17);
    for (int j = 0; j < 3; j++) {
        in[j] = malloc(ny * sizeof(double));
        for (size_t i = 0; i < ny; i++) in[j][i] = rand() / (double)RAND_MAX - 0.5;
    }
    const hw_backend_ops *ops[2] = {hw_cpu_backend(), hw_cuda_backend()};
    const int bufs[2] = {HW_BUF_K1, HW_BUF_K2};
    const double cx[2] = {1e-3, 0.0}, ca[2] = {2.5e-7, 2.5e-7}, cv[2] = {5e-4, 5e-4};
    for (int b = 0; b < 2; b++) {
        hw_backend *be = NULL;
        out[b] = calloc(ny, sizeof(double));
        cr_assert_eq(ops[b]->create(S, 0, &be, msg, sizeof msg), HW_OK, "%s", msg);
        ops[b]->upload(be, HW_BUF_Y, in[0]);
        ops[b]->upload(be, HW_BUF_K1, in[1]);
        ops[b]->upload(be, HW_BUF_K2, in[2]);
        ops[b]->second_order(be, HW_BUF_TMP, HW_BUF_Y, bufs, cx, ca, cv);
        ops[b]->second_order(be, HW_BUF_Y, HW_BUF_Y, bufs, cx, ca, cv); /* in place */
        ops[b]->download(be, HW_BUF_Y, out[b]);
        ops[b]->destroy(be);
    }
    cr_expect(!memcmp(out[0], out[1], ny * sizeof(double)), "second_order: cpu and gpu differ");
    for (int j = 0; j < 3; j++) free(in[j]);
    free(out[0]); free(out[1]);
    hw_model_free(&m);
    hw_scenario_free(sc);
    static const struct { const char *path; hw_integrator integ; int iters; double dt; } C[] = {
        {HW_TEST_DATA_DIR "/md_schemes_line.yaml", HW_INT_ACA, 5, 5e-4},
        {HW_TEST_DATA_DIR "/md_schemes_line.yaml", HW_INT_WILSON, 3, 5e-4},
        {HW_TEST_DATA_DIR "/md_polyester.yaml", HW_INT_ACA, 5, 5e-4}};
    for (size_t c = 0; c < sizeof C / sizeof C[0]; c++) {
        sc = load(C[c].path);
        sc->model.solver.integrator = C[c].integ;
        sc->model.solver.iterations = C[c].iters;
        sc->model.solver.dt = C[c].dt;
        hw_sim *s[2] = {cuda_on("baseline", &sc->model), NULL};
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s[1], msg, sizeof msg), HW_OK, "%s", msg);
        for (int k = 0; k < 4; k++)
            for (int b = 0; b < 2; b++)
                cr_assert_eq(hw_sim_step(s[b], 500), HW_OK, "%s", hw_sim_last_error(s[b]));
        double d = state_diff(s[0], s[1], sc->model.n_lines);
        printf("%s, integrator %d, %d iterations: gpu vs cpu %.3g relative after 1 s\n", C[c].path, (int)C[c].integ,
               C[c].iters, d);
        cr_expect_lt(d, 1e-12, "%s integrator %d", C[c].path, (int)C[c].integ);
        for (int b = 0; b < 2; b++) hw_sim_destroy(s[b]);
        hw_scenario_free(sc);
    }
}
