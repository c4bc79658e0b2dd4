/* Rigid-cylinder cables in waves (docs/physics.md section 10, "Rigid cylinders in waves";
 * docs/rigid.md "Waves"): a fixed vertical cylinder's inline force against Morison's closed form
 * integrated over the Wheeler-stretched depth (inertia- and drag-dominated), the buoyancy of a
 * partly submerged element against the instantaneous surface (a frozen crest in the kernel, crest
 * and trough times in a run), a payload under a standing wave's antinode feeling
 * rho V (1 + Ca) a, the GPU step's CPU emulation in waves, still water unchanged by a wave of
 * zero height, the world's and scenario's sea reaching the rigid cables, and the input error. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "hawser/rigid.h"
#include "hawser/waves.h"
#include "hawser/world.h"
#include "io/scenario.h"
#include "rigid_bcr.h"
#include "run/rigid_run.h"
#include "sea/waves.h"
#include "rigid_emulation.h"

#define RHO 1025.0

/* ---- closed forms (independent of kernels/physics/waves.h) ----------------------------------- */

/* The wavenumber of w^2 = g k tanh(k h), by bisection on k in (0, 2 w^2 / g + w / sqrt(g h)]. */
static double airy_k(double w, double h)
{
    double lo = 0.0, hi = 2.0 * w * w / G0 + w / sqrt(G0 * h);
    for (int it = 0; it < 200; it++) {
        double k = 0.5 * (lo + hi);
        if (G0 * k * tanh(k * h) < w * w) lo = k;
        else hi = k;
    }
    return 0.5 * (lo + hi);
}

/* Wheeler's map of a height z under the surface eta to the still-water profile's height zs. */
static double wheeler(double z, double eta, double h) { return h * (z - eta) / (h + eta); }

/* Integrals over a vertical line from z0 to the surface eta of the depth factors at the stretched
 * height (dz = (h + eta) / h dzs):
 *   int Ch dz   = (h + eta) / h * (sinh k h - sinh k (zs0 + h)) / (k sinh k h)
 *   int Ch^2 dz = (h + eta) / h * [ (zs + h) / 2 + sinh 2k(zs + h) / (4k) ]_{zs0}^{0} / sinh^2 k h
 *   int Sh dz   = (h + eta) / h * (cosh k h - cosh k (zs0 + h)) / (k sinh k h). */
static double int_ch(double k, double h, double eta, double z0)
{
    double s0 = wheeler(z0, eta, h) + h;
    return (h + eta) / h * (sinh(k * h) - sinh(k * s0)) / (k * sinh(k * h));
}
static double int_ch2(double k, double h, double eta, double z0)
{
    double s0 = wheeler(z0, eta, h) + h, sh = sinh(k * h);
    double F1 = h / 2 + sinh(2 * k * h) / (4 * k), F0 = s0 / 2 + sinh(2 * k * s0) / (4 * k);
    return (h + eta) / h * (F1 - F0) / (sh * sh);
}
static double int_sh(double k, double h, double eta, double z0)
{
    double s0 = wheeler(z0, eta, h) + h;
    return (h + eta) / h * (cosh(k * h) - cosh(k * s0)) / (k * sinh(k * h));
}

static hw_waves_def regular(double H, double T, double dir, double phase, double ramp)
{
    hw_waves_def w = hw_default_waves();
    w.kind = HW_WAVES_REGULAR;
    w.height = H; w.period = T; w.direction = dir; w.phase = phase; w.ramp_time = ramp;
    return w;
}

static hw_rc *make(const hw_rc_def *d)
{
    hw_rc *rc = NULL;
    char msg[768];
    cr_assert_eq(hw_rc_create(d, &rc, msg, sizeof msg), HW_OK, "%s", msg);
    return rc;
}

/* ---- the kernel: a frozen wave ---------------------------------------------------------------- */

/* A component of zero frequency is a frozen surface eta = a cos(k x) with still fluid (u = a = 0 in
 * physics/waves.h: every kinematic term carries w): pure hydrostatics against the instantaneous
 * surface. An inclined element from x = 0 (crest, eta = 0.6) to x = 10 m (trough at
 * k = pi / 10, eta = -0.6), its ends at z = -0.4 and z = 0.4: depths below the surface 1.0 and
 * -1.0 at the ends, so half its length is wet (linear in the end heights), buoyancy
 * rho g A l / 2, and no horizontal force. A point body at x = 0, z = 0.3 is wet under the crest
 * (buoyancy rho V g) and dry at x = 10 m under the trough. Exact up to rounding. */
Test(rigid_waves, frozen_crest_buoyancy_in_the_kernel)
{
    double a = 0.6, k = PI / 10.0, h = 30.0, zero = 0.0, cx = 1.0, cy = 0.0, e2 = exp(-2 * k * h);
    hw_rc_env E;
    memset(&E, 0, sizeof E);
    E.g = G0; E.rho = RHO; E.depth = h; E.kb = 3e6; E.cb = 3e5; E.vf = 1e-2;
    E.wav.n = 1; E.wav.depth = h; E.wav.g = G0; E.wav.rho = RHO;
    E.wav.a = &a; E.wav.w = &zero; E.wav.k = &k; E.wav.cx = &cx; E.wav.cy = &cy; E.wav.ph = &zero;
    E.wav.e2kh = &e2;
    E.eta_max = a;
    E.t = 3.0;
    hw_rc_prop P = {40.0, 0.3, 1.2, 0.008, 1.0, 0.0, 0.0, 0.0};
    double dx = 10.0, dz = 0.8, l = sqrt(dx * dx + dz * dz);
    hw_rc_body b;
    b.x = hw_v3_make(5.0, 0.0, 0.0);
    b.v = hw_v3_zero();
    b.w = hw_v3_zero();
    b.p = hw_quat_from_z(hw_v3_make(dx, 0.0, dz));
    hw_rc_loads L = hw_rc_element_loads(&b, l, &E, &P);
    double area = 0.25 * PI * 0.3 * 0.3, fz = -(40.0 * l - RHO * area * 0.5 * l) * G0;
    printf("frozen crest: element f = (%.6g, %.6g, %.9g) N, expected (0, 0, %.9g) N\n", L.f.x, L.f.y, L.f.z, fz);
    cr_expect_lt(fabs(L.f.z - fz), 1e-9 * fabs(fz));
    cr_expect_eq(L.f.x, 0.0);
    cr_expect_eq(L.f.y, 0.0);
    /* still water: the element is half wet by z = 0 as well (ends at -0.4 and 0.4): the same */
    hw_rc_env S = E;
    S.wav.n = 0;
    hw_rc_loads L0 = hw_rc_element_loads(&b, l, &S, &P);
    cr_expect_lt(fabs(L0.f.z - fz), 1e-9 * fabs(fz));
    /* lowered by 0.3 m, ends at z = -0.7 and 0.1: wet fraction 0.7 / 0.8 in still water ... */
    b.x.z = -0.3;
    L0 = hw_rc_element_loads(&b, l, &S, &P);
    cr_expect_lt(fabs(L0.f.z + (40.0 * l - RHO * area * l * 0.875) * G0), 1e-9 * fabs(fz), "%.9g", L0.f.z);
    /* ... and in the frozen wave 1.3 m under the crest at one end, 0.7 m above the trough at the
     * other: wet fraction 1.3 / 2.0 */
    L = hw_rc_element_loads(&b, l, &E, &P);
    cr_expect_lt(fabs(L.f.z + (40.0 * l - RHO * area * l * 0.65) * G0), 1e-9 * fabs(fz), "%.9g", L.f.z);

    hw_rc_cable C;
    memset(&C, 0, sizeof C);
    C.body[1].on = 1; C.body[1].mass = 500; C.body[1].vol = 0.2; C.body[1].cda = 0.5; C.body[1].ca = 1.0;
    C.posb[2] = 0.3;
    double f0[3] = {0, 0, 0};
    hw_rc_body_prepare(&E, &C, 1, f0);
    cr_expect_lt(fabs(C.body[1].f[2] + (500 - RHO * 0.2) * G0), 1e-9, "under the crest: %.9g", C.body[1].f[2]);
    cr_expect_lt(fabs(1.0 / C.body[1].mi[0] - (500 + RHO * 0.2)), 1e-9, "added mass when wet");
    C.posb[0] = 10.0;
    hw_rc_body_prepare(&E, &C, 1, f0);
    cr_expect_lt(fabs(C.body[1].f[2] + 500 * G0), 1e-9, "dry under the trough: %.9g", C.body[1].f[2]);
    cr_expect_lt(fabs(1.0 / C.body[1].mi[0] - 500), 1e-9, "no added mass when dry");
}

/* The body ends' own loads in a regular wave (H 2 m, T 8 s, depth 30 m, phase 0.3) at x = 5 m,
 * z = -3 m, t = 2 s, at rest, against Airy's closed form with Wheeler stretching
 * (theta = k x - w t + phase, zs = h (z - eta) / (h + eta)):
 *   u = a w (Ch cos theta, 0, Sh sin theta),  a_f = a w^2 (Ch sin theta, 0, -Sh cos theta).
 * A point body (500 kg, 0.2 m^3, CdA 0.5 m^2, Ca 1): weight less buoyancy, drag
 * 0.5 rho CdA |u| u and rho V (1 + Ca) a_f. A 6-DOF body (1 t, 0.5 m^3, drag areas 2, 3, 4 m^2 per
 * axis, axes on the world's): its drag per axis on the waves' velocity at its reference point,
 * 0.5 rho CdA_i |u_i| u_i. Rounding only: 1e-9 relative. */
Test(rigid_waves, body_ends_loads_in_a_regular_wave)
{
    const double h = 30.0, H = 2.0, T = 8.0, ph = 0.3, t = 2.0, x = 5.0, z = -3.0;
    hw_env_def env = hw_default_env();
    env.depth = h;
    env.rho_w = RHO;
    env.waves = regular(H, T, 0.0, ph, 0.0);
    hw_waves *wv = NULL;
    char msg[256];
    cr_assert_eq(hw_waves_create(&env, &wv, msg, sizeof msg), HW_OK, "%s", msg);
    hw_rc_env E;
    memset(&E, 0, sizeof E);
    E.g = G0; E.rho = RHO; E.depth = h; E.kb = 3e6; E.cb = 3e5; E.vf = 1e-2;
    E.wav = hw_waves_field(wv, RHO, G0, h);
    E.eta_max = 0.5 * H;
    E.t = t;
    double w = 2 * PI / T, k = airy_k(w, h), a = 0.5 * H, th = k * x - w * t + ph, eta = a * cos(th);
    double zs = wheeler(z, eta, h), ch = cosh(k * (zs + h)) / sinh(k * h), sh = sinh(k * (zs + h)) / sinh(k * h);
    double u[3] = {a * w * ch * cos(th), 0.0, a * w * sh * sin(th)};
    double af[3] = {a * w * w * ch * sin(th), 0.0, -a * w * w * sh * cos(th)};
    double un = sqrt(u[0] * u[0] + u[2] * u[2]);

    hw_rc_cable C;
    memset(&C, 0, sizeof C);
    C.body[1].on = 1; C.body[1].mass = 500; C.body[1].vol = 0.2; C.body[1].cda = 0.5; C.body[1].ca = 1.0;
    C.posb[0] = x; C.posb[2] = z;
    double f0[3] = {0, 0, 0};
    hw_rc_body_prepare(&E, &C, 1, f0);
    double want[3];
    for (int i = 0; i < 3; i++)
        want[i] = (i == 2 ? -(500 - RHO * 0.2) * G0 : 0.0) + 0.5 * RHO * 0.5 * un * u[i] + RHO * 0.2 * 2.0 * af[i];
    printf("point body in a wave: f = (%.9g, %.9g, %.9g) N, closed form (%.9g, %.9g, %.9g) N\n", C.body[1].f[0],
           C.body[1].f[1], C.body[1].f[2], want[0], want[1], want[2]);
    for (int i = 0; i < 3; i++) cr_expect_lt(fabs(C.body[1].f[i] - want[i]), 1e-9 * 5000, "component %d", i);

    hw_rc_body6_end *b6 = &C.body6[1];
    b6->on = 1;
    b6->p.m = 1000; b6->p.volume = 0.5;
    b6->p.inertia = hw_m3s_make(100, 100, 100, 0, 0, 0);
    b6->p.cda[0] = 2; b6->p.cda[1] = 3; b6->p.cda[2] = 4;
    b6->s.r = hw_v3_make(x, 0.0, z);
    b6->s.q = hw_quat_make(1, 0, 0, 0);
    b6->at[2] = 1.0;
    double pw = 0.0;
    cr_assert_eq(hw_rc_body6_prepare(&E, &C, 1, NULL, &pw), 0);
    /* drag on the relative velocity per body axis, and the Froude-Krylov force rho V a_f at the
     * centre of buoyancy (the reference point here; no added mass: ca = 0) */
    double w6[3] = {0.5 * RHO * 2 * fabs(u[0]) * u[0] + RHO * 0.5 * af[0], 0.0,
                    -(1000 - RHO * 0.5) * G0 + 0.5 * RHO * 4 * fabs(u[2]) * u[2] + RHO * 0.5 * af[2]};
    printf("6-DOF body in a wave: f = (%.9g, %.9g, %.9g) N, closed form (%.9g, %.9g, %.9g) N\n", b6->f[0], b6->f[1],
           b6->f[2], w6[0], w6[1], w6[2]);
    for (int i = 0; i < 3; i++) cr_expect_lt(fabs(b6->f[i] - w6[i]), 1e-9 * 5000, "component %d", i);
    hw_waves_destroy(wv);
}

/* ---- a fixed vertical cylinder in a regular wave: Morison over depth ------------------------- */

/* A vertical cylinder from the seabed (z = -h, h = 20 m) to 4 m above the mean surface, both ends
 * clamped, stiff (EA = EI = 1e10) so that it stays put, in a regular wave of period 6 s (k h =
 * 2.3) ramped up over one period. Its end reactions' horizontal sum is the inline force, which at
 * x = 0 (theta = -w t) is, with Wheeler stretching (the closed forms above),
 *   F(t) = rho (1 + Can) A_c (-a w^2 sin w t) int Ch dz
 *        + 1/2 rho Cd D (a w)^2 |cos w t| cos w t int Ch^2 dz,   from -h to eta = a cos w t.
 * The reactions come from the step's solve, with the loads at its start: compared with F at that
 * time. Tolerance 0.5% of the force's peak: the elements (l = 0.5 m) sample the kinematics at
 * their (wet parts') centres, the midpoint rule's error (k l)^2 / 24 = 1.4e-4 on Ch and about
 * twice that on Ch^2; the cylinder's own inertia m x'' (a clamped beam deflecting ~1e-4 m, its
 * first mode at ~90 rad/s against w = 1.05 rad/s) and velocity in the drag add a few 1e-4. */
static void vertical_cylinder(const char *name, double D, double H, double mu, double *worst_rel, double *inertia_share)
{
    const double h = 20.0, top = 4.0, T = 6.0, dt = 2e-3, can = 1.0, cd = 1.2;
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = name;
    c.length = h + top;
    c.elements = 48;
    c.mass_per_length = mu;
    c.diameter = D;
    c.ea = 1e10; c.ei = 1e10; c.gj = 1e9;
    c.end_a = HW_RC_END_CLAMPED;
    c.end_b = HW_RC_END_CLAMPED;
    c.pos_a[2] = -h;
    c.pos_b[2] = top;
    c.cdn = cd; c.cdt = 0.0; c.can = can; c.cat = 0.0;
    hw_rc_def d = hw_default_rc_def();
    d.dt = dt;
    d.env.depth = h;
    d.env.rho_w = RHO;
    d.env.waves = regular(H, T, 0.0, 0.0, T);
    d.n_cables = 1;
    d.cables = &c;
    hw_rc *rc = make(&d);
    double w = 2 * PI / T, k = airy_k(w, h), a = 0.5 * H, Ac = 0.25 * PI * D * D;
    double worst = 0.0, peak = 0.0, peak_i = 0.0;
    int n = (int)lround(3 * T / dt);
    for (int s = 1; s <= n; s++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        double t = hw_rc_time(rc) - dt; /* the solve's time */
        if (t < 2 * T) continue;
        double fa[3], fb[3];
        hw_rc_end_forces(rc, 0, fa, fb);
        double eta = a * cos(w * t);
        double fi = RHO * (1 + can) * Ac * (-a * w * w * sin(w * t)) * int_ch(k, h, eta, -h);
        double fd = 0.5 * RHO * cd * D * (a * w) * (a * w) * fabs(cos(w * t)) * cos(w * t) * int_ch2(k, h, eta, -h);
        double F = fi + fd, got = fa[0] + fb[0];
        worst = fmax(worst, fabs(got - F));
        peak = fmax(peak, fabs(F));
        peak_i = fmax(peak_i, fabs(fi));
        cr_assert_lt(fabs(fa[1] + fb[1]), 1e-6 * (1 + peak), "no transverse force");
    }
    *worst_rel = worst / peak;
    *inertia_share = peak_i / peak;
    printf("vertical cylinder (%s, D %.3g m, H %.3g m, k %.5f rad/m): inline force peak %.6g N (inertia part's peak "
           "%.3g of it); model vs Morison closed form: worst %.4g N (%.3g of the peak)\n",
           name, D, H, k, peak, peak_i / peak, worst, worst / peak);
    hw_rc_destroy(rc);
}

Test(rigid_waves, vertical_cylinder_inline_force_inertia_dominated)
{
    double rel, share;
    vertical_cylinder("pile", 1.0, 1.0, 1000.0, &rel, &share); /* KC = u T / D ~ 3 */
    cr_expect_gt(share, 0.9, "the case must be inertia dominated");
    cr_expect_lt(rel, 5e-3);
}

Test(rigid_waves, vertical_cylinder_inline_force_drag_dominated)
{
    double rel, share;
    vertical_cylinder("riser", 0.1, 3.0, 20.0, &rel, &share); /* KC ~ 100 */
    cr_expect_lt(share, 0.3, "the case must be drag dominated");
    cr_expect_lt(rel, 5e-3);
}

/* ---- buoyancy against the instantaneous surface: crest and trough ----------------------------- */

/* A vertical chain from z = -6 m to 4 m (10 elements of 1 m, clamped, stiff) in a long regular
 * wave (H = 1 m, T = 60 s, depth 20 m), phased so that the crest passes x = 0 at t = 15 s and the
 * trough at 45 s: the surface then crosses the elements [0, 1] and [-1, 0] at their middles. The
 * vertical reactions' sum is the weight less the buoyancy of the length under the instantaneous
 * surface, plus the fluid's vertical acceleration on the wet volume (axial here: (1 + Cat) = 1,
 * a_z = -a w^2 Sh cos theta, 0.6% of the buoyancy change at this period; at the crest and the
 * trough the vertical velocity, and so the axial drag, is zero):
 *   F_z = -mu L g + rho g A_c (eta + 6) - rho A_c a w^2 cos(theta) int_{-6}^{eta} Sh dz.
 * Tolerance 1e-4 of the buoyancy change rho g A_c 2a between the two: the cylinder is static to
 * a few 1e-7 m, the wet length exact (the surface is level across a vertical element), the
 * midpoint rule on Sh over 1 m elements at k = 0.0075 rad/m within (k l)^2 / 24 = 2e-6 of a
 * small term. */
Test(rigid_waves, buoyancy_against_the_surface_at_crest_and_trough)
{
    const double h = 20.0, T = 60.0, H = 1.0, D = 0.5, mu = 300.0, dt = 2e-3, L = 10.0;
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "column";
    c.length = L;
    c.elements = 10;
    c.mass_per_length = mu;
    c.diameter = D;
    c.ea = 1e10; c.ei = 1e10; c.gj = 1e9;
    c.end_a = HW_RC_END_CLAMPED;
    c.end_b = HW_RC_END_CLAMPED;
    c.pos_a[2] = -6.0;
    c.pos_b[2] = 4.0;
    c.cat = 0.0;
    hw_rc_def d = hw_default_rc_def();
    d.dt = dt;
    d.env.depth = h;
    d.env.rho_w = RHO;
    d.env.waves = regular(H, T, 0.0, PI / 2, 0.0); /* theta = pi/2 - w t: crest at T/4, trough at 3T/4 */
    d.n_cables = 1;
    d.cables = &c;
    hw_rc *rc = make(&d);
    double w = 2 * PI / T, k = airy_k(w, h), a = 0.5 * H, Ac = 0.25 * PI * D * D;
    double got[2], want[2];
    int done = 0;
    for (int q = 0; q < 2; q++) {
        double ts = (q ? 0.75 : 0.25) * T; /* the solve at ts: step until t = ts + dt */
        int n = (int)lround((ts + dt) / dt) - done;
        cr_assert_eq(hw_rc_step(rc, n), HW_OK, "%s", hw_rc_last_error(rc));
        done += n;
        double fa[3], fb[3];
        hw_rc_end_forces(rc, 0, fa, fb);
        double cth = q ? -1.0 : 1.0, eta = a * cth;
        got[q] = fa[2] + fb[2];
        want[q] = -mu * L * G0 + RHO * G0 * Ac * (eta + 6.0) - RHO * Ac * a * w * w * cth * int_sh(k, h, eta, -6.0);
        printf("column at the %s (t = %g s, eta = %+.2f m): vertical reactions %.8g N, expected %.8g N\n",
               q ? "trough" : "crest", ts, eta, got[q], want[q]);
    }
    double change = RHO * G0 * Ac * H;
    printf("crest - trough: %.8g N, buoyancy of 2a: %.8g N (with the fluid acceleration %.8g N)\n", got[0] - got[1],
           change, want[0] - want[1]);
    cr_expect_lt(fabs(got[0] - want[0]), 1e-4 * change);
    cr_expect_lt(fabs(got[1] - want[1]), 1e-4 * change);
    cr_expect_lt(fabs((got[0] - got[1]) - change), 1e-2 * change, "the buoyancy of the crest's extra 2a");
    hw_rc_destroy(rc);
}

/* ---- a payload under a standing wave ---------------------------------------------------------- */

/* A 2 t payload (1 m^3, Ca = 1, no drag) hanging 4 m under the mean surface from a fixed point 1 m
 * above it on a short stiff wire (5 m, EA = 1e9, 5 mm), under the antinode x = 0 of a standing
 * wave (two regular components of amplitude 0.5 m and period 6 s travelling along +x and -x, depth
 * 50 m): there the horizontal velocities cancel and the fluid heaves, eta = 2a cos w t,
 * a_z = -2a w^2 Sh(zs) cos w t. The wire's pull at its top is then, quasi-statically (the
 * payload's heave on the wire at ~257 rad/s against w = 1.05 rad/s: 2e-5 dynamic amplification),
 *   F_z = -(M - rho V) g + rho V (1 + Ca) a_z(payload) - mu L g + rho g A_w (eta - z_p)
 *         + rho A_w int_{z_p}^{eta} a_z dz.
 * Tolerance 1e-3 of the fluid-acceleration force's amplitude (about 1.6 kN): the quasi-static
 * assumption and the step (loads at its start, compared at that time) leave ~1e-5; the wire's
 * buoyancy and fluid acceleration are computed, its axial drag on the heaving fluid is not
 * (0.5 rho Cdt pi d l u_z^2, about 0.3 N: ~2e-4). */
Test(rigid_waves, payload_feels_the_fluid_acceleration)
{
    const double h = 50.0, T = 6.0, a = 0.5, dt = 2e-3, M = 2000.0, V = 1.0, Ca = 1.0, mu = 2.0, dw = 0.005, L = 5.0;
    double amp[2] = {a, a}, om[2] = {2 * PI / T, 2 * PI / T}, dir[2] = {0.0, PI}, ph[2] = {0.0, 0.0};
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "hoist";
    c.length = L;
    c.elements = 5;
    c.mass_per_length = mu;
    c.diameter = dw;
    c.ea = 1e9;
    c.end_a = HW_RC_END_POINT;
    c.end_b = HW_RC_END_BODY;
    c.pos_a[2] = 1.0;
    c.pos_b[2] = 1.0 - L;
    c.cat = 0.0;
    c.body_b.mass = M; c.body_b.volume = V; c.body_b.cda = 0.0; c.body_b.ca = Ca;
    hw_rc_def d = hw_default_rc_def();
    d.dt = dt;
    d.env.depth = h;
    d.env.rho_w = RHO;
    d.env.waves = hw_default_waves();
    d.env.waves.kind = HW_WAVES_COMPONENTS;
    d.env.waves.n_components = 2;
    d.env.waves.c_amp = amp; d.env.waves.c_omega = om; d.env.waves.c_dir = dir; d.env.waves.c_phase = ph;
    d.env.waves.ramp_time = T;
    d.n_cables = 1;
    d.cables = &c;
    hw_rc *rc = make(&d);
    double w = om[0], k = airy_k(w, h), Aw = 0.25 * PI * dw * dw;
    double worst = 0.0, famp = 0.0, fx = 0.0;
    int n = (int)lround(3 * T / dt);
    for (int s = 1; s <= n; s++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        double t = hw_rc_time(rc) - dt;
        if (t < 2 * T) continue;
        double fa[3], fb[3], x[3];
        hw_rc_end_forces(rc, 0, fa, fb);
        hw_rc_body_state(rc, 0, 1, x, NULL);
        double eta = 2 * a * cos(w * t), zs = wheeler(x[2], eta, h);
        double az = -2 * a * w * w * sinh(k * (zs + h)) / sinh(k * h) * cos(w * t);
        double fi = RHO * V * (1 + Ca) * az;
        double F = -(M - RHO * V) * G0 + fi - mu * L * G0 + RHO * G0 * Aw * (eta - x[2]) +
                   RHO * Aw * (-2 * a * w * w * cos(w * t)) * int_sh(k, h, eta, x[2]);
        worst = fmax(worst, fabs(fa[2] - F)); /* the force on the fixed point: the loads it carries */
        famp = fmax(famp, fabs(fi));
        fx = fmax(fx, fabs(fa[0]) + fabs(fa[1]));
    }
    printf("payload under a standing wave: fluid-acceleration force amplitude %.6g N; the wire's top pull vs the "
           "closed form: worst %.4g N (%.3g of it); horizontal pull %.3g N\n", famp, worst, worst / famp, fx);
    cr_expect_gt(famp, 1000.0);
    cr_expect_lt(worst, 1e-3 * famp);
    cr_expect_lt(fx, 1e-6 * famp, "the antinode has no horizontal flow");
    hw_rc_destroy(rc);
}

/* ---- still water, the GPU step, the world ------------------------------------------------------ */

/* A crane wire with a payload and a towed cable crossing the surface, in a current. */
static void two_cables(hw_rc_def *d, hw_rc_cable_def c[2])
{
    *d = hw_default_rc_def();
    d->dt = 2e-3;
    d->env.depth = 200;
    d->env.current[0] = 0.4;
    c[0] = hw_default_rc_cable();
    c[0].name = "crane"; c[0].length = 30; c[0].elements = 15; c[0].mass_per_length = 5;
    c[0].diameter = 0.03; c[0].ea = 1e8; c[0].ei = 50; c[0].gj = 20;
    c[0].end_b = HW_RC_END_BODY; c[0].body_b.mass = 300; c[0].body_b.volume = 0.1; c[0].body_b.cda = 0.8;
    c[0].body_b.ca = 1;
    c[0].pos_a[2] = 2; c[0].pos_b[0] = 6; c[0].pos_b[2] = -26;
    c[1] = hw_default_rc_cable();
    c[1].name = "towed"; c[1].length = 12; c[1].elements = 8; c[1].mass_per_length = 2;
    c[1].diameter = 0.05; c[1].ea = 1e6; c[1].end_a = HW_RC_END_POINT; c[1].end_b = HW_RC_END_BODY;
    c[1].body_b.mass = 20; c[1].body_b.volume = 0.01; c[1].body_b.cda = 0.2; c[1].body_b.ca = 1;
    c[1].pos_a[0] = 100; c[1].pos_a[2] = -1; c[1].pos_b[0] = 111.5; c[1].pos_b[2] = 0.5;
    d->n_cables = 2;
    d->cables = c;
}

/* A wave of zero height takes the waves' path (the kinematics are evaluated and add zeros): the
 * same numbers as still water, exactly, element states and body positions after 600 steps. */
Test(rigid_waves, zero_height_wave_equals_still_water)
{
    hw_rc_def d;
    hw_rc_cable_def c[2];
    two_cables(&d, c);
    hw_rc *still = make(&d);
    d.env.waves = regular(0.0, 5.0, 0.3, 0.0, 0.0);
    hw_rc *flat = make(&d);
    cr_assert_eq(hw_rc_step(still, 600), HW_OK, "%s", hw_rc_last_error(still));
    cr_assert_eq(hw_rc_step(flat, 600), HW_OK, "%s", hw_rc_last_error(flat));
    for (int k = 0; k < 2; k++) {
        int n = hw_rc_elements(still, k);
        double xa[3 * 16], xb[3 * 16];
        hw_rc_positions(still, k, xa);
        hw_rc_positions(flat, k, xb);
        hw_rc_body_state(still, k, 1, xa + 3 * n, NULL);
        hw_rc_body_state(flat, k, 1, xb + 3 * n, NULL);
        for (int i = 0; i < 3 * (n + 1); i++) cr_expect_eq(xa[i], xb[i], "cable %d value %d: %.17g vs %.17g", k, i, xa[i], xb[i]);
    }
    hw_rc_destroy(still);
    hw_rc_destroy(flat);
}

/* kernels/cuda/rigid_cuda.cu's step emulated on the CPU (hw_rc_cpu_step_bcr) in waves: the element
 * kernel's wave loads are the CPU's function (hw_rc_element_loads), so the two steps differ only by
 * their block solves (cyclic reduction against block Thomas), 1e-9 m after 400 steps as in still
 * water (test_rigid_body). A regular oblique wave (H 2 m, T 5 s) and the current; the clock set
 * before each step as hw_rc_step does. */
Test(rigid_waves, gpu_step_emulation_in_waves)
{
    hw_rc_def d;
    hw_rc_cable_def c[2];
    two_cables(&d, c);
    d.env.waves = regular(2.0, 5.0, 0.3, 0.4, 0.0);
    hw_rc *ra = make(&d), *rb = make(&d);
    hw_rc_sys *Sa = (hw_rc_sys *)ra, *Sb = (hw_rc_sys *)rb;
    double x0 = Sa->cab[1].posb[2], dx = 0, dbody = 0;
    for (int s = 0; s < 400; s++) {
        Sa->env.t = Sb->env.t = s * d.dt;
        rc_emulation r = rc_emulate_gpu_step(ra, rb, d.dt, 1);
        dx = fmax(dx, r.dx);
        dbody = fmax(dbody, r.dbody);
    }
    double moved = fabs(Sa->cab[1].posb[2] - x0);
    printf("GPU-step emulation in waves, 400 steps: elements %.3g m, bodies %.3g m apart (towed body heaved %.3g m)\n",
           dx, dbody, moved);
    cr_expect_lt(dx, 1e-9);
    cr_expect_lt(dbody, 1e-9);
    cr_expect_gt(moved, 1e-2, "the waves must move the body for the comparison to mean something");
    hw_rc_destroy(ra);
    hw_rc_destroy(rb);
}

/* The world's rigid cables are in its environment's waves (hw_world_def.lumped->env.waves, as a
 * scenario's environment.waves): the same end forces as hw_rc given the waves itself, and not those
 * of still water. */
Test(rigid_waves, world_hands_its_waves_to_the_rigid_cables)
{
    hw_rc_def d;
    hw_rc_cable_def c[2];
    two_cables(&d, c);
    hw_model_def none = hw_default_model();
    none.n_lines = 0; none.n_types = 0; none.n_points = 0;
    none.env.depth = d.env.depth;
    none.env.waves = regular(2.0, 5.0, 0.3, 0.4, 0.0);
    hw_world_def wd = hw_default_world();
    wd.lumped = &none;
    wd.rigid = &d;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_step(w, 300), HW_OK, "%s", hw_world_last_error(w));
    hw_rc *still = make(&d);
    d.env.waves = none.env.waves;
    hw_rc *own = make(&d);
    cr_assert_eq(hw_rc_step(still, 300), HW_OK, "%s", hw_rc_last_error(still));
    cr_assert_eq(hw_rc_step(own, 300), HW_OK, "%s", hw_rc_last_error(own));
    double fw[6], fo[6], fs[6];
    hw_rc_end_forces(hw_world_rigid(w), 0, fw, fw + 3);
    hw_rc_end_forces(own, 0, fo, fo + 3);
    hw_rc_end_forces(still, 0, fs, fs + 3);
    double dwo = 0, dws = 0;
    for (int i = 0; i < 6; i++) {
        dwo = fmax(dwo, fabs(fw[i] - fo[i]));
        dws = fmax(dws, fabs(fw[i] - fs[i]));
    }
    printf("world's rigid cable in waves: end forces differ by %.3g N from hw_rc in the same waves, %.3g N from still "
           "water\n", dwo, dws);
    cr_expect_eq(dwo, 0.0);
    cr_expect_gt(dws, 1.0);
    hw_world_destroy(w);
    hw_rc_destroy(still);
    hw_rc_destroy(own);
}

/* `hawser run`'s rigid runner puts the scenario's rigid cables in its waves (environment.waves:
 * the scenario gives the rigid cables the environment's sea as it gives its current):
 * examples/rigid_lowering.yaml with a regular wave (H 2 m, T 6 s) in its environment, the module
 * lowered through the splash zone to t = 30 s, gives the end forces and the module's position of
 * hw_rc built with those waves, exactly, and not those of still water. */
Test(rigid_waves, scenario_runner_hands_its_waves_to_the_rigid_cables)
{
    hw_scenario *sc = NULL;
    char msg[1024];
    FILE *fx = fopen(HW_EXAMPLES_DIR "/rigid_lowering.yaml", "r");
    cr_assert(fx);
    static char text[65536];
    size_t nt = fread(text, 1, sizeof text - 1, fx);
    fclose(fx);
    text[nt] = 0;
    char *env = strstr(text, "environment:\n");
    cr_assert(env, "the example has an environment section");
    static char with[65536 + 128];
    size_t at = (size_t)(env - text) + strlen("environment:\n");
    snprintf(with, sizeof with, "%.*s  waves: {type: regular, height: 2, period: 6}\n%s", (int)at, text, text + at);
    cr_assert_eq(hw_scenario_load_string(with, HW_EXAMPLES_DIR "/rigid_lowering.yaml", &sc, msg, sizeof msg), HW_OK,
                 "%s", msg);
    cr_assert_eq(sc->rigid->def.env.waves.kind, HW_WAVES_REGULAR, "the rigid cables' environment has the sea");
    hw_rc_runner r;
    cr_assert_eq(hw_rc_runner_start(&r, sc, HW_TMP "/hawser_rwaves_runner", 0.01, HW_BACKEND_CPU, NULL, NULL, msg,
                                    sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_rc_runner_advance_to(&r, 30.0, msg, sizeof msg), HW_OK, "%s", msg);
    hw_rc_def d = sc->rigid->def;
    d.dt = 0.01;
    d.backend = HW_BACKEND_CPU;
    d.env.waves = hw_default_waves();
    hw_rc *still = make(&d);
    d.env.waves = regular(2.0, 6.0, 0.0, 0.0, 0.0);
    hw_rc *own = make(&d);
    cr_assert_eq(hw_rc_step(still, 3000), HW_OK, "%s", hw_rc_last_error(still));
    cr_assert_eq(hw_rc_step(own, 3000), HW_OK, "%s", hw_rc_last_error(own));
    double f[3][9];
    hw_rc *rc[3] = {r.rc, own, still};
    for (int k = 0; k < 3; k++) {
        hw_rc_end_forces(rc[k], 0, f[k], f[k] + 3);
        hw_rc_body_state(rc[k], 0, 1, f[k] + 6, NULL);
    }
    double dro = 0, drs = 0;
    for (int i = 0; i < 9; i++) {
        dro = fmax(dro, fabs(f[0][i] - f[1][i]));
        drs = fmax(drs, fabs(f[0][i] - f[2][i]));
    }
    printf("scenario runner in waves: module at z %.4g m; end forces and module position differ by %.3g from hw_rc in "
           "the same waves, %.3g from still water\n", f[0][8], dro, drs);
    cr_expect_lt(f[0][8], -1.0, "the module must be in the water");
    cr_expect_eq(dro, 0.0);
    cr_expect_gt(drs, 1.0);
    hw_rc_runner_end(&r);
    hw_rc_destroy(own);
    hw_rc_destroy(still);
    hw_scenario_free(sc);
}

/* A sea state that cannot be built is refused at hw_rc_create, naming the field. */
Test(rigid_waves, bad_waves_refused)
{
    hw_rc_def d;
    hw_rc_cable_def c[2];
    two_cables(&d, c);
    d.env.waves = regular(2.0, 0.0, 0.0, 0.0, 0.0); /* no period */
    hw_rc *rc = NULL;
    char msg[512] = "";
    hw_status st = hw_rc_create(&d, &rc, msg, sizeof msg);
    printf("bad waves: %s\n", msg);
    cr_expect_eq(st, HW_ERR_INPUT);
    cr_expect(strstr(msg, "rigid environment field 'waves'") != NULL, "%s", msg);
    cr_expect(strstr(msg, "period") != NULL, "%s", msg);
    cr_expect_null(rc);
    /* waves without gravity have no dispersion relation */
    d.env.waves = regular(2.0, 5.0, 0.0, 0.0, 0.0);
    d.env.g = 0.0;
    st = hw_rc_create(&d, &rc, msg, sizeof msg);
    printf("waves without gravity: %s\n", msg);
    cr_expect_eq(st, HW_ERR_INPUT);
    cr_expect(strstr(msg, "rigid environment field 'waves'") != NULL && strstr(msg, "g > 0") != NULL, "%s", msg);
    cr_expect_null(rc);
}
