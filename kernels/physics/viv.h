/* Cross-flow vortex-induced vibration (VIV) of a line node (docs/physics.md, "Vortex-induced
 * vibration"): the synchronization model of Thorsen, Saevik and Larsen (J. Fluids Struct. 49,
 * 2014), as MoorDyn 2.7.2 applies it to the interior nodes of a line with a lift coefficient
 * Cl > 0.
 *
 * A node carries an excitation phase phi. With u the flow relative to the node (current minus
 * node velocity), q the node's unit tangent and u_n = u - (u.q) q the normal part:
 *   lift        F = 1/2 rho d Cl |u_n| cos(phi) (q x u_n) ln       (ln: tributary length)
 *   phase rate  phi' = 2 pi f^ |u_n| / d,  f^ = cF + dF sin(phi_y - phi)
 * where phi_y is the phase of the node's own cross-flow motion: with e = q x u_n / |u_n| the
 * cross-flow direction, yd = v.e the cross-flow velocity and ydd = a.e the cross-flow
 * acceleration, phi_y = atan2(-ydd / ydd_rms, yd / yd_rms) in [0, 2 pi) (atan2(-ydd, yd)
 * while either rms is still zero). A node moving with the lift drifts its excitation frequency
 * towards its own: the synchronization (lock-in) of the model. The rms values are running
 * means of yd^2 and ydd^2 over the time tau (two more states of the node, s' = (x^2 - s) / tau):
 * MoorDyn keeps them as the recursion s <- ((n - 1) s + x^2) / n once per time step with
 * n = 500, i.e. tau = 500 dtM, and that is the default tau.
 *
 * Pure functions of values: the CPU node loop and the CUDA node kernel call the same code. */
#ifndef HW_PHYSICS_VIV_H
#define HW_PHYSICS_VIV_H
#include "hd.h"
#include "hydro.h"
#include "quat.h" /* hw_v3_cross */

/* The number of time steps of MoorDyn 2.7.2's running rms (tau = HW_VIV_NSTEPS dt). */
#define HW_VIV_NSTEPS 500.0
/* MoorDyn 2.7.2's defaults for the synchronization range: f^ in cF +- dF. */
#define HW_VIV_CF 0.18
#define HW_VIV_DF 0.08

/* The flow normal to the node's tangent qh: u_n = u - (u.qh) qh. */
HW_HD hw_v3 hw_viv_normal_flow(hw_v3 u, hw_v3 qh)
{
    return hw_v3_sub(u, hw_v3_scale(qh, hw_v3_dot(u, qh)));
}

/* The lift on a node of tributary length ln at excitation phase phi (un: hw_viv_normal_flow). */
HW_HD hw_v3 hw_viv_lift(double rho, double d, double cl, double ln, hw_v3 un, hw_v3 qh, double phi)
{
    double k = 0.5 * rho * d * cl * hw_v3_norm(un) * cos(phi) * ln;
    return hw_v3_scale(hw_v3_cross(qh, un), k);
}

/* The phase of the cross-flow motion, in [0, 2 pi): yd, ydd the cross-flow velocity and
 * acceleration, sy, sa their running mean squares. */
HW_HD double hw_viv_motion_phase(double yd, double ydd, double sy, double sa)
{
    double p = (sy == 0.0 || sa == 0.0) ? atan2(-ydd, yd) : atan2(-ydd / sqrt(sa), yd / sqrt(sy));
    return p < 0.0 ? p + 2.0 * HW_PI : p;
}

/* The rates of a node's three VIV states (phase, mean squares of yd and ydd). */
typedef struct hw_viv_rates {
    double dphi, dsy, dsa;
} hw_viv_rates;

/* v, a: the node's velocity and acceleration; un its normal relative flow; phi, sy, sa its
 * states; d the diameter, cf and df the synchronization range, tau the rms averaging time. */
HW_HD hw_viv_rates hw_viv_eval(hw_v3 v, hw_v3 a, hw_v3 un, hw_v3 qh, double phi, double sy,
                               double sa, double d, double cf, double df, double tau)
{
    hw_viv_rates R;
    double un_n = hw_v3_norm(un);
    hw_v3 e = un_n > 0.0 ? hw_v3_scale(hw_v3_cross(qh, un), 1.0 / un_n) : hw_v3_zero();
    double yd = hw_v3_dot(v, e), ydd = hw_v3_dot(a, e);
    double fh = cf + df * sin(hw_viv_motion_phase(yd, ydd, sy, sa) - phi);
    R.dphi = 2.0 * HW_PI * fh * un_n / d;
    double rt = tau > 0.0 ? 1.0 / tau : 0.0; /* tau not set yet: the means hold */
    R.dsy = (yd * yd - sy) * rt;
    R.dsa = (ydd * ydd - sa) * rt;
    return R;
}
#endif
