/* hawser: the command-line program.
 *   hawser run SCENARIO [-o DIR] [--dt DT] [--t-end T] [--backend cpu|cuda|auto] [--quiet]
 *   hawser check SCENARIO
 *   hawser plot RESULTS_DIR [--times T1,T2,...]     (host/io/plot.c)
 *   hawser report RESULTS_DIR                       (host/io/report.c)
 *   hawser convert DECK [-o OUT.yaml]
 *   hawser --help | --version
 * Exit codes: see usage(). */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "io/files.h"
#include "hawser/hawser.h"
#include "hawser/world.h"
#include "io/bodies_out.h"
#include "io/line_limits.h"
#include "io/moordyn_deck.h"
#include "io/moordyn_out.h"
#include "run/ensemble.h"
#include "run/world_load.h"
#include "run/network_run.h"
#include "io/output.h"
#include "io/output_vtk.h"
#include "cli/plot_report.h"
#include "cli/run_cmd.h"
#include "run/rigid_run.h"
#include "run/run_resume.h"
#include "io/scenario.h"
#include "run/plan_times.h"
#include "run/progress.h"
#include "world/timeline.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: hawser run SCENARIO [options]   run a scenario file, write results\n"
            "       hawser check SCENARIO           validate a scenario file without running it\n"
            "       hawser plot DIR [--times T,..]  PNG plots of a run's CSV results (gnuplot)\n"
            "       hawser report DIR               DIR/report.md: run facts, statistics, plots\n"
            "       hawser sweep BASE SWEEP.yaml [options] run BASE once per case of SWEEP.yaml\n"
            "                                       (docs/sweep.md; under mpirun: cases over the ranks)\n"
            "       hawser convert DECK [-o OUT.yaml] write a MoorDyn v2 deck as a YAML scenario\n"
            "                                       (default OUT: DECK with the extension .yaml)\n"
            "       hawser --help | --version\n"
            "\n"
            "run options:\n"
            "  -o, --output DIR         result directory (default: out/<scenario name>)\n"
            "  --dt DT                  time step in s, or 'auto' (overrides solver.dt)\n"
            "  --t-end T                end time in s (overrides solver.t_end)\n"
            "  --backend cpu|cuda|auto  compute backend (default cpu; auto uses CUDA when a device is present)\n"
            "  --threads N              CPU threads (default: OMP_NUM_THREADS, else every core);\n"
            "                           results are the same for any N\n"
            "  --allow-unstable-dt      run a dt above the critical step (else refused, exit 3;\n"
            "                           as solver.allow_unstable_dt: true)\n"
            "  --no-monitor             the instability monitor never stops the run (as\n"
            "                           solver.instability_monitor: false; docs/stability.md)\n"
            "  -q, --quiet              no progress or notes on stderr (warnings and errors still shown)\n"
            "  --format LIST            result formats, comma-separated from csv, vtk, hdf5\n"
            "                           (overrides outputs.formats; default csv)\n"
            "  --checkpoint-every T     write DIR/checkpoint.hwck every T s of simulated time\n"
            "  --resume DIR             continue the run whose checkpoint is in DIR, appending to\n"
            "                           its outputs (SCENARIO optional: the recorded one)\n"
            "\n"
            "sweep options: -o OUT (default out/<sweep name>), -j/--jobs N (cases at once without\n"
            "  mpirun), --ensemble G (up to G cases per run as one model: per-line keys only),\n"
            "  --backend (default auto), --threads,\n"
            "  --dt, --t-end, --format, --allow-unstable-dt, --no-monitor, -q as for run. Each case\n"
            "  runs into OUT/case_NNNN/; OUT/sweep.csv (and sweep.h5) has a row per case; the same\n"
            "  command resumes a stopped sweep. Exit 0 every case ok, 1 some case failed.\n"
            "\n"
            "outputs: DIR/lines.csv, DIR/points.csv, DIR/nodes.csv, DIR/segments.csv, DIR/waves.csv,\n"
            "DIR/wave_kinematics.csv (as requested),\n"
            "DIR/summary.json; the summary is also printed on stdout as one JSON line. With vtk:\n"
            "DIR/run.pvd and DIR/vtk/*.vtp (ParaView); with hdf5: DIR/results.h5 (docs/outputs.md).\n"
            "plot writes DIR/plots/*.png (--times: cable shapes at these times, default first, middle\n"
            "and last row); report writes DIR/report.md.\n"
            "A SCENARIO may also be a MoorDyn v2 input deck (.dat/.txt/.in, see docs/moordyn.md);\n"
            "its OUTPUTS channels then also go to DIR/<deck name>.out, a MoorDyn-style table.\n"
            "\n"
            "exit codes: 0 ok, 2 usage error, 3 invalid input (scenario file; a malformed result CSV\n"
            "for plot/report), 4 numerical failure\n"
            "(blow-up, instability monitor, or static equilibrium not reached), 5 backend or tool not available (no CUDA\n"
            "device, HDF5 not built in, gnuplot not installed), 6 output could not be written or a\n"
            "results directory could not be read, 7 out of memory. SIGINT / SIGTERM stop a run at\n"
            "the end of a step, write DIR/checkpoint.hwck and the summary (status interrupted):\n"
            "exit 130 / 143.\n");
}

static int exit_code(hw_status st)
{
    switch (st) {
    case HW_OK: return EXIT_OK;
    case HW_ERR_INPUT: return EXIT_INPUT;
    case HW_ERR_NUMERICAL: case HW_ERR_NOT_CONVERGED: case HW_ERR_STATE: return EXIT_NUMERICAL;
    case HW_ERR_NO_DEVICE: case HW_ERR_UNSUPPORTED: return EXIT_NO_DEVICE;
    case HW_ERR_IO: return EXIT_IO;
    case HW_ERR_NOMEM: return EXIT_NOMEM;
    default: return EXIT_INPUT;
    }
}

/* SIGINT / SIGTERM: the run stops at the end of a step (hw_sim_set_interrupt), writes a final
 * checkpoint and the summary; a second signal ends it at once (SA_RESETHAND). */
static volatile sig_atomic_t g_signal;
static void on_signal(int sig) { g_signal = sig; }
static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}


static void log_sink(void *user, int level, const char *msg)
{
    const run_opts *o = (const run_opts *)user;
    if (level == 0 && o->quiet) return;
    fprintf(stderr, "hawser: %s%s\n", level ? "warning: " : "", msg);
}

static const hw_rc_runner *summary_rigid; /* the rigid cables' part of the summary, or NULL */
static const hw_net_runner *summary_net;  /* the network's, or NULL */
static const hw_world *summary_world;     /* the world with bodies (statics, extremes), or NULL */

static void write_summary(FILE *f, const char *status, const char *message, const run_opts *o,
                          const hw_scenario *sc, const hw_sim *sim, const hw_outputs *out,
                          double wall)
{
    fprintf(f, "{\"status\":\"%s\"", status);
    if (message) { fprintf(f, ",\"message\":"); hw_json_string(f, message); }
    fprintf(f, ",\"scenario\":"); hw_json_string(f, o->scenario);
    fprintf(f, ",\"threads\":%d", hw_threads());
    if (sim) {
        long steps = hw_sim_steps_taken(sim);
        long nseg = 0; /* in use now (a winch changes it) */
        for (int l = 0; l < sc->model.n_lines; l++) nseg += hw_sim_line_nseg(sim, l);
        double res = 0; int it = 0;
        hw_sim_static_info(sim, &res, &it);
        fprintf(f, ",\"backend\":\"%s\",\"t\":%.9g,\"dt\":%.6g,\"steps\":%ld,\"segments\":%ld,"
                   "\"wall_s\":%.4f,\"segment_steps_per_s\":%.4g,\"static\":{\"residual\":%.3g,\"iterations\":%d",
                hw_sim_backend_name(sim), hw_sim_time(sim), hw_sim_dt(sim), steps, nseg, wall,
                wall > 0 ? hw_sim_segment_steps(sim) / wall : 0.0, res, it);
        int bit = 0;
        double bres = 0;
        if (summary_world && hw_world_n_bodies(summary_world) > 0 &&
            hw_world_static_info(summary_world, &bit, &bres) == HW_OK) /* the outer solve over the free bodies */
            fprintf(f, ",\"bodies_residual_N\":%.3g,\"bodies_iterations\":%d,\"bodies_lumped_solves\":%d", bres, bit,
                    hw_world_static_solves(summary_world));
        fprintf(f, "}");
    }
    hw_bodies_json(f, summary_world, sc->bodies);
    if (out) hw_outputs_waves_json(f, out, hw_world_waves(summary_world));
    hw_rc_runner_json(f, summary_rigid);
    hw_net_runner_json(f, summary_net);
    if (out && out->stats) {
        fprintf(f, ",\"lines\":[");
        for (int l = 0; l < sc->model.n_lines; l++) {
            const hw_line_stats *s = &out->stats[l];
            fprintf(f, "%s{\"name\":", l ? "," : "");
            hw_json_string(f, sc->model.lines[l].name);
            fprintf(f, ",\"max_tension_N\":%.10g,\"max_tension_time_s\":%.9g,\"max_tension_segment\":%d",
                    s->max_tension < 0 ? 0.0 : s->max_tension, s->max_time, s->max_segment);
            if (s->every_step)
                fprintf(f, ",\"min_tension_N\":%.10g,\"min_tension_time_s\":%.9g,\"min_tension_segment\":%d,"
                           "\"max_strain\":%.10g,\"max_strain_segment\":%d,\"extremes\":\"every_step\"",
                        s->min_tension, s->min_time, s->min_segment, s->max_strain, s->max_strain_segment);
            fprintf(f, ",\"end_a_tension\":");
            hw_run_stats_json(f, &s->end_a);
            fprintf(f, ",\"end_b_tension\":");
            hw_run_stats_json(f, &s->end_b);
            hw_line_limits_json(f, &sc->model, sim, l, s->max_tension, sc->util_warning);
            fprintf(f, "}");
        }
        fprintf(f, "]");
        fprintf(f, ",\"output_dir\":"); hw_json_string(f, out->dir);
    }
    fprintf(f, "}\n");
}

/* The summary of a run without lumped lines (rigid cables and/or a network; the runners' keys). */
typedef struct fam_summary_args {
    const char *status, *message, *scenario, *dir;
    const hw_rc_runner *rig;
    const hw_net_runner *net;
    const hw_world *world;
    const hw_body_def *bodies;
    const hw_outputs *out; /* the wave points' statistics */
    int rigid; /* the rigid cables' summary (else the network's) */
    double dt, wall;
    long steps;
} fam_summary_args;
static void fam_summary(FILE *f, void *ctx)
{
    const fam_summary_args *a = (const fam_summary_args *)ctx;
    fprintf(f, "{\"status\":\"%s\"", a->status);
    if (a->message) { fprintf(f, ",\"message\":"); hw_json_string(f, a->message); }
    fprintf(f, ",\"scenario\":"); hw_json_string(f, a->scenario);
    if (a->rigid) { /* rigid cables (and the bodies they hold) */
        if (a->rig->rc || !a->net->net) fprintf(f, ",\"steps\":%ld,\"wall_s\":%.4f", a->steps, a->wall);
        hw_rc_runner_json(f, a->rig);
        hw_net_runner_json(f, a->net);
        hw_bodies_json(f, a->world, a->bodies);
    } else { /* a network only */
        if (a->net->net)
            fprintf(f, ",\"network\":{\"t\":%.9g,\"dt\":%.6g,\"steps\":%ld,\"substeps\":%ld,\"rows\":%ld},\"wall_s\":%.4f",
                    hw_net_time(a->net->net), a->dt, a->steps, hw_net_substeps(a->net->net), a->net->rows, a->wall);
        hw_net_runner_json(f, a->net);
    }
    hw_outputs_waves_json(f, a->out, hw_world_waves(a->world));
    fprintf(f, ",\"output_dir\":"); hw_json_string(f, a->dir);
    fprintf(f, "}\n");
}

/* Without lumped lines: each end of a rigid cable on its own body when the body is integrated there. */
static hw_status rigid_body_ends_check(const hw_scenario *sc, const char *path, char *msg, size_t msg_len)
{
    const hw_scn_rigid *rg = sc->rigid;
    for (int i = 0; rg && i < 2 * rg->def.n_cables; i++) { /* each end's solve integrates its body */
        int bi = i % 2 ? rg->body_b[i / 2] : rg->body_a[i / 2];
        if (bi >= 0 && sc->bodies[bi].kind != HW_BODY_FREE) continue; /* followed, not integrated */
        for (int j = 0; bi >= 0 && j < i; j++)
            if ((j % 2 ? rg->body_b[j / 2] : rg->body_a[j / 2]) == bi) {
                snprintf(msg, msg_len, "%s: body '%s' is on two rigid cable ends ('%s' end %c and '%s' end %c): a "
                         "body on one rigid cable end only for now (each end's solve integrates its body)",
                         path, sc->bodies[bi].name ? sc->bodies[bi].name : "", rg->cables[j / 2].name,
                         j % 2 ? 'B' : 'A', rg->cables[i / 2].name, i % 2 ? 'B' : 'A');
                return HW_ERR_INPUT;
            }
    }
    return HW_OK;
}

/* The end of a run, also one that failed: every result file closed (a failed close is an output
 * error), DIR/summary.json written when it can be, then the summary on stdout. Returns the exit
 * code: code, or EXIT_IO when closing or the summary failed on a run that was ok until then. */
static int end_run(const char *dir, const char *status, const char *fail_msg, int code,
                   const run_opts *o, const hw_scenario *sc, const hw_sim *sim, hw_outputs *out,
                   double wall)
{
    char msg[4400];
    hw_status st = hw_outputs_finish(out, msg, sizeof msg);
    if (st) {
        fprintf(stderr, "hawser: %s\n", msg);
        if (code == EXIT_OK) { status = "io_error"; fail_msg = msg; code = exit_code(st); }
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    FILE *f = fopen(path, "w");
    int err = f ? 0 : errno;
    if (f) {
        write_summary(f, status, fail_msg, o, sc, sim, out, wall);
        err = hw_fclose_checked(f);
    }
    if (err && code == EXIT_OK) { /* after an earlier error (the directory missing...): that one */
        snprintf(msg, sizeof msg, "%s: cannot write: %s", path, strerror(err));
        fprintf(stderr, "hawser: %s\n", msg);
        status = "io_error";
        fail_msg = msg;
        code = EXIT_IO;
    }
    write_summary(stdout, status, fail_msg, o, sc, sim, out, wall);
    return code;
}

static void default_out_dir(const char *scenario, char *dir, size_t len)
{
    const char *base = strrchr(scenario, '/');
    base = base ? base + 1 : scenario;
    char stem[512];
    snprintf(stem, sizeof stem, "%s", base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem) *dot = 0;
    snprintf(dir, len, "out/%s", stem);
}

static void note_sink(void *user, int level, const char *msg)
{
    (void)user;
    fprintf(stderr, "hawser: %s%s\n", level ? "warning: " : "", msg);
}


static int cmd_check(const char *path)
{
    char msg[2048];
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    hw_status st = hw_md_load_any(path, note_sink, NULL, &sc, &md, msg, sizeof msg);
    if (!st && (st = hw_plan_times(sc, msg, sizeof msg))) { /* step counts, a rigid cable's dt */
        hw_scenario_free(sc);
        hw_md_free(md);
    }
    if (st) {
        fprintf(stderr, "hawser: %s\n", msg);
        return st == HW_ERR_NOMEM ? EXIT_NOMEM : EXIT_INPUT; /* unreadable or invalid scenario */
    }
    if (sc->model.n_lines > 0 && sc->model.solver.dt > 0 && !sc->model.solver.allow_unstable_dt) {
        /* a given dt above the critical step is refused as `run` would (the model is built for
         * its critical step, without the static solve) */
        hw_model_def m = sc->model;
        m.solver.static_solve = 0;
        hw_sim *sim = NULL;
        st = hw_sim_create(&m, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg);
        hw_sim_destroy(sim);
        if (st) {
            fprintf(stderr, "hawser: %s\n", msg);
            hw_scenario_free(sc);
            hw_md_free(md);
            return exit_code(st);
        }
    }
    long nseg = 0;
    for (int l = 0; l < sc->model.n_lines; l++) nseg += sc->model.lines[l].nseg;
    printf("%s: ok (%d line types, %d points, %d lines, %ld segments)\n", path, sc->model.n_types,
           sc->model.n_points, sc->model.n_lines, nseg);
    if (sc->rigid) printf("%s: %d rigid cables\n", path, sc->rigid->def.n_cables);
    hw_scenario_free(sc);
    hw_md_free(md);
    return EXIT_OK;
}

/* DIR/<deck name>.out for a MoorDyn deck's channels; nothing for a YAML scenario. */
static hw_status md_out_open(hw_md_out **mdo, const char *dir, const char *scenario,
                             const hw_md_deck *md, char *msg, size_t len)
{
    char stem[4096], path[8300];
    default_out_dir(scenario, stem, sizeof stem); /* "out/<name>" */
    snprintf(path, sizeof path, "%s/%s.out", dir, stem + 4);
    return hw_md_out_open(mdo, path, md, msg, len);
}

/* hawser convert DECK [-o OUT]: the deck as an equivalent YAML scenario. */
static int cmd_convert(int argc, char **argv)
{
    const char *in = NULL, *outp = NULL;
    for (int i = 2; i < argc; i++) {
        if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output")) && i + 1 < argc) outp = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "hawser: convert: unknown or incomplete option '%s' (see --help)\n", argv[i]);
            return EXIT_USAGE;
        } else if (!in) in = argv[i];
        else {
            fprintf(stderr, "hawser: convert takes one deck, got '%s' too\n", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!in) { fprintf(stderr, "hawser: convert: no MoorDyn deck given\n"); return EXIT_USAGE; }
    char def[4200], msg[2048];
    if (!outp) {
        snprintf(def, sizeof def, "%s", in);
        char *dot = strrchr(def, '.'), *slash = strrchr(def, '/');
        if (dot && (!slash || dot > slash)) *dot = 0;
        strncat(def, ".yaml", sizeof def - strlen(def) - 1);
        outp = def;
    }
    if (!strcmp(outp, in)) {
        fprintf(stderr, "hawser: convert: the output %s would overwrite the deck\n", outp);
        return EXIT_USAGE;
    }
    char *yaml = NULL;
    hw_status st = hw_md_to_yaml(in, note_sink, NULL, &yaml, msg, sizeof msg);
    if (st) {
        fprintf(stderr, "hawser: %s\n", msg);
        return st == HW_ERR_NOMEM ? EXIT_NOMEM : EXIT_INPUT;
    }
    FILE *f = strcmp(outp, "-") ? fopen(outp, "w") : stdout;
    int ok = f && fputs(yaml, f) >= 0;
    if (f && f != stdout) ok = (fclose(f) == 0) && ok;
    else if (f) ok = fflush(f) == 0 && ok;
    free(yaml);
    if (!ok) {
        fprintf(stderr, "hawser: %s: cannot write: %s\n", outp, strerror(errno));
        return EXIT_IO;
    }
    if (f != stdout) fprintf(stderr, "hawser: wrote %s\n", outp);
    return EXIT_OK;
}

/* The run's time: the lumped lines', else the rigid cables', else the network's. */
/* The run's time: the lines', the rigid cables', the network's, or (bodies alone) the world's. */
static const hw_world *g_clock_world; /* bodies alone: the world keeps the clock */
static double run_time(const hw_sim *sim, const hw_rc_runner *rig, const hw_net_runner *net)
{
    if (sim) return hw_sim_time(sim);
    if (rig->rc) return hw_rc_time(rig->rc);
    if (!net->net && g_clock_world) return hw_world_time(g_clock_world);
    return net->net ? hw_net_time(net->net) : 0.0;
}

int hw_cli_run(run_opts *o)
{
    char msg[2048];
    hw_run_ck ck; /* checkpoint and resume (run_resume.h) */
    memset(&ck, 0, sizeof ck);
    if (o->resume) { /* [checkpoint hook 1] the run's options from its checkpoint */
        if (hw_run_ck_read(&ck, o->resume, msg, sizeof msg)) {
            fprintf(stderr, "hawser: %s\n", msg);
            hw_run_ck_free(&ck);
            return EXIT_INPUT;
        }
        if (!o->scenario) o->scenario = access(ck.opts.scenario, R_OK) == 0 ? ck.opts.scenario : ck.opts.scenario_abs;
        o->dt = ck.opts.dt; o->have_dt = ck.opts.have_dt;
        o->t_end = ck.opts.t_end; o->have_t_end = ck.opts.have_t_end;
        o->formats = ck.opts.formats;
        o->allow_unstable_dt = ck.opts.allow_unstable_dt; o->no_monitor = ck.opts.no_monitor;
        o->out_dir = o->resume;
        if (!(o->ck_every > 0)) o->ck_every = ck.opts.every;
        if (!o->have_backend) o->backend = (hw_backend_kind)ck.opts.backend;
    }
    hw_scenario *sc = NULL;
    hw_sim *sim = NULL;
    hw_outputs out;
    memset(&out, 0, sizeof out);
    hw_md_deck *md = NULL; /* a MoorDyn deck's OUTPUTS channels, for the .out table */
    hw_md_out *mdo = NULL;
    int code = EXIT_OK;
    double wall0 = hw_now_s();
    hw_status st = hw_md_load_any_with(o->scenario, o->overrides, o->n_overrides, log_sink, (void *)o,
                                       &sc, &md, msg, sizeof msg);
    if (st) {
        fprintf(stderr, "hawser: %s\n", msg);
        hw_run_ck_free(&ck);
        return st == HW_ERR_NOMEM ? EXIT_NOMEM : EXIT_INPUT; /* unreadable or invalid scenario */
    }
    if (o->have_dt) sc->model.solver.dt = o->dt;
    if (o->have_t_end) sc->model.solver.t_end = o->t_end;
    if (o->allow_unstable_dt) sc->model.solver.allow_unstable_dt = 1;
    if (o->no_monitor) sc->model.solver.monitor_off = 1;
    if (o->formats) sc->out_formats = o->formats;
    if ((st = hw_scenario_check(sc, msg, sizeof msg))) {
        fprintf(stderr, "hawser: %s\n", msg);
        hw_scenario_free(sc);
        hw_md_free(md);
        hw_run_ck_free(&ck);
        return exit_code(st);
    }
    char dir[4096];
    if (o->out_dir) snprintf(dir, sizeof dir, "%s", o->out_dir);
    else default_out_dir(o->scenario, dir, sizeof dir);
    if (!o->resume) { /* a reused result directory: no stale table or frame of an earlier run */
        char stem[4096], out_name[4200], failed[4800];
        default_out_dir(o->scenario, stem, sizeof stem); /* "out/<name>" */
        snprintf(out_name, sizeof out_name, "%s.out", stem + 4);
        if (hw_clean_run_dir(dir, md ? out_name : NULL, failed, sizeof failed) != 0) {
            fprintf(stderr, "hawser: %s: cannot remove the earlier run's file: %s\n", failed, strerror(errno));
            hw_run_ck_free(&ck);
            hw_scenario_free(sc);
            hw_md_free(md);
            return EXIT_IO;
        }
    }
    {   /* [checkpoint hook 2] what a checkpoint records; on resume, the outputs set aside */
        hw_run_ck_opts co;
        memset(&co, 0, sizeof co);
        snprintf(co.scenario, sizeof co.scenario, "%s", o->scenario);
        co.dt = o->dt; co.have_dt = o->have_dt; co.t_end = o->t_end; co.have_t_end = o->have_t_end;
        co.formats = o->formats; co.every = o->ck_every; co.backend = (int)o->backend;
        co.allow_unstable_dt = o->allow_unstable_dt; co.no_monitor = o->no_monitor;
        if ((st = hw_run_ck_init(&ck, &co, dir, msg, sizeof msg)) ||
            (o->resume && (st = hw_run_ck_set_aside(&ck, dir, msg, sizeof msg)))) {
            fprintf(stderr, "hawser: %s\n", msg);
            hw_run_ck_free(&ck);
            hw_scenario_free(sc);
            hw_md_free(md);
            return exit_code(st);
        }
    }
    /* Without lumped lines (rigid cables and/or a network): the world keeps the clock, with the
     * bodies the rigid cables hold; the runners step the cables and the network, as they always
     * have, and write their rows and the summary (fam_summary). One loop below for every run. */
    int bodies_only = sc->model.n_lines == 0 && !sc->rigid && !sc->network && sc->n_bodies > 0; /* rods alone */
    int fam = sc->model.n_lines == 0 && (sc->rigid || sc->network || bodies_only);
    hw_net_runner netr;
    memset(&netr, 0, sizeof netr);
    hw_rc_runner rigr;
    memset(&rigr, 0, sizeof rigr);
    hw_world *world = NULL; /* every family, stepped together (world.h) */
    hw_world_rc_body *rcb = NULL;
    hw_world_rc_body_end *rbe = NULL;
    hw_bodies_out bout;
    memset(&bout, 0, sizeof bout);
    hw_ensemble *ens = NULL;
    hw_timeline tl;
    double dt = 0;
    long fam_steps = 0;     /* without lumped lines: the steps taken (the runners' count) */
    clock_t fam_c0 = clock();
    const char *fam_status = "ok";
    if (fam) {
        if ((sc->rigid && (st = rigid_body_ends_check(sc, o->scenario, msg, sizeof msg))) ||
            (dt = sc->rigid ? sc->model.solver.dt : (sc->model.solver.dt > 0 ? sc->model.solver.dt : 0.01),
             (st = hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, dt, msg, sizeof msg)))) {
            fprintf(stderr, "hawser: %s\n", msg); /* before anything is written */
            hw_run_ck_free(&ck);
            hw_scenario_free(sc);
            hw_md_free(md);
            return exit_code(st);
        }
        if (sc->rigid) st = hw_rc_runner_start(&rigr, sc, dir, dt, o->backend, log_sink, (void *)o, msg, sizeof msg);
        if (!st) { /* the world: its clock, and the bodies the rigid cables hold (bodies.csv); the
                      runners step the rigid cables and the network */
            hw_world_def wd;
            st = hw_scenario_world_def(sc, o->backend, log_sink, (void *)o, &wd, &rcb, &rbe, msg, sizeof msg);
            wd.network = NULL;
            wd.n_couplings = 0;
            wd.n_body_points = 0;
            if ((!sc->rigid && !bodies_only) || sc->n_bodies == 0) wd.n_bodies = wd.n_rc_bodies = wd.n_rc_body_ends = 0;
            else wd.rigid_handle = rigr.rc;
            if (!st) st = hw_world_create(&wd, &world, msg, sizeof msg);
            g_clock_world = bodies_only ? world : NULL;
        }
        if (!st) st = hw_net_runner_start(&netr, sc, dir, log_sink, (void *)o, msg, sizeof msg);
        char note[512]; /* a network has no ParaView part: said, not silent */
        if (!st && hw_vtk_network_note(sc, note, sizeof note)) log_sink((void *)o, 1, note);
        /* ParaView and HDF5 (rigid.csv, network.csv are the runners'): the t = 0 row */
        if (!st && !(st = hw_outputs_open(&out, dir, sc, msg, sizeof msg))) {
            hw_outputs_attach(&out, rigr.rc, netr.net);
            hw_outputs_attach_waves(&out, hw_world_waves(world)); /* waves.csv, the surface */
            if (hw_world_n_bodies(world) > 0 &&
                !(st = hw_bodies_out_open(&bout, dir, world, o->resume != NULL, msg, sizeof msg))) {
                hw_outputs_attach_bodies(&out, hw_bodies_out_view(&bout)); /* bodies in ParaView, HDF5 */
                hw_bodies_out_fill(&bout, world);
            }
            if (!st && !o->resume) st = hw_outputs_write(&out, NULL, msg, sizeof msg);
            if (!st && !o->resume) st = hw_bodies_out_write(&bout, world, msg, sizeof msg);
        }
        if (!st && bodies_only && md) { /* a deck of rods or bodies alone: its .out and rod files */
            st = md_out_open(&mdo, dir, o->scenario, md, msg, sizeof msg);
            hw_md_out_set_world(mdo, world);
            if (!st && !o->resume) st = hw_md_out_write(mdo, NULL, msg, sizeof msg);
        }
        if (!st) { /* checkpoints (run_resume.h): on resume, the state and files back */
            ck.rig = &rigr;
            ck.netr = &netr;
            ck.net_dt = dt;
            ck.world = world; /* the bodies (the ones the cables hold are in their records too) */
            ck.bout = &bout;
            if (!(o->ck_every > 0 && (st = hw_run_ck_supported(&ck, msg, sizeof msg))) &&
                !(o->resume && (st = hw_run_ck_restore(&ck, NULL, &out, mdo, msg, sizeof msg))) && o->resume) {
                fam_steps = ck.steps;
                if (!rigr.rc) netr.steps = ck.steps;
            }
        }
        if (st) fam_status = st == HW_ERR_IO ? "io_error" : "error";
        goto loop;
    }
    {
        char note[512]; /* a network has no ParaView part: said, not silent */
        if (hw_vtk_network_note(sc, note, sizeof note)) log_sink((void *)o, 1, note);
    }
    if (sc->n_couplings > 0 && sc->has_ensemble) {
        fprintf(stderr, "hawser: %s: couplings and an ensemble together are not supported yet\n",
                o->scenario);
        hw_scenario_free(sc);
        hw_md_free(md);
        hw_run_ck_free(&ck);
        return EXIT_INPUT;
    }
    if (sc->has_ensemble) { /* the load cases, all in one model */
        hw_ensemble_def ed = {sc->ens_n[0], sc->ens_n[1], sc->ens_n[2], sc->ens_v[0], sc->ens_v[1],
                              sc->ens_v[2], sc->ens_zip};
        if ((st = hw_ensemble_apply(sc, &ed, &ens, msg, sizeof msg))) {
            fprintf(stderr, "hawser: %s\n", msg);
            hw_scenario_free(sc);
            hw_md_free(md);
            hw_run_ck_free(&ck);
            return exit_code(st);
        }
        log_sink((void *)o, 0, "ensemble: the load cases run together as one model (names NAME@case)");
    }
    if (o->n_group > 1) { /* a sweep's group of cases, all in one model */
        hw_scenario **more = calloc((size_t)o->n_group, sizeof *more);
        st = more ? HW_OK : HW_ERR_NOMEM;
        if (!more) snprintf(msg, sizeof msg, "out of memory for a group of %d cases", o->n_group);
        int n_more = 0;
        for (int i = 1; !st && i < o->n_group; i++) {
            char m2[2048];
            if ((st = hw_scenario_load_with(o->scenario, NULL, o->group_ovr[i], o->group_n_ovr[i], &more[i - 1], m2,
                                            sizeof m2)))
                snprintf(msg, sizeof msg, "case_%04d: %.2000s", o->group_ids[i], m2);
            else n_more++;
        }
        if (!st) st = hw_ensemble_group(sc, more, n_more, o->group_ids, &ens, msg, sizeof msg);
        else
            for (int i = 0; i < n_more; i++) hw_scenario_free(more[i]);
        free(more);
        if (st) {
            fprintf(stderr, "hawser: %s\n", msg);
            hw_ensemble_free(ens);
            hw_scenario_free(sc);
            hw_md_free(md);
            hw_run_ck_free(&ck);
            return exit_code(st);
        }
        char note[128];
        snprintf(note, sizeof note, "sweep group: %d cases run together as one model (names NAME@case)", o->n_group);
        log_sink((void *)o, 0, note);
    }
    if ((st = hw_plan_times(sc, msg, sizeof msg))) {
        fprintf(stderr, "hawser: %s\n", msg);
        hw_ensemble_free(ens);
        hw_scenario_free(sc);
        hw_md_free(md);
        return exit_code(st);
    }

    /* the world: the lumped lines with their statics, the network (its runner writes
       network.csv) with the couplings, the bodies and the points riding on them */
    if (!st) st = hw_net_runner_start(&netr, sc, dir, log_sink, (void *)o, msg, sizeof msg);
    if (!st) { /* the rigid cables join below (hw_world_add_rigid): their dt is the world's */
        hw_world_def wd;
        st = hw_scenario_world_def(sc, o->backend, log_sink, (void *)o, &wd, &rcb, &rbe, msg, sizeof msg);
        wd.network = NULL;
        wd.network_handle = netr.net;
        if (!st) st = hw_world_create(&wd, &world, msg, sizeof msg);
        sim = hw_world_lumped(world);
    }
    if (st) {
        fprintf(stderr, "hawser: %s\n", msg);
        write_summary(stdout, st == HW_ERR_NOT_CONVERGED ? "static_not_converged" : "error", msg, o,
                      sc, NULL, NULL, hw_now_s() - wall0);
        hw_net_runner_end(&netr);
        free(rcb);
        free(rbe);
        hw_ensemble_free(ens);
        hw_scenario_free(sc);
        hw_md_free(md);
        hw_run_ck_free(&ck);
        return exit_code(st);
    }
    /* rows at exactly k x interval and t_end, refused before any file when the steps cannot be
       counted */
    if ((st = hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, hw_world_dt(world), msg,
                               sizeof msg)) ||
        (st = hw_outputs_open(&out, dir, sc, msg, sizeof msg)) ||
        (st = md_out_open(&mdo, dir, o->scenario, md, msg, sizeof msg)) ||
        (hw_md_out_set_world(mdo, world), 0)) {
        fprintf(stderr, "hawser: %s\n", msg);
        code = end_run(dir, st == HW_ERR_IO ? "io_error" : "error", msg, exit_code(st), o, sc, sim, &out, 0.0);
        goto done;
    }
    if ((st = hw_bodies_out_open(&bout, dir, world, o->resume != NULL, msg, sizeof msg)) ||
        (st = hw_rc_runner_start(&rigr, sc, dir, hw_sim_dt(sim), o->backend, log_sink, (void *)o, msg, sizeof msg)) ||
        (hw_outputs_attach(&out, rigr.rc, netr.net), hw_outputs_attach_waves(&out, hw_world_waves(world)), 0) ||
        /* every family in the t = 0 row, and the sea */
        (hw_outputs_attach_bodies(&out, hw_bodies_out_view(&bout)), hw_bodies_out_fill(&bout, world), 0) ||
        (!o->resume && (st = hw_outputs_write(&out, sim, msg, sizeof msg))) ||
        (!o->resume && (sim || bodies_only) && (st = hw_md_out_write(mdo, sim, msg, sizeof msg))) ||
        (!o->resume && (st = hw_bodies_out_write(&bout, world, msg, sizeof msg)))) {
        fprintf(stderr, "hawser: %s\n", msg);
        code = end_run(dir, st == HW_ERR_IO ? "io_error" : "error", msg, exit_code(st), o, sc, sim, &out, 0.0);
        goto done;
    }
    if (rigr.rc) { /* the rigid cables join the world, their ends tied to the lumped points */
        hw_world_rc_point *rp = NULL;
        int n_rp = 0;
        st = hw_scenario_rigid_points(sc, &rp, &n_rp);
        if (!st) st = hw_world_add_rigid(world, rigr.rc, rp, n_rp);
        free(rp);
        if (st) {
            fprintf(stderr, "hawser: %s\n", rp ? hw_world_last_error(world) : "out of memory");
            code = end_run(dir, "error", hw_world_last_error(world), exit_code(st), o, sc, sim, &out, 0.0);
            goto done;
        }
    }
    ck.rig = &rigr;
    ck.netr = &netr;
    ck.world = world; /* the bodies' states (after the rigid cables joined the world: a resume's */
    ck.bout = &bout;  /* state then overwrites what joining set) */
    if ((o->ck_every > 0 && (st = hw_run_ck_supported(&ck, msg, sizeof msg))) ||
        (o->resume && (st = hw_run_ck_restore(&ck, sim, &out, mdo, msg, sizeof msg)))) {
        fprintf(stderr, "hawser: %s\n", msg); /* [checkpoint hook 3] state and outputs back */
        code = exit_code(st);
        goto done;
    }
loop:
    if (!fam || !st) {
        if (sim) dt = hw_sim_dt(sim);
        double t_end = sc->model.solver.t_end;
        if (sim && sc->model.solver.dt > 0 && sc->out_interval > 0 && !hw_time_divides(dt, sc->out_interval)) {
            snprintf(msg, sizeof msg, "dt = %.9g s does not divide outputs.interval = %.9g s: each row "
                     "is reached with one shortened step that lands on its time", dt, sc->out_interval);
            log_sink((void *)o, 0, msg);
        }
        hw_progress pg;
        hw_progress_init(&pg, o->quiet);
        double run0 = hw_now_s();
        const char *status = "ok";
        const char *fail_msg = NULL;
        /* a signal stops the lines between two steps; with rigid cables or a network (which
         * write a row with each advance) at the next output row */
        int row_interrupt = rigr.rc || netr.net;
        catch_signals();
        if (!row_interrupt) hw_world_set_interrupt(world, &g_signal);
        long k = o->resume ? hw_timeline_next(&tl, run_time(sim, &rigr, &netr), dt) : 1; /* the next row */
        while (k <= tl.n) {
            double t_row = hw_timeline_time(&tl, k);
            long s0 = sim ? hw_sim_steps_taken(sim) : rigr.rc ? fam_steps : netr.steps;
            int at_row = 1; /* this pass reaches the row (a test's stop may end it before) */
            if (row_interrupt && g_signal) {
                st = HW_INTERRUPTED;
            } else if (!sim) { /* no lumped lines: the bodies the rigid cables hold, then the runners */
                if (hw_world_n_bodies(world) > 0 && (st = hw_world_advance_to(world, t_row)))
                    snprintf(msg, sizeof msg, "%s", hw_world_last_error(world));
                if (!st) st = hw_rc_runner_advance_to(&rigr, t_row, msg, sizeof msg);
                if (!st) st = hw_net_runner_advance_to(&netr, dt, t_row, msg, sizeof msg);
            } else { /* the world: lines, bodies, network and couplings step together */
                long cap = row_interrupt ? HW_TEST_NO_CAP : hw_run_ck_test_cap(s0, HW_TEST_NO_CAP);
                if (cap < HW_TEST_NO_CAP && hw_sim_time(sim) + (double)cap * dt < t_row) {
                    at_row = 0; /* tests: stop at a given step */
                    st = hw_world_step(world, (int)cap);
                } else {
                    st = hw_world_advance_to(world, t_row);
                }
                if (st) snprintf(msg, sizeof msg, "%s", hw_world_last_error(world));
                else if (at_row) st = hw_net_runner_advance_to(&netr, dt, t_row, msg, sizeof msg); /* its row */
                if (!st && at_row) st = hw_rc_runner_advance_to(&rigr, t_row, msg, sizeof msg); /* their row */
            }
            if (st == HW_INTERRUPTED) { /* [checkpoint hook 4] a signal: final checkpoint */
                status = "interrupted";
                code = 128 + (int)g_signal;
                snprintf(msg, sizeof msg, "interrupted at t = %.9g s (step %ld) by %s", run_time(sim, &rigr, &netr),
                         sim ? hw_sim_steps_taken(sim) : s0, g_signal == SIGTERM ? "SIGTERM" : "SIGINT");
                fail_msg = msg;
                char cmsg[2048];
                if (!sim) { /* said after the summary (below) */
                    if (hw_run_ck_write(&ck, NULL, &out, mdo, cmsg, 1024)) log_sink((void *)o, 1, cmsg);
                } else if (hw_run_ck_write(&ck, sim, &out, mdo, cmsg, sizeof cmsg))
                    fprintf(stderr, "%shawser: warning: %s\n", pg.tty && !o->quiet ? "\n" : "", cmsg);
                else if (!o->quiet)
                    fprintf(stderr, "%shawser: %s; checkpoint %s (continue with: hawser run --resume %s)\n",
                            pg.tty ? "\n" : "", msg, ck.path, dir);
                break;
            }
            if (!sim) { /* the row of every output, the runners' step count, a checkpoint */
                if (!st) {
                    if (hw_world_n_bodies(world) > 0) hw_bodies_out_fill(&bout, world);
                    st = hw_outputs_write(&out, NULL, msg, sizeof msg);
                }
                if (!st) st = hw_bodies_out_write(&bout, world, msg, sizeof msg);
                if (!st && bodies_only) st = hw_md_out_write(mdo, NULL, msg, sizeof msg); /* rods alone */
                if (!st) hw_progress_show(&pg, run_time(NULL, &rigr, &netr), t_end, hw_now_s() - run0);
                long s1 = rigr.rc ? (long)floor(hw_rc_time(rigr.rc) / dt + 0.5)
                          : bodies_only ? (long)floor(hw_world_time(world) / dt + 0.5) : netr.steps;
                if (!st) hw_run_ck_test_signal(s0, s1);
                fam_steps = s1;
                if (!st) {
                    ck.steps = s1;
                    st = hw_run_ck_maybe(&ck, NULL, &out, mdo, msg, sizeof msg);
                }
                if (st) { /* said after the summary (below) */
                    status = st == HW_ERR_IO || (rigr.rc && st == HW_ERR_UNSUPPORTED) ? "io_error" : "numerical_failure";
                    break;
                }
                k++;
                continue;
            }
            hw_run_ck_test_signal(s0, hw_sim_steps_taken(sim));
            if (st) {
                fprintf(stderr, "%shawser: error: %s\n", pg.tty && !o->quiet ? "\n" : "", msg);
                status = st == HW_ERR_IO ? "io_error" : "numerical_failure"; /* rigid.csv, network.csv */
                fail_msg = msg;
                code = exit_code(st);
                break;
            }
            if (!at_row) continue;
            hw_bodies_out_fill(&bout, world); /* the bodies in the ParaView frames and results.h5 */
            if ((st = hw_outputs_write(&out, sim, msg, sizeof msg)) ||
                (st = hw_md_out_write(mdo, sim, msg, sizeof msg)) ||
                (st = hw_bodies_out_write(&bout, world, msg, sizeof msg)) ||
                (st = hw_run_ck_maybe(&ck, sim, &out, mdo, msg, sizeof msg))) {
                fprintf(stderr, "hawser: %s\n", msg);
                status = "io_error";
                fail_msg = msg;
                code = exit_code(st);
                break;
            }
            hw_progress_show(&pg, hw_sim_time(sim), t_end, hw_now_s() - run0);
            k++;
        }
        if (fam) {
            fam_status = status;
            if (rigr.rc) fam_steps = (long)floor(hw_rc_time(rigr.rc) / dt + 0.5);
            else if (bodies_only) fam_steps = (long)floor(hw_world_time(world) / dt + 0.5);
            else fam_steps = netr.steps;
        } else {
            double wall = hw_now_s() - run0;
            hw_outputs_take_extremes(&out, sim); /* every-step extremes for the summary and ensemble */
            for (int l = 0; out.stats && l < sc->model.n_lines; l++)
                hw_line_limits_warn(stderr, &sc->model, l, out.stats[l].max_tension, sc->util_warning);
            if (ens && !hw_ensemble_is_group(ens) && code == EXIT_OK && (st = hw_ensemble_write_summary(ens, &out, dir, msg, sizeof msg))) {
                fprintf(stderr, "hawser: %s\n", msg); /* before summary.json, which then says so */
                status = "io_error";
                fail_msg = msg;
                code = exit_code(st);
            }
            if ((st = hw_bodies_out_close(&bout, msg, sizeof msg)) && code == EXIT_OK) {
                fprintf(stderr, "hawser: %s\n", msg);
                status = "io_error";
                fail_msg = msg;
                code = exit_code(st);
            }
            summary_rigid = &rigr;
            summary_net = &netr;
            summary_world = world;
            code = end_run(dir, status, fail_msg, code, o, sc, sim, &out, wall);
        }
    }
    if (fam) { /* the runners' summary (stdout, then summary.json with their table closed) */
        double wall = (double)(clock() - fam_c0) / CLOCKS_PER_SEC;
        char fmsg[4400];
        fmsg[0] = 0;
        hw_status fst = hw_outputs_finish(&out, fmsg, sizeof fmsg); /* run.pvd, results.h5 closed */
        hw_status bst = hw_bodies_out_close(&bout, fmsg + strlen(fmsg), sizeof fmsg - strlen(fmsg));
        if (!fst) fst = bst;
        if (fst && !st) {
            st = fst;
            fam_status = "io_error";
            snprintf(msg, sizeof msg, "%.2000s", fmsg); /* the writers' messages: a path and a reason */
        }
        fam_summary_args sa = {fam_status, st ? msg : NULL, o->scenario, dir, &rigr, &netr,
                               world, sc->rigid || bodies_only ? sc->bodies : NULL, &out, sc->rigid != NULL || bodies_only,
                               dt, wall, fam_steps};
        fam_summary(stdout, &sa);
        st = hw_close_run_files(dir, sc->rigid ? &rigr.csv : &netr.csv,
                                bodies_only ? NULL : sc->rigid ? rigr.csv_path : netr.csv_path, fam_summary, &sa, st,
                                msg, sizeof msg);
        if (st == HW_INTERRUPTED) {
            if (!o->quiet) fprintf(stderr, "hawser: %s; checkpoint %s\n", msg, ck.path);
            code = 128 + (int)g_signal;
        } else {
            if (st) fprintf(stderr, "hawser: %s\n", msg);
            code = exit_code(st);
        }
    }
done:
    hw_run_ck_free(&ck);
    hw_bodies_out_close(&bout, msg, sizeof msg);
    summary_rigid = NULL;
    summary_net = NULL;
    summary_world = NULL;
    hw_rc_runner_end(&rigr);
    hw_net_runner_end(&netr);
    hw_outputs_close(&out);
    hw_md_out_close(mdo);
    hw_world_destroy(world); /* the lumped lines with it; the network is the runner's */
    free(rcb);
    free(rbe);
    hw_ensemble_free(ens);
    hw_scenario_free(sc);
    hw_md_free(md);
    return code;
}

static int parse_double(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return errno == 0 && end != s && *end == 0 && isfinite(*v);
}

int main(int argc, char **argv)
{
    if (argc < 2) { usage(stderr); return EXIT_USAGE; }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) { usage(stdout); return EXIT_OK; }
    if (!strcmp(argv[1], "--version")) { printf("hawser %s\n", hw_version()); return EXIT_OK; }
    /* `hawser COMMAND --help` (any command, anywhere after it): the usage, exit 0 */
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return EXIT_OK; }
    if (!strcmp(argv[1], "check")) {
        if (argc != 3) { fprintf(stderr, "hawser: check takes one scenario file\n"); return EXIT_USAGE; }
        return cmd_check(argv[2]);
    }
    if (!strcmp(argv[1], "convert")) return cmd_convert(argc, argv);
    if (!strcmp(argv[1], "sweep")) return hw_cli_sweep(argc, argv);
    if (!strcmp(argv[1], "plot") || !strcmp(argv[1], "report")) {
        char msg[2048];
        hw_status st = hw_cli_plot_or_report(argc - 1, argv + 1, msg, sizeof msg);
        if (st == HW_ERR_INVALID_ARG) { fprintf(stderr, "hawser: %s\n", msg); return EXIT_USAGE; }
        if (st) { fprintf(stderr, "hawser: %s\n", msg); return exit_code(st); }
        printf("%s\n", msg);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "run") != 0) {
        fprintf(stderr, "hawser: unknown command '%s' (expected run, check, sweep, plot, report or convert; see --help)\n", argv[1]);
        return EXIT_USAGE;
    }
    run_opts o;
    memset(&o, 0, sizeof o);
    o.backend = HW_BACKEND_CPU;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int has_val = i + 1 < argc;
        if ((!strcmp(a, "-o") || !strcmp(a, "--output")) && has_val) {
            o.out_dir = argv[++i];
        } else if (!strcmp(a, "--dt") && has_val) {
            const char *v = argv[++i];
            o.have_dt = 1;
            if (!strcmp(v, "auto")) o.dt = 0;
            else if (!parse_double(v, &o.dt) || o.dt <= 0) {
                fprintf(stderr, "hawser: --dt: expected a time step > 0 s or 'auto', got '%s'\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--t-end") && has_val) {
            const char *v = argv[++i];
            o.have_t_end = 1;
            if (!parse_double(v, &o.t_end) || o.t_end < 0) {
                fprintf(stderr, "hawser: --t-end: expected an end time >= 0 s, got '%s'\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--backend") && has_val) {
            const char *v = argv[++i];
            o.have_backend = 1;
            if (!strcmp(v, "cpu")) o.backend = HW_BACKEND_CPU;
            else if (!strcmp(v, "cuda")) o.backend = HW_BACKEND_CUDA;
            else if (!strcmp(v, "auto")) o.backend = HW_BACKEND_AUTO;
            else {
                fprintf(stderr, "hawser: --backend: expected cpu, cuda or auto, got '%s'\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--threads") && has_val) {
            const char *v = argv[++i];
            double n;
            if (!parse_double(v, &n) || n < 1 || n > 4096 || n != (double)(int)n) {
                fprintf(stderr, "hawser: --threads: expected a whole number of threads >= 1, got '%s'\n", v);
                return EXIT_USAGE;
            }
            hw_set_threads((int)n);
        } else if (!strcmp(a, "--format") && has_val) {
            char msg[512];
            if (!(o.formats = hw_output_formats_parse(argv[++i], msg, sizeof msg))) {
                fprintf(stderr, "hawser: --format: %s\n", msg);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--checkpoint-every") && has_val) {
            const char *v = argv[++i];
            if (!parse_double(v, &o.ck_every) || o.ck_every <= 0) {
                fprintf(stderr, "hawser: --checkpoint-every: expected a simulated time > 0 s, got '%s'\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--resume") && has_val) {
            o.resume = argv[++i];
        } else if (!strcmp(a, "--allow-unstable-dt")) {
            o.allow_unstable_dt = 1;
        } else if (!strcmp(a, "--no-monitor")) {
            o.no_monitor = 1;
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            o.quiet = 1;
        } else if (a[0] == '-') {
            fprintf(stderr, "hawser: unknown or incomplete option '%s' (see --help)\n", a);
            return EXIT_USAGE;
        } else if (!o.scenario) {
            o.scenario = a;
        } else {
            fprintf(stderr, "hawser: run takes one scenario file, got '%s' too\n", a);
            return EXIT_USAGE;
        }
    }
    if (o.resume && (o.have_dt || o.have_t_end || o.formats || o.out_dir)) {
        fprintf(stderr, "hawser: --resume continues a run with the options it was started with: "
                "--dt, --t-end, --format and -o cannot be given with it\n");
        return EXIT_USAGE;
    }
    if (!o.scenario && !o.resume) { fprintf(stderr, "hawser: run: no scenario file given\n"); return EXIT_USAGE; }
    return hw_cli_run(&o);
}
