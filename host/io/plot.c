/* `hawser plot`: PNG plots of a run, drawn by gnuplot from the CSV files the run wrote.
 *   plots/end_tensions.png       end-segment tensions TA (solid) and TB (dashed) against time, per
 *                                line (at most 12 lines: those with the largest tension)
 *   plots/max_tension.png        per line: largest TA and TB over the run and, when segments.csv
 *                                has the line's segments, the largest segment tension
 *   plots/max_tension_along.png  largest tension of each recorded segment along each line
 *                                (needs outputs.segments, e.g. `segments: all`)
 *   plots/shapes.png             side view (x-z) of each line through its recorded nodes at the
 *                                chosen times (needs outputs.nodes, e.g. `nodes: all`)
 *   plots/rigid_tensions.png     (rigid.csv) per rigid cable: TA (solid), TB (dashed) and the
 *                                largest tension along it, Tmax (dotted), against time
 *   plots/rigid_tension_along.png (the last vtk/rigid_*.vtp frame) tension along each rigid cable
 *                                against the distance from end A (needs the vtk format)
 *   plots/network_forces.png     (network.csv) the force of each network element against time
 *   plots/network_positions.png  (network.csv) each network node's position along its axis
 *   plots/bodies_translation.png (bodies.csv) x (solid), y (dashed), z (dotted) of each 6-DOF body's
 *                                reference point against time
 *   plots/bodies_rotation.png    (bodies.csv) roll (solid), pitch (dashed), yaw (dotted) of each body
 *   plots/bodies_force.png       (bodies.csv) magnitude of the cables' force on each body
 *   plots/waves_elevation.png    (waves.csv) the surface elevation at each wave point
 * A run directory holds any of lines.csv, rigid.csv, network.csv (one per family the run had) and
 * bodies.csv (a run with bodies); each present family's plots are drawn.
 * gnuplot runs as a subprocess on a script written to plots/plots.gp (kept, so a user can edit
 * and re-run it), with the pngcairo terminal (png when cairo is absent); no display is needed. */
#include "io/plot.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/bodies_csv.h"
#include "io/results_csv.h"

#define MAX_CURVES 12

/* A line's columns found in the CSV headers. */
typedef struct plot_line {
    char name[256];
    double max_a, max_b, max_seg; /* max_seg < 0: no segments recorded */
    int *seg_col, *seg_idx, n_seg;  /* segments.csv columns, sorted by segment index */
    int *node_col, *node_idx, n_node; /* nodes.csv x columns (y, z follow), sorted by node index */
} plot_line;

typedef struct plot_ctx {
    const char *dir;
    char pdir[4200];
    hw_csv lines, segs, nodes, rigid, net, bodies, waves;
    int have_lines, have_segs, have_nodes, have_rigid, have_net, have_bodies, have_waves;
    int n_bodies;
    int n_lines;
    plot_line *ln;
    char written[1024], skipped[1024];
} plot_ctx;

/* gnuplot: $HAWSER_GNUPLOT, else "gnuplot" searched on PATH. Returns 0 when found. */
int hw_find_gnuplot(char *path, size_t len)
{
    const char *env = getenv("HAWSER_GNUPLOT");
    if (env && *env) {
        snprintf(path, len, "%s", env);
        return access(path, X_OK) == 0 ? 0 : -1;
    }
    const char *p = getenv("PATH");
    if (!p) p = "/usr/bin:/bin";
    while (*p) {
        const char *c = strchr(p, ':');
        size_t n = c ? (size_t)(c - p) : strlen(p);
        snprintf(path, len, "%.*s/gnuplot", (int)n, p);
        if (n > 0 && access(path, X_OK) == 0) return 0;
        if (!c) break;
        p = c + 1;
    }
    snprintf(path, len, "gnuplot");
    return -1;
}

/* A gnuplot single-quoted string (a quote is doubled). */
static void gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

static void gp_output(FILE *f, const plot_ctx *c, const char *png, const char *title)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", c->pdir, png);
    /* noenhanced on the terminal itself (a later `set terminal` resets a termoption): names
     * such as hauled_span or line1@0 are text, not gnuplot's subscript and overprint markup */
    fprintf(f, "reset\n");
    fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo noenhanced size 1100,650 } "
               "else { set terminal png noenhanced size 1100,650 }\n");
    fprintf(f, "set output ");
    gp_str(f, path);
    /* the x axis ends at the data (a 60 s run does not run to 70 s) */
    fprintf(f, "\nset grid\nset autoscale xfix\nset key outside right top\nset title ");
    gp_str(f, title);
    fprintf(f, "\n");
}

static void note(char *buf, size_t len, const char *fmt, const char *arg)
{
    size_t n = strlen(buf);
    snprintf(buf + n, len - n, fmt, arg);
}

static int cmp_pairs(const void *a, const void *b)
{
    const int *x = (const int *)a, *y = (const int *)b;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Columns "<line><sep><int><suffix>" of a CSV: for each line, (column, index) pairs sorted. */
static int collect(const hw_csv *csv, const char *line, const char *sep, const char *suffix, int **cols,
                   int **idx)
{
    int n = 0;
    int *pairs = (int *)malloc(sizeof(int) * 2 * (size_t)(csv->cols + 1));
    if (!pairs) return -1;
    size_t ll = strlen(line), sl = strlen(sep), xl = strlen(suffix);
    for (int k = 1; k < csv->cols; k++) {
        const char *h = csv->names[k];
        size_t hl = strlen(h);
        if (hl <= ll + sl + xl || strncmp(h, line, ll) || strncmp(h + ll, sep, sl) ||
            strcmp(h + hl - xl, suffix))
            continue;
        char *end;
        long j = strtol(h + ll + sl, &end, 10);
        if (end != h + hl - xl || end == h + ll + sl) continue;
        pairs[2 * n] = k;
        pairs[2 * n + 1] = (int)j;
        n++;
    }
    qsort(pairs, (size_t)n, 2 * sizeof(int), cmp_pairs);
    *cols = (int *)malloc(sizeof(int) * (size_t)(n + 1));
    *idx = (int *)malloc(sizeof(int) * (size_t)(n + 1));
    if (!*cols || !*idx) { free(pairs); return -1; }
    for (int i = 0; i < n; i++) { (*cols)[i] = pairs[2 * i]; (*idx)[i] = pairs[2 * i + 1]; }
    free(pairs);
    return n;
}

static void ctx_free(plot_ctx *c)
{
    for (int l = 0; c->ln && l < c->n_lines; l++) {
        free(c->ln[l].seg_col); free(c->ln[l].seg_idx); free(c->ln[l].node_col); free(c->ln[l].node_idx);
    }
    free(c->ln);
    hw_csv_free(&c->lines);
    hw_csv_free(&c->segs);
    hw_csv_free(&c->nodes);
    hw_csv_free(&c->rigid);
    hw_csv_free(&c->net);
    hw_csv_free(&c->bodies);
    hw_csv_free(&c->waves);
}

/* DIR/name into *csv when the file is there: 1 read (with at least one row), 0 absent, -1 an
 * error (st, msg set). */
static int load_optional(const char *dir, const char *name, hw_csv *csv, hw_status *st, char *msg, size_t msg_len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (access(path, F_OK) != 0) return 0;
    if ((*st = hw_csv_read(path, csv, msg, msg_len))) return -1;
    return csv->rows > 0;
}

static hw_status ctx_load(plot_ctx *c, const char *dir, char *msg, size_t msg_len)
{
    char path[4200];
    hw_status st;
    memset(c, 0, sizeof *c);
    c->dir = dir;
    st = HW_OK;
    if ((c->have_rigid = load_optional(dir, "rigid.csv", &c->rigid, &st, msg, msg_len)) < 0 ||
        (c->have_net = load_optional(dir, "network.csv", &c->net, &st, msg, msg_len)) < 0 ||
        (c->have_bodies = load_optional(dir, "bodies.csv", &c->bodies, &st, msg, msg_len)) < 0 ||
        (c->have_waves = load_optional(dir, "waves.csv", &c->waves, &st, msg, msg_len)) < 0)
        return st;
    if (c->bodies.cols > 0) { /* the header is checked even without rows: a wrong file is named */
        snprintf(path, sizeof path, "%s/bodies.csv", dir);
        if ((c->n_bodies = hw_bodies_csv_check(&c->bodies, path, msg, msg_len)) < 0) return HW_ERR_INPUT;
    }
    snprintf(path, sizeof path, "%s/lines.csv", dir);
    if ((c->have_rigid || c->have_net || c->have_bodies) && access(path, F_OK) != 0) return HW_OK; /* no lumped lines */
    if ((st = hw_csv_read(path, &c->lines, msg, msg_len))) {
        if (st == HW_ERR_IO) {
            size_t n = strlen(msg);
            snprintf(msg + n, msg_len - n, " (is %s the result directory of a run with the csv format? "
                     "It has none of lines.csv, rigid.csv, network.csv)", dir);
        }
        return st;
    }
    c->have_lines = 1;
    if (c->lines.rows < 1 || hw_csv_line_blocks(&c->lines) < 0) {
        snprintf(msg, msg_len, "%s: expected a header time_s then 4 columns per line (then the winch lines' "
                 "<line>.winch_* columns) and at least one row, "
                 "got %d columns and %ld rows", path, c->lines.cols, c->lines.rows);
        return HW_ERR_INPUT;
    }
    snprintf(path, sizeof path, "%s/segments.csv", dir);
    if (access(path, F_OK) == 0) {
        if ((st = hw_csv_read(path, &c->segs, msg, msg_len))) return st;
        c->have_segs = c->segs.rows > 0;
    }
    snprintf(path, sizeof path, "%s/nodes.csv", dir);
    if (access(path, F_OK) == 0) {
        if ((st = hw_csv_read(path, &c->nodes, msg, msg_len))) return st;
        c->have_nodes = c->nodes.rows > 0;
    }
    c->n_lines = hw_csv_line_blocks(&c->lines);
    c->ln = (plot_line *)calloc((size_t)c->n_lines, sizeof(plot_line));
    if (!c->ln) return HW_ERR_NOMEM;
    for (int l = 0; l < c->n_lines; l++) {
        plot_line *p = &c->ln[l];
        const char *h = c->lines.names[1 + 4 * l];
        size_t hl = strlen(h);
        if (hl < 6 || strcmp(h + hl - 5, ".TA_N")) {
            snprintf(msg, msg_len, "%s: column %d: expected <line>.TA_N, got '%s'", path, 2 + 4 * l, h);
            return HW_ERR_INPUT;
        }
        snprintf(p->name, sizeof p->name, "%.*s", (int)(hl - 5), h);
        p->max_a = p->max_b = -HUGE_VAL;
        for (long r = 0; r < c->lines.rows; r++) {
            p->max_a = fmax(p->max_a, hw_csv_at(&c->lines, r, 1 + 4 * l));
            p->max_b = fmax(p->max_b, hw_csv_at(&c->lines, r, 2 + 4 * l));
        }
        p->max_seg = -1;
        if (c->have_segs) {
            if ((p->n_seg = collect(&c->segs, p->name, ".s", ".T_N", &p->seg_col, &p->seg_idx)) < 0) return HW_ERR_NOMEM;
            for (int i = 0; i < p->n_seg; i++)
                for (long r = 0; r < c->segs.rows; r++) p->max_seg = fmax(p->max_seg, hw_csv_at(&c->segs, r, p->seg_col[i]));
        }
        if (c->have_nodes &&
            (p->n_node = collect(&c->nodes, p->name, ".n", ".x_m", &p->node_col, &p->node_idx)) < 0)
            return HW_ERR_NOMEM;
    }
    return HW_OK;
}

/* The lines to draw: all, or the MAX_CURVES with the largest end tension. */
static int pick_lines(const plot_ctx *c, int *pick)
{
    int n = 0;
    for (int l = 0; l < c->n_lines; l++) {
        double key = fmax(c->ln[l].max_a, c->ln[l].max_b);
        int at = n < MAX_CURVES ? n++ : MAX_CURVES;
        if (at == MAX_CURVES) {
            double kl = fmax(c->ln[pick[MAX_CURVES - 1]].max_a, c->ln[pick[MAX_CURVES - 1]].max_b);
            if (key <= kl) continue;
            at = MAX_CURVES - 1;
        }
        while (at > 0 && fmax(c->ln[pick[at - 1]].max_a, c->ln[pick[at - 1]].max_b) < key) {
            if (at < MAX_CURVES) pick[at] = pick[at - 1];
            at--;
        }
        pick[at] = l;
    }
    return n;
}

static void plot_end_tensions(FILE *f, plot_ctx *c)
{
    int pick[MAX_CURVES], n = pick_lines(c, pick);
    char title[128], path[4300];
    if (n < c->n_lines) snprintf(title, sizeof title, "End tensions (%d of %d lines: largest tension)", n, c->n_lines);
    else snprintf(title, sizeof title, "End tensions (solid: end A, dashed: end B)");
    gp_output(f, c, "end_tensions.png", title);
    fprintf(f, "set datafile separator ','\nset xlabel 'time (s)'\nset ylabel 'tension'\nset format y '%%.1s %%cN'\nplot ");
    snprintf(path, sizeof path, "%s/lines.csv", c->dir);
    for (int i = 0; i < n; i++) {
        int l = pick[i];
        char t[300];
        fprintf(f, "%s", i ? ", \\\n     " : "");
        gp_str(f, path);
        snprintf(t, sizeof t, "%s A", c->ln[l].name);
        fprintf(f, " skip 1 using 1:%d with lines lc %d dt 1 lw 1.5 title ", 2 + 4 * l, i + 1);
        gp_str(f, t);
        fprintf(f, ", ");
        gp_str(f, path);
        snprintf(t, sizeof t, "%s B", c->ln[l].name);
        fprintf(f, " skip 1 using 1:%d with lines lc %d dt 2 lw 1.5 title ", 3 + 4 * l, i + 1);
        gp_str(f, t);
    }
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, "%s", " end_tensions.png");
}

/* A data file in plots/; NULL on failure (msg set). */
static FILE *data_file(const plot_ctx *c, const char *name, char *path, size_t len, char *msg, size_t msg_len)
{
    snprintf(path, len, "%s/%s", c->pdir, name);
    FILE *f = fopen(path, "w");
    if (!f) snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
    return f;
}

static void quoted_name(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) fputc(*s == '"' || *s == ' ' ? '_' : *s, f);
    fputc('"', f);
}

static hw_status plot_max_tension(FILE *f, plot_ctx *c, char *msg, size_t msg_len)
{
    char path[4400];
    FILE *d = data_file(c, "max_tension.dat", path, sizeof path, msg, msg_len);
    if (!d) return HW_ERR_IO;
    int any_seg = 0;
    fprintf(d, "# index name max_TA_N max_TB_N max_segment_T_N (NaN: no segments recorded)\n");
    for (int l = 0; l < c->n_lines; l++) {
        fprintf(d, "%d ", l);
        quoted_name(d, c->ln[l].name);
        fprintf(d, " %.10g %.10g ", c->ln[l].max_a, c->ln[l].max_b);
        if (c->ln[l].max_seg >= 0) { fprintf(d, "%.10g\n", c->ln[l].max_seg); any_seg = 1; }
        else fprintf(d, "NaN\n");
    }
    fclose(d);
    gp_output(f, c, "max_tension.png", "Largest tension of each line over the run");
    /* line names on the axis while they fit; the 0-based index beyond */
    int named = c->n_lines <= 40;
    fprintf(f, "set ylabel 'tension'\nset format y '%%.1s %%cN'\nset xrange [-0.5:%g]\nset yrange [0:*]\n%s\nplot ", c->n_lines - 0.5,
            named ? "set xlabel 'line'\nset xtics rotate by -45" : "set xlabel 'line index (0-based, scenario order)'");
    gp_str(f, path);
    fprintf(f, " using 1:3%s with points pt 7 ps %s title 'end A', '' using 1:4 with points pt 5 ps %s title 'end B'",
            named ? ":xtic(2)" : "", named ? "1.5" : "0.5", named ? "1.5" : "0.5");
    if (any_seg) fprintf(f, ", '' using 1:5 with points pt 9 ps 1.8 title 'recorded segments'");
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, "%s", " max_tension.png");
    return HW_OK;
}

static hw_status plot_max_along(FILE *f, plot_ctx *c, char *msg, size_t msg_len)
{
    int pick[MAX_CURVES], n = pick_lines(c, pick), blocks = 0;
    char path[4400];
    FILE *d = data_file(c, "max_tension_along.dat", path, sizeof path, msg, msg_len);
    if (!d) return HW_ERR_IO;
    fprintf(d, "# per line (blocks separated by two blank lines): segment index, largest tension (N)\n");
    int used[MAX_CURVES];
    for (int i = 0; i < n; i++) {
        const plot_line *p = &c->ln[pick[i]];
        if (p->n_seg < 2) continue;
        for (int k = 0; k < p->n_seg; k++) {
            double mx = -HUGE_VAL;
            for (long r = 0; r < c->segs.rows; r++) mx = fmax(mx, hw_csv_at(&c->segs, r, p->seg_col[k]));
            fprintf(d, "%d %.10g\n", p->seg_idx[k], mx);
        }
        fprintf(d, "\n\n");
        used[blocks++] = pick[i];
    }
    fclose(d);
    if (!blocks) {
        note(c->skipped, sizeof c->skipped, "%s",
             " max_tension_along.png (needs at least 2 segments of a line in segments.csv: outputs.segments: all).");
        return HW_OK;
    }
    gp_output(f, c, "max_tension_along.png", "Largest tension along each line (recorded segments)");
    fprintf(f, "set xlabel 'segment (1 = end A)'\nset ylabel 'tension'\nset format y '%%.1s %%cN'\nplot ");
    for (int b = 0; b < blocks; b++) {
        fprintf(f, "%s", b ? ", " : "");
        gp_str(f, path);
        fprintf(f, " index %d using 1:2 with linespoints pt 7 ps 0.6 title ", b);
        gp_str(f, c->ln[used[b]].name);
    }
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, "%s", " max_tension_along.png");
    return HW_OK;
}

static hw_status plot_shapes(FILE *f, plot_ctx *c, const double *times, int n_times, char *msg, size_t msg_len)
{
    long rows[16];
    int nt = 0;
    const hw_csv *nd = &c->nodes;
    int any = 0;
    for (int l = 0; l < c->n_lines; l++) any |= c->ln[l].n_node >= 2;
    if (!c->have_nodes || !any) {
        note(c->skipped, sizeof c->skipped, "%s",
             " shapes.png (needs at least 2 nodes of a line in nodes.csv: outputs.nodes: all).");
        return HW_OK;
    }
    if (n_times == 0) {
        rows[nt++] = 0;
        if (nd->rows > 2) rows[nt++] = nd->rows / 2;
        if (nd->rows > 1) rows[nt++] = nd->rows - 1;
    }
    double t0 = hw_csv_at(nd, 0, 0), t1 = hw_csv_at(nd, nd->rows - 1, 0);
    for (int k = 0; k < n_times && nt < 16; k++) {
        double dtr = nd->rows > 1 ? (t1 - t0) / (double)(nd->rows - 1) : 0.0;
        if (times[k] < t0 - dtr || times[k] > t1 + dtr) {
            snprintf(msg, msg_len, "--times: %g s is outside the recorded times %g..%g s of %s/nodes.csv",
                     times[k], t0, t1, c->dir);
            return HW_ERR_INVALID_ARG;
        }
        long best = 0;
        for (long r = 1; r < nd->rows; r++)
            if (fabs(hw_csv_at(nd, r, 0) - times[k]) < fabs(hw_csv_at(nd, best, 0) - times[k])) best = r;
        rows[nt++] = best;
    }
    int pick[MAX_CURVES], n = pick_lines(c, pick);
    char path[4400];
    FILE *d = data_file(c, "shapes.dat", path, sizeof path, msg, msg_len);
    if (!d) return HW_ERR_IO;
    fprintf(d, "# per (time, line) block, separated by two blank lines: node index, x (m), z (m)\n");
    int blocks = 0;
    gp_output(f, c, "shapes.png", "Line shapes, side view (x-z)");
    fprintf(f, "set xlabel 'x (m)'\nset ylabel 'z (m)'\nplot ");
    for (int k = 0; k < nt; k++)
        for (int i = 0; i < n; i++) {
            const plot_line *p = &c->ln[pick[i]];
            if (p->n_node < 2) continue;
            for (int j = 0; j < p->n_node; j++)
                fprintf(d, "%d %.10g %.10g\n", p->node_idx[j], hw_csv_at(nd, rows[k], p->node_col[j]),
                        hw_csv_at(nd, rows[k], p->node_col[j] + 2));
            fprintf(d, "\n\n");
            char t[320];
            snprintf(t, sizeof t, "%s t=%g s", p->name, hw_csv_at(nd, rows[k], 0));
            fprintf(f, "%s", blocks ? ", \\\n     " : "");
            gp_str(f, path);
            fprintf(f, " index %d using 2:3 with linespoints lc %d dt %d pt 7 ps 0.5 title ", blocks, i + 1, k + 1);
            gp_str(f, t);
            blocks++;
        }
    fclose(d);
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, "%s", " shapes.png");
    return HW_OK;
}

/* A time series plot of columns of one CSV of the run: cols[i] (0-based) titled titles[i], line
 * colour colour[i], dash dash[i]. */
static void plot_series(FILE *f, plot_ctx *c, const char *csv, const char *png, const char *title, const char *ylabel,
                        const char *yfmt, int n, const int *cols, char titles[][300], const int *colour, const int *dash)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s", c->dir, csv);
    gp_output(f, c, png, title);
    fprintf(f, "set datafile separator ','\nset xlabel 'time (s)'\nset ylabel ");
    gp_str(f, ylabel);
    fprintf(f, "\n%s%s%splot ", yfmt ? "set format y '" : "", yfmt ? yfmt : "", yfmt ? "'\n" : "");
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s", i ? ", \\\n     " : "");
        gp_str(f, path);
        fprintf(f, " skip 1 using 1:%d with lines lc %d dt %d lw 1.5 title ", cols[i] + 1, colour[i], dash[i]);
        gp_str(f, titles[i]);
    }
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, " %s", png);
}

/* Columns of csv named <name><suffix>, in order: their indices and the names. */
static int columns_ending(const hw_csv *csv, const char *prefix, const char *suffix, int *cols, char names[][300], int max)
{
    int n = 0;
    size_t pl = strlen(prefix), sl = strlen(suffix);
    for (int k = 1; k < csv->cols && n < max; k++) {
        const char *h = csv->names[k];
        size_t hl = strlen(h);
        if (hl <= pl + sl || strncmp(h, prefix, pl) || strcmp(h + hl - sl, suffix)) continue;
        cols[n] = k;
        snprintf(names[n++], 300, "%.*s", (int)(hl - pl - sl), h + pl);
    }
    return n;
}

/* rigid_tensions.png: TA, TB, Tmax of each rigid cable (at most MAX_CURVES cables). */
static void plot_rigid(FILE *f, plot_ctx *c)
{
    int ta[MAX_CURVES], cols[3 * MAX_CURVES], colour[3 * MAX_CURVES], dash[3 * MAX_CURVES], n = 0;
    char names[MAX_CURVES][300], titles[3 * MAX_CURVES][300];
    int nc = columns_ending(&c->rigid, "", ".TA_N", ta, names, MAX_CURVES);
    static const char *const sfx[3] = {".TA_N", ".TB_N", ".Tmax_N"}, *const what[3] = {"A", "B", "max"};
    for (int i = 0; i < nc; i++)
        for (int k = 0; k < 3; k++) {
            char col[320];
            snprintf(col, sizeof col, "%.280s%s", names[i], sfx[k]);
            int j = hw_csv_col(&c->rigid, col);
            if (j < 0) continue;
            cols[n] = j;
            colour[n] = i + 1;
            dash[n] = k + 1;
            snprintf(titles[n++], 300, "%.280s %s", names[i], what[k]);
        }
    if (n == 0) {
        note(c->skipped, sizeof c->skipped, "%s", " rigid_tensions.png (no <cable>.TA_N column in rigid.csv).");
        return;
    }
    plot_series(f, c, "rigid.csv", "rigid_tensions.png", "Rigid cables: end tensions (solid A, dashed B) and largest (dotted)",
                "tension", "%.1s %cN", n, cols, titles, colour, dash);
}

/* The last rigid-cable ParaView frame: per cable the distance along it and the tension at each node
 * point, into plots/rigid_tension_along.dat. Returns the cables written, 0 when there is no frame, -1
 * on an error (msg). */
static int rigid_along_data(plot_ctx *c, char *dat, size_t dat_len, double *t_frame, char *msg, size_t msg_len)
{
    char path[4400], best[256] = ""; /* a directory entry name: at most 255 bytes */
    snprintf(path, sizeof path, "%s/vtk", c->dir);
    DIR *d = opendir(path);
    if (!d) return 0;
    struct dirent *de;
    while ((de = readdir(d))) /* frames are numbered with a fixed width: the largest name is the last */
        if (!strncmp(de->d_name, "rigid_", 6) && strstr(de->d_name, ".vtp") && strcmp(de->d_name, best) > 0)
            snprintf(best, sizeof best, "%s", de->d_name);
    closedir(d);
    if (!best[0]) return 0;
    snprintf(path, sizeof path, "%s/vtk/%s", c->dir, best);
    FILE *v = fopen(path, "r");
    if (!v) return 0;
    fseek(v, 0, SEEK_END);
    long len = ftell(v);
    fseek(v, 0, SEEK_SET);
    char *txt = (char *)malloc((size_t)len + 1);
    size_t got = txt ? fread(txt, 1, (size_t)len, v) : 0;
    fclose(v);
    if (!txt) return -1;
    txt[got] = 0;
    int ncab = 0;
    const char *piece = strstr(txt, "NumberOfPoints=\""), *tv = strstr(txt, "Name=\"TimeValue\"");
    const char *ten = strstr(txt, "Name=\"tension\""), *pos = strstr(txt, "Name=\"position\"");
    const char *off = strstr(txt, "Name=\"offsets\"");
    long np = piece ? strtol(piece + 16, NULL, 10) : 0;
    *t_frame = tv ? strtod(strchr(tv, '>') + 1, NULL) : 0.0;
    FILE *o = ten && pos && off && np > 0 ? data_file(c, "rigid_tension_along.dat", dat, dat_len, msg, msg_len) : NULL;
    if (o) {
        fprintf(o, "# per rigid cable (blocks separated by two blank lines): distance from end A along the node "
                   "points (m), tension (N); frame %s\n", best);
        char *pt = strchr(ten, '>') + 1, *pp = strchr(pos, '>') + 1, *po = strchr(off, '>') + 1;
        long i = 0;
        while (i < np) {
            long end = strtol(po, &po, 10);
            if (end <= i || end > np) break;
            double s = 0, prev[3] = {0, 0, 0};
            for (long first = i; i < end; i++) {
                double x[3], T = strtod(pt, &pt);
                for (int k = 0; k < 3; k++) x[k] = strtod(pp, &pp);
                if (i > first) s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]) +
                                         (x[2] - prev[2]) * (x[2] - prev[2]));
                memcpy(prev, x, sizeof prev);
                fprintf(o, "%.10g %.10g\n", s, T);
            }
            fprintf(o, "\n\n");
            ncab++;
        }
        fclose(o);
    }
    free(txt);
    return ncab;
}

/* rigid_tension_along.png from the last rigid ParaView frame. */
static void plot_rigid_along(FILE *f, plot_ctx *c, char *msg, size_t msg_len)
{
    char dat[4400], names[MAX_CURVES][300];
    int ta[MAX_CURVES];
    double tf = 0;
    int nc = rigid_along_data(c, dat, sizeof dat, &tf, msg, msg_len);
    if (nc <= 0) {
        note(c->skipped, sizeof c->skipped, "%s",
             " rigid_tension_along.png (needs the vtk format: the tension at every node is in the ParaView frames).");
        return;
    }
    int nn = columns_ending(&c->rigid, "", ".TA_N", ta, names, MAX_CURVES);
    char title[160];
    snprintf(title, sizeof title, "Rigid cables: tension along each cable at t = %g s (last frame)", tf);
    gp_output(f, c, "rigid_tension_along.png", title);
    fprintf(f, "set xlabel 'distance from end A along the node points (m)'\nset ylabel 'tension'\nset format y '%%.1s %%cN'\nplot ");
    for (int b = 0; b < nc && b < MAX_CURVES; b++) {
        fprintf(f, "%s", b ? ", " : "");
        gp_str(f, dat);
        fprintf(f, " index %d using 1:2 with linespoints pt 7 ps 0.6 title ", b);
        char t[64];
        snprintf(t, sizeof t, "cable %d", b);
        gp_str(f, b < nn ? names[b] : t);
    }
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, "%s", " rigid_tension_along.png");
}

/* network_forces.png and network_positions.png. */
static void plot_network(FILE *f, plot_ctx *c)
{
    int cols[MAX_CURVES], colour[MAX_CURVES], dash[MAX_CURVES];
    char titles[MAX_CURVES][300];
    for (int i = 0; i < MAX_CURVES; i++) { colour[i] = i + 1; dash[i] = 1; }
    int n = columns_ending(&c->net, "F_", "", cols, titles, MAX_CURVES);
    if (n > 0)
        plot_series(f, c, "network.csv", "network_forces.png", "Network: element forces", "force", "%.1s %cN", n, cols,
                    titles, colour, dash);
    else
        note(c->skipped, sizeof c->skipped, "%s", " network_forces.png (no element in network.csv).");
    n = columns_ending(&c->net, "x_", "", cols, titles, MAX_CURVES);
    if (n > 0)
        plot_series(f, c, "network.csv", "network_positions.png", "Network: node positions along their axes",
                    "position (m)", NULL, n, cols, titles, colour, dash);
    else
        note(c->skipped, sizeof c->skipped, "%s", " network_positions.png (no translational node in network.csv).");
}

/* bodies_translation.png and bodies_rotation.png: three coordinates of each body (at most
 * MAX_CURVES bodies, in file order), one colour per body, one dash per coordinate; bodies_force.png:
 * the magnitude of the cables' force on each body, computed by gnuplot from Fx, Fy, Fz. */
static void plot_bodies(FILE *f, plot_ctx *c)
{
    int nb = c->n_bodies < MAX_CURVES ? c->n_bodies : MAX_CURVES;
    int cols[3 * MAX_CURVES], colour[3 * MAX_CURVES], dash[3 * MAX_CURVES];
    char titles[3 * MAX_CURVES][300], name[256], more[64] = "";
    static const char *const what[2][3] = {{"x", "y", "z"}, {"roll", "pitch", "yaw"}};
    if (nb < c->n_bodies) snprintf(more, sizeof more, " (first %d of %d bodies)", nb, c->n_bodies);
    for (int p = 0; p < 2; p++) {
        int n = 0;
        for (int b = 0; b < nb; b++) {
            hw_bodies_csv_name(&c->bodies, b, name, sizeof name);
            for (int k = 0; k < 3; k++) {
                cols[n] = 1 + HW_BODY_CSV_COLS * b + (p ? HW_BCSV_ROLL : HW_BCSV_X) + k;
                colour[n] = b + 1;
                dash[n] = k + 1;
                snprintf(titles[n++], 300, "%.250s %s", name, what[p][k]);
            }
        }
        char title[160];
        snprintf(title, sizeof title, "%s%s", p ? "Bodies: roll (solid), pitch (dashed), yaw (dotted)"
                                                : "Bodies: reference point x (solid), y (dashed), z (dotted)", more);
        plot_series(f, c, "bodies.csv", p ? "bodies_rotation.png" : "bodies_translation.png", title,
                    p ? "rotation (deg)" : "position (m)", "%g", n, cols, titles, colour, dash);
    }
    char path[4300], title[160];
    snprintf(path, sizeof path, "%s/bodies.csv", c->dir);
    snprintf(title, sizeof title, "Bodies: magnitude of the cables' force on each body%s", more);
    gp_output(f, c, "bodies_force.png", title);
    fprintf(f, "set datafile separator ','\nset xlabel 'time (s)'\nset ylabel 'force'\nset format y '%%.1s %%cN'\n"
               "set yrange [0:*]\nplot ");
    for (int b = 0; b < nb; b++) {
        int j = 2 + HW_BODY_CSV_COLS * b + HW_BCSV_F; /* gnuplot's 1-based column of Fx */
        char t[300];
        hw_bodies_csv_name(&c->bodies, b, name, sizeof name);
        snprintf(t, sizeof t, "%.250s |F|", name);
        fprintf(f, "%s", b ? ", \\\n     " : "");
        gp_str(f, path);
        fprintf(f, " skip 1 using 1:(sqrt($%d**2 + $%d**2 + $%d**2)) with lines lc %d dt 1 lw 1.5 title ", j, j + 1,
                j + 2, b + 1);
        gp_str(f, t);
    }
    fprintf(f, "\nunset output\n");
    note(c->written, sizeof c->written, "%s", " bodies_force.png");
}

/* waves_elevation.png: the surface elevation at each wave point (waves.csv, at most MAX_CURVES). */
static void plot_waves(FILE *f, plot_ctx *c)
{
    int cols[MAX_CURVES], colour[MAX_CURVES], dash[MAX_CURVES];
    char titles[MAX_CURVES][300];
    for (int i = 0; i < MAX_CURVES; i++) { colour[i] = i + 1; dash[i] = 1; }
    int n = columns_ending(&c->waves, "", ".eta_m", cols, titles, MAX_CURVES);
    if (n == 0) {
        note(c->skipped, sizeof c->skipped, "%s", " waves_elevation.png (no <point>.eta_m column in waves.csv).");
        return;
    }
    plot_series(f, c, "waves.csv", "waves_elevation.png", "Waves: surface elevation at the wave points", "elevation (m)",
                NULL, n, cols, titles, colour, dash);
}

static hw_status run_gnuplot(const char *gp, const plot_ctx *c, char *msg, size_t msg_len)
{
    char script[4400], log[4400];
    snprintf(script, sizeof script, "%s/plots.gp", c->pdir);
    snprintf(log, sizeof log, "%s/gnuplot.log", c->pdir);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(msg, msg_len, "cannot start gnuplot: %s", strerror(errno));
        return HW_ERR_IO;
    }
    if (pid == 0) {
        FILE *lf = freopen(log, "w", stdout);
        if (lf) dup2(fileno(stdout), 2);
        execl(gp, gp, script, (char *)NULL);
        _exit(127);
    }
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0) {
        char first[300] = "";
        FILE *lf = fopen(log, "r");
        if (lf) {
            if (!fgets(first, sizeof first, lf)) first[0] = 0;
            fclose(lf);
            first[strcspn(first, "\n")] = 0;
        }
        snprintf(msg, msg_len, "gnuplot (%s) failed on %s (exit %d): %s [log: %s]", gp, script,
                 WIFEXITED(ws) ? WEXITSTATUS(ws) : -1, first, log);
        return HW_ERR_IO;
    }
    return HW_OK;
}

hw_status hw_plot_results(const char *dir, const double *times, int n_times, char *msg, size_t msg_len)
{
    char gp[4200];
    if (hw_find_gnuplot(gp, sizeof gp) != 0) {
        snprintf(msg, msg_len, "%s not found: plots need gnuplot (Debian: apt-get install gnuplot-nox; "
                 "or set HAWSER_GNUPLOT to its path)", gp);
        return HW_ERR_UNSUPPORTED;
    }
    plot_ctx c;
    hw_status st = ctx_load(&c, dir, msg, msg_len);
    FILE *f = NULL;
    if (st) goto done;
    snprintf(c.pdir, sizeof c.pdir, "%s/plots", dir);
    if (mkdir(c.pdir, 0777) != 0 && errno != EEXIST) {
        snprintf(msg, msg_len, "%s: cannot create: %s", c.pdir, strerror(errno));
        st = HW_ERR_IO;
        goto done;
    }
    {
        char path[4400];
        if (!(f = data_file(&c, "plots.gp", path, sizeof path, msg, msg_len))) { st = HW_ERR_IO; goto done; }
    }
    fprintf(f, "# written by hawser plot; re-run with: gnuplot plots.gp (from the result directory's parent)\n");
    if (c.have_lines) {
        plot_end_tensions(f, &c);
        if ((st = plot_max_tension(f, &c, msg, msg_len)) || (c.have_segs && (st = plot_max_along(f, &c, msg, msg_len))) ||
            (st = plot_shapes(f, &c, times, n_times, msg, msg_len)))
            goto done;
        if (!c.have_segs)
            note(c.skipped, sizeof c.skipped, "%s", " max_tension_along.png (no segments.csv: outputs.segments: all).");
    }
    if (c.have_rigid) {
        plot_rigid(f, &c);
        plot_rigid_along(f, &c, msg, msg_len);
    }
    if (c.have_net) plot_network(f, &c);
    if (c.have_waves) plot_waves(f, &c);
    if (c.have_bodies) plot_bodies(f, &c);
    else if (c.n_bodies > 0)
        note(c.skipped, sizeof c.skipped, "%s", " bodies_*.png (bodies.csv has no rows yet).");
    fclose(f);
    f = NULL;
    if ((st = run_gnuplot(gp, &c, msg, msg_len))) goto done;
    snprintf(msg, msg_len, "wrote %s:%s%s%s", c.pdir, c.written, c.skipped[0] ? "; skipped:" : "", c.skipped);
done:
    if (f) fclose(f);
    ctx_free(&c);
    return st;
}
