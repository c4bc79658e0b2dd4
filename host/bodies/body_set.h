/* A set of 6-DOF bodies (include/hawser/body.h, physics in kernels/physics/body.h; docs/physics.md
 * section 9) and their coupling to the lumped-mass lines through points that ride on them
 * (hw_body_attach: a point of kind HW_POINT_COUPLED at a body-frame offset). Host side.
 *
 * One lumped step of length h from t0 (hw_world steps it so):
 *   hw_bodies_set_points(b, sim)      each attached point moves along its body over the step:
 *                                     pos + vel (t - t0) with the body point's position and
 *                                     velocity at t0 (hw_sim_set_point_kinematics);
 *   hw_sim_advance_to(sim, t0 + h)
 *   hw_bodies_after_step(b, sim, t0 + h, h)
 *                                     free bodies: drift (r += h v, q turned by w: the positions the
 *                                     lines saw), then the lines' forces on the attached points at
 *                                     t0 + h, moments about the reference point, the body's own
 *                                     loads, and a kick (v += h a, w += h alpha): a symplectic
 *                                     (position-first) Euler step. Prescribed bodies are placed at
 *                                     t0 + h; coupled bodies move on with the velocities last set.
 * The force hw_sim_point_state returns for a coupled point is the sum of its end nodes' loads
 * (half-segment weight and buoyancy, drag, seabed, the segment tension) with no inertia of the
 * end nodes (a coupled point's acceleration is taken as zero): the end nodes' mass (with added
 * mass) is therefore added to the body's generalized mass at the attachments
 * (hw_body_point_mass6), so the body + lines system has each mass once; hw_sim_energy counts the
 * end nodes' kinetic energy, hw_bodies_energy the body's alone. */
#ifndef HW_HOST_BODY_SET_H
#define HW_HOST_BODY_SET_H

#include <stddef.h>

#include "hawser/body.h"
#include "hawser/hawser.h"
#include "hawser/waves.h"
#include "physics/cylinder.h"

typedef struct hw_bodies hw_bodies;

/* A body's extremes over every sample (the world takes one at the start and after every step; the
 * summary's "bodies"): x y z (m) of the reference point, roll pitch yaw (deg, as bodies.csv), the
 * largest and smallest values and the first times they were reached, and the largest magnitude
 * of the cables' force. Plain values. */
typedef struct hw_body_extremes {
    double max[6], min[6], t_max[6], t_min[6];
    double f_max, t_f_max;
    long samples;
} hw_body_extremes;

/* Copies and checks the bodies and the attachments (each on a point of kind coupled of model,
 * one body per point). model may be NULL when n_att == 0. g, rho and the current (the drag on a
 * body is on its velocity relative to the current at its reference point, none above z = 0) from
 * model->env (or the defaults); what is needed of the model is copied. msg: "body 'NAME' (k) field 'F': ..." or "body_points[k].point: ...". */
/* A prescribed body's 6 coordinates (x y z, roll pitch yaw) and their rates at time t: each by
 * hw_motion_1 (kernels/physics/motion.h) as a point's coordinate; tab_m: the motion table's natural
 * spline second derivatives, 6 per row (hw_motion_spline), or NULL for a table: then they are
 * computed here (HW_ERR_NOMEM when that fails). v may be NULL. The world's prescribed bodies and
 * the scenario's pose at t = 0 both come from here, so they agree exactly. */
hw_status hw_body_motion6(const hw_body_def *d, const double *tab_m, double t, double x[6], double v[6]);
/* The same with the sea: a body of motion HW_MOTION_RAO responds to the components of waves
 * (hw_body_motion6 and waves == NULL: its mean pose, at rest); the other motions as
 * hw_body_motion6. HW_ERR_NOMEM when the coefficients cannot be allocated. */
hw_status hw_body_motion6_waves(const hw_body_def *d, const double *tab_m, const hw_waves *waves, double t,
                                double x[6], double v[6]);

/* A cylinder's definition as the cylinder physics takes it (kernels/physics/cylinder.h). */
hw_cyl_p hw_body_cyl_p(const hw_body_cylinder_def *c);
hw_status hw_bodies_create(const hw_body_def *defs, int n, const hw_body_attach *att, int n_att,
                           const hw_model_def *model, hw_bodies **out, char *msg, size_t msg_len);
void hw_bodies_destroy(hw_bodies *b); /* NULL-safe */
/* The sea the bodies are in (the world's hw_world_waves; NULL: still water), which must outlive
 * them: the drag of a free body on its velocity relative to the current plus the waves at its
 * reference point, the fluid-acceleration and waterplane loads (kernels/physics/body.h
 * hw_body_wave_loads), and the response of an RAO body (HW_MOTION_RAO; placed again at t = 0).
 * The static solve (hw_bodies_net_load) stays in still water with the current. */
hw_status hw_bodies_set_waves(hw_bodies *b, const hw_waves *w, char *msg, size_t msg_len);
int hw_bodies_count(const hw_bodies *b);
int hw_bodies_n_attach(const hw_bodies *b);
const hw_body_def *hw_bodies_def(const hw_bodies *b, int k);
/* The attachment k: point index and body index (-1 when out of range). */
int hw_bodies_attach_point(const hw_bodies *b, int k);
int hw_bodies_attach_body(const hw_bodies *b, int k);

/* Body k at the current time: reference point, orientation quaternion (w x y z), velocity of the
 * reference point and angular velocity (world); any pointer may be NULL. */
hw_status hw_bodies_state(const hw_bodies *b, int k, double pos[3], double quat[4], double vel[3],
                          double w[3]);
/* Overwrites body k's state (a coupled body's kinematics from outside, or a restart; the world's
 * static solve). Any velocity pointer may be NULL (zero). A pinned body without a motion of its
 * pin then moves its pin at vel (drifting between calls) and takes the change of vel over a step
 * as the pin's acceleration (include/hawser/body.h HW_BODY_PINNED). The bodies pinned on a body
 * (pin_on) move to their pins on it; a pinned-on body's own position is its pin's. */
hw_status hw_bodies_set_state(hw_bodies *b, int k, const double pos[3], const double quat[4],
                              const double vel[3], const double w[3]);
/* The cable force (N) and its moment about the reference point (N m), world, that the lumped lines
 * exerted on body k at the end of the last step (or at hw_bodies_read_loads). */
hw_status hw_bodies_cable_load(const hw_bodies *b, int k, double force[3], double moment[3]);
/* Adds an external load (world force and moment about the reference point, e.g. a rigid cable's)
 * to body k for the next steps until set again. */
hw_status hw_bodies_set_external_load(hw_bodies *b, int k, const double force[3],
                                      const double moment[3]);

/* Every attached point to where its body point is, moving with its velocity (see above). */
hw_status hw_bodies_set_points(const hw_bodies *b, hw_sim *sim);
/* The lines' loads on the bodies now (hw_bodies_cable_load) without moving anything. */
hw_status hw_bodies_read_loads(hw_bodies *b, hw_sim *sim);
/* After the lumped step that ended at t (length h): see the header comment. HW_ERR_NUMERICAL with
 * a message naming the body when its state is not finite or its mass matrix not positive. */
hw_status hw_bodies_after_step(hw_bodies *b, hw_sim *sim, double t, double h, char *msg,
                               size_t msg_len);
/* The generalized force on free body k in its current state (own loads + cable loads +
 * external; the drag in the current at t = 0), about its reference point, world, with the net
 * force of each body pinned on it acting at its pin (at rest the pin carries it): the world's
 * static solve drives it to zero. */
hw_status hw_bodies_net_load(const hw_bodies *b, int k, double f6[6]);
/* Every load on body k in its current state at time t (the sea's time), world, about its reference
 * point: its own (weight, buoyancy, drag, waves) and its cylinders', the lines' last read and the
 * external one; not its inertia (MoorDyn's body net force, the B#FX..MZ channels). */
hw_status hw_bodies_total_load(const hw_bodies *b, int k, double t, double f6[6]);
/* Body k's accelerations in its current state at time t (the sea's time), world: a (m/s^2) of
 * its reference point and alpha (rad/s^2), from its equations of motion under the loads above
 * (the lines' last read, their end nodes' mass from sim, which may be NULL), what the next kick
 * would apply: a free body's; a pinned body's alpha, with a its pin's acceleration (its motion's,
 * zero for a pin held still or moved from outside; for a pin on a body, that body's point's, the
 * bodies' equations solved together, kernels/physics/body.h hw_body_pin_reduce); zero for a fixed,
 * coupled or prescribed body.
 * HW_ERR_NUMERICAL when the mass matrix is not positive (a NaN state). */
hw_status hw_bodies_acceleration(const hw_bodies *b, hw_sim *sim, int k, double t, double a[3], double alpha[3]);
/* The nodes 0..segments of body k's cylinder c in its current state at time t (the sea's time):
 * each node's position, velocity and loads, part by part (kernels/physics/cylinder.h
 * hw_cyl_node_loads, the loads the body is stepped with); nodes holds n >= segments + 1.
 * HW_ERR_INVALID_ARG for a body, cylinder or n out of range. */
hw_status hw_bodies_cylinder_nodes(const hw_bodies *b, int k, int c, double t, hw_cyl_node *nodes, int n);
/* One sample of body k's extremes at time t: its state now and f_mag, the magnitude of the cables'
 * force on it (the world's: the lumped lines' and a rigid cable's joint force); restart: the first
 * one (the earlier samples forgotten: the start's state set again). */
void hw_bodies_track(hw_bodies *b, int k, double t, double f_mag, int restart);
hw_status hw_bodies_extremes(const hw_bodies *b, int k, hw_body_extremes *e);
/* The bodies' run-time state, one record at a time (name, address, bytes), for a checkpoint to
 * save or load in place (io/world_checkpoint.c passes hw_ck_io): per body its state (reference
 * point, quaternion, velocity, angular velocity), the lines' load last read (the next step's kick
 * uses it), the external load held, the drag work so far and the extremes. The definitions (and a prescribed
 * body's motion table) are the scenario's and are not records. */
typedef void (*hw_bodies_record_fn)(void *ctx, const char *name, void *p, size_t n);
void hw_bodies_state_records(hw_bodies *b, hw_bodies_record_fn rec, void *ctx);
/* Kinetic and potential energy of the moving bodies (free, prescribed, coupled, pinned), J. The
 * cylinders' mass is in it (merged into the body's), and on free and pinned bodies (where their
 * loads are formed) their added mass's kinetic energy, their buoyancy's potential and their
 * seabed contact's (hw_cyl_energy, in still water). */
void hw_bodies_energy(const hw_bodies *b, double *kinetic, double *potential);
/* The work of the bodies' drag so far (<= 0 while it dissipates), J. */
double hw_bodies_drag_work(const hw_bodies *b);

#endif
