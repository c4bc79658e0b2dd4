/* The `network:` section of a scenario file -> hw_net_def (format: docs/network.md). Errors are the
 * scenario loader's: one line "FILE:LINE: FIELD: expected WHAT, got WHAT", FIELD a path such as
 * "network.elements[2] (haul).K". The loader checks syntax, keys, types, names and table shapes;
 * the semantic rules are hw_net_check()'s, whose (item, index, field, entry) is mapped back to the
 * line recorded for that key while parsing. */
#include "io/scenario_network.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "network/network_internal.h"
#include "physics/rope1d.h"
#include "io/yaml_doc.h"
#include "io/yaml_reader.h"

typedef struct nl {
    hw_yr y;            /* the document, file, first error and key lines (yaml_reader.h) */
    hw_yr_recs recs;
    hw_net_def *def;
    /* scratch arrays (tables) freed at the end: the def copies what it keeps */
    void **scratch;
    int n_scratch, cap_scratch;
} nl;

#define FAILED(L) ((L)->y.status != HW_OK)

static void fail(nl *L, int line, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hw_yr_vfail(&L->y, line, path, fmt, ap);
    va_end(ap);
}

static void fail_nomem(nl *L) { hw_yr_nomem(&L->y); }

static void record(nl *L, int item, int index, const char *field, int line)
{
    hw_yr_record(&L->y, item, index, field, line);
}

static int find_line(const nl *L, int item, int index, const char *field)
{
    return hw_yr_find(&L->recs, item, index, field);
}

static double *scratch_doubles(nl *L, int n)
{
    if (FAILED(L)) return NULL;
    if (L->n_scratch == L->cap_scratch) {
        int cap = L->cap_scratch ? 2 * L->cap_scratch : 16;
        void **p = realloc(L->scratch, (size_t)cap * sizeof *p);
        if (!p) { fail_nomem(L); return NULL; }
        L->scratch = p;
        L->cap_scratch = cap;
    }
    double *d = calloc((size_t)(n > 0 ? n : 1), sizeof *d);
    if (!d) { fail_nomem(L); return NULL; }
    L->scratch[L->n_scratch++] = d;
    return d;
}

/* ---- mappings ---------------------------------------------------------------------------------- */

typedef struct mp {
    nl *L;
    yaml_node_t *node;
    int line;
    char path[200];
    int item, index;  /* where key lines are recorded */
    char rec[32];     /* prefix of recorded names ("", "normal_force.", "table2.") */
} mp;

typedef struct fld {
    yaml_node_t *v;
    int line;
    char path[272];
} fld;

#define key_list hw_yr_key_list

static int mp_open(mp *m, nl *L, yaml_node_t *node, int line, const char *path, int item, int index,
                   const char *rec, const char *const *allowed, const char *context)
{
    memset(m, 0, sizeof *m);
    m->L = L;
    m->line = line;
    snprintf(m->path, sizeof m->path, "%s", path);
    m->item = item;
    m->index = index;
    snprintf(m->rec, sizeof m->rec, "%s", rec);
    if (hw_yr_check_map(&L->y, node, line, path, allowed, context)) return -1;
    m->node = node;
    return 0;
}

static int mp_field(mp *m, const char *key, fld *f)
{
    f->v = hw_yr_field(&m->L->y, m->node, m->line, m->path, m->item, m->index, m->rec, key, &f->line,
                       f->path, sizeof f->path);
    return f->v != NULL;
}

static int missing(mp *m, const fld *f, int required, const char *what)
{
    if (FAILED(m->L)) return -1;
    if (!required) return 1;
    fail(m->L, f->line, f->path, "expected %s (required key), got nothing", what);
    return -1;
}

static int read_num(nl *L, yaml_node_t *v, int line, const char *path, double *dst)
{
    double x;
    if (yd_to_double(v, &x) == 0) { *dst = x; return 0; }
    char got[96];
    yd_describe(v, got, sizeof got);
    fail(L, line, path, "expected a number, got %s", got);
    return -1;
}

static int get_num(mp *m, const char *key, int required, double *dst)
{
    fld f;
    if (!mp_field(m, key, &f)) return missing(m, &f, required, "a number");
    return read_num(m->L, f.v, f.line, f.path, dst);
}

static int get_bool(mp *m, const char *key, int *dst)
{
    fld f;
    int b;
    if (!mp_field(m, key, &f)) return 1;
    if (yd_to_bool(f.v, &b) == 0) { *dst = b; return 0; }
    char got[96];
    yd_describe(f.v, got, sizeof got);
    fail(m->L, f.line, f.path, "expected true or false, got %s", got);
    return -1;
}

static int read_enum(nl *L, const fld *f, const char *const *names, int *dst)
{
    const char *s = yd_scalar(f->v);
    for (int i = 0; s && !yd_is_null(f->v) && names[i]; i++)
        if (!strcmp(s, names[i])) { *dst = i; return 0; }
    char got[96], list[256];
    yd_describe(f->v, got, sizeof got);
    key_list(names, list, sizeof list);
    fail(L, f->line, f->path, "expected one of: %s, got %s", list, got);
    return -1;
}

static int get_enum(mp *m, const char *key, int required, const char *const *names, int *dst)
{
    fld f;
    if (!mp_field(m, key, &f)) {
        char what[256] = "one of: ";
        key_list(names, what + strlen(what), sizeof what - strlen(what));
        return missing(m, &f, required, what);
    }
    return read_enum(m->L, &f, names, dst);
}

static int get_name(mp *m, const char **dst)
{
    fld f;
    if (!mp_field(m, "name", &f)) return missing(m, &f, 1, "a name");
    const char *s = yd_scalar(f.v);
    if (!s || !*s || yd_is_null(f.v)) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(m->L, f.line, f.path, "expected a non-empty name, got %s", got);
        return -1;
    }
    *dst = s; /* lives in the document; the def copies it */
    return 0;
}

/* A node name -> index (rot: rotational nodes). Optional keys leave *dst untouched when absent. */
static int get_node(mp *m, const char *key, int required, int rot, int *dst)
{
    fld f;
    const char *what = rot ? "a rotational node name" : "a node name";
    if (!mp_field(m, key, &f)) return missing(m, &f, required, what);
    const hw_net_def *d = m->L->def;
    int n = rot ? d->n_rnodes : d->n_nodes;
    const char *s = yd_scalar(f.v);
    for (int i = 0; s && !yd_is_null(f.v) && i < n; i++) {
        const char *name = rot ? d->rnodes[i].name : d->nodes[i].name;
        if (name && !strcmp(name, s)) { *dst = i; return 0; }
    }
    char got[96], names[300];
    size_t used = (size_t)snprintf(names, sizeof names, "one of: ");
    for (int i = 0; i < n && used < sizeof names; i++) {
        const char *name = rot ? d->rnodes[i].name : d->nodes[i].name;
        if (i >= 12 || used + strlen(name) + 8 >= sizeof names) {
            snprintf(names, sizeof names, "one of the %d names in network.%s", n, rot ? "rotational_nodes" : "nodes");
            break;
        }
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", name);
    }
    yd_describe(f.v, got, sizeof got);
    if (n == 0)
        fail(m->L, f.line, f.path, "expected %s, got %s (network.%s is empty)", what, got,
             rot ? "rotational_nodes" : "nodes");
    else
        fail(m->L, f.line, f.path, "expected %s (%s), got %s", what, names, got);
    return -1;
}

/* A list of numbers (nmin..): returns the count, fills *out (scratch), records rows as FIELD[k]. */
static int read_list(mp *m, const fld *f, int nmin, const char *rec, double **out)
{
    nl *L = m->L;
    int n = yd_seq_len(f->v);
    if (!yd_is_seq(f->v) || n < nmin) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, f->path, "expected a list of at least %d numbers, got %s", nmin, got);
        return -1;
    }
    double *d = scratch_doubles(L, n);
    for (int k = 0; d && k < n; k++) {
        yaml_node_t *x = yd_seq_at(L->y.doc, f->v, k);
        char p[300], r[96];
        snprintf(p, sizeof p, "%s[%d]", f->path, k);
        if (read_num(L, x, yd_line(x), p, &d[k])) return -1;
        snprintf(r, sizeof r, "%s[%d]", rec, k);
        record(L, m->item, m->index, r, yd_line(x));
    }
    if (FAILED(L)) return -1;
    *out = d;
    return n;
}

/* Rows of exactly cols numbers (at least min_rows); column c of row k into cols_out[c][k]. Rows'
 * lines are recorded as REC[k]. Returns the row count or -1. */
static int read_rows(mp *m, const fld *f, int cols, int min_rows, const char *form, const char *rec,
                     double **cols_out)
{
    nl *L = m->L;
    int n = yd_seq_len(f->v);
    char got[96];
    if (!yd_is_seq(f->v) || n < min_rows) {
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, f->path, "expected a list of at least %d rows %s, got %s", min_rows, form, got);
        return -1;
    }
    for (int c = 0; c < cols; c++)
        if (!(cols_out[c] = scratch_doubles(L, n))) return -1;
    for (int k = 0; k < n; k++) {
        yaml_node_t *row = yd_seq_at(L->y.doc, f->v, k);
        char p[300], r[96];
        snprintf(p, sizeof p, "%s[%d]", f->path, k);
        if (!yd_is_seq(row) || yd_seq_len(row) != cols) {
            yd_describe(row, got, sizeof got);
            fail(L, yd_line(row), p, "expected a row of %d numbers %s, got %s", cols, form, got);
            return -1;
        }
        for (int c = 0; c < cols; c++) {
            yaml_node_t *x = yd_seq_at(L->y.doc, row, c);
            char px[320];
            snprintf(px, sizeof px, "%s[%d]", p, c);
            if (read_num(L, x, yd_line(x), px, &cols_out[c][k])) return -1;
        }
        snprintf(r, sizeof r, "%s[%d]", rec, k);
        record(L, m->item, m->index, r, yd_line(row));
    }
    return FAILED(L) ? -1 : n;
}

/* ---- signals ------------------------------------------------------------------------------------ */

static const char *const SIGNAL_KINDS[] = {"constant", "ramp", "sinusoid", "table", NULL};
static const char *const SIGNAL_KEYS[] = {"type", "value", "slope", "start", "duration", "amplitude",
                                          "period", "phase", "table", NULL};

/* A number (constant) or a mapping {type, ...}. key is the field's name ("signal", "normal_force"). */
static void parse_signal(mp *m, const char *key, int required, hw_signal_def *s)
{
    fld f;
    *s = hw_default_signal();
    if (!mp_field(m, key, &f)) {
        missing(m, &f, required, "a signal (a number, or a mapping with type constant, ramp, sinusoid or table)");
        return;
    }
    if (yd_is_scalar(f.v)) {
        double x;
        if (yd_to_double(f.v, &x) == 0) { s->value = x; return; }
    }
    mp sm;
    char rec[40];
    snprintf(rec, sizeof rec, "%s.", key);
    if (mp_open(&sm, m->L, f.v, f.line, f.path, m->item, m->index, rec, SIGNAL_KEYS,
                "a signal: a number, or a mapping with type constant, ramp, sinusoid or table"))
        return;
    int kind = 0;
    get_enum(&sm, "type", 1, SIGNAL_KINDS, &kind);
    s->kind = (hw_signal_kind)kind;
    get_num(&sm, "value", 0, &s->value);
    get_num(&sm, "slope", kind == HW_SIGNAL_RAMP, &s->slope);
    get_num(&sm, "start", 0, &s->t_start);
    get_num(&sm, "duration", 0, &s->duration);
    get_num(&sm, "amplitude", kind == HW_SIGNAL_SINUSOID, &s->amplitude);
    get_num(&sm, "period", kind == HW_SIGNAL_SINUSOID, &s->period);
    get_num(&sm, "phase", 0, &s->phase);
    fld ft;
    if (mp_field(&sm, "table", &ft)) {
        double *cols[2];
        char r[64];
        snprintf(r, sizeof r, "%stable", rec);
        int n = read_rows(&sm, &ft, 2, 2, "[t, y]", r, cols);
        if (n > 0) { s->n = n; s->t = cols[0]; s->y = cols[1]; }
    } else if (kind == HW_SIGNAL_TABLE) {
        missing(&sm, &ft, 1, "a list of at least 2 rows [t, y]");
    }
}

/* ---- nodes ------------------------------------------------------------------------------------ */

static const char *const NODE_KEYS[] = {"name", "x", "v", "mass", "fixed", NULL};
static const char *const RNODE_KEYS[] = {"name", "phi", "w", "inertia", "fixed", NULL};

static void item_path(char *buf, size_t len, const char *list, int i, const char *name)
{
    if (name && *name) snprintf(buf, len, "network.%s[%d] (%.60s)", list, i, name);
    else snprintf(buf, len, "network.%s[%d]", list, i);
}

static yaml_node_t *list_section(nl *L, mp *root, const char *key, int required, const char *what, fld *f)
{
    if (!mp_field(root, key, f)) {
        missing(root, f, required, what);
        return NULL;
    }
    if (!yd_is_seq(f->v)) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, f->path, "expected %s, got %s", what, got);
        return NULL;
    }
    return f->v;
}

static int open_item(mp *m, nl *L, yaml_node_t *node, const char *list, int item, int i,
                     const char *const *allowed, const char *context)
{
    yaml_node_t *name = yd_is_map(node) ? yd_map_find(L->y.doc, node, "name", NULL) : NULL;
    char path[200];
    item_path(path, sizeof path, list, i, yd_is_null(name) ? NULL : yd_scalar(name));
    record(L, item, i, "", yd_line(node));
    return mp_open(m, L, node, yd_line(node), path, item, i, "", allowed, context);
}

static void parse_nodes(nl *L, mp *root)
{
    fld f;
    yaml_node_t *seq = list_section(L, root, "nodes", 1, "a list of translational nodes", &f);
    for (int i = 0; seq && i < yd_seq_len(seq) && !FAILED(L); i++) {
        mp m;
        if (open_item(&m, L, yd_seq_at(L->y.doc, seq, i), "nodes", HW_NET_ITEM_NODE, i, NODE_KEYS, "a node"))
            return;
        hw_net_node_def n = hw_default_net_node();
        get_name(&m, &n.name);
        for (int j = 0; j < i && !FAILED(L); j++)
            if (!strcmp(L->def->nodes[j].name, n.name))
                fail(L, find_line(L, HW_NET_ITEM_NODE, i, "name"), m.path,
                     "expected a name not used before in network.nodes, got \"%.60s\" again (nodes[%d])", n.name, j);
        get_num(&m, "x", 0, &n.x);
        get_num(&m, "v", 0, &n.v);
        get_num(&m, "mass", 0, &n.mass);
        get_bool(&m, "fixed", &n.fixed);
        if (!FAILED(L) && hw_net_add_node(L->def, &n) < 0) fail_nomem(L);
    }
}

static void parse_rnodes(nl *L, mp *root)
{
    fld f;
    yaml_node_t *seq = list_section(L, root, "rotational_nodes", 0, "a list of rotational nodes", &f);
    for (int i = 0; seq && i < yd_seq_len(seq) && !FAILED(L); i++) {
        mp m;
        if (open_item(&m, L, yd_seq_at(L->y.doc, seq, i), "rotational_nodes", HW_NET_ITEM_RNODE, i, RNODE_KEYS,
                      "a rotational node"))
            return;
        hw_net_rnode_def n = hw_default_net_rnode();
        get_name(&m, &n.name);
        for (int j = 0; j < i && !FAILED(L); j++)
            if (!strcmp(L->def->rnodes[j].name, n.name))
                fail(L, find_line(L, HW_NET_ITEM_RNODE, i, "name"), m.path,
                     "expected a name not used before in network.rotational_nodes, got \"%.60s\" again", n.name);
        get_num(&m, "phi", 0, &n.phi);
        get_num(&m, "w", 0, &n.w);
        get_num(&m, "inertia", 0, &n.inertia);
        get_bool(&m, "fixed", &n.fixed);
        if (!FAILED(L) && hw_net_add_rnode(L->def, &n) < 0) fail_nomem(L);
    }
}

/* ---- elements --------------------------------------------------------------------------------- */

static const char *const ELEMENT_KINDS[] = {"rope", "drum", "rail_mass", "mass", "spring", "damper",
                                            "force_source", "velocity_source", "torque_source",
                                            "angular_velocity_source", NULL};
static const char *const ROPE_KEYS[] = {"type", "name", "base", "follower", "length", "stiffness", "K", "D",
                                        "EA", "table", "table2", "contact_a", "contact_b", "contact_offset",
                                        "Lmin", "Lmin_width", "slack", "slack_model", "slack_width", "mass",
                                        "mu", "gravity", "g", "gravity_angle_deg", "Fmax", "slack_warning",
                                        NULL};
static const char *const STIFFNESS_KINDS[] = {"constant", "variable_rest_length", "table", "table2", NULL};
static const char *const SLACK_KINDS[] = {"smooth", "full_undamped", "full_damped", NULL};
static const char *const TABLE2_KEYS[] = {"rest_lengths", "strains", "K", "D", NULL};
static const char *const DRUM_KEYS[] = {"type", "name", "shaft", "end_a", "end_b", "axle", "radius", "windup",
                                        "bearing_friction", "inertia", "initial_speed", "tension_warning", NULL};
static const char *const WINDUP_KINDS[] = {"opposite", "same", NULL};
static const char *const RAIL_KEYS[] = {"type", "name", "node", "mass", "length", "incline_deg", "g",
                                        "friction", "K_brk", "K_C", "v_brk", "f_v", "normal_force",
                                        "fraction_log", NULL};
static const char *const MASS_KEYS[] = {"type", "name", "node", "mass", NULL};
static const char *const SPRING_KEYS[] = {"type", "name", "base", "follower", "k", "length", NULL};
static const char *const DAMPER_KEYS[] = {"type", "name", "base", "follower", "c", NULL};
static const char *const FSRC_KEYS[] = {"type", "name", "node", "reference", "signal", NULL};
static const char *const VSRC_KEYS[] = {"type", "name", "node", "signal", NULL};

static const double DEG = 3.14159265358979323846 / 180.0;

/* A grid of nl rows of ns numbers, row-major into a scratch array. */
static double *read_grid(mp *m, const fld *f, int nlr, int ns, const char *rec)
{
    nl *L = m->L;
    char got[96];
    if (!yd_is_seq(f->v) || yd_seq_len(f->v) != nlr) {
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, f->path, "expected %d rows (one per rest length) of %d numbers (one per strain), got %s",
             nlr, ns, got);
        return NULL;
    }
    double *d = scratch_doubles(L, nlr * ns);
    for (int i = 0; d && i < nlr; i++) {
        yaml_node_t *row = yd_seq_at(L->y.doc, f->v, i);
        char p[300], r[96];
        snprintf(p, sizeof p, "%s[%d]", f->path, i);
        if (!yd_is_seq(row) || yd_seq_len(row) != ns) {
            yd_describe(row, got, sizeof got);
            fail(L, yd_line(row), p, "expected a row of %d numbers (one per strain), got %s", ns, got);
            return NULL;
        }
        for (int j = 0; j < ns; j++) {
            yaml_node_t *x = yd_seq_at(L->y.doc, row, j);
            char px[320];
            snprintf(px, sizeof px, "%s[%d]", p, j);
            if (read_num(L, x, yd_line(x), px, &d[i * ns + j])) return NULL;
            snprintf(r, sizeof r, "%s[%d]", rec, i * ns + j);
            record(L, m->item, m->index, r, yd_line(x));
        }
    }
    return FAILED(L) ? NULL : d;
}

static void parse_rope(mp *m, const char *name)
{
    nl *L = m->L;
    hw_net_rope_def r = hw_default_net_rope();
    r.name = name;
    get_node(m, "base", 1, 0, &r.node_b);
    get_node(m, "follower", 1, 0, &r.node_f);
    get_num(m, "length", 0, &r.length);
    get_enum(m, "stiffness", 0, STIFFNESS_KINDS, &r.stiffness);
    get_num(m, "K", 0, &r.K);
    get_num(m, "D", 0, &r.D);
    get_num(m, "EA", r.stiffness == HW_ROPE_CONSTANT_VARLEN, &r.EA);
    fld f;
    if (mp_field(m, "table", &f)) {
        double *cols[3];
        int n = read_rows(m, &f, 3, 2, "[stretch, K, D]", "table", cols);
        if (n > 0) { r.table_n = n; r.table_x = cols[0]; r.table_k = cols[1]; r.table_d = cols[2]; }
    } else if (r.stiffness == HW_ROPE_TABLE) {
        missing(m, &f, 1, "a list of at least 2 rows [stretch, K, D]");
    }
    if (mp_field(m, "table2", &f)) {
        mp t;
        if (!mp_open(&t, L, f.v, f.line, f.path, m->item, m->index, "table2.", TABLE2_KEYS, "a 2-D table")) {
            fld fl, fs, fk, fd;
            double *lr = NULL, *st = NULL;
            int nlr = -1, ns = -1;
            if (mp_field(&t, "rest_lengths", &fl)) nlr = read_list(&t, &fl, 2, "table2.rest_lengths", &lr);
            else missing(&t, &fl, 1, "a list of at least 2 rest lengths");
            if (mp_field(&t, "strains", &fs)) ns = read_list(&t, &fs, 2, "table2.strains", &st);
            else missing(&t, &fs, 1, "a list of at least 2 strains");
            if (!mp_field(&t, "K", &fk)) missing(&t, &fk, 1, "rows of K, one per rest length");
            if (!mp_field(&t, "D", &fd)) missing(&t, &fd, 1, "rows of D, one per rest length");
            if (!FAILED(L)) {
                r.table2_nl = nlr;
                r.table2_ns = ns;
                r.table2_l = lr;
                r.table2_s = st;
                r.table2_k = read_grid(&t, &fk, nlr, ns, "table2.K");
                r.table2_d = read_grid(&t, &fd, nlr, ns, "table2.D");
            }
        }
    } else if (r.stiffness == HW_ROPE_TABLE2) {
        missing(m, &f, 1, "a mapping with rest_lengths, strains, K and D");
    }
    get_node(m, "contact_a", 0, 0, &r.geom_a);
    get_node(m, "contact_b", 0, 0, &r.geom_b);
    get_num(m, "contact_offset", 0, &r.geom_offset);
    get_num(m, "Lmin", 0, &r.lmin);
    get_num(m, "Lmin_width", 0, &r.lmin_width);
    get_bool(m, "slack", &r.slack);
    get_enum(m, "slack_model", 0, SLACK_KINDS, &r.slack_model);
    get_num(m, "slack_width", 0, &r.slack_width);
    if (get_num(m, "mass", 0, &r.mass) == 0) r.model_mass = 1;
    if (get_num(m, "mu", 0, &r.mu) == 0) r.model_mass = 1;
    get_bool(m, "gravity", &r.gravity);
    get_num(m, "g", 0, &r.g);
    double deg = 0;
    if (get_num(m, "gravity_angle_deg", 0, &deg) == 0) r.theta = deg * DEG;
    get_num(m, "Fmax", 0, &r.fmax);
    get_bool(m, "slack_warning", &r.slack_warning);
    if (!FAILED(L) && hw_net_add_rope(L->def, &r) < 0) fail_nomem(L);
}

static void parse_drum(mp *m, const char *name)
{
    nl *L = m->L;
    hw_net_drum_def d = hw_default_net_drum();
    d.name = name;
    get_node(m, "shaft", 1, 1, &d.shaft);
    get_node(m, "end_a", 1, 0, &d.end_a);
    get_node(m, "end_b", 0, 0, &d.end_b);
    get_node(m, "axle", 0, 0, &d.axle);
    get_num(m, "radius", 1, &d.radius);
    int w = 0;
    if (get_enum(m, "windup", 0, WINDUP_KINDS, &w) == 0) d.windup = w ? -1 : 1;
    get_num(m, "bearing_friction", 0, &d.mu_b);
    if (get_num(m, "inertia", 0, &d.inertia) == 0) d.inertia_on = 1;
    if (get_num(m, "initial_speed", 0, &d.w0) == 0) d.set_speed = 1;
    get_bool(m, "tension_warning", &d.tension_warning);
    if (!FAILED(L) && hw_net_add_drum(L->def, &d) < 0) fail_nomem(L);
}

static void parse_rail(mp *m, const char *name)
{
    nl *L = m->L;
    hw_net_rail_mass_def r = hw_default_net_rail_mass();
    r.name = name;
    get_node(m, "node", 1, 0, &r.node);
    get_num(m, "mass", 1, &r.mass);
    get_num(m, "length", 0, &r.length);
    double deg = 0;
    if (get_num(m, "incline_deg", 0, &deg) == 0) r.theta = deg * DEG;
    get_num(m, "g", 0, &r.g);
    get_bool(m, "friction", &r.friction);
    get_num(m, "K_brk", 0, &r.k_brk);
    get_num(m, "K_C", 0, &r.k_c);
    get_num(m, "v_brk", 0, &r.v_brk);
    get_num(m, "f_v", 0, &r.f_v);
    parse_signal(m, "normal_force", 0, &r.normal_force);
    get_num(m, "fraction_log", 0, &r.fraction_log);
    if (!FAILED(L) && hw_net_add_rail_mass(L->def, &r) < 0) fail_nomem(L);
}

static void parse_basic(mp *m, const char *name, int kind)
{
    nl *L = m->L;
    hw_net_basic_def b = hw_default_net_basic((hw_net_basic_kind)kind);
    int rot = kind == HW_NET_TORQUE_SOURCE || kind == HW_NET_ANGVEL_SOURCE;
    b.name = name;
    switch (kind) {
    case HW_NET_MASS:
        get_node(m, "node", 1, 0, &b.node_a);
        get_num(m, "mass", 1, &b.value);
        break;
    case HW_NET_SPRING:
    case HW_NET_DAMPER:
        get_node(m, "base", 1, 0, &b.node_a);
        get_node(m, "follower", 1, 0, &b.node_b);
        get_num(m, kind == HW_NET_SPRING ? "k" : "c", 1, &b.value);
        if (kind == HW_NET_SPRING) get_num(m, "length", 0, &b.length);
        break;
    default:
        get_node(m, "node", 1, rot, &b.node_a);
        if (kind == HW_NET_FORCE_SOURCE || kind == HW_NET_TORQUE_SOURCE) get_node(m, "reference", 0, rot, &b.node_b);
        parse_signal(m, "signal", 1, &b.signal);
        break;
    }
    if (!FAILED(L) && hw_net_add_basic(L->def, &b) < 0) fail_nomem(L);
}

static void parse_elements(nl *L, mp *root)
{
    fld f;
    yaml_node_t *seq = list_section(L, root, "elements", 0, "a list of elements", &f);
    for (int i = 0; seq && i < yd_seq_len(seq) && !FAILED(L); i++) {
        yaml_node_t *node = yd_seq_at(L->y.doc, seq, i);
        /* the type first, to know the allowed keys */
        yaml_node_t *tn = yd_is_map(node) ? yd_map_find(L->y.doc, node, "type", NULL) : NULL;
        int kind = -1;
        for (int k = 0; tn && yd_scalar(tn) && ELEMENT_KINDS[k]; k++)
            if (!strcmp(yd_scalar(tn), ELEMENT_KINDS[k])) kind = k;
        const char *const *keys = kind == 0 ? ROPE_KEYS : kind == 1 ? DRUM_KEYS : kind == 2 ? RAIL_KEYS
                                : kind == 3 ? MASS_KEYS : kind == 4 ? SPRING_KEYS : kind == 5 ? DAMPER_KEYS
                                : kind == 6 || kind == 8 ? FSRC_KEYS : kind == 7 || kind == 9 ? VSRC_KEYS : NULL;
        mp m;
        char ctx[64];
        snprintf(ctx, sizeof ctx, "%s%s", kind >= 0 ? "a " : "an element", kind >= 0 ? ELEMENT_KINDS[kind] : "");
        if (kind < 0) {
            char path[200], got[96], list[300];
            item_path(path, sizeof path, "elements", i, NULL);
            key_list(ELEMENT_KINDS, list, sizeof list);
            yd_describe(tn ? tn : node, got, sizeof got);
            if (!yd_is_map(node))
                fail(L, yd_line(node), path, "expected a mapping (an element), got %s", got);
            else if (!tn)
                fail(L, yd_line(node), path, "expected a type (required key: one of: %s), got nothing", list);
            else {
                strcat(path, ".type");
                fail(L, yd_line(tn), path, "expected one of: %s, got %s", list, got);
            }
            return;
        }
        if (open_item(&m, L, node, "elements", HW_NET_ITEM_ELEMENT, i, keys, ctx)) return;
        const char *name = NULL;
        if (get_name(&m, &name)) return;
        for (int j = 0; j < i; j++)
            if (!strcmp(hw_net_elem_name(&L->def->elems[j]), name)) {
                fail(L, find_line(L, HW_NET_ITEM_ELEMENT, i, "name"), m.path,
                     "expected a name not used before in network.elements, got \"%.60s\" again (elements[%d])", name, j);
                return;
            }
        fld ft;
        mp_field(&m, "type", &ft);
        switch (kind) {
        case 0: parse_rope(&m, name); break;
        case 1: parse_drum(&m, name); break;
        case 2: parse_rail(&m, name); break;
        default: parse_basic(&m, name, kind - 3); break;
        }
    }
}

/* ---- hw_net_check's errors, mapped back to lines --------------------------------------------- */

static void map_check_error(nl *L, const hw_net_input_error *e)
{
    const hw_net_def *d = L->def;
    const char *list = e->item == HW_NET_ITEM_NODE ? "nodes" : e->item == HW_NET_ITEM_RNODE ? "rotational_nodes" : "elements";
    const char *name = e->item == HW_NET_ITEM_NODE ? d->nodes[e->index].name
                     : e->item == HW_NET_ITEM_RNODE ? d->rnodes[e->index].name
                     : hw_net_elem_name(&d->elems[e->index]);
    char path[400], item[200], f[96];
    item_path(item, sizeof item, list, e->index, name);
    if (e->entry >= 0) snprintf(path, sizeof path, "%s.%s[%d]", item, e->field, e->entry);
    else snprintf(path, sizeof path, "%s.%s", item, e->field);
    int line = 0;
    /* FIELD[entry]; a column of a table (table.K -> table[k], signal.table.t -> signal.table[k]);
       FIELD; its parents; the item */
    if (e->entry >= 0) {
        snprintf(f, sizeof f, "%s[%d]", e->field, e->entry);
        line = find_line(L, e->item, e->index, f);
        if (!line) {
            char base[72];
            snprintf(base, sizeof base, "%s", e->field);
            char *dot = strrchr(base, '.');
            if (dot) {
                *dot = '\0';
                snprintf(f, sizeof f, "%s[%d]", base, e->entry);
                line = find_line(L, e->item, e->index, f);
            }
        }
    }
    snprintf(f, sizeof f, "%s", e->field);
    while (!line && f[0]) {
        line = find_line(L, e->item, e->index, f);
        char *dot = strrchr(f, '.');
        if (dot) *dot = '\0';
        else f[0] = '\0';
    }
    if (!line) line = find_line(L, e->item, e->index, "");
    fail(L, line, path, "%s", e->what);
}

/* ---- entry --------------------------------------------------------------------------------------- */

static const char *const NETWORK_KEYS[] = {"nodes", "rotational_nodes", "elements", NULL};

hw_status hw_scenario_network_parse(yaml_document_t *doc, yaml_node_t *node, int key_line, const char *file,
                                    hw_net_def **out, char *err, size_t err_len)
{
    nl L;
    memset(&L, 0, sizeof L);
    L.y.doc = doc;
    L.y.file = file ? file : "<string>";
    L.y.err = err;
    L.y.err_len = err_len;
    L.y.recs = &L.recs;
    *out = NULL;
    if (err && err_len) err[0] = '\0';
    L.def = hw_net_def_create();
    if (!L.def) {
        fail_nomem(&L);
        return L.y.status;
    }
    mp root;
    if (!mp_open(&root, &L, node, key_line, "network", HW_NET_ITEM_NETWORK, -1, "", NETWORK_KEYS,
                 "the network (nodes, rotational_nodes, elements)")) {
        parse_nodes(&L, &root);
        parse_rnodes(&L, &root);
        parse_elements(&L, &root);
    }
    if (!FAILED(&L)) {
        /* the element rules, then the structural ones (what drives or carries each node) */
        hw_net_input_error e;
        hw_status st = hw_net_build_check(L.def, &e);
        if (st == HW_ERR_INPUT) map_check_error(&L, &e);
        else if (st == HW_ERR_NOMEM) fail_nomem(&L);
    }
    for (int i = 0; i < L.n_scratch; i++) free(L.scratch[i]);
    free(L.scratch);
    free(L.recs.v);
    if (FAILED(&L)) {
        hw_net_def_destroy(L.def);
        return L.y.status;
    }
    *out = L.def;
    return HW_OK;
}
