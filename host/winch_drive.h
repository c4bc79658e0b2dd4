/* What drives a winch, shared by the lumped-mass lines' winches (winch.c) and the rigid cables'
 * reel winches (rigid_reel.c): defaults, checks, the pay-out speed of each mode (hawser.h
 * hw_winch_def), the cable's end stops and the drum's torque balance (docs/physics.md section 2). */
#ifndef HW_WINCH_DRIVE_H
#define HW_WINCH_DRIVE_H

#include <stddef.h>

#include "hawser/hawser.h"

/* Fills the unset fields of d for a cable of deployed length `length` and nominal piece length
 * l_nom: tau 2 s, max_speed 1 m/s, max_length = length, min_length = l_nom / 2, and in tension
 * mode gain = max_speed / target. */
void hw_winch_defaults(hw_winch_def *d, double length, double l_nom);

/* Points d's speed and torque tables (n >= 2) at copies in one allocation *store (free() it;
 * NULL when there are none); tables of fewer than 2 rows are dropped. HW_OK or HW_ERR_NOMEM. */
hw_status hw_winch_own_tables(hw_winch_def *d, double **store);

/* The checks of winch w on a cable of `length` m in n pieces: 0, or 1 with the field
 * ("winch.KEY") and why. owner names the cable ("line", "cable") and pieces its parts
 * ("segments", "elements"), as the messages say them. */
int hw_winch_check(const hw_winch_def *w, double length, int n, const char *owner,
                   const char *pieces, char *field, size_t field_len, char *why, size_t why_len);

/* The pay-out speed (m/s, > 0 pays out) the drive asks for over the step [t, t + dt]: speed or
 * its table at the step's midpoint, (target - length) / tau, gain (tension - target), the
 * external speed, or -omega R of the drum; limited to max_speed in length and tension modes. */
double hw_winch_drive_speed(const hw_winch_def *d, double t, double dt, double length,
                            double tension, double omega, double external);

/* The cable's end stops: pay-out stops once `counter` (the cable count: the deployed length at
 * t = 0 plus the pay-out) reaches max_length, haul-in once it or the deployed length reaches
 * min_length. Sets *s to 0 there and returns 1 (max) or 2 (min) when a stop newly engages
 * (*at_max / *at_min hold the episodes), else 0. */
int hw_winch_stops(const hw_winch_def *d, double counter, double length, double *s, int *at_max,
                   int *at_min);

/* The drum's angular velocity after a step of dt from omega under the winch tension (semi-
 * implicit): J dw/dt = torque - T R - bearing w, the torque from the motor curve, the table at
 * the step's midpoint or the constant; held at 0 against an engaged end stop. */
double hw_winch_drum_step(const hw_winch_def *d, double omega, double tension, double t, double dt,
                          int at_max, int at_min);

#endif
