/* A scenario with rigid cables and no lumped lines, run to its end: the run loop over output rows, checkpoints and the summary. */
#include "run/rigid_only.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/files.h"
#include "run/network_run.h"
#include "run/rigid_run.h"
#include "run/run_resume.h"
#include "world/timeline.h"

static void summary(FILE *f, const char *status, const char *message, const char *scenario, const hw_rc_runner *r,
                    long steps, double wall, const char *dir)
{
    fprintf(f, "{\"status\":\"%s\"", status);
    if (message) { fprintf(f, ",\"message\":"); hw_json_string(f, message); }
    fprintf(f, ",\"scenario\":"); hw_json_string(f, scenario);
    if (r->rc) fprintf(f, ",\"steps\":%ld,\"wall_s\":%.4f", steps, wall);
    hw_rc_runner_json(f, r);
    fprintf(f, ",\"output_dir\":"); hw_json_string(f, dir);
    fprintf(f, "}\n");
}

/* summary() with its arguments, for hw_close_run_files. */
typedef struct rc_summary_args {
    const char *status, *message, *scenario, *dir;
    const hw_rc_runner *r;
    long steps;
    double wall;
} rc_summary_args;
static void rc_summary(FILE *f, void *ctx)
{
    const rc_summary_args *a = (const rc_summary_args *)ctx;
    summary(f, a->status, a->message, a->scenario, a->r, a->steps, a->wall, a->dir);
}

hw_status hw_rc_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir,
                             hw_backend_kind backend, hw_log_fn log, void *log_user, hw_run_ck *ck,
                             const volatile sig_atomic_t *stop, char *msg, size_t msg_len)
{
    hw_rc_runner r;
    hw_net_runner net;
    memset(&net, 0, sizeof net);
    double dt = sc->model.solver.dt;
    long done = 0;
    clock_t c0 = clock();
    const char *status = "ok";
    hw_timeline tl;
    hw_status st = hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, dt, msg, msg_len);
    if (st) return st; /* before anything is written: the counts cannot be represented */
    st = hw_rc_runner_start(&r, sc, dir, dt, backend, log, log_user, msg, msg_len);
    if (st == HW_OK) st = hw_net_runner_start(&net, sc, dir, log, log_user, msg, msg_len);
    if (st == HW_OK && ck) { /* checkpoints (run_resume.h): on resume, the state and files back */
        ck->rig = &r;
        ck->netr = &net;
        if ((ck->opts.every > 0 && (st = hw_run_ck_supported(ck, msg, msg_len))) ||
            (ck->loaded && (st = hw_run_ck_restore(ck, NULL, NULL, NULL, msg, msg_len))))
            status = "error";
        else if (ck->loaded) done = ck->steps;
    }
    if (st == HW_OK) {
        long k0 = ck && ck->loaded ? hw_timeline_next(&tl, hw_rc_time(r.rc), dt) : 1;
        for (long k = k0; k <= tl.n; k++) { /* rows at k x interval and t_end, exactly */
            if (stop && *stop) { /* a signal: the final checkpoint, then the summary */
                st = HW_INTERRUPTED;
                status = "interrupted";
                snprintf(msg, msg_len, "interrupted at t = %.9g s (step %ld) by %s", hw_rc_time(r.rc), done,
                         *stop == SIGTERM ? "SIGTERM" : "SIGINT");
                char cmsg[1024];
                if (ck && hw_run_ck_write(ck, NULL, NULL, NULL, cmsg, sizeof cmsg) && log) log(log_user, 1, cmsg);
                break;
            }
            double t = hw_timeline_time(&tl, k);
            st = hw_rc_runner_advance_to(&r, t, msg, msg_len);
            if (!st) st = hw_net_runner_advance_to(&net, dt, t, msg, msg_len);
            long s1 = (long)floor(hw_rc_time(r.rc) / dt + 0.5);
            if (!st) hw_run_ck_test_signal(done, s1);
            done = s1;
            if (!st && ck) {
                ck->steps = done;
                st = hw_run_ck_maybe(ck, NULL, NULL, NULL, msg, msg_len);
            }
            if (st) {
                status = st == HW_ERR_IO || st == HW_ERR_UNSUPPORTED ? "io_error" : "numerical_failure";
                break;
            }
        }
        done = (long)floor(hw_rc_time(r.rc) / dt + 0.5);
    } else {
        status = st == HW_ERR_IO ? "io_error" : "error";
    }
    double wall = (double)(clock() - c0) / CLOCKS_PER_SEC;
    summary(stdout, status, st ? msg : NULL, scenario_path, &r, done, wall, dir);
    rc_summary_args sa = {status, st ? msg : NULL, scenario_path, dir, &r, done, wall};
    st = hw_close_run_files(dir, &r.csv, r.csv_path, rc_summary, &sa, st, msg, msg_len);
    hw_net_runner_end(&net);
    hw_rc_runner_end(&r);
    return st;
}
