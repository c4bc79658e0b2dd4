/* Fuzz regressions: every input in tests/fuzz/regress/ (inputs that once crashed, leaked, tripped a
 * sanitizer or hung a fuzz target) and every seed of tests/fuzz/corpus/ goes through the three fuzz
 * entry points (tests/fuzz/fuzz_entry.h: the YAML loader, the MoorDyn deck reader, and
 * load-build-step) in this normal build. Each must come back with a clean status: ok, or an error
 * with a message, located ("fuzz-input:LINE: ..." or "fuzz-input: ...") for the two loaders. A crash fails the suite. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "fuzz/fuzz_entry.h"
#include "run/network_run.h"
#include "run/rigid_run.h"
#include "io/scenario.h"

#define FUZZ_DIR HW_TEST_DATA_DIR "/../fuzz"

static uint8_t *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc((size_t)n + 1);
    cr_assert_not_null(b);
    cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return b;
}

static int clean_status(hw_status st)
{
    return st == HW_OK || st == HW_ERR_INPUT || st == HW_ERR_UNSUPPORTED || st == HW_ERR_NUMERICAL ||
           st == HW_ERR_NOT_CONVERGED || st == HW_ERR_NOMEM;
}

/* A loader's failure names the input, and the line where there is one: "fuzz-input:LINE: ...",
 * or "fuzz-input: WHAT: ..." for the file as a whole (a deck without its sections). */
static int located(const char *msg)
{
    size_t n = strlen(HW_FUZZ_NAME);
    if (strncmp(msg, HW_FUZZ_NAME ":", n + 1) != 0) return 0;
    const char *p = msg + n + 1;
    return (*p >= '0' && *p <= '9') || (*p == ' ' && p[1] && p[1] != ' ');
}

static void check_one(const char *path, const char *workdir)
{
    size_t size;
    uint8_t *data = slurp(path, &size);
    char msg[2048];
    msg[0] = '\0';
    hw_status st = hw_fuzz_scenario(data, size, msg, sizeof msg);
    cr_expect(clean_status(st) && (st == HW_OK || located(msg)), "%s: scenario loader: status %d, \"%s\"", path,
              (int)st, msg);
    msg[0] = '\0';
    st = hw_fuzz_deck(data, size, msg, sizeof msg);
    cr_expect(clean_status(st) && (st == HW_OK || located(msg)), "%s: deck reader: status %d, \"%s\"", path,
              (int)st, msg);
    msg[0] = '\0';
    int skipped;
    st = hw_fuzz_run(data, size, workdir, &skipped, msg, sizeof msg);
    cr_expect(clean_status(st) && (st == HW_OK || msg[0]), "%s: load, build and step: status %d, \"%s\"", path,
              (int)st, msg);
    free(data);
}

/* Every regular file of dir except README*; returns how many. */
static int check_dir(const char *dir)
{
    char workdir[] = HW_TMP "/hawser-fuzz-regress-XXXXXX";
    cr_assert_not_null(mkdtemp(workdir));
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "cannot open %s", dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !strncmp(e->d_name, "README", 6)) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat s;
        if (stat(path, &s) != 0 || !S_ISREG(s.st_mode)) continue;
        check_one(path, workdir);
        n++;
    }
    closedir(d);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", workdir);
    cr_expect_eq(system(cmd), 0);
    return n;
}

Test(fuzz_regress, every_regression_input_gives_a_clean_status)
{
    cr_expect_gt(check_dir(FUZZ_DIR "/regress"), 0, "no inputs in tests/fuzz/regress");
}

Test(fuzz_regress, every_seed_gives_a_clean_status)
{
    cr_expect_gt(check_dir(FUZZ_DIR "/corpus/scenario"), 0);
    cr_expect_gt(check_dir(FUZZ_DIR "/corpus/deck"), 0);
    cr_expect_gt(check_dir(FUZZ_DIR "/corpus/run"), 0);
}

/* The seeds that are meant to run do run: each of the three kinds reaches its stepping code and
 * finishes ok within the caps. */
Test(fuzz_regress, hand_written_seeds_build_and_step)
{
    static const char *const seeds[] = {"rigid_only.yaml", "network_only.yaml", "lumped_small.yaml",
                                        "ensemble_static.yaml", "deck_small.dat", "rigid_beside_lumped.yaml",
                                        "rigid_network.yaml", "rigid_lowering.yaml", "rigid_reel_split_merge.yaml",
                                        "lumped_winch_insert_remove.yaml"};
    char workdir[] = HW_TMP "/hawser-fuzz-regress-XXXXXX";
    cr_assert_not_null(mkdtemp(workdir));
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        char path[4096], msg[2048] = "";
        snprintf(path, sizeof path, "%s/corpus/run/%s", FUZZ_DIR, seeds[k]);
        size_t size;
        uint8_t *data = slurp(path, &size);
        int skipped = -1;
        hw_status st = hw_fuzz_run(data, size, workdir, &skipped, msg, sizeof msg);
        cr_expect_eq(st, HW_OK, "%s: status %d, \"%s\"", seeds[k], (int)st, msg);
        cr_expect_eq(skipped, 0, "%s: beyond the fuzz caps", seeds[k]);
        free(data);
    }
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", workdir);
    cr_expect_eq(system(cmd), 0);
}

/* regress/ensemble-grid-int-overflow.yaml: 1300^3 grid cases overflowed an int (UBSan); refused. */
Test(fuzz_regress, ensemble_grid_beyond_1e8_cases_is_refused)
{
    char workdir[] = HW_TMP "/hawser-fuzz-regress-XXXXXX";
    cr_assert_not_null(mkdtemp(workdir));
    size_t size;
    uint8_t *data = slurp(FUZZ_DIR "/regress/ensemble-grid-int-overflow.yaml", &size);
    char msg[2048] = "";
    int skipped = -1;
    hw_status st = hw_fuzz_run(data, size, workdir, &skipped, msg, sizeof msg);
    cr_expect_eq(st, HW_ERR_INPUT, "status %d, \"%s\"", (int)st, msg);
    cr_expect_str_eq(msg, HW_FUZZ_NAME ": ensemble: expected at most 1e8 cases, got a grid of 1300 x 1300 x 1300 = "
                          "2197000000");
    free(data);
    rmdir(workdir);
}

/* regress/{rigid,network}-t-end-step-overflow.yaml: t_end 1e300 was cast to a long step count
 * (0 steps, status ok); refused now, through the fuzz entry and through `hawser run`. */
Test(fuzz_regress, rigid_and_network_runs_refuse_unrepresentable_step_counts)
{
    static const char *const files[] = {"rigid-t-end-step-overflow.yaml", "network-t-end-step-overflow.yaml"};
    char workdir[] = HW_TMP "/hawser-fuzz-regress-XXXXXX";
    cr_assert_not_null(mkdtemp(workdir));
    for (int k = 0; k < 2; k++) {
        char path[4096], msg[2048] = "";
        snprintf(path, sizeof path, "%s/regress/%s", FUZZ_DIR, files[k]);
        size_t size;
        uint8_t *data = slurp(path, &size);
        int skipped = -1;
        hw_status st = hw_fuzz_run(data, size, workdir, &skipped, msg, sizeof msg);
        free(data);
        cr_expect_eq(st, HW_ERR_INPUT, "%s: status %d, \"%s\"", files[k], (int)st, msg);
        cr_expect(strstr(msg, "solver.t_end = 1e+300 s at dt = 0.01 s") && strstr(msg, "(2^53)"), "%s", msg);
        /* `hawser run` itself: exit 3 with the same message */
        char cmd[8400], out[8192];
        snprintf(cmd, sizeof cmd, "%s run %s -o %s/cli -q 2>&1", HW_CLI_PATH, path, workdir);
        FILE *p = popen(cmd, "r");
        cr_assert_not_null(p);
        size_t n = fread(out, 1, sizeof out - 1, p);
        out[n] = 0;
        int rc = pclose(p);
        cr_expect(WIFEXITED(rc) && WEXITSTATUS(rc) == 3, "%s: exit %d: %s", files[k], rc, out);
        cr_expect(strstr(out, "(2^53)"), "%s", out);
    }
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", workdir);
    cr_expect_eq(system(cmd), 0);
}

/* regress/rigid-elements-2e9.yaml: an integer out of range was refused as "expected an integer". */
Test(fuzz_regress, rigid_integer_out_of_range_names_the_range)
{
    size_t size;
    uint8_t *data = slurp(FUZZ_DIR "/regress/rigid-elements-2e9.yaml", &size);
    char msg[2048] = "";
    hw_status st = hw_fuzz_scenario(data, size, msg, sizeof msg);
    free(data);
    cr_expect_eq(st, HW_ERR_INPUT);
    cr_expect_str_eq(msg, HW_FUZZ_NAME ":12: rigid_cables[0] (wire).elements: expected an integer of at most 1e9 in "
                          "magnitude, got 2000000000");
}
