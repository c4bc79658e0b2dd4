/* A scenario with rigid cables and no lumped lines, run to its end: the run loop over output rows, checkpoints and the summary. */
#include "run/rigid_only.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hawser/world.h"
#include "io/bodies_out.h"
#include "io/files.h"
#include "io/output.h"
#include "io/output_vtk.h"
#include "run/network_run.h"
#include "run/progress.h"
#include "run/rigid_run.h"
#include "run/run_resume.h"
#include "world/timeline.h"

static void summary(FILE *f, const char *status, const char *message, const char *scenario, const hw_rc_runner *r,
                    const hw_net_runner *net, long steps, double wall, const char *dir,
                    const hw_world *world, const hw_body_def *bodies)
{
    fprintf(f, "{\"status\":\"%s\"", status);
    if (message) { fprintf(f, ",\"message\":"); hw_json_string(f, message); }
    fprintf(f, ",\"scenario\":"); hw_json_string(f, scenario);
    if (r->rc) fprintf(f, ",\"steps\":%ld,\"wall_s\":%.4f", steps, wall);
    hw_rc_runner_json(f, r);
    hw_net_runner_json(f, net);
    hw_bodies_json(f, world, bodies);
    fprintf(f, ",\"output_dir\":"); hw_json_string(f, dir);
    fprintf(f, "}\n");
}

/* summary() with its arguments, for hw_close_run_files. */
typedef struct rc_summary_args {
    const char *status, *message, *scenario, *dir;
    const hw_rc_runner *r;
    const hw_net_runner *net;
    long steps;
    double wall;
    const hw_world *world;
    const hw_body_def *bodies;
} rc_summary_args;
static void rc_summary(FILE *f, void *ctx)
{
    const rc_summary_args *a = (const rc_summary_args *)ctx;
    summary(f, a->status, a->message, a->scenario, a->r, a->net, a->steps, a->wall, a->dir, a->world,
            a->bodies);
}

hw_status hw_rc_run_scenario(const hw_scenario *sc, const char *scenario_path, const char *dir,
                             hw_backend_kind backend, int quiet, hw_log_fn log, void *log_user, hw_run_ck *ck,
                             const volatile sig_atomic_t *stop, char *msg, size_t msg_len)
{
    hw_rc_runner r;
    hw_net_runner net;
    hw_outputs out;
    hw_progress pg;
    memset(&net, 0, sizeof net);
    memset(&out, 0, sizeof out);
    hw_progress_init(&pg, quiet);
    double run0 = hw_now_s();
    double dt = sc->model.solver.dt;
    long done = 0;
    clock_t c0 = clock();
    const char *status = "ok";
    hw_timeline tl;
    const hw_scn_rigid *rg = sc->rigid;
    for (int i = 0; rg && i < 2 * rg->def.n_cables; i++) { /* each end's solve integrates its body */
        int bi = i % 2 ? rg->body_b[i / 2] : rg->body_a[i / 2];
        if (bi >= 0 && sc->bodies[bi].kind != HW_BODY_FREE) continue; /* followed, not integrated */
        for (int j = 0; bi >= 0 && j < i; j++)
            if ((j % 2 ? rg->body_b[j / 2] : rg->body_a[j / 2]) == bi) {
                snprintf(msg, msg_len, "%s: body '%s' is on two rigid cable ends ('%s' end %c and '%s' end %c): a "
                         "body on one rigid cable end only for now (each end's solve integrates its body)",
                         scenario_path, sc->bodies[bi].name ? sc->bodies[bi].name : "", rg->cables[j / 2].name,
                         j % 2 ? 'B' : 'A', rg->cables[i / 2].name, i % 2 ? 'B' : 'A');
                return HW_ERR_INPUT;
            }
    }
    hw_status st = hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, dt, msg, msg_len);
    if (st) return st; /* before anything is written: the counts cannot be represented */
    hw_world *world = NULL; /* with bodies: the rigid cables and the bodies they hold (bodies.csv) */
    hw_bodies_out bout;
    memset(&bout, 0, sizeof bout);
    st = hw_rc_runner_start(&r, sc, dir, dt, backend, log, log_user, msg, msg_len);
    if (st == HW_OK && sc->n_bodies > 0) {
        hw_world_rc_body *rcb = (hw_world_rc_body *)malloc(2 * (size_t)rg->def.n_cables * sizeof *rcb + 1);
        hw_world_rc_body_end *rbe = (hw_world_rc_body_end *)malloc(2 * (size_t)rg->def.n_cables * sizeof *rbe + 1);
        int n_rcb = 0, n_rbe = 0; /* ends on free bodies (held) and on the others (following them) */
        if (rcb && rbe) hw_scenario_rigid_body_ends(rg, rcb, &n_rcb, rbe, &n_rbe);
        hw_world_def wd = hw_default_world();
        wd.lumped = &sc->model; /* no lines: the world steps the cables and the bodies (the network
                                   is its runner's) */
        wd.rigid_handle = r.rc;
        wd.n_bodies = sc->n_bodies;
        wd.bodies = sc->bodies;
        wd.n_rc_bodies = n_rcb;
        wd.rc_bodies = rcb;
        wd.n_rc_body_ends = n_rbe;
        wd.rc_body_ends = rbe;
        wd.backend = backend;
        wd.log = log;
        wd.log_user = log_user;
        wd.file = scenario_path;
        st = rcb && rbe ? hw_world_create(&wd, &world, msg, msg_len) : HW_ERR_NOMEM;
        if (!rcb || !rbe) snprintf(msg, msg_len, "out of memory");
        free(rcb);
        free(rbe);
    }
    if (st == HW_OK) st = hw_net_runner_start(&net, sc, dir, log, log_user, msg, msg_len);
    char note[512];
    if (st == HW_OK && log && hw_vtk_network_note(sc, note, sizeof note)) log(log_user, 1, note);
    /* ParaView and HDF5 (rigid.csv, network.csv are the runners'): the t = 0 row, then one per row */
    if (st == HW_OK && (st = hw_outputs_open(&out, dir, sc, msg, msg_len)) == HW_OK) {
        hw_outputs_attach(&out, r.rc, net.net);
        if (world && !(st = hw_bodies_out_open(&bout, dir, world, ck && ck->loaded, msg, msg_len))) {
            hw_outputs_attach_bodies(&out, hw_bodies_out_view(&bout)); /* bodies in ParaView, HDF5 */
            hw_bodies_out_fill(&bout, world);
        }
        if (!st && !(ck && ck->loaded)) st = hw_outputs_write(&out, NULL, msg, msg_len);
        if (!st && world && !(ck && ck->loaded)) st = hw_bodies_out_write(&bout, world, msg, msg_len);
    }
    if (st == HW_OK && ck) { /* checkpoints (run_resume.h): on resume, the state and files back */
        ck->rig = &r;
        ck->netr = &net;
        ck->world = world; /* the bodies (the ones the cables hold are in their records too) */
        ck->bout = world ? &bout : NULL;
        if ((ck->opts.every > 0 && (st = hw_run_ck_supported(ck, msg, msg_len))) ||
            (ck->loaded && (st = hw_run_ck_restore(ck, NULL, &out, NULL, msg, msg_len))))
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
                if (ck && hw_run_ck_write(ck, NULL, &out, NULL, cmsg, sizeof cmsg) && log) log(log_user, 1, cmsg);
                break;
            }
            double t = hw_timeline_time(&tl, k);
            if (world && (st = hw_world_advance_to(world, t))) /* then the runner writes the row */
                snprintf(msg, msg_len, "%s", hw_world_last_error(world));
            if (!st) st = hw_rc_runner_advance_to(&r, t, msg, msg_len);
            if (!st) st = hw_net_runner_advance_to(&net, dt, t, msg, msg_len);
            if (!st && world) hw_bodies_out_fill(&bout, world);
            if (!st) st = hw_outputs_write(&out, NULL, msg, msg_len);
            if (!st) st = hw_bodies_out_write(&bout, world, msg, msg_len);
            if (!st) hw_progress_show(&pg, hw_rc_time(r.rc), sc->model.solver.t_end, hw_now_s() - run0);
            long s1 = (long)floor(hw_rc_time(r.rc) / dt + 0.5);
            if (!st) hw_run_ck_test_signal(done, s1);
            done = s1;
            if (!st && ck) {
                ck->steps = done;
                st = hw_run_ck_maybe(ck, NULL, &out, NULL, msg, msg_len);
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
    char fmsg[4400];
    hw_status fst = hw_outputs_finish(&out, fmsg, sizeof fmsg); /* run.pvd, results.h5 closed */
    hw_status bst = hw_bodies_out_close(&bout, fmsg + strlen(fmsg), sizeof fmsg - strlen(fmsg));
    if (!fst) fst = bst;
    if (fst && !st) {
        st = fst;
        status = "io_error";
        snprintf(msg, msg_len, "%s", fmsg);
    }
    summary(stdout, status, st ? msg : NULL, scenario_path, &r, &net, done, wall, dir, world, sc->bodies);
    rc_summary_args sa = {status, st ? msg : NULL, scenario_path, dir, &r, &net, done, wall, world, sc->bodies};
    st = hw_close_run_files(dir, &r.csv, r.csv_path, rc_summary, &sa, st, msg, msg_len);
    hw_outputs_close(&out);
    hw_world_destroy(world); /* not the cables: the runner's */
    hw_net_runner_end(&net);
    hw_rc_runner_end(&r);
    return st;
}
