/* Hawser: one world owning every element family (docs/physics.md section 9, README "C API: the
 * world"). Box2D's shape: fill an hw_world_def, hw_world_create, step, read states by index,
 * hw_world_destroy. The families are the existing objects (hw_sim, hw_rc, hw_net), which the world
 * builds and steps together; their own calls stay available through hw_world_lumped /
 * hw_world_rigid / hw_world_network for reading outputs.
 *
 * The time step: the lumped model's dt (hw_sim_dt: given, or a safe fraction of its critical
 * step). One world step of length h (h = dt, or a shortened last step of hw_world_advance_to):
 *   1. the network's kinematics to the lumped lines (couplings, host/world/coupling.h);
 *      every body's attached points set to move along their body over the step;
 *   2. the lumped lines advance by h;
 *   3. the lines' loads to the network (then it steps by h) and to the bodies: free bodies advance
 *      by h (symplectic, position first: body_set.h); a body held by a rigid cable
 *      (HW_RC_END_BODY6) gets the lines' force and moment on it through hw_rc_set_body6_load;
 *   4. the rigid cables take their steps up to the same time (their dt is the lumped dt: they
 *      step once per whole world step; a shortened step is refused with rigid cables), their
 *      ends tied to lumped points having taken those points' kinematics at the step's start
 *      (hw_world_rc_point), their ends on non-free bodies moving on the chord to the body point
 *      at the step's end (hw_world_rc_body_end), and the bodies they hold are read back (a point
 *      body to its lumped point, a 6-DOF body to its world body).
 * Every exchange is explicit with a lag of at most one step (the lumped lines see a body's motion
 * over the step from its state at the step's start), which is how MoorDyn couples its bodies.
 *
 * Statics at the start: the lumped static solve (solver.static_solve) with each attached point on
 * its body; with free bodies, an outer Newton iteration over their 6 degrees of freedom with the
 * lumped static solve inside (a central-difference Jacobian: 1 + 12 n_free lumped solves per
 * iteration, and a line search), until each free body's net force and moment vanish.
 *
 * A blow-up in any family stops the world: HW_ERR_NUMERICAL, and last_error names the family
 * ("lumped lines: ...", "rigid cables: ...", "network: ...", "body 'B' (k) ..."), the element,
 * the time and the likely cause; further steps return HW_ERR_STATE. */
#ifndef HAWSER_WORLD_H
#define HAWSER_WORLD_H

#include "hawser/body.h"
#include "hawser/hawser.h"
#include "hawser/network.h"
#include "hawser/rigid.h"
#include "hawser/waves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Couplings between the 1-D network and the lumped lines (docs/network.md):
 *   rail_point: a network node's position x along a rail (origin + x u, u a unit vector) drives a
 *               lumped point of type coupled; the lines' force on the point, projected on u, acts
 *               on the node (a rail mass hauled by a cable);
 *   drum_winch: a network shaft of speed w turns the winch of a lumped line (mode external) of
 *               drum radius R: pay-out speed -w R (w > 0 hauls in); the cable's tension T at the
 *               winch loads the shaft with the torque -T R. */
typedef enum { HW_COUPLE_RAIL_POINT = 0, HW_COUPLE_DRUM_WINCH } hw_coupling_kind;
typedef struct hw_coupling_def {
    hw_coupling_kind kind;
    const char *node;   /* network node (rail_point) or rotational node (drum_winch) name */
    int point;          /* rail_point: the lumped point (index) */
    double origin[3], direction[3];
    int line;           /* drum_winch: the lumped line (index) */
    double radius;      /* drum_winch: m */
    int src_line;       /* line of the scenario file where it is defined (messages; 0: none) */
} hw_coupling_def;

/* A world body held by a rigid cable's 6-DOF end (HW_RC_END_BODY6): the rigid solver integrates
 * it (implicitly with the cable); the world reads its state from there and puts the lumped lines'
 * force and moment on it. The world body's definition is then only its name and attachments: its
 * physics is the cable end's body6_a / body6_b. */
typedef struct hw_world_rc_body {
    int body;    /* world body index */
    int cable;   /* rigid cable index */
    int end;     /* 0: end A, 1: end B */
} hw_world_rc_body;

/* A rigid cable end tied to a lumped point: a point end (HW_RC_END_POINT / CLAMPED) follows the
 * point's position and velocity (set at each step's start, as a prescribed end), or, with body
 * = 1, the lumped point (kind coupled) is put where the end's point body (HW_RC_END_BODY) is
 * after each step (it shows the body in the lumped outputs; lines on it see it move). */
typedef struct hw_world_rc_point {
    int cable;
    int end;     /* 0: A, 1: B */
    int point;   /* lumped point index */
    int body;    /* 0: the end follows the point; 1: the point follows the end's body */
} hw_world_rc_point;

/* A rigid cable end that follows a body-fixed point of a world body that is not free (fixed,
 * prescribed or coupled: its motion is imposed, the cable does not move it): the end (kind
 * HW_RC_END_POINT, a ball joint) is at r + R(q) at, where r, q are the body's reference point and
 * orientation. Over each world step the end moves on the chord from the body point at the step's
 * start to the body point at the step's end (the body's state at the step's end is known before
 * the rigid cables step: hw_rc_set_end_kinematics with that position and the chord's velocity), so
 * it is exactly on the body point at every step's end; the chord velocity differs from the body
 * point's v + w x (R at) by O(h a). The cable's force on the body is in hw_world_body_cable_load
 * (no effect on the body's motion). The end must start on the body point (pos_a / pos_b at t = 0,
 * within 1e-9 relative; else HW_ERR_INPUT naming the body). A free body on a rigid end is
 * HW_RC_END_BODY6 (rc_bodies). A clamped end given here follows the point but keeps its initial
 * orientation (the clamp cannot turn with the body): the scenario's body ends are ball joints. */
typedef struct hw_world_rc_body_end {
    int body;      /* world body index (kind fixed, prescribed or coupled) */
    int cable;     /* rigid cable index */
    int end;       /* 0: end A, 1: end B */
    double at[3];  /* the joint in the body frame, from the body's reference point, m */
} hw_world_rc_body_end;

typedef struct hw_world_def {
    const hw_model_def *lumped;   /* the lumped-mass model (required; zero lines allowed); its
                                     solver holds dt, t_end, the integrator and the static solve */
    const hw_rc_def *rigid;       /* optional: rigid cables, built by the world at the lumped dt
                                     (rigid->dt is overridden) in the lumped environment's waves
                                     when their env.waves is none */
    hw_rc *rigid_handle;          /* or rigid cables built by the caller (kept by the caller; its
                                     dt must equal the lumped dt). At most one of the two */
    const hw_net_def *network;    /* optional: a 1-D network the world builds */
    hw_net *network_handle;       /* or one the caller built and keeps. At most one of the two */
    int n_couplings;
    const hw_coupling_def *couplings;
    int n_bodies;
    const hw_body_def *bodies;
    int n_body_points;            /* lumped points (kind coupled) riding on bodies */
    const hw_body_attach *body_points;
    int n_rc_bodies;              /* bodies held by rigid cables (HW_RC_END_BODY6; the cable's
                                     body6_a/b is a copy of the body's definition); their cables
                                     may come later with hw_world_add_rigid, which checks them */
    const hw_world_rc_body *rc_bodies;
    const double *body_loads;     /* optional: 6 per body, a constant external load (world force,
                                     N, and moment about the reference point, N m: wind, a test
                                     load), in the statics too; hw_world_set_body_load changes it */
    int n_rc_points;              /* rigid cable ends tied to lumped points */
    const hw_world_rc_point *rc_points;
    int n_rc_body_ends;           /* rigid cable ends on non-free bodies (their cables may come
                                     later with hw_world_add_rigid, which checks them) */
    const hw_world_rc_body_end *rc_body_ends;
    hw_backend_kind backend;      /* for the lumped lines and the rigid cables */
    hw_log_fn log;                /* notes and warnings (NULL: silent) */
    void *log_user;
    const char *file;             /* scenario file for messages (NULL: "world") */
} hw_world_def;

hw_world_def hw_default_world(void);

typedef struct hw_world hw_world;

/* Progress: called after every hw_world_step / hw_world_advance_to call's last step with the time
 * reached (and never from inside the families). */
typedef void (*hw_world_progress_fn)(void *user, double t);

/* Builds every family, checks the couplings and the bodies, solves the statics (above). On failure
 * *out is NULL and msg says why (the family and the element). */
hw_status hw_world_create(const hw_world_def *def, hw_world **out, char *msg, size_t msg_len);
void hw_world_destroy(hw_world *w); /* NULL-safe; a handle given in the def is not destroyed */
/* The sea state of the lumped model's environment (NULL: still water); the world owns it. */
const hw_waves *hw_world_waves(const hw_world *w);
const char *hw_world_last_error(const hw_world *w);

/* Rigid cables built by the caller after the world (their dt is the world's, known only once the
 * lumped model is built: the CLI's case), with their ends tied to lumped points; the world then
 * steps them as it would its own (not destroyed with it); the bodies hw_world_def.rc_bodies named
 * are then held by these cables' 6-DOF ends. HW_ERR_INPUT when the world has rigid cables already,
 * the dt differs or an index is out of range. */
hw_status hw_world_add_rigid(hw_world *w, hw_rc *rc, const hw_world_rc_point *points, int n_points);

/* n world steps of dt. */
hw_status hw_world_step(hw_world *w, int n);
/* To time t exactly (whole steps, then one shortened step that lands on t, as hw_sim_advance_to;
 * the shortened step is refused with rigid cables: HW_ERR_INPUT). */
hw_status hw_world_advance_to(hw_world *w, double t);
double hw_world_time(const hw_world *w);
double hw_world_dt(const hw_world *w);
void hw_world_set_progress(hw_world *w, hw_world_progress_fn fn, void *user);
/* An interrupt flag checked before every world step (HW_INTERRUPTED at a step's end). */
void hw_world_set_interrupt(hw_world *w, const volatile sig_atomic_t *flag);

/* The families (NULL when absent), for their outputs. Stepping them directly breaks the world. */
hw_sim *hw_world_lumped(const hw_world *w);
hw_rc *hw_world_rigid(const hw_world *w);
hw_net *hw_world_network(const hw_world *w);

/* Bodies: count, and body k's state (reference point, quaternion w x y z, velocity, angular
 * velocity, world; any pointer NULL), and the force and moment about its reference point that
 * the lumped lines and rigid cables exert on it (last step). */
int hw_world_n_bodies(const hw_world *w);
const char *hw_world_body_name(const hw_world *w, int k);
hw_status hw_world_body_state(const hw_world *w, int k, double pos[3], double quat[4],
                              double vel[3], double ang_vel[3]);
hw_status hw_world_body_cable_load(const hw_world *w, int k, double force[3], double moment[3]);
/* Body k's acceleration now (m/s^2, its reference point's) and angular acceleration (rad/s^2),
 * world, from its equations of motion in the current state (the loads of the last step; what the
 * next step's kick applies): a free body's; a pinned body's angular one, the linear one its pin's
 * (zero for a pin held still); zero for fixed, coupled and prescribed bodies. */
hw_status hw_world_body_acceleration(const hw_world *w, int k, double acc[3], double ang_acc[3]);
/* An external load on body k (a free body's; world force, N, and moment about its reference point,
 * N m; NULL = 0), held until set again: a wind or current load computed by the caller. */
hw_status hw_world_set_body_load(hw_world *w, int k, const double force[3], const double moment[3]);
/* A coupled body's kinematics from outside (co-simulation), held with constant velocities. */
hw_status hw_world_set_body_kinematics(hw_world *w, int k, const double pos[3],
                                       const double quat[4], const double vel[3],
                                       const double ang_vel[3]);

/* Energy over every family: the lumped lines' (hw_energy), the bodies' kinetic and potential
 * (bodies held by rigid cables are in the rigid cables' part), the rigid cables' total, the
 * network's (the energy the couplings move between families stays in the total). */
typedef struct hw_world_energy {
    hw_energy lumped;
    double body_kinetic, body_potential;
    double body_dissipated; /* the bodies' drag work (>= 0) */
    double rigid;           /* the rigid cables' mechanical energy (hw_rc_energy), 0 without */
    double network;         /* the network's kinetic + potential (hw_net_energy), 0 without */
    double total;           /* lumped.total + body_kinetic + body_potential + rigid + network */
} hw_world_energy;
hw_status hw_world_get_energy(const hw_world *w, hw_world_energy *e);

/* The statics at the start: outer iterations over the free bodies and their largest residual
 * (N, force or moment per metre of ... as the largest |component| of the net loads). */
hw_status hw_world_static_info(const hw_world *w, int *iterations, double *residual);
/* The lumped static solves the world statics took (each residual evaluation is one). */
int hw_world_static_solves(const hw_world *w);

/* Loading a world from a file (README "C API: loading a file"): a YAML scenario or a MoorDyn v2
 * deck (told apart as `hawser run` does: a deck has '---' section headers, or the extension .dat,
 * .txt, .in or .inp), read, checked and built into a world with its statics solved - what
 * `hawser run` steps, without the files it writes. The world owns everything it was loaded from.
 * Errors are the loaders' one line "FILE:LINE: FIELD: expected ..., got ..." in msg, with
 * HW_ERR_INPUT (bad input), HW_ERR_UNSUPPORTED (a deck feature Hawser does not have), HW_ERR_IO
 * (the file cannot be read), HW_ERR_NOT_CONVERGED (the statics) or HW_ERR_NUMERICAL. */
typedef struct hw_world_load_opts {
    hw_backend_kind backend;  /* the lumped lines' and rigid cables' backend (default CPU) */
    double dt;                /* > 0: replaces the file's solver.dt; 0: the file's */
    double t_end;             /* > 0: replaces the file's solver.t_end; 0: the file's */
    int n_overrides;          /* scenario keys set before the file is checked (YAML only): */
    const char *const *overrides; /* "environment.current.speed=1.5", "lines[0].length=120",
                                     "lines.mooring.segments=40" (a list item by index or by name);
                                     the value is YAML ("[1, 2]" is a list). A key the file does not
                                     have is added when its parent exists. Errors name the override */
    hw_log_fn log;            /* notes and warnings (NULL: silent) */
    void *log_user;
} hw_world_load_opts;
hw_world_load_opts hw_default_load_opts(void);

hw_status hw_world_load(const char *path, const hw_world_load_opts *opts, hw_world **out,
                        char *msg, size_t msg_len);
/* The same from a YAML scenario's text (name in messages; relative file names in it are relative
 * to the working directory). */
hw_status hw_world_load_string(const char *yaml, const char *name, const hw_world_load_opts *opts,
                               hw_world **out, char *msg, size_t msg_len);

/* Objects by name: index, or -1 when there is none of that name (or w is NULL). Lines, points,
 * sheaves and winches are the lumped model's (a winch goes by its line's name and its index is the
 * line's: hw_sim_winch_state), rigid cables the rigid family's, bodies the world's, network nodes
 * the network's translational nodes. */
typedef enum hw_object_kind {
    HW_OBJ_LINE = 0, HW_OBJ_POINT, HW_OBJ_SHEAVE, HW_OBJ_WINCH, HW_OBJ_BODY, HW_OBJ_RIGID_CABLE,
    HW_OBJ_NET_NODE
} hw_object_kind;
int hw_world_find(const hw_world *w, hw_object_kind kind, const char *name);
/* How many there are (for HW_OBJ_WINCH: the lines, of which hw_world_name gives those with a
 * winch and NULL for the others), and the name of index i (NULL when out of range). */
int hw_world_count(const hw_world *w, hw_object_kind kind);
const char *hw_world_name(const hw_world *w, hw_object_kind kind, int i);
/* The time the file asks the run to end at (solver.t_end, or opts.t_end), s. */
double hw_world_t_end(const hw_world *w);

#ifdef __cplusplus
}
#endif
#endif
