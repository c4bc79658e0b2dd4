/* `hawser run` on scenarios with 6-DOF bodies, end to end through the world (cli/main.c): the
 * bodies in DIR/bodies.csv against known answers.
 *   - a buoy on three taut lumped lines: its static rise (the t = 0 row) against a hand force
 *     balance, and it stays there when stepped; the same states in its ParaView frames and
 *     results.h5;
 *   - a payload held by a rigid cable's 6-DOF end with a weight hung below it on a lumped line
 *     (one body shared by both models): the wire's top tension carries everything's weight and the
 *     payload hangs where the wire's stretch puts it;
 *   - summary.json: each body's every-step extremes against bodies.csv's columns with a row at
 *     every step (a buoy set swinging), the
 *     world statics' figures (the buoy at its balance). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell.h"

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define G0 9.80665
#define RHO 1025.0

static char yaml[8192], cmd[4096], out[16384];

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* The values of column `name` of a CSV file with a header row: v[0..*n-1] and their times t[]. */
static void csv_column(const char *path, const char *name, double *t, double *v, int cap, int *n)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char line[1 << 16];
    cr_assert_not_null(fgets(line, sizeof line, f));
    int col = -1, k = 0;
    for (char *s = strtok(line, ",\n"); s; s = strtok(NULL, ",\n"), k++)
        if (!strcmp(s, name)) col = k;
    cr_assert_geq(col, 0, "%s: no column %s", path, name);
    *n = 0;
    while (*n < cap && fgets(line, sizeof line, f)) {
        char *p = line;
        t[*n] = strtod(p, NULL);
        for (int c = 0; c < col && p; c++) {
            p = strchr(p, ',');
            if (p) p++;
        }
        cr_assert_not_null(p, "%s: short row", path);
        v[(*n)++] = strtod(p, NULL);
    }
    fclose(f);
}

static void run_ok(const char *name)
{
    char in[512];
    snprintf(in, sizeof in, HW_TMP "/%s.yaml", name);
    write_file(in, yaml);
    snprintf(cmd, sizeof cmd, "'%s' run '%s' -o '" HW_TMP "/%s' --quiet 2>&1", HW_CLI_PATH, in, name);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "\"status\":\"ok\""), "%s", out);
}

/* The number after "key": in a JSON text (after `from`, when given); NAN when absent. */
static double json_num(const char *s, const char *key)
{
    char k[128];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *p = strstr(s, k);
    return p ? strtod(p + strlen(k), NULL) : NAN;
}

static char *slurp_text(const char *path)
{
    static char buf[1 << 17];
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* ---- a buoy on three taut lumped lines ------------------------------------------------------ */

/* As tests/test_body.c's buoy: three lines weightless in water (mu = rho pi d^2 / 4), EA 1e6 N,
 * 30 m, from anchors 20 m out at 120 degrees and 40 m down, all on the buoy's reference point (no
 * moment); the buoy 8 m^3, 2000 kg, CB above CG. */
#define NL 3
#define EA 1e6
#define L0 30.0
#define RA 20.0
#define ZA -40.0

static double line_fz(double z) /* the lines' vertical force on the buoy at (0, 0, z) */
{
    double l = sqrt(RA * RA + (ZA - z) * (ZA - z));
    return NL * EA * (l / L0 - 1) * (ZA - z) / l;
}

Test(cli_bodies, buoy_on_lumped_lines_rises_to_the_hand_balance)
{
    double d = 0.05, mu = RHO * 0.25 * M_PI * d * d;
    int n = snprintf(yaml, sizeof yaml,
                     "environment: {gravity: %.17g, water_density: %.17g, depth: 100}\n"
                     "line_types:\n"
                     "  - {name: taut, diameter: %.17g, mass_per_length: %.17g, EA: %.17g, BA: 2.0e4}\n"
                     "bodies:\n"
                     "  - {name: buoy, type: free, position: [0, 0, -5], volume: 8, mass: 2000, cg: [0, 0, -0.5],\n"
                     "     cb: [0, 0, 0.5], inertia: [3000, 3000, 4000]}\n"
                     "points:\n",
                     G0, RHO, d, mu, EA);
    for (int k = 0; k < NL; k++) {
        double a = 2 * M_PI * k / NL;
        n += snprintf(yaml + n, sizeof yaml - (size_t)n,
                      "  - {name: anchor%d, type: fixed, position: [%.17g, %.17g, %.17g]}\n"
                      "  - {name: pad%d, type: body, body: buoy, position: [0, 0, 0]}\n",
                      k, RA * cos(a), RA * sin(a), ZA, k);
    }
    n += snprintf(yaml + n, sizeof yaml - (size_t)n, "lines:\n");
    for (int k = 0; k < NL; k++)
        n += snprintf(yaml + n, sizeof yaml - (size_t)n,
                      "  - {name: leg%d, type: taut, end_a: anchor%d, end_b: pad%d, length: %.17g, segments: 10}\n",
                      k, k, k, L0);
    snprintf(yaml + n, sizeof yaml - (size_t)n,
             "solver: {dt: 0.0004, t_end: 1, static_solve: true}\n"
             "outputs: {interval: 0.5, formats: [csv, vtk, hdf5]}\n");
    run_ok("cli_buoy");
    {   /* the world statics in summary.json: the outer solve over the buoy's 6 degrees of freedom
           took iterations (it starts 5 m off its balance) and ended with a net load below the
           tolerance (1e-6 of the buoyancy, 8e4 N: 0.08 N); the lumped statics' keys stay */
        const char *js = slurp_text(HW_TMP "/cli_buoy/summary.json");
        double it = json_num(js, "bodies_iterations"), res = json_num(js, "bodies_residual_N");
        printf("cli, buoy: summary static: bodies_iterations %g, bodies_residual_N %.3g, residual %.3g\n", it, res,
               json_num(js, "residual"));
        cr_expect(it >= 1 && it < 100, "%s", js);
        cr_expect(res >= 0 && res < 0.08, "%s", js);
        cr_expect(!isnan(json_num(js, "residual")) && !isnan(json_num(js, "iterations")), "%s", js);
        /* at least one lumped solve per outer iteration (each trial state is a lumped solve) */
        cr_expect(json_num(js, "bodies_lumped_solves") >= it, "%s", js);
    }

    /* the hand balance: the lines' pull down equals the net buoyancy, z by bisection (taut over
       the bracket) */
    double net_up = (RHO * 8.0 - 2000.0) * G0, lo = ZA + 20.0, hi = 0.0;
    for (int i = 0; i < 200; i++) {
        double zm = 0.5 * (lo + hi);
        if (line_fz(zm) + net_up > 0) lo = zm; else hi = zm;
    }
    double z_hand = 0.5 * (lo + hi);
    double t[8], z[8], x[8], y[8];
    int nz, nx, ny;
    csv_column(HW_TMP "/cli_buoy/bodies.csv", "buoy.z_m", t, z, 8, &nz);
    csv_column(HW_TMP "/cli_buoy/bodies.csv", "buoy.x_m", t, x, 8, &nx);
    csv_column(HW_TMP "/cli_buoy/bodies.csv", "buoy.y_m", t, y, 8, &ny);
    cr_assert_eq(nz, 3, "rows at 0, 0.5 and 1 s");
    cr_assert_eq(t[0], 0.0);
    printf("cli, buoy on three lumped lines: bodies.csv z = %.9f m at t = 0 (hand balance %.9f m, off by %.1e m), "
           "%.9f m at t = 1 s\n", z[0], z_hand, z[0] - z_hand, z[2]);
    /* the statics' tolerances (1e-6 of the largest tension and of the buoyancy: 0.1 N on a
       stiffness 3 EA / L0 ~ 1e5 N/m, 1e-6 m) and bodies.csv's 10 significant digits (1e-9 m) */
    cr_expect_lt(fabs(z[0] - z_hand), 1e-6, "z %.9f vs %.9f", z[0], z_hand);
    cr_expect_lt(fabs(x[0]) + fabs(y[0]), 1e-6);
    /* then stepped for 1 s it stays (as test_body: drift below 1e-5 m) */
    cr_expect_lt(fabs(z[2] - z[0]) + fabs(x[2] - x[0]) + fabs(y[2] - y[0]), 1e-5);

    /* the same body in the ParaView frames and results.h5 (the world's state, as in bodies.csv) */
    for (int r = 0; r < 3; r++) {
        char path[512];
        snprintf(path, sizeof path, HW_TMP "/cli_buoy/vtk/bodies_%06d.vtp", r);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f, "%s: the bodies' frame of row %d", path, r);
        static char text[1 << 16];
        size_t len = fread(text, 1, sizeof text - 1, f);
        text[len] = 0;
        fclose(f);
        cr_expect_not_null(strstr(text, "NumberOfPoints=\"4\""), "%s: one body, 4 glyph points", path);
        cr_expect_not_null(strstr(text, "axis_x"), "%s", path);
    }
#ifdef HAWSER_HAVE_HDF5
    hid_t h = H5Fopen(HW_TMP "/cli_buoy/results.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(h, 0, "results.h5 opens");
    hid_t ds = H5Dopen2(h, "/bodies/position", H5P_DEFAULT);
    cr_assert_geq(ds, 0, "/bodies/position");
    hsize_t dims[3];
    hid_t sp = H5Dget_space(ds);
    cr_assert_eq(H5Sget_simple_extent_ndims(sp), 3);
    H5Sget_simple_extent_dims(sp, dims, NULL);
    H5Sclose(sp);
    cr_assert(dims[0] == 3 && dims[1] == 1 && dims[2] == 3, "rows x bodies x 3");
    double pos[9];
    cr_assert_geq(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, pos), 0);
    H5Dclose(ds);
    H5Fclose(h);
    for (int r = 0; r < 3; r++) /* bodies.csv has 10 significant digits: 1e-8 m at |z| ~ 10 m */
        cr_expect_lt(fabs(pos[3 * r + 2] - z[r]) + fabs(pos[3 * r] - x[r]), 1e-8, "row %d: %.12g vs %.12g", r,
                     pos[3 * r + 2], z[r]);
#endif
}

/* ---- a payload on a rigid cable's 6-DOF end and a lumped line ---------------------------------- */

/* In air (everything above the water at z = 0): a 1000 kg payload (inertia 100 kg m^2) hangs by
 * a ball joint 0.5 m above its reference point from a 10 m rigid wire (0.01 kg/m, EA 1e7 N, two
 * elements: the transverse step bound l sqrt(mu / (3 T)) = 2.4 ms is above dt = 1 ms) from a
 * fixed point 60 m up; a 500 kg weight (a free lumped point) hangs 5 m under its reference point
 * on a lumped line (one segment, 0.01 kg/m, EA 1e7 N, damping ratio 0.5). The payload starts where
 * the wire's stretch under the weight of all of it puts it. At rest the wire's top tension is
 * (M + m + wire + line) g and the payload hangs at 60 - L (1 + T_mid / EA) - 0.5. */
Test(cli_bodies, payload_on_rigid_cable_and_lumped_line)
{
    double M = 1000.0, m2 = 500.0, Lw = 10.0, Ll = 5.0, mu = 0.01, ea = 1e7;
    double Te = (M + m2 + mu * Lw + mu * Ll) * G0;
    double Tmid = Te - 0.5 * mu * Lw * G0; /* the wire's mean tension: its stretch */
    double z_hand = 60.0 - Lw * (1 + Tmid / ea) - 0.5;
    snprintf(yaml, sizeof yaml,
             "environment: {gravity: %.17g, water_density: %.17g, depth: 100}\n"
             "line_types:\n"
             "  - {name: light, diameter: 0.01, mass_per_length: %.17g, EA: %.17g, damping_ratio: 0.5}\n"
             "bodies:\n"
             "  - {name: payload, type: free, position: [0, 0, %.17g], mass: %.17g, inertia: [100, 100, 100]}\n"
             "points:\n"
             "  - {name: top, type: fixed, position: [0, 0, 60]}\n"
             "  - {name: under, type: body, body: payload, position: [0, 0, -0.5]}\n"
             "  - {name: weight, type: free, mass: %.17g, position: [0, 0, %.17g]}\n"
             "lines:\n"
             "  - {name: tail, type: light, end_a: under, end_b: weight, length: %.17g, segments: 1}\n"
             "rigid_cables:\n"
             "  - {name: wire, length: %.17g, elements: 2, mass_per_length: %.17g, diameter: 0.01, EA: %.17g,\n"
             "     Cdn: 0, Cdt: 0, end_a: top, end_b: {type: body, body: payload, at: [0, 0, 0.5]}}\n"
             "solver: {dt: 0.001, t_end: 10, static_solve: true, allow_unstable_dt: true}\n"
             "outputs: {interval: 0.01}\n",
             G0, RHO, mu, ea, z_hand, M, m2, z_hand - 0.5 - Ll, Ll, Lw, mu, ea);
    run_ok("cli_payload");
    static double t[1200], z[1200], T[1200];
    int nz, nt;
    csv_column(HW_TMP "/cli_payload/bodies.csv", "payload.z_m", t, z, 1200, &nz);
    csv_column(HW_TMP "/cli_payload/rigid.csv", "wire.TA_N", t, T, 1200, &nt);
    cr_assert_eq(nz, 1001);
    cr_assert_eq(nt, 1001);
    /* averaged over the last second (100 rows, five periods of the payload bouncing on the wire,
       sqrt(EA / L / M) ~ 26 rad/s, whatever the start leaves of it) */
    double zm = 0.0, Tm = 0.0;
    for (int i = nz - 100; i < nz; i++) { zm += z[i] / 100; Tm += T[i] / 100; }
    printf("cli, payload on a rigid wire with a weight on a lumped line: top tension %.2f N (expected %.2f N, %.1e), "
           "payload at z = %.6f m (expected %.6f m, off by %.1e m)\n", Tm, Te, Tm / Te - 1, zm, z_hand, zm - z_hand);
    /* it starts at the hand balance at rest, so what moves it is an error of the coupling (had
       the rigid solver not the lumped line's pull, the tension would be 33% short and the payload
       5 mm higher); 1e-3 of the tension, 0.1 mm (0.7% of the wire's 1.5 cm stretch) */
    cr_expect_lt(fabs(Tm / Te - 1), 1e-3);
    cr_expect_lt(fabs(zm - z_hand), 1e-4);
    /* bodies.csv's cable force on the payload: the wire's pull up and the line's down, together its
       weight M g at rest (same averaging and bound as the tension) */
    static double F[1200];
    int nf;
    csv_column(HW_TMP "/cli_payload/bodies.csv", "payload.Fz_N", t, F, 1200, &nf);
    double Fm = 0.0;
    for (int i = nf - 100; i < nf; i++) Fm += F[i] / 100;
    cr_expect_lt(fabs(Fm / (M * G0) - 1), 1e-3, "cables' force on the payload %.3f N vs M g %.3f N", Fm, M * G0);
}

/* A body on two rigid cable ends: each end's implicit solve integrates its own copy of the body,
 * so a run refuses it (rigid cables alone, and with lumped lines through the world), saying so. */
Test(cli_bodies, body_on_two_rigid_cable_ends_is_refused)
{
    for (int with_lines = 0; with_lines < 2; with_lines++) {
        snprintf(yaml, sizeof yaml,
                 "solver: {dt: 0.001, t_end: 1}\n"
                 "line_types:\n"
                 "  - {name: light, diameter: 0.01, mass_per_length: 0.01, EA: 1.0e7}\n"
                 "bodies:\n"
                 "  - {name: payload, type: free, position: [0, 0, -50], mass: 1000, inertia: [100, 100, 100]}\n"
                 "points:\n"
                 "  - {name: top, type: fixed, position: [0, 0, 0]}\n"
                 "  - {name: top2, type: fixed, position: [5, 0, 0]}\n"
                 "  - {name: under, type: body, body: payload, position: [0, 0, -0.5]}\n"
                 "  - {name: weight, type: free, mass: 10, position: [0, 0, -55]}\n"
                 "%s"
                 "rigid_cables:\n"
                 "  - {name: wire, length: 49, elements: 2, mass_per_length: 5, diameter: 0.03, EA: 1.0e8,\n"
                 "     end_a: top, end_b: {type: body, body: payload, at: [0, 0, 1]}}\n"
                 "  - {name: wire2, length: 49.2, elements: 2, mass_per_length: 5, diameter: 0.03, EA: 1.0e8,\n"
                 "     end_a: top2, end_b: {type: body, body: payload, at: [0, 0, 1]}}\n"
                 "outputs: {interval: 0.5}\n",
                 with_lines ? "lines:\n  - {name: tail, type: light, end_a: under, end_b: weight, length: 4.5, segments: 1}\n" : "");
        char in[512];
        snprintf(in, sizeof in, HW_TMP "/cli_two_ends_%d.yaml", with_lines);
        write_file(in, yaml);
        snprintf(cmd, sizeof cmd, "'%s' run '%s' -o '" HW_TMP "/cli_two_ends' --quiet 2>&1", HW_CLI_PATH, in);
        cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out); /* the scenario's, as bad input */
        cr_expect(strstr(out, "body 'payload'") && strstr(out, "is on two rigid cable ends"), "%s", out);
    }
}

/* Rigid cables alone with a body (no lumped lines: the rigid-only run, its world holding the
 * body): bodies.csv is written too. The payload of the test above on the same wire without the
 * weight, started at the hand balance at rest: the top tension (M + wire) g and the height
 * 60 - L (1 + T_mid / EA) - 0.5 in every row. */
Test(cli_bodies, payload_on_rigid_cable_alone_writes_bodies_csv)
{
    double M = 1000.0, Lw = 10.0, mu = 0.01, ea = 1e7;
    double Te = (M + mu * Lw) * G0, Tmid = Te - 0.5 * mu * Lw * G0;
    double z_hand = 60.0 - Lw * (1 + Tmid / ea) - 0.5;
    snprintf(yaml, sizeof yaml,
             "environment: {gravity: %.17g, water_density: %.17g, depth: 100}\n"
             "bodies:\n"
             "  - {name: payload, type: free, position: [0, 0, %.17g], mass: %.17g, inertia: [100, 100, 100]}\n"
             "points:\n"
             "  - {name: top, type: fixed, position: [0, 0, 60]}\n"
             "rigid_cables:\n"
             "  - {name: wire, length: %.17g, elements: 2, mass_per_length: %.17g, diameter: 0.01, EA: %.17g,\n"
             "     Cdn: 0, Cdt: 0, end_a: top, end_b: {type: body, body: payload, at: [0, 0, 0.5]}}\n"
             "solver: {dt: 0.001, t_end: 2}\n"
             "outputs: {interval: 0.5}\n",
             G0, RHO, z_hand, M, Lw, mu, ea);
    run_ok("cli_payload_alone");
    double t[8], z[8], T[8];
    int nz, nt;
    csv_column(HW_TMP "/cli_payload_alone/bodies.csv", "payload.z_m", t, z, 8, &nz);
    csv_column(HW_TMP "/cli_payload_alone/rigid.csv", "wire.TA_N", t, T, 8, &nt);
    cr_assert_eq(nz, 5);
    cr_assert_eq(nt, 5);
    printf("cli, payload on a rigid wire alone: top tension %.4f N at t = 2 s (expected %.4f N, %.1e), z = %.9f m "
           "(expected %.9f m, off by %.1e m)\n", T[4], Te, T[4] / Te - 1, z[4], z_hand, z[4] - z_hand);
    for (int i = 0; i < nz; i++) /* as above: at rest at the start, 0.1 mm */
        cr_expect_lt(fabs(z[i] - z_hand), 1e-4, "row %d: z %.9f vs %.9f", i, z[i], z_hand);
    cr_expect_lt(fabs(T[4] / Te - 1), 1e-3); /* the t = 0 row has no tension yet (nan) */
}

/* ---- summary.json's bodies against bodies.csv -------------------------------------------------- */

/* The buoy above with its pads off its reference point, started 10 m above its balance (the lines
 * 28% stretched), aside and turned (no statics): it swings in every direction over 1.2 s. The
 * summary's extremes are sampled at the start and after every step: with an output row at every
 * step, each is the extreme of bodies.csv's column with its time, the largest cable force the
 * largest |(Fx, Fy, Fz)| of the rows. Tolerances: bodies.csv prints x y z with 10 significant
 * digits, the angles and forces with 8, the summary 10 (half a unit of the last printed digit,
 * relative: 5e-10 and 5e-8, taken as 1e-9 and 1e-7); at the summary's time of each extreme the
 * row has that value (times: the same doubles printed the same way). */
/* The row whose time is t (the same double printed the same way), or -1. */
static int row_at(const double *t, int n, double at)
{
    for (int i = 0; i < n; i++)
        if (t[i] == at) return i;
    return -1;
}

Test(cli_bodies, summary_bodies_extremes_are_bodies_csv_extremes)
{
    double d = 0.05, mu = RHO * 0.25 * M_PI * d * d;
    int n = snprintf(yaml, sizeof yaml,
                     "environment: {gravity: %.17g, water_density: %.17g, depth: 100}\n"
                     "line_types:\n"
                     "  - {name: taut, diameter: %.17g, mass_per_length: %.17g, EA: %.17g, BA: 2.0e4}\n"
                     "bodies:\n"
                     "  - {name: buoy, type: free, position: [0.5, -0.3, -6], rotation: [0.1, -0.05, 0.2], volume: 8,\n"
                     "     mass: 2000, cg: [0, 0, -0.5], cb: [0, 0, 0.5], inertia: [3000, 3000, 4000],\n"
                     "     CdA: [2, 2, 2, 1, 1, 1]}\n"
                     "points:\n",
                     G0, RHO, d, mu, EA);
    for (int k = 0; k < NL; k++) {
        double a = 2 * M_PI * k / NL;
        n += snprintf(yaml + n, sizeof yaml - (size_t)n,
                      "  - {name: anchor%d, type: fixed, position: [%.17g, %.17g, %.17g]}\n"
                      "  - {name: pad%d, type: body, body: buoy, position: [%.17g, %.17g, -1]}\n",
                      k, RA * cos(a), RA * sin(a), ZA, k, cos(a), sin(a));
    }
    n += snprintf(yaml + n, sizeof yaml - (size_t)n, "lines:\n");
    for (int k = 0; k < NL; k++)
        n += snprintf(yaml + n, sizeof yaml - (size_t)n,
                      "  - {name: leg%d, type: taut, end_a: anchor%d, end_b: pad%d, length: %.17g, segments: 10}\n",
                      k, k, k, L0);
    snprintf(yaml + n, sizeof yaml - (size_t)n,
             "solver: {dt: 0.0004, t_end: 1.2, static_solve: false}\n"
             "outputs: {interval: 0.0004}\n");
    run_ok("cli_buoy_swing");
    const char *js = slurp_text(HW_TMP "/cli_buoy_swing/summary.json");
    cr_assert(strstr(js, "\"bodies\":[{\"name\":\"buoy\",\"kind\":\"free\",\"samples\":3001,"), "%s", js);
    static const char *col[] = {"x_m", "y_m", "z_m", "roll_deg", "pitch_deg", "yaw_deg"};
    static double t[4096], v[4096], fx[4096], fy[4096], fz[4096];
    int nr;
    for (int c = 0; c < 6; c++) {
        char name[64], key[64];
        snprintf(name, sizeof name, "buoy.%s", col[c]);
        csv_column(HW_TMP "/cli_buoy_swing/bodies.csv", name, t, v, 4096, &nr);
        cr_assert_eq(nr, 3001);
        int imax = 0, imin = 0;
        for (int i = 1; i < nr; i++) {
            if (v[i] > v[imax]) imax = i;
            if (v[i] < v[imin]) imin = i;
        }
        double tol = c < 3 ? 1e-9 : 1e-7;
        snprintf(key, sizeof key, "max_%s", col[c]);
        double smax = json_num(js, key);
        snprintf(key, sizeof key, "min_%s", col[c]);
        double smin = json_num(js, key);
        printf("cli, summary vs bodies.csv: %s max %.10g (csv %.10g at %g s), min %.10g (csv %.10g at %g s)\n",
               col[c], smax, v[imax], t[imax], smin, v[imin], t[imin]);
        cr_expect_leq(fabs(smax - v[imax]), tol * fmax(1.0, fabs(v[imax])), "%s", key);
        cr_expect_leq(fabs(smin - v[imin]), tol * fmax(1.0, fabs(v[imin])), "%s", key);
        /* the times: the row at the summary's time has the summary's value (two steps' values can
           agree to the printed digits, so the first row of the printed extreme may be another) */
        snprintf(key, sizeof key, "max_%s_time_s", col[c]);
        int r = row_at(t, nr, json_num(js, key));
        cr_expect(r >= 0 && fabs(v[r] - smax) <= tol * fmax(1.0, fabs(smax)), "%s", key);
        snprintf(key, sizeof key, "min_%s_time_s", col[c]);
        r = row_at(t, nr, json_num(js, key));
        cr_expect(r >= 0 && fabs(v[r] - smin) <= tol * fmax(1.0, fabs(smin)), "%s", key);
        cr_expect_gt(v[imax] - v[imin], c < 3 ? 0.05 : 0.5, "%s: it swings", col[c]);
    }
    csv_column(HW_TMP "/cli_buoy_swing/bodies.csv", "buoy.Fx_N", t, fx, 4096, &nr);
    csv_column(HW_TMP "/cli_buoy_swing/bodies.csv", "buoy.Fy_N", t, fy, 4096, &nr);
    csv_column(HW_TMP "/cli_buoy_swing/bodies.csv", "buoy.Fz_N", t, fz, 4096, &nr);
    int im = 0;
    double fm = 0;
    for (int i = 0; i < nr; i++) {
        double m = sqrt(fx[i] * fx[i] + fy[i] * fy[i] + fz[i] * fz[i]);
        if (m > fm) { fm = m; im = i; }
    }
    double sf = json_num(js, "max_cable_force_N");
    printf("cli, summary vs bodies.csv: max cable force %.10g N (csv %.10g N at %g s)\n", sf, fm, t[im]);
    cr_expect_leq(fabs(sf - fm), 1e-7 * fm);
    int r = row_at(t, nr, json_num(js, "max_cable_force_time_s"));
    cr_expect(r >= 0 && fabs(sqrt(fx[r] * fx[r] + fy[r] * fy[r] + fz[r] * fz[r]) - sf) <= 1e-7 * sf, "row %d", r);
}
