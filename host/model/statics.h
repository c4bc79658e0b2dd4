/* Static equilibrium of a model (statics.c). */
#ifndef HW_HOST_STATICS_H
#define HW_HOST_STATICS_H

#include "hawser/hawser.h"
#include "model/model_build.h"

/* Static equilibrium by Newton iteration on the CPU backend, in place on y (see statics.c). */
typedef struct hw_static_result { double residual; int iterations; double max_tension; } hw_static_result;
hw_status hw_static_solve(const hw_model *m, double *y, double tol, int max_iter,
                          hw_static_result *res, hw_log_fn log, void *log_user, char *msg,
                          size_t msg_len);

#endif
