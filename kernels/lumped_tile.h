/* The fused lumped-mass step (docs/gpu.md, "Two lumped paths"): one pass per integrator stage that
 * loads a tile of a line (its nodes and one halo node each side), evaluates the tile's segments,
 * then its nodes, and applies the stage's integrator update, writing back only the state (and the
 * derivatives a later stage of the step needs). Points couple lines (a free point needs the
 * loads of every end attached to it): the tiles of the next stage finish them first
 * (hw_tile_prologue: each tile the points of the end nodes it loads), and the line update of the
 * accumulators with them, so a stage is one pass over the tiles behind one barrier; a pass over
 * the points ends a call.
 *
 * Written once for gcc and nvcc: kernels/cuda/lumped_fused.cu runs a tile per thread block
 * (thread tid of HW_TILE_NODES; the phases separated by __syncthreads), tests/test_fused_emulation.c
 * runs the same phases as a CPU loop over tiles and threads. The per-element physics is that of
 * kernels/lumped.h (hw_segment_eval, hw_node_load_eval, hw_node_accel, hw_lm_point...), called in
 * the order of the CPU backend (kernels/cpu/lumped_cpu.c: segment_range, node_range, hw_lm_node
 * for the end nodes, hw_lm_point) and host/world/integrate.c's stages (the lincomb expressions), so the
 * states are bit-equal to the CPU backend's where the compilers do not contract (nvcc --fmad=false).
 *
 * Stage state: every stage reads its input state x (its tile and the halo) from global memory
 * and writes its output to another buffer, so tiles never wait for each other within a stage;
 * the halo is exchanged through global memory between stages (launches, or grid barriers in the
 * persistent form). A stage's derivative k = (v, a, power) stays in registers; a stage stores
 * what the step's last combination needs of it (a and power; v too where it is not the base
 * state's). Models covered: see hw_tile_covers. */
#ifndef HW_KERNELS_LUMPED_TILE_H
#define HW_KERNELS_LUMPED_TILE_H

#include "hawser/hawser.h"
#include "lumped.h"
#include "accum.h"

#define HW_TILE_NODES 128 /* nodes a tile owns = threads per block */

/* Additions and products the device must not contract into an FMA (times and coefficients are
 * the host's roundings, host/world/integrate.c). */
#ifdef __CUDA_ARCH__
#define HW_TILE_ADD(a, b) __dadd_rn((a), (b))
#define HW_TILE_MUL(a, b) __dmul_rn((a), (b))
#else
#define HW_TILE_ADD(a, b) ((a) + (b))
#define HW_TILE_MUL(a, b) ((a) * (b))
#endif

/* Nodes a .. b (local indices, inclusive) of line `line`. Segment i (joining nodes i - 1 and i,
 * i = 1 .. nseg) belongs to the tile that owns node i: it is evaluated by both tiles next to a
 * tile edge (the same expression on the same state) and booked (bad flag, accumulators) once. */
typedef struct hw_tile { int line, a, b; } hw_tile;

/* How a stage combines: EULER: v' = v + dt a, r' = r + dt v', e' = e + dt p (hw_lm_symplectic);
 * LIN1: out = y + c0 k (the stages of RK2 and RK4); LIN2: out = y + (c0 k1 + c1 k) (Heun's
 * last); LIN4: out = y + ((c0 k1 + c1 k2) + (c2 k3 + c3 k)) (RK4's last): the CPU's lincomb. */
enum { HW_TS_EULER = 0, HW_TS_LIN1, HW_TS_LIN2, HW_TS_LIN4 };

typedef struct hw_tile_stage {
    int kind, first;     /* first: the step's first evaluation (accumulators) */
    double t, tn;        /* evaluation time; time of the output's point kinematics */
    double dt, c[4];
    const double *x;     /* input state (blocks RX, VX read; ED too when y is NULL) */
    const double *y;     /* base state of the combination (NULL: x) */
    double *out;         /* output state */
    double *kst;         /* where this stage keeps its derivative: every block at the point
                          * slots; at the nodes, in the stages a later one combines (LIN1),
                          * blocks VX and ED, and RX when store_r */
    int store_r;
    const double *k[3];  /* the earlier stages' derivatives (LIN2: k[0]; LIN4: k[0..2]); their
                          * RX block at the nodes is read only for k[1], k[2] (k[0]'s is y's v) */
    double *end_f, *end_m; /* the end nodes' loads and masses (as hw_lm_work's), one of two
                          * sets alternating from stage to stage */
    double *lnT;         /* first stage: each line's end tensions (2 per line), one of two sets
                          * alternating from step to step */
    int par;             /* the step's parity: which set of per-line maxima the caller uses */
} hw_tile_stage;

/* Buffers of a fused step: the state, in y and alt alternately from step to step; tmp and x2 for
 * stage states; k[0..3] derivatives; two sets of end loads (6 doubles per line) and masses (12)
 * and of line end tensions (2). A stage's points are finished by the next stage's tiles
 * (hw_tile_prologue), several tiles the same point: so no stage writes its input or its base
 * state, and the next stage writes its own end loads while the point reads the stage's: hence
 * the alternating state and sets. */
typedef struct hw_tile_bufs {
    double *y, *alt, *tmp, *x2, *k[4];
    double *end_f[2], *end_m[2], *lnT[2];
} hw_tile_bufs;

/* The stages of one step of integrator integ from t (host/world/integrate.c's hw_integrate_step):
 * hw_tile_n_stages of them; hw_tile_stage_of fills stage s. A step reads its state from y and
 * writes it to alt, or (odd) from alt to y: after an odd number of steps the state is in alt. */
HW_HD int hw_tile_n_stages(int integ)
{
    return integ == HW_INT_SYMPLECTIC_EULER ? 1 : integ == HW_INT_RK2 ? 2 : 4;
}
HW_HD void hw_tile_stage_of(int integ, double t, double dt, const hw_tile_bufs *B, int odd, int s,
                            hw_tile_stage *st)
{
    double *y0 = odd ? B->alt : B->y, *y1 = odd ? B->y : B->alt;
    st->first = s == 0;
    st->dt = dt;
    st->y = y0;
    st->store_r = 0;
    st->c[0] = st->c[1] = st->c[2] = st->c[3] = 0.0;
    st->k[0] = st->k[1] = st->k[2] = NULL;
    st->kst = B->k[s]; /* the points' derivatives always; the nodes' where a later stage needs them */
    int e = integ == HW_INT_SYMPLECTIC_EULER ? odd : (s & 1); /* alternates from stage to stage */
    st->end_f = B->end_f[e];
    st->end_m = B->end_m[e];
    st->lnT = B->lnT[odd];
    st->par = odd;
    double t1 = HW_TILE_ADD(t, dt);
    if (integ == HW_INT_SYMPLECTIC_EULER) {
        st->kind = HW_TS_EULER;
        st->t = t; st->tn = t1;
        st->x = y0;
        st->y = NULL;
        st->out = y1;
        return;
    }
    if (integ == HW_INT_RK2) {
        double h = HW_TILE_MUL(0.5, dt);
        if (s == 0) {
            st->kind = HW_TS_LIN1; st->t = t; st->tn = t1; st->c[0] = dt;
            st->x = y0; st->out = B->tmp;
        } else {
            st->kind = HW_TS_LIN2; st->t = t1; st->tn = t1; st->c[0] = h; st->c[1] = h;
            st->x = B->tmp; st->out = y1; st->k[0] = B->k[0];
        }
        return;
    }
    double h2 = HW_TILE_MUL(0.5, dt), th = HW_TILE_ADD(t, h2);
    st->kind = s < 3 ? HW_TS_LIN1 : HW_TS_LIN4;
    st->t = s == 0 ? t : s < 3 ? th : t1;
    st->tn = s < 2 ? th : t1;
    st->x = s == 0 ? y0 : s == 2 ? B->x2 : B->tmp;
    st->out = s == 1 ? B->x2 : s == 3 ? y1 : B->tmp;
    st->store_r = s == 1 || s == 2;
    if (s < 3) {
        st->c[0] = s < 2 ? h2 : dt;
    } else {
        st->c[0] = dt / 6.0; st->c[1] = dt / 3.0; st->c[2] = dt / 3.0; st->c[3] = dt / 6.0;
        st->k[0] = B->k[0]; st->k[1] = B->k[1]; st->k[2] = B->k[2];
    }
}

/* Whether the fused step covers the model; else why not (the caller runs the baseline). */
HW_HD int hw_tile_covers(const hw_lm_sys *S, int with_node_forces, const char **why)
{
    if (with_node_forces) { *why = "node forces recorded (static solver)"; return 0; }
    if (S->any_bending) { *why = "a line with bending stiffness (EI > 0)"; return 0; }
    if (S->n_vis > 0) { *why = "a viscoelastic line (a state per segment)"; return 0; }
    if (S->n_viv > 0) { *why = "a line with vortex-induced vibration (three states per node)"; return 0; }
    for (int l = 0; l < S->n_lines; l++)
        if (S->ln_btabn[l] > 0) { *why = "a line with a damping curve (BA_table)"; return 0; }
    for (int l = 0; l < S->n_lines; l++)
        if (S->ln_cap[l] != S->ln_nseg[l] || S->ln_wseg[2 * l] >= 0 || S->ln_wseg[2 * l + 1] >= 0) {
            *why = "a winch or sheave line (reel mode)";
            return 0;
        }
    *why = "";
    return 1;
}

/* Number of tiles of a line of nseg segments, and the tiles of every line in line order (out may
 * be NULL: count only). */
HW_HD int hw_tile_count(int nseg) { return (nseg + 1 + HW_TILE_NODES - 1) / HW_TILE_NODES; }
HW_HD int hw_tile_plan(const hw_lm_sys *S, hw_tile *out)
{
    int n = 0;
    for (int l = 0; l < S->n_lines; l++) {
        int ns = S->ln_nseg[l], nt = hw_tile_count(ns);
        for (int k = 0; k < nt; k++, n++) {
            if (!out) continue;
            out[n].line = l;
            out[n].a = k * HW_TILE_NODES;
            out[n].b = k == nt - 1 ? ns : (k + 1) * HW_TILE_NODES - 1;
        }
    }
    return n;
}

/* A tile's shared memory: node slot j is local node a - 1 + j; segment slot j is segment a + j. */
typedef struct hw_tile_smem {
    double r[3][HW_TILE_NODES + 2], v[3][HW_TILE_NODES + 2];
    double T[HW_TILE_NODES + 1], qx[HW_TILE_NODES + 1], qy[HW_TILE_NODES + 1],
        qz[HW_TILE_NODES + 1], pd[HW_TILE_NODES + 1];
    double len[HW_TILE_NODES + 1]; /* waves: the stretched lengths (submerged fractions) */
} hw_tile_smem;

/* Phase 1: thread tid of nt loads the tile's nodes and halo from the stage input. */
HW_HD void hw_tile_load(const hw_lm_sys *S, hw_tile tl, const hw_tile_stage *st, hw_tile_smem *sm,
                        int tid, int nt)
{
    int n = S->n_state, n0 = S->ln_n0[tl.line], ns = S->ln_nseg[tl.line];
    for (int j = tid; j < tl.b - tl.a + 3; j += nt) {
        int k = tl.a - 1 + j;
        if (k < 0 || k > ns) continue;
        for (int c = 0; c < 3; c++) {
            sm->r[c][j] = st->x[(HW_Y_RX + c) * n + n0 + k];
            sm->v[c][j] = st->x[(HW_Y_VX + c) * n + n0 + k];
        }
    }
}

/* Phase 2: the tile's segments (segment_range's body: hw_segment_eval, hw_segment_cut,
 * hw_segment_damping_power) into shared memory; for the segments the tile owns, the bad flag
 * and, in the step's first stage, the every-step accumulators (hw_acc_seg_update; a value is
 * stored only when it changed) and the line's end tensions (for hw_tile_line).
 * Returns the largest oscillation of this thread's owned segments (0 where none): the caller
 * takes the maximum into acc.osc[line] (any order: a maximum). */
HW_HD double hw_tile_segments(const hw_lm_sys *S, const hw_lm_work *w, const hw_lm_acc *acc,
                              hw_tile tl, const hw_tile_stage *st, hw_tile_smem *sm, int tid, int nt)
{
    int l = tl.line, ns = S->ln_nseg[l], s0 = S->ln_s0[l], t0 = S->ln_tab0[l];
    int tn = S->ln_tabn[l] >= 2 ? S->ln_tabn[l] : 0; /* as segment_range */
    double ea = S->ln_ea[l], ba = S->ln_ba[l], osc = 0.0;
    const double *tx = S->tab_x + t0, *ty = S->tab_y + t0;
    for (int j = tid; j < tl.b - tl.a + 2; j += nt) {
        int i = tl.a + j; /* joins slots j and j + 1 */
        if (i < 1 || i > ns) continue;
        int s = s0 + i - 1;
        double l0 = S->seg_l0[s];
        hw_seg_result sr = hw_segment_eval(hw_v3_make(sm->r[0][j], sm->r[1][j], sm->r[2][j]),
                                           hw_v3_make(sm->r[0][j + 1], sm->r[1][j + 1], sm->r[2][j + 1]),
                                           hw_v3_make(sm->v[0][j], sm->v[1][j], sm->v[2][j]),
                                           hw_v3_make(sm->v[0][j + 1], sm->v[1][j + 1], sm->v[2][j + 1]),
                                           l0, ea, ba, tx, ty, tn);
        sr = hw_segment_cut(sr, S->seg_alive[s]);
        sm->T[j] = sr.T; sm->qx[j] = sr.q.x; sm->qy[j] = sr.q.y; sm->qz[j] = sr.q.z;
        sm->pd[j] = hw_segment_damping_power(sr, l0, ea, tx, ty, tn);
        sm->len[j] = sr.len;
        if (i > tl.b) continue; /* the next tile's */
        if (hw_seg_bad(sr.T, sr.strain, S->max_strain)) HW_FLAG_BAD(w->bad, s);
        if (!st->first) continue;
        if (i == 1) st->lnT[2 * l] = sr.T;
        if (i == ns) st->lnT[2 * l + 1] = sr.T;
        int n = S->n_segs;
        double *a = acc->seg;
        double mx = a[HW_ACC_TMAX * n + s], mxt = a[HW_ACC_TMAX_T * n + s];
        double mn = a[HW_ACC_TMIN * n + s], mnt = a[HW_ACC_TMIN_T * n + s];
        double em = a[HW_ACC_EMAX * n + s], p1 = a[HW_ACC_TP1 * n + s], p2 = a[HW_ACC_TP2 * n + s];
        double mx0 = mx, mn0 = mn, em0 = em;
        double z = hw_acc_seg_update(sr.T, sr.strain, st->t, &mx, &mxt, &mn, &mnt, &em, &p1, &p2);
        if (mx != mx0 || mx0 != mx0) { a[HW_ACC_TMAX * n + s] = mx; a[HW_ACC_TMAX_T * n + s] = mxt; }
        if (mn != mn0 || mn0 != mn0) { a[HW_ACC_TMIN * n + s] = mn; a[HW_ACC_TMIN_T * n + s] = mnt; }
        if (em != em0 || em0 != em0) a[HW_ACC_EMAX * n + s] = em;
        a[HW_ACC_TP1 * n + s] = p1;
        a[HW_ACC_TP2 * n + s] = p2;
        osc = z > osc ? z : osc;
    }
    return osc;
}

/* One value of the stage's combination (cpu_lincomb's expressions). */
HW_HD double hw_tile_comb(const hw_tile_stage *st, double y, double k0, double k1, double k2,
                          double k)
{
    if (st->kind == HW_TS_LIN1) return y + st->c[0] * k;
    if (st->kind == HW_TS_LIN2) return y + (st->c[0] * k0 + st->c[1] * k);
    return y + ((st->c[0] * k0 + st->c[1] * k1) + (st->c[2] * k2 + st->c[3] * k));
}

/* Phase 3: the tile's nodes. Interior nodes: node_range's body (hw_node_tension,
 * hw_node_load_eval, hw_node_accel), then the stage's update of all seven blocks;
 * end nodes: hw_lm_node's (end_f, and end_m from hw_node_mass, for their point) and the update of
 * their energy (their position and velocity come from the point, hw_tile_point). */
HW_HD void hw_tile_nodes(const hw_lm_sys *S, hw_tile tl,
                         const hw_tile_stage *st, const hw_tile_smem *sm, int tid, int nt)
{
    int l = tl.line, ns = S->ln_nseg[l], n0 = S->ln_n0[l], n = S->n_state;
    hw_lm_linec c = hw_lm_line_consts(S, l);
    hw_lm_env e = hw_lm_env_of(S);
    const double *yb = st->y ? st->y : st->x;
    for (int j = tid; j < tl.b - tl.a + 1; j += nt) {
        int k = tl.a + j, i = n0 + k, end = k == 0 || k == ns;
        hw_v3 r = hw_v3_make(sm->r[0][j + 1], sm->r[1][j + 1], sm->r[2][j + 1]);
        hw_v3 v = hw_v3_make(sm->v[0][j + 1], sm->v[1][j + 1], sm->v[2][j + 1]);
        hw_v3 qa = k > 0 ? hw_v3_make(sm->qx[j], sm->qy[j], sm->qz[j]) : hw_v3_zero();
        hw_v3 qb = k < ns ? hw_v3_make(sm->qx[j + 1], sm->qy[j + 1], sm->qz[j + 1]) : hw_v3_zero();
        hw_v3 f = hw_node_tension(k > 0, qa, k > 0 ? sm->T[j] : 0.0, k < ns, qb,
                                  k < ns ? sm->T[j + 1] : 0.0);
        double power = k > 0 ? sm->pd[j] : 0.0;
        double m = S->node_m[i], ln = S->node_l[i], lw = ln;
        int wv = S->wv.n > 0;
        hw_node_load L;
        e.depth = hw_lm_depth_at(S, r.x, r.y); /* the seabed under the node (flat: S->depth) */
        if (wv) { /* waves: hw_lm_node_load's wave branch; the node's own samples, refreshed by
                     its own thread in the step's first stage (hw_integrate_step's refresh) */
            if (st->first) hw_lm_wave_refresh(S, st->t, st->x, i);
            hw_wave_kin K = hw_lm_wave_at(S, st->t, i, r.z);
            int s0 = S->ln_s0[l];
            L = hw_node_load_waves(r, v, f, qa, qb, k > 0 ? sm->len[j] : 0.0, k < ns ? sm->len[j + 1] : 0.0,
                                   k > 0 ? S->seg_l0[s0 + k - 1] : 0.0, k < ns ? S->seg_l0[s0 + k] : 0.0,
                                   power, m, ln, c, e,
                                   hw_lm_current_under(S, r.z, K.eta, st->t, S->ln_cscale[l]), K, 1);
            lw = ln * L.sub;
        } else {
            hw_v3 ucur = end || S->cur_nz > 0 ? hw_lm_current_seen(S, r.z, st->t, S->ln_cscale[l]) : hw_v3_zero();
            L = hw_node_load_eval(r, v, f, qa, qb, power, m, ln, c, e, ucur);
        }
        int wet = wv ? 1 : L.wet;
        double ed = yb[HW_Y_ED * n + i], *out = st->out;
        if (end) {
            int ee = 2 * l + (k == 0 ? 0 : 1);
            hw_m3s M = hw_node_mass(m, wet, e.rho, c.d, lw, c.can, c.cat, L.qh);
            double *ef = st->end_f, *em = st->end_m;
            ef[3 * ee] = L.f.x; ef[3 * ee + 1] = L.f.y; ef[3 * ee + 2] = L.f.z;
            em[6 * ee] = M.xx; em[6 * ee + 1] = M.yy; em[6 * ee + 2] = M.zz;
            em[6 * ee + 3] = M.xy; em[6 * ee + 4] = M.xz; em[6 * ee + 5] = M.yz;
            if (st->kind == HW_TS_LIN1) st->kst[HW_Y_ED * n + i] = L.power;
            out[HW_Y_ED * n + i] = st->kind == HW_TS_EULER ? ed + st->dt * L.power
                                   : hw_tile_comb(st, ed, st->k[0] ? st->k[0][HW_Y_ED * n + i] : 0.0,
                                                  st->k[1] ? st->k[1][HW_Y_ED * n + i] : 0.0,
                                                  st->k[2] ? st->k[2][HW_Y_ED * n + i] : 0.0, L.power);
            continue;
        }
        hw_v3 a = hw_node_accel(m, wet, e.rho, c.d, lw, c.can, c.cat, L.qh, L.f);
        double av[3] = {a.x, a.y, a.z}, vv[3] = {v.x, v.y, v.z}, rr[3] = {r.x, r.y, r.z};
        if (st->kind == HW_TS_EULER) { /* hw_lm_symplectic on the input state */
            for (int b = 0; b < 3; b++) {
                double vn = vv[b] + st->dt * av[b];
                out[(HW_Y_VX + b) * n + i] = vn;
                out[(HW_Y_RX + b) * n + i] = rr[b] + st->dt * vn;
            }
            out[HW_Y_ED * n + i] = ed + st->dt * L.power;
            continue;
        }
        if (st->kind == HW_TS_LIN1) { /* a later stage combines this derivative */
            for (int b = 0; b < 3; b++) {
                st->kst[(HW_Y_VX + b) * n + i] = av[b];
                if (st->store_r) st->kst[(HW_Y_RX + b) * n + i] = vv[b];
            }
            st->kst[HW_Y_ED * n + i] = L.power;
        }
        for (int b = 0; b < 3; b++) {
            /* dr/dt = v: k1's is the base state's velocity (stage 1 ran at y); where the base is
             * the input (stage 1), its values are in shared memory already */
            double yr = yb == st->x ? rr[b] : yb[(HW_Y_RX + b) * n + i];
            double yv = yb == st->x ? vv[b] : yb[(HW_Y_VX + b) * n + i];
            double k0r = 0.0, k1r = 0.0, k2r = 0.0, k0v = 0.0, k1v = 0.0, k2v = 0.0;
            if (st->k[0]) { k0r = yv; k0v = st->k[0][(HW_Y_VX + b) * n + i]; }
            if (st->k[1]) { k1r = st->k[1][(HW_Y_RX + b) * n + i]; k1v = st->k[1][(HW_Y_VX + b) * n + i]; }
            if (st->k[2]) { k2r = st->k[2][(HW_Y_RX + b) * n + i]; k2v = st->k[2][(HW_Y_VX + b) * n + i]; }
            out[(HW_Y_RX + b) * n + i] = hw_tile_comb(st, yr, k0r, k1r, k2r, vv[b]);
            out[(HW_Y_VX + b) * n + i] = hw_tile_comb(st, yv, k0v, k1v, k2v, av[b]);
        }
        out[HW_Y_ED * n + i] = hw_tile_comb(st, ed, st->k[0] ? st->k[0][HW_Y_ED * n + i] : 0.0,
                                            st->k[1] ? st->k[1][HW_Y_ED * n + i] : 0.0,
                                            st->k[2] ? st->k[2][HW_Y_ED * n + i] : 0.0, L.power);
    }
}

/* Point p at the end of a stage, once every tile of the stage has run: its acceleration from its
 * own loads and its end nodes' (hw_lm_point, into kst's point slot), its update (the same
 * combination as the nodes, or hw_lm_symplectic's), its kinematics at tn where it is not free
 * (hw_lm_constrain_point), and its end nodes set from it (hw_lm_constrain_end): the stage's
 * output is then complete. Several tiles may finish the same point (hw_tile_prologue): they
 * compute the same values from the same inputs and store the same bits. */
HW_HD void hw_tile_point(const hw_lm_sys *S, const hw_lm_work *w, const hw_tile_stage *st, int p)
{
    int n = S->n_state, i = S->n_nodes + p;
    double *dy = st->kst;
    hw_lm_work wl = *w;
    wl.end_f = st->end_f;
    wl.end_m = st->end_m;
    hw_lm_point(S, st->t, st->x, &wl, dy, p);
    const double *yb = st->y ? st->y : st->x;
    if (st->kind == HW_TS_EULER) {
        for (int b = 0; b < 3; b++) {
            double vn = yb[(HW_Y_VX + b) * n + i] + st->dt * dy[(HW_Y_VX + b) * n + i];
            st->out[(HW_Y_VX + b) * n + i] = vn;
            st->out[(HW_Y_RX + b) * n + i] = yb[(HW_Y_RX + b) * n + i] + st->dt * vn;
        }
        st->out[HW_Y_ED * n + i] = yb[HW_Y_ED * n + i] + st->dt * dy[HW_Y_ED * n + i];
    } else {
        for (int b = 0; b < HW_Y_BLOCKS; b++) {
            int q = b * n + i;
            st->out[q] = hw_tile_comb(st, yb[q], st->k[0] ? st->k[0][q] : 0.0, st->k[1] ? st->k[1][q] : 0.0,
                                      st->k[2] ? st->k[2][q] : 0.0, dy[q]);
        }
    }
    hw_lm_constrain_point(S, st->tn, st->out, p);
    for (int k = S->pt_att0[p]; k < S->pt_att0[p + 1]; k++) hw_lm_constrain_end(S, st->out, S->pt_att[k]);
}

/* Phase 0 of a tile after the first stage of a call: it finishes the previous stage (prev) for
 * the points whose end nodes it loads (nodes 0 and nseg of its line, where they are among its
 * nodes or its halo), so one barrier per stage suffices: the tiles of stage s need every tile of
 * stage s - 1 done (the end loads), not a separate point pass. Tile 0 also finishes the points
 * no line is attached to. The last stage of a call is finished by a pass over every point
 * (hw_tile_point), and its lines by hw_tile_line. */
HW_HD void hw_tile_prologue(const hw_lm_sys *S, const hw_lm_work *w, int ti, hw_tile tl,
                            const hw_tile_stage *prev, int tid, int nt)
{
    int l = tl.line, ns = S->ln_nseg[l];
    for (int j = tid; j < 2; j += nt) {
        if (j == 0 && tl.a <= 1) hw_tile_point(S, w, prev, S->ln_pa[l]);
        if (j == 1 && tl.b + 1 >= ns) hw_tile_point(S, w, prev, S->ln_pb[l]);
    }
    if (ti != 0) return;
    for (int p = tid; p < S->n_points; p += nt)
        if (S->pt_att0[p] == S->pt_att0[p + 1]) hw_tile_point(S, w, prev, p);
}

/* The line update of a step's first stage, once every tile of it has run (by the line's first
 * tile in the next stage's prologue, or the pass that ends a call): line l's end statistics and
 * monitor from its segments' largest oscillation osc (hw_acc_line_update_t); 1 when the monitor
 * trips it (the caller raises the bad flag with n_segs + l). */
HW_HD int hw_tile_line(const hw_lm_acc *acc, const hw_tile_stage *st, int l, double osc)
{
    return hw_acc_line_update_t(acc->line + HW_ACC_LINE_NV * l, acc->monitor, st->t, osc,
                                st->lnT[2 * l], st->lnT[2 * l + 1]);
}

#endif
