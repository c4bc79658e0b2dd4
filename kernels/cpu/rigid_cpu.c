/* CPU backend of the rigid-cylinder cable: a loop over cables, each stepped by the shared
 * sequential block-tridiagonal solver of kernels/rigid.h (cables are independent). */
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
#endif
