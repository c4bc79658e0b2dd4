/* The CUDA issue's host-side pieces, checked on the CPU: the blow-up check once per hw_sim_step
 * call (what the CUDA backend does, so a step batch needs no per-step synchronization) and the
 * backend's max_tension reduction (Thrust on the device, a plain loop here). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "world/sim_internal.h"

/* (the definition points into the struct, so it is filled in place, never copied) */
static void taut(one_line *m)
{
    double ra[3] = {0, 0, 0}, rb[3] = {100, 0, 0};
    one_line_init(m, 0.05, 5.0, 2e7, 99.9, 20, ra, rb);
    m->def.env.g = 0;
    m->def.env.rho_w = 0;
    m->def.solver.allow_unstable_dt = 1; /* the blow-up cases run at 40x the critical step */
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[256] = "";
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* Kicks node 10 sideways so that the run is not a rest state. */
static void kick(hw_sim *sim, double dy)
{
    double xyz[63];
    cr_assert_eq(hw_sim_line_positions(sim, 0, xyz), HW_OK);
    xyz[3 * 10 + 1] = dy;
    cr_assert_eq(hw_sim_set_line_state(sim, 0, xyz, NULL), HW_OK);
}

Test(step_batch, cpu_defaults_to_the_per_step_check)
{
    one_line m;
    taut(&m);
    m.def.solver.dt = 0.1; /* ~40x the critical step */
    m.def.solver.integrator = HW_INT_SYMPLECTIC_EULER;
    hw_sim *sim = make(&m.def);
    kick(sim, 1e-3);
    cr_assert_eq(hw_sim_step(sim, 1000), HW_ERR_NUMERICAL);
    /* the per-step check stops at the step that blew up, well before the 1000th */
    cr_assert_lt(hw_sim_steps_taken(sim), 1000);
    cr_assert(strstr(hw_sim_last_error(sim), "numerical blow-up at t = "), "%s", hw_sim_last_error(sim));
    hw_sim_destroy(sim);
}

Test(step_batch, per_call_check_names_the_window_and_the_segment)
{
    one_line m;
    taut(&m);
    m.def.solver.dt = 0.1;
    m.def.solver.integrator = HW_INT_SYMPLECTIC_EULER;
    hw_sim *sim = make(&m.def);
    hw_sim_set_check_per_call(sim, 1);
    kick(sim, 1e-3);
    cr_assert_eq(hw_sim_step(sim, 10), HW_ERR_NUMERICAL);
    const char *e = hw_sim_last_error(sim);
    /* all 10 steps ran (the flag is read once, after them); time is 10 dt */
    cr_assert_eq(hw_sim_steps_taken(sim), 10);
    cr_assert_float_eq(hw_sim_time(sim), 1.0, 1e-15);
    cr_assert(strstr(e, "within the last 10 steps, between t = 0 s and t = 1 s (steps 1 to 10"), "%s", e);
    cr_assert(strstr(e, "line 'line' segment ") && strstr(e, "of 20"), "%s", e);
    cr_assert(strstr(e, "exceeds the critical step"), "%s", e);
    cr_assert_eq(hw_sim_step(sim, 1), HW_ERR_STATE);
    hw_sim_destroy(sim);
}

/* A second call after good ones: the window starts at the time the call started. */
Test(step_batch, per_call_window_starts_at_the_call)
{
    one_line m;
    taut(&m);
    hw_sim *sim = make(&m.def);
    hw_sim_set_check_per_call(sim, 1);
    cr_assert_eq(hw_sim_step(sim, 5), HW_OK);
    double t5 = hw_sim_time(sim);
    kick(sim, 50.0); /* node 10 pulled 50 m off a 100 m line: strain far past max_strain */
    cr_assert_eq(hw_sim_step(sim, 3), HW_ERR_NUMERICAL);
    char want[96];
    snprintf(want, sizeof want, "within the last 3 steps, between t = %.6g s", t5);
    cr_assert(strstr(hw_sim_last_error(sim), want), "%s", hw_sim_last_error(sim));
    /* the segments at node 10 (10 and 11 of 20, 1-based) are the bad ones: the first is named */
    cr_assert(strstr(hw_sim_last_error(sim), "segment 10 of 20"), "%s", hw_sim_last_error(sim));
    hw_sim_destroy(sim);
}

/* The per-call path runs the same operations at the same times as the per-step one, so a stable
 * run gives a bit-identical state (times are (step0 + k) * dt in both). */
Test(step_batch, per_call_and_per_step_states_are_bit_equal)
{
    for (int integ = HW_INT_SYMPLECTIC_EULER; integ <= HW_INT_RK4; integ++) {
        one_line m;
        taut(&m);
        m.def.solver.integrator = (hw_integrator)integ;
        m.pts[1].kind = HW_POINT_PRESCRIBED; /* time-dependent kinematics: t matters */
        m.pts[1].motion = HW_MOTION_SINUSOID;
        m.pts[1].amp[1] = 0.5;
        m.pts[1].period = 0.05;
        hw_sim *a = make(&m.def), *b = make(&m.def);
        hw_sim_set_check_per_call(b, 1);
        for (int k = 0; k < 4; k++) {
            cr_assert_eq(hw_sim_step(a, 250), HW_OK, "%s", hw_sim_last_error(a));
            cr_assert_eq(hw_sim_step(b, 250), HW_OK, "%s", hw_sim_last_error(b));
        }
        double ya[63], yb[63];
        cr_assert_eq(hw_sim_line_positions(a, 0, ya), HW_OK);
        cr_assert_eq(hw_sim_line_positions(b, 0, yb), HW_OK);
        cr_assert_eq(memcmp(ya, yb, sizeof ya), 0, "integrator %d: states differ", integ);
        cr_assert_eq(hw_sim_time(a), hw_sim_time(b));
        cr_assert_float_eq(hw_sim_segment_steps(b), 20.0 * 1000, 1e-9);
        hw_sim_destroy(a);
        hw_sim_destroy(b);
    }
}

/* A vertical line hanging between two fixed points in air, A on top: in the lumped static
 * equilibrium each interior node's weight m g is carried by the difference of the tensions
 * either side, so the top segment carries the most, and T_top - T_bottom = (N - 1) (mu L / N) g.
 * Tolerance 1e-6 relative: the static solve's force residual (default tolerance) over the
 * 4.9 kN weight difference. */
Test(step_batch, max_tension_of_a_hanging_line)
{
    one_line m;
    double ra[3] = {0, 0, 0}, rb[3] = {0, 0, -100};
    one_line_init(&m, 0.05, 5.0, 2e8, 99.9, 20, ra, rb);
    m.def.env.rho_w = 0;
    m.def.env.depth = 1000;
    hw_sim *sim = make(&m.def);
    hw_lm_reduction r;
    cr_assert_eq(hw_sim_max_tension(sim, &r), HW_OK);
    double T[20];
    cr_assert_eq(hw_sim_line_tensions(sim, 0, T), HW_OK);
    cr_assert_eq(r.max_seg, 0, "max at segment %d", r.max_seg);
    cr_assert_eq(r.max_T, T[0]); /* the same number, reduced in place vs copied out */
    cr_assert_eq(r.n_nonfinite, 0);
    double dW = 19.0 * (5.0 * 99.9 / 20.0) * m.def.env.g;
    cr_assert_float_eq(T[0] - T[19], dW, 1e-6 * dW, "%.9g vs %.9g", T[0] - T[19], dW);
    hw_sim_destroy(sim);
}

/* NaN detection: a NaN node makes exactly its two segments non-finite; the largest tension is
 * then the largest finite one (the taut line's uniform EA strain elsewhere). */
Test(step_batch, max_tension_counts_non_finite_segments)
{
    one_line m;
    taut(&m);
    hw_sim *sim = make(&m.def);
    double xyz[63];
    cr_assert_eq(hw_sim_line_positions(sim, 0, xyz), HW_OK);
    xyz[3 * 7 + 2] = NAN;
    cr_assert_eq(hw_sim_set_line_state(sim, 0, xyz, NULL), HW_OK);
    hw_lm_reduction r;
    cr_assert_eq(hw_sim_max_tension(sim, &r), HW_OK);
    cr_assert_eq(r.n_nonfinite, 2);
    double T0 = 2e7 * (100.0 / 99.9 - 1.0); /* EA strain of the straight taut line */
    cr_assert_float_eq(r.max_T, T0, 1e-9 * T0, "%.12g vs %.12g", r.max_T, T0);
    cr_assert(r.max_seg != 6 && r.max_seg != 7, "%d", r.max_seg);
    cr_assert_eq(hw_sim_max_tension(sim, NULL), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_max_tension(NULL, &r), HW_ERR_INVALID_ARG);
    hw_sim_destroy(sim);
}
