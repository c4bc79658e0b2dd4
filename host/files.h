/* Small file helpers the result writers share. */
#ifndef HW_HOST_FILES_H
#define HW_HOST_FILES_H

#include <stdio.h>

/* Creates a directory and its parents (like mkdir -p). Returns 0, or -1 with errno set. */
int hw_mkdir_p(const char *path);
/* Writes s as a JSON string literal (quotes, escapes); NULL writes "". */
void hw_json_string(FILE *f, const char *s);

#endif
