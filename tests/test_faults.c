/* Faults a user meets, each as the built `hawser` meets it: a disk that fills up (a file-size limit
 * on the child process, RLIMIT_FSIZE with SIGXFSZ ignored so writes fail with EFBIG; a file that is
 * a link to /dev/full, whose writes fail with ENOSPC; a small tmpfs when running as root), and out
 * of memory (RLIMIT_AS on the child). Every case must end with the documented exit code, a
 * message naming the file and the reason, and no crash. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/moordyn_deck.h"
#include "io/scenario.h"

typedef struct child {
    int code;      /* exit status, or 128 + signal when killed */
    char out[16384], err[16384];
} child;

static void slurp_into(const char *path, char *buf, size_t len)
{
    buf[0] = 0;
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
}

/* Runs hawser with args (NULL-terminated) under the limits (0: none). stdout and stderr are caught
 * in files of the parent's directory HW_TMP, which the child's file-size limit also covers: they
 * stay far below it. */
static void run_limited(child *c, const char *const *args, rlim_t fsize, rlim_t as)
{
    char outp[] = HW_TMP "/hw_faults_outXXXXXX", errp[] = HW_TMP "/hw_faults_errXXXXXX";
    int fo = mkstemp(outp), fe = mkstemp(errp);
    cr_assert(fo >= 0 && fe >= 0);
    const char *argv[32];
    int n = 0;
    argv[n++] = HW_CLI_PATH;
    for (; args[n - 1] && n < 31; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        struct rlimit r;
        if (fsize) {
            r.rlim_cur = r.rlim_max = fsize;
            setrlimit(RLIMIT_FSIZE, &r);
        }
        if (as) {
            r.rlim_cur = r.rlim_max = as;
            setrlimit(RLIMIT_AS, &r);
        }
        signal(SIGXFSZ, SIG_IGN); /* a write past the limit fails with EFBIG instead */
        dup2(fo, 1);
        dup2(fe, 2);
        execv(HW_CLI_PATH, (char *const *)argv);
        _exit(127);
    }
    int st = 0;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    c->code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    close(fo);
    close(fe);
    slurp_into(outp, c->out, sizeof c->out);
    slurp_into(errp, c->err, sizeof c->err);
    unlink(outp);
    unlink(errp);
}

static void fresh_dir(char *dir, size_t len, const char *tag)
{
    snprintf(dir, len, HW_TMP "/hw_faults_%s_XXXXXX", tag);
    cr_assert_not_null(mkdtemp(dir));
}

static void rm_rf(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

/* Exit 6, the file named in the message with the reason, no crash, and (when it could be written)
 * a summary.json with status io_error. */
static void expect_io_error(const child *c, const char *dir, const char *file, const char *reason,
                            int summary_expected)
{
    cr_assert_eq(c->code, 6, "exit %d (expected 6), stderr: %s", c->code, c->err);
    char want[700];
    snprintf(want, sizeof want, "%s/%s: ", dir, file);
    cr_assert(strstr(c->err, want), "stderr does not name %s: %s", want, c->err);
    cr_assert(strstr(c->err, reason), "stderr does not give '%s': %s", reason, c->err);
    cr_assert(strstr(c->out, "\"status\":\"io_error\""), "stdout summary: %s", c->out);
    if (!summary_expected) return;
    char path[700], sum[16384];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    slurp_into(path, sum, sizeof sum);
    cr_assert(strstr(sum, "\"status\":\"io_error\"") && strstr(sum, file), "summary.json: %s", sum);
}

#define TETHER HW_EXAMPLES_DIR "/taut_tether.yaml"

/* The failing file per format, the file-size limit small enough that it fails in the first
 * simulated seconds and large enough for summary.json (below 1 kB here). */
static void fsize_case(const char *formats, const char *file)
{
    char dir[256];
    fresh_dir(dir, sizeof dir, "fsize");
    const char *args[] = {"run", TETHER, "-o", dir, "-q", "--t-end", "5", "--format", formats, NULL};
    child c;
    run_limited(&c, args, 4096, 0);
    expect_io_error(&c, dir, file, strerror(EFBIG), 1);
    rm_rf(dir);
}

Test(io_faults, csv_past_a_file_size_limit) { fsize_case("csv", "points.csv"); }
Test(io_faults, vtk_past_a_file_size_limit) { fsize_case("vtk", "run.pvd"); }
#ifdef HAWSER_HAVE_HDF5
Test(io_faults, hdf5_past_a_file_size_limit) { fsize_case("hdf5", "results.h5"); }
Test(io_faults, hdf5_and_vtk_past_a_file_size_limit) { fsize_case("hdf5,vtk", "results.h5"); }
#endif

Test(io_faults, network_csv_past_a_file_size_limit)
{
    char dir[256];
    fresh_dir(dir, sizeof dir, "net");
    const char *args[] = {"run", HW_TEST_DATA_DIR "/network_sled.yaml", "-o", dir, "-q", NULL};
    child c;
    run_limited(&c, args, 4096, 0);
    expect_io_error(&c, dir, "network.csv", strerror(EFBIG), 1);
    rm_rf(dir);
}

/* A result file that is a link to /dev/full: every write to it fails with ENOSPC, as on a full
 * disk, and only that file fails. */
static void dev_full_case(const char *scenario, const char *file, const char *const *extra)
{
    char dir[256], link[512];
    fresh_dir(dir, sizeof dir, "full");
    snprintf(link, sizeof link, "%s/%s", dir, file);
    cr_assert_eq(symlink("/dev/full", link), 0, "%s", strerror(errno));
    const char *args[16] = {"run", scenario, "-o", dir, "-q"};
    int n = 5;
    for (; extra && *extra; extra++) args[n++] = *extra;
    args[n] = NULL;
    child c;
    run_limited(&c, args, 0, 0);
    expect_io_error(&c, dir, file, strerror(ENOSPC), strcmp(file, "summary.json") != 0);
    rm_rf(dir);
}

Test(io_faults, summary_json_on_a_full_disk)
{
    const char *extra[] = {"--t-end", "1", NULL};
    dev_full_case(TETHER, "summary.json", extra);
}

Test(io_faults, moordyn_out_table_on_a_full_disk)
{
    const char *extra[] = {"--t-end", "1", NULL};
    dev_full_case(HW_TEST_DATA_DIR "/md_catenary.dat", "md_catenary.out", extra);
}

Test(io_faults, rigid_csv_on_a_full_disk)
{
    const char *extra[] = {"--t-end", "20", NULL};
    dev_full_case(HW_EXAMPLES_DIR "/rigid_lowering.yaml", "rigid.csv", extra);
}

Test(io_faults, ensemble_csv_on_a_full_disk)
{
    char dir[256], yaml[512], text[4200], ex[4096];
    fresh_dir(dir, sizeof dir, "ens");
    slurp_into(TETHER, ex, sizeof ex);
    snprintf(text, sizeof text, "%s\nensemble:\n  current_scale: [0.5, 1.0]\n", ex);
    snprintf(yaml, sizeof yaml, "%s/ens.yaml", dir);
    write_text(yaml, text);
    char out[512], link[600];
    snprintf(out, sizeof out, "%s/out", dir);
    cr_assert_eq(mkdir(out, 0777), 0);
    snprintf(link, sizeof link, "%s/ensemble.csv", out);
    cr_assert_eq(symlink("/dev/full", link), 0);
    const char *args[] = {"run", yaml, "-o", out, "-q", "--t-end", "0.5", NULL};
    child c;
    run_limited(&c, args, 0, 0);
    cr_assert_eq(c.code, 6, "exit %d, stderr: %s", c.code, c.err);
    cr_assert(strstr(c.err, link) && strstr(c.err, strerror(ENOSPC)), "%s", c.err);
    rm_rf(dir);
}

/* A real full file system: a 64 kB tmpfs (root only; skipped where mount is not permitted). */
Test(io_faults, every_format_on_a_full_tmpfs)
{
    char dir[256];
    fresh_dir(dir, sizeof dir, "tmpfs");
    if (geteuid() != 0 || mount("tmpfs", dir, "tmpfs", 0, "size=64k") != 0) {
        rm_rf(dir);
        cr_skip_test("mounting a tmpfs is not permitted here");
    }
#ifdef HAWSER_HAVE_HDF5
    const char *formats = "csv,vtk,hdf5";
#else
    const char *formats = "csv,vtk";
#endif
    const char *args[] = {"run", TETHER, "-o", dir, "-q", "--t-end", "5", "--format", formats, NULL};
    child c;
    run_limited(&c, args, 0, 0);
    umount(dir);
    rm_rf(dir);
    cr_assert_eq(c.code, 6, "exit %d, stderr: %s", c.code, c.err);
    cr_assert(strstr(c.err, dir) && strstr(c.err, strerror(ENOSPC)), "%s", c.err);
    cr_assert(strstr(c.out, "\"status\":\"io_error\""), "%s", c.out);
}

/* ---- out of memory ------------------------------------------------------------------------------ */

/* A model of a million segments (the most a line may have) needs about 1.5 GB to build and solve;
 * under a 256 MB address-space limit every allocation failure on the way must say what it was
 * allocating and end with exit 7, never a crash or an empty message. */
Test(nomem, a_large_model_under_an_address_space_limit)
{
    const rlim_t limit = (rlim_t)256 << 20;
    child c;
    const char *version[] = {"--version", NULL};
    run_limited(&c, version, 0, limit);
    if (c.code != 0) cr_skip_test("hawser does not start under a 256 MB address-space limit here");
    char dir[256], yaml[512];
    fresh_dir(dir, sizeof dir, "nomem");
    snprintf(yaml, sizeof yaml, "%s/big.yaml", dir);
    write_text(yaml, "environment: {depth: 100}\n"
                     "line_types:\n  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e9}\n"
                     "points:\n  - {name: a, type: fixed, position: [0, 0, -100]}\n"
                     "  - {name: b, type: fixed, position: [900, 0, 0]}\n"
                     "lines:\n  - {name: l1, type: chain, end_a: a, end_b: b, length: 1000, segments: 1000000}\n"
                     "solver: {dt: 1.0e-9, t_end: 1.0e-8}\n");
    char out[600];
    snprintf(out, sizeof out, "%s/out", dir);
    const char *args[] = {"run", yaml, "-o", out, "-q", NULL};
    run_limited(&c, args, 0, limit);
    cr_assert_eq(c.code, 7, "exit %d (expected 7), stderr: %s", c.code, c.err);
    cr_assert(strstr(c.err, "hawser: out of memory ") && strstr(c.err, "1000000 segments"), "%s", c.err);
    cr_assert(strstr(c.out, "\"status\":\"error\"") && strstr(c.out, "out of memory"), "%s", c.out);
    rm_rf(dir);
}

/* ---- MoorDyn deck size ------------------------------------------------------------------------- */

static void deck_with_segments(const char *path, const char *nseg, const char *flags)
{
    char text[8192], line[256];
    slurp_into(HW_TEST_DATA_DIR "/md_catenary.dat", text, sizeof text);
    const char *old = "2   chain     2        5        835.5     20       pt";
    char *at = strstr(text, old);
    cr_assert_not_null(at);
    snprintf(line, sizeof line, "2   chain     2        5        835.5     %s       %s", nseg, flags);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "%.*s%s%s", (int)(at - text), text, line, at + strlen(old));
    cr_assert_eq(fclose(f), 0);
}

/* 1e7 and 2e9 segments with every node written out: refused at the NumSegs field before anything
 * is allocated (it took 37 s and 3.4 GB, then failed; 2e9 ran for minutes). */
Test(deck_limits, segment_counts_beyond_the_limit_are_refused_at_once)
{
    const char *counts[] = {"10000000", "2000000000", "3000000000", "1e7"};
    for (int k = 0; k < 4; k++) {
        char dir[256], path[512];
        fresh_dir(dir, sizeof dir, "deck");
        snprintf(path, sizeof path, "%s/big.dat", dir);
        deck_with_segments(path, counts[k], "p");
        const char *args[] = {"check", path, NULL};
        child c;
#ifdef __SANITIZE_ADDRESS__
        run_limited(&c, args, 0, 0); /* AddressSanitizer reserves terabytes of shadow: no limit */
#else
        run_limited(&c, args, 0, (rlim_t)512 << 20); /* nothing near that is needed to refuse it */
#endif
        char want[700];
        snprintf(want, sizeof want, "%s:22: LINES 2 NumSegs: expected at most 1000000 segments per line", path);
        cr_assert_eq(c.code, 3, "%s: exit %d, stderr: %s", counts[k], c.code, c.err);
        cr_assert(strstr(c.err, want), "%s: %s", counts[k], c.err);
        cr_assert(strstr(c.err, counts[k]), "%s", c.err);
        rm_rf(dir);
    }
}

/* Below the limit, every node's output entry is there, in order (the list grows geometrically). */
Test(deck_limits, every_node_output_of_a_long_line)
{
    char dir[256], path[512], msg[2048];
    fresh_dir(dir, sizeof dir, "deck");
    snprintf(path, sizeof path, "%s/long.dat", dir);
    deck_with_segments(path, "20000", "pt");
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(path, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->n_out_nodes, 20001);
    cr_assert_eq(sc->n_out_segments, 20000);
    for (int k = 0; k <= 20000; k++) {
        cr_assert_eq(sc->out_nodes[k].line, 1);
        cr_assert_eq(sc->out_nodes[k].index, k);
    }
    cr_assert_eq(sc->out_segments[19999].index, 20000);
    hw_scenario_free(sc);
    rm_rf(dir);
}

/* ---- YAML size and depth ----------------------------------------------------------------------- */

/* 100k levels of flow lists (libyaml took 90-110 s on them): refused at level 65, on line 1. */
Test(yaml_limits, deep_nesting_is_refused_with_the_limit)
{
    const int n = 100000;
    char *text = malloc(2 * (size_t)n + 16);
    cr_assert_not_null(text);
    char *p = text + sprintf(text, "a: ");
    memset(p, '[', n);
    memset(p + n, ']', n);
    p[2 * n] = '\n';
    p[2 * n + 1] = 0;
    hw_scenario *sc = NULL;
    char msg[2048];
    cr_assert_eq(hw_scenario_load_string(text, "deep.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "deep.yaml:1: syntax: expected mappings and lists nested at most 64 levels deep, "
                          "got a list at level 65"), "%s", msg);
    /* in block style too, the line of the level too deep */
    char block[40000] = "";
    size_t used = 0;
    for (int k = 0; k < 70; k++) used += (size_t)snprintf(block + used, sizeof block - used, "%*sk%d:\n", k, "", k);
    cr_assert_eq(hw_scenario_load_string(block, "b.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "b.yaml:65: syntax: expected mappings and lists nested at most 64 levels deep, "
                          "got a mapping at level 65"), "%s", msg);
    /* 64 levels pass the depth check (and fail later, on the unknown key) */
    p = text + sprintf(text, "a: ");
    memset(p, '[', 63);
    memset(p + 63, ']', 63);
    p[126] = 0;
    cr_assert_eq(hw_scenario_load_string(text, "ok.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_null(strstr(msg, "nested"), "%s", msg);
    free(text);
}

/* Files over 64 MiB are refused before they are read (the test file is sparse: quick). */
Test(yaml_limits, files_over_the_size_limit_are_refused)
{
    const char *names[] = {"big.yaml", "big.dat"};
    for (int k = 0; k < 2; k++) {
        char dir[256], path[512], msg[2048];
        fresh_dir(dir, sizeof dir, "size");
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
        cr_assert(fd >= 0);
        cr_assert_eq(write(fd, "environment:\n", 13), 13);
        cr_assert_eq(ftruncate(fd, ((off_t)64 << 20) + 1), 0);
        close(fd);
        hw_scenario *sc = NULL;
        hw_md_deck *md = NULL;
        cr_assert_eq(hw_md_load_any(path, NULL, NULL, &sc, &md, msg, sizeof msg), HW_ERR_INPUT, "%s", msg);
        char want[700];
        snprintf(want, sizeof want, "%s:1: file size: expected at most 64 MiB, got 67108865 bytes", path);
        cr_assert(strstr(msg, want), "%s", msg);
        rm_rf(dir);
    }
}

/* ---- geometry that cannot hold ----------------------------------------------------------------- */

static const char GEOM[] =
    "environment: {depth: 200}\n"
    "line_types:\n  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e9}\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [-400, 0, %s]}\n"
    "  - {name: fairlead, type: %s, position: [0, 0, -110]%s}\n"
    "lines:\n"
    "  - {name: mooring, type: chain, end_a: anchor, end_b: fairlead, length: %s, segments: 20}\n"
    "solver: {max_strain: %s}\n";

static hw_status geom(const char *anchor_z, const char *kind, const char *extra, const char *length,
                      const char *max_strain, char *msg, size_t len)
{
    char text[2048];
    snprintf(text, sizeof text, GEOM, anchor_z, kind, extra, length, max_strain);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(text, "g.yaml", &sc, msg, len);
    hw_scenario_free(sc);
    return st;
}

/* 100 m of line across a 410 m span (strain 3.1) passed check and stopped the run at step 1. */
Test(geometry, a_line_too_short_for_its_span_is_refused_with_the_fix)
{
    char msg[2048];
    cr_assert_eq(geom("-200", "fixed", "", "100", "1.0", msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "g.yaml:8: lines[0] (mooring).length: expected a length that spans its ends, "
                          "410 m apart at t = 0, got 100 m: a strain of 3.1, above solver.max_strain 1; "
                          "make it at least 205 m or move its ends"), "%s", msg);
    /* the bound is max_strain: 300 m needs 0.367, refused under 0.3 and accepted under 0.5 */
    cr_assert_eq(geom("-200", "fixed", "", "300", "0.3", msg, sizeof msg), HW_ERR_INPUT, "%s", msg);
    cr_assert(strstr(msg, "a strain of 0.367, above solver.max_strain 0.3"), "%s", msg);
    cr_assert_eq(geom("-200", "fixed", "", "300", "0.5", msg, sizeof msg), HW_OK, "%s", msg);
    /* a prescribed end counts where it is at t = 0: 100 m farther out by its sinusoid's phase,
     * sqrt(500^2 + 90^2) = 508.035 m from the anchor */
    cr_assert_eq(geom("-200", "prescribed", ", motion: {type: sinusoid, amplitude: [100, 0, 0], period: 10, "
                      "phase: 1.5707963267948966}", "300", "0.5", msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "508.035 m apart at t = 0"), "%s", msg);
    /* a free end is left to the static solve */
    cr_assert_eq(geom("-200", "free", ", mass: 1000", "100", "1.0", msg, sizeof msg), HW_OK, "%s", msg);
    /* hawser check says the same, exit 3 */
    char dir[256], path[512], text[2048];
    fresh_dir(dir, sizeof dir, "geom");
    snprintf(path, sizeof path, "%s/short.yaml", dir);
    snprintf(text, sizeof text, GEOM, "-200", "fixed", "", "100", "1.0");
    write_text(path, text);
    const char *args[] = {"check", path, NULL};
    child c;
    run_limited(&c, args, 0, 0);
    cr_assert_eq(c.code, 3, "%s", c.err);
    cr_assert(strstr(c.err, "short.yaml:8: lines[0] (mooring).length: expected a length that spans"), "%s", c.err);
    rm_rf(dir);
}

/* An anchor 50 m below a 200 m seabed is refused; 1 m into it (within 1% of the depth) is not. */
Test(geometry, an_anchor_below_the_seabed_is_refused)
{
    char msg[2048];
    cr_assert_eq(geom("-250", "fixed", "", "500", "1.0", msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "g.yaml:5: points[0] (anchor).position: expected a fixed point at or above the seabed "
                          "(z >= -200 m, the depth, within 2 m), got z = -250 m, 50 m below it; raise it to "
                          "z = -200 m or correct environment.depth"), "%s", msg);
    cr_assert_eq(geom("-201", "fixed", "", "500", "1.0", msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(geom("-202.5", "fixed", "", "500", "1.0", msg, sizeof msg), HW_ERR_INPUT);
}

/* Ends pulled apart by a prescribed motion until a segment passes max_strain: the blow-up names
 * the geometry (span against length), not the time step or a snap load. */
Test(geometry, a_blow_up_from_ends_pulled_apart_names_the_geometry)
{
    char dir[256], path[512];
    fresh_dir(dir, sizeof dir, "pull");
    snprintf(path, sizeof path, "%s/pull.yaml", dir);
    write_text(path,
               "environment: {depth: 100}\n"
               "line_types:\n  - {name: wire, diameter: 0.05, mass_per_length: 10, EA: 1.0e8}\n"
               "points:\n  - {name: anchor, type: fixed, position: [0, 0, -100]}\n"
               "  - {name: tug, type: prescribed, position: [150, 0, 0], motion: {type: constant_velocity, "
               "velocity: [100, 0, 0]}}\n"
               "lines:\n  - {name: tow, type: wire, end_a: anchor, end_b: tug, length: 200, segments: 10}\n"
               "solver: {t_end: 2, max_strain: 0.2, static_solve: false}\n");
    char out[600];
    snprintf(out, sizeof out, "%s/out", dir);
    const char *args[] = {"run", path, "-o", out, "-q", NULL};
    child c;
    run_limited(&c, args, 0, 0);
    cr_assert_eq(c.code, 4, "%s", c.err);
    cr_assert(strstr(c.err, "line 'tow'") && strstr(c.err, "likely cause: the geometry") &&
              strstr(c.err, "its unstretched length is 200 m"), "%s", c.err);
    /* the span is known in closed form at the reported time: sqrt((150 + 100 t)^2 + 100^2) */
    const char *at = strstr(c.err, "at t = ");
    const char *apart = strstr(c.err, "ends are ");
    cr_assert(at && apart, "%s", c.err);
    double t = atof(at + 7), span = atof(apart + 9);
    double want = sqrt((150 + 100 * t) * (150 + 100 * t) + 100.0 * 100.0);
    cr_assert(fabs(span - want) < 1e-3 * want, "span %g, expected %g at t = %g", span, want, t);
    cr_assert(span / 200 - 1 > 0.1, "%g", span); /* the geometry named only above half the bound */
    rm_rf(dir);
}
