/* Rigid cable ends on bodies that are not free (include/hawser/world.h hw_world_rc_body_end, the
 * scenario's {type: body} ends on fixed, prescribed or coupled bodies): the end follows the body
 * point r + R(q) at, the cable's pull shows in the body's cable load, and a whole vessel (prescribed
 * body, lumped moorings on body points, a rigid crane wire with a payload) runs through `hawser run`.
 *   - a fixed body turned 90 deg in yaw and 10 deg in pitch holds a wire with a 1 t payload at an
 *     offset point: the wire's top on the hand-rotated point, the top tension the weights;
 *   - a prescribed body heaving 1 m with a 10 s period holds a stiff crane wire with a payload: the
 *     top on the body point at every output row, the tension m (g + a(t)) of the quasi-static lift;
 *   - the vessel scenario through the CLI: bodies.csv, rigid.csv, lines.csv written, the moorings'
 *     fairleads and the wire's top on their body points;
 *   - rigid cables alone (the rigid-only run) with two wires on one fixed body: the tension and the
 *     body's cable force against the weights. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"
#include "shell.h"

#define G0 9.80665
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* R(roll 0, pitch p, yaw y) v = Rz(y) Ry(p) v, by hand (docs/scenario.md's convention). */
static void rot_py(double p, double y, const double v[3], double out[3])
{
    double u[3] = {cos(p) * v[0] + sin(p) * v[2], v[1], -sin(p) * v[0] + cos(p) * v[2]};
    out[0] = cos(y) * u[0] - sin(y) * u[1];
    out[1] = sin(y) * u[0] + cos(y) * u[1];
    out[2] = u[2];
}

static double dist3(const double *a, const double *b)
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

/* The wire of both API cases: 10 m in 2 elements, 0.01 kg/m, EA 1e7 N, no drag, in air (z > 0),
 * a 1 t point body at end B (HW_RC_END_BODY). Its bounce on the wire: sqrt(EA / (L M)) = 31.6
 * rad/s (0.2 s); the transverse step bound l sqrt(mu / (3 T)) = 2.9 ms is above dt = 1 ms. */
#define WL 10.0
#define WMU 0.01
#define WEA 1e7
#define PM 1000.0
static hw_rc_cable_def wire(const double top[3], double g_eff)
{
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "wire";
    c.length = WL; c.elements = 2; c.mass_per_length = WMU; c.diameter = 0.01; c.ea = WEA;
    c.cdn = c.cdt = 0;
    c.end_a = HW_RC_END_POINT;
    memcpy(c.pos_a, top, sizeof c.pos_a);
    c.end_b = HW_RC_END_BODY;
    c.body_b.mass = PM;
    /* the payload hangs where the wire's stretch under (M + wire / 2) g_eff puts it */
    double Tmid = (PM + 0.5 * WMU * WL) * g_eff;
    c.pos_b[0] = top[0]; c.pos_b[1] = top[1]; c.pos_b[2] = top[2] - WL * (1 + Tmid / WEA);
    return c;
}

/* (1) A fixed body at (3, -2, 50) turned yaw 90 deg, pitch 10 deg, the wire's top at the body
 * point at = (4, 1, -1). The end is on r + R at (by hand) to 1e-9 m after 2 s; the top tension,
 * averaged over 2 s (10 bounce periods, whatever the start leaves of the bounce), is the weight
 * (M + mu L) g to 1e-3 (the start is the rest shape: what remains is the wire's sag in its 2
 * elements and a non-whole number of bounce periods); the body's cable load is that pull at the
 * joint, its moment (R at) x F. A start off the body point, and a free body there, are refused. */
Test(vessel, wire_on_a_turned_fixed_body)
{
    char msg[2048];
    double pitch = 10.0 * M_PI / 180.0, yaw = 0.5 * M_PI, r[3] = {3, -2, 50}, at[3] = {4, 1, -1}, c[3], top[3];
    rot_py(pitch, yaw, at, c);
    for (int k = 0; k < 3; k++) top[k] = r[k] + c[k];
    hw_model_def none = hw_default_model();
    hw_rc_def rd = hw_default_rc_def();
    rd.dt = 1e-3;
    hw_rc_cable_def cab = wire(top, G0);
    rd.n_cables = 1; rd.cables = &cab;
    hw_body_def b = hw_default_body();
    b.name = "crane";
    b.kind = HW_BODY_FIXED;
    memcpy(b.pos, r, sizeof b.pos);
    b.rot[1] = pitch; b.rot[2] = yaw;
    hw_world_rc_body_end e = {0, 0, 0, {at[0], at[1], at[2]}};
    hw_world_def wd = hw_default_world();
    wd.lumped = &none;
    wd.rigid = &rd;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_rc_body_ends = 1; wd.rc_body_ends = &e;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double T = 0.0, F[3] = {0, 0, 0}, Mo[3] = {0, 0, 0};
    for (int i = 0; i < 2000; i++) {
        cr_assert_eq(hw_world_step(w, 1), HW_OK, "%s", hw_world_last_error(w));
        double fa[3], fb[3], f[3], m[3];
        hw_rc_end_forces(hw_world_rigid(w), 0, fa, fb);
        T += sqrt(fa[0] * fa[0] + fa[1] * fa[1] + fa[2] * fa[2]) / 2000.0;
        cr_assert_eq(hw_world_body_cable_load(w, 0, f, m), HW_OK);
        for (int k = 0; k < 3; k++) { F[k] += f[k] / 2000.0; Mo[k] += m[k] / 2000.0; }
    }
    double nodes[9], xe[3];
    hw_rc_nodes(hw_world_rigid(w), 0, nodes);
    cr_assert_eq(hw_rc_end_point(hw_world_rigid(w), 0, 0, xe, NULL), HW_OK);
    double d = dist3(xe, top), Te = (PM + WMU * WL) * G0;
    /* the end node a_0 hangs below the attachment by the end block's spring stretch: the force
       over EA / (l/2) (docs/rigid.md), l = 5 m */
    double gap = dist3(nodes, top), gap_e = Te * (0.5 * WL / 2) / WEA;
    /* the moment of the mean pull about the body's reference point: c x F (the joint at c) */
    double Me[3] = {c[1] * F[2] - c[2] * F[1], c[2] * F[0] - c[0] * F[2], c[0] * F[1] - c[1] * F[0]};
    printf("wire on a fixed body (yaw 90, pitch 10 deg): top end %.2e m from r + R at, its node %.6f m below "
           "(spring stretch %.6f m); top tension %.4f N (weights %.4f N, %.1e); the body's cable force (%.3g, "
           "%.3g, %.4f) N, moment off c x F by %.1e N m\n", d, gap, gap_e, T, Te, T / Te - 1, F[0], F[1], F[2],
           dist3(Mo, Me));
    cr_expect_lt(d, 1e-9);
    cr_expect_lt(fabs(gap / gap_e - 1), 1e-3); /* as the tension */
    cr_expect_lt(fabs(T / Te - 1), 1e-3);
    cr_expect_lt(fabs(-F[2] / Te - 1), 1e-3, "the wire pulls the body down with the weights");
    cr_expect_lt(fabs(F[0]) + fabs(F[1]), 1e-6 * Te);
    cr_expect_lt(dist3(Mo, Me), 1e-9 * Te * 5.0); /* |c| < 5 m: rounding of the mean */
    hw_world_destroy(w);

    /* the cable's end not on the body point at t = 0: refused, naming the body */
    cab.pos_a[0] += 0.1;
    cab.pos_b[0] += 0.1;
    cr_expect_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "body 'crane'") != NULL, "%s", msg);
    cab.pos_a[0] -= 0.1;
    cab.pos_b[0] -= 0.1;
    /* a free body: its end is a 6-DOF body end (rc_bodies) */
    b.kind = HW_BODY_FREE;
    b.mass = 1.0; b.inertia[0] = b.inertia[1] = b.inertia[2] = 1.0;
    cr_expect_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "is free") != NULL, "%s", msg);
}

/* (2) A prescribed body heaving z = 50 + A cos(W t) (A = 1 m, period 10 s: the phase pi/2 starts
 * it at rest) with the wire's top at the body point at = (2, 0, -1); the payload starts at the
 * stretch of its quasi-static lift at t = 0, g + a(0). Every 0.1 s row for 20 s (two periods):
 * the top node on r(t) + at (by hand) to 1e-9 m (the end moves on the chord between the body
 * points at each step's ends, so it is on the body point at every step's end), and the top
 * tension the quasi-static (M + mu L)(g + a(t)), a = -A W^2 cos(W t) (0.395 m/s^2). The heave is
 * 50 times slower than the bounce (31.6 rad/s vs W = 0.628 rad/s): the payload's forced response
 * is 1 / (1 - (W / w)^2) - 1 = 4e-4 above the quasi-static one, 0.16 N of the 395 N dynamic
 * part; the start is matched in position, velocity and stretch. Also in it: the joint damping
 * (damping_ratio 0.5) on the stretch rate, in quadrature with a (0.3 N in the second period),
 * and what the start leaves, decaying (0.6 N in the first); measured 1.2 N at most, the same at
 * dt = 2, 1 and 0.5 ms (not a step error). Bound: 1% of the dynamic part M A W^2 (4 N; 4e-4 of
 * the tension). */
Test(vessel, wire_on_a_heaving_body)
{
    char msg[2048];
    double A = 1.0, P = 10.0, W = 2 * M_PI / P, at[3] = {2, 0, -1};
    double top0[3] = {at[0], at[1], 50.0 + A + at[2]};
    hw_model_def none = hw_default_model();
    hw_rc_def rd = hw_default_rc_def();
    rd.dt = 1e-3;
    hw_rc_cable_def cab = wire(top0, G0 - A * W * W);
    rd.n_cables = 1; rd.cables = &cab;
    hw_body_def b = hw_default_body();
    b.name = "vessel";
    b.kind = HW_BODY_PRESCRIBED;
    b.pos[2] = 50.0;
    b.motion = HW_MOTION_SINUSOID;
    b.amp[2] = A; b.period = P; b.phase = 0.5 * M_PI;
    hw_world_rc_body_end e = {0, 0, 0, {at[0], at[1], at[2]}};
    hw_world_def wd = hw_default_world();
    wd.lumped = &none;
    wd.rigid = &rd;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_rc_body_ends = 1; wd.rc_body_ends = &e;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double dmax = 0.0, emax = 0.0, Fmax = 0.0, Mw = PM + WMU * WL;
    for (int k = 1; k <= 200; k++) {
        double t = 0.1 * k;
        cr_assert_eq(hw_world_advance_to(w, t), HW_OK, "%s", hw_world_last_error(w));
        double xe[3], fa[3], fb[3], f[3];
        cr_assert_eq(hw_rc_end_point(hw_world_rigid(w), 0, 0, xe, NULL), HW_OK);
        double x[3] = {at[0], at[1], 50.0 + A * cos(W * t) + at[2]};
        dmax = fmax(dmax, dist3(xe, x));
        hw_rc_end_forces(hw_world_rigid(w), 0, fa, fb);
        double a = -A * W * W * cos(W * t), Te = Mw * (G0 + a);
        emax = fmax(emax, fabs(-fa[2] - Te));
        hw_world_body_cable_load(w, 0, f, NULL);
        Fmax = fmax(Fmax, dist3(f, fa)); /* the body's cable force is the wire's pull on it */
    }
    printf("wire on a heaving body (1 m, 10 s): top end off r(t) + at by %.2e m at most over 200 rows; top "
           "tension off (M + mu L)(g + a(t)) by %.3f N at most (dynamic part %.1f N, %.1e of it)\n",
           dmax, emax, Mw * A * W * W, emax / (Mw * A * W * W));
    cr_expect_lt(dmax, 1e-9);
    cr_expect_lt(emax, 1e-2 * Mw * A * W * W);
    cr_expect_lt(Fmax, 1e-9 * Mw * G0);
    hw_world_destroy(w);
}

/* The column `name` of a CSV file (header row): up to cap values. */
static int csv_col(const char *path, const char *name, double *v, int cap)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char line[1 << 16];
    cr_assert_not_null(fgets(line, sizeof line, f));
    int col = -1, k = 0, n = 0;
    for (char *s = strtok(line, ",\n"); s; s = strtok(NULL, ",\n"), k++)
        if (!strcmp(s, name)) col = k;
    cr_assert_geq(col, 0, "%s: no column %s", path, name);
    while (n < cap && fgets(line, sizeof line, f)) {
        char *p = line;
        for (int c = 0; c < col && p; c++) {
            p = strchr(p, ',');
            if (p) p++;
        }
        cr_assert_not_null(p, "%s: short row", path);
        v[n++] = strtod(p, NULL);
    }
    fclose(f);
    return n;
}

/* After `key` in the text s: the first n numbers. */
static void numbers_after(const char *s, const char *key, double *v, int n)
{
    const char *p = strstr(s, key);
    cr_assert_not_null(p, "no %s", key);
    p = strchr(p, '>') + 1;
    for (int i = 0; i < n; i++) {
        char *e;
        v[i] = strtod(p, &e);
        cr_assert(e != p, "a number after %s", key);
        p = e;
    }
}

/* (3) examples/vessel_crane.yaml through `hawser run` (csv and vtk): the prescribed vessel heaves
 * z = -cos(W t) and pitches -0.01745 cos(W t) rad (W = 2 pi / 10 s); three lumped chain moorings
 * end on the fairlead body points, the rigid crane wire's top on the crane tip (15, 0, 25) with a
 * 10 t payload (a free 6-DOF body). Every row (0.5 s for 30 s): the fairleads in points.csv on
 * r(t) + R(t) at by hand (1e-7 m: the CSV's 10 significant digits); the wire's top node (the
 * ParaView frames, 17 digits) below the crane tip by the end block's spring stretch,
 * T (l/2) / EA = 0.5 mm (1e-3 of it: the block's damping term on the slow stretch rate; measured
 * 5e-5), and at t = 0 within that share of the start stretch (1 mm); the vessel's cable load in
 * bodies.csv is the moorings' pull at the fairleads (points.csv) plus the wire's at the tip
 * (rigid.csv, 100 kN) but for the chain end nodes' inertia: points.csv's force at a coupled point
 * counts its end node's -m a, which the body's load leaves out (the body carries those masses,
 * host/bodies/body_set.h): 3 nodes of 850 kg of chain and 35 kg of added mass at fairlead
 * accelerations up to 0.395 m/s^2 of heave and 20 m x 0.01745 x W^2 = 0.138 of pitch, 1.4 kN at
 * most (measured 0.9 kN, in phase with the heave acceleration: 2300 kg). */
Test(vessel, vessel_crane_example_runs)
{
    char cmd[2048], out[16384];
    snprintf(cmd, sizeof cmd, "'%s' run '%s/vessel_crane.yaml' -o '" HW_TMP "/vessel_crane' --format csv,vtk -q 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "\"status\":\"ok\""), "%s", out);
    static double t[64], v[64], F[3][64], Fw[3][64], Fv[3][64];
    const char *pts = HW_TMP "/vessel_crane/points.csv", *bod = HW_TMP "/vessel_crane/bodies.csv",
               *rig = HW_TMP "/vessel_crane/rigid.csv";
    int n = csv_col(pts, "time_s", t, 64);
    cr_assert_eq(n, 61);
    cr_assert_eq(csv_col(HW_TMP "/vessel_crane/lines.csv", "mooring1.TB_N", v, 64), 61);
    double W = 2 * M_PI / 10, amp = 0.01745, emax = 0.0;
    static const double fair[3][3] = {{20, 0, -10}, {-10, 17.32, -10}, {-10, -17.32, -10}};
    static const char *const ax[3] = {"x", "y", "z"};
    for (int f = 0; f < 3; f++)
        for (int c = 0; c < 3; c++) {
            char name[64];
            snprintf(name, sizeof name, "fairlead%d.%s_m", f + 1, ax[c]);
            csv_col(pts, name, v, 64);
            for (int i = 0; i < n; i++) {
                double x[3];
                rot_py(-amp * cos(W * t[i]), 0.0, fair[f], x);
                x[2] += -cos(W * t[i]);
                emax = fmax(emax, fabs(v[i] - x[c]));
            }
            static double fp[64];
            snprintf(name, sizeof name, "fairlead%d.F%s_N", f + 1, ax[c]);
            csv_col(pts, name, fp, 64);
            for (int i = 0; i < n; i++) F[c][i] = (f ? F[c][i] : 0.0) + fp[i];
        }
    double lmax = 0.0, rmax = 0.0, d0 = 0.0;
    for (int c = 0; c < 3; c++) {
        char name[64];
        snprintf(name, sizeof name, "crane_wire.FA%s_N", ax[c]);
        csv_col(rig, name, Fw[c], 64);
        snprintf(name, sizeof name, "vessel.F%s_N", ax[c]);
        csv_col(bod, name, Fv[c], 64);
    }
    for (int i = 1; i < n; i++) /* row 0: the wire's force is nan (no solve yet), not in the load */
        for (int c = 0; c < 3; c++) lmax = fmax(lmax, fabs(Fv[c][i] - F[c][i] - Fw[c][i]));
    for (int k = 0; k < n; k++) {
        char path[512];
        snprintf(path, sizeof path, HW_TMP "/vessel_crane/vtk/rigid_%06d.vtp", k);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f, "%s", path);
        static char text[1 << 16];
        size_t len = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[len] = 0;
        double tv, T, p[3], tip[3], at[3] = {15, 0, 25};
        numbers_after(text, "Name=\"TimeValue\"", &tv, 1);
        numbers_after(text, "Name=\"tension\"", &T, 1);
        numbers_after(text, "Name=\"position\"", p, 3);
        rot_py(-amp * cos(W * tv), 0.0, at, tip);
        tip[2] += -cos(W * tv);
        double d = dist3(p, tip);
        if (k == 0) d0 = d;
        else rmax = fmax(rmax, fabs(d / (T * 2.5 / 5e8) - 1));
    }
    printf("vessel with moorings and a crane wire (hawser run): fairleads off r(t) + R(t) at by %.1e m at most; "
           "the wire's top node below the crane tip by T (l/2) / EA to %.1e (at t = 0: %.2e m); the vessel's cable "
           "load = moorings + wire to %.0f N\n", emax, rmax, d0, lmax);
    cr_expect_lt(emax, 1e-7);
    cr_expect_lt(rmax, 1e-3);
    cr_expect_lt(d0, 1e-3);
    cr_expect_lt(lmax, 3 * 885.0 * (0.395 + 0.138));
}

/* Rigid cables alone (the rigid-only run, its world holding the bodies) with two wires on one fixed
 * body turned yaw 90 deg, pitch 10 deg (a body holds any number of such ends): a 1 t payload (a
 * free point) on the wire from the body point (4, 1, -1), started at rest at its stretch, and a
 * free-ended wire from (-2, 0, -1). rigid.csv's top tension is the weight (M + mu L) g (1e-3, as
 * the API case), and bodies.csv's vertical cable force on the body is both wires' pull, -(M + 2 mu
 * L) g (the free-ended wire hangs still: its own weight), 1e-3. */
Test(vessel, two_wires_on_a_fixed_body_rigid_only)
{
    char yaml[4096], cmd[2048], out[16384], in[512];
    double p = 10.0 * M_PI / 180.0, y = 0.5 * M_PI, r[3] = {3, -2, 50}, at[3] = {4, 1, -1}, at2[3] = {-2, 0, -1};
    double c[3], c2[3];
    rot_py(p, y, at, c);
    rot_py(p, y, at2, c2);
    double Tmid = (PM + 0.5 * WMU * WL) * G0;
    snprintf(yaml, sizeof yaml,
             "environment: {gravity: %.17g}\n"
             "bodies:\n"
             "  - {name: crane, type: fixed, position: [3, -2, 50], rotation: [0, %.17g, %.17g]}\n"
             "points:\n"
             "  - {name: load, type: free, mass: %.17g, position: [%.17g, %.17g, %.17g]}\n"
             "rigid_cables:\n"
             "  - {name: wire, length: %.17g, elements: 2, mass_per_length: %.17g, diameter: 0.01, EA: %.17g,\n"
             "     Cdn: 0, Cdt: 0, end_a: {type: body, body: crane, at: [4, 1, -1]}, end_b: load}\n"
             "  - {name: wire2, length: %.17g, elements: 2, mass_per_length: %.17g, diameter: 0.01, EA: %.17g,\n"
             "     Cdn: 0, Cdt: 0, end_a: {type: body, body: crane, at: [-2, 0, -1]},\n"
             "     end_b: {type: free, position: [%.17g, %.17g, %.17g]}}\n"
             "solver: {dt: 0.001, t_end: 2}\n"
             "outputs: {interval: 0.5}\n",
             G0, p, y, PM, r[0] + c[0], r[1] + c[1], r[2] + c[2] - WL * (1 + Tmid / WEA), WL, WMU, WEA, WL, WMU, WEA,
             r[0] + c2[0], r[1] + c2[1], r[2] + c2[2] - WL);
    snprintf(in, sizeof in, HW_TMP "/vessel_two_wires.yaml");
    FILE *f = fopen(in, "w");
    cr_assert_not_null(f);
    fputs(yaml, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' run '%s' -o '" HW_TMP "/vessel_two_wires' -q 2>&1", HW_CLI_PATH, in);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "\"status\":\"ok\""), "%s", out);
    double T[8], Fz[8];
    cr_assert_eq(csv_col(HW_TMP "/vessel_two_wires/rigid.csv", "wire.TA_N", T, 8), 5);
    cr_assert_eq(csv_col(HW_TMP "/vessel_two_wires/bodies.csv", "crane.Fz_N", Fz, 8), 5);
    double Te = (PM + WMU * WL) * G0, Fe = -(PM + 2 * WMU * WL) * G0;
    printf("two wires on a fixed body, rigid cables alone: top tension %.4f N (weights %.4f N, %.1e); the body's "
           "vertical cable force %.4f N (%.4f N, %.1e)\n", T[4], Te, T[4] / Te - 1, Fz[4], Fe, Fz[4] / Fe - 1);
    cr_expect_lt(fabs(T[4] / Te - 1), 1e-3);
    cr_expect_lt(fabs(Fz[4] / Fe - 1), 1e-3);
}
