/* See wave_record.h. */
#include "io/wave_record.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/files.h"

/* The fields of a line (at most max), split at commas, semicolons, blanks and tabs. */
static int split_fields(char *s, char **f, int max)
{
    int n = 0;
    const char *sep = ",; \t\r\n";
    for (char *p = s; *p;) {
        p += strspn(p, sep);
        if (!*p) break;
        size_t k = strcspn(p, sep);
        if (n < max) f[n] = p;
        n++;
        if (!p[k]) break;
        p[k] = '\0';
        p += k + 1;
    }
    return n;
}

static int to_num(const char *s, double *x)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno == ERANGE || !isfinite(v)) return -1;
    *x = v;
    return 0;
}

typedef struct rec_buf { double *t, *e; int n, cap; } rec_buf;

static int push(rec_buf *b, double t, double e)
{
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 1024;
        double *nt = realloc(b->t, (size_t)cap * sizeof *nt);
        if (!nt) return -1;
        b->t = nt;
        double *ne = realloc(b->e, (size_t)cap * sizeof *ne);
        if (!ne) return -1;
        b->e = ne;
        b->cap = cap;
    }
    b->t[b->n] = t;
    b->e[b->n] = e;
    b->n++;
    return 0;
}

hw_status hw_wave_record_read(const char *path, const hw_wave_record_opts *o, double **t, double **eta,
                              int *n, int *first_line, char *err, size_t err_len)
{
    *t = *eta = NULL;
    *n = 0;
    *first_line = 0;
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) { /* a directory, a FIFO (whose open would
                                                           wait for a writer), a device */
        snprintf(err, err_len, "%s: expected a regular file, got %s", path,
                 S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO" : "a device or socket");
        return HW_ERR_INPUT;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        snprintf(err, err_len, "%s: cannot open: %s", path, strerror(e));
        return e == ENOMEM ? HW_ERR_NOMEM : HW_ERR_IO;
    }
    long long size = 0;
    if (hw_input_too_big(f, &size)) {
        fclose(f);
        snprintf(err, err_len, "%s:1: file size: expected at most %lld MiB, got %lld bytes "
                 "(docs/scenario.md, Limits)", path, HW_INPUT_MAX_BYTES >> 20, size);
        return HW_ERR_INPUT;
    }
    static const int MAXF = 8;
    char line[HW_WAVE_RECORD_MAX_LINE + 2];
    rec_buf b = {NULL, NULL, 0, 0};
    hw_status st = HW_OK;
    int ln = 0, seen_data = 0, last_line = 0;
    long long bytes = 0;
    while (st == HW_OK && fgets(line, sizeof line, f)) {
        ln++;
        size_t len = strlen(line);
        bytes += (long long)len;
        if (bytes > HW_INPUT_MAX_BYTES) { /* a pipe or device: stop at the limit */
            snprintf(err, err_len, "%s:%d: file size: expected at most %lld MiB (docs/scenario.md, "
                     "Limits), got more", path, ln, HW_INPUT_MAX_BYTES >> 20);
            st = HW_ERR_INPUT;
            break;
        }
        if (len > HW_WAVE_RECORD_MAX_LINE && line[len - 1] != '\n') {
            snprintf(err, err_len, "%s:%d: line: expected at most %d characters, got more", path, ln,
                     HW_WAVE_RECORD_MAX_LINE);
            st = HW_ERR_INPUT;
            break;
        }
        char *p = line + strspn(line, " \t");
        if (*p == '#') continue;
        char *fld[8];
        int nf = split_fields(p, fld, MAXF);
        if (nf == 0) continue;
        double tv, ev;
        if (!seen_data && to_num(fld[0], &tv) != 0) { /* a header row */
            seen_data = 1;
            continue;
        }
        seen_data = 1;
        if (nf < 2 || (nf > 2 && !o->extra_columns)) {
            snprintf(err, err_len, "%s:%d: row: expected 2 columns (t, eta)%s, got %d", path, ln,
                     o->extra_columns ? " or more" : "", nf);
            st = HW_ERR_INPUT;
            break;
        }
        if (to_num(fld[0], &tv) != 0 || to_num(fld[1], &ev) != 0) {
            int bad = to_num(fld[0], &tv) != 0 ? 0 : 1;
            snprintf(err, err_len, "%s:%d: %s: expected a number%s, got \"%.40s\"", path, ln,
                     bad ? "eta" : "t", bad ? " (m)" : " (s)", fld[bad]);
            st = HW_ERR_INPUT;
            break;
        }
        if (b.n > 0 && !(tv > b.t[b.n - 1])) {
            snprintf(err, err_len, "%s:%d: t: expected a time greater than the previous row's (%.17g), "
                     "got %.17g", path, ln, b.t[b.n - 1], tv);
            st = HW_ERR_INPUT;
            break;
        }
        if (o->equal_spacing && b.n >= 2) {
            double dt = b.t[1] - b.t[0], want = b.t[0] + b.n * dt;
            if (fabs(tv - want) > 1e-4 * dt) {
                snprintf(err, err_len, "%s:%d: t: expected equally spaced times (%.17g s apart, as the "
                         "first two rows: t = %.17g), got %.17g", path, ln, dt, want, tv);
                st = HW_ERR_INPUT;
                break;
            }
        }
        if (b.n == 0) *first_line = ln;
        if (push(&b, tv, ev)) {
            snprintf(err, err_len, "%s:%d: out of memory (%d samples)", path, ln, b.n);
            st = HW_ERR_NOMEM;
            break;
        }
        last_line = ln;
    }
    if (st == HW_OK && ferror(f)) {
        snprintf(err, err_len, "%s: cannot read: %s", path, strerror(errno ? errno : EIO));
        st = HW_ERR_IO;
    }
    fclose(f);
    int need = o->min_samples > 2 ? o->min_samples : 2;
    if (st == HW_OK && b.n < need) {
        snprintf(err, err_len, "%s:%d: record: expected at least %d samples (rows of t, eta), got %d",
                 path, last_line ? last_line : (ln ? ln : 1), need, b.n);
        st = HW_ERR_INPUT;
    }
    if (st != HW_OK) {
        free(b.t);
        free(b.e);
        *first_line = 0;
        return st;
    }
    *t = b.t;
    *eta = b.e;
    *n = b.n;
    return HW_OK;
}
