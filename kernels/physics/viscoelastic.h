/* The viscoelastic (static-dynamic stiffness) segment of a polyester line (docs/physics.md,
 * "Viscoelastic lines"), in strains (per unit unstretched length, as hw_segment_eval):
 *
 *   a spring k1 (parallel to a dashpot bs) in series with a spring k2 (parallel to a dashpot bd).
 *   e1 is the strain of the first pair (a state of the segment, integrated with the nodes), e the
 *   segment's strain; the force through the chain is the same in both pairs:
 *       k1 e1 + bs e1' = k2 (e - e1) + bd (e' - e1')
 *   so  e1' = (k2 e - (k1 + k2) e1 + bd e') / (bs + bd)  and the tension  T = k1 e1 + bs e1'.
 *
 * With k2 = EA_d and k1 = EA_s EA_d / (EA_d - EA_s) the chain's long-time (static) stiffness
 * k1 k2 / (k1 + k2) is EA_s, its instantaneous stiffness (bd locking the second pair) k1, and a
 * held stretch relaxes with the time constant (bs + bd) / (k1 + k2). That is MoorDyn 2.7.2's
 * constant-dynamic-stiffness model, measured on its PyPI wheel (tests/test_viscoelastic.c).
 *
 * The mean-load-dependent form (MoorDyn's EA_s|alpha|beta): the dynamic stiffness follows the
 * mean load, EA_d = alpha + beta Tm, and MoorDyn 2.7.2 takes as the mean load the force of the
 * first spring, Tm = k1 e1, with k1 = EA_s EA_d / (EA_d - EA_s) following EA_d. Eliminating k1,
 *     (EA_d - alpha)(EA_d - EA_s) = beta EA_s EA_d e1,
 * whose root above EA_s is hw_visco_mean_ead; at e1 <= 0 (no mean load) EA_d = alpha. The strain
 * e1 stays the only state: k1 and k2 are functions of it (measured on MoorDyn 2.7.2's wheel: a
 * driven segment's tension to 1e-12 relative, tests/test_md_polyester.c). beta = 0 is the
 * constant form.
 *
 * Slack, as MoorDyn 2.7.2: while the segment is shorter than unstretched (e < 0) the spring term
 * k1 e1 is left out of the tension but the dashpot term bs e1' is not, and e1 keeps evolving (the
 * tension can then be negative). */
#ifndef HW_PHYSICS_VISCOELASTIC_H
#define HW_PHYSICS_VISCOELASTIC_H
#include "hd.h"

typedef struct hw_visco_result {
    double T;   /* tension, N (may be negative at slack, see above) */
    double de1; /* rate of the first pair's strain, 1/s */
    double pd;  /* power the two dashpots dissipate per unit unstretched length, W/m */
} hw_visco_result;

/* The first spring k1 of a line of static stiffness ea_s < dynamic stiffness ea_d. */
HW_HD double hw_visco_k1(double ea_s, double ea_d) { return ea_s * ea_d / (ea_d - ea_s); }

/* The dynamic stiffness of the mean-load-dependent form at first-spring strain e1 (above). */
HW_HD double hw_visco_mean_ead(double ea_s, double alpha, double beta, double e1)
{
    if (!(e1 > 0.0) || beta == 0.0) return alpha;
    double b = alpha + ea_s + beta * ea_s * e1;
    return 0.5 * (b + sqrt(b * b - 4.0 * alpha * ea_s));
}

/* The two springs at first-spring strain e1: k2 = EA_d (hw_visco_mean_ead), k1 from it. k1c and
 * k2c are the constant form's (beta = 0), returned as they are to keep that form's arithmetic. */
HW_HD void hw_visco_springs(double ea_s, double beta, double k1c, double k2c, double e1, double *k1, double *k2)
{
    if (beta == 0.0 || !(e1 > 0.0)) { *k1 = k1c; *k2 = k2c; return; }
    *k2 = hw_visco_mean_ead(ea_s, k2c, beta, e1);
    *k1 = hw_visco_k1(ea_s, *k2);
}

/* The power two dashpots in series with the chain dissipate per unit unstretched length (W/m): bs
 * on the slow strain's rate ds, bd on the rest of the segment's strain rate de - ds. The
 * viscoelastic chain and the Syrope segment (physics/syrope.h) both have this pair. */
HW_HD double hw_visco_dashpot_power(double bs, double bd, double de, double ds)
{
    double d2 = de - ds;
    return bs * ds * ds + bd * d2 * d2;
}

HW_HD hw_visco_result hw_visco_eval(double e, double de, double e1, double k1, double k2,
                                    double bs, double bd)
{
    hw_visco_result r;
    r.de1 = (k2 * e - (k1 + k2) * e1 + bd * de) / (bs + bd);
    r.T = (e >= 0.0 ? k1 * e1 : 0.0) + bs * r.de1;
    r.pd = hw_visco_dashpot_power(bs, bd, de, r.de1);
    return r;
}

/* The first pair's strain at rest at segment strain e: the chain carries EA_s e through both
 * springs (the static solve's initial condition; 0 when slack). With a mean-load slope beta the
 * springs are those of the mean load EA_s e: e1 = e (EA_d - EA_s) / EA_d, EA_d = alpha + beta EA_s e
 * (k2c = alpha). */
HW_HD double hw_visco_rest(double e, double k1, double k2, double ea_s, double beta)
{
    if (!(e > 0.0)) return 0.0;
    if (beta == 0.0) return k2 * e / (k1 + k2);
    double ead = k2 + beta * ea_s * e;
    return e * (ead - ea_s) / ead;
}

/* Elastic energy stored in the two springs, J per unit unstretched length (with a mean-load slope,
 * at the springs of the present e1: that form's springs are not conservative, so its energy
 * budget is approximate; docs/physics.md). */
HW_HD double hw_visco_energy(double e, double e1, double k1, double k2)
{
    double e2 = e - e1;
    return 0.5 * k1 * e1 * e1 + 0.5 * k2 * e2 * e2;
}
#endif
