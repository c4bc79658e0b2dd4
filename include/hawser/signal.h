/* Drive signals for the 1-D network's sources (docs/physics.md section 7): constant, ramp, sinusoid,
 * table. A signal is a plain definition struct (start from hw_default_signal()); its table arrays
 * are borrowed here and copied by whoever stores the signal (hw_net_add_*). */
#ifndef HAWSER_SIGNAL_H
#define HAWSER_SIGNAL_H

#include <stddef.h>

#include "hawser/hawser.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hw_signal_kind {
    HW_SIGNAL_CONSTANT = 0, /* y = value */
    HW_SIGNAL_RAMP,         /* y = value + slope * clamp(t - t_start, 0, duration) (duration 0: no end) */
    HW_SIGNAL_SINUSOID,     /* y = value + amplitude sin(2 pi t / period + phase) */
    HW_SIGNAL_TABLE         /* y = linear interpolation in (t, y), flat outside */
} hw_signal_kind;

typedef struct hw_signal_def {
    hw_signal_kind kind;
    double value;      /* constant value; offset of ramp and sinusoid. Default 0 */
    double slope;      /* ramp: units per second */
    double t_start;    /* ramp: time it starts, s */
    double duration;   /* ramp: how long it rises, s (>= 0; 0 = for ever) */
    double amplitude;  /* sinusoid */
    double period;     /* sinusoid, s (> 0) */
    double phase;      /* sinusoid, rad */
    int n;             /* table: >= 2 rows */
    const double *t;   /* table: strictly increasing times */
    const double *y;
} hw_signal_def;

hw_signal_def hw_default_signal(void); /* constant 0 */
hw_signal_def hw_signal_constant(double value);

/* Checks a signal. Returns HW_OK or HW_ERR_INPUT with field ("period", "table.t", "table.y") and
 * index (a table row, or -1) set and msg holding what was expected and what was found. */
hw_status hw_signal_check(const hw_signal_def *s, char *field, size_t field_len, int *index,
                          char *msg, size_t msg_len);

double hw_signal_eval(const hw_signal_def *s, double t);
/* Time derivative (one-sided to the right at the table's and ramp's corners). */
double hw_signal_rate(const hw_signal_def *s, double t);

#ifdef __cplusplus
}
#endif
#endif
