/* A line's `failure:` mapping of a scenario file (docs/scenario.md) -> hw_failure_def. */
#ifndef HW_HOST_SCENARIO_FAILURE_H
#define HW_HOST_SCENARIO_FAILURE_H

#include "hawser/hawser.h"
#include "io/yaml_reader.h"

/* The `failure` key of the line mapping m, if present, into *f: tension (a number of N, or
 * mbl), time (s) and at (any, a, b, or a segment number). Key lines are recorded as "failure"
 * and "failure.KEY", the field names of hw_model_check's failure checks. Returns 1 when there is
 * a rule, 0 when not, -1 after failing. */
int hw_scn_parse_failure(hw_yr_map *m, hw_failure_def *f);

#endif
