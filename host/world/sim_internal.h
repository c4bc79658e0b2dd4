/* Internals shared by the host layer's files: the simulation object and the model builder. */
#ifndef HW_HOST_SIM_INTERNAL_H
#define HW_HOST_SIM_INTERNAL_H

#include "hawser/hawser.h"
#include "backend.h"

/* The flat system built from a definition, with every host array it owns. */
typedef struct hw_model {
    hw_lm_sys S;
    double *y0;          /* initial state (HW_Y_BLOCKS * n_state) */
    char **line_names, **point_names;
    double *ln_wsub;     /* submerged weight per length, N/m (catenary, statics) */
    double *ln_length;
    void **owned;        /* every allocation, freed together */
    int n_owned, cap_owned;
} hw_model;

hw_status hw_model_build(const hw_model_def *def, hw_model *m, char *msg, size_t msg_len);
void hw_model_free(hw_model *m);

/* Position and velocity at time t of a point definition (fixed or prescribed: the motion
 * functions of kernels/physics/motion.h the solver uses; model_check.c). spline: the table's
 * second derivatives from hw_point_spline, or NULL (computed and freed on each call, O(rows)). */
void hw_point_kinematics(const hw_point_def *p, const double *spline, double t, double pos[3],
                         double vel[3]);
/* A table point's natural-spline second derivatives (3 per row, malloc'd; free()); NULL for
 * other points or when out of memory. */
double *hw_point_spline(const hw_point_def *p);

/* Largest stable step of an integrator for a mode of angular frequency w and damping ratio z
 * (found by bisection on the spectral radius of the scheme's one-step map). */
double hw_stable_step(hw_integrator integ, double w, double zeta);
/* Critical step of the system for an integrator, and the limiting line and segment (1-based). */
double hw_model_critical_step(const hw_model *m, hw_integrator integ, int *line, int *segment);

/* Static equilibrium by Newton iteration on the CPU backend, in place on y (see statics.c). */
typedef struct hw_static_result { double residual; int iterations; double max_tension; } hw_static_result;
hw_status hw_static_solve(const hw_model *m, double *y, double tol, int max_iter,
                          hw_static_result *res, hw_log_fn log, void *log_user, char *msg,
                          size_t msg_len);

/* Energy of a state (CPU, physics headers). */
void hw_model_energy(const hw_model *m, double t, const double *y, hw_energy *e);

/* One step of an integrator over a backend: y(t) -> y(t + dt). */
void hw_integrate_step(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ, double t,
                       double dt);

/* The blow-up check once per hw_sim_step call (on: the default on backends with step_n) or after
 * every step (off: the CPU default). Tests use it to run the per-call path on the CPU. */
void hw_sim_set_check_per_call(hw_sim *sim, int on);

/* The backend's max_tension over the forces at the current state (evaluated there if the
 * outputs' copy is stale): the largest segment tension, its segment, the non-finite count. */
hw_status hw_sim_max_tension(hw_sim *sim, hw_lm_reduction *out);

/* Exact times (timeline.c, also in timeline.h). Two times closer than this are the same step boundary: 1e-9 of a
 * step (far below anything a step resolves) plus 8 rounding units of t (what t_base + k dt and a
 * caller's k * interval can differ by), at most a quarter step. */
double hw_time_tolerance(double dt, double t);
/* The most steps (or rows) a run may count: 2^53, the last integer a double (the time
 * arithmetic) holds exactly; a long holds more. */
#define HW_MAX_STEPS 9007199254740992.0
/* The forces at the current state in sim->w (evaluated unless still valid). */
hw_status hw_sim_refresh_work(hw_sim *sim);

/* Every-step extremes and instability monitor (extremes.c, monitor.c): sets the accumulators up
 * on the backend (the lines' tension scales from the forces at the current state); explains a
 * monitor trip of a line in sim->err. */
hw_status hw_sim_accum_init(hw_sim *sim);
void hw_sim_monitor_diagnose(hw_sim *sim, int line, long n_window, double t_from);

void hw_logf(hw_log_fn log, void *user, int level, const char *fmt, ...);

/* Winches in reel mode and sheaves (winch.c). */
int hw_line_reels(const hw_model_def *def, int line, hw_winch_end end); /* winch or sheave end */
/* One entry per line end (2 l + 0: end A, 2 l + 1: end B; on = 0 where it does not reel) and
 * per sheave: the reel state of kernels/reel.h, which the backend updates every step where it
 * computes (reel_before / reel_after). The host's arrays are the backend's own on the CPU (its
 * reports then come after every step) and a copy on the GPU, read back (reel_get) once per
 * hw_sim_step call, after a shortened step, and after every step while a failure rule is armed. */
typedef hw_reel_end hw_winch_rt;
typedef hw_reel_sheave hw_sheave_rt;
typedef struct hw_winches {
    int n, any, need_tension;
    hw_winch_rt *w;        /* n = 2 n_lines */
    int n_sheaves;
    hw_sheave_rt *sh;
    hw_reel_sys R;         /* the view of w, sh and the reeling lines the backend gets */
    long *seen;            /* per end: n_max, n_min, err reported so far; per sheave: n_end */
} hw_winches;
hw_status hw_winches_init(hw_winches *W, const hw_model_def *def, hw_model *m);
void hw_winches_free(hw_winches *W);
/* After the static solve: slides cable over the sheaves until their tensions balance, solving
 * statics again each time (y: the host state, uploaded to the backend at the end). */
hw_status hw_winches_balance(hw_winches *W, hw_model *m, const hw_backend_ops *ops, hw_backend *b,
                             double *y, double tol, int max_iter, hw_static_result *res,
                             hw_log_fn log, void *log_user, char *msg, size_t msg_len);
/* After the backend's reel state was read back (reel_get): logs the end stops and sheave stops
 * that engaged since the last call, each with its time; a reeling end that ran out of segment
 * slots fails the run (HW_ERR_STATE, err says which line and when). */
hw_status hw_winches_report(hw_winches *W, const hw_model *m, hw_log_fn log, void *log_user,
                            char *err, size_t err_len);
/* One step of integrator integ from t over dt with the reel updates around it: reel_before,
 * hw_integrate_step, reel_after (the step step_n records for a reeling model). */
void hw_integrate_step_reel(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ,
                            double t, double dt);

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
    /* Time keeping: t = t_base + (steps - steps_base) * dt, so whole steps never accumulate
     * rounding; a shortened step (hw_sim_advance_to) lands exactly on its target and rebases
     * (t_base = that target, steps_base = steps). A checkpoint saves t, dt, steps, t_base and
     * steps_base (t is derived but kept: it is the value the outputs print). */
    double t, dt, dt_crit;
    double t_base;
    long steps_base;
    int crit_line, crit_seg;
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
    char err[1024];
};

#endif
