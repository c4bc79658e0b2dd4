/* A 6-DOF rigid body (docs/physics.md section 9; MoorDyn's Body): mass and inertia about a centre
 * of gravity offset from the body's reference point, buoyancy at a centre of buoyancy, hydrostatic
 * restoring of a surface-piercing body from its waterplane, drag and added mass per body axis, and
 * loads from the cables attached at body-fixed points. Written once, for gcc and nvcc (hd.h).
 *
 * State, world frame: r the reference point, q the orientation (body -> world, quat.h), v the
 * reference point's velocity, w the angular velocity. With c = R cg the CG offset and
 * I_ref = I_cg + m (|c|^2 1 - c c^T) the inertia about the reference point (world axes), the
 * Newton-Euler equations about the (moving) reference point are
 *   [ m 1 + A_t   -m [c]x     ] [ a     ]   [ F     - m w x (w x c) ]
 *   [ m [c]x      I_ref + A_r ] [ alpha ] = [ M_ref - w x (I_ref w) ]
 * (A_t, A_r: the added mass and added inertia, body-axis diagonals rotated to world; F, M_ref the
 * external force and its moment about the reference point). The 6x6 matrix is symmetric positive
 * definite and is solved by Cholesky (block6.h).
 *
 * Hydrostatics: the buoyancy rho g volume acts upward at the centre of buoyancy (it turns with the
 * body). A surface-piercing body (awp > 0) has its reference point on its waterplane: a heave z of
 * the reference point changes the displaced volume by -awp z (force at the reference point), and a
 * tilt gives the waterplane moment of the potential
 *   U_wp = rho g / 2 (iwp_x n_y^2 + iwp_y n_x^2),   n = R^T e_z (the world vertical in body axes),
 * i.e. -rho g iwp_x phi for a small roll phi (the rho g V z_B and -m g z_G parts of the metacentric
 * stiffness come from the buoyancy at CB and the weight at CG). A body with awp = 0 keeps its whole
 * volume (a submerged body). */
#ifndef HW_PHYSICS_BODY_H
#define HW_PHYSICS_BODY_H
#include "hd.h"
#include "quat.h"
#include "block6.h"
#include "waves.h"

typedef struct hw_body_p {
    double m;        /* mass, kg */
    hw_v3 cg, cb;    /* centres of gravity and buoyancy, body frame from the reference point */
    hw_m3s inertia;  /* about the CG, body axes */
    double volume;   /* displaced volume (at z_ref = 0 for a surface-piercing body), m^3 */
    double awp;      /* waterplane area, m^2 (0: submerged body) */
    double iwp[2];   /* waterplane second moments about the body x and y axes through the
                        reference point, m^4 */
    double cda[6];   /* drag: Cd A per body axis (m^2), then rotational Cd A r^3 (m^5) */
    double ca[6];    /* added mass coefficients on rho volume per body axis, then the rotational
                        added inertia per body axis (kg m^2) */
} hw_body_p;

typedef struct hw_body_s {
    hw_v3 r;     /* reference point, m */
    hw_quat q;   /* orientation */
    hw_v3 v;     /* reference point velocity, m/s */
    hw_v3 w;     /* angular velocity, rad/s, world axes */
} hw_body_s;

/* R(q) as a matrix. */
HW_HD hw_m3 hw_quat_matrix(hw_quat q)
{
    hw_m3 m;
    double w = q.w, x = q.x, y = q.y, z = q.z;
    m.a[0] = 1.0 - 2.0 * (y * y + z * z); m.a[1] = 2.0 * (x * y - w * z); m.a[2] = 2.0 * (x * z + w * y);
    m.a[3] = 2.0 * (x * y + w * z); m.a[4] = 1.0 - 2.0 * (x * x + z * z); m.a[5] = 2.0 * (y * z - w * x);
    m.a[6] = 2.0 * (x * z - w * y); m.a[7] = 2.0 * (y * z + w * x); m.a[8] = 1.0 - 2.0 * (x * x + y * y);
    return m;
}

/* Roll, pitch, yaw (rad) to the orientation R = Rz(yaw) Ry(pitch) Rx(roll) (the usual ship
 * convention; MoorDyn v2 composes its r0 p0 y0 as Rx Ry Rz, converted by the deck reader), and back
 * (pitch in [-pi/2, pi/2]). */
HW_HD hw_quat hw_quat_from_rpy(double roll, double pitch, double yaw)
{
    double cr = cos(0.5 * roll), sr = sin(0.5 * roll), cp = cos(0.5 * pitch), sp = sin(0.5 * pitch);
    double cy = cos(0.5 * yaw), sy = sin(0.5 * yaw);
    return hw_quat_make(cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy,
                        cr * sp * cy + sr * cp * sy, cr * cp * sy - sr * sp * cy);
}
HW_HD hw_v3 hw_quat_to_rpy(hw_quat q)
{
    double sp = 2.0 * (q.w * q.y - q.z * q.x);
    sp = sp > 1.0 ? 1.0 : (sp < -1.0 ? -1.0 : sp);
    return hw_v3_make(atan2(2.0 * (q.w * q.x + q.y * q.z), 1.0 - 2.0 * (q.x * q.x + q.y * q.y)), asin(sp),
                      atan2(2.0 * (q.w * q.z + q.x * q.y), 1.0 - 2.0 * (q.y * q.y + q.z * q.z)));
}
/* World angular velocity of the roll-pitch-yaw angles changing at the given rates:
 * w = yaw' e_z + pitch' Rz e_y + roll' Rz Ry e_x. */
HW_HD hw_v3 hw_rpy_rate_to_w(hw_v3 rpy, hw_v3 rate)
{
    double cp = cos(rpy.y), sp = sin(rpy.y), cy = cos(rpy.z), sy = sin(rpy.z);
    return hw_v3_make(rate.x * cp * cy - rate.y * sy, rate.x * cp * sy + rate.y * cy, rate.z - rate.x * sp);
}

/* A body-fixed point at (body frame) offset `at`: world position and velocity. */
HW_HD hw_v3 hw_body_point(const hw_body_s *s, hw_v3 at) { return hw_v3_add(s->r, hw_quat_rotate(s->q, at)); }
HW_HD hw_v3 hw_body_point_vel(const hw_body_s *s, hw_v3 at)
{
    return hw_v3_add(s->v, hw_v3_cross(s->w, hw_quat_rotate(s->q, at)));
}

/* Inertia about the reference point, world axes (without added inertia). */
HW_HD hw_m3 hw_body_inertia_ref(const hw_body_p *p, const hw_body_s *s)
{
    hw_m3 R = hw_quat_matrix(s->q);
    hw_m3 I = hw_m3_mul(hw_m3_mul(R, hw_m3_from_sym(p->inertia)), hw_m3_transpose(R));
    hw_v3 c = hw_quat_rotate(s->q, p->cg);
    double cc = hw_v3_dot(c, c), ca[3] = {c.x, c.y, c.z};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) I.a[3 * i + j] += p->m * ((i == j ? cc : 0.0) - ca[i] * ca[j]);
    return I;
}

/* The generalized mass about the reference point, world axes, added mass included (rho: water
 * density). */
HW_HD hw_m6 hw_body_mass6(const hw_body_p *p, const hw_body_s *s, double rho)
{
    hw_m3 R = hw_quat_matrix(s->q);
    hw_v3 c = hw_quat_rotate(s->q, p->cg);
    hw_v3 at = hw_v3_make(p->ca[0] * rho * p->volume, p->ca[1] * rho * p->volume, p->ca[2] * rho * p->volume);
    hw_v3 ar = hw_v3_make(p->ca[3], p->ca[4], p->ca[5]);
    hw_m3 mt = hw_m3_add(hw_m3_diag(p->m, p->m, p->m), hw_m3_adbt(R, at, R));
    hw_m3 mr = hw_m3_add(hw_body_inertia_ref(p, s), hw_m3_adbt(R, ar, R));
    hw_m3 mc = hw_m3_scale(hw_m3_skew(c), p->m);
    hw_m6 M = hw_m6_zero();
    hw_m6_add3(&M, 0, 0, mt);
    hw_m6_add3(&M, 0, 1, hw_m3_scale(mc, -1.0));
    hw_m6_add3(&M, 1, 0, mc);
    hw_m6_add3(&M, 1, 1, mr);
    return M;
}

/* Adds a force F (world) acting at the world point x to the generalized force about r. */
HW_HD void hw_body_add_force_at(hw_v6 *f, hw_v3 r, hw_v3 x, hw_v3 F)
{
    hw_v3 m = hw_v3_cross(hw_v3_sub(x, r), F);
    f->a[0] += F.x; f->a[1] += F.y; f->a[2] += F.z;
    f->a[3] += m.x; f->a[4] += m.y; f->a[5] += m.z;
}

/* The body's own loads about the reference point (world): weight at CG, buoyancy at CB, the
 * waterplane's heave force and moment, and drag on the motion relative to the current u (taken at
 * the reference point) per body axis. Not the inertial terms (hw_body_accel adds them). The drag's
 * power (<= 0) goes to *drag_power when not NULL. */
HW_HD hw_v6 hw_body_loads(const hw_body_p *p, const hw_body_s *s, double g, double rho, hw_v3 u,
                          double *drag_power)
{
    hw_v6 f = hw_v6_zero();
    hw_body_add_force_at(&f, s->r, hw_body_point(s, p->cg), hw_v3_make(0.0, 0.0, -p->m * g));
    hw_body_add_force_at(&f, s->r, hw_body_point(s, p->cb), hw_v3_make(0.0, 0.0, rho * g * p->volume));
    if (p->awp > 0.0) {
        f.a[2] -= rho * g * p->awp * s->r.z;
        hw_v3 n = hw_quat_rotate_inv(s->q, hw_v3_make(0.0, 0.0, 1.0));
        hw_v3 grad = hw_v3_make(rho * g * p->iwp[1] * n.x, rho * g * p->iwp[0] * n.y, 0.0);
        hw_v3 m = hw_v3_cross(hw_v3_make(0.0, 0.0, 1.0), hw_quat_rotate(s->q, grad));
        f.a[3] += m.x; f.a[4] += m.y; f.a[5] += m.z;
    }
    hw_v3 ub = hw_quat_rotate_inv(s->q, hw_v3_sub(s->v, u));
    hw_v3 wb = hw_quat_rotate_inv(s->q, s->w);
    hw_v3 fd = hw_v3_make(-0.5 * rho * p->cda[0] * fabs(ub.x) * ub.x, -0.5 * rho * p->cda[1] * fabs(ub.y) * ub.y,
                          -0.5 * rho * p->cda[2] * fabs(ub.z) * ub.z);
    hw_v3 md = hw_v3_make(-0.5 * rho * p->cda[3] * fabs(wb.x) * wb.x, -0.5 * rho * p->cda[4] * fabs(wb.y) * wb.y,
                          -0.5 * rho * p->cda[5] * fabs(wb.z) * wb.z);
    if (drag_power) *drag_power = hw_v3_dot(fd, ub) + hw_v3_dot(md, wb);
    fd = hw_quat_rotate(s->q, fd); md = hw_quat_rotate(s->q, md);
    f.a[0] += fd.x; f.a[1] += fd.y; f.a[2] += fd.z;
    f.a[3] += md.x; f.a[4] += md.y; f.a[5] += md.z;
    return f;
}

/* The waves' loads on the body beyond hw_body_loads (docs/physics.md section 9, "In waves"), from
 * the wave kinematics K at the reference point (hw_wave_eval there: one point for the whole body,
 * which is small beside the wave length):
 *   - a submerged body (awp = 0) whose reference point is under the surface: the force of the
 *     fluid's acceleration a_f (K->a), the Froude-Krylov part rho V a_f at the centre of buoyancy
 *     plus the added-mass part rho V Ca_i (a_f . e_i) e_i along each body axis e_i at the
 *     reference point (where hw_body_mass6 puts the added mass), so that a neutrally buoyant
 *     body with cg = cb follows the fluid: its acceleration is a_f;
 *   - a surface-piercing body (awp > 0): the waterplane's heave force rho g awp eta at the
 *     reference point, eta the surface elevation above it (the Froude-Krylov heave force of a
 *     wall-sided body in waves long beside it: the restoring force acts on z - eta).
 * No fluid above the surface: a dry reference point (K->wet = 0) has K->a = 0. The drag on the
 * velocity relative to the current plus the waves is hw_body_loads' with u = current + K->u
 * (hw_body_loads_waves does both). */
HW_HD hw_v6 hw_body_wave_loads(const hw_body_p *p, const hw_body_s *s, double g, double rho,
                               const hw_wave_kin *K)
{
    hw_v6 f = hw_v6_zero();
    if (p->awp > 0.0) {
        f.a[2] += rho * g * p->awp * K->eta;
    } else if (K->wet && p->volume > 0.0) {
        double rv = rho * p->volume;
        hw_body_add_force_at(&f, s->r, hw_body_point(s, p->cb), hw_v3_scale(K->a, rv));
        hw_v3 ab = hw_quat_rotate_inv(s->q, K->a);
        hw_v3 fa = hw_quat_rotate(s->q, hw_v3_make(rv * p->ca[0] * ab.x, rv * p->ca[1] * ab.y, rv * p->ca[2] * ab.z));
        f.a[0] += fa.x; f.a[1] += fa.y; f.a[2] += fa.z;
    }
    return f;
}

/* hw_body_loads in waves: the drag on the motion relative to the current u plus the waves'
 * velocity K->u (0 above the surface), and hw_body_wave_loads. K with eta = 0, u = a = 0 gives
 * hw_body_loads' numbers. */
HW_HD hw_v6 hw_body_loads_waves(const hw_body_p *p, const hw_body_s *s, double g, double rho, hw_v3 u,
                                const hw_wave_kin *K, double *drag_power)
{
    hw_v6 f = hw_body_loads(p, s, g, rho, hw_v3_add(u, K->u), drag_power);
    hw_v6 w = hw_body_wave_loads(p, s, g, rho, K);
    for (int c = 0; c < 6; c++) f.a[c] += w.a[c];
    return f;
}

/* A body's own loads in the sea W at time t: hw_body_loads_waves with the kinematics at its
 * reference point when there are waves (W->n > 0), else hw_body_loads. The bodies of the world
 * (host/bodies/body.c) and the rigid cables' 6-DOF ends (kernels/rigid.h) both call it. */
HW_HD hw_v6 hw_body_loads_sea(const hw_body_p *p, const hw_body_s *s, double g, double rho, hw_v3 u,
                              const hw_wave_field *W, double t, double *drag_power)
{
    if (W->n <= 0) return hw_body_loads(p, s, g, rho, u, drag_power);
    hw_wave_kin K = hw_wave_eval(W, s->r, t);
    return hw_body_loads_waves(p, s, g, rho, u, &K, drag_power);
}

/* Accelerations (a of the reference point, alpha) under the generalized force f about r (the
 * body's own loads plus the cables'): the inertial terms are added and the 6x6 system solved.
 * extra (or NULL): a generalized mass added to the body's (e.g. the end nodes of lumped lines
 * riding on it, hw_body_point_mass6), whose velocity terms the caller has put in f.
 * Returns 0, or non-zero when the mass matrix is not positive definite (a NaN state). */
HW_HD int hw_body_accel_with(const hw_body_p *p, const hw_body_s *s, double rho, hw_v6 f,
                             const hw_m6 *extra, hw_v3 *a, hw_v3 *alpha)
{
    hw_v3 c = hw_quat_rotate(s->q, p->cg);
    hw_v3 cen = hw_v3_scale(hw_v3_cross(s->w, hw_v3_cross(s->w, c)), p->m);
    hw_v3 gyr = hw_v3_cross(s->w, hw_m3_mulv(hw_body_inertia_ref(p, s), s->w));
    f.a[0] -= cen.x; f.a[1] -= cen.y; f.a[2] -= cen.z;
    f.a[3] -= gyr.x; f.a[4] -= gyr.y; f.a[5] -= gyr.z;
    hw_m6 M = hw_body_mass6(p, s, rho);
    if (extra) M = hw_m6_add(M, *extra);
    if (hw_m6_chol(&M)) return 1;
    hw_v6 x = hw_m6_chol_solve(&M, f);
    *a = hw_v3_make(x.a[0], x.a[1], x.a[2]);
    *alpha = hw_v3_make(x.a[3], x.a[4], x.a[5]);
    return 0;
}
HW_HD int hw_body_accel(const hw_body_p *p, const hw_body_s *s, double rho, hw_v6 f, hw_v3 *a,
                        hw_v3 *alpha)
{
    return hw_body_accel_with(p, s, rho, f, (const hw_m6 *)0, a, alpha);
}

/* The rotational block of a generalized mass about the reference point (rows and columns 3..5,
 * symmetrized) into *R; 1 when it is not positive definite (a NaN state), else 0. */
HW_HD int hw_body_rr_block(const hw_m6 *M, hw_m3s *R)
{
    const double *m = M->a;
    *R = hw_m3s_make(m[21], m[28], m[35], 0.5 * (m[22] + m[27]), 0.5 * (m[23] + m[33]), 0.5 * (m[29] + m[34]));
    double det = R->xx * (R->yy * R->zz - R->yz * R->yz) - R->xy * (R->xy * R->zz - R->yz * R->xz) +
                 R->xz * (R->xy * R->yz - R->yy * R->xz);
    return !(R->xx > 0.0) || !(det > 0.0);
}

/* A pinned body (HW_BODY_PINNED): its reference point (the pin) moves with a known acceleration
 * a_pin (zero when it is held still), the body free to turn about it. Its angular acceleration is
 * the rotational block of the equations above with a = a_pin moved to the right-hand side,
 *   (I_ref + A_r + extra_rr) alpha = M_ref - w x (I_ref w) - (m [c]x + A_rt + extra_rt) a_pin,
 * the last term the d'Alembert moment of the pin's acceleration (-m c x a_pin for the body's own
 * mass: a pendulum on a pin accelerating at a hangs at atan(a / g) from the vertical). f and extra
 * as for hw_body_accel_with (the force part of f, and the translational rows, are what the pin's
 * reaction balances). Returns 0, or non-zero when the block is not positive. */
HW_HD int hw_body_alpha_pinned(const hw_body_p *p, const hw_body_s *s, double rho, hw_v6 f,
                               const hw_m6 *extra, hw_v3 a_pin, hw_v3 *alpha)
{
    hw_v3 gyr = hw_v3_cross(s->w, hw_m3_mulv(hw_body_inertia_ref(p, s), s->w));
    hw_m6 M = hw_body_mass6(p, s, rho);
    if (extra) M = hw_m6_add(M, *extra);
    const double *m = M.a;
    hw_m3s R;
    if (hw_body_rr_block(&M, &R)) return 1;
    double rhs[3] = {f.a[3] - gyr.x, f.a[4] - gyr.y, f.a[5] - gyr.z}, ap[3] = {a_pin.x, a_pin.y, a_pin.z};
    for (int i = 0; i < 3; i++) /* rows 3..5, columns 0..2: the rotational-translational block */
        for (int j = 0; j < 3; j++) rhs[i] -= m[6 * (3 + i) + j] * ap[j];
    *alpha = hw_m3s_solve(R, hw_v3_make(rhs[0], rhs[1], rhs[2]));
    return 0;
}

/* A pinned body whose pin rides on another body (a ball joint between two moving bodies: MoorDyn's
 * Body<N>Pinned rod), as its parent sees it. With M its generalized mass about the pin
 * (hw_body_mass6 plus extra) and g = f less its inertial terms (m w x (w x c), w x (I_ref w): as in
 * hw_body_accel_with), its equations about the pin are
 *   M_tt a_pin + M_tr alpha = g_t + P,    M_rt a_pin + M_rr alpha = g_r,
 * P the force the pin puts on it (a ball joint carries no moment). The second gives alpha
 * (hw_body_alpha_pinned); put into the first, P = M_e a_pin - F_e with
 *   M_e = M_tt - M_tr M_rr^-1 M_rt,   F_e = g_t - M_tr M_rr^-1 g_r.
 * The parent feels -P at the pin: the child is to it a point mass M_e (symmetric, 3x3, world) riding
 * at the pin (hw_body_point_mass6, which adds its centripetal load: a_pin is the parent's a + alpha
 * x d + w x (w x d)) under the force F_e there. Solving the parent with them, then the child about
 * its pin with that a_pin, solves the two bodies' 9 equations together, exactly. Returns 0, or 1
 * when M_rr is not positive definite. */
HW_HD int hw_body_pin_reduce(const hw_body_p *p, const hw_body_s *s, double rho, hw_v6 f, const hw_m6 *extra,
                             hw_m3s *m_e, hw_v3 *f_e)
{
    hw_v3 c = hw_quat_rotate(s->q, p->cg);
    hw_v3 cen = hw_v3_scale(hw_v3_cross(s->w, hw_v3_cross(s->w, c)), p->m);
    hw_v3 gyr = hw_v3_cross(s->w, hw_m3_mulv(hw_body_inertia_ref(p, s), s->w));
    hw_m6 M = hw_body_mass6(p, s, rho);
    if (extra) M = hw_m6_add(M, *extra);
    hw_m3s R;
    if (hw_body_rr_block(&M, &R)) return 1;
    hw_m3s Ri = hw_m3s_inv(R);
    const double *m = M.a;
    hw_m3 B; /* M_tr: rows 0..2, columns 3..5 (M_rt its transpose) */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) B.a[3 * i + j] = 0.5 * (m[6 * i + 3 + j] + m[6 * (3 + j) + i]);
    hw_m3 BRi = hw_m3_mul(B, hw_m3_from_sym(Ri));
    hw_m3 S = hw_m3_mul(BRi, hw_m3_transpose(B));
    *m_e = hw_m3s_make(m[0] - S.a[0], m[7] - S.a[4], m[14] - S.a[8], 0.5 * (m[1] + m[6]) - 0.5 * (S.a[1] + S.a[3]),
                       0.5 * (m[2] + m[12]) - 0.5 * (S.a[2] + S.a[6]), 0.5 * (m[8] + m[13]) - 0.5 * (S.a[5] + S.a[7]));
    hw_v3 gt = hw_v3_make(f.a[0] - cen.x, f.a[1] - cen.y, f.a[2] - cen.z);
    hw_v3 gr = hw_v3_make(f.a[3] - gyr.x, f.a[4] - gyr.y, f.a[5] - gyr.z);
    *f_e = hw_v3_sub(gt, hw_m3_mulv(BRi, gr));
    return 0;
}

/* A point mass M (3x3, world) riding on the body at the world offset d from the reference point:
 * its generalized mass about the reference point (added to *m6), and the force and moment of its
 * centripetal inertia -M (w x (w x d)) (added to *f). Its acceleration is a + alpha x d +
 * w x (w x d), so M a_p = [M, -M [d]x] [a; alpha] + M w x (w x d), and its moment d x F. */
HW_HD void hw_body_point_mass6(hw_m6 *m6, hw_v6 *f, hw_m3s M, hw_v3 d, hw_v3 w)
{
    hw_m3 Mm = hw_m3_from_sym(M), D = hw_m3_skew(d);
    hw_m3 MD = hw_m3_mul(Mm, D);
    hw_m6_add3(m6, 0, 0, Mm);
    hw_m6_add3(m6, 0, 1, hw_m3_scale(MD, -1.0));
    hw_m6_add3(m6, 1, 0, hw_m3_mul(D, Mm));
    hw_m6_add3(m6, 1, 1, hw_m3_scale(hw_m3_mul(D, MD), -1.0));
    hw_v3 fc = hw_v3_scale(hw_m3s_mul(M, hw_v3_cross(w, hw_v3_cross(w, d))), -1.0);
    hw_body_add_force_at(f, hw_v3_zero(), d, fc);
}

/* Kinetic energy (added mass included) and potential energy (weight, buoyancy, waterplane),
 * relative to z = 0. */
HW_HD void hw_body_energy(const hw_body_p *p, const hw_body_s *s, double g, double rho, double *kinetic,
                          double *potential)
{
    hw_v3 vcg = hw_body_point_vel(s, p->cg);
    hw_v3 wb = hw_quat_rotate_inv(s->q, s->w), ub = hw_quat_rotate_inv(s->q, s->v);
    double ke = 0.5 * p->m * hw_v3_dot(vcg, vcg) + 0.5 * hw_v3_dot(wb, hw_m3s_mul(p->inertia, wb));
    ke += 0.5 * rho * p->volume * (p->ca[0] * ub.x * ub.x + p->ca[1] * ub.y * ub.y + p->ca[2] * ub.z * ub.z);
    ke += 0.5 * (p->ca[3] * wb.x * wb.x + p->ca[4] * wb.y * wb.y + p->ca[5] * wb.z * wb.z);
    double pe = p->m * g * hw_body_point(s, p->cg).z - rho * g * p->volume * hw_body_point(s, p->cb).z;
    if (p->awp > 0.0) {
        hw_v3 n = hw_quat_rotate_inv(s->q, hw_v3_make(0.0, 0.0, 1.0));
        pe += 0.5 * rho * g * (p->awp * s->r.z * s->r.z + p->iwp[0] * n.y * n.y + p->iwp[1] * n.x * n.x);
    }
    *kinetic = ke;
    *potential = pe;
}

/* One semi-implicit (symplectic) Euler step of length h under the accelerations a, alpha:
 * v += h a, w += h alpha, r += h v, q turned by the new w. */
HW_HD void hw_body_advance(hw_body_s *s, hw_v3 a, hw_v3 alpha, double h)
{
    s->v = hw_v3_add(s->v, hw_v3_scale(a, h));
    s->w = hw_v3_add(s->w, hw_v3_scale(alpha, h));
    s->r = hw_v3_add(s->r, hw_v3_scale(s->v, h));
    s->q = hw_quat_integrate(s->q, hw_quat_rotate_inv(s->q, s->w), h);
}
#endif
