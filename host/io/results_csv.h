/* Reading back the CSV files a run wrote (host/io/output.c): a header row of column names and rows of
 * numbers, all held in memory (the plot and report commands). */
#ifndef HW_HOST_RESULTS_CSV_H
#define HW_HOST_RESULTS_CSV_H

#include <stddef.h>

#include "hawser/hawser.h"

typedef struct hw_csv {
    int cols;
    long rows;     /* complete rows (a partial last row of a killed run is dropped) */
    char **names;  /* column names */
    double *v;     /* rows * cols values, row after row */
} hw_csv;

/* Loads path. HW_ERR_IO when it cannot be read (msg says so), HW_ERR_INPUT when a row is not
 * numbers or has the wrong number of fields (msg: FILE:LINE: what). */
hw_status hw_csv_read(const char *path, hw_csv *c, char *msg, size_t msg_len);
void hw_csv_free(hw_csv *c);
/* Index of the column named name, or -1. */
int hw_csv_col(const hw_csv *c, const char *name);
/* lines.csv (io/output.c): the number of lines, 4 columns each after time_s; the winch columns
 * after them (<line>.winch_*, one group per winch line) are not counted. -1 when the columns are
 * not laid out so. */
int hw_csv_line_blocks(const hw_csv *c);
static inline double hw_csv_at(const hw_csv *c, long row, int col) { return c->v[row * c->cols + col]; }

#endif
