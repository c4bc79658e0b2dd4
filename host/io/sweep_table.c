/* The results table of a sweep. See sweep_table.h and docs/sweep.md. */
#include "io/sweep_table.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#include "io/files.h"
#include "io/yaml_doc.h"

typedef struct kv { char *k, *v; } kv;

typedef struct row {
    kv *x;
    int n, cap;
    char status[64];
    char *message, *backend; /* owned */
    double max_t, max_u;
    int has_t, has_u;
} row;

static char *dup_s(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static int row_add(row *r, const char *k, const char *v)
{
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 16;
        kv *nx = realloc(r->x, (size_t)cap * sizeof *nx);
        if (!nx) return -1;
        r->x = nx;
        r->cap = cap;
    }
    r->x[r->n].k = dup_s(k);
    r->x[r->n].v = dup_s(v);
    if (!r->x[r->n].k || !r->x[r->n].v) {
        free(r->x[r->n].k);
        free(r->x[r->n].v);
        return -1;
    }
    r->n++;
    return 0;
}

static void row_free(row *r)
{
    for (int i = 0; i < r->n; i++) {
        free(r->x[i].k);
        free(r->x[i].v);
    }
    free(r->x);
    free(r->message);
    free(r->backend);
}

void hw_sweep_status(const hw_sweep_result *r, char *buf, size_t len)
{
    if (!r->done) { snprintf(buf, len, "not_run"); return; }
    if (r->summary) { /* "status":"..." is the summary's first key */
        const char *p = strstr(r->summary, "\"status\":\"");
        if (p) {
            p += 10;
            size_t n = strcspn(p, "\"");
            if (n > 0 && n < len) {
                snprintf(buf, len, "%.*s", (int)n, p);
                return;
            }
        }
    }
    switch (r->exit_code) {
    case 0: snprintf(buf, len, "ok"); break;
    case 2: snprintf(buf, len, "usage_error"); break;
    case 3: snprintf(buf, len, "invalid_input"); break;
    case 4: snprintf(buf, len, "numerical_failure"); break;
    case 5: snprintf(buf, len, "not_available"); break;
    case 6: snprintf(buf, len, "io_error"); break;
    case 7: snprintf(buf, len, "out_of_memory"); break;
    case 130: case 143: snprintf(buf, len, "interrupted"); break;
    default: snprintf(buf, len, r->exit_code > 128 ? "crashed" : "error"); break;
    }
}

/* A scalar's text for a cell: "" for null. */
static const char *cell_text(const yaml_node_t *n)
{
    if (!yd_is_scalar(n) || yd_is_null(n)) return "";
    return yd_scalar(n);
}

static int is_num(const char *s, double *v)
{
    char *end;
    if (!s || !*s) return 0;
    *v = strtod(s, &end);
    return !*end && isfinite(*v);
}

/* The keys of a family's items taken into the table. */
static int wanted(const char *family, const char *key)
{
    if (!strcmp(family, "lines"))
        return !strcmp(key, "max_tension_N") || !strcmp(key, "min_tension_N") || !strcmp(key, "max_strain") ||
               !strcmp(key, "utilisation");
    if (!strcmp(family, "rigid_cables")) return !strcmp(key, "max_tension_N");
    /* bodies: their extremes, not the times */
    return (!strncmp(key, "max_", 4) || !strncmp(key, "min_", 4)) && !strstr(key, "_time_s");
}

static int take_family(row *r, yaml_document_t *d, yaml_node_t *root, const char *family)
{
    yaml_node_t *seq = yd_map_find(d, root, family, NULL);
    for (int i = 0; i < yd_seq_len(seq); i++) {
        yaml_node_t *it = yd_seq_at(d, seq, i);
        const char *name = yd_scalar(yd_map_find(d, it, "name", NULL));
        char nm[200];
        if (name && *name) snprintf(nm, sizeof nm, "%s", name);
        else snprintf(nm, sizeof nm, "%d", i);
        for (int k = 0; k < yd_map_len(it); k++) {
            const char *key = yd_scalar(yd_map_key_at(d, it, k));
            yaml_node_t *v = yd_map_value_at(d, it, k);
            if (!key || !yd_is_scalar(v) || !wanted(family, key)) continue;
            char col[512];
            snprintf(col, sizeof col, "%s.%s.%s", family, nm, key);
            if (row_add(r, col, cell_text(v))) return -1;
            double x;
            if (!strcmp(key, "max_tension_N") && is_num(cell_text(v), &x) && (!r->has_t || x > r->max_t)) {
                r->max_t = x;
                r->has_t = 1;
            }
            if (!strcmp(key, "utilisation") && is_num(cell_text(v), &x) && (!r->has_u || x > r->max_u)) {
                r->max_u = x;
                r->has_u = 1;
            }
        }
    }
    return 0;
}

static int fill_row(row *r, const hw_sweep_result *res)
{
    hw_sweep_status(res, r->status, sizeof r->status);
    if (res->message) r->message = dup_s(res->message);
    if (!res->summary) return 0;
    yaml_document_t d;
    int line;
    char problem[256];
    if (yd_load(res->summary, strlen(res->summary), &d, &line, problem, sizeof problem)) return 0; /* unreadable: the exit code's */
    yaml_node_t *root = yd_root(&d);
    int bad = 0;
    if (yd_is_map(root)) {
        const char *m = yd_scalar(yd_map_find(&d, root, "message", NULL));
        if (m) {
            free(r->message);
            r->message = dup_s(m);
        }
        const char *b = yd_scalar(yd_map_find(&d, root, "backend", NULL));
        if (!b) b = yd_scalar(yd_map_find(&d, yd_map_find(&d, root, "rigid", NULL), "backend", NULL));
        if (b) r->backend = dup_s(b);
        bad = take_family(r, &d, root, "lines") || take_family(r, &d, root, "rigid_cables") ||
              take_family(r, &d, root, "bodies");
    }
    yaml_document_delete(&d);
    return bad ? -1 : 0;
}

/* ---- columns ---------------------------------------------------------------------------------- */

typedef struct cols { char **name; int n, cap; } cols;

static int col_index(const cols *c, const char *name)
{
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->name[i], name)) return i;
    return -1;
}

static int col_add(cols *c, const char *name)
{
    if (col_index(c, name) >= 0) return 0;
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 32;
        char **nn = realloc(c->name, (size_t)cap * sizeof *nn);
        if (!nn) return -1;
        c->name = nn;
        c->cap = cap;
    }
    if (!(c->name[c->n] = dup_s(name))) return -1;
    c->n++;
    return 0;
}

/* The fixed columns before the per-object ones (the parameters come after id). */
enum { FIX_STATUS, FIX_EXIT, FIX_MESSAGE, FIX_BACKEND, FIX_MAX_T, FIX_MAX_U, N_FIX };
static const char *const FIX_NAMES[N_FIX] = {"status", "exit_code", "message", "backend", "max_tension_N",
                                            "max_utilisation"};

/* The cells of one row, n = 1 + params + N_FIX + dynamic + 1 (wall_s); malloc'ed strings. */
static char **row_cells(const hw_sweep_plan *p, const hw_sweep_result *res, const row *r, int ci, const cols *dyn,
                        int n)
{
    char **c = calloc((size_t)n, sizeof *c);
    if (!c) return NULL;
    char b[64];
    int k = 0;
    snprintf(b, sizeof b, "case_%04d", ci);
    c[k++] = dup_s(b);
    for (int i = 0; i < p->n_params; i++) c[k++] = dup_s(p->cases[ci].cell[i] ? p->cases[ci].cell[i] : "");
    c[k++] = dup_s(r->status);
    if (res->done) snprintf(b, sizeof b, "%d", res->exit_code);
    else b[0] = 0;
    c[k++] = dup_s(b);
    c[k++] = dup_s(r->message ? r->message : "");
    c[k++] = dup_s(r->backend ? r->backend : "");
    if (r->has_t) snprintf(b, sizeof b, "%.10g", r->max_t);
    else b[0] = 0;
    c[k++] = dup_s(b);
    if (r->has_u) snprintf(b, sizeof b, "%.6g", r->max_u);
    else b[0] = 0;
    c[k++] = dup_s(b);
    for (int i = 0; i < dyn->n; i++) {
        const char *v = "";
        for (int j = 0; j < r->n; j++)
            if (!strcmp(r->x[j].k, dyn->name[i])) v = r->x[j].v;
        c[k++] = dup_s(v);
    }
    if (res->done) snprintf(b, sizeof b, "%.3f", res->wall_s);
    else b[0] = 0;
    c[k++] = dup_s(b);
    for (int i = 0; i < n; i++)
        if (!c[i]) {
            for (int j = 0; j < n; j++) free(c[j]);
            free(c);
            return NULL;
        }
    return c;
}

static void csv_cell(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n\r") && s[0] != ' ' && !(s[0] && s[strlen(s) - 1] == ' ')) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('"', f);
}

#ifdef HAWSER_HAVE_HDF5
/* One column as a dataset: numbers (float64, NaN where empty) when every non-empty cell is one,
 * else fixed-length strings. */
static int h5_column(hid_t file, const char *name, char ***cells, int rows, int col)
{
    int numeric = 1, any = 0;
    size_t w = 1;
    for (int r = 0; r < rows; r++) {
        double x;
        const char *s = cells[r][col];
        if (*s) {
            any = 1;
            if (!is_num(s, &x)) numeric = 0;
        }
        if (strlen(s) + 1 > w) w = strlen(s) + 1;
    }
    if (!strcmp(name, "id")) numeric = 0;
    char ds_name[600];
    snprintf(ds_name, sizeof ds_name, "%s", name);
    for (char *q = ds_name; *q; q++)
        if (*q == '/') *q = '_';
    hsize_t n = (hsize_t)rows;
    hid_t sp = H5Screate_simple(1, &n, NULL);
    int bad;
    if (numeric && any) {
        double *v = malloc((size_t)(rows > 0 ? rows : 1) * sizeof *v);
        if (!v) { H5Sclose(sp); return -1; }
        for (int r = 0; r < rows; r++) {
            if (!is_num(cells[r][col], &v[r])) v[r] = NAN;
        }
        hid_t ds = H5Dcreate2(file, ds_name, H5T_IEEE_F64LE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        bad = ds < 0 || (rows > 0 && H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) < 0);
        if (ds >= 0) H5Dclose(ds);
        free(v);
    } else {
        char *buf = calloc((size_t)(rows > 0 ? rows : 1), w);
        if (!buf) { H5Sclose(sp); return -1; }
        for (int r = 0; r < rows; r++) memcpy(buf + (size_t)r * w, cells[r][col], strlen(cells[r][col]));
        hid_t t = H5Tcopy(H5T_C_S1);
        H5Tset_size(t, w);
        H5Tset_strpad(t, H5T_STR_NULLTERM);
        hid_t ds = H5Dcreate2(file, ds_name, t, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        bad = ds < 0 || (rows > 0 && H5Dwrite(ds, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0);
        if (ds >= 0) H5Dclose(ds);
        H5Tclose(t);
        free(buf);
    }
    H5Sclose(sp);
    return bad ? -1 : 0;
}

static int h5_write(const char *path, char **names, int n_cols, char ***cells, int rows)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    if (f < 0) return -1;
    int bad = 0;
    for (int c = 0; c < n_cols && !bad; c++) bad = h5_column(f, names[c], cells, rows, c);
    if (!bad) { /* the column order */
        char **one = malloc((size_t)n_cols * sizeof *one);
        char ***rowsv = malloc((size_t)n_cols * sizeof *rowsv);
        if (!one || !rowsv) bad = 1;
        for (int c = 0; !bad && c < n_cols; c++) {
            one[c] = names[c];
            rowsv[c] = &one[c];
        }
        if (!bad) bad = h5_column(f, "columns", rowsv, n_cols, 0);
        free(one);
        free(rowsv);
    }
    if (H5Fclose(f) < 0) bad = 1;
    return bad ? -1 : 0;
}
#endif

hw_status hw_sweep_table_write(const char *dir, const hw_sweep_plan *p, const hw_sweep_result *res,
                               char *msg, size_t msg_len)
{
    int nc = p->n_cases;
    row *rows = calloc((size_t)(nc > 0 ? nc : 1), sizeof *rows);
    cols dyn = {0};
    char ***cells = calloc((size_t)(nc > 0 ? nc : 1), sizeof *cells);
    char **names = NULL;
    hw_status st = HW_OK;
    int n_cols = 0;
    if (!rows || !cells) goto nomem;
    for (int i = 0; i < nc; i++) {
        if (fill_row(&rows[i], &res[i])) goto nomem;
        for (int j = 0; j < rows[i].n; j++)
            if (col_add(&dyn, rows[i].x[j].k)) goto nomem;
    }
    n_cols = 1 + p->n_params + N_FIX + dyn.n + 1;
    if (!(names = calloc((size_t)n_cols, sizeof *names))) goto nomem;
    {
        int k = 0;
        names[k++] = "id";
        for (int i = 0; i < p->n_params; i++) names[k++] = p->params[i].key;
        for (int i = 0; i < N_FIX; i++) names[k++] = (char *)FIX_NAMES[i];
        for (int i = 0; i < dyn.n; i++) names[k++] = dyn.name[i];
        names[k++] = "wall_s";
    }
    for (int i = 0; i < nc; i++)
        if (!(cells[i] = row_cells(p, &res[i], &rows[i], i, &dyn, n_cols))) goto nomem;
    {
        char path[4200], tmp[4300];
        snprintf(path, sizeof path, "%s/sweep.csv", dir);
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *f = fopen(tmp, "w");
        int err = f ? 0 : errno;
        if (f) {
            for (int c = 0; c < n_cols; c++) {
                if (c) fputc(',', f);
                csv_cell(f, names[c]);
            }
            fputc('\n', f);
            for (int i = 0; i < nc; i++) {
                for (int c = 0; c < n_cols; c++) {
                    if (c) fputc(',', f);
                    csv_cell(f, cells[i][c]);
                }
                fputc('\n', f);
            }
            err = hw_fclose_checked(f);
        }
        if (!err && rename(tmp, path)) err = errno;
        if (err) {
            snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(err));
            st = HW_ERR_IO;
            remove(tmp);
            goto done;
        }
#ifdef HAWSER_HAVE_HDF5
        snprintf(path, sizeof path, "%s/sweep.h5", dir);
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        if (h5_write(tmp, names, n_cols, cells, nc) || rename(tmp, path)) {
            snprintf(msg, msg_len, "%s: cannot write the HDF5 table", path);
            st = HW_ERR_IO;
            remove(tmp);
            goto done;
        }
#endif
    }
    goto done;
nomem:
    snprintf(msg, msg_len, "%s: out of memory for the sweep table", dir);
    st = HW_ERR_NOMEM;
done:
    for (int i = 0; cells && i < nc; i++) {
        for (int c = 0; cells[i] && c < n_cols; c++) free(cells[i][c]);
        free(cells[i]);
    }
    free(cells);
    for (int i = 0; rows && i < nc; i++) row_free(&rows[i]);
    free(rows);
    for (int i = 0; i < dyn.n; i++) free(dyn.name[i]);
    free(dyn.name);
    free(names);
    return st;
}
