/* Definition defaults and the semantic checks of a model definition. Field names in errors are
 * the scenario file's keys, so the YAML loader can point at the offending line. */
#include <math.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hawser/hawser.h"
#include "model/model_check.h"
#include "model/winch_drive.h"
#include "physics/motion.h"
#include "physics/segment.h"
#include "physics/seabed.h"
#include "physics/syrope.h"

const char *const hw_integ_keys[HW_INT_COUNT + 1] = {"symplectic_euler", "rk2", "rk4", "euler", "ab2",
                                                     "ab3", "ab4", "moordyn_heun", "beuler", "midpoint",
                                                     "aca", "wilson", NULL};

hw_env_def hw_default_env(void)
{
    hw_env_def e;
    memset(&e, 0, sizeof e);
    e.g = 9.80665;
    e.rho_w = 1025.0;
    e.depth = 100.0;
    e.seabed_k = 3.0e6;
    e.seabed_c = 3.0e5;
    e.friction_v = 1.0e-2;
    return e;
}

hw_line_type_def hw_default_line_type(void)
{
    hw_line_type_def t;
    memset(&t, 0, sizeof t);
    t.name = "";
    t.cdn = 1.2;
    t.cdt = 0.008;
    t.can = 1.0;
    t.cat = 0.0;
    t.viv_cf = 0.18;
    t.viv_df = 0.08;
    return t;
}

hw_point_def hw_default_point(void)
{
    hw_point_def p;
    memset(&p, 0, sizeof p);
    p.name = "";
    p.kind = HW_POINT_FIXED;
    p.motion = HW_MOTION_CONSTANT_VELOCITY;
    p.period = 1.0;
    return p;
}

hw_line_def hw_default_line(void)
{
    hw_line_def l;
    memset(&l, 0, sizeof l);
    l.name = "";
    l.nseg = 20;
    l.winch.end = HW_WINCH_NONE;
    l.winch.mode = HW_WINCH_SPEED;
    l.winch.tau = 2.0;
    l.winch.max_speed = 1.0;
    l.winch.drum_bearing = 0.001;
    l.failure.time = -1.0;
    return l;
}

hw_solver_def hw_default_solver(void)
{
    hw_solver_def s;
    memset(&s, 0, sizeof s);
    s.dt = 0.0;
    s.dt_safety = 0.5;
    s.t_end = 10.0;
    s.integrator = HW_INT_RK2;
    s.static_solve = 1;
    s.static_tol = 1.0e-6;
    s.static_max_iter = 200;
    s.max_strain = 1.0;
    s.iterations = 5;
    return s;
}

hw_model_def hw_default_model(void)
{
    hw_model_def m;
    memset(&m, 0, sizeof m);
    m.env = hw_default_env();
    m.solver = hw_default_solver();
    return m;
}

static hw_status fail(hw_input_error *err, hw_section sec, int index, const char *field,
                      const char *fmt, ...)
{
    if (err) {
        err->section = sec;
        err->index = index;
        snprintf(err->field, sizeof err->field, "%s", field);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return HW_ERR_INPUT;
}

#define FAIL(...) return fail(err, __VA_ARGS__)
static int finite(double x) { return isfinite(x); }

static hw_status check_increasing(hw_input_error *err, hw_section sec, int idx, const char *field,
                                  const double *x, int n, int stride, const char *what)
{
    for (int k = 0; k < n; k++)
        if (!finite(x[k * stride]))
            FAIL(sec, idx, field, "expected finite %s, got %g at row %d", what, x[k * stride], k);
    for (int k = 1; k < n; k++)
        if (!(x[k * stride] > x[(k - 1) * stride]))
            FAIL(sec, idx, field, "expected strictly increasing %s, got %g after %g at row %d",
                 what, x[k * stride], x[(k - 1) * stride], k);
    return HW_OK;
}

static hw_status check_env(const hw_env_def *e, hw_input_error *err)
{
    const hw_section S = HW_SEC_ENVIRONMENT;
    if (!(finite(e->g) && e->g >= 0)) FAIL(S, -1, "gravity", "expected a value >= 0, got %g", e->g);
    if (!(finite(e->rho_w) && e->rho_w >= 0))
        FAIL(S, -1, "water_density", "expected a value >= 0, got %g", e->rho_w);
    if (!(finite(e->depth) && e->depth > 0))
        FAIL(S, -1, "depth", "expected a water depth > 0, got %g", e->depth);
    if (!(finite(e->seabed_k) && e->seabed_k >= 0))
        FAIL(S, -1, "seabed.stiffness", "expected a value >= 0, got %g", e->seabed_k);
    if (!(finite(e->seabed_c) && e->seabed_c >= 0))
        FAIL(S, -1, "seabed.damping", "expected a value >= 0, got %g", e->seabed_c);
    if (!(finite(e->friction_v) && e->friction_v > 0))
        FAIL(S, -1, "seabed.friction_velocity", "expected a value > 0, got %g", e->friction_v);
    const hw_current_def *c = &e->current;
    if (c->n_depth < 0) FAIL(S, -1, "current.profile", "expected at least one row");
    if (c->n_depth > 0) {
        if (!c->z || !c->ux || !c->uy || !c->uz)
            FAIL(S, -1, "current.profile", "expected z, ux, uy and uz arrays");
        hw_status st = check_increasing(err, S, -1, "current.profile", c->z, c->n_depth, 1, "z");
        if (st) return st;
        int nt = c->n_time > 1 ? c->n_time : 1;
        if (c->n_time > 1) {
            if (!c->t) FAIL(S, -1, "current.times", "expected a time array");
            st = check_increasing(err, S, -1, "current.times", c->t, c->n_time, 1, "times");
            if (st) return st;
        }
        if (c->n_x > 1) {
            if (!c->x) FAIL(S, -1, "current.grid.x", "expected an x array");
            if ((st = check_increasing(err, S, -1, "current.grid.x", c->x, c->n_x, 1, "x"))) return st;
        }
        if (c->n_y > 1) {
            if (!c->y) FAIL(S, -1, "current.grid.y", "expected a y array");
            if ((st = check_increasing(err, S, -1, "current.grid.y", c->y, c->n_y, 1, "y"))) return st;
        }
        nt *= (c->n_x > 1 ? c->n_x : 1) * (c->n_y > 1 ? c->n_y : 1); /* the columns of the grid */
        for (int k = 0; k < nt * c->n_depth; k++)
            if (!(finite(c->ux[k]) && finite(c->uy[k]) && finite(c->uz[k])))
                FAIL(S, -1, "current.profile", "expected finite velocities, got a non-finite value");
    }
    const hw_bathymetry_def *b = &e->bathymetry;
    if (b->nx != 0) {
        if (b->nx < 1 || b->ny < 1 || !b->x || !b->y || !b->depth)
            FAIL(S, -1, "seabed.bathymetry", "expected at least one x and one y value and their "
                 "depths, got %d x and %d y values", b->nx, b->ny);
        hw_status st = check_increasing(err, S, -1, "seabed.bathymetry.x", b->x, b->nx, 1, "x values");
        if (st) return st;
        st = check_increasing(err, S, -1, "seabed.bathymetry.y", b->y, b->ny, 1, "y values");
        if (st) return st;
        for (int k = 0; k < b->nx * b->ny; k++)
            if (!(finite(b->depth[k]) && b->depth[k] > 0))
                FAIL(S, -1, "seabed.bathymetry.depth",
                     "expected finite depths > 0 m (positive down), got %g at y row %d, x column %d",
                     b->depth[k], k / b->nx, k % b->nx);
    }
    return HW_OK;
}

/* BA_table: rates increasing, every force with its rate's sign or zero (the damping dissipates);
 * rates all >= 0 (mirrored to negative rates): forces >= 0 and zero at a zero rate. */
static hw_status check_damping_table(const hw_line_type_def *t, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE_TYPE;
    const hw_table *tb = &t->ba_table;
    if (tb->n < 2 || !tb->x || !tb->y) FAIL(S, i, "BA_table", "expected at least 2 rows, got %d", tb->n);
    if (t->ba > 0 || t->damping_ratio > 0)
        FAIL(S, i, "BA_table", "expected either BA_table or BA/damping_ratio, got both");
    if (t->syrope.on || t->ea_d != 0 || t->ba_d != 0)
        FAIL(S, i, "BA_table", "expected a BA_table on an elastic line, got it with Syrope or viscoelastic");
    hw_status st = check_increasing(err, S, i, "BA_table", tb->x, tb->n, 1, "strain rate");
    if (st) return st;
    for (int k = 0; k < tb->n; k++) {
        if (!(finite(tb->x[k]) && finite(tb->y[k])))
            FAIL(S, i, "BA_table", "expected finite numbers, got %g, %g in row %d", tb->x[k], tb->y[k], k);
        if (tb->x[k] * tb->y[k] < 0 || (tb->x[k] == 0 && tb->y[k] != 0))
            FAIL(S, i, "BA_table", "expected a damping force of the strain rate's sign (0 at rate 0: it "
                 "dissipates), got %g at %g in row %d", tb->y[k], tb->x[k], k);
    }
    return HW_OK;
}

static hw_status check_type(const hw_line_type_def *t, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE_TYPE;
    if (!(finite(t->d) && t->d > 0)) FAIL(S, i, "diameter", "expected a diameter > 0 m, got %g", t->d);
    if (!(finite(t->mu) && t->mu > 0))
        FAIL(S, i, "mass_per_length", "expected a mass per length > 0 kg/m, got %g", t->mu);
    if (t->ea_table.n > 0) {
        const hw_table *tb = &t->ea_table;
        if (tb->n < 2) FAIL(S, i, "EA_table", "expected at least 2 rows, got %d", tb->n);
        if (!tb->x || !tb->y) FAIL(S, i, "EA_table", "expected strain and tension arrays");
        if (!(tb->x[0] >= 0))
            FAIL(S, i, "EA_table", "expected strains >= 0, got %g in row 0", tb->x[0]);
        hw_status st = check_increasing(err, S, i, "EA_table", tb->x, tb->n, 1, "strain");
        if (st) return st;
        for (int k = 0; k < tb->n; k++) {
            if (!(finite(tb->y[k]) && tb->y[k] >= 0))
                FAIL(S, i, "EA_table", "expected tensions >= 0, got %g in row %d", tb->y[k], k);
            if (k > 0 && tb->y[k] <= tb->y[k - 1])
                FAIL(S, i, "EA_table", "expected tension to increase with strain, got %g after %g in row %d",
                     tb->y[k], tb->y[k - 1], k);
        }
        if (tb->x[0] == 0 && tb->y[0] != 0)
            FAIL(S, i, "EA_table", "expected zero tension at zero strain, got %g", tb->y[0]);
    } else if (!t->syrope.on && !(finite(t->ea) && t->ea > 0)) {
        FAIL(S, i, "EA", "expected an axial stiffness EA > 0 N (or an EA_table), got %g", t->ea);
    }
    if (!(finite(t->ba) && t->ba >= 0)) FAIL(S, i, "BA", "expected a damping BA >= 0 N s, got %g", t->ba);
    if (!(finite(t->damping_ratio) && t->damping_ratio >= 0))
        FAIL(S, i, "damping_ratio", "expected a damping ratio >= 0, got %g", t->damping_ratio);
    if (t->ba > 0 && t->damping_ratio > 0)
        FAIL(S, i, "damping_ratio", "expected either BA or damping_ratio, got both");
    if (t->ba_table.n > 0) {
        hw_status st = check_damping_table(t, i, err);
        if (st) return st;
    }
    if (!(finite(t->ei) && t->ei >= 0)) FAIL(S, i, "EI", "expected EI >= 0 N m^2, got %g", t->ei);
    const struct { const char *k; double v; } co[] = {
        {"Cdn", t->cdn}, {"Cdt", t->cdt}, {"Can", t->can}, {"Cat", t->cat},
        {"seabed_friction", t->seabed_mu}};
    for (size_t k = 0; k < sizeof co / sizeof co[0]; k++)
        if (!(finite(co[k].v) && co[k].v >= 0))
            FAIL(S, i, co[k].k, "expected a coefficient >= 0, got %g", co[k].v);
    if (!(finite(t->mbl) && t->mbl >= 0))
        FAIL(S, i, "mbl", "expected a minimum breaking load > 0 N, got %g", t->mbl);
    if (t->ea_d_slope != 0 && t->ea_d == 0)
        FAIL(S, i, "viscoelastic.EA_d", "expected EA_d (alpha, the dynamic stiffness at zero mean load) "
             "with EA_d_slope, got none");
    if (t->syrope.on) { /* Syrope (kernels/physics/syrope.h) */
        const hw_table *tb = &t->syrope.owc;
        if (t->ea_table.n > 0 || t->ea_d != 0 || t->ea_d_slope != 0)
            FAIL(S, i, "syrope", "expected Syrope alone, got it with an EA_table or viscoelastic");
        if (tb->n < 2 || !tb->x || !tb->y)
            FAIL(S, i, "syrope.OWC", "expected an original working curve of at least 2 rows, got %d", tb->n);
        if (!(tb->x[0] >= 0 && tb->y[0] >= 0))
            FAIL(S, i, "syrope.OWC", "expected strain and tension >= 0 in row 0, got %g, %g", tb->x[0], tb->y[0]);
        hw_status st = check_increasing(err, S, i, "syrope.OWC", tb->x, tb->n, 1, "strain");
        if (!st) st = check_increasing(err, S, i, "syrope.OWC", tb->y, tb->n, 1, "tension");
        if (st) return st;
        if (t->syrope.curve < HW_SYROPE_LINEAR || t->syrope.curve > HW_SYROPE_EXP)
            FAIL(S, i, "syrope.curve", "expected linear, quadratic or exp, got %d", t->syrope.curve);
        if (!(finite(t->syrope.k1) && t->syrope.k1 >= 0 &&
              (t->syrope.k1 < 1 || t->syrope.curve == HW_SYROPE_LINEAR)))
            FAIL(S, i, "syrope.k1", "expected 0 <= k1 < 1 (a linear curve: or its stiffness >= 1 N), got %g",
                 t->syrope.k1);
        if (!finite(t->syrope.k2) || (t->syrope.curve == HW_SYROPE_EXP && t->syrope.k2 == 0))
            FAIL(S, i, "syrope.k2", "expected a finite k2 (exp: not 0), got %g", t->syrope.k2);
        if (!(finite(t->syrope.alpha) && t->syrope.alpha > 0))
            FAIL(S, i, "syrope.alpha", "expected the fast spring's stiffness alpha > 0 N, got %g", t->syrope.alpha);
        if (!(finite(t->syrope.beta) && t->syrope.beta > 0))
            FAIL(S, i, "syrope.beta", "expected the fast spring's slope beta > 0, got %g", t->syrope.beta);
        if (!(finite(t->ba_d) && t->ba_d >= 0))
            FAIL(S, i, "syrope.BA_d", "expected a damping BA_d >= 0 N s, got %g", t->ba_d);
        if (!(t->ba > 0 || t->ba_d > 0))
            FAIL(S, i, "BA", "expected BA (BA_s) > 0 N s or syrope.BA_d > 0: with neither the slow strain "
                 "has no rate, got none");
        if (t->damping_ratio > 0)
            FAIL(S, i, "damping_ratio", "expected BA (BA_s, N s) for a Syrope line, got a damping ratio");
    } else if (t->ea_d != 0 || t->ba_d != 0) { /* viscoelastic (kernels/physics/viscoelastic.h) */
        if (t->ea_table.n > 0)
            FAIL(S, i, "viscoelastic", "expected either an EA_table or viscoelastic, got both");
        if (!(finite(t->ea_d) && t->ea_d > t->ea))
            FAIL(S, i, "viscoelastic.EA_d", "expected a dynamic stiffness EA_d > EA (the static stiffness, "
                 "%g N), got %g", t->ea, t->ea_d);
        if (!(finite(t->ba_d) && t->ba_d >= 0))
            FAIL(S, i, "viscoelastic.BA_d", "expected a damping BA_d >= 0 N s, got %g", t->ba_d);
        if (!(finite(t->ea_d_slope) && t->ea_d_slope >= 0))
            FAIL(S, i, "viscoelastic.EA_d_slope", "expected a mean-load slope of EA_d >= 0, got %g",
                 t->ea_d_slope);
        if (!(t->ba_d > 0 || t->ba > 0 || t->damping_ratio > 0))
            FAIL(S, i, "viscoelastic.BA_d", "expected BA_d > 0 N s or a static damping (BA or "
                 "damping_ratio) > 0: with neither the strain of the first spring has no rate, got none");
    }
    if (t->viv_cl != 0) { /* vortex-induced vibration (kernels/physics/viv.h) */
        if (!(finite(t->viv_cl) && t->viv_cl > 0))
            FAIL(S, i, "viv.Cl", "expected a lift coefficient Cl >= 0, got %g", t->viv_cl);
        if (!(finite(t->viv_cf) && t->viv_cf > 0))
            FAIL(S, i, "viv.cF", "expected a centre frequency cF > 0, got %g", t->viv_cf);
        if (!(finite(t->viv_df) && t->viv_df >= 0))
            FAIL(S, i, "viv.dF", "expected a frequency half-range dF >= 0, got %g", t->viv_df);
        if (!(finite(t->viv_tau) && t->viv_tau >= 0))
            FAIL(S, i, "viv.tau", "expected an averaging time tau >= 0 s (0: 500 time steps), got %g",
                 t->viv_tau);
    }
    return HW_OK;
}

static hw_status check_point(const hw_point_def *p, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_POINT;
    if (p->kind < HW_POINT_FIXED || p->kind > HW_POINT_COUPLED)
        FAIL(S, i, "type", "expected fixed, prescribed, free or coupled, got %d", (int)p->kind);
    for (int c = 0; c < 3; c++)
        if (!finite(p->pos[c])) FAIL(S, i, "position", "expected finite coordinates");
    if (p->kind == HW_POINT_PRESCRIBED) {
        switch (p->motion) {
        case HW_MOTION_CONSTANT_VELOCITY:
            for (int c = 0; c < 3; c++)
                if (!finite(p->vel[c])) FAIL(S, i, "motion.velocity", "expected finite values");
            break;
        case HW_MOTION_SINUSOID:
            for (int c = 0; c < 3; c++)
                if (!finite(p->amp[c])) FAIL(S, i, "motion.amplitude", "expected finite values");
            if (!(finite(p->period) && p->period > 0))
                FAIL(S, i, "motion.period", "expected a period > 0 s, got %g", p->period);
            if (!finite(p->phase)) FAIL(S, i, "motion.phase", "expected a finite phase (rad)");
            break;
        case HW_MOTION_TABLE: {
            if (p->table_n < 2 || !p->table_t || !p->table_xyz)
                FAIL(S, i, "motion.table", "expected at least 2 rows [t, dx, dy, dz], got %d", p->table_n);
            hw_status st = check_increasing(err, S, i, "motion.table", p->table_t, p->table_n, 1, "time");
            if (st) return st;
            for (int k = 0; k < 3 * p->table_n; k++)
                if (!finite(p->table_xyz[k])) FAIL(S, i, "motion.table", "expected finite offsets");
            break;
        }
        case HW_MOTION_RAO:
            FAIL(S, i, "motion.type", "expected constant_velocity, sinusoid or table, got rao: RAO motions are for "
                 "bodies only (put the point on a prescribed body with an rao motion)");
        default:
            FAIL(S, i, "motion.type", "expected constant_velocity, sinusoid or table, got %d", (int)p->motion);
        }
    }
    if (p->kind == HW_POINT_FREE) {
        if (!(finite(p->mass) && p->mass >= 0)) FAIL(S, i, "mass", "expected a mass >= 0 kg, got %g", p->mass);
        if (!(finite(p->volume) && p->volume >= 0)) FAIL(S, i, "volume", "expected a volume >= 0 m^3, got %g", p->volume);
        if (!(finite(p->cda) && p->cda >= 0)) FAIL(S, i, "drag_area", "expected a drag area >= 0 m^2, got %g", p->cda);
        if (!(finite(p->ca) && p->ca >= 0))
            FAIL(S, i, "added_mass_coefficient", "expected a coefficient >= 0, got %g", p->ca);
    }
    return HW_OK;
}

static hw_status check_line(const hw_model_def *m, const hw_line_def *l, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE;
    if (l->type < 0 || l->type >= m->n_types)
        FAIL(S, i, "type", "expected a line type index 0..%d, got %d", m->n_types - 1, l->type);
    if (l->point_a < 0 || l->point_a >= m->n_points)
        FAIL(S, i, "end_a", "expected a point index 0..%d, got %d", m->n_points - 1, l->point_a);
    if (l->point_b < 0 || l->point_b >= m->n_points)
        FAIL(S, i, "end_b", "expected a point index 0..%d, got %d", m->n_points - 1, l->point_b);
    if (l->point_a == l->point_b)
        FAIL(S, i, "end_b", "expected a different point from end_a, got the same point for both ends");
    if (!(finite(l->length) && l->length > 0))
        FAIL(S, i, "length", "expected an unstretched length > 0 m, got %g", l->length);
    if (l->nseg < 1) FAIL(S, i, "segments", "expected a segment count >= 1, got %d", l->nseg);
    if (l->nseg > HW_MAX_LINE_SEGMENTS)
        FAIL(S, i, "segments", "expected at most %d segments per line (README, Limits), got %d",
             HW_MAX_LINE_SEGMENTS, l->nseg);
    for (int e = 0; e < 2; e++) { /* clamped ends */
        const double *c = l->clamp[e];
        if (c[0] == 0 && c[1] == 0 && c[2] == 0) continue;
        const char *f = e ? "clamp_b" : "clamp_a";
        if (!(finite(c[0]) && finite(c[1]) && finite(c[2])))
            FAIL(S, i, f, "expected a finite direction [dx, dy, dz], got [%g, %g, %g]", c[0], c[1], c[2]);
        if (!(m->types[l->type].ei > 0))
            FAIL(S, i, f, "expected a line type with EI > 0 (a clamp holds the line's bending), got "
                 "EI = %g N m^2", m->types[l->type].ei);
        if (m->points[e ? l->point_b : l->point_a].kind == HW_POINT_FREE)
            FAIL(S, i, f, "expected an end on a fixed, prescribed or body point (a free point does not "
                 "turn: it cannot hold a direction), got free point '%s'",
                 m->points[e ? l->point_b : l->point_a].name);
    }
    for (int e = 0; e < 2; e++) { /* ends on a bending joint */
        if (!l->clamp_axis[e]) continue;
        const char *f = e ? "clamp_b" : "clamp_a";
        if (l->clamp_axis[e] != 1 && l->clamp_axis[e] != -1)
            FAIL(S, i, f, "expected the joint side +1 (axis) or -1 (-axis), got %d", l->clamp_axis[e]);
        if (!(m->types[l->type].ei > 0))
            FAIL(S, i, f, "expected a line type with EI > 0 (a joint holds the line's bending), got "
                 "EI = %g N m^2", m->types[l->type].ei);
        const double *c = l->clamp[e];
        if (c[0] != 0 || c[1] != 0 || c[2] != 0)
            FAIL(S, i, f, "expected either a clamp direction or a joint axis on one end, got both");
        if (l->winch.end != HW_WINCH_NONE && (l->winch.end == HW_WINCH_A) == (e == 0))
            FAIL(S, i, f, "expected an end without a winch on a bending joint (the end segment's "
                 "length would change under the joint), got a winch at end %c", e ? 'b' : 'a');
    }
    const hw_winch_def *w = &l->winch;
    if (w->end == HW_WINCH_NONE) return HW_OK;
    char field[48], why[256];
    if (hw_winch_check(w, l->length, l->nseg, "line", "segments", field, sizeof field, why, sizeof why))
        FAIL(S, i, field, "%s", why);
    return HW_OK;
}

/* A line's start state (hw_line_def.start_pos): finite, on a line that does not reel, with the
 * static solve off (it would replace the state). */
static int on_a_sheave(const hw_model_def *m, int l)
{
    for (int k = 0; k < m->n_sheaves && m->sheaves; k++)
        if (m->sheaves[k].line_in == l || m->sheaves[k].line_out == l) return 1;
    return 0;
}

/* Line i (l) reels: a winch or a sheave at either end. */
static int line_reels(const hw_model_def *m, const hw_line_def *l, int i)
{
    return l->winch.end != HW_WINCH_NONE || on_a_sheave(m, i);
}

static hw_status check_start(const hw_model_def *m, const hw_line_def *l, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE;
    if (!l->start_pos) {
        if (l->start_vel) FAIL(S, i, "start.velocities", "expected start positions with the velocities, got none");
        return HW_OK;
    }
    if (m->solver.static_solve)
        FAIL(S, i, "start", "expected solver.static_solve: false with a start state (the static solve would "
             "replace it), got static_solve on");
    if (line_reels(m, l, i)) FAIL(S, i, "start", "expected a line without a winch or sheave, got one");
    for (int k = 0; k < 3 * (l->nseg + 1); k++) {
        if (!finite(l->start_pos[k]))
            FAIL(S, i, "start.positions", "expected finite positions, got %g at node %d", l->start_pos[k], k / 3);
        if (l->start_vel && !finite(l->start_vel[k]))
            FAIL(S, i, "start.velocities", "expected finite velocities, got %g at node %d", l->start_vel[k], k / 3);
    }
    return HW_OK;
}

/* A line's failure rule (hw_failure_def): a trigger, a place that exists, no reeling end. */
static hw_status check_failure(const hw_model_def *m, const hw_line_def *l, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE;
    const hw_failure_def *f = &l->failure;
    if (!f->on) return HW_OK;
    if (!(finite(f->tension) && f->tension >= 0))
        FAIL(S, i, "failure.tension", "expected a tension > 0 N or mbl, got %g", f->tension);
    if (f->use_mbl && !(m->types[l->type].mbl > 0))
        FAIL(S, i, "failure.tension", "expected the line type '%s' to give an mbl (tension: mbl), got none",
             m->types[l->type].name ? m->types[l->type].name : "");
    if (!(f->time == f->time) || isinf(f->time))
        FAIL(S, i, "failure.time", "expected a time >= 0 s, got %g", f->time);
    int has_tension = f->use_mbl || f->tension > 0, has_time = f->time >= 0;
    if (!has_tension && !has_time)
        FAIL(S, i, "failure", "expected a trigger (tension: a value or mbl, or time: s), got neither");
    if (f->at > l->nseg || f->at < HW_FAIL_END_B)
        FAIL(S, i, "failure.at", "expected any, a, b or a segment 1..%d, got %d", l->nseg, f->at);
    if (f->at == HW_FAIL_ANY && !has_tension)
        FAIL(S, i, "failure.at", "expected a, b or a segment number for a break on time alone, got any");
    if (line_reels(m, l, i))
        FAIL(S, i, "failure", "expected a line without a winch or sheave (a reeling line cannot break), got one");
    return HW_OK;
}

/* A viscoelastic line does not reel: a segment inserted or merged by a winch has no strain
 * history for its first spring. */
static hw_status check_visco_line(const hw_model_def *m, const hw_line_def *l, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE;
    const hw_line_type_def *t = &m->types[l->type];
    /* Tmax0 on the OWC's tensions, as MoorDyn 2.7.2 requires (its "Tmax value ... is outside the
     * working curve range" at the first step); 0 too, which 2.7.2 runs into a constant -4.6 MN (a
     * working curve of no span; measured). Tmean0 outside [0, Tmax0] 2.7.2 runs clamped to the
     * curve (measured): refused here, a mean above the maximum having no meaning. */
    const double *ot = t->syrope.owc.y;
    int no = t->syrope.owc.n;
    if (t->syrope.on && !(finite(l->syr_tmax0) && l->syr_tmax0 > 0 && l->syr_tmax0 >= ot[0] && l->syr_tmax0 <= ot[no - 1]))
        FAIL(S, i, "syrope.Tmax0", "expected a running maximum tension on the OWC's, %g <= Tmax0 <= %g N, and > 0, "
             "got %g", ot[0], ot[no - 1], l->syr_tmax0);
    if (t->syrope.on && !(finite(l->syr_tmean0) && l->syr_tmean0 >= 0 && l->syr_tmean0 <= l->syr_tmax0))
        FAIL(S, i, "syrope.Tmean0", "expected a mean tension 0 <= Tmean0 <= Tmax0 (%g N), got %g",
             l->syr_tmax0, l->syr_tmean0);
    if (!(t->ea_d > 0) && !t->syrope.on) return HW_OK;
    if (line_reels(m, l, i))
        FAIL(S, i, "type", "expected an elastic line type for a line on a winch or sheave (a viscoelastic "
             "segment has no strain history when a winch inserts it), got viscoelastic type '%s'",
             m->types[l->type].name ? m->types[l->type].name : "");
    return HW_OK;
}

/* A VIV line does not reel either: a node a winch inserts would have no phase history, and the
 * VIV states do not move with the nodes a winch shifts. */
static hw_status check_viv_line(const hw_model_def *m, const hw_line_def *l, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_LINE;
    if (!(m->types[l->type].viv_cl > 0)) return HW_OK;
    if (line_reels(m, l, i))
        FAIL(S, i, "type", "expected a line type without viv for a line on a winch or sheave (the "
             "vortex-induced vibration states do not follow reeled nodes), got type '%s'",
             m->types[l->type].name ? m->types[l->type].name : "");
    return HW_OK;
}

static int initial_position(const hw_point_def *p, double r[3]); /* below */

/* A line whose two ends are at known places and whose span needs a static strain whose elastic
 * tension (EA strain, or the EA table's) already exceeds the type's MBL cannot hold: refused,
 * naming the span, length, tension and MBL. */
static hw_status check_mbl_geometry(const hw_model_def *m, const hw_line_def *l, int i, hw_input_error *err)
{
    const hw_line_type_def *ty = &m->types[l->type];
    double ra[3], rb[3];
    if (!(ty->mbl > 0) || l->winch.end != HW_WINCH_NONE) return HW_OK;
    if (!initial_position(&m->points[l->point_a], ra) || !initial_position(&m->points[l->point_b], rb))
        return HW_OK;
    double span = sqrt((rb[0] - ra[0]) * (rb[0] - ra[0]) + (rb[1] - ra[1]) * (rb[1] - ra[1]) +
                       (rb[2] - ra[2]) * (rb[2] - ra[2]));
    double e = span / l->length - 1.0;
    if (!(e > 0)) return HW_OK;
    double T = ty->ea_table.n >= 2 ? hw_ea_table_tension(ty->ea_table.x, ty->ea_table.y, ty->ea_table.n, e)
                                   : ty->ea * e;
    if (T > ty->mbl)
        FAIL(HW_SEC_LINE, i, "length",
             "expected a length the span allows below the breaking load, got %g m across a %g m span "
             "(strain %.3g): its static tension %.4g N exceeds the mbl %.4g N of type '%s'; make the "
             "line at least about %.6g m long, or move its ends closer", l->length, span, e, T, ty->mbl,
             ty->name ? ty->name : "", span / (1.0 + e * ty->mbl / T));
    return HW_OK;
}

hw_sheave_def hw_default_sheave(void)
{
    hw_sheave_def k;
    memset(&k, 0, sizeof k);
    k.name = "";
    k.end_in = HW_WINCH_B;
    k.end_out = HW_WINCH_A;
    k.radius = 0.5;
    return k;
}

static int sheave_point(const hw_model_def *m, int line, hw_winch_end end)
{
    return end == HW_WINCH_A ? m->lines[line].point_a : m->lines[line].point_b;
}

static hw_status check_sheave(const hw_model_def *m, const hw_sheave_def *k, int i, hw_input_error *err)
{
    const hw_section S = HW_SEC_SHEAVE;
    if (k->line_in < 0 || k->line_in >= m->n_lines)
        FAIL(S, i, "line_in", "expected a line index 0..%d, got %d", m->n_lines - 1, k->line_in);
    if (k->line_out < 0 || k->line_out >= m->n_lines)
        FAIL(S, i, "line_out", "expected a line index 0..%d, got %d", m->n_lines - 1, k->line_out);
    if (k->line_in == k->line_out)
        FAIL(S, i, "line_out", "expected a different line from line_in, got the same line");
    if (k->end_in != HW_WINCH_A && k->end_in != HW_WINCH_B)
        FAIL(S, i, "end_in", "expected a or b, got %d", (int)k->end_in);
    if (k->end_out != HW_WINCH_A && k->end_out != HW_WINCH_B)
        FAIL(S, i, "end_out", "expected a or b, got %d", (int)k->end_out);
    int pin = sheave_point(m, k->line_in, k->end_in), pout = sheave_point(m, k->line_out, k->end_out);
    if (pin != pout)
        FAIL(S, i, "end_out", "expected both line ends on the sheave's point, got '%s' and '%s'",
             m->points[pin].name, m->points[pout].name);
    const hw_line_def *li = &m->lines[k->line_in], *lo = &m->lines[k->line_out];
    if (li->winch.end == k->end_in || lo->winch.end == k->end_out)
        FAIL(S, i, li->winch.end == k->end_in ? "line_in" : "line_out",
             "expected a line end without a winch (an end reels on a winch or on a sheave), got "
             "line '%s' whose winch is at that end", li->winch.end == k->end_in ? li->name : lo->name);
    if (li->type != lo->type)
        FAIL(S, i, "line_out", "expected the same line type on both sides (one cable), got '%s' and '%s'",
             m->types[li->type].name, m->types[lo->type].name);
    if (!(finite(k->radius) && k->radius > 0)) FAIL(S, i, "radius", "expected a radius > 0 m, got %g", k->radius);
    if (!(finite(k->inertia) && k->inertia >= 0))
        FAIL(S, i, "inertia", "expected an inertia >= 0 kg m^2, got %g", k->inertia);
    if (!(finite(k->bearing) && k->bearing >= 0))
        FAIL(S, i, "bearing", "expected a bearing friction >= 0 N m s/rad, got %g", k->bearing);
    if (!(finite(k->friction) && k->friction >= 0))
        FAIL(S, i, "friction", "expected a friction coefficient >= 0, got %g", k->friction);
    for (int j = 0; j < i; j++) { /* a line end sits on one sheave */
        const hw_sheave_def *o = &m->sheaves[j];
        int ends[2][2] = {{o->line_in, o->end_in}, {o->line_out, o->end_out}};
        for (int q = 0; q < 2; q++) {
            if (ends[q][0] == k->line_in && ends[q][1] == (int)k->end_in)
                FAIL(S, i, "end_in", "expected a line end on no other sheave, got the end of line "
                     "'%s' that sheave '%s' holds", li->name, o->name ? o->name : "");
            if (ends[q][0] == k->line_out && ends[q][1] == (int)k->end_out)
                FAIL(S, i, "end_out", "expected a line end on no other sheave, got the end of line "
                     "'%s' that sheave '%s' holds", lo->name, o->name ? o->name : "");
        }
    }
    /* a line reeling at both ends needs 3 segments or more (its two end segments distinct) */
    const int lns[2] = {k->line_in, k->line_out};
    for (int q = 0; q < 2; q++) {
        int l = lns[q], both = 0;
        const hw_line_def *ld = &m->lines[l];
        int ra = ld->winch.end == HW_WINCH_A, rb = ld->winch.end == HW_WINCH_B;
        for (int j = 0; j <= i; j++) {
            const hw_sheave_def *o = &m->sheaves[j];
            if (o->line_in == l) { ra |= o->end_in == HW_WINCH_A; rb |= o->end_in == HW_WINCH_B; }
            if (o->line_out == l) { ra |= o->end_out == HW_WINCH_A; rb |= o->end_out == HW_WINCH_B; }
        }
        both = ra && rb;
        if (both && ld->nseg < 3)
            FAIL(S, i, q ? "line_out" : "line_in", "expected at least 3 segments on line '%s', which "
                 "reels at both ends, got %d", ld->name, ld->nseg);
    }
    return HW_OK;
}

static hw_status check_solver(const hw_solver_def *s, hw_input_error *err)
{
    const hw_section S = HW_SEC_SOLVER;
    if (!(finite(s->dt) && s->dt >= 0)) FAIL(S, -1, "dt", "expected a time step > 0 s (or auto), got %g", s->dt);
    if (!(finite(s->dt_safety) && s->dt_safety > 0 && s->dt_safety <= 1))
        FAIL(S, -1, "dt_safety", "expected a fraction in (0, 1], got %g", s->dt_safety);
    if (!(finite(s->t_end) && s->t_end >= 0)) FAIL(S, -1, "t_end", "expected an end time >= 0 s, got %g", s->t_end);
    if ((int)s->integrator < 0 || (int)s->integrator >= HW_INT_COUNT)
        FAIL(S, -1, "integrator", "expected symplectic_euler, rk2, rk4, euler, ab2, ab3, ab4, moordyn_heun, beuler, midpoint, aca or wilson, got %d",
             (int)s->integrator);
    if ((s->integrator == HW_INT_BEULER || s->integrator == HW_INT_MIDPOINT || s->integrator == HW_INT_ACA ||
         s->integrator == HW_INT_WILSON) &&
        (s->iterations < 1 || s->iterations > 100000))
        FAIL(S, -1, "iterations", "expected 1 to 100000 fixed-point iterations per step, got %d", s->iterations);
    if (!(finite(s->static_tol) && s->static_tol > 0))
        FAIL(S, -1, "static_tolerance", "expected a tolerance > 0, got %g", s->static_tol);
    if (s->static_max_iter < 1)
        FAIL(S, -1, "static_max_iterations", "expected at least 1, got %d", s->static_max_iter);
    if (!(finite(s->max_strain) && s->max_strain > 0))
        FAIL(S, -1, "max_strain", "expected a strain bound > 0, got %g", s->max_strain);
    return HW_OK;
}

double *hw_point_spline(const hw_point_def *p)
{
    if (p->kind != HW_POINT_PRESCRIBED || p->motion != HW_MOTION_TABLE || p->table_n < 1) return NULL;
    double *m = malloc((size_t)4 * p->table_n * sizeof *m); /* 3 per row, then the scratch */
    if (!m) return NULL;
    for (int c = 0; c < 3; c++)
        hw_motion_spline(p->table_t, p->table_xyz + c, p->table_n, 3, m + c, m + 3 * p->table_n);
    return m;
}

void hw_point_kinematics(const hw_point_def *p, const double *spline, double t, double pos[3],
                                  double vel[3])
{
    static const int motions[] = {HW_MOT_CONSTANT_VELOCITY, HW_MOT_SINUSOID, HW_MOT_TABLE};
    double *own = NULL;
    if (!spline) spline = own = hw_point_spline(p); /* NULL if not a table */
    for (int c = 0; c < 3; c++) {
        if (p->kind != HW_POINT_PRESCRIBED) {
            pos[c] = p->pos[c];
            vel[c] = 0.0;
            continue;
        }
        double a;
        double omega = p->period > 0 ? 2.0 * 3.14159265358979323846 / p->period : 0.0;
        hw_motion_1(motions[p->motion], t, p->pos[c], p->vel[c], p->amp[c], omega, p->phase, p->table_t,
                    p->table_xyz ? p->table_xyz + c : NULL, spline ? spline + c : NULL, p->table_n, 3,
                    &pos[c], &vel[c], &a);
    }
    free(own);
}

/* Where point p is at t = 0 when that is known before the run (fixed, prescribed, coupled: its
 * definition's position plus the prescribed offset at t = 0, by the motion law the solver uses);
 * 0 for a free point (the static solve places it). */
static int initial_position(const hw_point_def *p, double r[3])
{
    if (p->kind == HW_POINT_FREE) return 0;
    double v[3];
    hw_point_kinematics(p, NULL, 0.0, r, v);
    return 1;
}

/* Geometry that cannot hold, refused before a run stops at its first step with a vaguer cause:
 * - a line whose two ends are at known places (fixed, prescribed, coupled) farther apart than its
 *   length can stretch: the mean strain of its segments is at least span / length - 1, so above
 *   solver.max_strain some segment trips the blow-up check at once (a line on a sheave is left
 *   out: its length changes with the other span);
 * - a fixed point below the seabed by more than HW_SEABED_EMBED_TOL of the depth: an anchor set
 *   slightly into the bed only tilts the first segment (the penalty seabed pushes the next node up
 *   to the bed), and decks round anchors that way; deeper is a mistaken sign, unit or depth. */
#define HW_SEABED_EMBED_TOL 0.01
static hw_status check_geometry(const hw_model_def *m, hw_input_error *err)
{
    const hw_bathymetry_def *b = &m->env.bathymetry;
    for (int i = 0; i < m->n_points; i++) {
        const hw_point_def *p = &m->points[i];
        /* the seabed under the point: flat, or the bathymetry's there */
        double depth = b->nx > 0 ? hw_bathy_depth(b->x, b->nx, b->y, b->ny, b->depth, p->pos[0], p->pos[1])
                                 : m->env.depth;
        double tol = HW_SEABED_EMBED_TOL * depth;
        if (p->kind == HW_POINT_FIXED && p->pos[2] < -depth - tol)
            FAIL(HW_SEC_POINT, i, "position",
                 "expected a fixed point at or above the seabed (z >= -%g m, the depth, within %g m), "
                 "got z = %g m, %g m below it; raise it to z = -%g m or correct environment.depth "
                 "(or the seabed.bathymetry under it)",
                 depth, tol, p->pos[2], -depth - p->pos[2], depth);
    }
    for (int i = 0; i < m->n_lines; i++) {
        const hw_line_def *l = &m->lines[i];
        double ra[3], rb[3];
        if (on_a_sheave(m, i) || !initial_position(&m->points[l->point_a], ra) ||
            !initial_position(&m->points[l->point_b], rb))
            continue;
        double span = sqrt((rb[0] - ra[0]) * (rb[0] - ra[0]) + (rb[1] - ra[1]) * (rb[1] - ra[1]) +
                           (rb[2] - ra[2]) * (rb[2] - ra[2]));
        double strain = span / l->length - 1.0, smax = m->solver.max_strain;
        if (strain > smax)
            FAIL(HW_SEC_LINE, i, "length",
                 "expected a length that spans its ends, %g m apart at t = 0, got %g m: a strain of "
                 "%.3g, above solver.max_strain %g; make it at least %.6g m or move its ends",
                 span, l->length, strain, smax, span / (1.0 + smax));
    }
    return HW_OK;
}

hw_status hw_model_check(const hw_model_def *def, hw_input_error *err)
{
    if (!def) return HW_ERR_INVALID_ARG;
    hw_status st = check_env(&def->env, err);
    if (st) return st;
    if (def->n_types < 1 || !def->types)
        FAIL(HW_SEC_LINE_TYPE, -1, "line_types", "expected at least one line type");
    if (def->n_lines < 1 || !def->lines) FAIL(HW_SEC_LINE, -1, "lines", "expected at least one line");
    if (def->n_points < 2 || !def->points)
        FAIL(HW_SEC_POINT, -1, "points", "expected at least two points, got %d", def->n_points);
    for (int i = 0; i < def->n_types; i++)
        if ((st = check_type(&def->types[i], i, err))) return st;
    for (int i = 0; i < def->n_points; i++)
        if ((st = check_point(&def->points[i], i, err))) return st;
    for (int i = 0; i < def->n_lines; i++)
        if ((st = check_line(def, &def->lines[i], i, err))) return st;
    long long nodes = def->n_points;
    for (int i = 0; i < def->n_lines; i++) nodes += hw_line_max_segments(def, i) + 1LL;
    if (nodes > HW_MAX_MODEL_NODES)
        FAIL(HW_SEC_LINE, -1, "segments", "expected at most %d nodes and points in all (README, Limits), "
             "got %lld", HW_MAX_MODEL_NODES, nodes);
    if (def->n_sheaves < 0 || (def->n_sheaves > 0 && !def->sheaves))
        FAIL(HW_SEC_SHEAVE, -1, "sheaves", "expected a list of sheaves, got %d", def->n_sheaves);
    for (int i = 0; i < def->n_lines; i++)
        if ((st = check_failure(def, &def->lines[i], i, err)) || (st = check_start(def, &def->lines[i], i, err)) ||
            (st = check_visco_line(def, &def->lines[i], i, err)) ||
            (st = check_viv_line(def, &def->lines[i], i, err)) ||
            (st = check_mbl_geometry(def, &def->lines[i], i, err)))
            return st;
    for (int i = 0; def->line_current_scale && i < def->n_lines; i++)
        if (!finite(def->line_current_scale[i]))
            FAIL(HW_SEC_LINE, i, "current_scale", "expected a finite current factor, got %g",
                 def->line_current_scale[i]);
    for (int i = 0; def->point_current_scale && i < def->n_points; i++)
        if (!finite(def->point_current_scale[i]))
            FAIL(HW_SEC_POINT, i, "current_scale", "expected a finite current factor, got %g",
                 def->point_current_scale[i]);
    if (def->n_sheaves < 0 || (def->n_sheaves > 0 && !def->sheaves))
        FAIL(HW_SEC_SHEAVE, -1, "sheaves", "expected a list of sheaves, got %d", def->n_sheaves);
    for (int i = 0; i < def->n_sheaves; i++)
        if ((st = check_sheave(def, &def->sheaves[i], i, err))) return st;
    for (int i = 0; i < def->n_points; i++) {
        const hw_point_def *p = &def->points[i];
        if (p->kind != HW_POINT_FREE) continue;
        int attached = 0;
        for (int l = 0; l < def->n_lines; l++)
            attached += (def->lines[l].point_a == i) + (def->lines[l].point_b == i);
        if (!attached)
            FAIL(HW_SEC_POINT, i, "type", "expected a free point to carry at least one line end, got none");
    }
    if ((st = check_solver(&def->solver, err))) return st;
    /* a multistep scheme keeps the derivatives of past steps per state slot; a reeling line's
     * nodes are inserted and removed inside a step, which that history cannot follow */
    if (def->solver.integrator >= HW_INT_AB2 && def->solver.integrator < HW_INT_COUNT) {
        int reel = 0;
        for (int l = 0; l < def->n_lines && !reel; l++) reel = line_reels(def, &def->lines[l], l);
        if (reel)
            FAIL(HW_SEC_SOLVER, -1, "integrator", "%s with winches or sheaves not supported yet (a reeling line's "
                 "nodes are inserted and removed inside a step, which the history of past derivatives the "
                 "scheme keeps cannot follow): use rk2, rk4 or euler",
                 hw_integ_keys[def->solver.integrator]);
    }
    return check_geometry(def, err);
}

static const char *section_name(hw_section s)
{
    switch (s) {
    case HW_SEC_ENVIRONMENT: return "environment";
    case HW_SEC_LINE_TYPE: return "line_types";
    case HW_SEC_POINT: return "points";
    case HW_SEC_LINE: return "lines";
    case HW_SEC_SOLVER: return "solver";
    case HW_SEC_SHEAVE: return "sheaves";
    }
    return "?";
}

hw_status hw_model_validate(const hw_model_def *def, char *msg, size_t msg_len)
{
    hw_input_error e;
    hw_status st = hw_model_check(def, &e);
    if (st == HW_ERR_INPUT && msg && msg_len) {
        const char *name = NULL;
        if (e.index >= 0) {
            if (e.section == HW_SEC_LINE_TYPE) name = def->types[e.index].name;
            if (e.section == HW_SEC_POINT) name = def->points[e.index].name;
            if (e.section == HW_SEC_LINE) name = def->lines[e.index].name;
            if (e.section == HW_SEC_SHEAVE) name = def->sheaves[e.index].name;
        }
        if (e.index >= 0)
            snprintf(msg, msg_len, "%s[%d] (%s).%s: %s", section_name(e.section), e.index,
                     name ? name : "", e.field, e.message);
        else
            snprintf(msg, msg_len, "%s.%s: %s", section_name(e.section), e.field, e.message);
    }
    return st;
}
