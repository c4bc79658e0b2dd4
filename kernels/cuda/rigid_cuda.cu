// CUDA backend of the rigid-cylinder cable: the per-element and per-block bodies of
// kernels/rigid.h (one thread each) and the block cyclic reduction (BCR) of kernels/rigid_bcr.h
// for the block-tridiagonal system (J M^-1 J^T + diag(eps)) lambda = rhs, all cables at once.
//
// Per step (docs/gpu.md "Rigid cables"): elements, blocks (assembly), couplings, then per level
// a factor kernel over the level's odd rows and a reduce kernel over its even rows, the top, a
// back kernel per level, the update and one power sum per cable; every launch visits only the
// rows with work (the level lists of hw_rc_levels). The row kernels run six lanes per block row
// (lane j: row j of each 6x6): a thread block of 192 threads is 6 warps, warp j holding lane j of
// 32 consecutive list rows, so a warp's loads of one matrix entry are 32 rows of the
// structure-of-arrays A, L, U, b (entry-major: coalesced). The factor's lanes meet in shared
// memory (a barrier per column), the back substitution's once. No floating-point atomics: element
// and block powers are stored and summed per cable in a fixed order (hw_rc_power_sum); failures
// are int atomicMin per cable (first by index, as the CPU). The whole step is one CUDA graph
// (recaptured when the layout or the step changes); the cable table is uploaded only when it
// changed, and the one copy back per step (power and failure flags: what hw_rc_step needs) is
// part of the graph, into pinned memory. In waves the element kernel sums the wave components
// (kernels/physics/rigid.h hw_rc_element_sea: the same code as the CPU) at the step's start time,
// read from a device array (hw_rc_gpu.wav) that the graph's kernel parameters point to.
//
// HAWSER_CUDA_RIGID=hand|cublas (read at create): the level solve by the hand kernels above
// (default) or by cuBLAS batched LU (cublasDgetrfBatched / cublasDgetrsBatched on the level's
// odd rows, gathered into column-major 6x6 batches; the eliminations and back substitution
// right-hand sides stay the shared lane functions). cuBLAS is loaded with dlopen when that path is
// chosen, not linked: libcublasLt alone maps about 500 MB at load time, which every binary of the
// project would pay (and an address-space limit such as test_faults' 512 MiB would refuse).
//
// Status: compiled on every CUDA build; not yet run on a GPU (none was available to this work).
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "rigid_bcr.h"
#include "rigid_reel.h"
}

#define HW_RC_CUDA_BLOCK 128
#define HW_RC_ROWS_PER_BLOCK 32 // block rows per thread block of the row kernels (6 warps)

enum { RC_PATH_HAND = 0, RC_PATH_CUBLAS = 1 };

// The cuBLAS entry points the cublas path uses, from dlopen("libcublas.so.<major>").
typedef struct rc_cublas {
    void *lib;
    cublasStatus_t (*create)(cublasHandle_t *);
    cublasStatus_t (*destroy)(cublasHandle_t);
    cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t);
    cublasStatus_t (*getrf)(cublasHandle_t, int, double *const[], int, int *, int *, int);
    cublasStatus_t (*getrs)(cublasHandle_t, cublasOperation_t, int, int, const double *const[], int, const int *,
                            double *const[], int, int *, int);
} rc_cublas;

#define RC_STR2(x) #x
#define RC_STR(x) RC_STR2(x)

static int rc_cublas_load(rc_cublas *f, char *msg, size_t msg_len)
{
#ifndef HW_CUBLAS_DIR
#define HW_CUBLAS_DIR "/usr/local/cuda/lib64"
#endif
    // the loader's search path, then the toolkit the library was built with
    const char *names[] = {"libcublas.so." RC_STR(CUBLAS_VER_MAJOR),
                           HW_CUBLAS_DIR "/libcublas.so." RC_STR(CUBLAS_VER_MAJOR), "libcublas.so"};
    for (int k = 0; k < 3 && !f->lib; k++) f->lib = dlopen(names[k], RTLD_NOW | RTLD_LOCAL);
    if (!f->lib) {
        if (msg && msg_len)
            snprintf(msg, msg_len, "HAWSER_CUDA_RIGID=cublas: cannot load %s (%s)", names[0], dlerror());
        return -1;
    }
    *(void **)&f->create = dlsym(f->lib, "cublasCreate_v2");
    *(void **)&f->destroy = dlsym(f->lib, "cublasDestroy_v2");
    *(void **)&f->set_stream = dlsym(f->lib, "cublasSetStream_v2");
    *(void **)&f->getrf = dlsym(f->lib, "cublasDgetrfBatched");
    *(void **)&f->getrs = dlsym(f->lib, "cublasDgetrsBatched");
    if (!f->create || !f->destroy || !f->set_stream || !f->getrf || !f->getrs) {
        if (msg && msg_len) snprintf(msg, msg_len, "HAWSER_CUDA_RIGID=cublas: %s lacks a batched LU entry point", names[0]);
        return -1;
    }
    return 0;
}

struct hw_rc_gpu {
    hw_rc_sys S;      // device pointers (cab, st, the current profile)
    double *cur;      // the current profile's arrays on the device (or NULL)
    double *bathy;    // the bathymetry's arrays (x, y, depth) on the device (or NULL)
    double *wav;      // the wave components on the device (7 n: a w k cx cy ph e2kh; or NULL).
                      // A device array read through the cache, not constant memory: every
                      // element thread reads every component in the same order (a broadcast),
                      // and a rigid system has few elements
    int n_cables, n_elems, n_blocks;
    int *el_cable, *blk_cable;
    double *blk, *el;
    double *A, *L, *U, *b; // structure of arrays: 36, 36, 36, 6 entries per block, entry-major
    double *pe, *pb;  // element and block powers
    double *power;
    double *t_dev;    // env.t for the element pass (a graph parameter by address)
    double *tens;     // one number: a winch's tension (hw_rc_cuda_block_tension)
    int *bad;
    hw_rc_levels lv;  // host copy (offsets); the lists on the device:
    int *d_even, *d_odd, *d_pos;
    // pinned host memory: the cable table as last uploaded, the step's outputs, t
    hw_rc_cable *h_cab;
    double *h_power, *h_t;
    int *h_bad;
    double *end_lam, *h_end_lam; // per cable the end blocks' multipliers (A then B, 6 each) and axial
                                 // tensions (A, B), copied back with the step for the body ends and
                                 // reel winches (hw_rc_cuda_block_lambda, hw_rc_cuda_block_tension)
    int end_lam_fresh;           // h_end_lam holds the last solve's
    cudaStream_t stream;
    cudaGraphExec_t exec;
    double graph_h;
    int no_graph;     // capture failed once: launch the kernels directly
    int path;
    // cuBLAS path: per block (indexed by its place in the odd list) a 6x6 factor, a 6x12
    // right-hand side, their pointers, 6 pivots and an info word
    rc_cublas blas;
    cublasHandle_t cb;
    double *Fb, *Rb;
    double **Fptr, **Rptr;
    int *piv, *info;
};

static int grid(int n) { return (n + HW_RC_CUDA_BLOCK - 1) / HW_RC_CUDA_BLOCK; }
static int row_grid(int n) { return (n + HW_RC_ROWS_PER_BLOCK - 1) / HW_RC_ROWS_PER_BLOCK; }

__device__ static void flag_bad(int *bad, int where, int kind)
{
    atomicMin(bad, hw_rc_fail_code(where, kind));
}

__global__ void k_rc_elements(hw_rc_sys S, const double *t, const int *el_cable, double *el, double *pe)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= S.n_elems) return;
    S.env.t = *t;
    const hw_rc_cable *C = &S.cab[el_cable[e]];
    pe[e] = hw_rc_element_pass(&S, C, e - C->e0, el + (size_t)e * HW_RC_EL);
}

__global__ void k_rc_blocks(hw_rc_sys S, const int *blk_cable, double *blk, const double *el, hw_rc_bcr P,
                            double *pb, int *bad)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= S.n_blocks) return;
    int c = blk_cable[q];
    const hw_rc_cable *C = &S.cab[c];
    hw_rc_status st;
    st.kind = HW_RC_OK; st.where = -1; st.value = 0.0;
    hw_m6 Akk;
    hw_v6 rhs;
    pb[q] = hw_rc_block_assemble(&S, C, q - C->b0, el + (size_t)C->e0 * HW_RC_EL, blk + (size_t)q * HW_RC_BLK,
                                 &Akk, &rhs, &st);
    hw_rc_bcr_put(&P, (size_t)q, &Akk, &rhs);
    if (st.kind != HW_RC_OK) flag_bad(&bad[c], st.where, st.kind);
}

// L_k = A_{k,k-1} = C_{k-1}^T, U_k = A_{k,k+1} = C_k (zero at the cable's ends).
__global__ void k_rc_couplings(hw_rc_sys S, const int *blk_cable, const double *blk, const double *el, hw_rc_bcr P)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= S.n_blocks) return;
    const hw_rc_cable *C = &S.cab[blk_cable[q]];
    hw_rc_bcr_couple(&P, C, q - C->b0, blk, el);
}

// The lane and list row of a thread of a row kernel (192 threads: warp = lane).
__device__ static int row_of(int *lane)
{
    *lane = threadIdx.x / 32;
    return blockIdx.x * HW_RC_ROWS_PER_BLOCK + (threadIdx.x % 32);
}

// In-place Cholesky of the listed rows' diagonal blocks, six lanes per row in shared memory.
__global__ void __launch_bounds__(192) k_rc_factor(hw_rc_sys S, const int *blk_cable, const int *rows, int count,
                                                   hw_rc_bcr P, int *bad)
{
    __shared__ double F[36 * HW_RC_ROWS_PER_BLOCK];
    int lane, i = row_of(&lane), r = threadIdx.x % 32;
    int on = i < count, q = on ? rows[i] : 0;
    if (on)
        for (int m = 0; m < 6; m++) F[(6 * lane + m) * 32 + r] = HW_RC_BM(&P, P.A, q, 6 * lane + m);
    __syncthreads();
    double inv = 0.0;
    int fail = 0;
    for (int j = 0; j < 6; j++) {
        if (on && !fail) fail = hw_rc_chol_col(&F[r], 32, j, lane, &inv);
        __syncthreads();
    }
    if (on && !fail) hw_rc_chol_finish(&F[r], 32, lane, inv);
    __syncthreads();
    if (!on) return;
    for (int m = 0; m < 6; m++) HW_RC_BM(&P, P.A, q, 6 * lane + m) = F[(6 * lane + m) * 32 + r];
    if (fail && lane == 0) {
        int c = blk_cable[q];
        flag_bad(&bad[c], q - S.cab[c].b0, HW_RC_BAD_NOT_SPD);
    }
}

// The eliminations by the listed even rows at stride d. cublas: the neighbours' solves come from
// the cuBLAS right-hand sides R (per odd row, at its pos: columns 0-5 for the row above it,
// 6-11 for the row below), else from the factors in place in A.
__global__ void __launch_bounds__(192) k_rc_reduce(hw_rc_sys S, const int *blk_cable, const int *rows, int count,
                                                   int d, hw_rc_bcr P, const double *R, const int *pos)
{
    int lane, i = row_of(&lane);
    if (i >= count) return;
    int q = rows[i];
    const hw_rc_cable *C = &S.cab[blk_cable[q]];
    const double *sa = NULL, *sc = NULL;
    int k = q - C->b0;
    if (R) {
        if (k - d >= 0) sa = R + (size_t)pos[q - d] * 72 + 6 * lane;
        if (k + d <= C->n) sc = R + (size_t)pos[q + d] * 72 + 36 + 6 * lane;
    }
    hw_rc_bcr_reduce_lane(&P, C->b0, C->n + 1, k, d, lane, sa, sc);
}

// Back substitution of the listed odd rows at stride d (top: the rows 0), into the blocks' lambda
// slots. R == NULL: each lane's right-hand side entry to shared memory, then every lane solves
// with the factor in A and keeps its entry. R != NULL (cuBLAS), phase 0: the right-hand side into
// column 0 of R (getrs solves it), phase 1: the solution from R into lambda, and the LU's info.
__global__ void __launch_bounds__(192) k_rc_back(hw_rc_sys S, const int *blk_cable, const int *rows, int count,
                                                 int d, int top, hw_rc_bcr P, double *blk, double *R,
                                                 const int *pos, const int *info, int phase, int *bad)
{
    __shared__ double rs[6 * HW_RC_ROWS_PER_BLOCK];
    int lane, i = row_of(&lane), r = threadIdx.x % 32;
    int on = i < count, q = on ? rows[i] : 0;
    const hw_rc_cable *C = &S.cab[blk_cable[q]];
    double *x = blk + HW_RC_B_LAM;
    if (R) {
        if (!on) return;
        double *Rq = R + (size_t)pos[q] * 72;
        if (phase == 0) {
            Rq[lane] = hw_rc_bcr_back_rhs(&P, C->b0, C->n + 1, q - C->b0, d, top, x, HW_RC_BLK, lane);
        } else {
            x[(size_t)q * HW_RC_BLK + lane] = Rq[lane];
            if (lane == 0 && info[pos[q]] != 0) flag_bad(&bad[blk_cable[q]], q - C->b0, HW_RC_BAD_NOT_SPD);
        }
        return;
    }
    if (on) rs[lane * 32 + r] = hw_rc_bcr_back_rhs(&P, C->b0, C->n + 1, q - C->b0, d, top, x, HW_RC_BLK, lane);
    __syncthreads();
    if (!on) return;
    double y[6];
#pragma unroll
    for (int t = 0; t < 6; t++) y[t] = rs[t * 32 + r];
    hw_rc_chol_solve_at(&HW_RC_BM(&P, P.A, q, 0), P.es, y);
    double v = y[0];
#pragma unroll
    for (int t = 1; t < 6; t++) v = t == lane ? y[t] : v; // y stays in registers
    x[(size_t)q * HW_RC_BLK + lane] = v;
}

// cuBLAS path: the listed odd rows' diagonal blocks into column-major batches (F) and the
// right-hand sides of their neighbours' eliminations (R: columns j = row j of L_{p+d} when the
// row below exists, 6 + j = row j of U_{p-d}; zero otherwise). One thread per row and entry.
__global__ void k_rc_cb_gather(hw_rc_sys S, const int *blk_cable, const int *rows, int count, int d, int top,
                               hw_rc_bcr P, const int *pos, double *F, double *R)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count * 36) return;
    int i = t / 36, m = t % 36, q = rows[i];
    const hw_rc_cable *C = &S.cab[blk_cable[q]];
    hw_rc_bcr_gather(&P, C->b0, C->n + 1, q - C->b0, d, top, (size_t)pos[q], m, F, R);
}

// ---- reel winches (kernels/rigid_reel.h): an event re-lays the arrays on the device --------------

__global__ void k_rc_reel_plan(hw_rc_cable old, const double *st, int ne, int end, double l_nom, hw_v3 w,
                               int kind, hw_rc_reshape *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) *out = hw_rc_reel_plan(&old, st, ne, end, l_nom, w, kind);
}

__global__ void k_rc_relayout_st(const double *st, int ne, double *st2, int ne2, int at, int d, int last)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= ne2) return;
    int o = hw_rc_relayout_src(j, at, d, last);
    for (int q = 0; q < HW_RC_NS; q++) st2[(size_t)q * ne2 + j] = st[(size_t)q * ne + o];
}

__global__ void k_rc_relayout_blk(const double *blk, double *blk2, int nb2, int at, int d, int last)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nb2) return;
    int o = hw_rc_relayout_src(j, at, d, last);
    for (int r = 0; r < HW_RC_BLK; r++) blk2[(size_t)j * HW_RC_BLK + r] = blk[(size_t)o * HW_RC_BLK + r];
}

__global__ void k_rc_reel_put(double *st, int ne, int e0, const hw_rc_reshape *P)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    for (int k = 0; k < P->nput; k++) hw_rc_put_body(st, ne, e0 + P->put[k], &P->body[k]);
}

__global__ void k_rc_update(hw_rc_sys S, const int *el_cable, const double *blk, const double *el, double h,
                            int *bad)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= S.n_elems) return;
    int c = el_cable[e];
    const hw_rc_cable *C = &S.cab[c];
    int i = e - C->e0;
    if (!hw_rc_element_update(&S, C, i, blk + (size_t)C->b0 * HW_RC_BLK, el + (size_t)C->e0 * HW_RC_EL, h))
        flag_bad(&bad[c], i, HW_RC_BAD_NONFINITE);
}

// One thread block per cable: hw_rc_power_sum's partials and tree.
__global__ void __launch_bounds__(HW_RC_PSUM) k_rc_power(hw_rc_sys S, const double *pe, const double *pb, double *power)
{
    __shared__ double part[HW_RC_PSUM];
    const hw_rc_cable *C = &S.cab[blockIdx.x];
    int t = threadIdx.x;
    part[t] = hw_rc_power_part(pe + C->e0, pb + C->b0, C->n, t);
    __syncthreads();
    for (int w = HW_RC_PSUM / 2; w > 0; w /= 2) {
        if (t < w) part[t] += part[t + w];
        __syncthreads();
    }
    if (t == 0) power[blockIdx.x] = part[0];
}

__global__ void k_rc_tension(hw_rc_sys S, const double *blk, int c, int k, double *out)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    const hw_rc_cable *C = &S.cab[c];
    *out = hw_rc_block_tension_of(C, S.st, S.n_elems, blk + ((size_t)C->b0 + (size_t)k) * HW_RC_BLK, k);
}

// Per cable (RC_END_VALS each) the multipliers of its two end blocks (a body end's pull) and their
// axial tensions (a reel winch's).
#define RC_END_VALS 14
__global__ void k_rc_end_lams(hw_rc_sys S, const double *blk, double *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= S.n_cables * RC_END_VALS) return;
    const hw_rc_cable *C = &S.cab[t / RC_END_VALS];
    int v = t % RC_END_VALS, end = v < 12 ? v / 6 : v - 12, k = end ? C->n : 0;
    const double *B = blk + ((size_t)C->b0 + (size_t)k) * HW_RC_BLK;
    out[t] = v < 12 ? B[HW_RC_B_LAM + v % 6] : hw_rc_block_tension_of(C, S.st, S.n_elems, B, k);
}

__global__ void k_rc_reset(int n, int *bad)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < n) bad[c] = INT_MAX;
}

template <typename T>
static int dalloc(T **p, size_t n)
{
    *p = NULL;
    return cudaMalloc((void **)p, (n ? n : 1) * sizeof(T)) == cudaSuccess ? 0 : -1;
}

extern "C" int hw_rc_cuda_compiled(void) { return 1; }

static void graph_drop(hw_rc_gpu *g)
{
    if (g->exec) cudaGraphExecDestroy(g->exec);
    g->exec = NULL;
}

// The per-layout arrays (everything sized by elements or blocks but the state and the block
// scratch, which a reel event re-lays): freed and allocated for S, maps and level lists built on
// the host and uploaded. 0 or -1.
static void layout_free(hw_rc_gpu *g)
{
    cudaFree(g->el_cable); cudaFree(g->blk_cable); cudaFree(g->el); cudaFree(g->A); cudaFree(g->L);
    cudaFree(g->U); cudaFree(g->b); cudaFree(g->pe); cudaFree(g->pb); cudaFree(g->d_even); cudaFree(g->d_odd);
    cudaFree(g->d_pos); cudaFree(g->Fb); cudaFree(g->Rb); cudaFree(g->Fptr); cudaFree(g->Rptr); cudaFree(g->piv);
    cudaFree(g->info);
    g->el_cable = g->blk_cable = NULL; g->el = g->A = g->L = g->U = g->b = g->pe = g->pb = NULL;
    g->d_even = g->d_odd = g->d_pos = NULL; g->Fb = g->Rb = NULL; g->Fptr = g->Rptr = NULL;
    g->piv = g->info = NULL;
    hw_rc_levels_free(&g->lv);
    graph_drop(g);
}

static int layout_alloc(hw_rc_gpu *g, const hw_rc_sys *S)
{
    size_t ne = (size_t)S->n_elems, nb = (size_t)S->n_blocks;
    if (hw_rc_levels_build(S, &g->lv) != 0) return -1;
    int *el_cable = (int *)malloc((ne ? ne : 1) * sizeof(int)), *blk_cable = (int *)malloc((nb ? nb : 1) * sizeof(int));
    int ok = el_cable && blk_cable;
    for (int c = 0; ok && c < S->n_cables; c++) {
        const hw_rc_cable *C = &S->cab[c];
        for (int i = 0; i < C->n; i++) el_cable[C->e0 + i] = c;
        for (int k = 0; k <= C->n; k++) blk_cable[C->b0 + k] = c;
    }
    ok = ok && !dalloc(&g->el_cable, ne) && !dalloc(&g->blk_cable, nb) && !dalloc(&g->el, (size_t)HW_RC_EL * ne) &&
         !dalloc(&g->A, 36 * nb) && !dalloc(&g->L, 36 * nb) && !dalloc(&g->U, 36 * nb) && !dalloc(&g->b, 6 * nb) &&
         !dalloc(&g->pe, ne) && !dalloc(&g->pb, nb) && !dalloc(&g->d_even, (size_t)g->lv.n_even) &&
         !dalloc(&g->d_odd, (size_t)g->lv.n_odd) && !dalloc(&g->d_pos, nb);
    ok = ok && cudaMemcpy(g->el_cable, el_cable, ne * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->blk_cable, blk_cable, nb * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->d_even, g->lv.even, (size_t)g->lv.n_even * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->d_odd, g->lv.odd, (size_t)g->lv.n_odd * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->d_pos, g->lv.pos, nb * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess;
    free(el_cable);
    free(blk_cable);
    if (ok && g->path == RC_PATH_CUBLAS) {
        ok = !dalloc(&g->Fb, 36 * nb) && !dalloc(&g->Rb, 72 * nb) && !dalloc(&g->Fptr, nb) &&
             !dalloc(&g->Rptr, nb) && !dalloc(&g->piv, 6 * nb) && !dalloc(&g->info, nb);
        double **hp = ok ? (double **)malloc(2 * nb * sizeof(double *)) : NULL;
        ok = ok && hp;
        for (size_t i = 0; ok && i < nb; i++) { hp[i] = g->Fb + 36 * i; hp[nb + i] = g->Rb + 72 * i; }
        ok = ok && cudaMemcpy(g->Fptr, hp, nb * sizeof(double *), cudaMemcpyHostToDevice) == cudaSuccess &&
             cudaMemcpy(g->Rptr, hp + nb, nb * sizeof(double *), cudaMemcpyHostToDevice) == cudaSuccess;
        free(hp);
    }
    return ok ? 0 : -1;
}

extern "C" void hw_rc_cuda_destroy(hw_rc_gpu *g)
{
    if (!g) return;
    layout_free(g);
    cudaFree(g->S.cab); cudaFree(g->S.st); cudaFree(g->blk); cudaFree(g->power); cudaFree(g->bad);
    cudaFree(g->cur); cudaFree(g->bathy); cudaFree(g->wav); cudaFree(g->tens); cudaFree(g->t_dev); cudaFree(g->end_lam);
    cudaFreeHost(g->h_cab); cudaFreeHost(g->h_power); cudaFreeHost(g->h_bad); cudaFreeHost(g->h_t);
    cudaFreeHost(g->h_end_lam);
    if (g->cb) g->blas.destroy(g->cb);
    if (g->blas.lib) dlclose(g->blas.lib);
    if (g->stream) cudaStreamDestroy(g->stream);
    free(g);
}

extern "C" int hw_rc_cuda_create(const hw_rc_sys *S, hw_rc_gpu **out, char *msg, size_t msg_len)
{
    *out = NULL;
    const char *path = getenv("HAWSER_CUDA_RIGID");
    int cublas = path && !strcmp(path, "cublas");
    if (path && !cublas && strcmp(path, "hand") != 0) {
        if (msg && msg_len) snprintf(msg, msg_len, "HAWSER_CUDA_RIGID must be hand or cublas, got '%s'", path);
        return -1;
    }
    hw_rc_gpu *g = (hw_rc_gpu *)calloc(1, sizeof *g);
    if (!g) return -1;
    g->path = cublas ? RC_PATH_CUBLAS : RC_PATH_HAND;
    g->S = *S;
    g->n_cables = S->n_cables; g->n_elems = S->n_elems; g->n_blocks = S->n_blocks;
    size_t ne = (size_t)S->n_elems, nb = (size_t)S->n_blocks, nc = (size_t)S->n_cables;
    int ok = cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking) == cudaSuccess;
    if (ok && cublas) {
        if (rc_cublas_load(&g->blas, msg, msg_len) != 0) {
            hw_rc_cuda_destroy(g);
            return -1;
        }
        ok = g->blas.create(&g->cb) == CUBLAS_STATUS_SUCCESS &&
             g->blas.set_stream(g->cb, g->stream) == CUBLAS_STATUS_SUCCESS;
    }
    /* the current grid's arrays (x, y, z, t, ux, uy, uz: one block on the host, sea/current.c) */
    const hw_cur_grid *cg = &S->env.cg;
    size_t nval = cg->nz > 0 ? (size_t)cg->nz * cg->nt * cg->nx * cg->ny : 0;
    size_t ncur = cg->nz > 0 ? (size_t)cg->nx + cg->ny + cg->nz + cg->nt + 3 * nval : 0;
    double *dcur = NULL;
    if (ok && ncur) {
        ok = !dalloc(&dcur, ncur) &&
             cudaMemcpy(dcur, cg->x, ncur * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess;
        g->cur = dcur;
        hw_cur_grid *dg = &g->S.env.cg;
        dg->x = dcur;
        dg->y = dcur + (cg->y - cg->x);
        dg->z = dcur + (cg->z - cg->x);
        dg->t = dcur + (cg->t - cg->x);
        dg->ux = dcur + (cg->ux - cg->x);
        dg->uy = dcur + (cg->uy - cg->x);
        dg->uz = dcur + (cg->uz - cg->x);
    }
    /* the bathymetry's arrays (x, y, depth: one block on the host, rigid_sim.c) */
    size_t nbat = S->env.bnx > 0 ? (size_t)S->env.bnx + (size_t)S->env.bny + (size_t)S->env.bnx * S->env.bny : 0;
    if (ok && nbat) {
        ok = !dalloc(&g->bathy, nbat) &&
             cudaMemcpy(g->bathy, S->env.bx, nbat * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess;
        g->S.env.bx = g->bathy;
        g->S.env.by = g->bathy + (S->env.by - S->env.bx);
        g->S.env.bd = g->bathy + (S->env.bd - S->env.bx);
    }
    /* the wave components (S->env.wav: n each of a w k cx cy ph e2kh, host arrays) */
    int nw = S->env.wav.n;
    if (ok && nw > 0) {
        const double *src[7] = {S->env.wav.a, S->env.wav.w, S->env.wav.k, S->env.wav.cx, S->env.wav.cy,
                                S->env.wav.ph, S->env.wav.e2kh};
        ok = !dalloc(&g->wav, 7 * (size_t)nw);
        for (int q = 0; ok && q < 7; q++)
            ok = cudaMemcpy(g->wav + (size_t)q * nw, src[q], (size_t)nw * sizeof(double), cudaMemcpyHostToDevice) ==
                 cudaSuccess;
        if (ok) {
            double *d = g->wav;
            g->S.env.wav.a = d; g->S.env.wav.w = d + nw; g->S.env.wav.k = d + 2 * (size_t)nw;
            g->S.env.wav.cx = d + 3 * (size_t)nw; g->S.env.wav.cy = d + 4 * (size_t)nw;
            g->S.env.wav.ph = d + 5 * (size_t)nw; g->S.env.wav.e2kh = d + 6 * (size_t)nw;
        }
    }
    ok = ok && !dalloc(&g->S.cab, nc) && !dalloc(&g->S.st, (size_t)HW_RC_NS * ne) &&
         !dalloc(&g->blk, (size_t)HW_RC_BLK * nb) && !dalloc(&g->power, nc) && !dalloc(&g->bad, nc) &&
         !dalloc(&g->tens, 1) && !dalloc(&g->t_dev, 1) && !dalloc(&g->end_lam, RC_END_VALS * nc) &&
         cudaMallocHost((void **)&g->h_end_lam, (nc ? RC_END_VALS * nc : 1) * sizeof(double)) == cudaSuccess &&
         cudaMallocHost((void **)&g->h_cab, (nc ? nc : 1) * sizeof(hw_rc_cable)) == cudaSuccess &&
         cudaMallocHost((void **)&g->h_power, (nc ? nc : 1) * sizeof(double)) == cudaSuccess &&
         cudaMallocHost((void **)&g->h_bad, (nc ? nc : 1) * sizeof(int)) == cudaSuccess &&
         cudaMallocHost((void **)&g->h_t, sizeof(double)) == cudaSuccess;
    ok = ok && layout_alloc(g, S) == 0;
    if (ok) {
        memcpy(g->h_cab, S->cab, nc * sizeof(hw_rc_cable));
        g->h_t[0] = S->env.t;
    }
    ok = ok && cudaMemcpy(g->S.cab, S->cab, nc * sizeof(hw_rc_cable), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->S.st, S->st, (size_t)HW_RC_NS * ne * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->t_dev, g->h_t, sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemset(g->blk, 0, (size_t)HW_RC_BLK * nb * sizeof(double)) == cudaSuccess &&
         cudaDeviceSynchronize() == cudaSuccess; /* the legacy stream's memset before g->stream's work */
    if (!ok) {
        if (msg && msg_len) snprintf(msg, msg_len, "CUDA rigid backend: device allocation or copy failed (%s)",
                                     cudaGetErrorString(cudaGetLastError()));
        hw_rc_cuda_destroy(g);
        return -1;
    }
    *out = g;
    return 0;
}

// Uploads the cable table only when it changed since the last upload (ends that move, winches,
// loads); the time goes to the device with the step (a graph node reads h_t).
extern "C" int hw_rc_cuda_set_cables(hw_rc_gpu *g, const hw_rc_sys *S)
{
    g->h_t[0] = S->env.t;
    size_t bytes = (size_t)g->n_cables * sizeof(hw_rc_cable);
    if (!memcmp(g->h_cab, S->cab, bytes)) return 0;
    memcpy(g->h_cab, S->cab, bytes);
    return cudaMemcpyAsync(g->S.cab, g->h_cab, bytes, cudaMemcpyHostToDevice, g->stream) == cudaSuccess ? 0 : -1;
}

static hw_rc_bcr soa(const hw_rc_gpu *g)
{
    return hw_rc_bcr_make(g->A, g->L, g->U, g->b, 1, 1, (size_t)g->n_blocks);
}

// cuBLAS: LU of the odd rows [o0, o0 + n) of the odd list (their pos is their list index).
static void cb_factor_solve(hw_rc_gpu *g, int o0, int n, int nrhs)
{
    if (n <= 0) return;
    int hinfo = 0;
    g->blas.getrf(g->cb, 6, g->Fptr + o0, 6, g->piv + 6 * (size_t)o0, g->info + o0, n);
    if (nrhs)
        g->blas.getrs(g->cb, CUBLAS_OP_N, 6, nrhs, (const double *const *)(g->Fptr + o0), 6, g->piv + 6 * (size_t)o0,
                      g->Rptr + o0, 6, &hinfo, n);
}

// cuBLAS: the back substitution of the odd rows [o0, o0 + n) (factored at their level).
static void cb_back(hw_rc_gpu *g, const hw_rc_sys &S, const int *rows, int o0, int n, int d, int top, hw_rc_bcr P)
{
    if (n <= 0) return;
    int hinfo = 0;
    k_rc_back<<<row_grid(n), 192, 0, g->stream>>>(S, g->blk_cable, rows, n, d, top, P, g->blk, g->Rb, g->d_pos,
                                                  g->info, 0, g->bad);
    g->blas.getrs(g->cb, CUBLAS_OP_N, 6, 1, (const double *const *)(g->Fptr + o0), 6, g->piv + 6 * (size_t)o0,
                  g->Rptr + o0, 6, &hinfo, n);
    k_rc_back<<<row_grid(n), 192, 0, g->stream>>>(S, g->blk_cable, rows, n, d, top, P, g->blk, g->Rb, g->d_pos,
                                                  g->info, 1, g->bad);
}

// The step's kernels on g->stream: loads, the block system and its solve (the multipliers into
// blk), then (update) the semi-implicit Euler update, the power sums and the copy back.
static void enqueue(hw_rc_gpu *g, double h, int update)
{
    hw_rc_sys S = g->S;
    hw_rc_bcr P = soa(g);
    const hw_rc_levels *lv = &g->lv;
    int ne = g->n_elems, nb = g->n_blocks, nc = g->n_cables, cub = g->path == RC_PATH_CUBLAS;
    cudaStream_t s = g->stream;
    cudaMemcpyAsync(g->t_dev, g->h_t, sizeof(double), cudaMemcpyHostToDevice, s);
    k_rc_reset<<<grid(nc), HW_RC_CUDA_BLOCK, 0, s>>>(nc, g->bad);
    k_rc_elements<<<grid(ne), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->t_dev, g->el_cable, g->el, g->pe);
    k_rc_blocks<<<grid(nb), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->blk_cable, g->blk, g->el, P, g->pb, g->bad);
    k_rc_couplings<<<grid(nb), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->blk_cable, g->blk, g->el, P);
    for (int l = 0; l < lv->n_levels; l++) {
        int o0 = lv->off_odd[l], no = lv->off_odd[l + 1] - o0, e0 = lv->off_even[l], nev = lv->off_even[l + 1] - e0;
        const int *odd = g->d_odd + o0, *even = g->d_even + e0;
        if (cub) {
            if (no > 0)
                k_rc_cb_gather<<<grid(36 * no), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->blk_cable, odd, no, 1 << l, 0, P,
                                                                          g->d_pos, g->Fb, g->Rb);
            cb_factor_solve(g, o0, no, 12);
        } else if (no > 0) {
            k_rc_factor<<<row_grid(no), 192, 0, s>>>(S, g->blk_cable, odd, no, P, g->bad);
        }
        if (nev > 0)
            k_rc_reduce<<<row_grid(nev), 192, 0, s>>>(S, g->blk_cable, even, nev, 1 << l, P, cub ? g->Rb : NULL,
                                                      g->d_pos);
    }
    int t0 = lv->off_odd[lv->n_levels];
    const int *tops = g->d_odd + t0;
    if (cub) {
        k_rc_cb_gather<<<grid(36 * nc), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->blk_cable, tops, nc, 0, 1, P, g->d_pos,
                                                                  g->Fb, g->Rb);
        cb_factor_solve(g, t0, nc, 0);
        cb_back(g, S, tops, t0, nc, 0, 1, P);
    } else {
        k_rc_factor<<<row_grid(nc), 192, 0, s>>>(S, g->blk_cable, tops, nc, P, g->bad);
        k_rc_back<<<row_grid(nc), 192, 0, s>>>(S, g->blk_cable, tops, nc, 0, 1, P, g->blk, NULL, NULL, NULL, 0,
                                               g->bad);
    }
    for (int l = lv->n_levels - 1; l >= 0; l--) {
        int o0 = lv->off_odd[l], no = lv->off_odd[l + 1] - o0;
        const int *odd = g->d_odd + o0;
        if (no <= 0) continue;
        if (cub) cb_back(g, S, odd, o0, no, 1 << l, 0, P);
        else
            k_rc_back<<<row_grid(no), 192, 0, s>>>(S, g->blk_cable, odd, no, 1 << l, 0, P, g->blk, NULL, NULL, NULL,
                                                   0, g->bad);
    }
    if (!update) return;
    k_rc_update<<<grid(ne), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->el_cable, g->blk, g->el, h, g->bad);
    k_rc_power<<<nc, HW_RC_PSUM, 0, s>>>(S, g->pe, g->pb, g->power);
    cudaMemcpyAsync(g->h_power, g->power, (size_t)nc * sizeof(double), cudaMemcpyDeviceToHost, s);
    cudaMemcpyAsync(g->h_bad, g->bad, (size_t)nc * sizeof(int), cudaMemcpyDeviceToHost, s);
    k_rc_end_lams<<<grid(RC_END_VALS * nc), HW_RC_CUDA_BLOCK, 0, s>>>(S, g->blk, g->end_lam);
    cudaMemcpyAsync(g->h_end_lam, g->end_lam, RC_END_VALS * (size_t)nc * sizeof(double), cudaMemcpyDeviceToHost, s);
}

// Captures the step for step size h into g->exec; on any failure the step runs unrecorded.
static void graph_capture(hw_rc_gpu *g, double h)
{
    graph_drop(g);
    cudaGraph_t graph = NULL;
    if (cudaStreamBeginCapture(g->stream, cudaStreamCaptureModeThreadLocal) != cudaSuccess) {
        cudaGetLastError();
        g->no_graph = 1;
        return;
    }
    enqueue(g, h, 1);
    if (cudaStreamEndCapture(g->stream, &graph) != cudaSuccess || !graph ||
        cudaGraphInstantiate(&g->exec, graph, 0) != cudaSuccess) {
        cudaGetLastError();
        g->exec = NULL;
        g->no_graph = 1;
    }
    if (graph) cudaGraphDestroy(graph);
    g->graph_h = h;
}

extern "C" int hw_rc_cuda_step(hw_rc_gpu *g, double h, double *power, hw_rc_status *bad)
{
    int nc = g->n_cables;
    if (!g->no_graph && (!g->exec || g->graph_h != h)) graph_capture(g, h);
    if (g->exec) cudaGraphLaunch(g->exec, g->stream);
    else enqueue(g, h, 1);
    if (cudaStreamSynchronize(g->stream) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        bad->kind = HW_RC_BAD_NONFINITE; bad->where = -1; bad->value = 0.0;
        g->end_lam_fresh = 0;
        return 0;
    }
    g->end_lam_fresh = 1;
    memcpy(power, g->h_power, (size_t)nc * sizeof(double));
    for (int c = 0; c < nc; c++)
        if (g->h_bad[c] != INT_MAX) {
            bad->kind = g->h_bad[c] % 4; bad->where = g->h_bad[c] / 4; bad->value = 0.0;
            return c;
        }
    return -1;
}

extern "C" int hw_rc_cuda_download(hw_rc_gpu *g, double *st, double *blk)
{
    size_t ne = (size_t)g->n_elems, nb = (size_t)g->n_blocks;
    if (st && cudaMemcpyAsync(st, g->S.st, (size_t)HW_RC_NS * ne * sizeof(double), cudaMemcpyDeviceToHost, g->stream) != cudaSuccess) return -1;
    if (blk && cudaMemcpyAsync(blk, g->blk, (size_t)HW_RC_BLK * nb * sizeof(double), cudaMemcpyDeviceToHost, g->stream) != cudaSuccess) return -1;
    return cudaStreamSynchronize(g->stream) == cudaSuccess ? 0 : -1;
}

extern "C" int hw_rc_cuda_reel_event(hw_rc_gpu *g, const hw_rc_sys *S, int c, const hw_rc_cable *old, int end,
                                     double l_nom, const double w[3], int kind)
{
    int ne = g->n_elems, ne2 = S->n_elems, nb2 = S->n_blocks;
    cudaStream_t s = g->stream;
    hw_rc_reshape *dP = NULL;
    double *st2 = NULL, *blk2 = NULL;
    if (dalloc(&dP, 1) || dalloc(&st2, (size_t)HW_RC_NS * ne2) || dalloc(&blk2, (size_t)HW_RC_BLK * nb2)) {
        cudaFree(dP); cudaFree(st2); cudaFree(blk2);
        return -1;
    }
    (void)c;
    // plan from the old state (the old entry of the cable by value), then re-lay and write
    k_rc_reel_plan<<<1, 1, 0, s>>>(*old, g->S.st, ne, end, l_nom, hw_v3_make(w[0], w[1], w[2]), kind, dP);
    hw_rc_reshape P = hw_rc_reel_layout(old, end, l_nom, kind);
    int d = kind, E = old->e0 + P.e_at, B = old->b0 + P.b_at;
    k_rc_relayout_st<<<grid(ne2), HW_RC_CUDA_BLOCK, 0, s>>>(g->S.st, ne, st2, ne2, E, d, old->e0 + old->n);
    k_rc_relayout_blk<<<grid(nb2), HW_RC_CUDA_BLOCK, 0, s>>>(g->blk, blk2, nb2, B, d, old->b0 + old->n + 1);
    k_rc_reel_put<<<1, 1, 0, s>>>(st2, ne2, old->e0, dP);
    if (cudaStreamSynchronize(s) != cudaSuccess) return -1;
    cudaFree(dP);
    cudaFree(g->S.st); cudaFree(g->blk);
    g->S.st = st2; g->blk = blk2;
    layout_free(g);
    g->end_lam_fresh = 0;
    g->n_elems = g->S.n_elems = ne2;
    g->n_blocks = g->S.n_blocks = nb2;
    if (layout_alloc(g, S) != 0 || hw_rc_cuda_set_cables(g, S) != 0) return -1;
    enqueue(g, 0.0, 0); // the multipliers of the new layout at the current state, for the outputs
    return cudaStreamSynchronize(s) == cudaSuccess && cudaGetLastError() == cudaSuccess ? 0 : -1;
}

extern "C" int hw_rc_cuda_block_tension(hw_rc_gpu *g, int c, int k, double *t)
{
    if (g->end_lam_fresh && c >= 0 && c < g->n_cables && (k == 0 || k == g->h_cab[c].n)) {
        *t = g->h_end_lam[RC_END_VALS * (size_t)c + 12 + (k ? 1 : 0)]; // copied back with the step
        return 0;
    }
    k_rc_tension<<<1, 1, 0, g->stream>>>(g->S, g->blk, c, k, g->tens);
    if (cudaMemcpyAsync(g->h_power, g->tens, sizeof(double), cudaMemcpyDeviceToHost, g->stream) != cudaSuccess ||
        cudaStreamSynchronize(g->stream) != cudaSuccess)
        return -1;
    *t = g->h_power[0];
    return 0;
}

extern "C" int hw_rc_cuda_block_lambda(hw_rc_gpu *g, int q, double *lam)
{
    if (q < 0 || q >= g->n_blocks) return -1;
    for (int c = 0; g->end_lam_fresh && c < g->n_cables; c++) { // an end block: copied back with the step
        const hw_rc_cable *C = &g->h_cab[c];
        if (q != C->b0 && q != C->b0 + C->n) continue;
        memcpy(lam, g->h_end_lam + RC_END_VALS * (size_t)c + (q == C->b0 ? 0 : 6), 6 * sizeof(double));
        return 0;
    }
    return cudaMemcpyAsync(lam, g->blk + (size_t)q * HW_RC_BLK + HW_RC_B_LAM, 6 * sizeof(double),
                           cudaMemcpyDeviceToHost, g->stream) == cudaSuccess &&
                   cudaStreamSynchronize(g->stream) == cudaSuccess ? 0 : -1;
}
