/* Checkpoints of a CLI run and resuming one (`hawser run --checkpoint-every T`, `hawser run
 * --resume DIR`; docs/outputs.md "Checkpoint and resume").
 *
 * DIR/checkpoint.hwck holds the simulation's records (checkpoint.c) and the run's: the scenario
 * path (as given and absolute), a hash of its bytes, the options that change the run (--dt,
 * --t-end, --format, the checkpoint interval, the backend), the byte size of every text output
 * (CSV, the MoorDyn .out table), the ParaView frame count and index size, the HDF5 row count,
 * the output row count and the summary statistics. A resume takes each output file back to
 * exactly what it held at the checkpoint and appends from there. */
#ifndef HW_HOST_RUN_RESUME_H
#define HW_HOST_RUN_RESUME_H

#include <stdint.h>

#include "io/bodies_out.h"
#include "io/checkpoint.h"
#include "io/moordyn_out.h"
#include "run/network_run.h"
#include "io/output.h"
#include "run/rigid_run.h"

#define HW_RUN_CK_NAME "checkpoint.hwck"

/* The options of a run that a checkpoint records (and a resume takes back). */
typedef struct hw_run_ck_opts {
    char scenario[4096];     /* as given on the command line */
    char scenario_abs[4096]; /* absolute */
    double dt, t_end, every;
    int have_dt, have_t_end, formats, backend;
    int allow_unstable_dt, no_monitor; /* --allow-unstable-dt, --no-monitor */
} hw_run_ck_opts;

typedef struct hw_run_ck {
    hw_run_ck_opts opts;
    uint64_t scenario_hash;  /* FNV-1a 64 of the scenario file's bytes */
    char dir[4096];          /* the output directory */
    char path[4200];         /* DIR/checkpoint.hwck */
    double next_t;           /* the next checkpoint time */
    int unsupported;         /* the run has parts a checkpoint cannot hold yet (why: reason) */
    char reason[256];
    hw_ck *loaded;           /* resume: the checkpoint read */
    hw_rc_runner *rig;       /* the rigid cables and the 1-D network stepped beside the lines */
    hw_net_runner *netr;     /* (set once they are started; NULL or empty: none) */
    hw_world *world;         /* the world with bodies (its records and the bodies' names), and */
    hw_bodies_out *bout;     /* bodies.csv (NULL: no bodies) */
    long steps;              /* steps taken (rigid-only and network-only runs keep it) */
    double net_dt;           /* the network's step, for a network-only run */
} hw_run_ck;

/* Resume, first step: reads DIR/checkpoint.hwck, checks its format and version, and fills
 * r->opts with the run's recorded options (HW_ERR_INPUT with the reason). */
hw_status hw_run_ck_read(hw_run_ck *r, const char *dir, char *msg, size_t msg_len);
/* Sets up checkpointing of a run into dir: the options (o; copied), the scenario's hash (the
 * file read again), the next checkpoint time. On resume (r->loaded), checks that the scenario
 * file and options are the ones recorded. */
hw_status hw_run_ck_init(hw_run_ck *r, const hw_run_ck_opts *o, const char *dir, char *msg,
                         size_t msg_len);
/* Resume, before the outputs are opened: sets every recorded output file aside (NAME.resume), so
 * that opening the outputs afresh does not destroy them. */
hw_status hw_run_ck_set_aside(hw_run_ck *r, const char *dir, char *msg, size_t msg_len);
/* Resume, after the outputs are opened and the rigid cables and network started (r->rig,
 * r->netr) and the world built with its rigid cables (r->world, r->bout): checks that the bodies'
 * names are the scenario's, loads the simulation's state, theirs, the world's and its bodies', takes every output back
 * to its size at the checkpoint (reopened for appending), and the statistics. */
hw_status hw_run_ck_restore(hw_run_ck *r, hw_sim *sim, hw_outputs *out, hw_md_out *mdo,
                            char *msg, size_t msg_len);
/* sim, out, mdo: NULL in a run without lumped lines (rigid cables or a network only). */
/* Whether the run's parts can be checkpointed (HW_ERR_UNSUPPORTED with the reason: rigid cables
 * on the CUDA backend); called once they are started, when checkpoints are asked for. */
hw_status hw_run_ck_supported(const hw_run_ck *r, char *msg, size_t msg_len);
/* Writes the checkpoint now. */
hw_status hw_run_ck_write(hw_run_ck *r, hw_sim *sim, hw_outputs *out, hw_md_out *mdo, char *msg,
                          size_t msg_len);
/* Tests only: HAWSER_TEST_SIGNAL="STEP:SIG" in the environment raises SIG once a run's step
 * count passes STEP (from s0 before the call to s1 after it), so a test stops or kills a run at a
 * known step. cap: the most steps a call from s0 may take to stop right at STEP (n unchanged when
 * the hook is off or STEP is not within). */
long hw_run_ck_test_cap(long s0, long n);
#define HW_TEST_NO_CAP (1L << 40) /* n for "up to the next row, however far" */
void hw_run_ck_test_signal(long s0, long s1);
/* After an output row: writes the checkpoint when the interval has passed (nothing when
 * checkpoints are off, every <= 0). */
hw_status hw_run_ck_maybe(hw_run_ck *r, hw_sim *sim, hw_outputs *out, hw_md_out *mdo, char *msg,
                          size_t msg_len);
void hw_run_ck_free(hw_run_ck *r);

#endif
