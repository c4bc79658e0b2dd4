/* Defaults and checks of a 6-DOF body's definition (include/hawser/body.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hawser/body.h"
#include "bodies/body_set.h"
#include "physics/cylinder.h"

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

hw_cyl_p hw_body_cyl_p(const hw_body_cylinder_def *c)
{
    hw_cyl_p p;
    p.a = hw_v3_make(c->a[0], c->a[1], c->a[2]);
    p.b = hw_v3_make(c->b[0], c->b[1], c->b[2]);
    p.d = c->diameter; p.ml = c->mass_per_length; p.n = c->segments;
    p.cd = c->cd; p.ca = c->ca; p.cd_ax = c->cd_ax; p.ca_ax = c->ca_ax; p.cd_end = c->cd_end; p.ca_end = c->ca_end;
    return p;
}

void hw_body_parallel_axis(double I[6], double m, const double r[3])
{
    double x = r[0], y = r[1], z = r[2];
    I[0] += m * (y * y + z * z);
    I[1] += m * (x * x + z * z);
    I[2] += m * (x * x + y * y);
    I[3] -= m * x * y;
    I[4] -= m * x * z;
    I[5] -= m * y * z;
}

void hw_body_mass_props(const hw_body_def *d, double *mass, double cg[3], double inertia[6], double *cyl_volume)
{
    /* first moments, then the inertias about the common CG by the parallel axis theorem */
    int n = d->cylinders ? d->n_cylinders : 0;
    double m = d->mass, s[3] = {d->mass * d->cg[0], d->mass * d->cg[1], d->mass * d->cg[2]}, vol = 0.0;
    for (int i = 0; i < n; i++) {
        hw_cyl_p p = hw_body_cyl_p(&d->cylinders[i]);
        double mc;
        hw_v3 c;
        hw_m3s I;
        hw_cyl_mass_props(&p, &mc, &c, &I);
        m += mc;
        s[0] += mc * c.x; s[1] += mc * c.y; s[2] += mc * c.z;
        vol += 0.25 * HW_PI * p.d * p.d * hw_cyl_length(&p, NULL);
    }
    double g[3] = {0.0, 0.0, 0.0};
    if (m > 0.0) for (int c = 0; c < 3; c++) g[c] = s[c] / m;
    else for (int c = 0; c < 3; c++) g[c] = d->cg[c];
    double I[6];
    for (int c = 0; c < 6; c++) I[c] = d->inertia[c];
    double e[3] = {d->cg[0] - g[0], d->cg[1] - g[1], d->cg[2] - g[2]};
    hw_body_parallel_axis(I, d->mass, e);
    for (int i = 0; i < n; i++) {
        hw_cyl_p p = hw_body_cyl_p(&d->cylinders[i]);
        double mc;
        hw_v3 c;
        hw_m3s Ic;
        hw_cyl_mass_props(&p, &mc, &c, &Ic);
        I[0] += Ic.xx; I[1] += Ic.yy; I[2] += Ic.zz; I[3] += Ic.xy; I[4] += Ic.xz; I[5] += Ic.yz;
        double ec[3] = {c.x - g[0], c.y - g[1], c.z - g[2]};
        hw_body_parallel_axis(I, mc, ec);
    }
    if (mass) *mass = m;
    if (cg) for (int c = 0; c < 3; c++) cg[c] = g[c];
    if (inertia) for (int c = 0; c < 6; c++) inertia[c] = I[c];
    if (cyl_volume) *cyl_volume = vol;
}

int hw_body_pin_moves(const hw_body_def *d)
{
    if (!d || d->kind != HW_BODY_PINNED) return 0;
    if (d->motion != HW_MOTION_CONSTANT_VELOCITY) return 1;
    for (int c = 0; c < 6; c++)
        if (d->vel[c] != 0.0) return 1;
    return 0;
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
    if (d->kind < HW_BODY_FREE || d->kind > HW_BODY_PINNED)
        return bad(msg, len, d, k, "type", "expected free, fixed, prescribed, coupled or pinned, got kind %d", (int)d->kind);
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
    if (!finite_n(d->start_vel, 6)) return bad(msg, len, d, k, "start", "expected 6 finite velocities (m/s, rad/s)");
    for (int i = 0; i < 6; i++) {
        int moves = d->kind == HW_BODY_FREE || (d->kind == HW_BODY_PINNED && i >= 3);
        if (d->start_vel[i] != 0.0 && !moves)
            return bad(msg, len, d, k, "start",
                       d->kind == HW_BODY_PINNED ? "expected no velocity of the pin (a pinned body's reference point stays "
                                                   "put), got %g m/s in component %d"
                                                 : "expected a start velocity only on a free or pinned body, got %g in "
                                                   "component %d", d->start_vel[i], i + 1);
    }
    if (d->n_cylinders < 0 || (d->n_cylinders > 0 && !d->cylinders))
        return bad(msg, len, d, k, "cylinders", "expected a count >= 0 and the array, got %d", d->n_cylinders);
    for (int i = 0; i < d->n_cylinders; i++) {
        const hw_body_cylinder_def *c = &d->cylinders[i];
        char fld[48];
        snprintf(fld, sizeof fld, "cylinders[%d]", i);
        if (!finite_n(c->a, 3) || !finite_n(c->b, 3))
            return bad(msg, len, d, k, fld, "expected ends a and b as 3 finite numbers each (body frame, m)");
        if (!(c->diameter > 0.0) || !isfinite(c->diameter))
            return bad(msg, len, d, k, fld, "expected a diameter > 0 m, got %g", c->diameter);
        if (!(c->mass_per_length >= 0.0) || !isfinite(c->mass_per_length))
            return bad(msg, len, d, k, fld, "expected a mass_per_length >= 0 kg/m, got %g", c->mass_per_length);
        if (c->segments < 0 || c->segments > 100000)
            return bad(msg, len, d, k, fld, "expected segments 0..100000, got %d", c->segments);
        const double cf[6] = {c->cd, c->ca, c->cd_ax, c->ca_ax, c->cd_end, c->ca_end};
        static const char *const cn[6] = {"Cd", "Ca", "CdAx", "CaAx", "CdEnd", "CaEnd"};
        for (int j = 0; j < 6; j++)
            if (!(cf[j] >= 0.0) || !isfinite(cf[j]))
                return bad(msg, len, d, k, fld, "expected %s >= 0, got %g", cn[j], cf[j]);
        if (c->segments > 0 && !(c->a[0] != c->b[0] || c->a[1] != c->b[1] || c->a[2] != c->b[2]))
            return bad(msg, len, d, k, fld, "ends a and b coincide: a cylinder with segments > 0 needs a length "
                       "(segments 0 is MoorDyn's zero-length rod)");
    }
    if (d->kind == HW_BODY_FREE || d->kind == HW_BODY_PINNED) {
        double m, cg[3], I[6];
        hw_body_mass_props(d, &m, cg, I, NULL);
        const char *kn = d->kind == HW_BODY_FREE ? "free" : "pinned";
        if (!(m > 0.0))
            return bad(msg, len, d, k, "mass", "a %s body needs a mass > 0 kg, got %g (its own plus its cylinders')", kn, m);
        /* positive definite inertia: leading minors of [Ixx Ixy Ixz; Ixy Iyy Iyz; Ixz Iyz Izz] */
        double m1 = I[0], m2 = I[0] * I[1] - I[3] * I[3];
        double m3 = I[0] * (I[1] * I[2] - I[5] * I[5]) - I[3] * (I[3] * I[2] - I[5] * I[4]) +
                    I[4] * (I[3] * I[5] - I[1] * I[4]);
        if (!(m1 > 0.0 && m2 > 0.0 && m3 > 0.0))
            return bad(msg, len, d, k, "inertia", "a %s body needs a positive definite inertia tensor about its CG, "
                       "its cylinders' included (Ixx Iyy Izz Ixy Ixz Iyz = %g %g %g %g %g %g)", kn, I[0], I[1], I[2],
                       I[3], I[4], I[5]);
    }
    if (d->kind == HW_BODY_PINNED) { /* the pin's motion: translations only */
        if (d->motion == HW_MOTION_RAO)
            return bad(msg, len, d, k, "motion.type", "expected constant_velocity, sinusoid or table for a pinned "
                       "body's pin (an rao motion turns the body; a pinned body turns under its loads)");
        const double *six = d->motion == HW_MOTION_CONSTANT_VELOCITY ? d->vel : d->motion == HW_MOTION_SINUSOID ? d->amp : NULL;
        for (int c = 3; c < 6; c++) {
            int turns = six ? six[c] != 0.0 : 0;
            for (int i = 0; !six && d->table_6 && i < d->table_n; i++) turns |= d->table_6[6 * i + c] != 0.0;
            if (turns)
                return bad(msg, len, d, k, d->motion == HW_MOTION_TABLE ? "motion.table" : d->motion == HW_MOTION_SINUSOID ?
                           "motion.amplitude" : "motion.velocity", "expected roll, pitch and yaw entries 0 on a pinned "
                           "body (its motion moves the pin; the body turns under its loads)");
        }
    }
    if (d->kind == HW_BODY_PRESCRIBED || hw_body_pin_moves(d)) {
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
