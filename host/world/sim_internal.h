/* The lumped simulation's insides (struct hw_sim), shared by the files that make up hw_sim: sim.c
 * (life cycle, stepping), failure.c, extremes.c and monitor.c, and read by the checkpoint
 * (io/checkpoint.c) and by tests. What it is built from has its own headers (model/,
 * machinery/winch.h, world/integrate.h), included here for them. */
#ifndef HW_HOST_SIM_INTERNAL_H
#define HW_HOST_SIM_INTERNAL_H

#include "hawser/hawser.h"
#include "backend.h"
#include "machinery/winch.h"
#include "model/critical_step.h"
#include "model/energy.h"
#include "model/log.h"
#include "model/model_build.h"
#include "model/model_check.h"
#include "model/statics.h"
#include "world/integrate.h"
#include "world/timeline.h"
#include "sea/waves.h"

/* The blow-up check once per hw_sim_step call (on: the default on backends with step_n) or after
 * every step (off: the CPU default). Tests use it to run the per-call path on the CPU. */
void hw_sim_set_check_per_call(hw_sim *sim, int on);

/* The backend's max_tension over the forces at the current state (evaluated there if the
 * outputs' copy is stale): the largest segment tension, its segment, the non-finite count. */
hw_status hw_sim_max_tension(hw_sim *sim, hw_lm_reduction *out);

/* The forces at the current state in sim->w (evaluated unless still valid). */
hw_status hw_sim_refresh_work(hw_sim *sim);

/* Every-step extremes and instability monitor (extremes.c, monitor.c): sets the accumulators up
 * on the backend (the lines' tension scales from the forces at the current state); explains a
 * monitor trip of a line in sim->err. */
hw_status hw_sim_accum_init(hw_sim *sim);
void hw_sim_monitor_diagnose(hw_sim *sim, int line, long n_window, double t_from);

/* Line failure (failure.c). The run state of the failures is S.seg_alive (per segment) and the
 * per-line records ln[] (a checkpoint saves both); rule[] is the definition, resolved; any is
 * derived: some line has a rule and is not broken yet. */
typedef struct hw_fail_rt {
    int broken;            /* 1 once the line has broken (each rule fires once) */
    int segment;           /* global index of the broken segment (-1 before) */
    double time, tension;  /* when (s), the segment's tension then (N) */
    double released;       /* elastic energy of the segment and its hinges at the break, J */
} hw_fail_rt;
typedef struct hw_failures {
    int any;               /* a rule is armed: hw_sim_step checks after every step */
    hw_failure_def *rule;  /* per line; tension resolved (the type's mbl where use_mbl) */
    hw_fail_rt *ln;        /* per line */
} hw_failures;
/* Before the backend is created: arms the tension rules in S->seg_trip. */
hw_status hw_failures_init(hw_failures *F, const hw_model_def *def, hw_lm_sys *S);
void hw_failures_free(hw_failures *F);
/* After a step: fires the rules whose trigger holds at the step's end, breaking their segment.
 * Tension triggers read the step's last evaluation (the backend's trip_scan). */
hw_status hw_failures_after_step(hw_sim *sim);
/* For a restored run (checkpoint): after S.seg_alive and ln[] are loaded into sim, rebuilds what
 * is derived from them (any, S.seg_trip) and copies each ruled line's flags to the backend. */
hw_status hw_failures_resync(hw_sim *sim);

/* The simulation object (sim.c owns its life cycle; checkpoint, monitor and failure code read
 * and write its fields). */
struct hw_sim {
    hw_model m;
    const hw_backend_ops *ops;
    hw_backend *be;
    hw_integrator integ;
    /* what a step runs: integ, or for the iterated implicit schemes a code carrying the iteration
     * count (model/critical_step.h hw_integ_code); iterations: solver.iterations */
    hw_integrator code;
    int iterations;
    /* Multistep schemes: how many past derivatives the backend's K buffers hold (integrate.h's
     * hw_integ_history at most). Every upload of the state from the host (a state set from
     * outside, a resumed checkpoint, a line break) and every shortened step restarts it at 0, so
     * the scheme starts up again (Euler, AB2, ...). */
    int hist;
    /* Time keeping: t = t_base + (steps - steps_base) * dt, so whole steps never accumulate
     * rounding; a shortened step (hw_sim_advance_to) lands exactly on its target and rebases
     * (t_base = that target, steps_base = steps). A checkpoint saves t, dt, steps, t_base and
     * steps_base (t is derived but kept: it is the value the outputs print). */
    double t, dt, dt_crit;
    double t_base;
    long steps_base;
    int crit_line, crit_seg;
    hw_backend *nf_be;   /* a CPU backend with node forces, made on the first hw_sim_line_node_forces */
    double *nf_buf;      /* its node forces, 3 per state slot */
    double *syr_kept;    /* Syrope lines: seg_syr kept over an evaluation for the outputs (sim.c) */
    long steps;           /* every step taken, shortened ones included */
    int failed;
    double *y;         /* host copy of the state */
    int y_valid;       /* y matches the backend's state at time t */
    hw_lm_work w;      /* host copies of the last evaluation at time t */
    int w_valid;
    hw_static_result stat;
    hw_log_fn log;
    void *log_user;
    hw_winches winches;
    hw_failures fail;     /* line failure rules and their state (failure.c) */
    long n_active;        /* segments in use now (winches change it) */
    int check_per_call;   /* blow-up check once per hw_sim_step call, not per step (see step_batch) */
    double seg_steps;     /* segment-steps taken so far */
    const volatile sig_atomic_t *interrupt; /* hw_sim_set_interrupt: stop between steps when set */
    int monitor;          /* the instability monitor may stop the run (solver.instability_monitor) */
    double *acc_seg, *acc_line; /* host copies of the every-step accumulators (extremes.c) */
    hw_waves *waves;      /* the sea state of def->env.waves (NULL: still water) */
    int *wv_k;            /* the lines' wave kinematics samples (m.S.wv_k, wv_s0, wv_s1) */
    double *wv_s;
    char err[1024];
};

#endif
