/* Scenario files (YAML) -> hw_model_def plus the CLI's output requests. The format is documented
 * in docs/scenario.md; the interface in scenario.h.
 *
 * Errors are one line, "FILE:LINE: FIELD: expected WHAT, got WHAT", where FIELD is a path such as
 * "lines[1] (line2).segments" (index, then the item's name in parentheses when it has one). The
 * loader checks what it needs to build the definition (YAML syntax, keys, types, references,
 * table shapes and order, index ranges); the semantic rules are hw_model_check()'s, whose error
 * (section, index, field) is mapped back to the line of that key, recorded while parsing. */
#include "world/coupling.h"
#include "io/scenario.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/files.h"
#include "io/scenario_network.h"
#include "io/scenario_rigid.h"
#include "io/scenario_failure.h"
#include "io/scenario_waves.h"
#include "io/scenario_winch.h"
#include "io/yaml_doc.h"
#include "io/yaml_reader.h"
#include "io/scenario_body.h"
#include "io/scenario_seabed.h"
#include "io/scenario_vessel.h"
#include "io/overrides.h"
#include "model/model_check.h"

/* ---- private data: every allocation of a scenario, and the line of every key ------------------ */

typedef struct scn_priv {
    hw_yr_block *blocks; /* every array and string of the scenario (hw_yr_alloc) */
    hw_yr_recs recs;     /* key lines: item = hw_section, index = the item's (-1 for environment,
                            solver and a list section itself), field as hw_model_check names it
                            ("segments", "motion.period"); "" = the item */
    hw_solver_def loaded_solver; /* as read: a solver field changed since has no line in the file */
    char **ovr;          /* the overrides it was loaded with (hw_scenario_load_with), owned: an */
    int n_ovr;           /* error at their sentinel lines names them (overrides.h) */
} scn_priv;

typedef struct loader {
    hw_yr y;          /* the document, file, first error (in err), key lines, allocations */
    const char *const *ovr; /* overrides applied to the document before it is read */
    int n_ovr;
    hw_scenario *sc;
    scn_priv *pv;
    char err[1024];
    hw_body_attach *att; /* the points of type body, as read (n_att of them) */
    int n_att;
} loader;

/* Key lines of `bodies:` are recorded as this item (not an hw_section), index = the body, field as
 * hw_body_check names it where it is the key ("mass", "motion.period"; "pos" and "rot" are the
 * keys position and rotation). */
enum { REC_BODY = 50 };

typedef hw_yr_map mapr;
typedef hw_yr_fld fld;

#define FAILED(L) hw_yr_failed(&(L)->y)

static const char *const SECTION_NAMES[] = {"environment", "line_types", "points", "lines", "solver",
                                            "sheaves"};

/* ---- errors ----------------------------------------------------------------------------------- */

static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r' || *s == '\t') *s = ' ';
}

static void format_error(char *buf, size_t len, const char *file, int line, const char *field,
                         const char *what)
{
    if (line > 0) snprintf(buf, len, "%s:%d: %s: %s", file, line, field, what);
    else snprintf(buf, len, "%s: %s: %s", file, field, what);
    one_line(buf);
}

static void fail(loader *L, int line, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hw_yr_vfail(&L->y, line, field, fmt, ap);
    va_end(ap);
}

/* ---- memory: zeroed blocks owned by the scenario ---------------------------------------------- */

static char *dup_str(hw_yr *y, const char *s)
{
    char *d = hw_yr_alloc(y, strlen(s) + 1, 1);
    if (d) memcpy(d, s, strlen(s) + 1);
    return d;
}

static double *alloc_doubles(hw_yr *y, int n)
{
    return hw_yr_alloc(y, n > 0 ? (size_t)n : 1, sizeof(double));
}

/* ---- names of items, for paths, references and messages --------------------------------------- */

static int section_count(const hw_model_def *m, int section)
{
    switch (section) {
    case HW_SEC_LINE_TYPE: return m->n_types;
    case HW_SEC_POINT: return m->n_points;
    case HW_SEC_LINE: return m->n_lines;
    case HW_SEC_SHEAVE: return m->n_sheaves;
    default: return 0;
    }
}

static const char *item_name(const hw_model_def *m, int section, int i)
{
    if (i < 0 || i >= section_count(m, section)) return NULL;
    switch (section) {
    case HW_SEC_LINE_TYPE: return m->types[i].name;
    case HW_SEC_POINT: return m->points[i].name;
    case HW_SEC_LINE: return m->lines[i].name;
    case HW_SEC_SHEAVE: return m->sheaves[i].name;
    default: return NULL;
    }
}

static void item_path(char *buf, size_t len, int section, int i, const char *name)
{
    if (name && *name) snprintf(buf, len, "%s[%d] (%.60s)", SECTION_NAMES[section], i, name);
    else snprintf(buf, len, "%s[%d]", SECTION_NAMES[section], i);
}

/* "one of: a, b, c" for short lists, else a count. */
static void known_names(const hw_model_def *m, int section, char *buf, size_t len)
{
    int n = section_count(m, section);
    size_t used = (size_t)snprintf(buf, len, "one of: ");
    for (int i = 0; i < n; i++) {
        const char *name = item_name(m, section, i);
        if (used + strlen(name) + 3 >= len || i >= 12) {
            snprintf(buf, len, "one of the %d names in %s", n, SECTION_NAMES[section]);
            return;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", name);
    }
}

/* ---- values ----------------------------------------------------------------------------------- */

static int read_int(hw_yr *y, const fld *f, int *dst)
{
    long x;
    char got[96];
    yd_describe(f->v, got, sizeof got);
    if (yd_to_long(f->v, &x) == 0) {
        if (x >= INT_MIN && x <= INT_MAX) {
            *dst = (int)x;
            return 0;
        }
        hw_yr_fail(y, f->line, f->path, "expected an integer of at most %d, got %s", INT_MAX, got);
        return -1;
    }
    hw_yr_fail(y, f->line, f->path, "expected an integer, got %s", got);
    return -1;
}

static int read_bool(hw_yr *y, const fld *f, int *dst)
{
    int b;
    if (yd_to_bool(f->v, &b) == 0) {
        *dst = b;
        return 0;
    }
    char got[96];
    yd_describe(f->v, got, sizeof got);
    hw_yr_fail(y, f->line, f->path, "expected true or false, got %s", got);
    return -1;
}

/* A list of nmin..nmax numbers into dst; returns the count or -1. */
static int read_vec(hw_yr *y, const fld *f, double *dst, int nmin, int nmax, const char *form)
{
    int n = yd_seq_len(f->v);
    char got[96];
    if (!yd_is_seq(f->v) || n < nmin || n > nmax) {
        yd_describe(f->v, got, sizeof got);
        if (nmin == nmax)
            hw_yr_fail(y, f->line, f->path, "expected a list of %d numbers %s, got %s", nmin, form, got);
        else
            hw_yr_fail(y, f->line, f->path, "expected a list of %d to %d numbers %s, got %s", nmin, nmax,
                       form, got);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        yaml_node_t *x = yd_seq_at(y->doc, f->v, i);
        char path[288];
        snprintf(path, sizeof path, "%s[%d]", f->path, i);
        if (hw_yr_read_num(y, x, yd_line(x), path, &dst[i])) return -1;
    }
    return n;
}

static int get_int(mapr *m, const char *key, int required, int *dst)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, required, "an integer");
    return read_int(m->y, &f, dst);
}

static int get_bool(mapr *m, const char *key, int required, int *dst)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, required, "true or false");
    return read_bool(m->y, &f, dst);
}

static int get_vec3(mapr *m, const char *key, int required, double dst[3])
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, required, "a list of 3 numbers [x, y, z]");
    return read_vec(m->y, &f, dst, 3, 3, "[x, y, z]") < 0 ? -1 : 0;
}

/* A non-empty string (the item's name). */
static int get_name(mapr *m, const char **dst)
{
    fld f;
    if (!hw_yr_get(m, "name", &f)) return hw_yr_missing(m, &f, 1, "a name");
    const char *s = yd_scalar(f.v);
    if (!s || !*s || yd_is_null(f.v)) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        hw_yr_fail(m->y, f.line, f.path, "expected a non-empty name, got %s", got);
        return -1;
    }
    *dst = dup_str(m->y, s);
    return *dst ? 0 : -1;
}

/* A name of an item of another section (already read); *dst its index. */
static int get_ref(loader *L, mapr *m, const char *key, int section, const char *what, int *dst)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, 1, what);
    const hw_model_def *def = &L->sc->model;
    const char *s = yd_scalar(f.v);
    for (int i = 0; s && i < section_count(def, section); i++)
        if (!strcmp(item_name(def, section, i), s)) {
            *dst = i;
            return 0;
        }
    char got[96], names[256];
    yd_describe(f.v, got, sizeof got);
    known_names(def, section, names, sizeof names);
    if (section_count(def, section) == 0)
        hw_yr_fail(m->y, f.line, f.path, "expected %s, got %s (%s is empty)", what, got,
                   SECTION_NAMES[section]);
    else
        hw_yr_fail(m->y, f.line, f.path, "expected %s (%s), got %s", what, names, got);
    return -1;
}

/* ---- environment ------------------------------------------------------------------------------ */

static const char *const ENV_KEYS[] = {"gravity", "water_density", "depth", "seabed", "current", "waves",
                                       NULL};
static const char *const SEABED_KEYS[] = {"stiffness", "damping", "friction_velocity", "bathymetry", NULL};
static const char *const CURRENT_KEYS[] = {"uniform", "profile", "times", "profiles", "grid", NULL};
static const char *const CURRENT_GRID_KEYS[] = {"x", "y", "z", "times", "velocities", NULL};

static const hw_yr_table_spec PROFILE_SPEC = {3, 4, 1, "[z, ux, uy] or [z, ux, uy, uz]", "z"};

static int alloc_current(hw_yr *y, hw_current_def *c, int n_depth, int n_time)
{
    int n = n_depth * n_time;
    double *z = alloc_doubles(y, n_depth), *t = alloc_doubles(y, n_time);
    double *ux = alloc_doubles(y, n), *uy = alloc_doubles(y, n), *uz = alloc_doubles(y, n);
    if (hw_yr_failed(y)) return -1;
    c->n_depth = n_depth;
    c->n_time = n_time;
    c->z = z;
    c->t = t;
    c->ux = ux;
    c->uy = uy;
    c->uz = uz;
    return 0;
}

/* Profile k (rows [z, ux, uy, uz]) into the velocity arrays at time index k. */
static void store_profile(hw_current_def *c, int k, const double *rows)
{
    double *ux = (double *)c->ux, *uy = (double *)c->uy, *uz = (double *)c->uz;
    for (int j = 0; j < c->n_depth; j++) {
        ux[k * c->n_depth + j] = rows[4 * j + 1];
        uy[k * c->n_depth + j] = rows[4 * j + 2];
        uz[k * c->n_depth + j] = rows[4 * j + 3];
    }
}

/* uniform: [ux, uy(, uz)] everywhere: two depths far apart with the same value. */
static void current_uniform(mapr *m, const fld *f, hw_current_def *c)
{
    double u[3] = {0, 0, 0};
    if (read_vec(m->y, f, u, 2, 3, "[ux, uy] or [ux, uy, uz]") < 0) return;
    if (alloc_current(m->y, c, 2, 1)) return;
    double rows[8] = {-1e9, u[0], u[1], u[2], 1e9, u[0], u[1], u[2]};
    ((double *)c->z)[0] = -1e9;
    ((double *)c->z)[1] = 1e9;
    store_profile(c, 0, rows);
}

static void current_profile(mapr *m, const fld *f, hw_current_def *c)
{
    double *rows = NULL;
    int n = hw_yr_read_table(m, f, &PROFILE_SPEC, NULL, &rows);
    if (n < 0 || alloc_current(m->y, c, n, 1)) return;
    for (int j = 0; j < n; j++) ((double *)c->z)[j] = rows[4 * j];
    store_profile(c, 0, rows);
}

/* times: a strictly increasing list of numbers. Returns the count or -1. */
static int read_times(hw_yr *y, const fld *f, double **out)
{
    int n = yd_seq_len(f->v);
    if (!yd_is_seq(f->v) || n < 1) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a list of at least 1 time (s), got %s", got);
        return -1;
    }
    double *t = alloc_doubles(y, n);
    for (int k = 0; t && k < n; k++) {
        yaml_node_t *x = yd_seq_at(y->doc, f->v, k);
        char path[288];
        snprintf(path, sizeof path, "%s[%d]", f->path, k);
        if (hw_yr_read_num(y, x, yd_line(x), path, &t[k])) return -1;
        if (k > 0 && !(t[k] > t[k - 1])) {
            hw_yr_fail(y, yd_line(x), path, "expected a time greater than the previous one (%g), got %g",
                       t[k - 1], t[k]);
            return -1;
        }
    }
    if (hw_yr_failed(y)) return -1;
    *out = t;
    return n;
}

/* Profile k must have the z rows of profile 0. */
static int check_same_depths(hw_yr *y, const fld *pk, const double *rows, int n,
                             const hw_current_def *c)
{
    if (n != c->n_depth) {
        hw_yr_fail(y, pk->line, pk->path, "expected %d rows (the z values of profiles[0]), got %d",
                   c->n_depth, n);
        return -1;
    }
    for (int j = 0; j < n; j++)
        if (rows[4 * j] != c->z[j]) {
            yaml_node_t *row = yd_seq_at(y->doc, pk->v, j);
            char path[288];
            snprintf(path, sizeof path, "%s[%d]", pk->path, j);
            hw_yr_fail(y, yd_line(row), path, "expected z = %g (as in profiles[0]), got %g", c->z[j],
                       rows[4 * j]);
            return -1;
        }
    return 0;
}

static void current_time_profiles(mapr *m, const fld *ft, const fld *fp, hw_current_def *c)
{
    hw_yr *y = m->y;
    double *t = NULL;
    int nt = read_times(y, ft, &t);
    if (nt < 0) return;
    if (!yd_is_seq(fp->v) || yd_seq_len(fp->v) != nt) {
        char got[96];
        yd_describe(fp->v, got, sizeof got);
        hw_yr_fail(y, fp->line, fp->path, "expected a list of %d profiles (one per time), got %s", nt, got);
        return;
    }
    for (int k = 0; k < nt && !hw_yr_failed(y); k++) {
        fld pk = {yd_seq_at(y->doc, fp->v, k), 0, ""};
        pk.line = yd_line(pk.v);
        snprintf(pk.path, sizeof pk.path, "%.200s[%d]", fp->path, k);
        double *rows = NULL;
        int n = hw_yr_read_table(m, &pk, &PROFILE_SPEC, NULL, &rows);
        if (n < 0) return;
        if (k == 0) {
            if (alloc_current(y, c, n, nt)) return;
            memcpy((double *)c->t, t, (size_t)nt * sizeof *t);
            for (int j = 0; j < n; j++) ((double *)c->z)[j] = rows[4 * j];
        } else if (check_same_depths(y, &pk, rows, n, c)) {
            return;
        }
        store_profile(c, k, rows);
    }
}

/* An axis of the grid: a strictly increasing list of at least one number. Returns the count or -1. */
static int read_axis(hw_yr *y, const fld *f, const char *what, double **out)
{
    int n = yd_seq_len(f->v);
    if (!yd_is_seq(f->v) || n < 1) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a list of at least 1 %s, got %s", what, got);
        return -1;
    }
    double *v = alloc_doubles(y, n);
    for (int k = 0; v && k < n; k++) {
        yaml_node_t *x = yd_seq_at(y->doc, f->v, k);
        char path[288];
        snprintf(path, sizeof path, "%s[%d]", f->path, k);
        if (hw_yr_read_num(y, x, yd_line(x), path, &v[k])) return -1;
        if (k > 0 && !(v[k] > v[k - 1])) {
            hw_yr_fail(y, yd_line(x), path, "expected a value greater than the previous one (%g), got %g", v[k - 1],
                       v[k]);
            return -1;
        }
    }
    if (hw_yr_failed(y)) return -1;
    *out = v;
    return n;
}

/* grid: axes x, y, z, times and a row [x, y, z, t, ux, uy, uz] for every grid point, once, in any
 * order (each coordinate one of its axis' values). */
static void current_grid(mapr *parent, const fld *fg, hw_current_def *c)
{
    hw_yr *y = parent->y;
    mapr m;
    if (hw_yr_open(&m, y, fg->v, fg->line, fg->path, HW_SEC_ENVIRONMENT, -1, "current.grid.", CURRENT_GRID_KEYS,
                   "a current grid: x, y, z, times and velocities"))
        return;
    static const char *const AX[4] = {"x", "y", "z", "times"};
    static const char *const WHAT[4] = {"x value (m)", "y value (m)", "depth z (m)", "time (s)"};
    double *ax[4] = {NULL, NULL, NULL, NULL};
    int n[4] = {0, 0, 0, 0};
    fld f;
    for (int a = 0; a < 4; a++) {
        int has = hw_yr_get(&m, AX[a], &f);
        if (hw_yr_missing(&m, &f, !has, WHAT[a]) < 0 || !has) return;
        if ((n[a] = read_axis(y, &f, WHAT[a], &ax[a])) < 0) return;
    }
    int has = hw_yr_get(&m, "velocities", &f);
    if (hw_yr_missing(&m, &f, !has, "a row [x, y, z, t, ux, uy, uz] per grid point") < 0 || !has) return;
    size_t np = (size_t)n[0] * n[1] * n[2] * n[3];
    int rows = yd_seq_len(f.v);
    if (!yd_is_seq(f.v) || (size_t)rows != np) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        hw_yr_fail(y, f.line, f.path, "expected %zu rows [x, y, z, t, ux, uy, uz] (one per grid point: %d x, %d y, "
                   "%d z, %d times), got %s", np, n[0], n[1], n[2], n[3], got);
        return;
    }
    double *ux = alloc_doubles(y, (int)np), *uy = alloc_doubles(y, (int)np), *uz = alloc_doubles(y, (int)np);
    unsigned char *seen = hw_yr_alloc(y, np, 1);
    if (hw_yr_failed(y)) return;
    memset(seen, 0, np);
    for (int r = 0; r < rows; r++) {
        yaml_node_t *row = yd_seq_at(y->doc, f.v, r);
        char path[288];
        snprintf(path, sizeof path, "%s[%d]", f.path, r);
        if (!yd_is_seq(row) || yd_seq_len(row) != 7) {
            char got[96];
            yd_describe(row, got, sizeof got);
            hw_yr_fail(y, yd_line(row), path, "expected [x, y, z, t, ux, uy, uz], got %s", got);
            return;
        }
        double v[7];
        for (int k = 0; k < 7; k++) {
            yaml_node_t *x = yd_seq_at(y->doc, row, k);
            char xp[300];
            snprintf(xp, sizeof xp, "%s[%d]", path, k);
            if (hw_yr_read_num(y, x, yd_line(x), xp, &v[k])) return;
        }
        int idx[4];
        for (int a = 0; a < 4; a++) {
            idx[a] = 0;
            while (idx[a] < n[a] && ax[a][idx[a]] != v[a]) idx[a]++;
            if (idx[a] == n[a]) {
                hw_yr_fail(y, yd_line(row), path, "expected %s one of the %d values of %s.%s, got %g",
                           a == 3 ? "t" : AX[a], n[a], m.path, AX[a], v[a]);
                return;
            }
        }
        size_t o = (((size_t)idx[3] * n[1] + idx[1]) * n[0] + idx[0]) * n[2] + idx[2];
        if (seen[o]) {
            hw_yr_fail(y, yd_line(row), path, "expected each grid point once, got x %g, y %g, z %g, t %g again",
                       v[0], v[1], v[2], v[3]);
            return;
        }
        seen[o] = 1;
        ux[o] = v[4]; uy[o] = v[5]; uz[o] = v[6];
    }
    c->n_x = n[0]; c->x = ax[0];
    c->n_y = n[1]; c->y = ax[1];
    c->n_depth = n[2]; c->z = ax[2];
    c->n_time = n[3]; c->t = ax[3];
    c->ux = ux; c->uy = uy; c->uz = uz;
}

static void parse_current(mapr *env, hw_current_def *c)
{
    hw_yr *y = env->y;
    fld f, fu, fp, ft, fps;
    mapr m;
    if (!hw_yr_get(env, "current", &f)) return;
    hw_yr_record(y, HW_SEC_ENVIRONMENT, -1, "current", f.line);
    if (hw_yr_open(&m, y, f.v, f.line, f.path, HW_SEC_ENVIRONMENT, -1, "current.", CURRENT_KEYS,
                   "a current: uniform, profile, times with profiles, or grid"))
        return;
    int has_u = hw_yr_get(&m, "uniform", &fu), has_p = hw_yr_get(&m, "profile", &fp);
    int has_t = hw_yr_get(&m, "times", &ft), has_ps = hw_yr_get(&m, "profiles", &fps);
    fld fg;
    int has_g = hw_yr_get(&m, "grid", &fg);
    int forms = has_u + has_p + (has_t || has_ps) + has_g;
    if (forms != 1) {
        char got[112];
        snprintf(got, sizeof got, "%s%s%s%s", has_u ? " and uniform" : "", has_p ? " and profile" : "",
                 has_t || has_ps ? " and times/profiles" : "", has_g ? " and grid" : "");
        hw_yr_fail(y, f.line, f.path,
                   "expected exactly one form of current (uniform, profile, times with profiles, or grid), got %s",
                   forms ? got + 5 : "none");
        return;
    }
    if (has_g) {
        hw_yr_record(y, HW_SEC_ENVIRONMENT, -1, "current.profile", fg.line);
        current_grid(&m, &fg, c);
    } else if (has_u) {
        hw_yr_record(y, HW_SEC_ENVIRONMENT, -1, "current.profile", fu.line);
        current_uniform(&m, &fu, c);
    } else if (has_p) {
        current_profile(&m, &fp, c);
    } else if (hw_yr_missing(&m, &ft, !has_t, "a list of times (s), one per profile") >= 0 &&
               hw_yr_missing(&m, &fps, !has_ps, "a list of profiles, one per time") >= 0) {
        hw_yr_record(y, HW_SEC_ENVIRONMENT, -1, "current.profile", fps.line);
        current_time_profiles(&m, &ft, &fps, c);
    }
}

static void parse_seabed(mapr *env, hw_env_def *e)
{
    fld f;
    mapr m;
    if (!hw_yr_get(env, "seabed", &f)) return;
    if (hw_yr_open(&m, env->y, f.v, f.line, f.path, HW_SEC_ENVIRONMENT, -1, "seabed.", SEABED_KEYS,
                   "the seabed"))
        return;
    hw_yr_get_num(&m, "stiffness", 0, &e->seabed_k);
    hw_yr_get_num(&m, "damping", 0, &e->seabed_c);
    hw_yr_get_num(&m, "friction_velocity", 0, &e->friction_v);
    if (hw_yr_get(&m, "bathymetry", &f)) hw_scn_parse_bathymetry(&m, &f, &e->bathymetry);
}

static void parse_environment(loader *L, mapr *root)
{
    hw_env_def *e = &L->sc->model.env;
    fld f;
    mapr m;
    *e = hw_default_env();
    if (!hw_yr_get(root, "environment", &f)) return;
    hw_yr_record(&L->y, HW_SEC_ENVIRONMENT, -1, "", f.line);
    if (hw_yr_open(&m, &L->y, f.v, f.line, "environment", HW_SEC_ENVIRONMENT, -1, "", ENV_KEYS,
                   "the environment"))
        return;
    hw_yr_get_num(&m, "gravity", 0, &e->g);
    hw_yr_get_num(&m, "water_density", 0, &e->rho_w);
    hw_yr_get_num(&m, "depth", 0, &e->depth);
    parse_seabed(&m, e);
    parse_current(&m, &e->current);
    /* the sea is built once here, so that a bad one is reported at the line of `waves` */
    if (hw_scn_parse_waves(&m, &e->waves) > 0)
        hw_scn_check_waves(&L->y, e, hw_yr_find(&L->pv->recs, HW_SEC_ENVIRONMENT, -1, "waves"));
}

/* ---- solver ----------------------------------------------------------------------------------- */

static const char *const SOLVER_KEYS[] = {"dt", "dt_safety", "t_end", "integrator", "static_solve",
                                          "static_tolerance", "static_max_iterations",
                                          "max_strain", "allow_unstable_dt", "iterations",
                                          "instability_monitor", NULL};

/* dt: a number or "auto" (0). */
static void get_dt(mapr *m, double *dt)
{
    fld f;
    if (!hw_yr_get(m, "dt", &f)) return;
    const char *s = yd_scalar(f.v);
    if (s && !strcmp(s, "auto")) {
        *dt = 0.0;
        return;
    }
    if (yd_to_double(f.v, dt) == 0) return;
    char got[96];
    yd_describe(f.v, got, sizeof got);
    hw_yr_fail(m->y, f.line, f.path, "expected a time step in s or auto, got %s", got);
}

static void parse_solver(loader *L, mapr *root)
{
    hw_solver_def *s = &L->sc->model.solver;
    fld f;
    mapr m;
    *s = hw_default_solver();
    if (hw_yr_get(root, "solver", &f)) {
        hw_yr_record(&L->y, HW_SEC_SOLVER, -1, "", f.line);
        if (hw_yr_open(&m, &L->y, f.v, f.line, "solver", HW_SEC_SOLVER, -1, "", SOLVER_KEYS, "the solver"))
            return;
        int integ = (int)s->integrator;
        get_dt(&m, &s->dt);
        hw_yr_get_num(&m, "dt_safety", 0, &s->dt_safety);
        hw_yr_get_num(&m, "t_end", 0, &s->t_end);
        if (hw_yr_get_enum(&m, "integrator", 0, hw_integ_keys, &integ) == 0)
            s->integrator = (hw_integrator)integ;
        get_bool(&m, "static_solve", 0, &s->static_solve);
        hw_yr_get_num(&m, "static_tolerance", 0, &s->static_tol);
        get_int(&m, "static_max_iterations", 0, &s->static_max_iter);
        hw_yr_get_num(&m, "max_strain", 0, &s->max_strain);
        get_bool(&m, "allow_unstable_dt", 0, &s->allow_unstable_dt);
        get_int(&m, "iterations", 0, &s->iterations);
        int mon = !s->monitor_off;
        get_bool(&m, "instability_monitor", 0, &mon);
        s->monitor_off = !mon;
    }
    L->pv->loaded_solver = *s;
}

/* ---- list sections ---------------------------------------------------------------------------- */

/* The list under key (required). Returns its length or -1. */
static int open_list_section(loader *L, mapr *root, int section, const char *what, fld *f)
{
    const char *key = SECTION_NAMES[section];
    if (!hw_yr_get(root, key, f)) {
        char want[96];
        snprintf(want, sizeof want, "a list of %s", what);
        hw_yr_missing(root, f, 1, want);
        return -1;
    }
    hw_yr_record(&L->y, section, -1, "", f->line);
    hw_yr_record(&L->y, section, -1, key, f->line);
    if (!yd_is_seq(f->v)) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, key, "expected a list of %s, got %s", what, got);
        return -1;
    }
    return yd_seq_len(f->v);
}

/* Opens item i of a list section as a mapping; its path carries its name when it has one. */
static int open_item(mapr *m, loader *L, yaml_node_t *node, int section, int i,
                     const char *const *allowed, const char *context)
{
    yaml_node_t *name = yd_is_map(node) ? yd_map_find(L->y.doc, node, "name", NULL) : NULL;
    char path[192];
    item_path(path, sizeof path, section, i, yd_is_null(name) ? NULL : yd_scalar(name));
    hw_yr_record(&L->y, section, i, "", yd_line(node));
    return hw_yr_open(m, &L->y, node, yd_line(node), path, section, i, "", allowed, context);
}

/* Names unique within a section. */
static void check_unique_names(loader *L, int section)
{
    const hw_model_def *def = &L->sc->model;
    int n = section_count(def, section);
    for (int i = 1; i < n && !FAILED(L); i++)
        for (int j = 0; j < i; j++) {
            const char *name = item_name(def, section, i);
            if (strcmp(name, item_name(def, section, j))) continue;
            char path[256];
            item_path(path, sizeof path, section, i, name);
            strcat(path, ".name");
            fail(L, hw_yr_find(&L->pv->recs, section, i, "name"), path,
                 "expected a name not used before in %s, got \"%.60s\" again (%s[%d] at line %d)",
                 SECTION_NAMES[section], name, SECTION_NAMES[section], j,
                 hw_yr_find(&L->pv->recs, section, j, "name"));
            return;
        }
}

/* ---- line types ------------------------------------------------------------------------------- */

static const char *const TYPE_KEYS[] = {"name", "diameter", "mass_per_length", "EA", "EA_table",
                                        "BA", "damping_ratio", "BA_table", "EI", "Cdn", "Cdt", "Can", "Cat",
                                        "seabed_friction", "mbl", "viscoelastic", "viv", "syrope", NULL};
static const char *const VISCO_KEYS[] = {"EA_d", "BA_d", "EA_d_slope", NULL};
static const char *const VIV_KEYS[] = {"Cl", "cF", "dF", "tau", NULL};
static const char *const SYROPE_KEYS[] = {"OWC", "curve", "k1", "k2", "alpha", "beta", "BA_d", "working_curve", NULL};
static const char *const SYROPE_WCS[] = {"segment", "line", NULL};
static const char *const SYROPE_CURVES[] = {"linear", "quadratic", "exp", NULL};
static const hw_yr_table_spec EA_TABLE_SPEC = {2, 2, 2, "[strain, tension]", "strain"};
static const hw_yr_table_spec BA_TABLE_SPEC = {2, 2, 2, "[strain rate, damping force]", "strain rate"};

/* EA (a number) or EA_table (rows [strain, tension]): exactly one. */
static void parse_axial_stiffness(mapr *m, hw_line_type_def *t)
{
    fld fe, ft;
    int has_ea = hw_yr_get(m, "EA", &fe), has_table = hw_yr_get(m, "EA_table", &ft);
    if (has_ea && has_table) {
        hw_yr_fail(m->y, ft.line, ft.path, "expected either EA or EA_table, got both (EA at line %d)",
                   fe.line);
    } else if (!has_ea && !has_table && hw_yr_get(m, "syrope", &ft)) {
        /* a Syrope line: its stiffness is the syrope block's */
    } else if (!has_ea && !has_table) {
        hw_yr_fail(m->y, fe.line, fe.path,
                   "expected EA (a number, N) or an EA_table (one is required), got neither");
    } else if (has_ea) {
        hw_yr_read_num(m->y, fe.v, fe.line, fe.path, &t->ea);
    } else {
        double *rows = NULL;
        int n = hw_yr_read_table(m, &ft, &EA_TABLE_SPEC, "EA_table", &rows);
        if (n < 0) return;
        t->ea_table.x = hw_yr_column(m->y, rows, n, 2, 0);
        t->ea_table.y = hw_yr_column(m->y, rows, n, 2, 1);
        t->ea_table.n = n;
    }
}

/* BA_table (rows [strain rate, damping force]): the axial damping as a curve, MoorDyn's BA curve
 * file; with BA or damping_ratio, hw_model_check says which to keep. */
static void parse_damping_table(mapr *m, hw_line_type_def *t)
{
    fld f;
    if (!hw_yr_get(m, "BA_table", &f)) return;
    double *rows = NULL;
    int n = hw_yr_read_table(m, &f, &BA_TABLE_SPEC, "BA_table", &rows);
    if (n < 0) return;
    t->ba_table.x = hw_yr_column(m->y, rows, n, 2, 0);
    t->ba_table.y = hw_yr_column(m->y, rows, n, 2, 1);
    t->ba_table.n = n;
}

/* viscoelastic: {EA_d: N, BA_d: N s, EA_d_slope: -}: MoorDyn's static-dynamic stiffness model,
 * EA being the static stiffness; with EA_d_slope (beta) the dynamic stiffness grows with the mean
 * load as EA_d + beta x mean load (MoorDyn's EA_s|alpha|beta; kernels/physics/viscoelastic.h). */
static void parse_viscoelastic(mapr *m, hw_line_type_def *t)
{
    fld f;
    mapr vm;
    if (!hw_yr_get(m, "viscoelastic", &f)) return;
    if (hw_yr_open(&vm, m->y, f.v, f.line, f.path, m->item, m->index, "viscoelastic.", VISCO_KEYS,
                   "a viscoelastic model"))
        return;
    hw_yr_get_num(&vm, "EA_d", 1, &t->ea_d);
    hw_yr_get_num(&vm, "BA_d", 0, &t->ba_d);
    hw_yr_get_num(&vm, "EA_d_slope", 0, &t->ea_d_slope);
}

/* viv: {Cl: -, cF: -, dF: -, tau: s}: cross-flow vortex-induced vibration (kernels/physics/viv.h),
 * MoorDyn 2.7.2's synchronization model; Cl is required, the rest default to MoorDyn's. */
static void parse_viv(mapr *m, hw_line_type_def *t)
{
    fld f;
    mapr vm;
    if (!hw_yr_get(m, "viv", &f)) return;
    if (hw_yr_open(&vm, m->y, f.v, f.line, f.path, m->item, m->index, "viv.", VIV_KEYS,
                   "a vortex-induced vibration model"))
        return;
    hw_yr_get_num(&vm, "Cl", 1, &t->viv_cl);
    hw_yr_get_num(&vm, "cF", 0, &t->viv_cf);
    hw_yr_get_num(&vm, "dF", 0, &t->viv_df);
    hw_yr_get_num(&vm, "tau", 0, &t->viv_tau);
}

/* syrope: {OWC: [[strain, tension], ...], curve: linear|quadratic|exp, k1, k2, alpha: N, beta: -,
 * BA_d: N s, working_curve: segment|line}: MoorDyn's Syrope polyester model
 * (kernels/physics/syrope.h), BA being BA_s; each line of the type gives its start in
 * lines[].syrope. */
static void parse_syrope_type(mapr *m, hw_line_type_def *t)
{
    fld f, ft;
    mapr sm;
    if (!hw_yr_get(m, "syrope", &f)) return;
    if (hw_yr_open(&sm, m->y, f.v, f.line, f.path, m->item, m->index, "syrope.", SYROPE_KEYS,
                   "a Syrope model"))
        return;
    t->syrope.on = 1;
    if (hw_yr_get(&sm, "OWC", &ft)) {
        double *rows = NULL;
        int n = hw_yr_read_table(&sm, &ft, &EA_TABLE_SPEC, "syrope.OWC", &rows);
        if (n < 0) return;
        t->syrope.owc.x = hw_yr_column(m->y, rows, n, 2, 0);
        t->syrope.owc.y = hw_yr_column(m->y, rows, n, 2, 1);
        t->syrope.owc.n = n;
    } else {
        hw_yr_missing(&sm, &ft, 1, "an original working curve [[strain, tension], ...]");
    }
    hw_yr_get_enum(&sm, "curve", 1, SYROPE_CURVES, &t->syrope.curve);
    hw_yr_get_num(&sm, "k1", 1, &t->syrope.k1);
    hw_yr_get_num(&sm, "k2", 0, &t->syrope.k2);
    hw_yr_get_num(&sm, "alpha", 1, &t->syrope.alpha);
    hw_yr_get_num(&sm, "beta", 1, &t->syrope.beta);
    hw_yr_get_num(&sm, "BA_d", 0, &t->ba_d);
    hw_yr_get_enum(&sm, "working_curve", 0, SYROPE_WCS, &t->syrope.line_curve);
}

static void parse_line_type(loader *L, yaml_node_t *node, int i, hw_line_type_def *t)
{
    mapr m;
    *t = hw_default_line_type();
    if (open_item(&m, L, node, HW_SEC_LINE_TYPE, i, TYPE_KEYS, "a line type")) return;
    get_name(&m, &t->name);
    hw_yr_get_num(&m, "diameter", 1, &t->d);
    hw_yr_get_num(&m, "mass_per_length", 1, &t->mu);
    parse_axial_stiffness(&m, t);
    hw_yr_get_num(&m, "BA", 0, &t->ba);
    hw_yr_get_num(&m, "damping_ratio", 0, &t->damping_ratio);
    parse_damping_table(&m, t);
    hw_yr_get_num(&m, "EI", 0, &t->ei);
    hw_yr_get_num(&m, "Cdn", 0, &t->cdn);
    hw_yr_get_num(&m, "Cdt", 0, &t->cdt);
    hw_yr_get_num(&m, "Can", 0, &t->can);
    hw_yr_get_num(&m, "Cat", 0, &t->cat);
    hw_yr_get_num(&m, "seabed_friction", 0, &t->seabed_mu);
    parse_viscoelastic(&m, t);
    parse_viv(&m, t);
    parse_syrope_type(&m, t);
    if (hw_yr_get_num(&m, "mbl", 0, &t->mbl) == 0 && !(t->mbl > 0)) {
        fld f;
        hw_yr_get(&m, "mbl", &f);
        fail(L, f.line, f.path, "expected a minimum breaking load > 0 N, got %g", t->mbl);
    }
}

static void parse_line_types(loader *L, mapr *root)
{
    fld f;
    int n = open_list_section(L, root, HW_SEC_LINE_TYPE, "line types", &f);
    if (n < 0) return;
    hw_line_type_def *types = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *types);
    for (int i = 0; types && i < n && !FAILED(L); i++)
        parse_line_type(L, yd_seq_at(L->y.doc, f.v, i), i, &types[i]);
    if (FAILED(L)) return;
    L->sc->model.types = types;
    L->sc->model.n_types = n;
    check_unique_names(L, HW_SEC_LINE_TYPE);
}

/* ---- points ----------------------------------------------------------------------------------- */

static const char *const POINT_KEYS[] = {"name", "type", "position", "motion", "mass", "volume",
                                         "drag_area", "added_mass_coefficient", "body", NULL};
static const char *const FREE_POINT_KEYS[] = {"mass", "volume", "drag_area",
                                              "added_mass_coefficient", NULL};
static const char *const POINT_KINDS[] = {"fixed", "prescribed", "free", "coupled", "body", NULL};
enum { POINT_ON_BODY = 4 }; /* type: body (a coupled point of the model, moved by its body) */
static const char *const MOTION_KINDS[] = {"constant_velocity", "sinusoid", "table", NULL};
static const char *const MOTION_KEYS[] = {"type", "velocity", "amplitude", "period", "phase",
                                          "table", NULL};
static const char *const CONSTANT_VELOCITY_KEYS[] = {"type", "velocity", NULL};
static const char *const SINUSOID_KEYS[] = {"type", "amplitude", "period", "phase", NULL};
static const char *const TABLE_MOTION_KEYS[] = {"type", "table", NULL};
static const hw_yr_table_spec MOTION_TABLE_SPEC = {4, 4, 2, "[t, dx, dy, dz]", "t"};

static void parse_motion_table(mapr *mm, hw_point_def *p)
{
    fld f;
    double *rows = NULL;
    if (!hw_yr_get(mm, "table", &f)) {
        hw_yr_missing(mm, &f, 1, "a list of rows [t, dx, dy, dz]");
        return;
    }
    int n = hw_yr_read_table(mm, &f, &MOTION_TABLE_SPEC, "motion.table", &rows);
    if (n < 0) return;
    double *t = hw_yr_column(mm->y, rows, n, 4, 0), *xyz = alloc_doubles(mm->y, 3 * n);
    if (!t || !xyz) return;
    for (int k = 0; k < n; k++) memcpy(&xyz[3 * k], &rows[4 * k + 1], 3 * sizeof *xyz);
    p->table_n = n;
    p->table_t = t;
    p->table_xyz = xyz;
}

/* The keys of the motion's own kind only (e.g. no period on a constant_velocity motion). */
static void check_motion_keys(mapr *mm, int kind)
{
    const char *const *allowed = kind == HW_MOTION_CONSTANT_VELOCITY ? CONSTANT_VELOCITY_KEYS
                                 : kind == HW_MOTION_SINUSOID        ? SINUSOID_KEYS
                                                                     : TABLE_MOTION_KEYS;
    char context[64];
    snprintf(context, sizeof context, "a %s motion", MOTION_KINDS[kind]);
    hw_yr_check_map(mm->y, mm->node, mm->line, mm->path, allowed, context);
}

static void parse_motion(mapr *m, const fld *f, hw_point_def *p)
{
    mapr mm;
    int kind = 0;
    if (hw_yr_open(&mm, m->y, f->v, f->line, f->path, m->item, m->index, "motion.", MOTION_KEYS,
                   "a motion"))
        return;
    if (hw_yr_get_enum(&mm, "type", 1, MOTION_KINDS, &kind)) return;
    p->motion = (hw_motion_kind)kind;
    check_motion_keys(&mm, kind);
    if (kind == HW_MOTION_CONSTANT_VELOCITY) {
        get_vec3(&mm, "velocity", 1, p->vel);
    } else if (kind == HW_MOTION_SINUSOID) {
        get_vec3(&mm, "amplitude", 1, p->amp);
        hw_yr_get_num(&mm, "period", 1, &p->period);
        hw_yr_get_num(&mm, "phase", 0, &p->phase);
    } else {
        parse_motion_table(&mm, p);
    }
}

/* ---- bodies ----------------------------------------------------------------------------------- */

static const char *const BODY_KEYS[] = {"name", "type", "position", "rotation", "mass", "cg", "inertia",
                                        "volume", "cb", "waterplane_area", "waterplane_inertia", "CdA",
                                        "Ca", "motion", "cylinders", "start", "pin_on", "pin_at", NULL};
/* bodies[].start: the velocities a free or pinned body starts with (a deck's fileIC) */
static const char *const BODY_START_KEYS[] = {"velocity", "angular_velocity", NULL};
/* a cylinder a body carries (MoorDyn's rod; hw_body_cylinder_def) */
static const char *const CYLINDER_KEYS[] = {"a", "b", "diameter", "mass_per_length", "segments", "Cd", "Ca",
                                            "CdAx", "CaAx", "CdEnd", "CaEnd", NULL};
/* the keys of a free body's own loads and inertia: only a free body is moved by them */
static const char *const FREE_BODY_KEYS[] = {"mass", "cg", "inertia", "volume", "cb", "waterplane_area",
                                             "waterplane_inertia", "CdA", "Ca", NULL};
static const char *const BODY_KINDS[] = {"free", "fixed", "prescribed", "coupled", "pinned", NULL}; /* hw_body_kind */
static const hw_yr_table_spec BODY_TABLE_SPEC = {7, 7, 2, "[t, dx, dy, dz, droll, dpitch, dyaw]", "t"};
/* a body's motions: the points' kinds and keys, a table also from a file (in degrees or radians),
 * and the response to the waves of an RAO table (scenario_vessel.c) */
static const char *const BODY_MOTION_KINDS[] = {"constant_velocity", "sinusoid", "table", "rao", NULL};
static const char *const BODY_MOTION_KEYS[] = {"type", "velocity", "amplitude", "period", "phase", "table",
                                               "file", "angles", "rao", NULL};
static const char *const BODY_TABLE_KEYS[] = {"type", "table", "file", "angles", NULL};
static const char *const BODY_RAO_KEYS[] = {"type", "rao", NULL};
static const char *const ANGLE_UNITS[] = {"radians", "degrees", NULL};

static void body_path(char *buf, size_t len, int k, const char *name)
{
    if (name && *name) snprintf(buf, len, "bodies[%d] (%.60s)", k, name);
    else snprintf(buf, len, "bodies[%d]", k);
}

/* A list of 6 numbers (m and rad, or their rates) of a body's motion. */
static void get_vec6(mapr *m, const char *key, double dst[6], const char *form)
{
    fld f;
    char want[128];
    snprintf(want, sizeof want, "a list of 6 numbers %s", form);
    if (!hw_yr_get(m, key, &f)) { hw_yr_missing(m, &f, 1, want); return; }
    read_vec(m->y, &f, dst, 6, 6, form);
}

static void parse_body_motion(mapr *m, hw_body_def *b)
{
    fld f;
    mapr mm;
    int kind = 0, has = hw_yr_get(m, "motion", &f);
    if (b->kind == HW_BODY_PINNED && !has) return; /* optional: the pin's motion (held still without) */
    if (b->kind != HW_BODY_PRESCRIBED && b->kind != HW_BODY_PINNED) {
        if (has)
            hw_yr_fail(m->y, f.line, f.path,
                       "expected no motion on a %s body (only prescribed bodies have one, and pinned bodies for "
                       "their pin), got a motion", BODY_KINDS[b->kind]);
        return;
    }
    if (!has) {
        hw_yr_fail(m->y, f.line, f.path, "expected a motion (required on a prescribed body), got nothing");
        return;
    }
    if (hw_yr_open(&mm, m->y, f.v, f.line, f.path, m->item, m->index, "motion.", BODY_MOTION_KEYS, "a motion"))
        return;
    if (hw_yr_get_enum(&mm, "type", 1, BODY_MOTION_KINDS, &kind)) return;
    b->motion = (hw_motion_kind)kind;
    if (kind == HW_MOTION_TABLE || kind == HW_MOTION_RAO)
        hw_yr_check_map(mm.y, mm.node, mm.line, mm.path, kind == HW_MOTION_RAO ? BODY_RAO_KEYS : BODY_TABLE_KEYS,
                        kind == HW_MOTION_RAO ? "an rao motion" : "a table motion");
    else
        check_motion_keys(&mm, kind);
    if (hw_yr_failed(mm.y)) return;
    if (kind == HW_MOTION_RAO) {
        fld fr;
        if (!hw_yr_get(&mm, "rao", &fr)) {
            hw_yr_missing(&mm, &fr, 1, "an RAO table: {file: F, ...} (docs/scenario.md)");
            return;
        }
        hw_scn_body_rao(&mm, &fr, b);
    } else if (kind == HW_MOTION_CONSTANT_VELOCITY) {
        get_vec6(&mm, "velocity", b->vel, "[vx, vy, vz, roll rate, pitch rate, yaw rate] (m/s, rad/s)");
    } else if (kind == HW_MOTION_SINUSOID) {
        get_vec6(&mm, "amplitude", b->amp, "[x, y, z, roll, pitch, yaw] (m, rad)");
        hw_yr_get_num(&mm, "period", 1, &b->period);
        hw_yr_get_num(&mm, "phase", 0, &b->phase);
    } else {
        fld ft, ff;
        double *rows = NULL;
        int degrees = 0, has_t = hw_yr_get(&mm, "table", &ft), has_f = hw_yr_get(&mm, "file", &ff);
        if (hw_yr_get_enum(&mm, "angles", 0, ANGLE_UNITS, &degrees) < 0) return;
        if (has_t && has_f) {
            hw_yr_fail(mm.y, ff.line, ff.path, "expected either table or file, got both (table at line %d)", ft.line);
            return;
        }
        if (has_f) {
            hw_scn_body_motion_file(&mm, &ff, degrees, b);
            return;
        }
        if (!has_t) {
            hw_yr_missing(&mm, &ft, 1, "a list of rows [t, dx, dy, dz, droll, dpitch, dyaw], or a file of them");
            return;
        }
        int n = hw_yr_read_table(&mm, &ft, &BODY_TABLE_SPEC, "motion.table", &rows);
        if (n < 0) return;
        double *t = hw_yr_column(mm.y, rows, n, 7, 0), *v = alloc_doubles(mm.y, 6 * n);
        if (!t || !v) return;
        for (int k = 0; k < n; k++)
            for (int c = 0; c < 6; c++) v[6 * k + c] = rows[7 * k + 1 + c] * (c >= 3 && degrees ? 3.14159265358979323846 / 180.0 : 1.0);
        b->table_n = n;
        b->table_t = t;
        b->table_6 = v;
    }
}

/* CdA, Ca or inertia: 3 values (the rest 0) or 6. */
static void get_3_or_6(mapr *m, const char *key, double dst[6], const char *form)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return;
    int n = yd_is_seq(f.v) ? yd_seq_len(f.v) : 0;
    if (n != 3 && n != 6) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        hw_yr_fail(m->y, f.line, f.path, "expected a list of 3 or 6 numbers %s, got %s", form, got);
        return;
    }
    read_vec(m->y, &f, dst, n, n, form);
}

/* cylinders: [{a, b, diameter, mass_per_length, segments, Cd, Ca, CdAx, CaAx, CdEnd, CaEnd}]; each
 * item's line recorded as "cylinders[i]" for hw_body_check's findings. */
static void parse_body_cylinders(loader *L, mapr *m, int k, hw_body_def *b)
{
    fld f;
    if (!hw_yr_get(m, "cylinders", &f)) return;
    if (!yd_is_seq(f.v)) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(L, f.line, f.path, "expected a list of cylinders [{a: [x, y, z], b: [x, y, z], diameter, "
             "mass_per_length, segments, Cd, Ca, CdAx, CaAx, CdEnd, CaEnd}], got %s", got);
        return;
    }
    int n = yd_seq_len(f.v);
    hw_body_cylinder_def *c = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *c);
    if (!c) return;
    for (int i = 0; i < n && !FAILED(L); i++) {
        yaml_node_t *item = yd_seq_at(L->y.doc, f.v, i);
        char path[300], rec[32];
        mapr mc;
        snprintf(path, sizeof path, "%.200s[%d]", f.path, i);
        snprintf(rec, sizeof rec, "cylinders[%d]", i);
        hw_yr_record(&L->y, REC_BODY, k, rec, yd_line(item));
        strcat(rec, ".");
        if (hw_yr_open(&mc, &L->y, item, yd_line(item), path, REC_BODY, k, rec, CYLINDER_KEYS, "a cylinder")) return;
        get_vec3(&mc, "a", 1, c[i].a);
        get_vec3(&mc, "b", 1, c[i].b);
        hw_yr_get_num(&mc, "diameter", 1, &c[i].diameter);
        hw_yr_get_num(&mc, "mass_per_length", 1, &c[i].mass_per_length);
        get_int(&mc, "segments", 1, &c[i].segments);
        hw_yr_get_num(&mc, "Cd", 0, &c[i].cd);
        hw_yr_get_num(&mc, "Ca", 0, &c[i].ca);
        hw_yr_get_num(&mc, "CdAx", 0, &c[i].cd_ax);
        hw_yr_get_num(&mc, "CaAx", 0, &c[i].ca_ax);
        hw_yr_get_num(&mc, "CdEnd", 0, &c[i].cd_end);
        hw_yr_get_num(&mc, "CaEnd", 0, &c[i].ca_end);
    }
    b->cylinders = c;
    b->n_cylinders = n;
}

static void parse_body(loader *L, yaml_node_t *node, int k, hw_body_def *b)
{
    mapr m;
    int kind = 0;
    *b = hw_default_body();
    yaml_node_t *nn = yd_is_map(node) ? yd_map_find(L->y.doc, node, "name", NULL) : NULL;
    char path[192];
    body_path(path, sizeof path, k, yd_is_null(nn) ? NULL : yd_scalar(nn));
    hw_yr_record(&L->y, REC_BODY, k, "", yd_line(node));
    if (hw_yr_open(&m, &L->y, node, yd_line(node), path, REC_BODY, k, "", BODY_KEYS, "a body")) return;
    get_name(&m, &b->name);
    if (hw_yr_get_enum(&m, "type", 1, BODY_KINDS, &kind)) return;
    b->kind = (hw_body_kind)kind;
    get_vec3(&m, "position", 1, b->pos);
    fld f;
    if (hw_yr_get(&m, "rotation", &f)) read_vec(&L->y, &f, b->rot, 3, 3, "[roll, pitch, yaw] (rad)");
    for (int i = 0; kind != HW_BODY_FREE && kind != HW_BODY_PINNED && FREE_BODY_KEYS[i] && !FAILED(L); i++)
        if (hw_yr_get(&m, FREE_BODY_KEYS[i], &f))
            fail(L, f.line, f.path, "expected %s only on a free body or a pinned one (a %s body moves as it "
                 "is told; the lines and cables on it are loaded, it is not), got it on a %s body",
                 FREE_BODY_KEYS[i], BODY_KINDS[kind], BODY_KINDS[kind]);
    if (FAILED(L)) return;
    hw_yr_get_num(&m, "mass", 0, &b->mass);
    get_vec3(&m, "cg", 0, b->cg);
    get_3_or_6(&m, "inertia", b->inertia, "[Ixx, Iyy, Izz] or [Ixx, Iyy, Izz, Ixy, Ixz, Iyz] (kg m^2)");
    hw_yr_get_num(&m, "volume", 0, &b->volume);
    get_vec3(&m, "cb", 0, b->cb);
    hw_yr_get_num(&m, "waterplane_area", 0, &b->awp);
    if (hw_yr_get(&m, "waterplane_inertia", &f))
        read_vec(&L->y, &f, b->iwp, 2, 2, "[about x, about y] (m^4)");
    get_3_or_6(&m, "CdA", b->cda, "[x, y, z] (m^2) or [x, y, z, roll, pitch, yaw] (m^2, m^5)");
    get_3_or_6(&m, "Ca", b->ca, "[x, y, z] or [x, y, z, roll, pitch, yaw] (-, kg m^2)");
    if (!FAILED(L)) parse_body_cylinders(L, &m, k, b);
    if (!FAILED(L)) parse_body_motion(&m, b);
    if (!FAILED(L) && hw_yr_get(&m, "pin_on", &f)) { /* a pin riding on another body (checked by name later) */
        if (kind != HW_BODY_PINNED) {
            fail(L, f.line, f.path, "expected pin_on only on a pinned body (the body its pin rides on), got it on a "
                 "%s body", BODY_KINDS[kind]);
            return;
        }
        const char *on = yd_scalar(f.v);
        if (!on || !*on || yd_is_null(f.v)) {
            char got[96];
            yd_describe(f.v, got, sizeof got);
            fail(L, f.line, f.path, "expected the name of the body the pin rides on, got %s", got);
            return;
        }
        b->pin_on = dup_str(&L->y, on);
        if (!b->pin_on) return;
        get_vec3(&m, "pin_at", 1, b->pin_at);
    } else if (!FAILED(L) && hw_yr_get(&m, "pin_at", &f)) {
        fail(L, f.line, f.path, "expected pin_at only with pin_on (the place of the pin on that body), got it alone");
        return;
    }
    if (!FAILED(L) && hw_yr_get(&m, "start", &f)) {
        mapr sm;
        if (kind != HW_BODY_FREE && kind != HW_BODY_PINNED) {
            fail(L, f.line, f.path, "expected start only on a free body or a pinned one (a %s body moves as it is "
                 "told), got it on a %s body", BODY_KINDS[kind], BODY_KINDS[kind]);
            return;
        }
        if (L->sc->model.solver.static_solve) {
            fail(L, f.line, f.path, "expected solver.static_solve: false with a start state (the static solve would "
                 "move the body to its equilibrium, at rest)");
            return;
        }
        if (hw_yr_open(&sm, &L->y, f.v, f.line, f.path, REC_BODY, k, "start.", BODY_START_KEYS, "a start state"))
            return;
        fld g;
        if (hw_yr_get(&sm, "velocity", &g)) read_vec(&L->y, &g, b->start_vel, 3, 3, "[vx, vy, vz] (m/s, world)");
        if (!FAILED(L) && hw_yr_get(&sm, "angular_velocity", &g))
            read_vec(&L->y, &g, b->start_vel + 3, 3, 3, "[wx, wy, wz] (rad/s, world)");
    }
}

/* hw_body_check's finding "body 'NAME' (K) field 'F': WHAT" at the line of that key. */
static void check_bodies(loader *L)
{
    const hw_scenario *sc = L->sc;
    for (int k = 0; k < sc->n_bodies && !FAILED(L); k++) {
        char m[768];
        const char *on = sc->bodies[k].pin_on;
        if (on && on[0]) { /* the body a pin rides on: another one, not itself pinned on a body */
            int p = -1;
            for (int j = 0; j < sc->n_bodies && p < 0; j++)
                if (j != k && !strcmp(sc->bodies[j].name, on)) p = j;
            if (p < 0 || (sc->bodies[p].pin_on && sc->bodies[p].pin_on[0])) {
                char path[256];
                body_path(path, sizeof path, k, sc->bodies[k].name);
                strcat(path, ".pin_on");
                fail(L, hw_yr_find(&L->pv->recs, REC_BODY, k, "pin_on"), path,
                     "expected the name of another body in bodies, not itself pinned on a body (one pin rides on one "
                     "body; chains are not supported), got \"%.60s\"%s", on,
                     p < 0 ? "" : " (a body pinned on a body)");
                return;
            }
        }
        if (hw_body_check(&sc->bodies[k], k, m, sizeof m) == HW_OK) continue;
        char field[64] = "";
        const char *what = m, *q = strstr(m, "field '");
        if (q) {
            q += 7;
            size_t n = strcspn(q, "'");
            if (n >= sizeof field) n = sizeof field - 1;
            memcpy(field, q, n);
            field[n] = '\0';
            const char *colon = strstr(q + n, ": ");
            if (colon) what = colon + 2;
        }
        const char *key = !strcmp(field, "pos") ? "position" : !strcmp(field, "rot") ? "rotation" : field;
        char path[256];
        body_path(path, sizeof path, k, sc->bodies[k].name);
        int line = hw_yr_find_nearest(&L->pv->recs, REC_BODY, k, key);
        if (!line) line = hw_yr_find(&L->pv->recs, REC_BODY, k, "");
        char full[400];
        snprintf(full, sizeof full, "%s.%s", path, key);
        fail(L, line, full, "%s", what);
    }
    for (int k = 0; k < sc->n_bodies && !FAILED(L); k++) { /* a pin on a body: where that body puts it at t = 0 */
        const hw_body_def *b = &sc->bodies[k];
        if (!b->pin_on || !b->pin_on[0]) continue;
        const hw_body_def *P = NULL;
        for (int j = 0; j < sc->n_bodies && !P; j++)
            if (j != k && !strcmp(sc->bodies[j].name, b->pin_on)) P = &sc->bodies[j];
        if (!P) continue;
        double x[3];
        hw_scn_body_point0(P, b->pin_at, x);
        if (sqrt((x[0] - b->pos[0]) * (x[0] - b->pos[0]) + (x[1] - b->pos[1]) * (x[1] - b->pos[1]) +
                 (x[2] - b->pos[2]) * (x[2] - b->pos[2])) <= 1e-6)
            continue;
        char path[256];
        body_path(path, sizeof path, k, b->name);
        strcat(path, ".position");
        fail(L, hw_yr_find(&L->pv->recs, REC_BODY, k, "position"), path,
             "expected the pin's place on body '%.60s' at t = 0, [%.9g, %.9g, %.9g] (pin_at turned by that body's "
             "rotation, from its position), got [%.9g, %.9g, %.9g]", b->pin_on, x[0], x[1], x[2], b->pos[0], b->pos[1],
             b->pos[2]);
    }
}

/* bodies: optional list. */
static void parse_bodies(loader *L, mapr *root)
{
    fld f;
    if (!hw_yr_get(root, "bodies", &f)) return;
    hw_yr_record(&L->y, REC_BODY, -1, "", f.line);
    if (!yd_is_seq(f.v)) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(L, f.line, "bodies", "expected a list of bodies, got %s", got);
        return;
    }
    int n = yd_seq_len(f.v);
    hw_body_def *b = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *b);
    for (int k = 0; b && k < n && !FAILED(L); k++) parse_body(L, yd_seq_at(L->y.doc, f.v, k), k, &b[k]);
    if (FAILED(L)) return;
    for (int k = 1; k < n && !FAILED(L); k++)
        for (int j = 0; j < k; j++) {
            if (strcmp(b[k].name, b[j].name)) continue;
            char path[256];
            body_path(path, sizeof path, k, b[k].name);
            strcat(path, ".name");
            fail(L, hw_yr_find(&L->pv->recs, REC_BODY, k, "name"), path,
                 "expected a name not used before in bodies, got \"%.60s\" again (bodies[%d] at line %d)",
                 b[k].name, j, hw_yr_find(&L->pv->recs, REC_BODY, j, "name"));
            return;
        }
    L->sc->bodies = b;
    L->sc->n_bodies = n;
    check_bodies(L);
}

/* body: NAME of a point of type body; the index in bodies, or -1 after failing. */
static int get_body_ref(loader *L, mapr *m)
{
    fld f;
    if (!hw_yr_get(m, "body", &f)) {
        hw_yr_missing(m, &f, 1, "the name of the body the point rides on");
        return -1;
    }
    char why[512];
    int k = hw_scn_body_named(L->sc->bodies, L->sc->n_bodies, f.v, why, sizeof why);
    if (k < 0) fail(L, f.line, f.path, "%s", why);
    return k;
}

/* motion: required on a prescribed point, not allowed on others. */
static void parse_point_motion(mapr *m, hw_point_def *p)
{
    fld f;
    int has = hw_yr_get(m, "motion", &f);
    if (hw_yr_failed(m->y)) return;
    if (p->kind != HW_POINT_PRESCRIBED) {
        if (has)
            hw_yr_fail(m->y, f.line, f.path,
                       "expected no motion on a %s point (only prescribed points have one), got a motion",
                       POINT_KINDS[p->kind]);
    } else if (!has) {
        hw_yr_fail(m->y, f.line, f.path, "expected a motion (required on a prescribed point), got nothing");
    } else {
        parse_motion(m, &f, p);
    }
}

/* mass, volume, drag_area, added_mass_coefficient: free points only. */
static void parse_free_point(mapr *m, hw_point_def *p)
{
    fld f;
    for (int i = 0; p->kind != HW_POINT_FREE && FREE_POINT_KEYS[i]; i++)
        if (hw_yr_get(m, FREE_POINT_KEYS[i], &f))
            hw_yr_fail(m->y, f.line, f.path, "expected %s only on a free point, got it on a %s point",
                       FREE_POINT_KEYS[i], POINT_KINDS[p->kind]);
    hw_yr_get_num(m, "mass", 0, &p->mass);
    hw_yr_get_num(m, "volume", 0, &p->volume);
    hw_yr_get_num(m, "drag_area", 0, &p->cda);
    hw_yr_get_num(m, "added_mass_coefficient", 0, &p->ca);
}

/* type: body, body: NAME, position: the body-frame offset. To the lumped model it is a coupled
 * point (the world sets it to the body each step), placed where the body puts it at t = 0. */
static void parse_body_point(loader *L, mapr *m, int i, hw_point_def *p)
{
    fld f;
    static const char *const not_here[] = {"motion", "mass", "volume", "drag_area", "added_mass_coefficient", NULL};
    for (int k = 0; not_here[k] && !FAILED(L); k++)
        if (hw_yr_get(m, not_here[k], &f))
            fail(L, f.line, f.path, "expected no %s on a point of type body (it moves with its body; give %s "
                 "to the body), got one", not_here[k], k == 0 ? "a motion" : "mass, volume, drag and added mass");
    if (FAILED(L)) return;
    int b = get_body_ref(L, m);
    double at[3] = {0, 0, 0};
    if (b < 0 || get_vec3(m, "position", 1, at)) return;
    p->kind = HW_POINT_COUPLED;
    hw_scn_body_point0(&L->sc->bodies[b], at, p->pos);
    hw_body_attach *a = &L->att[L->n_att++];
    a->point = i;
    a->body = b;
    memcpy(a->at, at, sizeof a->at);
}

static void parse_point(loader *L, yaml_node_t *node, int i, hw_point_def *p)
{
    mapr m;
    int kind = 0;
    *p = hw_default_point();
    if (open_item(&m, L, node, HW_SEC_POINT, i, POINT_KEYS, "a point")) return;
    get_name(&m, &p->name);
    if (hw_yr_get_enum(&m, "type", 1, POINT_KINDS, &kind)) return;
    if (kind == POINT_ON_BODY) {
        parse_body_point(L, &m, i, p);
        return;
    }
    fld f;
    if (hw_yr_get(&m, "body", &f)) {
        fail(L, f.line, f.path, "expected body only on a point of type body, got it on a %s point", POINT_KINDS[kind]);
        return;
    }
    p->kind = (hw_point_kind)kind;
    get_vec3(&m, "position", 1, p->pos);
    parse_point_motion(&m, p);
    parse_free_point(&m, p);
}

static void parse_points(loader *L, mapr *root)
{
    fld f;
    int n = open_list_section(L, root, HW_SEC_POINT, "points", &f);
    if (n < 0) return;
    hw_point_def *points = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *points);
    L->att = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *L->att);
    for (int i = 0; points && L->att && i < n && !FAILED(L); i++)
        parse_point(L, yd_seq_at(L->y.doc, f.v, i), i, &points[i]);
    if (FAILED(L)) return;
    L->sc->model.points = points;
    L->sc->model.n_points = n;
    if (L->n_att > 0) {
        L->sc->body_points = L->att;
        L->sc->n_body_points = L->n_att;
    }
    check_unique_names(L, HW_SEC_POINT);
}

/* ---- lines ------------------------------------------------------------------------------------ */

static const char *const LINE_KEYS[] = {"name", "type", "end_a", "end_b", "length", "segments",
                                        "winch", "failure", "start", "clamp_a", "clamp_b", "syrope", NULL};
static const char *const SYROPE_LINE_KEYS[] = {"Tmax0", "Tmean0", NULL};
static const char *const START_KEYS[] = {"positions", "velocities", NULL};

/* A list of nseg + 1 rows [x, y, z] (one per node) into a new array of 3 (nseg + 1) values. */
static double *start_rows(loader *L, const fld *f, int nseg, const char *what)
{
    int n = yd_seq_len(f->v), want = nseg + 1;
    if (!yd_is_seq(f->v) || n != want) {
        char got[128];
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, f->path, "expected a list of %d %s [x, y, z] (one per node, segments + 1), got %s", want,
             what, got);
        return NULL;
    }
    double *a = alloc_doubles(&L->y, 3 * want);
    for (int j = 0; a && j < want; j++) {
        yaml_node_t *row = yd_seq_at(L->y.doc, f->v, j);
        char path[300];
        snprintf(path, sizeof path, "%.270s[%d]", f->path, j);
        if (!yd_is_seq(row) || yd_seq_len(row) != 3) {
            char got[128];
            yd_describe(row, got, sizeof got);
            fail(L, yd_line(row), path, "expected [x, y, z], got %s", got);
            return NULL;
        }
        for (int c = 0; c < 3; c++) {
            yaml_node_t *x = yd_seq_at(L->y.doc, row, c);
            if (hw_yr_read_num(&L->y, x, yd_line(x), path, &a[3 * j + c])) return NULL;
        }
    }
    return a;
}

/* lines[].start: {positions: [[x, y, z] per node], velocities: (optional) the same}. */
static void parse_start(loader *L, mapr *m, hw_line_def *l)
{
    fld f, g;
    mapr sm;
    if (!hw_yr_get(m, "start", &f)) return;
    if (hw_yr_open(&sm, &L->y, f.v, f.line, f.path, m->item, m->index, "start.", START_KEYS, "a start state"))
        return;
    if (hw_yr_get(&sm, "positions", &g)) l->start_pos = start_rows(L, &g, l->nseg, "positions");
    else if (hw_yr_missing(&sm, &g, 1, "node positions, [x, y, z] per node") < 0) return;
    if (!FAILED(L) && hw_yr_get(&sm, "velocities", &g)) l->start_vel = start_rows(L, &g, l->nseg, "velocities");
}
static void parse_line(loader *L, yaml_node_t *node, int i, hw_line_def *l)
{
    mapr m;
    *l = hw_default_line();
    if (open_item(&m, L, node, HW_SEC_LINE, i, LINE_KEYS, "a line")) return;
    get_name(&m, &l->name);
    get_ref(L, &m, "type", HW_SEC_LINE_TYPE, "a line type name", &l->type);
    get_ref(L, &m, "end_a", HW_SEC_POINT, "a point name", &l->point_a);
    get_ref(L, &m, "end_b", HW_SEC_POINT, "a point name", &l->point_b);
    hw_yr_get_num(&m, "length", 1, &l->length);
    if (get_int(&m, "segments", 0, &l->nseg) == 0 && l->nseg < 1) {
        fld f;
        hw_yr_get(&m, "segments", &f);
        fail(L, f.line, f.path, "expected an integer >= 1, got %d", l->nseg);
    }
    { /* a Syrope line's start (its type's syrope block): {Tmax0: N, Tmean0: N} */
        fld f;
        mapr sm;
        if (hw_yr_get(&m, "syrope", &f) &&
            !hw_yr_open(&sm, m.y, f.v, f.line, f.path, m.item, m.index, "syrope.", SYROPE_LINE_KEYS,
                        "a Syrope start")) {
            hw_yr_get_num(&sm, "Tmax0", 1, &l->syr_tmax0);
            hw_yr_get_num(&sm, "Tmean0", 1, &l->syr_tmean0);
        }
    }
    for (int e = 0; e < 2 && !FAILED(L); e++) { /* clamped ends: a direction, never zero, or a joint's axis */
        const char *key = e ? "clamp_b" : "clamp_a";
        double *c = l->clamp[e];
        fld jf;
        const char *js = hw_yr_get(&m, key, &jf) ? yd_scalar(jf.v) : NULL;
        if (js) { /* a bending joint: axis (+axis) or -axis (docs/scenario.md) */
            if (!strcmp(js, "axis") || !strcmp(js, "+axis")) l->clamp_axis[e] = 1;
            else if (!strcmp(js, "-axis")) l->clamp_axis[e] = -1;
            else {
                char got[96];
                yd_describe(jf.v, got, sizeof got);
                fail(L, jf.line, jf.path, "expected a direction [dx, dy, dz], or axis or -axis (the end on its "
                     "point's bending joint), got %s", got);
            }
            continue;
        }
        if (get_vec3(&m, key, 0, c) == 0 && c[0] == 0 && c[1] == 0 && c[2] == 0) { /* 0: given */
            fld f;
            hw_yr_get(&m, key, &f);
            fail(L, f.line, f.path, "expected a non-zero direction [dx, dy, dz] (the line leaves its end point "
                 "along it), got [0, 0, 0]");
        }
    }
    if (!FAILED(L)) hw_scn_parse_winch(&m, &l->winch);
    if (!FAILED(L)) hw_scn_parse_failure(&m, &l->failure);
    if (!FAILED(L)) parse_start(L, &m, l);
}

static void parse_lines(loader *L, mapr *root)
{
    fld f;
    int n = open_list_section(L, root, HW_SEC_LINE, "lines", &f);
    if (n < 0) return;
    hw_line_def *lines = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *lines);
    for (int i = 0; lines && i < n && !FAILED(L); i++)
        parse_line(L, yd_seq_at(L->y.doc, f.v, i), i, &lines[i]);
    if (FAILED(L)) return;
    L->sc->model.lines = lines;
    L->sc->model.n_lines = n;
    check_unique_names(L, HW_SEC_LINE);
}

/* ---- sheaves ---------------------------------------------------------------------------------- */

static const char *const SHEAVE_KEYS[] = {"name", "line_in", "end_in", "line_out", "end_out",
                                          "radius", "inertia", "bearing", "locked", "friction", NULL};
static const char *const SHEAVE_ENDS[] = {"none", "a", "b", NULL};

static void parse_sheave(loader *L, yaml_node_t *node, int i, hw_sheave_def *k)
{
    mapr m;
    int e = 0;
    *k = hw_default_sheave();
    if (open_item(&m, L, node, HW_SEC_SHEAVE, i, SHEAVE_KEYS, "a sheave")) return;
    get_name(&m, &k->name);
    get_ref(L, &m, "line_in", HW_SEC_LINE, "a line name", &k->line_in);
    get_ref(L, &m, "line_out", HW_SEC_LINE, "a line name", &k->line_out);
    if (hw_yr_get_enum(&m, "end_in", 0, SHEAVE_ENDS, &e) == 0) k->end_in = (hw_winch_end)e;
    if (hw_yr_get_enum(&m, "end_out", 0, SHEAVE_ENDS, &e) == 0) k->end_out = (hw_winch_end)e;
    hw_yr_get_num(&m, "radius", 0, &k->radius);
    hw_yr_get_num(&m, "inertia", 0, &k->inertia);
    hw_yr_get_num(&m, "bearing", 0, &k->bearing);
    hw_yr_get_num(&m, "friction", 0, &k->friction);
    get_bool(&m, "locked", 0, &k->locked);
}

/* sheaves: optional list (docs/scenario.md). */
static void parse_sheaves(loader *L, mapr *root)
{
    fld f;
    if (!yd_map_find(L->y.doc, root->node, "sheaves", NULL)) return;
    int n = open_list_section(L, root, HW_SEC_SHEAVE, "sheaves", &f);
    if (n < 0) return;
    hw_sheave_def *sh = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *sh);
    for (int i = 0; sh && i < n && !FAILED(L); i++)
        parse_sheave(L, yd_seq_at(L->y.doc, f.v, i), i, &sh[i]);
    if (FAILED(L)) return;
    L->sc->model.sheaves = sh;
    L->sc->model.n_sheaves = n;
    check_unique_names(L, HW_SEC_SHEAVE);
}

/* ---- couplings (network <-> 3-D cables) -------------------------------------------------------- */

static const char *const COUPLING_KEYS[] = {"type", "node", "point", "origin", "direction", "shaft",
                                            "line", "radius", NULL};
static const char *const COUPLING_KINDS[] = {"rail_point", "drum_winch", NULL};

static void parse_coupling(loader *L, yaml_node_t *node, int i, hw_coupling_def *c)
{
    mapr m;
    char path[64];
    snprintf(path, sizeof path, "couplings[%d]", i);
    memset(c, 0, sizeof *c);
    c->src_line = yd_line(node);
    if (hw_yr_open(&m, &L->y, node, yd_line(node), path, -1, -1, "", COUPLING_KEYS, "a coupling")) return;
    int kind = 0;
    if (hw_yr_get_enum(&m, "type", 1, COUPLING_KINDS, &kind)) return;
    c->kind = (hw_coupling_kind)kind;
    fld f;
    if (kind == HW_COUPLE_RAIL_POINT) {
        if (hw_yr_get(&m, "node", &f)) c->node = dup_str(&L->y, yd_scalar(f.v) ? yd_scalar(f.v) : "");
        else { hw_yr_missing(&m, &f, 1, "a network node name"); return; }
        get_ref(L, &m, "point", HW_SEC_POINT, "a point name", &c->point);
        get_vec3(&m, "origin", 1, c->origin);
        get_vec3(&m, "direction", 1, c->direction);
    } else {
        if (hw_yr_get(&m, "shaft", &f)) c->node = dup_str(&L->y, yd_scalar(f.v) ? yd_scalar(f.v) : "");
        else { hw_yr_missing(&m, &f, 1, "a rotational node name of the network"); return; }
        get_ref(L, &m, "line", HW_SEC_LINE, "a line name", &c->line);
        hw_yr_get_num(&m, "radius", 1, &c->radius);
    }
}

static void parse_couplings(loader *L, mapr *root)
{
    fld f;
    if (!hw_yr_get(root, "couplings", &f)) return;
    if (!yd_is_seq(f.v)) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(L, f.line, "couplings", "expected a list of couplings, got %s", got);
        return;
    }
    if (!yd_map_find(L->y.doc, root->node, "network", NULL)) {
        fail(L, f.line, "couplings", "expected a network section to couple to, got none");
        return;
    }
    int n = yd_seq_len(f.v);
    hw_coupling_def *c = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *c);
    for (int i = 0; c && i < n && !FAILED(L); i++) parse_coupling(L, yd_seq_at(L->y.doc, f.v, i), i, &c[i]);
    if (FAILED(L)) return;
    L->sc->couplings = c;
    L->sc->n_couplings = n;
}

/* ---- ensemble --------------------------------------------------------------------------------- */

static const char *const ENSEMBLE_KEYS[] = {"current_scale", "motion_amplitude_scale",
                                            "motion_period", "combine", NULL};
static const char *const ENSEMBLE_COMBINE[] = {"grid", "zip", NULL};

/* ensemble: lists of current factors, sinusoid amplitude factors and periods (docs/scenario.md). */
static void parse_ensemble(loader *L, mapr *root)
{
    fld f;
    mapr m;
    if (!hw_yr_get(root, "ensemble", &f)) return;
    if (L->sc->n_bodies > 0) { /* the cases copy the lumped model's points, not the bodies they ride on */
        fail(L, f.line, "ensemble", "expected no ensemble in a scenario with bodies (load cases of bodies are "
             "not supported yet: run each case as its own scenario), got one");
        return;
    }
    if (hw_yr_open(&m, &L->y, f.v, f.line, "ensemble", -1, -1, "ensemble.", ENSEMBLE_KEYS, "an ensemble"))
        return;
    hw_scenario *sc = L->sc;
    int any = 0;
    for (int k = 0; k < 3 && !FAILED(L); k++) {
        fld v;
        if (!hw_yr_get(&m, ENSEMBLE_KEYS[k], &v)) continue;
        int n = yd_is_seq(v.v) ? yd_seq_len(v.v) : 0;
        if (n < 1) {
            char got[96];
            yd_describe(v.v, got, sizeof got);
            fail(L, v.line, v.path, "expected a list of load-case values, got %s", got);
            return;
        }
        double *x = alloc_doubles(&L->y, n);
        if (!x) return;
        if ((n = read_vec(&L->y, &v, x, n, n, "(load-case values)")) < 0) return;
        for (int i = 0; i < n; i++)
            if (k == 2 && !(x[i] > 0)) {
                fail(L, v.line, v.path, "expected periods > 0 s, got %g at [%d]", x[i], i);
                return;
            }
        sc->ens_n[k] = n;
        sc->ens_v[k] = x;
        any = 1;
    }
    int combine = 0;
    if (hw_yr_get_enum(&m, "combine", 0, ENSEMBLE_COMBINE, &combine) < 0) return;
    sc->ens_zip = combine;
    if (!any && !FAILED(L)) {
        fail(L, f.line, "ensemble", "expected at least one of current_scale, motion_amplitude_scale, "
             "motion_period, got none");
        return;
    }
    if (combine == 1 && !FAILED(L)) {
        int n = 0;
        for (int k = 0; k < 3; k++) {
            if (!sc->ens_n[k]) continue;
            if (n && sc->ens_n[k] != n) {
                fld v;
                hw_yr_get(&m, ENSEMBLE_KEYS[k], &v);
                fail(L, v.line, v.path, "expected %d values to zip with the other lists, got %d", n,
                     sc->ens_n[k]);
                return;
            }
            n = sc->ens_n[k];
        }
    }
    sc->has_ensemble = 1;
}

/* ---- outputs ---------------------------------------------------------------------------------- */

static const char *const OUTPUT_KEYS[] = {"interval", "nodes", "segments", "formats",
                                          "vtk_interval", "utilisation_warning", "wave_points",
                                          "wave_nodes", "surface_grid", NULL};
static const char *const FORMAT_NAMES[] = {"csv", "vtk", "hdf5", NULL};

/* One {line: NAME, KIND: INDEX} with INDEX in first..nseg. */
static void parse_output_ref(loader *L, yaml_node_t *node, const char *path, const char *kind,
                             int first, hw_output_ref *r)
{
    const char *const keys[] = {"line", kind, NULL};
    char context[64];
    mapr m;
    fld f;
    snprintf(context, sizeof context, "an output %s", kind);
    if (hw_yr_open(&m, &L->y, node, yd_line(node), path, -1, -1, "", keys, context)) return;
    if (get_ref(L, &m, "line", HW_SEC_LINE, "a line name", &r->line)) return;
    if (get_int(&m, kind, 1, &r->index)) return;
    int nseg = L->sc->model.lines[r->line].nseg;
    if (r->index < first || r->index > nseg) {
        hw_yr_get(&m, kind, &f);
        fail(L, f.line, f.path, "expected a %s index %d..%d (line %s has %d segments), got %d", kind,
             first, nseg, L->sc->model.lines[r->line].name, nseg, r->index);
    }
}

static void parse_output_refs(loader *L, mapr *m, const char *key, const char *kind, int first, int *n_out,
                              hw_output_ref **out)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return;
    if (!yd_is_seq(f.v) && !(yd_is_scalar(f.v) && !strcmp(yd_scalar(f.v), "all"))) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(L, f.line, f.path, "expected a list of {line: NAME, %s: INDEX} or all, got %s", kind, got);
        return;
    }
    if (!yd_is_seq(f.v)) { /* "all": every node / segment of every line */
        const hw_model_def *md = &L->sc->model;
        int n = 0;
        for (int l = 0; l < md->n_lines; l++) n += md->lines[l].nseg + 1 - first;
        hw_output_ref *refs = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *refs);
        for (int l = 0, k = 0; refs && l < md->n_lines; l++)
            for (int j = first; j <= md->lines[l].nseg; j++, k++) { refs[k].line = l; refs[k].index = j; }
        if (FAILED(L)) return;
        *out = refs;
        *n_out = n;
        return;
    }
    int n = yd_seq_len(f.v);
    hw_output_ref *refs = hw_yr_alloc(&L->y, (size_t)n + 1, sizeof *refs);
    for (int i = 0; refs && i < n && !FAILED(L); i++) {
        char path[288];
        snprintf(path, sizeof path, "%s[%d]", f.path, i);
        parse_output_ref(L, yd_seq_at(L->y.doc, f.v, i), path, kind, first, &refs[i]);
    }
    if (FAILED(L)) return;
    *out = refs;
    *n_out = n;
}

/* formats: [csv, vtk, hdf5] (any non-empty subset) and vtk_interval. */
static void parse_output_formats(mapr *m, hw_scenario *sc)
{
    hw_yr *y = m->y;
    fld f;
    if (hw_yr_get_num(m, "vtk_interval", 0, &sc->vtk_interval) == 0 && !(sc->vtk_interval >= 0)) {
        hw_yr_get(m, "vtk_interval", &f);
        hw_yr_fail(y, f.line, f.path, "expected an interval >= 0 s (0 = every output row), got %g",
                   sc->vtk_interval);
    }
    if (!hw_yr_get(m, "formats", &f)) return;
    if (!yd_is_seq(f.v) || yd_seq_len(f.v) == 0) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        hw_yr_fail(y, f.line, f.path, "expected a non-empty list of formats (csv, vtk, hdf5), got %s", got);
        return;
    }
    sc->out_formats = 0;
    for (int i = 0; i < yd_seq_len(f.v) && !hw_yr_failed(y); i++) {
        fld e = f;
        int k;
        e.v = yd_seq_at(y->doc, f.v, i);
        e.line = yd_line(e.v);
        snprintf(e.path, sizeof e.path, "%.240s[%d]", f.path, i);
        if (hw_yr_read_enum(y, &e, FORMAT_NAMES, &k) == 0) sc->out_formats |= 1 << k;
    }
}

int hw_output_format_bit(const char *name)
{
    for (int k = 0; name && FORMAT_NAMES[k]; k++)
        if (!strcmp(name, FORMAT_NAMES[k])) return 1 << k;
    return 0;
}

int hw_output_formats_parse(const char *list, char *msg, size_t msg_len)
{
    int mask = 0;
    const char *p = list ? list : "";
    for (;;) {
        const char *c = strchr(p, ',');
        size_t n = c ? (size_t)(c - p) : strlen(p);
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), p);
        int bit = n < sizeof name ? hw_output_format_bit(name) : 0;
        if (!bit) {
            snprintf(msg, msg_len, "expected a comma-separated list of csv, vtk, hdf5, got '%s' in '%s'",
                     name, list ? list : "");
            return 0;
        }
        mask |= bit;
        if (!c) return mask;
        p = c + 1;
    }
}

/* The outputs of the sea state (docs/outputs.md "Waves") need one: refused without
 * environment.waves (they would only say the water is still; a forgotten sea is the likelier). */
static int need_waves(loader *L, const fld *f)
{
    if (L->sc->model.env.waves.kind != HW_WAVES_NONE) return 0;
    fail(L, f->line, f->path, "expected waves in environment.waves (this output is of the sea state), got still water");
    return -1;
}

/* wave_points: [[x, y], ...] (m): the surface elevation at these points (waves.csv). */
static void parse_wave_points(loader *L, mapr *m)
{
    hw_scenario *sc = L->sc;
    fld f;
    if (!hw_yr_get(m, "wave_points", &f)) return;
    int n = yd_seq_len(f.v);
    if (!yd_is_seq(f.v) || n < 1) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(L, f.line, f.path, "expected a non-empty list of points [x, y] (m), got %s", got);
        return;
    }
    double *xy = alloc_doubles(&L->y, 2 * n);
    for (int i = 0; xy && i < n && !FAILED(L); i++) {
        fld e = f;
        e.v = yd_seq_at(L->y.doc, f.v, i);
        e.line = yd_line(e.v);
        snprintf(e.path, sizeof e.path, "%.240s[%d]", f.path, i);
        read_vec(&L->y, &e, xy + 2 * i, 2, 2, "[x, y] (m)");
    }
    if (FAILED(L) || need_waves(L, &f)) return;
    sc->wave_points = xy;
    sc->n_wave_points = n;
}

/* One axis of the surface grid: [min, max, n] with max > min (m) and n >= 2 points. */
static void parse_grid_axis(loader *L, mapr *g, const char *key, double *lo, double *hi, int *n)
{
    fld f;
    double v[3];
    if (!hw_yr_get(g, key, &f)) {
        hw_yr_missing(g, &f, 1, "a list [min, max, n]");
        return;
    }
    if (read_vec(&L->y, &f, v, 3, 3, "[min, max, n]") < 0) return;
    if (!(v[1] > v[0]) || !isfinite(v[0]) || !isfinite(v[1])) {
        fail(L, f.line, f.path, "expected max > min (m), got [%g, %g]", v[0], v[1]);
        return;
    }
    if (!(v[2] >= 2 && v[2] <= 10000) || v[2] != floor(v[2])) {
        fail(L, f.line, f.path, "expected a whole number of points n in 2..10000, got %g", v[2]);
        return;
    }
    *lo = v[0];
    *hi = v[1];
    *n = (int)v[2];
}

/* surface_grid: {x: [min, max, nx], y: [min, max, ny]}: the free surface in the ParaView frames. */
static void parse_surface_grid(loader *L, mapr *m)
{
    static const char *const keys[] = {"x", "y", NULL};
    hw_surface_grid *g = &L->sc->surface_grid;
    fld f;
    mapr gm;
    if (!hw_yr_get(m, "surface_grid", &f)) return;
    if (hw_yr_open(&gm, &L->y, f.v, f.line, f.path, -1, -1, "", keys, "the surface grid")) return;
    hw_surface_grid r;
    memset(&r, 0, sizeof r);
    parse_grid_axis(L, &gm, "x", &r.x0, &r.x1, &r.nx);
    if (!FAILED(L)) parse_grid_axis(L, &gm, "y", &r.y0, &r.y1, &r.ny);
    if (FAILED(L)) return;
    if ((double)r.nx * r.ny > 1e6) {
        fail(L, f.line, f.path, "expected at most 1e6 points in all, got %d x %d", r.nx, r.ny);
        return;
    }
    if (need_waves(L, &f)) return;
    *g = r;
}

static void parse_outputs(loader *L, mapr *root)
{
    hw_scenario *sc = L->sc;
    fld f;
    mapr m;
    sc->out_interval = 0.1;
    sc->util_warning = HW_UTIL_WARNING_DEFAULT;
    if (!hw_yr_get(root, "outputs", &f)) return;
    if (hw_yr_open(&m, &L->y, f.v, f.line, "outputs", -1, -1, "", OUTPUT_KEYS, "the outputs")) return;
    if (hw_yr_get_num(&m, "interval", 0, &sc->out_interval) == 0 && !(sc->out_interval >= 0)) {
        hw_yr_get(&m, "interval", &f);
        fail(L, f.line, f.path, "expected an interval >= 0 s (0 = every step), got %g", sc->out_interval);
    }
    parse_output_refs(L, &m, "nodes", "node", 0, &sc->n_out_nodes, &sc->out_nodes);
    parse_output_refs(L, &m, "segments", "segment", 1, &sc->n_out_segments, &sc->out_segments);
    parse_output_formats(&m, sc);
    parse_wave_points(L, &m);
    fld wn;
    if (!FAILED(L) && hw_yr_get(&m, "wave_nodes", &wn)) {
        parse_output_refs(L, &m, "wave_nodes", "node", 0, &sc->n_wave_nodes, &sc->wave_nodes);
        if (!FAILED(L) && need_waves(L, &wn)) sc->n_wave_nodes = 0;
    }
    if (!FAILED(L)) parse_surface_grid(L, &m);
    if (hw_yr_get_num(&m, "utilisation_warning", 0, &sc->util_warning) == 0 &&
        !(sc->util_warning > 0 && isfinite(sc->util_warning))) {
        hw_yr_get(&m, "utilisation_warning", &f);
        fail(L, f.line, f.path, "expected a fraction of the mbl > 0, got %g", sc->util_warning);
    }
}

/* A body that no point and no rigid cable end rides on moves alone: loaded, but probably not what
 * was meant (a misspelt body name on the points would have been an error; a forgotten point is
 * not). One warning line per such body in sc->warnings. */
static void warn_unattached_bodies(loader *L)
{
    hw_scenario *sc = L->sc;
    const hw_scn_rigid *rg = sc->rigid;
    size_t cap = 0, used = 0;
    char *w = NULL;
    for (int k = 0; k < sc->n_bodies; k++) {
        int n = 0;
        for (int i = 0; i < sc->n_body_points; i++) n += sc->body_points[i].body == k;
        for (int c = 0; rg && c < rg->def.n_cables; c++) n += (rg->body_a[c] == k) + (rg->body_b[c] == k);
        if (n || sc->bodies[k].n_cylinders > 0) continue; /* a rod alone moves under its own loads */
        char path[192], line[700];
        body_path(path, sizeof path, k, sc->bodies[k].name);
        format_error(line, sizeof line, L->y.file, hw_yr_find(&L->pv->recs, REC_BODY, k, ""), path,
                     "nothing is attached to this body (no point of type body and no rigid cable "
                     "end names it): it moves alone");
        if (L->pv->n_ovr > 0)
            hw_ovr_name_lines(line, sizeof line, (const char *const *)L->pv->ovr, L->pv->n_ovr);
        size_t n_line = strlen(line);
        if (!w) {
            cap = (size_t)sc->n_bodies * (sizeof line + 1) + 1; /* every line fits its buffer */
            if (!(w = hw_yr_alloc(&L->y, cap, 1))) return;
        }
        if (used + n_line + 2 > cap) break;
        used += (size_t)snprintf(w + used, cap - used, "%s%s", used ? "\n" : "", line);
    }
    sc->warnings = w;
}

/* ---- the document ----------------------------------------------------------------------------- */

static const char *const ROOT_KEYS[] = {"environment", "line_types", "points", "lines", "sheaves",
                                        "solver", "outputs", "ensemble", "network", "couplings",
                                        "rigid_cables", "bodies", NULL};

static void parse_root(loader *L, yaml_node_t *root)
{
    mapr m;
    if (!root) {
        fail(L, 1, "scenario",
             "expected a mapping with the sections line_types, points and lines, got an empty document");
        return;
    }
    if (hw_yr_open(&m, &L->y, root, yd_line(root), "", -1, -1, "", ROOT_KEYS, "the scenario sections"))
        return;
    /* a scenario may hold only a 1-D network (no line_types, points, lines) */
    fld fnet;
    int has_net = hw_yr_get(&m, "network", &fnet), net_only = has_net &&
        !yd_map_find(L->y.doc, root, "line_types", NULL) && !yd_map_find(L->y.doc, root, "points", NULL) &&
        !yd_map_find(L->y.doc, root, "lines", NULL);
    /* or rigid cables (docs/rigid.md) with optional points and no lumped lines */
    fld frig;
    int has_rig = hw_yr_get(&m, "rigid_cables", &frig);
    int rig_only = has_rig && !yd_map_find(L->y.doc, root, "lines", NULL);
    /* or bodies alone (a MoorDyn deck of rods only): no lumped lines, no rigid cables, no network */
    int bodies_only = !has_net && !has_rig && yd_map_find(L->y.doc, root, "bodies", NULL) &&
        !yd_map_find(L->y.doc, root, "line_types", NULL) && !yd_map_find(L->y.doc, root, "points", NULL) &&
        !yd_map_find(L->y.doc, root, "lines", NULL);
    parse_environment(L, &m);
    parse_solver(L, &m);
    parse_bodies(L, &m); /* before the points and rigid cables that ride on them */
    if (bodies_only && !FAILED(L) && !(L->sc->model.solver.dt > 0)) {
        fld fs;
        int ln = hw_yr_get(&m, "solver", &fs) ? fs.line : m.line;
        fail(L, ln, "solver.dt", "expected a time step > 0 s (required for bodies without lumped lines: auto "
             "needs lines), got %s", ln == m.line ? "nothing" : "auto or nothing");
    }
    if (bodies_only) {
        parse_sheaves(L, &m);
    } else if (rig_only) {
        if (yd_map_find(L->y.doc, root, "line_types", NULL)) parse_line_types(L, &m);
        if (yd_map_find(L->y.doc, root, "points", NULL)) parse_points(L, &m);
        parse_sheaves(L, &m);
    } else if (!net_only) {
        parse_line_types(L, &m);
        parse_points(L, &m);
        parse_lines(L, &m);
        parse_sheaves(L, &m);
        parse_ensemble(L, &m);
        parse_couplings(L, &m);
    }
    parse_outputs(L, &m);
    if (has_net && !FAILED(L)) {
        hw_status s = hw_scenario_network_parse(L->y.doc, fnet.v, fnet.line, L->y.file, &L->sc->network,
                                                L->err, sizeof L->err);
        if (s != HW_OK) L->y.status = s;
    }
    if (has_rig && !FAILED(L)) {
        hw_status s = hw_scenario_rigid_parse(L->y.doc, root, frig.v, frig.line, L->y.file, &L->sc->model,
                                              L->sc->bodies, L->sc->n_bodies, &L->sc->rigid, L->err,
                                              sizeof L->err);
        if (s != HW_OK) L->y.status = s;
        /* a free point that is a rigid cable's body moves with that cable: to the lumped model it
         * is a coupled point (no lumped line holds it), set each step to where the body is */
        const hw_scn_rigid *rg = L->sc->rigid;
        for (int c = 0; rg && c < rg->def.n_cables; c++) {
            if (rg->cables[c].end_a == HW_RC_END_BODY && rg->point_a[c] >= 0)
                ((hw_point_def *)L->sc->model.points)[rg->point_a[c]].kind = HW_POINT_COUPLED;
            if (rg->cables[c].end_b == HW_RC_END_BODY && rg->point_b[c] >= 0)
                ((hw_point_def *)L->sc->model.points)[rg->point_b[c]].kind = HW_POINT_COUPLED;
        }
    }
    if (!FAILED(L)) warn_unattached_bodies(L);
}

/* ---- hw_model_check's errors, mapped back to lines ------------------------------------------- */

static int solver_field_changed(const hw_solver_def *a, const hw_solver_def *b, const char *field)
{
    if (!strcmp(field, "dt")) return a->dt != b->dt;
    if (!strcmp(field, "dt_safety")) return a->dt_safety != b->dt_safety;
    if (!strcmp(field, "t_end")) return a->t_end != b->t_end;
    if (!strcmp(field, "integrator")) return a->integrator != b->integrator;
    if (!strcmp(field, "static_solve")) return a->static_solve != b->static_solve;
    if (!strcmp(field, "static_tolerance")) return a->static_tol != b->static_tol;
    if (!strcmp(field, "static_max_iterations")) return a->static_max_iter != b->static_max_iter;
    if (!strcmp(field, "max_strain")) return a->max_strain != b->max_strain;
    if (!strcmp(field, "allow_unstable_dt")) return a->allow_unstable_dt != b->allow_unstable_dt;
    if (!strcmp(field, "iterations")) return a->iterations != b->iterations;
    return 0;
}

/* The line of the field, else of its parent key, else of the item, else of the section; 0 when
 * the field has no line in the file (not given there, or changed since loading). */
static int check_error_line(const hw_scenario *sc, const hw_input_error *e)
{
    const scn_priv *pv = sc->priv;
    if (!pv) return 0;
    if (e->section == HW_SEC_SOLVER && solver_field_changed(&pv->loaded_solver, &sc->model.solver, e->field))
        return 0;
    int line = hw_yr_find_nearest(&pv->recs, (int)e->section, e->index, e->field);
    return line ? line : hw_yr_find(&pv->recs, (int)e->section, -1, "");
}

static void check_error_path(const hw_model_def *m, const hw_input_error *e, char *buf, size_t len)
{
    const char *sec = (unsigned)e->section < 5 ? SECTION_NAMES[e->section] : "?";
    if (e->index >= 0) {
        char item[192];
        item_path(item, sizeof item, (int)e->section, e->index, item_name(m, (int)e->section, e->index));
        snprintf(buf, len, "%s.%s", item, e->field);
    } else if (!strcmp(e->field, sec) || !e->field[0]) {
        snprintf(buf, len, "%s", sec);
    } else {
        snprintf(buf, len, "%s.%s", sec, e->field);
    }
}

static hw_status format_model_check(const hw_scenario *sc, char *buf, size_t len)
{
    hw_input_error e;
    memset(&e, 0, sizeof e);
    if (sc->rigid && sc->model.solver.dt > 0) { /* again: --dt may have changed */
        hw_status rs = hw_scenario_rigid_check(sc->rigid, sc->model.solver.dt, sc->path, buf, len);
        if (rs) return rs;
    }
    if ((sc->network || sc->rigid) && sc->model.n_lines == 0) return HW_OK; /* checked when loaded */
    if (sc->n_bodies > 0 && sc->model.n_lines == 0 && sc->model.n_types == 0 && sc->model.n_points == 0)
        return HW_OK; /* bodies alone (rods without lines) */
    hw_status st = hw_model_check(&sc->model, &e);
    if (st == HW_ERR_INPUT) {
        char path[256];
        check_error_path(&sc->model, &e, path, sizeof path);
        format_error(buf, len, sc->path, check_error_line(sc, &e), path, e.message);
    } else if (st != HW_OK) {
        snprintf(buf, len, "%s: the model could not be checked (%s)", sc->path, hw_status_str(st));
    }
    return st;
}

/* ---- public ----------------------------------------------------------------------------------- */

static void set_msg(char *msg, size_t msg_len, const char *text)
{
    if (msg && msg_len) snprintf(msg, msg_len, "%s", text);
}

static hw_scenario *scenario_new(void)
{
    hw_scenario *sc = calloc(1, sizeof *sc);
    scn_priv *pv = calloc(1, sizeof *pv);
    if (!sc || !pv) {
        free(sc);
        free(pv);
        return NULL;
    }
    sc->priv = pv;
    sc->out_interval = 0.1;
    sc->util_warning = HW_UTIL_WARNING_DEFAULT;
    sc->out_formats = HW_OUT_CSV;
    sc->model = hw_default_model();
    return sc;
}

/* Syntax (libyaml), structure, then hw_model_check(). */
static void load_document(loader *L, const char *text, size_t len)
{
    yaml_document_t doc;
    char problem[512];
    int line = 0;
    int rc = yd_load(text, len, &doc, &line, problem, sizeof problem);
    if (rc < 0) {
        hw_yr_nomem(&L->y);
        return;
    }
    if (rc > 0) {
        fail(L, line, "syntax", "%s", problem);
        return;
    }
    if (L->n_ovr > 0) {
        rc = hw_ovr_apply(&doc, L->y.file, L->ovr, L->n_ovr, L->err, sizeof L->err);
        if (rc) {
            yaml_document_delete(&doc);
            if (rc < 0) hw_yr_nomem(&L->y);
            else L->y.status = HW_ERR_INPUT;
            return;
        }
    }
    L->y.doc = &doc;
    parse_root(L, yd_root(&doc));
    yaml_document_delete(&doc);
    L->y.doc = NULL;
    if (FAILED(L)) return;
    if (format_model_check(L->sc, L->err, sizeof L->err) != HW_OK) L->y.status = HW_ERR_INPUT;
}

/* The overrides' sentinel lines in a message named (overrides.h). */
static void name_overrides(const scn_priv *pv, char *buf, size_t len)
{
    if (pv && pv->n_ovr > 0) hw_ovr_name_lines(buf, len, (const char *const *)pv->ovr, pv->n_ovr);
}

static hw_status load_text(const char *text, size_t len, const char *name, const char *const *ovr,
                           int n_ovr, hw_scenario **out, char *msg, size_t msg_len)
{
    loader L;
    memset(&L, 0, sizeof L);
    L.ovr = ovr;
    L.n_ovr = n_ovr;
    L.y.file = name;
    L.y.err = L.err;
    L.y.err_len = sizeof L.err;
    L.sc = scenario_new();
    if (!L.sc) {
        char m[512];
        snprintf(m, sizeof m, "%s: out of memory", name);
        set_msg(msg, msg_len, m);
        return HW_ERR_NOMEM;
    }
    L.pv = L.sc->priv;
    L.y.recs = &L.pv->recs;
    L.y.blocks = &L.pv->blocks;
    L.sc->path = dup_str(&L.y, name);
    if (n_ovr > 0 && !FAILED(&L)) { /* kept: a later check's error names them too */
        L.pv->ovr = hw_yr_alloc(&L.y, (size_t)n_ovr, sizeof(char *));
        for (int k = 0; L.pv->ovr && k < n_ovr; k++) L.pv->ovr[k] = dup_str(&L.y, ovr[k] ? ovr[k] : "");
        L.pv->n_ovr = n_ovr;
    }
    if (!FAILED(&L)) load_document(&L, text, len);
    if (FAILED(&L)) {
        name_overrides(L.pv, L.err, sizeof L.err);
        set_msg(msg, msg_len, L.err);
        hw_scenario_free(L.sc);
        return L.y.status;
    }
    set_msg(msg, msg_len, "");
    *out = L.sc;
    return HW_OK;
}

hw_status hw_scenario_load_string(const char *text, const char *name, hw_scenario **out, char *msg,
                                  size_t msg_len)
{
    if (out) *out = NULL;
    if (!name) name = "<string>";
    if (!text || !out) {
        char m[512];
        snprintf(m, sizeof m, "%s: no scenario text or no output pointer", name);
        set_msg(msg, msg_len, m);
        return HW_ERR_INVALID_ARG;
    }
    return load_text(text, strlen(text), name, NULL, 0, out, msg, msg_len);
}

static hw_status load_file(const char *path, const char *const *ovr, int n_ovr, hw_scenario **out,
                           char *msg, size_t msg_len)
{
    char m[768];
    if (out) *out = NULL;
    if (!path || !out) {
        set_msg(msg, msg_len, "hw_scenario_load: no path or no output pointer");
        return HW_ERR_INVALID_ARG;
    }
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        int e = errno;
        snprintf(m, sizeof m, "%s: cannot open: %s", path, strerror(e));
        set_msg(msg, msg_len, m);
        return e == ENOMEM ? HW_ERR_NOMEM : HW_ERR_IO;
    }
    size_t len = 0;
    long long size = 0;
    if (hw_input_too_big(fp, &size)) {
        fclose(fp);
        snprintf(m, sizeof m, "%s:1: file size: expected at most %lld MiB, got %lld bytes (docs/scenario.md, Limits)",
                 path, HW_INPUT_MAX_BYTES >> 20, size);
        set_msg(msg, msg_len, m);
        return HW_ERR_INPUT;
    }
    errno = 0;
    char *text = hw_read_stream(fp, &len);
    int saved = errno;
    fclose(fp);
    if (!text) {
        snprintf(m, sizeof m, "%s: cannot read: %s", path, strerror(saved));
        set_msg(msg, msg_len, m);
        return saved == ENOMEM ? HW_ERR_NOMEM : HW_ERR_IO;
    }
    hw_status st = load_text(text, len, path, ovr, n_ovr, out, msg, msg_len);
    free(text);
    return st;
}

hw_status hw_scenario_load(const char *path, hw_scenario **out, char *msg, size_t msg_len)
{
    return load_file(path, NULL, 0, out, msg, msg_len);
}

hw_status hw_scenario_load_with(const char *path, const char *text, const char *const *overrides,
                                int n_overrides, hw_scenario **out, char *msg, size_t msg_len)
{
    if (n_overrides <= 0 || !overrides)
        return text ? hw_scenario_load_string(text, path, out, msg, msg_len)
                    : hw_scenario_load(path, out, msg, msg_len);
    if (out) *out = NULL;
    if (!out || (!path && !text)) {
        set_msg(msg, msg_len, "hw_scenario_load_with: no path or text, or no output pointer");
        return HW_ERR_INVALID_ARG;
    }
    if (text) return load_text(text, strlen(text), path ? path : "<string>", overrides, n_overrides, out, msg, msg_len);
    return load_file(path, overrides, n_overrides, out, msg, msg_len);
}

hw_status hw_scenario_check(const hw_scenario *sc, char *msg, size_t msg_len)
{
    if (!sc) {
        set_msg(msg, msg_len, "hw_scenario_check: no scenario");
        return HW_ERR_INVALID_ARG;
    }
    char buf[1024] = "";
    hw_status st = format_model_check(sc, buf, sizeof buf);
    name_overrides(sc->priv, buf, sizeof buf);
    set_msg(msg, msg_len, buf);
    return st;
}

void hw_scenario_free(hw_scenario *sc)
{
    if (!sc) return;
    hw_net_def_destroy(sc->network);
    hw_scenario_rigid_free(sc->rigid);
    scn_priv *pv = sc->priv;
    if (pv) {
        hw_yr_blocks_free(&pv->blocks);
        free(pv->recs.v);
        free(pv);
    }
    free(sc);
}
