/* Checkpoints of a CLI run and resuming one (run_resume.h). */
#define _XOPEN_SOURCE 700
#include "run/run_resume.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/output_hdf5.h"
#include "io/output_vtk.h"


/* The options' records (the scenario and what changes the run). */
static void opts_records(hw_ck *ck, hw_run_ck *r)
{
    hw_run_ck_opts *o = &r->opts;
    hw_ck_str(ck, "run.scenario", o->scenario, sizeof o->scenario);
    hw_ck_str(ck, "run.scenario_abs", o->scenario_abs, sizeof o->scenario_abs);
    HW_CK(ck, "run.scenario_hash", r->scenario_hash);
    HW_CK(ck, "run.dt", o->dt);
    HW_CK(ck, "run.have_dt", o->have_dt);
    HW_CK(ck, "run.t_end", o->t_end);
    HW_CK(ck, "run.have_t_end", o->have_t_end);
    HW_CK(ck, "run.formats", o->formats);
    HW_CK(ck, "run.every", o->every);
    HW_CK(ck, "run.backend", o->backend);
    HW_CK(ck, "run.allow_unstable_dt", o->allow_unstable_dt);
    HW_CK(ck, "run.no_monitor", o->no_monitor);
}

/* The fingerprint of the run: the model's, the scenario's bytes, the options that change the
 * results (not the checkpoint interval or the backend). */
static uint64_t run_fingerprint(const hw_run_ck *r, const hw_sim *sim)
{
    uint64_t h = sim ? hw_ck_model_hash(sim) : HW_FNV_INIT; /* without lines: the scenario's */
    const hw_run_ck_opts *o = &r->opts;
    h = hw_fnv1a(h, &r->scenario_hash, sizeof r->scenario_hash);
    double d[2] = {o->have_dt ? o->dt : -1.0, o->have_t_end ? o->t_end : -1.0};
    h = hw_fnv1a(h, d, sizeof d);
    h = hw_fnv1a(h, &o->formats, sizeof o->formats);
    int flags[2] = {o->allow_unstable_dt, o->no_monitor};
    return hw_fnv1a(h, flags, sizeof flags);
}

/* The text outputs of a run: their streams and names in the output directory. */
enum { MAX_TEXT = 10 };
typedef struct text_files { int n; FILE **f[MAX_TEXT]; char name[MAX_TEXT][4200]; } text_files;

static void md_name(const char *scenario, char *name, size_t len)
{
    const char *base = strrchr(scenario, '/');
    base = base ? base + 1 : scenario;
    snprintf(name, len, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot && dot != name) *dot = 0;
    strncat(name, ".out", len - strlen(name) - 1);
}

static void list_text(const hw_run_ck *r, hw_outputs *out, hw_md_out *mdo, text_files *tf)
{
    static hw_outputs none;
    if (!out) out = &none;
    FILE **all[6] = {&out->lines, &out->points, &out->nodes, &out->segments, &out->waves, &out->wave_kin};
    static const char *names[6] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv", "waves.csv",
                                   "wave_kinematics.csv"};
    tf->n = 0;
    for (int k = 0; k < 6; k++)
        if (*all[k]) {
            tf->f[tf->n] = all[k];
            snprintf(tf->name[tf->n++], sizeof tf->name[0], "%s", names[k]);
        }
    if (hw_md_out_stream(mdo) && *hw_md_out_stream(mdo)) {
        tf->f[tf->n] = hw_md_out_stream(mdo);
        md_name(r->opts.scenario, tf->name[tf->n++], sizeof tf->name[0]);
    }
    if (r->rig && r->rig->csv) {
        tf->f[tf->n] = &r->rig->csv;
        snprintf(tf->name[tf->n++], sizeof tf->name[0], "rigid.csv");
    }
    if (r->netr && r->netr->csv) {
        tf->f[tf->n] = &r->netr->csv;
        snprintf(tf->name[tf->n++], sizeof tf->name[0], "network.csv");
    }
    if (r->bout && r->bout->f) {
        tf->f[tf->n] = &r->bout->f;
        snprintf(tf->name[tf->n++], sizeof tf->name[0], "bodies.csv");
    }
}

static hw_status hash_file(const char *path, uint64_t *h, char *msg, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return hw_ck_fail(msg, len, HW_ERR_INPUT, "%s: cannot read the scenario: %s", path, strerror(errno));
    unsigned char buf[65536];
    size_t n;
    *h = HW_FNV_INIT;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) *h = hw_fnv1a(*h, buf, n);
    int bad = ferror(f);
    fclose(f);
    return bad ? hw_ck_fail(msg, len, HW_ERR_INPUT, "%s: read error", path) : HW_OK;
}

hw_status hw_run_ck_read(hw_run_ck *r, const char *dir, char *msg, size_t msg_len)
{
    memset(r, 0, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s/%s", dir, HW_RUN_CK_NAME);
    hw_status st = hw_ck_open_file(r->path, &r->loaded, msg, msg_len);
    if (st) return st;
    hw_ck_begin_pass(r->loaded, 1);
    opts_records(r->loaded, r);
    const char *e;
    if (hw_ck_error(r->loaded, &e))
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: not a checkpoint of a CLI run: %s", r->path, e);
    return HW_OK;
}

hw_status hw_run_ck_init(hw_run_ck *r, const hw_run_ck_opts *o, const char *dir, char *msg,
                         size_t msg_len)
{
    uint64_t recorded = r->loaded ? r->scenario_hash : 0;
    if (!r->loaded) memset(r, 0, sizeof *r);
    r->opts = *o;
    snprintf(r->path, sizeof r->path, "%s/%s", dir, HW_RUN_CK_NAME);
    snprintf(r->dir, sizeof r->dir, "%s", dir);
    char abs[PATH_MAX];
    if (realpath(o->scenario, abs)) snprintf(r->opts.scenario_abs, sizeof r->opts.scenario_abs, "%s", abs);
    hw_status st = hash_file(o->scenario, &r->scenario_hash, msg, msg_len);
    if (st) return st;
    if (r->loaded && r->scenario_hash != recorded)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: the scenario %s is not the one this checkpoint "
                    "was written from (its contents differ): cannot resume", r->path, o->scenario);
    return HW_OK;
}

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

hw_status hw_run_ck_set_aside(hw_run_ck *r, const char *dir, char *msg, size_t msg_len)
{
    size_t n;
    const char *names = (const char *)hw_ck_find(r->loaded, "out.names", &n);
    if (!names) return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: it has no record 'out.names'", r->path);
    for (size_t at = 0; at < n;) {
        size_t len = 0;
        while (at + len < n && names[at + len] != '\n') len++;
        char path[8400], aside[8500];
        snprintf(path, sizeof path, "%s/%.*s", dir, (int)len, names + at);
        snprintf(aside, sizeof aside, "%s.resume", path);
        at += len + 1;
        if (exists(aside)) continue; /* set aside by an earlier resume that stopped */
        if (rename(path, aside) != 0)
            return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: cannot resume: %s", path,
                        errno == ENOENT ? "the run's output is missing" : strerror(errno));
    }
    return HW_OK;
}

/* The records of the outputs. sizes: the text files' sizes (saved from, or loaded into). With
 * them, the fixed-size state of the network and of the rigid cables' runner. */
static void out_records(hw_ck *ck, hw_run_ck *r, hw_outputs *out, const text_files *tf,
                        long long *sizes, int *vf, double *vt, long long *vtail, long *h5rows)
{
    char name[4300];
    HW_CK(ck, "run.steps", r->steps);
    if (r->netr && r->netr->net) {
        hw_ck_net_records(ck, r->netr->net);
        HW_CK(ck, "netrun.rows", r->netr->rows);
        hw_ck_io(ck, "netrun.force_stats", r->netr->force_stats,
                 (size_t)hw_net_n_elements(r->netr->net) * sizeof *r->netr->force_stats);
    }
    if (r->rig && r->rig->rc) {
        int nc = hw_rc_n_cables(r->rig->rc);
        HW_CK(ck, "rcrun.rows", r->rig->rows);
        hw_ck_io(ck, "rcrun.max_t", r->rig->max_t, (size_t)nc * sizeof(double));
        hw_ck_io(ck, "rcrun.max_time", r->rig->max_time, (size_t)nc * sizeof(double));
        hw_ck_io(ck, "rcrun.end_stats", r->rig->end_stats, (size_t)nc * 2 * sizeof *r->rig->end_stats);
    }
    if (out) {
        HW_CK(ck, "out.rows", out->rows);
        /* the summary's statistics, every line (plain values: new fields come along) */
        hw_ck_io(ck, "out.stats", out->stats, (size_t)out->sc->model.n_lines * sizeof *out->stats);
        if (out->wave_stats) /* the summary's wave points */
            hw_ck_io(ck, "out.wave_stats", out->wave_stats, (size_t)out->sc->n_wave_points * sizeof *out->wave_stats);
    }
    for (int k = 0; k < tf->n; k++) {
        snprintf(name, sizeof name, "out.size:%s", tf->name[k]);
        HW_CK(ck, name, sizes[k]);
    }
    if (out && out->vtk) {
        HW_CK(ck, "out.vtk.frames", *vf);
        HW_CK(ck, "out.vtk.last_t", *vt);
        HW_CK(ck, "out.vtk.tail_at", *vtail);
    }
    if (out && out->h5) HW_CK(ck, "out.h5.rows", *h5rows);
}

hw_status hw_run_ck_supported(const hw_run_ck *r, char *msg, size_t msg_len)
{
    if (r->rig && r->rig->rc && !strcmp(hw_rc_backend_name(r->rig->rc), "cuda"))
        return hw_ck_fail(msg, msg_len, HW_ERR_UNSUPPORTED, "checkpoints (--checkpoint-every, --resume): "
                    "rigid cables on the CUDA backend cannot be checkpointed yet (use --backend cpu)");
    return HW_OK;
}

hw_status hw_run_ck_write(hw_run_ck *r, hw_sim *sim, hw_outputs *out, hw_md_out *mdo, char *msg,
                          size_t msg_len)
{
    if (r->unsupported)
        return hw_ck_fail(msg, msg_len, HW_ERR_UNSUPPORTED, "no checkpoint written: %s", r->reason);
    text_files tf;
    list_text(r, out, mdo, &tf);
    long long sizes[MAX_TEXT];
    char names[MAX_TEXT * 4200 + 64] = "";
    for (int k = 0; k < tf.n; k++) {
        struct stat sb;
        /* on disk before the checkpoint that names their sizes (a power cut leaves them whole) */
        if (fflush(*tf.f[k]) != 0 || fsync(fileno(*tf.f[k])) != 0 || fstat(fileno(*tf.f[k]), &sb) != 0)
            return hw_ck_fail(msg, msg_len, HW_ERR_IO, "%s: cannot take its size for the checkpoint: %s",
                        tf.name[k], strerror(errno));
        sizes[k] = (long long)sb.st_size;
        strcat(names, tf.name[k]);
        strcat(names, "\n");
    }
    int vf = 0;
    double vt = 0;
    long long vtail = 0;
    long h5rows = out ? hw_h5_rows(out->h5) : 0;
    if (out && out->vtk) { hw_vtk_mark(out->vtk, &vf, &vt, &vtail); strcat(names, "run.pvd\n"); }
    if (out && out->h5) strcat(names, "results.h5\n");
    hw_ck *ck = hw_ck_new();
    if (!ck) return hw_ck_fail(msg, msg_len, HW_ERR_NOMEM, "%s: out of memory", r->path);
    hw_ck_set_fingerprint(ck, run_fingerprint(r, sim));
    opts_records(ck, r);
    hw_status st = sim ? hw_ck_save_sim(ck, sim) : HW_OK;
    if (!st && r->rig && r->rig->rc && (st = hw_ck_rc_records(ck, r->rig->rc, msg, msg_len))) {
        hw_ck_free(ck);
        return st;
    }
    if (!st && r->world && hw_world_n_bodies(r->world) > 0) { /* the bodies, after the families */
        hw_ck_world_names(ck, r->world);
        hw_ck_world_records(ck, r->world);
    }
    if (!st) {
        out_records(ck, r, out, &tf, sizes, &vf, &vt, &vtail, &h5rows);
        hw_ck_io(ck, "out.names", names, strlen(names));
        st = hw_ck_write_file(ck, r->path, msg, msg_len);
    } else {
        hw_ck_fail(msg, msg_len, st, "%s: reading the state: %s", r->path, hw_status_str(st));
    }
    hw_ck_free(ck);
    return st;
}

/* The run's time and step: the lines', else the rigid cables', else the network's. */
static double run_time(const hw_run_ck *r, const hw_sim *sim, double *dt)
{
    if (sim) { *dt = hw_sim_dt(sim); return hw_sim_time(sim); }
    if (r->rig && r->rig->rc) { *dt = hw_rc_dt(r->rig->rc); return hw_rc_time(r->rig->rc); }
    if (!(r->netr && r->netr->net) && r->world) { *dt = hw_world_dt(r->world); return hw_world_time(r->world); }
    *dt = r->net_dt;
    return r->netr && r->netr->net ? hw_net_time(r->netr->net) : 0.0;
}

static double next_time(double t, double every)
{
    return (floor(t / every + 1e-9) + 1.0) * every;
}

hw_status hw_run_ck_maybe(hw_run_ck *r, hw_sim *sim, hw_outputs *out, hw_md_out *mdo, char *msg,
                          size_t msg_len)
{
    if (!(r->opts.every > 0)) return HW_OK;
    double dt, t = run_time(r, sim, &dt);
    if (r->next_t <= 0) r->next_t = next_time(0.0, r->opts.every);
    if (t < r->next_t - 0.5 * dt) return HW_OK;
    r->next_t = next_time(t, r->opts.every);
    return hw_run_ck_write(r, sim, out, mdo, msg, msg_len);
}

/* Takes DIR/NAME.resume back as DIR/NAME cut to size bytes, reopened on *f for appending. */
static hw_status restore_text(const char *dir, const char *name, long long size, FILE **f,
                              char *msg, size_t msg_len)
{
    char path[8400], aside[8500];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(aside, sizeof aside, "%s.resume", path);
    struct stat sb;
    if (stat(aside, &sb) != 0 || (long long)sb.st_size < size)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: cannot resume: the file is missing or shorter "
                    "(%lld bytes) than at the checkpoint (%lld bytes)", path,
                    (long long)(stat(aside, &sb) == 0 ? sb.st_size : 0), size);
    fflush(*f);
    if (rename(aside, path) != 0 || truncate(path, (off_t)size) != 0)
        return hw_ck_fail(msg, msg_len, HW_ERR_IO, "%s: cannot resume: %s", path, strerror(errno));
    if (!(*f = freopen(path, "a", *f)))
        return hw_ck_fail(msg, msg_len, HW_ERR_IO, "%s: cannot reopen to resume: %s", path, strerror(errno));
    return HW_OK;
}

hw_status hw_run_ck_restore(hw_run_ck *r, hw_sim *sim, hw_outputs *out, hw_md_out *mdo,
                            char *msg, size_t msg_len)
{
    hw_ck *ck = r->loaded;
    hw_status st = hw_run_ck_supported(r, msg, msg_len);
    if (st) return st;
    if (r->world && (st = hw_ck_world_check(ck, r->world, msg, msg_len))) { /* before any state */
        char e2[1024];
        snprintf(e2, sizeof e2, "%s", msg);
        return hw_ck_fail(msg, msg_len, st, "%s: cannot resume: %s", r->path, e2);
    }
    st = sim ? hw_ck_load_sim(ck, sim, run_fingerprint(r, sim), r->path, msg, msg_len) : HW_OK;
    if (hw_ck_fingerprint(ck) != run_fingerprint(r, sim))
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: checkpoint of another model or other options "
                    "(the model built from %s differs from the one checkpointed): cannot resume",
                    r->path, r->opts.scenario);
    if (st) return st;
    text_files tf;
    list_text(r, out, mdo, &tf);
    long long sizes[MAX_TEXT] = {0};
    int vf = 0;
    double vt = 0;
    long long vtail = 0;
    long h5rows = 0;
    const char *e;
    hw_ck_begin_pass(ck, 0);
    out_records(ck, r, out, &tf, sizes, &vf, &vt, &vtail, &h5rows);
    if (hw_ck_error(ck, &e)) return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: %s", r->path, e);
    hw_ck_begin_pass(ck, 1);
    out_records(ck, r, out, &tf, sizes, &vf, &vt, &vtail, &h5rows);
    if (r->rig && r->rig->rc) {
        char e2[512];
        if ((st = hw_ck_rc_records(ck, r->rig->rc, e2, sizeof e2)))
            return hw_ck_fail(msg, msg_len, st, "%s: rigid cables: %s", r->path, e2);
    }
    if (r->world && hw_world_n_bodies(r->world) > 0) { /* checked, then loaded */
        hw_ck_begin_pass(ck, 0);
        hw_ck_world_records(ck, r->world);
        if (hw_ck_error(ck, &e)) return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: bodies: %s", r->path, e);
        hw_ck_begin_pass(ck, 1);
        hw_ck_world_records(ck, r->world);
    }
    for (int k = 0; k < tf.n; k++)
        if ((st = restore_text(r->dir, tf.name[k], sizes[k], tf.f[k], msg, msg_len))) return st;
    if (out && out->vtk && (st = hw_vtk_resume(out->vtk, vf, vt, vtail, msg, msg_len))) return st;
    if (out && out->h5 && (st = hw_h5_resume(out->h5, h5rows, msg, msg_len))) return st;
    double dt;
    r->next_t = next_time(run_time(r, sim, &dt), r->opts.every > 0 ? r->opts.every : 1.0);
    return HW_OK;
}

static long test_step(int *sig)
{
    const char *e = getenv("HAWSER_TEST_SIGNAL");
    long step = 0;
    if (!e || sscanf(e, "%ld:%d", &step, sig) != 2 || step <= 0) return -1;
    return step;
}

long hw_run_ck_test_cap(long s0, long n)
{
    int sig;
    long s = test_step(&sig);
    return s > s0 && s < s0 + n ? s - s0 : n;
}

void hw_run_ck_test_signal(long s0, long s1)
{
    int sig;
    long s = test_step(&sig);
    if (s > s0 && s <= s1) raise(sig);
}

void hw_run_ck_free(hw_run_ck *r)
{
    hw_ck_free(r->loaded);
    r->loaded = NULL;
}
