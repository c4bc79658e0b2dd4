/* One world owning every element family (include/hawser/world.h): the lumped lines (hw_sim), the
 * rigid cables (hw_rc), the 1-D network (hw_net) with its couplings, and the 6-DOF bodies
 * (body_set.h), stepped together at the lumped dt. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"

#include "bodies/body_set.h"
#include "sea/waves.h"
#include "world/coupling.h"
#include "world/timeline.h"
#include "world/world_records.h"
#include "world/world_owner.h"
#include "physics/body.h"
#include "physics/seabed.h"

struct hw_world {
    hw_sim *sim;            /* NULL with zero lumped lines */
    hw_rc *rc;
    int own_rc;
    hw_net *net;
    int own_net;
    hw_couplings *cpl;
    hw_bodies *bodies;
    hw_waves *waves;        /* the sea state of the lumped model's environment (NULL: still water) */
    hw_world_rc_body *rcb;  /* bodies held by rigid cables */
    int n_rcb;
    hw_world_rc_point *rcp; /* rigid cable ends tied to lumped points */
    int n_rcp;
    hw_world_rc_body_end *rbe; /* rigid cable ends on non-free bodies */
    int n_rbe;
    double *rbe_x0;         /* 3 per rbe: its body point at the step's start */
    double dt, t;           /* t: the world's time without a lumped model (else hw_sim_time) */
    double t_base;          /* ... = t_base + t_steps dt since the last shortened step */
    long t_steps;
    int n_points;           /* of the lumped model */
    int points_stale;       /* a body was moved from outside: its points need setting */
    long steps;
    int failed;
    int static_iters;
    int static_solves;       /* lumped static solves the world statics took */
    double static_inner_tol; /* the lumped statics' tolerance inside the world statics (0: the model's) */
    double static_res;
    hw_world_progress_fn progress;
    void *progress_user;
    const volatile sig_atomic_t *stop;
    char **names[3];        /* the lumped model's line, point and sheave names (hw_world_find) */
    int n_names[3];
    unsigned char *winch;   /* per line: it has a winch */
    double t_end;           /* the lumped model's solver.t_end */
    hw_world_owned_fn owned_free; /* what the world was loaded from (hw_world_adopt) */
    void *owned;
    hw_world_pre_step_fn pre_step; /* called at each step's start (hw_world_set_pre_step) */
    void *pre_step_user;
    char err[2048];
};

hw_world_def hw_default_world(void)
{
    hw_world_def d;
    memset(&d, 0, sizeof d);
    d.backend = HW_BACKEND_CPU;
    return d;
}

static void set_err(hw_world *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, sizeof w->err, fmt, ap);
    va_end(ap);
}

void hw_world_destroy(hw_world *w)
{
    if (!w) return;
    hw_couplings_destroy(w->cpl);
    hw_bodies_destroy(w->bodies);
    hw_waves_destroy(w->waves);
    if (w->own_rc) hw_rc_destroy(w->rc);
    if (w->own_net) hw_net_destroy(w->net);
    hw_sim_destroy(w->sim);
    free(w->rcb);
    free(w->rcp);
    free(w->rbe);
    free(w->rbe_x0);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; w->names[k] && i < w->n_names[k]; i++) free(w->names[k][i]);
        free(w->names[k]);
    }
    free(w->winch);
    if (w->owned_free) w->owned_free(w->owned);
    free(w);
}

void hw_world_adopt(hw_world *w, hw_world_owned_fn fn, void *p)
{
    if (w) { w->owned_free = fn; w->owned = p; }
}

void hw_world_set_pre_step(hw_world *w, hw_world_pre_step_fn fn, void *user)
{
    if (w) { w->pre_step = fn; w->pre_step_user = user; }
}

double hw_world_t_end(const hw_world *w) { return w ? w->t_end : 0.0; }

/* The lumped model's names, copied (the def need not outlive the world). */
static hw_status keep_names(hw_world *w, const hw_model_def *m)
{
    int n[3] = {m->n_lines, m->n_points, m->n_sheaves};
    for (int k = 0; k < 3; k++) {
        if (n[k] <= 0) continue;
        if (!(w->names[k] = (char **)calloc((size_t)n[k], sizeof(char *)))) return HW_ERR_NOMEM;
        w->n_names[k] = n[k];
        for (int i = 0; i < n[k]; i++) {
            const char *s = k == 0 ? m->lines[i].name : k == 1 ? m->points[i].name : m->sheaves[i].name;
            if (!s) continue;
            size_t len = strlen(s) + 1;
            if (!(w->names[k][i] = (char *)malloc(len))) return HW_ERR_NOMEM;
            memcpy(w->names[k][i], s, len);
        }
    }
    if (m->n_lines > 0) {
        if (!(w->winch = (unsigned char *)calloc((size_t)m->n_lines, 1))) return HW_ERR_NOMEM;
        for (int i = 0; i < m->n_lines; i++) w->winch[i] = m->lines[i].winch.end != HW_WINCH_NONE;
    }
    return HW_OK;
}

int hw_world_count(const hw_world *w, hw_object_kind kind)
{
    if (!w) return 0;
    switch (kind) {
    case HW_OBJ_LINE: case HW_OBJ_WINCH: return w->n_names[0];
    case HW_OBJ_POINT: return w->n_names[1];
    case HW_OBJ_SHEAVE: return w->n_names[2];
    case HW_OBJ_BODY: return hw_bodies_count(w->bodies);
    case HW_OBJ_RIGID_CABLE: return hw_rc_n_cables(w->rc);
    case HW_OBJ_NET_NODE: return w->net ? hw_net_n_nodes(w->net) : 0;
    }
    return 0;
}

const char *hw_world_name(const hw_world *w, hw_object_kind kind, int i)
{
    if (!w || i < 0 || i >= hw_world_count(w, kind)) return NULL;
    switch (kind) {
    case HW_OBJ_LINE: return w->names[0][i];
    case HW_OBJ_WINCH: return w->winch[i] ? w->names[0][i] : NULL;
    case HW_OBJ_POINT: return w->names[1][i];
    case HW_OBJ_SHEAVE: return w->names[2][i];
    case HW_OBJ_BODY: return hw_world_body_name(w, i);
    case HW_OBJ_RIGID_CABLE: return hw_rc_cable_name(w->rc, i);
    case HW_OBJ_NET_NODE: return hw_net_node_name(w->net, i);
    }
    return NULL;
}

int hw_world_find(const hw_world *w, hw_object_kind kind, const char *name)
{
    int n = hw_world_count(w, kind);
    for (int i = 0; name && i < n; i++) {
        const char *s = hw_world_name(w, kind, i);
        if (s && strcmp(s, name) == 0) return i;
    }
    return -1;
}

const char *hw_world_last_error(const hw_world *w) { return w ? w->err : "no world"; }
double hw_world_time(const hw_world *w) { return !w ? 0.0 : (w->sim ? hw_sim_time(w->sim) : w->t); }
double hw_world_dt(const hw_world *w) { return w ? w->dt : 0.0; }
hw_sim *hw_world_lumped(const hw_world *w) { return w ? w->sim : NULL; }
hw_rc *hw_world_rigid(const hw_world *w) { return w ? w->rc : NULL; }
hw_net *hw_world_network(const hw_world *w) { return w ? w->net : NULL; }
const hw_waves *hw_world_waves(const hw_world *w) { return w ? w->waves : NULL; }
const hw_bodies *hw_world_body_set(const hw_world *w) { return w ? w->bodies : NULL; }
int hw_world_n_bodies(const hw_world *w) { return w ? hw_bodies_count(w->bodies) : 0; }
void hw_world_set_progress(hw_world *w, hw_world_progress_fn fn, void *user)
{
    if (w) { w->progress = fn; w->progress_user = user; }
}
void hw_world_set_interrupt(hw_world *w, const volatile sig_atomic_t *flag)
{
    if (w) w->stop = flag;
}
const char *hw_world_body_name(const hw_world *w, int k)
{
    const hw_body_def *d = w ? hw_bodies_def(w->bodies, k) : NULL;
    return d ? (d->name ? d->name : "") : NULL;
}

int hw_world_static_solves(const hw_world *w) { return w ? w->static_solves : 0; }

hw_status hw_world_static_info(const hw_world *w, int *iterations, double *residual)
{
    if (!w) return HW_ERR_INVALID_ARG;
    if (iterations) *iterations = w->static_iters;
    if (residual) *residual = w->static_res;
    return HW_OK;
}

/* Every body's extremes sampled now (hw_bodies_track; restart: the first sample). */
static void track(hw_world *w, int restart)
{
    for (int k = 0; k < hw_bodies_count(w->bodies); k++) {
        double f[3] = {0, 0, 0};
        hw_world_body_cable_load(w, k, f, NULL);
        hw_bodies_track(w->bodies, k, hw_world_time(w), sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]), restart);
    }
}

/* Does body k have a rigid cable holding it? Its index in rcb, or -1. */
static int rc_held(const hw_world *w, int k)
{
    for (int j = 0; j < w->n_rcb; j++)
        if (w->rcb[j].body == k) return j;
    return -1;
}

/* Bodies held by rigid cables: their state from the rigid solver. */
static hw_status rc_bodies_read(hw_world *w)
{
    for (int j = 0; j < w->n_rcb; j++) {
        double x[3], q[4], v[3], om[3];
        hw_status st = hw_rc_body6_state(w->rc, w->rcb[j].cable, w->rcb[j].end, x, q, v, om);
        if (st) {
            set_err(w, "rigid cables: body '%s' (%d) on cable %d end %c: its state cannot be read (%s)%s",
                    hw_world_body_name(w, w->rcb[j].body), w->rcb[j].body, w->rcb[j].cable,
                    w->rcb[j].end ? 'B' : 'A', hw_status_str(st),
                    st == HW_ERR_UNSUPPORTED ? ": 6-DOF body ends of rigid cables are not built in this version" : "");
            return st;
        }
        hw_bodies_set_state(w->bodies, w->rcb[j].body, x, q, v, om);
    }
    return HW_OK;
}

/* ... and the lumped lines' load on them to the rigid solver. */
static hw_status rc_bodies_load(hw_world *w)
{
    for (int j = 0; j < w->n_rcb; j++) {
        double f[3], m[3];
        hw_bodies_cable_load(w->bodies, w->rcb[j].body, f, m);
        hw_status st = hw_rc_set_body6_load(w->rc, w->rcb[j].cable, w->rcb[j].end, f, m);
        if (st) {
            set_err(w, "rigid cables: the lumped lines' load on body '%s' (%d) cannot be set (%s)",
                    hw_world_body_name(w, w->rcb[j].body), w->rcb[j].body, hw_status_str(st));
            return st;
        }
    }
    return HW_OK;
}

/* Rigid cable ends that follow lumped points: their kinematics now (at the step's start). */
static hw_status rc_points_to_ends(hw_world *w)
{
    for (int j = 0; w->sim && j < w->n_rcp; j++) {
        const hw_world_rc_point *p = &w->rcp[j];
        if (p->body) continue;
        double x[3], v[3];
        hw_status st = hw_sim_point_state(w->sim, p->point, x, v, NULL);
        if (!st) st = hw_rc_set_end_kinematics(w->rc, p->cable, p->end ? NULL : x, p->end ? NULL : v,
                                               p->end ? x : NULL, p->end ? v : NULL);
        if (st) {
            set_err(w, "rigid cables: cable %d end %c on lumped point %d: %s", p->cable, p->end ? 'B' : 'A',
                    p->point, hw_rc_last_error(w->rc));
            return st;
        }
    }
    return HW_OK;
}

/* Body k's point at (body frame, from the reference point) now: position and velocity
 * v + w x (R at) (either may be NULL). */
static void body_point_now(const hw_world *w, int k, const double at[3], double x[3], double v[3])
{
    double r[3], q[4], vr[3], om[3];
    hw_bodies_state(w->bodies, k, r, q, vr, om);
    hw_v3 c = hw_quat_rotate(hw_quat_make(q[0], q[1], q[2], q[3]), hw_v3_make(at[0], at[1], at[2]));
    hw_v3 u = hw_v3_cross(hw_v3_make(om[0], om[1], om[2]), c);
    double cc[3] = {c.x, c.y, c.z}, uu[3] = {u.x, u.y, u.z};
    for (int i = 0; i < 3; i++) {
        if (x) x[i] = r[i] + cc[i];
        if (v) v[i] = vr[i] + uu[i];
    }
}

/* Rigid cable ends on non-free bodies: their body points at the step's start ... */
static void rc_body_ends_start(hw_world *w)
{
    for (int j = 0; j < w->n_rbe; j++) body_point_now(w, w->rbe[j].body, w->rbe[j].at, w->rbe_x0 + 3 * j, NULL);
}

/* ... and, the bodies at the step's end (h after), each end on the chord between the two points
 * (h = 0: the body point's own velocity), held so by the rigid step. */
static hw_status rc_body_ends_set(hw_world *w, double h)
{
    for (int j = 0; j < w->n_rbe; j++) {
        const hw_world_rc_body_end *e = &w->rbe[j];
        double x1[3], v[3];
        const double *x0 = w->rbe_x0 + 3 * j;
        body_point_now(w, e->body, e->at, x1, v);
        if (h > 0)
            for (int c = 0; c < 3; c++) v[c] = (x1[c] - x0[c]) / h;
        hw_status st = hw_rc_set_end_kinematics(w->rc, e->cable, e->end ? NULL : x0, e->end ? NULL : v,
                                                e->end ? x0 : NULL, e->end ? v : NULL);
        if (st) {
            set_err(w, "rigid cables: cable %d end %c on body '%s' (%d): %s", e->cable, e->end ? 'B' : 'A',
                    hw_world_body_name(w, e->body), e->body, hw_rc_last_error(w->rc));
            return st;
        }
    }
    return HW_OK;
}

/* The ends on non-free bodies, against the rigid cables now joined: indices, each a point end
 * that starts on its body point (the cable starts from there), then set moving with it. */
static hw_status join_rc_body_ends(hw_world *w, char *msg, size_t len)
{
    for (int j = 0; j < w->n_rbe; j++) {
        const hw_world_rc_body_end *e = &w->rbe[j];
        if (e->cable >= hw_rc_n_cables(w->rc)) {
            snprintf(msg, len, "world: rc_body_ends[%d]: cable %d: expected a rigid cable index below %d", j,
                     e->cable, hw_rc_n_cables(w->rc));
            return HW_ERR_INPUT;
        }
        double xe[3], x[3];
        hw_status st = hw_rc_end_point(w->rc, e->cable, e->end, xe, NULL);
        if (st) {
            snprintf(msg, len, "world: rc_body_ends[%d]: expected a point end (HW_RC_END_POINT) of the cable: %s", j,
                     hw_rc_last_error(w->rc));
            return HW_ERR_INPUT;
        }
        body_point_now(w, e->body, e->at, x, NULL);
        double d = sqrt((xe[0] - x[0]) * (xe[0] - x[0]) + (xe[1] - x[1]) * (xe[1] - x[1]) +
                        (xe[2] - x[2]) * (xe[2] - x[2]));
        if (!(d <= 1e-9 * (1.0 + fabs(x[0]) + fabs(x[1]) + fabs(x[2])))) {
            snprintf(msg, len, "world: rigid cable %d end %c is at (%.9g, %.9g, %.9g), %.3g m from its point on "
                     "body '%s' (%.9g, %.9g, %.9g): expected the end's pos_%c on the body point r + R(rot) at at "
                     "t = 0", e->cable, e->end ? 'B' : 'A', xe[0], xe[1], xe[2], d,
                     hw_world_body_name(w, e->body), x[0], x[1], x[2], e->end ? 'b' : 'a');
            return HW_ERR_INPUT;
        }
    }
    rc_body_ends_start(w);
    hw_status st = rc_body_ends_set(w, 0.0);
    if (st) snprintf(msg, len, "%s", w->err);
    return st;
}

/* ... and the lumped points that show the rigid cables' point bodies, after their step. */
static void rc_bodies_to_points(hw_world *w)
{
    for (int j = 0; w->sim && j < w->n_rcp; j++) {
        const hw_world_rc_point *p = &w->rcp[j];
        double x[3], v[3];
        if (p->body && hw_rc_body_state(w->rc, p->cable, p->end, x, v) == HW_OK)
            hw_sim_set_point_kinematics(w->sim, p->point, x, v);
    }
}

static hw_status set_rc_points(hw_world *w, const hw_world_rc_point *pts, int n, char *msg, size_t len)
{
    if (n <= 0) return HW_OK;
    w->rcp = (hw_world_rc_point *)malloc((size_t)n * sizeof *w->rcp);
    if (!w->rcp) { snprintf(msg, len, "world: out of memory"); return HW_ERR_NOMEM; }
    int np = w->sim ? w->n_points : 0;
    for (int j = 0; j < n; j++) {
        const hw_world_rc_point *p = &pts[j];
        if (!w->rc || !w->sim || p->cable < 0 || p->cable >= hw_rc_n_cables(w->rc) || (p->end != 0 && p->end != 1) ||
            p->point < 0 || p->point >= np) {
            snprintf(msg, len, "world: rc_points[%d]: expected a rigid cable index, end 0 (A) or 1 (B) and a lumped "
                     "point index", j);
            return HW_ERR_INPUT;
        }
        w->rcp[j] = *p;
        w->n_rcp = j + 1;
    }
    return HW_OK;
}

/* Does a step need the exchanges (else the families step on their own)? */
static int coupled(const hw_world *w)
{
    return w->cpl || hw_bodies_count(w->bodies) > 0 || w->n_rcb > 0 || w->n_rbe > 0 ||
           (w->net && w->sim) || (w->rc && w->sim);
}

static hw_status fail(hw_world *w, hw_status st)
{
    if (st == HW_ERR_NUMERICAL || st == HW_ERR_STATE) w->failed = 1;
    return st;
}

/* One world step to t1 (t1 - now <= dt). */
static hw_status world_step_to(hw_world *w, double t1)
{
    hw_status st;
    double t0 = hw_world_time(w);
    if (w->pre_step && (st = w->pre_step(w->pre_step_user, t0))) {
        set_err(w, "rigid cables: %s", hw_rc_last_error(w->rc));
        return fail(w, st);
    }
    if (w->rc && (st = rc_points_to_ends(w))) return st;
    rc_body_ends_start(w);
    if (w->sim) {
        if ((st = hw_couplings_before(w->cpl, w->sim))) {
            set_err(w, "couplings: %s", hw_sim_last_error(w->sim));
            return st;
        }
        if (w->points_stale && (st = hw_bodies_set_points(w->bodies, w->sim))) {
            set_err(w, "bodies: setting their points: %s", hw_sim_last_error(w->sim));
            return st;
        }
        w->points_stale = 0; /* else set at the last step's end (or at the start) */
        if ((st = hw_sim_advance_to(w->sim, t1))) {
            set_err(w, "lumped lines: %s", hw_sim_last_error(w->sim));
            return fail(w, st);
        }
        t1 = hw_sim_time(w->sim);
        if ((st = hw_couplings_after(w->cpl, w->sim))) {
            set_err(w, "couplings: %s", hw_sim_last_error(w->sim));
            return st;
        }
    } else if (fabs(t1 - (t0 + w->dt)) <= hw_time_tolerance(w->dt, t1)) { /* a whole step: the clock
                                                   computed, not accumulated (as hw_sim's, hw_rc's) */
        w->t = w->t_base + (double)(++w->t_steps) * w->dt;
    } else {
        w->t = w->t_base = t1;
        w->t_steps = 0;
    }
    double h = t1 - t0;
    if (w->net && (st = hw_net_step(w->net, h))) {
        set_err(w, "network: %s", hw_net_last_error(w->net));
        return fail(w, st);
    }
    if ((st = hw_bodies_after_step(w->bodies, w->sim, t1, h, w->err, sizeof w->err))) return fail(w, st);
    if (w->rc) {
        if ((st = rc_bodies_load(w))) return st;
        if ((st = rc_body_ends_set(w, h))) return st;
        double rdt = hw_rc_dt(w->rc);
        while (hw_rc_time(w->rc) + rdt <= t1 + hw_time_tolerance(rdt, t1)) {
            if ((st = hw_rc_step(w->rc, 1))) {
                set_err(w, "rigid cables: %s", hw_rc_last_error(w->rc));
                return fail(w, st);
            }
        }
        if ((st = rc_bodies_read(w))) return st;
        rc_bodies_to_points(w);
    }
    /* the attached points onto their bodies' new states (exactly on them at every step's end) */
    if (w->sim && (st = hw_bodies_set_points(w->bodies, w->sim))) {
        set_err(w, "bodies: setting their points: %s", hw_sim_last_error(w->sim));
        return st;
    }
    track(w, 0); /* the summary's extremes, every step */
    w->steps++;
    return HW_OK;
}

static hw_status advance(hw_world *w, double t, long n_max)
{
    if (!w) return HW_ERR_INVALID_ARG;
    if (w->failed) {
        return HW_ERR_STATE; /* last_error keeps the diagnosis */
    }
    double tol = hw_time_tolerance(w->dt, t);
    if (!isfinite(t) || t < hw_world_time(w) - tol) {
        set_err(w, "world: cannot advance to t = %.17g s from t = %.17g s", t, hw_world_time(w));
        return HW_ERR_INVALID_ARG;
    }
    hw_status st = HW_OK;
    if (!coupled(w) && w->sim && !w->net && !w->rc) { /* the lumped lines alone: hw_sim's own loop */
        hw_sim_set_interrupt(w->sim, w->stop);
        st = n_max >= 0 ? hw_sim_step(w->sim, (int)n_max) : hw_sim_advance_to(w->sim, t);
        if (st && st != HW_INTERRUPTED) {
            set_err(w, "lumped lines: %s", hw_sim_last_error(w->sim));
            fail(w, st);
        } else if (st) {
            set_err(w, "%s", hw_sim_last_error(w->sim));
        }
    } else {
        long k = 0;
        while (!st && (n_max >= 0 ? k < n_max : t - hw_world_time(w) > tol)) {
            if (w->stop && *w->stop) {
                set_err(w, "interrupted at t = %.9g s", hw_world_time(w));
                st = HW_INTERRUPTED;
                break;
            }
            double t0 = hw_world_time(w), t1 = n_max >= 0 ? t0 + w->dt : fmin(t, t0 + w->dt);
            if (w->rc && t0 + w->dt - t1 > hw_time_tolerance(w->dt, t1)) {
                set_err(w, "world: rigid cables step at a fixed dt = %.9g s: t = %.17g s is not a whole "
                        "number of steps from t = %.17g s", w->dt, t, t0);
                return HW_ERR_INPUT;
            }
            st = world_step_to(w, t1);
            k++;
        }
    }
    if (w->progress && st != HW_ERR_NUMERICAL) w->progress(w->progress_user, hw_world_time(w));
    return st;
}

/* The bodies rigid cables hold (w->rcb, against w->rc): their state from the rigid solver, the
 * lumped points on them placed there, and the lumped lines' load on them to the rigid solver. */
static hw_status join_rc_bodies(hw_world *w, char *msg, size_t len)
{
    for (int j = 0; j < w->n_rcb; j++)
        if (w->rcb[j].cable >= hw_rc_n_cables(w->rc)) {
            snprintf(msg, len, "world: rc_bodies[%d]: cable %d: expected a rigid cable index below %d", j,
                     w->rcb[j].cable, hw_rc_n_cables(w->rc));
            return HW_ERR_INPUT;
        }
    hw_status st = rc_bodies_read(w);
    if (!st && w->sim) { /* the lumped lines on them start where the rigid solver has them */
        w->points_stale = 1;
        if (!(st = hw_bodies_set_points(w->bodies, w->sim)) && !(st = hw_bodies_read_loads(w->bodies, w->sim)))
            st = rc_bodies_load(w);
    }
    if (!st) track(w, 1); /* the start: the held bodies as the cables have them */
    if (st) snprintf(msg, len, "%s", w->err[0] ? w->err : hw_status_str(st));
    return st;
}

hw_status hw_world_add_rigid(hw_world *w, hw_rc *rc, const hw_world_rc_point *points, int n_points)
{
    if (!w || !rc || n_points < 0 || (n_points > 0 && !points)) return HW_ERR_INVALID_ARG;
    if (w->rc) { set_err(w, "world: it has rigid cables already"); return HW_ERR_INPUT; }
    if (fabs(hw_rc_dt(rc) - w->dt) > 1e-12 * w->dt) {
        set_err(w, "world: the rigid cables' dt %.9g s differs from the world's %.9g s (they step together)",
                hw_rc_dt(rc), w->dt);
        return HW_ERR_INPUT;
    }
    if (fabs(hw_rc_time(rc) - hw_world_time(w)) > hw_time_tolerance(w->dt, hw_world_time(w))) {
        set_err(w, "world: the rigid cables are at t = %.9g s, the world at %.9g s", hw_rc_time(rc), hw_world_time(w));
        return HW_ERR_INPUT;
    }
    w->rc = rc;
    w->own_rc = 0;
    hw_status st = set_rc_points(w, points, n_points, w->err, sizeof w->err);
    if (!st && w->n_rcb > 0) { /* the bodies hw_world_def.rc_bodies named, held by these cables */
        char m[sizeof w->err];
        w->err[0] = 0;
        if ((st = join_rc_bodies(w, m, sizeof m))) snprintf(w->err, sizeof w->err, "%s", m);
    }
    if (!st && w->n_rbe > 0) { /* the ends on non-free bodies hw_world_def.rc_body_ends named */
        char m[sizeof w->err];
        w->err[0] = 0;
        if ((st = join_rc_body_ends(w, m, sizeof m))) snprintf(w->err, sizeof w->err, "%s", m);
    }
    if (st) { w->rc = NULL; free(w->rcp); w->rcp = NULL; w->n_rcp = 0; }
    return st;
}

hw_status hw_world_step(hw_world *w, int n)
{
    if (!w || n < 0) return HW_ERR_INVALID_ARG;
    return advance(w, hw_world_time(w) + n * w->dt, n);
}

hw_status hw_world_advance_to(hw_world *w, double t) { return advance(w, t, -1); }

hw_status hw_world_body_state(const hw_world *w, int k, double pos[3], double quat[4], double vel[3],
                              double ang_vel[3])
{
    if (!w) return HW_ERR_INVALID_ARG;
    return hw_bodies_state(w->bodies, k, pos, quat, vel, ang_vel);
}

hw_status hw_world_body_acceleration(const hw_world *w, int k, double acc[3], double ang_acc[3])
{
    if (!w || !acc || !ang_acc) return HW_ERR_INVALID_ARG;
    return hw_bodies_acceleration(w->bodies, w->sim, k, hw_world_time(w), acc, ang_acc);
}

hw_status hw_world_body_cable_load(const hw_world *w, int k, double force[3], double moment[3])
{
    if (!w) return HW_ERR_INVALID_ARG;
    double f[3], m[3];
    hw_status st = hw_bodies_cable_load(w->bodies, k, f, m); /* the lumped lines' */
    if (st) return st;
    for (int j = 0; w->rc && j < w->n_rcb; j++) { /* and the rigid cable's joint force, at the joint */
        if (w->rcb[j].body != k) continue;
        int cable = w->rcb[j].cable, n = hw_rc_elements(w->rc, cable);
        double fe[2][3], r[3];
        double *nodes = (double *)malloc(3 * ((size_t)n + 1) * sizeof(double));
        if (!nodes) return HW_ERR_NOMEM;
        if ((st = hw_rc_end_forces(w->rc, cable, fe[0], fe[1])) ||
            (st = hw_rc_nodes(w->rc, cable, nodes)) ||
            (st = hw_rc_body6_state(w->rc, cable, w->rcb[j].end, r, NULL, NULL, NULL))) {
            free(nodes);
            return st;
        }
        const double *F = fe[w->rcb[j].end], *x = nodes + 3 * (w->rcb[j].end ? n : 0);
        double d[3] = {x[0] - r[0], x[1] - r[1], x[2] - r[2]};
        for (int c = 0; c < 3; c++) f[c] += F[c];
        m[0] += d[1] * F[2] - d[2] * F[1];
        m[1] += d[2] * F[0] - d[0] * F[2];
        m[2] += d[0] * F[1] - d[1] * F[0];
        free(nodes);
    }
    for (int j = 0; w->rc && j < w->n_rbe; j++) { /* the pull of wires hung from a non-free body */
        if (w->rbe[j].body != k) continue;
        int cable = w->rbe[j].cable, n = hw_rc_elements(w->rc, cable);
        double fe[2][3], r[3];
        double *nodes = (double *)malloc(3 * ((size_t)n + 1) * sizeof(double));
        if (!nodes) return HW_ERR_NOMEM;
        if ((st = hw_rc_end_forces(w->rc, cable, fe[0], fe[1])) || (st = hw_rc_nodes(w->rc, cable, nodes)) ||
            (st = hw_bodies_state(w->bodies, k, r, NULL, NULL, NULL))) {
            free(nodes);
            return st;
        }
        const double *F = fe[w->rbe[j].end], *x = nodes + 3 * (w->rbe[j].end ? n : 0);
        double d[3] = {x[0] - r[0], x[1] - r[1], x[2] - r[2]};
        if (isfinite(F[0]) && isfinite(F[1]) && isfinite(F[2])) { /* NaN before the first solve */
            for (int c = 0; c < 3; c++) f[c] += F[c];
            m[0] += d[1] * F[2] - d[2] * F[1];
            m[1] += d[2] * F[0] - d[0] * F[2];
            m[2] += d[0] * F[1] - d[1] * F[0];
        }
        free(nodes);
    }
    for (int c = 0; c < 3; c++) {
        if (force) force[c] = f[c];
        if (moment) moment[c] = m[c];
    }
    return HW_OK;
}

hw_status hw_world_set_body_load(hw_world *w, int k, const double force[3], const double moment[3])
{
    if (!w) return HW_ERR_INVALID_ARG;
    return hw_bodies_set_external_load(w->bodies, k, force, moment);
}

hw_status hw_world_set_body_kinematics(hw_world *w, int k, const double pos[3], const double quat[4],
                                       const double vel[3], const double ang_vel[3])
{
    if (!w) return HW_ERR_INVALID_ARG;
    const hw_body_def *d = hw_bodies_def(w->bodies, k);
    if (!d) return HW_ERR_INVALID_ARG;
    if (d->kind != HW_BODY_COUPLED) {
        set_err(w, "body '%s' (%d) is not of kind coupled: its kinematics are not set from outside",
                d->name ? d->name : "", k);
        return HW_ERR_INVALID_ARG;
    }
    w->points_stale = 1;
    return hw_bodies_set_state(w->bodies, k, pos, quat, vel, ang_vel);
}

hw_status hw_world_get_energy(const hw_world *w, hw_world_energy *e)
{
    if (!w || !e) return HW_ERR_INVALID_ARG;
    memset(e, 0, sizeof *e);
    hw_status st;
    if (w->sim && (st = hw_sim_energy(w->sim, &e->lumped))) return st;
    hw_bodies_energy(w->bodies, &e->body_kinetic, &e->body_potential);
    e->body_dissipated = -hw_bodies_drag_work(w->bodies);
    if (w->rc) {
        hw_rc_energy re;
        if ((st = hw_rc_get_energy(w->rc, &re))) return st;
        e->rigid = re.total;
    }
    if (w->net) {
        hw_net_energy ne;
        if ((st = hw_net_energy_get(w->net, &ne))) return st;
        e->network = ne.kinetic + ne.potential;
    }
    e->total = e->lumped.total + e->body_kinetic + e->body_potential + e->rigid + e->network;
    return HW_OK;
}

/* ---- creation and statics ------------------------------------------------------------------ */

/* The lumped model with every attached point on its body. */
static void place_points(const hw_world_def *d, const hw_bodies *b, hw_point_def *pts)
{
    for (int k = 0; k < d->n_body_points; k++) {
        const hw_body_attach *a = &d->body_points[k];
        double x[3], q[4];
        hw_bodies_state(b, a->body, x, q, NULL, NULL);
        hw_body_s s;
        s.r = hw_v3_make(x[0], x[1], x[2]);
        s.q = hw_quat_make(q[0], q[1], q[2], q[3]);
        hw_v3 p = hw_v3_add(s.r, hw_quat_rotate(s.q, hw_v3_make(a->at[0], a->at[1], a->at[2])));
        pts[a->point].pos[0] = p.x; pts[a->point].pos[1] = p.y; pts[a->point].pos[2] = p.z;
    }
}

/* The lines with every clamped end on a body point turned from the body frame to the world's
 * (hw_line_def.clamp): a copy of d's lines, or NULL when no such end (or out of memory: *nomem). */
static hw_line_def *place_clamps(const hw_world_def *d, const hw_bodies *b, int *nomem)
{
    const hw_model_def *md = d->lumped;
    hw_line_def *lines = NULL;
    *nomem = 0;
    for (int l = 0; l < md->n_lines; l++)
        for (int e = 0; e < 2; e++) {
            const double *c = md->lines[l].clamp[e];
            int p = e ? md->lines[l].point_b : md->lines[l].point_a;
            if (c[0] == 0 && c[1] == 0 && c[2] == 0) continue;
            for (int k = 0; k < d->n_body_points; k++) {
                if (d->body_points[k].point != p) continue;
                if (!lines) {
                    if (!(lines = (hw_line_def *)malloc((size_t)md->n_lines * sizeof *lines))) { *nomem = 1; return NULL; }
                    memcpy(lines, md->lines, (size_t)md->n_lines * sizeof *lines);
                }
                double q[4];
                hw_bodies_state(b, d->body_points[k].body, NULL, q, NULL, NULL);
                hw_v3 cw = hw_quat_rotate(hw_quat_make(q[0], q[1], q[2], q[3]), hw_v3_make(c[0], c[1], c[2]));
                lines[l].clamp[e][0] = cw.x; lines[l].clamp[e][1] = cw.y; lines[l].clamp[e][2] = cw.z;
            }
        }
    return lines;
}

static hw_status build_sim(hw_world *w, const hw_world_def *d, hw_point_def *pts, hw_backend_kind be,
                           int static_solve, int quiet, hw_sim **out, char *msg, size_t len)
{
    hw_model_def m = *d->lumped;
    place_points(d, w->bodies, pts);
    m.points = pts;
    int nomem;
    hw_line_def *lines = place_clamps(d, w->bodies, &nomem);
    if (nomem) { snprintf(msg, len, "world: out of memory for the lines' clamped ends"); return HW_ERR_NOMEM; }
    if (lines) m.lines = lines;
    m.solver.static_solve = static_solve;
    if (quiet && w->static_inner_tol > 0) m.solver.static_tol = w->static_inner_tol;
    hw_status st = hw_sim_create(&m, be, quiet ? NULL : d->log, d->log_user, out, msg, len);
    free(lines);
    return st;
}

/* Net loads on the free bodies (6 per free body) with the lumped statics at their present states;
 * sim_out (or NULL) keeps the lumped model. */
static hw_status static_residual(hw_world *w, const hw_world_def *d, hw_point_def *pts, const int *free_k,
                                 int nf, double *r, char *msg, size_t len)
{
    hw_sim *sim = NULL;
    w->static_solves++;
    hw_status st = HW_OK;
    if (d->lumped->n_lines > 0) {
        st = build_sim(w, d, pts, HW_BACKEND_CPU, 1, 1, &sim, msg, len);
        if (st == HW_ERR_NOT_CONVERGED && w->static_inner_tol > 0) {
            /* the lines cannot be solved that tightly (a chain on the frictionless seabed, the lumped
               statics' own noise floor): the model's tolerance from here on */
            w->static_inner_tol = 0.0;
            w->static_solves++;
            st = build_sim(w, d, pts, HW_BACKEND_CPU, 1, 1, &sim, msg, len);
        }
        if (st) return st;
    }
    st = hw_bodies_read_loads(w->bodies, sim); /* sim NULL (bodies alone): their own loads */
    hw_sim_destroy(sim);
    if (st) { snprintf(msg, len, "world statics: reading the lines' loads on the bodies"); return st; }
    for (int i = 0; i < nf; i++) {
        hw_bodies_net_load(w->bodies, free_k[i], r + 6 * i);
        if (hw_bodies_def(w->bodies, free_k[i])->kind == HW_BODY_PINNED) /* the pin holds the force */
            r[6 * i] = r[6 * i + 1] = r[6 * i + 2] = 0.0;
    }
    return HW_OK;
}

/* Moves free body k by dx (3 translations, 3 rotations about world axes through r; a pinned
 * body turns only). */
static void move_body(hw_bodies *b, int k, const double *dx)
{
    double x[3], q[4];
    hw_bodies_state(b, k, x, q, NULL, NULL);
    if (hw_bodies_def(b, k)->kind != HW_BODY_PINNED)
        for (int c = 0; c < 3; c++) x[c] += dx[c];
    hw_v3 th = hw_v3_make(dx[3], dx[4], dx[5]);
    double a = hw_v3_norm(th);
    hw_quat qq = hw_quat_make(q[0], q[1], q[2], q[3]);
    if (a > 0) qq = hw_quat_normalize(hw_quat_mul(hw_quat_axis_angle(hw_v3_scale(th, 1.0 / a), a), qq));
    double qn[4] = {qq.w, qq.x, qq.y, qq.z};
    hw_bodies_set_state(b, k, x, qn, NULL, NULL);
}

/* Gaussian elimination with partial pivoting, n x n, in place; 1 when singular. */
static int solve_dense(double *A, double *b, int n)
{
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++) if (fabs(A[r * n + c]) > fabs(A[p * n + c])) p = r;
        if (!(fabs(A[p * n + c]) > 0)) return 1;
        if (p != c) {
            for (int j = 0; j < n; j++) { double t = A[c * n + j]; A[c * n + j] = A[p * n + j]; A[p * n + j] = t; }
            double t = b[c]; b[c] = b[p]; b[p] = t;
        }
        for (int r = c + 1; r < n; r++) {
            double f = A[r * n + c] / A[c * n + c];
            for (int j = c; j < n; j++) A[r * n + j] -= f * A[c * n + j];
            b[r] -= f * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        double s = b[c];
        for (int j = c + 1; j < n; j++) s -= A[c * n + j] * b[j];
        b[c] = s / A[c * n + c];
    }
    return 0;
}

static double resnorm(const double *r, int n, double fs, double ms)
{
    double m = 0.0;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(r[i]) / ((i % 6) < 3 ? fs : ms));
    return m;
}

/* The line search's merit: the scaled residual's sum of squares, which the Gauss-Newton step
 * decreases (its largest component, the convergence test, need not at every step). */
static double merit(const double *r, int n, double fs, double ms)
{
    double m = 0.0;
    for (int i = 0; i < n; i++) {
        double x = r[i] / ((i % 6) < 3 ? fs : ms);
        m += x * x;
    }
    return m;
}

/* The lowest attached lumped point of free body k below the seabed: its depth under the seabed
 * (m, <= 0 when every point is above it). */
static double below_seabed(const hw_world *w, const hw_world_def *d, int k)
{
    double x[3], q[4], worst = -INFINITY;
    hw_bodies_state(w->bodies, k, x, q, NULL, NULL);
    hw_quat qq = hw_quat_make(q[0], q[1], q[2], q[3]);
    for (int j = 0; j < d->n_body_points; j++) {
        const hw_body_attach *a = &d->body_points[j];
        if (a->body != k) continue;
        hw_v3 p = hw_quat_rotate(qq, hw_v3_make(a->at[0], a->at[1], a->at[2]));
        const hw_bathymetry_def *b = &d->lumped->env.bathymetry; /* the seabed under the point */
        double px = x[0] + p.x, py = x[1] + p.y;
        double depth = b->nx > 0 ? hw_bathy_depth(b->x, b->nx, b->y, b->ny, b->depth, px, py)
                                 : d->lumped->env.depth;
        worst = fmax(worst, -depth - (x[2] + p.z));
    }
    return worst;
}

static void save_states(const hw_world *w, const int *free_k, int nf, double *s)
{
    for (int i = 0; i < nf; i++) hw_bodies_state(w->bodies, free_k[i], s + 7 * i, s + 7 * i + 3, NULL, NULL);
}

static void restore_states(hw_world *w, const int *free_k, int nf, const double *s)
{
    for (int i = 0; i < nf; i++) hw_bodies_set_state(w->bodies, free_k[i], s + 7 * i, s + 7 * i + 3, NULL, NULL);
}

/* The Jacobian of the scaled residual over the scaled DOFs by central differences (a line going
 * slack is a kink: one side sees no force; a side whose lumped statics did not converge gives the
 * one-sided difference of the other). r is the residual at the present states; t1, t2 scratch. */
static hw_status fd_jacobian(hw_world *w, const hw_world_def *d, hw_point_def *pts, const int *free_k, int nf,
                             const double *r, const double *xs, const double *rs, double *J, double *t1,
                             double *t2, char *msg, size_t len)
{
    int n = 6 * nf;
    for (int j = 0; j < n; j++) {
        double e[6] = {0}, h = (j % 6) < 3 ? 1e-4 * xs[j] : 1e-5;
        e[j % 6] = h;
        move_body(w->bodies, free_k[j / 6], e);
        hw_status sp = static_residual(w, d, pts, free_k, nf, t1, msg, len);
        e[j % 6] = -2.0 * h;
        move_body(w->bodies, free_k[j / 6], e);
        hw_status sm = sp && sp != HW_ERR_NOT_CONVERGED ? sp : static_residual(w, d, pts, free_k, nf, t2, msg, len);
        e[j % 6] = h;
        move_body(w->bodies, free_k[j / 6], e);
        double hh = 2.0 * h;
        if (sp == HW_ERR_NOT_CONVERGED && !sm) { memcpy(t1, r, (size_t)n * sizeof(double)); hh = h; sp = HW_OK; }
        else if (sm == HW_ERR_NOT_CONVERGED && !sp) { memcpy(t2, r, (size_t)n * sizeof(double)); hh = h; sm = HW_OK; }
        hw_status st = sp ? sp : sm;
        if (st == HW_ERR_NOT_CONVERGED && h > 1e-9 * xs[j]) { /* both sides: a smaller step */
            double e2[6] = {0};
            e2[j % 6] = 0.1 * h;
            move_body(w->bodies, free_k[j / 6], e2);
            st = static_residual(w, d, pts, free_k, nf, t1, msg, len);
            e2[j % 6] = -0.1 * h;
            move_body(w->bodies, free_k[j / 6], e2);
            hh = 0.1 * h;
            memcpy(t2, r, (size_t)n * sizeof(double));
            if (st == HW_ERR_NOT_CONVERGED) { /* the lumped statics cannot be found about here:
                                                  this DOF held for this step */
                st = HW_OK;
                memcpy(t1, r, (size_t)n * sizeof(double));
            }
        }
        if (st) return st;
        for (int i = 0; i < n; i++) J[i * n + j] = (t1[i] - t2[i]) / hh / rs[i] * xs[j];
    }
    return HW_OK;
}

/* World statics with free bodies: a trust-region Gauss-Newton (Levenberg-regularized) iteration on
 * their 6 DOF each, in scaled units: forces over fs (the largest of weight and buoyancy), moments
 * over fs ls (ls the bodies' size), translations over ls, rotations in rad. The Jacobian by
 * central differences, then Broyden-updated while steps are taken whole; refreshed when a step is
 * cut back. Each step is bounded: a trust radius on the translations, 0.5 rad of rotation (no
 * flip), no attached point more than twice as deep under the seabed as it is (0.1 m at first).
 * Each residual evaluation is a lumped static solve with the bodies' points held, at a tenth of
 * the outer tolerance (its noise would stall the outer one). A pinned body takes part with its 3
 * rotations only (its translations held, its net force left to the pin). Each body's own loads
 * include its cylinders' (in still water with the current). docs/physics.md section 9. */
static hw_status world_statics(hw_world *w, const hw_world_def *d, hw_point_def *pts, char *msg, size_t len)
{
    int nb = hw_bodies_count(w->bodies), nf = 0;
    int *free_k = (int *)calloc((size_t)nb + 1, sizeof(int));
    if (!free_k) return HW_ERR_NOMEM;
    double fs = 0.0, ls = 1.0;
    double g = d->lumped->env.g, rho = d->lumped->env.rho_w;
    for (int k = 0; k < nb; k++) {
        const hw_body_def *b = hw_bodies_def(w->bodies, k);
        if ((b->kind != HW_BODY_FREE && b->kind != HW_BODY_PINNED) || rc_held(w, k) >= 0) continue;
        free_k[nf++] = k;
        double mt, vc;
        hw_body_mass_props(b, &mt, NULL, NULL, &vc);
        fs = fmax(fs, fmax(mt * g, rho * g * (b->volume + vc)));
        for (int j = 0; b->cylinders && j < b->n_cylinders; j++)
            for (int e = 0; e < 2; e++) {
                const double *p = e ? b->cylinders[j].b : b->cylinders[j].a;
                ls = fmax(ls, sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]));
            }
        for (int j = 0; j < d->n_body_points; j++)
            if (d->body_points[j].body == k)
                ls = fmax(ls, sqrt(d->body_points[j].at[0] * d->body_points[j].at[0] +
                                   d->body_points[j].at[1] * d->body_points[j].at[1] +
                                   d->body_points[j].at[2] * d->body_points[j].at[2]));
    }
    if (nf == 0) { free(free_k); return HW_OK; }
    if (!(fs > 0)) fs = 1.0;
    int n = 6 * nf;
    double *buf = (double *)calloc((size_t)n * (2 * n + 9) + 14 * (size_t)nf, sizeof(double));
    if (!buf) { free(free_k); return HW_ERR_NOMEM; }
    double *r = buf, *r1 = r + n, *t1 = r1 + n, *t2 = t1 + n, *y = t2 + n, *xs = y + n, *rs = xs + n,
           *J = rs + n, *A = J + (size_t)n * n, *s0 = A + (size_t)n * n, *sb = s0 + 7 * nf;
    for (int i = 0; i < n; i++) {
        xs[i] = (i % 6) < 3 ? ls : 1.0;
        rs[i] = (i % 6) < 3 ? fs : fs * ls;
    }
    double tol = d->lumped->solver.static_tol > 0 ? d->lumped->solver.static_tol : 1e-6;
    w->static_inner_tol = 0.1 * tol;
    w->static_solves = 0;
    int max_it = 100, it = 0, fresh = 0, stalled = 0;
    double res = 0.0, mer = 0.0, radius = 10.0; /* the trust radius, in body lengths */
    hw_status st = static_residual(w, d, pts, free_k, nf, r, msg, len);
    if (st == HW_ERR_NOT_CONVERGED && msg && len > strlen(msg) + 1)
        snprintf(msg + strlen(msg), len - strlen(msg),
                 " (the lumped statics with the free bodies where they were placed)");
    if (!st) { res = resnorm(r, n, fs, fs * ls); mer = merit(r, n, fs, fs * ls); }
    while (!st && res > tol && it < max_it) {
        it++;
        if (!fresh) {
            if ((st = fd_jacobian(w, d, pts, free_k, nf, r, xs, rs, J, t1, t2, msg, len))) break;
            fresh = 1;
        }
        /* (J^T J + lambda diag) y = -J^T r in scaled units: neutral directions (a yaw no line
           resists) stay where they are */
        double lam = 0.0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0.0;
                for (int k = 0; k < n; k++) s += J[k * n + i] * J[k * n + j];
                A[i * n + j] = s;
            }
        for (int i = 0; i < n; i++) lam = fmax(lam, A[i * n + i]);
        for (int i = 0; i < n; i++) {
            A[i * n + i] += 1e-12 * lam + 1e-300;
            double s = 0.0;
            for (int k = 0; k < n; k++) s -= J[k * n + i] * r[k] / rs[k];
            y[i] = s;
        }
        if (solve_dense(A, y, n)) { st = HW_ERR_NOT_CONVERGED; break; }
        /* the bounds: the trust radius on each body's translation, 0.5 rad of rotation */
        double cut = 1.0;
        for (int i = 0; i < nf; i++) {
            double tn = sqrt(y[6 * i] * y[6 * i] + y[6 * i + 1] * y[6 * i + 1] + y[6 * i + 2] * y[6 * i + 2]);
            double rn = sqrt(y[6 * i + 3] * y[6 * i + 3] + y[6 * i + 4] * y[6 * i + 4] + y[6 * i + 5] * y[6 * i + 5]);
            if (tn * cut > radius) cut = radius / tn;
            if (rn * cut > 0.5) cut = 0.5 / rn;
        }
        save_states(w, free_k, nf, s0);
        for (int i = 0; i < nf; i++) sb[i] = fmax(0.1, 2.0 * below_seabed(w, d, free_k[i]));
        double alpha = cut, mer1 = INFINITY, res1 = res;
        for (int ls_it = 0; ls_it < 8; ls_it++, alpha *= 0.5) { /* halving line search */
            restore_states(w, free_k, nf, s0);
            for (int i = 0; i < nf; i++) {
                double s[6];
                for (int c = 0; c < 6; c++) s[c] = alpha * y[6 * i + c] * xs[6 * i + c];
                move_body(w->bodies, free_k[i], s);
            }
            int deep = 0; /* no chain through the seabed */
            for (int i = 0; i < nf; i++) deep |= below_seabed(w, d, free_k[i]) > sb[i];
            if (deep) continue;
            st = static_residual(w, d, pts, free_k, nf, r1, msg, len);
            if (st == HW_ERR_NOT_CONVERGED) { st = HW_OK; continue; } /* a trial too far: shorter */
            if (st) break;
            mer1 = merit(r1, n, fs, fs * ls);
            if (mer1 < mer) { res1 = resnorm(r1, n, fs, fs * ls); break; }
        }
        if (st) break;
        if (!(mer1 < mer)) { /* no decrease along this step */
            restore_states(w, free_k, nf, s0);
            if (fresh == 1) { /* with a fresh Jacobian: a smaller trust radius, twice at most */
                if (++stalled > 2) break;
                radius *= 0.1;
            }
            fresh = fresh == 1; /* a Broyden Jacobian is refreshed */
            continue;
        }
        stalled = 0;
        /* the trust radius follows the steps taken; the Jacobian is Broyden-updated after a whole
           step ("good" Broyden in scaled units: J += (dr - J dy) dy^T / dy^T dy), else refreshed */
        double yn = 0.0;
        for (int i = 0; i < nf; i++)
            yn = fmax(yn, alpha * sqrt(y[6 * i] * y[6 * i] + y[6 * i + 1] * y[6 * i + 1] + y[6 * i + 2] * y[6 * i + 2]));
        if (alpha >= cut && cut >= 1.0) radius = fmax(radius, 2.0 * yn);
        else if (alpha < cut) radius = fmax(2.0 * yn, 1e-3);
        else radius *= 2.0;
        if (alpha >= cut) {
            double yy = 0.0;
            for (int j = 0; j < n; j++) yy += alpha * y[j] * alpha * y[j];
            for (int i = 0; i < n && yy > 0; i++) {
                double p = 0.0;
                for (int j = 0; j < n; j++) p += J[i * n + j] * alpha * y[j];
                double q = ((r1[i] - r[i]) / rs[i] - p) / yy;
                for (int j = 0; j < n; j++) J[i * n + j] += q * alpha * y[j];
            }
            fresh = 2;
        } else {
            fresh = 0;
        }
        memcpy(r, r1, (size_t)n * sizeof(double));
        res = res1;
        mer = mer1;
    }
    w->static_iters = it;
    w->static_res = res;
    w->static_inner_tol = 0.0;
    if (!st && res > tol) {
        /* the body with the largest scaled net load, its force and moment and the likely cause */
        int kb = 0;
        double worst = -1.0;
        for (int i = 0; i < nf; i++) {
            double m = resnorm(r + 6 * i, 6, fs, fs * ls);
            if (m > worst) { worst = m; kb = i; }
        }
        const double *f = r + 6 * kb;
        const hw_body_def *b = hw_bodies_def(w->bodies, free_k[kb]);
        double x[3];
        hw_bodies_state(w->bodies, free_k[kb], x, NULL, NULL, NULL);
        double mt, vc;
        hw_body_mass_props(b, &mt, NULL, NULL, &vc);
        double up = (rho * (b->volume + vc) - mt) * g; /* with its cylinders whole under water */
        const char *cause = "a body the lines do not hold (no restoring in some direction), or lines too slack to "
                            "find";
        if (sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]) > 4.0 * fmax(fs, fabs(up)))
            cause = "line loads many times the body's weight and buoyancy left unbalanced: the equilibrium lies "
                    "along a path the iteration could not follow (a short, stiff line holding the body, for one)";
        else if (up > 0 && f[2] > 0.5 * fabs(up) && b->awp <= 0)
            cause = "more net buoyancy than the lines' weight and stiffness can hold (a body without waterplane "
                    "keeps its whole buoyancy)";
        else if (up < 0 && f[2] < -0.5 * fabs(up))
            cause = "more weight than the lines can hold off the seabed";
        snprintf(msg, len, "world statics: body '%s' not in equilibrium after %d iterations (%d lumped static "
                 "solves): net force (%.4g, %.4g, %.4g) N and moment (%.4g, %.4g, %.4g) N m at (%.4g, %.4g, %.4g) m "
                 "(largest %.3g of its weight/buoyancy scale %.4g N, tolerance %.3g; net buoyancy %.4g N): likely "
                 "cause: %s; try solver.static_solve: false (TmaxIC 0 in a MoorDyn deck)", b->name ? b->name : "", it, w->static_solves, f[0],
                 f[1], f[2], f[3], f[4], f[5], x[0], x[1], x[2], res, fs, tol, up, cause);
        st = HW_ERR_NOT_CONVERGED;
    }
    for (int i = 0; !st && i < nf; i++) { /* an equilibrium out of the water, for a body without
                                             waterplane (whose buoyancy the model keeps whole) */
        const hw_body_def *b = hw_bodies_def(w->bodies, free_k[i]);
        double x[3], q[4];
        hw_bodies_state(w->bodies, free_k[i], x, q, NULL, NULL);
        hw_body_s s;
        s.r = hw_v3_make(x[0], x[1], x[2]);
        s.q = hw_quat_make(q[0], q[1], q[2], q[3]);
        double zb = hw_body_point(&s, hw_v3_make(b->cb[0], b->cb[1], b->cb[2])).z;
        if (b->awp <= 0 && b->volume > 0 && zb > 0) {
            double up = (rho * b->volume - b->mass) * g;
            snprintf(msg, len, "world statics: body '%s' has no equilibrium under water: the lines balance it only "
                     "with its centre of buoyancy %.4g m above the surface (at (%.4g, %.4g, %.4g) m), where it "
                     "would have no buoyancy: its net buoyancy %.4g N is more than the lines' weight holds "
                     "below the surface (no waterplane given: awp 0); give it a waterplane area, less volume or "
                     "heavier or shorter lines (%d iterations, %d lumped static solves)",
                     b->name ? b->name : "", zb, x[0], x[1], x[2], up, it, w->static_solves);
            st = HW_ERR_NOT_CONVERGED;
        }
    }
    free(free_k); free(buf);
    return st;
}

hw_status hw_world_create(const hw_world_def *d, hw_world **out, char *msg, size_t len)
{
    if (!out) return HW_ERR_INVALID_ARG;
    *out = NULL;
    if (msg && len) msg[0] = 0;
    if (!d || !d->lumped) { snprintf(msg, len, "world: no definition (lumped model required, zero lines allowed)"); return HW_ERR_INVALID_ARG; }
    if (d->rigid && d->rigid_handle) { snprintf(msg, len, "world: give the rigid cables as a definition or a handle, not both"); return HW_ERR_INPUT; }
    if (d->network && d->network_handle) { snprintf(msg, len, "world: give the network as a definition or a handle, not both"); return HW_ERR_INPUT; }
    for (int j = 0; d->rc_bodies && j < d->n_rc_bodies; j++) /* each end's solve integrates its body */
        for (int i = 0; i < j; i++) {
            const hw_world_rc_body *a = &d->rc_bodies[i], *b = &d->rc_bodies[j];
            if (a->body != b->body || b->body < 0 || b->body >= d->n_bodies || !d->bodies) continue;
            snprintf(msg, len, "%s: body '%s' is on two rigid cable ends (cable %d end %c and cable %d end %c): a body "
                     "on one rigid cable end only for now (each end's solve integrates its body)",
                     d->file ? d->file : "world", d->bodies[b->body].name ? d->bodies[b->body].name : "", a->cable,
                     a->end ? 'B' : 'A', b->cable, b->end ? 'B' : 'A');
            return HW_ERR_INPUT;
        }
    hw_world *w = (hw_world *)calloc(1, sizeof *w);
    if (!w) { snprintf(msg, len, "world: out of memory"); return HW_ERR_NOMEM; }
    const hw_model_def *m = d->lumped;
    hw_status st = hw_waves_create(&m->env, &w->waves, msg, len);
    if (st) { hw_world_destroy(w); return st; }
    double rep = hw_waves_repeat_period(w->waves);
    int irregular = m->env.waves.kind == HW_WAVES_SPECTRUM || m->env.waves.kind == HW_WAVES_ELEVATION;
    if (d->log && irregular && rep > 0.0 && m->solver.t_end > rep) { /* said, not silent: an irregular sea
                                                                       that repeats is not irregular */
        char note[256];
        snprintf(note, sizeof note, "waves: the sea repeats itself after %.6g s and the run lasts %.6g s "
                 "(more frequencies, or a record this long, make it longer; docs/physics.md section 10)",
                 rep, m->solver.t_end);
        d->log(d->log_user, 1, note);
    }
    hw_point_def *pts = NULL;
    if (m->n_points > 0) {
        pts = (hw_point_def *)malloc((size_t)m->n_points * sizeof *pts);
        if (!pts) { hw_world_destroy(w); snprintf(msg, len, "world: out of memory"); return HW_ERR_NOMEM; }
        memcpy(pts, m->points, (size_t)m->n_points * sizeof *pts);
    }
    if (d->n_body_points > 0 && m->n_lines < 1) {
        snprintf(msg, len, "world: body_points ride lumped points, and the lumped model has no lines");
        st = HW_ERR_INPUT;
    }
    hw_body_def *bd = NULL; /* a body a rigid cable holds is integrated there: coupled here */
    if (!st && d->n_bodies > 0) {
        bd = (hw_body_def *)malloc((size_t)d->n_bodies * sizeof *bd);
        if (!bd) st = HW_ERR_NOMEM;
        else memcpy(bd, d->bodies, (size_t)d->n_bodies * sizeof *bd);
        for (int j = 0; bd && j < d->n_rc_bodies; j++)
            if (d->rc_bodies && d->rc_bodies[j].body >= 0 && d->rc_bodies[j].body < d->n_bodies)
                bd[d->rc_bodies[j].body].kind = HW_BODY_COUPLED;
    }
    if (!st) st = hw_bodies_create(bd, d->n_bodies, d->body_points, d->n_body_points, m, &w->bodies, msg, len);
    if (!st && hw_waves_count(w->waves) > 0) st = hw_bodies_set_waves(w->bodies, w->waves, msg, len);
    free(bd);
    for (int k = 0; !st && d->body_loads && k < d->n_bodies; k++) {
        for (int c = 0; c < 6; c++)
            if (!isfinite(d->body_loads[6 * k + c])) {
                snprintf(msg, len, "world: body_loads of body %d: expected 6 finite numbers", k);
                st = HW_ERR_INPUT;
            }
        if (!st) hw_bodies_set_external_load(w->bodies, k, d->body_loads + 6 * k, d->body_loads + 6 * k + 3);
    }
    /* the network */
    if (!st && d->network) {
        if (!(st = hw_net_create(d->network, d->log, d->log_user, &w->net, msg, len))) w->own_net = 1;
    } else if (!st) {
        w->net = d->network_handle;
    }
    /* the lumped lines (the statics: the free bodies' outer iteration first) */
    if (!st && m->n_lines > 0) {
        if (m->solver.static_solve && d->n_body_points > 0) st = world_statics(w, d, pts, msg, len);
        if (!st) st = build_sim(w, d, pts, d->backend, m->solver.static_solve, 0, &w->sim, msg, len);
    } else if (!st && m->solver.static_solve && d->n_bodies > 0 && !d->rigid && !d->rigid_handle &&
               !d->network && !d->network_handle) {
        /* bodies alone (rods without lines): their own equilibrium (a spar's draft, a pinned rod's
           tilt) where one exists; where none does (a rod heavier than water sinks) they start
           where they were placed, with a note */
        int nb = hw_bodies_count(w->bodies);
        double *s0 = (double *)malloc((size_t)7 * (nb > 0 ? nb : 1) * sizeof(double));
        if (!s0) st = HW_ERR_NOMEM;
        for (int k = 0; s0 && k < nb; k++) hw_bodies_state(w->bodies, k, s0 + 7 * k, s0 + 7 * k + 3, NULL, NULL);
        if (s0) st = world_statics(w, d, pts, msg, len);
        if (s0 && st == HW_ERR_NOT_CONVERGED) {
            for (int k = 0; k < nb; k++) hw_bodies_set_state(w->bodies, k, s0 + 7 * k, s0 + 7 * k + 3, NULL, NULL);
            if (d->log) {
                char note[1400];
                snprintf(note, sizeof note, "%s (the bodies start where they were placed)", msg);
                d->log(d->log_user, 1, note);
            }
            if (msg && len) msg[0] = 0;
            st = HW_OK;
        }
        free(s0);
    }
    w->dt = w->sim ? hw_sim_dt(w->sim) : (m->solver.dt > 0 ? m->solver.dt : 0.01);
    w->n_points = m->n_points;
    w->t_end = m->solver.t_end;
    if (!st && (st = keep_names(w, m)) == HW_ERR_NOMEM) snprintf(msg, len, "world: out of memory");
    if (!st && d->n_couplings > 0) {
        if (!w->sim) { snprintf(msg, len, "world: couplings join the network to lumped lines, and there are none"); st = HW_ERR_INPUT; }
        else st = hw_couplings_create(d->couplings, d->n_couplings, m, w->net, d->file ? d->file : "world", &w->cpl, msg, len);
    }
    /* the rigid cables, at the lumped dt */
    if (!st && d->rigid) {
        hw_rc_def rd = *d->rigid;
        /* one sea: the rigid cables in the environment's waves unless their definition has its own */
        if (rd.env.waves.kind == HW_WAVES_NONE) rd.env.waves = m->env.waves;
        if (w->sim) rd.dt = w->dt;
        else w->dt = rd.dt;
        rd.backend = d->backend;
        if (!(st = hw_rc_create(&rd, &w->rc, msg, len))) w->own_rc = 1;
    } else if (!st && d->rigid_handle) {
        w->rc = d->rigid_handle;
        if (!w->sim) w->dt = hw_rc_dt(w->rc);
        else if (fabs(hw_rc_dt(w->rc) - w->dt) > 1e-12 * w->dt) {
            snprintf(msg, len, "world: the rigid cables' dt %.9g s differs from the lumped dt %.9g s (they step together)",
                     hw_rc_dt(w->rc), w->dt);
            st = HW_ERR_INPUT;
        }
    }
    if (!st && d->n_rc_bodies > 0) {
        w->rcb = (hw_world_rc_body *)malloc((size_t)d->n_rc_bodies * sizeof *w->rcb);
        if (!w->rcb) st = HW_ERR_NOMEM;
        for (int j = 0; !st && j < d->n_rc_bodies; j++) {
            const hw_world_rc_body *r = &d->rc_bodies[j];
            if (r->body < 0 || r->body >= d->n_bodies || r->cable < 0 || (r->end != 0 && r->end != 1)) {
                snprintf(msg, len, "world: rc_bodies[%d]: expected a body index, a rigid cable index and end 0 (A) or 1 (B)", j);
                st = HW_ERR_INPUT;
                break;
            }
            w->rcb[j] = *r;
            w->n_rcb = j + 1;
        }
        /* without rigid cables yet (hw_world_add_rigid joins them later): checked and read there */
        if (!st && w->rc) st = join_rc_bodies(w, msg, len);
    }
    if (!st && d->n_rc_body_ends > 0) {
        w->rbe = (hw_world_rc_body_end *)malloc((size_t)d->n_rc_body_ends * sizeof *w->rbe);
        w->rbe_x0 = (double *)calloc(3 * (size_t)d->n_rc_body_ends, sizeof(double));
        if (!w->rbe || !w->rbe_x0 || !d->rc_body_ends) {
            snprintf(msg, len, "world: %s", !d->rc_body_ends ? "n_rc_body_ends > 0 and no rc_body_ends" : "out of memory");
            st = !d->rc_body_ends ? HW_ERR_INVALID_ARG : HW_ERR_NOMEM;
        }
        for (int j = 0; !st && j < d->n_rc_body_ends; j++) {
            const hw_world_rc_body_end *e = &d->rc_body_ends[j];
            if (e->body < 0 || e->body >= d->n_bodies || e->cable < 0 || (e->end != 0 && e->end != 1) ||
                !(isfinite(e->at[0]) && isfinite(e->at[1]) && isfinite(e->at[2]))) {
                snprintf(msg, len, "world: rc_body_ends[%d]: expected a body index, a rigid cable index, end 0 (A) "
                         "or 1 (B) and a finite body-frame point at", j);
                st = HW_ERR_INPUT;
            } else if (d->bodies[e->body].kind == HW_BODY_FREE) {
                snprintf(msg, len, "%s: body '%s' is free: a rigid cable end on a free body is a 6-DOF body end "
                         "(HW_RC_END_BODY6, rc_bodies), which moves the body; rc_body_ends are for fixed, "
                         "prescribed and coupled bodies", d->file ? d->file : "world",
                         d->bodies[e->body].name ? d->bodies[e->body].name : "");
                st = HW_ERR_INPUT;
            } else {
                w->rbe[j] = *e;
                w->n_rbe = j + 1;
            }
        }
        if (!st && w->rc) st = join_rc_body_ends(w, msg, len);
    }
    if (!st) st = set_rc_points(w, d->rc_points, d->n_rc_points, msg, len);
    if (!st && w->sim) st = hw_bodies_read_loads(w->bodies, w->sim);
    if (!st) track(w, 1); /* the extremes' first sample */
    w->points_stale = 1;
    free(pts);
    if (st) {
        if (msg && len && !msg[0]) snprintf(msg, len, "world: %s", hw_status_str(st));
        hw_world_destroy(w);
        return st;
    }
    *out = w;
    return HW_OK;
}

void hw_world_state_records(hw_world *w, hw_world_record_fn rec, void *ctx)
{
#define WR(f) rec(ctx, "world." #f, &w->f, sizeof w->f)
    WR(t); WR(t_base); WR(t_steps); WR(steps); WR(failed); WR(points_stale); WR(static_iters); WR(static_res);
#undef WR
    hw_bodies_state_records(w->bodies, rec, ctx);
}

hw_status hw_world_body_extremes(const hw_world *w, int k, hw_body_extremes *e)
{
    return w ? hw_bodies_extremes(w->bodies, k, e) : HW_ERR_INVALID_ARG;
}
