/* Pinned bodies whose pin moves, MoorDyn's coupled pinned bodies and rods, and zero-length rods
 * (docs/physics.md section 9 "Pinned bodies", docs/moordyn.md "BODIES", "ROD TYPES and RODS"):
 *   - the rotational equation about an accelerating pin (kernels/physics/body.h
 *     hw_body_alpha_pinned): a pendulum on a pin accelerating at a is at rest at atan(a / g) from the
 *     vertical, and swings about it with the period of gravity sqrt(g^2 + a^2);
 *   - the decks md_pinned_body.dat (a CoupledPinned body carrying a rod, a CpldPin rod) and
 *     md_zero_rod.dat (two chains joined by a free zero-length rod) against their hand-written YAML
 *     twins (the same states bit for bit) and against MoorDyn 2.7.2's figures;
 *   - md_pinned_moving.yaml: the body's pin driven on a sinusoid, against MoorDyn 2.7.2 driven the
 *     same way through Step(x, xd);
 *   - the refusals that remain, located. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bodies/body_set.h"
#include "hawser/world.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "physics/body.h"

#define G0 9.80665
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static char msg[2048];

/* ---- the rotational equation about an accelerating pin ----------------------------------------- */

/* A point-like pendulum: mass m on a massless arm L below the pin (cg (0, 0, -L)), a small inertia
 * about its CG, no volume (in air). */
static hw_body_def pendulum(double m, double L, double i_cg)
{
    hw_body_def b = hw_default_body();
    b.name = "bob";
    b.kind = HW_BODY_PINNED;
    b.mass = m;
    b.cg[2] = -L;
    b.inertia[0] = b.inertia[1] = b.inertia[2] = i_cg;
    return b;
}

static hw_body_p params(const hw_body_def *d)
{
    hw_body_p p;
    memset(&p, 0, sizeof p);
    p.m = d->mass;
    p.cg = hw_v3_make(d->cg[0], d->cg[1], d->cg[2]);
    p.inertia = hw_m3s_make(d->inertia[0], d->inertia[1], d->inertia[2], 0, 0, 0);
    return p;
}

/* hw_body_alpha_pinned: hanging straight, the pin's acceleration a along x turns the body about y
 * with m L a / (I_cg + m L^2) (the d'Alembert moment -m c x a); tilted back by atan(a / g) it is
 * at rest (the moments of gravity and of the pin's acceleration cancel). */
Test(pin, accelerating_pin_moment_and_rest_angle)
{
    const double m = 12.0, L = 2.5, icg = 0.3, a = 3.0;
    hw_body_def d = pendulum(m, L, icg);
    hw_body_p p = params(&d);
    hw_body_s s;
    s.r = hw_v3_zero(); s.v = hw_v3_zero(); s.w = hw_v3_zero();
    s.q = hw_quat_from_rpy(0, 0, 0);
    hw_v3 al;
    hw_v6 f = hw_body_loads(&p, &s, G0, 0.0, hw_v3_zero(), NULL);
    cr_assert_eq(hw_body_alpha_pinned(&p, &s, 0.0, f, NULL, hw_v3_make(a, 0, 0), &al), 0);
    double want = m * L * a / (icg + m * L * L);
    cr_expect_lt(fabs(al.y - want), 1e-12 * want, "alpha_y %.15g, want %.15g", al.y, want);
    cr_expect_lt(fabs(al.x) + fabs(al.z), 1e-14);
    /* held still (a = 0): no moment hanging straight */
    cr_assert_eq(hw_body_alpha_pinned(&p, &s, 0.0, f, NULL, hw_v3_zero(), &al), 0);
    cr_expect_lt(fabs(al.x) + fabs(al.y) + fabs(al.z), 1e-14);
    /* tilted by atan(a / g) against the acceleration: the bob trails behind the pin (x < 0) */
    s.q = hw_quat_from_rpy(0, atan(a / G0), 0);
    f = hw_body_loads(&p, &s, G0, 0.0, hw_v3_zero(), NULL);
    cr_assert_lt(hw_body_point(&s, p.cg).x, 0.0);
    cr_assert_eq(hw_body_alpha_pinned(&p, &s, 0.0, f, NULL, hw_v3_make(a, 0, 0), &al), 0);
    cr_expect_lt(fabs(al.x) + fabs(al.y) + fabs(al.z), 1e-13, "alpha (%g, %g, %g) at the rest angle", al.x, al.y, al.z);
}

static double agm(double x, double y)
{
    for (int k = 0; k < 60 && fabs(x - y) > 1e-16 * x; k++) {
        double m = 0.5 * (x + y);
        y = sqrt(x * y);
        x = m;
    }
    return x;
}

static double t_s[400001], th_s[400001];

/* A pendulum whose pin a program moves (hw_bodies_set_state each step, its velocity over the step: the pin's
 * acceleration from the change of velocity over the step, as MoorDyn 2.7.2 takes a coupled DOF's),
 * released hanging straight while the pin accelerates uniformly at a: in the pin's frame gravity is
 * g_eff = (-a, 0, -g), so the pendulum swings between 0 and 2 atan(a / g) about atan(a / g) with the
 * period of a physical pendulum of amplitude theta0 = atan(a / g) under g_eff:
 *   T = 2 pi sqrt(I_pin / (m L g_eff)) / AGM(1, cos(theta0 / 2)). */
Test(pin, pendulum_on_a_uniformly_accelerating_pin)
{
    const double m = 8.0, L = 1.5, icg = 0.02, a = 1.2, h = 1e-4;
    hw_body_def d = pendulum(m, L, icg);
    hw_bodies *b = NULL;
    cr_assert_eq(hw_bodies_create(&d, 1, NULL, 0, NULL, &b, msg, sizeof msg), HW_OK, "%s", msg);
    const int n = 400000;
    double th_max = 0.0;
    for (int i = 0; i <= n; i++) {
        double t = i * h, x[3], q[4], w[3];
        hw_bodies_state(b, 0, x, q, NULL, w);
        t_s[i] = t;
        th_s[i] = asin(2.0 * (q[0] * q[2] - q[3] * q[1])); /* pitch > 0: the bob trails behind (x < 0) */
        th_max = fmax(th_max, th_s[i]);
        cr_assert_lt(fabs(x[0] - 0.5 * a * t * t), 1e-9 * (1 + t * t), "pin at %g, want %g", x[0], 0.5 * a * t * t);
        /* the step from t to t + h: the pin moves at its mean velocity over it, a (t + h / 2) */
        double vel[3] = {a * (t + 0.5 * h), 0, 0};
        cr_assert_eq(hw_bodies_set_state(b, 0, x, q, vel, w), HW_OK);
        cr_assert_eq(hw_bodies_after_step(b, NULL, t + h, h, msg, sizeof msg), HW_OK, "%s", msg);
    }
    hw_bodies_destroy(b);
    const double th0 = atan(a / G0), ge = sqrt(G0 * G0 + a * a);
    int k = 0;
    double tc[64];
    for (int i = 1; i <= n && k < 64; i++) /* up-crossings of the rest angle, interpolated */
        if (th_s[i - 1] < th0 && th_s[i] >= th0)
            tc[k++] = t_s[i - 1] + h * (th0 - th_s[i - 1]) / (th_s[i] - th_s[i - 1]);
    cr_assert_geq(k, 5);
    double T = (tc[k - 1] - tc[0]) / (k - 1);
    double Te = 2.0 * M_PI * sqrt((icg + m * L * L) / (m * L * ge)) / agm(1.0, cos(0.5 * th0));
    printf("pendulum on a pin accelerating at %g m/s^2: swings to %.6f rad (2 atan(a/g) = %.6f), period %.6f s, "
           "analytic %.6f s (%.2e)\n", a, th_max, 2 * th0, T, Te, T / Te - 1);
    cr_expect_lt(fabs(th_max - 2 * th0), 1e-5, "largest angle %.6f, want %.6f", th_max, 2 * th0);
    cr_expect_lt(fabs(T / Te - 1), 1e-6);
}

/* ---- decks and their twins ---------------------------------------------------------------------- */

static hw_world *load(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load(path, &o, &w, msg, sizeof msg), HW_OK, "%s: %s", file, msg);
    return w;
}

/* The scenario of a deck or YAML file in tests/data (its points' names and count). */
static hw_scenario *scenario(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    hw_scenario *sc = NULL;
    if (strstr(file, ".dat")) {
        hw_md_deck *md = NULL;
        cr_assert_eq(hw_md_load(path, NULL, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
        hw_md_free(md);
    } else {
        cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    }
    return sc;
}

/* The index of point `name` in file's model, or -1. */
static int point_index(const char *file, const char *name)
{
    hw_scenario *sc = scenario(file);
    int k = -1;
    for (int i = 0; i < sc->model.n_points; i++)
        if (sc->model.points[i].name && !strcmp(sc->model.points[i].name, name)) k = i;
    hw_scenario_free(sc);
    return k;
}

/* Where point `name` of file's model is in the world w loaded from it. */
static void point_at(hw_world *w, const char *file, const char *name, double x[3])
{
    int k = point_index(file, name);
    cr_assert_geq(k, 0, "no point %s in %s", name, file);
    cr_assert_eq(hw_sim_point_state(hw_world_lumped(w), k, x, NULL, NULL), HW_OK);
}

/* Deck and twin stepped side by side: the same body states and points, bit for bit. */
static void same_runs(const char *deck, const char *yaml, int steps)
{
    hw_world *a = load(deck), *b = load(yaml);
    cr_assert_eq(hw_world_dt(a), hw_world_dt(b));
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(hw_world_step(a, steps), HW_OK, "%s", hw_world_last_error(a));
        cr_assert_eq(hw_world_step(b, steps), HW_OK, "%s", hw_world_last_error(b));
        for (int k = 0; k < 2; k++) {
            double xa[13], xb[13];
            hw_status sa = hw_world_body_state(a, k, xa, xa + 3, xa + 7, xa + 10);
            hw_status sb = hw_world_body_state(b, k, xb, xb + 3, xb + 7, xb + 10);
            cr_assert_eq(sa, sb);
            if (sa == HW_OK) cr_assert_eq(memcmp(xa, xb, sizeof xa), 0, "%s: body %d differs from %s", deck, k, yaml);
        }
        hw_sim *sa = hw_world_lumped(a), *sb = hw_world_lumped(b);
        hw_scenario *sc = scenario(deck), *sy = scenario(yaml);
        int np = sc->model.n_points;
        cr_assert_eq(np, sy->model.n_points);
        hw_scenario_free(sc);
        hw_scenario_free(sy);
        for (int p = 0; p < np; p++) {
            double pa[3], pb[3];
            hw_sim_point_state(sa, p, pa, NULL, NULL);
            hw_sim_point_state(sb, p, pb, NULL, NULL);
            cr_assert_eq(memcmp(pa, pb, sizeof pa), 0, "%s: point %d differs from %s", deck, p, yaml);
        }
    }
    hw_world_destroy(a);
    hw_world_destroy(b);
}

Test(decks, twins_give_the_same_states)
{
    same_runs("md_pinned_body.dat", "md_pinned_body.yaml", 400);
    same_runs("md_zero_rod.dat", "md_zero_rod.yaml", 400);
}

/* The body's rod end B (rod1_b) at 1, 2, 3 s against MoorDyn 2.7.2's GetRodNodePos(rod 1, node 6).
 * MoorDyn 2.7.2, PyPI wheel: moordyn.Create(md_pinned_body.dat), NCoupledDOF 9 (the body's pin
 * x y z first, then the CpldPin rod's end A), Init_NoIC and Step(x, xd) at dtM 5e-4 s with
 *   held (md_pinned_body): x = (0, 0, -5, 10, 0, -5, 0, 0, 0), xd = 0;
 *   driven (md_pinned_moving): pin (0.5 sin(pi t), 0, -5 + 0.25 sin(pi t)), xd its derivative;
 * the same figures to 1e-7 m at dtM 1e-4 s (MoorDyn is converged in its step; Hawser's twin moves
 * by 2e-4 m from dt 5e-4 to 1e-4 s). The codes part by 8e-4 m at 1 s and 1 cm at 3 s with the pin
 * held (2.6 m of swing), and by 3.7 cm at 3 s with it driven: the difference is not the time step,
 * the rod's node count (24 nodes: the same 1 cm) nor the body's own mass (0: the same), but the rod's
 * added-mass centripetal load, which MoorDyn 2.7.2 leaves out (measured: tests/test_md_diffs.c,
 * scripts/md-rod-addedmass); leaving the
 * rod's added mass out of the pin's d'Alembert term moves Hawser's end by 61 cm away from MoorDyn's,
 * so MoorDyn keeps that term too. */
static void rod_end_b(const char *file, const double md[3][3], const double tol[3])
{
    hw_world *w = load(file);
    double dt = hw_world_dt(w);
    long done = 0;
    for (int i = 0; i < 3; i++) {
        long n = lround((i + 1) / dt);
        cr_assert_eq(hw_world_step(w, (int)(n - done)), HW_OK, "%s", hw_world_last_error(w));
        done = n;
        double x[3], pin[3];
        point_at(w, file, "rod1_b", x);
        hw_world_body_state(w, 0, pin, NULL, NULL, NULL);
        double e = fmax(fabs(x[0] - md[i][0]), fmax(fabs(x[1] - md[i][1]), fabs(x[2] - md[i][2])));
        printf("%s t = %d s: rod1_b (%.7f, %.7f, %.7f), MoorDyn (%.7f, %.7f, %.7f): %.2e m; pin (%.6f, %.6f, %.6f)\n",
               file, i + 1, x[0], x[1], x[2], md[i][0], md[i][1], md[i][2], e, pin[0], pin[1], pin[2]);
        cr_expect_lt(e, tol[i], "%s t = %d s: %.3e m from MoorDyn", file, i + 1, e);
        cr_expect_lt(fabs(pin[0]) + fabs(pin[2] + 5.0), 1e-12, "the pin is at (0, 0, -5) at whole seconds");
    }
    hw_world_destroy(w);
}

Test(moordyn, coupled_pinned_body_held)
{
    static const double md[3][3] = {{2.1364907, 0.0, -11.5479315}, {0.5652898, 0.0, -11.8644335},
                                    {-0.5090368, 0.0, -11.8688341}};
    static const double tol[3] = {2e-3, 1e-2, 1.5e-2};
    rod_end_b("md_pinned_body.yaml", md, tol);
}

Test(moordyn, coupled_pinned_body_driven)
{
    static const double md[3][3] = {{3.8735873, 0.0, -10.6950601}, {2.5224043, 0.0, -11.4090876},
                                    {0.7293077, 0.0, -11.8492586}};
    static const double tol[3] = {2e-3, 2e-2, 5e-2};
    rod_end_b("md_pinned_moving.yaml", md, tol);
}

/* The CpldPin rod turns about its end A in Hawser (a pinned body): its heavy rod, started 40 deg from
 * the vertical, swings down. MoorDyn 2.7.2 keeps a CpldPin rod at its deck orientation (GetRodNodePos
 * of its end B stays at (13, 1, -9) through 3 s, whatever the coupled input): its rotation is not
 * integrated there, so there is no MoorDyn figure to compare with (docs/moordyn.md). */
Test(moordyn, coupled_pinned_rod_turns)
{
    hw_world *w = load("md_pinned_body.dat");
    double x0[3], x[3], a[3];
    point_at(w, "md_pinned_body.dat", "rod2_b", x0);
    cr_assert_eq(hw_world_step(w, 2000), HW_OK, "%s", hw_world_last_error(w));
    point_at(w, "md_pinned_body.dat", "rod2_b", x);
    point_at(w, "md_pinned_body.dat", "rod2_a", a);
    printf("CpldPin rod: end B from (%.4f, %.4f, %.4f) to (%.4f, %.4f, %.4f) in 1 s; end A (%.4f, %.4f, %.4f)\n",
           x0[0], x0[1], x0[2], x[0], x[1], x[2], a[0], a[1], a[2]);
    cr_expect_lt(fabs(a[0] - 10) + fabs(a[1]) + fabs(a[2] + 5), 1e-12);
    cr_expect_lt(x[2], x0[2] - 0.3, "end B falls: %g from %g", x[2], x0[2]);
    double l0 = sqrt(9 + 1 + 16), l = sqrt(pow(x[0] - a[0], 2) + pow(x[1] - a[1], 2) + pow(x[2] - a[2], 2));
    cr_expect_lt(fabs(l - l0), 1e-9, "a rigid rod: %.12g, want %.12g", l, l0);
    hw_world_destroy(w);
}

/* md_zero_rod.dat: two chains joined by a free zero-length rod, hung by the static solve. The rod is
 * a free point of no mass or volume (rod1; the anchor's zero-length rod a fixed point, rod2).
 * MoorDyn 2.7.2 (PyPI wheel): the free zero-length rod and a free point of mass 0 and volume 0 in its
 * place give the same node positions to 1e-9 m over 3 s of a transient from the deck's shape, for
 * any diameter, CdEnd, CaEnd and axis of the rod (lines EI 0); MoorDyn's dynamic relaxation (TmaxIC
 * 300) stops short of rest, so its equilibrium is the mean of its free run of this deck afterwards
 * (dtM 2e-4 s), sampled at 20, 30, 40, 50, 60 s: x 37.641877 37.658860 37.660468 37.651690 37.642578,
 * z -40.406236 -40.416582 -40.416799 -40.409665 -40.403743 (a +-1 cm ringing), mean
 * (37.6511, -40.4106). Hawser's static solve puts the joint within 8e-3 m of it. */
Test(moordyn, zero_length_rod_joint)
{
    hw_world *w = load("md_zero_rod.dat");
    cr_assert_geq(point_index("md_zero_rod.dat", "rod2"), 0);
    cr_expect_eq(point_index("md_zero_rod.dat", "rod1_a"), -1, "a zero-length rod is one point");
    double x[3];
    point_at(w, "md_zero_rod.dat", "rod1", x);
    printf("zero-length rod joint at rest: (%.6f, %.6f, %.6f), MoorDyn mean (37.6511, 0, -40.4106)\n", x[0], x[1], x[2]);
    cr_expect_lt(fabs(x[0] - 37.6511), 1.5e-2);
    cr_expect_lt(fabs(x[2] + 40.4106), 1.5e-2);
    cr_expect_eq(x[1], 0.0);
    double y[3];
    cr_assert_eq(hw_world_step(w, 2000), HW_OK, "%s", hw_world_last_error(w));
    point_at(w, "md_zero_rod.dat", "rod1", y);
    cr_expect_lt(fabs(y[0] - x[0]) + fabs(y[2] - x[2]), 1e-4, "it stays at rest: moved (%g, %g)", y[0] - x[0], y[2] - x[2]);
    point_at(w, "md_zero_rod.dat", "rod2", y);
    cr_expect_eq(y[0], 0.0);
    cr_expect_eq(y[2], -50.0);
    hw_world_destroy(w);
}

/* ---- what is read, and what is still refused ------------------------------------------------------ */

static const char *const DECK =
    "--------------------- MoorDyn Input File ---------------\n"
    "a test deck\n"
    "---------------------- LINE TYPES ----------------------\n"
    "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx\n"
    "(name) (m) (kg/m) (N) (N-s/-) (N-m^2) (-) (-) (-) (-)\n"
    "rope 0.02 0.5 1e5 -0.5 0 1.2 1.0 0.2 0.0\n"
    "---------------------- ROD TYPES -----------------------\n"
    "TypeName Diam Mass/m Cd Ca CdEnd CaEnd\n"
    "(name) (m) (kg/m) (-) (-) (-) (-)\n"
    "pipe 0.4 300 1.0 1.0 0.5 0.5\n"
    "---------------------- BODIES --------------------------\n"
    "ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca\n"
    "(#) (-) (m) (m) (m) (deg) (deg) (deg) (kg) (m) (kg-m2) (m3) (m2) (-)\n"
    "1 @BODY@ 0 0 -5 0 0 0 100 0 10 0 0 0\n"
    "---------------------- RODS ----------------------------\n"
    "ID RodType Attachment Xa Ya Za Xb Yb Zb NumSegs RodOutputs\n"
    "(#) (name) (#/key) (m) (m) (m) (m) (m) (m) (-) (-)\n"
    "1 pipe @ROD@\n"
    "---------------------- POINTS --------------------------\n"
    "ID Attachment X Y Z M V CdA CA\n"
    "(#) (-) (m) (m) (m) (kg) (m^3) (m^2) (-)\n"
    "1 Fixed 30 0 -5 0 0 0 0\n"
    "---------------------- LINES ---------------------------\n"
    "ID LineType AttachA AttachB UnstrLen NumSegs LineOutputs\n"
    "(#) (name) (#) (#) (m) (-) (-)\n"
    "1 rope 1 R1A 29 10 -\n"
    "---------------------- OPTIONS -------------------------\n"
    "0.0005 dtM\n"
    "0 TmaxIC\n"
    "50 WtrDpth\n"
    "------------------------- need this line --------------\n";

static hw_status deck(const char *body, const char *rod, hw_scenario **sc)
{
    static char t[8192];
    const char *b = strstr(DECK, "@BODY@"), *r = strstr(DECK, "@ROD@");
    snprintf(t, sizeof t, "%.*s%s%.*s%s%s", (int)(b - DECK), DECK, body, (int)(r - b - 6), b + 6, rod, r + 5);
    hw_md_deck *md = NULL;
    *sc = NULL;
    hw_status st = hw_md_load_string(t, "deck.dat", NULL, NULL, sc, &md, msg, sizeof msg);
    hw_md_free(md);
    if (st == HW_OK) cr_assert_null(strchr(msg, '\n'));
    return st;
}

Test(read, pinned_and_zero_length_kinds)
{
    hw_scenario *sc;
    /* CoupledPinned (and its spellings): a pinned body with its mass properties */
    static const char *const PIN_WORDS[4] = {"CoupledPinned", "cpldpin", "VesPin", "VesselPinned"};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(deck(PIN_WORDS[i], "Body1 0 0 -1 3 0 -6.2 6 -", &sc), HW_OK, "%s: %s", PIN_WORDS[i], msg);
        cr_expect_eq(sc->bodies[0].kind, HW_BODY_PINNED);
        cr_expect_eq(sc->bodies[0].mass, 100.0);
        cr_expect_eq(sc->bodies[0].inertia[1], 10.0);
        hw_scenario_free(sc);
    }
    /* VesPin / CpldPin rods: a pinned body of their own at end A */
    static const char *const ROD_WORDS[2] = {"VesPin", "CpldPin"};
    for (int i = 0; i < 2; i++) {
        char row[128];
        snprintf(row, sizeof row, "%s 0 0 -10 3 0 -14 4 -", ROD_WORDS[i]);
        cr_assert_eq(deck("Coupled", row, &sc), HW_OK, "%s: %s", ROD_WORDS[i], msg);
        cr_assert_eq(sc->n_bodies, 2);
        cr_expect_eq(sc->bodies[1].kind, HW_BODY_PINNED);
        cr_expect_eq(sc->bodies[1].pos[2], -10.0);
        cr_expect_eq(sc->bodies[1].cylinders[0].b[2], -4.0);
        hw_scenario_free(sc);
    }
    /* zero-length rods: a free one (any axis) and a fixed, coupled or pinned one with coincident
       ends are one point; both rod ends name it */
    static const struct { const char *row; hw_point_kind kind; } Z[5] = {
        {"Free 1 2 -3 1 2 -3 0 -", HW_POINT_FREE}, {"Free 1 2 -3 1 2 -2 0 -", HW_POINT_FREE},
        {"Fixed 1 2 -3 1 2 -3 0 -", HW_POINT_FIXED}, {"Coupled 1 2 -3 1 2 -3 0 -", HW_POINT_COUPLED},
        {"Pinned 1 2 -3 1 2 -3 0 -", HW_POINT_FIXED}};
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(deck("Coupled", Z[i].row, &sc), HW_OK, "%s: %s", Z[i].row, msg);
        cr_assert_eq(sc->n_bodies, 1, "%s: no body of its own", Z[i].row);
        const hw_model_def *m = &sc->model;
        int p = m->lines[0].point_b;
        cr_expect_str_eq(m->points[p].name, "rod1");
        cr_expect_eq(m->points[p].kind, Z[i].kind, "%s", Z[i].row);
        cr_expect_eq(m->points[p].mass, 0.0);
        cr_expect_eq(m->points[p].volume, 0.0);
        cr_expect_eq(m->points[p].pos[2], -3.0);
        hw_scenario_free(sc);
    }
}

static void refused(const char *body, const char *rod, const char *where, const char *what)
{
    hw_scenario *sc;
    hw_status st = deck(body, rod, &sc);
    cr_assert_neq(st, HW_OK, "%s / %s loaded", body, rod);
    cr_expect(strstr(msg, where) && strstr(msg, what), "want '%s' ... '%s' in: %s", where, what, msg);
    cr_expect(!strncmp(msg, "deck.dat:18: ", 13), "located at the rod's row: %s", msg);
}

Test(read, still_refused_and_located)
{
    refused("Free", "Body1Pinned 0 0 -1 0 0 2 5 -", "RODS 1 Attachment: a rod pinned to a body", "not supported yet");
    refused("Free", "Body1 0 0 -1 0 0 -1 0 -", "RODS 1: a zero-length rod on a body with coincident ends",
            "not supported yet");
    refused("Free", "Fixed 0 0 -1 0 0 -1 3 -", "RODS 1: expected ends A and B apart", "NumSegs 0");
    hw_scenario *sc;
    cr_assert_neq(deck("Pinned", "Body1 0 0 -1 3 0 -6.2 6 -", &sc), HW_OK); /* not a MoorDyn body word */
    cr_expect(strstr(msg, "CoupledPinned"), "%s", msg);
}

/* YAML: a pinned body's motion moves its pin (translations only; no rao), with located errors. */
static const char *const PIN_YAML =
    "environment: {water_density: 1025, depth: 50}\n"
    "bodies:\n"
    "  - name: bob\n"
    "    type: pinned\n"
    "    position: [0, 0, -5]\n"
    "    mass: 10\n"
    "    cg: [0, 0, -1]\n"
    "    inertia: [1, 1, 1]\n"
    "    motion: @M@\n"
    "solver: {dt: 1.0e-3, t_end: 1}\n";

static hw_status pin_yaml(const char *motion, hw_scenario **sc)
{
    static char t[2048];
    const char *at = strstr(PIN_YAML, "@M@");
    snprintf(t, sizeof t, "%.*s%s%s", (int)(at - PIN_YAML), PIN_YAML, motion, at + 3);
    *sc = NULL;
    return hw_scenario_load_string(t, "pin.yaml", sc, msg, sizeof msg);
}

Test(yaml, pinned_motion_moves_the_pin)
{
    hw_scenario *sc;
    cr_assert_eq(pin_yaml("{type: sinusoid, amplitude: [0.5, 0, 0.25, 0, 0, 0], period: 2}", &sc), HW_OK, "%s", msg);
    cr_expect_eq(sc->bodies[0].motion, HW_MOTION_SINUSOID);
    cr_expect_eq(hw_body_pin_moves(&sc->bodies[0]), 1);
    /* written back (hawser convert) and read again: the same motion */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "round trip"), HW_OK);
    fclose(f);
    hw_scenario *back = NULL;
    cr_assert_eq(hw_scenario_load_string(buf, "w.yaml", &back, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
    cr_expect_eq(back->bodies[0].kind, HW_BODY_PINNED);
    cr_expect_eq(back->bodies[0].motion, HW_MOTION_SINUSOID);
    cr_expect_arr_eq(back->bodies[0].amp, sc->bodies[0].amp, sizeof sc->bodies[0].amp);
    cr_expect_eq(back->bodies[0].period, 2.0);
    free(buf);
    hw_scenario_free(back);
    hw_scenario_free(sc);
    cr_assert_eq(pin_yaml("{type: constant_velocity, velocity: [0, 0, 0, 0, 0, 0]}", &sc), HW_OK, "%s", msg);
    cr_expect_eq(hw_body_pin_moves(&sc->bodies[0]), 0, "velocity 0: held");
    hw_scenario_free(sc);
    cr_assert_neq(pin_yaml("{type: sinusoid, amplitude: [0.5, 0, 0, 0, 0.1, 0], period: 2}", &sc), HW_OK);
    cr_expect(strstr(msg, "pin.yaml:") && strstr(msg, "motion.amplitude") && strstr(msg, "roll, pitch and yaw entries 0"),
              "%s", msg);
    cr_assert_neq(pin_yaml("{type: constant_velocity, velocity: [0, 0, 0, 0, 0, 1]}", &sc), HW_OK);
    cr_expect(strstr(msg, "motion.velocity"), "%s", msg);
    /* a moving pin through the world: the reference point follows the motion exactly */
    hw_world *w = NULL;
    static char t[2048];
    const char *at = strstr(PIN_YAML, "@M@");
    snprintf(t, sizeof t, "%.*s%s%s", (int)(at - PIN_YAML), PIN_YAML, "{type: constant_velocity, velocity: [0.3, 0, 0, 0, 0, 0]}",
             at + 3);
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load_string(t, "pin.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_step(w, 1000), HW_OK, "%s", hw_world_last_error(w));
    double x[3], q[4];
    hw_world_body_state(w, 0, x, q, NULL, NULL);
    cr_expect_lt(fabs(x[0] - 0.3), 1e-12, "pin x %.15g", x[0]);
    cr_expect_lt(fabs(q[0] - 1.0), 1e-12, "a constant pin velocity does not turn a hanging body");
    hw_world_destroy(w);
    /* a table: the pin follows the natural spline through its rows, as a prescribed body does */
    snprintf(t, sizeof t, "%.*s%s%s", (int)(at - PIN_YAML), PIN_YAML,
             "{type: table, table: [[0, 0, 0, 0, 0, 0, 0], [0.5, 0.1, 0, 0, 0, 0, 0], [1, 0.4, 0, -0.1, 0, 0, 0], "
             "[2, 0.4, 0, -0.1, 0, 0, 0]]}", at + 3);
    hw_scenario *tb = NULL;
    cr_assert_eq(hw_scenario_load_string(t, "pin.yaml", &tb, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_load_string(t, "pin.yaml", &o, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_step(w, 700), HW_OK, "%s", hw_world_last_error(w));
    double want[6], wv[6];
    cr_assert_eq(hw_body_motion6(&tb->bodies[0], NULL, 0.7, want, wv), HW_OK);
    hw_world_body_state(w, 0, x, q, NULL, NULL);
    cr_expect_lt(fabs(x[0] - want[0]) + fabs(x[2] - want[2]), 1e-12, "pin (%.12g, %.12g), table (%.12g, %.12g)", x[0],
                 x[2], want[0], want[2]);
    cr_expect_gt(fabs(q[2]), 1e-4, "the pin's acceleration turns the hanging body");
    hw_world_destroy(w);
    hw_scenario_free(tb);
}
