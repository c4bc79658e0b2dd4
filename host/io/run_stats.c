/* Welford's running mean and variance: numerically stable in one pass, O(1) memory per series. */
#include "io/run_stats.h"

#include <math.h>

void hw_run_stats_init(hw_run_stats *s)
{
    s->n = 0;
    s->mean = s->m2 = 0.0;
    s->min = s->max = s->t_min = s->t_max = 0.0;
}

void hw_run_stats_add(hw_run_stats *s, double x, double t)
{
    s->n++;
    double d = x - s->mean;
    s->mean += d / (double)s->n;
    s->m2 += d * (x - s->mean);
    if (s->n == 1 || x > s->max) { s->max = x; s->t_max = t; }
    if (s->n == 1 || x < s->min) { s->min = x; s->t_min = t; }
}

double hw_run_stats_std(const hw_run_stats *s)
{
    return s->n < 2 ? 0.0 : sqrt(fmax(0.0, s->m2 / (double)s->n));
}

void hw_run_stats_json(FILE *f, const hw_run_stats *s)
{
    fprintf(f, "{\"samples\":%ld,\"max_N\":%.10g,\"max_time_s\":%.9g,\"min_N\":%.10g,\"min_time_s\":%.9g,"
               "\"mean_N\":%.10g,\"std_N\":%.10g}",
            s->n, s->max, s->t_max, s->min, s->t_min, s->mean, hw_run_stats_std(s));
}
