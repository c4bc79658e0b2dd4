/* The results table of a sweep (docs/sweep.md): OUT/sweep.csv and, built with HDF5, OUT/sweep.h5.
 * One row per case in case order: its id, the parameter values, the status (summary.json's, or
 * what the exit code says when the case wrote none), exit code and message, the largest tension
 * and utilisation, the extremes of each line, rigid cable and body in its summary, and last the
 * timing column wall_s (the only column that differs between two runs of one sweep). */
#ifndef HW_HOST_SWEEP_TABLE_H
#define HW_HOST_SWEEP_TABLE_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "io/sweep_plan.h"

typedef struct hw_sweep_result {
    int done;          /* the case ran to its end (else: not run, status not_run) */
    int exit_code;     /* its exit code; 128 + N when killed by signal N */
    double wall_s;     /* wall time of the case */
    char *summary;     /* its summary.json text, or NULL (owned) */
    char *message;     /* when the summary has none: the case's last error line, or NULL (owned) */
} hw_sweep_result;

/* The status of a case: summary.json's "status" when there is one, else from the exit code. */
void hw_sweep_status(const hw_sweep_result *r, char *buf, size_t len);

/* Writes dir/sweep.csv (and dir/sweep.h5 when built with HDF5), each replaced atomically. */
hw_status hw_sweep_table_write(const char *dir, const hw_sweep_plan *p, const hw_sweep_result *res,
                               char *msg, size_t msg_len);

#endif
