/* The integrators over a backend (integrate.c): one step, and one step with the reel updates. */
#ifndef HW_HOST_INTEGRATE_H
#define HW_HOST_INTEGRATE_H

#include "hawser/hawser.h"
#include "backend.h"
#include "model/critical_step.h"

/* One step of an integrator over a backend: y(t) -> y(t + dt). */
void hw_integrate_step(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ, double t,
                       double dt);

/* Multistep schemes (Adams-Bashforth): the derivatives of the last steps are kept in the backend's
 * buffers between steps, f(t_n, y_n) in K1, f(t_n-1, y_n-1) in K2, and so on; nothing else may
 * write K1..K4 between two steps of such a scheme (an evaluation for the outputs uses TMP).
 * hw_integ_history: how many past derivatives the scheme reads (0 for the one-step schemes).
 * hw_integ_startup: the scheme a step runs when only `have` of them are held (a fresh start, a
 * resumed checkpoint, a state set from outside, a line break): a start-up step (Heun's RK3 that
 * keeps its first derivative; integrate.c), each of which leaves one more derivative in the
 * history, until the scheme itself can run. A start-up step of ABp is the value
 * HW_INT_START_AB + p, outside the public enum, understood by hw_integrate_step only; MoorDyn's
 * Heun starts, as MoorDyn does, from a zero derivative (HW_INT_START_AB + 1: the history set to
 * zero, then its step). */
#define HW_INT_START_AB 100
int hw_integ_history(hw_integrator integ);
hw_integrator hw_integ_startup(hw_integrator integ, int have);
/* Its name, as the log and the messages write it ("RK2 (Heun)", "AB3", ...). */
const char *hw_integ_name(hw_integrator integ);

/* One step of integrator integ from t over dt with the reel updates around it: reel_before,
 * hw_integrate_step, reel_after (the step step_n records for a reeling model). */
void hw_integrate_step_reel(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ,
                            double t, double dt);

#endif
