// Device-wide reductions over the CUDA backend's segment scratch with Thrust: the largest finite
// segment tension (and which segment) and the number of segments whose tension or strain is NaN
// or infinite, in one pass over seg_T and seg_strain (16 bytes read per segment). The CPU backend
// computes the same thing with a plain loop (kernels/cpu/lumped_cpu.c, cpu_max_tension).
#include <cuda_runtime.h>
#include <math.h>
#include <limits.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

extern "C" {
#include "backend.h"
}

namespace {

struct seg_red {
    double max_T; // largest finite tension so far (-inf: none)
    int seg;      // its index (INT_MAX: none)
    int n_bad;    // non-finite tensions or strains
};

struct seg_read {
    const double *T, *strain;
    __host__ __device__ seg_red operator()(int s) const
    {
        double t = T[s], e = strain[s];
        int fin = isfinite(t);
        seg_red r;
        r.max_T = fin ? t : -HUGE_VAL;
        r.seg = fin ? s : INT_MAX;
        r.n_bad = (!fin || !isfinite(e)) ? 1 : 0;
        return r;
    }
};

// Associative and commutative: the larger tension, on ties the lower index (as the CPU loop's
// first-index rule), and the sum of the counts. Thrust may combine in any order.
struct seg_combine {
    __host__ __device__ seg_red operator()(const seg_red &a, const seg_red &b) const
    {
        seg_red r;
        if (a.max_T > b.max_T) { r.max_T = a.max_T; r.seg = a.seg; }
        else if (b.max_T > a.max_T) { r.max_T = b.max_T; r.seg = b.seg; }
        else { r.max_T = a.max_T; r.seg = a.seg < b.seg ? a.seg : b.seg; }
        r.n_bad = a.n_bad + b.n_bad;
        return r;
    }
};

} // namespace

// Returns 0, or -1 on a CUDA error (out untouched then). Runs on the legacy default stream, so it
// follows every step launched before it; returning the value synchronizes.
extern "C" int hw_cu_reduce_segments(const double *seg_T, const double *seg_strain, int n,
                                     hw_lm_reduction *out)
{
    seg_red init;
    init.max_T = -HUGE_VAL;
    init.seg = INT_MAX;
    init.n_bad = 0;
    seg_red r = init;
    if (n > 0) {
        seg_read rd;
        rd.T = seg_T;
        rd.strain = seg_strain;
        try {
            r = thrust::transform_reduce(thrust::cuda::par.on(0), thrust::counting_iterator<int>(0),
                                         thrust::counting_iterator<int>(n), rd, init, seg_combine());
        } catch (...) {
            cudaGetLastError();
            return -1;
        }
        if (cudaGetLastError() != cudaSuccess) return -1;
    }
    out->max_T = r.max_T;
    out->max_seg = r.seg == INT_MAX ? -1 : r.seg;
    out->n_nonfinite = r.n_bad;
    return 0;
}
