/* See yaml_reader.h. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/yaml_reader.h"

#define FAILED(y) ((y)->status != HW_OK)

void hw_yr_vfail(hw_yr *y, int line, const char *path, const char *fmt, va_list ap)
{
    if (FAILED(y)) return;
    y->status = HW_ERR_INPUT;
    char what[640];
    vsnprintf(what, sizeof what, fmt, ap);
    if (line > 0) snprintf(y->err, y->err_len, "%s:%d: %s: %s", y->file, line, path, what);
    else snprintf(y->err, y->err_len, "%s: %s: %s", y->file, path, what);
    for (char *s = y->err; *s; s++)
        if (*s == '\n' || *s == '\r' || *s == '\t') *s = ' ';
}

void hw_yr_fail(hw_yr *y, int line, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hw_yr_vfail(y, line, path, fmt, ap);
    va_end(ap);
}

void hw_yr_nomem(hw_yr *y)
{
    if (FAILED(y)) return;
    y->status = HW_ERR_NOMEM;
    snprintf(y->err, y->err_len, "%s: out of memory while loading the scenario", y->file);
}

void hw_yr_record(hw_yr *y, int item, int index, const char *field, int line)
{
    hw_yr_recs *r = y->recs;
    if (FAILED(y) || !r || item < 0) return; /* item < 0: a mapping whose keys are not recorded */
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        hw_yr_rec *p = (hw_yr_rec *)realloc(r->v, (size_t)cap * sizeof *p);
        if (!p) { hw_yr_nomem(y); return; }
        r->v = p;
        r->cap = cap;
    }
    hw_yr_rec *e = &r->v[r->n++];
    e->item = item;
    e->index = index;
    snprintf(e->field, sizeof e->field, "%s", field);
    e->line = line;
}

int hw_yr_find(const hw_yr_recs *r, int item, int index, const char *field)
{
    for (int i = 0; r && i < r->n; i++)
        if (r->v[i].item == item && r->v[i].index == index && !strcmp(r->v[i].field, field))
            return r->v[i].line;
    return 0;
}

int hw_yr_find_nearest(const hw_yr_recs *r, int item, int index, const char *field)
{
    char f[sizeof r->v[0].field];
    snprintf(f, sizeof f, "%s", field);
    for (;;) {
        int line = hw_yr_find(r, item, index, f);
        size_t n = strlen(f);
        if (line || !n) return line;
        char *cut = f[n - 1] == ']' ? strrchr(f, '[') : strrchr(f, '.');
        if (cut) *cut = '\0';
        else f[0] = '\0';
    }
}

struct hw_yr_block {
    struct hw_yr_block *next;
    max_align_t data[];
};

void *hw_yr_alloc(hw_yr *y, size_t count, size_t size)
{
    if (FAILED(y)) return NULL;
    if (!y->blocks || (size && count > (SIZE_MAX - sizeof(hw_yr_block) - 1) / size)) {
        hw_yr_nomem(y);
        return NULL;
    }
    hw_yr_block *b = calloc(1, sizeof *b + count * size + 1);
    if (!b) {
        hw_yr_nomem(y);
        return NULL;
    }
    b->next = *y->blocks;
    *y->blocks = b;
    return b->data;
}

void hw_yr_blocks_free(hw_yr_block **blocks)
{
    while (*blocks) {
        hw_yr_block *next = (*blocks)->next;
        free(*blocks);
        *blocks = next;
    }
}

void hw_yr_key_list(const char *const *keys, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; keys[i] && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", keys[i]);
}

int hw_yr_check_map(hw_yr *y, yaml_node_t *node, int line, const char *path,
                    const char *const *allowed, const char *context)
{
    if (FAILED(y)) return -1;
    char got[96];
    const char *where = path[0] ? path : "scenario"; /* "": the document's top level */
    if (!yd_is_map(node)) {
        yd_describe(node, got, sizeof got);
        hw_yr_fail(y, line, where, "expected a mapping (%s), got %s", context, got);
        return -1;
    }
    int n = yd_map_len(node);
    for (int i = 0; i < n; i++) {
        yaml_node_t *k = yd_map_key_at(y->doc, node, i);
        const char *key = yd_scalar(k);
        if (!key || yd_is_null(k)) {
            yd_describe(k, got, sizeof got);
            hw_yr_fail(y, yd_line(k), where, "expected a key name, got %s", got);
            return -1;
        }
        int ok = 0;
        for (int j = 0; allowed[j]; j++) ok |= !strcmp(allowed[j], key);
        char p[272];
        if (path[0]) snprintf(p, sizeof p, "%s.%s", path, key);
        else snprintf(p, sizeof p, "%s", key);
        if (!ok) {
            char keys[512], hint[96] = "";
            hw_yr_key_list(allowed, keys, sizeof keys);
            for (int j = 0; allowed[j]; j++)
                if (!strcasecmp(allowed[j], key))
                    snprintf(hint, sizeof hint, " (keys are case-sensitive: did you mean %s?)", allowed[j]);
            hw_yr_fail(y, yd_line(k), p, "expected a key of %s (one of: %s), got \"%.60s\"%s", context, keys,
                  key, hint);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(yd_scalar(yd_map_key_at(y->doc, node, j)), key)) {
                hw_yr_fail(y, yd_line(k), p, "expected each key once, got it again (first at line %d)",
                      yd_line(yd_map_key_at(y->doc, node, j)));
                return -1;
            }
    }
    return 0;
}

yaml_node_t *hw_yr_field(hw_yr *y, yaml_node_t *node, int map_line, const char *map_path, int item,
                         int index, const char *rec, const char *key, int *line, char *path,
                         size_t path_len)
{
    if (map_path[0]) snprintf(path, path_len, "%s.%s", map_path, key);
    else snprintf(path, path_len, "%s", key);
    *line = map_line;
    if (FAILED(y) || !node) return NULL;
    yaml_node_t *k = NULL, *v = yd_map_find(y->doc, node, key, &k);
    if (!v) return NULL;
    *line = yd_line(k);
    char r[160];
    snprintf(r, sizeof r, "%s%s", rec, key);
    hw_yr_record(y, item, index, r, *line);
    return v;
}

/* ---- a mapping's values ---------------------------------------------------------------------- */

int hw_yr_open(hw_yr_map *m, hw_yr *y, yaml_node_t *node, int line, const char *path, int item,
               int index, const char *rec, const char *const *allowed, const char *context)
{
    memset(m, 0, sizeof *m);
    m->y = y;
    m->line = line;
    snprintf(m->path, sizeof m->path, "%s", path);
    m->item = item;
    m->index = index;
    snprintf(m->rec, sizeof m->rec, "%s", rec);
    if (hw_yr_check_map(y, node, line, path, allowed, context)) return -1;
    m->node = node;
    return 0;
}

int hw_yr_get(hw_yr_map *m, const char *key, hw_yr_fld *f)
{
    f->v = hw_yr_field(m->y, m->node, m->line, m->path, m->item, m->index, m->rec, key, &f->line,
                       f->path, sizeof f->path);
    return f->v != NULL;
}

int hw_yr_missing(hw_yr_map *m, const hw_yr_fld *f, int required, const char *what)
{
    if (FAILED(m->y)) return -1;
    if (!required) return 1;
    hw_yr_fail(m->y, f->line, f->path, "expected %s (required key), got nothing", what);
    return -1;
}

int hw_yr_read_num(hw_yr *y, const yaml_node_t *v, int line, const char *path, double *dst)
{
    double x;
    if (yd_to_double(v, &x) == 0) {
        *dst = x;
        return 0;
    }
    char got[96];
    yd_describe(v, got, sizeof got);
    hw_yr_fail(y, line, path, "expected a number, got %s", got);
    return -1;
}

int hw_yr_read_enum(hw_yr *y, const hw_yr_fld *f, const char *const *names, int *dst)
{
    const char *s = yd_scalar(f->v);
    for (int i = 0; s && !yd_is_null(f->v) && names[i]; i++)
        if (!strcmp(s, names[i])) {
            *dst = i;
            return 0;
        }
    char got[96], list[256];
    yd_describe(f->v, got, sizeof got);
    hw_yr_key_list(names, list, sizeof list);
    hw_yr_fail(y, f->line, f->path, "expected one of: %s, got %s", list, got);
    return -1;
}

int hw_yr_get_num(hw_yr_map *m, const char *key, int required, double *dst)
{
    hw_yr_fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, required, "a number");
    return hw_yr_read_num(m->y, f.v, f.line, f.path, dst);
}

int hw_yr_get_enum(hw_yr_map *m, const char *key, int required, const char *const *names, int *dst)
{
    hw_yr_fld f;
    if (!hw_yr_get(m, key, &f)) {
        char what[256] = "one of: ";
        hw_yr_key_list(names, what + strlen(what), sizeof what - strlen(what));
        return hw_yr_missing(m, &f, required, what);
    }
    return hw_yr_read_enum(m->y, &f, names, dst);
}

/* ---- tables ---------------------------------------------------------------------------------- */

static int read_row(hw_yr *y, yaml_node_t *row, const char *path, const hw_yr_table_spec *ts, double *dst)
{
    int n = yd_seq_len(row);
    if (!yd_is_seq(row) || n < ts->min_cols || n > ts->max_cols) {
        char got[96], width[32];
        yd_describe(row, got, sizeof got);
        if (ts->min_cols == ts->max_cols) snprintf(width, sizeof width, "%d", ts->min_cols);
        else snprintf(width, sizeof width, "%d or %d", ts->min_cols, ts->max_cols);
        hw_yr_fail(y, yd_line(row), path, "expected a row of %s numbers %s, got %s", width, ts->form, got);
        return -1;
    }
    for (int c = 0; c < n; c++) {
        yaml_node_t *x = yd_seq_at(y->doc, row, c);
        char xpath[304];
        snprintf(xpath, sizeof xpath, "%s[%d]", path, c);
        if (hw_yr_read_num(y, x, yd_line(x), xpath, &dst[c])) return -1;
    }
    return 0;
}

int hw_yr_read_table(hw_yr_map *m, const hw_yr_fld *f, const hw_yr_table_spec *ts, const char *rec,
                     double **out)
{
    hw_yr *y = m->y;
    int n = yd_seq_len(f->v);
    if (!yd_is_seq(f->v) || n < ts->min_rows) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a list of at least %d row%s %s, got %s", ts->min_rows,
                   ts->min_rows == 1 ? "" : "s", ts->form, got);
        return -1;
    }
    double *rows = hw_yr_alloc(y, (size_t)n * (size_t)ts->max_cols, sizeof *rows);
    for (int k = 0; rows && k < n; k++) {
        yaml_node_t *row = yd_seq_at(y->doc, f->v, k);
        char path[288];
        snprintf(path, sizeof path, "%s[%d]", f->path, k);
        if (read_row(y, row, path, ts, &rows[k * ts->max_cols])) return -1;
        double x = rows[k * ts->max_cols], prev = k ? rows[(k - 1) * ts->max_cols] : 0;
        if (k > 0 && !(x > prev)) {
            hw_yr_fail(y, yd_line(row), path, "expected %s greater than the previous row's (%g), got %g",
                       ts->col0, prev, x);
            return -1;
        }
        if (rec) {
            char r[96];
            snprintf(r, sizeof r, "%s[%d]", rec, k);
            hw_yr_record(y, m->item, m->index, r, yd_line(row));
        }
    }
    if (FAILED(y)) return -1;
    *out = rows;
    return n;
}

double *hw_yr_column(hw_yr *y, const double *rows, int n, int cols, int c)
{
    double *col = hw_yr_alloc(y, n > 0 ? (size_t)n : 1, sizeof *col);
    for (int k = 0; col && k < n; k++) col[k] = rows[k * cols + c];
    return col;
}
