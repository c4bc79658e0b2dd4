// The fused lumped-mass step (docs/gpu.md, "Two lumped paths"): thin kernels over the tile logic
// of kernels/lumped_tile.h, which tests/test_fused_emulation.c runs on the CPU bit-equal to the
// CPU backend.
//
//   k_fz_tiles    one pass per integrator stage, one block per tile (HW_TILE_NODES threads, one
//                 per node): finish the previous stage's points at the tile's line ends (and the
//                 line's accumulators), load the tile and its halo from the stage input, segments,
//                 nodes and the stage update; shared memory between the phases
//   k_fz_points   the pass that ends a call: every point (hw_tile_point) and, where the last
//                 stage was a step's first, every line (hw_tile_line)
//   k_fz_persistent  the same passes for many steps in one cooperative launch, one grid barrier
//                 per stage: the form for models whose tiles all fit on the device at once, where
//                 launches, not bytes, bound the step
//
// Times and coefficients are those of host/world/integrate.c (hw_tile_stage_of; on the device with the
// _rn intrinsics, so nvcc never contracts them into an FMA).
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lumped_fused.h"

extern "C" {
#include "lumped_tile.h"
}

#define HW_FZ_CHUNK 4096 // steps per persistent launch at most
#define HW_FZ_POINT_BLOCK 128

enum { HW_FZ_AUTO = 0, HW_FZ_TILES, HW_FZ_PERSISTENT };

struct hw_fused {
    int mode;          // HW_FZ_*: what was asked for
    int persistent;    // the form step_n runs: 1 persistent, 0 a launch per pass
    int grid;          // persistent: blocks per launch (every one resident)
    int n_tiles;
    hw_tile *d_tiles;  // device
    double *d_alt, *d_x2; // the state's other buffer; RK4's second stage state
    double *d_small;   // two sets of end loads (6 per line), masses (12), line end tensions (2)
    unsigned long long *d_osc; // per line and step parity: the largest oscillation (bits)
    int *nseg;         // host: the segment counts the tiles were planned for
    int n_lines;
};

struct fz_args {
    hw_lm_sys S;
    hw_lm_work w;
    hw_lm_acc acc;     // acc.osc: 2 per line (hw_fused.d_osc), by the step's parity
    const hw_tile *tiles;
    int n_tiles;
};

// The largest oscillation of the block's segments into acc.osc (the bits of a non-negative
// double order as the integers): a warp maximum, then one atomic per warp. Every thread of the
// block calls it (the tile is one line).
static __device__ __forceinline__ void fz_osc(const fz_args &a, const hw_tile_stage &st, int line, double z)
{
    for (int o = 16; o > 0; o >>= 1) {
        double q = __shfl_xor_sync(0xffffffffu, z, o);
        z = q > z ? q : z;
    }
    if ((threadIdx.x & 31) == 0 && z > 0.0)
        atomicMax(&a.acc.osc[st.par * a.S.n_lines + line], (unsigned long long)__double_as_longlong(z));
}

// The line update of first stage st (once every tile of it has run).
static __device__ __forceinline__ void fz_line(const fz_args &a, const hw_tile_stage &st, int l)
{
    unsigned long long *o = &a.acc.osc[st.par * a.S.n_lines + l];
    double osc = __longlong_as_double((long long)*o);
    *o = 0ull;
    if (hw_tile_line(&a.acc, &st, l, osc)) atomicMin(a.w.bad, a.S.n_segs + l);
}

// Tile ti of stage st; prev: the stage before (NULL in a call's first), whose points at this
// tile's line ends (and, in the line's first tile, whose line update) the tile finishes first.
static __device__ __forceinline__ void fz_tile(const fz_args &a, const hw_tile_stage &st,
                                               const hw_tile_stage *prev, int ti, hw_tile_smem &sm)
{
    hw_tile tl = a.tiles[ti];
    int tid = threadIdx.x, nt = blockDim.x;
    if (prev) {
        hw_tile_prologue(&a.S, &a.w, ti, tl, prev, tid, nt);
        if (prev->first && tl.a == 0 && tid == nt - 1) fz_line(a, *prev, tl.line);
        __syncthreads();
    }
    hw_tile_load(&a.S, tl, &st, &sm, tid, nt);
    __syncthreads();
    double z = hw_tile_segments(&a.S, &a.w, &a.acc, tl, &st, &sm, tid, nt);
    if (st.first) fz_osc(a, st, tl.line, z);
    __syncthreads();
    hw_tile_nodes(&a.S, tl, &st, &sm, tid, nt);
    __syncthreads(); // the block's next tile reuses the shared memory
}

static __device__ __forceinline__ void fz_point_or_line(const fz_args &a, const hw_tile_stage &st, int i)
{
    if (i < a.S.n_points) hw_tile_point(&a.S, &a.w, &st, i);
    else if (st.first && i < a.S.n_points + a.S.n_lines) fz_line(a, st, i - a.S.n_points);
}

__global__ void __launch_bounds__(HW_TILE_NODES) k_fz_tiles(fz_args a, hw_tile_stage st, hw_tile_stage prev,
                                                            int has_prev)
{
    __shared__ hw_tile_smem sm;
    fz_tile(a, st, has_prev ? &prev : NULL, blockIdx.x, sm);
}

__global__ void k_fz_points(fz_args a, hw_tile_stage st)
{
    fz_point_or_line(a, st, blockIdx.x * blockDim.x + threadIdx.x);
}

__global__ void __launch_bounds__(HW_TILE_NODES, 1)
    k_fz_persistent(fz_args a, hw_tile_bufs B, int integ, double t0, long long k0, double dt, int n)
{
    __shared__ hw_tile_smem sm;
    cooperative_groups::grid_group g = cooperative_groups::this_grid();
    hw_tile_stage st, prev;
    int has_prev = 0;
    for (int k = 0; k < n; k++) {
        double t = HW_TILE_ADD(t0, HW_TILE_MUL((double)(k0 + k), dt));
        for (int s = 0; s < hw_tile_n_stages(integ); s++) {
            hw_tile_stage_of(integ, t, dt, &B, k & 1, s, &st);
            for (int ti = blockIdx.x; ti < a.n_tiles; ti += gridDim.x) fz_tile(a, st, has_prev ? &prev : NULL, ti, sm);
            g.sync();
            prev = st;
            has_prev = 1;
        }
    }
    int np = a.S.n_points + a.S.n_lines;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < np; i += gridDim.x * blockDim.x)
        fz_point_or_line(a, prev, i);
}

static int fz_plan(hw_fused *f, const hw_lm_sys *h)
{
    f->n_tiles = hw_tile_plan(h, NULL);
    hw_tile *t = (hw_tile *)malloc((size_t)(f->n_tiles ? f->n_tiles : 1) * sizeof(hw_tile));
    if (!t) return -1;
    hw_tile_plan(h, t);
    if (f->d_tiles) cudaFree(f->d_tiles);
    f->d_tiles = NULL;
    int e = cudaMalloc((void **)&f->d_tiles, (size_t)(f->n_tiles ? f->n_tiles : 1) * sizeof(hw_tile)) != cudaSuccess ||
            cudaMemcpy(f->d_tiles, t, (size_t)f->n_tiles * sizeof(hw_tile), cudaMemcpyHostToDevice) != cudaSuccess;
    free(t);
    for (int l = 0; l < h->n_lines; l++) f->nseg[l] = h->ln_nseg[l];
    // the persistent form where every tile has its own resident block
    int dev = 0, sms = 0, per_sm = 0, coop = 0;
    f->persistent = 0;
    f->grid = 0;
    if (cudaGetDevice(&dev) == cudaSuccess &&
        cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev) == cudaSuccess && coop &&
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess &&
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k_fz_persistent, HW_TILE_NODES, 0) == cudaSuccess &&
        per_sm > 0) {
        int cap = sms * per_sm;
        f->grid = f->n_tiles < cap ? f->n_tiles : cap;
        f->persistent = f->mode == HW_FZ_PERSISTENT || (f->mode == HW_FZ_AUTO && f->n_tiles <= cap);
    }
    cudaGetLastError();
    return e ? -1 : 0;
}

void hw_fused_destroy(hw_fused *f)
{
    if (!f) return;
    if (f->d_tiles) cudaFree(f->d_tiles);
    if (f->d_x2) cudaFree(f->d_x2);
    if (f->d_alt) cudaFree(f->d_alt);
    if (f->d_small) cudaFree(f->d_small);
    if (f->d_osc) cudaFree(f->d_osc);
    free(f->nseg);
    free(f);
}

int hw_fused_choose(const hw_lm_sys *h, int with_node_forces, hw_fused **out, char *msg, size_t msg_len)
{
    *out = NULL;
    const char *v = getenv("HAWSER_CUDA_LUMPED");
    int mode;
    if (!v || !v[0] || !strcmp(v, "fused")) mode = HW_FZ_AUTO;
    else if (!strcmp(v, "fused-tiles")) mode = HW_FZ_TILES;
    else if (!strcmp(v, "fused-persistent")) mode = HW_FZ_PERSISTENT;
    else if (!strcmp(v, "baseline")) return 0;
    else {
        if (msg && msg_len)
            snprintf(msg, msg_len, "HAWSER_CUDA_LUMPED='%s': expected fused, fused-tiles, fused-persistent or "
                     "baseline (docs/gpu.md)", v);
        return -1;
    }
    const char *why = "";
    if (!hw_tile_covers(h, with_node_forces, &why)) {
        if (v && v[0] && !with_node_forces) // (the static solver's own backend never steps)
            fprintf(stderr, "hawser: HAWSER_CUDA_LUMPED=%s: the fused step does not cover this model (%s): the "
                    "baseline CUDA path runs it\n", v, why);
        return 0;
    }
    hw_fused *f = (hw_fused *)calloc(1, sizeof *f);
    if (f) f->nseg = (int *)calloc((size_t)(h->n_lines ? h->n_lines : 1), sizeof(int));
    size_t ny = hw_lm_ny(h), nl = (size_t)(h->n_lines ? h->n_lines : 1);
    if (!f || !f->nseg || cudaMalloc((void **)&f->d_x2, ny * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&f->d_alt, ny * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&f->d_small, 2 * 20 * nl * sizeof(double)) != cudaSuccess ||
        cudaMalloc((void **)&f->d_osc, 2 * nl * sizeof(unsigned long long)) != cudaSuccess ||
        cudaMemset(f->d_osc, 0, 2 * nl * sizeof(unsigned long long)) != cudaSuccess) {
        cudaGetLastError();
        hw_fused_destroy(f);
        if (msg && msg_len) snprintf(msg, msg_len, "CUDA backend: no memory for the fused step's buffers (two states)");
        return -2;
    }
    f->mode = mode;
    f->n_lines = h->n_lines;
    if (fz_plan(f, h)) {
        hw_fused_destroy(f);
        if (msg && msg_len) snprintf(msg, msg_len, "CUDA backend: no memory for the fused step's tile table");
        return -2;
    }
    *out = f;
    return 0;
}

int hw_fused_line_changed(hw_fused *f, const hw_lm_sys *h, int l)
{
    const char *why = "";
    if (!hw_tile_covers(h, 0, &why)) {
        fprintf(stderr, "hawser: the fused CUDA step stops covering the model (%s): the baseline path from now on\n", why);
        return 0;
    }
    if (h->ln_nseg[l] == f->nseg[l]) return 1;
    return fz_plan(f, h) == 0;
}

const char *hw_fused_form(const hw_fused *f) { return f->persistent ? "fused-persistent" : "fused-tiles"; }

static fz_args fz_make_args(const hw_fused *f, const hw_lm_sys *S, const hw_lm_work *w, const hw_lm_acc *acc)
{
    fz_args a;
    a.S = *S;
    a.w = *w;
    a.acc = *acc;
    a.acc.osc = f->d_osc;
    a.tiles = f->d_tiles;
    a.n_tiles = f->n_tiles;
    return a;
}

int hw_fused_step_n(hw_fused *f, const hw_lm_sys *S, const hw_lm_work *w, const hw_lm_acc *acc,
                    double *const *buf, size_t ny, int integ, double t0, long k0, double dt, int n)
{
    fz_args a = fz_make_args(f, S, w, acc);
    hw_tile_bufs B;
    size_t nl = (size_t)S->n_lines;
    B.y = buf[HW_BUF_Y];
    B.alt = f->d_alt;
    B.tmp = buf[HW_BUF_TMP];
    B.x2 = f->d_x2;
    for (int k = 0; k < 4; k++) B.k[k] = buf[HW_BUF_K1 + k];
    for (int k = 0; k < 2; k++) {
        B.end_f[k] = f->d_small + 20 * nl * k;
        B.end_m[k] = B.end_f[k] + 6 * nl;
        B.lnT[k] = B.end_f[k] + 18 * nl;
    }
    int np = S->n_points + S->n_lines, pblocks = (np + HW_FZ_POINT_BLOCK - 1) / HW_FZ_POINT_BLOCK;
    cudaError_t e = cudaSuccess;
    for (int done = 0; done < n && e == cudaSuccess;) {
        int m = n - done;
        if (f->persistent) {
            m = m < HW_FZ_CHUNK ? m : HW_FZ_CHUNK; // even: each launch starts from y
            long long kk = (long long)k0 + done;
            void *args[] = {&a, &B, &integ, &t0, &kk, &dt, &m};
            e = cudaLaunchCooperativeKernel((const void *)k_fz_persistent, dim3(f->grid), dim3(HW_TILE_NODES), args, 0, 0);
            if (e != cudaSuccess && done == 0) { // cannot start here: a launch per pass from now on
                cudaGetLastError();
                f->persistent = 0;
                e = cudaSuccess;
                continue;
            }
        } else {
            hw_tile_stage st, prev;
            memset(&prev, 0, sizeof prev);
            int has_prev = 0;
            for (int k = 0; k < m && e == cudaSuccess; k++) {
                double t = t0 + (double)(k0 + done + k) * dt;
                for (int s = 0; s < hw_tile_n_stages(integ); s++) {
                    hw_tile_stage_of(integ, t, dt, &B, k & 1, s, &st);
                    k_fz_tiles<<<f->n_tiles, HW_TILE_NODES>>>(a, st, prev, has_prev);
                    prev = st;
                    has_prev = 1;
                }
                e = cudaGetLastError();
            }
            if (e == cudaSuccess) {
                k_fz_points<<<pblocks, HW_FZ_POINT_BLOCK>>>(a, prev);
                e = cudaGetLastError();
            }
        }
        if (e == cudaSuccess) {
            // a launch of m steps ends in alt where m is odd: back to y, so the next starts there
            if ((m & 1) && cudaMemcpyAsync(B.y, B.alt, ny * sizeof(double), cudaMemcpyDeviceToDevice, 0) != cudaSuccess)
                return -2;
            done += m;
        } else if (done == 0) {
            cudaGetLastError();
            return -1;
        }
    }
    if (e != cudaSuccess) {
        cudaGetLastError();
        return -2;
    }
    return 0;
}
