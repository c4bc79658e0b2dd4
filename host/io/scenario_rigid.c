/* The `rigid_cables:` section of a scenario file -> hw_rc_def (format: docs/scenario.md). Errors
 * are the scenario loader's: one line "FILE:LINE: FIELD: expected WHAT, got WHAT", FIELD a path
 * such as "rigid_cables[1] (wire).axial.eps". The loader checks syntax, keys, types and references
 * to points; the semantic rules are hw_rc_check()'s, whose message names the cable and field
 * ("rigid cable 'wire' (1) field 'axial.eps': must be > 0, got 0"): that field is mapped back to
 * the line recorded for that key while parsing. */
#include "io/scenario_rigid.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "physics/motion.h"
#include "model/model_check.h"
#include "io/scenario_winch.h"
#include "io/yaml_doc.h"
#include "io/yaml_reader.h"
#include "io/scenario_body.h"
#include "sea/current.h"

typedef struct rg_priv {
    hw_yr_recs recs; /* key lines: item 0, index = cable (-1: the section), field as hw_rc_check
                        names it ("EA", "axial.eps", "Cd", "pos_b", "winch.max_length"); "" = the
                        item */
    hw_yr_block *blocks; /* the cable names and winch tables (hw_yr_alloc) */
    int key_line;
    int env_line[6]; /* gravity, water_density, depth, seabed, current, the environment key */
    int dt_line;     /* solver.dt, or the solver key, or 0 */
} rg_priv;

typedef struct rl {
    hw_yr y;        /* the document, file, first error and key lines (yaml_reader.h) */
    const hw_model_def *model;
    const hw_body_def *bodies;
    int n_bodies;
    hw_scn_rigid *r;
    rg_priv *pv;
    int cur_cable, cur_end; /* the end being parsed */
} rl;

#define FAILED(L) ((L)->y.status != HW_OK)

static void fail(rl *L, int line, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hw_yr_vfail(&L->y, line, path, fmt, ap);
    va_end(ap);
}

static void fail_nomem(rl *L) { hw_yr_nomem(&L->y); }

static void record(rl *L, int cable, const char *field, int line)
{
    hw_yr_record(&L->y, 0, cable, field, line);
}

static int find_line(const rg_priv *pv, int cable, const char *field)
{
    return hw_yr_find(&pv->recs, 0, cable, field);
}

/* ---- mappings ---------------------------------------------------------------------------------- */

typedef hw_yr_map mp; /* key lines recorded as item 0, index = the cable */
typedef hw_yr_fld fld;

static int get_int(mp *m, const char *key, int required, int *dst)
{
    fld f;
    if (!hw_yr_get(m, key, &f)) return hw_yr_missing(m, &f, required, "an integer");
    long x;
    int parsed = yd_to_long(f.v, &x) == 0;
    if (parsed && x >= -1000000000L && x <= 1000000000L) { *dst = (int)x; return 0; }
    char got[96];
    yd_describe(f.v, got, sizeof got);
    hw_yr_fail(m->y, f.line, f.path, parsed ? "expected an integer of at most 1e9 in magnitude, got %s"
                                            : "expected an integer, got %s", got);
    return -1;
}

/* An error when key is present: it belongs to the other stiffness form. */
static void not_here(mp *m, const char *key, const char *why)
{
    fld f;
    if (hw_yr_get(m, key, &f)) hw_yr_fail(m->y, f.line, f.path, "expected no %s %s, got one", key, why);
}

/* ---- points ------------------------------------------------------------------------------------ */

/* The line of key in item index (-1: the mapping itself) of the root section sec, or 0. */
static int doc_line(yaml_document_t *doc, yaml_node_t *root, const char *sec, int index, const char *key)
{
    yaml_node_t *k = NULL, *s = yd_is_map(root) ? yd_map_find(doc, root, sec, &k) : NULL;
    if (!s) return 0;
    if (index >= 0) {
        if (!yd_is_seq(s) || index >= yd_seq_len(s)) return yd_line(k);
        s = yd_seq_at(doc, s, index);
        if (!key) return yd_line(s);
    } else if (!key) {
        return yd_line(k);
    }
    yaml_node_t *kk = NULL;
    if (yd_is_map(s) && yd_map_find(doc, s, key, &kk)) return yd_line(kk);
    return index >= 0 ? yd_line(s) : yd_line(k);
}

/* The period of a prescribed point's sinusoid, as hw_model_check would see it (the lumped model is not
 * checked in a scenario with rigid cables only). */
static void check_point(rl *L, yaml_node_t *root, int p)
{
    const hw_point_def *d = &L->model->points[p];
    if (d->kind != HW_POINT_PRESCRIBED) return;
    char path[160];
    snprintf(path, sizeof path, "points[%d] (%.60s).motion", p, d->name);
    int line = doc_line(L->y.doc, root, "points", p, "motion");
    if (d->motion == HW_MOTION_SINUSOID && !(d->period > 0 && isfinite(d->period)))
        fail(L, line, path, "expected a period > 0 s, got %g", d->period);
    /* a table's times are checked by the loader itself */
}

/* ---- ends -------------------------------------------------------------------------------------- */

static const char *const END_KEYS[] = {"type", "point", "position", "load", "body", "at", NULL};
/* hw_rc_end_kind order for the first three; "body" is HW_RC_END_BODY6 */
static const char *const END_KINDS[] = {"free", "point", "clamped", "body", NULL};
enum { END_ON_BODY = 3 };

/* A free point is the body of one rigid cable end (it moves with that cable's solve): not of a
 * second end, not held by a lumped line too (the two models are stepped apart), and with mass. */
static int body_point_taken(rl *L, int p, int line, const char *path)
{
    const hw_model_def *md = L->model;
    const char *nm = md->points[p].name;
    int ci = L->cur_cable, end = L->cur_end;
    for (int c = 0; c <= ci; c++)
        for (int e = 0; e < 2; e++) {
            if (c == ci && e >= end) break;
            if ((e ? L->r->point_b[c] : L->r->point_a[c]) != p) continue;
            fail(L, line, path, "expected a free point no other rigid cable end holds (a body is on one "
                 "cable end), got \"%.60s\", already end_%c of rigid_cables[%d] (%.60s)", nm, e ? 'b' : 'a', c,
                 L->r->cables[c].name);
            return 1;
        }
    for (int l = 0; l < md->n_lines; l++)
        if (md->lines[l].point_a == p || md->lines[l].point_b == p) {
            fail(L, line, path, "expected a free point no lumped line holds (a rigid cable's body moves with "
                 "that cable alone; the two models are stepped apart), got \"%.60s\", an end of line %d (%.60s)",
                 nm, l, md->lines[l].name ? md->lines[l].name : "?");
            return 1;
        }
    if (!(md->points[p].mass > 0)) {
        fail(L, line, path, "expected a free point with mass > 0 (it is the cable end's body), got \"%.60s\" "
             "with mass %g kg", nm, md->points[p].mass);
        return 1;
    }
    return 0;
}

static int point_ref(rl *L, yaml_node_t *root, const fld *f, yaml_node_t *v, int line, const char *path)
{
    const hw_model_def *md = L->model;
    const char *s = yd_scalar(v);
    for (int i = 0; s && !yd_is_null(v) && i < md->n_points; i++)
        if (md->points[i].name && !strcmp(md->points[i].name, s)) {
            const hw_point_def *p = &md->points[i];
            if (p->kind == HW_POINT_COUPLED) {
                fail(L, line, path,
                     "expected a fixed, prescribed or free point (a coupled point is moved by "
                     "co-simulation, the network or a body, which the rigid cables do not load back "
                     "through a point; an end on a body is {type: body, body: NAME, at: [x, y, z]}), got "
                     "the coupled point \"%.60s\"", s);
                return -1;
            }
            if (p->kind == HW_POINT_FREE && body_point_taken(L, i, line, path)) return -1;
            check_point(L, root, i);
            return FAILED(L) ? -1 : i;
        }
    char got[96], names[300];
    yd_describe(v, got, sizeof got);
    size_t used = (size_t)snprintf(names, sizeof names, "one of: ");
    for (int i = 0; i < md->n_points && used < sizeof names; i++) {
        if (i >= 12 || used + strlen(md->points[i].name) + 8 >= sizeof names) {
            snprintf(names, sizeof names, "one of the %d names in points", md->n_points);
            break;
        }
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", md->points[i].name);
    }
    const char *hint = s && (!strcmp(s, "free") || !strcmp(s, "clamped"))
                           ? "; a free or clamped end is a mapping {type: free, position: [x, y, z]} or "
                             "{type: clamped, point: NAME}"
                           : "";
    (void)f;
    if (md->n_points == 0)
        fail(L, line, path, "expected a point name, got %s (the scenario has no points)%s", got, hint);
    else
        fail(L, line, path, "expected a point name (%s), got %s%s", names, got, hint);
    return -1;
}

/* end_a / end_b: a point name (a ball joint on it), or {type: point|clamped, point: NAME} or
 * {type: free, position: [x, y, z]}. Records the key as "end_a" and as "pos_a". */
/* A list of 3 numbers at field f into v; 0, or -1 after failing. */
static int read_vec3(rl *L, const fld *f, double v[3])
{
    if (!yd_is_seq(f->v) || yd_seq_len(f->v) != 3) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        fail(L, f->line, f->path, "expected a list of 3 numbers [x, y, z], got %s", got);
        return -1;
    }
    for (int c = 0; c < 3; c++) {
        yaml_node_t *x = yd_seq_at(L->y.doc, f->v, c);
        if (yd_to_double(x, &v[c]) || !isfinite(v[c])) {
            char got[96], p[300];
            yd_describe(x, got, sizeof got);
            snprintf(p, sizeof p, "%s[%d]", f->path, c);
            fail(L, yd_line(x), p, "expected a number, got %s", got);
            return -1;
        }
    }
    return 0;
}

/* {type: body, body: NAME, at: [x, y, z]}: a ball joint at the body-frame point `at` of a 6-DOF body
 * of the scenario: on a free body HW_RC_END_BODY6 (the cable's solve moves the body); on a fixed,
 * prescribed or coupled body HW_RC_END_POINT, an end that the world moves with the body point
 * (hw_world_rc_body_end), starting at its t = 0 position. The body may hold other cable ends and
 * lumped lines too. */
static void parse_body_end(rl *L, mp *e, hw_rc_end_kind *kind, double pos[3], int *body, hw_body_def *b6,
                           double at[3])
{
    fld fb, fa, fx;
    static const char *const not_here[] = {"point", "position", "load", NULL};
    for (int k = 0; not_here[k] && !FAILED(L); k++)
        if (hw_yr_get(e, not_here[k], &fx))
            fail(L, fx.line, fx.path, "expected no %s on a body end (it is where the body's point `at` is), got one",
                 not_here[k]);
    if (FAILED(L)) return;
    if (!hw_yr_get(e, "body", &fb)) { hw_yr_missing(e, &fb, 1, "the name of a body in bodies"); return; }
    char why[512];
    int k = hw_scn_body_named(L->bodies, L->n_bodies, fb.v, why, sizeof why);
    if (k < 0) {
        fail(L, fb.line, fb.path, "%s", why);
        return;
    }
    if (!hw_yr_get(e, "at", &fa)) {
        hw_yr_missing(e, &fa, 1, "the joint [x, y, z] in the body frame, from the body's reference point");
        return;
    }
    if (read_vec3(L, &fa, at)) return;
    *body = k;
    hw_scn_body_point0(&L->bodies[k], at, pos);
    if (L->bodies[k].kind != HW_BODY_FREE) { /* its motion is imposed: the end follows the body point
                                                (a ball joint the world moves, hw_world_rc_body_end) */
        *kind = HW_RC_END_POINT;
        return;
    }
    *kind = HW_RC_END_BODY6;
    *b6 = L->bodies[k];
}

static void parse_end(rl *L, mp *m, yaml_node_t *root, const char *key, hw_rc_end_kind *kind, double pos[3],
                      int *point, double load[3], hw_rc_body_def *body, int *body6, hw_body_def *b6,
                      double at[3])
{
    fld f;
    *point = -1;
    *body6 = -1;
    L->cur_end = key[4] == 'b';
    if (!hw_yr_get(m, key, &f)) {
        hw_yr_missing(m, &f, 1, "a point name, or a mapping {type: free | point | clamped, point, position}");
        return;
    }
    record(L, m->index, key[4] == 'a' ? "pos_a" : "pos_b", f.line);
    record(L, m->index, key[4] == 'a' ? "body_a" : "body_b", f.line);
    record(L, m->index, key[4] == 'a' ? "body6_a" : "body6_b", f.line);
    record(L, m->index, key[4] == 'a' ? "at_a" : "at_b", f.line);
    if (yd_is_scalar(f.v)) {
        *kind = HW_RC_END_POINT;
        *point = point_ref(L, root, &f, f.v, f.line, f.path);
    } else {
        mp e;
        char rec[16];
        snprintf(rec, sizeof rec, "%s.", key);
        if (hw_yr_open(&e, &L->y, f.v, f.line, f.path, 0, m->index, rec, END_KEYS,
                       "a cable end: a point name, or a mapping with type free, point or clamped"))
            return;
        int k = 1;
        fld ft, fp, fx;
        if (!hw_yr_get(&e, "type", &ft)) {
            hw_yr_missing(&e, &ft, 1, "one of: free, point, clamped");
            return;
        }
        if (hw_yr_get_enum(&e, "type", 0, END_KINDS, &k)) return;
        if (k == END_ON_BODY) {
            parse_body_end(L, &e, kind, pos, body6, b6, at);
            return;
        }
        fld fo;
        for (int j = 0; j < 2 && !FAILED(L); j++)
            if (hw_yr_get(&e, j ? "at" : "body", &fo))
                fail(L, fo.line, fo.path, "expected %s only on an end of type body, got it on a %s end",
                     j ? "at" : "body", END_KINDS[k]);
        if (FAILED(L)) return;
        *kind = (hw_rc_end_kind)k;
        fld fl;
        int has_p = hw_yr_get(&e, "point", &fp), has_x = hw_yr_get(&e, "position", &fx);
        int has_l = hw_yr_get(&e, "load", &fl);
        if (k == HW_RC_END_FREE) {
            if (has_p) { fail(L, fp.line, fp.path, "expected no point on a free end, got one"); return; }
            if (!has_x) {
                hw_yr_missing(&e, &fx, 1, "an initial position [x, y, z] of the free end");
                return;
            }
            if (read_vec3(L, &fx, pos)) return;
            if (has_l) read_vec3(L, &fl, load);
            return;
        }
        if (has_l) {
            fail(L, fl.line, fl.path, "expected no load on a %s end (its point takes the cable's force), got one",
                 END_KINDS[k]);
            return;
        }
        if (has_x) {
            fail(L, fx.line, fx.path, "expected no position on a %s end (it starts at its point), got one",
                 END_KINDS[k]);
            return;
        }
        if (!has_p) { hw_yr_missing(&e, &fp, 1, "a point name"); return; }
        *point = point_ref(L, root, &fp, fp.v, fp.line, fp.path);
        if (*point >= 0 && k == HW_RC_END_CLAMPED && L->model->points[*point].kind == HW_POINT_FREE) {
            fail(L, fp.line, fp.path, "expected a fixed or prescribed point for a clamped end (a free point is a "
                 "body on a ball joint: type point), got the free point \"%.60s\"", L->model->points[*point].name);
            *point = -1;
            return;
        }
    }
    if (*point >= 0) {
        const hw_point_def *p = &L->model->points[*point];
        if (p->kind == HW_POINT_FREE) { /* the end's body: the free point's mass, volume, drag, added mass */
            *kind = HW_RC_END_BODY;
            body->mass = p->mass; body->volume = p->volume; body->cda = p->cda; body->ca = p->ca;
            memcpy(pos, p->pos, 3 * sizeof(double));
            return;
        }
        double v[3];
        hw_point_kinematics(p, NULL, 0.0, pos, v);
    }
}

/* ---- cables ------------------------------------------------------------------------------------- */

static const char *const CABLE_KEYS[] = {"name", "length", "elements", "mass_per_length", "diameter",
                                         "stiffness", "EA", "EI", "GJ", "damping_ratio", "beta_dt",
                                         "axial", "bending", "torsion", "end_a", "end_b", "Cdn", "Cdt",
                                         "Can", "Cat", "seabed_mu", "relax_damping", "winch", NULL};
static const char *const STIFFNESS_KINDS[] = {"engineering", "baumgarte", NULL};
static const char *const FAMILY_KEYS[] = {"alpha", "beta", "eps", NULL};
static const char *const ENGINEERING_KEYS[] = {"EA", "EI", "GJ", "damping_ratio", "beta_dt", NULL};
static const char *const FAMILIES[] = {"axial", "bending", "torsion", NULL};

static void parse_family(mp *m, const char *key, int required, hw_rc_family *fam)
{
    fld f;
    fam->alpha = fam->beta = fam->eps = 0.0;
    if (!hw_yr_get(m, key, &f)) {
        hw_yr_missing(m, &f, required, "a mapping {alpha, beta, eps} (stiffness: baumgarte)");
        return;
    }
    mp fm;
    char rec[24];
    snprintf(rec, sizeof rec, "%s.", key);
    if (hw_yr_open(&fm, m->y, f.v, f.line, f.path, 0, m->index, rec, FAMILY_KEYS,
                   "a constraint family: alpha (1/s), beta (1/s), eps"))
        return;
    hw_yr_get_num(&fm, "alpha", 1, &fam->alpha);
    hw_yr_get_num(&fm, "beta", 1, &fam->beta);
    hw_yr_get_num(&fm, "eps", 1, &fam->eps);
}

static void cable_path(char *buf, size_t len, int i, const char *name)
{
    if (name && *name) snprintf(buf, len, "rigid_cables[%d] (%.60s)", i, name);
    else snprintf(buf, len, "rigid_cables[%d]", i);
}

/* winch: a line's winch (scenario_winch.c) in reel mode on the cable. It pays out from a drum on
 * the point of its end, so that end must be attached: a free end has nothing to hold the drum. */
static void parse_winch(rl *L, mp *m, hw_rc_cable_def *c, int i)
{
    if (hw_scn_parse_winch(m, &c->winch) <= 0) return;
    int at_a = c->winch.end == HW_WINCH_A;
    hw_rc_end_kind k = at_a ? c->end_a : c->end_b;
    if (k != HW_RC_END_FREE && k != HW_RC_END_BODY && k != HW_RC_END_BODY6) return;
    char path[300];
    snprintf(path, sizeof path, "%s.winch.end", m->path);
    fail(L, find_line(L->pv, i, "winch.end"), path,
         "expected the winch end to be attached (a fixed or prescribed point, or clamped), got the %s end_%c",
         k == HW_RC_END_FREE ? "free" : k == HW_RC_END_BODY ? "body (free point)" : "6-DOF body",
         at_a ? 'a' : 'b');
}

static void parse_cable(rl *L, yaml_node_t *root, yaml_node_t *node, int i)
{
    hw_rc_cable_def *c = &L->r->cables[i];
    *c = hw_default_rc_cable();
    yaml_node_t *nn = yd_is_map(node) ? yd_map_find(L->y.doc, node, "name", NULL) : NULL;
    char path[200];
    cable_path(path, sizeof path, i, yd_is_null(nn) ? NULL : yd_scalar(nn));
    record(L, i, "", yd_line(node));
    mp m;
    if (hw_yr_open(&m, &L->y, node, yd_line(node), path, 0, i, "", CABLE_KEYS, "a rigid cable")) return;
    fld f;
    if (!hw_yr_get(&m, "name", &f)) { hw_yr_missing(&m, &f, 1, "a name"); return; }
    const char *s = yd_scalar(f.v);
    if (!s || !*s || yd_is_null(f.v)) {
        char got[96];
        yd_describe(f.v, got, sizeof got);
        fail(L, f.line, f.path, "expected a non-empty name, got %s", got);
        return;
    }
    for (int j = 0; j < i; j++)
        if (!strcmp(L->r->cables[j].name, s)) {
            fail(L, f.line, f.path, "expected a name not used before in rigid_cables, got \"%.60s\" again "
                 "(rigid_cables[%d] at line %d)", s, j, find_line(L->pv, j, "name"));
            return;
        }
    char *name = hw_yr_alloc(&L->y, strlen(s) + 1, 1);
    if (!name) return;
    memcpy(name, s, strlen(s) + 1);
    c->name = name;
    hw_yr_get_num(&m, "length", 1, &c->length);
    get_int(&m, "elements", 1, &c->elements);
    hw_yr_get_num(&m, "mass_per_length", 1, &c->mass_per_length);
    hw_yr_get_num(&m, "diameter", 1, &c->diameter);
    /* the form: given, else baumgarte when a family is given */
    int mode = yd_map_find(L->y.doc, node, "axial", NULL) ? HW_RC_BAUMGARTE : HW_RC_ENGINEERING;
    if (hw_yr_get_enum(&m, "stiffness", 0, STIFFNESS_KINDS, &mode) < 0) return;
    c->stiffness = (hw_rc_stiffness_mode)mode;
    if (mode == HW_RC_ENGINEERING) {
        for (int k = 0; FAMILIES[k]; k++)
            not_here(&m, FAMILIES[k], "with stiffness: engineering (families are for stiffness: baumgarte)");
        hw_yr_get_num(&m, "EA", 1, &c->ea);
        hw_yr_get_num(&m, "EI", 0, &c->ei);
        hw_yr_get_num(&m, "GJ", 0, &c->gj);
        hw_yr_get_num(&m, "damping_ratio", 0, &c->damping_ratio);
        hw_yr_get_num(&m, "beta_dt", 0, &c->beta_dt);
    } else {
        for (int k = 0; ENGINEERING_KEYS[k]; k++)
            not_here(&m, ENGINEERING_KEYS[k], "with stiffness: baumgarte (it is an engineering value)");
        parse_family(&m, "axial", 1, &c->axial);
        parse_family(&m, "bending", 0, &c->bending);
        parse_family(&m, "torsion", 0, &c->torsion);
    }
    L->cur_cable = i;
    parse_end(L, &m, root, "end_a", &c->end_a, c->pos_a, &L->r->point_a[i], L->r->end_load + 6 * (size_t)i,
              &c->body_a, &L->r->body_a[i], &c->body6_a, c->at_a);
    if (FAILED(L)) return;
    parse_end(L, &m, root, "end_b", &c->end_b, c->pos_b, &L->r->point_b[i], L->r->end_load + 6 * (size_t)i + 3,
              &c->body_b, &L->r->body_b[i], &c->body6_b, c->at_b);
    if (FAILED(L)) return;
    parse_winch(L, &m, c, i);
    hw_yr_get_num(&m, "Cdn", 0, &c->cdn);
    hw_yr_get_num(&m, "Cdt", 0, &c->cdt);
    hw_yr_get_num(&m, "Can", 0, &c->can);
    hw_yr_get_num(&m, "Cat", 0, &c->cat);
    hw_yr_get_num(&m, "seabed_mu", 0, &c->seabed_mu);
    hw_yr_get_num(&m, "relax_damping", 0, &c->relax_damping);
}

/* ---- environment ---------------------------------------------------------------------------- */

/* The scenario's environment for the rigid model: a uniform current as such, any other (depth
 * or time profile) as the rigid model's current profile (the scenario's arrays, which outlive the
 * definition; the rigid model copies them). */
static void take_environment(rl *L, yaml_node_t *root)
{
    const hw_env_def *e = &L->model->env;
    hw_rc_env_def *re = &L->r->def.env;
    rg_priv *pv = L->pv;
    static const char *const keys[] = {"gravity", "water_density", "depth", "seabed", "current"};
    for (int k = 0; k < 5; k++) pv->env_line[k] = doc_line(L->y.doc, root, "environment", -1, keys[k]);
    pv->env_line[5] = doc_line(L->y.doc, root, "environment", -1, NULL);
    pv->dt_line = doc_line(L->y.doc, root, "solver", -1, "dt");
    re->g = e->g;
    re->rho_w = e->rho_w;
    re->depth = e->depth;
    re->seabed_k = e->seabed_k;
    re->seabed_c = e->seabed_c;
    re->friction_v = e->friction_v;
    re->bathymetry = e->bathymetry; /* the scenario's arrays (hw_rc_create copies them) */
    re->waves = e->waves; /* one sea for both models (its arrays the scenario's, as the profile's) */
    re->current[0] = re->current[1] = re->current[2] = 0.0;
    const hw_current_def *c = &e->current;
    if (c->n_depth <= 0) return;
    int uniform = 1;
    for (size_t j = 1; j < hw_current_count(c); j++)
        uniform &= c->ux[j] == c->ux[0] && c->uy[j] == c->uy[0] && c->uz[j] == c->uz[0];
    if (!uniform) {
        re->profile = *c;
        return;
    }
    re->current[0] = c->ux[0];
    re->current[1] = c->uy[0];
    re->current[2] = c->uz[0];
}

/* ---- hw_rc_check's errors, mapped back to lines ------------------------------------------------ */

hw_status hw_scenario_rigid_check(const hw_scn_rigid *r, double dt, const char *file, char *msg, size_t msg_len)
{
    if (!r) return HW_OK;
    const rg_priv *pv = r->priv;
    hw_rc_def d = r->def;
    d.dt = dt;
    char m[768];
    hw_status st = hw_rc_check(&d, m, sizeof m);
    if (st != HW_ERR_INPUT) {
        if (st && msg && msg_len) snprintf(msg, msg_len, "%s: %s", file, m);
        return st;
    }
    char field[64] = "", path[300];
    const char *what = m;
    int cable = -1, line = 0;
    const char *q = strstr(m, "field '");
    if (q) {
        q += 7;
        size_t n = strcspn(q, "'");
        if (n >= sizeof field) n = sizeof field - 1;
        memcpy(field, q, n);
        field[n] = '\0';
        const char *colon = strstr(q + n, ": ");
        if (colon) what = colon + 2;
    }
    /* "rigid cable 'NAME' (I) field ...": I is in the last parenthesis before " field '" */
    const char *fq = strstr(m, " field '"), *par = NULL;
    for (const char *p = m; fq && p < fq; p++)
        if (*p == '(') par = p;
    if (!strncmp(m, "rigid cable '", 13) && par && sscanf(par + 1, "%d", &cable) == 1 && cable >= 0 &&
        cable < r->def.n_cables) {
        /* the pairs hw_rc_check names "Cd" and "Ca": the key of the bad coefficient */
        const hw_rc_cable_def *cd = &r->cables[cable];
        if (!strcmp(field, "Cd")) snprintf(field, sizeof field, "%s", cd->cdn < 0 || cd->cdn != cd->cdn ? "Cdn" : "Cdt");
        else if (!strcmp(field, "Ca")) snprintf(field, sizeof field, "%s", cd->can < 0 || cd->can != cd->can ? "Can" : "Cat");
        line = hw_yr_find_nearest(&pv->recs, 0, cable, field);
        char item[200];
        cable_path(item, sizeof item, cable, r->cables[cable].name);
        const char *shown = !strcmp(field, "pos_a") ? "end_a" : !strcmp(field, "pos_b") ? "end_b" : field;
        if (!strncmp(field, "body_", 5)) /* a body's field: the free point's, on the end's line */
            snprintf(path, sizeof path, "%s.end_%c.%s", item, field[5], field + 7);
        else snprintf(path, sizeof path, "%s.%s", item, shown);
    } else if (!strncmp(m, "rigid environment", 17)) {
        static const char *const names[] = {"g", "water_density", "depth", "seabed", "current"};
        static const char *const keys[] = {"gravity", "water_density", "depth", "seabed", "current"};
        int k = 0;
        while (k < 5 && strcmp(names[k], field)) k++;
        line = k < 5 && pv->env_line[k] ? pv->env_line[k] : pv->env_line[5];
        snprintf(path, sizeof path, "environment.%s", k < 5 ? keys[k] : field);
    } else if (!strncmp(m, "rigid solver", 12)) {
        line = !strcmp(field, "dt") ? pv->dt_line : 0;
        snprintf(path, sizeof path, "solver.%s", field);
    } else {
        line = pv->key_line;
        snprintf(path, sizeof path, "rigid_cables");
    }
    /* "must be > 0, got 0" -> "expected > 0, got 0" (the scenario loader's style) */
    char w[800];
    if (!strncmp(what, "must be ", 8)) snprintf(w, sizeof w, "expected %s", what + 8);
    else snprintf(w, sizeof w, "%s", what);
    if (msg && msg_len) {
        if (line > 0) snprintf(msg, msg_len, "%s:%d: %s: %s", file, line, path, w);
        else snprintf(msg, msg_len, "%s: %s: %s", file, path, w);
    }
    return st;
}

/* The most elements cable c can have: its count, or with a reel winch enough for the longest it
 * may pay out (max_length, default its length) in nominal elements, plus the element growing at
 * the winch (up to 1.5 nominal before it splits) and one spare. */
int hw_rc_max_elements(const hw_rc_cable_def *c)
{
    if (c->winch.end == HW_WINCH_NONE) return c->elements;
    double l_nom = c->length / c->elements, n = ceil(fmax(c->winch.max_length, c->length) / l_nom) + 2;
    return n < 1e7 ? (int)n : 10000000; /* beyond: grown by the runner (run/rigid_run.c) when reached, if ever */
}

/* ---- entry --------------------------------------------------------------------------------------- */

void hw_scenario_rigid_free(hw_scn_rigid *r)
{
    if (!r) return;
    rg_priv *pv = r->priv;
    if (pv) {
        hw_yr_blocks_free(&pv->blocks);
        free(pv->recs.v);
        free(pv);
    }
    free(r->cables);
    free(r->point_a);
    free(r->point_b);
    free(r->body_a);
    free(r->body_b);
    free(r->end_load);
    free(r);
}

hw_status hw_scenario_rigid_parse(yaml_document_t *doc, yaml_node_t *root, yaml_node_t *node, int key_line,
                                  const char *file, const hw_model_def *model, const hw_body_def *bodies,
                                  int n_bodies, hw_scn_rigid **out, char *err, size_t err_len)
{
    rl L;
    memset(&L, 0, sizeof L);
    L.y.doc = doc;
    L.y.file = file ? file : "<string>";
    L.model = model;
    L.bodies = bodies;
    L.n_bodies = bodies ? n_bodies : 0;
    L.y.err = err;
    L.y.err_len = err_len;
    *out = NULL;
    if (err && err_len) err[0] = '\0';
    L.r = calloc(1, sizeof *L.r);
    L.pv = calloc(1, sizeof *L.pv);
    if (!L.r || !L.pv) {
        free(L.r);
        free(L.pv);
        fail_nomem(&L);
        return L.y.status;
    }
    L.r->priv = L.pv;
    L.y.recs = &L.pv->recs;
    L.y.blocks = &L.pv->blocks;
    L.pv->key_line = key_line;
    L.r->def = hw_default_rc_def();
    L.r->def.dt = model->solver.dt;
    int n = yd_seq_len(node);
    if (!yd_is_seq(node) || n < 1) {
        char got[96];
        yd_describe(node, got, sizeof got);
        fail(&L, key_line, "rigid_cables", "expected a list of at least one rigid cable, got %s", got);
    } else {
        L.r->cables = calloc((size_t)n, sizeof *L.r->cables);
        L.r->point_a = calloc((size_t)n, sizeof(int));
        L.r->point_b = calloc((size_t)n, sizeof(int));
        L.r->body_a = calloc((size_t)n, sizeof(int));
        L.r->body_b = calloc((size_t)n, sizeof(int));
        L.r->end_load = calloc(6 * (size_t)n, sizeof(double));
        if (!L.r->cables || !L.r->point_a || !L.r->point_b || !L.r->body_a || !L.r->body_b || !L.r->end_load)
            fail_nomem(&L);
        for (int i = 0; !FAILED(&L) && i < n; i++) L.r->body_a[i] = L.r->body_b[i] = -1;
        take_environment(&L, root);
        for (int i = 0; i < n && !FAILED(&L); i++) parse_cable(&L, root, yd_seq_at(doc, node, i), i);
        L.r->def.n_cables = n;
        L.r->def.cables = L.r->cables;
    }
    if (!FAILED(&L) && model->n_lines == 0 && !(model->solver.dt > 0)) {
        int line = L.pv->dt_line ? L.pv->dt_line : doc_line(doc, root, "solver", -1, NULL);
        fail(&L, line ? line : key_line, "solver.dt",
             "expected a time step > 0 s (required for rigid cables without lumped lines: auto needs "
             "lines), got %s", yd_map_find(doc, yd_map_find(doc, root, "solver", NULL), "dt", NULL) ? "auto" : "nothing");
    }
    if (!FAILED(&L) && model->solver.dt > 0) {
        hw_status st = hw_scenario_rigid_check(L.r, model->solver.dt, L.y.file, err, err_len);
        if (st) L.y.status = st;
    }
    if (FAILED(&L)) {
        hw_scenario_rigid_free(L.r);
        return L.y.status;
    }
    *out = L.r;
    return HW_OK;
}

void hw_scenario_rigid_body_ends(const hw_scn_rigid *r, hw_world_rc_body *rcb, int *n_rcb,
                                 hw_world_rc_body_end *rbe, int *n_rbe)
{
    if (n_rcb) *n_rcb = 0;
    if (n_rbe) *n_rbe = 0;
    for (int c = 0; r && c < r->def.n_cables; c++)
        for (int e = 0; e < 2; e++) {
            int b = e ? r->body_b[c] : r->body_a[c];
            if (b < 0) continue;
            const hw_rc_cable_def *cd = &r->cables[c];
            if ((e ? cd->end_b : cd->end_a) == HW_RC_END_BODY6) {
                hw_world_rc_body x = {b, c, e};
                if (rcb && n_rcb) rcb[(*n_rcb)++] = x;
            } else if (rbe && n_rbe) {
                const double *at = e ? cd->at_b : cd->at_a;
                hw_world_rc_body_end x = {b, c, e, {at[0], at[1], at[2]}};
                rbe[(*n_rbe)++] = x;
            }
        }
}
