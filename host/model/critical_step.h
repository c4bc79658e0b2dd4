/* The stable step of an integrator and the critical step of a model (critical_step.c). */
#ifndef HW_HOST_CRITICAL_STEP_H
#define HW_HOST_CRITICAL_STEP_H

#include "hawser/hawser.h"
#include "model/model_build.h"

/* The step code of an integrator (what the stepping passes around, world/integrate.c): the
 * integrator itself, except for the iterated implicit schemes, whose iteration count n it
 * carries: HW_INT_IMPLICIT + 4 n + 2 first + midpoint (first: the history starts from zero). */
#define HW_INT_IMPLICIT 1000
#define HW_INT_IMPLICIT_MAX (HW_INT_IMPLICIT + 4 * 100000 + 3)
hw_integrator hw_integ_code(hw_integrator integ, int iterations);
/* MoorDyn's relaxation factor of iteration i of n (critical_step.c). */
double hw_implicit_relax(int i, int n);
/* Adams-Bashforth's weights hw_ab_coef[p - 1][j] of order p on the derivative j steps back: the
 * scheme (host/world/integrate.c) and its stability limit (ab_radius here) read the one table. */
extern const double hw_ab_coef[4][4];
static inline int hw_integ_is_implicit(int code) { return code >= HW_INT_IMPLICIT && code <= HW_INT_IMPLICIT_MAX; }

/* Largest stable step of an integrator for a mode of angular frequency w and damping ratio z
 * (found by bisection on the spectral radius of the scheme's one-step map). */
double hw_stable_step(hw_integrator integ, double w, double zeta);
/* Critical step of the system for an integrator (or a step code), and the limiting line and segment (1-based). */
double hw_model_critical_step(const hw_model *m, hw_integrator integ, int *line, int *segment);

#endif
