/* The YAML scenario loader: a full scenario loads with the right values; every kind of error is one
 * line "FILE:LINE: FIELD: expected ..., got ..." pointing at the offending key. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/scenario.h"

#define FULL HW_TEST_DATA_DIR "/scenario_full.yaml"

/* A small valid scenario; the error tests change one piece of it. */
static const char *BASE =
    "line_types:\n"
    "  - name: chain\n"
    "    diameter: 0.1\n"
    "    mass_per_length: 100\n"
    "    EA: 1.0e9\n"
    "points:\n"
    "  - name: anchor\n"
    "    type: fixed\n"
    "    position: [-500, 0, -100]\n"
    "  - name: fair\n"
    "    type: prescribed\n"
    "    position: [0, 0, -10]\n"
    "    motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}\n"
    "lines:\n"
    "  - name: line1\n"
    "    type: chain\n"
    "    end_a: anchor\n"
    "    end_b: fair\n"
    "    length: 520\n"
    "    segments: 10\n";

static char msg[2048];
static char text[8192];

/* BASE with the first occurrence of from replaced by to (static buffer). */
static const char *with(const char *from, const char *to)
{
    const char *at = strstr(BASE, from);
    cr_assert(at, "test bug: '%s' not in BASE", from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - BASE), BASE, to, at + strlen(from));
    return text;
}

/* BASE with extra appended (static buffer). */
static const char *plus(const char *extra)
{
    snprintf(text, sizeof text, "%s%s", BASE, extra);
    return text;
}

/* 1-based line of the first occurrence of needle in s. */
static int line_of(const char *s, const char *needle)
{
    const char *at = strstr(s, needle);
    cr_assert(at, "test bug: '%s' not in the text", needle);
    int line = 1;
    for (const char *p = s; p < at; p++) line += *p == '\n';
    return line;
}

static hw_scenario *load_ok(const char *yaml)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "status %d: %s", (int)st, msg);
    cr_assert_not_null(sc);
    return sc;
}

/* The load fails with HW_ERR_INPUT and one line "t.yaml:LINE: FIELD: ..." containing expect. */
static void expect_error(const char *yaml, int line, const char *field, const char *expect)
{
    hw_scenario *sc = (hw_scenario *)&sc;
    hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d: %s", (int)st, msg);
    cr_assert_null(sc);
    char prefix[512];
    snprintf(prefix, sizeof prefix, "t.yaml:%d: %s: expected ", line, field);
    cr_assert(!strncmp(msg, prefix, strlen(prefix)), "want prefix \"%s\"\n got \"%s\"", prefix, msg);
    cr_assert(strstr(msg, expect), "want \"%s\" in \"%s\"", expect, msg);
    cr_assert_null(strchr(msg, '\n'), "not one line: %s", msg);
}

/* ---- valid scenarios -------------------------------------------------------------------------- */

Test(scenario, full_file_environment)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(FULL, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_env_def *e = &sc->model.env;
    cr_expect_float_eq(e->g, 9.81, 1e-12);
    cr_expect_float_eq(e->rho_w, 1025, 1e-12);
    cr_expect_float_eq(e->depth, 200, 1e-12);
    cr_expect_float_eq(e->seabed_k, 3.0e6, 1e-6);
    cr_expect_float_eq(e->seabed_c, 3.0e5, 1e-6);
    cr_expect_float_eq(e->friction_v, 0.01, 1e-15);
    const hw_current_def *c = &e->current;
    cr_assert_eq(c->n_depth, 2);
    cr_expect_eq(c->n_time, 1);
    cr_expect_float_eq(c->z[0], -200, 1e-12);
    cr_expect_float_eq(c->z[1], 0, 1e-12);
    cr_expect_float_eq(c->ux[0], 0.2, 1e-12);
    cr_expect_float_eq(c->ux[1], 1.0, 1e-12);
    cr_expect_float_eq(c->uy[1], 0.1, 1e-12);
    cr_expect_float_eq(c->uz[0], 0.0, 1e-12); /* uz defaults to 0 */
    cr_expect_float_eq(c->uz[1], -0.05, 1e-12);
    cr_expect_str_eq(sc->path, FULL);
    hw_scenario_free(sc);
}

Test(scenario, full_file_line_types)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(FULL, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->model.n_types, 2);
    const hw_line_type_def *t = &sc->model.types[0];
    cr_expect_str_eq(t->name, "chain");
    cr_expect_float_eq(t->d, 0.0766, 1e-15);
    cr_expect_float_eq(t->mu, 113.35, 1e-12);
    cr_expect_float_eq(t->ea, 7.536e8, 1e-3);
    cr_expect_eq(t->ea_table.n, 0);
    cr_expect_float_eq(t->cdn, 1.2, 1e-15);
    cr_expect_float_eq(t->cdt, 0.008, 1e-15);
    cr_expect_float_eq(t->can, 1.0, 1e-15);
    cr_expect_float_eq(t->seabed_mu, 0.5, 1e-15);
    t = &sc->model.types[1];
    cr_expect_str_eq(t->name, "rope");
    cr_assert_eq(t->ea_table.n, 3);
    cr_expect_float_eq(t->ea_table.x[1], 0.01, 1e-15);
    cr_expect_float_eq(t->ea_table.y[2], 8.0e6, 1e-6);
    cr_expect_float_eq(t->damping_ratio, 0.8, 1e-15);
    cr_expect_float_eq(t->cdn, 1.2, 1e-15); /* default */
    hw_scenario_free(sc);
}

Test(scenario, full_file_points_and_motions)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(FULL, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->model.n_points, 7);
    const hw_point_def *p = sc->model.points;
    cr_expect_eq(p[0].kind, HW_POINT_FIXED);
    cr_expect_float_eq(p[0].pos[0], -837.6, 1e-12);
    cr_expect_float_eq(p[0].pos[2], -200, 1e-12);
    cr_expect_eq(p[1].kind, HW_POINT_PRESCRIBED);
    cr_expect_eq(p[1].motion, HW_MOTION_SINUSOID);
    cr_expect_float_eq(p[1].amp[0], 2, 1e-15);
    cr_expect_float_eq(p[1].period, 10, 1e-15);
    cr_expect_float_eq(p[1].phase, 0.5, 1e-15);
    cr_expect_eq(p[2].kind, HW_POINT_FREE);
    cr_expect_float_eq(p[2].mass, 1000, 1e-12);
    cr_expect_float_eq(p[2].volume, 2.0, 1e-15);
    cr_expect_float_eq(p[2].cda, 1.0, 1e-15);
    cr_expect_float_eq(p[2].ca, 1.0, 1e-15);
    cr_expect_eq(p[3].motion, HW_MOTION_CONSTANT_VELOCITY);
    cr_expect_float_eq(p[3].vel[0], 0.1, 1e-15);
    cr_expect_eq(p[4].motion, HW_MOTION_TABLE);
    cr_assert_eq(p[4].table_n, 3);
    cr_expect_float_eq(p[4].table_t[2], 20, 1e-15);
    cr_expect_float_eq(p[4].table_xyz[3 * 1 + 0], 1, 1e-15);
    cr_expect_float_eq(p[4].table_xyz[3 * 2 + 1], 2, 1e-15);
    cr_expect_float_eq(p[4].table_xyz[3 * 2 + 2], -0.5, 1e-15);
    cr_expect_eq(p[5].kind, HW_POINT_COUPLED);
    cr_expect_str_eq(p[6].name, "anchor2");
    hw_scenario_free(sc);
}

Test(scenario, full_file_lines_solver_outputs)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(FULL, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->model.n_lines, 4);
    const hw_line_def *l = sc->model.lines;
    cr_expect_str_eq(l[0].name, "line1");
    cr_expect_eq(l[0].type, 0);
    cr_expect_eq(l[0].point_a, 0);
    cr_expect_eq(l[0].point_b, 1);
    cr_expect_float_eq(l[0].length, 835.5, 1e-12);
    cr_expect_eq(l[0].nseg, 20);
    cr_expect_eq(l[1].type, 1);
    cr_expect_eq(l[1].nseg, hw_default_line().nseg); /* segments omitted */
    cr_expect_eq(l[2].point_a, 6);
    cr_expect_eq(l[2].point_b, 2);
    const hw_solver_def *s = &sc->model.solver;
    cr_expect_float_eq(s->dt, 0.001, 1e-15);
    cr_expect_float_eq(s->dt_safety, 0.4, 1e-15);
    cr_expect_float_eq(s->t_end, 60, 1e-15);
    cr_expect_eq(s->integrator, HW_INT_RK4);
    cr_expect_eq(s->static_solve, 0);
    cr_expect_float_eq(s->static_tol, 1e-7, 1e-20);
    cr_expect_eq(s->static_max_iter, 150);
    cr_expect_float_eq(s->max_strain, 0.5, 1e-15);
    cr_expect_float_eq(sc->out_interval, 0.5, 1e-15);
    cr_assert_eq(sc->n_out_nodes, 2);
    cr_expect_eq(sc->out_nodes[1].line, 0);
    cr_expect_eq(sc->out_nodes[1].index, 20);
    cr_assert_eq(sc->n_out_segments, 2);
    cr_expect_eq(sc->out_segments[1].line, 2);
    cr_expect_eq(sc->out_segments[1].index, 10);
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario_free(sc);
}

Test(scenario, defaults_when_sections_are_omitted)
{
    hw_scenario *sc = load_ok(BASE);
    hw_env_def e = hw_default_env();
    hw_solver_def s = hw_default_solver();
    cr_expect_float_eq(sc->model.env.depth, e.depth, 0);
    cr_expect_float_eq(sc->model.env.g, e.g, 0);
    cr_expect_eq(sc->model.env.current.n_depth, 0);
    cr_expect_float_eq(sc->model.solver.dt, s.dt, 0);
    cr_expect_eq(sc->model.solver.integrator, s.integrator);
    cr_expect_float_eq(sc->model.types[0].cdn, hw_default_line_type().cdn, 0);
    cr_expect_float_eq(sc->model.points[1].phase, 0, 0);
    cr_expect_float_eq(sc->out_interval, 0.1, 1e-15);
    cr_expect_eq(sc->n_out_nodes, 0);
    cr_expect_eq(sc->n_out_segments, 0);
    cr_expect_str_eq(sc->path, "t.yaml");
    hw_scenario_free(sc);
}

Test(scenario, uniform_current)
{
    hw_scenario *sc = load_ok(plus("environment:\n  current: {uniform: [0.5, -0.25]}\n"));
    const hw_current_def *c = &sc->model.env.current;
    cr_assert_eq(c->n_depth, 2);
    cr_expect_eq(c->n_time, 1);
    cr_expect(c->z[0] < -1e8 && c->z[1] > 1e8);
    for (int j = 0; j < 2; j++) {
        cr_expect_float_eq(c->ux[j], 0.5, 0);
        cr_expect_float_eq(c->uy[j], -0.25, 0);
        cr_expect_float_eq(c->uz[j], 0, 0);
    }
    hw_scenario_free(sc);
    sc = load_ok(plus("environment:\n  current:\n    uniform: [0.5, 0, 0.1]\n"));
    cr_expect_float_eq(sc->model.env.current.uz[1], 0.1, 0);
    hw_scenario_free(sc);
}

Test(scenario, time_varying_current)
{
    hw_scenario *sc = load_ok(plus("environment:\n"
                                   "  current:\n"
                                   "    times: [0, 600, 1200]\n"
                                   "    profiles:\n"
                                   "      - [[-100, 0.2, 0], [0, 1.0, 0]]\n"
                                   "      - [[-100, 0.4, 0], [0, 1.5, 0.5]]\n"
                                   "      - [[-100, 0.6, 0], [0, 2.0, 0, 0.25]]\n"));
    const hw_current_def *c = &sc->model.env.current;
    cr_assert_eq(c->n_depth, 2);
    cr_assert_eq(c->n_time, 3);
    cr_expect_float_eq(c->t[1], 600, 0);
    cr_expect_float_eq(c->z[0], -100, 0);
    cr_expect_float_eq(c->ux[1 * 2 + 1], 1.5, 0); /* u[k * n_depth + j] */
    cr_expect_float_eq(c->uy[1 * 2 + 1], 0.5, 0);
    cr_expect_float_eq(c->ux[2 * 2 + 0], 0.6, 0);
    cr_expect_float_eq(c->uz[2 * 2 + 1], 0.25, 0);
    hw_scenario_free(sc);
}

Test(scenario, number_forms_and_auto_dt)
{
    hw_scenario *sc = load_ok(plus("solver:\n  dt: auto\n  t_end: 1e2\n  static_tolerance: 1.0E-6\n"
                                   "environment: {gravity: +9, water_density: 1000.}\n"));
    cr_expect_float_eq(sc->model.solver.dt, 0, 0);
    cr_expect_float_eq(sc->model.solver.t_end, 100, 0);
    cr_expect_float_eq(sc->model.solver.static_tol, 1e-6, 1e-20);
    cr_expect_float_eq(sc->model.env.g, 9, 0);
    cr_expect_float_eq(sc->model.env.rho_w, 1000, 0);
    hw_scenario_free(sc);
    sc = load_ok(with("position: [-500, 0, -100]", "position: [-5e2, -0, -1.0e2]"));
    cr_expect_float_eq(sc->model.points[0].pos[0], -500, 0);
    hw_scenario_free(sc);
}

Test(scenario, anchors_and_aliases_are_followed)
{
    const char *motion = "    motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}\n";
    char from[160], to[256];
    snprintf(from, sizeof from, "position: [0, 0, -10]\n%s", motion);
    snprintf(to, sizeof to, "position: &p [0, 0, -10]\n%s  - name: other\n    type: fixed\n"
             "    position: *p\n", motion);
    hw_scenario *sc = load_ok(with(from, to));
    cr_assert_eq(sc->model.n_points, 3);
    cr_expect_float_eq(sc->model.points[2].pos[2], -10, 0);
    hw_scenario_free(sc);
}

Test(scenario, null_msg_and_free_null)
{
    hw_scenario *sc = NULL;
    cr_expect_eq(hw_scenario_load_string("lines: 3\n", "t.yaml", &sc, NULL, 0), HW_ERR_INPUT);
    cr_expect_null(sc);
    hw_scenario_free(NULL);
}

/* ---- files and hw_scenario_check -------------------------------------------------------------- */

Test(scenario, missing_file_is_an_io_error)
{
    hw_scenario *sc = (hw_scenario *)&sc;
    hw_status st = hw_scenario_load(HW_TEST_DATA_DIR "/no_such_file.yaml", &sc, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_IO);
    cr_expect_null(sc);
    cr_expect_str_eq(msg, HW_TEST_DATA_DIR "/no_such_file.yaml: cannot open: No such file or directory");
}

Test(scenario, directory_is_an_io_error)
{
    hw_scenario *sc = NULL;
    cr_expect_eq(hw_scenario_load(HW_TEST_DATA_DIR, &sc, msg, sizeof msg), HW_ERR_IO, "%s", msg);
    cr_expect(strstr(msg, HW_TEST_DATA_DIR ": cannot "), "%s", msg);
}

Test(scenario, file_errors_name_the_file)
{
    hw_scenario *sc = NULL;
    const char *path = HW_TEST_DATA_DIR "/scenario_bad_segments.yaml";
    cr_expect_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect_null(sc);
    cr_expect(strstr(msg, HW_TEST_DATA_DIR "/scenario_bad_segments.yaml:10: lines[0] (line1).segments: "
                          "expected an integer, got 2.5"), "%s", msg);
}

Test(scenario, check_after_override_has_no_line)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(FULL, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    sc->model.solver.dt = -1; /* as a command-line override would */
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(!strncmp(msg, FULL ": solver.dt: expected ", strlen(FULL ": solver.dt: expected ")),
              "%s", msg);
    sc->model.solver.dt = 0.001;
    sc->model.solver.t_end = -5;
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, FULL ": solver.t_end: expected "), "%s", msg);
    hw_scenario_free(sc);
}

Test(scenario, check_maps_a_field_back_to_its_line)
{
    hw_scenario *sc = load_ok(BASE);
    ((hw_line_def *)sc->model.lines)[0].length = -1;
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_ERR_INPUT);
    char want[128];
    snprintf(want, sizeof want, "t.yaml:%d: lines[0] (line1).length: expected ", line_of(BASE, "    length:"));
    cr_expect(!strncmp(msg, want, strlen(want)), "want %s\n got %s", want, msg);
    hw_scenario_free(sc);
}

Test(scenario, check_of_a_default_value_points_at_the_item)
{
    /* dt was not in the file: the override has no line, even though solver exists. */
    hw_scenario *sc = load_ok(plus("solver:\n  t_end: 5\n"));
    sc->model.solver.dt_safety = 2;
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "t.yaml: solver.dt_safety: expected "), "%s", msg);
    ((hw_point_def *)sc->model.points)[1].period = 0;
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_ERR_INPUT);
    char want[128];
    snprintf(want, sizeof want, "t.yaml:%d: points[1] (fair).motion.period: expected ",
             line_of(BASE, "period: 10"));
    cr_expect(!strncmp(msg, want, strlen(want)), "want %s\n got %s", want, msg);
    hw_scenario_free(sc);
}

/* ---- syntax and document errors --------------------------------------------------------------- */

Test(errors, yaml_syntax)
{
    const char *y = with("    type: chain\n", "   type: chain\n");
    hw_scenario *sc = NULL;
    cr_expect_eq(hw_scenario_load_string(y, "t.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(!strncmp(msg, "t.yaml:", 7) && strstr(msg, ": syntax: expected valid YAML, got"), "%s", msg);
    expect_error("a: [1, 2\nb: 3\n", 2, "syntax", "expected valid YAML, got: did not find expected");
    expect_error("a: b: c\n", 1, "syntax", "mapping values are not allowed");
}

Test(errors, tab_indentation_is_explained)
{
    expect_error(with("    EA: 1.0e9", "\tEA: 1.0e9"), line_of(BASE, "EA:"), "syntax", "not tabs");
}

Test(errors, invalid_utf8)
{
    expect_error(with("name: anchor", "name: anch\xff"), line_of(BASE, "anchor"), "syntax",
                 "expected valid UTF-8");
}

Test(errors, empty_file)
{
    expect_error("", 1, "scenario", "got an empty document");
    expect_error("# only a comment\n\n", 1, "scenario", "got an empty document");
}

Test(errors, document_not_a_mapping)
{
    expect_error("- a\n- b\n", 1, "scenario", "expected a mapping (the scenario sections), got a list of 2 items");
    expect_error("hello\n", 1, "scenario", "got \"hello\"");
}

Test(errors, second_document)
{
    expect_error(plus("---\nlines: []\n"), line_of(plus("---\nlines: []\n"), "lines: []"), "syntax",
                 "expected a single YAML document");
}

Test(errors, missing_section)
{
    const char *y = "line_types: []\npoints: []\n";
    expect_error(y, 1, "lines", "expected a list of lines (required key), got nothing");
}

Test(errors, no_lines)
{
    const char *y = with("lines:\n  - name: line1\n    type: chain\n    end_a: anchor\n    end_b: fair\n"
                         "    length: 520\n    segments: 10\n", "lines: []\n");
    expect_error(y, line_of(y, "lines: []"), "lines", "expected at least one line");
}

Test(errors, section_of_the_wrong_kind)
{
    const char *y = "line_types: []\npoints: {anchor: 1}\nlines: []\n";
    expect_error(y, 2, "points", "expected a list of points, got a mapping");
    expect_error(plus("solver: [1, 2]\n"), line_of(plus("solver: [1, 2]\n"), "solver:"), "solver",
                 "expected a mapping (the solver), got a list of 2 items");
}

/* ---- keys ------------------------------------------------------------------------------------- */

Test(errors, unknown_top_level_key)
{
    const char *y = plus("enviroment: {}\n");
    expect_error(y, line_of(y, "enviroment"), "enviroment",
                 "expected a key of the scenario sections (one of: environment, line_types, points, "
                 "lines, sheaves, solver, outputs, ensemble, network, couplings, rigid_cables, bodies), got \"enviroment\"");
}

Test(errors, unknown_item_key)
{
    const char *y = with("    length: 520", "    lenght: 520");
    expect_error(y, line_of(y, "lenght"), "lines[0] (line1).lenght",
                 "(one of: name, type, end_a, end_b, length, segments, winch, failure, start, clamp_a, clamp_b, syrope), got \"lenght\"");
}

Test(errors, unknown_key_case_hint)
{
    const char *y = with("    EA: 1.0e9", "    ea: 1.0e9");
    expect_error(y, line_of(y, "ea:"), "line_types[0] (chain).ea", "did you mean EA?");
}

Test(errors, unknown_nested_key)
{
    const char *y = plus("environment:\n  seabed: {stiffness: 1, friction: 0.3}\n");
    expect_error(y, line_of(y, "seabed"), "environment.seabed.friction",
                 "(one of: stiffness, damping, friction_velocity, bathymetry), got \"friction\"");
}

Test(errors, duplicate_key)
{
    const char *y = with("    segments: 10\n", "    segments: 10\n    segments: 12\n");
    expect_error(y, line_of(y, "segments: 12"), "lines[0] (line1).segments",
                 "expected each key once, got it again (first at line 20)");
}

Test(errors, missing_required_key)
{
    const char *y = with("    length: 520\n", "");
    expect_error(y, line_of(y, "- name: line1"), "lines[0] (line1).length",
                 "expected a number (required key), got nothing");
    y = with("    diameter: 0.1\n", "");
    expect_error(y, line_of(y, "- name: chain"), "line_types[0] (chain).diameter", "(required key)");
    y = with("    position: [-500, 0, -100]\n", "");
    expect_error(y, line_of(y, "- name: anchor"), "points[0] (anchor).position",
                 "expected a list of 3 numbers [x, y, z] (required key), got nothing");
    y = with("  - name: line1\n    type: chain\n", "  - type: chain\n");
    expect_error(y, line_of(y, "- type: chain"), "lines[0].name", "expected a name (required key)");
}

/* ---- types ------------------------------------------------------------------------------------ */

Test(errors, string_where_number_expected)
{
    const char *y = with("diameter: 0.1", "diameter: thick");
    expect_error(y, line_of(y, "thick"), "line_types[0] (chain).diameter",
                 "expected a number, got \"thick\"");
    y = with("diameter: 0.1", "diameter: \"0.1\"");
    expect_error(y, line_of(y, "diameter"), "line_types[0] (chain).diameter",
                 "expected a number, got the quoted string \"0.1\"");
    y = with("diameter: 0.1", "diameter:");
    expect_error(y, line_of(y, "diameter"), "line_types[0] (chain).diameter",
                 "expected a number, got an empty value");
}

Test(errors, non_finite_numbers)
{
    const char *bad[] = {"nan", "inf", ".inf", "-.inf", "1e999", "0x", "1,5", "1_000"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char repl[64];
        snprintf(repl, sizeof repl, "length: %s", bad[i]);
        const char *y = with("length: 520", repl);
        expect_error(y, line_of(y, "    length:"), "lines[0] (line1).length", "expected a number, got ");
    }
}

Test(errors, list_where_mapping_expected)
{
    const char *y = plus("environment:\n  seabed: [1, 2, 3]\n");
    expect_error(y, line_of(y, "seabed"), "environment.seabed",
                 "expected a mapping (the seabed), got a list of 3 items");
    y = with("motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}", "motion: sinusoid");
    expect_error(y, line_of(y, "motion:"), "points[1] (fair).motion",
                 "expected a mapping (a motion), got \"sinusoid\"");
}

Test(errors, mapping_where_list_expected)
{
    const char *y = with("position: [-500, 0, -100]", "position: {x: 1}");
    expect_error(y, line_of(y, "position"), "points[0] (anchor).position",
                 "expected a list of 3 numbers [x, y, z], got a mapping");
    y = with("position: [-500, 0, -100]", "position: [-500, 0]");
    expect_error(y, line_of(y, "position"), "points[0] (anchor).position",
                 "expected a list of 3 numbers [x, y, z], got a list of 2 items");
    y = with("position: [-500, 0, -100]", "position: [-500, zero, -100]");
    expect_error(y, line_of(y, "position"), "points[0] (anchor).position[1]",
                 "expected a number, got \"zero\"");
}

Test(errors, non_integer_segments)
{
    const char *y = with("segments: 10", "segments: 2.5");
    expect_error(y, line_of(y, "segments"), "lines[0] (line1).segments", "expected an integer, got 2.5");
    y = with("segments: 10", "segments: ten");
    expect_error(y, line_of(y, "segments"), "lines[0] (line1).segments", "expected an integer, got \"ten\"");
    y = with("segments: 10", "segments: 99999999999");
    expect_error(y, line_of(y, "segments"), "lines[0] (line1).segments",
                 "expected an integer of at most 2147483647, got 99999999999");
}

Test(errors, bad_boolean)
{
    const char *y = plus("solver:\n  static_solve: yes\n");
    expect_error(y, line_of(y, "static_solve"), "solver.static_solve", "expected true or false, got \"yes\"");
}

Test(errors, bad_dt)
{
    const char *y = plus("solver:\n  dt: fast\n");
    expect_error(y, line_of(y, "dt:"), "solver.dt", "expected a time step in s or auto, got \"fast\"");
}

Test(errors, empty_name)
{
    const char *y = with("name: anchor", "name: \"\"");
    expect_error(y, line_of(y, "name: \"\""), "points[0].name", "expected a non-empty name");
}

Test(errors, item_not_a_mapping)
{
    const char *y = with("lines:\n", "lines:\n  - line0\n");
    expect_error(y, line_of(y, "line0"), "lines[0]", "expected a mapping (a line), got \"line0\"");
}

/* ---- values the loader needs --------------------------------------------------------------- */

Test(errors, segments_below_one)
{
    const char *y = with("segments: 10", "segments: 0");
    expect_error(y, line_of(y, "segments"), "lines[0] (line1).segments", "expected an integer >= 1, got 0");
}

Test(errors, zero_or_negative_length)
{
    const char *y = with("length: 520", "length: 0");
    expect_error(y, line_of(y, "    length"), "lines[0] (line1).length", "> 0");
    y = with("length: 520", "length: -3");
    expect_error(y, line_of(y, "    length"), "lines[0] (line1).length", "got -3");
}

/* ---- references and names --------------------------------------------------------------------- */

Test(errors, unknown_line_type)
{
    const char *y = with("    type: chain", "    type: chian");
    expect_error(y, line_of(y, "chian"), "lines[0] (line1).type",
                 "expected a line type name (one of: chain), got \"chian\"");
}

Test(errors, unknown_point)
{
    const char *y = with("end_b: fair", "end_b: fiar");
    expect_error(y, line_of(y, "fiar"), "lines[0] (line1).end_b",
                 "expected a point name (one of: anchor, fair), got \"fiar\"");
}

Test(errors, duplicate_names)
{
    const char *y = with("  - name: fair\n", "  - name: anchor\n");
    expect_error(y, line_of(y, "  - name: anchor\n    type: prescribed") , "points[1] (anchor).name",
                 "got \"anchor\" again (points[0] at line 7)");
}

/* ---- tables ----------------------------------------------------------------------------------- */

Test(errors, ea_table_not_increasing)
{
    const char *y = with("EA: 1.0e9", "EA_table:\n      - [0, 0]\n      - [0.02, 1e6]\n      - [0.01, 2e6]");
    expect_error(y, line_of(y, "[0.01, 2e6]"), "line_types[0] (chain).EA_table[2]",
                 "expected strain greater than the previous row's (0.02), got 0.01");
}

Test(errors, ea_table_row_width)
{
    const char *y = with("EA: 1.0e9", "EA_table: [[0, 0], [0.01, 1e6, 3]]");
    expect_error(y, line_of(y, "EA_table"), "line_types[0] (chain).EA_table[1]",
                 "expected a row of 2 numbers [strain, tension], got a list of 3 items");
    y = with("EA: 1.0e9", "EA_table: [[0, 0]]");
    expect_error(y, line_of(y, "EA_table"), "line_types[0] (chain).EA_table",
                 "expected a list of at least 2 rows [strain, tension], got a list of 1 item");
}

Test(errors, ea_table_semantics_from_model_check)
{
    const char *y = with("EA: 1.0e9", "EA_table: [[0, 0], [0.01, 2e6], [0.02, 1e6]]");
    expect_error(y, line_of(y, "EA_table"), "line_types[0] (chain).EA_table", "tension");
}

Test(errors, ea_and_ea_table)
{
    const char *y = with("EA: 1.0e9", "EA: 1.0e9\n    EA_table: [[0, 0], [0.01, 1e6]]");
    expect_error(y, line_of(y, "EA_table"), "line_types[0] (chain).EA_table",
                 "expected either EA or EA_table, got both (EA at line 5)");
    y = with("    EA: 1.0e9\n", "");
    expect_error(y, line_of(y, "- name: chain"), "line_types[0] (chain).EA", "expected EA (a number, N) or an EA_table (one is required), got neither");
}

Test(errors, motion_table_not_increasing)
{
    const char *y = with("motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}",
                         "motion:\n      type: table\n      table:\n        - [0, 0, 0, 0]\n"
                         "        - [5, 1, 0, 0]\n        - [5, 2, 0, 0]");
    expect_error(y, line_of(y, "[5, 2"), "points[1] (fair).motion.table[2]",
                 "expected t greater than the previous row's (5), got 5");
}

Test(errors, motion_table_row_width)
{
    const char *y = with("motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}",
                         "motion: {type: table, table: [[0, 0, 0, 0], [1, 2, 3]]}");
    expect_error(y, line_of(y, "motion"), "points[1] (fair).motion.table[1]",
                 "expected a row of 4 numbers [t, dx, dy, dz], got a list of 3 items");
}

Test(errors, current_profile_not_increasing)
{
    const char *y = plus("environment:\n  current:\n    profile:\n      - [0, 1, 0]\n      - [-50, 0.5, 0]\n");
    expect_error(y, line_of(y, "[-50, 0.5"), "environment.current.profile[1]",
                 "expected z greater than the previous row's (0), got -50");
}

Test(errors, current_profile_row_width)
{
    const char *y = plus("environment:\n  current:\n    profile: [[-50, 1]]\n");
    expect_error(y, line_of(y, "profile"), "environment.current.profile[0]",
                 "expected a row of 3 or 4 numbers [z, ux, uy] or [z, ux, uy, uz], got a list of 2 items");
}

Test(errors, current_times_not_increasing)
{
    const char *y = plus("environment:\n  current:\n    times: [0, 600, 300]\n"
                         "    profiles: [[[0, 1, 0]], [[0, 1, 0]], [[0, 1, 0]]]\n");
    expect_error(y, line_of(y, "times"), "environment.current.times[2]",
                 "expected a time greater than the previous one (600), got 300");
}

Test(errors, current_profiles_differ_in_z)
{
    const char *y = plus("environment:\n  current:\n    times: [0, 600]\n    profiles:\n"
                         "      - [[-100, 0.2, 0], [0, 1.0, 0]]\n      - [[-90, 0.4, 0], [0, 1.5, 0]]\n");
    expect_error(y, line_of(y, "[[-90"), "environment.current.profiles[1][0]",
                 "expected z = -100 (as in profiles[0]), got -90");
    y = plus("environment:\n  current:\n    times: [0, 600]\n    profiles:\n"
             "      - [[-100, 0.2, 0], [0, 1.0, 0]]\n      - [[0, 1.5, 0]]\n");
    expect_error(y, line_of(y, "[[0, 1.5"), "environment.current.profiles[1]",
                 "expected 2 rows (the z values of profiles[0]), got 1");
}

Test(errors, current_forms)
{
    const char *y = plus("environment:\n  current:\n    times: [0, 600]\n    profiles: [[[0, 1, 0]]]\n");
    expect_error(y, line_of(y, "profiles"), "environment.current.profiles",
                 "expected a list of 2 profiles (one per time), got a list of 1 item");
    y = plus("environment:\n  current: {uniform: [1, 0], profile: [[0, 1, 0]]}\n");
    expect_error(y, line_of(y, "current"), "environment.current",
                 "expected exactly one form of current (uniform, profile, times with profiles, or grid), "
                 "got uniform and profile");
    y = plus("environment:\n  current: {times: [0, 1]}\n");
    expect_error(y, line_of(y, "current"), "environment.current.profiles", "(required key), got nothing");
    y = plus("environment:\n  current: {uniform: [1]}\n");
    expect_error(y, line_of(y, "uniform"), "environment.current.uniform",
                 "expected a list of 2 to 3 numbers [ux, uy] or [ux, uy, uz], got a list of 1 item");
}

/* ---- enums and point kinds -------------------------------------------------------------------- */

Test(errors, bad_integrator)
{
    const char *y = plus("solver:\n  integrator: rk3\n");
    expect_error(y, line_of(y, "rk3"), "solver.integrator",
                 "expected one of: symplectic_euler, rk2, rk4, euler, ab2, ab3, ab4, moordyn_heun, beuler, midpoint, aca, wilson, got \"rk3\"");
}

Test(errors, bad_point_type)
{
    const char *y = with("type: fixed", "type: anchored");
    expect_error(y, line_of(y, "anchored"), "points[0] (anchor).type",
                 "expected one of: fixed, prescribed, free, coupled, body, got \"anchored\"");
}

Test(errors, bad_motion_type)
{
    const char *y = with("type: sinusoid", "type: sine");
    expect_error(y, line_of(y, "sine"), "points[1] (fair).motion.type",
                 "expected one of: constant_velocity, sinusoid, table, got \"sine\"");
}

Test(errors, motion_key_of_another_kind)
{
    const char *y = with("motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}",
                         "motion: {type: constant_velocity, velocity: [1, 0, 0], period: 10}");
    expect_error(y, line_of(y, "motion"), "points[1] (fair).motion.period",
                 "expected a key of a constant_velocity motion (one of: type, velocity), got \"period\"");
}

Test(errors, motion_on_a_fixed_point)
{
    const char *y = with("    position: [-500, 0, -100]\n",
                         "    position: [-500, 0, -100]\n    motion: {type: constant_velocity, velocity: [1, 0, 0]}\n");
    expect_error(y, line_of(y, "motion"), "points[0] (anchor).motion",
                 "expected no motion on a fixed point (only prescribed points have one), got a motion");
}

Test(errors, prescribed_point_without_motion)
{
    const char *y = with("    motion: {type: sinusoid, amplitude: [1, 0, 0], period: 10}\n", "");
    expect_error(y, line_of(y, "- name: fair"), "points[1] (fair).motion",
                 "expected a motion (required on a prescribed point), got nothing");
}

Test(errors, free_point_keys_on_a_fixed_point)
{
    const char *y = with("    position: [-500, 0, -100]\n", "    position: [-500, 0, -100]\n    mass: 10\n");
    expect_error(y, line_of(y, "    mass:"), "points[0] (anchor).mass",
                 "expected mass only on a free point, got it on a fixed point");
}

/* ---- outputs ---------------------------------------------------------------------------------- */

Test(errors, output_index_out_of_range)
{
    const char *y = plus("outputs:\n  nodes: [{line: line1, node: 11}]\n");
    expect_error(y, line_of(y, "nodes"), "outputs.nodes[0].node",
                 "expected a node index 0..10 (line line1 has 10 segments), got 11");
    y = plus("outputs:\n  segments:\n    - {line: line1, segment: 0}\n");
    expect_error(y, line_of(y, "segment: 0"), "outputs.segments[0].segment",
                 "expected a segment index 1..10 (line line1 has 10 segments), got 0");
}

Test(errors, output_unknown_line_and_key)
{
    const char *y = plus("outputs:\n  nodes: [{line: line9, node: 1}]\n");
    expect_error(y, line_of(y, "nodes"), "outputs.nodes[0].line",
                 "expected a line name (one of: line1), got \"line9\"");
    y = plus("outputs:\n  nodes: [{line: line1, segment: 1}]\n");
    expect_error(y, line_of(y, "nodes"), "outputs.nodes[0].segment",
                 "(one of: line, node), got \"segment\"");
    y = plus("outputs:\n  interval: -1\n");
    expect_error(y, line_of(y, "interval"), "outputs.interval", "expected an interval >= 0 s");
}

/* ---- semantic rules of hw_model_check, mapped to lines ---------------------------------------- */

Test(errors, model_check_fields_have_their_lines)
{
    const char *y = with("diameter: 0.1", "diameter: -0.1");
    expect_error(y, line_of(y, "diameter"), "line_types[0] (chain).diameter", "got -0.1");
    y = with("period: 10", "period: 0");
    expect_error(y, line_of(y, "motion"), "points[1] (fair).motion.period", "expected a period > 0");
    y = plus("environment:\n  depth: -5\n");
    expect_error(y, line_of(y, "depth"), "environment.depth", "expected a water depth > 0");
    y = plus("environment:\n  seabed:\n    stiffness: -1\n");
    expect_error(y, line_of(y, "stiffness"), "environment.seabed.stiffness", "got -1");
    y = plus("solver:\n  dt: -0.01\n");
    expect_error(y, line_of(y, "dt:"), "solver.dt", "got -0.01");
    y = with("end_b: fair", "end_b: anchor");
    expect_error(y, line_of(y, "end_b"), "lines[0] (line1).end_b", "expected a different point");
}

Test(errors, model_check_unattached_free_point)
{
    const char *y = with("lines:\n", "  - name: buoy\n    type: free\n    position: [0, 0, -5]\n    mass: 1\nlines:\n");
    expect_error(y, line_of(y, "type: free"), "points[2] (buoy).type", "expected a free point to carry");
}
