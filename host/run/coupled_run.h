/* Lumped lines coupled to the 1-D network, run together (coupled_run.c). */
#ifndef HW_HOST_COUPLED_RUN_H
#define HW_HOST_COUPLED_RUN_H

#include "hawser/hawser.h"
#include "run/network_run.h"
#include "world/coupling.h"

/* Lumped lines coupled to the network exchange loads every step: both advance one step at a time
 * to time t (the last step shortened to land on it), the network by the lumped step's own length,
 * then the network runner writes its row. The CLI's loop and the fuzz target's. */
hw_status hw_couplings_advance_to(hw_couplings *c, hw_sim *sim, hw_net_runner *netr, double t,
                                  char *msg, size_t len);

#endif
