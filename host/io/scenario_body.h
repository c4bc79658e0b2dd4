/* Bodies in scenario files and decks (docs/scenario.md `bodies:`, docs/moordyn.md BODIES): where a
 * point riding on a body is at t = 0, shared by the YAML loader, the rigid-cable section and the
 * MoorDyn reader. */
#ifndef HW_HOST_SCENARIO_BODY_H
#define HW_HOST_SCENARIO_BODY_H

#include <stddef.h>
#include <yaml.h>

#include "hawser/body.h"

/* The body's reference point and roll, pitch, yaw (rad) at t = 0: pos and rot, moved by a
 * prescribed motion at t = 0 exactly as the world moves the body (hw_body_motion6: a table by its
 * natural spline, as points' tables). An RAO body (HW_MOTION_RAO): its mean pose (the scenario
 * holds no built sea; the world places the lumped points on it where its sea puts it at t = 0). */
void hw_scn_body_pose0(const hw_body_def *b, double pos[3], double rpy[3]);
/* The world position at t = 0 of the body-frame point `at` of body b. */
void hw_scn_body_point0(const hw_body_def *b, const double at[3], double out[3]);

/* MoorDyn's body angles r0 p0 y0 (already in rad) as a body definition's rotation. MoorDyn v2 turns
 * a body as R = Rx(r0) Ry(p0) Rz(y0) (its Euler2Quat; checked against MoorDyn 2.7.2's point
 * positions), hw_body_def as R = Rz(yaw) Ry(pitch) Rx(roll): the same orientation in Hawser's
 * angles. With at most one angle non-zero the two agree and the angles are copied unchanged. */
void hw_scn_rpy_from_moordyn(const double md[3], double rpy[3]);
/* The orientation a MoorDyn 2.7.2 state file stores for a body or rod (its quaternion as x, y, z,
 * w: the same turn as a body definition's from its unturned pose; a rod's from the deck's axis)
 * as a body definition's roll, pitch, yaw (rad). */
void hw_scn_rpy_from_quat_xyzw(const double q[4], double rpy[3]);
/* The world velocity at t = 0 of the body-frame point `at` of a free or pinned body b that starts
 * with b->start_vel (v + w x R at). */
void hw_scn_body_point_vel0(const hw_body_def *b, const double at[3], double out[3]);
/* The inverse, for output: MoorDyn 2.7.2's body angles (rad) of the orientation quaternion
 * q = (w, x, y, z), the a, b, c of R = Rx(a) Ry(b) Rz(c) with a, c in (-pi, pi], b in [-pi/2, pi/2]
 * (the numbers MoorDyn writes as Body#RX RY RZ; a deck's r0 p0 y0 come back unchanged). */
void hw_scn_moordyn_angles(const double q[4], double md[3]);

/* The index among bodies[0..n-1] of the body a YAML value names, or -1 with the reason in why
 * ("expected a body name (one of: buoy, ship), got ..."; the loaders' message for the field). */
int hw_scn_body_named(const hw_body_def *bodies, int n, const yaml_node_t *v, char *why, size_t len);

#endif
