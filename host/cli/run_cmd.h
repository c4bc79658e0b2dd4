/* `hawser run`'s options and its run function (main.c), shared with `hawser sweep` (sweep.c), which
 * runs each case through the same function with the case's overrides. */
#ifndef HW_CLI_RUN_CMD_H
#define HW_CLI_RUN_CMD_H

#include "hawser/hawser.h"

/* Exit codes of the program (README "Command line"). */
enum {
    EXIT_OK = 0,
    EXIT_USAGE = 2,
    EXIT_INPUT = 3,
    EXIT_NUMERICAL = 4,
    EXIT_NO_DEVICE = 5,
    EXIT_IO = 6,
    EXIT_NOMEM = 7
};

typedef struct run_opts {
    const char *scenario, *out_dir;
    double dt, t_end;
    int have_dt, have_t_end, quiet, formats;
    int allow_unstable_dt, no_monitor;
    hw_backend_kind backend;
    int have_backend;
    double ck_every;    /* --checkpoint-every (0: none) */
    const char *resume; /* --resume DIR */
    const char *const *overrides; /* "KEY.PATH=VALUE" applied to the scenario (hawser sweep) */
    int n_overrides;
} run_opts;

/* Runs one scenario as `hawser run` does (results in o->out_dir, the summary on stdout); returns
 * the exit code. */
int hw_cli_run(run_opts *o);

/* `hawser sweep BASE SWEEP.yaml [options]` (sweep.c, docs/sweep.md); argv[1] is "sweep". */
int hw_cli_sweep(int argc, char **argv);

#endif
