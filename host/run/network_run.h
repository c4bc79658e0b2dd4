/* Stepping a scenario's 1-D network from the CLI: DIR/network.csv (time, node positions and
 * velocities, rotational node angles and speeds, element forces, rail-mass x_log, dissipated
 * energies), written one flushed row per output time so a run that stops early leaves it valid. */
#ifndef HW_HOST_NETWORK_RUN_H
#define HW_HOST_NETWORK_RUN_H

#include <signal.h>
#include <stdio.h>

#include "hawser/network.h"
#include "io/run_stats.h"
#include "io/scenario.h"

typedef struct hw_net_runner {
    hw_net *net;   /* NULL when the scenario has no network */
    FILE *csv;
    long rows;
    long steps;    /* hw_net_step calls by hw_net_runner_advance_to */
    char csv_path[4200]; /* DIR/network.csv, for messages */
    hw_run_stats *force_stats; /* per element: its force over the output rows */
} hw_net_runner;

/* Builds the scenario's network (if any), creates dir and writes the header and the t = 0 row. */
hw_status hw_net_runner_start(hw_net_runner *r, const hw_scenario *sc, const char *dir, hw_log_fn log,
                              void *log_user, char *msg, size_t msg_len);
/* Steps the network to time t, in steps of dt and a last one that lands on t exactly (none when
 * it is already there, to the time tolerance), and appends a row. A no-op without a network. */
hw_status hw_net_runner_advance_to(hw_net_runner *r, double dt, double t, char *msg, size_t msg_len);
/* ,"network_elements":[{name, force: statistics over the output rows, dissipated_J}...] for a
 * JSON summary; nothing without a network. */
void hw_net_runner_json(FILE *f, const hw_net_runner *r);
void hw_net_runner_end(hw_net_runner *r);

#endif
