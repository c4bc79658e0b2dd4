/* The rigid-cylinder cable system (docs/physics.md section 5) as flat arrays, and the per-cable step
 * both backends share. Nothing here allocates; the host fills an hw_rc_sys.
 *
 * Layout:
 *   cable c     elements cab[c].e0 .. + cab[c].n - 1, constraint blocks cab[c].b0 .. + cab[c].n
 *               (block 0 = end A, block k = joint between elements k-1 and k, block n = end B)
 *   state st    HW_RC_NS blocks of n_elems values (structure of arrays):
 *               rx ry rz vx vy vz qw qx qy qz wx wy wz
 *   work blk    HW_RC_BLK doubles per block: lambda(6) yhat(6) W(36) g(6) gd(6) sideL(19) sideR(19)
 *   work el     HW_RC_EL doubles per element: f(3) tau(3) Minv(6: xx yy zz xy xz yz) Iinv(3)
 *
 * Per step and cable: element loads, then the block-tridiagonal system
 *   (J M^-1 J^T + diag(eps)) lambda = -beta^2 g - 2 alpha dg/dt - J M^-1 f - dJ/dt u
 * assembled and solved exactly by block Cholesky (block Thomas) in one forward sweep and one back
 * substitution, then semi-implicit Euler. Inactive rows (free ends, families switched off) get a
 * unit diagonal, zero Jacobian and zero right-hand side, so lambda = 0 there and every block stays
 * 6x6.
 *
 * Napkin math per element-step: the forward sweep does the J M^-1 J^T pieces (two symmetric
 * halves and one full 6x6, ~250 mult-adds each), a 6-column Cholesky solve and C^T W (~250 each)
 * and one 6x6 Cholesky: ~2000 flops; the state is 13 doubles and the scratch ~115 doubles per
 * block written once and read once: ~1 KB of traffic. On one CPU core that is compute bound:
 * measured 6.6e5 to 9.0e5 element-steps/s (bench/results/cpu-epyc-zen3-2vcpu/rigid_cpu.md). */
#ifndef HW_KERNELS_RIGID_H
#define HW_KERNELS_RIGID_H

#include <stddef.h>

#include "physics/rigid.h"
#include "physics/body.h"

/* full unrolling of small fixed loops in device code (addressable locals then stay in registers);
 * nothing for gcc or nvcc's host pass */
#ifdef __CUDA_ARCH__
#define HW_RC_UNROLL _Pragma("unroll")
#else
#define HW_RC_UNROLL
#endif

enum { HW_RC_RX = 0, HW_RC_RY, HW_RC_RZ, HW_RC_VX, HW_RC_VY, HW_RC_VZ, HW_RC_QW, HW_RC_QX,
       HW_RC_QY, HW_RC_QZ, HW_RC_WX, HW_RC_WY, HW_RC_WZ, HW_RC_NS };
enum { HW_RC_END_FREE_K = 0, HW_RC_END_POINT_K = 1, HW_RC_END_CLAMPED_K = 2 };
enum { HW_RC_B_LAM = 0, HW_RC_B_YH = 6, HW_RC_B_W = 12, HW_RC_B_G = 48, HW_RC_B_GD = 54,
       HW_RC_B_SL = 60, HW_RC_B_SR = 79, HW_RC_BLK = 98 };
enum { HW_RC_E_F = 0, HW_RC_E_T = 3, HW_RC_E_MI = 6, HW_RC_E_IR = 12, HW_RC_EL = 15 };
/* Failure kinds reported by a step. */
enum { HW_RC_OK = 0, HW_RC_BAD_NONFINITE = 1, HW_RC_BAD_GAP = 2, HW_RC_BAD_NOT_SPD = 3 };

/* A body at a cable end (end kind "body": a payload, ROV or clump weight held by the end's ball
 * joint): a point mass whose position and velocity are the end's posa/vela (A) or posb/velb (B).
 * It enters the end block's positional rows with the Jacobian -I, so the block's diagonal gains
 * its inverse mass and the solve holds it implicitly (a light body on a stiff wire stays stable
 * at the cable's step); hw_rc_body_prepare sets mi and f before a step, hw_rc_body_update moves it
 * with the end block's multipliers after the solve. */
typedef struct hw_rc_body_end {
    int on;
    double mass, vol, cda, ca;    /* kg, m^3, m^2, - (physics/point.h) */
    double mi[6];                 /* inverse mass with added mass this step: xx yy zz xy xz yz */
    double f[3];                  /* its own load this step plus the external force (world) */
} hw_rc_body_end;

/* A 6-DOF body at a cable end (end kind "body6"; docs/physics.md section 9, "A 6-DOF body on a
 * rigid cable end"): a free body (physics/body.h) whose body-frame point `at` is held to the
 * cable's end point by a ball joint (3 positional rows, no angular rows). With c = R at the joint's offset from the reference point
 * the joint velocity is v + w x c = J_b (v, w), J_b = [1, -[c]x], and the end block's error is
 * g = end point - (r + c): the body's side of the block is -J_b. hw_rc_body6_prepare condenses the
 * body onto the block's positional rows before a step: W = J_b M^-1 J_b^T (M: the body's 6x6
 * generalized mass about its reference point, added mass included), J M^-1 f = -J_b (a0, alpha0)
 * (the body's accelerations under its own loads, inertial terms included) and the velocity
 * product w x (w x c) of the joint's acceleration; the block gains them as an element's side
 * would (the solve holds the body implicitly: a light body on a stiff wire stays stable at the
 * cable's step). hw_rc_body6_update moves it after the solve with the pull -lambda at the joint.
 * The joint point and velocity are kept in the end's posa/vela (posb/velb). */
typedef struct hw_rc_body6_end {
    int on;
    hw_body_p p;                  /* the body's parameters (physics/body.h) */
    hw_body_s s;                  /* its state: reference point, orientation, velocities */
    double at[3];                 /* the joint, body frame from the reference point */
    double ext[6];                /* external force and moment about the reference point (world),
                                     held (hw_rc_set_body6_load) */
    double f[6];                  /* this step's generalized force about r: own loads + ext + the
                                     end load at the joint */
    double w[6];                  /* J_b M^-1 J_b^T: xx yy zz xy xz yz */
    double jmf[3];                /* the body side's J M^-1 f */
    double gam[3];                /* w x (w x c): the joint acceleration's velocity product */
} hw_rc_body6_end;

typedef struct hw_rc_cable {
    int e0, n, b0;
    int mask_a, mask_j, mask_b;   /* active rows (HW_RC_ROWS_*) of end A, joints, end B blocks */
    double l, ldot;               /* element length and its rate (winch, rescale mode); eps is
                                     for l */
    double lend[2];               /* lengths of the end elements 0 (A) and n - 1 (B): l, but for
                                     a reel winch's element at its end; n == 1: both the same */
    double reel[2], reel_acc[2];  /* reel winch pay-out speed at end A, B (m/s, 0: none) and its
                                     rate of change: the end element grows at this rate
                                     (hw_rc_element_pass has the momentum of its material) */
    double alpha[3], beta[3], eps[3]; /* families N, M, T; eps for the current l */
    hw_rc_prop prop;
    double posa[3], vela[3], posb[3], velb[3];
    double qa[4], qb[4];          /* clamp orientations (w x y z) */
    double fa[3], ta[3], fb[3], tb[3]; /* external force at the end point and torque (world) */
    hw_rc_body_end body[2];       /* bodies at ends A, B (on = 0: none) */
    hw_rc_body6_end body6[2];     /* 6-DOF bodies at ends A, B (on = 0: none) */
} hw_rc_cable;

typedef struct hw_rc_sys {
    int n_cables, n_elems, n_blocks;
    hw_rc_env env;
    double max_gap;               /* a joint gap beyond max_gap * l is a blow-up */
    hw_rc_cable *cab;
    double *st;
} hw_rc_sys;

/* Result of one cable's step: kind HW_RC_* and where (element or block index within the cable). */
typedef struct hw_rc_status { int kind, where; double value; } hw_rc_status;

HW_HD hw_rc_body hw_rc_get_body(const double *st, int ne, int e)
{
    hw_rc_body b;
    b.x = hw_v3_make(st[HW_RC_RX * ne + e], st[HW_RC_RY * ne + e], st[HW_RC_RZ * ne + e]);
    b.v = hw_v3_make(st[HW_RC_VX * ne + e], st[HW_RC_VY * ne + e], st[HW_RC_VZ * ne + e]);
    b.p = hw_quat_make(st[HW_RC_QW * ne + e], st[HW_RC_QX * ne + e], st[HW_RC_QY * ne + e],
                       st[HW_RC_QZ * ne + e]);
    b.w = hw_v3_make(st[HW_RC_WX * ne + e], st[HW_RC_WY * ne + e], st[HW_RC_WZ * ne + e]);
    return b;
}
HW_HD void hw_rc_put_body(double *st, int ne, int e, const hw_rc_body *b)
{
    st[HW_RC_RX * ne + e] = b->x.x; st[HW_RC_RY * ne + e] = b->x.y; st[HW_RC_RZ * ne + e] = b->x.z;
    st[HW_RC_VX * ne + e] = b->v.x; st[HW_RC_VY * ne + e] = b->v.y; st[HW_RC_VZ * ne + e] = b->v.z;
    st[HW_RC_QW * ne + e] = b->p.w; st[HW_RC_QX * ne + e] = b->p.x; st[HW_RC_QY * ne + e] = b->p.y;
    st[HW_RC_QZ * ne + e] = b->p.z;
    st[HW_RC_WX * ne + e] = b->w.x; st[HW_RC_WY * ne + e] = b->w.y; st[HW_RC_WZ * ne + e] = b->w.z;
}
HW_HD hw_v3 hw_rc_v3(const double *a) { return hw_v3_make(a[0], a[1], a[2]); }
HW_HD void hw_rc_store_side(double *d, const hw_rc_side *s)
{
    d[0] = s->sig;
    for (int k = 0; k < 9; k++) { d[1 + k] = s->B.a[k]; d[10 + k] = s->C.a[k]; }
}
HW_HD hw_rc_side hw_rc_load_side(const double *d)
{
    hw_rc_side s;
    s.sig = d[0];
    for (int k = 0; k < 9; k++) { s.B.a[k] = d[1 + k]; s.C.a[k] = d[10 + k]; }
    return s;
}

/* Length of element i (cable-local) and its rates: l and ldot inside, lend and the reel speed
 * and its rate at the ends (one element: both ends'). */
HW_HD hw_rc_len hw_rc_elem_len(const hw_rc_cable *C, int i)
{
    if (C->n == 1)
        return hw_rc_len_make(C->lend[0], C->ldot + C->reel[0] + C->reel[1], C->reel_acc[0] + C->reel_acc[1]);
    if (i == 0) return hw_rc_len_make(C->lend[0], C->ldot + C->reel[0], C->reel_acc[0]);
    if (i == C->n - 1) return hw_rc_len_make(C->lend[1], C->ldot + C->reel[1], C->reel_acc[1]);
    return hw_rc_len_make(C->l, C->ldot, 0.0);
}
/* The share of cable block k (0..n) spans, in units of l (hw_rc_row_params' f). */
HW_HD double hw_rc_block_share(const hw_rc_cable *C, int k)
{
    double s = 0.0;
    if (k > 0) s += hw_rc_elem_len(C, k - 1).l;
    if (k < C->n) s += hw_rc_elem_len(C, k).l;
    return s / (2.0 * C->l);
}

/* Block k (0..n) of cable C at state st, with its active-row mask. */
HW_HD hw_rc_block hw_rc_cable_block(const hw_rc_cable *C, const double *st, int ne, int k, int *mask)
{
    hw_rc_block blk;
    int n = C->n;
    if (k == 0) {
        *mask = C->mask_a;
        hw_rc_body b0 = hw_rc_get_body(st, ne, C->e0);
        blk = hw_rc_end_block_a(&b0, hw_rc_elem_len(C, 0), hw_rc_v3(C->posa), hw_rc_v3(C->vela),
                                hw_quat_make(C->qa[0], C->qa[1], C->qa[2], C->qa[3]));
    } else if (k == n) {
        *mask = C->mask_b;
        hw_rc_body bn = hw_rc_get_body(st, ne, C->e0 + n - 1);
        blk = hw_rc_end_block_b(&bn, hw_rc_elem_len(C, n - 1), hw_rc_v3(C->posb), hw_rc_v3(C->velb),
                                hw_quat_make(C->qb[0], C->qb[1], C->qb[2], C->qb[3]));
    } else {
        *mask = C->mask_j;
        hw_rc_body bi = hw_rc_get_body(st, ne, C->e0 + k - 1), bj = hw_rc_get_body(st, ne, C->e0 + k);
        blk = hw_rc_joint(&bi, hw_rc_elem_len(C, k - 1), &bj, hw_rc_elem_len(C, k));
    }
    hw_rc_side_mask(&blk.L, *mask);
    hw_rc_side_mask(&blk.R, *mask);
    return blk;
}

HW_HD hw_m3s hw_rc_el_mi(const double *el)
{
    return hw_m3s_make(el[HW_RC_E_MI], el[HW_RC_E_MI + 1], el[HW_RC_E_MI + 2], el[HW_RC_E_MI + 3],
                       el[HW_RC_E_MI + 4], el[HW_RC_E_MI + 5]);
}

HW_HD hw_m3s hw_rc_body_mi(const hw_rc_body_end *bd)
{
    return hw_m3s_make(bd->mi[0], bd->mi[1], bd->mi[2], bd->mi[3], bd->mi[4], bd->mi[5]);
}

/* Loads of element i (cable-local) into el, including the external end loads. Returns the power
 * dissipated by drag, seabed and relaxation damping. */
HW_HD double hw_rc_element_pass(const hw_rc_sys *S, const hw_rc_cable *C, int i, double *el)
{
    int ne = S->n_elems;
    hw_rc_body b = hw_rc_get_body(S->st, ne, C->e0 + i);
    double l = hw_rc_elem_len(C, i).l;
    hw_rc_loads L = hw_rc_element_loads(&b, l, &S->env, &C->prop);
    hw_v3 f = L.f, tau = L.tau;
    for (int end = 0; end < 2; end++) {
        if (i != (end ? C->n - 1 : 0)) continue;
        hw_v3 fe = hw_rc_v3(end ? C->fb : C->fa), te = hw_rc_v3(end ? C->tb : C->ta);
        hw_v3 arm = hw_v3_scale(hw_rc_axis(b.p), end ? 0.5 * l : -0.5 * l);
        if (C->reel[end] != 0.0 || C->reel_acc[end] != 0.0) {
            /* the reel element's material moves at its centre's velocity plus half the growth
             * rate s along u (winch -> cable), and crosses the winch at the winch's velocity plus
             * s u (it leaves or meets the drum at the cable's speed): d/dt m (v + s u / 2) =
             * F + mdot (u_w + s u), i.e. m dv/dt = F + mu s (u_w + s u / 2 - v) - m (ds/dt) u / 2
             * (the turning of u neglected) */
            double s = C->reel[end], m = C->prop.mu * l;
            hw_v3 u = hw_v3_scale(hw_rc_axis(b.p), end ? -1.0 : 1.0);
            hw_v3 th = hw_v3_sub(hw_v3_add(hw_rc_v3(end ? C->velb : C->vela), hw_v3_scale(u, 0.5 * s)), b.v);
            fe = hw_v3_add(fe, hw_v3_sub(hw_v3_scale(th, C->prop.mu * s), hw_v3_scale(u, 0.5 * m * C->reel_acc[end])));
        }
        f = hw_v3_add(f, fe);
        tau = hw_v3_add(tau, hw_quat_rotate_inv(b.p, hw_v3_add(te, hw_v3_cross(arm, fe))));
    }
    el[HW_RC_E_F] = f.x; el[HW_RC_E_F + 1] = f.y; el[HW_RC_E_F + 2] = f.z;
    el[HW_RC_E_T] = tau.x; el[HW_RC_E_T + 1] = tau.y; el[HW_RC_E_T + 2] = tau.z;
    el[HW_RC_E_MI] = L.mi.xx; el[HW_RC_E_MI + 1] = L.mi.yy; el[HW_RC_E_MI + 2] = L.mi.zz;
    el[HW_RC_E_MI + 3] = L.mi.xy; el[HW_RC_E_MI + 4] = L.mi.xz; el[HW_RC_E_MI + 5] = L.mi.yz;
    el[HW_RC_E_IR] = L.ir.x; el[HW_RC_E_IR + 1] = L.ir.y; el[HW_RC_E_IR + 2] = L.ir.z;
    return L.power;
}

/* Assembles block k (0..n) of cable C (el: the cable's element scratch): stores g, gd and both
 * Jacobian sides in the block's scratch B, returns in A the diagonal block
 * J_L M^-1 J_L^T + J_R M^-1 J_R^T + diag(eps_row) (unit diagonal on inactive rows) and in rhs
 * -beta^2 g - 2 alpha gd - J M^-1 f - gam (zero on inactive rows); flags a joint gap past
 * max_gap * l in bad. Returns the constraint damping power sum 2 alpha gd^2 / eps_row. */
HW_HD double hw_rc_block_assemble(const hw_rc_sys *S, const hw_rc_cable *C, int k, const double *el,
                                  double *B, hw_m6 *A, hw_v6 *rhs, hw_rc_status *bad)
{
    int n = C->n, mask;
    double power = 0.0;
    hw_rc_block kb = hw_rc_cable_block(C, S->st, S->n_elems, k, &mask);
    double ra[6], rb[6], re[6];
    hw_rc_row_params(C->alpha, C->beta, C->eps, hw_rc_block_share(C, k), ra, rb, re);
    double gap = hw_v3_norm(hw_v6_get3(&kb.g, 0));
    if ((mask & HW_RC_ROWS_POS) && !(gap <= S->max_gap * C->l) && bad->kind == HW_RC_OK) {
        bad->kind = gap == gap ? HW_RC_BAD_GAP : HW_RC_BAD_NONFINITE;
        bad->where = k; bad->value = gap;
    }
    *A = hw_m6_zero();
    hw_v6 jmf = hw_v6_zero();
    HW_RC_UNROLL
    for (int side = 0; side < 2; side++) {
        int body = side ? k : k - 1;
        if (body < 0 || body >= n) continue;
        const hw_rc_side *sd = side ? &kb.R : &kb.L;
        const double *e = el + (size_t)body * HW_RC_EL;
        hw_m3s mi = hw_rc_el_mi(e);
        hw_v3 ir = hw_rc_v3(e + HW_RC_E_IR);
        hw_rc_jmj_acc(A, sd, sd, mi, ir, 1);
        hw_v6 t = hw_rc_jmf(sd, mi, ir, hw_rc_v3(e + HW_RC_E_F), hw_rc_v3(e + HW_RC_E_T));
        for (int r = 0; r < 6; r++) jmf.a[r] += t.a[r];
    }
    int end = k == 0 ? 0 : k == n ? 1 : -1;
    if (end >= 0 && C->body[end].on && (mask & HW_RC_ROWS_POS)) {
        /* the body's side: g = end point - body position, Jacobian -I on the positional rows */
        const hw_rc_body_end *bd = &C->body[end];
        hw_rc_side sb = hw_rc_side_zero();
        sb.sig = -1.0;
        hw_m3s mi = hw_rc_body_mi(bd);
        hw_rc_jmj_acc(A, &sb, &sb, mi, hw_v3_zero(), 1);
        hw_v6 t = hw_rc_jmf(&sb, mi, hw_v3_zero(), hw_rc_v3(bd->f), hw_v3_zero());
        for (int r = 0; r < 6; r++) jmf.a[r] += t.a[r];
    }
    if (end >= 0 && C->body6[end].on && (mask & HW_RC_ROWS_POS)) {
        /* the 6-DOF body's side, condensed onto the positional rows (hw_rc_body6_prepare) */
        const hw_rc_body6_end *b6 = &C->body6[end];
        hw_m3 W = hw_m3_from_sym(hw_m3s_make(b6->w[0], b6->w[1], b6->w[2], b6->w[3], b6->w[4], b6->w[5]));
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) A->a[6 * i + j] += W.a[3 * i + j];
            jmf.a[i] += b6->jmf[i];
            kb.gam.a[i] -= b6->gam[i];
        }
    }
    HW_RC_UNROLL
    for (int r = 0; r < 6; r++) {
        if (hw_rc_row_on(mask, r)) {
            A->a[7 * r] += re[r];
            rhs->a[r] = -rb[r] * rb[r] * kb.g.a[r] - 2.0 * ra[r] * kb.gd.a[r] - jmf.a[r] - kb.gam.a[r];
            power += 2.0 * ra[r] * kb.gd.a[r] * kb.gd.a[r] / re[r];
        } else {
            A->a[7 * r] = 1.0;
            rhs->a[r] = 0.0;
        }
        B[HW_RC_B_G + r] = kb.g.a[r];
        B[HW_RC_B_GD + r] = kb.gd.a[r];
    }
    hw_rc_store_side(B + HW_RC_B_SL, &kb.L);
    hw_rc_store_side(B + HW_RC_B_SR, &kb.R);
    return power;
}

/* The coupling A_{k,k+1} = J_{k,R} M_k^-1 J_{k+1,L}^T of blocks k and k + 1 through body k, from
 * their stored sides (Bk, Bk1) and body k's scratch ek. */
HW_HD hw_m6 hw_rc_block_coupling(const double *Bk, const double *Bk1, const double *ek)
{
    hw_rc_side r = hw_rc_load_side(Bk + HW_RC_B_SR), l = hw_rc_load_side(Bk1 + HW_RC_B_SL);
    hw_m6 C = hw_m6_zero();
    hw_rc_jmj_acc(&C, &r, &l, hw_rc_el_mi(ek), hw_rc_v3(ek + HW_RC_E_IR), 0);
    return C;
}

/* Assembles and solves the block-tridiagonal system of one cable (blocks in blk, element data in
 * el, both cable-local) by block Cholesky / block Thomas:
 *   D_0 = A_00,  W_k = D_k^-1 C_k,  D_{k+1} = A_{k+1,k+1} - C_k^T W_k,
 *   yhat_k = D_k^-1 (b_k - C_{k-1}^T yhat_{k-1}),  lambda_n = yhat_n,  lambda_k = yhat_k - W_k lambda_{k+1}
 * with C_k = A_{k,k+1}. Returns the constraint damping power. */
HW_HD double hw_rc_cable_solve(const hw_rc_sys *S, const hw_rc_cable *C, double *blk,
                               const double *el, hw_rc_status *bad)
{
    int n = C->n;
    double power = 0.0;
    hw_m6 Dprev = hw_m6_zero();
    for (int k = 0; k <= n; k++) {
        double *B = blk + (size_t)k * HW_RC_BLK;
        hw_m6 A;
        hw_v6 rhs;
        power += hw_rc_block_assemble(S, C, k, el, B, &A, &rhs, bad);
        if (k > 0) {
            double *Bp = B - HW_RC_BLK;
            hw_m6 Cp = hw_rc_block_coupling(Bp, B, el + (size_t)(k - 1) * HW_RC_EL);
            hw_m6 W = hw_m6_chol_solve_m(&Dprev, Cp);   /* D_{k-1}^-1 C */
            hw_m6 CtW = hw_m6_tmul_sym(Cp, W);          /* C^T D^-1 C: symmetric */
            hw_v6 yp;
            for (int r = 0; r < 6; r++) yp.a[r] = Bp[HW_RC_B_YH + r];
            hw_v6 Cty = hw_m6_tmulv(Cp, yp);
            for (int q = 0; q < 36; q++) { A.a[q] -= CtW.a[q]; Bp[HW_RC_B_W + q] = W.a[q]; }
            for (int r = 0; r < 6; r++) rhs.a[r] -= Cty.a[r];
        }
        int fail = hw_m6_chol(&A);
        if (fail && bad->kind == HW_RC_OK) { bad->kind = HW_RC_BAD_NOT_SPD; bad->where = k; bad->value = 0.0; }
        hw_v6 yh = fail ? hw_v6_zero() : hw_m6_chol_solve(&A, rhs);
        for (int r = 0; r < 6; r++) B[HW_RC_B_YH + r] = yh.a[r];
        Dprev = A;
    }
    /* back substitution */
    double *Bn = blk + (size_t)n * HW_RC_BLK;
    for (int r = 0; r < 6; r++) Bn[HW_RC_B_LAM + r] = Bn[HW_RC_B_YH + r];
    for (int k = n - 1; k >= 0; k--) {
        double *B = blk + (size_t)k * HW_RC_BLK, *B1 = B + HW_RC_BLK;
        for (int r = 0; r < 6; r++) {
            double s = B[HW_RC_B_YH + r];
            for (int c = 0; c < 6; c++) s -= B[HW_RC_B_W + 6 * r + c] * B1[HW_RC_B_LAM + c];
            B[HW_RC_B_LAM + r] = s;
        }
    }
    return power;
}

/* Semi-implicit Euler update of element i (cable-local) with the multipliers of its two blocks. */
HW_HD int hw_rc_element_update(const hw_rc_sys *S, const hw_rc_cable *C, int i, const double *blk,
                               const double *el, double h)
{
    int ne = S->n_elems;
    const double *e = el + (size_t)i * HW_RC_EL;
    const double *Bi = blk + (size_t)i * HW_RC_BLK, *Bj = Bi + HW_RC_BLK;
    hw_v3 f = hw_rc_v3(e + HW_RC_E_F), tau = hw_rc_v3(e + HW_RC_E_T);
    hw_rc_side sr = hw_rc_load_side(Bi + HW_RC_B_SR), sl = hw_rc_load_side(Bj + HW_RC_B_SL);
    hw_rc_jt(&sr, Bi + HW_RC_B_LAM, &f, &tau);
    hw_rc_jt(&sl, Bj + HW_RC_B_LAM, &f, &tau);
    hw_v3 a = hw_m3s_mul(hw_rc_el_mi(e), f);
    hw_v3 ir = hw_rc_v3(e + HW_RC_E_IR);
    hw_v3 al = hw_v3_make(ir.x * tau.x, ir.y * tau.y, ir.z * tau.z);
    hw_rc_body b = hw_rc_get_body(S->st, ne, C->e0 + i);
    b.v = hw_v3_add(b.v, hw_v3_scale(a, h));
    b.w = hw_v3_add(b.w, hw_v3_scale(al, h));
    b.x = hw_v3_add(b.x, hw_v3_scale(b.v, h));
    b.p = hw_quat_integrate(b.p, b.w, h);
    hw_rc_put_body(S->st, ne, C->e0 + i, &b);
    double chk = b.x.x + b.x.y + b.x.z + b.v.x + b.v.y + b.v.z + b.w.x + b.w.y + b.w.z + b.p.w;
    return chk - chk == 0.0; /* 1 when finite */
}

/* Body at end `end` of cable C before a step: its own loads (weight, buoyancy, drag in the
 * current at its depth, physics/point.h) plus the external force fext, and its inverse mass with
 * added mass, into C->body[end]. Returns the power its drag dissipates.
 * In waves (E->wav.n > 0; docs/physics.md section 10, "Rigid cylinders in waves") the kinematics
 * at its centre (physics/waves.h hw_wave_eval): it is wet below the instantaneous surface (its
 * height above the surface elevation decides, as z decides in still water), its drag acts on the
 * velocity relative to current plus waves, and wet it feels the fluid-acceleration force
 * rho V (1 + Ca) a (Froude-Krylov plus added mass). */
HW_HD double hw_rc_body_prepare(const hw_rc_env *E, hw_rc_cable *C, int end, const double *fext)
{
    hw_rc_body_end *bd = &C->body[end];
    hw_v3 x = hw_rc_v3(end ? C->posb : C->posa), v = hw_rc_v3(end ? C->velb : C->vela);
    hw_point_loads P;
    if (E->wav.n > 0) { /* physics/point.h in waves, as the lumped lines' free points */
        hw_wave_kin K = hw_wave_eval(&E->wav, x, E->t);
        P = hw_point_own_load_waves(x, v, hw_rc_current_at(E, x), K.eta, K.u, K.a, bd->mass, bd->vol,
                                    bd->cda, bd->ca, E->rho, E->g);
    } else {
        P = hw_point_own_load(x, v, hw_rc_current_at(E, x), bd->mass, bd->vol, bd->cda, bd->ca, E->rho, E->g);
    }
    hw_m3s mi = hw_m3s_inv(P.M);
    bd->mi[0] = mi.xx; bd->mi[1] = mi.yy; bd->mi[2] = mi.zz;
    bd->mi[3] = mi.xy; bd->mi[4] = mi.xz; bd->mi[5] = mi.yz;
    bd->f[0] = P.f.x + fext[0]; bd->f[1] = P.f.y + fext[1]; bd->f[2] = P.f.z + fext[2];
    return P.power;
}

/* Body at end `end` after the solve, semi-implicit Euler as the elements: the cable pulls it with
 * -lambda (the end block's positional multipliers, lam[0..2]), so v += h M^-1 (f - lambda),
 * x += h v. x and v are the end's position and velocity (posa/vela or posb/velb). */
HW_HD void hw_rc_body_update(const hw_rc_body_end *bd, const double *lam, double h, double *x, double *v)
{
    hw_v3 a = hw_m3s_mul(hw_rc_body_mi(bd), hw_v3_make(bd->f[0] - lam[0], bd->f[1] - lam[1], bd->f[2] - lam[2]));
    v[0] += h * a.x; v[1] += h * a.y; v[2] += h * a.z;
    x[0] += h * v[0]; x[1] += h * v[1]; x[2] += h * v[2];
}

/* The 6-DOF body at end `end` of cable C before a step (hw_rc_body6_end): its own loads
 * (physics/body.h: weight, buoyancy, waterplane, drag in the current at its reference point's
 * depth) plus its held external load and the end load fend (a force at the joint, world; may be
 * NULL), the joint point and velocity into the end's posa/vela (posb/velb), and the condensed
 * W, J M^-1 f and velocity product. In waves, the bodies' loads in the sea (physics/body.h
 * hw_body_loads_sea: the kinematics at its reference point). *power receives the power its drag dissipates (>= 0).
 * Returns 0, or 1 when its mass matrix is not positive definite (a non-finite state). */
HW_HD int hw_rc_body6_prepare(const hw_rc_env *E, hw_rc_cable *C, int end, const double *fend, double *power)
{
    hw_rc_body6_end *bd = &C->body6[end];
    const hw_body_s *s = &bd->s;
    hw_v3 c = hw_quat_rotate(s->q, hw_rc_v3(bd->at));
    hw_v3 xj = hw_v3_add(s->r, c), vj = hw_v3_add(s->v, hw_v3_cross(s->w, c));
    double *x = end ? C->posb : C->posa, *v = end ? C->velb : C->vela;
    x[0] = xj.x; x[1] = xj.y; x[2] = xj.z;
    v[0] = vj.x; v[1] = vj.y; v[2] = vj.z;
    double dp = 0.0;
    hw_v6 f = hw_body_loads_sea(&bd->p, s, E->g, E->rho, hw_rc_current_at(E, s->r), &E->wav, E->t, &dp);
    *power = -dp;
    for (int r = 0; r < 6; r++) f.a[r] += bd->ext[r];
    if (fend) hw_body_add_force_at(&f, s->r, xj, hw_rc_v3(fend));
    for (int r = 0; r < 6; r++) bd->f[r] = f.a[r];
    hw_v3 a0, al0;
    if (hw_body_accel(&bd->p, s, E->rho, f, &a0, &al0)) return 1;
    hw_v3 ja = hw_v3_add(a0, hw_v3_cross(al0, c)); /* J_b (a0, alpha0); the block's side is -J_b */
    bd->jmf[0] = -ja.x; bd->jmf[1] = -ja.y; bd->jmf[2] = -ja.z;
    hw_m6 M = hw_body_mass6(&bd->p, s, E->rho);
    if (hw_m6_chol(&M)) return 1;
    double W[9];
    for (int i = 0; i < 3; i++) { /* column i: J_b M^-1 J_b^T e_i, J_b^T e = (e, c x e) */
        hw_v3 e = hw_v3_make(i == 0 ? 1.0 : 0.0, i == 1 ? 1.0 : 0.0, i == 2 ? 1.0 : 0.0), m = hw_v3_cross(c, e);
        hw_v6 rhs;
        rhs.a[0] = e.x; rhs.a[1] = e.y; rhs.a[2] = e.z; rhs.a[3] = m.x; rhs.a[4] = m.y; rhs.a[5] = m.z;
        hw_v6 y = hw_m6_chol_solve(&M, rhs);
        hw_v3 col = hw_v3_add(hw_v3_make(y.a[0], y.a[1], y.a[2]), hw_v3_cross(hw_v3_make(y.a[3], y.a[4], y.a[5]), c));
        W[i] = col.x; W[3 + i] = col.y; W[6 + i] = col.z;
    }
    bd->w[0] = W[0]; bd->w[1] = W[4]; bd->w[2] = W[8];
    bd->w[3] = 0.5 * (W[1] + W[3]); bd->w[4] = 0.5 * (W[2] + W[6]); bd->w[5] = 0.5 * (W[5] + W[7]);
    hw_v3 gm = hw_v3_cross(s->w, hw_v3_cross(s->w, c));
    bd->gam[0] = gm.x; bd->gam[1] = gm.y; bd->gam[2] = gm.z;
    return 0;
}

/* The 6-DOF body at end `end` after the solve: the cable pulls it with -lambda at the joint (the
 * end block's positional multipliers lam[0..2]); physics/body.h's accelerations under that and
 * the prepared loads, its semi-implicit Euler step, and the new joint point and velocity into the
 * end's posa/vela (posb/velb). Returns 0, or 1 when the mass matrix failed or the state is not
 * finite. */
HW_HD int hw_rc_body6_update(const hw_rc_env *E, hw_rc_cable *C, int end, const double *lam, double h)
{
    hw_rc_body6_end *bd = &C->body6[end];
    hw_body_s *s = &bd->s;
    hw_v3 c = hw_quat_rotate(s->q, hw_rc_v3(bd->at));
    hw_v6 f;
    for (int r = 0; r < 6; r++) f.a[r] = bd->f[r];
    hw_body_add_force_at(&f, s->r, hw_v3_add(s->r, c), hw_v3_make(-lam[0], -lam[1], -lam[2]));
    hw_v3 a, al;
    if (hw_body_accel(&bd->p, s, E->rho, f, &a, &al)) return 1;
    hw_body_advance(s, a, al, h);
    c = hw_quat_rotate(s->q, hw_rc_v3(bd->at));
    hw_v3 xj = hw_v3_add(s->r, c), vj = hw_v3_add(s->v, hw_v3_cross(s->w, c));
    double *x = end ? C->posb : C->posa, *v = end ? C->velb : C->vela;
    x[0] = xj.x; x[1] = xj.y; x[2] = xj.z;
    v[0] = vj.x; v[1] = vj.y; v[2] = vj.z;
    double chk = s->r.x + s->r.y + s->r.z + s->v.x + s->v.y + s->v.z + s->w.x + s->w.y + s->w.z + s->q.w;
    return !(chk - chk == 0.0);
}

/* One full step of one cable (sequential: the CPU backend's unit of work). blk and el are the
 * cable's own scratch. Returns the dissipated power (drag, seabed, relaxation, constraint
 * damping) at the start of the step. */
HW_HD double hw_rc_cable_step(const hw_rc_sys *S, const hw_rc_cable *C, double *blk, double *el,
                              double h, hw_rc_status *bad)
{
    double power = 0.0;
    for (int i = 0; i < C->n; i++) power += hw_rc_element_pass(S, C, i, el + (size_t)i * HW_RC_EL);
    power += hw_rc_cable_solve(S, C, blk, el, bad);
    if (bad->kind != HW_RC_OK) return power;
    for (int i = 0; i < C->n; i++)
        if (!hw_rc_element_update(S, C, i, blk, el, h) && bad->kind == HW_RC_OK) {
            bad->kind = HW_RC_BAD_NONFINITE; bad->where = i; bad->value = 0.0;
        }
    return power;
}

/* Axial force (> 0 in tension) at block k (0..n) of cable C from its multipliers (B: the block's
 * scratch), along the end element's axis at the ends and the mean axis of the two elements at a
 * joint. */
HW_HD double hw_rc_block_tension_of(const hw_rc_cable *C, const double *st, int ne, const double *B, int k)
{
    hw_v3 lam = hw_rc_v3(B + HW_RC_B_LAM), ax;
    double sgn = 1.0;
    if (k == 0) { hw_rc_body b = hw_rc_get_body(st, ne, C->e0); ax = hw_rc_axis(b.p); sgn = -1.0; }
    else if (k == C->n) { hw_rc_body b = hw_rc_get_body(st, ne, C->e0 + C->n - 1); ax = hw_rc_axis(b.p); }
    else {
        hw_rc_body b1 = hw_rc_get_body(st, ne, C->e0 + k - 1), b2 = hw_rc_get_body(st, ne, C->e0 + k);
        ax = hw_v3_add(hw_rc_axis(b1.p), hw_rc_axis(b2.p));
        double nn = hw_v3_norm(ax);
        ax = nn > 0 ? hw_v3_scale(ax, 1.0 / nn) : hw_rc_axis(b2.p);
    }
    return sgn * hw_v3_dot(lam, ax);
}

/* Energy parts of one cable at state st (docs/physics.md section 8). Constraint rows store
 * beta^2 g^2 / (2 eps) (the spring) plus gd^2 / (2 eps) (the regularization's inertia term: the
 * regularized multiplier is lambda = -(beta^2 g + 2 alpha gd + g'') / eps, so these two are what
 * lambda . gd exchanges with the bodies; with alpha = 0 their sum with kinetic and potential
 * energy is conserved). e[0] kinetic, e[1] gravity, e[2] axial, e[3] bending, e[4] torsion,
 * e[5] constraint rate, e[6] seabed. */
HW_HD void hw_rc_cable_energy(const hw_rc_sys *S, const hw_rc_cable *C, double *e)
{
    int ne = S->n_elems;
    double area = 0.25 * HW_PI * C->prop.d * C->prop.d;
    for (int i = 0; i < C->n; i++) {
        double l = hw_rc_elem_len(C, i).l, m = C->prop.mu * l;
        hw_rc_body b = hw_rc_get_body(S->st, ne, C->e0 + i);
        hw_v3 ax = hw_rc_axis(b.p);
        double za = b.x.z - 0.5 * l * ax.z, zb = b.x.z + 0.5 * l * ax.z;
        double lsub = hw_wet_fraction(za, zb, 0.0) * l;
        hw_m3s M = hw_node_mass(m, lsub > 0.0, S->env.rho, C->prop.d, lsub, C->prop.can, C->prop.cat, ax);
        double ma_n = lsub > 0.0 ? S->env.rho * area * lsub * C->prop.can : 0.0;
        hw_v3 I = hw_rc_inertia(m, 0.5 * C->prop.d, l, ma_n);
        e[0] += 0.5 * hw_v3_dot(b.v, hw_m3s_mul(M, b.v)) +
                0.5 * (I.x * b.w.x * b.w.x + I.y * b.w.y * b.w.y + I.z * b.w.z * b.w.z);
        /* buoyancy only below z = 0: the potential of the submerged part (constant density of
         * buoyancy along the element is approximated at the centre) */
        e[1] += (m - (b.x.z < 0.0 ? S->env.rho * area * l : 0.0)) * S->env.g * b.x.z;
        double p = -hw_rc_depth_at(&S->env, b.x.x, b.x.y) - b.x.z;
        if (p > 0.0) e[6] += 0.5 * S->env.kb * p * p * C->prop.d * l;
    }
    for (int end = 0; end < 2; end++) { /* bodies: as the elements, buoyancy by the centre's side */
        const hw_rc_body_end *bd = &C->body[end];
        if (!bd->on) continue;
        hw_v3 x = hw_rc_v3(end ? C->posb : C->posa), v = hw_rc_v3(end ? C->velb : C->vela);
        hw_point_loads P = hw_point_own_load(x, v, v, bd->mass, bd->vol, 0.0, bd->ca, S->env.rho, S->env.g);
        e[0] += 0.5 * hw_v3_dot(v, hw_m3s_mul(P.M, v)); /* its mass with added mass */
        e[1] += -P.f.z * x.z;                         /* weight less buoyancy (no drag: cda 0) */
    }
    for (int end = 0; end < 2; end++) { /* 6-DOF bodies: physics/body.h's energies */
        const hw_rc_body6_end *bd = &C->body6[end];
        if (!bd->on) continue;
        double ke, pe;
        hw_body_energy(&bd->p, &bd->s, S->env.g, S->env.rho, &ke, &pe);
        e[0] += ke;
        e[1] += pe;
    }
    for (int k = 0; k <= C->n; k++) {
        int mask;
        hw_rc_block kb = hw_rc_cable_block(C, S->st, ne, k, &mask);
        double ra[6], rb[6], re[6];
        hw_rc_row_params(C->alpha, C->beta, C->eps, hw_rc_block_share(C, k), ra, rb, re);
        for (int r = 0; r < 6; r++) {
            if (!hw_rc_row_on(mask, r)) continue;
            double sp = 0.5 * rb[r] * rb[r] * kb.g.a[r] * kb.g.a[r] / re[r];
            e[r < 3 ? 2 : r < 5 ? 3 : 4] += sp;
            e[5] += 0.5 * kb.gd.a[r] * kb.gd.a[r] / re[r];
        }
    }
}

#ifdef __cplusplus
extern "C" {
#endif
/* CPU backend (kernels/cpu/rigid_cpu.c): one step of every cable. Cables of fewer than
 * HW_RC_BCR_ROWS block rows (n + 1) are solved by block Thomas (hw_rc_cable_step), one cable per
 * thread; longer ones by the GPU's block cyclic reduction (kernels/rigid_bcr.h), threads over the
 * rows of each level (1.64x Thomas's instructions, 1.96x its time on one thread: worth it only
 * where free cores are, but the choice may not depend on the thread count, so it is a length). w: the step's workspace (zero it
 * before the first step; hw_rc_cpu_work_free releases it). blk: HW_RC_BLK * n_blocks, el:
 * HW_RC_EL * n_elems scratch; power[c] receives cable c's dissipated power. Returns the index of
 * the first failing cable (its status in *bad) or -1; results do not depend on hw_threads(). */
#define HW_RC_BCR_ROWS 1024
typedef struct hw_rc_cpu_work { void *mem; size_t cap; } hw_rc_cpu_work;
int hw_rc_cpu_step(const hw_rc_sys *S, hw_rc_cpu_work *w, double *blk, double *el, double h, double *power,
                   hw_rc_status *bad);
void hw_rc_cpu_work_free(hw_rc_cpu_work *w);

/* CUDA backend (kernels/cuda/rigid_cuda.cu): the same per-element and per-block bodies, one
 * thread each, and a parallel block cyclic reduction per cable for the block-tridiagonal
 * system. State and scratch stay on the device. Without nvcc hw_rc_cuda_compiled() is 0 and the
 * others fail (kernels/cpu/rigid_cpu.c holds the stubs). */
typedef struct hw_rc_gpu hw_rc_gpu;
int hw_rc_cuda_compiled(void);
/* Copies the system (cables and state) to the device. 0 on success, else msg says why. */
int hw_rc_cuda_create(const hw_rc_sys *S, hw_rc_gpu **out, char *msg, size_t msg_len);
void hw_rc_cuda_destroy(hw_rc_gpu *g);
/* Uploads the per-cable parameters (end inputs, winch, loads) of S->cab. */
int hw_rc_cuda_set_cables(hw_rc_gpu *g, const hw_rc_sys *S);
/* One step; as hw_rc_cpu_step (power per cable, first failing cable or -1). */
int hw_rc_cuda_step(hw_rc_gpu *g, double h, double *power, hw_rc_status *bad);
/* Copies the state (HW_RC_NS * n_elems) and block scratch (HW_RC_BLK * n_blocks) back. */
int hw_rc_cuda_download(hw_rc_gpu *g, double *st, double *blk);
/* A reel winch's split or merge of cable c on the device (kernels/rigid_reel.h), without the
 * state leaving it: S holds the cables after the event (entries, n_elems, n_blocks), old the
 * cable's entry before it. Plans from the device state, re-lays state and blocks by the shared
 * index map, writes the new bodies and solves the constraints at the current state (S->env.t).
 * 0 or -1. */
int hw_rc_cuda_reel_event(hw_rc_gpu *g, const hw_rc_sys *S, int c, const hw_rc_cable *old, int end,
                          double l_nom, const double w[3], int kind);
/* The axial tension at block k of cable c from the device's state and last solve (one number
 * copied back). 0 or -1. */
int hw_rc_cuda_block_tension(hw_rc_gpu *g, int c, int k, double *t);
/* The 6 multipliers of block q (global index) from the device's last solve (6 numbers copied
 * back): a body end's pull. 0 or -1. */
int hw_rc_cuda_block_lambda(hw_rc_gpu *g, int q, double *lam);
#ifdef __cplusplus
}
#endif
#endif
