/* Irregular seas (docs/physics.md section 10): the components of a spectrum (JONSWAP,
 * Pierson-Moskowitz or a table, with cos-2s spreading and seeded phases) and of a measured
 * elevation record (FFTW), and an FFTW spectral estimate of a record. */
#include "sea/spectrum.h"

#include "physics/waves.h"

#include <fftw3.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI HW_WAVE_PI
#define DEFAULT_NF 200
#define DEFAULT_ND 11
#define DEFAULT_GAMMA 3.3
/* The default band leaves this fraction of m0 out in each tail (0.1% in all). */
#define TAIL 5e-4
/* A spread sea's directions cover where cos^2s((b - b0) / 2) is above this fraction of its peak. */
#define SPREAD_CUT 1e-3
/* At most this many components (each is summed at every point and time). */
#define MAX_COMPONENTS 1000000

uint64_t hw_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double hw_splitmix64_unit(uint64_t *state)
{
    return (double)(hw_splitmix64(state) >> 11) * 0x1.0p-53;
}

static double table_value(const hw_table *t, double w)
{
    if (t->n < 2 || w < t->x[0] || w > t->x[t->n - 1]) return 0.0;
    int lo = 0, hi = t->n - 1; /* x[lo] <= w <= x[hi] */
    while (hi - lo > 1) {
        int m = (lo + hi) / 2;
        if (t->x[m] <= w) lo = m;
        else hi = m;
    }
    double u = (w - t->x[lo]) / (t->x[hi] - t->x[lo]);
    return t->y[lo] + u * (t->y[hi] - t->y[lo]);
}

static double gamma_of(const hw_waves_def *d)
{
    if (d->spectrum == HW_SPECTRUM_PM) return 1.0;
    return d->gamma > 0.0 ? d->gamma : DEFAULT_GAMMA;
}

double hw_spectrum_density(const hw_waves_def *d, double w)
{
    if (!(w > 0.0)) return 0.0;
    if (d->spectrum == HW_SPECTRUM_TABLE) return table_value(&d->table, w);
    double wp = 2.0 * PI / d->tp;
    double r = wp / w, r4 = r * r * r * r;
    double s = 5.0 / 16.0 * d->hs * d->hs * r4 / w * exp(-1.25 * r4);
    double ga = gamma_of(d);
    if (ga != 1.0) {
        double sig = w <= wp ? 0.07 : 0.09, q = (w - wp) / (sig * wp);
        s *= pow(ga, exp(-0.5 * q * q));
    }
    return s;
}

static hw_status check_spectrum(const hw_waves_def *d, char *msg, size_t msg_len)
{
    if (d->spectrum == HW_SPECTRUM_JONSWAP || d->spectrum == HW_SPECTRUM_PM) {
        if (!(d->hs >= 0.0) || !isfinite(d->hs)) {
            snprintf(msg, msg_len, "waves: spectrum: expected a significant height hs >= 0 m, got %g", d->hs);
            return HW_ERR_INPUT;
        }
        if (!(d->tp > 0.0) || !isfinite(d->tp)) {
            snprintf(msg, msg_len, "waves: spectrum: expected a peak period tp > 0 s, got %g", d->tp);
            return HW_ERR_INPUT;
        }
        if (d->spectrum == HW_SPECTRUM_JONSWAP && d->gamma != 0.0 && !(d->gamma >= 1.0 && isfinite(d->gamma))) {
            snprintf(msg, msg_len, "waves: spectrum: expected a peak enhancement gamma >= 1 (or 0: 3.3), got %g", d->gamma);
            return HW_ERR_INPUT;
        }
        return HW_OK;
    }
    if (d->spectrum != HW_SPECTRUM_TABLE) {
        snprintf(msg, msg_len, "waves: spectrum: unknown kind %d (expected JONSWAP, PM or a table)", (int)d->spectrum);
        return HW_ERR_INPUT;
    }
    const hw_table *t = &d->table;
    if (t->n < 2 || !t->x || !t->y) {
        snprintf(msg, msg_len, "waves: spectrum table: expected at least 2 rows of omega (rad/s) and S (m^2 s/rad), got %d", t->n);
        return HW_ERR_INPUT;
    }
    int any = 0;
    for (int i = 0; i < t->n; i++) {
        if (!isfinite(t->x[i]) || !(t->x[i] >= 0.0) || (i > 0 && !(t->x[i] > t->x[i - 1]))) {
            snprintf(msg, msg_len, "waves: spectrum table: row %d: expected omega >= 0 rad/s, increasing, got %g", i, t->x[i]);
            return HW_ERR_INPUT;
        }
        if (!isfinite(t->y[i]) || !(t->y[i] >= 0.0)) {
            snprintf(msg, msg_len, "waves: spectrum table: row %d: expected S >= 0 m^2 s/rad, got %g", i, t->y[i]);
            return HW_ERR_INPUT;
        }
        any |= t->y[i] > 0.0;
    }
    if (!any) {
        snprintf(msg, msg_len, "waves: spectrum table: every S is 0 (no waves: use kind none)");
        return HW_ERR_INPUT;
    }
    return HW_OK;
}

/* The default band: [w_lo, w_hi] leaving TAIL of m0 out at each end, from the cumulative
 * trapezoidal integral of S on a fine grid (JONSWAP/PM: 0.2 wp .. 40 wp, which holds all but
 * 5e-7 of m0; a table: its own range). */
static void default_band(const hw_waves_def *d, double *lo, double *hi)
{
    enum { NG = 40000 };
    double a, b;
    if (d->spectrum == HW_SPECTRUM_TABLE) {
        a = d->table.x[0];
        b = d->table.x[d->table.n - 1];
    } else {
        double wp = 2.0 * PI / d->tp;
        a = 0.2 * wp;
        b = 40.0 * wp;
    }
    double h = (b - a) / NG, total = 0.0, prev = hw_spectrum_density(d, a);
    for (int i = 1; i <= NG; i++) {
        double s = hw_spectrum_density(d, a + i * h);
        total += 0.5 * h * (prev + s);
        prev = s;
    }
    *lo = a;
    *hi = b;
    if (!(total > 0.0)) return; /* Hs = 0: any band */
    double cum = 0.0;
    int have_lo = 0;
    prev = hw_spectrum_density(d, a);
    for (int i = 1; i <= NG; i++) {
        double w = a + i * h, s = hw_spectrum_density(d, w);
        double c = cum + 0.5 * h * (prev + s);
        if (!have_lo && c >= TAIL * total) {
            *lo = w - h + h * (TAIL * total - cum) / (c - cum);
            have_lo = 1;
        }
        if (c >= (1.0 - TAIL) * total) {
            *hi = w - h + h * ((1.0 - TAIL) * total - cum) / (c - cum);
            break;
        }
        cum = c;
        prev = s;
    }
    if (*lo <= 0.0) *lo = h; /* a table starting at 0 */
}

hw_status hw_spectrum_grid(const hw_waves_def *d, int *n, int *j0, double *dw, double *wmin,
                           double *wmax, char *msg, size_t msg_len)
{
    hw_status st = check_spectrum(d, msg, msg_len);
    if (st != HW_OK) return st;
    int nf = d->n_frequencies == 0 ? DEFAULT_NF : d->n_frequencies;
    if (nf < 2 || nf > MAX_COMPONENTS) {
        snprintf(msg, msg_len, "waves: spectrum: expected n_frequencies >= 2 and <= %d (or 0: %d), got %d", MAX_COMPONENTS,
                 DEFAULT_NF, d->n_frequencies);
        return HW_ERR_INPUT;
    }
    if (d->omega_min < 0.0 || d->omega_max < 0.0 || !isfinite(d->omega_min) || !isfinite(d->omega_max)) {
        snprintf(msg, msg_len, "waves: spectrum: expected omega_min, omega_max >= 0 rad/s (0: from the spectrum), got %g, %g",
                 d->omega_min, d->omega_max);
        return HW_ERR_INPUT;
    }
    double lo = d->omega_min, hi = d->omega_max;
    if (lo == 0.0 || hi == 0.0) {
        double dl, dh;
        default_band(d, &dl, &dh);
        if (lo == 0.0) lo = dl;
        if (hi == 0.0) hi = dh;
    }
    if (!(hi > lo)) {
        snprintf(msg, msg_len, "waves: spectrum: expected omega_min < omega_max, got %g, %g rad/s", lo, hi);
        return HW_ERR_INPUT;
    }
    double dn = (hi - lo) / (nf - 1);
    double jr = floor(lo / dn + 0.5);
    int j = jr < 1.0 ? 1 : (int)jr;
    *n = nf;
    *j0 = j;
    *dw = hi / (double)(j + nf - 1);
    *wmin = lo;
    *wmax = hi;
    return HW_OK;
}

hw_status hw_spreading_directions(const hw_waves_def *d, int *nd, double *b, double *wt,
                                  char *msg, size_t msg_len)
{
    double s = d->spreading;
    if (!(s >= 0.0) || !isfinite(s)) {
        snprintf(msg, msg_len, "waves: spreading: expected an exponent s >= 0 (0: long-crested), got %g", s);
        return HW_ERR_INPUT;
    }
    int m = d->n_directions == 0 ? DEFAULT_ND : d->n_directions;
    if (m < 1 || m % 2 == 0) {
        snprintf(msg, msg_len, "waves: spreading: expected an odd number of directions n_directions >= 1 (or 0: %d), got %d",
                 DEFAULT_ND, d->n_directions);
        return HW_ERR_INPUT;
    }
    if (!isfinite(d->direction)) {
        snprintf(msg, msg_len, "waves: expected a finite direction (rad), got %g", d->direction);
        return HW_ERR_INPUT;
    }
    if (s == 0.0 || m == 1) {
        *nd = 1;
        b[0] = d->direction;
        wt[0] = 1.0;
        return HW_OK;
    }
    /* half-width: cos^2s(th / 2) = SPREAD_CUT, at most the whole circle */
    double thm = 2.0 * acos(pow(SPREAD_CUT, 0.5 / s));
    double db = 2.0 * thm / (m - 1);
    if (db > 2.0 * PI / m) db = 2.0 * PI / m;
    double sum = 0.0;
    for (int i = 0; i < m; i++) {
        double th = (i - (m - 1) / 2) * db;
        b[i] = d->direction + th;
        wt[i] = pow(cos(0.5 * th), 2.0 * s);
        sum += wt[i];
    }
    for (int i = 0; i < m; i++) wt[i] /= sum;
    *nd = m;
    return HW_OK;
}

hw_status hw_waves_spectrum_components(const hw_waves_def *d, double depth, double g, int *n,
                                       double **amp, double **omega, double **dir,
                                       double **phase, char *msg, size_t msg_len)
{
    (void)depth;
    (void)g;
    *n = 0;
    *amp = *omega = *dir = *phase = NULL;
    int nf, j0;
    double dw, lo, hi;
    hw_status st = hw_spectrum_grid(d, &nf, &j0, &dw, &lo, &hi, msg, msg_len);
    if (st != HW_OK) return st;
    int mdir = d->n_directions > 0 ? d->n_directions : DEFAULT_ND;
    if (mdir > MAX_COMPONENTS) {
        snprintf(msg, msg_len, "waves: spreading: expected at most %d directions, got %d", MAX_COMPONENTS, mdir);
        return HW_ERR_INPUT;
    }
    double *bw = (double *)malloc((size_t)(2 * mdir + nf) * sizeof(double));
    if (!bw) {
        snprintf(msg, msg_len, "waves: out of memory");
        return HW_ERR_NOMEM;
    }
    double *b = bw, *wt = bw + mdir, *S = wt + mdir;
    int nd;
    st = hw_spreading_directions(d, &nd, b, wt, msg, msg_len);
    if (st != HW_OK) {
        free(bw);
        return st;
    }
    /* S at the frequencies, and the normalisation: JONSWAP and PM to 4 sqrt(m0) = Hs over the
     * discrete components, the table as given */
    double m0 = 0.0;
    for (int j = 0; j < nf; j++) {
        S[j] = hw_spectrum_density(d, (j0 + j) * dw);
        m0 += S[j] * dw;
    }
    double c = 1.0;
    if (d->spectrum != HW_SPECTRUM_TABLE) c = m0 > 0.0 ? d->hs * d->hs / 16.0 / m0 : 0.0;
    size_t total = (size_t)nf * (size_t)nd;
    if (total > MAX_COMPONENTS) {
        free(bw);
        snprintf(msg, msg_len, "waves: spectrum: n_frequencies x n_directions = %zu components, expected at most %d",
                 total, MAX_COMPONENTS);
        return HW_ERR_INPUT;
    }
    double *buf = (double *)malloc(4 * total * sizeof(double));
    if (!buf) {
        free(bw);
        snprintf(msg, msg_len, "waves: out of memory for %zu components", total);
        return HW_ERR_NOMEM;
    }
    double *A = buf, *W = A + total, *B = W + total, *P = B + total;
    uint64_t state = d->seed;
    int k = 0;
    for (int j = 0; j < nf; j++) {
        for (int i = 0; i < nd; i++) {
            double ph = 2.0 * PI * hw_splitmix64_unit(&state); /* drawn for every pair, kept or not */
            double a = sqrt(2.0 * c * S[j] * dw * wt[i]);
            if (!(a > 0.0)) continue;
            A[k] = a;
            W[k] = (j0 + j) * dw;
            B[k] = b[i];
            P[k] = ph;
            k++;
        }
    }
    free(bw);
    if (k < (int)total) { /* close the gaps: the four arrays at k apart */
        memmove(buf + k, W, (size_t)k * sizeof(double));
        memmove(buf + 2 * k, B, (size_t)k * sizeof(double));
        memmove(buf + 3 * k, P, (size_t)k * sizeof(double));
    }
    *n = k;
    *amp = buf;
    *omega = buf + k;
    *dir = buf + 2 * k;
    *phase = buf + 3 * k;
    return HW_OK;
}

static hw_status check_record(const double *t, const double *eta, int n, const char *what,
                              double *dt_out, char *msg, size_t msg_len)
{
    if (n < 8 || !eta) {
        snprintf(msg, msg_len, "waves: %s: expected at least 8 samples, got %d", what, n);
        return HW_ERR_INPUT;
    }
    for (int i = 0; i < n; i++) {
        if (!isfinite(eta[i]) || (t && !isfinite(t[i]))) {
            snprintf(msg, msg_len, "waves: %s: sample %d: expected a finite time and elevation", what, i);
            return HW_ERR_INPUT;
        }
    }
    if (!t) return HW_OK;
    double dt = (t[n - 1] - t[0]) / (n - 1);
    if (!(dt > 0.0)) {
        snprintf(msg, msg_len, "waves: %s: expected increasing times, got t[0] = %g s, t[%d] = %g s", what, t[0], n - 1, t[n - 1]);
        return HW_ERR_INPUT;
    }
    for (int i = 1; i < n; i++) {
        double h = t[i] - t[i - 1];
        if (!(fabs(h - dt) <= 1e-6 * dt)) {
            snprintf(msg, msg_len,
                     "waves: %s: sample %d at t = %.9g s: expected equally spaced times (interval %.9g s within 1e-6 of it), got an interval of %.9g s",
                     what, i, t[i], dt, h);
            return HW_ERR_INPUT;
        }
    }
    *dt_out = dt;
    return HW_OK;
}

/* FFTW's planner is not thread-safe (only fftw_execute is): plans are made and destroyed under
 * this lock, so sea states may be built from several threads at once. */
static pthread_mutex_t plan_lock = PTHREAD_MUTEX_INITIALIZER;

/* The real FFT of x[0..n-1] minus its mean: X[0..n/2] (fftw_malloc'd, the caller fftw_frees it). */
static fftw_complex *record_fft(const double *x, int n, double *mean_out)
{
    double *in = (double *)fftw_malloc((size_t)n * sizeof(double));
    fftw_complex *out = (fftw_complex *)fftw_malloc((size_t)(n / 2 + 1) * sizeof(fftw_complex));
    if (!in || !out) {
        fftw_free(in);
        fftw_free(out);
        return NULL;
    }
    pthread_mutex_lock(&plan_lock);
    fftw_plan p = fftw_plan_dft_r2c_1d(n, in, out, FFTW_ESTIMATE); /* may overwrite in: fill after */
    pthread_mutex_unlock(&plan_lock);
    if (!p) {
        fftw_free(in);
        fftw_free(out);
        return NULL;
    }
    double mean = 0.0;
    for (int i = 0; i < n; i++) mean += x[i];
    mean /= n;
    for (int i = 0; i < n; i++) in[i] = x[i] - mean;
    fftw_execute(p);
    pthread_mutex_lock(&plan_lock);
    fftw_destroy_plan(p);
    pthread_mutex_unlock(&plan_lock);
    fftw_free(in);
    out[0][0] = out[0][1] = 0.0; /* the mean, removed (rounding left) */
    *mean_out = mean;
    return out;
}

hw_status hw_waves_elevation_components(const hw_waves_def *d, double depth, double g, int *n,
                                        double **amp, double **omega, double **dir,
                                        double **phase, char *msg, size_t msg_len)
{
    *n = 0;
    *amp = *omega = *dir = *phase = NULL;
    int N = d->n_samples;
    double dt = 0.0;
    if (!d->t) {
        snprintf(msg, msg_len, "waves: elevation record: expected the sample times t");
        return HW_ERR_INPUT;
    }
    hw_status st = check_record(d->t, d->eta, N, "elevation record", &dt, msg, msg_len);
    if (st != HW_OK) return st;
    if (!isfinite(d->ref_x) || !isfinite(d->ref_y) || !isfinite(d->direction)) {
        snprintf(msg, msg_len, "waves: elevation record: expected a finite reference point and direction");
        return HW_ERR_INPUT;
    }
    double mean;
    fftw_complex *X = record_fft(d->eta, N, &mean);
    if (!X) {
        snprintf(msg, msg_len, "waves: elevation record: out of memory for the FFT of %d samples", N);
        return HW_ERR_NOMEM;
    }
    int nb = N / 2; /* bins 1 .. N/2 */
    double *buf = (double *)malloc(4 * (size_t)nb * sizeof(double));
    if (!buf) {
        fftw_free(X);
        snprintf(msg, msg_len, "waves: out of memory for %d components", nb);
        return HW_ERR_NOMEM;
    }
    double amax = 0.0;
    for (int j = 1; j <= nb; j++) {
        double a = hypot(X[j][0], X[j][1]) * ((2 * j == N) ? 1.0 : 2.0) / N;
        amax = a > amax ? a : amax;
    }
    /* eta(t_i) - mean = sum_j A_j cos(w_j (t_i - t0) + arg X_j), w_j = 2 pi j / (N dt); as a wave
     * travelling along b seen at x_ref: cos(k (x_ref cos b + y_ref sin b) - w_j t + p_j) with
     * p_j = w_j t0 - arg X_j - k.x_ref */
    double cb = cos(d->direction), sb = sin(d->direction);
    double xr = d->ref_x * cb + d->ref_y * sb;
    int k = 0;
    for (int j = 1; j <= nb; j++) {
        double a = hypot(X[j][0], X[j][1]) * ((2 * j == N) ? 1.0 : 2.0) / N;
        if (!(a > 1e-14 * amax)) continue; /* nothing there (the rounding of the transform) */
        double w = 2.0 * PI * j / (N * dt);
        double kw = hw_wave_number(w, depth, g);
        double p = fmod(w * d->t[0] - atan2(X[j][1], X[j][0]) - kw * xr, 2.0 * PI);
        if (p < 0.0) p += 2.0 * PI;
        buf[k] = a;
        buf[nb + k] = w;
        buf[2 * nb + k] = d->direction;
        buf[3 * nb + k] = p;
        k++;
    }
    fftw_free(X);
    if (k < nb) {
        memmove(buf + k, buf + nb, (size_t)k * sizeof(double));
        memmove(buf + 2 * k, buf + 2 * nb, (size_t)k * sizeof(double));
        memmove(buf + 3 * k, buf + 3 * nb, (size_t)k * sizeof(double));
    }
    *n = k;
    *amp = buf;
    *omega = buf + k;
    *dir = buf + 2 * k;
    *phase = buf + 3 * k;
    return HW_OK;
}

hw_status hw_waves_record_spectrum(const double *eta, int n, double dt, double *S,
                                   hw_record_spectrum *out, char *msg, size_t msg_len)
{
    if (!out) return HW_ERR_INVALID_ARG;
    memset(out, 0, sizeof *out);
    hw_status st = check_record(NULL, eta, n, "record spectrum", NULL, msg, msg_len);
    if (st != HW_OK) return st;
    if (!(dt > 0.0) || !isfinite(dt)) {
        snprintf(msg, msg_len, "waves: record spectrum: expected a sampling interval dt > 0 s, got %g", dt);
        return HW_ERR_INPUT;
    }
    double mean;
    fftw_complex *X = record_fft(eta, n, &mean);
    if (!X) {
        snprintf(msg, msg_len, "waves: record spectrum: out of memory for the FFT of %d samples", n);
        return HW_ERR_NOMEM;
    }
    double dw = 2.0 * PI / (n * dt);
    out->n_bins = n / 2 + 1;
    out->dw = dw;
    out->mean = mean;
    double smax = -1.0;
    for (int j = 0; j <= n / 2; j++) {
        double c = (j == 0 || 2 * j == n) ? 1.0 : 2.0;
        double s = (X[j][0] * X[j][0] + X[j][1] * X[j][1]) * c / ((double)n * (double)n * dw);
        double w = j * dw;
        if (S) S[j] = s;
        out->m0 += s * dw;
        out->m1 += w * s * dw;
        out->m2 += w * w * s * dw;
        if (j > 0 && s > smax) {
            smax = s;
            out->wp = w;
        }
    }
    fftw_free(X);
    out->hs = 4.0 * sqrt(out->m0);
    out->tp = out->wp > 0.0 ? 2.0 * PI / out->wp : 0.0;
    out->tz = out->m2 > 0.0 ? 2.0 * PI * sqrt(out->m0 / out->m2) : 0.0;
    return HW_OK;
}
