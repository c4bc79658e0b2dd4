/* Small helpers shared by the test suites: building models in code, and an independent solution
 * of Irvine's elastic catenary equations (validation cases 1 and 2). */
#ifndef HW_TEST_HELPERS_H
#define HW_TEST_HELPERS_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "hawser/hawser.h"
#include "hawser/rigid.h"
#include "hawser/world.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"

#define G0 9.80665
#define PI 3.14159265358979323846

/* A model of one line between two points, filled by the caller. Arrays live in the struct. */
typedef struct one_line {
    hw_model_def def;
    hw_line_type_def type;
    hw_point_def pts[2];
    hw_line_def line;
} one_line;

static inline void one_line_init(one_line *m, double d, double mu, double ea, double length,
                                 int nseg, const double ra[3], const double rb[3])
{
    memset(m, 0, sizeof *m);
    m->def = hw_default_model();
    m->type = hw_default_line_type();
    m->type.name = "type";
    m->type.d = d;
    m->type.mu = mu;
    m->type.ea = ea;
    for (int k = 0; k < 2; k++) {
        m->pts[k] = hw_default_point();
        memcpy(m->pts[k].pos, k ? rb : ra, 3 * sizeof(double));
    }
    m->pts[0].name = "A";
    m->pts[1].name = "B";
    m->line = hw_default_line();
    m->line.name = "line";
    m->line.type = 0;
    m->line.point_a = 0;
    m->line.point_b = 1;
    m->line.length = length;
    m->line.nseg = nseg;
    m->def.n_types = 1; m->def.types = &m->type;
    m->def.n_points = 2; m->def.points = m->pts;
    m->def.n_lines = 1; m->def.lines = &m->line;
}

/* Irvine's suspended elastic catenary: solve for H, V (upper-end vertical force) given span h,
 * rise v, length L, weight w, stiffness EA. Newton with a numerical Jacobian (independent of the
 * library's own catenary code). Returns 0 on success. */
static inline void irvine_suspended(double H, double V, double L, double w, double EA, double *h,
                                    double *v)
{
    double Va = V - w * L;
    *h = H / w * (asinh(V / H) - asinh(Va / H)) + H * L / EA;
    *v = H / w * (sqrt(1 + (V / H) * (V / H)) - sqrt(1 + (Va / H) * (Va / H))) +
         (V * L - w * L * L / 2) / EA;
}

static inline void irvine_grounded(double H, double V, double L, double w, double EA, double *h,
                                   double *v)
{
    double LB = L - V / w;
    *h = LB + H / w * asinh(V / H) + H * L / EA;
    *v = H / w * (sqrt(1 + (V / H) * (V / H)) - 1) + V * V / (2 * EA * w);
}

static inline int irvine_solve(int grounded, double hx, double vx, double L, double w, double EA,
                               double *H, double *V)
{
    double x[2] = {*H, *V};
    for (int it = 0; it < 200; it++) {
        double h0, v0, J[2][2];
        (grounded ? irvine_grounded : irvine_suspended)(x[0], x[1], L, w, EA, &h0, &v0);
        double r0 = h0 - hx, r1 = v0 - vx;
        if (fabs(r0) + fabs(r1) < 1e-11 * (hx + vx)) { *H = x[0]; *V = x[1]; return 0; }
        for (int c = 0; c < 2; c++) {
            double xp[2] = {x[0], x[1]};
            double dh = 1e-7 * fabs(xp[c]) + 1e-9;
            xp[c] += dh;
            double h1, v1;
            (grounded ? irvine_grounded : irvine_suspended)(xp[0], xp[1], L, w, EA, &h1, &v1);
            J[0][c] = (h1 - h0) / dh;
            J[1][c] = (v1 - v0) / dh;
        }
        double det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
        double d0 = (J[1][1] * r0 - J[0][1] * r1) / det, d1 = (-J[1][0] * r0 + J[0][0] * r1) / det;
        double a = 1.0;
        while (x[0] - a * d0 <= 0) a *= 0.5;
        x[0] -= a * d0;
        x[1] -= a * d1;
    }
    return -1;
}

/* The exact static shape of the lumped-mass discretization itself (not of the continuous
 * cable): N straight elastic segments of unstretched length l = L/N, the submerged weight w l
 * lumped at the interior nodes and w l / 2 at each end, hanging free between an anchor and a
 * fairlead h, v apart. Given the fairlead force (H, V) on the point (which holds the end node's
 * half weight), segment k from the top carries vertical force V - w l (k + 1/2) and its stretched
 * length follows from its tension. Solving for h, v gives (H, V) of the discrete chain: the
 * answer a lumped-mass solver must reproduce to its residual, whatever N. */
static inline void discrete_suspended(double H, double V, double L, double w, double EA, int N,
                                      double *h, double *v)
{
    double l = L / N, Vs = V - w * l / 2;
    *h = 0; *v = 0;
    for (int k = 0; k < N; k++) {
        double T = hypot(H, Vs), ls = l * (1 + T / EA);
        *h += ls * H / T;
        *v += ls * Vs / T;
        Vs -= w * l;
    }
}

static inline int discrete_solve(double hx, double vx, double L, double w, double EA, int N,
                                 double *H, double *V)
{
    double x[2] = {*H, *V};
    for (int it = 0; it < 200; it++) {
        double h0, v0, J[2][2];
        discrete_suspended(x[0], x[1], L, w, EA, N, &h0, &v0);
        double r0 = h0 - hx, r1 = v0 - vx;
        if (fabs(r0) + fabs(r1) < 1e-11 * (hx + vx)) { *H = x[0]; *V = x[1]; return 0; }
        for (int c = 0; c < 2; c++) {
            double xp[2] = {x[0], x[1]};
            double dh = 1e-7 * fabs(xp[c]) + 1e-9;
            xp[c] += dh;
            double h1, v1;
            discrete_suspended(xp[0], xp[1], L, w, EA, N, &h1, &v1);
            J[0][c] = (h1 - h0) / dh;
            J[1][c] = (v1 - v0) / dh;
        }
        double det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
        x[0] -= (J[1][1] * r0 - J[0][1] * r1) / det;
        x[1] -= (-J[1][0] * r0 + J[0][0] * r1) / det;
    }
    return -1;
}

/* A rigid-cylinder simulation (hawser/rigid.h) that must build, and t_end seconds of it that must
 * step. */
static inline hw_rc *rc_make(const hw_rc_def *def)
{
    hw_rc *rc = NULL;
    char msg[512];
    hw_status st = hw_rc_create(def, &rc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "create: %s", msg);
    return rc;
}

static inline void rc_run(hw_rc *rc, double t_end)
{
    int n = (int)(t_end / hw_rc_dt(rc) + 0.5);
    hw_status st = hw_rc_step(rc, n);
    cr_assert_eq(st, HW_OK, "step: %s", hw_rc_last_error(rc));
}

/* Two doubles with the same bits (bit-for-bit comparisons of twin runs). */
static inline int same_d(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* A log sink (hw_log_fn) that keeps the lines as "LEVEL text\n" in text, to search in. */
typedef struct log_cap { char text[8192]; size_t used; } log_cap;
static inline void cap_log(void *user, int level, const char *m)
{
    log_cap *c = (log_cap *)user;
    int n = snprintf(c->text + c->used, sizeof c->text - c->used, "%d %s\n", level, m);
    if (n > 0 && c->used + (size_t)n < sizeof c->text) c->used += (size_t)n;
}

/* The value of column name at the row of time tm in a MoorDyn-layout .out table (names, units,
 * rows; blank-separated; the first 64 columns), and its unit in unit (NULL: not wanted). */
static inline double md_out_at(const char *path, const char *name, double tm, char *unit, size_t ulen)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char line[1 << 14];
    cr_assert_not_null(fgets(line, sizeof line, f));
    int c = -1, n = 0;
    for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n"), n++)
        if (!strcmp(tok, name)) c = n;
    cr_assert_geq(c, 0, "no column %s in %s", name, path);
    cr_assert_lt(c, 64, "column %s of %s beyond the 64 read", name, path);
    cr_assert_not_null(fgets(line, sizeof line, f)); /* units */
    n = 0;
    for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n"), n++)
        if (n == c && unit) snprintf(unit, ulen, "%s", tok);
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        double v[64];
        for (int k = 0; k <= c; k++) v[k] = strtod(p, &p);
        if (fabs(v[0] - tm) < 1e-9) {
            fclose(f);
            return v[c];
        }
    }
    fclose(f);
    cr_assert_fail("no row at t = %g in %s", tm, path);
    return 0;
}

/* A scenario from YAML text that must load (name: the file name its messages give). */
static inline hw_scenario *scn_text(const char *text, const char *name)
{
    static char m[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(text, name, &sc, m, sizeof m), HW_OK, "%s", m);
    return sc;
}

/* A MoorDyn deck that must load (hw_md_load). */
static inline hw_scenario *md_deck(const char *path)
{
    static char m[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(path, NULL, NULL, &sc, NULL, m, sizeof m), HW_OK, "%s", m);
    return sc;
}

/* The lumped lines of a loaded scenario on the CPU backend, that must build. */
static inline hw_sim *cpu_sim(const hw_scenario *sc)
{
    static char m[2048];
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, m, sizeof m), HW_OK, "%s", m);
    return sim;
}

/* Steps sim of step dt on to time t (no step when it is there or past it); each step must succeed. */
static inline void sim_step_to(hw_sim *sim, double t, double dt)
{
    long n = lround((t - hw_sim_time(sim)) / dt);
    if (n > 0) cr_assert_eq(hw_sim_step(sim, (int)n), HW_OK, "step to %g", t);
}

/* The world of a scenario or deck file (default load options), that must load. */
static inline hw_world *world_at(const char *path)
{
    static char m[2048];
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load(path, &o, &w, m, sizeof m), HW_OK, "%s", m);
    return w;
}

#endif
