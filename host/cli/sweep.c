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

#define EXIT_CASES_FAILED 1 /* the sweep ran; one or more cases did not end with exit 0 */

typedef struct sweep {
    const char *base, *file;
    char out[4096];
    run_opts run;          /* the options every case runs with (scenario, dir and overrides set per case) */
    int threads;           /* CPU threads of each case (0: the library's default) */
    int jobs;              /* --jobs: cases at once without mpirun (default 1) */
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

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    while (b) {
        size_t got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (n + 1 >= cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb) {
                free(b);
                b = NULL;
            } else b = nb;
        }
    }
    fclose(f);
    if (b) b[n] = 0;
    return b;
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

/* The last "hawser: " line of the case's log, without the prefix (the error of a case that wrote
 * no summary). */
static char *log_error(const char *dir)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    char *t = slurp(path);
    if (!t) return NULL;
    char *best = NULL;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n"))
        if (!strncmp(line, "hawser: ", 8)) best = line + 8;
    char *m = dup_s(best);
    free(t);
    return m;
}

/* The summary line a run printed on stdout (into its log) when it wrote no summary.json (a run
 * that stopped before its files: a static solve that did not converge), or NULL. */
static char *log_summary(const char *dir)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    char *t = slurp(path);
    if (!t) return NULL;
    char *best = NULL;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n"))
        if (!strncmp(line, "{\"status\":", 10)) best = line;
    char *m = dup_s(best);
    free(t);
    return m;
}

/* The result of case ci from its directory (summary.json, else the summary line in log.txt). */
static void read_outputs(const sweep *s, int ci, hw_sweep_result *r)
{
    char dir[4200], path[4300];
    case_dir(s, ci, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/summary.json", dir);
    free(r->summary);
    free(r->message);
    r->summary = slurp(path);
    if (!r->summary) r->summary = log_summary(dir);
    r->message = r->exit_code != 0 && (!r->summary || !strstr(r->summary, "\"message\":")) ? log_error(dir) : NULL;
}

/* Writes the case record (case.json) atomically. */
static int write_record(const sweep *s, int ci, const hw_sweep_result *r)
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
    fprintf(f, "]}\n");
    if (hw_fclose_checked(f) || rename(tmp, path)) {
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Whether case ci finished in an earlier run (its record matches, its summary is not interrupted);
 * then its result is filled from its directory. */
static int finished_before(const sweep *s, int ci, hw_sweep_result *r)
{
    char dir[4200], path[4300];
    case_dir(s, ci, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/case.json", dir);
    char *t = slurp(path);
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
        }
        yaml_document_delete(&d);
    }
    free(t);
    if (!ok) return 0;
    read_outputs(s, ci, r);
    char status[64];
    r->done = 1;
    hw_sweep_status(r, status, sizeof status);
    if (!strcmp(status, "interrupted")) { /* not finished after all */
        r->done = 0;
        return 0;
    }
    return 1;
}

/* The child: case ci through hw_cli_run, its stdout and stderr to DIR/log.txt. Never returns. */
static void child_run(const sweep *s, int ci, const char *dir)
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
    o.overrides = (const char *const *)s->plan->cases[ci].ovr;
    o.n_overrides = s->plan->cases[ci].n_ovr;
    int code = hw_cli_run(&o);
    fflush(stdout);
    fflush(stderr);
    _exit(code);
}

/* Starts case ci in a child process; its pid, or -1 (then r holds the failure). */
static pid_t start_case(const sweep *s, int ci, hw_sweep_result *r)
{
    char dir[4200], path[4300];
    case_dir(s, ci, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/case.json", dir);
    memset(r, 0, sizeof *r);
    if (hw_mkdir_p(dir) != 0 || (remove(path) != 0 && errno != ENOENT)) {
        char m[4400];
        snprintf(m, sizeof m, "%s: %s", dir, strerror(errno));
        r->done = 1;
        r->exit_code = EXIT_IO;
        r->message = dup_s(m);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) child_run(s, ci, dir);
    if (pid < 0) {
        r->done = 1;
        r->exit_code = EXIT_NOMEM;
        r->message = dup_s("fork failed: cannot start the case's process");
    }
    return pid;
}

/* The end of a case's process: its result from its status and directory, and its record. */
static void end_case(const sweep *s, int ci, int wstatus, double wall, hw_sweep_result *r)
{
    r->done = 1;
    r->exit_code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : WIFSIGNALED(wstatus) ? 128 + WTERMSIG(wstatus) : 1;
    r->wall_s = wall;
    read_outputs(s, ci, r);
    if (!r->message && WIFSIGNALED(wstatus)) {
        char m[128];
        snprintf(m, sizeof m, "the case's process was killed by signal %d", WTERMSIG(wstatus));
        r->message = dup_s(m);
    }
    if (write_record(s, ci, r) && !s->quiet)
        fprintf(stderr, "hawser: warning: sweep: case_%04d: cannot write its record case.json (it will run again "
                "on resume)\n", ci);
}

/* Runs case ci to its end in this process's child (blocking). */
static void run_case(const sweep *s, int ci, hw_sweep_result *r)
{
    double t0 = now_s();
    pid_t pid = start_case(s, ci, r);
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
    end_case(s, ci, ws, now_s() - t0, r);
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

/* ---- the loops -------------------------------------------------------------------------------- */

/* Without mpirun: the cases to do, s->jobs of them at once (each in its child). */
static void loop_serial(sweep *s, const int *todo, int n_todo)
{
    int jobs = s->jobs > 1 ? s->jobs : 1;
    pid_t pid[64] = {0};
    int cs[64] = {0};
    double t0[64] = {0};
    int next = 0, running = 0, told = 0;
    while (running > 0 || (next < n_todo && !g_stop)) {
        while (running < jobs && next < n_todo && !g_stop) {
            int slot = 0;
            while (pid[slot]) slot++;
            int ci = todo[next++];
            t0[slot] = now_s();
            s->slot = slot;
            pid_t p = start_case(s, ci, &s->res[ci]);
            if (p < 0) { /* could not start: its result says why */
                progress(s, ci, &s->res[ci]);
                test_stop(s);
                continue;
            }
            pid[slot] = p;
            cs[slot] = ci;
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
                end_case(s, cs[k], ws, now_s() - t0[k], &s->res[cs[k]]);
                progress(s, cs[k], &s->res[cs[k]]);
                test_stop(s);
                pid[k] = 0;
                running--;
            }
    }
}

#ifdef HAWSER_HAVE_MPI
enum { TAG_REQ = 11, TAG_JOB = 12 };

/* A result as one message: "ci exit done stop wall summary_len message_len\n" then the texts. */
static char *pack(int ci, const hw_sweep_result *r, int stop, int *len)
{
    size_t sl = r && r->summary ? strlen(r->summary) : 0, ml = r && r->message ? strlen(r->message) : 0;
    size_t cap = 128 + sl + ml;
    char *b = malloc(cap);
    if (!b) return NULL;
    int h = snprintf(b, cap, "%d %d %d %d %.17g %ld %ld\n", ci, r ? r->exit_code : 0, r ? r->done : 0, stop,
                     r ? r->wall_s : 0.0, r && r->summary ? (long)sl : -1L, r && r->message ? (long)ml : -1L);
    if (sl) memcpy(b + h, r->summary, sl);
    if (ml) memcpy(b + h + sl, r->message, ml);
    *len = h + (int)(sl + ml);
    return b;
}

static int unpack(const char *b, int len, hw_sweep_result *r, int *stop)
{
    int ci, code, done;
    double wall;
    long sl, ml;
    const char *nl = memchr(b, '\n', (size_t)len);
    if (!nl || sscanf(b, "%d %d %d %d %lf %ld %ld", &ci, &code, &done, stop, &wall, &sl, &ml) != 7) return -1;
    if (ci < 0) return ci;
    const char *p = nl + 1;
    free(r->summary);
    free(r->message);
    memset(r, 0, sizeof *r);
    r->exit_code = code;
    r->done = done;
    r->wall_s = wall;
    if (sl >= 0) {
        r->summary = malloc((size_t)sl + 1);
        if (r->summary) { memcpy(r->summary, p, (size_t)sl); r->summary[sl] = 0; }
        p += sl;
    }
    if (ml >= 0) {
        r->message = malloc((size_t)ml + 1);
        if (r->message) { memcpy(r->message, p, (size_t)ml); r->message[ml] = 0; }
    }
    return ci;
}

/* Rank 0: hands out the cases to do (todo[next..]) to whichever rank asks, itself included (its
 * own case runs in a child while it answers the others). */
static void loop_rank0(sweep *s, const int *todo, int n_todo)
{
    int next = 0, workers = s->size - 1, own = -1;
    pid_t own_pid = -1;
    double own_t0 = 0;
    while (workers > 0 || own >= 0 || (next < n_todo && !g_stop)) {
        int busy = 0;
        if (own < 0 && next < n_todo && !g_stop) {
            own = todo[next++];
            own_t0 = now_s();
            own_pid = start_case(s, own, &s->res[own]);
            if (own_pid < 0) {
                progress(s, own, &s->res[own]);
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
            int stop = 0;
            hw_sweep_result r;
            memset(&r, 0, sizeof r);
            int ci = b ? unpack(b, len, &r, &stop) : -1;
            free(b);
            if (ci >= 0 && ci < s->plan->n_cases) {
                free(s->res[ci].summary);
                free(s->res[ci].message);
                s->res[ci] = r;
                progress(s, ci, &s->res[ci]);
                test_stop(s);
            } else {
                free(r.summary);
                free(r.message);
            }
            int job = -1;
            if (!stop && !g_stop && next < n_todo) job = todo[next++];
            MPI_Send(&job, 1, MPI_INT, ms.MPI_SOURCE, TAG_JOB, MPI_COMM_WORLD);
            if (job < 0) workers--;
            busy = 1;
        }
        if (own >= 0) {
            int ws = 0;
            pid_t w = waitpid(own_pid, &ws, WNOHANG);
            if (w == own_pid || (w < 0 && errno != EINTR)) {
                if (w < 0) ws = 1 << 8;
                end_case(s, own, ws, now_s() - own_t0, &s->res[own]);
                progress(s, own, &s->res[own]);
                test_stop(s);
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
}

/* The other ranks: ask rank 0 for a case, run it, send its result with the next request. */
static void loop_worker(sweep *s)
{
    hw_sweep_result r;
    memset(&r, 0, sizeof r);
    int ci = -1;
    for (;;) {
        int len = 0;
        char *b = pack(ci, ci >= 0 ? &r : NULL, g_stop != 0, &len);
        if (!b) { /* out of memory: a bare request */
            static char bare[64];
            len = snprintf(bare, sizeof bare, "-1 0 0 1 0 -1 -1\n");
            MPI_Send(bare, len, MPI_CHAR, 0, TAG_REQ, MPI_COMM_WORLD);
        } else {
            MPI_Send(b, len, MPI_CHAR, 0, TAG_REQ, MPI_COMM_WORLD);
            free(b);
        }
        free(r.summary);
        free(r.message);
        memset(&r, 0, sizeof r);
        int job = -1;
        MPI_Recv(&job, 1, MPI_INT, 0, TAG_JOB, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (job < 0 || job >= s->plan->n_cases) break;
        ci = job;
        run_case(s, ci, &r);
    }
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
    if (!st && !(s->base_text = slurp(s->base))) {
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
    int n = s.plan ? s.plan->n_cases : 0;
    int *todo = NULL;
    if (!code && s.rank == 0) {
        s.res = calloc((size_t)n + 1, sizeof *s.res);
        todo = calloc((size_t)n + 1, sizeof *todo);
        if (!s.res || !todo) {
            fprintf(stderr, "hawser: out of memory for %d cases\n", n);
            code = EXIT_NOMEM;
        }
        for (int ci = 0; !code && ci < n; ci++) {
            if (finished_before(&s, ci, &s.res[ci])) s.skipped++;
            else todo[s.todo++] = ci;
        }
        s.is_tty = isatty(2);
        s.last_decile = n > 0 ? 10 * s.skipped / n : 10;
        if (!code && !s.quiet)
            fprintf(stderr, "hawser: sweep: %d cases of %s on %s%s%s, results in %s/ (%d rank%s, %d case%s at once "
                    "per rank, %d thread%s per case%s)\n",
                    n, s.file, s.base, s.skipped ? "; resumed: " : "",
                    s.skipped ? (s.todo ? "the finished ones are kept" : "every case had finished") : "", s.out,
                    s.size, s.size == 1 ? "" : "s", s.jobs > 1 ? s.jobs : 1, s.jobs > 1 ? "s" : "",
                    s.threads ? s.threads : hw_threads(),
                    (s.threads ? s.threads : hw_threads()) == 1 ? "" : "s",
                    s.n_devices > 0 ? ", CUDA devices" : "");
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
            if (s.rank == 0) loop_rank0(&s, todo, s.todo);
            else loop_worker(&s);
        } else
#endif
            if (s.rank == 0) loop_serial(&s, todo, s.todo);
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
    for (int ci = 0; s.res && ci < n; ci++) {
        free(s.res[ci].summary);
        free(s.res[ci].message);
    }
    free(s.res);
    free(todo);
    free(s.base_text);
    hw_sweep_plan_free(s.plan);
    return code;
}
