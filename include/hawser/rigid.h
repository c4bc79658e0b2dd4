/* Hawser: the rigid-cylinder cable with compliant Baumgarte constraints (docs/physics.md section 5).
 * Public C API, beside the lumped-mass hw_sim of hawser.h. See docs/rigid.md.
 *
 * A cable is N rigid cylinders (6 DOF each) joined by soft constraints: 3 positional rows (the
 * end point of one cylinder held to the start of the next) and 3 angular rows (bending x, y and
 * torsion z). Each family (axial N, bending M, torsion T) has parameters (alpha, beta, eps): the
 * constraint error obeys g'' + 2 alpha g' + beta^2 g = 0 in the stiff limit and statically acts as
 * a spring beta^2/eps. Give either those directly or the engineering values EA, EI, GJ and a
 * damping ratio; they convert with beta = beta_dt / dt (default 1/dt):
 *   E A = beta_N^2 L/(eps_N N),  E I = beta_M^2 L/(2 eps_M N),  G J = beta_T^2 L/(2 eps_T N),
 *   alpha = damping_ratio * beta.
 * Co-simulation shape (the seed's component): set end kinematics and winch inputs, step, read
 * the end reaction forces. Several independent cables live in one simulation. Units SI, z up,
 * mean sea surface z = 0 (the instantaneous one in waves), seabed z = -depth. The library never
 * prints, exits or aborts. */
#ifndef HAWSER_RIGID_H
#define HAWSER_RIGID_H

#include "hawser/hawser.h"
#include "hawser/body.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hw_rc_end_kind {
    HW_RC_END_FREE = 0,  /* no constraint (a free end; external loads via hw_rc_set_end_load) */
    HW_RC_END_POINT,     /* the end point follows a position/velocity input (ball joint) */
    HW_RC_END_CLAMPED,   /* position input plus a fixed orientation (the end element's initial one) */
    HW_RC_END_BODY,      /* a body (body_a / body_b: a payload, ROV or clump weight) on a ball joint:
                            a point mass with buoyancy, drag and added mass that the cable moves and
                            that loads the cable back, solved with the constraints each step */
    HW_RC_END_BODY6      /* a 6-DOF body (body6_a / body6_b, include/hawser/body.h) joined by a ball
                            joint at the body-frame point at_a / at_b: solved with the cable's
                            constraints each step (the implicit end block), so a stiff cable on a
                            light body stays stable at the cable's step */
} hw_rc_end_kind;

/* A body at a cable end (HW_RC_END_BODY), as a lumped-mass model's free point (hawser.h
 * hw_point_def): below z = 0 (its centre) it has buoyancy rho volume g, drag 0.5 rho cda |u| u on
 * the velocity relative to the current at its depth, and added mass ca rho volume. It starts at
 * its end's position (pos_a / pos_b), at rest; for the initial shape it counts as attached. */
typedef struct hw_rc_body_def {
    double mass;    /* kg (> 0) */
    double volume;  /* displaced volume, m^3 (>= 0) */
    double cda;     /* drag area Cd A, m^2 (>= 0) */
    double ca;      /* added-mass coefficient on the volume (>= 0) */
} hw_rc_body_def;

typedef enum hw_rc_stiffness_mode {
    HW_RC_ENGINEERING = 0, /* ea, ei, gj, damping_ratio, beta_dt */
    HW_RC_BAUMGARTE        /* axial, bending, torsion (alpha, beta, eps) as in the seed */
} hw_rc_stiffness_mode;

typedef struct hw_rc_family {
    double alpha; /* damping factor, 1/s (>= 0) */
    double beta;  /* restoring factor, 1/s (> 0; 0 switches the family off, not allowed for axial) */
    double eps;   /* compliance (> 0): 1/kg axial, 1/(kg m^2) bending and torsion */
} hw_rc_family;

typedef struct hw_rc_cable_def {
    const char *name;
    double length;          /* total length L_total, m (> 0) */
    int elements;           /* N >= 1 */
    double mass_per_length; /* kg/m in air (> 0) */
    double diameter;        /* m (> 0): inertia, buoyancy, drag, seabed */
    hw_rc_stiffness_mode stiffness;
    /* HW_RC_ENGINEERING */
    double ea;              /* N (> 0) */
    double ei;              /* N m^2 (>= 0; 0 = no bending stiffness: ball joints) */
    double gj;              /* N m^2 (>= 0; 0 = no torsional stiffness) */
    double damping_ratio;   /* alpha / beta of every family (>= 0). Default 0.5 */
    double beta_dt;         /* beta dt (> 0, <= 1 advised). Default 1 (the seed's beta = 1/dt) */
    /* HW_RC_BAUMGARTE */
    hw_rc_family axial, bending, torsion;
    /* ends: A is the start of element 0, B the end of element N-1 */
    hw_rc_end_kind end_a, end_b;
    double pos_a[3], pos_b[3]; /* initial end positions. Both ends attached (point, clamped or
                                  body): the cable starts on the elastic catenary between them (a
                                  straight chord without weight in water or a solution); one
                                  end free: straight from the other towards it, unstretched */
    hw_rc_body_def body_a, body_b; /* the bodies of HW_RC_END_BODY ends */
    hw_body_def body6_a, body6_b;  /* the bodies of HW_RC_END_BODY6 ends (kind free; pos and rot
                                      place the body at t = 0, and the cable's end starts on the
                                      body point at_a / at_b, not on pos_a / pos_b) */
    double at_a[3], at_b[3];       /* HW_RC_END_BODY6: the joint, body frame from the reference point */
    /* hydrodynamics (docs/physics.md section 4, at each cylinder's centre) */
    double cdn, cdt;        /* drag coefficients. Defaults 1.2, 0.008 */
    double can, cat;        /* added-mass coefficients. Defaults 1.0, 0.0 */
    double seabed_mu;       /* seabed friction coefficient. Default 0 */
    double relax_damping;   /* mass-proportional damping c (1/s, >= 0, c dt < 1): F = -c m v,
                               M = -c I w. Numerical, to reach statics by damped dynamics. 0 */
    /* A winch in reel mode (docs/physics.md section 5) at end winch.end (default none): the element at
     * that end grows or shrinks with the pay-out; past 1.5 nominal lengths (length / elements at
     * t = 0) it splits into a nominal element and the rest, below 0.5 it merges with its
     * neighbour, conserving mass and momentum. Driven as a lumped-mass line's winch (hawser.h
     * hw_winch_def: speed or speed table, length target, tension target, external speed, drum);
     * `length` and `elements` are the deployed length and count at t = 0. The winch end must be
     * attached (point or clamped). A cable with a reel winch cannot use hw_rc_set_winch.
     * Tension mode: a speed change accelerates the whole (axially stiff) cable within one step,
     * so the gain must stay below dt / (2 mu max_length) (checked); unset, it is the smaller of
     * max_speed / target and half that bound. */
    hw_winch_def winch;
} hw_rc_cable_def;

typedef struct hw_rc_env_def {
    double g;          /* m/s^2 (>= 0), along -z. Default 9.80665 */
    double rho_w;      /* water density kg/m^3 (>= 0). Default 1025 */
    double depth;      /* water depth m (> 0). Default 100 */
    double seabed_k;   /* Pa/m. Default 3e6 */
    double seabed_c;   /* Pa s/m. Default 3e5 */
    double friction_v; /* m/s (> 0). Default 1e-2 */
    double current[3]; /* uniform current, m/s. Default 0 */
    hw_current_def profile; /* optional (n_depth > 0): a current against depth (and time), as for
                               the lumped-mass model, looked up at each element's centre; replaces
                               `current`. The arrays are copied */
    hw_waves_def waves;     /* the sea state (hawser.h hw_waves_def, include/hawser/waves.h;
                               default none: still water), the same definition as the lumped-mass
                               environment's (a scenario's and a world's rigid cables get that
                               one). Built into components at hw_rc_create in this depth, g and
                               rho_w (its arrays are read there, not kept). In waves each
                               element's submerged length is measured to the instantaneous
                               surface, its drag acts on the velocity relative to current plus
                               waves and its wet volume feels rho V [(1 + can) a_n + (1 + cat) a_t];
                               body ends likewise (docs/rigid.md "Waves") */
    hw_bathymetry_def bathymetry; /* a seabed that is not flat (hawser.h; nx = 0, the default:
                                     flat at -depth): each element's seabed contact at the depth
                                     under its centre. The arrays are copied */
} hw_rc_env_def;

typedef struct hw_rc_def {
    hw_rc_env_def env;
    double dt;          /* time step, s (> 0). Default 1e-2 */
    double max_gap;     /* a joint gap beyond max_gap * element length is a blow-up. Default 0.5 */
    hw_backend_kind backend; /* CPU (default), CUDA (HW_ERR_UNSUPPORTED when compiled out,
                                HW_ERR_NO_DEVICE without a device) or AUTO (CUDA if present) */
    int n_cables;
    const hw_rc_cable_def *cables;
} hw_rc_def;

hw_rc_env_def hw_default_rc_env(void);
hw_rc_cable_def hw_default_rc_cable(void);
hw_rc_def hw_default_rc_def(void);

/* Checks a definition. HW_OK or HW_ERR_INPUT with a one-line message naming the cable and field
 * ("rigid cable 'wire' (0) field 'EA': ..."). */
hw_status hw_rc_check(const hw_rc_def *def, char *msg, size_t msg_len);

typedef struct hw_rc hw_rc;

hw_status hw_rc_create(const hw_rc_def *def, hw_rc **out, char *msg, size_t msg_len);
void hw_rc_destroy(hw_rc *rc); /* NULL-safe */
const char *hw_rc_last_error(const hw_rc *rc);
const char *hw_rc_backend_name(const hw_rc *rc); /* "cpu" or "cuda" */

/* The parameters in use for a cable: (alpha, beta, eps) per family (index 0 axial, 1 bending,
 * 2 torsion; eps for the current element length) and the effective EA, EI, GJ. */
typedef struct hw_rc_params {
    double alpha[3], beta[3], eps[3];
    double ea, ei, gj;
    double element_length; /* current l = L_cable / N */
} hw_rc_params;
hw_status hw_rc_get_params(const hw_rc *rc, int cable, hw_rc_params *out);

/* ---- inputs ---------------------------------------------------------------------------------- */
/* End kinematics from now on: the end is held at pos + vel (t - now). NULL leaves an end as it
 * is. Ignored for free ends; HW_ERR_INVALID_ARG for a body end (the body moves with the cable:
 * hw_rc_body_state reads it). */
hw_status hw_rc_set_end_kinematics(hw_rc *rc, int cable, const double pos_a[3],
                                   const double vel_a[3], const double pos_b[3],
                                   const double vel_b[3]);
/* The attachment point of a point or clamped end (0 = A, 1 = B) now: the position it is held at
 * (pos + vel (t - t_set), from the last hw_rc_set_end_kinematics or the definition) and that
 * velocity; either pointer may be NULL. The end node (hw_rc_nodes) sits off it by the end block's
 * spring stretch (force / (EA / (l/2))). HW_ERR_INVALID_ARG for a free or body end. */
hw_status hw_rc_end_point(const hw_rc *rc, int cable, int end, double pos[3], double vel[3]);
/* External force (at the end point) and torque (world frame) on end element A (end 0) or B
 * (end 1); NULL = zero. Meant for free ends (a payload's weight, a test load); at a body end the
 * force acts on the body (a co-simulation load on the payload) and the torque on the element. */
hw_status hw_rc_set_end_load(hw_rc *rc, int cable, int end, const double force[3],
                             const double torque[3]);
/* Winch inputs, rescale mode (the seed's): L_cable = L_total - retracted_a - retracted_b, all
 * elements share l = L_cable / N, and dl/dt = -(speed_a + speed_b) / N enters dg/dt. Within
 * hw_rc_step the retracted lengths advance with the speeds. Lengths >= 0 with L_cable > 0. */
hw_status hw_rc_set_winch(hw_rc *rc, int cable, double retracted_a, double retracted_b,
                          double speed_a, double speed_b);

/* Reel winch (hw_rc_cable_def.winch): the pay-out speed in HW_WINCH_EXTERNAL mode (m/s, > 0 pays
 * out, < 0 hauls in), from the next step on. HW_ERR_INVALID_ARG for a cable without a reel winch
 * or in another mode. */
hw_status hw_rc_set_winch_speed(hw_rc *rc, int cable, double speed);
/* Reel winch state: deployed length (m, the sum of the element lengths), pay-out speed of the last
 * step (m/s), axial tension at the winch end from the last solve (N), elements now. Any output
 * pointer may be NULL. HW_ERR_INVALID_ARG for a cable without a reel winch. */
hw_status hw_rc_winch_state(const hw_rc *rc, int cable, double *length, double *speed,
                            double *tension, int *elements);

/* The body at end `end` (0 = A, 1 = B) of a cable: its position and velocity now (m, m/s,
 * world); either pointer may be NULL. The force the cable exerts on it is hw_rc_end_forces'.
 * HW_ERR_INVALID_ARG when that end is not a (point) body; a 6-DOF body end: hw_rc_body6_state. */
hw_status hw_rc_body_state(const hw_rc *rc, int cable, int end, double pos[3], double vel[3]);

/* A 6-DOF body end (HW_RC_END_BODY6) of a cable: reference point, orientation (w x y z), velocity
 * and angular velocity (world), any pointer NULL; HW_ERR_INVALID_ARG when that end is not one.
 * The force the cable exerts on the body (at its joint) is hw_rc_end_forces'. */
hw_status hw_rc_body6_state(const hw_rc *rc, int cable, int end, double pos[3], double quat[4],
                            double vel[3], double w[3]);
/* External load on that body from now on (held until set again): a force (N, world) and a moment
 * about the body's reference point (N m, world), e.g. the lumped lines attached to it. NULL = 0. */
hw_status hw_rc_set_body6_load(hw_rc *rc, int cable, int end, const double force[3],
                               const double moment[3]);

/* Places a cable on the N+1 points xyz (3(N+1) values): element i centred between points i and
 * i+1 along their chord, at rest, no twist (the end inputs are left as they are). For starting
 * from a chosen shape or restarting; the points should be about one element length apart. A body
 * end's body is put on its end point, at rest (a 6-DOF body moved, orientation kept, so that its
 * joint is on the end point). */
hw_status hw_rc_set_nodes(hw_rc *rc, int cable, const double *xyz);

/* ---- stepping -------------------------------------------------------------------------------- */
/* n steps of dt. On HW_ERR_NUMERICAL the last error holds the diagnosis (cable, element, time,
 * likely cause) and further steps return HW_ERR_STATE. */
hw_status hw_rc_step(hw_rc *rc, int n);
double hw_rc_time(const hw_rc *rc);
double hw_rc_dt(const hw_rc *rc);
int hw_rc_n_cables(const hw_rc *rc);
const char *hw_rc_cable_name(const hw_rc *rc, int cable); /* its name ("" when unnamed); NULL out of range */
int hw_rc_elements(const hw_rc *rc, int cable); /* N, or -1 for a bad index */
double hw_rc_cable_length(const hw_rc *rc, int cable); /* L_cable now (unstretched) */

/* ---- outputs (constraint forces from the last step's solve, state at hw_rc_time) --------------- */
/* Force the cable exerts on its attachment points A and B (N, world); zero at a free end. */
hw_status hw_rc_end_forces(const hw_rc *rc, int cable, double force_a[3], double force_b[3]);
/* Axial force (N, > 0 in tension) at the N+1 constraint blocks: [0] end A, [k] the joint between
 * elements k-1 and k, [N] end B. */
hw_status hw_rc_tensions(const hw_rc *rc, int cable, double *t);
/* Moment carried by the angular rows at the N+1 blocks, 3 values each in the frame of the element
 * after the block (element N-1 for end B): bending x, y and torsion z (N m). */
hw_status hw_rc_bending_moments(const hw_rc *rc, int cable, double *m);
/* Element centres (3N), velocities (3N), orientations (4N: w x y z), body angular velocities (3N). */
hw_status hw_rc_positions(const hw_rc *rc, int cable, double *xyz);
hw_status hw_rc_velocities(const hw_rc *rc, int cable, double *xyz);
hw_status hw_rc_orientations(const hw_rc *rc, int cable, double *q);
hw_status hw_rc_angular_velocities(const hw_rc *rc, int cable, double *w);
/* Node points (3(N+1)): [0] end point a_0, [k] the midpoint of b_{k-1} and a_k, [N] end b_{N-1}. */
hw_status hw_rc_nodes(const hw_rc *rc, int cable, double *xyz);

typedef struct hw_rc_energy {
    double kinetic;         /* translational (with added mass) + rotational */
    double gravity;         /* weight minus buoyancy, relative to z = 0 */
    double axial, bending, torsion; /* constraint springs beta^2 g^2 / (2 eps_row) */
    double constraint_rate; /* gd^2 / (2 eps_row): the regularization's inertia term */
    double seabed;          /* seabed springs */
    double dissipated;      /* constraint damping, drag, seabed, relaxation work so far */
    double total;           /* all but dissipated */
} hw_rc_energy;
hw_status hw_rc_get_energy(const hw_rc *rc, hw_rc_energy *e);

#ifdef __cplusplus
}
#endif
#endif
