/* Sheaves (docs/physics.md section 6): validation cases 17 (capstan), 18 (frictionless sheave) and 19
 * (block and tackle), with 3-D lumped-mass cables reeling over the sheave's point. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"

/* Two lines of one rope type and up to four points; line 0 runs into the sheave at its end B,
 * line 1 out of it at its end A. */
typedef struct rig {
    hw_model_def def;
    hw_line_type_def type;
    hw_point_def pts[4];
    hw_line_def lines[2];
    hw_sheave_def sheave;
} rig;

static void rig_init(rig *r, const double pa[3], const double sheave[3], const double pb[3],
                     double L0, double L1, int n)
{
    memset(r, 0, sizeof *r);
    r->def = hw_default_model();
    r->def.env.rho_w = 0; /* in air */
    r->def.env.depth = 1000;
    r->type = hw_default_line_type();
    r->type.name = "rope";
    r->type.d = 0.01;
    r->type.mu = 0.01;
    r->type.ea = 1e6;
    r->type.damping_ratio = 0.5;
    const double *pos[3] = {pa, sheave, pb};
    const char *names[3] = {"A", "S", "B"};
    for (int k = 0; k < 3; k++) {
        r->pts[k] = hw_default_point();
        r->pts[k].name = names[k];
        memcpy(r->pts[k].pos, pos[k], 3 * sizeof(double));
    }
    for (int k = 0; k < 2; k++) {
        r->lines[k] = hw_default_line();
        r->lines[k].name = k ? "out" : "in";
        r->lines[k].length = k ? L1 : L0;
        r->lines[k].nseg = n;
        r->lines[k].point_a = k ? 1 : 0;
        r->lines[k].point_b = k ? 2 : 1;
    }
    r->sheave = hw_default_sheave();
    r->sheave.name = "sheave";
    r->sheave.line_in = 0;
    r->sheave.end_in = HW_WINCH_B;
    r->sheave.line_out = 1;
    r->sheave.end_out = HW_WINCH_A;
    r->sheave.radius = 0.2;
    r->sheave.inertia = 0.01;
    r->def.n_types = 1; r->def.types = &r->type;
    r->def.n_points = 3; r->def.points = r->pts;
    r->def.n_lines = 2; r->def.lines = r->lines;
    r->def.n_sheaves = 1; r->def.sheaves = &r->sheave;
    r->def.solver.integrator = HW_INT_RK2;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* Case 18: Atwood's machine over a free sheave of small inertia. Masses 10 and 12 kg hang 5 m
 * below it; a = (m2 - m1) g / (m1 + m2 + J / R^2 + rope), the tensions on the two sides differ
 * only by the sheave's inertia (0.2%), and the cable slides without gaining or losing length. */
Test(sheave, frictionless_atwood_case18)
{
    rig r;
    double pa[3] = {-0.01, 0, -5}, ps[3] = {0, 0, 0}, pb[3] = {0.01, 0, -5};
    rig_init(&r, pa, ps, pb, 5, 5, 10);
    r.pts[0].kind = HW_POINT_FREE; r.pts[0].mass = 10;
    r.pts[2].kind = HW_POINT_FREE; r.pts[2].mass = 12;
    hw_sim *sim = make(&r.def);
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0, worst = 0, L0a, L0b;
    hw_sim_winch_state(sim, 0, &L0a, NULL, NULL, NULL);
    hw_sim_winch_state(sim, 1, &L0b, NULL, NULL, NULL);
    while (hw_sim_time(sim) < 1.5) {
        cr_assert_eq(hw_sim_step(sim, 10), HW_OK, "%s", hw_sim_last_error(sim));
        double t = hw_sim_time(sim), v, vel[3], tin, tout;
        if (t < 0.3) continue;
        hw_sim_sheave_state(sim, 0, &v, NULL, &tin, &tout, NULL);
        hw_sim_point_state(sim, 2, NULL, vel, NULL);
        sx += t; sy += -vel[2]; sxx += t * t; sxy += -t * vel[2]; n++;
        double d = fabs(tout / tin - 1);
        if (d > worst) worst = d;
    }
    double a = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    double ae = 2 * G0 / (22 + 0.01 / 0.04 + 0.1);
    double La, Lb, v;
    hw_sim_winch_state(sim, 0, &La, NULL, NULL, NULL);
    hw_sim_winch_state(sim, 1, &Lb, NULL, NULL, NULL);
    hw_sim_sheave_state(sim, 0, &v, NULL, NULL, NULL, NULL);
    printf("Atwood over a free sheave: a = %.5f m/s^2, expected %.5f (%.3f%%); tensions differ by "
           "at most %.3f%%; slid %.4f m, rope length kept to %.1e m; sheave at %.4f rad/s\n", a, ae,
           100 * (a / ae - 1), 100 * worst, Lb - L0b, fabs(La + Lb - L0a - L0b), v / 0.2);
    /* the rope's weight moves to the heavier side as it slides (0.1 kg in all): 0.5% */
    cr_expect_lt(fabs(a / ae - 1), 0.01);
    cr_expect_lt(worst, 0.01);
    cr_expect_lt(fabs(La + Lb - L0a - L0b), 1e-12);
    cr_expect_gt(Lb - L0b, 0.5, "the heavier side must pay out");
    hw_sim_destroy(sim);
}

/* Case 17: a locked sheave with friction 0.2; 100 kg hang on the in side, the out side is pulled
 * down slowly by a moving point. The out-side tension rises until T_out / T_in = exp(mu wrap),
 * then the rope slides and the ratio stays there. */
Test(sheave, capstan_case17)
{
    rig r;
    /* the pulled end starts where its span carries about the hanging weight (strain 4.9e-3) */
    double pa[3] = {-0.01, 0, -5}, ps[3] = {0, 0, 0}, pb[3] = {0.01, 0, -5.0245};
    rig_init(&r, pa, ps, pb, 5, 5, 10);
    r.sheave.locked = 1;
    r.sheave.friction = 0.2;
    r.pts[0].kind = HW_POINT_FREE; r.pts[0].mass = 100;
    r.pts[2].kind = HW_POINT_PRESCRIBED;
    r.pts[2].motion = HW_MOTION_CONSTANT_VELOCITY;
    r.pts[2].vel[2] = -0.002;
    r.type.ea = 2e5;
    hw_sim *sim = make(&r.def);
    double onset = -1, wrap_on = 0, sum = 0, sumw = 0;
    int n = 0;
    while (hw_sim_time(sim) < 16.0) {
        cr_assert_eq(hw_sim_step(sim, 5), HW_OK, "%s", hw_sim_last_error(sim));
        double tin, tout, wrap;
        int hold;
        hw_sim_sheave_state(sim, 0, NULL, &wrap, &tin, &tout, &hold);
        if (!hold && onset < 0 && hw_sim_time(sim) > 0.01) { onset = tout / tin; wrap_on = wrap; }
        if (onset > 0 && hw_sim_time(sim) > 13.0) { sum += tout / tin; sumw += wrap; n++; }
    }
    double e_on = exp(0.2 * wrap_on), e_sl = exp(0.2 * sumw / n);
    printf("capstan: T_out/T_in at slip onset %.4f, exp(mu wrap) %.4f (wrap %.4f rad); while "
           "sliding %.4f vs %.4f\n", onset, e_on, wrap_on, sum / n, e_sl);
    cr_assert_gt(onset, 0, "the rope never slipped");
    cr_expect_lt(fabs(onset / e_on - 1), 0.02);
    cr_expect_lt(fabs(sum / n / e_sl - 1), 0.02);
    hw_sim_destroy(sim);
}

/* Case 19: block and tackle. A rope runs from a fixed anchor down to a travelling pulley
 * carrying 100 kg and back up to a hauling point that rises at 0.05 m/s: each span carries half
 * the load in statics, and the load rises half as fast as the hauling point. */
Test(sheave, block_and_tackle_case19)
{
    rig r;
    double pa[3] = {-0.3, 0, 0}, ps[3] = {0, 0, -5}, pb[3] = {0.3, 0, 0};
    rig_init(&r, pa, ps, pb, 5.01, 5.01, 10);
    r.pts[1].kind = HW_POINT_FREE; r.pts[1].mass = 100;
    r.pts[2].kind = HW_POINT_PRESCRIBED;
    r.pts[2].motion = HW_MOTION_CONSTANT_VELOCITY;
    r.pts[2].vel[2] = 0.05;
    hw_sim *sim = make(&r.def);
    double z0[3], z1[3], fa[3], fb[3];
    hw_sim_point_state(sim, 1, z0, NULL, NULL);
    hw_sim_line_end_forces(sim, 0, fa, fb);
    double t0 = hw_sim_time(sim);
    /* statics: the vertical force of each span at the pulley is half the load (plus rope) */
    double half = 0.5 * (100 + 0.01 * 10.02) * G0;
    printf("block and tackle statics: span pull %.4f N, half the load %.4f N\n", fb[2], half);
    cr_expect_lt(fabs(fb[2] / half - 1), 0.01);
    while (hw_sim_time(sim) < 20.0) cr_assert_eq(hw_sim_step(sim, 100), HW_OK, "%s", hw_sim_last_error(sim));
    hw_sim_point_state(sim, 1, z1, NULL, NULL);
    double pulled = 0.05 * (hw_sim_time(sim) - t0), rise = z1[2] - z0[2];
    printf("block and tackle: hauled %.4f m, load rose %.4f m (ratio %.4f, expected 0.5)\n", pulled,
           rise, rise / pulled);
    cr_expect_lt(fabs(rise / pulled - 0.5), 0.01);
    hw_sim_destroy(sim);
}

Test(sheave, bad_input)
{
    rig r;
    double pa[3] = {-0.01, 0, -5}, ps[3] = {0, 0, 0}, pb[3] = {0.01, 0, -5};
    hw_input_error e;
    rig_init(&r, pa, ps, pb, 5, 5, 10);
    r.sheave.end_out = HW_WINCH_B;
    cr_assert_eq(hw_model_check(&r.def, &e), HW_ERR_INPUT);
    cr_expect_eq(e.section, HW_SEC_SHEAVE);
    cr_expect_str_eq(e.field, "end_out");
    cr_expect(strstr(e.message, "expected both line ends on the sheave's point, got 'S' and 'B'"), "%s", e.message);
    rig_init(&r, pa, ps, pb, 5, 5, 10);
    r.sheave.radius = 0;
    cr_assert_eq(hw_model_check(&r.def, &e), HW_ERR_INPUT);
    cr_expect_str_eq(e.field, "radius");
    rig_init(&r, pa, ps, pb, 5, 5, 10);
    r.lines[1].winch.end = HW_WINCH_A; /* the end that is on the sheave */
    r.lines[1].winch.max_length = 10;
    cr_assert_eq(hw_model_check(&r.def, &e), HW_ERR_INPUT);
    cr_expect_str_eq(e.field, "line_out");
    cr_expect(strstr(e.message, "an end reels on a winch or on a sheave"), "%s", e.message);
    rig_init(&r, pa, ps, pb, 5, 5, 2);
    r.lines[1].winch.end = HW_WINCH_B; /* the other end: allowed, with 3 segments or more */
    r.lines[1].winch.max_length = 10;
    cr_assert_eq(hw_model_check(&r.def, &e), HW_ERR_INPUT);
    cr_expect(strstr(e.message, "expected at least 3 segments on line 'out', which reels at both ends, got 2"), "%s", e.message);
    r.lines[1].nseg = 3;
    cr_expect_eq(hw_model_check(&r.def, &e), HW_OK, "%s", e.message);
    rig_init(&r, pa, ps, pb, 5, 5, 10);
    r.sheave.line_out = 0;
    cr_assert_eq(hw_model_check(&r.def, &e), HW_ERR_INPUT);
    cr_expect(strstr(e.message, "expected a different line from line_in"), "%s", e.message);
}

/* The scenario file's sheaves section. */
#include "io/scenario.h"

static const char *SHEAVE_YAML =
    "environment: {depth: 100, water_density: 0}\n"
    "line_types:\n"
    "  - {name: rope, diameter: 0.01, mass_per_length: 0.01, EA: 1.0e6, damping_ratio: 0.5}\n"
    "points:\n"
    "  - {name: m1, type: free, position: [-0.01, 0, -5], mass: 10}\n"
    "  - {name: top, type: fixed, position: [0, 0, 0]}\n"
    "  - {name: m2, type: free, position: [0.01, 0, -5], mass: 12}\n"
    "lines:\n"
    "  - {name: left, type: rope, end_a: m1, end_b: top, length: 5, segments: 10}\n"
    "  - {name: right, type: rope, end_a: top, end_b: m2, length: 5, segments: 10}\n"
    "sheaves:\n"
    "  - name: pulley\n"
    "    line_in: left\n"
    "    end_in: b\n"
    "    line_out: right\n"
    "    end_out: a\n"
    "%s";

static void load_sheave(const char *extra, hw_status want, const char *text)
{
    char y[2048], msg[512];
    snprintf(y, sizeof y, SHEAVE_YAML, extra);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(y, "s.yaml", &sc, msg, sizeof msg);
    cr_expect_eq(st, want, "%s: %s", extra, msg);
    if (text) cr_expect(strstr(msg, text) != NULL, "'%s' lacks '%s'", msg, text);
    if (!st) {
        cr_assert_eq(sc->model.n_sheaves, 1);
        const hw_sheave_def *k = &sc->model.sheaves[0];
        cr_expect_eq(k->line_in, 0);
        cr_expect_eq(k->line_out, 1);
        cr_expect_eq(k->end_in, HW_WINCH_B);
        cr_expect_eq(k->end_out, HW_WINCH_A);
        cr_expect_eq(k->radius, 0.3);
        cr_expect_eq(k->locked, 1);
        cr_expect_eq(k->friction, 0.25);
    }
    hw_scenario_free(sc);
}

Test(sheave, scenario_section)
{
    load_sheave("    radius: 0.3\n    locked: true\n    friction: 0.25\n", HW_OK, NULL);
    load_sheave("    radius: -0.3\n", HW_ERR_INPUT, "s.yaml:17: sheaves[0] (pulley).radius: expected a radius > 0 m, got -0.3");
    load_sheave("    radius: 0.3\n    end_in: a\n", HW_ERR_INPUT, "s.yaml:18: sheaves[0] (pulley).end_in: expected each key once, got it again (first at line 14)");
    load_sheave("    radios: 0.3\n", HW_ERR_INPUT, "s.yaml:17: sheaves[0] (pulley).radios: expected a key of a sheave");
}

/* A crane: a deck winch pays wire out at 1 m/s (ramped over 2 s) over a free boom-tip sheave to a
 * 1 t load hanging in air. The deck span reels at both ends (the winch at A, the sheave at B), so
 * the wire slides over the sheave at the winch's speed once steady: the load descends at 1 m/s,
 * the tensions either side of the sheave agree, and the wire in both spans is exactly the initial
 * wire plus what the winch paid out. */
Test(sheave, crane_winch_over_a_boom_tip_sheave)
{
    rig r;
    double pa[3] = {-20, 0, 2}, ps[3] = {0, 0, 20}, pb[3] = {0, 0, 10};
    rig_init(&r, pa, ps, pb, 26.9, 10, 8);
    r.type.mu = 5; r.type.ea = 5e7; r.type.d = 0.03;
    r.pts[2].kind = HW_POINT_FREE; r.pts[2].mass = 1000;
    static double tt[3] = {0, 2, 100}, vv[3] = {0, 1, 1};
    r.lines[0].winch.end = HW_WINCH_A;
    r.lines[0].winch.speed_table.n = 3;
    r.lines[0].winch.speed_table.x = tt;
    r.lines[0].winch.speed_table.y = vv;
    r.lines[0].winch.max_length = 200;
    r.sheave.inertia = 0.05;
    hw_sim *sim = make(&r.def);
    double L0a, L0b;
    hw_sim_winch_state(sim, 0, &L0a, NULL, NULL, NULL);
    hw_sim_winch_state(sim, 1, &L0b, NULL, NULL, NULL);
    double sin_ = 0, sout = 0, sv = 0, sz = 0;
    int n = 0;
    while (hw_sim_time(sim) < 12.0) {
        cr_assert_eq(hw_sim_step(sim, 20), HW_OK, "%s", hw_sim_last_error(sim));
        if (hw_sim_time(sim) < 6.0) continue;
        double tin, tout, vs, vl[3];
        hw_sim_sheave_state(sim, 0, &vs, NULL, &tin, &tout, NULL);
        hw_sim_point_state(sim, 2, NULL, vl, NULL);
        sin_ += tin; sout += tout; sv += vs; sz += vl[2]; n++;
    }
    /* means over 6..12 s: the load bounces on the wire's axial spring after the ramp */
    double worst = fabs(sout / sin_ - 1), vmean = sv / n, zmean = sz / n;
    double La, Lb, v, vel[3];
    int na, nb;
    hw_sim_winch_state(sim, 0, &La, NULL, NULL, &na);
    hw_sim_winch_state(sim, 1, &Lb, NULL, NULL, &nb);
    hw_sim_sheave_state(sim, 0, &v, NULL, NULL, NULL, NULL);
    hw_sim_point_state(sim, 2, NULL, vel, NULL);
    double paid = 0.5 * 2 * 1 + (hw_sim_time(sim) - 2) * 1;
    printf("crane: paid out %.6f m; deck span %.4f m (%d segments), hanging span %.4f m (%d); total "
           "wire off by %.2e m; mean slide %.5f m/s, mean load speed %.5f m/s (now %.4f, %.4f); mean "
           "tensions across the sheave differ by %.4f%%\n", paid, La, na, Lb, nb,
           La + Lb - L0a - L0b - paid, vmean, zmean, v, vel[2], 100 * worst);
    cr_expect_lt(fabs(La + Lb - L0a - L0b - paid), 1e-9 * (L0a + L0b + paid));
    cr_expect_lt(fabs(vmean - 1.0), 0.01, "the wire slides at the pay-out speed: %g", vmean);
    cr_expect_lt(fabs(zmean + 1.0), 0.01, "the load descends at the pay-out speed: %g", zmean);
    cr_expect_lt(worst, 0.01, "frictionless sheave (J = 0.05 kg m^2): tensions agree");
    cr_expect_gt(nb, 10, "segments inserted at the sheave end of the hanging span");
    hw_sim_destroy(sim);
}

/* The static solve balances free sheaves: a deck span given 0.2% too short (its tension near 4x
 * the hanging span's if the sheave were held) starts with equal tensions either side. */
Test(sheave, static_solve_balances_the_sheave)
{
    rig r;
    double pa[3] = {-20, 0, 2}, ps[3] = {0, 0, 20}, pb[3] = {0, 0, 10};
    rig_init(&r, pa, ps, pb, 26.85, 10, 8);
    r.type.mu = 5; r.type.ea = 5e7; r.type.d = 0.03;
    r.pts[2].kind = HW_POINT_FREE; r.pts[2].mass = 1000;
    hw_sim *sim = make(&r.def);
    double ta, tb, tc, td;
    hw_sim_line_end_tensions(sim, 0, &ta, &tb); /* deck span: B at the sheave */
    hw_sim_line_end_tensions(sim, 1, &tc, &td); /* hanging span: A at the sheave */
    double res;
    int it;
    hw_sim_static_info(sim, &res, &it);
    printf("sheave balance: tensions at the sheave %.6f N and %.6f N (residual %.2g)\n", tb, tc, res);
    cr_expect_lt(fabs(tb - tc), 1e-5 * tc);
    cr_expect_lt(res, 1e-6);
    hw_sim_destroy(sim);
}
