/* What a world loaded from a file (hw_world_load, host/run/world_load.c) is given beside its def:
 * what it was built from (the scenario, its arrays, the deck), freed with the world after every
 * family, and a hook at each step's start. */
#ifndef HW_HOST_WORLD_OWNER_H
#define HW_HOST_WORLD_OWNER_H

#include "hawser/world.h"

typedef void (*hw_world_owned_fn)(void *p);
/* fn(p) is called by hw_world_destroy, last; one owner per world (a second call replaces it). */
void hw_world_adopt(hw_world *w, hw_world_owned_fn fn, void *p);

/* fn(user, t) at the start of every world step, t the step's start time, before anything moves:
 * rigid cable ends on moving points with no lumped line (the loader sets them from the points'
 * motion, as `hawser run`'s rigid runner does). A non-OK status stops the step (its message is
 * the rigid cables' last error). */
typedef hw_status (*hw_world_pre_step_fn)(void *user, double t);
void hw_world_set_pre_step(hw_world *w, hw_world_pre_step_fn fn, void *user);

#endif
