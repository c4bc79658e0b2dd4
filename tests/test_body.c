/* 6-DOF bodies (host/bodies/body.c through the world, include/hawser/world.h) against known answers:
 * free decay in heave and pitch of a surface-piercing body, a buoy on three taut lines (static
 * offset and rise against a hand force balance, with and without a horizontal load), energy of a
 * body on elastic lines without dissipation, and prescribed 6-DOF motion carrying a point. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hawser/world.h"

#define G0 9.80665
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define RHO 1025.0

/* A lumped model with no lines (bodies alone). */
static hw_model_def empty_model(void)
{
    hw_model_def m = hw_default_model();
    m.n_lines = 0;
    m.n_points = 0;
    m.n_types = 0;
    m.solver.static_solve = 0;
    return m;
}

/* The times at which z(t) crosses its mean upwards (linear interpolation between steps). */
static int up_crossings(const double *t, const double *z, int n, double mean, double *tc, int cap)
{
    int k = 0;
    for (int i = 1; i < n && k < cap; i++)
        if (z[i - 1] < mean && z[i] >= mean) tc[k++] = t[i - 1] + (t[i] - t[i - 1]) * (mean - z[i - 1]) / (z[i] - z[i - 1]);
    return k;
}

static double mean_period(const double *tc, int k) { return (tc[k - 1] - tc[0]) / (k - 1); }

/* The surface-piercing body of the decay tests: 10 m^3 displaced at z_ref = 0 (its mass), a 10 m^2
 * waterplane with Iwp_y = 20 m^4. */
static hw_body_def floater(void)
{
    hw_body_def b = hw_default_body();
    b.name = "floater";
    b.kind = HW_BODY_FREE;
    b.volume = 10.0;
    b.mass = RHO * b.volume;
    b.awp = 10.0;
    b.iwp[0] = 20.0; b.iwp[1] = 20.0;
    b.inertia[0] = 20000.0; b.inertia[1] = 20000.0; b.inertia[2] = 30000.0;
    return b;
}

static double run_decay(hw_body_def b, int coord, double dt, double t_end, double *mean_out)
{
    hw_model_def m = empty_model();
    m.solver.dt = dt;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1;
    wd.bodies = &b;
    hw_world *w = NULL;
    char msg[1024];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_float_eq(hw_world_dt(w), dt, 1e-15);
    int n = (int)(t_end / dt + 0.5);
    static double t[200001], z[200001], tc[1000];
    cr_assert(n < 200000);
    double mean = 0.0;
    for (int i = 0; i <= n; i++) {
        if (i) cr_assert_eq(hw_world_step(w, 1), HW_OK, "%s", hw_world_last_error(w));
        double x[3], q[4];
        hw_world_body_state(w, 0, x, q, NULL, NULL);
        t[i] = hw_world_time(w);
        if (coord == 2) z[i] = x[2];
        else z[i] = asin(2.0 * (q[0] * q[2] - q[3] * q[1])); /* pitch */
        mean += z[i] / (n + 1);
    }
    hw_world_destroy(w);
    int k = up_crossings(t, z, n + 1, mean, tc, 1000);
    cr_assert_geq(k, 4);
    if (mean_out) *mean_out = mean;
    return mean_period(tc, k);
}

/* Heave: m z'' = -rho g Awp z with the added mass A33 = Ca_z rho V: T = 2 pi sqrt((m + A33) /
 * (rho g Awp)). Symplectic Euler's period error is (w dt)^2 / 24 = 7e-7 here; the crossings are
 * interpolated linearly (an error of order (w dt)^2 of a step): 1% is far above both. */
Test(body, heave_free_decay_period)
{
    hw_body_def b = floater();
    b.ca[2] = 0.4;
    b.pos[2] = 0.1;
    double T = run_decay(b, 2, 1e-3, 12.0, NULL);
    double Te = 2 * M_PI * sqrt((b.mass + 0.4 * RHO * b.volume) / (RHO * G0 * b.awp));
    printf("heave decay: period %.6f s, 2 pi sqrt((m + A33) / (rho g Awp)) = %.6f s (%.2e)\n", T, Te, T / Te - 1);
    cr_expect_lt(fabs(T / Te - 1), 1e-2);
    cr_expect_lt(fabs(T / Te - 1), 1e-4, "well within 1%%: %.3e", T / Te - 1); /* as measured: 2e-6 */
}

/* Pitch about the centre of gravity (no surge added mass, so the CG stays on its vertical): the
 * restoring stiffness C55 = rho g (Iwp_y + V z_B) - m g z_G, T = 2 pi sqrt((Iyy + A55) / C55).
 * 0.02 rad of amplitude: the nonlinearity (theta^2 / 16 of the period) is 3e-5. */
Test(body, pitch_free_decay_period)
{
    hw_body_def b = floater();
    b.cg[2] = -1.0;
    b.cb[2] = -0.5;
    b.ca[4] = 5000.0;
    b.rot[1] = 0.02;
    double C55 = RHO * G0 * (b.iwp[1] + b.volume * b.cb[2]) - b.mass * G0 * b.cg[2];
    double T = run_decay(b, 4, 1e-3, 12.0, NULL);
    double Te = 2 * M_PI * sqrt((b.inertia[1] + b.ca[4]) / C55);
    printf("pitch decay: period %.6f s, 2 pi sqrt((Iyy + A55) / C55) = %.6f s, C55 = %.1f N m/rad (%.2e)\n", T, Te,
           C55, T / Te - 1);
    cr_expect_lt(fabs(T / Te - 1), 1e-2);
}

/* ---- a buoy on three taut lines ------------------------------------------------------------- */

/* Three lines weightless in water (mu = rho pi d^2 / 4), EA 1e6 N, 30 m, from anchors 20 m out
 * at 120 degrees and 40 m down to one point at the buoy's reference point (all three on it: no
 * moment, so the buoy does not turn). The buoy: 8 m^3, 2000 kg, CB above CG (it stays upright). */
#define NL 3
#define EA 1e6
#define L0 30.0
#define RA 20.0
#define ZA -40.0
static hw_line_type_def g_ty;
static hw_point_def g_pt[2 * NL];
static hw_line_def g_ln[NL];
static hw_body_attach g_at[NL];

static hw_model_def buoy_model(int nseg, int drag)
{
    hw_model_def m = hw_default_model();
    m.env.depth = 100.0;
    g_ty = hw_default_line_type();
    g_ty.name = "taut";
    g_ty.d = 0.05;
    g_ty.mu = RHO * 0.25 * M_PI * g_ty.d * g_ty.d;
    g_ty.ea = EA;
    if (!drag) g_ty.cdn = g_ty.cdt = 0.0;
    else g_ty.ba = 2e4; /* axial damping: the buoy's heave on the taut lines about 7% of critical */
    for (int k = 0; k < NL; k++) {
        double a = 2 * M_PI * k / NL;
        g_pt[k] = hw_default_point();
        g_pt[k].kind = HW_POINT_FIXED;
        g_pt[k].pos[0] = RA * cos(a); g_pt[k].pos[1] = RA * sin(a); g_pt[k].pos[2] = ZA;
        g_pt[NL + k] = hw_default_point();
        g_pt[NL + k].kind = HW_POINT_COUPLED;
        g_pt[NL + k].pos[2] = -5.0;
        g_ln[k] = hw_default_line();
        g_ln[k].type = 0;
        g_ln[k].point_a = k;
        g_ln[k].point_b = NL + k;
        g_ln[k].length = L0;
        g_ln[k].nseg = nseg;
        g_at[k].point = NL + k;
        g_at[k].body = 0;
        g_at[k].at[0] = g_at[k].at[1] = g_at[k].at[2] = 0.0;
    }
    m.n_types = 1; m.types = &g_ty;
    m.n_points = 2 * NL; m.points = g_pt;
    m.n_lines = NL; m.lines = g_ln;
    return m;
}

static hw_body_def buoy(void)
{
    hw_body_def b = hw_default_body();
    b.name = "buoy";
    b.kind = HW_BODY_FREE;
    b.pos[2] = -5.0;
    b.volume = 8.0;
    b.mass = 2000.0;
    b.cg[2] = -0.5;
    b.cb[2] = 0.5;
    b.inertia[0] = b.inertia[1] = 3000.0; b.inertia[2] = 4000.0;
    return b;
}

/* The lines' force on the buoy at (x, 0, z): sum of EA (l / L0 - 1) toward the anchors. */
static void line_force(double x, double z, double F[3])
{
    F[0] = F[1] = F[2] = 0.0;
    for (int k = 0; k < NL; k++) {
        double a = 2 * M_PI * k / NL;
        double d[3] = {RA * cos(a) - x, RA * sin(a), ZA - z};
        double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        double T = EA * (l / L0 - 1);
        for (int c = 0; c < 3; c++) F[c] += T * d[c] / l;
    }
}

/* The hand balance: z by bisection on the vertical sum for a given x; x by bisection on the
 * horizontal sum (lines + Fx = 0). */
static double z_of(double x, double net_up)
{
    double lo = ZA + 20.0, hi = 0.0; /* taut through this range */
    for (int i = 0; i < 200; i++) {
        double zm = 0.5 * (lo + hi), F[3];
        line_force(x, zm, F);
        if (F[2] + net_up > 0) lo = zm; else hi = zm;
    }
    return 0.5 * (lo + hi);
}
static void hand_balance(double fx, double net_up, double *x, double *z)
{
    double lo = -10.0, hi = 10.0;
    for (int i = 0; i < 200; i++) {
        double xm = 0.5 * (lo + hi), F[3];
        line_force(xm, z_of(xm, net_up), F);
        if (F[0] + fx > 0) lo = xm; else hi = xm;
    }
    *x = 0.5 * (lo + hi);
    *z = z_of(*x, net_up);
}

static void buoy_static(double fx)
{
    hw_model_def m = buoy_model(10, 1);
    hw_body_def b = buoy();
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = NL; wd.body_points = g_at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double net_up = (RHO * b.volume - b.mass) * G0, x = 0, z = 0;
    if (fx == 0.0) {
        hand_balance(0.0, net_up, &x, &z);
        double pos[3];
        hw_world_body_state(w, 0, pos, NULL, NULL, NULL);
        int it; double res;
        hw_world_static_info(w, &it, &res);
        printf("buoy on three lines: statics at z = %.6f m (hand balance %.6f m, off by %.1e m), x = %.2e, %d outer "
               "iterations (%d lumped solves), residual %.2e\n", pos[2], z, pos[2] - z, pos[0], it, hw_world_static_solves(w), res);
        /* the lumped static solve's tolerance (1e-6 of the largest tension) and the outer one
           (1e-6 of the buoyancy, 80 kN): the stiffness 3 EA / L0 ~ 1e5 N/m turns 0.1 N into 1e-6 m
           (the lines are straight and uniformly strained: their discretization is exact) */
        cr_expect_lt(fabs(pos[2] - z), 1e-6, "z %.9f vs %.9f", pos[2], z);
        cr_expect_lt(fabs(pos[0]), 1e-6);
        cr_expect_lt(fabs(pos[1]), 1e-6);
    } else {
        /* the horizontal load is part of the world statics (hw_world_def.body_loads) */
        hand_balance(fx, net_up, &x, &z);
        hw_world_destroy(w);
        double load[6] = {fx, 0, 0, 0, 0, 0};
        wd.body_loads = load;
        cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
        int it; double res;
        hw_world_static_info(w, &it, &res);
        printf("buoy statics under the load: %d outer iterations (%d lumped solves), residual %.2e\n", it,
               hw_world_static_solves(w), res);
        double pos[3];
        hw_world_body_state(w, 0, pos, NULL, NULL, NULL);
        printf("buoy under %.0f N horizontal: at x = %.6f m, z = %.6f m (hand balance %.6f, %.6f; off by %.1e, %.1e m)\n",
               fx, pos[0], pos[2], x, z, pos[0] - x, pos[2] - z);
        /* the tolerances of the statics, as above */
        cr_expect_lt(fabs(pos[0] - x), 1e-6, "x %.9f vs %.9f", pos[0], x);
        cr_expect_lt(fabs(pos[2] - z), 1e-6, "z %.9f vs %.9f", pos[2], z);
        /* and it stays there when stepped (the lines' drag and damping find nothing to damp):
           one second, drift below 1e-5 m */
        cr_assert_eq(hw_world_advance_to(w, 1.0), HW_OK, "%s", hw_world_last_error(w));
        double p1[3];
        hw_world_body_state(w, 0, p1, NULL, NULL, NULL);
        printf("buoy under the load after 1 s: moved by %.2e m\n", fabs(p1[0] - pos[0]) + fabs(p1[2] - pos[2]));
        cr_expect_lt(fabs(p1[0] - pos[0]) + fabs(p1[2] - pos[2]), 1e-5);
    }
    hw_world_destroy(w);
}

Test(body, buoy_on_three_lines_static_rise) { buoy_static(0.0); }
Test(body, buoy_on_three_lines_horizontal_load) { buoy_static(20000.0); }

/* ---- energy --------------------------------------------------------------------------------- */

/* The buoy on its lines without drag or damping, lifted 0.5 m off its equilibrium and let go:
 * lines + body mechanical energy stays within a bound. Both the lines and the body step by
 * symplectic Euler; the exchange lags by one step, so the energy oscillates with an amplitude of
 * order (w dt) of the motion's energy and does not drift. */
static double energy_range(double dt, double *drift)
{
    hw_model_def m = buoy_model(8, 0);
    m.solver.integrator = HW_INT_SYMPLECTIC_EULER;
    hw_body_def b = buoy();
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = NL; wd.body_points = g_at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double x[3];
    hw_world_body_state(w, 0, x, NULL, NULL, NULL);
    hw_world_destroy(w);
    /* from the equilibrium, lifted by 0.5 m and shifted 0.3 m sideways: no statics */
    b.pos[0] = x[0] + 0.3; b.pos[1] = x[1]; b.pos[2] = x[2] + 0.5;
    m.solver.static_solve = 0;
    m.solver.dt = dt;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_world_energy e0, e;
    cr_assert_eq(hw_world_get_energy(w, &e0), HW_OK);
    double emin = e0.total, emax = e0.total, swing = 0.0;
    int n = (int)(20.0 / dt / 10 + 0.5);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(hw_world_step(w, 10), HW_OK, "%s", hw_world_last_error(w));
        cr_assert_eq(hw_world_get_energy(w, &e), HW_OK);
        emin = fmin(emin, e.total);
        emax = fmax(emax, e.total);
        swing = fmax(swing, e.body_kinetic + e.lumped.kinetic);
    }
    printf("energy, buoy on elastic lines (dt %.3g s, %.1f s): total %.3f J -> %.3f J, range %.3e J, "
           "largest kinetic %.3f J (range / kinetic %.2e)\n", dt, hw_world_time(w), e0.total, e.total,
           emax - emin, swing, (emax - emin) / swing);
    *drift = (e.total - e0.total) / swing;
    hw_world_destroy(w);
    return (emax - emin) / swing;
}

/* The buoy on its lines without drag or damping, lifted 0.5 m and shifted 0.3 m off its
 * equilibrium and let go: the mechanical energy of lines + body. Both step by symplectic Euler
 * and the exchange lags one step: the energy oscillates by O(dt) of the motion's energy and does
 * not drift. The known answer is conservation as dt -> 0: the range must fall with dt (by about
 * half when dt halves: first order) and stay below 2% of the largest kinetic energy. */
Test(body, energy_on_elastic_lines)
{
    double d1, d2;
    double r1 = energy_range(2e-3, &d1), r2 = energy_range(1e-3, &d2);
    printf("energy range / kinetic: %.3e at dt 2e-3 s, %.3e at 1e-3 s (ratio %.2f); drift %.2e, %.2e\n", r1, r2,
           r1 / r2, d1, d2);
    cr_expect_lt(r1, 2e-2);
    cr_expect_lt(r2, 0.65 * r1, "first order in dt: %.3e -> %.3e", r1, r2);
    cr_expect_lt(fabs(d2), r2);
}

/* ---- prescribed 6-DOF motion ------------------------------------------------------------------ */

static void rot_rpy(double r, double p, double y, double R[9])
{
    double cr = cos(r), sr = sin(r), cp = cos(p), sp = sin(p), cy = cos(y), sy = sin(y);
    /* Rz(y) Ry(p) Rx(r) */
    R[0] = cy * cp; R[1] = cy * sp * sr - sy * cr; R[2] = cy * sp * cr + sy * sr;
    R[3] = sy * cp; R[4] = sy * sp * sr + cy * cr; R[5] = sy * sp * cr - cy * sr;
    R[6] = -sp;     R[7] = cp * sr;                R[8] = cp * cr;
}

static void check_prescribed(hw_body_def b, double (*pose)(const hw_body_def *, double, double *), const double *times,
                             int nt, const char *what)
{
    /* one line from a fixed anchor to a point riding on the body at (2, -1, 0.5) */
    static hw_line_type_def ty;
    static hw_point_def pt[2];
    static hw_line_def ln;
    hw_model_def m = hw_default_model();
    ty = hw_default_line_type();
    ty.d = 0.05; ty.mu = 5.0; ty.ea = 1e6;
    pt[0] = hw_default_point();
    pt[0].pos[0] = -30; pt[0].pos[2] = -50;
    pt[1] = hw_default_point();
    pt[1].kind = HW_POINT_COUPLED;
    ln = hw_default_line();
    ln.point_a = 0; ln.point_b = 1; ln.length = 60; ln.nseg = 4;
    m.n_types = 1; m.types = &ty; m.n_points = 2; m.points = pt; m.n_lines = 1; m.lines = &ln;
    m.solver.dt = 2e-4;
    hw_body_attach at = {1, 0, {2.0, -1.0, 0.5}};
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = 1; wd.body_points = &at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double worst = 0.0, worst_v = 0.0;
    for (int i = 0; i < nt; i++) {
        cr_assert_eq(hw_world_advance_to(w, times[i]), HW_OK, "%s", hw_world_last_error(w));
        double t = hw_world_time(w), x6[6], R[9], p[3], v[3];
        pose(&b, t, x6);
        rot_rpy(x6[3], x6[4], x6[5], R);
        cr_assert_eq(hw_sim_point_state(hw_world_lumped(w), 1, p, v, NULL), HW_OK);
        for (int c = 0; c < 3; c++) {
            double e = x6[c] + R[3 * c] * at.at[0] + R[3 * c + 1] * at.at[1] + R[3 * c + 2] * at.at[2];
            worst = fmax(worst, fabs(p[c] - e));
        }
        /* the point's velocity against a central difference of r + R at (h = 1e-5 s) */
        double h = 1e-5, xa[6], xb[6], Ra[9], Rb[9];
        pose(&b, t - h, xa); pose(&b, t + h, xb);
        rot_rpy(xa[3], xa[4], xa[5], Ra); rot_rpy(xb[3], xb[4], xb[5], Rb);
        for (int c = 0; c < 3; c++) {
            double ea = xa[c] + Ra[3 * c] * at.at[0] + Ra[3 * c + 1] * at.at[1] + Ra[3 * c + 2] * at.at[2];
            double eb = xb[c] + Rb[3 * c] * at.at[0] + Rb[3 * c + 1] * at.at[1] + Rb[3 * c + 2] * at.at[2];
            worst_v = fmax(worst_v, fabs(v[c] - (eb - ea) / (2 * h)));
        }
    }
    printf("prescribed %s: attached point off r + R(t) at by %.2e m at most, velocity by %.2e m/s\n", what,
           worst, worst_v);
    /* the position is set from the same formulas: rounding only */
    cr_expect_lt(worst, 1e-12);
    /* the difference quotient's error: h^2 / 6 x the third derivative (~1 m/s^3): 1e-10, plus
       rounding 1e-16 / 1e-5 */
    cr_expect_lt(worst_v, 1e-8);
    hw_world_destroy(w);
}

static double pose_sin(const hw_body_def *b, double t, double *x6)
{
    double base[6] = {b->pos[0], b->pos[1], b->pos[2], b->rot[0], b->rot[1], b->rot[2]};
    for (int c = 0; c < 6; c++) x6[c] = base[c] + b->amp[c] * sin(2 * M_PI * t / b->period + b->phase);
    return 0;
}

Test(body, prescribed_sinusoid_carries_the_point)
{
    hw_body_def b = hw_default_body();
    b.kind = HW_BODY_PRESCRIBED;
    b.motion = HW_MOTION_SINUSOID;
    b.pos[0] = 1; b.pos[1] = 2; b.pos[2] = -3;
    b.rot[0] = 0.1; b.rot[1] = -0.05; b.rot[2] = 0.3;
    double amp[6] = {1.0, 0.5, 0.3, 0.2, 0.15, 0.4};
    memcpy(b.amp, amp, sizeof amp);
    b.period = 7.0;
    b.phase = 0.3;
    double times[] = {0.5, 1.0, 1.7, 2.3, 3.0};
    check_prescribed(b, pose_sin, times, 5, "sinusoid (6 DOF)");
}

/* A table with rotations: at its rows the natural spline passes through them exactly. */
static const double tab_t[4] = {0.0, 1.0, 2.0, 3.0};
static const double tab_6[24] = {0, 0, 0, 0, 0, 0,
                                 1, 0.5, -0.2, 0.1, 0.2, 0.5,
                                 1.5, 1.0, 0.1, -0.1, 0.3, 1.0,
                                 2.0, 0.8, 0.0, 0.0, 0.1, 1.5};
static double pose_table(const hw_body_def *b, double t, double *x6)
{
    int i = (int)floor(t + 0.5);
    double base[6] = {b->pos[0], b->pos[1], b->pos[2], b->rot[0], b->rot[1], b->rot[2]};
    for (int c = 0; c < 6; c++) x6[c] = base[c] + tab_6[6 * i + c];
    return 0;
}

Test(body, prescribed_table_carries_the_point)
{
    hw_body_def b = hw_default_body();
    b.kind = HW_BODY_PRESCRIBED;
    b.motion = HW_MOTION_TABLE;
    b.pos[2] = -2;
    b.rot[2] = 0.2;
    b.table_n = 4;
    b.table_t = tab_t;
    b.table_6 = tab_6;
    /* the rows' times: only the position is known there (the velocity is the spline's); the
       velocity check is skipped by comparing positions alone */
    hw_model_def m = hw_default_model();
    (void)m;
    double times[] = {1.0, 2.0, 3.0};
    static hw_line_type_def ty;
    static hw_point_def pt[2];
    static hw_line_def ln;
    hw_model_def mm = hw_default_model();
    ty = hw_default_line_type();
    ty.d = 0.05; ty.mu = 5.0; ty.ea = 1e6;
    pt[0] = hw_default_point();
    pt[0].pos[0] = -30; pt[0].pos[2] = -50;
    pt[1] = hw_default_point();
    pt[1].kind = HW_POINT_COUPLED;
    ln = hw_default_line();
    ln.point_a = 0; ln.point_b = 1; ln.length = 60; ln.nseg = 4;
    mm.n_types = 1; mm.types = &ty; mm.n_points = 2; mm.points = pt; mm.n_lines = 1; mm.lines = &ln;
    mm.solver.dt = 2e-4;
    hw_body_attach at = {1, 0, {2.0, -1.0, 0.5}};
    hw_world_def wd = hw_default_world();
    wd.lumped = &mm;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = 1; wd.body_points = &at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double worst = 0.0;
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(hw_world_advance_to(w, times[i]), HW_OK, "%s", hw_world_last_error(w));
        double x6[6], R[9], p[3];
        pose_table(&b, hw_world_time(w), x6);
        rot_rpy(x6[3], x6[4], x6[5], R);
        cr_assert_eq(hw_sim_point_state(hw_world_lumped(w), 1, p, NULL, NULL), HW_OK);
        for (int c = 0; c < 3; c++)
            worst = fmax(worst, fabs(p[c] - (x6[c] + R[3 * c] * at.at[0] + R[3 * c + 1] * at.at[1] + R[3 * c + 2] * at.at[2])));
        double q[4], x[3];
        hw_world_body_state(w, 0, x, q, NULL, NULL);
        /* the body's orientation is R: its quaternion rotates e_x to R's first column */
        double rx = 1 - 2 * (q[2] * q[2] + q[3] * q[3]), ry = 2 * (q[1] * q[2] + q[0] * q[3]),
               rz = 2 * (q[1] * q[3] - q[0] * q[2]);
        cr_expect_lt(fabs(rx - R[0]) + fabs(ry - R[3]) + fabs(rz - R[6]), 1e-12);
    }
    printf("prescribed table (6 DOF with rotations): attached point off r + R(t) at by %.2e m at the rows\n", worst);
    /* the spline passes through the rows (rounding only); the time lands on the row within the
       step tolerance (1e-9 dt), times a velocity of order 1 m/s */
    cr_expect_lt(worst, 1e-10);
    hw_world_destroy(w);
}

/* Drag on a body is on its velocity relative to the current at its reference point: a neutrally
 * buoyant body (1 m^3, 1025 kg) with Cd A = 1 m^2 in a uniform 1 m/s current starts at rest and
 * is carried along: with k = 0.5 rho CdA / m = 0.5 1/m, the slip w = 1 / (1 + k t) (exact for
 * quadratic drag), 0.0196 m/s at 100 s. */
Test(body, drag_in_a_current)
{
    hw_model_def m = empty_model();
    static const double cz[2] = {-100.0, 0.0}, cu[2] = {1.0, 1.0}, c0[2] = {0.0, 0.0};
    m.env.current.n_depth = 2;
    m.env.current.z = cz;
    m.env.current.ux = cu; m.env.current.uy = c0; m.env.current.uz = c0;
    m.solver.dt = 1e-2;
    hw_body_def b = hw_default_body();
    b.name = "drifter";
    b.kind = HW_BODY_FREE;
    b.pos[2] = -20.0;
    b.volume = 1.0;
    b.mass = RHO;
    b.inertia[0] = b.inertia[1] = b.inertia[2] = 100.0;
    b.cda[0] = b.cda[1] = b.cda[2] = 1.0;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    hw_world *w = NULL;
    char msg[1024];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_advance_to(w, 100.0), HW_OK, "%s", hw_world_last_error(w));
    double v[3];
    hw_world_body_state(w, 0, NULL, NULL, v, NULL);
    double slip = 1.0 - v[0], k = 0.5 * RHO * 1.0 / RHO, we = 1.0 / (1.0 + k * 100.0);
    hw_world_energy e;
    hw_world_get_energy(w, &e);
    printf("body in a 1 m/s current: slip %.6f m/s after 100 s (1 / (1 + k t) = %.6f), drag work %.1f J\n", slip, we,
           e.body_dissipated);
    /* explicit Euler on w' = -k w^2 with k w dt <= 5e-3: error a few 1e-3 of w */
    cr_expect_lt(fabs(slip / we - 1), 1e-2);
    cr_expect_lt(fabs(v[1]) + fabs(v[2]), 1e-12);
    hw_world_destroy(w);
}

/* ---- a buoy on three heavy chain catenaries (tests/data/md_bodies.dat's buoy) ---------------- */

/* The deck's buoy and chains: anchors 200 m out at 180, 60 and -60 degrees on the seabed (100 m
 * deep), fairleads 3 m out and 2 m down on the buoy (turned 30 degrees in yaw, as placed), chain
 * 76.6 mm, 113.35 kg/m (about 1066 N/m wet), EA 7.536e8 N, 20 segments; the buoy 2e4 kg, 40 m^3,
 * no waterplane (its whole volume counts wherever it is). Net up (1025 * 40 - 2e4) g = 206 kN. */
static hw_line_type_def c_ty;
static hw_point_def c_pt[6];
static hw_line_def c_ln[3];
static hw_body_attach c_at[3];

static hw_model_def chain_model(double L)
{
    hw_model_def m = hw_default_model();
    m.env.depth = 100.0;
    c_ty = hw_default_line_type();
    c_ty.name = "chain";
    c_ty.d = 0.0766;
    c_ty.mu = 113.35;
    c_ty.ea = 7.536e8;
    const double ax[3] = {-200, 100, 100}, ay[3] = {0, 173.2, -173.2};
    const double fx[3] = {-3, 1.5, 1.5}, fy[3] = {0, 2.598, -2.598};
    for (int k = 0; k < 3; k++) {
        c_pt[k] = hw_default_point();
        c_pt[k].kind = HW_POINT_FIXED;
        c_pt[k].pos[0] = ax[k]; c_pt[k].pos[1] = ay[k]; c_pt[k].pos[2] = -100.0;
        c_pt[3 + k] = hw_default_point();
        c_pt[3 + k].kind = HW_POINT_COUPLED;
        c_ln[k] = hw_default_line();
        c_ln[k].type = 0;
        c_ln[k].point_a = k;
        c_ln[k].point_b = 3 + k;
        c_ln[k].length = L;
        c_ln[k].nseg = 20;
        c_at[k].point = 3 + k;
        c_at[k].body = 0;
        c_at[k].at[0] = fx[k]; c_at[k].at[1] = fy[k]; c_at[k].at[2] = -2.0;
    }
    m.n_types = 1; m.types = &c_ty;
    m.n_points = 6; m.points = c_pt;
    m.n_lines = 3; m.lines = c_ln;
    return m;
}

static hw_body_def chain_buoy(double volume)
{
    hw_body_def b = hw_default_body();
    b.name = "buoy";
    b.kind = HW_BODY_FREE;
    b.pos[2] = -5.0;
    b.rot[2] = 30.0 * M_PI / 180.0;
    b.mass = 2.0e4;
    b.cg[2] = -1.0;
    b.volume = volume;
    b.inertia[0] = b.inertia[1] = 1.2e5; b.inertia[2] = 2.0e5;
    return b;
}

/* Chains shortened to 210 m: the buoy, placed at z = -5 m, cannot stay there (the anchors are
 * 218 m away) and sinks to where the chains' lifted weight balances its 206 kN net buoyancy,
 * fully submerged. The world statics converge from the user's start; the equilibrium is checked by
 * a hand force balance on the buoy (the three lines' end forces from the lumped model plus the net
 * buoyancy sum to zero, and their moments about the reference point with the buoyancy's and
 * weight's), and the buoy stays put when stepped. */
Test(body, buoy_on_three_chains_submerged_statics)
{
    hw_model_def m = chain_model(210.0);
    hw_body_def b = chain_buoy(40.0);
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = 3; wd.body_points = c_at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    int it; double res;
    hw_world_static_info(w, &it, &res);
    double pos[3], q[4];
    hw_world_body_state(w, 0, pos, q, NULL, NULL);
    printf("buoy on three 210 m chains: statics at (%.4f, %.4f, %.4f) m, %d outer iterations, %d lumped solves, "
           "residual %.2e\n", pos[0], pos[1], pos[2], it, hw_world_static_solves(w), res);
    cr_expect_lt(pos[2], -6.0, "fully submerged, below its start: z = %.3f", pos[2]);
    /* the hand balance: forces and moments about the reference point */
    hw_sim *sim = hw_world_lumped(w);
    double F[3] = {0, 0, (RHO * b.volume - b.mass) * G0}, M[3] = {0, 0, 0};
    double qw = q[0], qv[3] = {q[1], q[2], q[3]};
    for (int k = 0; k < 3; k++) {
        double fa[3], fb[3], p[3];
        cr_assert_eq(hw_sim_line_end_forces(sim, k, fa, fb), HW_OK);
        cr_assert_eq(hw_sim_point_state(sim, 3 + k, p, NULL, NULL), HW_OK);
        double rr[3] = {p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]};
        for (int c = 0; c < 3; c++) F[c] += fb[c];
        M[0] += rr[1] * fb[2] - rr[2] * fb[1];
        M[1] += rr[2] * fb[0] - rr[0] * fb[2];
        M[2] += rr[0] * fb[1] - rr[1] * fb[0];
    }
    /* the weight at the CG (0, 0, -1) in the body frame: rotated by q */
    double cg[3] = {0, 0, -1}, t[3], cgw[3];
    t[0] = qv[1] * cg[2] - qv[2] * cg[1]; t[1] = qv[2] * cg[0] - qv[0] * cg[2]; t[2] = qv[0] * cg[1] - qv[1] * cg[0];
    for (int c = 0; c < 3; c++) t[c] = 2.0 * t[c];
    cgw[0] = cg[0] + qw * t[0] + (qv[1] * t[2] - qv[2] * t[1]);
    cgw[1] = cg[1] + qw * t[1] + (qv[2] * t[0] - qv[0] * t[2]);
    cgw[2] = cg[2] + qw * t[2] + (qv[0] * t[1] - qv[1] * t[0]);
    double Wt = -b.mass * G0; /* down, at the CG; the buoyancy at CB = reference point: no moment */
    M[0] += cgw[1] * Wt;
    M[1] += -cgw[0] * Wt;
    double fmag = 0, mmag = 0;
    for (int c = 0; c < 3; c++) { fmag = fmax(fmag, fabs(F[c])); mmag = fmax(mmag, fabs(M[c])); }
    printf("hand balance: |sum F| %.3g N, |sum M| %.3g N m (net buoyancy %.0f N)\n", fmag, mmag,
           (RHO * b.volume - b.mass) * G0);
    /* the statics tolerance: 1e-6 of the force scale (the buoyancy, 4e5 N: 0.4 N), moments 1e-6
       of it times the body length (3 m: 1.2 N m); the lumped solve's own tolerance (1e-6 of the
       largest tension, ~5e5 N) adds as much again */
    cr_expect_lt(fmag, 2.0, "sum of forces %.3g N", fmag);
    cr_expect_lt(mmag, 6.0, "sum of moments %.3g N m", mmag);
    /* and it stays put when stepped (1 s, chains damped by their drag): drift below 1 mm */
    cr_assert_eq(hw_world_advance_to(w, 1.0), HW_OK, "%s", hw_world_last_error(w));
    double p1[3];
    hw_world_body_state(w, 0, p1, NULL, NULL, NULL);
    double dr = fabs(p1[0] - pos[0]) + fabs(p1[1] - pos[1]) + fabs(p1[2] - pos[2]);
    printf("after 1 s: moved by %.2e m\n", dr);
    cr_expect_lt(dr, 1e-3);
    hw_world_destroy(w);
}

/* No equilibrium: a body without waterplane whose buoyancy (2000 m^3, 20 MN net up) is far more
 * than the three 240 m chains' whole wet weight (0.77 MN) can hold: they lift off the seabed and
 * stretch straight, and reach 137 m up from anchors 100 m deep: the lines balance it only out of
 * the water, where it would have no buoyancy. The statics fail with a message naming the body,
 * its net buoyancy and the likely cause, and do not hang. */
Test(body, buoy_on_three_chains_no_equilibrium_fails_clearly)
{
    hw_model_def m = chain_model(240.0);
    hw_body_def b = chain_buoy(2000.0);
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = 3; wd.body_points = c_at;
    hw_world *w = NULL;
    char msg[2048] = "";
    hw_status st = hw_world_create(&wd, &w, msg, sizeof msg);
    printf("no equilibrium: status %d: %s\n", (int)st, msg);
    cr_assert_neq(st, HW_OK);
    cr_expect(strstr(msg, "buoy") != NULL, "names the body: %s", msg);
    cr_expect(strstr(msg, "buoyancy") != NULL, "says why: %s", msg);
    hw_world_destroy(w);
}
