/* The critical (largest stable) step of the explicit schemes.
 *
 * Each segment's fastest mode is treated as a damped oscillator x'' + 2 zeta w x' + w^2 x = 0:
 *   axial     w_a = 2 sqrt(EA / mu) / l          (highest mode of a chain of springs EA/l and
 *                                                 masses mu l: the axial wave crossing a segment)
 *   bending   w_b = 4 sqrt(EI / mu) / l^2         (highest mode of the discrete hinge chain: the
 *                                                 zigzag, hinge stiffness EI/l, angle 4 y / l)
 *   seabed    w_s = sqrt(kb d / mu)               (a node resting on the penalty seabed)
 * Both the axial and the bending damping are Kelvin-Voigt with the retardation time
 * tau = BA / EA (kernels/physics/segment.h, bending.h), so a mode of elastic frequency w_e gets
 * the damping ratio tau w_e / 2: zeta_a = BA / (l sqrt(EA mu)) for the axial mode. Two
 * oscillators, the step is the smaller of theirs:
 *   the combined mode  w = sqrt(w_a^2 + w_b^2 + w_s^2), zeta = zeta_a w_a / w
 *                      (the stiffness bound, for a bent line whose modes mix; only the axial
 *                      damping counted: more damping shortens Heun's step of an overdamped
 *                      mode, and counting the bending one here too predicted 9.6e-5 s on
 *                      MoorDyn's beam against a measured limit between 1.3e-4 and 1.4e-4 s);
 *   the bending mode   w = sqrt(w_b^2 + w_s^2),         zeta = tau w_b^2 / (2 w)
 *                      (transverse: the axial damping does not reach it, only its own does;
 *                      lower, but far less damped, it is the one Heun's method loses first
 *                      when w_b is not much below w_a: MoorDyn's simply supported beam).
 * Structural mass only (added mass only slows modes down), so the estimate is conservative.
 * The largest stable h is then found by bisection on the spectral radius of the actual scheme's
 * one-step map for that oscillator, so the same code answers for every scheme. Heun's method
 * (RK2) is weakly unstable for an undamped oscillator at any step: its limit comes from the
 * damping, and is reported as the step at which growth exceeds 1e-6 per step.
 *
 * The multistep schemes (explicit Euler, Adams-Bashforth 2-4) have no 2 x 2 one-step map: for them
 * the oscillator is split into its two modes y' = lambda y, lambda = w (-zeta +- sqrt(zeta^2 - 1)),
 * and the growth per step is the largest root modulus of the scheme's characteristic polynomial
 *   xi^p - xi^(p-1) - h lambda sum_j b_j xi^(p-1-j)          (Euler: xi = 1 + h lambda),
 * with the same 1e-6 tolerance. On the negative real axis (pure damping) the schemes are stable for
 * h |lambda| up to 2 (Euler), 1 (AB2), 6/11 (AB3), 3/10 (AB4); on the imaginary axis (an undamped
 * oscillation) Euler and AB2 grow at every step (by (h w)^2 / 2 and (h w)^4 / 4 per step), so, as
 * for RK2, their limit comes from the damping; AB3 and AB4 hold up to h w = 0.72 and 0.43. */
#include <complex.h>
#include <math.h>

#include "model/critical_step.h"

/* One step of the scheme on (x, v) for x'' = -w^2 x - 2 zeta w v. */
static void scheme_step(hw_integrator integ, double h, double w, double z, double *x, double *v)
{
    double X = *x, V = *v;
#define ACC(xx, vv) (-(w) * (w) * (xx) - 2.0 * (z) * (w) * (vv))
    if (integ == HW_INT_SYMPLECTIC_EULER) {
        V += h * ACC(X, V);
        X += h * V;
    } else if (integ == HW_INT_RK2) {
        double k1x = V, k1v = ACC(X, V);
        double x1 = X + h * k1x, v1 = V + h * k1v;
        double k2x = v1, k2v = ACC(x1, v1);
        X += 0.5 * h * (k1x + k2x);
        V += 0.5 * h * (k1v + k2v);
    } else {
        double k1x = V, k1v = ACC(X, V);
        double k2x = V + 0.5 * h * k1v, k2v = ACC(X + 0.5 * h * k1x, V + 0.5 * h * k1v);
        double k3x = V + 0.5 * h * k2v, k3v = ACC(X + 0.5 * h * k2x, V + 0.5 * h * k2v);
        double k4x = V + h * k3v, k4v = ACC(X + h * k3x, V + h * k3v);
        X += h / 6.0 * (k1x + 2 * k2x + 2 * k3x + k4x);
        V += h / 6.0 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
#undef ACC
    *x = X; *v = V;
}

/* Adams-Bashforth's weights of orders 1-4, newest derivative first (critical_step.h). */
const double hw_ab_coef[4][4] = {{1.0, 0, 0, 0},
                                 {1.5, -0.5, 0, 0},
                                 {23.0 / 12.0, -16.0 / 12.0, 5.0 / 12.0, 0},
                                 {55.0 / 24.0, -59.0 / 24.0, 37.0 / 24.0, -9.0 / 24.0}};

/* The largest root modulus of the Adams-Bashforth polynomial of order p at hl = h lambda
 * (Durand-Kerner iteration; p <= 4). */
static double ab_radius(int p, double complex hl)
{
    const double (*B)[4] = hw_ab_coef;
    if (p == 1) return cabs(1.0 + hl);
    double complex a[5]; /* monic: xi^p + a[p-1] xi^(p-1) + ... + a[0] */
    a[p] = 1.0;
    a[p - 1] = -(1.0 + hl * B[p - 1][0]);
    for (int j = 1; j < p; j++) a[p - 1 - j] = -hl * B[p - 1][j];
    double complex r[4], seed = 0.4 + 0.9 * I;
    r[0] = 1.0;
    for (int k = 1; k < p; k++) r[k] = r[k - 1] * seed;
    for (int it = 0; it < 500; it++) {
        double moved = 0.0;
        for (int k = 0; k < p; k++) {
            double complex f = a[p];
            for (int j = p - 1; j >= 0; j--) f = f * r[k] + a[j];
            double complex d = 1.0;
            for (int j = 0; j < p; j++)
                if (j != k) d *= r[k] - r[j];
            if (cabs(d) == 0.0) d = 1e-14;
            double complex step = f / d;
            r[k] -= step;
            moved = fmax(moved, cabs(step));
        }
        if (moved < 1e-15) break;
    }
    double m = 0.0;
    for (int k = 0; k < p; k++) m = fmax(m, cabs(r[k]));
    return m;
}

hw_integrator hw_integ_code(hw_integrator integ, int iterations)
{
    int kind = integ == HW_INT_BEULER ? HW_IMPL_BEULER : integ == HW_INT_MIDPOINT ? HW_IMPL_MIDPOINT
             : integ == HW_INT_ACA ? HW_IMPL_ACA : integ == HW_INT_WILSON ? HW_IMPL_WILSON : -1;
    if (kind < 0) return integ;
    int n = iterations < 1 ? 1 : iterations > 100000 ? 100000 : iterations;
    return (hw_integrator)(HW_INT_IMPLICIT + 8 * n + kind);
}

/* MoorDyn's relaxation of the fixed-point iterations of its implicit schemes (iteration i of n):
 * the derivative kept is (1 - r) x the new one + r x the last one, r = c0 (1 - 1/n) +
 * c1 (1 - (tanh(4 ((i + 1)/n - 1/2)) + 1)/2), with (c0, c1) = (0.9, 0) for backward Euler and
 * midpoint, (0.9, 0.15) for Newmark (ACA), (0.015, 0) for Wilson; the last iteration is not
 * relaxed. */
double hw_implicit_relax(int kind, int i, int n)
{
    const double c0 = kind == HW_IMPL_WILSON ? 0.015 : 0.9, c1 = kind == HW_IMPL_ACA ? 0.15 : 0.0;
    double x = 4.0 * ((i + 1.0) / n - 0.5);
    return c0 * (1.0 - 1.0 / n) + c1 * (1.0 - 0.5 * (tanh(x) + 1.0));
}

/* Newmark: x1 = x0 + h x0' + h^2 ((1/2 - beta) v0' + beta v1'), v1 = v0 + h ((1 - gamma) v0' +
 * gamma v1'). Wilson, to tau with the acceleration varying linearly over dtp (f = tau / dtp):
 * x1 = x0 + tau x0' + tau dtp / 2 ((1 - f/3) v0' + f/3 v1'), v1 = v0 + tau ((1 - f/2) v0' +
 * f/2 v1'); its iterations go to tau = dtp = theta h, its update to tau = h with dtp = theta h
 * (MoorDyn 2.7.2's Time.cpp: for f = 1 / theta its position weights are theta/2 - 1/6 and 1/6 of
 * h^2, where the textbook Wilson update has 1/2 - 1/(6 theta) and 1/(6 theta)). */
void hw_second_order_coef(int kind, double h, int final, double cx[2], double ca[2], double cv[2])
{
    cx[1] = 0.0;
    if (kind == HW_IMPL_ACA) {
        const double g = HW_ACA_GAMMA, bt = HW_ACA_BETA;
        cx[0] = h;
        ca[0] = h * h * (0.5 - bt); ca[1] = h * h * bt;
        cv[0] = h * (1.0 - g); cv[1] = h * g;
        return;
    }
    double dtp = HW_WILSON_THETA * h, tau = final ? h : dtp, f = tau / dtp;
    cx[0] = tau;
    ca[0] = 0.5 * dtp * tau * (1.0 - f / 3.0); ca[1] = 0.5 * dtp * tau * (f / 3.0);
    cv[0] = tau * (1.0 - 0.5 * f); cv[1] = tau * (0.5 * f);
}

/* The implicit scheme's step on y' = lambda y, with its derivative history d (2 x 2 linear map). */
static void implicit_step(int n, double kf, double complex hl, double complex *y, double complex *d)
{
    double complex d0 = *d, d1 = d0;
    for (int i = 0; i < n; i++) {
        d0 = hl * (*y + kf * d0); /* h f(y + k h d0), with d scaled by h */
        if (i < n - 1) {
            double r = hw_implicit_relax(kf == 1.0 ? HW_IMPL_BEULER : HW_IMPL_MIDPOINT, i, n);
            d0 = (1.0 - r) * d0 + r * d1;
            d1 = d0;
        }
    }
    *y += d0;
    *d = d0;
}

static double implicit_radius(int n, double kf, double complex hl)
{
    double complex a11 = 1, a21 = 0, a12 = 0, a22 = 1;
    implicit_step(n, kf, hl, &a11, &a21);
    implicit_step(n, kf, hl, &a12, &a22);
    double complex tr = a11 + a22, det = a11 * a22 - a12 * a21, s = csqrt(0.25 * tr * tr - det);
    return fmax(cabs(0.5 * tr + s), cabs(0.5 * tr - s));
}

/* MoorDyn's Newmark (ACA) and Wilson steps (world/integrate.c) on x'' = -w^2 x - 2 zeta w v:
 * s = (x, v, x0', v0'), the state and the derivative kept from the last step (x0': the velocity
 * of the state it was evaluated at, which the scheme moves the position with). */
static void so_combine(const double y[2], const double d0[2], const double d1[2], const double cx[2],
                       const double ca[2], const double cv[2], double out[2])
{
    out[0] = y[0] + (cx[0] * d0[0] + cx[1] * d1[0]) + (ca[0] * d0[1] + ca[1] * d1[1]);
    out[1] = y[1] + (cv[0] * d0[1] + cv[1] * d1[1]);
}

static void second_order_step(int kind, int n, double h, double w, double z, double s[4])
{
    double y[2] = {s[0], s[1]}, d0[2] = {s[2], s[3]}, d1[2] = {s[2], s[3]}, d2[2] = {s[2], s[3]}, tmp[2];
    double cx[2], ca[2], cv[2];
    hw_second_order_coef(kind, h, 0, cx, ca, cv);
    for (int i = 0; i < n; i++) {
        so_combine(y, d0, d1, cx, ca, cv, tmp);
        d1[0] = tmp[1];
        d1[1] = -w * w * tmp[0] - 2.0 * z * w * tmp[1];
        if (i < n - 1) {
            double r = hw_implicit_relax(kind, i, n);
            double *mix = kind == HW_IMPL_ACA ? d1 : d0; /* what MoorDyn relaxes (integrate.c) */
            const double *old = kind == HW_IMPL_ACA ? d2 : d1;
            for (int c = 0; c < 2; c++) mix[c] = (1.0 - r) * mix[c] + r * old[c];
            for (int c = 0; c < 2; c++) { d2[c] = d1[c] = mix[c]; }
        }
    }
    hw_second_order_coef(kind, h, 1, cx, ca, cv);
    so_combine(y, d0, d1, cx, ca, cv, tmp);
    s[0] = tmp[0]; s[1] = tmp[1]; s[2] = d1[0]; s[3] = d1[1];
}

/* The spectral radius of that 4 x 4 map: lim ||A^k||^(1/k), by 40 squarings, each product
 * scaled back to norm 1 (its log kept), so ||A^(2^40)|| is never formed. */
static double second_order_radius(int kind, int n, double h, double w, double z)
{
    double A[4][4], B[4][4];
    for (int j = 0; j < 4; j++) {
        double s[4] = {0, 0, 0, 0};
        s[j] = 1.0;
        second_order_step(kind, n, h, w, z, s);
        for (int i = 0; i < 4; i++) A[i][j] = s[i];
    }
    double logn = 0.0, scale = 1.0;
    for (int m = 0; m < 40; m++) {
        double nrm = 0.0;
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                double v = 0.0;
                for (int k = 0; k < 4; k++) v += A[i][k] * A[k][j];
                B[i][j] = v;
                nrm = fmax(nrm, fabs(v));
            }
        if (!(nrm > 0.0) || !isfinite(nrm)) return nrm > 0.0 ? INFINITY : 0.0;
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) A[i][j] = B[i][j] / nrm;
        scale *= 0.5;
        logn += scale * log(nrm); /* log rho ~ sum over squarings of 2^-(m+1) log(norm_m) */
    }
    return exp(logn);
}

static double spectral_radius(hw_integrator integ, double h, double w, double z)
{
    if (hw_integ_is_implicit((int)integ) && hw_impl_kind((int)integ) >= HW_IMPL_ACA)
        return second_order_radius(hw_impl_kind((int)integ), hw_impl_iters((int)integ), h, w, z);
    if ((int)integ >= HW_INT_EULER) {
        double complex l1, l2;
        if (z < 1.0) {
            double s = sqrt(1.0 - z * z);
            l1 = w * (-z + s * I);
            l2 = conj(l1);
        } else {
            double s = sqrt(z * z - 1.0);
            l1 = w * (-z + s);
            l2 = w * (-z - s);
        }
        if (hw_integ_is_implicit((int)integ)) {
            double kf = hw_impl_kind((int)integ) == HW_IMPL_MIDPOINT ? 0.5 : 1.0;
            int n = hw_impl_iters((int)integ);
            return fmax(implicit_radius(n, kf, h * l1), implicit_radius(n, kf, h * l2));
        }
        /* MoorDyn's Heun has AB2's characteristic polynomial (integrate.c) */
        int p = integ == HW_INT_EULER ? 1 : integ == HW_INT_AB2 || integ == HW_INT_MOORDYN_HEUN ? 2 : integ == HW_INT_AB3 ? 3 : 4;
        return fmax(ab_radius(p, h * l1), ab_radius(p, h * l2));
    }
    double a11 = 1, a21 = 0, a12 = 0, a22 = 1;
    scheme_step(integ, h, w, z, &a11, &a21); /* first column: image of (1, 0) */
    scheme_step(integ, h, w, z, &a12, &a22); /* second column: image of (0, 1) */
    double tr = a11 + a22, det = a11 * a22 - a12 * a21;
    double disc = 0.25 * tr * tr - det;
    if (disc >= 0) {
        double s = sqrt(disc);
        return fmax(fabs(0.5 * tr + s), fabs(0.5 * tr - s));
    }
    return sqrt(fabs(det)); /* complex pair: |lambda|^2 = det */
}

double hw_stable_step(hw_integrator integ, double w, double zeta)
{
    if (!(w > 0)) return INFINITY;
    integ = hw_integ_code(integ, 5); /* the iterated schemes without their count: MoorDyn's usual 5 */
    const double tol = 1e-6;
    double lo = 0.0, hi = 1.0 / w;
    while (spectral_radius(integ, hi, w, zeta) <= 1.0 + tol) {
        lo = hi;
        hi *= 2.0;
        if (hi * w > 1e3) return hi;
    }
    for (int k = 0; k < 60; k++) {
        double mid = 0.5 * (lo + hi);
        if (spectral_radius(integ, mid, w, zeta) <= 1.0 + tol) lo = mid; else hi = mid;
    }
    return lo;
}

double hw_model_critical_step(const hw_model *m, hw_integrator integ, int *line, int *segment)
{
    const hw_lm_sys *S = &m->S;
    double best = INFINITY;
    int bl = 0, bs = 1;
    for (int l = 0; l < S->n_lines; l++) {
        /* all segments of a line share l0 and the line properties: one answer per line */
        double l0 = S->seg_l0[S->ln_s0[l]], mu = S->ln_mu[l], ea = S->ln_ea[l];
        /* a viscoelastic line: its stiffest response, the first spring alone (the second
         * locked by its dashpot), k1 > EA_s */
        int vis = hw_lm_is_visco(S, l);
        if (vis) ea = S->ln_vk1[l];
        double wa = 2.0 * sqrt(ea / mu) / l0;
        /* a reeling end's segment runs down to half the nominal length before it merges with
         * its neighbour (winch.c), and the reel term of its strain rate adds to its stiffness:
         * count it as a half-length segment (twice the stiffness) on a full node mass, which
         * raises the highest frequency by sqrt(2). Measured on examples/crane_lowering.yaml
         * (RK2): bursts of instability at 0.75x the uniform-line step, none at 0.70x; this
         * predicts 0.707x. */
        if (S->ln_wseg[2 * l] >= 0 || S->ln_wseg[2 * l + 1] >= 0) wa *= sqrt(2.0);
        double wb = S->ln_ei[l] > 0 ? 4.0 * sqrt(S->ln_ei[l] / mu) / (l0 * l0) : 0.0;
        double ws = sqrt(S->kb * S->ln_d[l] / mu);
        double tau = ea > 0 && S->ln_ba[l] > 0 ? S->ln_ba[l] / ea : 0.0; /* hw_lm_hinge_tau */
        /* the axial ratio as the segment sees it (a reeling segment: as before, nominal). A
         * Syrope segment (ea: its fast spring's stiffest, alpha + beta x the OWC's last tension)
         * damps through its two dashpots in series, bs bd / (bs + bd) (physics/syrope.h) */
        double ba = S->ln_ba[l];
        int syr = hw_lm_is_syrope(S, l);
        if (syr) ba = S->ln_ba[l] * S->ln_vbd[l] / (S->ln_ba[l] + S->ln_vbd[l]);
        double za = ba / (l0 * sqrt(ea * mu));
        double w = sqrt(wa * wa + wb * wb + ws * ws);
        double h = hw_stable_step(integ, w, za * (wa / w));
        if (wb > 0) {
            double wt = sqrt(wb * wb + ws * ws);
            h = fmin(h, hw_stable_step(integ, wt, 0.5 * tau * wb * wb / wt));
        }
        if (syr) { /* and the slow strain relaxing at rate (alpha + beta T) / (bs + bd) at most */
            double hv = 2.0 * (S->ln_ba[l] + S->ln_vbd[l]) / ea;
            if (hv < h) h = hv;
        }
        if (vis) { /* and the first spring's strain relaxing at rate (k1 + k2) / (bs + bd): a
                    * real eigenvalue, explicit schemes stable to h rate <= 2 (RK4: 2.78). With a
                    * mean-load slope beta, k1 and k2 are those at zero mean load (alpha): k1 is
                    * then at its largest, but the rate grows with the load as beta Tm / (bs + bd)
                    * (docs/physics.md, "Viscoelastic lines") */
            double hv = 2.0 * (S->ln_ba[l] + S->ln_vbd[l]) / (S->ln_vk1[l] + S->ln_vk2[l]);
            if (hv < h) h = hv;
        }
        if (h < best) { best = h; bl = l; bs = 1; }
    }
    if (line) *line = bl;
    if (segment) *segment = bs;
    return best;
}
