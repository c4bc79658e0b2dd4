/* The 1-D network (docs/physics.md sections 1, 2, 3, 7; validation cases 16, 19, 20, 21, 22): slack
 * models against the table, table lookups, Stribeck curve, rail mass creep and sliding, drum hoist,
 * bearing friction and windup signs, block and tackle, maximum tension and slack warnings, and the
 * input checks of every element. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hawser/network.h"
#include "physics/rope1d.h"
#include "physics/stribeck.h"

#define G0 9.80665
#define PI 3.14159265358979323846

/* ---- helpers ------------------------------------------------------------------------------------ */

static char logs[64][400];
static int n_logs;
static void collect(void *user, int level, const char *msg)
{
    (void)user;
    (void)level;
    if (n_logs < 64) snprintf(logs[n_logs], sizeof logs[0], "%s", msg);
    n_logs++;
}

static int node(hw_net_def *d, const char *name, double x, double mass, int fixed)
{
    hw_net_node_def n = hw_default_net_node();
    n.name = name;
    n.x = x;
    n.mass = mass;
    n.fixed = fixed;
    return hw_net_add_node(d, &n);
}

static int rnode(hw_net_def *d, const char *name, double inertia)
{
    hw_net_rnode_def n = hw_default_net_rnode();
    n.name = name;
    n.inertia = inertia;
    return hw_net_add_rnode(d, &n);
}

/* A rail mass on node i: incline theta (rad), friction off unless k_brk/k_c given. */
static int rail(hw_net_def *d, const char *name, int i, double m, double theta, double k_brk, double k_c,
                double v_brk, double fv)
{
    hw_net_rail_mass_def r = hw_default_net_rail_mass();
    r.name = name;
    r.node = i;
    r.mass = m;
    r.theta = theta;
    r.friction = (k_brk > 0 || k_c > 0 || fv > 0);
    r.k_brk = k_brk;
    r.k_c = k_c;
    r.v_brk = v_brk;
    r.f_v = fv;
    return hw_net_add_rail_mass(d, &r);
}

static hw_net *build(hw_net_def *d)
{
    hw_net *net = NULL;
    char msg[512];
    n_logs = 0;
    hw_status st = hw_net_create(d, collect, NULL, &net, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "hw_net_create: %s", msg);
    return net;
}

static double nx(const hw_net *net, int i)
{
    double x, v;
    hw_net_node_state(net, i, &x, &v);
    return x;
}
static double nv(const hw_net *net, int i)
{
    double x, v;
    hw_net_node_state(net, i, &x, &v);
    return v;
}
static double ef(const hw_net *net, int e)
{
    double f;
    hw_net_element_force(net, e, &f);
    return f;
}

static void run_to(hw_net *net, double t_end, double dt)
{
    while (hw_net_time(net) < t_end - 1e-9) cr_assert_eq(hw_net_step(net, dt), HW_OK, "%s", hw_net_last_error(net));
}

/* ---- case 21: slack models, unit ---------------------------------------------------------------- */

/* The table of docs/physics.md section 1, written out independently of slack.h. */
static double slack_expected(int model, double xs, double vs, double K, double D, double w)
{
    double f;
    if (xs <= 0) return 0.0;
    if (model == 0) {
        double u = xs / w, s = xs < w ? 3 * u * u - 2 * u * u * u : 1.0;
        f = s * (K * xs + D * vs);
    } else if (model == 1) {
        f = K * xs + (vs > 0 ? D * vs : 0.0);
    } else {
        f = K * xs + D * vs;
    }
    return f > 0 ? f : 0.0;
}

Test(rope1d, slack_models_match_the_table)
{
    const double K = 2.0e5, D = 3.0e3, w = 1e-3;
    const double xs_v[] = {-0.1, -1e-9, 0.0, 1e-4, 5e-4, 9.99e-4, 1e-3, 2e-3, 0.05};
    const double vs_v[] = {-50.0, -2.0, -0.1, 0.0, 1e-6, 0.3, 4.0};
    for (int model = 0; model < 3; model++) {
        hw_rope1d p;
        memset(&p, 0, sizeof p);
        p.mode = HW_ROPE_CONSTANT;
        p.K = K;
        p.D = D;
        p.slack = 1;
        p.slack_model = model;
        p.slack_w = w;
        for (unsigned i = 0; i < sizeof xs_v / sizeof *xs_v; i++)
            for (unsigned j = 0; j < sizeof vs_v / sizeof *vs_v; j++) {
                double F = hw_rope1d_tension(&p, xs_v[i], vs_v[j], 0.0, NULL);
                double want = slack_expected(model, xs_v[i], vs_v[j], K, D, w);
                /* same arithmetic as the table, so equal up to the last bit of rounding order */
                cr_assert(fabs(F - want) <= 1e-14 * fabs(want), "model %d xs %g vs %g: %.17g vs %.17g",
                          model, xs_v[i], vs_v[j], F, want);
                cr_assert(F >= 0.0, "a cable never pushes");
            }
        /* tension never negative over a dense sweep, including fast rebound */
        for (int i = -200; i <= 200; i++)
            for (int j = -20; j <= 20; j++)
                cr_assert(hw_rope1d_tension(&p, i * 2e-5, j * 1.7, 0.0, NULL) >= 0.0);
    }
}

Test(rope1d, no_slack_is_a_two_way_spring_damper)
{
    hw_rope1d p;
    memset(&p, 0, sizeof p);
    p.K = 100.0;
    p.D = 10.0;
    cr_assert_float_eq(hw_rope1d_tension(&p, -0.2, 0.5, 0.0, NULL), -20.0 + 5.0, 1e-12);
}

Test(rope1d, table_lookup_linear_and_flat_outside)
{
    const double x[] = {0.0, 0.01, 0.03}, k[] = {1e5, 2e5, 4e5}, d[] = {10, 20, 40};
    hw_rope1d p;
    memset(&p, 0, sizeof p);
    p.mode = HW_ROPE_TABLE;
    p.n1 = 3;
    p.t1_x = x;
    p.t1_k = k;
    p.t1_d = d;
    double K, D;
    hw_rope1d_kd(&p, 0.02, 0, &K, &D);
    cr_assert_float_eq(K, 3e5, 1e-6);
    cr_assert_float_eq(D, 30, 1e-12);
    hw_rope1d_kd(&p, 0.5, 0, &K, &D); /* flat above */
    cr_assert_float_eq(K, 4e5, 1e-6);
    hw_rope1d_kd(&p, -0.5, 0, &K, &D); /* flat below */
    cr_assert_float_eq(K, 1e5, 1e-6);
    /* F = K(xs) xs + D(xs) vs without slack */
    cr_assert_float_eq(hw_rope1d_tension(&p, 0.02, 2.0, 0, NULL), 3e5 * 0.02 + 30 * 2.0, 1e-9);
}

Test(rope1d, table2_bilinear_and_flat_outside)
{
    const double L[] = {1.0, 3.0}, s[] = {0.0, 0.1}, k[] = {10, 20, 30, 60}, d[] = {1, 1, 1, 1};
    double v = hw_tlu2(L, 2, s, 2, k, 2.0, 0.05);
    cr_assert_float_eq(v, 0.25 * (10 + 20 + 30 + 60), 1e-12); /* centre = mean of corners */
    cr_assert_float_eq(hw_tlu2(L, 2, s, 2, k, 9.0, 0.05), 45.0, 1e-12);
    cr_assert_float_eq(hw_tlu2(L, 2, s, 2, k, 0.0, -1.0), 10.0, 1e-12);
    hw_rope1d p;
    memset(&p, 0, sizeof p);
    p.mode = HW_ROPE_TABLE2;
    p.n2_l = p.n2_s = 2;
    p.t2_l = L; p.t2_s = s; p.t2_k = k; p.t2_d = d;
    double K, D;
    hw_rope1d_kd(&p, 0.1, 2.0, &K, &D); /* strain 0.05 at Lrest 2 */
    cr_assert_float_eq(K, 30.0, 1e-12);
}

Test(rope1d, smoothmax_is_c1_and_exact_outside_its_band)
{
    const double b = 2.0, eps = 0.1;
    cr_assert_eq(hw_smoothmax(3.0, b, eps), 3.0);
    cr_assert_eq(hw_smoothmax(1.0, b, eps), 2.0);
    cr_assert(hw_smoothmax(b, b, eps) > b);
    const double h = 1e-7;
    for (int side = -1; side <= 1; side += 2) {
        double a = b + side * eps;
        double v_in = hw_smoothmax(a - side * h, b, eps), v_out = hw_smoothmax(a + side * h, b, eps);
        cr_assert(fabs(v_in - v_out) < 3e-7, "continuous at the band edge");
        double s_in = (hw_smoothmax(a - side * h, b, eps) - hw_smoothmax(a - side * 2 * h, b, eps)) / (side * h);
        double s_out = (hw_smoothmax(a + side * 2 * h, b, eps) - hw_smoothmax(a + side * h, b, eps)) / (side * h);
        cr_assert(fabs(s_in - s_out) < 1e-5, "slope continuous at the band edge: %g vs %g", s_in, s_out);
    }
}

/* Variable rest length through the network: K = EA / Lrest, Lrest = smoothmax(L - xs, Lmin). */
Test(network, variable_rest_length_stiffness)
{
    for (int sat = 0; sat < 2; sat++) {
        hw_net_def *d = hw_net_def_create();
        int b = node(d, "B", 5.0, 0, 1), f = node(d, "F", 0.0, 1.0, 0);
        hw_net_rope_def r = hw_default_net_rope();
        r.name = "r";
        r.node_b = b;
        r.node_f = f;
        r.length = 4.0;              /* xs = 5 - 0 - 4 = 1 */
        r.stiffness = HW_ROPE_CONSTANT_VARLEN;
        r.EA = 1e6;
        r.geom_a = b;
        r.geom_b = f;                /* L = 5: Lrest = 4 */
        r.lmin = sat ? 4.5 : 0.5;
        r.lmin_width = 0.05;
        r.slack = 0;
        int e = hw_net_add_rope(d, &r);
        hw_net *net = build(d);
        double want = 1e6 * 1.0 / (sat ? 4.5 : 4.0);
        cr_assert(fabs(ef(net, e) - want) <= 1e-12 * want, "%g vs %g", ef(net, e), want);
        hw_net_destroy(net);
        hw_net_def_destroy(d);
    }
}

/* ---- case 21: bouncing mass on a slack cable --------------------------------------------------- */

/* A 1 kg mass (x up) hangs from an anchor at x = 0 by a 1 m cable; it falls 0.5 m before the cable
 * catches it. With damping D the energy E + E_dissipated is conserved and E_dissipated grows only
 * where the model says: while the cable is stretched (smooth, full damped), and only while it is
 * being stretched (full undamped). */
static void bounce(int model, double D, double *e_lost, double *e_drift, int *bad_slack, int *bad_rebound,
                   int *episodes, int *warnings)
{
    hw_net_def *d = hw_net_def_create();
    int a = node(d, "anchor", 0.0, 0, 1), m = node(d, "mass", -0.5, 0, 0);
    rail(d, "weight", m, 1.0, PI / 2, 0, 0, 0.01, 0); /* vertical rail: gravity -g along x */
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "cable";
    r.node_b = a;
    r.node_f = m;
    r.length = 1.0;
    r.K = 1000.0;
    r.D = D;
    r.slack_model = model;
    r.slack_width = 0.01;
    int e = hw_net_add_rope(d, &r);
    hw_net *net = build(d);
    hw_net_energy en;
    hw_net_energy_get(net, &en);
    double E0 = en.kinetic + en.potential, drift = 0, ed_prev = en.dissipated;
    double xs_prev = nx(net, a) - nx(net, m) - 1.0, vs_prev = -nv(net, m);
    int slack_prev = 1;
    *bad_slack = *bad_rebound = 0;
    *episodes = 0; /* it starts slack: that is no warning, only going slack is */
    const double dtb = 2.5e-4;
    for (int k = 0; k < (int)(3.0 / dtb + 0.5); k++) {
        cr_assert_eq(hw_net_step(net, dtb), HW_OK);
        hw_net_energy_get(net, &en);
        double E = en.kinetic + en.potential;
        double dr = fabs(E + en.dissipated - E0);
        if (dr > drift) drift = dr;
        double xs = nx(net, a) - nx(net, m) - 1.0, vs = -nv(net, m), ded = en.dissipated - ed_prev;
        if (xs_prev < -1e-3 && xs < -1e-3 && ded != 0.0) (*bad_slack)++;
        if (model == HW_SLACK_FULL_UNDAMPED && vs_prev < -1e-2 && vs < -1e-2 && ded != 0.0) (*bad_rebound)++;
        int slack = xs <= 0;
        if (slack && !slack_prev) (*episodes)++;
        slack_prev = slack;
        xs_prev = xs;
        vs_prev = vs;
        ed_prev = en.dissipated;
    }
    (void)e;
    *e_lost = E0 - (en.kinetic + en.potential);
    *e_drift = drift / fabs(E0 ? E0 : 1.0);
    *warnings = n_logs;
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

Test(network, bouncing_mass_energy_for_each_slack_model)
{
    for (int model = 0; model < 3; model++) {
        double lost, drift;
        int bs, br, ep, nw;
        bounce(model, 0.0, &lost, &drift, &bs, &br, &ep, &nw);
        /* undamped: E conserved to the integrator's accuracy. The cable force is only C0 (full
           models) or C1 (smooth) at xs = 0 and xs = w, where RK4 loses order: the measured drift
           of the smooth model is 1.1e-4, 3.2e-5, 1.7e-6, 1.7e-7 at dt = 2e-3, 1e-3, 5e-4, 2.5e-4 s.
           At 2.5e-4 s, 1e-5 of E0 bounds it, far below the ~10% the damped runs lose. */
        cr_log_info("bounce model %d undamped: drift %.3g", model, drift);
        cr_assert(drift < 1e-5, "model %d undamped: energy drift %g", model, drift);
        bounce(model, 5.0, &lost, &drift, &bs, &br, &ep, &nw);
        cr_log_info("bounce model %d damped: lost %.4g J, drift %.3g, episodes %d, warnings %d", model, lost, drift, ep, nw);
        cr_assert(lost > 0.05, "model %d damped: it must lose energy, lost %g J", model, lost);
        cr_assert(drift < 1e-5, "model %d: E + E_diss drift %g", model, drift);
        cr_assert_eq(bs, 0, "model %d dissipated while slack (%d steps)", model, bs);
        cr_assert_eq(br, 0, "model %d dissipated during rebound (%d steps)", model, br);
        cr_assert(ep >= 3, "model %d: expected several bounces, got %d", model, ep);
        /* case 22: one slack warning per slack episode */
        cr_assert_eq(nw, ep, "model %d: %d warnings for %d slack episodes", model, nw, ep);
    }
}

Test(network, full_undamped_rebound_keeps_more_energy)
{
    double l_und, l_dam, dr;
    int a, b, c, w;
    bounce(HW_SLACK_FULL_UNDAMPED, 5.0, &l_und, &dr, &a, &b, &c, &w);
    bounce(HW_SLACK_FULL_DAMPED, 5.0, &l_dam, &dr, &a, &b, &c, &w);
    cr_assert(l_und < l_dam, "undamped rebound loses less: %g vs %g", l_und, l_dam);
}

/* ---- case 22: maximum tension ------------------------------------------------------------------- */

Test(network, fmax_stops_with_element_time_and_value)
{
    hw_net_def *d = hw_net_def_create();
    int a = node(d, "anchor", 0.0, 0, 1), p = node(d, "pull", -1.0, 0, 0);
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "haul";
    r.node_b = a;
    r.node_f = p;
    r.length = 1.0;
    r.K = 1e4;
    r.fmax = 1000.0;
    hw_net_add_rope(d, &r);
    hw_net_basic_def v = hw_default_net_basic(HW_NET_VELOCITY_SOURCE);
    v.name = "winch";
    v.node_a = p;
    v.signal = hw_signal_constant(-1.0); /* pulls away: xs = t, tension 1e4 t reaches 1000 N at 0.1 s */
    hw_net_add_basic(d, &v);
    hw_net *net = build(d);
    hw_status st = HW_OK;
    while (st == HW_OK && hw_net_time(net) < 1.0) st = hw_net_step(net, 0.01);
    cr_assert_eq(st, HW_ERR_NUMERICAL);
    const char *m = hw_net_last_error(net);
    cr_assert(strstr(m, "rope 'haul'") && strstr(m, "Fmax = 1000 N") && strstr(m, "at t = "), "%s", m);
    /* stops at the first step past 0.1 s (tension 1e4 t, the smooth slack width is 1 mm) */
    cr_assert(hw_net_time(net) > 0.1 - 1e-9 && hw_net_time(net) <= 0.1 + 0.0101, "t = %g", hw_net_time(net));
    cr_assert_eq(hw_net_step(net, 0.01), HW_ERR_STATE);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* ---- case 20: Stribeck friction ----------------------------------------------------------------- */

Test(stribeck, value_at_breakaway_velocity)
{
    const double fn = 1234.5, kb = 0.6, kc = 0.4, vb = 0.02, fv = 37.0;
    double f = hw_stribeck_force(vb, fn, kb, kc, vb, fv);
    double want = kb * fn + fv * vb;
    /* docs/physics.md section 3: within 1e-8 relative (tanh(10) = 1 - 4e-9 sets the size of the deviation) */
    cr_log_info("stribeck at v_brk: rel err %.3g", fabs(-f - want) / want);
    cr_assert(fabs(-f - want) <= 1e-8 * want, "%.12g vs %.12g", -f, want);
    cr_assert_float_eq(hw_stribeck_force(-vb, fn, kb, kc, vb, fv), -f, 1e-12 * want);
    cr_assert_eq(hw_stribeck_force(0.0, fn, kb, kc, vb, fv), 0.0);
    /* the Stribeck term peaks at v_brk: friction without the viscous part falls after it */
    double f1 = -hw_stribeck_force(vb, fn, kb, kc, vb, 0), f2 = -hw_stribeck_force(1.5 * vb, fn, kb, kc, vb, 0);
    cr_assert(f2 < f1);
    cr_assert_float_eq(hw_rail_normal_force(-50.0, 10.0, G0, 0.3), 10.0 * G0 * cos(0.3), 1e-12);
    cr_assert_float_eq(hw_rail_normal_force(50.0, 10.0, G0, -0.3), 50.0 + 10.0 * G0 * cos(0.3), 1e-12);
}

/* Held on a slope with F_C < m g sin(theta) < F_brk, released from rest: it creeps (a small steady
 * speed on the rising branch of the curve) but does not accelerate away. */
Test(stribeck, creeps_but_does_not_accelerate_below_breakaway)
{
    hw_net_def *d = hw_net_def_create();
    int s = node(d, "sled", 0.0, 0, 0);
    double theta = atan(0.5); /* m g sin = 0.5 m g cos: between K_C = 0.4 and K_brk = 0.6 */
    rail(d, "sled", s, 100.0, theta, 0.6, 0.4, 0.01, 0.0);
    hw_net *net = build(d);
    run_to(net, 9.0, 1e-3);
    double v9 = nv(net, 0);
    run_to(net, 10.0, 1e-3);
    double v10 = nv(net, 0);
    cr_log_info("creep: v(10) = %.6g m/s, dv(9..10) = %.3g m/s, x(10) = %.6g m", v10, v10 - v9, nx(net, 0));
    cr_assert(v10 < 0.0 && fabs(v10) < 0.01, "creep speed %g below v_brk", v10);
    /* no acceleration: the speed changes by less than 1e-6 of v_brk over the last second */
    cr_assert(fabs(v10 - v9) < 1e-8, "dv over 1 s = %g", v10 - v9);
    cr_assert(nx(net, 0) > -0.1, "crept %g m in 10 s", nx(net, 0));
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* Above breakaway it slides; well above v_brk the acceleration is g (sin - K_C cos) down the slope. */
Test(stribeck, slides_with_coulomb_acceleration)
{
    hw_net_def *d = hw_net_def_create();
    int s = node(d, "sled", 0.0, 0, 0);
    double theta = 30.0 * PI / 180.0, kc = 0.2;
    int e = rail(d, "sled", s, 50.0, theta, 0.3, kc, 0.01, 0.0);
    hw_net *net = build(d);
    run_to(net, 1.0, 1e-3); /* by now |v| ~ 3 m/s >> v_St = 0.014 m/s */
    double v1 = nv(net, 0);
    run_to(net, 2.0, 1e-3);
    double a = nv(net, 0) - v1, want = -G0 * (sin(theta) - kc * cos(theta));
    /* validation.md: within 1%; the Stribeck term exp(-(v/v_St)^2) and 1 - tanh are ~0 here */
    cr_log_info("sliding: a = %.12g, expected %.12g, rel err %.3g", a, want, fabs(a / want - 1));
    cr_assert(fabs(a - want) < 0.01 * fabs(want), "a = %.9g, expected %.9g", a, want);
    double E, P;
    hw_net_element_dissipation(net, e, &E, &P);
    cr_assert(P > 0 && E > 0);
    double xl;
    cr_assert_eq(hw_net_rail_x_log(net, e, &xl), HW_OK);
    cr_assert_float_eq(xl, nx(net, 0), 1e-12); /* length 0 */
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* ---- case 16: drum hoist -------------------------------------------------------------------------- */

/* Drum radius R, inertia J, torque tau lifting m on end A: a = (tau/R - m g) / (m + J/R^2). With
 * rope = 0 the load sits on the drum end (inextensible); with rope = 1 it hangs on a stiff damped
 * rope and the mean acceleration is compared. */
static void hoist(int rope, double *a_meas, double *a_want, double *T_drum)
{
    const double R = 0.5, J = 2.0, m = 100.0, tau = 800.0, K = 1e7;
    hw_net_def *d = hw_net_def_create();
    int sh = rnode(d, "shaft", 0.0);
    int A = node(d, "A", 0.0, 0, 0), load = A;
    if (rope) {
        load = node(d, "load", -1.0 - m * G0 / K, 0, 0); /* statically stretched */
        hw_net_rope_def r = hw_default_net_rope();
        r.name = "rope";
        r.node_b = A;
        r.node_f = load;
        r.length = 1.0;
        r.K = K;
        r.D = 2.0 * sqrt(K * m); /* critical for the load mode */
        hw_net_add_rope(d, &r);
    }
    rail(d, "load", load, m, PI / 2, 0, 0, 0.01, 0);
    hw_net_drum_def dr = hw_default_net_drum();
    dr.name = "drum";
    dr.shaft = sh;
    dr.end_a = A;
    dr.radius = R;
    dr.mu_b = 0.0;
    dr.inertia_on = 1;
    dr.inertia = J;
    int ed = hw_net_add_drum(d, &dr);
    hw_net_basic_def t = hw_default_net_basic(HW_NET_TORQUE_SOURCE);
    t.name = "motor";
    t.node_a = sh;
    t.signal = hw_signal_constant(tau);
    hw_net_add_basic(d, &t);
    hw_net *net = build(d);
    double x0 = nx(net, load);
    run_to(net, 1.0, 1e-3);
    *a_meas = 2.0 * (nx(net, load) - x0); /* x = a t^2 / 2 at t = 1 */
    *a_want = (tau / R - m * G0) / (m + J / (R * R));
    *T_drum = ef(net, ed);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

Test(drum, hoist_acceleration)
{
    double a, want, T;
    hoist(0, &a, &want, &T);
    cr_log_info("hoist (on the drum end): rel err %.3g", fabs(a / want - 1));
    /* validation.md: within 0.5%; the inextensible case is exact up to RK4 (~1e-12) */
    cr_assert(fabs(a - want) < 1e-9 * want, "a = %.12g, expected %.12g", a, want);
    /* T = FB R delta - FA R: FA = -m g on end A (the load's weight) */
    cr_assert_float_eq(T, 100.0 * G0 * 0.5, 1e-9);
    hoist(1, &a, &want, &T);
    cr_log_info("hoist (stiff rope): rel err %.3g", fabs(a / want - 1));
    /* stiff rope: the start-up transient of the 1e7 N/m, critically damped rope shifts x(1) by
       about m (a + g)/K = 1.6e-4 m against 2.87 m, well inside 0.5% */
    cr_assert(fabs(a - want) < 0.005 * want, "rope: a = %.9g, expected %.9g", a, want);
}

/* Bearing friction opposes rotation both ways: J dw/dt = -mu_b w, w = w0 exp(-mu_b t / J). */
Test(drum, bearing_friction_both_ways)
{
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        hw_net_def *d = hw_net_def_create();
        int sh = rnode(d, "shaft", 0.0), A = node(d, "A", 0.0, 0, 0);
        hw_net_drum_def dr = hw_default_net_drum();
        dr.name = "drum";
        dr.shaft = sh;
        dr.end_a = A;
        dr.radius = 0.3;
        dr.mu_b = 0.5;
        dr.inertia_on = 1;
        dr.inertia = 1.0;
        dr.set_speed = 1;
        dr.w0 = 2.0 * sgn;
        int e = hw_net_add_drum(d, &dr);
        hw_net *net = build(d);
        run_to(net, 1.0, 1e-3);
        double phi, w;
        hw_net_rnode_state(net, sh, &phi, &w);
        double want = 2.0 * sgn * exp(-0.5);
        cr_assert(fabs(w - want) < 1e-9, "w = %.12g, expected %.12g", w, want); /* RK4, h = 1e-3 */
        cr_assert(sgn * nv(net, A) > 0, "end A follows the rotation: vA = w R");
        cr_assert_float_eq(nv(net, A), w * 0.3, 1e-12);
        double E, P;
        hw_net_element_dissipation(net, e, &E, &P);
        /* dissipated = kinetic energy lost */
        cr_assert_float_eq(E, 0.5 * (4.0 - w * w), 1e-9);
        hw_net_destroy(net);
        hw_net_def_destroy(d);
    }
}

/* Windup: vB = -delta w R; a pull FB on end B gives the shaft J dw/dt = -FB R delta. */
Test(drum, windup_sign_both_ways)
{
    for (int delta = -1; delta <= 1; delta += 2) {
        hw_net_def *d = hw_net_def_create();
        int sh = rnode(d, "shaft", 0.0), A = node(d, "A", 0.0, 0, 0), B = node(d, "B", 0.0, 0, 0);
        hw_net_drum_def dr = hw_default_net_drum();
        dr.name = "drum";
        dr.shaft = sh;
        dr.end_a = A;
        dr.end_b = B;
        dr.radius = 0.25;
        dr.windup = delta;
        dr.mu_b = 0.0;
        dr.inertia_on = 1;
        dr.inertia = 0.5;
        int ed = hw_net_add_drum(d, &dr);
        hw_net_basic_def f = hw_default_net_basic(HW_NET_FORCE_SOURCE);
        f.name = "pullB";
        f.node_a = B;
        f.signal = hw_signal_constant(10.0);
        hw_net_add_basic(d, &f);
        hw_net *net = build(d);
        cr_assert_float_eq(ef(net, ed), 10.0 * 0.25 * delta, 1e-12); /* T = FB R delta */
        run_to(net, 1.0, 1e-3);
        double phi, w;
        hw_net_rnode_state(net, sh, &phi, &w);
        double alpha = -10.0 * 0.25 * delta / 0.5;
        /* constant torque, constant acceleration: RK4 is exact up to round-off */
        cr_assert(fabs(w - alpha) < 1e-9, "delta %d: w = %g, expected %g", delta, w, alpha);
        cr_assert_float_eq(nv(net, A), w * 0.25, 1e-12);
        cr_assert_float_eq(nv(net, B), -delta * w * 0.25, 1e-12);
        cr_assert(nv(net, B) > 0, "the pull on B moves B along it either way");
        hw_net_destroy(net);
        hw_net_def_destroy(d);
    }
}

/* Angular velocity source drives the drum; slack end warns once. */
Test(drum, angular_velocity_source_and_tension_warning)
{
    hw_net_def *d = hw_net_def_create();
    int sh = rnode(d, "shaft", 0.0), A = node(d, "A", 0.0, 0, 0), L = node(d, "load", -2.0, 0, 0);
    rail(d, "load", L, 10.0, PI / 2, 0, 0, 0.01, 0);
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "rope";
    r.node_b = A;
    r.node_f = L;
    r.length = 2.0 - 10.0 * G0 / 1e5;
    r.K = 1e5;
    r.D = 2e3;
    r.slack_warning = 0;
    int er = hw_net_add_rope(d, &r);
    hw_net_drum_def dr = hw_default_net_drum();
    dr.name = "winch";
    dr.shaft = sh;
    dr.end_a = A;
    dr.radius = 0.5;
    hw_net_add_drum(d, &dr);
    hw_net_basic_def w = hw_default_net_basic(HW_NET_ANGVEL_SOURCE);
    w.name = "motor";
    w.node_a = sh;
    /* pays out faster than free fall for a moment: the rope goes slack once */
    const double tt[] = {0.0, 0.5, 0.6, 1.0, 1.1, 3.0}, yy[] = {0.0, 0.0, -40.0, -40.0, 0.0, 0.0};
    w.signal.kind = HW_SIGNAL_TABLE;
    w.signal.n = 6;
    w.signal.t = tt;
    w.signal.y = yy;
    hw_net_add_basic(d, &w);
    hw_net *net = build(d);
    cr_assert_eq(n_logs, 0);
    /* slack episodes of the end, counted here from the rope force at every step */
    int episodes = 0, slack = 0;
    while (hw_net_time(net) < 3.0 - 1e-9) {
        cr_assert_eq(hw_net_step(net, 1e-3), HW_OK);
        int s = ef(net, er) <= 0.0;
        if (s && !slack) episodes++;
        slack = s;
    }
    cr_assert_eq(n_logs, episodes, "%d slack-end episodes, %d warnings", episodes, n_logs);
    cr_assert(episodes >= 1);
    cr_assert(strstr(logs[0], "drum 'winch'") && strstr(logs[0], "at t = "), "%s", logs[0]);
    double phi, om;
    hw_net_rnode_state(net, sh, &phi, &om);
    /* the angle is the integral of the table: 0.5 * 0.1 * 40 * 2 + 0.4 * 40 = 20 rad paid out */
    cr_assert(fabs(phi + 20.0) < 1e-9, "phi = %.12g", phi);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* ---- case 19: block and tackle -------------------------------------------------------------------- */

/* x up. Rope 1 runs from an anchor at x = 10 down to a travelling pulley P (load 100 kg), around it
 * and up (rope 2) to the hauling end E at x = 10, driven by a velocity source. Both spans have a
 * variable rest length with the contact points anchor-P and E-P. */
Test(network, block_and_tackle_mechanical_advantage_2)
{
    const double m = 100.0, EA = 1e6;
    hw_net_def *d = hw_net_def_create();
    int anc = node(d, "anchor", 10.0, 0, 1), P = node(d, "pulley", 0.0, 0, 0);
    int A = node(d, "A", 0.0, 0, 0), B = node(d, "B", 0.0, 0, 0), E = node(d, "E", 10.0, 0, 0);
    int sh = rnode(d, "sheave", 0.0);
    rail(d, "load", P, m, PI / 2, 0, 0, 0.01, 0);
    hw_net_drum_def dr = hw_default_net_drum();
    dr.name = "pulley";
    dr.shaft = sh;
    dr.end_a = A;
    dr.end_b = B;
    dr.axle = P;
    dr.radius = 0.2;
    dr.windup = 1;
    dr.mu_b = 0.0;
    dr.inertia_on = 1;
    dr.inertia = 0.01;
    hw_net_add_drum(d, &dr);
    hw_net_rope_def r = hw_default_net_rope();
    r.stiffness = HW_ROPE_CONSTANT_VARLEN;
    r.EA = EA;
    r.D = 2e3;
    r.length = 10.0;
    r.lmin = 0.5;
    r.name = "span1";
    r.node_b = anc;
    r.node_f = A;
    r.geom_a = anc;
    r.geom_b = P;
    int e1 = hw_net_add_rope(d, &r);
    r.name = "span2";
    r.node_b = E;
    r.node_f = B;
    r.geom_a = E;
    r.geom_b = P;
    int e2 = hw_net_add_rope(d, &r);
    hw_net_basic_def v = hw_default_net_basic(HW_NET_VELOCITY_SOURCE);
    v.name = "haul";
    v.node_a = E;
    const double tt[] = {0, 2, 2.5, 4.5, 5}, vv[] = {0, 0, 0.5, 0.5, 0};
    v.signal.kind = HW_SIGNAL_TABLE;
    v.signal.n = 5;
    v.signal.t = tt;
    v.signal.y = vv;
    hw_net_add_basic(d, &v);
    hw_net *net = build(d);
    run_to(net, 2.0, 1e-3);
    /* statics: each span carries half the load (residual motion after 2 s of damping < 1e-4) */
    double T = 0.5 * m * G0;
    cr_assert(fabs(ef(net, e1) - T) < 1e-4 * T, "span1 %.9g vs %.9g", ef(net, e1), T);
    cr_assert(fabs(ef(net, e2) - T) < 1e-4 * T, "span2 %.9g vs %.9g", ef(net, e2), T);
    double xp0 = nx(net, P), xe0 = nx(net, E);
    run_to(net, 9.0, 1e-3);
    double dxe = nx(net, E) - xe0, dxp = nx(net, P) - xp0;
    cr_assert(fabs(dxe - 1.25) < 1e-9, "the hauling end moved %.12g m", dxe);
    /* the load moves half the pull distance. Elasticity does not spoil it in statics: both spans
       carry m g / 2 with stretch T Lrest / EA, and the total rest length (20 m) is conserved, so the
       sum of the stretches is the same before and after; 1e-6 leaves room for the residual motion
       4 s after the haul stops (measured: equal to 9 digits) */
    cr_log_info("block and tackle: T1/T = %.9g, T2/T = %.9g at 2 s; dxP/dxE = %.9g",
                ef(net, e1) / T, ef(net, e2) / T, dxp / dxe);
    cr_assert(fabs(dxp / dxe - 0.5) < 1e-6, "mechanical advantage: dxP/dxE = %.9g", dxp / dxe);
    cr_assert(fabs(ef(net, e1) - T) < 1e-3 * T && fabs(ef(net, e2) - T) < 1e-3 * T);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* ---- signals ------------------------------------------------------------------------------------------ */

Test(signal, kinds_and_rates)
{
    hw_signal_def s = hw_default_signal();
    s.kind = HW_SIGNAL_RAMP;
    s.value = 1.0;
    s.slope = 2.0;
    s.t_start = 1.0;
    s.duration = 2.0;
    cr_assert_float_eq(hw_signal_eval(&s, 0.5), 1.0, 1e-15);
    cr_assert_float_eq(hw_signal_eval(&s, 2.0), 3.0, 1e-15);
    cr_assert_float_eq(hw_signal_eval(&s, 9.0), 5.0, 1e-15);
    cr_assert_float_eq(hw_signal_rate(&s, 2.0), 2.0, 1e-15);
    cr_assert_float_eq(hw_signal_rate(&s, 3.5), 0.0, 1e-15);
    s = hw_default_signal();
    s.kind = HW_SIGNAL_SINUSOID;
    s.value = 0.5;
    s.amplitude = 2.0;
    s.period = 4.0;
    cr_assert_float_eq(hw_signal_eval(&s, 1.0), 2.5, 1e-12);
    cr_assert_float_eq(hw_signal_rate(&s, 0.0), 2.0 * 2 * PI / 4.0, 1e-12);
    const double t[] = {0, 1, 3}, y[] = {0, 2, -2};
    s = hw_default_signal();
    s.kind = HW_SIGNAL_TABLE;
    s.n = 3;
    s.t = t;
    s.y = y;
    cr_assert_float_eq(hw_signal_eval(&s, 2.0), 0.0, 1e-15);
    cr_assert_float_eq(hw_signal_eval(&s, -1.0), 0.0, 1e-15);
    cr_assert_float_eq(hw_signal_eval(&s, 5.0), -2.0, 1e-15);
    cr_assert_float_eq(hw_signal_rate(&s, 2.0), -2.0, 1e-15);
    cr_assert_float_eq(hw_signal_rate(&s, 5.0), 0.0, 1e-15);
    cr_assert_float_eq(hw_signal_eval(&(hw_signal_def){0}, 3.0), 0.0, 0);
}

Test(signal, checks)
{
    char field[64], msg[256];
    int idx;
    hw_signal_def s = hw_default_signal();
    s.kind = HW_SIGNAL_SINUSOID;
    s.period = 0.0;
    cr_assert_eq(hw_signal_check(&s, field, sizeof field, &idx, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_str_eq(field, "period");
    cr_assert(strstr(msg, "expected a period > 0 s, got 0"), "%s", msg);
    const double t[] = {0, 1, 1}, y[] = {0, 2, -2};
    s = hw_default_signal();
    s.kind = HW_SIGNAL_TABLE;
    s.n = 3;
    s.t = t;
    s.y = y;
    cr_assert_eq(hw_signal_check(&s, field, sizeof field, &idx, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_str_eq(field, "table.t");
    cr_assert_eq(idx, 2);
    cr_assert(strstr(msg, "strictly increasing"), "%s", msg);
    s.n = 1;
    cr_assert_eq(hw_signal_check(&s, field, sizeof field, &idx, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "at least 2 rows"), "%s", msg);
    s = hw_default_signal();
    s.kind = HW_SIGNAL_RAMP;
    s.duration = -1;
    cr_assert_eq(hw_signal_check(&s, field, sizeof field, &idx, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_str_eq(field, "duration");
}

/* ---- input errors ----------------------------------------------------------------------------------- */

/* Creates and expects HW_ERR_INPUT with every fragment in the message. */
static void expect_input_error(hw_net_def *d, const char *f1, const char *f2, const char *f3)
{
    hw_net *net = NULL;
    char msg[512];
    hw_status st = hw_net_create(d, NULL, NULL, &net, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d: %s", st, msg);
    cr_assert_null(net);
    cr_assert(strstr(msg, f1), "'%s' not in: %s", f1, msg);
    if (f2) cr_assert(strstr(msg, f2), "'%s' not in: %s", f2, msg);
    if (f3) cr_assert(strstr(msg, f3), "'%s' not in: %s", f3, msg);
    hw_net_def_destroy(d);
}

static hw_net_def *two_nodes(void)
{
    hw_net_def *d = hw_net_def_create();
    node(d, "a", 0.0, 0, 1);
    node(d, "b", -1.0, 1.0, 0);
    return d;
}

static hw_net_rope_def a_rope(void)
{
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "r";
    r.node_b = 0;
    r.node_f = 1;
    r.length = 1.0;
    return r;
}

Test(network_input, rope_table_not_increasing)
{
    hw_net_def *d = two_nodes();
    const double x[] = {0, 0.1, 0.1}, k[] = {1, 2, 3}, dd[] = {0, 0, 0};
    hw_net_rope_def r = a_rope();
    r.stiffness = HW_ROPE_TABLE;
    r.table_n = 3;
    r.table_x = x;
    r.table_k = k;
    r.table_d = dd;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "rope 0 'r' field 'table' index 2", "strictly increasing", "got 0.1 after 0.1");
}

Test(network_input, rope_table_negative_stiffness)
{
    hw_net_def *d = two_nodes();
    const double x[] = {0, 0.1, 0.2}, k[] = {1, -2, 3}, dd[] = {0, 0, 0};
    hw_net_rope_def r = a_rope();
    r.stiffness = HW_ROPE_TABLE;
    r.table_n = 3;
    r.table_x = x;
    r.table_k = k;
    r.table_d = dd;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'table.K' index 1", "stiffness >= 0", "got -2");
}

Test(network_input, rope_table_too_short_and_negative_damping)
{
    hw_net_def *d = two_nodes();
    const double x[] = {0}, k[] = {1}, dd[] = {0};
    hw_net_rope_def r = a_rope();
    r.stiffness = HW_ROPE_TABLE;
    r.table_n = 1;
    r.table_x = x;
    r.table_k = k;
    r.table_d = dd;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'table'", "at least 2 values, got 1", NULL);
    d = two_nodes();
    const double x2[] = {0, 1}, k2[] = {1, 1}, d2[] = {0, -1};
    r.table_n = 2;
    r.table_x = x2;
    r.table_k = k2;
    r.table_d = d2;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'table.D' index 1", "damping >= 0", NULL);
}

Test(network_input, rope_table2_checks)
{
    hw_net_def *d = two_nodes();
    const double L[] = {2, 1}, s[] = {0, 0.1}, k[] = {1, 1, 1, 1};
    hw_net_rope_def r = a_rope();
    r.stiffness = HW_ROPE_TABLE2;
    r.table2_nl = 2;
    r.table2_ns = 2;
    r.table2_l = L;
    r.table2_s = s;
    r.table2_k = k;
    r.table2_d = k;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'table2.rest_lengths' index 1", "strictly increasing", NULL);
}

Test(network_input, rope_bad_values)
{
    hw_net_def *d = two_nodes();
    hw_net_rope_def r = a_rope();
    r.K = -5;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'K'", "stiffness >= 0 N/m, got -5", NULL);
    d = two_nodes();
    r = a_rope();
    r.stiffness = HW_ROPE_CONSTANT_VARLEN;
    r.EA = 0;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'EA'", "EA > 0", NULL);
    d = two_nodes();
    r = a_rope();
    r.stiffness = HW_ROPE_CONSTANT_VARLEN;
    r.EA = 1e6;
    r.lmin = 0;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'Lmin'", "> 0 m, got 0", NULL);
    d = two_nodes();
    r = a_rope();
    r.node_f = 7;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'follower'", "node index 0..1, got 7", NULL);
    d = two_nodes();
    r = a_rope();
    r.slack_model = 5;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'slack_model'", "got 5", NULL);
    d = two_nodes();
    r = a_rope();
    r.fmax = -1;
    hw_net_add_rope(d, &r);
    expect_input_error(d, "field 'Fmax'", "got -1", NULL);
}

Test(network_input, rail_friction_and_signal)
{
    hw_net_def *d = two_nodes();
    rail(d, "sled", 1, 10.0, 0.1, 0.3, 0.5, 0.01, 0);
    expect_input_error(d, "rail mass 0 'sled' field 'K_brk'", "K_brk >= K_C = 0.5, got 0.3", NULL);
    d = two_nodes();
    rail(d, "sled", 1, 10.0, 0.1, 0.5, 0.3, 0.0, 0);
    expect_input_error(d, "field 'v_brk'", "> 0 m/s, got 0", NULL);
    d = two_nodes();
    hw_net_rail_mass_def rm = hw_default_net_rail_mass();
    rm.name = "sled";
    rm.node = 1;
    rm.k_brk = 0.5;
    rm.k_c = 0.3;
    rm.normal_force.kind = HW_SIGNAL_SINUSOID;
    rm.normal_force.period = -2;
    hw_net_add_rail_mass(d, &rm);
    expect_input_error(d, "field 'normal_force.period'", "period > 0 s, got -2", NULL);
    d = two_nodes();
    rm = hw_default_net_rail_mass();
    rm.name = "sled";
    rm.node = 1;
    rm.mass = 0;
    hw_net_add_rail_mass(d, &rm);
    expect_input_error(d, "field 'mass'", "mass > 0 kg, got 0", NULL);
}

Test(network_input, drum_checks)
{
    hw_net_def *d = two_nodes();
    rnode(d, "s", 1.0);
    hw_net_drum_def dr = hw_default_net_drum();
    dr.name = "w";
    dr.shaft = 0;
    dr.end_a = 1;
    dr.radius = 0.0;
    hw_net_add_drum(d, &dr);
    expect_input_error(d, "drum 0 'w' field 'radius'", "R > 0 m, got 0", NULL);
    d = two_nodes();
    rnode(d, "s", 1.0);
    dr.radius = 1.0;
    dr.windup = 0;
    hw_net_add_drum(d, &dr);
    expect_input_error(d, "field 'windup'", "got 0", NULL);
    d = two_nodes();
    rnode(d, "s", 1.0);
    dr.windup = 1;
    dr.end_a = 0; /* a fixed node */
    hw_net_add_drum(d, &dr);
    expect_input_error(d, "field 'end_a'", "expected a free node", "'a' that is fixed");
    d = two_nodes();
    dr.end_a = 1;
    hw_net_add_drum(d, &dr); /* no rotational node 0 */
    expect_input_error(d, "field 'shaft'", "rotational node index", NULL);
}

Test(network_input, sources_and_masses)
{
    hw_net_def *d = two_nodes();
    hw_net_basic_def v = hw_default_net_basic(HW_NET_VELOCITY_SOURCE);
    v.name = "v";
    v.node_a = 0; /* fixed */
    hw_net_add_basic(d, &v);
    expect_input_error(d, "velocity source 0 'v' field 'node'", "expected a free node", "fixed");
    d = two_nodes();
    node(d, "massless", 3.0, 0.0, 0);
    expect_input_error(d, "node 2 'massless' field 'mass'", "expected a free node to carry mass", NULL);
    d = two_nodes();
    hw_net_basic_def s = hw_default_net_basic(HW_NET_SPRING);
    s.name = "k";
    s.node_a = 0;
    s.node_b = 1;
    s.value = -3;
    hw_net_add_basic(d, &s);
    expect_input_error(d, "spring 0 'k' field 'k'", "got -3", NULL);
    d = two_nodes();
    hw_net_basic_def f = hw_default_net_basic(HW_NET_FORCE_SOURCE);
    f.name = "f";
    f.node_a = 1;
    const double t[] = {0, 2, 1}, y[] = {0, 0, 0};
    f.signal.kind = HW_SIGNAL_TABLE;
    f.signal.n = 3;
    f.signal.t = t;
    f.signal.y = y;
    hw_net_add_basic(d, &f);
    expect_input_error(d, "field 'signal.table.t' index 2", "strictly increasing", NULL);
}

/* Springs, dampers and a force source: a damped oscillator against its closed form. */
Test(network, spring_damper_oscillator)
{
    const double m = 2.0, k = 800.0, c = 8.0, F = 40.0;
    hw_net_def *d = two_nodes();
    hw_net_basic_def s = hw_default_net_basic(HW_NET_SPRING);
    s.name = "k";
    s.node_a = 0;
    s.node_b = 1;
    s.value = k;
    s.length = 1.0;
    hw_net_add_basic(d, &s);
    s = hw_default_net_basic(HW_NET_DAMPER);
    s.name = "c";
    s.node_a = 0;
    s.node_b = 1;
    s.value = c;
    hw_net_add_basic(d, &s);
    s = hw_default_net_basic(HW_NET_MASS);
    s.name = "extra";
    s.node_a = 1;
    s.value = m - 1.0; /* node mass 1 + 1 */
    hw_net_add_basic(d, &s);
    s = hw_default_net_basic(HW_NET_FORCE_SOURCE);
    s.name = "F";
    s.node_a = 1;
    s.signal = hw_signal_constant(F);
    hw_net_add_basic(d, &s);
    hw_net *net = build(d);
    run_to(net, 0.5, 1e-3);
    /* u = x + 1 (spring extension), m u'' + c u' + k u = F, u(0) = u'(0) = 0 */
    double wn = sqrt(k / m), z = c / (2 * sqrt(k * m)), wd = wn * sqrt(1 - z * z), t = 0.5;
    double u = F / k * (1 - exp(-z * wn * t) * (cos(wd * t) + z / sqrt(1 - z * z) * sin(wd * t)));
    /* RK4 at omega h = 0.02: global error ~ (omega h)^4 u ~ 1e-9 of the 0.05 m response */
    cr_assert(fabs(nx(net, 1) + 1.0 - u) < 1e-8, "u = %.12g, expected %.12g", nx(net, 1) + 1.0, u);
    hw_net_energy en;
    hw_net_energy_get(net, &en);
    /* work of the source = kinetic + spring + dissipated */
    cr_assert(fabs(en.source_work - en.kinetic - en.potential - en.dissipated) < 1e-8 * en.source_work);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* Model mass with gravity: a rope of mass mr hangs from a fixed top B with a load M on its
 * follower F; half the rope's weight joins each end, so in statics the tension is (M + mr/2) g. */
Test(network, rope_mass_and_gravity_statics)
{
    const double M = 20.0, mr = 6.0, K = 1e5;
    hw_net_def *d = hw_net_def_create();
    int top = node(d, "top", 0.0, 0, 1), bot = node(d, "bottom", -2.0, 0, 0);
    rail(d, "load", bot, M, PI / 2, 0, 0, 0.01, 0); /* the load's own weight along -x */
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "heavy";
    r.node_b = top;
    r.node_f = bot;
    r.length = 2.0;
    r.K = K;
    r.D = 2.0 * sqrt(K * (M + mr / 2)); /* critical */
    r.model_mass = 1;
    r.mass = mr;
    r.gravity = 1;
    r.theta = 0.0;
    int e = hw_net_add_rope(d, &r);
    hw_net *net = build(d);
    run_to(net, 2.0, 1e-3);
    double want = (M + mr / 2) * G0;
    /* critically damped, 2 s = 140 time constants: settled to round-off */
    cr_assert(fabs(ef(net, e) - want) < 1e-9 * want, "tension %.12g, expected %.12g", ef(net, e), want);
    cr_assert(fabs(nx(net, bot) + 2.0 + want / K) < 1e-12, "stretch");
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* External normal force: on a flat rail (theta = 0) sliding fast, the deceleration is
 * K_C (m g + max(N, 0)) / m; a negative N is saturated to 0. */
Test(stribeck, external_normal_force)
{
    for (int neg = 0; neg < 2; neg++) {
        const double m = 10.0, kc = 0.3, N = neg ? -500.0 : 200.0;
        hw_net_def *d = hw_net_def_create();
        hw_net_node_def n = hw_default_net_node();
        n.name = "sled";
        n.v = 20.0;
        hw_net_add_node(d, &n);
        hw_net_rail_mass_def rm = hw_default_net_rail_mass();
        rm.name = "sled";
        rm.node = 0;
        rm.mass = m;
        rm.k_brk = kc;
        rm.k_c = kc;
        rm.v_brk = 0.01;
        rm.normal_force = hw_signal_constant(N);
        hw_net_add_rail_mass(d, &rm);
        hw_net *net = build(d);
        run_to(net, 1.0, 1e-3);
        double a = nv(net, 0) - 20.0, want = -kc * (m * G0 + (N > 0 ? N : 0)) / m;
        cr_assert(fabs(a - want) < 1e-9 * fabs(want), "N %g: a = %.12g, expected %.12g", N, a, want);
        hw_net_destroy(net);
        hw_net_def_destroy(d);
    }
}

/* The sub-step bound: a very stiff spring (omega = 3.2e4 rad/s) stepped at dt = 10 ms stays stable
 * and conserves energy, because each step is cut into sub-steps inside RK4's stability region. */
Test(network, stiff_spring_is_substepped)
{
    hw_net_def *d = two_nodes();
    hw_net_basic_def s = hw_default_net_basic(HW_NET_SPRING);
    s.name = "stiff";
    s.node_a = 0;
    s.node_b = 1;
    s.value = 1e9;
    s.length = 0.999; /* starts stretched by 1 mm */
    hw_net_add_basic(d, &s);
    hw_net *net = build(d);
    hw_net_energy e0, e1;
    hw_net_energy_get(net, &e0);
    run_to(net, 0.1, 0.01);
    hw_net_energy_get(net, &e1);
    /* h (omega + lambda) <= 1.5 means >= 0.01 * 3.16e4 / 1.5 = 211 sub-steps per step */
    cr_assert(hw_net_substeps(net) >= 2110, "%ld sub-steps", hw_net_substeps(net));
    double E0 = e0.kinetic + e0.potential, E1 = e1.kinetic + e1.potential;
    cr_log_info("stiff spring: %ld sub-steps, E1/E0 = %.9g", hw_net_substeps(net), E1 / E0);
    /* RK4 damps an oscillation resolved by only ~3 sub-steps per radian (|amplification| < 1
       inside its stability region), so the check is that the energy stayed bounded and positive:
       an unstable step would multiply it by orders of magnitude within the 500 oscillations */
    cr_assert(E1 <= E0 * (1 + 1e-9) && E1 > 0.0, "E0 %g E1 %g", E0, E1);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* A stationary pulley (a drum with a free sheave and no axle) as Atwood's machine: masses m1 on
 * end A and m2 on end B hang on either side (x up, windup opposite: when A rises B falls), so
 * A accelerates upwards at g (m2 - m1) / (m1 + m2 + J / R^2). */
Test(drum, stationary_pulley_atwood)
{
    const double m1 = 3.0, m2 = 5.0, R = 0.1, J = 0.02;
    hw_net_def *d = hw_net_def_create();
    int sh = rnode(d, "sheave", J), A = node(d, "A", 0.0, 0, 0), B = node(d, "B", 0.0, 0, 0);
    rail(d, "m1", A, m1, PI / 2, 0, 0, 0.01, 0);
    rail(d, "m2", B, m2, PI / 2, 0, 0, 0.01, 0);
    hw_net_drum_def dr = hw_default_net_drum();
    dr.name = "pulley";
    dr.shaft = sh;
    dr.end_a = A;
    dr.end_b = B;
    dr.radius = R;
    dr.mu_b = 0.0;
    hw_net_add_drum(d, &dr);
    hw_net *net = build(d);
    run_to(net, 1.0, 1e-3);
    double want = G0 * (m2 - m1) / (m1 + m2 + J / (R * R));
    /* constant acceleration: RK4 is exact up to round-off */
    cr_assert(fabs(2.0 * nx(net, A) - want) < 1e-12 * want, "a = %.12g, expected %.12g", 2.0 * nx(net, A), want);
    cr_assert_float_eq(nx(net, B), -nx(net, A), 1e-14);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* A tabulated, stiffening cable (K rising with stretch) catching a falling mass without damping:
 * E = kinetic + gravity + the elastic energy (Simpson's rule on the tabulated force) is conserved. */
Test(network, tabulated_cable_conserves_energy)
{
    const double x[] = {0.0, 0.02, 0.05, 0.2}, k[] = {500.0, 1000.0, 3000.0, 3000.0}, dd[] = {0, 0, 0, 0};
    hw_net_def *d = hw_net_def_create();
    int a = node(d, "anchor", 0.0, 0, 1), m = node(d, "mass", -0.5, 0, 0);
    rail(d, "weight", m, 1.0, PI / 2, 0, 0, 0.01, 0);
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "cable";
    r.node_b = a;
    r.node_f = m;
    r.length = 1.0;
    r.stiffness = HW_ROPE_TABLE;
    r.table_n = 4;
    r.table_x = x;
    r.table_k = k;
    r.table_d = dd;
    r.slack_model = HW_SLACK_FULL_DAMPED;
    hw_net_add_rope(d, &r);
    hw_net *net = build(d);
    hw_net_energy en;
    hw_net_energy_get(net, &en);
    double E0 = en.kinetic + en.potential, drift = 0, xmin = 0;
    while (hw_net_time(net) < 2.0 - 1e-9) {
        cr_assert_eq(hw_net_step(net, 6.25e-5), HW_OK);
        hw_net_energy_get(net, &en);
        double dr = fabs(en.kinetic + en.potential - E0);
        if (dr > drift) drift = dr;
        if (nx(net, m) < xmin) xmin = nx(net, m);
    }
    double swing = G0 * (-0.5 - xmin); /* the energy traded between gravity and the cable */
    cr_log_info("tabulated cable: energy drift %.3g J of %.3g J traded, lowest x %.4f", drift, swing, xmin);
    cr_assert(xmin < -1.06, "the cable must stretch into the stiff part of the table (x = %g)", xmin);
    /* the elastic energy is exact (Simpson between the table's corners, where K(xs) xs is
       quadratic); RK4 loses order where the force's slope jumps (table rows, xs = 0): measured
       drift 9.0e-5, 3.0e-5, 2.0e-5, 1.9e-6, 6.9e-7 J at dt = 500, 250, 125, 62.5, 31 us. At 62.5 us,
       1e-5 of the traded energy (5.6e-5 J) leaves a wide margin */
    cr_assert(drift < 1e-5 * swing, "drift %g J", drift);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}

/* The 2-D table with a variable rest length: K = TLU2(Lrest, xs/Lrest) at the initial state. */
Test(network, table2_variable_rest_length_tension)
{
    const double L[] = {2.0, 6.0}, s[] = {0.0, 0.5}, k[] = {100, 300, 500, 900}, dd[] = {0, 0, 0, 0};
    hw_net_def *d = hw_net_def_create();
    int b = node(d, "B", 5.0, 0, 1), f = node(d, "F", 0.0, 1.0, 0);
    hw_net_rope_def r = hw_default_net_rope();
    r.name = "r";
    r.node_b = b;
    r.node_f = f;
    r.length = 4.0; /* xs = 1, L = 5, Lrest = 4, strain 0.25 */
    r.stiffness = HW_ROPE_TABLE2;
    r.table2_nl = 2;
    r.table2_ns = 2;
    r.table2_l = L;
    r.table2_s = s;
    r.table2_k = k;
    r.table2_d = dd;
    r.slack = 0;
    int e = hw_net_add_rope(d, &r);
    hw_net *net = build(d);
    /* bilinear at (4, 0.25): the centre of the grid, the mean of the corners = 450 N/m */
    cr_assert_float_eq(ef(net, e), 450.0 * 1.0, 1e-9);
    hw_net_destroy(net);
    hw_net_def_destroy(d);
}
