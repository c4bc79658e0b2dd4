/* The Syrope polyester segment, as MoorDyn 2.7.2 computes it (measured on its PyPI wheel:
 * docs/moordyn.md, "Syrope"; scripts/md-syrope-probe);
 * tests/test_md_polyester.c checks this segment law against the wheel, tests/test_md_syrope.c
 * the lines that use it. In strains (per unit unstretched length), tensions in N:
 *
 *   fast spring     eps_f(T) = ln(1 + beta T / alpha) / beta      (dT/deps_f = alpha + beta T)
 *   OWC             the original working curve, a (strain, tension) table; slow strains
 *                   S = E - eps_f(T) row by row
 *   working curve   at the running maximum Tmax: HW_SYROPE_NWC strains evenly from e_min to e_max,
 *                   e_max the OWC strain at Tmax, e_min = E_0 + k1 (e_max - E_0) (LINEAR with
 *                   k1 >= 1: e_max - Tmax / k1), x = (e - e_min) / (e_max - e_min) and T = Tmax x
 *                   (LINEAR), Tmax x (k2 x + 1 - k2) (QUADRATIC), Tmax (1 - e^(k2 x)) / (1 - e^k2)
 *                   (EXP); slow strains S = E - eps_f(T) sample by sample
 *   mean tension    from the slow strain s (the segment's state): on the working curve, Tm = S -> T
 *                   and the static strain e_s = T -> E on it, or the same on the OWC (piecewise
 *                   linear, clamped at the table ends). Which one: the OWC while s is at or above
 *                   the OWC's slow strain at Tmax, the working curve below it, both ways (between
 *                   the working curve's top sample's S and that, a dead zone where Tm stays at
 *                   Tmax: the OWC's slow strains are interpolated, the curve's computed). That
 *                   reproduces the wheel's loading to 5e-8 N and an unloading from the OWC to
 *                   < 1 N; a hysteresis (back to the working curve only below its top sample)
 *                   departs from the wheel as soon as the load turns (2e4 N). Not reproduced: a
 *                   slow strain rising out of the working curve's top from below, which 2.7.2
 *                   leaves at once (1.9e4 N apart at that step; docs/moordyn.md, "Syrope")
 *   rate, tension   s' = ((alpha + beta Tm)(e - e_s) + bd e') / (bs + bd),  T = Tm + bs s'
 *                   (while e < 0 the Tm term is left out, bs s' kept)
 *   running maximum the caller raises Tmax to Tm whenever an evaluation returns Tm > Tmax
 *   start           s = T -> S at Tmean0 on the working curve of Tmax0 (hw_syrope_start)
 * The working curve is made on the fly from Tmax (nothing stored per segment but s, Tmax and the
 * branch flag). On the lines: kernels/lumped.h (hw_lm_segment_at, hw_lm_syrope_init_line). */
#ifndef HW_PHYSICS_SYROPE_H
#define HW_PHYSICS_SYROPE_H
#include "hd.h"
#include "viscoelastic.h"

enum { HW_SYROPE_LINEAR = 0, HW_SYROPE_QUADRATIC = 1, HW_SYROPE_EXP = 2 };
#define HW_SYROPE_NWC 30 /* working-curve samples (MoorDyn 2.7.2's; 20, 50, 100 are 20-30 N off) */

typedef struct hw_syrope_type {
    const double *owc_e, *owc_t; /* the OWC table, n rows, both increasing */
    int n;
    int shape;                   /* HW_SYROPE_* */
    double k1, k2, alpha, beta;  /* working-curve parameters; fast spring alpha (N), beta (-) */
    double bs, bd;               /* dampings BA_s, BA_d, N s */
} hw_syrope_type;

typedef struct hw_syrope_result {
    double T;  /* tension, N (negative at slack, as MoorDyn's) */
    double ds; /* rate of the slow strain, 1/s */
    double tm; /* mean tension, N (the caller's running maximum follows it) */
    int owc;   /* 1: on the OWC (the caller keeps it: output, checkpoints) */
    double pd; /* power the two dashpots dissipate per unit unstretched length, W/m */
} hw_syrope_result;

HW_HD double hw_syrope_fast(const hw_syrope_type *ty, double t)
{
    return log(1.0 + ty->beta / ty->alpha * t) / ty->beta;
}

/* One point of a curve: the OWC (wc = 0, row i) or the working curve of span [emin, emax] at tmax
 * (wc = 1, sample i); what = 0: strain, 1: tension, 2: slow strain. */
typedef struct hw_syrope_curve {
    const hw_syrope_type *ty;
    int wc;
    double tmax, emin, emax;
} hw_syrope_curve;

HW_HD double hw_syrope_pt(const hw_syrope_curve *c, int i, int what)
{
    const hw_syrope_type *ty = c->ty;
    double e, t;
    if (!c->wc) {
        e = ty->owc_e[i];
        t = ty->owc_t[i];
    } else {
        e = c->emin + (c->emax - c->emin) * (double)i / (double)(HW_SYROPE_NWC - 1);
        double x = (e - c->emin) / (c->emax - c->emin);
        if (ty->shape == HW_SYROPE_LINEAR) t = c->tmax * x;
        else if (ty->shape == HW_SYROPE_QUADRATIC) t = c->tmax * x * (ty->k2 * x + 1.0 - ty->k2);
        else t = c->tmax * (1.0 - exp(ty->k2 * x)) / (1.0 - exp(ty->k2));
    }
    return what == 0 ? e : what == 1 ? t : e - hw_syrope_fast(ty, t);
}

HW_HD int hw_syrope_len(const hw_syrope_curve *c) { return c->wc ? HW_SYROPE_NWC : c->ty->n; }

/* Piecewise-linear interpolation along curve c from column a (increasing) to column b at v,
 * clamped at the ends. */
HW_HD double hw_syrope_map(const hw_syrope_curve *c, int a, int b, double v)
{
    int n = hw_syrope_len(c);
    if (v <= hw_syrope_pt(c, 0, a)) return hw_syrope_pt(c, 0, b);
    if (v >= hw_syrope_pt(c, n - 1, a)) return hw_syrope_pt(c, n - 1, b);
    int lo = 0, hi = n - 1; /* pt(lo) < v < pt(hi) */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (hw_syrope_pt(c, mid, a) <= v) lo = mid;
        else hi = mid;
    }
    double xa = hw_syrope_pt(c, lo, a), xb = hw_syrope_pt(c, hi, a);
    double ya = hw_syrope_pt(c, lo, b), yb = hw_syrope_pt(c, hi, b);
    return ya + (yb - ya) * (v - xa) / (xb - xa);
}

/* The working curve at running maximum tmax. */
HW_HD hw_syrope_curve hw_syrope_wc(const hw_syrope_type *ty, double tmax)
{
    hw_syrope_curve owc = {ty, 0, 0.0, 0.0, 0.0}, c;
    c.ty = ty;
    c.wc = 1;
    c.tmax = tmax;
    c.emax = hw_syrope_map(&owc, 1, 0, tmax);
    if (ty->shape == HW_SYROPE_LINEAR && ty->k1 >= 1.0) c.emin = c.emax - tmax / ty->k1;
    else c.emin = ty->owc_e[0] + ty->k1 * (c.emax - ty->owc_e[0]);
    return c;
}

/* The segment at strain e, strain rate de, slow strain s and running maximum tmax (owc, the
 * branch of its last evaluation, is not used by the rule above; kept in the signature). */
HW_HD hw_syrope_result hw_syrope_eval(const hw_syrope_type *ty, double tmax, int owc, double e, double de,
                                      double s)
{
    hw_syrope_curve c = hw_syrope_wc(ty, tmax), o = {ty, 0, 0.0, 0.0, 0.0};
    /* the branch: the OWC from its slow strain at tmax on, both ways (owc, the branch of the last
     * evaluation, does not enter: measured, see the header) */
    (void)owc;
    hw_syrope_result r;
    r.owc = !(s < hw_syrope_map(&o, 1, 2, tmax));
    if (r.owc) c.wc = 0;
    r.tm = hw_syrope_map(&c, 2, 1, s);
    double es = hw_syrope_map(&c, 1, 0, r.tm);
    r.ds = ((ty->alpha + ty->beta * r.tm) * (e - es) + ty->bd * de) / (ty->bs + ty->bd);
    r.T = (e >= 0.0 ? r.tm : 0.0) + ty->bs * r.ds;
    r.pd = hw_visco_dashpot_power(ty->bs, ty->bd, de, r.ds);
    return r;
}

/* The rest curve at running maximum tmax: the tension a segment held still at strain e settles
 * to, on the working curve of tmax up to its top (e_max, tmax), on the OWC beyond. */
HW_HD double hw_syrope_rest(const hw_syrope_type *ty, double tmax, double e)
{
    hw_syrope_curve c = hw_syrope_wc(ty, tmax);
    if (e > c.emax) c.wc = 0;
    return hw_syrope_map(&c, 0, 1, e);
}

/* A segment at rest at strain e (the static solve's end): its slow strain, with the running
 * maximum *tmax raised and the branch *owc set to the OWC where e is beyond the working curve's
 * top (then s' = 0 there: Tm and e_s are the rest tension and e). */
HW_HD double hw_syrope_rest_state(const hw_syrope_type *ty, double *tmax, int *owc, double e)
{
    hw_syrope_curve c = hw_syrope_wc(ty, *tmax);
    double t;
    *owc = e > c.emax;
    if (*owc) {
        c.wc = 0;
        t = hw_syrope_map(&c, 0, 1, e);
        if (t > *tmax) *tmax = t;
    } else {
        t = hw_syrope_map(&c, 0, 1, e);
    }
    return hw_syrope_map(&c, 1, 2, t);
}

/* The slow strain a segment starts with: Tmean0 on the working curve of Tmax0. */
HW_HD double hw_syrope_start(const hw_syrope_type *ty, double tmax0, double tmean0)
{
    hw_syrope_curve c = hw_syrope_wc(ty, tmax0);
    return hw_syrope_map(&c, 1, 2, tmean0);
}
#endif
