/* A scenario with only a 1-D network, run to its end (network_only.c). */
#ifndef HW_HOST_NETWORK_ONLY_H
#define HW_HOST_NETWORK_ONLY_H

#include <signal.h>

#include "hawser/hawser.h"
#include "io/scenario.h"

/* A scenario with only a network: runs it at solver.dt (0 = 0.01 s) to solver.t_end, writes
 * DIR/network.csv at t = 0, exactly k x outputs.interval and t_end (timeline.h), results.h5 with
 * hdf5 (output.h; no ParaView: a warning says so), a progress report on stderr (none when quiet)
 * and a JSON summary (stdout and DIR/summary.json). HW_ERR_INPUT before anything runs when the steps cannot be
 * counted (t_end / dt beyond 2^53). */
struct hw_run_ck;
/* ck, stop: as for hw_rc_run_scenario (rigid_only.h). */
hw_status hw_net_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir, int quiet,
                              hw_log_fn log, void *log_user, struct hw_run_ck *ck,
                              const volatile sig_atomic_t *stop, char *msg, size_t msg_len);

#endif
