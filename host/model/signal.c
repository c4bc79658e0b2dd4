/* Drive signals: constant, ramp, sinusoid, table (include/hawser/signal.h). */
#include "hawser/signal.h"

#include <math.h>
#include <stdio.h>

#include "physics/hd.h"

static const double TWO_PI = 6.283185307179586;

hw_signal_def hw_default_signal(void)
{
    hw_signal_def s;
    s.kind = HW_SIGNAL_CONSTANT;
    s.value = 0.0;
    s.slope = 0.0;
    s.t_start = 0.0;
    s.duration = 0.0;
    s.amplitude = 0.0;
    s.period = 1.0;
    s.phase = 0.0;
    s.n = 0;
    s.t = NULL;
    s.y = NULL;
    return s;
}

hw_signal_def hw_signal_constant(double value)
{
    hw_signal_def s = hw_default_signal();
    s.value = value;
    return s;
}

static hw_status bad(char *field, size_t field_len, int *index, char *msg, size_t msg_len,
                     const char *f, int i, const char *text)
{
    if (field && field_len) snprintf(field, field_len, "%s", f);
    if (index) *index = i;
    if (msg && msg_len) snprintf(msg, msg_len, "%s", text);
    return HW_ERR_INPUT;
}

hw_status hw_signal_check(const hw_signal_def *s, char *field, size_t field_len, int *index,
                          char *msg, size_t msg_len)
{
    char m[192];
    if (index) *index = -1;
    if (!s) return bad(field, field_len, index, msg, msg_len, "signal", -1, "expected a signal, got NULL");
    switch (s->kind) {
    case HW_SIGNAL_CONSTANT:
        if (!isfinite(s->value)) return bad(field, field_len, index, msg, msg_len, "value", -1,
                                            "expected a finite value");
        return HW_OK;
    case HW_SIGNAL_RAMP:
        if (!isfinite(s->value) || !isfinite(s->slope) || !isfinite(s->t_start))
            return bad(field, field_len, index, msg, msg_len, "slope", -1,
                       "expected finite value, slope and start time");
        if (!(s->duration >= 0) || !isfinite(s->duration)) {
            snprintf(m, sizeof m, "expected a duration >= 0 s (0 = no end), got %g", s->duration);
            return bad(field, field_len, index, msg, msg_len, "duration", -1, m);
        }
        return HW_OK;
    case HW_SIGNAL_SINUSOID:
        if (!(s->period > 0) || !isfinite(s->period)) {
            snprintf(m, sizeof m, "expected a period > 0 s, got %g", s->period);
            return bad(field, field_len, index, msg, msg_len, "period", -1, m);
        }
        if (!isfinite(s->amplitude) || !isfinite(s->phase) || !isfinite(s->value))
            return bad(field, field_len, index, msg, msg_len, "amplitude", -1,
                       "expected finite amplitude, phase and value");
        return HW_OK;
    case HW_SIGNAL_TABLE:
        if (s->n < 2 || !s->t || !s->y) {
            snprintf(m, sizeof m, "expected at least 2 rows [t, y], got %d", s->n);
            return bad(field, field_len, index, msg, msg_len, "table", -1, m);
        }
        for (int i = 0; i < s->n; i++) {
            if (!isfinite(s->t[i]))
                return bad(field, field_len, index, msg, msg_len, "table.t", i, "expected a finite time");
            if (!isfinite(s->y[i]))
                return bad(field, field_len, index, msg, msg_len, "table.y", i, "expected a finite value");
            if (i > 0 && !(s->t[i] > s->t[i - 1])) {
                snprintf(m, sizeof m, "expected times strictly increasing: t[%d] = %g after t[%d] = %g",
                         i, s->t[i], i - 1, s->t[i - 1]);
                return bad(field, field_len, index, msg, msg_len, "table.t", i, m);
            }
        }
        return HW_OK;
    }
    snprintf(m, sizeof m, "expected a signal kind 0..3, got %d", (int)s->kind);
    return bad(field, field_len, index, msg, msg_len, "type", -1, m);
}

double hw_signal_eval(const hw_signal_def *s, double t)
{
    switch (s->kind) {
    case HW_SIGNAL_RAMP: {
        double r = t - s->t_start;
        if (r < 0) r = 0;
        if (s->duration > 0 && r > s->duration) r = s->duration;
        return s->value + s->slope * r;
    }
    case HW_SIGNAL_SINUSOID:
        return s->value + s->amplitude * sin(TWO_PI * t / s->period + s->phase);
    case HW_SIGNAL_TABLE:
        return hw_tlu(s->t, s->y, s->n, t);
    default:
        return s->value;
    }
}

double hw_signal_rate(const hw_signal_def *s, double t)
{
    switch (s->kind) {
    case HW_SIGNAL_RAMP: {
        double r = t - s->t_start;
        if (r < 0) return 0.0;
        if (s->duration > 0 && r >= s->duration) return 0.0;
        return s->slope;
    }
    case HW_SIGNAL_SINUSOID:
        return s->amplitude * TWO_PI / s->period * cos(TWO_PI * t / s->period + s->phase);
    case HW_SIGNAL_TABLE: {
        int n = s->n;
        if (n < 2 || t < s->t[0] || t >= s->t[n - 1]) return 0.0;
        int lo = 0, hi = n - 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) / 2;
            if (s->t[mid] <= t) lo = mid; else hi = mid;
        }
        return (s->y[hi] - s->y[lo]) / (s->t[hi] - s->t[lo]);
    }
    default:
        return 0.0;
    }
}
