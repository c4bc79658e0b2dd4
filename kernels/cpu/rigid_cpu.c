/* CPU backend of the rigid-cylinder cable: a loop over cables, each stepped by the shared
 * sequential block-tridiagonal solver of kernels/rigid.h (cables are independent). */
#include <stdlib.h>

#include "rigid.h"

int hw_rc_cpu_step(const hw_rc_sys *S, double *blk, double *el, double h, double *power,
                   hw_rc_status *bad)
{
    int first = -1;
    for (int c = 0; c < S->n_cables; c++) {
        const hw_rc_cable *C = &S->cab[c];
        hw_rc_status st;
        st.kind = HW_RC_OK; st.where = -1; st.value = 0.0;
        power[c] = hw_rc_cable_step(S, C, blk + (size_t)C->b0 * HW_RC_BLK,
                                    el + (size_t)C->e0 * HW_RC_EL, h, &st);
        if (st.kind != HW_RC_OK && first < 0) { first = c; *bad = st; }
    }
    return first;
}

/* Failure bookkeeping as the GPU does it: the smallest (where, kind) per cable. */
static void flag(int *best, int c, int where, int kind)
{
    int code = where * 4 + kind;
    if (code < best[c]) best[c] = code;
}

int hw_rc_cpu_step_bcr(const hw_rc_sys *S, const int *el_cable, const int *blk_cable, double *blk,
                       double *el, double *A, double *L, double *U, double *b, double h,
                       double *power, hw_rc_status *bad)
{
    int nc = S->n_cables, ne = S->n_elems, nb = S->n_blocks, max_rows = 0;
    int *best = (int *)malloc((size_t)nc * sizeof(int));
    if (!best) { bad->kind = HW_RC_BAD_NONFINITE; bad->where = -1; bad->value = 0.0; return 0; }
    for (int c = 0; c < nc; c++) {
        best[c] = 0x7fffffff; power[c] = 0.0;
        if (S->cab[c].n + 1 > max_rows) max_rows = S->cab[c].n + 1;
    }
    /* k_rc_elements */
    for (int e = 0; e < ne; e++) {
        const hw_rc_cable *C = &S->cab[el_cable[e]];
        power[el_cable[e]] += hw_rc_element_pass(S, C, e - C->e0, el + (size_t)e * HW_RC_EL);
    }
    /* k_rc_blocks */
    for (int q = 0; q < nb; q++) {
        int c = blk_cable[q];
        const hw_rc_cable *C = &S->cab[c];
        hw_rc_status st;
        st.kind = HW_RC_OK; st.where = -1; st.value = 0.0;
        hw_m6 Akk;
        hw_v6 rhs;
        power[c] += hw_rc_block_assemble(S, C, q - C->b0, el + (size_t)C->e0 * HW_RC_EL,
                                         blk + (size_t)q * HW_RC_BLK, &Akk, &rhs, &st);
        hw_m6_store(A + (size_t)q * 36, &Akk);
        for (int r = 0; r < 6; r++) b[(size_t)q * 6 + r] = rhs.a[r];
        if (st.kind != HW_RC_OK) flag(best, c, st.where, st.kind);
    }
    /* k_rc_couplings */
    for (int q = 0; q < nb; q++) {
        const hw_rc_cable *C = &S->cab[blk_cable[q]];
        hw_rc_bcr_couple(C, q - C->b0, blk, el, L, U);
    }
    /* k_rc_reduce per level, k_rc_back top and per level */
    int d = 1;
    for (; d < max_rows; d *= 2)
        for (int q = 0; q < nb; q++) {
            const hw_rc_cable *C = &S->cab[blk_cable[q]];
            int f = hw_rc_bcr_reduce(C, q - C->b0, d, A, L, U, b);
            if (f >= 0) flag(best, blk_cable[q], f, HW_RC_BAD_NOT_SPD);
        }
    for (int q = 0; q < nb; q++) {
        const hw_rc_cable *C = &S->cab[blk_cable[q]];
        int f = hw_rc_bcr_back(C, q - C->b0, 0, 1, A, L, U, b, blk + HW_RC_B_LAM, HW_RC_BLK);
        if (f >= 0) flag(best, blk_cable[q], f, HW_RC_BAD_NOT_SPD);
    }
    for (d /= 2; d >= 1; d /= 2)
        for (int q = 0; q < nb; q++) {
            const hw_rc_cable *C = &S->cab[blk_cable[q]];
            int f = hw_rc_bcr_back(C, q - C->b0, d, 0, A, L, U, b, blk + HW_RC_B_LAM, HW_RC_BLK);
            if (f >= 0) flag(best, blk_cable[q], f, HW_RC_BAD_NOT_SPD);
        }
    /* k_rc_update */
    for (int e = 0; e < ne; e++) {
        int c = el_cable[e];
        const hw_rc_cable *C = &S->cab[c];
        if (!hw_rc_element_update(S, C, e - C->e0, blk + (size_t)C->b0 * HW_RC_BLK, el + (size_t)C->e0 * HW_RC_EL, h))
            flag(best, c, e - C->e0, HW_RC_BAD_NONFINITE);
    }
    int first = -1;
    for (int c = 0; c < nc && first < 0; c++)
        if (best[c] != 0x7fffffff) {
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
