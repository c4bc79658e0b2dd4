/* The 6-DOF bodies in the ParaView and HDF5 outputs (io/output_src.h hw_out_bodies, docs/outputs.md
 * "Bodies"): bodies with known poses are given by hand to the writers beside a lumped-line run and
 * a rigid-cable-only run, rows are written, and the files are read back.
 *
 * What must hold, computed here independently of the writers:
 * - ParaView: a body's points are its reference point P and the axis tips P + s R(q) e_i, with
 *   R(q) e_i from the quaternion rotation v' = v + 2 w (u x v) + 2 u x (u x v) (u = (x, y, z)) of
 *   the normalised quaternion; the tips' velocity is v + w x (tip - P). The files print 17
 *   significant digits, so the values read back are the computed doubles to 1 ulp; 1e-12 (absolute,
 *   coordinates of order 1..10 m) leaves room for the rounding of the two ways of rotating.
 * - HDF5: position, orientation, velocity, angular velocity, force and moment are the doubles given
 *   (binary: exact); roll_pitch_yaw rebuilds R(q) as Rz(yaw) Ry(pitch) Rx(roll) to 1e-12, and a
 *   90 degree yaw reads (0, 0, pi/2) to 1e-12.
 * The ParaView files are parsed as XML by python3's xml.etree (a subprocess); HDF5 is read with
 * the C API when the build has it (skipped cleanly otherwise). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAWSER_HAVE_HDF5
#include <hdf5.h>
#endif

#include "io/files.h"
#include "io/output.h"
#include "io/output_hdf5.h"
#include "io/output_vtk.h"
#include "io/scenario.h"
#include "run/rigid_run.h"

#define PI 3.14159265358979323846

/* One 20 m wire between two fixed points (a lumped run) and two fixed bodies nothing is
 * attached to (the writers take the bodies' states as given: which object moves them is not
 * theirs). */
static const char *LUMPED =
    "environment: {depth: 100, water_density: 0}\n"
    "line_types:\n"
    "  - {name: wire, diameter: 0.01, mass_per_length: 0.1, EA: 1.0e8, damping_ratio: 0.5}\n"
    "bodies:\n"
    "  - {name: barge, type: fixed, position: [1, 2, -3], rotation: [0, 0, 1.5707963267948966]}\n"
    "  - {name: buoy, type: fixed, position: [-4, 5, -6]}\n"
    "points:\n"
    "  - {name: a, type: fixed, position: [0, 0, 0]}\n"
    "  - {name: b, type: fixed, position: [19, 0, 0]}\n"
    "lines:\n"
    "  - {name: wire, type: wire, end_a: a, end_b: b, length: 20, segments: 4}\n"
    "solver: {t_end: 1}\n"
    "outputs: {interval: 0.1}\n";

/* A rigid cable hanging from a fixed point, and the same two bodies. */
static const char *RIGID =
    "environment: {water_density: 1025, depth: 1000}\n"
    "bodies:\n"
    "  - {name: barge, type: fixed, position: [1, 2, -3], rotation: [0, 0, 1.5707963267948966]}\n"
    "  - {name: buoy, type: fixed, position: [-4, 5, -6]}\n"
    "points:\n"
    "  - {name: top, type: fixed, position: [0, 0, -10]}\n"
    "rigid_cables:\n"
    "  - {name: wire, length: 20, elements: 4, mass_per_length: 10, diameter: 0.04, stiffness: engineering,\n"
    "     EA: 1.0e9, damping_ratio: 0.5, beta_dt: 1.0, end_a: top, end_b: {type: free, position: [0, 0, -30]}}\n"
    "solver: {dt: 0.01, t_end: 1}\n"
    "outputs: {interval: 0.25}\n";

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* ---- the bodies given at row r ------------------------------------------------------------------ */

/* Body 0: a 90 degree yaw (q = (cos 45, 0, 0, sin 45)) moving along x; body 1: roll 0.3, pitch
 * -0.2, yaw 1.1 + 0.1 r, given as an unnormalised quaternion (twice the unit one) built from the
 * angles by the product qz qy qx of the half-angle quaternions. */
static void fill_bodies(hw_out_bodies *b, int r)
{
    double c = sqrt(0.5);
    double q0[4] = {c, 0, 0, c};
    double ro = 0.3, pi_ = -0.2, ya = 1.1 + 0.1 * r;
    double cr = cos(ro / 2), sr = sin(ro / 2), cp = cos(pi_ / 2), sp = sin(pi_ / 2), cy = cos(ya / 2), sy = sin(ya / 2);
    double q1[4] = {cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy,
                    cr * cp * sy - sr * sp * cy};
    double P[2][3] = {{1 + 0.5 * r, 2, -3}, {-4, 5, -6 + 0.25 * r}};
    for (int i = 0; i < 4; i++) {
        b->quat[i] = q0[i];
        b->quat[4 + i] = 2.0 * q1[i];
    }
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++) {
            b->pos[3 * k + i] = P[k][i];
            b->vel[3 * k + i] = 0.5 * (i == 0) * (k == 0) + 0.25 * (i == 2) * (k == 1) + 0.01 * i;
            b->w[3 * k + i] = (k + 1) * 0.1 * (i + 1);
            b->force[3 * k + i] = 1000.0 * (k + 1) + 10.0 * i + r;
            b->moment[3 * k + i] = -500.0 * (k + 1) + 7.0 * i - r;
        }
}

/* v rotated by the normalised quaternion q (w x y z): v + 2 w (u x v) + 2 u x (u x v). */
static void rotate(const double *q4, const double *v, double *out)
{
    double n = sqrt(q4[0] * q4[0] + q4[1] * q4[1] + q4[2] * q4[2] + q4[3] * q4[3]);
    double w = q4[0] / n, u[3] = {q4[1] / n, q4[2] / n, q4[3] / n};
    double t[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    double tt[3] = {u[1] * t[2] - u[2] * t[1], u[2] * t[0] - u[0] * t[2], u[0] * t[1] - u[1] * t[0]};
    for (int i = 0; i < 3; i++) out[i] = v[i] + 2.0 * w * t[i] + 2.0 * tt[i];
}

/* ---- a ParaView reader via python3 ------------------------------------------------------------- */

static const char *PY =
    "import sys, xml.etree.ElementTree as E\n"
    "r = E.parse(sys.argv[1]).getroot()\n"
    "if r.get('type') == 'Collection':\n"
    "    for d in r.iter('DataSet'): print('DATASET', d.get('timestep'), d.get('part'), d.get('name'), d.get('file'))\n"
    "    sys.exit(0)\n"
    "p = r.find('PolyData/Piece')\n"
    "print('PIECE', p.get('NumberOfPoints'), p.get('NumberOfVerts'), p.get('NumberOfLines'))\n"
    "for sec in ('PointData', 'CellData', 'Points', 'Verts', 'Lines'):\n"
    "    s = p.find(sec)\n"
    "    if s is None: continue\n"
    "    for a in s.findall('DataArray'):\n"
    "        v = a.text.split()\n"
    "        print('ARRAY', sec + '.' + a.get('Name'), len(v), ' '.join(v))\n";

enum { MAXA = 24 };
typedef struct vtp { long points, verts, lines; int n; char name[MAXA][48]; long len[MAXA]; double *v[MAXA]; } vtp;

static void vtp_read(const char *path, vtp *f)
{
    memset(f, 0, sizeof *f);
    char script[256], cmd[1024], word[64];
    snprintf(script, sizeof script, HW_TMP "/hawser_bodies_vtp_%d.py", (int)getpid());
    write_file(script, PY);
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    while (fscanf(p, "%63s", word) == 1) {
        if (!strcmp(word, "PIECE")) {
            cr_assert_eq(fscanf(p, "%ld %ld %ld", &f->points, &f->verts, &f->lines), 3);
        } else {
            cr_assert_str_eq(word, "ARRAY", "%s does not parse", path);
            cr_assert_lt(f->n, MAXA);
            int k = f->n++;
            cr_assert_eq(fscanf(p, "%47s %ld", f->name[k], &f->len[k]), 2);
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
            cr_assert_eq(f->len[k], want_len, "%s: %ld values, want %ld", name, f->len[k], want_len);
            return f->v[k];
        }
    cr_assert_fail("no array %s", name);
    return NULL;
}

static void vtp_free(vtp *f) { for (int k = 0; k < f->n; k++) free(f->v[k]); }

/* run.pvd's entries: count, and the part names of the last time step into last (space-separated). */
static int pvd_entries(const char *path, char *names, size_t names_len, double *t_last)
{
    char script[256], cmd[1024], word[64], name[64], file[256];
    snprintf(script, sizeof script, HW_TMP "/hawser_bodies_pvd_%d.py", (int)getpid());
    write_file(script, PY);
    snprintf(cmd, sizeof cmd, "python3 %s %s 2>&1", script, path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    int n = 0, part;
    double t;
    *t_last = -1;
    names[0] = 0;
    while (fscanf(p, "%63s %lf %d %63s %255s", word, &t, &part, name, file) == 5) {
        cr_assert_str_eq(word, "DATASET");
        if (t != *t_last) names[0] = 0;
        *t_last = t;
        snprintf(names + strlen(names), names_len - strlen(names), "%s%s", names[0] ? " " : "", name);
        n++;
    }
    pclose(p);
    unlink(script);
    return n;
}

/* The frame file vtk/bodies_k.vtp against the bodies of row r (sizes s: NULL = 1 m). */
static void check_frame(const char *dir, int k, int r, const double *size)
{
    hw_out_bodies b;
    cr_assert_eq(hw_out_bodies_alloc(&b, 2), HW_OK);
    fill_bodies(&b, r);
    char path[512];
    snprintf(path, sizeof path, "%s/vtk/bodies_%06d.vtp", dir, k);
    vtp v;
    vtp_read(path, &v);
    cr_assert_eq(v.points, 8);
    cr_assert_eq(v.verts, 2);
    cr_assert_eq(v.lines, 6);
    const double *X = vtp_array(&v, "Points.position", 24), *vel = vtp_array(&v, "PointData.velocity", 24);
    const double *ax[3] = {vtp_array(&v, "PointData.axis_x", 24), vtp_array(&v, "PointData.axis_y", 24),
                           vtp_array(&v, "PointData.axis_z", 24)};
    const double *F = vtp_array(&v, "PointData.force", 24), *M = vtp_array(&v, "PointData.moment", 24);
    const double *W = vtp_array(&v, "PointData.angular_velocity", 24);
    const double *pb = vtp_array(&v, "PointData.body", 8), *pn = vtp_array(&v, "PointData.node", 8);
    const double *cb = vtp_array(&v, "CellData.body", 8), *ca = vtp_array(&v, "CellData.axis", 8);
    const double *vc = vtp_array(&v, "Verts.connectivity", 2), *lc = vtp_array(&v, "Lines.connectivity", 12);
    for (int j = 0; j < 2; j++) {
        const double *P = b.pos + 3 * j, *q = b.quat + 4 * j;
        double s = size ? size[j] : 1.0;
        cr_expect_eq(vc[j], 4 * j, "vertex of body %d at its reference point", j);
        cr_expect_eq(cb[j], j);
        cr_expect_eq(ca[j], 0);
        for (int i = 0; i < 3; i++) cr_expect(fabs(X[12 * j + i] - P[i]) <= 1e-12, "body %d P", j);
        for (int a = 0; a < 3; a++) {
            double e[3] = {a == 0, a == 1, a == 2}, Re[3];
            rotate(q, e, Re);
            int pt = 4 * j + 1 + a;
            cr_expect_eq(pb[pt], j);
            cr_expect_eq(pn[pt], a + 1);
            cr_expect_eq(lc[2 * (3 * j + a)], 4 * j, "line from P");
            cr_expect_eq(lc[2 * (3 * j + a) + 1], pt, "to the tip of axis %d", a);
            cr_expect_eq(cb[2 + 3 * j + a], j);
            cr_expect_eq(ca[2 + 3 * j + a], a + 1);
            const double *w = b.w + 3 * j, *vv = b.vel + 3 * j;
            double d[3] = {s * Re[0], s * Re[1], s * Re[2]};
            double vt[3] = {vv[0] + w[1] * d[2] - w[2] * d[1], vv[1] + w[2] * d[0] - w[0] * d[2],
                            vv[2] + w[0] * d[1] - w[1] * d[0]};
            for (int i = 0; i < 3; i++) {
                cr_expect(fabs(X[3 * pt + i] - (P[i] + s * Re[i])) <= 1e-12, "body %d axis %d tip [%d]: %.17g, want %.17g",
                          j, a, i, X[3 * pt + i], P[i] + s * Re[i]);
                cr_expect(fabs(vel[3 * pt + i] - vt[i]) <= 1e-12, "body %d axis %d tip velocity", j, a);
                for (int n = 0; n < 4; n++) cr_expect(fabs(ax[a][12 * j + 3 * n + i] - Re[i]) <= 1e-12, "axis vector");
            }
        }
        for (int n = 0; n < 4; n++)
            for (int i = 0; i < 3; i++) {
                cr_expect_eq(F[12 * j + 3 * n + i], b.force[3 * j + i]);
                cr_expect_eq(M[12 * j + 3 * n + i], b.moment[3 * j + i]);
                cr_expect_eq(W[12 * j + 3 * n + i], b.w[3 * j + i]);
            }
        for (int i = 0; i < 3; i++) cr_expect_eq(vel[12 * j + i], b.vel[3 * j + i], "the reference point's velocity");
    }
    if (r == 0) { /* body 0: the 90 degree yaw by hand: x -> y, y -> -x, z -> z */
        double s = size ? size[0] : 1.0;
        double want[3][3] = {{1, 2 + s, -3}, {1 - s, 2, -3}, {1, 2, -3 + s}};
        for (int a = 0; a < 3; a++)
            for (int i = 0; i < 3; i++) cr_expect(fabs(X[3 * (1 + a) + i] - want[a][i]) <= 1e-12, "yaw 90 tip %d", a);
    }
    vtp_free(&v);
    hw_out_bodies_free(&b);
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

/* /bodies/name as one string per body. */
static void h5_names(const char *file, char out[2][32])
{
    hid_t f = H5Fopen(file, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t d = H5Dopen2(f, "/bodies/name", H5P_DEFAULT);
    cr_assert_geq(d, 0, "/bodies/name");
    hid_t t = H5Dget_type(d);
    size_t w = H5Tget_size(t);
    cr_assert_lt(w, 32);
    char buf[64] = {0};
    cr_assert_geq(H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf), 0);
    for (int k = 0; k < 2; k++) snprintf(out[k], 32, "%.*s", (int)w, buf + k * w);
    H5Tclose(t);
    H5Dclose(d);
    H5Fclose(f);
}

/* Every row k < rows holds fill_bodies(rs ? rs[k] : k); row `rows` (when nan_row) holds NaN. */
static void check_h5(const char *dir, int rows, int nan_row, const int *rs)
{
    char path[512];
    snprintf(path, sizeof path, "%s/results.h5", dir);
    char names[2][32];
    h5_names(path, names);
    cr_expect_str_eq(names[0], "barge");
    cr_expect_str_eq(names[1], "buoy");
    static const char *const ds3[6] = {"/bodies/position", "/bodies/velocity", "/bodies/angular_velocity",
                                       "/bodies/force", "/bodies/moment", "/bodies/roll_pitch_yaw"};
    double *v[6], *q;
    hsize_t d[3];
    for (int j = 0; j < 6; j++) {
        v[j] = h5_read(path, ds3[j], 3, d);
        cr_assert(d[0] == (hsize_t)(rows + nan_row) && d[1] == 2 && d[2] == 3, "%s: %llu rows", ds3[j],
                  (unsigned long long)d[0]);
    }
    q = h5_read(path, "/bodies/orientation", 3, d);
    cr_assert(d[0] == (hsize_t)(rows + nan_row) && d[1] == 2 && d[2] == 4);
    hw_out_bodies b;
    cr_assert_eq(hw_out_bodies_alloc(&b, 2), HW_OK);
    for (int r = 0; r < rows; r++) {
        fill_bodies(&b, rs ? rs[r] : r);
        const double *given[5] = {b.pos, b.vel, b.w, b.force, b.moment};
        for (int j = 0; j < 5; j++)
            for (int i = 0; i < 6; i++) cr_expect_eq(v[j][6 * r + i], given[j][i], "%s row %d [%d]", ds3[j], r, i);
        for (int i = 0; i < 8; i++) cr_expect_eq(q[8 * r + i], b.quat[i], "orientation row %d", r);
        /* roll pitch yaw: Rz(yaw) Ry(pitch) Rx(roll) e_i = R(q) e_i */
        for (int k = 0; k < 2; k++) {
            const double *a = v[5] + 6 * r + 3 * k;
            double cr_ = cos(a[0]), sr = sin(a[0]), cp = cos(a[1]), sp = sin(a[1]), cy = cos(a[2]), sy = sin(a[2]);
            double R[3][3] = {{cy * cp, cy * sp * sr - sy * cr_, cy * sp * cr_ + sy * sr},
                              {sy * cp, sy * sp * sr + cy * cr_, sy * sp * cr_ - cy * sr},
                              {-sp, cp * sr, cp * cr_}};
            for (int c = 0; c < 3; c++) {
                double e[3] = {c == 0, c == 1, c == 2}, Re[3];
                rotate(b.quat + 4 * k, e, Re);
                for (int i = 0; i < 3; i++)
                    cr_expect(fabs(R[i][c] - Re[i]) <= 1e-12, "rpy row %d body %d: R[%d][%d] %.17g, R(q) %.17g", r, k,
                              i, c, R[i][c], Re[i]);
            }
        }
        cr_expect(fabs(v[5][6 * r]) <= 1e-12 && fabs(v[5][6 * r + 1]) <= 1e-12 &&
                  fabs(v[5][6 * r + 2] - PI / 2) <= 1e-12, "a 90 degree yaw: (0, 0, pi/2)");
    }
    for (int i = 0; nan_row && i < 6; i++) cr_expect(isnan(v[0][6 * rows + i]) && isnan(v[5][6 * rows + i]),
                                                     "a row without bodies: NaN");
    for (int j = 0; j < 6; j++) free(v[j]);
    free(q);
    hw_out_bodies_free(&b);
}
#endif

/* Opens every format in dir for sc (HDF5 where built). */
static void open_outputs(hw_outputs *o, const char *dir, hw_scenario *sc)
{
    char msg[2048], failed[512];
    cr_assert_eq(hw_clean_run_dir(dir, NULL, failed, sizeof failed), 0, "%s", failed);
#ifdef HAWSER_HAVE_HDF5
    sc->out_formats = HW_OUT_CSV | HW_OUT_VTK | HW_OUT_HDF5;
#else
    sc->out_formats = HW_OUT_CSV | HW_OUT_VTK;
#endif
    sc->vtk_interval = 0;
    cr_assert_eq(hw_outputs_open(o, dir, sc, msg, sizeof msg), HW_OK, "%s", msg);
}

/* Lumped lines and two bodies with glyph sizes 2 m and 0.5 m: 3 rows with bodies, then one
 * without (ParaView: no bodies part in that frame; HDF5: NaN). */
Test(bodies_out, lumped_run_paraview_and_hdf5)
{
    const char *dir = HW_TMP "/hawser_bodies_lumped";
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(LUMPED, "bodies.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->n_bodies, 2);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs o;
    open_outputs(&o, dir, sc);
    hw_out_bodies b;
    cr_assert_eq(hw_out_bodies_alloc(&b, 2), HW_OK);
    double size[2] = {2.0, 0.5};
    b.size = size;
    hw_outputs_attach_bodies(&o, &b);
    for (int r = 0; r < 3; r++) {
        if (r) cr_assert_eq(hw_sim_step(sim, 10), HW_OK);
        fill_bodies(&b, r);
        cr_assert_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_OK, "%s", msg);
    }
    cr_assert_eq(hw_sim_step(sim, 10), HW_OK);
    hw_outputs_attach_bodies(&o, NULL);
    cr_assert_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs_close(&o);

    char path[512], names[256];
    double t_last;
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    cr_expect_eq(pvd_entries(path, names, sizeof names, &t_last), 3 * 3 + 2, "3 frames of 3 parts, then 2");
    cr_expect_str_eq(names, "cables segments", "the last frame had no bodies given");
    for (int r = 0; r < 3; r++) check_frame(dir, r, r, size);
    snprintf(path, sizeof path, "%s/vtk/bodies_000003.vtp", dir);
    cr_expect(access(path, F_OK) != 0, "no bodies frame where none were given");
#ifdef HAWSER_HAVE_HDF5
    check_h5(dir, 3, 1, NULL);
#else
    cr_log_info("HDF5 not built: results.h5 not read back");
#endif
    /* a new run in the folder removes the old body frames (hw_clean_run_dir) */
    char failed[512];
    cr_assert_eq(hw_clean_run_dir(dir, NULL, failed, sizeof failed), 0, "%s", failed);
    snprintf(path, sizeof path, "%s/vtk/bodies_000000.vtp", dir);
    cr_expect(access(path, F_OK) != 0, "stale body frames removed");
    hw_out_bodies_free(&b);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* Rigid cables only, and the bodies with the default 1 m glyphs (size NULL): part "bodies" after
 * "rigid" in every frame. */
Test(bodies_out, rigid_only_run_paraview_and_hdf5)
{
    const char *dir = HW_TMP "/hawser_bodies_rigid";
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(RIGID, "bodies.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs o;
    open_outputs(&o, dir, sc);
    hw_rc_runner rr;
    cr_assert_eq(hw_rc_runner_start(&rr, sc, dir, 0.01, HW_BACKEND_CPU, NULL, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs_attach(&o, rr.rc, NULL);
    hw_out_bodies b;
    cr_assert_eq(hw_out_bodies_alloc(&b, 2), HW_OK);
    hw_outputs_attach_bodies(&o, &b);
    for (int r = 0; r < 3; r++) {
        if (r) cr_assert_eq(hw_rc_runner_advance_to(&rr, 0.25 * r, msg, sizeof msg), HW_OK, "%s", msg);
        fill_bodies(&b, r);
        cr_assert_eq(hw_outputs_write(&o, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    }
    hw_outputs_close(&o);
    hw_rc_runner_end(&rr);
    char path[512], names[256];
    double t_last;
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    cr_expect_eq(pvd_entries(path, names, sizeof names, &t_last), 6);
    cr_expect_str_eq(names, "rigid bodies");
    cr_expect_eq(t_last, 0.5);
    for (int r = 0; r < 3; r++) check_frame(dir, r, r, NULL);
#ifdef HAWSER_HAVE_HDF5
    check_h5(dir, 3, 0, NULL);
#endif
    hw_out_bodies_free(&b);
    hw_scenario_free(sc);
}

/* Bodies that do not match the scenario, or an orientation with no direction: HW_ERR_STATE with a
 * message naming what is wrong, before any file of the row is written. */
Test(bodies_out, wrong_bodies_are_refused)
{
    const char *dir = HW_TMP "/hawser_bodies_bad";
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(LUMPED, "bodies.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs o;
    open_outputs(&o, dir, sc);
    hw_out_bodies b;
    cr_assert_eq(hw_out_bodies_alloc(&b, 1), HW_OK);
    hw_outputs_attach_bodies(&o, &b);
    cr_expect_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_ERR_STATE);
    cr_expect(strstr(msg, "1 bodies given, the scenario has 2") != NULL, "%s", msg);
    hw_outputs_close(&o);
    hw_out_bodies_free(&b);

    open_outputs(&o, dir, sc);
    cr_assert_eq(hw_out_bodies_alloc(&b, 2), HW_OK);
    fill_bodies(&b, 0);
    for (int i = 0; i < 4; i++) b.quat[4 + i] = 0.0;
    hw_outputs_attach_bodies(&o, &b);
    cr_expect_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_ERR_STATE);
    cr_expect(strstr(msg, "body 'buoy' (1)") && strstr(msg, "quaternion"), "%s", msg);
    hw_outputs_close(&o);
    hw_out_bodies_free(&b);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* Resume at a checkpoint's mark (as run/run_resume.c does): the ParaView index is cut to the
 * frames written by then and later body frames are removed; /bodies is cut to the rows. Rows
 * 0 and 1 are written, the mark taken, rows 2 and 3 written (lost with the interruption); the
 * resumed run writes row 2 again with other bodies (fill_bodies(5)). */
Test(bodies_out, resume_cuts_the_body_frames_and_rows)
{
    const char *dir = HW_TMP "/hawser_bodies_resume";
    char msg[2048];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(LUMPED, "bodies.yaml", &sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs o;
    open_outputs(&o, dir, sc);
    hw_out_bodies b;
    cr_assert_eq(hw_out_bodies_alloc(&b, 2), HW_OK);
    hw_outputs_attach_bodies(&o, &b);
    int frames = 0;
    double last_t = 0;
    long long tail_at = 0;
#ifdef HAWSER_HAVE_HDF5
    long rows = 0;
#endif
    for (int r = 0; r < 4; r++) {
        if (r) cr_assert_eq(hw_sim_step(sim, 10), HW_OK);
        fill_bodies(&b, r);
        cr_assert_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_OK, "%s", msg);
        if (r == 1) {
            hw_vtk_mark(o.vtk, &frames, &last_t, &tail_at);
#ifdef HAWSER_HAVE_HDF5
            rows = hw_h5_rows(o.h5);
#endif
        }
    }
    hw_outputs_close(&o);
    cr_assert_eq(frames, 2);
    char path[512], old[600];
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    snprintf(old, sizeof old, "%s.resume", path);
    cr_assert_eq(rename(path, old), 0);
#ifdef HAWSER_HAVE_HDF5
    cr_assert_eq(rows, 2);
    snprintf(path, sizeof path, "%s/results.h5", dir);
    snprintf(old, sizeof old, "%s.resume", path);
    cr_assert_eq(rename(path, old), 0);
#endif
    cr_assert_eq(hw_outputs_open(&o, dir, sc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_vtk_resume(o.vtk, frames, last_t, tail_at, msg, sizeof msg), HW_OK, "%s", msg);
#ifdef HAWSER_HAVE_HDF5
    cr_assert_eq(hw_h5_resume(o.h5, rows, msg, sizeof msg), HW_OK, "%s", msg);
#endif
    snprintf(path, sizeof path, "%s/vtk/bodies_000003.vtp", dir);
    cr_expect(access(path, F_OK) != 0, "a body frame past the mark is removed");
    hw_outputs_attach_bodies(&o, &b);
    fill_bodies(&b, 5);
    cr_assert_eq(hw_outputs_write(&o, sim, msg, sizeof msg), HW_OK, "%s", msg);
    hw_outputs_close(&o);
    char names[256];
    double t;
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    cr_expect_eq(pvd_entries(path, names, sizeof names, &t), 9, "3 frames of 3 parts");
    cr_expect_str_eq(names, "cables segments bodies");
    check_frame(dir, 0, 0, NULL);
    check_frame(dir, 1, 1, NULL);
    check_frame(dir, 2, 5, NULL);
#ifdef HAWSER_HAVE_HDF5
    static const int rs[3] = {0, 1, 5};
    check_h5(dir, 3, 0, rs);
#endif
    hw_out_bodies_free(&b);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}
