/* The `rigid_cables:` section of a scenario file (docs/scenario.md, docs/rigid.md): rigid-cylinder
 * cables (include/hawser/rigid.h) whose ends are free, follow the scenario's fixed or prescribed
 * points, or carry one of its free points as a body (a payload the cable moves and that loads it).
 * Environment (gravity, water density, depth, seabed, a uniform current) comes from the
 * scenario's `environment:`, the time step from `solver.dt` (or the lumped model's step). */
#ifndef HW_HOST_SCENARIO_RIGID_H
#define HW_HOST_SCENARIO_RIGID_H

#include <stddef.h>
#include <yaml.h>

#include "hawser/hawser.h"
#include "hawser/rigid.h"
#include "hawser/body.h"
#include "hawser/world.h"

typedef struct hw_scn_rigid {
    hw_rc_def def;           /* env from the scenario, dt = solver.dt (0 when auto), cables; owned */
    hw_rc_cable_def *cables; /* def.n_cables of them (def.cables points here) */
    int *point_a, *point_b;  /* per cable: the scenario point of each end, -1 for a free end; a
                                free point is the end's body (HW_RC_END_BODY, body_a / body_b from
                                its mass, volume, drag area and added mass) */
    int *body_a, *body_b;    /* per cable: the scenario body (`bodies:` index) of an end on a 6-DOF
                                body ({type: body, body: NAME, at: [x, y, z]}; at_a / at_b the
                                joint; on a free body HW_RC_END_BODY6 with body6_a / body6_b a copy
                                of that body's definition, on a fixed, prescribed or coupled body
                                HW_RC_END_POINT that the world moves with the body point), -1
                                otherwise: so that one body shared by several cable ends and lumped
                                lines is one body of the world */
    double *end_load;        /* per cable 6 values: the constant force on free end A, then B (N,
                                world; `load:`), zero elsewhere */
    void *priv;              /* loader-private: the line of every key, owned names */
} hw_scn_rigid;

/* Parses the value of the `rigid_cables` key (node; key_line is the key's line) of the document
 * whose root mapping is root, with the scenario's model already read (environment, solver, points).
 * bodies: the scenario's `bodies:` (ends of type body name them). Checks syntax, keys, types,
 * references to points and bodies, and hw_rc_check()'s rules (when model->solver.dt
 * > 0) mapped back to the line of the field. On failure returns HW_ERR_INPUT (or HW_ERR_NOMEM),
 * *out is NULL and err holds one line "FILE:LINE: FIELD: expected ..., got ...". */
hw_status hw_scenario_rigid_parse(yaml_document_t *doc, yaml_node_t *root, yaml_node_t *node,
                                  int key_line, const char *file, const hw_model_def *model,
                                  const hw_body_def *bodies, int n_bodies,
                                  hw_scn_rigid **out, char *err, size_t err_len);

/* hw_rc_check() of the section at time step dt (> 0), its error formatted with the file and line
 * of the field ("FILE:LINE: rigid_cables[0] (wire).EA: expected > 0, got 0"). */
hw_status hw_scenario_rigid_check(const hw_scn_rigid *r, double dt, const char *file, char *msg,
                                  size_t msg_len);

/* The most elements cable c can have: its count, or with a reel winch enough for the longest it
 * may pay out. The rigid runner (run/rigid_run.c) sizes its scratch and the HDF5 writer
 * (io/output_hdf5.c) its node slots with it. */
int hw_rc_max_elements(const hw_rc_cable_def *c);

/* The cable ends on bodies as the world takes them (include/hawser/world.h): those on free bodies
 * (HW_RC_END_BODY6) into rcb (hw_world_def.rc_bodies), those on fixed, prescribed or coupled bodies
 * (HW_RC_END_POINT following the body point at_a / at_b) into rbe (hw_world_def.rc_body_ends);
 * each array has room for 2 n_cables (either may be NULL to skip it). */
void hw_scenario_rigid_body_ends(const hw_scn_rigid *r, hw_world_rc_body *rcb, int *n_rcb,
                                 hw_world_rc_body_end *rbe, int *n_rbe);

void hw_scenario_rigid_free(hw_scn_rigid *r); /* NULL-safe */

#endif
