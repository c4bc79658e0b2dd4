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
#endif
