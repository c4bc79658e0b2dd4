/* A prescribed body's motion from files beside the scenario (scenario_vessel.h). */
#include "io/scenario_vessel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/table_file.h"

#define PI_ 3.14159265358979323846

static const char *const MOTION_COLS[] = {"t", "x", "y", "z", "roll", "pitch", "yaw"};

/* The table file f names, read beside the scenario; 0 or -1 (failed). */
static int read_beside(hw_yr *y, const hw_yr_fld *f, const hw_table_spec *spec, hw_table_file *t, char *path,
                       size_t path_len)
{
    const char *name = yd_scalar(f->v);
    if (!name || yd_is_null(f->v) || !*name) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a file name (relative to the scenario's directory), got %s", got);
        return -1;
    }
    if (hw_path_beside(y->file, name, path, path_len)) {
        hw_yr_fail(y, f->line, f->path, "expected a path of at most %zu characters, got \"%.60s...\"", path_len - 1,
                   name);
        return -1;
    }
    char m[1024];
    hw_status st = hw_table_read(path, spec, t, m, sizeof m);
    if (st == HW_ERR_NOMEM) { hw_yr_nomem(y); return -1; }
    if (st) { hw_yr_fail(y, f->line, f->path, "%s", m); return -1; }
    return 0;
}

int hw_scn_body_motion_file(hw_yr_map *mm, const hw_yr_fld *f, int degrees, hw_body_def *b)
{
    hw_yr *y = mm->y;
    hw_table_file t;
    char path[1024];
    static const hw_table_spec SPEC = {7, 7, 0, 0, 2, 0, 1, 1, MOTION_COLS, NULL, NULL};
    if (read_beside(y, f, &SPEC, &t, path, sizeof path)) return -1;
    double *tt = (double *)hw_yr_alloc(y, (size_t)t.rows, sizeof(double));
    double *v6 = (double *)hw_yr_alloc(y, (size_t)6 * t.rows, sizeof(double));
    if (!tt || !v6) { hw_table_file_free(&t); return -1; }
    const double k = degrees ? PI_ / 180.0 : 1.0;
    for (int r = 0; r < t.rows; r++) {
        const double *row = t.v + 7 * r;
        tt[r] = row[0];
        for (int c = 0; c < 6; c++) v6[6 * r + c] = c < 3 ? row[1 + c] : row[1 + c] * k;
    }
    b->table_n = t.rows;
    b->table_t = tt;
    b->table_6 = v6;
    hw_table_file_free(&t);
    return 0;
}

static const char *const RAO_KEYS[] = {"file", "table", "frequency", "headings", "phases", "rotations", "phase_convention",
                                       NULL};
static const char *const FREQ_KINDS[] = {"omega", "period", "hz", NULL};
static const char *const ANGLE_UNITS[] = {"degrees", "radians", NULL};
static const char *const ROT_UNITS[] = {"rad/m", "deg/m", NULL};
static const char *const PHASE_CONV[] = {"lead", "lag", NULL};
static const char *const RAO_COLS[] = {"frequency", "heading", "surge amplitude", "surge phase", "sway amplitude",
                                       "sway phase", "heave amplitude", "heave phase", "roll amplitude", "roll phase",
                                       "pitch amplitude", "pitch phase", "yaw amplitude", "yaw phase"};

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, z = *(const double *)b;
    return x < z ? -1 : x > z;
}

/* The distinct values of v (n of them, any order) sorted, into u; their count. */
static int distinct(const double *v, int n, double *u)
{
    for (int i = 0; i < n; i++) u[i] = v[i];
    qsort(u, (size_t)n, sizeof *u, by_value);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || u[i] != u[m - 1]) u[m++] = u[i];
    return m;
}

static int index_of(const double *u, int n, double x)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (u[mid] == x) return mid;
        if (u[mid] < x) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* rao.table: a list of rows of 14 numbers, into t with each row's line in the scenario. */
static int inline_rows(hw_yr *y, const hw_yr_fld *f, hw_table_file *t)
{
    memset(t, 0, sizeof *t);
    int n = yd_is_seq(f->v) ? yd_seq_len(f->v) : 0;
    if (n < 1) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a list of rows [frequency, heading, then amplitude and phase of surge, sway, "
                   "heave, roll, pitch, yaw], got %s", got);
        return -1;
    }
    t->cols = 14;
    t->v = (double *)malloc((size_t)14 * n * sizeof(double));
    t->line = (int *)malloc((size_t)n * sizeof(int));
    if (!t->v || !t->line) { hw_table_file_free(t); hw_yr_nomem(y); return -1; }
    for (int r = 0; r < n; r++) {
        yaml_node_t *row = yd_seq_at(y->doc, f->v, r);
        char path[300];
        snprintf(path, sizeof path, "%s[%d]", f->path, r);
        t->line[r] = yd_line(row);
        if (!yd_is_seq(row) || yd_seq_len(row) != 14) {
            char got[96];
            yd_describe(row, got, sizeof got);
            hw_yr_fail(y, yd_line(row), path, "expected a row of 14 numbers [frequency, heading, then amplitude and phase of "
                       "surge, sway, heave, roll, pitch, yaw], got %s", got);
            hw_table_file_free(t);
            return -1;
        }
        for (int c = 0; c < 14; c++) {
            yaml_node_t *v = yd_seq_at(y->doc, row, c);
            if (hw_yr_read_num(y, v, yd_line(v), path, &t->v[14 * r + c])) { hw_table_file_free(t); return -1; }
        }
        t->rows = r + 1;
    }
    return 0;
}

int hw_scn_body_rao(hw_yr_map *mm, const hw_yr_fld *f, hw_body_def *b)
{
    hw_yr *y = mm->y;
    hw_yr_map m;
    if (hw_yr_open(&m, y, f->v, f->line, f->path, mm->item, mm->index, "motion.rao.", RAO_KEYS, "an RAO table"))
        return -1;
    int freq = 0, head_u = 0, phase_u = 0, rot_u = 0, conv = 0;
    if (hw_yr_get_enum(&m, "frequency", 0, FREQ_KINDS, &freq) < 0 || hw_yr_get_enum(&m, "headings", 0, ANGLE_UNITS, &head_u) < 0 ||
        hw_yr_get_enum(&m, "phases", 0, ANGLE_UNITS, &phase_u) < 0 || hw_yr_get_enum(&m, "rotations", 0, ROT_UNITS, &rot_u) < 0 ||
        hw_yr_get_enum(&m, "phase_convention", 0, PHASE_CONV, &conv) < 0)
        return -1;
    hw_yr_fld ff, ft;
    int has_f = hw_yr_get(&m, "file", &ff), has_t = hw_yr_get(&m, "table", &ft);
    if (has_f && has_t) {
        hw_yr_fail(y, ft.line, ft.path, "expected either file or table, got both (file at line %d)", ff.line);
        return -1;
    }
    if (!has_f && !has_t) {
        hw_yr_missing(&m, &ff, 1, "the RAO table's file (CSV: frequency, heading, then amplitude and phase of surge, sway, "
                      "heave, roll, pitch, yaw), or a table of such rows");
        return -1;
    }
    hw_table_file t;
    char path[1024];
    if (has_f) {
        static const hw_table_spec SPEC = {14, 14, 0, 0, 1, 0, 1, 0, RAO_COLS, NULL, NULL};
        if (read_beside(y, &ff, &SPEC, &t, path, sizeof path)) return -1;
    } else {
        if (inline_rows(y, &ft, &t)) return -1;
        snprintf(path, sizeof path, "%s", y->file);
        ff = ft;
    }
    int n = t.rows, rc = -1;
    double *w = (double *)malloc((size_t)n * sizeof(double)), *h = (double *)malloc((size_t)n * sizeof(double));
    double *uw = (double *)malloc((size_t)n * sizeof(double)), *uh = (double *)malloc((size_t)n * sizeof(double));
    int *row_of = NULL;
    if (!w || !h || !uw || !uh) { hw_yr_nomem(y); goto out; }
    const double deg = PI_ / 180.0, tp = 2.0 * PI_;
    for (int r = 0; r < n; r++) { /* frequency to rad/s, heading to rad in [0, 2 pi) */
        double x = t.v[14 * r];
        if (!(x > 0.0)) {
            hw_yr_fail(y, ff.line, ff.path, "%s:%d: column 1 (%s): expected a value > 0, got %g", path, t.line[r],
                       freq == 1 ? "period, s" : freq == 2 ? "frequency, Hz" : "omega, rad/s", x);
            goto out;
        }
        w[r] = freq == 1 ? tp / x : freq == 2 ? tp * x : x;
        double hd = t.v[14 * r + 1] * (head_u == 0 ? deg : 1.0);
        hd = fmod(hd, tp);
        if (hd < 0.0) hd += tp;
        if (tp - hd < 1e-9) hd = 0.0; /* 360 deg is 0 */
        h[r] = hd;
    }
    int nw = distinct(w, n, uw), nh = distinct(h, n, uh), nc = nw * nh;
    row_of = (int *)malloc((size_t)nc * sizeof(int));
    double *om = (double *)hw_yr_alloc(y, (size_t)nw, sizeof(double)), *hh = (double *)hw_yr_alloc(y, (size_t)nh, sizeof(double));
    double *amp = (double *)hw_yr_alloc(y, (size_t)6 * nc, sizeof(double)), *ph = (double *)hw_yr_alloc(y, (size_t)6 * nc, sizeof(double));
    if (!row_of || !om || !hh || !amp || !ph) { if (!row_of) hw_yr_nomem(y); goto out; }
    for (int i = 0; i < nc; i++) row_of[i] = -1;
    for (int r = 0; r < n; r++) {
        int i = index_of(uw, nw, w[r]), j = index_of(uh, nh, h[r]), cell = i * nh + j;
        if (row_of[cell] >= 0) {
            hw_yr_fail(y, ff.line, ff.path, "%s:%d: expected each (frequency, heading) once (360 deg is 0 deg), got frequency "
                       "%g and heading %g again (line %d)", path, t.line[r], t.v[14 * r], t.v[14 * r + 1], t.line[row_of[cell]]);
            goto out;
        }
        row_of[cell] = r;
        for (int c = 0; c < 6; c++) {
            double a = t.v[14 * r + 2 + 2 * c], p = t.v[14 * r + 3 + 2 * c];
            if (!(a >= 0.0)) {
                hw_yr_fail(y, ff.line, ff.path, "%s:%d: column %d (%s): expected an amplitude >= 0, got %g", path, t.line[r],
                           3 + 2 * c, RAO_COLS[2 + 2 * c], a);
                goto out;
            }
            if (c >= 3 && rot_u == 1) a *= deg;
            p *= phase_u == 0 ? deg : 1.0;
            ph[6 * cell + c] = conv == 1 ? -p : p;
            amp[6 * cell + c] = a;
        }
    }
    if (nc != n) {
        int miss = 0;
        while (row_of[miss] >= 0) miss++;
        double fm = uw[miss / nh], hm = uh[miss % nh];
        hw_yr_fail(y, ff.line, ff.path, "%s: expected a full table: every one of the %d frequencies at every one of the %d "
                   "headings (%d rows), got %d rows (none at omega %g rad/s, heading %g deg)", path, nw, nh, nc, n, fm,
                   hm * 180.0 / PI_);
        goto out;
    }
    memcpy(om, uw, (size_t)nw * sizeof(double));
    memcpy(hh, uh, (size_t)nh * sizeof(double));
    b->rao_n_omega = nw;
    b->rao_n_heading = nh;
    b->rao_omega = om;
    b->rao_heading = hh;
    b->rao_amp = amp;
    b->rao_phase = ph;
    rc = 0;
out:
    free(w); free(h); free(uw); free(uh); free(row_of);
    hw_table_file_free(&t);
    return rc;
}
