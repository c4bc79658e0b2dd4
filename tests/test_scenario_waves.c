/* `environment.waves` of scenario files (docs/scenario.md, "Waves"): every form parses into the
 * right hw_waves_def; every bad input is one line "FILE:LINE: FIELD: expected ..., got ..." at the
 * offending key (a record CSV's errors at its own file and line); the scenario writer writes the
 * waves back and they reload bit for bit.
 *
 * The forms are checked through the parser itself (hw_scn_parse_waves, the loader's own function)
 * and through the loader, which builds the sea once (hw_waves_create) and reports a sea it cannot
 * build at the line of `waves`. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/waves.h"
#include "io/scenario.h"
#include "io/scenario_waves.h"
#include "io/scenario_write.h"
#include "io/yaml_doc.h"
#include "io/yaml_reader.h"
#include "waves_compare.h"

static char msg[2048];
static char text[16384];

/* The waves' keys start at line 4 (line 3 is "waves:"). */
static const char *const HEAD = "environment:\n  depth: 100\n  waves:\n";
static const char *const REST =
    "line_types:\n"
    "  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e9}\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [-500, 0, -100]}\n"
    "  - {name: fair, type: fixed, position: [0, 0, -10]}\n"
    "lines:\n"
    "  - {name: line1, type: chain, end_a: anchor, end_b: fair, length: 520, segments: 10}\n"
    "solver: {t_end: 1}\n";

/* A scenario whose waves mapping holds the given lines (each "    key: value\n"). */
static const char *scn(const char *waves)
{
    snprintf(text, sizeof text, "%s%s%s", HEAD, waves, REST);
    return text;
}

/* ---- the parser on its own (the forms hw_waves_create may not build yet): parse() in
 * waves_compare.h ---------------------------------------------------------------------------- */

static void parse_ok(const char *waves, parsed *p)
{
    hw_status st = parse(scn(waves), "w.yaml", p);
    cr_assert_eq(st, HW_OK, "%s", p->err);
}

/* The error of these waves, through the parser and through the loader: the same line. */
static void expect(const char *waves, const char *want)
{
    parsed p;
    cr_assert_neq(parse(scn(waves), "w.yaml", &p), HW_OK, "expected: %s", want);
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);
    hw_scenario *sc = NULL;
    cr_assert_neq(hw_scenario_load_string(scn(waves), "w.yaml", &sc, msg, sizeof msg), HW_OK);
    cr_assert_str_eq(msg, want);
}

static void write_file(const char *path, const char *content)
{
    FILE *f = fopen(path, "w");
    cr_assert(f != NULL, "%s", path);
    fputs(content, f);
    fclose(f);
}

/* ---- every form -------------------------------------------------------------------------------- */

/* Regular waves load through the whole loader, and the built sea is H/2 cos(k x - w t + phase) at
 * w = 2 pi / T: at the origin, eta(t) = H/2 cos(phase - w t) after the ramp (exact up to rounding:
 * 1e-12 m on a 1 m amplitude). */
Test(waves, regular_with_period)
{
    const char *w = "    type: regular\n    height: 2\n    period: 8\n    direction: 0.5\n    phase: 0.25\n"
                    "    ramp: 20\n    kinematics_step: 0.05\n";
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(scn(w), "w.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_waves_def *d = &sc->model.env.waves;
    cr_assert_eq(d->kind, HW_WAVES_REGULAR);
    cr_assert(d->height == 2 && d->period == 8 && d->omega == 0 && d->direction == 0.5 && d->phase == 0.25);
    cr_assert(d->ramp_time == 20 && d->kinematics_step == 0.05);
    hw_waves *sea = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &sea, msg, sizeof msg), HW_OK, "%s", msg);
    double a, om, k, dir, ph;
    cr_assert_eq(hw_waves_component(sea, 0, &a, &om, &k, &dir, &ph), HW_OK);
    cr_assert(a == 1.0 && fabs(om - 2 * 3.14159265358979323846 / 8) < 1e-15 && fabs(dir - 0.5) < 1e-15 && ph == 0.25);
    cr_assert_eq(hw_waves_kinematics_step(sea), 0.05);
    double t = 30;
    cr_assert(fabs(hw_waves_elevation(sea, 0, 0, t) - cos(0.25 - om * t)) < 1e-12);
    hw_waves_destroy(sea);
    hw_scenario_free(sc);
}

Test(waves, regular_with_omega_and_defaults)
{
    parsed p;
    parse_ok("    type: regular\n    height: 1.5\n    omega: 0.9\n", &p);
    cr_assert_eq(p.w.kind, HW_WAVES_REGULAR);
    cr_assert(p.w.height == 1.5 && p.w.omega == 0.9 && p.w.period == 0);
    cr_assert(p.w.direction == 0 && p.w.phase == 0 && p.w.ramp_time == 0 && p.w.kinematics_step == 0);
    parsed_free(&p);
}

Test(waves, jonswap_defaults)
{
    parsed p;
    parse_ok("    type: jonswap\n    hs: 3\n    tp: 10\n", &p);
    cr_assert_eq(p.w.kind, HW_WAVES_SPECTRUM);
    cr_assert_eq(p.w.spectrum, HW_SPECTRUM_JONSWAP);
    cr_assert(p.w.hs == 3 && p.w.tp == 10 && p.w.gamma == 3.3);
    cr_assert(p.w.omega_min == 0 && p.w.omega_max == 0);
    cr_assert_eq(p.w.n_frequencies, 200);
    cr_assert_eq(p.w.seed, 1);
    cr_assert(p.w.direction == 0 && p.w.spreading == 0);
    cr_assert_eq(p.w.n_directions, 11);
    parsed_free(&p);
}

Test(waves, jonswap_every_key)
{
    parsed p;
    parse_ok("    type: jonswap\n    hs: 2.5\n    tp: 9\n    gamma: 2\n    omega_min: 0.2\n    omega_max: 2.5\n"
             "    frequencies: 150\n    seed: 42\n    direction: 1.2\n    spreading: 4\n    directions: 7\n"
             "    ramp: 30\n    kinematics_step: 0.1\n", &p);
    const hw_waves_def *d = &p.w;
    cr_assert(d->hs == 2.5 && d->tp == 9 && d->gamma == 2 && d->omega_min == 0.2 && d->omega_max == 2.5);
    cr_assert(d->n_frequencies == 150 && d->seed == 42 && d->direction == 1.2 && d->spreading == 4);
    cr_assert(d->n_directions == 7 && d->ramp_time == 30 && d->kinematics_step == 0.1);
    parsed_free(&p);
}

Test(waves, pierson_moskowitz)
{
    parsed p;
    parse_ok("    type: pierson_moskowitz\n    hs: 4\n    tp: 12\n    seed: 0\n", &p);
    cr_assert_eq(p.w.kind, HW_WAVES_SPECTRUM);
    cr_assert_eq(p.w.spectrum, HW_SPECTRUM_PM);
    cr_assert(p.w.hs == 4 && p.w.tp == 12 && p.w.gamma == 1.0 && p.w.seed == 0);
    parsed_free(&p);
}

Test(waves, spectrum_table)
{
    parsed p;
    parse_ok("    type: spectrum\n    table: [[0.2, 0], [0.5, 1.5], [0.8, 0.75], [2.0, 0]]\n"
             "    frequencies: 64\n    seed: 7\n", &p);
    cr_assert_eq(p.w.spectrum, HW_SPECTRUM_TABLE);
    cr_assert_eq(p.w.table.n, 4);
    cr_assert(p.w.table.x[1] == 0.5 && p.w.table.y[1] == 1.5 && p.w.table.x[3] == 2.0 && p.w.table.y[2] == 0.75);
    cr_assert(p.w.n_frequencies == 64 && p.w.seed == 7);
    parsed_free(&p);
}

/* A CSV record with a header row, named relative to the scenario file's folder. */
Test(waves, elevation_from_csv)
{
    write_file(HW_TMP "/wv_elev.csv", "# buoy record\ntime (s), eta (m)\n0, 0.0\n0.5, 0.25\n1.0, 0.5\n1.5, -0.125\n"
                                      "2.0, -1e-1\n");
    parsed p;
    cr_assert_eq(parse(scn("    type: elevation\n    file: wv_elev.csv\n    reference: [10, -5]\n"
                           "    direction: 3.0\n"), HW_TMP "/wv_elev.yaml", &p), HW_OK, "%s", p.err);
    cr_assert_eq(p.w.kind, HW_WAVES_ELEVATION);
    cr_assert_eq(p.w.n_samples, 5);
    const double t[] = {0, 0.5, 1.0, 1.5, 2.0}, e[] = {0, 0.25, 0.5, -0.125, -0.1};
    for (int k = 0; k < 5; k++) cr_assert(p.w.t[k] == t[k] && p.w.eta[k] == e[k], "sample %d", k);
    cr_assert(p.w.ref_x == 10 && p.w.ref_y == -5 && p.w.direction == 3.0);
    parsed_free(&p);
}

Test(waves, elevation_inline_record)
{
    parsed p;
    parse_ok("    type: elevation\n    record: [[10, 0.1], [10.25, 0.2], [10.5, 0.0], [10.75, -0.2]]\n", &p);
    cr_assert_eq(p.w.n_samples, 4);
    cr_assert(p.w.t[0] == 10 && p.w.t[3] == 10.75 && p.w.eta[1] == 0.2 && p.w.eta[3] == -0.2);
    cr_assert(p.w.ref_x == 0 && p.w.ref_y == 0 && p.w.direction == 0);
    parsed_free(&p);
}

/* Components load through the whole loader and are the built sea's components (sorted by
 * frequency there); a row of two numbers has direction and phase 0. */
Test(waves, components)
{
    const char *w = "    type: components\n    table:\n      - [0.5, 1.2, 0.3, 1.0]\n      - [1.0, 0.6, 0, -0.5]\n"
                    "      - [0.25, 0.9]\n";
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(scn(w), "w.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_waves_def *d = &sc->model.env.waves;
    cr_assert_eq(d->kind, HW_WAVES_COMPONENTS);
    cr_assert_eq(d->n_components, 3);
    cr_assert(d->c_amp[0] == 0.5 && d->c_omega[0] == 1.2 && d->c_dir[0] == 0.3 && d->c_phase[0] == 1.0);
    cr_assert(d->c_amp[2] == 0.25 && d->c_omega[2] == 0.9 && d->c_dir[2] == 0 && d->c_phase[2] == 0);
    hw_waves *sea = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &sea, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_waves_count(sea), 3);
    double a, om;
    cr_assert_eq(hw_waves_component(sea, 0, &a, &om, NULL, NULL, NULL), HW_OK);
    cr_assert(a == 1.0 && om == 0.6);
    hw_waves_destroy(sea);
    hw_scenario_free(sc);
}

/* The loader builds the sea once: a spectrum loads (200 components by default), and a sea that
 * cannot be built (no gravity: no dispersion relation; the model itself allows g = 0) is refused
 * at the line of `waves` with the reason, so `hawser check` says it before a run would. */
Test(waves, loader_builds_the_sea_at_the_waves_line)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(scn("    type: jonswap\n    hs: 2\n    tp: 8\n"), "w.yaml", &sc, msg,
                                           sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_eq(sc->model.env.waves.kind, HW_WAVES_SPECTRUM);
    hw_waves *w = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_waves_count(w), 200);
    hw_waves_destroy(w);
    hw_scenario_free(sc);
    char g0[16384];
    snprintf(g0, sizeof g0, "environment:\n  gravity: 0\n  depth: 100\n  waves:\n    type: jonswap\n    hs: 2\n"
             "    tp: 8\n%s", REST);
    st = hw_scenario_load_string(g0, "w.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "%s", msg);
    cr_assert_str_eq(msg, "w.yaml:4: environment.waves: expected gravity > 0 and a water depth > 0 (the dispersion "
                          "relation needs both), got g = 0 m/s^2, depth = 100 m");
}

/* ---- errors ------------------------------------------------------------------------------------ */

Test(waves_errors, type)
{
    expect("    type: swell\n    height: 1\n",
           "w.yaml:4: environment.waves.type: expected one of: regular, jonswap, pierson_moskowitz, spectrum, "
           "elevation, components, got \"swell\"");
    expect("    height: 1\n",
           "w.yaml:3: environment.waves.type: expected one of: regular, jonswap, pierson_moskowitz, spectrum, "
           "elevation, components (required key), got nothing");
    hw_scenario *sc = NULL;
    snprintf(text, sizeof text, "environment:\n  depth: 100\n  waves: regular\n%s", REST);
    cr_assert_eq(hw_scenario_load_string(text, "w.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_str_eq(msg, "w.yaml:3: environment.waves: expected a mapping with a type (one of: regular, "
                          "jonswap, pierson_moskowitz, spectrum, elevation, components), got \"regular\"");
}

Test(waves_errors, regular)
{
    expect("    type: regular\n    period: 8\n",
           "w.yaml:3: environment.waves.height: expected a wave height > 0 m (crest to trough) (required key), "
           "got nothing");
    expect("    type: regular\n    height: 1\n    period: 8\n    omega: 0.8\n",
           "w.yaml:7: environment.waves.omega: expected period (s) or omega (rad/s), not both, got both "
           "(period at line 6)");
    expect("    type: regular\n    height: 1\n",
           "w.yaml:3: environment.waves: expected period (s) or omega (rad/s) (required key), got neither");
    expect("    type: regular\n    height: 0\n    period: 8\n",
           "w.yaml:5: environment.waves.height: expected a wave height > 0 m (crest to trough), got 0");
    expect("    type: regular\n    height: 1\n    period: -8\n",
           "w.yaml:6: environment.waves.period: expected a period > 0 s, got -8");
    expect("    type: regular\n    height: big\n    period: 8\n",
           "w.yaml:5: environment.waves.height: expected a number, got \"big\"");
    expect("    type: regular\n    height: 1\n    period: 8\n    ramp: -1\n",
           "w.yaml:7: environment.waves.ramp: expected a ramp time >= 0 s (0: none), got -1");
}

Test(waves_errors, spectra)
{
    expect("    type: jonswap\n    hs: -2\n    tp: 8\n",
           "w.yaml:5: environment.waves.hs: expected a significant wave height > 0 m, got -2");
    expect("    type: jonswap\n    hs: 2\n",
           "w.yaml:3: environment.waves.tp: expected a peak period > 0 s (required key), got nothing");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    gamma: 0.5\n",
           "w.yaml:7: environment.waves.gamma: expected a peak enhancement factor >= 1, got 0.5");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    directions: 10\n",
           "w.yaml:7: environment.waves.directions: expected an odd number of directions from 1 to 1001, got 10 "
           "(even: the main direction would have no component of its own)");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    frequencies: 0\n",
           "w.yaml:7: environment.waves.frequencies: expected an integer number of frequencies from 1 to 100000, "
           "got 0");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    seed: -3\n",
           "w.yaml:7: environment.waves.seed: expected an integer seed >= 0, got -3");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    seed: 1.5\n",
           "w.yaml:7: environment.waves.seed: expected an integer seed >= 0, got 1.5");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    omega_min: 1.0\n    omega_max: 0.5\n",
           "w.yaml:8: environment.waves.omega_max: expected a highest frequency > omega_min (1 rad/s), got 0.5");
    expect("    type: jonswap\n    hs: 2\n    tp: 8\n    spreading: -1\n",
           "w.yaml:7: environment.waves.spreading: expected a spreading exponent s >= 0 (0: long-crested), got -1");
    /* gamma is JONSWAP's: Pierson-Moskowitz has none */
    expect("    type: pierson_moskowitz\n    hs: 2\n    tp: 8\n    gamma: 2\n",
           "w.yaml:7: environment.waves.gamma: expected a key of waves of type pierson_moskowitz (one of: type, hs, "
           "tp, omega_min, omega_max, frequencies, seed, direction, spreading, directions, ramp, "
           "kinematics_step), got \"gamma\"");
    expect("    type: spectrum\n    table: [[0.5, 1], [0.4, 2]]\n",
           "w.yaml:5: environment.waves.table[1]: expected omega greater than the previous row's (0.5), got 0.4");
    expect("    type: spectrum\n    table: [[0.5, 1], [0.6, -2]]\n",
           "w.yaml:5: environment.waves.table[1][1]: expected a spectral density >= 0 m^2 s/rad, got -2");
    expect("    type: spectrum\n    hs: 2\n",
           "w.yaml:5: environment.waves.hs: expected a key of waves of type spectrum (one of: type, table, "
           "omega_min, omega_max, frequencies, seed, direction, spreading, directions, ramp, kinematics_step), "
           "got \"hs\"");
}

Test(waves_errors, unknown_key)
{
    expect("    type: regular\n    height: 1\n    period: 8\n    Direction: 1\n",
           "w.yaml:7: environment.waves.Direction: expected a key of waves of type regular (one of: type, height, "
           "period, omega, direction, phase, ramp, kinematics_step), got \"Direction\" (keys are case-sensitive: "
           "did you mean direction?)");
}

Test(waves_errors, components)
{
    expect("    type: components\n    table: [[1, 0.5, 0, 0], [1, 0, 0, 0]]\n",
           "w.yaml:5: environment.waves.table[1][1]: expected an angular frequency > 0 rad/s, got 0");
    expect("    type: components\n    table: [[-1, 0.5]]\n",
           "w.yaml:5: environment.waves.table[0][0]: expected an amplitude >= 0 m, got -1");
    expect("    type: components\n    table: [[1]]\n",
           "w.yaml:5: environment.waves.table[0]: expected a row of 2 to 4 numbers [amplitude, omega, direction, "
           "phase] (m, rad/s, rad, rad), got a list of 1 item");
    expect("    type: components\n",
           "w.yaml:3: environment.waves.table: expected a table of components [amplitude, omega, direction, "
           "phase] (m, rad/s, rad, rad) (required key), got nothing");
}

/* A record file's errors are at its own file and line, with the scenario line that names it. */
Test(waves_errors, elevation_csv)
{
    const char *w = "    type: elevation\n    file: wv_bad.csv\n";
    char want[1024];
    write_file(HW_TMP "/wv_bad.csv", "t,eta\n0,0\n0.5,0.1\n1.0,oops\n1.5,0\n");
    parsed p;
    cr_assert_eq(parse(scn(w), HW_TMP "/s.yaml", &p), HW_ERR_INPUT);
    snprintf(want, sizeof want, "%s:4: column 2 (eta in m): expected a finite number, got 'oops' (the record named by "
             "environment.waves.file at %s:5)", HW_TMP "/wv_bad.csv", HW_TMP "/s.yaml");
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);
    /* the loader says the same */
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(scn(w), HW_TMP "/s.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_str_eq(msg, want);

    write_file(HW_TMP "/wv_bad.csv", "0 0\n0.5 0.1\n1.0 0.2\n1.6 0\n");
    cr_assert_eq(parse(scn(w), HW_TMP "/s.yaml", &p), HW_ERR_INPUT);
    snprintf(want, sizeof want, "%s:4: column 1 (t in s): expected equally spaced times (0.5 s apart, as the first two rows: "
             "t = 1.5), got 1.6000000000000001 (the record named by environment.waves.file at %s:5)",
             HW_TMP "/wv_bad.csv", HW_TMP "/s.yaml");
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);

    write_file(HW_TMP "/wv_bad.csv", "0,0,1\n");
    cr_assert_eq(parse(scn(w), HW_TMP "/s.yaml", &p), HW_ERR_INPUT);
    snprintf(want, sizeof want, "%s:1: row: expected 2 columns (t in s, eta in m), got 3 (the record named by "
             "environment.waves.file at %s:5)", HW_TMP "/wv_bad.csv", HW_TMP "/s.yaml");
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);

    write_file(HW_TMP "/wv_bad.csv", "t,eta\n0,0\n1,0\n");
    cr_assert_eq(parse(scn(w), HW_TMP "/s.yaml", &p), HW_ERR_INPUT);
    snprintf(want, sizeof want, "%s:3: rows: expected at least 4 samples (rows of t, eta), got 2 (the record "
             "named by environment.waves.file at %s:5)", HW_TMP "/wv_bad.csv", HW_TMP "/s.yaml");
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);

    /* not a file */
    cr_assert_eq(parse(scn("    type: elevation\n    file: .\n"), HW_TMP "/s.yaml", &p), HW_ERR_INPUT);
    snprintf(want, sizeof want, "%s/.: expected a regular file, got a directory (the record named by "
             "environment.waves.file at %s:5)", HW_TMP, HW_TMP "/s.yaml");
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);
    /* unreadable: missing */
    cr_assert_eq(parse(scn("    type: elevation\n    file: wv_missing.csv\n"), HW_TMP "/s.yaml", &p), HW_ERR_IO);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory (the record named by "
             "environment.waves.file at %s:5)", HW_TMP "/wv_missing.csv", HW_TMP "/s.yaml");
    cr_assert_str_eq(p.err, want);
    parsed_free(&p);
}

Test(waves_errors, elevation_keys)
{
    expect("    type: elevation\n    direction: 1\n",
           "w.yaml:3: environment.waves: expected file (a CSV of t, eta) or record ([[t, eta], ...]) (required "
           "key), got neither");
    expect("    type: elevation\n    file: a.csv\n    record: [[0, 0], [1, 0]]\n",
           "w.yaml:6: environment.waves.record: expected file or record, not both, got both (file at line 5)");
    expect("    type: elevation\n    record: [[0, 0], [1, 0], [2.5, 0], [3, 0]]\n",
           "w.yaml:5: environment.waves.record[2]: expected equally spaced times (1 s apart, as the first two "
           "rows: t = 2), got 2.5");
    expect("    type: elevation\n    record: [[0, 0], [1, 0], [2, 0], [3, 0]]\n    reference: [1, 2, 3]\n",
           "w.yaml:6: environment.waves.reference: expected a list of 2 numbers [x, y] (m), got a list of 3 items");
}

/* ---- the writer -------------------------------------------------------------------------------- */

static char *write_yaml(const hw_scenario *sc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, NULL), HW_OK);
    fclose(f);
    return buf;
}

/* The forms the loader builds: load, write, load again, the same waves bit for bit. */
Test(waves_write, round_trip_through_the_loader)
{
    const char *forms[] = {
        "    type: regular\n    height: 2.2\n    period: 7.3\n    direction: -0.1\n    phase: 3\n    ramp: 12.5\n",
        "    type: regular\n    height: 0.1\n    omega: 1.1\n    kinematics_step: 0.025\n",
        "    type: components\n    table: [[0.5, 1.2, 0.3, 1.0], [1.0, 0.6, 0, -0.5], [0.1, 2.2]]\n    ramp: 1\n",
    };
    for (int i = 0; i < 3; i++) {
        hw_scenario *a = NULL, *b = NULL;
        cr_assert_eq(hw_scenario_load_string(scn(forms[i]), "a.yaml", &a, msg, sizeof msg), HW_OK, "%s", msg);
        char *buf = write_yaml(a);
        cr_assert_eq(hw_scenario_load_string(buf, "b.yaml", &b, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
        same_waves(&a->model.env.waves, &b->model.env.waves);
        free(buf);
        hw_scenario_free(a);
        hw_scenario_free(b);
    }
}

/* Every form, through the parser: parse, write (the scenario's other sections from the base),
 * parse the written file's environment again. The elevation record is written inline. */
Test(waves_write, round_trip_every_form)
{
    write_file(HW_TMP "/wv_rt.csv", "t,eta\n0,0.1\n0.2,0.2\n0.4,-0.3\n0.6,0.125\n");
    const char *forms[] = {
        "    type: jonswap\n    hs: 2.5\n    tp: 9\n    gamma: 2\n    omega_min: 0.2\n    omega_max: 2.5\n"
        "    frequencies: 150\n    seed: 42\n    direction: 1.2\n    spreading: 4\n    directions: 7\n"
        "    ramp: 30\n    kinematics_step: 0.1\n",
        "    type: jonswap\n    hs: 1\n    tp: 6\n",
        "    type: pierson_moskowitz\n    hs: 4\n    tp: 12\n    seed: 12345678901\n",
        "    type: spectrum\n    table: [[0.2, 0], [0.5, 1.5], [0.8, 0.75], [2.0, 0]]\n    frequencies: 64\n",
        "    type: elevation\n    file: wv_rt.csv\n    reference: [10, -5]\n    direction: 3.0\n",
        "    type: regular\n    height: 2\n    period: 8\n",
    };
    hw_scenario *base = NULL;
    cr_assert_eq(hw_scenario_load_string(scn("    type: regular\n    height: 1\n    period: 5\n"), "base.yaml",
                                         &base, msg, sizeof msg), HW_OK, "%s", msg);
    for (int i = 0; i < 6; i++) {
        parsed a, b;
        cr_assert_eq(parse(scn(forms[i]), HW_TMP "/rt.yaml", &a), HW_OK, "%s", a.err);
        base->model.env.waves = a.w;
        char *buf = write_yaml(base);
        cr_assert_eq(parse(buf, "rt2.yaml", &b), HW_OK, "%s\n%s", b.err, buf);
        same_waves(&a.w, &b.w);
        free(buf);
        parsed_free(&a);
        parsed_free(&b);
    }
    base->model.env.waves = hw_default_waves();
    hw_scenario_free(base);
}
