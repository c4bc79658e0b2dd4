/* Formatted messages to a run's log callback, for every host layer that logs. */
#include "model/log.h"

#include <stdarg.h>
#include <stdio.h>

void hw_logf(hw_log_fn log, void *user, int level, const char *fmt, ...)
{
    if (!log) return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    log(user, level, buf);
}
