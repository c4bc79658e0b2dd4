/* The command-line program end to end on the bundled examples: exit codes, files, summary. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "hawser/hawser.h"
#include "shell.h"

static long count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long n = 0;
    int c, last = '\n';
    while ((c = fgetc(f)) != EOF) { if (c == '\n') n++; last = c; }
    fclose(f);
    return last == '\n' ? n : -1; /* every row complete */
}

Test(cli, runs_the_examples)
{
    const char *ex[] = {"oc4_mooring", "taut_tether"};
    for (int k = 0; k < 2; k++) {
        char cmd[1024], out[8192], path[512];
        snprintf(cmd, sizeof cmd, "%s run %s/%s.yaml -o " HW_TMP "/hawser_cli_%s --t-end 2 -q 2>/dev/null",
                 HW_CLI_PATH, HW_EXAMPLES_DIR, ex[k], ex[k]);
        cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
        cr_assert(strstr(out, "{\"status\":\"ok\"") && strstr(out, "\"max_tension_N\""), "%s", out);
        snprintf(path, sizeof path, HW_TMP "/hawser_cli_%s/lines.csv", ex[k]);
        cr_assert_gt(count_lines(path), 10, "%s has rows", path);
        snprintf(path, sizeof path, HW_TMP "/hawser_cli_%s/summary.json", ex[k]);
        cr_assert_gt(count_lines(path), 0);
        snprintf(cmd, sizeof cmd, "%s check %s/%s.yaml", HW_CLI_PATH, HW_EXAMPLES_DIR, ex[k]);
        cr_assert_eq(sh(cmd, out, sizeof out), 0);
    }
}

Test(cli, exit_codes)
{
    char out[8192], cmd[1024];
    cr_assert_eq(sh(HW_CLI_PATH " 2>/dev/null", out, sizeof out), 2);
    cr_assert_eq(sh(HW_CLI_PATH " run 2>/dev/null", out, sizeof out), 2);
    cr_assert_eq(sh(HW_CLI_PATH " frobnicate 2>/dev/null", out, sizeof out), 2);
    cr_assert_eq(sh(HW_CLI_PATH " --version", out, sizeof out), 0);
    cr_assert(strstr(out, "hawser "));
    cr_assert_eq(sh(HW_CLI_PATH " run /nonexistent.yaml 2>&1", out, sizeof out), 3);
    cr_assert(strstr(out, "/nonexistent.yaml"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s/oc4_mooring.yaml --backend gpu 2>&1", HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 2);
}

/* --help after any command prints the usage on stdout and exits 0 (it used to print the usage,
 * then "unknown or incomplete option '--help'", exit 2), nothing on stderr. */
Test(cli, help_after_a_command)
{
    char out[8192];
    const char *cmds[] = {" run --help", " run x.yaml -h", " check --help", " plot --help",
                          " report --help", " convert --help"};
    for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "%s%s 2>&1", HW_CLI_PATH, cmds[k]);
        cr_expect_eq(sh(cmd, out, sizeof out), 0, "%s", cmds[k]);
        cr_expect(strncmp(out, "usage: hawser run", 17) == 0, "%s: %s", cmds[k], out);
        cr_expect(!strstr(out, "unknown"), "%s: %s", cmds[k], out);
    }
}

/* --format vtk,hdf5 on a rigid-cable scenario writes them (they used to be ignored with a
 * warning); on a network, which has no shape to draw, the missing ParaView output is named, and
 * results.h5 is written (the read-back is tests/test_outputs_families.c). */
Test(cli, formats_cover_rigid_cables_and_name_what_a_network_lacks)
{
    char out[8192], cmd[1024];
    snprintf(cmd, sizeof cmd, "%s run %s/rigid_lowering.yaml -o " HW_TMP "/hawser_cli_rfmt --t-end 0.1 -q "
             "--format csv,vtk 2>&1 >/dev/null", HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(!strstr(out, "warning"), "%s", out);
    cr_expect_gt(count_lines(HW_TMP "/hawser_cli_rfmt/run.pvd"), 3);
    cr_expect_gt(count_lines(HW_TMP "/hawser_cli_rfmt/vtk/rigid_000000.vtp"), 10);
    snprintf(cmd, sizeof cmd, "%s run %s/sled_ramp.yaml -o " HW_TMP "/hawser_cli_nfmt --t-end 0.1 -q "
             "--format csv,vtk 2>&1 >/dev/null", HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "warning: the 1-D network has no ParaView output"), "%s", out);
    cr_expect_eq(count_lines(HW_TMP "/hawser_cli_nfmt/run.pvd"), -1, "no ParaView index for a network alone");
}

Test(cli, blow_up_exits_4_with_valid_outputs)
{
    char out[8192], cmd[1024];
    snprintf(cmd, sizeof cmd, "%s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_cli_blowup --dt 0.05 --t-end 20 -q --allow-unstable-dt 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 4, "%s", out);
    cr_assert((strstr(out, "numerical blow-up") || strstr(out, "numerical instability")) && strstr(out, "segment") && strstr(out, "critical step"), "%s", out);
    cr_assert(strstr(out, "\"status\":\"numerical_failure\""), "%s", out);
    cr_assert_geq(count_lines(HW_TMP "/hawser_cli_blowup/lines.csv"), 2);
}

/* --threads N (and OMP_NUM_THREADS without it) sets the CPU threads; summary.json records them.
 * Anything but a whole number >= 1 is a usage error. */
static void threads_recorded(const char *env, const char *opt, const char *want)
{
    char cmd[1024], out[8192], json[8192];
    snprintf(cmd, sizeof cmd, "%s %s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_cli_threads %s --t-end 0.5 -q 2>&1",
             env, HW_CLI_PATH, HW_EXAMPLES_DIR, opt);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s: %s", cmd, out);
    FILE *f = fopen(HW_TMP "/hawser_cli_threads/summary.json", "r");
    cr_assert_not_null(f);
    size_t n = fread(json, 1, sizeof json - 1, f);
    json[n] = 0;
    fclose(f);
    cr_assert(strstr(json, want), "%s: summary.json lacks %s: %s", cmd, want, json);
}

Test(cli, threads)
{
    const char *bad[] = {"0", "abc", "-2", "1.5", ""};
    for (int k = 0; k < 5; k++) {
        char cmd[1024], out[8192];
        snprintf(cmd, sizeof cmd, "%s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_cli_threads_bad --t-end 0.5 -q --threads '%s' 2>&1",
                 HW_CLI_PATH, HW_EXAMPLES_DIR, bad[k]);
        cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s: %s", cmd, out);
        cr_assert(strstr(out, "--threads"), "%s", out);
    }
    if (hw_set_threads(2) != 2) cr_skip_test("built without OpenMP: always one thread");
    threads_recorded("", "--threads 2", "\"threads\":2");
    threads_recorded("OMP_NUM_THREADS=3", "", "\"threads\":3");
    threads_recorded("OMP_NUM_THREADS=3", "--threads 1", "\"threads\":1");
}
