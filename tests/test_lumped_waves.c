/* Waves in the lumped-mass model (docs/physics.md section 10, "Loads on lumped-mass nodes in
 * waves"): the inline force on a vertical cylinder against Morison's closed form integrated over
 * depth, the buoyancy of a line piercing the surface, still water through the wave path, the
 * sampled node kinematics against the exact ones within the stated interpolation error, and a
 * checkpoint taken in waves continuing bit-identically (the samples are saved with the state).
 *
 * The Airy kinematics of the closed forms are written here again (dispersion by bisection,
 * Wheeler stretching), independently of kernels/physics/waves.h. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hawser/checkpoint.h"
#include "hawser/waves.h"
#include "world/sim_internal.h"

#define RHO 1025.0

/* k of w^2 = g k tanh(k h), by bisection (independent of hw_wave_number). */
static double disp_k(double w, double h)
{
    double lo = 1e-9, hi = 10.0 * w * w / G0 + 10.0 / h;
    for (int it = 0; it < 200; it++) {
        double k = 0.5 * (lo + hi);
        if (G0 * k * tanh(k * h) > w * w) hi = k;
        else lo = k;
    }
    return 0.5 * (lo + hi);
}

/* A vertical line of nseg segments from (0, 0, z0) to (0, 0, z1) held by two fixed points, in
 * water of depth h with regular waves (height H, period T; kstep: the kinematics step, 0: auto).
 * No static solve: the state is the straight, unstretched line at rest. */
typedef struct vline {
    one_line m;
    hw_sim *sim;
    const hw_backend_ops *ops;
    hw_backend *be; /* a CPU backend on the sim's system that records the node forces */
    double *f;      /* node forces, 3 per state slot */
    hw_lm_work w;
} vline;

static void vline_make(vline *v, double d, double mu, double cd, double ca, double z0, double z1,
                       int nseg, double h, double H, double T, double kstep)
{
    memset(v, 0, sizeof *v);
    double ra[3] = {0, 0, z0}, rb[3] = {0, 0, z1};
    one_line_init(&v->m, d, mu, 1e9, z1 - z0, nseg, ra, rb);
    v->m.type.cdn = cd;
    v->m.type.cdt = 0.0;
    v->m.type.can = ca;
    v->m.type.cat = 0.0;
    v->m.def.env.rho_w = RHO;
    v->m.def.env.g = G0;
    v->m.def.env.depth = h;
    v->m.def.solver.static_solve = 0;
    v->m.def.solver.dt = 1e-4;
    v->m.def.solver.allow_unstable_dt = 1; /* never stepped: the state is held */
    v->m.def.env.waves.kind = HW_WAVES_REGULAR;
    v->m.def.env.waves.height = H;
    v->m.def.env.waves.period = T;
    v->m.def.env.waves.kinematics_step = kstep;
    char msg[512];
    cr_assert_eq(hw_sim_create(&v->m.def, HW_BACKEND_CPU, NULL, NULL, &v->sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_lm_sys *S = &v->sim->m.S;
    cr_assert_eq(S->wv.n, 1);
    v->ops = hw_cpu_backend();
    cr_assert_eq(v->ops->create(S, 1, &v->be, msg, sizeof msg), HW_OK, "%s", msg);
    /* the straight line: node j at z0 + j (z1 - z0) / nseg */
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    double *y = calloc(ny, sizeof(double));
    memcpy(y, v->sim->m.y0, ny * sizeof(double));
    for (int j = 0; j <= nseg; j++) {
        int i = S->ln_n0[0] + j;
        y[HW_Y_RX * S->n_state + i] = 0.0;
        y[HW_Y_RY * S->n_state + i] = 0.0;
        y[HW_Y_RZ * S->n_state + i] = z0 + j * (z1 - z0) / nseg;
        for (int c = 0; c < 3; c++) y[(HW_Y_VX + c) * S->n_state + i] = 0.0;
    }
    v->ops->upload(v->be, HW_BUF_Y, y);
    v->ops->constrain(v->be, 0.0, HW_BUF_Y);
    free(y);
    v->f = calloc(3 * (size_t)S->n_state, sizeof(double));
    v->w.node_f = v->f;
}

/* The net external load on the line at time t (the sum of its node loads: the tensions cancel),
 * after the refresh pass a step starting at t runs. */
static void vline_load(vline *v, double t, double F[3])
{
    v->ops->wave_refresh(v->be, t, HW_BUF_Y);
    v->ops->eval(v->be, t, HW_BUF_Y, HW_BUF_K1);
    v->ops->download_work(v->be, &v->w);
    const hw_lm_sys *S = &v->sim->m.S;
    F[0] = F[1] = F[2] = 0.0;
    for (int j = 0; j <= S->ln_nseg[0]; j++)
        for (int c = 0; c < 3; c++) F[c] += v->f[3 * (S->ln_n0[0] + j) + c];
}

static void vline_free(vline *v)
{
    v->ops->destroy(v->be);
    hw_sim_destroy(v->sim);
    free(v->f);
}

/* Morison's inline force per unit length at height z, time t, split into its inertia and drag
 * parts, Airy kinematics at x = 0 with Wheeler stretching (zs = h (z - eta) / (h + eta)). */
static void morison_dz(double z, double t, double a, double w, double k, double h, double d,
                       double cd, double ca, double *fi, double *fd)
{
    double eta = a * cos(-w * t);
    double zs = h * (z - eta) / (h + eta);
    double ch = cosh(k * (zs + h)) / sinh(k * h);
    double u = a * w * ch * cos(-w * t), ax = a * w * w * ch * sin(-w * t);
    *fi = RHO * (1.0 + ca) * 0.25 * PI * d * d * ax;
    *fd = 0.5 * RHO * cd * d * fabs(u) * u;
}
/* ... integrated from z0 to z1 (Simpson, 4000 intervals: exact to ~1e-12 relative here). */
static void morison_force(double z0, double z1, double t, double a, double w, double k, double h,
                          double d, double cd, double ca, double *fi, double *fd)
{
    int n = 4000;
    double dz = (z1 - z0) / n, si = 0.0, sd = 0.0;
    for (int j = 0; j <= n; j++) {
        double c = (j == 0 || j == n) ? 1.0 : (j % 2 ? 4.0 : 2.0), a1, b1;
        morison_dz(z0 + j * dz, t, a, w, k, h, d, cd, ca, &a1, &b1);
        si += c * a1;
        sd += c * b1;
    }
    *fi = si * dz / 3.0;
    *fd = sd * dz / 3.0;
}

/* The vertical cylinder (a): held from the seabed (z = -h) to zt, below the trough. The lumped
 * line's horizontal load is the trapezoidal rule of Morison's integrand on its nodes (each
 * node's tributary length), with the kinematics sampled every kinematics step h_s and
 * interpolated linearly. Tolerance, from the two errors:
 *   - sampling: linear interpolation of a sinusoid of frequency w over h_s is off by at most
 *     (w h_s)^2 / 8 of its amplitude; the inertia part is linear in a, the drag part quadratic in
 *     u (twice the relative error): (w h_s)^2 / 8 (F_I + 2 F_D), F_I and F_D the amplitudes of
 *     the two parts (Wheeler stretching moves the sampled depth a little: a 20 % margin);
 *   - quadrature: the trapezoidal rule over nseg segments of dz is off by dz^2 / 12 times the
 *     integrand's second derivative in z, at most (k dz)^2 / 12 relative for the cosh profile
 *     (the drag part: (2 k dz)^2 / 12): bounded by (2 k dz)^2 / 12 (F_I + F_D). */
static void cylinder_case(const char *name, double d, double cd, double H, double T, double kfrac)
{
    double h = 20.0, zt = -0.75 * H - 1.0, a = 0.5 * H, w = 2.0 * PI / T, k = disp_k(w, h);
    int nseg = 40;
    double hs = kfrac * T; /* the kinematics step */
    vline v;
    vline_make(&v, d, 50.0, cd, 1.0, -h, zt, nseg, h, H, T, hs);
    cr_assert_float_eq(hw_waves_kinematics_step(hw_sim_waves(v.sim)), hs, 1e-15);
    double ampI = 0.0, ampD = 0.0, worst = 0.0;
    double F[3], fi, fd;
    int nt = 97;
    double err[97], exact[97];
    for (int j = 0; j < nt; j++) {
        double t = 3.0 * T + 0.0137 * T + j * T / 48.0; /* two periods, off the sample times */
        vline_load(&v, t, F);
        morison_force(-h, zt, t, a, w, k, h, d, cd, 1.0, &fi, &fd);
        ampI = fmax(ampI, fabs(fi));
        ampD = fmax(ampD, fabs(fd));
        exact[j] = fi + fd;
        err[j] = F[0] - exact[j];
        cr_expect(fabs(F[1]) < 1e-9 * (fabs(fi) + fabs(fd) + 1.0), "no transverse load: %g", F[1]);
    }
    double dz = (zt + h) / nseg;
    double tol = 1.2 * (w * hs) * (w * hs) / 8.0 * (ampI + 2.0 * ampD) +
                 (2.0 * k * dz) * (2.0 * k * dz) / 12.0 * (ampI + ampD);
    for (int j = 0; j < nt; j++) worst = fmax(worst, fabs(err[j]));
    printf("%s: F_I %.6g N, F_D %.6g N, worst |F - Morison| %.4g N (%.3g %% of F_I + F_D), tol %.4g N\n",
           name, ampI, ampD, worst, 100.0 * worst / (ampI + ampD), tol);
    for (int j = 0; j < nt; j++)
        cr_expect(fabs(err[j]) <= tol, "%s: sample %d: F %.9g vs Morison %.9g (tol %.3g)", name, j,
                  exact[j] + err[j], exact[j], tol);
    vline_free(&v);
}

Test(lumped_waves, vertical_cylinder_inertia_dominated)
{
    /* D = 2 m, H = 1 m, T = 8 s: KC = u T / D ~ 0.4, inertia dominates */
    cylinder_case("inertia, step T/40", 2.0, 1.2, 1.0, 8.0, 1.0 / 40.0);
    cylinder_case("inertia, step T/400", 2.0, 1.2, 1.0, 8.0, 1.0 / 400.0);
}

Test(lumped_waves, vertical_cylinder_drag_dominated)
{
    /* D = 0.05 m, H = 4 m, T = 8 s: KC ~ 250, drag dominates */
    cylinder_case("drag, step T/40", 0.05, 1.2, 4.0, 8.0, 1.0 / 40.0);
    cylinder_case("drag, step T/400", 0.05, 1.2, 4.0, 8.0, 1.0 / 400.0);
}

/* (b) A vertical line piercing still water (a regular wave of height 0 takes the wave path): the
 * vertical load on it is its weight less rho g V_submerged, V_submerged its section times the
 * (unstretched) length under z = 0, to rounding, wherever the waterline falls in a segment. */
Test(lumped_waves, buoyancy_of_a_line_crossing_the_surface)
{
    double d = 0.3, mu = 40.0, L = 15.0, A = 0.25 * PI * d * d;
    const double zb[] = {-10.0, -9.9, -9.63, -9.5, -9.17, -9.999, -10.0 + 1e-9};
    for (unsigned c = 0; c < sizeof zb / sizeof zb[0]; c++) {
        vline v;
        vline_make(&v, d, mu, 1.2, 1.0, zb[c], zb[c] + L, 15, 100.0, 0.0, 8.0, 0.0);
        double F[3];
        vline_load(&v, 0.37, F);
        double lsub = -zb[c];
        double expect = -mu * L * G0 + RHO * G0 * A * lsub;
        printf("waterline %.4g m into a segment: Fz %.15g N, weight - rho g V %.15g N\n",
               -zb[c] - floor(-zb[c]), F[2], expect);
        cr_expect(fabs(F[2] - expect) <= 1e-12 * mu * L * G0, "bottom at %g: Fz %.17g, expected %.17g",
                  zb[c], F[2], expect);
        cr_expect(fabs(F[0]) < 1e-12 && fabs(F[1]) < 1e-12);
        vline_free(&v);
    }
}

/* (c) A regular wave of height 0 runs the wave path: a submerged line's motion is the still
 * water one within 1e-12 relative (here it is bit-equal: every submerged fraction is exactly
 * 1 and every wave term exactly 0). */
Test(lumped_waves, zero_height_waves_give_the_still_water_state)
{
    double ra[3] = {0, 0, -50}, rb[3] = {80, 0, -10};
    one_line m;
    one_line_init(&m, 0.1, 20.0, 5e7, 100.0, 20, ra, rb);
    m.def.solver.dt = 5e-5;
    double pos[2][63];
    for (int pass = 0; pass < 2; pass++) {
        m.def.env.waves = hw_default_waves();
        if (pass) {
            m.def.env.waves.kind = HW_WAVES_REGULAR;
            m.def.env.waves.height = 0.0;
            m.def.env.waves.period = 6.0;
        }
        m.pts[1].kind = HW_POINT_PRESCRIBED; /* a moving fairlead: the line moves */
        m.pts[1].motion = HW_MOTION_SINUSOID;
        m.pts[1].amp[0] = 2.0;
        m.pts[1].period = 5.0;
        hw_sim *sim = NULL;
        char msg[512];
        cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(sim->m.S.wv.n, pass ? 1 : 0);
        cr_assert_eq(hw_sim_step(sim, 4000), HW_OK, "%s", hw_sim_last_error(sim));
        hw_sim_line_positions(sim, 0, pos[pass]);
        hw_sim_destroy(sim);
    }
    double worst = 0.0;
    for (int i = 0; i < 63; i++) worst = fmax(worst, fabs(pos[0][i] - pos[1][i]));
    printf("zero-height waves vs still water after 0.2 s: largest difference %.3g m\n", worst);
    cr_expect(worst <= 1e-12 * 100.0, "%g", worst);
}

/* (d) The kinematics a node reads (hw_lm_wave_at, sampled every h_s and interpolated) against
 * hw_wave_eval at the node: within (w h_s)^2 / 8 of the amplitude (the elevation, a pure
 * sinusoid here, exactly; the velocity and acceleration of a deep node with a 10 % margin for
 * Wheeler stretching, which moves the stretched depth with eta). */
Test(lumped_waves, sampled_kinematics_within_the_interpolation_error)
{
    double h = 20.0, H = 2.0, T = 7.0, a = 0.5 * H, w = 2.0 * PI / T;
    vline v;
    vline_make(&v, 0.2, 30.0, 1.2, 1.0, -h, -12.0, 8, h, H, T, 0.0);
    const hw_lm_sys *S = &v.sim->m.S;
    double hs = S->wv_h;
    cr_expect_float_eq(hs, T / 40.0, 1e-12, "default step T_min / 40");
    int node = S->ln_n0[0] + 4; /* z = -16 */
    double z = -16.0, eps = (w * hs) * (w * hs) / 8.0;
    cr_expect(eps < 0.0031, "(2 pi / 40)^2 / 8 = 0.31 %%");
    double k = disp_k(w, h), ch = cosh(k * (z + h + a)) / sinh(k * h); /* the largest stretched factor */
    double werr[3] = {0, 0, 0};
    for (int j = 0; j < 400; j++) {
        double t = 10.0 + j * 0.01237;
        double F[3];
        vline_load(&v, t, F); /* refresh, then the node's sampled value at t */
        hw_wave_kin K = hw_lm_wave_at(S, t, node, z);
        hw_wave_kin E = hw_wave_eval(&S->wv, hw_v3_make(0, 0, z), t);
        werr[0] = fmax(werr[0], fabs(K.eta - E.eta));
        werr[1] = fmax(werr[1], fabs(K.u.x - E.u.x));
        werr[2] = fmax(werr[2], fabs(K.a.x - E.a.x));
    }
    printf("sampling error: eta %.3g m (bound %.3g), u %.3g m/s (bound %.3g), a %.3g m/s2 (bound %.3g)\n",
           werr[0], eps * a, werr[1], 1.1 * eps * a * w * ch, werr[2], 1.1 * eps * a * w * w * ch);
    cr_expect(werr[0] <= eps * a * (1.0 + 1e-9));
    cr_expect(werr[1] <= 1.1 * eps * a * w * ch);
    cr_expect(werr[2] <= 1.1 * eps * a * w * w * ch);
    cr_expect(werr[0] > 0.1 * eps * a, "the samples are interpolated (not exact evaluations)");
    vline_free(&v);
}

/* A free point in waves (hw_lm_point_own_load at its own slot's samples): at rest under the
 * surface, its own load is weight - buoyancy plus drag 0.5 rho CdA |u| u and the fluid
 * acceleration rho V (1 + Ca) a on the wave kinematics at its centre (hw_wave_eval), within the
 * sampling error (w h)^2 / 8 of each part's amplitude (drag: twice that); its mass matrix is
 * (m + Ca rho V) I. Above the surface: weight only. */
Test(lumped_waves, free_point_loads_in_waves)
{
    vline v;
    vline_make(&v, 0.05, 5.0, 1.2, 1.0, -20.0, -10.0, 5, 30.0, 3.0, 6.0, 0.0);
    hw_sim_destroy(v.sim); /* rebuilt with a free point at the top end */
    v.ops->destroy(v.be);
    free(v.f);
    v.f = NULL;
    v.m.pts[1].kind = HW_POINT_FREE;
    v.m.pts[1].mass = 800.0;
    v.m.pts[1].volume = 1.5;
    v.m.pts[1].cda = 2.0;
    v.m.pts[1].ca = 0.8;
    char msg[512];
    cr_assert_eq(hw_sim_create(&v.m.def, HW_BACKEND_CPU, NULL, NULL, &v.sim, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_lm_sys *S = &v.sim->m.S;
    cr_assert_eq(v.ops->create(S, 0, &v.be, msg, sizeof msg), HW_OK, "%s", msg);
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    double *y = calloc(ny, sizeof(double));
    double w = 2.0 * PI / 6.0, hs = S->wv_h, eps = (w * hs) * (w * hs) / 8.0;
    const double zs[2] = {-4.0, 2.5}; /* under the surface; above the crest (1.5 m) */
    for (int c = 0; c < 2; c++) {
        memcpy(y, v.sim->m.y0, ny * sizeof(double));
        int i = S->n_nodes + 1;
        y[HW_Y_RX * S->n_state + i] = 3.0;
        y[HW_Y_RZ * S->n_state + i] = zs[c];
        for (int k = 0; k < 3; k++) y[(HW_Y_VX + k) * S->n_state + i] = 0.0;
        double worst = 0.0, ampI = 0.0, ampD = 0.0;
        for (int j = 0; j < 60; j++) {
            double t = 4.0 + j * 0.1117;
            v.ops->upload(v.be, HW_BUF_Y, y);
            v.ops->wave_refresh(v.be, t, HW_BUF_Y);
            hw_m3s M;
            hw_node_load L = hw_lm_point_own_load(S, t, y, 1, &M);
            hw_wave_kin E = hw_wave_eval(&S->wv, hw_v3_make(3.0, 0.0, zs[c]), t);
            double rho = RHO, V = 1.5;
            hw_v3 fi = hw_v3_scale(E.a, rho * V * 1.8), fd = hw_v3_scale(E.u, 0.5 * rho * 2.0 * hw_v3_norm(E.u));
            hw_v3 fe = hw_v3_add(fi, fd);
            fe.z -= (800.0 - (E.wet ? rho * V : 0.0)) * G0;
            ampI = fmax(ampI, hw_v3_norm(fi));
            ampD = fmax(ampD, hw_v3_norm(fd));
            worst = fmax(worst, hw_v3_norm(hw_v3_sub(L.f, fe)));
            cr_expect_float_eq(M.xx, 800.0 + (E.wet ? 0.8 * rho * V : 0.0), 1e-9);
            cr_expect_eq(M.xy, 0.0);
        }
        double tol = 1.2 * eps * (ampI + 2.0 * ampD) + 1e-9 * 800.0 * G0;
        printf("free point at z = %g: worst |F - closed form| %.4g N (F_I %.4g N, F_D %.4g N, tol %.4g N)\n",
               zs[c], worst, ampI, ampD, tol);
        cr_expect(worst <= tol, "z %g: %g > %g", zs[c], worst, tol);
        if (c == 1) cr_expect_eq(ampI + ampD, 0.0, "no fluid above the surface");
    }
    free(y);
    vline_free(&v);
}

/* (e) Checkpoint and resume in waves: a slack line between two fixed points under regular waves
 * (H 2 m, T 6 s, depth 30 m; samples every T / 40 = 0.15 s), stepped N = 4000 steps of 0.5 ms, and
 * stepped N1 = 2150 steps (t = 1.075 s, inside a sampling interval: the samples were taken at
 * t = 1.05 s from the state then), saved, loaded into a new simulation of the same model and
 * stepped N - N1: every node's position and velocity, every tension and the samples agree bit
 * for bit. The same resume with the samples dropped after the load (every slot marked never
 * sampled: what a checkpoint without them gave) drifts, so the test sees the samples. */
static hw_sim *slack_line_in_waves(one_line *m)
{
    double ra[3] = {-10.0, 0.0, -28.0}, rb[3] = {10.0, 0.0, -8.0};
    one_line_init(m, 0.1, 50.0, 1e5, 30.0, 10, ra, rb);
    m->type.cdn = 1.2;
    m->type.can = 1.0;
    m->def.env.rho_w = RHO;
    m->def.env.g = G0;
    m->def.env.depth = 30.0;
    m->def.solver.dt = 5e-4; /* under the critical step (hw_sim_create checks it) */
    m->def.env.waves.kind = HW_WAVES_REGULAR;
    m->def.env.waves.height = 2.0;
    m->def.env.waves.period = 6.0;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&m->def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* Positions, velocities (11 nodes), tensions (10 segments), time and steps; the samples. */
static void resume_state(hw_sim *sim, double *out, int *k, double *s)
{
    cr_assert_eq(hw_sim_line_positions(sim, 0, out), HW_OK);
    cr_assert_eq(hw_sim_line_velocities(sim, 0, out + 33), HW_OK);
    cr_assert_eq(hw_sim_line_tensions(sim, 0, out + 66), HW_OK);
    out[76] = hw_sim_time(sim);
    out[77] = (double)hw_sim_steps_taken(sim);
    cr_assert_eq(hw_sim_wave_samples_get(sim, k, s), HW_OK);
}

Test(lumped_waves, checkpoint_resume_bit_identical)
{
    enum { N = 4000, N1 = 2150, NV = 78 };
    one_line m[3];
    hw_sim *a = slack_line_in_waves(&m[0]), *b = slack_line_in_waves(&m[1]), *c = slack_line_in_waves(&m[2]);
    size_t n = hw_sim_wave_samples_size(a);
    cr_assert_eq(n, (size_t)a->m.S.n_state, "every node and point is sampled");
    cr_assert_float_eq(hw_waves_kinematics_step(hw_sim_waves(a)), 0.15, 1e-12);
    int *ka = calloc(n, sizeof(int)), *kb = calloc(n, sizeof(int));
    double *sa = calloc(14 * n, sizeof(double)), *sb = calloc(14 * n, sizeof(double));
    cr_assert_eq(hw_sim_step(a, N1), HW_OK, "%s", hw_sim_last_error(a));
    void *buf;
    size_t len;
    cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
    cr_assert_eq(hw_sim_step(a, N - N1), HW_OK, "%s", hw_sim_last_error(a));
    char msg[1024];
    cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_steps_taken(b), N1);
    cr_assert_eq(hw_sim_step(b, N - N1), HW_OK, "%s", hw_sim_last_error(b));
    double ya[NV], yb[NV];
    resume_state(a, ya, ka, sa);
    resume_state(b, yb, kb, sb);
    cr_assert(memcmp(ya, yb, sizeof ya) == 0, "the resumed simulation drifted from the uninterrupted one");
    cr_assert(memcmp(ka, kb, n * sizeof(int)) == 0 && memcmp(sa, sb, 14 * n * sizeof(double)) == 0,
              "the resumed samples differ");
    cr_assert_eq(ka[a->m.S.ln_n0[0] + 5], 13, "the last step (from t = 1.9995 s) sampled interval 13");
    /* the control: the same resume with the samples dropped (re-sampled from the state at the
     * resume time) is not bit-identical */
    cr_assert_eq(hw_sim_load_state(c, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    for (size_t i = 0; i < n; i++) kb[i] = HW_WV_NONE;
    memset(sb, 0, 14 * n * sizeof(double));
    cr_assert_eq(hw_sim_wave_samples_set(c, kb, sb), HW_OK);
    cr_assert_eq(hw_sim_step(c, N - N1), HW_OK, "%s", hw_sim_last_error(c));
    double yc[NV];
    resume_state(c, yc, kb, sb);
    cr_assert(memcmp(ya, yc, sizeof ya) != 0, "dropping the samples changes nothing: the test cannot see them");
    free(ka); free(kb); free(sa); free(sb);
    hw_sim_destroy(a); hw_sim_destroy(b); hw_sim_destroy(c);
    /* still water: nothing sampled, nothing saved; the fingerprint holds the sea, so a checkpoint
     * in waves and one in still water of the same line refuse each other */
    one_line w;
    double ra[3] = {-10.0, 0.0, -28.0}, rb[3] = {10.0, 0.0, -8.0};
    one_line_init(&w, 0.1, 50.0, 1e7, 30.0, 10, ra, rb);
    hw_sim *d = NULL;
    cr_assert_eq(hw_sim_create(&w.def, HW_BACKEND_CPU, NULL, NULL, &d, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_wave_samples_size(d), 0);
    cr_assert_eq(hw_sim_wave_samples_get(d, NULL, NULL), HW_OK);
    cr_assert_eq(hw_sim_load_state(d, buf, len, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "another model"), "%s", msg);
    free(buf);
    cr_assert_eq(hw_sim_save_state(d, &buf, &len), HW_OK);
    hw_sim *e = slack_line_in_waves(&m[0]);
    cr_assert_eq(hw_sim_load_state(e, buf, len, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "another model"), "%s", msg);
    free(buf);
    hw_sim_destroy(d);
    hw_sim_destroy(e);
}
