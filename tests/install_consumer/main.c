/* A program outside the project that uses an installed Hawser (tests/test_install.sh builds it
 * with find_package(Hawser) and with pkg-config, shared and static): one taut weightless line,
 * 99.9 m long between fixed points 100 m apart, EA 2e7 N, made twice: as an hw_sim from definition
 * structs, and as a world loaded from a YAML scenario's text and found by name. Its tension is
 * EA * strain = 2e7 * 0.1 / 99.9 N in every segment, before and after stepping. Prints it from
 * both; exits 1 when either is not that value. */
#include <hawser/checkpoint.h> /* every public header compiles in a consumer */
#include <hawser/hawser.h>
#include <hawser/world.h>
#include <math.h>
#include <stdio.h>

static const char *scenario =
    "environment: {gravity: 0, water_density: 0, depth: 50}\n"
    "line_types: [{name: wire, diameter: 0.05, mass_per_length: 5, EA: 2.0e7}]\n"
    "points: [{name: A, type: fixed, position: [0, 0, -10]},\n"
    "         {name: B, type: fixed, position: [100, 0, -10]}]\n"
    "lines: [{name: tether, type: wire, end_a: A, end_b: B, length: 99.9, segments: 20}]\n";

static int report(const char *how, hw_status st, const char *err, const double *T)
{
    double expect = 2e7 * 0.1 / 99.9;
    if (st != HW_OK) {
        fprintf(stderr, "%s: %s\n", how, err);
        return 1;
    }
    printf("%s: tension %.6f N (expected %.6f N)\n", how, T[10], expect);
    return fabs(T[10] - expect) <= 1e-6 * expect ? 0 : 1;
}

int main(void)
{
    hw_model_def def = hw_default_model();
    hw_line_type_def type = hw_default_line_type();
    hw_point_def pts[2] = {hw_default_point(), hw_default_point()};
    hw_line_def line = hw_default_line();
    type.name = "wire"; type.d = 0.05; type.mu = 5.0; type.ea = 2e7;
    pts[0].name = "A"; pts[1].name = "B"; pts[1].pos[0] = 100.0;
    line.name = "tether"; line.type = 0; line.point_a = 0; line.point_b = 1;
    line.length = 99.9; line.nseg = 20;
    def.env.g = 0; def.env.rho_w = 0;
    def.n_types = 1; def.types = &type;
    def.n_points = 2; def.points = pts;
    def.n_lines = 1; def.lines = &line;

    char msg[512] = "";
    double T[20] = {0};
    hw_sim *sim = NULL;
    hw_status st = hw_sim_create(&def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg);
    if (st == HW_OK && (st = hw_sim_step(sim, 100)) == HW_OK) st = hw_sim_line_tensions(sim, 0, T);
    int bad = report("sim", st, sim ? hw_sim_last_error(sim) : msg, T);
    hw_sim_destroy(sim);

    hw_world *w = NULL;
    hw_world_load_opts opts = hw_default_load_opts();
    T[10] = 0;
    st = hw_world_load_string(scenario, "consumer.yaml", &opts, &w, msg, sizeof msg);
    if (st == HW_OK && (st = hw_world_step(w, 100)) == HW_OK)
        st = hw_sim_line_tensions(hw_world_lumped(w), hw_world_find(w, HW_OBJ_LINE, "tether"), T);
    bad |= report("world", st, w ? hw_world_last_error(w) : msg, T);
    hw_world_destroy(w);
    return bad;
}
