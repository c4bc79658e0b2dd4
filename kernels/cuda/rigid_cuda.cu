// CUDA backend of the rigid-cylinder cable: the per-element and per-block bodies of
// kernels/rigid.h (one thread each) and a parallel block cyclic reduction (BCR) per cable for the
// block-tridiagonal system (J M^-1 J^T + diag(eps)) lambda = rhs, all cables at once.
//
// BCR, per cable with M = n + 1 block rows (L_k couples row k to row k - d, U_k to k + d at the
// level of stride d; L_0 and U_{M-1} are zero):
//   reduce, d = 1, 2, 4, ... < M: every row k with k % (2d) == 0 eliminates its neighbours
//     k -+ d (odd multiples of d): a = -L_k A_{k-d}^-1, c = -U_k A_{k+d}^-1,
//     A_k += a U_{k-d} + c L_{k+d},  b_k += a b_{k-d} + c b_{k+d},  L_k = a L_{k-d},  U_k = c U_{k+d}
//   top: x_0 = A_0^-1 b_0
//   back, d from the top level down to 1: rows k with k % (2d) == d:
//     x_k = A_k^-1 (b_k - L_k x_{k-d} - U_k x_{k+d})
// Each level reads only rows it does not write, so a level is one kernel without races. The
// reduced diagonal blocks are Schur complements of an SPD matrix, so every A^-1 is a 6x6
// Cholesky solve. Work O(M) per cable, depth O(log M): long cables parallelize over their
// blocks, many cables over cables.
//
// Status: compiled on every CUDA build; not yet run on a GPU (none was available to this work).
#include <cuda_runtime.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

extern "C" {
#include "rigid.h"
#include "rigid_reel.h"
}

#define HW_RC_CUDA_BLOCK 128

struct hw_rc_gpu {
    hw_rc_sys S;      // device pointers (cab, st, the current profile)
    double *cur;      // the current profile's arrays on the device (or NULL)
    int n_cables, n_elems, n_blocks, max_rows;
    int *el_cable, *blk_cable;
    double *blk, *el;
    double *A, *L, *U, *b; // per block: 36, 36, 36, 6
    double *power;
    double *tens;     // one number: a winch's tension (hw_rc_cuda_block_tension)
    int *bad;
    int *h_bad;
};

static int grid(int n) { return (n + HW_RC_CUDA_BLOCK - 1) / HW_RC_CUDA_BLOCK; }

__device__ static void flag_bad(int *bad, int where, int kind)
{
    atomicMin(bad, where * 4 + kind);
}

__global__ void k_rc_elements(hw_rc_sys S, const int *el_cable, double *el, double *power)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= S.n_elems) return;
    int c = el_cable[e];
    const hw_rc_cable *C = &S.cab[c];
    double p = hw_rc_element_pass(&S, C, e - C->e0, el + (size_t)e * HW_RC_EL);
    atomicAdd(&power[c], p);
}

__global__ void k_rc_blocks(hw_rc_sys S, const int *blk_cable, double *blk, const double *el,
                            double *A, double *b, double *power, int *bad)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= S.n_blocks) return;
    int c = blk_cable[q];
    const hw_rc_cable *C = &S.cab[c];
    hw_rc_status st;
    st.kind = HW_RC_OK; st.where = -1; st.value = 0.0;
    hw_m6 Akk;
    hw_v6 rhs;
    double p = hw_rc_block_assemble(&S, C, q - C->b0, el + (size_t)C->e0 * HW_RC_EL,
                                    blk + (size_t)q * HW_RC_BLK, &Akk, &rhs, &st);
    for (int k = 0; k < 36; k++) A[(size_t)q * 36 + k] = Akk.a[k];
    for (int r = 0; r < 6; r++) b[(size_t)q * 6 + r] = rhs.a[r];
    atomicAdd(&power[c], p);
    if (st.kind != HW_RC_OK) flag_bad(&bad[c], st.where, st.kind);
}

// L_q = A_{k,k-1} = C_{k-1}^T, U_q = A_{k,k+1} = C_k (zero at the cable's ends).
__global__ void k_rc_couplings(hw_rc_sys S, const int *blk_cable, const double *blk,
                               const double *el, double *L, double *U)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= S.n_blocks) return;
    const hw_rc_cable *C = &S.cab[blk_cable[q]];
    hw_rc_bcr_couple(C, q - C->b0, blk, el, L, U);
}

__global__ void k_rc_reduce(hw_rc_sys S, const int *blk_cable, int d, double *A, double *L,
                            double *U, double *b, int *bad)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= S.n_blocks) return;
    int c = blk_cable[q];
    const hw_rc_cable *C = &S.cab[c];
    int f = hw_rc_bcr_reduce(C, q - C->b0, d, A, L, U, b);
    if (f >= 0) flag_bad(&bad[c], f, HW_RC_BAD_NOT_SPD);
}

// x_k written into the block's lambda slot.
__global__ void k_rc_back(hw_rc_sys S, const int *blk_cable, int d, int top, const double *A,
                          const double *L, const double *U, const double *b, double *blk, int *bad)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= S.n_blocks) return;
    int c = blk_cable[q];
    const hw_rc_cable *C = &S.cab[c];
    int f = hw_rc_bcr_back(C, q - C->b0, d, top, A, L, U, b, blk + HW_RC_B_LAM, HW_RC_BLK);
    if (f >= 0) flag_bad(&bad[c], f, HW_RC_BAD_NOT_SPD);
}

__global__ void k_rc_update(hw_rc_sys S, const int *el_cable, const double *blk, const double *el,
                            double h, int *bad)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= S.n_elems) return;
    int c = el_cable[e];
    const hw_rc_cable *C = &S.cab[c];
    int i = e - C->e0;
    if (!hw_rc_element_update(&S, C, i, blk + (size_t)C->b0 * HW_RC_BLK, el + (size_t)C->e0 * HW_RC_EL, h))
        flag_bad(&bad[c], i, HW_RC_BAD_NONFINITE);
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

// one thread per cable writes its ranges of the element and block maps
__global__ void k_rc_maps(const hw_rc_cable *cab, int nc, int *el_cable, int *blk_cable)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nc) return;
    const hw_rc_cable *C = &cab[c];
    for (int i = 0; i < C->n; i++) el_cable[C->e0 + i] = c;
    for (int k = 0; k <= C->n; k++) blk_cable[C->b0 + k] = c;
}

__global__ void k_rc_tension(hw_rc_sys S, const double *blk, int c, int k, double *out)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    const hw_rc_cable *C = &S.cab[c];
    *out = hw_rc_block_tension_of(C, S.st, S.n_elems, blk + ((size_t)C->b0 + (size_t)k) * HW_RC_BLK, k);
}

__global__ void k_rc_reset(int n, int *bad, double *power)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < n) { bad[c] = INT_MAX; power[c] = 0.0; }
}

template <typename T>
static int dalloc(T **p, size_t n)
{
    *p = NULL;
    return cudaMalloc((void **)p, (n ? n : 1) * sizeof(T)) == cudaSuccess ? 0 : -1;
}

extern "C" int hw_rc_cuda_compiled(void) { return 1; }

extern "C" void hw_rc_cuda_destroy(hw_rc_gpu *g)
{
    if (!g) return;
    cudaFree(g->S.cab); cudaFree(g->S.st); cudaFree(g->el_cable); cudaFree(g->blk_cable);
    cudaFree(g->blk); cudaFree(g->el); cudaFree(g->A); cudaFree(g->L); cudaFree(g->U); cudaFree(g->b);
    cudaFree(g->power); cudaFree(g->bad); cudaFree(g->cur); cudaFree(g->tens);
    free(g->h_bad);
    free(g);
}

extern "C" int hw_rc_cuda_create(const hw_rc_sys *S, hw_rc_gpu **out, char *msg, size_t msg_len)
{
    *out = NULL;
    hw_rc_gpu *g = (hw_rc_gpu *)calloc(1, sizeof *g);
    if (!g) return -1;
    g->S = *S;
    g->n_cables = S->n_cables; g->n_elems = S->n_elems; g->n_blocks = S->n_blocks;
    size_t ne = (size_t)S->n_elems, nb = (size_t)S->n_blocks, nc = (size_t)S->n_cables;
    int *el_cable = (int *)malloc(ne * sizeof(int)), *blk_cable = (int *)malloc(nb * sizeof(int));
    g->h_bad = (int *)malloc(nc * sizeof(int));
    int ok = el_cable && blk_cable && g->h_bad;
    for (int c = 0; ok && c < S->n_cables; c++) {
        const hw_rc_cable *C = &S->cab[c];
        for (int i = 0; i < C->n; i++) el_cable[C->e0 + i] = c;
        for (int k = 0; k <= C->n; k++) blk_cable[C->b0 + k] = c;
        if (C->n + 1 > g->max_rows) g->max_rows = C->n + 1;
    }
    /* the current profile's arrays (z, t, ux, uy, uz: one block on the host) */
    size_t ncur = S->env.cnz > 0 ? (size_t)S->env.cnz * (1 + 3 * (S->env.cnt > 1 ? S->env.cnt : 1)) +
                                       (S->env.cnt > 1 ? (size_t)S->env.cnt : 1) : 0;
    double *dcur = NULL;
    if (ncur) {
        ok = ok && !dalloc(&dcur, ncur) &&
             cudaMemcpy(dcur, S->env.cz, ncur * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess;
        g->cur = dcur;
        g->S.env.cz = dcur;
        g->S.env.ct = dcur + (S->env.ct - S->env.cz);
        g->S.env.cux = dcur + (S->env.cux - S->env.cz);
        g->S.env.cuy = dcur + (S->env.cuy - S->env.cz);
        g->S.env.cuz = dcur + (S->env.cuz - S->env.cz);
    }
    ok = ok && !dalloc(&g->S.cab, nc) && !dalloc(&g->S.st, (size_t)HW_RC_NS * ne) &&
         !dalloc(&g->el_cable, ne) && !dalloc(&g->blk_cable, nb) &&
         !dalloc(&g->blk, (size_t)HW_RC_BLK * nb) && !dalloc(&g->el, (size_t)HW_RC_EL * ne) &&
         !dalloc(&g->A, 36 * nb) && !dalloc(&g->L, 36 * nb) && !dalloc(&g->U, 36 * nb) &&
         !dalloc(&g->b, 6 * nb) && !dalloc(&g->power, nc) && !dalloc(&g->bad, nc) && !dalloc(&g->tens, 1);
    ok = ok && cudaMemcpy(g->S.cab, S->cab, nc * sizeof(hw_rc_cable), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->S.st, S->st, (size_t)HW_RC_NS * ne * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->el_cable, el_cable, ne * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(g->blk_cable, blk_cable, nb * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemset(g->blk, 0, (size_t)HW_RC_BLK * nb * sizeof(double)) == cudaSuccess;
    free(el_cable);
    free(blk_cable);
    if (!ok) {
        if (msg && msg_len) snprintf(msg, msg_len, "CUDA rigid backend: device allocation or copy failed (%s)",
                                     cudaGetErrorString(cudaGetLastError()));
        hw_rc_cuda_destroy(g);
        return -1;
    }
    *out = g;
    return 0;
}

extern "C" int hw_rc_cuda_set_cables(hw_rc_gpu *g, const hw_rc_sys *S)
{
    g->S.env.t = S->env.t; /* passed to the kernels by value */
    return cudaMemcpy(g->S.cab, S->cab, (size_t)g->n_cables * sizeof(hw_rc_cable),
                      cudaMemcpyHostToDevice) == cudaSuccess ? 0 : -1;
}

// The loads, the block system and its solve (the multipliers into blk), without the update.
static void launch_solve(hw_rc_gpu *g)
{
    hw_rc_sys S = g->S;
    int ne = g->n_elems, nb = g->n_blocks, nc = g->n_cables;
    k_rc_reset<<<grid(nc), HW_RC_CUDA_BLOCK>>>(nc, g->bad, g->power);
    k_rc_elements<<<grid(ne), HW_RC_CUDA_BLOCK>>>(S, g->el_cable, g->el, g->power);
    k_rc_blocks<<<grid(nb), HW_RC_CUDA_BLOCK>>>(S, g->blk_cable, g->blk, g->el, g->A, g->b, g->power, g->bad);
    k_rc_couplings<<<grid(nb), HW_RC_CUDA_BLOCK>>>(S, g->blk_cable, g->blk, g->el, g->L, g->U);
    int d = 1;
    for (; d < g->max_rows; d *= 2)
        k_rc_reduce<<<grid(nb), HW_RC_CUDA_BLOCK>>>(S, g->blk_cable, d, g->A, g->L, g->U, g->b, g->bad);
    k_rc_back<<<grid(nb), HW_RC_CUDA_BLOCK>>>(S, g->blk_cable, 0, 1, g->A, g->L, g->U, g->b, g->blk, g->bad);
    for (d /= 2; d >= 1; d /= 2)
        k_rc_back<<<grid(nb), HW_RC_CUDA_BLOCK>>>(S, g->blk_cable, d, 0, g->A, g->L, g->U, g->b, g->blk, g->bad);
}

extern "C" int hw_rc_cuda_step(hw_rc_gpu *g, double h, double *power, hw_rc_status *bad)
{
    hw_rc_sys S = g->S;
    int ne = g->n_elems, nc = g->n_cables;
    launch_solve(g);
    k_rc_update<<<grid(ne), HW_RC_CUDA_BLOCK>>>(S, g->el_cable, g->blk, g->el, h, g->bad);
    if (cudaMemcpy(power, g->power, (size_t)nc * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess ||
        cudaMemcpy(g->h_bad, g->bad, (size_t)nc * sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) {
        bad->kind = HW_RC_BAD_NONFINITE; bad->where = -1; bad->value = 0.0;
        return 0;
    }
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
    if (st && cudaMemcpy(st, g->S.st, (size_t)HW_RC_NS * ne * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) return -1;
    if (blk && cudaMemcpy(blk, g->blk, (size_t)HW_RC_BLK * nb * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) return -1;
    return 0;
}

extern "C" int hw_rc_cuda_reel_event(hw_rc_gpu *g, const hw_rc_sys *S, int c, const hw_rc_cable *old, int end,
                                     double l_nom, const double w[3], int kind)
{
    int ne = g->n_elems, ne2 = S->n_elems, nb2 = S->n_blocks, nc = g->n_cables;
    hw_rc_reshape *dP = NULL;
    double *st2 = NULL, *blk2 = NULL, *el2 = NULL, *A2 = NULL, *L2 = NULL, *U2 = NULL, *b2 = NULL;
    int *elc2 = NULL, *blc2 = NULL;
    if (dalloc(&dP, 1) || dalloc(&st2, (size_t)HW_RC_NS * ne2) || dalloc(&blk2, (size_t)HW_RC_BLK * nb2) ||
        dalloc(&el2, (size_t)HW_RC_EL * ne2) || dalloc(&A2, 36 * (size_t)nb2) || dalloc(&L2, 36 * (size_t)nb2) ||
        dalloc(&U2, 36 * (size_t)nb2) || dalloc(&b2, 6 * (size_t)nb2) || dalloc(&elc2, (size_t)ne2) ||
        dalloc(&blc2, (size_t)nb2)) {
        cudaFree(dP); cudaFree(st2); cudaFree(blk2); cudaFree(el2); cudaFree(A2); cudaFree(L2); cudaFree(U2);
        cudaFree(b2); cudaFree(elc2); cudaFree(blc2);
        return -1;
    }
    // plan from the old state (the old entry of the cable by value), then re-lay and write
    k_rc_reel_plan<<<1, 1>>>(*old, g->S.st, ne, end, l_nom, hw_v3_make(w[0], w[1], w[2]), kind, dP);
    hw_rc_reshape P = hw_rc_reel_layout(old, end, l_nom, kind);
    int d = kind, E = old->e0 + P.e_at, B = old->b0 + P.b_at;
    k_rc_relayout_st<<<grid(ne2), HW_RC_CUDA_BLOCK>>>(g->S.st, ne, st2, ne2, E, d, old->e0 + old->n);
    k_rc_relayout_blk<<<grid(nb2), HW_RC_CUDA_BLOCK>>>(g->blk, blk2, nb2, B, d, old->b0 + old->n + 1);
    k_rc_reel_put<<<1, 1>>>(st2, ne2, old->e0, dP);
    cudaFree(dP);
    cudaFree(g->S.st); cudaFree(g->blk); cudaFree(g->el); cudaFree(g->A); cudaFree(g->L); cudaFree(g->U);
    cudaFree(g->b); cudaFree(g->el_cable); cudaFree(g->blk_cable);
    g->S.st = st2; g->blk = blk2; g->el = el2; g->A = A2; g->L = L2; g->U = U2; g->b = b2;
    g->el_cable = elc2; g->blk_cable = blc2;
    g->n_elems = g->S.n_elems = ne2;
    g->n_blocks = g->S.n_blocks = nb2;
    g->max_rows = 0;
    for (int k = 0; k < nc; k++)
        if (S->cab[k].n + 1 > g->max_rows) g->max_rows = S->cab[k].n + 1;
    if (hw_rc_cuda_set_cables(g, S) != 0) return -1;
    k_rc_maps<<<grid(nc), HW_RC_CUDA_BLOCK>>>(g->S.cab, nc, g->el_cable, g->blk_cable);
    launch_solve(g); // the multipliers of the new layout at the current state, for the outputs
    return cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess ? 0 : -1;
}

extern "C" int hw_rc_cuda_block_tension(hw_rc_gpu *g, int c, int k, double *t)
{
    k_rc_tension<<<1, 1>>>(g->S, g->blk, c, k, g->tens);
    return cudaMemcpy(t, g->tens, sizeof(double), cudaMemcpyDeviceToHost) == cudaSuccess ? 0 : -1;
}

extern "C" int hw_rc_cuda_block_lambda(hw_rc_gpu *g, int q, double *lam)
{
    if (q < 0 || q >= g->n_blocks) return -1;
    return cudaMemcpy(lam, g->blk + (size_t)q * HW_RC_BLK + HW_RC_B_LAM, 6 * sizeof(double),
                      cudaMemcpyDeviceToHost) == cudaSuccess ? 0 : -1;
}
