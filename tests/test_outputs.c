/* Result outputs: ParaView frames and index, the HDF5 file, runs that stop early (killed or blown
 * up), format selection, end-tension statistics, plots and the report.
 *
 * The VTK files are parsed as XML by python3's xml.etree (a subprocess); the HDF5 file is read back
 * with the HDF5 C API. Reference values come from the API getters at the same simulation time. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#include "io/output.h"
#include "io/results_csv.h"
#include "io/run_stats.h"
#include "io/scenario.h"
#include "shell.h"

#define OC4 HW_EXAMPLES_DIR "/oc4_mooring.yaml"

/* ---- a VTK XML reader via python3: prints the piece counts and every DataArray ---------------- */

static const char *PY_VTP =
    "import sys, xml.etree.ElementTree as E\n"
    "r = E.parse(sys.argv[1]).getroot()\n"
    "if r.get('type') == 'Collection':\n"
    "    for d in r.iter('DataSet'): print('DATASET', d.get('timestep'), d.get('part'), d.get('file'))\n"
    "    sys.exit(0)\n"
    "p = r.find('PolyData/Piece')\n"
    "print('PIECE', p.get('NumberOfPoints'), p.get('NumberOfLines'))\n"
    "for sec in ('PointData', 'CellData', 'Points', 'Lines'):\n"
    "    s = p.find(sec)\n"
    "    if s is None: continue\n"
    "    for a in s.findall('DataArray'):\n"
    "        v = a.text.split()\n"
    "        print('ARRAY', sec, a.get('Name'), a.get('type'), len(v), ' '.join(v))\n";

/* The script in a file of this test process (tests run in parallel processes). */
static const char *py_script(void)
{
    static char path[4096];
    snprintf(path, sizeof path, HW_TMP "/hawser_test_vtp_%d.py", (int)getpid());
    FILE *s = fopen(path, "w");
    cr_assert_not_null(s);
    fputs(PY_VTP, s);
    fclose(s);
    return path;
}

typedef struct vtk_array { char sec[16], name[32], type[16]; long n; double *v; } vtk_array;
typedef struct vtk_file { long points, cells; int n; vtk_array a[16]; } vtk_file;

/* Parses path with python; returns 0 on success (the XML parsed). */
static int vtk_read(const char *path, vtk_file *vf)
{
    memset(vf, 0, sizeof *vf);
    char cmd[1024];
    const char *script = py_script();
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    char word[64];
    while (fscanf(p, "%63s", word) == 1) {
        if (!strcmp(word, "PIECE")) {
            cr_assert_eq(fscanf(p, "%ld %ld", &vf->points, &vf->cells), 2);
        } else if (!strcmp(word, "ARRAY")) {
            vtk_array *a = &vf->a[vf->n++];
            cr_assert_eq(fscanf(p, "%15s %31s %15s %ld", a->sec, a->name, a->type, &a->n), 4);
            a->v = malloc(sizeof(double) * (size_t)(a->n + 1));
            for (long i = 0; i < a->n; i++) cr_assert_eq(fscanf(p, "%lf", &a->v[i]), 1);
        } else {
            char rest[512];
            if (!fgets(rest, sizeof rest, p)) rest[0] = 0;
            pclose(p);
            unlink(script);
            cr_log_error("%s: %s%s", path, word, rest);
            return -1;
        }
    }
    int rc = pclose(p);
    unlink(script);
    return WIFEXITED(rc) && WEXITSTATUS(rc) == 0 ? 0 : -1;
}

static const vtk_array *vtk_get(const vtk_file *vf, const char *sec, const char *name)
{
    for (int i = 0; i < vf->n; i++)
        if (!strcmp(vf->a[i].sec, sec) && !strcmp(vf->a[i].name, name)) return &vf->a[i];
    cr_assert_fail("no %s array %s", sec, name);
    return NULL;
}

static void vtk_free(vtk_file *vf) { for (int i = 0; i < vf->n; i++) free(vf->a[i].v); }

/* pvd entries: times, parts, files; returns the count (-1 when it does not parse) */
static int pvd_read(const char *path, double *t, int *part, char files[][128], int max)
{
    char cmd[1024];
    const char *script = py_script();
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    int n = 0;
    char word[64];
    while (fscanf(p, "%63s", word) == 1) {
        if (strcmp(word, "DATASET")) { pclose(p); unlink(script); return -1; }
        double tt; int pp; char f[128];
        cr_assert_eq(fscanf(p, "%lf %d %127s", &tt, &pp, f), 3);
        if (n < max) { t[n] = tt; part[n] = pp; snprintf(files[n], 128, "%s", f); }
        n++;
    }
    int rc = pclose(p);
    unlink(script);
    return WIFEXITED(rc) && WEXITSTATUS(rc) == 0 ? n : -1;
}

/* ---- an in-process run writing every format --------------------------------------------------- */

typedef struct run_ref {
    hw_scenario *sc;
    hw_sim *sim;
    int rows;
    double t_last;
} run_ref;

/* Loads the OC4 example, writes `rows` output rows every 20 steps into dir (all formats). */
static void run_in_process(run_ref *r, const char *dir, int rows, double vtk_interval)
{
    char msg[2048];
    memset(r, 0, sizeof *r);
    cr_assert_eq(hw_scenario_load(OC4, &r->sc, msg, sizeof msg), HW_OK, "%s", msg);
    r->sc->out_formats = HW_OUT_CSV | HW_OUT_VTK | HW_OUT_HDF5;
    r->sc->vtk_interval = vtk_interval;
    cr_assert_eq(hw_sim_create(&r->sc->model, HW_BACKEND_CPU, NULL, NULL, &r->sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs o;
    hw_status st = hw_outputs_open(&o, dir, r->sc, msg, sizeof msg);
#ifndef HAWSER_HAVE_HDF5
    cr_assert_eq(st, HW_ERR_UNSUPPORTED);
    cr_assert(strstr(msg, "HDF5") && strstr(msg, "not available"), "%s", msg);
    hw_outputs_close(&o);
    r->sc->out_formats = HW_OUT_CSV | HW_OUT_VTK;
    st = hw_outputs_open(&o, dir, r->sc, msg, sizeof msg);
#endif
    cr_assert_eq(st, HW_OK, "%s", msg);
    for (int k = 0; k < rows; k++) {
        if (k) cr_assert_eq(hw_sim_step(r->sim, 20), HW_OK);
        cr_assert_eq(hw_outputs_write(&o, r->sim, msg, sizeof msg), HW_OK, "%s", msg);
    }
    hw_outputs_close(&o);
    r->rows = rows;
    r->t_last = hw_sim_time(r->sim);
}

static void run_free(run_ref *r)
{
    hw_sim_destroy(r->sim);
    hw_scenario_free(r->sc);
}

/* Relative agreement of two doubles written with 17 significant digits: exact up to 1 ulp-ish. */
static void near(double a, double b, double scale, const char *what, long i)
{
    cr_assert(fabs(a - b) <= 1e-14 * (fabs(b) + scale), "%s[%ld]: file %.17g, API %.17g", what, i, a, b);
}

Test(vtk, frames_hold_the_state_of_the_api)
{
    run_ref r;
    run_in_process(&r, HW_TMP "/hawser_out_vtk", 6, 0.0);
    const hw_model_def *m = &r.sc->model;
    int nn = 0, ns = 0;
    for (int l = 0; l < m->n_lines; l++) { nn += m->lines[l].nseg + 1; ns += m->lines[l].nseg; }

    /* index: 6 frames x 2 parts, increasing times, every file present */
    double t[64]; int part[64]; char files[64][128];
    int n = pvd_read(HW_TMP "/hawser_out_vtk/run.pvd", t, part, files, 64);
    cr_assert_eq(n, 12, "pvd entries: %d", n);
    for (int k = 0; k < n; k++) {
        cr_assert_eq(part[k], k % 2);
        if (k >= 2) cr_assert_gt(t[k], t[k - 2]);
        char p[512];
        snprintf(p, sizeof p, HW_TMP "/hawser_out_vtk/%.127s", files[k]);
        cr_assert_eq(access(p, R_OK), 0, "%s", p);
    }
    cr_assert_float_eq(t[n - 1], r.t_last, 1e-12);

    /* the last frame against the getters at the same time */
    vtk_file c, s;
    cr_assert_eq(vtk_read(HW_TMP "/hawser_out_vtk/vtk/cables_000005.vtp", &c), 0);
    cr_assert_eq(vtk_read(HW_TMP "/hawser_out_vtk/vtk/segments_000005.vtp", &s), 0);
    cr_assert_eq(c.points, nn);
    cr_assert_eq(c.cells, m->n_lines, "one polyline per line");
    cr_assert_eq(s.points, nn);
    cr_assert_eq(s.cells, ns, "one cell per segment");
    const vtk_array *pos = vtk_get(&c, "Points", "position"), *vel = vtk_get(&c, "PointData", "velocity"),
                    *nT = vtk_get(&c, "PointData", "tension"), *nE = vtk_get(&c, "PointData", "strain"),
                    *off = vtk_get(&c, "Lines", "offsets"), *con = vtk_get(&c, "Lines", "connectivity"),
                    *sT = vtk_get(&s, "CellData", "tension"), *sE = vtk_get(&s, "CellData", "strain"),
                    *sL = vtk_get(&s, "CellData", "line"), *sI = vtk_get(&s, "CellData", "segment"),
                    *soff = vtk_get(&s, "Lines", "offsets"), *scon = vtk_get(&s, "Lines", "connectivity");
    cr_assert_eq(pos->n, 3 * nn);
    cr_assert_eq(vel->n, 3 * nn);
    cr_assert_eq(nT->n, nn);
    cr_assert_eq(off->n, m->n_lines);
    cr_assert_eq(con->n, nn);
    cr_assert_eq(sT->n, ns);
    cr_assert_eq(soff->n, ns);
    cr_assert_eq(scon->n, 2 * ns);
    int node0 = 0, seg0 = 0;
    for (int l = 0; l < m->n_lines; l++) {
        int nseg = m->lines[l].nseg;
        double *x = malloc(sizeof(double) * 3 * (nseg + 1)), *v = malloc(sizeof(double) * 3 * (nseg + 1)),
               *T = malloc(sizeof(double) * nseg), *e = malloc(sizeof(double) * nseg);
        hw_sim_line_positions(r.sim, l, x);
        hw_sim_line_velocities(r.sim, l, v);
        hw_sim_line_tensions(r.sim, l, T);
        cr_assert_eq((long)off->v[l], node0 + nseg + 1, "polyline %d ends after its nodes", l);
        for (int i = 0; i < nseg; i++) {
            double d = sqrt(pow(x[3 * i + 3] - x[3 * i], 2) + pow(x[3 * i + 4] - x[3 * i + 1], 2) +
                            pow(x[3 * i + 5] - x[3 * i + 2], 2));
            e[i] = d / (m->lines[l].length / nseg) - 1.0;
            near(sT->v[seg0 + i], T[i], 1.0, "segment tension", seg0 + i);
            near(sE->v[seg0 + i], e[i], 1e-9, "segment strain", seg0 + i);
            cr_assert_eq((int)sL->v[seg0 + i], l);
            cr_assert_eq((int)sI->v[seg0 + i], i + 1);
            cr_assert_eq((long)scon->v[2 * (seg0 + i)], node0 + i);
            cr_assert_eq((long)scon->v[2 * (seg0 + i) + 1], node0 + i + 1);
        }
        for (int j = 0; j <= nseg; j++) {
            for (int k = 0; k < 3; k++) {
                near(pos->v[3 * (node0 + j) + k], x[3 * j + k], 1.0, "position", node0 + j);
                near(vel->v[3 * (node0 + j) + k], v[3 * j + k], 1e-6, "velocity", node0 + j);
            }
            int lo = j ? j - 1 : 0, hi = j < nseg ? j : nseg - 1;
            near(nT->v[node0 + j], 0.5 * (T[lo] + T[hi]), 1.0, "node tension", node0 + j);
            near(nE->v[node0 + j], 0.5 * (e[lo] + e[hi]), 1e-9, "node strain", node0 + j);
            cr_assert_eq((long)con->v[node0 + j], node0 + j);
        }
        node0 += nseg + 1;
        seg0 += nseg;
        free(x); free(v); free(T); free(e);
    }
    vtk_free(&c);
    vtk_free(&s);
    run_free(&r);
}

Test(vtk, vtk_interval_thins_the_frames)
{
    run_ref r;
    /* rows every 20 steps; frames at least 5 rows apart */
    char msg[256];
    cr_assert_eq(hw_scenario_load(OC4, &r.sc, msg, sizeof msg), HW_OK);
    hw_sim *probe = NULL;
    cr_assert_eq(hw_sim_create(&r.sc->model, HW_BACKEND_CPU, NULL, NULL, &probe, msg, sizeof msg), HW_OK);
    double every = 5 * 20 * hw_sim_dt(probe);
    hw_sim_destroy(probe);
    hw_scenario_free(r.sc);
    run_in_process(&r, HW_TMP "/hawser_out_vtk_every", 21, every);
    double t[64]; int part[64]; char files[64][128];
    int n = pvd_read(HW_TMP "/hawser_out_vtk_every/run.pvd", t, part, files, 64);
    cr_assert_eq(n, 2 * 5, "rows 0, 5, 10, 15, 20 -> 5 frames x 2 parts, got %d entries", n);
    for (int k = 2; k < n; k += 2) cr_assert_float_eq(t[k] - t[k - 2], every, 1e-9 * every);
    run_free(&r);
}

/* Number of entries of dir whose names start with prefix. */
static int count_prefixed(const char *dir, const char *prefix)
{
    char cmd[1024], out[64];
    snprintf(cmd, sizeof cmd, "ls %s 2>/dev/null | grep -c '^%s'", dir, prefix);
    sh(cmd, out, sizeof out);
    return atoi(out);
}

/* A reused result directory: the second, shorter run leaves no frame, table or plot of the first
 * (fewer vtk frames, no segments.csv when it records none, no report or plots), and a file the
 * user put there stays. */
Test(vtk, reused_directory_keeps_no_stale_files)
{
    char out[8192], cmd[2048];
    const char *dir = HW_TMP "/hawser_out_reuse";
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s -o %s --t-end 2 --format csv,vtk -q > /dev/null 2>&1 && "
             "%s report %s > /dev/null 2>&1 && echo keep > %s/notes.txt", dir, HW_CLI_PATH, OC4, dir,
             HW_CLI_PATH, dir, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    char vtk[600];
    snprintf(vtk, sizeof vtk, "%s/vtk", dir);
    int first = count_prefixed(vtk, "cables_");
    cr_assert_gt(first, 10, "frames of the first run: %d", first);
    cr_assert_eq(access(HW_TMP "/hawser_out_reuse/report.md", F_OK), 0);
    /* again into the same directory: shorter, csv only */
    snprintf(cmd, sizeof cmd, "%s run %s -o %s --t-end 0.5 -q > /dev/null 2>&1", HW_CLI_PATH, OC4, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    cr_expect_eq(count_prefixed(vtk, "cables_"), 0, "stale frames of the first run are gone");
    cr_expect_eq(count_prefixed(vtk, "segments_"), 0);
    cr_expect_eq(access(HW_TMP "/hawser_out_reuse/run.pvd", F_OK), -1, "no index of the first run");
    cr_expect_eq(access(HW_TMP "/hawser_out_reuse/report.md", F_OK), -1, "no report of the first run");
    cr_expect_eq(access(HW_TMP "/hawser_out_reuse/notes.txt", F_OK), 0, "the user's file stays");
    cr_expect_eq(access(HW_TMP "/hawser_out_reuse/lines.csv", F_OK), 0);
}

/* ParaView's own reader on the index (only where ParaView's pvbatch is installed: Debian
 * `paraview`; skipped otherwise): every frame is a time step, two named blocks per step. */
static const char *PV_SCRIPT =
    "from paraview.simple import *\n"
    "import sys\n"
    "r = PVDReader(FileName=sys.argv[1])\n"
    "r.UpdatePipelineInformation()\n"
    "ts = r.TimestepValues\n"
    "print('STEPS', len(ts), repr(ts[-1]))\n"
    "r.UpdatePipeline(ts[-1])\n"
    "d = servermanager.Fetch(r)\n"
    "for b in range(d.GetNumberOfBlocks()):\n"
    "    k = d.GetBlock(b)\n"
    "    while k.IsA('vtkMultiBlockDataSet') or k.IsA('vtkMultiPieceDataSet'):\n"
    "        k = k.GetBlock(0) if k.IsA('vtkMultiBlockDataSet') else k.GetPiece(0)\n"
    "    print('BLOCK', d.GetMetaData(b).Get(d.NAME()), k.GetNumberOfPoints(), k.GetNumberOfCells(),\n"
    "          k.GetPointData().GetNumberOfArrays(), k.GetCellData().GetNumberOfArrays())\n";

Test(vtk, paraview_plays_the_index)
{
    if (system("command -v pvbatch >/dev/null 2>&1") != 0) cr_skip_test("pvbatch (ParaView) not installed");
    run_ref r;
    run_in_process(&r, HW_TMP "/hawser_out_vtk_pv", 4, 0.0);
    FILE *f = fopen(HW_TMP "/hawser_out_vtk_pv/pv.py", "w");
    cr_assert_not_null(f);
    fputs(PV_SCRIPT, f);
    fclose(f);
    char out[8192];
    cr_assert_eq(sh("pvbatch " HW_TMP "/hawser_out_vtk_pv/pv.py " HW_TMP "/hawser_out_vtk_pv/run.pvd 2>&1", out, sizeof out), 0, "%s", out);
    int steps = 0;
    double t_last = 0;
    const char *p = strstr(out, "STEPS ");
    cr_assert(p && sscanf(p, "STEPS %d %lf", &steps, &t_last) == 2, "%s", out);
    cr_assert_eq(steps, 4);
    cr_assert_float_eq(t_last, r.t_last, 1e-12);
    int nn = 0, ns = 0;
    for (int l = 0; l < r.sc->model.n_lines; l++) { nn += r.sc->model.lines[l].nseg + 1; ns += r.sc->model.lines[l].nseg; }
    char want[128];
    snprintf(want, sizeof want, "BLOCK cables %d %d 4 1", nn, r.sc->model.n_lines);
    cr_assert(strstr(out, want), "want %s in:\n%s", want, out);
    snprintf(want, sizeof want, "BLOCK segments %d %d 0 4", nn, ns);
    cr_assert(strstr(out, want), "want %s in:\n%s", want, out);
    run_free(&r);
}

#ifdef HAWSER_HAVE_HDF5
static hid_t ds_open(hid_t f, const char *name, int rank, hsize_t *dims)
{
    hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
    cr_assert_geq(d, 0, "%s", name);
    hid_t sp = H5Dget_space(d);
    cr_assert_eq(H5Sget_simple_extent_ndims(sp), rank, "%s rank", name);
    H5Sget_simple_extent_dims(sp, dims, NULL);
    H5Sclose(sp);
    cr_assert(H5Aexists(d, "units") > 0, "%s has a units attribute", name);
    return d;
}

static double *ds_read(hid_t f, const char *name, int rank, hsize_t *dims)
{
    hid_t d = ds_open(f, name, rank, dims);
    size_t n = 1;
    for (int i = 0; i < rank; i++) n *= dims[i];
    double *v = malloc(sizeof(double) * (n + 1));
    cr_assert_geq(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v), 0, "%s", name);
    H5Dclose(d);
    return v;
}

static void attr_str(hid_t f, const char *name, char *out, size_t len)
{
    hid_t a = H5Aopen(f, name, H5P_DEFAULT);
    cr_assert_geq(a, 0, "attribute %s", name);
    hid_t t = H5Aget_type(a);
    size_t sz = H5Tget_size(t);
    cr_assert_lt(sz, len);
    cr_assert_geq(H5Aread(a, t, out), 0);
    out[sz] = 0;
    H5Tclose(t);
    H5Aclose(a);
}

/* Lines that reel (here both spans of the block and tackle over its travelling pulley) keep fixed
 * dataset shapes: slots up to the most segments they can have, NaN past the count in use, which
 * /lines/segments_now gives per row and which must match the CSV run's segment count. */
/* A winch line's deployed length in lines.csv (issue 14): four columns per winch line after every
 * line's four (<line>.winch_length_m, _speed_m_s, _tension_N, _segments), which plot and report
 * skip. reel_payout.yaml pays 20 m out to 24.5 m in 4 s: 0 to 1.5 m/s linearly over 2 s (1.5 m),
 * then 1.5 m/s (3 m). */
Test(winch, lines_csv_has_the_deployed_length)
{
    char cmd[2048], out[8192], msg[1024];
    snprintf(cmd, sizeof cmd, "%s run %s/reel_payout.yaml -o " HW_TMP "/hawser_out_winch --t-end 4 --format csv,hdf5 -q "
             "> /dev/null 2>&1 && "
             "%s report " HW_TMP "/hawser_out_winch 2>&1", HW_CLI_PATH, HW_TEST_DATA_DIR, HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    hw_csv c;
    cr_assert_eq(hw_csv_read(HW_TMP "/hawser_out_winch/lines.csv", &c, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(c.cols, 1 + 4 + 4);
    cr_assert_eq(hw_csv_line_blocks(&c), 1);
    int len = hw_csv_col(&c, "wire.winch_length_m"), spd = hw_csv_col(&c, "wire.winch_speed_m_s");
    int ten = hw_csv_col(&c, "wire.winch_tension_N"), seg = hw_csv_col(&c, "wire.winch_segments");
    int ta = hw_csv_col(&c, "wire.TA_N");
    cr_assert(len == 5 && spd == 6 && ten == 7 && seg == 8, "%d %d %d %d", len, spd, ten, seg);
    long last = c.rows - 1;
    cr_expect_eq(hw_csv_at(&c, 0, len), 20.0);
    cr_expect_eq(hw_csv_at(&c, 0, seg), 4.0);
    cr_expect(fabs(hw_csv_at(&c, last, 0) - 4.0) < 1e-9);
    cr_expect(fabs(hw_csv_at(&c, last, len) - 24.5) < 1e-3, "deployed %.9g m", hw_csv_at(&c, last, len));
    cr_expect(fabs(hw_csv_at(&c, last, spd) - 1.5) < 1e-6, "speed %.9g m/s", hw_csv_at(&c, last, spd));
    cr_expect_eq(hw_csv_at(&c, last, seg), 5.0, "segments %g (a 5 m segment is split past 7.5 m)", hw_csv_at(&c, last, seg));
    for (long r = 0; r < c.rows; r++) /* the winch is at end A: its segment is segment 1 */
        cr_expect_eq(hw_csv_at(&c, r, ten), hw_csv_at(&c, r, ta), "row %ld", r);
    /* and /lines/deployed_length in results.h5, row for row */
    hid_t f = H5Fopen(HW_TMP "/hawser_out_winch/results.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0);
    hsize_t dl[2];
    double *dep = ds_read(f, "/lines/deployed_length", 2, dl);
    cr_assert_eq(dl[0], (hsize_t)c.rows);
    cr_assert_eq(dl[1], 1);
    for (long r = 0; r < c.rows; r++) cr_expect(fabs(dep[r] - hw_csv_at(&c, r, len)) <= 1e-9 * dep[r], "row %ld", r);
    free(dep);
    H5Fclose(f);
    hw_csv_free(&c);
}

Test(hdf5, reeling_lines_are_padded_to_their_slots)
{
    char cmd[2048], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/block_and_tackle.yaml -o " HW_TMP "/hawser_out_h5reel --t-end 20 "
             "--format csv,hdf5 -q 2>&1", HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    hid_t f = H5Fopen(HW_TMP "/hawser_out_h5reel/results.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0);
    hsize_t dn[2], dp[3], ds[2];
    double *now = ds_read(f, "/lines/segments_now", 2, dn);
    double *pos = ds_read(f, "/nodes/position", 3, dp);
    double *ten = ds_read(f, "/segments/tension", 2, ds);
    hid_t d = H5Dopen2(f, "/lines/segments", H5P_DEFAULT);
    int slots[2];
    cr_assert_geq(H5Dread(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, slots), 0);
    H5Dclose(d);
    cr_assert_eq(dn[1], 2);
    cr_assert_eq(dp[1], (hsize_t)(slots[0] + 1 + slots[1] + 1));
    cr_assert_eq(ds[1], (hsize_t)(slots[0] + slots[1]));
    size_t last = dn[0] - 1;
    int n0 = (int)now[2 * last], n1 = (int)now[2 * last + 1];
    printf("hdf5 of reeling lines: %d and %d slots, %d and %d segments in use at the end\n", slots[0],
           slots[1], n0, n1);
    cr_expect(n0 != 16 || n1 != 16, "the hauled span must have changed its segment count");
    cr_expect(n0 + n1 >= 30 && n0 <= slots[0] && n1 <= slots[1]);
    const double *p = pos + last * dp[1] * 3, *t = ten + last * ds[1];
    cr_expect(isfinite(p[3 * n0]) && isnan(p[3 * (n0 + 1)]), "line 0: nodes past %d are NaN", n0);
    cr_expect(isfinite(t[n0 - 1]) && isnan(t[n0]), "line 0: segments past %d are NaN", n0);
    cr_expect(isfinite(t[slots[0] + n1 - 1]), "line 1 in use");
    free(now); free(pos); free(ten);
    H5Fclose(f);
}

Test(hdf5, file_holds_every_row_with_shapes_units_and_attributes)
{
    run_ref r;
    run_in_process(&r, HW_TMP "/hawser_out_h5", 5, 0.0);
    const hw_model_def *m = &r.sc->model;
    int L = m->n_lines, P = m->n_points, nn = 0, ns = 0;
    for (int l = 0; l < L; l++) { nn += m->lines[l].nseg + 1; ns += m->lines[l].nseg; }
    hid_t f = H5Fopen(HW_TMP "/hawser_out_h5/results.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
    cr_assert_geq(f, 0);
    hsize_t d[4];
    double *time = ds_read(f, "/time", 1, d);
    cr_assert_eq(d[0], 5);
    cr_assert_float_eq(time[4], r.t_last, 1e-15 * r.t_last);
    double *et = ds_read(f, "/lines/end_tension", 3, d);
    cr_assert(d[0] == 5 && d[1] == (hsize_t)L && d[2] == 2);
    double *ef = ds_read(f, "/lines/end_force", 4, d);
    cr_assert(d[0] == 5 && d[1] == (hsize_t)L && d[2] == 2 && d[3] == 3);
    double *np = ds_read(f, "/nodes/position", 3, d);
    cr_assert(d[0] == 5 && d[1] == (hsize_t)nn && d[2] == 3);
    double *st = ds_read(f, "/segments/tension", 2, d);
    cr_assert(d[0] == 5 && d[1] == (hsize_t)ns);
    double *pp = ds_read(f, "/points/position", 3, d), *pv = ds_read(f, "/points/velocity", 3, d),
           *pf = ds_read(f, "/points/force", 3, d);
    cr_assert(d[0] == 5 && d[1] == (hsize_t)P && d[2] == 3);
    /* line offsets */
    hid_t off = ds_open(f, "/lines/node_offset", 1, d);
    cr_assert_eq(d[0], (hsize_t)L + 1);
    long long noff[16];
    H5Dread(off, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, noff);
    H5Dclose(off);
    /* the last row against the getters (the sim is still at that time) */
    for (int l = 0, s0 = 0; l < L; l++) {
        int nseg = m->lines[l].nseg;
        cr_assert_eq(noff[l + 1] - noff[l], nseg + 1);
        double ta, tb, fa[3], fb[3], *x = malloc(sizeof(double) * 3 * (nseg + 1)), *T = malloc(sizeof(double) * nseg);
        hw_sim_line_end_tensions(r.sim, l, &ta, &tb);
        hw_sim_line_end_forces(r.sim, l, fa, fb);
        hw_sim_line_positions(r.sim, l, x);
        hw_sim_line_tensions(r.sim, l, T);
        const double *row_et = et + 4 * 2 * L, *row_ef = ef + 4 * 6 * L;
        cr_assert_eq(row_et[2 * l], ta);  /* stored as float64: bit-exact */
        cr_assert_eq(row_et[2 * l + 1], tb);
        for (int k = 0; k < 3; k++) {
            cr_assert_eq(row_ef[6 * l + k], fa[k]);
            cr_assert_eq(row_ef[6 * l + 3 + k], fb[k]);
        }
        for (int j = 0; j < 3 * (nseg + 1); j++) cr_assert_eq(np[4 * 3 * nn + 3 * noff[l] + j], x[j]);
        for (int i = 0; i < nseg; i++) cr_assert_eq(st[4 * ns + s0 + i], T[i]);
        s0 += nseg;
        free(x); free(T);
    }
    for (int p = 0; p < P; p++) {
        double x[3], v[3], fo[3];
        hw_sim_point_state(r.sim, p, x, v, fo);
        for (int k = 0; k < 3; k++) {
            cr_assert_eq(pp[4 * 3 * P + 3 * p + k], x[k]);
            cr_assert_eq(pv[4 * 3 * P + 3 * p + k], v[k]);
            cr_assert_eq(pf[4 * 3 * P + 3 * p + k], fo[k]);
        }
    }
    /* run attributes */
    char s[512];
    attr_str(f, "backend", s, sizeof s);
    cr_assert_str_eq(s, "cpu");
    attr_str(f, "scenario", s, sizeof s);
    cr_assert_str_eq(s, OC4);
    attr_str(f, "hawser_version", s, sizeof s);
    cr_assert_str_eq(s, hw_version());
    attr_str(f, "integrator", s, sizeof s);
    cr_assert(!strcmp(s, "rk2") || !strcmp(s, "rk4") || !strcmp(s, "symplectic_euler"), "%s", s);
    attr_str(f, "date", s, sizeof s);
    cr_assert_eq(strlen(s), 20, "ISO 8601 UTC: %s", s);
    double dt;
    hid_t a = H5Aopen(f, "dt", H5P_DEFAULT);
    H5Aread(a, H5T_NATIVE_DOUBLE, &dt);
    H5Aclose(a);
    cr_assert_eq(dt, hw_sim_dt(r.sim));
    /* chunked and deflate-compressed, extendible along time */
    hid_t dn = H5Dopen2(f, "/nodes/position", H5P_DEFAULT);
    hid_t pl = H5Dget_create_plist(dn);
    cr_assert_eq(H5Pget_layout(pl), H5D_CHUNKED);
    int has_deflate = 0;
    for (int i = 0; i < H5Pget_nfilters(pl); i++) {
        unsigned flags; size_t nv = 0; char nm[64];
        if (H5Pget_filter2(pl, (unsigned)i, &flags, &nv, NULL, sizeof nm, nm, NULL) == H5Z_FILTER_DEFLATE) has_deflate = 1;
    }
    cr_assert(has_deflate);
    H5Pclose(pl);
    H5Dclose(dn);
    H5Fclose(f);
    free(time); free(et); free(ef); free(np); free(st); free(pp); free(pv); free(pf);
    run_free(&r);
}
#endif

/* ---- runs that stop early --------------------------------------------------------------------- */

/* Rows of a CSV file (-1 if it does not parse; logged unless quiet: a file polled while the run
 * writes its header is not an error, and Criterion fails the whole suite on any logged error). */
static long csv_rows_q(const char *path, int *cols_ok, int quiet)
{
    hw_csv c;
    char msg[512];
    if (hw_csv_read(path, &c, msg, sizeof msg)) {
        if (!quiet) cr_log_error("%s", msg);
        return -1;
    }
    long n = c.rows;
    *cols_ok = c.cols > 1;
    hw_csv_free(&c);
    return n;
}

static long csv_rows(const char *path, int *cols_ok) { return csv_rows_q(path, cols_ok, 0); }

#ifdef HAWSER_HAVE_HDF5
/* Opens results.h5 read-only; returns the rows of /time after checking it increases. */
static long h5_rows(const char *path)
{
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return -1;
    hsize_t d[4];
    double *t = ds_read(f, "/time", 1, d);
    for (hsize_t i = 1; i < d[0]; i++) cr_assert_gt(t[i], t[i - 1]);
    hsize_t d2[4];
    double *p = ds_read(f, "/nodes/position", 3, d2);
    cr_assert_eq(d2[0], d[0], "every series has the rows of /time");
    for (hsize_t i = 0; i < d2[0] * d2[1] * d2[2]; i++) cr_assert(isfinite(p[i]));
    free(t); free(p);
    H5Fclose(f);
    return (long)d[0];
}
#endif

Test(stop, killed_run_leaves_readable_files)
{
    const char *dir = HW_TMP "/hawser_out_killed";
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execl(HW_CLI_PATH, HW_CLI_PATH, "run", OC4, "-o", dir, "--t-end", "1000", "-q", "--format",
#ifdef HAWSER_HAVE_HDF5
              "csv,vtk,hdf5",
#else
              "csv,vtk",
#endif
              (char *)NULL);
        _exit(127);
    }
    /* wait for 30 rows (up to 60 s: a loaded CI machine, several suites at once), then kill it
     * mid-run */
    char lines_csv[256];
    snprintf(lines_csv, sizeof lines_csv, "%s/lines.csv", dir);
    int ok = 0;
    long rows = 0;
    for (int i = 0; i < 6000 && rows < 30; i++) {
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
        rows = access(lines_csv, R_OK) == 0 ? csv_rows_q(lines_csv, &ok, 1) : 0;
    }
    kill(pid, SIGKILL);
    int ws;
    waitpid(pid, &ws, 0);
    cr_assert(WIFSIGNALED(ws), "the run was still going when killed");
    long n_csv = csv_rows(lines_csv, &ok);
    cr_assert_geq(n_csv, 30);
    cr_assert(ok);
    char path[512];
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    double t[4096]; int part[4096]; static char files[4096][128];
    int n = pvd_read(path, t, part, files, 4096);
    cr_assert_geq(n, 2 * 28, "the index parses after a kill and lists the frames (%d entries)", n);
    snprintf(path, sizeof path, "%s/%s", dir, files[n - 1]);
    vtk_file vf;
    cr_assert_eq(vtk_read(path, &vf), 0, "the last indexed frame is complete");
    vtk_free(&vf);
#ifdef HAWSER_HAVE_HDF5
    snprintf(path, sizeof path, "%s/results.h5", dir);
    long n_h5 = h5_rows(path);
    cr_assert_geq(n_h5, 28, "HDF5 rows after the kill: %ld (CSV %ld)", n_h5, n_csv);
#endif
}

Test(stop, blow_up_closes_every_format)
{
    char out[16384], cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_out_blow; %s run %s -o " HW_TMP "/hawser_out_blow --dt 0.05 --t-end 20 -q --allow-unstable-dt --format %s 2>&1",
             HW_CLI_PATH, OC4,
#ifdef HAWSER_HAVE_HDF5
             "csv,vtk,hdf5"
#else
             "csv,vtk"
#endif
    );
    cr_assert_eq(sh(cmd, out, sizeof out), 4, "%s", out);
    int ok;
    long n_csv = csv_rows(HW_TMP "/hawser_out_blow/lines.csv", &ok);
    cr_assert_geq(n_csv, 2);
    double t[4096]; int part[4096]; static char files[4096][128];
    cr_assert_eq(pvd_read(HW_TMP "/hawser_out_blow/run.pvd", t, part, files, 4096), 2 * n_csv);
#ifdef HAWSER_HAVE_HDF5
    cr_assert_eq(h5_rows(HW_TMP "/hawser_out_blow/results.h5"), n_csv, "one HDF5 row per CSV row");
#endif
}

/* ---- format selection ------------------------------------------------------------------------- */

Test(formats, cli_and_scenario_select_the_files)
{
    char out[16384], cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_out_fmt; %s run %s -o " HW_TMP "/hawser_out_fmt --t-end 0.5 -q --format vtk 2>&1",
             HW_CLI_PATH, OC4);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert_eq(access(HW_TMP "/hawser_out_fmt/run.pvd", R_OK), 0);
    cr_assert_neq(access(HW_TMP "/hawser_out_fmt/lines.csv", R_OK), 0, "no CSV unless asked");
    cr_assert_eq(access(HW_TMP "/hawser_out_fmt/summary.json", R_OK), 0);
    cr_assert(strstr(out, "\"end_a_tension\""), "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s --format csv,vtu 2>&1", HW_CLI_PATH, OC4);
    cr_assert_eq(sh(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "--format") && strstr(out, "'vtu'") && strstr(out, "csv, vtk, hdf5"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s --format '' 2>&1", HW_CLI_PATH, OC4);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "--format: expected a comma-separated list of csv, vtk, hdf5, got ''"), "%s", out);
}

/* An output that cannot be written: exit code 6 and a message that names the file. */
Test(formats, unwritable_outputs_name_the_file)
{
    char out[16384], cmd[1024];
    /* a plain file where the frame directory should be */
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_out_novtk; mkdir -p " HW_TMP "/hawser_out_novtk && touch " HW_TMP "/hawser_out_novtk/vtk && "
             "%s run %s -o " HW_TMP "/hawser_out_novtk --t-end 0.2 -q --format vtk 2>&1", HW_CLI_PATH, OC4);
    cr_assert_eq(sh(cmd, out, sizeof out), 6, "%s", out);
    cr_assert(strstr(out, HW_TMP "/hawser_out_novtk/vtk/cables_000000.vtp: cannot write"), "%s", out);
#ifdef HAWSER_HAVE_HDF5
    /* a directory where the HDF5 file should be */
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_out_noh5; mkdir -p " HW_TMP "/hawser_out_noh5/results.h5 && "
             "%s run %s -o " HW_TMP "/hawser_out_noh5 --t-end 0.2 -q --format hdf5 2>&1", HW_CLI_PATH, OC4);
    cr_assert_eq(sh(cmd, out, sizeof out), 6, "%s", out);
    cr_assert(strstr(out, HW_TMP "/hawser_out_noh5/results.h5: cannot create the HDF5 file"), "%s", out);
#endif
}

static const char *SMALL =
    "line_types:\n"
    "  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e9}\n"
    "points:\n"
    "  - {name: anchor, type: fixed, position: [-500, 0, -100]}\n"
    "  - {name: fair, type: fixed, position: [0, 0, -10]}\n"
    "lines:\n"
    "  - {name: line1, type: chain, end_a: anchor, end_b: fair, length: 520, segments: 10}\n"
    "outputs:\n";

static hw_status load_outputs(const char *outputs, hw_scenario **sc, char *msg, size_t len)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", SMALL, outputs);
    return hw_scenario_load_string(text, "s.yaml", sc, msg, len);
}

Test(formats, scenario_keys_and_their_errors)
{
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(load_outputs("  formats: [csv, hdf5]\n  vtk_interval: 2\n  nodes: all\n  segments: all\n", &sc, msg, sizeof msg),
                 HW_OK, "%s", msg);
    cr_assert_eq(sc->out_formats, HW_OUT_CSV | HW_OUT_HDF5);
    cr_assert_eq(sc->vtk_interval, 2.0);
    cr_assert_eq(sc->n_out_nodes, 11, "nodes: all = nodes 0..10");
    cr_assert_eq(sc->n_out_segments, 10, "segments: all = segments 1..10");
    cr_assert_eq(sc->out_nodes[10].index, 10);
    cr_assert_eq(sc->out_segments[0].index, 1);
    hw_scenario_free(sc);
    cr_assert_eq(load_outputs("  interval: 1\n", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->out_formats, HW_OUT_CSV, "default [csv]");
    hw_scenario_free(sc);

    struct { const char *yaml, *want; } bad[] = {
        {"  formats: [csv, vtu]\n", "s.yaml:9: outputs.formats[1]: expected one of: csv, vtk, hdf5, got \"vtu\""},
        {"  formats: csv\n", "s.yaml:9: outputs.formats: expected a non-empty list of formats (csv, vtk, hdf5), got \"csv\""},
        {"  formats: []\n", "s.yaml:9: outputs.formats: expected a non-empty list of formats"},
        {"  vtk_interval: -1\n", "s.yaml:9: outputs.vtk_interval: expected an interval >= 0 s"},
        {"  nodes: some\n", "s.yaml:9: outputs.nodes: expected a list of {line: NAME, node: INDEX} or all, got \"some\""},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sc = NULL;
        cr_assert_eq(load_outputs(bad[k].yaml, &sc, msg, sizeof msg), HW_ERR_INPUT, "%s", bad[k].yaml);
        cr_assert_null(sc);
        cr_assert(strstr(msg, bad[k].want), "got: %s\nwant: %s", msg, bad[k].want);
    }
}

/* ---- statistics ------------------------------------------------------------------------------- */

Test(stats, welford_matches_two_pass)
{
    /* 1..10: mean 5.5, population variance (n^2 - 1) / 12 = 8.25 */
    hw_run_stats s;
    hw_run_stats_init(&s);
    for (int i = 1; i <= 10; i++) hw_run_stats_add(&s, i, 0.1 * i);
    cr_assert_float_eq(s.mean, 5.5, 1e-15);
    cr_assert_float_eq(hw_run_stats_std(&s), sqrt(8.25), 1e-14);
    cr_assert(s.max == 10 && s.t_max == 1.0 && s.min == 1 && s.t_min == 0.1);
    /* a large offset (1e9 N) with small variation: the naive sum of squares would lose every digit */
    hw_run_stats_init(&s);
    for (int i = 1; i <= 10; i++) hw_run_stats_add(&s, 1e9 + i, i);
    cr_assert_float_eq(hw_run_stats_std(&s), sqrt(8.25), 1e-6, "%.17g", hw_run_stats_std(&s));
}

/* "key":number after from */
static double json_num(const char *from, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(from, pat);
    cr_assert_not_null(p, "%s", key);
    return strtod(p + strlen(pat), NULL);
}

/* The summary's end-tension statistics cover every step (the exact two-pass check is
 * tests/test_extremes.c): they bracket the output rows of lines.csv, one sample per step plus the
 * end state. */
Test(stats, summary_every_step_brackets_lines_csv)
{
    char out[32768], cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -rf " HW_TMP "/hawser_out_stats; %s run %s -o " HW_TMP "/hawser_out_stats --t-end 3 -q 2>&1", HW_CLI_PATH, OC4);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    hw_csv c;
    char msg[512];
    cr_assert_eq(hw_csv_read(HW_TMP "/hawser_out_stats/lines.csv", &c, msg, sizeof msg), HW_OK, "%s", msg);
    double steps = json_num(out, "steps");
    const char *p = strstr(out, "\"lines\":[");
    cr_assert_not_null(p);
    for (int l = 0; l < (c.cols - 1) / 4; l++) {
        cr_assert_not_null(strstr(p, "\"extremes\":\"every_step\""));
        double seg_max = json_num(p, "max_tension_N");
        for (int e = 0; e < 2; e++) {
            int col = 1 + 4 * l + e;
            double mx = -INFINITY, mn = INFINITY;
            for (long r = 0; r < c.rows; r++) {
                mx = fmax(mx, hw_csv_at(&c, r, col));
                mn = fmin(mn, hw_csv_at(&c, r, col));
            }
            p = strstr(p, e ? "\"end_b_tension\":" : "\"end_a_tension\":");
            cr_assert_not_null(p);
            double tol = 2e-9 * mx; /* the CSV's 10 significant digits */
            cr_assert_eq(json_num(p, "samples"), steps + 1);
            cr_assert_geq(json_num(p, "max_N"), mx - tol);
            cr_assert_leq(json_num(p, "min_N"), mn + tol);
            cr_assert_geq(seg_max, json_num(p, "max_N"), "the segment maximum covers the end's");
            cr_assert_gt(json_num(p, "std_N"), 1e3, "the test run moves: the std is not trivially 0");
            p++;
        }
    }
    hw_csv_free(&c);
}

/* ---- plots and report ------------------------------------------------------------------------- */

static long png_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    unsigned char m[8];
    size_t n = fread(m, 1, 8, f);
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fclose(f);
    static const unsigned char magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    return n == 8 && !memcmp(m, magic, 8) ? sz : -2;
}

static void make_plot_run(const char *dir)
{
    char out[32768], cmd[1024];
    FILE *f = fopen(HW_TMP "/hawser_plot_scn.yaml", "w");
    cr_assert_not_null(f);
    char text[8192];
    FILE *src = fopen(OC4, "r");
    size_t n = fread(text, 1, sizeof text - 1, src);
    text[n] = 0;
    fclose(src);
    char *o = strstr(text, "\noutputs:");
    cr_assert_not_null(o, "the example has an outputs section");
    o[1] = 0;
    fprintf(f, "%soutputs:\n  interval: 0.1\n  nodes: all\n  segments: all\n", text);
    fclose(f);
    snprintf(cmd, sizeof cmd, "rm -rf %s; %s run " HW_TMP "/hawser_plot_scn.yaml -o %s --t-end 2 -q 2>&1", dir, HW_CLI_PATH, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
}

Test(plot, pngs_without_a_display)
{
    make_plot_run(HW_TMP "/hawser_out_plot");
    char out[8192], cmd[1024];
    snprintf(cmd, sizeof cmd, "env -u DISPLAY %s plot " HW_TMP "/hawser_out_plot --times 0.5,1.5 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    const char *pngs[] = {"end_tensions", "max_tension", "max_tension_along", "shapes"};
    for (int k = 0; k < 4; k++) {
        char path[256];
        snprintf(path, sizeof path, HW_TMP "/hawser_out_plot/plots/%s.png", pngs[k]);
        long sz = png_size(path);
        cr_assert_gt(sz, 5000, "%s: PNG of a real plot (size %ld)", path, sz);
    }
    FILE *f = fopen(HW_TMP "/hawser_out_plot/plots/plots.gp", "r");
    char gp[65536];
    size_t n = fread(gp, 1, sizeof gp - 1, f);
    gp[n] = 0;
    /* names are text (no gnuplot markup: the terminal itself is noenhanced) and the time axis
     * ends at the data */
    cr_assert(strstr(gp, "pngcairo noenhanced") && strstr(gp, "png noenhanced"), "%s", gp);
    cr_assert(strstr(gp, "set autoscale xfix"), "%s", gp);
    fclose(f);
    /* shapes at the recorded rows nearest the asked times */
    hw_csv c;
    char msg[256];
    cr_assert_eq(hw_csv_read(HW_TMP "/hawser_out_plot/nodes.csv", &c, msg, sizeof msg), HW_OK, "%s", msg);
    for (double want = 0.5; want < 2; want += 1.0) {
        long best = 0;
        for (long r = 0; r < c.rows; r++)
            if (fabs(hw_csv_at(&c, r, 0) - want) < fabs(hw_csv_at(&c, best, 0) - want)) best = r;
        char title[64];
        snprintf(title, sizeof title, "t=%g s", hw_csv_at(&c, best, 0));
        cr_assert(strstr(gp, title), "plots.gp has a shape titled %s", title);
        cr_assert_lt(fabs(hw_csv_at(&c, best, 0) - want), 0.06, "rows every 0.1 s");
    }
    hw_csv_free(&c);

    snprintf(cmd, sizeof cmd, "%s report " HW_TMP "/hawser_out_plot 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    f = fopen(HW_TMP "/hawser_out_plot/report.md", "r");
    cr_assert_not_null(f);
    n = fread(gp, 1, sizeof gp - 1, f);
    gp[n] = 0;
    fclose(f);
    cr_assert(strstr(gp, "| status | ok |") && strstr(gp, "| line1 | A |") && strstr(gp, "| line3 | B |") &&
              strstr(gp, "](plots/end_tensions.png)") && strstr(gp, "](plots/shapes.png)"), "%s", gp);
    /* one number format per column: no exponent beside fixed notation in the tables (forces in
     * whole newtons, times to the millisecond) */
    const char *tab = strstr(gp, "## End tensions at the output rows");
    cr_assert_not_null(tab);
    cr_assert_null(strstr(tab, "e+0"), "an exponent in a table: %s", tab);
    cr_assert_null(strstr(tab, "e-0"), "an exponent in a table: %s", tab);
}

Test(plot, errors_are_clear)
{
    char out[8192], cmd[1024];
    make_plot_run(HW_TMP "/hawser_out_plot2");
    snprintf(cmd, sizeof cmd, "HAWSER_GNUPLOT=/nonexistent/gnuplot %s plot " HW_TMP "/hawser_out_plot2 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 5, "%s", out);
    cr_assert(strstr(out, "gnuplot") && strstr(out, "not found") && strstr(out, "gnuplot-nox"), "%s", out);
    /* report still written, without plots, and says why */
    snprintf(cmd, sizeof cmd, "HAWSER_GNUPLOT=/nonexistent/gnuplot %s report " HW_TMP "/hawser_out_plot2 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "without plots"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s plot /nonexistent_dir 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 6, "%s", out);
    cr_assert(strstr(out, "/nonexistent_dir/lines.csv") && strstr(out, "cannot read"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s plot " HW_TMP "/hawser_out_plot2 --times 99 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "--times: 99 s is outside"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s plot " HW_TMP "/hawser_out_plot2 --times 1,x 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    snprintf(cmd, sizeof cmd, "%s report /nonexistent_dir 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 6, "%s", out);
    cr_assert(strstr(out, "/nonexistent_dir/lines.csv: cannot read") && strstr(out, "csv format"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s report " HW_TMP "/hawser_out_plot2 --times 1 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "unknown or incomplete option '--times'"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s plot 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "no result directory"), "%s", out);
    /* a malformed CSV names the file and line */
    system("mkdir -p " HW_TMP "/hawser_out_badcsv && printf 'time_s,a.TA_N,a.TB_N,a.FA_N,a.FB_N\\n0,1,2,3,4\\n0.1,1,x,3,4\\n' > " HW_TMP "/hawser_out_badcsv/lines.csv");
    snprintf(cmd, sizeof cmd, "%s plot " HW_TMP "/hawser_out_badcsv 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_assert(strstr(out, "lines.csv:3: column 3 (a.TB_N): expected a number"), "%s", out);
}

/* nodes.csv and segments.csv read each line once per row for its run of references: a list that
 * switches between lines gives, column for column, the values `all` gives. */
static void run_oc4_outputs(const char *dir, const char *outputs)
{
    char text[8192], path[256], cmd[1024], out[4096];
    FILE *f = fopen(OC4, "r");
    cr_assert_not_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *o = strstr(text, "\noutputs:");
    cr_assert_not_null(o);
    snprintf(o + 1, sizeof text - (size_t)(o + 1 - text), "%s", outputs);
    snprintf(path, sizeof path, "%s.yaml", dir);
    f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s run %s -o %s --t-end 0.3 -q 2>&1", HW_CLI_PATH, path, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s: %s", cmd, out);
}

static void same_columns(const char *file)
{
    char a[256], b[256], msg[256];
    snprintf(a, sizeof a, HW_TMP "/hawser_out_all/%s", file);
    snprintf(b, sizeof b, HW_TMP "/hawser_out_mixed/%s", file);
    hw_csv all, mix;
    cr_assert_eq(hw_csv_read(a, &all, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_csv_read(b, &mix, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(all.rows, mix.rows);
    cr_assert_gt(mix.rows, 2);
    for (int c = 1; c < mix.cols; c++) {
        int k = hw_csv_col(&all, mix.names[c]);
        cr_assert_geq(k, 1, "%s: column %s", file, mix.names[c]);
        for (long r = 0; r < mix.rows; r++)
            cr_assert_eq(hw_csv_at(&mix, r, c), hw_csv_at(&all, r, k), "%s row %ld column %s", file, r,
                         mix.names[c]);
    }
    hw_csv_free(&all);
    hw_csv_free(&mix);
}

Test(outputs, mixed_references_match_all)
{
    run_oc4_outputs(HW_TMP "/hawser_out_all", "outputs: {interval: 0.1, nodes: all, segments: all}\n");
    run_oc4_outputs(HW_TMP "/hawser_out_mixed",
                    "outputs:\n  interval: 0.1\n"
                    "  nodes: [{line: line2, node: 3}, {line: line1, node: 40}, {line: line2, node: 0},\n"
                    "          {line: line3, node: 7}, {line: line1, node: 0}, {line: line2, node: 40}]\n"
                    "  segments: [{line: line3, segment: 40}, {line: line1, segment: 1},\n"
                    "             {line: line3, segment: 2}, {line: line2, segment: 20}]\n");
    same_columns("nodes.csv");
    same_columns("segments.csv");
}
