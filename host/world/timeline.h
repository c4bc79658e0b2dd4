/* Exact output times for the CLI's runners (docs/outputs.md "Times"): a row at t = 0, rows at
 * k x interval (k = 1, 2, ...) below t_end and a last row at t_end itself, each computed from k
 * (never accumulated); the steps that reach them (hw_sim_advance_to for lumped lines, whole steps
 * of a fixed dt for rigid cables, a shortened last step for a network). */
#ifndef HW_HOST_TIMELINE_H
#define HW_HOST_TIMELINE_H

#include <stddef.h>

#include "hawser/hawser.h"

typedef struct hw_timeline {
    double every, t_end; /* output interval (> 0), end time */
    long n;              /* rows after t = 0; row n is at t_end */
} hw_timeline;

/* The rows of a run to t_end every `every` s (every <= 0: a row per step of dt) at step dt.
 * HW_ERR_INPUT, with a message naming t_end and dt (or the interval), when the steps or rows are
 * more than a run can count exactly (2^53), e.g. t_end 1e300. */
hw_status hw_timeline_init(hw_timeline *tl, double every, double t_end, double dt, char *msg,
                           size_t msg_len);
/* Row k's time (k = 1..n): k x every, and t_end for k = n. */
double hw_timeline_time(const hw_timeline *tl, long k);
/* The first row (1..n, or n + 1 when none is left) after time t, to the time tolerance of step
 * dt: where a run resumed at t (a checkpoint) writes its next row. */
long hw_timeline_next(const hw_timeline *tl, double t, double dt);

/* 1 when period is a whole number (>= 1) of steps dt, to the time tolerance. */
int hw_time_divides(double dt, double period);
/* The largest p that divides both a and b (a, b > 0) to 1e-9 of the smaller, found by Euclid's
 * algorithm on the remainders (e.g. 0.1 and 60.05 give 0.05); 0 when there is none that large. */
double hw_time_common_period(double a, double b);
/* Exact times. Two times closer than this are the same step boundary (hw_sim_advance_to, the
 * output rows): 1e-9 of a step (far below anything a step resolves) plus 8 rounding units of t
 * (what t_base + k dt and a caller's k * interval can differ by), at most a quarter step. */
double hw_time_tolerance(double dt, double t);
/* The most steps (or rows) a run may count: 2^53, the last integer a double (the time
 * arithmetic) holds exactly; a long holds more. */
#define HW_MAX_STEPS 9007199254740992.0

#endif
