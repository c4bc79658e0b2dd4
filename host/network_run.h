/* Stepping a scenario's 1-D network from the CLI: DIR/network.csv (time, node positions and
 * velocities, rotational node angles and speeds, element forces, rail-mass x_log, dissipated
 * energies), written one flushed row per output time so a run that stops early leaves it valid. */
#ifndef HW_HOST_NETWORK_RUN_H
#define HW_HOST_NETWORK_RUN_H

/* The most steps a run may take (t_end / dt); more is refused as invalid input ("1e15" in its
 * message). */
#ifndef HW_RUN_MAX_STEPS
#define HW_RUN_MAX_STEPS 1e15
#endif

#include <stdio.h>

#include "hawser/network.h"
#include "scenario.h"

typedef struct hw_net_runner {
    hw_net *net;   /* NULL when the scenario has no network */
    FILE *csv;
    long rows;
} hw_net_runner;

/* Builds the scenario's network (if any), creates dir and writes the header and the t = 0 row. */
hw_status hw_net_runner_start(hw_net_runner *r, const hw_scenario *sc, const char *dir, hw_log_fn log,
                              void *log_user, char *msg, size_t msg_len);
/* Steps the network by dt (n_steps times) and appends a row. A no-op without a network. */
hw_status hw_net_runner_advance(hw_net_runner *r, double dt, long n_steps, char *msg, size_t msg_len);
void hw_net_runner_end(hw_net_runner *r);

/* A scenario with only a network: runs it at solver.dt (0 = 0.01 s) to solver.t_end, writes
 * DIR/network.csv every outputs.interval and a JSON summary (stdout and DIR/summary.json). */
hw_status hw_net_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir, int quiet,
                              hw_log_fn log, void *log_user, char *msg, size_t msg_len);

#endif
