/* Rigid-cylinder cable with compliant Baumgarte constraints (docs/physics.md section 5), per element
 * and per constraint block. Shared by gcc and nvcc.
 *
 * Body i: centre x, velocity v (world), orientation p (local z along the cylinder), body angular
 * velocity w. Length l, end points a = x - R(p) e, b = x + R(p) e, e = (0, 0, l/2).
 *
 * A constraint block has 6 rows: 3 positional (g = b_i - a_j at a joint, a_0 - posA, b_{N-1} -
 * posB at the ends) and 3 angular (g = vec(conj(p_i) p_j) with a non-negative scalar part; x, y
 * bending, z torsion, in the body frame of i). Its Jacobian with respect to one body's velocity
 * (v, w) is a "side": rows 0-2 = sig I v + B w, rows 3-5 = C w. A block couples the body before
 * it (side L) and the body after it (side R); block 0 (end A) has only R, block N (end B) only L.
 *
 * Compliances per row (the factor that makes the statics follow EA, EI, GJ exactly as
 * E A = beta_N^2 L/(eps_N N), E I = beta_M^2 L/(2 eps_M N), G J = beta_T^2 L/(2 eps_T N)):
 *   joint positional eps_N; joint angular eps_M/2, eps_M/2, eps_T/2 (the Jacobian of vec(q) is
 *   about I/2, so a row compliance eps/2 gives the moment beta^2/eps sin(theta/2) cos(theta/2),
 *   i.e. the seed's beta^2/eps sin(theta/2) to first order); an end row spans half an element,
 *   so it gets half the joint's compliance (twice the stiffness). See docs/rigid.md. */
#ifndef HW_PHYSICS_RIGID_H
#define HW_PHYSICS_RIGID_H
#include "hd.h"
#include "quat.h"
#include "block6.h"
#include "hydro.h"
#include "seabed.h"
#include "point.h"
#include "waves.h"

typedef struct hw_rc_body { hw_v3 x, v; hw_quat p; hw_v3 w; } hw_rc_body;
/* An element's length and its first two time derivatives (a winch changes them). */
typedef struct hw_rc_len { double l, ld, ldd; } hw_rc_len;
HW_HD hw_rc_len hw_rc_len_make(double l, double ld, double ldd)
{
    hw_rc_len r; r.l = l; r.ld = ld; r.ldd = ldd; return r;
}
typedef struct hw_rc_side { double sig; hw_m3 B, C; } hw_rc_side;
/* One constraint block evaluated at a state: error, its rate, the velocity-product term
 * dJ/dt u, and the two Jacobian sides. */
typedef struct hw_rc_block { hw_v6 g, gd, gam; hw_rc_side L, R; } hw_rc_block;

enum { HW_RC_ROWS_POS = 1, HW_RC_ROWS_BEND = 2, HW_RC_ROWS_TORS = 4 };

HW_HD hw_rc_side hw_rc_side_zero(void)
{
    hw_rc_side s; s.sig = 0.0; s.B = hw_m3_zero(); s.C = hw_m3_zero(); return s;
}
HW_HD hw_rc_block hw_rc_block_zero(void)
{
    hw_rc_block k;
    k.g = hw_v6_zero(); k.gd = hw_v6_zero(); k.gam = hw_v6_zero();
    k.L = hw_rc_side_zero(); k.R = hw_rc_side_zero();
    return k;
}
HW_HD void hw_v6_set3(hw_v6 *v, int off, hw_v3 a) { v->a[off] = a.x; v->a[off + 1] = a.y; v->a[off + 2] = a.z; }
HW_HD hw_v3 hw_v6_get3(const hw_v6 *v, int off) { return hw_v3_make(v->a[off], v->a[off + 1], v->a[off + 2]); }

/* Solid-cylinder inertia about the centre: I_zz = m r^2 / 2, I_xx = I_yy = m (3 r^2 + l^2) / 12,
 * plus the added inertia ma_n l^2 / 12 of the normal added mass ma_n about the transverse axes. */
HW_HD hw_v3 hw_rc_inertia(double m, double r, double l, double ma_n)
{
    double ixx = m * (3.0 * r * r + l * l) / 12.0 + ma_n * l * l / 12.0;
    return hw_v3_make(ixx, ixx, 0.5 * m * r * r);
}
HW_HD hw_v3 hw_rc_axis(hw_quat p) { return hw_quat_rotate(p, hw_v3_make(0.0, 0.0, 1.0)); }
HW_HD hw_v3 hw_rc_end_a(const hw_rc_body *b, double l) { return hw_v3_sub(b->x, hw_v3_scale(hw_rc_axis(b->p), 0.5 * l)); }
HW_HD hw_v3 hw_rc_end_b(const hw_rc_body *b, double l) { return hw_v3_add(b->x, hw_v3_scale(hw_rc_axis(b->p), 0.5 * l)); }

/* Velocity of the end point at +s along the axis (s = +l/2: b, -l/2: a) including the rescale
 * rate of the element length: d/dt (x + R (0,0,s)) with ds/dt = +-ldot/2. */
HW_HD hw_v3 hw_rc_end_vel(const hw_rc_body *b, double s, double sdot)
{
    hw_v3 e = hw_v3_make(0.0, 0.0, s);
    hw_v3 r = hw_quat_rotate(b->p, hw_v3_add(hw_v3_cross(b->w, e), hw_v3_make(0.0, 0.0, sdot)));
    return hw_v3_add(b->v, r);
}
/* Velocity-product part of the end point's acceleration, with the length's second derivative:
 * R (w x (w x e) + 2 w x (0,0,sdot) + (0,0,sddot)). */
HW_HD hw_v3 hw_rc_end_gam(const hw_rc_body *b, double s, double sdot, double sddot)
{
    hw_v3 e = hw_v3_make(0.0, 0.0, s);
    hw_v3 c = hw_v3_add(hw_v3_cross(b->w, hw_v3_cross(b->w, e)),
                        hw_v3_scale(hw_v3_cross(b->w, hw_v3_make(0.0, 0.0, sdot)), 2.0));
    c.z += sddot;
    return hw_quat_rotate(b->p, c);
}
/* d(end point)/dw = -R [e]x, e = (0,0,s). */
HW_HD hw_m3 hw_rc_end_jw(hw_quat p, double s)
{
    hw_m3 R;
    hw_v3 ex = hw_quat_rotate(p, hw_v3_make(1, 0, 0)), ey = hw_quat_rotate(p, hw_v3_make(0, 1, 0));
    hw_v3 ez = hw_quat_rotate(p, hw_v3_make(0, 0, 1));
    R.a[0] = ex.x; R.a[1] = ey.x; R.a[2] = ez.x;
    R.a[3] = ex.y; R.a[4] = ey.y; R.a[5] = ez.y;
    R.a[6] = ex.z; R.a[7] = ey.z; R.a[8] = ez.z;
    return hw_m3_scale(hw_m3_mul(R, hw_m3_skew(hw_v3_make(0.0, 0.0, s))), -1.0);
}

/* Angular rows of a relative rotation q = conj(p_i) p_j (scalar part >= 0), with body angular
 * velocities wi (may be zero for a clamp on side i) and wj:
 *   dq/dt = -1/2 (0,wi) q + 1/2 q (0,wj)
 *   d vec(q)/dt = Ci wi + Cj wj,  Ci = -1/2 (s I - [u]x),  Cj = 1/2 (s I + [u]x)
 *   velocity-product term gam = vec(-1/2 (0,wi) dq/dt + 1/2 dq/dt (0,wj)). */
HW_HD void hw_rc_ang_rows(hw_quat q, hw_v3 wi, hw_v3 wj, hw_v3 *g, hw_v3 *gd, hw_v3 *gam,
                          hw_m3 *Ci, hw_m3 *Cj)
{
    hw_v3 u = hw_quat_vec(q);
    hw_m3 sI = hw_m3_diag(q.w, q.w, q.w), ux = hw_m3_skew(u);
    *Ci = hw_m3_scale(hw_m3_add(sI, hw_m3_scale(ux, -1.0)), -0.5);
    *Cj = hw_m3_scale(hw_m3_add(sI, ux), 0.5);
    hw_quat a = hw_quat_mul(hw_quat_pure(wi), q), b = hw_quat_mul(q, hw_quat_pure(wj));
    hw_quat qd = hw_quat_make(0.5 * (b.w - a.w), 0.5 * (b.x - a.x), 0.5 * (b.y - a.y), 0.5 * (b.z - a.z));
    hw_quat c = hw_quat_mul(hw_quat_pure(wi), qd), d = hw_quat_mul(qd, hw_quat_pure(wj));
    *g = u;
    *gd = hw_quat_vec(qd);
    *gam = hw_v3_make(0.5 * (d.x - c.x), 0.5 * (d.y - c.y), 0.5 * (d.z - c.z));
}

/* Joint between body i (length Li) and body j = i + 1 (Lj): all 6 rows. */
HW_HD hw_rc_block hw_rc_joint(const hw_rc_body *bi, hw_rc_len Li, const hw_rc_body *bj, hw_rc_len Lj)
{
    hw_rc_block k = hw_rc_block_zero();
    double si = 0.5 * Li.l, sdi = 0.5 * Li.ld, sj = 0.5 * Lj.l, sdj = 0.5 * Lj.ld;
    hw_v3 g = hw_v3_sub(hw_rc_end_b(bi, Li.l), hw_rc_end_a(bj, Lj.l));
    hw_v3 gd = hw_v3_sub(hw_rc_end_vel(bi, si, sdi), hw_rc_end_vel(bj, -sj, -sdj));
    hw_v3 gam = hw_v3_sub(hw_rc_end_gam(bi, si, sdi, 0.5 * Li.ldd), hw_rc_end_gam(bj, -sj, -sdj, -0.5 * Lj.ldd));
    hw_v6_set3(&k.g, 0, g); hw_v6_set3(&k.gd, 0, gd); hw_v6_set3(&k.gam, 0, gam);
    k.L.sig = 1.0; k.L.B = hw_rc_end_jw(bi->p, si);
    k.R.sig = -1.0; k.R.B = hw_m3_scale(hw_rc_end_jw(bj->p, -sj), -1.0);
    hw_v3 ga, gda, gama;
    hw_rc_ang_rows(hw_quat_rel(bi->p, bj->p), bi->w, bj->w, &ga, &gda, &gama, &k.L.C, &k.R.C);
    hw_v6_set3(&k.g, 3, ga); hw_v6_set3(&k.gd, 3, gda); hw_v6_set3(&k.gam, 3, gama);
    return k;
}

/* End A of body b0: positional rows a_0 - posA (velocity velA), angular rows vec(conj(qA) p_0)
 * of a clamp at orientation qA (at rest). Only side R is set. */
HW_HD hw_rc_block hw_rc_end_block_a(const hw_rc_body *b0, hw_rc_len L, hw_v3 posA, hw_v3 velA,
                                    hw_quat qA)
{
    hw_rc_block k = hw_rc_block_zero();
    double s = -0.5 * L.l, sd = -0.5 * L.ld;
    hw_v6_set3(&k.g, 0, hw_v3_sub(hw_rc_end_a(b0, L.l), posA));
    hw_v6_set3(&k.gd, 0, hw_v3_sub(hw_rc_end_vel(b0, s, sd), velA));
    hw_v6_set3(&k.gam, 0, hw_rc_end_gam(b0, s, sd, -0.5 * L.ldd));
    k.R.sig = 1.0; k.R.B = hw_rc_end_jw(b0->p, s);
    hw_v3 ga, gda, gama;
    hw_m3 Cclamp;
    hw_rc_ang_rows(hw_quat_rel(qA, b0->p), hw_v3_zero(), b0->w, &ga, &gda, &gama, &Cclamp, &k.R.C);
    hw_v6_set3(&k.g, 3, ga); hw_v6_set3(&k.gd, 3, gda); hw_v6_set3(&k.gam, 3, gama);
    return k;
}
/* End B of the last body: b_{N-1} - posB and vec(conj(p_{N-1}) qB). Only side L is set. */
HW_HD hw_rc_block hw_rc_end_block_b(const hw_rc_body *bn, hw_rc_len L, hw_v3 posB, hw_v3 velB,
                                    hw_quat qB)
{
    hw_rc_block k = hw_rc_block_zero();
    double s = 0.5 * L.l, sd = 0.5 * L.ld;
    hw_v6_set3(&k.g, 0, hw_v3_sub(hw_rc_end_b(bn, L.l), posB));
    hw_v6_set3(&k.gd, 0, hw_v3_sub(hw_rc_end_vel(bn, s, sd), velB));
    hw_v6_set3(&k.gam, 0, hw_rc_end_gam(bn, s, sd, 0.5 * L.ldd));
    k.L.sig = 1.0; k.L.B = hw_rc_end_jw(bn->p, s);
    hw_v3 ga, gda, gama;
    hw_m3 Cclamp;
    hw_rc_ang_rows(hw_quat_rel(bn->p, qB), bn->w, hw_v3_zero(), &ga, &gda, &gama, &k.L.C, &Cclamp);
    hw_v6_set3(&k.g, 3, ga); hw_v6_set3(&k.gd, 3, gda); hw_v6_set3(&k.gam, 3, gama);
    return k;
}

/* Zeroes the Jacobian rows of inactive rows (mask of HW_RC_ROWS_*), so they decouple. */
HW_HD void hw_rc_side_mask(hw_rc_side *s, int mask)
{
    if (!(mask & HW_RC_ROWS_POS)) { s->sig = 0.0; s->B = hw_m3_zero(); }
    for (int r = 0; r < 3; r++) {
        int on = r < 2 ? (mask & HW_RC_ROWS_BEND) : (mask & HW_RC_ROWS_TORS);
        if (!on) { s->C.a[3 * r] = 0.0; s->C.a[3 * r + 1] = 0.0; s->C.a[3 * r + 2] = 0.0; }
    }
}
HW_HD int hw_rc_row_on(int mask, int r)
{
    return r < 3 ? (mask & HW_RC_ROWS_POS) != 0 : r < 5 ? (mask & HW_RC_ROWS_BEND) != 0
                                                        : (mask & HW_RC_ROWS_TORS) != 0;
}

/* J1 M^-1 J2^T for two sides acting on the same body (translational inverse mass Mi, world;
 * inverse body inertia diag ir):  [[s1 s2 Mi + B1 Ir B2^T, B1 Ir C2^T], [C1 Ir B2^T, C1 Ir C2^T]]. */
HW_HD hw_m6 hw_rc_jmj(const hw_rc_side *s1, const hw_rc_side *s2, hw_m3s Mi, hw_v3 ir)
{
    hw_m6 r = hw_m6_zero();
    hw_m3 tt = hw_m3_add(hw_m3_scale(hw_m3_from_sym(Mi), s1->sig * s2->sig), hw_m3_adbt(s1->B, ir, s2->B));
    hw_m6_add3(&r, 0, 0, tt);
    hw_m6_add3(&r, 0, 1, hw_m3_adbt(s1->B, ir, s2->C));
    hw_m6_add3(&r, 1, 0, hw_m3_adbt(s1->C, ir, s2->B));
    hw_m6_add3(&r, 1, 1, hw_m3_adbt(s1->C, ir, s2->C));
    return r;
}
/* A += J1 M^-1 J2^T, the same product as hw_rc_jmj accumulated in place: row i of
 * [B1; C1] diag(ir) dotted with row j of [B2; C2], plus s1 s2 Mi on the positional block.
 * sym != 0 (s1 == s2) computes the lower triangle and mirrors it. */
HW_HD void hw_rc_jmj_acc(hw_m6 *A, const hw_rc_side *s1, const hw_rc_side *s2, hw_m3s Mi, hw_v3 ir, int sym)
{
    double x[18], y[18];
    for (int r = 0; r < 3; r++) {
        x[3 * r] = s1->B.a[3 * r] * ir.x; x[3 * r + 1] = s1->B.a[3 * r + 1] * ir.y; x[3 * r + 2] = s1->B.a[3 * r + 2] * ir.z;
        x[9 + 3 * r] = s1->C.a[3 * r] * ir.x; x[9 + 3 * r + 1] = s1->C.a[3 * r + 1] * ir.y; x[9 + 3 * r + 2] = s1->C.a[3 * r + 2] * ir.z;
        for (int c = 0; c < 3; c++) { y[3 * r + c] = s2->B.a[3 * r + c]; y[9 + 3 * r + c] = s2->C.a[3 * r + c]; }
    }
    double ss = s1->sig * s2->sig;
    double mt[9];
    mt[0] = Mi.xx; mt[1] = Mi.xy; mt[2] = Mi.xz; mt[3] = Mi.xy; mt[4] = Mi.yy; mt[5] = Mi.yz;
    mt[6] = Mi.xz; mt[7] = Mi.yz; mt[8] = Mi.zz;
    for (int i = 0; i < 6; i++) {
        int jn = sym ? i + 1 : 6;
        for (int j = 0; j < jn; j++) {
            double v = x[3 * i] * y[3 * j] + x[3 * i + 1] * y[3 * j + 1] + x[3 * i + 2] * y[3 * j + 2];
            if (i < 3 && j < 3) v += ss * mt[3 * i + j];
            A->a[6 * i + j] += v;
            if (sym && j < i) A->a[6 * j + i] += v;
        }
    }
}

/* J M^-1 (f, tau) for one side (f world, tau body). */
HW_HD hw_v6 hw_rc_jmf(const hw_rc_side *s, hw_m3s Mi, hw_v3 ir, hw_v3 f, hw_v3 tau)
{
    hw_v3 a = hw_m3s_mul(Mi, f);
    hw_v3 al = hw_v3_make(ir.x * tau.x, ir.y * tau.y, ir.z * tau.z);
    hw_v6 r;
    hw_v6_set3(&r, 0, hw_v3_add(hw_v3_scale(a, s->sig), hw_m3_mulv(s->B, al)));
    hw_v6_set3(&r, 3, hw_m3_mulv(s->C, al));
    return r;
}
/* J^T lambda for one side: force (world) and torque (body) on the body. */
HW_HD void hw_rc_jt(const hw_rc_side *s, const double *lam, hw_v3 *f, hw_v3 *tau)
{
    hw_v3 ln = hw_v3_make(lam[0], lam[1], lam[2]), la = hw_v3_make(lam[3], lam[4], lam[5]);
    *f = hw_v3_add(*f, hw_v3_scale(ln, s->sig));
    *tau = hw_v3_add(*tau, hw_v3_add(hw_m3_tmulv(s->B, ln), hw_m3_tmulv(s->C, la)));
}

/* Row parameters of a block: alpha, beta, compliance per row, from the families N, M, T
 * (alpha[3], beta[3], eps[3], eps for the element length l) and the block's share f of cable
 * it spans in units of l: half of each element it joins, (l_before + l_after) / (2 l), so 1 at a
 * joint of equal elements and 0.5 at an end (half-element compliance). */
HW_HD void hw_rc_row_params(const double *alpha, const double *beta, const double *eps, double f,
                            double *ra, double *rb, double *re)
{
    for (int r = 0; r < 6; r++) {
        int fam = r < 3 ? 0 : r < 5 ? 1 : 2;
        ra[r] = alpha[fam];
        rb[r] = beta[fam];
        re[r] = eps[fam] * f * (r < 3 ? 1.0 : 0.5);
    }
}

/* Per-element external loads (docs/physics.md sections 4, 5: weight, buoyancy of the submerged part,
 * Morison drag with the cylinder axis as tangent, added mass, seabed contact at the centre, a
 * mass-proportional relaxation damping c, and the gyroscopic term; in waves (section 10, "Rigid
 * cylinders in waves") the submerged part is measured to the instantaneous surface and the fluid's
 * velocity and acceleration enter the drag and the fluid-acceleration force). */
typedef struct hw_rc_env {
    double g, rho, depth, kb, cb, vf;
    hw_v3 cur;         /* uniform current, when there is no profile */
    hw_cur_grid cg;    /* a current on a grid (hydro.h hw_current_grid; cg.nz = 0: none), looked up
                          at the element's centre and the time t */
    double t;          /* the step's start: the current profile's and the waves' time */
    hw_wave_field wav; /* the sea state (physics/waves.h; n = 0: still water, the path without
                          waves). Its arrays are host memory on the CPU, device memory on the GPU */
    double eta_max;    /* a bound on |eta|: the sum of the component amplitudes (m) */
    int bnx, bny;      /* a bathymetry (physics/seabed.h hw_bathy_depth; bnx = 0: the flat seabed
                          at -depth), looked up under the element's centre */
    const double *bx, *by, *bd;
} hw_rc_env;

/* The seabed's depth under (x, y): flat, or the bathymetry's there. */
HW_HD double hw_rc_depth_at(const hw_rc_env *E, double x, double y)
{
    return E->bnx > 0 ? hw_bathy_depth(E->bx, E->bnx, E->by, E->bny, E->bd, x, y) : E->depth;
}
typedef struct hw_rc_prop {
    double mu, d, cdn, cdt, can, cat, mus, relax;
} hw_rc_prop;
typedef struct hw_rc_loads {
    hw_v3 f, tau;     /* force (world), torque (body frame) */
    hw_m3s mi;        /* inverse translational mass (with added mass), world */
    hw_v3 ir;         /* inverse body inertia (diagonal) */
    double power;     /* power dissipated by drag, seabed and relaxation damping (>= 0) */
} hw_rc_loads;

/* The current at x and the environment's time: the grid's if there is one, else the uniform
 * current. */
HW_HD hw_v3 hw_rc_current_at(const hw_rc_env *E, hw_v3 x)
{
    if (E->cg.nz <= 0) return E->cur;
    return hw_current_grid(&E->cg, hw_current_when(&E->cg, E->t), x.x, x.y, x.z);
}

/* The sea at an element in waves (E->wav.n > 0) with centre x, unit axis ax and length l: the
 * fraction of its length under the instantaneous surface (its end heights above the surface
 * elevation over each end, linear between them) and the fluid's velocity and local acceleration
 * (physics/waves.h hw_wave_eval, Wheeler stretching, no fluid above the surface) at the centre of
 * that wet part: the element's centre when it is wholly under the surface, else the middle of
 * the wet stretch from its lower end. Direct summation over the components at each element: a
 * rigid cable has few elements (the lumped lines sample theirs in time instead). An element with
 * both ends below -eta_max is wholly wet and one with both above eta_max dry without the ends'
 * elevations (the same result: a kinematics sum at the centre, or none). */
typedef struct hw_rc_sea { double frac; hw_v3 u, a; } hw_rc_sea;
HW_HD hw_rc_sea hw_rc_element_sea(const hw_rc_env *E, hw_v3 x, hw_v3 ax, double l)
{
    const hw_wave_field *W = &E->wav;
    hw_v3 pa = hw_v3_sub(x, hw_v3_scale(ax, 0.5 * l)), pb = hw_v3_add(x, hw_v3_scale(ax, 0.5 * l));
    hw_rc_sea S;
    S.u = hw_v3_zero();
    S.a = hw_v3_zero();
    double zlo = pa.z < pb.z ? pa.z : pb.z, zhi = pa.z < pb.z ? pb.z : pa.z;
    double da = -1.0, db = -1.0; /* wholly under any surface */
    if (zhi > E->eta_max) { da = 1.0; db = 1.0; } /* above any surface: dry unless the lower end is low */
    if (zhi >= -E->eta_max && zlo <= E->eta_max) { /* the surface may cross: the ends' elevations */
        da = pa.z - hw_wave_eta(W, pa.x, pa.y, E->t);
        db = pb.z - hw_wave_eta(W, pb.x, pb.y, E->t);
    }
    S.frac = hw_wet_fraction(da, db, 0.0);
    if (!(S.frac > 0.0)) return S;
    hw_v3 c = x;
    if (S.frac < 1.0) {
        hw_v3 lo = da <= db ? pa : pb, hi = da <= db ? pb : pa;
        c = hw_v3_add(lo, hw_v3_scale(hw_v3_sub(hi, lo), 0.5 * S.frac));
    }
    hw_wave_kin K = hw_wave_eval(W, c, E->t);
    S.u = K.u;
    S.a = K.a;
    return S;
}

HW_HD hw_rc_loads hw_rc_element_loads(const hw_rc_body *b, double l, const hw_rc_env *E,
                                      const hw_rc_prop *P)
{
    hw_rc_loads L;
    double m = P->mu * l, area = 0.25 * HW_PI * P->d * P->d;
    hw_v3 ax = hw_rc_axis(b->p);
    int waves = E->wav.n > 0;
    hw_rc_sea sea;
    if (waves) sea = hw_rc_element_sea(E, b->x, ax, l);
    else {
        sea.frac = hw_wet_fraction(b->x.z - 0.5 * l * ax.z, b->x.z + 0.5 * l * ax.z, 0.0);
        sea.u = hw_v3_zero();
        sea.a = hw_v3_zero();
    }
    double lsub = sea.frac * l;
    hw_v3 f = hw_v3_make(0.0, 0.0, -(m - E->rho * area * lsub) * E->g);
    double power = 0.0;
    if (lsub > 0.0 && E->rho > 0.0) {
        hw_v3 u = hw_v3_sub(hw_rc_current_at(E, b->x), b->v);
        if (waves) { /* current plus waves; the fluid's acceleration on the wet volume */
            u = hw_v3_add(u, sea.u);
            f = hw_v3_add(f, hw_fluid_inertia(sea.a, ax, E->rho, area * lsub, P->can, P->cat));
        }
        hw_v3 fd = hw_morison_drag(u, ax, E->rho, P->d, lsub, P->cdn, P->cdt);
        f = hw_v3_add(f, fd);
        power -= hw_v3_dot(fd, b->v);
    }
    hw_seabed_result sb = hw_seabed_contact(b->x, b->v, hw_rc_depth_at(E, b->x.x, b->x.y), E->kb, E->cb, E->vf, P->mus, P->d, l);
    f = hw_v3_add(f, sb.f);
    power += sb.power;
    hw_m3s M = hw_node_mass(m, lsub > 0.0, E->rho, P->d, lsub, P->can, P->cat, ax);
    double ma_n = lsub > 0.0 ? E->rho * area * lsub * P->can : 0.0;
    hw_v3 I = hw_rc_inertia(m, 0.5 * P->d, l, ma_n);
    hw_v3 Iw = hw_v3_make(I.x * b->w.x, I.y * b->w.y, I.z * b->w.z);
    hw_v3 tau = hw_v3_scale(hw_v3_cross(b->w, Iw), -1.0);
    if (P->relax > 0.0) {
        f = hw_v3_sub(f, hw_v3_scale(b->v, P->relax * m));
        tau = hw_v3_sub(tau, hw_v3_scale(Iw, P->relax));
        power += P->relax * (m * hw_v3_dot(b->v, b->v) + hw_v3_dot(Iw, b->w));
    }
    L.f = f; L.tau = tau;
    L.mi = hw_m3s_inv(M);
    L.ir = hw_v3_make(1.0 / I.x, 1.0 / I.y, 1.0 / I.z);
    L.power = power;
    return L;
}
#endif
