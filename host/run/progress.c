/* See run/progress.h. */
#include "run/progress.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

double hw_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void hw_progress_init(hw_progress *p, int quiet)
{
    p->tty = isatty(fileno(stderr));
    p->last_decile = 0;
    p->quiet = quiet;
    p->last_draw = 0.0;
}

void hw_progress_show(hw_progress *p, double t, double t_end, double wall)
{
    if (p->quiet || t_end <= 0) return;
    double frac = fmin(1.0, t / t_end);
    if (p->tty) {
        double now = hw_now_s();
        if (now - p->last_draw < 0.2 && frac < 1.0) return;
        p->last_draw = now;
        int w = 30, fill = (int)(frac * w);
        fprintf(stderr, "\r[%.*s%*s] %3d%%  t = %.3f / %.3f s  wall %.1f s", fill,
                "##############################", w - fill, "", (int)(100 * frac), t, t_end, wall);
        if (frac >= 1.0) fprintf(stderr, "\n");
    } else {
        int dec = (int)(frac * 10.0 + 1e-9);
        if (dec > p->last_decile) {
            p->last_decile = dec;
            fprintf(stderr, "hawser: progress %d%% (t = %.3f s of %.3f s, wall %.1f s)\n", dec * 10, t,
                    t_end, wall);
        }
    }
}
