/* MoorDyn's SeafloorFile format (bathymetry_file.h). */
#include "io/bathymetry_file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/files.h"

/* the largest grid read: 1e7 points (some 240 MB of rows, past HW_INPUT_MAX_BYTES anyway) */
#define HW_BATHY_MAX_POINTS 10000000LL

typedef struct rd {
    const char *path;
    char *msg;
    size_t msg_len;
} rd;

static hw_status bad(rd *r, int line, const char *fmt, ...)
{
    char what[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (r->msg && r->msg_len) snprintf(r->msg, r->msg_len, "%s:%d: bathymetry: %s", r->path, line, what);
    return HW_ERR_INPUT;
}

static int is_sep(char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; }

/* The next field of a line (s moves past it): its start and length, 0 at the line's end. */
static size_t next_field(const char **s, const char **start)
{
    const char *p = *s;
    while (*p && is_sep(*p)) p++;
    *start = p;
    while (*p && !is_sep(*p)) p++;
    *s = p;
    return (size_t)(p - *start);
}

static int count_fields(const char *s)
{
    const char *f;
    int n = 0;
    while (next_field(&s, &f)) n++;
    return n;
}

/* A field as a finite number: 0, or -1. */
static int field_num(const char *f, size_t n, double *v)
{
    char buf[128], *end;
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, f, n);
    buf[n] = 0;
    errno = 0;
    *v = strtod(buf, &end);
    return (*end || !isfinite(*v)) ? -1 : 0;
}

/* The index of the grid value within 1e-6 (relative, 1e-6 m at least) of v, or -1. */
static int grid_index(const double *g, int n, double v)
{
    int lo = 0, hi = n - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (g[mid] <= v) lo = mid; else hi = mid;
    }
    int best = fabs(g[lo] - v) <= fabs(g[hi] - v) ? lo : hi;
    return fabs(g[best] - v) <= 1e-6 * fmax(1.0, fabs(g[best])) ? best : -1;
}

/* One line of n values into v (line 2: the x values, line 3: the y values). */
static hw_status read_axis(rd *r, int line, const char *s, int n, double *v, const char *name,
                           const char *count)
{
    int k = count_fields(s);
    if (k != n)
        return bad(r, line, "expected the %d %s values (%s on line 1), got %d fields", n, name, count, k);
    const char *f;
    for (int i = 0; i < n; i++) {
        size_t len = next_field(&s, &f);
        if (field_num(f, len, &v[i]))
            return bad(r, line, "%s value %d: expected a finite number (m), got '%.*s'", name, i + 1,
                       (int)(len > 40 ? 40 : len), f);
        if (i > 0 && !(v[i] > v[i - 1]))
            return bad(r, line, "%s value %d: expected strictly increasing %s values, got %g after %g",
                       name, i + 1, name, v[i], v[i - 1]);
    }
    return HW_OK;
}

static hw_status parse(rd *r, char *text, hw_bathy_file *b)
{
    int ln = 0, stage = 0, rows = 0;
    int *row_line = NULL;
    hw_status st = HW_OK;
    char *p = text;
    while (p && *p && !st) {
        char *eol = strchr(p, '\n');
        if (eol) *eol = 0;
        ln++;
        const char *s = p;
        p = eol ? eol + 1 : NULL;
        if (count_fields(s) == 0) continue; /* a blank line */
        if (stage == 0) { /* nx ny */
            const char *f;
            double v[2];
            for (int k = 0; k < 2; k++) {
                size_t len = next_field(&s, &f);
                if (field_num(f, len, &v[k]) || v[k] != floor(v[k]) || v[k] < 1)
                    return bad(r, ln, "expected the numbers of x and y values (integers >= 1) as "
                               "\"nx ny\", got '%.*s' as the %s", (int)(len > 40 ? 40 : len), f,
                               k ? "second" : "first");
            }
            if (v[0] * v[1] > (double)HW_BATHY_MAX_POINTS)
                return bad(r, ln, "expected at most %lld grid points, got %g x %g", HW_BATHY_MAX_POINTS,
                           v[0], v[1]);
            b->nx = (int)v[0];
            b->ny = (int)v[1];
            size_t n = (size_t)b->nx + (size_t)b->ny + (size_t)b->nx * (size_t)b->ny;
            b->x = (double *)malloc(n * sizeof(double));
            row_line = (int *)calloc((size_t)b->nx * (size_t)b->ny, sizeof(int));
            if (!b->x || !row_line) {
                free(row_line);
                if (r->msg && r->msg_len)
                    snprintf(r->msg, r->msg_len, "%s: out of memory for a %d x %d bathymetry grid",
                             r->path, b->nx, b->ny);
                return HW_ERR_NOMEM;
            }
            b->y = b->x + b->nx;
            b->depth = b->y + b->ny;
            stage = 1;
        } else if (stage == 1) {
            char c[32];
            snprintf(c, sizeof c, "nx = %d", b->nx);
            st = read_axis(r, ln, s, b->nx, b->x, "x", c);
            stage = 2;
        } else if (stage == 2) {
            char c[32];
            snprintf(c, sizeof c, "ny = %d", b->ny);
            st = read_axis(r, ln, s, b->ny, b->y, "y", c);
            stage = 3;
        } else {
            int k = count_fields(s);
            if (k != 3) { st = bad(r, ln, "expected a row \"x y z\" (3 fields), got %d fields", k); break; }
            static const char *const NAME[3] = {"x", "y", "z"};
            double v[3];
            const char *f;
            for (int c = 0; c < 3 && !st; c++) {
                size_t len = next_field(&s, &f);
                if (field_num(f, len, &v[c]))
                    st = bad(r, ln, "column %d (%s): expected a finite number (m), got '%.*s'", c + 1,
                             NAME[c], (int)(len > 40 ? 40 : len), f);
            }
            if (st) break;
            int i = grid_index(b->x, b->nx, v[0]), j = grid_index(b->y, b->ny, v[1]);
            if (i < 0) { st = bad(r, ln, "column 1 (x): expected one of the %d x values of line 2, got %g", b->nx, v[0]); break; }
            if (j < 0) { st = bad(r, ln, "column 2 (y): expected one of the %d y values of line 3, got %g", b->ny, v[1]); break; }
            if (!(v[2] < 0)) {
                st = bad(r, ln, "column 3 (z): expected the seabed's height below the surface (z < 0 m; "
                         "MoorDyn's third column is z, negative down), got %g", v[2]);
                break;
            }
            size_t at = (size_t)j * (size_t)b->nx + (size_t)i;
            if (row_line[at]) {
                st = bad(r, ln, "expected one row per grid point, got (x, y) = (%g, %g) again (first at "
                         "line %d)", b->x[i], b->y[j], row_line[at]);
                break;
            }
            row_line[at] = ln;
            b->depth[at] = -v[2];
            rows++;
        }
    }
    if (!st && stage < 3)
        st = bad(r, ln, "expected the header line \"nx ny\", the x values and the y values, got %s",
                 stage == 0 ? "an empty file" : stage == 1 ? "no x values" : "no y values");
    if (!st && rows < b->nx * b->ny) {
        int miss = 0;
        while (row_line[miss]) miss++;
        st = bad(r, ln, "expected a row \"x y z\" for each of the %d x %d grid points, got %d rows; "
                 "none for (x, y) = (%g, %g)", b->nx, b->ny, rows, b->x[miss % b->nx], b->y[miss / b->nx]);
    }
    free(row_line);
    return st;
}

hw_status hw_bathy_read(const char *path, hw_bathy_file *b, char *msg, size_t msg_len)
{
    memset(b, 0, sizeof *b);
    rd r = {path, msg, msg_len};
    long long size = 0;
    char *text = hw_read_file(path, NULL, &size);
    if (!text) {
        int e = errno;
        if (msg && msg_len) {
            if (e == ENOMEM) snprintf(msg, msg_len, "%s: out of memory reading it", path);
            else if (e == EFBIG)
                snprintf(msg, msg_len, "%s: expected a file of at most %lld bytes, got %lld", path,
                         (long long)HW_INPUT_MAX_BYTES, size);
            else snprintf(msg, msg_len, "%s: cannot open: %s", path, strerror(e));
        }
        return hw_read_file_status(e);
    }
    hw_status st = parse(&r, text, b);
    free(text);
    if (st) hw_bathy_file_free(b);
    return st;
}

void hw_bathy_file_free(hw_bathy_file *b)
{
    if (!b) return;
    free(b->x);
    memset(b, 0, sizeof *b);
}
