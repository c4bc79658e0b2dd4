/* Syrope polyester lines (kernels/physics/syrope.h on the lines: kernels/lumped.h; docs/physics.md
 * "Syrope lines", docs/moordyn.md "Syrope"): the deck (EA SYROPE:<settings>|alpha|beta, its
 * settings file and OWC table, SYROPE IC) and its hand-written YAML twin, MoorDyn 2.7.2's own
 * figures on that deck, a held strain relaxing to the working curve, the static solve's rest,
 * checkpoints carrying each segment's running maximum, and the input errors. The segment law
 * alone is checked against the wheel in tests/test_md_polyester.c. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/checkpoint.h"
#include "io/moordyn_deck.h"
#include "helpers.h"
#include "io/scenario.h"
#include "physics/syrope.h"
#include "world/sim_internal.h"

static char msg[2048];

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    return text;
}

/* ---- the deck and its twin; MoorDyn 2.7.2 ---------------------------------------------------- */

/* md_syrope.dat (with md_syrope_settings.txt and md_syrope_owc.txt) and its hand-written twin
 * md_syrope.yaml: the same model, bit for bit the same run. */
Test(syrope_lines, deck_and_yaml_twin_run_the_same)
{
    hw_scenario *sc[2] = {md_deck(HW_TEST_DATA_DIR "/md_syrope.dat"), NULL};
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_syrope.yaml", &sc[1], msg, sizeof msg), HW_OK, "%s", msg);
    const hw_line_type_def *a = &sc[0]->model.types[0], *b = &sc[1]->model.types[0];
    cr_assert(a->syrope.on && a->syrope.owc.n == 7 && a->syrope.owc.x[6] == 0.05 && a->syrope.owc.y[6] == 5.5e6 &&
              a->syrope.curve == HW_SYROPE_LINEAR && a->syrope.k1 == 0.25 && a->syrope.k2 == 1.0 &&
              a->syrope.alpha == 1.53e8 && a->syrope.beta == 23.12 && a->ba == 3e8 && a->ba_d == 1e5,
              "deck Syrope settings read");
    cr_assert(a->syrope.line_curve == 1 && b->syrope.line_curve == 1, "one working curve per line (MoorDyn's)");
    cr_assert(b->syrope.on && b->syrope.owc.n == 7 && b->syrope.curve == a->syrope.curve && b->syrope.k1 == a->syrope.k1 &&
              b->syrope.alpha == a->syrope.alpha && b->syrope.beta == a->syrope.beta && b->ba == a->ba &&
              b->ba_d == a->ba_d);
    for (int k = 0; k < 7; k++)
        cr_assert(a->syrope.owc.x[k] == b->syrope.owc.x[k] && a->syrope.owc.y[k] == b->syrope.owc.y[k]);
    cr_assert(sc[0]->model.lines[0].syr_tmax0 == 1.302e6 && sc[0]->model.lines[0].syr_tmean0 == 4.339e5);
    cr_assert(sc[1]->model.lines[0].syr_tmax0 == 1.302e6 && sc[1]->model.lines[0].syr_tmean0 == 4.339e5);
    double out[2][3];
    for (int k = 0; k < 2; k++) {
        hw_sim *sim = cpu_sim(sc[k]);
        sim_step_to(sim, 2.0, 0.001);
        double r[3], v[3], f[3];
        cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
        cr_assert_eq(hw_sim_line_tensions(sim, 0, out[k]), HW_OK);
        out[k][2] = r[2];
        hw_sim_destroy(sim);
        hw_scenario_free(sc[k]);
    }
    cr_assert(memcmp(out[0], out[1], sizeof out[0]) == 0, "deck and twin differ: z %.17g vs %.17g", out[0][2], out[1][2]);
}

/* MoorDyn 2.7.2 (PyPI wheel; moordyn.Create + Init + Step(dt = 1e-3) on tests/data/md_syrope.dat
 * and its side files, the point's z from GetPointPos and the end nodes' tensions from
 * GetLineNodeTen(line, 0) and (line, 2): the two segments' tensions) and Hawser on the same deck:
 * the 1.5e5 kg point, released at 1% stretch with each segment at Tmean0 on the working curve of
 * Tmax0, drops and bounces (2.45 MN at 0.3 s) while each segment's mean tension creeps (BA_s 3e8
 * N s) towards the weight, past Tmax0 at 3.19 s: the segments then load along the OWC, their
 * running maxima rising (1.42 MN at 4 s), and as the point oscillates each goes back and forth
 * between the OWC and the line's working curve, alternating evaluation by evaluation near its
 * top (physics/syrope.h). Same scheme (RK4), step and start. Measured: the point agrees to 2.1e-9
 * m over the 10 s (asserted 1e-8 m). The tensions MoorDyn reports are those of its last
 * evaluation, the RK4 stage at y + dt k3: Hawser's (the backend's work after the step, as that
 * stage left it) agree to 0.03 N (asserted 0.1 N, 7e-8 of them). hw_sim_line_tensions evaluates
 * at the step's end instead, with the branches the next step starts from: 0.11 N apart up to 2 s,
 * then, where a branch alternates between the stages, up to 4.45 kN (0.3%, 10 s; shown, not
 * asserted). Before this round (each segment its own curve, the branch by the slow strain) the
 * point was 5.8e-5 m off at 5 s and 2.7e-4 m at 10 s. */
Test(syrope_lines, matches_moordyn_2_7_2)
{
    static const double md[7][4] = { /* t, point z, tension of segment 1, of segment 2 */
        {0.1, -20.131531633467, 943623.089138995, 943592.294801477},
        {0.3, -20.230539120034, 2452183.871038964, 2451148.371604214},
        {0.5, -20.151746228363, 1004328.898118247, 1004257.684135686},
        {1.0, -20.208771686855, 1814565.521807889, 1813954.696793438},
        {2.0, -20.228108903945, 1987234.865919265, 1986509.040746704},
        {5.0, -20.219682310888, 1578296.769028483, 1577653.550791936},
        {10.0, -20.220411282984, 1585014.218257664, 1584266.437796455}};
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_syrope.dat");
    hw_sim *sim = cpu_sim(sc);
    double dz = 0, dT = 0, dTe = 0;
    for (int k = 0; k < 7; k++) {
        sim_step_to(sim, md[k][0], 0.001);
        double stage[2], r[3], v[3], f[3], T[2];
        hw_lm_work w;
        memset(&w, 0, sizeof w);
        w.seg_T = stage; /* the last evaluation's, before any output evaluates again */
        cr_assert_eq(sim->ops->download_work(sim->be, &w), HW_OK);
        cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
        cr_assert_eq(hw_sim_line_tensions(sim, 0, T), HW_OK);
        cr_expect(fabs(r[2] - md[k][1]) < 1e-8, "t %g: z %.12f, MoorDyn %.12f", md[k][0], r[2], md[k][1]);
        for (int s = 0; s < 2; s++)
            cr_expect(fabs(stage[s] - md[k][2 + s]) < 0.1, "t %g segment %d: T %.6f, MoorDyn %.6f", md[k][0], s + 1,
                      stage[s], md[k][2 + s]);
        double e = fmax(fabs(stage[0] - md[k][2]), fabs(stage[1] - md[k][3]));
        double ee = fmax(fabs(T[0] - md[k][2]), fabs(T[1] - md[k][3]));
        cr_log_info("t %g: |dz| %.3g m, |dT| last stage %.3g N, at the step's end %.3g N", md[k][0],
                    fabs(r[2] - md[k][1]), e, ee);
        dz = fmax(dz, fabs(r[2] - md[k][1]));
        dT = fmax(dT, e);
        dTe = fmax(dTe, ee);
    }
    cr_log_info("Syrope deck vs MoorDyn 2.7.2: largest |dz| %.3g m, |dT| %.3g N (at the step's end %.3g N)", dz, dT,
                dTe);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* ---- closed forms: a held strain, the static rest --------------------------------------------- */

/* One segment held between two fixed points at strain e = 1.2% (below the working curve's top),
 * started at Tmean0 = 4.339e5 N on the working curve of Tmax0 = 1.302e6 N: the slow strain
 * creeps until the static strain is the held one, and the tension settles on the working curve
 * there, hw_syrope_rest(Tmax0, e) (the curve is linear: Tmax0 (e - e_min) / (e_max - e_min)),
 * with the running maximum unchanged. Near the end the distance shrinks exponentially: with K =
 * alpha + beta T the fast spring's stiffness there and K_wc = Tmax0 / (e_max - e_min) the
 * working curve's, ds_static/ds = K / (K - K_wc) (the static strain moves faster than the slow
 * strain, by the fast spring's share), so the rate is K^2 / ((K - K_wc)(BA_s + BA_d)), 0.347/s
 * here (checked between 20 and 30 s, 2%). */
Test(syrope_lines, held_strain_relaxes_to_the_working_curve)
{
    const char *text =
        "line_types:\n"
        "  - {name: p, diameter: 0.2, mass_per_length: 40, BA: 1e9, Cdn: 0, Can: 0, Cdt: 0, Cat: 0,\n"
        "     syrope: {OWC: [[0, 0], [0.005, 1.5e5], [0.01, 4e5], [0.015, 8e5], [0.02, 1.3e6], [0.03, 2.5e6],\n"
        "              [0.05, 5.5e6]], curve: linear, k1: 0.25, alpha: 1.53e8, beta: 23.12, BA_d: 1e5}}\n"
        "points:\n"
        "  - {name: a, type: fixed, position: [0, 0, 0]}\n"
        "  - {name: b, type: fixed, position: [10.12, 0, 0]}\n"
        "lines:\n"
        "  - {name: l, type: p, end_a: a, end_b: b, length: 10, segments: 1, syrope: {Tmax0: 1.302e6, Tmean0: 4.339e5}}\n"
        "environment: {gravity: 0}\n"
        "solver: {dt: 0.001, t_end: 40, integrator: rk4, static_solve: false}\n";
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(text, "held.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = cpu_sim(sc);
    hw_syrope_type ty = {NULL, NULL, 7, HW_SYROPE_LINEAR, 0.25, 0.0, 1.53e8, 23.12, 1e9, 1e5};
    ty.owc_e = sc->model.types[0].syrope.owc.x;
    ty.owc_t = sc->model.types[0].syrope.owc.y;
    double rest = hw_syrope_rest(&ty, 1.302e6, 0.012);
    hw_syrope_curve wc = hw_syrope_wc(&ty, 1.302e6);
    cr_assert(fabs(rest - 1.302e6 * (0.012 - wc.emin) / (wc.emax - wc.emin)) < 1e-6 * rest, "rest %.6f", rest);
    double T[1], d20 = 0, d30 = 0;
    sim_step_to(sim, 20.0, 0.001);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, T), HW_OK);
    d20 = T[0] - rest;
    sim_step_to(sim, 30.0, 0.001);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, T), HW_OK);
    d30 = T[0] - rest;
    sim_step_to(sim, 40.0, 0.001);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, T), HW_OK);
    cr_expect(fabs(T[0] - rest) < 1e-3 * rest, "T %.3f, the working curve's %.3f", T[0], rest);
    double K = 1.53e8 + 23.12 * rest, Kwc = 1.302e6 / (wc.emax - wc.emin);
    double rate = K * K / ((K - Kwc) * (1e9 + 1e5));
    cr_expect(fabs(log(d20 / d30) / 10.0 - rate) < 0.02 * rate, "decay rate %.6g 1/s, expected %.6g (d20 %g, d30 %g)",
              log(d20 / d30) / 10.0, rate, d20, d30);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* With the static solve the hanging line is at rest on its working curve: the end segment carries
 * the point's weight and its end node's, on the rest curve (hw_syrope_rest), each segment's slow strain at rest there (no creep), so the run
 * stays where it starts (0.5 N and 1e-6 m over 2 s asserted, against 1e6 N). Each segment reads
 * its own working curve here (working_curve: segment, the default): with MoorDyn's one curve per
 * line the two segments, at rest on the OWC at Tmax 1.4716e6 and 1.4712e6 N, share the second's
 * curve, and the first, unloading by a hair, falls onto it (210 N at the first step, 80 N after 2 s;
 * physics/syrope.h). */
Test(syrope_lines, static_start_is_at_rest)
{
    char *text = slurp(HW_TEST_DATA_DIR "/md_syrope.yaml");
    char *p = strstr(text, "static_solve: false");
    cr_assert_not_null(p);
    memcpy(p, "static_solve: true ", 19);
    p = strstr(text, "working_curve: line"); /* to "working_curve: segment" */
    cr_assert_not_null(p);
    memmove(p + 22, p + 19, strlen(p + 19) + 1);
    memcpy(p, "working_curve: segment", 22);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(text, "md_syrope.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = cpu_sim(sc);
    double t0[2], t1[2], z0[3], z1[3], v[3], fo[3];
    cr_assert_eq(hw_sim_line_tensions(sim, 0, t0), HW_OK);
    cr_assert_eq(hw_sim_point_state(sim, 1, z0, v, fo), HW_OK);
    /* the point's weight and the end node's (half a segment, wet) */
    double w = 1.5e5 * 9.80665 + (40.0 - 1025.0 * atan(1.0) * 0.2 * 0.2) * 9.80665 * 2.5;
    cr_expect(fabs(t0[1] - w) < 1e-6 * w, "end segment %.3f N, the weight %.3f N", t0[1], w);
    sim_step_to(sim, 2.0, 0.001);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, t1), HW_OK);
    cr_assert_eq(hw_sim_point_state(sim, 1, z1, v, fo), HW_OK);
    for (int s = 0; s < 2; s++) cr_expect(fabs(t1[s] - t0[s]) < 0.5, "segment %d: %.6f then %.6f", s, t0[s], t1[s]);
    cr_expect(fabs(z1[2] - z0[2]) < 1e-6, "point z %.12f then %.12f", z0[2], z1[2]);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* ---- checkpoints ------------------------------------------------------------------------------- */

/* Saved at 4 s (after the segments went onto the OWC and their running maxima rose past Tmax0)
 * and loaded into a fresh simulation, the run goes on bit for bit: the checkpoint carries each
 * segment's running maximum and branch (without them the resumed segments would unload along
 * Tmax0's working curve). */
Test(syrope_lines, checkpoint_resumes_bit_identically)
{
    hw_scenario *sc = md_deck(HW_TEST_DATA_DIR "/md_syrope.dat");
    hw_sim *a = cpu_sim(sc), *b = cpu_sim(sc);
    sim_step_to(a, 4.0, 0.001);
    for (int s = 0; s < 2; s++) { /* the CPU backend shares the host's seg_syr */
        cr_log_info("segment %d at 4 s: Tmax %.3f N, branch %g", s, a->m.S.seg_syr[2 * s], a->m.S.seg_syr[2 * s + 1]);
        cr_assert(a->m.S.seg_syr[2 * s] > 1.31e6, "segment %d: the running maximum rose past Tmax0 (%.1f)", s,
                  a->m.S.seg_syr[2 * s]);
    }
    void *buf = NULL;
    size_t len = 0;
    cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
    cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    free(buf);
    sim_step_to(a, 5.0, 0.001);
    sim_step_to(b, 5.0, 0.001);
    double ta[2], tb[2], xa[9], xb[9];
    cr_assert_eq(hw_sim_line_tensions(a, 0, ta), HW_OK);
    cr_assert_eq(hw_sim_line_tensions(b, 0, tb), HW_OK);
    cr_assert_eq(hw_sim_line_positions(a, 0, xa), HW_OK);
    cr_assert_eq(hw_sim_line_positions(b, 0, xb), HW_OK);
    cr_assert(memcmp(ta, tb, sizeof ta) == 0 && memcmp(xa, xb, sizeof xa) == 0, "resumed run differs: %.9f vs %.9f",
              ta[0], tb[0]);
    hw_sim_destroy(a);
    hw_sim_destroy(b);
    hw_scenario_free(sc);
}

/* ---- input errors ------------------------------------------------------------------------------ */

static void yaml_error(const char *type_extra, const char *line_extra, const char *n1, const char *n2)
{
    char text[2048];
    snprintf(text, sizeof text,
             "line_types:\n"
             "  - {name: p, diameter: 0.2, mass_per_length: 40, BA: 1e9%s}\n"
             "points:\n"
             "  - {name: a, type: fixed, position: [0, 0, 0]}\n"
             "  - {name: b, type: fixed, position: [10.1, 0, 0]}\n"
             "lines:\n"
             "  - {name: l, type: p, end_a: a, end_b: b, length: 10, segments: 2%s}\n",
             type_extra, line_extra);
    hw_scenario *sc = NULL;
    cr_assert_neq(hw_scenario_load_string(text, "e.yaml", &sc, msg, sizeof msg), HW_OK, "%s accepted", type_extra);
    cr_expect(strstr(msg, n1) && strstr(msg, n2), "message: %s", msg);
}

#define OWC "OWC: [[0, 0], [0.01, 4e5], [0.03, 2.5e6]]"
Test(syrope_lines, yaml_errors)
{
    yaml_error(", syrope: {" OWC ", curve: linear, k1: 0.25, alpha: 1.53e8, beta: 23.12}", "", "syrope.Tmax0", "Tmax0");
    yaml_error(", syrope: {" OWC ", curve: linear, k1: 0.25, alpha: 1.53e8, beta: 23.12}",
               ", syrope: {Tmax0: 1e6, Tmean0: 2e6}", "syrope.Tmean0", "Tmax0");
    yaml_error(", syrope: {" OWC ", curve: cubic, k1: 0.25, alpha: 1.53e8, beta: 23.12}",
               ", syrope: {Tmax0: 1e6, Tmean0: 2e5}", "curve", "cubic");
    yaml_error(", syrope: {" OWC ", curve: quadratic, k1: 1.5, alpha: 1.53e8, beta: 23.12}",
               ", syrope: {Tmax0: 1e6, Tmean0: 2e5}", "syrope.k1", "k1");
    yaml_error(", syrope: {OWC: [[0, 0], [0.01, 4e5], [0.005, 2.5e6]], curve: linear, k1: 0.25, alpha: 1.53e8, beta: 23.12}",
               ", syrope: {Tmax0: 1e6, Tmean0: 2e5}", "syrope.OWC", "strain");
    yaml_error(", syrope: {" OWC ", curve: linear, k1: 0.25, alpha: 1.53e8, beta: 0}",
               ", syrope: {Tmax0: 1e6, Tmean0: 2e5}", "syrope.beta", "beta");
    yaml_error(", syrope: {" OWC ", curve: linear, k1: 0.25, alpha: 1.53e8, beta: 23.12}",
               ", syrope: {Tmax0: 3e6, Tmean0: 2e5}", "syrope.Tmax0", "OWC");
    yaml_error(", syrope: {curve: linear, k1: 0.25, alpha: 1.53e8, beta: 23.12}",
               ", syrope: {Tmax0: 1e6, Tmean0: 2e5}", "OWC", "required");
}

/* The deck forms: a line without its SYROPE IC row, a settings file that is not there, a bad
 * SYROPE: value; a SYROPE WORKING CURVES section is read past with a note (MoorDyn 2.7.2 ignores
 * it), and a line list "1,2" in SYROPE IC covers both lines. */
static const char *DECK =
    "--- LINE TYPES ---\n"
    "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx\n"
    "(-) (m) (kg/m) (N) (N-s/-) (-) (-) (-) (-) (-)\n"
    "poly 0.2 40 %s 1e9|1e5 0 0 0 0 0\n"
    "--- POINTS ---\n"
    "ID Attachment X Y Z M V CdA CA\n"
    "(-) (-) (m) (m) (m) (kg) (m^3) (m^2) (-)\n"
    "1 Fixed 0 0 -10 0 0 0 0\n"
    "2 Free 0 0 -20.1 1e5 0 0 0\n"
    "3 Free 0 0 -30.2 1e5 0 0 0\n"
    "--- LINES ---\n"
    "ID LineType AttachA AttachB UnstrLen NumSegs Outputs\n"
    "(-) (-) (-) (-) (m) (-) (-)\n"
    "1 poly 1 2 10 2 -\n"
    "2 poly 2 3 10 2 -\n"
    "%s"
    "--- OPTIONS ---\n"
    "0.001 dtM\n"
    "100 WtrDpth\n"
    "0 TmaxIC\n"
    "--- need this line ---\n";

static int notes;
static void count_notes(void *u, int level, const char *m)
{
    (void)u; (void)level;
    if (strstr(m, "SYROPE WORKING CURVES")) notes++;
}

static hw_status load_deck(const char *ea, const char *extra, hw_scenario **sc)
{
    char text[4096];
    snprintf(text, sizeof text, DECK, ea, extra);
    *sc = NULL;
    return hw_md_load_string(text, HW_TEST_DATA_DIR "/syrope_inline.dat", count_notes, NULL, sc, NULL, msg, sizeof msg);
}

Test(syrope_lines, deck_forms)
{
    hw_scenario *sc = NULL;
    const char *ea = "SYROPE:md_syrope_settings.txt|1.53e8|23.12";
    notes = 0;
    cr_assert_eq(load_deck(ea, "--- SYROPE WORKING CURVES ---\nWCType k1 k2\n(-) (-) (-)\nLINEAR 1.25e8 0\n"
                               "--- SYROPE IC ---\nLines Tmax0 Tmean0\n(-) (N) (N)\n1,2 1.302e6 4.339e5\n", &sc),
                 HW_OK, "%s", msg);
    cr_expect(notes == 1, "a note on the ignored working curves");
    cr_expect(sc->model.lines[1].syr_tmax0 == 1.302e6 && sc->model.lines[1].syr_tmean0 == 4.339e5);
    cr_expect(sc->model.types[0].syrope.curve == HW_SYROPE_LINEAR && sc->model.types[0].syrope.k1 == 0.25,
              "the settings file's curve, not the section's");
    hw_scenario_free(sc);
    cr_assert_neq(load_deck(ea, "--- SYROPE IC ---\nLines Tmax0 Tmean0\n(-) (N) (N)\n1 1.302e6 4.339e5\n", &sc), HW_OK);
    cr_expect(strstr(msg, "syrope_inline.dat:15: LINES") && strstr(msg, "SYROPE IC row for Syrope line 2"), "%s", msg);
    cr_assert_neq(load_deck("SYROPE:nowhere.txt|1.53e8|23.12", "", &sc), HW_OK);
    cr_expect(strstr(msg, "nowhere.txt") && strstr(msg, "cannot open"), "%s", msg);
    cr_assert_neq(load_deck("SYROPE:md_syrope_settings.txt|1.53e8", "", &sc), HW_OK);
    cr_expect(strstr(msg, ":4: LINE TYPES poly EA") && strstr(msg, "SYROPE:<settings file>|alpha|beta"), "%s", msg);
}
