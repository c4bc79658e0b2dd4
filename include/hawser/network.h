/* Hawser 1-D driveline network (Simscape-style): translational and rotational nodes joined by
 * ropes/cables, rope drums and pulleys, rail masses with Stribeck friction, masses, springs,
 * dampers and ideal sources. Equations: docs/physics.md sections 1, 2, 3 and 7; docs/network.md.
 *
 * Shape (like hawser.h): build a definition with hw_net_def_create() and the hw_net_add_*()
 * functions (each takes a def struct started from its hw_default_net_*() and returns the new
 * item's index, or -1 with hw_net_def_last_error() saying why); hw_net_create() validates and
 * builds the network; hw_net_step() advances it; getters read the state; hw_net_destroy().
 * The library never prints: warnings (slack, drum tension) go to the optional log callback.
 *
 * Axis convention: every translational node has one coordinate x (m) along the network axis; a
 * rope's stretch is xs = xB - xF - length (so a rope pulls its base B towards -x and its follower F
 * towards +x). Rotational nodes have an angle phi (rad) and speed w (rad/s). */
#ifndef HAWSER_NETWORK_H
#define HAWSER_NETWORK_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "hawser/signal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- nodes ----------------------------------------------------------------------------------- */
typedef struct hw_net_node_def {
    const char *name;
    double x;      /* initial position, m */
    double v;      /* initial velocity, m/s */
    double mass;   /* kg (>= 0); masses of elements attached to it add to it */
    int fixed;     /* 1: a reference node, held at x */
} hw_net_node_def;

typedef struct hw_net_rnode_def {
    const char *name;
    double phi;     /* initial angle, rad */
    double w;       /* initial speed, rad/s */
    double inertia; /* kg m^2 (>= 0); drum inertias add to it */
    int fixed;      /* 1: held at phi */
} hw_net_rnode_def;

/* ---- elements -------------------------------------------------------------------------------- */
typedef struct hw_net_rope_def {
    const char *name;
    int node_b, node_f;  /* base and follower (translational node indices) */
    double length;       /* offset in the stretch xs = xB - xF - length, m. Default 0 */
    int stiffness;       /* hw_rope_stiffness mode: 0 constant, 1 constant with variable rest length
                            (K = EA/Lrest), 2 table K(xs), D(xs), 3 table over (Lrest, xs/Lrest) */
    double K, D;         /* N/m, N s/m (constant modes; D also for mode 1). Defaults 1e6, 0 */
    double EA;           /* N (mode 1) */
    int table_n;         /* mode 2: table_n rows */
    const double *table_x, *table_k, *table_d;
    int table2_nl, table2_ns; /* mode 3: rest lengths x strains, values [il * ns + is] */
    const double *table2_l, *table2_s, *table2_k, *table2_d;
    /* variable rest length (modes 1 and 3): L = |x[geom_a] - x[geom_b]| + geom_offset is the
       distance between the contact points; Lrest = smoothmax(L - xs, Lmin) (docs/network.md) */
    int geom_a, geom_b;  /* translational nodes; -1 = the rope's own base / follower */
    double geom_offset;  /* m */
    double lmin;         /* minimum rest length, m (> 0). Default 0.01 */
    double lmin_width;   /* blend width of the smooth max, m (>= 0; 0 = the default 0.1 lmin) */
    int slack;           /* model slack (default 1) */
    int slack_model;     /* hw_slack_model: 0 smooth (default), 1 full undamped, 2 full damped */
    double slack_width;  /* transition width of the smooth model, m (> 0). Default 1e-3 */
    int model_mass;      /* lump half the mass on each end node */
    double mass;         /* kg (fixed rest length) */
    double mu;           /* kg/m (variable rest length: m = mu Lrest, quasi-static) */
    int gravity;         /* with mass: m g cos(theta) / 2 on each end, directed from B towards F
                            (-x, since B leads F on the axis) */
    double g;            /* default 9.80665 */
    double theta;        /* angle of gravity relative to the rope's B-to-F direction, rad;
                            0 = F hangs straight below B */
    double fmax;         /* maximum tension, N; 0 = unchecked */
    int slack_warning;   /* default 1 */
} hw_net_rope_def;

typedef struct hw_net_drum_def {
    const char *name;
    int shaft;           /* rotational node */
    int end_a, end_b;    /* translational nodes slaved to the drum; end_b may be -1 */
    int axle;            /* translational node carrying the drum (travelling pulley); -1 = fixed */
    double radius;       /* m (> 0) */
    int windup;          /* +1: ends move in opposite directions, -1: in the same direction */
    double mu_b;         /* bearing viscous coefficient, N m s/rad (>= 0). Default 0.001 */
    int inertia_on;      /* optional drum inertia (default 0) */
    double inertia;      /* kg m^2 (>= 0). Default 0.01 when enabled */
    int set_speed;       /* 1: start the shaft at w0 */
    double w0;           /* rad/s */
    int tension_warning; /* warn when an end's rope tension is <= 0 (default 1) */
} hw_net_drum_def;

typedef struct hw_net_rail_mass_def {
    const char *name;
    int node;            /* port B (port F is at x + length) */
    double mass;         /* kg (> 0) */
    double length;       /* m (>= 0) */
    double theta;        /* incline, rad: positive raises the +x direction */
    double g;            /* default 9.80665 */
    int friction;        /* 1: Stribeck + Coulomb + viscous (default 1) */
    double k_brk, k_c;   /* breakaway and Coulomb coefficients (K_brk >= K_C >= 0) */
    double v_brk;        /* breakaway velocity, m/s (> 0). Default 0.01 */
    double f_v;          /* viscous coefficient, N s/m (>= 0) */
    hw_signal_def normal_force; /* external normal force F_N_ext(t), N (saturated >= 0) */
    double fraction_log; /* x_log = xB + fraction_log * length (0..1). Default 0.5 */
} hw_net_rail_mass_def;

typedef enum hw_net_basic_kind {
    HW_NET_MASS = 0,     /* value: mass on node_a, kg */
    HW_NET_SPRING,       /* value: k, N/m: F = k (xa - xb - length); -F on a, +F on b */
    HW_NET_DAMPER,       /* value: c, N s/m: F = c (va - vb) */
    HW_NET_FORCE_SOURCE, /* +signal on node_a, -signal on node_b (if >= 0), N */
    HW_NET_VELOCITY_SOURCE, /* node_a moves at signal(t), m/s (relative to the reference) */
    HW_NET_TORQUE_SOURCE,   /* +signal on rotational node_a, -signal on node_b (if >= 0), N m */
    HW_NET_ANGVEL_SOURCE    /* rotational node_a turns at signal(t), rad/s */
} hw_net_basic_kind;

typedef struct hw_net_basic_def {
    const char *name;
    hw_net_basic_kind kind;
    int node_a, node_b;  /* node_b = -1 when unused (reference) */
    double value;
    double length;       /* spring free offset, m */
    hw_signal_def signal;
} hw_net_basic_def;

hw_net_node_def hw_default_net_node(void);
hw_net_rnode_def hw_default_net_rnode(void);
hw_net_rope_def hw_default_net_rope(void);
hw_net_drum_def hw_default_net_drum(void);
hw_net_rail_mass_def hw_default_net_rail_mass(void);
hw_net_basic_def hw_default_net_basic(hw_net_basic_kind kind);

/* ---- definition (builder) ------------------------------------------------------------------ */
typedef struct hw_net_def hw_net_def;
hw_net_def *hw_net_def_create(void);
void hw_net_def_destroy(hw_net_def *def); /* NULL-safe */
const char *hw_net_def_last_error(const hw_net_def *def);
/* Copy the def (names and arrays included). Return the new index, or -1 (NULL def, out of memory). */
int hw_net_add_node(hw_net_def *def, const hw_net_node_def *n);
int hw_net_add_rnode(hw_net_def *def, const hw_net_rnode_def *n);
/* Elements share one index space (ropes, drums, rail masses, basic elements in the order added). */
int hw_net_add_rope(hw_net_def *def, const hw_net_rope_def *e);
int hw_net_add_drum(hw_net_def *def, const hw_net_drum_def *e);
int hw_net_add_rail_mass(hw_net_def *def, const hw_net_rail_mass_def *e);
int hw_net_add_basic(hw_net_def *def, const hw_net_basic_def *e);
int hw_net_def_n_nodes(const hw_net_def *def);
int hw_net_def_n_rnodes(const hw_net_def *def);
int hw_net_def_n_elements(const hw_net_def *def);

/* Where a network definition is wrong: item (HW_NET_ITEM_*) and its index, field name (the
 * scenario file's key), entry index within the field (table row, -1 if none), the message. */
enum { HW_NET_ITEM_NODE = 0, HW_NET_ITEM_RNODE, HW_NET_ITEM_ELEMENT, HW_NET_ITEM_NETWORK };
typedef struct hw_net_input_error {
    int item, index;
    char field[64];
    int entry;
    char message[512]; /* complete sentence: "rope 0 'r1' field 'table' index 3: expected ..." */
    char what[256];    /* the "expected ..., got ..." part alone */
} hw_net_input_error;
hw_status hw_net_check(const hw_net_def *def, hw_net_input_error *err);

/* ---- network ------------------------------------------------------------------------------- */
typedef struct hw_net hw_net;

/* Validates (HW_ERR_INPUT: msg holds hw_net_input_error's message) and builds. The def may be
 * destroyed afterwards. */
hw_status hw_net_create(const hw_net_def *def, hw_log_fn log, void *log_user, hw_net **out,
                        char *msg, size_t msg_len);
void hw_net_destroy(hw_net *net); /* NULL-safe */
const char *hw_net_last_error(const hw_net *net);

/* Advances by dt (> 0), sub-stepping internally for stability (docs/network.md). A rope above
 * its fmax: HW_ERR_NUMERICAL naming element, time and value; later steps return HW_ERR_STATE. */
hw_status hw_net_step(hw_net *net, double dt);
double hw_net_time(const hw_net *net);
long hw_net_substeps(const hw_net *net); /* internal sub-steps taken so far */

int hw_net_n_nodes(const hw_net *net);
int hw_net_n_rnodes(const hw_net *net);
int hw_net_n_elements(const hw_net *net);
const char *hw_net_node_name(const hw_net *net, int i);
const char *hw_net_element_name(const hw_net *net, int e);
const char *hw_net_rnode_name(const hw_net *net, int i);
hw_status hw_net_node_state(const hw_net *net, int i, double *x, double *v);
/* External loads from outside the network (co-simulation, 3-D cables), held until set again: a
 * force (N, along the node's axis) on translational node i, a torque (N m) on rotational node i. */
hw_status hw_net_set_node_force(hw_net *net, int i, double f);
hw_status hw_net_set_rnode_torque(hw_net *net, int i, double torque);
hw_status hw_net_rnode_state(const hw_net *net, int i, double *phi, double *w);
/* The element's force at the current state: rope tension, spring/damper force, friction force of a
 * rail mass, source force or torque, drum net torque T (section 2); mass: 0. */
hw_status hw_net_element_force(const hw_net *net, int e, double *f);
/* Integrated dissipated energy (J) and current dissipated power (W) of an element. */
hw_status hw_net_element_dissipation(const hw_net *net, int e, double *energy, double *power);
/* Rail mass: x_log = xB + fraction_log * length. */
hw_status hw_net_rail_x_log(const hw_net *net, int e, double *x_log);

typedef struct hw_net_energy {
    double kinetic;     /* 1/2 m v^2 + 1/2 J w^2 */
    double potential;   /* rail gravity, rope end gravity, springs, rope elasticity */
    double dissipated;  /* sum of the elements' integrated dissipation */
    double source_work; /* work done by force and torque sources so far */
} hw_net_energy;
hw_status hw_net_energy_get(const hw_net *net, hw_net_energy *e);

#ifdef __cplusplus
}
#endif
#endif
