/* The run's progress on stderr, for every family (lumped lines, rigid cables, a 1-D network): a
 * redrawn bar on a terminal, a plain line every 10% of the simulated time in a log. */
#ifndef HW_HOST_PROGRESS_H
#define HW_HOST_PROGRESS_H

typedef struct hw_progress {
    int tty, last_decile, quiet;
    double last_draw;
} hw_progress;

/* Monotonic wall clock, s. */
double hw_now_s(void);
/* quiet: nothing is ever shown. tty: whether stderr is a terminal (taken here). */
void hw_progress_init(hw_progress *p, int quiet);
/* Shows the simulated time t of t_end, wall s of wall time so far. */
void hw_progress_show(hw_progress *p, double t, double t_end, double wall);

#endif
