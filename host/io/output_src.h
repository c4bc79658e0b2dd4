/* What the result writers (CSV, ParaView, HDF5) read at an output row: one pointer per element
 * family, NULL where the run has none. A family added later adds its pointer here and its part to
 * each writer (output_vtk.c: a part beside "cables", "segments", "rigid", "bodies"; output_hdf5.c:
 * a group beside /lines, /rigid, /network, /bodies). */
#ifndef HW_HOST_OUTPUT_SRC_H
#define HW_HOST_OUTPUT_SRC_H

#include "hawser/hawser.h"
#include "hawser/network.h"
#include "hawser/rigid.h"
#include "hawser/waves.h"

/* The 6-DOF bodies at a row: a plain view that the run fills before each row (the writers only
 * read it), so that io needs nothing of the object that steps the bodies. Body k is the
 * scenario's body k (hw_scenario.bodies[k]: its name in the outputs). All world frame, SI:
 *   pos    3n  reference point, m
 *   quat   4n  orientation body -> world, w x y z (normalised by the writers before use)
 *   vel    3n  reference point velocity, m/s
 *   w      3n  angular velocity, rad/s
 *   force  3n  force of the cables (lumped lines and rigid cables) on the body, N
 *   moment 3n  their moment about the reference point, N m
 *   size   n   optional: the ParaView glyph's axis length per body, m (NULL: 1 m each)
 * hw_out_bodies_alloc / hw_out_bodies_free give the arrays room for n bodies. */
typedef struct hw_out_bodies {
    int n;
    double *pos, *quat, *vel, *w, *force, *moment;
    double *size;
} hw_out_bodies;

typedef struct hw_out_src {
    const hw_sim *sim;  /* lumped-mass lines and their points */
    const hw_rc *rc;    /* rigid-cylinder cables */
    const hw_net *net;  /* the 1-D network */
    const hw_out_bodies *bodies; /* the 6-DOF bodies (NULL: none given) */
    const hw_waves *waves; /* the sea state of the wave outputs (NULL: still water) */
} hw_out_src;

/* The fluid at node index of line l for the wave outputs (waves.csv's siblings, results.h5's
 * /waves): hw_waves_kinematics at the node's position r from the state written, the direct sum
 * of the components (the lines' own loads use the kinematics sampled in time, docs/physics.md
 * section 10). out: eta (m), u xyz (m/s), a xyz (m/s^2), pd (Pa), wet (1 or 0). */
static inline void hw_out_wave_node(const hw_waves *w, const double r[3], double t, double out[9])
{
    hw_wave_point p = hw_waves_kinematics(w, r, t);
    out[0] = p.eta;
    for (int i = 0; i < 3; i++) { out[1 + i] = p.u[i]; out[4 + i] = p.a[i]; }
    out[7] = p.pd;
    out[8] = p.wet ? 1.0 : 0.0;
}

/* Room for n bodies (io/output.c): every array zeroed but the quaternions (the identity), size
 * NULL (1 m glyphs; a size array set later is the caller's and is not freed); HW_ERR_NOMEM
 * leaves b empty. */
hw_status hw_out_bodies_alloc(hw_out_bodies *b, int n);
void hw_out_bodies_free(hw_out_bodies *b); /* NULL-safe; b is emptied */

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
