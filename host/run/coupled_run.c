/* Lumped lines and the 1-D network coupled (world/coupling.c), stepped together up to an output
 * row by the run loop. */
#include "run/coupled_run.h"

#include <math.h>
#include <stdio.h>

#include "world/timeline.h"

hw_status hw_couplings_advance_to(hw_couplings *c, hw_sim *sim, hw_net_runner *netr, double t,
                                  char *msg, size_t len)
{
    double dt = hw_sim_dt(sim), tol = hw_time_tolerance(dt, t);
    hw_status st = HW_OK;
    while (!st && t - hw_sim_time(sim) > tol) {
        double t0 = hw_sim_time(sim);
        if ((st = hw_couplings_before(c, sim)) || (st = hw_sim_advance_to(sim, fmin(t, t0 + dt))) ||
            (st = hw_couplings_after(c, sim)))
            snprintf(msg, len, "%s", hw_sim_last_error(sim));
        else if ((st = hw_net_step(netr->net, hw_sim_time(sim) - t0)))
            snprintf(msg, len, "%s", hw_net_last_error(netr->net));
        netr->steps++;
    }
    return st ? st : hw_net_runner_advance_to(netr, dt, t, msg, len); /* its row */
}
