/* Prescribed motion of a point (docs/physics.md section 7): position, velocity and acceleration at
 * time t for constant velocity, sinusoid and time-series table. A table is interpolated by the
 * natural cubic spline through its rows (C2: position, velocity and acceleration continuous
 * within the table, so the integrators keep their order; a piecewise-linear path, with velocity
 * jumps at the rows and zero acceleration between them, made RK2 first order) and is flat outside
 * (the first or last row, at rest). The spline's second derivatives are computed once on the
 * host (hw_motion_spline) and stored beside the rows. */
#ifndef HW_PHYSICS_MOTION_H
#define HW_PHYSICS_MOTION_H
#include "hd.h"

enum { HW_MOT_CONSTANT_VELOCITY = 0, HW_MOT_SINUSOID = 1, HW_MOT_TABLE = 2 };

typedef struct hw_kin { hw_v3 r, v, a; } hw_kin;

/* Second derivatives m (at the rows, same stride as r) of the natural cubic spline through
 * (t[i], r[i * stride]), i < n: m = 0 at the first and last row and, in between,
 *   h[i-1] m[i-1] + 2 (h[i-1] + h[i]) m[i] + h[i] m[i+1] = 6 (s[i] - s[i-1]),
 * h[i] = t[i+1] - t[i], s[i] = (r[i+1] - r[i]) / h[i], solved by the Thomas algorithm (the
 * system is diagonally dominant). work: n doubles. O(n). */
HW_HD void hw_motion_spline(const double *t, const double *r, int n, int stride, double *m,
                            double *work)
{
    for (int i = 0; i < n; i++) m[i * stride] = 0.0;
    if (n < 3) return; /* two rows: the straight line */
    for (int i = 1; i < n - 1; i++) { /* forward sweep: work = c', m = d' */
        double hl = t[i] - t[i - 1], hr = t[i + 1] - t[i];
        double d = 6.0 * ((r[(i + 1) * stride] - r[i * stride]) / hr - (r[i * stride] - r[(i - 1) * stride]) / hl);
        double b = 2.0 * (hl + hr);
        if (i > 1) {
            b -= hl * work[i - 1];
            d -= hl * m[(i - 1) * stride];
        }
        work[i] = hr / b;
        m[i * stride] = d / b;
    }
    for (int i = n - 3; i >= 1; i--) m[i * stride] -= work[i] * m[(i + 1) * stride];
}

/* One coordinate. par: constant velocity -> {vel}; sinusoid -> {amp, omega, phase}; table ->
 * rows tab_t, offsets tab_r and their spline second derivatives tab_m (NULL: zero, the
 * piecewise-linear path), tab_r and tab_m read at the given stride. */
HW_HD void hw_motion_1(int kind, double t, double r0, double vel, double amp, double omega,
                       double phase, const double *tab_t, const double *tab_r,
                       const double *tab_m, int tab_n, int stride, double *r, double *v,
                       double *a)
{
    if (kind == HW_MOT_CONSTANT_VELOCITY) {
        *r = r0 + vel * t; *v = vel; *a = 0.0;
    } else if (kind == HW_MOT_SINUSOID) {
        double ph = omega * t + phase;
        *r = r0 + amp * sin(ph);
        *v = amp * omega * cos(ph);
        *a = -amp * omega * omega * sin(ph);
    } else {
        *a = 0.0;
        if (t <= tab_t[0]) { *r = r0 + tab_r[0]; *v = 0.0; return; }
        if (t >= tab_t[tab_n - 1]) { *r = r0 + tab_r[(tab_n - 1) * stride]; *v = 0.0; return; }
        int lo = 0, hi = tab_n - 1;
        while (hi - lo > 1) { int mid = (lo + hi) / 2; if (tab_t[mid] <= t) lo = mid; else hi = mid; }
        double ra = tab_r[lo * stride], rb = tab_r[hi * stride];
        double ma = tab_m ? tab_m[lo * stride] : 0.0, mb = tab_m ? tab_m[hi * stride] : 0.0;
        double h = tab_t[hi] - tab_t[lo], B = (t - tab_t[lo]) / h, A = 1.0 - B;
        *r = r0 + A * ra + B * rb + ((A * A * A - A) * ma + (B * B * B - B) * mb) * (h * h / 6.0);
        *v = (rb - ra) / h + ((3.0 * B * B - 1.0) * mb - (3.0 * A * A - 1.0) * ma) * (h / 6.0);
        *a = A * ma + B * mb;
    }
}
#endif
