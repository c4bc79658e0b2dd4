/* The time schemes MoorDyn decks ask for (tScheme): explicit Euler and Adams-Bashforth 2-4 against
 * the closed-form spring-mass oscillator (order of convergence, the start-up, restarts), their
 * critical steps, the deck's tScheme names, the deck against its YAML twin, and the runs against
 * MoorDyn 2.7.2. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hawser/checkpoint.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "model/critical_step.h"
#include "world/integrate.h"

/* A 1000 kg free point hanging in air from a fixed point on one 10 m segment (EA 1e6 N, 1 kg/m,
 * no damping, no drag): the point and the segment's lower half (the node mass lumped on it) are
 * a mass M = 1005 kg on a spring k = EA / L = 1e5 N/m, so z(t) = z_eq + A cos(w t) with
 * w = sqrt(k / M), z_eq = -10 - L - M g / k, while the line stays taut (A < M g / k). */
#define SM_L 10.0
#define SM_EA 1e6
#define SM_MU 1.0
#define SM_M 1000.0
#define SM_A 0.05

typedef struct spring_mass { one_line m; double w, z_eq; } spring_mass;

static void spring_mass_init(spring_mass *s, hw_integrator integ, double dt)
{
    double ra[3] = {0, 0, -10}, rb[3] = {0, 0, -20};
    one_line_init(&s->m, 0.01, SM_MU, SM_EA, SM_L, 1, ra, rb);
    s->m.def.env.rho_w = 0;
    s->m.def.env.depth = 100;
    s->m.pts[1].kind = HW_POINT_FREE;
    s->m.pts[1].mass = SM_M;
    s->m.def.solver.static_solve = 0;
    s->m.def.solver.integrator = integ;
    s->m.def.solver.dt = dt;
    /* explicit Euler and AB2 grow an undamped oscillation at any step (docs/physics.md): the
     * growth is the error measured here, so the critical-step check is waived */
    s->m.def.solver.allow_unstable_dt = 1;
    double M = SM_M + 0.5 * SM_MU * SM_L, k = SM_EA / SM_L;
    s->w = sqrt(k / M);
    s->z_eq = -10.0 - SM_L - M * G0 / k;
    s->m.pts[1].pos[2] = s->z_eq - SM_A;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "create: %s", msg);
    return sim;
}

/* The largest error of the point's height against the closed form over samples every 0.02 s up
 * to t_end (one and a half periods). */
static double sm_error(hw_integrator integ, double dt)
{
    spring_mass s;
    spring_mass_init(&s, integ, dt);
    hw_sim *sim = make(&s.m.def);
    double err = 0;
    int per = (int)lround(0.02 / dt);
    for (int k = 1; k <= 50; k++) {
        cr_assert_eq(hw_sim_step(sim, per), HW_OK, "%s", hw_sim_last_error(sim));
        double r[3], t = hw_sim_time(sim);
        hw_sim_point_state(sim, 1, r, NULL, NULL);
        err = fmax(err, fabs(r[2] - (s.z_eq - SM_A * cos(s.w * t))));
    }
    hw_sim_destroy(sim);
    return err;
}

/* Halving dt divides the error by 2^p: measured ratios within 15% of it (the next term of the
 * error expansion at these steps, w dt = 0.01 to 0.04, moves a ratio by a few percent). MoorDyn's
 * iterated backward Euler and midpoint rule keep their orders, 1 and 2, with 5 iterations. MoorDyn's
 * Heun is second order per step, but its first step from a zero derivative is half an Euler step:
 * an O(dt) velocity error for this oscillator, released out of equilibrium, hence p = 1. */
Test(schemes, order_of_convergence)
{
    struct { hw_integrator i; int p; const char *name; } cases[] = {
        {HW_INT_EULER, 1, "explicit Euler"}, {HW_INT_AB2, 2, "AB2"}, {HW_INT_AB3, 3, "AB3"}, {HW_INT_AB4, 4, "AB4"},
        {HW_INT_RK4, 4, "RK4 (the check itself)"}, {HW_INT_MOORDYN_HEUN, 1, "MoorDyn's Heun"},
        {HW_INT_BEULER, 1, "backward Euler (5 iterations)"}, {HW_INT_MIDPOINT, 2, "implicit midpoint (5 iterations)"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double e1 = sm_error(cases[c].i, 4e-3), e2 = sm_error(cases[c].i, 2e-3), e3 = sm_error(cases[c].i, 1e-3);
        double want = pow(2.0, cases[c].p);
        printf("%s: error %.3e, %.3e, %.3e m at dt = 4, 2, 1 ms: ratios %.2f %.2f (2^%d = %.0f)\n", cases[c].name,
               e1, e2, e3, e1 / e2, e2 / e3, cases[c].p, want);
        cr_expect(fabs(e1 / e2 / want - 1) < 0.15, "%s: ratio %g, expected %g", cases[c].name, e1 / e2, want);
        cr_expect(fabs(e2 / e3 / want - 1) < 0.15, "%s: ratio %g, expected %g", cases[c].name, e2 / e3, want);
    }
}

/* The start-up: AB's first steps are Heun's RK3 steps, so the first step of every AB scheme is
 * the same, and AB4's first three match AB3's first two and then differ (AB3 takes over). */
Test(schemes, startup_steps)
{
    double z[4][4];
    hw_integrator I[4] = {HW_INT_AB2, HW_INT_AB3, HW_INT_AB4, HW_INT_EULER};
    for (int c = 0; c < 4; c++) {
        spring_mass s;
        spring_mass_init(&s, I[c], 1e-3);
        hw_sim *sim = make(&s.m.def);
        for (int k = 0; k < 4; k++) {
            cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
            double r[3];
            hw_sim_point_state(sim, 1, r, NULL, NULL);
            z[c][k] = r[2];
        }
        hw_sim_destroy(sim);
    }
    /* step 1: RK3 in all three AB schemes; explicit Euler does not move a point at rest */
    cr_expect_eq(z[0][0], z[1][0]);
    cr_expect_eq(z[1][0], z[2][0]);
    spring_mass s;
    spring_mass_init(&s, HW_INT_EULER, 1e-3);
    cr_expect_eq(z[3][0], s.z_eq - SM_A);
    /* RK3's local error O(dt^4): within (w dt)^4 A of the closed form after one step */
    double exact = s.z_eq - SM_A * cos(s.w * 1e-3);
    cr_expect_lt(fabs(z[0][0] - exact), pow(s.w * 1e-3, 4) * SM_A);
    /* steps 2, 3: AB3 and AB4 both still start up (RK3), AB2 runs AB2 */
    cr_expect_eq(z[1][1], z[2][1]);
    cr_expect_neq(z[0][1], z[1][1]);
    cr_expect_neq(z[1][2], z[2][2]); /* AB3 runs AB3 on its third step, AB4 still starts up */
}

/* A state set from outside restarts the history: the step after it is a start-up step, so an AB3
 * run whose state is reset to its start repeats its first steps to the bit. */
Test(schemes, history_restarts_on_a_new_state)
{
    spring_mass s;
    spring_mass_init(&s, HW_INT_AB3, 1e-3);
    hw_sim *sim = make(&s.m.def);
    double xyz[6], r0[3], r1[3], r2[3];
    hw_sim_line_positions(sim, 0, xyz);
    cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
    hw_sim_point_state(sim, 1, r0, NULL, NULL);
    cr_assert_eq(hw_sim_step(sim, 20), HW_OK);
    cr_assert_eq(hw_sim_set_line_state(sim, 0, xyz, NULL), HW_OK);
    cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
    hw_sim_point_state(sim, 1, r1, NULL, NULL);
    cr_expect_eq(r0[2], r1[2], "first step after the reset %.17g, at the start %.17g", r1[2], r0[2]);
    /* a checkpoint carries no history: the resumed run starts up again (docs/outputs.md); it stays
     * within the scheme's error of the uninterrupted run (the restart replaces two AB3 steps by RK3
     * steps, each within (w dt)^4 A = 5e-10 m of the closed form) */
    void *buf = NULL;
    size_t len = 0;
    cr_assert_eq(hw_sim_step(sim, 100), HW_OK);
    cr_assert_eq(hw_sim_save_state(sim, &buf, &len), HW_OK);
    cr_assert_eq(hw_sim_step(sim, 100), HW_OK);
    hw_sim_point_state(sim, 1, r1, NULL, NULL);
    hw_sim *sim2 = make(&s.m.def);
    char msg[512];
    cr_assert_eq(hw_sim_load_state(sim2, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_step(sim2, 100), HW_OK);
    hw_sim_point_state(sim2, 1, r2, NULL, NULL);
    printf("AB3 across a checkpoint: %.12f m, uninterrupted %.12f m\n", r2[2], r1[2]);
    cr_expect_lt(fabs(r2[2] - r1[2]), 1e-8);
    cr_expect_neq(r2[2], r1[2]); /* the start-up did run again */
    free(buf);
    hw_sim_destroy(sim2);
    hw_sim_destroy(sim);
}

/* hw_sim_advance_to to a time between steps: the shortened step is an RK4 step and the history
 * starts up again after it; the run stays on the closed form. */
Test(schemes, shortened_step)
{
    spring_mass s;
    spring_mass_init(&s, HW_INT_AB4, 1e-3);
    hw_sim *sim = make(&s.m.def);
    cr_assert_eq(hw_sim_advance_to(sim, 0.1234567), HW_OK, "%s", hw_sim_last_error(sim));
    cr_assert_eq(hw_sim_advance_to(sim, 0.5), HW_OK, "%s", hw_sim_last_error(sim));
    double r[3];
    hw_sim_point_state(sim, 1, r, NULL, NULL);
    cr_expect_lt(fabs(r[2] - (s.z_eq - SM_A * cos(s.w * 0.5))), 1e-9, "%.12f", r[2]);
    hw_sim_destroy(sim);
}

/* Stability on the axes (docs/physics.md): the critical step of an undamped mode and of a pure
 * damper for each scheme, h w on the axis, against the textbook boundaries. */
Test(schemes, critical_steps_on_the_axes)
{
    const double w = 100.0;
    /* negative real axis: zeta = 1 gives a double root lambda = -w */
    struct { hw_integrator i; double real, imag; } cases[] = {
        {HW_INT_EULER, 2.0, 0.0}, {HW_INT_AB2, 1.0, 0.0}, {HW_INT_AB3, 6.0 / 11.0, 0.7236},
        {HW_INT_AB4, 0.3, 0.4294}, {HW_INT_RK4, 2.7853, 2.8284}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double hr = hw_stable_step(cases[c].i, w, 1.0) * w, hi = hw_stable_step(cases[c].i, w, 0.0) * w;
        printf("%s: h w = %.4f on the negative real axis, %.4f on the imaginary axis\n", hw_integ_name(cases[c].i),
               hr, hi);
        cr_expect(fabs(hr - cases[c].real) < 2e-3 * cases[c].real, "%s real %g", hw_integ_name(cases[c].i), hr);
        if (cases[c].imag > 0)
            cr_expect(fabs(hi - cases[c].imag) < 2e-3 * cases[c].imag, "%s imag %g", hw_integ_name(cases[c].i), hi);
        else /* growth 1e-6 per step: (h w)^2 / 2 (Euler), (h w)^4 / 4 (AB2) */
            cr_expect_lt(hi, cases[c].i == HW_INT_EULER ? 2e-3 : 0.06, "%s imag %g", hw_integ_name(cases[c].i), hi);
    }
    /* the damped oscillator: Euler holds while h w <= 2 zeta */
    cr_expect(fabs(hw_stable_step(HW_INT_EULER, w, 0.3) * w - 0.6) < 1e-3);
}

/* ---- decks ---------------------------------------------------------------------------------------- */

static char deck_text[8192];

/* md_schemes.dat with its tScheme replaced by name. */
static const char *deck_with(const char *name)
{
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_schemes.dat", "r");
    cr_assert_not_null(f);
    char base[8192];
    size_t n = fread(base, 1, sizeof base - 1, f);
    base[n] = 0;
    fclose(f);
    const char *at = strstr(base, "Euler     tScheme");
    cr_assert_not_null(at);
    snprintf(deck_text, sizeof deck_text, "%.*s%s tScheme%s", (int)(at - base), base, name, at + strlen("Euler     tScheme"));
    return deck_text;
}

static char *yaml_of(const hw_scenario *sc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, NULL), HW_OK);
    fclose(f);
    return buf;
}

/* The deck and its hand-written YAML twin are the same scenario (written back to YAML, the same
 * text) and run to the same numbers, bit for bit. */
Test(decks, md_schemes_matches_its_yaml_twin)
{
    char msg[1024];
    hw_scenario *d = NULL, *y = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_schemes.dat", NULL, NULL, &d, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_schemes.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(d->model.solver.integrator, HW_INT_EULER);
    char *a = yaml_of(d), *b = yaml_of(y);
    cr_expect_str_eq(a, b);
    free(a);
    free(b);
    hw_sim *s1 = make(&d->model), *s2 = make(&y->model);
    cr_assert_eq(hw_sim_step(s1, 1000), HW_OK);
    cr_assert_eq(hw_sim_step(s2, 1000), HW_OK);
    double r1[3], r2[3], v1[3], v2[3];
    hw_sim_point_state(s1, 1, r1, v1, NULL);
    hw_sim_point_state(s2, 1, r2, v2, NULL);
    cr_expect(!memcmp(r1, r2, sizeof r1) && !memcmp(v1, v2, sizeof v1), "deck %.17g, twin %.17g", r1[2], r2[2]);
    hw_sim_destroy(s1);
    hw_sim_destroy(s2);
    hw_scenario_free(d);
    hw_scenario_free(y);
}

/* Every tScheme name MoorDyn 2.7.2 accepts is read (case-insensitive): run as it is, or mapped
 * with a note naming what runs instead; anything else is a located error. */
Test(decks, every_tscheme_name)
{
    static const struct { const char *name; hw_integrator integ; const char *note; } C[] = {
        {"Euler", HW_INT_EULER, NULL}, {"euler", HW_INT_EULER, NULL}, {"RK2", HW_INT_RK2, NULL},
        {"RK4", HW_INT_RK4, NULL},
        {"AB2", HW_INT_AB2, "tScheme AB2: Hawser runs the Adams-Bashforth method; MoorDyn 2.7.2's own step formulas"},
        {"ab3", HW_INT_AB3, "tScheme ab3: Hawser runs the Adams-Bashforth method"},
        {"AB4", HW_INT_AB4, "its runs diverge (docs/moordyn.md)"},
        {"Heun", HW_INT_MOORDYN_HEUN, NULL}, {"heun", HW_INT_MOORDYN_HEUN, NULL},
        {"LEuler", HW_INT_EULER, "tScheme LEuler: MoorDyn's local-time-step Euler"},
        {"LAB2", HW_INT_AB2, "tScheme LAB2: MoorDyn's local-time-step AB2"},
        {"LAB3", HW_INT_AB3, "(AB3)"}, {"LAB4", HW_INT_AB4, "(AB4)"},
        {"BEuler5", HW_INT_BEULER, NULL}, {"Midpoint10", HW_INT_MIDPOINT, NULL},
        {"ACA3", HW_INT_ACA, NULL}, {"wilson2", HW_INT_WILSON, NULL}};
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        log_cap cap = {{0}, 0};
        hw_scenario *sc = NULL;
        char msg[1024];
        cr_assert_eq(hw_md_load_string(deck_with(C[k].name), "deck.dat", cap_log, &cap, &sc, NULL, msg, sizeof msg),
                     HW_OK, "%s: %s", C[k].name, msg);
        cr_expect_eq(sc->model.solver.integrator, C[k].integ, "%s", C[k].name);
        if (C[k].integ >= HW_INT_BEULER) /* the iteration count after the name */
            cr_expect_eq(sc->model.solver.iterations, atoi(C[k].name + strcspn(C[k].name, "0123456789")), "%s",
                         C[k].name);
        if (C[k].note) cr_expect(strstr(cap.text, C[k].note), "%s: expected '%s' in: %s", C[k].name, C[k].note, cap.text);
        else cr_expect(!strstr(cap.text, "tScheme"), "%s: no note expected: %s", C[k].name, cap.text);
        hw_scenario_free(sc);
    }
    static const struct { const char *name, *needle; } BADS[] = {
        {"AB5", "expected a time scheme MoorDyn 2.7.2 knows (Euler, LEuler, Heun, RK2, RK4, AB2"},
        {"RK3", "got \"RK3\" (MoorDyn itself would run RK2 instead)"},
        {"Anderson5", "got \"Anderson5\""},
        {"BEuler", "expected BEuler followed by its number of inner iterations (an integer >= 1, e.g. BEuler5)"},
        {"Midpoint0", "expected Midpoint followed by its number"},
        {"Wilson2x", "got \"Wilson2x\""}};
    for (size_t k = 0; k < sizeof BADS / sizeof BADS[0]; k++) {
        hw_scenario *sc = NULL;
        char msg[1024];
        cr_assert_eq(hw_md_load_string(deck_with(BADS[k].name), "deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg),
                     HW_ERR_INPUT, "%s", BADS[k].name);
        cr_expect(!strncmp(msg, "deck.dat:20: OPTIONS tScheme: ", 30), "%s", msg);
        cr_expect(strstr(msg, BADS[k].needle), "%s: expected '%s' in: %s", BADS[k].name, BADS[k].needle, msg);
        cr_expect_null(sc);
    }
}

/* md_schemes.dat against MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311): moordyn.Create(deck with
 * the tScheme named), moordyn.Init(s, [], []), ten moordyn.Step(s, [], [], t, 0.1) calls from
 * t = 0 (100 steps of dtM = 1 ms each), moordyn.GetPointPos(GetPoint(s, 2))[2] after each. */
static const double MD_EULER[10] = {-20.126952686284, -20.079286915794, -20.050738835931, -20.066181449190,
                                    -20.110039698783, -20.141846122328, -20.133527913597, -20.094115792992,
                                    -20.060191782200, -20.061985176605};
static const double MD_RK4[10] = {-20.126820605595, -20.079496583487, -20.051451450238, -20.066788692544,
                                  -20.109709445625, -20.140554603103, -20.132371165472, -20.094359654307,
                                  -20.061905059647, -20.063713690652};
/* the same run's tScheme AB2 and AB3: MoorDyn 2.7.2's Adams-Bashforth leaves the oscillator on the
 * second step (the point's speed jumps from 0.005 to 10 m/s) and never comes back; AB4 overflows */
static const double MD_AB2_AT_01 = -17.310454629104, MD_AB3_AT_01 = -16.147702208168;

static void run_deck(const char *scheme, double z[10])
{
    char msg[1024];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_string(deck_with(scheme), "md_schemes.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    hw_sim *sim = make(&sc->model);
    for (int k = 0; k < 10; k++) {
        cr_assert_eq(hw_sim_advance_to(sim, 0.1 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
        double r[3];
        hw_sim_point_state(sim, 1, r, NULL, NULL);
        z[k] = r[2];
    }
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(decks, md_schemes_against_moordyn)
{
    double z[10], worst = 0;
    /* explicit Euler: the same method on the same forces, so the same numbers to rounding (MoorDyn
     * adds dt f in its own order: 1e-9 m leaves room for that over 1000 steps of an oscillation) */
    run_deck("Euler", z);
    for (int k = 0; k < 10; k++) worst = fmax(worst, fabs(z[k] - MD_EULER[k]));
    printf("Euler: largest difference from MoorDyn 2.7.2's Euler %.3e m\n", worst);
    for (int k = 0; k < 10; k++) cr_expect(fabs(z[k] - MD_EULER[k]) < 1e-9, "t = %.1f: %.12f vs %.12f", 0.1 * (k + 1), z[k], MD_EULER[k]);
    /* AB3, AB4: MoorDyn's own AB runs diverge (above), so they are held to MoorDyn's RK4, within
     * their discretisation error at this step: measured 1.3e-7 m (AB3) and 1.1e-9 m (AB4), as the
     * closed-form check's errors at dt = 1 ms (1.8e-7, 1.4e-9 m) predict; 1e-6 m holds both */
    const char *ab[2] = {"AB3", "AB4"};
    for (int c = 0; c < 2; c++) {
        run_deck(ab[c], z);
        worst = 0;
        for (int k = 0; k < 10; k++) worst = fmax(worst, fabs(z[k] - MD_RK4[k]));
        printf("%s: largest difference from MoorDyn 2.7.2's RK4 %.3e m (MoorDyn's AB2, AB3 at 0.1 s: %.3f, %.3f m)\n",
               ab[c], worst, MD_AB2_AT_01, MD_AB3_AT_01);
        cr_expect_lt(worst, 1e-6, "%s", ab[c]);
        cr_expect_gt(fabs(z[0] - MD_AB3_AT_01), 1.0);
    }
    /* RK2: MoorDyn's is the explicit midpoint rule, Hawser's Heun's method; for this deck's forces,
     * linear in the state, the two are the same map, so the same numbers to rounding */
    static const double MD_RK2[10] = {-20.126819888981, -20.079495134952, -20.051451195533, -20.066791089485,
                                      -20.109713021388, -20.140555724707, -20.132367787638, -20.094354144681,
                                      -20.061902630024, -20.063717385550};
    run_deck("RK2", z);
    worst = 0;
    for (int k = 0; k < 10; k++) worst = fmax(worst, fabs(z[k] - MD_RK2[k]));
    printf("RK2: largest difference from MoorDyn 2.7.2's RK2 %.3e m\n", worst);
    cr_expect_lt(worst, 1e-9);
    /* Heun: MoorDyn's own scheme (integrate.c), the same numbers to rounding */
    static const double MD_HEUN[10] = {-20.127029950141, -20.079715250214, -20.051485239857, -20.066619630268,
                                       -20.109500316756, -20.140493117498, -20.132502147288, -20.094554646317,
                                       -20.061987326963, -20.063617813470};
    run_deck("Heun", z);
    worst = 0;
    for (int k = 0; k < 10; k++) worst = fmax(worst, fabs(z[k] - MD_HEUN[k]));
    printf("Heun: largest difference from MoorDyn 2.7.2's Heun %.3e m\n", worst);
    cr_expect_lt(worst, 1e-9);
    /* RK4 to rounding as well */
    run_deck("RK4", z);
    worst = 0;
    for (int k = 0; k < 10; k++) worst = fmax(worst, fabs(z[k] - MD_RK4[k]));
    printf("RK4: largest difference from MoorDyn 2.7.2's RK4 %.3e m\n", worst);
    cr_expect_lt(worst, 1e-9);
    /* BEuler5 and Midpoint5: MoorDyn's relaxed fixed-point iterations (integrate.c), the same
     * numbers to rounding; they differ from RK4 by 1.6 mm and 7e-7 m at 1 s */
    static const double MD_BEULER5[10] = {-20.126691519934, -20.079706850694, -20.052152835421, -20.067378218012,
                                          -20.109380461863, -20.139299953708, -20.131261083538, -20.094603693621,
                                          -20.063546590020, -20.065351464056};
    static const double MD_MIDPOINT5[10] = {-20.126820739204, -20.079495860437, -20.051450742308, -20.066789025746,
                                            -20.109710714093, -20.140555509747, -20.132370561812, -20.094357888518,
                                            -20.061903824359, -20.063714377469};
    const char *imp[2] = {"BEuler5", "Midpoint5"};
    const double *ref[2] = {MD_BEULER5, MD_MIDPOINT5};
    for (int c = 0; c < 2; c++) {
        run_deck(imp[c], z);
        worst = 0;
        for (int k = 0; k < 10; k++) worst = fmax(worst, fabs(z[k] - ref[c][k]));
        printf("%s: largest difference from MoorDyn 2.7.2's %s %.3e m\n", imp[c], imp[c], worst);
        cr_expect_lt(worst, 1e-9, "%s", imp[c]);
    }
}

/* Explicit Euler on an undamped line: the critical step is the one of 1e-6 growth per step, far
 * below dtM, so the run is refused with the reason (MoorDyn would run it, growing; Hawser runs it
 * with --allow-unstable-dt, the instability monitor watching). */
Test(decks, undamped_euler_deck_is_refused_with_the_reason)
{
    char text[8192], msg[1024];
    snprintf(text, sizeof text, "%s", deck_with("Euler"));
    char *ba = strstr(text, "1e6      -0.5 ");
    cr_assert_not_null(ba);
    memcpy(ba, "1e6      0    ", 14);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_string(text, "md_schemes.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "exceeds the critical step") && strstr(msg, "of explicit Euler") &&
              strstr(msg, "this scheme grows an undamped oscillation at any step"), "%s", msg);
    hw_scenario_free(sc);
}
