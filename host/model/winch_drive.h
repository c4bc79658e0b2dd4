/* What drives a winch, shared by the lumped-mass lines' winches (machinery/winch.c) and the rigid cables'
 * reel winches (rigid/rigid_winch.c): defaults and checks here; the pay-out speed of each mode (hawser.h
 * hw_winch_def), the cable's end stops and the drum's torque balance in kernels/physics/drum.h,
 * which the backends' reel updates share (docs/physics.md section 2). */
#ifndef HW_WINCH_DRIVE_H
#define HW_WINCH_DRIVE_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "physics/drum.h"

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

/* The pay-out speed, the end stops and the drum: kernels/physics/drum.h (host and device). */

/* Whether a line's end reels (a winch or a sheave end), from the definition (winch_drive.c). */
int hw_line_reels(const hw_model_def *def, int line, hw_winch_end end); /* winch or sheave end */

#endif
