/* Result files of a run, written incrementally (one flushed row per output time) so a run that
 * stops early leaves every file valid up to its last row. */
#ifndef HW_HOST_OUTPUT_H
#define HW_HOST_OUTPUT_H

#include <stdio.h>

#include "hawser/hawser.h"
#include "io/output_src.h"
#include "io/run_stats.h"
#include "io/scenario.h"

typedef struct hw_line_stats {
    double max_tension;  /* largest segment tension, N, over every step (hw_outputs_take_extremes) */
    double max_time;     /* when */
    int max_segment;     /* which segment (1..nseg) */
    hw_run_stats end_a, end_b; /* end-segment tension statistics TA / TB, every step */
    int every_step;      /* 1 once hw_outputs_take_extremes filled the values (0: no sample) */
    double min_tension, min_time; int min_segment; /* smallest segment tension, N */
    double max_strain; int max_strain_segment;     /* largest segment strain */
} hw_line_stats;

typedef struct hw_outputs {
    FILE *lines, *points, *nodes, *segments;
    FILE *waves, *wave_kin;   /* waves.csv, wave_kinematics.csv (outputs.wave_points, wave_nodes) */
    hw_run_stats *wave_stats; /* per wave point: its elevation over the output rows (the summary) */
    const hw_scenario *sc;
    hw_line_stats *stats;
    double *buf;       /* scratch: positions / tensions of the longest line */
    struct hw_vtk_out *vtk; /* ParaView frames (output_vtk.c) when selected */
    struct hw_h5_out *h5;   /* HDF5 file (output_hdf5.c) when selected */
    int rows;
    int failed;        /* a write failed (and was reported): closing reports nothing more */
    char dir[4096];
    hw_out_src src;    /* the families the rows are read from (hw_outputs_attach, hw_outputs_write) */
} hw_outputs;

/* Creates dir (and parents) and opens the files of the formats in sc->out_formats (CSV: with
 * their header rows). One pipeline for every family: lines.csv / points.csv (and nodes.csv,
 * segments.csv) when the scenario has lumped lines; ParaView frames with the lumped lines', the
 * rigid cables' and the bodies' parts; results.h5 with a group per family (/lines.., /rigid,
 * /network, /bodies).
 * rigid.csv and network.csv are the runners' (rigid_run.h, network_run.h). No ParaView files
 * for a scenario whose only family is a 1-D network (hw_vtk_network_note). */
hw_status hw_outputs_open(hw_outputs *o, const char *dir, const hw_scenario *sc, char *msg,
                          size_t msg_len);
/* The rigid cables and the 1-D network the rows also read (NULL: none); before the first write. */
void hw_outputs_attach(hw_outputs *o, const hw_rc *rc, const hw_net *net);
/* The 6-DOF bodies the rows also read (NULL: none given; io/output_src.h): the caller keeps
 * *bodies and fills it before every hw_outputs_write. */
void hw_outputs_attach_bodies(hw_outputs *o, const hw_out_bodies *bodies);
/* The sea state the wave outputs read (outputs.wave_points, wave_nodes, surface_grid; the world's,
 * hw_world_waves): before the first write. NULL: still water (eta 0, no fluid motion). */
void hw_outputs_attach_waves(hw_outputs *o, const hw_waves *waves);
/* Appends one row per file for the current time: sim's (the lumped lines; NULL in a run without
 * them: then the rigid cables', else the network's). */
hw_status hw_outputs_write(hw_outputs *o, const hw_sim *sim, char *msg, size_t msg_len);
/* Closes every result file (CSV, run.pvd, results.h5), each once whatever happens, and reports
 * the first that could not be written to the end (HW_ERR_IO, msg naming the file and the reason).
 * The statistics stay readable until hw_outputs_close(). */
hw_status hw_outputs_finish(hw_outputs *o, char *msg, size_t msg_len);
/* Fills the per-line statistics with the simulation's every-step extremes and end-tension
 * statistics (hw_sim_line_extremes; the output rows gather none): call it once, after the run. */
hw_status hw_outputs_take_extremes(hw_outputs *o, const hw_sim *sim);
/* The summary's ,"waves":{...} (docs/outputs.md "summary.json"): the sea's component count and per
 * wave point its elevation statistics over the output rows; nothing in still water without wave
 * points (w: the run's sea state, NULL for none). */
void hw_outputs_waves_json(FILE *f, const hw_outputs *o, const hw_waves *w);
/* hw_outputs_finish() if not done, then frees everything. */
void hw_outputs_close(hw_outputs *o);

#endif
