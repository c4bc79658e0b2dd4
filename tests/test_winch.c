/* Winches in reel mode (validation case 15 and the drive modes): a payload lowered through the
 * water by a winch on a fixed crane tip. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* Wire rope 40 mm, 8 kg/m, EA 1e8 N; payload 2 t, 0.25 m^3, Cd A = 1 m^2; crane tip 1 m under
 * water; 10 m deployed in 5 segments (2 m nominal). The winch is at end A (the crane tip) or, with
 * the line the other way round, at end B. */
static const double D = 0.04, MU = 8, EA = 1e8, M = 2000, VOL = 0.25, CDA = 1.0, RHO = 1025;

typedef struct lowering {
    one_line m;
    double ramp_t[3], ramp_v[3];
} lowering;

static void lowering_init(lowering *c, int at_b, double L0)
{
    double top[3] = {0, 0, -1}, bot[3] = {0, 0, -1 - L0};
    one_line_init(&c->m, D, MU, EA, L0, 5, at_b ? bot : top, at_b ? top : bot);
    c->m.def.env.depth = 2000;
    c->m.type.damping_ratio = 0.8;
    int pay = at_b ? 0 : 1; /* the payload's point */
    c->m.pts[pay].kind = HW_POINT_FREE;
    c->m.pts[pay].mass = M;
    c->m.pts[pay].volume = VOL;
    c->m.pts[pay].cda = CDA;
    c->m.pts[pay].ca = 1.0;
    c->m.line.winch.end = at_b ? HW_WINCH_B : HW_WINCH_A;
    c->m.line.winch.max_length = 500;
    c->m.def.solver.integrator = HW_INT_RK2;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* Steady lowering at speed v with L deployed: the crane tip carries the payload's and the
 * cable's submerged weight, less the drag on both, which opposes the descent (payload drag
 * 0.5 rho CdA v^2, the cable's tangential drag 0.5 rho Cdt pi d L v^2; hauling up, it adds). */
static double steady_top_tension(double L, double v)
{
    double wp = (M - RHO * VOL) * G0, wc = (MU - RHO * PI * D * D / 4) * G0 * L;
    return wp + wc - 0.5 * RHO * CDA * v * v - 0.5 * RHO * 0.008 * PI * D * L * v * v;
}

/* Validation case 15: pay-out at 1 m/s (ramped up over 10 s from a static start). */
static void payout(int at_b)
{
    lowering c;
    lowering_init(&c, at_b, 10.0);
    /* speed ramps 0 -> 1 m/s over 10 s, then holds */
    c.ramp_t[0] = 0; c.ramp_t[1] = 10; c.ramp_t[2] = 1000;
    c.ramp_v[0] = 0; c.ramp_v[1] = 1; c.ramp_v[2] = 1;
    c.m.line.winch.speed_table.n = 3;
    c.m.line.winch.speed_table.x = c.ramp_t;
    c.m.line.winch.speed_table.y = c.ramp_v;
    hw_sim *sim = make(&c.m.def);
    int top = at_b ? 1 : 0;
    double dt = hw_sim_dt(sim), worst_spike = 0, sum = 0, expect_sum = 0;
    int nwin = 0, nseg_prev = 5, events = 0;
    while (hw_sim_time(sim) < 70.0 - 0.5 * dt) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        double t = hw_sim_time(sim), L, f[3];
        int ns;
        hw_sim_winch_state(sim, 0, &L, NULL, NULL, &ns);
        if (ns != nseg_prev) { events++; nseg_prev = ns; }
        hw_sim_point_state(sim, top, NULL, NULL, f);
        if (t < 30.0) continue;
        double T = -f[2], Te = steady_top_tension(L, 1.0);
        double dev = fabs(T / Te - 1);
        if (dev > worst_spike) worst_spike = dev;
        if (t >= 50.0 && t < 60.0) { sum += T; expect_sum += Te; nwin++; }
    }
    double L, mass;
    int ns;
    hw_sim_winch_state(sim, 0, &L, NULL, NULL, &ns);
    mass = hw_sim_line_mass(sim, 0);
    /* the integral of the speed: 10 + 5 (ramp) + 60 = 75 m */
    double L_expect = 10 + 0.5 * 10 * 1 + (hw_sim_time(sim) - 10) * 1;
    printf("winch at end %c: deployed %.9f m (expected %.9f), %d segments, %d insertions; mass "
           "%.6f kg vs mu L %.6f kg; mean top tension t = 50..60 s %.1f N vs %.1f N (%.3f%%); largest "
           "deviation t >= 30 s %.3f%%\n", at_b ? 'B' : 'A', L, L_expect, ns, events, mass, MU * L,
           sum / nwin, expect_sum / nwin, 100 * (sum / expect_sum - 1), 100 * worst_spike);
    cr_expect_lt(fabs(L / L_expect - 1), 1e-9);
    cr_expect_lt(fabs(mass / (MU * L) - 1), 1e-12);
    cr_expect_gt(events, 25, "about 32 insertions for 65 m of 2 m segments");
    cr_expect_lt(fabs(sum / expect_sum - 1), 0.01);
    cr_expect_lt(worst_spike, 0.02);
    hw_sim_destroy(sim);
}

Test(winch, payout_at_end_a_case15) { payout(0); }
Test(winch, payout_at_end_b_case15) { payout(1); }

/* Hauling in 40 m at 1 m/s (ramped over 10 s): merges instead of insertions; the crane tip now
 * carries the weights plus the drag. */
Test(winch, haul_in_removes_segments)
{
    lowering c;
    lowering_init(&c, 0, 60.0);
    c.m.line.nseg = 30;
    c.ramp_t[0] = 0; c.ramp_t[1] = 10; c.ramp_t[2] = 1000;
    c.ramp_v[0] = 0; c.ramp_v[1] = -1; c.ramp_v[2] = -1;
    c.m.line.winch.speed_table.n = 3;
    c.m.line.winch.speed_table.x = c.ramp_t;
    c.m.line.winch.speed_table.y = c.ramp_v;
    hw_sim *sim = make(&c.m.def);
    double dt = hw_sim_dt(sim), worst = 0;
    int events = 0, prev = 30;
    while (hw_sim_time(sim) < 45.0 - 0.5 * dt) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        double L, f[3];
        int ns;
        hw_sim_winch_state(sim, 0, &L, NULL, NULL, &ns);
        if (ns != prev) { events++; prev = ns; }
        if (hw_sim_time(sim) < 25.0) continue;
        hw_sim_point_state(sim, 0, NULL, NULL, f);
        double dev = fabs(-f[2] / steady_top_tension(L, -1.0) - 1);
        /* hauling up, drag adds: steady_top_tension subtracts v^2 terms, so flip them */
        double wp = (M - RHO * VOL) * G0, wc = (MU - RHO * PI * D * D / 4) * G0 * L;
        double Te = wp + wc + 0.5 * RHO * CDA + 0.5 * RHO * 0.008 * PI * D * L;
        dev = fabs(-f[2] / Te - 1);
        if (dev > worst) worst = dev;
    }
    double L, mass;
    int ns;
    hw_sim_winch_state(sim, 0, &L, NULL, NULL, &ns);
    mass = hw_sim_line_mass(sim, 0);
    double L_expect = 60 - 5 - (hw_sim_time(sim) - 10);
    printf("haul-in: deployed %.9f m (expected %.9f), %d segments after %d removals; mass %.6f kg vs "
           "mu L %.6f kg; largest top-tension deviation t >= 25 s %.3f%%\n", L, L_expect, ns, events,
           mass, MU * L, 100 * worst);
    cr_expect_lt(fabs(L / L_expect - 1), 1e-9);
    cr_expect_lt(fabs(mass / (MU * L) - 1), 1e-12);
    cr_expect_gt(events, 15);
    cr_expect_lt(worst, 0.02);
    hw_sim_destroy(sim);
}

/* Length target: 10 m -> 30 m at up to 1 m/s, then an exponential approach (tau 2 s). */
Test(winch, length_target)
{
    lowering c;
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.mode = HW_WINCH_LENGTH;
    c.m.line.winch.target = 30;
    hw_sim *sim = make(&c.m.def);
    double L, v;
    while (hw_sim_time(sim) < 15.0) cr_assert_eq(hw_sim_step(sim, 100), HW_OK, "%s", hw_sim_last_error(sim));
    hw_sim_winch_state(sim, 0, &L, &v, NULL, NULL);
    cr_expect_eq(v, 1.0, "saturated at max_speed while far: %g", v);
    while (hw_sim_time(sim) < 70.0) cr_assert_eq(hw_sim_step(sim, 100), HW_OK, "%s", hw_sim_last_error(sim));
    hw_sim_winch_state(sim, 0, &L, &v, NULL, NULL);
    printf("length target 30 m: %.9f m at t = 70 s\n", L);
    /* saturated until L = 28 m (t ~ 18 s), then 2 m e^{-(t - 18)/2}: below 1e-9 m by t = 70 s */
    cr_expect_lt(fabs(L - 30), 1e-6);
    hw_sim_destroy(sim);
}

/* Constant-tension winch on a catenary mooring line: the fairlead winch hauls in or pays out
 * until the tension at the winch is the target, from either side (about 739 m). */
Test(winch, constant_tension_mooring)
{
    const double d = 0.0766, mu = 113.35, ea = 7.536e8;
    double ra[3] = {0, 0, -200}, rb[3] = {700, 0, -14};
    for (int k = 0; k < 2; k++) {
        double L0 = k ? 733 : 745, target = 1.2e6;
        one_line m;
        one_line_init(&m, d, mu, ea, L0, 40, ra, rb);
        m.def.env.depth = 200;
        m.type.damping_ratio = 0.5;
        m.line.winch.end = HW_WINCH_B;
        m.line.winch.mode = HW_WINCH_TENSION;
        m.line.winch.target = target;
        m.line.winch.max_speed = 0.5;
        m.line.winch.gain = 1e-6; /* dT/dL ~ 4e4 N/m here: a 25 s time constant, well below the
                                     line's slow modes (a stiffer gain limit-cycles with them) */
        m.line.winch.max_length = 900;
        m.line.winch.min_length = 700;
        hw_sim *sim = make(&m.def);
        while (hw_sim_time(sim) < 250.0) cr_assert_eq(hw_sim_step(sim, 200), HW_OK, "%s", hw_sim_last_error(sim));
        double L, v, T;
        hw_sim_winch_state(sim, 0, &L, &v, &T, NULL);
        printf("constant tension %.3g N from %.0f m: %.3f m deployed, tension %.6g N, speed %.2e m/s\n",
               target, L0, L, T, v);
        cr_expect_lt(fabs(T / target - 1), 5e-3);
        cr_expect_lt(fabs(v), 1e-3);
        hw_sim_destroy(sim);
    }
}

static void expect_winch_error(hw_line_def *l, const char *field, const char *text, one_line *m)
{
    (void)l;
    hw_input_error e;
    cr_assert_eq(hw_model_check(&m->def, &e), HW_ERR_INPUT, "expected an error on %s", field);
    cr_expect_str_eq(e.field, field);
    cr_expect(strstr(e.message, text) != NULL, "message '%s' lacks '%s'", e.message, text);
}

Test(winch, bad_input)
{
    lowering c;
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.end = (hw_winch_end)7;
    expect_winch_error(&c.m.line, "winch.end", "expected a or b", &c.m);
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.max_length = 5;
    expect_winch_error(&c.m.line, "winch.max_length", "expected a cable length >= the line's length (10 m), got 5", &c.m);
    lowering_init(&c, 0, 10.0);
    c.ramp_t[0] = 0; c.ramp_t[1] = 5; c.ramp_t[2] = 5;
    c.m.line.winch.speed_table.n = 3;
    c.m.line.winch.speed_table.x = c.ramp_t;
    c.m.line.winch.speed_table.y = c.ramp_v;
    expect_winch_error(&c.m.line, "winch.speed_table", "expected strictly increasing times, row 2", &c.m);
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.mode = HW_WINCH_LENGTH;
    expect_winch_error(&c.m.line, "winch.target", "expected a target length > 0 m, got 0", &c.m);
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.mode = HW_WINCH_TENSION;
    c.m.line.winch.target = -1;
    expect_winch_error(&c.m.line, "winch.target", "expected a target tension > 0 N, got -1", &c.m);
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.max_speed = 0;
    expect_winch_error(&c.m.line, "winch.max_speed", "expected a speed limit > 0 m/s, got 0", &c.m);
}

/* The speed of an external winch is set through the API; other modes refuse it. */
Test(winch, external_speed)
{
    lowering c;
    lowering_init(&c, 0, 10.0);
    c.m.line.winch.mode = HW_WINCH_EXTERNAL;
    hw_sim *sim = make(&c.m.def);
    cr_expect_eq(hw_sim_set_winch_speed(sim, 0, 0.5), HW_OK);
    double t0 = hw_sim_time(sim), L0;
    hw_sim_winch_state(sim, 0, &L0, NULL, NULL, NULL);
    cr_assert_eq(hw_sim_step(sim, 1000), HW_OK);
    double L;
    hw_sim_winch_state(sim, 0, &L, NULL, NULL, NULL);
    cr_expect_lt(fabs((L - L0) - 0.5 * (hw_sim_time(sim) - t0)), 1e-9);
    cr_expect_eq(hw_sim_set_winch_speed(sim, 0, NAN), HW_ERR_INVALID_ARG);
    hw_sim_destroy(sim);
    lowering_init(&c, 0, 10.0);
    sim = make(&c.m.def);
    cr_expect_eq(hw_sim_set_winch_speed(sim, 0, 0.5), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_sim_last_error(sim), "external") != NULL);
    hw_sim_destroy(sim);
}

/* The scenario file's winch block: loaded as given, and its errors point at the file line. */
#include "io/scenario.h"

static const char *WINCH_YAML =
    "environment: {depth: 2000}\n"
    "line_types:\n"
    "  - {name: wire, diameter: 0.04, mass_per_length: 8, EA: 1.0e8, damping_ratio: 0.8}\n"
    "points:\n"
    "  - {name: tip, type: fixed, position: [0, 0, -1]}\n"
    "  - {name: load, type: free, position: [0, 0, -11], mass: 2000, volume: 0.25, drag_area: 1}\n"
    "lines:\n"
    "  - name: wire\n"
    "    type: wire\n"
    "    end_a: tip\n"
    "    end_b: load\n"
    "    length: 10\n"
    "    segments: 5\n"
    "    winch:\n"
    "      end: a\n"
    "%s";

static void load_winch(const char *extra, hw_status want, const char *text)
{
    char y[2048], msg[512];
    snprintf(y, sizeof y, WINCH_YAML, extra);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(y, "w.yaml", &sc, msg, sizeof msg);
    cr_expect_eq(st, want, "%s: %s", extra, msg);
    if (text) cr_expect(strstr(msg, text) != NULL, "'%s' lacks '%s'", msg, text);
    if (!st) {
        const hw_winch_def *w = &sc->model.lines[0].winch;
        cr_expect_eq(w->end, HW_WINCH_A);
        if (strstr(extra, "speed_table")) {
            cr_expect_eq(w->speed_table.n, 3);
            cr_expect_eq(w->speed_table.y[1], 1.0);
            cr_expect_eq(w->max_length, 300.0);
        }
    }
    hw_scenario_free(sc);
}

Test(winch, scenario_block)
{
    load_winch("      speed_table: [[0, 0], [10, 1], [100, 1]]\n      max_length: 300\n", HW_OK, NULL);
    load_winch("      mode: tension\n      target: 2.0e4\n", HW_OK, NULL);
    load_winch("      max_length: 5\n", HW_ERR_INPUT,
               "w.yaml:16: lines[0] (wire).winch.max_length: expected a cable length >= the line's length (10 m), got 5");
    load_winch("      mode: fast\n", HW_ERR_INPUT, "w.yaml:16: lines[0] (wire).winch.mode: expected one of: speed, length, tension, external, drum, got \"fast\"");
    load_winch("      spede: 1\n", HW_ERR_INPUT, "w.yaml:16: lines[0] (wire).winch.spede: expected a key of a winch");
    load_winch("      speed_table: [[0, 0], [0, 1]]\n", HW_ERR_INPUT, "w.yaml:16: lines[0] (wire).winch.speed_table");
    load_winch("      mode: length\n", HW_ERR_INPUT, "winch.target: expected a target length > 0 m, got 0");
}

/* Validation case 16 with a 3-D cable: a drum of radius R and inertia J, turned by a torque,
 * hoists a mass m hanging on a light, stiff wire: a = (tau / R - m g) / (m + J / R^2). The
 * wire's own mass (0.1 kg/m) counts in m. With a strong bearing friction instead, the drum
 * settles at w = (tau - m g R) / mu_b; and a torque below m g R lowers the mass. */
static hw_sim *drum_hoist(double tau, double bearing, double *m_tot)
{
    double top[3] = {0, 0, 30}, bot[3] = {0, 0, 10};
    static one_line m;
    one_line_init(&m, 0.01, 0.1, 1e8, 20, 10, top, bot);
    m.def.env.rho_w = 0; /* in air */
    m.def.env.depth = 100;
    m.type.damping_ratio = 0.5;
    m.pts[1].kind = HW_POINT_FREE;
    m.pts[1].mass = 500;
    m.line.winch.end = HW_WINCH_A;
    m.line.winch.mode = HW_WINCH_DRUM;
    m.line.winch.drum_radius = 0.5;
    m.line.winch.drum_inertia = 50;
    m.line.winch.drum_bearing = bearing;
    m.line.winch.torque = tau;
    m.line.winch.max_length = 40;
    m.line.winch.min_length = 1;
    m.def.solver.integrator = HW_INT_RK2;
    *m_tot = 500 + 0.1 * 20;
    return make(&m.def);
}

/* least-squares slope of the pay-out speed against time over [t0, t1] */
static double speed_slope(hw_sim *sim, double t0, double t1)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0, v;
    while (hw_sim_time(sim) < t1) {
        cr_assert_eq(hw_sim_step(sim, 10), HW_OK, "%s", hw_sim_last_error(sim));
        double t = hw_sim_time(sim);
        if (t < t0) continue;
        hw_sim_winch_state(sim, 0, NULL, &v, NULL, NULL);
        sx += t; sy += v; sxx += t * t; sxy += t * v; n++;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

Test(winch, drum_hoist_case16)
{
    const double R = 0.5, J = 50;
    for (int k = 0; k < 2; k++) {
        double mt, tau = k ? 0.8 * 500 * G0 * R : 1.2 * 500 * G0 * R;
        hw_sim *sim = drum_hoist(tau, 0.0, &mt);
        double a = -speed_slope(sim, 0.5, 2.5); /* hoisting acceleration = -d(pay-out)/dt */
        double ae = (tau / R - mt * G0) / (mt + J / (R * R));
        printf("drum hoist, torque %.0f N m: acceleration %.5f m/s^2, expected %.5f (%.3f%%)\n",
               tau, a, ae, 100 * (a / ae - 1));
        /* the wire hauled in (<= 0.5 m) changes m by < 0.05 kg: 1e-4 of m */
        cr_expect_lt(fabs(a / ae - 1), 5e-3);
        hw_sim_destroy(sim);
    }
    /* bearing friction: steady hoisting at (tau - m g R) / mu_b */
    double mt, tau = 1.1 * 500 * G0 * 0.5, mub = 2000;
    hw_sim *sim = drum_hoist(tau, mub, &mt);
    while (hw_sim_time(sim) < 5.0) cr_assert_eq(hw_sim_step(sim, 100), HW_OK, "%s", hw_sim_last_error(sim));
    double v;
    hw_sim_winch_state(sim, 0, NULL, &v, NULL, NULL);
    double w = -v / 0.5, we = (tau - mt * G0 * 0.5) / mub;
    printf("drum with bearing friction: %.5f rad/s, expected %.5f\n", w, we);
    cr_expect_lt(fabs(w / we - 1), 5e-3);
    hw_sim_destroy(sim);
}
