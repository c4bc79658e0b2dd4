/* Breaking load and line failure (host/world/failure.c, host/io/line_limits.c, docs/scenario.md): a line
 * under a tension rising at a known rate breaks at the predicted time and segment; a
 * time-triggered break lets the lower piece of a hanging line fall with g, with mass conserved
 * exactly and kinetic + potential + elastic + dissipated energy continuous; the utilisation in
 * summary.json; check refusing a span that needs more than the mbl. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "helpers.h"
#include "backend.h"
#include "io/line_limits.h"
#include "world/sim_internal.h"
#include "io/scenario.h"
#include "shell.h"

static void quiet(void *u, int level, const char *msg) { (void)u; (void)level; (void)msg; }

/* A two-segment vertical line in air: end A fixed at z = 10, end B rising at v from z = 20.01.
 * With BA chosen to damp the one free mode (the middle node between two springs EA/l)
 * critically, the start-up transient dies as exp(-w t) (w = 89 rad/s) and the tension of the
 * upper segment is, in steady motion (middle node at v/2, forces balanced on it):
 *   T2(t) = EA (span(t) - L) / L + m g / 2 + BA v / L,   span(t) = 10.01 + v t,
 * rising at EA v / L = 100 N/s. It is the larger one (T2 = T1 + m g), so a rule "at: any" must
 * break segment 2 when T2 passes the trigger. */
Test(failure, tension_ramp_breaks_at_predicted_time_and_segment)
{
    const double L = 10, EA = 1e5, mu = 1, v = 0.01, trig = 600;
    double ra[3] = {0, 0, 10}, rb[3] = {0, 0, 20.01};
    one_line m;
    one_line_init(&m, 0.01, mu, EA, L, 2, ra, rb);
    double l = L / 2, mm = mu * l, w = sqrt(2 * EA / l / mm);
    m.type.ba = mm * w * l; /* zeta = c / (2 m w) = 1 with c = 2 BA / l */
    m.type.mbl = trig;
    m.pts[1].kind = HW_POINT_PRESCRIBED;
    m.pts[1].motion = HW_MOTION_CONSTANT_VELOCITY;
    m.pts[1].vel[2] = v;
    m.line.failure.on = 1;
    m.line.failure.use_mbl = 1;
    m.line.failure.at = HW_FAIL_ANY;
    m.def.solver.integrator = HW_INT_RK2;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, quiet, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double dt = hw_sim_dt(sim), mass0 = hw_sim_line_mass(sim, 0);
    double T0 = EA * 0.01 / L + mm * G0 / 2 + m.type.ba * v / L;
    double t_pred = (trig - T0) / (EA * v / L);
    int broken = 0, seg = 0;
    double tb = 0, Tb = 0, e = 0;
    while (!broken && hw_sim_time(sim) < 2 * t_pred) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        hw_sim_line_failure(sim, 0, &broken, &tb, &seg, &Tb, &e);
    }
    cr_assert(broken, "the line must break (predicted at %g s)", t_pred);
    cr_expect_eq(seg, 2, "the upper segment carries the mid node's weight too: it breaks first, got %d", seg);
    cr_expect(tb >= t_pred - 1e-9 && tb < t_pred + dt, "broke at %.9g s, predicted %.9g s (dt %g)", tb,
              t_pred, dt);
    cr_log_info("ramp: broke at %.9g s, predicted %.9g s, dt %g, tension %.9g N", tb, t_pred, dt, Tb);
    cr_expect(Tb > trig && Tb < trig + EA * v / L * dt * 1.01, "tension at the break %.9g N", Tb);
    cr_expect_gt(e, 0.0, "elastic energy released");
    /* the broken segment carries nothing, the line goes on, mass stays */
    double T[2], ta, tbb;
    cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
    hw_sim_line_tensions(sim, 0, T);
    hw_sim_line_end_tensions(sim, 0, &ta, &tbb);
    cr_expect_eq(T[1], 0.0);
    cr_expect_eq(tbb, 0.0);
    cr_expect_gt(T[0], 0.0, "the lower piece is still stretched a step later");
    cr_expect_eq(hw_sim_line_mass(sim, 0), mass0);
    hw_sim_destroy(sim);
    /* watching segment 1 alone (at: 1), whose tension is T2 - m g: it breaks m g / rate later */
    m.line.failure.at = 1;
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, quiet, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double t1_pred = t_pred + mm * G0 / (EA * v / L);
    broken = 0;
    while (!broken && hw_sim_time(sim) < 2 * t1_pred) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        hw_sim_line_failure(sim, 0, &broken, &tb, &seg, &Tb, &e);
    }
    cr_expect(broken && seg == 1, "at: 1 breaks segment 1, got %d", seg);
    cr_expect(tb >= t1_pred - 1e-9 && tb < t1_pred + dt, "broke at %.9g s, predicted %.9g s", tb, t1_pred);
    hw_sim_destroy(sim);
}

/* A 50 m line hanging from a fixed point at z = 60 with a 1000 kg free weight at its foot, all in
 * air. A time rule breaks it at end A at t = 0.5 s. From then on the piece below (nodes 1..N and
 * the weight) has no external force but gravity, whatever its internal motion: its vertical
 * momentum falls at exactly M g (M: its mass), which the explicit integrators reproduce to
 * rounding (internal forces cancel pairwise in each stage). The energy K + V + elastic +
 * dissipated must not jump at the break: the released elastic energy of segment 1 is booked as
 * dissipated. Without the booking it would jump by that energy, 27 J here. */
Test(failure, time_break_lower_piece_falls_with_g_mass_and_energy_accounted)
{
    const double L = 50, mu = 10, EA = 1e7, Mw = 1000;
    const int N = 20;
    double ra[3] = {0, 0, 60}, rb[3] = {0, 0, 9.9};
    one_line m;
    one_line_init(&m, 0.05, mu, EA, L, N, ra, rb);
    m.type.damping_ratio = 0.3;
    m.pts[1].kind = HW_POINT_FREE;
    m.pts[1].mass = Mw;
    m.line.failure.on = 1;
    m.line.failure.time = 0.5;
    m.line.failure.at = HW_FAIL_END_A;
    m.def.solver.integrator = HW_INT_RK4;
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, quiet, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double dt = hw_sim_dt(sim), mass0 = hw_sim_line_mass(sim, 0);
    int n_before = (int)ceil(0.5 / dt - 1e-9);
    /* energy bookkeeping before the break: the largest step-to-step change of K + V + D */
    hw_energy en;
    double drift = 0, F_prev = 0;
    for (int k = 0; k < n_before; k++) {
        hw_sim_energy(sim, &en);
        double F = en.total + en.dissipated;
        if (k > 0) drift = fmax(drift, fabs(F - F_prev));
        F_prev = F;
        int broken;
        hw_sim_line_failure(sim, 0, &broken, NULL, NULL, NULL, NULL);
        cr_assert_eq(broken, 0, "not before 0.5 s (t = %g)", hw_sim_time(sim));
        if (k == n_before - 1) break;
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK);
    }
    hw_sim_energy(sim, &en);
    double F_before = en.total + en.dissipated;
    cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
    int broken, seg;
    double tb, Tb, rel;
    hw_sim_line_failure(sim, 0, &broken, &tb, &seg, &Tb, &rel);
    cr_assert(broken && seg == 1, "broken %d at segment %d", broken, seg);
    cr_expect(tb >= 0.5 && tb < 0.5 + dt, "broke at %.9g s, dt %g", tb, dt);
    cr_expect(fabs(Tb - (mu * L + Mw) * G0) < 0.01 * (mu * L + Mw) * G0, "top tension at the break %g N", Tb);
    cr_expect(rel > 20 && rel < 35, "released %g J (about T^2 l / 2 EA)", rel);
    hw_sim_energy(sim, &en);
    double F_after = en.total + en.dissipated;
    /* the step's own integration error (drift) plus rounding of ~1e5 J sums */
    cr_expect(fabs(F_after - F_before) < 3 * drift + 1e-9 * fabs(en.gravity),
              "K+V+D jumps by %g J across the break (per-step drift before %g J, released %g J)",
              F_after - F_before, drift, rel);
    cr_log_info("break at %.9g s (dt %g): released %.6g J, K+V+D jump %.3g J, drift before %.3g J/step",
                tb, dt, rel, F_after - F_before, drift);
    cr_expect_eq(hw_sim_line_mass(sim, 0), mass0);
    /* momentum of the falling piece: nodes 1..N-1 with their masses, the weight with node N's */
    double nm_int = mu * L / N, nm_end = 0.5 * mu * L / N;
    double *vel = malloc(3 * (N + 1) * sizeof(double));
    double t1 = hw_sim_time(sim), P1 = 0, P2 = 0, z1[3];
    hw_sim_point_state(sim, 1, z1, NULL, NULL);
    hw_sim_line_velocities(sim, 0, vel);
    for (int j = 1; j < N; j++) P1 += nm_int * vel[3 * j + 2];
    P1 += (nm_end + Mw) * vel[3 * N + 2];
    double F_prev2 = F_after, jump_after = 0;
    for (int k = 0; k < 200; k++) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        hw_sim_energy(sim, &en);
        jump_after = fmax(jump_after, fabs(en.total + en.dissipated - F_prev2));
        F_prev2 = en.total + en.dissipated;
    }
    double t2 = hw_sim_time(sim);
    hw_sim_line_velocities(sim, 0, vel);
    for (int j = 1; j < N; j++) P2 += nm_int * vel[3 * j + 2];
    P2 += (nm_end + Mw) * vel[3 * N + 2];
    double Mp = (N - 1) * nm_int + nm_end + Mw;
    cr_expect(fabs((P2 - P1) / (Mp * (t2 - t1)) + G0) < 1e-9 * G0,
              "the piece's momentum changes at %.12g m/s^2 times its mass, expected -g", (P2 - P1) / (Mp * (t2 - t1)));
    cr_log_info("momentum rate %.15g (g %.15g); largest K+V+D change a step after: %.3g J",
                (P2 - P1) / (Mp * (t2 - t1)), G0, jump_after);
    cr_expect(jump_after < 0.05 * rel, "after the break K+V+D changes by at most %g J a step (released %g J)",
              jump_after, rel);
    /* the top node stays on the fixed point with its half-segment mass; the weight falls (more
     * slowly than g at first: the stretched line above it recoils from the break downwards) */
    double pos[3];
    hw_sim_point_state(sim, 1, pos, NULL, NULL);
    cr_expect_lt(pos[2], z1[2] - 0.2 * G0 * (t2 - t1) * (t2 - t1), "the weight falls: z = %g from %g",
                 pos[2], z1[2]);
    free(vel);
    hw_sim_destroy(sim);
}

Test(failure, utilisation_is_max_tension_over_mbl)
{
    cr_assert(isnan(hw_line_utilisation(100, 0)));
    cr_assert_eq(hw_line_utilisation(250, 1000), 0.25);
    cr_assert_eq(hw_line_utilisation(-1, 1000), 0.0);
}

/* The case: 700 m of line across an 818 m span (17% strain): 128 MN with this EA. */
Test(failure, check_refuses_a_span_whose_static_tension_exceeds_the_mbl)
{
    double ra[3] = {0, 0, -100}, rb[3] = {818, 0, -100};
    one_line m;
    one_line_init(&m, 0.1, 50, 7.6e8, 700, 20, ra, rb);
    char msg[1024];
    cr_assert_eq(hw_model_validate(&m.def, msg, sizeof msg), HW_OK, "%s", msg); /* no mbl: no limit */
    m.type.mbl = 1e7;
    cr_assert_eq(hw_model_validate(&m.def, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "lines[0] (line).length") && strstr(msg, "700 m across a 818 m span") &&
                  strstr(msg, "1.281e+08 N") && strstr(msg, "mbl 1e+07 N"),
              "%s", msg);
    /* a suggested length that holds: at least span / (1 + mbl / EA) */
    m.line.length = 818 / (1 + 1e7 / 7.6e8) + 0.01;
    cr_assert_eq(hw_model_validate(&m.def, msg, sizeof msg), HW_OK, "%s", msg);
    /* through a scenario file: located at the line's length */
    const char *yaml =
        "line_types:\n"
        "  - {name: chain, diameter: 0.1, mass_per_length: 50, EA: 7.6e8, mbl: 1.0e7}\n"
        "points:\n"
        "  - {name: a, type: fixed, position: [0, 0, -100]}\n"
        "  - {name: b, type: fixed, position: [818, 0, -100]}\n"
        "lines:\n"
        "  - name: l1\n"
        "    type: chain\n"
        "    end_a: a\n"
        "    end_b: b\n"
        "    length: 700\n"
        "    segments: 20\n";
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(strstr(msg, "t.yaml:11: lines[0] (l1).length: expected a length the span allows"), "%s", msg);
}

Test(failure, scenario_keys_and_their_errors)
{
    const char *base =
        "line_types:\n"
        "  - {name: rope, diameter: 0.1, mass_per_length: 10, EA: 1e8%s}\n"
        "points:\n"
        "  - {name: a, type: fixed, position: [0, 0, -100]}\n"
        "  - {name: b, type: fixed, position: [90, 0, -10]}\n"
        "lines:\n"
        "  - {name: l1, type: rope, end_a: a, end_b: b, length: 150, segments: 10%s}\n";
    struct { const char *type, *line, *want; } cases[] = {
        {", mbl: 2e6", ", failure: {tension: mbl, at: b}", NULL},
        {"", ", failure: {tension: 5e5, time: 3}", NULL},
        {"", ", failure: {time: 3, at: 4}", NULL},
        {", mbl: -1", "", "t.yaml:2: line_types[0] (rope).mbl: expected a minimum breaking load > 0 N, got -1"},
        {"", ", failure: {tension: mbl}", "t.yaml:7: lines[0] (l1).failure.tension: expected the line type 'rope' to give an mbl"},
        {"", ", failure: {time: 3}", "lines[0] (l1).failure.at: expected a, b or a segment number for a break on time alone, got any"},
        {"", ", failure: {at: a}", "lines[0] (l1).failure: expected a trigger"},
        {"", ", failure: {tension: 1e6, at: 11}", "lines[0] (l1).failure.at: expected any, a, b or a segment 1..10, got 11"},
        {"", ", failure: {tension: 1e6, at: middle}", "lines[0] (l1).failure.at: expected any, a, b or a segment number >= 1, got 'middle'"},
        {"", ", failure: {tension: 1e6, when: 3}", "lines[0] (l1).failure.when: expected a key of a failure rule"},
        {"", ", failure: {tension: -5}", "t.yaml:7: lines[0] (l1).failure.tension: expected a tension > 0 N or mbl, got -5"},
        {"", ", failure: {tension: 1e6}, winch: {end: b, speed: 0.1}",
         "lines[0] (l1).failure: expected a line without a winch or sheave"},
        {"", "}\noutputs: {utilisation_warning: 0", "t.yaml:8: outputs.utilisation_warning: expected a fraction of the mbl > 0, got 0"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char yaml[1024], msg[1024];
        snprintf(yaml, sizeof yaml, base, cases[k].type, cases[k].line);
        hw_scenario *sc = NULL;
        hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
        if (!cases[k].want) {
            cr_expect_eq(st, HW_OK, "case %zu: %s", k, msg);
            if (!st) cr_expect_eq(sc->model.lines[0].failure.on, 1);
        } else {
            cr_expect_eq(st, HW_ERR_INPUT, "case %zu", k);
            cr_expect(strstr(msg, cases[k].want), "case %zu: want \"%s\" in \"%s\"", k, cases[k].want, msg);
        }
        hw_scenario_free(sc);
    }
}

static double json_num(const char *s, const char *key)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(s, pat);
    cr_assert_not_null(p, "%s in %s", key, s);
    return strtod(p + strlen(pat), NULL);
}

/* The CLI: utilisation = max_tension_N / mbl_N in summary.json, the warning on stderr and in the
 * summary, and a line breaking on a rule: logged, recorded, outputs going on. */
Test(failure, cli_summary_utilisation_warning_and_break)
{
    const char *dir = HW_TMP "/hawser_test_failure";
    char cmd[2048], out[16384], path[512];
    snprintf(path, sizeof path, "%s.yaml", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "line_types:\n"
               "  - {name: rope, diameter: 0.05, mass_per_length: 10, EA: 1e7, damping_ratio: 0.3, mbl: 2.0e4}\n"
               "  - {name: wire, diameter: 0.05, mass_per_length: 10, EA: 1e7, damping_ratio: 0.3, mbl: 1.0e6}\n"
               "points:\n"
               "  - {name: top, type: fixed, position: [0, 0, 60]}\n"
               "  - {name: top2, type: fixed, position: [10, 0, 60]}\n"
               "  - {name: w, type: free, position: [0, 0, 9.9], mass: 1000}\n"
               "  - {name: w2, type: free, position: [10, 0, 9.9], mass: 1000}\n"
               "lines:\n"
               "  - {name: hang, type: rope, end_a: top, end_b: w, length: 50, segments: 10,\n"
               "     failure: {time: 0.3, at: a}}\n"
               "  - {name: safe, type: wire, end_a: top2, end_b: w2, length: 50, segments: 10}\n"
               "solver: {t_end: 0.6, integrator: rk4}\n"
               "outputs: {interval: 0.05, utilisation_warning: 0.5}\n");
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run %s -o %s -q 2>&1 >/dev/null", HW_CLI_PATH, path, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "line 'hang' broke at t = 0.3") && strstr(out, "segment 1 of 10 (end A)"), "%s", out);
    cr_expect(strstr(out, "warning: line 'hang': utilisation") && !strstr(out, "line 'safe': utilisation"), "%s", out);
    snprintf(cmd, sizeof cmd, "cat %s/summary.json", dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    const char *hang = strstr(out, "\"name\":\"hang\""), *safe = strstr(out, "\"name\":\"safe\"");
    cr_assert(hang && safe, "%s", out);
    double Tm = json_num(hang, "max_tension_N"), u = json_num(hang, "utilisation");
    cr_expect(fabs(u - Tm / 2e4) <= 1e-5 * u, "utilisation %g, max tension %g over 2e4", u, Tm);
    cr_expect(u > 0.5 && u < 1, "%g", u);
    double u2 = json_num(safe, "utilisation"), Tm2 = json_num(safe, "max_tension_N");
    cr_expect(fabs(u2 - Tm2 / 1e6) <= 1e-5 * u2);
    cr_expect(strstr(hang, "\"utilisation_warning\":true") && strstr(safe, "\"utilisation_warning\":false"), "%s", out);
    cr_expect(strstr(hang, "\"failure\":{\"rule\":true,\"broken\":true,\"time_s\":0.3"), "%s", hang);
    cr_expect(strstr(hang, "\"segment\":1,"), "%s", hang);
    cr_expect(strstr(safe, "\"failure\":{\"rule\":false,\"broken\":false,\"time_s\":null"), "%s", safe);
    /* outputs went on past the break to t_end; end A of the broken line reads zero */
    snprintf(cmd, sizeof cmd, "tail -n 1 %s/lines.csv", dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    double t_last, ta;
    cr_assert_eq(sscanf(out, "%lf,%lf", &t_last, &ta), 2, "%s", out);
    cr_expect(fabs(t_last - 0.6) < 0.01, "%s", out);
    cr_expect_eq(ta, 0.0, "%s", out);
    /* the report shows the table */
    snprintf(cmd, sizeof cmd, "%s report %s >/dev/null 2>&1 && grep -A6 'Breaking load' %s/report.md", HW_CLI_PATH, dir, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "| hang | 20000 |") && strstr(out, "**above** | yes | 0.3"), "%s", out);
}

/* The backends' trip scan (the CPU loop here; the CUDA Thrust reduction is checked against it in
 * test_gpu_parity.c): the segment exceeding its trip tension by the largest ratio, the count. */
Test(failure, trip_scan_finds_the_largest_ratio)
{
    double ra[3] = {-800, 0, -200}, rb[3] = {0, 0, -10};
    one_line m;
    one_line_init(&m, 0.0766, 113.35, 7.536e8, 835.5, 30, ra, rb);
    m.def.env.depth = 200;
    hw_model mod;
    char msg[256];
    cr_assert_eq(hw_model_build(&m.def, &mod, msg, sizeof msg), HW_OK, "%s", msg);
    hw_lm_sys *S = &mod.S;
    const hw_backend_ops *ops = hw_cpu_backend();
    hw_backend *b = NULL;
    cr_assert_eq(ops->create(S, 0, &b, msg, sizeof msg), HW_OK);
    ops->upload(b, HW_BUF_Y, mod.y0);
    ops->eval(b, 0.0, HW_BUF_Y, HW_BUF_K1);
    double *T = calloc((size_t)S->n_segs, sizeof(double));
    hw_lm_work h;
    memset(&h, 0, sizeof h);
    h.seg_T = T;
    ops->download_work(b, &h);
    double lo = T[0], hi = T[0];
    for (int s = 1; s < S->n_segs; s++) { lo = fmin(lo, T[s]); hi = fmax(hi, T[s]); }
    for (int s = 0; s < S->n_segs; s++) /* the CPU backend shares S: trips set after create */
        S->seg_trip[s] = 0.5 * (lo + hi) * (s % 2 ? 0.95 : 1.05);
    int best = -1, n = 0;
    for (int s = 0; s < S->n_segs; s++)
        if (T[s] > S->seg_trip[s]) {
            n++;
            if (best < 0 || T[s] / S->seg_trip[s] > T[best] / S->seg_trip[best]) best = s;
        }
    hw_lm_reduction r;
    cr_assert_eq(ops->trip_scan(b, &r), HW_OK);
    cr_assert(n > 2 && n < S->n_segs, "the test must trip some segments, not all: %d", n);
    cr_expect_eq(r.max_seg, best);
    cr_expect_eq(r.max_T, T[best]);
    cr_expect_eq(r.n_nonfinite, n);
    for (int s = 0; s < S->n_segs; s++) S->seg_trip[s] = HUGE_VAL; /* the CPU shares S */
    cr_assert_eq(ops->trip_scan(b, &r), HW_OK);
    cr_expect(r.max_seg == -1 && r.n_nonfinite == 0);
    free(T);
    ops->destroy(b);
    hw_model_free(&mod);
}

/* In water (tests/data/md_failure.yaml: three chain catenaries in 200 m of water): line 1 comes
 * off its anchor at t = 0.2 s. There the added mass of the two nodes at the break changes with
 * their tangent as well; the booking covers it, so K + V + D does not jump across the break
 * beyond the integrator's own step-to-step change just before it (0.04 J a step, against 22 kJ
 * released). This also catches a break that would write a stale host state back (the step
 * undone: no change at all at the break step, then a jump). */
Test(failure, wet_break_keeps_energy_continuous)
{
    hw_scenario *sc = NULL;
    char msg[1024];
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_failure.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, quiet, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_energy en;
    double drift = 0, F_prev = NAN, jump = NAN, rel = 0;
    for (int k = 0; k < 220; k++) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        hw_sim_energy(sim, &en);
        double F = en.total + en.dissipated;
        int broken;
        double tb;
        hw_sim_line_failure(sim, 0, &broken, &tb, NULL, NULL, &rel);
        if (k >= 180 && !broken) drift = fmax(drift, fabs(F - F_prev)); /* the 20 steps before */
        if (broken && isnan(jump)) jump = F - F_prev;
        F_prev = F;
    }
    cr_assert(!isnan(jump), "line 1 must break at 0.2 s");
    cr_log_info("wet break: released %.6g J, K+V+D jump %.3g J, drift before %.3g J/step", rel, jump, drift);
    cr_expect_gt(rel, 100 * drift, "the break releases energy well above the drift");
    cr_expect(fabs(jump) < 3 * drift && fabs(jump) > 0.1 * drift, "K+V+D jumps by %g J at the break (drift %g J/step, released %g J)",
              jump, drift, rel);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* hw_failures_resync (for the checkpoint): the derived failure state (armed flag, trip
 * tensions, the backend's copies) rebuilt from seg_alive and the per-line records. Wiped at
 * t = 0.1 s (after line 3 broke at the first step, before line 1's time rule at 0.2 s) and
 * rebuilt, the run goes on bit for bit as an untouched one. */
Test(failure, resync_rebuilds_the_derived_state)
{
    hw_scenario *sc = NULL;
    char msg[1024];
    cr_assert_eq(hw_scenario_load(HW_TEST_DATA_DIR "/md_failure.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *s[2];
    for (int k = 0; k < 2; k++) {
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, quiet, NULL, &s[k], msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert_eq(hw_sim_step(s[k], 100), HW_OK);
    }
    hw_lm_sys *S = &s[1]->m.S;
    for (int i = 0; i < S->n_segs; i++) S->seg_trip[i] = HUGE_VAL;
    s[1]->fail.any = 0;
    cr_assert_eq(hw_failures_resync(s[1]), HW_OK);
    cr_expect_eq(s[1]->fail.any, 1);
    cr_expect_eq(S->seg_trip[S->ln_s0[1] + 19], 1e8, "line 2's rule watches its end B");
    cr_expect_eq(S->seg_trip[S->ln_s0[2] + 19], HUGE_VAL, "line 3 broke: disarmed");
    for (int k = 0; k < 2; k++) cr_assert_eq(hw_sim_step(s[k], 200), HW_OK);
    int b[2];
    for (int k = 0; k < 2; k++) hw_sim_line_failure(s[k], 0, &b[k], NULL, NULL, NULL, NULL);
    cr_expect(b[0] && b[1], "line 1 breaks at 0.2 s in both");
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    double *y0 = malloc(ny * sizeof(double)), *y1 = malloc(ny * sizeof(double));
    s[0]->ops->download(s[0]->be, HW_BUF_Y, y0);
    s[1]->ops->download(s[1]->be, HW_BUF_Y, y1);
    cr_expect(memcmp(y0, y1, ny * sizeof(double)) == 0, "states differ");
    free(y0); free(y1);
    for (int k = 0; k < 2; k++) hw_sim_destroy(s[k]);
    hw_scenario_free(sc);
}
