/* What the result writers (CSV, ParaView, HDF5) read at an output row: one pointer per element
 * family, NULL where the run has none. A family added later (the 6-DOF bodies) adds its pointer
 * here and its part to each writer (output_vtk.c: a part beside "cables", "segments", "rigid";
 * output_hdf5.c: a group beside /lines, /rigid, /network). */
#ifndef HW_HOST_OUTPUT_SRC_H
#define HW_HOST_OUTPUT_SRC_H

#include "hawser/hawser.h"
#include "hawser/network.h"
#include "hawser/rigid.h"

typedef struct hw_out_src {
    const hw_sim *sim;  /* lumped-mass lines and their points */
    const hw_rc *rc;    /* rigid-cylinder cables */
    const hw_net *net;  /* the 1-D network */
} hw_out_src;

/* The time of the row (the lines', else the rigid cables', else the network's) and, in *dt, the
 * step of the family it came from (0 for the network, whose step is not its own). */
static inline double hw_out_src_time(const hw_out_src *s, double *dt)
{
    if (s->sim) { *dt = hw_sim_dt(s->sim); return hw_sim_time(s->sim); }
    if (s->rc) { *dt = hw_rc_dt(s->rc); return hw_rc_time(s->rc); }
    *dt = 0.0;
    return s->net ? hw_net_time(s->net) : 0.0;
}

#endif
