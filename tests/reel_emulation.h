/* The CUDA backend's reel update after a step (kernels/cuda/lumped_cuda.cu: k_reel_sheaves, then
 * k_reel_lines with one block of nthr threads per reeling line) emulated on the CPU: the same
 * functions of kernels/reel.h in the same sequence, the block's threads run one after another
 * between the barriers, so that the chunked node shift (every thread reads its slot, a barrier,
 * every thread writes it one place on) is checked for any block size. */
#ifndef HW_TEST_REEL_EMULATION_H
#define HW_TEST_REEL_EMULATION_H

#include <stdlib.h>

#include "reel.h"

/* The chunked shift of one action over line l by nthr threads (v: nthr * HW_Y_BLOCKS doubles). */
static inline void reel_emulate_shift(const hw_lm_sys *S, double *y, int l, const hw_reel_act *a,
                                      int nthr, double *v)
{
    int lo, hi, dir, n0 = S->ln_n0[l];
    hw_reel_span(a, &lo, &hi, &dir);
    for (int c = 0; c < hw_reel_chunks(lo, hi, nthr); c++) {
        for (int tid = 0; tid < nthr; tid++) {
            int k = hw_reel_chunk_slot(lo, hi, dir, c, nthr, tid);
            if (k >= 0) hw_reel_slot_load(S, y, n0 + k, v + HW_Y_BLOCKS * tid);
        }
        /* __syncthreads() */
        for (int tid = 0; tid < nthr; tid++) {
            int k = hw_reel_chunk_slot(lo, hi, dir, c, nthr, tid);
            if (k >= 0) hw_reel_slot_store(S, y, n0 + k + dir, v + HW_Y_BLOCKS * tid);
        }
        /* __syncthreads() */
    }
}

/* reel_after as the device runs it: y and w are the state and the step's last evaluation. */
static inline void reel_emulate_after(hw_reel_sys *R, hw_lm_sys *S, const hw_lm_work *w, double *y,
                                      double t, double dt, int nthr)
{
    double *v = (double *)malloc(sizeof(double) * HW_Y_BLOCKS * (size_t)nthr);
    for (int k = 0; k < R->n_sheaves; k++) hw_reel_sheave_step(R, S, w, k, t, dt);
    for (int blk = 0; blk < R->n_rlines; blk++) {
        int l = R->rline[blk];
        for (int e = 0; e < 2; e++) {
            hw_reel_act act = hw_reel_end_after(R, S, w, 2 * l + e, t, dt); /* thread 0 */
            if (act.kind == HW_REEL_REMOVE) hw_reel_merge(S, y, l, &act);
            if (act.kind != HW_REEL_NONE) {
                reel_emulate_shift(S, y, l, &act, nthr, v);
                hw_reel_new_node(S, y, l, &act); /* thread 0 */
            }
        }
        hw_reel_line_head(R, S, l, t + dt); /* thread 0 */
        for (int tid = 0; tid < nthr; tid++)
            for (int k = tid; k < S->ln_cap[l]; k += nthr)
                S->seg_l0[S->ln_s0[l] + k] = hw_reel_seg_l0(R, S, l, k);
        for (int tid = 0; tid < nthr; tid++)
            for (int j = tid; j <= S->ln_cap[l]; j += nthr) hw_reel_node_mass(S, l, j);
    }
    free(v);
}

#endif
