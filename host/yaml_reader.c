/* See yaml_reader.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "yaml_reader.h"

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

static void yfail(hw_yr *y, int line, const char *path, const char *fmt, ...)
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
    snprintf(y->err, y->err_len, "%s: out of memory", y->file);
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
        yfail(y, line, where, "expected a mapping (%s), got %s", context, got);
        return -1;
    }
    int n = yd_map_len(node);
    for (int i = 0; i < n; i++) {
        yaml_node_t *k = yd_map_key_at(y->doc, node, i);
        const char *key = yd_scalar(k);
        if (!key || yd_is_null(k)) {
            yd_describe(k, got, sizeof got);
            yfail(y, yd_line(k), where, "expected a key name, got %s", got);
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
            yfail(y, yd_line(k), p, "expected a key of %s (one of: %s), got \"%.60s\"%s", context, keys,
                  key, hint);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(yd_scalar(yd_map_key_at(y->doc, node, j)), key)) {
                yfail(y, yd_line(k), p, "expected each key once, got it again (first at line %d)",
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
