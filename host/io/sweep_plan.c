/* Sweep files: the cases of a parameter sweep. See sweep_plan.h and docs/sweep.md. */
#include "io/sweep_plan.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/files.h"
#include "io/overrides.h"
#include "io/yaml_doc.h"

#define SEED_KEY "environment.waves.seed"

/* A parameter with its values (flow YAML text each). */
typedef struct dim {
    char *key;
    int line;
    char field[64];
    int n;
    char **vals;
} dim;

typedef struct rd {
    yaml_document_t *doc;
    const char *file;
    char *msg;
    size_t msg_len;
    hw_status st;
} rd;

static int fail(rd *r, int line, const char *field, const char *fmt, ...)
{
    if (r->st) return -1;
    char what[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (line > 0) snprintf(r->msg, r->msg_len, "%s:%d: %s: %s", r->file, line, field, what);
    else snprintf(r->msg, r->msg_len, "%s: %s: %s", r->file, field, what);
    r->st = HW_ERR_INPUT;
    return -1;
}

static int nomem(rd *r)
{
    if (!r->st) snprintf(r->msg, r->msg_len, "%s: out of memory reading the sweep file", r->file);
    r->st = HW_ERR_NOMEM;
    return -1;
}

static char *dup_s(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static char *flow_of(rd *r, const yaml_node_t *n)
{
    char buf[2048];
    hw_ovr_flow(r->doc, n, buf, sizeof buf);
    return dup_s(buf);
}

static void dims_free(dim *d, int n)
{
    for (int i = 0; d && i < n; i++) {
        free(d[i].key);
        for (int k = 0; k < d[i].n; k++) free(d[i].vals[k]);
        free(d[i].vals);
    }
    free(d);
}

/* A key: a non-empty plain or quoted string without '='. */
static int read_key(rd *r, const yaml_node_t *n, const char *field, char **out)
{
    const char *s = yd_scalar(n);
    char got[96];
    if (!s || !*s || strchr(s, '=')) {
        yd_describe(n, got, sizeof got);
        return fail(r, yd_line(n), field, "expected a scenario key path such as lines.mooring.length or "
                    "line_types[0].EA, got %s", got);
    }
    if (!(*out = dup_s(s))) return nomem(r);
    return 0;
}

/* {range: [FROM, TO, N]}: N evenly spaced numbers from FROM to TO, both ends included. */
static int read_range(rd *r, const yaml_node_t *v, const char *field, dim *d)
{
    char got[96], f[96];
    yaml_node_t *rg = yd_map_find(r->doc, v, "range", NULL);
    snprintf(f, sizeof f, "%s.range", field);
    double a, b, n;
    if (yd_map_len(v) != 1 || !yd_is_seq(rg) || yd_seq_len(rg) != 3 || yd_to_double(yd_seq_at(r->doc, rg, 0), &a) ||
        yd_to_double(yd_seq_at(r->doc, rg, 1), &b) || yd_to_double(yd_seq_at(r->doc, rg, 2), &n) || n < 1 ||
        n > HW_SWEEP_MAX_CASES || n != (double)(long)n || (n == 1 && a != b)) {
        yd_describe(rg ? rg : v, got, sizeof got);
        return fail(r, yd_line(rg ? rg : v), rg ? f : field, "expected [FROM, TO, N]: N >= 1 evenly spaced numbers "
                    "from FROM to TO (N = 1: FROM = TO), got %s", got);
    }
    d->n = (int)n;
    if (!(d->vals = calloc((size_t)d->n, sizeof *d->vals))) return nomem(r);
    for (int k = 0; k < d->n; k++) {
        char buf[40];
        double x = d->n == 1 ? a : k == d->n - 1 ? b : a + (b - a) * k / (d->n - 1);
        snprintf(buf, sizeof buf, "%.10g", x);
        if (!(d->vals[k] = dup_s(buf))) return nomem(r);
    }
    return 0;
}

static int read_values(rd *r, const yaml_node_t *v, const char *field, dim *d)
{
    char got[96];
    if (yd_is_map(v) && yd_map_find(r->doc, v, "range", NULL)) return read_range(r, v, field, d);
    if (!yd_is_seq(v) || yd_seq_len(v) == 0) {
        yd_describe(v, got, sizeof got);
        return fail(r, yd_line(v), field, "expected a non-empty list of values (or {range: [FROM, TO, N]}), got %s", got);
    }
    d->n = yd_seq_len(v);
    if (!(d->vals = calloc((size_t)d->n, sizeof *d->vals))) return nomem(r);
    for (int k = 0; k < d->n; k++)
        if (!(d->vals[k] = flow_of(r, yd_seq_at(r->doc, v, k)))) return nomem(r);
    return 0;
}

/* `vary:` into dims (appended to *dv, *nd). */
static int read_vary(rd *r, yaml_node_t *v, dim **dv, int *nd)
{
    char got[96];
    int n = yd_is_seq(v) ? yd_seq_len(v) : yd_is_map(v) ? yd_map_len(v) : -1;
    if (n <= 0) {
        yd_describe(v, got, sizeof got);
        return fail(r, yd_line(v), "vary", "expected a list of {key, values} or a mapping KEY: [values], got %s", got);
    }
    dim *d = calloc((size_t)n, sizeof *d);
    if (!d) return nomem(r);
    *dv = d;
    for (int i = 0; i < n; i++) {
        (*nd)++;
        snprintf(d[i].field, sizeof d[i].field, "vary[%d]", i);
        if (yd_is_map(v)) {
            yaml_node_t *k = yd_map_key_at(r->doc, v, i);
            d[i].line = yd_line(k);
            snprintf(d[i].field, sizeof d[i].field, "vary.%.40s", yd_scalar(k) ? yd_scalar(k) : "?");
            if (read_key(r, k, "vary", &d[i].key) || read_values(r, yd_map_value_at(r->doc, v, i), d[i].field, &d[i]))
                return -1;
            continue;
        }
        yaml_node_t *it = yd_seq_at(r->doc, v, i);
        d[i].line = yd_line(it);
        if (!yd_is_map(it)) {
            yd_describe(it, got, sizeof got);
            return fail(r, yd_line(it), d[i].field, "expected a mapping {key: KEY.PATH, values: [...]}, got %s", got);
        }
        for (int k = 0; k < yd_map_len(it); k++) {
            const char *s = yd_scalar(yd_map_key_at(r->doc, it, k));
            if (!s || (strcmp(s, "key") && strcmp(s, "values"))) {
                yd_describe(yd_map_key_at(r->doc, it, k), got, sizeof got);
                return fail(r, yd_line(yd_map_key_at(r->doc, it, k)), d[i].field,
                            "expected the keys key and values, got %s", got);
            }
        }
        yaml_node_t *kn, *vn = yd_map_find(r->doc, it, "values", NULL);
        yaml_node_t *key = yd_map_find(r->doc, it, "key", &kn);
        char f[96];
        snprintf(f, sizeof f, "%s.key", d[i].field);
        if (!key) return fail(r, yd_line(it), f, "expected a scenario key path (required key), got nothing");
        if (read_key(r, key, f, &d[i].key)) return -1;
        d[i].line = yd_line(kn);
        snprintf(f, sizeof f, "%s.values", d[i].field);
        if (!vn) return fail(r, yd_line(it), f, "expected a non-empty list of values (required key), got nothing");
        if (read_values(r, vn, f, &d[i])) return -1;
    }
    return 0;
}

/* `seeds:` N (1..N) or a list of integers. */
static int read_seeds(rd *r, yaml_node_t *v, dim *d)
{
    char got[96];
    long n;
    d->line = yd_line(v);
    snprintf(d->field, sizeof d->field, "seeds");
    if (!(d->key = dup_s(SEED_KEY))) return nomem(r);
    if (yd_to_long(v, &n) == 0) {
        if (n < 1 || n > HW_SWEEP_MAX_CASES)
            return fail(r, yd_line(v), "seeds", "expected a number of seeds from 1 to %d, or a list of seeds, got %ld",
                        HW_SWEEP_MAX_CASES, n);
        d->n = (int)n;
        if (!(d->vals = calloc((size_t)n, sizeof *d->vals))) return nomem(r);
        for (long k = 0; k < n; k++) {
            char b[32];
            snprintf(b, sizeof b, "%ld", k + 1);
            if (!(d->vals[k] = dup_s(b))) return nomem(r);
        }
        return 0;
    }
    if (!yd_is_seq(v) || yd_seq_len(v) == 0) {
        yd_describe(v, got, sizeof got);
        return fail(r, yd_line(v), "seeds", "expected a number of seeds N (seeds 1..N) or a list of seeds, got %s", got);
    }
    for (int k = 0; k < yd_seq_len(v); k++) {
        yaml_node_t *x = yd_seq_at(r->doc, v, k);
        long s;
        if (yd_to_long(x, &s) || s < 0) {
            char f[32];
            snprintf(f, sizeof f, "seeds[%d]", k);
            yd_describe(x, got, sizeof got);
            return fail(r, yd_line(x), f, "expected a seed (an integer >= 0), got %s", got);
        }
    }
    return read_values(r, v, "seeds", d);
}

/* ---- the plan --------------------------------------------------------------------------------- */

static int param_index(hw_sweep_plan *p, const char *key, int line, const char *field, rd *r)
{
    for (int i = 0; i < p->n_params; i++)
        if (!strcmp(p->params[i].key, key)) return i;
    hw_sweep_key *np = realloc(p->params, (size_t)(p->n_params + 1) * sizeof *np);
    if (!np) return nomem(r);
    p->params = np;
    hw_sweep_key *k = &p->params[p->n_params];
    k->key = dup_s(key);
    k->field = dup_s(field);
    k->line = line;
    if (!k->key || !k->field) {
        free(k->key);
        free(k->field);
        return nomem(r);
    }
    return p->n_params++;
}

/* Sets parameter pi of case c to val: the override replaced when the key is already set. */
static int case_set(rd *r, hw_sweep_plan *p, hw_sweep_case *c, int pi, const char *val)
{
    size_t n = strlen(p->params[pi].key) + strlen(val) + 2;
    char *o = malloc(n), *cell = dup_s(val);
    if (!o || !cell) {
        free(o);
        free(cell);
        return nomem(r);
    }
    snprintf(o, n, "%s=%s", p->params[pi].key, val);
    if (c->cell[pi]) { /* set already: the later value wins, in the place of the earlier */
        size_t kl = strlen(p->params[pi].key);
        for (int k = 0; k < c->n_ovr; k++)
            if (!strncmp(c->ovr[k], p->params[pi].key, kl) && c->ovr[k][kl] == '=') {
                free(c->ovr[k]);
                c->ovr[k] = o;
            }
        free(c->cell[pi]);
        c->cell[pi] = cell;
        return 0;
    }
    c->cell[pi] = cell;
    c->ovr[c->n_ovr++] = o;
    return 0;
}

static int build_cases(rd *r, hw_sweep_plan *p, yaml_node_t *cases, dim *d, int nd)
{
    char got[96];
    /* the parameter columns: vary keys (and seeds), then the explicit cases' keys */
    int *dpi = calloc((size_t)nd + 1, sizeof *dpi);
    if (!dpi) return nomem(r);
    for (int j = 0; j < nd; j++)
        if ((dpi[j] = param_index(p, d[j].key, d[j].line, d[j].field, r)) < 0) { free(dpi); return -1; }
    int n_explicit = cases ? yd_seq_len(cases) : 0;
    int max_keys = nd;
    for (int e = 0; e < n_explicit; e++) {
        yaml_node_t *it = yd_seq_at(r->doc, cases, e);
        char f[32];
        snprintf(f, sizeof f, "cases[%d]", e);
        if (!yd_is_map(it) || yd_map_len(it) == 0) {
            yd_describe(it, got, sizeof got);
            free(dpi);
            return fail(r, yd_line(it), f, "expected a mapping of overrides KEY.PATH: VALUE, got %s", got);
        }
        for (int k = 0; k < yd_map_len(it); k++) {
            char *key = NULL;
            if (read_key(r, yd_map_key_at(r->doc, it, k), f, &key)) { free(dpi); return -1; }
            int pi = param_index(p, key, yd_line(yd_map_key_at(r->doc, it, k)), f, r);
            free(key);
            if (pi < 0) { free(dpi); return -1; }
        }
        if (yd_map_len(it) > max_keys - nd) max_keys = nd + yd_map_len(it);
    }
    /* how many */
    long long combos = 1;
    if (p->zip) {
        int zn = -1;
        for (int j = 0; j < nd; j++) {
            if (!strcmp(d[j].field, "seeds")) continue; /* seeds always cross */
            if (zn >= 0 && d[j].n != zn) {
                free(dpi);
                return fail(r, d[j].line, d[j].field, "expected %d values as the first list (combine: zip "
                            "takes the i-th values together), got %d", zn, d[j].n);
            }
            zn = d[j].n;
        }
        combos = zn > 0 ? zn : 1;
        for (int j = 0; j < nd; j++)
            if (!strcmp(d[j].field, "seeds")) combos *= d[j].n;
    } else {
        for (int j = 0; j < nd && combos <= HW_SWEEP_MAX_CASES; j++) combos *= d[j].n;
    }
    long long total = combos * (n_explicit > 0 ? n_explicit : 1);
    if (total > HW_SWEEP_MAX_CASES) {
        free(dpi);
        return fail(r, 0, "cases", "expected at most %d cases, got %lld (the product of the lists)",
                    HW_SWEEP_MAX_CASES, total);
    }
    p->n_cases = (int)total;
    if (!(p->cases = calloc((size_t)total, sizeof *p->cases))) { free(dpi); return nomem(r); }
    int seed_j = -1;
    for (int j = 0; j < nd; j++)
        if (!strcmp(d[j].field, "seeds")) seed_j = j;
    for (long long ci = 0; ci < total; ci++) {
        hw_sweep_case *c = &p->cases[ci];
        c->ovr = calloc((size_t)max_keys + 1, sizeof *c->ovr);
        c->cell = calloc((size_t)p->n_params + 1, sizeof *c->cell);
        if (!c->ovr || !c->cell) { free(dpi); return nomem(r); }
        long long e = ci / combos, k = ci % combos;
        if (n_explicit > 0) { /* the explicit case's overrides first */
            yaml_node_t *it = yd_seq_at(r->doc, cases, (int)e);
            for (int q = 0; q < yd_map_len(it); q++) {
                int pi = param_index(p, yd_scalar(yd_map_key_at(r->doc, it, q)), 0, "", r);
                char *val = flow_of(r, yd_map_value_at(r->doc, it, q));
                if (pi < 0 || !val || case_set(r, p, c, pi, val)) { free(val); free(dpi); return r->st ? -1 : nomem(r); }
                free(val);
            }
        }
        /* the combination k: row-major, the last list fastest; zip: one index for all */
        long long seeds_n = seed_j >= 0 ? d[seed_j].n : 1;
        int zi = p->zip ? (int)(k / seeds_n) : 0; /* zip: the i-th values together, each seed */
        long long rem = p->zip ? k % seeds_n : k;
        int *idx = calloc((size_t)nd + 1, sizeof *idx);
        if (!idx) { free(dpi); return nomem(r); }
        for (int j = nd - 1; j >= 0; j--) {
            if (p->zip && j != seed_j) { idx[j] = zi; continue; }
            idx[j] = (int)(rem % d[j].n);
            rem /= d[j].n;
        }
        for (int j = 0; j < nd; j++)
            if (case_set(r, p, c, dpi[j], d[j].vals[idx[j]])) { free(idx); free(dpi); return -1; }
        free(idx);
    }
    free(dpi);
    return 0;
}

static const char *const TOP_KEYS[] = {"combine", "vary", "seeds", "cases", NULL};

static int read_plan(rd *r, hw_sweep_plan *p)
{
    yaml_node_t *root = yd_root(r->doc);
    char got[96];
    if (!yd_is_map(root)) {
        yd_describe(root, got, sizeof got);
        return fail(r, root ? yd_line(root) : 1, "sweep", "expected a mapping with vary, seeds or cases, got %s",
                    root ? got : "an empty file");
    }
    for (int i = 0; i < yd_map_len(root); i++) {
        yaml_node_t *k = yd_map_key_at(r->doc, root, i);
        const char *s = yd_scalar(k);
        int ok = 0;
        for (int t = 0; s && TOP_KEYS[t]; t++) ok |= !strcmp(s, TOP_KEYS[t]);
        for (int j = 0; ok && j < i; j++)
            if (!strcmp(yd_scalar(yd_map_key_at(r->doc, root, j)) ? yd_scalar(yd_map_key_at(r->doc, root, j)) : "", s))
                return fail(r, yd_line(k), s, "expected each key once, got it again (first at line %d)",
                            yd_line(yd_map_key_at(r->doc, root, j)));
        if (!ok) {
            yd_describe(k, got, sizeof got);
            return fail(r, yd_line(k), "sweep", "expected one of the keys combine, vary, seeds, cases, got %s", got);
        }
    }
    yaml_node_t *comb = yd_map_find(r->doc, root, "combine", NULL);
    if (comb) {
        const char *s = yd_scalar(comb);
        if (!s || (strcmp(s, "grid") && strcmp(s, "zip"))) {
            yd_describe(comb, got, sizeof got);
            return fail(r, yd_line(comb), "combine", "expected grid or zip, got %s", got);
        }
        p->zip = !strcmp(s, "zip");
    }
    yaml_node_t *vary = yd_map_find(r->doc, root, "vary", NULL);
    yaml_node_t *seeds = yd_map_find(r->doc, root, "seeds", NULL);
    yaml_node_t *cases = yd_map_find(r->doc, root, "cases", NULL);
    if (!vary && !seeds && !cases)
        return fail(r, yd_line(root), "sweep", "expected at least one of vary, seeds or cases, got none");
    if (cases && (!yd_is_seq(cases) || yd_seq_len(cases) == 0)) {
        yd_describe(cases, got, sizeof got);
        return fail(r, yd_line(cases), "cases", "expected a non-empty list of mappings KEY.PATH: VALUE, got %s", got);
    }
    dim *d = NULL, *all = NULL;
    int nd = 0;
    int rc = vary ? read_vary(r, vary, &d, &nd) : 0;
    if (!rc) {
        all = calloc((size_t)nd + 1, sizeof *all);
        if (!all) rc = nomem(r);
        else if (nd) memcpy(all, d, (size_t)nd * sizeof *d);
        free(d);
        d = all;
    }
    if (!rc && seeds) {
        for (int j = 0; j < nd; j++)
            if (!strcmp(d[j].key, SEED_KEY))
                rc = fail(r, yd_line(seeds), "seeds", "expected seeds or a vary entry of %s, got both (line %d)",
                          SEED_KEY, d[j].line);
        if (!rc) rc = read_seeds(r, seeds, &d[nd++]);
    }
    for (int j = 0; !rc && j < nd; j++)
        for (int i = 0; i < j; i++)
            if (!strcmp(d[i].key, d[j].key)) {
                rc = fail(r, d[j].line, d[j].field, "expected each key once in vary, got %s again (line %d)",
                          d[j].key, d[i].line);
                break;
            }
    if (!rc) rc = build_cases(r, p, cases, d, nd);
    dims_free(d, nd);
    return rc;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    long long size = 0;
    if (hw_input_too_big(f, &size)) {
        fclose(f);
        errno = EFBIG;
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    while (b) {
        size_t got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (n + 1 >= cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb) {
                free(b);
                b = NULL;
            } else b = nb;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (b && bad) {
        free(b);
        errno = EIO;
        return NULL;
    }
    if (b) b[n] = 0;
    if (len) *len = n;
    return b;
}

hw_status hw_sweep_plan_load(const char *path, const char *text, hw_sweep_plan **out, char *msg,
                             size_t msg_len)
{
    *out = NULL;
    hw_sweep_plan *p = calloc(1, sizeof *p);
    if (!p || !(p->file = dup_s(path))) {
        free(p);
        snprintf(msg, msg_len, "%s: out of memory", path);
        return HW_ERR_NOMEM;
    }
    size_t len = text ? strlen(text) : 0;
    p->text = text ? dup_s(text) : read_all(path, &len);
    if (!p->text) {
        int e = errno;
        snprintf(msg, msg_len, "%s: cannot read: %s", path, strerror(e ? e : EIO));
        hw_sweep_plan_free(p);
        return e == ENOMEM ? HW_ERR_NOMEM : HW_ERR_IO;
    }
    yaml_document_t doc;
    int line = 0;
    char problem[512];
    int rc = yd_load(p->text, len, &doc, &line, problem, sizeof problem);
    rd r = {&doc, path, msg, msg_len, HW_OK};
    if (rc < 0) {
        nomem(&r);
    } else if (rc > 0) {
        fail(&r, line, "syntax", "%s", problem);
    } else {
        read_plan(&r, p);
        yaml_document_delete(&doc);
    }
    if (r.st) {
        hw_sweep_plan_free(p);
        return r.st;
    }
    *out = p;
    return HW_OK;
}

hw_status hw_sweep_plan_check_keys(const hw_sweep_plan *p, const char *base_path, const char *base_text,
                                   char *msg, size_t msg_len)
{
    for (int i = 0; i < p->n_params; i++) {
        const hw_sweep_case *cs = NULL; /* the first case that sets this key, and where */
        int at = -1;
        size_t kl = strlen(p->params[i].key);
        for (int c = 0; c < p->n_cases && !cs; c++)
            for (int k = 0; k < p->cases[c].n_ovr && !cs; k++)
                if (!strncmp(p->cases[c].ovr[k], p->params[i].key, kl) && p->cases[c].ovr[k][kl] == '=') {
                    cs = &p->cases[c];
                    at = k;
                }
        if (!cs) continue;
        yaml_document_t doc;
        int line = 0;
        char problem[512], m[1400];
        int rc = yd_load(base_text, strlen(base_text), &doc, &line, problem, sizeof problem);
        if (rc > 0) {
            snprintf(msg, msg_len, "%s:%d: syntax: %s", base_path, line, problem);
            return HW_ERR_INPUT;
        }
        if (rc < 0) {
            snprintf(msg, msg_len, "%s: out of memory", base_path);
            return HW_ERR_NOMEM;
        }
        /* that case's overrides before it first (one may make the key's parent: environment.waves,
           then its seed), each on its own: their own errors are their keys' */
        for (int k = 0; k < at; k++) {
            rc = hw_ovr_apply(&doc, base_path, (const char *const *)&cs->ovr[k], 1, m, sizeof m);
            if (rc < 0) break;
        }
        if (rc >= 0) rc = hw_ovr_apply(&doc, base_path, (const char *const *)&cs->ovr[at], 1, m, sizeof m);
        yaml_document_delete(&doc);
        if (rc) {
            if (p->params[i].line > 0)
                snprintf(msg, msg_len, "%s:%d: %s: %s", p->file, p->params[i].line, p->params[i].field, m);
            else
                snprintf(msg, msg_len, "%s: %s: %s", p->file, p->params[i].field, m);
            return rc < 0 ? HW_ERR_NOMEM : HW_ERR_INPUT;
        }
    }
    return HW_OK;
}

void hw_sweep_plan_free(hw_sweep_plan *p)
{
    if (!p) return;
    for (int c = 0; c < p->n_cases && p->cases; c++) {
        for (int k = 0; k < p->cases[c].n_ovr; k++) free(p->cases[c].ovr[k]);
        for (int k = 0; p->cases[c].cell && k < p->n_params; k++) free(p->cases[c].cell[k]);
        free(p->cases[c].ovr);
        free(p->cases[c].cell);
    }
    free(p->cases);
    for (int i = 0; i < p->n_params; i++) {
        free(p->params[i].key);
        free(p->params[i].field);
    }
    free(p->params);
    free(p->file);
    free(p->text);
    free(p);
}
