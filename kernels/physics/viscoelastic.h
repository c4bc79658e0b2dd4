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

HW_HD hw_visco_result hw_visco_eval(double e, double de, double e1, double k1, double k2,
                                    double bs, double bd)
{
    hw_visco_result r;
    r.de1 = (k2 * e - (k1 + k2) * e1 + bd * de) / (bs + bd);
    r.T = (e >= 0.0 ? k1 * e1 : 0.0) + bs * r.de1;
    double d2 = de - r.de1;
    r.pd = bs * r.de1 * r.de1 + bd * d2 * d2;
    return r;
}

/* The first pair's strain at rest at segment strain e: the chain carries EA_s e through both
 * springs (the static solve's initial condition; 0 when slack). */
HW_HD double hw_visco_rest(double e, double k1, double k2)
{
    return e > 0.0 ? k2 * e / (k1 + k2) : 0.0;
}

/* Elastic energy stored in the two springs, J per unit unstretched length. */
HW_HD double hw_visco_energy(double e, double e1, double k1, double k2)
{
    double e2 = e - e1;
    return 0.5 * k1 * e1 * e1 + 0.5 * k2 * e2 * e2;
}
#endif
