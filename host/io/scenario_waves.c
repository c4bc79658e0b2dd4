/* See scenario_waves.h; the keys are documented in docs/scenario.md ("Waves"). */
#include "io/scenario_waves.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/waves.h"
#include "io/table_file.h"
#include "io/yaml_doc.h"

typedef hw_yr_map mapr;
typedef hw_yr_fld fld;

enum { T_REGULAR, T_JONSWAP, T_PM, T_SPECTRUM, T_ELEVATION, T_COMPONENTS };
static const char *const TYPES[] = {"regular", "jonswap", "pierson_moskowitz", "spectrum", "elevation",
                                    "components", NULL};

#define COMMON "ramp", "kinematics_step"
#define DISCRETE "omega_min", "omega_max", "frequencies", "seed", "direction", "spreading", "directions"
static const char *const K_REGULAR[] = {"type", "height", "period", "omega", "direction", "phase", COMMON, NULL};
static const char *const K_JONSWAP[] = {"type", "hs", "tp", "gamma", DISCRETE, COMMON, NULL};
static const char *const K_PM[] = {"type", "hs", "tp", DISCRETE, COMMON, NULL};
static const char *const K_SPECTRUM[] = {"type", "table", DISCRETE, COMMON, NULL};
static const char *const K_ELEVATION[] = {"type", "file", "record", "reference", "direction", COMMON, NULL};
static const char *const K_COMPONENTS[] = {"type", "table", COMMON, NULL};
static const char *const *const KEYS[] = {K_REGULAR, K_JONSWAP, K_PM, K_SPECTRUM, K_ELEVATION, K_COMPONENTS};

/* ---- values with their ranges ----------------------------------------------------------------- */

enum { ANY, POS, NONNEG };

/* A number of the range `range` (ANY, > 0, >= 0); what names it in messages ("a height > 0 m").
 * 1: absent (not required), 0: read, -1: failed. */
static int get_num(mapr *m, const char *key, int required, int range, const char *what, double *dst)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, required, what);
    double x;
    if (hw_yr_read_num(m->y, f.v, f.line, f.path, &x)) return -1;
    if ((range == POS && !(x > 0)) || (range == NONNEG && !(x >= 0))) {
        hw_yr_fail(m->y, f.line, f.path, "expected %s, got %.17g", what, x);
        return -1;
    }
    *dst = x;
    return 0;
}

/* An integer in lo..hi; 1: absent, 0: read, -1: failed. */
static int get_long(mapr *m, const char *key, long lo, long hi, const char *what, long *dst)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, 0, what);
    long x;
    char got[96];
    yd_describe(f.v, got, sizeof got);
    if (yd_to_long(f.v, &x) != 0) {
        hw_yr_fail(m->y, f.line, f.path, "expected %s, got %s", what, got);
        return -1;
    }
    if (x < lo || x > hi) {
        hw_yr_fail(m->y, f.line, f.path, "expected %s, got %ld", what, x);
        return -1;
    }
    *dst = x;
    return 0;
}

/* Rows of cmin..cmax numbers (no order), into a row-major array of cmax columns (absent trailing
 * columns 0). Row k's line is recorded as waves.KEY[k]. Returns the row count or -1. */
static int read_rows(mapr *m, const fld *f, int cmin, int cmax, int min_rows, const char *form,
                     double **out)
{
    hw_yr *y = m->y;
    int n = yd_seq_len(f->v);
    char got[96];
    if (!yd_is_seq(f->v) || n < min_rows) {
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a list of at least %d row%s %s, got %s", min_rows,
                   min_rows == 1 ? "" : "s", form, got);
        return -1;
    }
    double *rows = hw_yr_alloc(y, (size_t)n * (size_t)cmax, sizeof *rows);
    for (int k = 0; rows && k < n; k++) {
        yaml_node_t *row = yd_seq_at(y->doc, f->v, k);
        char path[300];
        snprintf(path, sizeof path, "%s[%d]", f->path, k);
        int w = yd_seq_len(row);
        if (!yd_is_seq(row) || w < cmin || w > cmax) {
            yd_describe(row, got, sizeof got);
            if (cmin == cmax)
                hw_yr_fail(y, yd_line(row), path, "expected a row of %d numbers %s, got %s", cmin, form, got);
            else
                hw_yr_fail(y, yd_line(row), path, "expected a row of %d to %d numbers %s, got %s", cmin, cmax,
                           form, got);
            return -1;
        }
        for (int c = 0; c < w; c++) {
            yaml_node_t *x = yd_seq_at(y->doc, row, c);
            char xpath[320];
            snprintf(xpath, sizeof xpath, "%s[%d]", path, c);
            if (hw_yr_read_num(y, x, yd_line(x), xpath, &rows[k * cmax + c])) return -1;
        }
        char r[96];
        snprintf(r, sizeof r, "%s%s[%d]", m->rec, strrchr(f->path, '.') ? strrchr(f->path, '.') + 1 : "", k);
        hw_yr_record(y, m->item, m->index, r, yd_line(row));
    }
    if (hw_yr_failed(y)) return -1;
    *out = rows;
    return n;
}

/* Column c of a row must satisfy x > 0 (pos) or x >= 0; else fail at that row. */
static int check_col(mapr *m, const fld *f, const double *rows, int n, int cols, int c, int pos,
                     const char *what)
{
    for (int k = 0; k < n; k++) {
        double x = rows[k * cols + c];
        if (pos ? x > 0 : x >= 0) continue;
        yaml_node_t *row = yd_seq_at(m->y->doc, f->v, k);
        char path[320];
        snprintf(path, sizeof path, "%s[%d][%d]", f->path, k, c);
        hw_yr_fail(m->y, yd_line(row), path, "expected %s, got %.17g", what, x);
        return -1;
    }
    return 0;
}

/* ---- the forms -------------------------------------------------------------------------------- */

static void parse_regular(mapr *m, hw_waves_def *w)
{
    fld fp, fo;
    if (get_num(m, "height", 1, POS, "a wave height > 0 m (crest to trough)", &w->height) < 0) return;
    int has_p = hw_yr_get(m, "period", &fp), has_o = hw_yr_get(m, "omega", &fo);
    if (has_p && has_o) {
        hw_yr_fail(m->y, fo.line, fo.path, "expected period (s) or omega (rad/s), not both, got both "
                   "(period at line %d)", fp.line);
        return;
    }
    if (!has_p && !has_o) {
        hw_yr_fail(m->y, m->line, m->path, "expected period (s) or omega (rad/s) (required key), got "
                   "neither");
        return;
    }
    if (has_p && get_num(m, "period", 1, POS, "a period > 0 s", &w->period) < 0) return;
    if (has_o && get_num(m, "omega", 1, POS, "an angular frequency > 0 rad/s", &w->omega) < 0) return;
    get_num(m, "direction", 0, ANY, "a direction (rad)", &w->direction);
    get_num(m, "phase", 0, ANY, "a phase (rad)", &w->phase);
}

/* omega_min, omega_max, frequencies, seed, direction, spreading, directions */
static void parse_discretisation(mapr *m, hw_waves_def *w)
{
    long n = 200, seed = 1, nd = 11;
    fld fmax;
    if (get_num(m, "omega_min", 0, POS, "a lowest frequency > 0 rad/s", &w->omega_min) < 0) return;
    if (get_num(m, "omega_max", 0, POS, "a highest frequency > 0 rad/s", &w->omega_max) < 0) return;
    if (w->omega_min > 0 && w->omega_max > 0 && !(w->omega_max > w->omega_min)) {
        hw_yr_get(m, "omega_max", &fmax);
        hw_yr_fail(m->y, fmax.line, fmax.path, "expected a highest frequency > omega_min (%.17g rad/s), "
                   "got %.17g", w->omega_min, w->omega_max);
        return;
    }
    char what[96];
    snprintf(what, sizeof what, "an integer number of frequencies from 1 to %d", HW_WAVES_MAX_FREQUENCIES);
    if (get_long(m, "frequencies", 1, HW_WAVES_MAX_FREQUENCIES, what, &n) < 0) return;
    if (get_long(m, "seed", 0, LONG_MAX, "an integer seed >= 0", &seed) < 0) return;
    if (get_num(m, "direction", 0, ANY, "a direction (rad)", &w->direction) < 0) return;
    if (get_num(m, "spreading", 0, NONNEG, "a spreading exponent s >= 0 (0: long-crested)", &w->spreading) < 0)
        return;
    snprintf(what, sizeof what, "an odd number of directions from 1 to %d", HW_WAVES_MAX_DIRECTIONS);
    if (get_long(m, "directions", 1, HW_WAVES_MAX_DIRECTIONS, what, &nd) < 0) return;
    if (nd % 2 == 0) {
        fld f;
        hw_yr_get(m, "directions", &f);
        hw_yr_fail(m->y, f.line, f.path, "expected %s, got %ld (even: the main direction would have "
                   "no component of its own)", what, nd);
        return;
    }
    w->n_frequencies = (int)n;
    w->seed = (uint64_t)seed;
    w->n_directions = (int)nd;
}

static void parse_spectrum(mapr *m, int type, hw_waves_def *w)
{
    w->spectrum = type == T_JONSWAP ? HW_SPECTRUM_JONSWAP : type == T_PM ? HW_SPECTRUM_PM : HW_SPECTRUM_TABLE;
    if (type == T_SPECTRUM) {
        fld f;
        if (!hw_yr_get(m, "table", &f)) {
            hw_yr_missing(m, &f, 1, "a spectrum table [[omega, S], ...] (rad/s, m^2 s/rad)");
            return;
        }
        static const hw_yr_table_spec SPEC = {2, 2, 2, "[omega, S] (rad/s, m^2 s/rad)", "omega"};
        double *rows = NULL;
        int n = hw_yr_read_table(m, &f, &SPEC, "waves.table", &rows);
        if (n < 0) return;
        if (check_col(m, &f, rows, n, 2, 0, 0, "a frequency >= 0 rad/s") ||
            check_col(m, &f, rows, n, 2, 1, 0, "a spectral density >= 0 m^2 s/rad"))
            return;
        double *x = hw_yr_column(m->y, rows, n, 2, 0), *s = hw_yr_column(m->y, rows, n, 2, 1);
        if (!x || !s) return;
        w->table.n = n;
        w->table.x = x;
        w->table.y = s;
    } else {
        if (get_num(m, "hs", 1, POS, "a significant wave height > 0 m", &w->hs) < 0) return;
        if (get_num(m, "tp", 1, POS, "a peak period > 0 s", &w->tp) < 0) return;
        w->gamma = type == T_JONSWAP ? 3.3 : 1.0;
        if (type == T_JONSWAP && get_num(m, "gamma", 0, ANY, "a peak enhancement factor >= 1", &w->gamma) == 0 &&
            !(w->gamma >= 1)) {
            fld f;
            hw_yr_get(m, "gamma", &f);
            hw_yr_fail(m->y, f.line, f.path, "expected a peak enhancement factor >= 1, got %.17g", w->gamma);
            return;
        }
    }
    parse_discretisation(m, w);
}

/* The record's samples must be equally spaced (the file reader's rule, hw_record_off_spacing). */
static int check_spacing(mapr *m, const fld *f, const double *t, int n)
{
    double dt, want;
    int k = hw_record_off_spacing(t, 1, n, &dt, &want);
    if (k < 0) return 0;
    yaml_node_t *row = yd_seq_at(m->y->doc, f->v, k);
    char path[300];
    snprintf(path, sizeof path, "%s[%d]", f->path, k);
    hw_yr_fail(m->y, yd_line(row), path, "expected equally spaced times (%.17g s apart, as the first "
               "two rows: t = %.17g), got %.17g", dt, want, t[k]);
    return -1;
}

static void parse_elevation(mapr *m, hw_waves_def *w)
{
    hw_yr *y = m->y;
    fld ff, fr, fref;
    int has_f = hw_yr_get(m, "file", &ff), has_r = hw_yr_get(m, "record", &fr);
    if (has_f == has_r) {
        if (has_f)
            hw_yr_fail(y, fr.line, fr.path, "expected file or record, not both, got both (file at line %d)",
                       ff.line);
        else
            hw_yr_fail(y, m->line, m->path, "expected file (a CSV of t, eta) or record ([[t, eta], ...]) "
                       "(required key), got neither");
        return;
    }
    double *t = NULL, *eta = NULL;
    int n = 0;
    if (has_r) {
        static const hw_yr_table_spec SPEC = {2, 2, 4, "[t, eta] (s, m)", "t"};
        double *rows = NULL;
        n = hw_yr_read_table(m, &fr, &SPEC, "waves.record", &rows);
        if (n < 0) return;
        t = hw_yr_column(y, rows, n, 2, 0);
        eta = hw_yr_column(y, rows, n, 2, 1);
        if (!t || !eta || check_spacing(m, &fr, t, n)) return;
    } else {
        const char *name = yd_scalar(ff.v);
        if (!name || !*name || yd_is_null(ff.v)) {
            char got[96];
            yd_describe(ff.v, got, sizeof got);
            hw_yr_fail(y, ff.line, ff.path, "expected a file name (a CSV of t, eta), got %s", got);
            return;
        }
        char path[4096];
        if (hw_path_beside(y->file, name, path, sizeof path)) {
            hw_yr_fail(y, ff.line, ff.path, "expected a path of at most %zu characters, got \"%.60s...\"",
                       sizeof path - 1, name);
            return;
        }
        hw_table_file tf;
        char err[900];
        hw_status st = hw_table_read_record(path, 0, 1, 4, &tf, err, sizeof err);
        if (st != HW_OK) { /* the record's own FILE:LINE first, then the key that names it */
            if (!hw_yr_failed(y)) {
                snprintf(y->err, y->err_len, "%s (the record named by %s at %s:%d)", err, ff.path, y->file,
                         ff.line);
                y->status = st;
            }
            return;
        }
        n = tf.rows;
        t = hw_yr_column(y, tf.v, n, tf.cols, 0);
        eta = hw_yr_column(y, tf.v, n, tf.cols, 1);
        hw_table_file_free(&tf);
        if (!t || !eta) return;
    }
    w->n_samples = n;
    w->t = t;
    w->eta = eta;
    if (hw_yr_get(m, "reference", &fref)) {
        int k = yd_seq_len(fref.v);
        double v[2];
        if (!yd_is_seq(fref.v) || k != 2) {
            char got[96];
            yd_describe(fref.v, got, sizeof got);
            hw_yr_fail(y, fref.line, fref.path, "expected a list of 2 numbers [x, y] (m), got %s", got);
            return;
        }
        for (int c = 0; c < 2; c++) {
            yaml_node_t *x = yd_seq_at(y->doc, fref.v, c);
            char p[300];
            snprintf(p, sizeof p, "%s[%d]", fref.path, c);
            if (hw_yr_read_num(y, x, yd_line(x), p, &v[c])) return;
        }
        w->ref_x = v[0];
        w->ref_y = v[1];
    }
    get_num(m, "direction", 0, ANY, "a direction (rad)", &w->direction);
}

static void parse_components(mapr *m, hw_waves_def *w)
{
    fld f;
    const char *form = "[amplitude, omega, direction, phase] (m, rad/s, rad, rad)";
    if (!hw_yr_get(m, "table", &f)) {
        char what[128];
        snprintf(what, sizeof what, "a table of components %s", form);
        hw_yr_missing(m, &f, 1, what);
        return;
    }
    double *rows = NULL;
    int n = read_rows(m, &f, 2, 4, 1, form, &rows);
    if (n < 0) return;
    if (check_col(m, &f, rows, n, 4, 0, 0, "an amplitude >= 0 m") ||
        check_col(m, &f, rows, n, 4, 1, 1, "an angular frequency > 0 rad/s"))
        return;
    hw_yr *y = m->y;
    double *a = hw_yr_column(y, rows, n, 4, 0), *om = hw_yr_column(y, rows, n, 4, 1);
    double *d = hw_yr_column(y, rows, n, 4, 2), *p = hw_yr_column(y, rows, n, 4, 3);
    if (!a || !om || !d || !p) return;
    w->n_components = n;
    w->c_amp = a;
    w->c_omega = om;
    w->c_dir = d;
    w->c_phase = p;
}

int hw_scn_parse_waves(hw_yr_map *env, hw_waves_def *w)
{
    hw_yr *y = env->y;
    fld f;
    if (!hw_yr_get(env, "waves", &f)) return 0;
    hw_yr_record(y, env->item, env->index, "waves", f.line);
    char list[160], got[96];
    hw_yr_key_list(TYPES, list, sizeof list);
    if (!yd_is_map(f.v)) {
        yd_describe(f.v, got, sizeof got);
        hw_yr_fail(y, f.line, f.path, "expected a mapping with a type (one of: %s), got %s", list, got);
        return -1;
    }
    yaml_node_t *tk = NULL, *tv = yd_map_find(y->doc, f.v, "type", &tk);
    fld ft = {tv, tk ? yd_line(tk) : f.line, ""};
    snprintf(ft.path, sizeof ft.path, "%.200s.type", f.path);
    if (!tv) {
        hw_yr_fail(y, f.line, ft.path, "expected one of: %s (required key), got nothing", list);
        return -1;
    }
    int type = 0;
    if (hw_yr_read_enum(y, &ft, TYPES, &type)) return -1;
    char context[64];
    snprintf(context, sizeof context, "waves of type %s", TYPES[type]);
    mapr m;
    if (hw_yr_open(&m, y, f.v, f.line, f.path, env->item, env->index, "waves.", KEYS[type], context))
        return -1;
    hw_waves_def d = hw_default_waves();
    switch (type) {
    case T_REGULAR: d.kind = HW_WAVES_REGULAR; parse_regular(&m, &d); break;
    case T_JONSWAP: case T_PM: case T_SPECTRUM: d.kind = HW_WAVES_SPECTRUM; parse_spectrum(&m, type, &d); break;
    case T_ELEVATION: d.kind = HW_WAVES_ELEVATION; parse_elevation(&m, &d); break;
    default: d.kind = HW_WAVES_COMPONENTS; parse_components(&m, &d); break;
    }
    if (!hw_yr_failed(y)) get_num(&m, "ramp", 0, NONNEG, "a ramp time >= 0 s (0: none)", &d.ramp_time);
    if (!hw_yr_failed(y))
        get_num(&m, "kinematics_step", 0, NONNEG, "a sampling interval >= 0 s (0: automatic)",
                &d.kinematics_step);
    if (hw_yr_failed(y)) return -1;
    *w = d;
    return 1;
}

void hw_scn_check_waves(hw_yr *y, const hw_env_def *env, int line)
{
    if (hw_yr_failed(y) || env->waves.kind == HW_WAVES_NONE) return;
    if (!(env->depth > 0)) return; /* hw_model_check() reports it (gravity 0 it allows: the sea does not) */
    hw_waves *w = NULL;
    char msg[600] = "";
    hw_status st = hw_waves_create(env, &w, msg, sizeof msg);
    hw_waves_destroy(w);
    if (st == HW_OK) return;
    const char *why = strncmp(msg, "waves: ", 7) ? msg : msg + 7;
    hw_yr_fail(y, line, "environment.waves", "%s", why[0] ? why : "the sea state could not be built");
    y->status = st;
}
