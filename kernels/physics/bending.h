/* Bending of a lumped-mass line (docs/physics.md section 4, optional EI).
 * Formulation: a discrete hinge at each interior node i between segment a (nodes i-1, i) and
 * segment b (nodes i, i+1) with energy E = k (1 - cos theta), cos theta = qa . qb,
 * k = EI / lbar, lbar = (l0a + l0b) / 2 the unstretched tributary length. For small angles this is
 * EI theta^2 / (2 lbar) = EI kappa^2 lbar / 2 with curvature kappa = theta / lbar, the continuum
 * bending energy. The elastic forces are its exact negative gradient (the damping that
 * hw_hinge_eval_damped adds is below):
 *   fa = k (qb - c qa) / |ea|,  fb = k (qa - c qb) / |eb|
 *   node i-1 gets -fa, node i gets fa - fb, node i+1 gets fb. */
#ifndef HW_PHYSICS_BENDING_H
#define HW_PHYSICS_BENDING_H
#include "hd.h"
#include "quat.h" /* hw_v3_cross */

typedef struct hw_hinge { hw_v3 fa, fb; double energy, power; } hw_hinge;

/* The hinge stiffness k = EI / lbar between segments of unstretched lengths l0a and l0b. */
HW_HD double hw_hinge_stiffness(double ei, double l0a, double l0b)
{
    return ei / (0.5 * (l0a + l0b));
}

/* The rate of a segment's unit vector q of length len whose end nodes move apart at dv (the
 * second node's velocity less the first's): the part of dv across the segment, over len. */
HW_HD hw_v3 hw_hinge_qdot(hw_v3 q, double len, hw_v3 dv)
{
    return hw_v3_scale(hw_v3_sub(dv, hw_v3_scale(q, hw_v3_dot(q, dv))), 1.0 / len);
}

/* The hinge with Kelvin-Voigt material damping of retardation time tau = BA / EA, the same
 * material law as the axial damping (tension EA strain + BA strain rate). Since the energy is
 * E = k (1 - c) = k |qb - qa|^2 / 2 exactly, the damping is the Rayleigh dissipation function
 * R = k tau |u|^2 / 2 of u = d(qb - qa)/dt (qadot, qbdot: hw_hinge_qdot). Its forces have the
 * elastic forces' shape with qb - qa replaced by qb - qa + tau u:
 *   fa = k Pa (qb - qa + tau u) / |ea|,  fb = -k Pb (qb - qa + tau u) / |eb|,  P = 1 - q q^T,
 * they dissipate power = 2 R >= 0 at every state, and a rigid translation is not damped. A rigid
 * rotation of a bent hinge at rate W is, by a force tau W times the elastic one (1e-4 for a
 * tau of 1e-4 s at 1 rad/s). The highest (zigzag) bending mode w_b gets the damping ratio
 * tau w_b / 2, which is what keeps it stable under Heun's method (RK2 is weakly unstable for an
 * undamped mode at any step; the axial damping does not reach this transverse mode). */
HW_HD hw_hinge hw_hinge_eval_damped(hw_v3 qa, double la, hw_v3 qadot, hw_v3 qb, double lb,
                                    hw_v3 qbdot, double k, double tau)
{
    hw_hinge h;
    hw_v3 u = hw_v3_sub(qbdot, qadot);
    hw_v3 d = hw_v3_add(hw_v3_sub(qb, qa), hw_v3_scale(u, tau));
    h.fa = hw_v3_scale(hw_v3_sub(d, hw_v3_scale(qa, hw_v3_dot(qa, d))), k / la);
    h.fb = hw_v3_scale(hw_v3_sub(d, hw_v3_scale(qb, hw_v3_dot(qb, d))), -k / lb);
    h.energy = k * (1.0 - hw_v3_dot(qa, qb));
    h.power = k * tau * hw_v3_dot(u, u);
    return h;
}

/* The undamped hinge (tau = 0): fa = k (qb - c qa) / |ea|, fb = k (qa - c qb) / |eb|. */
HW_HD hw_hinge hw_hinge_eval(hw_v3 qa, double la, hw_v3 qb, double lb, double k)
{
    return hw_hinge_eval_damped(qa, la, hw_v3_zero(), qb, lb, hw_v3_zero(), k, 0.0);
}
/* A clamped line end (docs/physics.md section 4, "A clamped end"): the hinge at the end node
 * between the clamp's direction c (a unit vector fixed in whatever carries the end point, the
 * direction the line leaves the point along; cdot its rate, w x c for a body turning at w) and the
 * end segment (unit vector q from node A to node B of the line, stretched length len, qdot its
 * rate), of stiffness k and damping time tau as the interior hinges. The clamp is a virtual
 * segment of the body: before the line at end A (qa = c), after it at end B (qb = -c), so that a
 * straight line leaving the point along c carries no moment. f: the hinge's force on the end
 * segment's other node (node 1 at end A, node nseg - 1 at end B); the end node takes -f. m: the
 * moment on the body, the couple of the virtual segment's forces, k c x d with d the hinge's
 * (qb - qa + tau u). The pair (f, -f) and m hold the line and body's momentum, and without
 * damping their angular momentum: f's moment about the end node is -k c x d. */
typedef struct hw_clamp { hw_v3 f, m; double energy, power; } hw_clamp;

HW_HD hw_clamp hw_hinge_clamp(int end_b, hw_v3 c, hw_v3 cdot, hw_v3 q, double len, hw_v3 qdot,
                              double k, double tau)
{
    hw_clamp r;
    if (!end_b) { /* virtual segment a = the clamp, of unit length; segment b = the line's first */
        hw_hinge h = hw_hinge_eval_damped(c, 1.0, cdot, q, len, qdot, k, tau);
        r.f = h.fb;
        r.m = hw_v3_cross(c, h.fa);
        r.energy = h.energy; r.power = h.power;
    } else { /* segment a = the line's last; virtual segment b = the clamp reversed */
        hw_v3 cb = hw_v3_scale(c, -1.0);
        hw_hinge h = hw_hinge_eval_damped(q, len, qdot, cb, 1.0, hw_v3_scale(cdot, -1.0), k, tau);
        r.f = hw_v3_scale(h.fa, -1.0);
        r.m = hw_v3_cross(cb, h.fb);
        r.energy = h.energy; r.power = h.power;
    }
    return r;
}

/* A bending joint (docs/physics.md section 4, "A bending joint"; MoorDyn's zero-length rod joining
 * lines with EI): a point whose lines' ends are clamped (hw_hinge_clamp) to one axis q that no
 * body holds: it turns with the lines. Member end i leaves the point along the unit vector u_i of
 * its end segment (from the point's node outward), on side s_i (+1: the line is clamped to leave
 * along q, -1: along -q), with the end hinge's stiffness k_i. The hinges' energy
 *   E = sum k_i (1 - s_i q . u_i)
 * is least over unit vectors q at
 *   q = Q / |Q|,  Q = sum k_i s_i u_i,
 * the axis used: the joint takes no moment (q x Q = 0: the hinges' moments on the axis balance),
 * and since E is stationary in q there, the hinges' forces at fixed q are the exact gradient of
 * the joint's energy min_q E. MoorDyn 2.7.2 turns its zero-length rod to the unit vector of
 * sum s_i EI_i u_i / l_i with the stretched end lengths l_i (Rod::setDependentStates,
 * Line::getEndSegmentMoment), the same axis up to the lines' strain differences. Its rate:
 *   dq/dt = (1 - q q^T) dQ/dt / |Q|,  dQ/dt = sum k_i s_i du_i/dt
 * (the hinges' damping reads it as a clamp's cdot). hw_joint_add sums a member into Q and dQ/dt;
 * hw_joint_axis returns q and sets *qdot, both zero when Q vanishes against sum k_i (ksum; lines
 * on one side leaving opposite ways: no axis, the ends are ball joints at that state). */
HW_HD void hw_joint_add(hw_v3 *Q, hw_v3 *Qdot, double *ksum, double k, double side, hw_v3 u,
                        hw_v3 udot)
{
    *Q = hw_v3_add(*Q, hw_v3_scale(u, k * side));
    *Qdot = hw_v3_add(*Qdot, hw_v3_scale(udot, k * side));
    *ksum += k;
}

HW_HD hw_v3 hw_joint_axis(hw_v3 Q, hw_v3 Qdot, double ksum, hw_v3 *qdot)
{
    double n = hw_v3_norm(Q);
    if (!(n > 1e-12 * ksum)) {
        *qdot = hw_v3_zero();
        return hw_v3_zero();
    }
    hw_v3 q = hw_v3_scale(Q, 1.0 / n);
    *qdot = hw_hinge_qdot(q, n, Qdot);
    return q;
}
#endif
