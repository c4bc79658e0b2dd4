/* A small reader for the result CSVs: comma-separated, no quoting (names never hold commas),
 * numbers in C locale. */
#include "io/results_csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hw_csv_free(hw_csv *c)
{
    if (!c) return;
    for (int i = 0; c->names && i < c->cols; i++) free(c->names[i]);
    free(c->names);
    free(c->v);
    memset(c, 0, sizeof *c);
}

int hw_csv_col(const hw_csv *c, const char *name)
{
    for (int i = 0; i < c->cols; i++)
        if (!strcmp(c->names[i], name)) return i;
    return -1;
}

/* One line (any length) into *buf; returns its length, -1 at EOF. *complete: ended by '\n'. */
static long read_line(FILE *f, char **buf, size_t *cap, int *complete)
{
    size_t n = 0;
    int ch;
    *complete = 0;
    while ((ch = fgetc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t nc = *cap ? 2 * *cap : 4096;
            char *b = (char *)realloc(*buf, nc);
            if (!b) return -2;
            *buf = b;
            *cap = nc;
        }
        if (ch == '\n') { *complete = 1; break; }
        (*buf)[n++] = (char)ch;
    }
    if (ch == EOF && n == 0) return -1;
    (*buf)[n] = 0;
    return (long)n;
}

hw_status hw_csv_read(const char *path, hw_csv *c, char *msg, size_t msg_len)
{
    memset(c, 0, sizeof *c);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, msg_len, "%s: cannot read: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    char *line = NULL;
    size_t cap = 0;
    int complete;
    hw_status st = HW_OK;
    long len = read_line(f, &line, &cap, &complete);
    if (len < 0 || !complete) {
        snprintf(msg, msg_len, "%s:1: expected a header row of column names, got %s", path,
                 len == -2 ? "out of memory" : "nothing");
        st = len == -2 ? HW_ERR_NOMEM : HW_ERR_INPUT;
        goto done;
    }
    c->cols = 1;
    for (char *p = line; *p; p++) c->cols += *p == ',';
    c->names = (char **)calloc((size_t)c->cols, sizeof(char *));
    if (!c->names) { st = HW_ERR_NOMEM; goto done; }
    {
        char *save = line;
        for (int i = 0; i < c->cols; i++) {
            char *e = strchr(save, ',');
            if (e) *e = 0;
            c->names[i] = strdup(save);
            if (!c->names[i]) { st = HW_ERR_NOMEM; goto done; }
            save = e ? e + 1 : save + strlen(save);
        }
    }
    long cap_rows = 0;
    for (long lineno = 2;; lineno++) {
        len = read_line(f, &line, &cap, &complete);
        if (len == -2) { st = HW_ERR_NOMEM; goto done; }
        if (len < 0 || !complete) break; /* EOF, or the partial last row of a killed run */
        if (c->rows == cap_rows) {
            cap_rows = cap_rows ? 2 * cap_rows : 256;
            double *v = (double *)realloc(c->v, sizeof(double) * (size_t)cap_rows * (size_t)c->cols);
            if (!v) { st = HW_ERR_NOMEM; goto done; }
            c->v = v;
        }
        double *row = c->v + c->rows * c->cols;
        char *p = line;
        for (int i = 0; i < c->cols; i++) {
            char *end;
            errno = 0;
            row[i] = strtod(p, &end);
            if (end == p || (*end != ',' && *end != 0) || (*end == 0) != (i == c->cols - 1)) {
                snprintf(msg, msg_len, "%s:%ld: column %d (%s): expected a number and %d columns in all, got '%.40s'",
                         path, lineno, i + 1, c->names[i], c->cols, p);
                st = HW_ERR_INPUT;
                goto done;
            }
            p = end + (*end == ',');
        }
        c->rows++;
    }
done:
    free(line);
    fclose(f);
    if (st) {
        if (st == HW_ERR_NOMEM) snprintf(msg, msg_len, "%s: out of memory", path);
        hw_csv_free(c);
    }
    return st;
}

int hw_csv_line_blocks(const hw_csv *c)
{
    int nw = 0;
    while (nw < c->cols - 1 && strstr(c->names[c->cols - 1 - nw], ".winch_")) nw++;
    int rest = c->cols - 1 - nw;
    return rest >= 0 && rest % 4 == 0 ? rest / 4 : -1;
}
