/* A body moved by its response amplitude operators (RAOs) to the sea's wave components
 * (docs/physics.md section 10, "Bodies and RAOs"; include/hawser/body.h HW_MOTION_RAO). Written
 * once, for gcc and nvcc (hd.h); the host builds the coefficients once per body and sea state and
 * evaluates the sum at each time.
 *
 * Convention. The RAO of degree of freedom i (surge, sway, heave along the body's mean axes in
 * m/m; roll, pitch, yaw in rad/m) at angular frequency w and relative heading beta is
 * A_i e^{i eps_i}: to the wave component eta = a cos(theta), theta = k (x cos b + y sin b) - w t + p
 * (kernels/physics/waves.h) it responds
 *   xi_i(t) = A_i a cos(theta(x_ref, t) - eps_i) = A_i a cos(w t - k.x_ref - p + eps_i),
 * i.e. eps_i is a phase LEAD on the wave crest at the body's mean reference point x_ref (the
 * response peaks eps_i / w before the crest passes the reference point); beta = b - yaw0 is the
 * direction the waves travel towards relative to the body's mean x axis.
 *
 * The table (n_w frequencies, n_h headings) is interpolated linearly in frequency and then in
 * heading, periodic over 2 pi (between the last heading and the first + 2 pi); amplitude linearly,
 * phase linearly along the shorter arc (the difference wrapped into (-pi, pi]). Outside the
 * table's frequency range the response is zero. */
#ifndef HW_PHYSICS_RAO_H
#define HW_PHYSICS_RAO_H
#include "hd.h"
#include "body.h"
#include "waves.h"

typedef struct hw_rao_table {
    int nw, nh;
    const double *w;    /* nw frequencies, rad/s, increasing */
    const double *h;    /* nh headings, rad, increasing, spanning < 2 pi */
    const double *amp;  /* 6 per (i, j) at 6 (i nh + j) + dof */
    const double *ph;   /* phase leads, rad, same layout */
} hw_rao_table;

/* a into (-pi, pi]. */
HW_HD double hw_rao_wrap(double a)
{
    const double tp = 2.0 * HW_WAVE_PI;
    a = fmod(a, tp);
    if (a > HW_WAVE_PI) a -= tp;
    else if (a <= -HW_WAVE_PI) a += tp;
    return a;
}

/* Amplitudes and phase leads of the 6 DOF at frequency w and relative heading beta (rad). */
HW_HD void hw_rao_at(const hw_rao_table *T, double w, double beta, double amp[6], double ph[6])
{
    for (int c = 0; c < 6; c++) amp[c] = ph[c] = 0.0;
    if (T->nw < 1 || T->nh < 1 || !(w >= T->w[0]) || !(w <= T->w[T->nw - 1])) return;
    hw_tlu_w fw = hw_tlu_where(T->w, T->nw, w); /* hd.h's table search */
    int i0 = fw.lo, i1 = fw.flat ? fw.lo : fw.hi;
    double sw = fw.s;
    int j0 = 0, j1 = 0;
    double sh = 0.0;
    if (T->nh > 1) {
        const double tp = 2.0 * HW_WAVE_PI;
        double b = fmod(beta - T->h[0], tp);
        if (b < 0.0) b += tp;
        b += T->h[0]; /* in [h0, h0 + 2 pi) */
        if (b >= T->h[T->nh - 1]) {
            j0 = T->nh - 1;
            j1 = 0;
            sh = (b - T->h[j0]) / (T->h[0] + tp - T->h[j0]);
        } else {
            hw_tlu_w fh = hw_tlu_where(T->h, T->nh, b);
            j0 = fh.lo;
            j1 = fh.flat ? fh.lo : fh.hi;
            sh = fh.s;
        }
    }
    for (int c = 0; c < 6; c++) {
        const double *A = T->amp, *P = T->ph;
        int a00 = 6 * (i0 * T->nh + j0) + c, a10 = 6 * (i1 * T->nh + j0) + c;
        int a01 = 6 * (i0 * T->nh + j1) + c, a11 = 6 * (i1 * T->nh + j1) + c;
        double m0 = A[a00] + sw * (A[a10] - A[a00]), p0 = P[a00] + sw * hw_rao_wrap(P[a10] - P[a00]);
        double m1 = A[a01] + sw * (A[a11] - A[a01]), p1 = P[a01] + sw * hw_rao_wrap(P[a11] - P[a01]);
        amp[c] = m0 + sh * (m1 - m0);
        ph[c] = p0 + sh * hw_rao_wrap(p1 - p0);
    }
}

/* The coefficients of the response to the n components of W: 12 per component j, cs[12 j + c]
 * and cs[12 j + 6 + c], such that coordinate c (world x y z of the reference point, then roll
 * pitch yaw) moves by sum_j cs[12 j + c] cos(w_j t) + cs[12 j + 6 + c] sin(w_j t) (ramp aside).
 * pos, rot: the mean pose; the translations are turned to the world by its orientation. */
HW_HD void hw_rao_coeffs(const hw_rao_table *T, const hw_wave_field *W, const double pos[3],
                         const double rot[3], double *cs)
{
    hw_m3 R = hw_quat_matrix(hw_quat_from_rpy(rot[0], rot[1], rot[2]));
    for (int j = 0; j < W->n; j++) {
        double amp[6], ph[6], C[6], S[6];
        double beta = atan2(W->cy[j], W->cx[j]) - rot[2];
        hw_rao_at(T, W->w[j], beta, amp, ph);
        double th0 = W->k[j] * (pos[0] * W->cx[j] + pos[1] * W->cy[j]) + W->ph[j];
        for (int c = 0; c < 6; c++) { /* A a cos(th0 - eps - w t) */
            double r = amp[c] * W->a[j], q = th0 - ph[c];
            C[c] = r * cos(q);
            S[c] = r * sin(q);
        }
        double *o = cs + 12 * j;
        for (int r = 0; r < 3; r++) {
            o[r] = R.a[3 * r] * C[0] + R.a[3 * r + 1] * C[1] + R.a[3 * r + 2] * C[2];
            o[6 + r] = R.a[3 * r] * S[0] + R.a[3 * r + 1] * S[1] + R.a[3 * r + 2] * S[2];
        }
        for (int c = 3; c < 6; c++) { o[c] = C[c]; o[6 + c] = S[c]; }
    }
}

/* Adds the response at time t to x (the mean pose), and its exact time derivatives to v and a
 * (either may be NULL): the ramp R(t) of the waves (hw_wave_ramp) multiplies the sum, and its
 * derivatives are included, so v and a are the derivatives of x. */
HW_HD void hw_rao_motion(const hw_wave_field *W, const double *cs, double t, double x[6], double v[6],
                         double a[6])
{
    double s0[6] = {0, 0, 0, 0, 0, 0}, s1[6] = {0, 0, 0, 0, 0, 0}, s2[6] = {0, 0, 0, 0, 0, 0};
    for (int j = 0; j < W->n; j++) {
        double w = W->w[j], c = cos(w * t), s = sin(w * t);
        const double *o = cs + 12 * j;
        for (int k = 0; k < 6; k++) {
            double f = o[k] * c + o[6 + k] * s, d = w * (o[6 + k] * c - o[k] * s);
            s0[k] += f;
            s1[k] += d;
            s2[k] -= w * w * f;
        }
    }
    double R = hw_wave_ramp(W, t), R1 = 0.0, R2 = 0.0;
    if (W->ramp > 0.0 && t > 0.0 && t < W->ramp) {
        double q = HW_WAVE_PI / W->ramp;
        R1 = 0.5 * q * sin(q * t);
        R2 = 0.5 * q * q * cos(q * t);
    }
    for (int k = 0; k < 6; k++) {
        x[k] += R * s0[k];
        if (v) v[k] = R * s1[k] + R1 * s0[k];
        if (a) a[k] = R * s2[k] + 2.0 * R1 * s1[k] + R2 * s0[k];
    }
}
#endif
