/* Bending joints (kernels/physics/bending.h hw_joint_axis, docs/physics.md section 4 "A bending
 * joint"): MoorDyn's zero-length rod joining lines with bending stiffness (docs/moordyn.md, "Zero-
 * length rods that are points"), a point whose lines' ends are clamped to one axis that turns with
 * them to balance their end moments (MoorDyn 2.7.2's Rod::setDependentStates).
 *   - a line cut in two and joined by a joint swings as the whole line does (md_riser.dat against
 *     md_cantilever.dat, both Hawser's): the joint carries the bending as an interior hinge;
 *   - the joint is conservative (energy to the integrator's error, BA 0, in air) and takes no moment
 *     (a free kinked pair in zero gravity keeps zero angular momentum);
 *   - tests/data/md_riser.dat and md_riser_wet.dat and their hand-written twins run the same;
 *   - MoorDyn 2.7.2's own figures on both decks, and the same decks with the joint a ball joint
 *     (what Hawser could do before) far from them;
 *   - the YAML key's errors and the writer's round trip. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"
#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"

static char msg[2048];

static void world_to(hw_world *w, double t)
{
    long n = lround((t - hw_world_time(w)) / hw_world_dt(w));
    if (n > 0) cr_assert_eq(hw_world_step(w, (int)n), HW_OK, "%s", hw_world_last_error(w));
}

static hw_scenario *scenario_of(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_any(path, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

static void sim_to(hw_sim *s, double t, double dt)
{
    long n = lround((t - hw_sim_time(s)) / dt);
    if (n > 0) cr_assert_eq(hw_sim_step(s, (int)n), HW_OK, "%s", hw_sim_last_error(s));
}

/* The joint's two ends (line 0's end B, line 1's end A) unclamped: a ball joint. */
static void ball_joint(hw_scenario *sc)
{
    hw_line_def *l = (hw_line_def *)sc->model.lines;
    l[0].clamp_axis[1] = l[1].clamp_axis[0] = 0;
}

/* ---- the joint carries the bending as the line would ------------------------------------------- */

/* md_riser.dat is md_cantilever.dat's 10 m line (EI 1e4 N m^2, 10 segments, clamped at a fixed
 * rod tilted 3.6 deg, 100 kg at its foot, in air, BA 0) cut at its middle into two 5-segment lines
 * joined by a free zero-length rod. The joint's two end hinges (each EI / (l0 / 2)) in series are
 * the whole line's interior hinge EI / l0 to second order in the angle, its point carries the two
 * half segments the interior node did: Hawser's two runs agree to 5.6e-5 m over 2 s of swings of
 * 0.3 m (the hinges' k (1 - cos) laws part at fourth order; MoorDyn 2.7.2's own split and whole
 * decks part by 5e-4 m, its end-hinge law being 4 sin(theta / 2) / l). Asserted: 1e-4 m. Without the
 * joint (the ends ball joints) the halves part from the whole by centimetres. */
Test(riser, split_line_swings_as_the_whole_line)
{
    hw_world *w = world_at(HW_TEST_DATA_DIR "/md_riser.dat"), *c = world_at(HW_TEST_DATA_DIR "/md_cantilever.dat");
    double worst = 0.0;
    for (int k = 1; k <= 20; k++) {
        world_to(w, 0.1 * k);
        world_to(c, 0.1 * k);
        double a[18], b[18], u[33];
        cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w), 0, a), HW_OK);
        cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w), 1, b), HW_OK);
        cr_assert_eq(hw_sim_line_positions(hw_world_lumped(c), 0, u), HW_OK);
        for (int j = 0; j < 18; j++) {
            worst = fmax(worst, fabs(a[j] - u[j]));
            worst = fmax(worst, fabs(b[j] - u[15 + j]));
        }
    }
    printf("split against whole over 2 s: %.3e m\n", worst);
    cr_expect(worst < 1e-4, "the joined halves part from the whole line by %.3e m", worst);
    hw_world_destroy(w);
    hw_world_destroy(c);

    /* the same halves joined by a ball (no clamp on the joint): far from the whole line */
    hw_scenario *sc = scenario_of(HW_TEST_DATA_DIR "/md_riser.yaml"), *sw = scenario_of(HW_TEST_DATA_DIR "/md_cantilever.yaml");
    ball_joint(sc);
    hw_sim *s = cpu_sim(sc), *t = cpu_sim(sw);
    sim_to(s, 1.0, 1e-4);
    sim_to(t, 1.0, 1e-4);
    double a[18], u[33];
    hw_sim_line_positions(s, 0, a);
    hw_sim_line_positions(t, 0, u);
    printf("ball joint against whole at 1 s: %.3e m (joint x)\n", fabs(a[15] - u[15]));
    cr_expect(fabs(a[15] - u[15]) > 1e-2, "a ball joint would swing as the whole line: %.3e m", fabs(a[15] - u[15]));
    hw_sim_destroy(s);
    hw_sim_destroy(t);
    hw_scenario_free(sc);
    hw_scenario_free(sw);
}

/* The static solve through a joint: md_riser.yaml and md_cantilever.yaml (lumped models alone, the
 * rods' points held still) with the static solve on: the 100 kg weight hangs the lines from the
 * clamp tilted 3.6 deg, bent near the rod, the joint 0.13 m off the rod's axis; the joined
 * halves' equilibrium is the whole line's to 3.5e-6 m (the joint's two end hinges against one
 * interior hinge: 2.7e-5 of the deflection, the order of the angle squared, 0.026 rad). The
 * static solve's Jacobian holds the joint's coupling of its lines (statics.c next_to_joint): 49
 * Newton iterations (the whole line: 6). Asserted: 1e-5 m. */
Test(riser, static_solve_through_the_joint)
{
    hw_scenario *sc[2] = {scenario_of(HW_TEST_DATA_DIR "/md_riser.yaml"),
                          scenario_of(HW_TEST_DATA_DIR "/md_cantilever.yaml")};
    hw_sim *s[2];
    for (int k = 0; k < 2; k++) {
        ((hw_solver_def *)&sc[k]->model.solver)->static_solve = 1;
        s[k] = cpu_sim(sc[k]);
    }
    double a[18], b[18], u[33], worst = 0.0;
    hw_sim_line_positions(s[0], 0, a);
    hw_sim_line_positions(s[0], 1, b);
    hw_sim_line_positions(s[1], 0, u);
    for (int j = 0; j < 18; j++) worst = fmax(worst, fmax(fabs(a[j] - u[j]), fabs(b[j] - u[15 + j])));
    printf("statics: joint at (%.7f, %.7f), whole line's node 5 (%.7f, %.7f): %.2e m\n", a[15], a[17], u[15], u[17],
           worst);
    cr_expect(fabs(u[3]) > 1e-3, "the clamp bends the line: node 1 x %g", u[3]);
    cr_expect(worst < 1e-5, "the joined halves' equilibrium is %.3e m from the whole line's", worst);
    for (int k = 0; k < 2; k++) {
        hw_sim_destroy(s[k]);
        hw_scenario_free(sc[k]);
    }
}

/* The joint's axis minimizes its hinges' energy, so the forces at that axis are the exact gradient
 * of the joint's energy (physics/bending.h): md_riser.yaml as a lumped model alone (its rod's
 * points as coupled points held still), BA 0, no drag, in air, EA lowered to 1e6 N so that RK4
 * resolves the axial modes (at 1e8 N it damps them numerically, 5e-2 J in 1 s, joint or not):
 * kinetic + gravity + axial + bending keeps to 2.0e-5 J of a bending energy swinging through 26 J
 * over 1 s, as md_cantilever.yaml's whole line does (2.3e-5 J). Asserted: 2e-6 of the swing, and
 * no more than 1.5 times the whole line's drift (a joint whose forces were not the gradient of
 * its energy would add its own). */
static double energy_drift(const char *path, double dt, double *swing)
{
    hw_scenario *sc = scenario_of(path);
    sc->model.solver.dt = dt;
    ((hw_line_type_def *)sc->model.types)[0].ea = 1e6;
    hw_sim *s = cpu_sim(sc);
    hw_energy e0, e;
    cr_assert_eq(hw_sim_energy(s, &e0), HW_OK);
    double drift = 0.0, bmax = e0.bending, bmin = e0.bending;
    for (int k = 1; k <= 20; k++) {
        sim_to(s, 0.05 * k, dt);
        cr_assert_eq(hw_sim_energy(s, &e), HW_OK);
        drift = fmax(drift, fabs(e.total - e0.total));
        bmax = fmax(bmax, e.bending);
        bmin = fmin(bmin, e.bending);
    }
    *swing = bmax - bmin;
    hw_sim_destroy(s);
    hw_scenario_free(sc);
    return drift;
}

Test(riser, joint_is_conservative)
{
    double sw1, sw3, d1 = energy_drift(HW_TEST_DATA_DIR "/md_riser.yaml", 1e-4, &sw1),
                     d3 = energy_drift(HW_TEST_DATA_DIR "/md_cantilever.yaml", 1e-4, &sw3);
    printf("energy drift %.3e J of a bending swing %.3e J; whole line %.3e J of %.3e J\n", d1, sw1, d3, sw3);
    cr_expect(sw1 > 1.0, "the line bends: bending energy swings %.3e J", sw1);
    cr_expect(d1 < 2e-6 * sw1, "energy drift %.3e J against the bending swing %.3e J", d1, sw1);
    cr_expect(d1 < 1.5 * d3, "the joint adds drift: %.3e J against the whole line's %.3e J", d1, d3);
}

/* Two lines (EI 1e4 N m^2, 10 kg/m, 5 m, 5 segments each) joined by a free joint, their far ends
 * free points of 20 and 50 kg, kinked 40 deg at the joint, at rest, in zero gravity and still air:
 * the joint straightens the pair (its bending energy halves in 0.5 s) and nothing outside acts, so
 * the momentum and the angular momentum (about the origin) stay zero: the joint's hinges take no
 * moment from the axis it turns to (without damping q x sum k s u = 0 exactly). RK4 keeps the
 * momentum to round-off and the angular momentum to its truncation error: 3.7e-9 of the scale
 * |m r x v| at dt 1e-4 s, 50 times less at 5e-5 s. An axis off the balance (MoorDyn's
 * stretched-length weights) would leave a moment that no step removes. Asserted: 1e-8 of the scale,
 * and 8 times less at half the step. */
static double am_residue(double dt, double *scale, double *bend0, double *bend1)
{
    char text[1024];
    snprintf(text, sizeof text,
             "environment: {gravity: 0, water_density: 0, depth: 100}\n"
             "line_types:\n"
             "  - {name: b, diameter: 0.05, mass_per_length: 10, EA: 1e8, BA: 0, EI: 1e4, Cdn: 0, Cdt: 0, Can: 0, "
             "Cat: 0}\n"
             "points:\n"
             "  - {name: p, type: free, position: [0, 0, 0], mass: 20}\n"
             "  - {name: j, type: free, position: [5, 0, 0]}\n"
             "  - {name: q, type: free, position: [8.830222216, 3.213938048, 0], mass: 50}\n"
             "lines:\n"
             "  - {name: l1, type: b, end_a: p, end_b: j, length: 5, segments: 5, clamp_b: -axis}\n"
             "  - {name: l2, type: b, end_a: j, end_b: q, length: 5, segments: 5, clamp_a: axis}\n"
             "solver: {dt: %g, t_end: 1, integrator: rk4, static_solve: false, instability_monitor: false}\n", dt);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(text, "joint.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *s = cpu_sim(sc);
    double worst = 0.0;
    *scale = 0.0;
    hw_energy e;
    hw_sim_energy(s, &e);
    *bend0 = e.bending;
    for (int k = 1; k <= 10; k++) {
        sim_to(s, 0.05 * k, dt);
        double L[3] = {0, 0, 0}, P[3] = {0, 0, 0};
        for (int l = 0; l < 2; l++) {
            double r[18], v[18];
            hw_sim_line_positions(s, l, r);
            hw_sim_line_velocities(s, l, v);
            for (int i = 0; i <= 5; i++) {
                double m = 10.0 * (i == 0 || i == 5 ? 0.5 : 1.0); /* end nodes: half segments */
                const double *ri = r + 3 * i, *vi = v + 3 * i;
                L[0] += m * (ri[1] * vi[2] - ri[2] * vi[1]);
                L[1] += m * (ri[2] * vi[0] - ri[0] * vi[2]);
                L[2] += m * (ri[0] * vi[1] - ri[1] * vi[0]);
                for (int c = 0; c < 3; c++) P[c] += m * vi[c];
                *scale = fmax(*scale, m * hypot(ri[0], ri[1]) * hypot(vi[0], vi[1]));
            }
        }
        for (int p = 0; p < 3; p += 2) { /* the end points' own masses */
            double r[3], v[3], f[3], m = p == 0 ? 20.0 : 50.0;
            hw_sim_point_state(s, p, r, v, f);
            L[0] += m * (r[1] * v[2] - r[2] * v[1]);
            L[1] += m * (r[2] * v[0] - r[0] * v[2]);
            L[2] += m * (r[0] * v[1] - r[1] * v[0]);
            for (int c = 0; c < 3; c++) P[c] += m * v[c];
        }
        worst = fmax(worst, fmax(fabs(L[0]), fmax(fabs(L[1]), fabs(L[2]))));
        worst = fmax(worst, fmax(fabs(P[0]), fmax(fabs(P[1]), fabs(P[2]))));
    }
    hw_sim_energy(s, &e);
    *bend1 = e.bending;
    hw_sim_destroy(s);
    hw_scenario_free(sc);
    return worst;
}

Test(riser, free_joint_keeps_zero_angular_momentum)
{
    double sc1, sc2, b0, b1, b2, b3;
    double r1 = am_residue(1e-4, &sc1, &b0, &b1), r2 = am_residue(5e-5, &sc2, &b2, &b3);
    printf("free joint: |L|, |P| <= %.3e (dt 1e-4), %.3e (dt 5e-5) against %.3e; bending %.3e J -> %.3e J\n", r1, r2,
           sc1, b0, b1);
    cr_expect(b0 > 10.0 && b1 < 0.8 * b0, "the joint straightens the pair: %.3e J -> %.3e J", b0, b1);
    cr_expect(r1 < 1e-8 * sc1, "momentum or angular momentum %.3e against %.3e", r1, sc1);
    cr_expect(r1 > 8.0 * r2, "RK4's error only: %.3e at 1e-4 s, %.3e at 5e-5 s", r1, r2);
}

/* ---- the decks, their twins, MoorDyn 2.7.2 ------------------------------------------------------ */

static void twins_run_the_same(const char *deck, const char *twin, double t, int nodes)
{
    hw_world *w[2] = {world_at(deck), world_at(twin)};
    double xyz[2][2][3 * 16];
    for (int k = 0; k < 2; k++) {
        world_to(w[k], t);
        for (int l = 0; l < 2; l++) cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w[k]), l, xyz[k][l]), HW_OK);
    }
    cr_expect(memcmp(xyz[0][0], xyz[1][0], 3 * nodes * sizeof(double)) == 0 &&
              memcmp(xyz[0][1], xyz[1][1], 3 * nodes * sizeof(double)) == 0,
              "%s and its twin differ: joint x %.17g vs %.17g", deck, xyz[0][1][0], xyz[1][1][0]);
    for (int k = 0; k < 2; k++) hw_world_destroy(w[k]);
}

Test(riser, decks_and_yaml_twins_run_the_same)
{
    twins_run_the_same(HW_TEST_DATA_DIR "/md_riser.dat", HW_TEST_DATA_DIR "/md_riser.yaml", 0.5, 6);
    twins_run_the_same(HW_TEST_DATA_DIR "/md_riser_wet.dat", HW_TEST_DATA_DIR "/md_riser_wet.yaml", 0.5, 7);
}

/* MoorDyn 2.7.2 (PyPI wheel; moordyn.Create + Init on tests/data/md_riser.dat, Step to each time, x
 * from GetLineNodePos) and Hawser on the same deck: line 1's nodes 1, 2 and 5 (the joint), line 2's
 * nodes 2, 4 and 5 (the 100 kg foot). The gap is md_cantilever's (tests/test_md_cantilever.c: the
 * end hinges' laws agree to first order in the angle, and MoorDyn's joint weighs its lines with
 * their stretched lengths) plus MoorDyn's own split-against-whole 5e-4 m: 3.7e-5 m to 0.3 s,
 * 1.0e-4 m at 0.5 s, 6.3e-4 m by 2 s of swings of 0.3 m. Asserted: 1e-4 m to 0.3 s, 3e-4 m at 0.5 s,
 * 2e-3 m to 2 s. */
static const double MD_AIR[6][7] = { /* t, line 1 nodes 1 2 5, line 2 nodes 2 4 5: x (m) */
    {0.1, 0.0450520589, 0.0622329749, -0.0048028738, -0.0028905041, 0.0007798954, -0.0000359965},
    {0.3, 0.0556823239, 0.0924711484, 0.0822057502, 0.0810120434, 0.0325507552, -0.0106094476},
    {0.5, 0.0639903654, 0.1195377963, 0.1470821522, 0.0939646933, 0.0624617330, 0.0002449569},
    {1.0, 0.0262098641, 0.0381369428, 0.0478755407, 0.0335774606, 0.0696697392, 0.1102199856},
    {1.5, 0.0549627754, 0.1030789164, 0.1923710814, 0.2442354611, 0.2294222834, 0.1700734923},
    {2.0, 0.0408364955, 0.0744427488, 0.1269710075, 0.1412486668, 0.2145668219, 0.2930200146}};

Test(riser, matches_moordyn_2_7_2_in_air)
{
    hw_world *w = world_at(HW_TEST_DATA_DIR "/md_riser.dat");
    for (int k = 0; k < 6; k++) {
        const double *m = MD_AIR[k];
        world_to(w, m[0]);
        double a[18], b[18];
        hw_sim_line_positions(hw_world_lumped(w), 0, a);
        hw_sim_line_positions(hw_world_lumped(w), 1, b);
        double h[6] = {a[3], a[6], a[15], b[6], b[12], b[15]}, worst = 0.0;
        for (int j = 0; j < 6; j++) worst = fmax(worst, fabs(h[j] - m[1 + j]));
        printf("air t %.1f s: joint x %.7f (MoorDyn %.7f), foot x %.7f (%.7f): %.2e m\n", m[0], h[2], m[3], h[5], m[6],
               worst);
        double tol = m[0] <= 0.3 ? 1e-4 : m[0] <= 0.5 ? 3e-4 : 2e-3;
        cr_expect(worst < tol, "t %g s: %.3e m from MoorDyn", m[0], worst);
    }
    hw_world_destroy(w);
}

/* MoorDyn 2.7.2 on tests/data/md_riser_wet.dat (the same script; both start from the state
 * md_riser_wet.state that MoorDyn's SaveState wrote right after its Init of the deck without its
 * fileIC line: its catenary start, at rest): a riser in water (EI 1e5 N m^2), drag, internal
 * damping from a damping ratio, the joint started 3 m off the line from anchor to buoy (a kink of
 * 14 deg) and swinging back through 2.6 m. x of line 1's node 3, the joint (x, z), line 2's node 3,
 * the buoy (x, z). Hawser is within 4.1e-3 m at 0.5 s while the kink straightens, 1.1e-3 m at 1 s,
 * 3.1e-4 m at 5 s: the end hinges' laws part at third order in the angle (above; MoorDyn's
 * 4 sin(theta / 2) / l against Hawser's k sin(theta)), which the early, sharper kink feels most;
 * the joint's end nodes' drag directions (their end segments' in Hawser, the rod axis in MoorDyn)
 * and Hawser's hinge damping (tau = BA / EA = 1.4 ms; without it the gap at 0.5 s is 6e-3 m) add
 * to it. Asserted: 6e-3 m to 0.5 s, 2e-3 m after. With the joint a ball joint Hawser is 0.106 m
 * off at 1 s. */
static const double MD_WET[5][7] = { /* t, line 1 node 3 x, joint x, z, line 2 node 3 x, buoy x, z */
    {0.5, 1.792574815, 2.202796707, -25.950217984, 1.398567112, 0.069868877, -1.852023745},
    {1.0, 1.309314638, 1.652743196, -25.876757286, 1.198030108, 0.316712661, -1.715923075},
    {2.0, 0.494807117, 0.763189544, -25.811566784, 0.860255904, 0.974610100, -1.610433481},
    {3.0, 0.130427761, 0.437742182, -25.802753063, 0.882216584, 1.379592182, -1.618945758},
    {5.0, 0.482460103, 0.868289958, -25.813864594, 1.112311990, 1.239930311, -1.614888983}};

static double wet_gap(hw_sim *s, const double *m)
{
    double a[21], b[21];
    hw_sim_line_positions(s, 0, a);
    hw_sim_line_positions(s, 1, b);
    double h[6] = {a[9], a[18], a[20], b[9], b[18], b[20]}, worst = 0.0;
    for (int j = 0; j < 6; j++) worst = fmax(worst, fabs(h[j] - m[1 + j]));
    return worst;
}

Test(riser, matches_moordyn_2_7_2_in_water)
{
    hw_scenario *sc = scenario_of(HW_TEST_DATA_DIR "/md_riser_wet.dat");
    hw_sim *s = cpu_sim(sc);
    for (int k = 0; k < 5; k++) {
        sim_to(s, MD_WET[k][0], 2e-4);
        double g = wet_gap(s, MD_WET[k]);
        printf("water t %.1f s: %.2e m from MoorDyn\n", MD_WET[k][0], g);
        cr_expect(g < (MD_WET[k][0] <= 0.5 ? 6e-3 : 2e-3), "t %g s: %.3e m from MoorDyn", MD_WET[k][0], g);
    }
    hw_sim_destroy(s);
    /* the joint a ball joint: far from MoorDyn */
    ball_joint(sc);
    s = cpu_sim(sc);
    sim_to(s, 1.0, 2e-4);
    double g = wet_gap(s, MD_WET[1]);
    printf("water, ball joint, t 1 s: %.2e m from MoorDyn\n", g);
    cr_expect(g > 5e-2, "a ball joint would do as well: %.3e m", g);
    hw_sim_destroy(s);
    hw_scenario_free(sc);
}

/* ---- YAML and the writer ----------------------------------------------------------------------- */

static void yaml_error(const char *types, const char *line, const char *want)
{
    char text[2048];
    snprintf(text, sizeof text,
             "line_types:\n%s"
             "points:\n"
             "  - {name: r, type: fixed, position: [0, 0, -5]}\n"
             "  - {name: j, type: free, position: [5, 0, -5]}\n"
             "  - {name: t, type: fixed, position: [10, 0, -5]}\n"
             "lines:\n"
             "  - {name: a, type: b, end_a: r, end_b: j, length: 5, segments: 5, clamp_b: -axis}\n"
             "  - %s\n", types, line);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(text, "j.yaml", &sc, msg, sizeof msg);
    if (st == HW_OK) {
        hw_sim *s = NULL;
        st = hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s, msg, sizeof msg);
        hw_sim_destroy(s);
    }
    cr_expect_neq(st, HW_OK, "accepted: %s", line);
    cr_expect(strstr(msg, want) != NULL, "message \"%s\" lacks \"%s\"", msg, want);
    hw_scenario_free(sc);
}

Test(riser, yaml_errors)
{
    const char *bc = "  - {name: b, diameter: 0.05, mass_per_length: 10, EA: 1e8, EI: 1e4}\n"
                     "  - {name: c, diameter: 0.05, mass_per_length: 10, EA: 1e8}\n";
    yaml_error(bc, "{name: l, type: b, end_a: j, end_b: t, length: 5, segments: 5, clamp_a: sideways}",
               "lines[1] (l).clamp_a: expected a direction [dx, dy, dz], or axis or -axis");
    yaml_error(bc, "{name: l, type: c, end_a: j, end_b: t, length: 5, segments: 5, clamp_a: axis}",
               "clamp_a: expected a line type with EI > 0 (a joint holds the line's bending)");
    yaml_error(bc, "{name: l, type: b, end_a: j, end_b: t, length: 5, segments: 5, clamp_a: axis, "
                   "winch: {end: a, speed: 0.1}}",
               "clamp_a: expected an end without a winch on a bending joint");
}

/* md_riser.dat converted (hawser convert's writer) and read back: the joint's sides come back as
 * clamp_b: -axis and clamp_a: axis, and the run is the deck's to the bit. */
Test(riser, writer_round_trip)
{
    hw_scenario *sc = scenario_of(HW_TEST_DATA_DIR "/md_riser.dat");
    const char *path = HW_TMP "/md_riser_rt.yaml";
    FILE *f = fopen(path, "w");
    cr_assert(f != NULL);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "round trip"), HW_OK);
    fclose(f);
    hw_scenario *back = NULL;
    cr_assert_eq(hw_scenario_load(path, &back, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect_eq(back->model.lines[0].clamp_axis[1], -1);
    cr_expect_eq(back->model.lines[1].clamp_axis[0], 1);
    cr_expect_eq(back->model.lines[0].clamp_axis[0], 0);
    hw_scenario_free(back);
    hw_scenario_free(sc);
    twins_run_the_same(HW_TEST_DATA_DIR "/md_riser.dat", path, 0.3, 6);
}

/* ---- the deck's mapping ------------------------------------------------------------------------- */

static hw_status deck(const char *rod_row, const char *types, hw_scenario **sc)
{
    char text[4096];
    snprintf(text, sizeof text,
             "--------------------- MoorDyn Input File ------------------------------------\n"
             "mapping test\n"
             "---------------------- LINE TYPES ------------------------------------------------------\n"
             "TypeName  Diam    Mass/m   EA       BA/-zeta  EI       Cd    Ca    CdAx  CaAx\n"
             "(name)    (m)     (kg/m)   (N)      (N-s/-)   (N-m^2)  (-)   (-)   (-)   (-)\n"
             "%s"
             "---------------------- ROD TYPES -------------------------------------------------------\n"
             "TypeName  Diam    Mass/m   Cd    Ca    CdEnd  CaEnd\n"
             "(name)    (m)     (kg/m)   (-)   (-)   (-)    (-)\n"
             "joint     0.2     10.0     1.0   1.0   1.0    1.0\n"
             "---------------------- RODS ------------------------------------------------------------\n"
             "ID  RodType  Attachment  Xa    Ya   Za     Xb    Yb   Zb     NumSegs  RodOutputs\n"
             "(#) (name)   (#/key)     (m)   (m)  (m)    (m)   (m)  (m)    (-)      (-)\n"
             "%s"
             "---------------------- POINTS ----------------------------------------------------------\n"
             "ID  Attachment  X        Y        Z       Mass  Volume  CdA    Ca\n"
             "(#) (word)      (m)      (m)      (m)     (kg)  (m^3)   (m^2)  (-)\n"
             "1   Fixed       0        0.0      -50     0     0       0      0\n"
             "2   Free        0        0.0      -2      50    1.0     1.0    1.0\n"
             "3   Fixed       10       0.0      -26     0     0       0      0\n"
             "---------------------- LINES -----------------------------------------------------------\n"
             "ID  LineType  AttachA  AttachB  UnstrLen  NumSegs  LineOutputs\n"
             "(#) (name)    (#)      (#)      (m)       (-)      (-)\n"
             "1   riser     1        R1A      24.2      6        -\n"
             "2   riser     R1B      2        24.2      6        -\n"
             "3   rope      R1A      3        7.0       4        -\n"
             "---------------------- OPTIONS ---------------------------------------------------------\n"
             "2e-4      dtM\n"
             "60        WtrDpth\n"
             "------------------------- need this line -------------------------------------\n",
             types, rod_row);
    return hw_md_load_string(text, "map.dat", NULL, NULL, sc, NULL, msg, sizeof msg);
}

/* Line 1 ends on R1A (-axis), line 2 starts on R1B (axis), both EI > 0; line 3, EI 0, on R1A too,
 * stays a ball joint (MoorDyn: its end moment is 0). A zero-length rod whose ends coincide is a
 * point whatever its kind (a Fixed one too: the axis still turns); one with ends apart that is a
 * body's is refused at the EI line's row, naming it. */
Test(riser, deck_mapping)
{
    const char *types = "riser     0.1     12.0     1e8      -1.0      1e5      1.2   1.0   0.01  0.0\n"
                        "rope      0.05    2.0      1e7      -1.0      0        1.2   1.0   0.01  0.0\n";
    static const char *const ROWS[2] = {"1   joint    Free        3.0   0    -26.0  3.0   0    -26.0  0        -\n",
                                        "1   joint    Fixed       3.0   0    -26.0  3.0   0    -26.0  0        -\n"};
    for (int k = 0; k < 2; k++) {
        hw_scenario *sc = NULL;
        cr_assert_eq(deck(ROWS[k], types, &sc), HW_OK, "%s", msg);
        const hw_line_def *l = sc->model.lines;
        cr_expect(l[0].clamp_axis[0] == 0 && l[0].clamp_axis[1] == -1, "line 1: %d %d", l[0].clamp_axis[0],
                  l[0].clamp_axis[1]);
        cr_expect(l[1].clamp_axis[0] == 1 && l[1].clamp_axis[1] == 0, "line 2: %d %d", l[1].clamp_axis[0],
                  l[1].clamp_axis[1]);
        cr_expect(l[2].clamp_axis[0] == 0 && l[2].clamp_axis[1] == 0, "line 3 (EI 0): %d %d", l[2].clamp_axis[0],
                  l[2].clamp_axis[1]);
        hw_sim *s = cpu_sim(sc);
        cr_assert_eq(hw_sim_step(s, 10), HW_OK, "%s", hw_sim_last_error(s));
        hw_sim_destroy(s);
        hw_scenario_free(sc);
    }
    hw_scenario *sc = NULL;
    hw_status st = deck("1   joint    Fixed       3.0   0    -26.0  3.0   0    -25.0  0        -\n", types, &sc);
    cr_expect_eq(st, HW_ERR_UNSUPPORTED, "%s", msg);
    cr_expect(strstr(msg, "map.dat:25: LINES 1 AttachB: a line with bending stiffness (EI = 100000 N m^2, type riser) on "
                          "a zero-length rod with ends apart (rod1_a, NumSegs 0: a body's) not supported yet") != NULL,
              "%s", msg);
    hw_scenario_free(sc);
}
