/* The time plan of a scenario: the step that divides the output interval (and, with rigid
 * cables, t_end), checked before the model is built. */
#include "run/plan_times.h"

#include "run/rigid_run.h"
#include "world/timeline.h"

/* Before the model is built: with dt auto, the step is to divide the output interval (with rigid
 * cables, which step at a fixed dt, the common period of the interval and t_end), so the rows
 * take whole steps only; a given dt is checked for a step count that can be represented. */
hw_status hw_plan_times(hw_scenario *sc, char *msg, size_t len)
{
    hw_solver_def *sd = &sc->model.solver;
    double every = sc->out_interval, t_end = sd->t_end;
    if (sd->dt > 0) {
        hw_timeline tl;
        hw_status st = hw_timeline_init(&tl, every, t_end, sd->dt, msg, len);
        return st ? st : hw_rc_check_times(sc, sd->dt, msg, len);
    }
    sd->dt_period = every > 0 ? every : 0;
    if (sc->rigid) {
        double p = every > 0 ? (t_end > 0 ? hw_time_common_period(every, t_end) : every) : t_end;
        sd->dt_period = p > 0 ? p : sd->dt_period; /* none: hw_rc_check_times explains */
    }
    return HW_OK;
}
