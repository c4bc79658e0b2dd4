/* The rigid-cylinder simulation's insides, shared by rigid_sim.c (definition, stepping, outputs)
 * and rigid_winch.c (reel winches). */
#ifndef HW_RIGID_INTERNAL_H
#define HW_RIGID_INTERNAL_H

#include "hawser/rigid.h"
#include "rigid.h"
#include "sea/waves.h"

/* A reel winch at one end of a cable (docs/physics.md section 5, reel mode). */
typedef struct rc_reel {
    int on, end;                /* end 0 = A, 1 = B */
    hw_winch_def def;           /* defaults filled, tables owned (storage `tables`) */
    double *tables;
    double l_nom;               /* nominal element length: length / elements at t = 0 */
    double speed, tension;      /* pay-out speed of the step (> 0 pays out); tension at the winch */
    double omega;               /* drum angular velocity (rad/s, > 0 hauls in) */
    double external;            /* HW_WINCH_EXTERNAL: the speed set through the API */
    double length, counter;     /* deployed length; the cable count (length at t = 0 + pay-out) */
    int at_max, at_min;
    long events;                /* splits and merges so far */
} rc_reel;

typedef struct rc_cable_host {
    char name[64];
    double L_total, ret_a, ret_b, speed_a, speed_b; /* rescale winch (hw_rc_set_winch) */
    double ea, ei, gj;          /* effective moduli, kept constant while l changes */
    double ta, tb;              /* time the end kinematics were set */
    double pa0[3], pb0[3];      /* end positions at ta / tb */
    double body_f[2][3];        /* external force on the bodies of body ends A, B (point or
                                   6-DOF: at the joint) */
    char body6_name[2][64];     /* the 6-DOF bodies' names (diagnosis) */
    rc_reel reel;
} rc_cable_host;

struct hw_rc {
    hw_rc_sys S;
    rc_cable_host *ch;
    double *blk, *el, *power;
    hw_rc_cpu_work work;        /* the CPU step's workspace */
    hw_rc_gpu *gpu;             /* non-NULL: the CUDA backend holds the state */
    double *cur;                /* the current profile's arrays (z, t, ux, uy, uz), owned */
    double *bathy;              /* the bathymetry's arrays (x, y, depth), owned (or NULL) */
    hw_waves *waves;            /* the sea state of env.waves (owned; S.env.wav is its field) */
    double t, dt, dissipated;
    long steps;
    int failed;
    int reels;                  /* cables with a reel winch */
    int bodies;                 /* body ends */
    int bodies6;                /* 6-DOF body ends */
    char err[1024];
};

/* Axial force (N, > 0 in tension) at block k of cable c from the last solve (here, not in
 * rigid_sim.c, so that the reel winches read it without depending on the stepping). */
static inline double hw_rc_block_tension(const hw_rc *rc, int c, int k)
{
    const hw_rc_cable *C = &rc->S.cab[c];
    return hw_rc_block_tension_of(C, rc->S.st, rc->S.n_elems, rc->blk + ((size_t)C->b0 + (size_t)k) * HW_RC_BLK, k);
}

#endif
