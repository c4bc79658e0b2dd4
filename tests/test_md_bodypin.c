/* Rods pinned to bodies (MoorDyn's Body<N>Pinned): a pinned body whose pin rides on another body, a
 * ball joint between two moving bodies (docs/physics.md section 9 "Pinned bodies", docs/moordyn.md
 * "ROD TYPES and RODS"):
 *   - hw_bodies_acceleration against the two bodies' Newton-Euler equations about their CGs with the
 *     pin's force as an unknown, written out here and solved as one 15 x 15 system (both bodies
 *     turning, CG offsets, products of inertia, a pin off the reference point, external loads);
 *   - a body carrying a hanging pendulum, pulled sideways: its effective mass M + m I_cg / I_pin;
 *   - two bodies joined by the pin tumbling under gravity: the horizontal momentum, the angular
 *     momentum about their common CG and the energy are kept (to the step's first order);
 *   - md_bodypin.dat and its hand-written YAML twin: the same states bit for bit; the mapping of a
 *     turned body's pinned rod; against MoorDyn 2.7.2's figures, with a heavy body (the codes agree
 *     to 1e-3 m) and with the deck's light one (where MoorDyn's model parts from the joint's);
 *   - the YAML keys' errors, located. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bodies/body_set.h"
#include "hawser/world.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "physics/body.h"

#define G0 9.80665
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static char msg[2048];

/* ---- the joint's equations ------------------------------------------------------------------------ */

/* Gaussian elimination with partial pivoting, n x n, in place. */
static void solve(double *A, double *b, int n)
{
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++) if (fabs(A[r * n + c]) > fabs(A[p * n + c])) p = r;
        cr_assert_gt(fabs(A[p * n + c]), 1e-300, "singular");
        for (int j = 0; j < n; j++) { double t = A[c * n + j]; A[c * n + j] = A[p * n + j]; A[p * n + j] = t; }
        double t = b[c]; b[c] = b[p]; b[p] = t;
        for (int r = c + 1; r < n; r++) {
            double f = A[r * n + c] / A[c * n + c];
            for (int j = c; j < n; j++) A[r * n + j] -= f * A[c * n + j];
            b[r] -= f * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        for (int j = c + 1; j < n; j++) b[c] -= A[c * n + j] * b[j];
        b[c] /= A[c * n + c];
    }
}

/* Puts the 3x3 block m (row-major) at block row br, column bc (3 columns per block) of A (15 wide). */
static void put(double *A, int br, int bc, const double m[9], double s)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) A[15 * (3 * br + i) + 3 * bc + j] += s * m[3 * i + j];
}
static void skew(hw_v3 v, double m[9])
{
    double k[9] = {0, -v.z, v.y, v.z, 0, -v.x, -v.y, v.x, 0};
    memcpy(m, k, sizeof k);
}
static void world_inertia(const double I6[6], hw_quat q, double out[9])
{
    hw_m3 R = hw_quat_matrix(q), Ib = hw_m3_from_sym(hw_m3s_make(I6[0], I6[1], I6[2], I6[3], I6[4], I6[5]));
    hw_m3 W = hw_m3_mul(hw_m3_mul(R, Ib), hw_m3_transpose(R));
    memcpy(out, W.a, sizeof W.a);
}
static hw_v3 mulv(const double m[9], hw_v3 v)
{
    return hw_v3_make(m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
                      m[6] * v.x + m[7] * v.y + m[8] * v.z);
}

static const double PIN_AT[3] = {0.7, -0.4, 0.9};

/* A parent (free, M 300 kg) and a child pinned on it at PIN_AT, both in air (no volume), at the
 * parent's pose rpy (0.2, -0.3, 0.5) from (1, 2, -3). */
static hw_bodies *pair(hw_body_def d[2])
{
    d[0] = hw_default_body();
    d[0].name = "hull";
    d[0].kind = HW_BODY_FREE;
    d[0].mass = 300.0;
    d[0].cg[0] = 0.2; d[0].cg[1] = -0.1; d[0].cg[2] = 0.3;
    const double ip[6] = {40, 55, 70, 3, -2, 1};
    memcpy(d[0].inertia, ip, sizeof ip);
    d[0].pos[0] = 1; d[0].pos[1] = 2; d[0].pos[2] = -3;
    d[0].rot[0] = 0.2; d[0].rot[1] = -0.3; d[0].rot[2] = 0.5;
    d[1] = hw_default_body();
    d[1].name = "arm";
    d[1].kind = HW_BODY_PINNED;
    d[1].mass = 50.0;
    d[1].cg[0] = 0.5; d[1].cg[1] = 0.2; d[1].cg[2] = -1.5;
    const double ic[6] = {8, 9, 3, 0.5, 0.2, -0.3};
    memcpy(d[1].inertia, ic, sizeof ic);
    d[1].pin_on = "hull";
    memcpy(d[1].pin_at, PIN_AT, sizeof PIN_AT);
    hw_quat qp = hw_quat_from_rpy(0.2, -0.3, 0.5);
    hw_v3 x = hw_v3_add(hw_v3_make(1, 2, -3), hw_quat_rotate(qp, hw_v3_make(PIN_AT[0], PIN_AT[1], PIN_AT[2])));
    d[1].pos[0] = x.x; d[1].pos[1] = x.y; d[1].pos[2] = x.z;
    hw_bodies *b = NULL;
    cr_assert_eq(hw_bodies_create(d, 2, NULL, 0, NULL, &b, msg, sizeof msg), HW_OK, "%s", msg);
    return b;
}

/* hw_bodies_acceleration of a parent and its pinned child, both turning, with external loads,
 * against the constrained Newton-Euler equations about the CGs solved together: unknowns the CGs'
 * accelerations, the angular accelerations and the pin's force P on the child (-P on the parent):
 *   M a_p = F_p - P,   I_p al_p + w_p x I_p w_p = T_p + e_p x (-P),
 *   m a_c = F_c + P,   I_c al_c + w_c x I_c w_c = T_c + e_c x P,
 *   a_p + al_p x e_p + w_p x (w_p x e_p) = a_c + al_c x e_c + w_c x (w_c x e_c)
 * (e the pin from each CG; T the loads' moments about the CGs). */
Test(joint, equals_the_two_bodies_constrained_equations)
{
    hw_body_def d[2];
    hw_bodies *b = pair(d);
    hw_quat qp = hw_quat_from_rpy(0.2, -0.3, 0.5), qc = hw_quat_from_rpy(-0.4, 0.6, 1.0);
    hw_v3 wp = hw_v3_make(0.3, -0.2, 0.4), wc = hw_v3_make(-0.5, 0.7, 0.2), rp = hw_v3_make(1, 2, -3);
    double x0[3] = {rp.x, rp.y, rp.z}, q0[4] = {qp.w, qp.x, qp.y, qp.z}, v0[3] = {0.1, -0.2, 0.05};
    double w0[3] = {wp.x, wp.y, wp.z}, q1[4] = {qc.w, qc.x, qc.y, qc.z}, w1[3] = {wc.x, wc.y, wc.z};
    cr_assert_eq(hw_bodies_set_state(b, 0, x0, q0, v0, w0), HW_OK);
    cr_assert_eq(hw_bodies_set_state(b, 1, x0, q1, NULL, w1), HW_OK); /* its place: the pin's */
    const double Fp[3] = {120, -80, 30}, Mp[3] = {10, 20, -5}, Fc[3] = {-20, 10, 40}, Mc[3] = {3, -4, 5};
    hw_bodies_set_external_load(b, 0, Fp, Mp);
    hw_bodies_set_external_load(b, 1, Fc, Mc);
    double pa[3], pal[3], ca[3], cal[3], xc[3];
    cr_assert_eq(hw_bodies_acceleration(b, NULL, 0, 0.0, pa, pal), HW_OK);
    cr_assert_eq(hw_bodies_acceleration(b, NULL, 1, 0.0, ca, cal), HW_OK);
    hw_bodies_state(b, 1, xc, NULL, NULL, NULL);
    hw_v3 pin = hw_v3_add(rp, hw_quat_rotate(qp, hw_v3_make(PIN_AT[0], PIN_AT[1], PIN_AT[2])));
    cr_expect_lt(hw_v3_norm(hw_v3_sub(hw_v3_make(xc[0], xc[1], xc[2]), pin)), 1e-14, "the child sits on the pin");
    /* the reference equations */
    const double M = d[0].mass, m = d[1].mass;
    hw_v3 cp = hw_quat_rotate(qp, hw_v3_make(d[0].cg[0], d[0].cg[1], d[0].cg[2]));
    hw_v3 cc = hw_quat_rotate(qc, hw_v3_make(d[1].cg[0], d[1].cg[1], d[1].cg[2]));
    hw_v3 xpc = hw_v3_add(rp, cp), xcc = hw_v3_add(pin, cc);
    hw_v3 ep = hw_v3_sub(pin, xpc), ec = hw_v3_sub(pin, xcc);
    double Ip[9], Ic[9], S[9], E[9], I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    world_inertia(d[0].inertia, qp, Ip);
    world_inertia(d[1].inertia, qc, Ic);
    static double A[225];
    double r[15];
    memset(A, 0, sizeof A);
    /* rows 0-2: M a_p + P = F_p + W_p */
    put(A, 0, 0, I3, M); put(A, 0, 4, I3, 1.0);
    hw_v3 Fpw = hw_v3_make(Fp[0], Fp[1], Fp[2] - M * G0);
    r[0] = Fpw.x; r[1] = Fpw.y; r[2] = Fpw.z;
    /* rows 3-5: I_p al_p + e_p x P = T_p - w_p x I_p w_p, T_p = M_ext + (r_p - x_pcg) x F_ext */
    put(A, 1, 1, Ip, 1.0); skew(ep, S); put(A, 1, 4, S, 1.0);
    hw_v3 Tp = hw_v3_add(hw_v3_make(Mp[0], Mp[1], Mp[2]), hw_v3_cross(hw_v3_sub(rp, xpc), hw_v3_make(Fp[0], Fp[1], Fp[2])));
    Tp = hw_v3_sub(Tp, hw_v3_cross(wp, mulv(Ip, wp)));
    r[3] = Tp.x; r[4] = Tp.y; r[5] = Tp.z;
    /* rows 6-8: m a_c - P = F_c + W_c */
    put(A, 2, 2, I3, m); put(A, 2, 4, I3, -1.0);
    r[6] = Fc[0]; r[7] = Fc[1]; r[8] = Fc[2] - m * G0;
    /* rows 9-11: I_c al_c - e_c x P = T_c - w_c x I_c w_c, T_c = M_ext + (pin - x_ccg) x F_ext */
    put(A, 3, 3, Ic, 1.0); skew(ec, S); put(A, 3, 4, S, -1.0);
    hw_v3 Tc = hw_v3_add(hw_v3_make(Mc[0], Mc[1], Mc[2]), hw_v3_cross(ec, hw_v3_make(Fc[0], Fc[1], Fc[2])));
    Tc = hw_v3_sub(Tc, hw_v3_cross(wc, mulv(Ic, wc)));
    r[9] = Tc.x; r[10] = Tc.y; r[11] = Tc.z;
    /* rows 12-14: a_p - [e_p]x al_p - a_c + [e_c]x al_c = w_c x (w_c x e_c) - w_p x (w_p x e_p) */
    put(A, 4, 0, I3, 1.0); skew(ep, E); put(A, 4, 1, E, -1.0);
    put(A, 4, 2, I3, -1.0); skew(ec, E); put(A, 4, 3, E, 1.0);
    hw_v3 k = hw_v3_sub(hw_v3_cross(wc, hw_v3_cross(wc, ec)), hw_v3_cross(wp, hw_v3_cross(wp, ep)));
    r[12] = k.x; r[13] = k.y; r[14] = k.z;
    solve(A, r, 15);
    hw_v3 apc = hw_v3_make(r[0], r[1], r[2]), alp = hw_v3_make(r[3], r[4], r[5]), alc = hw_v3_make(r[9], r[10], r[11]);
    hw_v3 dr = hw_v3_sub(rp, xpc);
    hw_v3 a_ref = hw_v3_add(hw_v3_add(apc, hw_v3_cross(alp, dr)), hw_v3_cross(wp, hw_v3_cross(wp, dr)));
    hw_v3 a_pin = hw_v3_add(hw_v3_add(apc, hw_v3_cross(alp, ep)), hw_v3_cross(wp, hw_v3_cross(wp, ep)));
    const hw_v3 got[4] = {hw_v3_make(pa[0], pa[1], pa[2]), hw_v3_make(pal[0], pal[1], pal[2]),
                          hw_v3_make(ca[0], ca[1], ca[2]), hw_v3_make(cal[0], cal[1], cal[2])};
    const hw_v3 want[4] = {a_ref, alp, a_pin, alc};
    static const char *const what[4] = {"parent a", "parent alpha", "child's pin a", "child alpha"};
    for (int i = 0; i < 4; i++) {
        double e = hw_v3_norm(hw_v3_sub(got[i], want[i]));
        printf("%-14s (%.12f, %.12f, %.12f), equations (%.12f, %.12f, %.12f): %.1e\n", what[i], got[i].x, got[i].y,
               got[i].z, want[i].x, want[i].y, want[i].z, e);
        cr_expect_lt(e, 1e-11 * (1.0 + hw_v3_norm(want[i])), "%s", what[i]);
    }
    hw_bodies_destroy(b);
}

/* A free body (mass M, not turning: its CG at its reference point, which is the pin) pulled
 * sideways by F, a pendulum (m, CG L below the pin, I_cg) hanging from it: the pendulum's
 * equations about its CG with the pin's force give a = F / (M + m I_cg / I_pin) (a point mass,
 * I_cg = 0, is not felt at first) and alpha = m L a / I_pin. MoorDyn 2.7.2 moves a body carrying a
 * pinned rod as if the rod were welded to it (its full mass matrix and moment go to the body) and
 * turns the rod as if the pin stood still: in the same setting (a 2000 kg body, a 400 kg rod 4 m long
 * hanging from it, 1010 N sideways; the wheel, dtM 1e-5 s, velocities after 10 steps) it gave the
 * body a = 0.468 m/s^2 and a pitch 0.142 rad/s^2, the rod 0 rad/s^2; Hawser 0.481 m/s^2, 0, and
 * 0.180 rad/s^2 (docs/moordyn.md). */
Test(joint, body_with_a_hanging_pendulum_effective_mass)
{
    const double M = 2000.0, m = 400.0, L = 2.0, icg = 533.3, F = 1010.0;
    hw_body_def d[2];
    d[0] = hw_default_body();
    d[0].name = "hull";
    d[0].kind = HW_BODY_FREE;
    d[0].mass = M;
    d[0].inertia[0] = d[0].inertia[1] = d[0].inertia[2] = 500.0;
    d[0].pos[2] = -20.0;
    d[1] = hw_default_body();
    d[1].name = "rod";
    d[1].kind = HW_BODY_PINNED;
    d[1].mass = m;
    d[1].cg[2] = -L;
    d[1].inertia[0] = d[1].inertia[1] = icg;
    d[1].inertia[2] = 2.0;
    d[1].pin_on = "hull";
    d[1].pos[2] = -20.0;
    hw_bodies *b = NULL;
    cr_assert_eq(hw_bodies_create(d, 2, NULL, 0, NULL, &b, msg, sizeof msg), HW_OK, "%s", msg);
    const double f[3] = {F, 0, 0};
    hw_bodies_set_external_load(b, 0, f, NULL);
    double a[3], al[3], ra[3], ral[3];
    cr_assert_eq(hw_bodies_acceleration(b, NULL, 0, 0.0, a, al), HW_OK);
    cr_assert_eq(hw_bodies_acceleration(b, NULL, 1, 0.0, ra, ral), HW_OK);
    const double ipin = icg + m * L * L, want = F / (M + m * icg / ipin), walpha = m * L * want / ipin;
    printf("body pulled with a pendulum: a %.12f (F / (M + m I_cg / I_pin) = %.12f), pendulum alpha %.12f (%.12f), "
           "body alpha %.1e, a_z %.12f (-g)\n", a[0], want, ral[1], walpha, fabs(al[0]) + fabs(al[1]) + fabs(al[2]), a[2]);
    cr_expect_lt(fabs(a[0] - want), 1e-12 * want);
    cr_expect_lt(fabs(ral[1] - walpha), 1e-12 * walpha);
    cr_expect_lt(fabs(al[0]) + fabs(al[1]) + fabs(al[2]), 1e-14, "no moment through a ball joint at the reference point");
    cr_expect_lt(fabs(a[2] + G0), 1e-12, "both fall at g in air");
    cr_expect_lt(fabs(ra[0] - a[0]) + fabs(ra[2] - a[2]), 1e-14, "the pin moves with the body");
    hw_bodies_destroy(b);
}

/* Two bodies joined by the pin, tumbling in air under gravity from spins of about 1 rad/s: no
 * horizontal force, no moment about the pair's CG. Over 2 s the horizontal momentum, the angular
 * momentum about the common CG and the energy are kept to the first order of the bodies'
 * semi-implicit Euler step: at h = 1e-4 s within 2e-4, 1e-3 of their sizes and 1e-4 of the energy the
 * fall exchanges (measured 1.1e-4, 3.2e-4, 4.9e-5), and halving h halves each error (the joint itself
 * is exact: the test above). */
static void invariants(hw_bodies *b, const hw_body_def d[2], double P[3], double L[3], double *E)
{
    double X[3] = {0, 0, 0}, mt = 0.0;
    hw_v3 xc[2], vc[2], w[2];
    double Iw[2][9];
    for (int k = 0; k < 2; k++) {
        double x[3], q[4], v[3], om[3];
        hw_bodies_state(b, k, x, q, v, om);
        hw_quat qq = hw_quat_make(q[0], q[1], q[2], q[3]);
        hw_v3 c = hw_quat_rotate(qq, hw_v3_make(d[k].cg[0], d[k].cg[1], d[k].cg[2]));
        w[k] = hw_v3_make(om[0], om[1], om[2]);
        xc[k] = hw_v3_add(hw_v3_make(x[0], x[1], x[2]), c);
        vc[k] = hw_v3_add(hw_v3_make(v[0], v[1], v[2]), hw_v3_cross(w[k], c));
        world_inertia(d[k].inertia, qq, Iw[k]);
        X[0] += d[k].mass * xc[k].x; X[1] += d[k].mass * xc[k].y; X[2] += d[k].mass * xc[k].z;
        mt += d[k].mass;
    }
    hw_v3 Xc = hw_v3_make(X[0] / mt, X[1] / mt, X[2] / mt), p = hw_v3_zero(), l = hw_v3_zero();
    for (int k = 0; k < 2; k++) {
        p = hw_v3_add(p, hw_v3_scale(vc[k], d[k].mass));
        l = hw_v3_add(l, hw_v3_add(hw_v3_cross(hw_v3_sub(xc[k], Xc), hw_v3_scale(vc[k], d[k].mass)), mulv(Iw[k], w[k])));
    }
    P[0] = p.x; P[1] = p.y; P[2] = p.z;
    L[0] = l.x; L[1] = l.y; L[2] = l.z;
    double ke, pe;
    hw_bodies_energy(b, &ke, &pe);
    *E = ke + pe;
}

/* The pair tumbled over 2 s at step h: the errors of the horizontal momentum, the angular momentum
 * about the CG and the energy, relative to the momentum, the angular momentum and the energy the fall
 * exchanges (m g^2 T^2 / 2). */
static void tumble(double h, double err[3])
{
    hw_body_def d[2];
    hw_bodies *b = pair(d);
    hw_quat qp = hw_quat_from_rpy(0.2, -0.3, 0.5), qc = hw_quat_from_rpy(-0.4, 0.6, 1.0);
    double x0[3] = {1, 2, -3}, q0[4] = {qp.w, qp.x, qp.y, qp.z}, q1[4] = {qc.w, qc.x, qc.y, qc.z};
    double w0[3] = {0.6, -0.4, 0.8}, w1[3] = {-1.0, 1.2, 0.5};
    cr_assert_eq(hw_bodies_set_state(b, 0, x0, q0, NULL, w0), HW_OK);
    cr_assert_eq(hw_bodies_set_state(b, 1, x0, q1, NULL, w1), HW_OK);
    double P0[3], L0[3], E0, P[3], L[3], E;
    invariants(b, d, P0, L0, &E0);
    const double T = 2.0;
    const int n = (int)lround(T / h);
    for (int i = 1; i <= n; i++)
        cr_assert_eq(hw_bodies_after_step(b, NULL, i * h, h, msg, sizeof msg), HW_OK, "%s", msg);
    invariants(b, d, P, L, &E);
    const double mt = d[0].mass + d[1].mass;
    err[0] = hypot(P[0] - P0[0], P[1] - P0[1]) / hypot(P0[0], P0[1]);
    err[1] = hw_v3_norm(hw_v3_make(L[0] - L0[0], L[1] - L0[1], L[2] - L0[2])) / hw_v3_norm(hw_v3_make(L0[0], L0[1], L0[2]));
    err[2] = fabs(E - E0) / (0.5 * mt * G0 * G0 * T * T);
    printf("tumbling pair, h %g s, %g s: horizontal momentum %.3e, angular momentum %.3e, energy %.3e; vertical "
           "momentum %.9g (want %.9g)\n", h, T, err[0], err[1], err[2], P[2], P0[2] - mt * G0 * T);
    cr_expect_lt(fabs(P[2] - (P0[2] - mt * G0 * T)), 1e-6 * mt * G0 * T, "the CG falls at g");
    hw_bodies_destroy(b);
}

Test(joint, tumbling_pair_keeps_momentum_and_energy)
{
    double e1[3], e2[3];
    tumble(1e-4, e1);
    tumble(5e-5, e2);
    static const double tol[3] = {2e-4, 1e-3, 1e-4};
    static const char *const what[3] = {"horizontal momentum", "angular momentum", "energy"};
    for (int i = 0; i < 3; i++) {
        cr_expect_lt(e1[i], tol[i], "%s: %.3e", what[i], e1[i]);
        cr_expect(e1[i] / e2[i] > 1.8 && e1[i] / e2[i] < 2.2, "%s: first order, ratio %.3f", what[i], e1[i] / e2[i]);
    }
}

/* ---- md_bodypin.dat: its twin, its mapping, and MoorDyn 2.7.2 --------------------------------------- */

static hw_world *load_path(const char *path)
{
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load(path, &o, &w, msg, sizeof msg), HW_OK, "%s: %s", path, msg);
    return w;
}

static hw_world *load(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    return load_path(path);
}

/* The text of tests/data/md_bodypin.dat with its body row's "from" replaced by "to". */
static char *deck_with(const char *from, const char *to)
{
    char path[512];
    snprintf(path, sizeof path, "%s/md_bodypin.dat", HW_TEST_DATA_DIR);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    static char text[16384], out[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *at = strstr(text, from);
    cr_assert_not_null(at, "no \"%s\" in the deck", from);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

static const char *const BODY_ROW = "0   0   0    4e4    0   2e5    39.0244 ";

/* Deck and twin stepped side by side: the same body and point states, bit for bit. */
Test(decks, twin_gives_the_same_states)
{
    hw_world *a = load("md_bodypin.dat"), *b = load("md_bodypin.yaml");
    cr_assert_eq(hw_world_dt(a), hw_world_dt(b));
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(hw_world_step(a, 500), HW_OK, "%s", hw_world_last_error(a));
        cr_assert_eq(hw_world_step(b, 500), HW_OK, "%s", hw_world_last_error(b));
        for (int k = 0; k < 2; k++) {
            double xa[13], xb[13];
            cr_assert_eq(hw_world_body_state(a, k, xa, xa + 3, xa + 7, xa + 10), HW_OK);
            cr_assert_eq(hw_world_body_state(b, k, xb, xb + 3, xb + 7, xb + 10), HW_OK);
            cr_assert_eq(memcmp(xa, xb, sizeof xa), 0, "body %d differs", k);
        }
        for (int p = 0; p < 4; p++) {
            double pa[3], pb[3];
            cr_assert_eq(hw_sim_point_state(hw_world_lumped(a), p, pa, NULL, NULL), HW_OK);
            cr_assert_eq(hw_sim_point_state(hw_world_lumped(b), p, pb, NULL, NULL), HW_OK);
            cr_assert_eq(memcmp(pa, pb, sizeof pa), 0, "point %d differs", p);
        }
    }
    hw_world_destroy(a);
    hw_world_destroy(b);
}

/* Body1Pinned on a body turned 30 deg in yaw: the pin at end A in the body's frame, the rod's place
 * and axis turned with the body (as a Body1 rod's and a Body1 point's are). MoorDyn 2.7.2 turns end A
 * but not the axis of a pinned rod: it takes B - A in world axes (measured: with y0 = 30 its end B
 * is at y = 0.498 m after 0.5 s, end A at 0.498 m; Hawser's end B at 1.84 m, the rod in the body's
 * turned x-z plane; docs/moordyn.md). Written back as YAML and read again: the same. */
Test(decks, a_turned_body_turns_its_pinned_rod)
{
    const char *t = deck_with(BODY_ROW, "0   0   30   4e4    0   2e5    39.0244 ");
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    cr_assert_eq(hw_md_load_string(t, "turned.dat", NULL, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
    hw_md_free(md);
    cr_assert_eq(sc->n_bodies, 2);
    const hw_body_def *r = &sc->bodies[1];
    cr_expect_str_eq(r->name, "rod1");
    cr_expect_eq(r->kind, HW_BODY_PINNED);
    cr_assert_not_null(r->pin_on);
    cr_expect_str_eq(r->pin_on, "body1");
    cr_expect(r->pin_at[0] == 1.0 && r->pin_at[1] == 0.0 && r->pin_at[2] == -1.0);
    const double c = cos(M_PI / 6), s = sin(M_PI / 6);
    const double pos[3] = {c, s, -11.0}, axis[3] = {3 * c, 3 * s, -4.0};
    for (int k = 0; k < 3; k++) {
        cr_expect_lt(fabs(r->pos[k] - pos[k]), 1e-12, "pos[%d] %.15g, want %.15g", k, r->pos[k], pos[k]);
        cr_expect_lt(fabs(r->cylinders[0].b[k] - axis[k]), 1e-12, "axis[%d] %.15g, want %.15g", k, r->cylinders[0].b[k],
                     axis[k]);
        cr_expect_eq(r->cylinders[0].a[k], 0.0);
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "round trip"), HW_OK);
    fclose(f);
    hw_scenario *back = NULL;
    cr_assert_eq(hw_scenario_load_string(buf, "w.yaml", &back, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
    cr_expect_str_eq(back->bodies[1].pin_on, "body1");
    cr_expect_arr_eq(back->bodies[1].pin_at, r->pin_at, sizeof r->pin_at);
    cr_expect_arr_eq(back->bodies[1].pos, r->pos, sizeof r->pos);
    free(buf);
    hw_scenario_free(back);
    hw_scenario_free(sc);
}

/* The rod's end B (rod1_b) and the body at 0.5, 1, 2, 3 s against MoorDyn 2.7.2's
 * GetRodNodePos(rod 1, node 6) and GetBodyState. MoorDyn 2.7.2, PyPI wheel: moordyn.Create(deck),
 * Init(x = [], xd = []) (TmaxIC 0: no IC stage), Step at dtM 5e-4 s. */
static void against_moordyn(hw_world *w, const double md[4][2], const double tol[4], const char *what)
{
    static const double T[4] = {0.5, 1.0, 2.0, 3.0};
    double dt = hw_world_dt(w);
    long done = 0;
    for (int i = 0; i < 4; i++) {
        long n = lround(T[i] / dt);
        cr_assert_eq(hw_world_step(w, (int)(n - done)), HW_OK, "%s", hw_world_last_error(w));
        done = n;
        double x[3];
        cr_assert_eq(hw_sim_point_state(hw_world_lumped(w), 3, x, NULL, NULL), HW_OK); /* rod1_b */
        double e = hypot(x[0] - md[i][0], x[2] - md[i][1]);
        printf("%s t = %g s: rod1_b (%.7f, %.3g, %.7f), MoorDyn (%.7f, 0, %.7f): %.2e m\n", what, T[i], x[0], x[1], x[2],
               md[i][0], md[i][1], e);
        cr_expect_lt(e, tol[i], "%s t = %g s: %.3e m from MoorDyn", what, T[i], e);
        cr_expect_eq(x[1], 0.0);
    }
}

/* A body heavy beside the rod (4e6 kg, I 2e9 kg m^2: the body nearly still): both codes turn the rod
 * about a pin that hardly moves, and agree within 1e-3 m over 2.7 m of swing (measured 4e-4, 8e-4,
 * 8.5e-4, 9e-4 m; md_rod_swing.dat, a rod on a pin held still, agrees to 2e-4 m). MoorDyn's figures
 * for the deck with that body row. */
Test(moordyn, heavy_body)
{
    const char *t = deck_with(BODY_ROW, "0   0   0    4e6    0   2e9    3902.44 ");
    char path[512];
    snprintf(path, sizeof path, "%s/md_bodypin_heavy.dat", HW_TMP);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fputs(t, f);
    fclose(f);
    hw_world *w = load_path(path);
    static const double md[4][2] = {{3.663275461, -15.23192415}, {2.804817941, -15.66393924},
                                    {0.8438547822, -16.00158421}, {-0.1250127227, -15.88070183}};
    static const double tol[4] = {1e-3, 1.5e-3, 1.5e-3, 1.5e-3};
    against_moordyn(w, md, tol, "heavy body");
    double x[3];
    hw_world_body_state(w, 0, x, NULL, NULL, NULL);
    printf("heavy body at 3 s: x %.6e z %.6f (MoorDyn 9.97e-4, -10.0091117)\n", x[0], x[2]);
    cr_expect_lt(fabs(x[2] + 10.0091117), 1e-3);
    hw_world_destroy(w);
    remove(path);
}

/* The deck's light body (4e4 kg, I 2e5 kg m^2, the rod 1560 kg): the body feels the rod. Here the two
 * codes part, by the model: MoorDyn 2.7.2 gives the body the rod's whole mass matrix and its loads'
 * moment (as if the rod were welded to it: the body pitches 10.5 deg in 3 s) and turns the rod as if
 * its pin stood still; a ball joint passes a force only, and the rod turns about a pin that
 * accelerates with the body (the body pitches 7.1 deg, from the pin's force 1.4 m off its centre).
 * Measured: MoorDyn's end B (3.658203, -15.263391), (2.809422, -15.778418), (0.902911, -16.459732),
 * (-0.129318, -16.853520); Hawser's 2.6e-2, 6.7e-2, 1.1e-1, 1.4e-1 m from them. Held within 0.2 m:
 * the joint itself is checked above against the constrained equations. */
Test(moordyn, light_body)
{
    hw_world *w = load("md_bodypin.dat");
    static const double md[4][2] = {{3.658203119, -15.26339131}, {2.809421599, -15.7784181},
                                    {0.9029110869, -16.45973242}, {-0.1293180161, -16.85352029}};
    static const double tol[4] = {0.05, 0.1, 0.15, 0.2};
    against_moordyn(w, md, tol, "light body");
    double x[3], q[4];
    hw_world_body_state(w, 0, x, q, NULL, NULL);
    double pitch = asin(2.0 * (q[0] * q[2] - q[3] * q[1])) * 180.0 / M_PI;
    printf("light body at 3 s: x %.6f z %.6f pitch %.3f deg (MoorDyn 0.127164, -10.800641, 10.527 deg)\n", x[0], x[2],
           pitch);
    cr_expect_lt(fabs(x[2] + 10.800641), 0.05);
    hw_world_destroy(w);
}

/* ---- YAML: pin_on and pin_at --------------------------------------------------------------------- */

static const char *const PAIR_YAML =
    "environment: {water_density: 1025, depth: 50}\n"
    "bodies:\n"
    "  - {name: hull, @PT@, position: [0, 0, -5]}\n"
    "  - name: arm\n"
    "    type: @CT@\n"
    "    position: @POS@\n"
    "    mass: 10\n"
    "    cg: [0, 0, -1]\n"
    "    inertia: [1, 1, 1]\n"
    "    @PIN@\n"
    "solver: {dt: 0.001, t_end: 1, static_solve: false}\n";

#define FREE "type: free, mass: 100, inertia: [10, 10, 10]"

static hw_status pair_yaml(const char *pt, const char *ct, const char *pos, const char *pin, hw_world **w)
{
    static char t[4096];
    const char *keys[4] = {"@PT@", "@CT@", "@POS@", "@PIN@"}, *vals[4] = {pt, ct, pos, pin};
    snprintf(t, sizeof t, "%s", PAIR_YAML);
    for (int i = 0; i < 4; i++) {
        char *at = strstr(t, keys[i]);
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%.*s%s%s", (int)(at - t), t, vals[i], at + strlen(keys[i]));
        snprintf(t, sizeof t, "%s", tmp);
    }
    *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    return hw_world_load_string(t, "pair.yaml", &o, w, msg, sizeof msg);
}

Test(yaml, pin_on_errors_are_located)
{
    hw_world *w = NULL;
    /* a good pair: a pinned arm riding on a free hull 1 m to the side of its reference point */
    cr_assert_eq(pair_yaml(FREE, "pinned", "[1, 0, -5]", "pin_on: hull\n    pin_at: [1, 0, 0]", &w), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_step(w, 100), HW_OK, "%s", hw_world_last_error(w));
    double h[3], a[3], q[4];
    hw_world_body_state(w, 0, h, q, NULL, NULL);
    hw_world_body_state(w, 1, a, NULL, NULL, NULL);
    hw_v3 pin = hw_v3_add(hw_v3_make(h[0], h[1], h[2]), hw_quat_rotate(hw_quat_make(q[0], q[1], q[2], q[3]), hw_v3_make(1, 0, 0)));
    cr_expect_lt(hw_v3_norm(hw_v3_sub(pin, hw_v3_make(a[0], a[1], a[2]))), 1e-12, "the arm rides on the hull's point");
    hw_world_destroy(w);
    /* a pinned arm on a fixed hull: a pin held still */
    cr_assert_eq(pair_yaml("type: fixed", "pinned", "[1, 0, -5]", "pin_on: hull\n    pin_at: [1, 0, 0]", &w), HW_OK, "%s", msg);
    hw_world_destroy(w);
    static const struct { const char *pt, *ct, *pos, *pin, *n1, *n2; } bad[] = {
        {FREE, "pinned", "[1, 0, -5]", "pin_on: boat\n    pin_at: [1, 0, 0]", "pair.yaml:10:", "bodies[1] (arm).pin_on"},
        {FREE, "pinned", "[1, 0, -5]", "pin_on: arm\n    pin_at: [1, 0, 0]", "pair.yaml:10:", "another body"},
        {FREE, "free", "[1, 0, -5]", "pin_on: hull\n    pin_at: [1, 0, 0]", "pair.yaml:10:", "only on a pinned body"},
        {FREE, "pinned", "[1, 0, -5]", "pin_at: [1, 0, 0]", "pair.yaml:10:", "pin_at only with pin_on"},
        {FREE, "pinned", "[1, 0, -5]", "pin_on: hull", "pin_at", "expected"},
        {FREE, "pinned", "[2, 0, -5]", "pin_on: hull\n    pin_at: [1, 0, 0]", "pair.yaml:6: bodies[1] (arm).position", "the pin's place on body 'hull'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        hw_status st = pair_yaml(bad[i].pt, bad[i].ct, bad[i].pos, bad[i].pin, &w);
        cr_expect_neq(st, HW_OK, "case %zu loaded", i);
        if (st == HW_OK) { hw_world_destroy(w); continue; }
        cr_expect(strstr(msg, bad[i].n1) && strstr(msg, bad[i].n2), "case %zu: want '%s' ... '%s' in: %s", i, bad[i].n1,
                  bad[i].n2, msg);
        cr_expect_null(strchr(msg, '\n'), "one line: %s", msg);
    }
}

/* ---- statics ------------------------------------------------------------------------------------- */

/* A moored hull (1000 kg, its CG 1 m under its reference point) carrying an arm (200 kg, its CG 2 m
 * from its pin) pinned 1 m along the hull's x axis, started tilted: the world statics hangs the arm
 * straight down from its pin (the pin carries no moment) and tilts the hull until the arm's weight at
 * the pin balances the hull's own: m_h g c sin(theta) = m_a g d cos(theta), theta = atan(0.2). */
static const char *const STATIC_YAML =
    "environment: {water_density: 1025, depth: 50}\n"
    "line_types:\n"
    "  - {name: rope, diameter: 0.05, mass_per_length: 2, EA: 1e6, damping_ratio: 0.5, Cdn: 1.2, Can: 1.0, Cdt: 0.2, Cat: 0.0}\n"
    "bodies:\n"
    "  - {name: hull, type: free, position: [0, 0, -10], mass: 1000, cg: [0, 0, -1], inertia: [500, 500, 500],\n"
    "     volume: 3, CdA: [1, 1, 1]}\n"
    "  - {name: arm, type: pinned, position: [1, 0, -10], rotation: [0, 0.5, 0], mass: 200, cg: [0, 0, -2],\n"
    "     inertia: [50, 50, 5], pin_on: hull, pin_at: [1, 0, 0]}\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [0, 0, -50]}\n"
    "  - {name: fair, type: body, body: hull, position: [0, 0, 0]}\n"
    "lines:\n"
    "  - {name: l1, type: rope, end_a: anchor, end_b: fair, length: 39, segments: 10}\n"
    "solver: {dt: 0.001, t_end: 1, static_solve: true}\n";

Test(statics, arm_hangs_from_a_tilted_hull)
{
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load_string(STATIC_YAML, "static.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double h[3], qh[4], a[3], qa[4];
    hw_world_body_state(w, 0, h, qh, NULL, NULL);
    hw_world_body_state(w, 1, a, qa, NULL, NULL);
    hw_quat Qh = hw_quat_make(qh[0], qh[1], qh[2], qh[3]), Qa = hw_quat_make(qa[0], qa[1], qa[2], qa[3]);
    double pitch = hw_quat_to_rpy(Qh).y;
    hw_v3 pin = hw_v3_add(hw_v3_make(h[0], h[1], h[2]), hw_quat_rotate(Qh, hw_v3_make(1, 0, 0)));
    hw_v3 cg = hw_v3_add(hw_v3_make(a[0], a[1], a[2]), hw_quat_rotate(Qa, hw_v3_make(0, 0, -2)));
    printf("statics: hull pitch %.9f rad (atan(0.2) = %.9f), arm CG (%.3e, %.3e) m off the pin's vertical\n", pitch,
           atan(0.2), cg.x - pin.x, cg.y - pin.y);
    cr_expect_lt(fabs(pitch - atan(0.2)), 1e-5);
    cr_expect_lt(hypot(cg.x - pin.x, cg.y - pin.y), 1e-5);
    cr_expect_lt(hw_v3_norm(hw_v3_sub(pin, hw_v3_make(a[0], a[1], a[2]))), 1e-12, "the arm is on its pin");
    hw_world_destroy(w);
}
