/* The entry points of the fuzz targets (tests/fuzz/fuzz_*.c, built with -DHAWSER_FUZZ=ON and clang's
 * libFuzzer) and of the regression suite tests/test_fuzz_regress.c (built by gcc in the normal
 * build), so a crashing input found by a fuzzer is replayed through exactly the same code.
 *
 * Each takes arbitrary bytes (not NUL-terminated; copied and cut at the first NUL), returns the
 * status of what it exercised and leaves the message of a failure in msg. None may crash, leak,
 * hang or trip a sanitizer on any input: that is what the fuzzers look for. */
#ifndef HW_FUZZ_ENTRY_H
#define HW_FUZZ_ENTRY_H

#include <stddef.h>
#include <stdint.h>

#include "hawser/hawser.h"

/* The name the inputs are loaded under: every loader error must begin with "fuzz-input:". */
#define HW_FUZZ_NAME "fuzz-input"

/* Size caps of hw_fuzz_run, so that one execution stays in the milliseconds: a model beyond
 * them is loaded and checked but not built (*skipped = 1). */
#define HW_FUZZ_MAX_SEGMENTS 100   /* segment slots of all lumped lines (hw_line_max_segments) */
#define HW_FUZZ_MAX_LINES 16
#define HW_FUZZ_MAX_POINTS 64
#define HW_FUZZ_MAX_STATIC_ITER 8  /* static_max_iterations is lowered to this */
#define HW_FUZZ_MAX_RIGID_CABLES 8
#define HW_FUZZ_MAX_RIGID_ELEMENTS 128 /* per cable, a reel winch's longest pay-out included */
#define HW_FUZZ_MAX_NET_ITEMS 64   /* network nodes + rotational nodes + elements */
#define HW_FUZZ_MAX_STEPS 16       /* time steps (t_end is lowered to this many steps) */
#define HW_FUZZ_MAX_CASES 8        /* ensemble load cases (a grid the library refuses is still tried) */

/* (a) the YAML scenario loader: hw_scenario_load_string, then hw_scenario_check. */
hw_status hw_fuzz_scenario(const uint8_t *data, size_t size, char *msg, size_t msg_len);
/* (b) the MoorDyn deck reader: hw_md_load_string, then hw_scenario_check. */
hw_status hw_fuzz_deck(const uint8_t *data, size_t size, char *msg, size_t msg_len);
/* (c) load (a deck when a line starts with "--" and is not a YAML "---" document marker, else
 * YAML), check, and within the caps above build and step: a lumped model with hw_sim_create
 * (static solve as the input says) and its network, couplings, rigid cables, ensemble and CSV/VTK
 * outputs as `hawser run` drives them; a scenario without lumped lines as `hawser run` steps it
 * (its runners, and a world for the bodies rigid cables hold). Files go to workdir (an existing directory; its
 * contents are overwritten). */
hw_status hw_fuzz_run(const uint8_t *data, size_t size, const char *workdir, int *skipped, char *msg,
                      size_t msg_len);

#endif
