/* The elastic catenary (host/model/catenary.c): residuals of Irvine's equations, independent checks
 * against the inextensible closed forms (scalar equations solved by bisection here) and against a
 * direct numerical integration of the equilibrium ODE, the node layout of hw_catenary_line, the
 * seabed, mirrored ends, and the fallbacks. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <math.h>
#include <stdio.h>

#include "model/catenary.h"

#define RELCLOSE(a, b, tol, ...) \
    cr_assert(fabs((a) - (b)) <= (tol) * fmax(fabs(a), fabs(b)), __VA_ARGS__)

/* ---- independent references ---------------------------------------------------------------- */

/* Irvine's equations as written (plain forms; fine away from near-straight lines). */
static void irvine_suspended(double H, double V, double L, double w, double EA, double *h,
                             double *v)
{
    double Va = V - w * L;
    *h = H / w * (asinh(V / H) - asinh(Va / H)) + H * L / EA;
    *v = H / w * (sqrt(1 + (V / H) * (V / H)) - sqrt(1 + (Va / H) * (Va / H))) +
         (V * L - w * L * L / 2) / EA;
}

static void irvine_grounded(double H, double V, double L, double w, double EA, double *h,
                            double *v)
{
    double LB = L - V / w;
    *h = LB + H / w * asinh(V / H) + H * L / EA;
    *v = H / w * (sqrt(1 + (V / H) * (V / H)) - 1) + V * V / (2 * EA * w);
}

/* Integrates dx/ds = H/T + H/EA, dz/ds = Vs/T + Vs/EA (Vs = Va + w s, T = |(H, Vs)|) from s0 to
 * s1 with composite 5-point Gauss-Legendre in long double. Independent of the closed forms. */
static void ode_integrate(double H, double Va, double w, double EA, double s0, double s1, int np,
                          long double *x, long double *z)
{
    static const long double gx[5] = {-0.9061798459386639927976269L,
                                      -0.5384693101056830910363144L, 0.0L,
                                      0.5384693101056830910363144L,
                                      0.9061798459386639927976269L};
    static const long double gw[5] = {0.2369268850561890875142640L, 0.4786286704993664680412915L,
                                      0.5688888888888888888888889L, 0.4786286704993664680412915L,
                                      0.2369268850561890875142640L};
    long double dl = ((long double)s1 - s0) / np;
    for (int p = 0; p < np; p++) {
        long double a = s0 + p * dl;
        for (int k = 0; k < 5; k++) {
            long double s = a + dl * (gx[k] + 1) / 2, vs = Va + (long double)w * s;
            long double T = sqrtl((long double)H * H + vs * vs);
            *x += gw[k] * dl / 2 * (H / T + H / (long double)EA);
            *z += gw[k] * dl / 2 * (vs / T + vs / (long double)EA);
        }
    }
}

/* Position of the point at s of a suspended (Va given) or grounded (LB given, Va = -w LB in the
 * integration) solution, by the ODE. */
static void ode_point(const hw_catenary *c, double w, double EA, double s, double *x, double *z)
{
    long double X = 0, Z = 0;
    double s0 = 0, Va = c->Va;
    if (c->kind == HW_CAT_GROUNDED) {
        s0 = c->grounded;
        if (s <= s0) {
            *x = s * (1 + c->H / EA);
            *z = 0;
            return;
        }
        X = s0 * (1 + (long double)c->H / EA);
        Va = -w * s0;
    }
    double sv = -Va / w; /* the vertex: integrate the two sides separately */
    if (sv > s0 && sv < s) {
        ode_integrate(c->H, Va, w, EA, s0, sv, 4000, &X, &Z);
        ode_integrate(c->H, Va, w, EA, sv, s, 4000, &X, &Z);
    } else {
        ode_integrate(c->H, Va, w, EA, s0, s, 8000, &X, &Z);
    }
    *x = (double)X;
    *z = (double)Z;
}

/* Bisection for a root of f on [lo, hi] (f(lo) and f(hi) of opposite signs). */
static double bisect(double (*f)(double, const double *), const double *p, double lo, double hi)
{
    double flo = f(lo, p);
    for (int k = 0; k < 300 && hi - lo > 1e-15 * hi; k++) {
        double m = 0.5 * (lo + hi), fm = f(m, p);
        if ((fm > 0) == (flo > 0)) {
            lo = m;
            flo = fm;
        } else {
            hi = m;
        }
    }
    return 0.5 * (lo + hi);
}

/* p = {h, v, L, w}: inextensible catenary, sqrt(L^2 - v^2) = 2 H/w sinh(w h / (2 H)). */
static double f_inext(double H, const double *p)
{
    double h = p[0], v = p[1], L = p[2], w = p[3];
    return 2 * H / w * sinh(w * h / (2 * H)) - sqrt(L * L - v * v);
}

/* p = {h, L, w, EA}: symmetric elastic catenary between equal heights (V = w L/2),
 * h = 2 H/w asinh(w L/(2 H)) + H L/EA. */
static double f_elastic_sym(double H, const double *p)
{
    double h = p[0], L = p[1], w = p[2], EA = p[3];
    return 2 * H / w * asinh(w * L / (2 * H)) + H * L / EA - h;
}

/* p = {h, v, L, w}: inextensible grounded catenary, Ls^2 = v^2 + 2 v H/w,
 * h = L - Ls + H/w asinh(w Ls/H). */
static double f_inext_grounded(double H, const double *p)
{
    double h = p[0], v = p[1], L = p[2], w = p[3];
    double Ls = sqrt(v * v + 2 * v * H / w);
    return L - Ls + H / w * asinh(w * Ls / H) - h;
}

static double dist3(const double *a, const double *b)
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                (a[2] - b[2]) * (a[2] - b[2]));
}

/* ---- (1) residuals ---------------------------------------------------------------------------- */

Test(catenary, suspended_residuals)
{
    /* h, v, L, w, EA: slack, very slack, moderately taut, level ends, soft line */
    const double cases[][5] = {
        {400, 100, 500, 800, 5e8},  {50, 20, 300, 1000, 1e9},    {990, 50, 1000, 500, 1e9},
        {300, 0, 320, 200, 1e7},    {100, 80, 140, 2000, 1e5},   {10, 500, 600, 50, 1e9},
        {800, 300, 850, 1.5, 2e6},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double h = cases[i][0], v = cases[i][1], L = cases[i][2], w = cases[i][3],
               EA = cases[i][4];
        hw_catenary c;
        cr_assert_eq(hw_catenary_solve(h, v, L, w, EA, 0, &c), 0, "case %zu", i);
        cr_assert_eq(c.kind, HW_CAT_SUSPENDED, "case %zu", i);
        cr_assert(c.H > 0 && c.iterations < 50, "case %zu: H %g it %d", i, c.H, c.iterations);
        cr_assert(fabs(c.Va - (c.V - w * L)) <= 1e-12 * fabs(c.V) + 1e-9);
        double hh, vv, scale = fmax(hypot(h, v), L);
        irvine_suspended(c.H, c.V, L, w, EA, &hh, &vv);
        cr_assert(fabs(hh - h) <= 1e-10 * scale && fabs(vv - v) <= 1e-10 * scale,
                  "case %zu: residual %g %g", i, hh - h, vv - v);
    }
}

/* Near-straight lines (H/w huge): the plain forms cancel, so check by integrating the ODE. */
Test(catenary, near_straight_residuals)
{
    const double cases[][5] = {
        {99.0, 14.0, 0.0, 1e-3, 1e9},   /* slack by 1e-6 m (L set below), very light */
        {100.0, 0.0, 99.9, 10.0, 1e8},  /* taut, level */
        {60.0, 80.0, 99.98, 1.0, 1e15}, /* taut, almost inextensible */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double h = cases[i][0], v = cases[i][1], L = cases[i][2], w = cases[i][3],
               EA = cases[i][4];
        if (L == 0) L = hypot(h, v) + 1e-6;
        hw_catenary c;
        cr_assert_eq(hw_catenary_solve(h, v, L, w, EA, 0, &c), 0, "case %zu", i);
        cr_assert_eq(c.kind, HW_CAT_SUSPENDED);
        cr_assert(c.H / w > 100 * L, "case %zu: H/w %g", i, c.H / w);
        double x, z;
        ode_point(&c, w, EA, L, &x, &z);
        cr_assert(fabs(x - h) <= 1e-10 * L && fabs(z - v) <= 1e-10 * L,
                  "case %zu: ode end %.17g %.17g", i, x - h, z - v);
        hw_catenary_point(&c, L, w, EA, L, &x, &z);
        cr_assert(fabs(x - h) <= 1e-11 * L && fabs(z - v) <= 1e-11 * L);
    }
}

/* ---- (2) known figures ------------------------------------------------------------------------ */

Test(catenary, inextensible_symmetric)
{
    double h = 100, L = 120, w = 50;
    double p[4] = {h, 0, L, w};
    double Href = bisect(f_inext, p, 1.0, 1e6);
    hw_catenary c;
    cr_assert_eq(hw_catenary_solve(h, 0, L, w, 1e15, 0, &c), 0);
    RELCLOSE(c.H, Href, 1e-8, "H %.17g vs %.17g", c.H, Href);
    RELCLOSE(c.V, w * L / 2, 1e-10, "V %.17g", c.V);
    /* sag at mid-span: H/w (cosh(w h/(2H)) - 1) */
    double x, z;
    hw_catenary_point(&c, L, w, 1e15, L / 2, &x, &z);
    cr_assert(fabs(x - h / 2) <= 1e-9 * h);
    double sag = Href / w * (cosh(w * h / (2 * Href)) - 1);
    cr_assert(fabs(-z - sag) <= 1e-7 * sag, "sag %.17g vs %.17g", -z, sag);
}

Test(catenary, inextensible_asymmetric)
{
    const double cases[][4] = {{300, 120, 400, 700}, {50, 40, 200, 10}, {500, 10, 505, 1}};
    for (size_t i = 0; i < 3; i++) {
        double h = cases[i][0], v = cases[i][1], L = cases[i][2], w = cases[i][3];
        double Href = bisect(f_inext, cases[i], 1e-6, 1e9);
        hw_catenary c;
        cr_assert_eq(hw_catenary_solve(h, v, L, w, 1e15, 0, &c), 0);
        RELCLOSE(c.H, Href, 1e-8, "case %zu: H %.17g vs %.17g", i, c.H, Href);
    }
}

Test(catenary, elastic_symmetric)
{
    double h = 200, L = 210, w = 300, EA = 2e6; /* stretch of a few percent */
    double p[4] = {h, L, w, EA};
    double Href = bisect(f_elastic_sym, p, 1.0, 1e9);
    hw_catenary c;
    cr_assert_eq(hw_catenary_solve(h, 0, L, w, EA, 0, &c), 0);
    RELCLOSE(c.H, Href, 1e-9, "H %.17g vs %.17g", c.H, Href);
    RELCLOSE(c.V, w * L / 2, 1e-10);
    cr_assert(c.H * L / EA > 0.01 * h, "the test should exercise the elastic term");
}

Test(catenary, inextensible_limit_ea_infinite)
{
    hw_catenary a, b;
    cr_assert_eq(hw_catenary_solve(300, 120, 400, 700, 1e15, 0, &a), 0);
    cr_assert_eq(hw_catenary_solve(300, 120, 400, 700, INFINITY, 0, &b), 0);
    RELCLOSE(a.H, b.H, 1e-9);
    RELCLOSE(a.V, b.V, 1e-9);
    cr_assert_eq(hw_catenary_solve(300, 120, 400, 700, INFINITY, 1, &b), 0);
    cr_assert_eq(hw_catenary_solve(300, 120, 400, 700, 1e15, 1, &a), 0);
    cr_assert_eq(a.kind, b.kind);
    RELCLOSE(a.H, b.H, 1e-9);
}

/* The closed-form shape against the ODE, suspended (through the vertex) and grounded. */
/* The shape at 11 stations matches the integrated equilibrium equation to 1e-10 L. */
static void expect_shape_matches_ode(const hw_catenary *c, double L, double w, double EA)
{
    for (int k = 0; k <= 10; k++) {
        double s = L * k / 10, x, z, xr, zr;
        hw_catenary_point(c, L, w, EA, s, &x, &z);
        ode_point(c, w, EA, s, &xr, &zr);
        cr_assert(fabs(x - xr) <= 1e-10 * L && fabs(z - zr) <= 1e-10 * L, "s %g: %g %g", s,
                  x - xr, z - zr);
    }
}

Test(catenary, shape_matches_ode)
{
    double L = 500, w = 800, EA = 5e7;
    hw_catenary c;
    cr_assert_eq(hw_catenary_solve(450, 100, L, w, EA, 0, &c), 0);
    cr_assert(c.Va < 0, "the case should dip below A");
    expect_shape_matches_ode(&c, L, w, EA);
    cr_assert_eq(hw_catenary_solve(450, 100, L, w, EA, 1, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    expect_shape_matches_ode(&c, L, w, EA);
}

/* ---- (3) node layout ---------------------------------------------------------------------------- */

/* Checks hw_catenary_line's nodes: exact ends; every segment's length against the catenary:
 * on the seabed exactly l0 (1 + H/EA); suspended l0 (1 + T/EA), T the tension at mid-segment,
 * within plain_tol (the chord of a curved segment is shorter than its arc by (kappa l)^2/24, so
 * plain_tol depends on the curvature kappa ~ w/H); and every segment, the touchdown one included,
 * against the chord between the ODE-integrated positions of its ends within 1e-10. */
static void check_layout(const double ra[3], const double rb[3], double L, int N, double w,
                         double EA, double depth, double plain_tol, hw_catenary *cout)
{
    double xyz[3 * 401];
    hw_catenary c;
    cr_assert(N <= 400);
    cr_assert_eq(hw_catenary_line(ra, rb, L, N, w, EA, depth, xyz, &c), 0);
    cr_assert(dist3(xyz, ra) <= 1e-9 && dist3(xyz + 3 * N, rb) <= 1e-9);
    int a_low = rb[2] >= ra[2];
    double l0 = L / N;
    for (int j = 0; j < N; j++) {
        /* unstretched positions measured from the lower end */
        double s0 = a_low ? j * l0 : L - (j + 1) * l0, s1 = s0 + l0, sm = s0 + 0.5 * l0;
        double len = dist3(xyz + 3 * j, xyz + 3 * (j + 1));
        double p0[2], p1[2];
        ode_point(&c, w, EA, s0, &p0[0], &p0[1]);
        ode_point(&c, w, EA, s1, &p1[0], &p1[1]);
        RELCLOSE(len, hypot(p1[0] - p0[0], p1[1] - p0[1]), 1e-10, "segment %d: ODE chord", j);
        if (c.kind == HW_CAT_GROUNDED && s1 <= c.grounded) {
            RELCLOSE(len, l0 * (1 + c.H / EA), 1e-11, "grounded segment %d", j);
            cr_assert(fabs(xyz[3 * j + 2] + depth) <= 1e-9);
            continue;
        }
        if (c.kind == HW_CAT_GROUNDED && s0 < c.grounded) continue; /* the touchdown segment */
        double Vs = c.kind == HW_CAT_GROUNDED ? w * (sm - c.grounded) : c.Va + w * sm;
        double T = hypot(c.H, Vs);
        RELCLOSE(T, hw_catenary_tension(&c, L, w, sm), 1e-12);
        double arc = l0 * (1 + T / EA);
        RELCLOSE(len, arc, plain_tol, "segment %d: %.17g vs %.17g", j, len, arc);
    }
    if (cout) *cout = c;
}

Test(catenary, line_segments_stretch)
{
    /* A fairly taut chain: curvature small enough for the plain relation to 1e-6 at N = 100. */
    double ra[3] = {0, 0, -150}, rb[3] = {700, 300, -20};
    double L = 774, w = 1065, EA = 7.536e8;
    hw_catenary c;
    check_layout(ra, rb, L, 100, w, EA, 1000, 1e-6, &c);
    cr_assert_eq(c.kind, HW_CAT_SUSPENDED);
    cr_assert(c.H / EA > 1e-4, "the stretch should be visible at the tolerance");
    /* a soft, very slack line through its vertex, with A the upper end */
    double ra2[3] = {10, 20, 30}, rb2[3] = {-60, 100, -10};
    check_layout(ra2, rb2, 200, 200, 40, 2e5, INFINITY, 1e-4, &c);
    cr_assert(c.Va < 0);
}

/* ---- (4) seabed ---------------------------------------------------------------------------------- */

Test(catenary, seabed_grounded)
{
    double h = 500, v = 100, L = 560, w = 600;
    hw_catenary c;
    /* inextensible reference */
    double p[4] = {h, v, L, w};
    double Href = bisect(f_inext_grounded, p, 1e-3, w * (L * L - v * v) / (2 * v));
    double LBref = L - sqrt(v * v + 2 * v * Href / w);
    cr_assert_eq(hw_catenary_solve(h, v, L, w, 1e15, 1, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    RELCLOSE(c.H, Href, 1e-8, "H %.17g vs %.17g", c.H, Href);
    RELCLOSE(c.grounded, LBref, 1e-8, "LB %.17g vs %.17g", c.grounded, LBref);
    cr_assert_eq(c.Va, 0.0);
    /* without the seabed the same line would dip below its lower end */
    hw_catenary s;
    cr_assert_eq(hw_catenary_solve(h, v, L, w, 1e15, 0, &s), 0);
    cr_assert(s.kind == HW_CAT_SUSPENDED && s.Va < 0);

    /* elastic: the equations, the grounded length and the touchdown point */
    double EA = 3e6;
    cr_assert_eq(hw_catenary_solve(h, v, L, w, EA, 1, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    double hh, vv;
    irvine_grounded(c.H, c.V, L, w, EA, &hh, &vv);
    cr_assert(fabs(hh - h) <= 1e-10 * L && fabs(vv - v) <= 1e-10 * L, "%g %g", hh - h, vv - v);
    RELCLOSE(c.grounded, L - c.V / w, 1e-12);
    cr_assert(c.grounded > 0 && c.grounded < L);
    double x, z, xr, zr;
    hw_catenary_point(&c, L, w, EA, c.grounded, &x, &z);
    RELCLOSE(x, c.grounded * (1 + c.H / EA), 1e-13, "touchdown x");
    cr_assert_eq(z, 0.0);
    /* just past touchdown the line rises with zero initial slope */
    hw_catenary_point(&c, L, w, EA, c.grounded + 1e-3, &xr, &zr);
    cr_assert(zr > 0 && zr < 1e-3 * 1e-2);

    /* the node layout, anchor (A) on the seabed at 200 m depth */
    double ra[3] = {0, 0, -200}, rb[3] = {300, 400, -100};
    check_layout(ra, rb, L, 100, w, EA, 200, 1e-2, &c);
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    double xyz[3 * 101];
    hw_catenary_line(ra, rb, L, 100, w, EA, 200, xyz, &c);
    for (int j = 0; j <= 100; j++) {
        cr_assert(xyz[3 * j + 2] >= -200 - 1e-9, "node %d below the seabed", j);
        double sj = j * L / 100;
        if (sj <= c.grounded) cr_assert_eq(xyz[3 * j + 2], -200.0);
        else cr_assert(xyz[3 * j + 2] > -200.0);
    }
}

Test(catenary, seabed_anchor_is_end_b)
{
    /* the anchor is end B: same shape, nodes reversed */
    double anchor[3] = {0, 0, -200}, fair[3] = {300, 400, -100};
    double x1[3 * 81], x2[3 * 81];
    hw_catenary c1, c2;
    cr_assert_eq(hw_catenary_line(anchor, fair, 560, 80, 600, 3e6, 200, x1, &c1), 0);
    cr_assert_eq(hw_catenary_line(fair, anchor, 560, 80, 600, 3e6, 200, x2, &c2), 0);
    cr_assert_eq(c1.kind, HW_CAT_GROUNDED);
    cr_assert_eq(c2.kind, HW_CAT_GROUNDED);
    for (int j = 0; j <= 80; j++) cr_assert(dist3(x1 + 3 * j, x2 + 3 * (80 - j)) <= 1e-9);
}

Test(catenary, seabed_completely_slack)
{
    /* far too long: the line lies on the bottom from the anchor to below the fairlead and hangs
     * straight down from it */
    double L = 300, w = 500, EA = 1e8;
    double ra[3] = {0, 0, -100}, rb[3] = {0, 150, -40};
    double xyz[3 * 61];
    hw_catenary c;
    cr_assert_eq(hw_catenary_line(ra, rb, L, 60, w, EA, 100, xyz, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_SLACK_GROUNDED);
    cr_assert_eq(c.H, 0.0);
    double Ls = L - c.grounded; /* hanging: 60 = Ls + w Ls^2/(2 EA) */
    RELCLOSE(Ls + w * Ls * Ls / (2 * EA), 60.0, 1e-12);
    RELCLOSE(c.V, w * Ls, 1e-12);
    for (int j = 0; j <= 60; j++) {
        double s = j * L / 60, *p = xyz + 3 * j;
        cr_assert(fabs(p[0]) <= 1e-12);
        if (s <= c.grounded) {
            cr_assert(fabs(p[2] + 100) <= 1e-12);
            cr_assert(fabs(p[1] - 150 * s / c.grounded) <= 1e-9);
        } else {
            double sl = s - c.grounded;
            cr_assert(fabs(p[1] - 150) <= 1e-9);
            cr_assert(fabs(p[2] - (-100 + sl + w * sl * sl / (2 * EA))) <= 1e-9);
        }
        if (j) cr_assert(dist3(p, p - 3) > 0.1, "no coincident nodes");
    }
    cr_assert(dist3(xyz + 180, rb) <= 1e-9);
    /* the right angle is the limit of the grounded catenary */
    hw_catenary g;
    cr_assert_eq(hw_catenary_solve(c.grounded + 0.01, 60, L, w, EA, 1, &g), 0);
    cr_assert_eq(g.kind, HW_CAT_GROUNDED);
    cr_assert(g.H > 0 && g.H < 0.01 * w * 60, "H %g", g.H);
    cr_assert(fabs(g.grounded - c.grounded) < 0.1);
}

Test(catenary, seabed_both_ends_on_bottom)
{
    hw_catenary c;
    cr_assert_eq(hw_catenary_solve(100.5, 0, 100, 500, 1e7, 1, &c), 0); /* taut along it */
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    RELCLOSE(c.H, 1e7 * 0.005, 1e-12);
    cr_assert(c.V == 0 && c.grounded == 100);
    cr_assert_eq(hw_catenary_solve(90, 0, 100, 500, 1e7, 1, &c), 0); /* slack */
    cr_assert_eq(c.kind, HW_CAT_SLACK_GROUNDED);
    double x, z;
    hw_catenary_point(&c, 100, 500, 1e7, 50, &x, &z);
    cr_assert(fabs(x - 45) <= 1e-12 && z == 0);
}

/* ---- (5) mirrored ends -------------------------------------------------------------------------- */

Test(catenary, ends_swapped_mirror)
{
    double ra[3] = {-20, 5, -60}, rb[3] = {150, -90, -5};
    double L = 260, w = 300, EA = 4e6;
    double x1[3 * 51], x2[3 * 51];
    hw_catenary c1, c2;
    cr_assert_eq(hw_catenary_line(ra, rb, L, 50, w, EA, 500, x1, &c1), 0);
    cr_assert_eq(hw_catenary_line(rb, ra, L, 50, w, EA, 500, x2, &c2), 0);
    cr_assert(c1.H == c2.H && c1.V == c2.V);
    for (int j = 0; j <= 50; j++)
        cr_assert(dist3(x1 + 3 * j, x2 + 3 * (50 - j)) <= 1e-9, "node %d", j);
    /* and the shape is in the vertical plane of the ends */
    double ex = rb[0] - ra[0], ey = rb[1] - ra[1];
    for (int j = 0; j <= 50; j++) {
        double dx = x1[3 * j] - ra[0], dy = x1[3 * j + 1] - ra[1];
        cr_assert(fabs(dx * ey - dy * ex) <= 1e-9 * hypot(ex, ey) * 300);
    }
}

/* ---- (6) taut, vertical, weightless and buoyant ------------------------------------------------- */

Test(catenary, taut_line)
{
    /* shorter than the chord: the exact elastic catenary, nearly straight and stretched evenly */
    double ra[3] = {0, 0, 0}, rb[3] = {300, 0, 400};
    double L = 499, w = 10, EA = 1e9;
    hw_catenary c;
    check_layout(ra, rb, L, 100, w, EA, INFINITY, 1e-6, &c);
    cr_assert_eq(c.kind, HW_CAT_SUSPENDED);
    double T = hypot(c.H, c.V);
    cr_assert(T > 0.5 * EA * (500.0 / 499 - 1) && T < 2 * EA * (500.0 / 499 - 1), "T %g", T);
    double xyz[3 * 101];
    hw_catenary_line(ra, rb, L, 100, w, EA, INFINITY, xyz, &c);
    for (int j = 0; j <= 100; j++) { /* within the (tiny) sag of the chord */
        double d = fabs(xyz[3 * j] * 0.8 - xyz[3 * j + 2] * 0.6);
        cr_assert(d < 1.1 * w * 0.6 * L * L / (8 * T), "node %d off the chord by %g", j, d);
    }
    /* inextensible and too short: no solution, straight line, evenly spaced */
    cr_assert_eq(hw_catenary_line(ra, rb, L, 100, w, INFINITY, INFINITY, xyz, &c), 1);
    cr_assert_eq(c.kind, HW_CAT_STRAIGHT);
    for (int j = 0; j <= 100; j++) {
        cr_assert(fabs(xyz[3 * j] - 3.0 * j) <= 1e-9 && fabs(xyz[3 * j + 2] - 4.0 * j) <= 1e-9);
        cr_assert(xyz[3 * j + 1] == 0);
    }
}

Test(catenary, vertical_taut)
{
    /* h = 0, stretched: exact hanging line with a pretension */
    double L = 100, w = 200, EA = 1e8, v = 100.1;
    double ra[3] = {5, 5, -200}, rb[3] = {5, 5, -99.9};
    double xyz[3 * 21];
    hw_catenary c;
    cr_assert_eq(hw_catenary_line(ra, rb, L, 20, w, EA, 200, xyz, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_TAUT_STRAIGHT);
    cr_assert(c.H == 0 && c.Va > 0);
    RELCLOSE(c.V - c.Va, w * L, 1e-12);
    RELCLOSE(L + (c.Va * L + w * L * L / 2) / EA, v, 1e-12);
    for (int j = 0; j <= 20; j++) {
        double s = j * 5.0;
        cr_assert(xyz[3 * j] == 5 && xyz[3 * j + 1] == 5);
        double zr = -200 + s + (c.Va * s + w * s * s / 2) / EA;
        cr_assert(fabs(xyz[3 * j + 2] - zr) <= 1e-9, "node %d", j);
    }
}

Test(catenary, vertical_slack)
{
    double L = 120, w = 200, EA = 1e6;
    double ra[3] = {5, 5, -200}, rb[3] = {5, 5, -100};
    double xyz[3 * 13];
    hw_catenary c;
    for (int seabed = 0; seabed < 2; seabed++) {
        double depth = seabed ? 200 : INFINITY;
        cr_assert_eq(hw_catenary_line(ra, rb, L, 12, w, EA, depth, xyz, &c), 0);
        cr_assert_eq(c.kind, HW_CAT_SLACK_VERTICAL);
        cr_assert_eq(c.H, 0.0);
        /* nodes evenly on the vertical chord (slack segments), never coincident */
        for (int j = 0; j <= 12; j++) {
            cr_assert(xyz[3 * j] == 5 && xyz[3 * j + 1] == 5);
            cr_assert(fabs(xyz[3 * j + 2] - (-200 + 100.0 * j / 12)) <= 1e-9);
        }
        if (seabed) { /* 100 m hangs from B, the rest lies at A */
            cr_assert(c.Va == 0 && c.grounded > 20.9 && c.grounded < 21.1);
            RELCLOSE(c.V, w * (L - c.grounded), 1e-12);
        } else { /* the true equilibrium is a fold below A */
            RELCLOSE(c.V - c.Va, w * L, 1e-12);
            cr_assert(c.Va < 0 && c.Va > -w * 11);
        }
    }
}

Test(catenary, weightless_and_buoyant)
{
    double ra[3] = {0, 0, -50}, rb[3] = {30, 0, -10}; /* chord 50 */
    double xyz[3 * 11];
    hw_catenary c;
    /* w = 0, taut: exactly straight, evenly stretched */
    cr_assert_eq(hw_catenary_line(ra, rb, 49, 10, 0.0, 1e5, 100, xyz, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_TAUT_STRAIGHT);
    RELCLOSE(hypot(c.H, c.V), 1e5 * (50.0 / 49 - 1), 1e-12);
    for (int j = 0; j <= 10; j++)
        cr_assert(fabs(xyz[3 * j] - 3.0 * j) <= 1e-9 && fabs(xyz[3 * j + 2] + 50 - 4.0 * j) <= 1e-9);
    /* w = 0, slack, and w < 0 (buoyant): straight fallback, evenly spaced */
    const double ws[2] = {0.0, -300.0};
    for (int k = 0; k < 2; k++) {
        cr_assert_eq(hw_catenary_line(ra, rb, 60, 10, ws[k], 1e5, 100, xyz, &c), 1);
        cr_assert_eq(c.kind, HW_CAT_STRAIGHT);
        for (int j = 0; j <= 10; j++)
            cr_assert(fabs(xyz[3 * j] - 3.0 * j) <= 1e-9 &&
                      fabs(xyz[3 * j + 2] + 50 - 4.0 * j) <= 1e-9);
    }
    /* hw_catenary_solve itself handles a buoyant line: it is the hanging one turned upside down
     * (rotated 180 degrees about the chord's midpoint, which swaps the ends). */
    hw_catenary hang, buoy;
    cr_assert_eq(hw_catenary_solve(30, 40, 60, 300, 1e5, 0, &hang), 0);
    cr_assert_eq(hw_catenary_solve(30, 40, 60, -300, 1e5, 0, &buoy), 0);
    cr_assert_eq(buoy.kind, HW_CAT_SUSPENDED);
    RELCLOSE(buoy.H, hang.H, 1e-10);
    RELCLOSE(buoy.V, hang.Va, 1e-10);
    RELCLOSE(buoy.Va, hang.V, 1e-10);
    double hh, vv;
    irvine_suspended(buoy.H, buoy.V, 60, -300, 1e5, &hh, &vv);
    cr_assert(fabs(hh - 30) <= 1e-10 * 60 && fabs(vv - 40) <= 1e-10 * 60);
}

Test(catenary, invalid_input)
{
    double ra[3] = {0, 0, 0}, rb[3] = {1, 0, 1}, xyz[6] = {7, 7, 7, 7, 7, 7};
    cr_assert_eq(hw_catenary_line(ra, rb, 2, 0, 1, 1, 10, xyz, NULL), -1);
    cr_assert_eq(hw_catenary_line(ra, rb, NAN, 1, 1, 1, 10, xyz, NULL), -1);
    cr_assert_eq(hw_catenary_line(ra, rb, 2, 1, 1, 0, 10, xyz, NULL), -1);
    cr_assert_eq(xyz[0], 7.0);
    hw_catenary c;
    cr_assert_neq(hw_catenary_solve(-1, 1, 2, 1, 1, 0, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_STRAIGHT);
    cr_assert_neq(hw_catenary_solve(1, 1, 0, 1, 1, 0, &c), 0);
    cr_assert_neq(hw_catenary_solve(1, -1, 2, 1, 1, 0, &c), 0);
}

/* ---- (7) a typical chain mooring (OC4-DeepCwind) ------------------------------------------------ */

Test(catenary, chain_mooring, .init = cr_redirect_stdout)
{
    /* Anchor at 200 m depth on the seabed, fairlead at -14 m, 837.6 - 40.868 m apart.
     * w = 1065 N/m: the OC4 "equivalent weight in water" of 108.63 kg/m times g (the chain is
     * 113.35 kg/m in air; a solid steel chain of that mass would weigh 113.35 g (1 - 1025/7850)
     * = 966 N/m in water: the OC4 figure includes the buoyancy of its nominal diameter). */
    double h = 796.7, v = 186, L = 835.5, w = 108.63 * 9.80665, EA = 7.536e8;
    cr_assert(fabs(w - 1065) < 1);
    hw_catenary c;
    cr_assert_eq(hw_catenary_solve(h, v, L, w, EA, 1, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    cr_assert(c.iterations > 0 && c.iterations < 30);
    cr_assert(c.H > 1e5 && c.H < 2e6, "H %g", c.H);
    cr_assert(c.grounded > 0 && c.grounded < L);
    double hh, vv;
    irvine_grounded(c.H, c.V, L, w, EA, &hh, &vv);
    cr_assert(fabs(hh - h) <= 1e-10 * L && fabs(vv - v) <= 1e-10 * L);
    /* the same line on the model builder's path */
    double ra[3] = {-837.6, 0, -200}, rb[3] = {-40.868, 0, -14}, xyz[3 * 101];
    cr_assert_eq(hw_catenary_line(ra, rb, L, 100, w, EA, 200, xyz, &c), 0);
    cr_assert_eq(c.kind, HW_CAT_GROUNDED);
    check_layout(ra, rb, L, 100, w, EA, 200, 1e-5, NULL);
    for (int j = 0; j <= 100; j++) cr_assert(xyz[3 * j + 2] >= -200 - 1e-9);
    fflush(stdout);
    cr_assert_stdout_eq_str("");
}

/* hw_catenary_chain: the discretized chain at rest. Every interior node's net force (segment
 * tensions EA (len / l0 - 1), its lumped weight w l0) vanishes, except the seabed's vertical
 * reaction on grounded nodes; checked on a strongly curved light wire (where sampling the
 * continuous catenary leaves every suspended segment slack) and on an OC4 chain. */
static void check_chain_at_rest(const double ra[3], const double rb[3], double L, int N, double w,
                                double EA, double depth)
{
    double xyz[3 * 201];
    cr_assert_eq(hw_catenary_chain(ra, rb, L, N, w, EA, depth, xyz), 0);
    cr_assert(dist3(xyz, ra) <= 1e-9 && dist3(xyz + 3 * N, rb) <= 1e-9);
    double l0 = L / N, worst = 0, T[200];
    for (int j = 0; j < N; j++) T[j] = EA * (dist3(xyz + 3 * j, xyz + 3 * (j + 1)) / l0 - 1);
    for (int i = 1; i < N; i++) {
        double f[3] = {0, 0, -w * l0};
        for (int c = 0; c < 3; c++) {
            f[c] += T[i] * (xyz[3 * (i + 1) + c] - xyz[3 * i + c]) / dist3(xyz + 3 * i, xyz + 3 * (i + 1));
            f[c] -= T[i - 1] * (xyz[3 * i + c] - xyz[3 * (i - 1) + c]) / dist3(xyz + 3 * i, xyz + 3 * (i - 1));
        }
        int grounded = fabs(xyz[3 * i + 2] + depth) < 1e-9;
        double r = grounded ? hypot(f[0], f[1]) : sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
        if (r > worst) worst = r;
        cr_expect(T[i] > 0 || grounded, "segment %d slack", i);
    }
    printf("discrete chain of %d segments: largest node force %.3g N (node weight %.4g N)\n", N,
           worst, w * l0);
    /* the solve places the lower end to 1e-12 of the span, which a stiff segment turns into a
     * tension error of EA 1e-12 span / l0 (3e-2 N on the 1000 m chain, 1e-7 of a node weight);
     * the static solve's own tolerance is 1e-6 of the largest tension */
    cr_expect_lt(worst, 2e-7 * w * l0);
}

Test(catenary, chain_at_rest)
{
    double ra[3] = {20, 0, -50}, rb[3] = {60, 0, -5};
    /* a 70 m wire (5.1 kg/m in water) hanging in a deep U, its lower end on the seabed */
    check_chain_at_rest(ra, rb, 70, 12, 50.0, 5e7, 50);
    double ra2[3] = {0, 0, -200}, rb2[3] = {796.7, 0, -14};
    check_chain_at_rest(ra2, rb2, 835.5, 40, 1065.0, 7.536e8, 200);
    double ra3[3] = {0, 0, -500}, rb3[3] = {800, 0, -10};
    check_chain_at_rest(ra3, rb3, 1000, 20, 1065.0, 7.536e8, 1000);
}
