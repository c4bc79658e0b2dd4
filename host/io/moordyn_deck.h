/* MoorDyn v2 input decks (the plain-text format with '----' section header lines) read into the
 * same hw_scenario the YAML loader fills, plus the deck's OUTPUTS channels for the MoorDyn-style
 * .out table (moordyn_out.h). The mapping of every field, and what is refused, is in
 * docs/moordyn.md.
 *
 * Errors are one line, "FILE:LINE: WHERE: expected WHAT, got WHAT"; a deck feature Hawser does not
 * have (rods, bodies, waves, VIV, nonlinear EA files, ...) is refused with
 * "FILE:LINE: WHAT: not supported yet (...)", never skipped. Options that only steer MoorDyn's own
 * machinery (dynamic-relaxation settings, log files) are accepted and reported as notes through
 * the log callback at level 0. */
#ifndef HW_HOST_MOORDYN_DECK_H
#define HW_HOST_MOORDYN_DECK_H

#include "hawser/hawser.h"
#include "io/scenario.h"

typedef enum hw_md_quantity {
    HW_MD_LINE_END_FORCE = 0, /* |force of the line on its end point|: index 0 = end A, else end B */
    HW_MD_NODE_POS,           /* node position component */
    HW_MD_NODE_VEL,           /* node velocity component */
    HW_MD_NODE_TEN,           /* end node: |end force|; inner node: mean of the adjacent segments */
    HW_MD_SEG_TEN,            /* segment tension */
    HW_MD_POINT_POS,
    HW_MD_POINT_VEL,
    HW_MD_POINT_FORCE,        /* component of the total force of the lines on the point */
    HW_MD_POINT_TEN,          /* magnitude of that force */
    HW_MD_POINT_ACC,          /* point acceleration component */
    HW_MD_NODE_FORCE,         /* node net force component (hw_sim_line_node_forces) */
    HW_MD_ROD_NODE_POS,       /* rod node position component: object, object_b = the points at the rod's
                                 ends, node index of nseg, on the chord between them */
    HW_MD_ROD_NODE_VEL,       /* rod node velocity component, interpolated the same way (exact for a rigid
                                 rod: v + w x r is linear along it) */
    HW_MD_ROD_ANGLE,          /* rod roll (comp 0) or pitch (comp 1), deg, of the axis q from end A to B as
                                 MoorDyn defines them: phi = the axis's angle from +z, beta its heading,
                                 roll = -phi sin(beta), pitch = phi cos(beta) */
    HW_MD_ROD_NODE_FORCE,     /* rod node net force component (MoorDyn's Fnet: the rod file's f columns) */
    HW_MD_ROD_FORCE,          /* the whole rod's net force component (the sum of its nodes') */
    HW_MD_ROD_MOMENT,         /* the moment of the nodes' net forces and the end faces' moments about end A */
    HW_MD_ROD_END_TEN,        /* |force of the lines on end A (index 0) or end B (index > 0)| */
    HW_MD_ROD_ACC,            /* the acceleration of end A (its body's, at that point: a + alpha x d +
                                 w x (w x d)), m/s^2 */
    HW_MD_ROD_ANGVEL,         /* the rod's (its body's) angular velocity component, world, deg/s */
    HW_MD_ROD_ANGACC,         /* its angular acceleration component, world, deg/s^2 */
    HW_MD_ROD_NODE_ACC,       /* rod node (index) acceleration component, m/s^2: its body's at that node
                                 (a + alpha x d + w x (w x d)); a zero-length rod's: its point's */
    HW_MD_ROD_SUB,            /* the mean over nodes 0..N of each node's wet fraction (MoorDyn's VOF) */
    HW_MD_BODY_POS,           /* body (object) reference point component */
    HW_MD_BODY_ANGLE,         /* roll, pitch, yaw (comp 0, 1, 2), deg */
    HW_MD_BODY_VEL,           /* reference point velocity component */
    HW_MD_BODY_ANGVEL,        /* angular velocity component (world), deg/s */
    HW_MD_BODY_LOAD,          /* net load: force (comp 0-2, N), moment about the reference point (3-5, N m) */
    HW_MD_BODY_TEN,           /* magnitude of the net force */
    HW_MD_BODY_ACC,           /* acceleration from the equations of motion now: linear (comp 0-2, m/s^2),
                                 angular (3-5, deg/s^2) (hw_world_body_acceleration) */
    HW_MD_BODY_SUB            /* 0, as MoorDyn 2.7.2 writes B#SUB (it computes no body submergence) */
} hw_md_quantity;

typedef struct hw_md_channel {
    char name[48];   /* as written in the deck */
    hw_md_quantity q;
    int object;      /* line or point index, 0-based */
    int index;       /* node 0..nseg, segment 1..nseg, line end 0 (A) / 1 (B) */
    int comp;        /* 0, 1, 2 = x, y, z */
    const char *unit;/* the units row's word, as MoorDyn 2.7.2 writes it: "m", "m/s", "m/s^2", "N" */
    int object_b, nseg; /* rod channels: the point at end B, the rod's segment count */
    int rod;            /* rod channels: the rod's index (hw_md_deck.rods) */
} hw_md_channel;

/* LineOutputs flags (docs/moordyn.md, "Line output files"): each a group of columns of the line's
 * <deck>_Line<N>.out file, written in MoorDyn 2.7.2's column order (the order of this enum). */
enum {
    HW_MD_LO_POS = 1 << 0,    /* p: node positions (m) */
    HW_MD_LO_CURV = 1 << 1,   /* K: node curvature (1/m) */
    HW_MD_LO_VEL = 1 << 2,    /* v: node velocities (m/s) */
    HW_MD_LO_FLUID = 1 << 3,  /* U: fluid velocity at the nodes, current + waves (m/s) */
    HW_MD_LO_DRAG = 1 << 4,   /* D: Morison drag force on the nodes (N) */
    HW_MD_LO_VIV = 1 << 5,    /* V: vortex-induced vibration lift on the nodes (N) */
    HW_MD_LO_TEN = 1 << 6,    /* t: segment elastic tension EA strain, 0 when slack (N) */
    HW_MD_LO_DAMP = 1 << 7,   /* c: segment internal damping force BA strain-rate q (N, vector) */
    HW_MD_LO_STRAIN = 1 << 8, /* s: segment strain (-) */
    HW_MD_LO_RATE = 1 << 9,   /* d: segment strain rate (1/s) */
    HW_MD_LO_COUNT = 10
};

/* What a line's output file needs besides the simulation's state. */
typedef struct hw_md_line_out {
    unsigned flags;  /* HW_MD_LO_*; 0: no file */
    int nseg;
    double l0, ea, ba, d, cdn, cdt; /* unstretched segment length, EA, BA (N s), drag */
    int ea_n, ba_n;  /* rows of the type's strain-tension and damping curves (0: none) */
    double *curves;  /* their x then y columns, EA's then BA's (owned; NULL when both are 0) */
    double cl;                      /* VIV lift coefficient (0: none) */
} hw_md_line_out;

/* RodOutputs (docs/moordyn.md, "Rod output files"): the groups of columns MoorDyn 2.7.2 writes to a
 * rod's <deck>_Rod<N>.out, in its column order (the order of this enum), each 3 per node 0..N. */
enum {
    HW_MD_RO_POS = 1 << 0,    /* p: node positions, Node<i>px (m) */
    HW_MD_RO_VEL = 1 << 1,    /* v: node velocities, Node<i>vx (m/s) */
    HW_MD_RO_NET = 1 << 2,    /* f: net force on the node, Node<i>Fx (N) */
    HW_MD_RO_WEIGHT = 1 << 3, /* W: weight, Node<i>Wx (N) */
    HW_MD_RO_BUOY = 1 << 4,   /* B: buoyancy, Node<i>Box (N) */
    HW_MD_RO_DRAG_Q = 1 << 5, /* X: Node<i>Dpx, which MoorDyn 2.7.2 fills with the axial drag (N) */
    HW_MD_RO_DRAG_N = 1 << 6, /* Y: Node<i>Dqx, which MoorDyn 2.7.2 fills with the drag across the axis (N) */
    HW_MD_RO_FK_N = 1 << 7,   /* A: fluid inertia across the axis, Node<i>ApX (N) */
    HW_MD_RO_FK_Q = 1 << 8,   /* a: fluid inertia along the axis, Node<i>AqX (N) */
    HW_MD_RO_PDYN = 1 << 9,   /* P: the waves' dynamic pressure force, Node<i>Pdx (N; MoorDyn's units row: (Pa)) */
    HW_MD_RO_FLUID = 1 << 10, /* U: fluid velocity, Node<i>Ux (m/s) */
    HW_MD_RO_SEABED = 1 << 11,/* b: seabed contact, Node<i>Bx (N) */
    HW_MD_RO_COUNT = 12
};
#define HW_MD_RO_FILE (1u << 31) /* a letter of p v U D t c s d: MoorDyn 2.7.2 opens the rod's file (D t c s d
                                    add no column; without one of them it writes no file at all) */
/* What a rod's file and channels need: its RodOutputs, the body that carries it and its index among
 * that body's cylinders (the rod's state and loads: io/moordyn_out.c reads them from the world), and
 * the points at its ends (rod<ID>_a, rod<ID>_b: the lines' force on each end; -1 in a deck without
 * lines). */
typedef struct hw_md_rod_out {
    unsigned flags;
    int pt_a, pt_b, nseg;
    int body, cyl;
} hw_md_rod_out;

typedef struct hw_md_deck {
    int n_channels;
    hw_md_channel *channels;
    int write_units;  /* WriteUnits option: the units row of the .out table (default 1) */
    double dt_out;    /* dtOut: > 0, rows at k dtOut (k >= 1) only; 0 (or no dtOut), a row per output time, t = 0 too */
    int n_lines;
    hw_md_line_out *lines;  /* per line (n_lines): its LineOutputs */
    int n_rods;
    hw_md_rod_out *rods;    /* per rod (n_rods): its RodOutputs */
    double rho;             /* water density */
    hw_current_def current; /* the deck's current (owned copy; n_depth 0: none) */
    double *cur_buf;
    struct hw_waves *waves; /* the deck's sea (owned; NULL: still water) */
} hw_md_deck;

/* 1 when the file looks like a MoorDyn deck: a '---' header line naming a MoorDyn section, or
 * (for a file without one) the extension .dat, .txt, .in or .inp. 0 otherwise (a YAML scenario). */
int hw_md_is_deck(const char *path);

/* Reads a deck. On success *sc is a scenario to free with hw_scenario_free() and *deck (when
 * deck is not NULL) the output channels, to free with hw_md_free(). On failure both are NULL,
 * msg holds the one-line error and the status is HW_ERR_INPUT (malformed deck), HW_ERR_UNSUPPORTED
 * (a MoorDyn feature Hawser does not have), HW_ERR_IO or HW_ERR_NOMEM. Notes go to log. */
hw_status hw_md_load(const char *path, hw_log_fn log, void *log_user, hw_scenario **sc,
                     hw_md_deck **deck, char *msg, size_t msg_len);
hw_status hw_md_load_string(const char *text, const char *name, hw_log_fn log, void *log_user,
                            hw_scenario **sc, hw_md_deck **deck, char *msg, size_t msg_len);
void hw_md_free(hw_md_deck *deck); /* NULL-safe */

/* A scenario file of either kind: a MoorDyn deck when hw_md_is_deck(), else YAML (then *deck is
 * NULL). */
hw_status hw_md_load_any(const char *path, hw_log_fn log, void *log_user, hw_scenario **sc,
                         hw_md_deck **deck, char *msg, size_t msg_len);
/* The same with overrides "KEY.PATH=VALUE" (hw_scenario_load_with) for a YAML scenario; a deck
 * with overrides is refused (HW_ERR_INPUT: convert it first). */
hw_status hw_md_load_any_with(const char *path, const char *const *overrides, int n_overrides,
                              hw_log_fn log, void *log_user, hw_scenario **sc, hw_md_deck **deck,
                              char *msg, size_t msg_len);

/* A loaded scenario's warnings (hw_scenario.warnings), one line each to log at level 1. */
void hw_md_log_warnings(const hw_scenario *sc, hw_log_fn log, void *log_user);

/* The equivalent YAML scenario text of a deck (what `hawser convert` writes), malloc'ed; the
 * deck's OUTPUTS channels, which the YAML format cannot hold, are listed in a comment. */
hw_status hw_md_to_yaml(const char *path, hw_log_fn log, void *log_user, char **yaml, char *msg,
                        size_t msg_len);

#endif
