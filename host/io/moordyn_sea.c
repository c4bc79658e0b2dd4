/* MoorDyn's WaveKin 2 spectrum and Currents 2 profile file (io/moordyn_sea.h; docs/moordyn.md,
 * "Waves" and "Currents"). */
#include "io/moordyn_sea.h"

#include <errno.h>
#include <math.h>
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
    long long size = 0;
    char *text = hw_read_file(path, NULL, &size);
    if (!text) {
        int e = errno; /* before snprintf and strerror, which may change it */
        if (e == EFBIG)
            snprintf(msg, msg_len, "%s: expected a file of at most %lld MiB, got %lld bytes", path,
                     HW_INPUT_MAX_BYTES >> 20, size);
        else
            snprintf(msg, msg_len, "%s: cannot open: %s", path, strerror(e));
        return hw_read_file_status(e);
    }
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
