/* The fused GPU step's tile logic (kernels/lumped_tile.h, run by kernels/cuda/lumped_fused.cu one
 * tile per thread block) emulated on the CPU: a loop over tiles ("blocks") and threads, phase by
 * phase (load, segments, nodes), then the point pass and, in the first stage of a step, the line
 * pass, with the stage sequence and ping-pong buffers the device uses. Each run is compared with
 * the CPU backend (hw_sim on HW_BACKEND_CPU: cpu_eval, cpu_lincomb, cpu_symplectic, constrain,
 * cpu_accumulate) after several steps: the states and the every-step accumulators bit for bit,
 * the bad flag equal. The models cover lines shorter than a tile, of exactly a tile, one node
 * longer, of several tiles (halo exchange and segments at tile edges), many lines sharing points,
 * a free point joining lines, prescribed (sinusoid, constant velocity, table), fixed and coupled
 * points, a current profile, a strain-tension table; all three integrators; threads per block the
 * device's (HW_TILE_NODES) and fewer (the strided loops); tiles in reverse order (no tile reads
 * what another writes within a stage); broken segments; the bad flag through a blow-up and a
 * monitor trip. Shared memory is filled with NaN before every tile, so a read of a slot the tile
 * did not load shows. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "lumped_tile.h"
#include "hawser/waves.h"
#include "io/scenario.h"
#include "world/sim_internal.h"

typedef struct emu {
    const hw_lm_sys *S;
    hw_lm_sys Sw;        /* waves: the system with samples of its own (not the CPU backend's) */
    int *wv_k;
    double *wv_s;
    hw_lm_work w;
    hw_lm_acc acc;
    int bad;
    hw_tile *tiles;
    int n_tiles;
    hw_tile_bufs B;
    double *bufs[8], *osc, *small[6];
    hw_tile_smem sm;
} emu;

static void emu_init(emu *E, hw_sim *sim)
{
    memset(E, 0, sizeof *E);
    const hw_lm_sys *S = &sim->m.S;
    E->S = S;
    if (S->wv.n > 0) { /* the samples start as the sim's (none taken yet), in arrays of its own */
        size_t ns = (size_t)S->n_state;
        E->Sw = *S;
        E->wv_k = malloc(ns * sizeof(int));
        E->wv_s = malloc(2 * HW_WS_N * ns * sizeof(double));
        memcpy(E->wv_k, S->wv_k, ns * sizeof(int));
        memcpy(E->wv_s, S->wv_s0, HW_WS_N * ns * sizeof(double));
        memcpy(E->wv_s + HW_WS_N * ns, S->wv_s1, HW_WS_N * ns * sizeof(double));
        E->Sw.wv_k = E->wv_k;
        E->Sw.wv_s0 = E->wv_s;
        E->Sw.wv_s1 = E->wv_s + HW_WS_N * ns;
        E->S = &E->Sw;
    }
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    for (int k = 0; k < 8; k++) E->bufs[k] = calloc(ny, sizeof(double));
    E->B.y = E->bufs[0]; E->B.tmp = E->bufs[1]; E->B.x2 = E->bufs[2]; E->B.alt = E->bufs[7];
    for (int k = 0; k < 4; k++) E->B.k[k] = E->bufs[3 + k];
    for (int k = 0; k < 2; k++) {
        E->B.end_f[k] = E->small[3 * k] = calloc(6 * (size_t)S->n_lines, sizeof(double));
        E->B.end_m[k] = E->small[3 * k + 1] = calloc(12 * (size_t)S->n_lines, sizeof(double));
        E->B.lnT[k] = E->small[3 * k + 2] = calloc(2 * (size_t)S->n_lines, sizeof(double));
    }
    cr_assert_eq(sim->ops->download(sim->be, HW_BUF_Y, E->B.y), HW_OK);
    E->w.pt_f = calloc(3 * (size_t)S->n_points, sizeof(double));
    E->w.pt_a = calloc(3 * (size_t)S->n_points, sizeof(double));
    E->bad = HW_NO_BAD;
    E->w.bad = &E->bad;
    E->acc.seg = calloc(HW_ACC_SEG_NV * (size_t)S->n_segs, sizeof(double));
    E->acc.line = calloc(HW_ACC_LINE_NV * (size_t)S->n_lines, sizeof(double));
    cr_assert_eq(sim->ops->acc_get(sim->be, E->acc.seg, E->acc.line), HW_OK);
    E->acc.monitor = sim->monitor;
    E->osc = calloc(2 * (size_t)S->n_lines, sizeof(double)); /* by the step's parity */
    E->n_tiles = hw_tile_plan(S, NULL);
    E->tiles = calloc((size_t)E->n_tiles, sizeof(hw_tile));
    cr_assert_eq(hw_tile_plan(S, E->tiles), E->n_tiles);
}

static void emu_free(emu *E)
{
    for (int k = 0; k < 8; k++) free(E->bufs[k]);
    for (int k = 0; k < 6; k++) free(E->small[k]);
    free(E->w.pt_f); free(E->w.pt_a);
    free(E->acc.seg); free(E->acc.line); free(E->osc); free(E->tiles);
    free(E->wv_k); free(E->wv_s);
}

/* The line update of the first stage st (its per-line maximum by the step's parity). */
static void emu_line(emu *E, const hw_tile_stage *st, int l)
{
    double *osc = E->osc + (size_t)st->par * E->S->n_lines;
    double z = osc[l];
    osc[l] = 0.0;
    if (hw_tile_line(&E->acc, st, l, z)) HW_FLAG_BAD(&E->bad, E->S->n_segs + l);
}

/* Tile ti as one thread block of nt threads: each phase for every thread, then the next (the
 * device's __syncthreads); prev: the stage before (NULL in a call's first). */
static void emu_tile(emu *E, int ti, const hw_tile_stage *st, const hw_tile_stage *prev, int nt)
{
    hw_tile tl = E->tiles[ti];
    double *sm = (double *)&E->sm;
    for (size_t q = 0; q < sizeof E->sm / sizeof(double); q++) sm[q] = NAN;
    if (prev) {
        for (int tid = 0; tid < nt; tid++) hw_tile_prologue(E->S, &E->w, ti, tl, prev, tid, nt);
        if (prev->first && tl.a == 0) emu_line(E, prev, tl.line);
    }
    for (int tid = 0; tid < nt; tid++) hw_tile_load(E->S, tl, st, &E->sm, tid, nt);
    double *osc = E->osc + (size_t)st->par * E->S->n_lines;
    for (int tid = 0; tid < nt; tid++) {
        double z = hw_tile_segments(E->S, &E->w, &E->acc, tl, st, &E->sm, tid, nt);
        if (z > osc[tl.line]) osc[tl.line] = z;
    }
    for (int tid = 0; tid < nt; tid++) hw_tile_nodes(E->S, tl, st, &E->sm, tid, nt);
}

/* n steps from step k0 (time k0 dt), as hw_fused_step_n runs them: a pass over the tiles per
 * stage (in reverse order where asked), then a pass over the points and lines that ends the call;
 * the state ping-pongs between y and alt and is copied back to y where n is odd, as on the
 * device. */
static void emu_steps(emu *E, int integ, double dt, long k0, int n, int nt, int reverse)
{
    const hw_lm_sys *S = E->S;
    hw_tile_stage st, prev;
    int have_prev = 0;
    for (int k = 0; k < n; k++) {
        double t = 0.0 + (double)(k0 + k) * dt;
        for (int s = 0; s < hw_tile_n_stages(integ); s++) {
            hw_tile_stage_of(integ, t, dt, &E->B, k & 1, s, &st);
            for (int q = 0; q < E->n_tiles; q++)
                emu_tile(E, reverse ? E->n_tiles - 1 - q : q, &st, have_prev ? &prev : NULL, nt);
            prev = st;
            have_prev = 1;
        }
    }
    for (int p = 0; p < S->n_points; p++) hw_tile_point(S, &E->w, &prev, p);
    if (prev.first)
        for (int l = 0; l < S->n_lines; l++) emu_line(E, &prev, l);
    if (n & 1) memcpy(E->B.y, E->B.alt, (size_t)HW_Y_BLOCKS * S->n_state * sizeof(double));
}

static hw_scenario *load(const char *path)
{
    hw_scenario *sc = NULL;
    char msg[1024];
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

/* Runs `calls` calls of `per` steps on the CPU backend and in the emulation; asserts the states,
 * the accumulators and the bad flags bit-equal. */
static void compare(const char *name, const hw_model_def *def, int integ, int calls, int per, int nt,
                    int reverse)
{
    hw_model_def d = *def;
    d.solver.integrator = (hw_integrator)integ;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&d, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s: %s", name, msg);
    const char *why = NULL;
    cr_assert(hw_tile_covers(&sim->m.S, 0, &why), "%s: not covered: %s", name, why);
    emu E;
    emu_init(&E, sim);
    const hw_lm_sys *S = &sim->m.S;
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state, na = HW_ACC_SEG_NV * (size_t)S->n_segs,
           nl = HW_ACC_LINE_NV * (size_t)S->n_lines;
    double *y = malloc(ny * sizeof(double)), *as = malloc(na * sizeof(double)), *al = malloc(nl * sizeof(double));
    for (int c = 0; c < calls; c++) {
        long k0 = hw_sim_steps_taken(sim);
        cr_assert_eq(hw_sim_step(sim, per), HW_OK, "%s: %s", name, hw_sim_last_error(sim));
        emu_steps(&E, integ, hw_sim_dt(sim), k0, per, nt, reverse);
        cr_assert_eq(E.bad, HW_NO_BAD, "%s: the emulation flagged %d", name, E.bad);
        cr_assert_eq(sim->ops->download(sim->be, HW_BUF_Y, y), HW_OK);
        cr_assert_eq(sim->ops->acc_get(sim->be, as, al), HW_OK);
        size_t first = ny;
        for (size_t i = 0; i < ny && first == ny; i++)
            if (memcmp(&y[i], &E.B.y[i], sizeof(double))) first = i;
        cr_assert_eq(first, ny, "%s integrator %d call %d: state %zu (block %zu, slot %zu) differs: cpu %.17g emulated %.17g",
                     name, integ, c, first, first / (size_t)S->n_state, first % (size_t)S->n_state,
                     first < ny ? y[first] : 0.0, first < ny ? E.B.y[first] : 0.0);
        cr_assert_eq(memcmp(as, E.acc.seg, na * sizeof(double)), 0, "%s integrator %d: segment accumulators differ", name, integ);
        cr_assert_eq(memcmp(al, E.acc.line, nl * sizeof(double)), 0, "%s integrator %d: line accumulators differ", name, integ);
    }
    printf("%s, integrator %d, %d tiles, %d threads%s: %d x %d steps bit-equal to the CPU backend\n", name,
           integ, E.n_tiles, nt, reverse ? ", tiles reversed" : "", calls, per);
    free(y); free(as); free(al);
    emu_free(&E);
    hw_sim_destroy(sim);
}

/* tests/data/scenario_full.yaml (every point kind, a current profile, an EA table, a free buoy
 * joining two lines) with the given segment counts; dt automatic (its own dt is unstable). */
static void full_with(hw_scenario *sc, const int *nseg)
{
    for (int l = 0; l < sc->model.n_lines; l++) ((hw_line_def *)sc->model.lines)[l].nseg = nseg[l];
    sc->model.solver.dt = 0.0;
}

Test(fused_emulation, tile_sizes_every_point_kind_all_integrators)
{
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/scenario_full.yaml");
    /* several tiles (301 nodes: 128 + 128 + 45), exactly one tile (128 nodes), shorter than a
     * tile, one node past a tile (the second tile is the end node alone) */
    const int nseg[4] = {300, 127, 10, 128};
    full_with(sc, nseg);
    for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++) {
        compare("scenario_full 300/127/10/128", &sc->model, integ, 3, 7, HW_TILE_NODES, 0);
        compare("scenario_full 300/127/10/128", &sc->model, integ, 1, 5, 37, 1);
    }
    hw_scenario_free(sc);
}

Test(fused_emulation, short_lines_and_single_segments)
{
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/scenario_full.yaml");
    const int nseg[4] = {1, 2, 126, 255};
    full_with(sc, nseg);
    for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++)
        compare("scenario_full 1/2/126/255", &sc->model, integ, 2, 6, HW_TILE_NODES, integ == HW_INT_RK2);
    hw_scenario_free(sc);
}

/* Many lines of all sizes between the same points (the free buoy carries twenty ends). */
Test(fused_emulation, many_lines_sharing_points)
{
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/scenario_full.yaml");
    int nl = 40;
    hw_line_def *lines = calloc((size_t)nl, sizeof(hw_line_def));
    for (int l = 0; l < nl; l++) {
        lines[l] = sc->model.lines[l % sc->model.n_lines];
        lines[l].nseg = 3 + (l * 37) % 200;
    }
    hw_model_def d = sc->model;
    d.lines = lines;
    d.n_lines = nl;
    d.solver.dt = 0.0;
    for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++)
        compare("40 lines", &d, integ, 2, 4, HW_TILE_NODES, 0);
    free(lines);
    hw_scenario_free(sc);
}

/* The examples: OC4 (three chains, prescribed fairleads, static solve) and the taut tether (a
 * free buoy in a uniform current). */
Test(fused_emulation, examples)
{
    const char *paths[] = {HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_EXAMPLES_DIR "/taut_tether.yaml"};
    for (int k = 0; k < 2; k++) {
        hw_scenario *sc = load(paths[k]);
        for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++)
            compare(paths[k], &sc->model, integ, 2, 25, HW_TILE_NODES, 0);
        hw_scenario_free(sc);
    }
}

/* Waves (docs/physics.md section 10): regular waves on the full scenario (several tiles per line,
 * every point kind, a current) and 40 components on OC4 with a fairlead raised through the
 * surface (submerged fractions at the end node and its neighbours); a kinematics step of a few
 * time steps, so that the nodes' samples are refreshed (taken afresh, then carried over from the
 * previous interval) inside the calls. Bit-equal to the CPU backend, all integrators. */
Test(fused_emulation, waves)
{
    static double amp[40], om[40], dir[40], ph[40];
    for (int j = 0; j < 40; j++) {
        om[j] = 0.35 + 0.03 * j;
        amp[j] = 0.05 + 0.01 * (j % 5);
        dir[j] = 0.3 * sin(1.7 * j);
        ph[j] = fmod(2.399963 * j, 6.283185307179586);
    }
    for (int k = 0; k < 2; k++) {
        hw_scenario *sc = load(k ? HW_EXAMPLES_DIR "/oc4_mooring.yaml" : HW_TEST_DATA_DIR "/scenario_full.yaml");
        if (!k) {
            const int nseg[4] = {300, 127, 10, 128};
            full_with(sc, nseg);
        }
        hw_waves_def *w = &sc->model.env.waves;
        *w = hw_default_waves();
        if (k) {
            w->kind = HW_WAVES_COMPONENTS;
            w->n_components = 40;
            w->c_amp = amp; w->c_omega = om; w->c_dir = dir; w->c_phase = ph;
            ((hw_point_def *)sc->model.points)[sc->model.lines[0].point_b].pos[2] = 1.0;
        } else {
            w->kind = HW_WAVES_REGULAR;
            w->height = 8.0;
            w->period = 11.0;
            w->direction = 0.5;
            w->ramp_time = 0.01;
        }
        for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++) {
            hw_sim *probe = NULL;
            char msg[512];
            cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &probe, msg, sizeof msg), HW_OK, "%s", msg);
            w->kinematics_step = 2.7 * hw_sim_dt(probe); /* a refresh every two or three steps */
            hw_sim_destroy(probe);
            compare(k ? "oc4 in 40 components" : "scenario_full in regular waves", &sc->model, integ, 2, 9,
                    HW_TILE_NODES, integ == HW_INT_RK2);
            w->kinematics_step = 0.0;
        }
        hw_scenario_free(sc);
    }
}

/* Broken segments (line failure sets seg_alive to 0): no tension or damping across them. */
Test(fused_emulation, broken_segments)
{
    hw_scenario *sc = load(HW_TEST_DATA_DIR "/scenario_full.yaml");
    const int nseg[4] = {300, 127, 10, 128};
    full_with(sc, nseg);
    for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++) {
        hw_model_def d = sc->model;
        d.solver.integrator = (hw_integrator)integ;
        hw_sim *sim = NULL;
        char msg[512];
        cr_assert_eq(hw_sim_create(&d, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
        hw_lm_sys *S = &sim->m.S; /* shared by the CPU backend and the emulation */
        S->seg_alive[S->ln_s0[0] + 127] = 0.0; /* at a tile edge: segment 128 joins nodes 127 and 128 */
        S->seg_alive[S->ln_s0[1] + 40] = 0.0;
        emu E;
        emu_init(&E, sim);
        size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
        double *y = malloc(ny * sizeof(double));
        cr_assert_eq(hw_sim_step(sim, 9), HW_OK, "%s", hw_sim_last_error(sim));
        emu_steps(&E, integ, hw_sim_dt(sim), 0, 9, HW_TILE_NODES, 0);
        cr_assert_eq(sim->ops->download(sim->be, HW_BUF_Y, y), HW_OK);
        cr_expect_eq(memcmp(y, E.B.y, ny * sizeof(double)), 0, "integrator %d: states differ", integ);
        free(y);
        emu_free(&E);
        hw_sim_destroy(sim);
    }
    hw_scenario_free(sc);
}

/* A step past the critical one: the CPU backend's per-step bad flag (a segment past max_strain,
 * or an instability monitor trip: n_segs + line) and the emulation's agree at every step, and the
 * states up to the blow-up are bit-equal. */
static void flags_agree(const char *path, int integ, double factor, int strain_off, int max_steps)
{
    hw_scenario *sc = load(path);
    sc->model.solver.integrator = (hw_integrator)integ;
    sc->model.solver.dt = 0.0;
    if (strain_off) sc->model.solver.max_strain = 1e12;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double crit = 0.0;
    hw_sim_critical_step(sim, &crit, NULL, NULL);
    hw_sim_destroy(sim);
    sc->model.solver.dt = factor * crit;
    sc->model.solver.allow_unstable_dt = 1;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    emu E;
    emu_init(&E, sim);
    const hw_lm_sys *S = &sim->m.S;
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    double *y = malloc(ny * sizeof(double)), dt = hw_sim_dt(sim);
    int k, bad = -1;
    for (k = 0; k < max_steps && bad < 0; k++) {
        hw_integrate_step(sim->ops, sim->be, (hw_integrator)integ, 0.0 + (double)k * dt, dt);
        bad = sim->ops->take_bad(sim->be);
        emu_steps(&E, integ, dt, k, 1, HW_TILE_NODES, 0);
        int eb = E.bad == HW_NO_BAD ? -1 : E.bad;
        E.bad = HW_NO_BAD;
        cr_assert_eq(eb, bad, "%s integrator %d step %d: bad flag cpu %d emulated %d", path, integ, k, bad, eb);
        if (bad >= 0) break;
        cr_assert_eq(sim->ops->download(sim->be, HW_BUF_Y, y), HW_OK);
        cr_assert_eq(memcmp(y, E.B.y, ny * sizeof(double)), 0, "%s integrator %d step %d: states differ", path, integ, k);
    }
    cr_expect_geq(bad, 0, "%s integrator %d: no blow-up in %d steps at %gx the critical step", path, integ,
                  max_steps, factor);
    printf("%s at %gx its critical step, integrator %d: flagged %d (%d segments) at step %d on both\n", path,
           factor, integ, bad, S->n_segs, k);
    free(y);
    emu_free(&E);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(fused_emulation, blow_up_flags_agree)
{
    for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++)
        flags_agree(HW_EXAMPLES_DIR "/taut_tether.yaml", integ, 40.0, 0, 2000);
    /* the monitor (docs/stability.md): OC4 at 1.05x its RK2 critical step, strain bound off */
    flags_agree(HW_EXAMPLES_DIR "/oc4_mooring.yaml", HW_INT_RK2, 1.05, 1, 10000);
}

/* What the fused step does not cover is said, and the CUDA backend then runs the baseline. */
Test(fused_emulation, coverage)
{
    const char *why = NULL;
    hw_scenario *sc = load(HW_EXAMPLES_DIR "/crane_lowering.yaml");
    hw_model m;
    char msg[512];
    cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect(!hw_tile_covers(&m.S, 0, &why));
    cr_expect(strstr(why, "winch") != NULL, "%s", why);
    hw_model_free(&m);
    hw_scenario_free(sc);
    sc = load(HW_EXAMPLES_DIR "/oc4_mooring.yaml");
    cr_assert_eq(hw_model_build(&sc->model, &m, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect(hw_tile_covers(&m.S, 0, &why));
    cr_expect(!hw_tile_covers(&m.S, 1, &why));
    hw_model_free(&m);
    hw_scenario_free(sc);
}
