/* MoorDyn v2 decks: a deck and its hand-written YAML twin are the same model and give the same
 * numbers bit for bit; `hawser convert` output reloads as the same model; every unsupported
 * section, option and channel is refused, and every malformed deck gets a one-line error with the
 * file, the line and what was expected; the .out table has its header, units and rows. */
#include <criterion/criterion.h>
#include <math.h>
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

static int same_d(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }
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
    hw_md_channel inner = {"L2N10T", HW_MD_NODE_TEN, 1, 10, 0, "(N)"};
    hw_md_channel end = {"L2N20T", HW_MD_NODE_TEN, 1, 20, 0, "(N)"};
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

/* The .out writer on its own: WriteUnits 0 leaves the units row out; one row per write. */
Test(convert, out_table_rows_and_columns)
{
    hw_md_deck *md = NULL;
    hw_scenario *sc = load_deck(DECK, &md);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    for (int units = 0; units < 2; units++) {
        md->write_units = units;
        hw_md_out *o = NULL;
        cr_assert_eq(hw_md_out_open(&o, HW_TMP "/hawser_md_unit.out", md, msg, sizeof msg), HW_OK, "%s", msg);
        for (int k = 0; k < 3; k++) {
            cr_assert_eq(hw_md_out_write(o, sim, msg, sizeof msg), HW_OK, "%s", msg);
            cr_assert_eq(hw_sim_step(sim, 10), HW_OK);
        }
        hw_md_out_close(o);
        FILE *f = fopen(HW_TMP "/hawser_md_unit.out", "r");
        char line[4096];
        int rows = 0;
        while (fgets(line, sizeof line, f)) {
            int cols = 1;
            for (char *p = line; *p; p++) cols += *p == '\t';
            cr_assert_eq(cols, 9, "%s", line);
            if (rows == 1) cr_assert_eq(!strncmp(line, "(s)\t(N)", 7), units, "%s", line);
            rows++;
        }
        fclose(f);
        cr_assert_eq(rows, 1 + units + 3);
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
    expect(with("---------------------- OPTIONS ----------------------\n", rods), REFUSED, 19,
           "RODS: not supported yet", "rods");
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
        {"1 R1a 1 0 5e6\n", REFUSED, "FAILURE 1 Point", "rod end"},
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
    expect(with("0.01  dtM\n", "0.01 dtM\n1 WaveKin\n"), REFUSED, 19, "OPTIONS WaveKin", "not supported yet");
    cr_assert_eq(load_text(with("0.01  dtM\n", "0.01 dtM\n0 WaveKin\n0 Currents\n")), HW_OK, "%s", msg);
    expect(with("0.01  dtM\n", "0.01 dtM\n2 Currents\n"), REFUSED, 19, "OPTIONS Currents", "not supported yet");
    expect(with("0.01  dtM\n", "Euler tScheme\n"), REFUSED, 18, "OPTIONS tScheme", "Euler");
    expect(with("0.01  dtM\n", "AB3 tScheme\n"), REFUSED, 18, "tScheme AB3 not supported yet", NULL);
    expect(with("0.01  dtM\n", "state.bin fileIC\n"), REFUSED, 18, "OPTIONS fileIC", "saved state (\"state.bin\") not supported yet");
    expect(with("0.01  dtM\n", "state.bin ICfile\n"), REFUSED, 18, "OPTIONS ICfile", "LoadState");
    expect(with("0.01  dtM\n", "0 CFL\n"), BAD, 18, "OPTIONS CFL", "expected a Courant number > 0");
    expect(with("0.01  dtM\n", "fast CFL\n"), BAD, 18, "OPTIONS CFL", "expected a number");
    expect(with("0.01  dtM\n", "bathy.txt SeafloorFile\n"), REFUSED, 18, "SeafloorFile", "not supported yet");
    expect(with("100   WtrDpth", "bathy.txt WtrDpth"), REFUSED, 17, "bathymetry file", "not supported yet");
    expect(with("0.01  dtM\n", "2 StatDynFricScale\n"), REFUSED, 18, "StatDynFricScale", "not supported yet");
    expect(with("0.01  dtM\n", "0.3 MU_KT\n"), REFUSED, 18, "MU_KT", "FrictionCoefficient");
}

Test(errors, option_mistakes)
{
    expect(with("0.01  dtM\n", "3 Frobnicate\n"), BAD, 18, "OPTIONS Frobnicate", "expected a known option");
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
    expect(with("FairTen1\n", "Body1PX\n"), REFUSED, 20, "OUTPUTS Body1PX", "body channels not supported yet");
    expect(with("FairTen1\n", "Rod1PZ\n"), REFUSED, 20, "rod channels not supported yet", NULL);
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
    cr_assert_str_eq(md->channels[10].unit, "(N)");
    cr_assert_str_eq(md->channels[11].unit, "(m/s)");
    hw_md_free(md);
    hw_scenario_free(sc);
}

Test(errors, refused_line_type_features)
{
    expect(with("1e9 -0.5", "ea_curve.txt -0.5"), REFUSED, 6, "LINE TYPES chain EA", "curve file");
    expect(with("1e9 -0.5", "1e9|2e9 -0.5"), REFUSED, 6, "LINE TYPES chain EA", "viscoelastic");
    expect(with("1.2 1  0.1  0\n", "1.2 1  0.1  0 0.8\n"), REFUSED, 6, "LINE TYPES chain Cl",
           "vortex-induced vibration");
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
    expect(with("1  chain 1 2", "1  chain R1A 2"), REFUSED, 15, "LINES 1 AttachA", "rod end");
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
    expect(with("2  Coupled", "3  Coupled"), BAD, 11, "POINTS 3", "point ID 2");
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

typedef struct log_cap { char text[8192]; size_t used; } log_cap;
static void cap_log(void *user, int level, const char *m)
{
    log_cap *c = user;
    int n = snprintf(c->text + c->used, sizeof c->text - c->used, "%d %s\n", level, m);
    if (n > 0 && c->used + (size_t)n < sizeof c->text) c->used += (size_t)n;
}

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

/* The rows of a tab-separated file; every row must have ncols columns. */
static int tsv_rows(const char *path, int ncols, char first[2][512])
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    char line[8192];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        cr_assert(strchr(line, '\n'), "complete row");
        int cols = 1;
        for (char *p = line; *p; p++) cols += *p == '\t';
        cr_assert_eq(cols, ncols, "row %d of %s: %s", rows + 1, path, line);
        if (rows < 2) snprintf(first[rows], 512, "%.500s", line);
        rows++;
    }
    fclose(f);
    return rows;
}

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
    char cmd[2048], out[8192], first[2][512];
    snprintf(cmd, sizeof cmd, "%s run %s/moordyn_semisub.dat -o " HW_TMP "/hawser_md_ex --t-end 2 -q 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "{\"status\":\"ok\""), "%s", out);
    /* the example's OUTPUTS list 10 channels, dtOut is 0.5 s: Time + 10 columns, header + units
     * rows and the rows at t = 0, 0.5, ..., 2 */
    int rows = tsv_rows(HW_TMP "/hawser_md_ex/moordyn_semisub.out", 11, first);
    cr_assert_eq(rows, 2 + 5);
    cr_assert(!strncmp(first[0], "Time\tFAIRTEN1\t", 14), "%s", first[0]);
    cr_assert(!strncmp(first[1], "(s)\t(N)\t", 8), "%s", first[1]);
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
    char first[2][512];
    cr_assert_eq(tsv_rows(HW_TMP "/hawser_md_a/md_catenary.out", 9, first), 2 + 5);
    cr_assert_eq(access(HW_TMP "/hawser_md_b/hawser_md_conv.out", F_OK), -1, "no .out for a YAML run");
}

Test(cli, errors_and_exit_codes)
{
    char cmd[2048], out[8192];
    FILE *f = fopen(HW_TMP "/hawser_md_bad.dat", "w");
    cr_assert_not_null(f);
    fputs(with("FairTen1\n", "Body1PX\n"), f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_md_bad.dat -o " HW_TMP "/hawser_md_bad 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_assert(strstr(out, HW_TMP "/hawser_md_bad.dat:20: OUTPUTS Body1PX: body channels not supported yet"), "%s", out);
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
    cr_assert(!strncmp(nl + 1, "(s)\t(m)\t", 8), "%.40s", nl + 1);
    const char *at = strstr(lf, "\n0.15\t");
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
    const char *ot = strstr(tab, "\n0.15\t");
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
    expect(with("1  chain 1 2 520 10 -\n", "1  chain 1 2 520 10 pxt\n"), BAD, 15, "LINES 1 LineOutputs",
           "got 'x' in \"pxt\"");
    expect(with("1  chain 1 2 520 10 -\n", "1  chain 1 2 520 10 b\n"), BAD, 15, "LINES 1 LineOutputs",
           "p K v U D V t c s d");
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
    expect(with("0.01  dtM\n", "0.01 dtM\n2 WaveKin\n"), REFUSED, 19, "OPTIONS WaveKin: WaveKin 2",
           "WaveKin 7 reads the same wave_frequencies.txt");
    expect(with("0.01  dtM\n", "0.01 dtM\n1 WaveKin\n"), REFUSED, 19, "WaveKin 1 (kinematics set by the calling",
           "Hawser computes the wave kinematics");
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
    expect(with("0.01  dtM\n", "0.01 dtM\n2 Currents\n"), REFUSED, 19, "OPTIONS Currents: Currents 2",
           "repeats that current in time");
    expect(with("0.01  dtM\n", "0.01 dtM\n5 Currents\n"), REFUSED, 19, "OPTIONS Currents: Currents 5 not supported",
           "Currents 1 = current_profile.txt is read");
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
    cr_assert_eq(nr, 2 + 5, "header, units, rows at 0, 0.5, ..., 2 s");
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
