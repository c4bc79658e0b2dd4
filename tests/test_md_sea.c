/* MoorDyn decks with waves and currents from files (docs/moordyn.md, "Waves" and "Currents"):
 * WaveKin 1 (kinematics from the calling program: still water under hawser run), WaveKin 2
 * (wave_frequencies.txt on MoorDyn's FFT grid, mapped to the components that grid holds) and
 * Currents 2 (current_profile_dynamic.txt, profiles at times on MoorDyn's resampled time grid),
 * each against MoorDyn 2.7.2 and a hand-written YAML twin (Currents 5: tests/test_md_curr5.c). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/waves.h"
#include "io/moordyn_deck.h"
#include "io/moordyn_sea.h"
#include "io/scenario.h"
#include "io/scenario_write.h"

#include "helpers.h"
#include "physics/hydro.h"

static char msg[2048];

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "create: %s", msg);
    return sim;
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

/* A deck (the OPTIONS lines given) beside a side file, in a folder of its own under HW_TMP. */
static const char *side_deck(const char *dir, const char *options, const char *file, const char *content)
{
    static char path[512];
    char cmd[600], fpath[600];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    cr_assert_eq(system(cmd), 0);
    if (file) {
        snprintf(fpath, sizeof fpath, "%s/%s", dir, file);
        FILE *f = fopen(fpath, "w");
        cr_assert(f != NULL);
        fputs(content, f);
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/deck.dat", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f != NULL);
    fprintf(f, "--- MoorDyn input ---\n--- LINE TYPES ---\nName Diam Mass EA BA EI Cd Ca CdAx CaAx\n"
               "(-) (m) (kg/m) (N) (Ns) (Nm2) (-) (-) (-) (-)\nrope 0.1 10 1e6 -0.8 0 1.2 1 0.2 0\n"
               "--- POINTS ---\nID Att X Y Z M V CdA Ca\n(-) (-) (m) (m) (m) (kg) (m3) (m2) (-)\n"
               "1 Fixed 0 0 -20 0 0 0 0\n2 Fixed 0 0 -2 0 0 0 0\n--- LINES ---\nID Type A B L N Out\n"
               "(-) (-) (-) (-) (m) (-) (-)\n1 rope 1 2 17.9 10 -\n--- OPTIONS ---\n0.001 dtM\n30 WtrDpth\n"
               "0 TmaxIC\n%s--- need this line ---\n", options);
    fclose(f);
    return path;
}

/* The deck's line 1 node positions after running to each of the times t[0..n-1]: node k's into
 * out[3 (i n_nodes + k)]. */
static void run_nodes(const hw_model_def *m, const double *t, int n, int nodes, double *out)
{
    hw_sim *sim = make(m);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(hw_sim_advance_to(sim, t[i]), HW_OK, "%s", hw_sim_last_error(sim));
        cr_assert_eq(hw_sim_line_positions(sim, 0, out + (size_t)3 * i * nodes), HW_OK);
    }
    hw_sim_destroy(sim);
}

/* ---- Currents 2 --------------------------------------------------------------------------- */

/* md_sea_curr2/current_profile_dynamic.txt: rows at t = 0, 1 and 3 s at depths -20, -10, 0 m, ux
 * and uy only. MoorDyn 2.7.2 resamples them every 1 s (the smallest step) from 0 to 3 s: four
 * profiles, the one at 2 s halfway between the rows of 1 and 3 s, linear in time between them. */
Test(currents2, resampled_as_moordyn)
{
    log_cap cap = {{0}, 0};
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_sea_curr2/deck.dat", cap_log, &cap, &sc, NULL, msg, sizeof msg),
                 HW_OK, "%s", msg);
    const hw_current_def *c = &sc->model.env.current;
    cr_assert_eq(c->n_depth, 3);
    cr_assert_eq(c->n_time, 4);
    for (int k = 0; k < 4; k++) cr_expect_eq(c->t[k], k);
    cr_expect(c->z[0] == -20 && c->z[1] == -10 && c->z[2] == 0);
    const double ux2[3] = {0.4, 0.8, 1.2}, uy2[3] = {0.0, 0.1, 0.2};
    for (int j = 0; j < 3; j++) {
        cr_expect(fabs(c->ux[2 * 3 + j] - ux2[j]) < 1e-15 && fabs(c->uy[2 * 3 + j] - uy2[j]) < 1e-15 &&
                  c->uz[2 * 3 + j] == 0, "depth %d: %.17g %.17g", j, c->ux[6 + j], c->uy[6 + j]);
    }
    cr_expect(strstr(cap.text, "1 ") && strstr(cap.text, "deck.dat:23: Currents 2: ") &&
              strstr(cap.text, "after 3 s Hawser holds the last profile, where MoorDyn repeats the record every 4 s"),
              "%s", cap.text);
    hw_scenario_free(sc);
}

/* The current MoorDyn 2.7.2 gives at (0, 0, z) and t (PyPI wheel: moordyn.Create(md_sea_curr2/deck.dat),
 * Init(s, [], []), Step(s, [], [], t, 0.5) in turn, then GetWavesKin(GetWaves(s), 0, 0, z)[0]):
 * within the record (t < 3 s) the resampled profiles, linear in depth and time (its time, summed
 * from 1 ms steps, is off by 1e-14 s: 1e-12 m/s holds it). Hawser's current there is the same. */
static const double MD_CUR2[][5] = {
    {0.5, -15, 0.15, 0.049999999999999996, 0}, {0.5, -4, 0.25999999999999995, 0.049999999999999996, 0},
    {1.5, -20, 0.29999999999997784, 0.050000000000011084, 0}, {1.5, -15, 0.44999999999996676, 0.07500000000000555, 0},
    {1.5, 0, 0.8999999999999335, 0.14999999999998892, 0}, {2.5, -20, 0.4999999999999999, -0.04999999999999996, 0},
    {2.5, -15, 0.7499999999999998, 0.025000000000000022, 0}, {2.5, -4, 1.2999999999999998, 0.18999999999999997, 0},
    {2.5, 0, 1.4999999999999998, 0.24999999999999994, 0}};

Test(currents2, current_against_moordyn)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_sea_curr2/deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    const hw_current_def *c = &sc->model.env.current;
    double worst = 0;
    for (size_t i = 0; i < sizeof MD_CUR2 / sizeof MD_CUR2[0]; i++) {
        const double *m = MD_CUR2[i];
        hw_v3 u = hw_current_3(c->z, c->t, c->ux, c->uy, c->uz, c->n_depth, c->n_time, m[1], m[0]);
        worst = fmax(worst, fmax(fabs(u.x - m[2]), fmax(fabs(u.y - m[3]), fabs(u.z - m[4]))));
        cr_expect(fabs(u.x - m[2]) < 1e-12 && fabs(u.y - m[3]) < 1e-12 && fabs(u.z - m[4]) < 1e-12,
                  "t %g z %g: Hawser (%.17g, %.17g), MoorDyn (%.17g, %.17g)", m[0], m[1], u.x, u.y, m[2], m[3]);
    }
    printf("Currents 2: largest difference from MoorDyn 2.7.2's current %.3e m/s\n", worst);
    /* beyond the record (t >= 3 s) MoorDyn repeats it every 4 s (0 from 3 to 4 s, then the 0..1 s
     * ramp again: 0.1 m/s at z = -20 m and t = 4.5 s), Hawser holds the last profile */
    hw_v3 u = hw_current_3(c->z, c->t, c->ux, c->uy, c->uz, c->n_depth, c->n_time, -20, 4.5);
    cr_expect(u.x == 0.6 && u.y == -0.1, "%g %g", u.x, u.y);
    hw_scenario_free(sc);
}

/* A profile linear in time is interpolated exactly between rows, whatever their spacing: rows at
 * t = 0, 0.5, 2 s of u = 0.3 t (at both depths, ux = uy / 2 = uz / 3) resample every 0.5 s to 0 .. 2 s,
 * and the current at any t inside is 0.3 t to rounding. A row with ux only has uy = uz = 0. */
Test(currents2, linear_in_time_is_exact)
{
    const char *deck = side_deck(HW_TMP "/md_sea_lin", "2 Currents\n", "current_profile_dynamic.txt",
                                 "h1\nh2\nh3\nh4\n-30 0\n\n0 0 0 0 0 0 0\n0.5 0.15 0.15 0.3 0.3 0.45 0.45\n"
                                 "2 0.6 0.6 1.2 1.2 1.8 1.8\n");
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_current_def *c = &sc->model.env.current;
    cr_assert_eq(c->n_time, 5);
    for (int k = 0; k <= 40; k++) {
        double t = 0.05 * k, z = -30 + 0.75 * k;
        hw_v3 u = hw_current_3(c->z, c->t, c->ux, c->uy, c->uz, c->n_depth, c->n_time, z, t);
        cr_expect(fabs(u.x - 0.3 * t) < 1e-14 && fabs(u.y - 0.6 * t) < 1e-14 && fabs(u.z - 0.9 * t) < 1e-14,
                  "t %g: %.17g %.17g %.17g", t, u.x, u.y, u.z);
    }
    hw_scenario_free(sc);
    /* ux only (fewer than 2 nz + 1 values): uy = uz = 0 */
    deck = side_deck(HW_TMP "/md_sea_lin1", "2 Currents\n", "current_profile_dynamic.txt",
                     "h1\nh2\nh3\nh4\n-30 0\n\n0 0 0\n2 0.6 0.6 1.2\n");
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    c = &sc->model.env.current;
    cr_expect(c->n_time == 2 && c->ux[2] == 0.6 && c->uy[2] == 0 && c->uz[3] == 0);
    hw_scenario_free(sc);
}

/* MoorDyn 2.7.2's node 5 of md_sea_curr2/deck.dat (PyPI wheel: Create, Init(s, [], []), Step(s, [],
 * [], t, 0.5) to each time, GetLineNodePos(GetLine(s, 1), 5)): the taut rope pushed by the current.
 * Hawser's run of the deck meets it within 1e-7 m sideways (measured 1.7e-8 m) and, from 1 s on,
 * 1e-6 m in height (measured 1.8e-7 m). Before that MoorDyn's straight start settles axially by
 * 1.4e-5 m (it does so in still water too, where Hawser's node 5 stays put to 1e-8 m), a start-up
 * difference that is not the current's. The YAML twin runs to the same numbers, bit for bit. */
static const double MD_CUR2_N5[4][4] = {{0.5, 0.0024622131153912746, 0.0006396633861683916, -11.000779048469083},
                                        {1, 0.028980864045773526, 0.0074206431642359775, -11.000735919760592},
                                        {1.5, 0.08764262819722222, 0.01990339055675531, -11.00058957459026},
                                        {2, 0.16447109254551895, 0.025855056045879222, -11.00018102232738}};

Test(currents2, deck_against_moordyn_and_twin)
{
    hw_scenario *d = NULL, *y = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_sea_curr2/deck.dat", NULL, NULL, &d, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_sea_curr2.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
    char *a = yaml_of(d), *b = yaml_of(y);
    cr_expect_str_eq(a, b);
    free(a);
    free(b);
    double t[4] = {0.5, 1, 1.5, 2}, rd[4 * 33], ry[4 * 33];
    run_nodes(&d->model, t, 4, 11, rd);
    run_nodes(&y->model, t, 4, 11, ry);
    cr_expect(!memcmp(rd, ry, sizeof rd), "the deck and its twin differ");
    double side = 0, up = 0;
    for (int i = 0; i < 4; i++) {
        const double *r = rd + 3 * (i * 11 + 5);
        side = fmax(side, fmax(fabs(r[0] - MD_CUR2_N5[i][1]), fabs(r[1] - MD_CUR2_N5[i][2])));
        if (t[i] >= 1) up = fmax(up, fabs(r[2] - MD_CUR2_N5[i][3]));
    }
    printf("Currents 2 deck: node 5 against MoorDyn 2.7.2: %.3e m sideways, %.3e m in height\n", side, up);
    cr_expect_lt(side, 1e-7);
    cr_expect_lt(up, 1e-6);
    hw_scenario_free(d);
    hw_scenario_free(y);
}

/* Bad files: one line naming the file's own line and the deck's option. */
Test(currents2, errors)
{
    static const struct { const char *content, *tail; } C[] = {
        {"h\nh\nh\nh\n0 -10\n\n0 1 1\n", ":5: depths: expected values increasing strictly (from the deepest up), got -10 after 0"},
        {"h\nh\nh\nh\n-10 0\n\n0 1 1\n1 2\n", ":8: row: expected t and then ux at each of the 2 depths (and uy, uz at each: 7 values in all), got 2 values"},
        {"h\nh\nh\nh\n-10 0\n\n0 1 1\n0 2 2\n", ":8: t: expected times increasing strictly, got 0 after 0 (line 7)"},
        {"h\nh\nh\nh\n-10 x\n", ":5: depths: expected a finite number, got 'x'"},
        {"h\nh\nh\nh\n-10 0\n\n", ":7: rows: expected at least one row t ux... after line 6, got none"}};
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        const char *deck = side_deck(HW_TMP "/md_sea_bad2", "2 Currents\n", "current_profile_dynamic.txt", C[k].content);
        hw_scenario *sc = NULL;
        cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_ERR_INPUT, "%s", C[k].tail);
        char want[1024];
        snprintf(want, sizeof want, "%s/current_profile_dynamic.txt%s (Currents 2 at %s:19)", HW_TMP "/md_sea_bad2",
                 C[k].tail, deck);
        cr_expect_str_eq(msg, want);
    }
    const char *deck = side_deck(HW_TMP "/md_sea_none2", "2 Currents\n", NULL, NULL);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_ERR_IO);
    cr_expect(strstr(msg, "/md_sea_none2/current_profile_dynamic.txt: cannot open: No such file or directory "
                          "(Currents 2 at ") != NULL, "%s", msg);
    /* Currents 5 reads current_profile_4d.txt beside the deck (tests/test_md_curr5.c) */
    deck = side_deck(HW_TMP "/md_sea_c5", "5 Currents\n", NULL, NULL);
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_ERR_IO);
    cr_expect(strstr(msg, "/md_sea_c5/current_profile_4d.txt: cannot open: No such file or directory (Currents 5 at ")
              != NULL, "%s", msg);
}

/* ---- WaveKin 1 -------------------------------------------------------------------------------- */

/* WaveKin 1: MoorDyn's kinematics are set by the calling program; MoorDyn 2.7.2 run on its own
 * (PyPI wheel, MoorDyn's wavekin_wave_1 test deck: Create, Init, GetWavesKin at (-100, 0, -10) at
 * t = 0 and after 20 Step calls to 2 s) gives zero velocity, acceleration, elevation and pressure
 * everywhere: still water. Hawser reads it so, with a warning saying so: the same sea as WaveKin 0. */
Test(wavekin1, still_water_with_a_warning)
{
    log_cap cap = {{0}, 0};
    const char *deck = side_deck(HW_TMP "/md_sea_wk1", "1 WaveKin\n", NULL, NULL);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(deck, cap_log, &cap, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect_eq(sc->model.env.waves.kind, HW_WAVES_NONE);
    cr_expect_eq(sc->model.env.current.n_depth, 0);
    cr_expect(strstr(cap.text, "deck.dat:19: WaveKin 1: the wave kinematics are set by the calling program in MoorDyn "
                               "(MoorDyn_ExternalWaveKinSet); under hawser run nobody sets them, so the water stays "
                               "still") != NULL, "%s", cap.text);
    hw_scenario_free(sc);
}

/* ---- WaveKin 2 -------------------------------------------------------------------------------- */

/* The bins of MoorDyn's grid: rows at 0, 0.25 and 0.75 rad/s (dw = 0.25, the smallest step) give
 * bins at 0, 0.25, 0.5, 0.75 with the amplitude and direction at 0.5 halfway between the rows; the
 * last bin (Nyquist) counts half; the first bin's real part over 2 is the mean level; phase =
 * -arg A. MoorDyn's count floor(omega_last / dw) + 1 is taken in floating point as it does: rows at
 * 0, 0.1, 0.3 make bins 0, 0.1, 0.2 only (0.3 / 0.1 = 2.9999999999999996). */
Test(wavekin2, bins)
{
    const double om[3] = {0, 0.25, 0.75}, re[3] = {0.2, 0.0, 0.4}, im[3] = {5, 1.0, 0.0}, be[3] = {0, 0.2, 0.6};
    double *buf = NULL, mean = 0, dt = 0, dw = 0;
    int m = 0, nw = 0;
    cr_assert_eq(hw_md_wavekin2_components(om, re, im, be, 3, &buf, &m, &mean, &dt, &dw, &nw), HW_OK);
    cr_assert_eq(nw, 4);
    cr_assert_eq(m, 3);
    cr_expect(dw == 0.25 && mean == 0.1 && fabs(dt - 2 * HW_PI / (6 * 0.25)) < 1e-12, "%g %g %g", dw, mean, dt);
    const double amp[3] = {1, hypot(0.2, 0.5), 0.2}, w[3] = {0.25, 0.5, 0.75}, dir[3] = {0.2, 0.4, 0.6},
                 ph[3] = {-HW_PI / 2, -atan2(0.5, 0.2), 0};
    for (int k = 0; k < 3; k++)
        cr_expect(fabs(buf[k] - amp[k]) < 1e-15 && buf[3 + k] == w[k] && fabs(buf[6 + k] - dir[k]) < 1e-15 &&
                  fabs(buf[9 + k] - ph[k]) < 1e-15, "bin %d: %.17g %.17g %.17g %.17g", k + 1, buf[k], buf[3 + k],
                  buf[6 + k], buf[9 + k]);
    free(buf);
    const double om2[3] = {0, 0.1, 0.3};
    cr_assert_eq(hw_md_wavekin2_components(om2, re, im, be, 3, &buf, &m, &mean, &dt, &dw, &nw), HW_OK);
    cr_expect_eq(nw, 3);
    free(buf);
}

/* MoorDyn 2.7.2's kinematics of md_sea_wk2/deck.dat (PyPI wheel: Create, Init(s, [], []),
 * Step(s, [], [], t, 0.0625) in turn, GetWavesKin(GetWaves(s), x, y, z) = (U, Ud, zeta, PDyn) at
 * t = 0, 0.25, 0.5, 0.75, 0.75, 1, 1.5, ..., 4 s): per row t, x, y, z, U (3), Ud (3), zeta, PDyn. Its
 * grid (water_grid.txt) is 5 m apart in x and y and 2 m in z, its samples 0.4909 s apart. */
static const double MD_WK2_KIN[][12] = {
    {0, 0, 0, -20, 0.31394382045667496, 0.05565716493983098, -0.024858388895077937, -0.04493150476075266, 0.0, -0.06999852628089966, 0.7999999999999999, 4711.39941329484},
    {0, 5, 0, -10, 0.3874855138188139, 0.07011682311576986, 0.005635697079878382, 0.006139364920219434, 0.009659665939717442, -0.14226988949566471, 0.7910667524664291, 5882.325209047007},
    {0, 2.5, -5, -7, 0.4205055078054886, 0.07865605706409712, -0.03221673617872821, -0.019371698446137158, 0.002034689432339932, -0.1753871238523067, 0.7980298633367979, 6343.636037362477},
    {0, 0, 0, -2, 0.49012907459512123, 0.09473301702974218, -0.050942608456403415, -0.020809284006990076, 0.0, -0.23568512670482608, 0.7999999999999999, 7340.998833788908},
    {0, -10, 10, 0, 0.5007464473147901, 0.09784840622366937, -0.20168693640466911, -0.1206608934420928, -0.018896508178583668, -0.27790455173606843, 0.7436249793127896, 7271.25213233952},
    {0, 3, 4, -1, 0.4968816687334968, 0.09611609022940391, 0.012766628396916493, 0.025613035071161725, 0.011176676148110572, -0.2343608008807495, 0.7902877239269486, 7509.204329459274},
    {0.25, 0, 0, -20, 0.2959851680321265, 0.0542559413718564, -0.042347165749365596, -0.07063158933843992, -0.005339668720977325, -0.0693102758753041, 0.7695625152766666, 4410.207065192349},
    {0.25, 5, 0, -10, 0.3809464315949435, 0.07072233331287879, -0.03126671214157622, -0.02519680934021047, 0.002689503246231055, -0.14630105746562097, 0.7837920613602082, 5737.476870630834},
    {0.25, 2.5, -5, -7, 0.40682149582426985, 0.07721142331427315, -0.07678070464757195, -0.05412390560128623, -0.0055652718377391455, -0.17674652043995695, 0.7740060596351483, 6086.287056016472},
    {0.25, 0, 0, -2, 0.47431311903203965, 0.09242673941725627, -0.1107111673711269, -0.06322063118987552, -0.009096297234356858, -0.23698614156885617, 0.7695625152766666, 7037.5665021747955},
    {0.25, -10, 10, 0, 0.45919929646303165, 0.09096505431341209, -0.26888368106822524, -0.16846850866421226, -0.027875965060231392, -0.2648644140593688, 0.6734591284163698, 6594.109813040803},
    {0.25, 3, 4, -1, 0.492593771879938, 0.09646957692951817, -0.04823540399504919, -0.01657447686642415, 0.00167454321447775, -0.2418574806428859, 0.7778993901544102, 7373.512076341034},
    {0.5, 0, 0, -20, 0.2780266615117145, 0.05285426354201521, -0.05987219691518669, -0.09633964161567632, -0.010681126870014242, -0.06862107904009151, 0.7391250305533332, 4109.001709889728},
    {0.5, 5, 0, -10, 0.3744109893401453, 0.07132801937516905, -0.06818988553053149, -0.056540602374754265, -0.004282662121708436, -0.15033569198307317, 0.7765173702539871, 5592.66471089649},
    {0.5, 2.5, -5, -7, 0.3931470261623061, 0.07576497573456789, -0.12143605860488293, -0.08891573699915631, -0.013174852603960842, -0.17811569286252715, 0.7499822559334988, 5828.990894617545},
    {0.5, 0, 0, -2, 0.45851320022578723, 0.09011574743236585, -0.17064870056902773, -0.10571495606176452, -0.0182111653215282, -0.23830542708803, 0.7391250305533332, 6734.194813709716},
    {0.5, -10, 10, 0, 0.41755428912976567, 0.08404561727813654, -0.3365685861628041, -0.21655394488339938, -0.03690225390137399, -0.2517679497906012, 0.60329327751995, 5915.139799239747},
    {0.5, 3, 4, -1, 0.48832416648897087, 0.09682338420131781, -0.10931010177727146, -0.058797161311014166, -0.007836345786231337, -0.24937104870902047, 0.7655110563818717, 7238.006021901392},
    {0.75, 0, 0, -20, 0.24834298910059974, 0.04904086824128653, -0.0763421498958326, -0.12005288579173887, -0.015513719515486772, -0.06488915578241176, 0.6764317322684897, 3636.3257491215686},
    {0.75, 5, 0, -10, 0.35298002073735835, 0.06870030741492647, -0.10549831670521055, -0.08831098006903243, -0.011036954678427573, -0.14817671669582447, 0.7375620211190905, 5226.721340781991},
    {0.75, 2.5, -5, -7, 0.3633042859026894, 0.07090288790795737, -0.16489514239240777, -0.12305080326956437, -0.02017287828421969, -0.1718650590923551, 0.6943723663612146, 5334.091347592319},
    {0.75, 0, 0, -2, 0.42303612628939924, 0.08376113053392882, -0.22864657312800724, -0.14753843246706358, -0.02649722021661656, -0.22899814597819224, 0.6764317322684897, 6145.068605049687},
    {0.75, -10, 10, 0, 0.35493342296069436, 0.0733365219222739, -0.39506374531399036, -0.25886362919317407, -0.04428883375039387, -0.22572035709279403, 0.5027839487479169, 4942.833948930245},
    {0.75, 3, 4, -1, 0.46399571504921533, 0.09284136902566914, -0.17130708010255952, -0.10253344523642448, -0.01697524084910847, -0.24627986583172684, 0.7210127065937925, 6807.717023635876},
    {1, 0, 0, -20, 0.21742862918657282, 0.04497334519775477, -0.09277094436940152, -0.1435753220531834, -0.020296516810552206, -0.060823578327871095, 0.6103762714865555, 3145.6234082893843},
    {1, 5, 0, -10, 0.32999274520184296, 0.06573088521601494, -0.14296564900895875, -0.12017499370945081, -0.017779167988952113, -0.1453692177053888, 0.6953044604276929, 4837.578130490056},
    {1, 2.5, -5, -7, 0.3317472418133586, 0.06566946350563058, -0.20844058785704592, -0.15721923325656767, -0.02712721416789563, -0.16480027416999535, 0.6354701228961471, 4813.8071043254495},
    {1, 0, 0, -2, 0.38544677924628196, 0.07695655133322525, -0.28678619615389855, -0.18947724343540132, -0.034730570540145375, -0.2185474177414042, 0.6103762714865555, 5524.937235056484},
    {1, -10, 10, 0, 0.289791985752301, 0.06215214111271712, -0.4531882749997941, -0.30093179675823234, -0.051554995476844126, -0.1980907528980487, 0.3991117884711022, 3934.69285668788},
    {1, 3, 4, -1, 0.43756990215082686, 0.08839224483318033, -0.2336834884808322, -0.14657876454874053, -0.02610579350023847, -0.2420899707990625, 0.6731673914153486, 6346.315661774432},
    {1.5, 0, 0, -20, 0.13540128866794365, 0.03278003464866208, -0.12046643167791798, -0.1820267395572525, -0.027934709606114428, -0.04666970037218619, 0.41971129343325403, 1876.3167164875622},
    {1.5, 5, 0, -10, 0.25516950726273446, 0.05385297905008901, -0.21228214817312624, -0.17906246860518, -0.029582687280580142, -0.12639456190900655, 0.5486481589261312, 3641.645066385983},
    {1.5, 2.5, -5, -7, 0.23836537227540927, 0.049276940221272506, -0.28548475169514137, -0.2179837500935251, -0.038543296544390294, -0.1348733051510855, 0.4589946435230712, 3340.1184471058114},
    {1.5, 0, 0, -2, 0.27319838943162156, 0.056394165816633916, -0.3886176511362573, -0.2641171239875695, -0.04805835815768521, -0.1758036973104, 0.41971129343325403, 3760.719637822322},
    {1.5, -10, 10, 0, 0.12471542392535577, 0.034030644350359095, -0.5386188997238146, -0.3643892044737945, -0.06147075966957535, -0.11930657637943642, 0.14559215370651818, 1446.7247803256353},
    {1.5, 3, 4, -1, 0.34479444608667453, 0.07154924592073614, -0.3495332013915616, -0.2298189087371022, -0.04199893451377302, -0.21074954596323292, 0.5156160601787002, 4852.0604411752465},
    {2, 0, 0, -20, 0.03736926225454982, 0.01744313306563024, -0.13997075333337552, -0.20750432181492948, -0.032871074026425036, -0.026848417380515376, 0.17966536994436277, 386.7204650228041},
    {2, 5, 0, -10, 0.15361856180664007, 0.03677916358630524, -0.26943526678892804, -0.2273494949821226, -0.0385929587055083, -0.09365421362157891, 0.34425446429103357, 2068.6907687473126},
    {2, 2.5, -5, -7, 0.11801148231759324, 0.028050808147705428, -0.34469405218935356, -0.26490726513118124, -0.0463509606065452, -0.08927147756222013, 0.23142009783175976, 1491.802694601498},
    {2, 0, 0, -2, 0.1277328864105423, 0.030213767555170717, -0.4652716129217409, -0.3215912073559099, -0.05693696116325141, -0.11161019469159453, 0.17966536994436277, 1540.8951822920549},
    {2, -10, 10, 0, -0.06636465548960743, 0.0021474123835540575, -0.5772655762572916, -0.39649600964996284, -0.06528249002438204, -0.020403841368415197, -0.13675074054576566, -1374.593316017461},
    {2, 3, 4, -1, 0.21383193541933992, 0.047722861289464805, -0.4454312374097327, -0.3001400911309665, -0.0540577553428024, -0.15563722888951878, 0.30185513147618387, 2825.0984590981016},
    {2.5, 0, 0, -20, -0.06937452690481735, 0.0004285861456640128, -0.14870438953238013, -0.21672094063768876, -0.0346389467012434, -0.002708539397892758, -0.09137723509227168, -1212.061794842397},
    {2.5, 5, 0, -10, 0.03174359606147041, 0.016070729693100784, -0.3079506863846052, -0.25956109296969565, -0.043948066153054535, -0.04877467389021439, 0.09613735881847357, 220.60259736585874},
    {2.5, 2.5, -5, -7, -0.021388600258024484, 0.003913396333866953, -0.3787273174039201, -0.29225831285928294, -0.04977566580707572, -0.030616808631806214, -0.030549250307102475, -606.9926505389432},
    {2.5, 0, 0, -2, -0.04118490956492337, 0.0007483013922954827, -0.5068471659385066, -0.3546316670131559, -0.06047879126851149, -0.029946576276257533, -0.09137723509227168, -983.2326941801293},
    {2.5, -10, 10, 0, -0.26460199221101705, -0.030026607698345708, -0.5596982415152981, -0.3902194187407893, -0.06244279397923358, 0.087990637995455, -0.42314099780718467, -4253.335557799473},
    {2.5, 3, 4, -1, 0.0523871641062031, 0.018974191524252147, -0.5101682994824042, -0.3493598912598795, -0.061107638698702844, -0.07942157179962134, 0.04718340690548893, 389.016696812443},
    {3, 0, 0, -20, -0.17623934909106528, -0.016642665926557772, -0.14481829643096036, -0.20768873099058513, -0.033070101083536446, 0.023788475376605334, -0.3706136627808451, -2792.18069638946},
    {3, 5, 0, -10, -0.10153746576036275, -0.006354241359692989, -0.3223775695168121, -0.271293163126241, -0.0451256098119412, 0.005120124159644056, -0.17627210736043214, -1766.7957118280049},
    {3, 2.5, -5, -7, -0.16926498914559202, -0.02088934188116741, -0.3816143229503783, -0.29551567211535346, -0.04842049114207417, 0.03671465415876897, -0.3055767152567039, -2796.735644322139},
    {3, 0, 0, -2, -0.22052878071181328, -0.029312033754133344, -0.5055499554247211, -0.3575544654102012, -0.0582449905256083, 0.06285748073264058, -0.3706136627808451, -3617.128315805024},
    {3, -10, 10, 0, -0.44985958209838084, -0.05921256734118234, -0.48822186394231726, -0.3456689428805467, -0.05358413490537883, 0.19389786770169604, -0.6868588147586453, -6904.17859564669},
    {3, 3, 4, -1, -0.127967277437684, -0.012112216343371542, -0.5338700596012713, -0.3702989555580033, -0.062368328478702245, 0.012619118921859247, -0.22786306936223621, -2280.1418724713667},
    {3.5, 0, 0, -20, -0.27397563408208736, -0.032130406729870775, -0.12746174340436678, -0.17993560015098925, -0.028297758969224193, 0.0501781597491939, -0.6328426326371372, -4218.408416830302},
    {3.5, 5, 0, -10, -0.23549052578059565, -0.02839316963618551, -0.3087343143650534, -0.25952656186369527, -0.04194710637568119, 0.06360735010050293, -0.4496850585333488, -3734.1114177986633},
    {3.5, 2.5, -5, -7, -0.31299415651972073, -0.043966457033336834, -0.3497302147185972, -0.2720399959749012, -0.042327995085998174, 0.1067266576148253, -0.5695026226821848, -4891.794283241752},
    {3.5, 0, 0, -2, -0.39452878810325304, -0.05705769798492429, -0.45635181000481495, -0.32663858615189645, -0.05025161985936273, 0.15831948953373398, -0.6328426326371372, -6130.665928082869},
    {3.5, -10, 10, 0, -0.6035246301537427, -0.08261517356729306, -0.3669618651289488, -0.2651981083482385, -0.03957449482910917, 0.28610722211438516, -0.9019020790103004, -9065.753973704523},
    {3.5, 3, 4, -1, -0.3121743034654174, -0.04259776796444266, -0.5094150987675449, -0.35774070765910954, -0.057561031062250356, 0.11260598697143098, -0.4992323527406819, -4960.5058015621535},
    {4, 0, 0, -20, -0.3534728294945627, -0.04452874879408639, -0.09716910150527953, -0.13482777763525036, -0.020773544915932057, 0.07368566961703749, -0.8528859966533858, -5359.846807539491},
    {4, 5, 0, -10, -0.35804383465659245, -0.04789262302147733, -0.26538490073470483, -0.22322101061072372, -0.034640220414798514, 0.12106416900670611, -0.6990549931344503, -5505.872288803275},
    {4, 2.5, -5, -7, -0.43888353217383314, -0.06300340737056107, -0.28276696787062056, -0.22169590228273656, -0.03201107811563484, 0.172232660067059, -0.7975960185976101, -6695.065706325689},
    {4, 0, 0, -2, -0.5455796553973971, -0.07962586522306643, -0.3593121324746251, -0.2616817609801237, -0.03714704617752468, 0.24615138875314901, -0.8528859966533858, -8272.703415326863},
    {4, -10, 10, 0, -0.709175364818722, -0.09799975292585407, -0.20542189179060255, -0.15511218520282596, -0.021771643534600055, 0.35433522407612494, -1.0457117520193244, -10511.302381763817},
    {4, 3, 4, -1, -0.4826562835237681, -0.0694357230575028, -0.4340060733432377, -0.3094596780737981, -0.046993621205980905, 0.21048356983898892, -0.7415859942688845, -7399.024032104098},
};

/* Hawser's kinematics at r and t: exact (the components summed), or as the lines read them
 * (sampled every h from t = 0 and linear in time between samples, as MoorDyn's grid is). */
static hw_wave_point kin_at(const hw_waves *sea, const double r[3], double t, int sampled)
{
    if (!sampled) return hw_waves_kinematics(sea, r, t);
    double h = hw_waves_kinematics_step(sea);
    double k = floor(t / h), f = t / h - k;
    hw_wave_point a = hw_waves_kinematics(sea, r, k * h), b = hw_waves_kinematics(sea, r, (k + 1) * h), p = a;
    p.eta = a.eta + f * (b.eta - a.eta);
    p.pd = a.pd + f * (b.pd - a.pd);
    for (int i = 0; i < 3; i++) {
        p.u[i] = a.u[i] + f * (b.u[i] - a.u[i]);
        p.a[i] = a.a[i] + f * (b.a[i] - a.a[i]);
    }
    p.wet = a.wet && b.wet;
    return p;
}

/* The sea of md_sea_wk2/deck.dat against MoorDyn 2.7.2's grid (MD_WK2_KIN). At t = 0 (a grid
 * sample) and a grid point the two are the same numbers to rounding. Elsewhere MoorDyn interpolates
 * its grid linearly in space and time, Hawser's lines only in time (on the same samples): measured
 * below against the waves' own scale (amplitude 1.2 m in all: velocities to 0.7 m/s,
 * accelerations to 0.45 m/s^2). */
Test(wavekin2, sea_against_moordyn_grid)
{
    log_cap cap = {{0}, 0};
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_sea_wk2/deck.dat", cap_log, &cap, &sc, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    cr_expect(strstr(cap.text, "deck.dat:23: note: WaveKin 2: ") && strstr(cap.text, "interpolated at 49 equal steps "
              "of 0.125 rad/s as in MoorDyn 2.7.2: 3 components summed at every node and sampled every 0.523599 s"),
              "%s", cap.text);
    hw_waves *sea = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &sea, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect(fabs(hw_waves_kinematics_step(sea) - 2 * HW_PI / (0.125 * 96)) < 1e-12);
    double worst[2][4] = {{0}}, grid[4] = {0}; /* exact, sampled: eta, u, a, pd; sampled at grid points */
    double at0 = 0;
    for (size_t i = 0; i < sizeof MD_WK2_KIN / sizeof MD_WK2_KIN[0]; i++) {
        const double *m = MD_WK2_KIN[i], r[3] = {m[1], m[2], m[3]};
        int on_grid = fmod(fabs(r[0]), 5) == 0 && fmod(fabs(r[1]), 5) == 0 && fmod(fabs(r[2]), 2) == 0;
        for (int s = 0; s < 2; s++) {
            hw_wave_point p = kin_at(sea, r, m[0], s);
            double de = fabs(p.eta - m[10]), du = 0, da = 0, dp = fabs(p.pd - m[11]);
            for (int k = 0; k < 3; k++) {
                du = fmax(du, fabs(p.u[k] - m[4 + k]));
                da = fmax(da, fabs(p.a[k] - m[7 + k]));
            }
            worst[s][0] = fmax(worst[s][0], de);
            if (p.wet) { /* MoorDyn gives the surface's kinematics above it, Hawser none */
                worst[s][1] = fmax(worst[s][1], du);
                worst[s][2] = fmax(worst[s][2], da);
                worst[s][3] = fmax(worst[s][3], dp);
            }
            if (m[0] == 0 && fmod(fabs(r[0]), 5) == 0 && fmod(fabs(r[1]), 5) == 0) at0 = fmax(at0, de);
            if (s && on_grid && p.wet) {
                grid[0] = fmax(grid[0], de);
                grid[1] = fmax(grid[1], du);
                grid[2] = fmax(grid[2], da);
                grid[3] = fmax(grid[3], dp);
            }
        }
    }
    printf("WaveKin 2: elevation at t = 0 above grid points: %.3e m; sampled, at grid points: eta %.3e m, u %.3e "
           "m/s, a %.3e m/s^2, pd %.3e Pa\n", at0, grid[0], grid[1], grid[2], grid[3]);
    for (int s = 0; s < 2; s++)
        printf("WaveKin 2, Hawser %s against MoorDyn's grid: eta %.3e m, u %.3e m/s, a %.3e m/s^2, pd %.3e Pa\n",
               s ? "sampled" : "exact", worst[s][0], worst[s][1], worst[s][2], worst[s][3]);
    /* above a grid point at a grid sample the elevations are the same but for MoorDyn's wave number,
     * good to 7 digits (Newman's approximation): 4.3e-10 m at x = 10 m */
    cr_expect_lt(at0, 1e-9);
    /* at grid points, sampled as the lines read them: only MoorDyn's interpolation in depth at the
     * stretched height (grid levels 2 m apart) is left: measured 7.2e-4 m/s, 4.5e-4 m/s^2, 7.9 Pa */
    cr_expect(grid[0] < 1e-9 && grid[1] < 1e-3 && grid[2] < 6e-4 && grid[3] < 10, "%g %g %g %g", grid[0], grid[1],
              grid[2], grid[3]);
    /* everywhere, with MoorDyn's interpolation between grid points 5 m apart: measured 4.3e-3 m,
     * 2.8e-3 m/s, 2.1e-3 m/s^2, 35 Pa (0.4% of the waves' 1.2 m, 0.7 m/s, 0.45 m/s^2, 12 kPa) */
    cr_expect(worst[1][0] < 6e-3 && worst[1][1] < 4e-3 && worst[1][2] < 3e-3 && worst[1][3] < 50, "%g %g %g %g",
              worst[1][0], worst[1][1], worst[1][2], worst[1][3]);
    hw_waves_destroy(sea);
    hw_scenario_free(sc);
}

/* MoorDyn 2.7.2's node 5 of md_sea_wk2/deck.dat (PyPI wheel: Create, Init(s, [], []), Step(s, [], [],
 * t, 0.0625) in turn, GetLineNodePos(GetLine(s, 1), 5)): the taut rope swayed by the waves. Hawser's
 * run meets it within 2e-4 m sideways over 4 s (measured 1.1e-4 m), where the rope sways 0.09 m:
 * MoorDyn's kinematics differ from Hawser's by its grid interpolation in space (above, 0.4% of the
 * waves); in height within 1e-4 m (measured 7.1e-5 m, with MoorDyn's axial start-up settling of
 * 1.4e-5 m, Currents 2 above). The YAML twin runs to the same numbers, bit for bit. */
static const double MD_WK2_N5[][4] = {
    {0.25, 0.011305876727288717, 0.0022726291601792986, -11.000732093365169},
    {0.5, 0.03656147258468954, 0.007462640598789326, -11.000813043284463},
    {0.75, 0.05563599446374311, 0.011572239577586595, -11.000825687689431},
    {1, 0.05292148323923027, 0.011370178588151165, -11.000847353390732},
    {1.5, 0.01230436113264864, 0.003854401254849198, -11.000876633719152},
    {2, -0.03638837175573018, -0.005560645084353333, -11.000894995708151},
    {2.5, -0.05141121021771139, -0.008921515542578423, -11.000896533302013},
    {3, -0.03456162563325248, -0.005394499327552801, -11.000872073169113},
    {3.5, -0.04604547374535414, -0.005491029642019512, -11.000814490366151},
    {4, -0.0856490818884016, -0.011587680284840902, -11.000728670909504},
};

Test(wavekin2, deck_against_moordyn_and_twin)
{
    hw_scenario *d = NULL, *y = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_sea_wk2/deck.dat", NULL, NULL, &d, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_sea_wk2.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
    char *a = yaml_of(d), *b = yaml_of(y);
    cr_expect_str_eq(a, b);
    free(a);
    free(b);
    enum { NT = sizeof MD_WK2_N5 / sizeof MD_WK2_N5[0] };
    double t[NT], rd[NT * 33], ry[NT * 33];
    for (int i = 0; i < NT; i++) t[i] = MD_WK2_N5[i][0];
    run_nodes(&d->model, t, NT, 11, rd);
    run_nodes(&y->model, t, NT, 11, ry);
    cr_expect(!memcmp(rd, ry, sizeof rd), "the deck and its twin differ");
    double side = 0, up = 0;
    for (int i = 0; i < NT; i++) {
        const double *r = rd + 3 * (i * 11 + 5);
        side = fmax(side, fmax(fabs(r[0] - MD_WK2_N5[i][1]), fabs(r[1] - MD_WK2_N5[i][2])));
        up = fmax(up, fabs(r[2] - MD_WK2_N5[i][3]));
    }
    printf("WaveKin 2 deck: node 5 against MoorDyn 2.7.2: %.3e m sideways, %.3e m in height\n", side, up);
    cr_expect_lt(side, 2e-4);
    cr_expect_lt(up, 1e-4);
    hw_scenario_free(d);
    hw_scenario_free(y);
}

/* WaveKin 2 with Currents 2: MoorDyn 2.7.2 (UnifyCurrentGrid 1, its default) puts the current on its
 * wave grid, read at the stretched height and on the grid's samples (checked with the wheel on
 * md_sea_wk2 with md_sea_curr2's current: at t = 2 s and z = -10 m, 0.7952 m/s where the profile gives
 * 0.8, the elevation 0.18 m; and at t = 3 s 0.287 m/s, the current grid's wrap to its first profile
 * sampled at the wave grid's 2.62 and 3.14 s). Hawser reads the profile at the node, with a warning;
 * UnifyCurrentGrid 0 (MoorDyn's current kept apart, as Hawser's) has none. */
Test(currents2, with_grid_waves_warns)
{
    const char *deck = side_deck(HW_TMP "/md_sea_comb", "2 WaveKin\n2 Currents\n", "wave_frequencies.txt",
                                 "0 0 0\n0.5 0.3 0.4\n1 0 0\n");
    FILE *f = fopen(HW_TMP "/md_sea_comb/current_profile_dynamic.txt", "w");
    cr_assert_not_null(f);
    fputs("h\nh\nh\nh\n-30 0\n\n0 0.1 0.2\n1 0.2 0.3\n", f);
    fclose(f);
    log_cap cap = {{0}, 0};
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(deck, cap_log, &cap, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect(strstr(cap.text, "1 " HW_TMP "/md_sea_comb/deck.dat:20: Currents 2 with WaveKin 2: MoorDyn 2.7.2 adds "
                               "the current to its wave grid (UnifyCurrentGrid 1, its default)") != NULL, "%s", cap.text);
    hw_scenario_free(sc);
    deck = side_deck(HW_TMP "/md_sea_comb", "2 WaveKin\n2 Currents\n0 UnifyCurrentGrid\n", NULL, NULL);
    cap.used = 0;
    cap.text[0] = 0;
    cr_assert_eq(hw_md_load(deck, cap_log, &cap, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect(strstr(cap.text, "with WaveKin 2") == NULL, "%s", cap.text);
    hw_scenario_free(sc);
}

/* WaveKin 2's file errors, each at the file's own line: frequencies not increasing (MoorDyn 2.7.2
 * refuses them too: "Ascending frequencies are expected"), a first row not at 0 rad/s, a mean level
 * (half the first row's real part, in MoorDyn's inverse FFT) Hawser does not model. */
Test(wavekin2, errors)
{
    static const struct { const char *content, *tail; hw_status st; } C[] = {
        {"0 0 0\n0.5 1 0\n0.5 0 0\n", ":3: column 1 (omega): expected values increasing strictly, got 0.5 after 0.5 (line 2)",
         HW_ERR_INPUT},
        {"0.1 0 0\n0.5 1 0\n", ":1: omega: expected 0 rad/s on the first row (as MoorDyn requires), got 0.1", HW_ERR_INPUT},
        {"0 0.4 0\n0.5 1 0\n", ":1: re: a mean water level (half the real part at omega = 0, 0.2 m, in MoorDyn's inverse "
         "FFT) not supported yet: the mean surface is z = 0", HW_ERR_UNSUPPORTED}};
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        const char *deck = side_deck(HW_TMP "/md_sea_wk2bad", "2 WaveKin\n", "wave_frequencies.txt", C[k].content);
        hw_scenario *sc = NULL;
        cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), C[k].st, "%s", msg);
        char want[1024];
        snprintf(want, sizeof want, "%s/wave_frequencies.txt%s (WaveKin 2 at %s:19)", HW_TMP "/md_sea_wk2bad", C[k].tail,
                 deck);
        cr_expect_str_eq(msg, want);
    }
}

/* A long record (a deck's profiles every 0.5 s for an hour: 7201 times) is read by bisection in
 * time: the current at any time is the one the interval's linear search finds, bit for bit (the
 * search used to walk the times from the first: 7000 steps per node late in such a run). */
static double row_at(hw_tlu_w w, const double *u, int k, int nz, double s) /* profiles k, k + 1 at w, then s */
{
    double a = hw_tlu_at(w, u + k * nz), b = hw_tlu_at(w, u + (k + 1) * nz);
    return a + s * (b - a);
}

Test(currents2, long_record_lookup)
{
    enum { NT = 7201, NZ = 3 };
    static double tt[NT], ux[NT * NZ], uy[NT * NZ], uz[NT * NZ];
    const double zt[NZ] = {-30, -10, 0};
    for (int k = 0; k < NT; k++) {
        tt[k] = 0.5 * k;
        for (int j = 0; j < NZ; j++) {
            ux[k * NZ + j] = sin(0.01 * k + j);
            uy[k * NZ + j] = cos(0.013 * k - j);
            uz[k * NZ + j] = 0.001 * k;
        }
    }
    for (int i = 0; i <= 2000; i++) { /* odd i: exactly at a sample's time */
        double t = i % 2 ? tt[(i * 37) % NT] : -1 + 3602.0 * i / 2000, z = -35 + 0.02 * i;
        hw_v3 u = hw_current_3(zt, tt, ux, uy, uz, NZ, NT, z, t);
        /* the reference: the last time at or before t, found by walking */
        int k = 0;
        while (k < NT - 2 && tt[k + 1] <= t) k++;
        hw_tlu_w w = hw_tlu_where(zt, NZ, z);
        hw_v3 r;
        if (t <= tt[0]) r = hw_v3_make(hw_tlu_at(w, ux), hw_tlu_at(w, uy), hw_tlu_at(w, uz));
        else if (t >= tt[NT - 1])
            r = hw_v3_make(hw_tlu_at(w, ux + (NT - 1) * NZ), hw_tlu_at(w, uy + (NT - 1) * NZ),
                           hw_tlu_at(w, uz + (NT - 1) * NZ));
        else {
            double s = (t - tt[k]) / (tt[k + 1] - tt[k]);
            r = hw_v3_make(row_at(w, ux, k, NZ, s), row_at(w, uy, k, NZ, s), row_at(w, uz, k, NZ, s));
        }
        cr_expect(!memcmp(&u, &r, sizeof u), "t %g z %g: %.17g %.17g", t, z, u.x, r.x);
    }
}
