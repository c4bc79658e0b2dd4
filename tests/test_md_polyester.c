/* Polyester lines with a mean-load-dependent dynamic stiffness, MoorDyn's EA_s|alpha|beta
 * (kernels/physics/viscoelastic.h, docs/physics.md "Viscoelastic lines", docs/moordyn.md): the
 * stiffness law and its rest state, the relaxation of a held stretch against the chain's own
 * equation integrated here, the static solve's rest, checkpoints, the YAML key and its errors,
 * the deck form, the deck and its hand-written YAML twin, and MoorDyn 2.7.2's own figures on
 * tests/data/md_polyester.dat.
 *
 * What MoorDyn 2.7.2 takes as the mean load was measured on its PyPI wheel: one 10 m segment
 * (EA 1e6|2e6|10, BA 1e5|5e4, no gravity, no drag) between a fixed point and a coupled point driven
 * through x = 10.1 + 0.05 sin(2 pi t) + 0.03 t by moordyn.Step(dt = 1e-3, dtM = 1e-4, TmaxIC 0),
 * its tension (the force on the coupled point) against the chain integrated in Python with the
 * same RK2 steps: with Tm = k1 e1 (the first spring's force) and EA_d = alpha + beta Tm solved
 * with k1 = EA_s EA_d / (EA_d - EA_s), the two agree to 1.6e-8 N on 19 kN (1e-12) over 2 s; with
 * EA_d held at alpha they differ by 500 N. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/checkpoint.h"
#include "io/moordyn_deck.h"
#include "helpers.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "physics/syrope.h"
#include "physics/viscoelastic.h"

static char msg[2048];

/* ---- the stiffness law ----------------------------------------------------------------------- */

/* EA_d = alpha + beta Tm with Tm = k1 e1 and k1 = EA_s EA_d / (EA_d - EA_s): the root returned
 * satisfies both, equals alpha with no mean load (e1 <= 0, or beta = 0), and the rest state of a
 * segment at strain e carries EA_s e through the first spring with EA_d = alpha + beta EA_s e. */
Test(polyester, mean_load_stiffness_law)
{
    const double es = 1e6, alpha = 3e6, beta = 100.0;
    cr_expect_eq(hw_visco_mean_ead(es, alpha, beta, 0.0), alpha);
    cr_expect_eq(hw_visco_mean_ead(es, alpha, beta, -0.01), alpha);
    cr_expect_eq(hw_visco_mean_ead(es, alpha, 0.0, 0.01), alpha);
    const double e1s[] = {1e-6, 1e-3, 0.01, 0.05, 0.3};
    for (size_t k = 0; k < sizeof e1s / sizeof e1s[0]; k++) {
        double ead = hw_visco_mean_ead(es, alpha, beta, e1s[k]);
        double k1 = hw_visco_k1(es, ead), tm = k1 * e1s[k];
        cr_expect(ead > es && fabs(ead - (alpha + beta * tm)) < 1e-12 * ead, "e1 %g: EA_d %.15g, alpha + beta Tm %.15g",
                  e1s[k], ead, alpha + beta * tm);
        double k1s, k2s;
        hw_visco_springs(es, beta, hw_visco_k1(es, alpha), alpha, e1s[k], &k1s, &k2s);
        cr_expect(k2s == ead && k1s == k1);
    }
    const double es_[] = {1e-4, 0.01, 0.1};
    for (size_t k = 0; k < sizeof es_ / sizeof es_[0]; k++) {
        double e = es_[k], e1 = hw_visco_rest(e, hw_visco_k1(es, alpha), alpha, es, beta);
        double ead = hw_visco_mean_ead(es, alpha, beta, e1), k1 = hw_visco_k1(es, ead);
        cr_expect(fabs(k1 * e1 - es * e) < 1e-12 * es * e, "e %g: first spring %.15g, EA_s e %.15g", e, k1 * e1, es * e);
        cr_expect(fabs(ead * (e - e1) - es * e) < 1e-12 * es * e, "e %g: second spring %.15g", e, ead * (e - e1));
    }
    cr_expect_eq(hw_visco_rest(-0.01, 1.5e6, 3e6, es, beta), 0.0);
}

/* ---- relaxation: a stretch held between two fixed points ------------------------------------ */

/* One 10 m segment held at e0 = 0.01, started as MoorDyn starts a line (e1 = e0). The chain's
 * equation at fixed e0, e1' = (k2 e0 - (k1 + k2) e1) / (bs + bd) with k1, k2 following e1, is
 * integrated here by RK4 with 1e5 steps a second (its error below 1e-13). Closed forms: at t = 0
 * the tension is k1(e0) e0 bd / (bs + bd) (the rate then is -k1 e0 / (bs + bd)), and the long-time
 * tension EA_s e0 (both springs at rest, EA_d = alpha + beta EA_s e0). EA_s 1e6, alpha 3e6,
 * beta 100 (EA_d from 3.3e6 to 4e6 N), bs 1e4, bd 4.4e5: relaxation times 0.09-0.11 s. Hawser's
 * RK2 at dt = 1e-3 is second order: within 2e-5 of the decaying part; RK4 within 1e-9. */
static double chain_rate(double e1, double e0, double es, double alpha, double beta, double bs, double bd)
{
    double k1, k2;
    hw_visco_springs(es, beta, hw_visco_k1(es, alpha), alpha, e1, &k1, &k2);
    return (k2 * e0 - (k1 + k2) * e1) / (bs + bd);
}

static void relaxation(const char *integ, double tol)
{
    char text[1024];
    snprintf(text, sizeof text,
        "environment: {gravity: 9.80665, depth: 100}\n"
        "line_types:\n"
        "  - {name: p, diameter: 0.05, mass_per_length: 2, EA: 1e6, BA: 1e4,\n"
        "     viscoelastic: {EA_d: 3e6, BA_d: 4.4e5, EA_d_slope: 100}}\n"
        "points:\n"
        "  - {name: a, type: fixed, position: [0, 0, -10]}\n"
        "  - {name: b, type: fixed, position: [10.1, 0, -10]}\n"
        "lines:\n"
        "  - {name: l, type: p, end_a: a, end_b: b, length: 10, segments: 1}\n"
        "solver: {dt: 0.001, t_end: 1, integrator: %s, static_solve: false, allow_unstable_dt: true}\n",
        integ);
    hw_scenario *sc = scn_text(text, "poly.yaml");
    hw_sim *sim = cpu_sim(sc);
    const double es = 1e6, alpha = 3e6, beta = 100, bs = 1e4, bd = 4.4e5, e0 = 0.01;
    double k10 = hw_visco_k1(es, hw_visco_mean_ead(es, alpha, beta, e0));
    double T0 = k10 * e0 * bd / (bs + bd), Tinf = es * e0;
    const double ts[] = {0.0, 0.05, 0.1, 0.2, 0.5, 1.0};
    double e1 = e0, t = 0.0, h = 1e-5;
    for (size_t k = 0; k < sizeof ts / sizeof ts[0]; k++) {
        for (; t < ts[k] - 0.5 * h; t += h) {
            double a = chain_rate(e1, e0, es, alpha, beta, bs, bd);
            double b = chain_rate(e1 + 0.5 * h * a, e0, es, alpha, beta, bs, bd);
            double c = chain_rate(e1 + 0.5 * h * b, e0, es, alpha, beta, bs, bd);
            double d = chain_rate(e1 + h * c, e0, es, alpha, beta, bs, bd);
            e1 += h / 6.0 * (a + 2 * b + 2 * c + d);
        }
        double k1, k2;
        hw_visco_springs(es, beta, hw_visco_k1(es, alpha), alpha, e1, &k1, &k2);
        double want = k1 * e1 + bs * chain_rate(e1, e0, es, alpha, beta, bs, bd);
        if (k == 0) cr_assert(fabs(want - T0) < 1e-12 * T0, "t = 0: %.15g vs closed form %.15g", want, T0);
        sim_step_to(sim, ts[k], 0.001);
        double T;
        cr_assert_eq(hw_sim_line_tensions(sim, 0, &T), HW_OK);
        cr_expect(fabs(T - want) < tol * (T0 - Tinf), "%s, t %g: T %.9g, the chain's %.9g", integ, ts[k], T, want);
    }
    double T;
    sim_step_to(sim, 1.0, 0.001);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, &T), HW_OK);
    cr_expect(fabs(T - Tinf) < 1e-3 * (T0 - Tinf), "t 1: T %.9g, long-time EA_s e0 %.9g", T, Tinf);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}
Test(polyester, relaxation_under_a_held_stretch) { relaxation("rk2", 2e-5); }
Test(polyester, relaxation_rk4) { relaxation("rk4", 1e-9); }

/* ---- the deck and its twin; MoorDyn 2.7.2 ---------------------------------------------------- */

/* md_polyester.dat and its hand-written twin md_polyester.yaml: the same model, bit for bit the
 * same run. */
Test(polyester, deck_and_yaml_twin_run_the_same)
{
    hw_scenario *sc[2] = {md_deck(HW_TEST_DATA_DIR "/md_polyester.dat"), NULL};
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_polyester.yaml", &sc[1], msg, sizeof msg), HW_OK, "%s", msg);
    const hw_line_type_def *a = &sc[0]->model.types[0], *b = &sc[1]->model.types[0];
    cr_assert(a->ea == 1e6 && a->ea_d == 3e6 && a->ea_d_slope == 100 && a->ba == 1e4 && a->ba_d == 4e6,
              "deck EA_s|alpha|beta BA|BA_d read");
    cr_assert(b->ea == a->ea && b->ea_d == a->ea_d && b->ea_d_slope == a->ea_d_slope && b->ba == a->ba &&
              b->ba_d == a->ba_d);
    double out[2][6];
    for (int k = 0; k < 2; k++) {
        hw_sim *sim = cpu_sim(sc[k]);
        sim_step_to(sim, 2.0, 0.001);
        double r[3], v[3], f[3];
        cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
        cr_assert_eq(hw_sim_line_tensions(sim, 0, out[k]), HW_OK);
        out[k][5] = r[2];
        hw_sim_destroy(sim);
        hw_scenario_free(sc[k]);
    }
    cr_assert(memcmp(out[0], out[1], sizeof out[0]) == 0, "deck and twin differ: z %.17g vs %.17g", out[0][5], out[1][5]);
}

/* MoorDyn 2.7.2 (PyPI wheel; moordyn.Create + Init + Step(dt = 1e-3) on tests/data/md_polyester.dat,
 * node z from GetLineNodePos) and Hawser on the same deck: the 1000 kg drops, bounces and settles
 * while each segment's dynamic stiffness follows its mean load (3e6 N at rest, about 4e6 N under
 * the weight). Same scheme (RK4), step and start (e1 = e, at rest): every printed digit (1e-12 m)
 * agrees; 1e-9 m is asserted. The deck names RK4 because MoorDyn's RK2 is the explicit midpoint
 * rule and Hawser's rk2 Heun's: the same map for forces linear in the state (the constant form,
 * tests/test_viscoelastic.c, agrees to 7e-11 m under RK2), but this stiffness is not linear in
 * e1: under RK2 the two differ by 1.6e-7 m at dt = 1e-3 and 6.5e-9 m at dt = 2e-4 (the point at
 * t = 0.4 s), second order in dt as two second-order schemes do. */
Test(polyester, matches_moordyn_2_7_2)
{
    static const double md[5][6] = { /* t, then z of nodes 1..4 and of the point (node 5) */
        {0.4, -14.059115595880, -18.118189925098, -22.177179932754, -26.236042725530, -30.294735652096},
        {1.0, -14.033330566578, -18.066666555573, -22.100011509642, -26.133368950681, -30.166742369590},
        {2.0, -14.052116068420, -18.104211241181, -22.156262637446, -26.208247457863, -30.260143025226},
        {5.0, -14.037029778323, -18.074064854369, -22.111108556590, -26.148164202961, -30.185235095731},
        {10.0, -14.039732313324, -18.079465790446, -22.119199619006, -26.158932989196, -30.198665095047}};
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_polyester.dat");
    hw_sim *sim = cpu_sim(sc);
    for (int k = 0; k < 5; k++) {
        sim_step_to(sim, md[k][0], 0.001);
        double xyz[18];
        cr_assert_eq(hw_sim_line_positions(sim, 0, xyz), HW_OK);
        for (int j = 1; j <= 5; j++)
            cr_expect(fabs(xyz[3 * j + 2] - md[k][j]) < 1e-9, "t %g node %d: z %.12f, MoorDyn %.12f", md[k][0], j,
                      xyz[3 * j + 2], md[k][j]);
    }
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* ---- statics, checkpoints --------------------------------------------------------------------- */

/* With the static solve the line starts at equilibrium with every first spring at rest under the
 * mean load EA_s e (hw_visco_rest): the run stays where it starts (to the static solve's own
 * tolerance: the point moves 3.5e-8 m in 1 s, the constant form 4.6e-8 m; 1e-6 m asserted). */
Test(polyester, static_start_is_at_rest)
{
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_polyester.yaml", "r");
    cr_assert_not_null(f);
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *p = strstr(text, "static_solve: false");
    cr_assert_not_null(p);
    memcpy(p, "static_solve: true ", 19);
    hw_scenario *sc = scn_text(text, "poly.yaml");
    hw_sim *sim = cpu_sim(sc);
    double t0[5], t1[5], z0[3], z1[3], v[3], fo[3];
    cr_assert_eq(hw_sim_line_tensions(sim, 0, t0), HW_OK);
    cr_assert_eq(hw_sim_point_state(sim, 1, z0, v, fo), HW_OK);
    sim_step_to(sim, 1.0, 0.001);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, t1), HW_OK);
    cr_assert_eq(hw_sim_point_state(sim, 1, z1, v, fo), HW_OK);
    for (int s = 0; s < 5; s++)
        cr_expect(fabs(t1[s] - t0[s]) < 1e-6 * t0[s], "segment %d: %.12g then %.12g", s, t0[s], t1[s]);
    cr_expect(fabs(z1[2] - z0[2]) < 1e-6, "point z %.12f then %.12f", z0[2], z1[2]);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(polyester, checkpoint_resumes_bit_identically)
{
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_polyester.dat");
    hw_sim *a = cpu_sim(sc), *b = cpu_sim(sc);
    sim_step_to(a, 0.3, 0.001);
    void *buf = NULL;
    size_t len = 0;
    cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
    cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    free(buf);
    sim_step_to(a, 1.0, 0.001);
    sim_step_to(b, 1.0, 0.001);
    double ta[5], tb[5], xa[18], xb[18];
    cr_assert_eq(hw_sim_line_tensions(a, 0, ta), HW_OK);
    cr_assert_eq(hw_sim_line_tensions(b, 0, tb), HW_OK);
    cr_assert_eq(hw_sim_line_positions(a, 0, xa), HW_OK);
    cr_assert_eq(hw_sim_line_positions(b, 0, xb), HW_OK);
    cr_assert(memcmp(ta, tb, sizeof ta) == 0 && memcmp(xa, xb, sizeof xa) == 0, "resumed run differs");
    hw_sim_destroy(a);
    hw_sim_destroy(b);
    hw_scenario_free(sc);
}

/* ---- YAML and deck forms ---------------------------------------------------------------------- */

static void yaml_error(const char *visco, const char *n1, const char *n2)
{
    char text[1024];
    snprintf(text, sizeof text,
             "environment: {depth: 100}\n"
             "line_types:\n"
             "  - {name: p, diameter: 0.05, mass_per_length: 2, EA: 1e6, BA: 1e4, viscoelastic: %s}\n"
             "points:\n"
             "  - {name: a, type: fixed, position: [0, 0, -10]}\n"
             "  - {name: b, type: fixed, position: [20, 0, -10]}\n"
             "lines:\n"
             "  - {name: l, type: p, end_a: a, end_b: b, length: 20, segments: 4}\n", visco);
    hw_scenario *sc = NULL;
    cr_assert_neq(hw_scenario_load_string(text, "poly.yaml", &sc, msg, sizeof msg), HW_OK, "%s accepted", visco);
    cr_expect(strstr(msg, n1) != NULL, "%s: '%s' not in: %s", visco, n1, msg);
    if (n2) cr_expect(strstr(msg, n2) != NULL, "%s: '%s' not in: %s", visco, n2, msg);
}

Test(polyester, yaml_errors_are_located)
{
    yaml_error("{EA_d: 3e6, BA_d: 1e5, EA_d_slope: -1}", "viscoelastic.EA_d_slope", ">= 0");
    yaml_error("{BA_d: 1e5, EA_d_slope: 10}", "viscoelastic", "EA_d");
    yaml_error("{EA_d: 3e6, EA_d_Slope: 10}", "EA_d_Slope", NULL);
}

/* hw_scenario_write_yaml (`hawser convert`) writes EA_d_slope and reads back the same type. */
Test(polyester, writer_round_trips)
{
    hw_scenario *a = md_deck(HW_TEST_DATA_DIR "/md_polyester.dat"), *b = NULL;
    const char *path = HW_TMP "/polyester_roundtrip.yaml";
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    cr_assert_eq(hw_scenario_write_yaml(a, f, "round trip"), HW_OK);
    fclose(f);
    cr_assert_eq(hw_scenario_load(path, &b, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_line_type_def *x = &a->model.types[0], *y = &b->model.types[0];
    cr_assert(x->ea == y->ea && x->ea_d == y->ea_d && x->ea_d_slope == y->ea_d_slope && x->ba == y->ba &&
              x->ba_d == y->ba_d, "%g %g %g vs %g %g %g", x->ea, x->ea_d, x->ea_d_slope, y->ea, y->ea_d,
              y->ea_d_slope);
    hw_scenario_free(a);
    hw_scenario_free(b);
    remove(path);
}

static const char *DECK =
    "--- MoorDyn input file ---\n"
    "polyester forms\n"
    "---------------------- LINE TYPES -----------------------\n"
    "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx\n"
    "(name) (m) (kg/m) (N) (N-s/-) (N-m^2) (-) (-) (-) (-)\n"
    "poly 0.217 52.0 %s %s 0.0 1.6 1.79 0.008 0.0\n"
    "---------------------- POINTS -----------------------\n"
    "ID Attachment X Y Z M V CdA CA\n"
    "(#) (-) (m) (m) (m) (kg) (m^3) (m^2) (-)\n"
    "1 Fixed 0 0 -100 0 0 0 0\n"
    "2 Fixed 90 0 -20 0 0 0 0\n"
    "---------------------- LINES -----------------------\n"
    "ID LineType AttachA AttachB UnstrLen NumSegs LineOutputs\n"
    "(#) (name) (#) (#) (m) (-) (-)\n"
    "1 poly 1 2 120 6 -\n"
    "---------------------- OPTIONS -----------------------\n"
    "0.0005 dtM\n"
    "200 WtrDpth\n"
    "------------------------- need this line -----------------\n";

static int load_deck(const char *ea, const char *ba, hw_scenario **sc)
{
    char text[2048];
    snprintf(text, sizeof text, DECK, ea, ba);
    *sc = NULL;
    return hw_md_load_string(text, "poly.dat", NULL, NULL, sc, NULL, msg, sizeof msg);
}

/* MoorDyn's polyester test deck's form (3.39e8|4.048e8|8.855e6 with -1.0|1e11: BA as -zeta, taken
 * with EA_s, as for EA_s|EA_d), and the located errors. */
Test(polyester, deck_forms)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(load_deck("3.39e8|4.048e8|8.855e6", "-1.0|1e11", &sc), HW_OK, "%s", msg);
    const hw_line_type_def *t = &sc->model.types[0];
    cr_expect(t->ea == 3.39e8 && t->ea_d == 4.048e8 && t->ea_d_slope == 8.855e6 && t->damping_ratio == 1.0 &&
              t->ba_d == 1e11);
    hw_scenario_free(sc);
    cr_assert_neq(load_deck("3.39e8|4.048e8|8.855e6|1", "1e5", &sc), HW_OK);
    cr_expect(strstr(msg, "poly.dat:6") && strstr(msg, "at most 3"), "%s", msg);
    cr_assert_neq(load_deck("3.39e8|4.048e8|-1", "1e5|1e5", &sc), HW_OK);
    cr_expect(strstr(msg, "poly.dat:6") && strstr(msg, "mean-load slope"), "%s", msg);
    cr_assert_neq(load_deck("3.39e8|4.048e8|1", "1e5|1e5|1", &sc), HW_OK);
    cr_expect(strstr(msg, "poly.dat:6") && strstr(msg, "BA"), "%s", msg);
}

/* ---- Syrope: the segment law, not yet wired into the lines ---------------------------------- */

/* kernels/physics/syrope.h against MoorDyn 2.7.2 (PyPI wheel; scripts/md-syrope-probe: its own
 * one-segment deck, 1 m, alpha 1.53e8 N, beta 23.12, BA 2e10|1e5, SYROPE IC Tmax0 1.302e6 N and
 * Tmean0 4.339e5 N, TmaxIC 0, dtM = 0.01, the OWC below; the coupled end driven through
 * x = 1.0137912 + 0.008 sin(t / 2) by moordyn.Step(dt = 0.01), the tension being the force on the
 * coupled point, which MoorDyn evaluates at the last midpoint stage). The strain runs from 0.0058
 * to 0.0218 and back, slack included: the tension from -0.8 to 1.9 MN on the working curve (the
 * mean tension, slow with BA_s 2e10, stays below Tmax0). Here the same segment is integrated by
 * MoorDyn's RK2 (explicit midpoint rule), Tmax following every evaluation. The Python model in the
 * script agrees with the wheel to 2.2e-7 N; asserted 1e-5 N (1e-11 of the tensions). */
static const double SY_E[] = {0.0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05};
static const double SY_T[] = {0.0, 1.5e5, 4.0e5, 8.0e5, 1.3e6, 2.5e6, 5.5e6};

static hw_syrope_type sy_type(int shape, double k1, double k2)
{
    hw_syrope_type ty = {SY_E, SY_T, 7, shape, k1, k2, 1.53e8, 23.12, 2.0e10, 1.0e5};
    return ty;
}

static double sy_x(double t) { return 1.0137912 + 0.008 * sin(0.5 * t); }

Test(syrope, segment_as_moordyn_2_7_2)
{
    static const struct { int shape; double k1, k2, md[5]; } cases[] = {
        {HW_SYROPE_LINEAR, 1.25e8, 0.0,
         {1171631.462613500, 1308194.955481080, -724681.776421877, 1766296.173085888, -211034.838289397}},
        {HW_SYROPE_QUADRATIC, 0.25, 1.0,
         {1074466.794784572, 1206072.298414875, -812388.852286111, 1668542.175302600, -293014.668898877}},
        {HW_SYROPE_EXP, 0.2, 1.5,
         {1307900.959416864, 1430822.267032833, -597194.318945642, 1880638.448167446, -91972.537761664}}};
    static const int at[5] = {100, 500, 1000, 1500, 2000}; /* steps of 0.01 s */
    const double dt = 0.01;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        hw_syrope_type ty = sy_type(cases[c].shape, cases[c].k1, cases[c].k2);
        double tmax = 1.302e6, s = hw_syrope_start(&ty, tmax, 4.339e5), T = 0.0;
        int j = 0, owc = 0;
        for (int k = 1; k <= 2000; k++) {
            double t0 = (k - 1) * dt, x0 = sy_x(t0), v = (sy_x(t0 + dt) - x0) / dt;
            hw_syrope_result a = hw_syrope_eval(&ty, tmax, tmax, owc, x0 - 1.0, v, s);
            if (a.tm > tmax) tmax = a.tm;
            owc = a.owc;
            hw_syrope_result b = hw_syrope_eval(&ty, tmax, tmax, owc, x0 + 0.5 * dt * v - 1.0, v, s + 0.5 * dt * a.ds);
            if (b.tm > tmax) tmax = b.tm;
            owc = b.owc;
            s += dt * b.ds;
            T = b.T;
            if (j < 5 && k == at[j]) {
                cr_expect(fabs(T - cases[c].md[j]) < 1e-5, "shape %d, t %g: T %.9f, MoorDyn %.9f", cases[c].shape,
                          k * dt, T, cases[c].md[j]);
                j++;
            }
        }
        cr_expect(tmax == 1.302e6, "shape %d: the running maximum stays (%.1f)", cases[c].shape, tmax);
    }
}

/* Loading along the OWC, the running maximum rising: the same probe with BA 2e9|1e5 (the mean
 * tension follows within ~12 s), a LINEAR working curve k1 0.25, Tmax0 1.3886e6 N, Tmean0
 * 4.339e5 N, dtM = dt = 0.05, the end at 1.0148657 m moved to 1.025 m over 50 s and held: the
 * mean tension rises past Tmax0 at about 25 s and settles at 1.9e6 N, Tmax with it. MoorDyn's
 * tensions at 20, 50, 75 and 100 s (the same wheel and script family); asserted 1e-5 N. (Unloading
 * from such a rest is where the model is not yet MoorDyn's: docs/moordyn.md, "Syrope".) */
static double sy_ramp(double t) { return t < 50 ? 1.0148657 + (0.025 - 0.0148657) * t / 50 : 1.025; }

Test(syrope, loading_along_the_owc_as_moordyn_2_7_2)
{
    static const double md[4][2] = {{20.0, 1336587.430189013}, {50.0, 1961347.986447274},
                                    {75.0, 1900117.327887481}, {100.0, 1900000.211767727}};
    hw_syrope_type ty = sy_type(HW_SYROPE_LINEAR, 0.25, 1.0);
    ty.bs = 2.0e9;
    const double dt = 0.05;
    double tmax = 1.3886e6, s = hw_syrope_start(&ty, tmax, 4.339e5);
    int j = 0, owc = 0;
    for (int k = 1; k <= 2000; k++) {
        double t0 = (k - 1) * dt, x0 = sy_ramp(t0), v = (sy_ramp(t0 + dt) - x0) / dt;
        hw_syrope_result a = hw_syrope_eval(&ty, tmax, tmax, owc, x0 - 1.0, v, s);
        if (a.tm > tmax) tmax = a.tm;
        owc = a.owc;
        hw_syrope_result b = hw_syrope_eval(&ty, tmax, tmax, owc, x0 + 0.5 * dt * v - 1.0, v, s + 0.5 * dt * a.ds);
        if (b.tm > tmax) tmax = b.tm;
        owc = b.owc;
        s += dt * b.ds;
        if (j < 4 && fabs(k * dt - md[j][0]) < 1e-9) {
            cr_expect(fabs(b.T - md[j][1]) < 1e-5, "t %g: T %.9f, MoorDyn %.9f", md[j][0], b.T, md[j][1]);
            j++;
        }
    }
    cr_expect(j == 4);
    cr_expect(fabs(tmax - 1.9e6) < 1.0, "the running maximum settles with the mean tension: %.3f", tmax);
}

/* At rest on its working curve a segment stays: started at Tmean0 (hw_syrope_start) and held at
 * the curve's strain there, its slow strain has no rate and it carries Tmean0; the working curve
 * runs from zero tension at e_min to Tmax at the OWC's strain there; the fast spring's stiffness
 * is alpha + beta T. */
Test(syrope, working_curve_and_rest)
{
    const int shapes[3] = {HW_SYROPE_LINEAR, HW_SYROPE_QUADRATIC, HW_SYROPE_EXP};
    const double k1s[3] = {0.25, 0.25, 0.2}, k2s[3] = {1.0, 1.0, 1.5};
    for (int c = 0; c < 3; c++) {
        hw_syrope_type ty = sy_type(shapes[c], k1s[c], k2s[c]);
        hw_syrope_curve wc = hw_syrope_wc(&ty, 1.9e6);
        cr_expect(fabs(hw_syrope_pt(&wc, 0, 1)) < 1e-9 && fabs(hw_syrope_pt(&wc, HW_SYROPE_NWC - 1, 1) - 1.9e6) < 1e-6);
        cr_expect(fabs(wc.emax - (0.02 + 0.01 * 0.6e6 / 1.2e6)) < 1e-15, "e_max %.17g", wc.emax);
        cr_expect(fabs(wc.emin - k1s[c] * wc.emax) < 1e-15, "e_min %.17g", wc.emin);
        double s = hw_syrope_start(&ty, 1.9e6, 7e5);
        double e = hw_syrope_map(&wc, 1, 0, 7e5);
        hw_syrope_result r = hw_syrope_eval(&ty, 1.9e6, 1.9e6, 0, e, 0.0, s);
        cr_expect(fabs(r.tm - 7e5) < 1e-6 && fabs(r.T - 7e5) < 1e-3 && fabs(r.ds) < 1e-16, "shape %d: Tm %.9f T %.9f s' %g",
                  shapes[c], r.tm, r.T, r.ds);
    }
    hw_syrope_type ty = sy_type(HW_SYROPE_LINEAR, 1.25e8, 0.0);
    hw_syrope_curve wc = hw_syrope_wc(&ty, 1.3e6);
    cr_expect(fabs(wc.emin - (0.02 - 1.3e6 / 1.25e8)) < 1e-15, "LINEAR k1 >= 1: k1 is the curve's stiffness");
    double h = 1.0, k = (hw_syrope_fast(&ty, 1e6 + h) - hw_syrope_fast(&ty, 1e6 - h)) / (2 * h);
    cr_expect(fabs(1.0 / k - (1.53e8 + 23.12 * 1e6)) < 1e-3 * 1.53e8, "fast spring stiffness %g", 1.0 / k);
}
