/* A `winch:` mapping of a scenario file (docs/scenario.md) -> hw_winch_def: the one parser of the
 * lumped lines' winches (scenario.c) and the rigid cables' reel winches (scenario_rigid.c), so
 * that both take the same keys with the same meanings, defaults and messages. */
#ifndef HW_HOST_SCENARIO_WINCH_H
#define HW_HOST_SCENARIO_WINCH_H

#include "hawser/hawser.h"
#include "io/yaml_reader.h"

/* The `winch` key of the item mapping m, if present, into *w (left as it is when absent): end a
 * or b (required; none is an error at the `winch` key), mode and the numbers, speed_table and
 * torque_table (arrays from hw_yr_alloc). Key lines are recorded as "winch", "winch.KEY" and
 * "winch.speed_table[k]", the field names of the winch checks. Returns 1 when there is a winch, 0
 * when not, -1 after failing. */
int hw_scn_parse_winch(hw_yr_map *m, hw_winch_def *w);

#endif
