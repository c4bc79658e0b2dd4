/* Slack rules of a tension element (docs/physics.md section 1): a cable transmits no force in
 * compression. Stretch xs (m or strain), stretch rate vs, stiffness force K xs, damping D vs.
 * The final tension is clamped to >= 0 in every model: a cable never pushes. */
#ifndef HW_PHYSICS_SLACK_H
#define HW_PHYSICS_SLACK_H
#include "hd.h"

typedef enum hw_slack_model {
    HW_SLACK_SMOOTH = 0,       /* smooth, damped rebound: s(xs/w) (K xs + D vs), s = 3u^2 - 2u^3 */
    HW_SLACK_FULL_UNDAMPED,    /* full at bounds, undamped rebound: damping only while stretching */
    HW_SLACK_FULL_DAMPED       /* full at bounds, damped rebound */
} hw_slack_model;

/* kx = K xs (the elastic force, possibly from a table), dv = D vs; w = transition width. */
HW_HD double hw_slack_tension(int model, double xs, double kx, double dv, double vs, double w)
{
    double f;
    if (model == HW_SLACK_FULL_DAMPED) { /* branch-free: the CPU segment loop vectorizes */
        f = kx + dv;
        return (xs > 0.0 && f > 0.0) ? f : 0.0;
    }
    if (xs <= 0.0) return 0.0;
    if (model == HW_SLACK_SMOOTH) {
        if (xs < w) {
            double u = xs / w;
            f = (3.0 * u * u - 2.0 * u * u * u) * (kx + dv);
        } else {
            f = kx + dv;
        }
    } else if (model == HW_SLACK_FULL_UNDAMPED) {
        f = kx + (vs > 0.0 ? dv : 0.0);
    } else {
        f = kx + dv;
    }
    return f > 0.0 ? f : 0.0;
}
#endif
