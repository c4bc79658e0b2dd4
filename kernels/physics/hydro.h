/* Hydrodynamics of a lumped-mass node (docs/physics.md section 4): Morison drag with normal and
 * tangential coefficients, added mass as a 3x3 matrix, and the current at a depth and time. */
#ifndef HW_PHYSICS_HYDRO_H
#define HW_PHYSICS_HYDRO_H
#include "hd.h"

#define HW_PI 3.14159265358979323846

/* Current velocity at depth z and time t. Tables of nz depths (increasing) by nt times
 * (nt <= 1: constant); values u[k*nz + j] (ux, uy, uz alike). Bilinear interpolation, flat
 * outside. The three components share the search in depth and in time and their divisions. */
HW_HD double hw_current_row(hw_tlu_w w, const double *u, int k, int nz, double s)
{
    double a = hw_tlu_at(w, u + k * nz), b = hw_tlu_at(w, u + (k + 1) * nz);
    return a + s * (b - a);
}
HW_HD hw_v3 hw_current_3(const double *zt, const double *tt, const double *ux, const double *uy,
                         const double *uz, int nz, int nt, double z, double t)
{
    if (nz <= 0) return hw_v3_zero();
    hw_tlu_w w = hw_tlu_where(zt, nz, z);
    if (nt <= 1 || t <= tt[0]) return hw_v3_make(hw_tlu_at(w, ux), hw_tlu_at(w, uy), hw_tlu_at(w, uz));
    if (t >= tt[nt - 1]) {
        int o = (nt - 1) * nz;
        return hw_v3_make(hw_tlu_at(w, ux + o), hw_tlu_at(w, uy + o), hw_tlu_at(w, uz + o));
    }
    /* the interval tt[k] <= t < tt[k + 1], by hw_tlu_where's bisection: a record of thousands of
     * profiles (a deck's current_profile_dynamic.txt resampled) costs log2(nt) steps per node */
    hw_tlu_w wt = hw_tlu_where(tt, nt, t);
    return hw_v3_make(hw_current_row(w, ux, wt.lo, nz, wt.s), hw_current_row(w, uy, wt.lo, nz, wt.s),
                      hw_current_row(w, uz, wt.lo, nz, wt.s));
}

/* Drag on a node with tributary length l, diameter d, tangent qh (unit), relative velocity
 * u = current - node velocity:
 *   F_n = 0.5 rho Cdn d l |u_n| u_n,  F_t = 0.5 rho Cdt pi d l |u_t| u_t. */
HW_HDI hw_v3 hw_morison_drag(hw_v3 u, hw_v3 qh, double rho, double d, double l, double cdn,
                             double cdt)
{
    double ut_s = hw_v3_dot(u, qh);
    hw_v3 ut = hw_v3_scale(qh, ut_s);
    hw_v3 un = hw_v3_sub(u, ut);
    double kn = 0.5 * rho * cdn * d * l * hw_v3_norm(un);
    double kt = 0.5 * rho * cdt * HW_PI * d * l * fabs(ut_s);
    return hw_v3_add(hw_v3_scale(un, kn), hw_v3_scale(ut, kt));
}

/* Mass matrix of a node: m I + rho (pi d^2 / 4) l (Can (I - qh qh^T) + Cat qh qh^T). */
HW_HD hw_m3s hw_node_mass(double m, int submerged, double rho, double d, double l, double can,
                          double cat, hw_v3 qh)
{
    double ma = submerged ? rho * 0.25 * HW_PI * d * d * l : 0.0; /* a select: loops vectorize */
    return hw_m3s_iso_axial(m + ma * can, ma * (cat - can), qh);
}

/* The acceleration of a node under force f: M a = f with M = hw_node_mass(...) = A I + B qh qh^T,
 * A = m + ma Can, B = ma (Cat - Can), solved in closed form (Sherman-Morrison) rather than as a
 * general 3x3 system: with D = A + B (qh.qh),
 *   a = (D f - B (qh.f) qh) / (A D)
 * (M a = A a + B qh (qh.a) and qh.a = (qh.f) / D give back f). One division, no cofactors. */
HW_HDI hw_v3 hw_node_accel(double m, int submerged, double rho, double d, double l, double can,
                           double cat, hw_v3 qh, hw_v3 f)
{
    double ma = submerged ? rho * 0.25 * HW_PI * d * d * l : 0.0;
    double A = m + ma * can, B = ma * (cat - can);
    double D = A + B * hw_v3_dot(qh, qh);
    double inv = 1.0 / (A * D), bqf = B * hw_v3_dot(qh, f);
    return hw_v3_scale(hw_v3_sub(hw_v3_scale(f, D), hw_v3_scale(qh, bqf)), inv);
}

/* Waves (docs/physics.md section 10): the fraction of a straight piece from height z1 to z2 that
 * lies under the surface at height eta (a level piece: 1 or 0 by its height, 1 at eta). Written
 * with selects, no branches: the CPU's node loop vectorizes over it. */
HW_HDI double hw_wet_fraction(double z1, double z2, double eta)
{
    double lo = z1 < z2 ? z1 : z2, hi = z1 < z2 ? z2 : z1, den = hi - lo;
    double fr = (eta - lo) / (den > 0.0 ? den : 1.0);
    fr = fr < 0.0 ? 0.0 : fr;
    fr = fr > 1.0 ? 1.0 : fr;
    return den > 0.0 ? fr : (lo <= eta ? 1.0 : 0.0);
}

/* The fluid-acceleration force on a submerged volume vol with tangent qh in a flow of local
 * acceleration a (Froude-Krylov plus added mass, split on the tangent as MoorDyn does):
 *   F = rho vol [(1 + Can) a_n + (1 + Cat) a_t],  a_t = (a.qh) qh,  a_n = a - a_t. */
HW_HDI hw_v3 hw_fluid_inertia(hw_v3 a, hw_v3 qh, double rho, double vol, double can, double cat)
{
    hw_v3 at = hw_v3_scale(qh, hw_v3_dot(a, qh));
    hw_v3 an = hw_v3_sub(a, at);
    return hw_v3_scale(hw_v3_add(hw_v3_scale(an, 1.0 + can), hw_v3_scale(at, 1.0 + cat)), rho * vol);
}

/* Unit node tangent: the normalized sum of the adjacent segment tangents (either may be zero). */
HW_HDI hw_v3 hw_node_tangent(hw_v3 qa, hw_v3 qb)
{
    hw_v3 s = hw_v3_add(qa, qb);
    double n = hw_v3_norm(s);
    return n > 0.0 ? hw_v3_scale(s, 1.0 / n) : qb;
}
#endif
