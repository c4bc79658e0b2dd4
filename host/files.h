/* Small file helpers the result writers share. */
#ifndef HW_HOST_FILES_H
#define HW_HOST_FILES_H

#include <stdio.h>

/* Creates a directory and its parents (like mkdir -p). Returns 0, or -1 with errno set. */
int hw_mkdir_p(const char *path);
/* Writes s as a JSON string literal (quotes, escapes); NULL writes "". */
void hw_json_string(FILE *f, const char *s);
/* Closes f (NULL-safe) and returns 0 when everything written to it reached the file, else the
 * errno of the failure (the failed write's, or fclose's; EIO when none was recorded). */
int hw_fclose_checked(FILE *f);

#endif
