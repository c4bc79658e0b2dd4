/* Point kinematics from a point definition and the integrators' keys (model_check.c; the
 * definition checks are hawser.h hw_model_check). */
#ifndef HW_HOST_MODEL_CHECK_H
#define HW_HOST_MODEL_CHECK_H

#include "hawser/hawser.h"

/* Position and velocity at time t of a point definition (fixed or prescribed: the motion
 * functions of kernels/physics/motion.h the solver uses; model_check.c). spline: the table's
 * second derivatives from hw_point_spline, or NULL (computed and freed on each call, O(rows)). */
void hw_point_kinematics(const hw_point_def *p, const double *spline, double t, double pos[3],
                         double vel[3]);
/* A table point's natural-spline second derivatives (3 per row, malloc'd; free()); NULL for
 * other points or when out of memory. */
double *hw_point_spline(const hw_point_def *p);
/* The YAML key of each integrator (solver.integrator, docs/scenario.md), NULL-ended: the reader,
 * the writer, the HDF5 attributes and the checks' messages read this one table. */
extern const char *const hw_integ_keys[HW_INT_COUNT + 1];

#endif
