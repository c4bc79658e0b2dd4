/* Bodies of MoorDyn decks against MoorDyn 2.7.2 (docs/moordyn.md, BODIES and OUTPUTS): the pose a
 * BODIES row's r0 p0 y0 give at t = 0, and the body channels Body#RX RY RZ, which MoorDyn writes as
 * its own angles (R = Rx(RX) Ry(RY) Rz(RZ), the deck's r0 p0 y0 at t = 0), not bodies.csv's
 * roll-pitch-yaw.
 *
 * The MoorDyn figures were recorded from MoorDyn 2.7.2, the PyPI wheel: moordyn.Create(deck),
 * moordyn.Init with no coupled DOF, moordyn.Step in coupling steps of 0.05 s up to 0.5 s, then the
 * deck's .out table it writes (8 significant digits); the t = 0 figures from GetPointPos and
 * GetBodyState right after Init. Both codes start from the deck's state (TmaxIC 0). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_body.h"
#include "physics/body.h"
#include "helpers.h"
#include "shell.h"

#define DEG (180.0 / 3.14159265358979323846)

/* The value of column name at the row of time tm in a MoorDyn-layout .out table. */
static double out_at(const char *path, const char *name, double tm) { return md_out_at(path, name, tm, NULL, 0); }

/* The t = 0 pose, exactly: the body at X0 Y0 Z0, MoorDyn's angles of its orientation are the
 * deck's r0 p0 y0, and its point Body1 (2, 0, 0) lies where MoorDyn 2.7.2 puts it. */
Test(bodyfix, pose_at_t0_is_moordyns)
{
    hw_scenario *sc = NULL;
    char msg[512];
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_bodyfix.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s",
                 msg);
    cr_assert_eq(sc->n_bodies, 2);
    /* MoorDyn 2.7.2: GetPointPos of points 2 and 4 (Body1, Body2 at (2, 0, 0)) after Init */
    const double md_pt[2][3] = {{1.87223361333, 0.702091613139, -20.0425283893},
                                {1.87223361333, 30.7020916131, -20.0425283893}};
    for (int k = 0; k < 2; k++) {
        const hw_body_def *b = &sc->bodies[k];
        cr_assert(b->pos[0] == 0 && b->pos[1] == 30.0 * k && b->pos[2] == -20);
        hw_quat q = hw_quat_from_rpy(b->rot[0], b->rot[1], b->rot[2]);
        double qa[4] = {q.w, q.x, q.y, q.z}, md[3];
        hw_scn_moordyn_angles(qa, md);
        const double want[3] = {10, 5, 20};
        for (int c = 0; c < 3; c++) cr_assert(fabs(md[c] * DEG - want[c]) < 1e-12, "body %d angle %d: %.15g", k + 1, c, md[c] * DEG);
        double at[3] = {2, 0, 0}, p[3];
        hw_scn_body_point0(b, at, p);
        for (int c = 0; c < 3; c++) cr_assert(fabs(p[c] - md_pt[k][c]) < 1e-10, "point on body %d: %.12g", k + 1, p[c]);
    }
    hw_scenario_free(sc);
    /* the round trip holds away from small angles too (a, c in (-180, 180], b in [-90, 90]) */
    const double poses[4][3] = {{-170, 30, 100}, {100, -80, -150}, {0, 0, 180}, {45, 89, -45}};
    for (int k = 0; k < 4; k++) {
        double m[3] = {poses[k][0] / DEG, poses[k][1] / DEG, poses[k][2] / DEG}, rpy[3], md[3];
        hw_scn_rpy_from_moordyn(m, rpy);
        hw_quat q = hw_quat_from_rpy(rpy[0], rpy[1], rpy[2]);
        double qa[4] = {q.w, q.x, q.y, q.z};
        hw_scn_moordyn_angles(qa, md);
        for (int c = 0; c < 3; c++) cr_assert(fabs(md[c] * DEG - poses[k][c]) < 1e-9, "pose %d angle %d: %.12g", k, c, md[c] * DEG);
    }
}

/* md_bodyfix.dat over 0.5 s. Body 1 (centre of gravity on the reference point, equal inertias):
 * Hawser's pose follows MoorDyn's to the time step's first-order error (symplectic Euler against
 * MoorDyn's RK2, dtM 1e-4 s) while it turns by 26 deg in pitch and 20 deg in yaw. Body 2 (centre of
 * gravity off the reference point, unequal inertias): the same to 0.05 s; it then departs (MoorDyn
 * leaves out the gyroscopic moment; docs/moordyn.md, BODIES), so later rows are not compared. Before
 * this fix Body#RX RY RZ were Hawser's roll-pitch-yaw: 11.10, 1.22, 20.56 deg at t = 0 for this
 * pose, against MoorDyn's 10, 5, 20. */
Test(bodyfix, body_channels_follow_moordyn)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_bodyfix.dat -o %s -q > /dev/null 2>&1", HW_TMP "/bodyfix",
             HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/bodyfix");
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    const char *path = HW_TMP "/bodyfix/md_bodyfix.out";
    static const char *const CH[6] = {"PX", "PY", "PZ", "RX", "RY", "RZ"};
    /* MoorDyn 2.7.2, md_bodyfix.out, body 1 at 0.1, 0.3, 0.5 s and body 2 at 0.05 s */
    static const struct { int body; double t, v[6]; } MD[] = {
        {1, 0.1, {2.6176212e-02, 2.9915900e-04, -2.0036301e+01, 9.0853657e+00, 7.6527147e+00, 1.7836666e+01}},
        {1, 0.3, {1.3960492e-01, 2.2429865e-03, -2.0261973e+01, 6.3174151e+00, 1.8919144e+01, 9.1177777e+00}},
        {1, 0.5, {2.6272610e-01, 4.8882511e-03, -2.0644892e+01, 5.2756762e+00, 3.1058123e+01, -1.9045794e-01}},
        {2, 0.05, {2.9278410e-02, 2.9996690e+01, -2.0005178e+01, 1.0220034e+01, 6.3434610e+00, 1.9764432e+01}},
    };
    for (size_t r = 0; r < sizeof MD / sizeof MD[0]; r++)
        for (int c = 0; c < 6; c++) {
            char name[32];
            snprintf(name, sizeof name, "Body%d%s", MD[r].body, CH[c]);
            double v = out_at(path, name, MD[r].t);
            /* body 1: 2e-4 m, 0.02 deg (the step's error, 1e-4 m and 0.011 deg at 0.5 s); body 2 at
             * 0.05 s: 5e-4 m, 0.03 deg (the step's error is larger early on, relative to the motion) */
            double tol = c < 3 ? (MD[r].body == 1 ? 2e-4 : 5e-4) : (MD[r].body == 1 ? 0.02 : 0.03);
            cr_assert(fabs(v - MD[r].v[c]) <= tol, "%s at %g s: %.8g against MoorDyn's %.8g", name, MD[r].t, v, MD[r].v[c]);
        }
}

/* md_bodyfix_pm.dat with one substring replaced, loaded from memory: the status, msg the message. */
static hw_status load_edited(const char *from, const char *to, hw_scenario **sc, char *msg, size_t len)
{
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_bodyfix_pm.dat", "r");
    cr_assert_not_null(f);
    static char text[1 << 14], edited[1 << 14];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *at = strstr(text, from);
    cr_assert_not_null(at, "%s", from);
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return hw_md_load_string(edited, "pm.dat", NULL, NULL, sc, NULL, msg, len);
}

/* A Body# point's Mass and Volume are the body's (as in MoorDyn 2.7.2): 4000 kg + 1000 kg at
 * (1, 0.5, -0.5) give 5000 kg with the CG at (0.2, 0.1, -0.1) and the inertia about it the parallel-
 * axis sum (3000 kg m^2 each way about the body's own CG): Ixx = 3000 + 4000 (0.06 - 0.04) +
 * 1000 (0.96 - 0.64) = 3400, Iyy = 4000, Izz = 4000, Ixy = -80 - 320 = -400, Ixz = 400, Iyz = 200
 * (about the reference point Ixx = 3000 + 1000 (1.5 - 1) = 3500 = 3400 + 5000 (0.06 - 0.04)); the
 * volume 2 + 1 m^3 with the centre of buoyancy at (1, 0.5, -0.5) / 3 (the body's own at its CG). */
Test(bodyfix, body_point_mass_and_volume_fold_into_the_body)
{
    hw_scenario *sc = NULL;
    char msg[512];
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_bodyfix_pm.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK,
                 "%s", msg);
    const hw_body_def *b = &sc->bodies[0];
    cr_assert(fabs(b->mass - 5000) < 1e-9);
    const double cg[3] = {0.2, 0.1, -0.1}, in[6] = {3400, 4000, 4000, -400, 400, 200};
    const double cb[3] = {1.0 / 3, 0.5 / 3, -0.5 / 3};
    for (int c = 0; c < 3; c++) cr_assert(fabs(b->cg[c] - cg[c]) < 1e-12, "cg %d: %.15g", c, b->cg[c]);
    for (int c = 0; c < 6; c++) cr_assert(fabs(b->inertia[c] - in[c]) < 1e-9, "inertia %d: %.15g", c, b->inertia[c]);
    cr_assert(fabs(b->volume - 3) < 1e-12);
    for (int c = 0; c < 3; c++) cr_assert(fabs(b->cb[c] - cb[c]) < 1e-12, "cb %d: %.15g", c, b->cb[c]);
    hw_scenario_free(sc);

    /* a drag area or added mass on a body's point stays refused, at its column; so does a mass on
     * a point of a Fixed body */
    sc = NULL;
    cr_assert_eq(load_edited("1000  1       0    0", "1000  1       2    0", &sc, msg, sizeof msg), HW_ERR_UNSUPPORTED);
    cr_assert_null(sc);
    cr_assert(strstr(msg, "pm.dat:18: POINTS 3 CdA: CdA on a point riding on a body not supported yet"), "%s", msg);
    cr_assert_eq(load_edited("1000  1       0    0", "1000  1       0    1", &sc, msg, sizeof msg), HW_ERR_UNSUPPORTED);
    cr_assert(strstr(msg, "POINTS 3 CA: CA on a point riding on a body not supported yet"), "%s", msg);
    cr_assert_eq(load_edited("1   Free        0    0    -20   10   5    20   4000  0           3000            2",
                             "1   Fixed       0    0    -20   10   5    20   0     0           0               0",
                             &sc, msg, sizeof msg),
                 HW_ERR_UNSUPPORTED);
    cr_assert(strstr(msg, "POINTS 3 M: M on a point riding on a Fixed body not supported yet"), "%s", msg);
}

/* md_bodyfix_pm.dat against MoorDyn 2.7.2 (md_bodyfix_pm.out, steps of 0.05 s): the folded body
 * moves as MoorDyn's body with its point, within 5e-5 m and 0.007 deg at 0.1 s (its inertia about
 * the CG is unequal now, so the two part later through the gyroscopic moment MoorDyn leaves out:
 * pitch 12.04 deg against 12.09 at 0.2 s). Before, the deck was refused at the point's M. */
Test(bodyfix, body_point_mass_moves_as_moordyns)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_bodyfix_pm.dat -o %s -q > /dev/null 2>&1", HW_TMP "/bodyfix_pm",
             HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/bodyfix_pm");
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    const char *path = HW_TMP "/bodyfix_pm/md_bodyfix_pm.out";
    static const char *const CH[6] = {"Body1PX", "Body1PY", "Body1PZ", "Body1RX", "Body1RY", "Body1RZ"};
    static const struct { double t, v[6]; } MD[] = {
        {0.05, {7.8773908e-03, 8.9374683e-04, -2.0008159e+01, 1.0022844e+01, 5.6669063e+00, 1.9533380e+01}},
        {0.1, {2.7991616e-02, 3.1115883e-03, -2.0031234e+01, 1.0133727e+01, 7.3179306e+00, 1.8362296e+01}},
    };
    for (size_t r = 0; r < sizeof MD / sizeof MD[0]; r++)
        for (int c = 0; c < 6; c++) {
            double v = out_at(path, CH[c], MD[r].t);
            cr_assert(fabs(v - MD[r].v[c]) <= (c < 3 ? 1e-4 : 0.01), "%s at %g s: %.8g against MoorDyn's %.8g", CH[c],
                      MD[r].t, v, MD[r].v[c]);
        }
}
