/* MoorDyn's iterated Newmark (tScheme ACA<N>, integrator aca) and Wilson-theta (Wilson<N>,
 * integrator wilson) schemes (host/world/integrate.c second_order_step): against MoorDyn 2.7.2's
 * own runs of two decks, the decks against their YAML twins, the closed-form oscillator, the
 * restart from a zero derivative, the stability limits of host/model/critical_step.c against
 * runs, and the values after the node blocks (viscoelastic strains) that MoorDyn leaves behind. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "model/critical_step.h"
#include "world/integrate.h"

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "create: %s", msg);
    return sim;
}

/* The text of a deck of tests/data with its tScheme row's first field (`from` + " tScheme") made
 * `to`. */
static char deck_text[8192];
static const char *deck_with(const char *file, const char *from, const char *to)
{
    char path[512], base[8192];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(base, 1, sizeof base - 1, f);
    base[n] = 0;
    fclose(f);
    const char *at = strstr(base, from);
    cr_assert_not_null(at, "%s in %s", from, file);
    snprintf(deck_text, sizeof deck_text, "%.*s%s tScheme%s", (int)(at - base), base, to, at + strlen(from));
    return deck_text;
}

/* The deck text loaded; its integrator must be aca or wilson as its tScheme names. */
static hw_scenario *load_deck(const char *text, const char *name, const char *scheme)
{
    char msg[1024];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_string(text, name, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->model.solver.integrator, strncasecmp(scheme, "ACA", 3) ? HW_INT_WILSON : HW_INT_ACA, "%s", scheme);
    cr_assert_eq(sc->model.solver.iterations, atoi(scheme + strcspn(scheme, "0123456789")), "%s", scheme);
    return sc;
}

/* ---- against MoorDyn 2.7.2 ------------------------------------------------------------------------ */

/* md_schemes.dat (a 1000 kg point on one damped 10 m segment, dtM 1 ms) with the tScheme named,
 * run by MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311): moordyn.Create(deck), moordyn.Init(s, [],
 * []), ten moordyn.Step(s, [], [], t, 0.1) calls from t = 0, moordyn.GetPointPos(GetPoint(s, 2))[2]
 * after each (the script's 12 printed decimals). */
static const struct { const char *scheme; double z[10]; } MD_POINT[] = {
    {"ACA5", {-20.127030842353, -20.079719350979, -20.051487320655, -20.066614834769, -20.109491325262,
              -20.140489059427, -20.132509197942, -20.094568072329, -20.061994399597, -20.063610070087}},
    {"ACA1", {-20.127030981946, -20.079717425373, -20.051485713982, -20.066616135466, -20.109494931664,
              -20.140491268883, -20.132507046269, -20.094562923687, -20.061991190557, -20.063612508560}},
    {"ACA10", {-20.127030826506, -20.079719569529, -20.051487503016, -20.066614687156, -20.109490915945,
               -20.140488808637, -20.132509442123, -20.094568656686, -20.061994763858, -20.063609793381}},
    {"Wilson5", {-20.126890179911, -20.079863627608, -20.052086380522, -20.067159942846, -20.109254458561,
                 -20.139416981086, -20.131510629724, -20.094722671435, -20.063394206714, -20.065065637976}},
    {"Wilson1", {-20.126916310987, -20.079864320555, -20.052035108366, -20.067101662035, -20.109263433543,
                 -20.139508052897, -20.131605450627, -20.094719258902, -20.063275871084, -20.064933914320}}};
/* The same run's RK4, which Hawser's rk4 meets to 4.1e-13 m (tests/test_schemes.c): ACA and Wilson
 * are other schemes, not RK4 with another name */
static const double MD_RK4_AT_01 = -20.126820605595;

Test(md_schemes, point_against_moordyn)
{
    for (size_t c = 0; c < sizeof MD_POINT / sizeof MD_POINT[0]; c++) {
        hw_scenario *sc = load_deck(deck_with("md_schemes.dat", "Euler     tScheme", MD_POINT[c].scheme),
                                    "md_schemes.dat", MD_POINT[c].scheme);
        hw_sim *sim = make(&sc->model);
        double worst = 0;
        for (int k = 0; k < 10; k++) {
            cr_assert_eq(hw_sim_advance_to(sim, 0.1 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
            double r[3];
            hw_sim_point_state(sim, 1, r, NULL, NULL);
            worst = fmax(worst, fabs(r[2] - MD_POINT[c].z[k]));
        }
        /* the same scheme on the same forces: the same numbers to rounding (1e-9 m leaves room for
         * MoorDyn's own order of the sums over 1000 steps of 5-10 evaluations) */
        printf("%s: largest difference from MoorDyn 2.7.2's %s %.3e m (its RK4 is %.1e m away at 0.1 s)\n",
               MD_POINT[c].scheme, MD_POINT[c].scheme, worst, fabs(MD_POINT[c].z[0] - MD_RK4_AT_01));
        cr_expect_lt(worst, 1e-9, "%s", MD_POINT[c].scheme);
        cr_expect_gt(fabs(MD_POINT[c].z[0] - MD_RK4_AT_01), 1e-5, "%s", MD_POINT[c].scheme);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}

/* md_schemes_line.dat (a 5-segment rope with drag and added mass swinging a 500 kg clump, dtM
 * 0.5 ms) run by MoorDyn 2.7.2 as above with ten moordyn.Step(s, [], [], t, 0.2) calls: the clump's
 * x and z after each. Its RK4 at 0.2 s: x 4.969350814844, z -29.476988728918. */
static const struct { const char *scheme; double x[10], z[10]; } MD_LINE[] = {
    {"ACA5",
     {4.969436350425, 4.852772529271, 4.658140683894, 4.429995854037, 4.174513578090, 3.893902951410,
      3.609610868345, 3.328716103583, 3.048972704491, 2.776116841004},
     {-29.476888653669, -29.520496190998, -29.521145408072, -29.590420241348, -29.669180367174,
      -29.700834800662, -29.752934549824, -29.820194516680, -29.856023096556, -29.889499232379}},
    {"Wilson5",
     {4.969325312929, 4.852546007000, 4.657964889955, 4.429758385591, 4.174180676630, 3.893658448524,
      3.609391305727, 3.328436570228, 3.048739359747, 2.775933687139},
     {-29.476874374427, -29.520366756209, -29.521463047179, -29.590524278070, -29.668899275624,
      -29.701087318471, -29.753179435533, -29.819928861577, -29.856092281311, -29.889776121813}}};

Test(md_schemes, line_against_moordyn)
{
    for (size_t c = 0; c < sizeof MD_LINE / sizeof MD_LINE[0]; c++) {
        hw_scenario *sc = load_deck(deck_with("md_schemes_line.dat", "ACA5      tScheme", MD_LINE[c].scheme),
                                    "md_schemes_line.dat", MD_LINE[c].scheme);
        hw_sim *sim = make(&sc->model);
        double worst = 0;
        for (int k = 0; k < 10; k++) {
            cr_assert_eq(hw_sim_advance_to(sim, 0.2 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
            double r[3];
            hw_sim_point_state(sim, 1, r, NULL, NULL);
            worst = fmax(worst, fmax(fabs(r[0] - MD_LINE[c].x[k]), fabs(r[2] - MD_LINE[c].z[k])));
        }
        printf("%s: clump within %.3e m of MoorDyn 2.7.2's over 2 s\n", MD_LINE[c].scheme, worst);
        cr_expect_lt(worst, 1e-8, "%s", MD_LINE[c].scheme);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}

/* ---- the YAML twin -------------------------------------------------------------------------------- */

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

/* md_schemes_line.dat and md_schemes_line.yaml: the same scenario (written back, the same text,
 * integrator aca and its 5 iterations included) and the same run, bit for bit; the same with
 * Wilson3 and its twin edited to wilson, iterations 3. */
Test(md_schemes, line_deck_matches_its_yaml_twin)
{
    static const struct { const char *scheme, *integ, *iters; } C[] = {{"ACA5", "aca", "5"}, {"Wilson3", "wilson", "3"}};
    for (size_t c = 0; c < sizeof C / sizeof C[0]; c++) {
        char msg[1024], ytext[4096], path[512];
        hw_scenario *d = load_deck(deck_with("md_schemes_line.dat", "ACA5      tScheme", C[c].scheme),
                                   "md_schemes_line.dat", C[c].scheme);
        snprintf(path, sizeof path, "%s/md_schemes_line.yaml", HW_TEST_DATA_DIR);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f);
        size_t n = fread(ytext, 1, sizeof ytext - 1, f);
        ytext[n] = 0;
        fclose(f);
        char *ia = strstr(ytext, "integrator: aca\n  iterations: 5\n");
        cr_assert_not_null(ia);
        char edited[4096];
        snprintf(edited, sizeof edited, "%.*sintegrator: %s\n  iterations: %s\n%s", (int)(ia - ytext), ytext, C[c].integ,
                 C[c].iters, ia + strlen("integrator: aca\n  iterations: 5\n"));
        hw_scenario *y = NULL;
        cr_assert_eq(hw_scenario_load_string(edited, "md_schemes_line.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
        char *a = yaml_of(d), *b = yaml_of(y);
        cr_expect_str_eq(a, b, "%s", C[c].scheme);
        cr_expect(strstr(a, C[c].integ) != NULL);
        free(a);
        free(b);
        hw_sim *s1 = make(&d->model), *s2 = make(&y->model);
        cr_assert_eq(hw_sim_step(s1, 2000), HW_OK);
        cr_assert_eq(hw_sim_step(s2, 2000), HW_OK);
        double r1[3], r2[3], v1[3], v2[3];
        hw_sim_point_state(s1, 1, r1, v1, NULL);
        hw_sim_point_state(s2, 1, r2, v2, NULL);
        cr_expect(!memcmp(r1, r2, sizeof r1) && !memcmp(v1, v2, sizeof v1), "%s: deck %.17g, twin %.17g", C[c].scheme,
                  r1[2], r2[2]);
        hw_sim_destroy(s1);
        hw_sim_destroy(s2);
        hw_scenario_free(d);
        hw_scenario_free(y);
    }
}

/* ---- the closed-form oscillator ------------------------------------------------------------------- */

/* A 1000 kg free point hanging in air from a fixed point on one 10 m segment (EA 1e6 N, 1 kg/m, no
 * drag; tests/test_schemes.c): a mass M = 1005 kg on a spring k = 1e5 N/m, its only degree of
 * freedom, so z(t) = z_eq + A cos(w t) while the line stays taut; BA gives it the damping ratio
 * zeta = BA / (2 L M w) (the segment's damping force BA dl/dt / L). */
#define SM_L 10.0
#define SM_M 1000.0
#define SM_A 0.05

typedef struct spring_mass { one_line m; double w, z_eq, M; } spring_mass;

static void spring_mass_init(spring_mass *s, hw_integrator integ, int iters, double dt, double zeta)
{
    double ra[3] = {0, 0, -10}, rb[3] = {0, 0, -20};
    one_line_init(&s->m, 0.01, 1.0, 1e6, SM_L, 1, ra, rb);
    s->m.def.env.rho_w = 0;
    s->m.def.env.depth = 100;
    s->m.pts[1].kind = HW_POINT_FREE;
    s->m.pts[1].mass = SM_M;
    s->m.def.solver.static_solve = 0;
    s->m.def.solver.integrator = integ;
    s->m.def.solver.iterations = iters;
    s->m.def.solver.dt = dt;
    s->m.def.solver.allow_unstable_dt = 1; /* the steps below are chosen against the scheme's limit */
    s->M = SM_M + 0.5 * 1.0 * SM_L;
    double k = 1e6 / SM_L;
    s->w = sqrt(k / s->M);
    s->m.type.ba = 2.0 * zeta * SM_L * s->M * s->w;
    s->z_eq = -10.0 - SM_L - s->M * G0 / k;
    s->m.pts[1].pos[2] = s->z_eq - SM_A;
}

/* The largest error of the undamped point's height against the closed form over samples every
 * 0.02 s to 1 s. */
static double sm_error(hw_integrator integ, double dt)
{
    spring_mass s;
    spring_mass_init(&s, integ, 5, dt, 0.0);
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

/* Both converge at first order from this start, out of equilibrium. ACA: its first step starts,
 * as MoorDyn's, from a zero derivative, so it takes the velocity dt gamma a1 where the trapezoid
 * takes dt (a0 + a1) / 2: a kick of dt a0 / 2, a0 = w^2 A, which leaves an oscillation of
 * amplitude dt w A / 2 (2.49e-4 m at 1 ms) on the closed form; what the scheme adds after that start
 * is second order and small beside it (the errors match the kick to 0.2%). Wilson: MoorDyn 2.7.2's
 * update to t + dt moves the position by dt^2 ((theta/2 - 1/6) a0 + a1 / 6), not the textbook
 * dt^2 ((1/2 - 1/(6 theta)) a0 + a1 / (6 theta)) (critical_step.c hw_second_order_coef): a first
 * order error every step. Ratios within 10% of 2. */
Test(md_schemes, order_of_convergence)
{
    hw_integrator I[2] = {HW_INT_ACA, HW_INT_WILSON};
    for (int c = 0; c < 2; c++) {
        double e1 = sm_error(I[c], 4e-3), e2 = sm_error(I[c], 2e-3), e3 = sm_error(I[c], 1e-3);
        printf("%s, 5 iterations: error %.3e, %.3e, %.3e m at dt = 4, 2, 1 ms: ratios %.3f %.3f\n", hw_integ_name(I[c]),
               e1, e2, e3, e1 / e2, e2 / e3);
        cr_expect(fabs(e1 / e2 / 2.0 - 1) < 0.1 && fabs(e2 / e3 / 2.0 - 1) < 0.1, "%s: ratios %g %g", hw_integ_name(I[c]),
                  e1 / e2, e2 / e3);
        if (I[c] == HW_INT_ACA) {
            spring_mass s;
            spring_mass_init(&s, HW_INT_ACA, 5, 1e-3, 0.0);
            double kick = 0.5 * 1e-3 * s.w * SM_A;
            printf("ACA: the first step's kick leaves %.4e m; error %.4e m\n", kick, e3);
            cr_expect_lt(fabs(e3 / kick - 1.0), 0.01);
        }
    }
}

/* The largest excursion from equilibrium over n steps of h on the spring-mass with damping ratio
 * zeta, released A away (INFINITY if the run stops: the instability monitor, a blow-up). */
static double sm_excursion(hw_integrator integ, int iters, double zeta, double h, int n)
{
    spring_mass s;
    spring_mass_init(&s, integ, iters, h, zeta);
    hw_sim *sim = make(&s.m.def);
    double most = 0;
    for (int k = 0; k < n; k++) {
        if (hw_sim_step(sim, 1) != HW_OK) { most = INFINITY; break; }
        double r[3];
        hw_sim_point_state(sim, 1, r, NULL, NULL);
        most = fmax(most, fabs(r[2] - s.z_eq));
    }
    hw_sim_destroy(sim);
    return most;
}

/* The stability limits (host/model/critical_step.c: the spectral radius of the 4 x 4 map of a
 * step on (x, v, x0', v0'), the derivative kept included) against runs of the same oscillator:
 * at 0.9 of the limit the excursion stays within the release (the damped one decays), at 1.1 it
 * grows past it within 400 steps. The limits, h w: ACA5 on an undamped mode 0.067 (it grows one at
 * any step, by 1e-6 per step there: weakly unstable, as MoorDyn's midpoint), with zeta 0.1 4.8;
 * Wilson5 0.88 undamped, 1.08 with zeta 0.5. */
Test(md_schemes, stability_limits_hold_in_runs)
{
    static const struct { hw_integrator i; int n; double zeta, lo, hi; } C[] = {
        {HW_INT_ACA, 5, 0.1, 4.5, 5.2}, {HW_INT_WILSON, 5, 0.0, 0.85, 0.9}, {HW_INT_WILSON, 5, 0.5, 1.0, 1.2},
        {HW_INT_WILSON, 1, 0.0, 0.8, 0.85}};
    spring_mass s;
    spring_mass_init(&s, HW_INT_ACA, 5, 1e-3, 0.0);
    double w = s.w;
    cr_expect_lt(hw_stable_step(HW_INT_ACA, w, 0.0) * w, 0.08); /* hw_stable_step: 5 iterations */
    for (size_t c = 0; c < sizeof C / sizeof C[0]; c++) {
        double h = hw_stable_step(hw_integ_code(C[c].i, C[c].n), w, C[c].zeta);
        double below = sm_excursion(C[c].i, C[c].n, C[c].zeta, 0.9 * h, 400);
        double above = sm_excursion(C[c].i, C[c].n, C[c].zeta, 1.1 * h, 400);
        printf("%s (%d iterations), zeta %.1f: limit h w = %.4f; excursion over 400 steps at 0.9x %.4g m, at 1.1x %.4g m "
               "(released %.2f m)\n", hw_integ_name(C[c].i), C[c].n, C[c].zeta, h * w, below, above, SM_A);
        cr_expect(h * w > C[c].lo && h * w < C[c].hi, "limit h w %g", h * w);
        cr_expect_leq(below, SM_A * 1.0001, "%s zeta %g: %g at 0.9x", hw_integ_name(C[c].i), C[c].zeta, below);
        cr_expect_gt(above, 2.0 * SM_A, "%s zeta %g: %g at 1.1x", hw_integ_name(C[c].i), C[c].zeta, above);
    }
}

/* ---- the history ---------------------------------------------------------------------------------- */

/* The derivative kept between steps starts from zero, as MoorDyn's, and again after a state set
 * from outside: a run whose state is reset to its start repeats its first step to the bit. */
Test(md_schemes, restart_from_a_zero_derivative)
{
    hw_integrator I[2] = {HW_INT_ACA, HW_INT_WILSON};
    for (int c = 0; c < 2; c++) {
        spring_mass s;
        spring_mass_init(&s, I[c], 5, 1e-3, 0.0);
        hw_sim *sim = make(&s.m.def);
        double xyz[6], r0[3], r1[3], r2[3];
        hw_sim_line_positions(sim, 0, xyz);
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
        hw_sim_point_state(sim, 1, r0, NULL, NULL);
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
        hw_sim_point_state(sim, 1, r2, NULL, NULL);
        cr_assert_eq(hw_sim_step(sim, 20), HW_OK);
        cr_assert_eq(hw_sim_set_line_state(sim, 0, xyz, NULL), HW_OK);
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
        hw_sim_point_state(sim, 1, r1, NULL, NULL);
        cr_expect(same_d(r0[2], r1[2]), "%s: first step after the reset %.17g, at the start %.17g", hw_integ_name(I[c]),
                  r1[2], r0[2]);
        /* and the second step continues from the kept derivative, not from zero again */
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
        hw_sim_point_state(sim, 1, r1, NULL, NULL);
        cr_expect(same_d(r2[2], r1[2]), "%s: second step %.17g, %.17g", hw_integ_name(I[c]), r1[2], r2[2]);
        hw_sim_destroy(sim);
    }
}

/* ---- the values after the node blocks ------------------------------------------------------------- */

/* A viscoelastic line's strain state (after the node blocks) is advanced with the velocities'
 * weights. MoorDyn 2.7.2's ACA and Wilson update only the positions and velocities of its lines
 * and leave that state where it was: md_polyester.dat (tests/test_md_syrope.c's deck, whose RK4
 * run Hawser matches to 1e-9 m) with tScheme ACA5 drops the 1000 kg point to z = -42.73 m at 2 s in
 * MoorDyn 2.7.2 (PyPI wheel, moordyn.Step to 0.5, 1, 1.5, 2 s: -31.106, -34.008, -38.079,
 * -42.734 m), its RK4 holds it near -30.2 m (-30.267, -30.167, -30.137, -30.260 m), and its
 * Wilson5 run stops with an error. Hawser's aca and wilson runs of that deck (at dtM 0.5 ms) stay
 * within their schemes' errors of MoorDyn's RK4. */
static const double MD_POLY_RK4[4] = {-30.266672541, -30.166742370, -30.137462129, -30.260143025};
static const double MD_POLY_ACA5_AT_2 = -42.734021681;

Test(md_schemes, viscoelastic_state_is_advanced)
{
    static const char *S[2] = {"ACA5", "Wilson5"};
    for (int c = 0; c < 2; c++) {
        hw_scenario *sc = load_deck(deck_with("md_polyester.dat", "RK4       tScheme", S[c]), "md_polyester.dat", S[c]);
        sc->model.solver.dt = 5e-4; /* the deck's 1 ms is above Wilson5's critical step here, 0.73 ms */
        hw_sim *sim = make(&sc->model);
        double worst = 0;
        for (int k = 0; k < 4; k++) {
            cr_assert_eq(hw_sim_advance_to(sim, 0.5 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
            double r[3];
            hw_sim_point_state(sim, 1, r, NULL, NULL);
            worst = fmax(worst, fabs(r[2] - MD_POLY_RK4[k]));
        }
        printf("%s on md_polyester.dat: within %.3e m of MoorDyn 2.7.2's RK4 over 2 s (MoorDyn's own ACA5 falls to "
               "%.2f m)\n", S[c], worst, MD_POLY_ACA5_AT_2);
        cr_expect_lt(worst, 5e-3, "%s", S[c]);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}

/* ---- the clock ------------------------------------------------------------------------------------ */

/* Wilson's iterations read the kinematics at t + theta dt and the step ends at t + dt. MoorDyn
 * 2.7.2's Wilson scheme ends each step with its clock at t + (2 theta - 1) dt (it subtracts
 * (1 - theta) dt from t + theta dt), so its waves and currents run 1.74 times too fast (its number
 * of steps is not affected). md_sea_curr2/deck.dat (a taut rope in a current growing with time,
 * Currents 2) with tScheme Wilson5, node 5's x after moordyn.Step to 0.5, 1, 1.5, 2 s (PyPI
 * wheel, as above): 0.007046708154, 0.074368939392, 0.211381147501, 0.283964551301 m, where its
 * RK4 has the values below; the same deck with the current file's times divided by 1.74 run by
 * Hawser's wilson gives 0.0070775, 0.074494, 0.21157 m at 0.5, 1, 1.5 s (checked by hand: within
 * 0.4% of MoorDyn's, the rest the offset of the evaluations inside a step). Hawser keeps the clock:
 * its wilson run stays within the scheme's first-order error of MoorDyn's RK4. */
static const double MD_CURR2_RK4_X[4] = {0.002462231332, 0.028980841645, 0.087642586942, 0.164471086958};
static const double MD_CURR2_WILSON5_X[4] = {0.007046708154, 0.074368939392, 0.211381147501, 0.283964551301};

Test(md_schemes, wilson_keeps_the_clock)
{
    char msg[1024];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_sea_curr2/deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    sc->model.solver.integrator = HW_INT_WILSON;
    sc->model.solver.iterations = 5;
    hw_sim *sim = make(&sc->model);
    int nn = hw_sim_line_nseg(sim, 0) + 1;
    double *xyz = malloc((size_t)3 * nn * sizeof(double)), worst = 0;
    for (int k = 0; k < 4; k++) {
        cr_assert_eq(hw_sim_advance_to(sim, 0.5 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
        cr_assert_eq(hw_sim_line_positions(sim, 0, xyz), HW_OK);
        double x = xyz[3 * 5];
        worst = fmax(worst, fabs(x - MD_CURR2_RK4_X[k]));
        cr_expect_gt(fabs(x - MD_CURR2_WILSON5_X[k]), 0.3 * MD_CURR2_WILSON5_X[k], "t %g: %.9f", 0.5 * (k + 1), x);
    }
    printf("wilson on md_sea_curr2: node 5 within %.3e m of MoorDyn 2.7.2's RK4 (its Wilson5 is %.4f m off at 0.5 s)\n",
           worst, MD_CURR2_WILSON5_X[0] - MD_CURR2_RK4_X[0]);
    cr_expect_lt(worst, 1e-4);
    free(xyz);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* A reeling line's nodes are inserted and removed inside a step, which the kept derivative cannot
 * follow: aca and wilson are refused with winches, as the other schemes that keep one. */
Test(md_schemes, refused_with_winches)
{
    static const struct { hw_integrator i; const char *name; } C[] = {{HW_INT_ACA, "aca"}, {HW_INT_WILSON, "wilson"}};
    for (int c = 0; c < 2; c++) {
        hw_scenario *sc = NULL;
        char msg[1024];
        cr_assert_eq(hw_scenario_load(HW_EXAMPLES_DIR "/crane_lowering.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
        sc->model.solver.integrator = C[c].i;
        hw_sim *sim = NULL;
        cr_expect_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_ERR_INPUT);
        char want[64];
        snprintf(want, sizeof want, "%s with winches or sheaves not supported yet", C[c].name);
        cr_expect(strstr(msg, want) && strstr(msg, "history of past derivatives"), "%s", msg);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}
