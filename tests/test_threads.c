/* Thread-count invariance of the CPU lumped-mass backend (kernels/cpu/lumped_cpu.c): every
 * scenario family stepped with 1, 2 and 3 threads (hw_set_threads) ends bit-identical: the full
 * state (positions, velocities, dissipated energy of every node and point), the every-step
 * accumulators (extremes, end statistics, monitor), the forces of a fresh evaluation, the
 * segments in use of every line and their failure flags, the time, and a blow-up's diagnosis.
 *
 * The backend's grain is made fine for these small models (hw_cpu_set_grain: work items of 8
 * segment slots, every pass threaded), so that each model is cut into many items, long lines
 * into many pieces, and every pass runs on the threads; one test keeps the default grain on a
 * line long enough for five items. Three threads on this 2-core machine oversubscribe it: the
 * results must not care. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "backend.h"
#include "run/ensemble.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "world/sim_internal.h"

static void fine_grain(void) { hw_cpu_set_grain(8, 0); }

/* What a run leaves, gathered in one array of doubles (bit patterns compared). */
typedef struct snap {
    double *v;
    size_t n;
    hw_status st;
    char err[512];
} snap;

static void push(snap *s, const double *x, size_t n)
{
    s->v = realloc(s->v, (s->n + n + 1) * sizeof(double));
    cr_assert(s->v != NULL);
    memcpy(s->v + s->n, x, n * sizeof(double));
    s->n += n;
}

static void take_snapshot(hw_sim *sim, hw_status st, snap *s)
{
    memset(s, 0, sizeof *s);
    s->st = st;
    snprintf(s->err, sizeof s->err, "%s", st ? hw_sim_last_error(sim) : "");
    const hw_lm_sys *S = &sim->m.S;
    size_t ny = (size_t)HW_Y_BLOCKS * (size_t)S->n_state;
    double *y = malloc(ny * sizeof(double));
    cr_assert(y != NULL);
    cr_assert_eq(sim->ops->download(sim->be, HW_BUF_Y, y), HW_OK);
    push(s, y, ny);
    free(y);
    size_t na = hw_sim_accum_size(sim);
    double *acc = malloc((na + 1) * sizeof(double));
    cr_assert(acc != NULL);
    cr_assert_eq(hw_sim_accum_get(sim, acc), HW_OK);
    push(s, acc, na);
    free(acc);
    double t = hw_sim_time(sim);
    push(s, &t, 1);
    for (int l = 0; l < S->n_lines; l++) {
        double ns = S->ln_nseg[l];
        push(s, &ns, 1);
    }
    push(s, S->seg_alive, (size_t)S->n_segs);
    push(s, S->seg_l0, (size_t)S->n_segs);
    if (!st) { /* the forces of an evaluation at the final state (K1: free between steps) */
        cr_assert_eq(hw_sim_refresh_work(sim), HW_OK);
        push(s, sim->w.seg_T, (size_t)S->n_segs);
        push(s, sim->w.seg_strain, (size_t)S->n_segs);
        push(s, sim->w.pt_f, 3 * (size_t)S->n_points);
        push(s, sim->w.end_f, 6 * (size_t)S->n_lines);
        hw_lm_reduction r;
        cr_assert_eq(hw_sim_max_tension(sim, &r), HW_OK);
        double red[3] = {r.max_T, r.max_seg, r.n_nonfinite};
        push(s, red, 3);
    }
}

typedef hw_scenario *(*load_fn)(void);

static hw_scenario *from_string(const char *text)
{
    hw_scenario *sc = NULL;
    char msg[512];
    cr_assert_eq(hw_scenario_load_string(text, "t.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

static hw_scenario *from_file(const char *path)
{
    hw_scenario *sc = NULL;
    char msg[512];
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

/* Runs the scenario with 1, 2 and 3 threads, each from a fresh load, and compares. expect_st:
 * the status the steps must end with (HW_OK, or HW_ERR_NUMERICAL for a blow-up). */
static void invariance(const char *name, load_fn load, hw_integrator integ, double dt, int steps,
                       hw_status expect_st, void (*check)(hw_sim *))
{
    snap ref;
    for (int nt = 1; nt <= 3; nt++) {
        if (hw_set_threads(nt) != nt) cr_skip_test("built without OpenMP: one thread");
        hw_scenario *sc = load();
        hw_ensemble *ens = NULL;
        char msg[512];
        if (sc->has_ensemble) {
            hw_ensemble_def ed = {sc->ens_n[0], sc->ens_n[1], sc->ens_n[2], sc->ens_v[0],
                                  sc->ens_v[1], sc->ens_v[2], sc->ens_zip};
            cr_assert_eq(hw_ensemble_apply(sc, &ed, &ens, msg, sizeof msg), HW_OK, "%s", msg);
        }
        sc->model.solver.integrator = integ;
        if (dt > 0) {
            sc->model.solver.dt = dt;
            sc->model.solver.allow_unstable_dt = 1;
        }
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg),
                     HW_OK, "%s: %s", name, msg);
        hw_status st = hw_sim_step(sim, steps);
        cr_assert_eq(st, expect_st, "%s, %d threads: %s", name, nt, hw_sim_last_error(sim));
        if (check && nt == 1) check(sim);
        snap s;
        take_snapshot(sim, st, &s);
        if (nt == 1) {
            ref = s;
        } else {
            cr_assert_eq(s.n, ref.n, "%s", name);
            cr_assert_str_eq(s.err, ref.err, "%s, %d threads", name, nt);
            for (size_t k = 0; k < s.n; k++)
                cr_assert(memcmp(&s.v[k], &ref.v[k], sizeof(double)) == 0,
                          "%s (integrator %d), %d threads: value %zu of %zu is %.17g, 1 thread %.17g",
                          name, (int)integ, nt, k, s.n, s.v[k], ref.v[k]);
            free(s.v);
        }
        hw_sim_destroy(sim);
        hw_ensemble_free(ens);
        hw_scenario_free(sc);
    }
    free(ref.v);
    hw_set_threads(0);
}

static const hw_integrator INTEGS[3] = {HW_INT_SYMPLECTIC_EULER, HW_INT_RK2, HW_INT_RK4};

static void all_integrators(const char *name, load_fn load, int steps, void (*check)(hw_sim *))
{
    for (int k = 0; k < 3; k++) invariance(name, load, INTEGS[k], 0.0, steps, HW_OK, check);
}

/* ---- the families --------------------------------------------------------------------------- */

static hw_scenario *oc4(void) { return from_file(HW_EXAMPLES_DIR "/oc4_mooring.yaml"); }

/* The OC4 chain (seabed contact, sinusoidal fairleads), with a text placed in the environment,
 * an EI for the chain, and the lines given. */
#define CHAIN_HEAD(ENV, EI)                                                                        \
    "environment:\n  depth: 200\n  water_density: 1025\n" ENV                                     \
    "line_types:\n  - {name: chain, diameter: 0.0766, mass_per_length: 113.35, EA: 7.536e8,\n"      \
    "     damping_ratio: 0.8, Cdn: 1.1, Cdt: 0.2, Can: 1.0, Cat: 0.0, seabed_friction: 0.5" EI "}\n"
#define SOLVER "solver: {dt: auto, t_end: 10, integrator: rk2}\n"

/* Twelve lines of 3 to 47 segments around a platform: items of many sizes, many line ends. */
static hw_scenario *many_lines(void)
{
    static char y[16384];
    int o = snprintf(y, sizeof y, CHAIN_HEAD("", "") "points:\n");
    for (int k = 0; k < 12; k++) {
        double a = 2 * PI * k / 12;
        o += snprintf(y + o, sizeof y - (size_t)o,
                      "  - {name: anchor%d, type: fixed, position: [%.6f, %.6f, -200]}\n"
                      "  - name: fair%d\n    type: prescribed\n    position: [%.6f, %.6f, -14]\n"
                      "    motion: {type: sinusoid, amplitude: [2, 0, 0], period: %d, phase: -1.5707963267948966}\n",
                      k, 837.6 * cos(a), 837.6 * sin(a), k, 40.868 * cos(a), 40.868 * sin(a), 8 + k);
    }
    o += snprintf(y + o, sizeof y - (size_t)o, "lines:\n");
    for (int k = 0; k < 12; k++)
        o += snprintf(y + o, sizeof y - (size_t)o,
                      "  - {name: line%d, type: chain, end_a: anchor%d, end_b: fair%d, length: 835.5, segments: %d}\n",
                      k, k, k, 3 + 4 * k);
    snprintf(y + o, sizeof y - (size_t)o, SOLVER);
    return from_string(y);
}

/* One line of 5000 segments: five work items at the default grain. */
static hw_scenario *long_line(void)
{
    return from_string(CHAIN_HEAD("", "") "points:\n"
                       "  - {name: anchor, type: fixed, position: [-837.6, 0.0, -200]}\n"
                       "  - name: fair\n    type: prescribed\n    position: [-40.868, 0.0, -14]\n"
                       "    motion: {type: sinusoid, amplitude: [2, 0, 0], period: 10, phase: -1.5707963267948966}\n"
                       "lines:\n  - {name: line, type: chain, end_a: anchor, end_b: fair, length: 835.5, segments: 5000}\n"
                       SOLVER);
}

/* The three-line mooring with bending stiffness (hinges), in a sheared current that changes in
 * time, or both. */
#define THREE_LINES                                                                                \
    "points:\n"                                                                                    \
    "  - {name: a1, type: fixed, position: [418.8, 725.4, -200]}\n"                               \
    "  - {name: a2, type: fixed, position: [-837.6, 0.0, -200]}\n"                                \
    "  - {name: a3, type: fixed, position: [418.8, -725.4, -200]}\n"                              \
    "  - {name: f1, type: prescribed, position: [20.434, 35.393, -14],\n"                         \
    "     motion: {type: sinusoid, amplitude: [2, 0, 0], period: 10}}\n"                          \
    "  - {name: f2, type: prescribed, position: [-40.868, 0.0, -14],\n"                           \
    "     motion: {type: sinusoid, amplitude: [2, 0, 0], period: 10}}\n"                          \
    "  - {name: f3, type: prescribed, position: [20.434, -35.393, -14],\n"                        \
    "     motion: {type: sinusoid, amplitude: [2, 0, 0], period: 10}}\n"                          \
    "lines:\n"                                                                                     \
    "  - {name: l1, type: chain, end_a: a1, end_b: f1, length: 835.5, segments: 30}\n"           \
    "  - {name: l2, type: chain, end_a: a2, end_b: f2, length: 835.5, segments: 41}\n"           \
    "  - {name: l3, type: chain, end_a: a3, end_b: f3, length: 835.5, segments: 17}\n" SOLVER
#define CURRENT                                                                                    \
    "  current:\n    times: [0, 1]\n    profiles:\n"                                              \
    "      - [[-200, 0.2, 0.1], [0, 1.0, 0.3]]\n      - [[-200, 0.4, 0.0], [0, 1.5, -0.2]]\n"

static hw_scenario *bending(void) { return from_string(CHAIN_HEAD("", ", EI: 2.0e5") THREE_LINES); }
static hw_scenario *current(void) { return from_string(CHAIN_HEAD(CURRENT, "") THREE_LINES); }

/* Free points joining lines: two anchor legs meet at a submerged buoy, which a riser line ties
 * to a surging fairlead; a clump weight hangs below the buoy on its own line. */
static hw_scenario *free_points(void)
{
    return from_string(CHAIN_HEAD("", "")
                       "points:\n"
                       "  - {name: a1, type: fixed, position: [-400, 60, -200]}\n"
                       "  - {name: a2, type: fixed, position: [-400, -60, -200]}\n"
                       "  - {name: buoy, type: free, position: [-100, 0, -80], mass: 2000, volume: 20,\n"
                       "     drag_area: 3}\n"
                       "  - {name: clump, type: free, position: [-100, 0, -120], mass: 5000, volume: 0.5}\n"
                       "  - {name: fair, type: prescribed, position: [0, 0, -14],\n"
                       "     motion: {type: sinusoid, amplitude: [2, 0, 0.5], period: 7}}\n"
                       "lines:\n"
                       "  - {name: leg1, type: chain, end_a: a1, end_b: buoy, length: 360, segments: 23}\n"
                       "  - {name: leg2, type: chain, end_a: a2, end_b: buoy, length: 360, segments: 19}\n"
                       "  - {name: riser, type: chain, end_a: buoy, end_b: fair, length: 125, segments: 15}\n"
                       "  - {name: drop, type: chain, end_a: buoy, end_b: clump, length: 40, segments: 9}\n"
                       "solver: {dt: auto, t_end: 10, integrator: rk2, static_solve: false}\n");
}

/* A winch paying out from t = 0 fast enough to insert nodes within the steps: a soft wire
 * (steps per inserted node ~ 1 / (speed sqrt(mu / EA))). */
static hw_scenario *winch(void)
{
    return from_string("environment: {depth: 2000}\n"
                       "line_types:\n"
                       "  - {name: wire, diameter: 0.04, mass_per_length: 8, EA: 2.0e5, damping_ratio: 0.8}\n"
                       "points:\n"
                       "  - {name: tip, type: fixed, position: [0, 0, -1]}\n"
                       "  - {name: load, type: free, position: [3, 0, -11], mass: 200, volume: 0.02, drag_area: 1}\n"
                       "lines:\n"
                       "  - name: wire\n    type: wire\n    end_a: tip\n    end_b: load\n"
                       "    length: 10\n    segments: 20\n"
                       "    winch:\n      end: a\n      speed_table: [[0, 4], [100, 4]]\n"
                       "      max_length: 300\n"
                       "solver: {dt: auto, t_end: 10, integrator: rk2}\n");
}

static void winch_grew(hw_sim *sim) { cr_assert_gt(sim->m.S.ln_nseg[0], 20, "no node inserted"); }

static hw_scenario *sheave(void) { return from_file(HW_EXAMPLES_DIR "/block_and_tackle.yaml"); }

/* The OC4 mooring as an ensemble of 2 x 2 load cases (one model of 12 lines). */
static hw_scenario *ensemble(void)
{
    static char y[8192];
    FILE *f = fopen(HW_EXAMPLES_DIR "/oc4_mooring.yaml", "r");
    cr_assert(f != NULL);
    size_t n = fread(y, 1, sizeof y - 200, f);
    fclose(f);
    snprintf(y + n, sizeof y - n, "ensemble:\n  current_scale: [0.5, 2.0]\n"
             "  motion_amplitude_scale: [1, 3]\n");
    return from_string(y);
}

static hw_scenario *deck(void)
{
    hw_scenario *sc = NULL;
    char msg[512];
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_catenary.dat", NULL, NULL, &sc, NULL, msg, sizeof msg),
                 HW_OK, "%s", msg);
    return sc;
}

/* Line failure: a time rule breaks line1 at 0.2 s; tension rules watch the other two. */
static hw_scenario *failure(void) { return from_file(HW_TEST_DATA_DIR "/md_failure.yaml"); }

static void line1_broke(hw_sim *sim) { cr_assert(sim->fail.ln[0].broken, "line1 did not break"); }

/* ---- the tests ------------------------------------------------------------------------------ */

TestSuite(threads, .init = fine_grain);

Test(threads, plain_mooring) { all_integrators("oc4_mooring", oc4, 60, NULL); }
Test(threads, many_lines) { all_integrators("many lines", many_lines, 60, NULL); }
Test(threads, bending) { all_integrators("bending", bending, 60, NULL); }
Test(threads, current) { all_integrators("current", current, 60, NULL); }
Test(threads, free_points) { all_integrators("free points", free_points, 60, NULL); }
Test(threads, winch) { all_integrators("winch", winch, 400, winch_grew); }
Test(threads, sheave) { all_integrators("sheave", sheave, 200, NULL); }
Test(threads, ensemble) { all_integrators("ensemble", ensemble, 60, NULL); }
Test(threads, moordyn_deck) { all_integrators("md_catenary.dat", deck, 60, NULL); }
Test(threads, failure) { all_integrators("failure", failure, 260, line1_broke); }

/* The default grain: 5000 segments are five items, the passes threaded. */
Test(threads, long_line_default_grain)
{
    hw_cpu_set_grain(0, -1);
    all_integrators("long line", long_line, 12, NULL);
}

/* A blow-up (dt 4x the critical step): the same first bad segment, time and diagnosis. */
Test(threads, blow_up)
{
    hw_scenario *sc = oc4();
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double crit;
    int line, seg;
    cr_assert_eq(hw_sim_critical_step_for(sim, HW_INT_RK2, &crit, &line, &seg), HW_OK);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
    invariance("blow-up", oc4, HW_INT_RK2, 4.0 * crit, 5000, HW_ERR_NUMERICAL, NULL);
}
