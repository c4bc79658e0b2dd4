/* Energy of a model's state (energy.c). */
#ifndef HW_HOST_ENERGY_H
#define HW_HOST_ENERGY_H

#include "hawser/hawser.h"
#include "model/model_build.h"

/* Energy of a state (CPU, physics headers). */
void hw_model_energy(const hw_model *m, double t, const double *y, hw_energy *e);

#endif
