/* Seabed contact of a node (physics.md section 4). A node a depth p > 0 below the flat seabed
 * z = -depth gets a vertical force (kb p - cb vz) d l, never pulling into the seabed, and Coulomb
 * friction mu Fz against its horizontal velocity, smoothed linearly below the velocity scale vf
 * (a node at rest feels no friction: no static stick, see README). */
#ifndef HW_PHYSICS_SEABED_H
#define HW_PHYSICS_SEABED_H
#include "hd.h"

typedef struct hw_seabed_result { hw_v3 f; double power; double energy; } hw_seabed_result;

HW_HD hw_seabed_result hw_seabed_contact(hw_v3 r, hw_v3 v, double depth, double kb, double cb,
                                         double vf, double mu, double d, double l)
{
    hw_seabed_result s;
    s.f = hw_v3_zero(); s.power = 0.0; s.energy = 0.0;
    double p = -depth - r.z;
    if (p <= 0.0) return s;
    double area = d * l;
    double fz = (kb * p - cb * v.z) * area;
    if (fz < 0.0) fz = 0.0;
    s.energy = 0.5 * kb * p * p * area;
    double fx = 0.0, fy = 0.0;
    if (mu > 0.0) {
        double vh = sqrt(v.x * v.x + v.y * v.y);
        double k = mu * fz / (vh > vf ? vh : vf);
        fx = -k * v.x; fy = -k * v.y;
    }
    s.f = hw_v3_make(fx, fy, fz);
    /* dissipated: friction work plus the damping part of the vertical force */
    double fz_el = kb * p * area;
    s.power = -(fx * v.x + fy * v.y) - (fz - fz_el) * v.z;
    return s;
}
#endif
