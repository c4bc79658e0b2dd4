/* Seabed contact of a node (docs/physics.md section 4). A node a depth p > 0 below the seabed
 * z = -depth (flat, or the bathymetry's depth under the node, hw_bathy_depth) gets a vertical force (kb p - cb vz) d l, never pulling into the seabed, and Coulomb
 * friction mu Fz against its horizontal velocity, smoothed linearly below the velocity scale vf
 * (a node at rest feels no friction: no static stick, see README). */
#ifndef HW_PHYSICS_SEABED_H
#define HW_PHYSICS_SEABED_H
#include "hd.h"

typedef struct hw_seabed_result { hw_v3 f; double power; double energy; } hw_seabed_result;

HW_HDI hw_seabed_result hw_seabed_contact(hw_v3 r, hw_v3 v, double depth, double kb, double cb,
                                          double vf, double mu, double d, double l)
{
    /* written as selects (no branches) so that the CPU node loop vectorizes; zero out of contact */
    hw_seabed_result s;
    double p = -depth - r.z;
    int in = p > 0.0;
    double area = d * l;
    double fz = (kb * p - cb * v.z) * area;
    fz = (in && fz > 0.0) ? fz : 0.0;
    double vh = sqrt(v.x * v.x + v.y * v.y);
    double k = mu * fz / (vh > vf ? vh : vf);
    int fr = in && mu > 0.0;
    double fx = fr ? -k * v.x : 0.0, fy = fr ? -k * v.y : 0.0;
    s.f = hw_v3_make(fx, fy, fz);
    s.energy = in ? 0.5 * kb * p * p * area : 0.0;
    /* dissipated: friction work plus the damping part of the vertical force */
    double fz_el = kb * p * area;
    s.power = in ? -(fx * v.x + fy * v.y) - (fz - fz_el) * v.z : 0.0;
    return s;
}

/* Bathymetry (docs/physics.md section 4, "A seabed that is not flat"): the depth (m, positive
 * down) at (px, py) interpolated bilinearly on a rectangular grid of nx x values and ny y values,
 * both strictly increasing, depth d[j nx + i] at (x[i], y[j]); outside the grid the nearest edge
 * value (clamped, flat beyond the edges, as MoorDyn's seafloor). Written as a + f (b - a), so that
 * equal corners give their value to the bit (a flat grid is the flat seabed exactly). nx or ny
 * may be 1 (constant along that axis). */
HW_HDI double hw_bathy_depth(const double *x, int nx, const double *y, int ny, const double *d,
                             double px, double py)
{
    /* the grid value at or below the point and its fraction towards the next (hw_tlu_where: 0 at
     * or beyond the ends, where the value is the edge's, so a grid point's own depth is exact) */
    hw_tlu_w wx = hw_tlu_where(x, nx, px), wy = hw_tlu_where(y, ny, py);
    int i = wx.lo, j = wy.lo, i1 = wx.flat ? i : wx.hi, j1 = wy.flat ? j : wy.hi;
    double fx = wx.s, fy = wy.s;
    double a = d[j * nx + i], b = d[j * nx + i1], c = d[j1 * nx + i], e = d[j1 * nx + i1];
    double lo = a + fx * (b - a), hi = c + fx * (e - c);
    return lo + fy * (hi - lo);
}
#endif
