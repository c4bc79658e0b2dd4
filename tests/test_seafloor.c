/* A seabed that is not flat (docs/physics.md section 4, "A seabed that is not flat"): the bilinear
 * bathymetry against its formula, a flat grid against the flat seabed bit for bit, a line resting
 * on a sloping grid at the analytic height, MoorDyn's SeafloorFile deck against its hand-written
 * YAML twin (bit for bit) and against MoorDyn 2.7.2's rest state, and the located errors of the
 * grid file and of the YAML form. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/rigid.h"
#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "physics/seabed.h"

#define DECK HW_TEST_DATA_DIR "/md_seafloor.dat"
#define TWIN HW_TEST_DATA_DIR "/md_seafloor.yaml"

static char msg[2048];

/* ---- the interpolation ------------------------------------------------------------------------ */

/* A 3 x 2 grid with unequal spacings: at every grid point its own depth to the bit; between grid
 * points the bilinear formula (1-u)(1-v) d00 + u (1-v) d10 + (1-u) v d01 + u v d11; beyond the
 * edges the nearest edge's value (clamped, as MoorDyn's Seafloor::getDepthAt). */
Test(seafloor, bilinear_at_and_between_grid_points)
{
    const double x[3] = {-10, 40, 100}, y[2] = {-10, 10};
    const double d[6] = {50, 45, 35, 52, 47, 37}; /* row y = -10, then y = 10 */
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++)
            cr_assert(same_d(hw_bathy_depth(x, 3, y, 2, d, x[i], y[j]), d[j * 3 + i]), "(%d, %d)", i, j);
    const double px[4] = {0, 25.5, 40.0 + 1e-9, 77}, py[4] = {2.5, -9.5, 0, 9.99};
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            int i = px[a] < 40 ? 0 : 1;
            double u = (px[a] - x[i]) / (x[i + 1] - x[i]), v = (py[b] - y[0]) / (y[1] - y[0]);
            double want = (1 - u) * (1 - v) * d[i] + u * (1 - v) * d[i + 1] + (1 - u) * v * d[3 + i] +
                          u * v * d[3 + i + 1];
            double got = hw_bathy_depth(x, 3, y, 2, d, px[a], py[b]);
            cr_assert(fabs(got - want) <= 1e-12 * want, "(%g, %g): %.17g vs %.17g", px[a], py[b], got, want);
        }
    /* beyond the edges: clamped in x, in y, and at a corner */
    cr_assert(same_d(hw_bathy_depth(x, 3, y, 2, d, -1e3, -10), 50));
    cr_assert(same_d(hw_bathy_depth(x, 3, y, 2, d, 1e3, 10), 37));
    cr_assert(same_d(hw_bathy_depth(x, 3, y, 2, d, -1e3, 1e3), 52));
    cr_assert(fabs(hw_bathy_depth(x, 3, y, 2, d, 70, 50) - 42) < 1e-12); /* y clamped to 10 */
    /* one y value: constant along y */
    cr_assert(same_d(hw_bathy_depth(x, 3, y, 1, d, 40, 123), 45));
}

/* ---- the model --------------------------------------------------------------------------------- */

/* A chain (d 0.1 m, 50 kg/m) of nseg segments from an anchor at ra to a point at rb. */
static void chain(one_line *m, int nseg, const double ra[3], const double rb[3], double length)
{
    one_line_init(m, 0.1, 50.0, 5e8, length, nseg, ra, rb);
    m->type.damping_ratio = 0.8;
    m->def.env.depth = 60.0;
    m->def.solver.dt = 2e-4;
    m->def.solver.static_solve = 1;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* A flat grid (every depth the environment's) is the flat seabed bit for bit: the same initial
 * catenary and the same 200 steps, with nodes on the seabed (a line of 150 segments; the flat
 * seabed runs the CPU's vectorized node loop, the grid the general node body: the same numbers). */
Test(seafloor, flat_grid_is_the_flat_seabed_bit_for_bit)
{
    const double ra[3] = {0, 0, -60}, rb[3] = {250, 30, -10};
    one_line a, b;
    chain(&a, 150, ra, rb, 300);
    chain(&b, 150, ra, rb, 300);
    const double gx[2] = {-500, 500}, gy[3] = {-100, 0, 100}, gd[6] = {60, 60, 60, 60, 60, 60};
    b.def.env.bathymetry = (hw_bathymetry_def){2, 3, gx, gy, gd};
    a.def.solver.static_solve = b.def.solver.static_solve = 0;
    hw_sim *sa = make(&a.def), *sb = make(&b.def);
    cr_assert_eq(hw_sim_step(sa, 200), HW_OK, "%s", hw_sim_last_error(sa));
    cr_assert_eq(hw_sim_step(sb, 200), HW_OK, "%s", hw_sim_last_error(sb));
    double pa[3 * 151], pb[3 * 151];
    hw_sim_line_positions(sa, 0, pa);
    hw_sim_line_positions(sb, 0, pb);
    int grounded = 0;
    for (int k = 0; k < 3 * 151; k++) cr_assert(same_d(pa[k], pb[k]), "value %d: %.17g vs %.17g", k, pa[k], pb[k]);
    for (int i = 0; i <= 150; i++) grounded += pa[3 * i + 2] < -60;
    cr_assert_gt(grounded, 20, "the test needs nodes on the seabed, got %d", grounded);
    hw_energy ea, eb;
    hw_sim_energy(sa, &ea);
    hw_sim_energy(sb, &eb);
    cr_assert(same_d(ea.seabed, eb.seabed) && ea.seabed > 0);
    hw_sim_destroy(sa);
    hw_sim_destroy(sb);
}

/* A taut line lying on a plane slope z = -(40 + 0.1 x + 0.05 y) given as a 2 x 2 grid (which the
 * bilinear form holds exactly): every node sits on the slope, its contact penetration
 * p = w / (kb d) (the wet weight w per metre on kb d per metre of contact), vertical as in
 * MoorDyn. The ends are held at the slope minus p, so that the line is straight and its tension
 * pushes no node into the bed. Static solve to 1e-6 N: the heights within 1e-9 m. */
Test(seafloor, node_rests_on_a_sloping_grid)
{
    const double gx[2] = {-100, 200}, gy[2] = {-50, 50};
    double gd[4];
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) gd[2 * j + i] = 40 + 0.1 * gx[i] + 0.05 * gy[j];
    const double kb = 3e6, d = 0.1, mu = 50, rho = 1025;
    double w = (mu - rho * PI / 4 * d * d) * G0, p = w / (kb * d);
    double ra[3] = {0, 0, 0}, rb[3] = {100, 20, 0};
    ra[2] = -(40 + 0.1 * ra[0] + 0.05 * ra[1]) - p;
    rb[2] = -(40 + 0.1 * rb[0] + 0.05 * rb[1]) - p;
    double span = sqrt(pow(rb[0] - ra[0], 2) + pow(rb[1] - ra[1], 2) + pow(rb[2] - ra[2], 2));
    one_line m;
    chain(&m, 20, ra, rb, span * (1 - 1e-5)); /* taut: about 5 kN */
    m.def.env.bathymetry = (hw_bathymetry_def){2, 2, gx, gy, gd};
    hw_sim *sim = make(&m.def);
    double r[3 * 21];
    hw_sim_line_positions(sim, 0, r);
    for (int i = 1; i < 20; i++) {
        double zb = -(40 + 0.1 * r[3 * i] + 0.05 * r[3 * i + 1]);
        cr_assert(fabs(r[3 * i + 2] - (zb - p)) < 1e-9, "node %d: z %.12f, slope %.12f, p %.3g m (got %.3g)",
                  i, r[3 * i + 2], zb, p, zb - r[3 * i + 2]);
    }
    hw_sim_destroy(sim);
}

/* A line lying across a step: the seabed 50 m deep up to x = 49 m and 45 m from x = 51 m (one y
 * value: the same along y), a taut rope from the lower to the upper plateau with both
 * ends held at the bed minus p. It bridges the step from a touchdown some 15 m before it
 * (sqrt(2 h H / w) for the 5 m rise) to the upper edge; away from the step (x < 30 m, x > 62 m) its
 * nodes lie straight and level on each plateau, at -D - p with p = w / (kb d), within 1e-9 m. */
Test(seafloor, line_lies_across_a_step)
{
    const double gx[4] = {0, 49, 51, 100}, gy[1] = {0}, gd[4] = {50, 50, 45, 45};
    const double kb = 3e6, d = 0.1, mu = 50, rho = 1025;
    double w = (mu - rho * PI / 4 * d * d) * G0, p = w / (kb * d);
    const double ra[3] = {0, 0, -50 - p}, rb[3] = {100, 0, -45 - p};
    one_line m;
    chain(&m, 50, ra, rb, 101.0); /* a rope (EA 1e7 N): some 10 kN over the step's extra length */
    m.type.ea = 1e7;
    m.def.env.bathymetry = (hw_bathymetry_def){4, 1, gx, gy, gd};
    hw_sim *sim = make(&m.def);
    double r[3 * 51];
    hw_sim_line_positions(sim, 0, r);
    int checked = 0;
    for (int i = 1; i < 50; i++) {
        double x = r[3 * i];
        if (x > 30 && x < 62) continue;
        double want = (x < 49 ? -50 : -45) - p;
        cr_assert(fabs(r[3 * i + 2] - want) < 1e-9, "node %d at x %.3f: z %.12f, want %.12f", i, x, r[3 * i + 2], want);
        checked++;
    }
    cr_assert_gt(checked, 25);
    hw_sim_destroy(sim);
}

/* The rigid-cylinder cables on the same plane slope: a 10-element cable (d 0.1 m, 50 kg/m) held
 * by its ends at the slope minus p, relaxed to rest (relax_damping 5 1/s, 20 s); every element's
 * centre rests on the slope under it with the penetration p = w / (kb d) of its own weight, within
 * 1e-6 m (the relaxation's residual motion). Its contact force is vertical too. */
Test(seafloor, rigid_cable_rests_on_a_sloping_grid)
{
    const double gx[2] = {-100, 200}, gy[2] = {-50, 50};
    double gd[4];
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) gd[2 * j + i] = 40 + 0.1 * gx[i] + 0.05 * gy[j];
    const double kb = 3e6, d = 0.1, mu = 50, rho = 1025;
    double w = (mu - rho * PI / 4 * d * d) * G0, p = w / (kb * d);
    hw_rc_def def = hw_default_rc_def();
    hw_rc_cable_def c = hw_default_rc_cable();
    def.env.depth = 60;
    def.env.bathymetry = (hw_bathymetry_def){2, 2, gx, gy, gd};
    def.dt = 2e-4;
    c.length = 0; /* set below: the distance between the ends */
    c.elements = 10;
    c.mass_per_length = mu;
    c.diameter = d;
    c.ea = 1e8;
    c.end_a = c.end_b = HW_RC_END_POINT;
    c.pos_a[0] = 0; c.pos_a[1] = 0;
    c.pos_b[0] = 50; c.pos_b[1] = 10;
    c.pos_a[2] = -(40 + 0.1 * c.pos_a[0] + 0.05 * c.pos_a[1]) - p;
    c.pos_b[2] = -(40 + 0.1 * c.pos_b[0] + 0.05 * c.pos_b[1]) - p;
    c.length = sqrt(pow(c.pos_b[0] - c.pos_a[0], 2) + pow(c.pos_b[1] - c.pos_a[1], 2) +
                    pow(c.pos_b[2] - c.pos_a[2], 2));
    c.relax_damping = 5;
    def.n_cables = 1;
    def.cables = &c;
    hw_rc *rc = NULL;
    cr_assert_eq(hw_rc_create(&def, &rc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_rc_step(rc, 100000), HW_OK);
    double x[30];
    hw_rc_positions(rc, 0, x);
    for (int e = 0; e < 10; e++) {
        double zb = -(40 + 0.1 * x[3 * e] + 0.05 * x[3 * e + 1]);
        cr_assert(fabs(x[3 * e + 2] - (zb - p)) < 1e-6, "element %d: z %.9f, slope %.9f, p %.3g m (got %.3g)", e,
                  x[3 * e + 2], zb, p, zb - x[3 * e + 2]);
    }
    hw_rc_destroy(rc);
}

/* ---- MoorDyn's SeafloorFile --------------------------------------------------------------------- */

static hw_scenario *load(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_any(path, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s: %s", path, msg);
    return sc;
}

static void same_bathymetry(const hw_bathymetry_def *a, const hw_bathymetry_def *b)
{
    cr_assert_eq(a->nx, b->nx);
    cr_assert_eq(a->ny, b->ny);
    for (int i = 0; i < a->nx; i++) cr_assert(same_d(a->x[i], b->x[i]));
    for (int j = 0; j < a->ny; j++) cr_assert(same_d(a->y[j], b->y[j]));
    for (int k = 0; k < a->nx * a->ny; k++)
        cr_assert(same_d(a->depth[k], b->depth[k]), "depth %d: %.17g vs %.17g", k, a->depth[k], b->depth[k]);
}

/* The deck and its twin: the same grid (depth = -z of the file's rows, one row per y value), the
 * same static rest state and the same run, bit for bit; `hawser convert` writes the grid inline
 * and reads back as the same grid. */
Test(seafloor, deck_and_twin_are_the_same)
{
    hw_scenario *d = load(DECK), *t = load(TWIN);
    const hw_bathymetry_def *bd = &d->model.env.bathymetry;
    cr_assert_eq(bd->nx, 3);
    cr_assert_eq(bd->ny, 2);
    cr_assert(same_d(bd->depth[4], 47.0)); /* (x 40, y 10): the row "40 10 -47" */
    same_bathymetry(bd, &t->model.env.bathymetry);
    cr_assert(same_d(d->model.env.depth, t->model.env.depth));
    hw_sim *sd = make(&d->model), *st = make(&t->model);
    cr_assert_eq(hw_sim_step(sd, 100), HW_OK);
    cr_assert_eq(hw_sim_step(st, 100), HW_OK);
    double pd[63], pt[63];
    hw_sim_line_positions(sd, 0, pd);
    hw_sim_line_positions(st, 0, pt);
    for (int k = 0; k < 63; k++) cr_assert(same_d(pd[k], pt[k]), "value %d: %.17g vs %.17g", k, pd[k], pt[k]);
    hw_sim_destroy(sd);
    hw_sim_destroy(st);
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(DECK, NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(strstr(yaml, "bathymetry:"), "%s", yaml);
    hw_scenario *c = NULL;
    cr_assert_eq(hw_scenario_load_string(yaml, "converted.yaml", &c, msg, sizeof msg), HW_OK, "%s", msg);
    same_bathymetry(bd, &c->model.env.bathymetry);
    free(yaml);
    hw_scenario_free(c);
    hw_scenario_free(d);
    hw_scenario_free(t);
}

/* Against MoorDyn 2.7.2 (PyPI wheel; moordyn.Create/Init on tests/data/md_seafloor.dat with its
 * SeafloorFile beside it, then 400 s of moordyn.Step in 0.01 s calls, GetLineNodePos at the end;
 * fairlead tension 21058.497166695328 N from its FairTen1 channel): the chain's rest state on the
 * kinked, cross-sloping grid, against Hawser's Newton static solve. Tolerances: the nodes on the
 * seabed (1..12) to 1e-6 m in x and z (MoorDyn's moved less than 5e-8 m over its last 100 s; the
 * penetration they carry is 1.4e-3 m and the seabed height 41-50 m, so a wrong interpolation, clamp
 * or sign shows as millimetres to metres); the suspended nodes (13..19), whose slow swing in MoorDyn
 * still moved them by up to 3.3e-5 m over its last 100 s, to 1e-4 m; the fairlead tension to 1e-5
 * relative (they differ by 6e-7). */
Test(seafloor, rest_state_matches_moordyn)
{
    static const double md[21][2] = {
        {0.0, -50.25}, /* node 0: the anchor */
        {5.970446636, -49.654325688}, /* node 1 */
        {11.940757842, -49.057295501}, /* node 2 */
        {17.911068956, -48.460264390}, /* node 3 */
        {23.881380070, -47.863233279}, /* node 4 */
        {29.851691178, -47.266202113}, /* node 5 */
        {35.821994266, -46.669090742}, /* node 6 */
        {41.779392078, -45.954615727}, /* node 7 */
        {47.697874415, -44.968392087}, /* node 8 */
        {53.616325951, -43.981983629}, /* node 9 */
        {59.534777467, -42.995575043}, /* node 10 */
        {65.453228906, -42.009165996}, /* node 11 */
        {71.371568727, -41.022087466}, /* node 12 */
        {77.059242127, -39.111201559}, /* node 13 */
        {82.037808790, -35.762299310}, /* node 14 */
        {86.260726791, -31.499851243}, /* node 15 */
        {89.838933169, -26.683399297}, /* node 16 */
        {92.904225386, -21.525294017}, /* node 17 */
        {95.566878421, -16.148244846}, /* node 18 */
        {97.911130266, -10.624913841}, /* node 19 */
        {100.000000000, -5.000000000}, /* node 20 */
    };
    hw_scenario *d = load(DECK);
    hw_sim *s = make(&d->model);
    double r[63];
    hw_sim_line_positions(s, 0, r);
    for (int i = 1; i < 20; i++) {
        double tol = i <= 12 ? 1e-6 : 1e-4;
        cr_assert(fabs(r[3 * i] - md[i][0]) < tol && fabs(r[3 * i + 2] - md[i][1]) < tol,
                  "node %d: Hawser (%.9f, %.9f), MoorDyn (%.9f, %.9f)", i, r[3 * i], r[3 * i + 2], md[i][0],
                  md[i][1]);
        cr_assert(fabs(r[3 * i + 1] - 2.5) < 1e-9);
    }
    double ta, tb;
    hw_sim_line_end_tensions(s, 0, &ta, &tb);
    cr_assert(fabs(tb - 21058.497166695328) < 1e-5 * tb, "fairlead tension %.6f N", tb);
    hw_sim_destroy(s);
    hw_scenario_free(d);
}

/* ---- errors ------------------------------------------------------------------------------------ */

static const char *write_tmp(const char *name, const char *text)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", HW_TMP, name);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* A deck naming a grid file beside it: the file's own errors at its own line, then where the
 * deck names it. */
static void deck_with(const char *grid, const char *want1, const char *want2)
{
    write_tmp("sf_grid.txt", grid);
    char *deck = NULL;
    size_t n = 0;
    FILE *f = fopen(DECK, "r");
    cr_assert(f);
    fseek(f, 0, SEEK_END);
    n = (size_t)ftell(f);
    rewind(f);
    deck = calloc(n + 1, 1);
    cr_assert_eq(fread(deck, 1, n, f), n);
    fclose(f);
    char *at = strstr(deck, "md_seafloor_bathy.txt  SeafloorFile");
    cr_assert(at);
    memcpy(at, "sf_grid.txt          ", 21);
    const char *path = write_tmp("sf_deck.dat", deck);
    free(deck);
    hw_scenario *sc = NULL;
    hw_status st = hw_md_load_any(path, NULL, NULL, &sc, NULL, msg, sizeof msg);
    cr_assert_neq(st, HW_OK);
    cr_assert_null(sc);
    cr_assert(strstr(msg, want1), "want \"%s\" in: %s", want1, msg);
    cr_assert(strstr(msg, want2), "want \"%s\" in: %s", want2, msg);
    cr_assert(strstr(msg, "(SeafloorFile at "), "%s", msg);
}

Test(seafloor, grid_file_errors_are_located)
{
    deck_with("3 2\n-10 40\n-10 10\n", "sf_grid.txt:2: bathymetry:", "expected the 3 x values");
    deck_with("2 2\n0 10\n5 5\n", "sf_grid.txt:3: bathymetry:", "strictly increasing y");
    deck_with("2 1\n0 10\n0\n0 0 -50\n10 0 -50\n10 0 -51\n", "sf_grid.txt:6:", "got (x, y) = (10, 0) again");
    deck_with("2 1\n0 10\n0\n0 0 -50\n", "sf_grid.txt:4:", "none for (x, y) = (10, 0)");
    deck_with("2 1\n0 10\n0\n0 0 -50\n7 0 -50\n", "sf_grid.txt:5:", "column 1 (x): expected one of the 2 x values");
    deck_with("2 1\n0 10\n0\n0 0 -50\n10 0 3\n", "sf_grid.txt:5:", "column 3 (z): expected the seabed's height below");
    deck_with("2 1\n0 10\n0\n0 0 -50\n10 0 abc\n", "sf_grid.txt:5:", "expected a finite number");
    deck_with("2 1\n0 10\n0\n0 0 -50 1\n", "sf_grid.txt:4:", "3 fields), got 4");
    deck_with("two 1\n", "sf_grid.txt:1:", "\"nx ny\"");
}

static void yaml_fails(const char *bathy, const char *want)
{
    char text[2048];
    snprintf(text, sizeof text,
             "environment:\n  depth: 60\n  seabed:\n    bathymetry: %s\n"
             "line_types:\n  - {name: c, diameter: 0.1, mass_per_length: 50, EA: 5e8}\n"
             "points:\n  - {name: a, type: fixed, position: [0, 0, -50]}\n"
             "  - {name: b, type: fixed, position: [50, 0, -10]}\n"
             "lines:\n  - {name: l, type: c, end_a: a, end_b: b, length: 70, segments: 10}\n"
             "solver: {dt: 0.001, t_end: 1}\n", bathy);
    hw_scenario *sc = NULL;
    cr_assert_neq(hw_scenario_load_string(text, "bathy.yaml", &sc, msg, sizeof msg), HW_OK, "%s", bathy);
    cr_assert(strstr(msg, want), "want \"%s\" in: %s", want, msg);
}

Test(seafloor, yaml_errors_are_located)
{
    yaml_fails("{x: [0, 10], y: [0], depth: [[50, 50, 50]]}", "bathy.yaml:4: environment.seabed.bathymetry.depth[0]: expected 2 depths");
    yaml_fails("{x: [10, 0], y: [0], depth: [[50, 50]]}", "bathy.yaml:4: environment.seabed.bathymetry.x[1]: expected strictly increasing");
    yaml_fails("{x: [0, 10], y: [0, 1], depth: [[50, 50]]}", "expected 2 rows of depths");
    yaml_fails("{x: [0, 10], y: [0], depth: [[50, -1]]}", "depth[0][1]: expected a depth > 0 m");
    yaml_fails("{x: [0, 10], y: [0], depth: [[50, .nan]]}", "depth[0][1]");
    yaml_fails("{x: [0, 10], y: [0]}", "bathymetry.depth: expected the depths");
    yaml_fails("{file: no_such_grid.txt}", "no_such_grid.txt: cannot open");
    yaml_fails("{file: a.txt, x: [0]}", "expected either file or x, y and depth");
}

/* The grid file form of the YAML reads the same grid as the deck's SeafloorFile. */
Test(seafloor, yaml_file_form)
{
    char text[4096];
    FILE *f = fopen(TWIN, "r");
    cr_assert(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *a = strstr(text, "    bathymetry:\n"), *b = strstr(text, "line_types:");
    cr_assert(a && b);
    char out[4096];
    snprintf(out, sizeof out, "%.*s    bathymetry: {file: md_seafloor_bathy.txt}\n%s", (int)(a - text), text, b);
    char path[1024];
    snprintf(path, sizeof path, "%s/md_seafloor_file_form.yaml", HW_TEST_DATA_DIR);
    /* the grid file is named relative to the scenario's directory: load the text as if it were
     * a file in tests/data */
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(out, path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario *t = load(TWIN);
    same_bathymetry(&sc->model.env.bathymetry, &t->model.env.bathymetry);
    hw_scenario_free(sc);
    hw_scenario_free(t);
}
