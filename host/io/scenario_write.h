/* Writes a scenario back out as a YAML scenario file (docs/scenario.md) that hw_scenario_load()
 * reads into the same hw_model_def: every field is written explicitly (defaults included) and
 * every number with enough significant digits (15 to 17) that doubles survive the round trip bit
 * for bit. */
#ifndef HW_HOST_SCENARIO_WRITE_H
#define HW_HOST_SCENARIO_WRITE_H

#include <stdio.h>

#include "io/scenario.h"

/* comment: optional text written first as '#' comment lines (may hold several lines). Returns
 * HW_OK, HW_ERR_INVALID_ARG (NULL scenario or file) or HW_ERR_IO (a write failed). */
hw_status hw_scenario_write_yaml(const hw_scenario *sc, FILE *f, const char *comment);

#endif
