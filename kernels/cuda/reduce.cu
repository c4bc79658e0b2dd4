// Device-wide reductions over the CUDA backend's segment scratch with Thrust: the largest finite
// segment tension (and which segment) and the number of segments whose tension or strain is NaN
// or infinite, in one pass over seg_T and seg_strain (16 bytes read per segment). The CPU backend
// computes the same thing with a plain loop (kernels/cpu/lumped_cpu.c, cpu_max_tension).
// Also the line failure's trip scan: the segment whose tension exceeds its trip tension by the
// largest ratio (16 bytes read per segment; cpu_trip_scan on the CPU).
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

namespace {

struct trip_red {
    double ratio; // largest T / trip among tripped segments (-inf: none)
    double T;     // that segment's tension
    int seg;      // its index (INT_MAX: none)
    int n;        // segments tripped
};

struct trip_read {
    const double *T, *trip;
    __host__ __device__ trip_red operator()(int s) const
    {
        double t = T[s], k = trip[s];
        int hit = t > k; // false for NaN and for an unwatched segment (trip = +inf)
        trip_red r;
        r.ratio = hit ? t / k : -HUGE_VAL;
        r.T = hit ? t : -HUGE_VAL;
        r.seg = hit ? s : INT_MAX;
        r.n = hit;
        return r;
    }
};

// The larger ratio, on ties the lower index (cpu_trip_scan's first-index rule); counts add.
struct trip_combine {
    __host__ __device__ trip_red operator()(const trip_red &a, const trip_red &b) const
    {
        trip_red r = (a.ratio > b.ratio || (a.ratio == b.ratio && a.seg < b.seg)) ? a : b;
        r.n = a.n + b.n;
        return r;
    }
};

} // namespace

// Returns 0, or -1 on a CUDA error (out untouched then); on the legacy default stream like
// hw_cu_reduce_segments.
extern "C" int hw_cu_trip_scan(const double *seg_T, const double *seg_trip, int n,
                               hw_lm_reduction *out)
{
    trip_red init;
    init.ratio = -HUGE_VAL;
    init.T = -HUGE_VAL;
    init.seg = INT_MAX;
    init.n = 0;
    trip_red r = init;
    if (n > 0) {
        trip_read rd;
        rd.T = seg_T;
        rd.trip = seg_trip;
        try {
            r = thrust::transform_reduce(thrust::cuda::par.on(0), thrust::counting_iterator<int>(0),
                                         thrust::counting_iterator<int>(n), rd, init, trip_combine());
        } catch (...) {
            cudaGetLastError();
            return -1;
        }
        if (cudaGetLastError() != cudaSuccess) return -1;
    }
    out->max_T = r.T;
    out->max_seg = r.seg == INT_MAX ? -1 : r.seg;
    out->n_nonfinite = r.n;
    return 0;
}
