/* A scenario with rigid cables and no lumped lines, run to its end (rigid_only.c). */
#ifndef HW_HOST_RIGID_ONLY_H
#define HW_HOST_RIGID_ONLY_H

#include <signal.h>

#include "hawser/hawser.h"
#include "io/scenario.h"

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
