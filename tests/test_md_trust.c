/* Issue 14, what a MoorDyn user's deck needs trusted beyond its syntax: a static solve that
 * settles a heavy weight on a slack line, free points on the seabed (flat and gridded), cylinders
 * on the bathymetry grid, the cylinders' energy, and fileIC with bodies and rods. Each case checks
 * a closed form or a conservation law, and MoorDyn 2.7.2 where it answers (figures recorded with
 * their source: the suite needs neither the wheel nor the network). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"
#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/moordyn_state.h"
#include "io/scenario.h"

static char msg[2048];

static hw_scenario *load_deck(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(path, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

static hw_scenario *load_yaml(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

/* ---- a heavy weight on a slack, stiff, weightless line (host/model/statics.c, relax) ---------- */

/* md_lift_ic.dat and its twin: an 800 kg point 0.3 m above where its straight 60.3 m line (EA
 * 5e8 N, neutrally buoyant) would hold it. Newton stalls (nothing holds the weight until the line
 * is taut; the Jacobian is singular), and the dynamic relaxation with the real masses could not
 * settle it: the light nodes' ringing reset the kinetic energy every few steps and the weight crept
 * down ~0.1 m per 200,000 steps (exit 4). With fictitious masses from each coordinate's stiffness
 * it settles in ~1,500 steps and Newton polishes it. The answer in closed form: a line weightless
 * in water hangs straight with the tension W = 800 g all along, stretched by W / EA, so the weight
 * sits at z = -10 - 60.3 (1 + W / EA) = -70.300946145592 m. Newton's residual (1e-6 of W at most,
 * on a stiffness EA / L = 8.3e6 N/m) leaves < 1e-9 m. MoorDyn 2.7.2 does not find it (PyPI wheel:
 * moordyn.Create on this deck, moordyn.Init, GetPointPos): its initial-condition stage gives up
 * after 0.002 s ("Best score at 0.001 s = 0.742346 m/s2") with the weight at z = -70.0000011 m
 * and the line slack (fairlead tension 0), and with dtIC 0.5 s at z = -70.0234 m, still slack. */
Test(statics, heavy_weight_on_a_slack_stiff_line_settles)
{
    hw_scenario *sc[2] = {load_deck(HW_TEST_DATA_DIR "/md_lift_ic.dat"), load_yaml(HW_TEST_DATA_DIR "/md_lift_ic.yaml")};
    const double W = 800 * G0, z_eq = -10 - 60.3 * (1 + W / 5e8);
    double z[2], T[2];
    for (int k = 0; k < 2; k++) {
        log_cap cap = {{0}, 0};
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, cap_log, &cap, &sim, msg, sizeof msg), HW_OK,
                     "%s\n%s", msg, cap.text);
        cr_assert(strstr(cap.text, "Newton stalled") && strstr(cap.text, "dynamic relaxation"), "%s", cap.text);
        double r[3], ta, tb, res;
        int it;
        hw_sim_static_info(sim, &res, &it);
        cr_assert_lt(res, 1e-6);
        cr_assert_eq(hw_sim_point_state(sim, 1, r, NULL, NULL), HW_OK);
        cr_assert_eq(hw_sim_line_end_tensions(sim, 0, &ta, &tb), HW_OK);
        printf("weight on a slack stiff line: z %.12f m (closed form %.12f), tensions %.6f %.6f N (W %.6f)\n",
               r[2], z_eq, ta, tb, W);
        cr_expect(fabs(r[0]) < 1e-9 && fabs(r[1]) < 1e-9, "hangs straight: x %g y %g", r[0], r[1]);
        cr_expect(fabs(r[2] - z_eq) < 1e-9, "z %.12f, closed form %.12f", r[2], z_eq);
        cr_expect(fabs(ta - W) < 1e-6 * W && fabs(tb - W) < 1e-6 * W, "tensions %.9g %.9g, W %.9g", ta, tb, W);
        z[k] = r[2];
        T[k] = tb;
        hw_sim_destroy(sim);
    }
    cr_expect(same_d(z[0], z[1]) && same_d(T[0], T[1]), "deck and twin: %.17g %.17g, %.17g %.17g", z[0], z[1],
              T[0], T[1]);
    for (int k = 0; k < 2; k++) hw_scenario_free(sc[k]);
}

/* ---- a free point on the seabed (flat and gridded) --------------------------------------------- */

/* md_point_bed.dat and its twin: a 300 kg clump weight (0.02 m^3) under a taut rope (EA 1e5 N,
 * 22.6 m, 10 segments, weightless in water) from a fixed point at (60, 0, -20), resting on the
 * kinked, cross-sloping grid of md_seafloor_bathy.txt at (60, 0), where the bilinear depth is
 * D = 42 + 2/3 m. MoorDyn 2.7.2's free points have no seabed contact of their own (PyPI wheel: a
 * free point with no line, 200 kg and 0.01 m^3, started 0.5 m above a 50 m seabed, falls through
 * it, at z = -57.02 m after 3 s): a weight rests on the contact of its lines' end nodes,
 * kb d l0 / 2 on the penetration p. Hawser's points do the same, through the same node law
 * (kernels/physics/seabed.h, the grid's depth by hw_bathy_depth), so the balance is
 * W = EA ((D - 20 + p) / L - 1) + (EA / L + kb d l0 / 2) p, W = (300 - 1025 x 0.02) g:
 * p = 0.014063398 m, z = -42.680730065 m, tension 357.2126765 N. MoorDyn 2.7.2 (PyPI wheel:
 * moordyn.Create on this deck with TmaxIC 0 instead of TMax, Init, Step by 5 s to 60 s,
 * GetPointPos, GetLineFairTen) rests at z = -42.680730065 m, fairlead tension 357.212676495 N.
 * Hawser's static solve (residual 1e-6 of the force scale 2942 N, 3e-3 N, on a vertical
 * stiffness of 2.1e4 N/m: 1.4e-7 m) must be within 1e-6 m and 3e-3 N of both, and stay there
 * over 1 s of run.
 * The same weight on a flat seabed at the same depth gives the same numbers. */
static void point_bed_check(hw_scenario *sc, double *z_out)
{
    const double g = G0, W = (300 - 1025 * 0.02) * g, EA = 1e5, L = 22.6, D = 42 + 2.0 / 3.0;
    const double kbe = 3e6 * 0.05 * (L / 10) / 2;
    const double p = (W - EA * ((D - 20) / L - 1)) / (EA / L + kbe), z_eq = -D - p;
    const double T_eq = EA * ((D - 20 + p) / L - 1);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double r[3], ta, tb;
    cr_assert_eq(hw_sim_point_state(sim, 1, r, NULL, NULL), HW_OK);
    cr_assert_eq(hw_sim_line_end_tensions(sim, 0, &ta, &tb), HW_OK);
    printf("clump weight on the seabed: z %.9f m (closed form %.9f, MoorDyn -42.680730065), fairlead %.6f N "
           "(closed form %.6f, MoorDyn 357.212676495)\n", r[2], z_eq, ta, T_eq);
    cr_expect(fabs(r[2] - z_eq) < 1e-6 && fabs(r[2] - -42.680730065) < 1e-6, "z %.9f", r[2]);
    cr_expect(fabs(ta - T_eq) < 3e-3 && fabs(ta - 357.212676495) < 3e-3, "fairlead tension %.9f", ta);
    cr_expect(fabs(r[0] - 60) < 1e-9 && fabs(r[1]) < 1e-9, "x %.12f y %.12f", r[0], r[1]);
    *z_out = r[2];
    cr_assert_eq(hw_sim_step(sim, 2000), HW_OK); /* 1 s at dtM 5e-4 s */
    cr_assert_eq(hw_sim_point_state(sim, 1, r, NULL, NULL), HW_OK);
    cr_expect(fabs(r[2] - z_eq) < 1e-6, "after 1 s: z %.9f", r[2]);
    hw_sim_destroy(sim);
}

Test(seabed, clump_weight_rests_on_its_end_node_like_moordyn)
{
    hw_scenario *sc[2] = {load_deck(HW_TEST_DATA_DIR "/md_point_bed.dat"),
                          load_yaml(HW_TEST_DATA_DIR "/md_point_bed.yaml")};
    double z[3];
    for (int k = 0; k < 2; k++) point_bed_check(sc[k], &z[k]);
    cr_expect(same_d(z[0], z[1]), "deck and twin: %.17g %.17g", z[0], z[1]);
    /* the flat seabed at the grid's depth there */
    sc[1]->model.env.bathymetry.nx = 0;
    sc[1]->model.env.depth = 42 + 2.0 / 3.0;
    point_bed_check(sc[1], &z[2]);
    for (int k = 0; k < 2; k++) hw_scenario_free(sc[k]);
}

/* ---- a cylinder on the bathymetry grid (kernels/physics/cylinder.h, hw_cyl_sea_depth) ---------- */

/* The body's world point at body-frame offset b (quaternion w, x, y, z) from its reference pos. */
static void body_point(const double pos[3], const double q[4], const double b[3], double out[3])
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double R[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                      {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                      {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    for (int r = 0; r < 3; r++) out[r] = pos[r] + R[r][0] * b[0] + R[r][1] * b[1] + R[r][2] * b[2];
}

/* md_rod_bed.dat and its twin: a free rod (12 m, d 0.4 m, 250 kg/m, no drag) dropped 5 cm onto
 * the grid of md_seafloor_bathy.txt where it slopes 1/6 along the rod (x in 40..100, y = 0: depth
 * D = 46 - (x - 40)/6), parallel to the slope. Before, cylinders touched only the flat seabed at
 * WtrDpth 60 m and the rod fell 18 m through the grid. Now each node touches the grid's depth
 * under it, (kb p - cb vz) d dl as the lines' nodes, and at rest every node sinks by the same
 * p = (m - rho pi d^2 / 4) g / (kb d) = 9.904283e-4 m (weight and contact both uniform along the
 * rod; the buoyancy's axial part at the end faces has no moment): each end at z = -D(x) - p.
 * (The overdamped contact, zeta 2.8, settles in ~1 s; the rod shifts 4 mm in x on its way down,
 * its added mass being larger across than along.) MoorDyn 2.7.2 (PyPI wheel: moordyn.Create on
 * this deck, Init, Step by 1 s to 10 s, GetRodNodePos of nodes 0 and 10) has end A at
 * (64.077461263, 0, -41.988080218) and B at (75.914189263, 0, -40.015292218) at 10 s. */
Test(seabed, rod_rests_on_the_bathymetry_grid)
{
    const char *files[2] = {HW_TEST_DATA_DIR "/md_rod_bed.dat", HW_TEST_DATA_DIR "/md_rod_bed.yaml"};
    const double p = (250 - 1025 * PI * 0.04) * G0 / (3e6 * 0.4);
    const double bb[3] = {11.836727999999994, 0, 1.9727880000000013};
    const double mdA[3] = {64.077461263, 0, -41.988080218}, mdB[3] = {75.914189263, 0, -40.015292218};
    double endA[2][3], endB[2][3];
    for (int k = 0; k < 2; k++) {
        hw_world_load_opts o = hw_default_load_opts();
        hw_world *w = NULL;
        cr_assert_eq(hw_world_load(files[k], &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_world_step(w, 20000), HW_OK, "%s", hw_world_last_error(w)); /* 10 s */
        double pos[3], q[4], v[3], om[3], zero[3] = {0, 0, 0};
        cr_assert_eq(hw_world_body_state(w, 0, pos, q, v, om), HW_OK);
        body_point(pos, q, zero, endA[k]);
        body_point(pos, q, bb, endB[k]);
        for (int e = 0; e < 2; e++) {
            const double *x = e ? endB[k] : endA[k], *md = e ? mdB : mdA;
            double D = 46 - (x[0] - 40) / 6;
            printf("rod on the grid, end %c: (%.9f, %.9f, %.9f), z + D %.9e (closed form -p %.9e), MoorDyn "
                   "(%.9f, %.9f)\n", 'A' + e, x[0], x[1], x[2], x[2] + D, -p, md[0], md[2]);
            cr_expect(fabs(x[2] + D + p) < 1e-9, "end %d: z + D %.12g, -p %.12g", e, x[2] + D, -p);
            cr_expect(fabs(x[0] - md[0]) < 1e-8 && fabs(x[1]) < 1e-12 && fabs(x[2] - md[2]) < 1e-8,
                      "end %d (%.10f, %.10f) vs MoorDyn (%.9f, %.9f)", e, x[0], x[2], md[0], md[2]);
        }
        cr_expect(fabs(v[0]) + fabs(v[1]) + fabs(v[2]) < 1e-9, "at rest: v %g %g %g", v[0], v[1], v[2]);
        hw_world_destroy(w);
    }
    for (int c = 0; c < 3; c++)
        cr_expect(same_d(endA[0][c], endA[1][c]) && same_d(endB[0][c], endB[1][c]), "deck and twin differ");
}

/* ---- the cylinders' energy (hw_cyl_energy in hw_bodies_energy) ---------------------------------- */

/* Steps the world n times of dt; the largest |E(t) - E(0)| of its total energy and of the
 * bodies' kinetic energy's swing (max - min). */
static void energy_swing(hw_world *w, int n, double *dE, double *ke_swing)
{
    hw_world_energy e0, e;
    cr_assert_eq(hw_world_get_energy(w, &e0), HW_OK);
    double kmin = e0.body_kinetic, kmax = e0.body_kinetic;
    *dE = 0;
    for (int i = 0; i < n; i++) {
        cr_assert_eq(hw_world_step(w, 1), HW_OK, "%s", hw_world_last_error(w));
        cr_assert_eq(hw_world_get_energy(w, &e), HW_OK);
        cr_assert(e.body_dissipated == 0.0, "no drag, no seabed: nothing dissipated (%g)", e.body_dissipated);
        *dE = fmax(*dE, fabs(e.total - e0.total));
        kmin = fmin(kmin, e.body_kinetic);
        kmax = fmax(kmax, e.body_kinetic);
    }
    *ke_swing = kmax - kmin;
}

/* Loads the scenario text, steps it n times and checks its total energy holds within 1e-3 of the
 * kinetic energy's swing, which must lie in [lo, hi] J. */
static void energy_holds(const char *what, const char *yaml, int n, double lo, double hi)
{
    hw_world_load_opts o = hw_default_load_opts();
    hw_world *w = NULL;
    cr_assert_eq(hw_world_load_string(yaml, "energy.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double dE, swing;
    energy_swing(w, n, &dE, &swing);
    printf("%s: kinetic energy swing %.6f J, total energy off by at most %.3e J (%.2e of the swing)\n", what, swing,
           dE, dE / swing);
    cr_expect(swing > lo && swing < hi, "%s: the motion's energy %g J", what, swing);
    cr_expect(dE < 1e-3 * swing, "%s: energy off by %g J of %g J", what, dE, swing);
    hw_world_destroy(w);
}

/* A spar heaving freely (no drag, no damping): a free body that is one vertical cylinder, 20 m
 * long, d 1 m, 603.8 kg/m, 10 segments, CaEnd 0.6, released 1 m above its draft 15.0004 m
 * (rho A draft = m). Its heave is an undamped oscillator: stiffness rho g A = 7.9e3 N/m (the
 * bottom face's pressure), mass m + CaEnd rho pi d^3 / 12 (the wet bottom face's added mass),
 * w = 0.80 rad/s, 3.95 kJ of motion. Its energy is the body's kinetic energy with that added mass
 * and the potential of weight and the bottom face's pressure, rho g A z_low^2 / 2. The bodies step
 * by semi-implicit (symplectic) Euler, whose energy error on an oscillator stays within h w / 2
 * of the energy of motion, undrifting: 4e-4 at h = 1e-3 s, so the total must stay within 1e-3 of
 * the kinetic energy's swing over 3 periods (measured: 4.02e-4). Before hw_cyl_energy the added
 * mass and the buoyancy were left out and the total was off by 61 times the swing. */
Test(energy, floating_spar_heaving_conserves_energy)
{
    static const char *yaml =
        "environment: {gravity: 9.80665, water_density: 1025, depth: 100}\n"
        "bodies:\n"
        "  - name: spar\n"
        "    type: free\n"
        "    position: [0, 0, -14.0004]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [0, 0, 20], diameter: 1.0, mass_per_length: 603.8, segments: 10,\n"
        "         Cd: 0, Ca: 1.0, CdEnd: 0, CaEnd: 0.6}\n"
        "solver: {dt: 1.0e-3, t_end: 30, static_solve: false}\n";
    energy_holds("heaving spar", yaml, 23500, 3.5e3, 4.5e3); /* 3 periods of 7.82 s; rho g A / 2 = 3.95e3 J */
}

/* A pinned rod under water swinging about its end (md_rod_swing.yaml's rod hanging down, heavier,
 * without its line and without drag): tilted 37 deg from the vertical, heavier than water (120
 * kg/m against the 72.4 kg/m it displaces), it
 * swings as a pendulum whose energy holds the rod's added mass across its axis (Ca 1) and the
 * buoyancy's potential -rho g V z_centre (submerged: the side buoyancy and the end faces'
 * pressure). Same bound as the spar's (measured 4.15e-4: h w / 2 with w 0.83 rad/s; 3 times the
 * swing without hw_cyl_energy). */
Test(energy, submerged_pinned_rod_swinging_conserves_energy)
{
    static const char *yaml =
        "environment: {gravity: 9.80665, water_density: 1025, depth: 50}\n"
        "bodies:\n"
        "  - name: rod1\n"
        "    type: pinned\n"
        "    position: [0, 0, -20]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [3, 0, -4], diameter: 0.3, mass_per_length: 120, segments: 10,\n"
        "         Cd: 0, Ca: 1.0, CdEnd: 0, CaEnd: 0.6}\n"
        "solver: {dt: 1.0e-3, t_end: 10, static_solve: false}\n";
    energy_holds("swinging rod", yaml, 8000, 100, 1e5);
}

/* ---- fileIC with bodies and rods (host/io/moordyn_deck.c, read_state_file) --------------------- */

/* md_fileic_bodies.state: MoorDyn 2.7.2 (PyPI wheel) on md_fileic_bodies.dat with TmaxIC 0 and no
 * fileIC line: moordyn.Create, Init, five Steps of 0.1 s, moordyn.SaveState. Its objects: the
 * body (1 x 13: position, quaternion x y z w, velocity, angular velocity, world frame), the free
 * rod (the same, its end A and its turn from the deck's axis), the pinned rod (zeros for the
 * position), the 2 points (1 x 6, zeros: fixed, on the body), the line (3 x 6). The quaternion's
 * meaning was checked on the wheel: at t = 0 the body's is qx(r0) qy(p0) qz(y0) of its deck angles
 * (hw_scn_rpy_from_moordyn's), and the angular velocity is the world-frame 2 dq/dt q^-1 of two
 * states 1e-4 s apart. The world the deck loads starts from it: positions and velocities to the
 * bit, orientations to round-off (1e-15: the quaternion goes through roll, pitch, yaw), the line's
 * inner nodes to the bit and its end on the body where the body's start puts it, within 2e-16 m
 * of MoorDyn's GetLineNodePos (-0.1743170453066482, 0.08616226227112335, -11.101069910014628);
 * the YAML twin gives the same world to the bit. 0.1 s later (MoorDyn: Steps of 0.05 s from the
 * same state) the body's z is -10.172688610718362 m, the free rod's end B (15.056401512631952,
 * -17.594153874423757) and the pinned rod's (-14.337357598722484, -17.512565767541915): Hawser's
 * are within 6.6e-5 m (body) and 1.3e-5 m (rods) of them, asserted within 1e-4 m (motions of 5 cm
 * to 0.4 m; the codes integrate bodies differently: MoorDyn its RK2 on the rods' own equations
 * without the centripetal terms, Hawser semi-implicit Euler; the earlier rod checks of
 * tests/test_moordyn.c find the same order). */
static void body_xq(hw_world *w, int k, double x[3], double q[4], double v[3], double om[3])
{
    cr_assert_eq(hw_world_body_state(w, k, x, q, v, om), HW_OK);
}

Test(fileic, bodies_and_rods_start_from_moordyns_state)
{
    hw_md_state st;
    cr_assert_eq(hw_md_state_read(HW_TEST_DATA_DIR "/md_fileic_bodies.state", &st, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(st.n_obj, 6);
    const char *files[2] = {HW_TEST_DATA_DIR "/md_fileic_bodies.dat", HW_TEST_DATA_DIR "/md_fileic_bodies.yaml"};
    hw_world *w[2];
    for (int f = 0; f < 2; f++) {
        hw_world_load_opts o = hw_default_load_opts();
        cr_assert_eq(hw_world_load(files[f], &o, &w[f], msg, sizeof msg), HW_OK, "%s", msg);
    }
    const double deckA[3][3] = {{0, 0, 0}, {0, 0, 0}, {-10, 0, -20}};
    for (int k = 0; k < 3; k++) {
        const double *row = st.data[k];
        double x[2][3], q[2][4], v[2][3], om[2][3];
        for (int f = 0; f < 2; f++) body_xq(w[f], k, x[f], q[f], v[f], om[f]);
        for (int c = 0; c < 3; c++) {
            double want = k < 2 ? row[c] : deckA[k][c];
            cr_expect(same_d(x[0][c], want), "body %d position %d: %.17g vs %.17g", k, c, x[0][c], want);
            cr_expect(same_d(v[0][c], k < 2 ? row[7 + c] : 0.0), "body %d velocity %d: %.17g", k, c, v[0][c]);
            cr_expect(same_d(om[0][c], row[10 + c]), "body %d angular velocity %d: %.17g vs %.17g", k, c, om[0][c],
                      row[10 + c]);
        }
        /* Hawser's quaternion w x y z against the file's x y z w (either sign), normalized: MoorDyn
         * integrates it without normalizing (its norm here is off by up to 3.4e-11) */
        double dq = 0, sq = 0, nq = sqrt(row[3] * row[3] + row[4] * row[4] + row[5] * row[5] + row[6] * row[6]);
        printf("fileIC with bodies: body %d's quaternion norm in the file 1 %+.3e\n", k, nq - 1);
        for (int c = 0; c < 4; c++) {
            double mdq = row[3 + (c + 3) % 4] / nq;
            dq = fmax(dq, fabs(q[0][c] - mdq));
            sq = fmax(sq, fabs(q[0][c] + mdq));
        }
        cr_expect(fmin(dq, sq) < 1e-15, "body %d quaternion off by %g", k, fmin(dq, sq));
        for (int c = 0; c < 3; c++)
            cr_expect(same_d(x[0][c], x[1][c]) && same_d(v[0][c], v[1][c]) && same_d(om[0][c], om[1][c]),
                      "deck and twin differ (body %d)", k);
        for (int c = 0; c < 4; c++) cr_expect(same_d(q[0][c], q[1][c]), "deck and twin: body %d quaternion", k);
    }
    double r[2][15], u[2][15];
    for (int f = 0; f < 2; f++) {
        cr_assert_eq(hw_sim_line_positions(hw_world_lumped(w[f]), 0, r[f]), HW_OK);
        cr_assert_eq(hw_sim_line_velocities(hw_world_lumped(w[f]), 0, u[f]), HW_OK);
    }
    for (int j = 1; j < 4; j++)
        for (int c = 0; c < 3; c++) {
            cr_expect(same_d(r[0][3 * j + c], st.data[5][6 * (j - 1) + c]), "node %d: %.17g", j, r[0][3 * j + c]);
            cr_expect(same_d(u[0][3 * j + c], st.data[5][6 * (j - 1) + 3 + c]), "node %d velocity", j);
        }
    const double md_end[3] = {-0.1743170453066482, 0.08616226227112335, -11.101069910014628};
    for (int c = 0; c < 3; c++) cr_expect(fabs(r[0][12 + c] - md_end[c]) < 2e-16 * 12, "end on the body %d", c);
    for (int k = 0; k < 15; k++) cr_expect(same_d(r[0][k], r[1][k]) && same_d(u[0][k], u[1][k]), "deck and twin: line");
    hw_md_state_free(&st);
    /* 0.1 s on */
    cr_assert_eq(hw_world_step(w[0], 1000), HW_OK, "%s", hw_world_last_error(w[0]));
    double x[3], q[4], v[3], om[3], bend[3];
    body_xq(w[0], 0, x, q, v, om);
    printf("fileIC with bodies, 0.1 s on: body z %.9f (MoorDyn -10.172688611)\n", x[2]);
    cr_expect(fabs(x[2] - -10.172688610718362) < 1e-4, "body z %.9f", x[2]);
    const double bb[2][3] = {{5.196149999999999, 0, 3}, {-4, 0, 3}};
    const double mdB[2][2] = {{15.056401512631952, -17.594153874423757}, {-14.337357598722484, -17.512565767541915}};
    for (int k = 1; k < 3; k++) {
        body_xq(w[0], k, x, q, v, om);
        body_point(x, q, bb[k - 1], bend);
        printf("fileIC with bodies, 0.1 s on: rod %d end B (%.9f, %.9f) (MoorDyn %.9f, %.9f)\n", k, bend[0], bend[2],
               mdB[k - 1][0], mdB[k - 1][1]);
        cr_expect(fabs(bend[0] - mdB[k - 1][0]) < 1e-4 && fabs(bend[2] - mdB[k - 1][1]) < 1e-4, "rod %d end B", k);
    }
    for (int f = 0; f < 2; f++) hw_world_destroy(w[f]);
}

/* The errors: a start on a body that does not move under its loads, a start with the static solve
 * on (it would move the body to rest), and a state file that is not the deck's (md_fileic.state's
 * 5 objects for md_fileic_bodies.dat's 6). */
Test(fileic, body_start_errors_are_located)
{
    hw_scenario *sc = NULL;
    static const char *fixed =
        "environment: {depth: 50}\n"
        "bodies:\n"
        "  - name: b\n"
        "    type: fixed\n"
        "    position: [0, 0, -10]\n"
        "    start: {velocity: [1, 0, 0]}\n"
        "solver: {dt: 1.0e-3, static_solve: false}\n";
    cr_assert_eq(hw_scenario_load_string(fixed, "s.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "s.yaml:6: bodies[0] (b).start: expected start only on a free body or a pinned one"), "%s", msg);
    static const char *statics =
        "environment: {depth: 50}\n"
        "bodies:\n"
        "  - name: b\n"
        "    type: free\n"
        "    position: [0, 0, -10]\n"
        "    mass: 100\n"
        "    inertia: [1, 1, 1]\n"
        "    start: {velocity: [1, 0, 0]}\n"
        "solver: {dt: 1.0e-3}\n";
    cr_assert_eq(hw_scenario_load_string(statics, "s.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "s.yaml:8: bodies[0] (b).start: expected solver.static_solve: false"), "%s", msg);
    /* md_fileic_bodies.dat naming md_fileic.state (another deck's) */
    char *deck = NULL;
    size_t n = 0;
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_fileic_bodies.dat", "rb");
    cr_assert_not_null(f);
    static char text[8192];
    n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    deck = strstr(text, "md_fileic_bodies.state  fileIC");
    cr_assert_not_null(deck);
    memcpy(deck, "md_fileic.state       ", 22);
    hw_status rc = hw_md_load_string(text, HW_TEST_DATA_DIR "/ic_b.dat", NULL, NULL, &sc, NULL, msg, sizeof msg);
    cr_assert_eq(rc, HW_ERR_INPUT, "%d %s", (int)rc, msg);
    cr_expect(strstr(msg, "expected 6 objects (the deck's 1 bodies, 2 rods, 2 points and 1 lines, in MoorDyn's "
                          "order), got 5"), "%s", msg);
}

/* `hawser convert` of md_fileic_bodies.dat writes the bodies' start (position, rotation and
 * bodies[].start) so that the YAML it writes loads to the same bodies, to the bit. */
Test(fileic, convert_keeps_the_bodies_start)
{
    hw_scenario *d = load_deck(HW_TEST_DATA_DIR "/md_fileic_bodies.dat"), *y = NULL;
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(HW_TEST_DATA_DIR "/md_fileic_bodies.dat", NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s",
                 msg);
    cr_assert(strstr(yaml, "    start:\n      velocity: ["), "%s", yaml);
    cr_assert_eq(hw_scenario_load_string(yaml, "converted.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(d->n_bodies, 3);
    cr_assert_eq(y->n_bodies, 3);
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 6; c++) {
            const hw_body_def *a = &d->bodies[k], *b = &y->bodies[k];
            cr_expect(same_d(a->start_vel[c], b->start_vel[c]), "body %d start %d", k, c);
            if (c < 3) cr_expect(same_d(a->pos[c], b->pos[c]) && same_d(a->rot[c], b->rot[c]), "body %d pose %d", k, c);
        }
    cr_expect(!d->model.solver.static_solve && !y->model.solver.static_solve);
    free(yaml);
    hw_scenario_free(d);
    hw_scenario_free(y);
}
