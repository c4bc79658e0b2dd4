/* The CLI's `hawser plot DIR [--times T1,T2,...]` and `hawser report DIR`: their arguments, then
 * io/plot.c or io/report.c. */
#include "cli/plot_report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/plot.h"
#include "io/report.h"

hw_status hw_cli_plot_or_report(int argc, char **argv, char *msg, size_t msg_len)
{
    int report = !strcmp(argv[0], "report");
    const char *dir = NULL;
    double times[16];
    int nt = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!report && !strcmp(a, "--times") && i + 1 < argc) {
            const char *p = argv[++i];
            for (;;) {
                char *end;
                errno = 0;
                double t = strtod(p, &end);
                if (end == p || errno || !isfinite(t) || (*end != ',' && *end != 0) || nt == 16) {
                    snprintf(msg, msg_len, "--times: expected up to 16 comma-separated times in s, got '%s'", argv[i]);
                    return HW_ERR_INVALID_ARG;
                }
                times[nt++] = t;
                if (!*end) break;
                p = end + 1;
            }
        } else if (a[0] == '-') {
            snprintf(msg, msg_len, "%s: unknown or incomplete option '%s' (see --help)", argv[0], a);
            return HW_ERR_INVALID_ARG;
        } else if (!dir) {
            dir = a;
        } else {
            snprintf(msg, msg_len, "%s takes one result directory, got '%s' too", argv[0], a);
            return HW_ERR_INVALID_ARG;
        }
    }
    if (!dir) {
        snprintf(msg, msg_len, "%s: no result directory given (the -o DIR of hawser run)", argv[0]);
        return HW_ERR_INVALID_ARG;
    }
    return report ? hw_report_write(dir, msg, msg_len) : hw_plot_results(dir, times, nt, msg, msg_len);
}
