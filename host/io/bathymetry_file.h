/* A bathymetry grid file in MoorDyn's SeafloorFile format (docs/moordyn.md, "SeafloorFile"), read
 * by the deck reader (SeafloorFile) and the YAML loader (environment.seabed.bathymetry.file):
 *   line 1      nx ny             the numbers of x and y grid values (integers >= 1)
 *   line 2      x_1 ... x_nx      the x values, strictly increasing (m)
 *   line 3      y_1 ... y_ny      the y values, strictly increasing (m)
 *   lines 4...  x y z             one row per grid point: the seabed's height z (m, negative: below
 *                                 the surface) at (x, y), x and y among the grid's values
 * Fields are separated by blanks, tabs or commas; blank lines are skipped. Every grid point must
 * have exactly one row (MoorDyn leaves a missing one at z = 0, the surface, and lets a repeated one
 * overwrite; both are refused here). Hawser keeps depths positive down: depth = -z. Every error is
 * one line naming the file and its own line: "PATH:LINE: bathymetry: expected ..., got ...". */
#ifndef HW_HOST_BATHYMETRY_FILE_H
#define HW_HOST_BATHYMETRY_FILE_H

#include <stddef.h>

#include "hawser/hawser.h"

typedef struct hw_bathy_file {
    int nx, ny;
    double *x, *y, *depth; /* one malloc'ed block (x): nx, ny and nx * ny values (x fastest) */
} hw_bathy_file;

/* HW_OK, HW_ERR_IO (msg "PATH: cannot open: REASON"), HW_ERR_INPUT or HW_ERR_NOMEM; b is empty
 * (zeroed) on failure. */
hw_status hw_bathy_read(const char *path, hw_bathy_file *b, char *msg, size_t msg_len);
void hw_bathy_file_free(hw_bathy_file *b); /* and zeroes it */

#endif
