/* Sweeps (`hawser sweep BASE SWEEP.yaml`, docs/sweep.md): the cases a sweep file makes (grid, zip,
 * seeds, explicit cases, their order and overrides), its located errors; end to end on a small
 * catenary: the table against hand expectations and against `hawser run` of the same case, the
 * same table from `mpirun -np 2` byte for byte apart from the timing column, and a stopped sweep
 * resumed to the same table without running its finished cases again. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/sweep_plan.h"
#include "io/sweep_table.h"
#include "shell.h"

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

static char msg[4096];

static hw_sweep_plan *plan(const char *text)
{
    hw_sweep_plan *p = NULL;
    hw_status st = hw_sweep_plan_load("sweep.yaml", text, &p, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    return p;
}

static const char *plan_fails(const char *text)
{
    hw_sweep_plan *p = (hw_sweep_plan *)1;
    hw_status st = hw_sweep_plan_load("sweep.yaml", text, &p, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d: %s", st, msg);
    cr_assert_null(p);
    return msg;
}

static void ovr_is(const hw_sweep_plan *p, int c, const char *joined)
{
    char buf[1024] = "";
    for (int k = 0; k < p->cases[c].n_ovr; k++) {
        if (k) strcat(buf, " ");
        strcat(buf, p->cases[c].ovr[k]);
    }
    cr_assert_str_eq(buf, joined, "case %d", c);
}

Test(sweep_plan, grid_first_key_slowest)
{
    hw_sweep_plan *p = plan("vary:\n"
                            "  - {key: a.b, values: [1, 2]}\n"
                            "  - key: c[0].d\n"
                            "    values: [x, [1, 2], \"q r\"]\n");
    cr_assert_eq(p->n_cases, 6);
    cr_assert_eq(p->n_params, 2);
    cr_assert_str_eq(p->params[1].key, "c[0].d");
    ovr_is(p, 0, "a.b=1 c[0].d=x");
    ovr_is(p, 1, "a.b=1 c[0].d=[1, 2]");
    ovr_is(p, 2, "a.b=1 c[0].d=\"q r\"");
    ovr_is(p, 3, "a.b=2 c[0].d=x");
    ovr_is(p, 5, "a.b=2 c[0].d=\"q r\"");
    cr_assert_str_eq(p->cases[4].cell[1], "[1, 2]");
    hw_sweep_plan_free(p);
}

Test(sweep_plan, zip_mapping_form_and_seeds)
{
    hw_sweep_plan *p = plan("combine: zip\n"
                            "vary:\n"
                            "  a: [1, 2, 3]\n"
                            "  b: [4, 5, 6]\n"
                            "seeds: 2\n");
    cr_assert_eq(p->n_cases, 6); /* 3 zipped x 2 seeds */
    ovr_is(p, 0, "a=1 b=4 environment.waves.seed=1");
    ovr_is(p, 1, "a=1 b=4 environment.waves.seed=2");
    ovr_is(p, 5, "a=3 b=6 environment.waves.seed=2");
    hw_sweep_plan_free(p);
    p = plan("seeds: [7, 11, 42]\n");
    cr_assert_eq(p->n_cases, 3);
    ovr_is(p, 2, "environment.waves.seed=42");
    hw_sweep_plan_free(p);
}

Test(sweep_plan, ranges)
{
    hw_sweep_plan *p = plan("vary:\n  a: {range: [0.5, 1.5, 5]}\n");
    cr_assert_eq(p->n_cases, 5);
    ovr_is(p, 0, "a=0.5");
    ovr_is(p, 1, "a=0.75");
    ovr_is(p, 4, "a=1.5");
    hw_sweep_plan_free(p);
    p = plan("vary:\n  - {key: b, values: {range: [10, 10, 1]}}\n");
    cr_assert_eq(p->n_cases, 1);
    ovr_is(p, 0, "b=10");
    hw_sweep_plan_free(p);
}

Test(sweep_plan, explicit_cases_with_vary)
{
    hw_sweep_plan *p = plan("cases:\n"
                            "  - {x: 1}\n"
                            "  - {x: 2, y: 3}\n"
                            "vary:\n"
                            "  - {key: z, values: [a, b]}\n");
    cr_assert_eq(p->n_cases, 4);
    cr_assert_eq(p->n_params, 3); /* z (vary) first, then x, y */
    cr_assert_str_eq(p->params[0].key, "z");
    ovr_is(p, 0, "x=1 z=a");
    ovr_is(p, 1, "x=1 z=b");
    ovr_is(p, 3, "x=2 y=3 z=b");
    cr_assert_null(p->cases[0].cell[2]); /* y not set by case 0 */
    hw_sweep_plan_free(p);
}

Test(sweep_plan, located_errors)
{
    cr_assert_str_eq(plan_fails("combine: mix\nvary: {a: [1]}\n"), "sweep.yaml:1: combine: expected grid or zip, got \"mix\"");
    cr_assert_str_eq(plan_fails("vary:\n  - {key: a, values: []}\n"),
                     "sweep.yaml:2: vary[0].values: expected a non-empty list of values (or {range: [FROM, TO, N]}), got an "
                     "empty list");
    cr_assert_str_eq(plan_fails("vary:\n  a: {range: [1, 2]}\n"),
                     "sweep.yaml:2: vary.a.range: expected [FROM, TO, N]: N >= 1 evenly spaced numbers from FROM to TO "
                     "(N = 1: FROM = TO), got a list of 2 items");
    cr_assert_str_eq(plan_fails("combine: zip\nvary:\n  a: [1, 2]\n  b: [1, 2, 3]\n"),
                     "sweep.yaml:4: vary.b: expected 2 values as the first list (combine: zip takes the i-th "
                     "values together), got 3");
    cr_assert_str_eq(plan_fails("vary: {a: [1]}\nvray: 3\n"),
                     "sweep.yaml:2: sweep: expected one of the keys combine, vary, seeds, cases, got \"vray\"");
    cr_assert_str_eq(plan_fails("seeds: 0\n"),
                     "sweep.yaml:1: seeds: expected a number of seeds from 1 to 1000000, or a list of seeds, got 0");
    cr_assert_str_eq(plan_fails("seeds: [1, x]\n"), "sweep.yaml:1: seeds[1]: expected a seed (an integer >= 0), got \"x\"");
    cr_assert_str_eq(plan_fails("vary:\n  - {values: [1]}\n"),
                     "sweep.yaml:2: vary[0].key: expected a scenario key path (required key), got nothing");
    cr_assert_str_eq(plan_fails("vary:\n  - {key: a=b, values: [1]}\n"),
                     "sweep.yaml:2: vary[0].key: expected a scenario key path such as lines.mooring.length or "
                     "line_types[0].EA, got \"a=b\"");
    cr_assert_str_eq(plan_fails("cases:\n  - 3\n"),
                     "sweep.yaml:2: cases[0]: expected a mapping of overrides KEY.PATH: VALUE, got 3");
    cr_assert_str_eq(plan_fails("# nothing\n"), "sweep.yaml:1: sweep: expected a mapping with vary, seeds or cases, got an empty file");
    cr_assert_str_eq(plan_fails("combine: grid\n"), "sweep.yaml:1: sweep: expected at least one of vary, seeds or cases, got none");
    cr_assert(strstr(plan_fails("vary: [\n"), "sweep.yaml:2: syntax: expected valid YAML"), "%s", msg);
    cr_assert_str_eq(plan_fails("vary:\n  a: [1]\n  a: [2]\n"),
                     "sweep.yaml:3: vary.a: expected each key once in vary, got a again (line 2)");
    cr_assert_str_eq(plan_fails("vary:\n  a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n  b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
                                "  c: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n  d: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
                                "  e: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n  f: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
                                "  g: [1, 2]\n"),
                     "sweep.yaml: cases: expected at most 1000000 cases, got 2000000 (the product of the lists)");
}

/* ---- end to end -------------------------------------------------------------------------------- */

/* A catenary from a fixed anchor on the seabed to a fixed fairlead; t_end short. */
static const char *BASE =
    "line_types:\n"
    "  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e9, mbl: 5.0e6}\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [-400, 0, -100]}\n"
    "  - {name: fair, type: fixed, position: [0, 0, -10]}\n"
    "lines:\n"
    "  - {name: mooring, type: chain, end_a: anchor, end_b: fair, length: 450, segments: 10}\n"
    "solver:\n"
    "  t_end: 0.3\n"
    "outputs:\n"
    "  interval: 0.1\n";

static const char *SWEEP =
    "vary:\n"
    "  - key: line_types.chain.mass_per_length\n"
    "    values: [50, 100, 150]\n"
    "  - key: lines.mooring.length\n"
    "    values: [440, 450]\n";

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *d = malloc(n + 1);
    memcpy(d, buf, n + 1);
    return d;
}

/* The table without its last column (wall_s, the timing). */
static char *without_timing(const char *path)
{
    char *t = slurp(path);
    cr_assert_not_null(t, "%s", path);
    char *out = malloc(strlen(t) + 1), *o = out;
    for (char *line = t; *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        char *comma = NULL;
        for (char *q = line; q < line + len; q++)
            if (*q == ',') comma = q;
        size_t keep = comma ? (size_t)(comma - line) : len;
        memcpy(o, line, keep);
        o += keep;
        *o++ = '\n';
        line += len + (nl ? 1 : 0);
    }
    *o = 0;
    free(t);
    return out;
}

/* Cell (row r >= 1, column named col) of a CSV table without quoted commas. */
static void cell(const char *table, int r, const char *col, char *buf, size_t len)
{
    const char *hdr_end = strchr(table, '\n');
    int ci = -1, k = 0;
    for (const char *p = table; p < hdr_end; k++) {
        size_t n = strcspn(p, ",\n");
        if (n == strlen(col) && !strncmp(p, col, n)) ci = k;
        p += n + 1;
    }
    cr_assert_geq(ci, 0, "no column %s", col);
    const char *line = table;
    for (int i = 0; i < r; i++) line = strchr(line, '\n') + 1;
    for (int i = 0; i < ci; i++) line += strcspn(line, ",\n") + 1;
    size_t n = strcspn(line, ",\n");
    snprintf(buf, len, "%.*s", (int)n, line);
}

static void setup_dir(const char *dir)
{
    char cmd[1024], out[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", dir, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    char path[600];
    snprintf(path, sizeof path, "%s/base.yaml", dir);
    write_file(path, BASE);
    snprintf(path, sizeof path, "%s/sweep.yaml", dir);
    write_file(path, SWEEP);
}

static int sweep_cmd(const char *dir, const char *prefix, const char *out_name, const char *extra)
{
    char cmd[2048], out[8192];
    /* on the CPU: a GPU machine would run `auto` on its device, and the tables compare with `hawser run` */
    snprintf(cmd, sizeof cmd, "cd %s && %s %s sweep base.yaml sweep.yaml --backend cpu -o %s %s > %s.stdout 2> %s.stderr", dir,
             prefix, HW_CLI_PATH, out_name, extra, out_name, out_name);
    return sh(cmd, out, sizeof out);
}

#define SDIR HW_TMP "/sweep_e2e"

/* The serial table once for the tests that compare with it (each test sets up its own directory). */
static char *serial_table(const char *dir)
{
    setup_dir(dir);
    cr_assert_eq(sweep_cmd(dir, "", "serial", "-q"), 0);
    char path[600];
    snprintf(path, sizeof path, "%s/serial/sweep.csv", dir);
    return without_timing(path);
}

Test(sweep_cli, serial_table_against_hand_expectations)
{
    char *t = serial_table(SDIR "1");
    char path[600];
    snprintf(path, sizeof path, SDIR "1/serial/sweep.csv");
    char *full = slurp(path);
    cr_assert(!strncmp(full, "id,line_types.chain.mass_per_length,lines.mooring.length,status,exit_code,message,backend,"
                             "max_tension_N,max_utilisation,lines.mooring.max_tension_N,lines.mooring.min_tension_N,"
                             "lines.mooring.max_strain,lines.mooring.utilisation,wall_s\n", 200), "%s", full);
    char v[128], w[128];
    double T[6];
    for (int r = 1; r <= 6; r++) {
        cell(t, r, "id", v, sizeof v);
        char id[32];
        snprintf(id, sizeof id, "case_%04d", r - 1);
        cr_assert_str_eq(v, id);
        cell(t, r, "status", v, sizeof v);
        cr_assert_str_eq(v, "ok");
        cell(t, r, "exit_code", v, sizeof v);
        cr_assert_str_eq(v, "0");
        cell(t, r, "max_tension_N", v, sizeof v);
        cell(t, r, "lines.mooring.max_tension_N", w, sizeof w);
        cr_assert_str_eq(v, w, "one line: its maximum is the sweep's");
        T[r - 1] = atof(v);
        cell(t, r, "max_utilisation", v, sizeof v);
        cr_assert_float_eq(atof(v), T[r - 1] / 5e6, 1e-5 * T[r - 1] / 5e6 + 1e-9, "utilisation = T / MBL");
    }
    /* a stiff chain of fixed geometry: tension in proportion to the wet weight per length
       (mu - rho pi d^2 / 4), nearly exact (the stretch changes the shape by a strain of 1e-4) */
    double wet[3] = {50 - 1025 * 3.14159265358979323846 * 0.01 / 4, 100 - 1025 * 3.14159265358979323846 * 0.01 / 4, 150 - 1025 * 3.14159265358979323846 * 0.01 / 4};
    for (int L = 0; L < 2; L++)
        for (int m = 1; m < 3; m++) {
            double ratio = T[2 * m + L] / T[L], expect = wet[m] / wet[0];
            cr_assert(T[2 * m + L] > T[2 * (m - 1) + L], "tension grows with the weight");
            cr_assert(fabs(ratio / expect - 1) < 0.01, "length %d, mass %d: T ratio %g, wet weight ratio %g", L, m,
                      ratio, expect);
        }
    cr_assert(T[0] > T[1], "the shorter line is the tauter");
    /* the same case by `hawser run` of a file with the values written in: the same number */
    char base2[2048];
    snprintf(base2, sizeof base2, "%s", BASE);
    char *at = strstr(base2, "mass_per_length: 100");
    memcpy(at, "mass_per_length: 150", 20);
    at = strstr(base2, "length: 450");
    memcpy(at, "length: 440", 11);
    write_file(SDIR "1/case4.yaml", base2);
    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd, "cd " SDIR "1 && %s run case4.yaml -o run4 -q > /dev/null", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    char *s4 = slurp(SDIR "1/run4/summary.json");
    cell(t, 5, "lines.mooring.max_tension_N", v, sizeof v);
    char pat[160];
    snprintf(pat, sizeof pat, "\"max_tension_N\":%s,", v);
    cr_assert(strstr(s4, pat), "%s not in %s", pat, s4);
    /* the case's outputs are those of a run */
    cr_assert_eq(access(SDIR "1/serial/case_0004/lines.csv", R_OK), 0);
    cr_assert_eq(access(SDIR "1/serial/case_0004/summary.json", R_OK), 0);
#ifdef HAWSER_HAVE_HDF5
    hid_t f = H5Fopen(SDIR "1/serial/sweep.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0);
    hid_t ds = H5Dopen2(f, "lines.mooring.max_tension_N", H5P_DEFAULT);
    cr_assert_geq(ds, 0);
    double h[6];
    cr_assert_geq(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, h), 0);
    for (int r = 0; r < 6; r++) cr_assert_float_eq(h[r], T[r], 1e-9 * T[r]);
    H5Dclose(ds);
    H5Fclose(f);
#endif
    free(s4);
    free(full);
    free(t);
}

Test(sweep_cli, mpirun_two_ranks_same_table)
{
#ifndef HW_MPIRUN
    cr_skip_test("hawser built without MPI");
#else
    if (access(HW_MPIRUN, X_OK) != 0) cr_skip_test("no mpirun (%s)", HW_MPIRUN);
    char *t = serial_table(SDIR "2");
    /* (under -DHAWSER_SANITIZE=ON: OpenMPI's own allocations, some in components it has unloaded,
       are still held at MPI_Finalize; LeakSanitizer would fail the ranks on them) */
    int rc = sweep_cmd(SDIR "2", "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ASAN_OPTIONS=detect_leaks=0 "
                       HW_MPIRUN " -np 2 --oversubscribe", "mpi", "");
    char *err = slurp(SDIR "2/mpi.stderr");
    cr_assert_eq(rc, 0, "mpirun: %s", err ? err : "");
    cr_assert(strstr(err, "(2 ranks, 1 case at once per rank, "), "%s", err);
    char *m = without_timing(SDIR "2/mpi/sweep.csv");
    cr_assert_str_eq(m, t, "the MPI table is the serial one byte for byte apart from wall_s");
    free(err);
    free(m);
    free(t);
#endif
}

static long mtime_ns(const char *path)
{
    struct stat st;
    if (stat(path, &st)) return -1;
    return (long)st.st_mtim.tv_sec * 1000000000L + st.st_mtim.tv_nsec;
}

Test(sweep_cli, stopped_sweep_resumes_to_the_same_table)
{
    char *t = serial_table(SDIR "3");
    /* stopped (as by SIGTERM) after 2 cases: exit 143, the others not run */
    cr_assert_eq(sweep_cmd(SDIR "3", "HAWSER_TEST_SWEEP_STOP=2", "res", ""), 143);
    char *part = slurp(SDIR "3/res/sweep.csv");
    cr_assert(strstr(part, "case_0001,50,450,ok,0"), "%s", part);
    cr_assert(strstr(part, "case_0002,100,440,not_run,,"), "%s", part);
    free(part);
    /* case 2 killed in its run: outputs begun, an interrupted summary, no record */
    cr_assert_eq(sh("mkdir -p " SDIR "3/res/case_0002", msg, sizeof msg), 0);
    write_file(SDIR "3/res/case_0002/lines.csv", "t,junk\n");
    write_file(SDIR "3/res/case_0002/summary.json", "{\"status\":\"interrupted\"}\n");
    long m0 = mtime_ns(SDIR "3/res/case_0000/case.json"), m1 = mtime_ns(SDIR "3/res/case_0001/summary.json");
    cr_assert_gt(m0, 0);
    cr_assert_eq(sweep_cmd(SDIR "3", "", "res", ""), 0);
    char *err = slurp(SDIR "3/res.stderr");
    cr_assert(strstr(err, "resumed"), "%s", err);
    free(err);
    cr_assert_eq(mtime_ns(SDIR "3/res/case_0000/case.json"), m0, "a finished case is not run again");
    cr_assert_eq(mtime_ns(SDIR "3/res/case_0001/summary.json"), m1, "a finished case is not run again");
    char *r = without_timing(SDIR "3/res/sweep.csv");
    cr_assert_str_eq(r, t, "the resumed table is the uninterrupted one");
    free(r);
    /* a changed value in the sweep file: that case alone runs again */
    write_file(SDIR "3/sweep.yaml", "vary:\n  - key: line_types.chain.mass_per_length\n    values: [50, 100, 160]\n"
                                    "  - key: lines.mooring.length\n    values: [440, 450]\n");
    cr_assert_eq(sweep_cmd(SDIR "3", "", "res", ""), 0);
    cr_assert_eq(mtime_ns(SDIR "3/res/case_0000/case.json"), m0);
    r = slurp(SDIR "3/res/sweep.csv");
    cr_assert(strstr(r, "case_0004,160,440,ok,0"), "%s", r);
    free(r);
    free(t);
}

Test(sweep_cli, errors)
{
    setup_dir(SDIR "4");
    char cmd[1024], out[8192];
    /* a key the base does not have: located in the sweep file, nothing run */
    write_file(SDIR "4/sweep.yaml", "vary:\n  - key: lines[3].length\n    values: [1]\n");
    cr_assert_eq(sweep_cmd(SDIR "4", "", "bad", ""), 3);
    char *err = slurp(SDIR "4/bad.stderr");
    cr_assert(strstr(err, "hawser: sweep.yaml:2: vary[0]: base.yaml: override 'lines[3].length=1': lines has 1 item\n"),
              "%s", err);
    free(err);
    cr_assert_neq(access(SDIR "4/bad/case_0000", F_OK), 0, "nothing run");
    /* a bad sweep file */
    write_file(SDIR "4/sweep.yaml", "combine: zip\nvary:\n  a: [1, 2]\n  b: [1]\n");
    cr_assert_eq(sweep_cmd(SDIR "4", "", "bad2", ""), 3);
    err = slurp(SDIR "4/bad2.stderr");
    cr_assert(strstr(err, "hawser: sweep.yaml:4: vary.b: expected 2 values"), "%s", err);
    free(err);
    /* usage */
    snprintf(cmd, sizeof cmd, "%s sweep base.yaml 2>/dev/null", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 2);
    /* an invalid value is that case's failure: the others run, the sweep exits 1 */
    write_file(SDIR "4/sweep.yaml", "vary:\n  lines.mooring.segments: [4, -2]\n");
    cr_assert_eq(sweep_cmd(SDIR "4", "", "inv", ""), 1);
    char *t = slurp(SDIR "4/inv/sweep.csv");
    cr_assert(strstr(t, "case_0000,4,ok,0,"), "%s", t);
    cr_assert(strstr(t, "case_0001,-2,invalid_input,3,\"base.yaml: override 'lines.mooring.segments=-2': lines[0] "
                        "(mooring).segments: expected an integer >= 1, got -2\",,,,,,,,"), "%s", t);
    free(t);
    /* a static solve that does not converge writes no summary.json: its status is the summary line
       the run printed (into the case's log) */
    write_file(SDIR "4/sweep.yaml", "cases:\n  - {solver.static_max_iterations: 1, solver.static_tolerance: 1e-14}\n");
    cr_assert_eq(sweep_cmd(SDIR "4", "", "stat", ""), 1);
    t = slurp(SDIR "4/stat/sweep.csv");
    cr_assert(strstr(t, "case_0000,1,1e-14,static_not_converged,4,\"static equilibrium did not converge"), "%s", t);
    free(t);
}

/* A sweep killed for real (SIGKILL to its process group, as a batch scheduler does, once its first
 * case has finished, or later): the same command finishes it, with the uninterrupted table. Where
 * the kill lands does not change what is checked. */
Test(sweep_cli, killed_sweep_resumes_to_the_same_table)
{
    char *t = serial_table(SDIR "5");
    char cmd[2048], out[256];
    snprintf(cmd, sizeof cmd,
             "cd " SDIR "5 && (setsid %s sweep base.yaml sweep.yaml --backend cpu -o kill -q > /dev/null 2>&1 & pid=$!; "
             "i=0; while [ ! -e kill/case_0000/case.json ] && [ $i -lt 3000 ]; do sleep 0.01; i=$((i+1)); done; "
             "kill -KILL -- -$pid 2>/dev/null; wait $pid; exit 0)", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    cr_assert_eq(sweep_cmd(SDIR "5", "", "kill", "-q"), 0);
    char *r = without_timing(SDIR "5/kill/sweep.csv");
    cr_assert_str_eq(r, t, "the resumed table is the uninterrupted one");
    free(r);
    free(t);
}

/* The table from results made by hand: the columns are the union of every case's objects in case
 * order, numbers as the summaries wrote them, null empty, the status from the exit code where a
 * case has no summary, text with commas quoted, wall_s last. */
Test(sweep_table, columns_and_cells)
{
    hw_sweep_plan *p = plan("cases:\n  - {a: 1}\n  - {a: 2}\n  - {b: x}\n  - {a: 4}\n");
    hw_sweep_result r[4];
    memset(r, 0, sizeof r);
    r[0].done = 1;
    r[0].wall_s = 1.5;
    r[0].summary = strdup("{\"status\":\"ok\",\"backend\":\"cpu\",\"lines\":[{\"name\":\"l1\",\"max_tension_N\":100.5,"
                          "\"max_tension_time_s\":3,\"mbl_N\":null,\"utilisation\":null}]}");
    r[1].done = 1;
    r[1].exit_code = 4;
    r[1].wall_s = 0.25;
    r[1].summary = strdup("{\"status\":\"numerical_failure\",\"message\":\"blew up, at t = 1\",\"lines\":[{\"name\":\"l1\","
                          "\"max_tension_N\":2e5,\"mbl_N\":1e6,\"utilisation\":0.2},{\"name\":\"l2\",\"max_tension_N\":3e5,"
                          "\"utilisation\":0.3}],\"bodies\":[{\"name\":\"buoy\",\"max_z_m\":-1.5,\"max_z_m_time_s\":2}]}");
    r[2].done = 1;
    r[2].exit_code = 3;
    r[2].message = strdup("base.yaml: override 'b=x': bad");
    /* r[3] not run */
    setup_dir(HW_TMP "/sweep_table"); /* a directory to write into */
    cr_assert_eq(hw_sweep_table_write(HW_TMP "/sweep_table", p, r, msg, sizeof msg), HW_OK, "%s", msg);
    char *t = slurp(HW_TMP "/sweep_table/sweep.csv");
    cr_assert_str_eq(t,
        "id,a,b,status,exit_code,message,backend,max_tension_N,max_utilisation,lines.l1.max_tension_N,lines.l1.utilisation,"
        "lines.l2.max_tension_N,lines.l2.utilisation,bodies.buoy.max_z_m,wall_s\n"
        "case_0000,1,,ok,0,,cpu,100.5,,100.5,,,,,1.500\n"
        "case_0001,2,,numerical_failure,4,\"blew up, at t = 1\",,300000,0.3,2e5,0.2,3e5,0.3,-1.5,0.250\n"
        "case_0002,,x,invalid_input,3,base.yaml: override 'b=x': bad,,,,,,,,,0.000\n"
        "case_0003,4,,not_run,,,,,,,,,,,\n");
    free(t);
    for (int i = 0; i < 4; i++) {
        free(r[i].summary);
        free(r[i].message);
    }
    hw_sweep_plan_free(p);
}

/* The bundled example sweep runs (shortened): 6 cases ok, utilisations from the added mbl, the
 * heavier chain the more loaded. */
Test(sweep_cli, example_sweep)
{
    char cmd[2048], out[256];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/sweep_example && %s sweep %s/oc4_mooring.yaml %s/oc4_sweep.yaml "
             "--t-end 0.5 --backend cpu -q -o " HW_TMP "/sweep_example", HW_CLI_PATH, HW_EXAMPLES_DIR, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    char *t = slurp(HW_TMP "/sweep_example/sweep.csv");
    cr_assert_not_null(t);
    int rows = 0;
    for (const char *p = t; (p = strchr(p, '\n')); p++) rows++;
    cr_assert_eq(rows, 7, "a header and 6 cases: %s", t);
    cr_assert(strstr(t, ",6.0e6,ok,0,,cpu,"), "%s", t); /* (the motion column is quoted: no cell()) */
    const char *r1 = strstr(t, "case_0000,"), *r4 = strstr(t, "case_0003,");
    cr_assert(r1 && r4);
    /* max_tension_N and max_utilisation follow ",cpu," on each row */
    double T0 = atof(strstr(r1, ",cpu,") + 5), T3 = atof(strstr(r4, ",cpu,") + 5);
    cr_assert(T3 > T0 * 1.05, "130 kg/m against 113.35 kg/m: %g, %g", T3, T0);
    const char *u0 = strchr(strstr(r1, ",cpu,") + 5, ',') + 1;
    cr_assert_float_eq(atof(u0), T0 / 6e6, 1e-5 * T0 / 6e6);
    free(t);
}

/* Without mpirun, --jobs 2 runs two cases at once (two children): the same table. */
Test(sweep_cli, jobs_two_same_table)
{
    char *t = serial_table(SDIR "6");
    cr_assert_eq(sweep_cmd(SDIR "6", "", "jobs", "--jobs 2"), 0);
    char *err = slurp(SDIR "6/jobs.stderr");
    cr_assert(strstr(err, "(1 rank, 2 cases at once per rank, "), "%s", err);
    free(err);
    char *j = without_timing(SDIR "6/jobs/sweep.csv");
    cr_assert_str_eq(j, t, "two cases at once: the same table apart from wall_s");
    free(j);
    free(t);
}
