/* See files.h. */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include "files.h"

int hw_mkdir_p(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(tmp, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

int hw_input_too_big(FILE *f, long long *size)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    *size = (long long)st.st_size;
    return *size > HW_INPUT_MAX_BYTES;
}

int hw_fclose_checked(FILE *f)
{
    if (!f) return 0;
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    errno = 0;
    if (fclose(f) != 0 && !err) err = errno ? errno : EIO;
    return err;
}

void hw_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}
