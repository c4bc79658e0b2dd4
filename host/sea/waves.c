/* A sea state from its definition (include/hawser/waves.h): regular waves and given components
 * here, spectra and measured records in host/sea/spectrum.c; evaluation through
 * kernels/physics/waves.h. */
#include "sea/waves.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

hw_waves_def hw_default_waves(void)
{
    hw_waves_def d;
    memset(&d, 0, sizeof d);
    d.kind = HW_WAVES_NONE;
    d.spectrum = HW_SPECTRUM_JONSWAP;
    return d;
}

hw_wave_field hw_waves_field(const hw_waves *w, double rho, double g, double depth)
{
    hw_wave_field f;
    if (w) {
        f = w->f;
    } else {
        memset(&f, 0, sizeof f);
    }
    f.rho = rho;
    f.g = g;
    f.depth = depth;
    return f;
}

typedef struct comp { double a, w, d, p; } comp;

static int by_omega(const void *x, const void *y)
{
    const comp *a = (const comp *)x, *b = (const comp *)y;
    if (a->w != b->w) return a->w < b->w ? -1 : 1;
    if (a->d != b->d) return a->d < b->d ? -1 : 1;
    return 0;
}

hw_status hw_waves_from_components(hw_waves *w, int n, const double *amp, const double *omega,
                                   const double *dir, const double *phase, double depth, double g,
                                   char *msg, size_t msg_len)
{
    if (n < 0 || (n > 0 && (!amp || !omega || !dir || !phase))) {
        snprintf(msg, msg_len, "waves: expected n >= 0 components with their arrays");
        return HW_ERR_INPUT;
    }
    for (int j = 0; j < n; j++) {
        if (!(omega[j] > 0.0) || !isfinite(omega[j])) {
            snprintf(msg, msg_len, "waves: component %d: expected an angular frequency > 0, got %g", j, omega[j]);
            return HW_ERR_INPUT;
        }
        if (!(amp[j] >= 0.0) || !isfinite(amp[j]) || !isfinite(dir[j]) || !isfinite(phase[j])) {
            snprintf(msg, msg_len, "waves: component %d: expected a finite amplitude >= 0, direction and phase", j);
            return HW_ERR_INPUT;
        }
    }
    free(w->buf);
    w->buf = NULL;
    memset(&w->f, 0, sizeof w->f);
    w->f.depth = depth;
    w->f.g = g;
    if (n == 0) return HW_OK;
    comp *c = (comp *)malloc((size_t)n * sizeof *c);
    double *buf = (double *)malloc((size_t)n * 7 * sizeof(double));
    if (!c || !buf) {
        free(c);
        free(buf);
        snprintf(msg, msg_len, "waves: out of memory for %d components", n);
        return HW_ERR_NOMEM;
    }
    for (int j = 0; j < n; j++) {
        c[j].a = amp[j];
        c[j].w = omega[j];
        c[j].d = dir[j];
        c[j].p = phase[j];
    }
    qsort(c, (size_t)n, sizeof *c, by_omega); /* equal frequencies next to each other */
    double *A = buf, *W = A + n, *K = W + n, *CX = K + n, *CY = CX + n, *PH = CY + n, *E = PH + n;
    for (int j = 0; j < n; j++) {
        A[j] = c[j].a;
        W[j] = c[j].w;
        K[j] = (j > 0 && c[j].w == c[j - 1].w) ? K[j - 1] : hw_wave_number(c[j].w, depth, g);
        CX[j] = cos(c[j].d);
        CY[j] = sin(c[j].d);
        PH[j] = c[j].p;
        E[j] = exp(-2.0 * K[j] * depth);
    }
    free(c);
    w->buf = buf;
    w->f.n = n;
    w->f.a = A; w->f.w = W; w->f.k = K; w->f.cx = CX; w->f.cy = CY; w->f.ph = PH; w->f.e2kh = E;
    return HW_OK;
}

hw_status hw_waves_create(const hw_env_def *env, hw_waves **out, char *msg, size_t msg_len)
{
    *out = NULL;
    if (!env) return HW_ERR_INVALID_ARG;
    const hw_waves_def *d = &env->waves;
    hw_waves *w = (hw_waves *)calloc(1, sizeof *w);
    if (!w) {
        snprintf(msg, msg_len, "waves: out of memory");
        return HW_ERR_NOMEM;
    }
    w->dir0 = d->direction;
    if (d->kind != HW_WAVES_NONE && (!(env->g > 0.0) || !(env->depth > 0.0) || !isfinite(env->g) ||
                                     !isfinite(env->depth))) {
        snprintf(msg, msg_len, "waves: expected gravity > 0 and a water depth > 0 (the dispersion "
                 "relation needs both), got g = %g m/s^2, depth = %g m", env->g, env->depth);
        hw_waves_destroy(w);
        return HW_ERR_INPUT;
    }
    hw_status st = HW_OK;
    int n = 0;
    double *amp = NULL, *omega = NULL, *dir = NULL, *phase = NULL;
    double one_a, one_w, one_d, one_p;
    switch (d->kind) {
    case HW_WAVES_NONE:
        break;
    case HW_WAVES_REGULAR:
        one_w = d->omega > 0.0 ? d->omega : (d->period > 0.0 ? 2.0 * HW_WAVE_PI / d->period : 0.0);
        if (!(one_w > 0.0) || !(d->height >= 0.0)) {
            snprintf(msg, msg_len, "waves: regular waves need a height >= 0 and a period > 0 (or omega > 0)");
            st = HW_ERR_INPUT;
            break;
        }
        one_a = 0.5 * d->height;
        one_d = d->direction;
        one_p = d->phase;
        n = 1;
        amp = &one_a; omega = &one_w; dir = &one_d; phase = &one_p;
        break;
    case HW_WAVES_COMPONENTS:
        n = d->n_components;
        amp = (double *)d->c_amp; omega = (double *)d->c_omega;
        dir = (double *)d->c_dir; phase = (double *)d->c_phase;
        break;
    case HW_WAVES_SPECTRUM:
        st = hw_waves_spectrum_components(d, env->depth, env->g, &n, &amp, &omega, &dir, &phase, msg, msg_len);
        break;
    case HW_WAVES_ELEVATION:
        st = hw_waves_elevation_components(d, env->depth, env->g, &n, &amp, &omega, &dir, &phase, msg, msg_len);
        break;
    default:
        snprintf(msg, msg_len, "waves: unknown kind %d", (int)d->kind);
        st = HW_ERR_INPUT;
    }
    if (st == HW_OK)
        st = hw_waves_from_components(w, n, amp, omega, dir, phase, env->depth, env->g, msg, msg_len);
    if (d->kind == HW_WAVES_SPECTRUM || d->kind == HW_WAVES_ELEVATION) free(amp);
    if (st != HW_OK) {
        hw_waves_destroy(w);
        return st;
    }
    w->f.rho = env->rho_w;
    w->f.ramp = d->ramp_time;
    double wmax = 0.0;
    for (int j = 0; j < w->f.n; j++) wmax = w->f.w[j] > wmax ? w->f.w[j] : wmax;
    if (d->kind == HW_WAVES_REGULAR) {
        w->repeat = 2.0 * HW_WAVE_PI / one_w;
    } else if (d->kind == HW_WAVES_SPECTRUM) {
        int nf, j0;
        double dw, lo, hi;
        if (hw_spectrum_grid(d, &nf, &j0, &dw, &lo, &hi, msg, msg_len) == HW_OK) w->repeat = 2.0 * HW_WAVE_PI / dw;
    } else if (d->kind == HW_WAVES_ELEVATION) {
        w->repeat = (d->t[d->n_samples - 1] - d->t[0]) * d->n_samples / (d->n_samples - 1);
    }
    /* The automatic sampling step of the lines' node kinematics: linear interpolation over h is
     * off by (w h)^2 / 8 of a component's amplitude, so the elevation's error has the RMS
     * h^2 / 8 sqrt(m4) (m_n = sum a^2 w^n / 2, the spectral moments). h makes it (2 pi / 40)^2 / 8
     * = 0.31% of the elevation's standard deviation sqrt(m0):
     *   h = (2 pi / 40) (m0 / m4)^(1/4),
     * which is T / 40 for one component (T its period) and longer for a spectrum, whose short
     * components carry little of its energy (docs/physics.md section 10). All amplitudes zero:
     * 1/40 of the shortest period. */
    double m0 = 0.0, m4 = 0.0;
    for (int j = 0; j < w->f.n; j++) {
        double a2 = w->f.a[j] * w->f.a[j], w2 = w->f.w[j] * w->f.w[j];
        m0 += 0.5 * a2;
        m4 += 0.5 * a2 * w2 * w2;
    }
    double hauto = m4 > 0.0 ? 2.0 * HW_WAVE_PI / 40.0 * sqrt(sqrt(m0 / m4))
                            : (wmax > 0.0 ? 2.0 * HW_WAVE_PI / wmax / 40.0 : 0.0);
    w->step = w->f.n == 0 ? 0.0 : d->kinematics_step > 0.0 ? d->kinematics_step : hauto;
    *out = w;
    return HW_OK;
}

void hw_waves_destroy(hw_waves *w)
{
    if (!w) return;
    free(w->buf);
    free(w);
}

int hw_waves_count(const hw_waves *w) { return w ? w->f.n : 0; }

hw_status hw_waves_component(const hw_waves *w, int j, double *amp, double *omega, double *k,
                             double *dir, double *phase)
{
    if (!w || j < 0 || j >= w->f.n) return HW_ERR_INVALID_ARG;
    if (amp) *amp = w->f.a[j];
    if (omega) *omega = w->f.w[j];
    if (k) *k = w->f.k[j];
    if (dir) *dir = atan2(w->f.cy[j], w->f.cx[j]);
    if (phase) *phase = w->f.ph[j];
    return HW_OK;
}

double hw_waves_elevation(const hw_waves *w, double x, double y, double t)
{
    return w ? hw_wave_eta(&w->f, x, y, t) : 0.0;
}

hw_wave_point hw_waves_kinematics(const hw_waves *w, const double r[3], double t)
{
    hw_wave_point p;
    memset(&p, 0, sizeof p);
    p.wet = r[2] < 0.0;
    if (!w) return p;
    hw_wave_kin K = hw_wave_eval(&w->f, hw_v3_make(r[0], r[1], r[2]), t);
    p.eta = K.eta;
    p.u[0] = K.u.x; p.u[1] = K.u.y; p.u[2] = K.u.z;
    p.a[0] = K.a.x; p.a[1] = K.a.y; p.a[2] = K.a.z;
    p.pd = K.pd;
    p.wet = K.wet;
    return p;
}

double hw_waves_kinematics_step(const hw_waves *w) { return w ? w->step : 0.0; }

double hw_waves_repeat_period(const hw_waves *w) { return w ? w->repeat : 0.0; }
