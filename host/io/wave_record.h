/* A measured wave elevation record: a text table of time (s) and elevation (m), one sample a
 * line, read with the input limits of the scenario files (docs/scenario.md, "Limits"). Used by the
 * YAML loader (environment.waves, type elevation: a CSV file) and by the MoorDyn deck reader
 * (WaveKin 3: wave_elevation.txt). Errors name the record's own file and line. */
#ifndef HW_HOST_WAVE_RECORD_H
#define HW_HOST_WAVE_RECORD_H

#include <stddef.h>

#include "hawser/hawser.h"
#include "io/table_file.h" /* hw_path_beside */

/* The longest line of a record (characters); a longer one is refused, naming its line. */
#define HW_WAVE_RECORD_MAX_LINE 4096

typedef struct hw_wave_record_opts {
    int equal_spacing;  /* 1: the times must be equally spaced (within 1e-4 of a step) */
    int extra_columns;  /* 1: columns after the second are ignored (MoorDyn); 0: refused */
    int min_samples;    /* at least this many rows of data (>= 2) */
} hw_wave_record_opts;

/* Reads path (a regular file: a directory, FIFO or device is refused): rows "t, eta" (separated by commas, semicolons, blanks or tabs); blank lines and
 * lines starting with '#' are skipped; the first other line may be a header (it is one when its
 * first field is not a number). Times strictly increase. On success *t and *eta are malloc'ed
 * arrays of *n values (the caller frees both) and *first_line is the line of the first sample.
 * On failure: HW_ERR_IO (cannot open or read), HW_ERR_INPUT (content), HW_ERR_NOMEM, and err holds
 * one line "PATH:LINE: FIELD: expected ..., got ..." (PATH: "cannot open: ..." for I/O). */
hw_status hw_wave_record_read(const char *path, const hw_wave_record_opts *o, double **t, double **eta,
                              int *n, int *first_line, char *err, size_t err_len);

#endif
