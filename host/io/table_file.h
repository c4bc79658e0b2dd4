/* A table of numbers from a text file beside a scenario (a body's motion time series, an RAO
 * table; docs/scenario.md "Bodies"): rows of numbers separated by commas, semicolons, tabs or
 * spaces; blank lines and lines whose first character is '#' are skipped; the first other line
 * may be a header of column names (it is skipped when its first field is not a number). Every row
 * has the first row's number of columns. Bounded: a file larger than HW_INPUT_MAX_BYTES (64 MiB)
 * is refused before it is read. Every error names the file and its line:
 * "PATH:LINE: column C (NAME): expected a number, got 'abc'". */
#ifndef HW_HOST_TABLE_FILE_H
#define HW_HOST_TABLE_FILE_H

#include <stddef.h>

#include "hawser/hawser.h"

typedef struct hw_table_file {
    int cols, rows;
    double *v;        /* rows * cols, row after row */
    int *line;        /* the file line of each row (1-based) */
} hw_table_file;

/* Reads path: between min_cols and max_cols columns, at least min_rows rows. names (or NULL):
 * the column names for messages (max_cols of them). HW_OK, HW_ERR_IO (cannot be read: msg
 * "PATH: cannot read: REASON"), HW_ERR_INPUT (msg "PATH:LINE: ...") or HW_ERR_NOMEM; t is
 * empty on failure. */
hw_status hw_table_file_read(const char *path, int min_cols, int max_cols, int min_rows,
                             const char *const *names, hw_table_file *t, char *msg, size_t msg_len);
void hw_table_file_free(hw_table_file *t);

/* name as seen from the directory of base (a scenario's path): "DIR/name", or name itself when it
 * is absolute or base has no directory part. 0, or -1 when it does not fit in buf. */
int hw_path_beside(const char *base, const char *name, char *buf, size_t len);

#endif
