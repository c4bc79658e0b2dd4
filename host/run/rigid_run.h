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
#include "io/run_stats.h"
#include "io/scenario.h"
#include "io/scenario_rigid.h"

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

/* Builds the scenario's rigid cables (if any) at step dt, logs their parameters (alpha, beta, eps
 * per family, effective EA, EI, GJ), creates dir and writes the CSV header. Errors of the
 * definition at this dt come back as "FILE:LINE: FIELD: ...". dir NULL: no file (the cables only,
 * for hw_world_load; hw_rc_runner_advance_to is then not to be called). */
hw_status hw_rc_runner_start(hw_rc_runner *r, const hw_scenario *sc, const char *dir, double dt,
                             hw_backend_kind backend, hw_log_fn log, void *log_user, char *msg,
                             size_t msg_len);
/* Steps of dt to time t (end kinematics from the points at every step), then a row. t must be
 * a whole number of steps away (hw_rc_check_times; HW_ERR_INPUT otherwise). A no-op without
 * rigid cables. */
hw_status hw_rc_runner_advance_to(hw_rc_runner *r, double t, char *msg, size_t msg_len);
/* The ends on moving points set from the points' motion at the cables' time (what
 * hw_rc_runner_advance_to does before each step; hw_world_load's pre-step hook without lumped
 * lines). */
hw_status hw_rc_runner_follow_points(hw_rc_runner *r);
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

#endif
