/* Hawser: 6-DOF rigid bodies (MoorDyn's Body; docs/physics.md section 9). Public definitions.
 *
 * A body has a reference point (its position `pos`, orientation `rot`), a centre of gravity and a
 * centre of buoyancy offset from it, an inertia tensor about the CG, a displaced volume, for a
 * surface-piercing body a waterplane (area and second moments), and drag and added mass per body
 * axis. Lumped lines attach to it through points that ride on the body (hw_body_attach: a point
 * of the lumped model at a body-frame offset) and rigid cables through their ends (a body end at
 * a body-frame offset). Units SI; world frame z up, sea surface z = 0. */
#ifndef HAWSER_BODY_H
#define HAWSER_BODY_H

#include "hawser/hawser.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hw_body_kind {
    HW_BODY_FREE = 0,   /* moved by its own loads and the cables attached to it */
    HW_BODY_FIXED,      /* stays at pos / rot */
    HW_BODY_PRESCRIBED, /* moves as given by motion (6 DOF) */
    HW_BODY_COUPLED,    /* kinematics set from outside (co-simulation) */
    HW_BODY_PINNED      /* the reference point (the pin) stays at pos (a ball joint to the ground:
                           MoorDyn's pinned rod), or moves as its motion's x y z say (MoorDyn's
                           coupled pinned body or rod, its pin driven; hw_body_pin_moves), or as a
                           program sets its velocity (hw_bodies_set_state); free to turn about it
                           under its loads (3 DOF: the rotational block of the Newton-Euler
                           equations about the pin, with the d'Alembert moment of the pin's
                           acceleration; the reaction at the pin is whatever holds it there) */
} hw_body_kind;

/* A rigid cylinder carried by a body (MoorDyn's rod; docs/physics.md section 9, "Cylinders"):
 * a slender member from end a to end b (body frame, from the reference point) of diameter d and
 * mass per length m_l, its loads summed over segments + 1 nodes along it as MoorDyn's rod sums
 * them: Morison drag normal (cd, on d l) and axial (cd_ax, on pi d l) on the velocity relative to
 * the water (current and waves) at each node, added mass normal (ca) and axial (ca_ax) per node
 * on its displaced volume, buoyancy of the submerged part of each segment (partial submergence at
 * the surface), weight, and end effects at each end face (cd_end: axial drag on the face area
 * pi d^2 / 4; ca_end: axial added mass of a half sphere of diameter d per face). Its mass and
 * the inertia of a uniform cylinder (about its own axis m_l L d^2 / 8, across it m_l L^3 / 12 +
 * m_l L d^2 / 16 about its centre) add to the body's own mass and inertia, so a body may be a
 * cylinder alone (mass 0, inertia zero). segments = 0: MoorDyn's zero-length rod: one node at a
 * with the end effects of both faces only, no length, no mass (b gives the axis direction; b = a:
 * the body's z axis). MoorDyn's rods have no axial side drag or added mass (CdAx = CaAx = 0); a
 * deck's rod maps with them 0. */
typedef struct hw_body_cylinder_def {
    double a[3], b[3];       /* end A and end B, body frame, m */
    double diameter;         /* m (> 0) */
    double mass_per_length;  /* kg/m (>= 0) */
    int segments;            /* >= 0 */
    double cd, ca;           /* normal drag and added-mass coefficients */
    double cd_ax, ca_ax;     /* axial (tangential) drag and added-mass coefficients */
    double cd_end, ca_end;   /* end-face drag and added-mass coefficients */
} hw_body_cylinder_def;

typedef struct hw_body_def {
    const char *name;
    hw_body_kind kind;
    double pos[3];      /* reference point at t = 0 (world), m */
    double rot[3];      /* orientation at t = 0: roll, pitch, yaw (rad), R = Rz(yaw) Ry(pitch) Rx(roll) */
    double mass;        /* kg (> 0 for a free body) */
    double cg[3];       /* centre of gravity, body frame, from the reference point, m */
    double inertia[6];  /* about the CG, body axes: Ixx Iyy Izz Ixy Ixz Iyz, kg m^2 (positive
                           definite for a free body) */
    double volume;      /* displaced volume, m^3 (>= 0); for a surface-piercing body, with the
                           reference point at z = 0 */
    double cb[3];       /* centre of buoyancy, body frame, m */
    double awp;         /* waterplane area, m^2 (0: the body is submerged and keeps its volume) */
    double iwp[2];      /* waterplane second moments about the body x and y axes through the
                           reference point, m^4 */
    double cda[6];      /* drag per body axis: Cd A (m^2) for x y z, then Cd A r^3 (m^5) for roll
                           pitch yaw: F = -0.5 rho CdA |u| u, M = -0.5 rho CdAr3 |w| w */
    double ca[6];       /* added mass: coefficients on rho volume for x y z, then added inertia
                           (kg m^2) about the body axes through the reference point */
    /* HW_BODY_PRESCRIBED: each of the 6 coordinates (x y z from pos, roll pitch yaw from rot)
     * moves as a point's coordinate does (hawser.h hw_motion_kind). HW_BODY_PINNED: the pin's
     * x y z move so (constant velocity, sinusoid or table; the rotations' entries 0: the body turns
     * under its loads); the default (constant velocity 0) holds the pin still */
    hw_motion_kind motion;
    double vel[6];      /* constant velocity: m/s and rad/s (rates of roll, pitch, yaw) */
    double amp[6];      /* sinusoid amplitudes, m and rad */
    double period;      /* s (> 0) */
    double phase;       /* rad */
    int table_n;        /* >= 2 */
    const double *table_t;   /* strictly increasing */
    const double *table_6;   /* 6 * table_n offsets per row: x y z roll pitch yaw */
    /* HW_MOTION_RAO (docs/physics.md section 10, "Bodies and RAOs"): pos and rot are the mean
     * pose; each wave component j of the world's sea (amplitude a_j, frequency w_j, wavenumber
     * k_j, direction b_j, phase p_j) adds, to coordinate i,
     *   |RAO_i(w_j, b_j - rot[2])| a_j cos(theta_j - eps_i(w_j, b_j - rot[2])),
     *   theta_j = k_j (pos[0] cos b_j + pos[1] sin b_j) - w_j t + p_j
     * (the phase of component j at the mean reference point, kernels/physics/waves.h), i.e. the
     * response leads the wave crest at the reference point by the phase eps. The heading b - yaw
     * is the direction the waves travel towards relative to the body's mean x axis (0: along +x,
     * pi: head seas on a bow at +x). Surge, sway and heave are along the body's mean axes (turned
     * to the world by the mean orientation), roll, pitch and yaw are added to rot. The table is
     * interpolated linearly in frequency and in heading (periodic over 2 pi; the phase along the
     * shorter arc), and gives no response outside [omega[0], omega[n_omega - 1]]. */
    int rao_n_omega;         /* >= 1 frequencies */
    int rao_n_heading;       /* >= 1 headings (one: the same response from every heading) */
    const double *rao_omega;   /* rad/s, > 0, strictly increasing */
    const double *rao_heading; /* rad, strictly increasing, spanning less than 2 pi */
    const double *rao_amp;     /* 6 per (frequency i, heading j), at 6 (i n_heading + j) + dof:
                                  surge sway heave (m/m), roll pitch yaw (rad/m); >= 0 */
    const double *rao_phase;   /* same layout: the phase lead eps (rad) */
    /* rigid cylinders carried by the body (MoorDyn's rods), their loads and mass added to the
     * body's own (hw_body_cylinder_def) */
    int n_cylinders;
    const hw_body_cylinder_def *cylinders;
    /* a free or pinned body's velocity at t = 0 (default at rest), world frame: the reference
     * point's m/s (0 on a pinned body), then the angular velocity, rad/s (a MoorDyn deck's fileIC
     * sets it from the state file) */
    double start_vel[6];
} hw_body_def;

/* A point of the lumped-mass model (hw_model_def.points[point], kind HW_POINT_COUPLED) that rides
 * on body `body` at the body-frame offset `at`: the lines on the point move with the body and
 * load it back. */
typedef struct hw_body_attach {
    int point;
    int body;
    double at[3];
} hw_body_attach;

hw_body_def hw_default_body(void);
/* The body's mass, centre of gravity (body frame) and inertia about it (body axes: Ixx Iyy Izz Ixy
 * Ixz Iyz) with its cylinders' (each a uniform cylinder, kernels/physics/cylinder.h); and the
 * cylinders' displaced volume when whole under water (m^3, in *cyl_volume when not NULL). */
void hw_body_mass_props(const hw_body_def *def, double *mass, double cg[3], double inertia[6],
                        double *cyl_volume);
/* Adds to inertia (Ixx Iyy Izz Ixy Ixz Iyz, about a point) the parallel-axis term of a mass m at
 * offset r from that point: m (|r|^2 1 - r r^T). */
void hw_body_parallel_axis(double inertia[6], double m, const double r[3]);
/* 1 when def is a pinned body whose pin follows its motion (a motion other than the default
 * constant velocity 0), else 0. */
int hw_body_pin_moves(const hw_body_def *def);
/* Checks one body (index k for messages). HW_OK or HW_ERR_INPUT with a one-line message naming the
 * body and the scenario key ("body 'buoy' (0) field 'inertia': ..."). */
hw_status hw_body_check(const hw_body_def *def, int k, char *msg, size_t msg_len);

#ifdef __cplusplus
}
#endif
#endif
