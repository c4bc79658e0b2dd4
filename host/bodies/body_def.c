/* Defaults and checks of a 6-DOF body's definition (include/hawser/body.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hawser/body.h"

hw_body_def hw_default_body(void)
{
    hw_body_def b;
    memset(&b, 0, sizeof b);
    b.name = "";
    b.kind = HW_BODY_FIXED;
    b.motion = HW_MOTION_CONSTANT_VELOCITY;
    b.period = 1.0;
    return b;
}

static hw_status bad(char *msg, size_t len, const hw_body_def *d, int k, const char *field,
                     const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (msg && len) snprintf(msg, len, "body '%s' (%d) field '%s': %s", d->name ? d->name : "", k, field, what);
    return HW_ERR_INPUT;
}

static int finite_n(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return 0;
    return 1;
}

hw_status hw_body_check(const hw_body_def *d, int k, char *msg, size_t len)
{
    if (!d) return HW_ERR_INVALID_ARG;
    if (d->kind < HW_BODY_FREE || d->kind > HW_BODY_COUPLED)
        return bad(msg, len, d, k, "type", "expected free, fixed, prescribed or coupled, got kind %d", (int)d->kind);
    if (!finite_n(d->pos, 3)) return bad(msg, len, d, k, "pos", "expected 3 finite numbers");
    if (!finite_n(d->rot, 3)) return bad(msg, len, d, k, "rot", "expected 3 finite angles (rad)");
    if (!finite_n(d->cg, 3)) return bad(msg, len, d, k, "cg", "expected 3 finite numbers");
    if (!finite_n(d->cb, 3)) return bad(msg, len, d, k, "cb", "expected 3 finite numbers");
    if (!(d->mass >= 0.0) || !isfinite(d->mass)) return bad(msg, len, d, k, "mass", "expected a mass >= 0 kg, got %g", d->mass);
    if (!(d->volume >= 0.0) || !isfinite(d->volume))
        return bad(msg, len, d, k, "volume", "expected a volume >= 0 m^3, got %g", d->volume);
    if (!(d->awp >= 0.0) || !isfinite(d->awp)) return bad(msg, len, d, k, "waterplane_area", "expected an area >= 0 m^2, got %g", d->awp);
    for (int i = 0; i < 2; i++)
        if (!(d->iwp[i] >= 0.0) || !isfinite(d->iwp[i]))
            return bad(msg, len, d, k, "waterplane_inertia", "expected second moments >= 0 m^4, got %g", d->iwp[i]);
    for (int i = 0; i < 6; i++) {
        if (!(d->cda[i] >= 0.0) || !isfinite(d->cda[i])) return bad(msg, len, d, k, "CdA", "expected 6 values >= 0, got %g at %d", d->cda[i], i + 1);
        if (!(d->ca[i] >= 0.0) || !isfinite(d->ca[i])) return bad(msg, len, d, k, "Ca", "expected 6 values >= 0, got %g at %d", d->ca[i], i + 1);
    }
    if (!finite_n(d->inertia, 6)) return bad(msg, len, d, k, "inertia", "expected 6 finite values (Ixx Iyy Izz Ixy Ixz Iyz)");
    if (d->kind == HW_BODY_FREE) {
        if (!(d->mass > 0.0)) return bad(msg, len, d, k, "mass", "a free body needs a mass > 0 kg, got %g", d->mass);
        /* positive definite inertia: leading minors of [Ixx Ixy Ixz; Ixy Iyy Iyz; Ixz Iyz Izz] */
        const double *I = d->inertia;
        double m1 = I[0], m2 = I[0] * I[1] - I[3] * I[3];
        double m3 = I[0] * (I[1] * I[2] - I[5] * I[5]) - I[3] * (I[3] * I[2] - I[5] * I[4]) +
                    I[4] * (I[3] * I[5] - I[1] * I[4]);
        if (!(m1 > 0.0 && m2 > 0.0 && m3 > 0.0))
            return bad(msg, len, d, k, "inertia", "a free body needs a positive definite inertia tensor about its CG "
                       "(Ixx Iyy Izz Ixy Ixz Iyz = %g %g %g %g %g %g)", I[0], I[1], I[2], I[3], I[4], I[5]);
    }
    if (d->kind == HW_BODY_PRESCRIBED) {
        if (d->motion == HW_MOTION_CONSTANT_VELOCITY) {
            if (!finite_n(d->vel, 6)) return bad(msg, len, d, k, "motion.velocity", "expected 6 finite values");
        } else if (d->motion == HW_MOTION_SINUSOID) {
            if (!finite_n(d->amp, 6)) return bad(msg, len, d, k, "motion.amplitude", "expected 6 finite values");
            if (!(d->period > 0.0) || !isfinite(d->period))
                return bad(msg, len, d, k, "motion.period", "expected a period > 0 s, got %g", d->period);
            if (!isfinite(d->phase)) return bad(msg, len, d, k, "motion.phase", "expected a finite phase (rad)");
        } else if (d->motion == HW_MOTION_TABLE) {
            if (d->table_n < 2 || !d->table_t || !d->table_6)
                return bad(msg, len, d, k, "motion.table", "expected at least 2 rows (t x y z roll pitch yaw), got %d", d->table_n);
            for (int i = 0; i < d->table_n; i++) {
                if (!isfinite(d->table_t[i]) || !finite_n(d->table_6 + 6 * i, 6))
                    return bad(msg, len, d, k, "motion.table", "expected finite numbers, row %d is not", i + 1);
                if (i > 0 && !(d->table_t[i] > d->table_t[i - 1]))
                    return bad(msg, len, d, k, "motion.table", "expected strictly increasing times, got %g after %g at row %d",
                               d->table_t[i], d->table_t[i - 1], i + 1);
            }
        } else if (d->motion == HW_MOTION_RAO) {
            int nw = d->rao_n_omega, nh = d->rao_n_heading;
            if (nw < 1 || nh < 1 || !d->rao_omega || !d->rao_heading || !d->rao_amp || !d->rao_phase)
                return bad(msg, len, d, k, "motion.rao", "expected a table of at least 1 frequency and 1 heading, got %d x %d", nw, nh);
            for (int i = 0; i < nw; i++) {
                if (!(d->rao_omega[i] > 0.0) || !isfinite(d->rao_omega[i]))
                    return bad(msg, len, d, k, "motion.rao", "expected frequencies > 0 rad/s, got %g", d->rao_omega[i]);
                if (i > 0 && !(d->rao_omega[i] > d->rao_omega[i - 1]))
                    return bad(msg, len, d, k, "motion.rao", "expected strictly increasing frequencies, got %g after %g",
                               d->rao_omega[i], d->rao_omega[i - 1]);
            }
            for (int j = 0; j < nh; j++) {
                if (!isfinite(d->rao_heading[j]) || (j > 0 && !(d->rao_heading[j] > d->rao_heading[j - 1])))
                    return bad(msg, len, d, k, "motion.rao", "expected finite, strictly increasing headings (rad), got %g at %d",
                               d->rao_heading[j], j + 1);
            }
            if (!(d->rao_heading[nh - 1] - d->rao_heading[0] < 2.0 * 3.14159265358979323846))
                return bad(msg, len, d, k, "motion.rao", "expected headings spanning less than 360 deg (the table is periodic), "
                           "got %g to %g rad", d->rao_heading[0], d->rao_heading[nh - 1]);
            for (int i = 0; i < 6 * nw * nh; i++)
                if (!(d->rao_amp[i] >= 0.0) || !isfinite(d->rao_amp[i]) || !isfinite(d->rao_phase[i]))
                    return bad(msg, len, d, k, "motion.rao", "expected finite amplitudes >= 0 and finite phases, "
                               "got %g, %g (frequency %d, heading %d, dof %d)", d->rao_amp[i], d->rao_phase[i],
                               i / 6 / nh + 1, i / 6 % nh + 1, i % 6 + 1);
        } else {
            return bad(msg, len, d, k, "motion.type", "expected constant_velocity, sinusoid, table or rao");
        }
    }
    return HW_OK;
}
