/* The C API's load from a file (hw_world_load, include/hawser/world.h): every bundled example and
 * deck loads; a loaded world stepped to t gives what `hawser run` writes for the same file (the
 * same build of the same model: equal to the CSV's 10 printed digits); errors come back located
 * through the status and the message; objects are found by name. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"
#include "shell.h"

#define DATA HW_TEST_DATA_DIR
#define EX HW_EXAMPLES_DIR

static hw_world *load(const char *path, double t_end)
{
    hw_world_load_opts o = hw_default_load_opts();
    o.t_end = t_end;
    hw_world *w = NULL;
    char msg[2048];
    hw_status st = hw_world_load(path, &o, &w, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s: %s", path, msg);
    cr_assert_not_null(w);
    return w;
}

/* The value of column col in the last row of a CSV file (NAN when absent). */
static double csv_last(const char *path, const char *col)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char head[1 << 16], row[1 << 16], line[1 << 16];
    cr_assert_not_null(fgets(head, sizeof head, f));
    row[0] = 0;
    while (fgets(line, sizeof line, f)) strcpy(row, line);
    fclose(f);
    int idx = -1, k = 0;
    for (char *tok = strtok(head, ",\n"); tok; tok = strtok(NULL, ",\n"), k++)
        if (strcmp(tok, col) == 0) idx = k;
    if (idx < 0) return NAN;
    char *tok = strtok(row, ",\n");
    for (int i = 0; tok && i < idx; i++) tok = strtok(NULL, ",\n");
    return tok ? strtod(tok, NULL) : NAN;
}

/* Runs the CLI on path to t_end into HW_TMP/world_load_NAME. */
static void cli_run(const char *path, const char *name, double t_end, char *dir, size_t len)
{
    snprintf(dir, len, "%s/world_load_%s", HW_TMP, name);
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "'%s' run '%s' -o '%s' --t-end %.17g -q", HW_CLI_PATH, path, dir, t_end);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
}

/* Equal to the printed digits: lines.csv, bodies.csv and rigid.csv print 10 significant ones. */
static void expect_printed(double api, double csv, const char *what)
{
    cr_expect(fabs(api - csv) <= 1e-9 * fabs(csv) + 1e-9, "%s: API %.12g, hawser run %.12g", what, api, csv);
}

Test(world_load, lines_as_hawser_run)
{
    const char *path = DATA "/md_catenary.yaml";
    double t_end = 0.5;
    char dir[4096], csv[4200];
    cli_run(path, "catenary", t_end, dir, sizeof dir);
    hw_world *w = load(path, t_end);
    cr_assert_eq(hw_world_advance_to(w, hw_world_t_end(w)), HW_OK, "%s", hw_world_last_error(w));
    cr_assert_float_eq(hw_world_time(w), t_end, 1e-12);
    snprintf(csv, sizeof csv, "%s/lines.csv", dir);
    const char *names[] = {"line1", "line2", "line3"};
    for (int i = 0; i < 3; i++) {
        int l = hw_world_find(w, HW_OBJ_LINE, names[i]);
        cr_assert_eq(l, i);
        double ta, tb;
        cr_assert_eq(hw_sim_line_end_tensions(hw_world_lumped(w), l, &ta, &tb), HW_OK);
        char col[64];
        snprintf(col, sizeof col, "%s.TA_N", names[i]);
        expect_printed(ta, csv_last(csv, col), col);
        snprintf(col, sizeof col, "%s.TB_N", names[i]);
        expect_printed(tb, csv_last(csv, col), col);
    }
    hw_world_destroy(w);
}

Test(world_load, bodies_as_hawser_run)
{
    const char *path = DATA "/md_bodies.yaml";
    double t_end = 0.4;
    char dir[4096], csv[4200];
    cli_run(path, "bodies", t_end, dir, sizeof dir);
    hw_world *w = load(path, t_end);
    cr_assert_eq(hw_world_advance_to(w, t_end), HW_OK, "%s", hw_world_last_error(w));
    snprintf(csv, sizeof csv, "%s/bodies.csv", dir);
    cr_assert_eq(hw_world_count(w, HW_OBJ_BODY), 3);
    for (int k = 0; k < 3; k++) {
        const char *name = hw_world_name(w, HW_OBJ_BODY, k);
        cr_assert_eq(hw_world_find(w, HW_OBJ_BODY, name), k);
        double pos[3], q[4], v[3], om[3];
        cr_assert_eq(hw_world_body_state(w, k, pos, q, v, om), HW_OK);
        const char *ax[3] = {"x_m", "y_m", "z_m"}, *vx[3] = {"vx_m_s", "vy_m_s", "vz_m_s"};
        for (int c = 0; c < 3; c++) {
            char col[96];
            snprintf(col, sizeof col, "%s.%s", name, ax[c]);
            expect_printed(pos[c], csv_last(csv, col), col);
            snprintf(col, sizeof col, "%s.%s", name, vx[c]);
            expect_printed(v[c], csv_last(csv, col), col);
        }
    }
    hw_world_destroy(w);
}

/* Rigid cables without lumped lines: on a fixed point (a winch lowering a module), and on a
 * prescribed moving point (the world sets those ends before each step, as the CLI's runner). */
static void rigid_case(const char *path, const char *name, const char *cable, double t_end)
{
    char dir[4096], csv[4200], col[128];
    cli_run(path, name, t_end, dir, sizeof dir);
    hw_world *w = load(path, t_end);
    cr_assert_eq(hw_world_advance_to(w, t_end), HW_OK, "%s", hw_world_last_error(w));
    snprintf(csv, sizeof csv, "%s/rigid.csv", dir);
    int c = hw_world_find(w, HW_OBJ_RIGID_CABLE, cable);
    cr_assert_geq(c, 0);
    hw_rc *rc = hw_world_rigid(w);
    cr_assert_not_null(rc);
    double fa[3], fb[3];
    cr_assert_eq(hw_rc_end_forces(rc, c, fa, fb), HW_OK);
    const char *cols[3] = {"x", "y", "z"};
    for (int k = 0; k < 3; k++) {
        snprintf(col, sizeof col, "%s.FA%s_N", cable, cols[k]);
        expect_printed(fa[k], csv_last(csv, col), col);
        snprintf(col, sizeof col, "%s.FB%s_N", cable, cols[k]);
        expect_printed(fb[k], csv_last(csv, col), col);
    }
    hw_world_destroy(w);
}

Test(world_load, rigid_cables_as_hawser_run)
{
    rigid_case(EX "/rigid_lowering.yaml", "rigid", "wire", 0.5);
    rigid_case(EX "/stiff_wire.yaml", "stiff", "wire", 0.5);
}

/* Every bundled example and the deck load (statics solved) and step once. */
Test(world_load, every_example_loads)
{
    const char *files[] = {"block_and_tackle.yaml", "crane_lowering.yaml", "moordyn_semisub.dat",
                           "oc4_mooring.yaml", "rigid_lowering.yaml", "sled_ramp.yaml", "stiff_wire.yaml",
                           "taut_tether.yaml", "vessel_crane.yaml", "vessel_in_waves.yaml"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", EX, files[i]);
        hw_world *w = load(path, 0);
        cr_expect_gt(hw_world_t_end(w), 0.0, "%s", files[i]);
        cr_expect_eq(hw_world_step(w, 1), HW_OK, "%s: %s", files[i], hw_world_last_error(w));
        cr_expect_float_eq(hw_world_time(w), hw_world_dt(w), 1e-12, "%s", files[i]);
        hw_world_destroy(w);
    }
}

Test(world_load, names)
{
    hw_world *w = load(DATA "/reel_payout.yaml", 0);
    cr_expect_eq(hw_world_find(w, HW_OBJ_LINE, "wire"), 0);
    cr_expect_eq(hw_world_find(w, HW_OBJ_WINCH, "wire"), 0); /* the winch goes by its line */
    cr_expect_eq(hw_world_find(w, HW_OBJ_POINT, "tip"), 0);
    cr_expect_eq(hw_world_find(w, HW_OBJ_POINT, "module"), 1);
    cr_expect_eq(hw_world_find(w, HW_OBJ_POINT, "nothing"), -1);
    cr_expect_eq(hw_world_find(w, HW_OBJ_BODY, "tip"), -1);
    cr_expect_eq(hw_world_find(w, HW_OBJ_LINE, NULL), -1);
    cr_expect_eq(hw_world_count(w, HW_OBJ_LINE), 1);
    cr_expect_eq(hw_world_count(w, HW_OBJ_POINT), 2);
    cr_expect_eq(hw_world_count(w, HW_OBJ_RIGID_CABLE), 0);
    cr_expect_null(hw_world_name(w, HW_OBJ_LINE, 1));
    cr_expect_null(hw_world_name(w, HW_OBJ_LINE, -1));
    cr_expect_str_eq(hw_world_name(w, HW_OBJ_WINCH, 0), "wire");
    double length, speed, tension;
    int nseg;
    cr_expect_eq(hw_sim_winch_state(hw_world_lumped(w), hw_world_find(w, HW_OBJ_WINCH, "wire"), &length,
                                    &speed, &tension, &nseg), HW_OK);
    hw_world_destroy(w);
    /* a line without a winch has no winch name */
    w = load(DATA "/md_catenary.yaml", 0);
    cr_expect_eq(hw_world_find(w, HW_OBJ_LINE, "line2"), 1);
    cr_expect_eq(hw_world_find(w, HW_OBJ_WINCH, "line2"), -1);
    cr_expect_null(hw_world_name(w, HW_OBJ_WINCH, 1));
    hw_world_destroy(w);
    cr_expect_eq(hw_world_find(NULL, HW_OBJ_LINE, "x"), -1);
    cr_expect_eq(hw_world_count(NULL, HW_OBJ_LINE), 0);
}

Test(world_load, options)
{
    hw_world_load_opts o = hw_default_load_opts();
    o.dt = 2.5e-4;
    o.t_end = 0.01;
    hw_world *w = NULL;
    char msg[1024];
    cr_assert_eq(hw_world_load(DATA "/md_catenary.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect_float_eq(hw_world_dt(w), 2.5e-4, 1e-18);
    cr_expect_float_eq(hw_world_t_end(w), 0.01, 1e-18);
    cr_expect_eq(hw_world_advance_to(w, hw_world_t_end(w)), HW_OK);
    cr_expect_eq(hw_sim_steps_taken(hw_world_lumped(w)), 40);
    hw_world_destroy(w);
}

/* The loaders' located one-line errors, through the status and the message. */
Test(world_load, errors)
{
    hw_world *w = (hw_world *)&w; /* set to NULL on failure */
    char msg[2048];
    hw_status st = hw_world_load(DATA "/scenario_bad_segments.yaml", NULL, &w, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_INPUT);
    cr_expect_null(w);
    cr_expect(strstr(msg, "scenario_bad_segments.yaml:") && strstr(msg, "segments"), "%s", msg);

    st = hw_world_load(DATA "/no_such_file.yaml", NULL, &w, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_IO, "%s", msg);
    cr_expect(strstr(msg, "no_such_file.yaml") != NULL, "%s", msg);

    const char *bad = "environment: {gravity: 9.81, water_density: 1025, depth: 50}\n"
                      "line_types:\n"
                      "  - {name: c, diameter: 0.1, mass_per_length: 20, EA: -1e8}\n"
                      "points:\n"
                      "  - {name: a, type: fixed, position: [0, 0, -50]}\n"
                      "  - {name: b, type: fixed, position: [40, 0, 0]}\n"
                      "lines:\n"
                      "  - {name: l, type: c, end_a: a, end_b: b, length: 70, segments: 10}\n"
                      "solver: {dt: 0.001, t_end: 1}\n";
    st = hw_world_load_string(bad, "inline.yaml", NULL, &w, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_INPUT);
    cr_expect(strncmp(msg, "inline.yaml:3:", 14) == 0 && strstr(msg, "EA"), "%s", msg);

    /* overrides are for YAML scenarios */
    const char *ov[] = {"solver.dt=0.001"};
    hw_world_load_opts o = hw_default_load_opts();
    o.n_overrides = 1;
    o.overrides = ov;
    st = hw_world_load(EX "/moordyn_semisub.dat", &o, &w, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_INPUT);
    cr_expect(strstr(msg, "hawser convert") != NULL, "%s", msg);

    o.overrides = NULL;
    cr_expect_eq(hw_world_load(DATA "/md_catenary.yaml", &o, &w, msg, sizeof msg), HW_ERR_INVALID_ARG);
    cr_expect_eq(hw_world_load(NULL, NULL, &w, msg, sizeof msg), HW_ERR_INVALID_ARG);
    cr_expect_eq(hw_world_load(DATA "/md_catenary.yaml", NULL, NULL, msg, sizeof msg), HW_ERR_INVALID_ARG);
}

/* A deck feature Hawser does not have: HW_ERR_UNSUPPORTED, located. */
Test(world_load, deck_refusal)
{
    char path[1024], msg[2048];
    snprintf(path, sizeof path, "%s/world_load_vivdeck.dat", HW_TMP);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("--- LINE TYPES ---\n"
          "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx\n"
          "(name) (m) (kg/m) (N) (N-s/-) (-) (-) (-) (-) (-)\n"
          "chain 0.1 20 1e8 -0.8 0 1.2 1 0.2 0\n"
          "--- CONTROL ---\n" /* MoorDyn-F's line control: refused at its first row (ROD TYPES are read now) */
          "ChannelID Line(s)\n"
          "() (,)\n"
          "1 1\n", f);
    fclose(f);
    hw_world *w = NULL;
    hw_status st = hw_world_load(path, NULL, &w, msg, sizeof msg);
    cr_expect(st == HW_ERR_UNSUPPORTED, "%s: %s", hw_status_str(st), msg);
    cr_expect(strstr(msg, "world_load_vivdeck.dat:8") != NULL, "%s", msg);
    cr_expect_null(w);
}
