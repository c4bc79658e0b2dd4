/* MoorDyn's curve files (docs/moordyn.md, LINE TYPES): a line type's EA column naming a
 * strain-tension curve file, read as MoorDyn 2.7.2 reads it, becomes EA_table
 * (kernels/physics/segment.h hw_ea_table_tension). Tests: the file's format and its errors at the
 * file's own line, the lookup against the tensions MoorDyn 2.7.2 computes, the damping ratio
 * MoorDyn takes on a curve, the deck and its hand-written YAML twin, a rest state against the
 * curve's own inverse, and a run against MoorDyn 2.7.2's figures (tests/data/md_ea_curve.dat).
 *
 * MoorDyn 2.7.2's curve reading and lookup were measured on its PyPI wheel (moordyn.Create + Init
 * + one Step of 1e-4 s, one 20 m segment between a fixed point and a coupled point held at a
 * chosen stretch, GetLineFairTen), with the curve (0, 0), (0.01, 1e4), (0.02, 4e4), (0.05, 2e5):
 *   strain 0.005 -> 5000 N, 0.01 -> 10000, 0.015 -> 25000, 0.03 -> 93333.333333, 0.05 -> 200000,
 *   0.1 -> 200000 (held past the last row), 0 and -0.005 -> 0;
 *   the curve (0.01, 1e4), (0.02, 4e4) (no zero row): 0.005 -> 10000 (held below the first row);
 *   the path is relative to the deck's directory; three header lines are skipped; rows are split
 *   at spaces only (a tab-separated file is "Bad curve point"), a file ending with a newline is
 *   "Bad curve point" too (its empty last line), one row is "Not enough curve data". */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "physics/segment.h"

static char msg[2048];

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* A one-line deck in HW_TMP/curves_<name>/deck.dat whose line type's EA is EA and BA is BA; the
 * curve file text (if any) is written beside it as curve.txt. Returns the deck's path. */
static const char *curve_deck(const char *name, const char *ea, const char *ba, const char *curve)
{
    static char path[512];
    char dir[400], cpath[512], text[4096];
    snprintf(dir, sizeof dir, "%s/curves_%s", HW_TMP, name);
    mkdir(dir, 0777);
    if (curve) {
        snprintf(cpath, sizeof cpath, "%s/curve.txt", dir);
        put(cpath, curve);
    }
    snprintf(text, sizeof text,
             "--------------------- MoorDyn Input File ------------------------------------\n"
             "curve test deck\n"
             "---------------------- LINE TYPES ----------------------------------\n"
             "TypeName  Diam  Mass/m  EA  BA/-zeta  EI  Cd  Ca  CdAx  CaAx\n"
             "(name)    (m)   (kg/m)  (N) (N-s/-)   (-) (-) (-) (-)   (-)\n"
             "rope      0.05  2.0     %s  %s        0   1.2 1.0 0.0   0.0\n"
             "---------------------- POINTS --------------------------------------\n"
             "ID  Attachment  X  Y  Z      Mass  Volume  CdA  Ca\n"
             "(#) (word)      (m) (m) (m)  (kg)  (m^3)   (m^2) (-)\n"
             "1   Fixed       0  0  -10    0     0       0    0\n"
             "2   Free        0  0  -30.1  3000  0       0    0\n"
             "---------------------- LINES ---------------------------------------\n"
             "ID  LineType  AttachA  AttachB  UnstrLen  NumSegs  LineOutputs\n"
             "(#) (name)    (#)      (#)      (m)       (-)      (-)\n"
             "1   rope      1        2        20        5        -\n"
             "---------------------- OPTIONS -------------------------------------\n"
             "0.001  dtM\n"
             "100    WtrDpth\n"
             "0      TmaxIC\n"
             "------------------------- need this line ---------------------------\n",
             ea, ba);
    snprintf(path, sizeof path, "%s/deck.dat", dir);
    put(path, text);
    return path;
}

static const char *const CURVE =
    "a strain-tension curve\nStrain Tension\n(-) (N)\n0.0 0.0\n0.01 1e4\n0.02 4e4\n0.05 2e5";

/* ---- the file's format ----------------------------------------------------------------------- */

/* Three header lines, then rows "strain tension" (as MoorDyn: at spaces, the last without a
 * newline): EA_table holds them, EA is left 0, BA stays the number given. */
Test(curves, ea_curve_file_is_read_into_ea_table)
{
    hw_scenario *sc = md_deck(curve_deck("read", "curve.txt", "1e4", CURVE));
    const hw_line_type_def *t = &sc->model.types[0];
    cr_assert_eq(t->ea_table.n, 4);
    static const double x[4] = {0.0, 0.01, 0.02, 0.05}, y[4] = {0.0, 1e4, 4e4, 2e5};
    for (int k = 0; k < 4; k++)
        cr_expect(t->ea_table.x[k] == x[k] && t->ea_table.y[k] == y[k], "row %d: %g %g", k, t->ea_table.x[k],
                  t->ea_table.y[k]);
    cr_expect_eq(t->ea, 0.0);
    cr_expect_eq(t->ba, 1e4);
    cr_expect_eq(t->damping_ratio, 0.0);
    hw_scenario_free(sc);
}

/* What MoorDyn 2.7.2 refuses and Hawser reads the same: tabs, a final newline, blank lines, more
 * than two columns (MoorDyn reads the first two of a row and ignores the rest, as Hawser). */
Test(curves, tabs_newlines_and_extra_columns_read_the_same)
{
    const char *forms[3] = {
        "h\nh\nh\n0.0\t0.0\n0.01\t1e4\n0.02\t4e4\n0.05\t2e5\n",
        "h\nh\nh\n0.0 0.0\n\n0.01 1e4\n0.02 4e4\n0.05 2e5\n\n",
        "h\nh\nh\n0.0 0.0 7\n0.01 1e4 7\n0.02 4e4 7\n0.05 2e5 7"};
    for (int f = 0; f < 3; f++) {
        char name[16];
        snprintf(name, sizeof name, "form%d", f);
        hw_scenario *sc = md_deck(curve_deck(name, "curve.txt", "0", forms[f]));
        const hw_table *tb = &sc->model.types[0].ea_table;
        cr_assert_eq(tb->n, 4, "form %d", f);
        cr_expect(tb->x[3] == 0.05 && tb->y[3] == 2e5 && tb->y[1] == 1e4, "form %d", f);
        hw_scenario_free(sc);
    }
}

static void expect_deck_error(const char *name, const char *curve, const char *want1, const char *want2)
{
    hw_scenario *sc = NULL;
    const char *path = curve_deck(name, "curve.txt", "0", curve);
    hw_status st = hw_md_load(path, NULL, NULL, &sc, NULL, msg, sizeof msg);
    cr_assert_neq(st, HW_OK, "%s: loaded", name);
    cr_expect(strstr(msg, want1) != NULL, "%s: got \"%s\", wanted \"%s\"", name, msg, want1);
    cr_expect(strstr(msg, want2) != NULL, "%s: got \"%s\", wanted \"%s\"", name, msg, want2);
    cr_expect(strstr(msg, "deck.dat:6") != NULL, "%s: the deck's line in \"%s\"", name, msg);
}

/* Errors name the curve file and its line (and the deck's line of the line type). */
Test(curves, curve_file_errors_are_located)
{
    expect_deck_error("one_row", "h\nh\nh\n0.01 1e4\n", "curve.txt", "rows of strain and tension");
    expect_deck_error("not_number", "h\nh\nh\n0.0 0\n0.01 abc\n", "curve.txt:5", "abc");
    expect_deck_error("decreasing", "h\nh\nh\n0.0 0\n0.02 1e4\n0.01 2e4\n", "curve.txt:6", "strain");
    expect_deck_error("one_column", "h\nh\nh\n0.0 0\n0.01\n", "curve.txt:5", "strain, tension");
    hw_scenario *sc = NULL;
    cr_assert_neq(hw_md_load(curve_deck("missing", "nofile.txt", "0", NULL), NULL, NULL, &sc, NULL, msg,
                             sizeof msg), HW_OK);
    cr_expect(strstr(msg, "nofile.txt: cannot open") && strstr(msg, "deck.dat:6"), "%s", msg);
    /* a bending curve file: a located refusal (the EI column; BA "0 ei.txt" shifts it there) */
    cr_assert_neq(hw_md_load(curve_deck("ei", "1e6", "0 ei.txt", NULL), NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK);
    cr_expect(strstr(msg, "deck.dat:6: LINE TYPES rope EI") && strstr(msg, "not supported yet"), "%s", msg);
    /* a tension that falls with strain: hw_model_check's rule, at the deck's line */
    expect_deck_error("falling", "h\nh\nh\n0.0 0\n0.01 2e4\n0.02 1e4\n", "LINE TYPES rope EA (its strain-tension curve file)",
                      "increase");
}

/* ---- the lookup ------------------------------------------------------------------------------ */

/* Inside the curve Hawser's tension is MoorDyn 2.7.2's (the wheel's figures above, to their 1e-6
 * N print). Past the last row they differ by design: MoorDyn holds the last tension (2e5 N at any
 * strain beyond 0.05: a line that then stretches without bound), Hawser continues the last slope
 * (hw_ea_table_tension); the deck reader says so. */
Test(curves, tension_lookup_matches_moordyn_inside_the_curve)
{
    static const double x[4] = {0.0, 0.01, 0.02, 0.05}, y[4] = {0.0, 1e4, 4e4, 2e5};
    static const double md[6][2] = {{0.005, 5000.0}, {0.01, 10000.0}, {0.015, 25000.0}, {0.03, 93333.333333},
                                    {0.05, 200000.0}, {0.0, 0.0}};
    for (int k = 0; k < 6; k++) {
        double T = hw_ea_table_tension(x, y, 4, md[k][0]);
        cr_expect(fabs(T - md[k][1]) < 1e-6, "strain %g: %.9f, MoorDyn %.9f", md[k][0], T, md[k][1]);
    }
    double past = hw_ea_table_tension(x, y, 4, 0.1);
    cr_expect(fabs(past - (2e5 + (1.6e5 / 0.03) * 0.05)) < 1e-6, "past the curve: %.9f (MoorDyn 2e5)", past);
}

/* BA -zeta with a curve: MoorDyn 2.7.2 sets BA = zeta (L/N) sqrt(EA mu) with EA the last row's
 * secant y/x (its log for md_ea_curve.dat: "damping set to ... 10119.3 Ns, based on input of
 * -0.8"); Hawser's damping_ratio takes the table's steepest slope, so the deck's ratio is scaled
 * by sqrt(secant / steepest): the same BA. */
Test(curves, damping_ratio_on_a_curve_gives_moordyns_ba)
{
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_ea_curve.dat");
    const hw_line_type_def *t = &sc->model.types[0];
    double steepest = 2e5 / 0.03, l0 = 20.0 / 5;
    double ba = t->damping_ratio * l0 * sqrt(steepest * t->mu);
    double md = 0.8 * l0 * sqrt(3e5 / 0.06 * t->mu);
    cr_expect(fabs(ba - md) < 1e-9 * md, "BA %.12g, MoorDyn's %.12g", ba, md);
    cr_expect(fabs(md - 10119.3) < 0.05, "MoorDyn's log: 10119.3 N s, formula %.6g", md);
    cr_expect_eq(t->ba, 0.0);
    hw_scenario_free(sc);
}

/* ---- the deck, its twin, the rest state, MoorDyn --------------------------------------------- */

/* md_ea_curve.dat and its hand-written twin md_ea_curve.yaml: the same model, bit for bit the
 * same run. */
Test(curves, deck_and_yaml_twin_run_the_same)
{
    hw_scenario *sc[2] = {md_deck(HW_TEST_DATA_DIR "/md_ea_curve.dat"), NULL};
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_ea_curve.yaml", &sc[1], msg, sizeof msg), HW_OK, "%s", msg);
    const hw_line_type_def *a = &sc[0]->model.types[0], *b = &sc[1]->model.types[0];
    cr_assert_eq(a->ea_table.n, b->ea_table.n);
    cr_assert(memcmp(a->ea_table.x, b->ea_table.x, 4 * sizeof(double)) == 0 &&
              memcmp(a->ea_table.y, b->ea_table.y, 4 * sizeof(double)) == 0, "tables differ");
    cr_assert(same_d(a->damping_ratio, b->damping_ratio), "damping ratio %.17g vs %.17g", a->damping_ratio,
              b->damping_ratio);
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

/* With the static solve each segment rests at the strain where the curve gives the load below it:
 * segment s (from the top, 0-based) holds the nodes under it, 4 - s inner nodes of l0 of rope each
 * and the end node (the 3000 kg point and l0 / 2 of rope), at the rope's wet weight per metre
 * (mu - rho A) g. The curve's inverse gives each strain, and the nodes lie at the sums of the
 * stretched lengths: within 1e-6 m of the solve (its tolerance). */
Test(curves, static_rest_follows_the_curve)
{
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_ea_curve.yaml", "r");
    cr_assert_not_null(f);
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *p = strstr(text, "static_solve: false");
    cr_assert_not_null(p);
    memcpy(p, "static_solve: true ", 19);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(text, "curve.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = cpu_sim(sc);
    double xyz[18];
    cr_assert_eq(hw_sim_line_positions(sim, 0, xyz), HW_OK);
    const double g = 9.80665, rho = 1025, A = PI / 4 * 0.05 * 0.05, l0 = 4.0;
    const double w = (2.0 - rho * A) * g; /* wet weight per unstretched metre */
    const double x[4] = {0.0, 0.01, 0.03, 0.06}, y[4] = {0.0, 2e4, 1e5, 3e5};
    double z = -10.0;
    for (int s = 0; s < 5; s++) {
        double T = 3000 * g + w * l0 * (4 - s) + w * l0 / 2;
        int k = 1;
        while (k < 3 && T > y[k]) k++;
        double e = x[k - 1] + (T - y[k - 1]) * (x[k] - x[k - 1]) / (y[k] - y[k - 1]);
        z -= l0 * (1 + e);
        cr_expect(fabs(xyz[3 * (s + 1) + 2] - z) < 1e-6, "node %d: z %.9f, the curve's %.9f (T %.6g, e %.6g)",
                  s + 1, xyz[3 * (s + 1) + 2], z, T, e);
    }
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* MoorDyn 2.7.2 (PyPI wheel; moordyn.Create + Init + Step(dt = 1e-3) on tests/data/md_ea_curve.dat
 * with md_ea_curve.txt beside it, node z from GetLineNodePos) and Hawser on the same deck: the
 * 3000 kg point released at 0.5% strain falls, the segments stretch through the curve's first
 * corner (0.01) to about 0.0185, and it rings back, damped by MoorDyn's BA from the secant.
 * Same scheme (RK4), step and start: every printed digit (1e-12 m) agrees; 1e-9 m is asserted. */
Test(curves, matches_moordyn_2_7_2)
{
    static const double md[4][6] = { /* t, then z of nodes 1..4 and of the point (node 5) */
        {0.4, -14.073926896305, -18.147841273689, -22.221730126554, -26.295580463106, -30.369379312251},
        {1.0, -14.035804596057, -18.071622406924, -22.107465653756, -26.143346544729, -30.179277268558},
        {2.0, -14.064030972627, -18.128054680171, -22.192063368138, -26.256049290357, -30.320004713085},
        {5.0, -14.031077180274, -18.062170086032, -22.093293447476, -26.124461978682, -30.155690369792}};
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_ea_curve.dat");
    hw_sim *sim = cpu_sim(sc);
    for (int k = 0; k < 4; k++) {
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

/* ---- damping curves (BA) --------------------------------------------------------------------- */

/* MoorDyn 2.7.2's damping force against strain rate (the wheel, as above: one 20 m segment at
 * strain 0.015 with EA 1e6 N, its end moving at -20 x the rate, one Step of 1e-10 s, less the
 * elastic 15000 N), for the curve (0, 0), (0.01, 100), (0.1, 500) and the same with a row (-0.1,
 * -1000) first:
 *   rate 5e-4 -> 5 N, 5e-3 -> 50, 0.05 -> 277.777778, 0.2 -> 500 (held past the last row), both;
 *   shortening, the curve of rates >= 0: rate -5e-4 -> +5, -5e-3 -> +50, -0.05 -> +277.777778, -0.2
 *   -> +500 (mirrored in magnitude only: the damping pulls); the curve with (-0.1, -1000): -5,
 *   -50, -500, -1000 (read as given, held past its first row);
 *   rate 0: NaN (0/0), and a run from rest stops at its first step ("NaN detected").
 * Hawser: the same force wherever MoorDyn's is the curve's (to the 5e-8 relative the 1e-10 s step
 * adds), odd in the rate where MoorDyn's is not, 0 at rest. */
Test(curves, damping_lookup_against_moordyn)
{
    static const double x1[3] = {0.0, 0.01, 0.1}, y1[3] = {0.0, 100.0, 500.0};
    static const double x2[4] = {-0.1, 0.0, 0.01, 0.1}, y2[4] = {-1000.0, 0.0, 100.0, 500.0};
    static const double md[4][2] = {{5e-4, 5.0}, {5e-3, 50.0}, {0.05, 277.777778}, {0.2, 500.0}};
    for (int k = 0; k < 4; k++) {
        double f1 = hw_ba_table_force(x1, y1, 3, md[k][0]), f2 = hw_ba_table_force(x2, y2, 4, md[k][0]);
        cr_expect(fabs(f1 - md[k][1]) < 1e-6 * md[k][1] + 1e-6, "rate %g: %.9f, MoorDyn %.9f", md[k][0], f1, md[k][1]);
        cr_expect(fabs(f2 - md[k][1]) < 1e-6 * md[k][1] + 1e-6, "rate %g: %.9f, MoorDyn %.9f", md[k][0], f2, md[k][1]);
        /* shortening: Hawser mirrors the first curve oddly (MoorDyn: +md[k][1]) */
        double g1 = hw_ba_table_force(x1, y1, 3, -md[k][0]);
        cr_expect(fabs(g1 + md[k][1]) < 1e-6 * md[k][1] + 1e-6, "rate %g: %.9f (MoorDyn +%.9f)", -md[k][0], g1, md[k][1]);
    }
    static const double md_neg[4][2] = {{-5e-4, -5.0}, {-5e-3, -50.0}, {-0.05, -500.0}, {-0.2, -1000.0}};
    for (int k = 0; k < 4; k++) {
        double f2 = hw_ba_table_force(x2, y2, 4, md_neg[k][0]);
        cr_expect(fabs(f2 - md_neg[k][1]) < 1e-6 * fabs(md_neg[k][1]), "rate %g: %.9f, MoorDyn %.9f", md_neg[k][0],
                  f2, md_neg[k][1]);
    }
    cr_expect_eq(hw_ba_table_force(x1, y1, 3, 0.0), 0.0);
    cr_expect_eq(hw_ba_table_force(x2, y2, 4, 0.0), 0.0);
    /* a curve starting above zero rate: linear from (0, 0) to its first row, odd */
    static const double x3[2] = {0.1, 1.0}, y3[2] = {10.0, 20.0};
    cr_expect(fabs(hw_ba_table_force(x3, y3, 2, 0.05) - 5.0) < 1e-12);
    cr_expect(fabs(hw_ba_table_force(x3, y3, 2, -0.55) + 15.0) < 1e-12);
}

/* The deck's BA curve file becomes BA_table; md_ba_curve.dat and its hand-written twin
 * md_ba_curve.yaml run bit for bit the same. */
Test(curves, ba_curve_deck_and_yaml_twin_run_the_same)
{
    hw_scenario *sc[2] = {md_deck(HW_TEST_DATA_DIR "/md_ba_curve.dat"), NULL};
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_ba_curve.yaml", &sc[1], msg, sizeof msg), HW_OK, "%s", msg);
    const hw_line_type_def *a = &sc[0]->model.types[0], *b = &sc[1]->model.types[0];
    static const double x[4] = {0.0, 0.1, 0.5, 2.0}, y[4] = {0.0, 2e3, 6e3, 1e4};
    cr_assert_eq(a->ba_table.n, 4);
    cr_assert_eq(b->ba_table.n, 4);
    for (int k = 0; k < 4; k++)
        cr_expect(a->ba_table.x[k] == x[k] && a->ba_table.y[k] == y[k] && b->ba_table.x[k] == x[k] &&
                  b->ba_table.y[k] == y[k], "row %d", k);
    cr_expect(a->ba == 0 && a->damping_ratio == 0 && a->ea == 2e6);
    double out[2][6];
    for (int k = 0; k < 2; k++) {
        hw_sim *sim = cpu_sim(sc[k]);
        sim_step_to(sim, 1.0, 0.0005);
        double r[3], v[3], f[3];
        cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
        cr_assert_eq(hw_sim_line_tensions(sim, 0, out[k]), HW_OK);
        out[k][5] = r[2];
        hw_sim_destroy(sim);
        hw_scenario_free(sc[k]);
    }
    cr_assert(memcmp(out[0], out[1], sizeof out[0]) == 0, "deck and twin differ: z %.17g vs %.17g", out[0][5], out[1][5]);
}

/* md_ba_curve.yaml with its damping replaced (text edits of the twin). */
static hw_scenario *ba_variant(const char *table)
{
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_ba_curve.yaml", "r");
    cr_assert_not_null(f);
    static char text[8192], out[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    const char *old = "BA_table: [[0.0, 0.0], [0.1, 2.0e3], [0.5, 6.0e3], [2.0, 1.0e4]]";
    char *p = strstr(text, old);
    cr_assert_not_null(p);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(p - text), text, table, p + strlen(old));
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(out, "ba.yaml", &sc, msg, sizeof msg), HW_OK, "%s: %s", table, msg);
    return sc;
}

static void run_z(hw_scenario *sc, double t, double *z, hw_energy *e)
{
    hw_sim *sim = cpu_sim(sc);
    sim_step_to(sim, t, 0.0005);
    double r[3], v[3], f[3];
    cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
    *z = r[2];
    if (e) cr_assert_eq(hw_sim_energy(sim, e), HW_OK);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* A straight-line curve F = c rate is the constant BA = c: the same run to rounding (the table's
 * y0 + s (y1 - y0) against BA rate: 1e-12 m over 2 s), in either form (mirrored from rate 0, or
 * given from a negative rate). */
Test(curves, linear_damping_curve_is_constant_ba)
{
    double zc, z1, z2;
    run_z(ba_variant("BA: 3.0e3"), 2.0, &zc, NULL);
    run_z(ba_variant("BA_table: [[0.0, 0.0], [10.0, 3.0e4]]"), 2.0, &z1, NULL);
    run_z(ba_variant("BA_table: [[-10.0, -3.0e4], [10.0, 3.0e4]]"), 2.0, &z2, NULL);
    cr_expect(fabs(z1 - zc) < 1e-12 && fabs(z2 - zc) < 1e-12, "z %.15f %.15f, BA %.15f", z1, z2, zc);
    cr_expect(fabs(zc + 30.0) > 1e-3, "the point moved: %.9f", zc);
}

/* The saturating curve dissipates: the energy the damping, drag and all take (dissipated) grows,
 * and with the mechanical energy it closes the balance (RK4 at 5e-4 s: to 1e-6 of the energy
 * released, the point's 1000 kg falling about 0.1 m). */
Test(curves, damping_curve_closes_the_energy_balance)
{
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_ba_curve.dat");
    hw_sim *sim = cpu_sim(sc);
    hw_energy e0, e;
    cr_assert_eq(hw_sim_energy(sim, &e0), HW_OK);
    double last = 0.0;
    for (int k = 1; k <= 4; k++) {
        sim_step_to(sim, 0.5 * k, 0.0005);
        cr_assert_eq(hw_sim_energy(sim, &e), HW_OK);
        cr_expect(e.dissipated >= last, "t %g: dissipated %.9g after %.9g", 0.5 * k, e.dissipated, last);
        last = e.dissipated;
        double scale = 1000 * 9.80665 * 0.1;
        cr_expect(fabs(e.total + e.dissipated - e0.total) < 1e-6 * scale, "t %g: total %.9g + dissipated %.9g vs %.9g",
                  0.5 * k, e.total, e.dissipated, e0.total);
    }
    cr_expect(last > 100.0, "dissipated %.6g J", last);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* BA_table's rules (hw_model_check), located in the YAML. */
Test(curves, damping_table_errors)
{
    static const struct { const char *table, *want; } bad[] = {
        {"BA_table: [[0.0, 0.0], [0.1, -5.0]]", "sign"},
        {"BA_table: [[0.0, 1.0], [0.1, 5.0]]", "sign"},
        {"BA_table: [[0.1, 5.0], [0.0, 0.0]]", "strain rate"},
        {"BA: 10, BA_table: [[0.0, 0.0], [0.1, 5.0]]", "either"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        FILE *f = fopen(HW_TEST_DATA_DIR "/md_ba_curve.yaml", "r");
        cr_assert_not_null(f);
        static char text[8192], out[8192];
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = 0;
        const char *old = "BA_table: [[0.0, 0.0], [0.1, 2.0e3], [0.5, 6.0e3], [2.0, 1.0e4]]";
        char *p = strstr(text, old);
        cr_assert_not_null(p);
        snprintf(out, sizeof out, "%.*s%s%s", (int)(p - text), text, bad[k].table, p + strlen(old));
        hw_scenario *sc = NULL;
        cr_expect_neq(hw_scenario_load_string(out, "ba.yaml", &sc, msg, sizeof msg), HW_OK, "%s loaded", bad[k].table);
        cr_expect(strstr(msg, "BA_table") && strstr(msg, bad[k].want), "%s: \"%s\"", bad[k].table, msg);
    }
}

/* hw_scenario_write_yaml (`hawser convert`) writes EA_table and BA_table, and reads them back: the
 * converted decks run bit for bit as the decks. */
Test(curves, convert_writes_the_curves)
{
    const char *decks[2] = {HW_TEST_DATA_DIR "/md_ea_curve.dat", HW_TEST_DATA_DIR "/md_ba_curve.dat"};
    for (int d = 0; d < 2; d++) {
        hw_scenario *a = md_deck(decks[d]), *b = NULL;
        char path[512];
        snprintf(path, sizeof path, "%s/curves_convert%d.yaml", HW_TMP, d);
        FILE *f = fopen(path, "w");
        cr_assert_not_null(f);
        cr_assert_eq(hw_scenario_write_yaml(a, f, "round trip"), HW_OK);
        fclose(f);
        cr_assert_eq(hw_scenario_load(path, &b, msg, sizeof msg), HW_OK, "%s", msg);
        const hw_line_type_def *x = &a->model.types[0], *y = &b->model.types[0];
        cr_assert(x->ea_table.n == y->ea_table.n && x->ba_table.n == y->ba_table.n, "%s", decks[d]);
        for (int k = 0; k < x->ea_table.n; k++)
            cr_expect(x->ea_table.x[k] == y->ea_table.x[k] && x->ea_table.y[k] == y->ea_table.y[k]);
        for (int k = 0; k < x->ba_table.n; k++)
            cr_expect(x->ba_table.x[k] == y->ba_table.x[k] && x->ba_table.y[k] == y->ba_table.y[k]);
        cr_expect(same_d(x->damping_ratio, y->damping_ratio) && same_d(x->ba, y->ba) && same_d(x->ea, y->ea));
        double z[2];
        for (int k = 0; k < 2; k++) {
            hw_sim *sim = cpu_sim(k ? b : a);
            sim_step_to(sim, 0.5, d == 0 ? 0.001 : 0.0005); /* the decks' dtM */
            double r[3], v[3], fo[3];
            cr_assert_eq(hw_sim_point_state(sim, 1, r, v, fo), HW_OK);
            z[k] = r[2];
            hw_sim_destroy(sim);
        }
        cr_expect(same_d(z[0], z[1]), "%s: z %.17g vs %.17g", decks[d], z[0], z[1]);
        hw_scenario_free(a);
        hw_scenario_free(b);
        remove(path);
    }
}
