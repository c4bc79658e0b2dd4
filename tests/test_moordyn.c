/* MoorDyn v2 decks: a deck and its hand-written YAML twin are the same model and give the same
 * numbers bit for bit; `hawser convert` output reloads as the same model; every unsupported
 * section, option and channel is refused, and every malformed deck gets a one-line error with the
 * file, the line and what was expected; the .out table has its header, units and rows. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/moordyn_out.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "shell.h"
#include "waves_compare.h"

#define DECK HW_TEST_DATA_DIR "/md_catenary.dat"
#define TWIN HW_TEST_DATA_DIR "/md_catenary.yaml"

static char msg[2048];

/* ---- deep comparison of two model definitions: every double compared by its bits ------------- */

#define EQ_D(a, b, what) cr_assert(same_d((a), (b)), "%s: %.17g vs %.17g", what, (a), (b))

static void same_arrays(const double *a, const double *b, int n, const char *what)
{
    for (int k = 0; k < n; k++) EQ_D(a[k], b[k], what);
}

static void same_models(const hw_model_def *a, const hw_model_def *b)
{
    EQ_D(a->env.g, b->env.g, "g");
    EQ_D(a->env.rho_w, b->env.rho_w, "rho_w");
    EQ_D(a->env.depth, b->env.depth, "depth");
    EQ_D(a->env.seabed_k, b->env.seabed_k, "seabed_k");
    EQ_D(a->env.seabed_c, b->env.seabed_c, "seabed_c");
    EQ_D(a->env.friction_v, b->env.friction_v, "friction_v");
    const hw_current_def *ca = &a->env.current, *cb = &b->env.current;
    cr_assert_eq(ca->n_depth, cb->n_depth);
    cr_assert_eq(ca->n_time > 1 ? ca->n_time : 1, cb->n_time > 1 ? cb->n_time : 1);
    if (ca->n_depth > 0) {
        int nt = ca->n_time > 1 ? ca->n_time : 1;
        same_arrays(ca->z, cb->z, ca->n_depth, "current z");
        if (nt > 1) same_arrays(ca->t, cb->t, nt, "current t");
        same_arrays(ca->ux, cb->ux, nt * ca->n_depth, "current ux");
        same_arrays(ca->uy, cb->uy, nt * ca->n_depth, "current uy");
        same_arrays(ca->uz, cb->uz, nt * ca->n_depth, "current uz");
    }
    same_waves(&a->env.waves, &b->env.waves);
    cr_assert_eq(a->n_types, b->n_types);
    for (int i = 0; i < a->n_types; i++) {
        const hw_line_type_def *x = &a->types[i], *y = &b->types[i];
        cr_assert_str_eq(x->name, y->name);
        EQ_D(x->d, y->d, "d");
        EQ_D(x->mu, y->mu, "mu");
        EQ_D(x->ea, y->ea, "ea");
        cr_assert_eq(x->ea_table.n, y->ea_table.n);
        same_arrays(x->ea_table.x, y->ea_table.x, x->ea_table.n, "EA_table strain");
        same_arrays(x->ea_table.y, y->ea_table.y, x->ea_table.n, "EA_table tension");
        EQ_D(x->ba, y->ba, "ba");
        EQ_D(x->damping_ratio, y->damping_ratio, "damping_ratio");
        EQ_D(x->ei, y->ei, "ei");
        EQ_D(x->cdn, y->cdn, "cdn");
        EQ_D(x->cdt, y->cdt, "cdt");
        EQ_D(x->can, y->can, "can");
        EQ_D(x->cat, y->cat, "cat");
        EQ_D(x->seabed_mu, y->seabed_mu, "seabed_mu");
        EQ_D(x->mbl, y->mbl, "mbl");
        EQ_D(x->ea_d, y->ea_d, "ea_d");
        EQ_D(x->ba_d, y->ba_d, "ba_d");
    }
    cr_assert_eq(a->n_points, b->n_points);
    for (int i = 0; i < a->n_points; i++) {
        const hw_point_def *x = &a->points[i], *y = &b->points[i];
        cr_assert_str_eq(x->name, y->name);
        cr_assert_eq(x->kind, y->kind, "point %d kind", i);
        same_arrays(x->pos, y->pos, 3, "pos");
        cr_assert_eq(x->motion, y->motion);
        same_arrays(x->vel, y->vel, 3, "vel");
        same_arrays(x->amp, y->amp, 3, "amp");
        EQ_D(x->period, y->period, "period");
        EQ_D(x->phase, y->phase, "phase");
        cr_assert_eq(x->table_n, y->table_n);
        same_arrays(x->table_t, y->table_t, x->table_n, "motion table t");
        same_arrays(x->table_xyz, y->table_xyz, 3 * x->table_n, "motion table xyz");
        EQ_D(x->mass, y->mass, "mass");
        EQ_D(x->volume, y->volume, "volume");
        EQ_D(x->cda, y->cda, "cda");
        EQ_D(x->ca, y->ca, "ca");
    }
    cr_assert_eq(a->n_lines, b->n_lines);
    for (int i = 0; i < a->n_lines; i++) {
        const hw_line_def *x = &a->lines[i], *y = &b->lines[i];
        cr_assert_str_eq(x->name, y->name);
        cr_assert_eq(x->type, y->type);
        cr_assert_eq(x->point_a, y->point_a);
        cr_assert_eq(x->point_b, y->point_b);
        EQ_D(x->length, y->length, "length");
        cr_assert_eq(x->nseg, y->nseg);
        const hw_failure_def *fx = &x->failure, *fy = &y->failure;
        cr_assert_eq(fx->on, fy->on, "line %d failure", i);
        EQ_D(fx->tension, fy->tension, "failure tension");
        cr_assert_eq(fx->use_mbl, fy->use_mbl);
        EQ_D(fx->time, fy->time, "failure time");
        cr_assert_eq(fx->at, fy->at, "line %d failure at", i);
        cr_assert_eq(!x->start_pos, !y->start_pos, "line %d start", i);
        cr_assert_eq(!x->start_vel, !y->start_vel, "line %d start velocities", i);
        if (x->start_pos) same_arrays(x->start_pos, y->start_pos, 3 * (x->nseg + 1), "start positions");
        if (x->start_vel) same_arrays(x->start_vel, y->start_vel, 3 * (x->nseg + 1), "start velocities");
    }
    const hw_solver_def *s = &a->solver, *t = &b->solver;
    EQ_D(s->dt, t->dt, "dt");
    EQ_D(s->dt_safety, t->dt_safety, "dt_safety");
    EQ_D(s->t_end, t->t_end, "t_end");
    cr_assert_eq(s->integrator, t->integrator);
    cr_assert_eq(s->static_solve, t->static_solve);
    EQ_D(s->static_tol, t->static_tol, "static_tol");
    cr_assert_eq(s->static_max_iter, t->static_max_iter);
    EQ_D(s->max_strain, t->max_strain, "max_strain");
}

static void same_scenarios(const hw_scenario *a, const hw_scenario *b)
{
    same_models(&a->model, &b->model);
    EQ_D(a->out_interval, b->out_interval, "outputs.interval");
    cr_assert_eq(a->n_out_nodes, b->n_out_nodes);
    cr_assert_eq(a->n_out_segments, b->n_out_segments);
    for (int k = 0; k < a->n_out_nodes; k++)
        cr_assert(a->out_nodes[k].line == b->out_nodes[k].line && a->out_nodes[k].index == b->out_nodes[k].index);
    for (int k = 0; k < a->n_out_segments; k++)
        cr_assert(a->out_segments[k].line == b->out_segments[k].line &&
                  a->out_segments[k].index == b->out_segments[k].index);
}

static hw_scenario *load_deck(const char *path, hw_md_deck **deck)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_md_load(path, NULL, NULL, &sc, deck, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    return sc;
}

static hw_scenario *load_yaml(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

/* ---- the bundled deck -------------------------------------------------------------------------- */

Test(deck, same_model_as_the_yaml_twin)
{
    hw_scenario *d = load_deck(DECK, NULL), *y = load_yaml(TWIN);
    same_scenarios(d, y);
    cr_assert_eq(d->model.n_lines, 3);
    cr_assert_eq(d->model.points[4].kind, HW_POINT_COUPLED);
    cr_assert_eq(d->n_out_nodes, 21);   /* LineOutputs "pt" on line 2: nodes 0..20 */
    cr_assert_eq(d->n_out_segments, 20); /* and segments 1..20 */
    hw_scenario_free(d);
    hw_scenario_free(y);
}

Test(deck, tensions_match_the_yaml_twin_bit_for_bit)
{
    hw_scenario *sc[2] = {load_deck(DECK, NULL), load_yaml(TWIN)};
    hw_sim *sim[2];
    for (int k = 0; k < 2; k++)
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, NULL, NULL, &sim[k], msg, sizeof msg),
                     HW_OK, "%s", msg);
    double ta[20], tb[20];
    for (int round = 0; round < 3; round++) {
        for (int l = 0; l < 3; l++) {
            cr_assert_eq(hw_sim_line_tensions(sim[0], l, ta), HW_OK);
            cr_assert_eq(hw_sim_line_tensions(sim[1], l, tb), HW_OK);
            cr_assert(memcmp(ta, tb, sizeof ta) == 0, "line %d tensions differ at t = %g", l + 1,
                      hw_sim_time(sim[0]));
        }
        for (int k = 0; k < 2; k++) cr_assert_eq(hw_sim_step(sim[k], 500), HW_OK);
    }
    cr_assert_float_eq(hw_sim_time(sim[0]), 1.5, 1e-12);
    for (int k = 0; k < 2; k++) {
        hw_sim_destroy(sim[k]);
        hw_scenario_free(sc[k]);
    }
}

/* md_failure.dat: md_catenary.dat with a FAILURE section, against its YAML twin: the same rules
 * (each row the rule of its line at the end on that point), the same breaks and the same tensions
 * bit for bit; `hawser convert` writes the rules and they reload the same. */
Test(deck, failure_section_matches_its_yaml_twin)
{
    hw_scenario *sc[2] = {load_deck(HW_TEST_DATA_DIR "/md_failure.dat", NULL),
                          load_yaml(HW_TEST_DATA_DIR "/md_failure.yaml")};
    same_scenarios(sc[0], sc[1]);
    const hw_failure_def *f = &sc[0]->model.lines[0].failure;
    cr_assert(f->on && f->time == 0.2 && f->tension == 0 && f->at == HW_FAIL_END_A);
    f = &sc[0]->model.lines[2].failure;
    cr_assert(f->on && f->time < 0 && f->tension == 5e5 && f->at == HW_FAIL_END_B);
    hw_sim *sim[2];
    for (int k = 0; k < 2; k++)
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, NULL, NULL, &sim[k], msg, sizeof msg),
                     HW_OK, "%s", msg);
    double ta[20], tb[20];
    for (int round = 0; round < 4; round++) {
        for (int k = 0; k < 2; k++) cr_assert_eq(hw_sim_step(sim[k], 100), HW_OK, "%s", hw_sim_last_error(sim[k]));
        for (int l = 0; l < 3; l++) {
            cr_assert_eq(hw_sim_line_tensions(sim[0], l, ta), HW_OK);
            cr_assert_eq(hw_sim_line_tensions(sim[1], l, tb), HW_OK);
            cr_assert(memcmp(ta, tb, sizeof ta) == 0, "line %d tensions differ at t = %g", l + 1,
                      hw_sim_time(sim[0]));
        }
    }
    int br[3], seg[3];
    double t[3], T[3];
    for (int l = 0; l < 3; l++) {
        int b2, s2;
        double t2, T2;
        hw_sim_line_failure(sim[0], l, &br[l], &t[l], &seg[l], &T[l], NULL);
        hw_sim_line_failure(sim[1], l, &b2, &t2, &s2, &T2, NULL);
        cr_assert(br[l] == b2 && seg[l] == s2 && same_d(t[l], t2) && same_d(T[l], T2), "line %d", l + 1);
    }
    cr_expect(br[0] && seg[0] == 1 && t[0] >= 0.2 && t[0] < 0.2 + 1e-3, "line 1: %d %d %g", br[0], seg[0], t[0]);
    cr_expect(!br[1], "line 2 stays whole");
    cr_expect(br[2] && seg[2] == 20 && fabs(t[2] - 1e-3) < 1e-12 && T[2] > 5e5, "line 3: %d %d %g %g", br[2],
              seg[2], t[2], T[2]);
    cr_assert_eq(hw_sim_line_tensions(sim[0], 2, ta), HW_OK);
    cr_expect_eq(ta[19], 0.0, "the broken fairlead segment carries nothing");
    for (int k = 0; k < 2; k++) hw_sim_destroy(sim[k]);
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(HW_TEST_DATA_DIR "/md_failure.dat", NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(strstr(yaml, "    failure:\n      time: 0.2\n      at: a\n"), "%s", yaml);
    hw_scenario *y = NULL;
    cr_assert_eq(hw_scenario_load_string(yaml, "converted.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
    same_scenarios(sc[0], y);
    free(yaml);
    hw_scenario_free(y);
    for (int k = 0; k < 2; k++) hw_scenario_free(sc[k]);
}

/* Line 2 of the deck lies partly on the seabed: at static equilibrium its fairlead force must match
 * Irvine's grounded elastic catenary (validation case 2) computed with the deck's own numbers
 * (MoorDyn-C's g = 9.80665, rho 1025, the chain's diameter for buoyancy). Bound: 0.25%, the
 * bound test_statics.c measures for the lumped-mass discretization of this same OC4 line at
 * N = 20 (0.21%, a known gap over validation.md's 0.1% bar, which only N = 100 meets). A wrong
 * column mapping (a drag or added-mass coefficient read as EA or diameter, kg/m as N/m) shows as
 * errors of whole percents; the exact mapping is checked bit for bit against the YAML twin. */
Test(deck, static_fairlead_force_matches_irvine)
{
    hw_scenario *sc = load_deck(DECK, NULL);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double fa[3], fb[3];
    cr_assert_eq(hw_sim_line_end_forces(sim, 1, fa, fb), HW_OK);
    double d = 0.0766, w = (113.35 - 1025 * PI / 4 * d * d) * G0;
    double hx = 837.6 - 40.868, vx = 200 - 14, H = 8e5, V = 6e5;
    cr_assert_eq(irvine_solve(1, hx, vx, 835.5, w, 7.536e8, &H, &V), 0);
    /* the force of the line on the fairlead pulls it towards the anchor (-x) and down; it carries
     * the end node's share of the line's weight, as Irvine's V does */
    double Hn = -fb[0], Vn = -fb[2];
    printf("deck line 2 vs Irvine (grounded): H error %.3e, V error %.3e\n", fabs(Hn - H) / H,
           fabs(Vn - V) / V);
    cr_assert_lt(fabs(Hn - H) / H, 2.5e-3, "H %g vs Irvine %g", Hn, H);
    cr_assert_lt(fabs(Vn - V) / V, 2.5e-3, "V %g vs Irvine %g", Vn, V);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(deck, channels_read_the_right_quantities)
{
    hw_md_deck *md = NULL;
    hw_scenario *sc = load_deck(DECK, &md);
    cr_assert_not_null(md);
    cr_assert_eq(md->n_channels, 8);
    const char *names[8] = {"FairTen1", "FairTen2", "FairTen3", "AnchTen2", "L2N10PZ", "L2S1T",
                            "Point5FX", "CON4PZ"};
    for (int k = 0; k < 8; k++) cr_assert_str_eq(md->channels[k].name, names[k]);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double v[8];
    for (int k = 0; k < 8; k++) cr_assert_eq(hw_md_channel_value(sim, &md->channels[k], &v[k]), HW_OK);
    double fa[3], fb[3], xyz[63], T[20], r[3], vel[3], f[3];
    hw_sim_line_end_forces(sim, 1, fa, fb);
    cr_assert_float_eq(v[1], sqrt(fb[0] * fb[0] + fb[1] * fb[1] + fb[2] * fb[2]), 0.0);
    cr_assert_float_eq(v[3], sqrt(fa[0] * fa[0] + fa[1] * fa[1] + fa[2] * fa[2]), 0.0);
    hw_sim_line_positions(sim, 1, xyz);
    cr_assert_float_eq(v[4], xyz[3 * 10 + 2], 0.0);
    hw_sim_line_tensions(sim, 1, T);
    cr_assert_float_eq(v[5], T[0], 0.0);
    hw_sim_point_state(sim, 4, r, vel, f);
    cr_assert_float_eq(v[6], f[0], 0.0);
    /* point 5 carries only line 2's end B: the force on it is that end force */
    cr_assert_float_eq(v[6], fb[0], 1e-9 * fabs(fb[0]));
    cr_assert_float_eq(v[7], -14.0, 0.0); /* coupled point 4 held at its deck position */
    /* node tension: an inner node is the mean of its two segments, an end node the end force */
    hw_md_channel inner = {"L2N10T", HW_MD_NODE_TEN, 1, 10, 0, "N", 0, 0, 0};
    hw_md_channel end = {"L2N20T", HW_MD_NODE_TEN, 1, 20, 0, "N", 0, 0, 0};
    double vi, ve;
    cr_assert_eq(hw_md_channel_value(sim, &inner, &vi), HW_OK);
    cr_assert_eq(hw_md_channel_value(sim, &end, &ve), HW_OK);
    cr_assert_float_eq(vi, 0.5 * (T[9] + T[10]), 0.0);
    cr_assert_float_eq(ve, v[1], 0.0);
    /* lines 1 and 3 are mirror images about y = 0: equal fairlead tensions (to the static tolerance) */
    cr_assert_lt(fabs(v[0] - v[2]) / v[0], 1e-6);
    hw_sim_destroy(sim);
    hw_md_free(md);
    hw_scenario_free(sc);
}

Test(deck, reader_chosen_by_content_then_extension)
{
    cr_assert_eq(hw_md_is_deck(DECK), 1);
    cr_assert_eq(hw_md_is_deck(TWIN), 0);
    cr_assert_eq(hw_md_is_deck(HW_EXAMPLES_DIR "/oc4_mooring.yaml"), 0);
    /* deck content under any name */
    FILE *f = fopen(HW_TMP "/hawser_md_deck.model", "w");
    cr_assert_not_null(f);
    fputs("------ MoorDyn input ------\nnothing else\n", f);
    fclose(f);
    cr_assert_eq(hw_md_is_deck(HW_TMP "/hawser_md_deck.model"), 1);
    /* no deck content: the extension decides */
    cr_assert_eq(hw_md_is_deck("/nonexistent/a.dat"), 1);
    cr_assert_eq(hw_md_is_deck("/nonexistent/a.txt"), 1);
    cr_assert_eq(hw_md_is_deck("/nonexistent/a.yaml"), 0);
    cr_assert_eq(hw_md_is_deck("/nonexistent.d/a"), 0);
    hw_scenario *sc = NULL;
    hw_md_deck *md = (hw_md_deck *)1;
    cr_assert_eq(hw_md_load_any(TWIN, NULL, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_null(md, "no channels for a YAML scenario");
    hw_scenario_free(sc);
    cr_assert_eq(hw_md_load_any(DECK, NULL, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_not_null(md);
    hw_md_free(md);
    hw_scenario_free(sc);
}

/* ---- convert ------------------------------------------------------------------------------------ */

Test(convert, output_reloads_as_the_same_model)
{
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(DECK, NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(strstr(yaml, "# The deck's OUTPUTS channels") && strstr(yaml, "FairTen1"), "%s", yaml);
    hw_scenario *y = NULL, *d = load_deck(DECK, NULL);
    cr_assert_eq(hw_scenario_load_string(yaml, "converted.yaml", &y, msg, sizeof msg), HW_OK, "%s", msg);
    same_scenarios(d, y);
    free(yaml);
    hw_scenario_free(y);
    hw_scenario_free(d);
}

/* The YAML writer on the fullest scenario file (currents over time, every motion kind, EA table). */
Test(convert, yaml_writer_round_trips_every_field)
{
    hw_scenario *a = load_yaml(HW_TEST_DATA_DIR "/scenario_full.yaml"), *b = NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(a, f, "round trip\nsecond comment line"), HW_OK);
    fclose(f);
    cr_assert_eq(hw_scenario_load_string(buf, "rt.yaml", &b, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
    same_scenarios(a, b);
    free(buf);
    hw_scenario_free(a);
    hw_scenario_free(b);
    /* and a current that changes in time, waves, an EA table */
    const char *tv =
        "environment:\n  current:\n    times: [0, 600]\n    profiles:\n"
        "      - [[-200, 0.2, 0], [0, 1.0, 0]]\n      - [[-200, 0.4, 0, 0.01], [0, 1.5, 0.1]]\n"
        "  waves: {type: components, table: [[0.5, 0.8, 0.1, 0.2], [0.25, 1.3]], ramp: 10}\n"
        "line_types:\n  - {name: \"ro\\\"pe\", diameter: 0.1, mass_per_length: 10,\n"
        "     EA_table: [[0, 0], [0.01, 1e6], [0.05, 1e7]]}\n"
        "points:\n  - {name: a, type: fixed, position: [0, 0, -100]}\n"
        "  - {name: b, type: coupled, position: [90, 0, -10]}\n"
        "lines:\n  - {name: l, type: \"ro\\\"pe\", end_a: a, end_b: b, length: 130, segments: 5}\n"
        "solver: {dt: 1.0e-3, integrator: symplectic_euler, static_solve: false}\n";
    cr_assert_eq(hw_scenario_load_string(tv, "tv.yaml", &a, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(a->model.env.current.n_time, 2);
    cr_assert_eq(a->model.env.waves.n_components, 2);
    f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(a, f, NULL), HW_OK);
    fclose(f);
    cr_assert_eq(hw_scenario_load_string(buf, "rt.yaml", &b, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
    same_scenarios(a, b);
    free(buf);
    hw_scenario_free(a);
    hw_scenario_free(b);
}

/* ---- MoorDyn 2.7.2's layout of the .out tables ------------------------------------------------- */

/* MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311), tests/data/md_lineout.dat: moordyn.Create;
 * moordyn.Init(s, [], []); four moordyn.Step(s, [], [], t, 0.05) from t = 0; moordyn.Close(s): the
 * whole md_lineout.out it wrote, byte for byte (no row at t = 0: with dtOut > 0 its Init's row is
 * skipped), and the first 130 characters of the three first rows of md_lineout_Line1.out (each
 * row 2090 characters: 10 + 104 x 20). */
static const char *const MD_LINEOUT_OUT =
    "      Time            FairTen1              L1N2FX              L1N2FY              L1N2FZ\n"
    "       (s)                   N                   N                   N                   N\n"
    "    0.0500       5.4797573e+04       5.9274526e+02       7.8976735e+01      -2.1537070e+02\n"
    "    0.1000       5.6861751e+04       5.1173699e+02       6.7977389e+01       1.6427340e+03\n"
    "    0.1500       5.5708659e+04       4.4617734e+02       5.8990573e+01       6.4296893e+02\n"
    "    0.2000       5.4055611e+04       3.9180520e+02       5.1529024e+01      -7.1920503e+02\n";
static const char *const MD_LINEOUT_LINE1[3] = {
    "      Time             Node0px             Node0py             Node0pz             Node1px             Node1py             Node1pz",
    "       (s)                 (m)                 (m)                 (m)                 (m)                 (m)                 (m)",
    "    0.0500       0.0000000e+00       0.0000000e+00      -9.0000000e+01       1.1291715e-03       2.4309871e-04      -7.0004779e+01"};
/* The same for tests/data/md_outfmt.dat (every channel kind; Init, three Steps of 0.1 s): the
 * header and units rows of md_outfmt.out and its first row. MoorDyn keeps the channel names as
 * the deck writes them (fairten2), and writes the units without parentheses. */
static const char *const MD_OUTFMT_OUT =
    "      Time            FairTen1            AnchTen1            fairten2           Line1TenB          "
    "    L1TenA              L1N2PX              L1N2PY              L1N2PZ              L1N2VX          "
    "     L1N2T               L1N0T               L1S1T             L1S2TEN              L1N1FX          "
    "  Point2PX            Point2VZ            Point2AZ            Point2FX            Point2FZ          "
    "   Point2T                P2PZ\n"
    "       (s)                   N                   N                   N                   N          "
    "         N                   m                   m                   m                 m/s          "
    "         N                   N                   N                   N                   N          "
    "         m                 m/s               m/s^2                   N                   N          "
    "         N                   m\n"
    "    0.1000       5.6526987e+03       1.4003606e+04       1.4003606e+04       5.6526987e+03       1.4"
    "003606e+04      -1.9289755e+01       0.0000000e+00      -4.3767280e+01      -1.1982277e-01       4.4"
    "240293e+03       1.4003606e+04       8.0077387e+03       4.4240293e+03      -1.6170699e+03      -9.2"
    "066927e-19      -8.4365954e-01      -8.4459467e+00       1.0437955e-14      -1.8202864e+04       1.8"
    "202864e+04      -4.0042586e+01\n";

/* Checks one row (without its newline) of a .out table against MoorDyn 2.7.2's layout, field by
 * field: ncols fields, the first 10 characters wide and the others 20, no separator, each
 * right-aligned (blanks, then a word without blanks); head: a word (a name or a unit); else
 * numbers, the time exactly as "%10.4f" writes it and each value exactly as "%20.7e" writes it. */
static void md_row_layout(const char *row, int ncols, int head, const char *what)
{
    size_t want = 10 + 20 * (size_t)(ncols - 1);
    cr_assert_eq(strlen(row), want, "%s: %zu characters, expected %zu: \"%.200s\"", what, strlen(row), want, row);
    for (int k = 0; k < ncols; k++) {
        int w = k ? 20 : 10;
        const char *f = row + (k ? 10 + 20 * (k - 1) : 0);
        char field[32], again[64];
        snprintf(field, sizeof field, "%.*s", w, f);
        int lead = (int)strspn(field, " ");
        cr_assert(lead >= 1 && lead < w && !strchr(field + lead, ' '), "%s, field %d: \"%s\"", what, k, field);
        if (head) continue;
        char *end;
        double v = strtod(field, &end);
        cr_assert(*end == 0, "%s, field %d: not a number: \"%s\"", what, k, field);
        snprintf(again, sizeof again, k ? "%20.7e" : "%10.4f", v);
        cr_assert_str_eq(field, again, "%s, field %d: not MoorDyn's format", what, k);
    }
}

/* Every row of the .out table at path (or of text when path is NULL) in MoorDyn's layout: the
 * header, units (when units) and number rows of ncols fields, each ended by '\n'. Copies the first
 * rows (at most 4) into first; returns the number of rows. */
static int md_table(const char *path, const char *text, int ncols, int units, char first[8][4096])
{
    FILE *f = path ? fopen(path, "r") : fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(f, "%s", path ? path : "text");
    static char line[1 << 16];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        char *nl = strchr(line, '\n');
        cr_assert_not_null(nl, "row %d of %s: no newline at its end", rows + 1, path ? path : "text");
        cr_assert(nl == line || nl[-1] != '\r', "no carriage return");
        *nl = 0;
        char what[512];
        snprintf(what, sizeof what, "%s row %d", path ? path : "text", rows + 1);
        md_row_layout(line, ncols, rows < 1 + units, what);
        if (rows < 8) snprintf(first[rows], 4096, "%.4095s", line);
        rows++;
    }
    fclose(f);
    return rows;
}

/* The checker itself passes MoorDyn's own files. */
Test(out_layout, moordyn_files_pass_the_layout_check)
{
    char first[8][4096];
    cr_assert_eq(md_table(NULL, MD_LINEOUT_OUT, 5, 1, first), 6);
    cr_assert_eq(md_table(NULL, MD_OUTFMT_OUT, 22, 1, first), 3);
    for (int r = 0; r < 3; r++) md_row_layout(MD_LINEOUT_LINE1[r], 7, r < 2, "MoorDyn's Line1 file");
}

/* The .out writer on its own: WriteUnits 0 leaves the units row out; dtOut 0 (the deck's, in
 * md->dt_out) writes a row per write, t = 0 included, as MoorDyn does at every Step; dtOut > 0
 * only the rows at multiples of dtOut (MoorDyn 2.7.2 skips its Init's row at t = 0). */
Test(convert, out_table_rows_and_columns)
{
    hw_md_deck *md = NULL;
    hw_scenario *sc = load_deck(DECK, &md);
    cr_assert_eq(md->dt_out, 0.5);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double dt = hw_sim_dt(sim);
    for (int units = 0; units < 2; units++) {
        for (int every = 0; every < 2; every++) {
            hw_sim *s = NULL;
            cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &s, msg, sizeof msg), HW_OK, "%s", msg);
            md->write_units = units;
            md->dt_out = every ? 10 * dt : 0;
            hw_md_out *o = NULL;
            cr_assert_eq(hw_md_out_open(&o, HW_TMP "/hawser_md_unit.out", md, msg, sizeof msg), HW_OK, "%s", msg);
            for (int k = 0; k < 7; k++) { /* t = 0, 5 dt, ..., 30 dt: rows at 10, 20, 30 dt with dtOut */
                cr_assert_eq(hw_md_out_write(o, s, msg, sizeof msg), HW_OK, "%s", msg);
                cr_assert_eq(hw_sim_step(s, 5), HW_OK);
            }
            hw_md_out_close(o);
            hw_sim_destroy(s);
            char first[8][4096];
            int rows = md_table(HW_TMP "/hawser_md_unit.out", NULL, 9, units, first);
            cr_assert_eq(rows, 1 + units + (every ? 3 : 7));
            cr_assert(!strncmp(first[0], "      Time            FairTen1", 30), "%s", first[0]);
            if (units) cr_assert(!strncmp(first[1], "       (s)                   N", 30), "%s", first[1]);
            char t0[16];
            snprintf(t0, sizeof t0, "%10.4f", every ? 10 * dt : 0.0);
            cr_assert(!strncmp(first[1 + units], t0, 10), "%s", first[1 + units]);
        }
    }
    hw_md_out *none = NULL;
    cr_assert_eq(hw_md_out_open(&none, HW_TMP "/unused.out", NULL, msg, sizeof msg), HW_OK);
    cr_assert_null(none);
    cr_assert_eq(hw_md_out_write(none, sim, msg, sizeof msg), HW_OK);
    hw_md_out_close(none);
    hw_md_out *bad = NULL;
    cr_assert_eq(hw_md_out_open(&bad, "/nonexistent/dir/x.out", md, msg, sizeof msg), HW_ERR_IO);
    cr_assert(strstr(msg, "/nonexistent/dir/x.out: cannot write"), "%s", msg);
    hw_sim_destroy(sim);
    hw_md_free(md);
    hw_scenario_free(sc);
}

/* ---- errors ------------------------------------------------------------------------------------- */

static const char *BASE =
    "--------------------- MoorDyn Input File ---------------------\n"  /* 1 */
    "small test deck\n"                                                   /* 2 */
    "---------------------- LINE TYPES ----------------------\n"          /* 3 */
    "Name   Diam Mass/m EA  BA/-zeta EI Cd  Ca CdAx CaAx\n"               /* 4 */
    "(-)    (m)  (kg/m) (N) (Ns)     (-) (-) (-) (-) (-)\n"               /* 5 */
    "chain  0.1  100    1e9 -0.5     0  1.2 1  0.1  0\n"                  /* 6 */
    "---------------------- POINTS ----------------------\n"              /* 7 */
    "ID Attachment X Y Z M V CdA CA\n"                                    /* 8 */
    "(#) (-) (m) (m) (m) (kg) (m3) (m2) (-)\n"                            /* 9 */
    "1  Fixed   -500 0 -100 0 0 0 0\n"                                    /* 10 */
    "2  Coupled 0    0 -10  0 0 0 0\n"                                    /* 11 */
    "---------------------- LINES ----------------------\n"               /* 12 */
    "ID LineType AttachA AttachB UnstrLen NumSegs Outputs\n"              /* 13 */
    "(#) (-) (#) (#) (m) (-) (-)\n"                                       /* 14 */
    "1  chain 1 2 520 10 -\n"                                             /* 15 */
    "---------------------- OPTIONS ----------------------\n"             /* 16 */
    "100   WtrDpth   water depth\n"                                       /* 17 */
    "0.01  dtM\n"                                                         /* 18 */
    "---------------------- OUTPUTS ----------------------\n"             /* 19 */
    "FairTen1\n"                                                          /* 20 */
    "END\n"                                                               /* 21 */
    "---------------------- need this line ----------------------\n";     /* 22 */

static char text[8192];

static const char *with(const char *from, const char *to)
{
    const char *at = strstr(BASE, from);
    cr_assert(at, "test bug: '%s' not in BASE", from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - BASE), BASE, to, at + strlen(from));
    return text;
}

static hw_status load_text(const char *t)
{
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    hw_status st = hw_md_load_string(t, "deck.dat", NULL, NULL, &sc, &md, msg, sizeof msg);
    if (st == HW_OK) {
        cr_assert_not_null(sc);
        cr_assert_not_null(md);
    } else {
        cr_assert_null(sc);
        cr_assert_null(md);
        cr_assert_null(strchr(msg, '\n'), "one line: %s", msg);
    }
    hw_scenario_free(sc);
    hw_md_free(md);
    return st;
}

/* The deck fails with status st and a message starting "deck.dat:LINE: " holding each needle. */
static void expect(const char *t, hw_status st, int line, const char *n1, const char *n2)
{
    hw_status got = load_text(t);
    cr_assert_eq(got, st, "status %d (%s): %s", got, hw_status_str(got), msg);
    char prefix[64];
    if (line > 0) snprintf(prefix, sizeof prefix, "deck.dat:%d: ", line);
    else snprintf(prefix, sizeof prefix, "deck.dat: ");
    cr_assert(!strncmp(msg, prefix, strlen(prefix)), "expected prefix '%s': %s", prefix, msg);
    cr_assert(strstr(msg, n1), "expected '%s' in: %s", n1, msg);
    if (n2) cr_assert(strstr(msg, n2), "expected '%s' in: %s", n2, msg);
}

#define REFUSED HW_ERR_UNSUPPORTED
#define BAD HW_ERR_INPUT

Test(errors, base_deck_loads)
{
    cr_assert_eq(load_text(BASE), HW_OK, "%s", msg);
    /* CRLF line ends and comment lines between the rows */
    char crlf[8192];
    size_t k = 0;
    for (const char *c = with("LINE TYPES ----------------------\n", "LINE TYPES -----\n! a comment line\n\n"); *c && k < sizeof crlf - 2; c++) {
        if (*c == '\n') crlf[k++] = '\r';
        crlf[k++] = *c;
    }
    crlf[k] = 0;
    cr_assert_eq(load_text(crlf), HW_OK, "%s", msg);
    /* a title header naming MoorDyn is the title even when it mentions a section's name */
    cr_assert_eq(load_text(with("MoorDyn Input File", "MoorDyn input file for the mooring LINES")),
                 HW_OK, "%s", msg);
}

Test(errors, refused_sections)
{
    const char *rods = "---------------------- RODS ----------------------\n"
                       "ID RodType Attachment Xa Ya Za Xb Yb Zb NumSegs Outputs\n"
                       "(#) (-) (-) (m) (m) (m) (m) (m) (m) (-) (-)\n"
                       "1 can Fixed 0 0 -10 0 0 -5 4 -\n"
                       "---------------------- OPTIONS ----------------------\n";
    /* RODS is read now (tests "rods" below): a row needs its ROD TYPES */
    expect(with("---------------------- OPTIONS ----------------------\n", rods), BAD, 19,
           "RODS 1 RodType", "the deck has no ROD TYPES rows");
    /* Syrope's initial conditions (read: tests/test_md_syrope.c) name Syrope lines only */
    const char *syrope = "---------------------- SYROPE IC ----------------------\n"
                         "1 2e6 1e6\n"
                         "---------------------- OPTIONS ----------------------\n";
    expect(with("---------------------- OPTIONS ----------------------\n", syrope), BAD, 17,
           "SYROPE IC", "expected a Syrope line");
    const char *wc = "-------------------------- SYROPE WORKING CURVES ----------------------\n"
                     "LineType   WCType    k1      k2\n"
                     "(-)        (-)       (-)     (-)\n"
                     "poly      EXP        0.2     1.5\n"
                     "---------------------- OPTIONS ----------------------\n";
    /* ignored with a note, as MoorDyn 2.7.2 ignores it */
    cr_assert_eq(load_text(with("---------------------- OPTIONS ----------------------\n", wc)), HW_OK, "%s", msg);
    const char *bodies = "---------------------- BODIES ----------------------\n"
                         "ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca\n"
                         "(#) (-) (m) (m) (m) (deg) (deg) (deg) (kg) (m) (kg-m2) (m3) (m2) (-)\n"
                         "1 coupled 0 0 0 0 0 0 0 0 0 0 0 0\n"
                         "---------------------- POINTS ----------------------\n";
    /* BODIES is read now (test_scenario_bodies.c): a coupled body nothing rides on loads */
    cr_assert_eq(load_text(with("---------------------- POINTS ----------------------\n", bodies)), HW_OK, "%s", msg);
    /* an empty section (column names and units only) declares nothing and is accepted */
    const char *empty = "---------------------- RODS ----------------------\n"
                        "ID RodType Attachment Xa Ya Za Xb Yb Zb NumSegs Outputs\n"
                        "(#) (-) (-) (m) (m) (m) (m) (m) (m) (-) (-)\n"
                        "---------------------- OPTIONS ----------------------\n";
    cr_assert_eq(load_text(with("---------------------- OPTIONS ----------------------\n", empty)), HW_OK, "%s", msg);
}

/* FAILURE rows: what maps is read (tests above); what cannot is refused at its row. */
Test(errors, failure_rows)
{
    const char *head = "---------------------- FAILURE ----------------------\n"  /* 16 */
                       "FailureID Point Line(s) FailTime FailTen\n"              /* 17 */
                       "() () (,) (s) (N)\n";                                    /* 18 */
    const char *opt = "---------------------- OPTIONS ----------------------\n";
    char add[1024];
    struct { const char *row; hw_status st; const char *n1, *n2; } c[] = {
        {"1 2 1 0 5e6\n", HW_OK, NULL, NULL},
        {"1 2 1 3.5 0\n", HW_OK, NULL, NULL},
        {"1 2 1,2 0 5e6\n", REFUSED, "FAILURE 1 Line(s): a failure of several lines", "new free point"},
        {"1 R1a 1 0 5e6\n", BAD, "FAILURE 1 Point: expected a rod ID 1..0", NULL},
        {"1 2 3 0 5e6\n", BAD, "FAILURE 1 Line(s): expected a line ID 1..1", NULL},
        {"1 7 1 0 5e6\n", BAD, "FAILURE 1 Point: expected a point ID 1..2", NULL},
        {"1 2 1 0 0\n", BAD, "FAILURE 1: expected FailTime (s) or FailTen (N) > 0", NULL},
        {"1 2 1 0\n", BAD, "FAILURE 1: expected 5 columns", NULL},
        {"1 2 1 x 5e6\n", BAD, "FAILURE 1 FailTime: expected a number", NULL},
        {"1 2 1 0 5e6\n2 1 1 0 7e6\n", REFUSED, "a second failure of line 1 (the first at line 19)", NULL},
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        snprintf(add, sizeof add, "%s%s%s", head, c[k].row, opt);
        const char *t = with(opt, add);
        if (c[k].st == HW_OK) {
            cr_expect_eq(load_text(t), HW_OK, "row %zu: %s", k, msg);
            continue;
        }
        int line = 19 + (strchr(c[k].row, '\n') + 1 < c[k].row + strlen(c[k].row) ? 1 : 0);
        expect(t, c[k].st, line, c[k].n1, c[k].n2);
    }
    /* a duplicate row is ignored, as MoorDyn does */
    snprintf(add, sizeof add, "%s1 2 1 0 5e6\n2 2 1 0 5e6\n%s", head, opt);
    cr_expect_eq(load_text(with(opt, add)), HW_OK, "%s", msg);
}

Test(errors, refused_options)
{
    expect(with("0.01  dtM\n", "0.01 dtM\n4 WaveKin\n"), REFUSED, 19, "OPTIONS WaveKin", "not supported");
    cr_assert_eq(load_text(with("0.01  dtM\n", "0.01 dtM\n0 WaveKin\n0 Currents\n")), HW_OK, "%s", msg);
    expect(with("0.01  dtM\n", "0.01 dtM\n5 Currents\n"), REFUSED, 19, "OPTIONS Currents", "not supported yet");
    expect(with("0.01  dtM\n", "AB5 tScheme\n"), BAD, 18, "OPTIONS tScheme", "got \"AB5\""); /* test_schemes.c: the rest */
    expect(with("0.01  dtM\n", "state.bin fileIC\n"), HW_ERR_IO, 18, "OPTIONS fileIC",
           "state.bin: cannot read the state file: No such file");
    expect(with("0.01  dtM\n", "state.bin ICfile\n"), HW_ERR_IO, 18, "OPTIONS ICfile", "state.bin");
    expect(with("0.01  dtM\n", "0 CFL\n"), BAD, 18, "OPTIONS CFL", "expected a Courant number > 0");
    expect(with("0.01  dtM\n", "fast CFL\n"), BAD, 18, "OPTIONS CFL", "expected a number");
    /* SeafloorFile is read (tests/test_seafloor.c); a missing file is an I/O error at its option */
    expect(with("0.01  dtM\n", "no_such_bathy.txt SeafloorFile\n"), HW_ERR_IO, 18, "OPTIONS SeafloorFile",
           "no_such_bathy.txt: cannot open");
    expect(with("100   WtrDpth", "bathy.txt WtrDpth"), BAD, 17, "expected the water depth in m", "SeafloorFile");
    expect(with("0.01  dtM\n", "2 StatDynFricScale\n"), REFUSED, 18, "StatDynFricScale", "not supported yet");
    expect(with("0.01  dtM\n", "0.3 MU_KT\n"), REFUSED, 18, "MU_KT", "FrictionCoefficient");
}

Test(errors, option_mistakes)
{
    expect(with("0.01  dtM\n", "0.01 dtM\n0.02 DTM\n"), BAD, 19, "OPTIONS DTM", "first at line 18");
    expect(with("0.01  dtM\n", "fast dtM\n"), BAD, 18, "OPTIONS dtM", "expected a number");
    expect(with("0.01  dtM\n", "0 dtM\n"), BAD, 18, "OPTIONS dtM", "> 0");
    expect(with("0.01  dtM\n", "dtM\n"), BAD, 18, "OPTIONS", "VALUE NAME");
    expect(with("100   WtrDpth   water depth\n", ""), BAD, 16, "OPTIONS", "WtrDpth");
    /* a semantic rule of hw_model_check, reported at the option's line */
    expect(with("0.01  dtM\n", "-3e6 kBot\n"), BAD, 18, "OPTIONS kBot", ">= 0");
}

Test(errors, option_mappings)
{
    hw_scenario *sc = NULL;
    const char *t = with("0.01  dtM\n", "0.01 dtM\nRK4 tScheme\n9.8 g\n1000 rho\n2e6 kbot\n1e5 cbot\n"
                                        "0.3 FrictionCoefficient\n100 FricDamp\n0 TmaxIC\n0.25 dtOut\n"
                                        "30 TMax\n5 CdScaleIC\n0 WriteUnits\n");
    cr_assert_eq(hw_md_load_string(t, "deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_model_def *m = &sc->model;
    cr_assert_eq(m->solver.integrator, HW_INT_RK4);
    cr_assert_eq(m->solver.static_solve, 0);
    cr_assert_eq(m->solver.dt, 0.01);
    cr_assert_eq(m->solver.t_end, 30.0);
    cr_assert_eq(m->env.g, 9.8);
    cr_assert_eq(m->env.rho_w, 1000.0);
    cr_assert_eq(m->env.depth, 100.0);
    cr_assert_eq(m->env.seabed_k, 2e6);
    cr_assert_eq(m->env.seabed_c, 1e5);
    /* FricDamp 100 N s/m: friction_v = Fz / FricDamp, Fz the wet weight of one 52 m segment */
    double ws = (100 - 1000 * PI / 4 * 0.1 * 0.1) * 9.8;
    cr_assert_eq(m->env.friction_v, ws * (520.0 / 10) / 100);
    cr_assert_eq(m->types[0].seabed_mu, 0.3);
    cr_assert_eq(m->types[0].damping_ratio, 0.5); /* BA/-zeta -0.5 */
    cr_assert_eq(m->types[0].ba, 0.0);
    cr_assert_eq(sc->out_interval, 0.25);
    hw_scenario_free(sc);
}

Test(errors, free_point_mapping)
{
    hw_scenario *sc = NULL;
    const char *t = with("2  Coupled 0    0 -10  0 0 0 0", "2 Connect 0 0 -10 50 0.2 1.5 0.8");
    cr_assert_eq(hw_md_load_string(t, "deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_point_def *p = &sc->model.points[1];
    cr_assert_eq(p->kind, HW_POINT_FREE);
    cr_assert_str_eq(p->name, "point2");
    cr_assert(p->mass == 50 && p->volume == 0.2 && p->cda == 1.5 && p->ca == 0.8);
    cr_assert(p->pos[0] == 0 && p->pos[2] == -10);
    cr_assert_eq(sc->model.points[0].kind, HW_POINT_FIXED);
    hw_scenario_free(sc);
    char longrow[2100];
    memset(longrow, ' ', sizeof longrow - 1);
    longrow[sizeof longrow - 1] = 0;
    memcpy(longrow, "0.01 dtM", 8);
    char t2[8192];
    snprintf(t2, sizeof t2, "%s", with("0.01  dtM", longrow));
    expect(t2, BAD, 18, "row", "at most 1023 characters");
}

Test(errors, refused_and_bad_channels)
{
    expect(with("FairTen1\n", "Body1QX\n"), REFUSED, 20, "OUTPUTS Body1QX", "body quantity \"QX\" not supported yet");
    expect(with("FairTen1\n", "Rod1PZ\n"), BAD, 20, "OUTPUTS Rod1PZ: expected a rod ID 1..0", NULL);
    expect(with("FairTen1\n", "Rod1QX\n"), REFUSED, 20, "the rod channel \"Rod1QX\" not supported yet", NULL);
    expect(with("FairTen1\n", "FairTen1 L1N3AX\n"), REFUSED, 20, "OUTPUTS L1N3AX", "not supported yet");
    expect(with("FairTen1\n", "Con2JZ\n"), REFUSED, 20, "OUTPUTS Con2JZ", "not supported yet");
    expect(with("FairTen1\n", "WindSpeed\n"), REFUSED, 20, "OUTPUTS WindSpeed", "not supported yet");
    expect(with("FairTen1\n", "FairTen2\n"), BAD, 20, "OUTPUTS FairTen2", "line ID 1..1");
    expect(with("FairTen1\n", "L1N11PZ\n"), BAD, 20, "node number 0..10", NULL);
    expect(with("FairTen1\n", "L1S0T\n"), BAD, 20, "segment number 1..10", NULL);
    expect(with("FairTen1\n", "Point3PX\n"), BAD, 20, "point ID 1..2", NULL);
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    const char *t = with("FairTen1\n", "fairten1 ANCHTEN1 Line1TenA line1tenb L1N0PX L1N5VZ L1N5T L1S10TEN\n"
                                       "Point2PZ Con1FZ P2Ten C2VX\n");
    cr_assert_eq(hw_md_load_string(t, "deck.dat", NULL, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(md->n_channels, 12);
    cr_assert_eq(md->channels[0].q, HW_MD_LINE_END_FORCE);
    cr_assert_eq(md->channels[0].index, 1);
    cr_assert_eq(md->channels[1].index, 0);
    cr_assert_eq(md->channels[2].index, 0);
    cr_assert_eq(md->channels[3].index, 1);
    cr_assert_eq(md->channels[5].q, HW_MD_NODE_VEL);
    cr_assert_eq(md->channels[5].comp, 2);
    cr_assert_eq(md->channels[6].q, HW_MD_NODE_TEN);
    cr_assert_eq(md->channels[7].q, HW_MD_SEG_TEN);
    cr_assert_eq(md->channels[7].index, 10);
    cr_assert_eq(md->channels[9].q, HW_MD_POINT_FORCE);
    cr_assert_str_eq(md->channels[10].unit, "N");
    cr_assert_str_eq(md->channels[11].unit, "m/s");
    hw_md_free(md);
    hw_scenario_free(sc);
}

Test(errors, refused_line_type_features)
{
    /* a strain-tension curve file is read (tests/test_md_curves.c); a missing one is an I/O error */
    expect(with("1e9 -0.5", "ea_curve.txt -0.5"), HW_ERR_IO, 6, "LINE TYPES chain EA", "ea_curve.txt: cannot open");
    /* viscoelastic: EA_s|EA_d and the mean-load-dependent EA_s|alpha|beta (with BA or BA|BA_d) are
     * read (tests/test_viscoelastic.c, tests/test_md_polyester.c); Syrope too (tests/test_md_syrope.c),
     * whose BA_s is a damping, not a ratio */
    cr_assert_eq(load_text(with("1e9 -0.5", "1e9|2e9 -0.5")), HW_OK, "%s", msg);
    cr_assert_eq(load_text(with("1e9 -0.5", "1e9|2e9 -0.5|1e7")), HW_OK, "%s", msg);
    cr_assert_eq(load_text(with("1e9 -0.5", "1e9|2e9|0.3 -0.5")), HW_OK, "%s", msg);
    expect(with("1e9 -0.5", "SYROPE:wc.txt|2e9|0.3 -0.5"), BAD, 6, "LINE TYPES chain BA/-zeta", "BA_s >= 0");
    expect(with("1e9 -0.5", "1e9 -0.5|1e7"), BAD, 6, "LINE TYPES chain BA/-zeta", "as many bar-separated");
    expect(with("1e9 -0.5", "1e9|5e8 -0.5|1e7"), BAD, 6, "LINE TYPES chain EA (EA_s|EA_d)", "EA_d > EA");
    expect(with("1e9 -0.5", "1e9|2e9 0|0"), BAD, 6, "LINE TYPES chain BA/-zeta (BA|BA_d)", "BA_d > 0");
    /* Cl > 0: vortex-induced vibration, read (tests/test_md_viv.c); a negative Cl is an error */
    cr_assert_eq(load_text(with("1.2 1  0.1  0\n", "1.2 1  0.1  0 0.8\n")), HW_OK, "%s", msg);
    expect(with("1.2 1  0.1  0\n", "1.2 1  0.1  0 -0.8\n"), BAD, 6, "LINE TYPES chain Cl", "Cl >= 0");
    expect(with("-0.5     0  1.2", "-0.5 ei.txt 1.2"), REFUSED, 6, "LINE TYPES chain EI", "not supported yet");
    cr_assert_eq(load_text(with("1.2 1  0.1  0\n", "1.2 1 0.1 0 0 0.08 0.18\n")), HW_OK, "%s", msg);
}

Test(errors, malformed_numbers)
{
    expect(with("chain  0.1  100", "chain  0.1x  100"), BAD, 6, "LINE TYPES chain Diam",
           "expected a number in m, got \"0.1x\"");
    expect(with("1e9 -0.5", "1e9.5 -0.5"), BAD, 6, "LINE TYPES chain EA", "expected a number");
    expect(with("-500 0 -100", "-500 0 -1e999"), BAD, 10, "POINTS 1 Z", "expected a number");
    expect(with("1 2 520 10", "1 2 5x20 10"), BAD, 15, "LINES 1 UnstrLen", "got \"5x20\"");
    expect(with("1 2 520 10", "1 2 520 2.5"), BAD, 15, "LINES 1 NumSegs", "integer >= 1");
    expect(with("1 2 520 10", "1 2 520 0"), BAD, 15, "LINES 1 NumSegs", "integer >= 1");
}

Test(errors, missing_sections)
{
    const char *at = strstr(BASE, "---------------------- LINES");
    const char *opt = strstr(BASE, "---------------------- OPTIONS");
    snprintf(text, sizeof text, "%.*s%s", (int)(at - BASE), BASE, opt);
    expect(text, BAD, 0, "LINES", "section (required), got none");
    expect("just some text\nwith no sections\n", BAD, 0, "deck", "expected a MoorDyn input deck");
    expect(with("---------------------- POINTS ---", "---------------------- LINE TYPES ---"), BAD, 7,
           "LINE TYPES", "once");
}

Test(errors, unknown_references)
{
    expect(with("1  chain 1 2", "1  rope 1 2"), BAD, 15, "LINES 1 LineType", "one of: chain");
    expect(with("1  chain 1 2", "1  chain 1 3"), BAD, 15, "LINES 1 AttachB", "point ID 1..2");
    expect(with("1  chain 1 2", "1  chain R1A 2"), BAD, 15, "LINES 1 AttachA", "rod ID 1..0");
    expect(with("1  chain 1 2", "1  chain 1 anchor"), BAD, 15, "LINES 1 AttachB", "expected a point ID");
    cr_assert_eq(load_text(with("1  chain 1 2", "1  chain Point1 C2")), HW_OK, "%s", msg);
    expect(with("2  Coupled", "2  Body1"), BAD, 11, "POINTS 2 Attachment", "the deck has no BODIES rows");
    expect(with("2  Coupled", "2  Turbine1"), REFUSED, 11, "POINTS 2 Attachment", "not supported yet");
    expect(with("2  Coupled", "2  Floating"), BAD, 11, "POINTS 2 Attachment", "Fixed, Coupled or Free");
    expect(with("2  Coupled 0    0 -10  0", "2  Coupled 0 0 -10 50"), REFUSED, 11, "POINTS 2 M",
           "free points only");
    expect(with("chain  0.1", "chain2  0.1"), BAD, 15, "LINES 1 LineType", "chain2");
}

Test(errors, column_counts_and_ids)
{
    expect(with("1  chain 1 2 520 10 -", "1  chain 1 2 520 10"), BAD, 15, "LINES 1", "expected 7 columns");
    expect(with("2  Coupled 0    0 -10  0 0 0 0", "2 Coupled 0 0 -10 0 0 0 0 0 0 0"), BAD, 11,
           "POINTS 2", "v1 decks are not supported");
    expect(with("chain  0.1  100    1e9 -0.5     0  1.2 1  0.1  0", "chain 0.1 100 1e9 -0.5 1 0 1.2 0.1"),
           BAD, 6, "LINE TYPES chain", "expected 10 columns");
    expect(with("2  Coupled", "x  Coupled"), BAD, 11, "POINTS x", "point ID 2");
    /* an integer ID out of order: the row's position numbers the point, as in MoorDyn 2.7.2 (its own
     * RodHanging test deck gives two rows ID 1), with a warning */
    {
        hw_scenario *sc = NULL;
        hw_md_deck *md = NULL;
        cr_assert_eq(hw_md_load_string(with("2  Coupled", "1  Coupled"), "deck.dat", NULL, NULL, &sc, &md, msg,
                                       sizeof msg), HW_OK, "%s", msg);
        cr_assert_str_eq(sc->model.points[1].name, "point2");
        hw_scenario_free(sc);
        hw_md_free(md);
    }
    expect(with("1  chain 1 2", "7  chain 1 2"), BAD, 15, "LINES 7", "line ID 1");
    expect(with("chain  0.1  100    1e9 -0.5     0  1.2 1  0.1  0\n",
                "chain  0.1  100    1e9 -0.5     0  1.2 1  0.1  0\nchain 0.2 10 1e8 0 0 1 1 0 0\n"),
           BAD, 7, "LINE TYPES chain", "again (line 6)");
    /* the units row missing: the item row is taken for it and refused */
    expect(with("(#) (-) (m) (m) (m) (kg) (m3) (m2) (-)\n", ""), BAD, 9, "POINTS", "row of units");
}

Test(errors, model_check_findings_at_the_deck_line)
{
    expect(with("chain  0.1  100", "chain  0  100"), BAD, 6, "LINE TYPES chain Diam", "diameter > 0");
    expect(with("1 2 520 10", "1 2 -5 10"), BAD, 15, "LINES 1 UnstrLen", "length > 0");
    expect(with("1  chain 1 2", "1  chain 1 1"), BAD, 15, "LINES 1 AttachB", "different point");
    expect(with("100   WtrDpth", "-100 WtrDpth"), BAD, 17, "OPTIONS WtrDpth", "depth > 0");
}

Test(errors, rows_under_an_unknown_header)
{
    expect(with("---------------------- need this line ----------------------\n",
                "---------------------- WAVES ----------------------\n1 2 3\n"),
           BAD, 22, "section header", "WAVES");
    expect(with("0.01  dtM\n", "0.01 dtM\n-----\n5 TMax\n"), BAD, 19, "section header",
           "rows under it (line 20)");
    /* an unknown header without rows (an end marker) is fine */
    cr_assert_eq(load_text(with("0.01  dtM\n", "0.01 dtM\n----- end -----\n")), HW_OK, "%s", msg);
}

Test(errors, unreadable_file)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load("/nonexistent/deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_ERR_IO);
    cr_assert(strstr(msg, "/nonexistent/deck.dat: cannot read"), "%s", msg);
    cr_assert_null(sc);
    hw_md_free(NULL);
}

/* ---- CFL (docs/moordyn.md, OPTIONS) -------------------------------------------------------------- */

/* md_cfl.dat gives CFL 0.05 and no dtM. Reference: MoorDyn 2.7.2 (the PyPI wheel
 * moordyn-2.7.2-cp311, Python 3.11): moordyn.Create("md_cfl.dat") (TMax line removed: MoorDyn
 * skips it anyway), moordyn.Init(s, [-40.868, 0, -14], [0, 0, 0]), cmoordyn.get_dt(s) returned
 * 0.005089869512498791 and cmoordyn.get_cfl(s) 0.05. Hawser's step is that double, bit for bit,
 * and the deck is its YAML twin (which gives dt as that number) to the bit. */
Test(deck, cfl_gives_moordyns_step_and_matches_its_yaml_twin)
{
    log_cap cap = {{0}, 0};
    hw_scenario *d = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_cfl.dat", cap_log, &cap, &d, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario *y = load_yaml(HW_TEST_DATA_DIR "/md_cfl.yaml");
    cr_assert(same_d(d->model.solver.dt, 0.005089869512498791), "%.17g", d->model.solver.dt);
    cr_assert(strstr(cap.text, "0 " HW_TEST_DATA_DIR "/md_cfl.dat:18: note: CFL 0.05: dtM = 0.0050898695124987911 s"),
              "%s", cap.text);
    same_scenarios(d, y);
    hw_scenario *sc[2] = {d, y};
    hw_sim *sim[2];
    for (int k = 0; k < 2; k++)
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, NULL, NULL, &sim[k], msg, sizeof msg), HW_OK, "%s", msg);
    for (int k = 0; k < 2; k++) cr_assert_eq(hw_sim_step(sim[k], 50), HW_OK);
    double ta[20], tb[20];
    cr_assert_eq(hw_sim_line_tensions(sim[0], 0, ta), HW_OK);
    cr_assert_eq(hw_sim_line_tensions(sim[1], 0, tb), HW_OK);
    cr_assert(memcmp(ta, tb, sizeof ta) == 0);
    cr_assert(same_d(hw_sim_time(sim[0]), hw_sim_time(sim[1])));
    for (int k = 0; k < 2; k++) {
        hw_sim_destroy(sim[k]);
        hw_scenario_free(sc[k]);
    }
}

/* A CFL step above Hawser's critical step is clamped to the automatic step, with a warning at the
 * option's line; with dtM as well, dtM wins (as in MoorDyn 2.7.2, either order) and a note says so. */
Test(deck, cfl_is_clamped_and_dtm_wins)
{
    static const struct { const char *opts; double dt; const char *needle; int level; } C[] = {
        /* BASE: 10 segments of 52 m, 100 kg/m, EA 1e9: MoorDyn 2.7.2's GetDt gives 0.05165985898213972 s
         * for CFL 0.5 and 0.010331971796427945 s for CFL 0.1 (same wheel and call as above) */
        {"0.5 CFL\n", 0.0, "deck.dat:18: CFL 0.5 gives MoorDyn's dtM = 0.0516599 s", 1},
        {"0.1 CFL\n", 0.010331971796427945, "deck.dat:18: note: CFL 0.1: dtM = 0.010331971796427945 s", 0},
        {"0.1 CFL\n0.01 dtM\n", 0.01, "deck.dat:18: note: CFL 0.1 has no effect: dtM is given (line 19)", 0},
        {"0.01 dtM\n0.1 CFL\n", 0.01, "deck.dat:19: note: CFL 0.1 has no effect: dtM is given (line 18)", 0},
    };
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        log_cap cap = {{0}, 0};
        hw_scenario *sc = NULL;
        cr_assert_eq(hw_md_load_string(with("0.01  dtM\n", C[k].opts), "deck.dat", cap_log, &cap, &sc, NULL, msg,
                                       sizeof msg), HW_OK, "%s", msg);
        cr_assert(same_d(sc->model.solver.dt, C[k].dt), "case %zu: %.17g", k, sc->model.solver.dt);
        char want[300];
        snprintf(want, sizeof want, "%d %s", C[k].level, C[k].needle);
        cr_assert(strstr(cap.text, want), "case %zu: expected '%s' in: %s", k, want, cap.text);
        hw_scenario_free(sc);
    }
}

/* ---- the command line --------------------------------------------------------------------------- */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    static char bufs[2][1 << 20];
    static int which;
    char *b = bufs[which++ % 2];
    size_t n = fread(b, 1, (1 << 20) - 1, f);
    b[n] = 0;
    fclose(f);
    return b;
}

Test(cli, runs_the_example_deck_and_writes_the_out_table)
{
    char cmd[2048], out[8192], first[8][4096];
    snprintf(cmd, sizeof cmd, "%s run %s/moordyn_semisub.dat -o " HW_TMP "/hawser_md_ex --t-end 2 -q 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "{\"status\":\"ok\""), "%s", out);
    /* the example's OUTPUTS list 10 channels, dtOut is 0.5 s: Time + 10 columns, header + units
     * rows and the rows at t = 0.5, 1, 1.5, 2 (MoorDyn 2.7.2 writes none at t = 0) */
    int rows = md_table(HW_TMP "/hawser_md_ex/moordyn_semisub.out", NULL, 11, 1, first);
    cr_assert_eq(rows, 2 + 4);
    cr_assert(!strncmp(first[0], "      Time            FAIRTEN1", 30), "%s", first[0]);
    cr_assert(!strncmp(first[1], "       (s)                   N", 30), "%s", first[1]);
    cr_assert(!strncmp(first[2], "    0.5000 ", 11), "%s", first[2]);
    cr_assert_gt(strlen(slurp(HW_TMP "/hawser_md_ex/lines.csv")), 100);
    snprintf(cmd, sizeof cmd, "%s check %s/moordyn_semisub.dat 2>&1", HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, ": ok (1 line types, 6 points, 3 lines"), "%s", out);
}

Test(cli, converted_yaml_runs_to_the_same_numbers)
{
    char cmd[2048], out[8192];
    snprintf(cmd, sizeof cmd, "%s convert %s -o " HW_TMP "/hawser_md_conv.yaml 2>&1", HW_CLI_PATH, DECK);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "wrote " HW_TMP "/hawser_md_conv.yaml"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_md_a -q > /dev/null 2>&1 && "
                              "%s run " HW_TMP "/hawser_md_conv.yaml -o " HW_TMP "/hawser_md_b -q > /dev/null 2>&1",
             HW_CLI_PATH, DECK, HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    const char *files[] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv"};
    for (int k = 0; k < 4; k++) {
        char a[256], b[256];
        snprintf(a, sizeof a, HW_TMP "/hawser_md_a/%s", files[k]);
        snprintf(b, sizeof b, HW_TMP "/hawser_md_b/%s", files[k]);
        cr_assert_str_eq(slurp(a), slurp(b), "%s differs", files[k]);
    }
    char first[8][4096];
    cr_assert_eq(md_table(HW_TMP "/hawser_md_a/md_catenary.out", NULL, 9, 1, first), 2 + 4);
    cr_assert_eq(access(HW_TMP "/hawser_md_b/hawser_md_conv.out", F_OK), -1, "no .out for a YAML run");
}

Test(cli, errors_and_exit_codes)
{
    char cmd[2048], out[8192];
    FILE *f = fopen(HW_TMP "/hawser_md_bad.dat", "w");
    cr_assert_not_null(f);
    fputs(with("FairTen1\n", "Body1QX\n"), f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_md_bad.dat -o " HW_TMP "/hawser_md_bad 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_assert(strstr(out, HW_TMP "/hawser_md_bad.dat:20: OUTPUTS Body1QX: the body quantity"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s convert " HW_TMP "/hawser_md_bad.dat 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    snprintf(cmd, sizeof cmd, "%s check " HW_TMP "/hawser_md_bad.dat 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    snprintf(cmd, sizeof cmd, "%s convert 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    snprintf(cmd, sizeof cmd, "%s convert %s -o %s 2>&1", HW_CLI_PATH, DECK, DECK);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "would overwrite"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s convert %s -o /nonexistent/dir/x.yaml 2>&1", HW_CLI_PATH, DECK);
    cr_assert_eq(sh(cmd, out, sizeof out), 6, "%s", out);
    /* the notes about options without effect go to stderr, and not with --quiet */
    snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_md_notes --t-end 0 2>&1 >/dev/null", HW_CLI_PATH, DECK);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "md_catenary.dat:31: note: TmaxIC 60"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_md_notes --t-end 0 -q 2>&1 >/dev/null", HW_CLI_PATH, DECK);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert_null(strstr(out, "note:"), "%s", out);
}

/* ---- LineOutputs: the <deck>_Line<N>.out files (docs/moordyn.md, "Line output files") ----------- */

/* Splits a row at blanks and tabs into at most max numbers (or names); returns the count. */
static int split_fields(char *row, char **f, int max)
{
    int n = 0;
    for (char *t = strtok(row, " \t\n"); t && n < max; t = strtok(NULL, " \t\n")) f[n++] = t;
    return n;
}

/* md_lineout.dat asks for every flag MoorDyn v2 has ("p,K,v,U,D,V,t,c,s,d") on a taut vertical
 * line of 4 segments in a current. Reference: MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311):
 * moordyn.Create("md_lineout.dat"); moordyn.Init(s, [], []); four moordyn.Step(s, [], [], t, 0.05)
 * calls from t = 0; moordyn.Close(s): md_lineout_Line1.out, its header and its row at t = 0.15 s
 * below (blank-separated there; fixed width), and md_lineout.out's node force channels. Both start from the straight line without an
 * initial-condition solve (TmaxIC 0); MoorDyn's straight start has uniform strain, Hawser's its
 * weight's strain gradient, so the axial (z) motion differs (MoorDyn's line rings axially by
 * 3 mm, 0.06 m/s) and the axial quantities are compared loosely; the current pushes the line
 * sideways the same in both. */
Test(deck, line_outputs_match_moordyn_and_the_yaml_twin)
{
    static const char *const MD_HEADER =
        "Time Node0px Node0py Node0pz Node1px Node1py Node1pz Node2px Node2py Node2pz Node3px Node3py Nod"
        "e3pz Node4px Node4py Node4pz Node0Ku Node1Ku Node2Ku Node3Ku Node4Ku Node0vx Node0vy Node0vz Nod"
        "e1vx Node1vy Node1vz Node2vx Node2vy Node2vz Node3vx Node3vy Node3vz Node4vx Node4vy Node4vz Nod"
        "e0Ux Node0Uy Node0Uz Node1Ux Node1Uy Node1Uz Node2Ux Node2Uy Node2Uz Node3Ux Node3Uy Node3Uz Nod"
        "e4Ux Node4Uy Node4Uz Node0Dx Node0Dy Node0Dz Node1Dx Node1Dy Node1Dz Node2Dx Node2Dy Node2Dz Nod"
        "e3Dx Node3Dy Node3Dz Node4Dx Node4Dy Node4Dz Node0Vx Node0Vy Node0Vz Node1Vx Node1Vy Node1Vz Nod"
        "e2Vx Node2Vy Node2Vz Node3Vx Node3Vy Node3Vz Node4Vx Node4Vy Node4Vz Seg1Te Seg2Te Seg3Te Seg4Te"
        " Seg1cx Seg1cy Seg1cz Seg2cx Seg2cy Seg2cz Seg3cx Seg3cy Seg3cz Seg4cx Seg4cy Seg4cz Seg1St Seg2"
        "St Seg3St Seg4St Seg1dSt Seg2dSt Seg3dSt Seg4dSt"
    ;
    static const char *const MD_ROW =
        "0.1500 0.0000000e+00 0.0000000e+00 -9.0000000e+01 9.2758178e-03 1.9898686e-03 -7.0009411e+01 1.2"
        "040287e-02 1.6034702e-03 -5.0012743e+01 1.4939645e-02 1.0613342e-03 -3.0009408e+01 0.0000000e+00"
        " 0.0000000e+00 -1.0000000e+01 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e"
        "+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 1.1542222e-01 2.4652553e-02 6.3943379e-02 1.495234"
        "1e-01 1.9885949e-02 9.0743004e-02 1.8194942e-01 1.3016282e-02 6.4029994e-02 0.0000000e+00 0.0000"
        "000e+00 0.0000000e+00 5.5000000e-01 1.8000000e-01 0.0000000e+00 6.4995286e-01 1.4001885e-01 0.00"
        "00000e+00 7.4993617e-01 1.0002553e-01 0.0000000e+00 8.4995288e-01 6.0018848e-02 0.0000000e+00 9."
        "5000000e-01 2.0000000e-02 0.0000000e+00 1.9476832e+02 6.3742363e+01 -9.6394763e-02 3.5796393e+02"
        " 7.7256683e+01 -2.6937537e+00 4.4541898e+02 5.9449137e+01 -5.2822368e+00 5.4780297e+02 3.8544686"
        "e+01 -2.4543957e+00 5.5238422e+02 1.1629126e+01 4.1162537e-01 0.0000000e+00 0.0000000e+00 0.0000"
        "000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.00"
        "00000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 0.0000000e+00 4.5515080e+04 4."
        "8573658e+04 5.1930723e+04 5.4989694e+04 2.0839336e-01 4.4705604e-02 4.5051580e+02 2.6012634e-02 "
        "-3.6358661e-03 1.8874329e+02 -2.7182659e-02 5.0808495e-03 -1.8806527e+02 3.3478932e-01 2.3783414"
        "e-02 -4.4976975e+02 4.5515080e-03 4.8573658e-03 5.1930723e-03 5.4989694e-03 3.2016363e-03 1.3413"
        "232e-03 -1.3365048e-03 -3.1963350e-03"
    ;

    hw_scenario *d = load_deck(HW_TEST_DATA_DIR "/md_lineout.dat", NULL), *y = load_yaml(HW_TEST_DATA_DIR "/md_lineout.yaml");
    same_scenarios(d, y);
    hw_scenario_free(d);
    hw_scenario_free(y);
    char cmd[2048], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/md_lineout.dat -o " HW_TMP "/hawser_md_lo -q > /dev/null 2>&1 && "
             "%s run %s/md_lineout.yaml -o " HW_TMP "/hawser_md_lo_y -q > /dev/null 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR, HW_CLI_PATH, HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    const char *files[] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv"};
    for (int k = 0; k < 4; k++) {
        char a[256], b[256];
        snprintf(a, sizeof a, HW_TMP "/hawser_md_lo/%s", files[k]);
        snprintf(b, sizeof b, HW_TMP "/hawser_md_lo_y/%s", files[k]);
        cr_assert_str_eq(slurp(a), slurp(b), "%s differs", files[k]);
    }
    cr_assert_eq(access(HW_TMP "/hawser_md_lo_y/md_lineout_Line1.out", F_OK), -1, "no line file for a YAML run");
    /* the header: MoorDyn's names in MoorDyn's order; a units row; rows at t = 0, 0.05, ..., 0.2 */
    char *lf = slurp(HW_TMP "/hawser_md_lo/md_lineout_Line1.out");
    char hdr[4096], mdh[4096], row[8192], mdr[8192];
    char *hf[200], *mf[200], *rf[200], *qf[200];
    const char *nl = strchr(lf, '\n');
    cr_assert_not_null(nl);
    snprintf(hdr, sizeof hdr, "%.*s", (int)(nl - lf), lf);
    snprintf(mdh, sizeof mdh, "%s", MD_HEADER);
    int nh = split_fields(hdr, hf, 200), nm = split_fields(mdh, mf, 200);
    cr_assert_eq(nh, 1 + 15 + 5 + 15 + 15 + 15 + 15 + 4 + 12 + 4 + 4, "%d columns", nh);
    cr_assert_eq(nh, nm);
    for (int k = 0; k < nh; k++) cr_assert_str_eq(hf[k], mf[k], "column %d", k);
    cr_assert(!strncmp(nl + 1, "       (s)                 (m)", 30), "%.40s", nl + 1);
    const char *at = strstr(lf, "\n    0.1500 ");
    cr_assert_not_null(at, "a row at t = 0.15: %s", lf);
    snprintf(row, sizeof row, "%.*s", (int)strcspn(at + 1, "\n"), at + 1);
    snprintf(mdr, sizeof mdr, "%s", MD_ROW);
    cr_assert_eq(split_fields(row, rf, 200), nh);
    cr_assert_eq(split_fields(mdr, qf, 200), nh);
    const double ea = 1e7, ba = 0.5 * (79.6 / 4) * sqrt(1e7 * 20);
    double v[200], m[200];
    for (int k = 0; k < nh; k++) {
        v[k] = strtod(rf[k], NULL);
        m[k] = strtod(qf[k], NULL);
    }
    for (int k = 1; k < nh; k++) {
        const char *n = hf[k];
        char last = n[strlen(n) - 1];
        int axial = last == 'z';
        double h = v[k], r = m[k], tol;
        if (strstr(n, "Ku")) { /* Hawser: the geometric curvature; MoorDyn: 0 without EI */
            cr_expect(h >= 0 && h < 1e-4 && r == 0, "%s: %g (MoorDyn %g)", n, h, r);
            continue;
        }
        if (n[strlen(n) - 2] == 'V' || strstr(n, "cx") || strstr(n, "cy") || strstr(n, "cz") || strstr(n, "dSt"))
            continue; /* VIV: 0 in both (checked below); damping: the axial ringing (checked below) */
        if (strstr(n, "Te") || strstr(n, "St")) tol = 0.03 * fabs(r);
        else if (n[strlen(n) - 2] == 'p') tol = axial ? 1e-2 : 1e-3 * fabs(r) + 1e-6;
        else if (n[strlen(n) - 2] == 'v') tol = axial ? 0.1 : 2e-3 * fabs(r) + 1e-6;
        else if (n[strlen(n) - 2] == 'U') tol = 1e-4;
        else tol = axial ? 6.0 : 2e-3 * fabs(r) + 1e-6; /* D */
        cr_expect(fabs(h - r) <= tol, "%s: Hawser %.8g, MoorDyn 2.7.2 %.8g (tolerance %g)", n, h, r, tol);
    }
    /* the OUTPUTS channels L1N2FX/FY/FZ (the net force on the middle node) in md_lineout.out at
     * t = 0.15 s; MoorDyn 2.7.2's (same run): 446.17734 58.990573 642.96893 N (z: the axial ringing) */
    char *tab = slurp(HW_TMP "/hawser_md_lo/md_lineout.out"), orow[1024], *of[8];
    const char *ot = strstr(tab, "\n    0.1500 ");
    cr_assert_not_null(ot, "%s", tab);
    snprintf(orow, sizeof orow, "%.*s", (int)strcspn(ot + 1, "\n"), ot + 1);
    cr_assert_eq(split_fields(orow, of, 8), 5);
    cr_expect(fabs(strtod(of[2], NULL) - 446.17734) < 2e-3 * 446.2, "L1N2FX %s", of[2]);
    cr_expect(fabs(strtod(of[3], NULL) - 58.990573) < 2e-3 * 59.0, "L1N2FY %s", of[3]);
    cr_expect(fabs(strtod(of[4], NULL)) < 700, "L1N2FZ %s", of[4]);
    /* within Hawser's row, MoorDyn's definitions: Te = EA St, c = BA dSt q, V = 0 */
    int p0 = 1, te = 1 + 15 + 5 + 15 + 15 + 15 + 15, c0 = te + 4, st = c0 + 12, sr = st + 4;
    for (int k = 0; k < 15; k++) cr_assert_eq(v[1 + 15 + 5 + 15 + 15 + 15 + k], 0.0, "VIV");
    for (int s = 0; s < 4; s++) {
        cr_expect(fabs(v[te + s] - ea * v[st + s]) <= 1e-9 * v[te + s], "Te = EA St, segment %d", s + 1);
        double q[3], len = 0;
        for (int c = 0; c < 3; c++) {
            q[c] = v[p0 + 3 * (s + 1) + c] - v[p0 + 3 * s + c];
            len += q[c] * q[c];
        }
        for (int c = 0; c < 3; c++)
            cr_expect(fabs(v[c0 + 3 * s + c] - ba * v[sr + s] * q[c] / sqrt(len)) <= 1e-8 * fabs(ba * v[sr + s]) + 1e-12,
                      "c = BA dSt q, segment %d", s + 1);
    }
}

/* LineOutputs: separators, refusals, and columns after LineOutputs (MoorDyn 2.7.2 ignores them) */
Test(deck, line_output_flags_and_separators)
{
    static const char *const OK[] = {"pt", "p,t", "p-t", "p|t", "-", "pKvUDVtcsd", "p;v;s"};
    for (size_t k = 0; k < sizeof OK / sizeof OK[0]; k++) {
        char row[64];
        snprintf(row, sizeof row, "1  chain 1 2 520 10 %s\n", OK[k]);
        cr_assert_eq(load_text(with("1  chain 1 2 520 10 -\n", row)), HW_OK, "%s: %s", OK[k], msg);
    }
    /* a letter that is no flag: skipped with a warning, as MoorDyn 2.7.2 skips it (its Line file
     * for "pT" has the p columns only; MoorDyn 2.7.2, PyPI wheel, md_outfmt.dat with pT) */
    static const struct { const char *flags, *warn; unsigned mask; } SKIP[] = {
        {"pT", "'T' in \"pT\" is not among MoorDyn v2's flags p K v U D V t c s d: ignored, as MoorDyn 2.7.2 "
               "ignores it (flags are case-sensitive: 'T' is not 't')", HW_MD_LO_POS},
        {"pxt", "'x' in \"pxt\" is not among", HW_MD_LO_POS | HW_MD_LO_TEN},
        {"b9", "'b9' in \"b9\" are not among", 0}};
    for (size_t k = 0; k < sizeof SKIP / sizeof SKIP[0]; k++) {
        char row[64];
        snprintf(row, sizeof row, "1  chain 1 2 520 10 %s\n", SKIP[k].flags);
        log_cap wc = {{0}, 0};
        hw_scenario *ws = NULL;
        hw_md_deck *wd = NULL;
        cr_assert_eq(hw_md_load_string(with("1  chain 1 2 520 10 -\n", row), "deck.dat", cap_log, &wc, &ws, &wd, msg,
                                       sizeof msg), HW_OK, "%s: %s", SKIP[k].flags, msg);
        cr_assert(strstr(wc.text, "1 deck.dat:15: LINES 1 LineOutputs: ") && strstr(wc.text, SKIP[k].warn), "%s",
                  wc.text);
        cr_assert_eq(wd->lines[0].flags, SKIP[k].mask, "%s", SKIP[k].flags);
        hw_scenario_free(ws);
        hw_md_free(wd);
    }
    log_cap cap = {{0}, 0};
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_string(with("1  chain 1 2 520 10 -\n", "1  chain 1 2 520 10 p t\n"), "deck.dat", cap_log,
                                   &cap, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(strstr(cap.text, "1 deck.dat:15: LINES 1: 8 columns: LineOutputs is \"p\" and the 1 column after it "
                               "(\"t\"...) are ignored"), "%s", cap.text);
    cr_assert_eq(sc->n_out_nodes, 11);
    cr_assert_eq(sc->n_out_segments, 0);
    hw_scenario_free(sc);
}

/* ---- a free mass on slack, neutrally buoyant lines (issue 14: the static solve stopped the run) ---- */

/* md_slack.dat: Newton alone stalls (the lines carry nothing until taut, and the weight has nothing
 * to push against); the statics fall back to dynamic relaxation and then converge, for the deck and
 * its YAML twin alike, to the equilibrium found by hand: straight lines (they weigh nothing in
 * water) of stretched length 80 (1 + T / EA) from (+-50, 0, -20) to the point, 2 T sin(theta) =
 * 1000 g: T = 6278.758820 N, z = -82.514313036 m (a fixed-point iteration in double precision).
 * MoorDyn 2.7.2 (PyPI wheel, moordyn.Create + moordyn.Init on this deck) does not find it: its
 * initial-condition stage stops after 2 s ("Remaining error after 2 s = 0.41698 m/s2") with the
 * point still at z = -40.0006 m and the lines slack (fairlead tension 0). */
Test(deck, slack_free_mass_statics_relax_then_converge)
{
    hw_scenario *sc[2] = {load_deck(HW_TEST_DATA_DIR "/md_slack.dat", NULL), load_yaml(HW_TEST_DATA_DIR "/md_slack.yaml")};
    same_scenarios(sc[0], sc[1]);
    double z[2], T[2];
    for (int k = 0; k < 2; k++) {
        log_cap cap = {{0}, 0};
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, cap_log, &cap, &sim, msg, sizeof msg), HW_OK, "%s", msg);
        cr_assert(strstr(cap.text, "Newton stalled at residual") && strstr(cap.text, "dynamic relaxation (kinetic damping"),
                  "%s", cap.text);
        double r[3], v[3], f[3], ta, tb;
        cr_assert_eq(hw_sim_point_state(sim, 1, r, v, f), HW_OK);
        cr_assert_eq(hw_sim_line_end_tensions(sim, 1, &ta, &tb), HW_OK);
        z[k] = r[2];
        T[k] = tb;
        cr_expect(fabs(r[0]) < 1e-6 && fabs(r[2] + 82.514313036) < 1e-6, "point at %.9g %.9g", r[0], r[2]);
        cr_expect(fabs(tb - 6278.758820) < 1e-3, "fairlead tension %.9g", tb);
        hw_sim_destroy(sim);
    }
    cr_assert(same_d(z[0], z[1]) && same_d(T[0], T[1]), "deck and twin: %.17g %.17g, %.17g %.17g", z[0], z[1], T[0], T[1]);
    for (int k = 0; k < 2; k++) hw_scenario_free(sc[k]);
}

/* Point#AX/AY/AZ: the point's acceleration (hw_sim_point_acceleration). md_slack.dat's free mass
 * at rest in its equilibrium has none; from the slack start without the statics it falls, slower
 * than g by the line ends it carries (two half segments of 64.4 kg, with added mass). A point on a
 * body is refused. */
Test(deck, point_acceleration_channels)
{
    hw_md_deck *md = NULL;
    hw_scenario *sc = load_deck(HW_TEST_DATA_DIR "/md_slack.dat", &md);
    cr_assert_eq(md->n_channels, 2);
    hw_md_channel ch = md->channels[1];
    ch.q = HW_MD_POINT_ACC;
    ch.comp = 2;
    hw_sim *sim = NULL;
    for (int pass = 0; pass < 2; pass++) {
        sc->model.solver.static_solve = pass == 0;
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
        double a = 1, acc[3];
        cr_assert_eq(hw_md_channel_value(sim, &ch, &a), HW_OK);
        cr_assert_eq(hw_sim_point_acceleration(sim, 1, acc), HW_OK);
        cr_assert(same_d(a, acc[2]));
        if (pass == 0) cr_expect(fabs(a) < 1e-6, "at rest in equilibrium: %g m/s2", a);
        else cr_expect(a < -8.0 && a > -9.80665, "falling: %g m/s2", a);
        hw_sim_destroy(sim);
    }
    hw_scenario_free(sc);
    hw_md_free(md);
    cr_assert_eq(load_text(with("FairTen1\n", "FairTen1 Point2AX Con2AZ\n")), HW_OK, "%s", msg);
    /* md_bodies.dat with an OUTPUTS section asking for the acceleration of point 4 (on body 1) */
    char *deck = slurp(HW_TEST_DATA_DIR "/md_bodies.dat"), buf[1 << 15];
    snprintf(buf, sizeof buf, "%s------ OUTPUTS ------\nPoint4AZ\nEND\n", deck);
    hw_scenario *b = NULL;
    cr_assert_eq(hw_md_load_string(buf, "bodies.dat", NULL, NULL, &b, NULL, msg, sizeof msg), HW_ERR_UNSUPPORTED, "%s", msg);
    cr_assert(strstr(msg, "OUTPUTS Point4AZ: the acceleration of a point riding on a body not supported yet"), "%s", msg);
}

/* ---- waves (WaveKin 3 and 7; docs/moordyn.md, "Waves") ---------------------------------------- */

/* A deck beside its wave file, in a folder of its own under HW_TMP. */
static const char *wave_deck(const char *dir, const char *options, const char *file, const char *content)
{
    static char path[512];
    char cmd[600], fpath[600];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    cr_assert_eq(system(cmd), 0);
    if (file) {
        snprintf(fpath, sizeof fpath, "%s/%s", dir, file);
        FILE *f = fopen(fpath, "w");
        cr_assert(f != NULL);
        fputs(content, f);
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/deck.dat", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f != NULL);
    fputs(with("0.01  dtM\n", options), f);
    fclose(f);
    return path;
}

/* WaveKin 7: wave_frequencies.txt's rows "omega re im [beta]" are components whose elevation, in
 * MoorDyn v2 (SpectrumKin), is |A| sin(omega t - k (x cos beta + y sin beta) + arg A). Hawser's
 * built sea must give that same elevation everywhere (closed form, rounding only: 1e-12 m on
 * amplitudes of 1 m); the zero-amplitude row is left out; the YAML of `hawser convert` reloads as the
 * same waves. */
Test(waves, wavekin7_components)
{
    const char *deck = wave_deck(HW_TMP "/md_wk7", "0.01 dtM\n7 WaveKin\n3 waveKin_rampT\n", "wave_frequencies.txt",
                                 "0.0 0.0 0.0\n0.5 0.0 0.0\n1.0 1.0 0.0\n1.3 0.3 0.4 0.5\n2.1 -0.2 -0.1 -1.0\n");
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_waves_def *w = &sc->model.env.waves;
    cr_assert_eq(w->kind, HW_WAVES_COMPONENTS);
    cr_assert_eq(w->n_components, 3);
    cr_assert_eq(w->ramp_time, 3);
    const double row[3][4] = {{1.0, 1.0, 0.0, 0.0}, {1.3, 0.3, 0.4, 0.5}, {2.1, -0.2, -0.1, -1.0}};
    hw_env_def env = sc->model.env;
    env.waves.ramp_time = 0;
    hw_waves *sea = NULL;
    cr_assert_eq(hw_waves_create(&env, &sea, msg, sizeof msg), HW_OK, "%s", msg);
    const double pts[3][3] = {{0, 0, 0}, {3, 0, 2.5}, {-7, 4, 11.25}};
    for (int p = 0; p < 3; p++) {
        double x = pts[p][0], y = pts[p][1], t = pts[p][2], md = 0;
        for (int j = 0; j < 3; j++) {
            double k = 0;
            for (int c = 0; c < 3; c++) {
                double om, kc;
                hw_waves_component(sea, c, NULL, &om, &kc, NULL, NULL);
                if (om == row[j][0]) k = kc;
            }
            double A = hypot(row[j][1], row[j][2]), arg = atan2(row[j][2], row[j][1]), b = row[j][3];
            md += A * sin(row[j][0] * t - k * (x * cos(b) + y * sin(b)) + arg);
        }
        double hw = hw_waves_elevation(sea, x, y, t);
        cr_assert(fabs(hw - md) < 1e-12, "at (%g, %g, t %g): Hawser %.15g, MoorDyn's formula %.15g", x, y, t, hw, md);
    }
    hw_waves_destroy(sea);
    /* convert: the same waves */
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(deck, NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario *b = NULL;
    cr_assert_eq(hw_scenario_load_string(yaml, "converted.yaml", &b, msg, sizeof msg), HW_OK, "%s", msg);
    same_waves(w, &b->model.env.waves);
    free(yaml);
    hw_scenario_free(b);
    hw_scenario_free(sc);
}

/* WaveKin 3: wave_elevation.txt resampled at dtWave from t = 0 as MoorDyn does (linear
 * interpolation; an odd count loses its last sample): a record of eta = t^2 every 0.2 s to 3 s at
 * dtWave 0.25 gives 12 samples, t = 0 .. 2.75, eta(0.25) = 0.07 (between 0.04 and 0.16); the sea
 * lane needs at least 8 samples in a record. */
Test(waves, wavekin3_elevation)
{
    char rec[1024] = "";
    for (int k = 0; k <= 15; k++) {
        char r[64];
        snprintf(r, sizeof r, "%g %g\n", 0.2 * k, 0.04 * k * k);
        strcat(rec, r);
    }
    const char *deck = wave_deck(HW_TMP "/md_wk3", "0.01 dtM\n3 WaveKin\n0.25 dtWave\n", "wave_elevation.txt", rec);
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(deck, NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    parsed p;
    cr_assert_eq(parse(yaml, "converted.yaml", &p), HW_OK, "%s", p.err);
    const hw_waves_def *w = &p.w;
    cr_assert_eq(w->kind, HW_WAVES_ELEVATION);
    cr_assert_eq(w->n_samples, 12);
    for (int i = 0; i < 12; i++) {
        double t = 0.25 * i, lo = floor(t / 0.2 + 1e-9) * 0.2, hi = lo + 0.2;
        double want = lo * lo + (hi * hi - lo * lo) * (t - lo) / 0.2;
        cr_assert(fabs(w->t[i] - t) < 1e-12 && fabs(w->eta[i] - want) < 1e-12, "sample %d: %g %g (want %g)", i,
                  w->t[i], w->eta[i], want);
    }
    cr_assert(fabs(w->eta[1] - 0.07) < 1e-12);
    cr_assert(w->ref_x == 0 && w->ref_y == 0 && w->direction == 0 && w->kinematics_step == 0.25);
    parsed_free(&p);
    free(yaml);
    /* the load builds the sea from the record */
    hw_scenario *sc = NULL;
    hw_status st = hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_eq(sc->model.env.waves.kind, HW_WAVES_ELEVATION);
    hw_scenario_free(sc);
}

/* Every refused mode and every bad wave file: one line at the deck option or the file's own line. */
Test(waves, wavekin_errors)
{
    /* WaveKin 1 and 2 are read (tests/test_md_sea.c) */
    expect(with("0.01  dtM\n", "0.01 dtM\n5 WaveKin\n"), REFUSED, 19, "WaveKin 5 not supported",
           "does not implement it either");
    expect(with("0.01  dtM\n", "0.01 dtM\n8 WaveKin\n"), BAD, 19, "OPTIONS WaveKin: expected a WaveKin mode 0 to 7",
           "got 8");
    expect(with("0.01  dtM\n", "0.01 dtM\n0 dtWave\n"), BAD, 19, "OPTIONS dtWave: expected a time step > 0 s", NULL);
    expect(with("0.01  dtM\n", "0.01 dtM\n-1 waveKin_rampT\n"), BAD, 19, "OPTIONS waveKin_rampT: expected a ramp "
           "time >= 0 s", NULL);
    char want[1200];
    /* no file: at the option */
    const char *d = wave_deck(HW_TMP "/md_wk_none", "0.01 dtM\n7 WaveKin\n", NULL, NULL);
    cr_assert_eq(hw_md_load(d, NULL, NULL, &(hw_scenario *){NULL}, NULL, msg, sizeof msg), HW_ERR_IO);
    snprintf(want, sizeof want, "%s/wave_frequencies.txt: cannot open: No such file or directory (WaveKin 7 at %s:19)",
             HW_TMP "/md_wk_none", d);
    cr_assert_str_eq(msg, want);
    /* the file's own lines */
    struct { const char *content; hw_status st; const char *tail; } c[] = {
        {"0 0 0\n1.0 1.0 x\n", BAD, ":2: column 3 (im): expected a finite number, got 'x'"},
        {"0.1 0 0\n1.0 1.0 0\n", BAD, ":1: omega: expected 0 rad/s on the first row (as MoorDyn requires), got 0.1"},
        {"0 0 0.2\n1.0 1.0 0\n", REFUSED, ":1: im: a mean water level (the imaginary part at omega = 0, 0.2 m) not "
                                          "supported yet: the mean surface is z = 0"},
        {"0 0 0\n1.0 1.0 0 7\n", BAD, ":2: beta: expected a direction from -2 pi to 2 pi rad (as MoorDyn requires), "
                                       "got 7"},
        {"0 0 0\n\n1.0 1.0\n", BAD, ":3: row: expected 3 or 4 columns (omega re im [beta]), got 2"},
        {"0 0 0\n-1.0 1.0 0\n", BAD, ":2: omega: expected an angular frequency > 0 rad/s after the first row, got -1"},
        {"0 0 0\n", BAD, ":1: rows: expected at least 2 rows (omega = 0, then the components; as MoorDyn requires), "
                         "got 1"},
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        d = wave_deck(HW_TMP "/md_wk_bad", "0.01 dtM\n7 WaveKin\n", "wave_frequencies.txt", c[k].content);
        hw_scenario *sc = NULL;
        cr_assert_eq(hw_md_load(d, NULL, NULL, &sc, NULL, msg, sizeof msg), c[k].st, "%s", msg);
        snprintf(want, sizeof want, "%s/wave_frequencies.txt%s (WaveKin 7 at %s:19)", HW_TMP "/md_wk_bad", c[k].tail, d);
        cr_assert_str_eq(msg, want);
    }
    d = wave_deck(HW_TMP "/md_wk_bad3", "0.01 dtM\n3 WaveKin\n", "wave_elevation.txt", "1 0\n2 0.5\n3 0\n4 0\n");
    cr_assert_eq(hw_md_load(d, NULL, NULL, &(hw_scenario *){NULL}, NULL, msg, sizeof msg), BAD);
    snprintf(want, sizeof want, "%s/wave_elevation.txt:1: t: expected the record to start at t = 0 (MoorDyn "
             "resamples it from t = 0), got 1 (WaveKin 3 at %s:19)", HW_TMP "/md_wk_bad3", d);
    cr_assert_str_eq(msg, want);
    d = wave_deck(HW_TMP "/md_wk_bad3", "0.01 dtM\n3 WaveKin\n", "wave_elevation.txt", "0 0\n0.5 0.5\n0.25 0\n");
    cr_assert_eq(hw_md_load(d, NULL, NULL, &(hw_scenario *){NULL}, NULL, msg, sizeof msg), BAD);
    snprintf(want, sizeof want, "%s/wave_elevation.txt:3: column 1 (t in s): expected values increasing strictly, "
             "got 0.25 after 0.5 (line 2) (WaveKin 3 at %s:19)", HW_TMP "/md_wk_bad3", d);
    cr_assert_str_eq(msg, want);
}

/* Currents 1: current_profile.txt (three header lines, then z ux uy uz) is the current profile,
 * linear in z and flat outside in both (MoorDyn 2.7.2 checked: 0.925 m/s at z = -7.5 between
 * 1.25 at -10 and 0.6 at -5; 1.25 below -10). Other modes are refused at the option. */
Test(currents, profile_file)
{
    const char *deck = wave_deck(HW_TMP "/md_cur1", "0.01 dtM\n1 Currents\n", "current_profile.txt",
                                 "--- MoorDyn steady currents File ---\nTabulated file\nz ux uy uz\n"
                                 "-10.0 1.25 0 0\n-5.0 0.6 0.1 0.05\n\n0.0 0.0 0 0\n");
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    const hw_current_def *c = &sc->model.env.current;
    cr_assert_eq(c->n_depth, 3);
    cr_assert(c->n_time <= 1);
    cr_assert(c->z[0] == -10 && c->z[1] == -5 && c->z[2] == 0);
    cr_assert(c->ux[0] == 1.25 && c->ux[1] == 0.6 && c->uy[1] == 0.1 && c->uz[1] == 0.05 && c->ux[2] == 0);
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(deck, NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario *b = NULL;
    cr_assert_eq(hw_scenario_load_string(yaml, "converted.yaml", &b, msg, sizeof msg), HW_OK, "%s", msg);
    same_models(&sc->model, &b->model);
    free(yaml);
    hw_scenario_free(b);
    hw_scenario_free(sc);

    char want[1200];
    deck = wave_deck(HW_TMP "/md_cur1", "0.01 dtM\n1 Currents\n", "current_profile.txt", "a\nb\nc\n0 1 0 0\n-10 1 0 0\n");
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), BAD);
    snprintf(want, sizeof want, "%s/current_profile.txt:5: column 1 (z): expected values increasing strictly, got -10 "
             "after 0 (line 4) (Currents 1 at %s:19)", HW_TMP "/md_cur1", deck);
    cr_assert_str_eq(msg, want);
    deck = wave_deck(HW_TMP "/md_cur1", "0.01 dtM\n1 Currents\n", "current_profile.txt", "a\nb\nc\n0 1 0\n");
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), BAD);
    snprintf(want, sizeof want, "%s/current_profile.txt:4: row: expected 4 columns (z ux uy uz), got 3 (Currents 1 "
             "at %s:19)", HW_TMP "/md_cur1", deck);
    cr_assert_str_eq(msg, want);
    deck = wave_deck(HW_TMP "/md_cur_none", "0.01 dtM\n1 Currents\n", NULL, NULL);
    cr_assert_eq(hw_md_load(deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_ERR_IO);
    cr_assert(strstr(msg, "/md_cur_none/current_profile.txt: cannot open: No such file or directory (Currents 1 at ")
              && strstr(msg, "deck.dat:19)"), "%s", msg);
    /* Currents 2 is read, Currents 5 refused (tests/test_md_sea.c) */
    expect(with("0.01  dtM\n", "0.01 dtM\n5 Currents\n"), REFUSED, 19, "OPTIONS Currents: Currents 5 (",
           "Currents 1 = current_profile.txt");
}

/* ---- the .out tables as MoorDyn 2.7.2 writes them (docs/moordyn.md, "OUTPUTS and the .out table") */

/* Hawser's md_lineout.out and md_outfmt.out (every channel kind) have MoorDyn's header and units
 * rows byte for byte, the same number of rows at the same times (dtOut, 2 dtOut, ... to the end
 * time; none at t = 0), every row in MoorDyn's layout (md_row_layout); the line files likewise. */
Test(out_layout, hawser_writes_moordyn_layout)
{
    char cmd[2048], out[8192], first[8][4096], md[8][4096];
    snprintf(cmd, sizeof cmd, "%s run %s/md_lineout.dat -o " HW_TMP "/hawser_md_fmt -q > /dev/null 2>&1 && "
             "%s run %s/md_outfmt.dat -o " HW_TMP "/hawser_md_fmt -q > /dev/null 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR, HW_CLI_PATH, HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    /* md_lineout.out: TMax 0.2, dtOut 0.05: four rows, as MoorDyn's four Steps */
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt/md_lineout.out", NULL, 5, 1, first), 6);
    cr_assert_eq(md_table(NULL, MD_LINEOUT_OUT, 5, 1, md), 6);
    for (int r = 0; r < 4; r++) {
        if (r < 2) cr_assert_str_eq(first[r], md[r], "row %d", r + 1);
        else cr_assert(!strncmp(first[r], md[r], 10), "row %d's time: %.10s, MoorDyn %.10s", r + 1, first[r], md[r]);
    }
    /* md_lineout_Line1.out: 104 columns, MoorDyn's first 130 characters of its header, units and
     * the first row's time */
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt/md_lineout_Line1.out", NULL, 105, 1, first), 6);
    for (int r = 0; r < 3; r++)
        cr_assert(!strncmp(first[r], MD_LINEOUT_LINE1[r], r < 2 ? 130 : 10), "row %d: %.130s", r + 1, first[r]);
    /* md_outfmt.out: 21 channels of every kind, TMax 0.3, dtOut 0.1 */
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt/md_outfmt.out", NULL, 22, 1, first), 5);
    cr_assert_eq(md_table(NULL, MD_OUTFMT_OUT, 22, 1, md), 3);
    cr_assert_str_eq(first[0], md[0]);
    cr_assert_str_eq(first[1], md[1]);
    cr_assert(!strncmp(first[2], md[2], 10), "%.10s", first[2]);
    cr_assert(!strncmp(first[4], "    0.3000 ", 11), "the last row at the end time: %.11s", first[4]);
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt/md_outfmt_Line1.out", NULL, 1 + 12 + 3, 1, first), 5);
}

/* An end time that is not a multiple of dtOut: MoorDyn writes a row only where a step reaches a
 * multiple of dtOut, so the table ends at the last multiple (the CSV files still end at t_end);
 * WriteUnits 0 leaves the units row out, and dtOut 0 writes every step from t = 0, as MoorDyn
 * writes one per Step (its Init's row included). */
Test(out_layout, rows_at_multiples_of_dtout_only)
{
    char cmd[2048], out[8192], first[8][4096];
    snprintf(cmd, sizeof cmd, "%s run %s/md_outfmt.dat -o " HW_TMP "/hawser_md_fmt2 --t-end 0.25 -q > /dev/null 2>&1",
             HW_CLI_PATH, HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt2/md_outfmt.out", NULL, 22, 1, first), 2 + 2);
    cr_assert(!strncmp(first[3], "    0.2000 ", 11), "%.11s", first[3]);
    FILE *f = fopen(HW_TMP "/hawser_md_fmt2_deck.dat", "w");
    cr_assert_not_null(f);
    char *deck = slurp(HW_TEST_DATA_DIR "/md_outfmt.dat");
    char *at = strstr(deck, "0.1       dtOut");
    cr_assert_not_null(at);
    fprintf(f, "%.*s0.0 dtOut\n0 WriteUnits\n%s", (int)(at - deck), deck, strchr(at, '\n') + 1);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_md_fmt2_deck.dat -o " HW_TMP "/hawser_md_fmt3 --t-end 0.005 -q "
             "> /dev/null 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt3/hawser_md_fmt2_deck.out", NULL, 22, 0, first), 1 + 6);
    cr_assert(!strncmp(first[1], "    0.0000 ", 11), "%.11s", first[1]);
    cr_assert(!strncmp(first[2], "    0.0010 ", 11), "%.11s", first[2]);
    /* no dtOut (md_slack.dat): MoorDyn 2.7.2 writes a row per coupling step from t = 0 (its Init's row
     * is kept when dtOut is 0, its default); Hawser a row per output time of its 0.1 s default, t = 0
     * and the end time (1 s) included */
    snprintf(cmd, sizeof cmd, "%s run %s/md_slack.dat -o " HW_TMP "/hawser_md_fmt4 -q > /dev/null 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert_eq(md_table(HW_TMP "/hawser_md_fmt4/md_slack.out", NULL, 3, 1, first), 2 + 11);
    cr_assert(!strncmp(first[2], "    0.0000 ", 11), "%.11s", first[2]);
}

/* A user's script reads the table unchanged: numpy.loadtxt(path, skiprows=2) (MoorDyn's header
 * and units rows), here done in C as loadtxt does it (fields split at blanks, every row the same
 * count of numbers), and with numpy itself where /usr/bin/python3 has it. */
Test(out_layout, reads_as_numpy_loadtxt_skiprows_2)
{
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/md_outfmt.dat -o " HW_TMP "/hawser_md_np -q > /dev/null 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    const char *files[2] = {HW_TMP "/hawser_md_np/md_outfmt.out", HW_TMP "/hawser_md_np/md_outfmt_Line1.out"};
    const int cols[2] = {22, 16};
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(files[k], "r");
        cr_assert_not_null(f);
        static char line[1 << 16];
        int rows = 0;
        double t_prev = 0;
        while (fgets(line, sizeof line, f)) {
            if (rows++ < 2) continue;
            int n = 0;
            double t = 0;
            for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n"), n++) {
                char *end;
                double v = strtod(tok, &end);
                cr_assert(*end == 0 && isfinite(v), "%s row %d: \"%s\" is not a number", files[k], rows, tok);
                if (!n) t = v;
            }
            cr_assert_eq(n, cols[k], "%s row %d: %d numbers", files[k], rows, n);
            cr_assert_gt(t, t_prev);
            t_prev = t;
        }
        fclose(f);
        cr_assert_eq(rows, 2 + 3);
        cr_assert_eq(t_prev, 0.3);
    }
    if (access("/usr/bin/python3", X_OK) || sh("/usr/bin/python3 -c 'import numpy' 2>&1", out, sizeof out)) {
        cr_log_warn("numpy.loadtxt part skipped: no /usr/bin/python3 with numpy");
        return;
    }
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 -c 'import numpy as np, sys\n"
             "a = np.loadtxt(sys.argv[1], skiprows=2); b = np.loadtxt(sys.argv[2], skiprows=2)\n"
             "h = open(sys.argv[1]).readline().split()\n"
             "print(a.shape, b.shape, h[0], h[1], a[-1, 0], a[:, h.index(\"Point2PX\")].max())' %s %s 2>&1",
             files[0], files[1]);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "(3, 22) (3, 16) Time FairTen1 0.3 "), "%s", out);
}

/* ---- fileIC: a start from MoorDyn 2.7.2's state file (docs/moordyn.md, "Initial conditions from a
 * state file") ------------------------------------------------------------------------------------ */

/* md_fileic.state: MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311) on md_outfmt.dat:
 * moordyn.Create; moordyn.Init(s, [], []); three moordyn.Step(s, [], [], t, 0.1) from t = 0;
 * moordyn.SaveState(s, "md_fileic.state"); then moordyn.GetLineNodePos / GetLineNodeVel of both
 * lines and GetPointPos / GetPointVel of point 2 gave (line 1, nodes 0..3; line 2 mirrors it): */
static const double MD_IC_R1[4][3] = {{-50.0, 0.0, -20.0},
                                      {-37.13205058332663, 0.0, -35.29936842335814},
                                      {-19.33991493965689, 0.0, -43.935003212271205},
                                      {-6.872877958593709e-18, 0.0, -40.3654589953444}};
static const double MD_IC_V1[4][3] = {{0.0, 0.0, 0.0},
                                      {-0.3288286537113891, 0.0, -0.6068073940940617},
                                      {-0.35896497628566587, 0.0, -1.0349510444450842},
                                      {-7.718020019436397e-18, 0.0, -2.2826630905757845}};
static const double MD_IC_R2[4][3] = {{-6.872877958593709e-18, 0.0, -40.3654589953444},
                                      {19.33991493965689, 0.0, -43.935003212271205},
                                      {37.13205058332663, 0.0, -35.299368423358125},
                                      {50.0, 0.0, -20.0}};
static const double MD_IC_V2[4][3] = {{-7.718020019436397e-18, 0.0, -2.2826630905757845},
                                      {0.35896497628566604, 0.0, -1.0349510444450836},
                                      {0.32882865371139003, 0.0, -0.606807394094063},
                                      {0.0, 0.0, 0.0}};

/* md_fileic.dat starts from that state, exactly (bit for bit: the file's doubles), without a static
 * solve; its YAML twin (lines[].start) is the same model and runs to the same files. Then 0.1 s
 * on: MoorDyn 2.7.2 from the same state (md_outfmt.dat with TmaxIC 0; Init; moordyn.LoadState(s,
 * "md_fileic.state"); two Steps of 0.05 s) has point 2 at z = -40.618766008767004 m; Hawser
 * -40.6127 m: 6 mm on a motion of 0.25 m (with the point's drag area set to 0 in both, -40.625162
 * and -40.619085: the same 6 mm, so the gap is the coarse 3-segment chains' dynamics, not the
 * start state), within 1 cm. */
Test(fileic, starts_from_moordyn_state)
{
    hw_scenario *d = load_deck(HW_TEST_DATA_DIR "/md_fileic.dat", NULL), *y = load_yaml(HW_TEST_DATA_DIR "/md_fileic.yaml");
    same_scenarios(d, y);
    cr_assert_eq(d->model.solver.static_solve, 0);
    hw_scenario_free(y);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&d->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    double r[12], v[12], pr[3], pv[3], pf[3];
    for (int l = 0; l < 2; l++) {
        cr_assert_eq(hw_sim_line_positions(sim, l, r), HW_OK);
        cr_assert_eq(hw_sim_line_velocities(sim, l, v), HW_OK);
        for (int j = 0; j < 4; j++)
            for (int c = 0; c < 3; c++) {
                EQ_D(r[3 * j + c], l ? MD_IC_R2[j][c] : MD_IC_R1[j][c], "start position");
                EQ_D(v[3 * j + c], l ? MD_IC_V2[j][c] : MD_IC_V1[j][c], "start velocity");
            }
    }
    cr_assert_eq(hw_sim_point_state(sim, 1, pr, pv, pf), HW_OK);
    for (int c = 0; c < 3; c++) {
        EQ_D(pr[c], MD_IC_R1[3][c], "point 2 position");
        EQ_D(pv[c], MD_IC_V1[3][c], "point 2 velocity");
    }
    cr_assert_eq(hw_sim_advance_to(sim, 0.1), HW_OK, "%s", hw_sim_last_error(sim));
    cr_assert_eq(hw_sim_point_state(sim, 1, pr, pv, pf), HW_OK);
    cr_expect(fabs(pr[2] - -40.618766008767004) < 0.01, "point 2 z at 0.1 s: Hawser %.8g, MoorDyn 2.7.2 -40.618766", pr[2]);
    cr_expect(pr[2] < -40.6, "it moved on from the saved state's -40.365 m at -2.28 m/s: %g", pr[2]);
    hw_sim_destroy(sim);
    hw_scenario_free(d);
    char cmd[2048], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/md_fileic.dat -o " HW_TMP "/hawser_md_ic -q > /dev/null 2>&1 && "
             "%s run %s/md_fileic.yaml -o " HW_TMP "/hawser_md_ic_y -q > /dev/null 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR, HW_CLI_PATH, HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    const char *files[] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv"};
    for (int k = 0; k < 4; k++) {
        char a[256], b[256];
        snprintf(a, sizeof a, HW_TMP "/hawser_md_ic/%s", files[k]);
        snprintf(b, sizeof b, HW_TMP "/hawser_md_ic_y/%s", files[k]);
        cr_assert_str_eq(slurp(a), slurp(b), "%s differs", files[k]);
    }
    /* convert writes the start state; the YAML reloads as the same model */
    snprintf(cmd, sizeof cmd, "%s convert %s/md_fileic.dat -o " HW_TMP "/hawser_md_ic.yaml 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    d = load_deck(HW_TEST_DATA_DIR "/md_fileic.dat", NULL);
    y = load_yaml(HW_TMP "/hawser_md_ic.yaml");
    same_scenarios(d, y);
    hw_scenario_free(d);
    hw_scenario_free(y);
}

/* A deck text with md_fileic.dat's model and fileIC's value (and what else) replaced. */
static hw_status load_ic(const char *from, const char *to, const char *ic)
{
    static char t[8192];
    char *deck = slurp(HW_TEST_DATA_DIR "/md_fileic.dat");
    snprintf(t, sizeof t, "%s", deck);
    if (from) {
        char *at = strstr(t, from);
        cr_assert_not_null(at, "test bug: %s", from);
        char rest[8192];
        snprintf(rest, sizeof rest, "%s", at + strlen(from));
        snprintf(at, sizeof t - (size_t)(at - t), "%s%s", to, rest);
    }
    char *at = strstr(t, "md_fileic.state  fileIC");
    cr_assert_not_null(at);
    char rest[8192];
    snprintf(rest, sizeof rest, "%s", at + strlen("md_fileic.state"));
    snprintf(at, sizeof t - (size_t)(at - t), "%s%s", ic, rest);
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    hw_status st = hw_md_load_string(t, HW_TEST_DATA_DIR "/ic.dat", NULL, NULL, &sc, &md, msg, sizeof msg);
    if (st == HW_OK) {
        hw_scenario_free(sc);
        hw_md_free(md);
    } else {
        cr_assert_null(strchr(msg, '\n'), "one line: %s", msg);
    }
    return st;
}

/* What does not match the deck, or is not a state file, is a located error at the fileIC line. */
Test(fileic, errors_are_located)
{
    const char *at = HW_TEST_DATA_DIR "/ic.dat:25: OPTIONS fileIC: ";
    cr_assert_eq(load_ic(NULL, NULL, "md_fileic.state"), HW_OK, "%s", msg);
    cr_assert_eq(load_ic(NULL, NULL, "missing.state"), HW_ERR_IO);
    cr_assert(strstr(msg, at) == msg && strstr(msg, "missing.state: cannot read the state file"), "%s", msg);
    cr_assert_eq(load_ic(NULL, NULL, "md_fileic.dat"), HW_ERR_INPUT);
    cr_assert(strstr(msg, at) == msg && strstr(msg, "expected a MoorDyn state file"), "%s", msg);
    /* a line of 4 segments where the file has 3 */
    cr_assert_eq(load_ic("1   chain     1        2        60        3", "1   chain     1        2        60        4",
                         "md_fileic.state"), HW_ERR_INPUT);
    cr_assert(strstr(msg, at) == msg && strstr(msg, "object 4 (line 1): expected 3 x 6 values") &&
              strstr(msg, "got 2 x 6"), "%s", msg);
    /* a fourth point: 6 objects expected, the file has 5 */
    cr_assert_eq(load_ic("3   Fixed       50.0     0.0      -20     0     0       0      0\n",
                         "3   Fixed       50.0     0.0      -20     0     0       0      0\n"
                         "4   Fixed       60.0     0.0      -20     0     0       0      0\n", "md_fileic.state"),
                 HW_ERR_INPUT);
    cr_assert(strstr(msg, "ic.dat:26: OPTIONS fileIC: ") && strstr(msg, "expected 6 objects (the deck's 4 points "
              "and 2 lines, in MoorDyn's order), got 5"), "%s", msg);
    /* a truncated file, another version */
    FILE *f = fopen(HW_TEST_DATA_DIR "/md_fileic.state", "rb");
    cr_assert_not_null(f);
    static unsigned char b[4096];
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    cr_assert_eq(n, 441u);
    f = fopen(HW_TMP "/hawser_ic_cut.state", "wb");
    cr_assert_not_null(f);
    fwrite(b, 1, 300, f);
    fclose(f);
    cr_assert_eq(load_ic(NULL, NULL, HW_TMP "/hawser_ic_cut.state"), HW_ERR_INPUT);
    cr_assert(strstr(msg, at) == msg && strstr(msg, "expected 53 8-byte words after the header") &&
              strstr(msg, "truncated"), "%s", msg);
    b[7] = 3;
    f = fopen(HW_TMP "/hawser_ic_v3.state", "wb");
    cr_assert_not_null(f);
    fwrite(b, 1, n, f);
    fclose(f);
    cr_assert_eq(load_ic(NULL, NULL, HW_TMP "/hawser_ic_v3.state"), HW_ERR_INPUT);
    cr_assert(strstr(msg, at) == msg && strstr(msg, "got version 3.7"), "%s", msg);
    /* the file MoorDyn's Python package writes from a MoorPy equilibrium (moorpy_export: version 2.4 by
     * default, every point's row with its position, fixed ones included; MoorDyn's own lines.txt.ic
     * is one): the fixed points' rows are not used, the start is the same */
    static unsigned char mp[4096];
    memcpy(mp, b, n);
    mp[7] = 2;
    mp[8] = 4;
    const double fixed[2][3] = {{-50, 0, -20}, {50, 0, -20}};
    const size_t row_at[2] = {17 + 8 * (1 + 2), 17 + 8 * (1 + 2 + 6 + 2 + 6 + 2)}; /* points 1 and 3 */
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < 3; c++) {
            uint64_t u;
            memcpy(&u, &fixed[p][c], 8);
            for (int k = 0; k < 8; k++) mp[row_at[p] + 8 * (size_t)c + (size_t)k] = (unsigned char)(u >> (8 * k));
        }
    f = fopen(HW_TMP "/hawser_ic_moorpy.state", "wb");
    cr_assert_not_null(f);
    fwrite(mp, 1, n, f);
    fclose(f);
    cr_assert_eq(load_ic(NULL, NULL, HW_TMP "/hawser_ic_moorpy.state"), HW_OK, "%s", msg);
    /* the YAML form: a row per node, and no static solve with it */
    hw_scenario *sc = NULL;
    char *y = slurp(HW_TEST_DATA_DIR "/md_fileic.yaml");
    static char t[16384];
    snprintf(t, sizeof t, "%s", y);
    char *s = strstr(t, "static_solve: false");
    cr_assert_not_null(s);
    memcpy(s, "static_solve: true ", 19);
    cr_assert_eq(hw_scenario_load_string(t, "ic.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "lines[0] (line1)") && strstr(msg, "expected solver.static_solve: false with a start state"),
              "%s", msg);
    snprintf(t, sizeof t, "%s", y);
    s = strstr(t, "        - [-50, 0, -20]\n");
    cr_assert_not_null(s);
    memmove(s, s + 24, strlen(s + 24) + 1);
    cr_assert_eq(hw_scenario_load_string(t, "ic.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "ic.yaml:") && strstr(msg, "start.positions") &&
              strstr(msg, "expected a list of 4 positions [x, y, z]"), "%s", msg);
}

/* ---- ROD TYPES and RODS (docs/moordyn.md, "ROD TYPES and RODS") --------------------------------- */

/* BASE with ROD TYPES (lines 7-10) and RODS (11-14) before its POINTS (now 15-19), the lines at 23,
 * OUTPUTS at 27-29: the type row and the rod row as given. */
static char rodtext[8192];
static const char *rod_deck(const char *type_row, const char *rod_row)
{
    char sec[1024];
    snprintf(sec, sizeof sec,
             "---------------------- ROD TYPES ----------------------\n"    /* 7 */
             "TypeName Diam Mass/m Cd Ca CdEnd CaEnd\n"                      /* 8 */
             "(name) (m) (kg/m) (-) (-) (-) (-)\n"                           /* 9 */
             "%s\n"                                                          /* 10 */
             "---------------------- RODS ----------------------\n"          /* 11 */
             "ID RodType Attachment Xa Ya Za Xb Yb Zb NumSegs RodOutputs\n"  /* 12 */
             "(#) (name) (word) (m) (m) (m) (m) (m) (m) (-) (-)\n"           /* 13 */
             "%s\n"                                                          /* 14 */
             "---------------------- POINTS ---", type_row, rod_row);
    snprintf(rodtext, sizeof rodtext, "%s", with("---------------------- POINTS ---", sec));
    return rodtext;
}
#define ROD_TYPE "can 0.5 200 1.0 0.9 0.6 0.7"
#define ROD_ROW "1 can Fixed 0 0 -50 0 0 -40 5 -"

/* rodtext with from replaced by to (the first occurrence) */
static const char *rod_with(const char *from, const char *to)
{
    static char t[8192];
    const char *at = strstr(rodtext, from);
    cr_assert(at, "test bug: '%s' not in the rod deck", from);
    snprintf(t, sizeof t, "%.*s%s%s", (int)(at - rodtext), rodtext, to, at + strlen(from));
    return t;
}

Test(rods, bad_rod_types_and_rows_are_located)
{
    struct { const char *type, *rod; hw_status st; int line; const char *n1, *n2; } c[] = {
        {"can 0.5 200 1.0 0.9 0.6", ROD_ROW, BAD, 10, "ROD TYPES can: expected 7 columns", "CdEnd CaEnd"},
        {"can 0.5 200 1.0 0.9 0.6 0.7 1", ROD_ROW, BAD, 10, "ROD TYPES can: expected 7 columns", NULL},
        {"can 0.5x 200 1.0 0.9 0.6 0.7", ROD_ROW, BAD, 10, "ROD TYPES can Diam: expected a number in m", NULL},
        {"can 0 200 1.0 0.9 0.6 0.7", ROD_ROW, BAD, 10, "ROD TYPES can Diam: expected a diameter > 0 m", NULL},
        {"can 0.5 -1 1.0 0.9 0.6 0.7", ROD_ROW, BAD, 10, "ROD TYPES can Mass/m: expected a mass per length >= 0", NULL},
        {"can 0.5 200 1.0 0.9 -0.6 0.7", ROD_ROW, BAD, 10, "ROD TYPES can CdEnd: expected a coefficient >= 0", NULL},
        {ROD_TYPE, "1 can Fixed 0 0 -50 0 0 -40 5", BAD, 14, "RODS 1: expected 11 columns", "RodOutputs"},
        {ROD_TYPE, "2 can Fixed 0 0 -50 0 0 -40 5 -", BAD, 14, "RODS 2: expected the rod ID 1", NULL},
        {ROD_TYPE, "1 pipe Fixed 0 0 -50 0 0 -40 5 -", BAD, 14, "RODS 1 RodType", "one of: can"},
        {ROD_TYPE, "1 can Floating 0 0 -50 0 0 -40 5 -", BAD, 14, "RODS 1 Attachment", "expected Fixed, Pinned, Coupled"},
        {ROD_TYPE, "1 can Body1 0 0 -50 0 0 -40 5 -", BAD, 14, "RODS 1 Attachment", "the deck has no BODIES rows"},
        {ROD_TYPE, "1 can Fixed 0 0 x 0 0 -40 5 -", BAD, 14, "RODS 1 Za: expected a number in m", NULL},
        {ROD_TYPE, "1 can Fixed 0 0 -50 0 0 -40 -1 -", BAD, 14, "RODS 1 NumSegs: expected an integer >= 0", NULL},
        {ROD_TYPE, "1 can Fixed 0 0 -50 0 0 -40 2.5 -", BAD, 14, "RODS 1 NumSegs: expected an integer >= 0", NULL},
        {ROD_TYPE, "1 can Fixed 0 0 -50 0 0 -50 5 -", BAD, 14, "RODS 1: expected ends A and B apart", NULL},
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) expect(rod_deck(c[k].type, c[k].rod), c[k].st, c[k].line, c[k].n1, c[k].n2);
    /* a type name twice */
    char two[128];
    snprintf(two, sizeof two, "%s\n%s", ROD_TYPE, ROD_TYPE);
    expect(rod_deck(two, ROD_ROW), BAD, 11, "ROD TYPES can: expected a type name not used before", "line 10");
    /* a rod pinned to a body: refused (a pin between two bodies) */
    const char *bodies = "---------------------- BODIES ----------------------\n"
                         "ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca\n"
                         "(#) (-) (m) (m) (m) (deg) (deg) (deg) (kg) (m) (kg-m2) (m3) (m2) (-)\n"
                         "1 coupled 0 0 -5 0 0 0 0 0 0 0 0 0\n"
                         "---------------------- RODS ---";
    rod_deck(ROD_TYPE, "1 can Body1Pinned 0 0 -1 0 0 2 5 -");
    expect(rod_with("---------------------- RODS ---", bodies), REFUSED, 18, "RODS 1 Attachment: a rod pinned to a body",
           "not supported yet");
    rod_deck(ROD_TYPE, "1 can Body2 0 0 -1 0 0 2 5 -");
    expect(rod_with("---------------------- RODS ---", bodies), BAD, 18, "RODS 1 Attachment", "expected Body1..Body1");
}

Test(rods, bad_rod_references_are_located)
{
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("1  chain 1 2", "1  chain 1 R2A"), BAD, 23, "LINES 1 AttachB", "rod ID 1..1");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("1  chain 1 2", "1  chain 1 R1C"), BAD, 23, "LINES 1 AttachB", "expected a rod end R<ID>A or R<ID>B");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("1  chain 1 2", "1  chain 1 3"), BAD, 23, "LINES 1 AttachB", "point ID 1..2"); /* rod points have no ID */
    /* a line with bending stiffness on a zero-length rod's end: MoorDyn turns the rod to balance its
     * lines' moments; refused at the line (on a rod of length it is a cantilever: test_md_cantilever.c) */
    rod_deck(ROD_TYPE, "1 can Fixed 0 0 -50 0 0 -40 0 -");
    char t[8192];
    snprintf(t, sizeof t, "%s", rod_with("1e9 -0.5     0  1.2", "1e9 -0.5     5e3  1.2"));
    snprintf(rodtext, sizeof rodtext, "%s", t);
    expect(rod_with("1  chain 1 2", "1  chain 1 Rod1B"), REFUSED, 23, "LINES 1 AttachB: a line with bending stiffness",
           "zero-length rod (rod1_b, NumSegs 0)");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("FairTen1\n", "R1N6PX\n"), BAD, 28, "OUTPUTS R1N6PX", "node number 0..5");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("FairTen1\n", "R2N0PX\n"), BAD, 28, "OUTPUTS R2N0PX", "rod ID 1..1");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("FairTen1\n", "R1N0QX\n"), REFUSED, 28, "OUTPUTS R1N0QX", "rod node quantity");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("FairTen1\n", "R1Roll\n"), REFUSED, 28, "OUTPUTS R1Roll", "the rod channel");
    rod_deck(ROD_TYPE, ROD_ROW);
    expect(rod_with("FairTen1\n", "FairTen1 Point3PX\n"), BAD, 28, "OUTPUTS Point3PX", "point ID 1..2");
}

/* The bodies of two scenarios (the deck's and its YAML twin's) field by field, cylinders and the
 * points riding on them included. */
static void same_bodies_only(const hw_scenario *a, const hw_scenario *b)
{
    cr_assert_eq(a->n_bodies, b->n_bodies);
    for (int k = 0; k < a->n_bodies; k++) {
        const hw_body_def *x = &a->bodies[k], *y = &b->bodies[k];
        cr_assert_str_eq(x->name, y->name);
        cr_assert_eq(x->kind, y->kind, "body %s kind", x->name);
        same_arrays(x->pos, y->pos, 3, "pos");
        same_arrays(x->rot, y->rot, 3, "rot");
        EQ_D(x->mass, y->mass, "mass");
        same_arrays(x->cg, y->cg, 3, "cg");
        same_arrays(x->inertia, y->inertia, 6, "inertia");
        EQ_D(x->volume, y->volume, "volume");
        same_arrays(x->cda, y->cda, 6, "CdA");
        same_arrays(x->ca, y->ca, 6, "Ca");
        cr_assert_eq(x->n_cylinders, y->n_cylinders, "body %s cylinders", x->name);
        for (int c = 0; c < x->n_cylinders; c++) {
            const hw_body_cylinder_def *p = &x->cylinders[c], *q = &y->cylinders[c];
            same_arrays(p->a, q->a, 3, "cylinder a");
            same_arrays(p->b, q->b, 3, "cylinder b");
            EQ_D(p->diameter, q->diameter, "diameter");
            EQ_D(p->mass_per_length, q->mass_per_length, "mass_per_length");
            cr_assert_eq(p->segments, q->segments);
            const double u[6] = {p->cd, p->ca, p->cd_ax, p->ca_ax, p->cd_end, p->ca_end};
            const double v[6] = {q->cd, q->ca, q->cd_ax, q->ca_ax, q->cd_end, q->ca_end};
            same_arrays(u, v, 6, "cylinder coefficients");
        }
    }
}

static void same_bodies(const hw_scenario *a, const hw_scenario *b)
{
    same_bodies_only(a, b);
    cr_assert_eq(a->n_body_points, b->n_body_points);
    for (int k = 0; k < a->n_body_points; k++) {
        const hw_body_attach *p = &a->body_points[k], *q = &b->body_points[k];
        cr_assert(p->point == q->point && p->body == q->body, "body point %d", k);
        same_arrays(p->at, q->at, 3, "body point position");
    }
}

/* The .out row at time t of a run's table (MoorDyn's fixed-width layout: blank-separated fields
 * after the header and units rows): the values after Time in v (n of them). */
static void out_row(const char *path, const char *t, double *v, int n)
{
    char *tab = slurp(path), row[4096], *f[128];
    double tt = strtod(t, NULL);
    const char *at = NULL;
    for (const char *p = tab; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        char *end;
        double x = strtod(p, &end);
        if (end != p && fabs(x - tt) < 1e-9) { at = p; break; }
    }
    cr_assert_not_null(at, "no row at t = %s in %s", t, path);
    snprintf(row, sizeof row, "%.*s", (int)strcspn(at, "\n"), at);
    cr_assert_eq(split_fields(row, f, 128), n + 1, "%s", row);
    for (int k = 0; k < n; k++) v[k] = strtod(f[k + 1], NULL);
}

/* Each rod deck loads to the same scenario as its hand-written YAML twin, and the two runs write
 * the same results, byte for byte. */
Test(rods, decks_match_their_yaml_twins)
{
    static const char *const NAMES[3] = {"md_rod_hanging", "md_rod_swing", "md_rod_body"};
    for (int k = 0; k < 3; k++) {
        char dp[512], yp[512], cmd[2048], out[4096];
        snprintf(dp, sizeof dp, HW_TEST_DATA_DIR "/%s.dat", NAMES[k]);
        snprintf(yp, sizeof yp, HW_TEST_DATA_DIR "/%s.yaml", NAMES[k]);
        hw_scenario *d = load_deck(dp, NULL), *y = load_yaml(yp);
        same_scenarios(d, y);
        same_bodies(d, y);
        hw_scenario_free(d);
        hw_scenario_free(y);
        snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_%s -q > /dev/null 2>&1 && "
                 "%s run %s -o " HW_TMP "/hawser_%s_y -q > /dev/null 2>&1", HW_CLI_PATH, dp, NAMES[k], HW_CLI_PATH, yp,
                 NAMES[k]);
        cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
        const char *files[] = {"lines.csv", "points.csv", "bodies.csv"};
        for (int f = 0; f < 3; f++) {
            char a[512], b[512];
            snprintf(a, sizeof a, HW_TMP "/hawser_%s/%s", NAMES[k], files[f]);
            snprintf(b, sizeof b, HW_TMP "/hawser_%s_y/%s", NAMES[k], files[f]);
            cr_assert_str_eq(slurp(a), slurp(b), "%s: %s differs", NAMES[k], files[f]);
        }
    }
    /* hawser convert writes what the twin says by hand: reloaded, the same bodies */
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "%s convert %s/md_rod_body.dat -o " HW_TMP "/hawser_md_rod_body_conv.yaml", HW_CLI_PATH,
             HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    hw_scenario *c = load_yaml(HW_TMP "/hawser_md_rod_body_conv.yaml"), *y = load_yaml(HW_TEST_DATA_DIR "/md_rod_body.yaml");
    same_scenarios(c, y);
    same_bodies(c, y);
    hw_scenario_free(c);
    hw_scenario_free(y);
}

/* The rod decks against MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311): moordyn.Create(deck);
 * moordyn.Init_NoIC(s, [], []) (no initial-condition stage: both codes start from the deck's state,
 * TmaxIC 0); 30 moordyn.Step(s, [], [], t, 0.1) calls from t = 0 (internal steps dtM); at t = 1, 2,
 * 3 s moordyn.GetRodNodePos / GetRodNodeVel of rod 1's nodes 0 and N (MoorDyn 2.7.2 leaves every
 * R#N#.. channel out of its own .out table, so its getters are the reference). Hawser's figures are
 * the deck's R#N#.. channels in its .out table at the same times. */
Test(rods, decks_match_moordyn)
{
    struct ref { const char *name, *t; double md[5]; };
    /* md_rod_swing: R1N10PX R1N10PZ R1N10VX R1N0PZ: the buoyant rod swinging up about its pin.
     * Agreement 2e-4 m and 2e-4 m/s over 3 s (a 5 m rod swinging 3 m): tolerance 1e-3. */
    static const struct ref PIN[3] = {
        {"md_rod_swing", "1", {1.90075146, -15.3753764, -1.4173568, -20}},
        {"md_rod_swing", "2", {0.651726685, -15.0426567, -1.02885093, -20}},
        {"md_rod_swing", "3", {-0.112023808, -15.0012551, -0.491492236, -20}}};
    /* md_rod_body: R1NAPX R1NAPZ R1NBPX (FairTen1 and R1N6VZ first): the body drifting towards its
     * anchor and pitching. x within 1e-4 m (agreement 5e-5); z within 2e-3 m: the body bounces
     * on the stiff chain (EA 5e7 N, a 40 rad/s mode of about 2 mm) out of phase in the two codes,
     * which also makes the line tension (FairTen1: 4568, 5183, 4933 N in MoorDyn) and the vertical
     * velocity differ by the bounce (compared at 35% and 0.05 m/s). */
    static const struct ref BODY[3] = {
        {"md_rod_body", "1", {4567.55924, 0.861176278, -8.99944224, 1.01533471, -0.0221798832}},
        {"md_rod_body", "2", {5182.8273, 0.78152704, -8.99333855, 0.777140494, 0.00582775228}},
        {"md_rod_body", "3", {4933.08027, 0.508244712, -8.98582779, 0.605343984, 0.00661505192}}};
    /* md_rod_hanging: R1N0PX R1N0PZ R1N8PX R1N8PZ (FairTen1 first): a free rod swinging under a line
     * (a double pendulum). Agreement 5 cm in x and 1.3 cm in z over 3 s, tolerance 6 cm and 1.5 cm:
     * the free rod is the one case that differs beyond the step (both codes converge in dt: 1e-4 s
     * gives the same figures to 1e-5 m), while the pinned rod (no translation) and the rod on a
     * body (reference point near its centre, little rotation) agree to 2e-4 m. MoorDyn integrates a
     * free rod's 6 degrees of freedom about end A; Hawser's bodies solve the Newton-Euler equations
     * about the centre of mass with the centripetal and gyroscopic terms (docs/moordyn.md). */
    static const struct ref HANG[3] = {
        {"md_rod_hanging", "1", {1392.24297, 0.947622723, -14.9028289, 0.712989426, -18.8959413}},
        {"md_rod_hanging", "2", {1285.18083, -0.0454840145, -14.9930647, 0.549350992, -18.9485888}},
        {"md_rod_hanging", "3", {1562.87422, 0.0544346741, -14.9936667, -0.353507259, -18.9728103}}};
    char cmd[1024], out[4096], path[512];
    static const char *const NAMES[3] = {"md_rod_swing", "md_rod_body", "md_rod_hanging"};
    for (int k = 0; k < 3; k++) {
        snprintf(cmd, sizeof cmd, "%s run %s/%s.dat -o " HW_TMP "/hawser_%s_md -q > /dev/null 2>&1", HW_CLI_PATH,
                 HW_TEST_DATA_DIR, NAMES[k], NAMES[k]);
        cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    }
    double v[8];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, HW_TMP "/hawser_md_rod_swing_md/md_rod_swing.out");
        out_row(path, PIN[i].t, v, 4);
        for (int c = 0; c < 4; c++)
            cr_expect(fabs(v[c] - PIN[i].md[c]) <= 1e-3, "pinned t = %s column %d: Hawser %.9g, MoorDyn 2.7.2 %.9g",
                      PIN[i].t, c + 1, v[c], PIN[i].md[c]);
        snprintf(path, sizeof path, HW_TMP "/hawser_md_rod_body_md/md_rod_body.out");
        out_row(path, BODY[i].t, v, 5); /* FairTen1 R1NAPX R1NAPZ R1NBPX R1N6VZ */
        const double *m = BODY[i].md;
        cr_expect(fabs(v[0] - m[0]) <= 0.35 * m[0], "body t = %s FairTen1: %.9g vs %.9g", BODY[i].t, v[0], m[0]);
        cr_expect(fabs(v[1] - m[1]) <= 1e-4, "body t = %s R1NAPX: %.9g vs %.9g", BODY[i].t, v[1], m[1]);
        cr_expect(fabs(v[2] - m[2]) <= 2e-3, "body t = %s R1NAPZ: %.9g vs %.9g", BODY[i].t, v[2], m[2]);
        cr_expect(fabs(v[3] - m[3]) <= 1e-4, "body t = %s R1NBPX: %.9g vs %.9g", BODY[i].t, v[3], m[3]);
        cr_expect(fabs(v[4] - m[4]) <= 0.05, "body t = %s R1N6VZ: %.9g vs %.9g", BODY[i].t, v[4], m[4]);
        snprintf(path, sizeof path, HW_TMP "/hawser_md_rod_hanging_md/md_rod_hanging.out");
        out_row(path, HANG[i].t, v, 6); /* FairTen1 R1N0PX R1N0PZ R1N8PX R1N8PZ R1N4VX */
        m = HANG[i].md;
        for (int c = 1; c < 5; c++)
            cr_expect(fabs(v[c] - m[c]) <= (c % 2 ? 0.06 : 0.015), "hanging t = %s column %d: Hawser %.9g, MoorDyn "
                      "2.7.2 %.9g", HANG[i].t, c + 1, v[c], m[c]);
        cr_expect(fabs(v[0] - m[0]) <= 0.3 * m[0], "hanging t = %s FairTen1: %.9g vs %.9g", HANG[i].t, v[0], m[0]);
    }
    /* the rod's file: MoorDyn 2.7.2's columns (p then v, nodes 0..8), its nodes on the chord between
     * the ends the .out table reports */
    char *rf = slurp(HW_TMP "/hawser_md_rod_hanging_md/md_rod_hanging_Rod1.out"), hdr[4096], *hf[64];
    snprintf(hdr, sizeof hdr, "%.*s", (int)strcspn(rf, "\n"), rf);
    cr_assert_eq(split_fields(hdr, hf, 64), 1 + 27 + 27);
    cr_assert_str_eq(hf[1], "Node0px");
    cr_assert_str_eq(hf[27], "Node8pz");
    cr_assert_str_eq(hf[28], "Node0vx");
    cr_assert_str_eq(hf[54], "Node8vz");
    out_row(HW_TMP "/hawser_md_rod_hanging_md/md_rod_hanging.out", "2", v, 6);
    double w[54];
    out_row(HW_TMP "/hawser_md_rod_hanging_md/md_rod_hanging_Rod1.out", "2", w, 54);
    cr_assert_float_eq(w[0], v[1], 1e-9);
    cr_assert_float_eq(w[24], v[3], 1e-9);
    cr_assert_float_eq(w[12], 0.5 * (v[1] + v[3]), 1e-9);                    /* node 4 x: the middle */
    cr_assert_float_eq(w[27 + 12], v[5], 1e-9);                              /* node 4 vx */
}

/* A deck of rods alone may carry a LINE TYPES table no line uses (MoorDyn's own rod test decks
 * AddedMass.txt and RodInertia.txt do): the types are left out, with a note, and the deck runs as
 * the same rods without the table (before: "LINES: expected at least one line"). */
Test(rods, unused_line_types_beside_rods_alone)
{
    static char deck[1 << 14], both[1 << 14];
    snprintf(deck, sizeof deck, "%s", slurp(HW_TEST_DATA_DIR "/md_rod_free.dat"));
    const char *at = strstr(deck, "---------------------- ROD TYPES");
    cr_assert_not_null(at);
    snprintf(both, sizeof both, "%.*s"
             "----------------------- LINE TYPES ------------------------------------------\n"
             "TypeName   Diam    Mass/m     EA         BA/-zeta    EI         Cd     Ca     CdAx    CaAx\n"
             "(name)     (m)     (kg/m)     (N)        (N-s/-)     (N-m^2)    (-)    (-)    (-)     (-)\n"
             "chain      0.1     20         7.5e8      -0.5        0          1.2    1      0.1     0\n%s",
             (int)(at - deck), deck, at);
    hw_scenario *a = NULL, *b = NULL;
    cr_assert_eq(hw_md_load_string(both, "deck.dat", NULL, NULL, &a, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_md_load_string(deck, "deck.dat", NULL, NULL, &b, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(a->model.n_types, 0);
    cr_assert_eq(a->model.n_lines, 0);
    same_bodies_only(a, b);
    hw_scenario_free(a);
    hw_scenario_free(b);
}

/* Decks of rods alone (no LINES: MoorDyn reads every section as optional; dtM is then required):
 * md_rod_free.dat and md_rod_pinned.dat load to the bodies of their YAML twins. Rod channels and rod files need the rods' end points, which belong to the lines'
 * model: refused in such a deck. */
Test(rods, decks_of_rods_alone)
{
    static const char *const NAMES[2] = {"md_rod_free", "md_rod_pinned"};
    for (int k = 0; k < 2; k++) {
        char path[512];
        snprintf(path, sizeof path, HW_TEST_DATA_DIR "/%s.dat", NAMES[k]);
        static char deck[1 << 14];
        snprintf(deck, sizeof deck, "%s", slurp(path));
        hw_scenario *d = NULL, *y;
        cr_assert_eq(hw_md_load_string(deck, path, NULL, NULL, &d, NULL, msg, sizeof msg), HW_OK, "%s", msg);
        snprintf(path, sizeof path, HW_TEST_DATA_DIR "/%s.yaml", NAMES[k]);
        y = load_yaml(path);
        same_bodies_only(d, y);
        cr_assert_eq(d->model.n_lines, 0);
        cr_assert_eq(d->model.n_points, 0); /* no lines' model: no end points */
        hw_scenario_free(d);
        hw_scenario_free(y);
    }
    /* hawser run steps it (the world's step: there is no lumped model) */
    {
        char deck[4096], cmd[1024], out[4096];
        snprintf(deck, sizeof deck, "%s", slurp(HW_TEST_DATA_DIR "/md_rod_free.dat"));
        FILE *f = fopen(HW_TMP "/hawser_rods_alone.dat", "w");
        cr_assert_not_null(f);
        fputs(deck, f);
        fclose(f);
        snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_rods_alone.dat -o " HW_TMP "/hawser_rods_alone -q --t-end 0.2 "
                 "> /dev/null 2>&1", HW_CLI_PATH);
        cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
        char *csv = slurp(HW_TMP "/hawser_rods_alone/bodies.csv");
        cr_assert(strstr(csv, "\n0.2,"), "%s", csv);
    }
    /* without dtM: required */
    char deck[4096];
    snprintf(deck, sizeof deck, "%s", slurp(HW_TEST_DATA_DIR "/md_rod_free.dat"));
    char *dt = strstr(deck, "1e-4          dtM");
    cr_assert_not_null(dt);
    memcpy(dt, "1e-4          xxx", 17);
    memcpy(strstr(deck, "xxx"), "CFL", 3);
    hw_scenario *d = NULL;
    cr_assert_eq(hw_md_load_string(deck, "rods.dat", NULL, NULL, &d, NULL, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert(strstr(msg, "rods.dat:12: OPTIONS: expected a dtM option"), "%s", msg);
    /* rod files and channels in a deck of rods alone: tests/test_md_rodout.c */
}

/* Each Attachment word maps to its body kind (MoorDyn v2's words, any case), the rod's own body with
 * its reference point at end A carrying the cylinder 0 -> B - A; BodyN adds the cylinder A -> B to
 * body N; the ends become points rod<ID>_a, rod<ID>_b after the deck's points; a line on R1B ends on
 * rod1_b. NumSegs 0: one node at A, both end points there. */
Test(rods, attachment_words_map_to_body_kinds)
{
    struct { const char *word; hw_body_kind kind; } w[] = {
        {"Fixed", HW_BODY_FIXED}, {"anchor", HW_BODY_FIXED}, {"FIX", HW_BODY_FIXED}, {"Pinned", HW_BODY_PINNED},
        {"pin", HW_BODY_PINNED}, {"Coupled", HW_BODY_COUPLED}, {"Vessel", HW_BODY_COUPLED}, {"cpld", HW_BODY_COUPLED},
        {"Free", HW_BODY_FREE}, {"Point", HW_BODY_FREE}, {"con", HW_BODY_FREE}};
    for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
        char row[128];
        snprintf(row, sizeof row, "1 can %s 1 2 -50 4 6 -38 5 -", w[k].word);
        rod_deck(ROD_TYPE, row);
        hw_scenario *sc = NULL;
        cr_assert_eq(hw_md_load_string(rod_with("1  chain 1 2", "1  chain 1 R1B"), "deck.dat", NULL, NULL, &sc, NULL, msg,
                                       sizeof msg), HW_OK, "%s: %s", w[k].word, msg);
        cr_assert_eq(sc->n_bodies, 1);
        const hw_body_def *b = &sc->bodies[0];
        cr_assert_str_eq(b->name, "rod1");
        cr_assert_eq(b->kind, w[k].kind, "%s", w[k].word);
        cr_assert(b->pos[0] == 1 && b->pos[1] == 2 && b->pos[2] == -50);
        cr_assert(b->rot[0] == 0 && b->rot[1] == 0 && b->rot[2] == 0);
        cr_assert_eq(b->n_cylinders, 1);
        const hw_body_cylinder_def *c = &b->cylinders[0];
        cr_assert(c->a[0] == 0 && c->a[1] == 0 && c->a[2] == 0);
        cr_assert(c->b[0] == 3 && c->b[1] == 4 && c->b[2] == 12);
        cr_assert(c->diameter == 0.5 && c->mass_per_length == 200 && c->segments == 5);
        cr_assert(c->cd == 1.0 && c->ca == 0.9 && c->cd_end == 0.6 && c->ca_end == 0.7 && c->cd_ax == 0 && c->ca_ax == 0);
        cr_assert_eq(sc->model.n_points, 4);
        cr_assert_str_eq(sc->model.points[2].name, "rod1_a");
        cr_assert_str_eq(sc->model.points[3].name, "rod1_b");
        cr_assert(sc->model.points[3].pos[0] == 4 && sc->model.points[3].pos[2] == -38);
        cr_assert_eq(sc->model.lines[0].point_b, 3);
        hw_scenario_free(sc);
    }
    /* a FAILURE row at a rod end: the line's end on that end point */
    rod_deck(ROD_TYPE, ROD_ROW);
    char fl[8192];
    snprintf(fl, sizeof fl, "%s", rod_with("1  chain 1 2", "1  chain 1 R1B"));
    snprintf(rodtext, sizeof rodtext, "%s", fl);
    hw_scenario *fs = NULL;
    cr_assert_eq(hw_md_load_string(rod_with("---------------------- OPTIONS ---",
                                            "---------------------- FAILURE ----------------------\n"
                                            "FailureID Point Line(s) FailTime FailTen\n() () (,) (s) (N)\n"
                                            "1 R1b 1 0 5e6\n---------------------- OPTIONS ---"),
                                   "deck.dat", NULL, NULL, &fs, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(fs->model.lines[0].failure.on && fs->model.lines[0].failure.at == HW_FAIL_END_B);
    hw_scenario_free(fs);
    /* on a body: its frame; NumSegs 0: both end points at A */
    const char *bodies = "---------------------- BODIES ----------------------\n"
                         "ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca\n"
                         "(#) (-) (m) (m) (m) (deg) (deg) (deg) (kg) (m) (kg-m2) (m3) (m2) (-)\n"
                         "1 coupled 0 0 -5 0 0 90 0 0 0 0 0 0\n"
                         "---------------------- RODS ---";
    rod_deck(ROD_TYPE, "1 can Body1 1 0 -1 1 0 2 0 p");
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    cr_assert_eq(hw_md_load_string(rod_with("---------------------- RODS ---", bodies), "deck.dat", NULL, NULL, &sc, &md, msg,
                                   sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->n_bodies, 1);
    const hw_body_def *b = &sc->bodies[0];
    cr_assert_eq(b->n_cylinders, 1);
    cr_assert(b->cylinders[0].a[0] == 1 && b->cylinders[0].a[2] == -1 && b->cylinders[0].b[2] == 2);
    cr_assert_eq(b->cylinders[0].segments, 0);
    cr_assert_eq(sc->n_body_points, 2);
    for (int k = 0; k < 2; k++) {
        const hw_body_attach *a = &sc->body_points[k];
        cr_assert(a->body == 0 && a->at[0] == 1 && a->at[2] == -1, "end %d at A", k);
    }
    /* the body turned 90 deg about z: the rod's end at (0, 1, -6) in the world */
    const hw_point_def *p = &sc->model.points[2];
    cr_assert(fabs(p->pos[0]) < 1e-12 && fabs(p->pos[1] - 1) < 1e-12 && p->pos[2] == -6, "%g %g %g", p->pos[0],
              p->pos[1], p->pos[2]);
    cr_assert_eq(md->n_rods, 1);
    cr_assert(md->rods[0].flags == HW_MD_LO_POS && md->rods[0].pt_a == 2 && md->rods[0].pt_b == 3);
    hw_md_free(md);
    hw_scenario_free(sc);
}

/* md_rod_hanging.dat with TmaxIC 10: the static solve hangs the free rod straight under the line.
 * Analytic: the line pulls on the rod with the rod's wet weight W = (Mass/m - rho pi d^2/4) L_rod g =
 * 2659.5115 N; the line (wet weight w per length, EA) stretches by (W L + w L^2 / 2) / EA, so end A
 * is at z = -10 - L - that = -14.9967379 m and end B 4 m below it, straight under the fixed point. */
Test(rods, hanging_rod_statics_match_the_analytic_answer)
{
    char deck[1 << 13], path[256], cmd[1024], out[4096];
    snprintf(deck, sizeof deck, "%s", slurp(HW_TEST_DATA_DIR "/md_rod_hanging.dat"));
    char *o = strstr(deck, "0         TmaxIC");
    cr_assert_not_null(o);
    memcpy(o, "10        TmaxIC", 16);
    o = strstr(deck, "0.1       dtOut"); /* dtOut 0: a row at every output time, t = 0 included */
    cr_assert_not_null(o);
    memcpy(o, "0         dtOut", 15);
    snprintf(path, sizeof path, HW_TMP "/hawser_rod_static.dat");
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(deck, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_rod_static -q --t-end 0 > /dev/null 2>&1", HW_CLI_PATH, path);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    double v[6];
    out_row(HW_TMP "/hawser_rod_static/hawser_rod_static.out", "0", v, 6); /* FairTen1 R1N0PX R1N0PZ R1N8PX R1N8PZ R1N4VX */
    const double pi = 3.14159265358979323846, g = 9.80665, rho = 1025;
    const double W = (100 - rho * pi / 4 * 0.2 * 0.2) * 4 * g, w = (2 - rho * pi / 4 * 0.02 * 0.02) * g, L = 4.99;
    const double za = -10 - L - (W * L + w * L * L / 2) / 2e6;
    cr_expect(fabs(v[0] - W) <= 1e-6 * W, "FairTen1 %.10g, the rod's wet weight %.10g", v[0], W);
    /* the ends' heights from points.csv's 10 digits (the .out table has MoorDyn's 8) */
    char *pts = slurp(HW_TMP "/hawser_rod_static/points.csv"), *hf[32], *rf[32];
    char *row1 = strchr(pts, '\n');
    cr_assert_not_null(row1);
    *row1++ = 0;
    row1[strcspn(row1, "\n")] = 0;
    int nh = 0, nr = 0;
    for (char *t = strtok(pts, ","); t && nh < 32; t = strtok(NULL, ",")) hf[nh++] = t;
    for (char *t = strtok(row1, ","); t && nr < 32; t = strtok(NULL, ",")) rf[nr++] = t;
    cr_assert_eq(nr, nh);
    double zA = NAN, zB = NAN;
    for (int k = 0; k < nh; k++) {
        if (!strcmp(hf[k], "rod1_a.z_m")) zA = strtod(rf[k], NULL);
        if (!strcmp(hf[k], "rod1_b.z_m")) zB = strtod(rf[k], NULL);
    }
    cr_expect(fabs(zA - za) <= 1e-7, "end A z %.10g, analytic %.10g", zA, za);
    cr_expect(fabs(zB - (za - 4.0)) <= 1e-6, "end B z %.10g, analytic %.10g", zB, za - 4.0);
    cr_expect(fabs(v[1]) < 1e-6 && fabs(v[3]) < 1e-6, "straight under the fixed point: %g %g", v[1], v[3]);
}

/* A line on end B of a Fixed rod: md_rod_swing.dat with the rod Fixed and its line from the anchor
 * to R1B (7.9 m, slack). MoorDyn 2.7.2 (moordyn.Init_NoIC, Step 0.1 s from t = 0) puts the line's
 * node 10 on the rod's end B, (3, 0, -16), and its middle node at t = 3 s at (0.68232467,
 * -19.16763366) m, still ringing about its equilibrium by a few 1e-4 m (it starts from its own
 * initial shape; 3e-3 m of motion from t = 1 to 2 s); Hawser's line hangs at that equilibrium. The
 * fairlead tension: 12.5865652 N in MoorDyn (its end segment's tension), Hawser's FairTen1 adds the
 * end node's half segment of wet weight, 0.69 N (docs/moordyn.md, OUTPUTS). */
Test(rods, line_on_a_fixed_rods_end_b)
{
    char deck[1 << 13], path[256], cmd[1024], out[4096];
    snprintf(deck, sizeof deck, "%s", slurp(HW_TEST_DATA_DIR "/md_rod_swing.dat"));
    struct { const char *from, *to; } sub[3] = {
        {"Pinned      0.0", "Fixed       0.0"},
        {"1   rope      1        R1A      2.99 ", "1   rope      1        R1B      7.9  "},
        {"R1N10PX R1N10PZ R1N10VX R1N0PZ", "FairTen1 L1N10PX L1N10PZ L1N5PX L1N5PZ"}};
    for (int k = 0; k < 3; k++) {
        char *at = strstr(deck, sub[k].from), tmp[1 << 13];
        cr_assert_not_null(at, "%s", sub[k].from);
        snprintf(tmp, sizeof tmp, "%.*s%s%s", (int)(at - deck), deck, sub[k].to, at + strlen(sub[k].from));
        snprintf(deck, sizeof deck, "%s", tmp);
    }
    snprintf(path, sizeof path, HW_TMP "/hawser_rod_fixed_b.dat");
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(deck, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_rod_fixed_b -q > /dev/null 2>&1", HW_CLI_PATH, path);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    double v[5];
    out_row(HW_TMP "/hawser_rod_fixed_b/hawser_rod_fixed_b.out", "3", v, 5);
    cr_expect(v[1] == 3.0 && v[2] == -16.0, "the line's end on the rod's end B: %.17g %.17g", v[1], v[2]);
    cr_expect(fabs(v[3] - 0.68232467) <= 1e-3 && fabs(v[4] + 19.16763366) <= 1e-3, "middle node %.9g %.9g", v[3], v[4]);
    cr_expect(fabs(v[0] - (12.5865652 + 0.69)) <= 0.1, "FairTen1 %.9g", v[0]);
}

/* The whole-rod channels MoorDyn documents: R#PX.. (end A, the rod's reference point), R#RX, R#RY
 * (roll and pitch of the axis, deg: a rod tilted from +z towards +x by phi has pitch phi, roll 0),
 * R#TENA, R#TENB (the lines' force on each end). md_rod_swing.dat at t = 0: axis (3, 0, 4) / 5,
 * phi = atan2(3, 4) = 36.8698976 deg; the line on end A, none on end B. */
Test(rods, whole_rod_channels)
{
    char deck[1 << 13], cmd[1024], out[4096];
    snprintf(deck, sizeof deck, "%s", slurp(HW_TEST_DATA_DIR "/md_rod_swing.dat"));
    const char *from = "R1N10PX R1N10PZ R1N10VX R1N0PZ";
    char *at = strstr(deck, from), tmp[1 << 13];
    cr_assert_not_null(at);
    snprintf(tmp, sizeof tmp, "%.*sRod1PX R1PZ R1VX R1RX R1RY R1TENA R1TenB FairTen1%s", (int)(at - deck), deck,
             at + strlen(from));
    char *o = strstr(tmp, "0.1       dtOut"); /* dtOut 0: a row at every output time, t = 0 included */
    cr_assert_not_null(o);
    memcpy(o, "0         dtOut", 15);
    FILE *f = fopen(HW_TMP "/hawser_rod_whole.dat", "w");
    cr_assert_not_null(f);
    fputs(tmp, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_rod_whole.dat -o " HW_TMP "/hawser_rod_whole -q --t-end 0.1 "
             "> /dev/null 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    char *tab = slurp(HW_TMP "/hawser_rod_whole/hawser_rod_whole.out");
    cr_assert(strstr(tab, "\n       (s)                   m                   m                 m/s                 deg"
                          "                 deg                   N                   N                   N\n"), "%s", tab);
    double v[8];
    out_row(HW_TMP "/hawser_rod_whole/hawser_rod_whole.out", "0", v, 8);
    cr_expect(v[0] == 0 && v[1] == -20 && v[2] == 0, "end A %g %g, %g", v[0], v[1], v[2]);
    cr_expect(fabs(v[3]) < 1e-12, "roll %g", v[3]);
    cr_expect(fabs(v[4] - atan2(3.0, 4.0) * 180 / 3.14159265358979323846) < 1e-6, "pitch %.12g", v[4]); /* 8 digits */
    /* the channel itself, unprinted: the pitch to 1e-7 deg */
    {
        hw_md_deck *md = NULL;
        hw_scenario *sc = load_deck(HW_TMP "/hawser_rod_whole.dat", &md);
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
        double pitch = NAN;
        cr_assert_eq(hw_md_channel_value(sim, &md->channels[4], &pitch), HW_OK);
        cr_assert_str_eq(md->channels[4].name, "R1RY");
        cr_expect(fabs(pitch - atan2(3.0, 4.0) * 180 / 3.14159265358979323846) < 1e-7, "pitch %.12g", pitch);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
        hw_md_free(md);
    }
    cr_expect(v[5] > 0 && v[5] == v[7], "TENA %g is the line's force on its end B (FairTen1 %g)", v[5], v[7]);
    cr_expect(v[6] == 0, "no line on end B: %g", v[6]);
}

/* tests/data/md_drop.dat: TmaxIC no longer than dtIC (MoorDyn's own lifting test deck does this): no
 * initial-condition stage in MoorDyn, whose run starts from the deck's shape, so none in Hawser
 * (before, the static solve ran and stalled on the weight hanging from its slack, weightless line:
 * exit 4). The weight falls until its line snaps taut; MoorDyn 2.7.2 (PyPI wheel, moordyn.Init then
 * Step 0.05 s, GetPointPos) has it at z = -50.170015630 m at 0.2 s and -50.323273395 m at 0.3 s, on
 * the first snap (Hawser's: -50.16756 and -50.31874). After the snap the bouncing of a weight on a
 * stiff, lightly damped line is sensitive to the two codes' different schemes (MoorDyn's RK4 on its
 * own node loads): only the first 0.3 s are compared, within 1 cm. */
Test(deck, tmaxic_no_longer_than_dtic_starts_without_an_ic_stage)
{
    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/md_drop.dat -o " HW_TMP "/hawser_md_drop --t-end 0.3 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "TmaxIC 0.001 s is no longer than dtIC 0.001 s") && !strstr(out, "static equilibrium"),
              "%s", out);
    double v[2];
    out_row(HW_TMP "/hawser_md_drop/md_drop.out", "0.2", v, 2);
    cr_expect(fabs(v[0] - -50.170015630) < 0.01, "z at 0.2 s %.9g, MoorDyn -50.170015630", v[0]);
    out_row(HW_TMP "/hawser_md_drop/md_drop.out", "0.3", v, 2);
    cr_expect(fabs(v[0] - -50.323273395) < 0.01, "z at 0.3 s %.9g, MoorDyn -50.323273395", v[0]);
    char *pts = slurp(HW_TMP "/hawser_md_drop/points.csv");
    cr_assert(strstr(pts, "\n0,0,0,0,") && strstr(pts, ",0,0,-50,"), "the run starts from the deck's shape:\n%.300s", pts);
}

/* ---- bending: a pinned-pinned beam at the CFL step (docs/stability.md, "Bending and Heun") ---- */

/* md_beam.dat: a beam of EI 1e7 N m^2, 100 kg/m, EA 1.5e9 N, 20 segments of 0.5 m between two
 * fixed points 10 m apart, 5 m above the water, damping ratio 1 (BA -1), CFL 0.1 (dtM 8.11e-5 s,
 * RK2). Before the hinges had Kelvin-Voigt damping, its zigzag bending mode (w_b 4 sqrt(EI/mu)/l^2
 * = 5060 rad/s, undamped: the axial damping does not reach a transverse mode) grew under Heun's
 * method from round-off by a factor 1 + (h w_b)^4 / 8 a step, and MoorDyn's own beam deck
 * diverged at t = 0.89 s. MoorDyn 2.7.2 (PyPI wheel; moordyn.Create("md_beam.dat"), Init, Step by
 * 0.01 s to 2 s, GetLineNodePos of node 10) has no bending damping and shows the same growth: its
 * midspan deflection is 0.012969 m after its initial-condition stage, and by t = 1 s a zigzag of
 * +-1.6 cm rides on it (midspan z 5.0073, its neighbours 4.9758), still +-1 cm at 2 s. The analytic
 * deflection of a simply supported beam under its weight is 5 w L^4 / (384 EI) = 0.0127686 m
 * (w = 100 x 9.80665 N/m). Hawser: 0.0127167 m (-0.41 %): the sag stretches the beam (strain
 * 4e-6, tension T = 6.0 kN), which stiffens it by T / (pi^2 EI / L^2) = 0.6 %, and the hinge
 * chain's discretisation error is O(1 / N^2) (0.25 % at N = 20): 1 % holds both. Against
 * MoorDyn's figure 3 %: its curvature is a different discretisation and its initial state is a
 * dynamic relaxation (our static state is Newton's, residual 1e-8). */
Test(deck, beam_at_the_cfl_step_sags_as_the_analytic_beam)
{
    char cmd[2048], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/md_beam.dat -o " HW_TMP "/hawser_md_beam 2>&1", HW_CLI_PATH,
             HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "{\"status\":\"ok\""), "%s", out);
    cr_assert(strstr(out, "note: CFL 0.1: dtM = 8.1115573519472241e-05 s"), "the deck's own step, not clamped: %s", out);
    char *tab = slurp(HW_TMP "/hawser_md_beam/md_beam_Line1.out"), *f[80];
    char *rows[8];
    int nr = 0;
    for (char *r = strtok(tab, "\n"); r && nr < 8; r = strtok(NULL, "\n")) rows[nr++] = r;
    cr_assert_eq(nr, 2 + 4, "header, units, rows at 0.5, 1, 1.5, 2 s (MoorDyn's layout: none at t = 0)");
    const double w = 100.0 * 9.80665, L = 10.0, ei = 1e7, exact = 5.0 * w * L * L * L * L / (384.0 * ei);
    const double moordyn = 0.012969; /* MoorDyn 2.7.2, above */
    for (int k = 2; k < nr; k++) {
        int n = split_fields(rows[k], f, 80);
        cr_assert_eq(n, 1 + 3 * 21);
        double z9 = atof(f[1 + 3 * 9 + 2]), z10 = atof(f[1 + 3 * 10 + 2]), z11 = atof(f[1 + 3 * 11 + 2]);
        double sag = 5.0 - z10, zig = z9 + z11 - 2.0 * z10;
        cr_assert(fabs(sag - exact) <= 0.01 * exact, "t = %s: midspan deflection %.7g m, analytic %.7g m", f[0], sag, exact);
        cr_assert(fabs(sag - moordyn) <= 0.03 * moordyn, "t = %s: %.7g m, MoorDyn %.7g m", f[0], sag, moordyn);
        /* the static curvature M / EI (M = w L^2 / 8 at midspan) times l^2 = 3.06e-4 m (Hawser:
         * 3.045e-4); a growing zigzag would show here first */
        double zig0 = w * L * L / 8.0 / ei * 0.25;
        cr_assert(fabs(zig - zig0) < 0.03 * zig0, "t = %s: second difference at midspan %.4g m, static %.4g m", f[0],
                  zig, zig0);
    }
}

/* md_beam.yaml is md_beam.dat's twin: the same model (to the bit, its dt the deck's CFL step) and
 * the same state after 200 steps. */
Test(deck, beam_matches_its_yaml_twin)
{
    hw_scenario *sc[2] = {load_deck(HW_TEST_DATA_DIR "/md_beam.dat", NULL), load_yaml(HW_TEST_DATA_DIR "/md_beam.yaml")};
    same_models(&sc[0]->model, &sc[1]->model);
    hw_sim *sim[2];
    for (int k = 0; k < 2; k++)
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, NULL, NULL, &sim[k], msg, sizeof msg), HW_OK, "%s", msg);
    for (int k = 0; k < 2; k++) cr_assert_eq(hw_sim_step(sim[k], 200), HW_OK);
    double ta[20], tb[20];
    cr_assert_eq(hw_sim_line_tensions(sim[0], 0, ta), HW_OK);
    cr_assert_eq(hw_sim_line_tensions(sim[1], 0, tb), HW_OK);
    cr_assert(memcmp(ta, tb, sizeof ta) == 0);
    for (int k = 0; k < 2; k++) {
        hw_sim_destroy(sim[k]);
        hw_scenario_free(sc[k]);
    }
}

/* SeafloorFile not beside the deck: read from the working directory, where MoorDyn 2.7.2 opens it
 * (its own seafloor decks name Mooring/3D_seafloor/... from the folder above them), with a note;
 * found in neither, an I/O error at the option's line saying both. md_seafloor.dat copied into the
 * build tree, run from tests/data where its grid file is. */
Test(deck, seafloor_file_from_the_working_directory)
{
    char cmd[2048], out[8192];
    snprintf(cmd, sizeof cmd, "mkdir -p " HW_TMP "/hawser_sf_cwd && cp %s/md_seafloor.dat " HW_TMP "/hawser_sf_cwd/ && "
             "cd %s && %s check " HW_TMP "/hawser_sf_cwd/md_seafloor.dat 2>&1", HW_TEST_DATA_DIR, HW_TEST_DATA_DIR,
             HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "md_seafloor.dat:23: note: SeafloorFile md_seafloor_bathy.txt: not beside the deck; read from "
                          "the working directory"), "%s", out);
    snprintf(cmd, sizeof cmd, "cd " HW_TMP " && %s check " HW_TMP "/hawser_sf_cwd/md_seafloor.dat 2>&1", HW_CLI_PATH);
    int rc = sh(cmd, out, sizeof out);
    cr_assert_eq(rc, 3, "exit %d: %s\n%s", rc, cmd, out);
    cr_assert(strstr(out, "md_seafloor.dat:23: OPTIONS SeafloorFile:") && strstr(out, "cannot open") &&
              strstr(out, "nor is it in the working directory"), "%s", out);
}
