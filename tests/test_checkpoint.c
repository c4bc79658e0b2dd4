/* Checkpoint and resume: the API's save/load round trip continues bit-identically (with winches,
 * sheaves and coupled points), the interrupt flag, checkpoints refused (another model, another
 * version, truncated, corrupt), and through the CLI: a run killed (SIGKILL) after a checkpoint
 * and resumed, or stopped by SIGTERM / SIGINT and resumed, leaves every output file byte-identical
 * to an uninterrupted run (CSV, the MoorDyn .out table, ParaView frames and index, the HDF5
 * series, the summary but for its wall-time fields and directory); the same with 6-DOF bodies (a
 * free buoy on lumped lines, a payload on a rigid cable's 6-DOF end with and without a lumped
 * line: bodies.csv too), and a world's bodies saved and loaded through the API, a checkpoint of
 * other bodies refused.
 *
 * The CLI runs are stopped at a known step through HAWSER_TEST_SIGNAL="STEP:SIG" (main.c raises
 * SIG right after that step), so nothing depends on the machine's speed. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#include "hawser/checkpoint.h"
#include "hawser/hawser.h"
#include "hawser/world.h"
#include "io/checkpoint.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define DECK HW_TEST_DATA_DIR "/md_catenary.dat"
#define CRANE HW_EXAMPLES_DIR "/crane_lowering.yaml"
#define FAILURE HW_TEST_DATA_DIR "/md_failure.yaml"
#define MIXED HW_TEST_DATA_DIR "/checkpoint_mixed.yaml"

/* ---- helpers ---------------------------------------------------------------------------------- */

/* Runs the CLI with args (NULL-terminated), stdout and stderr to files in HW_TMP, HAWSER_TEST_SIGNAL
 * set to sig_env (or unset). Returns the exit code, or 1000 + the signal that ended it. */
static int cli(const char *sig_env, const char *err_file, const char *const *args)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        if (sig_env) setenv("HAWSER_TEST_SIGNAL", sig_env, 1);
        else unsetenv("HAWSER_TEST_SIGNAL");
        int o = open("/dev/null", O_WRONLY);
        int e = open(err_file ? err_file : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(o, 1);
        dup2(e, 2);
        char *argv[32];
        int n = 0;
        argv[n++] = (char *)HW_CLI_PATH;
        for (int i = 0; args[i] && n < 31; i++) argv[n++] = (char *)args[i];
        argv[n] = NULL;
        execv(HW_CLI_PATH, argv);
        _exit(127);
    }
    int ws;
    cr_assert_eq(waitpid(pid, &ws, 0), pid);
    if (WIFSIGNALED(ws)) return 1000 + WTERMSIG(ws);
    return WEXITSTATUS(ws);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    cr_assert_not_null(b);
    size_t got = fread(b, 1, (size_t)n, f);
    fclose(f);
    b[got] = 0;
    if (len) *len = got;
    return b;
}

static void rm_rf(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

static void same_file(const char *a, const char *b)
{
    size_t na, nb;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    cr_assert_not_null(x, "%s missing", a);
    cr_assert_not_null(y, "%s missing", b);
    cr_assert_eq(na, nb, "%s: %zu bytes, %s: %zu bytes", a, na, b, nb);
    cr_assert(memcmp(x, y, na) == 0, "%s and %s differ", a, b);
    free(x);
    free(y);
}

/* The summary without what depends on the wall clock or the directory. */
static char *summary_core(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    char *s = slurp(path, NULL);
    cr_assert_not_null(s, "%s missing", path);
    const char *keys[] = {"\"wall_s\":", "\"segment_steps_per_s\":", "\"output_dir\":"};
    for (int k = 0; k < 3; k++) {
        char *p;
        while ((p = strstr(s, keys[k]))) {
            char *e = p + strlen(keys[k]);
            if (*e == '"') { e = strchr(e + 1, '"') + 1; }
            else while (*e && *e != ',' && *e != '}') e++;
            memmove(p, e, strlen(e) + 1);
        }
    }
    return s;
}

static void same_summary(const char *a, const char *b)
{
    char *x = summary_core(a), *y = summary_core(b);
    cr_assert_str_eq(x, y);
    cr_assert(strstr(x, "\"status\":\"ok\""), "%s", x);
    free(x);
    free(y);
}

/* Every file of a/vtk is in b/vtk, byte for byte, and no more. */
static void same_vtk(const char *a, const char *b)
{
    char da[512], db[512];
    snprintf(da, sizeof da, "%s/vtk", a);
    snprintf(db, sizeof db, "%s/vtk", b);
    int na = 0, nb = 0;
    DIR *d = opendir(da);
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char pa[1024], pb[1024];
        snprintf(pa, sizeof pa, "%s/%s", da, e->d_name);
        snprintf(pb, sizeof pb, "%s/%s", db, e->d_name);
        same_file(pa, pb);
        na++;
    }
    closedir(d);
    d = opendir(db);
    while ((e = readdir(d))) if (e->d_name[0] != '.') nb++;
    closedir(d);
    cr_assert_eq(na, nb, "ParaView frames: %d files, resumed %d", na, nb);
    cr_assert_gt(na, 4);
}

#ifdef HAWSER_HAVE_HDF5
static double *h5_read(const char *file, const char *name, hsize_t *count)
{
    hid_t f = H5Fopen(file, H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0, "%s opens", file);
    hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
    cr_assert_geq(d, 0, "%s in %s", name, file);
    hid_t sp = H5Dget_space(d);
    hsize_t n = (hsize_t)H5Sget_simple_extent_npoints(sp);
    H5Sclose(sp);
    double *v = malloc(sizeof(double) * (n + 1));
    cr_assert_geq(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v), 0);
    H5Dclose(d);
    H5Fclose(f);
    *count = n;
    return v;
}

/* The datasets named (NULL-ended) are the same in a/results.h5 and b/results.h5. */
static void same_h5_sets(const char *a, const char *b, const char *const *ds)
{
    char fa[512], fb[512];
    snprintf(fa, sizeof fa, "%s/results.h5", a);
    snprintf(fb, sizeof fb, "%s/results.h5", b);
    for (int k = 0; ds[k]; k++) {
        hsize_t na, nb;
        double *x = h5_read(fa, ds[k], &na), *y = h5_read(fb, ds[k], &nb);
        cr_assert_eq(na, nb, "%s: %llu values, resumed %llu", ds[k], (unsigned long long)na,
                     (unsigned long long)nb);
        cr_assert(memcmp(x, y, sizeof(double) * na) == 0, "%s differs", ds[k]); /* NaN slots too */
        free(x);
        free(y);
    }
}

static void same_h5(const char *a, const char *b)
{
    static const char *const ds[] = {"/time", "/lines/end_tension", "/lines/end_force", "/nodes/position",
                                     "/segments/tension", "/points/position", "/points/velocity", "/points/force",
                                     "/lines/segments_now", NULL};
    same_h5_sets(a, b, ds);
}
#endif

/* ---- the library API -------------------------------------------------------------------------- */

static hw_sim *make_sim(const char *path, hw_scenario **keep)
{
    char msg[2048];
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    cr_assert_eq(hw_md_load_any(path, NULL, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
    hw_md_free(md);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK,
                 "%s", msg);
    *keep = sc;
    return sim;
}

/* Every line's node positions and velocities, every point's state, bit for bit. */
static size_t snapshot(hw_sim *sim, const hw_scenario *sc, double *out)
{
    size_t n = 0;
    double buf[3 * 4096];
    for (int l = 0; l < sc->model.n_lines; l++) {
        int ns = hw_sim_line_nseg(sim, l);
        out[n++] = ns;
        cr_assert_eq(hw_sim_line_positions(sim, l, buf), HW_OK);
        memcpy(out + n, buf, sizeof(double) * 3 * (ns + 1)); n += 3 * (ns + 1);
        cr_assert_eq(hw_sim_line_velocities(sim, l, buf), HW_OK);
        memcpy(out + n, buf, sizeof(double) * 3 * (ns + 1)); n += 3 * (ns + 1);
        cr_assert_eq(hw_sim_line_tensions(sim, l, buf), HW_OK);
        memcpy(out + n, buf, sizeof(double) * ns); n += ns;
    }
    for (int p = 0; p < sc->model.n_points; p++) {
        cr_assert_eq(hw_sim_point_state(sim, p, out + n, out + n + 3, out + n + 6), HW_OK);
        n += 9;
    }
    out[n++] = hw_sim_time(sim);
    out[n++] = (double)hw_sim_steps_taken(sim);
    out[n++] = hw_sim_segment_steps(sim);
    return n;
}

/* Saves after n1 steps, steps n2 more; a fresh simulation loads the state and steps n2: the two
 * agree bit for bit. before(sim) runs before the save (e.g. sets coupled kinematics). */
static void round_trip(const char *path, int n1, int n2, void (*before)(hw_sim *))
{
    hw_scenario *sc1, *sc2;
    hw_sim *a = make_sim(path, &sc1), *b = make_sim(path, &sc2);
    cr_assert_eq(hw_sim_step(a, n1), HW_OK, "%s", hw_sim_last_error(a));
    if (before) before(a);
    void *buf;
    size_t len;
    cr_assert_eq(hw_sim_save_state(a, &buf, &len), HW_OK);
    cr_assert_eq(hw_sim_step(a, n2), HW_OK, "%s", hw_sim_last_error(a));
    char msg[1024];
    cr_assert_eq(hw_sim_load_state(b, buf, len, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_steps_taken(b), n1);
    cr_assert_eq(hw_sim_step(b, n2), HW_OK, "%s", hw_sim_last_error(b));
    static double sa[200000], sb[200000];
    size_t na = snapshot(a, sc1, sa), nb = snapshot(b, sc2, sb);
    cr_assert_eq(na, nb);
    cr_assert(memcmp(sa, sb, na * sizeof(double)) == 0, "the loaded simulation drifted");
    free(buf);
    hw_sim_destroy(a);
    hw_sim_destroy(b);
    hw_scenario_free(sc1);
    hw_scenario_free(sc2);
}

Test(api, round_trip_winch_and_sheave_bit_identical)
{
    /* the crane: a winch reeling the deck wire over a free sheave, the hoist wire growing
     * (segments inserted between the save and the end: 9 s to 14 s at 0.5 -> 1 m/s; dt auto is
     * about 0.8 ms, the critical step of a reeling line taken sqrt(2) short: docs/stability.md) */
    round_trip(CRANE, 11360, 6390, NULL);
    hw_scenario *sc;
    hw_sim *s = make_sim(CRANE, &sc);
    int n0;
    hw_sim_winch_state(s, 1, NULL, NULL, NULL, &n0);
    cr_assert_eq(hw_sim_step(s, 17750), HW_OK);
    int n1;
    hw_sim_winch_state(s, 1, NULL, NULL, NULL, &n1);
    cr_assert_gt(n1, n0, "the hoist wire reels out across the saved state (%d -> %d)", n0, n1);
    hw_sim_destroy(s);
    hw_scenario_free(sc);
}

static void move_fairlead(hw_sim *sim)
{
    const double pos[3] = {20.6, 35.5, -14.1}, vel[3] = {0.3, -0.1, 0.05};
    cr_assert_eq(hw_sim_set_point_kinematics(sim, 3, pos, vel), HW_OK, "%s", hw_sim_last_error(sim));
}

Test(api, round_trip_coupled_point_bit_identical)
{
    /* a coupled fairlead moving on from the kinematics set before the save */
    round_trip(DECK, 700, 900, move_fairlead);
}

Test(api, file_round_trip_and_refusals)
{
    hw_scenario *sc1, *sc2, *sc3;
    hw_sim *a = make_sim(DECK, &sc1), *b = make_sim(DECK, &sc2), *c = make_sim(CRANE, &sc3);
    char msg[1024];
    const char *path = HW_TMP "/hawser_ck_api.hwck";
    cr_assert_eq(hw_sim_step(a, 300), HW_OK);
    cr_assert_eq(hw_sim_save_state_file(a, path, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(!exists(HW_TMP "/hawser_ck_api.hwck.tmp"), "the temporary name is gone");
    cr_assert_eq(hw_sim_load_state_file(b, path, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_time(b), hw_sim_time(a));
    /* another model */
    cr_assert_eq(hw_sim_load_state_file(c, path, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "another model"), "%s", msg);
    cr_assert_eq(hw_sim_steps_taken(c), 0, "left unchanged");
    size_t len;
    char *img = slurp(path, &len);
    /* another Hawser version */
    char *v = malloc(len);
    memcpy(v, img, len);
    memcpy(v + 16, "0.0.1-other", 12);
    cr_assert_eq(hw_sim_load_state(b, v, len, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "written by hawser 0.0.1-other"), "%s", msg);
    /* corrupt: one byte of the state flipped */
    memcpy(v, img, len);
    v[len / 2] ^= 0x40;
    cr_assert_eq(hw_sim_load_state(b, v, len, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "checksum"), "%s", msg);
    /* truncated, anywhere */
    for (size_t cut = 0; cut < len; cut += len / 37 + 1) {
        cr_assert_eq(hw_sim_load_state(b, img, cut, msg, sizeof msg), HW_ERR_INPUT, "cut at %zu", cut);
        cr_assert(strstr(msg, "truncated") || strstr(msg, "not a Hawser checkpoint"), "%s", msg);
    }
    /* not a checkpoint at all */
    cr_assert_eq(hw_sim_load_state(b, "hello, world", 12, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "not a Hawser checkpoint"), "%s", msg);
    cr_assert_eq(hw_sim_time(b), hw_sim_time(a), "a refused load leaves the simulation as it was");
    free(v);
    free(img);
    unlink(path);
    hw_sim_destroy(a); hw_sim_destroy(b); hw_sim_destroy(c);
    hw_scenario_free(sc1); hw_scenario_free(sc2); hw_scenario_free(sc3);
}

Test(api, interrupt_flag_stops_between_steps)
{
    hw_scenario *sc;
    hw_sim *s = make_sim(DECK, &sc);
    volatile sig_atomic_t flag = 0;
    hw_sim_set_interrupt(s, &flag);
    cr_assert_eq(hw_sim_step(s, 10), HW_OK);
    flag = 1;
    cr_assert_eq(hw_sim_step(s, 10), HW_INTERRUPTED);
    cr_assert_eq(hw_sim_steps_taken(s), 10, "no step taken once the flag is set");
    cr_assert(strstr(hw_sim_last_error(s), "interrupted at t = 0.01"), "%s", hw_sim_last_error(s));
    cr_assert_str_eq(hw_status_str(HW_INTERRUPTED), "interrupted");
    flag = 0;
    cr_assert_eq(hw_sim_step(s, 5), HW_OK, "the simulation goes on after an interrupt");
    cr_assert_eq(hw_sim_steps_taken(s), 15);
    hw_sim_destroy(s);
    hw_scenario_free(sc);
}

/* ---- the CLI ---------------------------------------------------------------------------------- */

static void check_all(const char *ref, const char *got, const char *const *files)
{
    for (int k = 0; files[k]; k++) {
        char a[512], b[512];
        snprintf(a, sizeof a, "%s/%s", ref, files[k]);
        snprintf(b, sizeof b, "%s/%s", got, files[k]);
        same_file(a, b);
    }
    same_summary(ref, got);
}

Test(cli, sigkill_then_resume_byte_identical_deck_all_formats)
{
    const char *ref = HW_TMP "/hawser_ck_ref1", *run = HW_TMP "/hawser_ck_run1";
    rm_rf(ref);
    rm_rf(run);
#ifdef HAWSER_HAVE_HDF5
    const char *fmt = "csv,vtk,hdf5";
#else
    const char *fmt = "csv,vtk";
#endif
    const char *a1[] = {"run", DECK, "-o", ref, "--t-end", "4", "-q", "--format", fmt, NULL};
    cr_assert_eq(cli(NULL, NULL, a1), 0);
    /* checkpoints at 1, 2 s; killed at 2.7 s, after the 2.5 s row */
    const char *a2[] = {"run", DECK, "-o", run, "--t-end", "4", "-q", "--format", fmt,
                        "--checkpoint-every", "1", NULL};
    cr_assert_eq(cli("2700:9", NULL, a2), 1000 + SIGKILL);
    cr_assert(exists(HW_TMP "/hawser_ck_run1/checkpoint.hwck"));
    cr_assert(!exists(HW_TMP "/hawser_ck_run1/summary.json"), "killed before its summary");
    const char *a3[] = {"run", "--resume", run, "-q", NULL};
    cr_assert_eq(cli(NULL, HW_TMP "/hawser_ck_err1", a3), 0, "%s", slurp(HW_TMP "/hawser_ck_err1", NULL));
    const char *files[] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv", "md_catenary.out",
                           "run.pvd", NULL};
    check_all(ref, run, files);
    same_vtk(ref, run);
#ifdef HAWSER_HAVE_HDF5
    same_h5(ref, run);
#endif
}

Test(cli, sigkill_then_resume_byte_identical_winch_and_sheave)
{
    const char *ref = HW_TMP "/hawser_ck_ref2", *run = HW_TMP "/hawser_ck_run2";
    rm_rf(ref);
    rm_rf(run);
    const char *a1[] = {"run", CRANE, "-o", ref, "--t-end", "14", "-q", NULL};
    cr_assert_eq(cli(NULL, NULL, a1), 0);
    /* checkpoints every 3 s; killed at step 9500 (7.7 s at the auto dt 0.809 ms: the hoist wire
     * reeling out) */
    const char *a2[] = {"run", CRANE, "-o", run, "--t-end", "14", "-q", "--checkpoint-every", "3", NULL};
    cr_assert_eq(cli("9500:9", NULL, a2), 1000 + SIGKILL);
    const char *a3[] = {"run", "--resume", run, "-q", NULL};
    cr_assert_eq(cli(NULL, HW_TMP "/hawser_ck_err2", a3), 0, "%s", slurp(HW_TMP "/hawser_ck_err2", NULL));
    const char *files[] = {"lines.csv", "points.csv", NULL};
    check_all(ref, run, files);
}

/* Line failure with every-step extremes: md_failure.yaml breaks line 3 at the first step and line 1
 * at 0.2 s. Killed at step 150 (checkpoint at 0.1 s: line 3 broken, line 1 not yet) and at step
 * 1300 (checkpoint at 1.2 s: both broken): each resume gives the uninterrupted run's files and
 * summary (the broken segments, the failure records, the extremes and the monitor's windows all
 * come back from the checkpoint). */
Test(cli, line_failure_resume_byte_identical)
{
    /* tag 10: rigid_only_resume_byte_identical's no_lines_resume uses 8 */
    const char *ref = HW_TMP "/hawser_ck_ref10", *run = HW_TMP "/hawser_ck_run10";
    const char *scen = HW_TMP "/hawser_ck_failure.yaml"; /* rows (and so checkpoints) every 0.1 s */
    char *y = slurp(FAILURE, NULL), *at = y ? strstr(y, "interval: 0.5") : NULL;
    cr_assert_not_null(at, "md_failure.yaml: outputs.interval 0.5 expected");
    memcpy(at, "interval: 0.1", 13);
    FILE *f = fopen(scen, "w");
    cr_assert(f && fputs(y, f) >= 0 && fclose(f) == 0);
    free(y);
    rm_rf(ref);
#ifdef HAWSER_HAVE_HDF5
    const char *fmt = "csv,hdf5";
#else
    const char *fmt = "csv";
#endif
    const char *a1[] = {"run", scen, "-o", ref, "-q", "--format", fmt, NULL};
    cr_assert_eq(cli(NULL, NULL, a1), 0);
    const char *kills[] = {"150:9", "1300:9"};
    for (int k = 0; k < 2; k++) {
        rm_rf(run);
        const char *a2[] = {"run", scen, "-o", run, "-q", "--format", fmt, "--checkpoint-every",
                            "0.1", NULL};
        cr_assert_eq(cli(kills[k], NULL, a2), 1000 + SIGKILL);
        const char *a3[] = {"run", "--resume", run, "-q", NULL};
        cr_assert_eq(cli(NULL, HW_TMP "/hawser_ck_err10", a3), 0, "%s", slurp(HW_TMP "/hawser_ck_err10", NULL));
        const char *files[] = {"lines.csv", "points.csv", NULL};
        check_all(ref, run, files);
#ifdef HAWSER_HAVE_HDF5
        same_h5(ref, run);
#endif
    }
}

/* Lumped line, network (coupled) and a rigid cable whose reel winch splits elements: killed after
 * a checkpoint, and stopped by SIGTERM (at the next output row: the rigid cables and the network
 * write theirs with each advance), both resume to the uninterrupted run's files. */
Test(cli, rigid_cable_and_network_resume_byte_identical)
{
    const char *ref = HW_TMP "/hawser_ck_ref6", *run = HW_TMP "/hawser_ck_run6", *run2 = HW_TMP "/hawser_ck_run7";
    rm_rf(ref);
    rm_rf(run);
    rm_rf(run2);
    const char *a1[] = {"run", MIXED, "-o", ref, "-q", NULL};
    cr_assert_eq(cli(NULL, NULL, a1), 0);
    const char *a2[] = {"run", MIXED, "-o", run, "-q", "--checkpoint-every", "1", NULL};
    cr_assert_eq(cli("17777:9", NULL, a2), 1000 + SIGKILL); /* 3.55 s: checkpoint at 3 s */
    const char *a3[] = {"run", "--resume", run, "-q", NULL};
    cr_assert_eq(cli(NULL, HW_TMP "/hawser_ck_err6", a3), 0, "%s", slurp(HW_TMP "/hawser_ck_err6", NULL));
    const char *files[] = {"lines.csv", "points.csv", "rigid.csv", "network.csv", NULL};
    check_all(ref, run, files);
    const char *a4[] = {"run", MIXED, "-o", run2, "-q", NULL};
    cr_assert_eq(cli("12345:15", NULL, a4), 128 + SIGTERM);
    char *s = slurp(HW_TMP "/hawser_ck_run7/summary.json", NULL);
    cr_assert(strstr(s, "\"status\":\"interrupted\"") && strstr(s, "(step 12500) by SIGTERM"), "%s", s);
    free(s);
    const char *a5[] = {"run", "--resume", run2, "-q", NULL};
    cr_assert_eq(cli(NULL, HW_TMP "/hawser_ck_err7", a5), 0, "%s", slurp(HW_TMP "/hawser_ck_err7", NULL));
    check_all(ref, run2, files);
    /* the rigid cable did split elements over the run */
    s = slurp(HW_TMP "/hawser_ck_ref6/summary.json", NULL);
    cr_assert(strstr(s, "\"rigid_cables\":[{\"name\":\"wire\",\"elements\":4"), "%s", s);
    free(s);
}

/* Scenarios without lumped lines: rigid cables only (a reel winch lowering a body) and a network
 * only: killed and resumed, stopped by SIGTERM and resumed; in every format (ParaView frames of the
 * rigid cables, their and the network's HDF5 series). */
static void no_lines_resume(const char *scenario, const char *csv, int tag)
{
#ifdef HAWSER_HAVE_HDF5
    const char *fmt = "csv,vtk,hdf5";
#else
    const char *fmt = "csv,vtk";
#endif
    char ref[4096], run[4096], run2[4096], err[4096];
    snprintf(ref, sizeof ref, HW_TMP "/hawser_ck_ref%d", tag);
    snprintf(run, sizeof run, HW_TMP "/hawser_ck_run%d", tag);
    snprintf(run2, sizeof run2, HW_TMP "/hawser_ck_run%db", tag);
    snprintf(err, sizeof err, HW_TMP "/hawser_ck_err%d", tag);
    rm_rf(ref);
    rm_rf(run);
    rm_rf(run2);
    const char *a1[] = {"run", scenario, "-o", ref, "-q", "--t-end", "60", "--format", fmt, NULL};
    cr_assert_eq(cli(NULL, NULL, a1), 0);
    const char *a2[] = {"run", scenario, "-o", run, "-q", "--t-end", "60", "--checkpoint-every", "10", "--format", fmt, NULL};
    cr_assert_eq(cli("4567:9", NULL, a2), 1000 + SIGKILL);
    const char *a3[] = {"run", "--resume", run, "-q", NULL};
    cr_assert_eq(cli(NULL, err, a3), 0, "%s", slurp(err, NULL));
    const char *files[] = {csv, NULL};
    int rigid = !strcmp(csv, "rigid.csv");
#ifdef HAWSER_HAVE_HDF5
    static const char *const rig_ds[] = {"/time", "/rigid/elements_now", "/rigid/end_force", "/rigid/node_position",
                                         "/rigid/tension", "/rigid/moment", NULL};
    static const char *const net_ds[] = {"/time", "/network/node_position", "/network/node_velocity",
                                         "/network/element_force", "/network/element_dissipation", NULL};
#endif
    check_all(ref, run, files);
    if (rigid) same_vtk(ref, run);
#ifdef HAWSER_HAVE_HDF5
    same_h5_sets(ref, run, rigid ? rig_ds : net_ds);
#endif
    const char *a4[] = {"run", scenario, "-o", run2, "-q", "--t-end", "60", "--format", fmt, NULL};
    cr_assert_eq(cli("4567:15", NULL, a4), 128 + SIGTERM);
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", run2);
    char *s = slurp(path, NULL);
    cr_assert(s && strstr(s, "\"status\":\"interrupted\""), "%s", s ? s : "no summary");
    free(s);
    const char *a5[] = {"run", "--resume", run2, "-q", NULL};
    cr_assert_eq(cli(NULL, err, a5), 0, "%s", slurp(err, NULL));
    check_all(ref, run2, files);
    if (rigid) same_vtk(ref, run2);
#ifdef HAWSER_HAVE_HDF5
    same_h5_sets(ref, run2, rigid ? rig_ds : net_ds);
#endif
}

Test(cli, rigid_only_resume_byte_identical)
{
    no_lines_resume(HW_EXAMPLES_DIR "/rigid_lowering.yaml", "rigid.csv", 8);
}

Test(cli, network_only_resume_byte_identical)
{
    no_lines_resume(HW_EXAMPLES_DIR "/sled_ramp.yaml", "network.csv", 9);
}

static void interrupted_then_resumed(int sig, const char *ref, const char *run)
{
    rm_rf(ref);
    rm_rf(run);
    const char *a1[] = {"run", DECK, "-o", ref, "--t-end", "3", "-q", "--format", "csv,vtk", NULL};
    cr_assert_eq(cli(NULL, NULL, a1), 0);
    /* no --checkpoint-every: the signal alone writes the checkpoint, between two rows */
    const char *a2[] = {"run", DECK, "-o", run, "--t-end", "3", "-q", "--format", "csv,vtk", NULL};
    char env[32];
    snprintf(env, sizeof env, "1234:%d", sig);
    cr_assert_eq(cli(env, NULL, a2), 128 + sig);
    char path[512];
    snprintf(path, sizeof path, "%s/summary.json", run);
    char *s = slurp(path, NULL);
    cr_assert_not_null(s, "an interrupted run leaves its summary");
    cr_assert(strstr(s, "\"status\":\"interrupted\""), "%s", s);
    cr_assert(strstr(s, "\"steps\":1234"), "stopped at the end of the step: %s", s);
    cr_assert(strstr(s, sig == SIGTERM ? "by SIGTERM" : "by SIGINT"), "%s", s);
    free(s);
    snprintf(path, sizeof path, "%s/checkpoint.hwck", run);
    cr_assert(exists(path));
    const char *a3[] = {"run", "--resume", run, "-q", NULL};
    /* the resumed run stopped again (between two rows), then resumed to the end */
    snprintf(env, sizeof env, "2345:%d", sig);
    cr_assert_eq(cli(env, NULL, a3), 128 + sig);
    char err[512]; /* one per run directory: the SIGTERM and SIGINT tests run in parallel */
    snprintf(err, sizeof err, "%s.err", run);
    cr_assert_eq(cli(NULL, err, a3), 0, "%s", slurp(err, NULL));
    const char *files[] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv", "md_catenary.out",
                           "run.pvd", NULL};
    check_all(ref, run, files);
    same_vtk(ref, run);
}

Test(cli, sigterm_interrupted_summary_exit_143_and_resume)
{
    interrupted_then_resumed(SIGTERM, HW_TMP "/hawser_ck_ref3", HW_TMP "/hawser_ck_run3");
}

Test(cli, sigint_exit_130_and_resume)
{
    interrupted_then_resumed(SIGINT, HW_TMP "/hawser_ck_ref4", HW_TMP "/hawser_ck_run4");
}

/* Expects `hawser run ARGS` to exit with code, its stderr containing text. */
static void expect_refusal(const char *const *args, int code, const char *text)
{
    int rc = cli(NULL, HW_TMP "/hawser_ck_err5", args);
    char *e = slurp(HW_TMP "/hawser_ck_err5", NULL);
    cr_assert_eq(rc, code, "exit %d: %s", rc, e);
    cr_assert(strstr(e, text), "expected '%s' in: %s", text, e);
    free(e);
}

static void patch_file(const char *path, long at, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "r+b");
    cr_assert_not_null(f);
    fseek(f, at, at < 0 ? SEEK_END : SEEK_SET);
    fwrite(bytes, 1, n, f);
    fclose(f);
}

Test(cli, refused_checkpoints)
{
    const char *run = HW_TMP "/hawser_ck_run5", *ck = HW_TMP "/hawser_ck_run5/checkpoint.hwck";
    const char *keep = HW_TMP "/hawser_ck_keep5.hwck";
    rm_rf(run);
    const char *a1[] = {"run", DECK, "-o", run, "--t-end", "1", "-q", "--checkpoint-every", "0.5", NULL};
    cr_assert_eq(cli("700:9", NULL, a1), 1000 + SIGKILL);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp %s %s", ck, keep);
    cr_assert_eq(system(cmd), 0);
    const char *resume[] = {"run", "--resume", run, "-q", NULL};
    /* another scenario */
    const char *other[] = {"run", CRANE, "--resume", run, "-q", NULL};
    expect_refusal(other, 3, "is not the one this checkpoint was written from");
    /* another version */
    patch_file(ck, 16, "0.0.1-other\0", 12);
    expect_refusal(resume, 3, "checkpoint written by hawser 0.0.1-other");
    /* corrupt */
    snprintf(cmd, sizeof cmd, "cp %s %s", keep, ck);
    cr_assert_eq(system(cmd), 0);
    patch_file(ck, 400, "\x7f", 1);
    expect_refusal(resume, 3, "corrupt checkpoint (checksum mismatch)");
    /* truncated */
    snprintf(cmd, sizeof cmd, "head -c 1000 %s > %s", keep, ck);
    cr_assert_eq(system(cmd), 0);
    expect_refusal(resume, 3, "truncated");
    /* missing */
    unlink(ck);
    expect_refusal(resume, 3, "cannot read the checkpoint");
    /* an output file cut short by hand */
    snprintf(cmd, sizeof cmd, "cp %s %s && : > %s/lines.csv", keep, ck, run);
    cr_assert_eq(system(cmd), 0);
    expect_refusal(resume, 3, "shorter");
    /* options that would change the run */
    const char *dt[] = {"run", "--resume", run, "--dt", "0.0005", NULL};
    expect_refusal(dt, 2, "cannot be given with it");
    const char *every[] = {"run", DECK, "--checkpoint-every", "0", NULL};
    expect_refusal(every, 2, "--checkpoint-every: expected a simulated time > 0 s, got '0'");
    unlink(keep);
}

/* ---- bodies ----------------------------------------------------------------------------------- */

/* A free buoy (8 m^3, 2000 kg, drag) on three taut lines to pads off its reference point, started
 * off its balance, turned and 28% over-stretched (no statics): it heaves 10 m, sways and turns in
 * every direction over the run, so a state not restored shows at once. One line's anchor rides on
 * a prescribed sled (a 6-DOF sinusoid), another's on a fixed base. */
static const char *BUOY_YAML =
    "environment: {gravity: 9.80665, water_density: 1025, depth: 100}\n"
    "line_types:\n"
    "  - {name: taut, diameter: 0.05, mass_per_length: 2.0, EA: 1.0e6, BA: 2.0e4}\n"
    "bodies:\n"
    "  - {name: buoy, type: free, position: [0.5, -0.3, -6], rotation: [0.1, -0.05, 0.2], volume: 8,\n"
    "     mass: 2000, cg: [0, 0, -0.5], cb: [0, 0, 0.5], inertia: [3000, 3000, 4000], CdA: [2, 2, 2, 1, 1, 1]}\n"
    "  - {name: sled, type: prescribed, position: [20, 0, -40], rotation: [0, 0, 0.3],\n"
    "     motion: {type: sinusoid, amplitude: [1, 0, 0.5, 0, 0, 0.1], period: 1.3, phase: 0.2}}\n"
    "  - {name: base, type: fixed, position: [-10, 17.320508, -40]}\n"
    "points:\n"
    "  - {name: anchor0, type: body, body: sled, position: [0, 0, 0.5]}\n"
    "  - {name: anchor1, type: body, body: base, position: [0, 0, 0]}\n"
    "  - {name: anchor2, type: fixed, position: [-10, -17.320508, -40]}\n"
    "  - {name: pad0, type: body, body: buoy, position: [1, 0, -1]}\n"
    "  - {name: pad1, type: body, body: buoy, position: [-0.5, 0.866, -1]}\n"
    "  - {name: pad2, type: body, body: buoy, position: [-0.5, -0.866, -1]}\n"
    "lines:\n"
    "  - {name: leg0, type: taut, end_a: anchor0, end_b: pad0, length: 30, segments: 10}\n"
    "  - {name: leg1, type: taut, end_a: anchor1, end_b: pad1, length: 30, segments: 10}\n"
    "  - {name: leg2, type: taut, end_a: anchor2, end_b: pad2, length: 30, segments: 10}\n"
    "solver: {dt: 0.0004, t_end: 3, static_solve: false}\n"
    "outputs: {interval: 0.1}\n";

/* test_cli_bodies.c's payload on a rigid wire's 6-DOF end (and a weight under it on a lumped line,
 * or alone: the rigid-only run), started 0.3 m aside and pitched: it swings. */
static const char *PAYLOAD_YAML =
    "environment: {gravity: 9.80665, water_density: 1025, depth: 100}\n"
    "%s"
    "bodies:\n"
    "  - {name: payload, type: free, position: [0.3, 0, 49.4], rotation: [0, 0.05, 0], mass: 1000,\n"
    "     inertia: [100, 100, 100]}\n"
    "points:\n"
    "  - {name: top, type: fixed, position: [0, 0, 60]}\n"
    "%s"
    "rigid_cables:\n"
    "  - {name: wire, length: 10, elements: 2, mass_per_length: 0.01, diameter: 0.01, EA: 1.0e7,\n"
    "     Cdn: 0, Cdt: 0, end_a: top, end_b: {type: body, body: payload, at: [0, 0, 0.5]}}\n"
    "solver: {dt: 0.001, t_end: 3, static_solve: false, allow_unstable_dt: true}\n"
    "outputs: {interval: 0.1}\n";

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f && fputs(text, f) >= 0 && fclose(f) == 0, "%s", path);
}

/* The scenario run whole, and run with checkpoints every 0.5 s killed at step `kill` then resumed
 * (and, with sig_step > 0, stopped by SIGTERM at that step and resumed): the same files. */
static void bodies_resume(const char *scen, int tag, const char *kill, const char *const *files, int sig_step)
{
#ifdef HAWSER_HAVE_HDF5
    const char *fmt = "csv,vtk,hdf5";
    static const char *const ds[] = {"/time", "/bodies/position", "/bodies/orientation", "/bodies/velocity",
                                     "/bodies/angular_velocity", "/bodies/force", "/bodies/moment", NULL};
#else
    const char *fmt = "csv,vtk";
#endif
    char ref[4096], run[4096], err[4096];
    snprintf(ref, sizeof ref, HW_TMP "/hawser_ck_ref%d", tag);
    snprintf(run, sizeof run, HW_TMP "/hawser_ck_run%d", tag);
    snprintf(err, sizeof err, HW_TMP "/hawser_ck_err%d", tag);
    rm_rf(ref);
    rm_rf(run);
    const char *a1[] = {"run", scen, "-o", ref, "-q", "--format", fmt, NULL};
    cr_assert_eq(cli(NULL, err, a1), 0, "%s", slurp(err, NULL));
    const char *a2[] = {"run", scen, "-o", run, "-q", "--format", fmt, "--checkpoint-every", "0.5", NULL};
    cr_assert_eq(cli(kill, NULL, a2), 1000 + SIGKILL);
    const char *a3[] = {"run", "--resume", run, "-q", NULL};
    cr_assert_eq(cli(NULL, err, a3), 0, "%s", slurp(err, NULL));
    check_all(ref, run, files);
    same_vtk(ref, run);
#ifdef HAWSER_HAVE_HDF5
    same_h5_sets(ref, run, ds);
#endif
    if (sig_step <= 0) return;
    rm_rf(run);
    char env[32];
    snprintf(env, sizeof env, "%d:%d", sig_step, SIGTERM);
    const char *a4[] = {"run", scen, "-o", run, "-q", "--format", fmt, NULL};
    cr_assert_eq(cli(env, NULL, a4), 128 + SIGTERM);
    cr_assert_eq(cli(NULL, err, a3), 0, "%s", slurp(err, NULL));
    check_all(ref, run, files);
    same_vtk(ref, run);
#ifdef HAWSER_HAVE_HDF5
    same_h5_sets(ref, run, ds);
#endif
}

Test(cli, free_body_on_lumped_lines_resume_byte_identical)
{
    const char *scen = HW_TMP "/hawser_ck_buoy.yaml";
    write_text(scen, BUOY_YAML);
    /* killed at 1.6 s (checkpoint at 1.5 s); stopped by SIGTERM at step 3333 (1.3332 s, between
       two steps: the checkpoint is the world's state there, not at a row) */
    const char *files[] = {"bodies.csv", "lines.csv", "points.csv", "run.pvd", NULL};
    bodies_resume(scen, 20, "4000:9", files, 3333);
    /* the summary has the body (and so the comparison above covered its extremes: the state at the
       start and after each of the 7500 steps) */
    char *s = slurp(HW_TMP "/hawser_ck_run20/summary.json", NULL);
    cr_assert(s && strstr(s, "\"bodies\":[{\"name\":\"buoy\",\"kind\":\"free\",\"samples\":7501"), "%s", s ? s : "");
    /* the sled's x = 20 + sin(2 pi t / 1.3 + 0.2) peaks at 21 m at t = 1.3 (pi / 2 - 0.2) / (2 pi) =
       0.28362 s: within the step (0.4 ms) and the sine's flatness there (1 - cos(2 pi 0.0004 / 1.3) ~ 2e-6 m) */
    const char *sl = strstr(s, "\"name\":\"sled\",\"kind\":\"prescribed\""), *mx = sl ? strstr(sl, "\"max_x_m\":") : NULL;
    cr_assert_not_null(mx, "%s", s);
    double xmax = strtod(mx + 10, NULL), tmax = strtod(strstr(mx, "\"max_x_m_time_s\":") + 17, NULL);
    cr_expect_lt(fabs(xmax - 21.0), 3e-6, "sled max x %.10g", xmax);
    cr_expect_lt(fabs(tmax - 1.3 * (M_PI / 2 - 0.2) / (2 * M_PI)), 0.0004, "at %.9g s", tmax);
    free(s);
}

/* A buoyant rod (a pinned body that is one cylinder: MoorDyn's pinned rod) 3 m under water,
 * released horizontal with a light chain from its tip to the seabed: it swings up through the
 * surface; killed and resumed, the same files (its state is the body's; the pin holds). */
Test(cli, pinned_rod_resume_byte_identical)
{
    const char *scen = HW_TMP "/hawser_ck_rod.yaml";
    write_text(scen,
        "environment: {gravity: 9.80665, water_density: 1025, depth: 50}\n"
        "line_types:\n"
        "  - {name: chain, diameter: 0.02, mass_per_length: 2, EA: 1.0e7, damping_ratio: 0.8, Cdn: 1.2, Can: 1.0}\n"
        "bodies:\n"
        "  - name: rod\n"
        "    type: pinned\n"
        "    position: [0, 0, -3]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [6, 0, 0], diameter: 0.3, mass_per_length: 30, segments: 12, Cd: 1.0, Ca: 1.0}\n"
        "points:\n"
        "  - {name: anchor, type: fixed, position: [8, 0, -50]}\n"
        "  - {name: tip, type: body, body: rod, position: [6, 0, 0]}\n"
        "lines:\n"
        "  - {name: chain, type: chain, end_a: anchor, end_b: tip, length: 60, segments: 20}\n"
        "solver: {dt: 0.0005, t_end: 3, static_solve: false}\n"
        "outputs: {interval: 0.1}\n");
    const char *files[] = {"bodies.csv", "lines.csv", "points.csv", "run.pvd", NULL};
    bodies_resume(scen, 24, "4000:9", files, 0);
    char *s = slurp(HW_TMP "/hawser_ck_run24/summary.json", NULL);
    cr_assert(s && strstr(s, "\"bodies\":[{\"name\":\"rod\",\"kind\":\"pinned\""), "%s", s ? s : "");
    free(s);
}

/* The same rod alone (no lines: the world keeps the clock), killed and resumed: the same files. */
Test(cli, rod_alone_resume_byte_identical)
{
    const char *scen = HW_TMP "/hawser_ck_rod_alone.yaml";
    write_text(scen,
        "environment: {gravity: 9.80665, water_density: 1025, depth: 50}\n"
        "bodies:\n"
        "  - name: rod\n"
        "    type: pinned\n"
        "    position: [0, 0, -3]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [6, 0, 0], diameter: 0.3, mass_per_length: 30, segments: 12, Cd: 1.0, Ca: 1.0}\n"
        "solver: {dt: 0.001, t_end: 3, static_solve: false}\n"
        "outputs: {interval: 0.1}\n");
    const char *files[] = {"bodies.csv", NULL};
    bodies_resume(scen, 25, "1600:9", files, 0);
}

Test(cli, body_on_rigid_cable_end_resume_byte_identical)
{
    const char *scen = HW_TMP "/hawser_ck_payload.yaml", *alone = HW_TMP "/hawser_ck_payload_alone.yaml";
    static char y[4096];
    snprintf(y, sizeof y, PAYLOAD_YAML,
             "line_types:\n  - {name: light, diameter: 0.01, mass_per_length: 0.01, EA: 1.0e7, damping_ratio: 0.5}\n",
             "  - {name: under, type: body, body: payload, position: [0, 0, -0.5]}\n"
             "  - {name: weight, type: free, mass: 500, position: [0.3, 0, 43.9]}\n"
             "lines:\n  - {name: tail, type: light, end_a: under, end_b: weight, length: 5, segments: 1}\n");
    write_text(scen, y);
    const char *files[] = {"bodies.csv", "lines.csv", "points.csv", "rigid.csv", "run.pvd", NULL};
    bodies_resume(scen, 21, "1600:9", files, 0); /* killed at 1.6 s, checkpoint at 1.5 s */
    snprintf(y, sizeof y, PAYLOAD_YAML, "", "");
    write_text(alone, y);
    const char *files2[] = {"bodies.csv", "rigid.csv", "run.pvd", NULL};
    bodies_resume(alone, 22, "1600:9", files2, 0); /* the rigid-only run */
}

/* The vessel example: a prescribed vessel on lumped moorings holding a rigid crane wire (a point
 * end that follows the body) with a payload on its 6-DOF end, killed at step 3000 (9.5 s; the
 * last checkpoint at 9 s) and resumed: every file byte-identical to the run straight through. */
Test(cli, vessel_crane_resume_byte_identical)
{
    const char *files[] = {"bodies.csv", "lines.csv", "points.csv", "rigid.csv", "run.pvd", NULL};
    bodies_resume(HW_EXAMPLES_DIR "/vessel_crane.yaml", 23, "3000:9", files, 0);
}

/* Through the API: a world's bodies (a free cork heaving on its waterplane, no lines) saved after
 * 50 steps and loaded into a fresh world continue bit-identically; a checkpoint of other bodies
 * (names, count, none) is refused naming both lists. */
static hw_world *cork_world(const char *const *names, int n)
{
    static hw_model_def m;
    static hw_body_def b[3];
    m = hw_default_model();
    m.n_lines = 0; m.n_types = 0; m.n_points = 0;
    m.solver.dt = 0.01;
    m.solver.static_solve = 0; /* it starts where it is put: off its balance */
    for (int k = 0; k < n; k++) {
        b[k] = hw_default_body();
        b[k].name = names[k];
        b[k].kind = HW_BODY_FREE;
        b[k].mass = 10.0; b[k].volume = 10.0 / 1025.0;
        b[k].awp = 1.0; /* heave period 2 pi sqrt(m / (rho g awp)) = 0.2 s: 20 steps */
        b[k].inertia[0] = b[k].inertia[1] = b[k].inertia[2] = 1.0;
        b[k].pos[2] = 0.05;
        b[k].rot[0] = 0.01 * (k + 1);
    }
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = n; wd.bodies = b;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    return w;
}

static void world_state(const hw_world *w, double *s)
{
    for (int k = 0; k < hw_world_n_bodies(w); k++)
        hw_world_body_state(w, k, s + 13 * k, s + 13 * k + 3, s + 13 * k + 7, s + 13 * k + 10);
    s[13 * hw_world_n_bodies(w)] = hw_world_time(w);
}

Test(checkpoint, world_bodies_round_trip_and_other_bodies_refused)
{
    const char *two[] = {"cork", "float"};
    hw_world *a = cork_world(two, 2), *b = cork_world(two, 2);
    cr_assert_eq(hw_world_step(a, 50), HW_OK);
    hw_ck *ck = hw_ck_new();
    hw_ck_world_names(ck, a);
    hw_ck_world_records(ck, a);
    void *img;
    size_t len;
    cr_assert_eq(hw_ck_image(ck, &img, &len), HW_OK);
    hw_ck_free(ck);
    cr_assert_eq(hw_world_step(a, 50), HW_OK);
    hw_ck *in;
    char msg[1024];
    cr_assert_eq(hw_ck_open(img, len, "buffer", &in, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_ck_world_check(in, b, msg, sizeof msg), HW_OK, "%s", msg);
    hw_ck_begin_pass(in, 1);
    hw_ck_world_records(in, b);
    cr_assert_eq(hw_ck_error(in, NULL), HW_OK);
    cr_assert_eq(hw_world_step(b, 50), HW_OK);
    double sa[27], sb[27];
    world_state(a, sa);
    world_state(b, sb);
    cr_assert_eq(memcmp(sa, sb, sizeof sa), 0, "the loaded world goes on as the saved one: z %.17g vs %.17g",
                 sa[2], sb[2]);
    cr_assert_gt(fabs(sa[2] - 0.05) + fabs(sa[9]), 1e-4, "and it moved");
    /* other names, another count, no bodies */
    const char *other[] = {"cork", "buoy"}, *three[] = {"cork", "float", "clump"};
    hw_world *w1 = cork_world(other, 2), *w2 = cork_world(three, 3), *w3 = cork_world(two, 0);
    cr_assert_eq(hw_ck_world_check(in, w1, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "its bodies (2: cork,float) are not the scenario's (2: cork,buoy)"), "%s", msg);
    cr_assert_eq(hw_ck_world_check(in, w2, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "its bodies (2: cork,float) are not the scenario's (3: cork,float,clump)"), "%s", msg);
    cr_assert_eq(hw_ck_world_check(in, w3, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "(0: )"), "%s", msg);
    hw_ck_free(in);
    free(img);
    /* a checkpoint without bodies (a run of lines only) for a world with bodies */
    ck = hw_ck_new();
    hw_ck_world_names(ck, w3);
    cr_assert_eq(hw_ck_image(ck, &img, &len), HW_OK);
    hw_ck_free(ck);
    cr_assert_eq(hw_ck_open(img, len, "buffer", &in, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_ck_world_check(in, a, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "its bodies (0: ) are not the scenario's (2: cork,float)"), "%s", msg);
    hw_ck_free(in);
    free(img);
    hw_world_destroy(a); hw_world_destroy(b); hw_world_destroy(w1); hw_world_destroy(w2); hw_world_destroy(w3);
}
