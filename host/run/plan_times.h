/* The time plan of a scenario before its model is built (plan_times.c). */
#ifndef HW_HOST_PLAN_TIMES_H
#define HW_HOST_PLAN_TIMES_H

#include "hawser/hawser.h"
#include "io/scenario.h"

/* Before a scenario's model is built (the CLI's run and check): with dt auto, sets
 * solver.dt_period so that the automatic step divides the output interval (with rigid cables,
 * the common period of the interval and t_end); with a given dt, refuses step counts that cannot
 * be represented and, with rigid cables, a dt that does not divide the interval and t_end. */
hw_status hw_plan_times(hw_scenario *sc, char *msg, size_t len);

#endif
