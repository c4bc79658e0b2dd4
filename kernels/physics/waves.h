/* Linear (Airy) waves as a sum of components (docs/physics.md section 10): the dispersion
 * relation, the surface elevation, and the fluid velocity, acceleration and dynamic pressure at a
 * point under the instantaneous surface, with Wheeler stretching. Compiled by gcc and nvcc; the
 * host builds the components (host/sea/waves.c), the backends evaluate them here.
 *
 * Component j: amplitude a_j (m), angular frequency w_j (rad/s), wavenumber k_j (rad/m, from the
 * dispersion relation in the water depth h), direction of travel b_j (rad from +x towards +y,
 * stored as cx = cos b, cy = sin b) and phase p_j (rad):
 *
 *   theta_j = k_j (x cx_j + y cy_j) - w_j t + p_j,     eta = R(t) sum_j a_j cos theta_j
 *
 * Under the surface (z <= eta), at the stretched height zs = h (z - eta) / (h + eta) (Wheeler:
 * the still-water profile between -h and 0 is stretched to fill -h .. eta), with
 *   Ch = cosh k (zs + h) / sinh k h,  Sh = sinh k (zs + h) / sinh k h,  Cp = cosh k (zs + h) / cosh k h:
 *   u_h = R sum a w Ch cos theta (cx, cy)      u_z = R sum a w Sh sin theta
 *   a_h = R sum a w^2 Ch sin theta (cx, cy)    a_z = -R sum a w^2 Sh cos theta
 *   p_d = R rho g sum a Cp cos theta
 * (a = du/dt at a fixed point, the local acceleration of linear theory). Above the surface there is
 * no fluid: u = a = 0, p_d = 0. R(t) is the ramp: 0.5 (1 - cos(pi t / T_ramp)) for t < T_ramp,
 * else 1 (its own time derivative is left out of a: the ramp is slow beside a wave period).
 *
 * The depth factors are written with exponentials of non-positive arguments only, so they hold
 * from shallow to deep water without overflow (kh of 700 and more):
 *   Ch = (e^{k zs} + e^{-k (zs + 2h)}) / (1 - e^{-2kh}),  Sh = (e^{k zs} - e^{-k (zs + 2h)}) / (1 - e^{-2kh}),
 *   Cp = (e^{k zs} + e^{-k (zs + 2h)}) / (1 + e^{-2kh}).
 * Components are stored grouped by frequency (equal k next to each other, as directional
 * spreading makes them): the depth factors are computed once per group. */
#ifndef HW_PHYSICS_WAVES_H
#define HW_PHYSICS_WAVES_H
#include "hd.h"

#define HW_WAVE_PI 3.14159265358979323846

/* The components as flat arrays (host or device memory), n of each. n = 0: still water. */
typedef struct hw_wave_field {
    int n;
    double depth, g, rho; /* water depth h (m), gravity (m/s^2), density (kg/m^3) */
    double ramp;          /* ramp-up time T_ramp (s); <= 0: none */
    const double *a, *w, *k, *cx, *cy, *ph;
    const double *e2kh;   /* per component: e^{-2 k h} (precomputed: one exp less per node) */
} hw_wave_field;

/* Fluid kinematics at a point: surface elevation above it, velocity, local acceleration, dynamic
 * pressure, and whether the point is under the surface (1) or above it (0: u, a, pd are 0). */
typedef struct hw_wave_kin {
    double eta;
    hw_v3 u, a;
    double pd;
    int wet;
} hw_wave_kin;

/* Wavenumber k (rad/m) of angular frequency w (rad/s > 0) in water of depth h (m > 0):
 *   w^2 = g k tanh(k h).
 * Started from Eckart's explicit approximation (k0 = w^2 / g, k = k0 / sqrt(tanh(k0 h))), then
 * Newton on f(k) = g k tanh(k h) - w^2 to a relative change below 1e-15 (three or four steps
 * from shallow to deep water). */
HW_HD double hw_wave_number(double w, double h, double g)
{
    if (!(w > 0.0) || !(h > 0.0) || !(g > 0.0)) return 0.0;
    double k0 = w * w / g;
    double k = k0 / sqrt(tanh(k0 * h));
    for (int it = 0; it < 50; it++) {
        double th = tanh(k * h);
        double f = g * k * th - w * w;
        double df = g * th + g * k * h * (1.0 - th * th);
        double dk = f / df;
        k -= dk;
        if (fabs(dk) <= 1e-15 * k) break;
    }
    return k;
}

HW_HD double hw_wave_ramp(const hw_wave_field *W, double t)
{
    if (!(W->ramp > 0.0) || t >= W->ramp) return 1.0;
    if (t <= 0.0) return 0.0;
    return 0.5 * (1.0 - cos(HW_WAVE_PI * t / W->ramp));
}

/* Surface elevation at (x, y) and time t (m, ramp included). */
HW_HD double hw_wave_eta(const hw_wave_field *W, double x, double y, double t)
{
    double s = 0.0;
    for (int j = 0; j < W->n; j++)
        s += W->a[j] * cos(W->k[j] * (x * W->cx[j] + y * W->cy[j]) - W->w[j] * t + W->ph[j]);
    return hw_wave_ramp(W, t) * s;
}

/* The kinematics at point r and time t (see the header comment). */
HW_HD hw_wave_kin hw_wave_eval(const hw_wave_field *W, hw_v3 r, double t)
{
    hw_wave_kin K;
    K.u = hw_v3_zero();
    K.a = hw_v3_zero();
    K.pd = 0.0;
    K.eta = 0.0;
    K.wet = r.z < 0.0;
    if (W->n <= 0) return K;
    double R = hw_wave_ramp(W, t);
    double h = W->depth;
    K.eta = hw_wave_eta(W, r.x, r.y, t);
    K.wet = r.z <= K.eta;
    if (!K.wet) return K;
    double eta = K.eta;
    if (eta < -0.99 * h) eta = -0.99 * h; /* a trough to the seabed: keep the map finite */
    double zs = h * (r.z - eta) / (h + eta);
    if (zs > 0.0) zs = 0.0;
    if (zs < -h) zs = -h;
    double uh = 0.0, vh = 0.0, uz = 0.0, ah = 0.0, bh = 0.0, az = 0.0, pd = 0.0;
    double kprev = -1.0, ch = 0.0, sh = 0.0, cp = 0.0;
    for (int j = 0; j < W->n; j++) {
        double k = W->k[j];
        if (k != kprev) { /* a new frequency group: its depth factors */
            double e1 = exp(k * zs), e2 = exp(-k * (zs + 2.0 * h)), q = W->e2kh[j];
            ch = (e1 + e2) / (1.0 - q);
            sh = (e1 - e2) / (1.0 - q);
            cp = (e1 + e2) / (1.0 + q);
            kprev = k;
        }
        double th = k * (r.x * W->cx[j] + r.y * W->cy[j]) - W->w[j] * t + W->ph[j];
        double c = cos(th), s = sin(th);
        double aw = W->a[j] * W->w[j], aww = aw * W->w[j];
        double hu = aw * ch * c, ha = aww * ch * s;
        uh += hu * W->cx[j]; vh += hu * W->cy[j];
        ah += ha * W->cx[j]; bh += ha * W->cy[j];
        uz += aw * sh * s;
        az -= aww * sh * c;
        pd += W->a[j] * cp * c;
    }
    K.u = hw_v3_make(R * uh, R * vh, R * uz);
    K.a = hw_v3_make(R * ah, R * bh, R * az);
    K.pd = R * W->rho * W->g * pd;
    return K;
}
#endif
