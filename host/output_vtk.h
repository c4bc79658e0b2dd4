/* ParaView output: one pair of XML PolyData frames per VTK output time and a .pvd collection that
 * indexes them with their times (valid after every frame). Layout in docs/outputs.md. */
#ifndef HW_HOST_OUTPUT_VTK_H
#define HW_HOST_OUTPUT_VTK_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "scenario.h"

typedef struct hw_vtk_out hw_vtk_out;

/* Creates DIR/vtk/ and DIR/run.pvd (an empty, valid collection). */
hw_status hw_vtk_open(hw_vtk_out **out, const char *dir, const hw_scenario *sc, char *msg,
                      size_t msg_len);
/* Writes the frame of the simulation's current time when sc->vtk_interval has passed since the
 * last one (every call when it is 0), then appends it to the index. */
hw_status hw_vtk_write(hw_vtk_out *v, const hw_sim *sim, char *msg, size_t msg_len);
/* Closes run.pvd (NULL-safe) and frees v; HW_ERR_IO with msg when the close fails. */
hw_status hw_vtk_close(hw_vtk_out *v, char *msg, size_t msg_len);

#endif
