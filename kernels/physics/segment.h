/* Axial behaviour of one lumped-mass segment (docs/physics.md section 4).
 * Segment i joins nodes i-1 (ra, va) and i (rb, vb); unstretched length l0.
 *   strain e = |rb - ra| / l0 - 1, strain rate de = q . (vb - va) / l0, q = (rb - ra) / |rb - ra|
 *   T = EA e + BA de, slack (e <= 0) gives 0, and T >= 0 always (full at bounds, damped rebound).
 * With a strain-tension table, EA e is replaced by the table's tension: linear interpolation,
 * (0, 0) implied before the first row, and the last slope continued past the last row (a table
 * that went flat would let a line stretch without bound). */
#ifndef HW_PHYSICS_SEGMENT_H
#define HW_PHYSICS_SEGMENT_H
#include "hd.h"
#include "slack.h"

/* Elastic tension at strain e >= 0 from a strain/tension table (n >= 2 rows, x[0] >= 0). */
HW_HD double hw_ea_table_tension(const double *x, const double *y, int n, double e)
{
    if (e <= x[0]) return x[0] > 0.0 ? y[0] * (e / x[0]) : y[0];
    if (e >= x[n - 1]) {
        double slope = (y[n - 1] - y[n - 2]) / (x[n - 1] - x[n - 2]);
        return y[n - 1] + slope * (e - x[n - 1]);
    }
    return hw_tlu(x, y, n, e);
}

/* Elastic energy per unit unstretched length stored at strain e (integral of T de over the
 * piecewise-linear curve, exact). */
HW_HD double hw_ea_table_energy(const double *x, const double *y, int n, double e)
{
    if (e <= 0.0) return 0.0;
    double acc = 0.0, xa = 0.0, ya = 0.0;
    for (int k = 0; k < n; k++) {
        if (x[k] <= xa) continue; /* a first row at zero strain carries zero tension */
        if (e <= x[k]) break;
        acc += 0.5 * (ya + y[k]) * (x[k] - xa);
        xa = x[k]; ya = y[k];
    }
    return acc + 0.5 * (ya + hw_ea_table_tension(x, y, n, e)) * (e - xa);
}

/* Damping force (N) at strain rate de from a strain-rate/force table (n >= 2 rows, rates
 * increasing), MoorDyn's BA curve: linear between rows and flat past the ends, as MoorDyn 2.7.2
 * interpolates. A table whose rates are all >= 0 is mirrored, F(-de) = -F(de), and runs linearly
 * from (0, 0) to its first row; one with a negative first rate is read as given. (MoorDyn 2.7.2
 * mirrors the magnitude only, so that a shortening segment's damping pulls as a stretching one's
 * does, holds the first row's force below it, and takes 0/0 at a zero rate: NaN; docs/moordyn.md.) */
HW_HD double hw_ba_table_force(const double *x, const double *y, int n, double de)
{
    if (x[0] < 0.0) return hw_tlu(x, y, n, de);
    double a = de < 0.0 ? -de : de;
    double f = a < x[0] ? y[0] * (a / x[0]) : hw_tlu(x, y, n, a);
    return de < 0.0 ? -f : f;
}

typedef struct hw_seg_result {
    hw_v3 q;       /* unit tangent from node i-1 to node i */
    double len;    /* stretched length */
    double strain; /* e */
    double rate;   /* de/dt */
    double T;      /* tension, >= 0 */
} hw_seg_result;

HW_HD hw_seg_result hw_segment_eval(hw_v3 ra, hw_v3 rb, hw_v3 va, hw_v3 vb, double l0,
                                    double ea, double ba, const double *tab_x,
                                    const double *tab_y, int tab_n)
{
    hw_seg_result s;
    hw_v3 d = hw_v3_sub(rb, ra);
    s.len = hw_v3_norm(d);
    /* selects rather than branches (the CPU loop vectorizes); q = (0, 0, 1) for a zero length */
    int pos = s.len > 0.0;
    double inv = 1.0 / (pos ? s.len : 1.0);
    s.q = hw_v3_make(pos ? d.x * inv : 0.0, pos ? d.y * inv : 0.0, pos ? d.z * inv : 1.0);
    s.strain = s.len / l0 - 1.0;
    s.rate = hw_v3_dot(s.q, hw_v3_sub(vb, va)) / l0;
    double el = tab_n >= 2 ? hw_ea_table_tension(tab_x, tab_y, tab_n, s.strain) : ea * s.strain;
    s.T = hw_slack_tension(HW_SLACK_FULL_DAMPED, s.strain, el, ba * s.rate, s.rate, 0.0);
    return s;
}

/* A segment whose unstretched length l0 changes at rate dl0 (a winch paying out into it): the
 * strain rate loses len dl0 / l0^2 (e = len / l0 - 1), and the tension follows. */
HW_HD hw_seg_result hw_segment_reel(hw_seg_result s, double l0, double dl0, double ea, double ba,
                                    const double *tab_x, const double *tab_y, int tab_n)
{
    s.rate -= s.len * dl0 / (l0 * l0);
    double el = tab_n >= 2 ? hw_ea_table_tension(tab_x, tab_y, tab_n, s.strain) : ea * s.strain;
    s.T = hw_slack_tension(HW_SLACK_FULL_DAMPED, s.strain, el, ba * s.rate, s.rate, 0.0);
    return s;
}

/* The tension of a segment whose damping is a table (hw_ba_table_force) rather than BA de: the
 * elastic part as hw_segment_eval's, the same slack rule. */
HW_HD double hw_segment_table_damped(hw_seg_result s, double ea, const double *tab_x, const double *tab_y,
                                     int tab_n, const double *bx, const double *by, int bn)
{
    double el = tab_n >= 2 ? hw_ea_table_tension(tab_x, tab_y, tab_n, s.strain) : ea * s.strain;
    return hw_slack_tension(HW_SLACK_FULL_DAMPED, s.strain, el, hw_ba_table_force(bx, by, bn, s.rate), s.rate, 0.0);
}

/* A broken segment (alive = 0: line failure) carries nothing across it: no tension, no damping
 * (zero strain rate, so no damping power), no strain and no direction, so that its two nodes
 * are free ends (hw_node_tangent takes the other segment's direction). alive = 1 leaves the
 * result bit-identical (a product with 1.0 is exact); a multiply rather than a branch keeps the
 * CPU loop vectorized. */
HW_HD hw_seg_result hw_segment_cut(hw_seg_result s, double alive)
{
    s.T *= alive;
    s.strain *= alive;
    s.rate *= alive;
    s.q = hw_v3_make(s.q.x * alive, s.q.y * alive, s.q.z * alive);
    return s;
}

/* Elastic energy of a segment at strain e. */
HW_HD double hw_segment_energy(double e, double l0, double ea, const double *tab_x,
                               const double *tab_y, int tab_n)
{
    if (e <= 0.0) return 0.0;
    if (tab_n >= 2) return l0 * hw_ea_table_energy(tab_x, tab_y, tab_n, e);
    return 0.5 * ea * e * e * l0;
}

/* Power dissipated by the segment's internal damping (BA de/dt acting on de/dt), W. Zero while
 * slack. When the clamp T >= 0 bites, the damping force is reduced to -EA e and so is the power. */
HW_HD double hw_segment_damping_power(hw_seg_result s, double l0, double ea, const double *tab_x,
                                      const double *tab_y, int tab_n)
{
    double el = tab_n >= 2 ? hw_ea_table_tension(tab_x, tab_y, tab_n, s.strain) : ea * s.strain;
    double fd = s.T - el; /* the damping part of the tension actually applied */
    return s.strain > 0.0 ? fd * s.rate * l0 : 0.0;
}
#endif
