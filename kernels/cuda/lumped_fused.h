// The fused lumped-mass step on the device (kernels/cuda/lumped_fused.cu): the CUDA backend's
// step_n runs it where it covers the model (kernels/lumped_tile.h, hw_tile_covers) and the
// environment asks for it (HAWSER_CUDA_LUMPED, docs/gpu.md); everything else stays on the
// baseline kernels of lumped_cuda.cu. nvcc only (C++).
#ifndef HW_KERNELS_CUDA_LUMPED_FUSED_H
#define HW_KERNELS_CUDA_LUMPED_FUSED_H

#include <stddef.h>

extern "C" {
#include "backend.h"
}

struct hw_fused;

// The path for a new backend from HAWSER_CUDA_LUMPED: unset, "" or "fused" (the default: fused
// where it covers the model, the persistent form when every tile fits on the device at once),
// "fused-tiles" or "fused-persistent" (one form), "baseline". *out is NULL for the baseline
// (asked for, or the model not covered: then, where fused was asked for explicitly, one line on
// stderr says why). Returns 0, or with a message -1 (an unknown value) or -2 (device memory).
int hw_fused_choose(const hw_lm_sys *host, int with_node_forces, hw_fused **out, char *msg,
                    size_t msg_len);
void hw_fused_destroy(hw_fused *f);
// After the host changed line l (update_line): 1 where the fused step still covers the model;
// 0 where it does not any more (the caller destroys it and stays on the baseline).
int hw_fused_line_changed(hw_fused *f, const hw_lm_sys *host, int l);
// n steps of integrator integ from step k0 (time t0 + (k0 + k) dt), on the legacy stream, state
// in buf[HW_BUF_Y] before and after. S, w, acc: the backend's device arrays. Returns 0; -1 where
// nothing ran (the caller runs the baseline); -2 where a launch failed after some steps ran.
int hw_fused_step_n(hw_fused *f, const hw_lm_sys *S, const hw_lm_work *w, const hw_lm_acc *acc,
                    double *const *buf, size_t ny, int integ, double t0, long k0, double dt, int n);
// "fused-tiles" or "fused-persistent": the form step_n runs now.
const char *hw_fused_form(const hw_fused *f);

#endif
