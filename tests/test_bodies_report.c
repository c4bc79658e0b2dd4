/* `hawser plot` and `hawser report` of a run with 6-DOF bodies: a bodies.csv written here by hand
 * (two bodies, four rows of chosen values) beside a hand-written lines.csv, so every statistic in
 * report.md is known by hand (worked out in the comments), not taken from what the code printed.
 * The bodies.csv format is the one the run writes (time_s, then 18 columns per body). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shell.h"

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
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    size_t got = fread(b, 1, (size_t)n, f);
    b[got] = 0;
    fclose(f);
    return b;
}

/* The header of bodies.csv for the given bodies (suffixes in the run's order). */
static void bodies_header(char *out, size_t len, const char *const *names, int n)
{
    static const char *const sfx[18] = {"x_m", "y_m", "z_m", "roll_deg", "pitch_deg", "yaw_deg", "vx_m_s",
                                        "vy_m_s", "vz_m_s", "wx_deg_s", "wy_deg_s", "wz_deg_s", "Fx_N", "Fy_N",
                                        "Fz_N", "Mx_Nm", "My_Nm", "Mz_Nm"};
    snprintf(out, len, "time_s");
    for (int b = 0; b < n; b++)
        for (int k = 0; k < 18; k++) {
            size_t u = strlen(out);
            snprintf(out + u, len - u, ",%s.%s", names[b], sfx[k]);
        }
    strncat(out, "\n", len - strlen(out) - 1);
}

/* Four rows, t = 0, 1, 2, 3 s. Per body: x y z roll pitch yaw, 6 velocities (not reported: 0),
 * F, M.
 *   buoy:  x 0 1 2 3; y 0 0 -1e-9 0 (a rounding residue: reads 0.000, never -0.000); z -5 -4 -6 -5; roll 0 10 -10 0; pitch 2; yaw 90 91 92 93;
 *          F (3,4,0) (0,0,12) (6,8,0) (0,0,0): |F| 5 12 10 0; M (0,0,0) x3 then (1,2,2): |M| 3 at t 3
 *   barge: x 10 12 14 16; y -1; z 0.25 0.5 0.75 1; roll 0; pitch -3 -1 -2 -2; yaw 0;
 *          F (1000,0,0) (0,2000,0) (0,0,-3000) (1200,1600,0): |F| 1000 2000 3000 2000; M 0 */
static const char *ROWS =
    "0,0,0,-5,0,2,90,0,0,0,0,0,0,3,4,0,0,0,0,10,-1,0.25,0,-3,0,0,0,0,0,0,0,1000,0,0,0,0,0\n"
    "1,1,0,-4,10,2,91,0,0,0,0,0,0,0,0,12,0,0,0,12,-1,0.5,0,-1,0,0,0,0,0,0,0,0,2000,0,0,0,0\n"
    "2,2,-1e-9,-6,-10,2,92,0,0,0,0,0,0,6,8,0,0,0,0,14,-1,0.75,0,-2,0,0,0,0,0,0,0,0,0,-3000,0,0,0\n"
    "3,3,0,-5,0,2,93,0,0,0,0,0,0,0,0,0,1,2,2,16,-1,1,0,-2,0,0,0,0,0,0,0,1200,1600,0,0,0,0\n";

static const char *LINES =
    "time_s,l1.TA_N,l1.TB_N,l1.FA_N,l1.FB_N\n0,100,90,100,90\n1,110,95,110,95\n2,120,99,120,99\n3,105,92,105,92\n";

/* The result directory of the running test (the two tests run at once: one directory each). */
static const char *DIR_ = HW_TMP "/hawser_bodies_report";

static void fresh_dir(void)
{
    char cmd[512], out[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", DIR_, DIR_);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/lines.csv", DIR_);
    write_file(path, LINES);
}

static void write_bodies(const char *const *names, int n, const char *rows)
{
    char text[8192], path[512];
    bodies_header(text, sizeof text, names, n);
    strncat(text, rows, sizeof text - strlen(text) - 1);
    snprintf(path, sizeof path, "%s/bodies.csv", DIR_);
    write_file(path, text);
}

static char *file_in_dir(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", DIR_, name);
    return slurp(path);
}

static int exists_in_dir(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", DIR_, name);
    return access(path, F_OK) == 0;
}

Test(bodies_report, plots_and_statistics_of_hand_written_bodies)
{
    char cmd[1024], out[8192];
    DIR_ = HW_TMP "/hawser_bodies_report";
    fresh_dir();
    /* without bodies.csv: no body plot, no Bodies section (a run without bodies is unchanged) */
    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s report %s 2>&1", HW_CLI_PATH, DIR_);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    char *md = file_in_dir("report.md"), *gp = file_in_dir("plots/plots.gp");
    cr_assert(md && gp);
    cr_expect(!strstr(md, "Bodies") && !strstr(gp, "bodies.csv"), "no bodies:\n%s", md);
    cr_expect(!exists_in_dir("plots/bodies_translation.png"));
    free(md);
    free(gp);

    static const char *const names[2] = {"buoy", "barge"};
    write_bodies(names, 2, ROWS);
    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s plot %s 2>&1", HW_CLI_PATH, DIR_);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    static const char *const pngs[] = {"bodies_translation.png", "bodies_rotation.png", "bodies_force.png",
                                       "end_tensions.png"};
    for (int k = 0; k < 4; k++) {
        char p[128];
        snprintf(p, sizeof p, "plots/%s", pngs[k]);
        cr_expect(exists_in_dir(p), "%s (plot said: %s)", p, out);
        cr_expect(strstr(out, pngs[k]), "plot names %s: %s", pngs[k], out);
    }
    gp = file_in_dir("plots/plots.gp");
    cr_assert_not_null(gp);
    static const char *const series[] = {"'buoy x'", "'buoy y'", "'buoy z'", "'barge x'", "'barge z'",
                                         "'buoy roll'", "'buoy pitch'", "'barge yaw'", "'buoy |F|'",
                                         "'barge |F|'", "bodies.csv", "noenhanced", "set format y '%g'",
                                         "set autoscale xfix", NULL};
    for (int k = 0; series[k]; k++) cr_expect(strstr(gp, series[k]), "series '%s' in plots.gp", series[k]);
    /* |F| of barge (body 2) from its Fx, Fy, Fz: gnuplot columns 1 + 18 + 13 = 32, 33, 34 */
    cr_expect(strstr(gp, "using 1:(sqrt($32**2 + $33**2 + $34**2))"), "barge |F| columns:\n%s", gp);
    /* translation: buoy x is gnuplot column 2, barge z column 1 + 18 + 3 = 22 */
    cr_expect(strstr(gp, "using 1:2 with lines lc 1 dt 1 lw 1.5 title 'buoy x'"), "%s", gp);
    cr_expect(strstr(gp, "using 1:22 with lines lc 2 dt 3 lw 1.5 title 'barge z'"), "%s", gp);
    free(gp);

    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s report %s 2>&1", HW_CLI_PATH, DIR_);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    md = file_in_dir("report.md");
    cr_assert_not_null(md);
    /* max, time of max, min, time of min, mean, std (population) by hand:
     *   buoy x 0..3: mean 1.5, std sqrt(1.25) = 1.118; z: mean -5, std sqrt(0.5) = 0.707;
     *   roll: mean 0, std sqrt(50) = 7.071; yaw 90..93: mean 91.5, std 1.118;
     *   barge z 0.25..1: mean 0.625, std 0.25 sqrt(1.25) = 0.2795 -> 0.280; pitch: mean -2, std 0.707 */
    static const char *const rows[] = {
        "## Bodies",
        "| buoy | x (m) | 3.000 | 3.000 | 0.000 | 0.000 | 1.500 | 1.118 |",
        "| buoy | y (m) | 0.000 | 0.000 | 0.000 | 2.000 | 0.000 | 0.000 |",
        "| buoy | z (m) | -4.000 | 1.000 | -6.000 | 2.000 | -5.000 | 0.707 |",
        "| buoy | roll (deg) | 10.000 | 1.000 | -10.000 | 2.000 | 0.000 | 7.071 |",
        "| buoy | pitch (deg) | 2.000 |",
        "| buoy | yaw (deg) | 93.000 | 3.000 | 90.000 | 0.000 | 91.500 | 1.118 |",
        "| barge | x (m) | 16.000 | 3.000 | 10.000 | 0.000 | 13.000 | 2.236 |",
        "| barge | z (m) | 1.000 | 3.000 | 0.250 | 0.000 | 0.625 | 0.280 |",
        "| barge | pitch (deg) | -1.000 | 1.000 | -3.000 | 0.000 | -2.000 | 0.707 |",
        /* largest |F| and |M| and their times: buoy 12 N at 1 s, 3 N m at 3 s; barge 3000 N at
         * 2 s, no moment (0 from the first row) */
        "| buoy | 12 | 1.000 | 3 | 3.000 |",
        "| barge | 3000 | 2.000 | 0 | 0.000 |",
        "](plots/bodies_translation.png)", "](plots/bodies_rotation.png)", "](plots/bodies_force.png)", NULL};
    for (int k = 0; rows[k]; k++) cr_expect(strstr(md, rows[k]), "'%s' in report.md:\n%s", rows[k], md);
    cr_expect(!strstr(md, "e+0") && !strstr(md, "e-0") && !strstr(md, "-0.000"), "one number format:\n%s", md);
    free(md);

    /* a run with only bodies (no cable family file) still plots and reports them */
    char path[512];
    snprintf(path, sizeof path, "%s/lines.csv", DIR_);
    cr_assert_eq(unlink(path), 0);
    snprintf(cmd, sizeof cmd, "rm -rf %s/plots; env -u DISPLAY %s report %s 2>&1", DIR_, HW_CLI_PATH, DIR_);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    md = file_in_dir("report.md");
    cr_assert_not_null(md);
    cr_expect(strstr(md, "| barge | 3000 | 2.000 | 0 | 0.000 |") && strstr(md, "](plots/bodies_force.png)") &&
              !strstr(md, "End tensions"), "%s", md);
    free(md);

    /* a run stopped before its first row: bodies.csv has only its header; the plots say so */
    fresh_dir();
    write_bodies(names, 2, "");
    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s plot %s 2>&1", HW_CLI_PATH, DIR_);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "bodies.csv has no rows") && !exists_in_dir("plots/bodies_force.png"), "%s", out);
}

/* A bodies.csv whose header is not the run's: plot and report fail with the file, the column and
 * what was expected (never a crash, never a plot of the wrong columns). */
Test(bodies_report, bad_header_is_named)
{
    static const struct { const char *header, *want; } bad[] = {
        /* a misspelt column of the first body: column 4 (time_s is column 1) */
        {"time_s,buoy.x_m,buoy.y_m,buoy.zz_m", "bodies.csv: column 4: expected 'buoy.z_m', got 'buoy.zz_m'"},
        /* the second body's columns under another name */
        {"time_s,@buoy,barge.x_m", "bodies.csv: column 21: expected 'barge.y_m', got 'other.y_m'"},
        /* a header cut short after the first body's force */
        {"time_s,buoy.x_m,buoy.y_m,buoy.z_m,buoy.roll_deg,buoy.pitch_deg,buoy.yaw_deg,buoy.vx_m_s,buoy.vy_m_s,"
         "buoy.vz_m_s,buoy.wx_deg_s,buoy.wy_deg_s,buoy.wz_deg_s,buoy.Fx_N,buoy.Fy_N,buoy.Fz_N",
         "bodies.csv: column 17: expected 'buoy.Mx_Nm', got the end of the header"},
        {"t,buoy.x_m", "bodies.csv: column 1: expected 'time_s', got 't'"},
    };
    DIR_ = HW_TMP "/hawser_bodies_report_bad";
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char header[4096], path[512], cmd[1024], out[8192];
        fresh_dir();
        if (!strncmp(bad[k].header, "time_s,@buoy", 12)) { /* buoy's 18 columns, then barge.x_m, other.y_m */
            static const char *const one[1] = {"buoy"};
            bodies_header(header, sizeof header, one, 1);
            header[strlen(header) - 1] = 0;
            strncat(header, ",barge.x_m,other.y_m", sizeof header - strlen(header) - 1);
        } else {
            snprintf(header, sizeof header, "%s", bad[k].header);
        }
        /* one row of zeros with as many fields as the header */
        char text[8192];
        snprintf(text, sizeof text, "%s\n", header);
        for (const char *c = header; *c; c++) if (*c == ',') strncat(text, "0,", sizeof text - strlen(text) - 1);
        strncat(text, "0\n", sizeof text - strlen(text) - 1);
        snprintf(path, sizeof path, "%s/bodies.csv", DIR_);
        write_file(path, text);
        for (int r = 0; r < 2; r++) {
            snprintf(cmd, sizeof cmd, "env -u DISPLAY %s %s %s 2>&1", HW_CLI_PATH, r ? "report" : "plot", DIR_);
            int rc = sh(cmd, out, sizeof out);
            cr_expect(rc > 0 && rc < 128, "%s: exit %d (an error, not a crash): %s", cmd, rc, out);
            cr_expect(strstr(out, bad[k].want), "%s: want '%s' in: %s", cmd, bad[k].want, out);
        }
    }
}
