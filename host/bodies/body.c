/* A set of 6-DOF bodies and their coupling to the lumped lines (body_set.h). The physics is
 * kernels/physics/body.h's; this file holds the states, the prescribed motions and the exchange
 * with hw_sim. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bodies/body_set.h"
#include "physics/body.h"
#include "physics/cylinder.h"
#include "physics/hydro.h"
#include "physics/motion.h"
#include "physics/rao.h"
#include "sea/current.h"
#include "sea/waves.h"

typedef struct body {
    hw_body_def def;
    double *tab_t, *tab_6, *tab_m; /* a copied motion table and its splines (6 per row) */
    double *rao;        /* a copied RAO table: omega, heading, amplitudes, phases */
    double *rao_cs;     /* its response coefficients to the sea's components (hw_rao_coeffs) */
    hw_body_cylinder_def *cyl_def; /* a copy of its cylinders */
    hw_cyl_p *cyl;      /* the same for the kernel (kernels/physics/cylinder.h) */
    hw_body_p p;        /* mass, CG and inertia with the cylinders' */
    hw_body_s s;
    int parent;         /* a body pinned on another (def.pin_on): that body's index, else -1 */
    hw_v3 ka, kal;      /* the accelerations of the kick being made (hw_bodies_after_step) */
    hw_v3 v_kick;       /* a pinned body's pin velocity at its last kick (the pin's acceleration of a pin
                           moved from outside: the change of its velocity over the step) */
    double load[6];     /* the lines' force and moment about r, last read */
    double ext[6];      /* an external load (rigid cable...) */
    double drag_work;
    hw_body_extremes xt; /* hw_bodies_track */
} body;

/* A line end on an attached point: what its end node's mass needs (copied from the model). */
typedef struct end_info {
    int att, line, end;
    double m, l, d, can, cat;  /* node mass (mu l), tributary length l = half the end segment */
    int clamped;               /* a clamped end (hw_line_def.clamp): the body turns its direction */
    double clamp[3];           /* ... body frame, unit */
} end_info;

struct hw_bodies {
    int n, n_att;
    body *b;
    hw_body_attach *att;
    int n_ends;
    end_info *ends;
    double g, rho, depth, kb, cb;
    hw_wave_field W;           /* the sea (hw_bodies_set_waves; n = 0: still water) */
    /* the current (a copy of the model's grid; still water when cg.nz = 0) */
    hw_cur_grid cg;
    double *cur;               /* cg's arrays (sea/current.h hw_current_copy) */
    /* the seabed the cylinders touch: a copy of the model's bathymetry (sb_nx = 0: flat at depth) */
    int sb_nx, sb_ny;
    double *sb;                /* x, y, depth blocks */
};

void hw_bodies_destroy(hw_bodies *b)
{
    if (!b) return;
    for (int k = 0; k < b->n; k++) {
        free(b->b[k].tab_t); free(b->b[k].tab_6); free(b->b[k].tab_m);
        free(b->b[k].rao); free(b->b[k].rao_cs);
        free(b->b[k].cyl_def); free(b->b[k].cyl);
    }
    free(b->b);
    free(b->att);
    free(b->ends);
    free(b->cur);
    free(b->sb);
    free(b);
}

int hw_bodies_count(const hw_bodies *b) { return b ? b->n : 0; }
int hw_bodies_n_attach(const hw_bodies *b) { return b ? b->n_att : 0; }
const hw_body_def *hw_bodies_def(const hw_bodies *b, int k) { return b && k >= 0 && k < b->n ? &b->b[k].def : NULL; }
int hw_bodies_attach_point(const hw_bodies *b, int k) { return b && k >= 0 && k < b->n_att ? b->att[k].point : -1; }
int hw_bodies_attach_body(const hw_bodies *b, int k) { return b && k >= 0 && k < b->n_att ? b->att[k].body : -1; }

static hw_rao_table rao_table(const hw_body_def *d)
{
    hw_rao_table T;
    T.nw = d->rao_n_omega; T.nh = d->rao_n_heading;
    T.w = d->rao_omega; T.h = d->rao_heading; T.amp = d->rao_amp; T.ph = d->rao_phase;
    return T;
}

/* An RAO body's pose and rates at t from its coefficients cs (NULL: the mean pose at rest). */
static void rao_pose(const hw_body_def *d, const hw_wave_field *W, const double *cs, double t, double x[6],
                     double v[6])
{
    for (int c = 0; c < 3; c++) { x[c] = d->pos[c]; x[3 + c] = d->rot[c]; }
    if (v) for (int c = 0; c < 6; c++) v[c] = 0.0;
    if (W && W->n > 0 && cs) hw_rao_motion(W, cs, t, x, v, NULL);
}

hw_status hw_body_motion6_waves(const hw_body_def *d, const double *tab_m, const hw_waves *waves, double t,
                                double x[6], double v[6])
{
    if (d->motion == HW_MOTION_RAO) {
        hw_wave_field W = hw_waves_field(waves, 0.0, 0.0, 0.0);
        double *cs = NULL;
        if (W.n > 0) {
            hw_rao_table T = rao_table(d);
            cs = (double *)malloc((size_t)12 * W.n * sizeof(double));
            if (!cs) return HW_ERR_NOMEM;
            hw_rao_coeffs(&T, &W, d->pos, d->rot, cs);
        }
        rao_pose(d, &W, cs, t, x, v);
        free(cs);
        return HW_OK;
    }
    return hw_body_motion6(d, tab_m, t, x, v);
}

hw_status hw_body_motion6(const hw_body_def *d, const double *tab_m, double t, double x[6], double v[6])
{
    double *own = NULL;
    int n = d->table_n;
    if (d->motion == HW_MOTION_RAO) { /* no sea here: the mean pose */
        rao_pose(d, NULL, NULL, t, x, v);
        return HW_OK;
    }
    if (d->motion == HW_MOTION_TABLE && !tab_m) { /* a one-off evaluation: the splines here */
        own = (double *)malloc(7 * (size_t)(n > 0 ? n : 1) * sizeof(double));
        if (!own) return HW_ERR_NOMEM;
        for (int c = 0; c < 6; c++) hw_motion_spline(d->table_t, d->table_6 + c, n, 6, own + c, own + 6 * n);
        tab_m = own;
    }
    double omega = 2.0 * HW_PI / d->period, a, vv;
    for (int c = 0; c < 6; c++) {
        double r0 = c < 3 ? d->pos[c] : d->rot[c - 3];
        hw_motion_1((int)d->motion, t, r0, d->vel[c], d->amp[c], omega, d->phase, d->table_t,
                    d->table_6 ? d->table_6 + c : NULL, tab_m ? tab_m + c : NULL, n, 6, &x[c],
                    v ? &v[c] : &vv, &a);
    }
    free(own);
    return HW_OK;
}

/* The prescribed state at t: each of the 6 coordinates by hw_motion_1, the angles to a quaternion
 * and their rates to the angular velocity. */
static void prescribed_state(const hw_bodies *b, const body *B, double t, hw_body_s *s)
{
    double x[6], v[6];
    if (B->def.motion == HW_MOTION_RAO) rao_pose(&B->def, &b->W, B->rao_cs, t, x, v);
    else hw_body_motion6(&B->def, B->tab_m, t, x, v); /* with the table's splines: cannot fail */
    hw_v3 rpy = hw_v3_make(x[3], x[4], x[5]);
    s->r = hw_v3_make(x[0], x[1], x[2]);
    s->v = hw_v3_make(v[0], v[1], v[2]);
    s->q = hw_quat_from_rpy(x[3], x[4], x[5]);
    s->w = hw_rpy_rate_to_w(rpy, hw_v3_make(v[3], v[4], v[5]));
}

/* A pinned body's pin at t from its motion (hw_body_pin_moves): position, velocity and
 * acceleration of the reference point (the motion's x y z; kernels/physics/motion.h). */
static void pin_state(const body *B, double t, hw_v3 *r, hw_v3 *v, hw_v3 *a)
{
    const hw_body_def *d = &B->def;
    double x[3], vv[3], aa[3], omega = 2.0 * HW_PI / d->period;
    for (int c = 0; c < 3; c++)
        hw_motion_1((int)d->motion, t, d->pos[c], d->vel[c], d->amp[c], omega, d->phase, d->table_t,
                    d->table_6 ? d->table_6 + c : NULL, B->tab_m ? B->tab_m + c : NULL, d->table_n, 6, &x[c],
                    &vv[c], &aa[c]);
    *r = hw_v3_make(x[0], x[1], x[2]);
    *v = hw_v3_make(vv[0], vv[1], vv[2]);
    if (a) *a = hw_v3_make(aa[0], aa[1], aa[2]);
}

/* Body B pinned on body P (B->parent): the pin's offset from P's reference point, world axes. */
static hw_v3 pin_offset(const body *P, const body *B)
{
    return hw_quat_rotate(P->s.q, hw_v3_make(B->def.pin_at[0], B->def.pin_at[1], B->def.pin_at[2]));
}

/* Moves the pins riding on bodies to their place and velocity on them (after those bodies moved);
 * reset_kick: that velocity is also the one the next kick measures the pin's acceleration from
 * (not after a drift, nor after a velocity set from outside, which the next kick must see). */
static void follow_pins(hw_bodies *b, int reset_kick)
{
    for (int k = 0; k < b->n; k++) {
        body *B = &b->b[k];
        if (B->parent < 0) continue;
        const body *P = &b->b[B->parent];
        hw_v3 d = pin_offset(P, B);
        B->s.r = hw_v3_add(P->s.r, d);
        B->s.v = hw_v3_add(P->s.v, hw_v3_cross(P->s.w, d));
        if (reset_kick) B->v_kick = B->s.v;
    }
}

hw_status hw_bodies_create(const hw_body_def *defs, int n, const hw_body_attach *att, int n_att,
                           const hw_model_def *model, hw_bodies **out, char *msg, size_t len)
{
    *out = NULL;
    if (n < 0 || n_att < 0 || (n > 0 && !defs) || (n_att > 0 && (!att || !model))) {
        snprintf(msg, len, "bodies: a count < 0 or a missing array");
        return HW_ERR_INVALID_ARG;
    }
    hw_bodies *b = (hw_bodies *)calloc(1, sizeof *b);
    if (!b) { snprintf(msg, len, "bodies: out of memory"); return HW_ERR_NOMEM; }
    b->b = (body *)calloc((size_t)n + 1, sizeof *b->b);
    b->att = (hw_body_attach *)calloc((size_t)n_att + 1, sizeof *b->att);
    if (!b->b || !b->att) { hw_bodies_destroy(b); snprintf(msg, len, "bodies: out of memory"); return HW_ERR_NOMEM; }
    hw_env_def env = model ? model->env : hw_default_env();
    b->g = env.g;
    b->rho = env.rho_w;
    b->depth = env.depth;
    b->kb = env.seabed_k;
    b->cb = env.seabed_c;
    const hw_current_def *cd = &env.current;
    int nomem = 0;
    b->cur = hw_current_copy(cd, &b->cg, &nomem);
    if (nomem) { hw_bodies_destroy(b); snprintf(msg, len, "bodies: out of memory"); return HW_ERR_NOMEM; }
    const hw_bathymetry_def *bd = &env.bathymetry;
    if (bd->nx > 0 && bd->ny > 0) {
        size_t nx = (size_t)bd->nx, ny = (size_t)bd->ny;
        b->sb = (double *)malloc((nx + ny + nx * ny) * sizeof(double));
        if (!b->sb) { hw_bodies_destroy(b); snprintf(msg, len, "bodies: out of memory"); return HW_ERR_NOMEM; }
        memcpy(b->sb, bd->x, nx * sizeof(double));
        memcpy(b->sb + nx, bd->y, ny * sizeof(double));
        memcpy(b->sb + nx + ny, bd->depth, nx * ny * sizeof(double));
        b->sb_nx = bd->nx; b->sb_ny = bd->ny;
    }
    for (int k = 0; k < n; k++) {
        hw_status st = hw_body_check(&defs[k], k, msg, len);
        if (st) { hw_bodies_destroy(b); return st; }
        b->n = k + 1;
        body *B = &b->b[k];
        B->def = defs[k];
        const hw_body_def *d = &defs[k];
        if ((d->kind == HW_BODY_PRESCRIBED || hw_body_pin_moves(d)) && d->motion == HW_MOTION_TABLE) {
            int m = d->table_n;
            B->tab_t = (double *)malloc((size_t)m * sizeof(double));
            B->tab_6 = (double *)malloc((size_t)6 * m * sizeof(double));
            B->tab_m = (double *)malloc((size_t)6 * m * sizeof(double));
            double *work = (double *)malloc((size_t)m * sizeof(double));
            if (!B->tab_t || !B->tab_6 || !B->tab_m || !work) {
                free(work);
                hw_bodies_destroy(b);
                snprintf(msg, len, "body '%s' (%d): out of memory for its motion table", d->name ? d->name : "", k);
                return HW_ERR_NOMEM;
            }
            memcpy(B->tab_t, d->table_t, (size_t)m * sizeof(double));
            memcpy(B->tab_6, d->table_6, (size_t)6 * m * sizeof(double));
            for (int c = 0; c < 6; c++) hw_motion_spline(B->tab_t, B->tab_6 + c, m, 6, B->tab_m + c, work);
            free(work);
            B->def.table_t = B->tab_t;
            B->def.table_6 = B->tab_6;
        }
        if (d->kind == HW_BODY_PRESCRIBED && d->motion == HW_MOTION_RAO) { /* a copy of its table */
            size_t nw = (size_t)d->rao_n_omega, nh = (size_t)d->rao_n_heading;
            B->rao = (double *)malloc((nw + nh + 12 * nw * nh) * sizeof(double));
            if (!B->rao) {
                hw_bodies_destroy(b);
                snprintf(msg, len, "body '%s' (%d): out of memory for its RAO table", d->name ? d->name : "", k);
                return HW_ERR_NOMEM;
            }
            memcpy(B->rao, d->rao_omega, nw * sizeof(double));
            memcpy(B->rao + nw, d->rao_heading, nh * sizeof(double));
            memcpy(B->rao + nw + nh, d->rao_amp, 6 * nw * nh * sizeof(double));
            memcpy(B->rao + nw + nh + 6 * nw * nh, d->rao_phase, 6 * nw * nh * sizeof(double));
            B->def.rao_omega = B->rao;
            B->def.rao_heading = B->rao + nw;
            B->def.rao_amp = B->rao + nw + nh;
            B->def.rao_phase = B->rao + nw + nh + 6 * nw * nh;
        }
        if (d->n_cylinders > 0) { /* a copy of its cylinders, and the kernel's form of them */
            size_t nc = (size_t)d->n_cylinders;
            B->cyl_def = (hw_body_cylinder_def *)malloc(nc * sizeof *B->cyl_def);
            B->cyl = (hw_cyl_p *)malloc(nc * sizeof *B->cyl);
            if (!B->cyl_def || !B->cyl) {
                hw_bodies_destroy(b);
                snprintf(msg, len, "body '%s' (%d): out of memory for its cylinders", d->name ? d->name : "", k);
                return HW_ERR_NOMEM;
            }
            memcpy(B->cyl_def, d->cylinders, nc * sizeof *B->cyl_def);
            B->def.cylinders = B->cyl_def;
            for (size_t i = 0; i < nc; i++) B->cyl[i] = hw_body_cyl_p(&d->cylinders[i]);
        }
        double mt, cgt[3], it[6];
        hw_body_mass_props(d, &mt, cgt, it, NULL);
        B->p.m = mt;
        B->p.cg = hw_v3_make(cgt[0], cgt[1], cgt[2]);
        B->p.cb = hw_v3_make(d->cb[0], d->cb[1], d->cb[2]);
        B->p.inertia = hw_m3s_make(it[0], it[1], it[2], it[3], it[4], it[5]);
        B->p.volume = d->volume;
        B->p.awp = d->awp;
        B->p.iwp[0] = d->iwp[0];
        B->p.iwp[1] = d->iwp[1];
        for (int c = 0; c < 6; c++) { B->p.cda[c] = d->cda[c]; B->p.ca[c] = d->ca[c]; }
        B->s.r = hw_v3_make(d->pos[0], d->pos[1], d->pos[2]);
        B->s.q = hw_quat_from_rpy(d->rot[0], d->rot[1], d->rot[2]);
        B->s.v = B->s.w = hw_v3_zero();
        if (d->kind == HW_BODY_FREE || d->kind == HW_BODY_PINNED) { /* a start state (fileIC) */
            if (d->kind == HW_BODY_FREE) B->s.v = hw_v3_make(d->start_vel[0], d->start_vel[1], d->start_vel[2]);
            B->s.w = hw_v3_make(d->start_vel[3], d->start_vel[4], d->start_vel[5]);
        }
        if (d->kind == HW_BODY_PRESCRIBED) prescribed_state(b, B, 0.0, &B->s);
        if (hw_body_pin_moves(d)) pin_state(B, 0.0, &B->s.r, &B->s.v, NULL);
        B->v_kick = B->s.v;
    }
    for (int k = 0; k < n; k++) { /* pins riding on bodies (def.pin_on) */
        body *B = &b->b[k];
        B->parent = -1;
        const char *on = defs[k].pin_on;
        if (!on || !on[0]) continue;
        int p = -1;
        for (int j = 0; j < n && p < 0; j++)
            if (defs[j].name && !strcmp(defs[j].name, on)) p = j;
        const char *nm = defs[k].name ? defs[k].name : "";
        if (p < 0 || p == k || (defs[p].pin_on && defs[p].pin_on[0])) {
            snprintf(msg, len, "body '%s' (%d) field 'pin_on': expected the name of another body not itself pinned "
                     "on a body (a pin rides on one body; chains of them are not supported), got \"%.60s\"%s", nm, k, on,
                     p < 0 ? " (no such body)" : p == k ? " (itself)" : " (pinned on a body itself)");
            hw_bodies_destroy(b);
            return HW_ERR_INPUT;
        }
        B->parent = p;
        const body *P = &b->b[p];
        hw_v3 x = hw_v3_add(P->s.r, pin_offset(P, B));
        if (hw_v3_norm(hw_v3_sub(x, B->s.r)) > 1e-6) {
            snprintf(msg, len, "body '%s' (%d) field 'pos': expected the pin's place on body '%s' at t = 0, (%.9g, %.9g, "
                     "%.9g) m (its pin_at turned by that body's rotation, from its position), got (%.9g, %.9g, %.9g)", nm, k,
                     on, x.x, x.y, x.z, B->s.r.x, B->s.r.y, B->s.r.z);
            hw_bodies_destroy(b);
            return HW_ERR_INPUT;
        }
    }
    follow_pins(b, 1); /* exactly on their bodies' points, with their velocities */
    for (int k = 0; k < n_att; k++) {
        const hw_body_attach *a = &att[k];
        if (a->body < 0 || a->body >= n) {
            snprintf(msg, len, "body_points[%d].body: expected a body index 0..%d, got %d", k, n - 1, a->body);
            hw_bodies_destroy(b);
            return HW_ERR_INPUT;
        }
        if (a->point < 0 || a->point >= model->n_points || model->points[a->point].kind != HW_POINT_COUPLED) {
            snprintf(msg, len, "body_points[%d].point: expected a point of type coupled (it rides on body '%s'), got %s%d",
                     k, defs[a->body].name ? defs[a->body].name : "",
                     a->point >= 0 && a->point < model->n_points ? "a point of another type, index " : "index ", a->point);
            hw_bodies_destroy(b);
            return HW_ERR_INPUT;
        }
        for (int j = 0; j < k; j++)
            if (att[j].point == a->point) {
                snprintf(msg, len, "body_points[%d].point: point '%s' already rides on a body (body_points[%d])", k,
                         model->points[a->point].name ? model->points[a->point].name : "", j);
                hw_bodies_destroy(b);
                return HW_ERR_INPUT;
            }
        if (!isfinite(a->at[0]) || !isfinite(a->at[1]) || !isfinite(a->at[2])) {
            snprintf(msg, len, "body_points[%d].at: expected 3 finite numbers (body frame, m)", k);
            hw_bodies_destroy(b);
            return HW_ERR_INPUT;
        }
        b->att[k] = *a;
        b->n_att = k + 1;
    }
    int ne = 0; /* the line ends on the attached points */
    for (int k = 0; k < n_att; k++)
        for (int l = 0; l < model->n_lines; l++)
            ne += (model->lines[l].point_a == att[k].point) + (model->lines[l].point_b == att[k].point);
    b->ends = (end_info *)calloc((size_t)ne + 1, sizeof *b->ends);
    if (!b->ends) { hw_bodies_destroy(b); snprintf(msg, len, "bodies: out of memory"); return HW_ERR_NOMEM; }
    for (int k = 0; k < n_att; k++)
        for (int l = 0; l < model->n_lines; l++)
            for (int e = 0; e < 2; e++) {
                const hw_line_def *L = &model->lines[l];
                if ((e ? L->point_b : L->point_a) != att[k].point) continue;
                const hw_line_type_def *ty = &model->types[L->type];
                end_info *E = &b->ends[b->n_ends++];
                E->att = k; E->line = l; E->end = e;
                E->l = 0.5 * L->length / L->nseg;
                E->m = ty->mu * E->l;
                E->d = ty->d; E->can = ty->can; E->cat = ty->cat;
                const double *c = L->clamp[e];
                double cn = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
                E->clamped = cn > 0;
                for (int j = 0; j < 3 && cn > 0; j++) E->clamp[j] = c[j] / cn;
            }
    *out = b;
    return HW_OK;
}

hw_status hw_bodies_set_waves(hw_bodies *b, const hw_waves *w, char *msg, size_t len)
{
    if (!b) return HW_ERR_INVALID_ARG;
    b->W = hw_waves_field(w, b->rho, b->g, b->depth);
    for (int k = 0; k < b->n; k++) {
        body *B = &b->b[k];
        if (B->def.kind != HW_BODY_PRESCRIBED || B->def.motion != HW_MOTION_RAO) continue;
        free(B->rao_cs);
        B->rao_cs = NULL;
        if (b->W.n > 0) {
            B->rao_cs = (double *)malloc((size_t)12 * b->W.n * sizeof(double));
            if (!B->rao_cs) {
                snprintf(msg, len, "body '%s' (%d): out of memory for its response to %d wave components",
                         B->def.name ? B->def.name : "", k, b->W.n);
                return HW_ERR_NOMEM;
            }
            hw_rao_table T = rao_table(&B->def);
            hw_rao_coeffs(&T, &b->W, B->def.pos, B->def.rot, B->rao_cs);
        }
        prescribed_state(b, B, 0.0, &B->s);
    }
    follow_pins(b, 1); /* a pin on a body moved by the sea */
    return HW_OK;
}

hw_status hw_bodies_state(const hw_bodies *b, int k, double pos[3], double quat[4], double vel[3], double w[3])
{
    if (!b || k < 0 || k >= b->n) return HW_ERR_INVALID_ARG;
    const hw_body_s *s = &b->b[k].s;
    if (pos) { pos[0] = s->r.x; pos[1] = s->r.y; pos[2] = s->r.z; }
    if (quat) { quat[0] = s->q.w; quat[1] = s->q.x; quat[2] = s->q.y; quat[3] = s->q.z; }
    if (vel) { vel[0] = s->v.x; vel[1] = s->v.y; vel[2] = s->v.z; }
    if (w) { w[0] = s->w.x; w[1] = s->w.y; w[2] = s->w.z; }
    return HW_OK;
}

hw_status hw_bodies_set_state(hw_bodies *b, int k, const double pos[3], const double quat[4],
                              const double vel[3], const double w[3])
{
    if (!b || k < 0 || k >= b->n || !pos || !quat) return HW_ERR_INVALID_ARG;
    hw_body_s *s = &b->b[k].s;
    s->r = hw_v3_make(pos[0], pos[1], pos[2]);
    s->q = hw_quat_normalize(hw_quat_make(quat[0], quat[1], quat[2], quat[3]));
    s->v = vel ? hw_v3_make(vel[0], vel[1], vel[2]) : hw_v3_zero();
    s->w = w ? hw_v3_make(w[0], w[1], w[2]) : hw_v3_zero();
    follow_pins(b, 0); /* the pins on bodies move with them (a pinned-on body's own place is its pin's) */
    return HW_OK;
}

hw_status hw_bodies_cable_load(const hw_bodies *b, int k, double force[3], double moment[3])
{
    if (!b || k < 0 || k >= b->n) return HW_ERR_INVALID_ARG;
    for (int c = 0; c < 3; c++) {
        if (force) force[c] = b->b[k].load[c];
        if (moment) moment[c] = b->b[k].load[3 + c];
    }
    return HW_OK;
}

hw_status hw_bodies_set_external_load(hw_bodies *b, int k, const double force[3], const double moment[3])
{
    if (!b || k < 0 || k >= b->n) return HW_ERR_INVALID_ARG;
    for (int c = 0; c < 3; c++) {
        b->b[k].ext[c] = force ? force[c] : 0.0;
        b->b[k].ext[3 + c] = moment ? moment[c] : 0.0;
    }
    return HW_OK;
}

hw_status hw_bodies_set_points(const hw_bodies *b, hw_sim *sim)
{
    for (int k = 0; b && k < b->n_att; k++) {
        const hw_body_attach *a = &b->att[k];
        const hw_body_s *s = &b->b[a->body].s;
        hw_v3 at = hw_v3_make(a->at[0], a->at[1], a->at[2]);
        hw_v3 x = hw_body_point(s, at), v = hw_body_point_vel(s, at);
        double pos[3] = {x.x, x.y, x.z}, vel[3] = {v.x, v.y, v.z};
        hw_status st = hw_sim_set_point_kinematics(sim, a->point, pos, vel);
        if (st) return st;
    }
    for (int j = 0; b && j < b->n_ends; j++) { /* clamped ends turn with their bodies */
        const end_info *E = &b->ends[j];
        if (!E->clamped) continue;
        const hw_body_s *s = &b->b[b->att[E->att].body].s;
        hw_v3 c = hw_quat_rotate(s->q, hw_v3_make(E->clamp[0], E->clamp[1], E->clamp[2]));
        hw_v3 cd = hw_v3_cross(s->w, c);
        double dir[3] = {c.x, c.y, c.z}, rate[3] = {cd.x, cd.y, cd.z};
        hw_status st = hw_sim_set_end_clamp(sim, E->line, E->end, dir, rate);
        if (st) return st;
    }
    return HW_OK;
}

hw_status hw_bodies_read_loads(hw_bodies *b, hw_sim *sim)
{
    for (int k = 0; b && k < b->n; k++) memset(b->b[k].load, 0, sizeof b->b[k].load);
    for (int k = 0; b && sim && k < b->n_att; k++) {
        const hw_body_attach *a = &b->att[k];
        body *B = &b->b[a->body];
        double x[3], f[3];
        hw_status st = hw_sim_point_state(sim, a->point, x, NULL, f);
        if (st) return st;
        hw_v6 g6 = hw_v6_zero();
        hw_body_add_force_at(&g6, B->s.r, hw_v3_make(x[0], x[1], x[2]), hw_v3_make(f[0], f[1], f[2]));
        for (int c = 0; c < 6; c++) B->load[c] += g6.a[c];
    }
    for (int j = 0; b && sim && j < b->n_ends; j++) { /* a clamped end's moment (hw_hinge_clamp) */
        const end_info *E = &b->ends[j];
        if (!E->clamped) continue;
        double mo[3];
        hw_status st = hw_sim_line_end_moment(sim, E->line, E->end, mo);
        if (st) return st;
        body *B = &b->b[b->att[E->att].body];
        for (int c = 0; c < 3; c++) B->load[3 + c] += mo[c];
    }
    return HW_OK;
}

/* The mass (with added mass) of the end nodes of the lines on attachment k, as the lumped model
 * gives them (kernels/physics/hydro.h hw_node_mass: half the end segment, its tangent from the
 * line's first or last two nodes). A winch end's node length changes with the reel: the nominal
 * half segment is used (a winch on a body point is not followed in the body's mass). */
static hw_m3s end_node_mass(const hw_bodies *b, hw_sim *sim, int k)
{
    hw_m3s M = hw_m3s_diag(0.0);
    for (int j = 0; j < b->n_ends; j++) {
        const end_info *E = &b->ends[j];
        if (E->att != k) continue;
        int nseg = hw_sim_line_nseg(sim, E->line);
        if (nseg < 1) continue;
        double *xyz = (double *)malloc((size_t)3 * (nseg + 1) * sizeof(double));
        hw_v3 q = hw_v3_make(0.0, 0.0, 1.0);
        double z = 0.0;
        if (xyz && hw_sim_line_positions(sim, E->line, xyz) == HW_OK) {
            int i0 = E->end ? nseg : 0, i1 = E->end ? nseg - 1 : 1;
            hw_v3 d = hw_v3_make(xyz[3 * i1] - xyz[3 * i0], xyz[3 * i1 + 1] - xyz[3 * i0 + 1],
                                 xyz[3 * i1 + 2] - xyz[3 * i0 + 2]);
            double n = hw_v3_norm(d);
            if (n > 0) q = hw_v3_scale(d, 1.0 / n);
            z = xyz[3 * i0 + 2];
        }
        free(xyz);
        M = hw_m3s_add(M, hw_node_mass(E->m, z < 0, b->rho, E->d, E->l, E->can, E->cat, q));
    }
    return M;
}

/* The current at the body's reference point (none above the surface, as for the lines). */
static hw_v3 current_at(const hw_bodies *b, hw_v3 r, double t)
{
    if (b->cg.nz <= 0 || r.z >= 0.0) return hw_v3_zero();
    return hw_current_grid(&b->cg, hw_current_when(&b->cg, t), r.x, r.y, r.z);
}

static int finite_state(const hw_body_s *s)
{
    return isfinite(s->r.x) && isfinite(s->r.y) && isfinite(s->r.z) && isfinite(s->v.x) &&
           isfinite(s->v.y) && isfinite(s->v.z) && isfinite(s->w.x) && isfinite(s->w.y) &&
           isfinite(s->w.z) && isfinite(s->q.w) && isfinite(s->q.x) && isfinite(s->q.y) && isfinite(s->q.z);
}

/* What the cylinders see of the sea W at time t (kernels/physics/cylinder.h). */
static hw_cyl_sea cyl_sea(const hw_bodies *b, const hw_wave_field *W, double t)
{
    hw_cyl_sea sea;
    sea.W = W; sea.t = t;
    sea.cur = b->cg;
    sea.cw = hw_current_when(&b->cg, t); /* once for all the cylinders' nodes */
    sea.depth = b->depth; sea.kb = b->kb; sea.cb = b->cb;
    sea.sb_nx = b->sb_nx; sea.sb_ny = b->sb_ny;
    sea.sb_x = b->sb; sea.sb_y = b->sb ? b->sb + b->sb_nx : NULL;
    sea.sb_d = b->sb ? b->sb + b->sb_nx + b->sb_ny : NULL;
    return sea;
}

/* The body's own loads in state s at time t in the sea W (its hydrostatics, drag and waves'
 * loads, kernels/physics/body.h, and its cylinders', kernels/physics/cylinder.h), about its
 * reference point; the cylinders' added mass added to *extra. */
static hw_v6 own_loads(const hw_bodies *b, const body *B, double t, const hw_wave_field *W, hw_m6 *extra,
                       double *drag_power)
{
    hw_v6 f = hw_body_loads_sea(&B->p, &B->s, b->g, b->rho, current_at(b, B->s.r, t), W, t, drag_power);
    if (B->def.n_cylinders > 0) {
        hw_cyl_sea sea = cyl_sea(b, W, t);
        for (int i = 0; i < B->def.n_cylinders; i++)
            hw_cyl_loads(&B->cyl[i], &B->s, b->g, b->rho, &sea, &f, extra, drag_power);
    }
    return f;
}

/* The generalized force and the extra mass on a free or pinned body in state s (f: own +
 * cylinders + cables + external; extra: the cylinders' added mass and the lines' end nodes). */
static void free_loads(const hw_bodies *b, hw_sim *sim, int k, double t, hw_v6 *f, hw_m6 *extra,
                       double *drag_power)
{
    const body *B = &b->b[k];
    *extra = hw_m6_zero();
    *f = own_loads(b, B, t, &b->W, extra, drag_power);
    for (int c = 0; c < 6; c++) f->a[c] += B->load[c] + B->ext[c];
    for (int j = 0; sim && j < b->n_att; j++) {
        if (b->att[j].body != k) continue;
        hw_v3 d = hw_quat_rotate(B->s.q, hw_v3_make(b->att[j].at[0], b->att[j].at[1], b->att[j].at[2]));
        hw_body_point_mass6(extra, f, end_node_mass(b, sim, j), d, B->s.w);
    }
}

hw_status hw_bodies_total_load(const hw_bodies *b, int k, double t, double f6[6])
{
    if (!b || k < 0 || k >= b->n) return HW_ERR_INVALID_ARG;
    const body *B = &b->b[k];
    hw_m6 extra = hw_m6_zero();
    hw_v6 f = own_loads(b, B, t, &b->W, &extra, NULL);
    for (int c = 0; c < 6; c++) f6[c] = f.a[c] + B->load[c] + B->ext[c];
    return HW_OK;
}

/* The bodies pinned on body k (their pin_on), as k feels them (hw_body_pin_reduce): a point mass
 * and a force at each pin, added to *extra and *f. 1 when one's rotational mass is not positive. */
static int add_pinned(const hw_bodies *b, hw_sim *sim, int k, double t, hw_v6 *f, hw_m6 *extra)
{
    const body *P = &b->b[k];
    for (int j = 0; j < b->n; j++) {
        const body *C = &b->b[j];
        if (C->parent != k) continue;
        hw_v6 fc;
        hw_m6 xc;
        hw_m3s me;
        hw_v3 fe, d = pin_offset(P, C);
        free_loads(b, sim, j, t, &fc, &xc, NULL);
        if (hw_body_pin_reduce(&C->p, &C->s, b->rho, fc, &xc, &me, &fe)) return 1;
        hw_body_point_mass6(extra, f, me, d, P->s.w);
        hw_body_add_force_at(f, hw_v3_zero(), d, fe);
    }
    return 0;
}

/* Body k's accelerations under its loads at t (physics/body.h, as stepped): a free body's a and
 * alpha; a pinned body's alpha about its pin accelerating at a_pin, and a = a_pin; with the bodies
 * pinned on it (add_pinned). pw (or NULL): the loads' power. 1 when the mass matrix is not
 * positive. */
static int body_accel(const hw_bodies *b, hw_sim *sim, int k, double t, hw_v3 a_pin, hw_v3 *a, hw_v3 *al,
                      double *pw)
{
    const body *B = &b->b[k];
    hw_v6 f;
    hw_m6 extra;
    free_loads(b, sim, k, t, &f, &extra, pw);
    if (add_pinned(b, sim, k, t, &f, &extra)) return 1;
    if (B->def.kind != HW_BODY_PINNED) return hw_body_accel_with(&B->p, &B->s, b->rho, f, &extra, a, al);
    *a = a_pin;
    return hw_body_alpha_pinned(&B->p, &B->s, b->rho, f, &extra, a_pin, al);
}

/* The acceleration of the pin of body k (pinned on a body) when that body accelerates at a, al:
 * a + al x d + w x (w x d). */
static hw_v3 pin_accel(const hw_bodies *b, int k, hw_v3 a, hw_v3 al)
{
    const body *B = &b->b[k], *P = &b->b[B->parent];
    hw_v3 d = pin_offset(P, B);
    return hw_v3_add(hw_v3_add(a, hw_v3_cross(al, d)), hw_v3_cross(P->s.w, hw_v3_cross(P->s.w, d)));
}

/* The accelerations the kick would apply in the current state at t (the lines' loads last read):
 * a free body's, a pinned body's angular one with its pin's acceleration (its motion's; zero for
 * a pin held or moved from outside; for a pin on a body, that body's point's, the body's own
 * acceleration taken as zero when it is fixed, prescribed or coupled) as the linear one; zero for
 * the other kinds. */
hw_status hw_bodies_acceleration(const hw_bodies *b, hw_sim *sim, int k, double t, double a3[3], double al3[3])
{
    if (!b || k < 0 || k >= b->n) return HW_ERR_INVALID_ARG;
    const body *B = &b->b[k];
    hw_v3 a = hw_v3_zero(), al = hw_v3_zero();
    if (B->def.kind == HW_BODY_FREE || B->def.kind == HW_BODY_PINNED) {
        hw_v3 a_pin = hw_v3_zero(), r_, v_;
        if (B->parent >= 0) {
            double pa[3], pal[3];
            hw_status st = hw_bodies_acceleration(b, sim, B->parent, t, pa, pal);
            if (st) return st;
            a_pin = pin_accel(b, k, hw_v3_make(pa[0], pa[1], pa[2]), hw_v3_make(pal[0], pal[1], pal[2]));
        } else if (B->def.kind == HW_BODY_PINNED && hw_body_pin_moves(&B->def)) {
            pin_state(B, t, &r_, &v_, &a_pin);
        }
        if (body_accel(b, sim, k, t, a_pin, &a, &al, NULL)) return HW_ERR_NUMERICAL;
    }
    a3[0] = a.x, a3[1] = a.y, a3[2] = a.z;
    al3[0] = al.x, al3[1] = al.y, al3[2] = al.z;
    return HW_OK;
}

hw_status hw_bodies_cylinder_nodes(const hw_bodies *b, int k, int c, double t, hw_cyl_node *nodes, int n)
{
    if (!b || k < 0 || k >= b->n || c < 0 || c >= b->b[k].def.n_cylinders) return HW_ERR_INVALID_ARG;
    const body *B = &b->b[k];
    const hw_cyl_p *cp = &B->cyl[c];
    int N = cp->n > 0 ? cp->n : 0;
    if (n < N + 1) return HW_ERR_INVALID_ARG;
    hw_cyl_sea sea = cyl_sea(b, &b->W, t);
    hw_cyl_geo G = hw_cyl_geometry(cp, &B->s, &sea);
    for (int i = 0; i <= N; i++) nodes[i] = hw_cyl_node_loads(cp, &G, &B->s, b->g, b->rho, &sea, i);
    return HW_OK;
}

hw_status hw_bodies_net_load(const hw_bodies *b, int k, double f6[6])
{
    if (!b || k < 0 || k >= b->n) return HW_ERR_INVALID_ARG;
    const body *B = &b->b[k];
    hw_wave_field still = b->W;
    still.n = 0;
    hw_m6 extra = hw_m6_zero();
    hw_v6 f = own_loads(b, B, 0.0, &still, &extra, NULL);
    for (int c = 0; c < 6; c++) f6[c] = f.a[c] + B->load[c] + B->ext[c];
    for (int j = 0; j < b->n; j++) { /* a body pinned on it, at rest: its net force through the pin */
        const body *C = &b->b[j];
        if (C->parent != k) continue;
        hw_m6 xc = hw_m6_zero();
        hw_v6 fc = own_loads(b, C, 0.0, &still, &xc, NULL);
        hw_v3 F = hw_v3_make(fc.a[0] + C->load[0] + C->ext[0], fc.a[1] + C->load[1] + C->ext[1],
                             fc.a[2] + C->load[2] + C->ext[2]);
        hw_v6 g6 = hw_v6_zero();
        hw_body_add_force_at(&g6, hw_v3_zero(), pin_offset(B, C), F);
        for (int c = 0; c < 6; c++) f6[c] += g6.a[c];
    }
    return HW_OK;
}

hw_status hw_bodies_after_step(hw_bodies *b, hw_sim *sim, double t, double h, char *msg, size_t len)
{
    if (!b || b->n == 0) return HW_OK;
    for (int k = 0; k < b->n; k++) { /* drift: where the lines saw the attached points move */
        body *B = &b->b[k];
        if (B->def.kind == HW_BODY_FREE || B->def.kind == HW_BODY_COUPLED) {
            B->s.r = hw_v3_add(B->s.r, hw_v3_scale(B->s.v, h));
            B->s.q = hw_quat_integrate(B->s.q, hw_quat_rotate_inv(B->s.q, B->s.w), h);
        } else if (B->def.kind == HW_BODY_PINNED) { /* turns about its pin, which moves as told */
            if (hw_body_pin_moves(&B->def)) pin_state(B, t, &B->s.r, &B->s.v, NULL);
            else B->s.r = hw_v3_add(B->s.r, hw_v3_scale(B->s.v, h)); /* held (v = 0), or moved from outside */
            B->s.q = hw_quat_integrate(B->s.q, hw_quat_rotate_inv(B->s.q, B->s.w), h);
        } else if (B->def.kind == HW_BODY_PRESCRIBED) {
            prescribed_state(b, B, t, &B->s);
        }
    }
    follow_pins(b, 0);
    hw_status st = hw_bodies_read_loads(b, sim);
    if (st) { snprintf(msg, len, "bodies: reading the lines' loads: %s", sim ? hw_sim_last_error(sim) : ""); return st; }
    /* kick: the accelerations of every body first (a body pinned on another after that one: its pin's
       acceleration is that body's point's), then the velocities */
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < b->n; k++) {
            body *B = &b->b[k];
            if (B->def.kind != HW_BODY_FREE && B->def.kind != HW_BODY_PINNED) continue;
            if ((B->parent >= 0) != pass) continue;
            double pw = 0.0;
            hw_v3 a_pin = hw_v3_zero();
            if (B->parent >= 0) {
                const body *P = &b->b[B->parent];
                if (P->def.kind == HW_BODY_FREE || P->def.kind == HW_BODY_PINNED) a_pin = pin_accel(b, k, P->ka, P->kal);
                else if (h > 0.0) a_pin = hw_v3_scale(hw_v3_sub(B->s.v, B->v_kick), 1.0 / h); /* moved as told */
            } else if (B->def.kind == HW_BODY_PINNED) { /* the pin's acceleration: its motion's, or over the step */
                hw_v3 r_, v_;
                if (hw_body_pin_moves(&B->def)) pin_state(B, t, &r_, &v_, &a_pin);
                else if (h > 0.0) a_pin = hw_v3_scale(hw_v3_sub(B->s.v, B->v_kick), 1.0 / h);
                B->v_kick = B->s.v;
            }
            int bad = body_accel(b, sim, k, t, a_pin, &B->ka, &B->kal, &pw);
            if (bad || !finite_state(&B->s)) {
                snprintf(msg, len, "body '%s' (%d) at t = %.9g s: its state or loads are not finite (NaN/Inf): "
                         "likely cause: a time step too large for its stiffness (waterplane, lines on it) over "
                         "its mass and inertia, or a body with too little mass or inertia: reduce dt", B->def.name ? B->def.name : "", k, t);
                return HW_ERR_NUMERICAL;
            }
            B->drag_work += pw * h;
        }
    for (int k = 0; k < b->n; k++) {
        body *B = &b->b[k];
        if (B->def.kind != HW_BODY_FREE && B->def.kind != HW_BODY_PINNED) continue;
        if (B->def.kind != HW_BODY_PINNED) B->s.v = hw_v3_add(B->s.v, hw_v3_scale(B->ka, h));
        B->s.w = hw_v3_add(B->s.w, hw_v3_scale(B->kal, h));
        if (!finite_state(&B->s)) {
            snprintf(msg, len, "body '%s' (%d) at t = %.9g s: its velocity is not finite: likely cause: "
                     "a time step too large for the lines on it", B->def.name ? B->def.name : "", k, t);
            return HW_ERR_NUMERICAL;
        }
    }
    follow_pins(b, 1);
    return HW_OK;
}

void hw_bodies_energy(const hw_bodies *b, double *kinetic, double *potential)
{
    double ke = 0.0, pe = 0.0;
    hw_wave_field still;
    memset(&still, 0, sizeof still);
    for (int k = 0; b && k < b->n; k++) {
        const body *B = &b->b[k];
        if (B->def.kind == HW_BODY_FIXED) continue;
        double k1, p1;
        hw_body_energy(&B->p, &B->s, b->g, b->rho, &k1, &p1);
        ke += k1;
        pe += p1;
        /* the cylinders' added mass and buoyancy, in still water, where their loads are formed */
        if (B->def.kind == HW_BODY_FREE || B->def.kind == HW_BODY_PINNED) {
            hw_cyl_sea sea = cyl_sea(b, &still, 0.0);
            for (int i = 0; i < B->def.n_cylinders; i++) hw_cyl_energy(&B->cyl[i], &B->s, b->g, b->rho, &sea, &ke, &pe);
        }
    }
    if (kinetic) *kinetic = ke;
    if (potential) *potential = pe;
}

double hw_bodies_drag_work(const hw_bodies *b)
{
    double w = 0.0;
    for (int k = 0; b && k < b->n; k++) w += b->b[k].drag_work;
    return w;
}

void hw_bodies_state_records(hw_bodies *b, hw_bodies_record_fn rec, void *ctx)
{
    char name[64];
    for (int k = 0; b && k < b->n; k++) {
        body *B = &b->b[k];
#define BR(f) (snprintf(name, sizeof name, "body[%d]." #f, k), rec(ctx, name, &B->f, sizeof B->f))
        BR(s); BR(v_kick); BR(load); BR(ext); BR(drag_work); BR(xt);
#undef BR
    }
}

void hw_bodies_track(hw_bodies *b, int k, double t, double f_mag, int restart)
{
    if (!b || k < 0 || k >= b->n) return;
    body *B = &b->b[k];
    hw_body_extremes *e = &B->xt;
    if (restart) e->samples = 0;
    hw_v3 a = hw_quat_to_rpy(B->s.q);
    const double d = 180.0 / HW_PI;
    double c6[6] = {B->s.r.x, B->s.r.y, B->s.r.z, a.x * d, a.y * d, a.z * d};
    for (int c = 0; c < 6; c++) {
        if (!e->samples || c6[c] > e->max[c]) { e->max[c] = c6[c]; e->t_max[c] = t; }
        if (!e->samples || c6[c] < e->min[c]) { e->min[c] = c6[c]; e->t_min[c] = t; }
    }
    if (!e->samples || f_mag > e->f_max) { e->f_max = f_mag; e->t_f_max = t; }
    e->samples++;
}

hw_status hw_bodies_extremes(const hw_bodies *b, int k, hw_body_extremes *e)
{
    if (!b || k < 0 || k >= b->n || !e) return HW_ERR_INVALID_ARG;
    *e = b->b[k].xt;
    return HW_OK;
}
