/* The CPU backend: plain loops over the per-element bodies of lumped.h. It references the host's
 * system arrays directly (no copy) and owns the integrator buffers and the scratch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

struct hw_backend {
    hw_lm_sys S;
    hw_lm_work w;
    double *buf[HW_NBUF];
    size_t ny;
    int bad;
    hw_lm_acc acc;   /* every-step accumulators (kernels/accum.h) */
    hw_reel_sys R;   /* reel mode: the host's arrays (reel_set) */
    double *osc;     /* per segment: its oscillation this step (scratch of cpu_accumulate) */
};

/* HW_LOOP marks the vectorized element loops (segment_range, node_range, first_bad,
 * lincomb_range, symplectic_range, acc_range: functions of a count and pointers, which a threaded
 * caller can run on sub-ranges): out of line, so that
 * their restrict parameters hold, and on x86-64 Linux with gcc compiled twice, for baseline
 * x86-64 (SSE2: two doubles per instruction) and for AVX2 (four, and three-operand instructions
 * without the register copies), the one the CPU runs chosen when the program loads (gcc
 * function multiversioning, an ifunc). Both clones do the same IEEE operations in the same order
 * (no FMA: contraction is off), so their results are bit-identical (tests/test_cpu_loops.c runs
 * whichever the machine picks against the per-element bodies; -DHAWSER_NO_CLONES in CMAKE_C_FLAGS
 * builds the baseline loops alone, to test or time them on an AVX2 machine). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(HAWSER_NO_CLONES)
#define HW_LOOP __attribute__((noinline, target_clones("avx2", "default")))
#elif defined(__GNUC__)
#define HW_LOOP __attribute__((noinline))
#else
#define HW_LOOP
#endif

/* HW_IVDEP: the next loop has no dependence between iterations (gcc then vectorizes it without
 * a runtime overlap check). */
#if defined(__GNUC__) && !defined(__clang__)
#define HW_IVDEP _Pragma("GCC ivdep")
#else
#define HW_IVDEP
#endif

static void *zalloc(size_t n, size_t size) { return calloc(n ? n : 1, size); }

static void cpu_destroy(hw_backend *b)
{
    if (!b) return;
    for (int k = 0; k < HW_NBUF; k++) free(b->buf[k]);
    free(b->w.seg_T); free(b->w.seg_qx); free(b->w.seg_qy); free(b->w.seg_qz);
    free(b->w.seg_len); free(b->w.seg_strain); free(b->w.seg_pd); free(b->w.pt_a); free(b->w.hg_fa); free(b->w.hg_fb);
    free(b->w.end_f); free(b->w.end_m); free(b->w.pt_f); free(b->w.node_f);
    free(b->acc.seg); free(b->acc.line); free(b->osc);
    free(b);
}

static hw_status cpu_create(const hw_lm_sys *sys, int with_node_forces, hw_backend **out,
                            char *msg, size_t msg_len)
{
    *out = NULL;
    size_t ny_all = (size_t)HW_Y_BLOCKS * (size_t)sys->n_state;
    double mb = 1e-6 * 8.0 * ((double)HW_NBUF * ny_all + 7.0 * sys->n_segs + 6.0 * sys->n_nodes);
    hw_backend *b = (hw_backend *)calloc(1, sizeof *b);
    if (!b) {
        if (msg && msg_len) snprintf(msg, msg_len, "out of memory for the CPU backend (%zu bytes)", sizeof *b);
        return HW_ERR_NOMEM;
    }
    b->S = *sys;
    b->ny = (size_t)HW_Y_BLOCKS * (size_t)sys->n_state;
    int ok = 1;
    for (int k = 0; k < HW_NBUF; k++) ok &= (b->buf[k] = (double *)zalloc(b->ny, sizeof(double))) != NULL;
    size_t ns = (size_t)sys->n_segs, nn = (size_t)sys->n_nodes, ne = 2 * (size_t)sys->n_lines;
    ok &= (b->w.seg_T = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_qx = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_qy = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_qz = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_len = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_strain = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_pd = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.hg_fa = (double *)zalloc(3 * nn, sizeof(double))) != NULL;
    ok &= (b->w.hg_fb = (double *)zalloc(3 * nn, sizeof(double))) != NULL;
    ok &= (b->w.end_f = (double *)zalloc(3 * ne, sizeof(double))) != NULL;
    ok &= (b->w.end_m = (double *)zalloc(6 * ne, sizeof(double))) != NULL;
    ok &= (b->w.pt_f = (double *)zalloc(3 * (size_t)sys->n_points, sizeof(double))) != NULL;
    ok &= (b->w.pt_a = (double *)zalloc(3 * (size_t)sys->n_points, sizeof(double))) != NULL;
    if (with_node_forces)
        ok &= (b->w.node_f = (double *)zalloc(3 * (size_t)sys->n_state, sizeof(double))) != NULL;
    ok &= (b->acc.seg = (double *)zalloc(HW_ACC_SEG_NV * ns, sizeof(double))) != NULL;
    ok &= (b->acc.line = (double *)zalloc(HW_ACC_LINE_NV * (size_t)sys->n_lines, sizeof(double))) != NULL;
    ok &= (b->osc = (double *)zalloc(ns, sizeof(double))) != NULL;
    b->bad = HW_NO_BAD;
    b->w.bad = &b->bad;
    if (ok) {
        for (int s = 0; s < sys->n_segs; s++) hw_acc_seg_reset(b->acc.seg, sys->n_segs, s, 0.0);
        for (int l = 0; l < sys->n_lines; l++) hw_acc_line_reset(b->acc.line + HW_ACC_LINE_NV * l, 1.0);
    }
    if (!ok) {
        cpu_destroy(b);
        if (msg && msg_len)
            snprintf(msg, msg_len, "out of memory for the CPU backend's state and work arrays: %d nodes and "
                     "points, %d segments, %d state buffers (about %.3g MB)", sys->n_state, sys->n_segs,
                     (int)HW_NBUF, mb);
        return HW_ERR_NOMEM;
    }
    *out = b;
    return HW_OK;
}

static hw_status cpu_upload(hw_backend *b, int buf, const double *y)
{
    memcpy(b->buf[buf], y, b->ny * sizeof(double));
    return HW_OK;
}

static hw_status cpu_download(hw_backend *b, int buf, double *y)
{
    memcpy(y, b->buf[buf], b->ny * sizeof(double));
    return HW_OK;
}

static void copy_if(double *dst, const double *src, size_t n)
{
    if (dst && src) memcpy(dst, src, n * sizeof(double));
}

static hw_status cpu_download_work(hw_backend *b, hw_lm_work *h)
{
    size_t ns = (size_t)b->S.n_segs, ne = 2 * (size_t)b->S.n_lines;
    copy_if(h->seg_T, b->w.seg_T, ns);
    copy_if(h->seg_qx, b->w.seg_qx, ns);
    copy_if(h->seg_qy, b->w.seg_qy, ns);
    copy_if(h->seg_qz, b->w.seg_qz, ns);
    copy_if(h->seg_len, b->w.seg_len, ns);
    copy_if(h->seg_strain, b->w.seg_strain, ns);
    copy_if(h->end_f, b->w.end_f, 3 * ne);
    copy_if(h->end_m, b->w.end_m, 6 * ne);
    copy_if(h->pt_f, b->w.pt_f, 3 * (size_t)b->S.n_points);
    copy_if(h->pt_a, b->w.pt_a, 3 * (size_t)b->S.n_points);
    copy_if(h->node_f, b->w.node_f, 3 * (size_t)b->S.n_state);
    return HW_OK;
}

static void cpu_constrain(hw_backend *b, double t, int buf)
{
    const hw_lm_sys *S = &b->S;
    double *y = b->buf[buf];
    for (int p = 0; p < S->n_points; p++) hw_lm_constrain_point(S, t, y, p);
    for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_constrain_end(S, y, e);
}

/* The segments of one line: the body of hw_lm_segment_at (hw_segment_eval and
 * hw_segment_damping_power), with every array a restrict parameter (gcc honours restrict on
 * parameters, not on locals, and not once inlined) so that the loop vectorizes: sqrt and
 * division dominate the segment, and two (SSE2) or four (AVX) segments go per instruction.
 * r and v point at the line's first node in each state block (stride n). */
HW_LOOP
static void segment_range(int ns, int n, const double *restrict r, const double *restrict v,
                          const double *restrict l0, const double *restrict alive, double ea,
                          double ba, const double *tx, const double *ty, int tn,
                          double *restrict T, double *restrict qx,
                          double *restrict qy, double *restrict qz, double *restrict len,
                          double *restrict strain, double *restrict pd)
{
#define HW_SEGMENT_BODY(TN)                                                                        \
    for (int k = 0; k < ns; k++) {                                                                 \
        hw_seg_result sr = hw_segment_eval(hw_v3_make(r[k], r[n + k], r[2 * n + k]),              \
                                           hw_v3_make(r[k + 1], r[n + k + 1], r[2 * n + k + 1]),  \
                                           hw_v3_make(v[k], v[n + k], v[2 * n + k]),              \
                                           hw_v3_make(v[k + 1], v[n + k + 1], v[2 * n + k + 1]),  \
                                           l0[k], ea, ba, tx, ty, TN);                            \
        sr = hw_segment_cut(sr, alive[k]);                                                         \
        T[k] = sr.T; qx[k] = sr.q.x; qy[k] = sr.q.y; qz[k] = sr.q.z;                               \
        len[k] = sr.len; strain[k] = sr.strain;                                                    \
        pd[k] = hw_segment_damping_power(sr, l0[k], ea, tx, ty, TN);                               \
    }
    if (tn >= 2) { HW_SEGMENT_BODY(tn) } else { HW_SEGMENT_BODY(0) }
#undef HW_SEGMENT_BODY
}

static void segment_line(const hw_lm_sys *S, double t, const double *y, const hw_lm_work *w, int l)
{
    int n = S->n_state, s0 = S->ln_s0[l], n0 = S->ln_n0[l], t0 = S->ln_tab0[l];
    int ns = S->ln_nseg[l], wa = S->ln_wseg[2 * l], wb = S->ln_wseg[2 * l + 1];
    segment_range(ns, n, y + HW_Y_RX * n + n0, y + HW_Y_VX * n + n0, S->seg_l0 + s0,
                  S->seg_alive + s0, S->ln_ea[l], S->ln_ba[l], S->tab_x + t0, S->tab_y + t0,
                  S->ln_tabn[l],
                  w->seg_T + s0, w->seg_qx + s0, w->seg_qy + s0, w->seg_qz + s0,
                  w->seg_len + s0, w->seg_strain + s0, w->seg_pd + s0);
    if (wa >= 0 || wb >= 0) { /* the reeling segments again, with their rates; the spare slots */
        if (wa >= 0) hw_lm_segment_at(S, t, y, w, l, wa, n0 + (wa - s0));
        if (wb >= 0 && wb != wa) hw_lm_segment_at(S, t, y, w, l, wb, n0 + (wb - s0));
        for (int s = s0 + ns; s < s0 + S->ln_cap[l]; s++) hw_lm_segment(S, t, y, w, s);
    }
}

/* Nodes k0 .. k1 - 1 of node_range; seabed = 0 when none of them is below the seabed
 * (hw_node_load_sb). Inlined into node_range, where restrict no longer holds: ivdep instead
 * (node k reads the state and segment arrays and writes slot k of dr, dv and ded, other buffers
 * than the state's, so no iteration depends on another). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void node_span(int k0, int k1, int seabed, int n, const double *r, const double *v,
                             const double *T, const double *qx, const double *qy,
                             const double *qz, const double *pd, const double *m,
                             const double *ln, hw_lm_linec c, hw_lm_env e, double *dr,
                             double *dv, double *ded)
{
    hw_v3 still = hw_v3_zero();
    HW_IVDEP
    for (int k = k0; k < k1; k++) {
        hw_v3 rk = hw_v3_make(r[k], r[n + k], r[2 * n + k]);
        hw_v3 vk = hw_v3_make(v[k], v[n + k], v[2 * n + k]);
        hw_v3 qa = hw_v3_make(qx[k - 1], qy[k - 1], qz[k - 1]);
        hw_v3 qb = hw_v3_make(qx[k], qy[k], qz[k]);
        hw_v3 f = hw_node_tension(1, qa, T[k - 1], 1, qb, T[k]);
        hw_node_load L = hw_node_load_sb(rk, vk, f, qa, qb, pd[k - 1], m[k], ln[k], c, e, still,
                                         seabed);
        hw_v3 a = hw_node_accel(m[k], L.wet, e.rho, c.d, ln[k], c.can, c.cat, L.qh, L.f);
        ded[k] = L.power;
        dr[k] = vk.x; dr[n + k] = vk.y; dr[2 * n + k] = vk.z;
        dv[k] = a.x; dv[n + k] = a.y; dv[2 * n + k] = a.z;
    }
}

/* The interior nodes 1 .. ns-1 of one line in still water without bending: the body of
 * hw_lm_node (hw_node_tension, hw_node_load_eval, hw_node_accel). r, v, dr, dv point at the
 * line's node 0 in each state block (stride n); segment arrays at the line's first segment; m,
 * ln at its node 0. In blocks of HW_NODE_BLOCK nodes: a block with no node below the seabed
 * skips the seabed contact (a fifth of the node's work, one of its three square roots and
 * divisions), with the same result. */
#define HW_NODE_BLOCK 64
HW_LOOP
static void node_range(int ns, int n, const double *restrict r, const double *restrict v,
                       const double *restrict T, const double *restrict qx,
                       const double *restrict qy, const double *restrict qz,
                       const double *restrict pd, const double *restrict m,
                       const double *restrict ln, hw_lm_linec c, hw_lm_env e,
                       double *restrict dr, double *restrict dv, double *restrict ded)
{
    for (int k0 = 1; k0 < ns; k0 += HW_NODE_BLOCK) {
        int k1 = ns - k0 < HW_NODE_BLOCK ? ns : k0 + HW_NODE_BLOCK, ground = 0;
        for (int k = k0; k < k1; k++) ground |= r[2 * n + k] < -e.depth;
        if (ground)
            node_span(k0, k1, 1, n, r, v, T, qx, qy, qz, pd, m, ln, c, e, dr, dv, ded);
        else
            node_span(k0, k1, 0, n, r, v, T, qx, qy, qz, pd, m, ln, c, e, dr, dv, ded);
    }
}

/* The first of segments 0 .. ns - 1 whose result is a blow-up (hw_seg_bad), or -1: in blocks,
 * each tested without a branch (the loop vectorizes), then searched only if it has one. */
HW_LOOP
static int first_bad(int ns, const double *restrict T, const double *restrict strain,
                     double max_strain)
{
    for (int s0 = 0; s0 < ns; s0 += 256) {
        int s1 = ns - s0 < 256 ? ns : s0 + 256, any = 0;
        for (int s = s0; s < s1; s++) any |= hw_seg_bad(T[s], strain[s], max_strain);
        if (any)
            for (int s = s0; s < s1; s++)
                if (hw_seg_bad(T[s], strain[s], max_strain)) return s;
    }
    return -1;
}

static void cpu_eval(hw_backend *b, double t, int by, int bdy)
{
    const hw_lm_sys *S = &b->S;
    const double *y = b->buf[by];
    double *dy = b->buf[bdy];
    /* segments line by line (the line's constants stay in registers), then the blow-up check
     * in its own pass: the first bad segment in index order, as the CUDA atomicMin gives */
    for (int l = 0; l < S->n_lines; l++) segment_line(S, t, y, &b->w, l);
    int bad = first_bad(S->n_segs, b->w.seg_T, b->w.seg_strain, S->max_strain);
    if (bad >= 0) HW_FLAG_BAD(b->w.bad, bad);
    if (S->any_bending)
        for (int i = 0; i < S->n_nodes; i++) hw_lm_hinge(S, &b->w, i);
    /* nodes: the fast loop for the interior of a line in still water without bending, the
     * general body for its ends and for every other line */
    hw_lm_env env = hw_lm_env_of(S);
    for (int l = 0; l < S->n_lines; l++) {
        int n0 = S->ln_n0[l], ns = S->ln_nseg[l], n = S->n_state;
        if (S->cur_nz > 0 || (S->any_bending && S->ln_ei[l] > 0.0) || b->w.node_f) {
            for (int i = n0; i <= n0 + S->ln_cap[l]; i++) hw_lm_node(S, t, y, &b->w, dy, i);
            continue;
        }
        int s0 = S->ln_s0[l];
        hw_lm_node(S, t, y, &b->w, dy, n0);
        node_range(ns, n, y + HW_Y_RX * n + n0, y + HW_Y_VX * n + n0, b->w.seg_T + s0,
                   b->w.seg_qx + s0, b->w.seg_qy + s0, b->w.seg_qz + s0, b->w.seg_pd + s0,
                   S->node_m + n0, S->node_l + n0, hw_lm_line_consts(S, l), env,
                   dy + HW_Y_RX * n + n0, dy + HW_Y_VX * n + n0, dy + HW_Y_ED * n + n0);
        hw_lm_node(S, t, y, &b->w, dy, n0 + ns);
        for (int i = n0 + ns + 1; i <= n0 + S->ln_cap[l]; i++) hw_lm_node(S, t, y, &b->w, dy, i);
    }
    for (int p = 0; p < S->n_points; p++) hw_lm_point(S, t, y, &b->w, dy, p);
    for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_end_deriv(S, dy, e);
}

/* d = s + sum of c_j k_j over n values (nterm 1, 2, or 3 and 4 as one form). d may be s (the
 * integrators update y in place): each d[i] reads only index i, so there is no dependence
 * between iterations whatever the overlap, and ivdep lets gcc vectorize without the runtime
 * overlap check that an in-place call would fail. */
HW_LOOP
static void lincomb_range(size_t n, int nterm, double *d, const double *s, const double *k0,
                          const double *k1, const double *k2, const double *k3, double c0,
                          double c1, double c2, double c3)
{
    if (nterm == 1) {
        HW_IVDEP
        for (size_t i = 0; i < n; i++) d[i] = s[i] + c0 * k0[i];
    } else if (nterm == 2) {
        HW_IVDEP
        for (size_t i = 0; i < n; i++) d[i] = s[i] + (c0 * k0[i] + c1 * k1[i]);
    } else {
        HW_IVDEP
        for (size_t i = 0; i < n; i++)
            d[i] = s[i] + ((c0 * k0[i] + c1 * k1[i]) + (c2 * k2[i] + c3 * k3[i]));
    }
}

static void cpu_lincomb(hw_backend *b, int dst, int src, int nterm, const double *coef,
                        const int *bufs)
{
    const double *k0 = b->buf[bufs[0]];
    const double *k1 = nterm > 1 ? b->buf[bufs[1]] : k0, *k2 = nterm > 2 ? b->buf[bufs[2]] : k1;
    const double *k3 = nterm > 3 ? b->buf[bufs[3]] : k2;
    lincomb_range(b->ny, nterm, b->buf[dst], b->buf[src], k0, k1, k2, k3, coef[0],
                  nterm > 1 ? coef[1] : 0.0, nterm > 2 ? coef[2] : 0.0, nterm > 3 ? coef[3] : 0.0);
}

/* State slots k0 .. k1 - 1 of hw_lm_symplectic (y and dy are different buffers; slot k of y is
 * read and written only by iteration k: ivdep, as for lincomb_range). */
HW_LOOP
static void symplectic_range(const hw_lm_sys *S, int k0, int k1, double *restrict y,
                             const double *restrict dy, double dt)
{
    HW_IVDEP
    for (int k = k0; k < k1; k++) hw_lm_symplectic(S, y, dy, dt, k);
}

static void cpu_symplectic(hw_backend *b, int by, int bdy, double dt)
{
    symplectic_range(&b->S, 0, b->S.n_state, b->buf[by], b->buf[bdy], dt);
}

static int cpu_take_bad(hw_backend *b)
{
    int s = b->bad;
    b->bad = HW_NO_BAD;
    return s == HW_NO_BAD ? -1 : s;
}

static void cpu_set_coupled(hw_backend *b, int p, const double pos[3], const double vel[3],
                            double t)
{
    for (int c = 0; c < 3; c++) {
        b->S.pt_cpos[3 * p + c] = pos[c];
        b->S.pt_cvel[3 * p + c] = vel[c];
    }
    b->S.pt_ct[p] = t;
}

/* The CPU backend shares the host's system arrays: nothing to copy. */
static hw_status cpu_update_line(hw_backend *b, const hw_lm_sys *host, int line)
{
    (void)b; (void)host; (void)line;
    return HW_OK;
}

/* Reel mode: the host's reel state itself (as the system arrays), so nothing is copied. */
static hw_status cpu_reel_set(hw_backend *b, const hw_reel_sys *host)
{
    b->R = *host;
    return HW_OK;
}

static hw_status cpu_reel_get(hw_backend *b, hw_lm_sys *host_S, hw_reel_sys *host)
{
    (void)b; (void)host_S; (void)host;
    return HW_OK;
}

static void cpu_reel_before(hw_backend *b, double t, double dt)
{
    for (int k = 0; k < b->R.n_ends; k++) hw_reel_before(&b->R, &b->S, k, t, dt);
}

static void cpu_reel_after(hw_backend *b, double t, double dt)
{
    for (int k = 0; k < b->R.n_sheaves; k++) hw_reel_sheave_step(&b->R, &b->S, &b->w, k, t, dt);
    for (int i = 0; i < b->R.n_rlines; i++)
        hw_reel_line_after(&b->R, &b->S, &b->w, b->buf[HW_BUF_Y], b->R.rline[i], t, dt);
}

/* The same reduction as the CUDA backend's Thrust one (kernels/cuda/reduce.cu), as a plain loop
 * over every segment slot: the largest finite tension (first index on ties) and the number of
 * segments whose tension or strain is not finite. */
static hw_status cpu_max_tension(hw_backend *b, hw_lm_reduction *out)
{
    if (!out) return HW_ERR_INVALID_ARG;
    out->max_T = -HUGE_VAL;
    out->max_seg = -1;
    out->n_nonfinite = 0;
    for (int s = 0; s < b->S.n_segs; s++) {
        double T = b->w.seg_T[s];
        if (!isfinite(T) || !isfinite(b->w.seg_strain[s])) out->n_nonfinite++;
        if (isfinite(T) && (out->max_seg < 0 || T > out->max_T)) {
            out->max_T = T;
            out->max_seg = s;
        }
    }
    return HW_OK;
}

/* The same scan as the CUDA backend's Thrust one (kernels/cuda/reduce.cu, hw_cu_trip_scan). */
static hw_status cpu_trip_scan(hw_backend *b, hw_lm_reduction *out)
{
    if (!out) return HW_ERR_INVALID_ARG;
    out->max_T = -HUGE_VAL;
    out->max_seg = -1;
    out->n_nonfinite = 0;
    double best = -HUGE_VAL;
    for (int s = 0; s < b->S.n_segs; s++) {
        double T = b->w.seg_T[s], trip = b->S.seg_trip[s];
        if (!(T > trip)) continue;
        out->n_nonfinite++;
        double r = T / trip;
        if (r > best) {
            best = r;
            out->max_T = T;
            out->max_seg = s;
        }
    }
    return HW_OK;
}

/* The every-step accumulators: a separate pass over the scratch of the step's first evaluation
 * (the fast segment and node loops above stay as they are), line by line: the segments'
 * extremes and the largest tension oscillation, then the line's end statistics and monitor. */
/* The segments of one line: hw_acc_seg_update over restrict arrays (as segment_range), so that
 * the loop vectorizes; the oscillations go to osc and their maximum is taken after. */
HW_LOOP
static double acc_range(int ns, double t, const double *restrict T, const double *restrict e,
                        double *restrict tmax, double *restrict tmax_t, double *restrict tmin,
                        double *restrict tmin_t, double *restrict emax, double *restrict tp1,
                        double *restrict tp2, double *restrict osc)
{
    for (int k = 0; k < ns; k++)
        osc[k] = hw_acc_seg_update(T[k], e[k], t, &tmax[k], &tmax_t[k], &tmin[k], &tmin_t[k],
                                   &emax[k], &tp1[k], &tp2[k]);
    double m = 0.0;
    for (int k = 0; k < ns; k++) m = osc[k] > m ? osc[k] : m;
    return m;
}

static void cpu_accumulate(hw_backend *b, double t)
{
    const hw_lm_sys *S = &b->S;
    double *a = b->acc.seg;
    int n = S->n_segs;
    for (int l = 0; l < S->n_lines; l++) {
        int s0 = S->ln_s0[l];
        double osc = acc_range(S->ln_nseg[l], t, b->w.seg_T + s0, b->w.seg_strain + s0,
                               a + HW_ACC_TMAX * n + s0, a + HW_ACC_TMAX_T * n + s0,
                               a + HW_ACC_TMIN * n + s0, a + HW_ACC_TMIN_T * n + s0,
                               a + HW_ACC_EMAX * n + s0, a + HW_ACC_TP1 * n + s0,
                               a + HW_ACC_TP2 * n + s0, b->osc + s0);
        if (hw_acc_line_update(S, &b->w, b->acc.line + HW_ACC_LINE_NV * l, b->acc.monitor, l, t, osc))
            HW_FLAG_BAD(&b->bad, S->n_segs + l);
    }
}

static hw_status cpu_acc_get(hw_backend *b, double *seg, double *line)
{
    if (seg) memcpy(seg, b->acc.seg, HW_ACC_SEG_NV * (size_t)b->S.n_segs * sizeof(double));
    if (line) memcpy(line, b->acc.line, HW_ACC_LINE_NV * (size_t)b->S.n_lines * sizeof(double));
    return HW_OK;
}

static hw_status cpu_acc_set(hw_backend *b, const double *seg, const double *line, int monitor)
{
    if (seg) memcpy(b->acc.seg, seg, HW_ACC_SEG_NV * (size_t)b->S.n_segs * sizeof(double));
    if (line) memcpy(b->acc.line, line, HW_ACC_LINE_NV * (size_t)b->S.n_lines * sizeof(double));
    b->acc.monitor = monitor;
    return HW_OK;
}

/* step_n stays NULL: the host's loop over hw_integrate_step costs nothing extra on the CPU. */
static const hw_backend_ops CPU_OPS = {
    "cpu", cpu_create, cpu_destroy, cpu_upload, cpu_download, cpu_download_work,
    cpu_constrain, cpu_eval, cpu_lincomb, cpu_symplectic, cpu_take_bad, cpu_set_coupled,
    cpu_update_line, cpu_reel_set, cpu_reel_get, cpu_reel_before, cpu_reel_after, NULL,
    cpu_max_tension, cpu_trip_scan, cpu_accumulate, cpu_acc_get, cpu_acc_set};

const hw_backend_ops *hw_cpu_backend(void) { return &CPU_OPS; }

#ifndef HAWSER_HAVE_CUDA
const hw_backend_ops *hw_cuda_backend(void) { return NULL; }
int hw_cuda_device_count(void) { return 0; }
#endif
