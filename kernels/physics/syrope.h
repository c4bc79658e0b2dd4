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
 *                   linear, clamped at the table ends). Which one is history, as in MoorDyn 2.7.2
 *                   (read from its compiled library, measured on its wheel): an evaluation is on
 *                   the OWC when the mean tension of the segment's previous evaluation equals its
 *                   running maximum (to 50 machine epsilons, MoorDyn's closeness test:
 *                   hw_syrope_at_max), on the working curve otherwise. Loading along the OWC keeps
 *                   Tm = Tmax, so it stays there; a slow strain coming up the working curve to its
 *                   clamped top (Tm = Tmax) goes onto the OWC at the next evaluation, which, below
 *                   the OWC's slow strain at Tmax, gives Tm < Tmax and sends the one after back to
 *                   the working curve: the two alternate evaluation by evaluation until the slow
 *                   strain passes the OWC's at Tmax (the wheel's "jump": 1.9e4 N at one step).
 *                   Followed to 1.2e-6 N over 40 s, every shape (scripts/md-syrope-probe --creep)
 *   rate, tension   s' = ((alpha + beta Tm)(e - e_s) + bd e') / (bs + bd),  T = Tm + bs s'
 *                   (while e < 0 the Tm term is left out, bs s' kept)
 *   running maximum Tmax rises to Tm whenever an evaluation finds Tm > Tmax (result tmax; the
 *                   caller keeps it and the branch flag owc for the next evaluation)
 *   whose curve     the working curve a segment reads is made at wc_tmax: its own Tmax (the
 *                   model's), or (MoorDyn 2.7.2's: one curve per line, made again at every raise of
 *                   any of its segments' Tmax, in segment order; read from its library) its line's;
 *                   on md_syrope.dat a free point follows the wheel to 1e-9 m with the line's and
 *                   parts by 2e-6 m within 0.1 s of the first raise with its own. A segment of the
 *                   line's at rest at its Tmax on the OWC that unloads a little reads the curve of
 *                   another segment's Tmax: its tension jumps (a static start: 210 N at one step)
 *   start           s = T -> S at Tmean0 on the working curve of Tmax0 (hw_syrope_start); the
 *                   previous mean tension is Tmean0 (the OWC first only if Tmean0 is Tmax0)
 * The working curve is made on the fly from Tmax (nothing stored per segment but s, Tmax and the
 * branch flag). On the lines: kernels/lumped.h (hw_lm_segment_at, hw_lm_syrope_init_line): every
 * evaluation of the step moves Tmax and the flag (as every one of MoorDyn's does); the outputs'
 * evaluations between steps must not (host/world/sim.c keeps them). */
#ifndef HW_PHYSICS_SYROPE_H
#define HW_PHYSICS_SYROPE_H
#include "hd.h"
#include "viscoelastic.h"

enum { HW_SYROPE_LINEAR = 0, HW_SYROPE_QUADRATIC = 1, HW_SYROPE_EXP = 2 };
#define HW_SYROPE_LINE_CURVE 8 /* with the shape (kernels/lumped.h ln_syrc): one working curve per line */
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
    double tm;   /* mean tension, N */
    double tmax; /* the running maximum after this evaluation, N (max(Tmax, Tm)) */
    int owc;     /* the branch of the next evaluation: 1, the OWC (Tm is at tmax: hw_syrope_at_max) */
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

/* Whether a mean tension tm is at the running maximum tmax: MoorDyn 2.7.2's closeness test,
 * |tm - tmax| <= 50 eps max(1, |tm + tmax|) (eps the double's machine epsilon). */
HW_HD int hw_syrope_at_max(double tm, double tmax)
{
    double sum = fabs(tm + tmax);
    return fabs(tm - tmax) <= 50.0 * 2.220446049250313e-16 * (sum > 1.0 ? sum : 1.0);
}

/* The segment at strain e, strain rate de, slow strain s, running maximum tmax, on the OWC (owc =
 * 1) or on the working curve made at wc_tmax (0): the branch the previous evaluation's result
 * gave; wc_tmax is the line's curve (see the header; a lone segment: tmax). */
HW_HD hw_syrope_result hw_syrope_eval(const hw_syrope_type *ty, double tmax, double wc_tmax, int owc, double e,
                                      double de, double s)
{
    hw_syrope_curve c = hw_syrope_wc(ty, wc_tmax);
    hw_syrope_result r;
    if (owc) c.wc = 0;
    r.tm = hw_syrope_map(&c, 2, 1, s);
    double es = hw_syrope_map(&c, 1, 0, r.tm);
    r.ds = ((ty->alpha + ty->beta * r.tm) * (e - es) + ty->bd * de) / (ty->bs + ty->bd);
    r.T = (e >= 0.0 ? r.tm : 0.0) + ty->bs * r.ds;
    r.pd = hw_visco_dashpot_power(ty->bs, ty->bd, de, r.ds);
    r.tmax = r.tm > tmax ? r.tm : tmax;
    r.owc = hw_syrope_at_max(r.tm, r.tmax);
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
 * maximum *tmax raised where e is beyond the working curve's top (on the OWC there: then s' = 0,
 * Tm and e_s are the rest tension and e), and *owc the next evaluation's branch (the rest
 * tension at *tmax: the OWC). */
HW_HD double hw_syrope_rest_state(const hw_syrope_type *ty, double *tmax, int *owc, double e)
{
    hw_syrope_curve c = hw_syrope_wc(ty, *tmax);
    if (e > c.emax) c.wc = 0;
    double t = hw_syrope_map(&c, 0, 1, e);
    if (t > *tmax) *tmax = t;
    *owc = hw_syrope_at_max(t, *tmax);
    return hw_syrope_map(&c, 1, 2, t);
}

/* The slow strain a segment starts with: Tmean0 on the working curve of Tmax0. */
HW_HD double hw_syrope_start(const hw_syrope_type *ty, double tmax0, double tmean0)
{
    hw_syrope_curve c = hw_syrope_wc(ty, tmax0);
    return hw_syrope_map(&c, 1, 2, tmean0);
}
#endif
