/* The elastic catenary (Irvine 1981), see catenary.h.
 *
 * Derivation (what the formulas below rest on). Along the unstretched arc length s from the
 * lower end A the tension has a constant horizontal component H and a vertical one
 * Va + w s (w is the weight per UNSTRETCHED length, so it does not change with stretch).
 * An element ds stretches to ds (1 + T/EA), T = sqrt(H^2 + (Va + w s)^2), so
 *   dx/ds = H/T (1 + T/EA) = H/T + H/EA,   dz/ds = (Va + w s)/T + (Va + w s)/EA,
 * which integrate to the shape formulas of piece() below and, at s = L, to Irvine's equations.
 *
 * Seabed: on a flat frictionless seabed the grounded part (unstretched length L_B) carries the
 * constant tension H (no friction, nothing vertical), so its stretched length is L_B (1 + H/EA)
 * EXACTLY. The suspended part (unstretched L_s = V/w, Va = 0) spans
 *   H L_s/EA + H/w asinh(V/H)  horizontally and  (V L_s - w L_s^2/2)/EA + H/w [..] vertically.
 * Summing: h = L_B + H (L_B + L_s)/EA + H/w asinh(V/H) = L_B + H/w asinh(V/H) + H L/EA, and
 * (V L_s - w L_s^2/2)/EA = V^2/(2 EA w). So the "H L/EA" term of the grounded equation is exact
 * (not an approximation) under the frictionless model, and so is V^2/(2 EA w).
 *
 * Numerics. Near-straight lines (H/w large against L) make the differences
 * asinh(a) - asinh(b) and sqrt(1+a^2) - sqrt(1+b^2) (a = V/H, b = Va/H) cancel catastrophically
 * while being multiplied by the huge H/w. Both are rewritten with a - b = w L/H computed
 * directly:
 *   sqrt(1+a^2) - sqrt(1+b^2) = (a - b)(a + b) / (sqrt(1+a^2) + sqrt(1+b^2))
 *   asinh(a) - asinh(b) = asinh(a sqrt(1+b^2) - b sqrt(1+a^2))
 *                       = asinh((a - b)(a + b) / (a sqrt(1+b^2) + b sqrt(1+a^2)))  (a b > 0)
 * and H/w (a - b) = L is taken out exactly, so that h, v come out as L times O(1) quantities
 * accurate to a few ulps for any H/w, including w -> 0 (the straight-line limit). The Jacobian
 * entries are rewritten the same way. EA may be huge or +infinity (x/EA = 0). */
#include "model/catenary.h"

#include <math.h>
#include <stdlib.h>

#define CAT_MAXIT 100   /* Newton iterations per attempt */
#define CAT_TOL 1e-12   /* convergence, relative to the chord length, in h and v */

/* asinh(d)/d, also at and near d = 0. */
static double asinhc(double d)
{
    if (fabs(d) < 1e-4) {
        double d2 = d * d;
        return 1.0 - d2 / 6.0 + 0.075 * d2 * d2; /* next term 5/112 d^6 < 1e-25 */
    }
    return asinh(d) / d;
}

/* asinh(a) - a / sqrt(1 + a^2), without cancellation for small a. */
static double asinh_minus_tan(double a)
{
    if (fabs(a) < 1e-2) {
        double a2 = a * a; /* a^3/3 - 3 a^5/10 + 15 a^7/56 - ..., next term ~0.24 a^9 */
        return a * a2 * (1.0 / 3.0 - a2 * (0.3 - a2 * (15.0 / 56.0)));
    }
    return asinh(a) - a / hypot(1.0, a);
}

/* Horizontal and vertical extent of a suspended piece of unstretched length s with horizontal
 * tension H > 0, vertical tension va at its start and va + w s at its end (any signs, any w,
 * w == 0 included). */
static void piece(double H, double va, double w, double EA, double s, double *x, double *z)
{
    double vb = va + w * s;
    double a = vb / H, b = va / H, q = w * s / H; /* q = a - b, computed directly */
    double sa = hypot(1.0, a), sb = hypot(1.0, b);
    double g; /* (asinh(a) - asinh(b)) / q */
    if (a * b > 0.0) {
        double r = (a + b) / (a * sb + b * sa);
        g = r * asinhc(q * r);
    } else if (q != 0.0) {
        g = asinh(a * sb - b * sa) / q; /* opposite signs: no cancellation, |q| >= |a|, |b| */
    } else {
        g = 1.0; /* a = b = 0: a horizontal straight piece */
    }
    /* H/w (asinh(a) - asinh(b)) = s g since H q / w = s; likewise for the sqrt difference. */
    *x = s * g + H * s / EA;
    *z = s * (a + b) / (sa + sb) + s * (va + vb) / (2.0 * EA);
}

/* Suspended: f = (h, v) at (H, V) and the Jacobian J = d(h, v)/d(H, V), row-major. */
static void eval_suspended(double H, double V, double L, double w, double EA, double f[2],
                           double J[4])
{
    double va = V - w * L;
    piece(H, va, w, EA, L, &f[0], &f[1]);
    double Ta = hypot(H, va), Tb = hypot(H, V);
    /* M = (1/Tb - 1/Ta)/w and P = (V/Tb - va/Ta)/w, cancellation-free using V - va = w L. */
    double M = -L * (va + V) / ((Ta + Tb) * Ta * Tb);
    double P;
    if (V * va > 0.0)
        P = H * H * L * (V + va) / ((V * Ta + va * Tb) * Ta * Tb);
    else
        P = (V * Ta - va * Tb) / (Ta * Tb * w);
    J[0] = (f[0] - H * L / EA) / H - P + L / EA; /* dh/dH */
    J[1] = H * M;                                /* dh/dV */
    J[2] = H * M;                                /* dv/dH */
    J[3] = P + L / EA;                           /* dv/dV */
}

/* Grounded (w > 0, lower end on the seabed, L_B = L - V/w): f and J as above. */
static void eval_grounded(double H, double V, double L, double w, double EA, double f[2],
                          double J[4])
{
    double Ls = V / w, LB = L - Ls;
    double xs, zs;
    piece(H, 0.0, w, EA, Ls, &xs, &zs);
    f[0] = LB + LB * H / EA + xs;
    f[1] = zs;
    double a = V / H, sa = hypot(1.0, a);
    double m = -a * a / ((sa + 1.0) * sa * w); /* (H/Tb - 1)/w */
    J[0] = asinh_minus_tan(a) / w + L / EA;
    J[1] = m;
    J[2] = m;
    J[3] = (a / sa + V / EA) / w;
}

/* Damped Newton on (H, V): H stays positive (a step may at most divide it by 10), in the
 * grounded form V too; backtracking on |residual|^2. Returns 0 when |h - h*|, |v - v*| are within
 * CAT_TOL times max(chord, L) (or, when rounding stalls the descent, within 1e3 times that; the
 * attainable accuracy of h and v is a few ulps of L, as a slack line goes down and up again). */
static int newton(int grounded, double h, double v, double L, double w, double EA, double *pH,
                  double *pV, int *iters)
{
    double H = *pH, V = *pV, f[2], J[4];
    double tol = CAT_TOL * fmax(hypot(h, v), L);
    if (!(H > 0.0) || !isfinite(H) || !isfinite(V) || (grounded && !(V > 0.0))) return 1;
    if (grounded) eval_grounded(H, V, L, w, EA, f, J);
    else eval_suspended(H, V, L, w, EA, f, J);
    double rh = f[0] - h, rv = f[1] - v;
    if (!isfinite(rh) || !isfinite(rv)) return 1;
    for (int it = 0;; it++) {
        if (fabs(rh) <= tol && fabs(rv) <= tol) break;
        if (it >= CAT_MAXIT) return 1;
        (*iters)++;
        double det = J[0] * J[3] - J[1] * J[2];
        if (!(det != 0.0) || !isfinite(det)) return 1;
        double dH = -(J[3] * rh - J[1] * rv) / det;
        double dV = -(J[0] * rv - J[2] * rh) / det;
        if (!isfinite(dH) || !isfinite(dV)) return 1;
        double t = 1.0;
        if (H + dH < 0.1 * H) t = 0.9 * H / -dH;
        if (grounded && V + t * dV < 0.1 * V) t = 0.9 * V / -dV;
        double phi0 = rh * rh + rv * rv, Hn = H, Vn = V, fn[2], Jn[4], rhn = rh, rvn = rv;
        int accepted = 0;
        for (int k = 0; k < 60; k++, t *= 0.5) {
            Hn = H + t * dH;
            Vn = V + t * dV;
            if (!(Hn > 0.0) || (grounded && !(Vn > 0.0))) continue;
            if (grounded) eval_grounded(Hn, Vn, L, w, EA, fn, Jn);
            else eval_suspended(Hn, Vn, L, w, EA, fn, Jn);
            rhn = fn[0] - h;
            rvn = fn[1] - v;
            double phi = rhn * rhn + rvn * rvn;
            if (isfinite(phi) && phi <= (1.0 - 1e-4 * t) * phi0 && (Hn != H || Vn != V)) {
                accepted = 1;
                break;
            }
        }
        if (!accepted) {
            /* No decrease: rounding floor reached (accept if close), or a failure. */
            if (fabs(rh) <= 1e3 * tol && fabs(rv) <= 1e3 * tol) break;
            return 1;
        }
        H = Hn;
        V = Vn;
        rh = rhn;
        rv = rvn;
        for (int i = 0; i < 4; i++) J[i] = Jn[i];
    }
    *pH = H;
    *pV = V;
    return 0;
}

/* Peyrot & Goulois initial guess for the suspended form (v >= 0, w != 0), improved for taut
 * lines by the tension of the evenly stretched straight line. */
static void guess_suspended(double h, double v, double L, double w, double EA, double *H,
                            double *V)
{
    double D2 = h * h + v * v, D = sqrt(D2);
    double lam = 0.2;
    if (L * L > D2) {
        lam = sqrt(3.0 * ((L * L - v * v) / (h * h) - 1.0));
        if (!(lam > 0.2)) lam = 0.2;
        if (lam > 1e6 || !isfinite(lam)) lam = 1e6;
    }
    double aw = fabs(w);
    *H = aw * h / (2.0 * lam);
    *V = 0.5 * w * L + 0.5 * aw * v / tanh(lam);
    if (D > L && isfinite(EA)) {
        double T = EA * (D / L - 1.0);
        if (T * h / D > *H) {
            *H = T * h / D;
            *V = T * v / D + 0.5 * w * L;
        }
    }
}

/* Initial guess for the grounded form (w > 0, v > 0): the inextensible touchdown relation
 * Ls^2 = v^2 + 2 v H/w with the span equation (plus H L/EA) solved for H by bisection.
 * Returns 0 and sets H, V if a bracket was found. */
static int guess_grounded(double h, double v, double L, double w, double EA, double *H, double *V)
{
    double Hmax = w * (L * L - v * v) / (2.0 * v); /* Ls = L: touchdown at the lower end */
    if (!(Hmax > 0.0) || !isfinite(Hmax)) return 1;
    double lo = 0.0, hi = Hmax;
    for (int k = 0; k < 200; k++) {
        double Hm = 0.5 * (lo + hi);
        double Ls = sqrt(v * v + 2.0 * v * Hm / w);
        if (Ls > L) Ls = L;
        double g = L - Ls + Ls * asinhc(w * Ls / Hm) + Hm * L / EA - h;
        if (g > 0.0) hi = Hm;
        else lo = Hm;
        if (hi - lo <= 1e-10 * hi) break;
    }
    double Hm = 0.5 * (lo + hi);
    if (!(Hm > 0.0) || Hm >= 0.999999 * Hmax) return 1; /* no grounded solution in sight */
    double Ls = sqrt(v * v + 2.0 * v * Hm / w);
    if (Ls > L) Ls = L;
    *H = Hm;
    *V = w * Ls;
    return 0;
}

/* Unstretched length of a vertical line hanging from its top under its weight alone whose
 * stretched length is v: v = Ls + w Ls^2/(2 EA). */
static double hanging_length(double v, double w, double EA)
{
    return 2.0 * v / (1.0 + sqrt(1.0 + 2.0 * w * v / EA));
}

static void straight_fill(hw_catenary *c, double h, double v, double L, double EA)
{
    double D = hypot(h, v);
    c->kind = HW_CAT_STRAIGHT;
    c->H = c->V = c->Va = c->grounded = 0.0;
    c->h = h;
    c->v = v;
    if (D > L && isfinite(EA)) {
        double T = EA * (D / L - 1.0);
        c->H = T * h / D;
        c->V = c->Va = T * v / D;
    }
}

/* h ~ 0: a vertical line (v >= 0). */
static int solve_vertical(double v, double L, double w, double EA, int seabed, hw_catenary *c)
{
    c->H = 0.0;
    c->grounded = 0.0;
    /* taut from A to B: v = L + (Va L + w L^2/2)/EA */
    if (isfinite(EA)) {
        double Va = EA * (v - L) / L - 0.5 * w * L;
        if (Va >= 0.0 && Va + w * L >= 0.0 && (Va > 0.0 || w != 0.0)) {
            c->kind = HW_CAT_TAUT_STRAIGHT;
            c->Va = Va;
            c->V = Va + w * L;
            return 0;
        }
    } else if (v >= L) {
        return 1; /* inextensible and too short (or exactly straight): tension undefined */
    }
    if (w == 0.0) return 1; /* slack and weightless: no defined shape */
    c->kind = HW_CAT_SLACK_VERTICAL;
    double aw = fabs(w);
    if (seabed && w > 0.0) {
        double Ls = hanging_length(v, w, EA);
        if (Ls > L) Ls = L;
        c->V = w * Ls;
        c->Va = 0.0;
        c->grounded = L - Ls;
        return 0;
    }
    /* Folded on itself: strands of unstretched t and L - t with equal tension at the fold; the
     * longer one is longer by (L - 2t) (1 + |w| L/(2 EA)) = v. */
    double t = 0.5 * (L - v / (1.0 + aw * L / (2.0 * EA)));
    if (t < 0.0) t = 0.0;
    if (w > 0.0) { /* hanging fold below A */
        c->Va = -w * t;
        c->V = w * (L - t);
    } else { /* buoyant fold above B */
        c->V = w * t;
        c->Va = -w * (L - t);
    }
    return 0;
}

static int solve_inner(double h, double v, double L, double w, double EA, int seabed,
                       hw_catenary *c)
{
    double D = hypot(h, v);
    if (!(w > 0.0)) seabed = 0;
    if (h <= 1e-9 * fmax(L, v)) return solve_vertical(v, L, w, EA, seabed, c);
    if (w == 0.0) { /* weightless: straight if taut, undefined otherwise */
        if (!(isfinite(EA) && D > L)) return 1;
        double T = EA * (D / L - 1.0);
        c->kind = HW_CAT_TAUT_STRAIGHT;
        c->H = T * h / D;
        c->V = c->Va = T * v / D;
        c->grounded = 0.0;
        return 0;
    }
    if (!isfinite(EA) && D >= L) return 1; /* inextensible and too short */
    if (seabed) {
        if (v <= 1e-12 * fmax(L, h)) { /* both ends on the bottom */
            c->V = c->Va = 0.0;
            c->grounded = L;
            if (h <= L) {
                c->kind = HW_CAT_SLACK_GROUNDED;
                c->H = 0.0;
                return 0;
            }
            if (!isfinite(EA)) return 1;
            c->kind = HW_CAT_GROUNDED;
            c->H = EA * (h / L - 1.0);
            return 0;
        }
        double Ls = hanging_length(v, w, EA);
        if (Ls < L && h <= L - Ls) { /* completely slack: right angle or less */
            c->kind = HW_CAT_SLACK_GROUNDED;
            c->H = 0.0;
            c->V = w * Ls;
            c->Va = 0.0;
            c->grounded = L - Ls;
            return 0;
        }
    }
    double H, V;
    guess_suspended(h, v, L, w, EA, &H, &V);
    int rs = newton(0, h, v, L, w, EA, &H, &V, &c->iterations);
    if (rs == 0 && (!seabed || V - w * L >= 0.0)) {
        c->kind = HW_CAT_SUSPENDED;
        c->H = H;
        c->V = V;
        c->Va = V - w * L;
        c->grounded = 0.0;
        return 0;
    }
    if (!seabed) return 1;
    /* The suspended curve would dip below the lower end: rest on the seabed. */
    double Hs = H, Vs = V;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (attempt == 0) {
            if (guess_grounded(h, v, L, w, EA, &H, &V)) continue;
        } else {
            if (rs != 0) break;
            H = Hs;
            V = Vs;
            if (!(V > 0.0)) V = 0.5 * w * L;
            if (V > w * L) V = w * L;
        }
        if (newton(1, h, v, L, w, EA, &H, &V, &c->iterations) == 0) {
            double LB = L - V / w;
            if (LB < -1e-9 * L) return 1; /* inconsistent: should have been suspended */
            if (LB < 0.0) LB = 0.0;
            c->kind = HW_CAT_GROUNDED;
            c->H = H;
            c->V = V;
            c->Va = 0.0;
            c->grounded = LB;
            return 0;
        }
    }
    return 1;
}

int hw_catenary_solve(double h, double v, double L, double w, double EA, int seabed,
                      hw_catenary *out)
{
    hw_catenary c;
    straight_fill(&c, h, v, L, EA);
    c.iterations = 0;
    int rc = 1;
    if (isfinite(h) && h >= 0.0 && isfinite(v) && v >= 0.0 && isfinite(L) && L > 0.0 &&
        isfinite(w) && EA > 0.0 && !isnan(EA)) {
        rc = solve_inner(h, v, L, w, EA, seabed, &c);
        if (rc) {
            int it = c.iterations;
            straight_fill(&c, h, v, L, EA);
            c.iterations = it;
        }
    }
    if (out) *out = c;
    return rc;
}

void hw_catenary_point(const hw_catenary *c, double L, double w, double EA, double s, double *x,
                       double *z)
{
    double H = c->H, LB = c->grounded;
    switch (c->kind) {
    case HW_CAT_SUSPENDED:
    case HW_CAT_TAUT_STRAIGHT:
        if (H > 0.0) {
            piece(H, c->Va, w, EA, s, x, z);
        } else { /* vertical, taut */
            *x = s / L * c->h;
            *z = s + s * (c->Va + 0.5 * w * s) / EA;
        }
        return;
    case HW_CAT_GROUNDED:
        if (s <= LB) {
            *x = s + s * H / EA;
            *z = 0.0;
        } else {
            piece(H, 0.0, w, EA, s - LB, x, z);
            *x += LB + LB * H / EA;
        }
        return;
    case HW_CAT_SLACK_GROUNDED:
        if (s <= LB) {
            *x = LB > 0.0 ? s / LB * c->h : 0.0;
            *z = 0.0;
        } else {
            double sl = s - LB;
            *x = c->h;
            *z = sl + 0.5 * w * sl * sl / EA;
        }
        return;
    default: /* HW_CAT_SLACK_VERTICAL, HW_CAT_STRAIGHT: evenly along the chord */
        *x = s / L * c->h;
        *z = s / L * c->v;
        return;
    }
}

double hw_catenary_tension(const hw_catenary *c, double L, double w, double s)
{
    (void)L;
    switch (c->kind) {
    case HW_CAT_SUSPENDED:
        return hypot(c->H, c->Va + w * s);
    case HW_CAT_TAUT_STRAIGHT:
        return c->H > 0.0 ? hypot(c->H, c->Va + w * s) : c->Va + w * s;
    case HW_CAT_GROUNDED:
        return s <= c->grounded ? c->H : hypot(c->H, w * (s - c->grounded));
    case HW_CAT_SLACK_GROUNDED:
        return s <= c->grounded ? 0.0 : w * (s - c->grounded);
    case HW_CAT_STRAIGHT:
        return hypot(c->H, c->V);
    default:
        return 0.0;
    }
}

/* The discretized chain (what the lumped-mass model can actually hold at rest): nseg straight
 * segments of unstretched length l = L / nseg, weight w l at the interior nodes and w l / 2 at
 * the ends. From the upper end down, segment k carries the vertical force Vk = V - w l (k + 1/2)
 * (V: the upper point's pull, which holds the end node's half weight) and the horizontal force H;
 * on a seabed, segments with Vk <= 0 lie flat on it under tension H. The lower end reached,
 * relative to the upper one, is (-dh, -dv). */
static void chain_reach(double H, double V, double l, int nseg, double w, double EA, int seabed,
                        double *dh, double *dv)
{
    *dh = 0.0; *dv = 0.0;
    for (int k = 0; k < nseg; k++) {
        double Vk = V - w * l * (k + 0.5);
        if (seabed && Vk <= 0.0) { *dh += (nseg - k) * l * (1.0 + H / EA); return; }
        double T = hypot(H, Vk), ls = l * (1.0 + T / EA);
        *dh += ls * H / T;
        *dv += ls * Vk / T;
    }
}

/* Newton on (H, V) for the chain to span h and rise v, from the continuous solution; positions
 * (x from the lower end, z above it) of the nodes from the upper one (index 0) down. */
static int chain_solve(double h, double v, double L, int nseg, double w, double EA, int seabed,
                       double *H, double *V, double *x, double *z)
{
    double l = L / nseg, p[2] = {*H, *V}, scale = h + fabs(v) + L;
    for (int it = 0; it < 60; it++) {
        double r[2], J[2][2];
        chain_reach(p[0], p[1], l, nseg, w, EA, seabed, &r[0], &r[1]);
        r[0] -= h; r[1] -= v;
        if (fabs(r[0]) + fabs(r[1]) < 1e-12 * scale) {
            *H = p[0]; *V = p[1];
            double xs = h, zs = v;
            x[0] = xs; z[0] = zs;
            for (int k = 0; k < nseg; k++) {
                double Vk = p[1] - w * l * (k + 0.5);
                if (seabed && Vk <= 0.0) { xs -= l * (1.0 + p[0] / EA); }
                else {
                    double T = hypot(p[0], Vk), ls = l * (1.0 + T / EA);
                    xs -= ls * p[0] / T; zs -= ls * Vk / T;
                }
                x[k + 1] = xs; z[k + 1] = zs;
            }
            return 0;
        }
        for (int c = 0; c < 2; c++) {
            double q[2] = {p[0], p[1]}, d = 1e-7 * (fabs(q[c]) + w * l), a, b;
            q[c] += d;
            chain_reach(q[0], q[1], l, nseg, w, EA, seabed, &a, &b);
            J[0][c] = (a - h - r[0]) / d;
            J[1][c] = (b - v - r[1]) / d;
        }
        double det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
        if (!(fabs(det) > 0.0) || !isfinite(det)) return -1;
        double d0 = (J[1][1] * r[0] - J[0][1] * r[1]) / det, d1 = (-J[1][0] * r[0] + J[0][0] * r[1]) / det;
        double a = 1.0;
        while (p[0] - a * d0 <= 0.0 && a > 1e-6) a *= 0.5; /* H stays positive */
        p[0] -= a * d0;
        p[1] -= a * d1;
        if (!isfinite(p[0]) || !isfinite(p[1])) return -1;
    }
    return -1;
}

int hw_catenary_line(const double ra[3], const double rb[3], double L, int nseg, double w,
                     double EA, double depth, double *xyz, hw_catenary *out)
{
    if (nseg < 1 || !xyz || !ra || !rb) return -1;
    for (int k = 0; k < 3; k++)
        if (!isfinite(ra[k]) || !isfinite(rb[k])) return -1;
    if (!(L > 0.0) || !isfinite(L) || !isfinite(w) || !(EA > 0.0)) return -1;

    int a_low = rb[2] >= ra[2];
    const double *rl = a_low ? ra : rb, *ru = a_low ? rb : ra;
    double ex = ru[0] - rl[0], ey = ru[1] - rl[1];
    double h = hypot(ex, ey), v = ru[2] - rl[2];
    if (h > 0.0) {
        ex /= h;
        ey /= h;
    }
    /* On the seabed: at or below z = -depth + 1e-6 L + 1e-9 (rounding of the inputs). */
    int seabed = isfinite(depth) && depth > 0.0 && rl[2] <= -depth + (1e-6 * L + 1e-9);

    hw_catenary c;
    int rc = 1;
    if (w >= 0.0) rc = hw_catenary_solve(h, v, L, w, EA, seabed, &c);
    if (rc != 0) {
        int it = w >= 0.0 ? c.iterations : 0;
        straight_fill(&c, h, v, L, EA);
        c.iterations = it;
    }
    for (int i = 0; i <= nseg; i++) {
        double s = i == nseg ? L : L * i / nseg;
        double sl = a_low ? s : L - s, x, z;
        if (!a_low && i == 0) sl = L;
        hw_catenary_point(&c, L, w, EA, sl, &x, &z);
        xyz[3 * i + 0] = rl[0] + x * ex;
        xyz[3 * i + 1] = rl[1] + x * ey;
        xyz[3 * i + 2] = rl[2] + z;
    }
    for (int k = 0; k < 3; k++) {
        xyz[k] = ra[k];
        xyz[3 * nseg + k] = rb[k];
    }
    if (out) *out = c;
    return rc == 0 ? 0 : 1;
}

int hw_catenary_chain(const double ra[3], const double rb[3], double L, int nseg, double w,
                      double EA, double depth, double *xyz)
{
    hw_catenary c;
    int rc = hw_catenary_line(ra, rb, L, nseg, w, EA, depth, xyz, &c);
    if (rc != 0 || !(w > 0.0) || (c.kind != HW_CAT_SUSPENDED && c.kind != HW_CAT_GROUNDED)) return 1;
    int a_low = rb[2] >= ra[2];
    const double *rl = a_low ? ra : rb;
    double ex = c.h > 0.0 ? 1.0 : 0.0, ey = 0.0;
    const double *ru = a_low ? rb : ra;
    double dx = ru[0] - rl[0], dy = ru[1] - rl[1], h = hypot(dx, dy);
    if (!(h > 1e-9 * (L + fabs(c.v)))) return 1;
    ex = dx / h; ey = dy / h;
    double *cx = (double *)malloc(sizeof(double) * (size_t)(nseg + 1));
    double *cz = (double *)malloc(sizeof(double) * (size_t)(nseg + 1));
    double H = c.H, V = c.V;
    int ok = cx && cz && chain_solve(c.h, c.v, L, nseg, w, EA, c.kind == HW_CAT_GROUNDED, &H, &V, cx, cz) == 0;
    if (ok) {
        for (int i = 0; i <= nseg; i++) {
            int k = a_low ? nseg - i : i; /* cx, cz run from the upper end down */
            xyz[3 * i + 0] = rl[0] + cx[k] * ex;
            xyz[3 * i + 1] = rl[1] + cx[k] * ey;
            xyz[3 * i + 2] = rl[2] + cz[k];
        }
        for (int k = 0; k < 3; k++) {
            xyz[k] = ra[k];
            xyz[3 * nseg + k] = rb[k];
        }
    }
    free(cx); free(cz);
    return ok ? 0 : 1;
}
