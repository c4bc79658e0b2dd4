/* MoorDyn v2 input decks (the plain-text format with '----' section header lines) read into the
 * same hw_scenario the YAML loader fills, plus the deck's OUTPUTS channels for the MoorDyn-style
 * .out table (moordyn_out.h). The mapping of every field, and what is refused, is in
 * docs/moordyn.md.
 *
 * Errors are one line, "FILE:LINE: WHERE: expected WHAT, got WHAT"; a deck feature Hawser does not
 * have (rods, bodies, waves, VIV, nonlinear EA files, ...) is refused with
 * "FILE:LINE: WHAT: not supported yet (...)", never skipped. Options that only steer MoorDyn's own
 * machinery (dynamic-relaxation settings, log files) are accepted and reported as notes through
 * the log callback at level 0. */
#ifndef HW_HOST_MOORDYN_DECK_H
#define HW_HOST_MOORDYN_DECK_H

#include "hawser/hawser.h"
#include "io/scenario.h"

typedef enum hw_md_quantity {
    HW_MD_LINE_END_FORCE = 0, /* |force of the line on its end point|: index 0 = end A, else end B */
    HW_MD_NODE_POS,           /* node position component */
    HW_MD_NODE_VEL,           /* node velocity component */
    HW_MD_NODE_TEN,           /* end node: |end force|; inner node: mean of the adjacent segments */
    HW_MD_SEG_TEN,            /* segment tension */
    HW_MD_POINT_POS,
    HW_MD_POINT_VEL,
    HW_MD_POINT_FORCE,        /* component of the total force of the lines on the point */
    HW_MD_POINT_TEN           /* magnitude of that force */
} hw_md_quantity;

typedef struct hw_md_channel {
    char name[48];   /* as written in the deck */
    hw_md_quantity q;
    int object;      /* line or point index, 0-based */
    int index;       /* node 0..nseg, segment 1..nseg, line end 0 (A) / 1 (B) */
    int comp;        /* 0, 1, 2 = x, y, z */
    const char *unit;/* "(m)", "(m/s)", "(N)" */
} hw_md_channel;

typedef struct hw_md_deck {
    int n_channels;
    hw_md_channel *channels;
    int write_units;  /* WriteUnits option: the units row of the .out table (default 1) */
} hw_md_deck;

/* 1 when the file looks like a MoorDyn deck: a '---' header line naming a MoorDyn section, or
 * (for a file without one) the extension .dat, .txt, .in or .inp. 0 otherwise (a YAML scenario). */
int hw_md_is_deck(const char *path);

/* Reads a deck. On success *sc is a scenario to free with hw_scenario_free() and *deck (when
 * deck is not NULL) the output channels, to free with hw_md_free(). On failure both are NULL,
 * msg holds the one-line error and the status is HW_ERR_INPUT (malformed deck), HW_ERR_UNSUPPORTED
 * (a MoorDyn feature Hawser does not have), HW_ERR_IO or HW_ERR_NOMEM. Notes go to log. */
hw_status hw_md_load(const char *path, hw_log_fn log, void *log_user, hw_scenario **sc,
                     hw_md_deck **deck, char *msg, size_t msg_len);
hw_status hw_md_load_string(const char *text, const char *name, hw_log_fn log, void *log_user,
                            hw_scenario **sc, hw_md_deck **deck, char *msg, size_t msg_len);
void hw_md_free(hw_md_deck *deck); /* NULL-safe */

/* A scenario file of either kind: a MoorDyn deck when hw_md_is_deck(), else YAML (then *deck is
 * NULL). */
hw_status hw_md_load_any(const char *path, hw_log_fn log, void *log_user, hw_scenario **sc,
                         hw_md_deck **deck, char *msg, size_t msg_len);
/* The same with overrides "KEY.PATH=VALUE" (hw_scenario_load_with) for a YAML scenario; a deck
 * with overrides is refused (HW_ERR_INPUT: convert it first). */
hw_status hw_md_load_any_with(const char *path, const char *const *overrides, int n_overrides,
                              hw_log_fn log, void *log_user, hw_scenario **sc, hw_md_deck **deck,
                              char *msg, size_t msg_len);

/* The equivalent YAML scenario text of a deck (what `hawser convert` writes), malloc'ed; the
 * deck's OUTPUTS channels, which the YAML format cannot hold, are listed in a comment. */
hw_status hw_md_to_yaml(const char *path, hw_log_fn log, void *log_user, char **yaml, char *msg,
                        size_t msg_len);

#endif
