/* Reel winches at the ends of rigid cables (rigid_winch.c), called by the stepping (rigid_sim.c). */
#ifndef HW_HOST_RIGID_WINCH_H
#define HW_HOST_RIGID_WINCH_H

#include "rigid/rigid_internal.h"

/* Reel winches (rigid_winch.c). init: from the definition, after the cables are built (element
 * lengths nominal). before_step: the pay-out speeds for the step from rc->t. after_step (rc->t is
 * the step's end): the winch element's length and the drums advance, elements split or merge;
 * HW_ERR_STATE / HW_ERR_NOMEM with rc->err set. */
hw_status hw_rc_reel_init(hw_rc *rc, const hw_rc_def *def);
void hw_rc_reel_free(hw_rc *rc);
void hw_rc_reel_before_step(hw_rc *rc);
hw_status hw_rc_reel_after_step(hw_rc *rc);
/* The split or merge of cable c's reel element when it is past its bounds (*event = 1), as
 * after_step does it; the state and lengths as they are now. */
hw_status hw_rc_reel_reshape(hw_rc *rc, int c, int *event);

#endif
