/* Scenario overrides on a libyaml document. See overrides.h. */
#include "io/overrides.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/yaml_doc.h"

/* The most nodes one override's value may add (a value's aliases are copied: a bound on what
 * "&a [*b, *b]" chains can grow to). */
#define MAX_COPIED 100000

typedef struct ovr_ctx {
    yaml_document_t *doc;
    const char *file, *ovr;
    char *msg;
    size_t msg_len;
    size_t line0; /* start_mark.line of the nodes this override adds */
    long copied;
} ovr_ctx;

static int ovr_fail(ovr_ctx *c, const char *fmt, ...)
{
    char what[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->msg, c->msg_len, "%s: override '%.300s': %s", c->file, c->ovr, what);
    for (char *s = c->msg; *s; s++)
        if (*s == '\n' || *s == '\r' || *s == '\t') *s = ' ';
    return 1;
}

int hw_ovr_split(const char *ovr, char *key, size_t key_len, const char **value)
{
    const char *eq = ovr ? strchr(ovr, '=') : NULL;
    if (!eq) return -1;
    const char *a = ovr, *b = eq;
    while (a < b && isspace((unsigned char)*a)) a++;
    while (b > a && isspace((unsigned char)b[-1])) b--;
    if (b == a || (size_t)(b - a) >= key_len) return -1;
    memcpy(key, a, (size_t)(b - a));
    key[b - a] = 0;
    *value = eq + 1;
    return 0;
}

/* ---- node ids and copies ---------------------------------------------------------------------- */

static int node_id(yaml_document_t *d, const yaml_node_t *n) { return (int)(n - d->nodes.start) + 1; }
static yaml_node_t *node_at(yaml_document_t *d, int id) { return yaml_document_get_node(d, id); }

static void mark(ovr_ctx *c, int id)
{
    yaml_node_t *n = node_at(c->doc, id);
    n->start_mark.line = n->end_mark.line = c->line0;
    n->start_mark.column = n->end_mark.column = 0;
}

/* A copy of node src of document sd into c->doc, every node marked; its id, 0 when out of memory,
 * -1 when too large. */
static int copy_node(ovr_ctx *c, yaml_document_t *sd, yaml_node_t *src)
{
    if (++c->copied > MAX_COPIED) return -1;
    yaml_char_t *tag = src->tag;
    int id = 0;
    if (src->type == YAML_SCALAR_NODE) {
        id = yaml_document_add_scalar(c->doc, tag, src->data.scalar.value, (int)src->data.scalar.length,
                                      src->data.scalar.style);
        if (id) mark(c, id);
        return id;
    }
    if (src->type == YAML_SEQUENCE_NODE) {
        id = yaml_document_add_sequence(c->doc, tag, YAML_FLOW_SEQUENCE_STYLE);
        if (!id) return 0;
        mark(c, id);
        int n = yd_seq_len(src);
        for (int i = 0; i < n; i++) {
            int item = copy_node(c, sd, yd_seq_at(sd, src, i));
            if (item <= 0) return item;
            if (!yaml_document_append_sequence_item(c->doc, id, item)) return 0;
        }
        return id;
    }
    id = yaml_document_add_mapping(c->doc, tag, YAML_FLOW_MAPPING_STYLE);
    if (!id) return 0;
    mark(c, id);
    int n = yd_map_len(src);
    for (int i = 0; i < n; i++) {
        int k = copy_node(c, sd, yd_map_key_at(sd, src, i));
        if (k <= 0) return k;
        int v = copy_node(c, sd, yd_map_value_at(sd, src, i));
        if (v <= 0) return v;
        if (!yaml_document_append_mapping_pair(c->doc, id, k, v)) return 0;
    }
    return id;
}

/* A new marked scalar key. */
static int new_key(ovr_ctx *c, const char *name)
{
    int id = yaml_document_add_scalar(c->doc, NULL, (yaml_char_t *)name, (int)strlen(name),
                                      YAML_PLAIN_SCALAR_STYLE);
    if (id) mark(c, id);
    return id;
}

/* ---- the path --------------------------------------------------------------------------------- */

typedef struct step { char name[128]; int index; } step; /* index >= 0: [index]; else name */
#define MAX_STEPS 32

/* KEY.PATH into steps; the count, or -1 with the message. */
static int parse_path(ovr_ctx *c, const char *key, step *s)
{
    int n = 0;
    const char *p = key;
    for (;;) {
        if (n == MAX_STEPS) return ovr_fail(c, "%s: expected at most %d keys and indexes, got more", key, MAX_STEPS), -1;
        if (*p == '[') {
            if (n == 0) return ovr_fail(c, "%s: expected a key first (the scenario is a mapping), got '['", key), -1;
            char *end;
            long i = strtol(p + 1, &end, 10);
            if (end == p + 1 || *end != ']' || i < 0 || i > 1000000000L || !isdigit((unsigned char)p[1]))
                return ovr_fail(c, "%s: expected a list index [N] (N >= 0), got '%.20s'", key, p), -1;
            s[n].name[0] = 0;
            s[n++].index = (int)i;
            p = end + 1;
        } else {
            size_t len = strcspn(p, ".[]=");
            if (len == 0 || len >= sizeof s[0].name)
                return ovr_fail(c, "%s: expected names joined by '.' and list indexes [N], got an %s key at "
                                "'%.20s'", key, len ? "overlong" : "empty", p), -1;
            memcpy(s[n].name, p, len);
            s[n].name[len] = 0;
            s[n++].index = -1;
            p += len;
        }
        if (!*p) return n;
        if (*p == '.') {
            p++;
            if (*p == '[' || !*p)
                return ovr_fail(c, "%s: expected a name after '.', got '%.20s'", key, *p ? p : "the end"), -1;
        } else if (*p != '[') {
            return ovr_fail(c, "%s: expected names joined by '.' and list indexes [N], got '%.20s'", key, p), -1;
        }
    }
}

/* The path of steps[0..n) as written ("lines[0].length", "lines.mooring"). */
static void path_text(const step *s, int n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used < len; i++) {
        if (s[i].index >= 0) used += (size_t)snprintf(buf + used, len - used, "[%d]", s[i].index);
        else used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "." : "", s[i].name);
    }
}

/* "a mapping", "a list of 3 items", "the value 3.5" for messages. */
static void kind_text(const yaml_node_t *n, char *buf, size_t len)
{
    char d[96];
    yd_describe(n, d, sizeof d);
    if (yd_is_scalar(n)) snprintf(buf, len, "the value %s", d);
    else snprintf(buf, len, "%s", d);
}

/* The names of a list's items, or of a mapping's keys, for messages ("a, b, c"). */
static void names_text(yaml_document_t *d, const yaml_node_t *n, char *buf, size_t len)
{
    size_t used = 0;
    int count = yd_is_seq(n) ? yd_seq_len(n) : yd_map_len(n), shown = 0;
    buf[0] = 0;
    for (int i = 0; i < count; i++) {
        const char *s;
        if (yd_is_seq(n)) s = yd_scalar(yd_map_find(d, yd_seq_at(d, n, i), "name", NULL));
        else s = yd_scalar(yd_map_key_at(d, n, i));
        if (!s) continue;
        if (shown == 12 || used + strlen(s) + 8 >= len) {
            snprintf(buf + used, len - used, ", ...");
            return;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s%s", shown++ ? ", " : "", s);
    }
}

/* The item of list seq whose `name:` is name, or -1. */
static int item_named(yaml_document_t *d, const yaml_node_t *seq, const char *name)
{
    int n = yd_seq_len(seq);
    for (int i = 0; i < n; i++) {
        const char *s = yd_scalar(yd_map_find(d, yd_seq_at(d, seq, i), "name", NULL));
        if (s && !strcmp(s, name)) return i;
    }
    return -1;
}

/* The pair index of key in map, or -1. */
static int pair_of(yaml_document_t *d, const yaml_node_t *map, const char *key)
{
    int n = yd_map_len(map);
    for (int i = 0; i < n; i++) {
        const char *s = yd_scalar(yd_map_key_at(d, map, i));
        if (s && !strcmp(s, key)) return i;
    }
    return -1;
}

static int apply_one(ovr_ctx *c, const char *key, const char *value)
{
    step s[MAX_STEPS];
    int n = parse_path(c, key, s);
    if (n < 0) return 1;
    /* the value, parsed as YAML */
    yaml_document_t vd;
    int vline = 0;
    char problem[512];
    int rc = yd_load(value, strlen(value), &vd, &vline, problem, sizeof problem);
    if (rc < 0) return -1;
    if (rc > 0) return ovr_fail(c, "VALUE: %s", problem);
    yaml_node_t *vroot = yd_root(&vd);
    int vid;
    if (!vroot) { /* an empty VALUE: null */
        vid = yaml_document_add_scalar(c->doc, NULL, (yaml_char_t *)"", 0, YAML_PLAIN_SCALAR_STYLE);
        if (vid) mark(c, vid);
    } else {
        vid = copy_node(c, &vd, vroot);
    }
    yaml_document_delete(&vd);
    if (vid < 0) return ovr_fail(c, "VALUE: expected at most %d values, got more (aliases)", MAX_COPIED);
    if (vid == 0) return -1;

    yaml_node_t *root = yd_root(c->doc);
    if (!yd_is_map(root)) {
        char k[96];
        kind_text(root, k, sizeof k);
        return ovr_fail(c, "expected a scenario that is a mapping of sections, got %s", root ? k : "an empty file");
    }
    int cur = node_id(c->doc, root);
    char where[512], got[128], names[256];
    for (int i = 0; i < n; i++) {
        yaml_node_t *node = node_at(c->doc, cur);
        int last = i == n - 1;
        path_text(s, i, where, sizeof where);
        const char *parent = i ? where : "the scenario";
        if (s[i].index >= 0) { /* [k] */
            if (!yd_is_seq(node)) {
                kind_text(node, got, sizeof got);
                return ovr_fail(c, "%s is %s, not a list: [%d] cannot index it", parent, got, s[i].index);
            }
            int len = yd_seq_len(node);
            if (s[i].index >= len)
                return ovr_fail(c, "%s has %d item%s", parent, len, len == 1 ? "" : "s");
            if (last) {
                node->data.sequence.items.start[s[i].index] = vid;
                return 0;
            }
            cur = node->data.sequence.items.start[s[i].index];
        } else if (yd_is_seq(node)) { /* a list item by its name */
            int k = item_named(c->doc, node, s[i].name);
            if (k < 0) {
                names_text(c->doc, node, names, sizeof names);
                return ovr_fail(c, "%s has no item named '%s' (%s%s)", parent, s[i].name,
                                names[0] ? "names: " : "its items have no name", names);
            }
            if (last) {
                node->data.sequence.items.start[k] = vid;
                return 0;
            }
            cur = node->data.sequence.items.start[k];
        } else if (yd_is_map(node)) {
            int k = pair_of(c->doc, node, s[i].name);
            if (last) {
                int kid = new_key(c, s[i].name); /* marked: an error at the key names the override */
                if (!kid) return -1;
                node = node_at(c->doc, cur); /* the nodes may have moved */
                if (k >= 0) {
                    node->data.mapping.pairs.start[k].key = kid;
                    node->data.mapping.pairs.start[k].value = vid;
                    return 0;
                }
                return yaml_document_append_mapping_pair(c->doc, cur, kid, vid) ? 0 : -1;
            }
            if (k < 0) {
                names_text(c->doc, node, names, sizeof names);
                return ovr_fail(c, "%s has no key '%s' (only the last key of a path is added when missing; %s "
                                "has: %s)", parent, s[i].name, parent, names[0] ? names : "no keys");
            }
            cur = node->data.mapping.pairs.start[k].value;
        } else {
            kind_text(node, got, sizeof got);
            return ovr_fail(c, "%s is %s, not a mapping: it has no key '%s'", parent, got, s[i].name);
        }
    }
    return 0;
}

int hw_ovr_apply(yaml_document_t *doc, const char *file, const char *const *overrides, int n,
                 char *msg, size_t msg_len)
{
    for (int k = 0; k < n; k++) {
        ovr_ctx c = {doc, file, overrides[k] ? overrides[k] : "", msg, msg_len,
                     (size_t)HW_OVR_LINE0 + (size_t)k, 0};
        char key[512];
        const char *value = NULL;
        if (hw_ovr_split(c.ovr, key, sizeof key, &value))
            return ovr_fail(&c, "expected KEY.PATH=VALUE (a key path, '=', a YAML value), got no %s",
                            strchr(c.ovr, '=') ? "key before '='" : "'='");
        int rc = apply_one(&c, key, value);
        if (rc) {
            if (rc < 0) snprintf(msg, msg_len, "%s: out of memory applying override '%.300s'", file, c.ovr);
            return rc;
        }
    }
    return 0;
}

void hw_ovr_name_lines(char *msg, size_t msg_len, const char *const *overrides, int n)
{
    if (!msg || n <= 0) return;
    char out[4096];
    size_t o = 0;
    const char *p = msg;
    while (*p && o + 1 < sizeof out) {
        if (isdigit((unsigned char)*p) && (p == msg || !isdigit((unsigned char)p[-1]))) {
            char *end;
            long long v = strtoll(p, &end, 10);
            if (v > HW_OVR_LINE0 && v <= (long long)HW_OVR_LINE0 + n) {
                const char *ovr = overrides[v - HW_OVR_LINE0 - 1];
                int colons = p > msg && p[-1] == ':' && *end == ':';
                if (colons) o--; /* ":L:" -> ": override '...':" */
                else if (o >= 5 && !strncmp(out + o - 5, "line ", 5)) o -= 5;
                o += (size_t)snprintf(out + o, sizeof out - o, "%soverride '%.300s'", colons ? ": " : "",
                                      ovr ? ovr : "");
                if (o >= sizeof out) o = sizeof out - 1;
                p = end;
                continue;
            }
        }
        out[o++] = *p++;
    }
    out[o] = 0;
    snprintf(msg, msg_len, "%s", out);
}

/* ---- flow text -------------------------------------------------------------------------------- */

typedef struct sbuf { char *b; size_t len, used; } sbuf;
static void put(sbuf *s, const char *fmt, ...)
{
    if (s->used >= s->len) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(s->b + s->used, s->len - s->used, fmt, ap);
    va_end(ap);
    if (k > 0) s->used += (size_t)k;
}

static void flow(sbuf *s, yaml_document_t *d, const yaml_node_t *n, int depth)
{
    if (!n) { put(s, "null"); return; }
    if (depth > YD_MAX_DEPTH) { put(s, "..."); return; }
    if (yd_is_scalar(n)) {
        const char *v = yd_scalar(n);
        size_t vl = strlen(v);
        if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !vl) {
            put(s, "null");
            return;
        }
        if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !strpbrk(v, ",[]{}\"'\n\r\t#:") &&
            !strchr("&*!|>%@`? ", v[0]) && !(v[0] == '-' && (v[1] == ' ' || !v[1])) && v[vl - 1] != ' ') {
            put(s, "%s", v);
            return;
        }
        put(s, "\"");
        for (; *v; v++) {
            if (*v == '"' || *v == '\\') put(s, "\\%c", *v);
            else if (*v == '\n') put(s, "\\n");
            else if ((unsigned char)*v < 0x20) put(s, "\\x%02x", (unsigned char)*v);
            else put(s, "%c", *v);
        }
        put(s, "\"");
        return;
    }
    if (yd_is_seq(n)) {
        put(s, "[");
        for (int i = 0; i < yd_seq_len(n); i++) {
            if (i) put(s, ", ");
            flow(s, d, yd_seq_at(d, n, i), depth + 1);
        }
        put(s, "]");
        return;
    }
    put(s, "{");
    for (int i = 0; i < yd_map_len(n); i++) {
        if (i) put(s, ", ");
        flow(s, d, yd_map_key_at(d, n, i), depth + 1);
        put(s, ": ");
        flow(s, d, yd_map_value_at(d, n, i), depth + 1);
    }
    put(s, "}");
}

void hw_ovr_flow(yaml_document_t *doc, const yaml_node_t *node, char *buf, size_t len)
{
    if (!len) return;
    sbuf s = {buf, len, 0};
    buf[0] = 0;
    flow(&s, doc, node, 0);
    if (s.used >= len && len > 4) memcpy(buf + len - 4, "...", 4);
}
