/* Tables of numbers from text files beside a scenario or a MoorDyn deck: a body's motion time
 * series and an RAO table (docs/scenario.md "Bodies"), a measured wave record (environment.waves
 * type elevation; MoorDyn's wave_elevation.txt), MoorDyn's wave_frequencies.txt and
 * current_profile.txt (docs/moordyn.md). The one reader of such files: rows of numbers separated
 * by commas, semicolons, tabs or spaces (one comma or semicolon between two fields, with blanks
 * around it or not); blank lines and lines whose first character is '#' are skipped; lines of any
 * length. Bounded: only a regular file is read (a directory, FIFO or device is refused), and one
 * larger than HW_INPUT_MAX_BYTES (64 MiB) is refused before it is read. Every error is one line
 * naming the file and its own line, and the column where there is one:
 * "PATH:LINE: column C (NAME): expected a finite number, got 'abc'". */
#ifndef HW_HOST_TABLE_FILE_H
#define HW_HOST_TABLE_FILE_H

#include <stddef.h>

#include "hawser/hawser.h"

/* The most columns a table may have. */
#define HW_TABLE_MAX_COLS 64

typedef struct hw_table_spec {
    int min_cols, max_cols;   /* columns of a row (max_cols <= HW_TABLE_MAX_COLS) */
    int extra_cols;           /* 1: columns after max_cols are ignored unread (MoorDyn); 0: refused */
    int ragged;               /* 1: each row may have min_cols to max_cols columns (missing ones read 0);
                                 0: every row has the first row's number of columns */
    int min_rows;             /* at least this many rows of numbers */
    int skip_lines;           /* the first skip_lines lines are skipped unread (MoorDyn's headers) */
    int header;               /* 1: the first row may be a header of names (skipped when its first
                                 field is not a number) */
    int increasing;           /* 1: the first column increases strictly from row to row */
    const char *const *names; /* the column names for messages (max_cols of them), or NULL */
    const char *cols_what;    /* the columns in words for the column-count message ("t, eta"), or NULL */
    const char *rows_what;    /* the rows in words for the row-count message (NULL: "rows of numbers") */
} hw_table_spec;

typedef struct hw_table_file {
    int cols, rows;   /* cols: the stride of v (the first row's count, or max_cols when ragged or
                         extra_cols) */
    double *v;        /* rows * cols, row after row */
    int *line;        /* the file line of each row (1-based) */
} hw_table_file;

/* Reads path as s says. HW_OK, HW_ERR_IO (cannot be opened or read: msg "PATH: cannot open:
 * REASON" or "PATH: cannot read: REASON"), HW_ERR_INPUT (msg "PATH:LINE: ..." or "PATH: expected
 * a regular file, got a directory") or HW_ERR_NOMEM; t is empty on failure. */
hw_status hw_table_read(const char *path, const hw_table_spec *s, hw_table_file *t, char *msg, size_t msg_len);
void hw_table_file_free(hw_table_file *t);

/* A measured wave record (environment.waves type elevation, MoorDyn's wave_elevation.txt):
 * hw_table_read with 2 columns t (s), eta (m) (extra_cols: more are ignored), times increasing
 * strictly, at least min_samples (>= 2) rows, and when equal_spacing the times equally spaced
 * (within 1e-4 of the first step). Same statuses and messages as hw_table_read. */
hw_status hw_table_read_record(const char *path, int extra_cols, int equal_spacing, int min_samples,
                               hw_table_file *t, char *msg, size_t msg_len);

/* The record rule of equal spacing: times t[0], t[stride], ... (n of them) within 1e-4 of a step
 * dt = t[stride] - t[0] of t[0] + k dt. The first sample k off the rule (*dt and *want, the time it
 * should have, set), or -1 when all are on it. Also used for a record given inline in YAML. */
int hw_record_off_spacing(const double *t, int stride, int n, double *dt, double *want);

/* name as seen from the directory of base (a scenario's path): "DIR/name", or name itself when it
 * is absolute or base has no directory part. 0, or -1 when it does not fit in buf. */
int hw_path_beside(const char *base, const char *name, char *buf, size_t len);

#endif
