/* Syrope, round 3 (kernels/physics/syrope.h; docs/moordyn.md, "Syrope"): the branch between the
 * working curve and the OWC as MoorDyn 2.7.2 takes it (its last evaluation's mean tension at the
 * running maximum, not the slow strain), which makes the "reloading step" a slow strain rising
 * into the curve's top shows on the wheel; the working curve a deck's line shares among its
 * segments; outputs that leave the run alone; and the deck's SYROPE IC cases measured on the
 * wheel (a line that is not Syrope, no Syrope line, Tmax0 off the OWC). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "physics/syrope.h"
#include "world/sim_internal.h"

static char msg[2048];

/* ---- the segment law against the wheel: the reloading ---------------------------------------- */

/* scripts/md-syrope-probe --creep: one segment, 1 m, between a fixed point and a coupled one
 * that MoorDyn 2.7.2 (PyPI wheel, moordyn.Step, dtM = dt = 0.01, its RK2: the explicit midpoint
 * rule) drives 0.012 up over 20 s plus 0.002 sin(1.3 t), to 40 s; BA 2e9|1e5, alpha 1.53e8,
 * beta 23.12, the probe's OWC, Tmax0 1.302e6 N, Tmean0 4.339e5 N. The mean tension passes Tmax0
 * (loading on the OWC), turns back onto the working curve and rises into its top again: there
 * the wheel's tension jumps (18.5 kN at one step, 35.13 s, LINEAR k1 0.25), the branch
 * alternating between the OWC and the curve evaluation by evaluation. Here the same segment
 * integrated by the same rule, the branch and Tmax carried from evaluation to evaluation; the
 * wheel's tensions (the force on the coupled point, its last stage's) at steps 1000 ... 4000 for
 * four curves. The script's Python model of this rule agrees with the wheel to 1.2e-6 N over all
 * 4000 steps of every case; the rule before (the branch by the slow strain) was 1.9e4 N off
 * (LINEAR), 3.0e4 N (QUADRATIC). Asserted 1e-4 N (1e-10 of the tensions). */
static const double SY_E[] = {0.0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05};
static const double SY_T[] = {0.0, 1.5e5, 4.0e5, 8.0e5, 1.3e6, 2.5e6, 5.5e6};

static double creep_x(double t) { return 1.0137912 + 0.012 * fmin(t / 20.0, 1.0) + 0.002 * sin(1.3 * t); }

Test(syrope3, reloading_into_the_curve_top_as_moordyn_2_7_2)
{
    static const int at[9] = {1000, 2000, 2236, 2424, 2425, 2426, 3513, 3514, 4000};
    static const struct { int shape; double k1, k2, md[9]; } cases[] = {
        {HW_SYROPE_LINEAR, 0.25, 1.0,
         {1754455.360615519, 2500211.984956995, 1823142.839037194, 2135111.342433633, 2139785.895953910,
          2144546.938936748, 2383624.121563951, 2402135.213636786, 2378210.050349178}},
        {HW_SYROPE_QUADRATIC, 0.25, 1.0,
         {1436540.463652384, 2461178.645814485, 1794043.336812356, 2107698.746914165, 2112778.536055898,
          2117851.487980842, 2353680.763141401, 2352781.865526389, 2333305.847597867}},
        {HW_SYROPE_EXP, 0.2, 1.5,
         {1524244.705850251, 2467938.065075239, 1799092.692691301, 2112458.709568829, 2117533.804937980,
          2122602.069367207, 2369856.938174408, 2369252.555753272, 2352726.344171614}},
        {HW_SYROPE_LINEAR, 1.25e8, 0.0,
         {1532379.027148742, 2470025.085068599, 1800650.869192822, 2113927.306984662, 2119000.949438466,
          2124067.762895296, 2399043.759089690, 2398051.692219527, 2374043.422716890}}};
    const double dt = 0.01;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        hw_syrope_type ty = {SY_E, SY_T, 7, cases[c].shape, cases[c].k1, cases[c].k2, 1.53e8, 23.12, 2.0e9, 1.0e5};
        double tmax = 1.302e6, s = hw_syrope_start(&ty, tmax, 4.339e5), worst = 0.0, jump = 0.0, last = 0.0;
        int owc = hw_syrope_at_max(4.339e5, tmax), j = 0, flips = 0;
        for (int k = 1; k <= 4000; k++) {
            double t0 = (k - 1) * dt, x0 = creep_x(t0), v = (creep_x(t0 + dt) - x0) / dt;
            hw_syrope_result a = hw_syrope_eval(&ty, tmax, tmax, owc, x0 - 1.0, v, s);
            tmax = a.tmax;
            hw_syrope_result b = hw_syrope_eval(&ty, tmax, tmax, a.owc, x0 + 0.5 * dt * v - 1.0, v, s + 0.5 * dt * a.ds);
            tmax = b.tmax;
            flips += (a.owc != owc) + (b.owc != a.owc);
            owc = b.owc;
            s += dt * b.ds;
            if (k > 2000 && fabs(b.T - last) > jump) jump = fabs(b.T - last);
            last = b.T;
            if (j < 9 && k == at[j]) {
                cr_expect(fabs(b.T - cases[c].md[j]) < 1e-4, "shape %d k1 %g, step %d: T %.9f, MoorDyn %.9f",
                          cases[c].shape, cases[c].k1, k, b.T, cases[c].md[j]);
                worst = fmax(worst, fabs(b.T - cases[c].md[j]));
                j++;
            }
        }
        cr_expect(j == 9);
        cr_expect(flips > 10, "the branch alternates near the curve's top (%d changes)", flips);
        cr_log_info("shape %d k1 %g: largest difference %.3g N; %d branch changes; largest step change after 20 s "
                    "%.1f N", cases[c].shape, cases[c].k1, worst, flips, jump);
    }
}

/* The first evaluation's branch comes from Tmean0, as the wheel's (its remembered mean tension
 * starts there): Tmean0 = Tmax0 starts on the OWC. The same segment held at 1.0137912 m +
 * 0.003 sin(0.7 t), Tmax0 = Tmean0 = 1.302e6 N: the wheel's first tension 164882.877635556 N
 * (the Python model of this rule to 7.9e-8 N over 500 steps); started on the working curve
 * instead the first step gives another tension. Asserted 1e-5 N. */
Test(syrope3, the_start_remembers_tmean0)
{
    hw_syrope_type ty = {SY_E, SY_T, 7, HW_SYROPE_LINEAR, 0.25, 1.0, 1.53e8, 23.12, 2.0e9, 1.0e5};
    const double dt = 0.01, x0 = 1.0137912;
    double T[2];
    for (int start_owc = 1; start_owc >= 0; start_owc--) {
        double tmax = 1.302e6, s = hw_syrope_start(&ty, tmax, 1.302e6);
        double xa = x0, xb = x0 + 0.003 * sin(0.7 * dt), v = (xb - xa) / dt;
        int owc = start_owc ? hw_syrope_at_max(1.302e6, tmax) : 0;
        hw_syrope_result a = hw_syrope_eval(&ty, tmax, tmax, owc, xa - 1.0, v, s);
        hw_syrope_result b = hw_syrope_eval(&ty, a.tmax, a.tmax, a.owc, xa + 0.5 * dt * v - 1.0, v, s + 0.5 * dt * a.ds);
        T[start_owc] = b.T;
    }
    cr_expect(fabs(T[1] - 164882.877635556) < 1e-5, "first tension %.9f, MoorDyn 164882.877635556", T[1]);
    cr_expect(fabs(T[0] - T[1]) > 1.0, "a start on the working curve differs: %.9f", T[0]);
}

/* ---- lines: the line's working curve, the outputs ---------------------------------------------- */

/* md_syrope.dat (a deck: one working curve per line, MoorDyn's) and the same model with each
 * segment on its own curve (YAML working_curve: segment): from the first raise (3.19 s) the
 * line's curve is its last raised segment's, and both segments' running maxima come out equal
 * (the second, on the first's curve, climbs to its top), where on their own curves they stay
 * apart (490 N at 4 s) and the point parts from the wheel's (2e-6 m at 3.3 s, MoorDyn 2.7.2:
 * -20.220411282984 m at 10 s, matched to 2.1e-9 m by the deck, tests/test_md_syrope.c). */
Test(syrope3, a_deck_line_shares_one_working_curve)
{
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_syrope.dat");
    cr_assert(sc->model.types[0].syrope.line_curve == 1, "a deck's Syrope type shares the line's curve");
    double z[2], tm[2][2];
    for (int own = 0; own < 2; own++) {
        ((hw_line_type_def *)&sc->model.types[0])->syrope.line_curve = !own; /* as YAML working_curve */
        hw_sim *sim = cpu_sim(sc);
        cr_assert_eq(hw_sim_step(sim, 4000), HW_OK);
        tm[own][0] = sim->m.S.seg_syr[0];
        tm[own][1] = sim->m.S.seg_syr[2];
        cr_assert_eq(hw_sim_step(sim, 6000), HW_OK);
        double r[3], v[3], f[3];
        cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
        z[own] = r[2];
        hw_sim_destroy(sim);
    }
    cr_expect(tm[0][0] == tm[0][1] && tm[0][0] > 1.4e6, "one curve per line: Tmax %.3f and %.3f at 4 s", tm[0][0],
              tm[0][1]);
    cr_expect(fabs(tm[1][0] - tm[1][1]) > 100.0, "own curves: Tmax %.3f and %.3f at 4 s", tm[1][0], tm[1][1]);
    cr_expect(fabs(z[0] - -20.220411282984) < 1e-8, "the line's curve: z %.12f at 10 s", z[0]);
    cr_expect(fabs(z[1] - -20.220411282984) > 1e-6, "own curves part from the wheel: z %.12f", z[1]);
    hw_scenario_free(sc);
}

/* The outputs evaluate the forces between steps; the running maxima, branches and line curves
 * they move are put back, so a run asked for its tensions at every step goes on bit for bit as
 * one asked for nothing (MoorDyn's outputs evaluate nothing). Over the reloading of md_syrope.dat,
 * 3 to 5 s, where the branches alternate. */
Test(syrope3, outputs_leave_the_run_alone)
{
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_syrope.dat");
    hw_sim *a = cpu_sim(sc), *b = cpu_sim(sc);
    cr_assert_eq(hw_sim_step(a, 3000), HW_OK);
    cr_assert_eq(hw_sim_step(b, 3000), HW_OK);
    double T[2], hmax = 0.0;
    for (int k = 0; k < 2000; k++) {
        cr_assert_eq(hw_sim_line_tensions(a, 0, T), HW_OK);
        hw_lm_reduction red;
        cr_assert_eq(hw_sim_max_tension(a, &red), HW_OK);
        cr_assert_eq(hw_sim_step(a, 1), HW_OK);
        hmax = fmax(hmax, T[0]);
    }
    cr_assert_eq(hw_sim_step(b, 2000), HW_OK);
    double xa[9], xb[9];
    cr_assert_eq(hw_sim_line_positions(a, 0, xa), HW_OK);
    cr_assert_eq(hw_sim_line_positions(b, 0, xb), HW_OK);
    cr_expect(memcmp(xa, xb, sizeof xa) == 0, "z %.17g vs %.17g", xa[8], xb[8]);
    cr_expect(memcmp(a->m.S.seg_syr, b->m.S.seg_syr, hw_lm_syr_len(&a->m.S) * sizeof(double)) == 0);
    cr_expect(hmax > 1.4e6);
    hw_sim_destroy(a);
    hw_sim_destroy(b);
    hw_scenario_free(sc);
}

/* ---- the deck's SYROPE IC cases, as measured on the wheel -------------------------------------- */

static const char *DECK =
    "--- LINE TYPES ---\n"
    "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx\n"
    "(-) (m) (kg/m) (N) (N-s/-) (-) (-) (-) (-) (-)\n"
    "poly 0.2 40 %s 1e9|1e5 0 0 0 0 0\n"
    "chain 0.1 20 1e8 -1 0 0 0 0 0\n"
    "--- POINTS ---\n"
    "ID Attachment X Y Z M V CdA CA\n"
    "(-) (-) (m) (m) (m) (kg) (m^3) (m^2) (-)\n"
    "1 Fixed 0 0 -10 0 0 0 0\n"
    "2 Free 0 0 -20.1 1e5 0 0 0\n"
    "3 Free 0 0 -30.2 1e5 0 0 0\n"
    "--- LINES ---\n"
    "ID LineType AttachA AttachB UnstrLen NumSegs Outputs\n"
    "(-) (-) (-) (-) (m) (-) (-)\n"
    "1 %s 1 2 10 2 -\n"
    "2 chain 2 3 10 2 -\n"
    "--- SYROPE IC ---\n"
    "Lines Tmax0 Tmean0\n"
    "(-) (N) (N)\n"
    "%s\n"
    "--- OPTIONS ---\n"
    "0.001 dtM\n"
    "100 WtrDpth\n"
    "0 TmaxIC\n"
    "--- need this line ---\n";

static hw_status load(const char *ea, const char *type1, const char *ic, hw_scenario **sc, log_cap *lc)
{
    char text[4096];
    snprintf(text, sizeof text, DECK, ea, type1, ic);
    *sc = NULL;
    return hw_md_load_string(text, HW_TEST_DATA_DIR "/syrope3_inline.dat", cap_log, lc, sc, NULL, msg, sizeof msg);
}

/* MoorDyn 2.7.2 (the wheel, a probe deck of its own): a line that is not Syrope in SYROPE IC is
 * warned of ("Line 2 does not have Syrope model, but is included in SYROPE IC section") and the
 * run goes on; SYROPE IC without any Syrope line type stops it (MoorDyn_Create fails); Tmax0
 * above the OWC's last tension or below its first stops it at the first step ("Tmax value ... is
 * outside the working curve range"); a Syrope line without a SYROPE IC row crashes it
 * (segmentation fault). Hawser: a warning and the run; located errors for the rest. */
Test(syrope3, syrope_ic_cases_as_moordyn_2_7_2)
{
    const char *ea = "SYROPE:md_syrope_settings.txt|1.53e8|23.12";
    hw_scenario *sc = NULL;
    log_cap lc;
    memset(&lc, 0, sizeof lc);
    cr_assert_eq(load(ea, "poly", "1,2 1.302e6 4.339e5", &sc, &lc), HW_OK, "%s", msg);
    cr_expect(strstr(lc.text, "syrope3_inline.dat:20: SYROPE IC: line 2 (type chain) is not a Syrope line") != NULL,
              "%s", lc.text);
    cr_expect(sc->model.lines[0].syr_tmax0 == 1.302e6 && sc->model.lines[1].syr_tmax0 == 0.0);
    hw_sim *sim = cpu_sim(sc);
    cr_expect_eq(hw_sim_step(sim, 100), HW_OK);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);

    cr_assert_neq(load("1e8|2e8", "chain", "1 1.302e6 4.339e5", &sc, &lc), HW_OK);
    cr_expect(strstr(msg, "syrope3_inline.dat:20: SYROPE IC") && strstr(msg, "no line of the deck is Syrope"),
              "%s", msg);

    cr_assert_neq(load(ea, "poly", "1 6e6 4.339e5", &sc, &lc), HW_OK);
    cr_expect(strstr(msg, "Tmax0") && strstr(msg, "0 <= Tmax0 <= 5.5e+06"), "%s", msg);

    cr_assert_neq(load(ea, "poly", "", &sc, &lc), HW_OK);
    cr_expect(strstr(msg, "SYROPE IC row for Syrope line 1") && strstr(msg, "crashes"), "%s", msg);
}

/* EXTERNAL LOADS: MoorDyn 2.7.2 does not read it (the wheel runs a deck with a 100 N load on its
 * point to the same tensions as without, 162750.65118657 N at the first step, and says nothing);
 * Hawser keeps refusing a row of it, the reason saying that. */
Test(syrope3, external_loads_stay_refused)
{
    hw_scenario *sc = NULL;
    log_cap lc;
    memset(&lc, 0, sizeof lc);
    cr_assert_neq(load("SYROPE:md_syrope_settings.txt|1.53e8|23.12", "poly",
                       "1 1.302e6 4.339e5\n--- EXTERNAL LOADS ---\nID Object Fx Fy Fz\n(-) (-) (N) (N) (N)\n"
                       "1 Point2 100 0 0", &sc, &lc), HW_OK);
    cr_expect(strstr(msg, "syrope3_inline.dat:24: EXTERNAL LOADS: not supported yet") &&
              strstr(msg, "MoorDyn 2.7.2 does not read"), "%s", msg);
}

/* Tmax0 must lie on the OWC's tensions, the first row's included: an OWC from 1e5 N refuses a
 * Tmax0 of 5e4 N (MoorDyn 2.7.2's range check) and takes 1e5 N. */
Test(syrope3, tmax0_on_the_owc)
{
    const char *fmt =
        "line_types:\n"
        "  - {name: p, diameter: 0.2, mass_per_length: 40, BA: 1e9,\n"
        "     syrope: {OWC: [[0.001, 1e5], [0.01, 4e5], [0.03, 2.5e6]], curve: linear, k1: 0.25, alpha: 1.53e8,\n"
        "              beta: 23.12}}\n"
        "points:\n"
        "  - {name: a, type: fixed, position: [0, 0, 0]}\n"
        "  - {name: b, type: fixed, position: [10.1, 0, 0]}\n"
        "lines:\n"
        "  - {name: l, type: p, end_a: a, end_b: b, length: 10, segments: 2, syrope: {Tmax0: %s, Tmean0: 2e4}}\n";
    char text[2048];
    hw_scenario *sc = NULL;
    snprintf(text, sizeof text, fmt, "5e4");
    cr_assert_neq(hw_scenario_load_string(text, "t.yaml", &sc, msg, sizeof msg), HW_OK);
    cr_expect(strstr(msg, "syrope.Tmax0") && strstr(msg, "100000 <= Tmax0"), "%s", msg);
    snprintf(text, sizeof text, fmt, "1e5");
    cr_assert_eq(hw_scenario_load_string(text, "t.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario_free(sc);
}

/* syrope.working_curve takes segment (the default) or line; anything else is a located error, and
 * `hawser convert` writes a deck's as line (scenario_write). */
Test(syrope3, working_curve_key)
{
    const char *fmt =
        "line_types:\n"
        "  - {name: p, diameter: 0.2, mass_per_length: 40, BA: 1e9,\n"
        "     syrope: {OWC: [[0, 0], [0.01, 4e5], [0.03, 2.5e6]], curve: linear, k1: 0.25, alpha: 1.53e8,\n"
        "              beta: 23.12%s}}\n"
        "points:\n"
        "  - {name: a, type: fixed, position: [0, 0, 0]}\n"
        "  - {name: b, type: fixed, position: [10.1, 0, 0]}\n"
        "lines:\n"
        "  - {name: l, type: p, end_a: a, end_b: b, length: 10, segments: 2, syrope: {Tmax0: 1e6, Tmean0: 2e5}}\n";
    const char *val[3] = {"", ", working_curve: line", ", working_curve: segment"};
    const int want[3] = {0, 1, 0};
    char text[2048];
    for (int k = 0; k < 3; k++) {
        hw_scenario *sc = NULL;
        snprintf(text, sizeof text, fmt, val[k]);
        cr_assert_eq(hw_scenario_load_string(text, "w.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
        cr_expect_eq(sc->model.types[0].syrope.line_curve, want[k], "%s", val[k]);
        hw_scenario_free(sc);
    }
    hw_scenario *sc = NULL;
    snprintf(text, sizeof text, fmt, ", working_curve: both");
    cr_assert_neq(hw_scenario_load_string(text, "w.yaml", &sc, msg, sizeof msg), HW_OK);
    cr_expect(strstr(msg, "working_curve") && strstr(msg, "both"), "%s", msg);
    char cmd[1024], out[512];
    snprintf(out, sizeof out, "%s/syrope3_conv.yaml", HW_TMP);
    snprintf(cmd, sizeof cmd, "%s convert %s/md_syrope.dat -o %s > /dev/null 2>&1", HW_CLI_PATH, HW_TEST_DATA_DIR, out);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    FILE *f = fopen(out, "r");
    cr_assert_not_null(f);
    static char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    cr_expect(strstr(buf, "working_curve: line") != NULL, "the converted deck keeps MoorDyn's curve per line");
}
