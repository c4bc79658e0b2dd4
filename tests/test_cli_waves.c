/* The bundled sea example through the CLI (examples/vessel_in_waves.yaml: a JONSWAP sea, a vessel
 * moved by its RAOs, chain moorings, a crane wire with a payload):
 *   - it runs (`hawser run`, 8 s) and writes waves.csv, bodies.csv, lines.csv and the surface
 *     frames;
 *   - waves.csv's elevations are those of the sea the scenario defines, built independently here
 *     from the loaded scenario (hw_waves_create: same seed, same components) to 1e-9 m;
 *   - the vessel stays at its mean pose at t = 0 (the ramp starts at 0) and moves afterwards. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/waves.h"
#include "hawser/world.h"
#include "io/scenario.h"
#include "shell.h"

#define EX HW_EXAMPLES_DIR "/vessel_in_waves.yaml"
#define OUT HW_TMP "/hawser_cli_waves"

Test(cli_waves, vessel_in_waves_example)
{
    char cmd[1024], out[65536];
    snprintf(cmd, sizeof cmd, "%s run %s -o %s --t-end 8 --format csv,vtk -q 2>&1", HW_CLI_PATH, EX, OUT);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, "{\"status\":\"ok\"") && strstr(out, "\"waves\":{\"components\":200"), "%s", out);

    hw_scenario *sc = NULL;
    char msg[1024];
    cr_assert_eq(hw_scenario_load(EX, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_waves *w = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &w, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_waves_count(w), 200);

    FILE *f = fopen(OUT "/waves.csv", "r");
    cr_assert(f, "waves.csv written");
    char line[512];
    cr_assert(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "time_s,wp0.eta_m,wp1.eta_m\n");
    int rows = 0;
    double worst = 0.0, big = 0.0;
    while (fgets(line, sizeof line, f)) {
        double t, e0, e1;
        cr_assert_eq(sscanf(line, "%lf,%lf,%lf", &t, &e0, &e1), 3, "%s", line);
        worst = fmax(worst, fabs(e0 - hw_waves_elevation(w, 0.0, 0.0, t)));
        worst = fmax(worst, fabs(e1 - hw_waves_elevation(w, 100.0, 0.0, t)));
        big = fmax(big, fabs(e0));
        rows++;
    }
    fclose(f);
    cr_assert_eq(rows, 17, "rows at 0, 0.5 .. 8 s: %d", rows);
    cr_assert_lt(worst, 1e-9, "waves.csv against the scenario's sea: %g m", worst);
    cr_assert_gt(big, 1e-3, "the sea grows during the ramp (largest |eta| %g m by 8 s)", big);

    /* the vessel: at its mean pose at t = 0, moving afterwards (bodies.csv: time, then vessel.x_m ...) */
    f = fopen(OUT "/bodies.csv", "r");
    cr_assert(f, "bodies.csv written");
    char buf[8192];
    cr_assert(fgets(buf, sizeof buf, f));
    cr_assert(strstr(buf, "vessel.z_m"), "%s", buf);
    int zcol = 0;
    for (char *p = buf; p < strstr(buf, "vessel.z_m"); p++) zcol += *p == ',';
    double zmax = 0.0;
    int row = 0;
    while (fgets(buf, sizeof buf, f)) {
        char *p = buf;
        for (int c = 0; c < zcol; c++) p = strchr(p, ',') + 1;
        double z = atof(p);
        if (row == 0) cr_assert_eq(z, 0.0, "the vessel at its mean pose at t = 0: z = %g", z);
        zmax = fmax(zmax, fabs(z));
        row++;
    }
    fclose(f);
    cr_assert_gt(zmax, 1e-4, "the vessel heaves in the sea (largest |z| %g m)", zmax);

    f = fopen(OUT "/vtk/surface_000016.vtp", "r");
    cr_assert(f, "the free surface frame of t = 8 s");
    fclose(f);
    hw_waves_destroy(w);
    hw_scenario_free(sc);
}

/* An irregular sea repeats after 2 pi / dw (a record after its length): a world whose run is longer
 * says so in its log (a warning), and one within it, or in regular waves, does not. */
static char g_note[512];
static void keep_note(void *user, int level, const char *msg)
{
    (void)user;
    if (level >= 1 && strstr(msg, "repeats")) snprintf(g_note, sizeof g_note, "%s", msg);
}

static int world_note(hw_waves_kind kind, double t_end)
{
    hw_model_def m = hw_default_model();
    m.env.waves.kind = kind;
    m.env.waves.hs = 2.0;
    m.env.waves.tp = 8.0;
    m.env.waves.height = 2.0;
    m.env.waves.period = 8.0;
    m.env.waves.n_frequencies = 16;
    m.solver.t_end = t_end;
    m.solver.dt = 0.01;
    hw_world_def wd = hw_default_world();
    wd.lumped = &m;
    wd.log = keep_note;
    g_note[0] = 0;
    hw_world *w = NULL;
    char msg[512];
    cr_assert_eq(hw_world_create(&wd, &w, msg, sizeof msg), HW_OK, "%s", msg);
    double rep = hw_waves_repeat_period(hw_world_waves(w));
    hw_world_destroy(w);
    cr_assert_gt(rep, 0.0);
    return g_note[0] != 0;
}

Test(cli_waves, repeat_period_warning)
{
    cr_expect(world_note(HW_WAVES_SPECTRUM, 1e4), "a 16-frequency sea repeats within 1e4 s: warned");
    cr_expect(strstr(g_note, "the sea repeats itself after"), "%s", g_note);
    cr_expect(!world_note(HW_WAVES_SPECTRUM, 10.0), "within the repeat period: no warning (%s)", g_note);
    cr_expect(!world_note(HW_WAVES_REGULAR, 1e4), "regular waves repeat by nature: no warning (%s)", g_note);
}
