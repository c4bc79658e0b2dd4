/* The C API lifecycle: create/destroy, misuse returns a status, backend selection, failed state. */
#include <criterion/criterion.h>
#include <string.h>

#include "helpers.h"

/* (the definition points into the struct, so it is filled in place, never copied) */
static void taut(one_line *m)
{
    double ra[3] = {0, 0, 0}, rb[3] = {100, 0, 0};
    one_line_init(m, 0.05, 5.0, 2e7, 99.9, 20, ra, rb);
    m->def.env.g = 0;
    m->def.env.rho_w = 0;
}

Test(api, create_step_destroy)
{
    one_line m;
    taut(&m);
    hw_sim *sim = NULL;
    char msg[256];
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_str_eq(hw_sim_backend_name(sim), "cpu");
    cr_assert_eq(hw_sim_step(sim, 10), HW_OK);
    cr_assert_eq(hw_sim_steps_taken(sim), 10);
    cr_assert_float_eq(hw_sim_time(sim), 10 * hw_sim_dt(sim), 1e-15);
    hw_sim_destroy(sim);
    hw_sim_destroy(NULL);
}

Test(api, misuse_returns_status)
{
    one_line m;
    taut(&m);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(NULL, HW_BACKEND_CPU, NULL, NULL, &sim, NULL, 0), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, NULL, NULL, 0), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, NULL, 0), HW_OK);
    double T[20], xyz[63], f[3];
    cr_assert_eq(hw_sim_line_tensions(sim, 1, T), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_line_positions(sim, -1, xyz), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_point_state(sim, 5, f, NULL, NULL), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_step(sim, -1), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_sim_step(NULL, 1), HW_ERR_INVALID_ARG);
    double p[3] = {0, 0, 0}, v[3] = {0, 0, 0};
    cr_assert_eq(hw_sim_set_point_kinematics(sim, 0, p, v), HW_ERR_INVALID_ARG, "a fixed point is not coupled");
    cr_assert(strstr(hw_sim_last_error(sim), "coupled"));
    hw_sim_destroy(sim);
}

Test(api, invalid_definition_names_the_field)
{
    one_line m;
    taut(&m);
    m.line.nseg = 0;
    hw_sim *sim = (hw_sim *)1;
    char msg[256];
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_null(sim);
    cr_assert(strstr(msg, "lines[0] (line).segments") && strstr(msg, ">= 1"), "%s", msg);
}

Test(api, backend_selection_without_device)
{
    one_line m;
    taut(&m);
    hw_sim *sim = NULL;
    char msg[256];
    if (hw_sim_create(&m.def, HW_BACKEND_CUDA, NULL, NULL, &sim, NULL, 0) == HW_OK) { hw_sim_destroy(sim); return; }
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_AUTO, NULL, NULL, &sim, msg, sizeof msg), HW_OK);
    cr_assert_str_eq(hw_sim_backend_name(sim), "cpu");
    hw_sim_destroy(sim);
    hw_status st = hw_sim_create(&m.def, HW_BACKEND_CUDA, NULL, NULL, &sim, msg, sizeof msg);
    cr_assert(st == HW_ERR_NO_DEVICE || st == HW_ERR_UNSUPPORTED);
    cr_assert_null(sim);
    cr_assert(strstr(msg, "CUDA"), "%s", msg);
}

Test(api, coupled_point_follows_the_caller)
{
    one_line m;
    taut(&m);
    m.pts[1].kind = HW_POINT_COUPLED;
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, NULL, 0), HW_OK);
    double p[3] = {100.05, 0, 0}, v[3] = {0.1, 0, 0}, r[3];
    cr_assert_eq(hw_sim_set_point_kinematics(sim, 1, p, v), HW_OK);
    hw_sim_step(sim, 100);
    hw_sim_point_state(sim, 1, r, NULL, NULL);
    cr_assert_float_eq(r[0], 100.05 + 0.1 * hw_sim_time(sim), 1e-12);
    hw_sim_destroy(sim);
}

Test(api, blow_up_leaves_a_failed_state)
{
    one_line m;
    taut(&m);
    m.def.solver.dt = 0.1; /* ~40x the critical step */
    m.def.solver.allow_unstable_dt = 1;
    m.def.solver.integrator = HW_INT_SYMPLECTIC_EULER;
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, NULL, 0), HW_OK);
    double xyz[63];
    hw_sim_line_positions(sim, 0, xyz);
    xyz[3 * 10 + 1] = 1e-3;
    hw_sim_set_line_state(sim, 0, xyz, NULL);
    cr_assert_eq(hw_sim_step(sim, 1000), HW_ERR_NUMERICAL);
    const char *e = hw_sim_last_error(sim);
    cr_assert(strstr(e, "line 'line'") && strstr(e, "exceeds the critical step"), "%s", e);
    cr_assert_eq(hw_sim_step(sim, 1), HW_ERR_STATE);
    hw_sim_destroy(sim);
}
