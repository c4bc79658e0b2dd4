/* The stable step of an integrator and the critical step of a model (critical_step.c). */
#ifndef HW_HOST_CRITICAL_STEP_H
#define HW_HOST_CRITICAL_STEP_H

#include "hawser/hawser.h"
#include "model/model_build.h"

/* The step code of an integrator (what the stepping passes around, world/integrate.c): the
 * integrator itself, except for the iterated implicit schemes, whose iteration count n it
 * carries: HW_INT_IMPLICIT + 8 n + 4 first + kind (first: the history starts from zero; kind:
 * one of HW_IMPL_*). hw_impl_kind, hw_impl_iters and hw_impl_first read a code back. */
#define HW_INT_IMPLICIT 1000
#define HW_INT_IMPLICIT_MAX (HW_INT_IMPLICIT + 8 * 100000 + 7)
enum { HW_IMPL_BEULER = 0, HW_IMPL_MIDPOINT = 1, HW_IMPL_ACA = 2, HW_IMPL_WILSON = 3, HW_IMPL_FIRST = 4 };
hw_integrator hw_integ_code(hw_integrator integ, int iterations);
static inline int hw_impl_kind(int code) { return (code - HW_INT_IMPLICIT) & 3; }
static inline int hw_impl_iters(int code) { return (code - HW_INT_IMPLICIT) / 8; }
static inline int hw_impl_first(int code) { return (code - HW_INT_IMPLICIT) & HW_IMPL_FIRST; }
/* MoorDyn's relaxation factor of iteration i of n of an implicit scheme of kind HW_IMPL_*
 * (critical_step.c). */
double hw_implicit_relax(int kind, int i, int n);
/* MoorDyn 2.7.2's constants of its Newmark (ACA) and Wilson schemes. */
#define HW_ACA_GAMMA 0.5
#define HW_ACA_BETA 0.25
#define HW_WILSON_THETA 1.37
/* The weights of the Newmark-type update (world/integrate.c, the backend's second_order), from a
 * state (x, v) and two derivatives d0 = (x0', v0'), d1 = (x1', v1'):
 *   x += cx[0] x0' + cx[1] x1' + ca[0] v0' + ca[1] v1',   v += cv[0] v0' + cv[1] v1'
 * for an ACA step of h (every iteration and the last update alike) or a Wilson step of h
 * (final 0: an iteration's state at theta h; final 1: the step's own update to h). */
void hw_second_order_coef(int kind, double h, int final, double cx[2], double ca[2], double cv[2]);
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
