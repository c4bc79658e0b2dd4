/* The `environment.waves` mapping of a scenario file (docs/scenario.md, "Waves") -> hw_waves_def:
 * regular waves, JONSWAP and Pierson-Moskowitz spectra, a spectrum table, a measured elevation
 * record (a CSV file beside the scenario, or inline) and given components. */
#ifndef HW_HOST_SCENARIO_WAVES_H
#define HW_HOST_SCENARIO_WAVES_H

#include "hawser/hawser.h"
#include "io/yaml_reader.h"

/* Largest discretisation a scenario may ask for (docs/scenario.md, Limits): frequencies per
 * direction and directions of a spread sea. */
#define HW_WAVES_MAX_FREQUENCIES 100000
#define HW_WAVES_MAX_DIRECTIONS 1001

/* The `waves` key of the environment mapping env, if present, into *w (left as it is when
 * absent). Arrays (the spectrum table, the record, the components) come from hw_yr_alloc. A file
 * is read relative to the folder of env->y->file; its errors name its own file and line. Key
 * lines are recorded as (HW_SEC_ENVIRONMENT, -1, "waves") and "waves.KEY". Returns 1 when there
 * are waves, 0 when not, -1 after failing. */
int hw_scn_parse_waves(hw_yr_map *env, hw_waves_def *w);

/* Checks that a built sea (hw_waves_create) can be made from env (called once by the scenario
 * loader after the whole environment is read). On failure the reader fails at `line` (the waves
 * key) with hw_waves_create's reason and status (HW_ERR_UNSUPPORTED where a form is not built). */
void hw_scn_check_waves(hw_yr *y, const hw_env_def *env, int line);

#endif
