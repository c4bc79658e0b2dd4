/* CPU backend of the rigid-cylinder cable. Cables shorter than HW_RC_BCR_ROWS block rows are
 * stepped by the shared sequential block-tridiagonal solver of kernels/rigid.h (block Thomas), one
 * cable per thread; longer ones by the block cyclic reduction of kernels/rigid_bcr.h that the GPU
 * runs, with threads over the rows of each level. Which solver a cable gets depends only on its
 * length, and every sum runs in a fixed order, so results do not depend on the thread count. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/hawser.h"
#include "rigid_bcr.h"

#define HW_RC_THREAD_ELEMS 256

/* Workspace of hw_rc_cpu_step, grown to the system's needs (a step after a reel event may need
 * more). 0, or -1 when out of memory. */
static int work_reserve(hw_rc_cpu_work *w, size_t bytes)
{
    if (bytes <= w->cap) return 0;
    void *m = realloc(w->mem, bytes);
    if (!m) return -1;
    w->mem = m;
    w->cap = bytes;
    return 0;
}

void hw_rc_cpu_work_free(hw_rc_cpu_work *w)
{
    free(w->mem);
    w->mem = NULL;
    w->cap = 0;
}

/* One long cable by block cyclic reduction (kernels/rigid_bcr.h), threads over the elements and
 * over the rows of each level that has at least HW_RC_LEVEL_ROWS of them (the upper levels, a few
 * percent of the work, run on one thread: fewer joins, which cost most when a core is shared).
 * P: the cable's BCR arrays (array of structures, its rows from 0), pe / pb: its element / block
 * powers. Returns the smallest failure code (hw_rc_fail_code) or INT_MAX; *power: the cable's
 * power, summed in the fixed order of hw_rc_power_sum. Each row is written by one thread and the
 * rows of a level are independent, so the result does not depend on the threads. */
#define HW_RC_LEVEL_ROWS 256
static int bcr_cable(const hw_rc_sys *S, const hw_rc_cable *C, double *blk, double *el, const hw_rc_bcr *P,
                     double *pe, double *pb, double h, double *power)
{
    int n = C->n, M = n + 1, code = INT_MAX;
    int nt = hw_threads();
    /* blk, el and P are the cable's own: the couplings address them with b0 = e0 = 0 */
    hw_rc_cable Cl = *C;
    Cl.e0 = 0; Cl.b0 = 0;
#pragma omp parallel num_threads(nt) if(nt > 1)
    {
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++) pe[i] = hw_rc_element_pass(S, C, i, el + (size_t)i * HW_RC_EL);
#pragma omp for schedule(static) reduction(min : code)
        for (int k = 0; k <= n; k++) {
            hw_rc_status st;
            st.kind = HW_RC_OK; st.where = -1; st.value = 0.0;
            hw_m6 A;
            hw_v6 rhs;
            pb[k] = hw_rc_block_assemble(S, C, k, el, blk + (size_t)k * HW_RC_BLK, &A, &rhs, &st);
            hw_rc_bcr_put(P, (size_t)k, &A, &rhs);
            if (st.kind != HW_RC_OK && hw_rc_fail_code(st.where, st.kind) < code) code = hw_rc_fail_code(st.where, st.kind);
        }
#pragma omp for schedule(static)
        for (int k = 0; k <= n; k++) hw_rc_bcr_couple(P, &Cl, k, blk, el);
    }
    int d = 1;
    for (; d < M; d *= 2) {
        int many = nt > 1 && (M + 2 * d - 1) / (2 * d) >= HW_RC_LEVEL_ROWS;
#pragma omp parallel num_threads(nt) if(many)
        {
#pragma omp for schedule(static) reduction(min : code)
            for (int p = d; p < M; p += 2 * d)
                if (hw_rc_bcr_factor_row(P, (size_t)p) && hw_rc_fail_code(p, HW_RC_BAD_NOT_SPD) < code)
                    code = hw_rc_fail_code(p, HW_RC_BAD_NOT_SPD);
#pragma omp for schedule(static)
            for (int k = 0; k < M; k += 2 * d)
                for (int j = 0; j < 6; j++) hw_rc_bcr_reduce_lane(P, 0, M, k, d, j, NULL, NULL);
        }
    }
    if (hw_rc_bcr_factor_row(P, 0) && hw_rc_fail_code(0, HW_RC_BAD_NOT_SPD) < code)
        code = hw_rc_fail_code(0, HW_RC_BAD_NOT_SPD);
    hw_rc_bcr_back_row(P, 0, M, 0, 0, 1, blk + HW_RC_B_LAM, HW_RC_BLK);
    for (d /= 2; d >= 1; d /= 2) {
        int many = nt > 1 && (M + 2 * d - 1) / (2 * d) >= HW_RC_LEVEL_ROWS;
#pragma omp parallel for num_threads(nt) schedule(static) if(many)
        for (int p = d; p < M; p += 2 * d) hw_rc_bcr_back_row(P, 0, M, p, d, 0, blk + HW_RC_B_LAM, HW_RC_BLK);
    }
#pragma omp parallel for num_threads(nt) schedule(static) reduction(min : code) if(nt > 1)
    for (int i = 0; i < n; i++)
        if (!hw_rc_element_update(S, C, i, blk, el, h) && hw_rc_fail_code(i, HW_RC_BAD_NONFINITE) < code)
            code = hw_rc_fail_code(i, HW_RC_BAD_NONFINITE);
    *power = hw_rc_power_sum(pe, pb, n);
    return code;
}

int hw_rc_cpu_step(const hw_rc_sys *S, hw_rc_cpu_work *w, double *blk, double *el, double h, double *power,
                   hw_rc_status *bad)
{
    int nc = S->n_cables, rows = 0, first = -1, short_elems = 0;
    for (int c = 0; c < nc; c++) {
        if (S->cab[c].n + 1 < HW_RC_BCR_ROWS) short_elems += S->cab[c].n;
        else if (S->cab[c].n + 1 > rows) rows = S->cab[c].n + 1;
    }
    /* statuses per cable, then the longest BCR cable's arrays: A L U (36 each) b (6) pe pb */
    size_t off = ((size_t)nc * sizeof(hw_rc_status) + 63) / 64 * 64;
    if (work_reserve(w, off + (size_t)rows * (114 + 2) * sizeof(double)) != 0) {
        bad->kind = HW_RC_BAD_NONFINITE; bad->where = -1; bad->value = 0.0;
        return 0;
    }
    hw_rc_status *cst = (hw_rc_status *)w->mem;
    double *arr = (double *)((char *)w->mem + off);
    int nt = hw_threads();
    /* the short cables (block Thomas, one cable per thread; threads only from HW_RC_THREAD_ELEMS
     * elements on: below, a step takes less than a thread team's start) */
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) if(nt > 1 && nc > 1 && short_elems >= HW_RC_THREAD_ELEMS)
    for (int c = 0; c < nc; c++) {
        const hw_rc_cable *C = &S->cab[c];
        hw_rc_status *st = &cst[c];
        st->kind = HW_RC_OK; st->where = -1; st->value = 0.0;
        if (C->n + 1 >= HW_RC_BCR_ROWS) continue;
        power[c] = hw_rc_cable_step(S, C, blk + (size_t)C->b0 * HW_RC_BLK, el + (size_t)C->e0 * HW_RC_EL, h, st);
    }
    /* the long ones (block cyclic reduction, threads within the cable) */
    for (int c = 0; c < nc; c++) {
        const hw_rc_cable *C = &S->cab[c];
        int M = C->n + 1;
        if (M < HW_RC_BCR_ROWS) continue;
        hw_rc_bcr P = hw_rc_bcr_make(arr, arr + (size_t)rows * 36, arr + (size_t)rows * 72, arr + (size_t)rows * 108,
                                     36, 6, 1);
        double *pe = arr + (size_t)rows * 114, *pb = pe + rows;
        int code = bcr_cable(S, C, blk + (size_t)C->b0 * HW_RC_BLK, el + (size_t)C->e0 * HW_RC_EL, &P, pe, pb, h,
                             &power[c]);
        if (code != INT_MAX) { cst[c].kind = code % 4; cst[c].where = code / 4; cst[c].value = 0.0; }
    }
    for (int c = 0; c < nc && first < 0; c++)
        if (cst[c].kind != HW_RC_OK) { first = c; *bad = cst[c]; }
    return first;
}

/* ---- the GPU step on the CPU ------------------------------------------------------------------ */

int hw_rc_levels_build(const hw_rc_sys *S, hw_rc_levels *lv)
{
    int nc = S->n_cables, nb = S->n_blocks, max_rows = 0;
    memset(lv, 0, sizeof *lv);
    for (int c = 0; c < nc; c++)
        if (S->cab[c].n + 1 > max_rows) max_rows = S->cab[c].n + 1;
    int L = 0;
    while ((1 << L) < max_rows) L++;
    if (L > HW_RC_MAX_LEVELS) return -1;
    lv->n_levels = L;
    size_t n_even = 0;
    for (int l = 0; l < L; l++)
        for (int c = 0; c < nc; c++) {
            int M = S->cab[c].n + 1, d = 1 << l;
            if (d < M) n_even += (size_t)((M + 2 * d - 1) / (2 * d));
        }
    lv->even = (int *)malloc((n_even ? n_even : 1) * sizeof(int));
    lv->odd = (int *)malloc((nb ? (size_t)nb : 1) * sizeof(int));
    lv->pos = (int *)malloc((nb ? (size_t)nb : 1) * sizeof(int));
    if (!lv->even || !lv->odd || !lv->pos) { hw_rc_levels_free(lv); return -1; }
    int ie = 0, io = 0;
    for (int l = 0; l < L; l++) {
        int d = 1 << l;
        lv->off_even[l] = ie; lv->off_odd[l] = io;
        for (int c = 0; c < nc; c++) {
            int M = S->cab[c].n + 1, b0 = S->cab[c].b0;
            if (d >= M) continue;
            for (int k = 0; k < M; k += 2 * d) lv->even[ie++] = b0 + k;
            for (int k = d; k < M; k += 2 * d) { lv->pos[b0 + k] = io; lv->odd[io++] = b0 + k; }
        }
    }
    lv->off_even[L] = ie; lv->off_odd[L] = io;
    for (int c = 0; c < nc; c++) { lv->pos[S->cab[c].b0] = io; lv->odd[io++] = S->cab[c].b0; }
    lv->off_odd[L + 1] = io;
    lv->n_even = ie; lv->n_odd = io;
    return 0;
}

void hw_rc_levels_free(hw_rc_levels *lv)
{
    free(lv->even); free(lv->odd); free(lv->pos);
    lv->even = lv->odd = lv->pos = NULL;
}

static void flag(int *best, int c, int where, int kind)
{
    int code = hw_rc_fail_code(where, kind);
    if (code < best[c]) best[c] = code;
}

/* The back kernel's lanes on one odd row: each lane's right-hand side entry, then every lane's
 * own solve of the shared right-hand side (the GPU's lanes all solve and keep their entry). */
static void back_lanes(const hw_rc_bcr *P, int b0, int M, int k, int d, int top, double *x, size_t xs)
{
    double r[6];
    for (int j = 0; j < 6; j++) r[j] = hw_rc_bcr_back_rhs(P, b0, M, k, d, top, x, xs, j);
    size_t q = (size_t)b0 + (size_t)k;
    for (int j = 0; j < 6; j++) {
        double y[6];
        for (int t = 0; t < 6; t++) y[t] = r[t];
        hw_rc_chol_solve_at(&HW_RC_BM(P, P->A, q, 0), P->es, y);
        x[q * xs + (size_t)j] = y[j];
    }
}

int hw_rc_cpu_step_bcr(const hw_rc_sys *S, const int *el_cable, const int *blk_cable, const hw_rc_levels *lv,
                       double *blk, double *el, double *A, double *L, double *U, double *b, double *pe,
                       double *pb, double h, double *power, hw_rc_status *bad)
{
    int nc = S->n_cables, ne = S->n_elems, nb = S->n_blocks;
    int *best = (int *)malloc((size_t)(nc ? nc : 1) * sizeof(int));
    if (!best) { bad->kind = HW_RC_BAD_NONFINITE; bad->where = -1; bad->value = 0.0; return 0; }
    for (int c = 0; c < nc; c++) best[c] = INT_MAX;
    hw_rc_bcr P = hw_rc_bcr_make(A, L, U, b, 1, 1, (size_t)nb); /* the GPU's structure of arrays */
    double *x = blk + HW_RC_B_LAM;
    /* k_rc_elements */
    for (int e = 0; e < ne; e++) {
        const hw_rc_cable *C = &S->cab[el_cable[e]];
        pe[e] = hw_rc_element_pass(S, C, e - C->e0, el + (size_t)e * HW_RC_EL);
    }
    /* k_rc_blocks */
    for (int q = 0; q < nb; q++) {
        int c = blk_cable[q];
        const hw_rc_cable *C = &S->cab[c];
        hw_rc_status st;
        st.kind = HW_RC_OK; st.where = -1; st.value = 0.0;
        hw_m6 Akk;
        hw_v6 rhs;
        pb[q] = hw_rc_block_assemble(S, C, q - C->b0, el + (size_t)C->e0 * HW_RC_EL, blk + (size_t)q * HW_RC_BLK,
                                     &Akk, &rhs, &st);
        hw_rc_bcr_put(&P, (size_t)q, &Akk, &rhs);
        if (st.kind != HW_RC_OK) flag(best, c, st.where, st.kind);
    }
    /* k_rc_couplings */
    for (int q = 0; q < nb; q++) {
        const hw_rc_cable *C = &S->cab[blk_cable[q]];
        hw_rc_bcr_couple(&P, C, q - C->b0, blk, el);
    }
    /* per level: k_rc_factor over the odd rows, k_rc_reduce over the even rows (six lanes each) */
    for (int l = 0; l < lv->n_levels; l++) {
        int d = 1 << l;
        for (int i = lv->off_odd[l]; i < lv->off_odd[l + 1]; i++) {
            int q = lv->odd[i];
            if (hw_rc_bcr_factor_row(&P, q)) flag(best, blk_cable[q], q - S->cab[blk_cable[q]].b0, HW_RC_BAD_NOT_SPD);
        }
        for (int i = lv->off_even[l]; i < lv->off_even[l + 1]; i++) {
            int q = lv->even[i];
            const hw_rc_cable *C = &S->cab[blk_cable[q]];
            for (int j = 0; j < 6; j++) hw_rc_bcr_reduce_lane(&P, C->b0, C->n + 1, q - C->b0, d, j, NULL, NULL);
        }
    }
    /* top: k_rc_factor and k_rc_back on every cable's row 0 */
    for (int i = lv->off_odd[lv->n_levels]; i < lv->off_odd[lv->n_levels + 1]; i++) {
        int q = lv->odd[i];
        const hw_rc_cable *C = &S->cab[blk_cable[q]];
        if (hw_rc_bcr_factor_row(&P, q)) flag(best, blk_cable[q], 0, HW_RC_BAD_NOT_SPD);
        back_lanes(&P, C->b0, C->n + 1, 0, 0, 1, x, HW_RC_BLK);
    }
    /* k_rc_back per level, from the top down */
    for (int l = lv->n_levels - 1; l >= 0; l--)
        for (int i = lv->off_odd[l]; i < lv->off_odd[l + 1]; i++) {
            int q = lv->odd[i];
            const hw_rc_cable *C = &S->cab[blk_cable[q]];
            back_lanes(&P, C->b0, C->n + 1, q - C->b0, 1 << l, 0, x, HW_RC_BLK);
        }
    /* k_rc_update */
    for (int e = 0; e < ne; e++) {
        int c = el_cable[e];
        const hw_rc_cable *C = &S->cab[c];
        if (!hw_rc_element_update(S, C, e - C->e0, blk + (size_t)C->b0 * HW_RC_BLK, el + (size_t)C->e0 * HW_RC_EL, h))
            flag(best, c, e - C->e0, HW_RC_BAD_NONFINITE);
    }
    /* k_rc_power: one fixed-order sum per cable */
    for (int c = 0; c < nc; c++) power[c] = hw_rc_power_sum(pe + S->cab[c].e0, pb + S->cab[c].b0, S->cab[c].n);
    int first = -1;
    for (int c = 0; c < nc && first < 0; c++)
        if (best[c] != INT_MAX) {
            first = c;
            bad->kind = best[c] % 4; bad->where = best[c] / 4; bad->value = 0.0;
        }
    free(best);
    return first;
}

#ifndef HAWSER_HAVE_CUDA
/* The CUDA backend is compiled out: the host reports HW_ERR_UNSUPPORTED. */
int hw_rc_cuda_compiled(void) { return 0; }
int hw_rc_cuda_create(const hw_rc_sys *S, hw_rc_gpu **out, char *msg, size_t msg_len)
{
    (void)S; (void)msg; (void)msg_len;
    *out = NULL;
    return -1;
}
void hw_rc_cuda_destroy(hw_rc_gpu *g) { (void)g; }
int hw_rc_cuda_set_cables(hw_rc_gpu *g, const hw_rc_sys *S) { (void)g; (void)S; return -1; }
int hw_rc_cuda_step(hw_rc_gpu *g, double h, double *power, hw_rc_status *bad)
{
    (void)g; (void)h; (void)power;
    bad->kind = HW_RC_BAD_NONFINITE; bad->where = -1; bad->value = 0.0;
    return 0;
}
int hw_rc_cuda_download(hw_rc_gpu *g, double *st, double *blk) { (void)g; (void)st; (void)blk; return -1; }
int hw_rc_cuda_reel_event(hw_rc_gpu *g, const hw_rc_sys *S, int c, const hw_rc_cable *old, int end,
                          double l_nom, const double w[3], int kind)
{
    (void)g; (void)S; (void)c; (void)old; (void)end; (void)l_nom; (void)w; (void)kind;
    return -1;
}
int hw_rc_cuda_block_tension(hw_rc_gpu *g, int c, int k, double *t) { (void)g; (void)c; (void)k; (void)t; return -1; }
int hw_rc_cuda_block_lambda(hw_rc_gpu *g, int q, double *lam) { (void)g; (void)q; (void)lam; return -1; }
#endif
