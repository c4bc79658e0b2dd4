/* Bodies at the ends of rigid-cylinder cables (include/hawser/rigid.h HW_RC_END_BODY: a payload,
 * ROV or clump weight that the cable moves and that loads it back, solved with the constraints):
 * statics against closed forms (validation case 5 with a body), a light body on a stiff wire at the
 * wire's large step, the spring-mass and pendulum periods, the terminal velocity of a sinking body
 * (case 7), agreement with the lumped-mass model's free point in a current (case 14 with a
 * payload), energy, lowering through the splash zone on a reel winch (case 15 with a body), the GPU
 * step's CPU emulation and the input errors. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hawser/rigid.h"
#include "rigid.h"
#include "rigid_emulation.h"

#define RHO 1025.0

typedef struct body_case {
    hw_rc_def def;
    hw_rc_cable_def cab;
} body_case;

/* A wire hanging from a fixed point (0, 0, z0) down to a body at end B, in air unless a test
 * puts it in water; no bending or torsion stiffness. */
static void hang(body_case *m, double z0, double L, int n, double mu, double d, double ea, double mass,
                 double dt)
{
    m->def = hw_default_rc_def();
    m->def.dt = dt;
    m->def.env.rho_w = 0.0;
    m->def.env.depth = 3000.0;
    m->cab = hw_default_rc_cable();
    m->cab.name = "wire";
    m->cab.length = L;
    m->cab.elements = n;
    m->cab.mass_per_length = mu;
    m->cab.diameter = d;
    m->cab.ea = ea; m->cab.ei = 0.0; m->cab.gj = 0.0;
    m->cab.end_a = HW_RC_END_POINT;
    m->cab.end_b = HW_RC_END_BODY;
    m->cab.pos_a[2] = z0;
    m->cab.pos_b[2] = z0 - L;
    m->cab.body_b.mass = mass;
    m->def.n_cables = 1;
    m->def.cables = &m->cab;
}

static double w_sub(double mu, double d, double rho) { return (mu - rho * PI * d * d / 4) * G0; }

/* ---- statics ---------------------------------------------------------------------------------- */

/* Validation case 5 with the tip mass as a body: the body hangs (M g L + mu g L^2 / 2) / EA below
 * the unstretched length. The end blocks carry half an element's compliance each, so the N
 * springs in series stretch exactly like the continuous cable under its lumped weights (the sum
 * is the closed form, not an approximation of it). Constraint damping above critical
 * (damping_ratio 1.5 at beta dt = 0.5) lets the bounce die out in a few seconds. */
Test(rigid_body, case5_tip_body_stretch_and_tensions)
{
    const double L = 10, mu = 2, ea = 1e5, M = 50;
    body_case m;
    hang(&m, 0.0, L, 10, mu, 0.02, ea, M, 1e-3);
    m.cab.beta_dt = 0.5;
    m.cab.damping_ratio = 1.5;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 30.0);
    double x[3], v[3], fa[3], fb[3];
    cr_assert_eq(hw_rc_body_state(rc, 0, 1, x, v), HW_OK);
    hw_rc_end_forces(rc, 0, fa, fb);
    double stretch = -L - x[2], ex = (M * G0 * L + mu * G0 * L * L / 2) / ea;
    printf("case 5 body: stretch %.8g m, expected %.8g m (%.2e); top force %.8g N, expected %.8g N; "
           "pull on the body %.8g N, its weight %.8g N; |v| %.2g m/s\n", stretch, ex, stretch / ex - 1, -fa[2],
           (M + mu * L) * G0, fb[2], M * G0, sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
    cr_expect_lt(fabs(stretch / ex - 1), 1e-3);
    cr_expect_lt(fabs(-fa[2] / ((M + mu * L) * G0) - 1), 1e-6);
    cr_expect_lt(fabs(fb[2] / (M * G0) - 1), 1e-6);
    cr_expect_lt(fabs(x[0]) + fabs(x[1]), 1e-9);
    hw_rc_destroy(rc);
}

/* The body's implicit coupling: a 200 kg body on a 100 m steel wire (EA 1e9 N, 1 m elements) at
 * dt = 0.01 s. An end spring of EA / (l / 2) = 2e9 N/m on 200 kg has omega dt = 32: coupled
 * explicitly (the body moved by the last step's cable force) it would blow up at once. Solved with
 * the constraints it settles, in water with a current, where weights and drag balance: the top
 * force equals the submerged weights plus the current's drag on the body and the wire. */
Test(rigid_body, light_body_on_stiff_wire_at_large_step)
{
    const double L = 100, mu = 10, d = 0.04, M = 200, V = 0.05, cda = 0.5, U = 0.3;
    body_case m;
    hang(&m, -5.0, L, 100, mu, d, 1e9, M, 1e-2);
    m.def.env.rho_w = RHO;
    m.def.env.current[0] = U;
    m.cab.body_b.volume = V; m.cab.body_b.cda = cda; m.cab.body_b.ca = 1.0;
    m.cab.relax_damping = 0.2;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 200.0);
    double x[3], v[3], fa[3], fb[3];
    hw_rc_body_state(rc, 0, 1, x, v);
    hw_rc_end_forces(rc, 0, fa, fb);
    /* the wire leans by phi (its chord, measured): the current's normal part U cos(phi) drags it
     * along (cos phi, 0, sin phi), the tangential part U sin(phi) along the wire (sin phi, 0,
     * -cos phi); with the body's drag and the submerged weights that is the top force */
    double lean = atan2(x[0], -(x[2] + 5.0)), cs = cos(lean), sn = sin(lean);
    double dn = 0.5 * RHO * 1.2 * d * L * U * U * cs * cs, dt_ = 0.5 * RHO * 0.008 * PI * d * L * U * U * sn * sn;
    double fx = 0.5 * RHO * cda * U * U + dn * cs + dt_ * sn;
    double wz = (M - RHO * V) * G0 + w_sub(mu, d, RHO) * L - dn * sn + dt_ * cs;
    printf("light body on a stiff wire at dt 0.01 s: top force (%.6g, %.3g, %.8g) N; weights less drag %.8g N "
           "(%.2e), drag %.6g N (%.2e); body at (%.4g, %.2g, %.6g), |v| %.2g m/s\n", fa[0], -fa[1], -fa[2], wz,
           -fa[2] / wz - 1, fx, fa[0] / fx - 1, x[0], x[1], x[2], sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
    /* the wire's drag with the chord's lean for the curve's: a few percent of the wire's part */
    cr_expect_lt(fabs(-fa[2] / wz - 1), 2e-4);
    cr_expect_lt(fabs(fa[0] / fx - 1), 2e-3);
    cr_expect_lt(sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]), 1e-3);
    hw_rc_destroy(rc);
}

/* ---- dynamics --------------------------------------------------------------------------------- */

/* A 1000 kg body dropped on a light rope (10 m, EA 1e6 N: k = EA / L = 1e5 N/m), undamped: it
 * bounces with omega^2 = k / (M + m / 3) (the rope's mass by Rayleigh) between the unstretched
 * length and twice the static stretch. The constraints' own inertia term (1 / beta^2 = 1e-8 s^2
 * against M L / EA = 1e-2 s^2) shifts the period by 5e-7. */
Test(rigid_body, spring_mass_bounce_period_and_amplitude)
{
    const double L = 10, mu = 0.1, ea = 1e6, M = 1000, dt = 1e-4;
    body_case m;
    hang(&m, 0.0, L, 10, mu, 0.01, ea, M, dt);
    m.cab.damping_ratio = 0.0;
    hw_rc *rc = rc_make(&m.def);
    double zs = -L - (M + mu * L / 2) * G0 / ea * L; /* the static position, the bounce's centre */
    double t_up[8], prev = 0, zmin = 0;
    int nc = 0;
    for (int k = 0; k < 80000 && nc < 8; k++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        double x[3];
        hw_rc_body_state(rc, 0, 1, x, NULL);
        double z = x[2] - zs;
        if (k > 0 && prev < 0 && z >= 0) t_up[nc++] = hw_rc_time(rc) - dt * z / (z - prev);
        prev = z;
        zmin = fmin(zmin, z);
    }
    cr_assert_eq(nc, 8);
    double T = (t_up[7] - t_up[0]) / 7, Tex = 2 * PI * sqrt((M + mu * L / 3) * L / ea);
    double amp = -zmin, aex = (M + mu * L / 2) * G0 * L / ea;
    printf("spring-mass body: period %.7g s, expected %.7g s (%.2e); amplitude %.6g m, static stretch %.6g m "
           "(%.2e)\n", T, Tex, T / Tex - 1, amp, aex, amp / aex - 1);
    cr_expect_lt(fabs(T / Tex - 1), 1e-4); /* Rayleigh's m / 3 is good to (m / M)^2 = 1e-6 here */
    cr_expect_lt(fabs(amp / aex - 1), 1e-3);
    hw_rc_destroy(rc);
}

/* A 1000 kg body on a 10 m wire of 10 kg swinging 0.05 rad: the period of the compound pendulum
 * (the wire as a rod, I = (M + m / 3) L^2 about the pin, restoring moment (M + m / 2) g L) with the
 * finite-amplitude factor 1 + theta^2 / 16. The wire's tension is 100 times its weight, so it
 * swings almost straight; the rod formula differs from the point-mass pendulum by 8e-4, which the
 * tolerance resolves. */
Test(rigid_body, pendulum_period)
{
    const double L = 10, mu = 1, M = 1000, th = 0.05, dt = 1e-3;
    body_case m;
    hang(&m, 0.0, L, 20, mu, 0.02, 1e8, M, dt);
    m.cab.pos_b[0] = L * sin(th);
    m.cab.pos_b[2] = -L * cos(th);
    hw_rc *rc = rc_make(&m.def);
    double t_cross[6], prev = 0;
    int nc = 0;
    for (int k = 0; k < 40000 && nc < 6; k++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        double x[3];
        hw_rc_body_state(rc, 0, 1, x, NULL);
        if (k > 0 && (prev < 0) != (x[0] < 0)) t_cross[nc++] = hw_rc_time(rc) - dt * x[0] / (x[0] - prev);
        prev = x[0];
    }
    cr_assert_eq(nc, 6);
    double T = (t_cross[5] - t_cross[1]) / 2, m_w = mu * L;
    double Tex = 2 * PI * sqrt((M + m_w / 3) * L / ((M + m_w / 2) * G0)) * (1 + th * th / 16);
    double Tpoint = 2 * PI * sqrt(L / G0) * (1 + th * th / 16);
    printf("body pendulum: period %.7g s, compound %.7g s (%.2e), point mass %.7g s (%.2e)\n", T, Tex,
           T / Tex - 1, Tpoint, T / Tpoint - 1);
    cr_expect_lt(fabs(T / Tex - 1), 3e-4);
    hw_rc_destroy(rc);
}

/* Validation case 7 with a body: a 500 kg body (0.1 m^3, CdA 1 m^2) sinking with 10 m of wire
 * hanging below it (free end B, no axial drag) reaches the velocity where the drag on the body
 * carries both submerged weights, and the wire pulls on it with its own submerged weight. */
Test(rigid_body, case7_sinking_body_terminal_velocity)
{
    const double mu = 5, d = 0.03, M = 500, V = 0.1, cda = 1.0, L = 10;
    body_case m;
    hang(&m, -10.0, L, 5, mu, d, 1e7, M, 1e-2);
    m.def.env.rho_w = RHO;
    m.cab.end_a = HW_RC_END_BODY; m.cab.end_b = HW_RC_END_FREE;
    m.cab.body_a = m.cab.body_b;
    m.cab.body_a.volume = V; m.cab.body_a.cda = cda; m.cab.body_a.ca = 1.0;
    m.cab.cdt = 0.0;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 40.0);
    double x[3], v[3], fa[3], fb[3];
    hw_rc_body_state(rc, 0, 0, x, v);
    hw_rc_end_forces(rc, 0, fa, fb);
    double W = (M - RHO * V) * G0 + w_sub(mu, d, RHO) * L, vt = sqrt(2 * W / (RHO * cda));
    printf("case 7 body: vz %.7g m/s, terminal %.7g m/s (%.2e); wire's pull %.6g N, its submerged weight %.6g N\n",
           v[2], -vt, -v[2] / vt - 1, -fa[2], w_sub(mu, d, RHO) * L);
    cr_expect_lt(fabs(-v[2] / vt - 1), 1e-3);
    cr_expect_lt(fabs(-fa[2] / (w_sub(mu, d, RHO) * L) - 1), 1e-3);
    cr_expect_lt(fabs(x[0]) + fabs(x[1]), 1e-9);
    hw_rc_destroy(rc);
}

/* Case 14 with a payload: a 2 t body (0.5 m^3, CdA 2 m^2) on 50 m of wire from a fixed point, in a
 * 0.5 m/s current. The rigid cable settled by damped dynamics and the lumped-mass line with the
 * same body as its free end point, by its static solve, give the same force at the fixed point
 * and the same body position. */
Test(rigid_body, case14_payload_in_current_agrees_with_lumped_model)
{
    const double L = 50, mu = 10, d = 0.05, ea = 1e8, M = 2000, V = 0.5, cda = 2.0, U = 0.5;
    double ra[3] = {0, 0, -5}, rb[3] = {0, 0, -55};
    body_case m;
    hang(&m, -5.0, L, 50, mu, d, ea, M, 1e-2);
    m.def.env.rho_w = RHO;
    m.def.env.current[0] = U;
    m.cab.body_b.volume = V; m.cab.body_b.cda = cda; m.cab.body_b.ca = 1.0;
    m.cab.relax_damping = 0.5;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 300.0);
    double xr[3], fa[3];
    hw_rc_body_state(rc, 0, 1, xr, NULL);
    hw_rc_end_forces(rc, 0, fa, NULL);
    hw_rc_destroy(rc);

    one_line lm;
    one_line_init(&lm, d, mu, ea, L, 50, ra, rb);
    lm.def.env.rho_w = RHO;
    lm.def.env.depth = 3000;
    lm.def.env.current.n_depth = 2;
    static const double cz[2] = {-3000, 0}, cux[2] = {0.5, 0.5}, c0[2] = {0, 0};
    lm.def.env.current.z = cz;
    lm.def.env.current.ux = cux; lm.def.env.current.uy = c0; lm.def.env.current.uz = c0;
    lm.pts[1].kind = HW_POINT_FREE;
    lm.pts[1].mass = M; lm.pts[1].volume = V; lm.pts[1].cda = cda; lm.pts[1].ca = 1.0;
    lm.type.cdn = 1.2; lm.type.cdt = 0.008;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&lm.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double xl[3], fl[3];
    hw_sim_point_state(sim, 1, xl, NULL, NULL);
    hw_sim_point_state(sim, 0, NULL, NULL, fl);
    hw_sim_destroy(sim);
    double nf = sqrt(fl[0] * fl[0] + fl[2] * fl[2]), df = 0, dx = 0;
    for (int c = 0; c < 3; c++) {
        df = fmax(df, fabs(fa[c] - fl[c]) / nf);
        dx = fmax(dx, fabs(xr[c] - xl[c]));
    }
    printf("case 14 payload in current: force on the fixed point rigid (%.6g, %.3g, %.7g) N, lumped (%.6g, %.3g, "
           "%.7g) N (%.2e of |F|); body rigid (%.5g, %.2g, %.6g), lumped (%.5g, %.2g, %.6g) m\n", fa[0], fa[1], fa[2],
           fl[0], fl[1], fl[2], df, xr[0], xr[1], xr[2], xl[0], xl[1], xl[2]);
    cr_expect_lt(df, 2e-3);
    cr_expect_lt(dx, 2e-3 * L);
    cr_expect_gt(xl[0], 1.0, "the current must swing the body sideways");
}

/* Energy (docs/physics.md section 8) with a body: the pendulum above released at 0.5 rad, no
 * dissipation. Kinetic and potential energy of the body are in the totals; semi-implicit Euler
 * keeps the error bounded and first order in dt, as for the cable alone. */
static double body_energy_drift(double dt)
{
    body_case m;
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e7, 100, dt);
    m.cab.damping_ratio = 0.0;
    m.cab.pos_b[0] = 10 * sin(0.5);
    m.cab.pos_b[2] = -10 * cos(0.5);
    hw_rc *rc = rc_make(&m.def);
    hw_rc_energy e;
    hw_rc_get_energy(rc, &e);
    double e0 = e.total, worst = 0, scale = 110 * G0 * 10 * (1 - cos(0.5));
    int n = (int)(4.0 / dt + 0.5);
    for (int k = 0; k < n; k++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        hw_rc_get_energy(rc, &e);
        worst = fmax(worst, fabs(e.total + e.dissipated - e0));
    }
    printf("body pendulum energy dt %.0e: max |dE| %.3g of the swing's %.4g J (kinetic now %.4g J)\n", dt,
           worst / scale, scale, e.kinetic);
    hw_rc_destroy(rc);
    return worst / scale;
}

Test(rigid_body, energy_conserved_first_order)
{
    double e1 = body_energy_drift(1e-3), e2 = body_energy_drift(5e-4);
    cr_expect_lt(e1, 5e-3);
    cr_expect_gt(e1 / e2, 1.6, "error ratio %.3f when dt halves (first order: 2)", e1 / e2);
}

/* An external force on the body (hw_rc_set_end_load at a body end): half its weight again,
 * downwards. At rest the cable pulls the body with its weight plus the push, and the top carries
 * that plus the cable's weight. */
Test(rigid_body, external_force_acts_on_the_body)
{
    const double M = 100, mu = 1, L = 10, F = 0.5 * M * G0;
    body_case m;
    hang(&m, 0.0, L, 10, mu, 0.02, 1e6, M, 1e-3);
    m.cab.beta_dt = 0.5;
    m.cab.damping_ratio = 1.5;
    hw_rc *rc = rc_make(&m.def);
    double f[3] = {0, 0, -F};
    cr_assert_eq(hw_rc_set_end_load(rc, 0, 1, f, NULL), HW_OK);
    rc_run(rc, 20.0);
    double fa[3], fb[3], x[3];
    hw_rc_end_forces(rc, 0, fa, fb);
    hw_rc_body_state(rc, 0, 1, x, NULL);
    printf("pushed body: cable's pull %.8g N for weight and push %.8g N; top %.8g N; stretch %.6g m, expected "
           "%.6g m\n", fb[2], M * G0 + F, -fa[2], -L - x[2], ((M * G0 + F) * L + mu * G0 * L * L / 2) / 1e6);
    cr_expect_lt(fabs(fb[2] / (M * G0 + F) - 1), 1e-6);
    cr_expect_lt(fabs(-fa[2] / (M * G0 + F + mu * L * G0) - 1), 1e-6);
    cr_expect_lt(fabs((-L - x[2]) / (((M * G0 + F) * L + mu * G0 * L * L / 2) / 1e6) - 1), 1e-3);
    hw_rc_destroy(rc);
}

/* ---- a body lowered on a reel winch ------------------------------------------------------------- */

/* Validation case 15 with a body: a 10 t module (4 m^3, CdA 6 m^2, Ca 1) lowered from a winch 5 m
 * above the sea through the surface at 0.5 m/s (after a 10 s ramp) from 20 m to 140 m of wire. In
 * the steady pay-out the top tension is the wire's weight in air above the surface and submerged
 * below it, plus the module's submerged weight less its drag at the lowering speed (within 1%),
 * and the splits of the winch element do not step it by more than 2%. */
Test(rigid_body, case15_module_lowered_through_the_splash_zone)
{
    const double mu = 20, d = 0.06, M = 1e4, V = 4, cda = 6, s = 0.5;
    body_case m;
    hang(&m, 5.0, 20, 4, mu, d, 3e8, M, 1e-2);
    m.def.env.rho_w = RHO;
    m.cab.body_b.volume = V; m.cab.body_b.cda = cda; m.cab.body_b.ca = 1.0;
    m.cab.cdt = 0.0;
    m.cab.winch.end = HW_WINCH_A;
    m.cab.winch.mode = HW_WINCH_SPEED;
    static const double tt[3] = {0, 10, 1e6}, sv[3] = {0, 0.5, 0.5};
    m.cab.winch.speed_table.n = 3;
    m.cab.winch.speed_table.x = tt;
    m.cab.winch.speed_table.y = sv;
    m.cab.winch.max_length = 140;
    hw_rc *rc = rc_make(&m.def);
    double prev = 0, jump = 0, worst = 0;
    int events = 0, n_prev = 4, rows = 0;
    while (hw_rc_time(rc) < 250) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        double len, sp, ten;
        int ne;
        hw_rc_winch_state(rc, 0, &len, &sp, &ten, &ne);
        if (ne != n_prev) { events++; if (hw_rc_time(rc) > 60) jump = fmax(jump, fabs(ten / prev - 1)); }
        n_prev = ne;
        prev = ten;
        if (hw_rc_time(rc) > 60 && len < 138) { /* steady pay-out, module well under water */
            double wet = len - 5.0;
            double ex = mu * G0 * 5.0 + w_sub(mu, d, RHO) * wet + (M - RHO * V) * G0 - 0.5 * RHO * cda * s * s;
            worst = fmax(worst, fabs(ten / ex - 1));
            rows++;
        }
    }
    double x[3], v[3], len;
    hw_rc_body_state(rc, 0, 1, x, v);
    hw_rc_winch_state(rc, 0, &len, NULL, NULL, NULL);
    printf("case 15 module: %d events, steady top tension within %.2e of weights less drag (%d steps), largest "
           "step at a split %.2e; stopped at %.6g m of wire, module at z %.5g m\n", events, worst, rows, jump, len,
           x[2]);
    cr_expect_gt(rows, 5000);
    cr_expect_lt(worst, 0.01);
    cr_expect_lt(jump, 0.02);
    cr_expect_gt(events, 20);
    cr_expect_lt(fabs(len - 140), s * 1e-2 + 1e-9, "stops within one step's pay-out of max_length");
    cr_expect_lt(fabs(x[2] - (5.0 - 140)), 0.5, "module about 140 m below the winch");
    hw_rc_destroy(rc);
}

/* ---- the GPU step's CPU emulation --------------------------------------------------------------- */

/* kernels/cuda/rigid_cuda.cu's step emulated on the CPU (hw_rc_cpu_step_bcr: the same passes and
 * index spaces as the kernels) with body ends follows the block-Cholesky step: two cables, one
 * with a body at B hanging from a point, one with bodies at both ends, 300 steps of dynamics with
 * the bodies prepared and moved between steps exactly as hw_rc_step does it. */
Test(rigid_body, gpu_step_emulation_matches_cpu_step)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 1000;
    def.env.current[0] = 0.4;
    hw_rc_cable_def c[2];
    c[0] = hw_default_rc_cable();
    c[0].name = "crane"; c[0].length = 30; c[0].elements = 15; c[0].mass_per_length = 5;
    c[0].diameter = 0.03; c[0].ea = 1e8; c[0].ei = 50; c[0].gj = 20;
    c[0].end_b = HW_RC_END_BODY; c[0].body_b.mass = 300; c[0].body_b.volume = 0.1; c[0].body_b.cda = 0.8;
    c[0].body_b.ca = 1;
    c[0].pos_a[2] = -2; c[0].pos_b[0] = 10; c[0].pos_b[2] = -30;
    c[1] = hw_default_rc_cable();
    c[1].name = "towed"; c[1].length = 12; c[1].elements = 8; c[1].mass_per_length = 2;
    c[1].diameter = 0.02; c[1].ea = 1e6; c[1].end_a = HW_RC_END_BODY; c[1].end_b = HW_RC_END_BODY;
    c[1].body_a.mass = 50; c[1].body_a.volume = 0.08; c[1].body_a.cda = 0.3;
    c[1].body_b.mass = 20; c[1].body_b.cda = 0.2;
    c[1].pos_a[0] = 100; c[1].pos_a[2] = -10; c[1].pos_b[0] = 112; c[1].pos_b[2] = -12;
    def.n_cables = 2; def.cables = c;
    hw_rc *ra = rc_make(&def), *rb = rc_make(&def);
    rc_emulation r = rc_emulate_gpu_step(ra, rb, def.dt, 300);
    double moved = fabs(((hw_rc_sys *)ra)->cab[0].posb[0] - 10);
    printf("GPU-step emulation with bodies, 300 steps: elements %.3g m, bodies %.3g m apart (crane body moved %.3g m)\n",
           r.dx, r.dbody, moved);
    cr_expect_lt(r.dx, 1e-9);
    cr_expect_lt(r.dbody, 1e-9);
    cr_expect_gt(moved, 1e-3, "the bodies must move for the comparison to mean something");
    hw_rc_destroy(ra);
    hw_rc_destroy(rb);
}

/* ---- errors ------------------------------------------------------------------------------------- */

static void expect_error(const body_case *m, const char *part)
{
    hw_rc *rc = NULL;
    char msg[512] = "";
    hw_status st = hw_rc_create(&m->def, &rc, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_INPUT, "status %d for %s", st, part);
    cr_expect(strstr(msg, part) != NULL, "message \"%s\" lacks \"%s\"", msg, part);
    hw_rc_destroy(rc);
}

Test(rigid_body, bad_bodies_name_the_field)
{
    body_case m;
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e6, 0.0, 1e-3);
    expect_error(&m, "field 'body_b.mass': must be > 0 kg, got 0");
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e6, 10.0, 1e-3);
    m.cab.body_b.volume = -1;
    expect_error(&m, "field 'body_b.volume': must be >= 0");
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e6, 10.0, 1e-3);
    m.cab.end_a = HW_RC_END_BODY;
    expect_error(&m, "field 'body_a.mass'");
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e6, 10.0, 1e-3);
    m.cab.body_b.cda = NAN;
    expect_error(&m, "field 'body_b.cda'");
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e6, 10.0, 1e-3);
    m.cab.winch.end = HW_WINCH_B;
    expect_error(&m, "field 'winch.end': expected the winch end to be attached (point or clamped), got a body end B");
}

Test(rigid_body, api_calls_on_body_ends)
{
    body_case m;
    hang(&m, 0.0, 10, 10, 1.0, 0.02, 1e6, 10.0, 1e-3);
    hw_rc *rc = rc_make(&m.def);
    double p[3] = {0, 0, -10}, x[3];
    cr_expect_eq(hw_rc_set_end_kinematics(rc, 0, NULL, NULL, p, NULL), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "end B is a body") != NULL, "%s", hw_rc_last_error(rc));
    cr_expect_eq(hw_rc_set_end_kinematics(rc, 0, p, NULL, NULL, NULL), HW_OK, "end A is a point");
    cr_expect_eq(hw_rc_body_state(rc, 0, 0, x, NULL), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "end 0 is not a body end") != NULL, "%s", hw_rc_last_error(rc));
    cr_expect_eq(hw_rc_body_state(rc, 0, 1, x, NULL), HW_OK);
    cr_expect_lt(fabs(x[2] + 10), 1e-12, "the body starts on the end point, got z %g", x[2]);
    /* set_nodes puts the body on the new end point */
    double nodes[33];
    for (int k = 0; k <= 10; k++) { nodes[3 * k] = k; nodes[3 * k + 1] = 0; nodes[3 * k + 2] = 0; }
    cr_expect_eq(hw_rc_set_nodes(rc, 0, nodes), HW_OK);
    hw_rc_body_state(rc, 0, 1, x, NULL);
    cr_expect_lt(fabs(x[0] - 10) + fabs(x[2]), 1e-12);
    hw_rc_destroy(rc);
}
