/* HDF5 output: one file, DIR/results.h5, for all lines, points and channels; datasets grow along
 * time, chunked and deflate-compressed, flushed after every row. Layout in docs/outputs.md.
 * Without libhdf5 at configure time (HAWSER_HAVE_HDF5 undefined) hw_h5_open() returns
 * HW_ERR_UNSUPPORTED with a message saying so. */
#ifndef HW_HOST_OUTPUT_HDF5_H
#define HW_HOST_OUTPUT_HDF5_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "io/output_src.h"
#include "io/scenario.h"

typedef struct hw_h5_out hw_h5_out;

/* Creates DIR/results.h5 with the run's static layout (names, offsets) and empty series. */
hw_status hw_h5_open(hw_h5_out **out, const char *dir, const hw_scenario *sc, char *msg,
                     size_t msg_len);
/* Appends one time row (the first call also records dt and the backend) and flushes the file. */
hw_status hw_h5_write(hw_h5_out *h, const hw_out_src *src, char *msg, size_t msg_len);
/* Closes the file (NULL-safe) and frees h. HW_ERR_IO with msg (the file and the reason) when the
 * last buffers could not be written; nothing more is reported for a file whose write already
 * failed (that error was reported then). */
hw_status hw_h5_close(hw_h5_out *h, char *msg, size_t msg_len);
/* Rows written so far (a checkpoint records it). */
long hw_h5_rows(const hw_h5_out *h);
/* Resumes at a row count: takes DIR/results.h5.resume (the file as the interrupted run left it)
 * back as DIR/results.h5, its series cut to rows. */
hw_status hw_h5_resume(hw_h5_out *h, long rows, char *msg, size_t msg_len);

#endif
