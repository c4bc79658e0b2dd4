/* Rope drum / winch drum (docs/physics.md section 2). Shaft speed w, radius R, windup delta = +1 (rope
 * ends move in opposite directions) or -1 (same direction); a positive rotation always moves end A
 * positively:
 *   vA = w R,  vB = -delta w R
 *   T  = FB R delta - FA R + mu_b w   (the net torque the shaft must supply; FA, FB are the
 *                                     external pulls on the ends, positive along the axis)
 *   J dw/dt = T_shaft - T
 * The network integrates the drum as a kinematic coupling: the end nodes are slaved to the shaft
 * (and to the axle node for a travelling pulley) with the coefficients below, which gives exactly
 * this torque balance through the generalized forces. */
#ifndef HW_PHYSICS_DRUM_H
#define HW_PHYSICS_DRUM_H
#include "hd.h"

/* d xA / d phi and d xB / d phi. */
HW_HD double hw_drum_coef_a(double R) { return R; }
HW_HD double hw_drum_coef_b(double R, double delta) { return -delta * R; }

/* Net torque the shaft must supply (the balance above). */
HW_HD double hw_drum_torque(double fa, double fb, double R, double delta, double mu_b, double w)
{
    return fb * R * delta - fa * R + mu_b * w;
}

/* Bearing friction torque on the shaft and its dissipated power. */
HW_HD double hw_drum_bearing_torque(double mu_b, double w) { return -mu_b * w; }
#endif
