/* Every output format of a run without lumped lines, written by `hawser run` and read back: a
 * rigid-cable-only scenario and a 1-D-network-only scenario (and rigid cables beside lumped lines).
 *
 * Reference values come from the C API at the same simulated time: the same scenario is run in
 * this process through the runners the CLI uses (hw_rc_runner_*, hw_net_runner_*), row time by row
 * time, so on the CPU the state is the same to the last bit and the files must hold it to their
 * printed precision (CSV: 10 significant digits; ParaView: 17; HDF5: binary). The ParaView files
 * are parsed as XML by python3's xml.etree (a subprocess); the HDF5 file is read with the HDF5 C
 * API when the build has it (the checks are skipped cleanly otherwise). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#include "run/network_run.h"
#include "io/results_csv.h"
#include "run/rigid_run.h"
#include "io/scenario.h"
#include "shell.h"
#include "world/timeline.h"

#define PI 3.14159265358979323846
#define G0 9.80665

/* A 20 m wire (10 rigid elements of 2 m) hanging from a fixed point with a free lower end: at rest
 * the block at distance s from the top carries the submerged weight of what hangs below it,
 * T(s) = w (L - s), w = (m - rho A) g. It starts straight down, so it is at rest from the start
 * (the axial stretch under 1.7 kN at EA 1e9 N is 1.7e-6 of the length). */
static const char *HANGING =
    "environment: {water_density: 1025, depth: 1000}\n"
    "points:\n"
    "  - {name: top, type: fixed, position: [0, 0, -10]}\n"
    "rigid_cables:\n"
    "  - name: wire\n"
    "    length: 20\n"
    "    elements: 10\n"
    "    mass_per_length: 10\n"
    "    diameter: 0.04\n"
    "    stiffness: engineering\n"
    "    EA: 1.0e9\n"
    "    damping_ratio: 0.5\n"
    "    beta_dt: 1.0\n"
    "    end_a: top\n"
    "    end_b: {type: free, position: [0, 0, -30]}\n"
    "solver: {dt: 0.01, t_end: 1}\n"
    "outputs: {interval: 0.25}\n";

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

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

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* ---- a ParaView reader via python3: piece counts and the named Float64 arrays ----------------- */

static const char *PY =
    "import sys, xml.etree.ElementTree as E\n"
    "r = E.parse(sys.argv[1]).getroot()\n"
    "if r.get('type') == 'Collection':\n"
    "    for d in r.iter('DataSet'): print('DATASET', d.get('timestep'), d.get('part'), d.get('name'), d.get('file'))\n"
    "    sys.exit(0)\n"
    "p = r.find('PolyData/Piece')\n"
    "print('PIECE', p.get('NumberOfPoints'), p.get('NumberOfLines'))\n"
    "for sec in ('PointData', 'CellData', 'Points'):\n"
    "    s = p.find(sec)\n"
    "    if s is None: continue\n"
    "    for a in s.findall('DataArray'):\n"
    "        v = a.text.split()\n"
    "        print('ARRAY', sec, a.get('Name'), len(v), ' '.join(v))\n";

typedef struct vtp { long points, cells; int n; char name[12][32]; long len[12]; double *v[12]; } vtp;

static void vtp_read(const char *path, vtp *f)
{
    memset(f, 0, sizeof *f);
    char script[256], cmd[1024], word[64], sec[32];
    snprintf(script, sizeof script, HW_TMP "/hawser_fam_vtp_%d.py", (int)getpid());
    write_file(script, PY);
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    while (fscanf(p, "%63s", word) == 1) {
        if (!strcmp(word, "PIECE")) {
            cr_assert_eq(fscanf(p, "%ld %ld", &f->points, &f->cells), 2);
        } else {
            cr_assert_str_eq(word, "ARRAY", "%s does not parse", path);
            cr_assert_lt(f->n, 12);
            int k = f->n++;
            cr_assert_eq(fscanf(p, "%31s %31s %ld", sec, f->name[k], &f->len[k]), 3);
            f->v[k] = malloc(sizeof(double) * (size_t)(f->len[k] + 1));
            for (long i = 0; i < f->len[k]; i++) cr_assert_eq(fscanf(p, "%lf", &f->v[k][i]), 1);
        }
    }
    cr_assert_eq(pclose(p), 0, "python3 parses %s", path);
    unlink(script);
}

static const double *vtp_array(const vtp *f, const char *name, long want_len)
{
    for (int k = 0; k < f->n; k++)
        if (!strcmp(f->name[k], name)) {
            cr_assert_eq(f->len[k], want_len, "%s: %ld values", name, f->len[k]);
            return f->v[k];
        }
    cr_assert_fail("no array %s", name);
    return NULL;
}

static void vtp_free(vtp *f) { for (int k = 0; k < f->n; k++) free(f->v[k]); }

/* The entries of run.pvd: how many, and the name of the first and of the last. */
static int pvd_entries(const char *path, char *first_name, char *last_file)
{
    char script[256], cmd[1024], word[64], name[64], file[256];
    snprintf(script, sizeof script, HW_TMP "/hawser_fam_pvd_%d.py", (int)getpid());
    write_file(script, PY);
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    int n = 0;
    double t;
    int part;
    while (fscanf(p, "%63s %lf %d %63s %255s", word, &t, &part, name, file) == 5) {
        cr_assert_str_eq(word, "DATASET");
        if (n == 0) strcpy(first_name, name);
        strcpy(last_file, file);
        n++;
    }
    pclose(p);
    unlink(script);
    return n;
}

#ifdef HAWSER_HAVE_HDF5
static double *h5_read(const char *file, const char *name, int rank, hsize_t *dims)
{
    hid_t f = H5Fopen(file, H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0, "%s opens", file);
    hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
    cr_assert_geq(d, 0, "%s", name);
    hid_t sp = H5Dget_space(d);
    cr_assert_eq(H5Sget_simple_extent_ndims(sp), rank, "%s rank", name);
    H5Sget_simple_extent_dims(sp, dims, NULL);
    H5Sclose(sp);
    size_t n = 1;
    for (int i = 0; i < rank; i++) n *= dims[i];
    double *v = malloc(sizeof(double) * (n + 1));
    cr_assert_geq(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v), 0, "%s", name);
    H5Dclose(d);
    H5Fclose(f);
    return v;
}

static int h5_has(const char *file, const char *name)
{
    hid_t f = H5Fopen(file, H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0);
    int has = H5Lexists(f, name, H5P_DEFAULT) > 0;
    H5Fclose(f);
    return has;
}
#endif

static void near(double got, double want, double rel, const char *what)
{
    cr_expect(fabs(got - want) <= rel * (fabs(want) + 1.0), "%s: %.17g, want %.17g", what, got, want);
}

/* `hawser plot DIR` and `hawser report DIR`: exit 0, the PNGs there, the series in the script. */
static void plot_and_report(const char *dir, const char *const *pngs, const char *const *series, const char *section)
{
    char cmd[1024], out[8192], path[512];
    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s plot %s 2>&1", HW_CLI_PATH, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    for (int k = 0; pngs[k]; k++) {
        snprintf(path, sizeof path, "%s/plots/%s", dir, pngs[k]);
        cr_expect(exists(path), "%s (plot said: %s)", path, out);
    }
    snprintf(path, sizeof path, "%s/plots/plots.gp", dir);
    char *gp = slurp(path);
    cr_assert_not_null(gp);
    for (int k = 0; series[k]; k++) cr_expect(strstr(gp, series[k]), "series '%s' in plots.gp", series[k]);
    free(gp);
    snprintf(cmd, sizeof cmd, "%s report %s 2>&1", HW_CLI_PATH, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/report.md", dir);
    char *md = slurp(path);
    cr_assert_not_null(md);
    cr_expect(strstr(md, section), "%s in report.md:\n%s", section, md);
    for (int k = 0; pngs[k]; k++) cr_expect(strstr(md, pngs[k]), "report links %s", pngs[k]);
    cr_expect(!strstr(md, "e+0"), "report.md mixes exponent notation in:\n%s", md);
    free(md);
}

/* ---- rigid cables only ------------------------------------------------------------------------ */

Test(families, rigid_only_every_format_read_back)
{
    const char *dir = HW_TMP "/hawser_fam_rigid", *yaml = HW_TMP "/hawser_fam_rigid.yaml";
    write_file(yaml, HANGING);
    char cmd[1024], out[16384];
    /* a stale frame of an earlier run with more frames: the fresh run removes it */
    snprintf(cmd, sizeof cmd, "rm -rf %s; mkdir -p %s/vtk && touch %s/vtk/rigid_000099.vtp", dir, dir, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0);
    snprintf(cmd, sizeof cmd, "%s run %s -o %s --format csv,vtk,hdf5 2>&1", HW_CLI_PATH, yaml, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(!strstr(out, "warning"), "nothing left unwritten: %s", out);
    cr_expect(strstr(out, "hawser: progress 100% (t = 1.000 s of 1.000 s"), "a progress report: %s", out);
    snprintf(cmd, sizeof cmd, "%s/vtk/rigid_000099.vtp", dir);
    cr_expect(!exists(cmd), "the stale frame was removed");

    /* the API's state at the same times: the runner the CLI uses, row by row */
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(yaml, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_rc_runner r;
    cr_assert_eq(hw_rc_runner_start(&r, sc, HW_TMP "/hawser_fam_rigid_api", 0.01, HW_BACKEND_CPU, NULL, NULL, msg,
                                    sizeof msg), HW_OK, "%s", msg);
    hw_timeline tl;
    cr_assert_eq(hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, 0.01, msg, sizeof msg), HW_OK);
    for (long k = 1; k <= tl.n; k++)
        cr_assert_eq(hw_rc_runner_advance_to(&r, hw_timeline_time(&tl, k), msg, sizeof msg), HW_OK, "%s", msg);
    int N = hw_rc_elements(r.rc, 0);
    cr_assert_eq(N, 10);
    double T[11], M[33], X[33], fa[3], fb[3];
    cr_assert_eq(hw_rc_tensions(r.rc, 0, T), HW_OK);
    cr_assert_eq(hw_rc_bending_moments(r.rc, 0, M), HW_OK);
    cr_assert_eq(hw_rc_nodes(r.rc, 0, X), HW_OK);
    cr_assert_eq(hw_rc_end_forces(r.rc, 0, fa, fb), HW_OK);

    /* physics: T(s) = w (L - s) at rest, within 0.5% of the top tension (the damped start: the
     * axial constraint settles in a few steps of its alpha = 50 1/s) */
    double w = (10.0 - 1025.0 * PI * 0.04 * 0.04 / 4) * G0;
    for (int k = 0; k <= N; k++)
        cr_expect(fabs(T[k] - w * (20.0 - 2.0 * k)) < 5e-3 * w * 20.0, "block %d: %.6g N, hand %.6g N", k, T[k],
                  w * (20.0 - 2.0 * k));

    /* CSV: a t = 0 row, then one per 0.25 s; the last row is the API's state */
    hw_csv c;
    char path[512];
    snprintf(path, sizeof path, "%s/rigid.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, 5, "t = 0, 0.25, 0.5, 0.75, 1");
    cr_expect_eq(hw_csv_at(&c, 0, 0), 0.0);
    cr_expect(isnan(hw_csv_at(&c, 0, hw_csv_col(&c, "wire.TA_N"))), "t = 0: no constraint solved yet");
    cr_expect_eq(hw_csv_at(&c, 4, 0), 1.0);
    near(hw_csv_at(&c, 4, hw_csv_col(&c, "wire.TA_N")), T[0], 1e-9, "TA");
    near(hw_csv_at(&c, 4, hw_csv_col(&c, "wire.TB_N")), T[N], 1e-9, "TB");
    near(hw_csv_at(&c, 4, hw_csv_col(&c, "wire.FAz_N")), fa[2], 1e-9, "FAz");
    hw_csv_free(&c);

    /* ParaView: one frame per row, part "rigid"; the last frame's polyline is the API's */
    char first[64] = "", last[256] = "";
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    cr_assert_eq(pvd_entries(path, first, last), 5);
    cr_expect_str_eq(first, "rigid");
    snprintf(path, sizeof path, "%s/%s", dir, last);
    vtp v;
    vtp_read(path, &v);
    cr_expect_eq(v.points, N + 1);
    cr_expect_eq(v.cells, 1);
    const double *vt = vtp_array(&v, "tension", N + 1), *vb = vtp_array(&v, "bending_moment", N + 1);
    const double *vq = vtp_array(&v, "torsion", N + 1), *vx = vtp_array(&v, "position", 3 * (N + 1));
    for (int k = 0; k <= N; k++) {
        near(vt[k], T[k], 1e-15, "vtp tension");
        near(vb[k], hypot(M[3 * k], M[3 * k + 1]), 1e-15, "vtp bending moment");
        near(vq[k], M[3 * k + 2], 1e-15, "vtp torsion");
        for (int i = 0; i < 3; i++) near(vx[3 * k + i], X[3 * k + i], 1e-15, "vtp position");
    }
    vtp_free(&v);

#ifdef HAWSER_HAVE_HDF5
    /* HDF5: /time has the rows; /rigid/tension, node_position, moment, end_force at the last row */
    snprintf(path, sizeof path, "%s/results.h5", dir);
    hsize_t d[4];
    double *ht = h5_read(path, "/time", 1, d);
    cr_assert_eq(d[0], 5);
    cr_expect_eq(ht[4], 1.0);
    free(ht);
    cr_expect(!h5_has(path, "/lines"), "no lumped groups in a rigid-only file");
    double *h = h5_read(path, "/rigid/tension", 2, d);
    cr_assert(d[0] == 5 && d[1] == (hsize_t)N + 1, "%llu x %llu", (unsigned long long)d[0], (unsigned long long)d[1]);
    for (int k = 0; k <= N; k++) cr_expect_eq(h[4 * (N + 1) + k], T[k], "h5 tension %d", k);
    free(h);
    h = h5_read(path, "/rigid/node_position", 3, d);
    for (int k = 0; k < 3 * (N + 1); k++) cr_expect_eq(h[4 * 3 * (N + 1) + k], X[k]);
    free(h);
    h = h5_read(path, "/rigid/moment", 3, d);
    for (int k = 0; k < 3 * (N + 1); k++) cr_expect_eq(h[4 * 3 * (N + 1) + k], M[k]);
    free(h);
    h = h5_read(path, "/rigid/end_force", 4, d);
    cr_assert(d[1] == 1 && d[2] == 2 && d[3] == 3);
    for (int i = 0; i < 3; i++) cr_expect(h[4 * 6 + i] == fa[i] && h[4 * 6 + 3 + i] == fb[i]);
    free(h);
#else
    cr_log_info("HDF5 not built: results.h5 not read back");
#endif
    hw_rc_runner_end(&r);
    hw_scenario_free(sc);

    /* summary.json: the rigid cable's end-tension statistics over the rows after t = 0 */
    snprintf(path, sizeof path, "%s/summary.json", dir);
    char *js = slurp(path);
    cr_assert_not_null(js);
    cr_expect(strstr(js, "\"end_a_tension\":{\"samples\":4,"), "the 4 rows after t = 0: %s", js);
    free(js);

    static const char *const pngs[] = {"rigid_tensions.png", "rigid_tension_along.png", NULL};
    static const char *const series[] = {"'wire A'", "'wire B'", "'wire max'", "rigid_tension_along.dat", NULL};
    plot_and_report(dir, pngs, series, "## Rigid cables");
}

/* ---- a 1-D network only ----------------------------------------------------------------------- */

Test(families, network_only_every_format_read_back)
{
    const char *dir = HW_TMP "/hawser_fam_net";
    char cmd[1024], out[16384], msg[2048], path[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s; %s run %s/sled_ramp.yaml -o %s --t-end 1 --format csv,vtk,hdf5 2>&1",
             dir, HW_CLI_PATH, HW_EXAMPLES_DIR, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    /* no ParaView output for a 1-D network: said, and nothing written */
    cr_expect(strstr(out, "warning: the 1-D network has no ParaView output"), "%s", out);
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    cr_expect(!exists(path));
    cr_expect(strstr(out, "hawser: progress 100%"), "a progress report: %s", out);

    hw_scenario *sc = NULL;
    snprintf(path, sizeof path, "%s/sled_ramp.yaml", HW_EXAMPLES_DIR);
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    sc->model.solver.t_end = 1.0;
    double dt = sc->model.solver.dt;
    hw_net_runner r;
    cr_assert_eq(hw_net_runner_start(&r, sc, HW_TMP "/hawser_fam_net_api", NULL, NULL, msg, sizeof msg), HW_OK, "%s",
                 msg);
    hw_timeline tl;
    cr_assert_eq(hw_timeline_init(&tl, sc->out_interval, 1.0, dt, msg, sizeof msg), HW_OK);
    for (long k = 1; k <= tl.n; k++)
        cr_assert_eq(hw_net_runner_advance_to(&r, dt, hw_timeline_time(&tl, k), msg, sizeof msg), HW_OK, "%s", msg);
    int ne = hw_net_n_elements(r.net), nn = hw_net_n_nodes(r.net);
    cr_assert_gt(ne, 0);
    cr_assert_gt(nn, 0);

    hw_csv c;
    snprintf(path, sizeof path, "%s/network.csv", dir);
    cr_assert_eq(hw_csv_read(path, &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.rows, tl.n + 1, "the t = 0 row and one per output time");
    long last = c.rows - 1;
    near(hw_csv_at(&c, last, 0), 1.0, 1e-12, "last row time");
    for (int e = 0; e < ne; e++) {
        char col[256];
        double F, E;
        hw_net_element_force(r.net, e, &F);
        hw_net_element_dissipation(r.net, e, &E, NULL);
        snprintf(col, sizeof col, "F_%s", hw_net_element_name(r.net, e));
        near(hw_csv_at(&c, last, hw_csv_col(&c, col)), F, 1e-9, col);
        /* dissipated energy never decreases (a damper only takes energy out) */
        snprintf(col, sizeof col, "Ediss_%s", hw_net_element_name(r.net, e));
        int j = hw_csv_col(&c, col);
        for (long k = 1; k < c.rows; k++)
            cr_expect_geq(hw_csv_at(&c, k, j), hw_csv_at(&c, k - 1, j) - 1e-9 * (fabs(E) + 1), "%s row %ld", col, k);
    }

#ifdef HAWSER_HAVE_HDF5
    snprintf(path, sizeof path, "%s/results.h5", dir);
    hsize_t d[4];
    double *h = h5_read(path, "/network/element_force", 2, d);
    cr_assert(d[0] == (hsize_t)c.rows && d[1] == (hsize_t)ne);
    for (int e = 0; e < ne; e++) {
        double F;
        hw_net_element_force(r.net, e, &F);
        cr_expect_eq(h[last * ne + e], F, "h5 element %d", e);
        /* every row agrees with network.csv to its 10 digits */
        char col[256];
        snprintf(col, sizeof col, "F_%s", hw_net_element_name(r.net, e));
        for (long k = 0; k < c.rows; k++) near(h[k * ne + e], hw_csv_at(&c, k, hw_csv_col(&c, col)), 1e-9, col);
    }
    free(h);
    h = h5_read(path, "/network/node_position", 2, d);
    cr_assert(d[1] == (hsize_t)nn);
    for (int i = 0; i < nn; i++) {
        double x, v;
        hw_net_node_state(r.net, i, &x, &v);
        cr_expect_eq(h[last * nn + i], x);
    }
    free(h);
    cr_expect(!h5_has(path, "/lines") && !h5_has(path, "/rigid"));
#else
    cr_log_info("HDF5 not built: results.h5 not read back");
#endif
    hw_csv_free(&c);
    hw_net_runner_end(&r);
    hw_scenario_free(sc);

    snprintf(path, sizeof path, "%s/summary.json", dir);
    char *js = slurp(path);
    cr_assert_not_null(js);
    cr_expect(strstr(js, "\"network_elements\":[{\"name\":\"winch\",\"force\":{\"samples\":"), "%s", js);
    free(js);

    static const char *const pngs[] = {"network_forces.png", "network_positions.png", NULL};
    static const char *const series[] = {"'haul_rope'", "'sled'", NULL};
    plot_and_report(dir, pngs, series, "## Network");
}

/* ---- rigid cables beside lumped lines: one ParaView series with both, one HDF5 file ----------- */

Test(families, rigid_beside_lumped_lines_in_one_series)
{
    const char *dir = HW_TMP "/hawser_fam_mix", *yaml = HW_TMP "/hawser_fam_mix.yaml";
    char text[4096];
    /* the hanging wire beside a short lumped line from the same top point */
    snprintf(text, sizeof text, "%s", HANGING);
    char *pts = strstr(text, "rigid_cables:");
    cr_assert_not_null(pts);
    char tail[2048];
    snprintf(tail, sizeof tail, "%s", pts);
    snprintf(pts, sizeof text - (size_t)(pts - text),
             "  - {name: low, type: fixed, position: [30, 0, -20]}\n"
             "line_types:\n  - {name: rope, diameter: 0.02, mass_per_length: 1, EA: 1.0e4}\n"
             "lines:\n  - {name: l1, type: rope, end_a: top, end_b: low, length: 33, segments: 4}\n%s", tail);
    char *dt = strstr(text, "dt: 0.01");
    cr_assert_not_null(dt);
    memcpy(dt, "dt: 1e-4", 8); /* below the lumped line's critical step (2.2e-4 s) */
    write_file(yaml, text);
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "rm -rf %s; %s run %s -o %s --format csv,vtk,hdf5 -q 2>&1", dir, HW_CLI_PATH, yaml, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    char path[512], first[64], last[256];
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    cr_assert_eq(pvd_entries(path, first, last), 3 * 5, "cables, segments, rigid per frame, 5 frames");
    cr_expect(strstr(last, "vtk/rigid_000004.vtp"), "%s", last);
    snprintf(path, sizeof path, "%s/%s", dir, last);
    vtp v;
    vtp_read(path, &v);
    cr_expect_eq(v.points, 11);
    vtp_free(&v);
    hw_csv a, b;
    char msg[512];
    snprintf(path, sizeof path, "%s/rigid.csv", dir);
    cr_assert_eq(hw_csv_read(path, &a, msg, sizeof msg), HW_OK, "%s", msg);
    snprintf(path, sizeof path, "%s/lines.csv", dir);
    cr_assert_eq(hw_csv_read(path, &b, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(a.rows, b.rows, "the same rows, t = 0 included");
    for (long k = 0; k < a.rows; k++) cr_expect_eq(hw_csv_at(&a, k, 0), hw_csv_at(&b, k, 0));
    hw_csv_free(&a);
    hw_csv_free(&b);
#ifdef HAWSER_HAVE_HDF5
    snprintf(path, sizeof path, "%s/results.h5", dir);
    hsize_t d[4];
    double *h = h5_read(path, "/rigid/tension", 2, d);
    cr_expect(d[0] == 5 && d[1] == 11);
    free(h);
    h = h5_read(path, "/lines/end_tension", 3, d);
    cr_expect(d[0] == 5 && d[1] == 1);
    free(h);
#endif
    static const char *const pngs[] = {"end_tensions.png", "rigid_tensions.png", NULL};
    static const char *const series[] = {"'l1 A'", "'wire A'", NULL};
    plot_and_report(dir, pngs, series, "## Rigid cables");
}

/* Lumped lines with a coupled 1-D network and a reeling rigid cable (tests/data/checkpoint_mixed.yaml):
 * the network has no ParaView part (said in a warning) but is in results.h5 row for row with
 * network.csv, beside the lines' and the rigid cable's series; a series over an empty set (no
 * rotational node) is absent, not a zero-width dataset (which HDF5 cannot chunk). */
Test(families, lumped_network_and_rigid_together)
{
    const char *dir = HW_TMP "/hawser_fam_all";
    char cmd[1024], out[16384], path[512], first[64], last[256], msg[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s; %s run %s/checkpoint_mixed.yaml -o %s --format csv,vtk,hdf5 2>&1", dir,
             HW_CLI_PATH, HW_TEST_DATA_DIR, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "warning: the 1-D network has no ParaView output"), "%s", out);
    cr_expect(strstr(out, "\"network_elements\":[{\"name\":"), "%s", out);
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    int n = pvd_entries(path, first, last);
    cr_expect_eq(n % 3, 0, "cables, segments and rigid in every frame: %d entries", n);
    cr_expect(strstr(last, "vtk/rigid_"), "%s", last);
    hw_csv nw;
    snprintf(path, sizeof path, "%s/network.csv", dir);
    cr_assert_eq(hw_csv_read(path, &nw, msg, sizeof msg), HW_OK, "%s", msg);
#ifdef HAWSER_HAVE_HDF5
    snprintf(path, sizeof path, "%s/results.h5", dir);
    hsize_t d[4];
    double *h = h5_read(path, "/network/element_force", 2, d);
    cr_assert_eq(d[0], (hsize_t)nw.rows, "a row per network.csv row");
    for (long k = 0; k < nw.rows; k++) {
        int j = 0;
        for (int c = 1; c < nw.cols; c++) {
            if (strncmp(nw.names[c], "F_", 2)) continue;
            near(h[k * d[1] + j++], hw_csv_at(&nw, k, c), 1e-9, nw.names[c]);
        }
        cr_assert_eq(j, (int)d[1]);
    }
    free(h);
    cr_expect(h5_has(path, "/lines/end_tension") && h5_has(path, "/rigid/tension"));
    int has_phi = 0;
    for (int c = 1; c < nw.cols; c++) has_phi |= !strncmp(nw.names[c], "phi_", 4);
    cr_expect_eq(h5_has(path, "/network/rnode_angle"), has_phi, "rotational series only with rotational nodes");
#endif
    hw_csv_free(&nw);
    static const char *const pngs[] = {"end_tensions.png", "rigid_tensions.png", "network_forces.png", NULL};
    static const char *const series[] = {"'wire A'", NULL};
    plot_and_report(dir, pngs, series, "## Network");
}

/* ParaView's own reader on a rigid-only run's index (only where ParaView's pvbatch is installed:
 * Debian `paraview`; skipped otherwise): every frame a time step, one block "rigid" per step with
 * the cable's 11 node points, 1 polyline, 4 point arrays (tension, bending_moment, torsion,
 * cable) and 2 cell arrays (cable, elements). Not run on the machine this was written on (no
 * ParaView there): the XML checks above are what ran. */
Test(families, paraview_reads_the_rigid_series)
{
    if (system("command -v pvbatch >/dev/null 2>&1") != 0) cr_skip_test("pvbatch (ParaView) not installed");
    const char *dir = HW_TMP "/hawser_fam_pv", *yaml = HW_TMP "/hawser_fam_pv.yaml";
    write_file(yaml, HANGING);
    char cmd[2048], out[16384];
    snprintf(cmd, sizeof cmd, "rm -rf %s; %s run %s -o %s --format vtk -q 2>&1", dir, HW_CLI_PATH, yaml, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    static const char *PV =
        "from paraview.simple import *\n"
        "import sys\n"
        "r = PVDReader(FileName=sys.argv[1])\n"
        "r.UpdatePipelineInformation()\n"
        "ts = r.TimestepValues\n"
        "print('STEPS', len(ts))\n"
        "r.UpdatePipeline(ts[-1])\n"
        "d = servermanager.Fetch(r)\n"
        "for b in range(d.GetNumberOfBlocks()):\n"
        "    k = d.GetBlock(b)\n"
        "    while k.IsA('vtkMultiBlockDataSet') or k.IsA('vtkMultiPieceDataSet'):\n"
        "        k = k.GetBlock(0) if k.IsA('vtkMultiBlockDataSet') else k.GetPiece(0)\n"
        "    print('BLOCK', d.GetMetaData(b).Get(d.NAME()), k.GetNumberOfPoints(), k.GetNumberOfCells(),\n"
        "          k.GetPointData().GetNumberOfArrays(), k.GetCellData().GetNumberOfArrays())\n";
    char py[512];
    snprintf(py, sizeof py, "%s/pv.py", dir);
    write_file(py, PV);
    snprintf(cmd, sizeof cmd, "pvbatch %s %s/run.pvd 2>&1", py, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "STEPS 5"), "%s", out);
    cr_expect(strstr(out, "BLOCK rigid 11 1 4 2"), "%s", out);
}
