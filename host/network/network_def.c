/* The 1-D network's definition: defaults, the builder (copies of names and arrays) and the input
 * check (every error names the element, the field and the index). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "network/network_internal.h"
#include "physics/rope1d.h"

/* ---- defaults ---------------------------------------------------------------------------------- */

hw_net_node_def hw_default_net_node(void)
{
    hw_net_node_def n;
    memset(&n, 0, sizeof n);
    return n;
}

hw_net_rnode_def hw_default_net_rnode(void)
{
    hw_net_rnode_def n;
    memset(&n, 0, sizeof n);
    return n;
}

hw_net_rope_def hw_default_net_rope(void)
{
    hw_net_rope_def r;
    memset(&r, 0, sizeof r);
    r.node_b = r.node_f = -1;
    r.stiffness = HW_ROPE_CONSTANT;
    r.K = 1e6;
    r.geom_a = r.geom_b = -1;
    r.lmin = 0.01;
    r.lmin_width = 0.0; /* 0 = 0.1 lmin */
    r.slack = 1;
    r.slack_model = HW_SLACK_SMOOTH;
    r.slack_width = 1e-3;
    r.g = 9.80665;
    r.slack_warning = 1;
    return r;
}

hw_net_drum_def hw_default_net_drum(void)
{
    hw_net_drum_def d;
    memset(&d, 0, sizeof d);
    d.shaft = d.end_a = d.end_b = d.axle = -1;
    d.radius = 0.5;
    d.windup = 1;
    d.mu_b = 0.001;
    d.inertia = 0.01;
    d.tension_warning = 1;
    return d;
}

hw_net_rail_mass_def hw_default_net_rail_mass(void)
{
    hw_net_rail_mass_def r;
    memset(&r, 0, sizeof r);
    r.node = -1;
    r.mass = 1.0;
    r.g = 9.80665;
    r.friction = 1;
    r.v_brk = 0.01;
    r.normal_force = hw_default_signal();
    r.fraction_log = 0.5;
    return r;
}

hw_net_basic_def hw_default_net_basic(hw_net_basic_kind kind)
{
    hw_net_basic_def b;
    memset(&b, 0, sizeof b);
    b.kind = kind;
    b.node_a = b.node_b = -1;
    b.signal = hw_default_signal();
    return b;
}

/* ---- builder ----------------------------------------------------------------------------------- */

hw_net_def *hw_net_def_create(void) { return calloc(1, sizeof(hw_net_def)); }

void hw_net_def_destroy(hw_net_def *def)
{
    if (!def) return;
    for (int i = 0; i < def->n_nodes; i++) free((void *)def->nodes[i].name);
    for (int i = 0; i < def->n_rnodes; i++) free((void *)def->rnodes[i].name);
    for (int i = 0; i < def->n_elems; i++)
        for (int k = 0; k < def->elems[i].n_own; k++) free(def->elems[i].own[k]);
    free(def->nodes);
    free(def->rnodes);
    free(def->elems);
    free(def);
}

const char *hw_net_def_last_error(const hw_net_def *def) { return def ? def->err : "no definition"; }
int hw_net_def_n_nodes(const hw_net_def *def) { return def ? def->n_nodes : 0; }
int hw_net_def_n_rnodes(const hw_net_def *def) { return def ? def->n_rnodes : 0; }
int hw_net_def_n_elements(const hw_net_def *def) { return def ? def->n_elems : 0; }

static int grow(void **arr, int *cap, int n, size_t size)
{
    if (n < *cap) return 0;
    int c = *cap ? 2 * *cap : 8;
    void *p = realloc(*arr, (size_t)c * size);
    if (!p) return -1;
    *arr = p;
    *cap = c;
    return 0;
}

static char *str_copy(const char *s)
{
    if (!s) return NULL;
    char *d = malloc(strlen(s) + 1);
    if (d) memcpy(d, s, strlen(s) + 1);
    return d;
}

static int nomem(hw_net_def *def)
{
    snprintf(def->err, sizeof def->err, "out of memory");
    return -1;
}

int hw_net_add_node(hw_net_def *def, const hw_net_node_def *n)
{
    if (!def || !n) return -1;
    if (grow((void **)&def->nodes, &def->cap_nodes, def->n_nodes, sizeof *def->nodes)) return nomem(def);
    hw_net_node_def c = *n;
    c.name = str_copy(n->name);
    if (n->name && !c.name) return nomem(def);
    def->nodes[def->n_nodes] = c;
    return def->n_nodes++;
}

int hw_net_add_rnode(hw_net_def *def, const hw_net_rnode_def *n)
{
    if (!def || !n) return -1;
    if (grow((void **)&def->rnodes, &def->cap_rnodes, def->n_rnodes, sizeof *def->rnodes))
        return nomem(def);
    hw_net_rnode_def c = *n;
    c.name = str_copy(n->name);
    if (n->name && !c.name) return nomem(def);
    def->rnodes[def->n_rnodes] = c;
    return def->n_rnodes++;
}

/* A new element slot (zeroed), or NULL. */
static net_elem_def *new_elem(hw_net_def *def, int type)
{
    if (grow((void **)&def->elems, &def->cap_elems, def->n_elems, sizeof *def->elems)) return NULL;
    net_elem_def *e = &def->elems[def->n_elems];
    memset(e, 0, sizeof *e);
    e->type = type;
    return e;
}

/* Copies n doubles into memory owned by e; NULL source stays NULL. Returns -1 on failure. */
static int own_doubles(net_elem_def *e, const double *src, int n, const double **dst)
{
    *dst = NULL;
    if (!src || n <= 0) return 0;
    double *d = malloc((size_t)n * sizeof *d);
    if (!d) return -1;
    memcpy(d, src, (size_t)n * sizeof *d);
    e->own[e->n_own++] = d;
    *dst = d;
    return 0;
}

static int own_name(net_elem_def *e, const char *src, const char **dst)
{
    *dst = NULL;
    if (!src) return 0;
    char *d = str_copy(src);
    if (!d) return -1;
    e->own[e->n_own++] = d;
    *dst = d;
    return 0;
}

static int own_signal(net_elem_def *e, hw_signal_def *s)
{
    if (s->kind != HW_SIGNAL_TABLE) {
        s->t = s->y = NULL;
        return 0;
    }
    if (own_doubles(e, s->t, s->n, &s->t) || own_doubles(e, s->y, s->n, &s->y)) return -1;
    return 0;
}

static int finish(hw_net_def *def, net_elem_def *e, int failed)
{
    if (failed) {
        for (int k = 0; k < e->n_own; k++) free(e->own[k]);
        return nomem(def);
    }
    return def->n_elems++;
}

int hw_net_add_rope(hw_net_def *def, const hw_net_rope_def *r)
{
    if (!def || !r) return -1;
    net_elem_def *e = new_elem(def, NET_ROPE);
    if (!e) return nomem(def);
    e->rope = *r;
    hw_net_rope_def *c = &e->rope;
    int n1 = r->table_n, n2 = r->table2_nl * r->table2_ns;
    int bad = own_name(e, r->name, &c->name);
    if (r->stiffness == HW_ROPE_TABLE)
        bad = bad || own_doubles(e, r->table_x, n1, &c->table_x) ||
              own_doubles(e, r->table_k, n1, &c->table_k) || own_doubles(e, r->table_d, n1, &c->table_d);
    else
        c->table_x = c->table_k = c->table_d = NULL;
    if (r->stiffness == HW_ROPE_TABLE2)
        bad = bad || own_doubles(e, r->table2_l, r->table2_nl, &c->table2_l) ||
              own_doubles(e, r->table2_s, r->table2_ns, &c->table2_s) ||
              own_doubles(e, r->table2_k, n2, &c->table2_k) ||
              own_doubles(e, r->table2_d, n2, &c->table2_d);
    else
        c->table2_l = c->table2_s = c->table2_k = c->table2_d = NULL;
    return finish(def, e, bad);
}

int hw_net_add_drum(hw_net_def *def, const hw_net_drum_def *d)
{
    if (!def || !d) return -1;
    net_elem_def *e = new_elem(def, NET_DRUM);
    if (!e) return nomem(def);
    e->drum = *d;
    return finish(def, e, own_name(e, d->name, &e->drum.name));
}

int hw_net_add_rail_mass(hw_net_def *def, const hw_net_rail_mass_def *r)
{
    if (!def || !r) return -1;
    net_elem_def *e = new_elem(def, NET_RAIL);
    if (!e) return nomem(def);
    e->rail = *r;
    int bad = own_name(e, r->name, &e->rail.name) || own_signal(e, &e->rail.normal_force);
    return finish(def, e, bad);
}

int hw_net_add_basic(hw_net_def *def, const hw_net_basic_def *b)
{
    if (!def || !b) return -1;
    net_elem_def *e = new_elem(def, NET_BASIC);
    if (!e) return nomem(def);
    e->basic = *b;
    int bad = own_name(e, b->name, &e->basic.name) || own_signal(e, &e->basic.signal);
    return finish(def, e, bad);
}

/* ---- names --------------------------------------------------------------------------------------- */

static const char *const BASIC_NAMES[] = {"mass", "spring", "damper", "force source",
                                          "velocity source", "torque source",
                                          "angular velocity source"};

const char *hw_net_elem_kind_name(const net_elem_def *e)
{
    switch (e->type) {
    case NET_ROPE: return "rope";
    case NET_DRUM: return "drum";
    case NET_RAIL: return "rail mass";
    default:
        return (unsigned)e->basic.kind < 7 ? BASIC_NAMES[e->basic.kind] : "element";
    }
}

const char *hw_net_elem_name(const net_elem_def *e)
{
    const char *n = e->type == NET_ROPE ? e->rope.name
                  : e->type == NET_DRUM ? e->drum.name
                  : e->type == NET_RAIL ? e->rail.name : e->basic.name;
    return n ? n : "";
}

/* ---- check --------------------------------------------------------------------------------------- */

typedef struct chk {
    const hw_net_def *def;
    hw_net_input_error *err;
} chk;

static hw_status vfail(chk *c, int item, int index, const char *field, int entry, const char *fmt,
                       va_list ap)
{
    hw_net_input_error *e = c->err;
    char what[256], who[128];
    vsnprintf(what, sizeof what, fmt, ap);
    if (item == HW_NET_ITEM_NODE)
        snprintf(who, sizeof who, "node %d '%.60s'", index, c->def->nodes[index].name ? c->def->nodes[index].name : "");
    else if (item == HW_NET_ITEM_RNODE)
        snprintf(who, sizeof who, "rotational node %d '%.60s'", index,
                 c->def->rnodes[index].name ? c->def->rnodes[index].name : "");
    else if (item == HW_NET_ITEM_ELEMENT)
        snprintf(who, sizeof who, "%s %d '%.60s'", hw_net_elem_kind_name(&c->def->elems[index]), index,
                 hw_net_elem_name(&c->def->elems[index]));
    else
        snprintf(who, sizeof who, "network");
    if (e) {
        e->item = item;
        e->index = index;
        e->entry = entry;
        snprintf(e->field, sizeof e->field, "%s", field);
        snprintf(e->what, sizeof e->what, "%s", what);
        if (entry >= 0)
            snprintf(e->message, sizeof e->message, "%s field '%s' index %d: %s", who, field, entry, what);
        else
            snprintf(e->message, sizeof e->message, "%s field '%s': %s", who, field, what);
    }
    return HW_ERR_INPUT;
}

static hw_status cfail(chk *c, int item, int index, const char *field, int entry, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hw_status s = vfail(c, item, index, field, entry, fmt, ap);
    va_end(ap);
    return s;
}

hw_status hw_net_input_fail(const hw_net_def *def, hw_net_input_error *err, int item, int index,
                            const char *field, int entry, const char *fmt, ...)
{
    chk c;
    c.def = def;
    c.err = err;
    va_list ap;
    va_start(ap, fmt);
    hw_status s = vfail(&c, item, index, field, entry, fmt, ap);
    va_end(ap);
    return s;
}

#define FAILE(field, entry, ...) return cfail(c, HW_NET_ITEM_ELEMENT, i, field, entry, __VA_ARGS__)

static int bad_num(double x) { return !isfinite(x); }

static hw_status check_node_ref(chk *c, int i, const char *field, int node, int optional, int rot)
{
    int n = rot ? c->def->n_rnodes : c->def->n_nodes;
    if (optional && node == -1) return HW_OK;
    if (node < 0 || node >= n)
        FAILE(field, -1, "expected a %snode index 0..%d%s, got %d", rot ? "rotational " : "", n - 1,
              optional ? " or -1" : "", node);
    return HW_OK;
}

#define CHECK(x) do { hw_status s_ = (x); if (s_ != HW_OK) return s_; } while (0)

/* Strictly increasing, finite. */
static hw_status check_axis(chk *c, int i, const char *field, const double *x, int n, int nmin)
{
    if (n < nmin || !x) FAILE(field, -1, "expected at least %d values, got %d", nmin, x ? n : 0);
    for (int k = 0; k < n; k++) {
        if (bad_num(x[k])) FAILE(field, k, "expected a finite number, got %g", x[k]);
        if (k > 0 && !(x[k] > x[k - 1]))
            FAILE(field, k, "expected values strictly increasing, got %g after %g", x[k], x[k - 1]);
    }
    return HW_OK;
}

static hw_status check_nonneg(chk *c, int i, const char *field, const double *v, int n, const char *what)
{
    if (!v) FAILE(field, -1, "expected %d values, got none", n);
    for (int k = 0; k < n; k++)
        if (!(v[k] >= 0) || bad_num(v[k])) FAILE(field, k, "expected a %s >= 0, got %g", what, v[k]);
    return HW_OK;
}

static hw_status check_rope(chk *c, int i, const hw_net_rope_def *r)
{
    CHECK(check_node_ref(c, i, "base", r->node_b, 0, 0));
    CHECK(check_node_ref(c, i, "follower", r->node_f, 0, 0));
    if (r->node_b == r->node_f) FAILE("follower", -1, "expected a node other than the base, got the same (%d)", r->node_f);
    if (bad_num(r->length)) FAILE("length", -1, "expected a finite number, got %g", r->length);
    switch (r->stiffness) {
    case HW_ROPE_CONSTANT:
        if (!(r->K >= 0) || bad_num(r->K)) FAILE("K", -1, "expected a stiffness >= 0 N/m, got %g", r->K);
        break;
    case HW_ROPE_CONSTANT_VARLEN:
        if (!(r->EA > 0) || bad_num(r->EA)) FAILE("EA", -1, "expected an axial stiffness EA > 0 N, got %g", r->EA);
        break;
    case HW_ROPE_TABLE:
        CHECK(check_axis(c, i, "table", r->table_x, r->table_n, 2));
        CHECK(check_nonneg(c, i, "table.K", r->table_k, r->table_n, "stiffness"));
        CHECK(check_nonneg(c, i, "table.D", r->table_d, r->table_n, "damping"));
        break;
    case HW_ROPE_TABLE2: {
        CHECK(check_axis(c, i, "table2.rest_lengths", r->table2_l, r->table2_nl, 2));
        if (!(r->table2_l[0] > 0)) FAILE("table2.rest_lengths", 0, "expected a rest length > 0 m, got %g", r->table2_l[0]);
        CHECK(check_axis(c, i, "table2.strains", r->table2_s, r->table2_ns, 2));
        int n = r->table2_nl * r->table2_ns;
        CHECK(check_nonneg(c, i, "table2.K", r->table2_k, n, "stiffness"));
        CHECK(check_nonneg(c, i, "table2.D", r->table2_d, n, "damping"));
        break;
    }
    default:
        FAILE("stiffness", -1, "expected a mode 0..3, got %d", r->stiffness);
    }
    if (r->stiffness == HW_ROPE_CONSTANT || r->stiffness == HW_ROPE_CONSTANT_VARLEN)
        if (!(r->D >= 0) || bad_num(r->D)) FAILE("D", -1, "expected a damping >= 0 N s/m, got %g", r->D);
    if (r->stiffness == HW_ROPE_CONSTANT_VARLEN || r->stiffness == HW_ROPE_TABLE2) {
        CHECK(check_node_ref(c, i, "contact_a", r->geom_a, 1, 0));
        CHECK(check_node_ref(c, i, "contact_b", r->geom_b, 1, 0));
        if (bad_num(r->geom_offset)) FAILE("contact_offset", -1, "expected a finite number, got %g", r->geom_offset);
        if (!(r->lmin > 0) || bad_num(r->lmin)) FAILE("Lmin", -1, "expected a minimum rest length > 0 m, got %g", r->lmin);
        if (!(r->lmin_width >= 0) || bad_num(r->lmin_width))
            FAILE("Lmin_width", -1, "expected a blend width >= 0 m (0 = Lmin/10), got %g", r->lmin_width);
    }
    if (r->slack) {
        if (r->slack_model < 0 || r->slack_model > 2)
            FAILE("slack_model", -1, "expected 0 (smooth), 1 (full undamped) or 2 (full damped), got %d", r->slack_model);
        if (r->slack_model == HW_SLACK_SMOOTH && (!(r->slack_width > 0) || bad_num(r->slack_width)))
            FAILE("slack_width", -1, "expected a transition width > 0 m, got %g", r->slack_width);
    }
    if (r->model_mass) {
        if (r->stiffness == HW_ROPE_CONSTANT_VARLEN || r->stiffness == HW_ROPE_TABLE2) {
            if (!(r->mu >= 0) || bad_num(r->mu)) FAILE("mu", -1, "expected a mass per length >= 0 kg/m, got %g", r->mu);
        } else if (!(r->mass >= 0) || bad_num(r->mass)) {
            FAILE("mass", -1, "expected a mass >= 0 kg, got %g", r->mass);
        }
        if (r->gravity && (!(r->g >= 0) || bad_num(r->g))) FAILE("g", -1, "expected g >= 0 m/s^2, got %g", r->g);
        if (bad_num(r->theta)) FAILE("gravity_angle_deg", -1, "expected a finite angle, got %g", r->theta);
    }
    if (!(r->fmax >= 0) || bad_num(r->fmax)) FAILE("Fmax", -1, "expected a maximum tension >= 0 N (0 = none), got %g", r->fmax);
    return HW_OK;
}

static hw_status check_drum(chk *c, int i, const hw_net_drum_def *d)
{
    CHECK(check_node_ref(c, i, "shaft", d->shaft, 0, 1));
    CHECK(check_node_ref(c, i, "end_a", d->end_a, 0, 0));
    CHECK(check_node_ref(c, i, "end_b", d->end_b, 1, 0));
    CHECK(check_node_ref(c, i, "axle", d->axle, 1, 0));
    if (d->end_b == d->end_a) FAILE("end_b", -1, "expected a node other than end_a, got the same (%d)", d->end_b);
    if (d->axle >= 0 && (d->axle == d->end_a || d->axle == d->end_b))
        FAILE("axle", -1, "expected a node other than the rope ends, got %d", d->axle);
    if (!(d->radius > 0) || bad_num(d->radius)) FAILE("radius", -1, "expected a radius R > 0 m, got %g", d->radius);
    if (d->windup != 1 && d->windup != -1)
        FAILE("windup", -1, "expected +1 (ends move in opposite directions) or -1 (same direction), got %d", d->windup);
    if (!(d->mu_b >= 0) || bad_num(d->mu_b)) FAILE("bearing_friction", -1, "expected mu_b >= 0 N m s/rad, got %g", d->mu_b);
    if (d->inertia_on && (!(d->inertia >= 0) || bad_num(d->inertia)))
        FAILE("inertia", -1, "expected an inertia >= 0 kg m^2, got %g", d->inertia);
    if (d->set_speed && bad_num(d->w0)) FAILE("initial_speed", -1, "expected a finite speed, got %g", d->w0);
    return HW_OK;
}

static hw_status check_signal(chk *c, int i, const char *key, const hw_signal_def *s)
{
    char field[48], f[64], msg[200];
    int idx = -1;
    if (hw_signal_check(s, field, sizeof field, &idx, msg, sizeof msg) == HW_OK) return HW_OK;
    snprintf(f, sizeof f, "%s.%s", key, field);
    FAILE(f, idx, "%s", msg);
}

static hw_status check_rail(chk *c, int i, const hw_net_rail_mass_def *r)
{
    CHECK(check_node_ref(c, i, "node", r->node, 0, 0));
    if (!(r->mass > 0) || bad_num(r->mass)) FAILE("mass", -1, "expected a mass > 0 kg, got %g", r->mass);
    if (!(r->length >= 0) || bad_num(r->length)) FAILE("length", -1, "expected a length >= 0 m, got %g", r->length);
    if (bad_num(r->theta)) FAILE("incline_deg", -1, "expected a finite angle, got %g", r->theta);
    if (!(r->g >= 0) || bad_num(r->g)) FAILE("g", -1, "expected g >= 0 m/s^2, got %g", r->g);
    if (r->friction) {
        if (!(r->k_c >= 0) || bad_num(r->k_c)) FAILE("K_C", -1, "expected a Coulomb coefficient >= 0, got %g", r->k_c);
        if (!(r->k_brk >= r->k_c) || bad_num(r->k_brk))
            FAILE("K_brk", -1, "expected a breakaway coefficient K_brk >= K_C = %g, got %g", r->k_c, r->k_brk);
        if (!(r->v_brk > 0) || bad_num(r->v_brk)) FAILE("v_brk", -1, "expected a breakaway velocity > 0 m/s, got %g", r->v_brk);
        if (!(r->f_v >= 0) || bad_num(r->f_v)) FAILE("f_v", -1, "expected a viscous coefficient >= 0 N s/m, got %g", r->f_v);
        CHECK(check_signal(c, i, "normal_force", &r->normal_force));
    }
    if (!(r->fraction_log >= 0 && r->fraction_log <= 1))
        FAILE("fraction_log", -1, "expected a fraction in [0, 1], got %g", r->fraction_log);
    return HW_OK;
}

static hw_status check_basic(chk *c, int i, const hw_net_basic_def *b)
{
    int rot = b->kind == HW_NET_TORQUE_SOURCE || b->kind == HW_NET_ANGVEL_SOURCE;
    if ((unsigned)b->kind > HW_NET_ANGVEL_SOURCE) FAILE("type", -1, "expected a kind 0..6, got %d", (int)b->kind);
    int two = b->kind == HW_NET_SPRING || b->kind == HW_NET_DAMPER;
    CHECK(check_node_ref(c, i, two ? "base" : "node", b->node_a, 0, rot));
    if (two) {
        CHECK(check_node_ref(c, i, "follower", b->node_b, 0, 0));
    } else if (b->kind == HW_NET_FORCE_SOURCE || b->kind == HW_NET_TORQUE_SOURCE) {
        CHECK(check_node_ref(c, i, "reference", b->node_b, 1, rot));
    }
    if (b->node_b >= 0 && b->node_b == b->node_a &&
        b->kind != HW_NET_MASS && b->kind != HW_NET_VELOCITY_SOURCE && b->kind != HW_NET_ANGVEL_SOURCE)
        FAILE(b->kind == HW_NET_SPRING || b->kind == HW_NET_DAMPER ? "follower" : "reference", -1,
              "expected a node other than %d, got the same", b->node_a);
    switch (b->kind) {
    case HW_NET_MASS:
        if (!(b->value >= 0) || bad_num(b->value)) FAILE("mass", -1, "expected a mass >= 0 kg, got %g", b->value);
        break;
    case HW_NET_SPRING:
        if (!(b->value >= 0) || bad_num(b->value)) FAILE("k", -1, "expected a stiffness >= 0 N/m, got %g", b->value);
        if (bad_num(b->length)) FAILE("length", -1, "expected a finite number, got %g", b->length);
        break;
    case HW_NET_DAMPER:
        if (!(b->value >= 0) || bad_num(b->value)) FAILE("c", -1, "expected a damping >= 0 N s/m, got %g", b->value);
        break;
    default:
        CHECK(check_signal(c, i, "signal", &b->signal));
    }
    return HW_OK;
}

hw_status hw_net_check(const hw_net_def *def, hw_net_input_error *err)
{
    chk cc, *c = &cc;
    cc.def = def;
    cc.err = err;
    if (err) memset(err, 0, sizeof *err);
    if (!def) return HW_ERR_INVALID_ARG;
    for (int i = 0; i < def->n_nodes; i++) {
        const hw_net_node_def *n = &def->nodes[i];
        if (bad_num(n->x)) return cfail(c, HW_NET_ITEM_NODE, i, "x", -1, "expected a finite position, got %g", n->x);
        if (bad_num(n->v)) return cfail(c, HW_NET_ITEM_NODE, i, "v", -1, "expected a finite velocity, got %g", n->v);
        if (!(n->mass >= 0) || bad_num(n->mass))
            return cfail(c, HW_NET_ITEM_NODE, i, "mass", -1, "expected a mass >= 0 kg, got %g", n->mass);
        for (int j = 0; j < i; j++)
            if (n->name && def->nodes[j].name && !strcmp(n->name, def->nodes[j].name))
                return cfail(c, HW_NET_ITEM_NODE, i, "name", -1, "expected a unique name, got the name of node %d", j);
    }
    for (int i = 0; i < def->n_rnodes; i++) {
        const hw_net_rnode_def *n = &def->rnodes[i];
        if (bad_num(n->phi) || bad_num(n->w))
            return cfail(c, HW_NET_ITEM_RNODE, i, "phi", -1, "expected a finite angle and speed");
        if (!(n->inertia >= 0) || bad_num(n->inertia))
            return cfail(c, HW_NET_ITEM_RNODE, i, "inertia", -1, "expected an inertia >= 0 kg m^2, got %g", n->inertia);
    }
    for (int i = 0; i < def->n_elems; i++) {
        const net_elem_def *e = &def->elems[i];
        hw_status s = HW_OK;
        switch (e->type) {
        case NET_ROPE: s = check_rope(c, i, &e->rope); break;
        case NET_DRUM: s = check_drum(c, i, &e->drum); break;
        case NET_RAIL: s = check_rail(c, i, &e->rail); break;
        default: s = check_basic(c, i, &e->basic); break;
        }
        if (s != HW_OK) return s;
    }
    return HW_OK;
}
