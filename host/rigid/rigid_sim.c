/* The rigid-cylinder cable simulation (include/hawser/rigid.h): validation of the definition,
 * parameter conversion, initial shape, the time loop over the CPU backend, blow-up diagnosis and
 * the outputs. Physics lives in kernels/physics/rigid.h and kernels/rigid.h. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rigid/rigid_internal.h"
#include "rigid/rigid_winch.h"
#include "model/winch_drive.h"
#include "backend.h" /* hw_cuda_device_count */
#include "model/catenary.h"
#include "sea/current.h"

static void set_msg(char *msg, size_t len, const char *fmt, ...)
{
    if (!msg || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
}

hw_rc_env_def hw_default_rc_env(void)
{
    hw_rc_env_def e;
    memset(&e, 0, sizeof e);
    e.g = 9.80665; e.rho_w = 1025.0; e.depth = 100.0;
    e.seabed_k = 3e6; e.seabed_c = 3e5; e.friction_v = 1e-2;
    return e;
}

hw_rc_cable_def hw_default_rc_cable(void)
{
    hw_rc_cable_def c;
    memset(&c, 0, sizeof c);
    c.name = "cable";
    c.elements = 10;
    c.stiffness = HW_RC_ENGINEERING;
    c.damping_ratio = 0.5;
    c.beta_dt = 1.0;
    c.end_a = HW_RC_END_POINT;
    c.end_b = HW_RC_END_POINT;
    c.cdn = 1.2; c.cdt = 0.008; c.can = 1.0; c.cat = 0.0;
    c.winch = hw_default_line().winch; /* no winch (end none); a line's winch defaults */
    return c;
}

hw_rc_def hw_default_rc_def(void)
{
    hw_rc_def d;
    memset(&d, 0, sizeof d);
    d.env = hw_default_rc_env();
    d.dt = 1e-2;
    d.max_gap = 0.5;
    d.backend = HW_BACKEND_CPU;
    return d;
}

/* ---- validation ------------------------------------------------------------------------------ */

/* Where end `end` of a cable starts: its pos_a / pos_b, or for a 6-DOF body end the body's joint
 * (pos + R(rot) at). */
static void rc_end_start(const hw_rc_cable_def *c, int end, double out[3])
{
    if ((end ? c->end_b : c->end_a) != HW_RC_END_BODY6) {
        memcpy(out, end ? c->pos_b : c->pos_a, 3 * sizeof(double));
        return;
    }
    const hw_body_def *b = end ? &c->body6_b : &c->body6_a;
    const double *at = end ? c->at_b : c->at_a;
    hw_v3 x = hw_v3_add(hw_rc_v3(b->pos), hw_quat_rotate(hw_quat_from_rpy(b->rot[0], b->rot[1], b->rot[2]), hw_rc_v3(at)));
    out[0] = x.x; out[1] = x.y; out[2] = x.z;
}

#define FAIL(field, ...) do { \
        char _b[384]; snprintf(_b, sizeof _b, __VA_ARGS__); \
        set_msg(msg, len, "rigid cable '%s' (%d) field '%s': %s", nm, i, field, _b); \
        return HW_ERR_INPUT; } while (0)

static int finite3(const double *v) { return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]); }

/* The explicit step is stable for a constraint mode in the stiff limit when
 * (beta dt)^2 < 4 (1 - alpha dt) (semi-implicit Euler on g'' + 2 alpha g' + beta^2 g = 0). */
static int stable_family(double alpha, double beta, double dt)
{
    double b = beta * dt, a = alpha * dt;
    return a < 1.0 && b * b < 4.0 * (1.0 - a);
}

static hw_status check_family(const char *nm, int i, const char *fam, const hw_rc_family *f,
                              int required, double dt, char *msg, size_t len)
{
    char field[48];
    snprintf(field, sizeof field, "%s.beta", fam);
    if (!isfinite(f->beta) || f->beta < 0 || (required && f->beta == 0))
        FAIL(field, "must be %s, got %g", required ? "> 0" : ">= 0 (0 = family off)", f->beta);
    if (f->beta == 0) return HW_OK;
    snprintf(field, sizeof field, "%s.alpha", fam);
    if (!isfinite(f->alpha) || f->alpha < 0) FAIL(field, "must be >= 0, got %g", f->alpha);
    snprintf(field, sizeof field, "%s.eps", fam);
    if (!isfinite(f->eps) || f->eps <= 0) FAIL(field, "must be > 0, got %g", f->eps);
    if (!stable_family(f->alpha, f->beta, dt)) {
        snprintf(field, sizeof field, "%s.beta", fam);
        FAIL(field, "beta dt = %g and alpha dt = %g break the explicit stability bound "
             "(beta dt)^2 < 4 (1 - alpha dt); lower beta or alpha (the seed's rule: beta <= 1/dt)",
             f->beta * dt, f->alpha * dt);
    }
    return HW_OK;
}

hw_status hw_rc_check(const hw_rc_def *def, char *msg, size_t len)
{
    const char *nm = "-";
    int i = -1;
    if (!def) { set_msg(msg, len, "rigid cable definition is NULL"); return HW_ERR_INVALID_ARG; }
    const hw_rc_env_def *e = &def->env;
    if (!(e->g >= 0) || !isfinite(e->g)) { set_msg(msg, len, "rigid environment field 'g': must be >= 0, got %g", e->g); return HW_ERR_INPUT; }
    if (!(e->rho_w >= 0) || !isfinite(e->rho_w)) { set_msg(msg, len, "rigid environment field 'water_density': must be >= 0, got %g", e->rho_w); return HW_ERR_INPUT; }
    if (!(e->depth > 0) || !isfinite(e->depth)) { set_msg(msg, len, "rigid environment field 'depth': must be > 0, got %g", e->depth); return HW_ERR_INPUT; }
    if (!(e->seabed_k >= 0) || !(e->seabed_c >= 0) || !(e->friction_v > 0)) { set_msg(msg, len, "rigid environment field 'seabed': stiffness and damping must be >= 0 and friction_v > 0"); return HW_ERR_INPUT; }
    if (!finite3(e->current)) { set_msg(msg, len, "rigid environment field 'current': must be finite"); return HW_ERR_INPUT; }
    const hw_current_def *cp = &e->profile;
    if (cp->n_depth < 0 || (cp->n_depth > 0 && (!cp->z || !cp->ux || !cp->uy || !cp->uz || (cp->n_time > 1 && !cp->t)))) {
        set_msg(msg, len, "rigid environment field 'current.profile': arrays missing for %d depths", cp->n_depth);
        return HW_ERR_INPUT;
    }
    for (int k = 0; k < cp->n_depth; k++) {
        if (!isfinite(cp->z[k]) || (k > 0 && !(cp->z[k] > cp->z[k - 1]))) {
            set_msg(msg, len, "rigid environment field 'current.profile': depths must be finite and strictly "
                    "increasing, got z[%d] = %g", k, cp->z[k]);
            return HW_ERR_INPUT;
        }
    }
    for (int k = 1; cp->n_depth > 0 && k < cp->n_time; k++)
        if (!(cp->t[k] > cp->t[k - 1])) {
            set_msg(msg, len, "rigid environment field 'current.profile': times must be strictly increasing, "
                    "got t[%d] = %g", k, cp->t[k]);
            return HW_ERR_INPUT;
        }
    for (int a = 0; a < 2 && cp->n_depth > 0; a++) { /* a grid's x and y */
        int n = a ? cp->n_y : cp->n_x;
        const double *v = a ? cp->y : cp->x;
        for (int k = 0; n > 1 && k < n; k++)
            if (!v || !isfinite(v[k]) || (k > 0 && !(v[k] > v[k - 1]))) {
                set_msg(msg, len, "rigid environment field 'current.grid.%c': values must be finite and strictly "
                        "increasing (entry %d)", a ? 'y' : 'x', k);
                return HW_ERR_INPUT;
            }
    }
    for (size_t k = 0; k < hw_current_count(cp); k++)
        if (!isfinite(cp->ux[k]) || !isfinite(cp->uy[k]) || !isfinite(cp->uz[k])) {
            set_msg(msg, len, "rigid environment field 'current.profile': velocities must be finite (entry %zu)", k);
            return HW_ERR_INPUT;
        }
    const hw_bathymetry_def *bd = &e->bathymetry;
    if (bd->nx != 0) {
        int bad = bd->nx < 1 || bd->ny < 1 || !bd->x || !bd->y || !bd->depth;
        for (int k = 0; !bad && k < bd->nx; k++) bad = !isfinite(bd->x[k]) || (k > 0 && !(bd->x[k] > bd->x[k - 1]));
        for (int k = 0; !bad && k < bd->ny; k++) bad = !isfinite(bd->y[k]) || (k > 0 && !(bd->y[k] > bd->y[k - 1]));
        for (int k = 0; !bad && k < bd->nx * bd->ny; k++) bad = !isfinite(bd->depth[k]) || !(bd->depth[k] > 0);
        if (bad) {
            set_msg(msg, len, "rigid environment field 'seabed': the bathymetry must have x and y values strictly "
                    "increasing and finite depths > 0 (%d x %d grid)", bd->nx, bd->ny);
            return HW_ERR_INPUT;
        }
    }
    if (!(def->dt > 0) || !isfinite(def->dt)) { set_msg(msg, len, "rigid solver field 'dt': must be > 0, got %g", def->dt); return HW_ERR_INPUT; }
    if (!(def->max_gap > 0)) { set_msg(msg, len, "rigid solver field 'max_gap': must be > 0, got %g", def->max_gap); return HW_ERR_INPUT; }
    if (def->n_cables < 1 || !def->cables) { set_msg(msg, len, "rigid model field 'cables': need at least one cable (n_cables = %d)", def->n_cables); return HW_ERR_INPUT; }
    for (i = 0; i < def->n_cables; i++) {
        const hw_rc_cable_def *c = &def->cables[i];
        nm = c->name ? c->name : "?";
        double dt = def->dt;
        if (!(c->length > 0) || !isfinite(c->length)) FAIL("length", "must be > 0, got %g", c->length);
        if (c->elements < 1) FAIL("elements", "must be >= 1, got %d", c->elements);
        if (!(c->mass_per_length > 0) || !isfinite(c->mass_per_length)) FAIL("mass_per_length", "must be > 0, got %g", c->mass_per_length);
        if (!(c->diameter > 0) || !isfinite(c->diameter)) FAIL("diameter", "must be > 0, got %g", c->diameter);
        if (c->stiffness == HW_RC_ENGINEERING) {
            if (!(c->ea > 0) || !isfinite(c->ea)) FAIL("EA", "must be > 0, got %g", c->ea);
            if (!(c->ei >= 0) || !isfinite(c->ei)) FAIL("EI", "must be >= 0 (0 = none), got %g", c->ei);
            if (!(c->gj >= 0) || !isfinite(c->gj)) FAIL("GJ", "must be >= 0 (0 = none), got %g", c->gj);
            if (!(c->damping_ratio >= 0) || !isfinite(c->damping_ratio)) FAIL("damping_ratio", "must be >= 0, got %g", c->damping_ratio);
            if (!(c->beta_dt > 0) || !isfinite(c->beta_dt)) FAIL("beta_dt", "must be > 0, got %g", c->beta_dt);
            if (!stable_family(c->damping_ratio * c->beta_dt / dt, c->beta_dt / dt, dt))
                FAIL("damping_ratio", "with beta dt = %g, damping ratio %g breaks the explicit stability "
                     "bound (beta dt)^2 < 4 (1 - alpha dt) (alpha = ratio * beta); lower it or beta_dt",
                     c->beta_dt, c->damping_ratio);
        } else if (c->stiffness == HW_RC_BAUMGARTE) {
            hw_status st;
            if ((st = check_family(nm, i, "axial", &c->axial, 1, dt, msg, len)) != HW_OK) return st;
            if ((st = check_family(nm, i, "bending", &c->bending, 0, dt, msg, len)) != HW_OK) return st;
            if ((st = check_family(nm, i, "torsion", &c->torsion, 0, dt, msg, len)) != HW_OK) return st;
        } else {
            FAIL("stiffness", "unknown mode %d (expected engineering or baumgarte)", (int)c->stiffness);
        }
        if (c->end_a < HW_RC_END_FREE || c->end_a > HW_RC_END_BODY6) FAIL("end_a", "unknown end kind %d (free, point, clamped, body, body6)", (int)c->end_a);
        if (c->end_b < HW_RC_END_FREE || c->end_b > HW_RC_END_BODY6) FAIL("end_b", "unknown end kind %d (free, point, clamped, body, body6)", (int)c->end_b);
        for (int end = 0; end < 2; end++) {
            const hw_body_def *b = end ? &c->body6_b : &c->body6_a;
            if ((end ? c->end_b : c->end_a) != HW_RC_END_BODY6) continue;
            char field[32], why[300];
            static const char *const kinds[5] = {"free", "fixed", "prescribed", "coupled", "pinned"};
            snprintf(field, sizeof field, "body6_%c.type", end ? 'b' : 'a');
            if (b->kind != HW_BODY_FREE)
                FAIL(field, "expected a free body (moved by the cable and its own loads), got %s: a fixed, prescribed "
                     "or coupled body holds a point end that the world moves with it (hw_world_def.rc_body_ends; "
                     "a scenario's {type: body} end on such a body is one)", b->kind >= HW_BODY_FREE && b->kind <= HW_BODY_PINNED
                     ? kinds[b->kind] : "an unknown kind");
            snprintf(field, sizeof field, "body6_%c", end ? 'b' : 'a');
            if (hw_body_check(b, end, why, sizeof why) != HW_OK) FAIL(field, "%s", why);
            if (b->n_cylinders > 0)
                FAIL(field, "body '%s' carries %d cylinders: not supported yet on a rigid cable's 6-DOF end (the "
                     "cable's solve integrates the body without them)", b->name ? b->name : "", b->n_cylinders);
            snprintf(field, sizeof field, "at_%c", end ? 'b' : 'a');
            if (!finite3(end ? c->at_b : c->at_a)) FAIL(field, "the joint's body-frame offset must be 3 finite numbers");
        }
        for (int end = 0; end < 2; end++) {
            const hw_rc_body_def *b = end ? &c->body_b : &c->body_a;
            if ((end ? c->end_b : c->end_a) != HW_RC_END_BODY) continue;
            char field[32];
            snprintf(field, sizeof field, "body_%c.mass", end ? 'b' : 'a');
            if (!(b->mass > 0) || !isfinite(b->mass)) FAIL(field, "must be > 0 kg, got %g", b->mass);
            snprintf(field, sizeof field, "body_%c.volume", end ? 'b' : 'a');
            if (!(b->volume >= 0) || !isfinite(b->volume)) FAIL(field, "must be >= 0 m^3, got %g", b->volume);
            snprintf(field, sizeof field, "body_%c.cda", end ? 'b' : 'a');
            if (!(b->cda >= 0) || !isfinite(b->cda)) FAIL(field, "must be >= 0 m^2, got %g", b->cda);
            snprintf(field, sizeof field, "body_%c.ca", end ? 'b' : 'a');
            if (!(b->ca >= 0) || !isfinite(b->ca)) FAIL(field, "must be >= 0, got %g", b->ca);
        }
        if (!finite3(c->pos_a)) FAIL("pos_a", "must be finite");
        if (!finite3(c->pos_b)) FAIL("pos_b", "must be finite");
        double pa[3], pb[3];
        rc_end_start(c, 0, pa);
        rc_end_start(c, 1, pb);
        double d[3] = {pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]};
        if (!(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > 0)) {
            if (c->end_a != HW_RC_END_BODY6 && c->end_b != HW_RC_END_BODY6)
                FAIL("pos_b", "must differ from pos_a (it sets the initial direction)");
            FAIL(c->end_b == HW_RC_END_BODY6 ? "body6_b.pos" : "body6_a.pos", "the end points must differ at t = 0 "
                 "(they set the initial direction; a 6-DOF body end starts on its joint pos + R(rot) at)");
        }
        if (!(c->cdn >= 0) || !(c->cdt >= 0)) FAIL("Cd", "drag coefficients must be >= 0, got %g, %g", c->cdn, c->cdt);
        if (!(c->can >= 0) || !(c->cat >= 0)) FAIL("Ca", "added-mass coefficients must be >= 0, got %g, %g", c->can, c->cat);
        if (!(c->seabed_mu >= 0)) FAIL("seabed_mu", "must be >= 0, got %g", c->seabed_mu);
        if (c->winch.end != HW_WINCH_NONE) {
            char field[48], why[256];
            if (hw_winch_check(&c->winch, c->length, c->elements, "cable", "elements", field, sizeof field, why, sizeof why))
                FAIL(field, "%s", why);
            double maxl = c->winch.max_length > c->length ? c->winch.max_length : c->length;
            double gmax = dt / (2.0 * c->mass_per_length * maxl);
            if (c->winch.mode == HW_WINCH_TENSION && c->winch.gain > gmax)
                FAIL("winch.gain", "expected at most dt / (2 mu max_length) = %.3g m/s/N on a rigid cable, got %g: "
                     "a speed change accelerates the whole stiff cable within a step, so the tension a larger "
                     "gain reacts to flips the speed every step", gmax, c->winch.gain);
            hw_rc_end_kind wk = c->winch.end == HW_WINCH_A ? c->end_a : c->end_b;
            if (wk == HW_RC_END_FREE || wk == HW_RC_END_BODY || wk == HW_RC_END_BODY6)
                FAIL("winch.end", "expected the winch end to be attached (point or clamped), got a %s end %c",
                     wk == HW_RC_END_FREE ? "free" : wk == HW_RC_END_BODY ? "body" : "6-DOF body",
                     c->winch.end == HW_WINCH_A ? 'A' : 'B');
        }
        if (!(c->relax_damping >= 0) || !(c->relax_damping * dt < 1.0)) FAIL("relax_damping", "must be >= 0 with relax_damping dt < 1, got %g (dt %g)", c->relax_damping, dt);
    }
    return HW_OK;
}
#undef FAIL

/* ---- building -------------------------------------------------------------------------------- */

void hw_rc_destroy(hw_rc *rc)
{
    if (!rc) return;
    hw_rc_cuda_destroy(rc->gpu);
    hw_rc_reel_free(rc);
    free(rc->S.cab); free(rc->S.st); free(rc->ch); free(rc->blk); free(rc->el); free(rc->power);
    hw_rc_cpu_work_free(&rc->work);
    free(rc->cur);
    free(rc->bathy);
    hw_waves_destroy(rc->waves);
    free(rc);
}

const char *hw_rc_last_error(const hw_rc *rc) { return rc ? rc->err : "no simulation (NULL handle)"; }
const char *hw_rc_backend_name(const hw_rc *rc) { return rc ? (rc->gpu ? "cuda" : "cpu") : "none"; }

static int family_mask(const hw_rc_cable *C)
{
    return HW_RC_ROWS_POS | (C->beta[1] > 0 ? HW_RC_ROWS_BEND : 0) | (C->beta[2] > 0 ? HW_RC_ROWS_TORS : 0);
}
static int end_mask(hw_rc_end_kind k, int fam)
{
    return k == HW_RC_END_FREE ? 0 : k == HW_RC_END_POINT || k == HW_RC_END_BODY || k == HW_RC_END_BODY6
                                     ? HW_RC_ROWS_POS : fam;
}

/* eps of each family for the current l from the constant moduli (the conversion rule). */
static void update_eps(hw_rc_cable *C, const rc_cable_host *h)
{
    double l = C->l;
    C->eps[0] = C->beta[0] * C->beta[0] * l / h->ea;
    C->eps[1] = h->ei > 0 ? C->beta[1] * C->beta[1] * l / (2.0 * h->ei) : 1.0;
    C->eps[2] = h->gj > 0 ? C->beta[2] * C->beta[2] * l / (2.0 * h->gj) : 1.0;
}

static void place_element(hw_rc_sys *S, int e, const double *ra, const double *rb)
{
    hw_rc_body b;
    hw_v3 a = hw_rc_v3(ra), c = hw_rc_v3(rb);
    b.x = hw_v3_scale(hw_v3_add(a, c), 0.5);
    b.v = hw_v3_zero();
    b.w = hw_v3_zero();
    b.p = hw_quat_from_z(hw_v3_sub(c, a));
    hw_rc_put_body(S->st, S->n_elems, e, &b);
}

hw_status hw_rc_create(const hw_rc_def *def, hw_rc **out, char *msg, size_t len)
{
    if (!out) { set_msg(msg, len, "hw_rc_create: out is NULL"); return HW_ERR_INVALID_ARG; }
    *out = NULL;
    hw_status st = hw_rc_check(def, msg, len);
    if (st != HW_OK) return st;
    hw_rc *rc = (hw_rc *)calloc(1, sizeof *rc);
    if (!rc) { set_msg(msg, len, "out of memory for the rigid cables (%zu bytes)", sizeof *rc); return HW_ERR_NOMEM; }
    hw_rc_sys *S = &rc->S;
    int nc = def->n_cables, ne = 0;
    for (int c = 0; c < nc; c++) ne += def->cables[c].elements;
    S->n_cables = nc; S->n_elems = ne; S->n_blocks = ne + nc;
    S->max_gap = def->max_gap;
    S->env.g = def->env.g; S->env.rho = def->env.rho_w; S->env.depth = def->env.depth;
    S->env.kb = def->env.seabed_k; S->env.cb = def->env.seabed_c; S->env.vf = def->env.friction_v;
    S->env.cur = hw_rc_v3(def->env.current);
    const hw_current_def *cp = &def->env.profile;
    int nomem = 0; /* a copy of the grid's arrays (x, y, z, t, ux, uy, uz: one block) */
    rc->cur = hw_current_copy(cp, &S->env.cg, &nomem);
    if (nomem) { free(rc); set_msg(msg, len, "out of memory for the rigid cables' current profile"); return HW_ERR_NOMEM; }
    const hw_bathymetry_def *gb = &def->env.bathymetry;
    if (gb->nx > 0) { /* a copy: x, y, depth (hw_rc_check checked it) */
        size_t n = (size_t)gb->nx + (size_t)gb->ny + (size_t)gb->nx * (size_t)gb->ny;
        rc->bathy = (double *)malloc(n * sizeof(double));
        if (!rc->bathy) {
            hw_rc_destroy(rc);
            set_msg(msg, len, "out of memory for the rigid cables' bathymetry");
            return HW_ERR_NOMEM;
        }
        memcpy(rc->bathy, gb->x, (size_t)gb->nx * sizeof(double));
        memcpy(rc->bathy + gb->nx, gb->y, (size_t)gb->ny * sizeof(double));
        memcpy(rc->bathy + gb->nx + gb->ny, gb->depth, (size_t)gb->nx * gb->ny * sizeof(double));
        S->env.bnx = gb->nx; S->env.bny = gb->ny;
        S->env.bx = rc->bathy; S->env.by = rc->bathy + gb->nx; S->env.bd = rc->bathy + gb->nx + gb->ny;
    }
    if (def->env.waves.kind != HW_WAVES_NONE) { /* the sea state: components in this water */
        if (!(def->env.g > 0)) {
            set_msg(msg, len, "rigid environment field 'waves': waves need gravity g > 0 (the dispersion relation), got g = %g",
                    def->env.g);
            hw_rc_destroy(rc);
            return HW_ERR_INPUT;
        }
        hw_env_def we = hw_default_env();
        we.g = def->env.g; we.rho_w = def->env.rho_w; we.depth = def->env.depth;
        we.waves = def->env.waves;
        char m[384];
        m[0] = 0;
        if ((st = hw_waves_create(&we, &rc->waves, m, sizeof m)) != HW_OK) {
            set_msg(msg, len, "rigid environment field 'waves': %s", m);
            hw_rc_destroy(rc);
            return st;
        }
        S->env.wav = hw_waves_field(rc->waves, def->env.rho_w, def->env.g, def->env.depth);
        for (int j = 0; j < S->env.wav.n; j++) S->env.eta_max += fabs(S->env.wav.a[j]);
    }
    S->cab = (hw_rc_cable *)calloc((size_t)nc, sizeof *S->cab);
    S->st = (double *)calloc((size_t)HW_RC_NS * ne, sizeof(double));
    rc->ch = (rc_cable_host *)calloc((size_t)nc, sizeof *rc->ch);
    rc->blk = (double *)calloc((size_t)HW_RC_BLK * S->n_blocks, sizeof(double));
    rc->el = (double *)calloc((size_t)HW_RC_EL * ne, sizeof(double));
    rc->power = (double *)calloc((size_t)nc, sizeof(double));
    double *nodes = NULL;
    int maxn = 0;
    for (int c = 0; c < nc; c++) if (def->cables[c].elements > maxn) maxn = def->cables[c].elements;
    nodes = (double *)malloc(3 * ((size_t)maxn + 1) * sizeof(double));
    if (!S->cab || !S->st || !rc->ch || !rc->blk || !rc->el || !rc->power || !nodes) {
        free(nodes); hw_rc_destroy(rc);
        set_msg(msg, len, "out of memory for %d rigid elements", ne);
        return HW_ERR_NOMEM;
    }
    rc->dt = def->dt;
    int e0 = 0;
    for (int c = 0; c < nc; c++) {
        const hw_rc_cable_def *d = &def->cables[c];
        hw_rc_cable *C = &S->cab[c];
        rc_cable_host *h = &rc->ch[c];
        snprintf(h->name, sizeof h->name, "%s", d->name ? d->name : "?");
        int n = d->elements;
        C->e0 = e0; C->n = n; C->b0 = e0 + c;
        e0 += n;
        C->l = d->length / n; C->ldot = 0.0;
        C->lend[0] = C->lend[1] = C->l;
        h->L_total = d->length;
        if (d->stiffness == HW_RC_ENGINEERING) {
            double beta = d->beta_dt / def->dt, alpha = d->damping_ratio * beta;
            for (int f = 0; f < 3; f++) { C->alpha[f] = alpha; C->beta[f] = beta; }
            if (d->ei == 0) C->beta[1] = C->alpha[1] = 0.0;
            if (d->gj == 0) C->beta[2] = C->alpha[2] = 0.0;
            h->ea = d->ea; h->ei = d->ei; h->gj = d->gj;
        } else {
            const hw_rc_family *fm[3] = {&d->axial, &d->bending, &d->torsion};
            for (int f = 0; f < 3; f++) { C->alpha[f] = fm[f]->alpha; C->beta[f] = fm[f]->beta; }
            double l = C->l;
            h->ea = d->axial.beta * d->axial.beta * l / d->axial.eps;
            h->ei = d->bending.beta > 0 ? d->bending.beta * d->bending.beta * l / (2.0 * d->bending.eps) : 0.0;
            h->gj = d->torsion.beta > 0 ? d->torsion.beta * d->torsion.beta * l / (2.0 * d->torsion.eps) : 0.0;
        }
        update_eps(C, h);
        C->prop.mu = d->mass_per_length; C->prop.d = d->diameter;
        C->prop.cdn = d->cdn; C->prop.cdt = d->cdt; C->prop.can = d->can; C->prop.cat = d->cat;
        C->prop.mus = d->seabed_mu; C->prop.relax = d->relax_damping;
        int fam = family_mask(C);
        C->mask_j = fam;
        C->mask_a = end_mask(d->end_a, fam);
        C->mask_b = end_mask(d->end_b, fam);
        /* initial shape: both ends attached -> the static shape of the chain of n straight
         * elements between them (catenary.h hw_catenary_chain: the continuous catenary sampled
         * at arc length would leave every joint of a curved line overlapping by the chord's
         * shortfall, l theta^2 / 24, a start-up compression of that times EA / l; a straight
         * chord, nodes evenly spaced, when it has no weight in water or no solution); one end
         * free -> straight from the other end towards it, unstretched. A body end counts as
         * attached: the body starts where it is given */
        double ps[2][3]; /* where the ends start: a 6-DOF body's joint, else pos_a / pos_b */
        rc_end_start(d, 0, ps[0]);
        rc_end_start(d, 1, ps[1]);
        const double *pos_a = ps[0], *pos_b = ps[1];
        double w = (d->mass_per_length - def->env.rho_w * 0.25 * HW_PI * d->diameter * d->diameter) * def->env.g;
        int both = d->end_a != HW_RC_END_FREE && d->end_b != HW_RC_END_FREE;
        double dir[3] = {pos_b[0] - pos_a[0], pos_b[1] - pos_a[1], pos_b[2] - pos_a[2]};
        double nd = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        for (int q = 0; q < 3; q++) dir[q] /= nd;
        int shaped = both && w > 0 &&
                     hw_catenary_chain(pos_a, pos_b, d->length, n, w, h->ea,
                                       /* the seabed under the lower end, flat (a grid: the run lays
                                        * the cable on it) */
                                       hw_rc_depth_at(&S->env, (pos_a[2] <= pos_b[2] ? pos_a : pos_b)[0],
                                                      (pos_a[2] <= pos_b[2] ? pos_a : pos_b)[1]),
                                       nodes) >= 0;
        for (int k = 0; !shaped && k <= n; k++)
            for (int q = 0; q < 3; q++) {
                if (both) nodes[3 * k + q] = pos_a[q] + (pos_b[q] - pos_a[q]) * k / n;
                else if (d->end_a == HW_RC_END_FREE && d->end_b != HW_RC_END_FREE)
                    nodes[3 * k + q] = pos_b[q] - dir[q] * C->l * (n - k);
                else nodes[3 * k + q] = pos_a[q] + dir[q] * C->l * k;
            }
        for (int k = 0; k < n; k++) place_element(S, C->e0 + k, nodes + 3 * k, nodes + 3 * k + 3);
        /* ends: attached ends keep the given positions (the end points may start off them when
         * the chord is longer than the cable); a free end's input is where its end point is. The
         * clamps hold the end elements' initial orientations */
        hw_rc_body b0 = hw_rc_get_body(S->st, ne, C->e0), bn = hw_rc_get_body(S->st, ne, C->e0 + n - 1);
        hw_v3 pa = hw_rc_end_a(&b0, C->l), pb = hw_rc_end_b(&bn, C->l);
        if (both || d->end_a != HW_RC_END_FREE) memcpy(C->posa, pos_a, sizeof C->posa);
        else { C->posa[0] = pa.x; C->posa[1] = pa.y; C->posa[2] = pa.z; }
        if (both || d->end_b != HW_RC_END_FREE) memcpy(C->posb, pos_b, sizeof C->posb);
        else { C->posb[0] = pb.x; C->posb[1] = pb.y; C->posb[2] = pb.z; }
        for (int e = 0; e < 2; e++) {
            const hw_rc_body_def *bd = e ? &d->body_b : &d->body_a;
            hw_rc_body_end *be = &C->body[e];
            if ((e ? d->end_b : d->end_a) != HW_RC_END_BODY) continue;
            be->on = 1;
            rc->bodies++;
            be->mass = bd->mass; be->vol = bd->volume; be->cda = bd->cda; be->ca = bd->ca;
        }
        for (int e = 0; e < 2; e++) { /* 6-DOF bodies: at rest where given, the joint on the end */
            const hw_body_def *bd = e ? &d->body6_b : &d->body6_a;
            hw_rc_body6_end *be = &C->body6[e];
            if ((e ? d->end_b : d->end_a) != HW_RC_END_BODY6) continue;
            be->on = 1;
            rc->bodies6++;
            snprintf(h->body6_name[e], sizeof h->body6_name[e], "%s", bd->name && bd->name[0] ? bd->name : "?");
            be->p.m = bd->mass;
            be->p.cg = hw_rc_v3(bd->cg);
            be->p.cb = hw_rc_v3(bd->cb);
            be->p.inertia = hw_m3s_make(bd->inertia[0], bd->inertia[1], bd->inertia[2], bd->inertia[3],
                                        bd->inertia[4], bd->inertia[5]);
            be->p.volume = bd->volume;
            be->p.awp = bd->awp;
            be->p.iwp[0] = bd->iwp[0]; be->p.iwp[1] = bd->iwp[1];
            for (int q = 0; q < 6; q++) { be->p.cda[q] = bd->cda[q]; be->p.ca[q] = bd->ca[q]; }
            be->s.r = hw_rc_v3(bd->pos);
            be->s.q = hw_quat_from_rpy(bd->rot[0], bd->rot[1], bd->rot[2]);
            be->s.v = hw_v3_zero();
            be->s.w = hw_v3_zero();
            memcpy(be->at, e ? d->at_b : d->at_a, sizeof be->at);
        }
        C->qa[0] = b0.p.w; C->qa[1] = b0.p.x; C->qa[2] = b0.p.y; C->qa[3] = b0.p.z;
        C->qb[0] = bn.p.w; C->qb[1] = bn.p.x; C->qb[2] = bn.p.y; C->qb[3] = bn.p.z;
        memcpy(h->pa0, C->posa, sizeof h->pa0);
        memcpy(h->pb0, C->posb, sizeof h->pb0);
    }
    free(nodes);
    rc->err[0] = 0;
    if (hw_rc_reel_init(rc, def) != HW_OK) {
        hw_rc_destroy(rc);
        set_msg(msg, len, "out of memory for the winch tables");
        return HW_ERR_NOMEM;
    }
    if (def->backend == HW_BACKEND_CUDA || def->backend == HW_BACKEND_AUTO) {
        int want = def->backend == HW_BACKEND_CUDA;
        if (!hw_rc_cuda_compiled()) {
            if (want) {
                set_msg(msg, len, "rigid solver field 'backend': the CUDA backend is not compiled in "
                        "(nvcc was not found at build time); use cpu or auto");
                hw_rc_destroy(rc);
                return HW_ERR_UNSUPPORTED;
            }
        } else if (hw_cuda_device_count() <= 0) {
            if (want) {
                set_msg(msg, len, "rigid solver field 'backend': no CUDA device is present; use cpu or auto");
                hw_rc_destroy(rc);
                return HW_ERR_NO_DEVICE;
            }
        } else if (hw_rc_cuda_create(S, &rc->gpu, msg, len) != 0) {
            hw_rc_destroy(rc);
            return HW_ERR_NOMEM;
        }
    }
    *out = rc;
    return HW_OK;
}

/* ---- inputs ---------------------------------------------------------------------------------- */

static hw_status bad_cable(const hw_rc *rc, int cable, const char *fn)
{
    if (!rc) return HW_ERR_INVALID_ARG;
    if (cable < 0 || cable >= rc->S.n_cables) {
        snprintf(((hw_rc *)rc)->err, sizeof rc->err, "%s: cable index %d out of range (0..%d)", fn,
                 cable, rc->S.n_cables - 1);
        return HW_ERR_INVALID_ARG;
    }
    return HW_OK;
}
#define CHECK_CABLE(rc, c) do { hw_status _s = bad_cable((rc), (c), __func__); if (_s != HW_OK) return _s; } while (0)

hw_status hw_rc_get_params(const hw_rc *rc, int cable, hw_rc_params *out)
{
    CHECK_CABLE(rc, cable);
    if (!out) return HW_ERR_INVALID_ARG;
    const hw_rc_cable *C = &rc->S.cab[cable];
    for (int f = 0; f < 3; f++) { out->alpha[f] = C->alpha[f]; out->beta[f] = C->beta[f]; out->eps[f] = C->eps[f]; }
    if (C->beta[1] == 0) out->eps[1] = 0;
    if (C->beta[2] == 0) out->eps[2] = 0;
    out->ea = rc->ch[cable].ea; out->ei = rc->ch[cable].ei; out->gj = rc->ch[cable].gj;
    out->element_length = C->l;
    return HW_OK;
}

hw_status hw_rc_set_end_kinematics(hw_rc *rc, int cable, const double pos_a[3],
                                   const double vel_a[3], const double pos_b[3],
                                   const double vel_b[3])
{
    CHECK_CABLE(rc, cable);
    const double *in[4] = {pos_a, vel_a, pos_b, vel_b};
    const char *nm[4] = {"pos_a", "vel_a", "pos_b", "vel_b"};
    for (int k = 0; k < 4; k++)
        if (in[k] && !finite3(in[k])) {
            snprintf(rc->err, sizeof rc->err, "hw_rc_set_end_kinematics: cable %d %s is not finite", cable, nm[k]);
            return HW_ERR_INVALID_ARG;
        }
    hw_rc_cable *C = &rc->S.cab[cable];
    rc_cable_host *h = &rc->ch[cable];
    for (int e = 0; e < 2; e++)
        if ((C->body[e].on || C->body6[e].on) && (in[2 * e] || in[2 * e + 1])) {
            snprintf(rc->err, sizeof rc->err, "hw_rc_set_end_kinematics: cable '%s' end %c is a body: it moves "
                     "with the cable (hw_rc_body_state or hw_rc_body6_state reads it); pass NULL for that end", h->name, e ? 'B' : 'A');
            return HW_ERR_INVALID_ARG;
        }
    if (pos_a) { memcpy(h->pa0, pos_a, sizeof h->pa0); memcpy(C->posa, pos_a, sizeof C->posa); h->ta = rc->t; }
    if (vel_a) { memcpy(C->vela, vel_a, sizeof C->vela); if (!pos_a) { memcpy(h->pa0, C->posa, sizeof h->pa0); h->ta = rc->t; } }
    if (pos_b) { memcpy(h->pb0, pos_b, sizeof h->pb0); memcpy(C->posb, pos_b, sizeof C->posb); h->tb = rc->t; }
    if (vel_b) { memcpy(C->velb, vel_b, sizeof C->velb); if (!pos_b) { memcpy(h->pb0, C->posb, sizeof h->pb0); h->tb = rc->t; } }
    return HW_OK;
}

hw_status hw_rc_set_end_load(hw_rc *rc, int cable, int end, const double force[3], const double torque[3])
{
    CHECK_CABLE(rc, cable);
    if (end != 0 && end != 1) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_end_load: end must be 0 (A) or 1 (B), got %d", end);
        return HW_ERR_INVALID_ARG;
    }
    if ((force && !finite3(force)) || (torque && !finite3(torque))) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_end_load: cable %d end %c: force/torque not finite", cable, end ? 'B' : 'A');
        return HW_ERR_INVALID_ARG;
    }
    hw_rc_cable *C = &rc->S.cab[cable];
    double *f = C->body[end].on || C->body6[end].on ? rc->ch[cable].body_f[end] : end ? C->fb : C->fa;
    double *t = end ? C->tb : C->ta;
    for (int q = 0; q < 3; q++) { f[q] = force ? force[q] : 0.0; t[q] = torque ? torque[q] : 0.0; }
    return HW_OK;
}

hw_status hw_rc_set_winch(hw_rc *rc, int cable, double ra, double rb, double sa, double sb)
{
    CHECK_CABLE(rc, cable);
    rc_cable_host *h = &rc->ch[cable];
    if (!isfinite(ra) || !isfinite(rb) || !isfinite(sa) || !isfinite(sb) || ra < 0 || rb < 0) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_winch: cable '%s': retracted lengths must be finite "
                 "and >= 0 and speeds finite (got %g, %g, %g, %g)", h->name, ra, rb, sa, sb);
        return HW_ERR_INVALID_ARG;
    }
    if (h->reel.on) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_winch: cable '%s' has a reel winch (winch.end); the "
                 "rescale inputs are for cables without one", h->name);
        return HW_ERR_INVALID_ARG;
    }
    if (!(h->L_total - ra - rb > 0)) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_winch: cable '%s': retracted lengths %g + %g leave no "
                 "cable out of %g m", h->name, ra, rb, h->L_total);
        return HW_ERR_INVALID_ARG;
    }
    h->ret_a = ra; h->ret_b = rb; h->speed_a = sa; h->speed_b = sb;
    hw_rc_cable *C = &rc->S.cab[cable];
    C->l = C->lend[0] = C->lend[1] = (h->L_total - ra - rb) / C->n;
    C->ldot = -(sa + sb) / C->n;
    update_eps(C, h);
    return HW_OK;
}

hw_status hw_rc_set_winch_speed(hw_rc *rc, int cable, double speed)
{
    CHECK_CABLE(rc, cable);
    rc_reel *r = &rc->ch[cable].reel;
    if (!r->on || r->def.mode != HW_WINCH_EXTERNAL || !isfinite(speed)) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_winch_speed: cable '%s' %s", rc->ch[cable].name,
                 !r->on ? "has no reel winch" : r->def.mode != HW_WINCH_EXTERNAL
                 ? "has a winch that is not in external mode" : "got a speed that is not finite");
        return HW_ERR_INVALID_ARG;
    }
    r->external = speed;
    return HW_OK;
}

hw_status hw_rc_winch_state(const hw_rc *rc, int cable, double *length, double *speed, double *tension,
                            int *elements)
{
    CHECK_CABLE(rc, cable);
    const rc_reel *r = &rc->ch[cable].reel;
    if (!r->on) {
        snprintf(((hw_rc *)rc)->err, sizeof rc->err, "hw_rc_winch_state: cable '%s' has no reel winch", rc->ch[cable].name);
        return HW_ERR_INVALID_ARG;
    }
    if (length) *length = r->length;
    if (speed) *speed = r->speed;
    if (tension) *tension = r->tension;
    if (elements) *elements = rc->S.cab[cable].n;
    return HW_OK;
}

hw_status hw_rc_end_point(const hw_rc *rc, int cable, int end, double pos[3], double vel[3])
{
    CHECK_CABLE(rc, cable);
    const hw_rc_cable *C = &rc->S.cab[cable];
    if ((end != 0 && end != 1) || C->body[end].on || C->body6[end].on || !(end ? C->mask_b : C->mask_a)) {
        snprintf(((hw_rc *)rc)->err, sizeof rc->err, "hw_rc_end_point: cable '%s' end %d is not a point or "
                 "clamped end", rc->ch[cable].name, end);
        return HW_ERR_INVALID_ARG;
    }
    const rc_cable_host *h = &rc->ch[cable];
    const double *p0 = end ? h->pb0 : h->pa0, *v = end ? C->velb : C->vela, t0 = end ? h->tb : h->ta;
    for (int q = 0; q < 3; q++) { /* where hw_rc_step holds it (C->posa is the last step's start) */
        if (pos) pos[q] = p0[q] + v[q] * (rc->t - t0);
        if (vel) vel[q] = v[q];
    }
    return HW_OK;
}

hw_status hw_rc_body_state(const hw_rc *rc, int cable, int end, double pos[3], double vel[3])
{
    CHECK_CABLE(rc, cable);
    const hw_rc_cable *C = &rc->S.cab[cable];
    if ((end != 0 && end != 1) || !C->body[end].on) {
        snprintf(((hw_rc *)rc)->err, sizeof rc->err, "hw_rc_body_state: cable '%s' end %d is not a body end%s",
                 rc->ch[cable].name, end, (end == 0 || end == 1) && C->body6[end].on
                 ? " (it is a 6-DOF body's: hw_rc_body6_state)" : "");
        return HW_ERR_INVALID_ARG;
    }
    if (pos) memcpy(pos, end ? C->posb : C->posa, 3 * sizeof(double));
    if (vel) memcpy(vel, end ? C->velb : C->vela, 3 * sizeof(double));
    return HW_OK;
}

hw_status hw_rc_set_nodes(hw_rc *rc, int cable, const double *xyz)
{
    CHECK_CABLE(rc, cable);
    if (!xyz) return HW_ERR_INVALID_ARG;
    hw_rc_cable *C = &rc->S.cab[cable];
    for (int k = 0; k <= C->n; k++)
        if (!finite3(xyz + 3 * k)) {
            snprintf(rc->err, sizeof rc->err, "hw_rc_set_nodes: cable '%s' point %d is not finite", rc->ch[cable].name, k);
            return HW_ERR_INVALID_ARG;
        }
    for (int k = 0; k < C->n; k++) {
        const double *a = xyz + 3 * k, *b = a + 3;
        if (!((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]) > 0)) {
            snprintf(rc->err, sizeof rc->err, "hw_rc_set_nodes: cable '%s' points %d and %d coincide", rc->ch[cable].name, k, k + 1);
            return HW_ERR_INVALID_ARG;
        }
    }
    for (int k = 0; k < C->n; k++) place_element(&rc->S, C->e0 + k, xyz + 3 * k, xyz + 3 * k + 3);
    for (int e = 0; e < 2; e++)
        if (C->body[e].on) { /* the body on its end point, at rest */
            memcpy(e ? C->posb : C->posa, xyz + (e ? 3 * (size_t)C->n : 0), 3 * sizeof(double));
            memset(e ? C->velb : C->vela, 0, 3 * sizeof(double));
        }
    for (int e = 0; e < 2; e++)
        if (C->body6[e].on) { /* the 6-DOF body moved so that its joint is on the end point, at rest */
            hw_rc_body6_end *b6 = &C->body6[e];
            const double *x = xyz + (e ? 3 * (size_t)C->n : 0);
            b6->s.r = hw_v3_sub(hw_rc_v3(x), hw_quat_rotate(b6->s.q, hw_rc_v3(b6->at)));
            b6->s.v = hw_v3_zero();
            b6->s.w = hw_v3_zero();
            memcpy(e ? C->posb : C->posa, x, 3 * sizeof(double));
            memset(e ? C->velb : C->vela, 0, 3 * sizeof(double));
        }
    if (rc->gpu) {
        hw_rc_cuda_destroy(rc->gpu);
        rc->gpu = NULL;
        char msg[256];
        if (hw_rc_cuda_create(&rc->S, &rc->gpu, msg, sizeof msg) != 0) {
            snprintf(rc->err, sizeof rc->err, "hw_rc_set_nodes: %s", msg);
            rc->failed = 1;
            return HW_ERR_STATE;
        }
    }
    return HW_OK;
}

/* ---- stepping -------------------------------------------------------------------------------- */

static void body6_bounds(const hw_rc *rc, const hw_rc_body6_end *b, char *buf, size_t len)
{
    double m = b->p.m, rho = rc->S.env.rho, g = rc->S.env.g, v = hw_v3_norm(b->s.v), cd = 0.0;
    for (int k = 0; k < 3; k++) cd = fmax(cd, b->p.cda[k]);
    snprintf(buf, len, "reference point at (%.4g, %.4g, %.4g) m, speed %.4g m/s; its own loads are explicit: "
             "waterplane heave omega dt = %.3g (needs < 2), drag 0.5 rho CdA |v| dt / m = %.3g (needs < 1)",
             b->s.r.x, b->s.r.y, b->s.r.z, v, sqrt(rho * g * b->p.awp / m) * rc->dt,
             0.5 * rho * cd * (isfinite(v) ? v : 0.0) * rc->dt / m);
}

static void diagnose(hw_rc *rc, int c, const hw_rc_status *b)
{
    const hw_rc_cable *C = &rc->S.cab[c];
    const char *name = rc->ch[c].name;
    char where[192];
    if (b->kind == HW_RC_BAD_NONFINITE && b->where >= 0 && b->where < C->n && b->value == 0.0)
        snprintf(where, sizeof where, "element %d", b->where);
    else if (b->where == 0)
        snprintf(where, sizeof where, "end A (block 0%s%s%s)", C->body6[0].on ? ", the joint of 6-DOF body '" : "",
                 C->body6[0].on ? rc->ch[c].body6_name[0] : "", C->body6[0].on ? "'" : "");
    else if (b->where == C->n)
        snprintf(where, sizeof where, "end B (block %d%s%s%s)", C->n, C->body6[1].on ? ", the joint of 6-DOF body '" : "",
                 C->body6[1].on ? rc->ch[c].body6_name[1] : "", C->body6[1].on ? "'" : "");
    else snprintf(where, sizeof where, "joint %d (elements %d and %d)", b->where, b->where - 1, b->where);
    /* transverse motion under tension is not filtered by the constraints: the fastest such mode,
     * elements rocking alternately about their centres (inertia m l^2/12, restoring couple ~T l),
     * has omega ~ sqrt(12 T / (mu l^2)), so semi-implicit Euler needs dt < 2/omega =
     * l sqrt(mu / (3 T)) with the largest joint force T of the last solve */
    double tmax = 0.0;
    for (int k = 0; k <= C->n; k++) {
        const double *B = rc->blk + ((size_t)C->b0 + (size_t)k) * HW_RC_BLK;
        double t = sqrt(B[0] * B[0] + B[1] * B[1] + B[2] * B[2]);
        if (t > tmax && isfinite(t)) tmax = t;
    }
    double dt_wave = tmax > 0 ? C->l * sqrt(C->prop.mu / (3.0 * tmax)) : INFINITY;
    char wave[320] = "";
    if (rc->dt > 0.8 * dt_wave)
        snprintf(wave, sizeof wave, "transverse modes under tension: dt = %g s is near or past l sqrt(mu/(3 T)) = %.3g s "
                 "for the largest joint force %.4g N (reduce dt to below it); otherwise ", rc->dt, dt_wave, tmax);
    const char *cause;
    if (b->kind == HW_RC_BAD_GAP)
        cause = "the constraints cannot hold the load: the axial compliance is too large for it "
                "(EA too small, beta too small for eps) or an end input jumped; check EA and the "
                "end kinematics";
    else if (b->kind == HW_RC_BAD_NOT_SPD)
        cause = "the constraint matrix lost positive definiteness (non-finite state or degenerate "
                "geometry)";
    else
        cause = "the step is too large for the fastest unconstrained motion: transverse (string) "
                "waves under high tension (c = sqrt(T/mu), need dt < l / c), the spin of thin "
                "elements, or stiff drag/seabed; reduce dt or beta_dt";
    snprintf(rc->err, sizeof rc->err,
             "numerical blow-up in rigid cable '%s' (%d) at %s, t = %.6g s (step %ld)%s%.4g%s: "
             "likely cause: %s%s (dt = %g s, beta_N dt = %g, alpha_N dt = %g)",
             name, c, where, rc->t, rc->steps,
             b->kind == HW_RC_BAD_GAP ? ": joint gap " : "", b->kind == HW_RC_BAD_GAP ? b->value : 0.0,
             b->kind == HW_RC_BAD_GAP ? " m is past max_gap * element length" : ": non-finite values",
             wave, cause, rc->dt, C->beta[0] * rc->dt, C->alpha[0] * rc->dt);
    for (int e = 0; e < 2; e++) { /* a 6-DOF body on the cable: named, with its explicit bounds */
        if (!C->body6[e].on) continue;
        char bounds[400];
        size_t used = strlen(rc->err);
        body6_bounds(rc, &C->body6[e], bounds, sizeof bounds);
        snprintf(rc->err + used, sizeof rc->err - used, "; the cable holds the 6-DOF body '%s' on end %c (%s)",
                 rc->ch[c].body6_name[e], e ? 'B' : 'A', bounds);
    }
}

/* The explicit part of a 6-DOF body's loads against the step: its waterplane spring rho g awp on
 * its mass (heave omega dt < 2) and its drag (0.5 rho CdA |v| dt / m < 1), into buf. */
/* A 6-DOF body end that failed on its own (prepare or update): names the body, its state and the
 * likely causes with the numbers that decide them. */
static void diagnose_body6(hw_rc *rc, int c, int e, const char *what)
{
    char bounds[400];
    body6_bounds(rc, &rc->S.cab[c].body6[e], bounds, sizeof bounds);
    snprintf(rc->err, sizeof rc->err,
             "numerical blow-up in rigid cable '%s' (%d) at the 6-DOF body '%s' on end %c, t = %.6g s (step %ld): "
             "%s (%s); likely cause: an explicit load past what dt = %g s allows (the waterplane or the drag on a "
             "light body: reduce dt), or a mass or inertia too small for the loads applied",
             rc->ch[c].name, c, rc->ch[c].body6_name[e], e ? 'B' : 'A', rc->t, rc->steps, what, bounds, rc->dt);
}

hw_status hw_rc_step(hw_rc *rc, int n)
{
    if (!rc) return HW_ERR_INVALID_ARG;
    if (rc->failed) return HW_ERR_STATE;
    if (n < 0) { snprintf(rc->err, sizeof rc->err, "hw_rc_step: n must be >= 0, got %d", n); return HW_ERR_INVALID_ARG; }
    hw_rc_sys *S = &rc->S;
    double h = rc->dt;
    for (int s = 0; s < n; s++) {
        for (int c = 0; c < S->n_cables; c++) {
            hw_rc_cable *C = &S->cab[c];
            rc_cable_host *hc = &rc->ch[c];
            for (int q = 0; q < 3; q++) { /* bodies move with the cable (hw_rc_body_update) */
                if (!C->body[0].on && !C->body6[0].on) C->posa[q] = hc->pa0[q] + C->vela[q] * (rc->t - hc->ta);
                if (!C->body[1].on && !C->body6[1].on) C->posb[q] = hc->pb0[q] + C->velb[q] * (rc->t - hc->tb);
            }
        }
        if (rc->reels) hw_rc_reel_before_step(rc);
        hw_rc_status bad;
        int c;
        S->env.t = rc->t; /* the current profile's time */
        double body_power = 0.0;
        for (int k = 0; rc->bodies && k < S->n_cables; k++)
            for (int e = 0; e < 2; e++)
                if (S->cab[k].body[e].on) body_power += hw_rc_body_prepare(&S->env, &S->cab[k], e, rc->ch[k].body_f[e]);
        for (int k = 0; rc->bodies6 && k < S->n_cables; k++)
            for (int e = 0; e < 2; e++) {
                double pw = 0.0;
                if (!S->cab[k].body6[e].on) continue;
                if (hw_rc_body6_prepare(&S->env, &S->cab[k], e, rc->ch[k].body_f[e], &pw)) {
                    diagnose_body6(rc, k, e, "its mass matrix is not positive definite (a non-finite state)");
                    rc->failed = 1;
                    return HW_ERR_NUMERICAL;
                }
                body_power += pw;
            }
        if (rc->gpu) {
            c = hw_rc_cuda_set_cables(rc->gpu, S) == 0 ? hw_rc_cuda_step(rc->gpu, h, rc->power, &bad) : 0;
            if (c >= 0) hw_rc_cuda_download(rc->gpu, S->st, rc->blk);
        } else {
            c = hw_rc_cpu_step(S, &rc->work, rc->blk, rc->el, h, rc->power, &bad);
        }
        if (c >= 0) {
            diagnose(rc, c, &bad);
            rc->failed = 1;
            return HW_ERR_NUMERICAL;
        }
        for (int k = 0; rc->bodies && k < S->n_cables; k++) /* the bodies, with their end blocks' multipliers */
            for (int e = 0; e < 2; e++) {
                hw_rc_cable *C = &S->cab[k];
                if (!C->body[e].on) continue;
                int q = C->b0 + (e ? C->n : 0);
                double lam[6];
                const double *l = rc->blk + (size_t)q * HW_RC_BLK + HW_RC_B_LAM; /* the CPU's solve */
                if (rc->gpu) {
                    if (hw_rc_cuda_block_lambda(rc->gpu, q, lam) != 0) {
                        snprintf(rc->err, sizeof rc->err, "hw_rc_step: copying the end multipliers back from the GPU failed");
                        rc->failed = 1;
                        return HW_ERR_STATE;
                    }
                    l = lam;
                }
                hw_rc_body_update(&C->body[e], l, h, e ? C->posb : C->posa, e ? C->velb : C->vela);
            }
        for (int k = 0; rc->bodies6 && k < S->n_cables; k++) /* the 6-DOF bodies, likewise */
            for (int e = 0; e < 2; e++) {
                hw_rc_cable *C = &S->cab[k];
                if (!C->body6[e].on) continue;
                int q = C->b0 + (e ? C->n : 0);
                double lam[6];
                const double *l = rc->blk + (size_t)q * HW_RC_BLK + HW_RC_B_LAM;
                if (rc->gpu) {
                    if (hw_rc_cuda_block_lambda(rc->gpu, q, lam) != 0) {
                        snprintf(rc->err, sizeof rc->err, "hw_rc_step: copying the end multipliers back from the GPU failed");
                        rc->failed = 1;
                        return HW_ERR_STATE;
                    }
                    l = lam;
                }
                if (hw_rc_body6_update(&S->env, C, e, l, h)) {
                    diagnose_body6(rc, k, e, "its state is no longer finite");
                    rc->failed = 1;
                    return HW_ERR_NUMERICAL;
                }
            }
        rc->dissipated += body_power * h;
        for (int k = 0; k < S->n_cables; k++) rc->dissipated += rc->power[k] * h;
        rc->steps++;
        rc->t = (double)rc->steps * h; /* computed, not accumulated: no drift of the clock */
        /* winch: the retracted lengths advance with the speeds (rescale mode) */
        for (int k = 0; k < S->n_cables; k++) {
            rc_cable_host *hc = &rc->ch[k];
            if (hc->speed_a == 0 && hc->speed_b == 0) continue;
            double ra = hc->ret_a + hc->speed_a * h, rb = hc->ret_b + hc->speed_b * h;
            if (ra < 0) ra = 0;
            if (rb < 0) rb = 0;
            if (!(hc->L_total - ra - rb > 1e-6 * hc->L_total)) {
                snprintf(rc->err, sizeof rc->err, "rigid cable '%s' (%d): the winch retracted the whole "
                         "cable at t = %g s", hc->name, k, rc->t);
                rc->failed = 1;
                return HW_ERR_NUMERICAL;
            }
            hc->ret_a = ra; hc->ret_b = rb;
            hw_rc_cable *C = &S->cab[k];
            C->l = C->lend[0] = C->lend[1] = (hc->L_total - ra - rb) / C->n;
            update_eps(C, hc);
        }
        if (rc->reels) {
            hw_status st = hw_rc_reel_after_step(rc);
            if (st) {
                rc->failed = 1;
                return st;
            }
        }
    }
    if (rc->gpu && n > 0 && hw_rc_cuda_download(rc->gpu, S->st, rc->blk) != 0) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_step: copying the state back from the GPU failed");
        rc->failed = 1;
        return HW_ERR_STATE;
    }
    return HW_OK;
}

double hw_rc_time(const hw_rc *rc) { return rc ? rc->t : 0.0; }
double hw_rc_dt(const hw_rc *rc) { return rc ? rc->dt : 0.0; }
int hw_rc_n_cables(const hw_rc *rc) { return rc ? rc->S.n_cables : 0; }
const char *hw_rc_cable_name(const hw_rc *rc, int cable)
{
    return rc && cable >= 0 && cable < rc->S.n_cables ? rc->ch[cable].name : NULL;
}
int hw_rc_elements(const hw_rc *rc, int cable)
{
    return rc && cable >= 0 && cable < rc->S.n_cables ? rc->S.cab[cable].n : -1;
}
double hw_rc_cable_length(const hw_rc *rc, int cable)
{
    if (!rc || cable < 0 || cable >= rc->S.n_cables) return 0.0;
    const hw_rc_cable *C = &rc->S.cab[cable];
    if (rc->ch[cable].reel.on) return rc->ch[cable].reel.length;
    return C->l * C->n;
}

/* ---- outputs --------------------------------------------------------------------------------- */

static const double *blk_of(const hw_rc *rc, int cable, int k)
{
    return rc->blk + ((size_t)rc->S.cab[cable].b0 + (size_t)k) * HW_RC_BLK;
}

hw_status hw_rc_end_forces(const hw_rc *rc, int cable, double fa[3], double fb[3])
{
    CHECK_CABLE(rc, cable);
    const hw_rc_cable *C = &rc->S.cab[cable];
    const double *a = blk_of(rc, cable, 0), *b = blk_of(rc, cable, C->n);
    for (int q = 0; q < 3; q++) {
        if (fa) fa[q] = -a[HW_RC_B_LAM + q];
        if (fb) fb[q] = -b[HW_RC_B_LAM + q];
    }
    return HW_OK;
}

hw_status hw_rc_tensions(const hw_rc *rc, int cable, double *t)
{
    CHECK_CABLE(rc, cable);
    if (!t) return HW_ERR_INVALID_ARG;
    for (int k = 0; k <= rc->S.cab[cable].n; k++) t[k] = hw_rc_block_tension(rc, cable, k);
    return HW_OK;
}

hw_status hw_rc_bending_moments(const hw_rc *rc, int cable, double *m)
{
    CHECK_CABLE(rc, cable);
    if (!m) return HW_ERR_INVALID_ARG;
    const hw_rc_cable *C = &rc->S.cab[cable];
    for (int k = 0; k <= C->n; k++) {
        const double *B = blk_of(rc, cable, k);
        double lam[6] = {0, 0, 0, B[HW_RC_B_LAM + 3], B[HW_RC_B_LAM + 4], B[HW_RC_B_LAM + 5]};
        hw_v3 f = hw_v3_zero(), tau = hw_v3_zero();
        if (k < C->n) {
            hw_rc_side s = hw_rc_load_side(B + HW_RC_B_SR);
            hw_rc_jt(&s, lam, &f, &tau);
        } else {
            hw_rc_side s = hw_rc_load_side(B + HW_RC_B_SL);
            hw_rc_jt(&s, lam, &f, &tau);
            tau = hw_v3_scale(tau, -1.0);
        }
        m[3 * k] = tau.x; m[3 * k + 1] = tau.y; m[3 * k + 2] = tau.z;
    }
    return HW_OK;
}

static hw_status get_block(const hw_rc *rc, int cable, double *out, int first, int count)
{
    CHECK_CABLE(rc, cable);
    if (!out) return HW_ERR_INVALID_ARG;
    const hw_rc_cable *C = &rc->S.cab[cable];
    int ne = rc->S.n_elems;
    for (int i = 0; i < C->n; i++)
        for (int q = 0; q < count; q++) out[count * i + q] = rc->S.st[(first + q) * ne + C->e0 + i];
    return HW_OK;
}
hw_status hw_rc_positions(const hw_rc *rc, int cable, double *xyz) { return get_block(rc, cable, xyz, HW_RC_RX, 3); }
hw_status hw_rc_velocities(const hw_rc *rc, int cable, double *xyz) { return get_block(rc, cable, xyz, HW_RC_VX, 3); }
hw_status hw_rc_orientations(const hw_rc *rc, int cable, double *q) { return get_block(rc, cable, q, HW_RC_QW, 4); }
hw_status hw_rc_angular_velocities(const hw_rc *rc, int cable, double *w) { return get_block(rc, cable, w, HW_RC_WX, 3); }

hw_status hw_rc_nodes(const hw_rc *rc, int cable, double *xyz)
{
    CHECK_CABLE(rc, cable);
    if (!xyz) return HW_ERR_INVALID_ARG;
    const hw_rc_cable *C = &rc->S.cab[cable];
    int ne = rc->S.n_elems, n = C->n;
    for (int k = 0; k <= n; k++) {
        hw_v3 p;
        double li = k > 0 ? hw_rc_elem_len(C, k - 1).l : 0.0, lj = k < n ? hw_rc_elem_len(C, k).l : 0.0;
        if (k == 0) { hw_rc_body b = hw_rc_get_body(rc->S.st, ne, C->e0); p = hw_rc_end_a(&b, lj); }
        else if (k == n) { hw_rc_body b = hw_rc_get_body(rc->S.st, ne, C->e0 + n - 1); p = hw_rc_end_b(&b, li); }
        else {
            hw_rc_body b1 = hw_rc_get_body(rc->S.st, ne, C->e0 + k - 1), b2 = hw_rc_get_body(rc->S.st, ne, C->e0 + k);
            p = hw_v3_scale(hw_v3_add(hw_rc_end_b(&b1, li), hw_rc_end_a(&b2, lj)), 0.5);
        }
        xyz[3 * k] = p.x; xyz[3 * k + 1] = p.y; xyz[3 * k + 2] = p.z;
    }
    return HW_OK;
}

hw_status hw_rc_get_energy(const hw_rc *rc, hw_rc_energy *e)
{
    if (!rc || !e) return HW_ERR_INVALID_ARG;
    double acc[7] = {0, 0, 0, 0, 0, 0, 0};
    for (int c = 0; c < rc->S.n_cables; c++) hw_rc_cable_energy(&rc->S, &rc->S.cab[c], acc);
    e->kinetic = acc[0]; e->gravity = acc[1]; e->axial = acc[2]; e->bending = acc[3];
    e->torsion = acc[4]; e->constraint_rate = acc[5]; e->seabed = acc[6];
    e->dissipated = rc->dissipated;
    e->total = acc[0] + acc[1] + acc[2] + acc[3] + acc[4] + acc[5] + acc[6];
    return HW_OK;
}

/* 6-DOF body ends (HW_RC_END_BODY6). */
static hw_status not_body6(const hw_rc *rc, int cable, int end, const char *fn)
{
    const hw_rc_cable *C = &rc->S.cab[cable];
    if ((end == 0 || end == 1) && C->body6[end].on) return HW_OK;
    snprintf(((hw_rc *)rc)->err, sizeof rc->err, "%s: cable '%s' end %d is not a 6-DOF body end (end kind body6)",
             fn, rc->ch[cable].name, end);
    return HW_ERR_INVALID_ARG;
}

hw_status hw_rc_body6_state(const hw_rc *rc, int cable, int end, double pos[3], double quat[4],
                            double vel[3], double w[3])
{
    CHECK_CABLE(rc, cable);
    hw_status st = not_body6(rc, cable, end, __func__);
    if (st != HW_OK) return st;
    const hw_body_s *s = &rc->S.cab[cable].body6[end].s;
    if (pos) { pos[0] = s->r.x; pos[1] = s->r.y; pos[2] = s->r.z; }
    if (quat) { quat[0] = s->q.w; quat[1] = s->q.x; quat[2] = s->q.y; quat[3] = s->q.z; }
    if (vel) { vel[0] = s->v.x; vel[1] = s->v.y; vel[2] = s->v.z; }
    if (w) { w[0] = s->w.x; w[1] = s->w.y; w[2] = s->w.z; }
    return HW_OK;
}

hw_status hw_rc_set_body6_load(hw_rc *rc, int cable, int end, const double force[3],
                               const double moment[3])
{
    CHECK_CABLE(rc, cable);
    hw_status st = not_body6(rc, cable, end, __func__);
    if (st != HW_OK) return st;
    if ((force && !finite3(force)) || (moment && !finite3(moment))) {
        snprintf(rc->err, sizeof rc->err, "hw_rc_set_body6_load: cable '%s' end %c: force/moment not finite",
                 rc->ch[cable].name, end ? 'B' : 'A');
        return HW_ERR_INVALID_ARG;
    }
    double *x = rc->S.cab[cable].body6[end].ext;
    for (int q = 0; q < 3; q++) { x[q] = force ? force[q] : 0.0; x[3 + q] = moment ? moment[q] : 0.0; }
    return HW_OK;
}
