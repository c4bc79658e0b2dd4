/* DIR/bodies.csv (docs/outputs.md): one flushed row per output time, for a world with bodies:
 * time_s, then per body NAME.x_m y z, NAME.roll_deg pitch yaw, NAME.vx_m_s vy vz (the reference
 * point), NAME.wx_deg_s wy wz (angular velocity, world axes), NAME.Fx_N Fy Fz and NAME.Mx_Nm My Mz
 * (the lines' and cables' force on the body and its moment about the reference point, world). */
#ifndef HW_HOST_BODIES_OUT_H
#define HW_HOST_BODIES_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "hawser/world.h"
#include "io/output_src.h"

typedef struct hw_bodies_out {
    FILE *f;          /* NULL: the world has no bodies (every call a no-op) */
    char path[4200];
    hw_out_bodies view; /* the bodies' states for the ParaView and HDF5 writers (n = 0: none) */
} hw_bodies_out;

/* Creates DIR/bodies.csv with its header when the world has bodies; append: continue an existing
 * table (a resumed run) without a header. */
hw_status hw_bodies_out_open(hw_bodies_out *o, const char *dir, const hw_world *w, int append, char *msg,
                             size_t msg_len);
hw_status hw_bodies_out_write(hw_bodies_out *o, const hw_world *w, char *msg, size_t msg_len);
/* The view of the bodies for the other writers (hw_outputs_attach_bodies), NULL without bodies;
 * hw_bodies_out_fill puts the world's state in it: call it before each hw_outputs_write. */
const hw_out_bodies *hw_bodies_out_view(const hw_bodies_out *o);
void hw_bodies_out_fill(hw_bodies_out *o, const hw_world *w);
/* Closes it and frees the view; HW_ERR_IO when the close fails (a full disk). */
hw_status hw_bodies_out_close(hw_bodies_out *o, char *msg, size_t msg_len);
/* The summary's ,"bodies":[...] (nothing without a world or bodies): per body its name, kind
 * (defs: the scenario's bodies) and the world's every-step extremes (docs/outputs.md
 * "summary.json"). */
void hw_bodies_json(FILE *f, const hw_world *w, const hw_body_def *defs);

#endif
