/* Cylinders carried by bodies (MoorDyn's rods; kernels/physics/cylinder.h, docs/physics.md section
 * 9 "Cylinders on bodies") and the pinned body kind, through the world (bodies alone: a lumped
 * model with no lines), against known answers: a neutrally buoyant cylinder under water stays
 * put; a floating spar's draft is m / (rho A) and its heave period 2 pi sqrt((m + a) / (rho g A))
 * with the end's added mass a; the buoyancy of a half-submerged horizontal and a tilted rod; the
 * added mass across and along the axis from the acceleration under a known force; the drag decay
 * of a cylinder moving across its axis; a pinned rod's pendulum period in air; the YAML keys and
 * their located errors; and MoorDyn 2.7.2's figures for two small decks. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bodies/body_set.h"
#include "hawser/waves.h"
#include "hawser/world.h"
#include "io/scenario.h"
#include "io/scenario_write.h"

#define G0 9.80665
#define RHO 1025.0
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static hw_model_def empty_model(double dt)
{
    hw_model_def m = hw_default_model();
    m.n_lines = m.n_points = m.n_types = 0;
    m.solver.static_solve = 0;
    m.solver.dt = dt;
    return m;
}

static hw_body_cylinder_def cyl(double ax, double ay, double az, double bx, double by, double bz, double d,
                                double ml, int n)
{
    hw_body_cylinder_def c;
    memset(&c, 0, sizeof c);
    c.a[0] = ax; c.a[1] = ay; c.a[2] = az;
    c.b[0] = bx; c.b[1] = by; c.b[2] = bz;
    c.diameter = d;
    c.mass_per_length = ml;
    c.segments = n;
    return c;
}

/* A body that is one cylinder alone (no mass or inertia of its own). */
static hw_body_def rod_body(hw_body_kind kind, const hw_body_cylinder_def *c, double x, double y, double z)
{
    hw_body_def b = hw_default_body();
    b.name = "rod";
    b.kind = kind;
    b.pos[0] = x; b.pos[1] = y; b.pos[2] = z;
    b.n_cylinders = 1;
    b.cylinders = c;
    return b;
}

typedef struct run {
    hw_model_def m;
    hw_world_def wd;
    hw_world *w;
} run;

static void start(run *r, hw_body_def *b, double dt)
{
    r->m = empty_model(dt);
    r->wd = hw_default_world();
    r->wd.lumped = &r->m;
    r->wd.n_bodies = 1;
    r->wd.bodies = b;
    char msg[1024];
    cr_assert_eq(hw_world_create(&r->wd, &r->w, msg, sizeof msg), HW_OK, "%s", msg);
}

static void state(run *r, double x[3], double q[4], double v[3], double w[3])
{
    hw_world_body_state(r->w, 0, x, q, v, w);
}

/* A cylinder of the water's density, tilted, wholly under water: no net load, and it stays put. */
Test(cylinder, neutral_cylinder_under_water_stays_put)
{
    const double d = 0.5, ml = RHO * M_PI * d * d / 4.0;
    hw_body_cylinder_def c = cyl(-3.0, -1.0, -2.0, 4.0, 2.0, 1.5, d, ml, 8);
    c.cd = 1.2; c.ca = 1.0; c.cd_end = 0.6; c.ca_end = 0.6;
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 1.0, 2.0, -20.0);
    run r;
    start(&r, &b, 1e-3);
    cr_assert_eq(hw_world_step(r.w, 2000), HW_OK, "%s", hw_world_last_error(r.w));
    double x[3], q[4], v[3], w[3];
    state(&r, x, q, v, w);
    printf("neutral cylinder after 2 s: moved (%.3g, %.3g, %.3g) m, q (%.12f %.3g %.3g %.3g)\n", x[0] - 1.0, x[1] - 2.0,
           x[2] + 20.0, q[0], q[1], q[2], q[3]);
    /* the side buoyancy and the end faces' pressure sum to rho g V at the middle, balancing the
       weight there to rounding */
    for (int k = 0; k < 3; k++) cr_expect_lt(fabs(v[k]) + fabs(w[k]), 1e-10);
    cr_expect_lt(fabs(x[0] - 1.0) + fabs(x[1] - 2.0) + fabs(x[2] + 20.0), 1e-10);
    cr_expect_lt(fabs(q[0] - 1.0), 1e-12);
    hw_world_destroy(r.w);
}

/* The times at which s(t) crosses its mean upwards (linear interpolation between steps). */
static int up_crossings(const double *t, const double *s, int n, double mean, double *tc, int cap)
{
    int k = 0;
    for (int i = 1; i < n && k < cap; i++)
        if (s[i - 1] < mean && s[i] >= mean) tc[k++] = t[i - 1] + (t[i] - t[i - 1]) * (mean - s[i - 1]) / (s[i] - s[i - 1]);
    return k;
}

static double t_s[200001], s_s[200001], tc_s[2000];

/* A vertical spar (end A at the bottom, end B 10 m above it) of half the water's density: the end
 * face at the bottom carries the whole buoyancy rho g A h (the sides' is radial, nil when
 * vertical), so it floats at the draft h = m / (rho A) = 5 m, its reference point (end A) at
 * z = -5 m; from 0.2 m above that it heaves with the hydrostatic stiffness rho g A and the mass m
 * plus the bottom face's added mass CaEnd rho pi d^3 / 12. */
Test(cylinder, floating_spar_draft_and_heave_period)
{
    const double d = 1.0, L = 10.0, A = M_PI * d * d / 4.0, ml = 0.5 * RHO * A, m = ml * L;
    hw_body_cylinder_def c = cyl(0, 0, 0, 0, 0, L, d, ml, 20);
    c.ca_end = 0.6;
    const double h = m / (RHO * A);
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 0.0, 0.0, -h);
    run r;
    start(&r, &b, 1e-3);
    cr_assert_eq(hw_world_step(r.w, 500), HW_OK, "%s", hw_world_last_error(r.w));
    double x[3], q[4], v[3], w[3];
    state(&r, x, q, v, w);
    printf("spar at its draft %.6f m: after 0.5 s z = %.3e m off, vz = %.3e m/s\n", h, x[2] + h, v[2]);
    cr_expect_lt(fabs(x[2] + h), 1e-9, "the spar at draft m / (rho A) stays there: %.3e", x[2] + h);
    hw_world_destroy(r.w);
    /* heave decay */
    b.pos[2] = -h + 0.2;
    start(&r, &b, 1e-3);
    const double dt = 1e-3;
    int n = 20000;
    double zmax = -1e300, zmin = 1e300;
    for (int i = 0; i <= n; i++) {
        if (i) cr_assert_eq(hw_world_step(r.w, 1), HW_OK, "%s", hw_world_last_error(r.w));
        state(&r, x, q, v, w);
        t_s[i] = i * dt;
        s_s[i] = x[2];
        zmax = fmax(zmax, x[2]);
        zmin = fmin(zmin, x[2]);
    }
    double mean = 0.5 * (zmax + zmin);
    hw_world_destroy(r.w);
    int k = up_crossings(t_s, s_s, n + 1, mean, tc_s, 2000);
    cr_assert_geq(k, 4);
    double T = (tc_s[k - 1] - tc_s[0]) / (k - 1);
    double Te = 2.0 * M_PI * sqrt((m + 0.6 * RHO * M_PI * d * d * d / 12.0) / (RHO * G0 * A));
    printf("spar heave: mean z %.6f (draft %.6f), period %.6f s, analytic %.6f s (%.2e)\n", mean, -h, T, Te, T / Te - 1);
    cr_expect_lt(fabs(mean + h), 1e-6, "it oscillates about its draft: mid-range %.9f m", mean);
    /* linear: the stiffness is exact while the bottom stays under water and the top above it;
       symplectic Euler's period error (w dt)^2 / 24 is 2e-7 */
    cr_expect_lt(fabs(T / Te - 1), 1e-4, "heave period %.6f s against %.6f s", T, Te);
}

/* The buoyancy of a rod at rest with its middle at the surface, from its first step's
 * acceleration: rho g V / 2, horizontal (the submerged half of each cross-section) and tilted 30
 * degrees (the submerged half of its length, the lower end face carrying the axial part). */
static double vertical_force(double tilt_deg, int n, double *moment_y)
{
    const double d = 0.2, L = 8.0, A = M_PI * d * d / 4.0, ml = 0.3 * RHO * A;
    const double th = tilt_deg * M_PI / 180.0;
    hw_body_cylinder_def c = cyl(-0.5 * L * cos(th), 0, -0.5 * L * sin(th), 0.5 * L * cos(th), 0, 0.5 * L * sin(th), d, ml, n);
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 0.0, 0.0, 0.0);
    run r;
    start(&r, &b, 1e-6);
    cr_assert_eq(hw_world_step(r.w, 1), HW_OK, "%s", hw_world_last_error(r.w));
    double x[3], q[4], v[3], w[3];
    state(&r, x, q, v, w);
    hw_world_destroy(r.w);
    /* one symplectic Euler step from rest: v = h M^-1 f, M the rigid mass (no added mass here;
       the reference point at the middle, the CG: force and moment decouple); the y axis is
       across the rod's axis at every tilt: I_y = m (L^2 / 12 + d^2 / 16) */
    double m = ml * L, Iy = m * (L * L / 12.0 + d * d / 16.0);
    if (moment_y) *moment_y = w[1] / 1e-6 * Iy;
    return v[2] / 1e-6 * m + m * G0; /* the buoyancy: the net force plus the weight */
}

Test(cylinder, half_submerged_rod_buoyancy)
{
    const double d = 0.2, L = 8.0, V = M_PI * d * d / 4.0 * L, Fe = RHO * G0 * V / 2.0;
    double my;
    double Fh = vertical_force(0.0, 10, &my);
    printf("half-submerged horizontal rod: buoyancy %.6f N, rho g V / 2 = %.6f N (%.2e)\n", Fh, Fe, Fh / Fe - 1);
    cr_expect_lt(fabs(Fh / Fe - 1), 1e-6);
    double Ft = vertical_force(30.0, 10, &my);
    printf("half-submerged rod tilted 30 deg: buoyancy %.6f N, rho g V / 2 = %.6f N (%.2e), moment about y %.4f N m\n",
           Ft, Fe, Ft / Fe - 1, my);
    cr_expect_lt(fabs(Ft / Fe - 1), 1e-6);
    /* the righting moment about the middle: the submerged half's buoyancy at a quarter length
       along the axis, (L / 4) cos 30 deg rho g V / 2; the nodes lump the load (and MoorDyn's end
       face and waterplane moments of order d^4 add to it): 3e-4 measured */
    double Me = 0.25 * L * cos(M_PI / 6.0) * Fe;
    printf("  righting moment %.4f N m against (L / 4) cos 30 rho g V / 2 = %.4f N m (%.2e)\n", my, Me, my / Me - 1);
    cr_expect_lt(fabs(my / Me - 1), 1e-3);
}

/* A neutrally buoyant horizontal cylinder under water pushed by a known force (hw_world_set_body_load)
 * from rest: its first-step acceleration is F / (m + Ca rho V) across its axis and
 * F / (m + CaAx rho V + 2 CaEnd rho pi d^3 / 12) along it. */
Test(cylinder, added_mass_across_and_along)
{
    const double d = 0.4, L = 6.0, A = M_PI * d * d / 4.0, V = A * L, ml = RHO * A, m = ml * L;
    hw_body_cylinder_def c = cyl(-3.0, 0, 0, 3.0, 0, 0, d, ml, 6);
    c.ca = 0.8; c.ca_ax = 0.1; c.ca_end = 0.5;
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 0.0, 0.0, -10.0);
    const double F = 1000.0, h = 1e-4;
    for (int dir = 0; dir < 2; dir++) {
        run r;
        start(&r, &b, h);
        double f3[3] = {dir ? F : 0.0, 0.0, dir ? 0.0 : F}, m3[3] = {0, 0, 0};
        cr_assert_eq(hw_world_set_body_load(r.w, 0, f3, m3), HW_OK);
        cr_assert_eq(hw_world_step(r.w, 1), HW_OK, "%s", hw_world_last_error(r.w));
        double x[3], q[4], v[3], w[3];
        state(&r, x, q, v, w);
        hw_world_destroy(r.w);
        double a = (dir ? v[0] : v[2]) / h;
        double me = dir ? m + 0.1 * RHO * V + 2.0 * 0.5 * RHO * M_PI * d * d * d / 12.0 : m + 0.8 * RHO * V;
        printf("added mass %s the axis: acceleration %.9f m/s^2, F / (m + a) = %.9f (%.2e)\n", dir ? "along" : "across",
               a, F / me, a * me / F - 1);
        cr_expect_lt(fabs(a * me / F - 1), 1e-9);
    }
}

/* Drag across the axis of a neutrally buoyant cylinder under water pushed from rest by a constant
 * force F: (m + Ca rho V) v' = F - k v^2, k = rho/2 Cd d L: v(t) = vt tanh(t sqrt(F k) / (m + Ca
 * rho V)), vt = sqrt(F / k). */
Test(cylinder, drag_decay_across_the_axis)
{
    const double d = 0.3, L = 5.0, A = M_PI * d * d / 4.0, V = A * L, ml = RHO * A, m = ml * L;
    hw_body_cylinder_def c = cyl(-2.5, 0, 0, 2.5, 0, 0, d, ml, 10);
    c.cd = 1.2; c.ca = 1.0;
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 0.0, 0.0, -20.0);
    run r;
    double x[3], q[4];
    /* from rest under a constant force the body reaches the terminal speed sqrt(2 F / (rho Cd d L)) */
    start(&r, &b, 1e-3);
    const double F = 500.0;
    double f3[3] = {0.0, F, 0.0}, m3[3] = {0, 0, 0};
    cr_assert_eq(hw_world_set_body_load(r.w, 0, f3, m3), HW_OK);
    const double k = 0.5 * RHO * 1.2 * d * L, me = m + RHO * V, vt = sqrt(F / k);
    cr_assert_eq(hw_world_step(r.w, 3000), HW_OK, "%s", hw_world_last_error(r.w));
    double v[3], w[3];
    state(&r, x, q, v, w);
    hw_world_destroy(r.w);
    /* me v' = F - k v^2: v(t) = vt tanh(t sqrt(F k) / me) */
    double ve = vt * tanh(3.0 * sqrt(F * k) / me);
    printf("drag across the axis: v(3 s) = %.6f m/s, vt tanh(t sqrt(F k) / (m + Ca rho V)) = %.6f (%.2e)\n", v[1], ve,
           v[1] / ve - 1);
    cr_expect_lt(fabs(v[1] / ve - 1), 1e-3); /* first order in dt: 3e-5 measured at dt 1 ms */
    cr_expect_lt(fabs(v[0]) + fabs(v[2]) + fabs(w[0]) + fabs(w[1]) + fabs(w[2]), 1e-9);
}

/* A rod pinned at its top end (the body's reference point) in air, 0.05 rad off the vertical:
 * T = 2 pi sqrt(I_pivot / (m g L / 2)), I_pivot = m (L^2 / 3 + d^2 / 16), with the amplitude's
 * (theta0^2 / 16 = 1.6e-4) correction. The pin holds: the reference point never moves. */
Test(cylinder, pinned_pendulum_period_in_air)
{
    const double d = 0.1, L = 2.0, ml = 10.0, m = ml * L, th0 = 0.05;
    hw_body_cylinder_def c = cyl(0, 0, 0, 0, 0, -L, d, ml, 10);
    hw_body_def b = rod_body(HW_BODY_PINNED, &c, 0.0, 0.0, 10.0);
    b.rot[1] = th0; /* pitch: the rod swings in the x-z plane */
    run r;
    start(&r, &b, 1e-4);
    const double dt = 1e-4;
    int n = 200000;
    double x[3], q[4], v[3], w[3];
    for (int i = 0; i <= n; i++) {
        if (i) cr_assert_eq(hw_world_step(r.w, 1), HW_OK, "%s", hw_world_last_error(r.w));
        state(&r, x, q, v, w);
        t_s[i] = i * dt;
        s_s[i] = asin(2.0 * (q[0] * q[2] - q[3] * q[1]));
    }
    cr_expect_eq(x[0], 0.0);
    cr_expect_eq(x[1], 0.0);
    cr_expect_eq(x[2], 10.0);
    hw_world_destroy(r.w);
    int k = up_crossings(t_s, s_s, n + 1, 0.0, tc_s, 2000);
    cr_assert_geq(k, 4);
    double T = (tc_s[k - 1] - tc_s[0]) / (k - 1);
    double Te = 2.0 * M_PI * sqrt(m * (L * L / 3.0 + d * d / 16.0) / (m * G0 * L / 2.0)) * (1.0 + th0 * th0 / 16.0);
    printf("pinned pendulum: period %.6f s, analytic %.6f s (%.2e)\n", T, Te, T / Te - 1);
    cr_expect_lt(fabs(T / Te - 1), 1e-4);
}

/* ---- YAML ------------------------------------------------------------------------------------- */

static char msg[2048];

static const char *const ROD_YAML =
    "environment: {gravity: 9.80665, water_density: 1025, depth: 50}\n"  /* 1 */
    "bodies:\n"                                                            /* 2 */
    "  - name: spar\n"                                                     /* 3 */
    "    type: pinned\n"                                                   /* 4 */
    "    position: [0, 0, -3]\n"                                           /* 5 */
    "    mass: 100\n"                                                      /* 6 */
    "    inertia: [10, 10, 10]\n"                                          /* 7 */
    "    cylinders:\n"                                                     /* 8 */
    "      - {a: [0, 0, 0], b: [6, 0, 0], diameter: 0.3, mass_per_length: 30, segments: 12,\n" /* 9 */
    "         Cd: 1.0, Ca: 1.0, CdAx: 0.1, CaAx: 0.2, CdEnd: 0.3, CaEnd: 0.4}\n"            /* 10 */
    "      - a: [0, 0, 0]\n"                                               /* 11 */
    "        b: [0, 1, 0]\n"                                               /* 12 */
    "        diameter: 0.2\n"                                              /* 13 */
    "        mass_per_length: 5\n"                                         /* 14 */
    "        segments: 0\n"                                                /* 15 */
    "solver: {dt: 0.001, t_end: 1}\n";                                     /* 16 */

static char *with(const char *from, const char *to)
{
    static char text[4096];
    const char *at = strstr(ROD_YAML, from);
    cr_assert(at, "no '%s' in the base", from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - ROD_YAML), ROD_YAML, to, at + strlen(from));
    return text;
}

static void expect_error(const char *yaml, int line, const char *field, const char *what)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d: %s", (int)st, msg);
    char prefix[512];
    snprintf(prefix, sizeof prefix, "t.yaml:%d: %s: ", line, field);
    cr_assert(!strncmp(msg, prefix, strlen(prefix)), "want prefix \"%s\"\n got \"%s\"", prefix, msg);
    cr_assert(strstr(msg, what), "want \"%s\" in \"%s\"", what, msg);
    cr_assert_null(strchr(msg, '\n'), "not one line: %s", msg);
}

/* bodies[].type: pinned and bodies[].cylinders: every key read, a body of rods alone needs no
 * lines, and hw_scenario_write_yaml writes them back bit for bit. */
Test(yaml, cylinders_and_pinned_read_and_round_trip)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(ROD_YAML, "t.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->n_bodies, 1);
    const hw_body_def *b = &sc->bodies[0];
    cr_assert_eq(b->kind, HW_BODY_PINNED);
    cr_assert_eq(b->n_cylinders, 2);
    const hw_body_cylinder_def *c = &b->cylinders[0];
    cr_assert_eq(c->b[0], 6.0);
    cr_assert_eq(c->diameter, 0.3);
    cr_assert_eq(c->mass_per_length, 30.0);
    cr_assert_eq(c->segments, 12);
    cr_assert_eq(c->cd, 1.0); cr_assert_eq(c->ca, 1.0); cr_assert_eq(c->cd_ax, 0.1);
    cr_assert_eq(c->ca_ax, 0.2); cr_assert_eq(c->cd_end, 0.3); cr_assert_eq(c->ca_end, 0.4);
    cr_assert_eq(b->cylinders[1].segments, 0);
    cr_assert_eq(b->cylinders[1].cd, 0.0); /* coefficients default to 0 */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "round trip"), HW_OK);
    fclose(f);
    hw_scenario *back = NULL;
    cr_assert_eq(hw_scenario_load_string(buf, "w.yaml", &back, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
    cr_assert_eq(back->bodies[0].kind, HW_BODY_PINNED);
    cr_assert_eq(back->bodies[0].mass, 100.0);
    cr_assert_eq(back->bodies[0].n_cylinders, 2);
    for (int i = 0; i < 2; i++)
        cr_assert_arr_eq(&back->bodies[0].cylinders[i], &b->cylinders[i], sizeof(hw_body_cylinder_def));
    free(buf);
    hw_scenario_free(back);
    hw_scenario_free(sc);
}

Test(yaml, cylinder_errors_are_located)
{
    expect_error(with("segments: 12", "segments: -1"), 9, "bodies[0] (spar).cylinders[0]", "expected segments 0..100000, got -1");
    expect_error(with("diameter: 0.3", "diameter: 0"), 9, "bodies[0] (spar).cylinders[0]", "expected a diameter > 0 m, got 0");
    expect_error(with("CaEnd: 0.4", "CaEnd: -1"), 9, "bodies[0] (spar).cylinders[0]", "expected CaEnd >= 0, got -1");
    expect_error(with("        segments: 0\n", ""), 11, "bodies[0] (spar).cylinders[1].segments",
                 "expected an integer (required key), got nothing");
    expect_error(with("        diameter: 0.2", "        diamter: 0.2"), 13, "bodies[0] (spar).cylinders[1].diamter", "");
    expect_error(with("b: [6, 0, 0]", "b: [0, 0, 0]"), 9, "bodies[0] (spar).cylinders[0]", "ends a and b coincide");
    expect_error("bodies:\n  - name: r\n    type: free\n    position: [0, 0, -3]\n    cylinders: 3\nsolver: {dt: 0.01}\n", 5,
                 "bodies[0] (r).cylinders", "expected a list of cylinders");
    /* a rod alone with no mass: neither its own nor its cylinder's */
    expect_error("bodies:\n  - name: r\n    type: pinned\n    position: [0, 0, -3]\n    cylinders:\n"
                 "      - {a: [0, 0, 0], b: [1, 0, 0], diameter: 0.1, mass_per_length: 0, segments: 2}\n"
                 "solver: {dt: 0.01}\n", 2, "bodies[0] (r).mass", "a pinned body needs a mass > 0 kg, got 0");
    /* bodies without lines need their time step */
    expect_error("bodies:\n  - name: r\n    type: free\n    position: [0, 0, -3]\n    cylinders:\n"
                 "      - {a: [0, 0, 0], b: [1, 0, 0], diameter: 0.1, mass_per_length: 1, segments: 2}\n", 1,
                 "solver.dt", "expected a time step > 0 s");
}

/* ---- MoorDyn 2.7.2 ------------------------------------------------------------------------------ */

/* Runs a YAML twin to each time of marks and returns ends A and B (world) there. */
static void run_twin(const char *yaml, const double *marks, int n_marks, double (*ab)[6])
{
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load(yaml, &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(yaml, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_body_cylinder_def *c = &sc->bodies[0].cylinders[0];
    double dt = hw_world_dt(w);
    long done = 0;
    for (int i = 0; i < n_marks; i++) {
        long n = lround(marks[i] / dt);
        cr_assert_eq(hw_world_step(w, (int)(n - done)), HW_OK, "%s", hw_world_last_error(w));
        done = n;
        double x[3], q[4];
        hw_world_body_state(w, 0, x, q, NULL, NULL);
        for (int e = 0; e < 2; e++) { /* the body-frame end turned by q */
            const double *p = e ? c->b : c->a;
            double qw = q[0], qx = q[1], qy = q[2], qz = q[3];
            double R[9] = {1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qw * qz), 2 * (qx * qz + qw * qy),
                           2 * (qx * qy + qw * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qw * qx),
                           2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy)};
            for (int r = 0; r < 3; r++) ab[i][3 * e + r] = x[r] + R[3 * r] * p[0] + R[3 * r + 1] * p[1] + R[3 * r + 2] * p[2];
        }
    }
    hw_scenario_free(sc);
    hw_world_destroy(w);
}

static void compare(const char *name, const double *marks, int n, const double (*md)[6], const double (*hw)[6], double tol)
{
    double worst = 0.0;
    for (int i = 0; i < n; i++) {
        double e = 0.0;
        for (int c = 0; c < 6; c++) e = fmax(e, fabs(hw[i][c] - md[i][c]));
        printf("%s t = %g s: A (%.4f, %.4f, %.4f) B (%.4f, %.4f, %.4f); MoorDyn A (%.4f, %.4f, %.4f) B (%.4f, %.4f, %.4f): %.2e m\n",
               name, marks[i], hw[i][0], hw[i][1], hw[i][2], hw[i][3], hw[i][4], hw[i][5], md[i][0], md[i][1], md[i][2],
               md[i][3], md[i][4], md[i][5], e);
        worst = fmax(worst, e);
    }
    cr_expect_lt(worst, tol, "%s: largest difference from MoorDyn %.3e m", name, worst);
}

/* md_rod_free.dat: a free rod of 250 kg/m (d 0.4 m: 2 x its buoyancy), tilted 30 deg, released under
 * water; MoorDyn 2.7.2 (PyPI wheel; moordyn.Create on the deck, Init with no coupling, Step at
 * dt 1e-4 s to each time, GetRodNodePos of nodes 0 and N): it glides down sideways without turning
 * (the normal drag is uniform along it; the end faces' drag CdEnd and added mass CaEnd act along
 * it). Hawser steps its twin at the same dt. */
Test(moordyn, free_rod_sinking)
{
    static const double marks[5] = {1, 2, 3, 4, 5};
    static const double md[5][6] = {
        {-0.448236, 0, -11.508859, 4.747914, 0, -8.508859},
        {-2.176740, 0, -14.756894, 3.019410, 0, -11.756894},
        {-5.008257, 0, -18.745493, 0.187893, 0, -15.745493},
        {-8.477581, 0, -23.109881, -3.281431, 0, -20.109881},
        {-12.268104, 0, -27.660243, -7.071954, 0, -24.660243}};
    double hw[5][6];
    run_twin(HW_TEST_DATA_DIR "/md_rod_free.yaml", marks, 5, hw);
    compare("free rod", marks, 5, md, (const double (*)[6])hw, 1e-3); /* 1.3e-4 m measured */
}

/* md_rod_pinned.dat: a buoyant rod (30 kg/m, d 0.3 m: 0.41 of its buoyancy) pinned at end A 3 m
 * under water, released horizontal: it swings up through the surface and settles tilted with end
 * B out of the water (the partial submergence of the nodes near the surface, the waterplane and
 * end-face moments). MoorDyn 2.7.2 as above, to 10 s. */
Test(moordyn, pinned_rod_rising_through_the_surface)
{
    static const double marks[7] = {1, 2, 3, 4, 6, 8, 10};
    static const double md[7][6] = {
        {0, 0, -3, 5.759685, 0, -1.318920},
        {0, 0, -3, 4.762908, 0, 0.648932},
        {0, 0, -3, 3.473080, 0, 1.892619},
        {0, 0, -3, 2.822124, 0, 2.294867},
        {0, 0, -3, 3.905205, 0, 1.555148},
        {0, 0, -3, 3.818365, 0, 1.628184},
        {0, 0, -3, 3.426648, 0, 1.925250}};
    double hw[7][6];
    run_twin(HW_TEST_DATA_DIR "/md_rod_pinned.yaml", marks, 7, hw);
    compare("pinned rod", marks, 7, md, (const double (*)[6])hw, 1e-3); /* 4.7e-5 m measured */
}

/* ---- world statics ------------------------------------------------------------------------------ */

/* A buoyant rod pinned 3 m under water holds up a light chain from its free end B to an anchor on
 * the seabed: the world statics turn it (3 DOF: the pin holds its force) up through the surface to
 * where its buoyancy, less with B out of the water (partial submergence), balances the chain's pull
 * (the moments of both go as the cosine of the tilt: only the surface gives an equilibrium, at
 * 34 deg); started there it stays (the drift over 0.5 s is the statics' residual). */
Test(statics, pinned_rod_on_a_chain)
{
    static const char *yaml =
        "environment: {gravity: 9.80665, water_density: 1025, depth: 50}\n"
        "line_types:\n"
        "  - {name: chain, diameter: 0.02, mass_per_length: 2, EA: 1.0e7, damping_ratio: 0.8, Cdn: 1.2, Can: 1.0,\n"
        "     Cdt: 0.2, Cat: 0.0}\n"
        "bodies:\n"
        "  - name: rod\n"
        "    type: pinned\n"
        "    position: [0, 0, -3]\n"
        "    cylinders:\n"
        "      - {a: [0, 0, 0], b: [6, 0, 0], diameter: 0.3, mass_per_length: 30, segments: 12, Cd: 1.0, Ca: 1.0}\n"
        "points:\n"
        "  - {name: anchor, type: fixed, position: [8, 0, -50]}\n"
        "  - {name: tip, type: body, body: rod, position: [6, 0, 0]}\n"
        "lines:\n"
        "  - {name: chain, type: chain, end_a: anchor, end_b: tip, length: 60, segments: 20}\n"
        "solver: {dt: 1.0e-4, t_end: 1, static_solve: true}\n";
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load_string(yaml, "statics.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double x0[3], q0[4], x1[3], q1[4], v[3], om[3];
    hw_world_body_state(w, 0, x0, q0, NULL, NULL);
    cr_assert_eq(hw_world_step(w, 5000), HW_OK, "%s", hw_world_last_error(w));
    hw_world_body_state(w, 0, x1, q1, v, om);
    hw_world_destroy(w);
    double pitch0 = asin(2.0 * (q0[0] * q0[2] - q0[3] * q0[1])), pitch1 = asin(2.0 * (q1[0] * q1[2] - q1[3] * q1[1]));
    printf("pinned rod on a chain: statics pitch %.6f rad (%.3f deg), after 0.5 s %.6f rad, w (%.2e, %.2e, %.2e) rad/s\n",
           pitch0, pitch0 * 180 / M_PI, pitch1, om[0], om[1], om[2]);
    cr_expect_eq(x1[0], 0.0); cr_expect_eq(x1[2], -3.0); /* the pin */
    cr_expect(fabs(pitch0) > 0.05, "the statics turned the rod: pitch %.4f rad", pitch0);
    cr_expect_lt(fabs(pitch1 - pitch0), 1e-4); /* 6e-7 rad measured */
}

/* ---- waves -------------------------------------------------------------------------------------- */

static double wavenumber(double w, double h)
{
    double lo = 1e-9, hi = 10.0;
    for (int it = 0; it < 200; it++) {
        double k = 0.5 * (lo + hi);
        if (G0 * k * tanh(k * h) > w * w) hi = k;
        else lo = k;
    }
    return 0.5 * (lo + hi);
}

static double wrap(double a)
{
    a = fmod(a, 2 * M_PI);
    if (a > M_PI) a -= 2 * M_PI;
    if (a <= -M_PI) a += 2 * M_PI;
    return a;
}

/* Least squares of x(t) = m + s t + C cos(w t) + S sin(w t): amplitude and phase atan2(S, C). */
static void fit_trend(const double *t, const double *x, int n, double w, double *amp, double *phase)
{
    double M[4][5] = {{0}};
    for (int i = 0; i < n; i++) {
        double b[4] = {1.0, t[i], cos(w * t[i]), sin(w * t[i])};
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) M[r][c] += b[r] * b[c];
            M[r][4] += b[r] * x[i];
        }
    }
    for (int p = 0; p < 4; p++)
        for (int r = 0; r < 4; r++) {
            if (r == p) continue;
            double f = M[r][p] / M[p][p];
            for (int c = p; c < 5; c++) M[r][c] -= f * M[p][c];
        }
    double C = M[2][4] / M[2][2], S = M[3][4] / M[3][3];
    *amp = sqrt(C * C + S * S);
    *phase = atan2(S, C);
}

/* A short neutrally buoyant cylinder (d 0.4 m, L 1.2 m, along x: the waves' direction) without
 * drag, Ca = 1, at z0 = -10 m in deep water under a regular wave (a = 0.2 m, T = 6 s), started on
 * the particle's orbit (x = r0 sin w t, z = z0 + r0 cos w t, r0 = a e^{k z0}): across its axis
 * (z) the nodes' fluid inertia rho v (1 + Ca) a_p against the mass m + Ca rho V gives the fluid's
 * acceleration; along it (x) the end faces' dynamic pressure difference, rho V a_x to first order
 * in k L (0.13), with the mass m alone. So it follows the particle, as test_vessel_waves' sphere:
 * the kinematics at the moving nodes and Wheeler's stretching (k r0 = 0.007, k a = 0.02) and the
 * pressure difference over a finite length (the cosine's curvature over L: (k L)^2 / 24 = 7e-4)
 * leave it within 1%. Through host/bodies directly (started on its orbit). */
Test(waves, neutral_cylinder_follows_the_orbit)
{
    double a = 0.2, T = 6.0, w = 2 * M_PI / T, z0 = -10.0, d = 0.4, L = 1.2;
    hw_env_def env = hw_default_env();
    double k = wavenumber(w, env.depth), r0 = a * exp(k * z0), h = T / 200;
    env.waves.kind = HW_WAVES_REGULAR;
    env.waves.height = 2 * a;
    env.waves.omega = w;
    hw_waves *wv = NULL;
    cr_assert_eq(hw_waves_create(&env, &wv, msg, sizeof msg), HW_OK, "%s", msg);
    hw_body_cylinder_def c = cyl(-0.5 * L, 0, 0, 0.5 * L, 0, 0, d, env.rho_w * M_PI * d * d / 4.0, 6);
    c.ca = 1.0;
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 0.0, 0.0, z0 + r0);
    hw_bodies *bs = NULL;
    cr_assert_eq(hw_bodies_create(&b, 1, NULL, 0, NULL, &bs, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_bodies_set_waves(bs, wv, msg, sizeof msg), HW_OK, "%s", msg);
    double pos[3] = {0.0, 0.0, z0 + r0}, q[4] = {1, 0, 0, 0}, vel[3] = {w * r0 * cos(0.5 * w * h), 0.0, -w * r0 * sin(0.5 * w * h)};
    cr_assert_eq(hw_bodies_set_state(bs, 0, pos, q, vel, NULL), HW_OK);
    enum { N = 600 };
    static double t[N], x[N], z[N];
    for (int i = 0; i < N; i++) {
        t[i] = (i + 1) * h;
        cr_assert_eq(hw_bodies_after_step(bs, NULL, t[i], h, msg, sizeof msg), HW_OK, "%s", msg);
        double r[3];
        hw_bodies_state(bs, 0, r, NULL, NULL, NULL);
        x[i] = r[0];
        z[i] = r[2];
    }
    hw_bodies_destroy(bs);
    hw_waves_destroy(wv);
    double ax, px, az, pz;
    fit_trend(t, x, N, w, &ax, &px);
    fit_trend(t, z, N, w, &az, &pz);
    printf("neutral cylinder in waves: orbit amplitudes %.6f (x), %.6f (z) m, a e^{k z0} = %.6f m; phases %.4f, %.4f rad\n",
           ax, az, r0, px, pz);
    cr_expect_lt(fabs(ax / r0 - 1), 1e-2);
    cr_expect_lt(fabs(az / r0 - 1), 1e-2);
    cr_expect_lt(fabs(wrap(px - 0.5 * M_PI)), 1e-2);
    cr_expect_lt(fabs(wrap(pz)), 1e-2);
}

/* Bodies alone (no lines) with the static solve: a half-density spar placed 0.7 m high and tilted
 * 0.05 rad settles at its draft m / (rho A), upright; the pinned rod of md_rod_pinned.yaml turns
 * (from 0.5 rad up) through the surface to where its buoyancy's moment, less with end B dry,
 * balances its weight's (MoorDyn's run settles there: its end B 1e-3 m away after 40 s); a rod
 * heavier than water has no equilibrium: it starts where it was placed, with a note. */
Test(statics, bodies_alone)
{
    const double d = 1.0, L = 10.0, A = M_PI * d * d / 4.0, ml = 0.5 * RHO * A, h = ml * L / (RHO * A);
    hw_body_cylinder_def c = cyl(0, 0, 0, 0, 0, L, d, ml, 20);
    hw_body_def b = rod_body(HW_BODY_FREE, &c, 0.0, 0.0, -h + 0.7);
    b.rot[0] = 0.05;
    hw_model_def m = empty_model(1e-3);
    m.solver.static_solve = 1;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m; wd.n_bodies = 1; wd.bodies = &b;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double x[3], q[4];
    hw_world_body_state(w, 0, x, q, NULL, NULL);
    hw_world_destroy(w);
    printf("spar alone, statics: z %.9f m (draft %.9f), q (%.9f, %.3g, %.3g, %.3g)\n", x[2], -h, q[0], q[1], q[2], q[3]);
    cr_expect_lt(fabs(x[2] + h), 1e-6);
    cr_expect_lt(fabs(q[1]) + fabs(q[2]), 1e-6);
    /* the pinned rod of md_rod_pinned.yaml with the static solve */
    hw_world_load_opts o = hw_default_load_opts();
    /* from 0.5 rad up (horizontal, both moments go as the cosine of the tilt: the Newton statics'
       Jacobian is nil there and it cannot start) */
    static const char *const ovr[2] = {"solver.static_solve=true", "bodies[0].rotation=[0, -0.5, 0]"};
    o.n_overrides = 2; o.overrides = ovr;
    cr_assert_eq(hw_world_load(HW_TEST_DATA_DIR "/md_rod_pinned.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_world_body_state(w, 0, x, q, NULL, NULL);
    double th = -asin(2.0 * (q[0] * q[2] - q[3] * q[1])), zb = -3.0 + 6.0 * sin(th);
    cr_assert_eq(hw_world_step(w, 5000), HW_OK, "%s", hw_world_last_error(w));
    double q1[4], om[3];
    hw_world_body_state(w, 0, x, q1, NULL, om);
    hw_world_destroy(w);
    printf("pinned rod alone, statics: tilt %.4f deg, end B at z = %.4f m; after 0.5 s w = %.2e rad/s\n", th * 180 / M_PI,
           zb, om[1]);
    cr_expect(zb > 0.0 && zb < 3.0, "end B above the surface: z %.4f", zb);
    /* MoorDyn 2.7.2 (PyPI wheel, md_rod_pinned.dat run from horizontal at dt 1e-4 s, GetRodNodePos
       of node N): end B at (3.654819, 1.758393) m after 20 s, (3.755677, 1.679198) after 30 s,
       (3.847265, 1.604188) after 40 s, still settling (its drag decays the swing slowly) */
    double xb = 6.0 * cos(th);
    printf("  end B (%.6f, %.6f) m; MoorDyn after 40 s (3.847265, 1.604188) m\n", xb, zb);
    cr_expect_lt(fabs(xb - 3.847265) + fabs(zb - 1.604188), 5e-3);
    cr_expect_lt(fabs(om[1]), 1e-4);
    /* a sinking rod: no equilibrium, placed as given */
    hw_body_cylinder_def c2 = cyl(0, 0, 0, 3, 0, 0, 0.2, 100.0, 4);
    hw_body_def b2 = rod_body(HW_BODY_FREE, &c2, 0.0, 0.0, -10.0);
    wd.bodies = &b2;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_world_body_state(w, 0, x, q, NULL, NULL);
    hw_world_destroy(w);
    cr_expect_eq(x[2], -10.0);
    cr_expect_eq(q[0], 1.0);
}

/* ---- hawser run --------------------------------------------------------------------------------- */

/* `hawser run` on a scenario of rods alone (no lines): the world keeps the clock (the runner of
 * scenarios without lumped lines), bodies.csv has the rod's rows, and its end state is the world's
 * (md_rod_pinned.yaml: pitch -55.17 deg at 10 s, MoorDyn's end B (3.426648, 1.925250) m). */
Test(cli, rods_alone_run)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "rm -rf %s/cyl_run && %s run %s/md_rod_pinned.yaml -o %s/cyl_run -q > %s/cyl_run.json",
             HW_TMP, HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP, HW_TMP);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    snprintf(cmd, sizeof cmd, "%s/cyl_run/bodies.csv", HW_TMP);
    FILE *f = fopen(cmd, "r");
    cr_assert_not_null(f, "%s", cmd);
    char line[4096], last[4096] = "";
    while (fgets(line, sizeof line, f)) strcpy(last, line);
    fclose(f);
    double t = 0, x = 0, y = 0, z = 0, roll = 0, pitch = 0;
    cr_assert_eq(sscanf(last, "%lf,%lf,%lf,%lf,%lf,%lf", &t, &x, &y, &z, &roll, &pitch), 6, "%s", last);
    double th = -pitch * M_PI / 180.0, xb = 6.0 * cos(th), zb = -3.0 + 6.0 * sin(th);
    printf("hawser run, rods alone: t %g s, end B (%.6f, %.6f) m, MoorDyn (3.426648, 1.925250) m\n", t, xb, zb);
    cr_expect_eq(t, 10.0);
    cr_expect_eq(z, -3.0);
    cr_expect_lt(fabs(xb - 3.426648) + fabs(zb - 1.925250), 1e-3);
}
