/* A program outside the project that uses an installed Hawser (tests/test_install.sh builds it
 * with find_package(Hawser) and with pkg-config): one taut weightless line, 99.9 m long between
 * points 100 m apart, EA 2e7 N. Its tension is EA * strain = 2e7 * 0.1 / 99.9 N in every segment,
 * before and after stepping. Prints the tension; exits 1 when it is not that value. */
#include <hawser/checkpoint.h> /* every public header compiles in a consumer */
#include <hawser/hawser.h>
#include <hawser/world.h>
#include <math.h>
#include <stdio.h>

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

    char msg[256];
    hw_sim *sim = NULL;
    if (hw_sim_create(&def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg) != HW_OK) {
        fprintf(stderr, "hw_sim_create: %s\n", msg);
        return 1;
    }
    double T[20] = {0};
    hw_status st = hw_sim_step(sim, 100);
    if (st == HW_OK) st = hw_sim_line_tensions(sim, 0, T);
    if (st != HW_OK) fprintf(stderr, "hawser: %s\n", hw_sim_last_error(sim));
    hw_sim_destroy(sim);
    double expect = 2e7 * 0.1 / 99.9;
    printf("tension %.6f N (expected %.6f N)\n", T[10], expect);
    return st == HW_OK && fabs(T[10] - expect) <= 1e-6 * expect ? 0 : 1;
}
