/* Bodies in scenario files and decks (docs/scenario.md `bodies:`, docs/moordyn.md BODIES): where a
 * point riding on a body is at t = 0, shared by the YAML loader, the rigid-cable section and the
 * MoorDyn reader. */
#ifndef HW_HOST_SCENARIO_BODY_H
#define HW_HOST_SCENARIO_BODY_H

#include "hawser/body.h"

/* The body's reference point and roll, pitch, yaw (rad) at t = 0: pos and rot, plus a prescribed
 * motion's offset at t = 0 (constant velocity: none; sinusoid: amp sin(phase); table: its rows
 * interpolated linearly at t = 0, held flat outside; the world moves the body exactly from there). */
void hw_scn_body_pose0(const hw_body_def *b, double pos[3], double rpy[3]);
/* The world position at t = 0 of the body-frame point `at` of body b. */
void hw_scn_body_point0(const hw_body_def *b, const double at[3], double out[3]);

#endif
