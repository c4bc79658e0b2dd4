/* The lumped-mass cable system as flat structure-of-arrays (float64), and the per-element step
 * bodies both backends loop over. Nothing here allocates: the host fills an hw_lm_sys with host
 * arrays, a backend makes its own copy (device arrays for CUDA) with the same layout.
 *
 * Elements:
 *   line l      nodes ln_n0[l] .. ln_n0[l] + ln_nseg[l], segments ln_s0[l] .. + ln_nseg[l] - 1
 *               (segment local index i = 1..nseg joins nodes i-1 and i); a winch line has
 *               spare slots up to ln_cap[l] segments, which every pass skips
 *   point p     state slot n_nodes + p (fixed, prescribed, free or coupled)
 *   end slot e  2 l + 0 is end A (node 0) of line l, 2 l + 1 end B (node nseg)
 * State vector y: HW_Y_BLOCKS blocks of n_state = n_nodes + n_points values:
 *   rx ry rz vx vy vz ed  (ed: energy dissipated at that node or point so far)
 * then n_vis values: with a viscoelastic line in the system (n_vis = n_segs, else 0), the strain
 * e1 of the first spring of every segment (physics/viscoelastic.h; 0 and never written for the
 * segments of other lines, or the slow strain s of a Syrope segment: physics/syrope.h; n_vis is
 * n_segs as well with a Syrope line), then n_viv values: with a line with vortex-induced vibration
 * in the system (n_viv = 3 n_nodes, else 0), three blocks of n_nodes: the excitation phase of every
 * node, and the running mean squares of its cross-flow velocity and acceleration (physics/viv.h; 0
 * and never written for the nodes of other lines and the end nodes). hw_lm_ny is the whole length:
 * the integrators combine all of it.
 * End nodes take their kinematics from their point (hw_lm_constrain_*): they are part of the
 * point's rigid motion, and the point carries their mass and loads.
 *
 * Napkin math, per segment-step of one evaluation (the unit of work): the node pass reads 6
 * doubles of state and writes 7 of derivative; the segment pass reads 12 state doubles (shared
 * with neighbours, so ~6 from memory) and writes 7; the node pass reads ~14 segment values back.
 * About 35 doubles = 280 bytes per node per evaluation before the integrator's vector updates
 * (7 doubles read from each of 2-5 buffers and 7 written per node per stage). */
#ifndef HW_KERNELS_LUMPED_H
#define HW_KERNELS_LUMPED_H

#include <stddef.h>

#include "physics/hd.h"
#include "physics/segment.h"
#include "physics/viscoelastic.h"
#include "physics/viv.h"
#include "physics/syrope.h"
#include "physics/hydro.h"
#include "physics/seabed.h"
#include "physics/bending.h"
#include "physics/motion.h"
#include "physics/point.h"
#include "physics/waves.h"

enum { HW_Y_RX = 0, HW_Y_RY, HW_Y_RZ, HW_Y_VX, HW_Y_VY, HW_Y_VZ, HW_Y_ED, HW_Y_BLOCKS };
enum { HW_PT_FIXED = 0, HW_PT_PRESCRIBED = 1, HW_PT_FREE = 2, HW_PT_COUPLED = 3 };

typedef struct hw_lm_sys {
    int n_lines, n_nodes, n_segs, n_points, n_state, n_tab, n_ptab;
    int any_bending;
    int n_vis;      /* state values after the HW_Y_BLOCKS blocks: n_segs with a viscoelastic line, else 0 */
    int vis_static; /* 1 (the static solver): viscoelastic lines pull EA_s e, as elastic ones */
    int n_viv;      /* state values after the viscoelastic ones: 3 n_nodes with a VIV line, else 0 */
    int viv_static; /* 1 (the static solver): no lift, and the VIV states hold */
    double max_strain;
    /* environment */
    double g, rho, depth, kb, cb, vf;
    /* bathymetry (hw_bathy_depth): sb_nx x values, sb_ny y values, depths sb_d (x fastest);
     * sb_nx = 0: the flat seabed at z = -depth, and nothing below reads the rest. sb_dmin: the
     * grid's shallowest depth (no node deeper than -sb_dmin touches it) */
    int sb_nx, sb_ny;
    double *sb_x, *sb_y, *sb_d;
    double sb_dmin;
    /* the current on its grid (physics/hydro.h hw_cur_grid: cur_nx x values, cur_ny y values,
     * cur_nz depths, cur_nt times; cur_nz = 0: none). cur_w: its time bracket at cur_wt, set by
     * hw_lm_current_time before a pass over the nodes (cur_wset = 0: not set, each lookup finds
     * its own) */
    int cur_nx, cur_ny, cur_nz, cur_nt;
    double *cur_x, *cur_y, *cur_z, *cur_t, *cur_ux, *cur_uy, *cur_uz;
    hw_tlu_w cur_w;
    double cur_wt;
    int cur_wset;
    /* lines */
    int *ln_n0, *ln_s0, *ln_nseg, *ln_pa, *ln_pb, *ln_tab0, *ln_tabn;
    int *ln_btabn; /* rows of the line's damping curve (BA_table; 0: none), stored in tab_x/tab_y
                      after its strain-tension rows (at ln_tab0 + ln_tabn); ln_ba is then the
                      curve's steepest slope, for the step estimates and the bending hinge */
    /* winch (reel mode): a line owns ln_cap segment slots and ln_cap + 1 node slots, of which
     * the first ln_nseg (+ 1) are in use; ln_wseg[2 l + e] is the global index of the segment
     * at end e (0: A, 1: B) when that end reels on a winch or sheave (-1: it does not),
     * ln_wrate[2 l + e] the rate of its unstretched length (m/s) */
    double *ln_cscale, *pt_cscale; /* current seen by each line and point: the environment's x this */
    int *ln_cap, *ln_wseg;
    double *ln_wrate, *ln_wt0; /* ... and the time at which seg_l0 holds its length */
    double *ln_d, *ln_mu, *ln_ea, *ln_ba, *ln_ei, *ln_cdn, *ln_cdt, *ln_can, *ln_cat, *ln_mus;
    double *tab_x, *tab_y; /* strain-tension tables, all lines */
    /* clamped ends (physics/bending.h hw_hinge_clamp; lines with EI > 0): per end slot e, the
     * unit direction the line leaves its end point along (ln_cdir, 3; zero: a ball joint, no end
     * hinge) and its rate (ln_cdot, 3: w x c on a body turning at w), set from outside
     * (hw_sim_set_end_clamp) as a coupled point's kinematics are. n_clamp: the clamped ends;
     * 0: none, and nothing reads the two arrays (nor writes hw_lm_work.end_mc) */
    int n_clamp;
    double *ln_cdir, *ln_cdot;
    /* bending joints (physics/bending.h hw_joint_axis; MoorDyn's zero-length rod joining lines with
     * EI): ends clamped to the axis of their point's joint, which turns with the lines to balance
     * their end moments. n_joint: how many (0: none, and nothing reads the arrays). ln_cjt per end
     * slot: -1 (not on a joint), else 2 j + side for joint j, side 0: the line leaves its point
     * along the axis, 1: against it. jt_e: the member end slots of joint j are
     * jt_e[jt_e0[j] .. jt_e0[j + 1] - 1]. Joint ends count in n_clamp (their ln_cdir is zero). */
    int n_joint;
    int *ln_cjt, *jt_e0, *jt_e;
    /* viscoelastic lines (physics/viscoelastic.h): k1, k2 = EA_d and bd = BA_d, N and N s (k2 = 0:
     * an elastic line); ln_ba is their bs, ln_ea their EA_s. ln_vbeta: the mean-load slope beta of
     * EA_d (0: constant EA_d; else k2 is alpha and k1 its k1, at zero mean load, and the springs
     * follow e1: hw_visco_springs). NULL when n_vis = 0. */
    double *ln_vk1, *ln_vk2, *ln_vbd, *ln_vbeta;
    /* vortex-induced vibration (physics/viv.h): lift coefficient (0: none), synchronization range
     * cF +- dF, rms averaging time tau (s). NULL when n_viv = 0. */
    double *ln_vcl, *ln_vcf, *ln_vdf, *ln_vtau;
    /* Syrope lines (physics/syrope.h; n_syr: how many, 0: none, and nothing below is read).
     * Per line: ln_syrn OWC rows (0: not Syrope) from row ln_syr0 of syr_e, syr_t; ln_syrc the
     * working-curve shape; ln_syrp 4 values: k1, k2, alpha, beta; bs = ln_ba, bd = ln_vbd. Per
     * segment, seg_syr 2 values: the running maximum Tmax and the branch of the next evaluation
     * (1: the OWC, the last mean tension being at Tmax; physics/syrope.h); after those, one per
     * line (hw_lm_syr_wc): the Tmax its working curve was made at, which its segments read where
     * ln_syrc has HW_SYROPE_LINE_CURVE (one curve per line, as MoorDyn 2.7.2's: the segments of a
     * Syrope line are evaluated in order, by one thread).
     * Every evaluation of a segment (the segment pass, not the static solver's) moves them, as
     * every one of MoorDyn 2.7.2's does (docs/moordyn.md, "Syrope"); the outputs' evaluations
     * between steps put them back (host/world/sim.c). Each segment is evaluated by one thread. */
    int n_syr;
    int *ln_syr0, *ln_syrn, *ln_syrc;
    double *ln_syrp, *syr_e, *syr_t, *seg_syr;
    double *ln_syrs; /* host only (the start, hw_lm_syrope_init_line): Tmax0, Tmean0 per line */
    /* segments */
    int *seg_line;
    double *seg_l0;
    double *seg_alive; /* 1: intact; 0: broken (line failure, host/world/failure.c): no tension,
                          damping or bending moment across it (hw_segment_cut, hw_lm_hinge) */
    double *seg_trip;  /* tension above which an armed failure rule breaks the segment (+inf:
                          not watched); read only by the backends' trip_scan, never by a step */
    /* nodes */
    int *node_line, *node_loc;
    double *node_m, *node_l; /* structural mass, tributary unstretched length */
    /* points */
    int *pt_kind, *pt_motion, *pt_tab0, *pt_tabn, *pt_att0, *pt_att;
    double *pt_r0, *pt_vel, *pt_amp; /* 3 per point */
    double *pt_omega, *pt_phase, *pt_mass, *pt_vol, *pt_cda, *pt_ca;
    double *ptab_t, *ptab_xyz;        /* motion tables, all points (xyz: 3 per row) */
    double *ptab_m;                   /* their natural-spline second derivatives, as ptab_xyz
                                         (hw_motion_spline, computed by the host's model build) */
    double *pt_cpos, *pt_cvel, *pt_ct; /* coupled points: set from outside (3, 3, 1 per point) */
    /* waves (docs/physics.md section 10, "Loads on lumped-mass nodes in waves"): the components
     * (wv.n = 0: still water; then nothing below reads the rest) and the kinematics sampled at
     * every state slot (nodes and points) every wv_h seconds: wv_k[i] is the interval k of slot
     * i's samples, wv_s0 and wv_s1 their HW_WS_N values at t_k = k wv_h and t_{k+1} (value c of
     * slot i at c n_state + i), written by the refresh pass (hw_lm_wave_refresh) and
     * interpolated linearly in time by the node and point loads (hw_lm_wave_at) */
    hw_wave_field wv;
    double wv_h;
    int *wv_k;
    double *wv_s0, *wv_s1;
} hw_lm_sys;

/* The sampled wave kinematics of a slot: elevation, velocity, local acceleration. */
enum { HW_WS_ETA = 0, HW_WS_UX, HW_WS_UY, HW_WS_UZ, HW_WS_AX, HW_WS_AY, HW_WS_AZ, HW_WS_N };
#define HW_WV_NONE (-2147483647 - 1) /* wv_k of a slot never sampled: reads as still water */

/* Per-evaluation scratch, written by one pass and read by the next. */
typedef struct hw_lm_work {
    double *seg_T, *seg_qx, *seg_qy, *seg_qz, *seg_len, *seg_strain; /* per segment */
    double *seg_pd;          /* per segment: power dissipated by its internal damping, plus
                                that of the bending hinge at its second node (hw_lm_hinge) */
    double *hg_fa, *hg_fb;   /* per node: bending hinge vectors (3 each, xyz interleaved) */
    double *end_f;           /* per end slot: external force on the end node (3) */
    double *end_m;           /* per end slot: its mass matrix (6: xx yy zz xy xz yz) */
    double *end_mc;          /* per end slot (n_clamp > 0): a clamped end's moment on its point's
                                body (3) and its hinge's damping power (1) */
    double *pt_f;            /* per point: force the lines exert on the point (3) */
    double *pt_a;            /* per point: its acceleration (3) */
    int *bad;                /* first segment whose strain is non-finite or past max_strain */
    double *node_f;          /* optional (NULL = off): net load on each node and free point (3) */
} hw_lm_work;

#define HW_NO_BAD 0x7fffffff
#define HW_BAD_DEVICE (-2) /* take_bad: the device failed, not a segment */
#ifdef __CUDA_ARCH__
#define HW_FLAG_BAD(p, s) atomicMin((p), (s))
#else
#define HW_FLAG_BAD(p, s) do { if ((s) < *(p)) *(p) = (s); } while (0)
#endif

/* The state's length, and where the viscoelastic strains start in it. */
HW_HD size_t hw_lm_vis_off(const hw_lm_sys *S) { return (size_t)HW_Y_BLOCKS * (size_t)S->n_state; }
HW_HD size_t hw_lm_viv_off(const hw_lm_sys *S) { return hw_lm_vis_off(S) + (size_t)S->n_vis; }
HW_HD size_t hw_lm_ny(const hw_lm_sys *S) { return hw_lm_viv_off(S) + (size_t)S->n_viv; }
HW_HD int hw_lm_is_visco(const hw_lm_sys *S, int l) { return S->n_vis > 0 && S->ln_vk2[l] > 0.0; }
HW_HD int hw_lm_is_viv(const hw_lm_sys *S, int l) { return S->n_viv > 0 && S->ln_vcl[l] > 0.0; }
HW_HD int hw_lm_is_syrope(const hw_lm_sys *S, int l) { return S->n_syr > 0 && S->ln_syrn[l] > 0; }
/* seg_syr's length (2 per segment, 1 per line) and line l's working-curve Tmax in it. */
HW_HD size_t hw_lm_syr_len(const hw_lm_sys *S) { return 2 * (size_t)S->n_segs + (size_t)S->n_lines; }
HW_HD double *hw_lm_syr_wc(const hw_lm_sys *S, int l) { return S->seg_syr + 2 * (size_t)S->n_segs + l; }
/* A Syrope line's segment law (its tables in S). */
HW_HD hw_syrope_type hw_lm_syrope_type(const hw_lm_sys *S, int l)
{
    hw_syrope_type ty;
    int o = S->ln_syr0[l];
    const double *p = S->ln_syrp + 4 * l;
    ty.owc_e = S->syr_e + o; ty.owc_t = S->syr_t + o; ty.n = S->ln_syrn[l];
    ty.shape = S->ln_syrc[l] & ~HW_SYROPE_LINE_CURVE;
    ty.k1 = p[0]; ty.k2 = p[1]; ty.alpha = p[2]; ty.beta = p[3];
    ty.bs = S->ln_ba[l]; ty.bd = S->ln_vbd[l];
    return ty;
}

HW_HD hw_v3 hw_lm_get3(const double *y, int n, int block, int i)
{
    return hw_v3_make(y[(block + 0) * n + i], y[(block + 1) * n + i], y[(block + 2) * n + i]);
}
HW_HD void hw_lm_set3(double *y, int n, int block, int i, hw_v3 v)
{
    y[(block + 0) * n + i] = v.x; y[(block + 1) * n + i] = v.y; y[(block + 2) * n + i] = v.z;
}
HW_HD hw_v3 hw_lm_seg_q(const hw_lm_work *w, int s)
{
    return hw_v3_make(w->seg_qx[s], w->seg_qy[s], w->seg_qz[s]);
}
HW_HD hw_cur_grid hw_lm_cur_grid(const hw_lm_sys *S)
{
    hw_cur_grid g;
    g.nx = S->cur_nx; g.ny = S->cur_ny; g.nz = S->cur_nz; g.nt = S->cur_nt;
    g.x = S->cur_x; g.y = S->cur_y; g.z = S->cur_z; g.t = S->cur_t;
    g.ux = S->cur_ux; g.uy = S->cur_uy; g.uz = S->cur_uz;
    return g;
}
/* Finds the current's time bracket at t once for the passes that follow (every node and point
 * evaluated at t reuses it). */
HW_HD void hw_lm_current_time(hw_lm_sys *S, double t)
{
    if (S->cur_nz <= 0) return;
    hw_cur_grid g = hw_lm_cur_grid(S);
    S->cur_w = hw_current_when(&g, t);
    S->cur_wt = t;
    S->cur_wset = 1;
}
/* The current at r at time t. */
HW_HD hw_v3 hw_lm_current(const hw_lm_sys *S, hw_v3 r, double t)
{
    if (S->cur_nz <= 0) return hw_v3_zero(); /* still water: skip the table lookups */
    hw_cur_grid g = hw_lm_cur_grid(S);
    hw_tlu_w wt = S->cur_wset && t == S->cur_wt ? S->cur_w : hw_current_when(&g, t);
    return hw_current_grid(&g, wt, r.x, r.y, r.z);
}

/* The current at r under a surface at eta: the grid's times scale, none above eta. */
HW_HD hw_v3 hw_lm_current_under(const hw_lm_sys *S, hw_v3 r, double eta, double t, double scale)
{
    return r.z < eta ? hw_v3_scale(hw_lm_current(S, r, t), scale) : hw_v3_zero();
}

/* The current an element at r sees: the environment's current times the element's factor
 * (a line's ln_cscale, a point's pt_cscale; ensembles vary it), none above the surface. */
HW_HD hw_v3 hw_lm_current_seen(const hw_lm_sys *S, hw_v3 r, double t, double scale)
{
    return hw_lm_current_under(S, r, 0.0, t, scale);
}

/* Waves: the sampled kinematics (docs/physics.md section 10, "Loads on lumped-mass nodes in
 * waves"). The refresh pass, at the start of every step (hw_integrate_step) for every node i
 * (free points evaluate the waves at their centre, hw_lm_point_own_load): when the interval k = floor(t / h) of time t moved since the slot's samples were taken,
 * K0 <- the old K1 when that was interval k - 1 (else the kinematics at (r, t_k)), and
 * K1 <- hw_wave_eval at the slot's position predicted to t_{k+1}, r + v (t_{k+1} - t). A slot's
 * own interval index makes the decision, so a replayed step (CUDA graphs) that reads the time
 * from device memory refreshes exactly when the host loop would. */
HW_HD void hw_lm_wave_store(const hw_lm_sys *S, double *s, int i, hw_wave_kin K)
{
    int n = S->n_state;
    s[HW_WS_ETA * n + i] = K.eta;
    s[HW_WS_UX * n + i] = K.u.x; s[HW_WS_UY * n + i] = K.u.y; s[HW_WS_UZ * n + i] = K.u.z;
    s[HW_WS_AX * n + i] = K.a.x; s[HW_WS_AY * n + i] = K.a.y; s[HW_WS_AZ * n + i] = K.a.z;
}
HW_HD void hw_lm_wave_refresh(const hw_lm_sys *S, double t, const double *y, int i)
{
    int n = S->n_state;
    double h = S->wv_h, kf = floor(t / h);
    int k = (int)kf, k_old = S->wv_k[i];
    if (k == k_old) return;
    hw_v3 r = hw_lm_get3(y, n, HW_Y_RX, i), v = hw_lm_get3(y, n, HW_Y_VX, i);
    double t0 = kf * h, t1 = (kf + 1.0) * h;
    if (k_old != HW_WV_NONE && k_old == k - 1) {
        for (int c = 0; c < HW_WS_N; c++) S->wv_s0[c * n + i] = S->wv_s1[c * n + i];
    } else {
        hw_lm_wave_store(S, S->wv_s0, i, hw_wave_eval(&S->wv, hw_v3_add(r, hw_v3_scale(v, t0 - t)), t0));
    }
    hw_lm_wave_store(S, S->wv_s1, i, hw_wave_eval(&S->wv, hw_v3_add(r, hw_v3_scale(v, t1 - t)), t1));
    S->wv_k[i] = k;
}
/* Slot i's kinematics at time t: K0 + (t - t_k) / h (K1 - K0) (a little past t_{k+1} in the
 * later stages of a step that crosses it: the line extended). pd is not sampled (0); wet: under
 * the sampled surface. A slot never sampled (k = HW_WV_NONE) has zero samples (the host's
 * arrays start zeroed) and reads still water. hw_wave_sample: the same from arrays s0, s1 of
 * stride n (as the state's blocks), slot i, interval k; the CPU's node loop calls it. */
HW_HDI hw_wave_kin hw_wave_sample(const double *s0, const double *s1, int n, int i, int k, double h,
                                  double t, double z)
{
    hw_wave_kin K;
    double s = (t - (double)k * h) / h;
    /* written out (no loop, no array): the CPU's node loop vectorizes */
#define HW_WS_AT(c) (s0[(c) * n + i] + s * (s1[(c) * n + i] - s0[(c) * n + i]))
    K.eta = HW_WS_AT(HW_WS_ETA);
    K.u = hw_v3_make(HW_WS_AT(HW_WS_UX), HW_WS_AT(HW_WS_UY), HW_WS_AT(HW_WS_UZ));
    K.a = hw_v3_make(HW_WS_AT(HW_WS_AX), HW_WS_AT(HW_WS_AY), HW_WS_AT(HW_WS_AZ));
#undef HW_WS_AT
    K.pd = 0.0;
    K.wet = z < K.eta;
    return K;
}
HW_HD hw_wave_kin hw_lm_wave_at(const hw_lm_sys *S, double t, int i, double z)
{
    return hw_wave_sample(S->wv_s0, S->wv_s1, S->n_state, i, S->wv_k[i], S->wv_h, t, z);
}

/* Kinematics of a non-free point at time t. */
HW_HD hw_kin hw_lm_point_kin(const hw_lm_sys *S, int p, double t)
{
    hw_kin k;
    int kind = S->pt_kind[p];
    if (kind == HW_PT_PRESCRIBED) {
        int m = S->pt_motion[p], t0 = S->pt_tab0[p], tn = S->pt_tabn[p];
        double r[3], v[3], a[3];
        for (int c = 0; c < 3; c++)
            hw_motion_1(m, t, S->pt_r0[3 * p + c], S->pt_vel[3 * p + c], S->pt_amp[3 * p + c],
                        S->pt_omega[p], S->pt_phase[p], S->ptab_t + t0, S->ptab_xyz + 3 * t0 + c,
                        S->ptab_m + 3 * t0 + c, tn, 3, &r[c], &v[c], &a[c]);
        k.r = hw_v3_make(r[0], r[1], r[2]); k.v = hw_v3_make(v[0], v[1], v[2]);
        k.a = hw_v3_make(a[0], a[1], a[2]);
    } else if (kind == HW_PT_COUPLED) {
        k.v = hw_v3_make(S->pt_cvel[3 * p], S->pt_cvel[3 * p + 1], S->pt_cvel[3 * p + 2]);
        k.r = hw_v3_add(hw_v3_make(S->pt_cpos[3 * p], S->pt_cpos[3 * p + 1], S->pt_cpos[3 * p + 2]),
                        hw_v3_scale(k.v, t - S->pt_ct[p]));
        k.a = hw_v3_zero();
    } else {
        k.r = hw_v3_make(S->pt_r0[3 * p], S->pt_r0[3 * p + 1], S->pt_r0[3 * p + 2]);
        k.v = hw_v3_zero(); k.a = hw_v3_zero();
    }
    return k;
}

/* Pass 1: impose the kinematics of fixed, prescribed and coupled points on the state. */
HW_HD void hw_lm_constrain_point(const hw_lm_sys *S, double t, double *y, int p)
{
    if (S->pt_kind[p] == HW_PT_FREE) return;
    hw_kin k = hw_lm_point_kin(S, p, t);
    int i = S->n_nodes + p;
    hw_lm_set3(y, S->n_state, HW_Y_RX, i, k.r);
    hw_lm_set3(y, S->n_state, HW_Y_VX, i, k.v);
}

/* Pass 2: end nodes follow their points. */
HW_HD int hw_lm_end_node(const hw_lm_sys *S, int e)
{
    int l = e >> 1;
    return S->ln_n0[l] + ((e & 1) ? S->ln_nseg[l] : 0);
}
HW_HD int hw_lm_end_point(const hw_lm_sys *S, int e)
{
    int l = e >> 1;
    return (e & 1) ? S->ln_pb[l] : S->ln_pa[l];
}
HW_HD void hw_lm_constrain_end(const hw_lm_sys *S, double *y, int e)
{
    int i = hw_lm_end_node(S, e), j = S->n_nodes + hw_lm_end_point(S, e);
    hw_lm_set3(y, S->n_state, HW_Y_RX, i, hw_lm_get3(y, S->n_state, HW_Y_RX, j));
    hw_lm_set3(y, S->n_state, HW_Y_VX, i, hw_lm_get3(y, S->n_state, HW_Y_VX, j));
}

/* Pass 3: segment tension and geometry. hw_lm_segment_at is the body for segment s of line l,
 * which joins nodes ia and ia + 1; hw_lm_segment_bad says whether its result is a blow-up. dy:
 * where a viscoelastic segment writes the rate of its strain e1 (hw_lm_vis_off(S) + s). */
HW_HD void hw_lm_segment_at(const hw_lm_sys *S, double t, const double *y, const hw_lm_work *w,
                            double *dy, int l, int s, int ia)
{
    int ib = ia + 1, n = S->n_state, t0 = S->ln_tab0[l], tn = S->ln_tabn[l];
    double l0 = S->seg_l0[s], ea = S->ln_ea[l];
    /* the winch segment's length grows through the step (seg_l0 holds it at time ln_wt0): a
     * stale length would stretch it by rate dt / l0 at the later stages of a step */
    int ra = s == S->ln_wseg[2 * l], rb = s == S->ln_wseg[2 * l + 1];
    if (ra) l0 += S->ln_wrate[2 * l] * (t - S->ln_wt0[2 * l]);
    if (rb) l0 += S->ln_wrate[2 * l + 1] * (t - S->ln_wt0[2 * l + 1]);
    hw_seg_result r = hw_segment_eval(hw_lm_get3(y, n, HW_Y_RX, ia), hw_lm_get3(y, n, HW_Y_RX, ib),
                                      hw_lm_get3(y, n, HW_Y_VX, ia), hw_lm_get3(y, n, HW_Y_VX, ib),
                                      l0, ea, S->ln_ba[l], S->tab_x + t0, S->tab_y + t0, tn);
    if (ra || rb)
        r = hw_segment_reel(r, l0, (ra ? S->ln_wrate[2 * l] : 0.0) + (rb ? S->ln_wrate[2 * l + 1] : 0.0),
                            ea, S->ln_ba[l], S->tab_x + t0, S->tab_y + t0, tn);
    double pd;
    if (hw_lm_is_syrope(S, l)) { /* Syrope (physics/syrope.h) */
        hw_syrope_type sy = hw_lm_syrope_type(S, l);
        double *st = S->seg_syr + 2 * (size_t)s, alive = S->seg_alive[s];
        if (S->vis_static) { /* at rest on the working curve of its Tmax (the OWC above it) */
            r.T = r.strain >= 0.0 ? hw_syrope_rest(&sy, st[0], r.strain) + sy.bs * r.rate : 0.0;
            r = hw_segment_cut(r, alive);
            pd = sy.bs * r.rate * r.rate * l0 * alive;
        } else {
            size_t k = hw_lm_vis_off(S) + (size_t)s;
            double *wc = hw_lm_syr_wc(S, l);
            double wct = (S->ln_syrc[l] & HW_SYROPE_LINE_CURVE) ? *wc : st[0];
            hw_syrope_result v = hw_syrope_eval(&sy, st[0], wct, st[1] != 0.0, r.strain, r.rate, y[k]);
            if (v.tmax > st[0]) *wc = v.tmax; /* the line's curve made again at the raise */
            st[0] = v.tmax; /* at every evaluation (seg_syr above) */
            st[1] = v.owc ? 1.0 : 0.0;
            r.T = v.T;
            r = hw_segment_cut(r, alive);
            pd = v.pd * l0 * alive;
            if (dy) dy[k] = v.ds * alive;
        }
    } else if (hw_lm_is_visco(S, l) && !S->vis_static) {
        size_t k = hw_lm_vis_off(S) + (size_t)s;
        double k1, k2;
        hw_visco_springs(ea, S->ln_vbeta[l], S->ln_vk1[l], S->ln_vk2[l], y[k], &k1, &k2);
        hw_visco_result v = hw_visco_eval(r.strain, r.rate, y[k], k1, k2, S->ln_ba[l], S->ln_vbd[l]);
        double alive = S->seg_alive[s];
        r.T = v.T;
        r = hw_segment_cut(r, alive);
        pd = v.pd * l0 * alive;
        if (dy) dy[k] = v.de1 * alive;
    } else {
        int bn = S->ln_btabn[l];
        if (bn >= 2) /* a damping curve (physics/segment.h hw_ba_table_force) */
            r.T = hw_segment_table_damped(r, ea, S->tab_x + t0, S->tab_y + t0, tn, S->tab_x + t0 + tn,
                                          S->tab_y + t0 + tn, bn);
        r = hw_segment_cut(r, S->seg_alive[s]);
        pd = hw_segment_damping_power(r, l0, ea, S->tab_x + t0, S->tab_y + t0, tn);
    }
    w->seg_T[s] = r.T;
    w->seg_qx[s] = r.q.x; w->seg_qy[s] = r.q.y; w->seg_qz[s] = r.q.z;
    w->seg_len[s] = r.len;
    w->seg_strain[s] = r.strain;
    w->seg_pd[s] = pd;
}
HW_HD int hw_seg_bad(double T, double strain, double max_strain)
{
    return !(strain <= max_strain) || !(T == T) || !(fabs(T) <= 1.0e300);
}
HW_HD int hw_lm_segment_bad(const hw_lm_sys *S, const hw_lm_work *w, int s)
{
    return hw_seg_bad(w->seg_T[s], w->seg_strain[s], S->max_strain);
}
HW_HD void hw_lm_segment(const hw_lm_sys *S, double t, const double *y, const hw_lm_work *w,
                         double *dy, int s)
{
    int l = S->seg_line[s];
    if (s - S->ln_s0[l] >= S->ln_nseg[l]) { /* a spare slot of a winch line */
        w->seg_T[s] = 0.0; w->seg_pd[s] = 0.0; w->seg_strain[s] = 0.0;
        return;
    }
    if (hw_lm_is_syrope(S, l)) { /* one working curve per line: the first segment's thread walks
                                   * them in order (no winch on a Syrope line: ln_nseg is fixed) */
        if (s != S->ln_s0[l]) return;
        for (int k = 0; k < S->ln_nseg[l]; k++) {
            hw_lm_segment_at(S, t, y, w, dy, l, s + k, S->ln_n0[l] + k);
            if (hw_lm_segment_bad(S, w, s + k)) HW_FLAG_BAD(w->bad, s + k);
        }
        return;
    }
    hw_lm_segment_at(S, t, y, w, dy, l, s, S->ln_n0[l] + (s - S->ln_s0[l]));
    if (hw_lm_segment_bad(S, w, s)) HW_FLAG_BAD(w->bad, s);
}

/* A Syrope line's segments: at = 0, every segment's running maximum at the line's Tmax0
 * (ln_syrs: Tmax0, Tmean0 per line) and its slow strain at Tmean0 on that working curve
 * (hw_syrope_start: MoorDyn 2.7.2's SYROPE IC, whatever the segment's strain); at = 1, at rest at
 * its strain (positions read from y) on the rest curve of its present Tmax (hw_syrope_rest_state;
 * the static solve's). Host code. */
static inline void hw_lm_syrope_init_line(const hw_lm_sys *S, double *y, int l, int at_rest)
{
    hw_syrope_type sy = hw_lm_syrope_type(S, l);
    int n = S->n_state;
    double *wc = hw_lm_syr_wc(S, l);
    if (!at_rest) *wc = S->ln_syrs[2 * l]; /* the line's working curve: Tmax0's, or the last raise's */
    for (int k = 0; k < S->ln_nseg[l]; k++) {
        int s = S->ln_s0[l] + k, ia = S->ln_n0[l] + k;
        double *st = S->seg_syr + 2 * (size_t)s, *ys = y + hw_lm_vis_off(S) + (size_t)s;
        if (!at_rest) {
            st[0] = S->ln_syrs[2 * l];
            st[1] = hw_syrope_at_max(S->ln_syrs[2 * l + 1], st[0]); /* the last mean tension: Tmean0 */
            *ys = hw_syrope_start(&sy, st[0], S->ln_syrs[2 * l + 1]);
            continue;
        }
        double len = hw_v3_norm(hw_v3_sub(hw_lm_get3(y, n, HW_Y_RX, ia + 1), hw_lm_get3(y, n, HW_Y_RX, ia)));
        int owc = 0;
        double before = st[0];
        *ys = hw_syrope_rest_state(&sy, &st[0], &owc, len / S->seg_l0[s] - 1.0);
        st[1] = owc;
        if (st[0] > before) *wc = st[0];
    }
}

/* The viscoelastic strains of every segment of the viscoelastic lines in y (positions read from
 * y): at = 0, e1 = e (the whole stretch on the first spring, as MoorDyn 2.7.2 starts a line
 * without an initial-condition stage); at = 1, at rest (hw_visco_rest: the static solve's).
 * Host code (the model build and the static solver call it). */
static inline void hw_lm_vis_init_line(const hw_lm_sys *S, double *y, int l, int at_rest)
{
    if (hw_lm_is_syrope(S, l)) { hw_lm_syrope_init_line(S, y, l, at_rest); return; }
    if (!hw_lm_is_visco(S, l)) return;
    int n = S->n_state;
    for (int k = 0; k < S->ln_nseg[l]; k++) {
        int s = S->ln_s0[l] + k, ia = S->ln_n0[l] + k;
        double len = hw_v3_norm(hw_v3_sub(hw_lm_get3(y, n, HW_Y_RX, ia + 1), hw_lm_get3(y, n, HW_Y_RX, ia)));
        double e = len / S->seg_l0[s] - 1.0;
        y[hw_lm_vis_off(S) + (size_t)s] =
            at_rest ? hw_visco_rest(e, S->ln_vk1[l], S->ln_vk2[l], S->ln_ea[l], S->ln_vbeta[l]) : e;
    }
}
static inline void hw_lm_vis_init(const hw_lm_sys *S, double *y, int at_rest)
{
    for (int l = 0; l < S->n_lines && S->n_vis > 0; l++) hw_lm_vis_init_line(S, y, l, at_rest);
}

/* The hinge's damping time tau = BA / EA of line l (physics/bending.h): the axial damping's
 * material law carried over to bending. */
HW_HD double hw_lm_hinge_tau(const hw_lm_sys *S, int l)
{
    return S->ln_ea[l] > 0.0 && S->ln_ba[l] > 0.0 ? S->ln_ba[l] / S->ln_ea[l] : 0.0;
}

/* The axis of bending joint j and its rate (physics/bending.h hw_joint_axis) from the state y:
 * each member end's segment (not broken, on a line with EI > 0), from the end node outward, with
 * its end hinge's stiffness EI / (l0 / 2). Zero when the members give no axis. */
HW_HD hw_v3 hw_lm_joint_axis(const hw_lm_sys *S, const double *y, int j, hw_v3 *qdot)
{
    hw_v3 Q = hw_v3_zero(), Qdot = hw_v3_zero();
    double ksum = 0.0;
    int n = S->n_state;
    for (int m = S->jt_e0[j]; m < S->jt_e0[j + 1]; m++) {
        int e = S->jt_e[m], l = e >> 1, nseg = S->ln_nseg[l];
        int s = (e & 1) ? S->ln_s0[l] + nseg - 1 : S->ln_s0[l];
        if (!(S->ln_ei[l] > 0.0) || S->seg_alive[s] == 0.0) continue;
        int i0 = hw_lm_end_node(S, e), i1 = (e & 1) ? i0 - 1 : i0 + 1;
        hw_v3 d = hw_v3_sub(hw_lm_get3(y, n, HW_Y_RX, i1), hw_lm_get3(y, n, HW_Y_RX, i0));
        double len = hw_v3_norm(d);
        if (!(len > 0.0)) continue;
        hw_v3 u = hw_v3_scale(d, 1.0 / len);
        hw_v3 udot = hw_hinge_qdot(u, len, hw_v3_sub(hw_lm_get3(y, n, HW_Y_VX, i1),
                                                     hw_lm_get3(y, n, HW_Y_VX, i0)));
        hw_joint_add(&Q, &Qdot, &ksum, hw_hinge_stiffness(S->ln_ei[l], 0.0, S->seg_l0[s]),
                     (S->ln_cjt[e] & 1) ? -1.0 : 1.0, u, udot);
    }
    return hw_joint_axis(Q, Qdot, ksum, qdot);
}

/* The clamp direction of end slot e and its rate: its joint's axis (on side 1 reversed) when the
 * end is on a bending joint, else ln_cdir and ln_cdot (zero: not clamped). Needs n_clamp > 0. */
HW_HD hw_v3 hw_lm_clamp_dir(const hw_lm_sys *S, const double *y, int e, hw_v3 *cdot)
{
    if (S->n_joint > 0 && S->ln_cjt[e] >= 0) {
        int jt = S->ln_cjt[e];
        double side = (jt & 1) ? -1.0 : 1.0;
        hw_v3 qd, q = hw_lm_joint_axis(S, y, jt >> 1, &qd);
        *cdot = hw_v3_scale(qd, side);
        return hw_v3_scale(q, side);
    }
    *cdot = hw_v3_make(S->ln_cdot[3 * e], S->ln_cdot[3 * e + 1], S->ln_cdot[3 * e + 2]);
    return hw_v3_make(S->ln_cdir[3 * e], S->ln_cdir[3 * e + 1], S->ln_cdir[3 * e + 2]);
}

/* Pass 4 (lines with EI > 0): the bending hinge at each interior node, with its Kelvin-Voigt
 * damping (hw_hinge_eval_damped; y: the state, for the node velocities). */
HW_HD void hw_lm_hinge(const hw_lm_sys *S, const double *y, const hw_lm_work *w, int i)
{
    int l = S->node_line[i], loc = S->node_loc[i];
    hw_v3 fa = hw_v3_zero(), fb = hw_v3_zero();
    int sa = S->ln_s0[l] + loc - 1, sb = sa + 1; /* valid when 0 < loc < nseg */
    /* no moment across a broken segment: the hinges at its two nodes go */
    if (S->ln_ei[l] > 0.0 && loc > 0 && loc < S->ln_nseg[l] && S->seg_alive[sa] != 0.0 &&
        S->seg_alive[sb] != 0.0) {
        double k = hw_hinge_stiffness(S->ln_ei[l], S->seg_l0[sa], S->seg_l0[sb]);
        int n = S->n_state;
        hw_v3 v0 = hw_lm_get3(y, n, HW_Y_VX, i - 1), v1 = hw_lm_get3(y, n, HW_Y_VX, i),
              v2 = hw_lm_get3(y, n, HW_Y_VX, i + 1);
        hw_v3 qa = hw_lm_seg_q(w, sa), qb = hw_lm_seg_q(w, sb);
        double la = w->seg_len[sa], lb = w->seg_len[sb];
        hw_hinge h = hw_hinge_eval_damped(qa, la, hw_hinge_qdot(qa, la, hw_v3_sub(v1, v0)), qb, lb,
                                          hw_hinge_qdot(qb, lb, hw_v3_sub(v2, v1)), k,
                                          hw_lm_hinge_tau(S, l));
        fa = h.fa; fb = h.fb;
        /* the hinge's damping loss goes with segment a's (booked on node i): the segment pass
         * wrote it, and only this hinge adds to it */
        w->seg_pd[sa] += h.power;
    } else if (S->n_clamp > 0 && (loc == 0 || loc == S->ln_nseg[l])) {
        /* an end node: the clamp's hinge where its end is clamped (hw_hinge_clamp), as a hinge
         * whose far side is the body: the end node gets -f (hg_fb at end A, hg_fa at end B, the
         * other zero), the segment's other node f (through its neighbour's sums), the body m */
        int e = 2 * l + (loc == 0 ? 0 : 1), s = loc == 0 ? S->ln_s0[l] : S->ln_s0[l] + loc - 1;
        hw_v3 cdot, c = hw_lm_clamp_dir(S, y, e, &cdot);
        hw_v3 m = hw_v3_zero();
        double pw = 0.0;
        if (S->ln_ei[l] > 0.0 && hw_v3_dot(c, c) > 0.0 && S->seg_alive[s] != 0.0) {
            int n = S->n_state, i0 = S->ln_n0[l] + (s - S->ln_s0[l]); /* the segment's first node */
            hw_v3 q = hw_lm_seg_q(w, s);
            double len = w->seg_len[s];
            hw_v3 qdot = hw_hinge_qdot(q, len, hw_v3_sub(hw_lm_get3(y, n, HW_Y_VX, i0 + 1),
                                                         hw_lm_get3(y, n, HW_Y_VX, i0)));
            hw_clamp h = hw_hinge_clamp(loc != 0, c, cdot, q, len, qdot,
                                        hw_hinge_stiffness(S->ln_ei[l], 0.0, S->seg_l0[s]),
                                        hw_lm_hinge_tau(S, l));
            if (loc == 0) fb = h.f; else fa = hw_v3_scale(h.f, -1.0);
            m = h.m; pw = h.power;
        }
        w->end_mc[4 * e] = m.x; w->end_mc[4 * e + 1] = m.y; w->end_mc[4 * e + 2] = m.z;
        w->end_mc[4 * e + 3] = pw;
    }
    w->hg_fa[3 * i] = fa.x; w->hg_fa[3 * i + 1] = fa.y; w->hg_fa[3 * i + 2] = fa.z;
    w->hg_fb[3 * i] = fb.x; w->hg_fb[3 * i + 1] = fb.y; w->hg_fb[3 * i + 2] = fb.z;
}

/* Loads on a node that do not depend on the mass matrix: the line's own forces f (tensions and
 * bending, gathered by the caller), weight and buoyancy, drag and seabed contact. Also returns the
 * node tangent, the dissipated power (power: what the caller booked already) and whether the node
 * is submerged. Pure: every input is a value, so the CPU loop and the CUDA kernel gather their own
 * way and share this. */
typedef struct hw_node_load {
    hw_v3 f, qh;
    double power;
    int wet;
    double sub; /* waves: the submerged fraction of the tributary length (hw_node_load_waves) */
    hw_v3 u;    /* the flow relative to the node its drag acts on (current, waves, minus v): a VIV
                   node's lift reads it (hw_lm_node_viv) */
} hw_node_load;
typedef struct hw_lm_env { double rho, g, depth, kb, cb, vf; } hw_lm_env;
typedef struct hw_lm_linec { double d, cdn, cdt, can, cat, mus; } hw_lm_linec;

HW_HD hw_lm_env hw_lm_env_of(const hw_lm_sys *S)
{
    hw_lm_env e;
    e.rho = S->rho; e.g = S->g; e.depth = S->depth; e.kb = S->kb; e.cb = S->cb; e.vf = S->vf;
    return e;
}
/* The bathymetry's depth under (x, y) (physics/seabed.h). Out of line on the host: the flat
 * seabed's callers (hw_lm_node's end nodes, the static solver's node loop) keep their size and
 * inlining, and so their cost. */
#if defined(__CUDACC__) || !defined(__GNUC__)
#define HW_LM_GRID HW_HD
#else
#define HW_LM_GRID static __attribute__((noinline, cold))
#endif
HW_LM_GRID double hw_lm_grid_depth(const hw_lm_sys *S, double x, double y)
{
    return hw_bathy_depth(S->sb_x, S->sb_nx, S->sb_y, S->sb_ny, S->sb_d, x, y);
}
/* The seabed's depth under (x, y): the flat depth, or the bathymetry's there. */
HW_HDI double hw_lm_depth_at(const hw_lm_sys *S, double x, double y)
{
    return S->sb_nx > 0 ? hw_lm_grid_depth(S, x, y) : S->depth;
}
HW_HD hw_lm_linec hw_lm_line_consts(const hw_lm_sys *S, int l)
{
    hw_lm_linec c;
    c.d = S->ln_d[l]; c.cdn = S->ln_cdn[l]; c.cdt = S->ln_cdt[l];
    c.can = S->ln_can[l]; c.cat = S->ln_cat[l]; c.mus = S->ln_mus[l];
    return c;
}

/* Seabed contact of a node (hw_seabed_contact) added to its force f and power, selected without
 * a branch where the node is below the seabed (the CPU loops vectorize): hw_node_load_sb's and
 * hw_node_load_waves' one seabed. */
HW_HDI void hw_node_seabed(hw_v3 r, hw_v3 v, double ln, hw_lm_linec c, hw_lm_env e, hw_v3 *f,
                           double *power)
{
    hw_seabed_result sb = hw_seabed_contact(r, v, e.depth, e.kb, e.cb, e.vf, c.mus, c.d, ln);
    int ground = r.z < -e.depth;
    *f = hw_v3_select(ground, hw_v3_add(*f, sb.f), *f);
    *power = ground ? *power + sb.power : *power;
}

/* seabed = 0 leaves the seabed contact out, for a caller that knows the node is above the
 * seabed (r.z >= -depth, or NaN): its force and power are selected away there, so the result is
 * the same to the bit, without the contact's square root and division. */
HW_HDI hw_node_load hw_node_load_sb(hw_v3 r, hw_v3 v, hw_v3 f, hw_v3 qa, hw_v3 qb, double power,
                                    double m, double ln, hw_lm_linec c, hw_lm_env e, hw_v3 ucur,
                                    int seabed)
{
    hw_node_load L;
    int wet = r.z < 0.0;
    double vol = 0.25 * HW_PI * c.d * c.d * ln;
    f.z -= (m - (wet ? e.rho * vol : 0.0)) * e.g;
    hw_v3 qh = hw_node_tangent(qa, qb);
    /* computed always and selected (no branches: the CPU loop vectorizes) */
    hw_v3 u = hw_v3_sub(ucur, v);
    hw_v3 fd = hw_morison_drag(u, qh, e.rho, c.d, ln, c.cdn, c.cdt);
    hw_v3 fw = hw_v3_add(f, fd);
    double pw = power - hw_v3_dot(fd, v); /* work the water takes from the line (still water) */
    f = hw_v3_select(wet, fw, f);
    power = wet ? pw : power;
    if (seabed) hw_node_seabed(r, v, ln, c, e, &f, &power);
    L.f = f; L.qh = qh; L.power = power; L.wet = wet; L.sub = wet ? 1.0 : 0.0; L.u = u;
    return L;
}
HW_HDI hw_node_load hw_node_load_eval(hw_v3 r, hw_v3 v, hw_v3 f, hw_v3 qa, hw_v3 qb, double power,
                                      double m, double ln, hw_lm_linec c, hw_lm_env e, hw_v3 ucur)
{
    return hw_node_load_sb(r, v, f, qa, qb, power, m, ln, c, e, ucur, 1);
}

/* The loads of hw_node_load_sb in waves (docs/physics.md section 10): K the wave kinematics at
 * the node (sampled), ucur the current there (none above the surface). The two half-segments next
 * to the node, straight pieces from it along qa (length la, the left segment's, back) and qb (lb,
 * forward), are cut by the surface at height K.eta: the node's submerged fraction is theirs
 * weighted by the unstretched lengths wa, wb of the segments (0 where absent), so that buoyancy,
 * drag, fluid inertia and added mass act on that fraction of its tributary length ln. On it:
 * buoyancy, Morison drag on the relative velocity ucur + u - v, and the fluid-acceleration force
 * rho V [(1 + Can) a_n + (1 + Cat) a_t]. power: the work the node does on the water per second
 * (drag and fluid inertia; the wave's push counts negative). */
HW_HDI hw_node_load hw_node_load_waves(hw_v3 r, hw_v3 v, hw_v3 f, hw_v3 qa, hw_v3 qb, double la,
                                       double lb, double wa, double wb, double power, double m,
                                       double ln, hw_lm_linec c, hw_lm_env e, hw_v3 ucur,
                                       hw_wave_kin K, int seabed)
{
    hw_node_load L;
    double fa = hw_wet_fraction(r.z, r.z - 0.5 * la * qa.z, K.eta);
    double fb = hw_wet_fraction(r.z, r.z + 0.5 * lb * qb.z, K.eta);
    double ws = wa + wb;
    double sub = ws > 0.0 ? (wa * fa + wb * fb) / (ws > 0.0 ? ws : 1.0) : (r.z < K.eta ? 1.0 : 0.0);
    double lw = ln * sub, vol = 0.25 * HW_PI * c.d * c.d * lw;
    f.z -= (m - e.rho * vol) * e.g;
    hw_v3 qh = hw_node_tangent(qa, qb);
    /* computed always and selected (no branches: the CPU loop vectorizes), as hw_node_load_sb */
    hw_v3 u = hw_v3_sub(hw_v3_add(ucur, K.u), v);
    hw_v3 fw = hw_v3_add(hw_morison_drag(u, qh, e.rho, c.d, lw, c.cdn, c.cdt),
                         hw_fluid_inertia(K.a, qh, e.rho, vol, c.can, c.cat));
    int wet = sub > 0.0;
    double pw = power - hw_v3_dot(fw, v);
    f = hw_v3_select(wet, hw_v3_add(f, fw), f);
    power = wet ? pw : power;
    if (seabed) hw_node_seabed(r, v, ln, c, e, &f, &power);
    L.f = f; L.qh = qh; L.power = power; L.wet = wet; L.sub = sub; L.u = u;
    return L;
}

/* The net tension force on a node from its left (qa, Ta) and right (qb, Tb) segments, either
 * absent at a line end; written once so that every caller sums in the same order. */
HW_HDI hw_v3 hw_node_tension(int has_a, hw_v3 qa, double Ta, int has_b, hw_v3 qb, double Tb)
{
    hw_v3 f = hw_v3_zero();
    if (has_a) f = hw_v3_sub(f, hw_v3_scale(qa, Ta));
    if (has_b) f = hw_v3_add(f, hw_v3_scale(qb, Tb));
    return f;
}

HW_HDI hw_node_load hw_lm_node_load(const hw_lm_sys *S, double t, const double *y,
                                   const hw_lm_work *w, int i)
{
    int l = S->node_line[i], loc = S->node_loc[i], nseg = S->ln_nseg[l], n = S->n_state;
    int sl = S->ln_s0[l] + loc - 1; /* segment to the left (valid when loc > 0) */
    hw_v3 r = hw_lm_get3(y, n, HW_Y_RX, i), v = hw_lm_get3(y, n, HW_Y_VX, i);
    hw_v3 qa = loc > 0 ? hw_lm_seg_q(w, sl) : hw_v3_zero();
    hw_v3 qb = loc < nseg ? hw_lm_seg_q(w, sl + 1) : hw_v3_zero();
    hw_v3 f = hw_node_tension(loc > 0, qa, loc > 0 ? w->seg_T[sl] : 0.0, loc < nseg, qb,
                              loc < nseg ? w->seg_T[sl + 1] : 0.0);
    double power = loc > 0 ? w->seg_pd[sl] : 0.0; /* a segment's damping loss is booked on its node i */
    if (S->any_bending && S->ln_ei[l] > 0.0) {
        /* hinge at i: fa - fb; hinge at i+1 (its i-1 is us): -fa; hinge at i-1: +fb */
        f.x += w->hg_fa[3 * i] - w->hg_fb[3 * i];
        f.y += w->hg_fa[3 * i + 1] - w->hg_fb[3 * i + 1];
        f.z += w->hg_fa[3 * i + 2] - w->hg_fb[3 * i + 2];
        if (loc < nseg) {
            f.x -= w->hg_fa[3 * (i + 1)]; f.y -= w->hg_fa[3 * (i + 1) + 1];
            f.z -= w->hg_fa[3 * (i + 1) + 2];
        }
        if (loc > 0) {
            f.x += w->hg_fb[3 * (i - 1)]; f.y += w->hg_fb[3 * (i - 1) + 1];
            f.z += w->hg_fb[3 * (i - 1) + 2];
        }
        if (S->n_clamp > 0 && (loc == 0 || loc == nseg)) /* a clamped end's hinge loss */
            power += w->end_mc[4 * (2 * l + (loc == 0 ? 0 : 1)) + 3];
    }
    hw_lm_env e = hw_lm_env_of(S);
    e.depth = hw_lm_depth_at(S, r.x, r.y); /* the seabed under the node */
    if (S->wv.n > 0) {
        hw_wave_kin K = hw_lm_wave_at(S, t, i, r.z);
        return hw_node_load_waves(r, v, f, qa, qb, loc > 0 ? w->seg_len[sl] : 0.0,
                                  loc < nseg ? w->seg_len[sl + 1] : 0.0,
                                  loc > 0 ? S->seg_l0[sl] : 0.0, loc < nseg ? S->seg_l0[sl + 1] : 0.0,
                                  power, S->node_m[i], S->node_l[i], hw_lm_line_consts(S, l), e,
                                  hw_lm_current_under(S, r, K.eta, t, S->ln_cscale[l]), K, 1);
    }
    hw_v3 ucur = hw_lm_current_seen(S, r, t, S->ln_cscale[l]);
    return hw_node_load_eval(r, v, f, qa, qb, power, S->node_m[i], S->node_l[i],
                             hw_lm_line_consts(S, l), e, ucur);
}

/* Pass 5 of an interior node of a VIV line: its loads L plus the lift, its acceleration, and the
 * rates of its three VIV states (the phase's from that acceleration: no lag). The lift acts on the
 * relative flow L->u the node's drag used (no second lookup of the current and waves). Returns
 * the lift. */
HW_HD hw_v3 hw_lm_node_viv(const hw_lm_sys *S, const double *y, double *dy, int i, int l, int wet,
                          double lw, const hw_node_load *L)
{
    int n = S->n_state;
    size_t o = hw_lm_viv_off(S), nn = (size_t)S->n_nodes;
    hw_v3 v = hw_lm_get3(y, n, HW_Y_VX, i);
    hw_v3 un = hw_viv_normal_flow(L->u, L->qh);
    double phi = y[o + i];
    hw_v3 lift = hw_viv_lift(S->rho, S->ln_d[l], S->ln_vcl[l], lw, un, L->qh, phi);
    if (!wet) lift = hw_v3_zero();
    hw_v3 f = hw_v3_add(L->f, lift);
    hw_v3 a = hw_node_accel(S->node_m[i], wet, S->rho, S->ln_d[l], lw, S->ln_can[l], S->ln_cat[l],
                            L->qh, f);
    hw_lm_set3(dy, n, HW_Y_RX, i, v);
    hw_lm_set3(dy, n, HW_Y_VX, i, a);
    dy[HW_Y_ED * n + i] = L->power - hw_v3_dot(lift, v); /* the lift's work is not dissipated */
    hw_viv_rates R = hw_viv_eval(v, a, un, L->qh, phi, y[o + nn + i], y[o + 2 * nn + i], S->ln_d[l],
                                 S->ln_vcf[l], S->ln_vdf[l], S->ln_vtau[l]);
    dy[o + i] = wet ? R.dphi : 0.0; /* a dry node's phase holds */
    dy[o + nn + i] = R.dsy;
    dy[o + 2 * nn + i] = R.dsa;
    return lift;
}

/* The initial VIV states of line l in y: the phase of interior node j is 2 pi j / nseg (as
 * MoorDyn 2.7.2 starts them: spread evenly, not all in step), the mean squares 0. Host code. */
static inline void hw_lm_viv_init(const hw_lm_sys *S, double *y)
{
    if (S->n_viv <= 0) return;
    size_t o = hw_lm_viv_off(S), nn = (size_t)S->n_nodes;
    for (int l = 0; l < S->n_lines; l++)
        for (int j = 0; j <= S->ln_nseg[l]; j++) {
            size_t i = (size_t)(S->ln_n0[l] + j);
            int inner = j > 0 && j < S->ln_nseg[l];
            y[o + i] = hw_lm_is_viv(S, l) && inner ? 2.0 * HW_PI * (double)j / (double)S->ln_nseg[l] : 0.0;
            y[o + nn + i] = 0.0;
            y[o + 2 * nn + i] = 0.0;
        }
}

/* Pass 5: node accelerations (interior nodes) or end-node loads (for their point). */
HW_HD void hw_lm_node(const hw_lm_sys *S, double t, const double *y, const hw_lm_work *w,
                      double *dy, int i)
{
    int l = S->node_line[i], loc = S->node_loc[i], nseg = S->ln_nseg[l], n = S->n_state;
    if (S->n_viv > 0) { /* VIV states hold, but on an interior node of a VIV line (below) */
        size_t o = hw_lm_viv_off(S), nn = (size_t)S->n_nodes;
        dy[o + i] = 0.0; dy[o + nn + i] = 0.0; dy[o + 2 * nn + i] = 0.0;
    }
    if (loc > nseg) { /* a spare slot of a winch line: at rest */
        for (int b = 0; b < HW_Y_BLOCKS; b++) dy[b * n + i] = 0.0;
        return;
    }
    hw_node_load L = hw_lm_node_load(S, t, y, w, i);
    /* in waves, added mass on the submerged fraction of the tributary length */
    int wet = S->wv.n > 0 ? 1 : L.wet;
    double lw = S->wv.n > 0 ? S->node_l[i] * L.sub : S->node_l[i];
    if (S->n_viv > 0 && loc > 0 && loc < nseg && hw_lm_is_viv(S, l) && !S->viv_static) {
        hw_v3 f = hw_v3_add(L.f, hw_lm_node_viv(S, y, dy, i, l, wet, lw, &L));
        if (w->node_f) { w->node_f[3 * i] = f.x; w->node_f[3 * i + 1] = f.y; w->node_f[3 * i + 2] = f.z; }
        return;
    }
    dy[HW_Y_ED * n + i] = L.power;
    if (w->node_f) { w->node_f[3 * i] = L.f.x; w->node_f[3 * i + 1] = L.f.y; w->node_f[3 * i + 2] = L.f.z; }
    if (loc > 0 && loc < nseg) {
        hw_lm_set3(dy, n, HW_Y_RX, i, hw_lm_get3(y, n, HW_Y_VX, i));
        hw_lm_set3(dy, n, HW_Y_VX, i, hw_node_accel(S->node_m[i], wet, S->rho, S->ln_d[l], lw,
                                                     S->ln_can[l], S->ln_cat[l], L.qh, L.f));
    } else { /* an end node: its load and mass matrix go to its point (hw_lm_point) */
        hw_m3s M = hw_node_mass(S->node_m[i], wet, S->rho, S->ln_d[l], lw, S->ln_can[l],
                                S->ln_cat[l], L.qh);
        int e = 2 * l + (loc == 0 ? 0 : 1);
        w->end_f[3 * e] = L.f.x; w->end_f[3 * e + 1] = L.f.y; w->end_f[3 * e + 2] = L.f.z;
        w->end_m[6 * e] = M.xx; w->end_m[6 * e + 1] = M.yy; w->end_m[6 * e + 2] = M.zz;
        w->end_m[6 * e + 3] = M.xy; w->end_m[6 * e + 4] = M.xz; w->end_m[6 * e + 5] = M.yz;
    }
}

HW_HD hw_m3s hw_lm_end_mass(const hw_lm_work *w, int e)
{
    return hw_m3s_make(w->end_m[6 * e], w->end_m[6 * e + 1], w->end_m[6 * e + 2],
                       w->end_m[6 * e + 3], w->end_m[6 * e + 4], w->end_m[6 * e + 5]);
}

/* Loads a free point carries itself: weight, buoyancy, drag, and its mass with added mass
 * (physics/point.h). */
HW_HD hw_node_load hw_lm_point_own_load(const hw_lm_sys *S, double t, const double *y, int p,
                                        hw_m3s *M)
{
    hw_node_load L;
    int i = S->n_nodes + p, n = S->n_state;
    hw_v3 r = hw_lm_get3(y, n, HW_Y_RX, i), v = hw_lm_get3(y, n, HW_Y_VX, i);
    if (S->wv.n > 0) { /* waves: evaluated at the point itself (few points: no sampling) */
        hw_wave_kin K = hw_wave_eval(&S->wv, r, t);
        hw_point_loads P = hw_point_own_load_waves(
            r, v, hw_lm_current_under(S, r, K.eta, t, S->pt_cscale[p]), K.eta, K.u, K.a,
            S->pt_mass[p], S->pt_vol[p], S->pt_cda[p], S->pt_ca[p], S->rho, S->g);
        *M = P.M;
        L.f = P.f; L.qh = hw_v3_zero(); L.power = P.power; L.wet = P.wet; L.sub = P.wet ? 1.0 : 0.0; L.u = hw_v3_zero();
        return L;
    }
    hw_v3 cur = hw_lm_current_seen(S, r, t, S->pt_cscale[p]);
    hw_point_loads P = hw_point_own_load(r, v, cur, S->pt_mass[p], S->pt_vol[p], S->pt_cda[p],
                                         S->pt_ca[p], S->rho, S->g);
    *M = P.M;
    L.f = P.f; L.qh = hw_v3_zero(); L.power = P.power; L.wet = P.wet; L.sub = P.wet ? 1.0 : 0.0; L.u = hw_v3_zero();
    return L;
}

/* Pass 6: points. A free point moves under its own loads plus those of its end nodes, with their
 * masses; any point records the force its lines exert on it: sum over ends of (F_end - M_end a). */
HW_HD void hw_lm_point(const hw_lm_sys *S, double t, const double *y, const hw_lm_work *w,
                       double *dy, int p)
{
    int i = S->n_nodes + p, n = S->n_state;
    hw_v3 fe = hw_v3_zero();
    hw_m3s me = hw_m3s_diag(0.0);
    for (int k = S->pt_att0[p]; k < S->pt_att0[p + 1]; k++) {
        int e = S->pt_att[k];
        fe = hw_v3_add(fe, hw_v3_make(w->end_f[3 * e], w->end_f[3 * e + 1], w->end_f[3 * e + 2]));
        me = hw_m3s_add(me, hw_lm_end_mass(w, e));
    }
    hw_v3 a;
    double power = 0.0;
    if (S->pt_kind[p] == HW_PT_FREE) {
        hw_m3s M;
        hw_node_load L = hw_lm_point_own_load(S, t, y, p, &M);
        hw_v3 ft = hw_v3_add(fe, L.f);
        a = hw_m3s_solve(hw_m3s_add(M, me), ft);
        power = L.power;
        if (w->node_f) { w->node_f[3 * i] = ft.x; w->node_f[3 * i + 1] = ft.y; w->node_f[3 * i + 2] = ft.z; }
    } else {
        a = hw_lm_point_kin(S, p, t).a;
    }
    hw_v3 fp = hw_v3_sub(fe, hw_m3s_mul(me, a));
    w->pt_f[3 * p] = fp.x; w->pt_f[3 * p + 1] = fp.y; w->pt_f[3 * p + 2] = fp.z;
    w->pt_a[3 * p] = a.x; w->pt_a[3 * p + 1] = a.y; w->pt_a[3 * p + 2] = a.z;
    hw_lm_set3(dy, n, HW_Y_RX, i, hw_lm_get3(y, n, HW_Y_VX, i));
    hw_lm_set3(dy, n, HW_Y_VX, i, a);
    dy[HW_Y_ED * n + i] = power;
}

/* Pass 7: end nodes move with their points. */
HW_HD void hw_lm_end_deriv(const hw_lm_sys *S, double *dy, int e)
{
    int i = hw_lm_end_node(S, e), j = S->n_nodes + hw_lm_end_point(S, e), n = S->n_state;
    hw_lm_set3(dy, n, HW_Y_RX, i, hw_lm_get3(dy, n, HW_Y_RX, j));
    hw_lm_set3(dy, n, HW_Y_VX, i, hw_lm_get3(dy, n, HW_Y_VX, j));
}

/* Reel mode (winches and sheaves): kernels/reel.h. */

/* Integrator updates, per state index k (all blocks handled by the caller's loop). */
HW_HD void hw_lm_symplectic(const hw_lm_sys *S, double *y, const double *dy, double dt, int k)
{
    int n = S->n_state;
    /* written out per component (no loop over them): the CPU's loop over k then vectorizes */
    double vx = y[HW_Y_VX * n + k] + dt * dy[HW_Y_VX * n + k];
    double vy = y[HW_Y_VY * n + k] + dt * dy[HW_Y_VY * n + k];
    double vz = y[HW_Y_VZ * n + k] + dt * dy[HW_Y_VZ * n + k];
    y[HW_Y_VX * n + k] = vx; y[HW_Y_VY * n + k] = vy; y[HW_Y_VZ * n + k] = vz;
    y[HW_Y_RX * n + k] += dt * vx; y[HW_Y_RY * n + k] += dt * vy; y[HW_Y_RZ * n + k] += dt * vz;
    y[HW_Y_ED * n + k] += dt * dy[HW_Y_ED * n + k];
}

/* The Newmark-type update of state slot k (the backend's second_order; host/world/integrate.c):
 * positions x = s_x + (cx0 d0_x + cx1 d1_x) + (ca0 d0_v + ca1 d1_v), the rest (velocities and the
 * energy) v = s_v + (cv0 d0_v + cv1 d1_v); each of d0, d1 a derivative (its position blocks the
 * velocities, its velocity blocks the accelerations). Slot k reads and writes only slot k of every
 * buffer, so dst may be src (not d0 or d1). */
HW_HD void hw_lm_second_order(const hw_lm_sys *S, double *dst, const double *src, const double *d0,
                              const double *d1, const double *cx, const double *ca, const double *cv, int k)
{
    int n = S->n_state;
    for (int c = 0; c < 3; c++) {
        size_t ix = (size_t)(HW_Y_RX + c) * n + k, iv = (size_t)(HW_Y_VX + c) * n + k;
        double x = src[ix] + (cx[0] * d0[ix] + cx[1] * d1[ix]) + (ca[0] * d0[iv] + ca[1] * d1[iv]);
        dst[iv] = src[iv] + (cv[0] * d0[iv] + cv[1] * d1[iv]);
        dst[ix] = x;
    }
    size_t ie = (size_t)HW_Y_ED * n + k;
    dst[ie] = src[ie] + (cv[0] * d0[ie] + cv[1] * d1[ie]);
}
#endif
