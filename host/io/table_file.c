/* Tables of numbers from text files beside a scenario (table_file.h). */
#include "io/table_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/files.h"

void hw_table_file_free(hw_table_file *t)
{
    if (!t) return;
    free(t->v);
    free(t->line);
    memset(t, 0, sizeof *t);
}

int hw_path_beside(const char *base, const char *name, char *buf, size_t len)
{
    if (!name) name = "";
    const char *slash = base ? strrchr(base, '/') : NULL;
    int w;
    if (name[0] == '/' || !slash) w = snprintf(buf, len, "%s", name);
    else w = snprintf(buf, len, "%.*s/%s", (int)(slash - base), base, name);
    return w < 0 || (size_t)w >= len ? -1 : 0;
}

/* The fields of one line (NUL-terminated, modified in place) into f[], at most maxf; the count. */
static int split(char *s, char **f, int maxf)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\r') s++;
        if (!*s) break;
        char *start = s;
        while (*s && *s != ',' && *s != ';' && *s != ' ' && *s != '\t' && *s != '\r') s++;
        char *end = s;
        while (*s == ' ' || *s == '\t' || *s == '\r') s++;
        if (*s == ',' || *s == ';') s++; /* one separator (a comma with spaces around it) */
        *end = '\0';
        if (n < maxf) f[n] = start;
        n++;
    }
    return n;
}

static int number(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return end != s && *end == '\0';
}

hw_status hw_table_file_read(const char *path, int min_cols, int max_cols, int min_rows,
                             const char *const *names, hw_table_file *t, char *msg, size_t len)
{
    memset(t, 0, sizeof *t);
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(msg, len, "%s: cannot read: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    long long size = 0;
    if (hw_input_too_big(fp, &size)) {
        fclose(fp);
        snprintf(msg, len, "%s:1: file size: expected at most %lld MiB, got %lld bytes", path, HW_INPUT_MAX_BYTES >> 20, size);
        return HW_ERR_INPUT;
    }
    hw_status st = HW_OK;
    char *buf = NULL;
    size_t cap = 0, n = 0;
    long long total = 0;
    int lineno = 0, rows_cap = 0, data = 0;
    char *fld[64];
    for (;;) { /* one line at a time, any length, the whole file at most HW_INPUT_MAX_BYTES */
        int ch;
        n = 0;
        while ((ch = fgetc(fp)) != EOF && ch != '\n') {
            if (n + 2 > cap) {
                size_t nc = cap ? 2 * cap : 1024;
                char *b = (char *)realloc(buf, nc);
                if (!b) { st = HW_ERR_NOMEM; goto done; }
                buf = b;
                cap = nc;
            }
            buf[n++] = (char)ch;
        }
        if (ch == EOF && n == 0) break;
        if (!buf) { buf = (char *)malloc(1024); cap = 1024; if (!buf) { st = HW_ERR_NOMEM; goto done; } }
        buf[n] = '\0';
        lineno++;
        total += (long long)n + 1;
        if (total > HW_INPUT_MAX_BYTES) { /* a pipe or device: stop at the limit */
            snprintf(msg, len, "%s:%d: file size: expected at most %lld MiB", path, lineno, HW_INPUT_MAX_BYTES >> 20);
            st = HW_ERR_INPUT;
            goto done;
        }
        char *s = buf;
        while (*s == ' ' || *s == '\t' || *s == '\r') s++;
        if (!*s || *s == '#') continue;
        int nf = split(s, fld, 64);
        double first;
        if (!data && !number(fld[0], &first)) { data = 1; continue; } /* a header row */
        data = 1;
        if (t->rows == 0) {
            if (nf < min_cols || nf > max_cols) {
                if (min_cols == max_cols)
                    snprintf(msg, len, "%s:%d: expected %d columns, got %d", path, lineno, min_cols, nf);
                else
                    snprintf(msg, len, "%s:%d: expected %d to %d columns, got %d", path, lineno, min_cols, max_cols, nf);
                st = HW_ERR_INPUT;
                goto done;
            }
            t->cols = nf;
        } else if (nf != t->cols) {
            snprintf(msg, len, "%s:%d: expected %d columns (as the first row, line %d), got %d", path, lineno, t->cols,
                     t->line[0], nf);
            st = HW_ERR_INPUT;
            goto done;
        }
        if (t->rows == rows_cap) {
            rows_cap = rows_cap ? 2 * rows_cap : 256;
            double *v = (double *)realloc(t->v, (size_t)rows_cap * t->cols * sizeof(double));
            if (v) t->v = v;
            int *l = (int *)realloc(t->line, (size_t)rows_cap * sizeof(int));
            if (l) t->line = l;
            if (!v || !l) { st = HW_ERR_NOMEM; goto done; }
        }
        for (int c = 0; c < nf; c++) {
            double x;
            if (!number(fld[c], &x) || !(x == x) || x - x != 0.0) {
                snprintf(msg, len, "%s:%d: column %d%s%s%s: expected a finite number, got '%.40s'", path, lineno, c + 1,
                         names ? " (" : "", names ? names[c] : "", names ? ")" : "", fld[c]);
                st = HW_ERR_INPUT;
                goto done;
            }
            t->v[(size_t)t->rows * t->cols + c] = x;
        }
        t->line[t->rows++] = lineno;
    }
    if (ferror(fp)) {
        snprintf(msg, len, "%s: cannot read: %s", path, strerror(errno));
        st = HW_ERR_IO;
    } else if (t->rows < min_rows) {
        snprintf(msg, len, "%s:%d: expected at least %d row%s of numbers, got %d", path, lineno > 0 ? lineno : 1,
                 min_rows, min_rows == 1 ? "" : "s", t->rows);
        st = HW_ERR_INPUT;
    }
done:
    if (st == HW_ERR_NOMEM) snprintf(msg, len, "%s: out of memory", path);
    free(buf);
    fclose(fp);
    if (st) hw_table_file_free(t);
    return st;
}
