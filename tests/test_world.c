/* The world (include/hawser/world.h): the lumped lines alone give hw_sim's states bit for bit; a
 * network-coupled case gives today's coupling (host/world/coupling.c) bit for bit; a blow-up in any
 * family stops the world with a diagnosis naming the family; and (once the rigid cables have
 * 6-DOF body ends) the same payload hung by a rigid cable and by a lumped line agrees. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"
#include "run/coupled_run.h"
#include "world/coupling.h"
#include "run/network_run.h"
#include "io/scenario.h"
#include "io/scenario_rigid.h"

#define G0 9.80665
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* A mooring-like model: two lines from anchors to a free buoy point, a third from the buoy to a
 * fairlead moving in a sinusoid (RK2, every kind of point). */
static hw_line_type_def g_ty;
static hw_point_def g_pt[4];
static hw_line_def g_ln[3];
static hw_model_def moor(void)
{
    hw_model_def m = hw_default_model();
    g_ty = hw_default_line_type();
    g_ty.d = 0.08; g_ty.mu = 20; g_ty.ea = 5e7;
    for (int i = 0; i < 4; i++) g_pt[i] = hw_default_point();
    g_pt[0].pos[0] = -300; g_pt[0].pos[2] = -100;
    g_pt[1].pos[0] = 300; g_pt[1].pos[2] = -100;
    g_pt[2].kind = HW_POINT_FREE; g_pt[2].pos[2] = -30; g_pt[2].mass = 500; g_pt[2].volume = 2; g_pt[2].cda = 1;
    g_pt[3].kind = HW_POINT_PRESCRIBED; g_pt[3].pos[0] = 20; g_pt[3].pos[2] = 0;
    g_pt[3].motion = HW_MOTION_SINUSOID; g_pt[3].amp[0] = 2; g_pt[3].period = 10;
    for (int l = 0; l < 3; l++) { g_ln[l] = hw_default_line(); g_ln[l].nseg = 20; }
    g_ln[0].point_a = 0; g_ln[0].point_b = 2; g_ln[0].length = 330;
    g_ln[1].point_a = 1; g_ln[1].point_b = 2; g_ln[1].length = 330;
    g_ln[2].point_a = 2; g_ln[2].point_b = 3; g_ln[2].length = 40; g_ln[2].nseg = 8;
    g_ln[0].name = "west"; g_ln[1].name = "east"; g_ln[2].name = "riser";
    m.n_types = 1; m.types = &g_ty; m.n_points = 4; m.points = g_pt; m.n_lines = 3; m.lines = g_ln;
    m.solver.static_solve = 0; /* from the catenaries: what is compared is the stepping */
    return m;
}

static void same_lines(hw_sim *a, hw_sim *b, int n_lines)
{
    static double xa[3 * 1001], xb[3 * 1001];
    for (int l = 0; l < n_lines; l++) {
        int n = hw_sim_line_nseg(a, l);
        cr_assert_eq(n, hw_sim_line_nseg(b, l));
        cr_assert(n < 1000);
        hw_sim_line_positions(a, l, xa); hw_sim_line_positions(b, l, xb);
        cr_assert(!memcmp(xa, xb, 3 * (size_t)(n + 1) * sizeof(double)), "line %d positions differ", l);
        hw_sim_line_velocities(a, l, xa); hw_sim_line_velocities(b, l, xb);
        cr_assert(!memcmp(xa, xb, 3 * (size_t)(n + 1) * sizeof(double)), "line %d velocities differ", l);
    }
}

Test(world, lumped_alone_is_hw_sim_bit_for_bit)
{
    hw_model_def m = moor();
    char msg[2048];
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&m, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_world_dt(w), hw_sim_dt(sim));
    /* whole steps, then advance_to a time that is not a multiple of dt (a shortened step) */
    cr_assert_eq(hw_sim_step(sim, 300), HW_OK);
    cr_assert_eq(hw_world_step(w, 300), HW_OK, "%s", hw_world_last_error(w));
    same_lines(sim, hw_world_lumped(w), 3);
    double t = hw_sim_time(sim) + 2.5 * hw_sim_dt(sim);
    cr_assert_eq(hw_sim_advance_to(sim, t), HW_OK);
    cr_assert_eq(hw_world_advance_to(w, t), HW_OK, "%s", hw_world_last_error(w));
    cr_assert_eq(hw_world_time(w), hw_sim_time(sim));
    same_lines(sim, hw_world_lumped(w), 3);
    hw_world_energy e;
    hw_energy es;
    cr_assert_eq(hw_world_get_energy(w, &e), HW_OK);
    hw_sim_energy(sim, &es);
    cr_assert_eq(e.total, es.total); /* no other family: the lumped energy itself */
    printf("world, lumped lines alone: %ld steps identical to hw_sim (t = %.6f s)\n", 303L, hw_world_time(w));
    hw_world_destroy(w);
    hw_sim_destroy(sim);
}

/* Today's coupling (hw_couplings_advance_to, the CLI's loop until now) against the world, for the
 * two coupling kinds of tests/data: the states after 2 s are identical. */
static void network_case(const char *file, double t_end)
{
    char path[1024], msg[4096];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(sc->network && sc->n_couplings > 0);
    /* today: sim + network runner + couplings, advanced to each 0.1 s row */
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_net_runner netr;
    memset(&netr, 0, sizeof netr);
    char dir[1024];
    snprintf(dir, sizeof dir, HW_TMP "/hw_world_%s", file);
    cr_assert_eq(hw_net_runner_start(&netr, sc, dir, NULL, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    hw_couplings *cpl = NULL;
    cr_assert_eq(hw_couplings_create(sc->couplings, sc->n_couplings, &sc->model, netr.net, path, &cpl, msg,
                                     sizeof msg), HW_OK, "%s", msg);
    /* the world */
    hw_world_def wd = hw_default_world();
    wd.lumped = &sc->model;
    wd.network = sc->network;
    wd.n_couplings = sc->n_couplings;
    wd.couplings = sc->couplings;
    wd.file = path;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    int rows = (int)(t_end / 0.1 + 0.5);
    for (int k = 1; k <= rows; k++) {
        double t = 0.1 * k;
        cr_assert_eq(hw_couplings_advance_to(cpl, sim, &netr, t, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_world_advance_to(w, t), HW_OK, "%s", hw_world_last_error(w));
    }
    cr_assert_eq(hw_world_time(w), hw_sim_time(sim));
    same_lines(sim, hw_world_lumped(w), sc->model.n_lines);
    hw_net *n2 = hw_world_network(w);
    for (int i = 0; i < hw_net_n_nodes(netr.net); i++) {
        double x1, v1, x2, v2;
        hw_net_node_state(netr.net, i, &x1, &v1);
        hw_net_node_state(n2, i, &x2, &v2);
        cr_assert(x1 == x2 && v1 == v2, "network node %d: %.17g %.17g vs %.17g %.17g", i, x1, v1, x2, v2);
    }
    for (int i = 0; i < hw_net_n_rnodes(netr.net); i++) {
        double x1, v1, x2, v2;
        hw_net_rnode_state(netr.net, i, &x1, &v1);
        hw_net_rnode_state(n2, i, &x2, &v2);
        cr_assert(x1 == x2 && v1 == v2, "network shaft %d differs", i);
    }
    printf("world, %s: lumped lines and network identical to the coupling loop at t = %.3f s\n", file,
           hw_world_time(w));
    hw_world_destroy(w);
    hw_couplings_destroy(cpl);
    hw_net_runner_end(&netr);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(world, network_rail_coupling_as_before) { network_case("coupling_rail.yaml", 2.0); }
Test(world, network_drum_coupling_as_before) { network_case("coupling_drum.yaml", 2.0); }

/* ---- blow-ups ------------------------------------------------------------------------------- */

Test(world, blow_up_in_the_lumped_lines)
{
    hw_model_def m = moor();
    m.solver.dt = 0.05; /* far above the critical step */
    m.solver.allow_unstable_dt = 1;
    m.solver.static_solve = 0;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    /* a body riding nowhere: the world takes the exchange path */
    hw_body_def b = hw_default_body();
    b.name = "marker";
    b.kind = HW_BODY_PRESCRIBED;
    b.motion = HW_MOTION_CONSTANT_VELOCITY;
    b.vel[0] = 1.0;
    wd.n_bodies = 1; wd.bodies = &b;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_status st = hw_world_advance_to(w, 100.0);
    const char *e = hw_world_last_error(w);
    printf("lumped blow-up: %s\n", e);
    cr_assert_eq(st, HW_ERR_NUMERICAL, "%s", e);
    cr_expect(strstr(e, "lumped lines: ") == e, "%s", e);
    cr_expect(strstr(e, "line 'riser'") || strstr(e, "line 'west'") || strstr(e, "line 'east'"), "names the line: %s", e);
    cr_expect(strstr(e, "t = "), "names the time: %s", e);
    cr_expect_eq(hw_world_step(w, 1), HW_ERR_STATE);
    /* the marker moved with the world up to the blow-up: x = vel t at the last good step */
    double x[3];
    hw_world_body_state(w, 0, x, NULL, NULL, NULL);
    cr_expect_gt(x[0], 0.0);
    hw_world_destroy(w);
}

/* A free body on a waterplane far too stiff for the step: w dt = 31 (symplectic Euler needs < 2). */
Test(world, blow_up_of_a_body)
{
    hw_model_def m = hw_default_model();
    m.n_lines = 0; m.n_types = 0; m.n_points = 0;
    m.solver.dt = 0.01;
    hw_body_def b = hw_default_body();
    b.name = "cork";
    b.kind = HW_BODY_FREE;
    b.mass = 10.0; b.volume = 10.0 / 1025.0;
    b.awp = 1e4;
    b.inertia[0] = b.inertia[1] = b.inertia[2] = 1.0;
    b.pos[2] = 0.1;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_status st = hw_world_advance_to(w, 100.0);
    const char *e = hw_world_last_error(w);
    printf("body blow-up: %s\n", e);
    cr_assert_eq(st, HW_ERR_NUMERICAL, "%s", e);
    cr_expect(strstr(e, "body 'cork' (0) at t = "), "%s", e);
    cr_expect(strstr(e, "likely cause"), "%s", e);
    cr_expect_lt(hw_world_time(w), 100.0);
    cr_expect_eq(hw_world_step(w, 1), HW_ERR_STATE);
    hw_world_destroy(w);
}

/* The sled network with a rope limit Fmax below the haul: the rope's tension passes it. */
Test(world, blow_up_in_the_network)
{
    char path[1024], msg[4096];
    snprintf(path, sizeof path, "%s/network_sled.yaml", HW_TEST_DATA_DIR);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *p = strstr(text, "Fmax: 2.0e4");
    cr_assert_not_null(p);
    memcpy(p, "Fmax: 1.0e3", 11);
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(text, "sled_weak.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_world_def wd = hw_default_world();
    wd.lumped = &sc->model;
    wd.network = sc->network;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_null(hw_world_lumped(w));
    cr_assert_float_eq(hw_world_dt(w), 0.01, 1e-15);
    hw_status st = hw_world_advance_to(w, 20.0);
    const char *e = hw_world_last_error(w);
    printf("network blow-up: %s\n", e);
    cr_assert_eq(st, HW_ERR_NUMERICAL, "%s", e);
    cr_expect(strstr(e, "network: rope 'haul_rope'") == e, "%s", e);
    cr_expect(strstr(e, "t = "), "%s", e);
    cr_expect_eq(hw_world_advance_to(w, 20.0), HW_ERR_STATE);
    hw_world_destroy(w);
    hw_scenario_free(sc);
}

/* A rigid cable (in the world without lumped lines) torn by an absurd load on its free end. */
Test(world, blow_up_in_the_rigid_cables)
{
    hw_model_def none = hw_default_model();
    none.n_lines = 0; none.n_types = 0; none.n_points = 0;
    hw_rc_def rd = hw_default_rc_def();
    rd.dt = 1e-3;
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "wire";
    c.length = 10; c.elements = 10; c.mass_per_length = 1.0; c.diameter = 0.02; c.ea = 1e8;
    c.end_a = HW_RC_END_POINT;
    c.end_b = HW_RC_END_FREE;
    c.pos_b[2] = -10;
    rd.n_cables = 1; rd.cables = &c;
    hw_world_def wd = hw_default_world();
    wd.lumped = &none;
    wd.rigid = &rd;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_float_eq(hw_world_dt(w), 1e-3, 1e-18);
    cr_assert_eq(hw_world_step(w, 10), HW_OK, "%s", hw_world_last_error(w));
    double f[3] = {0, 0, -1e15};
    cr_assert_eq(hw_rc_set_end_load(hw_world_rigid(w), 0, 1, f, NULL), HW_OK);
    hw_status st = hw_world_step(w, 1000);
    const char *e = hw_world_last_error(w);
    printf("rigid blow-up: %s\n", e);
    cr_assert_eq(st, HW_ERR_NUMERICAL, "%s", e);
    cr_expect(strstr(e, "rigid cables: ") == e, "%s", e);
    cr_expect(strstr(e, "wire"), "names the cable: %s", e);
    cr_expect_eq(hw_world_step(w, 1), HW_ERR_STATE);
    hw_world_destroy(w);
}

/* Input errors name what is wrong. */
Test(world, bad_attachment_is_refused)
{
    hw_model_def m = moor();
    hw_body_def b = hw_default_body();
    b.name = "buoy";
    hw_body_attach at = {2, 0, {0, 0, 0}}; /* point 2 is free, not coupled */
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 1; wd.bodies = &b;
    wd.n_body_points = 1; wd.body_points = &at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_null(w);
    cr_expect(strstr(msg, "body_points[0].point: expected a point of type coupled"), "%s", msg);
}

/* ---- a payload on a lumped line and on a rigid cable (6-DOF body end) ------------------------ */

/* In air: a 1000 kg payload (inertia 100 kg m^2 about its CG) hangs with its CG 0.5 m below the
 * attachment, on a 10 m line of 0.01 kg/m (EA 1e7 N) from a fixed point 60 m up: a double
 * pendulum (line angle a, body angle b). Linearized, with M, L, d, I:
 *   [M L^2  M L d; M L d  M d^2 + I] [a b]'' + [M g L 0; 0 M g d] [a b] = 0,
 * whose lower mode is released (0.02 rad: the amplitude changes the period by 2.5e-5). */
#define PL 10.0
#define PM 1000.0
#define PD 0.5
#define PI_ 100.0
static void low_mode(double *omega, double *ratio)
{
    double L = PL * (1 + PM * G0 / 1e7); /* the line stretched by the weight (EA 1e7 N) */
    double m11 = PM * L * L, m12 = PM * L * PD, m22 = PM * PD * PD + PI_;
    double k1 = PM * G0 * L, k2 = PM * G0 * PD;
    /* det(K - w^2 M) = 0: (m11 m22 - m12^2) x^2 - (k1 m22 + k2 m11) x + k1 k2 = 0, x = w^2 */
    double A = m11 * m22 - m12 * m12, B = -(k1 * m22 + k2 * m11), C = k1 * k2;
    double x = (-B - sqrt(B * B - 4 * A * C)) / (2 * A);
    *omega = sqrt(x);
    *ratio = -(k1 - x * m11) / (-x * m12); /* b / a from the first row */
}

static hw_body_def payload(double a, double b)
{
    hw_body_def p = hw_default_body();
    p.name = "payload";
    p.kind = HW_BODY_FREE;
    p.mass = PM;
    p.inertia[0] = p.inertia[1] = p.inertia[2] = PI_;
    p.pos[0] = PL * sin(a) + PD * sin(b);
    p.pos[2] = 60.0 - PL * cos(a) - PD * cos(b);
    p.rot[1] = -b; /* R_y(-b) (0, 0, d) = d (-sin b, 0, cos b): the attachment above the CG */
    return p;
}

static double swing_period(hw_world *w, double t_end)
{
    static double t[400001], x[400001], tc[200];
    int n = 0;
    while (hw_world_time(w) < t_end && n < 400000) {
        double p[3];
        hw_world_body_state(w, 0, p, NULL, NULL, NULL);
        t[n] = hw_world_time(w); x[n] = p[0]; n++;
        cr_assert_eq(hw_world_step(w, 1), HW_OK, "%s", hw_world_last_error(w));
    }
    int k = 0;
    for (int i = 1; i < n && k < 200; i++)
        if (x[i - 1] < 0 && x[i] >= 0) tc[k++] = t[i - 1] + (t[i] - t[i - 1]) * (-x[i - 1]) / (x[i] - x[i - 1]);
    cr_assert_geq(k, 3);
    return (tc[k - 1] - tc[0]) / (k - 1);
}

static hw_line_type_def p_ty;
static hw_point_def p_pt[2];
static hw_line_def p_ln;
static hw_body_attach p_at = {1, 0, {0, 0, PD}};
static hw_model_def payload_line(void)
{
    p_ty = hw_default_line_type();
    p_ty.d = 0.01; p_ty.mu = 0.01; p_ty.ea = 1e7; p_ty.cdn = p_ty.cdt = 0;
    p_pt[0] = hw_default_point();
    p_pt[0].pos[2] = 60.0;
    p_pt[1] = hw_default_point();
    p_pt[1].kind = HW_POINT_COUPLED;
    p_ln = hw_default_line();
    p_ln.name = "sling";
    p_ln.point_a = 0; p_ln.point_b = 1; p_ln.length = PL; p_ln.nseg = 1;
    hw_model_def m = hw_default_model();
    m.n_types = 1; m.types = &p_ty; m.n_points = 2; m.points = p_pt; m.n_lines = 1; m.lines = &p_ln;
    return m;
}

/* The lumped line: top tension (M + mu L / 2) g (the line's lower half rides on the body); the
 * period of the double pendulum's lower mode with the line's stretched length: 0.1% (symplectic
 * Euler's period error (w dt)^2 / 24 is 4e-8, the amplitude's 2.5e-5, the one-step lag of the
 * exchange of order w dt / 100; the body's bounce mode at 32 rad/s is not excited). */
static double g_lumped_T, g_lumped_P;
Test(world, payload_on_a_lumped_line_swings_as_a_double_pendulum)
{
    char msg[2048];
    hw_model_def m = payload_line();
    /* one segment between a fixed point and a point on the body: the lumped model has no free
       node, and its critical step (from the end node's 0.05 kg) says nothing of this system,
       whose fastest mode is the payload bouncing on the line, sqrt(EA / L / M) = 32 rad/s: a
       step of 1 ms is stable (w dt = 0.03) */
    m.solver.dt = 1e-3;
    m.solver.allow_unstable_dt = 1;
    hw_body_def pb = payload(0.0, 0.0);
    hw_world_def wl = hw_default_world();
    wl.lumped = &m;
    wl.n_bodies = 1; wl.bodies = &pb;
    wl.n_body_points = 1; wl.body_points = &p_at;
    hw_world *w = NULL;
    cr_assert_eq(hw_world_create(&wl, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double ta, tb;
    hw_sim_line_end_tensions(hw_world_lumped(w), 0, &ta, &tb);
    hw_world_destroy(w);
    double om, ratio;
    low_mode(&om, &ratio);
    pb = payload(0.02, 0.02 * ratio);
    m.solver.static_solve = 0;
    cr_assert_eq(hw_world_create(&wl, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double P = swing_period(w, 20.0), Pe = 2 * M_PI / om;
    double Te = (PM + 0.5 * PL * p_ty.mu) * G0;
    printf("payload on a lumped line: top tension %.2f N ((M + line) g = %.2f N); swing period %.5f s, "
           "double pendulum %.5f s (%.2e; b/a = %.4f), dt %.3g s\n", ta, Te, P, Pe, P / Pe - 1, ratio, hw_world_dt(w));
    cr_expect_lt(fabs(ta / Te - 1), 1e-4);
    cr_expect_lt(fabs(P / Pe - 1), 1e-3);
    g_lumped_T = ta; g_lumped_P = P;
    hw_world_destroy(w);
}

/* The same payload on a rigid cable's 6-DOF end (HW_RC_END_BODY6): the same tension and period.
 * The wire in 2 elements of 5 m: its transverse step bound l sqrt(mu / (3 T)) is 2.9 ms, above
 * dt = 1 ms (10 elements of 1 m, 0.58 ms, blow up). */
Test(world, payload_on_rigid_cable_as_on_lumped_line)
{
    char msg[2048];
    hw_model_def none = hw_default_model();
    none.n_lines = 0; none.n_types = 0; none.n_points = 0;
    hw_rc_def rd = hw_default_rc_def();
    rd.dt = 1e-3;
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "wire";
    c.length = PL; c.elements = 2; c.mass_per_length = 0.01; c.diameter = 0.01; c.ea = 1e7;
    c.cdn = c.cdt = 0;
    c.end_a = HW_RC_END_POINT;
    c.pos_a[2] = 60.0;
    c.end_b = HW_RC_END_BODY6;
    c.body6_b = payload(0.0, 0.0);
    c.body6_b.pos[2] -= (PM + 0.5 * PL * c.mass_per_length) * G0 * PL / c.ea;
    c.at_b[2] = PD;
    rd.n_cables = 1; rd.cables = &c;
    hw_body_def pb = c.body6_b;
    hw_world_rc_body held = {0, 0, 1};
    hw_world_def wd = hw_default_world();
    wd.lumped = &none;
    wd.rigid = &rd;
    wd.n_bodies = 1; wd.bodies = &pb;
    wd.n_rc_bodies = 1; wd.rc_bodies = &held;
    hw_world *w = NULL;
    hw_status st = hw_world_create(&wd, &w, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    /* in air, no statics: the payload starts where the wire's stretch under its weight puts it
       (dL = T L / EA), and the tension is averaged over 2 s, about 10 periods of the payload
       bouncing on the wire (sqrt(EA / L / M) = 32 rad/s), whatever the start leaves of it */
    double T = 0.0;
    for (int i = 0; i < 2000; i++) {
        cr_assert_eq(hw_world_step(w, 1), HW_OK, "%s", hw_world_last_error(w));
        double fa[3], fb[3];
        hw_rc_end_forces(hw_world_rigid(w), 0, fa, fb);
        T += sqrt(fa[0] * fa[0] + fa[1] * fa[1] + fa[2] * fa[2]) / 2000.0;
    }
    hw_world_destroy(w);
    double om, ratio;
    low_mode(&om, &ratio);
    c.body6_b = payload(0.02, 0.02 * ratio);
    pb = c.body6_b;
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double P = swing_period(w, 20.0), Pe = 2 * M_PI / om, Te = (PM + 0.5 * PL * c.mass_per_length) * G0;
    printf("payload on a rigid cable: top tension %.2f N (%.2f N), swing period %.5f s (double pendulum %.5f s)\n", T,
           Te, P, Pe);
    /* the mean over 2 s of what the start leaves of the bounce (a non-whole number of its periods:
       at most amplitude / (omega 2 s) = 1.6% of a small amplitude) and the wire's own sag: 2e-3 */
    cr_expect_lt(fabs(T / Te - 1), 2e-3);
    cr_expect_lt(fabs(P / Pe - 1), 2e-3);
    hw_world_destroy(w);
}

/* A coupled body is moved from outside (co-simulation): the world carries it on at the velocities
 * given, and the point riding on it follows: after 1 s at v = (1, 0, 0) and w = 0.1 rad/s about
 * z, r = r0 + v t and yaw = 0.1 rad: hw_quat_integrate (normalized first order) turns by
 * 2 atan(w h / 2) a step, short by (w h)^3 / 12 = 8e-14 rad, 8e-11 over the 1000 steps. The
 * progress callback sees every advance's end time, and a fixed body does not move. */
static double g_progress[8];
static int g_n_progress;
static void on_progress(void *user, double t)
{
    (void)user;
    if (g_n_progress < 8) g_progress[g_n_progress++] = t;
}

Test(world, coupled_and_fixed_bodies_and_progress)
{
    hw_model_def m = payload_line();
    m.solver.dt = 1e-3;
    m.solver.allow_unstable_dt = 1;
    m.solver.static_solve = 0;
    hw_body_def b[2] = {hw_default_body(), hw_default_body()};
    b[0].name = "vessel";
    b[0].kind = HW_BODY_COUPLED;
    b[0].pos[2] = 50.0;
    b[1].name = "quay";
    b[1].kind = HW_BODY_FIXED;
    b[1].pos[0] = 5.0;
    hw_body_attach at = {1, 0, {2.0, 0.0, 0.0}};
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.n_bodies = 2; wd.bodies = b;
    wd.n_body_points = 1; wd.body_points = &at;
    hw_world *w = NULL;
    char msg[2048];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    hw_world_set_progress(w, on_progress, NULL);
    double pos[3] = {0, 0, 50}, q[4] = {1, 0, 0, 0}, v[3] = {1, 0, 0}, om[3] = {0, 0, 0.1};
    cr_assert_eq(hw_world_set_body_kinematics(w, 0, pos, q, v, om), HW_OK);
    cr_assert_eq(hw_world_set_body_kinematics(w, 1, pos, q, v, om), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_world_advance_to(w, 0.5), HW_OK, "%s", hw_world_last_error(w));
    cr_assert_eq(hw_world_advance_to(w, 1.0), HW_OK, "%s", hw_world_last_error(w));
    double x[3], qq[4], p[3];
    hw_world_body_state(w, 0, x, qq, NULL, NULL);
    double yaw = 2 * atan2(qq[3], qq[0]);
    hw_sim_point_state(hw_world_lumped(w), 1, p, NULL, NULL);
    printf("coupled body after 1 s: x = %.12f m, yaw = %.12f rad; point at (%.9f, %.9f) (expected (%.9f, %.9f))\n",
           x[0], yaw, p[0], p[1], 1 + 2 * cos(0.1), 2 * sin(0.1));
    cr_expect_lt(fabs(x[0] - 1.0), 1e-12);
    cr_expect_lt(fabs(yaw - 0.1), 1e-10);
    cr_expect_lt(fabs(p[0] - (1 + 2 * cos(0.1))) + fabs(p[1] - 2 * sin(0.1)), 3e-10);
    hw_world_body_state(w, 1, x, qq, NULL, NULL);
    cr_expect(x[0] == 5.0 && x[1] == 0.0 && x[2] == 0.0 && qq[0] == 1.0);
    cr_expect_eq(g_n_progress, 2);
    cr_expect_eq(g_progress[0], 0.5);
    cr_expect_eq(g_progress[1], hw_world_time(w));
    hw_world_destroy(w);
}

/* A body held by a rigid cable (HW_RC_END_BODY6) and by a lumped line at once: the payload hangs
 * from the rigid wire, and a 500 kg weight (a free lumped point) hangs from its underside on a
 * 5 m lumped line. The rigid solver integrates the payload with the lumped line's force and
 * moment on it (hw_rc_set_body6_load); at rest the wire's top tension is the weight of all of it,
 * (M + m2 + wire + line) g. The wire in 2 elements (l sqrt(mu / (3 T)) = 2.4 ms > dt) and the lumped
 * line in one segment (a free interior node of 0.025 kg would need dt < 8e-5 s). */
Test(world, body_held_by_rigid_cable_and_lumped_line)
{
    char msg[2048];
    hw_line_type_def ty = hw_default_line_type();
    ty.d = 0.01; ty.mu = 0.01; ty.ea = 1e7; ty.damping_ratio = 0.5;
    hw_point_def pt[2] = {hw_default_point(), hw_default_point()};
    pt[0].kind = HW_POINT_COUPLED;
    pt[0].pos[2] = 60.0 - PL - PD - 0.5; /* the payload's underside: reference point 0.5 m above */
    pt[1].kind = HW_POINT_FREE;
    pt[1].mass = 500.0;
    pt[1].cda = 1.0;                     /* in air: no drag; damping from the line's BA */
    pt[1].pos[2] = pt[0].pos[2] - 5.0;
    hw_line_def ln = hw_default_line();
    ln.name = "tail";
    ln.point_a = 0; ln.point_b = 1; ln.length = 5.0; ln.nseg = 1;
    hw_model_def m = hw_default_model();
    m.n_types = 1; m.types = &ty; m.n_points = 2; m.points = pt; m.n_lines = 1; m.lines = &ln;
    m.solver.dt = 1e-3;
    m.solver.allow_unstable_dt = 1; /* the line's end nodes are its only masses: the payload and the
                                       weight set the real step limit, far above 1 ms */
    hw_rc_def rd = hw_default_rc_def();
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "wire";
    c.length = PL; c.elements = 2; c.mass_per_length = 0.01; c.diameter = 0.01; c.ea = 1e7;
    c.cdn = c.cdt = 0;
    c.end_a = HW_RC_END_POINT;
    c.pos_a[2] = 60.0;
    c.end_b = HW_RC_END_BODY6;
    c.body6_b = payload(0.0, 0.0);
    c.at_b[2] = PD;
    rd.n_cables = 1; rd.cables = &c;
    hw_body_def pb = payload(0.0, 0.0);
    hw_world_rc_body held = {0, 0, 1};
    hw_body_attach at = {0, 0, {0, 0, -0.5}};
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.rigid = &rd;
    wd.n_bodies = 1; wd.bodies = &pb;
    wd.n_body_points = 1; wd.body_points = &at;
    wd.n_rc_bodies = 1; wd.rc_bodies = &held;
    hw_world *w = NULL;
    hw_status st = hw_world_create(&wd, &w, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    /* the start is near rest (the lumped statics hung the weight; the wire starts unstretched):
       the transient dies in the damping; the tension averaged over the last second */
    cr_assert_eq(hw_world_advance_to(w, 9.0), HW_OK, "%s", hw_world_last_error(w));
    double mean = 0.0, f[3] = {0, 0, 0};
    for (int i = 0; i < 1000; i++) {
        cr_assert_eq(hw_world_step(w, 1), HW_OK, "%s", hw_world_last_error(w));
        double fa[3], fb[3], fl[3], mo[3];
        hw_rc_end_forces(hw_world_rigid(w), 0, fa, fb);
        mean += sqrt(fa[0] * fa[0] + fa[1] * fa[1] + fa[2] * fa[2]) / 1000.0;
        hw_world_body_cable_load(w, 0, fl, mo); /* the wire's pull and the line's: averaged too */
        for (int k = 0; k < 3; k++) f[k] += fl[k] / 1000.0;
    }
    double Te = (PM + 500.0 + 0.01 * PL + 0.01 * 5.0) * G0;
    printf("payload on a rigid wire with a weight on a lumped line below: top tension %.2f N (expected %.2f N), "
           "the cables' force on the payload %.2f N (its weight %.2f N)\n", mean, Te, f[2], PM * G0);
    cr_expect_lt(fabs(mean / Te - 1), 1e-2);
    /* the wire pulls up with Te less its own weight, the line down with the weight and itself:
       together the payload's weight PM g (the body is at rest on average) */
    cr_expect_lt(fabs(f[2] / (PM * G0) - 1), 1e-2);
    hw_world_destroy(w);
}
