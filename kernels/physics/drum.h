/* Rope drum (network couplings) and the winch drum and drive of a reeling line end (docs/physics.md
 * section 2). Shaft speed w, radius R, windup delta = +1 (rope
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
#include "hawser/hawser.h" /* hw_winch_def */

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

/* Winches (shared by the lumped-mass lines' reel update, kernels/reel.h, on both backends and the
 * rigid cables' reel winches, host/rigid/rigid_winch.c). d's tables point where the caller runs (device
 * copies on the GPU). */

/* The pay-out speed (m/s, > 0 pays out) the drive asks for over the step [t, t + dt]: speed or
 * its table at the step's midpoint, (target - length) / tau, gain (tension - target), the
 * external speed, or -omega R of the drum; limited to max_speed in length and tension modes. */
HW_HD double hw_winch_drive_speed(const hw_winch_def *d, double t, double dt, double length,
                                  double tension, double omega, double external)
{
    double s = 0.0, lim = d->max_speed;
    switch (d->mode) {
    case HW_WINCH_SPEED: /* at the step's midpoint: exact pay-out for a piecewise-linear table */
        return d->speed_table.n >= 2
                   ? hw_tlu(d->speed_table.x, d->speed_table.y, d->speed_table.n, t + 0.5 * dt)
                   : d->speed;
    case HW_WINCH_LENGTH:
        s = (d->target - length) / d->tau;
        break;
    case HW_WINCH_TENSION:
        s = d->gain * (tension - d->target);
        break;
    case HW_WINCH_EXTERNAL:
        return external;
    case HW_WINCH_DRUM: /* the drum's speed, integrated after the step */
        return -omega * d->drum_radius;
    }
    return s > lim ? lim : s < -lim ? -lim : s;
}

/* The cable's end stops: pay-out stops once `counter` (the cable count: the deployed length at
 * t = 0 plus the pay-out) reaches max_length, haul-in once it or the deployed length reaches
 * min_length. Sets *s to 0 there and returns 1 (max) or 2 (min) when a stop newly engages
 * (*at_max / *at_min hold the episodes), else 0. */
HW_HD int hw_winch_stops(const hw_winch_def *d, double counter, double length, double *s,
                         int *at_max, int *at_min)
{
    int news = 0;
    if (*s > 0 && counter >= d->max_length) {
        if (!*at_max) news = 1;
        *at_max = 1;
        *s = 0.0;
    } else {
        *at_max = 0;
    }
    if (*s < 0 && (counter <= d->min_length || length <= d->min_length)) {
        if (!*at_min) news = 2;
        *at_min = 1;
        *s = 0.0;
    } else {
        *at_min = 0;
    }
    return news;
}

/* The drum's angular velocity after a step of dt from omega under the winch tension (semi-
 * implicit): J dw/dt = torque - T R - bearing w, the torque from the motor curve, the table at
 * the step's midpoint or the constant; held at 0 against an engaged end stop. */
HW_HD double hw_winch_drum_step(const hw_winch_def *d, double omega, double tension, double t,
                                double dt, int at_max, int at_min)
{
    double tq = d->motor_stall_torque > 0
                    ? d->motor_stall_torque * (1.0 - omega / d->motor_no_load_speed)
                : d->torque_table.n >= 2
                    ? hw_tlu(d->torque_table.x, d->torque_table.y, d->torque_table.n, t + 0.5 * dt)
                    : d->torque;
    double acc = (tq - tension * d->drum_radius - d->drum_bearing * omega) / d->drum_inertia;
    omega += dt * acc;
    if ((at_max && omega < 0) || (at_min && omega > 0)) omega = 0.0; /* end of cable */
    return omega;
}
#endif
