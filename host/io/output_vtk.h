/* ParaView output: one pair of XML PolyData frames per VTK output time and a .pvd collection that
 * indexes them with their times (valid after every frame). Layout in docs/outputs.md. */
#ifndef HW_HOST_OUTPUT_VTK_H
#define HW_HOST_OUTPUT_VTK_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "io/output_src.h"
#include "io/scenario.h"

typedef struct hw_vtk_out hw_vtk_out;

/* Creates DIR/vtk/ and DIR/run.pvd (an empty, valid collection). */
hw_status hw_vtk_open(hw_vtk_out **out, const char *dir, const hw_scenario *sc, char *msg,
                      size_t msg_len);
/* Writes the frame of the sources' current time (src: the lumped lines and the rigid cables the
 * scenario has) when sc->vtk_interval has passed since the last one (every call when it is 0),
 * then appends it to the index. */
hw_status hw_vtk_write(hw_vtk_out *v, const hw_out_src *src, char *msg, size_t msg_len);
/* Whether the scenario asks for ParaView output and has a 1-D network, which has none: 1 and
 * the note to log as a warning in msg. */
int hw_vtk_network_note(const hw_scenario *sc, char *msg, size_t msg_len);
/* Closes run.pvd (NULL-safe) and frees v; HW_ERR_IO with msg when the close fails. */
hw_status hw_vtk_close(hw_vtk_out *v, char *msg, size_t msg_len);
/* Where the output stands (a checkpoint records it): frames written, the last frame's time and
 * the size of run.pvd up to its closing tags. */
void hw_vtk_mark(const hw_vtk_out *v, int *frames, double *last_t, long long *tail_at);
/* Resumes at a mark: takes DIR/run.pvd.resume (the index as the interrupted run left it) back
 * as DIR/run.pvd cut to the mark's frames, and removes later frame files. */
hw_status hw_vtk_resume(hw_vtk_out *v, int frames, double last_t, long long tail_at, char *msg,
                        size_t msg_len);

#endif
