/* Scenario overrides (hw_scenario_load_with, host/io/overrides.c): "KEY.PATH=VALUE" applied to the
 * YAML document before the loader reads it. Each path form (keys, list items by index and by
 * name, a missing last key added, a whole list item replaced), VALUE parsed as YAML, and each
 * error, which names the override. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "io/overrides.h"
#include "io/scenario.h"
#include "io/yaml_doc.h"
#include "hawser/world.h"

static const char *BASE =
    "line_types:\n"
    "  - name: chain\n"
    "    diameter: 0.1\n"
    "    mass_per_length: 100\n"
    "    EA: 1.0e9\n"
    "  - name: wire\n"
    "    diameter: 0.05\n"
    "    mass_per_length: 20\n"
    "    EA: 2.0e8\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [-500, 0, -100]}\n"
    "  - {name: fair, type: fixed, position: [0, 0, -10]}\n"
    "  - {name: anchor2, type: fixed, position: [500, 0, -100]}\n"
    "lines:\n"
    "  - {name: mooring, type: chain, end_a: anchor, end_b: fair, length: 520, segments: 10}\n"
    "  - {name: second, type: wire, end_a: anchor2, end_b: fair, length: 530, segments: 10}\n"
    "solver:\n"
    "  t_end: 5\n";

static char msg[2048];

static hw_scenario *load(const char *const *ovr, int n)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_with("base.yaml", BASE, ovr, n, &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_not_null(sc);
    return sc;
}

/* The error of loading with these overrides, which must fail with HW_ERR_INPUT. */
static const char *fails(const char *const *ovr, int n)
{
    hw_scenario *sc = (hw_scenario *)1;
    hw_status st = hw_scenario_load_with("base.yaml", BASE, ovr, n, &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d: %s", st, msg);
    cr_assert_null(sc);
    return msg;
}

static void contains(const char *s, const char *part)
{
    cr_assert(strstr(s, part), "expected '%s' in: %s", part, s);
}

Test(overrides, none_loads_the_base)
{
    hw_scenario *sc = load(NULL, 0);
    cr_assert_float_eq(sc->model.lines[0].length, 520, 0);
    hw_scenario_free(sc);
}

Test(overrides, key_path_to_a_mapping_value)
{
    const char *o[] = {"solver.t_end=2.5"};
    hw_scenario *sc = load(o, 1);
    cr_assert_float_eq(sc->model.solver.t_end, 2.5, 0);
    hw_scenario_free(sc);
}

Test(overrides, list_item_by_index)
{
    const char *o[] = {"lines[1].length=540", "line_types[0].mass_per_length = 120"};
    hw_scenario *sc = load(o, 2);
    cr_assert_float_eq(sc->model.lines[1].length, 540, 0);
    cr_assert_float_eq(sc->model.lines[0].length, 520, 0);
    cr_assert_float_eq(sc->model.types[0].mu, 120, 0);
    hw_scenario_free(sc);
}

Test(overrides, list_item_by_name)
{
    const char *o[] = {"lines.second.length=545", "line_types.wire.EA=3e8"};
    hw_scenario *sc = load(o, 2);
    cr_assert_float_eq(sc->model.lines[1].length, 545, 0);
    cr_assert_float_eq(sc->model.types[1].ea, 3e8, 0);
    hw_scenario_free(sc);
}

Test(overrides, missing_last_key_is_added)
{
    const char *o[] = {"line_types.chain.mbl=5e6", "environment={}", "solver.dt=0.001"};
    /* environment: the section with its defaults; solver.dt added */
    hw_scenario *sc = load(o, 3);
    cr_assert_float_eq(sc->model.types[0].mbl, 5e6, 0);
    cr_assert_float_eq(sc->model.solver.dt, 0.001, 0);
    hw_scenario_free(sc);
    const char *o2[] = {"environment={depth: 150}", "environment.gravity=9.81"};
    sc = load(o2, 2);
    cr_assert_float_eq(sc->model.env.depth, 150, 0);
    cr_assert_float_eq(sc->model.env.g, 9.81, 0);
    hw_scenario_free(sc);
}

Test(overrides, value_is_yaml)
{
    const char *o[] = {"points.fair.position=[1, 2, -12]", "lines[0].type=\"wire\""};
    hw_scenario *sc = load(o, 2);
    cr_assert_float_eq(sc->model.points[1].pos[0], 1, 0);
    cr_assert_float_eq(sc->model.points[1].pos[2], -12, 0);
    cr_assert_eq(sc->model.lines[0].type, 1);
    hw_scenario_free(sc);
}

Test(overrides, whole_list_item_replaced)
{
    const char *o[] = {"lines[1]={name: other, type: chain, end_a: anchor2, end_b: fair, length: 600, segments: 4}"};
    hw_scenario *sc = load(o, 1);
    cr_assert_str_eq(sc->model.lines[1].name, "other");
    cr_assert_eq(sc->model.lines[1].nseg, 4);
    hw_scenario_free(sc);
}

Test(overrides, later_override_wins)
{
    const char *o[] = {"solver.t_end=3", "solver.t_end=4"};
    hw_scenario *sc = load(o, 2);
    cr_assert_float_eq(sc->model.solver.t_end, 4, 0);
    hw_scenario_free(sc);
}

Test(overrides, index_out_of_range)
{
    const char *o[] = {"lines[7].length=3"};
    cr_assert_str_eq(fails(o, 1), "base.yaml: override 'lines[7].length=3': lines has 2 items");
}

Test(overrides, unknown_name)
{
    const char *o[] = {"lines.moor.length=3"};
    contains(fails(o, 1), "base.yaml: override 'lines.moor.length=3': lines has no item named 'moor' "
                          "(names: mooring, second)");
}

Test(overrides, missing_intermediate_key)
{
    const char *o[] = {"environment.waves.seed=3"};
    contains(fails(o, 1), "base.yaml: override 'environment.waves.seed=3': the scenario has no key 'environment'");
    const char *o2[] = {"solver.foo.bar=1"};
    contains(fails(o2, 1), "override 'solver.foo.bar=1': solver has no key 'foo'");
}

Test(overrides, wrong_kind_on_the_way)
{
    const char *o[] = {"solver[0]=1"};
    contains(fails(o, 1), "override 'solver[0]=1': solver is a mapping, not a list");
    const char *o2[] = {"solver.t_end.x=1"};
    contains(fails(o2, 1), "override 'solver.t_end.x=1': solver.t_end is the value 5, not a mapping");
}

Test(overrides, malformed)
{
    const char *o[] = {"solver.t_end"};
    contains(fails(o, 1), "base.yaml: override 'solver.t_end': expected KEY.PATH=VALUE");
    const char *o2[] = {"=3"};
    contains(fails(o2, 1), "override '=3': expected KEY.PATH=VALUE");
    const char *o3[] = {"lines[x].length=3"};
    contains(fails(o3, 1), "override 'lines[x].length=3': lines[x].length: expected a list index [N]");
    const char *o4[] = {"lines..length=3"};
    contains(fails(o4, 1), "override 'lines..length=3': lines..length: expected names joined by '.' and "
                           "list indexes [N], got an empty key at '.length'");
    const char *o5[] = {"solver.t_end=[1, 2"};
    contains(fails(o5, 1), "override 'solver.t_end=[1, 2': VALUE: expected valid YAML");
}

/* The loader's error in an overridden value names the override, not a line of the file. */
Test(overrides, loader_error_names_the_override)
{
    const char *o[] = {"solver.t_end=3", "lines.second.length=abc"};
    const char *m = fails(o, 2);
    contains(m, "base.yaml: override 'lines.second.length=abc': lines[1] (second).length: expected");
    cr_assert_null(strstr(m, "100000"), "%s", m);
    const char *o2[] = {"line_types.chain.mass_per_length=-5"}; /* the model check's error */
    m = fails(o2, 1);
    contains(m, "base.yaml: override 'line_types.chain.mass_per_length=-5': line_types[0] (chain).mass_per_length");
    const char *o3[] = {"solver.bogus=1"}; /* an unknown key added */
    contains(fails(o3, 1), "override 'solver.bogus=1'");
    /* an error elsewhere keeps its line */
    const char *o4[] = {"lines.second.type=nothing"};
    contains(fails(o4, 1), "override 'lines.second.type=nothing'");
}

Test(overrides, hw_scenario_check_names_it_later)
{
    const char *o[] = {"line_types.chain.diameter=0.2"};
    hw_scenario *sc = load(o, 1);
    ((hw_line_type_def *)sc->model.types)[0].d = -1; /* as a later change would */
    cr_assert_neq(hw_scenario_check(sc, msg, sizeof msg), HW_OK);
    contains(msg, "override 'line_types.chain.diameter=0.2'");
    hw_scenario_free(sc);
}

Test(overrides, flow_text_reads_back)
{
    yaml_document_t d;
    int line;
    char problem[256], buf[256];
    const char *t = "a: [1, -2.5, \"x y\", {k: v}, plain word, '', 'a,b']\n";
    cr_assert_eq(yd_load(t, strlen(t), &d, &line, problem, sizeof problem), 0);
    yaml_node_t *v = yd_map_find(&d, yd_root(&d), "a", NULL);
    hw_ovr_flow(&d, v, buf, sizeof buf);
    cr_assert_str_eq(buf, "[1, -2.5, \"x y\", {k: v}, plain word, \"\", \"a,b\"]");
    yaml_document_delete(&d);
}

Test(overrides, split)
{
    char key[64];
    const char *v;
    cr_assert_eq(hw_ovr_split(" a.b = 3=4", key, sizeof key, &v), 0);
    cr_assert_str_eq(key, "a.b");
    cr_assert_str_eq(v, " 3=4");
    cr_assert_eq(hw_ovr_split("nokey", key, sizeof key, &v), -1);
}

/* The C API takes the same overrides (hw_world_load_opts.overrides). */
Test(overrides, through_hw_world_load)
{
    const char *o[] = {"lines.mooring.segments=4", "lines[1].length=540"};
    hw_world_load_opts lo = hw_default_load_opts();
    lo.overrides = o;
    lo.n_overrides = 2;
    hw_world *w = NULL;
    hw_status st = hw_world_load_string(BASE, "base.yaml", &lo, &w, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_eq(hw_sim_line_nseg(hw_world_lumped(w), hw_world_find(w, HW_OBJ_LINE, "mooring")), 4);
    hw_world_destroy(w);
    const char *bad[] = {"lines.mooring.segments=0"};
    lo.overrides = bad;
    lo.n_overrides = 1;
    w = NULL;
    cr_assert_eq(hw_world_load_string(BASE, "base.yaml", &lo, &w, msg, sizeof msg), HW_ERR_INPUT);
    cr_assert_null(w);
    contains(msg, "base.yaml: override 'lines.mooring.segments=0': lines[0] (mooring).segments");
}
