/* Running statistics of a sampled quantity (Welford's update): count, mean, population standard
 * deviation, extremes and when they occurred. Used for the end tensions in summary.json. */
#ifndef HW_HOST_RUN_STATS_H
#define HW_HOST_RUN_STATS_H

#include <stdio.h>

typedef struct hw_run_stats {
    long n;
    double mean, m2;       /* running mean and sum of squared deviations */
    double min, max;
    double t_min, t_max;   /* time of the first minimum / maximum */
} hw_run_stats;

void hw_run_stats_init(hw_run_stats *s);
/* Adds the sample x taken at time t. */
void hw_run_stats_add(hw_run_stats *s, double x, double t);
/* Population standard deviation (divides by n); 0 for n < 2. */
double hw_run_stats_std(const hw_run_stats *s);
/* Writes {"samples":n,"max_N":..,"max_time_s":..,"min_N":..,"min_time_s":..,"mean_N":..,"std_N":..} */
void hw_run_stats_json(FILE *f, const hw_run_stats *s);

#endif
