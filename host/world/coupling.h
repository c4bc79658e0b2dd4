/* Couplings between the 1-D network and the 3-D cables (docs/physics.md sections 2, 3, 6, 7), exchanged
 * once per step (explicit, the network and the cables at the same dt):
 *   rail_point: a network node's position x along a rail (origin + x u in space, u a unit vector)
 *               drives a 3-D point of type coupled; the force the cables exert on that point,
 *               projected on u, acts on the node (a rail mass hauled by a 3-D cable);
 *   drum_winch: a network shaft of speed w turns the winch of a 3-D line (mode external) of drum
 *               radius R: pay-out speed -w R (w > 0 hauls in); the cable's tension T at the winch
 *               loads the shaft with the torque -T R. */
#ifndef HW_HOST_COUPLING_H
#define HW_HOST_COUPLING_H

#include "hawser/hawser.h"
#include "hawser/network.h"
#include "hawser/world.h"

/* hw_coupling_def and its kinds are public (include/hawser/world.h): the world owns the couplings. */

typedef struct hw_couplings hw_couplings;

/* Resolves the network names and checks the 3-D side (a coupled point; a line whose winch is
 * external). file is used in messages ("FILE:LINE: couplings[k].FIELD: ..."). */
hw_status hw_couplings_create(const hw_coupling_def *defs, int n, const hw_model_def *model,
                              hw_net *net, const char *file, hw_couplings **out, char *msg,
                              size_t msg_len);
/* Before a step of the cables: the network's kinematics to the 3-D side. */
hw_status hw_couplings_before(hw_couplings *c, hw_sim *sim);
/* After it: the cables' loads to the network (then step the network). */
hw_status hw_couplings_after(hw_couplings *c, hw_sim *sim);
void hw_couplings_destroy(hw_couplings *c); /* NULL-safe */

#endif
