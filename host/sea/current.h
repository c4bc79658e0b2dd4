/* The environment's current (include/hawser/hawser.h hw_current_def) as the kernels read it
 * (kernels/physics/hydro.h hw_cur_grid): its size, an owned copy, and a lookup. */
#ifndef HW_HOST_SEA_CURRENT_H
#define HW_HOST_SEA_CURRENT_H
#include <stddef.h>
#include "hawser/hawser.h"
#include "physics/hydro.h"

/* Values per velocity component: max(n_time, 1) * max(n_y, 1) * max(n_x, 1) * n_depth (0 for
 * still water). */
size_t hw_current_count(const hw_current_def *c);

/* The kernels' view of c's arrays (no copy; g->nz = 0 for still water). */
hw_cur_grid hw_current_view(const hw_current_def *c);

/* A copy of c's arrays in one malloc'ed block (the caller frees it; NULL for still water, or out
 * of memory when c has a current: *nomem = 1), *g its kernels' view. */
double *hw_current_copy(const hw_current_def *c, hw_cur_grid *g, int *nomem);

/* The current of c at r and time t (the caller masks it above the surface). */
hw_v3 hw_current_def_at(const hw_current_def *c, hw_v3 r, double t);

#endif
