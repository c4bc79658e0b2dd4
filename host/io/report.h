/* `hawser report`: DIR/report.md of a run, read back from its result directory (report.c). */
#ifndef HW_HOST_REPORT_H
#define HW_HOST_REPORT_H

#include <stddef.h>

#include "hawser/hawser.h"

/* Writes DIR/report.md (plots made first when gnuplot is there; the report says when not). */
hw_status hw_report_write(const char *dir, char *msg, size_t msg_len);

#endif
