/* The rigid-cylinder cable (docs/physics.md section 5): quaternion and block algebra, Jacobians, the
 * exact block-tridiagonal solve, validation cases 9-14 (validation.md), energy, the winch and the
 * input errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "hawser/rigid.h"
#include "rigid_bcr.h"
#include "rigid_emulation.h"
#include "backend.h" /* hw_cuda_device_count */

/* ---- helpers --------------------------------------------------------------------------------- */

typedef struct rc_one {
    hw_rc_def def;
    hw_rc_cable_def cab;
} rc_one;

static void rc_one_init(rc_one *m, double L, int n, double mu, double d, double ea, double ei,
                        double gj, double dt)
{
    m->def = hw_default_rc_def();
    m->def.dt = dt;
    m->def.env.rho_w = 0.0; /* in air unless a test says otherwise */
    m->def.env.depth = 1000.0; /* seabed out of reach unless a test says otherwise */
    m->cab = hw_default_rc_cable();
    m->cab.name = "c";
    m->cab.length = L;
    m->cab.elements = n;
    m->cab.mass_per_length = mu;
    m->cab.diameter = d;
    m->cab.ea = ea; m->cab.ei = ei; m->cab.gj = gj;
    m->def.n_cables = 1;
    m->def.cables = &m->cab;
}

static double frand(unsigned *s) { *s = *s * 1103515245u + 12345u; return ((*s >> 8) & 0xffff) / 65535.0 - 0.5; }

/* ---- quaternion and block algebra ------------------------------------------------------------- */

Test(rigid_algebra, quaternion_rotation_and_integration)
{
    /* a quarter turn about z takes x to y */
    hw_quat q = hw_quat_axis_angle(hw_v3_make(0, 0, 1), PI / 2);
    hw_v3 r = hw_quat_rotate(q, hw_v3_make(1, 0, 0));
    cr_expect_lt(fabs(r.x) + fabs(r.y - 1) + fabs(r.z), 1e-15);
    r = hw_quat_rotate_inv(q, r);
    cr_expect_lt(fabs(r.x - 1) + fabs(r.y) + fabs(r.z), 1e-15);
    /* composition: rotating by a*b is rotating by b then a */
    hw_quat a = hw_quat_axis_angle(hw_v3_make(0.6, 0, 0.8), 0.7), b = hw_quat_axis_angle(hw_v3_make(0, 1, 0), -1.1);
    hw_v3 v = hw_v3_make(0.3, -0.2, 0.9);
    hw_v3 r1 = hw_quat_rotate(hw_quat_mul(a, b), v), r2 = hw_quat_rotate(a, hw_quat_rotate(b, v));
    cr_expect_lt(hw_v3_norm(hw_v3_sub(r1, r2)), 1e-15);
    /* from_z maps z onto the direction */
    hw_v3 d = hw_v3_make(-0.48, 0.6, -0.64);
    r = hw_quat_rotate(hw_quat_from_z(d), hw_v3_make(0, 0, 1));
    cr_expect_lt(hw_v3_norm(hw_v3_sub(r, d)), 1e-15);
    r = hw_quat_rotate(hw_quat_from_z(hw_v3_make(0, 0, -2)), hw_v3_make(0, 0, 1));
    cr_expect_lt(fabs(r.z + 1), 1e-15);
    /* relative rotation picks the non-negative scalar part */
    hw_quat rel = hw_quat_rel(a, hw_quat_neg(b));
    cr_expect_geq(rel.w, 0.0);
    /* integrating a constant body rate w for time T rotates by |w| T about w (first order:
     * the normalized Euler update has a phase error O(h^2) per step, O(h) overall) */
    hw_v3 w = hw_v3_make(0.0, 0.0, 2.0);
    hw_quat p = hw_quat_identity();
    int nst = 10000;
    for (int k = 0; k < nst; k++) p = hw_quat_integrate(p, w, 1.0 / nst);
    double ang = 2 * atan2(p.z, p.w);
    cr_expect_lt(fabs(ang - 2.0), 1e-3, "angle %.8f", ang); /* (h w)^2/12 * n ~ 3e-5 expected */
    cr_expect_lt(fabs(hw_quat_norm(p) - 1), 1e-14);
}

Test(rigid_algebra, cholesky_solves_spd_6x6)
{
    unsigned s = 7;
    hw_m6 X, A;
    for (int k = 0; k < 36; k++) X.a[k] = frand(&s);
    A = hw_m6_tmul(X, X);
    for (int k = 0; k < 6; k++) A.a[7 * k] += 0.1;
    hw_v6 b;
    for (int k = 0; k < 6; k++) b.a[k] = frand(&s);
    hw_m6 L = A;
    cr_assert_eq(hw_m6_chol(&L), 0);
    hw_v6 x = hw_m6_chol_solve(&L, b), r = hw_m6_mulv(A, x);
    for (int k = 0; k < 6; k++) cr_expect_lt(fabs(r.a[k] - b.a[k]), 1e-12);
    hw_m6 Xs = hw_m6_chol_solve_m(&L, X), AX = hw_m6_mul(A, Xs);
    for (int k = 0; k < 36; k++) cr_expect_lt(fabs(AX.a[k] - X.a[k]), 1e-12);
    /* not positive definite: reported, with the pivot */
    hw_m6 N = A;
    N.a[7 * 3] = -1;
    cr_expect_gt(hw_m6_chol(&N), 0);
    /* symmetric 3x3 inverse */
    hw_m3s m = hw_m3s_make(3, 2, 4, 0.5, -0.3, 0.2), mi = hw_m3s_inv(m);
    hw_v3 e = hw_m3s_mul(m, hw_m3s_mul(mi, hw_v3_make(1, -2, 3)));
    cr_expect_lt(fabs(e.x - 1) + fabs(e.y + 2) + fabs(e.z - 3), 1e-14);
}

/* g(t) along a motion with constant v and body w: dg/dt must equal the block's gd and J u, and
 * d(gd)/dt (with u constant, so J du/dt = 0) must equal the velocity-product term gam. */
static hw_rc_body moved(hw_rc_body b, double t)
{
    b.x = hw_v3_add(b.x, hw_v3_scale(b.v, t));
    double wn = hw_v3_norm(b.w);
    b.p = hw_quat_mul(b.p, hw_quat_axis_angle(hw_v3_scale(b.w, 1.0 / wn), wn * t));
    return b;
}
static hw_v6 side_mul(const hw_rc_side *s, const hw_rc_body *b)
{
    hw_v6 r;
    hw_v3 p = hw_v3_add(hw_v3_scale(b->v, s->sig), hw_m3_mulv(s->B, b->w));
    hw_v3 a = hw_m3_mulv(s->C, b->w);
    hw_v6_set3(&r, 0, p); hw_v6_set3(&r, 3, a);
    return r;
}

Test(rigid_algebra, jacobians_and_velocity_products_match_finite_differences)
{
    hw_rc_body bi, bj;
    bi.x = hw_v3_make(0.1, 0.2, 0.3); bi.v = hw_v3_make(0.4, -0.3, 0.2);
    bi.p = hw_quat_normalize(hw_quat_make(0.9, 0.1, -0.2, 0.3)); bi.w = hw_v3_make(0.7, -0.4, 1.1);
    bj.x = hw_v3_make(0.2, 0.9, 1.1); bj.v = hw_v3_make(-0.2, 0.5, 0.1);
    bj.p = hw_quat_normalize(hw_quat_make(0.8, -0.3, 0.1, 0.2)); bj.w = hw_v3_make(-0.6, 0.9, 0.3);
    double l = 1.3, dl = 0.0, h = 1e-5;
    for (int kind = 0; kind < 3; kind++) {
        hw_rc_block k0, kp, km;
        hw_v3 pa = hw_v3_make(0.05, 0.1, -0.5), va = hw_v3_make(0.0, 0.0, 0.0);
        hw_quat qc = hw_quat_normalize(hw_quat_make(1.0, 0.2, 0.1, -0.1));
        hw_rc_body ip = moved(bi, h), im = moved(bi, -h), jp = moved(bj, h), jm = moved(bj, -h);
        if (kind == 0) {
            /* unequal lengths, as at a reel winch's element */
            hw_rc_len li = hw_rc_len_make(l, dl, 0.0), lj = hw_rc_len_make(0.7 * l, dl, 0.0);
            k0 = hw_rc_joint(&bi, li, &bj, lj); kp = hw_rc_joint(&ip, li, &jp, lj); km = hw_rc_joint(&im, li, &jm, lj);
        } else if (kind == 1) {
            hw_rc_len L = hw_rc_len_make(l, dl, 0.0);
            k0 = hw_rc_end_block_a(&bj, L, pa, va, qc); kp = hw_rc_end_block_a(&jp, L, pa, va, qc);
            km = hw_rc_end_block_a(&jm, L, pa, va, qc);
        } else {
            hw_rc_len L = hw_rc_len_make(l, dl, 0.0);
            k0 = hw_rc_end_block_b(&bi, L, pa, va, qc); kp = hw_rc_end_block_b(&ip, L, pa, va, qc);
            km = hw_rc_end_block_b(&im, L, pa, va, qc);
        }
        hw_v6 ju = hw_v6_zero();
        if (kind != 1) { hw_v6 t = side_mul(&k0.L, &bi); for (int r = 0; r < 6; r++) ju.a[r] += t.a[r]; }
        if (kind != 2) { hw_v6 t = side_mul(&k0.R, &bj); for (int r = 0; r < 6; r++) ju.a[r] += t.a[r]; }
        for (int r = 0; r < 6; r++) {
            double fd = (kp.g.a[r] - km.g.a[r]) / (2 * h);
            double fd2 = (kp.gd.a[r] - km.gd.a[r]) / (2 * h);
            /* central differences: O(h^2) ~ 1e-10 truncation, 1e-11 round-off */
            cr_expect_lt(fabs(fd - k0.gd.a[r]), 1e-8, "kind %d row %d gd %.12g fd %.12g", kind, r, k0.gd.a[r], fd);
            cr_expect_lt(fabs(ju.a[r] - k0.gd.a[r]), 1e-12, "kind %d row %d J u", kind, r);
            cr_expect_lt(fabs(fd2 - k0.gam.a[r]), 1e-7, "kind %d row %d gam %.12g fd %.12g", kind, r, k0.gam.a[r], fd2);
        }
    }
}

/* The solver is exact: rebuild the dense system (J M^-1 J^T + diag(eps)) lambda = rhs of a short
 * cable from the per-block pieces and check the residual of the block-Cholesky solution. */
Test(rigid_algebra, block_tridiagonal_solve_is_exact)
{
    rc_one m;
    rc_one_init(&m, 4.0, 5, 3.0, 0.1, 1e6, 2e3, 1e3, 1e-3);
    m.cab.end_a = HW_RC_END_CLAMPED;
    m.cab.end_b = HW_RC_END_POINT;
    double pa[3] = {0, 0, 0}, pb[3] = {3.0, 0.5, -2.0};
    memcpy(m.cab.pos_a, pa, sizeof pa); memcpy(m.cab.pos_b, pb, sizeof pb);
    m.def.env.rho_w = 1025;
    hw_rc *rc = rc_make(&m.def);
    /* perturb the state so that every term is non-zero */
    hw_rc_sys S = *(hw_rc_sys *)rc; /* hw_rc starts with its hw_rc_sys (rigid_sim.c) */
    unsigned s = 3;
    for (int q = 0; q < HW_RC_NS * S.n_elems; q++) S.st[q] += 0.05 * frand(&s);
    int n = S.cab[0].n, nb = n + 1;
    double *blk = calloc((size_t)nb * HW_RC_BLK, sizeof(double)), *el = calloc((size_t)n * HW_RC_EL, sizeof(double));
    for (int i = 0; i < n; i++) hw_rc_element_pass(&S, &S.cab[0], i, el + i * HW_RC_EL);
    hw_rc_status bad = {0, -1, 0};
    hw_rc_cable_solve(&S, &S.cab[0], blk, el, &bad);
    cr_assert_eq(bad.kind, HW_RC_OK);
    /* dense J (6 nb x 6 n), M^-1, rhs */
    int R = 6 * nb, Cn = 6 * n;
    double *J = calloc((size_t)R * Cn, sizeof(double)), *A = calloc((size_t)R * R, sizeof(double));
    double *rhs = calloc(R, sizeof(double));
    const hw_rc_cable *C = &S.cab[0];
    for (int k = 0; k < nb; k++) {
        int mask;
        hw_rc_block kb = hw_rc_cable_block(C, S.st, S.n_elems, k, &mask);
        double ra[6], rb[6], re[6];
        hw_rc_row_params(C->alpha, C->beta, C->eps, k == 0 || k == n ? 0.5 : 1.0, ra, rb, re);
        for (int side = 0; side < 2; side++) {
            int body = side ? k : k - 1;
            if (body < 0 || body >= n) continue;
            hw_rc_side sd = side ? kb.R : kb.L;
            for (int r = 0; r < 3; r++) {
                J[(6 * k + r) * Cn + 6 * body + r] += sd.sig;
                for (int c = 0; c < 3; c++) {
                    J[(6 * k + r) * Cn + 6 * body + 3 + c] += sd.B.a[3 * r + c];
                    J[(6 * k + 3 + r) * Cn + 6 * body + 3 + c] += sd.C.a[3 * r + c];
                }
            }
        }
        for (int r = 0; r < 6; r++) {
            int on = hw_rc_row_on(mask, r);
            A[(6 * k + r) * R + 6 * k + r] += on ? re[r] : 1.0;
            rhs[6 * k + r] = on ? -rb[r] * rb[r] * kb.g.a[r] - 2 * ra[r] * kb.gd.a[r] - kb.gam.a[r] : 0.0;
        }
    }
    /* M^-1 blocks and f */
    for (int i = 0; i < n; i++) {
        const double *e = el + i * HW_RC_EL;
        hw_m3 Mi = hw_m3_from_sym(hw_rc_el_mi(e));
        double Minv[36] = {0};
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) Minv[6 * r + c] = Mi.a[3 * r + c];
            Minv[6 * (3 + r) + 3 + r] = e[HW_RC_E_IR + r];
        }
        double f[6] = {e[0], e[1], e[2], e[3], e[4], e[5]}, mf[6];
        for (int r = 0; r < 6; r++) { mf[r] = 0; for (int c = 0; c < 6; c++) mf[r] += Minv[6 * r + c] * f[c]; }
        for (int a = 0; a < R; a++) {
            double ja[6];
            for (int c = 0; c < 6; c++) ja[c] = J[a * Cn + 6 * i + c];
            double jmf = 0;
            for (int c = 0; c < 6; c++) jmf += ja[c] * mf[c];
            rhs[a] -= jmf; /* zero for inactive rows: their J rows are zero */
            for (int b2 = 0; b2 < R; b2++) {
                double acc = 0;
                for (int r = 0; r < 6; r++) {
                    double t = 0;
                    for (int c = 0; c < 6; c++) t += Minv[6 * r + c] * J[b2 * Cn + 6 * i + c];
                    acc += ja[r] * t;
                }
                A[a * R + b2] += acc;
            }
        }
    }
    double scale = 0, res = 0;
    for (int a = 0; a < R; a++) {
        double s2 = 0;
        for (int b2 = 0; b2 < R; b2++) s2 += A[a * R + b2] * blk[(b2 / 6) * HW_RC_BLK + HW_RC_B_LAM + b2 % 6];
        res = fmax(res, fabs(s2 - rhs[a]));
        scale = fmax(scale, fabs(rhs[a]));
    }
    printf("block solve: max residual %.3g of rhs scale %.3g\n", res, scale);
    cr_expect_lt(res, 1e-10 * scale); /* direct solve: round-off only */
    free(J); free(A); free(rhs); free(blk); free(el);
    hw_rc_destroy(rc);
}

/* ---- case 9: cantilever under gravity ---------------------------------------------------------- */

/* Clamped at A, horizontal along x, free at B; returns the tip deflection (downwards > 0).
 * baumgarte != 0 gives the same EI as (alpha, beta, eps) with beta = 0.5/dt (case 11). */
static double cantilever(int n, double ei, int baumgarte, double *expect)
{
    const double L = 10, mu = 1.0, dt = 1e-3;
    rc_one m;
    rc_one_init(&m, L, n, mu, 0.02, 1e9, ei, 1e5, dt);
    m.cab.end_a = HW_RC_END_CLAMPED;
    m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[0] = L;
    m.cab.relax_damping = 50; /* about critical for the first mode, 3.516 sqrt(EI/(mu L^4)) = 38 rad/s */
    if (baumgarte) {
        double l = L / n, beta = 0.5 / dt;
        m.cab.stiffness = HW_RC_BAUMGARTE;
        m.cab.axial.beta = beta; m.cab.axial.alpha = 0.5 * beta; m.cab.axial.eps = beta * beta * l / 1e9;
        m.cab.bending.beta = beta; m.cab.bending.alpha = 0.5 * beta; m.cab.bending.eps = beta * beta * l / (2 * ei);
        m.cab.torsion.beta = beta; m.cab.torsion.alpha = 0.5 * beta; m.cab.torsion.eps = beta * beta * l / (2 * 1e5);
    }
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 1.0);
    double *nodes = malloc(3 * (n + 1) * sizeof(double)), *mom = malloc(3 * (n + 1) * sizeof(double));
    hw_rc_nodes(rc, 0, nodes);
    hw_rc_bending_moments(rc, 0, mom);
    double tip = -nodes[3 * n + 2];
    /* the clamp carries the whole cable's moment w L^2 / 2 (bending, no torsion) */
    double mc = sqrt(mom[0] * mom[0] + mom[1] * mom[1]), mc_ex = mu * G0 * L * L / 2;
    cr_expect_lt(fabs(mc / mc_ex - 1), 1e-3, "clamp moment %.6g vs w L^2/2 = %.6g", mc, mc_ex);
    cr_expect_lt(fabs(mom[2]), 1e-6 * mc_ex);
    free(nodes); free(mom);
    hw_rc_destroy(rc);
    *expect = mu * G0 * pow(L, 4) / (8 * ei);
    return tip;
}

Test(rigid_validation, case9_cantilever_tip_deflection)
{
    double ex, tip = cantilever(40, 1.2e6, 0, &ex);
    printf("case 9 cantilever N=40: tip %.6g m, w L^4/(8 EI) %.6g m (%.3f%%)\n", tip, ex, 100 * (tip / ex - 1));
    cr_expect_lt(fabs(tip / ex - 1), 0.02);
}

/* ---- case 10: torsion ---------------------------------------------------------------------- */

/* Clamped at A, free at B with an axial torque T: returns the twist of the free end (rad). */
static double torsion(int n, double gj, double T, int baumgarte)
{
    const double L = 10, dt = 1e-3;
    rc_one m;
    rc_one_init(&m, L, n, 1.0, 0.02, 1e9, 1e5, gj, dt);
    m.def.env.g = 0;
    m.cab.end_a = HW_RC_END_CLAMPED;
    m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[0] = L;
    m.cab.relax_damping = 20;
    if (baumgarte) {
        double l = L / n, beta = 0.5 / dt;
        m.cab.stiffness = HW_RC_BAUMGARTE;
        m.cab.axial.beta = beta; m.cab.axial.alpha = 0.5 * beta; m.cab.axial.eps = beta * beta * l / 1e9;
        m.cab.bending.beta = beta; m.cab.bending.alpha = 0.5 * beta; m.cab.bending.eps = beta * beta * l / (2 * 1e5);
        m.cab.torsion.beta = beta; m.cab.torsion.alpha = 0.5 * beta; m.cab.torsion.eps = beta * beta * l / (2 * gj);
    }
    hw_rc *rc = rc_make(&m.def);
    double tq[3] = {T, 0, 0};
    hw_rc_set_end_load(rc, 0, 1, NULL, tq);
    rc_run(rc, 1.0);
    double *q = malloc(4 * n * sizeof(double)), *mom = malloc(3 * (n + 1) * sizeof(double));
    hw_rc_orientations(rc, 0, q);
    /* every hinge carries the torque T about the cable axis (body z), no bending */
    hw_rc_bending_moments(rc, 0, mom);
    for (int k = 0; k < n; k += n / 4) {
        cr_expect_lt(fabs(fabs(mom[3 * k + 2]) / T - 1), 1e-3, "block %d torsion %.6g vs %.6g", k, mom[3 * k + 2], T);
        cr_expect_lt(fabs(mom[3 * k]) + fabs(mom[3 * k + 1]), 1e-3 * T);
    }
    free(mom);
    /* the clamp holds the initial orientation of element 0 (z along x): twist = rotation of the
     * last element about x relative to it */
    hw_quat p0 = hw_quat_from_z(hw_v3_make(1, 0, 0));
    hw_quat pl = hw_quat_make(q[4 * (n - 1)], q[4 * (n - 1) + 1], q[4 * (n - 1) + 2], q[4 * (n - 1) + 3]);
    hw_quat r = hw_quat_rel(p0, pl);
    free(q);
    hw_rc_destroy(rc);
    return 2 * atan2(r.z, r.w); /* body z of the element is the cable axis */
}

Test(rigid_validation, case10_torsion_twist)
{
    const double gj = 1e4, T = 10, L = 10;
    int n = 100;
    double tw = torsion(n, gj, T, 0), ex = T * L / gj;
    /* discretization: the free half of the last element carries no hinge, twist = T (L - l/2)/GJ,
     * a 1/(2N) = 0.5 % shortfall at N = 100, inside the 1 % tolerance */
    printf("case 10 torsion N=%d: twist %.6g rad, T L/GJ %.6g rad (%.3f%%)\n", n, tw, ex, 100 * (tw / ex - 1));
    cr_expect_lt(fabs(tw / ex - 1), 0.01);
}

/* ---- case 5 analogue and case 11: axial stretch, and (alpha, beta, eps) input ------------------- */

/* Vertical cable hanging from a point at the origin, tip force M g at the free end B. Returns the
 * elastic elongation (length of the hanging cable minus L). */
static double stretch(int baumgarte, double *expect)
{
    const double L = 100, mu = 10, ea = 1e6, M = 100, dt = 1e-2;
    const int n = 100;
    rc_one m;
    rc_one_init(&m, L, n, mu, 0.05, ea, 0, 0, dt);
    m.cab.end_a = HW_RC_END_POINT;
    m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[2] = -L;
    m.cab.relax_damping = 2;
    if (baumgarte) {
        double beta = 0.5 / dt;
        m.cab.stiffness = HW_RC_BAUMGARTE;
        m.cab.axial.beta = beta; m.cab.axial.alpha = 0.5 * beta; m.cab.axial.eps = beta * beta * (L / n) / ea;
        m.cab.bending.beta = 0; m.cab.torsion.beta = 0;
    }
    hw_rc *rc = rc_make(&m.def);
    double f[3] = {0, 0, -M * G0};
    hw_rc_set_end_load(rc, 0, 1, f, NULL);
    rc_run(rc, 20.0);
    double *nodes = malloc(3 * (n + 1) * sizeof(double));
    hw_rc_nodes(rc, 0, nodes);
    double el = -nodes[3 * n + 2] - L;
    free(nodes);
    hw_rc_destroy(rc);
    *expect = (M * G0 * L + mu * G0 * L * L / 2) / ea;
    return el;
}

Test(rigid_validation, case11_alpha_beta_eps_input_gives_same_statics)
{
    double ex, s_eng = stretch(0, &ex), s_bg = stretch(1, &ex);
    /* discretization: the free half element at B is unstretched: M g l/(2 EA) = 0.08 % short */
    printf("case 11 stretch: EA input %.6g m, (alpha,beta,eps) input %.6g m, analytic %.6g m (%.3f%%, %.3f%%)\n",
           s_eng, s_bg, ex, 100 * (s_eng / ex - 1), 100 * (s_bg / ex - 1));
    cr_expect_lt(fabs(s_eng / ex - 1), 0.01);
    cr_expect_lt(fabs(s_bg / ex - 1), 0.01);
    cr_expect_lt(fabs(s_bg / s_eng - 1), 1e-4, "the two inputs must agree statically");

    double e9, t_eng = cantilever(40, 1.2e6, 0, &e9), t_bg = cantilever(40, 1.2e6, 1, &e9);
    printf("case 11 cantilever: EI input %.6g m, (alpha,beta,eps) input %.6g m, analytic %.6g m\n", t_eng, t_bg, e9);
    cr_expect_lt(fabs(t_bg / e9 - 1), 0.02);
    cr_expect_lt(fabs(t_bg / t_eng - 1), 1e-4);

    double w_eng = torsion(100, 1e4, 10, 0), w_bg = torsion(100, 1e4, 10, 1), e10 = 10 * 10 / 1e4;
    printf("case 11 torsion: GJ input %.6g rad, (alpha,beta,eps) input %.6g rad, analytic %.6g rad\n", w_eng, w_bg, e10);
    cr_expect_lt(fabs(w_bg / e10 - 1), 0.01);
    cr_expect_lt(fabs(w_bg / w_eng - 1), 1e-4);
}

/* The conversion getter reports E A = beta^2 L/(eps N), E I = beta^2 L/(2 eps N), G J likewise. */
Test(rigid_validation, parameter_conversion_getter)
{
    rc_one m;
    rc_one_init(&m, 50, 25, 5, 0.04, 2e8, 3e3, 1.5e3, 2e-3);
    m.cab.damping_ratio = 0.3;
    m.cab.beta_dt = 0.8;
    m.cab.pos_b[0] = 50;
    hw_rc *rc = rc_make(&m.def);
    hw_rc_params p;
    cr_assert_eq(hw_rc_get_params(rc, 0, &p), HW_OK);
    double beta = 0.8 / 2e-3, l = 2.0;
    for (int f = 0; f < 3; f++) {
        cr_expect_float_eq(p.beta[f], beta, 1e-12 * beta);
        cr_expect_float_eq(p.alpha[f], 0.3 * beta, 1e-12 * beta);
    }
    cr_expect_float_eq(p.eps[0], beta * beta * l / 2e8, 1e-15);
    cr_expect_float_eq(p.eps[1], beta * beta * l / (2 * 3e3), 1e-12);
    cr_expect_float_eq(p.eps[2], beta * beta * l / (2 * 1.5e3), 1e-12);
    cr_expect_float_eq(p.beta[0] * p.beta[0] * 50 / (p.eps[0] * 25), 2e8, 1e-4);
    cr_expect_float_eq(p.ea, 2e8, 1e-6);
    hw_rc_destroy(rc);
}

/* ---- case 12: damping regimes of a constraint error ------------------------------------------- */

/* One element hanging nowhere (g = 0, in air), end A on a point that jumps by d0 along the axis
 * at t = 0: the end constraint error g = a_0 - posA starts at -d0 with zero rate and obeys
 * g'' + 2 alpha g' + beta_eff^2 g = 0, beta_eff = beta / sqrt(1 + eps_row m) (stiff: eps m = 1e-6).
 * Records g(t) along the axis. */
static int constraint_decay(double zeta, double beta, double dt, double t_end, double *gs)
{
    rc_one m;
    rc_one_init(&m, 1.0, 1, 1.0, 0.01, 1e9, 0, 0, dt);
    m.def.env.g = 0;
    m.cab.stiffness = HW_RC_BAUMGARTE;
    m.cab.axial.beta = beta; m.cab.axial.alpha = zeta * beta; m.cab.axial.eps = 1e-6;
    m.cab.bending.beta = 0; m.cab.torsion.beta = 0;
    m.cab.end_a = HW_RC_END_POINT; m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[2] = 1.0;
    hw_rc *rc = rc_make(&m.def);
    double d0 = 1e-3, pa[3] = {0, 0, d0};
    hw_rc_set_end_kinematics(rc, 0, pa, NULL, NULL, NULL);
    int n = (int)(t_end / dt + 0.5);
    double nodes[6];
    for (int k = 0; k <= n; k++) {
        hw_rc_nodes(rc, 0, nodes);
        gs[k] = (nodes[2] - d0) / d0; /* normalized: starts at -1 */
        if (k < n) cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
    }
    hw_rc_destroy(rc);
    return n;
}

Test(rigid_validation, case12_damping_regimes)
{
    const double beta = 20, dt = 2e-4, T = 1.0;
    int n = (int)(T / dt + 0.5);
    double *g = malloc((n + 1) * sizeof(double));
    /* underdamped: frequency and logarithmic decrement. Semi-implicit Euler at beta dt = 0.004
     * shifts the frequency by O((beta dt)^2) and the decay by O(beta dt): well inside 1 % / 3 %. */
    double z = 0.1;
    constraint_decay(z, beta, dt, T, g);
    double tz[8];
    int nz = 0;
    for (int k = 1; k <= n && nz < 8; k++)
        if ((g[k - 1] < 0) != (g[k] < 0)) tz[nz++] = dt * (k - 1 + g[k - 1] / (g[k - 1] - g[k]));
    cr_assert_geq(nz, 5);
    double wd = PI / ((tz[4] - tz[0]) / 4), wd_ex = beta * sqrt(1 - z * z);
    double pk[3] = {0, 0, 0};
    int seg = 0;
    for (int k = 0; k <= n && seg < 3; k++) {
        double t = k * dt;
        /* peaks of |g| between successive zero crossings: one per half period */
        if (t > tz[2 * seg] && t < tz[2 * seg + 1]) pk[seg] = fmax(pk[seg], fabs(g[k]));
        if (t >= tz[2 * seg + 1]) seg++;
    }
    double delta = log(pk[0] / pk[1]), delta_ex = 2 * PI * z / sqrt(1 - z * z);
    printf("case 12 under (zeta 0.1): omega %.5g vs %.5g rad/s (%.3f%%), log decrement %.5g vs %.5g (%.2f%%)\n",
           wd, wd_ex, 100 * (wd / wd_ex - 1), delta, delta_ex, 100 * (delta / delta_ex - 1));
    cr_expect_lt(fabs(wd / wd_ex - 1), 0.01);
    cr_expect_lt(fabs(delta / delta_ex - 1), 0.03);

    /* critical: no overshoot, g(t) = -(1 + beta t) e^(-beta t) */
    constraint_decay(1.0, beta, dt, T, g);
    double gmax = -1, err = 0;
    for (int k = 0; k <= n; k++) {
        double t = k * dt, ex = -(1 + beta * t) * exp(-beta * t);
        gmax = fmax(gmax, g[k]);
        err = fmax(err, fabs(g[k] - ex));
    }
    double g_crit_at = g[(int)(0.1 / dt)];
    printf("case 12 critical: max g %.3g (no overshoot: <= 0), max |g - analytic| %.3g\n", gmax, err);
    cr_expect_leq(gmax, 1e-9);
    cr_expect_lt(err, 0.01);

    /* overdamped: no overshoot, the two-exponential solution, slower than critical */
    z = 2.0;
    constraint_decay(z, beta, dt, T, g);
    double r1 = -beta * (z - sqrt(z * z - 1)), r2 = -beta * (z + sqrt(z * z - 1));
    gmax = -1; err = 0;
    for (int k = 0; k <= n; k++) {
        double t = k * dt, ex = -(r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1);
        gmax = fmax(gmax, g[k]);
        err = fmax(err, fabs(g[k] - ex));
    }
    printf("case 12 over (zeta 2): max g %.3g, max |g - analytic| %.3g, g(0.1 s) %.4g vs critical %.4g\n",
           gmax, err, g[(int)(0.1 / dt)], g_crit_at);
    cr_expect_leq(gmax, 1e-9);
    cr_expect_lt(err, 0.01);
    cr_expect_lt(g[(int)(0.1 / dt)], g_crit_at, "overdamped decays more slowly than critical");
    free(g);
}

/* ---- cases 13 and 14: catenaries against Irvine and the lumped-mass model ---------------------- */

typedef struct cat_case {
    double L, mu, d, ea, rho, dt, relax, t_end;
    int n;
    double ra[3], rb[3];
} cat_case;

/* Fairlead (end B) force components of the rigid model at rest: H (horizontal pull towards A)
 * and V (downwards pull), i.e. the end-B tension components of Irvine's solution. */
static int rigid_catenary(const cat_case *k, double *H, double *V, char *why, size_t why_len)
{
    rc_one m;
    rc_one_init(&m, k->L, k->n, k->mu, k->d, k->ea, 0, 0, k->dt);
    m.def.env.rho_w = k->rho;
    memcpy(m.cab.pos_a, k->ra, sizeof k->ra);
    memcpy(m.cab.pos_b, k->rb, sizeof k->rb);
    m.cab.relax_damping = k->relax;
    /* start away from equilibrium: end B 5 m off (the cable starts on that catenary), then moved
     * to its place at 1 m/s in each of x and z through the co-simulation input, and held */
    m.cab.pos_b[0] -= 5; m.cab.pos_b[2] -= 5;
    hw_rc *rc = rc_make(&m.def);
    double vb[3] = {1, 0, 1}, zero[3] = {0, 0, 0};
    hw_rc_set_end_kinematics(rc, 0, NULL, NULL, m.cab.pos_b, vb);
    hw_status st = hw_rc_step(rc, (int)(5.0 / k->dt + 0.5));
    hw_rc_set_end_kinematics(rc, 0, NULL, NULL, k->rb, zero);
    if (st == HW_OK) st = hw_rc_step(rc, (int)(k->t_end / k->dt + 0.5));
    if (st != HW_OK) { snprintf(why, why_len, "%s", hw_rc_last_error(rc)); hw_rc_destroy(rc); return -1; }
    double fa[3], fb[3];
    hw_rc_end_forces(rc, 0, fa, fb);
    double dx = k->rb[0] - k->ra[0], dy = k->rb[1] - k->ra[1], hl = sqrt(dx * dx + dy * dy);
    *H = -(fb[0] * dx + fb[1] * dy) / hl;
    *V = -fb[2];
    hw_rc_destroy(rc);
    return 0;
}

static void irvine(const cat_case *k, double *H, double *V)
{
    double w = (k->mu - k->rho * PI * k->d * k->d / 4) * G0;
    double dx = k->rb[0] - k->ra[0], dy = k->rb[1] - k->ra[1];
    *H = w * k->L / 2; *V = w * k->L;
    cr_assert_eq(irvine_solve(0, sqrt(dx * dx + dy * dy), k->rb[2] - k->ra[2], k->L, w, k->ea, H, V), 0);
}

/* The lumped-mass model of the same cable through the hw_sim API: with the static solver (H, V at
 * the fairlead point B), or at a forced step dt (returns the step status and message). */
static hw_status lumped_catenary(const cat_case *k, double dt, int steps, double *H, double *V,
                                 double *dt_crit, char *msg, size_t msg_len)
{
    one_line m;
    one_line_init(&m, k->d, k->mu, k->ea, k->L, k->n, k->ra, k->rb);
    m.def.env.rho_w = k->rho;
    m.def.env.depth = 1000;
    m.type.cdn = 1.2; m.type.cdt = 0.008;
    if (dt > 0) {
        m.def.solver.static_solve = 0;
        m.def.solver.dt = dt;
        m.def.solver.integrator = HW_INT_SYMPLECTIC_EULER;
        m.def.solver.allow_unstable_dt = 1; /* case 13 runs past the critical step on purpose */
    }
    hw_sim *sim = NULL;
    hw_status st = hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, msg_len);
    cr_assert_eq(st, HW_OK, "lumped create: %s", msg);
    if (dt_crit) hw_sim_critical_step(sim, dt_crit, NULL, NULL);
    st = HW_OK;
    if (steps > 0) {
        st = hw_sim_step(sim, steps);
        snprintf(msg, msg_len, "%s", st == HW_OK ? "" : hw_sim_last_error(sim));
    }
    double f[3];
    hw_sim_point_state(sim, 1, NULL, NULL, f);
    double dx = k->rb[0] - k->ra[0], dy = k->rb[1] - k->ra[1], hl = sqrt(dx * dx + dy * dy);
    *H = -(f[0] * dx + f[1] * dy) / hl;
    *V = -f[2];
    hw_sim_destroy(sim);
    return st;
}

Test(rigid_validation, case13_stiff_wire_at_large_step)
{
    /* steel wire: EA 1e9 N, 10 kg/m, 1 m elements, in air; dt = 1e-2 s (beta = 1/dt) */
    cat_case k = {100, 10, 0.04, 1e9, 0.0, 1e-2, 1.0, 40.0, 100, {0, 0, -60}, {80, 0, -10}};
    double H, V, Hi, Vi;
    char why[1024];
    int r = rigid_catenary(&k, &H, &V, why, sizeof why);
    cr_assert_eq(r, 0, "rigid model failed at dt = 1e-2: %s", why);
    irvine(&k, &Hi, &Vi);
    printf("case 13 rigid dt=1e-2: H %.6g (Irvine %.6g, %.3f%%), V %.6g (Irvine %.6g, %.3f%%)\n", H, Hi,
           100 * (H / Hi - 1), V, Vi, 100 * (V / Vi - 1));
    cr_expect_lt(fabs(H / Hi - 1), 0.01);
    cr_expect_lt(fabs(V / Vi - 1), 0.01);
    /* the lumped-mass model of the same wire at the same step blows up, and says so */
    double Hl, Vl, dtc;
    char msg[1024];
    hw_status st = lumped_catenary(&k, 1e-2, 2000, &Hl, &Vl, &dtc, msg, sizeof msg);
    printf("case 13 lumped dt=1e-2 (critical %.3g s, ratio %.0f): status %s: %s\n", dtc, 1e-2 / dtc,
           hw_status_str(st), msg);
    cr_expect_eq(st, HW_ERR_NUMERICAL);
    cr_expect_lt(dtc, 2e-4, "lumped critical step about 1e-4 s");
    cr_expect_gt(strlen(msg), 20u);
}

Test(rigid_validation, case14_model_agreement_n50)
{
    /* the OC4-DeepCwind chain (0.0766 m, 113.35 kg/m, EA 753.6 MN), 100 m of it submerged; N = 50 */
    cat_case k = {100, 113.35, 0.0766, 7.536e8, 1025, 1e-2, 1.0, 60.0, 50, {0, 0, -90}, {50, 0, -20}};
    double H, V, Hi, Vi, Hl, Vl;
    char why[1024];
    cr_assert_eq(rigid_catenary(&k, &H, &V, why, sizeof why), 0, "%s", why);
    irvine(&k, &Hi, &Vi);
    lumped_catenary(&k, 0, 0, &Hl, &Vl, NULL, why, sizeof why);
    printf("case 14 N=50: rigid H %.7g V %.7g | lumped H %.7g V %.7g | Irvine H %.7g V %.7g\n", H, V, Hl, Vl, Hi, Vi);
    printf("case 14: rigid-Irvine %.4f%% %.4f%%, rigid-lumped %.4f%% %.4f%%, lumped-Irvine %.4f%% %.4f%%\n",
           100 * (H / Hi - 1), 100 * (V / Vi - 1), 100 * (H / Hl - 1), 100 * (V / Vl - 1),
           100 * (Hl / Hi - 1), 100 * (Vl / Vi - 1));
    cr_expect_lt(fabs(H / Hi - 1), 0.002);
    cr_expect_lt(fabs(V / Vi - 1), 0.002);
    cr_expect_lt(fabs(H / Hl - 1), 0.002);
    cr_expect_lt(fabs(V / Vl - 1), 0.002);
}

/* ---- energy (docs/physics.md section 8) ------------------------------------------------------------- */

/* A chain pendulum released horizontal from a pinned end A, in air, no bending. Returns the
 * largest |E(t) - E(0)| (with dissipated work added) over 2 s, relative to m g L / 2. */
static double energy_drift(double dt, double zeta, double relax)
{
    rc_one m;
    rc_one_init(&m, 10, 10, 1.0, 0.02, 1e6, 0, 0, dt);
    m.cab.end_a = HW_RC_END_POINT; m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[0] = 10;
    m.cab.damping_ratio = zeta;
    m.cab.relax_damping = relax;
    hw_rc *rc = rc_make(&m.def);
    hw_rc_energy e;
    hw_rc_get_energy(rc, &e);
    double e0 = e.total + e.dissipated, scale = 10 * 1.0 * G0 * 10 / 2, worst = 0, dmax = 0;
    int n = (int)(2.0 / dt + 0.5);
    for (int k = 0; k < n; k++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        hw_rc_get_energy(rc, &e);
        worst = fmax(worst, fabs(e.total + e.dissipated - e0));
        dmax = e.dissipated;
    }
    hw_rc_get_energy(rc, &e);
    printf("energy dt %.0e zeta %.1f relax %.1f: max |dE| / (m g L/2) = %.3g (kinetic %.4g, gravity %.4g, "
           "axial %.3g, rate %.3g, dissipated %.4g)\n", dt, zeta, relax, worst / scale, e.kinetic, e.gravity,
           e.axial, e.constraint_rate, dmax);
    hw_rc_destroy(rc);
    return worst / scale;
}

Test(rigid_energy, conserved_without_dissipation_first_order)
{
    double e1 = energy_drift(1e-3, 0.0, 0.0), e2 = energy_drift(5e-4, 0.0, 0.0);
    /* semi-implicit Euler: a bounded energy error of first order in dt */
    cr_expect_lt(e1, 2e-3); /* measured 5e-4 at dt = 1e-3: O(dt) with a small constant */
    cr_expect_gt(e1 / e2, 1.6, "error ratio %.3f when dt halves (first order: 2)", e1 / e2);
}

Test(rigid_energy, energy_plus_dissipated_conserved_with_damping)
{
    double e1 = energy_drift(1e-3, 0.5, 1.0), e2 = energy_drift(5e-4, 0.5, 1.0);
    cr_expect_lt(e1, 2e-3); /* measured 5e-4 at dt = 1e-3: O(dt) with a small constant */
    cr_expect_gt(e1 / e2, 1.6, "error ratio %.3f when dt halves (first order: 2)", e1 / e2);
}

/* ---- winch (rescale mode) -------------------------------------------------------------------- */

Test(rigid_winch, rescale_retraction_keeps_length_and_tension)
{
    const double L = 50, mu = 10, c = 0.2, speed = 0.5, dt = 1e-3;
    rc_one m;
    rc_one_init(&m, L, 25, mu, 0.05, 1e8, 0, 0, dt);
    m.cab.end_a = HW_RC_END_POINT; m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[2] = -L;
    m.cab.relax_damping = c;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 10.0); /* settle */
    cr_assert_eq(hw_rc_set_winch(rc, 0, 0.0, 0.0, speed, 0.0), HW_OK);
    rc_run(rc, 10.0);
    double Lc = hw_rc_cable_length(rc, 0), Lex = L - speed * 10.0;
    double T[26], nodes[78];
    hw_rc_tensions(rc, 0, T);
    hw_rc_nodes(rc, 0, nodes);
    /* steady retraction: the cable moves with a linear velocity profile (0 at A, speed at B), no
     * acceleration; the top carries the weight of what is out plus the relaxation drag
     * c mu speed L_cable / 2 */
    double Tex = mu * G0 * Lc + c * mu * speed * Lc / 2;
    printf("winch: L_cable %.12g (expected %.12g), top tension %.6g (expected %.6g, %.3f%%), end A gap %.3g m\n",
           Lc, Lex, T[0], Tex, 100 * (T[0] / Tex - 1), fabs(nodes[2]));
    cr_expect_lt(fabs(Lc / Lex - 1), 1e-9);
    cr_expect_lt(fabs(T[0] / Tex - 1), 0.01);
    cr_expect_lt(fabs(nodes[0]) + fabs(nodes[1]) + fabs(nodes[2]), 1e-3, "end A stays on its point");
    /* input errors */
    cr_expect_eq(hw_rc_set_winch(rc, 0, 30, 25, 0, 0), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "leave no cable") != NULL, "%s", hw_rc_last_error(rc));
    cr_expect_eq(hw_rc_set_winch(rc, 0, -1, 0, 0, 0), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), ">= 0") != NULL, "%s", hw_rc_last_error(rc));
    hw_rc_destroy(rc);
}

/* ---- many cables in one system ---------------------------------------------------------------- */

Test(rigid_system, cables_are_independent)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 1000;
    hw_rc_cable_def c[2];
    c[0] = hw_default_rc_cable();
    c[0].name = "wire"; c[0].length = 30; c[0].elements = 15; c[0].mass_per_length = 5;
    c[0].diameter = 0.03; c[0].ea = 1e8; c[0].ei = 50; c[0].gj = 20;
    c[0].pos_a[2] = -5; c[0].pos_b[0] = 25; c[0].pos_b[2] = -2;
    c[1] = hw_default_rc_cable();
    c[1].name = "tether"; c[1].length = 12; c[1].elements = 8; c[1].mass_per_length = 2;
    c[1].diameter = 0.02; c[1].ea = 1e6; c[1].end_a = HW_RC_END_CLAMPED; c[1].end_b = HW_RC_END_FREE;
    c[1].ei = 1e3; c[1].gj = 1e3;
    c[1].pos_a[0] = 100; c[1].pos_b[0] = 112; c[1].pos_b[2] = -1;
    def.n_cables = 2; def.cables = c;
    hw_rc *both = rc_make(&def);
    cr_expect_eq(hw_rc_n_cables(both), 2);
    cr_expect_eq(hw_rc_elements(both, 1), 8);
    cr_assert_eq(hw_rc_step(both, 300), HW_OK, "%s", hw_rc_last_error(both));
    for (int k = 0; k < 2; k++) {
        hw_rc_def one = def;
        one.n_cables = 1; one.cables = &c[k];
        hw_rc *s = rc_make(&one);
        cr_assert_eq(hw_rc_step(s, 300), HW_OK);
        int n = c[k].elements;
        double xa[60], xb[60];
        hw_rc_positions(both, k, xa);
        hw_rc_positions(s, 0, xb);
        cr_expect_eq(memcmp(xa, xb, 3 * n * sizeof(double)), 0, "cable %d differs when alone", k);
        hw_rc_destroy(s);
    }
    hw_rc_destroy(both);
}

/* ---- bad input and blow-up diagnosis ----------------------------------------------------------- */

static void expect_input_error(const hw_rc_def *def, const char *needle)
{
    char msg[512] = "";
    hw_rc *rc = NULL;
    hw_status st = hw_rc_create(def, &rc, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_INPUT, "expected an input error mentioning '%s', got %s: %s", needle, hw_status_str(st), msg);
    cr_expect_null(rc);
    cr_expect(strstr(msg, needle) != NULL, "message '%s' lacks '%s'", msg, needle);
}

Test(rigid_errors, bad_definitions_name_the_field)
{
    rc_one m;
    rc_one_init(&m, 10, 5, 1, 0.02, 1e6, 10, 10, 1e-3);
    m.cab.pos_b[0] = 10;
    rc_one b;
    b = m; b.def.cables = &b.cab; b.cab.length = -1; expect_input_error(&b.def, "field 'length': must be > 0");
    b = m; b.def.cables = &b.cab; b.cab.elements = 0; expect_input_error(&b.def, "field 'elements'");
    b = m; b.def.cables = &b.cab; b.cab.mass_per_length = 0; expect_input_error(&b.def, "field 'mass_per_length'");
    b = m; b.def.cables = &b.cab; b.cab.diameter = NAN; expect_input_error(&b.def, "field 'diameter'");
    b = m; b.def.cables = &b.cab; b.cab.ea = 0; expect_input_error(&b.def, "rigid cable 'c' (0) field 'EA': must be > 0, got 0");
    b = m; b.def.cables = &b.cab; b.cab.ei = -2; expect_input_error(&b.def, "field 'EI'");
    b = m; b.def.cables = &b.cab; b.cab.gj = -2; expect_input_error(&b.def, "field 'GJ'");
    b = m; b.def.cables = &b.cab; b.cab.damping_ratio = 0.9; expect_input_error(&b.def, "field 'damping_ratio': with beta dt = 1");
    b = m; b.def.cables = &b.cab; b.cab.beta_dt = 0; expect_input_error(&b.def, "field 'beta_dt'");
    b = m; b.def.cables = &b.cab; b.cab.stiffness = HW_RC_BAUMGARTE;
    b.cab.axial.beta = 100; b.cab.axial.eps = 0; expect_input_error(&b.def, "field 'axial.eps': must be > 0");
    b.cab.axial.eps = 1e-5; b.cab.axial.beta = 0; expect_input_error(&b.def, "field 'axial.beta': must be > 0");
    b.cab.axial.beta = 3000; expect_input_error(&b.def, "field 'axial.beta': beta dt = 3");
    b.cab.axial.beta = 100; b.cab.bending.beta = 100; b.cab.bending.eps = 1; b.cab.bending.alpha = -1;
    expect_input_error(&b.def, "field 'bending.alpha'");
    b = m; b.def.cables = &b.cab; b.cab.end_a = (hw_rc_end_kind)7; expect_input_error(&b.def, "field 'end_a'");
    b = m; b.def.cables = &b.cab; b.cab.pos_b[0] = 0; expect_input_error(&b.def, "field 'pos_b': must differ");
    b = m; b.def.cables = &b.cab; b.cab.cdn = -1; expect_input_error(&b.def, "field 'Cd'");
    b = m; b.def.cables = &b.cab; b.cab.relax_damping = 2000; expect_input_error(&b.def, "field 'relax_damping'");
    b = m; b.def.cables = &b.cab; b.def.dt = 0; expect_input_error(&b.def, "field 'dt'");
    b = m; b.def.cables = &b.cab; b.def.env.depth = -1; expect_input_error(&b.def, "field 'depth'");
    b = m; b.def.cables = &b.cab; b.def.n_cables = 0; expect_input_error(&b.def, "field 'cables'");
    /* API misuse */
    hw_rc *rc = rc_make(&m.def);
    double p[3] = {0, 0, 0}, bad[3] = {0, NAN, 0};
    cr_expect_eq(hw_rc_set_end_kinematics(rc, 3, p, p, p, p), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "cable index 3 out of range") != NULL, "%s", hw_rc_last_error(rc));
    cr_expect_eq(hw_rc_set_end_kinematics(rc, 0, bad, NULL, NULL, NULL), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "pos_a is not finite") != NULL, "%s", hw_rc_last_error(rc));
    cr_expect_eq(hw_rc_set_end_load(rc, 0, 2, p, p), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "end must be 0 (A) or 1 (B)") != NULL, "%s", hw_rc_last_error(rc));
    cr_expect_eq(hw_rc_step(rc, -1), HW_ERR_INVALID_ARG);
    double pts[18] = {0, 0, 0, 2, 0, 0, 2, 0, 0, 6, 0, 0, 8, 0, 0, 10, 0, 0};
    cr_expect_eq(hw_rc_set_nodes(rc, 0, pts), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "points 1 and 2 coincide") != NULL, "%s", hw_rc_last_error(rc));
    pts[4] = NAN;
    cr_expect_eq(hw_rc_set_nodes(rc, 0, pts), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_rc_last_error(rc), "point 1 is not finite") != NULL, "%s", hw_rc_last_error(rc));
    hw_rc *none = NULL;
    cr_expect_eq(hw_rc_create(NULL, &none, NULL, 0), HW_ERR_INVALID_ARG);
    cr_expect_null(none);
    hw_rc_destroy(rc);
    hw_rc_destroy(NULL);
}

Test(rigid_errors, blow_up_is_diagnosed)
{
    /* a soft cable (EA 1e3 N) given a 1 MN pull at its free end: the joints open past half an
     * element length */
    rc_one m;
    rc_one_init(&m, 10, 10, 1, 0.02, 1e3, 0, 0, 1e-3);
    m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[0] = 10;
    hw_rc *rc = rc_make(&m.def);
    double f[3] = {1e6, 0, 0};
    hw_rc_set_end_load(rc, 0, 1, f, NULL);
    hw_status st = hw_rc_step(rc, 1000);
    const char *e = hw_rc_last_error(rc);
    printf("blow-up message: %s\n", e);
    cr_expect_eq(st, HW_ERR_NUMERICAL);
    cr_expect(strstr(e, "rigid cable 'c' (0)") != NULL, "%s", e);
    cr_expect(strstr(e, "joint") != NULL || strstr(e, "end") != NULL, "%s", e);
    cr_expect(strstr(e, "t = ") != NULL && strstr(e, "likely cause") != NULL, "%s", e);
    cr_expect_eq(hw_rc_step(rc, 1), HW_ERR_STATE);
    hw_rc_destroy(rc);
}

Test(rigid_errors, too_large_step_names_the_transverse_limit)
{
    /* case 13's wire at dt = 0.03 s: past l sqrt(mu / (3 T)) ~ 0.016 s for T ~ 1.3e4 N */
    rc_one m;
    rc_one_init(&m, 100, 100, 10, 0.04, 1e9, 0, 0, 0.03);
    m.cab.pos_a[2] = -60; m.cab.pos_b[0] = 80; m.cab.pos_b[2] = -10;
    m.cab.relax_damping = 1;
    hw_rc *rc = rc_make(&m.def);
    hw_status st = hw_rc_step(rc, 2000);
    const char *e = hw_rc_last_error(rc);
    printf("dt too large: %s\n", e);
    cr_expect_eq(st, HW_ERR_NUMERICAL);
    cr_expect(strstr(e, "transverse modes under tension") != NULL, "%s", e);
    hw_rc_destroy(rc);
}

/* The CUDA backend is asked for: compiled out -> HW_ERR_UNSUPPORTED, no device -> HW_ERR_NO_DEVICE,
 * both with a message; auto falls back to the CPU. (With a device present this test only checks
 * that it was picked; parity with the CPU is left to a GPU run.) */
Test(rigid_errors, cuda_backend_request)
{
    rc_one m;
    rc_one_init(&m, 10, 5, 1, 0.02, 1e6, 0, 0, 1e-3);
    m.cab.pos_b[0] = 10;
    m.def.backend = HW_BACKEND_CUDA;
    hw_rc *rc = NULL;
    char msg[512] = "";
    hw_status st = hw_rc_create(&m.def, &rc, msg, sizeof msg);
    if (hw_rc_cuda_compiled() && hw_cuda_device_count() > 0) {
        cr_expect_eq(st, HW_OK, "%s", msg);
        cr_expect_str_eq(hw_rc_backend_name(rc), "cuda");
    } else {
        cr_expect(st == HW_ERR_UNSUPPORTED || st == HW_ERR_NO_DEVICE, "%s", hw_status_str(st));
        cr_expect(strstr(msg, "field 'backend'") != NULL, "%s", msg);
        cr_expect_null(rc);
        m.def.backend = HW_BACKEND_AUTO;
        st = hw_rc_create(&m.def, &rc, msg, sizeof msg);
        cr_expect_eq(st, HW_OK, "%s", msg);
        cr_expect_str_eq(hw_rc_backend_name(rc), "cpu");
    }
    hw_rc_destroy(rc);
}

/* The case both BCR checks solve: a cable of n elements, clamped at A, ball-jointed or clamped
 * at B, in water, its state perturbed (seeded) off the straight line. S: its system (hw_rc starts
 * with its hw_rc_sys, rigid_sim.c). */
static hw_rc *bcr_case(int n, hw_rc_sys *S)
{
    rc_one m;
    rc_one_init(&m, 0.5 * n, n, 3.0, 0.1, 1e6, 2e3, 1e3, 1e-3);
    m.cab.end_a = HW_RC_END_CLAMPED;
    m.cab.end_b = n % 2 ? HW_RC_END_POINT : HW_RC_END_CLAMPED;
    m.cab.pos_b[0] = 0.4 * n; m.cab.pos_b[2] = -0.2 * n;
    m.def.env.rho_w = 1025;
    hw_rc *rc = rc_make(&m.def);
    *S = *(hw_rc_sys *)rc;
    unsigned s = 11;
    for (int q = 0; q < HW_RC_NS * S->n_elems; q++) S->st[q] += 0.02 * frand(&s);
    return rc;
}

/* Block Cholesky (block Thomas, hw_rc_cable_solve) on the assembled blocks, and the largest
 * difference of the multipliers x from its (scale: their largest magnitude). */
static double bcr_vs_cholesky(const hw_rc_sys *S, const hw_rc_cable *C, double *blk, double *el,
                              const double *x, int M, double *scale)
{
    hw_rc_status bad = {0, -1, 0};
    hw_rc_cable_solve(S, C, blk, el, &bad);
    cr_assert_eq(bad.kind, HW_RC_OK);
    double err = 0;
    *scale = 0;
    for (int k = 0; k < M; k++)
        for (int r = 0; r < 6; r++) {
            err = fmax(err, fabs(x[6 * k + r] - blk[k * HW_RC_BLK + HW_RC_B_LAM + r]));
            *scale = fmax(*scale, fabs(blk[k * HW_RC_BLK + HW_RC_B_LAM + r]));
        }
    return err;
}

/* The block cyclic reduction (kernels/rigid_bcr.h: the GPU's solver and the CPU's for long
 * cables), run level by level through the shared row functions, gives the block-Cholesky
 * multipliers (both are direct solves: agreement to round-off). */
static void bcr_vs_thomas(int n)
{
    hw_rc_sys S;
    hw_rc *rc = bcr_case(n, &S);
    const hw_rc_cable *C = &S.cab[0];
    int M = n + 1;
    double *blk = calloc((size_t)M * HW_RC_BLK, sizeof(double)), *el = calloc((size_t)n * HW_RC_EL, sizeof(double));
    double *A = calloc((size_t)M * 36, sizeof(double)), *L = calloc((size_t)M * 36, sizeof(double));
    double *U = calloc((size_t)M * 36, sizeof(double)), *b = calloc((size_t)M * 6, sizeof(double));
    double *x = calloc((size_t)M * 6, sizeof(double));
    for (int i = 0; i < n; i++) hw_rc_element_pass(&S, C, i, el + i * HW_RC_EL);
    hw_rc_status bad = {0, -1, 0};
    hw_rc_bcr P = hw_rc_bcr_make(A, L, U, b, 36, 6, 1);
    for (int k = 0; k < M; k++) {
        hw_m6 Ak; hw_v6 bk;
        hw_rc_block_assemble(&S, C, k, el, blk + k * HW_RC_BLK, &Ak, &bk, &bad);
        hw_rc_bcr_put(&P, (size_t)k, &Ak, &bk);
    }
    for (int k = 0; k < M; k++) hw_rc_bcr_couple(&P, C, k, blk, el);
    int d = 1;
    for (; d < M; d *= 2) {
        for (int p = d; p < M; p += 2 * d) cr_assert_eq(hw_rc_bcr_factor_row(&P, (size_t)p), 0);
        for (int k = 0; k < M; k += 2 * d)
            for (int j = 0; j < 6; j++) hw_rc_bcr_reduce_lane(&P, 0, M, k, d, j, NULL, NULL);
    }
    cr_assert_eq(hw_rc_bcr_factor_row(&P, 0), 0);
    hw_rc_bcr_back_row(&P, 0, M, 0, 0, 1, x, 6);
    for (d /= 2; d >= 1; d /= 2)
        for (int p = d; p < M; p += 2 * d) hw_rc_bcr_back_row(&P, 0, M, p, d, 0, x, 6);
    double scale, err = bcr_vs_cholesky(&S, C, blk, el, x, M, &scale);
    printf("BCR vs block Cholesky, N = %d: max difference %.3g of %.3g\n", n, err, scale);
    cr_expect_lt(err, 1e-9 * scale);
    free(blk); free(el); free(A); free(L); free(U); free(b); free(x);
    hw_rc_destroy(rc);
}

/* cuBLAS's batched LU for one column-major 6x6 (getrf: partial pivoting, unit lower L and U in
 * place; getrs: nrhs columns): the stand-in the CPU emulation of the cuBLAS path uses. */
static int lu6(double *F, int *piv)
{
    for (int j = 0; j < 6; j++) {
        int p = j;
        for (int i = j + 1; i < 6; i++)
            if (fabs(F[j * 6 + i]) > fabs(F[j * 6 + p])) p = i;
        piv[j] = p;
        if (F[j * 6 + p] == 0.0) return 1;
        for (int c = 0; c < 6 && p != j; c++) { double t = F[c * 6 + j]; F[c * 6 + j] = F[c * 6 + p]; F[c * 6 + p] = t; }
        for (int i = j + 1; i < 6; i++) {
            F[j * 6 + i] /= F[j * 6 + j];
            for (int c = j + 1; c < 6; c++) F[c * 6 + i] -= F[j * 6 + i] * F[c * 6 + j];
        }
    }
    return 0;
}
static void lus6(const double *F, const int *piv, double *B, int nrhs)
{
    for (int r = 0; r < nrhs; r++) {
        double *b = B + 6 * r;
        for (int j = 0; j < 6; j++) { double t = b[j]; b[j] = b[piv[j]]; b[piv[j]] = t; }
        for (int i = 0; i < 6; i++)
            for (int k = 0; k < i; k++) b[i] -= F[k * 6 + i] * b[k];
        for (int i = 5; i >= 0; i--) {
            for (int k = i + 1; k < 6; k++) b[i] -= F[k * 6 + i] * b[k];
            b[i] /= F[i * 6 + i];
        }
    }
}

/* The cuBLAS level solve's data flow (kernels/cuda/rigid_cuda.cu with HAWSER_CUDA_RIGID=cublas:
 * the level lists, hw_rc_bcr_gather's batches and right-hand sides at each row's slot, the
 * reduction fed with the solved columns, the back substitution's right-hand side through the
 * batch) run on the CPU with a reference partial-pivoting LU in place of cuBLAS, in the GPU's
 * structure-of-arrays storage: the block-Cholesky multipliers to round-off, as the hand BCR. */
static void bcr_lu_vs_thomas(int n)
{
    hw_rc_sys S;
    hw_rc *rc = bcr_case(n, &S);
    const hw_rc_cable *C = &S.cab[0];
    int M = n + 1;
    double *blk = calloc((size_t)M * HW_RC_BLK, sizeof(double)), *el = calloc((size_t)n * HW_RC_EL, sizeof(double));
    double *A = calloc((size_t)M * 36, sizeof(double)), *L = calloc((size_t)M * 36, sizeof(double));
    double *U = calloc((size_t)M * 36, sizeof(double)), *b = calloc((size_t)M * 6, sizeof(double));
    double *F = calloc((size_t)M * 36, sizeof(double)), *R = calloc((size_t)M * 72, sizeof(double));
    double *x = calloc((size_t)M * 6, sizeof(double));
    int *piv = calloc((size_t)M * 6, sizeof(int));
    hw_rc_levels lv;
    cr_assert_eq(hw_rc_levels_build(&S, &lv), 0);
    for (int i = 0; i < n; i++) hw_rc_element_pass(&S, C, i, el + i * HW_RC_EL);
    hw_rc_status bad = {0, -1, 0};
    hw_rc_bcr P = hw_rc_bcr_make(A, L, U, b, 1, 1, (size_t)M);
    for (int k = 0; k < M; k++) {
        hw_m6 Ak; hw_v6 bk;
        hw_rc_block_assemble(&S, C, k, el, blk + k * HW_RC_BLK, &Ak, &bk, &bad);
        hw_rc_bcr_put(&P, (size_t)k, &Ak, &bk);
    }
    for (int k = 0; k < M; k++) hw_rc_bcr_couple(&P, C, k, blk, el);
    for (int l = 0; l < lv.n_levels; l++) {
        int d = 1 << l;
        for (int i = lv.off_odd[l]; i < lv.off_odd[l + 1]; i++) {
            int k = lv.odd[i], at = lv.pos[k];
            cr_assert_eq(at, i);
            for (int e = 0; e < 36; e++) hw_rc_bcr_gather(&P, 0, M, k, d, 0, (size_t)at, e, F, R);
            cr_assert_eq(lu6(F + 36 * at, piv + 6 * at), 0);
            lus6(F + 36 * at, piv + 6 * at, R + 72 * at, 12);
        }
        for (int i = lv.off_even[l]; i < lv.off_even[l + 1]; i++) {
            int k = lv.even[i];
            for (int j = 0; j < 6; j++) {
                const double *sa = k - d >= 0 ? R + 72 * lv.pos[k - d] + 6 * j : NULL;
                const double *sc = k + d < M ? R + 72 * lv.pos[k + d] + 36 + 6 * j : NULL;
                hw_rc_bcr_reduce_lane(&P, 0, M, k, d, j, sa, sc);
            }
        }
    }
    for (int l = lv.n_levels; l >= 0; l--) { /* the top (l = n_levels: row 0), then each level down */
        int top = l == lv.n_levels, d = top ? 0 : 1 << l;
        for (int i = lv.off_odd[l]; i < lv.off_odd[l + 1]; i++) {
            int k = lv.odd[i], at = lv.pos[k];
            if (top) {
                for (int e = 0; e < 36; e++) hw_rc_bcr_gather(&P, 0, M, k, 0, 1, (size_t)at, e, F, R);
                cr_assert_eq(lu6(F + 36 * at, piv + 6 * at), 0);
            }
            for (int j = 0; j < 6; j++) R[72 * at + j] = hw_rc_bcr_back_rhs(&P, 0, M, k, d, top, x, 6, j);
            lus6(F + 36 * at, piv + 6 * at, R + 72 * at, 1);
            for (int j = 0; j < 6; j++) x[6 * k + j] = R[72 * at + j];
        }
    }
    double scale, err = bcr_vs_cholesky(&S, C, blk, el, x, M, &scale);
    printf("BCR with LU level solves (the cuBLAS path's flow) vs block Cholesky, N = %d: max difference %.3g of %.3g\n",
           n, err, scale);
    cr_expect_lt(err, 1e-9 * scale);
    hw_rc_levels_free(&lv);
    free(blk); free(el); free(A); free(L); free(U); free(b); free(F); free(R); free(x); free(piv);
    hw_rc_destroy(rc);
}

Test(rigid_algebra, cublas_path_flow_matches_block_cholesky)
{
    bcr_lu_vs_thomas(1);
    bcr_lu_vs_thomas(7);
    bcr_lu_vs_thomas(12);
    bcr_lu_vs_thomas(40);
}

Test(rigid_algebra, block_cyclic_reduction_matches_block_cholesky)
{
    bcr_vs_thomas(1);
    bcr_vs_thomas(7);
    bcr_vs_thomas(12);
    bcr_vs_thomas(40);
}

/* Initial shape with end A free and end B attached: laid straight from B towards pos_a, B on its
 * point, the unstretched length out. */
Test(rigid_system, initial_shape_hangs_from_the_attached_end)
{
    rc_one m;
    rc_one_init(&m, 10, 5, 1, 0.02, 1e6, 0, 0, 1e-3);
    m.cab.end_a = HW_RC_END_FREE; m.cab.end_b = HW_RC_END_POINT;
    m.cab.pos_a[2] = -5; m.cab.pos_b[2] = 0;
    hw_rc *rc = rc_make(&m.def);
    double nodes[18];
    hw_rc_nodes(rc, 0, nodes);
    cr_expect_lt(fabs(nodes[15]) + fabs(nodes[16]) + fabs(nodes[17]), 1e-14, "end B on its point");
    cr_expect_lt(fabs(nodes[2] + 10), 1e-13, "end A 10 m below: z %.15g", nodes[2]);
    hw_rc_destroy(rc);
}

/* ---- validation case 4 with rigid cylinders: hanging chain, first swing mode ------------------- */

static double bessel_j0(double x) /* power series, ample for x <= 2.5 */
{
    double s = 0, t = 1;
    for (int k = 0; k < 30; k++) {
        s += t;
        t *= -(x * x / 4) / ((k + 1.0) * (k + 1.0));
    }
    return s;
}

Test(rigid_validation, case4_hanging_chain_first_mode)
{
    /* L = 10 m chain from a pinned point, nearly inextensible, no bending; started at rest on the
     * first mode shape x(z) = a J0(j1 sqrt(h/L)) (h: height above the free end), small amplitude.
     * Expected period 2 pi / ((j1/2) sqrt(g/L)) = 5.2767 s. */
    const double L = 10, j1 = 2.4048, amp = 0.02;
    const int n = 50;
    rc_one m;
    rc_one_init(&m, L, n, 1.0, 0.01, 1e7, 0, 0, 1e-3);
    m.cab.end_a = HW_RC_END_POINT; m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_b[2] = -L;
    hw_rc *rc = rc_make(&m.def);
    double nodes[3 * (n + 1)];
    for (int k = 0; k <= n; k++) {
        double s = L * k / n, hgt = L - s; /* material point at arc length s from the top */
        nodes[3 * k] = amp * bessel_j0(j1 * sqrt(hgt / L)) - amp * bessel_j0(j1); /* top stays at 0 */
        nodes[3 * k + 1] = 0;
        nodes[3 * k + 2] = -s;
    }
    /* the x offsets make the chord slightly longer than l: fine at amp / L = 2e-3 */
    cr_assert_eq(hw_rc_set_nodes(rc, 0, nodes), HW_OK, "%s", hw_rc_last_error(rc));
    double T_ex = 2 * PI / (j1 / 2 * sqrt(G0 / L)), prev = 0, t_cross[8];
    int nc = 0;
    for (int k = 0; k < 24000 && nc < 5; k++) {
        cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%s", hw_rc_last_error(rc));
        hw_rc_nodes(rc, 0, nodes);
        double x = nodes[3 * n];
        if (k > 0 && (prev < 0) != (x < 0)) t_cross[nc++] = hw_rc_time(rc) - 1e-3 * x / (x - prev);
        prev = x;
    }
    cr_assert_eq(nc, 5);
    double T = (t_cross[4] - t_cross[0]) / 2;
    printf("case 4 rigid chain N=%d: first-mode period %.5f s, expected %.5f s (%.3f%%)\n", n, T, T_ex, 100 * (T / T_ex - 1));
    cr_expect_lt(fabs(T / T_ex - 1), 0.01);
    hw_rc_destroy(rc);
}

/* The GPU step's orchestration (kernels/cuda/rigid_cuda.cu), emulated on the CPU by
 * hw_rc_cpu_step_bcr with the same passes and index spaces, follows the block-Cholesky CPU step:
 * two cables of different lengths, 200 steps of dynamics, states within 1e-9 m (both are exact
 * solves; only round-off differs, amplified a little by the dynamics). */
Test(rigid_system, gpu_step_emulation_matches_cpu_step)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 1000;
    hw_rc_cable_def c[2];
    c[0] = hw_default_rc_cable();
    c[0].name = "wire"; c[0].length = 30; c[0].elements = 15; c[0].mass_per_length = 5;
    c[0].diameter = 0.03; c[0].ea = 1e8; c[0].ei = 50; c[0].gj = 20;
    c[0].pos_a[2] = -12; c[0].pos_b[0] = 25; c[0].pos_b[2] = -2;
    c[1] = hw_default_rc_cable();
    c[1].name = "tether"; c[1].length = 12; c[1].elements = 8; c[1].mass_per_length = 2;
    c[1].diameter = 0.02; c[1].ea = 1e6; c[1].end_a = HW_RC_END_CLAMPED; c[1].end_b = HW_RC_END_FREE;
    c[1].ei = 1e3; c[1].gj = 1e3;
    c[1].pos_a[0] = 100; c[1].pos_b[0] = 112; c[1].pos_b[2] = -1;
    def.n_cables = 2; def.cables = c;
    hw_rc *ra = rc_make(&def), *rb = rc_make(&def);
    rc_emulation r = rc_emulate_gpu_step(ra, rb, def.dt, 200);
    printf("GPU-step emulation vs CPU step after 200 steps: positions %.3g m, multipliers %.3g of %.3g, power %.6g vs %.6g\n",
           r.dx, r.dlam, r.lam_scale, r.power_a, r.power_b);
    cr_expect_lt(r.dx, 1e-9);
    cr_expect_lt(r.dlam, 1e-7 * r.lam_scale);
    cr_expect_lt(fabs(r.power_a - r.power_b), 1e-9 * fabs(r.power_a) + 1e-12);
    hw_rc_destroy(ra);
    hw_rc_destroy(rb);
}

/* Validation case 7 analogue: a free horizontal cable sinking through still water reaches the
 * terminal velocity where its submerged weight equals the normal drag,
 * (mu - rho pi d^2/4) g = 0.5 rho Cdn d v^2 (added mass only shapes the transient). */
Test(rigid_validation, sinking_cable_terminal_velocity)
{
    const double mu = 5, d = 0.05, rho = 1025, cdn = 1.2;
    rc_one m;
    rc_one_init(&m, 10, 10, mu, d, 1e8, 0, 0, 1e-2);
    m.def.env.rho_w = rho;
    m.cab.end_a = HW_RC_END_FREE; m.cab.end_b = HW_RC_END_FREE;
    m.cab.pos_a[2] = -20; m.cab.pos_b[0] = 10; m.cab.pos_b[2] = -20;
    m.cab.cdn = cdn;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 10.0);
    double v[30];
    hw_rc_velocities(rc, 0, v);
    double w = (mu - rho * PI * d * d / 4) * G0, vt = sqrt(2 * w / (rho * cdn * d));
    printf("sinking cable: vz %.6g m/s (element 5), terminal %.6g m/s (%.3f%%), vx %.2g\n", v[17], -vt,
           100 * (-v[17] / vt - 1), v[15]);
    cr_expect_lt(fabs(-v[17] / vt - 1), 0.005);
    hw_rc_destroy(rc);
}

/* A current varying with depth (and, the same arrays, in time): the rigid cylinders look it up at
 * each element's centre as the lumped-mass nodes do at theirs. The case-14 chain in a sheared
 * current (0 at the bottom, 1.5 m/s at the surface along x, 0.5 m/s across): the two models'
 * fairlead forces, the rigid one settled by relaxation damping, the lumped one by the static solve,
 * agree within 0.5% (the models differ by their O(1/N^2) discretizations and the current
 * sampled at nodes vs element centres). A uniform current given as a two-depth profile gives the
 * same result as the uniform field, bit for bit. */
Test(rigid_current, depth_profile_agrees_with_the_lumped_model)
{
    static const double cz[2] = {-100, 0}, cux[2] = {0, 1.5}, cuy[2] = {0.5, 0.5}, cuz[2] = {0, 0};
    double ra[3] = {0, 0, -90}, rb[3] = {50, 0, -20};
    /* rigid */
    rc_one m;
    rc_one_init(&m, 100, 50, 113.35, 0.0766, 7.536e8, 0, 0, 1e-2);
    m.def.env.rho_w = 1025;
    m.def.env.profile.n_depth = 2;
    m.def.env.profile.z = cz;
    m.def.env.profile.ux = cux; m.def.env.profile.uy = cuy; m.def.env.profile.uz = cuz;
    memcpy(m.cab.pos_a, ra, sizeof ra);
    memcpy(m.cab.pos_b, rb, sizeof rb);
    m.cab.relax_damping = 1.0;
    hw_rc *rc = rc_make(&m.def);
    rc_run(rc, 60.0);
    double fa[3], fb[3];
    hw_rc_end_forces(rc, 0, fa, fb);
    hw_rc_destroy(rc);
    /* lumped, same cable */
    one_line lm;
    one_line_init(&lm, 0.0766, 113.35, 7.536e8, 100, 50, ra, rb);
    lm.def.env.depth = 1000;
    lm.def.env.current.n_depth = 2;
    lm.def.env.current.z = cz;
    lm.def.env.current.ux = cux; lm.def.env.current.uy = cuy; lm.def.env.current.uz = cuz;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&lm.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double la[3], lb[3];
    hw_sim_line_end_forces(sim, 0, la, lb);
    hw_sim_destroy(sim);
    double nb = sqrt(lb[0] * lb[0] + lb[1] * lb[1] + lb[2] * lb[2]), worst = 0;
    for (int c = 0; c < 3; c++) worst = fmax(worst, fabs(fb[c] - lb[c]) / nb);
    printf("sheared current: fairlead force rigid (%.1f, %.1f, %.1f) N, lumped (%.1f, %.1f, %.1f) N; "
           "largest difference %.3f%% of |F|\n", fb[0], fb[1], fb[2], lb[0], lb[1], lb[2], 100 * worst);
    cr_expect_lt(worst, 5e-3);
    cr_expect_gt(fabs(lb[1]), 100.0, "the cross current must load the line sideways");
    /* uniform field vs the same current as a two-depth profile */
    static const double ux2[2] = {0.7, 0.7}, uy2[2] = {0.2, 0.2};
    double pos[2][3 * 10];
    for (int k = 0; k < 2; k++) {
        rc_one u;
        rc_one_init(&u, 20, 10, 20, 0.05, 1e7, 0, 0, 1e-2);
        u.def.env.rho_w = 1025;
        double pa[3] = {0, 0, -50}, pb[3] = {15, 0, -40};
        memcpy(u.cab.pos_a, pa, sizeof pa);
        memcpy(u.cab.pos_b, pb, sizeof pb);
        if (k) {
            u.def.env.profile.n_depth = 2;
            u.def.env.profile.z = cz;
            u.def.env.profile.ux = ux2; u.def.env.profile.uy = uy2; u.def.env.profile.uz = cuz;
        } else {
            u.def.env.current[0] = 0.7; u.def.env.current[1] = 0.2;
        }
        hw_rc *r = rc_make(&u.def);
        rc_run(r, 2.0);
        hw_rc_positions(r, 0, pos[k]);
        hw_rc_destroy(r);
    }
    cr_expect_eq(memcmp(pos[0], pos[1], sizeof pos[0]), 0, "uniform field and flat profile differ");
}
