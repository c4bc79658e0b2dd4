/* The elastic catenary (Irvine, "Cable Structures", 1981): the static shape of a uniform,
 * extensible line under its own (submerged) weight, optionally with its lower end resting on a
 * flat frictionless seabed. Used to give each line its initial shape before the static solve.
 *
 * Units SI, z up. A line of unstretched length L, weight per unstretched length w (N/m), axial
 * stiffness EA (N), between end A and end B, horizontal span h >= 0, rise v = z_B - z_A.
 * H is the horizontal tension (constant along the line), V the vertical tension at end B and
 * Va = V - w L the vertical tension at end A (both positive upwards on the line at B).
 *
 * Suspended:
 *   h = H/w [asinh(V/H) - asinh(Va/H)] + H L / EA
 *   v = H/w [sqrt(1 + (V/H)^2) - sqrt(1 + (Va/H)^2)] + (V L - w L^2 / 2) / EA
 * Lower end A on the seabed, grounded (unstretched) length L_B = L - V/w > 0, Va = 0:
 *   h = L_B + H/w asinh(V/H) + H L / EA
 *   v = H/w [sqrt(1 + (V/H)^2) - 1] + V^2 / (2 EA w)
 * Both are exact for a frictionless seabed (see catenary.c).
 *
 * Everything here is pure: no allocation, no I/O, no global state. */
#ifndef HW_HOST_CATENARY_H
#define HW_HOST_CATENARY_H

enum {
    /* A hanging (w > 0) or buoyant (w < 0) elastic catenary, fully off the seabed. */
    HW_CAT_SUSPENDED = 0,
    /* Lower part resting straight on the seabed under tension H, then a catenary with Va = 0.
     * With V = 0 and grounded = L: the whole line stretched straight along the seabed. */
    HW_CAT_GROUNDED = 1,
    /* A straight line under tension: a weightless line (w == 0) stretched between its ends, or
     * a vertical line (h ~ 0) hanging taut under its weight (H = 0, Va >= 0). Exact. */
    HW_CAT_TAUT_STRAIGHT = 2,
    /* h ~ 0 and the line is longer than the vertical distance needs: the nodes are spread
     * evenly along the vertical chord (segments shorter than unstretched: slack, no tension).
     * H = 0; V, Va, grounded are those of the true equilibrium (see hw_catenary_solve). */
    HW_CAT_SLACK_VERTICAL = 3,
    /* Lower end on the seabed and the line too long even for a right angle (h <= L - Ls, Ls the
     * hanging length): H = 0, the upper Ls hangs vertically below the upper end (exact), the
     * grounded length L_B = L - Ls is laid straight on the bottom from the lower end to the
     * touchdown point, its nodes evenly spaced (compressed: slack, no tension). */
    HW_CAT_SLACK_GROUNDED = 4,
    /* No solution: a straight line between the ends, nodes evenly spaced. H, V are the tension
     * components of an evenly stretched straight weightless line if L < chord, else 0. */
    HW_CAT_STRAIGHT = 5
};

typedef struct hw_catenary {
    double H, V;        /* horizontal tension, vertical tension at the upper end B (N) */
    double Va;          /* vertical tension at the lower end A (V - w L, or 0 when grounded) */
    double grounded;    /* unstretched grounded length L_B (0 if none) */
    int kind;           /* HW_CAT_* */
    int iterations;     /* Newton iterations spent (all attempts together) */
    double h, v;        /* the span and rise solved for (A to B) */
} hw_catenary;

/* Solves for the shape of a line of unstretched length L between end A and end B (span h >= 0,
 * rise v = z_B - z_A), weight per unstretched length w, stiffness EA > 0 (may be huge, even
 * INFINITY, for an inextensible line).
 * v >= 0 is required: A is the lower end (swap the ends otherwise).
 * seabed: nonzero if end A lies on a flat frictionless seabed so that the line may rest on it;
 * ignored when w <= 0. w < 0 (a buoyant line, no seabed contact) is solved too.
 * Newton on (H, V), analytic Jacobian, converged to 1e-12 relative (to max(chord, L)) in (h, v);
 * with seabed, the suspended solution is tried first and the grounded one used when the
 * suspended one has Va < 0 (it would dip below A).
 * Returns 0 on success (out filled), nonzero if no solution was found or the input is invalid
 * (then out->kind == HW_CAT_STRAIGHT and the caller should use a straight line).
 * Special cases (all return 0):
 *   - w == 0: a weightless line is straight: HW_CAT_TAUT_STRAIGHT if L (1 + 0) < chord, otherwise
 *     it has no defined shape (returns nonzero);
 *   - h <= 1e-9 max(L, |v|) (vertical): HW_CAT_TAUT_STRAIGHT when the line hanging from B is taut
 *     to A, else HW_CAT_SLACK_VERTICAL (with seabed: Ls hangs from B, grounded = L - Ls lies at A;
 *     without: the true equilibrium is a line folded on itself below A, V and Va are those of
 *     the fold; either way the nodes are only spread evenly along the chord);
 *   - seabed and v ~ 0 (both ends on the bottom): HW_CAT_GROUNDED with V = 0 if taut along the
 *     bottom, else HW_CAT_SLACK_GROUNDED;
 *   - seabed and h <= L - Ls: HW_CAT_SLACK_GROUNDED. */
int hw_catenary_solve(double h, double v, double L, double w, double EA, int seabed,
                      hw_catenary *out);

/* Position (horizontal distance from end A towards B, height above end A) of the material point
 * at unstretched arc length s (0..L) from end A, for the solution c of hw_catenary_solve with the
 * same L, w, EA. */
void hw_catenary_point(const hw_catenary *c, double L, double w, double EA, double s, double *x,
                       double *z);

/* Tension (N) at unstretched arc length s from end A (0 where the line is slack). */
double hw_catenary_tension(const hw_catenary *c, double L, double w, double s);

/* For the model builder: node positions xyz (3*(nseg+1) doubles, node 0 at end A, node nseg at
 * end B, both copied exactly) of a line between the 3-D points ra and rb, unstretched length L,
 * nseg equal segments, weight w, stiffness EA, seabed at z = -depth (no seabed if depth is not
 * finite or <= 0). Either end may be the lower one. The lower end counts as on the seabed when it
 * is at or below z = -depth + (1e-6 L + 1e-9) (an end below the seabed is treated as if the
 * seabed were at its depth). A line whose lower end is off the seabed is not checked against it.
 * Node i is the material point at unstretched s = i L/nseg from ra, placed by hw_catenary_point
 * in the vertical plane through the ends. Special cases (see hw_catenary_solve): a taut line
 * gets its exact, slightly sagging elastic catenary (not a straight line); a vertical line
 * (h ~ 0) hangs straight, exactly stretched if taut, nodes evenly on the chord if slack; a
 * completely slack line on the seabed lies straight on the bottom up to below the upper end and
 * hangs vertically from there; a taut weightless line (w == 0) is exactly straight.
 * Falls back to a straight line, nodes evenly spaced (stretched or compressed evenly, kind
 * HW_CAT_STRAIGHT), when w < 0 (buoyant lines are not shaped here, although hw_catenary_solve
 * handles them), when w == 0 and the line is slack, and when no solution was found.
 * out (may be NULL) receives the hw_catenary used; its A is the LOWER end (which may be rb).
 * Returns 0 when the nodes follow a solution, 1 for the straight fallback, -1 when nseg < 1, a
 * pointer is NULL, L <= 0, EA <= 0 or an input is not finite (xyz untouched). */
int hw_catenary_line(const double ra[3], const double rb[3], double L, int nseg, double w,
                     double EA, double depth, double *xyz, hw_catenary *out);

/* The same line as the lumped-mass model discretizes it: nseg straight segments, the weight
 * lumped at the nodes (w l inside, w l / 2 at each end), each segment stretched by its own
 * tension, on a frictionless seabed where its vertical force runs out. Solved exactly (Newton on
 * the upper end's H, V from the continuous solution), so the model starts at rest: sampling the
 * continuous catenary instead leaves the chords of a strongly curved line shorter than their
 * segments, i.e. slack. Returns 0 with the chain's nodes in xyz, or 1 with hw_catenary_line's
 * nodes (every case the chain does not cover: vertical, slack, straight or buoyant lines). */
int hw_catenary_chain(const double ra[3], const double rb[3], double L, int nseg, double w,
                      double EA, double depth, double *xyz);

#endif
