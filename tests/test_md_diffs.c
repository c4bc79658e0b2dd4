/* Differences with MoorDyn 2.7.2 that docs/moordyn.md documents, each traced to its cause by
 * measurement on MoorDyn 2.7.2 (the PyPI wheel); where MoorDyn leaves physics out, Hawser keeps it
 * and these tests hold Hawser to the complete equations, with MoorDyn's figures beside them. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "shell.h"

/* A free body with its centre of gravity off the reference point in three dimensions
 * (tests/data/md_bodyfix.dat body 2: 5000 kg, CG at (0.5, 0.3, -1) m, inertias 2000|3000|4000
 * kg m^2 about it, turned by 10 5 20 deg, on a taut undamped wire; it pitches by 34 deg in 0.5 s).
 *
 * The cause of the difference, measured (scripts/md-body-gyro): integrating the body, its line and
 * the line's end node as written in that script, with MoorDyn's RK2 at dtM from the wheel's line
 * nodes after Init, reproduces MoorDyn 2.7.2's reference point and body point to 3e-14 m over
 * 0.5 s when the gyroscopic moment w x (I_O w) about the reference point is left out (I_O: the
 * inertia about the reference point, the CG's parallel-axis part and the end node's mass
 * included), and the centripetal force m w x (w x r) of the CG and of the point is kept. With the
 * gyroscopic moment (the Newton-Euler equations about a moving reference point, "complete") the
 * same integration lands 0.275 m from MoorDyn's at 0.5 s; without the centripetal force too,
 * 0.416 m. MoorDyn 2.7.2 writes Body2RX RY RZ = 35.119633, 34.903538, 4.9110763 deg at 0.5 s
 * (md_bodyfix.out); the complete equations give 20.19, 39.35, 8.76.
 *
 * Hawser's body carries the complete equations: its reference point follows the complete
 * integration's to 4e-5 m at 0.1 s and 2.7e-4 m at 0.5 s (0.04% of its 0.75 m drift; 3.2e-4 m at
 * dt 5e-5 s, so not the step's error: a residual of the two line models, not traced), its MoorDyn
 * angles to 0.013 deg. Figures: scripts/md-body-gyro, "complete variant" (RK2 at dt 1e-4 s;
 * within 1.6e-6 m and 6e-5 deg of the same at dt 2.5e-5 s). */
Test(diffs, cg_offset_body_follows_the_complete_equations)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_bodyfix.dat -o %s -q > /dev/null 2>&1", HW_TMP "/diffs_gyro",
             HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/diffs_gyro");
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    const char *path = HW_TMP "/diffs_gyro/md_bodyfix.out";
    static const char *const CH[6] = {"Body2PX", "Body2PY", "Body2PZ", "Body2RX", "Body2RY", "Body2RZ"};
    static const struct { double t, v[6]; } NE[] = {
        {0.10, {9.32892578e-02, 2.99901914e+01, -2.00217980e+01, 1.06834451e+01, 9.26414011e+00, 1.92098774e+01}},
        {0.20, {2.55949548e-01, 2.99723126e+01, -2.00972512e+01, 1.21189210e+01, 1.66109623e+01, 1.75847868e+01}},
        {0.30, {4.22489478e-01, 2.99526913e+01, -2.02291066e+01, 1.40266267e+01, 2.41209886e+01, 1.54628163e+01}},
        {0.40, {5.88853977e-01, 2.99313812e+01, -2.04181865e+01, 1.65912921e+01, 3.16834610e+01, 1.26521318e+01}},
        {0.50, {7.55525786e-01, 2.99079248e+01, -2.06666751e+01, 2.01939488e+01, 3.93466293e+01, 8.75776411e+00}},
    };
    for (size_t r = 0; r < sizeof NE / sizeof NE[0]; r++) {
        double d2 = 0.0;
        for (int c = 0; c < 6; c++) {
            double v = md_out_at(path, CH[c], NE[r].t, NULL, 0);
            if (c < 3) {
                d2 += (v - NE[r].v[c]) * (v - NE[r].v[c]);
            } else {
                cr_assert(fabs(v - NE[r].v[c]) <= 0.02, "%s at %g s: %.8g, the complete equations %.8g", CH[c],
                          NE[r].t, v, NE[r].v[c]);
            }
        }
        cr_assert(sqrt(d2) <= 3e-4, "reference point at %g s: %.3g m from the complete equations'", NE[r].t, sqrt(d2));
    }
    /* MoorDyn 2.7.2's roll at 0.5 s (35.12 deg) is 15 deg away: the gyroscopic moment it leaves out */
    cr_assert(fabs(md_out_at(path, "Body2RX", 0.5, NULL, 0) - 35.119633) > 10.0);
}

/* A coupled pinned body carrying a rod (tests/data/md_pinned_nodrag.dat: md_pinned_body.dat's
 * body, pin held, its 300 kg/m rod from (0, 0, -1) to (3, 0, -6.2) swinging 4 m across under
 * gravity, buoyancy and its added mass, Ca 1; no drag, no end effects).
 *
 * The cause of the difference, measured (scripts/md-rod-addedmass): the planar swing, integrated
 * with the rod's inertia as a uniform thick cylinder plus the body's 10 kg m^2 and the added mass
 * lumped at the rod's 7 nodes, reproduces MoorDyn 2.7.2's end B to 1.7e-7 m over 3 s when the added
 * mass acts on the nodes' angular acceleration alone; MoorDyn leaves out its centripetal part
 * (Morison's added-mass force -Ca rho V a_n takes the normal part of the node's whole acceleration,
 * alpha x d + w x (w x d); the rod's axis passing 1 m beside the pin, w x (w x d) has a normal part,
 * whose moment about the pin is not 0). With it ('morison') the swing is 4.2 cm from MoorDyn's at
 * 3 s: MoorDyn's end B is at (-2.0665802, -11.5703308) m at 3 s, (2.0327070, -11.5808890) at 1 s.
 * Hawser's added mass is a point mass riding on the body at each node (kernels/physics/cylinder.h,
 * with its centripetal term): it follows 'morison' to 3.9e-4, 6.1e-4, 2.6e-4 m at 1, 2, 3 s (the
 * step's first-order error: 9e-5, 1.2e-4, 5e-5 m at dt 1e-4 s). Figures: the script's 'morison'
 * variant (RK4, h 1e-3 s). With md_pinned_body.dat's drag the gap is 1 cm at 3 s. */
Test(diffs, pinned_rod_added_mass_has_its_centripetal_part)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_pinned_nodrag.dat -o %s -q > /dev/null 2>&1",
             HW_TMP "/diffs_pin", HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/diffs_pin");
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    const char *path = HW_TMP "/diffs_pin/md_pinned_nodrag.out";
    static const double MOR[3][3] = {{1, 2.0311059, -11.5813835}, {2, -0.2899354, -11.8815650}, {3, -2.1070675, -11.5574588}};
    for (int k = 0; k < 3; k++) {
        double x = md_out_at(path, "R1N6PX", MOR[k][0], NULL, 0), z = md_out_at(path, "R1N6PZ", MOR[k][0], NULL, 0);
        double e = hypot(x - MOR[k][1], z - MOR[k][2]);
        cr_assert(e <= 8e-4, "end B at %g s: (%.7f, %.7f), %.3g m from Morison's (%.7f, %.7f)", MOR[k][0], x, z, e,
                  MOR[k][1], MOR[k][2]);
    }
}

/* A rod rising off the seabed (tests/data/md_rod_rise.dat: a buoyant free rod lying 5 cm deep in the
 * seabed, released; kBot 3e6 Pa/m and cBot 3e5 Pa s/m, MoorDyn's defaults).
 *
 * MoorDyn 2.7.2's seabed force on a rod node is (kBot p - cBot v_z) d dL whatever its sign: once
 * the rod rises faster than kBot p / cBot, it pulls the rod down (its Node0Bz, the rod file's 'b'
 * column: -452 N at 0.01 s, still -261 N at 0.4 s), which holds the rod in the seabed: end A at
 * z = -50.045628, -50.018046, -50.000327 m at 0.01, 0.1, 0.4 s, -49.935119 at 0.6 s. Hawser's
 * contact never pulls (kernels/physics/seabed.h: a contact pushes or is 0): its contact force is 0
 * from the first output row (0.01 s) on, the rod is out of the seabed before 0.1 s and rises 0.78 m
 * by 0.6 s. The cause, measured: with cBot 0
 * (md_rod_rise0.dat) the two codes agree to 1.1e-3 m over the 1.3 m rise (MoorDyn 2.7.2 end A below,
 * GetRodNodePos after Step in steps of 0.01 s). */
Test(diffs, rod_rising_off_the_seabed)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_rod_rise.dat -o %s -q > /dev/null 2>&1 && %s run "
             "%s/md_rod_rise0.dat -o %s -q > /dev/null 2>&1", HW_TMP "/diffs_rise", HW_CLI_PATH, HW_TEST_DATA_DIR,
             HW_TMP "/diffs_rise", HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/diffs_rise0");
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    const char *damped = HW_TMP "/diffs_rise/md_rod_rise_Rod1.out", *free0 = HW_TMP "/diffs_rise0/md_rod_rise0_Rod1.out";
    /* the contact never pulls: every node's seabed force at every row is >= 0 */
    for (int i = 1; i <= 60; i++)
        for (int n = 0; n <= 3; n++) {
            char name[32];
            snprintf(name, sizeof name, "Node%dBz", n);
            double bz = md_out_at(damped, name, 0.01 * i, NULL, 0);
            cr_assert(bz >= 0.0, "%s at %g s: %g N", name, 0.01 * i, bz);
        }
    /* out of the seabed at 0.1 s (MoorDyn's end A is still 1.8 cm in) */
    cr_assert_gt(md_out_at(damped, "Node0pz", 0.1, NULL, 0), -50.0, "end A at 0.1 s");
    /* cBot 0: MoorDyn 2.7.2's end A */
    static const double MD0[][2] = {{0.01, -50.027635}, {0.05, -49.859830}, {0.1, -49.696793}, {0.2, -49.446634},
                                    {0.4, -49.056396}, {0.6, -48.708600}};
    for (size_t k = 0; k < sizeof MD0 / sizeof MD0[0]; k++) {
        double z = md_out_at(free0, "Node0pz", MD0[k][0], NULL, 0);
        cr_assert(fabs(z - MD0[k][1]) <= 1.5e-3, "cBot 0, end A at %g s: %.6f, MoorDyn %.6f", MD0[k][0], z, MD0[k][1]);
    }
}
