/* The `network:` section of scenario files: a full network loads with the right values, and every
 * kind of error is one line "FILE:LINE: FIELD: expected ..., got ..." pointing at the offending key
 * (syntax-level checks of the loader and hw_net_check()'s rules mapped back to their lines). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "network/network_internal.h"
#include "io/scenario.h"
#include "shell.h"

#define SLED HW_TEST_DATA_DIR "/network_sled.yaml"

static char msg[2048];
static char text[16384];
static char base[16384];

static void load_base(void)
{
    FILE *f = fopen(SLED, "rb");
    cr_assert_not_null(f);
    size_t n = fread(base, 1, sizeof base - 1, f);
    base[n] = '\0';
    fclose(f);
}

/* The sled file with the first occurrence of from replaced by to. */
static const char *with(const char *from, const char *to)
{
    load_base();
    char *p = strstr(base, from);
    cr_assert_not_null(p, "'%s' not in the base scenario", from);
    size_t pre = (size_t)(p - base);
    snprintf(text, sizeof text, "%.*s%s%s", (int)pre, base, to, p + strlen(from));
    return text;
}

/* Loads text and expects HW_ERR_INPUT with a message starting "name:LINE: FIELD: " and holding
 * every fragment. */
static void expect_error(const char *t, int line, const char *field, const char *frag1, const char *frag2)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(t, "s.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d, message: %s", st, msg);
    cr_assert_null(sc);
    char head[512];
    snprintf(head, sizeof head, "s.yaml:%d: %s: ", line, field);
    cr_assert(!strncmp(msg, head, strlen(head)), "expected '%s...', got: %s", head, msg);
    cr_assert(strstr(msg, frag1), "'%s' not in: %s", frag1, msg);
    if (frag2) cr_assert(strstr(msg, frag2), "'%s' not in: %s", frag2, msg);
    cr_assert(!strchr(msg, '\n'));
}

Test(scenario_network, sled_example_loads_and_runs)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load(HW_EXAMPLES_DIR "/sled_ramp.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_not_null(sc->network);
    cr_assert_eq(sc->model.n_lines, 0);
    const hw_net_def *d = sc->network;
    cr_assert_eq(d->n_nodes, 2);
    cr_assert_eq(d->n_rnodes, 1);
    cr_assert_eq(d->n_elems, 4);
    cr_assert_eq(d->elems[0].type, NET_DRUM);
    cr_assert_float_eq(d->elems[0].drum.radius, 0.3, 1e-15);
    cr_assert_eq(d->elems[0].drum.windup, 1);
    cr_assert_eq(d->elems[0].drum.inertia_on, 1);
    cr_assert_eq(d->elems[1].basic.kind, HW_NET_ANGVEL_SOURCE);
    cr_assert_eq(d->elems[1].basic.signal.kind, HW_SIGNAL_RAMP);
    cr_assert_float_eq(d->elems[1].basic.signal.duration, 2.0, 1e-15);
    cr_assert_eq(d->elems[2].rope.node_b, 0);
    cr_assert_eq(d->elems[2].rope.node_f, 1);
    cr_assert_float_eq(d->elems[2].rope.fmax, 2e4, 1e-9);
    cr_assert_float_eq(d->elems[3].rail.theta, 10.0 * 3.14159265358979323846 / 180.0, 1e-15);
    cr_assert_float_eq(d->elems[3].rail.k_brk, 0.5, 1e-15);
    /* run it: after the start-up the sled moves at the haul speed w R = 0.3 m/s against Coulomb
       friction, so the rope tension is m g (sin + K_C cos) + f_v v (the Stribeck term is ~e^-450) */
    hw_net *net = NULL;
    cr_assert_eq(hw_net_create(d, NULL, NULL, &net, msg, sizeof msg), HW_OK, "%s", msg);
    while (hw_net_time(net) < 15.0 - 1e-9) cr_assert_eq(hw_net_step(net, 0.01), HW_OK, "%s", hw_net_last_error(net));
    double x, v, T, th = 10.0 * 3.14159265358979323846 / 180.0;
    hw_net_node_state(net, 1, &x, &v);
    hw_net_element_force(net, 2, &T);
    double want = 500 * 9.80665 * (sin(th) + 0.4 * cos(th)) + 20 * 0.3;
    cr_assert(fabs(v - 0.3) < 1e-4, "sled speed %g", v);
    cr_assert(fabs(T - want) < 1e-3 * want, "rope tension %.6g, expected %.6g", T, want);
    double xl;
    hw_net_rail_x_log(net, 3, &xl);
    cr_assert_float_eq(xl, x + 1.0, 1e-12);
    hw_net_destroy(net);
    hw_scenario_free(sc);
}

Test(scenario_network, non_increasing_table_file)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load(HW_TEST_DATA_DIR "/network_bad_table.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT);
    cr_assert(strstr(msg, "network_bad_table.yaml:16: network.elements[0] (cable).table[2]: "), "%s", msg);
    cr_assert(strstr(msg, "expected values strictly increasing, got 0.01 after 0.01"), "%s", msg);
}

Test(scenario_network, breakaway_below_coulomb_file)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load(HW_TEST_DATA_DIR "/network_bad_friction.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT);
    cr_assert(strstr(msg, "network_bad_friction.yaml:10: network.elements[0] (sled).K_brk: "), "%s", msg);
    cr_assert(strstr(msg, "K_brk >= K_C = 0.4, got 0.3"), "%s", msg);
}

Test(scenario_network, unknown_key)
{
    expect_error(with("      radius: 0.3\n", "      radius: 0.3\n      Radius2: 1\n"), 23,
                 "network.elements[0] (winch).Radius2", "expected a key of a drum", "got \"Radius2\"");
}

Test(scenario_network, unknown_node_name)
{
    expect_error(with("      follower: sled\n", "      follower: sledge\n"), 33,
                 "network.elements[2] (haul_rope).follower", "expected a node name (one of: drum_end, sled)",
                 "got \"sledge\"");
}

Test(scenario_network, rotational_node_expected)
{
    expect_error(with("      shaft: shaft\n", "      shaft: sled\n"), 20, "network.elements[0] (winch).shaft",
                 "expected a rotational node name (one of: shaft)", NULL);
}

Test(scenario_network, bad_element_type)
{
    expect_error(with("    - type: drum\n", "    - type: drumm\n"), 18, "network.elements[0].type",
                 "expected one of: rope, drum, rail_mass", "got \"drumm\"");
}

Test(scenario_network, negative_radius)
{
    expect_error(with("      radius: 0.3\n", "      radius: -0.3\n"), 22, "network.elements[0] (winch).radius",
                 "expected a radius R > 0 m, got -0.3", NULL);
}

Test(scenario_network, windup_word)
{
    expect_error(with("      windup: opposite\n", "      windup: both\n"), 23, "network.elements[0] (winch).windup",
                 "expected one of: opposite, same, got \"both\"", NULL);
}

Test(scenario_network, signal_period)
{
    expect_error(with("      signal: {type: ramp, value: 0, slope: 0.5, start: 0, duration: 2}\n",
                      "      signal: {type: sinusoid, amplitude: 1, period: 0}\n"),
                 29, "network.elements[1] (motor).signal.period", "expected a period > 0 s, got 0", NULL);
}

Test(scenario_network, signal_table_rows)
{
    expect_error(with("      signal: {type: ramp, value: 0, slope: 0.5, start: 0, duration: 2}\n",
                      "      signal:\n        type: table\n        table:\n          - [0, 0]\n          - [2, 1]\n"
                      "          - [1, 1]\n"),
                 34, "network.elements[1] (motor).signal.table.t[2]", "strictly increasing", NULL);
    expect_error(with("      signal: {type: ramp, value: 0, slope: 0.5, start: 0, duration: 2}\n",
                      "      signal:\n        type: table\n        table:\n          - [0, 0]\n          - [1, 0, 3]\n"),
                 33, "network.elements[1] (motor).signal.table[1]", "expected a row of 2 numbers [t, y]", NULL);
}

Test(scenario_network, table_negative_stiffness_and_row_size)
{
    const char *t = with("      K: 2.0e5\n",
                         "      stiffness: table\n      table:\n        - [0, 1.0e5, 0]\n        - [0.1, -2.0e5, 0]\n");
    expect_error(t, 38, "network.elements[2] (haul_rope).table.K[1]", "expected a stiffness >= 0, got -200000", NULL);
    t = with("      K: 2.0e5\n", "      stiffness: table\n      table:\n        - [0, 1.0e5, 0]\n        - [0.1, 1.0e5]\n");
    expect_error(t, 38, "network.elements[2] (haul_rope).table[1]", "expected a row of 3 numbers [stretch, K, D]", NULL);
}

Test(scenario_network, table2_size_mismatch)
{
    const char *t = with("      K: 2.0e5\n",
                         "      stiffness: table2\n      table2:\n        rest_lengths: [10, 20, 30]\n"
                         "        strains: [0, 0.01]\n        K: [[1, 2], [3, 4]]\n        D: [[0, 0], [0, 0], [0, 0]]\n");
    expect_error(t, 39, "network.elements[2] (haul_rope).table2.K",
                 "expected 3 rows (one per rest length) of 2 numbers (one per strain), got a list of 2 items", NULL);
}

Test(scenario_network, friction_coefficients)
{
    expect_error(with("      K_brk: 0.5\n", "      K_brk: 0.3\n"), 46, "network.elements[3] (sled).K_brk",
                 "K_brk >= K_C = 0.4, got 0.3", NULL);
    expect_error(with("      v_brk: 0.01\n", "      v_brk: 0\n"), 48, "network.elements[3] (sled).v_brk",
                 "expected a breakaway velocity > 0 m/s, got 0", NULL);
}

Test(scenario_network, structural_errors_map_to_lines)
{
    /* an angular velocity source on a fixed rotational node */
    expect_error(with("    - {name: shaft}\n", "    - {name: shaft, fixed: true}\n"), 28,
                 "network.elements[1] (motor).node", "expected a free node, got one that is fixed", NULL);
    /* a free node nothing gives mass to: reported at the node's line */
    expect_error(with("    - {name: sled, x: 0}\n", "    - {name: sled, x: 0}\n    - {name: loose, x: 3}\n"), 15,
                 "network.nodes[2] (loose).mass", "expected a free node to carry mass", NULL);
}

Test(scenario_network, missing_required_and_wrong_type)
{
    expect_error(with("      mass: 500\n", ""), 40, "network.elements[3] (sled).mass",
                 "expected a number (required key), got nothing", NULL);
    expect_error(with("      length: 20\n", "      length: long\n"), 34, "network.elements[2] (haul_rope).length",
                 "expected a number, got \"long\"", NULL);
    expect_error(with("  nodes:\n", "  knots:\n"), 12, "network.knots", "expected a key of the network", NULL);
}

Test(scenario_network, duplicate_names)
{
    expect_error(with("    - {name: sled, x: 0}\n", "    - {name: drum_end, x: 0}\n"), 14,
                 "network.nodes[1] (drum_end)", "expected a name not used before in network.nodes", NULL);
}

/* ---- the CLI: network.csv ------------------------------------------------------------------------- */

/* Every row of a CSV complete, with as many numeric fields as the header has names. Returns the
 * number of data rows, or -1. */
static long csv_rows(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    static char line[65536];
    long rows = -1;
    int cols = -1;
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        if (!n || line[n - 1] != '\n') { rows = -1; break; }
        int c = 1;
        for (char *p = line; *p; p++) c += *p == ',';
        if (cols < 0) { cols = c; rows = 0; continue; }
        if (c != cols) { rows = -1; break; }
        char *p = line, *end;
        for (int k = 0; k < c; k++) {
            strtod(p, &end);
            if (end == p) { fclose(f); return -1; }
            p = end + 1;
        }
        rows++;
    }
    fclose(f);
    return rows;
}

static void write_text(const char *path, const char *t)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(t, f);
    fclose(f);
}

Test(cli_network, network_only_scenario_writes_network_csv)
{
    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_net_sled && %s run %s/sled_ramp.yaml -o " HW_TMP "/hawser_net_sled -q 2>/dev/null",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "{\"status\":\"ok\"") && strstr(out, "\"steps\":2000"), "%s", out);
    /* outputs.interval defaults to 0.1 s: 20 s -> 201 rows with t = 0 */
    cr_assert_eq(csv_rows(HW_TMP "/hawser_net_sled/network.csv"), 201);
}

/* Case 22 through the CLI: exceeding Fmax stops the run (exit 4) with the element and time, and
 * network.csv written so far parses. */
Test(cli_network, fmax_stops_the_run_and_the_csv_parses)
{
    write_text(HW_TMP "/hawser_net_fmax.yaml", with("      Fmax: 2.0e4\n", "      Fmax: 2000\n"));
    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_net_fmax && %s run " HW_TMP "/hawser_net_fmax.yaml -o " HW_TMP "/hawser_net_fmax -q 2>&1",
             HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "rope 'haul_rope'") && strstr(out, "Fmax = 2000 N at t = "), "%s", out);
    cr_assert(strstr(out, "\"status\":\"numerical_failure\""), "%s", out);
    long rows = csv_rows(HW_TMP "/hawser_net_fmax/network.csv");
    cr_assert(rows >= 2 && rows < 201, "rows %ld", rows);
}

/* Lines and a network in one scenario: both step at the solver's dt; network.csv has a row per
 * output time like the lines' files. */
Test(cli_network, lines_and_network_together)
{
    FILE *f = fopen(HW_EXAMPLES_DIR "/taut_tether.yaml", "rb");
    cr_assert_not_null(f);
    static char t[16384];
    size_t n = fread(t, 1, 8000, f);
    t[n] = 0;
    fclose(f);
    load_base();
    strcat(t, strstr(base, "network:"));
    write_text(HW_TMP "/hawser_net_both.yaml", t);
    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_net_both && %s run " HW_TMP "/hawser_net_both.yaml -o " HW_TMP "/hawser_net_both --t-end 2 -q 2>/dev/null",
             HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    long rows = csv_rows(HW_TMP "/hawser_net_both/network.csv");
    cr_assert(rows > 20, "rows %ld", rows);
    cr_assert_eq(csv_rows(HW_TMP "/hawser_net_both/lines.csv"), rows, "one network row per lines row");
}
