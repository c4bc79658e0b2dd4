/* The .out table of a deck's OUTPUTS channels in MoorDyn 2.7.2's layout (docs/moordyn.md, "OUTPUTS
 * and the .out table"): fixed-width fields (10 for the time, 20 for each value, right-aligned, no
 * separator), a header row "Time" + channel names, a units row ("(s)", "N", "m", "m/s", "m/s^2";
 * left out when the deck says WriteUnits 0), then a row ("%10.4f" time, "%20.7e" values) at each
 * multiple of the deck's dtOut (none at t = 0), or at every write (t = 0 included) when the deck's
 * dtOut is 0 or absent (hw_md_deck.dt_out). Rows are
 * flushed as they are written, like the CSV files.
 * Beside it, <deck>_Line<N>.out for each line with LineOutputs flags (hw_md_line_out): MoorDyn
 * 2.7.2's column names and order (docs/moordyn.md, "Line output files"). */
#ifndef HW_HOST_MOORDYN_OUT_H
#define HW_HOST_MOORDYN_OUT_H

#include <stdio.h>

#include "hawser/hawser.h"
#include "hawser/world.h"
#include "io/moordyn_deck.h"

typedef struct hw_md_out hw_md_out;

/* Creates the file at path (DIR/<deck>.out) and the line files beside it (DIR/<deck>_Line<N>.out)
 * and writes their header rows. deck NULL: returns HW_OK with *out NULL
 * (nothing to write; hw_md_out_write and hw_md_out_close accept NULL). */
hw_status hw_md_out_open(hw_md_out **out, const char *path, const hw_md_deck *deck, char *msg,
                         size_t msg_len);
/* The world the rows are read from (the rods' channels and files read their bodies there; a deck
 * without lines has no sim). Without it, rod positions and velocities come from the points at the
 * rod's ends and a rod's loads are not available (HW_ERR_INVALID_ARG). NULL-safe. */
void hw_md_out_set_world(hw_md_out *o, const hw_world *w);
/* One row for the simulation's current time, when it is a row time (above); otherwise nothing.
 * sim NULL: the world's lumped lines (none: its time). */
hw_status hw_md_out_write(hw_md_out *o, const hw_sim *sim, char *msg, size_t msg_len);
void hw_md_out_close(hw_md_out *o); /* NULL-safe */
/* The table's stream (NULL-safe: NULL), for a checkpoint to record its size and a resume to
 * reopen it (run_resume.c). */
FILE **hw_md_out_stream(hw_md_out *o);

/* The value of one channel now (exposed for tests): from the lines alone (a rod's loads are then not
 * available), or from the world w and the deck (sim NULL: the world's lumped lines). */
hw_status hw_md_channel_value(const hw_sim *sim, const hw_md_channel *ch, double *value);
hw_status hw_md_channel_value_world(const hw_world *w, const hw_sim *sim, const hw_md_deck *deck,
                                    const hw_md_channel *ch, double *value);

#endif
