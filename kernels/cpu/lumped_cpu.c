/* The CPU backend: plain loops over the per-element bodies of lumped.h. It references the host's
 * system arrays directly (no copy) and owns the integrator buffers and the scratch.
 *
 * Threads (OpenMP, hw_threads()): at create the model is cut into work items, each a range of
 * at most HW_CPU_ITEM segment slots of one line (a line longer than that is cut into near-equal
 * pieces), in segment index order; the cut does not depend on the thread count. Item i owns its
 * segment slots k0 .. k1 - 1 and the nodes k0 .. k1 - 1 of its line (the line's last item also
 * its last node). Every pass runs over items: each thread takes a contiguous run of items of
 * about equal weight (the same run in every pass, so a thread reads back the scratch it wrote),
 * a barrier separates the passes that read a neighbour's results (segments, hinges, nodes,
 * points, end nodes). Each element is written by one thread with the serial code's arithmetic,
 * and every reduction is either exact in any order (max, min of an index) or made per item and
 * combined serially in item order: results are bit-identical for any thread count. A model of
 * fewer than HW_CPU_PAR_MIN elements runs serial (a parallel region costs microseconds). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "backend.h"

#define HW_CPU_ITEM 1024     /* segment slots per work item at most */
#define HW_CPU_PAR_MIN 4096  /* elements of a pass below which it runs on one thread */

static int g_item = HW_CPU_ITEM, g_par_min = HW_CPU_PAR_MIN; /* hw_cpu_set_grain */

void hw_cpu_set_grain(int item_segs, int par_min)
{
    g_item = item_segs > 0 ? item_segs : HW_CPU_ITEM;
    g_par_min = par_min >= 0 ? par_min : HW_CPU_PAR_MIN;
}

typedef struct hw_cpu_item { int line, k0, k1; } hw_cpu_item; /* slots k0 .. k1 - 1 (local) */

struct hw_backend {
    hw_lm_sys S;
    hw_lm_work w;
    double *buf[HW_NBUF];
    size_t ny;
    int bad;
    hw_lm_acc acc;   /* every-step accumulators (kernels/accum.h) */
    hw_reel_sys R;   /* reel mode: the host's arrays (reel_set) */
    double *osc;     /* per segment: its oscillation this step (scratch of cpu_accumulate) */
    int wv_last;     /* waves: the interval of this backend's last refresh (cpu_wave_refresh) */
    double *node_u;  /* with a current: per node, the current it sees (node_range's pre-pass;
                        3 blocks of n_state, as the state's x, y, z) */
    int n_items;
    hw_cpu_item *item;
    long long *item_w;       /* n_items + 1: the items' summed weights before item i */
    int *ln_item0;           /* n_lines + 1: line l's items are ln_item0[l] .. ln_item0[l+1]-1 */
    int *item_bad;           /* per item: its first bad segment of the evaluation (HW_NO_BAD) */
    double *item_osc;        /* per item: its largest oscillation (cpu_accumulate) */
    hw_lm_reduction *item_red; /* per item: partial max_tension / trip_scan */
};

/* HW_LOOP marks the vectorized element loops (segment_range, node_range, node_range_waves,
 * first_bad, lincomb_range, symplectic_range, acc_range: functions of a count and pointers, which
 * a threaded caller can run on sub-ranges): out of line, so that their restrict parameters hold,
 * and on x86-64 Linux with gcc compiled twice, for baseline x86-64 (SSE2: two doubles per
 * instruction) and for AVX2 (four, and three-operand instructions without the register copies),
 * the one the CPU runs chosen when the program loads (gcc function multiversioning, an ifunc).
 * Both clones do the same IEEE operations in the same order (no FMA: contraction is off), so their
 * results are bit-identical (tests/test_cpu_loops.c runs whichever the machine picks against the
 * per-element bodies; -DHAWSER_NO_CLONES in CMAKE_C_FLAGS builds the baseline loops alone, to test
 * or time them on an AVX2 machine). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(HAWSER_NO_CLONES)
#define HW_LOOP __attribute__((noinline, target_clones("avx2", "default")))
#elif defined(__GNUC__)
#define HW_LOOP __attribute__((noinline))
#else
#define HW_LOOP
#endif

/* HW_NO_THREAD_JUMPS: no jump threading in this function. The wave loads (hw_node_load_waves)
 * are written as selects, but gcc's jump threader turns them back into branches: the clamps of
 * hw_wet_fraction and the level select give constant submerged fractions on some paths, which
 * decide `sub > 0` (the node's wetness, on which its power is selected), so the threader
 * duplicates the paths, the loop has control flow that if-conversion cannot remove, and it does
 * not vectorize ("control flow in loop", -fopt-info-vec-missed). Threading only moves branches:
 * the arithmetic, hence the results, are the same without it. */
#if defined(__GNUC__) && !defined(__clang__)
#define HW_NO_THREAD_JUMPS __attribute__((optimize("no-thread-jumps")))
#else
#define HW_NO_THREAD_JUMPS
#endif

/* HW_IVDEP: the next loop has no dependence between iterations (gcc then vectorizes it without
 * a runtime overlap check). */
#if defined(__GNUC__) && !defined(__clang__)
#define HW_IVDEP _Pragma("GCC ivdep")
#else
#define HW_IVDEP
#endif

/* Threads for a pass over n elements: 1 (serial) for a small model. */
static int team(size_t n) { return n >= (size_t)g_par_min ? hw_threads() : 1; }

/* Inside a parallel region (or outside: all of them), the run of items this thread takes:
 * [i0, i1), cut at equal shares of the items' weight. */
static int item_at_share(const hw_backend *b, int t, int nth)
{
    if (t <= 0) return 0;
    if (t >= nth) return b->n_items;
    long long target = b->item_w[b->n_items] * t / nth;
    int lo = 0, hi = b->n_items; /* the first i with item_w[i] >= target */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (b->item_w[mid] >= target) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}
/* Inside a parallel region, this thread's share [i0, i1) of n elements (element-wise passes). */
static void my_span(size_t n, size_t *i0, size_t *i1)
{
    size_t tid = 0, nth = 1;
#ifdef _OPENMP
    tid = (size_t)omp_get_thread_num();
    nth = (size_t)omp_get_num_threads();
#endif
    *i0 = n * tid / nth;
    *i1 = n * (tid + 1) / nth;
}
static void my_items(const hw_backend *b, int *i0, int *i1)
{
    int tid = 0, nth = 1;
#ifdef _OPENMP
    tid = omp_get_thread_num();
    nth = omp_get_num_threads();
#endif
    *i0 = item_at_share(b, tid, nth);
    *i1 = item_at_share(b, tid + 1, nth);
}

static void *zalloc(size_t n, size_t size) { return calloc(n ? n : 1, size); }

static void cpu_destroy(hw_backend *b)
{
    if (!b) return;
    for (int k = 0; k < HW_NBUF; k++) free(b->buf[k]);
    free(b->w.seg_T); free(b->w.seg_qx); free(b->w.seg_qy); free(b->w.seg_qz);
    free(b->w.seg_len); free(b->w.seg_strain); free(b->w.seg_pd); free(b->w.pt_a); free(b->w.hg_fa); free(b->w.hg_fb);
    free(b->w.end_f); free(b->w.end_m); free(b->w.end_mc); free(b->w.pt_f); free(b->w.node_f);
    free(b->acc.seg); free(b->acc.line); free(b->osc); free(b->node_u);
    free(b->item); free(b->item_w); free(b->ln_item0); free(b->item_bad); free(b->item_osc);
    free(b->item_red);
    free(b);
}

static hw_status cpu_create(const hw_lm_sys *sys, int with_node_forces, hw_backend **out,
                            char *msg, size_t msg_len)
{
    *out = NULL;
    size_t ny_all = hw_lm_ny(sys);
    double mb = 1e-6 * 8.0 * ((double)HW_NBUF * ny_all + 7.0 * sys->n_segs + 6.0 * sys->n_nodes);
    hw_backend *b = (hw_backend *)calloc(1, sizeof *b);
    if (!b) {
        if (msg && msg_len) snprintf(msg, msg_len, "out of memory for the CPU backend (%zu bytes)", sizeof *b);
        return HW_ERR_NOMEM;
    }
    b->S = *sys;
    b->ny = hw_lm_ny(sys);
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
    ok &= (b->w.end_mc = (double *)zalloc(4 * ne, sizeof(double))) != NULL;
    ok &= (b->w.pt_f = (double *)zalloc(3 * (size_t)sys->n_points, sizeof(double))) != NULL;
    ok &= (b->w.pt_a = (double *)zalloc(3 * (size_t)sys->n_points, sizeof(double))) != NULL;
    if (with_node_forces)
        ok &= (b->w.node_f = (double *)zalloc(3 * (size_t)sys->n_state, sizeof(double))) != NULL;
    ok &= (b->acc.seg = (double *)zalloc(HW_ACC_SEG_NV * ns, sizeof(double))) != NULL;
    ok &= (b->acc.line = (double *)zalloc(HW_ACC_LINE_NV * (size_t)sys->n_lines, sizeof(double))) != NULL;
    ok &= (b->osc = (double *)zalloc(ns, sizeof(double))) != NULL;
    if (sys->cur_nz > 0)
        ok &= (b->node_u = (double *)zalloc(3 * (size_t)sys->n_state, sizeof(double))) != NULL;
    /* the work items: every line cut into ceil(cap / item) near-equal pieces; a Syrope line is one
     * (its segments are evaluated in order: one working curve per line, physics/syrope.h) */
    int ni = 0, item = g_item;
    for (int l = 0; l < sys->n_lines; l++) ni += hw_lm_is_syrope(sys, l) ? 1 : (sys->ln_cap[l] + item - 1) / item;
    ok &= (b->item = (hw_cpu_item *)zalloc((size_t)ni, sizeof *b->item)) != NULL;
    ok &= (b->item_w = (long long *)zalloc((size_t)ni + 1, sizeof *b->item_w)) != NULL;
    ok &= (b->ln_item0 = (int *)zalloc((size_t)sys->n_lines + 1, sizeof(int))) != NULL;
    ok &= (b->item_bad = (int *)zalloc((size_t)ni, sizeof(int))) != NULL;
    ok &= (b->item_osc = (double *)zalloc((size_t)ni, sizeof(double))) != NULL;
    ok &= (b->item_red = (hw_lm_reduction *)zalloc((size_t)ni, sizeof *b->item_red)) != NULL;
    if (ok) {
        int i = 0;
        for (int l = 0; l < sys->n_lines; l++) {
            int cap = sys->ln_cap[l], np = hw_lm_is_syrope(sys, l) ? 1 : (cap + item - 1) / item;
            b->ln_item0[l] = i;
            for (int j = 0; j < np; j++, i++) {
                hw_cpu_item it = {l, (int)((long long)cap * j / np), (int)((long long)cap * (j + 1) / np)};
                b->item[i] = it;
                /* a short line's fixed costs (its end nodes) weigh as a few segments */
                b->item_w[i + 1] = b->item_w[i] + (it.k1 - it.k0) + 8;
            }
        }
        b->ln_item0[sys->n_lines] = i;
        b->n_items = i;
    }
    b->bad = HW_NO_BAD;
    b->w.bad = &b->bad;
    b->wv_last = HW_WV_NONE;
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
    copy_if(h->end_mc, b->w.end_mc, 4 * ne);
    copy_if(h->pt_f, b->w.pt_f, 3 * (size_t)b->S.n_points);
    copy_if(h->pt_a, b->w.pt_a, 3 * (size_t)b->S.n_points);
    copy_if(h->node_f, b->w.node_f, 3 * (size_t)b->S.n_state);
    return HW_OK;
}

static void cpu_constrain(hw_backend *b, double t, int buf)
{
    const hw_lm_sys *S = &b->S;
    double *y = b->buf[buf];
    int nt = team((size_t)S->n_points + 2 * (size_t)S->n_lines);
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
#pragma omp for schedule(static)
        for (int p = 0; p < S->n_points; p++) hw_lm_constrain_point(S, t, y, p);
#pragma omp for schedule(static) nowait /* the region's end is the barrier */
        for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_constrain_end(S, y, e);
    }
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

/* Item it's segment slots: the fast loop over those in use, the reeling segments again with
 * their rates, the spare slots of a winch line. Returns its first bad segment (HW_NO_BAD). */
static int segments_item(const hw_lm_sys *S, double t, const double *y, const hw_lm_work *w,
                         double *dy, hw_cpu_item it)
{
    int l = it.line, n = S->n_state, s0 = S->ln_s0[l], n0 = S->ln_n0[l], t0 = S->ln_tab0[l];
    int ns = S->ln_nseg[l], k0 = it.k0, k1 = it.k1, ku = k1 < ns ? k1 : ns; /* in use: k0 .. ku-1 */
    if (hw_lm_is_visco(S, l) || hw_lm_is_syrope(S, l) || S->ln_btabn[l] > 0) /* viscoelastic, Syrope or a
                                                                             * damping curve: generic */
        for (int k = k0; k < ku; k++) hw_lm_segment_at(S, t, y, w, dy, l, s0 + k, n0 + k);
    else if (ku > k0)
        segment_range(ku - k0, n, y + HW_Y_RX * n + n0 + k0, y + HW_Y_VX * n + n0 + k0,
                      S->seg_l0 + s0 + k0, S->seg_alive + s0 + k0, S->ln_ea[l], S->ln_ba[l],
                      S->tab_x + t0, S->tab_y + t0, S->ln_tabn[l],
                      w->seg_T + s0 + k0, w->seg_qx + s0 + k0, w->seg_qy + s0 + k0,
                      w->seg_qz + s0 + k0, w->seg_len + s0 + k0, w->seg_strain + s0 + k0,
                      w->seg_pd + s0 + k0);
    int wa = S->ln_wseg[2 * l], wb = S->ln_wseg[2 * l + 1];
    if (wa >= s0 + k0 && wa < s0 + ku) hw_lm_segment_at(S, t, y, w, dy, l, wa, n0 + (wa - s0));
    if (wb >= s0 + k0 && wb < s0 + ku && wb != wa) hw_lm_segment_at(S, t, y, w, dy, l, wb, n0 + (wb - s0));
    for (int k = ku > k0 ? ku : k0; k < k1; k++) hw_lm_segment(S, t, y, w, dy, s0 + k); /* spare */
    int bad = first_bad(k1 - k0, w->seg_T + s0 + k0, w->seg_strain + s0 + k0, S->max_strain);
    return bad >= 0 ? s0 + k0 + bad : HW_NO_BAD;
}

/* The nodes item it owns: k0 .. k1 - 1 of its line, and node cap after the line's last slot. */
static int item_node_end(const hw_lm_sys *S, hw_cpu_item it)
{
    return it.k1 == S->ln_cap[it.line] ? it.k1 + 1 : it.k1;
}

#if defined(__GNUC__)
#define HW_ALWAYS_INLINE __attribute__((always_inline))
#else
#define HW_ALWAYS_INLINE
#endif

/* The line's own force on node k: tensions of segments k - 1 and k, and with bend = 1 the hinge
 * terms, summed as hw_lm_node_load sums them (hinge at k: fa - fb; at k + 1: -fa; at k - 1: +fb). */
HW_ALWAYS_INLINE
static inline hw_v3 node_line_force(int k, int bend, hw_v3 qa, hw_v3 qb, const double *T,
                                    const double *fa, const double *fb)
{
    hw_v3 f = hw_node_tension(1, qa, T[k - 1], 1, qb, T[k]);
    if (bend) {
        f.x += fa[3 * k] - fb[3 * k];
        f.y += fa[3 * k + 1] - fb[3 * k + 1];
        f.z += fa[3 * k + 2] - fb[3 * k + 2];
        f.x -= fa[3 * k + 3]; f.y -= fa[3 * k + 4]; f.z -= fa[3 * k + 5];
        f.x += fb[3 * k - 3]; f.y += fb[3 * k - 2]; f.z += fb[3 * k - 1];
    }
    return f;
}

/* Nodes k0 .. k1 - 1 of node_range; seabed = 0 when none of them is below the seabed
 * (hw_node_load_sb), flow = 1 with a current (u), bend = 1 with bending hinges (fa, fb). Inlined
 * into node_range, where restrict no longer holds: ivdep instead (node k reads the state, segment,
 * current and hinge arrays and writes slot k of dr, dv and ded, other buffers than those, so no
 * iteration depends on another). */
HW_ALWAYS_INLINE
static inline void node_span(int k0, int k1, int seabed, int flow, int bend, int n,
                             const double *r, const double *v, const double *T, const double *qx,
                             const double *qy, const double *qz, const double *pd,
                             const double *m, const double *ln, const double *u,
                             const double *fa, const double *fb,
                             hw_lm_linec c, hw_lm_env e, double *dr, double *dv, double *ded)
{
    hw_v3 still = hw_v3_zero();
    HW_IVDEP
    for (int k = k0; k < k1; k++) {
        hw_v3 rk = hw_v3_make(r[k], r[n + k], r[2 * n + k]);
        hw_v3 vk = hw_v3_make(v[k], v[n + k], v[2 * n + k]);
        hw_v3 qa = hw_v3_make(qx[k - 1], qy[k - 1], qz[k - 1]);
        hw_v3 qb = hw_v3_make(qx[k], qy[k], qz[k]);
        hw_v3 f = node_line_force(k, bend, qa, qb, T, fa, fb);
        hw_v3 uk = flow ? hw_v3_make(u[k], u[n + k], u[2 * n + k]) : still;
        hw_node_load L = hw_node_load_sb(rk, vk, f, qa, qb, pd[k - 1], m[k], ln[k], c, e, uk, seabed);
        hw_v3 a = hw_node_accel(m[k], L.wet, e.rho, c.d, ln[k], c.can, c.cat, L.qh, L.f);
        ded[k] = L.power;
        dr[k] = vk.x; dr[n + k] = vk.y; dr[2 * n + k] = vk.z;
        dv[k] = a.x; dv[n + k] = a.y; dv[2 * n + k] = a.z;
    }
}

/* node_span in waves: hw_lm_node_load's wave branch (hw_wave_sample, hw_node_load_waves), the
 * wave arrays as parameters of node_range_waves (restrict there). u: the current, masked here
 * by the node's sampled surface (hw_lm_current_under). */
HW_ALWAYS_INLINE
static inline void node_span_waves(int k0, int k1, int seabed, int flow, int bend, int n,
                                   const double *r, const double *v, const double *T,
                                   const double *qx, const double *qy, const double *qz,
                                   const double *pd, const double *m, const double *ln,
                                   const double *u, const double *fa, const double *fb,
                                   const int *wk, const double *ws0, const double *ws1,
                                   const double *wlen, const double *wl0, double wt, double wh,
                                   hw_lm_linec c, hw_lm_env e, double *dr, double *dv, double *ded)
{
    hw_v3 still = hw_v3_zero();
    HW_IVDEP
    for (int k = k0; k < k1; k++) {
        hw_v3 rk = hw_v3_make(r[k], r[n + k], r[2 * n + k]);
        hw_v3 vk = hw_v3_make(v[k], v[n + k], v[2 * n + k]);
        hw_v3 qa = hw_v3_make(qx[k - 1], qy[k - 1], qz[k - 1]);
        hw_v3 qb = hw_v3_make(qx[k], qy[k], qz[k]);
        hw_v3 f = node_line_force(k, bend, qa, qb, T, fa, fb);
        hw_wave_kin K = hw_wave_sample(ws0, ws1, n, k, wk[k], wh, wt, rk.z);
        hw_v3 uc = flow ? hw_v3_select(rk.z < K.eta, hw_v3_make(u[k], u[n + k], u[2 * n + k]), still)
                        : still;
        hw_node_load L = hw_node_load_waves(rk, vk, f, qa, qb, wlen[k - 1], wlen[k], wl0[k - 1],
                                            wl0[k], pd[k - 1], m[k], ln[k], c, e, uc, K, seabed);
        hw_v3 a = hw_node_accel(m[k], 1, e.rho, c.d, ln[k] * L.sub, c.can, c.cat, L.qh, L.f);
        ded[k] = L.power;
        dr[k] = vk.x; dr[n + k] = vk.y; dr[2 * n + k] = vk.z;
        dv[k] = a.x; dv[n + k] = a.y; dv[2 * n + k] = a.z;
    }
}

/* The interior nodes 1 .. ns-1 of one line: the body of hw_lm_node (hw_node_tension, the hinge
 * terms, hw_node_load_eval, hw_node_accel). r, v, dr, dv, u point at the line's node 0 in each
 * block (stride n); segment arrays at the line's first segment; m, ln at its node 0, fa and fb
 * (3 per node, xyz interleaved) too. u: the current at each node (NULL: still water, which then
 * loads no zeros); fa, fb: the bending hinges (NULL: a line without bending). In blocks of
 * HW_NODE_BLOCK nodes: a block with no node below the seabed skips the seabed contact (a fifth
 * of the node's work, one of its three square roots and divisions), with the same result. */
#define HW_NODE_BLOCK 64
HW_LOOP
static void node_range(int ns, int n, const double *restrict r, const double *restrict v,
                       const double *restrict T, const double *restrict qx,
                       const double *restrict qy, const double *restrict qz,
                       const double *restrict pd, const double *restrict m,
                       const double *restrict ln, const double *restrict u,
                       const double *restrict fa, const double *restrict fb,
                       hw_lm_linec c, hw_lm_env e,
                       double *restrict dr, double *restrict dv, double *restrict ded)
{
    int flow = u != NULL, bend = fa != NULL;
    for (int k0 = 1; k0 < ns; k0 += HW_NODE_BLOCK) {
        int k1 = ns - k0 < HW_NODE_BLOCK ? ns : k0 + HW_NODE_BLOCK, ground = 0;
        for (int k = k0; k < k1; k++) ground |= r[2 * n + k] < -e.depth;
#define HW_NODE_SPAN(SB, FL, BE)                                                                   \
    node_span(k0, k1, SB, FL, BE, n, r, v, T, qx, qy, qz, pd, m, ln, u, fa, fb, c, e, dr, dv, ded)
#define HW_NODE_SPANS(FL, BE) \
    { if (ground) HW_NODE_SPAN(1, FL, BE); else HW_NODE_SPAN(0, FL, BE); }
        if (flow) {
            if (bend) HW_NODE_SPANS(1, 1) else HW_NODE_SPANS(1, 0)
        } else {
            if (bend) HW_NODE_SPANS(0, 1) else HW_NODE_SPANS(0, 0)
        }
#undef HW_NODE_SPANS
#undef HW_NODE_SPAN
    }
}

/* node_range in waves: the same blocks over node_span_waves. The sampled kinematics (hw_lm_sys
 * wv_k, wv_s0, wv_s1) from node 0, the segments' stretched and unstretched lengths (wlen, wl0)
 * from segment 0, the time wt and the sampling interval wh. */
HW_LOOP HW_NO_THREAD_JUMPS
static void node_range_waves(int ns, int n, const double *restrict r, const double *restrict v,
                             const double *restrict T, const double *restrict qx,
                             const double *restrict qy, const double *restrict qz,
                             const double *restrict pd, const double *restrict m,
                             const double *restrict ln, const double *restrict u,
                             const double *restrict fa, const double *restrict fb,
                             const int *restrict wk, const double *restrict ws0,
                             const double *restrict ws1, const double *restrict wlen,
                             const double *restrict wl0, double wt, double wh,
                             hw_lm_linec c, hw_lm_env e,
                             double *restrict dr, double *restrict dv, double *restrict ded)
{
    int flow = u != NULL, bend = fa != NULL;
    for (int k0 = 1; k0 < ns; k0 += HW_NODE_BLOCK) {
        int k1 = ns - k0 < HW_NODE_BLOCK ? ns : k0 + HW_NODE_BLOCK, ground = 0;
        for (int k = k0; k < k1; k++) ground |= r[2 * n + k] < -e.depth;
#define HW_NODE_SPAN(SB, FL, BE)                                                                   \
    node_span_waves(k0, k1, SB, FL, BE, n, r, v, T, qx, qy, qz, pd, m, ln, u, fa, fb, wk, ws0,    \
                    ws1, wlen, wl0, wt, wh, c, e, dr, dv, ded)
#define HW_NODE_SPANS(FL, BE) \
    { if (ground) HW_NODE_SPAN(1, FL, BE); else HW_NODE_SPAN(0, FL, BE); }
        if (flow) {
            if (bend) HW_NODE_SPANS(1, 1) else HW_NODE_SPANS(1, 0)
        } else {
            if (bend) HW_NODE_SPANS(0, 1) else HW_NODE_SPANS(0, 0)
        }
#undef HW_NODE_SPANS
#undef HW_NODE_SPAN
    }
}

/* Item it's nodes: the fast loop for the interior of a line, the general body for its ends and
 * spare slots, and for every node when node forces are recorded (the static solver) or the seabed
 * is a bathymetry grid. With a
 * current, a scalar pre-pass first puts the current each interior node sees in node_u, as
 * hw_lm_node_load computes it. */
static void nodes_item(const hw_backend *b, double t, const double *y, double *dy, hw_cpu_item it,
                       hw_lm_env env)
{
    const hw_lm_sys *S = &b->S;
    int l = it.line, n = S->n_state, n0 = S->ln_n0[l], s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    int k0 = it.k0, ke = item_node_end(S, it);
    int a = k0 > 1 ? k0 : 1, c = ke < ns ? ke : ns; /* interior nodes a .. c-1 */
    /* with a bathymetry, the general body (hw_lm_node: the seabed's depth under each node,
     * hw_lm_depth_at) for every node: the fast loop is the flat seabed's, whose cost it keeps */
    /* a VIV line (kernels/physics/viv.h) too: its lift and phases are the general body's */
    if (c <= a || b->w.node_f || S->sb_nx > 0 || hw_lm_is_viv(S, l)) {
        for (int k = k0; k < ke; k++) hw_lm_node(S, t, y, &b->w, dy, n0 + k);
        return;
    }
    if (S->n_viv > 0) { /* another line's VIV in the system: these nodes' VIV states hold */
        size_t vo = hw_lm_viv_off(S), nn = (size_t)S->n_nodes;
        for (int i = n0 + a; i < n0 + c; i++) dy[vo + i] = dy[vo + nn + i] = dy[vo + 2 * nn + i] = 0.0;
    }
    for (int k = k0; k < a; k++) hw_lm_node(S, t, y, &b->w, dy, n0 + k);
    double *u = NULL;
    if (S->cur_nz > 0) {
        u = b->node_u;
        double cs = S->ln_cscale[l];
        for (int i = n0 + a; i < n0 + c; i++) {
            hw_v3 r = hw_v3_make(y[HW_Y_RX * n + i], y[HW_Y_RY * n + i], y[HW_Y_RZ * n + i]);
            /* in waves the loop masks it by the node's sampled surface (hw_lm_current_under) */
            hw_v3 uc = S->wv.n > 0 ? hw_v3_scale(hw_lm_current(S, r, t), cs)
                                   : hw_lm_current_seen(S, r, t, cs);
            u[i] = uc.x; u[n + i] = uc.y; u[2 * n + i] = uc.z;
        }
    }
    int bend = S->any_bending && S->ln_ei[l] > 0.0;
    /* node_range's nodes 1 .. count-1 are a .. c-1: every array from node (segment) a - 1 */
    int o = a - 1;
    const double *fa = bend ? b->w.hg_fa + 3 * (n0 + o) : NULL;
    const double *fb = bend ? b->w.hg_fb + 3 * (n0 + o) : NULL;
    if (S->wv.n > 0)
        node_range_waves(c - o, n, y + HW_Y_RX * n + n0 + o, y + HW_Y_VX * n + n0 + o,
                         b->w.seg_T + s0 + o, b->w.seg_qx + s0 + o, b->w.seg_qy + s0 + o,
                         b->w.seg_qz + s0 + o, b->w.seg_pd + s0 + o, S->node_m + n0 + o,
                         S->node_l + n0 + o, u ? u + n0 + o : NULL, fa, fb,
                         S->wv_k + n0 + o, S->wv_s0 + n0 + o, S->wv_s1 + n0 + o,
                         b->w.seg_len + s0 + o, S->seg_l0 + s0 + o, t, S->wv_h,
                         hw_lm_line_consts(S, l), env, dy + HW_Y_RX * n + n0 + o,
                         dy + HW_Y_VX * n + n0 + o, dy + HW_Y_ED * n + n0 + o);
    else
        node_range(c - o, n, y + HW_Y_RX * n + n0 + o, y + HW_Y_VX * n + n0 + o,
                   b->w.seg_T + s0 + o, b->w.seg_qx + s0 + o, b->w.seg_qy + s0 + o,
                   b->w.seg_qz + s0 + o, b->w.seg_pd + s0 + o, S->node_m + n0 + o,
                   S->node_l + n0 + o, u ? u + n0 + o : NULL, fa, fb,
                   hw_lm_line_consts(S, l), env, dy + HW_Y_RX * n + n0 + o,
                   dy + HW_Y_VX * n + n0 + o, dy + HW_Y_ED * n + n0 + o);
    for (int k = c; k < ke; k++) hw_lm_node(S, t, y, &b->w, dy, n0 + k);
}

/* The hinges at interior nodes k0 .. k1 - 1 of one line (hw_lm_hinge's body over restrict
 * arrays, so that the loop vectorizes): segment arrays from the line's first segment, fa and fb
 * (3 per node, xyz) from its node 0. A hinge next to a broken segment is zero, selected (the
 * same zeros hw_lm_hinge writes). */
HW_LOOP
static void hinge_range(int k0, int k1, const double *restrict qx, const double *restrict qy,
                        const double *restrict qz, const double *restrict len,
                        const double *restrict l0, const double *restrict alive,
                        const double *restrict vx, const double *restrict vy,
                        const double *restrict vz, double ei, double tau,
                        double *restrict fa, double *restrict fb, double *restrict pd)
{
    for (int k = k0; k < k1; k++) {
        int ok = alive[k - 1] != 0.0 && alive[k] != 0.0;
        double kk = hw_hinge_stiffness(ei, l0[k - 1], l0[k]);
        hw_v3 qa = hw_v3_make(qx[k - 1], qy[k - 1], qz[k - 1]), qb = hw_v3_make(qx[k], qy[k], qz[k]);
        hw_v3 v0 = hw_v3_make(vx[k - 1], vy[k - 1], vz[k - 1]), v1 = hw_v3_make(vx[k], vy[k], vz[k]),
              v2 = hw_v3_make(vx[k + 1], vy[k + 1], vz[k + 1]);
        hw_hinge h = hw_hinge_eval_damped(qa, len[k - 1], hw_hinge_qdot(qa, len[k - 1], hw_v3_sub(v1, v0)),
                                          qb, len[k], hw_hinge_qdot(qb, len[k], hw_v3_sub(v2, v1)), kk,
                                          tau);
        hw_v3 a = hw_v3_select(ok, h.fa, hw_v3_zero()), c = hw_v3_select(ok, h.fb, hw_v3_zero());
        fa[3 * k] = a.x; fa[3 * k + 1] = a.y; fa[3 * k + 2] = a.z;
        fb[3 * k] = c.x; fb[3 * k + 1] = c.y; fb[3 * k + 2] = c.z;
        pd[k - 1] += ok ? h.power : 0.0; /* booked with segment k - 1's loss, as hw_lm_hinge */
    }
}

/* Item it's hinges: the vectorized loop over the interior nodes of a line with EI > 0,
 * hw_lm_hinge (zeros there) for its end nodes, its spare slots and every node of other lines. */
static void hinges_item(const hw_lm_sys *S, const double *y, const hw_lm_work *w, hw_cpu_item it)
{
    int l = it.line, n0 = S->ln_n0[l], s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    int k0 = it.k0, ke = item_node_end(S, it);
    int a = k0 > 1 ? k0 : 1, c = ke < ns ? ke : ns; /* interior nodes a .. c-1 */
    if (!(S->ln_ei[l] > 0.0) || c <= a) {
        for (int k = k0; k < ke; k++) hw_lm_hinge(S, y, w, n0 + k);
        return;
    }
    for (int k = k0; k < a; k++) hw_lm_hinge(S, y, w, n0 + k);
    hinge_range(a, c, w->seg_qx + s0, w->seg_qy + s0, w->seg_qz + s0, w->seg_len + s0,
                S->seg_l0 + s0, S->seg_alive + s0, y + HW_Y_VX * (size_t)S->n_state + n0,
                y + HW_Y_VY * (size_t)S->n_state + n0, y + HW_Y_VZ * (size_t)S->n_state + n0,
                S->ln_ei[l], hw_lm_hinge_tau(S, l), w->hg_fa + 3 * (size_t)n0,
                w->hg_fb + 3 * (size_t)n0, w->seg_pd + s0);
    for (int k = c; k < ke; k++) hw_lm_hinge(S, y, w, n0 + k);
}

/* One evaluation in one parallel region: segments (and their blow-up check, per item), hinges,
 * nodes, points, end nodes, a barrier between each pass and the next. */
static void cpu_eval(hw_backend *b, double t, int by, int bdy)
{
    hw_lm_current_time(&b->S, t); /* the current's time bracket, once for every node and point */
    const hw_lm_sys *S = &b->S;
    const double *y = b->buf[by];
    double *dy = b->buf[bdy];
    hw_lm_env env = hw_lm_env_of(S);
    int nt = team((size_t)S->n_segs);
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
        int i0, i1;
        my_items(b, &i0, &i1);
        for (int i = i0; i < i1; i++) b->item_bad[i] = segments_item(S, t, y, &b->w, dy, b->item[i]);
        if (S->any_bending) {
#pragma omp barrier
            for (int i = i0; i < i1; i++) hinges_item(S, y, &b->w, b->item[i]);
        }
#pragma omp barrier
        for (int i = i0; i < i1; i++) nodes_item(b, t, y, dy, b->item[i], env);
#pragma omp barrier
#pragma omp for schedule(static)
        for (int p = 0; p < S->n_points; p++) hw_lm_point(S, t, y, &b->w, dy, p);
#pragma omp for schedule(static) nowait
        for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_end_deriv(S, dy, e);
    }
    /* the first bad segment in index order (the items are in that order), as the CUDA
     * atomicMin gives */
    for (int i = 0; i < b->n_items; i++)
        if (b->item_bad[i] != HW_NO_BAD) { HW_FLAG_BAD(b->w.bad, b->item_bad[i]); break; }
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
    double *d = b->buf[dst];
    const double *s = b->buf[src];
    double c1 = nterm > 1 ? coef[1] : 0.0, c2 = nterm > 2 ? coef[2] : 0.0;
    double c3 = nterm > 3 ? coef[3] : 0.0;
    int nt = team((size_t)b->S.n_state); /* nodes and points, as the other passes count */
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
        size_t i0, i1; /* element-wise: any split gives the same bits */
        my_span(b->ny, &i0, &i1);
        lincomb_range(i1 - i0, nterm, d + i0, s + i0, k0 + i0, k1 + i0, k2 + i0, k3 + i0, coef[0],
                      c1, c2, c3);
    }
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
    int nt = team((size_t)b->S.n_state);
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
        size_t k0, k1;
        my_span((size_t)b->S.n_state, &k0, &k1);
        symplectic_range(&b->S, (int)k0, (int)k1, b->buf[by], b->buf[bdy], dt);
    }
    if (b->S.n_vis + b->S.n_viv > 0) { /* viscoelastic strains, VIV states: explicit Euler, as
                                           the energy block */
        size_t o = hw_lm_vis_off(&b->S);
        lincomb_range((size_t)(b->S.n_vis + b->S.n_viv), 1, b->buf[by] + o, b->buf[by] + o, b->buf[bdy] + o,
                      NULL, NULL, NULL, dt, 0.0, 0.0, 0.0);
    }
}

/* State slots k0 .. k1 - 1 of hw_lm_second_order (each slot reads and writes only its own
 * index: dst may be src). */
HW_LOOP
static void second_order_range(const hw_lm_sys *S, int k0, int k1, double *d, const double *s,
                               const double *d0, const double *d1, const double *cx, const double *ca,
                               const double *cv)
{
    HW_IVDEP
    for (int k = k0; k < k1; k++) hw_lm_second_order(S, d, s, d0, d1, cx, ca, cv, k);
}

static void cpu_second_order(hw_backend *b, int dst, int src, const int *bufs, const double *cx,
                             const double *ca, const double *cv)
{
    const double *d0 = b->buf[bufs[0]], *d1 = b->buf[bufs[1]];
    int nt = team((size_t)b->S.n_state);
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
        size_t k0, k1;
        my_span((size_t)b->S.n_state, &k0, &k1);
        second_order_range(&b->S, (int)k0, (int)k1, b->buf[dst], b->buf[src], d0, d1, cx, ca, cv);
    }
    if (b->S.n_vis + b->S.n_viv > 0) { /* viscoelastic, Syrope and VIV states: as the velocities */
        size_t o = hw_lm_vis_off(&b->S);
        lincomb_range((size_t)(b->S.n_vis + b->S.n_viv), 2, b->buf[dst] + o, b->buf[src] + o, d0 + o, d1 + o,
                      NULL, NULL, cv[0], cv[1], 0.0, 0.0);
    }
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

static void cpu_set_clamp(hw_backend *b, int e, const double dir[3], const double dot[3])
{
    for (int c = 0; c < 3; c++) {
        b->S.ln_cdir[3 * e + c] = dir[c];
        b->S.ln_cdot[3 * e + c] = dot[c];
    }
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

/* The same reductions as the CUDA backend's Thrust ones (kernels/cuda/reduce.cu), over every
 * segment slot: per item in parallel, then the items' partials combined in item order (segment
 * index order), so that the first index wins ties as in one serial loop.
 * max_tension: the largest finite tension (first index on ties) and the number of segments
 * whose tension or strain is not finite. trip_scan (hw_cu_trip_scan): the segment whose tension
 * exceeds its seg_trip by the largest ratio, and how many do. */
static void max_tension_item(const hw_backend *b, hw_cpu_item it, hw_lm_reduction *out)
{
    int s0 = b->S.ln_s0[it.line];
    for (int s = s0 + it.k0; s < s0 + it.k1; s++) {
        double T = b->w.seg_T[s];
        if (!isfinite(T) || !isfinite(b->w.seg_strain[s])) out->n_nonfinite++;
        if (isfinite(T) && (out->max_seg < 0 || T > out->max_T)) {
            out->max_T = T;
            out->max_seg = s;
        }
    }
}
static void trip_scan_item(const hw_backend *b, hw_cpu_item it, hw_lm_reduction *out)
{
    int s0 = b->S.ln_s0[it.line];
    double best = -HUGE_VAL;
    for (int s = s0 + it.k0; s < s0 + it.k1; s++) {
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
}

static hw_status cpu_reduce(hw_backend *b, int trip, hw_lm_reduction *out)
{
    if (!out) return HW_ERR_INVALID_ARG;
    int nt = team((size_t)b->S.n_segs);
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
        int i0, i1;
        my_items(b, &i0, &i1);
        for (int i = i0; i < i1; i++) {
            hw_lm_reduction *r = &b->item_red[i];
            r->max_T = -HUGE_VAL;
            r->max_seg = -1;
            r->n_nonfinite = 0;
            if (trip) trip_scan_item(b, b->item[i], r);
            else max_tension_item(b, b->item[i], r);
        }
    }
    out->max_T = -HUGE_VAL;
    out->max_seg = -1;
    out->n_nonfinite = 0;
    double best = -HUGE_VAL;
    for (int i = 0; i < b->n_items; i++) {
        const hw_lm_reduction *r = &b->item_red[i];
        out->n_nonfinite += r->n_nonfinite;
        if (r->max_seg < 0) continue;
        if (trip) {
            double q = r->max_T / b->S.seg_trip[r->max_seg];
            if (!(q > best)) continue;
            best = q;
        } else if (out->max_seg >= 0 && !(r->max_T > out->max_T)) {
            continue;
        }
        out->max_T = r->max_T;
        out->max_seg = r->max_seg;
    }
    return HW_OK;
}

static hw_status cpu_max_tension(hw_backend *b, hw_lm_reduction *out) { return cpu_reduce(b, 0, out); }
static hw_status cpu_trip_scan(hw_backend *b, hw_lm_reduction *out) { return cpu_reduce(b, 1, out); }

/* The every-step accumulators: a separate pass over the scratch of the step's first evaluation
 * (the fast segment and node loops above stay as they are): per item the segments' extremes and
 * the largest tension oscillation, then per line the end statistics and monitor. */
/* The segments of one item: hw_acc_seg_update over restrict arrays (as segment_range), so that
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
    int n = S->n_segs, trip = HW_NO_BAD, nt = team((size_t)S->n_segs);
    (void)nt;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
        int i0, i1;
        my_items(b, &i0, &i1);
        for (int i = i0; i < i1; i++) { /* the item's segments in use */
            hw_cpu_item it = b->item[i];
            int s0 = S->ln_s0[it.line] + it.k0, ns = S->ln_nseg[it.line];
            int cnt = (it.k1 < ns ? it.k1 : ns) - it.k0;
            b->item_osc[i] = cnt <= 0 ? 0.0 :
                acc_range(cnt, t, b->w.seg_T + s0, b->w.seg_strain + s0, a + HW_ACC_TMAX * n + s0,
                          a + HW_ACC_TMAX_T * n + s0, a + HW_ACC_TMIN * n + s0,
                          a + HW_ACC_TMIN_T * n + s0, a + HW_ACC_EMAX * n + s0,
                          a + HW_ACC_TP1 * n + s0, a + HW_ACC_TP2 * n + s0, b->osc + s0);
        }
#pragma omp barrier
        /* per line: the largest of its items' oscillations (a max: the same in any order) */
#pragma omp for schedule(static) reduction(min: trip) nowait
        for (int l = 0; l < S->n_lines; l++) {
            double osc = 0.0;
            for (int i = b->ln_item0[l]; i < b->ln_item0[l + 1]; i++)
                osc = b->item_osc[i] > osc ? b->item_osc[i] : osc;
            if (hw_acc_line_update(S, &b->w, b->acc.line + HW_ACC_LINE_NV * l, b->acc.monitor, l, t, osc))
                trip = trip < n + l ? trip : n + l;
        }
    }
    if (trip != HW_NO_BAD) HW_FLAG_BAD(&b->bad, trip);
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

/* Waves: every node's samples (hw_lm_wave_refresh; a node whose interval did not move returns at
 * once; free points evaluate the waves directly). */
static void cpu_wave_refresh(hw_backend *b, double t, int buf)
{
    const hw_lm_sys *S = &b->S;
    if (S->wv.n <= 0 || S->n_nodes <= 0) return;
    /* nothing to do while the interval has not moved since this backend's last refresh (slot
     * 0 checked too: the CPU backend shares the host's samples) */
    int k = (int)floor(t / S->wv_h);
    if (k == b->wv_last && S->wv_k[0] == k) return;
    b->wv_last = k;
    const double *y = b->buf[buf];
    int nt = team((size_t)S->n_nodes * (size_t)(S->wv.n > 8 ? 8 : S->wv.n));
    (void)nt;
#pragma omp parallel for schedule(static) num_threads(nt) if(nt > 1)
    for (int i = 0; i < S->n_nodes; i++) hw_lm_wave_refresh(S, t, y, i);
}

/* Waves: the backend shares the host's sample arrays (b->S is a copy of the host's system), so
 * a copy is needed only when the caller's arrays are others; wave_set forgets wv_last, which
 * would otherwise skip the refresh of a step in the interval it names. */
static void copy_bytes(void *dst, const void *src, size_t n)
{
    if (dst != src && n) memcpy(dst, src, n);
}
static hw_status cpu_wave_get(hw_backend *b, int *k, double *s)
{
    const hw_lm_sys *S = &b->S;
    if (S->wv.n <= 0) return HW_OK;
    size_t n = (size_t)S->n_state, nb = HW_WS_N * n * sizeof(double);
    copy_bytes(k, S->wv_k, n * sizeof(int));
    copy_bytes(s, S->wv_s0, nb);
    copy_bytes(s + HW_WS_N * n, S->wv_s1, nb);
    return HW_OK;
}
static hw_status cpu_wave_set(hw_backend *b, const int *k, const double *s)
{
    const hw_lm_sys *S = &b->S;
    if (S->wv.n <= 0) return HW_OK;
    size_t n = (size_t)S->n_state, nb = HW_WS_N * n * sizeof(double);
    copy_bytes(S->wv_k, k, n * sizeof(int));
    copy_bytes(S->wv_s0, s, nb);
    copy_bytes(S->wv_s1, s + HW_WS_N * n, nb);
    b->wv_last = HW_WV_NONE;
    return HW_OK;
}

static hw_status cpu_syr_get(hw_backend *b, double *v)
{
    if (b->S.n_syr > 0) copy_bytes(v, b->S.seg_syr, hw_lm_syr_len(&b->S) * sizeof(double));
    return HW_OK;
}
static hw_status cpu_syr_set(hw_backend *b, const double *v)
{
    if (b->S.n_syr > 0) copy_bytes(b->S.seg_syr, v, hw_lm_syr_len(&b->S) * sizeof(double));
    return HW_OK;
}

/* step_n stays NULL: the host's loop over hw_integrate_step costs nothing extra on the CPU. */
static const hw_backend_ops CPU_OPS = {
    "cpu", cpu_create, cpu_destroy, cpu_upload, cpu_download, cpu_download_work,
    cpu_constrain, cpu_eval, cpu_lincomb, cpu_symplectic, cpu_second_order, cpu_take_bad, cpu_set_coupled,
    cpu_update_line, cpu_reel_set, cpu_reel_get, cpu_reel_before, cpu_reel_after, NULL,
    cpu_max_tension, cpu_trip_scan, cpu_accumulate, cpu_acc_get, cpu_acc_set, cpu_wave_refresh,
    cpu_wave_get, cpu_wave_set, cpu_set_clamp, cpu_syr_get, cpu_syr_set};

const hw_backend_ops *hw_cpu_backend(void) { return &CPU_OPS; }

#ifndef HAWSER_HAVE_CUDA
const hw_backend_ops *hw_cuda_backend(void) { return NULL; }
int hw_cuda_device_count(void) { return 0; }
#endif
