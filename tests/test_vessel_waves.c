/* Vessels in waves (docs/physics.md sections 9 and 10, "Bodies and RAOs"; docs/scenario.md
 * "Bodies"): a prescribed body moved by an RAO table read from a CSV file beside the scenario, in
 * the world's regular waves, and by a motion time series read from a CSV file; a free submerged
 * body carried by the waves. Known answers:
 *   - at a table frequency and heading, each of the 6 coordinates is a sinusoid of amplitude
 *     |RAO| a leading the wave crest at the reference point by the table's phase (both fitted
 *     from the time series: 1e-9);
 *   - between two table frequencies and between two headings (also across 360 deg), the amplitude
 *     and phase interpolated linearly (the phase along the shorter arc), no response outside the
 *     frequency range; surge and sway turned by the mean yaw; a period column and lagging phases
 *     converted;
 *   - a CSV motion file followed by its natural spline (position and velocity), in degrees;
 *     the readers' errors naming the CSV's file:line and the scenario's key;
 *   - a neutrally buoyant small sphere without drag in deep water follows the particle orbit:
 *     radius a e^{kz};
 *   - a floater heaved by the waterplane force on z - eta: the undamped forced oscillator;
 *   - a mooring line's fairlead on an RAO ship on the body point; the writer's inline RAO table
 *     read back bit for bit; the waves' loads on a body by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bodies/body_set.h"
#include "hawser/waves.h"
#include "hawser/world.h"
#include "io/scenario.h"
#include "io/scenario_write.h"

#define G0 9.80665
#define RHO 1025.0
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
/* Each test's own scratch folder (Criterion runs the tests of this suite in parallel processes,
 * and several write rao.csv and bad.yaml: one shared folder let a test read another's half-written
 * file). */
static const char *test_dir(void)
{
    static char d[256];
    if (!d[0]) snprintf(d, sizeof d, "%s/vessel_waves/%ld", HW_TMP, (long)getpid());
    return d;
}
#define DIR test_dir()

static char msg[2048];

/* A lumped model the scenarios need (a short line between two fixed points, far from the bodies):
 * 7 lines before the bodies. */
#define PREFIX "line_types:\n  - {name: rope, diameter: 0.05, mass_per_length: 2, EA: 1.0e6}\npoints:\n" \
               "  - {name: a, type: fixed, position: [0, 500, -50]}\n  - {name: b, type: fixed, position: [10, 500, -50]}\n" \
               "lines:\n  - {name: l, type: rope, end_a: a, end_b: b, length: 10, segments: 2}\n"

static void write_text(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", DIR, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

static void make_dir(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", DIR);
    cr_assert_eq(system(cmd), 0);
}

static double wrap(double a)
{
    a = fmod(a, 2 * M_PI);
    if (a > M_PI) a -= 2 * M_PI;
    if (a <= -M_PI) a += 2 * M_PI;
    return a;
}

/* Least squares of x(t) = m + C cos(w t) + S sin(w t): amplitude sqrt(C^2 + S^2) and phase
 * atan2(S, C) (x = A cos(w t - phase)). */
static void fit(const double *t, const double *x, int n, double w, double *mean, double *amp, double *phase)
{
    double M[3][4] = {{0}};
    for (int i = 0; i < n; i++) {
        double b[3] = {1.0, cos(w * t[i]), sin(w * t[i])};
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) M[r][c] += b[r] * b[c];
            M[r][3] += b[r] * x[i];
        }
    }
    for (int p = 0; p < 3; p++) /* Gauss-Jordan, the normal matrix is positive definite */
        for (int r = 0; r < 3; r++) {
            if (r == p) continue;
            double f = M[r][p] / M[p][p];
            for (int c = p; c < 4; c++) M[r][c] -= f * M[p][c];
        }
    double m = M[0][3] / M[0][0], C = M[1][3] / M[1][1], S = M[2][3] / M[2][2];
    if (mean) *mean = m;
    *amp = sqrt(C * C + S * S);
    *phase = atan2(S, C);
}

/* The same with a linear trend: x(t) = m + d t + C cos(w t) + S sin(w t). */
static void fit_trend(const double *t, const double *x, int n, double w, double *amp, double *phase)
{
    double M[4][5] = {{0}};
    for (int i = 0; i < n; i++) {
        double b[4] = {1.0, t[i], cos(w * t[i]), sin(w * t[i])};
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) M[r][c] += b[r] * b[c];
            M[r][4] += b[r] * x[i];
        }
    }
    for (int p = 0; p < 4; p++)
        for (int r = 0; r < 4; r++) {
            if (r == p) continue;
            double f = M[r][p] / M[p][p];
            for (int c = p; c < 5; c++) M[r][c] -= f * M[p][c];
        }
    double C = M[2][4] / M[2][2], S = M[3][4] / M[3][3];
    *amp = sqrt(C * C + S * S);
    *phase = atan2(S, C);
}

/* The RAO table of the tests, by formula: frequencies 0.5 and 1.0 rad/s, headings 0, 90, 180,
 * 270 deg; amplitude per (i, j, dof) in m/m or rad/m; the phase lead in deg. The yaw phase at
 * heading 0 goes from 170 to -170 deg (its shorter arc crosses 180). */
static const double TW[2] = {0.5, 1.0}, TH[4] = {0, 90, 180, 270};
static double t_amp(int i, int j, int c) { return c < 3 ? 0.1 * (c + 1) + 0.05 * i + 0.02 * j : 0.01 * (c - 2) + 0.005 * i + 0.002 * j; }
static double t_ph(int i, int j, int c)
{
    if (c == 5 && j == 0) return i == 0 ? 170.0 : -170.0;
    return -100.0 + 35.0 * c + 40.0 * i + 25.0 * j;
}

/* Writes the table as CSV (omega rad/s or period s, heading deg, amplitude and phase per dof;
 * rotations in deg/m when deg_rot, phases as lags when lag). */
static void write_rao(const char *name, int period, int deg_rot, int lag)
{
    static char buf[8192];
    size_t n = (size_t)snprintf(buf, sizeof buf, "# an RAO table of the tests\n%s,heading,surge,surge_ph,sway,sway_ph,heave,"
                                "heave_ph,roll,roll_ph,pitch,pitch_ph,yaw,yaw_ph\n", period ? "period" : "omega");
    for (int j = 3; j >= 0; j--) /* any row order */
        for (int i = 0; i < 2; i++) {
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%.17g, %.17g", period ? 2 * M_PI / TW[i] : TW[i], TH[j]);
            for (int c = 0; c < 6; c++)
                n += (size_t)snprintf(buf + n, sizeof buf - n, ", %.17g, %.17g",
                                      t_amp(i, j, c) * (c >= 3 && deg_rot ? 180.0 / M_PI : 1.0), lag ? -t_ph(i, j, c) : t_ph(i, j, c));
            n += (size_t)snprintf(buf + n, sizeof buf - n, "\n");
        }
    write_text(name, buf);
}

/* The expected RAO at (w, heading in deg): the documented interpolation, by hand. */
static void expected_rao(double w, double hdeg, double amp[6], double ph[6])
{
    for (int c = 0; c < 6; c++) amp[c] = ph[c] = 0.0;
    if (w < TW[0] || w > TW[1]) return;
    double sw = (w - TW[0]) / (TW[1] - TW[0]);
    double h = fmod(hdeg, 360.0);
    if (h < 0) h += 360.0;
    int j0 = (int)(h / 90.0), j1 = (j0 + 1) % 4;
    double sh = (h - 90.0 * j0) / 90.0;
    for (int c = 0; c < 6; c++) {
        double a0 = t_amp(0, j0, c) + sw * (t_amp(1, j0, c) - t_amp(0, j0, c));
        double a1 = t_amp(0, j1, c) + sw * (t_amp(1, j1, c) - t_amp(0, j1, c));
        double p0 = t_ph(0, j0, c) * M_PI / 180 + sw * wrap((t_ph(1, j0, c) - t_ph(0, j0, c)) * M_PI / 180);
        double p1 = t_ph(0, j1, c) * M_PI / 180 + sw * wrap((t_ph(1, j1, c) - t_ph(0, j1, c)) * M_PI / 180);
        amp[c] = a0 + sh * (a1 - a0);
        ph[c] = p0 + sh * wrap(p1 - p0);
    }
}

/* Loads DIR/name and returns its body 0 (the scenario is kept in *sc). */
static hw_body_def load_body(const char *name, hw_scenario **sc)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", DIR, name);
    cr_assert_eq(hw_scenario_load(path, sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq((*sc)->n_bodies, 1);
    return (*sc)->bodies[0];
}

static const char *SHIP_RAO =
    PREFIX "bodies:\n"
    "  - name: ship\n"
    "    type: prescribed\n"
    "    position: [30, -20, 0]\n"
    "    rotation: [0, 0, %.17g]\n"
    "    motion:\n"
    "      type: rao\n"
    "      rao: {file: %s%s}\n";

/* The body's 6 coordinates (x y z and roll pitch yaw) and their rates over 4 wave periods, sampled
 * at every step of the world in a regular wave (height 2 m, so a = 1 m, direction dir, phase 0.3)
 * of frequency w in 60 m of water; the wavenumber and the elevation at the reference point too. */
#define NS 801
typedef struct run_out {
    double t[NS], x[6][NS], v[6][NS], eta[NS], k;
} run_out;

static void run_rao(const hw_body_def *b, double w, double dir, run_out *o)
{
    hw_model_def m = hw_default_model();
    m.n_lines = m.n_points = m.n_types = 0;
    m.solver.static_solve = 0;
    m.env.depth = 60.0;
    m.env.waves.kind = HW_WAVES_REGULAR;
    m.env.waves.height = 2.0;
    m.env.waves.omega = w;
    m.env.waves.direction = dir;
    m.env.waves.phase = 0.3;
    double T = 2 * M_PI / w;
    m.solver.dt = 4 * T / (NS - 1);
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1;
    wd.bodies = b;
    hw_world *wo = NULL;
    cr_assert_eq(hw_world_create(&wd, &wo, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_waves *wv = hw_world_waves(wo);
    cr_assert_eq(hw_waves_count(wv), 1);
    hw_waves_component(wv, 0, NULL, NULL, &o->k, NULL, NULL);
    for (int i = 0; i < NS; i++) {
        if (i) cr_assert_eq(hw_world_step(wo, 1), HW_OK, "%s", hw_world_last_error(wo));
        double x[3], q[4], v[3], om[3];
        hw_world_body_state(wo, 0, x, q, v, om);
        o->t[i] = hw_world_time(wo);
        /* roll pitch yaw from the quaternion (R = Rz Ry Rx) */
        double roll = atan2(2 * (q[0] * q[1] + q[2] * q[3]), 1 - 2 * (q[1] * q[1] + q[2] * q[2]));
        double pitch = asin(2 * (q[0] * q[2] - q[3] * q[1]));
        double yaw = atan2(2 * (q[0] * q[3] + q[1] * q[2]), 1 - 2 * (q[2] * q[2] + q[3] * q[3]));
        double c6[6] = {x[0], x[1], x[2], roll, pitch, yaw};
        for (int c = 0; c < 6; c++) o->x[c][i] = c6[c];
        for (int c = 0; c < 3; c++) { o->v[c][i] = v[c]; o->v[3 + c][i] = om[c]; }
        o->eta[i] = hw_waves_elevation(wv, b->pos[0], b->pos[1], o->t[i]);
    }
    hw_world_destroy(wo);
}

/* The wavenumber of w in depth h by bisection on w^2 = g k tanh(k h) (independent of the
 * library's Newton). */
static double wavenumber(double w, double h)
{
    double lo = 1e-9, hi = 10.0;
    for (int it = 0; it < 200; it++) {
        double k = 0.5 * (lo + hi);
        if (G0 * k * tanh(k * h) > w * w) hi = k;
        else lo = k;
    }
    return 0.5 * (lo + hi);
}

/* Checks the body's motion in the wave of frequency w and direction dir (rad) against the RAO
 * expected at the relative heading (deg), yaw0 the mean yaw: amplitude and phase lead of each
 * coordinate from a fit over 4 periods. The coordinates are sums of sinusoids of frequency w (the
 * world places a prescribed body at each step's time exactly): the fit recovers them to rounding,
 * 1e-9 is far above that and far below any error of convention or interpolation. */
static void check_motion(const run_out *o, const hw_body_def *b, double w, double hrel_deg, double yaw0)
{
    double amp[6], ph[6], me, ae, pe;
    expected_rao(w, hrel_deg, amp, ph);
    cr_assert_lt(fabs(o->k / wavenumber(w, 60.0) - 1), 1e-9);
    fit(o->t, o->eta, NS, w, &me, &ae, &pe); /* the elevation at the reference point: a = 1 m */
    cr_assert_lt(fabs(ae - 1.0), 1e-9, "eta amplitude %.12g", ae);
    /* the response in body axes (surge sway heave) from the world x y z: complex amplitudes */
    double fa[6], fp[6], fm[6];
    for (int c = 0; c < 6; c++) fit(o->t, o->x[c], NS, w, &fm[c], &fa[c], &fp[c]);
    double re[6], im[6];
    for (int c = 0; c < 6; c++) { re[c] = fa[c] * cos(fp[c]); im[c] = fa[c] * sin(fp[c]); }
    double cy = cos(yaw0), sy = sin(yaw0);
    double bre[6] = {cy * re[0] + sy * re[1], -sy * re[0] + cy * re[1], re[2], re[3], re[4], re[5]};
    double bim[6] = {cy * im[0] + sy * im[1], -sy * im[0] + cy * im[1], im[2], im[3], im[4], im[5]};
    const double mean[6] = {b->pos[0], b->pos[1], b->pos[2], b->rot[0], b->rot[1], b->rot[2]};
    for (int c = 0; c < 6; c++) {
        double A = hypot(bre[c], bim[c]), P = atan2(bim[c], bre[c]);
        cr_assert_lt(fabs(fm[c] - mean[c]), 1e-9, "dof %d mean %.12g, expected %.12g", c, fm[c], mean[c]);
        cr_assert_lt(fabs(A - amp[c]), 1e-9, "dof %d amplitude %.12g, expected %.12g", c, A, amp[c]);
        if (amp[c] > 0) /* the lead on the crest at the reference point: eta's phase minus the response's */
            cr_assert_lt(fabs(wrap(pe - P - ph[c])), 1e-9, "dof %d lead %.12g rad, expected %.12g", c, wrap(pe - P), ph[c]);
    }
    /* the velocity is the time derivative: the fitted velocity amplitude w A (surge/sway/heave in
     * the world, the rotation rates through the small angles: first order, 1e-3 relative) */
    for (int c = 0; c < 3; c++) {
        double vm, va, vp;
        fit(o->t, o->v[c], NS, w, &vm, &va, &vp);
        cr_assert_lt(fabs(va - w * fa[c]), 1e-9, "velocity %d: %.12g, expected %.12g", c, va, w * fa[c]);
        if (fa[c] > 0) cr_assert_lt(fabs(wrap(vp - fp[c] + 0.5 * M_PI)), 1e-9);
    }
}

/* (1) At a table frequency and heading: amplitude and phase lead of every DOF, at a reference point
 * off the origin (the phase is the crest's there), the sea along +x and the body's yaw 0. */
Test(vessel_waves, rao_at_a_table_frequency)
{
    make_dir();
    write_rao("rao.csv", 0, 0, 0);
    char yaml[1024];
    snprintf(yaml, sizeof yaml, SHIP_RAO, 0.0, "rao.csv", "");
    write_text("rao1.yaml", yaml);
    hw_scenario *sc = NULL;
    hw_body_def b = load_body("rao1.yaml", &sc);
    cr_assert_eq(b.motion, HW_MOTION_RAO);
    cr_assert_eq(b.rao_n_omega, 2);
    cr_assert_eq(b.rao_n_heading, 4);
    static run_out o;
    run_rao(&b, 0.5, 0.0, &o);
    check_motion(&o, &b, 0.5, 0.0, 0.0);
    run_rao(&b, 1.0, 0.5 * M_PI, &o); /* the other frequency, heading 90 deg */
    check_motion(&o, &b, 1.0, 90.0, 0.0);
    hw_scenario_free(sc);
}

/* (2) Between the table's frequencies (0.3 of the way: the yaw phase 170 -> -170 deg interpolated
 * over the 20 deg of its shorter arc, to 176 deg) and outside them (no response). The table given
 * in periods with lagging phases and rotations in deg/m: the same motion. */
Test(vessel_waves, rao_interpolated_in_frequency)
{
    make_dir();
    write_rao("rao_period.csv", 1, 1, 1);
    char yaml[1024];
    snprintf(yaml, sizeof yaml, SHIP_RAO, 0.0, "rao_period.csv", ", frequency: period, rotations: deg/m, phase_convention: lag");
    write_text("rao2.yaml", yaml);
    hw_scenario *sc = NULL;
    hw_body_def b = load_body("rao2.yaml", &sc);
    static run_out o;
    double w = 0.5 + 0.3 * 0.5;
    run_rao(&b, w, 0.0, &o);
    check_motion(&o, &b, w, 0.0, 0.0);
    double amp[6], ph[6];
    expected_rao(w, 0.0, amp, ph);
    cr_assert_lt(fabs(wrap(ph[5] - 176.0 * M_PI / 180)), 1e-12);
    run_rao(&b, 1.2, 0.0, &o); /* above the table: at rest at the mean pose */
    for (int c = 0; c < 6; c++)
        for (int i = 0; i < NS; i++) cr_assert_lt(fabs(o.x[c][i] - (c < 3 ? b.pos[c] : b.rot[c - 3])), 1e-12);
    hw_scenario_free(sc);
}

/* (3) Heading: the body yawed 30 deg, the sea travelling towards 60 deg (relative heading 30:
 * a third of the way from 0 to 90), and towards 345 deg (relative 315: between 270 and 360 = 0, the
 * periodic wrap); surge and sway along the body's axes. */
Test(vessel_waves, rao_heading)
{
    make_dir();
    write_rao("rao.csv", 0, 0, 0);
    char yaml[1024];
    double yaw0 = 30.0 * M_PI / 180;
    snprintf(yaml, sizeof yaml, SHIP_RAO, yaw0, "rao.csv", ", headings: degrees, phases: degrees");
    write_text("rao3.yaml", yaml);
    hw_scenario *sc = NULL;
    hw_body_def b = load_body("rao3.yaml", &sc);
    static run_out o;
    run_rao(&b, 0.75, 60.0 * M_PI / 180, &o);
    check_motion(&o, &b, 0.75, 30.0, yaw0);
    run_rao(&b, 0.6, 345.0 * M_PI / 180, &o);
    check_motion(&o, &b, 0.6, 315.0, yaw0);
    hw_scenario_free(sc);
}

/* (4) A motion time series from a CSV file (a header, comments, angles in degrees): the body on
 * the natural spline through the rows, its velocity the spline's slope. The rows lie on
 * x = 0.1 t^2, y = sin(t), yaw = 10 t deg: within the rows a natural cubic spline of a quadratic
 * is exact but for its end conditions (free ends: second derivative 0 at t = 0 and 10), whose
 * effect decays by a factor 2 - sqrt(3) = 0.27 per row, so at t = 5.5 (5 rows from either end) x
 * is 0.1 t^2 within 1e-3 m and its rate 0.2 t within 1e-3 m/s; yaw (linear) is exact. */
Test(vessel_waves, motion_file_followed)
{
    make_dir();
    static char csv[4096];
    size_t n = (size_t)snprintf(csv, sizeof csv, "t, x, y, z, roll, pitch, yaw\n# vessel motions, angles in degrees\n");
    for (int i = 0; i <= 10; i++)
        n += (size_t)snprintf(csv + n, sizeof csv - n, "%d, %.17g, %.17g, 0, 0, 0, %.17g\n", i, 0.1 * i * i, sin(i), 10.0 * i);
    write_text("motion.csv", csv);
    write_text("motion.yaml", PREFIX "bodies:\n  - name: ship\n    type: prescribed\n    position: [100, 0, 0]\n"
                              "    motion: {type: table, file: motion.csv, angles: degrees}\n");
    hw_scenario *sc = NULL;
    hw_body_def b = load_body("motion.yaml", &sc);
    cr_assert_eq(b.motion, HW_MOTION_TABLE);
    cr_assert_eq(b.table_n, 11);
    cr_assert_float_eq(b.table_6[6 * 3 + 5], 30.0 * M_PI / 180, 1e-15);
    hw_model_def m = hw_default_model();
    m.n_lines = m.n_points = m.n_types = 0;
    m.solver.static_solve = 0;
    m.solver.dt = 0.25;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1;
    wd.bodies = &b;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    for (int i = 0; i < 22; i++) cr_assert_eq(hw_world_step(w, 1), HW_OK);
    double x[3], q[4], v[3], om[3], t = hw_world_time(w);
    cr_assert_float_eq(t, 5.5, 1e-12);
    hw_world_body_state(w, 0, x, q, v, om);
    cr_assert_lt(fabs(x[0] - (100 + 0.1 * t * t)), 1e-3, "x %.9g", x[0]);
    cr_assert_lt(fabs(v[0] - 0.2 * t), 1e-3, "vx %.9g", v[0]);
    cr_assert_lt(fabs(x[1] - sin(t)), 2e-2, "y %.9g against sin t %.9g", x[1], sin(t)); /* the spline of sin at a 1 s step */
    double yaw = atan2(2 * (q[0] * q[3] + q[1] * q[2]), 1 - 2 * (q[2] * q[2] + q[3] * q[3]));
    cr_assert_lt(fabs(yaw - 10.0 * t * M_PI / 180), 1e-12, "yaw %.15g", yaw);
    cr_assert_lt(fabs(om[2] - 10.0 * M_PI / 180), 1e-12, "yaw rate %.15g", om[2]);
    hw_world_destroy(w);
    hw_scenario_free(sc);
}

/* (5) The readers' errors: the scenario's file:line and key, then the CSV's own file:line. */
static void load_fails(const char *yaml, const char *csv_name, const char *csv, const char *want1, const char *want2)
{
    make_dir();
    if (csv_name) write_text(csv_name, csv);
    write_text("bad.yaml", yaml);
    hw_scenario *sc = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/bad.yaml", DIR);
    cr_assert_neq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK);
    cr_assert_null(sc);
    cr_assert(strstr(msg, want1), "'%s' not in: %s", want1, msg);
    if (want2) cr_assert(strstr(msg, want2), "'%s' not in: %s", want2, msg);
}

Test(vessel_waves, file_errors)
{
    const char *ship = PREFIX "bodies:\n  - name: ship\n    type: prescribed\n    position: [0, 0, 0]\n    motion:\n      type: table\n"
                       "      file: m.csv\n";
    load_fails(ship, "m.csv", "t,x,y,z,roll,pitch,yaw\n0,0,0,0,0,0,0\n1,0,0,abc,0,0,0\n",
               "bad.yaml:14: bodies[0] (ship).motion.file: ", "/m.csv:3: column 4 (z): expected a finite number, got 'abc'");
    load_fails(ship, "m.csv", "0,0,0,0,0,0,0\n1,0,0,0,0,0\n", "bad.yaml:14: bodies[0] (ship).motion.file: ",
               "/m.csv:2: row: expected 7 columns (t, x, y, z, roll, pitch, yaw), got 6");
    load_fails(ship, "m.csv", "0,0,0,0,0,0,0\n\n0,1,0,0,0,0,0\n", "bad.yaml:14: bodies[0] (ship).motion.file: ",
               "/m.csv:3: column 1 (t): expected values increasing strictly, got 0 after 0 (line 1)");
    load_fails(ship, "m.csv", "t,x,y,z,roll,pitch,yaw\n0,0,0,0,0,0,0\n", "bad.yaml:14: bodies[0] (ship).motion.file: ",
               "expected at least 2 rows of numbers, got 1");
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: table, file: none.csv}}\n",
               NULL, NULL, "bad.yaml:9: bodies[0] (ship).motion.file: ", "/none.csv: cannot open: No such file");
    /* the one table reader refuses what is not a regular file before opening it (a FIFO would wait) */
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: table, file: .}}\n",
               NULL, NULL, "bad.yaml:9: bodies[0] (ship).motion.file: ", "/.: expected a regular file, got a directory");
    /* one comma between two fields: an empty field is named at its line and column */
    load_fails(ship, "m.csv", "0,0,0,0,0,0,0\n1,0,,0,0,0,0\n", "bad.yaml:14: bodies[0] (ship).motion.file: ",
               "/m.csv:2: column 3 (y): expected a finite number, got ''");
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: table, file: m.csv, "
               "table: [[0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]]}}\n", "m.csv", "0,0,0,0,0,0,0\n1,0,0,0,0,0,0\n",
               "bodies[0] (ship).motion.file: expected either table or file, got both", NULL);
    const char *rao = PREFIX "bodies:\n  - name: ship\n    type: prescribed\n    position: [0, 0, 0]\n    motion:\n      type: rao\n"
                      "      rao:\n        file: r.csv\n";
    load_fails(rao, "r.csv", "0.5,0,1,0,1,0,1,0,0,0,0,0,0,0\n0.5,90,1,0,1,0,1,0,0,0,0,0,0,0\n1.0,0,1,0,1,0,1,0,0,0,0,0,0,0\n",
               "bad.yaml:15: bodies[0] (ship).motion.rao.file: ", "expected a full table: every one of the 2 frequencies at every "
               "one of the 2 headings (4 rows), got 3 rows (none at omega 1 rad/s, heading 90 deg)");
    load_fails(rao, "r.csv", "0.5,0,1,0,1,0,1,0,0,0,0,0,0,0\n0.5,360,1,0,1,0,1,0,0,0,0,0,0,0\n",
               "bad.yaml:15: bodies[0] (ship).motion.rao.file: ", "/r.csv:2: expected each (frequency, heading) once (360 deg is 0 deg), got "
               "frequency 0.5 and heading 360 again (line 1)");
    load_fails(rao, "r.csv", "0.5,0,-1,0,1,0,1,0,0,0,0,0,0,0\n", "bad.yaml:15: bodies[0] (ship).motion.rao.file: ",
               "/r.csv:1: column 3 (surge amplitude): expected an amplitude >= 0, got -1");
    load_fails(rao, "r.csv", "0.5,0,1,0,1,0,1,0,0,0,0,0,0\n", "bad.yaml:15: bodies[0] (ship).motion.rao.file: ",
               "/r.csv:1: row: expected 14 columns (frequency, heading, surge amplitude, surge phase, sway amplitude, "
               "sway phase, heave amplitude, heave phase, roll amplitude, roll phase, pitch amplitude, pitch phase, yaw "
               "amplitude, yaw phase), got 13");
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: rao, rao: {file: r.csv, "
               "phases: grads}}}\n", "r.csv", "0.5,0,1,0,1,0,1,0,0,0,0,0,0,0\n", "bad.yaml:9: bodies[0] (ship).motion.rao.phases: ",
               NULL);
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: rao}}\n", NULL, NULL,
               "bodies[0] (ship).motion.rao: expected an RAO table", NULL);
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: rao, rao: {file: r.csv}, "
               "period: 3}}\n", "r.csv", "0.5,0,1,0,1,0,1,0,0,0,0,0,0,0\n", "period", NULL);
    /* a point cannot have an RAO motion: the kind is for bodies */
    load_fails("line_types:\n  - {name: rope, diameter: 0.05, mass_per_length: 2, EA: 1.0e6}\npoints:\n"
               "  - {name: a, type: fixed, position: [0, 500, -50]}\n"
               "  - {name: p, type: prescribed, position: [10, 500, -50], motion: {type: rao}}\n"
               "lines:\n  - {name: l, type: rope, end_a: a, end_b: p, length: 10, segments: 2}\n", NULL, NULL,
               "bad.yaml:5: points[1] (p).motion.type: ", NULL);
    hw_model_def m = hw_default_model();
    hw_line_type_def ty = hw_default_line_type();
    ty.name = "rope"; ty.d = 0.05; ty.mu = 2.0; ty.ea = 1e6;
    hw_point_def p[2] = {hw_default_point(), hw_default_point()};
    p[0].name = "a"; p[1].name = "p";
    p[1].pos[0] = 10.0;
    p[1].kind = HW_POINT_PRESCRIBED;
    p[1].motion = HW_MOTION_RAO;
    hw_line_def l = hw_default_line();
    l.name = "l"; l.type = 0; l.point_a = 0; l.point_b = 1; l.length = 10; l.nseg = 2;
    m.n_types = 1; m.types = &ty;
    m.n_points = 2; m.points = p;
    m.n_lines = 1; m.lines = &l;
    hw_input_error e;
    cr_assert_eq(hw_model_check(&m, &e), HW_ERR_INPUT);
    cr_assert(strstr(e.message, "RAO motions are for bodies only"), "%s", e.message);
}

/* (6) A small neutrally buoyant sphere (m = rho V, cg = cb = 0, Ca = 0.5, no drag) at z0 = -10 m
 * in deep water (h = 100 m, kh = 11) under a regular wave of a = 0.2 m, T = 6 s, started on the
 * particle's orbit: (m + Ca rho V) a_b = rho V (1 + Ca) a_f gives a_b = a_f, so it follows the
 * particle, whose orbit is a circle of radius r0 = a e^{k z0} (horizontal and vertical amplitude)
 * about its mean position. Not exactly: the kinematics are taken where the body is, not at the
 * orbit's centre, and Wheeler-stretched under the crest (relative modulations k r0 = 0.007 and
 * k a = 0.02 at the wave frequency: second harmonics, which the fit at the wave frequency leaves
 * out, and a slow drift, which its linear term takes); the step h = T / 200 of the symplectic
 * Euler step, whose velocity lives at half steps (started with the particle's velocity at t =
 * h / 2), errs by (w h)^2 / 24 = 4e-5. 1% holds all of it. Through host/bodies directly: a free
 * body starts at rest in the world, and this one must start on its orbit. */

Test(vessel_waves, neutral_sphere_follows_the_orbit)
{
    double a = 0.2, T = 6.0, w = 2 * M_PI / T, z0 = -10.0, R = 0.5, V = 4.0 / 3.0 * M_PI * R * R * R;
    hw_env_def env = hw_default_env();
    double k = wavenumber(w, env.depth), r0 = a * exp(k * z0), h = T / 200;
    env.waves.kind = HW_WAVES_REGULAR;
    env.waves.height = 2 * a;
    env.waves.omega = w;
    hw_waves *wv = NULL;
    cr_assert_eq(hw_waves_create(&env, &wv, msg, sizeof msg), HW_OK, "%s", msg);
    hw_body_def b = hw_default_body();
    b.name = "sphere";
    b.kind = HW_BODY_FREE;
    b.volume = V;
    b.mass = env.rho_w * V;
    b.inertia[0] = b.inertia[1] = b.inertia[2] = 0.4 * b.mass * R * R;
    b.ca[0] = b.ca[1] = b.ca[2] = 0.5;
    b.pos[2] = z0 + r0;
    hw_bodies *bs = NULL;
    cr_assert_eq(hw_bodies_create(&b, 1, NULL, 0, NULL, &bs, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_bodies_set_waves(bs, wv, msg, sizeof msg), HW_OK, "%s", msg);
    /* the particle under eta = a cos(k x - w t) from x = 0: x = r0 sin(w t), z = z0 + r0 cos(w t) */
    double pos[3] = {0.0, 0.0, z0 + r0}, q[4] = {1, 0, 0, 0}, vel[3] = {w * r0 * cos(0.5 * w * h), 0.0, -w * r0 * sin(0.5 * w * h)};
    cr_assert_eq(hw_bodies_set_state(bs, 0, pos, q, vel, NULL), HW_OK);
    enum { N = 600 };
    static double t[N], x[N], z[N];
    for (int i = 0; i < N; i++) {
        t[i] = (i + 1) * h;
        cr_assert_eq(hw_bodies_after_step(bs, NULL, t[i], h, msg, sizeof msg), HW_OK, "%s", msg);
        double r[3];
        hw_bodies_state(bs, 0, r, NULL, NULL, NULL);
        x[i] = r[0];
        z[i] = r[2];
    }
    hw_bodies_destroy(bs);
    hw_waves_destroy(wv);
    double ax, px, az, pz;
    fit_trend(t, x, N, w, &ax, &px);
    fit_trend(t, z, N, w, &az, &pz);
    printf("neutral sphere: orbit amplitudes %.6f (x), %.6f (z) m, a e^{k z0} = %.6f m; phases %.4f, %.4f rad\n", ax, az, r0, px, pz);
    cr_assert_lt(fabs(ax / r0 - 1), 1e-2);
    cr_assert_lt(fabs(az / r0 - 1), 1e-2);
    cr_assert_lt(fabs(wrap(px - 0.5 * M_PI)), 1e-2); /* x = r0 sin(w t) */
    cr_assert_lt(fabs(wrap(pz)), 1e-2);              /* z = z0 + r0 cos(w t) */
}

/* (7) A surface-piercing body (10 m^3, its mass, a 10 m^2 waterplane, no drag) heaved by a regular
 * wave through its waterplane: (m + A33) z'' = -rho g awp (z - eta), eta = a cos(w t) at its
 * reference point (x = y = 0), from rest at z = 0: the undamped forced oscillator
 *   z(t) = a / (1 - r^2) (cos(w t) - cos(w_n t)),  r = w / w_n,  w_n^2 = rho g awp / (m + A33).
 * Symplectic Euler at dt = 1 ms starts with the velocity of t = h / 2 off by a(0) h / 2, a free
 * oscillation of a w_n h / 2 = 0.2% of a; its phase error (w_n h)^2 / 24 per radian is 4e-7:
 * within 1% of a over 10 s. */
Test(vessel_waves, floater_heaved_by_the_waterplane)
{
    double a = 0.5, T = 4.0, w = 2 * M_PI / T;
    hw_body_def b = hw_default_body();
    b.name = "floater";
    b.kind = HW_BODY_FREE;
    b.volume = 10.0;
    b.mass = RHO * b.volume;
    b.awp = 10.0;
    b.iwp[0] = b.iwp[1] = 20.0;
    b.inertia[0] = b.inertia[1] = 2e4;
    b.inertia[2] = 3e4;
    b.ca[2] = 0.4;
    hw_model_def m = hw_default_model();
    m.n_lines = m.n_points = m.n_types = 0;
    m.solver.static_solve = 0;
    m.solver.dt = 1e-3;
    m.env.waves.kind = HW_WAVES_REGULAR;
    m.env.waves.height = 2 * a;
    m.env.waves.omega = w;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1;
    wd.bodies = &b;
    hw_world *wo = NULL;
    cr_assert_eq(hw_world_create(&wd, &wo, msg, sizeof msg), HW_OK, "%s", msg);
    double wn = sqrt(RHO * G0 * b.awp / (b.mass + 0.4 * RHO * b.volume)), r = w / wn, err = 0.0;
    for (int i = 1; i <= 10000; i++) {
        cr_assert_eq(hw_world_step(wo, 1), HW_OK, "%s", hw_world_last_error(wo));
        double x[3], t = hw_world_time(wo);
        hw_world_body_state(wo, 0, x, NULL, NULL, NULL);
        double ze = a / (1 - r * r) * (cos(w * t) - cos(wn * t));
        err = fmax(err, fabs(x[2] - ze));
        cr_assert_lt(fabs(x[0]) + fabs(x[1]), 1e-12); /* no horizontal wave force on it */
    }
    hw_world_destroy(wo);
    printf("floater in waves: heave off the forced oscillator by at most %.3e m (a = %g m)\n", err, a);
    cr_assert_lt(err, 1e-2 * a);
}

/* (8) The fairlead of a mooring line on an RAO ship (a point of type body at (40, 5, -8) in the body
 * frame) is on the body point r + R(q) at at the start (t = 0, where the response is not the mean
 * pose: no ramp) and at every step's end, so the line's end moves with the same sea as its water. */
Test(vessel_waves, fairlead_rides_on_the_rao_ship)
{
    make_dir();
    write_rao("rao.csv", 0, 0, 0);
    write_text("moored.yaml", "line_types:\n  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e7}\n"
                              "bodies:\n  - name: ship\n    type: prescribed\n    position: [0, 0, 0]\n    rotation: [0, 0, 0.3]\n"
                              "    motion: {type: rao, rao: {file: rao.csv}}\n"
                              "points:\n  - {name: anchor, type: fixed, position: [300, 0, -60]}\n"
                              "  - {name: fair, type: body, body: ship, position: [40, 5, -8]}\n"
                              "lines:\n  - {name: l1, type: chain, end_a: anchor, end_b: fair, length: 290, segments: 10}\n"
                              "solver: {dt: 0.0005, static_solve: false}\n");
    char path[512];
    snprintf(path, sizeof path, "%s/moored.yaml", DIR);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    sc->model.env.depth = 60.0;
    sc->model.env.waves.kind = HW_WAVES_REGULAR;
    sc->model.env.waves.height = 2.0;
    sc->model.env.waves.omega = 0.7;
    sc->model.env.waves.direction = 2.5;
    hw_world_def wd = hw_default_world();
    wd.lumped = &sc->model;
    wd.n_bodies = sc->n_bodies;
    wd.bodies = sc->bodies;
    wd.n_body_points = sc->n_body_points;
    wd.body_points = sc->body_points;
    hw_world *wo = NULL;
    cr_assert_eq(hw_world_create(&wd, &wo, msg, sizeof msg), HW_OK, "%s", msg);
    const double at[3] = {40, 5, -8};
    double moved = 0.0;
    for (int i = 0; i <= 1000; i++) {
        if (i) cr_assert_eq(hw_world_step(wo, 1), HW_OK, "%s", hw_world_last_error(wo));
        double r[3], q[4], p[3];
        hw_world_body_state(wo, 0, r, q, NULL, NULL);
        cr_assert_eq(hw_sim_point_state(hw_world_lumped(wo), 1, p, NULL, NULL), HW_OK);
        /* r + R(q) at, R from the quaternion (w x y z) by hand */
        double w = q[0], x = q[1], y = q[2], z = q[3];
        double R[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                       2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                       2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)};
        for (int c = 0; c < 3; c++) {
            double e = r[c] + R[3 * c] * at[0] + R[3 * c + 1] * at[1] + R[3 * c + 2] * at[2];
            cr_assert_lt(fabs(p[c] - e), 1e-9, "t = %g: fairlead %d at %.12g, body point %.12g", hw_world_time(wo), c, p[c], e);
        }
        if (i == 0) moved = fabs(r[2]); /* the heave at t = 0: not the mean pose */
        if (i % 250 == 0) { /* the one-off evaluation (hw_body_motion6_waves) is the world's */
            double x6[6], v6[6], vel[3];
            cr_assert_eq(hw_body_motion6_waves(&sc->bodies[0], NULL, hw_world_waves(wo), hw_world_time(wo), x6, v6), HW_OK);
            hw_world_body_state(wo, 0, NULL, NULL, vel, NULL);
            for (int c = 0; c < 3; c++) {
                cr_assert_lt(fabs(x6[c] - r[c]), 1e-12);
                cr_assert_lt(fabs(v6[c] - vel[c]), 1e-12);
            }
        }
    }
    cr_assert_gt(moved, 0.05);
    hw_world_destroy(wo);
    hw_scenario_free(sc);
}

/* (9) The scenario writer writes an RAO body's table inline (rao.table, in rad/s, rad, m/m, rad/m
 * and phase leads in rad), and a motion file's rows as a table: reloaded, the same definitions bit
 * for bit. A bad inline row is refused at its line. */
Test(vessel_waves, written_and_read_back)
{
    make_dir();
    write_rao("rao.csv", 1, 1, 1);
    static char csv[1024];
    size_t n = 0;
    for (int i = 0; i <= 4; i++) n += (size_t)snprintf(csv + n, sizeof csv - n, "%d %g %g 0 1 2 %g\n", i, 0.1 * i, -0.2 * i, 5.0 * i);
    write_text("m2.csv", csv);
    write_text("both.yaml", PREFIX "bodies:\n"
               "  - {name: ship, type: prescribed, position: [1, 2, 0], rotation: [0, 0, 0.2], motion: {type: rao, rao: "
               "{file: rao.csv, frequency: period, rotations: deg/m, phase_convention: lag}}}\n"
               "  - {name: tug, type: prescribed, position: [0, 0, 0], motion: {type: table, file: m2.csv, angles: degrees}}\n");
    char path[512];
    snprintf(path, sizeof path, "%s/both.yaml", DIR);
    hw_scenario *a = NULL, *b = NULL;
    cr_assert_eq(hw_scenario_load(path, &a, msg, sizeof msg), HW_OK, "%s", msg);
    snprintf(path, sizeof path, "%s/both_written.yaml", DIR);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    cr_assert_eq(hw_scenario_write_yaml(a, f, "round trip"), HW_OK);
    fclose(f);
    cr_assert_eq(hw_scenario_load(path, &b, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(b->n_bodies, 2);
    const hw_body_def *x = &a->bodies[0], *y = &b->bodies[0];
    cr_assert_eq(y->motion, HW_MOTION_RAO);
    cr_assert_eq(x->rao_n_omega, y->rao_n_omega);
    cr_assert_eq(x->rao_n_heading, y->rao_n_heading);
    int nc = x->rao_n_omega * x->rao_n_heading;
    cr_assert_eq(memcmp(x->rao_omega, y->rao_omega, sizeof(double) * x->rao_n_omega), 0);
    cr_assert_eq(memcmp(x->rao_heading, y->rao_heading, sizeof(double) * x->rao_n_heading), 0);
    cr_assert_eq(memcmp(x->rao_amp, y->rao_amp, sizeof(double) * 6 * nc), 0);
    cr_assert_eq(memcmp(x->rao_phase, y->rao_phase, sizeof(double) * 6 * nc), 0);
    cr_assert_eq(memcmp(x->rot, y->rot, sizeof x->rot), 0);
    x = &a->bodies[1]; y = &b->bodies[1];
    cr_assert_eq(y->motion, HW_MOTION_TABLE);
    cr_assert_eq(y->table_n, 5);
    cr_assert_eq(memcmp(x->table_t, y->table_t, sizeof(double) * 5), 0);
    cr_assert_eq(memcmp(x->table_6, y->table_6, sizeof(double) * 30), 0);
    hw_scenario_free(a);
    hw_scenario_free(b);
    load_fails(PREFIX "bodies:\n  - name: ship\n    type: prescribed\n    position: [0, 0, 0]\n    motion:\n      type: rao\n"
               "      rao:\n        table:\n          - [0.5, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]\n"
               "          - [0.5, 90, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]\n", NULL, NULL,
               "bad.yaml:17: bodies[0] (ship).motion.rao.table[1]: expected a row of 14 numbers", NULL);
    load_fails(PREFIX "bodies:\n  - {name: ship, type: prescribed, position: [0, 0, 0], motion: {type: rao, rao: {file: rao.csv, "
               "table: [[0.5, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]]}}}\n", NULL, NULL,
               "bodies[0] (ship).motion.rao.table: expected either file or table, got both", NULL);
}

/* (10) The waves' loads on a body at rest, by hand (kernels/physics/body.h hw_body_loads_waves): a
 * submerged body yawed 90 deg (body x along world y), V = 2 m^3, Ca = (0.2, 0.7, 1.0) on its axes,
 * CB at (0, 0, 1) in the body frame, drag CdA = (3, 4, 5) m^2, in a fluid moving at u = (0.5, -1, 0.2)
 * m/s plus a current (0.3, 0, 0) and accelerating at a_f = (2, 1, -3) m/s^2:
 *   drag (body axes: u_rel = -(u + current) turned by -90 deg) -0.5 rho CdA_i |u_i| u_i, turned back;
 *   Froude-Krylov rho V a_f at CB = r + (0, 0, 1): moment (0, 0, 1) x rho V a_f;
 *   added mass rho V (Ca_x a_f,y along world y [body x], Ca_y (-a_f,x) along -world x [body y],
 *   Ca_z a_f,z), at r. Weight and buoyancy (m = 0, rho g V at CB) vertical.
 * A surface-piercing body gets rho g awp eta in heave and nothing else from the waves. Exact but
 * for rounding: 1e-9 relative. */
#include "physics/body.h"

Test(vessel_waves, wave_loads_by_hand)
{
    hw_body_p p;
    memset(&p, 0, sizeof p);
    p.volume = 2.0;
    p.cb = hw_v3_make(0, 0, 1);
    p.cda[0] = 3; p.cda[1] = 4; p.cda[2] = 5;
    p.ca[0] = 0.2; p.ca[1] = 0.7; p.ca[2] = 1.0;
    hw_body_s s;
    s.r = hw_v3_make(1, 2, -20);
    s.q = hw_quat_from_rpy(0, 0, 0.5 * M_PI);
    s.v = s.w = hw_v3_zero();
    hw_wave_kin K;
    memset(&K, 0, sizeof K);
    K.wet = 1;
    K.eta = 0.4;
    K.u = hw_v3_make(0.5, -1, 0.2);
    K.a = hw_v3_make(2, 1, -3);
    double rho = RHO, g = G0, rv = rho * p.volume;
    hw_v6 f = hw_body_loads_waves(&p, &s, g, rho, hw_v3_make(0.3, 0, 0), &K, NULL);
    double U[3] = {0.8, -1.0, 0.2};                /* current + waves, world */
    double ub[3] = {U[1], -U[0], U[2]};            /* the fluid in body axes (x_b = y_w, y_b = -x_w) */
    double fb[3];                                  /* drag on the body's motion relative to it: -u */
    for (int c = 0; c < 3; c++) fb[c] = 0.5 * rho * p.cda[c] * fabs(ub[c]) * ub[c];
    double drag[3] = {-fb[1], fb[0], fb[2]};       /* back to world */
    double fk[3] = {rv * 2, rv * 1, rv * -3};
    double am[3] = {rv * 0.7 * 2, rv * 0.2 * 1, rv * 1.0 * -3};
    double F[3] = {drag[0] + fk[0] + am[0], drag[1] + fk[1] + am[1], drag[2] + fk[2] + am[2] + rho * g * p.volume};
    double M[3] = {-fk[1], fk[0], 0.0};            /* (0, 0, 1) x F_fk */
    for (int c = 0; c < 3; c++) {
        cr_assert_lt(fabs(f.a[c] - F[c]), 1e-9 * (fabs(F[c]) + rho), "force %d: %.12g, by hand %.12g", c, f.a[c], F[c]);
        cr_assert_lt(fabs(f.a[3 + c] - M[c]), 1e-9 * (fabs(M[c]) + rho), "moment %d: %.12g, by hand %.12g", c, f.a[3 + c], M[c]);
    }
    /* dry (above the surface): no fluid acceleration, no waves' velocity (K from hw_wave_eval has u = a = 0 there) */
    K.wet = 0;
    K.u = K.a = hw_v3_zero();
    hw_v6 d = hw_body_wave_loads(&p, &s, g, rho, &K);
    for (int c = 0; c < 6; c++) cr_assert_eq(d.a[c], 0.0);
    /* surface-piercing: rho g awp eta in heave only */
    p.awp = 12.0;
    K.wet = 1;
    K.a = hw_v3_make(2, 1, -3);
    d = hw_body_wave_loads(&p, &s, g, rho, &K);
    for (int c = 0; c < 6; c++) cr_assert_eq(d.a[c], c == 2 ? rho * g * 12.0 * 0.4 : 0.0);
}
