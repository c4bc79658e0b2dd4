/* Block cyclic reduction (BCR) of the rigid-cylinder cables' block-tridiagonal system, written as
 * per-block-row and per-lane work that the CUDA kernels (kernels/cuda/rigid_cuda.cu), the CPU's
 * long-cable path and the CPU emulation of the GPU step (kernels/cpu/rigid_cpu.c) all call: one
 * algorithm, the same arithmetic in the same order everywhere (bit-equal results).
 *
 * Per cable of M = n + 1 block rows (row k couples to k - d through L_k and to k + d through U_k
 * at the level of stride d; L_0 and U_{M-1} are zero):
 *   level d = 1, 2, 4, ... < M:
 *     factor: odd rows p (p % 2d == d): A_p = L L^T in place (strict lower L, diagonal 1 / L_jj)
 *     reduce: even rows k (k % 2d == 0): a = -L_k A_{k-d}^-1, c = -U_k A_{k+d}^-1,
 *             A_k += a U_{k-d} + c L_{k+d}, b_k += a b_{k-d} + c b_{k+d}, L_k = a L_{k-d},
 *             U_k = c U_{k+d}
 *   top: factor row 0, x_0 = A_0^-1 b_0
 *   back, d from the top level down: odd rows p: x_p = A_p^-1 (b_p - L_p x_{p-d} - U_p x_{p+d})
 * An odd row is factored once, at its level, and its factor serves both neighbours' reductions
 * and its own back substitution (it is not written between). The reduced diagonal blocks are Schur
 * complements of an SPD matrix, so every factor is a 6x6 Cholesky.
 *
 * Lanes: the work of a row is split over six lanes j = 0..5, lane j owning row j of each 6x6
 * (a warp per lane on the GPU: warp j of a thread block holds lane j of 32 block rows). The
 * reduction's lanes are independent; the factor's lanes exchange rows between columns (a
 * barrier per column), the back substitution's lanes exchange their right-hand side once.
 *
 * Storage (hw_rc_bcr): entry m (0..35, row-major) of row q's 6x6 at mat[q * ms + m * es], entry r
 * of its 6-vector at b[q * vs + r * es]. The GPU uses structure of arrays (es = number of blocks,
 * ms = vs = 1: a warp's 32 rows read consecutive addresses), the CPU array of structures
 * (es = 1, ms = 36, vs = 6: one row's blocks in a few cache lines). */
#ifndef HW_KERNELS_RIGID_BCR_H
#define HW_KERNELS_RIGID_BCR_H

#include "rigid.h"

typedef struct hw_rc_bcr {
    double *A, *L, *U, *b;
    size_t ms, vs, es;
} hw_rc_bcr;

HW_HD hw_rc_bcr hw_rc_bcr_make(double *A, double *L, double *U, double *b, size_t ms, size_t vs, size_t es)
{
    hw_rc_bcr P;
    P.A = A; P.L = L; P.U = U; P.b = b; P.ms = ms; P.vs = vs; P.es = es;
    return P;
}
/* entry m of row q's matrix in array X (P->A, P->L or P->U) */
#define HW_RC_BM(P, X, q, m) ((X)[(size_t)(q) * (P)->ms + (size_t)(m) * (P)->es])
#define HW_RC_BV(P, q, r) ((P)->b[(size_t)(q) * (P)->vs + (size_t)(r) * (P)->es])

/* The assembled diagonal block and right-hand side of row q. */
HW_HD void hw_rc_bcr_put(const hw_rc_bcr *P, size_t q, const hw_m6 *A, const hw_v6 *rhs)
{
    for (int m = 0; m < 36; m++) HW_RC_BM(P, P->A, q, m) = A->a[m];
    for (int r = 0; r < 6; r++) HW_RC_BV(P, q, r) = rhs->a[r];
}

/* L and U of block row k of cable C from the assembled blocks (C_k = A_{k,k+1}): U_k = C_k,
 * L_{k+1} = C_k^T; L_0 and U_n are zero. */
HW_HD void hw_rc_bcr_couple(const hw_rc_bcr *P, const hw_rc_cable *C, int k, const double *blk, const double *el)
{
    size_t q = (size_t)C->b0 + (size_t)k;
    hw_m6 Ck = hw_m6_zero();
    if (k < C->n)
        Ck = hw_rc_block_coupling(blk + q * HW_RC_BLK, blk + (q + 1) * HW_RC_BLK,
                                  el + ((size_t)C->e0 + (size_t)k) * HW_RC_EL);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            HW_RC_BM(P, P->U, q, 6 * i + j) = Ck.a[6 * i + j];
            if (k < C->n) HW_RC_BM(P, P->L, q + 1, 6 * j + i) = Ck.a[6 * i + j];
        }
    if (k == 0)
        for (int m = 0; m < 36; m++) HW_RC_BM(P, P->L, q, m) = 0.0;
}

/* Column j of the in-place Cholesky of the 6x6 at F (entry m at F[m * es]), lane i's part: lane
 * i > j writes L_ij, lane j keeps 1 / L_jj in *inv (hw_rc_chol_finish writes the diagonal after
 * the last column, so that no lane overwrites a diagonal entry another lane still reads). Every
 * lane computes the pivot, so all see a failure: returns 1 when it is not positive (or NaN).
 * Run for j = 0..5 with a barrier after each column; the result is hw_m6_chol's, bit for bit. */
HW_HD int hw_rc_chol_col(double *F, size_t es, int j, int i, double *inv)
{
    double d = F[(size_t)(7 * j) * es];
    for (int k = 0; k < j; k++) d -= F[(size_t)(6 * j + k) * es] * F[(size_t)(6 * j + k) * es];
    if (!(d > 0.0)) return 1;
    double v = 1.0 / sqrt(d);
    if (i == j) *inv = v;
    else if (i > j) {
        double s = F[(size_t)(6 * i + j) * es];
        for (int k = 0; k < j; k++) s -= F[(size_t)(6 * i + k) * es] * F[(size_t)(6 * j + k) * es];
        F[(size_t)(6 * i + j) * es] = s * v;
    }
    return 0;
}
HW_HD void hw_rc_chol_finish(double *F, size_t es, int i, double inv) { F[(size_t)(7 * i) * es] = inv; }

/* Solves L L^T y = x with the factor at F (hw_rc_chol_col's), in place in x: hw_m6_chol_solve's
 * operations in its order. */
HW_HD void hw_rc_chol_solve_at(const double *F, size_t es, double *x)
{
    HW_RC_UNROLL
    for (int i = 0; i < 6; i++) {
        double s = x[i];
        HW_RC_UNROLL
        for (int k = 0; k < i; k++) s -= F[(size_t)(6 * i + k) * es] * x[k];
        x[i] = s * F[(size_t)(7 * i) * es];
    }
    HW_RC_UNROLL
    for (int i = 5; i >= 0; i--) {
        double s = x[i];
        HW_RC_UNROLL
        for (int k = i + 1; k < 6; k++) s -= F[(size_t)(6 * k + i) * es] * x[k];
        x[i] = s * F[(size_t)(7 * i) * es];
    }
}

/* The sequential factor of one 6x6 block F (entry stride es) in place: the lanes' columns one
 * after the other. Returns 1 when the block is not positive definite. */
HW_HD int hw_rc_chol6(double *F, size_t es)
{
    double inv[6];
    for (int j = 0; j < 6; j++)
        for (int i = 0; i < 6; i++)
            if (hw_rc_chol_col(F, es, j, i, &inv[i])) return 1;
    for (int i = 0; i < 6; i++) hw_rc_chol_finish(F, es, i, inv[i]);
    return 0;
}

/* The factor of row q in place (the CPU's). */
HW_HD int hw_rc_bcr_factor_row(const hw_rc_bcr *P, size_t q)
{
    return hw_rc_chol6(&HW_RC_BM(P, P->A, q, 0), P->es);
}

/* Lane j of the elimination by row k of its neighbour p = k -+ d (side 0: p = k - d, coefficient
 * row j of a = -L_k A_p^-1, whose negative x the caller has solved; side 1: p = k + d, c and U_k):
 * adds row j of the coefficient times U_p (side 0) or L_p (side 1) to Arow, its product with
 * b_p to *bj, and returns row j of the new L_k (side 0: a L_p) or U_k (side 1: c U_p) in out. */
HW_HD void hw_rc_bcr_apply_lane(const hw_rc_bcr *P, size_t p, int side, const double *x, double *Arow,
                                double *bj, double *out)
{
    double a[6];
    for (int t = 0; t < 6; t++) a[t] = -x[t];
    const double *X = side ? P->L : P->U, *Y = side ? P->U : P->L;
    for (int m = 0; m < 6; m++) {
        double s = 0.0;
        for (int t = 0; t < 6; t++) s += a[t] * HW_RC_BM(P, X, p, 6 * t + m);
        Arow[m] += s;
    }
    double s = 0.0;
    for (int t = 0; t < 6; t++) s += a[t] * HW_RC_BV(P, p, t);
    *bj += s;
    for (int m = 0; m < 6; m++) {
        double u = 0.0;
        for (int t = 0; t < 6; t++) u += a[t] * HW_RC_BM(P, Y, p, 6 * t + m);
        out[m] = u;
    }
}

/* Lane j of the reduction of even row k (< M rows) of a cable whose first block is b0, at stride
 * d: row j of A_k, b_k, L_k and U_k. The neighbours' solves A_p^-1 (row j of L_k or U_k) come from
 * their factors in place in A, or, where sa / sc are given (the cuBLAS path), are read from there
 * (6 values each). The lane reads only its own row j of row k's blocks and the neighbours' (odd
 * rows, not written at this level): the six lanes need no barrier. */
HW_HD void hw_rc_bcr_reduce_lane(const hw_rc_bcr *P, int b0, int M, int k, int d, int j, const double *sa,
                                 const double *sc)
{
    size_t q = (size_t)b0 + (size_t)k;
    double Arow[6], bj = HW_RC_BV(P, q, j), nL[6], nU[6], x[6];
    for (int m = 0; m < 6; m++) { Arow[m] = HW_RC_BM(P, P->A, q, 6 * j + m); nL[m] = 0.0; nU[m] = 0.0; }
    if (k - d >= 0) {
        size_t p = q - (size_t)d;
        if (sa) {
            for (int t = 0; t < 6; t++) x[t] = sa[t];
        } else {
            for (int t = 0; t < 6; t++) x[t] = HW_RC_BM(P, P->L, q, 6 * j + t);
            hw_rc_chol_solve_at(&HW_RC_BM(P, P->A, p, 0), P->es, x);
        }
        hw_rc_bcr_apply_lane(P, p, 0, x, Arow, &bj, nL);
    }
    if (k + d < M) {
        size_t p = q + (size_t)d;
        if (sc) {
            for (int t = 0; t < 6; t++) x[t] = sc[t];
        } else {
            for (int t = 0; t < 6; t++) x[t] = HW_RC_BM(P, P->U, q, 6 * j + t);
            hw_rc_chol_solve_at(&HW_RC_BM(P, P->A, p, 0), P->es, x);
        }
        hw_rc_bcr_apply_lane(P, p, 1, x, Arow, &bj, nU);
    }
    for (int m = 0; m < 6; m++) {
        HW_RC_BM(P, P->A, q, 6 * j + m) = Arow[m];
        HW_RC_BM(P, P->L, q, 6 * j + m) = nL[m];
        HW_RC_BM(P, P->U, q, 6 * j + m) = nU[m];
    }
    HW_RC_BV(P, q, j) = bj;
}

/* Lane j of the back substitution's right-hand side of odd row k at stride d (top: row 0 after the
 * last level, no neighbours): b_k - L_k x_{k-d} - U_k x_{k+d}, entry j. x: the multipliers, stride
 * xs per block row (the blocks' lambda slots). */
HW_HD double hw_rc_bcr_back_rhs(const hw_rc_bcr *P, int b0, int M, int k, int d, int top,
                                const double *x, size_t xs, int j)
{
    size_t q = (size_t)b0 + (size_t)k;
    double r = HW_RC_BV(P, q, j);
    if (!top) {
        const double *xm = x + (q - (size_t)d) * xs;
        double s = 0.0;
        HW_RC_UNROLL
        for (int t = 0; t < 6; t++) s += HW_RC_BM(P, P->L, q, 6 * j + t) * xm[t];
        r -= s;
        if (k + d < M) {
            const double *xp = x + (q + (size_t)d) * xs;
            s = 0.0;
            for (int t = 0; t < 6; t++) s += HW_RC_BM(P, P->U, q, 6 * j + t) * xp[t];
            r -= s;
        }
    }
    return r;
}

/* The back substitution of row k on one thread (the CPU's): the six lanes' right-hand side, one
 * solve (the GPU's lanes each solve it and keep their entry: the same numbers). */
HW_HD void hw_rc_bcr_back_row(const hw_rc_bcr *P, int b0, int M, int k, int d, int top, double *x, size_t xs)
{
    double r[6];
    for (int j = 0; j < 6; j++) r[j] = hw_rc_bcr_back_rhs(P, b0, M, k, d, top, x, xs, j);
    hw_rc_chol_solve_at(&HW_RC_BM(P, P->A, (size_t)b0 + (size_t)k, 0), P->es, r);
    for (int j = 0; j < 6; j++) x[((size_t)b0 + (size_t)k) * xs + (size_t)j] = r[j];
}

/* cuBLAS path, entry m (0..35) of odd row k (at stride d; top: a row 0 after the last level) whose
 * batch slot is `at`: its diagonal block into F (36 per slot, column-major as cuBLAS reads it)
 * and, below the top, the right-hand sides of its neighbours' eliminations into R (72 per slot,
 * column-major 6 x 12): column j = row j of L_{k+d} (zero when row k + d does not exist), column
 * 6 + j = row j of U_{k-d}. After getrs, R holds the solves hw_rc_bcr_reduce_lane takes as sa
 * (row k + d's, columns 0-5) and sc (row k - d's, columns 6-11). */
HW_HD void hw_rc_bcr_gather(const hw_rc_bcr *P, int b0, int M, int k, int d, int top, size_t at, int m, double *F,
                            double *R)
{
    size_t q = (size_t)b0 + (size_t)k;
    int rr = m / 6, cc = m % 6;
    F[at * 36 + (size_t)(cc * 6 + rr)] = HW_RC_BM(P, P->A, q, m);
    if (top) return;
    R[at * 72 + (size_t)(rr * 6 + cc)] = k + d < M ? HW_RC_BM(P, P->L, q + (size_t)d, m) : 0.0;
    R[at * 72 + 36 + (size_t)(rr * 6 + cc)] = HW_RC_BM(P, P->U, q - (size_t)d, m);
}

/* Power sums per cable in a fixed order, the same on every backend and for any thread count:
 * HW_RC_PSUM partial sums (partial t: the element powers t, t + HW_RC_PSUM, ... then the block
 * powers likewise, each in increasing index), then a pairwise tree over the partials (the GPU's
 * one thread block per cable). pe: the cable's n element powers, pb: its n + 1 block powers. */
#define HW_RC_PSUM 128
HW_HD double hw_rc_power_part(const double *pe, const double *pb, int n, int t)
{
    double s = 0.0;
    for (int i = t; i < n; i += HW_RC_PSUM) s += pe[i];
    for (int i = t; i <= n; i += HW_RC_PSUM) s += pb[i];
    return s;
}
/* One tree level: part[t] += part[t + w] for t < w (w = HW_RC_PSUM / 2, ..., 1). */
HW_HD double hw_rc_power_sum(const double *pe, const double *pb, int n)
{
    double part[HW_RC_PSUM];
    for (int t = 0; t < HW_RC_PSUM; t++) part[t] = hw_rc_power_part(pe, pb, n, t);
    for (int w = HW_RC_PSUM / 2; w > 0; w /= 2)
        for (int t = 0; t < w; t++) part[t] += part[t + w];
    return part[0];
}

/* Failure code per cable, smallest first: where * 4 + kind (the first failing block or element
 * by index, then by kind). */
HW_HD int hw_rc_fail_code(int where, int kind) { return where * 4 + kind; }

#ifdef __cplusplus
extern "C" {
#endif
/* The rows of every cable's levels as lists of global block indices, for launches (and their CPU
 * emulation) that visit only the rows with work: level l (stride d = 2^l, l < n_levels, only the
 * cables with more than d rows) has its even rows at even[off_even[l] .. off_even[l + 1]) and its
 * odd rows at odd[off_odd[l] .. off_odd[l + 1]); odd[off_odd[n_levels] ..] holds every cable's
 * row 0 (the top). Every block is in odd exactly once; pos[q] is its index there. */
#define HW_RC_MAX_LEVELS 40
typedef struct hw_rc_levels {
    int n_levels;
    int off_even[HW_RC_MAX_LEVELS + 1], off_odd[HW_RC_MAX_LEVELS + 2];
    int *even, *odd, *pos;
    int n_even, n_odd;
} hw_rc_levels;
/* Fills lv for S (allocates; hw_rc_levels_free releases). 0, or -1 when out of memory. */
int hw_rc_levels_build(const hw_rc_sys *S, hw_rc_levels *lv);
void hw_rc_levels_free(hw_rc_levels *lv);

/* The GPU backend's hand-kernel step run on the CPU (kernels/cpu/rigid_cpu.c), pass by pass and
 * level by level as the CUDA kernels do it, each pass a loop over the kernel's rows (from the level
 * lists lv) and lanes: element pass, block assembly, couplings, per level factor and reduction,
 * top, back substitution, update, power sums. The reference the CUDA code is checked against
 * without a GPU, bit-equal to hw_rc_cpu_step on cables of HW_RC_BCR_ROWS rows or more.
 * el_cable / blk_cable map elements / blocks to cables; A, L, U (36 per block), b (6 per block)
 * are scratch in the GPU's structure-of-arrays layout, pe / pb the element / block powers.
 * Same return as hw_rc_cpu_step. */
int hw_rc_cpu_step_bcr(const hw_rc_sys *S, const int *el_cable, const int *blk_cable, const hw_rc_levels *lv,
                       double *blk, double *el, double *A, double *L, double *U, double *b, double *pe,
                       double *pb, double h, double *power, hw_rc_status *bad);
#ifdef __cplusplus
}
#endif
#endif
