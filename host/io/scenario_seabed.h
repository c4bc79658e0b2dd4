/* environment.seabed.bathymetry (docs/scenario.md "Environment"): a seabed that is not flat, as a
 * grid file in MoorDyn's SeafloorFile format beside the scenario ({file: NAME}, bathymetry_file.h)
 * or inline ({x: [...], y: [...], depth: [[...], ...]}: one row of nx depths per y value, depths
 * positive down as environment.depth). Errors name the scenario's line and field (and then the
 * grid file's own file:line). */
#ifndef HW_HOST_SCENARIO_SEABED_H
#define HW_HOST_SCENARIO_SEABED_H

#include "io/yaml_reader.h"

/* f: the bathymetry field of the seabed mapping m; fills b (arrays on m's reader's blocks).
 * Returns 0 or -1 (failed on m's reader). */
int hw_scn_parse_bathymetry(hw_yr_map *m, const hw_yr_fld *f, hw_bathymetry_def *b);

#endif
