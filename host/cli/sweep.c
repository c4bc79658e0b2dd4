/* `hawser sweep BASE SWEEP.yaml`: the base scenario run once per case of a sweep file (io/sweep_plan.h),
 * each case with its overrides through `hawser run`'s own function (hw_cli_run) in a child process
 * of its own, its results in OUT/case_NNNN/, and one results table OUT/sweep.csv (+ sweep.h5) in case
 * order (io/sweep_table.h). Under mpirun the cases go over the ranks from a work queue on rank 0.
 * docs/sweep.md says why (a process per case; a queue rather than a fixed split).
 *
 * Resume: each finished case leaves OUT/case_NNNN/case.json (its exit code, wall time and a
 * fingerprint of the base scenario, its overrides and the options), written after the case ended;
 * a case whose record matches and whose summary is not `interrupted` is not run again. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT: the cores this rank may use */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef HAWSER_HAVE_MPI
#include <mpi.h>
#endif

#include "backend.h" /* hw_cuda_device_count */
#include "cli/run_cmd.h"
#include "io/files.h"
#include "io/moordyn_deck.h"
#include "io/sweep_plan.h"
#include "io/sweep_table.h"
#include "io/yaml_doc.h"
#include "run/ensemble.h"

#define EXIT_CASES_FAILED 1 /* the sweep ran; one or more cases did not end with exit 0 */

typedef struct sweep {
    const char *base, *file;
    char out[4096];
    run_opts run;          /* the options every case runs with (scenario, dir and overrides set per case) */
    int threads;           /* CPU threads of each case (0: the library's default) */
    int jobs;              /* --jobs: cases at once without mpirun (default 1) */
    int ensemble;          /* --ensemble G (0: the sweep file's, else the default) */
    int group;             /* cases per run (1: each case its own run; > 1: groups, docs/sweep.md) */
    /* the queue of runs (rank 0): run g is q_ids[q_off[g] ..] (q_n[g] cases) */
    int *q_ids, *q_off, *q_n, nq, q_used, q_next;
    int slot;              /* which of them the case started next is (its GPU) */
    int quiet;
    hw_sweep_plan *plan;
    char *base_text;
    char options[256];     /* the options that change results, in the fingerprint */
    hw_sweep_result *res;  /* per case (rank 0) */
    int rank, size, local_rank, n_devices;
    /* progress (rank 0) */
    int is_tty, todo, done_now, failed, skipped, last_decile;
    double t0;
} sweep;

static volatile sig_atomic_t g_stop; /* SIGINT / SIGTERM: finish the running case, start no other */
static void on_stop(int sig) { g_stop = sig; }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static char *dup_s(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static void case_dir(const sweep *s, int ci, char *buf, size_t len)
{
    snprintf(buf, len, "%s/case_%04d", s->out, ci);
}

/* FNV-1a 64 of the base scenario, the case's overrides and the options. */
static uint64_t fingerprint(const sweep *s, int ci)
{
    uint64_t h = 1469598103934665603ULL;
    const hw_sweep_case *c = &s->plan->cases[ci];
    for (int part = -2; part < c->n_ovr; part++) {
        const char *t = part == -2 ? s->base_text : part == -1 ? s->options : c->ovr[part];
        for (const unsigned char *p = (const unsigned char *)t; *p; p++) h = (h ^ *p) * 1099511628211ULL;
        h = (h ^ 0xff) * 1099511628211ULL;
    }
    return h;
}

/* ---- one case ---------------------------------------------------------------------------------- */

/* The last line of the case's log that starts with prefix, from its skip-th character, or NULL:
 * "hawser: " lines, skip 8 (the error of a case that wrote no summary), and the summary line a run
 * printed on stdout, "{\"status\":", skip 0 (a run that stopped before its files: a static solve
 * that did not converge). */
static char *log_last(const char *dir, const char *prefix, size_t skip)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    char *t = hw_read_file(path, NULL, NULL);
    if (!t) return NULL;
    char *best = NULL;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n"))
        if (!strncmp(line, prefix, strlen(prefix))) best = line + skip;
    char *m = dup_s(best);
    free(t);
    return m;
}

/* Where case ci's run wrote its files: its group's directory when it ran in one, else its own. */
static void result_dir(const sweep *s, int ci, const hw_sweep_result *r, char *buf, size_t len)
{
    if (r->group) snprintf(buf, len, "%s/%s", s->out, r->group);
    else case_dir(s, ci, buf, len);
}

/* The result of case ci from its run's directory (summary.json, else the summary line in log.txt). */
static void read_outputs(const sweep *s, int ci, hw_sweep_result *r)
{
    char dir[4200], path[4300];
    result_dir(s, ci, r, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/summary.json", dir);
    free(r->summary);
    free(r->message);
    r->summary = hw_read_file(path, NULL, NULL);
    if (!r->summary) r->summary = log_last(dir, "{\"status\":", 0);
    r->message = r->exit_code != 0 && (!r->summary || !strstr(r->summary, "\"message\":")) ? log_last(dir, "hawser: ", 8) : NULL;
}

/* Writes the case record (case.json) atomically; a case of a group (ids[0..n-1], n > 1) names the
 * group's directory, its cases and the suffix of its names there. */
static int write_record(const sweep *s, int ci, const hw_sweep_result *r, const int *ids, int n)
{
    char dir[4200], path[4300], tmp[4400];
    case_dir(s, ci, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/case.json", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) return -1;
    fprintf(f, "{\"id\":\"case_%04d\",\"exit_code\":%d,\"wall_s\":%.6f,\"rank\":%d,\"fingerprint\":\"%016llx\","
               "\"overrides\":[", ci, r->exit_code, r->wall_s, s->rank, (unsigned long long)fingerprint(s, ci));
    const hw_sweep_case *c = &s->plan->cases[ci];
    for (int k = 0; k < c->n_ovr; k++) {
        if (k) fputc(',', f);
        hw_json_string(f, c->ovr[k]);
    }
    fprintf(f, "]");
    if (r->group && n > 1) {
        fprintf(f, ",\"group\":");
        hw_json_string(f, r->group);
        fprintf(f, ",\"names\":\"NAME@%d\",\"group_cases\":[", ci);
        for (int k = 0; k < n; k++) fprintf(f, "%s%d", k ? "," : "", ids[k]);
        fprintf(f, "]");
    }
    fprintf(f, "}\n");
    if (hw_fclose_checked(f) || rename(tmp, path)) {
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Whether case ci finished in an earlier run (its record matches, its summary is not interrupted);
 * then its result is filled from its directory. A case of a group also gives its group's cases
 * (*members, malloc'ed, count first), checked by the caller: a group counts only whole. */
static int finished_before(const sweep *s, int ci, hw_sweep_result *r, int **members)
{
    char dir[4200], path[4300];
    case_dir(s, ci, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/case.json", dir);
    *members = NULL;
    char *t = hw_read_file(path, NULL, NULL);
    if (!t) return 0;
    yaml_document_t d;
    int line, ok = 0;
    char problem[128], fp[32];
    snprintf(fp, sizeof fp, "%016llx", (unsigned long long)fingerprint(s, ci));
    if (!yd_load(t, strlen(t), &d, &line, problem, sizeof problem)) {
        yaml_node_t *root = yd_root(&d);
        const char *f = yd_scalar(yd_map_find(&d, root, "fingerprint", NULL));
        long code;
        double wall;
        if (f && !strcmp(f, fp) && !yd_to_long(yd_map_find(&d, root, "exit_code", NULL), &code) &&
            !yd_to_double(yd_map_find(&d, root, "wall_s", NULL), &wall) && code != 130 && code != 143) {
            r->exit_code = (int)code;
            r->wall_s = wall;
            ok = 1;
            const char *g = yd_scalar(yd_map_find(&d, root, "group", NULL));
            yaml_node_t *gc = yd_map_find(&d, root, "group_cases", NULL);
            if (g) {
                int n = yd_seq_len(gc);
                r->group = dup_s(g);
                *members = n > 0 ? malloc(sizeof(int) * ((size_t)n + 1)) : NULL;
                if (!*members || strchr(g, '/') || strstr(g, "..")) ok = 0;
                for (int k = 0; ok && k < n; k++) {
                    long id;
                    if (yd_to_long(yd_seq_at(&d, gc, k), &id) || id < 0 || id >= s->plan->n_cases) ok = 0;
                    else (*members)[k + 1] = (int)id;
                }
                if (ok) (*members)[0] = n;
            }
        }
        yaml_document_delete(&d);
    }
    free(t);
    if (ok) {
        read_outputs(s, ci, r);
        char status[64];
        r->done = 1;
        hw_sweep_status(r, status, sizeof status);
        if (strcmp(status, "interrupted") && (!r->group || r->summary)) return 1; /* (a group's summary gone: again) */
    }
    hw_sweep_result_clear(r); /* not finished after all */
    free(*members);
    *members = NULL;
    return 0;
}

/* The child: the cases ids[0..n-1] (n > 1: a group, as one model) through hw_cli_run, its stdout
 * and stderr to DIR/log.txt. Never returns. */
static void child_run(const sweep *s, const int *ids, int n, const char *dir)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    char path[4300];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) _exit(EXIT_IO);
    if (dup2(fd, 1) < 0 || dup2(fd, 2) < 0) _exit(EXIT_IO);
    close(fd);
    if (s->threads > 0) hw_set_threads(s->threads);
    if (s->n_devices > 0) { /* this rank's GPU: local rank mod the devices (with --jobs, each of its
                               cases at once the next one), set before CUDA starts */
        int k = (s->local_rank * (s->jobs > 1 ? s->jobs : 1) + s->slot) % s->n_devices;
        const char *vis = getenv("CUDA_VISIBLE_DEVICES");
        char dev[256];
        snprintf(dev, sizeof dev, "%d", k);
        if (vis && *vis) { /* the k-th of the visible ones */
            const char *p = vis;
            for (int i = 0; i < k && p; i++) {
                p = strchr(p, ',');
                if (p) p++;
            }
            if (p) snprintf(dev, sizeof dev, "%.*s", (int)strcspn(p, ","), p);
        }
        setenv("CUDA_VISIBLE_DEVICES", dev, 1);
    }
    run_opts o = s->run;
    o.scenario = s->base;
    o.out_dir = dir;
    o.overrides = (const char *const *)s->plan->cases[ids[0]].ovr;
    o.n_overrides = s->plan->cases[ids[0]].n_ovr;
    const char *const **govr = NULL;
    int *gn = NULL;
    if (n > 1) {
        govr = calloc((size_t)n, sizeof *govr);
        gn = calloc((size_t)n, sizeof *gn);
        if (!govr || !gn) _exit(EXIT_NOMEM);
        for (int i = 0; i < n; i++) {
            govr[i] = (const char *const *)s->plan->cases[ids[i]].ovr;
            gn[i] = s->plan->cases[ids[i]].n_ovr;
        }
        o.n_group = n;
        o.group_ids = ids;
        o.group_ovr = govr;
        o.group_n_ovr = gn;
    }
    int code = hw_cli_run(&o);
    fflush(stdout);
    fflush(stderr);
    _exit(code);
}

/* The directory a run of ids[0..n-1] writes: a group's OUT/group_NNNN (its first case: a resumed
 * sweep makes its groups of unfinished cases only, and a group counts as finished only whole, so
 * no finished case's group has that name), a single case's own. */
static void run_dir(const sweep *s, const int *ids, int n, char *buf, size_t len)
{
    if (n > 1) snprintf(buf, len, "%s/group_%04d", s->out, ids[0]);
    else case_dir(s, ids[0], buf, len);
}

/* Starts the cases ids[0..n-1] in a child process; its pid, or -1 (then rs[0..n-1] hold the failure). */
static pid_t start_group(const sweep *s, const int *ids, int n, hw_sweep_result *rs)
{
    char dir[4200], cdir[4200], path[4300];
    run_dir(s, ids, n, dir, sizeof dir);
    int bad = hw_mkdir_p(dir) != 0;
    for (int i = 0; i < n; i++) {
        memset(&rs[i], 0, sizeof rs[i]);
        case_dir(s, ids[i], cdir, sizeof cdir);
        snprintf(path, sizeof path, "%s/case.json", cdir);
        if (!bad && (hw_mkdir_p(cdir) != 0 || (remove(path) != 0 && errno != ENOENT))) bad = 1;
        if (!bad && n > 1) { /* an earlier single run's files: not this case's results any more */
            const char *old[] = {"summary.json", "log.txt"};
            for (int k = 0; k < 2; k++) {
                snprintf(path, sizeof path, "%s/%s", cdir, old[k]);
                remove(path);
            }
        }
        if (bad && !rs[0].message) {
            char m[4400];
            snprintf(m, sizeof m, "%s: %s", i == 0 && n == 1 ? dir : cdir, strerror(errno));
            rs[0].message = dup_s(m);
        }
    }
    if (bad) {
        for (int i = 0; i < n; i++) {
            rs[i].done = 1;
            rs[i].exit_code = EXIT_IO;
            if (i) rs[i].message = dup_s(rs[0].message);
        }
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) child_run(s, ids, n, dir);
    if (pid < 0)
        for (int i = 0; i < n; i++) {
            rs[i].done = 1;
            rs[i].exit_code = EXIT_NOMEM;
            rs[i].message = dup_s("fork failed: cannot start the case's process");
        }
    return pid;
}

/* The end of a run's process: each case's result from its status and the run's directory, and its
 * record (a group's cases only when the group ended well: a failed group runs its cases again one
 * by one, and a stop before that leaves them unfinished). */
static void end_group(const sweep *s, const int *ids, int n, int wstatus, double wall, hw_sweep_result *rs)
{
    char dir[4200];
    run_dir(s, ids, n, dir, sizeof dir);
    const char *gname = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
    for (int i = 0; i < n; i++) {
        hw_sweep_result *r = &rs[i];
        r->done = 1;
        r->exit_code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : WIFSIGNALED(wstatus) ? 128 + WTERMSIG(wstatus) : 1;
        r->wall_s = wall;
        free(r->group);
        r->group = n > 1 ? dup_s(gname) : NULL;
        read_outputs(s, ids[i], r);
        if (!r->message && WIFSIGNALED(wstatus)) {
            char m[128];
            snprintf(m, sizeof m, "the case's process was killed by signal %d", WTERMSIG(wstatus));
            r->message = dup_s(m);
        }
        if (n > 1 && r->exit_code != 0) continue;
        if (write_record(s, ids[i], r, ids, n) && !s->quiet)
            fprintf(stderr, "hawser: warning: sweep: case_%04d: cannot write its record case.json (it will run again "
                    "on resume)\n", ids[i]);
    }
}

/* Runs the cases ids[0..n-1] to their end in this process's child (blocking). */
static void run_group(const sweep *s, const int *ids, int n, hw_sweep_result *rs)
{
    double t0 = now_s();
    pid_t pid = start_group(s, ids, n, rs);
    if (pid < 0) return;
    int ws = 0, forwarded = 0;
    for (;;) {
        pid_t w = waitpid(pid, &ws, 0);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) { ws = 1 << 8; break; }
        if (g_stop && !forwarded) { /* a stop sent to this process only: to the case too */
            kill(pid, (int)g_stop);
            forwarded = 1;
        }
    }
    end_group(s, ids, n, ws, now_s() - t0, rs);
}

/* ---- progress (rank 0) ------------------------------------------------------------------------ */

static void progress(sweep *s, int ci, const hw_sweep_result *r)
{
    char status[64];
    hw_sweep_status(r, status, sizeof status);
    int stopped = !strcmp(status, "interrupted") && g_stop; /* stopped with the sweep: not a failure */
    int failed = r->exit_code != 0 && !stopped;
    s->done_now++;
    s->failed += failed;
    int total = s->plan->n_cases, done = s->skipped + s->done_now;
    if (failed) { /* a failure is said even with -q: its message, the summary's or the log's */
        char *m = r->message ? dup_s(r->message) : NULL;
        yaml_document_t d;
        int line;
        char problem[64];
        if (!m && r->summary && !yd_load(r->summary, strlen(r->summary), &d, &line, problem, sizeof problem)) {
            m = dup_s(yd_scalar(yd_map_find(&d, yd_root(&d), "message", NULL)));
            yaml_document_delete(&d);
        }
        fprintf(stderr, "%shawser: sweep: case_%04d: %s (exit %d)%s%.300s\n", s->is_tty && !s->quiet ? "\r\033[K" : "",
                ci, status, r->exit_code, m ? ": " : "", m ? m : "");
        free(m);
    }
    if (s->quiet) return;
    double el = now_s() - s->t0;
    double eta = s->done_now > 0 ? el / s->done_now * (s->todo - s->done_now) : 0;
    char eta_s[32];
    snprintf(eta_s, sizeof eta_s, "%d:%02d", (int)(eta / 60), (int)fmod(eta, 60));
    int decile = total > 0 ? 10 * done / total : 10;
    if (s->is_tty) {
        fprintf(stderr, "\r\033[Khawser: sweep: %d/%d cases done, %d failed%s, ETA %s", done, total, s->failed,
                s->skipped ? " (resumed)" : "", eta_s);
        if (done == total) fputc('\n', stderr);
    } else if (decile > s->last_decile || done == total) {
        fprintf(stderr, "hawser: sweep: %d/%d cases done, %d failed, ETA %s\n", done, total, s->failed, eta_s);
    }
    s->last_decile = decile;
}

/* The test hook: HAWSER_TEST_SWEEP_STOP=k stops the sweep (as SIGTERM would) once k cases have
 * ended in this invocation. */
static void test_stop(const sweep *s)
{
    const char *e = getenv("HAWSER_TEST_SWEEP_STOP");
    if (e && atoi(e) > 0 && s->done_now >= atoi(e)) g_stop = SIGTERM;
}

/* ---- the queue of runs (rank 0): groups of cases, then single cases of failed groups ----------- */

static void queue_push(sweep *s, const int *ids, int n)
{
    s->q_off[s->nq] = s->q_used;
    s->q_n[s->nq++] = n;
    for (int i = 0; i < n; i++) s->q_ids[s->q_used++] = ids[i];
}

/* The results rs[0..n-1] of a run of ids[0..n-1] into the table (moved; rs left empty). A group
 * that did not end well (a case the loader refuses, a numerical failure of one case stops the
 * whole model) is queued again as single cases, each then with its own status. */
static void deliver(sweep *s, const int *ids, int n, hw_sweep_result *rs)
{
    int bad = 0;
    for (int i = 0; i < n; i++) bad |= rs[i].exit_code != 0;
    if (n > 1 && bad && !g_stop) {
        char status[64];
        hw_sweep_status(&rs[0], status, sizeof status);
        if (!s->quiet)
            fprintf(stderr, "%shawser: sweep: group_%04d (%d cases) ended %s (exit %d): its cases run again one by "
                    "one\n", s->is_tty ? "\r\033[K" : "", ids[0], n, status, rs[0].exit_code);
        for (int i = 0; i < n; i++) {
            queue_push(s, &ids[i], 1);
            hw_sweep_result_clear(&rs[i]);
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        hw_sweep_result_clear(&s->res[ids[i]]);
        s->res[ids[i]] = rs[i];
        memset(&rs[i], 0, sizeof rs[i]);
        progress(s, ids[i], &s->res[ids[i]]);
        test_stop(s);
    }
}

/* ---- the loops -------------------------------------------------------------------------------- */

/* Without mpirun: the queued runs, s->jobs of them at once (each in its child). */
static void loop_serial(sweep *s)
{
    int jobs = s->jobs > 1 ? s->jobs : 1;
    pid_t pid[64] = {0};
    int gq[64] = {0};
    double t0[64] = {0};
    hw_sweep_result *rs = calloc((size_t)s->group, sizeof *rs);
    int running = 0, told = 0;
    if (!rs) return;
    while (running > 0 || (s->q_next < s->nq && !g_stop)) {
        while (running < jobs && s->q_next < s->nq && !g_stop) {
            int slot = 0;
            while (pid[slot]) slot++;
            int g = s->q_next++;
            t0[slot] = now_s();
            s->slot = slot;
            pid_t p = start_group(s, &s->q_ids[s->q_off[g]], s->q_n[g], rs);
            if (p < 0) { /* could not start: its results say why */
                deliver(s, &s->q_ids[s->q_off[g]], s->q_n[g], rs);
                continue;
            }
            pid[slot] = p;
            gq[slot] = g;
            running++;
        }
        if (!running) break;
        int ws = 0;
        pid_t w = waitpid(-1, &ws, 0);
        if (w < 0) {
            if (errno != EINTR) break;
            if (g_stop && !told) { /* a stop sent to this process only: to the running cases too */
                for (int k = 0; k < jobs; k++)
                    if (pid[k]) kill(pid[k], (int)g_stop);
                told = 1;
            }
            continue;
        }
        for (int k = 0; k < jobs; k++)
            if (pid[k] == w) {
                int g = gq[k];
                end_group(s, &s->q_ids[s->q_off[g]], s->q_n[g], ws, now_s() - t0[k], rs);
                deliver(s, &s->q_ids[s->q_off[g]], s->q_n[g], rs);
                pid[k] = 0;
                running--;
            }
    }
    free(rs);
}

#ifdef HAWSER_HAVE_MPI
enum { TAG_REQ = 11, TAG_JOB = 12 };

/* The results of a run as one message: "n stop\n", then per case "ci exit done wall summary_len
 * message_len group_len\n" and the texts. */
static char *pack(const int *ids, int n, const hw_sweep_result *rs, int stop, int *len)
{
    size_t cap = 64;
    for (int i = 0; i < n; i++)
        cap += 128 + (rs[i].summary ? strlen(rs[i].summary) : 0) + (rs[i].message ? strlen(rs[i].message) : 0) +
               (rs[i].group ? strlen(rs[i].group) : 0);
    char *b = malloc(cap);
    if (!b) return NULL;
    size_t h = (size_t)snprintf(b, cap, "%d %d\n", n, stop);
    for (int i = 0; i < n; i++) {
        const hw_sweep_result *r = &rs[i];
        const char *t[3] = {r->summary, r->message, r->group};
        h += (size_t)snprintf(b + h, cap - h, "%d %d %d %.17g %ld %ld %ld\n", ids[i], r->exit_code, r->done, r->wall_s,
                              t[0] ? (long)strlen(t[0]) : -1L, t[1] ? (long)strlen(t[1]) : -1L,
                              t[2] ? (long)strlen(t[2]) : -1L);
        for (int k = 0; k < 3; k++)
            if (t[k]) {
                memcpy(b + h, t[k], strlen(t[k]));
                h += strlen(t[k]);
            }
    }
    *len = (int)h;
    return b;
}

/* The next case's result from a message (at *pos); its case id, or -1 at the end or a bad message. */
static int unpack_one(const char *b, int len, int *pos, hw_sweep_result *r)
{
    const char *p = b + *pos;
    const char *nl = *pos < len ? memchr(p, '\n', (size_t)(len - *pos)) : NULL;
    int ci, code, done;
    double wall;
    long tl[3];
    if (!nl || sscanf(p, "%d %d %d %lf %ld %ld %ld", &ci, &code, &done, &wall, &tl[0], &tl[1], &tl[2]) != 7) return -1;
    p = nl + 1;
    memset(r, 0, sizeof *r);
    r->exit_code = code;
    r->done = done;
    r->wall_s = wall;
    char **dst[3] = {&r->summary, &r->message, &r->group};
    for (int k = 0; k < 3; k++) {
        if (tl[k] < 0) continue;
        if (tl[k] > len - (p - b)) return -1;
        *dst[k] = malloc((size_t)tl[k] + 1);
        if (*dst[k]) {
            memcpy(*dst[k], p, (size_t)tl[k]);
            (*dst[k])[tl[k]] = 0;
        }
        p += tl[k];
    }
    *pos = (int)(p - b);
    return ci;
}

/* Sends a run (queue entry g) to rank dst, or -1 (n = 0): no more. */
static void send_job(const sweep *s, int g, int dst)
{
    int buf[1 + HW_SWEEP_MAX_GROUP];
    int n = g >= 0 ? s->q_n[g] : 0;
    buf[0] = n;
    for (int i = 0; i < n; i++) buf[1 + i] = s->q_ids[s->q_off[g] + i];
    MPI_Send(buf, 1 + n, MPI_INT, dst, TAG_JOB, MPI_COMM_WORLD);
}

/* Rank 0: hands out the queued runs to whichever rank asks, itself included (its own run is in a
 * child while it answers the others). */
static void loop_rank0(sweep *s)
{
    int workers = s->size - 1, own = -1;
    pid_t own_pid = -1;
    double own_t0 = 0;
    hw_sweep_result *rs = calloc((size_t)s->group, sizeof *rs);
    int *ids = calloc((size_t)s->group, sizeof *ids);
    if (!rs || !ids) {
        free(rs);
        free(ids);
        return;
    }
    while (workers > 0 || own >= 0 || (s->q_next < s->nq && !g_stop)) {
        int busy = 0;
        if (own < 0 && s->q_next < s->nq && !g_stop) {
            own = s->q_next++;
            own_t0 = now_s();
            own_pid = start_group(s, &s->q_ids[s->q_off[own]], s->q_n[own], rs);
            if (own_pid < 0) {
                deliver(s, &s->q_ids[s->q_off[own]], s->q_n[own], rs);
                own = -1;
            }
            busy = 1;
        }
        int flag = 0;
        MPI_Status ms;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQ, MPI_COMM_WORLD, &flag, &ms);
        if (flag) {
            int len = 0;
            MPI_Get_count(&ms, MPI_CHAR, &len);
            char *b = malloc((size_t)len + 1);
            MPI_Recv(b, len, MPI_CHAR, ms.MPI_SOURCE, TAG_REQ, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int stop = 0, n = 0, pos = 0;
            if (b) {
                b[len] = 0;
                const char *nl = memchr(b, '\n', (size_t)len);
                if (!nl || sscanf(b, "%d %d", &n, &stop) != 2 || n < 0 || n > s->group) n = 0;
                pos = nl ? (int)(nl - b) + 1 : len;
            }
            int k = 0;
            for (; k < n; k++) {
                ids[k] = unpack_one(b, len, &pos, &rs[k]);
                if (ids[k] < 0 || ids[k] >= s->plan->n_cases) {
                    hw_sweep_result_clear(&rs[k]);
                    break;
                }
            }
            free(b);
            if (k == n && n > 0) deliver(s, ids, n, rs);
            else
                for (int i = 0; i < k; i++) hw_sweep_result_clear(&rs[i]);
            int job = -1;
            if (!stop && !g_stop && s->q_next < s->nq) job = s->q_next++;
            send_job(s, job, ms.MPI_SOURCE);
            if (job < 0) workers--;
            busy = 1;
        }
        if (own >= 0) {
            int ws = 0;
            pid_t w = waitpid(own_pid, &ws, WNOHANG);
            if (w == own_pid || (w < 0 && errno != EINTR)) {
                if (w < 0) ws = 1 << 8;
                end_group(s, &s->q_ids[s->q_off[own]], s->q_n[own], ws, now_s() - own_t0, rs);
                deliver(s, &s->q_ids[s->q_off[own]], s->q_n[own], rs);
                own = -1;
                busy = 1;
            } else if (g_stop == SIGTERM || g_stop == SIGINT) {
                static pid_t told;
                if (told != own_pid) { kill(own_pid, (int)g_stop); told = own_pid; }
            }
        }
        if (!busy) {
            struct timespec ts = {0, 5000000}; /* 5 ms */
            nanosleep(&ts, NULL);
        }
    }
    free(rs);
    free(ids);
}

/* The other ranks: ask rank 0 for a run, do it, send its results with the next request. */
static void loop_worker(sweep *s)
{
    hw_sweep_result *rs = calloc(HW_SWEEP_MAX_GROUP, sizeof *rs);
    int *ids = malloc(sizeof(int) * (1 + HW_SWEEP_MAX_GROUP));
    int n = 0;
    for (;;) {
        int len = 0;
        char *b = rs && ids ? pack(ids + 1, n, rs, g_stop != 0, &len) : NULL;
        if (!b) { /* out of memory: a bare request */
            static char bare[16];
            len = snprintf(bare, sizeof bare, "0 1\n");
            MPI_Send(bare, len, MPI_CHAR, 0, TAG_REQ, MPI_COMM_WORLD);
        } else {
            MPI_Send(b, len, MPI_CHAR, 0, TAG_REQ, MPI_COMM_WORLD);
            free(b);
        }
        for (int i = 0; rs && i < n; i++) hw_sweep_result_clear(&rs[i]);
        int jb[1 + HW_SWEEP_MAX_GROUP];
        MPI_Recv(jb, 1 + HW_SWEEP_MAX_GROUP, MPI_INT, 0, TAG_JOB, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        n = jb[0];
        if (n <= 0 || n > HW_SWEEP_MAX_GROUP || !rs || !ids) break;
        for (int i = 0; i < n; i++) ids[1 + i] = jb[1 + i];
        run_group(s, ids + 1, n, rs);
    }
    free(rs);
    free(ids);
}
#endif

/* ---- setup ------------------------------------------------------------------------------------- */

/* Whether this process was started by mpirun (OpenMPI or another PMIx/PMI launcher). */
static int launched_by_mpirun(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

/* Threads for each case: the cores this rank may use, shared with the other ranks of its node
 * when they are not bound, and between the cases it runs at once (no oversubscription). */
static int threads_per_case(int local_size, int jobs)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int avail = online > 0 ? (int)online : 1;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) avail = CPU_COUNT(&set);
    if (local_size > 1 && avail >= online) avail = (int)(online / local_size);
    avail /= jobs > 1 ? jobs : 1;
    return avail > 0 ? avail : 1;
}

/* The CUDA devices, counted in a child process: CUDA must not start in a process that forks the
 * cases. */
static int count_devices(void)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int n = hw_cuda_device_count();
        _exit(n < 0 ? 0 : n > 100 ? 100 : n);
    }
    int ws = 0;
    if (pid < 0 || waitpid(pid, &ws, 0) != pid || !WIFEXITED(ws)) return 0;
    return WEXITSTATUS(ws);
}

static int parse_num(const char *v, double *x)
{
    char *end;
    errno = 0;
    *x = strtod(v, &end);
    return errno == 0 && end != v && !*end && isfinite(*x);
}

static int parse_args(sweep *s, int argc, char **argv)
{
    const char *out = NULL;
    s->run.backend = HW_BACKEND_AUTO;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        double x;
        if ((!strcmp(a, "-o") || !strcmp(a, "--output")) && has) {
            out = argv[++i];
        } else if (!strcmp(a, "--backend") && has) {
            const char *v = argv[++i];
            s->run.have_backend = 1;
            if (!strcmp(v, "cpu")) s->run.backend = HW_BACKEND_CPU;
            else if (!strcmp(v, "cuda")) s->run.backend = HW_BACKEND_CUDA;
            else if (!strcmp(v, "auto")) s->run.backend = HW_BACKEND_AUTO;
            else {
                fprintf(stderr, "hawser: --backend: expected cpu, cuda or auto, got '%s'\n", v);
                return -1;
            }
        } else if (!strcmp(a, "--threads") && has) {
            if (!parse_num(argv[++i], &x) || x < 1 || x > 4096 || x != (double)(int)x) {
                fprintf(stderr, "hawser: --threads: expected a whole number of threads >= 1, got '%s'\n", argv[i]);
                return -1;
            }
            s->threads = (int)x;
        } else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) && has) {
            if (!parse_num(argv[++i], &x) || x < 1 || x > 64 || x != (double)(int)x) {
                fprintf(stderr, "hawser: --jobs: expected a whole number of cases at once from 1 to 64, got '%s'\n", argv[i]);
                return -1;
            }
            s->jobs = (int)x;
        } else if (!strcmp(a, "--ensemble") && has) {
            if (!parse_num(argv[++i], &x) || x < 1 || x > HW_SWEEP_MAX_GROUP || x != (double)(int)x) {
                fprintf(stderr, "hawser: --ensemble: expected the cases per group, a whole number from 1 to %d, got '%s'\n",
                        HW_SWEEP_MAX_GROUP, argv[i]);
                return -1;
            }
            s->ensemble = (int)x;
        } else if (!strcmp(a, "--dt") && has) {
            s->run.have_dt = 1;
            if (!strcmp(argv[++i], "auto")) s->run.dt = 0;
            else if (!parse_num(argv[i], &s->run.dt) || s->run.dt <= 0) {
                fprintf(stderr, "hawser: --dt: expected a time step > 0 s or 'auto', got '%s'\n", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--t-end") && has) {
            s->run.have_t_end = 1;
            if (!parse_num(argv[++i], &s->run.t_end) || s->run.t_end < 0) {
                fprintf(stderr, "hawser: --t-end: expected an end time >= 0 s, got '%s'\n", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--format") && has) {
            char m[512];
            if (!(s->run.formats = hw_output_formats_parse(argv[++i], m, sizeof m))) {
                fprintf(stderr, "hawser: --format: %s\n", m);
                return -1;
            }
        } else if (!strcmp(a, "--allow-unstable-dt")) {
            s->run.allow_unstable_dt = 1;
        } else if (!strcmp(a, "--no-monitor")) {
            s->run.no_monitor = 1;
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            s->quiet = 1;
        } else if (a[0] == '-') {
            fprintf(stderr, "hawser: sweep: unknown or incomplete option '%s' (see --help)\n", a);
            return -1;
        } else if (!s->base) {
            s->base = a;
        } else if (!s->file) {
            s->file = a;
        } else {
            fprintf(stderr, "hawser: sweep takes a base scenario and a sweep file, got '%s' too\n", a);
            return -1;
        }
    }
    if (!s->base || !s->file) {
        fprintf(stderr, "hawser: sweep: expected a base scenario and a sweep file (hawser sweep BASE SWEEP.yaml)\n");
        return -1;
    }
    if (out) {
        snprintf(s->out, sizeof s->out, "%s", out);
    } else { /* out/<sweep file name> */
        const char *b = strrchr(s->file, '/');
        b = b ? b + 1 : s->file;
        char stem[512];
        snprintf(stem, sizeof stem, "%s", b);
        char *dot = strrchr(stem, '.');
        if (dot && dot != stem) *dot = 0;
        snprintf(s->out, sizeof s->out, "out/%s", stem);
    }
    snprintf(s->options, sizeof s->options, "dt=%d:%.17g t_end=%d:%.17g formats=%d unstable=%d nomonitor=%d",
             s->run.have_dt, s->run.dt, s->run.have_t_end, s->run.t_end, s->run.formats, s->run.allow_unstable_dt,
             s->run.no_monitor);
    return 0;
}

/* The plan, the base scenario's text and the keys checked on it. 0, or the exit code (said on rank 0). */
static int prepare(sweep *s)
{
    char msg[4096];
    hw_status st = hw_sweep_plan_load(s->file, NULL, &s->plan, msg, sizeof msg);
    if (!st && hw_md_is_deck(s->base)) {
        snprintf(msg, sizeof msg, "%s: a sweep's base must be a YAML scenario (its overrides are YAML keys): convert "
                 "the MoorDyn deck first with `hawser convert`", s->base);
        st = HW_ERR_INPUT;
    }
    if (!st && !(s->base_text = hw_read_file(s->base, NULL, NULL))) {
        snprintf(msg, sizeof msg, "%s: cannot read: %s", s->base, strerror(errno));
        st = HW_ERR_IO;
    }
    if (!st) st = hw_sweep_plan_check_keys(s->plan, s->base, s->base_text, msg, sizeof msg);
    if (st) {
        if (s->rank == 0) fprintf(stderr, "hawser: %s\n", msg);
        return st == HW_ERR_NOMEM ? EXIT_NOMEM : EXIT_INPUT;
    }
    return 0;
}

/* Whether key (KEY.PATH) changes per-line data only: lines, line types, points, sheaves. */
static int per_line_key(const char *key)
{
    static const char *const ok[] = {"lines", "line_types", "points", "sheaves", NULL};
    size_t n = strcspn(key, ".[");
    for (int i = 0; ok[i]; i++)
        if (strlen(ok[i]) == n && !strncmp(key, ok[i], n)) return 1;
    return 0;
}

/* The default cases per run on a GPU: enough small cases for about 1e5 segments in one model (the
 * size from which one model keeps an H100 busy, docs/gpu.md), at most 256. */
#define GPU_GROUP_SEGMENTS 100000
#define GPU_GROUP_MAX 256

/* Rank 0: the cases per run (s->group): --ensemble, else the sweep file's `ensemble:`, else 1 on the
 * CPU and on a GPU enough for GPU_GROUP_SEGMENTS; 1 (with a note) when a key is not per-line data
 * or the base is not only lumped lines. */
static int decide_group(const sweep *s)
{
    int want = s->ensemble ? s->ensemble : s->plan->ensemble, asked = want > 0;
    int gpu = s->n_devices > 0 && s->run.backend != HW_BACKEND_CPU;
    if (!asked && !gpu) return 1;
    if (asked && want <= 1) return 1;
    const char *why = NULL;
    char buf[600];
    for (int i = 0; !why && i < s->plan->n_params; i++)
        if (!per_line_key(s->plan->params[i].key)) {
            snprintf(buf, sizeof buf, "key '%.400s' is not per-line data (lines, line_types, points, sheaves)",
                     s->plan->params[i].key);
            why = buf;
        }
    hw_scenario *sc = NULL;
    char msg[1024];
    if (!why && hw_scenario_load_with(s->base, s->base_text, NULL, 0, &sc, msg, sizeof msg) == HW_OK) {
        char w[128];
        if (!hw_ensemble_groupable(sc, w, sizeof w)) {
            snprintf(buf, sizeof buf, "%s: %s", s->base, w);
            why = buf;
        } else if (!asked) {
            long seg = 0;
            for (int l = 0; l < sc->model.n_lines; l++) seg += sc->model.lines[l].nseg;
            want = (int)(GPU_GROUP_SEGMENTS / (seg > 0 ? seg : 1));
            want = want < 1 ? 1 : want > GPU_GROUP_MAX ? GPU_GROUP_MAX : want;
        }
    } else if (!why) {
        snprintf(buf, sizeof buf, "%s does not load", s->base);
        why = buf;
    }
    hw_scenario_free(sc);
    if (why) {
        if (asked || !s->quiet)
            fprintf(stderr, "hawser: sweep: %s: one case per run (%s)\n", asked ? "ensemble" : "GPU ensemble", why);
        return 1;
    }
    return want;
}

int hw_cli_sweep(int argc, char **argv)
{
    sweep s;
    memset(&s, 0, sizeof s);
    s.size = 1;
    if (parse_args(&s, argc, argv)) return EXIT_USAGE;
    int use_mpi = 0;
#ifdef HAWSER_HAVE_MPI
    if (launched_by_mpirun()) {
        MPI_Init(&argc, &argv);
        use_mpi = 1;
        MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
        MPI_Comm_size(MPI_COMM_WORLD, &s.size);
        if (s.jobs > 1 && s.size > 1) { /* the ranks are the parallel cases */
            if (s.rank == 0)
                fprintf(stderr, "hawser: warning: sweep: --jobs is for sweeps without mpirun; under mpirun each rank "
                        "runs one case at a time (start more ranks instead)\n");
            s.jobs = 1;
        }
        MPI_Comm node;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, s.rank, MPI_INFO_NULL, &node);
        int local_size = 1;
        MPI_Comm_rank(node, &s.local_rank);
        MPI_Comm_size(node, &local_size);
        MPI_Comm_free(&node);
        if (!s.threads && !getenv("OMP_NUM_THREADS")) s.threads = threads_per_case(local_size, 1);
    }
#else
    if (launched_by_mpirun()) { /* without MPI: rank 0 runs the whole sweep, the others nothing */
        const char *r = getenv("OMPI_COMM_WORLD_RANK");
        if (!r) r = getenv("PMIX_RANK");
        if (!r) r = getenv("PMI_RANK");
        if (r && atoi(r) != 0) return EXIT_OK;
        fprintf(stderr, "hawser: warning: sweep: started by mpirun but built without MPI: rank 0 runs every "
                "case (install libopenmpi-dev and rebuild for the ranks to share them)\n");
    }
#endif
    if (!use_mpi && !s.threads && !getenv("OMP_NUM_THREADS")) s.threads = threads_per_case(1, s.jobs);
    int code = prepare(&s);
    if (!code && s.rank == 0 && hw_mkdir_p(s.out) != 0) {
        fprintf(stderr, "hawser: %s: cannot create the sweep's directory: %s\n", s.out, strerror(errno));
        code = EXIT_IO;
    }
    if (!code && s.run.backend != HW_BACKEND_CPU) s.n_devices = count_devices();
    s.group = !code && s.rank == 0 ? decide_group(&s) : 1;
#ifdef HAWSER_HAVE_MPI
    if (use_mpi) MPI_Bcast(&s.group, 1, MPI_INT, 0, MPI_COMM_WORLD); /* in every rank's fingerprint */
#endif
    if (s.group > 1) { /* grouped cases run again when G changes (with dt auto it sets the step) */
        size_t l = strlen(s.options);
        snprintf(s.options + l, sizeof s.options - l, " ensemble=%d", s.group);
    }
    int n = s.plan ? s.plan->n_cases : 0;
    int *todo = NULL;
    if (!code && s.rank == 0) {
        s.res = calloc((size_t)n + 1, sizeof *s.res);
        todo = calloc((size_t)n + 1, sizeof *todo);
        if (!s.res || !todo) {
            fprintf(stderr, "hawser: out of memory for %d cases\n", n);
            code = EXIT_NOMEM;
        }
        int **members = calloc((size_t)n + 1, sizeof *members);
        char *fin = calloc((size_t)n + 1, 1), *keep = calloc((size_t)n + 1, 1);
        s.q_ids = calloc(2 * (size_t)n + 1, sizeof *s.q_ids);
        s.q_off = calloc(2 * (size_t)n + 1, sizeof *s.q_off);
        s.q_n = calloc(2 * (size_t)n + 1, sizeof *s.q_n);
        if (!code && (!members || !fin || !keep || !s.q_ids || !s.q_off || !s.q_n)) {
            fprintf(stderr, "hawser: out of memory for %d cases\n", n);
            code = EXIT_NOMEM;
        }
        for (int ci = 0; !code && ci < n; ci++) fin[ci] = (char)finished_before(&s, ci, &s.res[ci], &members[ci]);
        for (int ci = 0; !code && ci < n; ci++) { /* a group's cases count only when all of them finished */
            keep[ci] = fin[ci];
            for (int k = 1; keep[ci] && members[ci] && k <= members[ci][0]; k++) {
                int m = members[ci][k];
                keep[ci] = fin[m] && s.res[m].group && !strcmp(s.res[m].group, s.res[ci].group);
            }
        }
        for (int ci = 0; !code && ci < n; ci++) {
            if (keep[ci]) s.skipped++;
            else {
                hw_sweep_result_clear(&s.res[ci]);
                todo[s.todo++] = ci;
            }
        }
        for (int i = 0; !code && i < s.todo; i += s.group) /* the runs: groups of consecutive cases */
            queue_push(&s, &todo[i], s.todo - i < s.group ? s.todo - i : s.group);
        for (int ci = 0; members && ci < n; ci++) free(members[ci]);
        free(members);
        free(fin);
        free(keep);
        s.is_tty = isatty(2);
        char gnote[96] = "";
        if (s.group > 1) snprintf(gnote, sizeof gnote, ", up to %d cases per run as one model", s.group);
        s.last_decile = n > 0 ? 10 * s.skipped / n : 10;
        if (!code && !s.quiet)
            fprintf(stderr, "hawser: sweep: %d cases of %s on %s%s%s, results in %s/ (%d rank%s, %d case%s at once "
                    "per rank, %d thread%s per case%s%s)\n",
                    n, s.file, s.base, s.skipped ? "; resumed: " : "",
                    s.skipped ? (s.todo ? "the finished ones are kept" : "every case had finished") : "", s.out,
                    s.size, s.size == 1 ? "" : "s", s.jobs > 1 ? s.jobs : 1, s.jobs > 1 ? "s" : "",
                    s.threads ? s.threads : hw_threads(),
                    (s.threads ? s.threads : hw_threads()) == 1 ? "" : "s",
                    s.n_devices > 0 ? ", CUDA devices" : "", gnote);
    }
#ifdef HAWSER_HAVE_MPI
    if (use_mpi) { /* every rank agrees whether to go on */
        int go = code;
        MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
        code = go;
    }
#endif
    if (!code) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_stop;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        s.t0 = now_s();
#ifdef HAWSER_HAVE_MPI
        if (use_mpi && s.size > 1) {
            if (s.rank == 0) loop_rank0(&s);
            else loop_worker(&s);
        } else
#endif
            if (s.rank == 0) loop_serial(&s);
    }
    if (!code && s.rank == 0) { /* the table, also of a stopped sweep (its cases not run: not_run) */
        char msg[4400];
        hw_status st = hw_sweep_table_write(s.out, s.plan, s.res, msg, sizeof msg);
        int all = 1, ok = 1;
        for (int ci = 0; ci < n; ci++) {
            all &= s.res[ci].done;
            ok &= s.res[ci].exit_code == 0;
        }
        if (st) {
            fprintf(stderr, "hawser: %s\n", msg);
            code = st == HW_ERR_NOMEM ? EXIT_NOMEM : EXIT_IO;
        } else if (!all || g_stop) {
            code = 128 + (g_stop ? (int)g_stop : SIGTERM);
            int finished = 0;
            for (int ci = 0; ci < n; ci++) {
                char status[64];
                hw_sweep_status(&s.res[ci], status, sizeof status);
                finished += s.res[ci].done && strcmp(status, "interrupted") != 0;
            }
            if (!s.quiet)
                fprintf(stderr, "hawser: sweep stopped: %d of %d cases finished; the same command resumes it\n",
                        finished, n);
        } else {
            code = ok ? EXIT_OK : EXIT_CASES_FAILED;
            int failed = 0;
            for (int ci = 0; ci < n; ci++) failed += s.res[ci].exit_code != 0;
            if (!s.quiet)
                fprintf(stderr, "hawser: sweep: %d cases, %d failed: %s/sweep.csv%s\n", n, failed, s.out,
#ifdef HAWSER_HAVE_HDF5
                        ", sweep.h5"
#else
                        ""
#endif
                );
        }
    }
#ifdef HAWSER_HAVE_MPI
    if (use_mpi) { /* every rank exits with rank 0's code */
        MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Finalize();
    }
#endif
    for (int ci = 0; s.res && ci < n; ci++) hw_sweep_result_clear(&s.res[ci]);
    free(s.res);
    free(s.q_ids);
    free(s.q_off);
    free(s.q_n);
    free(todo);
    free(s.base_text);
    hw_sweep_plan_free(s.plan);
    return code;
}
