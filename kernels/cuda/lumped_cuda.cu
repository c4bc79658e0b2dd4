// The CUDA backend: the same per-element bodies as the CPU backend (kernels/lumped.h), one thread
// per element, state and scratch resident on the device. Only the outputs travel back.
//
// Status: compiled on every build; correctness against the CPU backend (parity suite) and
// performance are the CUDA-backend issue's work and need a lent GPU to check.
//
// step_n runs the fused step (lumped_fused.cu) where it was chosen when the backend was created
// (HAWSER_CUDA_LUMPED, docs/gpu.md); these element kernels are the baseline path and serve every
// other operation.
//
// Launches go to b->stream: the legacy default stream (0) normally, the capture stream while
// step_n records a CUDA graph of one integrator step. Kernels that depend on time take a cu_time:
// a plain time, or (in the graph) the device time base plus the device step counter times dt,
// plus a constant offset, so a replay of the same graph runs at the right time without a host
// round trip.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "backend.h"
}
#include "lumped_fused.h"

#define HW_CUDA_BLOCK 256

struct hw_backend {
    hw_lm_sys S;   // device pointers
    hw_lm_work w;  // device pointers
    double *buf[HW_NBUF];
    size_t ny;
    int *d_bad;
    void *allocs[160];
    int n_allocs;
    cudaStream_t stream;        // where launches go (0 = legacy default stream)
    long long *d_step;          // device step counter read by the graph's kernels
    double *d_tbase;            // device time base read with it (hw_sim's t_base)
    const long long *t_step;    // non-NULL while recording: time = (*t_base + *t_step * t_dt) + t
    const double *t_base;
    double t_dt;
    cudaStream_t cap_stream;    // the graph's stream (blocking: ordered with the legacy stream)
    cudaGraphExec_t gexec;      // one recorded step of integrator g_integ at g_dt, or NULL
    int g_integ;
    double g_dt;
    hw_step_fn g_fn;
    int g_failed;               // recording failed once: step_n loops on the host from then on
    hw_fused *fz;               // the fused step (lumped_fused.cu) where chosen; NULL: baseline
    hw_lm_acc acc;              // every-step accumulators (kernels/accum.h), device arrays
    // reel mode (kernels/reel.h): R points at device arrays once reel_set ran (reel_blk: the
    // ends then the sheaves, one copy each way; reel_stage: its host image)
    hw_reel_sys R;
    void *reel_blk;
    size_t reel_bytes;
    unsigned char *reel_stage;
    double *reel_tab;           // the drive tables
    int *reel_rline;
};

// A time argument: t itself, or (step != NULL) (base[0] + step[0] * dt) + t read on the device.
// The three roundings (the product, the sum with the base, then the offset) are those of the
// host's t_base + (double)k * dt in hw_sim_step and t + offset in hw_integrate_step, and the _rn
// intrinsics keep nvcc from contracting them into an FMA, so the graph's times are bit-equal to
// the host loop's.
struct cu_time {
    const long long *step;
    const double *base;
    double dt, t;
};
static __device__ __forceinline__ double cu_t(cu_time c)
{
    return c.step ? __dadd_rn(__dadd_rn(c.base[0], __dmul_rn((double)c.step[0], c.dt)), c.t) : c.t;
}
static cu_time time_arg(const hw_backend *b, double t)
{
    cu_time c;
    c.step = b->t_step;
    c.base = b->t_base;
    c.dt = b->t_dt;
    c.t = t;
    return c;
}

static int blocks_for(int n) { return (n + HW_CUDA_BLOCK - 1) / HW_CUDA_BLOCK; }

template <typename T>
static int dev_copy(hw_backend *b, T **dst, const T *src, size_t n)
{
    *dst = NULL;
    if (n == 0) n = 1;
    if (cudaMalloc((void **)dst, n * sizeof(T)) != cudaSuccess) return -1;
    b->allocs[b->n_allocs++] = *dst;
    if (src && cudaMemcpy(*dst, src, n * sizeof(T), cudaMemcpyHostToDevice) != cudaSuccess) return -1;
    if (!src && cudaMemset(*dst, 0, n * sizeof(T)) != cudaSuccess) return -1;
    return 0;
}

__global__ void k_constrain_points(hw_lm_sys S, cu_time ct, double *y)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p < S.n_points) hw_lm_constrain_point(&S, cu_t(ct), y, p);
}
__global__ void k_constrain_ends(hw_lm_sys S, double *y)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < 2 * S.n_lines) hw_lm_constrain_end(&S, y, e);
}
__global__ void k_segments(hw_lm_sys S, cu_time ct, const double *y, hw_lm_work w, double *dy)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s < S.n_segs) hw_lm_segment(&S, cu_t(ct), y, &w, dy, s);
}
__global__ void k_hinges(hw_lm_sys S, const double *y, hw_lm_work w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < S.n_nodes) hw_lm_hinge(&S, y, &w, i);
}
__global__ void k_nodes(hw_lm_sys S, cu_time ct, const double *y, hw_lm_work w, double *dy)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < S.n_nodes) hw_lm_node(&S, cu_t(ct), y, &w, dy, i);
}
__global__ void k_points(hw_lm_sys S, cu_time ct, const double *y, hw_lm_work w, double *dy)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p < S.n_points) hw_lm_point(&S, cu_t(ct), y, &w, dy, p);
}
__global__ void k_end_deriv(hw_lm_sys S, double *dy)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < 2 * S.n_lines) hw_lm_end_deriv(&S, dy, e);
}
__global__ void k_lincomb(size_t n, double *d, const double *s, int nterm, double c0, double c1,
                          double c2, double c3, const double *k0, const double *k1,
                          const double *k2, const double *k3)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double acc;
    if (nterm == 1) acc = c0 * k0[i];
    else if (nterm == 2) acc = c0 * k0[i] + c1 * k1[i];
    else acc = (c0 * k0[i] + c1 * k1[i]) + (c2 * k2[i] + (nterm > 3 ? c3 * k3[i] : 0.0));
    d[i] = s[i] + acc;
}
__global__ void k_symplectic(hw_lm_sys S, double *y, const double *dy, double dt)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < S.n_state) hw_lm_symplectic(&S, y, dy, dt, k);
    if (k < S.n_vis + S.n_viv) { // viscoelastic strains, VIV states: explicit Euler, as the CPU's
        size_t o = hw_lm_vis_off(&S) + (size_t)k;
        y[o] = y[o] + dt * dy[o];
    }
}
struct cu_so_coef { double cx[2], ca[2], cv[2]; }; // by value: a recorded graph keeps them
__global__ void k_second_order(hw_lm_sys S, double *d, const double *s, const double *d0, const double *d1,
                               cu_so_coef c)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < S.n_state) hw_lm_second_order(&S, d, s, d0, d1, c.cx, c.ca, c.cv, k);
    if (k < S.n_vis + S.n_viv) { // viscoelastic, Syrope and VIV states: as the velocities, as the CPU's
        size_t o = hw_lm_vis_off(&S) + (size_t)k;
        d[o] = s[o] + (c.cv[0] * d0[o] + c.cv[1] * d1[o]);
    }
}
// Every-step accumulators (kernels/accum.h): per segment its extremes, tension history and
// oscillation, the line's largest oscillation by an atomic max on the bits of a non-negative
// double (their order is the integers'); then per line its end statistics and the monitor, which
// raises the bad flag with n_segs + line when it trips. The maxima are order-free, so the CPU's
// loop gives the same values bit for bit.
static __device__ __forceinline__ void acc_segment(const hw_lm_sys &S, const hw_lm_work &w,
                                                   const hw_lm_acc &a, int s, double t)
{
    double z = hw_acc_segment(&S, &w, a.seg, s, t);
    if (z > 0.0) atomicMax(&a.osc[S.seg_line[s]], (unsigned long long)__double_as_longlong(z));
}
static __device__ __forceinline__ void acc_line(const hw_lm_sys &S, const hw_lm_work &w,
                                                const hw_lm_acc &a, int l, double t)
{
    double osc = __longlong_as_double((long long)a.osc[l]);
    a.osc[l] = 0ull;
    if (hw_acc_line_update(&S, &w, a.line + HW_ACC_LINE_NV * l, a.monitor, l, t, osc))
        atomicMin(w.bad, S.n_segs + l);
}
__global__ void k_acc_segments(hw_lm_sys S, cu_time ct, hw_lm_work w, hw_lm_acc a)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s < S.n_segs) acc_segment(S, w, a, s, cu_t(ct));
}
__global__ void k_acc_lines(hw_lm_sys S, cu_time ct, hw_lm_work w, hw_lm_acc a)
{
    int l = blockIdx.x * blockDim.x + threadIdx.x;
    if (l < S.n_lines) acc_line(S, w, a, l, cu_t(ct));
}

// Waves: each node's samples (hw_lm_wave_refresh decides per slot from its interval index
// and the time, read from device memory in a replayed graph).
__global__ void k_wave_refresh(hw_lm_sys S, cu_time ct, const double *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < S.n_nodes) hw_lm_wave_refresh(&S, cu_t(ct), y, i);
}

__global__ void k_set_step(long long *step, long long v, double *base, double t0)
{
    *step = v;
    *base = t0;
}
__global__ void k_advance_step(long long *step) { *step += 1; }

static void cu_destroy(hw_backend *b)
{
    if (!b) return;
    hw_fused_destroy(b->fz);
    if (b->gexec) cudaGraphExecDestroy(b->gexec);
    if (b->cap_stream) cudaStreamDestroy(b->cap_stream);
    for (int k = 0; k < b->n_allocs; k++) cudaFree(b->allocs[k]);
    if (b->reel_blk) cudaFree(b->reel_blk);
    if (b->reel_tab) cudaFree(b->reel_tab);
    if (b->reel_rline) cudaFree(b->reel_rline);
    free(b->reel_stage);
    free(b);
}

static hw_status cu_create(const hw_lm_sys *h, int with_node_forces, hw_backend **out, char *msg,
                           size_t msg_len)
{
    *out = NULL;
    hw_backend *b = (hw_backend *)calloc(1, sizeof *b);
    if (!b) {
        if (msg && msg_len) snprintf(msg, msg_len, "out of memory for the CUDA backend (%zu bytes)", sizeof *b);
        return HW_ERR_NOMEM;
    }
    hw_lm_sys S = *h;
    int nl = h->n_lines, np = h->n_points, ns = h->n_segs, nn = h->n_nodes;
    int cz = h->cur_nz, ct = h->cur_nt > 1 ? h->cur_nt : 1;
    int cx = cz > 0 && h->cur_nx > 1 ? h->cur_nx : 1, cy = cz > 0 && h->cur_ny > 1 ? h->cur_ny : 1;
    size_t cv = (size_t)cz * ct * cx * cy;
    int bad = 0;
    bad |= dev_copy(b, &S.cur_x, cx > 1 ? h->cur_x : NULL, cx);
    bad |= dev_copy(b, &S.cur_y, cy > 1 ? h->cur_y : NULL, cy);
    bad |= dev_copy(b, &S.cur_z, h->cur_z, cz);
    bad |= dev_copy(b, &S.cur_t, h->cur_t, ct);
    bad |= dev_copy(b, &S.cur_ux, h->cur_ux, cv);
    bad |= dev_copy(b, &S.cur_uy, h->cur_uy, cv);
    bad |= dev_copy(b, &S.cur_uz, h->cur_uz, cv);
    /* no time bracket set in advance: a graph replays the step with the time read on the device,
     * so each thread finds its own (hw_lm_current) */
    S.cur_wset = 0;
    /* the bathymetry (sb_nx = 0: none, one unread placeholder each) for hw_lm_depth_at */
    int bx = h->sb_nx > 0 ? h->sb_nx : 0, by = h->sb_nx > 0 ? h->sb_ny : 0;
    bad |= dev_copy(b, &S.sb_x, bx ? h->sb_x : NULL, bx);
    bad |= dev_copy(b, &S.sb_y, by ? h->sb_y : NULL, by);
    bad |= dev_copy(b, &S.sb_d, bx ? h->sb_d : NULL, (size_t)bx * by);
    int *const *lni[] = {&h->ln_n0, &h->ln_s0, &h->ln_nseg, &h->ln_pa, &h->ln_pb, &h->ln_tab0,
                         &h->ln_tabn, &h->ln_cap, &h->ln_btabn};
    int **lno[] = {&S.ln_n0, &S.ln_s0, &S.ln_nseg, &S.ln_pa, &S.ln_pb, &S.ln_tab0, &S.ln_tabn,
                   &S.ln_cap, &S.ln_btabn};
    for (int k = 0; k < 9; k++) bad |= dev_copy(b, lno[k], *lni[k], nl);
    bad |= dev_copy(b, &S.ln_wseg, h->ln_wseg, 2 * (size_t)nl);
    bad |= dev_copy(b, &S.ln_wrate, h->ln_wrate, 2 * (size_t)nl);
    bad |= dev_copy(b, &S.ln_cscale, h->ln_cscale, nl);
    bad |= dev_copy(b, &S.pt_cscale, h->pt_cscale, np);
    bad |= dev_copy(b, &S.ln_wt0, h->ln_wt0, 2 * (size_t)nl);
    double *const *lnd[] = {&h->ln_d, &h->ln_mu, &h->ln_ea, &h->ln_ba, &h->ln_ei, &h->ln_cdn,
                            &h->ln_cdt, &h->ln_can, &h->ln_cat, &h->ln_mus};
    double **lnod[] = {&S.ln_d, &S.ln_mu, &S.ln_ea, &S.ln_ba, &S.ln_ei, &S.ln_cdn,
                       &S.ln_cdt, &S.ln_can, &S.ln_cat, &S.ln_mus};
    for (int k = 0; k < 10; k++) bad |= dev_copy(b, lnod[k], *lnd[k], nl);
    bad |= dev_copy(b, &S.tab_x, h->tab_x, h->n_tab);
    bad |= dev_copy(b, &S.tab_y, h->tab_y, h->n_tab);
    bad |= dev_copy(b, &S.seg_line, h->seg_line, ns);
    bad |= dev_copy(b, &S.seg_l0, h->seg_l0, ns);
    bad |= dev_copy(b, &S.seg_alive, h->seg_alive, ns);
    bad |= dev_copy(b, &S.seg_trip, h->seg_trip, ns);
    bad |= dev_copy(b, &S.node_line, h->node_line, nn);
    bad |= dev_copy(b, &S.node_loc, h->node_loc, nn);
    bad |= dev_copy(b, &S.node_m, h->node_m, nn);
    bad |= dev_copy(b, &S.node_l, h->node_l, nn);
    bad |= dev_copy(b, &S.pt_kind, h->pt_kind, np);
    bad |= dev_copy(b, &S.pt_motion, h->pt_motion, np);
    bad |= dev_copy(b, &S.pt_tab0, h->pt_tab0, np);
    bad |= dev_copy(b, &S.pt_tabn, h->pt_tabn, np);
    bad |= dev_copy(b, &S.pt_att0, h->pt_att0, np + 1);
    bad |= dev_copy(b, &S.pt_att, h->pt_att, 2 * nl);
    bad |= dev_copy(b, &S.pt_r0, h->pt_r0, 3 * np);
    bad |= dev_copy(b, &S.pt_vel, h->pt_vel, 3 * np);
    bad |= dev_copy(b, &S.pt_amp, h->pt_amp, 3 * np);
    double *const *ptd[] = {&h->pt_omega, &h->pt_phase, &h->pt_mass, &h->pt_vol, &h->pt_cda,
                            &h->pt_ca, &h->pt_ct};
    double **ptod[] = {&S.pt_omega, &S.pt_phase, &S.pt_mass, &S.pt_vol, &S.pt_cda, &S.pt_ca, &S.pt_ct};
    for (int k = 0; k < 7; k++) bad |= dev_copy(b, ptod[k], *ptd[k], np);
    bad |= dev_copy(b, &S.ptab_t, h->ptab_t, h->n_ptab);
    bad |= dev_copy(b, &S.ptab_xyz, h->ptab_xyz, 3 * (size_t)h->n_ptab);
    bad |= dev_copy(b, &S.ptab_m, h->ptab_m, 3 * (size_t)h->n_ptab);
    bad |= dev_copy(b, &S.pt_cpos, h->pt_cpos, 3 * np);
    bad |= dev_copy(b, &S.pt_cvel, h->pt_cvel, 3 * np);
    if (h->wv.n > 0) { // waves: the components and the samples (docs/gpu.md)
        size_t nw = (size_t)h->wv.n, nst = (size_t)h->n_state;
        double *wa, *ww, *wk, *wcx, *wcy, *wph, *we;
        bad |= dev_copy(b, &wa, h->wv.a, nw);
        bad |= dev_copy(b, &ww, h->wv.w, nw);
        bad |= dev_copy(b, &wk, h->wv.k, nw);
        bad |= dev_copy(b, &wcx, h->wv.cx, nw);
        bad |= dev_copy(b, &wcy, h->wv.cy, nw);
        bad |= dev_copy(b, &wph, h->wv.ph, nw);
        bad |= dev_copy(b, &we, h->wv.e2kh, nw);
        S.wv.a = wa; S.wv.w = ww; S.wv.k = wk; S.wv.cx = wcx; S.wv.cy = wcy; S.wv.ph = wph;
        S.wv.e2kh = we;
        bad |= dev_copy(b, &S.wv_k, h->wv_k, nst);
        bad |= dev_copy(b, &S.wv_s0, h->wv_s0, HW_WS_N * nst);
        bad |= dev_copy(b, &S.wv_s1, h->wv_s1, HW_WS_N * nst);
    }
    if (h->n_clamp > 0) { // clamped ends (kernels/physics/bending.h hw_hinge_clamp)
        bad |= dev_copy(b, &S.ln_cdir, h->ln_cdir, 6 * (size_t)nl);
        bad |= dev_copy(b, &S.ln_cdot, h->ln_cdot, 6 * (size_t)nl);
    }
    if (h->n_joint > 0) { // bending joints (kernels/physics/bending.h hw_joint_axis)
        bad |= dev_copy(b, &S.ln_cjt, h->ln_cjt, 2 * (size_t)nl);
        bad |= dev_copy(b, &S.jt_e0, h->jt_e0, (size_t)h->n_joint + 1);
        bad |= dev_copy(b, &S.jt_e, h->jt_e, (size_t)h->jt_e0[h->n_joint]);
    }
    if (h->n_vis > 0) { // viscoelastic lines (kernels/physics/viscoelastic.h)
        bad |= dev_copy(b, &S.ln_vk1, h->ln_vk1, nl);
        bad |= dev_copy(b, &S.ln_vk2, h->ln_vk2, nl);
        bad |= dev_copy(b, &S.ln_vbd, h->ln_vbd, nl);
        bad |= dev_copy(b, &S.ln_vbeta, h->ln_vbeta, nl);
    }
    if (h->n_viv > 0) { // vortex-induced vibration (kernels/physics/viv.h)
        bad |= dev_copy(b, &S.ln_vcl, h->ln_vcl, nl);
        bad |= dev_copy(b, &S.ln_vcf, h->ln_vcf, nl);
        bad |= dev_copy(b, &S.ln_vdf, h->ln_vdf, nl);
        bad |= dev_copy(b, &S.ln_vtau, h->ln_vtau, nl);
    }
    if (h->n_syr > 0) { // Syrope lines (kernels/physics/syrope.h); seg_syr changes on the device
        size_t nowc = 0;
        for (int l = 0; l < nl; l++) nowc += (size_t)h->ln_syrn[l];
        bad |= dev_copy(b, &S.ln_syr0, h->ln_syr0, nl);
        bad |= dev_copy(b, &S.ln_syrn, h->ln_syrn, nl);
        bad |= dev_copy(b, &S.ln_syrc, h->ln_syrc, nl);
        bad |= dev_copy(b, &S.ln_syrp, h->ln_syrp, 4 * (size_t)nl);
        bad |= dev_copy(b, &S.syr_e, h->syr_e, nowc);
        bad |= dev_copy(b, &S.syr_t, h->syr_t, nowc);
        bad |= dev_copy(b, &S.seg_syr, h->seg_syr, hw_lm_syr_len(h));
        S.ln_syrs = NULL; // host only
    }
    b->S = S;
    b->ny = hw_lm_ny(h);
    for (int k = 0; k < HW_NBUF; k++) bad |= dev_copy(b, &b->buf[k], (const double *)NULL, b->ny);
    double **wd[] = {&b->w.seg_T, &b->w.seg_qx, &b->w.seg_qy, &b->w.seg_qz, &b->w.seg_len,
                     &b->w.seg_strain, &b->w.seg_pd};
    for (int k = 0; k < 7; k++) bad |= dev_copy(b, wd[k], (const double *)NULL, ns);
    bad |= dev_copy(b, &b->w.hg_fa, (const double *)NULL, 3 * (size_t)nn);
    bad |= dev_copy(b, &b->w.hg_fb, (const double *)NULL, 3 * (size_t)nn);
    bad |= dev_copy(b, &b->w.end_f, (const double *)NULL, 6 * (size_t)nl);
    bad |= dev_copy(b, &b->w.end_m, (const double *)NULL, 12 * (size_t)nl);
    bad |= dev_copy(b, &b->w.end_mc, (const double *)NULL, 8 * (size_t)nl);
    bad |= dev_copy(b, &b->w.pt_f, (const double *)NULL, 3 * (size_t)np);
    bad |= dev_copy(b, &b->w.pt_a, (const double *)NULL, 3 * (size_t)np);
    b->w.node_f = NULL;
    if (with_node_forces) bad |= dev_copy(b, &b->w.node_f, (const double *)NULL, 3 * (size_t)h->n_state);
    int nobad = HW_NO_BAD;
    bad |= dev_copy(b, &b->d_bad, &nobad, 1);
    b->w.bad = b->d_bad;
    bad |= dev_copy(b, &b->d_step, (const long long *)NULL, 1);
    bad |= dev_copy(b, &b->d_tbase, (const double *)NULL, 1);
    bad |= dev_copy(b, &b->acc.seg, (const double *)NULL, HW_ACC_SEG_NV * (size_t)ns);
    bad |= dev_copy(b, &b->acc.line, (const double *)NULL, HW_ACC_LINE_NV * (size_t)nl);
    bad |= dev_copy(b, &b->acc.osc, (const unsigned long long *)NULL, nl);
    b->acc.monitor = 0; // set with the accumulators' start values by acc_set
    if (bad) {
        if (msg && msg_len)
            snprintf(msg, msg_len, "CUDA backend: device allocation or copy failed (%s) for %d nodes and "
                     "points, %d segments (the state alone is %.3g MB per buffer)",
                     cudaGetErrorString(cudaGetLastError()), h->n_state, h->n_segs,
                     1e-6 * 8.0 * HW_Y_BLOCKS * h->n_state);
        cu_destroy(b);
        return HW_ERR_NOMEM;
    }
    int fz = hw_fused_choose(h, with_node_forces, &b->fz, msg, msg_len); // HAWSER_CUDA_LUMPED
    if (fz) {
        cu_destroy(b);
        return fz == -1 ? HW_ERR_INVALID_ARG : HW_ERR_NOMEM;
    }
    *out = b;
    return HW_OK;
}

static hw_status cu_upload(hw_backend *b, int buf, const double *y)
{
    return cudaMemcpy(b->buf[buf], y, b->ny * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess
               ? HW_OK : HW_ERR_IO;
}

static hw_status cu_download(hw_backend *b, int buf, double *y)
{
    return cudaMemcpy(y, b->buf[buf], b->ny * sizeof(double), cudaMemcpyDeviceToHost) == cudaSuccess
               ? HW_OK : HW_ERR_IO;
}

static int get(double *h, const double *d, size_t n)
{
    if (!h || !d) return 0;
    return cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess;
}

static hw_status cu_download_work(hw_backend *b, hw_lm_work *h)
{
    size_t ns = b->S.n_segs, ne = 2 * (size_t)b->S.n_lines;
    int bad = get(h->seg_T, b->w.seg_T, ns) | get(h->seg_qx, b->w.seg_qx, ns) |
              get(h->seg_qy, b->w.seg_qy, ns) | get(h->seg_qz, b->w.seg_qz, ns) |
              get(h->seg_len, b->w.seg_len, ns) | get(h->seg_strain, b->w.seg_strain, ns) |
              get(h->end_f, b->w.end_f, 3 * ne) | get(h->end_m, b->w.end_m, 6 * ne) |
              get(h->end_mc, b->w.end_mc, 4 * ne) |
              get(h->pt_f, b->w.pt_f, 3 * (size_t)b->S.n_points) |
              get(h->pt_a, b->w.pt_a, 3 * (size_t)b->S.n_points) |
              get(h->node_f, b->w.node_f, 3 * (size_t)b->S.n_state);
    return bad ? HW_ERR_IO : HW_OK;
}

static void cu_constrain(hw_backend *b, double t, int buf)
{
    cudaStream_t st = b->stream;
    if (b->S.n_points)
        k_constrain_points<<<blocks_for(b->S.n_points), HW_CUDA_BLOCK, 0, st>>>(b->S, time_arg(b, t), b->buf[buf]);
    k_constrain_ends<<<blocks_for(2 * b->S.n_lines), HW_CUDA_BLOCK, 0, st>>>(b->S, b->buf[buf]);
}

static void cu_eval(hw_backend *b, double t, int by, int bdy)
{
    const hw_lm_sys &S = b->S;
    cudaStream_t st = b->stream;
    cu_time ct = time_arg(b, t);
    k_segments<<<blocks_for(S.n_segs), HW_CUDA_BLOCK, 0, st>>>(S, ct, b->buf[by], b->w, b->buf[bdy]);
    if (S.any_bending) k_hinges<<<blocks_for(S.n_nodes), HW_CUDA_BLOCK, 0, st>>>(S, b->buf[by], b->w);
    k_nodes<<<blocks_for(S.n_nodes), HW_CUDA_BLOCK, 0, st>>>(S, ct, b->buf[by], b->w, b->buf[bdy]);
    if (S.n_points)
        k_points<<<blocks_for(S.n_points), HW_CUDA_BLOCK, 0, st>>>(S, ct, b->buf[by], b->w, b->buf[bdy]);
    k_end_deriv<<<blocks_for(2 * S.n_lines), HW_CUDA_BLOCK, 0, st>>>(S, b->buf[bdy]);
}

static void cu_lincomb(hw_backend *b, int dst, int src, int nterm, const double *coef,
                       const int *bufs)
{
    const double *k[4];
    double c[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        k[i] = b->buf[bufs[i < nterm ? i : 0]];
        if (i < nterm) c[i] = coef[i];
    }
    unsigned nb = (unsigned)((b->ny + HW_CUDA_BLOCK - 1) / HW_CUDA_BLOCK);
    k_lincomb<<<nb, HW_CUDA_BLOCK, 0, b->stream>>>(b->ny, b->buf[dst], b->buf[src], nterm, c[0], c[1], c[2], c[3],
                                     k[0], k[1], k[2], k[3]);
}

static void cu_symplectic(hw_backend *b, int by, int bdy, double dt)
{
    int nx = b->S.n_vis + b->S.n_viv, nk = b->S.n_state > nx ? b->S.n_state : nx;
    k_symplectic<<<blocks_for(nk), HW_CUDA_BLOCK, 0, b->stream>>>(b->S, b->buf[by], b->buf[bdy], dt);
}

static void cu_second_order(hw_backend *b, int dst, int src, const int *bufs, const double *cx,
                            const double *ca, const double *cv)
{
    cu_so_coef c = {{cx[0], cx[1]}, {ca[0], ca[1]}, {cv[0], cv[1]}};
    int nx = b->S.n_vis + b->S.n_viv, nk = b->S.n_state > nx ? b->S.n_state : nx;
    k_second_order<<<blocks_for(nk), HW_CUDA_BLOCK, 0, b->stream>>>(b->S, b->buf[dst], b->buf[src], b->buf[bufs[0]],
                                                                    b->buf[bufs[1]], c);
}

static int cu_take_bad(hw_backend *b)
{
    int s = HW_NO_BAD, reset = HW_NO_BAD;
    /* the copy waits for the queued work (graph replays included): a kernel that faulted there
     * shows up as this copy's error */
    if (cudaMemcpy(&s, b->d_bad, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) return HW_BAD_DEVICE;
    if (cudaMemcpy(b->d_bad, &reset, sizeof(int), cudaMemcpyHostToDevice) != cudaSuccess) return HW_BAD_DEVICE;
    return s == HW_NO_BAD ? -1 : s;
}

static void cu_set_coupled(hw_backend *b, int p, const double pos[3], const double vel[3], double t)
{
    cudaMemcpy(b->S.pt_cpos + 3 * p, pos, 3 * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(b->S.pt_cvel + 3 * p, vel, 3 * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(b->S.pt_ct + p, &t, sizeof(double), cudaMemcpyHostToDevice);
}

static void cu_set_clamp(hw_backend *b, int e, const double dir[3], const double dot[3])
{
    if (!b->S.ln_cdir) return; // no clamped end in the system: nothing reads them
    cudaMemcpy(b->S.ln_cdir + 3 * e, dir, 3 * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(b->S.ln_cdot + 3 * e, dot, 3 * sizeof(double), cudaMemcpyHostToDevice);
}

/* One line's values and ranges from the host (a line failure, a checkpoint load, the sheaves'
 * static balance): nine copies. The reel update needs none: it runs here (cu_reel_after). */
static hw_status cu_update_line(hw_backend *b, const hw_lm_sys *h, int l)
{
    int s0 = h->ln_s0[l], n0 = h->ln_n0[l], cap = h->ln_cap[l];
    int e = 0;
    e |= cudaMemcpy(b->S.ln_nseg + l, h->ln_nseg + l, sizeof(int), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.ln_wseg + 2 * l, h->ln_wseg + 2 * l, 2 * sizeof(int), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.ln_wrate + 2 * l, h->ln_wrate + 2 * l, 2 * sizeof(double), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.ln_wt0 + 2 * l, h->ln_wt0 + 2 * l, 2 * sizeof(double), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.seg_l0 + s0, h->seg_l0 + s0, cap * sizeof(double), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.seg_alive + s0, h->seg_alive + s0, cap * sizeof(double), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.seg_trip + s0, h->seg_trip + s0, cap * sizeof(double), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.node_m + n0, h->node_m + n0, (cap + 1) * sizeof(double), cudaMemcpyHostToDevice);
    e |= cudaMemcpy(b->S.node_l + n0, h->node_l + n0, (cap + 1) * sizeof(double), cudaMemcpyHostToDevice);
    if (b->fz && !hw_fused_line_changed(b->fz, h, l)) { hw_fused_destroy(b->fz); b->fz = NULL; }
    return e ? HW_ERR_IO : HW_OK;
}

// Reel mode (kernels/reel.h), inside the step so that a graph replays it: the ends' pay-out
// speeds before the integration (one thread per line end); after it the sheaves' slide (one
// thread per sheave), then one block per line with a reeling end: its first thread decides each
// end's insertion or removal (A, then B) and the whole block moves the line's node slots in
// chunks of blockDim.x (every thread reads its slot, a barrier, every thread writes it one place
// on, a barrier; the chunks run against the move, so no slot is written before it is read), the
// first thread fills the new node; then the block sets the line's segment lengths and, after a
// barrier, its node masses. tests/reel_emulation.h runs the same sequence on the CPU.
__global__ void k_reel_before(hw_reel_sys R, hw_lm_sys S, cu_time ct, double dt)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < R.n_ends) hw_reel_before(&R, &S, k, cu_t(ct), dt);
}
__global__ void k_reel_sheaves(hw_reel_sys R, hw_lm_sys S, hw_lm_work w, cu_time ct, double dt)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < R.n_sheaves) hw_reel_sheave_step(&R, &S, &w, k, cu_t(ct), dt);
}
__global__ void k_reel_lines(hw_reel_sys R, hw_lm_sys S, hw_lm_work w, double *y, cu_time ct,
                             double dt)
{
    __shared__ hw_reel_act act;
    int l = R.rline[blockIdx.x], tid = threadIdx.x, nt = blockDim.x;
    double t = cu_t(ct);
    for (int e = 0; e < 2; e++) {
        if (tid == 0) {
            act = hw_reel_end_after(&R, &S, &w, 2 * l + e, t, dt);
            if (act.kind == HW_REEL_REMOVE) hw_reel_merge(&S, y, l, &act);
        }
        __syncthreads();
        if (act.kind != HW_REEL_NONE) { // the same for the whole block
            int lo, hi, dir, n0 = S.ln_n0[l];
            double v[HW_Y_BLOCKS];
            hw_reel_span(&act, &lo, &hi, &dir);
            for (int c = 0; c < hw_reel_chunks(lo, hi, nt); c++) {
                int k = hw_reel_chunk_slot(lo, hi, dir, c, nt, tid);
                if (k >= 0) hw_reel_slot_load(&S, y, n0 + k, v);
                __syncthreads();
                if (k >= 0) hw_reel_slot_store(&S, y, n0 + k + dir, v);
                __syncthreads();
            }
            if (tid == 0) hw_reel_new_node(&S, y, l, &act);
        }
        __syncthreads();
    }
    if (tid == 0) hw_reel_line_head(&R, &S, l, __dadd_rn(t, dt));
    __syncthreads();
    for (int k = tid; k < S.ln_cap[l]; k += nt) S.seg_l0[S.ln_s0[l] + k] = hw_reel_seg_l0(&R, &S, l, k);
    __syncthreads();
    for (int j = tid; j <= S.ln_cap[l]; j += nt) hw_reel_node_mass(&S, l, j);
}

// The host's reel state into the staging image with its table pointers set to the device's
// copies (copied there on the first call), then to the device in one copy.
static hw_status cu_reel_set(hw_backend *b, const hw_reel_sys *h)
{
    size_t eb = (size_t)h->n_ends * sizeof(hw_reel_end);
    size_t bytes = eb + (size_t)h->n_sheaves * sizeof(hw_reel_sheave);
    int first = b->reel_blk == NULL, e = 0;
    if (first) {
        size_t nt = 0;
        for (int k = 0; k < h->n_ends; k++)
            nt += 2 * (size_t)(h->end[k].def.speed_table.n + h->end[k].def.torque_table.n);
        b->reel_stage = (unsigned char *)malloc(bytes ? bytes : 1);
        if (!b->reel_stage || cudaMalloc(&b->reel_blk, bytes ? bytes : 1) != cudaSuccess ||
            cudaMalloc((void **)&b->reel_tab, (nt ? nt : 1) * sizeof(double)) != cudaSuccess ||
            cudaMalloc((void **)&b->reel_rline, (h->n_rlines + 1) * sizeof(int)) != cudaSuccess)
            return HW_ERR_NOMEM;
        e |= cudaMemcpy(b->reel_rline, h->rline, h->n_rlines * sizeof(int), cudaMemcpyHostToDevice);
        b->reel_bytes = bytes;
        b->R = *h;
        b->R.end = (hw_reel_end *)b->reel_blk;
        b->R.sh = (hw_reel_sheave *)((unsigned char *)b->reel_blk + eb);
        b->R.rline = b->reel_rline;
    }
    memcpy(b->reel_stage, h->end, eb);
    memcpy(b->reel_stage + eb, h->sh, bytes - eb);
    double *tab = b->reel_tab;
    for (int k = 0; k < h->n_ends; k++) {
        hw_reel_end *d = (hw_reel_end *)b->reel_stage + k;
        hw_table *tb[2] = {&d->def.speed_table, &d->def.torque_table};
        for (int q = 0; q < 2; q++) {
            int n = tb[q]->n;
            if (n <= 0) continue;
            if (first) {
                e |= cudaMemcpy(tab, tb[q]->x, n * sizeof(double), cudaMemcpyHostToDevice);
                e |= cudaMemcpy(tab + n, tb[q]->y, n * sizeof(double), cudaMemcpyHostToDevice);
            }
            tb[q]->x = tab;
            tb[q]->y = tab + n;
            tab += 2 * n;
        }
        d->tables = NULL;
    }
    e |= cudaMemcpy(b->reel_blk, b->reel_stage, bytes, cudaMemcpyHostToDevice);
    return e ? HW_ERR_IO : HW_OK;
}

// One copy back; the host keeps its own table pointers; then the host's line arrays.
static hw_status cu_reel_get(hw_backend *b, hw_lm_sys *host_S, hw_reel_sys *h)
{
    if (!b->reel_blk) return HW_OK;
    size_t eb = (size_t)h->n_ends * sizeof(hw_reel_end);
    if (cudaMemcpy(b->reel_stage, b->reel_blk, b->reel_bytes, cudaMemcpyDeviceToHost) != cudaSuccess)
        return HW_ERR_IO;
    for (int k = 0; k < h->n_ends; k++) {
        hw_reel_end *e = &h->end[k];
        hw_table st = e->def.speed_table, tq = e->def.torque_table;
        double *own = e->tables;
        memcpy(e, (hw_reel_end *)b->reel_stage + k, sizeof *e);
        e->def.speed_table = st;
        e->def.torque_table = tq;
        e->tables = own;
    }
    memcpy(h->sh, b->reel_stage + eb, b->reel_bytes - eb);
    hw_reel_host_rebuild(h, host_S);
    return HW_OK;
}

static void cu_reel_before(hw_backend *b, double t, double dt)
{
    if (!b->reel_blk) return;
    k_reel_before<<<blocks_for(b->R.n_ends), HW_CUDA_BLOCK, 0, b->stream>>>(b->R, b->S, time_arg(b, t), dt);
}

static void cu_reel_after(hw_backend *b, double t, double dt)
{
    if (!b->reel_blk) return;
    cu_time ct = time_arg(b, t);
    if (b->R.n_sheaves)
        k_reel_sheaves<<<blocks_for(b->R.n_sheaves), HW_CUDA_BLOCK, 0, b->stream>>>(b->R, b->S, b->w, ct, dt);
    if (b->R.n_rlines)
        k_reel_lines<<<b->R.n_rlines, HW_CUDA_BLOCK, 0, b->stream>>>(b->R, b->S, b->w, b->buf[HW_BUF_Y], ct, dt);
}

static hw_status cu_step_n(hw_backend *b, hw_step_fn step, hw_integrator integ, double t0,
                           long step0, double dt, int n);
static hw_status cu_max_tension(hw_backend *b, hw_lm_reduction *out);
static hw_status cu_trip_scan(hw_backend *b, hw_lm_reduction *out);

static void cu_accumulate(hw_backend *b, double t)
{
    const hw_lm_sys &S = b->S;
    cu_time ct = time_arg(b, t);
    k_acc_segments<<<blocks_for(S.n_segs), HW_CUDA_BLOCK, 0, b->stream>>>(S, ct, b->w, b->acc);
    k_acc_lines<<<blocks_for(S.n_lines), HW_CUDA_BLOCK, 0, b->stream>>>(S, ct, b->w, b->acc);
}

static hw_status cu_acc_get(hw_backend *b, double *seg, double *line)
{
    int e = get(seg, b->acc.seg, HW_ACC_SEG_NV * (size_t)b->S.n_segs) |
            get(line, b->acc.line, HW_ACC_LINE_NV * (size_t)b->S.n_lines);
    return e ? HW_ERR_IO : HW_OK;
}

static hw_status cu_acc_set(hw_backend *b, const double *seg, const double *line, int monitor)
{
    int e = 0;
    if (seg)
        e |= cudaMemcpy(b->acc.seg, seg, HW_ACC_SEG_NV * (size_t)b->S.n_segs * sizeof(double),
                        cudaMemcpyHostToDevice) != cudaSuccess;
    if (line)
        e |= cudaMemcpy(b->acc.line, line, HW_ACC_LINE_NV * (size_t)b->S.n_lines * sizeof(double),
                        cudaMemcpyHostToDevice) != cudaSuccess;
    if (monitor != b->acc.monitor && b->gexec) { // the recorded step holds the old flag
        cudaGraphExecDestroy(b->gexec);
        b->gexec = NULL;
    }
    b->acc.monitor = monitor;
    return e ? HW_ERR_IO : HW_OK;
}

static void cu_wave_refresh(hw_backend *b, double t, int buf)
{
    if (b->S.wv.n <= 0 || b->S.n_nodes <= 0) return;
    k_wave_refresh<<<blocks_for(b->S.n_nodes), HW_CUDA_BLOCK, 0, b->stream>>>(b->S, time_arg(b, t), b->buf[buf]);
}

// Waves: the device's samples to / from the host (checkpoints). The copies wait for the queued
// work (cudaMemcpy on the legacy stream); a recorded step reads the same device arrays, so it
// stays valid. The device keeps no memory of its last refresh (each slot decides from its own
// interval index), so the restored indices are all wave_set has to set.
static hw_status cu_wave_get(hw_backend *b, int *k, double *s)
{
    const hw_lm_sys &S = b->S;
    if (S.wv.n <= 0) return HW_OK;
    size_t n = (size_t)S.n_state;
    int e = cudaMemcpy(k, S.wv_k, n * sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess;
    e |= get(s, S.wv_s0, HW_WS_N * n);
    e |= get(s + HW_WS_N * n, S.wv_s1, HW_WS_N * n);
    return e ? HW_ERR_IO : HW_OK;
}

static hw_status cu_wave_set(hw_backend *b, const int *k, const double *s)
{
    const hw_lm_sys &S = b->S;
    if (S.wv.n <= 0) return HW_OK;
    size_t n = (size_t)S.n_state, nb = HW_WS_N * n * sizeof(double);
    int e = cudaMemcpy(S.wv_k, k, n * sizeof(int), cudaMemcpyHostToDevice) != cudaSuccess;
    e |= cudaMemcpy(S.wv_s0, s, nb, cudaMemcpyHostToDevice) != cudaSuccess;
    e |= cudaMemcpy(S.wv_s1, s + HW_WS_N * n, nb, cudaMemcpyHostToDevice) != cudaSuccess;
    return e ? HW_ERR_IO : HW_OK;
}

// Syrope: the segments' running maxima and branch flags, the lines' working curves, to / from the
// host (checkpoints, the outputs' evaluations).
static hw_status cu_syr_get(hw_backend *b, double *v)
{
    if (b->S.n_syr <= 0) return HW_OK;
    return get(v, b->S.seg_syr, hw_lm_syr_len(&b->S)) ? HW_ERR_IO : HW_OK;
}

static hw_status cu_syr_set(hw_backend *b, const double *v)
{
    if (b->S.n_syr <= 0) return HW_OK;
    size_t nb = hw_lm_syr_len(&b->S) * sizeof(double);
    return cudaMemcpy(b->S.seg_syr, v, nb, cudaMemcpyHostToDevice) != cudaSuccess ? HW_ERR_IO : HW_OK;
}

static const hw_backend_ops CUDA_OPS = {
    "cuda", cu_create, cu_destroy, cu_upload, cu_download, cu_download_work, cu_constrain,
    cu_eval, cu_lincomb, cu_symplectic, cu_second_order, cu_take_bad, cu_set_coupled, cu_update_line,
    cu_reel_set, cu_reel_get, cu_reel_before, cu_reel_after, cu_step_n, cu_max_tension, cu_trip_scan, cu_accumulate,
    cu_acc_get, cu_acc_set, cu_wave_refresh, cu_wave_get, cu_wave_set, cu_set_clamp, cu_syr_get,
    cu_syr_set};

/* Records one call of step (hw_integrate_step at time 0 + offsets, so the kernels' time is the
 * device time base + the device step counter x dt, + offset) followed by the counter's
 * increment, into b->gexec. Every
 * operation step issues is a kernel launch on b->stream, all capturable. Returns 0 on success. */
static int record_step(hw_backend *b, hw_step_fn step, hw_integrator integ, double dt)
{
    if (b->gexec) { cudaGraphExecDestroy(b->gexec); b->gexec = NULL; }
    if (!b->cap_stream && cudaStreamCreate(&b->cap_stream) != cudaSuccess) return -1;
    if (cudaStreamBeginCapture(b->cap_stream, cudaStreamCaptureModeThreadLocal) != cudaSuccess)
        return -1;
    b->stream = b->cap_stream;
    b->t_step = b->d_step;
    b->t_base = b->d_tbase;
    b->t_dt = dt;
    step(&CUDA_OPS, b, integ, 0.0, dt);
    k_advance_step<<<1, 1, 0, b->cap_stream>>>(b->d_step);
    b->stream = 0;
    b->t_step = NULL;
    b->t_base = NULL;
    cudaGraph_t g = NULL;
    cudaError_t e = cudaStreamEndCapture(b->cap_stream, &g);
    if (e == cudaSuccess) e = cudaGraphInstantiate(&b->gexec, g, 0);
    if (g) cudaGraphDestroy(g);
    if (e != cudaSuccess) {
        b->gexec = NULL;
        cudaGetLastError(); // a failed capture or instantiation is not sticky: clear it
        return -1;
    }
    b->g_integ = (int)integ;
    b->g_dt = dt;
    b->g_fn = step;
    return 0;
}

/* n steps as n replays of the recorded step: no host synchronization, one launch per step.
 * The capture stream is a blocking stream, so the replays are ordered after earlier work on the
 * legacy default stream (upload, constrain) and before later work there (take_bad, download). */
static hw_status cu_step_n(hw_backend *b, hw_step_fn step, hw_integrator integ, double t0,
                           long step0, double dt, int n)
{
    if (n <= 0) return HW_OK;
    if (b->fz && (int)integ <= (int)HW_INT_RK4) { // the fused step has the one-step schemes only
        int r = hw_fused_step_n(b->fz, &b->S, &b->w, &b->acc, b->buf, b->ny, (int)integ, t0, step0, dt, n);
        if (r == 0) return HW_OK;
        if (r == -2) return HW_ERR_IO;
        hw_fused_destroy(b->fz); // the fused step cannot start here: the baseline from now on
        b->fz = NULL;
    }
    int fresh = b->gexec && b->g_integ == (int)integ && b->g_dt == dt && b->g_fn == step;
    if (!fresh && !b->g_failed && record_step(b, step, integ, dt)) b->g_failed = 1;
    if (!b->gexec || b->g_failed) { // fallback: the host's loop on the legacy stream
        for (int k = 0; k < n; k++) step(&CUDA_OPS, b, integ, t0 + (double)(step0 + k) * dt, dt);
        return cudaGetLastError() == cudaSuccess ? HW_OK : HW_ERR_IO;
    }
    k_set_step<<<1, 1, 0, b->cap_stream>>>(b->d_step, (long long)step0, b->d_tbase, t0);
    cudaError_t e = cudaSuccess;
    for (int k = 0; k < n && e == cudaSuccess; k++) e = cudaGraphLaunch(b->gexec, b->cap_stream);
    if (e == cudaSuccess) e = cudaGetLastError();
    return e == cudaSuccess ? HW_OK : HW_ERR_IO;
}

extern "C" int hw_cu_reduce_segments(const double *seg_T, const double *seg_strain, int n,
                                     hw_lm_reduction *out);

static hw_status cu_max_tension(hw_backend *b, hw_lm_reduction *out)
{
    if (!out) return HW_ERR_INVALID_ARG;
    return hw_cu_reduce_segments(b->w.seg_T, b->w.seg_strain, b->S.n_segs, out) ? HW_ERR_IO : HW_OK;
}

extern "C" int hw_cu_trip_scan(const double *seg_T, const double *seg_trip, int n,
                               hw_lm_reduction *out);

static hw_status cu_trip_scan(hw_backend *b, hw_lm_reduction *out)
{
    if (!out) return HW_ERR_INVALID_ARG;
    return hw_cu_trip_scan(b->w.seg_T, b->S.seg_trip, b->S.n_segs, out) ? HW_ERR_IO : HW_OK;
}

extern "C" const hw_backend_ops *hw_cuda_backend(void) { return &CUDA_OPS; }

extern "C" int hw_cuda_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError(); // clear the sticky "no driver / no device" error
        return 0;
    }
    return n;
}
