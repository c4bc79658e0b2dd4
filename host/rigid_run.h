/* Stepping a scenario's rigid-cylinder cables (`rigid_cables:`, scenario_rigid.h) from the CLI:
 * DIR/rigid.csv (time_s; per cable the forces on the end points A and B, the axial tension at the
 * two ends and the largest along the cable, with a reel winch its deployed length, speed,
 * tension and element count, and with body ends each body's position and velocity), a first row at t = 0 (the start state; its forces and tensions, which come from a
 * step's solve, are NaN) and one
 * flushed row per output time so a run that stops early leaves it valid; the parameters in use logged at the start and written to the summary. */
#ifndef HW_HOST_RIGID_RUN_H
#define HW_HOST_RIGID_RUN_H

#include <signal.h>
#include <stdio.h>

#include "hawser/rigid.h"
#include "run_stats.h"
#include "scenario.h"
#include "scenario_rigid.h"

typedef struct hw_rc_runner {
    hw_rc *rc;               /* NULL when the scenario has no rigid cables */
    const hw_scenario *sc;
    FILE *csv;
    char csv_path[4200];     /* DIR/rigid.csv, for messages */
    long rows;
    double *t;               /* scratch: tensions of the cable with the most elements (t_cap) */
    int t_cap;
    double *max_t, *max_time; /* per cable: the largest tension seen in a row, and when */
    hw_run_stats *end_stats;  /* per cable: TA, TB statistics over the output rows after t = 0 (2 per cable) */
    double **spline;         /* per scenario point: a motion table's spline (NULL: none) */
} hw_rc_runner;

/* The most elements cable c can have: its count, or with a reel winch enough for the longest it
 * may pay out (the output writers size their slots with it). */
int hw_rc_max_elements(const hw_rc_cable_def *c);
/* Builds the scenario's rigid cables (if any) at step dt, logs their parameters (alpha, beta, eps
 * per family, effective EA, EI, GJ), creates dir and writes the CSV header. Errors of the
 * definition at this dt come back as "FILE:LINE: FIELD: ...". */
hw_status hw_rc_runner_start(hw_rc_runner *r, const hw_scenario *sc, const char *dir, double dt,
                             hw_backend_kind backend, hw_log_fn log, void *log_user, char *msg,
                             size_t msg_len);
/* Steps of dt to time t (end kinematics from the points at every step), then a row. t must be
 * a whole number of steps away (hw_rc_check_times; HW_ERR_INPUT otherwise). A no-op without
 * rigid cables. */
hw_status hw_rc_runner_advance_to(hw_rc_runner *r, double t, char *msg, size_t msg_len);
/* Rigid cables step at a fixed dt (alpha, beta, eps are set for it): the output rows land on
 * k x outputs.interval and on solver.t_end only when dt divides both. HW_ERR_INPUT naming the
 * values and a dt that does otherwise (also checked by hw_rc_runner_start). */
hw_status hw_rc_check_times(const hw_scenario *sc, double dt, char *msg, size_t msg_len);
/* Beside lumped lines: the scenario's free points that are rigid cable bodies are coupled points
 * of the lumped model (scenario.c), set here to where the bodies are, so points.csv and the
 * ParaView frames show them. */
void hw_rc_runner_sync_points(const hw_rc_runner *r, hw_sim *sim);
/* ,"rigid_cables":[{name, params, max tension, end_a_tension / end_b_tension statistics over
 * the output rows, bodies}...] for a JSON summary; nothing without cables. */
void hw_rc_runner_json(FILE *f, const hw_rc_runner *r);
void hw_rc_runner_end(hw_rc_runner *r);

/* A scenario with rigid cables and no lumped lines: runs them (and a 1-D network, if any) at
 * solver.dt to solver.t_end, writes DIR/rigid.csv at t = 0, exactly k x outputs.interval and
 * t_end (timeline.h), the ParaView frames and results.h5 of the formats asked for (output.h), a
 * progress report on stderr (none when quiet) and a JSON summary (stdout and DIR/summary.json). HW_ERR_INPUT before anything
 * runs when the steps cannot be counted or dt does not divide the interval and t_end. */
struct hw_run_ck;
/* ck (or NULL): checkpoints of the run and, when it holds a loaded checkpoint, the resume
 * (run_resume.h); stop (or NULL): a signal flag checked at every output row: the run then writes
 * a final checkpoint and its summary (status interrupted) and returns HW_INTERRUPTED. */
hw_status hw_rc_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir,
                             hw_backend_kind backend, int quiet, hw_log_fn log, void *log_user,
                             struct hw_run_ck *ck, const volatile sig_atomic_t *stop, char *msg,
                             size_t msg_len);

#endif
