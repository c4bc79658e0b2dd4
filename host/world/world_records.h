/* The world's run-time state for a checkpoint (world.c; io/world_checkpoint.c passes hw_ck_io).
 * The families' own state is theirs to save (the lumped lines: io/checkpoint.c, the rigid cables:
 * io/rigid_checkpoint.c, the network: network.c); the world adds its time and step count (a world
 * without lumped lines keeps its own time), its flags (a failure, points to set before the next
 * step), the statics' figures (for the summary) and every body's state (bodies/body_set.h). A body
 * a rigid cable holds is also in that cable's record (its end's state and held load): the world's
 * copy is what it read back after the last step, saved too so that outputs before the next step
 * agree. */
#ifndef HW_HOST_WORLD_RECORDS_H
#define HW_HOST_WORLD_RECORDS_H

#include <stddef.h>

#include "bodies/body_set.h"
#include "hawser/world.h"

typedef void (*hw_world_record_fn)(void *ctx, const char *name, void *p, size_t n);
void hw_world_state_records(hw_world *w, hw_world_record_fn rec, void *ctx);
/* Body k's extremes over the run: sampled after the statics (and again when rigid cables join),
 * then after every world step (bodies/body_set.h hw_body_extremes; in the checkpoint with the
 * bodies' states). */
hw_status hw_world_body_extremes(const hw_world *w, int k, hw_body_extremes *e);

/* The world's bodies (NULL when it has none), for outputs that read more of them than the public
 * state (io/moordyn_out.c: a rod's loads node by node). */
const hw_bodies *hw_world_body_set(const hw_world *w);

#endif
