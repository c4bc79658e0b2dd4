/* MoorDyn 2.7.2's state file: what its SaveState writes and its LoadState (and a deck's fileIC
 * option) reads; docs/moordyn.md, "Initial conditions from a state file". Little-endian:
 *   "MoorDyn" (7 bytes), major, minor version (1 byte each),
 *   u64 W: the number of 8-byte words that follow,
 *   u64 K: the number of objects (W counts this word too),
 *   K times: u64 rows, u64 cols, then rows x cols doubles (row-major).
 * The objects come in MoorDyn's order: bodies (1 x 13: position, quaternion, 6 velocities), rods
 * (1 x 13), points (1 x 6: position, velocity; zeros for a point MoorDyn does not integrate), lines
 * (NumSegs - 1 rows x 6: each inner node's position and velocity, node 1 first). */
#ifndef HW_HOST_MOORDYN_STATE_H
#define HW_HOST_MOORDYN_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "hawser/hawser.h"

typedef struct hw_md_state {
    int major, minor;
    int n_obj;
    int *rows, *cols;     /* per object */
    const double **data;  /* per object: rows x cols values (into one block) */
    double *block;
} hw_md_state;

/* Reads and checks the layout of the file at path (magic, word count against the file's size,
 * every object inside it, finite values). HW_ERR_IO when it cannot be read, HW_ERR_INPUT with the
 * reason in msg ("PATH: ...") when it is not such a file, HW_ERR_NOMEM. */
hw_status hw_md_state_read(const char *path, hw_md_state *st, char *msg, size_t msg_len);
void hw_md_state_free(hw_md_state *st); /* NULL-safe; leaves it empty */

#endif
