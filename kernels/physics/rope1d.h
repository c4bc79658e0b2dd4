/* The 1-D tension element ("Cable"/"Rope", docs/physics.md section 1). Base node B, follower F:
 * stretch xs = xB - xF (minus the element's own length offset, applied by the caller), stretch rate
 * vs = vB - vF, tension F = K(xs) xs + D(xs) vs; the force on B is -F, on F is +F.
 * Stiffness/damping modes: constant, constant with variable rest length (K = EA / Lrest), a 1-D table
 * of K and D against xs (hw_tlu: linear, flat outside), a 2-D table against (Lrest, xs / Lrest)
 * (bilinear, flat outside). The slack rule is the shared hw_slack_tension() of slack.h. */
#ifndef HW_PHYSICS_ROPE1D_H
#define HW_PHYSICS_ROPE1D_H
#include "hd.h"
#include "slack.h"

typedef enum hw_rope_stiffness {
    HW_ROPE_CONSTANT = 0,   /* K, D */
    HW_ROPE_CONSTANT_VARLEN,/* K = EA / Lrest, D */
    HW_ROPE_TABLE,          /* K = TLU(xs), D = TLU(xs) */
    HW_ROPE_TABLE2          /* K = TLU2(Lrest, xs / Lrest), D = TLU2(Lrest, xs / Lrest) */
} hw_rope_stiffness;

/* The parameters the physics needs (tables are borrowed pointers). */
typedef struct hw_rope1d {
    int mode;              /* hw_rope_stiffness */
    double K, D, EA;
    int n1;                /* 1-D table: xs[n1], k[n1], d[n1] */
    const double *t1_x, *t1_k, *t1_d;
    int n2_l, n2_s;        /* 2-D table: lrest[n2_l], strain[n2_s], k and d [i_l * n2_s + i_s] */
    const double *t2_l, *t2_s, *t2_k, *t2_d;
    int slack;             /* model slack: 0 = a two-way spring-damper, 1 = a tension-only cable */
    int slack_model;       /* hw_slack_model */
    double slack_w;        /* transition width of HW_SLACK_SMOOTH, m (> 0) */
} hw_rope1d;

/* C1 smooth maximum of a and b over a blend width eps > 0: exactly max(a, b) when |a - b| >= eps,
 * and b + (a - b + eps)^2 / (4 eps) in between (a quadratic that matches value and slope at both
 * ends of the band). Used for Lrest = smoothmax(L - xs, Lmin). */
HW_HD double hw_smoothmax(double a, double b, double eps)
{
    double d = a - b;
    if (d >= eps) return a;
    if (d <= -eps) return b;
    return b + (d + eps) * (d + eps) / (4.0 * eps);
}

/* Bilinear interpolation in a grid (xa[na] x xb[nb], v[ia * nb + ib]), flat outside each axis. */
HW_HD double hw_tlu2(const double *xa, int na, const double *xb, int nb, const double *v, double qa,
                     double qb)
{
    int ia = 0, ib = 0;
    double sa = 0.0, sb = 0.0;
    if (na <= 0 || nb <= 0) return 0.0;
    if (na > 1) {
        if (qa <= xa[0]) { ia = 0; sa = 0.0; }
        else if (qa >= xa[na - 1]) { ia = na - 2; sa = 1.0; }
        else {
            int lo = 0, hi = na - 1;
            while (hi - lo > 1) { int mid = (lo + hi) / 2; if (xa[mid] <= qa) lo = mid; else hi = mid; }
            ia = lo; sa = (qa - xa[lo]) / (xa[hi] - xa[lo]);
        }
    }
    if (nb > 1) {
        if (qb <= xb[0]) { ib = 0; sb = 0.0; }
        else if (qb >= xb[nb - 1]) { ib = nb - 2; sb = 1.0; }
        else {
            int lo = 0, hi = nb - 1;
            while (hi - lo > 1) { int mid = (lo + hi) / 2; if (xb[mid] <= qb) lo = mid; else hi = mid; }
            ib = lo; sb = (qb - xb[lo]) / (xb[hi] - xb[lo]);
        }
    }
    {
        int ia1 = na > 1 ? ia + 1 : ia, ib1 = nb > 1 ? ib + 1 : ib;
        double v00 = v[ia * nb + ib], v01 = v[ia * nb + ib1];
        double v10 = v[ia1 * nb + ib], v11 = v[ia1 * nb + ib1];
        double v0 = v00 + sb * (v01 - v00), v1 = v10 + sb * (v11 - v10);
        return v0 + sa * (v1 - v0);
    }
}

/* Stiffness K and damping D at stretch xs and rest length lrest. */
HW_HD void hw_rope1d_kd(const hw_rope1d *p, double xs, double lrest, double *K, double *D)
{
    if (p->mode == HW_ROPE_CONSTANT_VARLEN) {
        *K = p->EA / lrest;
        *D = p->D;
    } else if (p->mode == HW_ROPE_TABLE) {
        *K = hw_tlu(p->t1_x, p->t1_k, p->n1, xs);
        *D = hw_tlu(p->t1_x, p->t1_d, p->n1, xs);
    } else if (p->mode == HW_ROPE_TABLE2) {
        double e = xs / lrest;
        *K = hw_tlu2(p->t2_l, p->n2_l, p->t2_s, p->n2_s, p->t2_k, lrest, e);
        *D = hw_tlu2(p->t2_l, p->n2_l, p->t2_s, p->n2_s, p->t2_d, lrest, e);
    } else {
        *K = p->K;
        *D = p->D;
    }
}

/* Tension of the element; *f_el (may be NULL) receives the elastic (conservative) part, the same
 * rule with the damping force set to zero, so that (F - f_el) vs is the dissipated power. */
HW_HD double hw_rope1d_tension(const hw_rope1d *p, double xs, double vs, double lrest, double *f_el)
{
    double K, D, F, Fe;
    hw_rope1d_kd(p, xs, lrest, &K, &D);
    if (p->slack) {
        F = hw_slack_tension(p->slack_model, xs, K * xs, D * vs, vs, p->slack_w);
        Fe = hw_slack_tension(p->slack_model, xs, K * xs, 0.0, vs, p->slack_w);
    } else {
        F = K * xs + D * vs;
        Fe = K * xs;
    }
    if (f_el) *f_el = Fe;
    return F;
}

/* Elastic energy of the constant-K modes (K independent of xs): the integral of the elastic force
 * from 0 to xs, in closed form for each slack model. */
HW_HD double hw_rope1d_energy_constk(int slack, int slack_model, double K, double xs, double w)
{
    if (!slack) return 0.5 * K * xs * xs;
    if (xs <= 0.0) return 0.0;
    if (slack_model == HW_SLACK_SMOOTH) {
        /* int_0^x s(x/w) K x dx = K w^2 (3u^4/4 - 2u^5/5), u = x/w <= 1 */
        double u = xs < w ? xs / w : 1.0;
        double e = K * w * w * (0.75 * u * u * u * u - 0.4 * u * u * u * u * u);
        if (xs > w) e += 0.5 * K * (xs * xs - w * w);
        return e;
    }
    return 0.5 * K * xs * xs;
}
#endif
