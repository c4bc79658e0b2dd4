/* The integrators over a backend (integrate.c): one step, and one step with the reel updates. */
#ifndef HW_HOST_INTEGRATE_H
#define HW_HOST_INTEGRATE_H

#include "hawser/hawser.h"
#include "backend.h"

/* One step of an integrator over a backend: y(t) -> y(t + dt). */
void hw_integrate_step(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ, double t,
                       double dt);

/* One step of integrator integ from t over dt with the reel updates around it: reel_before,
 * hw_integrate_step, reel_after (the step step_n records for a reeling model). */
void hw_integrate_step_reel(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ,
                            double t, double dt);

#endif
