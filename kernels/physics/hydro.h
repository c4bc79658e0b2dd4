/* Hydrodynamics of a lumped-mass node (docs/physics.md section 4): Morison drag with normal and
 * tangential coefficients, added mass as a 3x3 matrix, and the current at a depth and time. */
#ifndef HW_PHYSICS_HYDRO_H
#define HW_PHYSICS_HYDRO_H
#include "hd.h"

#define HW_PI 3.14159265358979323846

/* A current on a grid (docs/physics.md section 4): nx x values, ny y values, nz depths z, nt times
 * t, each strictly increasing; nx, ny, nt <= 1: the same along that axis (its array unread);
 * nz = 0: no current. The velocity at x[i], y[j], z[m], t[k] is
 * u[((k * ny + j) * nx + i) * nz + m] (ux, uy, uz alike; nx, ny, nt below 1 counted as 1), so that
 * a profile against depth and time is the grid with nx = ny = 1. Linear along each axis between
 * grid values, flat outside. */
typedef struct hw_cur_grid {
    int nx, ny, nz, nt;
    const double *x, *y, *z, *t, *ux, *uy, *uz;
} hw_cur_grid;

/* The current's time bracket at t: the same for every point of the sea at that time, so a pass
 * over many nodes finds it once (hw_lm_current_time) and hands it to hw_current_grid. */
HW_HD hw_tlu_w hw_current_when(const hw_cur_grid *g, double t)
{
    return hw_tlu_where(g->t, g->nt, t);
}

/* The three components at the grid column (time index k, y index j, x index i), interpolated in
 * depth by wz. */
HW_HD hw_v3 hw_current_col(const hw_cur_grid *g, hw_tlu_w wz, int k, int j, int i)
{
    int nx = g->nx > 1 ? g->nx : 1, ny = g->ny > 1 ? g->ny : 1;
    long o = ((long)(k * ny + j) * nx + i) * g->nz;
    return hw_v3_make(hw_tlu_at(wz, g->ux + o), hw_tlu_at(wz, g->uy + o), hw_tlu_at(wz, g->uz + o));
}
HW_HD hw_v3 hw_v3_lerp(hw_v3 a, hw_v3 b, double s)
{
    return hw_v3_make(a.x + s * (b.x - a.x), a.y + s * (b.y - a.y), a.z + s * (b.z - a.z));
}
/* ... and in x and y (bilinear) at time index k. */
HW_HD hw_v3 hw_current_plane(const hw_cur_grid *g, hw_tlu_w wx, hw_tlu_w wy, hw_tlu_w wz, int k)
{
    hw_v3 a = hw_current_col(g, wz, k, wy.lo, wx.lo);
    if (!wx.flat) a = hw_v3_lerp(a, hw_current_col(g, wz, k, wy.lo, wx.hi), wx.s);
    if (!wy.flat) {
        hw_v3 b = hw_current_col(g, wz, k, wy.hi, wx.lo);
        if (!wx.flat) b = hw_v3_lerp(b, hw_current_col(g, wz, k, wy.hi, wx.hi), wx.s);
        a = hw_v3_lerp(a, b, wy.s);
    }
    return a;
}

/* The current at (x, y, z) at the time whose bracket is wt (hw_current_when). Each axis is
 * searched once for the three components; a grid of one x and one y value (a profile) costs
 * what the depth-and-time lookup did before grids. */
HW_HD hw_v3 hw_current_grid(const hw_cur_grid *g, hw_tlu_w wt, double x, double y, double z)
{
    if (g->nz <= 0) return hw_v3_zero();
    hw_tlu_w wz = hw_tlu_where(g->z, g->nz, z);
    hw_tlu_w wx = hw_tlu_where(g->x, g->nx, x), wy = hw_tlu_where(g->y, g->ny, y);
    hw_v3 u = hw_current_plane(g, wx, wy, wz, wt.lo);
    return wt.flat ? u : hw_v3_lerp(u, hw_current_plane(g, wx, wy, wz, wt.hi), wt.s);
}

/* A profile against depth and time alone (nz depths, nt times; values u[k*nz + j]) at depth z
 * and time t: hw_current_grid with one x and one y value. */
HW_HD hw_v3 hw_current_3(const double *zt, const double *tt, const double *ux, const double *uy,
                         const double *uz, int nz, int nt, double z, double t)
{
    hw_cur_grid g;
    g.nx = 1; g.ny = 1; g.nz = nz; g.nt = nt;
    g.x = 0; g.y = 0; g.z = zt; g.t = tt; g.ux = ux; g.uy = uy; g.uz = uz;
    return hw_current_grid(&g, hw_current_when(&g, t), 0.0, 0.0, z);
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
