/* The lumped model: the flat system built from a definition (model_build.c). */
#ifndef HW_HOST_MODEL_BUILD_H
#define HW_HOST_MODEL_BUILD_H

#include "hawser/hawser.h"
#include "backend.h"

/* The flat system built from a definition, with every host array it owns. */
typedef struct hw_model {
    hw_lm_sys S;
    double *y0;          /* initial state (hw_lm_ny(&S) values) */
    char **line_names, **point_names;
    double *ln_wsub;     /* submerged weight per length, N/m (catenary, statics) */
    double *ln_length;
    void **owned;        /* every allocation, freed together */
    int n_owned, cap_owned;
} hw_model;

hw_status hw_model_build(const hw_model_def *def, hw_model *m, char *msg, size_t msg_len);

/* Largest slope of a table (n >= 2, x increasing), from (0, 0) to its first row included: an
 * EA_table's tangent stiffness the critical step and the damping ratio must respect, a BA_table's
 * steepest damping. */
double hw_table_max_slope(const hw_table *t);
void hw_model_free(hw_model *m);

#endif
