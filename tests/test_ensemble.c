/* Ensembles (host/run/ensemble.c): load cases replicated into one model must behave exactly as the
 * scenario run alone with each case's parameters. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/ensemble.h"
#include "helpers.h"
#include "io/scenario.h"

/* A buoy on a taut tether in a uniform current, and a second line from a surging point. */
static const char *BASE =
    "environment:\n"
    "  depth: 50\n"
    "  current: {uniform: [0.5, 0.2]}\n"
    "line_types:\n"
    "  - {name: poly, diameter: 0.05, mass_per_length: 1.5, EA: 1.0e7, damping_ratio: 0.5}\n"
    "  - {name: wire, diameter: 0.03, mass_per_length: 6, EA: 5.0e7, damping_ratio: 0.5}\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [0, 0, -50]}\n"
    "  - {name: buoy, type: free, position: [1.5, 0, -5.95], mass: 500, volume: 2.0, drag_area: 1.5}\n"
    "  - {name: anchor2, type: fixed, position: [20, 0, -50]}\n"
    "  - name: fair\n"
    "    type: prescribed\n"
    "    position: [60, 0, -5]\n"
    "    motion: {type: sinusoid, amplitude: [1, 0, 0], period: 8}\n"
    "lines:\n"
    "  - {name: tether, type: poly, end_a: anchor, end_b: buoy, length: 44, segments: 10}\n"
    "  - {name: mooring, type: wire, end_a: anchor2, end_b: fair, length: 70, segments: 12}\n"
    "solver: {static_solve: %s, dt: 5.0e-4, integrator: rk2}\n"
    "%s";

static hw_scenario *load(const char *static_solve, const char *extra)
{
    char y[4096], msg[512];
    snprintf(y, sizeof y, BASE, static_solve, extra);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(y, "e.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    return sc;
}

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    return sim;
}

/* The single scenario with the current scaled and the sinusoid changed, stepped n steps; the
 * final positions of line l into xyz. */
static void single(const char *static_solve, double cs, double as, double per, int n, int l, double *xyz)
{
    hw_scenario *sc = load(static_solve, "");
    /* a uniform current is two equal depths; the same products the ensemble forms */
    cr_assert_eq(sc->model.env.current.n_depth, 2);
    double ux[2] = {0.5 * cs, 0.5 * cs}, uy[2] = {0.2 * cs, 0.2 * cs};
    sc->model.env.current.ux = ux;
    sc->model.env.current.uy = uy;
    hw_point_def *pts = (hw_point_def *)sc->model.points;
    pts[3].amp[0] *= as;
    pts[3].period = per;
    hw_sim *sim = make(&sc->model);
    cr_assert_eq(hw_sim_step(sim, n), HW_OK, "%s", hw_sim_last_error(sim));
    hw_sim_line_positions(sim, l, xyz);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

static void compare(const char *static_solve, double tol)
{
    hw_scenario *sc = load(static_solve, "ensemble:\n  current_scale: [0.5, 2.0]\n"
                                         "  motion_amplitude_scale: [1, 3]\n  motion_period: [8, 12]\n"
                                         "  combine: zip\n");
    cr_assert(sc->has_ensemble);
    hw_ensemble_def ed = {sc->ens_n[0], sc->ens_n[1], sc->ens_n[2], sc->ens_v[0], sc->ens_v[1],
                          sc->ens_v[2], sc->ens_zip};
    hw_ensemble *ens = NULL;
    char msg[256];
    cr_assert_eq(hw_ensemble_apply(sc, &ed, &ens, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_ensemble_cases(ens), 2);
    cr_assert_eq(sc->model.n_lines, 4);
    cr_expect_str_eq(sc->model.lines[3].name, "mooring@1");
    hw_sim *sim = make(&sc->model);
    const int n = 4000;
    cr_assert_eq(hw_sim_step(sim, n), HW_OK, "%s", hw_sim_last_error(sim));
    double worst = 0;
    for (int c = 0; c < 2; c++) {
        double cs, as, per;
        hw_ensemble_case(ens, c, &cs, &as, &per);
        for (int l = 0; l < 2; l++) {
            double a[3 * 13], b[3 * 13];
            hw_sim_line_positions(sim, 2 * c + l, a);
            single(static_solve, cs, as, per, n, l, b);
            int nn = 3 * (hw_sim_line_nseg(sim, 2 * c + l) + 1);
            for (int k = 0; k < nn; k++) {
                double d = fabs(a[k] - b[k]) / (1 + fabs(b[k]));
                if (d > worst) worst = d;
            }
        }
    }
    printf("ensemble (static solve %s): largest difference from the cases run alone %.3g\n",
           static_solve, worst);
    if (tol == 0) cr_expect_eq(worst, 0.0, "not bit-equal: %g", worst);
    else cr_expect_lt(worst, tol);
    hw_sim_destroy(sim);
    hw_ensemble_free(ens);
    hw_scenario_free(sc);
}

/* Without the static solve every case steps through the same per-element arithmetic as alone:
 * bit-equal. With it, the cases share one Newton solve (one convergence test for all), so they
 * start within the solve's tolerance (1e-6 of the tension) of the single runs. */
Test(ensemble, cases_equal_single_runs_bitwise) { compare("false", 0.0); }
Test(ensemble, cases_equal_single_runs_after_static_solve) { compare("true", 1e-6); }

Test(ensemble, grid_order)
{
    hw_scenario *sc = load("false", "ensemble:\n  current_scale: [0, 1]\n  motion_period: [6, 8, 10]\n");
    hw_ensemble_def ed = {sc->ens_n[0], sc->ens_n[1], sc->ens_n[2], sc->ens_v[0], sc->ens_v[1],
                          sc->ens_v[2], sc->ens_zip};
    hw_ensemble *ens = NULL;
    char msg[256];
    cr_assert_eq(hw_ensemble_apply(sc, &ed, &ens, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_ensemble_cases(ens), 6);
    for (int c = 0; c < 6; c++) { /* current varies fastest */
        double cs, as, per;
        hw_ensemble_case(ens, c, &cs, &as, &per);
        cr_expect_eq(cs, (double)(c % 2));
        cr_expect_eq(per, 6.0 + 2.0 * (c / 2));
        cr_expect(isnan(as));
        cr_expect_eq(sc->model.points[4 * c + 3].period, per);
        cr_expect_eq(sc->model.line_current_scale[2 * c], cs);
        cr_expect_eq(sc->model.lines[2 * c + 1].point_b, 4 * c + 3);
    }
    hw_ensemble_free(ens);
    hw_scenario_free(sc);
}

static void bad(const char *extra, const char *text)
{
    char y[4096], msg[512];
    snprintf(y, sizeof y, BASE, "false", extra);
    hw_scenario *sc = NULL;
    cr_expect_eq(hw_scenario_load_string(y, "e.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT, "%s", extra);
    cr_expect(strstr(msg, text) != NULL, "'%s' lacks '%s'", msg, text);
    hw_scenario_free(sc);
}

Test(ensemble, bad_input)
{
    bad("ensemble:\n  current_scale: [1, 2]\n  motion_period: [8]\n  combine: zip\n",
        "e.yaml:21: ensemble.motion_period: expected 2 values to zip with the other lists, got 1");
    bad("ensemble:\n  motion_period: [8, 0]\n", "e.yaml:20: ensemble.motion_period: expected periods > 0 s, got 0 at [1]");
    bad("ensemble:\n  current: [1]\n", "e.yaml:20: ensemble.current: expected a key of an ensemble");
    bad("ensemble: {combine: grid}\n", "e.yaml:19: ensemble: expected at least one of current_scale");
    bad("ensemble:\n  current_scale: 2\n", "e.yaml:20: ensemble.current_scale: expected a list of load-case values, got 2");
}
