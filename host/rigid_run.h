/* Stepping a scenario's rigid-cylinder cables (`rigid_cables:`, scenario_rigid.h) from the CLI:
 * DIR/rigid.csv (time_s; per cable the forces on the end points A and B, the axial tension at the
 * two ends and the largest along the cable, with a reel winch its deployed length, speed,
 * tension and element count, and with body ends each body's position and velocity), one flushed
 * row per output time so a run that stops early leaves it valid; the parameters in use logged at the start and written to the summary. */
#ifndef HW_HOST_RIGID_RUN_H
#define HW_HOST_RIGID_RUN_H

/* The most steps a run may take (t_end / dt); more is refused as invalid input ("1e15" in its
 * message). */
#ifndef HW_RUN_MAX_STEPS
#define HW_RUN_MAX_STEPS 1e15
#endif

#include <stdio.h>

#include "hawser/rigid.h"
#include "scenario.h"
#include "scenario_rigid.h"

typedef struct hw_rc_runner {
    hw_rc *rc;               /* NULL when the scenario has no rigid cables */
    const hw_scenario *sc;
    FILE *csv;
    long rows;
    double *t;               /* scratch: tensions of the cable with the most elements (t_cap) */
    int t_cap;
    double *max_t, *max_time; /* per cable: the largest tension seen in a row, and when */
} hw_rc_runner;

/* Builds the scenario's rigid cables (if any) at step dt, logs their parameters (alpha, beta, eps
 * per family, effective EA, EI, GJ), creates dir and writes the CSV header. Errors of the
 * definition at this dt come back as "FILE:LINE: FIELD: ...". */
hw_status hw_rc_runner_start(hw_rc_runner *r, const hw_scenario *sc, const char *dir, double dt,
                             hw_backend_kind backend, hw_log_fn log, void *log_user, char *msg,
                             size_t msg_len);
/* n_steps steps of dt (end kinematics from the points at every step), then a row. A no-op
 * without rigid cables. */
hw_status hw_rc_runner_advance(hw_rc_runner *r, long n_steps, char *msg, size_t msg_len);
/* Beside lumped lines: the scenario's free points that are rigid cable bodies are coupled points
 * of the lumped model (scenario.c), set here to where the bodies are, so points.csv and the
 * ParaView frames show them. */
void hw_rc_runner_sync_points(const hw_rc_runner *r, hw_sim *sim);
/* ,"rigid_cables":[{name, params, max tension, bodies}...] for a JSON summary; nothing without
 * cables. */
void hw_rc_runner_json(FILE *f, const hw_rc_runner *r);
void hw_rc_runner_end(hw_rc_runner *r);

/* A scenario with rigid cables and no lumped lines: runs them (and a 1-D network, if any) at
 * solver.dt to solver.t_end, writes DIR/rigid.csv every outputs.interval and a JSON summary
 * (stdout and DIR/summary.json). */
hw_status hw_rc_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir,
                             hw_backend_kind backend, hw_log_fn log, void *log_user, char *msg,
                             size_t msg_len);

#endif
