/* A prescribed body's motion read from files beside the scenario (docs/scenario.md "Bodies"):
 * a time series (motion: {type: table, file: F}) and an RAO table (motion: {type: rao, rao:
 * {file: F, ...}}). The file's path is relative to the scenario file's directory; an error names
 * the scenario's file, line and key and then the table file's own file:line. */
#ifndef HW_HOST_SCENARIO_VESSEL_H
#define HW_HOST_SCENARIO_VESSEL_H

#include "hawser/body.h"
#include "io/yaml_reader.h"

/* motion.file (f: its field in the motion mapping mm): rows t x y z roll pitch yaw into b's
 * table (offsets from position and rotation, as the rows of motion.table); degrees: the three
 * angle columns are in degrees. Returns 0 or -1 (failed on mm's reader). */
int hw_scn_body_motion_file(hw_yr_map *mm, const hw_yr_fld *f, int degrees, hw_body_def *b);

/* motion.rao (f: its field): the mapping {file, frequency, headings, phases, rotations,
 * phase_convention} and its table into b's rao_* arrays, converted to Hawser's convention
 * (include/hawser/body.h: rad/s, rad, m/m and rad/m, phase lead in rad). Returns 0 or -1. */
int hw_scn_body_rao(hw_yr_map *mm, const hw_yr_fld *f, hw_body_def *b);

#endif
