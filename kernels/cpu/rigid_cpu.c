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
