/* The backend operations table. The CPU and CUDA backends both fill it; the host's time loop and
 * integrators are written once against it. A backend keeps the state and the integrator's
 * buffers (each HW_Y_BLOCKS * n_state doubles) wherever it computes (host or device memory). */
#ifndef HW_KERNELS_BACKEND_H
#define HW_KERNELS_BACKEND_H

#include <stddef.h>
#include "hawser/hawser.h"
#include "lumped.h"
#include "reel.h"
#include "accum.h"

enum { HW_BUF_Y = 0, HW_BUF_TMP, HW_BUF_K1, HW_BUF_K2, HW_BUF_K3, HW_BUF_K4, HW_NBUF };

typedef struct hw_backend hw_backend;
typedef struct hw_backend_ops hw_backend_ops;

/* One integrator step from time t to t + dt on the backend (host/world/integrate.c's
 * hw_integrate_step): the sequence a backend's step_n records and replays. */
typedef void (*hw_step_fn)(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ,
                           double t, double dt);

/* Device-wide reductions over the scratch of the last evaluation (max_tension). */
typedef struct hw_lm_reduction {
    double max_T;     /* largest finite segment tension, N (-inf where none is finite) */
    int max_seg;      /* its segment index (the first one on ties; -1 where none) */
    int n_nonfinite;  /* segments whose tension or strain is NaN or infinite */
} hw_lm_reduction;

struct hw_backend_ops {
    const char *name;
    /* Builds a backend for the system (whose arrays it copies or references; the host keeps sys
     * alive while the backend lives). with_node_forces: also record the net load on every node
     * and free point (work.node_f; the static solver needs it). */
    hw_status (*create)(const hw_lm_sys *sys, int with_node_forces, hw_backend **out, char *msg,
                        size_t msg_len);
    void (*destroy)(hw_backend *b);
    hw_status (*upload)(hw_backend *b, int buf, const double *y);
    hw_status (*download)(hw_backend *b, int buf, double *y);
    /* Copies the scratch of the last evaluation (tensions, end and point forces...) to host
     * arrays laid out as in hw_lm_work (NULL members are skipped). */
    hw_status (*download_work)(hw_backend *b, hw_lm_work *host);
    /* Imposes point kinematics at time t on buffer buf (points, then the end nodes). */
    void (*constrain)(hw_backend *b, double t, int buf);
    /* dy = f(t, y). */
    void (*eval)(hw_backend *b, double t, int buf_y, int buf_dy);
    /* dst = src + sum_k coef[k] * buf[bufs[k]]   (nterm <= 4; dst may equal src) */
    void (*lincomb)(hw_backend *b, int dst, int src, int nterm, const double *coef,
                    const int *bufs);
    /* Semi-implicit Euler update of y with its derivative dy: v += dt a; x += dt v. */
    void (*symplectic)(hw_backend *b, int buf_y, int buf_dy, double dt);
    /* The Newmark-type update (MoorDyn's ACA and Wilson schemes) from src and the derivatives in
     * bufs[0], bufs[1]: positions dst = src + sum_j (cx[j] bufs[j] + ca[j] (bufs[j]'s acceleration
     * of the same node and axis)), every other value dst = src + sum_j cv[j] bufs[j]
     * (kernels/lumped.h hw_lm_second_order; the values after the node blocks as the velocities).
     * dst may be src, not bufs[j]. */
    void (*second_order)(hw_backend *b, int dst, int src, const int *bufs, const double *cx,
                         const double *ca, const double *cv);
    /* The first segment flagged bad by the evaluations since the last call, or -1; clears it.
     * HW_BAD_DEVICE: the device reported an error (a kernel failed in work queued since). */
    int (*take_bad)(hw_backend *b);
    /* Kinematics of a coupled point from time t on. */
    void (*set_coupled)(hw_backend *b, int point, const double pos[3], const double vel[3],
                        double t);
    /* update_line copies line l's per-line winch values (ln_nseg, ln_wseg, ln_wrate, ln_wt0)
     * and its segment lengths, segment flags (seg_alive, seg_trip: a line failure calls it after
     * breaking a segment) and node masses and lengths from the host system to the backend's (a
     * no-op where the backend shares the host arrays). */
    hw_status (*update_line)(hw_backend *b, const hw_lm_sys *host, int line);
    /* Reel mode (winches and sheaves, kernels/reel.h), where the state lives. reel_set copies the
     * host's reel state (ends, sheaves; the reeling lines and the drive tables the first time)
     * to the backend; the CPU backend keeps the host's arrays. reel_get copies it back into host
     * and rebuilds the reeling lines' ln_nseg, ln_wseg, ln_wrate, ln_wt0, seg_l0, node_m and
     * node_l in host_S from it (hw_reel_host_rebuild; a no-op where the arrays are shared).
     * reel_before and reel_after: the updates before and after the integration of the step from
     * t over dt (hw_reel_before per end; hw_reel_sheave_step per sheave, then per reeling line its
     * ends' lengths, insertions and removals, segment lengths and node masses); called inside
     * the step that step_n records (hw_integrate_step_reel), so they read the time as the other
     * kernels do. */
    hw_status (*reel_set)(hw_backend *b, const hw_reel_sys *host);
    hw_status (*reel_get)(hw_backend *b, hw_lm_sys *host_S, hw_reel_sys *host);
    void (*reel_before)(hw_backend *b, double t, double dt);
    void (*reel_after)(hw_backend *b, double t, double dt);
    /* Optional (NULL where the host's loop over step() is as good, as on the CPU): n steps of
     * integrator integ, step k running from t = t0 + (k0 + k) * dt, rounded as written (the
     * time hw_sim_step keeps: t0 its t_base, k0 its steps since then),
     * with no host synchronization between them. step is hw_integrate_step: the backend records
     * the operations one call of it issues (eval, lincomb, constrain, symplectic, second_order) and replays
     * them n times, reading the time from device memory. Only for models whose host needs
     * nothing between steps (reeling runs inside the step: hw_integrate_step_reel). The bad flag accumulates over the n
     * steps (take_bad afterwards gives the first bad segment index of any of them). */
    hw_status (*step_n)(hw_backend *b, hw_step_fn step, hw_integrator integ, double t0,
                        long k0, double dt, int n);
    /* The largest segment tension and the count of non-finite tensions or strains over the
     * scratch of the last evaluation, computed where the scratch lives (Thrust on the device). */
    hw_status (*max_tension)(hw_backend *b, hw_lm_reduction *out);
    /* Line failure: over the scratch of the last evaluation, the segment whose tension exceeds
     * its seg_trip by the largest ratio T / trip (the first index on ties): max_seg (-1: none
     * tripped), max_T its tension, n_nonfinite the number of segments tripped. Computed where
     * the scratch lives (Thrust on the device); seg_trip reaches the device with create and
     * update_line. */
    hw_status (*trip_scan)(hw_backend *b, hw_lm_reduction *out);
    /* Every-step accumulators (kernels/accum.h), where the state lives. accumulate: from the
     * scratch of the evaluation just made at time t (hw_integrate_step calls it after the first
     * evaluation of every step): the extremes, end statistics and monitor; a monitor trip of
     * line l raises the bad flag with n_segs + l. acc_get / acc_set copy the whole accumulator
     * state (HW_ACC_SEG_NV * n_segs and HW_ACC_LINE_NV * n_lines doubles) to / from the host;
     * acc_set also says whether the monitor may stop the run. */
    void (*accumulate)(hw_backend *b, double t);
    hw_status (*acc_get)(hw_backend *b, double *seg, double *line);
    hw_status (*acc_set)(hw_backend *b, const double *seg, const double *line, int monitor);
    /* Waves (kernels/lumped.h hw_lm_wave_refresh): at the start of a step from time t, every
     * state slot of buffer buf whose sampling interval moved takes new kinematics samples.
     * Nothing without waves (sys->wv.n == 0). Called inside the step that step_n records
     * (hw_integrate_step), so it reads the time as the other kernels do. */
    void (*wave_refresh)(hw_backend *b, double t, int buf);
    /* Waves: the samples (hw_lm_sys wv_k, wv_s0, wv_s1) copied to / from host arrays k (n_state
     * interval indices) and s (2 HW_WS_N n_state doubles: wv_s0's block, then wv_s1's), for
     * checkpoints (hw_sim_wave_samples_get / set). wave_set also forgets the backend's own
     * memory of its last refresh, so the next step refreshes exactly where the run that saved
     * the samples would have. k or s may be the arrays the backend shares (the CPU's: no copy).
     * Nothing without waves (sys->wv.n == 0). */
    hw_status (*wave_get)(hw_backend *b, int *k, double *s);
    hw_status (*wave_set)(hw_backend *b, const int *k, const double *s);
    /* A clamped end's direction and its rate (hw_lm_sys ln_cdir, ln_cdot of end slot e) from
     * now on (the body carrying its point has turned; hw_sim_set_end_clamp). */
    void (*set_clamp)(hw_backend *b, int e, const double dir[3], const double dot[3]);
    /* Syrope lines (hw_lm_sys n_syr > 0): every segment's running maximum and branch flag and
     * every line's working-curve Tmax (seg_syr, hw_lm_syr_len doubles), which the evaluations
     * change, copied to / from host array v (checkpoints; kept over the outputs' evaluations). v
     * may be the array the backend shares (the CPU's: no copy). Nothing without Syrope lines. */
    hw_status (*syr_get)(hw_backend *b, double *v);
    hw_status (*syr_set)(hw_backend *b, const double *v);
};

const hw_backend_ops *hw_cpu_backend(void);
/* The CPU backend's grain (kernels/cpu/lumped_cpu.c), for tests and benches: work items of at most
 * item_segs segment slots (read when a backend is created; default 1024) and passes threaded
 * from par_min elements on (default 4096; 0: every pass); item_segs <= 0 or par_min < 0: the
 * default. Results depend on neither, nor on the thread count. */
void hw_cpu_set_grain(int item_segs, int par_min);
/* NULL when the CUDA backend is compiled out. */
const hw_backend_ops *hw_cuda_backend(void);
/* Number of CUDA devices usable now (0 without nvcc, driver or device). */
int hw_cuda_device_count(void);

#ifdef HAWSER_HAVE_CUDA
/* Defined only when CUDA is compiled in (kernels/cuda/bandwidth.cu; for the benches). The
 * device's copy bandwidth: best of reps device-to-device copies of a bytes-sized buffer, timed
 * with CUDA events, counting bytes read plus written. 0, or -1 with a message. */
int hw_cuda_copy_bandwidth(size_t bytes, int reps, double *bytes_per_s, char *msg, size_t msg_len);
/* The current device's name, compute capability, SM count and memory. 0, or -1. */
int hw_cuda_device_name(char *out, size_t len);
#endif

#endif
