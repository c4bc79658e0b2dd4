/* Exact output times (timeline.h). */
#include "world/timeline.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

double hw_time_tolerance(double dt, double t)
{
    double tol = 1e-9 * dt + 8.0 * DBL_EPSILON * fabs(t);
    return tol < 0.25 * dt ? tol : 0.25 * dt;
}

hw_status hw_timeline_init(hw_timeline *tl, double every, double t_end, double dt, char *msg,
                           size_t msg_len)
{
    tl->every = every > 0 ? every : dt;
    tl->t_end = t_end;
    tl->n = 0;
    if (!(dt > 0) || !(t_end >= 0) || !isfinite(t_end)) {
        snprintf(msg, msg_len, "solver.t_end = %g s at dt = %g s: expected a finite t_end >= 0 and dt > 0", t_end, dt);
        return HW_ERR_INPUT;
    }
    double steps = t_end / dt, rows = t_end / tl->every;
    if (!(steps <= HW_MAX_STEPS) || !(rows <= HW_MAX_STEPS)) {
        int by_rows = !(rows <= HW_MAX_STEPS) && steps <= HW_MAX_STEPS;
        double count = by_rows ? rows : steps;
        char cnt[48];
        snprintf(cnt, sizeof cnt, isfinite(count) ? "%.4g" : "more than 1e308", count);
        snprintf(msg, msg_len, "solver.t_end = %.9g s at %s = %.9g s is %s %s, more than the "
                 "%.0f (2^53) a run can count exactly: lower t_end or raise %s", t_end,
                 by_rows ? "outputs.interval" : "dt", by_rows ? tl->every : dt, cnt,
                 by_rows ? "output rows" : "steps", HW_MAX_STEPS, by_rows ? "the interval" : "dt");
        return HW_ERR_INPUT;
    }
    double tol = hw_time_tolerance(fmin(dt, tl->every), t_end);
    double k = floor(rows);
    if ((k + 1) * tl->every <= t_end + tol) k += 1; /* the division's rounding, both ways */
    if (k > 0 && k * tl->every > t_end + tol) k -= 1;
    tl->n = (long)k + (t_end - k * tl->every > tol ? 1 : 0);
    return HW_OK;
}

double hw_timeline_time(const hw_timeline *tl, long k)
{
    return k >= tl->n ? tl->t_end : (double)k * tl->every;
}

long hw_timeline_next(const hw_timeline *tl, double t, double dt)
{
    double tol = hw_time_tolerance(dt, t);
    long k = tl->every > 0 ? (long)floor(t / tl->every) : 1; /* close below, then exact */
    if (k < 1) k = 1;
    while (k > 1 && hw_timeline_time(tl, k - 1) > t + tol) k--;
    while (k <= tl->n && hw_timeline_time(tl, k) <= t + tol) k++;
    return k;
}

int hw_time_divides(double dt, double period)
{
    double m = floor(period / dt + 0.5);
    return m >= 1 && fabs(m * dt - period) <= hw_time_tolerance(dt, period);
}

double hw_time_common_period(double a, double b)
{
    double lo = fmin(a, b), tol = 1e-9 * lo;
    if (!(lo > 0)) return 0;
    for (int it = 0; it < 64; it++) { /* Euclid: gcd(a, b) = gcd(b, a mod b) */
        if (b < a) { double s = a; a = b; b = s; }
        if (a <= tol) return 0;
        double r = fmod(b, a);
        if (r <= tol || a - r <= tol) return a;
        b = r;
    }
    return 0;
}

