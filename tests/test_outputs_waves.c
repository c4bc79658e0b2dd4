/* The wave outputs (docs/outputs.md "Waves"): waves.csv (surface elevation at outputs.wave_points),
 * wave_kinematics.csv (the fluid at outputs.wave_nodes), results.h5's /waves and the free surface
 * in the ParaView frames (outputs.surface_grid), written through the output layer
 * (hw_outputs_open / attach_waves / write) for a line in regular waves, and read back.
 *
 * The sea is built through the C API (env.waves kind REGULAR, hw_waves_create): the YAML
 * `environment.waves` is the scenario lane's; once it is merged the same outputs come out of
 * `hawser run` (the CLI attaches hw_world_waves). What must hold, computed here independently:
 * - eta at (x, y), t: H/2 cos(k (x cos b + y sin b) - w t + phase) with k from this file's own
 *   solution of w^2 = g k tanh(k h) (bisection to 1e-15 relative). waves.csv prints 10 significant
 *   digits and eta is below 1 m: 5e-11 m; the time column (9 digits) is the exact row time here
 *   (k x 0.1 s, printed exactly), so 1e-9 m holds with room.
 * - wave_kinematics.csv: hw_waves_kinematics at the node's position of the row (taken from the
 *   simulation when the row was written), to the 10 printed digits (1e-9 relative + 1e-12); and
 *   a wet node's horizontal velocity against Airy's closed form with Wheeler stretching (1e-9
 *   relative: both are sums of a few doubles); a node above the surface is dry with no fluid.
 * - the ParaView surface: nx ny points at (x_i, y_j, eta) and (nx-1)(ny-1) quads, eta to 1e-12
 *   (17 digits printed); listed in run.pvd as part "surface" after the lines' parts.
 * - results.h5 /waves: the same values in binary (1e-12 against the closed form), shapes (rows,
 *   W), (rows, K, 3), (rows, ny, nx).
 * - scenario keys: shapes refused with FILE:LINE: FIELD, and any wave output without waves.
 * - through `hawser run`: the same scenario written as YAML by hw_scenario_write_yaml (its
 *   environment.waves is the scenario lane's part of the writer: until that is in the build the
 *   written file has no waves, is refused for its wave outputs, and the case skips saying so);
 *   summary.json's wave point maxima are waves.csv's; a run killed by SIGTERM and resumed writes
 *   the wave files byte for byte as the uninterrupted run, and the same summary statistics. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#include "hawser/waves.h"
#include "io/files.h"
#include "io/output.h"
#include "io/results_csv.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "shell.h"

#define PI 3.14159265358979323846

/* A wire hanging from a point 2 m above the mean surface to one 20 m below: its top node is in
 * the air, the others in the water. */
static const char *LINE =
    "environment: {depth: 30, water_density: 1025}\n"
    "line_types:\n"
    "  - {name: wire, diameter: 0.02, mass_per_length: 1.0, EA: 1.0e4, damping_ratio: 0.5}\n"
    "points:\n"
    "  - {name: top, type: fixed, position: [0, 0, 2]}\n"
    "  - {name: bottom, type: fixed, position: [10, 3, -20]}\n"
    "lines:\n"
    "  - {name: wire, type: wire, end_a: top, end_b: bottom, length: 25, segments: 5}\n"
    "solver: {t_end: 1, static_solve: false}\n"
    "outputs: {interval: 0.1}\n";

enum { NW = 3, NK = 3, NX = 5, NY = 4, ROWS = 4 };
static const double H = 1.5, T = 5.0, DIR = 0.3, PHASE = 0.7, DEPTH = 30.0, G = 9.80665;
static const double WP[2 * NW] = {0.0, 0.0, 12.5, -3.0, -40.0, 25.0};

/* k of w^2 = g k tanh(k h), by bisection (independent of hw_wave_number's Newton). */
static double wave_number(double w, double h, double g)
{
    double lo = w * w / g * 0.5, hi = w * w / g * 100.0 + 10.0 / h;
    for (int it = 0; it < 400 && hi - lo > 1e-15 * hi; it++) {
        double k = 0.5 * (lo + hi);
        if (g * k * tanh(k * h) > w * w) hi = k;
        else lo = k;
    }
    return 0.5 * (lo + hi);
}

static double eta_closed(double x, double y, double t)
{
    double w = 2 * PI / T, k = wave_number(w, DEPTH, G);
    return 0.5 * H * cos(k * (x * cos(DIR) + y * sin(DIR)) - w * t + PHASE);
}

/* Airy u_x with Wheeler stretching at r, t (kernels/physics/waves.h header, written out). */
static double ux_closed(const double r[3], double t)
{
    double w = 2 * PI / T, k = wave_number(w, DEPTH, G), h = DEPTH;
    double eta = eta_closed(r[0], r[1], t);
    double zs = h * (r[2] - eta) / (h + eta);
    double th = k * (r[0] * cos(DIR) + r[1] * sin(DIR)) - w * t + PHASE;
    return 0.5 * H * w * cosh(k * (zs + h)) / sinh(k * h) * cos(th) * cos(DIR);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* The scenario with a regular sea and every wave output (set by hand: the YAML waves are the
 * scenario lane's). */
static hw_scenario *wave_scenario(int formats)
{
    static hw_output_ref nodes[NK] = {{0, 0}, {0, 2}, {0, 5}};
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(LINE, "waves.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_waves_def *w = &sc->model.env.waves;
    w->kind = HW_WAVES_REGULAR;
    w->height = H;
    w->period = T;
    w->direction = DIR;
    w->phase = PHASE;
    sc->n_wave_points = NW;
    sc->wave_points = (double *)WP;
    sc->n_wave_nodes = NK;
    sc->wave_nodes = nodes;
    hw_surface_grid g = {-50.0, 50.0, -20.0, 40.0, NX, NY};
    sc->surface_grid = g;
    sc->out_formats = formats;
    sc->vtk_interval = 0;
    return sc;
}

/* Writes ROWS rows 0.1 s apart (50 steps of 0.002 s); pos[r]: the line's nodes at row r. */
static void run_rows(const char *dir, hw_scenario *sc, hw_waves *waves, double pos[ROWS][18], double *times)
{
    char msg[2048], failed[512];
    cr_assert_eq(hw_clean_run_dir(dir, NULL, failed, sizeof failed), 0, "%s", failed);
    sc->model.solver.dt = 0.002;
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs o;
    cr_assert_eq(hw_outputs_open(&o, dir, sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs_attach_waves(&o, waves);
    for (int r = 0; r < ROWS; r++) {
        if (r) cr_assert_eq(hw_sim_step(sim, 50), HW_OK);
        times[r] = hw_sim_time(sim);
        cr_assert_eq(hw_sim_line_positions(sim, 0, pos[r]), HW_OK);
        cr_assert_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_OK, "%s", msg);
    }
    cr_assert_eq(hw_outputs_finish(&o, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs_close(&o);
    hw_sim_destroy(sim);
}

/* ---- waves.csv and wave_kinematics.csv ------------------------------------------------------- */

Test(outputs_waves, csv_elevation_and_kinematics)
{
    const char *dir = HW_TMP "/hawser_waves_csv";
    char msg[2048], path[512];
    hw_scenario *sc = wave_scenario(HW_OUT_CSV);
    hw_waves *waves = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &waves, msg, sizeof msg), HW_OK, "%s", msg);
    double pos[ROWS][18], times[ROWS];
    run_rows(dir, sc, waves, pos, times);

    hw_csv c;
    snprintf(path, sizeof path, "%s/waves.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, ROWS, "a row per output time, t = 0 included");
    cr_assert_eq(c.cols, 1 + NW);
    cr_expect_str_eq(c.names[0], "time_s");
    cr_expect_str_eq(c.names[1], "wp0.eta_m");
    cr_expect_str_eq(c.names[3], "wp2.eta_m");
    double worst = 0;
    for (long r = 0; r < c.rows; r++) {
        double t = hw_csv_at(&c, r, 0);
        cr_expect(fabs(t - 0.1 * (double)r) < 1e-12, "row %ld at %g s", r, t);
        for (int k = 0; k < NW; k++) {
            double want = eta_closed(WP[2 * k], WP[2 * k + 1], t), got = hw_csv_at(&c, r, 1 + k);
            worst = fmax(worst, fabs(got - want));
            cr_expect(fabs(got - want) <= 1e-9, "row %ld point %d: eta %.12g, closed form %.12g", r, k, got, want);
        }
    }
    printf("waves.csv: eta at %d points x %d rows within %.2e m of H/2 cos(k x - w t + phase)\n", NW, ROWS, worst);
    hw_csv_free(&c);

    snprintf(path, sizeof path, "%s/wave_kinematics.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, ROWS);
    cr_assert_eq(c.cols, 1 + 9 * NK);
    static const char *const cols[9] = {"eta_m", "ux_m_s", "uy_m_s", "uz_m_s", "ax_m_s2", "ay_m_s2", "az_m_s2",
                                        "pd_Pa", "wet"};
    static const int node[NK] = {0, 2, 5};
    for (int k = 0; k < NK; k++)
        for (int j = 0; j < 9; j++) {
            char want[64];
            snprintf(want, sizeof want, "wire.n%d.%s", node[k], cols[j]);
            cr_expect_str_eq(c.names[1 + 9 * k + j], want);
        }
    double worst_u = 0;
    for (long r = 0; r < c.rows; r++) {
        double t = hw_csv_at(&c, r, 0);
        for (int k = 0; k < NK; k++) {
            const double *x = pos[r] + 3 * node[k];
            hw_wave_point p = hw_waves_kinematics(waves, x, times[r]);
            double want[9] = {p.eta, p.u[0], p.u[1], p.u[2], p.a[0], p.a[1], p.a[2], p.pd, p.wet};
            for (int j = 0; j < 9; j++) {
                double got = hw_csv_at(&c, r, 1 + 9 * k + j);
                cr_expect(fabs(got - want[j]) <= 1e-9 * fabs(want[j]) + 1e-12, "row %ld node %d %s: %.12g, want %.12g",
                          r, node[k], cols[j], got, want[j]);
            }
            if (node[k] == 0) { /* 2 m above a 0.75 m wave: in the air */
                cr_expect_eq(hw_csv_at(&c, r, 1 + 9 * k + 8), 0.0, "the top node is dry");
                for (int j = 1; j < 8; j++) cr_expect_eq(hw_csv_at(&c, r, 1 + 9 * k + j), 0.0, "no fluid above the surface");
            } else {
                cr_expect_eq(hw_csv_at(&c, r, 1 + 9 * k + 8), 1.0, "node %d is wet", node[k]);
                double u = ux_closed(x, t), got = hw_csv_at(&c, r, 1 + 9 * k + 1);
                worst_u = fmax(worst_u, fabs(got - u));
                cr_expect(fabs(got - u) <= 1e-9 * fabs(u) + 1e-12, "node %d u_x %.12g, Airy (Wheeler) %.12g", node[k], got, u);
                cr_expect(fabs(hw_csv_at(&c, r, 1 + 9 * k) - eta_closed(x[0], x[1], t)) <= 1e-9, "eta above node %d",
                          node[k]);
            }
        }
    }
    printf("wave_kinematics.csv: u_x of the wet nodes within %.2e m/s of Airy with Wheeler stretching\n", worst_u);
    hw_csv_free(&c);
    hw_waves_destroy(waves);
    hw_scenario_free(sc);
}

/* ---- the ParaView surface --------------------------------------------------------------------- */

static const char *PY =
    "import sys, xml.etree.ElementTree as E\n"
    "r = E.parse(sys.argv[1]).getroot()\n"
    "if r.get('type') == 'Collection':\n"
    "    for d in r.iter('DataSet'): print('DATASET', d.get('timestep'), d.get('part'), d.get('name'), d.get('file'))\n"
    "    sys.exit(0)\n"
    "p = r.find('PolyData/Piece')\n"
    "print('PIECE', p.get('NumberOfPoints'), p.get('NumberOfPolys'))\n"
    "for sec in ('PointData', 'Points', 'Polys'):\n"
    "    s = p.find(sec)\n"
    "    if s is None: continue\n"
    "    for a in s.findall('DataArray'):\n"
    "        v = a.text.split()\n"
    "        print('ARRAY', sec + '.' + a.get('Name'), len(v), ' '.join(v))\n";

/* Runs the reader on path; returns its output (malloc'd). */
static char *py_read(const char *path)
{
    char script[256], cmd[1024];
    snprintf(script, sizeof script, HW_TMP "/hawser_waves_vtp_%d.py", (int)getpid());
    write_file(script, PY);
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (n + 1 >= cap) buf = realloc(buf, cap *= 2);
    }
    buf[n] = 0;
    cr_assert_eq(pclose(p), 0, "python3 parses %s: %s", path, buf);
    unlink(script);
    return buf;
}

/* The values of array name in a reader's output (count in *n). */
static double *py_array(const char *out, const char *name, long *n)
{
    char key[96];
    snprintf(key, sizeof key, "ARRAY %s ", name);
    const char *s = strstr(out, key);
    cr_assert_not_null(s, "no array %s", name);
    s += strlen(key);
    char *end;
    *n = strtol(s, &end, 10);
    double *v = malloc(sizeof(double) * (size_t)(*n + 1));
    for (long i = 0; i < *n; i++) v[i] = strtod(end, &end);
    return v;
}

Test(outputs_waves, paraview_surface_and_hdf5)
{
    const char *dir = HW_TMP "/hawser_waves_vtk";
    char msg[2048], path[512];
    int formats = HW_OUT_CSV | HW_OUT_VTK;
#ifdef HAWSER_HAVE_HDF5
    formats |= HW_OUT_HDF5;
#endif
    hw_scenario *sc = wave_scenario(formats);
    hw_waves *waves = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &waves, msg, sizeof msg), HW_OK, "%s", msg);
    double pos[ROWS][18], times[ROWS];
    run_rows(dir, sc, waves, pos, times);

    /* run.pvd: each frame's parts, the surface after the lines' */
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    char *pvd = py_read(path);
    int entries = 0, surf = 0;
    for (const char *s = pvd; (s = strstr(s, "DATASET")); s++) entries++;
    for (const char *s = pvd; (s = strstr(s, " 2 surface vtk/surface_")); s++) surf++;
    cr_expect_eq(entries, 3 * ROWS, "cables, segments, surface per frame:\n%s", pvd);
    cr_expect_eq(surf, ROWS, "the surface is part 2 of every frame:\n%s", pvd);
    free(pvd);

    double dx = 100.0 / (NX - 1), dy = 60.0 / (NY - 1), worst = 0;
    for (int r = 0; r < ROWS; r++) {
        snprintf(path, sizeof path, "%s/vtk/surface_%06d.vtp", dir, r);
        char *out = py_read(path);
        long np = 0, nc = 0, n;
        cr_assert_eq(sscanf(strstr(out, "PIECE"), "PIECE %ld %ld", &np, &nc), 2, "%s", out);
        cr_expect_eq(np, NX * NY, "a point per grid node");
        cr_expect_eq(nc, (NX - 1) * (NY - 1), "a quad per grid cell");
        double *eta = py_array(out, "PointData.eta", &n);
        cr_assert_eq(n, NX * NY);
        double *X = py_array(out, "Points.position", &n);
        cr_assert_eq(n, 3 * NX * NY);
        double *con = py_array(out, "Polys.connectivity", &n);
        cr_assert_eq(n, 4 * (NX - 1) * (NY - 1));
        cr_expect(con[0] == 0 && con[1] == 1 && con[2] == NX + 1 && con[3] == NX, "the first quad's corners");
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++) {
                int p = j * NX + i;
                double x = -50.0 + dx * i, y = -20.0 + dy * j, want = eta_closed(x, y, times[r]);
                worst = fmax(worst, fabs(eta[p] - want));
                cr_expect(fabs(eta[p] - want) <= 1e-12, "frame %d (%d, %d): eta %.17g, closed form %.17g", r, i, j,
                          eta[p], want);
                cr_expect(fabs(X[3 * p] - x) <= 1e-12 && fabs(X[3 * p + 1] - y) <= 1e-12, "grid point (%d, %d)", i, j);
                cr_expect_eq(X[3 * p + 2], eta[p], "the surface at z = eta");
            }
        free(eta);
        free(X);
        free(con);
        free(out);
    }
    printf("ParaView surface: %d x %d points, eta within %.2e m of the closed form in %d frames\n", NX, NY, worst, ROWS);

#ifdef HAWSER_HAVE_HDF5
    snprintf(path, sizeof path, "%s/results.h5", dir);
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0);
    struct { const char *name; int rank; hsize_t dims[3]; } want[] = {
        {"/waves/elevation", 2, {ROWS, NW, 0}},       {"/waves/node_eta", 2, {ROWS, NK, 0}},
        {"/waves/node_velocity", 3, {ROWS, NK, 3}},   {"/waves/node_acceleration", 3, {ROWS, NK, 3}},
        {"/waves/node_pressure", 2, {ROWS, NK, 0}},   {"/waves/node_wet", 2, {ROWS, NK, 0}},
        {"/waves/surface_elevation", 3, {ROWS, NY, NX}}};
    double *v[7];
    for (int d = 0; d < 7; d++) {
        hid_t ds = H5Dopen2(f, want[d].name, H5P_DEFAULT);
        cr_assert_geq(ds, 0, "%s", want[d].name);
        hid_t sp = H5Dget_space(ds);
        hsize_t dims[3] = {0, 0, 0};
        cr_assert_eq(H5Sget_simple_extent_ndims(sp), want[d].rank, "%s", want[d].name);
        H5Sget_simple_extent_dims(sp, dims, NULL);
        size_t n = 1;
        for (int i = 0; i < want[d].rank; i++) {
            cr_expect_eq(dims[i], want[d].dims[i], "%s dim %d", want[d].name, i);
            n *= dims[i];
        }
        v[d] = malloc(sizeof(double) * n);
        cr_assert_geq(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v[d]), 0);
        H5Sclose(sp);
        H5Dclose(ds);
    }
    static const int node[NK] = {0, 2, 5};
    for (int r = 0; r < ROWS; r++) {
        for (int k = 0; k < NW; k++)
            cr_expect(fabs(v[0][NW * r + k] - eta_closed(WP[2 * k], WP[2 * k + 1], times[r])) <= 1e-12, "h5 eta");
        for (int k = 0; k < NK; k++) {
            hw_wave_point p = hw_waves_kinematics(waves, pos[r] + 3 * node[k], times[r]);
            cr_expect_eq(v[1][NK * r + k], p.eta);
            for (int i = 0; i < 3; i++) {
                cr_expect_eq(v[2][3 * (NK * r + k) + i], p.u[i], "h5 node velocity");
                cr_expect_eq(v[3][3 * (NK * r + k) + i], p.a[i], "h5 node acceleration");
            }
            cr_expect_eq(v[4][NK * r + k], p.pd);
            cr_expect_eq(v[5][NK * r + k], (double)p.wet);
        }
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++)
                cr_expect(fabs(v[6][(r * NY + j) * NX + i] - eta_closed(-50.0 + dx * i, -20.0 + dy * j, times[r])) <= 1e-12,
                          "h5 surface (%d, %d)", i, j);
    }
    for (int d = 0; d < 7; d++) free(v[d]);
    H5Fclose(f);
    printf("results.h5 /waves: %d rows of elevation, node kinematics and the surface read back\n", ROWS);
#else
    cr_log_info("HDF5 not built: results.h5 not read back");
#endif
    /* a new run in the folder removes the wave files and surface frames (hw_clean_run_dir) */
    char failed[512];
    cr_assert_eq(hw_clean_run_dir(dir, NULL, failed, sizeof failed), 0, "%s", failed);
    const char *gone[] = {"waves.csv", "wave_kinematics.csv", "vtk/surface_000000.vtp", NULL};
    for (int k = 0; gone[k]; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, gone[k]);
        cr_expect(access(path, F_OK) != 0, "%s removed", gone[k]);
    }
    hw_waves_destroy(waves);
    hw_scenario_free(sc);
}

/* Without a sea state attached (NULL): still water, eta 0 everywhere. */
Test(outputs_waves, no_sea_attached_is_still_water)
{
    const char *dir = HW_TMP "/hawser_waves_still";
    char msg[2048], path[512];
    hw_scenario *sc = wave_scenario(HW_OUT_CSV);
    double pos[ROWS][18], times[ROWS];
    run_rows(dir, sc, NULL, pos, times);
    hw_csv c;
    snprintf(path, sizeof path, "%s/waves.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, ROWS);
    for (long r = 0; r < c.rows; r++)
        for (int k = 0; k < NW; k++) cr_expect_eq(hw_csv_at(&c, r, 1 + k), 0.0);
    hw_csv_free(&c);
    hw_scenario_free(sc);
}

/* ---- the scenario keys -------------------------------------------------------------------------- */

/* LINE with extra lines in its outputs section; the load's status and message. */
static hw_status load_with(const char *extra, char *msg, size_t len)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", LINE, extra);
    /* LINE's outputs is a flow mapping: a second block replaces it */
    char *o = strstr(text, "outputs: {interval: 0.1}\n");
    memmove(o, o + strlen("outputs: {interval: 0.1}\n"), strlen(o + strlen("outputs: {interval: 0.1}\n")) + 1);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(text, "w.yaml", &sc, msg, len);
    hw_scenario_free(sc);
    return st;
}

Test(outputs_waves, scenario_keys_are_checked)
{
    char msg[2048];
    struct { const char *yaml, *want; } bad[] = {
        {"outputs:\n  wave_points: [[1, 2, 3]]\n",
         "w.yaml:11: outputs.wave_points[0]: expected a list of 2 numbers [x, y] (m), got"},
        {"outputs:\n  wave_points: 5\n", "w.yaml:11: outputs.wave_points: expected a non-empty list of points [x, y] (m)"},
        {"outputs:\n  wave_points: [[1, 2]]\n",
         "w.yaml:11: outputs.wave_points: expected waves in environment.waves (this output is of the sea state), got "
         "still water"},
        {"outputs:\n  wave_nodes: [{line: wire, node: 9}]\n",
         "w.yaml:11: outputs.wave_nodes[0].node: expected a node index 0..5 (line wire has 5 segments), got 9"},
        {"outputs:\n  wave_nodes: [{line: wyre, node: 1}]\n", "w.yaml:11: outputs.wave_nodes[0].line: expected a line name"},
        {"outputs:\n  wave_nodes: [{line: wire, node: 1}]\n", "w.yaml:11: outputs.wave_nodes: expected waves in environment.waves"},
        {"outputs:\n  surface_grid: {x: [0, 10, 5]}\n",
         "w.yaml:11: outputs.surface_grid.y: expected a list [min, max, n] (required key), got nothing"},
        {"outputs:\n  surface_grid:\n    x: [0, 10, 5]\n    y: [3, 3, 5]\n",
         "w.yaml:13: outputs.surface_grid.y: expected max > min (m), got [3, 3]"},
        {"outputs:\n  surface_grid:\n    x: [0, 10, 1.5]\n    y: [0, 3, 5]\n",
         "w.yaml:12: outputs.surface_grid.x: expected a whole number of points n in 2..10000, got 1.5"},
        {"outputs:\n  surface_grid: {x: [0, 10, 5], y: [0, 5, 3], z: 1}\n", "w.yaml:11: outputs.surface_grid"},
        {"outputs:\n  surface_grid: {x: [0, 10, 5], y: [0, 5, 3]}\n",
         "w.yaml:11: outputs.surface_grid: expected waves in environment.waves"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(load_with(bad[i].yaml, msg, sizeof msg), HW_ERR_INPUT, "%s", bad[i].yaml);
        cr_expect(strstr(msg, bad[i].want) == msg, "case %zu:\n  got  %s\n  want %s...", i, msg, bad[i].want);
    }
}

static char *slurp(const char *path);

/* ---- through the CLI --------------------------------------------------------------------------- */

/* Column name's values of a result CSV (n rows). */
static double *csv_col(const hw_csv *c, const char *name)
{
    int k = hw_csv_col(c, name);
    cr_assert_geq(k, 0, "no column %s", name);
    double *v = malloc(sizeof(double) * (size_t)(c->rows + 1));
    for (long r = 0; r < c->rows; r++) v[r] = hw_csv_at(c, r, k);
    return v;
}

/* The scenario of the cases above as a YAML file, run by `hawser run`: waves.csv against the closed
 * form at every row (t = 0 included); wave_kinematics.csv against hw_waves_kinematics at the node
 * positions of nodes.csv (printed to 10 digits: 1e-9 relative of 25 m, 2.5e-8 m, moves the
 * kinematics by |grad u| 2.5e-8 ~ k u 2.5e-8 < 1e-8; tolerance 1e-7 absolute); a surface frame in
 * every frame of run.pvd. */
Test(outputs_waves, hawser_run_writes_the_wave_outputs)
{
    const char *yaml = HW_TMP "/hawser_waves_cli.yaml", *dir = HW_TMP "/hawser_waves_cli";
    char msg[2048], cmd[2048], out[8192], path[512];
    hw_scenario *sc = wave_scenario(HW_OUT_CSV | HW_OUT_VTK);
    static hw_output_ref nodes[NK] = {{0, 0}, {0, 2}, {0, 5}};
    sc->n_out_nodes = NK;
    sc->out_nodes = nodes;
    sc->model.solver.dt = 0.002;
    FILE *f = fopen(yaml, "w");
    cr_assert_not_null(f);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "test_outputs_waves"), HW_OK);
    fclose(f);
    char *text = slurp(yaml);
    cr_assert_not_null(text);
    cr_expect(strstr(text, "  wave_points:\n    - [0, 0]\n    - [12.5, -3]\n    - [-40, 25]\n") &&
              strstr(text, "  wave_nodes:\n    - {line: \"wire\", node: 0}\n    - {line: \"wire\", node: 2}\n") &&
              strstr(text, "  surface_grid:\n    x: [-50, 50, 5]\n    y: [-20, 40, 4]\n"),
              "the writer's outputs keys:\n%s", text);
    free(text);
    hw_waves *waves = NULL;
    cr_assert_eq(hw_waves_create(&sc->model.env, &waves, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario *back = NULL;
    hw_status st = hw_scenario_load(yaml, &back, msg, sizeof msg);
    hw_scenario_free(back);
    if (st && strstr(msg, "expected waves in environment.waves")) {
        hw_waves_destroy(waves);
        hw_scenario_free(sc);
        cr_skip_test("the scenario writer has no environment.waves in this build (the scenario lane's): %s", msg);
    }
    cr_assert_eq(st, HW_OK, "the written scenario loads: %s", msg);
    snprintf(cmd, sizeof cmd, "%s run %s -o %s -q --format csv,vtk 2>&1", HW_CLI_PATH, yaml, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);

    hw_csv c, nc;
    snprintf(path, sizeof path, "%s/waves.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, 11, "rows at 0, 0.1, ..., 1 s");
    double *t = csv_col(&c, "time_s");
    snprintf(path, sizeof path, "%s/summary.json", dir);
    char *summary = slurp(path);
    cr_assert_not_null(summary);
    for (int k = 0; k < NW; k++) {
        char name[32];
        snprintf(name, sizeof name, "wp%d.eta_m", k);
        double *eta = csv_col(&c, name), mx = -HUGE_VAL;
        for (long r = 0; r < c.rows; r++) {
            cr_expect(fabs(eta[r] - eta_closed(WP[2 * k], WP[2 * k + 1], t[r])) <= 1e-9, "t %g point %d", t[r], k);
            mx = fmax(mx, eta[r]);
        }
        /* summary.json: the largest elevation over the rows, as waves.csv's (both 10 digits) */
        snprintf(name, sizeof name, "{\"name\":\"wp%d\"", k);
        const char *at = strstr(summary, name), *m = at ? strstr(at, "\"max_eta_m\":") : NULL;
        cr_assert_not_null(m, "summary.json has wp%d's statistics: %s", k, summary);
        cr_expect(fabs(strtod(m + strlen("\"max_eta_m\":"), NULL) - mx) <= 1e-9, "wp%d max", k);
        free(eta);
    }
    cr_expect(strstr(summary, "\"waves\":{\"components\":1,"), "%s", summary);
    free(summary);
    hw_csv_free(&c);
    snprintf(path, sizeof path, "%s/wave_kinematics.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    snprintf(path, sizeof path, "%s/nodes.csv", dir);
    cr_assert_eq(hw_csv_read(path, &nc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, nc.rows);
    static const char *const cols[9] = {"eta_m", "ux_m_s", "uy_m_s", "uz_m_s", "ax_m_s2", "ay_m_s2", "az_m_s2",
                                        "pd_Pa", "wet"};
    for (int k = 0; k < NK; k++) {
        char name[64];
        double *x[3], *v[9];
        for (int i = 0; i < 3; i++) {
            snprintf(name, sizeof name, "wire.n%d.%c_m", nodes[k].index, "xyz"[i]);
            x[i] = csv_col(&nc, name);
        }
        for (int j = 0; j < 9; j++) {
            snprintf(name, sizeof name, "wire.n%d.%s", nodes[k].index, cols[j]);
            v[j] = csv_col(&c, name);
        }
        for (long r = 0; r < c.rows; r++) {
            double r3[3] = {x[0][r], x[1][r], x[2][r]};
            hw_wave_point p = hw_waves_kinematics(waves, r3, t[r]);
            double want[9] = {p.eta, p.u[0], p.u[1], p.u[2], p.a[0], p.a[1], p.a[2], p.pd, p.wet};
            for (int j = 0; j < 9; j++) /* pd ~ rho g a: 1e-7 relative */
                cr_expect(fabs(v[j][r] - want[j]) <= (j == 7 ? 1e-7 * fabs(want[j]) + 1e-6 : 1e-7),
                          "t %g node %d %s: %.10g, want %.10g", t[r], nodes[k].index, cols[j], v[j][r], want[j]);
        }
        for (int i = 0; i < 3; i++) free(x[i]);
        for (int j = 0; j < 9; j++) free(v[j]);
    }
    hw_csv_free(&c);
    hw_csv_free(&nc);
    free(t);
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    char *pvd = py_read(path);
    int surf = 0;
    for (const char *s = pvd; (s = strstr(s, " surface vtk/surface_")); s++) surf++;
    cr_expect_eq(surf, 11, "a surface in each of the 11 frames:\n%s", pvd);
    free(pvd);
    /* killed at step 230 (SIGTERM) and resumed: the wave files as the uninterrupted run's */
    const char *dir2 = HW_TMP "/hawser_waves_cli_resumed";
    snprintf(cmd, sizeof cmd, "HAWSER_TEST_SIGNAL=230:15 %s run %s -o %s -q --format csv,vtk 2>&1", HW_CLI_PATH, yaml,
             dir2);
    cr_assert_eq(sh(cmd, out, sizeof out), 143, "%s", out);
    snprintf(cmd, sizeof cmd, "%s run --resume %s -q 2>&1", HW_CLI_PATH, dir2);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    static const char *const same[] = {"waves.csv", "wave_kinematics.csv", "run.pvd", "vtk/surface_000010.vtp"};
    for (int k = 0; k < 4; k++) {
        snprintf(cmd, sizeof cmd, "cmp %s/%s %s/%s 2>&1", dir, same[k], dir2, same[k]);
        cr_expect_eq(sh(cmd, out, sizeof out), 0, "%s resumed: %s", same[k], out);
    }
    char p1[512], p2[512];
    snprintf(p1, sizeof p1, "%s/summary.json", dir);
    snprintf(p2, sizeof p2, "%s/summary.json", dir2);
    char *s1 = slurp(p1), *s2 = slurp(p2);
    cr_assert(s1 && s2);
    const char *w1 = strstr(s1, "\"waves\":"), *w2 = strstr(s2, "\"waves\":");
    cr_assert(w1 && w2);
    cr_expect(!strncmp(w1, w2, (size_t)(strstr(w1, "]}") - w1)), "the summary's waves resumed:\n%s\n%s", w1, w2);
    free(s1);
    free(s2);
    hw_waves_destroy(waves);
    hw_scenario_free(sc);
}

/* ---- hawser plot / report -------------------------------------------------------------------- */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    size_t got = fread(b, 1, (size_t)n, f);
    b[got] = 0;
    fclose(f);
    return b;
}

/* A hand-written waves.csv beside a lines.csv: waves_elevation.png drawn from it, and report.md's
 * Waves section. wp0: 0.5, -0.25, 0.75, 0 at t = 0..3 s: max 0.750 at 2 s, min -0.250 at 1 s, mean
 * 0.250, population std sqrt((0.0625 + 0.25 + 0.25 + 0.0625) / 4) = 0.3953 (prints 0.395). */
Test(outputs_waves, plot_and_report_of_waves_csv)
{
    const char *dir = HW_TMP "/hawser_waves_report";
    char cmd[1024], out[8192], path[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", dir, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    snprintf(path, sizeof path, "%s/lines.csv", dir);
    write_file(path, "time_s,l1.TA_N,l1.TB_N,l1.FA_N,l1.FB_N\n0,100,90,100,90\n1,110,95,110,95\n2,120,99,120,99\n"
                     "3,105,92,105,92\n");
    snprintf(path, sizeof path, "%s/waves.csv", dir);
    write_file(path, "time_s,wp0.eta_m,wp1.eta_m\n0,0.5,0.1\n1,-0.25,0.1\n2,0.75,0.1\n3,0,0.1\n");
    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s report %s 2>&1", HW_CLI_PATH, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/plots/waves_elevation.png", dir);
    cr_expect(access(path, F_OK) == 0, "waves_elevation.png drawn: %s", out);
    snprintf(path, sizeof path, "%s/plots/plots.gp", dir);
    char *gp = slurp(path);
    cr_assert_not_null(gp);
    cr_expect(strstr(gp, "waves.csv") && strstr(gp, "'wp0'") && strstr(gp, "'wp1'"), "the wave points' curves:\n%s", gp);
    free(gp);
    snprintf(path, sizeof path, "%s/report.md", dir);
    char *md = slurp(path);
    cr_assert_not_null(md);
    cr_expect(strstr(md, "## Waves: surface elevation at the wave points"), "%s", md);
    cr_expect(strstr(md, "| wp0 | elevation | 0.750 | 2.000 | -0.250 | 1.000 | 0.250 | 0.395 |"), "%s", md);
    cr_expect(strstr(md, "| wp1 | elevation | 0.100 |"), "%s", md);
    cr_expect(strstr(md, "](plots/waves_elevation.png)"), "the plot linked");
    free(md);
}
