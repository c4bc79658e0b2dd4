/* Plots and the report of a finished (or stopped) run, read back from its result directory:
 *   hawser plot DIR [--times T1,T2,...]   PNGs in DIR/plots/ drawn by gnuplot (a subprocess)
 *   hawser report DIR                     DIR/report.md with the run facts, statistics, plots
 * The gnuplot program is "gnuplot" on PATH, or $HAWSER_GNUPLOT when set. The report: report.h;
 * the two commands' arguments: cli/plot_report.c. */
#ifndef HW_HOST_PLOT_H
#define HW_HOST_PLOT_H

#include <stddef.h>

#include "hawser/hawser.h"

/* Renders the plots. times: cable shapes at these times (n_times 0: first, middle and last row).
 * On success msg lists the files written (and the plots skipped, with why). HW_ERR_UNSUPPORTED:
 * gnuplot missing; HW_ERR_IO: DIR/lines.csv unreadable or gnuplot failed; HW_ERR_INPUT: a
 * malformed CSV. */
hw_status hw_plot_results(const char *dir, const double *times, int n_times, char *msg, size_t msg_len);

/* The gnuplot program into path: $HAWSER_GNUPLOT, else "gnuplot" searched on PATH. 0 when found
 * (executable), -1 otherwise (path then holds what was looked for). */
int hw_find_gnuplot(char *path, size_t len);

#endif
