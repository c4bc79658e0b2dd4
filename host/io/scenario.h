/* Scenario files (YAML): load into an hw_model_def plus the output requests of the CLI.
 * Every error names the file, the line, the field and what was expected. */
#ifndef HW_HOST_SCENARIO_H
#define HW_HOST_SCENARIO_H

#include "hawser/hawser.h"
#include "hawser/network.h"
#include "hawser/body.h"

typedef struct hw_output_ref {
    int line;   /* line index */
    int index;  /* node 0..nseg, or segment 1..nseg */
} hw_output_ref;

/* Result formats (bits of hw_scenario.out_formats); see docs/outputs.md. */
enum { HW_OUT_CSV = 1, HW_OUT_VTK = 2, HW_OUT_HDF5 = 4 };
/* The bit of a format name ("csv", "vtk", "hdf5"), or 0 when unknown. */
int hw_output_format_bit(const char *name);
/* A comma-separated list ("csv,vtk") into a bit mask; 0 and a message naming the bad item when
 * the list is empty or holds an unknown name. */
int hw_output_formats_parse(const char *list, char *msg, size_t msg_len);

/* The default of outputs.utilisation_warning: 1 / 1.67, API RP 2SK's intact-condition safety
 * factor for a dynamic analysis (docs/scenario.md). */
#define HW_UTIL_WARNING_DEFAULT 0.6

/* outputs.surface_grid: the free surface drawn in the ParaView frames (and results.h5) on nx x ny
 * points, x from x0 to x1 and y from y0 to y1 (m, evenly spaced); nx = 0: none. */
typedef struct hw_surface_grid {
    double x0, x1, y0, y1;
    int nx, ny;
} hw_surface_grid;

typedef struct hw_scenario {
    hw_model_def model;       /* all arrays owned by the scenario */
    double out_interval;      /* s; 0 = every step. Default 0.1 */
    int n_out_nodes;
    hw_output_ref *out_nodes; /* node positions to record */
    int n_out_segments;
    hw_output_ref *out_segments; /* segment tensions to record */
    hw_net_def *network;      /* the `network:` section (docs/network.md), or NULL; owned */
    int n_couplings;          /* the `couplings:` section (host/world/coupling.h) */
    struct hw_coupling_def *couplings;
    int has_ensemble;         /* an `ensemble:` section (host/run/ensemble.h) */
    int ens_zip;              /* its lists go together (1) or make a grid (0) */
    int ens_n[3];             /* values of current_scale, motion_amplitude_scale, motion_period */
    const double *ens_v[3];
    struct hw_scn_rigid *rigid; /* the `rigid_cables:` section (scenario_rigid.h), or NULL; owned */
    int n_bodies;             /* the `bodies:` section (include/hawser/body.h); owned */
    hw_body_def *bodies;
    int n_body_points;        /* points of `model` that ride on a body (points[].body); owned */
    hw_body_attach *body_points;
    const char *warnings;     /* what loads but looks wrong (a body nothing is attached to): one
                                 "FILE:LINE: FIELD: ..." line each, '\n'-separated; NULL when none;
                                 owned. hw_md_load_any() passes them to its log at level 1 */
    int out_formats;          /* HW_OUT_* bits. Default HW_OUT_CSV */
    double vtk_interval;      /* s between ParaView frames; 0 = every output row. Default 0 */
    double util_warning;      /* outputs.utilisation_warning: warn above this max tension / mbl */
    int n_wave_points;        /* outputs.wave_points: surface elevation at these (x, y) (waves.csv) */
    double *wave_points;      /* 2 n_wave_points: x y, m; owned */
    int n_wave_nodes;         /* outputs.wave_nodes: fluid kinematics at these lumped nodes */
    hw_output_ref *wave_nodes; /* (wave_kinematics.csv); owned */
    hw_surface_grid surface_grid; /* outputs.surface_grid (nx = 0: none) */
    char *path;               /* the file it came from */
    void *priv;               /* loader-private: source lines of each field, owned strings */
} hw_scenario;

/* Loads and validates (syntax, types, unknown keys, references, and hw_model_check()'s semantic
 * rules mapped back to the line of the offending field). On failure returns HW_ERR_INPUT (or
 * HW_ERR_IO when the file cannot be read), *out is NULL and msg holds one line:
 *   "FILE:LINE: FIELD: expected ..., got ..." */
hw_status hw_scenario_load(const char *path, hw_scenario **out, char *msg, size_t msg_len);
/* The same from a string (name is used in messages). */
hw_status hw_scenario_load_string(const char *text, const char *name, hw_scenario **out,
                                  char *msg, size_t msg_len);
/* hw_scenario_load (text NULL: read path) or hw_scenario_load_string (text, path its name), with
 * overrides applied to the YAML document before it is read: each "KEY.PATH=VALUE" (a list item
 * by index "lines[0]" or by its name "lines.mooring"; VALUE is YAML). Used by sweeps (`hawser
 * sweep`) and the C API (hw_world_load_opts.overrides). An override's error names it:
 * "FILE: override 'KEY=VALUE': ...", and an error in an overridden value names the override. */
hw_status hw_scenario_load_with(const char *path, const char *text, const char *const *overrides,
                                int n_overrides, hw_scenario **out, char *msg, size_t msg_len);
/* Re-runs hw_model_check() (e.g. after command-line overrides of dt or t_end) and formats a
 * failure with the file and line of the field. */
hw_status hw_scenario_check(const hw_scenario *sc, char *msg, size_t msg_len);
void hw_scenario_free(hw_scenario *sc); /* NULL-safe */

#endif
