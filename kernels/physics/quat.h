/* Unit quaternions for rigid-body orientation (docs/physics.md section 5). q = (w, x, y, z), scalar
 * first; R(q) maps body coordinates to world coordinates. Body angular velocity w_b integrates as
 * dq/dt = 1/2 q * (0, w_b). Shared by gcc and nvcc (see hd.h for the rules). */
#ifndef HW_PHYSICS_QUAT_H
#define HW_PHYSICS_QUAT_H
#include "hd.h"

typedef struct hw_quat { double w, x, y, z; } hw_quat;

HW_HD hw_v3 hw_v3_cross(hw_v3 a, hw_v3 b)
{
    return hw_v3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

HW_HD hw_quat hw_quat_make(double w, double x, double y, double z)
{
    hw_quat q; q.w = w; q.x = x; q.y = y; q.z = z; return q;
}
HW_HD hw_quat hw_quat_identity(void) { return hw_quat_make(1.0, 0.0, 0.0, 0.0); }
HW_HD hw_v3 hw_quat_vec(hw_quat q) { return hw_v3_make(q.x, q.y, q.z); }
HW_HD hw_quat hw_quat_conj(hw_quat q) { return hw_quat_make(q.w, -q.x, -q.y, -q.z); }
HW_HD hw_quat hw_quat_neg(hw_quat q) { return hw_quat_make(-q.w, -q.x, -q.y, -q.z); }
HW_HD double hw_quat_norm(hw_quat q) { return sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z); }

/* Hamilton product a * b. */
HW_HD hw_quat hw_quat_mul(hw_quat a, hw_quat b)
{
    return hw_quat_make(a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
                        a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                        a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                        a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w);
}

/* (0, v) quaternion. */
HW_HD hw_quat hw_quat_pure(hw_v3 v) { return hw_quat_make(0.0, v.x, v.y, v.z); }

HW_HD hw_quat hw_quat_normalize(hw_quat q)
{
    double n = hw_quat_norm(q);
    return n > 0.0 ? hw_quat_make(q.w / n, q.x / n, q.y / n, q.z / n) : hw_quat_identity();
}

/* R(q) v: body -> world. */
HW_HD hw_v3 hw_quat_rotate(hw_quat q, hw_v3 v)
{
    hw_v3 u = hw_quat_vec(q);
    hw_v3 t = hw_v3_scale(hw_v3_cross(u, v), 2.0);
    return hw_v3_add(hw_v3_add(v, hw_v3_scale(t, q.w)), hw_v3_cross(u, t));
}
/* R(q)^T v: world -> body. */
HW_HD hw_v3 hw_quat_rotate_inv(hw_quat q, hw_v3 v) { return hw_quat_rotate(hw_quat_conj(q), v); }

/* Rotation by angle a about the unit axis n. */
HW_HD hw_quat hw_quat_axis_angle(hw_v3 n, double a)
{
    double s = sin(0.5 * a);
    return hw_quat_make(cos(0.5 * a), n.x * s, n.y * s, n.z * s);
}

/* The shortest-arc rotation taking the body z axis (0,0,1) onto the unit vector d. */
HW_HD hw_quat hw_quat_from_z(hw_v3 d)
{
    double n = hw_v3_norm(d);
    if (!(n > 0.0)) return hw_quat_identity();
    d = hw_v3_scale(d, 1.0 / n);
    if (d.z < -1.0 + 1e-12) return hw_quat_make(0.0, 1.0, 0.0, 0.0); /* half turn about x */
    /* q = (1 + z.d, z x d) normalized, z x d = (-d.y, d.x, 0) */
    return hw_quat_normalize(hw_quat_make(1.0 + d.z, -d.y, d.x, 0.0));
}

/* Semi-implicit Euler orientation update: q += h/2 q * (0, w_body), then normalize. */
HW_HD hw_quat hw_quat_integrate(hw_quat q, hw_v3 wb, double h)
{
    hw_quat dq = hw_quat_mul(q, hw_quat_pure(wb));
    return hw_quat_normalize(hw_quat_make(q.w + 0.5 * h * dq.w, q.x + 0.5 * h * dq.x,
                                          q.y + 0.5 * h * dq.y, q.z + 0.5 * h * dq.z));
}

/* Relative rotation conj(a) * b taken with a non-negative scalar part (q and -q are the same
 * rotation; the constraint error vec(q) = sin(theta/2) n must pick the short way round). */
HW_HD hw_quat hw_quat_rel(hw_quat a, hw_quat b)
{
    hw_quat q = hw_quat_mul(hw_quat_conj(a), b);
    return q.w < 0.0 ? hw_quat_neg(q) : q;
}
#endif
