/* A scenario's world (world_load.c): the world definition `hawser run` and hw_world_load build
 * from a loaded scenario, and the rigid cable ends tied to its lumped points. */
#ifndef HW_HOST_WORLD_LOAD_H
#define HW_HOST_WORLD_LOAD_H

#include "hawser/world.h"
#include "io/scenario.h"

/* wd from hw_default_world() filled from sc: the lumped model, the network's definition, the
 * couplings, the bodies with the points on them, the rigid cable ends on bodies (into *rcb and *rbe,
 * malloc'ed, to free after the world is destroyed; NULL without rigid cables), the backend, the log
 * and the file name. The rigid cables themselves join later (hw_world_add_rigid): their dt is the
 * world's. HW_ERR_NOMEM with msg. */
hw_status hw_scenario_world_def(const hw_scenario *sc, hw_backend_kind backend, hw_log_fn log,
                                void *log_user, hw_world_def *wd, hw_world_rc_body **rcb,
                                hw_world_rc_body_end **rbe, char *msg, size_t msg_len);

/* The rigid cable ends the world ties to lumped points (none without lumped lines): a point end
 * on a moving or free point follows it, a free point that is the end's body shows where the body
 * is; ends on fixed points are set once at the start, ends on bodies are rc_bodies /
 * rc_body_ends. *out malloc'ed (NULL and HW_ERR_NOMEM when out of memory). */
hw_status hw_scenario_rigid_points(const hw_scenario *sc, hw_world_rc_point **out, int *n);

#endif
