/* The stable step of an integrator and the critical step of a model (critical_step.c). */
#ifndef HW_HOST_CRITICAL_STEP_H
#define HW_HOST_CRITICAL_STEP_H

#include "hawser/hawser.h"
#include "model/model_build.h"

/* Largest stable step of an integrator for a mode of angular frequency w and damping ratio z
 * (found by bisection on the spectral radius of the scheme's one-step map). */
double hw_stable_step(hw_integrator integ, double w, double zeta);
/* Critical step of the system for an integrator, and the limiting line and segment (1-based). */
double hw_model_critical_step(const hw_model *m, hw_integrator integ, int *line, int *segment);

#endif
