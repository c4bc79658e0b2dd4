/* Prescribed motion of a point (physics.md section 7): position, velocity and acceleration at
 * time t for constant velocity, sinusoid and time-series table (linear, flat outside; the
 * acceleration of a piecewise-linear path is zero between rows). */
#ifndef HW_PHYSICS_MOTION_H
#define HW_PHYSICS_MOTION_H
#include "hd.h"

enum { HW_MOT_CONSTANT_VELOCITY = 0, HW_MOT_SINUSOID = 1, HW_MOT_TABLE = 2 };

typedef struct hw_kin { hw_v3 r, v, a; } hw_kin;

/* One coordinate. par: constant velocity -> {vel}; sinusoid -> {amp, omega, phase}. */
HW_HD void hw_motion_1(int kind, double t, double r0, double vel, double amp, double omega,
                       double phase, const double *tab_t, const double *tab_r, int tab_n,
                       int stride, double *r, double *v, double *a)
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
        double s = (t - tab_t[lo]) / (tab_t[hi] - tab_t[lo]);
        *r = r0 + ra + s * (rb - ra);
        *v = (rb - ra) / (tab_t[hi] - tab_t[lo]);
    }
}
#endif
