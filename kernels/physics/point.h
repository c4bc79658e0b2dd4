/* A free point body (a payload, buoy or clump weight) as one lumped mass: the loads it carries
 * itself (docs/physics.md sections 4 and 7). The lumped-mass model's free points (kernels/lumped.h) and
 * the rigid-cylinder cable's body ends (kernels/rigid.h) both use it. Shared by gcc and nvcc. */
#ifndef HW_PHYSICS_POINT_H
#define HW_PHYSICS_POINT_H
#include "hd.h"

typedef struct hw_point_loads {
    hw_v3 f;      /* weight, buoyancy, drag (world) */
    hw_m3s M;     /* mass with added mass */
    double power; /* power dissipated by drag (>= 0) */
    int wet;      /* centre below the surface (z = 0 in still water) */
} hw_point_loads;

/* Body of mass `mass` (kg) and displaced volume `vol` (m^3) at r moving at v, current `cur` at r,
 * in waves (docs/physics.md section 10): wet (the centre under the surface eta above it) it has
 * buoyancy rho vol g, added mass ca rho vol (isotropic), quadratic drag 0.5 rho CdA |u| u on
 * u = cur + uw - v (uw: the wave velocity there) and the fluid-acceleration force
 * rho vol (1 + ca) aw (Froude-Krylov plus added mass, aw: the wave's local acceleration); dry,
 * weight only. power: the work the point does on the water per second (the wave's push counts
 * negative). */
HW_HD hw_point_loads hw_point_own_load_waves(hw_v3 r, hw_v3 v, hw_v3 cur, double eta, hw_v3 uw,
                                             hw_v3 aw, double mass, double vol, double cda,
                                             double ca, double rho, double g)
{
    hw_point_loads L;
    int wet = r.z < eta;
    hw_v3 f = hw_v3_make(0.0, 0.0, -(mass - (wet ? rho * vol : 0.0)) * g);
    double power = 0.0;
    if (wet) {
        hw_v3 u = hw_v3_sub(hw_v3_add(cur, uw), v);
        hw_v3 fw = hw_v3_scale(aw, rho * vol * (1.0 + ca));
        if (cda > 0.0) fw = hw_v3_add(fw, hw_v3_scale(u, 0.5 * rho * cda * hw_v3_norm(u)));
        f = hw_v3_add(f, fw);
        power -= hw_v3_dot(fw, v);
    }
    L.f = f;
    L.M = hw_m3s_diag(mass + (wet ? ca * rho * vol : 0.0));
    L.power = power;
    L.wet = wet;
    return L;
}
/* The same in still water (eta = 0, no wave velocity or acceleration): wet (r.z < 0) it has
 * buoyancy rho vol g, quadratic drag 0.5 rho CdA |u| u on u = cur - v, and added mass ca rho vol;
 * dry, weight only. */
HW_HD hw_point_loads hw_point_own_load(hw_v3 r, hw_v3 v, hw_v3 cur, double mass, double vol,
                                       double cda, double ca, double rho, double g)
{
    return hw_point_own_load_waves(r, v, cur, 0.0, hw_v3_zero(), hw_v3_zero(), mass, vol, cda, ca,
                                   rho, g);
}
#endif
