/* Exact times: hw_sim_advance_to (the co-simulation step), the CLI's rows at k x interval and
 * t_end, step counts that cannot be represented, and prescribed tables at second order in dt. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "helpers.h"
#include "physics/motion.h"
#include "world/sim_internal.h"
#include "shell.h"

/* A taut line (100 m span, 20 segments, EA 2e6 N, no gravity, drag in water) whose end B moves
 * in surge: a sinusoid of amplitude 1 m and period 2 s, or a table of that sinusoid sampled at
 * rows 0.37 s apart from t = -1 s (so the rows never fall on step boundaries). */
typedef struct surge_model {
    one_line m;
    double tab_t[64], tab_xyz[3 * 64];
} surge_model;

#define SURGE_W (2.0 * PI / 2.0)
#define SURGE_A 0.2 /* m: +-4 kN, never slack (a slack line is not smooth) */

static void surge_init(surge_model *s, int table, double dt)
{
    double ra[3] = {0, 0, 0}, rb[3] = {100, 0, 0};
    one_line_init(&s->m, 0.05, 5.0, 2e6, 99.5, 20, ra, rb); /* 10 kN pretension */
    s->m.def.env.g = 0;
    s->m.def.env.seabed_k = 0; /* clear of the seabed: its stiffness would set the critical step */
    s->m.def.env.seabed_c = 0;
    s->m.type.damping_ratio = 0.5; /* RK2 needs damping to be stable (critical_step.c) */
    s->m.def.solver.dt = dt;
    s->m.def.solver.static_solve = 0; /* straight and evenly stretched: in equilibrium already */
    s->m.pts[1].kind = HW_POINT_PRESCRIBED;
    if (!table) {
        s->m.pts[1].motion = HW_MOTION_SINUSOID;
        s->m.pts[1].amp[0] = SURGE_A;
        s->m.pts[1].period = 2.0;
        return;
    }
    s->m.pts[1].motion = HW_MOTION_TABLE;
    int n = 64;
    for (int k = 0; k < n; k++) {
        s->tab_t[k] = -1.0 + 0.37 * k;
        s->tab_xyz[3 * k] = SURGE_A * sin(SURGE_W * s->tab_t[k]);
        s->tab_xyz[3 * k + 1] = s->tab_xyz[3 * k + 2] = 0.0;
    }
    s->m.pts[1].table_n = n;
    s->m.pts[1].table_t = s->tab_t;
    s->m.pts[1].table_xyz = s->tab_xyz;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* Whether two runs of the surge model hold the same state, bit for bit: positions and velocities
 * of every node. */
static int same_state(hw_sim *a, hw_sim *b)
{
    double xa[63], va[63], xb[63], vb[63];
    cr_assert_leq(hw_sim_line_nseg(a, 0) + 1, 21, "3 x (nodes) fits the buffers");
    cr_assert_eq(hw_sim_line_positions(a, 0, xa), HW_OK);
    cr_assert_eq(hw_sim_line_velocities(a, 0, va), HW_OK);
    cr_assert_eq(hw_sim_line_positions(b, 0, xb), HW_OK);
    cr_assert_eq(hw_sim_line_velocities(b, 0, vb), HW_OK);
    return !memcmp(xa, xb, sizeof xa) && !memcmp(va, vb, sizeof va);
}

/* A master coupling every 0.1 s for 10 s (100 couplings) against one hw_sim_step call: with dt a
 * divisor of 0.1 (1 ms: 0.1 / 1e-3 is 100 only to rounding; and 0.1 / 7 from dt_period) no
 * coupling takes a sliver step, so the states are the same bit for bit and the clock has not
 * drifted (the old whole-steps master ended at 10.07 s). */
Test(times, couplings_equal_one_go_when_dt_divides)
{
    for (int c = 0; c < 2; c++) {
        surge_model a, b;
        surge_init(&a, 0, c ? 0.0 : 1e-3);
        surge_init(&b, 0, c ? 0.0 : 1e-3);
        a.m.def.solver.dt_period = b.m.def.solver.dt_period = c ? 0.1 : 0.0;
        hw_sim *sa = make(&a.m.def), *sb = make(&b.m.def);
        double dt = hw_sim_dt(sa);
        if (c) cr_assert_float_eq(0.1 / dt, round(0.1 / dt), 1e-9, "auto dt %.17g divides 0.1", dt);
        for (int k = 1; k <= 100; k++) cr_assert_eq(hw_sim_advance_to(sa, 0.1 * k), HW_OK, "%s", hw_sim_last_error(sa));
        long n = hw_sim_steps_taken(sa);
        cr_assert_eq(n, (long)round(10.0 / dt), "whole steps only: %ld", n);
        cr_assert_eq(hw_sim_step(sb, (int)n), HW_OK);
        cr_expect_eq(hw_sim_time(sa), hw_sim_time(sb));
        cr_expect(fabs(hw_sim_time(sa) - 10.0) < 1e-12, "t = %.17g", hw_sim_time(sa));
        cr_expect(same_state(sa, sb), "bit-equal states (case %d)", c);
        hw_sim_destroy(sa);
        hw_sim_destroy(sb);
    }
}

/* dt = 3 ms does not divide 0.1 s: each coupling ends with one shortened step, the clock lands on
 * every coupling time exactly, the step count is 100 x (33 + 1), and the state is the one-go
 * run's to the scheme's truncation (O(dt^2): the two differ only in where steps fall). */
Test(times, couplings_land_exactly_when_dt_does_not_divide)
{
    surge_model a, b;
    surge_init(&a, 0, 3e-3);
    surge_init(&b, 0, 3e-3);
    hw_sim *sa = make(&a.m.def), *sb = make(&b.m.def);
    for (int k = 1; k <= 100; k++) {
        cr_assert_eq(hw_sim_advance_to(sa, 0.1 * k), HW_OK, "%s", hw_sim_last_error(sa));
        cr_assert_eq(hw_sim_time(sa), 0.1 * k, "coupling %d at %.17g", k, hw_sim_time(sa));
    }
    cr_expect_eq(hw_sim_steps_taken(sa), 100 * 34);
    cr_assert_eq(hw_sim_advance_to(sb, 10.0), HW_OK);
    cr_expect_eq(hw_sim_time(sb), 10.0);
    cr_expect_eq(hw_sim_steps_taken(sb), 3334, "3333 whole steps and one of 1 ms");
    double ta, tb;
    hw_sim_line_end_tensions(sa, 0, NULL, &ta);
    hw_sim_line_end_tensions(sb, 0, NULL, &tb);
    cr_expect(fabs(ta - tb) < 1e-3 * fabs(tb), "fairlead tension %.9g vs %.9g", ta, tb);
    hw_sim_destroy(sa);
    hw_sim_destroy(sb);
}

/* The batched path (one blow-up check per call: CUDA's, emulated on the CPU by
 * hw_sim_set_check_per_call) computes each step's time from t_base and the steps since it as the
 * per-step path does: after shortened steps (t_base != 0) the two stay bit-equal, and the
 * prescribed table point (spline) moves the same. */
Test(times, batched_path_after_shortened_steps_bit_equal)
{
    surge_model a, b;
    surge_init(&a, 1, 3e-3);
    surge_init(&b, 1, 3e-3);
    hw_sim *sa = make(&a.m.def), *sb = make(&b.m.def);
    hw_sim_set_check_per_call(sb, 1);
    for (int k = 1; k <= 30; k++) {
        cr_assert_eq(hw_sim_advance_to(sa, 0.1 * k), HW_OK, "%s", hw_sim_last_error(sa));
        cr_assert_eq(hw_sim_advance_to(sb, 0.1 * k), HW_OK, "%s", hw_sim_last_error(sb));
    }
    cr_expect_eq(sa->t_base, 3.0);
    cr_expect_eq(sa->steps_base, 30 * 34);
    cr_expect(same_state(sa, sb), "bit-equal states");
    hw_sim_destroy(sa);
    hw_sim_destroy(sb);
}

Test(times, advance_to_tolerance_and_errors)
{
    surge_model a;
    surge_init(&a, 0, 1e-3);
    hw_sim *s = make(&a.m.def);
    /* within 1e-9 dt of a boundary: no sliver step either side */
    cr_assert_eq(hw_sim_advance_to(s, 0.005 + 1e-14), HW_OK);
    cr_expect_eq(hw_sim_steps_taken(s), 5);
    cr_assert_eq(hw_sim_advance_to(s, 0.006 - 1e-14), HW_OK);
    cr_expect_eq(hw_sim_steps_taken(s), 6);
    cr_assert_eq(hw_sim_advance_to(s, hw_sim_time(s)), HW_OK, "now: nothing to do");
    cr_expect_eq(hw_sim_steps_taken(s), 6);
    /* a shortened step, then whole steps from there */
    cr_assert_eq(hw_sim_advance_to(s, 0.0065), HW_OK);
    cr_expect_eq(hw_sim_steps_taken(s), 7);
    cr_expect_eq(hw_sim_time(s), 0.0065);
    cr_assert_eq(hw_sim_step(s, 2), HW_OK);
    cr_expect_float_eq(hw_sim_time(s), 0.0085, 1e-15);
    /* the past, a non-finite time, a count beyond 2^53 */
    cr_expect_eq(hw_sim_advance_to(s, 0.008), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_sim_last_error(s), "expected a time >= the current"), "%s", hw_sim_last_error(s));
    cr_expect_eq(hw_sim_advance_to(s, NAN), HW_ERR_INVALID_ARG);
    cr_expect_eq(hw_sim_advance_to(s, 1e300), HW_ERR_INVALID_ARG);
    cr_expect(strstr(hw_sim_last_error(s), "1.0000000000000001e+300") && strstr(hw_sim_last_error(s), "0.001"),
              "%s", hw_sim_last_error(s));
    cr_expect_eq(hw_sim_steps_taken(s), 9, "nothing stepped by the refusals");
    cr_expect_eq(hw_sim_step(s, 1), HW_OK, "and the simulation goes on");
    hw_sim_destroy(s);
    cr_expect_eq(hw_sim_advance_to(NULL, 1.0), HW_ERR_INVALID_ARG);
}

/* ---- table motion at second order ---------------------------------------------------------- */

/* First harmonic (amplitude, N) of the fairlead tension over t in [2, 6] s (two periods),
 * sampled every 10 ms (times every dt below lands on: they divide 0.01). */
static double harmonic(int table, double dt)
{
    surge_model a;
    surge_init(&a, table, dt);
    hw_sim *s = make(&a.m.def);
    double re = 0, im = 0;
    for (int j = 1; j <= 600; j++) {
        double t = 0.01 * j, tb;
        cr_assert_eq(hw_sim_advance_to(s, t), HW_OK, "%s", hw_sim_last_error(s));
        cr_assert_eq(hw_sim_steps_taken(s), (long)round(t / dt), "whole steps only");
        if (j <= 200) continue;
        hw_sim_line_end_tensions(s, 0, NULL, &tb);
        double w = j == 200 || j == 600 ? 0.5 : 1.0; /* trapezoid: j = 600 closes the window */
        re += w * tb * cos(SURGE_W * t);
        im += w * tb * sin(SURGE_W * t);
    }
    hw_sim_destroy(s);
    return 2.0 * 0.01 / 4.0 * hypot(re, im);
}

/* Halving dt from 1.25 ms: successive differences of the harmonic shrink by 4 per halving for a
 * second-order scheme, 2 for first order (the piecewise-linear table gave 24644 -> 25005 ->
 * 25184 -> 25273 N on a mooring, ratios 2.0). Both motions must give about 4. */
Test(times, table_motion_second_order)
{
    for (int table = 0; table < 2; table++) {
        double h[4];
        for (int k = 0; k < 4; k++) h[k] = harmonic(table, 1.25e-3 / (1 << k));
        double r1 = (h[0] - h[1]) / (h[1] - h[2]), r2 = (h[1] - h[2]) / (h[2] - h[3]);
        printf("%s: first harmonic %.9g %.9g %.9g %.9g N, difference ratios %.3f %.3f\n",
               table ? "table" : "sinusoid", h[0], h[1], h[2], h[3], r1, r2);
        cr_expect(r1 > 3.3 && r1 < 4.7 && r2 > 3.3 && r2 < 4.7, "%s: ratios %.3f %.3f (4 for order 2)",
                  table ? "table" : "sinusoid", r1, r2);
    }
}

/* The spline passes through the rows, is C2 between them, and reproduces a straight line. */
Test(times, table_spline_interpolates)
{
    double t[5] = {0, 0.5, 1.3, 2.0, 3.1}, r[5], m[5], work[5];
    for (int k = 0; k < 5; k++) r[k] = 2.0 + 3.0 * t[k];
    hw_motion_spline(t, r, 5, 1, m, work);
    for (int k = 0; k < 5; k++) cr_expect(fabs(m[k]) < 1e-12, "a line has no curvature: %g", m[k]);
    for (int k = 0; k < 5; k++) r[k] = sin(t[k]);
    hw_motion_spline(t, r, 5, 1, m, work);
    for (int k = 1; k < 4; k++) { /* continuity of position, velocity, acceleration at the rows */
        double x0, v0, a0, x1, v1, a1;
        hw_motion_1(HW_MOT_TABLE, t[k] - 1e-9, 0, 0, 0, 0, 0, t, r, m, 5, 1, &x0, &v0, &a0);
        hw_motion_1(HW_MOT_TABLE, t[k] + 1e-9, 0, 0, 0, 0, 0, t, r, m, 5, 1, &x1, &v1, &a1);
        cr_expect(fabs(x0 - r[k]) < 1e-8 && fabs(x1 - r[k]) < 1e-8, "row %d", k);
        cr_expect(fabs(v1 - v0) < 1e-7 && fabs(a1 - a0) < 1e-6, "row %d: v %g %g a %g %g", k, v0, v1, a0, a1);
    }
    double x, v, a; /* flat outside */
    hw_motion_1(HW_MOT_TABLE, 4.0, 1.0, 0, 0, 0, 0, t, r, m, 5, 1, &x, &v, &a);
    cr_expect(x == 1.0 + r[4] && v == 0 && a == 0);
}

/* ---- the CLI ---------------------------------------------------------------------------------- */

/* The first column of a CSV after its header; returns the row count. */
static long times_of(const char *path, double *t, long cap)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    char line[65536];
    long n = 0;
    cr_assert_not_null(fgets(line, sizeof line, f));
    while (fgets(line, sizeof line, f) && n < cap) t[n++] = strtod(line, NULL);
    fclose(f);
    return n;
}

/* dt auto with interval 0.05 s over 60 s: 1201 rows (t = 0 included) at exactly k x 0.05 s (the
 * step divides the interval: no shortened step), the last at 60 s; before, 1217 rows 0.0483 s
 * apart and an end at 60.0033 s. */
Test(times, cli_rows_exact_dt_auto)
{
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "sed 's/interval: 0.1/interval: 0.05/' %s/oc4_mooring.yaml > " HW_TMP "/hawser_times_oc4.yaml && "
             "%s run " HW_TMP "/hawser_times_oc4.yaml -o " HW_TMP "/hawser_times_auto 2>&1", HW_EXAMPLES_DIR, HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "that divides 0.05 s"), "%s", out);
    cr_expect(!strstr(out, "shortened"), "%s", out);
    static double t[2000];
    long n = times_of(HW_TMP "/hawser_times_auto/lines.csv", t, 2000);
    cr_assert_eq(n, 1201);
    for (long k = 0; k < n; k++) cr_expect(fabs(t[k] - 0.05 * k) <= 1e-12, "row %ld at %.17g", k, t[k]);
    cr_expect_eq(t[n - 1], 60.0);
    cr_expect(strstr(out, "\"t\":60,"), "%s", out);
}

/* A given dt of 3 ms does not divide 0.1 s nor t_end 1.05 s: rows at 0.1 k exactly and a last row
 * at 1.05 s, each reached by one shortened step (said once in the log). */
Test(times, cli_rows_exact_given_dt)
{
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "%s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_times_given --dt 0.003 --t-end 1.05 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    char *s = strstr(out, "shortened step");
    cr_expect(s && !strstr(s + 1, "shortened step"), "said once: %s", out);
    double t[64];
    long n = times_of(HW_TMP "/hawser_times_given/lines.csv", t, 64);
    cr_assert_eq(n, 12);
    for (long k = 0; k < 11; k++) cr_expect(fabs(t[k] - 0.1 * k) <= 1e-12, "row %ld at %.17g", k, t[k]);
    cr_expect_eq(t[11], 1.05);
    cr_expect(strstr(out, "\"t\":1.05,") && strstr(out, "\"steps\":357,"), "10 x (33 + 1) + 16 + 1: %s", out);
}

/* Step counts beyond 2^53 are refused before anything runs or is written (exit 3), naming t_end
 * and dt: before, (long)ceil(t_end / dt) overflowed and the run took 0 steps with status ok. */
Test(times, cli_refuses_unrepresentable_step_counts)
{
    const char *args[] = {"--t-end 1e300", "--dt 1e-12 --t-end 1e300", "--dt 1e-3 --t-end 1e13"};
    const char *want[] = {"solver.t_end = 1e+300 s at dt = ", "solver.t_end = 1e+300 s at dt = 1e-12 s",
                          "solver.t_end = 1e+13 s at dt = 0.001 s is 1e+16 steps"};
    for (int k = 0; k < 3; k++) {
        char cmd[1024], out[16384];
        snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_times_big && %s run %s/oc4_mooring.yaml -o " HW_TMP "/hawser_times_big %s 2>&1",
                 HW_CLI_PATH, HW_EXAMPLES_DIR, args[k]);
        cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s: %s", args[k], out);
        cr_expect(strstr(out, want[k]) && strstr(out, "2^53"), "%s: %s", args[k], out);
        cr_expect_eq(sh("test -e " HW_TMP "/hawser_times_big", out, sizeof out), 1, "nothing written");
    }
    /* check refuses a given dt's count too (dt auto needs the model: run refuses it) */
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "sed 's/dt: auto/dt: 1e-12/; s/t_end: 60/t_end: 1e300/' %s/oc4_mooring.yaml > "
             HW_TMP "/hawser_times_big.yaml && %s check " HW_TMP "/hawser_times_big.yaml 2>&1", HW_EXAMPLES_DIR, HW_CLI_PATH);
    cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_expect(strstr(out, "solver.t_end = 1e+300 s at dt = 1e-12 s"), "%s", out);
}

/* A network alone (examples/sled_ramp.yaml, dt 0.01 s) to t_end 1.05 s: rows at exactly 0.1 k and
 * 1.05 s (the last step of each row takes what is left, so the network's clock cannot drift). */
Test(times, cli_network_only_rows_exact)
{
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "%s run %s/sled_ramp.yaml -o " HW_TMP "/hawser_times_net -q --t-end 1.05", HW_CLI_PATH,
             HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    double t[64];
    long n = times_of(HW_TMP "/hawser_times_net/network.csv", t, 64);
    cr_assert_eq(n, 12);
    for (long k = 0; k < 11; k++) cr_expect(fabs(t[k] - 0.1 * k) <= 1e-12, "row %ld at %.17g", k, t[k]);
    cr_expect(fabs(t[11] - 1.05) <= 1e-12, "%.17g", t[11]);
    cr_expect(strstr(out, "\"t\":1.05,"), "%s", out);
}

/* Rigid cables alone (examples/stiff_wire.yaml: dt 0.01 s, interval 0.5 s): rows at 0, 0.5 k and at
 * t_end 1.05 s; a dt that divides neither the interval nor t_end is refused (exit 3) naming both,
 * since the rigid solver's parameters are set for one dt. */
Test(times, cli_rigid_only_rows_exact_or_refused)
{
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "%s run %s/stiff_wire.yaml -o " HW_TMP "/hawser_times_rig -q --t-end 1.05", HW_CLI_PATH,
             HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    double t[64];
    long n = times_of(HW_TMP "/hawser_times_rig/rigid.csv", t, 64);
    cr_assert_eq(n, 4, "the t = 0 row, then 0.5, 1.0 and 1.05 s");
    cr_expect(t[0] == 0.0 && fabs(t[1] - 0.5) <= 1e-12 && fabs(t[2] - 1.0) <= 1e-12 && fabs(t[3] - 1.05) <= 1e-12,
              "%.17g %.17g %.17g %.17g", t[0], t[1], t[2], t[3]);
    snprintf(cmd, sizeof cmd, "%s run %s/stiff_wire.yaml -o " HW_TMP "/hawser_times_rig2 -q --t-end 1 --dt 0.003 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_expect(strstr(out, "dt must divide outputs.interval = 0.5 s and solver.t_end = 1 s") &&
              strstr(out, "got dt = 0.003 s"), "%s", out);
}
