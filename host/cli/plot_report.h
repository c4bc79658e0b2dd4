/* The CLI's `hawser plot` and `hawser report` commands (plot_report.c). */
#ifndef HW_HOST_CLI_PLOT_REPORT_H
#define HW_HOST_CLI_PLOT_REPORT_H

#include "hawser/hawser.h"

/* The two commands: argv[0] is "plot" or "report". HW_ERR_INVALID_ARG for a usage error. On
 * success msg is what to print. */
hw_status hw_cli_plot_or_report(int argc, char **argv, char *msg, size_t msg_len);

#endif
