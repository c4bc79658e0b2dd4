/* Friction of the mass with length on a rail (docs/physics.md section 3): Stribeck + Coulomb + viscous.
 *   F_N    = max(F_N_ext, 0) + m g |cos(theta)|
 *   F_brk  = K_brk F_N, F_C = K_C F_N, v_St = v_brk sqrt(2), v_Coul = v_brk / 10
 *   f_fric = -( sqrt(2 e) (F_brk - F_C) exp(-(v/v_St)^2) (v/v_St) + F_C tanh(v/v_Coul) + f_v v )
 * The curve is smooth through v = 0, so a mass held on a slope creeps slowly instead of sticking. */
#ifndef HW_PHYSICS_STRIBECK_H
#define HW_PHYSICS_STRIBECK_H
#include "hd.h"

/* Normal force: external part saturated at >= 0, plus the weight's normal component. */
HW_HD double hw_rail_normal_force(double fn_ext, double m, double g, double theta)
{
    return (fn_ext > 0.0 ? fn_ext : 0.0) + m * g * fabs(cos(theta));
}

/* Friction force (acts on the mass, opposes v) for breakaway/Coulomb coefficients, normal force
 * fn, breakaway velocity v_brk (> 0) and viscous coefficient fv. */
HW_HD double hw_stribeck_force(double v, double fn, double k_brk, double k_c, double v_brk, double fv)
{
    double f_brk = k_brk * fn, f_c = k_c * fn;
    double v_st = v_brk * 1.4142135623730951, v_coul = v_brk / 10.0;
    double r = v / v_st;
    double strib = 2.3316439815971242 /* sqrt(2 e) */ * (f_brk - f_c) * exp(-r * r) * r;
    return -(strib + f_c * tanh(v / v_coul) + fv * v);
}

/* Upper bound of |d f_fric / dv| (its slope at v = 0), for the stable step estimate. */
HW_HD double hw_stribeck_slope_bound(double fn, double k_brk, double k_c, double v_brk, double fv)
{
    double f_brk = k_brk * fn, f_c = k_c * fn;
    double v_st = v_brk * 1.4142135623730951, v_coul = v_brk / 10.0;
    return 2.3316439815971242 * fabs(f_brk - f_c) / v_st + f_c / v_coul + fabs(fv);
}

/* Rail gravity along the rail: -m g sin(theta) (positive theta raises the positive direction). */
HW_HD double hw_rail_gravity(double m, double g, double theta) { return -m * g * sin(theta); }
#endif
