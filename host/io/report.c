/* `hawser report`: DIR/report.md, a Markdown page of a run: the facts from summary.json, a table of
 * end-tension statistics computed from lines.csv (Welford, the same as the summary's), the largest
 * segment tension per line from summary.json, the rigid cables' tension statistics from rigid.csv
 * and the network's element forces from network.csv (each family the run had), the 6-DOF bodies'
 * motions and cable forces from bodies.csv (a run with bodies), and the plots of
 * `hawser plot` (made first when gnuplot is installed; the report says so when it is not). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/bodies_csv.h"
#include "io/plot.h"
#include "io/report.h"
#include "io/files.h"
#include "io/results_csv.h"
#include "io/run_stats.h"

/* One number format per kind of column, so a table never mixes 966667 with 1.15758e+06:
 * forces in whole newtons (4 significant digits below 100 N), times in ms resolution, ratios and strains to 4 significant digits,
 * body positions to the mm and rotations to the thousandth of a degree (NUM_POS, fixed point as times are).
 * v: a summary.json value (kept as it is when it is not a number: "-", null). */
enum { NUM_N, NUM_S, NUM_RATIO, NUM_POS };
static const char *num_fmt(char *out, size_t len, const char *v, int kind)
{
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end) { snprintf(out, len, "%s", v); return out; }
    x += 0.0; /* -0 reads 0 */
    snprintf(out, len, kind == NUM_N && fabs(x) >= 100.0 ? "%.0f" : kind == NUM_S || kind == NUM_POS ? "%.3f" : "%.4g", x);
    if (out[0] == '-' && strspn(out + 1, "0.") == strlen(out + 1)) /* -1e-9 printed as -0.000 is 0.000 */
        memmove(out, out + 1, strlen(out));
    return out;
}
static const char *num_d(char *out, size_t len, double x, int kind)
{
    char v[64];
    snprintf(v, sizeof v, "%.17g", x);
    return num_fmt(out, len, v, kind);
}

/* The value of the first "key": after from (a string's text without quotes, or a number/word),
 * into out; returns a pointer past it, NULL when absent. */
static const char *json_value(const char *from, const char *key, char *out, size_t len)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = from ? strstr(from, pat) : NULL;
    out[0] = 0;
    if (!p) return NULL;
    p += strlen(pat);
    size_t n = 0;
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++) {
            if (*p == '\\' && p[1]) p++;
            if (n + 1 < len) out[n++] = *p;
        }
        if (*p) p++;
    } else {
        for (; *p && *p != ',' && *p != '}' && *p != ']'; p++)
            if (n + 1 < len) out[n++] = *p;
    }
    out[n] = 0;
    return p;
}

/* Markdown table cell text: '|' would split the cell. */
static void md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|') fputc('\\', f);
        fputc(*s, f);
    }
}

/* One statistics row (max, time, min, time, mean, std over the rows) of column col of csv. */
static void stats_row(FILE *f, const hw_csv *csv, int col, const char *name, const char *what, int kind)
{
    hw_run_stats s;
    hw_run_stats_init(&s);
    for (long r = 0; r < csv->rows; r++) /* a value not known (rigid.csv's t = 0 row: NaN) is no sample */
        if (isfinite(hw_csv_at(csv, r, col))) hw_run_stats_add(&s, hw_csv_at(csv, r, col), hw_csv_at(csv, r, 0));
    char c[6][64];
    fprintf(f, "| ");
    md_text(f, name);
    fprintf(f, " | %s | %s | %s | %s | %s | %s | %s |\n", what, num_d(c[0], 64, s.max, kind),
            num_d(c[1], 64, s.t_max, NUM_S), num_d(c[2], 64, s.min, kind), num_d(c[3], 64, s.t_min, NUM_S),
            num_d(c[4], 64, s.mean, kind), num_d(c[5], 64, hw_run_stats_std(&s), kind));
}

/* The rigid cables' section: TA, TB, Tmax statistics over the rows of rigid.csv. */
static void rigid_section(FILE *f, const hw_csv *rg)
{
    fprintf(f, "## Rigid cables: tensions at the output rows\n\nStatistics over the %ld output rows of rigid.csv "
               "after t = 0 (standard deviation: population; at t = 0 no constraint has been solved yet). TA, TB: axial tension at the end blocks A and B; Tmax: the "
               "largest block tension along the cable at each row.\n\n", rg->rows > 0 ? rg->rows - 1 : 0);
    fprintf(f, "| cable | tension | max (N) | time of max (s) | min (N) | time of min (s) | mean (N) | std (N) |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|\n");
    static const char *const sfx[3] = {".TA_N", ".TB_N", ".Tmax_N"}, *const what[3] = {"A", "B", "max"};
    for (int k = 1; k < rg->cols; k++) {
        const char *h = rg->names[k];
        size_t hl = strlen(h);
        if (hl <= 5 || strcmp(h + hl - 5, ".TA_N")) continue;
        char name[256], col[320];
        snprintf(name, sizeof name, "%.*s", (int)(hl - 5), h);
        for (int e = 0; e < 3; e++) {
            snprintf(col, sizeof col, "%s%s", name, sfx[e]);
            int j = hw_csv_col(rg, col);
            if (j >= 0) stats_row(f, rg, j, name, what[e], NUM_N);
        }
    }
    fprintf(f, "\n");
}

/* The network's section: element force statistics and the energy dissipated (network.csv). */
static void network_section(FILE *f, const hw_csv *nw)
{
    fprintf(f, "## Network: element forces at the output rows\n\nStatistics over the %ld output rows of "
               "network.csv (standard deviation: population); dissipated: the element's dissipated energy at the "
               "last row.\n\n", nw->rows);
    fprintf(f, "| element | | max (N) | time of max (s) | min (N) | time of min (s) | mean (N) | std (N) |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 1; k < nw->cols; k++) {
        const char *h = nw->names[k];
        if (strncmp(h, "F_", 2)) continue;
        char col[300], what[96] = "force";
        snprintf(col, sizeof col, "Ediss_%.280s", h + 2);
        int j = hw_csv_col(nw, col);
        if (j >= 0) {
            char c[64];
            snprintf(what, sizeof what, "force (dissipated %s J)", num_d(c, sizeof c, hw_csv_at(nw, nw->rows - 1, j), NUM_N));
        }
        stats_row(f, nw, k, h + 2, what, NUM_N);
    }
    fprintf(f, "\n");
}

/* The bodies' section (bodies.csv, nb bodies): statistics of the reference point's position and of
 * the roll, pitch, yaw angles, then the largest magnitude of the cables' force and moment. */
static void bodies_section(FILE *f, const hw_csv *bd, int nb)
{
    fprintf(f, "## Bodies: motions and cable loads at the output rows\n\nStatistics over the %ld output rows of "
               "bodies.csv (standard deviation: population). x, y, z: the body's reference point (m); roll, pitch, "
               "yaw: its attitude (deg).\n\n", bd->rows);
    fprintf(f, "| body | motion | max | time of max (s) | min | time of min (s) | mean | std |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|\n");
    static const char *const what[6] = {"x (m)", "y (m)", "z (m)", "roll (deg)", "pitch (deg)", "yaw (deg)"};
    char name[256];
    for (int b = 0; b < nb; b++) {
        hw_bodies_csv_name(bd, b, name, sizeof name);
        for (int k = 0; k < 6; k++) stats_row(f, bd, 1 + HW_BODY_CSV_COLS * b + HW_BCSV_X + k, name, what[k], NUM_POS);
    }
    fprintf(f, "\nThe cables' load on each body: the largest magnitude over the output rows of their force and of "
               "its moment about the body's reference point.\n\n"
               "| body | largest cable force (N) | time (s) | largest cable moment (N m) | time (s) |\n"
               "|---|---:|---:|---:|---:|\n");
    for (int b = 0; b < nb; b++) {
        double mx[2] = {-1.0, -1.0}, tm[2] = {0.0, 0.0};
        for (long r = 0; r < bd->rows; r++)
            for (int e = 0; e < 2; e++) {
                int j = 1 + HW_BODY_CSV_COLS * b + (e ? HW_BCSV_M : HW_BCSV_F);
                double a = hw_csv_at(bd, r, j), c = hw_csv_at(bd, r, j + 1), d = hw_csv_at(bd, r, j + 2);
                double m = sqrt(a * a + c * c + d * d);
                if (isfinite(m) && m > mx[e]) { mx[e] = m; tm[e] = hw_csv_at(bd, r, 0); }
            }
        char v[4][64];
        hw_bodies_csv_name(bd, b, name, sizeof name);
        fprintf(f, "| ");
        md_text(f, name);
        for (int e = 0; e < 2; e++)
            if (mx[e] < 0) fprintf(f, " | - | -");
            else fprintf(f, " | %s | %s", num_d(v[2 * e], 64, mx[e], NUM_N), num_d(v[2 * e + 1], 64, tm[e], NUM_S));
        fprintf(f, " |\n");
    }
    fprintf(f, "\n");
}

/* The waves' section: statistics of the surface elevation at each wave point (waves.csv). */
static void waves_section(FILE *f, const hw_csv *wv)
{
    fprintf(f, "## Waves: surface elevation at the wave points\n\nStatistics over the %ld output rows of "
               "waves.csv (standard deviation: population); wp<k>: outputs.wave_points[k].\n\n", wv->rows);
    fprintf(f, "| point | | max (m) | time of max (s) | min (m) | time of min (s) | mean (m) | std (m) |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 1; k < wv->cols; k++) {
        const char *h = wv->names[k];
        size_t hl = strlen(h);
        if (hl <= 6 || strcmp(h + hl - 6, ".eta_m")) continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(hl - 6), h);
        stats_row(f, wv, k, name, "elevation", NUM_POS);
    }
    fprintf(f, "\n");
}

hw_status hw_report_write(const char *dir, char *msg, size_t msg_len)
{
    char path[4300], v[1024];
    hw_csv lines, rigid, net;
    memset(&lines, 0, sizeof lines);
    memset(&rigid, 0, sizeof rigid);
    memset(&net, 0, sizeof net);
    hw_status st = HW_OK;
    int have[3] = {0, 0, 0}; /* lines.csv, rigid.csv, network.csv */
    static const char *const names[3] = {"lines.csv", "rigid.csv", "network.csv"};
    hw_csv *csv[3] = {&lines, &rigid, &net};
    for (int k = 0; k < 3 && !st; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        FILE *t = fopen(path, "r");
        if (!t) continue;
        fclose(t);
        if (!(st = hw_csv_read(path, csv[k], msg, msg_len))) have[k] = 1;
    }
    hw_csv bodies;
    memset(&bodies, 0, sizeof bodies);
    int nb = 0; /* bodies in bodies.csv (a run with 6-DOF bodies) */
    snprintf(path, sizeof path, "%s/bodies.csv", dir);
    if (!st && access(path, F_OK) == 0 && !(st = hw_csv_read(path, &bodies, msg, msg_len)) &&
        (nb = hw_bodies_csv_check(&bodies, path, msg, msg_len)) < 0)
        st = HW_ERR_INPUT;
    if (!st && !have[0] && !have[1] && !have[2] && nb == 0) { /* the lumped lines' message, as before */
        snprintf(path, sizeof path, "%s/lines.csv", dir);
        st = hw_csv_read(path, &lines, msg, msg_len);
        if (st == HW_ERR_IO) {
            size_t n = strlen(msg);
            snprintf(msg + n, msg_len - n, " (is %s the result directory of a run with the csv format? It "
                     "has none of lines.csv, rigid.csv, network.csv)", dir);
        }
    }
    if (st) {
        for (int k = 0; k < 3; k++) hw_csv_free(csv[k]);
        hw_csv_free(&bodies);
        return st;
    }
    snprintf(path, sizeof path, "%s/summary.json", dir);
    char *summary = hw_read_file(path, NULL, NULL);
    /* plots first: the report links the PNGs that exist */
    char plot_msg[2048] = "";
    hw_status pst = hw_plot_results(dir, NULL, 0, plot_msg, sizeof plot_msg);
    snprintf(path, sizeof path, "%s/report.md", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
        free(summary);
        for (int k = 0; k < 3; k++) hw_csv_free(csv[k]);
        hw_csv_free(&bodies);
        return HW_ERR_IO;
    }
    fprintf(f, "# Hawser run report\n\nResult directory: `%s`\n\n## Run\n\n", dir);
    if (!summary) {
        fprintf(f, "No summary.json in the result directory (the run did not finish writing it).\n\n");
    } else {
        static const char *const keys[][2] = {
            {"status", "status"}, {"message", "message"}, {"scenario", "scenario"}, {"backend", "backend"},
            {"t", "simulated time (s)"}, {"dt", "time step (s)"}, {"steps", "steps"},
            {"segments", "segments"}, {"wall_s", "wall time of the dynamic run (s)"},
            {"segment_steps_per_s", "segment steps per second"}};
        const char *lines_at = strstr(summary, "\"lines\":[");
        fprintf(f, "| | |\n|---|---|\n");
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            const char *at = json_value(summary, keys[k][0], v, sizeof v);
            if (!at || (lines_at && at > lines_at)) continue;
            fprintf(f, "| %s | ", keys[k][1]);
            char c[64]; /* a rate in whole steps per second, never 4.397e+04 */
            md_text(f, !strcmp(keys[k][0], "segment_steps_per_s") ? num_fmt(c, sizeof c, v, NUM_N) : v);
            fprintf(f, " |\n");
        }
        fprintf(f, "\n");
    }
    if (have[1]) rigid_section(f, &rigid);
    if (have[2]) network_section(f, &net);
    if (nb > 0 && bodies.rows > 0) bodies_section(f, &bodies, nb);
    {
        hw_csv wv; /* waves.csv: read as the plots read it (a bad file is their note) */
        char wmsg[256], wpath[4300];
        snprintf(wpath, sizeof wpath, "%s/waves.csv", dir);
        if (access(wpath, F_OK) == 0 && hw_csv_read(wpath, &wv, wmsg, sizeof wmsg) == HW_OK) {
            if (wv.rows > 0) waves_section(f, &wv);
            hw_csv_free(&wv);
        }
    }
    int nl = have[0] ? hw_csv_line_blocks(&lines) : 0;
    if (nl < 0) nl = 0;
    if (have[0])
    fprintf(f, "## End tensions at the output rows\n\nStatistics over the %ld output rows of lines.csv (standard deviation: "
               "population, divides by the number of rows). TA: tension of segment 1 (end A), TB: of the "
               "last segment (end B).\n\n", lines.rows);
    if (have[0])
    fprintf(f, "| line | end | max (N) | time of max (s) | min (N) | time of min (s) | mean (N) | std (N) |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (int l = 0; l < nl; l++) {
        char name[256];
        const char *h = lines.names[1 + 4 * l];
        size_t hl = strlen(h);
        snprintf(name, sizeof name, "%.*s", (int)(hl > 5 ? hl - 5 : hl), h);
        for (int e = 0; e < 2; e++) {
            hw_run_stats s;
            hw_run_stats_init(&s);
            for (long r = 0; r < lines.rows; r++) hw_run_stats_add(&s, hw_csv_at(&lines, r, 1 + 4 * l + e), hw_csv_at(&lines, r, 0));
            fprintf(f, "| ");
            md_text(f, name);
            char c[6][64];
            fprintf(f, " | %s | %s | %s | %s | %s | %s | %s |\n", e ? "B" : "A",
                    num_d(c[0], 64, s.max, NUM_N), num_d(c[1], 64, s.t_max, NUM_S),
                    num_d(c[2], 64, s.min, NUM_N), num_d(c[3], 64, s.t_min, NUM_S),
                    num_d(c[4], 64, s.mean, NUM_N), num_d(c[5], 64, hw_run_stats_std(&s), NUM_N));
        }
    }
    const char *p = summary ? strstr(summary, "\"lines\":[") : NULL;
    if (p) {
        /* the next line object's value of key, or "-" when this line's object lacks it */
#define LINE_VAL(key, out)                                                                         \
        do {                                                                                       \
            const char *nx = strstr(p, "{\"name\":");                                              \
            const char *at = json_value(p, key, out, sizeof out);                                   \
            if (!at || (nx && at > nx)) snprintf(out, sizeof out, "-");                             \
        } while (0)
        fprintf(f, "\n## Extremes over every step\n\nLargest and smallest segment tension and largest "
                   "strain over all segments and every time step, not only the output rows "
                   "(summary.json).\n\n"
                   "| line | max (N) | time (s) | segment | min (N) | time (s) | segment | max strain | segment |\n"
                   "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        const char *lines0 = p;
        char name[256], ev[9][64];
        static const char *const ek[9] = {"max_tension_N", "max_tension_time_s", "max_tension_segment",
                                          "min_tension_N", "min_tension_time_s", "min_tension_segment",
                                          "max_strain", "max_strain_segment", NULL};
        while ((p = json_value(p, "name", name, sizeof name)) && strstr(p, "\"max_tension_N\":")) {
            for (int k = 0; ek[k]; k++) LINE_VAL(ek[k], ev[k]);
            fprintf(f, "| ");
            md_text(f, name);
            static const int ekind[8] = {NUM_N, NUM_S, -1, NUM_N, NUM_S, -1, NUM_RATIO, -1};
            for (int k = 0; ek[k]; k++) {
                char c[64];
                fprintf(f, " | %s", ekind[k] < 0 ? ev[k] : num_fmt(c, sizeof c, ev[k], ekind[k]));
            }
            fprintf(f, " |\n");
        }
        fprintf(f, "\n### End tensions over every step\n\nThe same statistics as above, over every time "
                   "step (summary.json: samples = steps + 1).\n\n"
                   "| line | end | max (N) | time of max (s) | min (N) | time of min (s) | mean (N) | std (N) |\n"
                   "|---|---|---:|---:|---:|---:|---:|---:|\n");
        static const char *const sk[7] = {"max_N", "max_time_s", "min_N", "min_time_s", "mean_N", "std_N", NULL};
        p = lines0;
        while ((p = json_value(p, "name", name, sizeof name))) {
            for (int e = 0; e < 2; e++) {
                const char *q = strstr(p, e ? "\"end_b_tension\":" : "\"end_a_tension\":");
                const char *nx = strstr(p, "{\"name\":");
                if (!q || (nx && q > nx)) break;
                fprintf(f, "| ");
                md_text(f, name);
                fprintf(f, " | %s", e ? "B" : "A");
                for (int k = 0; sk[k]; k++) {
                    char c[64];
                    json_value(q, sk[k], ev[k], sizeof ev[k]);
                    fprintf(f, " | %s", num_fmt(c, sizeof c, ev[k], k % 2 && k < 4 ? NUM_S : NUM_N));
                }
                fprintf(f, " |\n");
            }
        }
#undef LINE_VAL
    }
    if (summary && strstr(summary, "\"utilisation\":")) {
        fprintf(f, "\n## Breaking load and failure\n\nUtilisation: largest segment tension over the line "
                   "type's minimum breaking load (mbl), from summary.json; a warning above "
                   "outputs.utilisation_warning. A broken line: when, where and at what tension.\n\n"
                   "| line | mbl (N) | utilisation | warning | broken | time (s) | segment | tension (N) |\n"
                   "|---|---:|---:|---|---|---:|---:|---:|\n");
        const char *q = strstr(summary, "\"lines\":[");
        char name[256], mbl[64], u[64], w[16], br[16], tm[64], sg[64], tn[64];
        while (q && (q = json_value(q, "name", name, sizeof name)) && json_value(q, "utilisation", u, sizeof u)) {
            q = json_value(q, "mbl_N", mbl, sizeof mbl);
            q = json_value(q, "utilisation", u, sizeof u);
            q = json_value(q, "utilisation_warning", w, sizeof w);
            q = json_value(q, "broken", br, sizeof br);
            q = json_value(q, "time_s", tm, sizeof tm);
            q = json_value(q, "segment", sg, sizeof sg);
            q = json_value(q, "tension_N", tn, sizeof tn);
            int b = !strcmp(br, "true");
            fprintf(f, "| ");
            md_text(f, name);
            char c[4][64];
            fprintf(f, " | %s | %s | %s | %s | %s | %s | %s |\n",
                    strcmp(mbl, "null") ? num_fmt(c[0], 64, mbl, NUM_N) : "-",
                    strcmp(u, "null") ? num_fmt(c[1], 64, u, NUM_RATIO) : "-",
                    !strcmp(w, "true") ? "**above**" : "", b ? "yes" : "no",
                    b ? num_fmt(c[2], 64, tm, NUM_S) : "", b ? sg : "", b ? num_fmt(c[3], 64, tn, NUM_N) : "");
        }
    }
    fprintf(f, "\n## Plots\n\n");
    if (pst) {
        fprintf(f, "Not made: ");
        md_text(f, plot_msg);
        fprintf(f, "\n");
    } else {
        static const char *const pngs[][2] = {{"end_tensions.png", "End tensions against time"},
                                              {"max_tension.png", "Largest tension per line"},
                                              {"max_tension_along.png", "Largest tension along each line"},
                                              {"shapes.png", "Line shapes (x-z side view)"},
                                              {"rigid_tensions.png", "Rigid cables: end and largest tensions"},
                                              {"rigid_tension_along.png", "Rigid cables: tension along each cable"},
                                              {"network_forces.png", "Network: element forces"},
                                              {"network_positions.png", "Network: node positions"},
                                              {"bodies_translation.png", "Bodies: position of the reference point"},
                                              {"bodies_rotation.png", "Bodies: roll, pitch, yaw"},
                                              {"bodies_force.png", "Bodies: cable force magnitude"},
                                              {"waves_elevation.png", "Waves: surface elevation at the wave points"}};
        for (size_t k = 0; k < sizeof pngs / sizeof pngs[0]; k++) {
            char png[4400];
            snprintf(png, sizeof png, "%s/plots/%s", dir, pngs[k][0]);
            FILE *t = fopen(png, "rb");
            if (!t) continue;
            fclose(t);
            fprintf(f, "### %s\n\n![%s](plots/%s)\n\n", pngs[k][1], pngs[k][1], pngs[k][0]);
        }
        const char *sk = strstr(plot_msg, "; skipped:");
        if (sk) fprintf(f, "Not drawn:%s\n", sk + strlen("; skipped:"));
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        snprintf(msg, msg_len, "%s: write failed", path);
        st = HW_ERR_IO;
    } else {
        snprintf(msg, msg_len, "wrote %s%s%s", path, pst ? " (without plots: " : "", pst ? plot_msg : "");
        if (pst) strncat(msg, ")", msg_len - strlen(msg) - 1);
    }
    free(summary);
    for (int k = 0; k < 3; k++) hw_csv_free(csv[k]);
    hw_csv_free(&bodies);
    return st;
}
