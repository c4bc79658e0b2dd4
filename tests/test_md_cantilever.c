/* Clamped line ends (kernels/physics/bending.h hw_hinge_clamp, docs/physics.md section 4 "A clamped
 * end"): a line with bending stiffness whose end leaves its point along a held direction, MoorDyn's
 * rod at a line end as a cantilever for that line (docs/moordyn.md "A rod as a cantilever").
 *   - analytic cantilevers: self weight (w L^4 / 8 EI) and a tip load (P L^3 / 3 EI on top of it)
 *     from the static solve, and the root moment against the static moment balance of the line;
 *   - the moment reaches the body: a fixed rod's cable moment is the line's weight moment, and a
 *     free body with a bent clamped line in zero gravity keeps the total angular momentum at zero;
 *   - tests/data/md_cantilever.dat and its hand-written twin md_cantilever.yaml run the same;
 *   - MoorDyn 2.7.2's own figures on md_cantilever.dat, rod end B and rod end A;
 *   - the YAML key's errors and the writer's round trip. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/checkpoint.h"
#include "hawser/world.h"
#include "io/moordyn_deck.h"
#include "helpers.h"
#include "io/scenario.h"
#include "io/scenario_write.h"

static char msg[2048];

static void world_to(hw_world *w, double t)
{
    long n = lround((t - hw_world_time(w)) / hw_world_dt(w));
    if (n > 0) cr_assert_eq(hw_world_step(w, (int)n), HW_OK, "%s", hw_world_last_error(w));
}

/* ---- analytic cantilevers ---------------------------------------------------------------------- */

/* A 10 m beam (EI 1e7 N m^2, 100 kg/m, in air) clamped horizontally at a fixed point (clamp_a
 * [1, 0, 0]), its other end on a free point of mass M. The static solve against Euler-Bernoulli:
 *   tip deflection = w L^4 / (8 EI) + P L^3 / (3 EI),  w = mu g, P = M g,
 * about 2 % of the length (the linear theory's error is of order its square). The discrete chain
 * of 20 hinges (end hinge EI / (l0 / 2)) sags 0.24 % more than the continuum (0.122875 against
 * 0.122583 m with M = 0); 0.5 % is asserted. The root moment the clamp passes on is checked
 * against the line's static moment balance about the root: the moment of its weight (node masses
 * and the tip mass at their places) about the fixed point, to the static solve's tolerance. */
static void cantilever(double tip_mass, int nseg)
{
    char text[2048];
    snprintf(text, sizeof text,
             "environment: {gravity: 9.80665, water_density: 1025, depth: 20}\n"
             "line_types:\n"
             "  - {name: beam, diameter: 0.05, mass_per_length: 100, EA: 1.5e9, damping_ratio: 1, EI: 1e7,\n"
             "     Cdn: 0, Can: 0, Cdt: 0, Cat: 0}\n"
             "points:\n"
             "  - {name: root, type: fixed, position: [0, 0, 5]}\n"
             "  - {name: tip, type: free, position: [10, 0, 5], mass: %.17g}\n"
             "lines:\n"
             "  - {name: beam, type: beam, end_a: root, end_b: tip, length: 10, segments: %d, clamp_a: [1, 0, 0]}\n"
             "solver: {dt: auto, t_end: 1, static_solve: true}\n",
             tip_mass, nseg);
    hw_scenario *sc = scn_text(text, "cantilever.yaml");
    hw_sim *sim = cpu_sim(sc);
    double g = 9.80665, L = 10.0, EI = 1e7, w = 100.0 * g, P = tip_mass * g;
    double want = w * L * L * L * L / (8.0 * EI) + P * L * L * L / (3.0 * EI);
    double r[3];
    cr_assert_eq(hw_sim_point_state(sim, 1, r, NULL, NULL), HW_OK);
    double got = 5.0 - r[2];
    printf("cantilever M = %g kg, %d segments: tip deflection %.6f m, Euler-Bernoulli %.6f m (%+.3f %%)\n",
           tip_mass, nseg, got, want, 100.0 * (got / want - 1.0));
    cr_expect(fabs(got / want - 1.0) < 5e-3, "tip deflection %.6f m, expected %.6f m", got, want);
    /* the moment on the root against the weight's moment about it (y: x cross -z = +y) */
    double *xyz = malloc(sizeof(double) * 3 * (nseg + 1)), m[3];
    cr_assert_eq(hw_sim_line_positions(sim, 0, xyz), HW_OK);
    cr_assert_eq(hw_sim_line_end_moment(sim, 0, 0, m), HW_OK);
    double l0 = L / nseg, my = P * xyz[3 * nseg];
    for (int i = 0; i <= nseg; i++) my += (i == 0 || i == nseg ? 0.5 : 1.0) * 100.0 * l0 * g * xyz[3 * i];
    printf("  root moment %.6f N m, the weight's moment about the root %.6f N m (continuum w L^2 / 2 + P L = %.1f)\n",
           m[1], my, 0.5 * w * L * L + P * L);
    cr_expect(fabs(m[1] - my) < 1e-5 * my, "root moment %.9g N m, weight's moment %.9g N m", m[1], my);
    cr_expect(fabs(m[0]) < 1e-9 * my && fabs(m[2]) < 1e-9 * my, "moment off the y axis: %g %g", m[0], m[2]);
    double mb[3];
    cr_assert_eq(hw_sim_line_end_moment(sim, 0, 1, mb), HW_OK);
    cr_expect(mb[0] == 0 && mb[1] == 0 && mb[2] == 0, "the free end B is not clamped: no moment");
    free(xyz);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(cantilever, self_weight_sags_w_l4_over_8_ei) { cantilever(0.0, 20); }
Test(cantilever, tip_load_adds_p_l3_over_3_ei) { cantilever(500.0, 20); }

/* The end hinge's stiffness EI / (l0 / 2) is what makes the discrete chain converge to the clamped
 * beam: the tip deflection's error falls with the segment length at second order (5, 10, 20
 * segments: +3.99 %, +0.99 %, +0.24 %). */
Test(cantilever, converges_with_segments_at_second_order)
{
    double err[3];
    const int ns[3] = {5, 10, 20};
    for (int k = 0; k < 3; k++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "environment: {gravity: 9.80665, depth: 20}\n"
                 "line_types: [{name: b, diameter: 0.05, mass_per_length: 100, EA: 1e8, damping_ratio: 1, EI: 1e7}]\n"
                 "points: [{name: r, type: fixed, position: [0, 0, 5]}, {name: t, type: free, position: [10, 0, 5]}]\n"
                 "lines: [{name: l, type: b, end_a: r, end_b: t, length: 10, segments: %d, clamp_a: [2, 0, 0]}]\n"
                 "solver: {dt: auto, t_end: 1}\n", ns[k]);
        hw_scenario *sc = scn_text(text, "cantilever.yaml");
        hw_sim *sim = cpu_sim(sc);
        double r[3];
        hw_sim_point_state(sim, 1, r, NULL, NULL);
        err[k] = (5.0 - r[2]) / (100.0 * 9.80665 * 1e4 / 8e7) - 1.0;
        printf("%d segments: tip deflection error %+.4f %%\n", ns[k], 100.0 * err[k]);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
    cr_expect(fabs(err[0]) < 0.05 && fabs(err[1]) < 0.015 && fabs(err[2]) < 0.004, "errors %g %g %g", err[0],
              err[1], err[2]);
    cr_expect(fabs(err[0] / err[1]) > 3.5 && fabs(err[1] / err[2]) > 3.5, "second order: ratios %g %g",
              err[0] / err[1], err[1] / err[2]);
}

/* ---- the moment reaches the body --------------------------------------------------------------- */

/* The same cantilever on the end of a fixed rod (a body): the lines' load the world reports on the
 * body is the line's weight and the moment of that weight about the body's reference point (the
 * clamp's moment and the end force's, together), to the statics' tolerance. */
Test(cantilever, fixed_rod_takes_the_weight_moment)
{
    static const char *text =
        "environment: {gravity: 9.80665, water_density: 1025, depth: 20}\n"
        "line_types:\n"
        "  - {name: beam, diameter: 0.05, mass_per_length: 100, EA: 1e8, damping_ratio: 1, EI: 1e7}\n"
        "bodies:\n"
        "  - name: rod\n"
        "    type: fixed\n"
        "    position: [-2, 0, 5]\n"
        "    rotation: [0, 0, 0]\n"
        "    cylinders: [{a: [0, 0, 0], b: [2, 0, 0], diameter: 0.25, mass_per_length: 10, segments: 1}]\n"
        "points:\n"
        "  - {name: rod_b, type: body, body: rod, position: [2, 0, 0]}\n"
        "  - {name: tip, type: free, position: [10, 0, 5]}\n"
        "lines:\n"
        "  - {name: beam, type: beam, end_a: rod_b, end_b: tip, length: 8, segments: 16, clamp_a: [1, 0, 0]}\n"
        "solver: {dt: auto, t_end: 1}\n";
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load_string(text, "rod.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double f[3], m[3], xyz[3 * 17];
    cr_assert_eq(hw_world_body_cable_load(w, 0, f, m), HW_OK);
    cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w), 0, xyz), HW_OK);
    double g = 9.80665, wt = 100.0 * 8.0 * g, my = 0.0, l0 = 0.5;
    for (int i = 0; i <= 16; i++) my += (i == 0 || i == 16 ? 0.5 : 1.0) * 100.0 * l0 * g * (xyz[3 * i] + 2.0);
    printf("fixed rod: cable force (%.6f, %.6f, %.6f) N, moment (%.4f, %.4f, %.4f) N m; weight %.4f N, its moment "
           "%.4f N m\n", f[0], f[1], f[2], m[0], m[1], m[2], wt, my);
    cr_expect(fabs(f[2] + wt) < 1e-6 * wt, "vertical force %.9g N, weight %.9g N", f[2], wt);
    cr_expect(fabs(m[1] - my) < 1e-5 * my, "moment %.9g N m about the rod's end A, the weight's %.9g N m", m[1], my);
    hw_world_destroy(w);
}

/* A free body (50 kg, inertia 5 kg m^2 about each axis) carrying a line (EI 1e3 N m^2, 10 kg/m,
 * BA 0) clamped at a body point along [1, 0.2, 0.1] while the line starts straight along x to a
 * 5 kg free tip: zero gravity, in air, everything at rest. The clamp's hinge bends the line and
 * turns the body; with no external load the total angular momentum (body: m r x v + I w; line:
 * node masses m_i r_i x v_i, end nodes included once; the tip mass) stays zero. Without the
 * clamp's moment on the body it would be the line's own (up to 158 N m s in the first second).
 * The body's step is first order (a symplectic Euler kick after the lines' step), and so is the
 * residue: 0.35 N m s (2.2e-3 of the line's) at dt 1e-4 s, 0.22 at 5e-5 s. Asserted: below 5e-3
 * of the line's at 1e-4 s, and at least 1.4 times smaller at half the step. */
static double am_residue(double dt, double *line_l)
{
    char text[2048];
    snprintf(text, sizeof text,
             "environment: {gravity: 0, water_density: 1025, depth: 100}\n"
             "line_types:\n"
             "  - {name: arm, diameter: 0.05, mass_per_length: 10, EA: 1e7, BA: 0, EI: 1e3}\n"
             "bodies:\n"
             "  - {name: hub, type: free, position: [0, 0, 10], rotation: [0, 0, 0], mass: 50, cg: [0, 0, 0],\n"
             "     inertia: [5, 5, 5], volume: 0, cb: [0, 0, 0]}\n"
             "points:\n"
             "  - {name: hub_p, type: body, body: hub, position: [0.5, 0, 0]}\n"
             "  - {name: tip, type: free, position: [5.5, 0, 10], mass: 5}\n"
             "lines:\n"
             "  - {name: arm, type: arm, end_a: hub_p, end_b: tip, length: 5, segments: 10, clamp_a: [1, 0.2, 0.1]}\n"
             "solver: {dt: %.17g, t_end: 1, integrator: rk4, static_solve: false, instability_monitor: false}\n",
             dt);
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load_string(text, "hub.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double worst = 0.0, turn = 0.0;
    *line_l = 0.0;
    for (int k = 1; k <= 4; k++) {
        world_to(w, 0.25 * k);
        double x[3], q[4], v[3], om[3], r[33], u[33], L[3] = {0, 0, 0}, Ll[3] = {0, 0, 0};
        hw_world_body_state(w, 0, x, q, v, om);
        hw_sim *sim = hw_world_lumped(w);
        hw_sim_line_positions(sim, 0, r);
        hw_sim_line_velocities(sim, 0, u);
        for (int i = 0; i <= 10; i++) {
            double m = i == 0 ? 2.5 : i == 10 ? 2.5 + 5.0 : 5.0; /* 5 kg a node, half at the ends; the tip's 5 kg */
            const double *a = r + 3 * i, *b = u + 3 * i;
            Ll[0] += m * (a[1] * b[2] - a[2] * b[1]);
            Ll[1] += m * (a[2] * b[0] - a[0] * b[2]);
            Ll[2] += m * (a[0] * b[1] - a[1] * b[0]);
        }
        for (int c = 0; c < 3; c++) L[c] = Ll[c] + 5.0 * om[c];
        L[0] += 50.0 * (x[1] * v[2] - x[2] * v[1]);
        L[1] += 50.0 * (x[2] * v[0] - x[0] * v[2]);
        L[2] += 50.0 * (x[0] * v[1] - x[1] * v[0]);
        double nl = sqrt(Ll[0] * Ll[0] + Ll[1] * Ll[1] + Ll[2] * Ll[2]);
        double nt = sqrt(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]);
        double wb = sqrt(om[0] * om[0] + om[1] * om[1] + om[2] * om[2]);
        printf("dt %g s, t %.2f s: line's angular momentum %.6f N m s, total %.3e (body turning at %.4f rad/s)\n", dt,
               0.25 * k, nl, nt, wb);
        worst = fmax(worst, nt);
        *line_l = fmax(*line_l, nl);
        turn = fmax(turn, wb);
    }
    cr_expect(*line_l > 1.0 && turn > 0.01, "the hinge moves things: line %g N m s, body %g rad/s", *line_l, turn);
    hw_world_destroy(w);
    return worst;
}

Test(cantilever, free_body_and_bent_line_keep_zero_angular_momentum)
{
    double l1, l2, r1 = am_residue(1e-4, &l1), r2 = am_residue(5e-5, &l2);
    cr_expect(r1 < 5e-3 * l1, "total angular momentum %.3e N m s against the line's %.3e", r1, l1);
    cr_expect(r1 > 1.4 * r2, "first order in dt: %.3e at 1e-4 s, %.3e at 5e-5 s", r1, r2);
}

/* ---- the deck, its twin, MoorDyn 2.7.2 ---------------------------------------------------------- */

/* md_cantilever.dat (a line with EI on R1B of a fixed rod) and md_cantilever.yaml (the same written
 * by hand, clamp_a B - A of the rod): bit for bit the same run. */
Test(cantilever, deck_and_yaml_twin_run_the_same)
{
    hw_world *w[2] = {world_at(HW_TEST_DATA_DIR "/md_cantilever.dat"), world_at(HW_TEST_DATA_DIR "/md_cantilever.yaml")};
    double xyz[2][33];
    for (int k = 0; k < 2; k++) {
        world_to(w[k], 0.5);
        cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w[k]), 0, xyz[k]), HW_OK);
    }
    cr_expect(memcmp(xyz[0], xyz[1], sizeof xyz[0]) == 0, "deck and twin differ: tip x %.17g vs %.17g", xyz[0][30],
              xyz[1][30]);
    cr_expect(fabs(xyz[0][3]) > 0.01, "the clamp bends the line: node 1 x %g", xyz[0][3]);
    for (int k = 0; k < 2; k++) hw_world_destroy(w[k]);
}

/* MoorDyn 2.7.2 (PyPI wheel; moordyn.Create + Init on tests/data/md_cantilever.dat, Step(dt = 0.1)
 * to each time, x of line nodes 1, 2, 5 and 10 from GetLineNodePos) and Hawser on the same deck:
 * RK4, dtM 1e-4 s, no damping, the line started straight down from the rod's end B, which tilts it
 * 3.6 deg. Both clamp the end along the rod's axis with the end hinge EI / (l0 / 2) and give the
 * rod the moment; the hinge laws agree to first order in the angle (Hawser's k sin(theta), the
 * exact gradient of k (1 - cos theta); MoorDyn's EI 4 sin(theta / 2) / l with the stretched
 * length), and the swinging line's modes carry the difference: 1.0e-5 m up to 0.3 s, 6.7e-5 m by
 * 0.5 s, 1.2e-3 m by 2 s of motions of 0.3 m (with the rod tilted 7.1 deg the difference grows
 * eightfold: a cubic law's). Asserted: 1e-4 m to 0.5 s, 2e-3 m to 2 s. A rod end A (the rod
 * reversed, the line on R1A) gives MoorDyn's same figures to the last digit, and Hawser's too. */
static const double MD[6][5] = { /* t, x of nodes 1, 2, 5, 10 */
    {0.1, 0.0450513347, 0.0622305579, -0.0048029313, -0.0000360466},
    {0.3, 0.0556872972, 0.0924749791, 0.0821874367, -0.0106138198},
    {0.5, 0.0639825295, 0.1195040185, 0.1470801879, 0.0002460651},
    {1.0, 0.0257980323, 0.0386285979, 0.0483494306, 0.1102205342},
    {1.5, 0.0551210764, 0.1030462266, 0.1927002108, 0.1700944810},
    {2.0, 0.0424686364, 0.0737484432, 0.1271103955, 0.2930888186}};

static void against_moordyn(const char *deck_path)
{
    hw_world *w = world_at(deck_path);
    static const int nodes[4] = {1, 2, 5, 10};
    for (int k = 0; k < 6; k++) {
        world_to(w, MD[k][0]);
        double xyz[33], worst = 0.0;
        cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w), 0, xyz), HW_OK);
        for (int j = 0; j < 4; j++) worst = fmax(worst, fabs(xyz[3 * nodes[j]] - MD[k][1 + j]));
        printf("%s t %.1f s: node x %.7f %.7f %.7f %.7f, MoorDyn %.7f %.7f %.7f %.7f: %.2e m\n", deck_path, MD[k][0],
               xyz[3], xyz[6], xyz[15], xyz[30], MD[k][1], MD[k][2], MD[k][3], MD[k][4], worst);
        cr_expect(worst < (MD[k][0] <= 0.5 ? 1e-4 : 2e-3), "t %g s: %.3e m from MoorDyn", MD[k][0], worst);
    }
    hw_world_destroy(w);
}

Test(cantilever, matches_moordyn_2_7_2_rod_end_b) { against_moordyn(HW_TEST_DATA_DIR "/md_cantilever.dat"); }

Test(cantilever, matches_moordyn_2_7_2_rod_end_a)
{
    /* the same deck with the rod reversed (end A at the line) */
    FILE *in = fopen(HW_TEST_DATA_DIR "/md_cantilever.dat", "r");
    cr_assert(in != NULL);
    const char *path = HW_TMP "/md_cantilever_a.dat";
    FILE *out = fopen(path, "w");
    cr_assert(out != NULL);
    char ln[512];
    while (fgets(ln, sizeof ln, in)) {
        if (!strncmp(ln, "1   stub", 8))
            fputs("1   stub     Fixed       0.0     0    15.0   -0.0625 0    16.0   1        -\n", out);
        else if (!strncmp(ln, "1   beam", 8))
            fputs("1   beam      R1A      1        10        10       p\n", out);
        else
            fputs(ln, out);
    }
    fclose(in);
    fclose(out);
    against_moordyn(path);
}

/* ---- checkpoints carry the clamps' directions ----------------------------------------------------- */

/* md_cantilever.yaml as a lumped model alone (its body points as coupled points): the clamp is
 * turned from outside mid-run (hw_sim_set_end_clamp: 10 deg about y, turning at 0.5 rad/s), the
 * state saved and loaded into a second run that never turned it, and both go on: bit for bit the
 * same. A wrong end or a zero direction is refused. */
Test(cantilever, checkpoint_carries_the_clamp_direction)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_cantilever.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *a = cpu_sim(sc), *b = cpu_sim(sc);
    cr_assert_eq(hw_sim_step(a, 1000), HW_OK);
    double th = 10.0 * 3.14159265358979323846 / 180.0, c0[3] = {0.0625, 0, -1}, n = sqrt(1 + 0.0625 * 0.0625);
    double dir[3] = {(c0[0] * cos(th) + c0[2] * sin(th)) / n, 0, (-c0[0] * sin(th) + c0[2] * cos(th)) / n};
    double rate[3] = {0.5 * dir[2], 0, -0.5 * dir[0]}; /* w x c, w = 0.5 rad/s about y */
    cr_assert_eq(hw_sim_set_end_clamp(a, 0, 0, dir, rate), HW_OK);
    double zero[3] = {0, 0, 0};
    cr_expect_eq(hw_sim_set_end_clamp(a, 0, 1, dir, rate), HW_ERR_INVALID_ARG, "end B is not clamped");
    cr_expect_eq(hw_sim_set_end_clamp(a, 0, 0, zero, rate), HW_ERR_INVALID_ARG, "a zero direction");
    void *buf = NULL;
    size_t len = 0;
    cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
    cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    free(buf);
    cr_assert_eq(hw_sim_step(a, 1000), HW_OK);
    cr_assert_eq(hw_sim_step(b, 1000), HW_OK);
    double xa[33], xb[33], ma[3], mb[3];
    hw_sim_line_positions(a, 0, xa);
    hw_sim_line_positions(b, 0, xb);
    hw_sim_line_end_moment(a, 0, 0, ma);
    hw_sim_line_end_moment(b, 0, 0, mb);
    cr_expect(memcmp(xa, xb, sizeof xa) == 0 && memcmp(ma, mb, sizeof ma) == 0, "resumed run differs: node 1 x %.17g vs %.17g",
              xa[3], xb[3]);
    hw_sim_destroy(a);
    hw_sim_destroy(b);
    hw_scenario_free(sc);
}

/* ---- YAML --------------------------------------------------------------------------------------- */

static void yaml_error(const char *line, const char *want)
{
    char text[2048];
    snprintf(text, sizeof text,
             "line_types:\n"
             "  - {name: b, diameter: 0.05, mass_per_length: 100, EA: 1e9, EI: 1e5}\n"
             "  - {name: c, diameter: 0.05, mass_per_length: 100, EA: 1e9}\n"
             "points:\n"
             "  - {name: r, type: fixed, position: [0, 0, -5]}\n"
             "  - {name: t, type: free, position: [10, 0, -5]}\n"
             "lines:\n"
             "  - %s\n", line);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(text, "c.yaml", &sc, msg, sizeof msg);
    cr_expect_neq(st, HW_OK, "accepted: %s", line);
    cr_expect(strstr(msg, want) != NULL, "message \"%s\" lacks \"%s\"", msg, want);
    hw_scenario_free(sc);
}

Test(cantilever, yaml_errors_are_located)
{
    yaml_error("{name: l, type: b, end_a: r, end_b: t, length: 10, segments: 4, clamp_a: [0, 0, 0]}",
               "c.yaml:8: lines[0] (l).clamp_a: expected a non-zero direction");
    yaml_error("{name: l, type: b, end_a: r, end_b: t, length: 10, segments: 4, clamp_a: [1, 0]}",
               "lines[0] (l).clamp_a");
    yaml_error("{name: l, type: c, end_a: r, end_b: t, length: 10, segments: 4, clamp_a: [1, 0, 0]}",
               "expected a line type with EI > 0");
    yaml_error("{name: l, type: b, end_a: r, end_b: t, length: 10, segments: 4, clamp_b: [1, 0, 0]}",
               "expected an end on a fixed, prescribed or body point");
}

Test(cantilever, writer_round_trips)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_cantilever.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    const char *path = HW_TMP "/md_cantilever_written.yaml";
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "round trip"), HW_OK);
    fclose(f);
    hw_scenario *back = NULL;
    cr_assert_eq(hw_scenario_load(path, &back, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect(memcmp(sc->model.lines[0].clamp, back->model.lines[0].clamp, sizeof sc->model.lines[0].clamp) == 0,
              "clamp_a written and read back: %g %g %g", back->model.lines[0].clamp[0][0],
              back->model.lines[0].clamp[0][1], back->model.lines[0].clamp[0][2]);
    hw_scenario_free(sc);
    hw_scenario_free(back);
    remove(path);
}
