/* MoorDyn's WaveKin 2 spectrum and Currents 2 profile file (io/moordyn_sea.h; docs/moordyn.md,
 * "Waves" and "Currents"). */
#include "io/moordyn_sea.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/files.h"

/* MoorDyn's linear interpolation factor on increasing points x[0..n-1], the search started at the
 * upper index j0 (>= 1): returns the upper index j and the factor f of the value between points
 * j - 1 and j; f = 0 at or before x[j0 - 1], f = 1 at or beyond the last point (so the value is
 * flat outside). Written to give MoorDyn's numbers bit for bit, as its resampling does. */
static int md_interp_factor(const double *x, int n, int j0, double v, double *f)
{
    if (n == 1) {
        *f = 0.0;
        return 0;
    }
    if (j0 < 1) j0 = 1;
    if (j0 > n - 1) j0 = n - 1;
    if (v <= x[j0 - 1]) {
        *f = 0.0;
        return j0;
    }
    if (v >= x[n - 1]) {
        *f = 1.0;
        return n - 1;
    }
    for (int j = j0; j < n; j++)
        if (v <= x[j]) {
            *f = (v - x[j - 1]) / (x[j] - x[j - 1]);
            return j;
        }
    *f = 1.0;
    return n - 1;
}

static double lerp(double a, double b, double f) { return a * (1 - f) + b * f; }

hw_status hw_md_wavekin2_components(const double *omega, const double *re, const double *im, const double *beta,
                                    int n, double **buf, int *n_out, double *mean, double *dt_grid,
                                    double *dw_out, int *nw_out)
{
    *buf = NULL;
    *n_out = 0;
    double dw = INFINITY;
    for (int i = 1; i < n; i++)
        if (omega[i] - omega[i - 1] < dw) dw = omega[i] - omega[i - 1];
    int nw = (int)floor(omega[n - 1] / dw) + 1;
    double *c = malloc((size_t)4 * (size_t)nw * sizeof *c);
    if (!c) return HW_ERR_NOMEM;
    double *amp = c, *om = c + nw, *dir = c + 2 * nw, *ph = c + 3 * nw;
    int m = 0, j = 1;
    *mean = 0;
    for (int i = 0; i < nw; i++) {
        double f;
        j = md_interp_factor(omega, n, j, i * dw, &f);
        double ar = lerp(re[j - 1], re[j], f), ai = lerp(im[j - 1], im[j], f), b = lerp(beta[j - 1], beta[j], f);
        if (i == 0) { /* the DC bin: its real part over 2 is a mean level; its imaginary part is dropped */
            *mean = 0.5 * ar;
            continue;
        }
        double a = hypot(ar, ai) * (i == nw - 1 ? 0.5 : 1.0); /* the Nyquist bin counts half */
        if (a == 0) continue;
        amp[m] = a;
        om[m] = i * dw;
        dir[m] = b;
        ph[m] = -atan2(ai, ar) + 0.0; /* + 0.0: no negative zero */
        m++;
    }
    /* pack the m components (amp, omega, dir, phase arrays of m each) */
    memmove(c + m, om, (size_t)m * sizeof *c);
    memmove(c + 2 * m, dir, (size_t)m * sizeof *c);
    memmove(c + 3 * m, ph, (size_t)m * sizeof *c);
    *buf = c;
    *n_out = m;
    *dt_grid = 2 * 3.14159265358979323846 / dw / (2.0 * (nw - 1));
    *dw_out = dw;
    *nw_out = nw;
    return HW_OK;
}

/* ---- current_profile_dynamic.txt ------------------------------------------------------------ */

/* A side file's text, or NULL with the message (too big, cannot open) and its status in *st. */
static char *read_text(const char *path, char *msg, size_t msg_len, hw_status *st)
{
    long long size = 0;
    char *text = hw_read_file(path, NULL, &size);
    if (text) return text;
    int e = errno; /* before snprintf and strerror, which may change it */
    if (e == EFBIG)
        snprintf(msg, msg_len, "%s: expected a file of at most %lld MiB, got %lld bytes", path,
                 HW_INPUT_MAX_BYTES >> 20, size);
    else
        snprintf(msg, msg_len, "%s: cannot open: %s", path, strerror(e));
    *st = hw_read_file_status(e);
    return NULL;
}

/* The numbers of one line (blank-separated, as MoorDyn splits it): count, or -1 with *bad set to
 * the first field that is not a finite number. */
static int numbers(char *s, double **v, int *cap, char **bad)
{
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(s, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        char *end;
        errno = 0;
        double x = strtod(tok, &end);
        if (end == tok || *end || !isfinite(x)) {
            *bad = tok;
            return -1;
        }
        if (n == *cap) {
            int nc = *cap ? 2 * *cap : 64;
            double *g = realloc(*v, (size_t)nc * sizeof *g);
            if (!g) return -2;
            *v = g;
            *cap = nc;
        }
        (*v)[n++] = x;
    }
    return n;
}

hw_status hw_md_read_current_dynamic(const char *path, hw_current_def *c, double **buf, double *dt, double *t_last,
                                     char *msg, size_t msg_len)
{
    memset(c, 0, sizeof *c);
    *buf = NULL;
    hw_status st0 = HW_OK;
    char *text = read_text(path, msg, msg_len, &st0);
    if (!text) return st0;
    hw_status st = HW_OK;
    double *v = NULL, *z = NULL, *rows = NULL;
    int cap = 0, nz = 0, nrow = 0, rcap = 0, width = 0, last_ln = 0;
    int *rln = NULL;
    int ln = 0;
    for (char *p = text; p && !st;) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = '\0';
        char *line = p;
        p = nl ? nl + 1 : NULL;
        ln++;
        if (ln <= 4 || ln == 6) continue; /* MoorDyn skips them unread */
        char *bad = NULL;
        size_t len = strlen(line);
        if (ln > 6 && (len == 0 || strspn(line, " \t\r") == len || line[0] == '#')) continue;
        int k = numbers(line, &v, &cap, &bad);
        if (k == -2) {
            st = HW_ERR_NOMEM;
            snprintf(msg, msg_len, "%s: out of memory reading it", path);
            break;
        }
        if (k == -1) {
            st = HW_ERR_INPUT;
            snprintf(msg, msg_len, "%s:%d: %s: expected a finite number, got '%.40s'", path, ln,
                     ln == 5 ? "depths" : "row", bad);
            break;
        }
        if (ln == 5) {
            if (k < 1) {
                st = HW_ERR_INPUT;
                snprintf(msg, msg_len, "%s:5: depths: expected the depths z of the profiles (m, increasing), got "
                         "none", path);
                break;
            }
            nz = k;
            width = 3 * nz + 1;
            z = malloc((size_t)nz * sizeof *z);
            if (!z) {
                st = HW_ERR_NOMEM;
                snprintf(msg, msg_len, "%s: out of memory reading it", path);
                break;
            }
            for (int i = 0; i < nz; i++) {
                z[i] = (double)(float)v[i]; /* MoorDyn 2.7.2 reads the depths with stof */
                if (i > 0 && !(z[i] > z[i - 1])) {
                    st = HW_ERR_INPUT;
                    snprintf(msg, msg_len, "%s:5: depths: expected values increasing strictly (from the deepest "
                             "up), got %g after %g", path, v[i], v[i - 1]);
                    break;
                }
            }
            continue;
        }
        if (k < nz + 1) {
            st = HW_ERR_INPUT;
            snprintf(msg, msg_len, "%s:%d: row: expected t and then ux at each of the %d depths (and uy, uz "
                     "at each: %d values in all), got %d values", path, ln, nz, width, k);
            break;
        }
        if (nrow > 0 && !(v[0] > rows[(size_t)(nrow - 1) * width])) {
            st = HW_ERR_INPUT;
            snprintf(msg, msg_len, "%s:%d: t: expected times increasing strictly, got %g after %g (line %d)",
                     path, ln, v[0], rows[(size_t)(nrow - 1) * width], last_ln);
            break;
        }
        if (nrow == rcap) {
            int nc = rcap ? 2 * rcap : 16;
            double *g = realloc(rows, (size_t)nc * width * sizeof *g);
            int *gl = realloc(rln, (size_t)nc * sizeof *gl);
            if (g) rows = g;
            if (gl) rln = gl;
            if (!g || !gl) {
                st = HW_ERR_NOMEM;
                snprintf(msg, msg_len, "%s: out of memory reading it", path);
                break;
            }
            rcap = nc;
        }
        double *r = rows + (size_t)nrow * width;
        r[0] = v[0];
        for (int i = 0; i < 3 * nz; i++) r[1 + i] = 0.0;
        for (int i = 0; i < nz; i++) r[1 + i] = v[1 + i];
        if (k >= 2 * nz + 1)
            for (int i = 0; i < nz; i++) r[1 + nz + i] = v[1 + nz + i];
        if (k >= 3 * nz + 1)
            for (int i = 0; i < nz; i++) r[1 + 2 * nz + i] = v[1 + 2 * nz + i];
        rln[nrow++] = ln;
        last_ln = ln;
    }
    if (!st && nz == 0) {
        st = HW_ERR_INPUT;
        snprintf(msg, msg_len, "%s:%d: depths: expected 4 header lines, the depths on line 5, a line MoorDyn skips "
                 "and then rows t ux..., got a file of %d lines", path, ln, ln);
    } else if (!st && nrow == 0) {
        st = HW_ERR_INPUT;
        snprintf(msg, msg_len, "%s:%d: rows: expected at least one row t ux... after line 6, got none", path, ln);
    }
    double step = 0, tl = 0;
    int nt = 0;
    if (!st) {
        step = INFINITY;
        for (int i = 1; i < nrow; i++) {
            double d = rows[(size_t)i * width] - rows[(size_t)(i - 1) * width];
            if (d < step) step = d;
        }
        tl = rows[(size_t)(nrow - 1) * width];
        double fnt = nrow > 1 ? floor(tl / step) + 1 : 1;
        if (!(fnt >= 1) || fnt * nz > 2e7) {
            st = HW_ERR_INPUT;
            snprintf(msg, msg_len, "%s:%d: t: expected at most 2e7 resampled values (MoorDyn resamples the "
                     "profiles every %g s, the smallest step between rows, from t = 0 to %g s), got %.3g", path,
                     rln[nrow - 1], step, tl, fnt * nz);
        } else {
            nt = (int)fnt;
        }
    }
    double *b = NULL;
    if (!st) {
        size_t nu = (size_t)nt * nz;
        b = malloc((nz + (size_t)nt + 3 * nu) * sizeof *b);
        if (!b) {
            st = HW_ERR_NOMEM;
            snprintf(msg, msg_len, "%s: out of memory for %d resampled profiles", path, nt);
        }
    }
    if (!st) {
        size_t nu = (size_t)nt * nz;
        double *bz = b, *bt = b + nz, *ux = bt + nt, *uy = ux + nu, *uz = uy + nu;
        memcpy(bz, z, (size_t)nz * sizeof *bz);
        double *tt = malloc((size_t)nrow * sizeof *tt);
        if (!tt) {
            free(b);
            b = NULL;
            st = HW_ERR_NOMEM;
            snprintf(msg, msg_len, "%s: out of memory reading it", path);
        } else {
            for (int i = 0; i < nrow; i++) tt[i] = rows[(size_t)i * width];
            int j = 1;
            for (int k = 0; k < nt; k++) { /* each time sample's rows and fraction, once for all depths */
                double f = 0;
                double tk = nt > 1 ? k * step : 0.0;
                int j1 = md_interp_factor(tt, nrow, j, tk, &f);
                j = j1;
                int j0 = j1 > 0 ? j1 - 1 : 0;
                const double *r0 = rows + (size_t)j0 * width, *r1 = rows + (size_t)j1 * width;
                bt[k] = tk;
                for (int iz = 0; iz < nz; iz++) {
                    ux[(size_t)k * nz + iz] = lerp(r0[1 + iz], r1[1 + iz], f);
                    uy[(size_t)k * nz + iz] = lerp(r0[1 + nz + iz], r1[1 + nz + iz], f);
                    uz[(size_t)k * nz + iz] = lerp(r0[1 + 2 * nz + iz], r1[1 + 2 * nz + iz], f);
                }
            }
            free(tt);
            c->n_depth = nz;
            c->z = bz;
            c->n_time = nt;
            c->t = nt > 1 ? bt : NULL;
            c->ux = ux;
            c->uy = uy;
            c->uz = uz;
            *buf = b;
            *dt = nt > 1 ? step : 0;
            *t_last = tl;
        }
    }
    free(text);
    free(v);
    free(z);
    free(rows);
    free(rln);
    return st;
}

/* ---- Currents 5: current_profile_4d.txt ------------------------------------------------------- */

/* Splits line in place at blanks (spaces, tabs, CR) into at most max tokens; returns the count
 * (more than max: max + 1). */
static int split_blanks(char *line, char **tok, int max)
{
    int n = 0;
    for (char *p = line; *p;) {
        p += strspn(p, " \t\r");
        if (!*p) break;
        if (n == max) return max + 1;
        tok[n++] = p;
        p += strcspn(p, " \t\r");
        if (*p) *p++ = '\0';
    }
    return n;
}

/* A finite number filling the whole token, or -1. */
static int token_num(const char *tok, double *x)
{
    char *end = NULL;
    errno = 0;
    *x = strtod(tok, &end);
    return end == tok || *end || !isfinite(*x) ? -1 : 0;
}

/* "PATH:LINE: " and the message; HW_ERR_INPUT. */
static hw_status fail_at(char *msg, size_t len, const char *path, int ln, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static hw_status fail_at(char *msg, size_t len, const char *path, int ln, const char *fmt, ...)
{
    int o = snprintf(msg, len, "%s:%d: ", path, ln);
    if (o >= 0 && (size_t)o < len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg + o, len - (size_t)o, fmt, ap);
        va_end(ap);
    }
    return HW_ERR_INPUT;
}

static const char *const AXIS_NAME[4] = {"x", "y", "z", "t"};

hw_status hw_md_read_current_4d(const char *path, hw_current_def *c, double **buf, double *dt, double *t_last,
                                long *unset, char *msg, size_t msg_len)
{
    memset(c, 0, sizeof *c);
    *buf = NULL;
    *unset = 0;
    hw_status st0 = HW_OK;
    char *text = read_text(path, msg, msg_len, &st0);
    if (!text) return st0;
    hw_status st = HW_OK;
    char **lines = NULL, **atok[4] = {NULL, NULL, NULL, NULL};
    double *axis[4] = {NULL, NULL, NULL, NULL}, *raw = NULL, *b = NULL;
    unsigned char *seen = NULL;
    long n_ax[4] = {0, 0, 0, 0};
    int nl = 0;
    for (char *p = text; *p; nl++) { /* the lines (a last newline ends the last line) */
        char *e = strchr(p, '\n');
        p = e ? e + 1 : p + strlen(p);
    }
    lines = malloc(((size_t)nl + 1) * sizeof *lines);
    if (!lines) goto nomem;
    nl = 0;
    for (char *p = text; *p;) {
        lines[nl++] = p;
        char *e = strchr(p, '\n');
        if (!e) break;
        *e = '\0';
        p = e + 1;
    }
#define FAIL_AT(ln, ...) do { st = fail_at(msg, msg_len, path, (ln), __VA_ARGS__); goto done; } while (0)
    if (nl < 7)
        FAIL_AT(nl > 0 ? nl : 1, "grid: expected the counts nx ny nz nt on line 1, the x, y, z and t values on lines "
                "2-5 and then a line x y z t ux uy uz per grid point (at least 7 lines, as MoorDyn 2.7.2), got %d lines",
                nl);
    char *tok[8];
    {
        int k = split_blanks(lines[0], tok, 4);
        if (k < 4) FAIL_AT(1, "counts: expected nx ny nz nt (the numbers of x, y, z and t values), got %d values", k);
        for (int a = 0; a < 4; a++) {
            char *end = NULL;
            long v = strtol(tok[a], &end, 10);
            if (end == tok[a] || *end || v < 1 || v > 100000)
                FAIL_AT(1, "counts: expected %s as a whole number from 1 to 100000, got '%.40s'",
                        a == 0 ? "nx" : a == 1 ? "ny" : a == 2 ? "nz" : "nt", tok[a]);
            n_ax[a] = v;
        }
    }
    double npts = (double)n_ax[0] * (double)n_ax[1] * (double)n_ax[2] * (double)n_ax[3];
    if (npts > 2e7) FAIL_AT(1, "counts: expected at most 2e7 grid points, got %.3g", npts);
    for (int a = 0; a < 4; a++) { /* lines 2-5: the axes, kept as written (the rows name them so) */
        axis[a] = malloc((size_t)n_ax[a] * sizeof *axis[a]);
        atok[a] = malloc((size_t)n_ax[a] * sizeof *atok[a]);
        if (!axis[a] || !atok[a]) goto nomem;
        char **t = atok[a];
        int k = 0;
        for (char *p = lines[1 + a]; *p && k < n_ax[a];) {
            p += strspn(p, " \t\r");
            if (!*p) break;
            t[k++] = p;
            p += strcspn(p, " \t\r");
            if (*p) *p++ = '\0';
        }
        if (k < n_ax[a])
            FAIL_AT(2 + a, "%s: expected the %ld %s values of line 1's counts, got %d", AXIS_NAME[a], n_ax[a],
                    AXIS_NAME[a], k);
        for (int i = 0; i < k; i++) {
            if (token_num(t[i], &axis[a][i]))
                FAIL_AT(2 + a, "%s: expected a finite number, got '%.40s'", AXIS_NAME[a], t[i]);
            if (i > 0 && !(axis[a][i] > axis[a][i - 1]))
                FAIL_AT(2 + a, "%s: expected values increasing strictly, got %s after %s", AXIS_NAME[a], t[i], t[i - 1]);
        }
    }
    if ((double)nl < npts + 5)
        FAIL_AT(nl, "grid: expected a line for each of the %.0f grid points after line 5 (MoorDyn 2.7.2 needs at "
                "least %.0f lines), got %d lines", npts, npts + 5, nl);
    size_t np = (size_t)npts;
    raw = calloc(3 * np, sizeof *raw); /* MoorDyn's [x][y][z][t] order; a point no line sets is 0 */
    seen = calloc(np, 1);
    if (!raw || !seen) goto nomem;
    for (int ln = 7; ln <= nl; ln++) { /* MoorDyn 2.7.2 reads from line 7: line 6 is never read */
        char *line = lines[ln - 1];
        int k = split_blanks(line, tok, 7);
        if (k == 0) continue; /* a blank line (MoorDyn would stop on it) */
        if (k < 7) FAIL_AT(ln, "grid point: expected x y z t ux uy uz, got %d values", k);
        size_t idx = 0;
        for (int a = 0; a < 4; a++) {
            long i = 0;
            while (i < n_ax[a] && strcmp(atok[a][i], tok[a]) != 0) i++;
            if (i == n_ax[a])
                FAIL_AT(ln, "%s: expected one of the %ld %s values of line %d as written there (MoorDyn 2.7.2 finds "
                        "a grid point by its text), got '%.40s'", AXIS_NAME[a], n_ax[a], AXIS_NAME[a], 2 + a, tok[a]);
            idx = idx * (size_t)n_ax[a] + (size_t)i;
        }
        for (int j = 0; j < 3; j++) {
            double u;
            if (token_num(tok[4 + j], &u))
                FAIL_AT(ln, "%s: expected a finite number, got '%.40s'", j == 0 ? "ux" : j == 1 ? "uy" : "uz",
                        tok[4 + j]);
            raw[3 * idx + (size_t)j] = u;
        }
        seen[idx] = 1;
    }
    for (size_t i = 0; i < np; i++) *unset += !seen[i];
    /* MoorDyn's time samples: every dt (the smallest step between the t values) from 0 to the last */
    long nt_in = n_ax[3], nts = 1;
    double step = 0.0, tl = axis[3][nt_in - 1];
    if (nt_in > 1) {
        step = INFINITY;
        for (long k = 1; k < nt_in; k++)
            if (axis[3][k] - axis[3][k - 1] < step) step = axis[3][k] - axis[3][k - 1];
        double f = floor(tl / step) + 1;
        if (!(f >= 1) || f * (npts / (double)nt_in) > 2e7)
            FAIL_AT(5, "t: expected at most 2e7 resampled values (MoorDyn resamples the grid every %g s, the "
                    "smallest step between the t values, from t = 0 to %g s), got %.3g", step, tl,
                    f * (npts / (double)nt_in));
        nts = (long)f;
    }
    size_t nx = (size_t)n_ax[0], ny = (size_t)n_ax[1], nz = (size_t)n_ax[2], nv = nx * ny * nz * (size_t)nts;
    b = malloc((nx + ny + nz + (size_t)nts + 3 * nv) * sizeof *b);
    if (!b) goto nomem;
    double *bx = b, *by = bx + nx, *bz = by + ny, *bt = bz + nz, *ux = bt + nts, *uy = ux + nv, *uz = uy + nv;
    memcpy(bx, axis[0], nx * sizeof *b);
    memcpy(by, axis[1], ny * sizeof *b);
    memcpy(bz, axis[2], nz * sizeof *b);
    int j = 1;
    for (long k = 0; k < nts; k++) { /* each sample's rows and fraction, once for the whole grid */
        double f = 0.0, tk = nts > 1 ? (double)k * step : 0.0;
        int j1 = nt_in > 1 ? md_interp_factor(axis[3], (int)nt_in, j, tk, &f) : 0;
        j = j1 > 0 ? j1 : 1;
        int j0 = j1 > 0 ? j1 - 1 : 0;
        bt[k] = tk;
        for (size_t ix = 0; ix < nx; ix++)
            for (size_t iy = 0; iy < ny; iy++)
                for (size_t iz = 0; iz < nz; iz++) {
                    size_t r = ((ix * ny + iy) * nz + iz) * (size_t)nt_in; /* raw point (ix, iy, iz, 0) */
                    size_t o = (((size_t)k * ny + iy) * nx + ix) * nz + iz;
                    const double *p0 = raw + 3 * (r + (size_t)j0), *p1 = raw + 3 * (r + (size_t)j1);
                    ux[o] = lerp(p0[0], p1[0], f);
                    uy[o] = lerp(p0[1], p1[1], f);
                    uz[o] = lerp(p0[2], p1[2], f);
                }
    }
    c->n_x = (int)nx; c->x = bx;
    c->n_y = (int)ny; c->y = by;
    c->n_depth = (int)nz; c->z = bz;
    c->n_time = (int)nts; c->t = nts > 1 ? bt : NULL;
    c->ux = ux; c->uy = uy; c->uz = uz;
    *buf = b;
    b = NULL;
    *dt = nts > 1 ? step : 0.0;
    *t_last = tl;
    goto done;
#undef FAIL_AT
nomem:
    st = HW_ERR_NOMEM;
    snprintf(msg, msg_len, "%s: out of memory reading it", path);
done:
    free(b);
    free(raw);
    free(seen);
    for (int a = 0; a < 4; a++) { free(axis[a]); free(atok[a]); }
    free(lines);
    free(text);
    return st;
}
