/* Formatted messages to a run's log callback (log.c). */
#ifndef HW_HOST_LOG_H
#define HW_HOST_LOG_H

#include "hawser/hawser.h"

void hw_logf(hw_log_fn log, void *user, int level, const char *fmt, ...);

#endif
