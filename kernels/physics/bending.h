/* Bending of a lumped-mass line (docs/physics.md section 4, optional EI).
 * Formulation: a discrete hinge at each interior node i between segment a (nodes i-1, i) and
 * segment b (nodes i, i+1) with energy E = k (1 - cos theta), cos theta = qa . qb,
 * k = EI / lbar, lbar = (l0a + l0b) / 2 the unstretched tributary length. For small angles this is
 * EI theta^2 / (2 lbar) = EI kappa^2 lbar / 2 with curvature kappa = theta / lbar, the continuum
 * bending energy. Forces are the exact negative gradient, so bending is conservative:
 *   fa = k (qb - c qa) / |ea|,  fb = k (qa - c qb) / |eb|
 *   node i-1 gets -fa, node i gets fa - fb, node i+1 gets fb. */
#ifndef HW_PHYSICS_BENDING_H
#define HW_PHYSICS_BENDING_H
#include "hd.h"

typedef struct hw_hinge { hw_v3 fa, fb; double energy; } hw_hinge;

/* The hinge stiffness k = EI / lbar between segments of unstretched lengths l0a and l0b. */
HW_HD double hw_hinge_stiffness(double ei, double l0a, double l0b)
{
    return ei / (0.5 * (l0a + l0b));
}

HW_HD hw_hinge hw_hinge_eval(hw_v3 qa, double la, hw_v3 qb, double lb, double k)
{
    hw_hinge h;
    double c = hw_v3_dot(qa, qb);
    h.fa = hw_v3_scale(hw_v3_sub(qb, hw_v3_scale(qa, c)), k / la);
    h.fb = hw_v3_scale(hw_v3_sub(qa, hw_v3_scale(qb, c)), k / lb);
    h.energy = k * (1.0 - c);
    return h;
}
#endif
