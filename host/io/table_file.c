/* Tables of numbers from text files beside a scenario or a deck (table_file.h). */
#include "io/table_file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    *v = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*v);
}

/* " (NAME)" of column c (0-based) into buf, or "" without names. */
static const char *col_name(const hw_table_spec *s, int c, char *buf, size_t len)
{
    if (s->names && c < s->max_cols) snprintf(buf, len, " (%s)", s->names[c]);
    else buf[0] = '\0';
    return buf;
}

/* "row: expected N columns (WHAT)" into buf: the column counts s allows. */
static void cols_expected(const hw_table_spec *s, char *buf, size_t len)
{
    char what[400] = "";
    if (s->cols_what) snprintf(what, sizeof what, " (%.380s)", s->cols_what);
    else if (s->names) { /* " (t, x, y, ...)" */
        size_t k = 0;
        for (int c = 0; c < s->max_cols && k + 2 < sizeof what; c++)
            k += (size_t)snprintf(what + k, sizeof what - k, "%s%s", c ? ", " : " (", s->names[c]);
        if (k + 2 < sizeof what) snprintf(what + k, sizeof what - k, ")");
    }
    if (s->extra_cols) snprintf(buf, len, "%d or more columns%s", s->min_cols, what);
    else if (s->min_cols == s->max_cols) snprintf(buf, len, "%d columns%s", s->min_cols, what);
    else snprintf(buf, len, "%d %s %d columns%s", s->min_cols, s->max_cols == s->min_cols + 1 ? "or" : "to",
                  s->max_cols, what);
}

hw_status hw_table_read(const char *path, const hw_table_spec *s, hw_table_file *t, char *msg, size_t len)
{
    memset(t, 0, sizeof *t);
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) { /* a directory, a FIFO (whose open would
                                                           wait for a writer), a device */
        snprintf(msg, len, "%s: expected a regular file, got %s", path,
                 S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO" : "a device or socket");
        return HW_ERR_INPUT;
    }
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        int e = errno;
        snprintf(msg, len, "%s: cannot open: %s", path, strerror(e));
        return e == ENOMEM ? HW_ERR_NOMEM : HW_ERR_IO;
    }
    long long size = 0;
    if (hw_input_too_big(fp, &size)) {
        fclose(fp);
        snprintf(msg, len, "%s:1: file size: expected at most %lld MiB (docs/scenario.md, Limits), got %lld bytes",
                 path, HW_INPUT_MAX_BYTES >> 20, size);
        return HW_ERR_INPUT;
    }
    hw_status st = HW_OK;
    char *buf = NULL, cn[200];
    size_t cap = 0, n = 0;
    long long total = 0;
    int lineno = 0, rows_cap = 0, data = !s->header;
    char *fld[HW_TABLE_MAX_COLS];
    const int maxc = s->max_cols < HW_TABLE_MAX_COLS ? s->max_cols : HW_TABLE_MAX_COLS;
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
        if (total > HW_INPUT_MAX_BYTES) { /* grew while read: stop at the limit */
            snprintf(msg, len, "%s:%d: file size: expected at most %lld MiB (docs/scenario.md, Limits), got more",
                     path, lineno, HW_INPUT_MAX_BYTES >> 20);
            st = HW_ERR_INPUT;
            goto done;
        }
        if (lineno <= s->skip_lines) continue;
        char *p = buf;
        while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (!*p || *p == '#') continue;
        int nf = split(p, fld, HW_TABLE_MAX_COLS);
        double first;
        if (!data && !number(fld[0], &first)) { data = 1; continue; } /* a header row */
        data = 1;
        char want[512];
        if (nf < s->min_cols || (nf > s->max_cols && !s->extra_cols)) {
            cols_expected(s, want, sizeof want);
            snprintf(msg, len, "%s:%d: row: expected %s, got %d", path, lineno, want, nf);
            st = HW_ERR_INPUT;
            goto done;
        }
        if (t->rows == 0) {
            t->cols = s->ragged || s->extra_cols ? maxc : nf;
        } else if (!s->ragged && !s->extra_cols && nf != t->cols) {
            snprintf(msg, len, "%s:%d: row: expected %d columns (as the first row, line %d), got %d", path, lineno,
                     t->cols, t->line[0], nf);
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
        double *row = t->v + (size_t)t->rows * t->cols;
        for (int c = 0; c < t->cols; c++) {
            if (c >= nf) { row[c] = 0; continue; }
            if (!number(fld[c], &row[c])) {
                snprintf(msg, len, "%s:%d: column %d%s: expected a finite number, got '%.40s'", path, lineno, c + 1,
                         col_name(s, c, cn, sizeof cn), fld[c]);
                st = HW_ERR_INPUT;
                goto done;
            }
        }
        if (s->increasing && t->rows > 0 && !(row[0] > row[-t->cols])) {
            snprintf(msg, len, "%s:%d: column 1%s: expected values increasing strictly, got %.17g after %.17g "
                     "(line %d)", path, lineno, col_name(s, 0, cn, sizeof cn), row[0], row[-t->cols],
                     t->line[t->rows - 1]);
            st = HW_ERR_INPUT;
            goto done;
        }
        t->line[t->rows++] = lineno;
    }
    if (ferror(fp)) {
        snprintf(msg, len, "%s: cannot read: %s", path, strerror(errno ? errno : EIO));
        st = HW_ERR_IO;
    } else if (t->rows < s->min_rows) {
        snprintf(msg, len, "%s:%d: rows: expected at least %d %s, got %d", path, lineno > 0 ? lineno : 1,
                 s->min_rows, s->rows_what ? s->rows_what : s->min_rows == 1 ? "row of numbers" : "rows of numbers",
                 t->rows);
        st = HW_ERR_INPUT;
    }
done:
    if (st == HW_ERR_NOMEM) snprintf(msg, len, "%s:%d: out of memory (%d rows)", path, lineno, t->rows);
    free(buf);
    fclose(fp);
    if (st) hw_table_file_free(t);
    return st;
}

hw_status hw_table_read_record(const char *path, int extra_cols, int equal_spacing, int min_samples,
                               hw_table_file *t, char *msg, size_t len)
{
    static const char *const NAMES[] = {"t in s", "eta in m"};
    hw_table_spec s = {2, 2, extra_cols, 0, min_samples > 2 ? min_samples : 2, 0, 1, 1, NAMES, NULL,
                       "samples (rows of t, eta)"};
    hw_status st = hw_table_read(path, &s, t, msg, len);
    if (st != HW_OK || !equal_spacing) return st;
    double dt, want;
    int i = hw_record_off_spacing(t->v, t->cols, t->rows, &dt, &want);
    if (i < 0) return HW_OK;
    snprintf(msg, len, "%s:%d: column 1 (t in s): expected equally spaced times (%.17g s apart, as the first two "
             "rows: t = %.17g), got %.17g", path, t->line[i], dt, want, t->v[(size_t)i * t->cols]);
    hw_table_file_free(t);
    return HW_ERR_INPUT;
}

int hw_record_off_spacing(const double *t, int stride, int n, double *dt, double *want)
{
    *dt = n > 1 ? t[stride] - t[0] : 0;
    for (int k = 2; k < n; k++) {
        *want = t[0] + k * *dt;
        if (fabs(t[(size_t)k * stride] - *want) > 1e-4 * *dt) return k;
    }
    return -1;
}
