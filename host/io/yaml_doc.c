/* Small generic helpers over libyaml's document API. See yaml_doc.h. */
#include "io/yaml_doc.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- loading ---------------------------------------------------------------------------------- */

static int line_of_offset(const char *text, size_t len, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset && i < len; i++)
        if (text[i] == '\n') line++;
    return line;
}

/* Whether the (1-based) line is indented with a tab: libyaml's message for that ("found character
 * that cannot start any token") does not say so. */
static int line_indented_with_tab(const char *text, size_t len, int line)
{
    size_t i = 0;
    for (int l = 1; l < line && i < len; i++)
        if (text[i] == '\n') l++;
    for (; i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '-'); i++)
        if (text[i] == '\t') return 1;
    return 0;
}

static int describe_parser_error(const yaml_parser_t *p, const char *text, size_t len, int *line,
                                 char *problem, size_t problem_len)
{
    /* libyaml's loader fails without an error code where an allocation failed */
    if (p->error == YAML_MEMORY_ERROR || p->error == YAML_NO_ERROR) return -1;
    const char *what = p->problem ? p->problem : "an unknown error";
    if (p->error == YAML_READER_ERROR) {
        *line = line_of_offset(text, len, p->problem_offset);
        snprintf(problem, problem_len, "expected valid UTF-8 YAML text, got %s (byte 0x%02x)", what,
                 (unsigned)(p->problem_value & 0xff));
        return 1;
    }
    *line = (int)p->problem_mark.line + 1;
    const char *hint = line_indented_with_tab(text, len, *line)
                           ? "; YAML indentation must use spaces, not tabs" : "";
    if (p->context)
        snprintf(problem, problem_len, "expected valid YAML, got: %s (%s that starts at line %d)%s",
                 what, p->context, (int)p->context_mark.line + 1, hint);
    else
        snprintf(problem, problem_len, "expected valid YAML, got: %s%s", what, hint);
    return 1;
}

/* After the first document: anything but the end of the stream is an error. */
static int reject_second_document(yaml_parser_t *p, const char *text, size_t len, int *line,
                                  char *problem, size_t problem_len)
{
    yaml_document_t extra;
    if (!yaml_parser_load(p, &extra)) return describe_parser_error(p, text, len, line, problem, problem_len);
    yaml_node_t *root = yaml_document_get_root_node(&extra);
    int rc = 0;
    if (root) {
        *line = yd_line(root);
        snprintf(problem, problem_len,
                 "expected a single YAML document, got a second document (after ---)");
        rc = 1;
    }
    yaml_document_delete(&extra);
    return rc;
}

/* The nesting depth, on the event stream (no document built): 0 when within YD_MAX_DEPTH or when
 * the text has a syntax error (yaml_parser_load then reports it), 1 with *line and problem when too
 * deep, -1 when out of memory. Stops at the first collection too deep, so a hostile file costs
 * YD_MAX_DEPTH levels of parsing. */
static int check_depth(const char *text, size_t len, int *line, char *problem, size_t problem_len)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) return -1;
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    int depth = 0, rc = 0;
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            rc = p.error == YAML_MEMORY_ERROR || p.error == YAML_NO_ERROR ? -1 : 0;
            break;
        }
        yaml_event_type_t type = ev.type;
        if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) {
            if (++depth > YD_MAX_DEPTH) {
                *line = (int)ev.start_mark.line + 1;
                snprintf(problem, problem_len,
                         "expected mappings and lists nested at most %d levels deep, got a %s at "
                         "level %d", YD_MAX_DEPTH, type == YAML_SEQUENCE_START_EVENT ? "list" : "mapping",
                         depth);
                rc = 1;
            }
        } else if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) {
            depth--;
        }
        yaml_event_delete(&ev);
        if (rc || type == YAML_STREAM_END_EVENT) break;
    }
    yaml_parser_delete(&p);
    return rc;
}

int yd_load(const char *text, size_t len, yaml_document_t *doc, int *line, char *problem,
            size_t problem_len)
{
    int rc0 = check_depth(text, len, line, problem, problem_len);
    if (rc0) return rc0;
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) return -1;
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    int rc;
    if (!yaml_parser_load(&p, doc)) {
        rc = describe_parser_error(&p, text, len, line, problem, problem_len);
    } else {
        rc = reject_second_document(&p, text, len, line, problem, problem_len);
        if (rc) yaml_document_delete(doc);
    }
    yaml_parser_delete(&p);
    return rc;
}

/* ---- access ----------------------------------------------------------------------------------- */

int yd_line(const yaml_node_t *n) { return n ? (int)n->start_mark.line + 1 : 0; }
yaml_node_t *yd_root(yaml_document_t *d) { return yaml_document_get_root_node(d); }
int yd_is_map(const yaml_node_t *n) { return n && n->type == YAML_MAPPING_NODE; }
int yd_is_seq(const yaml_node_t *n) { return n && n->type == YAML_SEQUENCE_NODE; }
int yd_is_scalar(const yaml_node_t *n) { return n && n->type == YAML_SCALAR_NODE; }

const char *yd_scalar(const yaml_node_t *n)
{
    return yd_is_scalar(n) ? (const char *)n->data.scalar.value : NULL;
}

static int is_plain(const yaml_node_t *n)
{
    return yd_is_scalar(n) && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

int yd_is_null(const yaml_node_t *n)
{
    if (!is_plain(n)) return 0;
    const char *s = yd_scalar(n);
    return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL");
}

int yd_seq_len(const yaml_node_t *seq)
{
    if (!yd_is_seq(seq)) return 0;
    return (int)(seq->data.sequence.items.top - seq->data.sequence.items.start);
}

yaml_node_t *yd_seq_at(yaml_document_t *d, const yaml_node_t *seq, int i)
{
    if (i < 0 || i >= yd_seq_len(seq)) return NULL;
    return yaml_document_get_node(d, seq->data.sequence.items.start[i]);
}

int yd_map_len(const yaml_node_t *map)
{
    if (!yd_is_map(map)) return 0;
    return (int)(map->data.mapping.pairs.top - map->data.mapping.pairs.start);
}

yaml_node_t *yd_map_key_at(yaml_document_t *d, const yaml_node_t *map, int i)
{
    if (i < 0 || i >= yd_map_len(map)) return NULL;
    return yaml_document_get_node(d, map->data.mapping.pairs.start[i].key);
}

yaml_node_t *yd_map_value_at(yaml_document_t *d, const yaml_node_t *map, int i)
{
    if (i < 0 || i >= yd_map_len(map)) return NULL;
    return yaml_document_get_node(d, map->data.mapping.pairs.start[i].value);
}

yaml_node_t *yd_map_find(yaml_document_t *d, const yaml_node_t *map, const char *key,
                         yaml_node_t **key_node)
{
    int n = yd_map_len(map);
    for (int i = 0; i < n; i++) {
        yaml_node_t *k = yd_map_key_at(d, map, i);
        const char *s = yd_scalar(k);
        if (s && !strcmp(s, key)) {
            if (key_node) *key_node = k;
            return yd_map_value_at(d, map, i);
        }
    }
    if (key_node) *key_node = NULL;
    return NULL;
}

/* ---- conversions ------------------------------------------------------------------------------ */

int yd_to_double(const yaml_node_t *n, double *out)
{
    if (!is_plain(n)) return -1;
    const char *s = yd_scalar(n);
    if (!*s || strchr(" \t\r\n", s[0])) return -1;
    char *end = NULL;
    double v = strtod(s, &end);
    if (end == s || *end || !isfinite(v)) return -1;
    *out = v;
    return 0;
}

int yd_to_long(const yaml_node_t *n, long *out)
{
    if (!is_plain(n)) return -1;
    const char *s = yd_scalar(n);
    if (!*s || strchr(" \t\r\n", s[0])) return -1;
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno == ERANGE) return -1;
    *out = v;
    return 0;
}

int yd_to_bool(const yaml_node_t *n, int *out)
{
    if (!is_plain(n)) return -1;
    const char *s = yd_scalar(n);
    if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE")) { *out = 1; return 0; }
    if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE")) { *out = 0; return 0; }
    return -1;
}

/* ---- descriptions ----------------------------------------------------------------------------- */

/* Copies s into buf in double quotes, shortened to about 40 characters, with control characters
 * (newlines included) replaced by '?' so that a message stays on one line. */
static void quote_short(const char *s, char *buf, size_t len)
{
    char q[64];
    size_t n = 0, max = 40;
    for (; s[n] && n < max; n++) q[n] = ((unsigned char)s[n] < 0x20 || s[n] == 0x7f) ? '?' : s[n];
    q[n] = '\0';
    snprintf(buf, len, "\"%s%s\"", q, s[n] ? "..." : "");
}

static void describe_scalar(const yaml_node_t *n, char *buf, size_t len)
{
    double d;
    int b;
    const char *s = yd_scalar(n);
    if (yd_is_null(n)) {
        snprintf(buf, len, "an empty value");
    } else if (yd_to_double(n, &d) == 0 || yd_to_bool(n, &b) == 0) {
        char q[64];
        quote_short(s, q, sizeof q);
        size_t ql = strlen(q);
        q[ql - 1] = '\0'; /* drop the quotes: numbers and booleans are shown as written */
        snprintf(buf, len, "%s", q + 1);
    } else if (!is_plain(n)) {
        char q[64];
        quote_short(s, q, sizeof q);
        snprintf(buf, len, "the quoted string %s", q);
    } else {
        quote_short(s, buf, len);
    }
}

void yd_describe(const yaml_node_t *n, char *buf, size_t len)
{
    if (!n) {
        snprintf(buf, len, "nothing");
    } else if (yd_is_map(n)) {
        snprintf(buf, len, yd_map_len(n) ? "a mapping" : "an empty mapping");
    } else if (yd_is_seq(n)) {
        int k = yd_seq_len(n);
        if (k == 0) snprintf(buf, len, "an empty list");
        else snprintf(buf, len, "a list of %d item%s", k, k == 1 ? "" : "s");
    } else {
        describe_scalar(n, buf, len);
    }
}
