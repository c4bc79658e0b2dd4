/* The HDF5 results file. One file for the whole run whatever the number of lines: every series is
 * one dataset whose first dimension is time and whose other dimensions run over all lines (nodes
 * and segments of all lines concatenated, line after line, located by /lines/node_offset and
 * /lines/segment_offset) or all points. Every dataset carries a `units` and a `description`
 * attribute; the root group carries the run facts. The file is flushed (H5Fflush) after each row
 * so that a run that stops early, even killed, leaves a file that opens with the rows written so
 * far. The default (oldest-compatible) file format is used on purpose: the newest superblock marks
 * a file open for writing and refuses a later open after a kill.
 *
 * Datasets (T = rows written, L = lines, N = all nodes, S = all segments, P = points):
 *   /time (T) s; /lines/end_tension (T, L, 2) N; /lines/end_force (T, L, 2, 3) N;
 *   /lines/deployed_length (T, L) m (a winch line's deployed length; NaN on a sheave);
 *   /nodes/position (T, N, 3) m; /segments/tension (T, S) N;
 *   /points/position (T, P, 3) m; /points/velocity (T, P, 3) m/s; /points/force (T, P, 3) N;
 *   static: /lines/name, /lines/segments, /lines/unstretched_length, /lines/node_offset (L+1),
 *   /lines/segment_offset (L+1), /lines/end_a_point, /lines/end_b_point, /points/name.
 *   (only with lumped lines: a run without them has none of the groups above but /time)
 * Rigid cables (C cables, R = all node slots: each cable's most elements + 1, concatenated):
 *   /rigid/elements_now (T, C); /rigid/end_force (T, C, 2, 3) N; /rigid/node_position (T, R, 3) m;
 *   /rigid/tension (T, R) N; /rigid/moment (T, R, 3) N m (bending x, y, torsion z);
 *   static: /rigid/name, /rigid/node_slots (C), /rigid/node_offset (C+1).
 * 1-D network (Nn nodes, Nr rotational nodes, E elements; a series over an empty set is absent):
 *   /network/node_position (T, Nn) m, /network/node_velocity (T, Nn) m/s, /network/rnode_angle
 *   (T, Nr) rad, /network/rnode_speed (T, Nr) rad/s, /network/element_force (T, E) N,
 *   /network/element_dissipation (T, E) J; static: /network/node_name, /network/rnode_name,
 *   /network/element_name.
 * 6-DOF bodies (B = the scenario's bodies; the rows read hw_out_src.bodies, and a row that gives
 * none holds NaN):
 *   /bodies/position (T, B, 3) m (reference point); /bodies/orientation (T, B, 4) quaternion
 *   w x y z (as given); /bodies/roll_pitch_yaw (T, B, 3) rad (R = Rz(yaw) Ry(pitch) Rx(roll), pitch
 *   in [-pi/2, pi/2]); /bodies/velocity (T, B, 3) m/s; /bodies/angular_velocity (T, B, 3) rad/s;
 *   /bodies/force (T, B, 3) N and /bodies/moment (T, B, 3) N m (about the reference point) of the
 *   cables on the body; static: /bodies/name.
 * Waves (outputs.wave_points: W points; wave_nodes: K nodes; surface_grid: ny x nx points; each
 * series only when asked; hw_out_src.waves, NULL: still water):
 *   /waves/elevation (T, W) m at the points; /waves/node_eta (T, K) m, /waves/node_velocity
 *   (T, K, 3) m/s, /waves/node_acceleration (T, K, 3) m/s^2, /waves/node_pressure (T, K) Pa (dynamic),
 *   /waves/node_wet (T, K) 1 (1 under the surface, else 0 and the rest 0), at the node's position of
 *   the row (NaN for a node a winch hauled in); /waves/surface_elevation (T, ny, nx) m;
 *   static: /waves/point_x, /waves/point_y (W) m, /waves/node_line (K, index into /lines/name),
 *   /waves/node_index (K, 0 = end A), /waves/surface_x (nx) m, /waves/surface_y (ny) m.
 * A new family adds its group, its DS_ entries and its part of hw_h5_write. */
#include "io/output_hdf5.h"
#include "io/scenario_rigid.h"
#include "network/network_internal.h"
#include "model/model_check.h"
#include "physics/body.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HAWSER_HAVE_HDF5

struct hw_h5_out { int unused; };

hw_status hw_h5_open(hw_h5_out **out, const char *dir, const hw_scenario *sc, char *msg,
                     size_t msg_len)
{
    (void)sc;
    *out = NULL;
    snprintf(msg, msg_len,
             "%s/results.h5: HDF5 output is not available: this hawser was built without libhdf5 "
             "(install libhdf5-dev and reconfigure), use formats csv or vtk",
             dir);
    return HW_ERR_UNSUPPORTED;
}
hw_status hw_h5_write(hw_h5_out *h, const hw_out_src *src, char *msg, size_t msg_len)
{
    (void)h; (void)src;
    snprintf(msg, msg_len, "HDF5 output is not available in this build");
    return HW_ERR_UNSUPPORTED;
}
hw_status hw_h5_close(hw_h5_out *h, char *msg, size_t msg_len)
{
    (void)h; (void)msg; (void)msg_len;
    return HW_OK;
}
long hw_h5_rows(const hw_h5_out *h) { (void)h; return 0; }
hw_status hw_h5_resume(hw_h5_out *h, long rows, char *msg, size_t msg_len)
{
    (void)h; (void)rows;
    snprintf(msg, msg_len, "HDF5 output is not available in this build");
    return HW_ERR_UNSUPPORTED;
}

#else

#include <hdf5.h>
#include <time.h>

enum { DS_TIME, DS_END_T, DS_END_F, DS_NODE_POS, DS_SEG_T, DS_PT_POS, DS_PT_VEL, DS_PT_F, DS_NSEG, DS_LEN,
       DS_RC_NOW, DS_RC_END_F, DS_RC_POS, DS_RC_T, DS_RC_M,
       DS_NET_X, DS_NET_V, DS_NET_PHI, DS_NET_W, DS_NET_F, DS_NET_E,
       DS_B_POS, DS_B_QUAT, DS_B_RPY, DS_B_VEL, DS_B_W, DS_B_F, DS_B_M,
       DS_W_ETA, DS_W_NETA, DS_W_NU, DS_W_NA, DS_W_NP, DS_W_NWET, DS_W_SURF, DS_COUNT };

struct hw_h5_out {
    const hw_scenario *sc;
    char path[4200];
    hid_t file;
    hid_t ds[DS_COUNT];
    int rank[DS_COUNT];
    hsize_t dims[DS_COUNT][4]; /* current dims; [0] = rows */
    int n_lines, n_nodes, n_seg, n_points;
    int n_cables, n_rnodes_slots;      /* rigid cables and their node slots */
    int *rc_slots, *rc_off;            /* per cable: node slots, first slot */
    double *rc_buf;                    /* one cable's 3 x (elements + 1) values */
    int rc_buf_cap;                    /* in nodes */
    int net_n, net_nr, net_ne;         /* network nodes, rotational nodes, elements */
    int n_bodies;                      /* the scenario's 6-DOF bodies */
    int n_wpts, n_wnodes;              /* outputs.wave_points, wave_nodes */
    long *wn_slot;                     /* per wave node: its slot in /nodes/position */
    double *row[DS_COUNT];     /* one row of each series */
    int attrs_done;
    int failed;                /* a write failed: nothing more is written */
    int nomem;                 /* HDF5 ran out of memory: nothing more is called in it (below) */
};

/* HDF5's file driver leaves errno as the failed write() set it (EFBIG, ENOSPC, EIO): the reason
 * a user can act on. The callers clear errno before the HDF5 call. */
/* The YAML key of an integrator (solver.integrator, docs/scenario.md). */
static const char *integ_key(hw_integrator i)
{
    return (unsigned)i < HW_INT_COUNT ? hw_integ_keys[i] : "?";
}

static hw_status h5_fail(hw_h5_out *h, const char *what, char *msg, size_t msg_len)
{
    int e = errno;
    h->failed = 1;
    h->nomem |= e == ENOMEM;
    if (e) snprintf(msg, msg_len, "%s: HDF5 error while %s: %s", h->path, what, strerror(e));
    else snprintf(msg, msg_len, "%s: HDF5 error while %s", h->path, what);
    return HW_ERR_IO;
}

static int attr_string(hid_t loc, const char *name, const char *value)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, strlen(value) + 1);
    H5Tset_strpad(t, H5T_STR_NULLTERM);
    hid_t s = H5Screate(H5S_SCALAR);
    hid_t a = H5Acreate2(loc, name, t, s, H5P_DEFAULT, H5P_DEFAULT);
    int bad = a < 0 || H5Awrite(a, t, value) < 0;
    if (a >= 0) H5Aclose(a);
    H5Sclose(s);
    H5Tclose(t);
    return bad ? -1 : 0;
}

static int attr_double(hid_t loc, const char *name, double value)
{
    hid_t s = H5Screate(H5S_SCALAR);
    hid_t a = H5Acreate2(loc, name, H5T_IEEE_F64LE, s, H5P_DEFAULT, H5P_DEFAULT);
    int bad = a < 0 || H5Awrite(a, H5T_NATIVE_DOUBLE, &value) < 0;
    if (a >= 0) H5Aclose(a);
    H5Sclose(s);
    return bad ? -1 : 0;
}

static int describe_ds(hid_t ds, const char *units, const char *desc)
{
    return attr_string(ds, "units", units) || attr_string(ds, "description", desc) ? -1 : 0;
}

/* A time series: rows of shape tail[0..rank-2], extendible along time, chunked and compressed. */
static int make_series(hw_h5_out *h, int k, const char *name, int rank, const hsize_t *tail,
                       const char *units, const char *desc)
{
    hsize_t dims[4] = {0, 0, 0, 0}, maxd[4], chunk[4];
    hsize_t row = 1;
    dims[0] = 0;
    maxd[0] = H5S_UNLIMITED;
    for (int i = 1; i < rank; i++) {
        dims[i] = maxd[i] = chunk[i] = tail[i - 1];
        row *= tail[i - 1];
    }
    /* Crash safety decides the chunking. A compressed chunk that is rewritten (a row added to it)
     * gets a new size, moves, and its old place is reused while the copy of the metadata on disk
     * (from the last flush) still points there: a kill then leaves an unreadable chunk. So:
     * - a row of at least 2 KiB: one row per chunk (split along the first spatial dimension above
     *   512 KiB), deflate-compressed; every chunk is written once and never moves;
     * - a smaller row: uncompressed chunks of 2 KiB worth of rows, which keep their size and are
     *   rewritten in place (deflating a few numbers per row would save nothing anyway). */
    h->rank[k] = rank;
    memcpy(h->dims[k], dims, sizeof dims);
    if (row == 0) return 0; /* a series over an empty set (no rotational node...): absent */
    const hsize_t small = 256, big = 65536; /* doubles */
    int compress = row >= small;
    chunk[0] = compress ? 1 : (small + row - 1) / row;
    if (rank > 1 && row > big) {
        hsize_t inner = row / tail[0];
        chunk[1] = big / inner > 0 ? big / inner : 1;
    }
    h->rank[k] = rank;
    memcpy(h->dims[k], dims, sizeof dims);
    h->row[k] = (double *)calloc((size_t)row, sizeof(double));
    if (!h->row[k]) return -1;
    hid_t sp = H5Screate_simple(rank, dims, maxd);
    hid_t pl = H5Pcreate(H5P_DATASET_CREATE);
    H5Pset_chunk(pl, rank, chunk);
    if (compress) {
        H5Pset_shuffle(pl);
        H5Pset_deflate(pl, 4);
    }
    h->ds[k] = H5Dcreate2(h->file, name, H5T_IEEE_F64LE, sp, H5P_DEFAULT, pl, H5P_DEFAULT);
    H5Pclose(pl);
    H5Sclose(sp);
    if (h->ds[k] < 0) return -1;
    return describe_ds(h->ds[k], units, desc);
}

static int write_static(hid_t file, const char *name, hid_t ftype, hid_t mtype, hsize_t n,
                        const void *data, const char *units, const char *desc)
{
    hid_t sp = H5Screate_simple(1, &n, NULL);
    hid_t ds = H5Dcreate2(file, name, ftype, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    int bad = ds < 0 || (n > 0 && H5Dwrite(ds, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) < 0) ||
              describe_ds(ds, units, desc);
    if (ds >= 0) H5Dclose(ds);
    H5Sclose(sp);
    return bad ? -1 : 0;
}

/* names[i] into one fixed-length string dataset. */
static int write_names(hw_h5_out *h, const char *name, int n, const char *const *names, size_t stride,
                       const char *desc)
{
    size_t w = 1;
    for (int i = 0; i < n; i++) {
        const char *s = *(const char *const *)((const char *)names + (size_t)i * stride);
        if (strlen(s) + 1 > w) w = strlen(s) + 1;
    }
    char *buf = (char *)calloc((size_t)(n > 0 ? n : 1), w);
    if (!buf) return -1;
    for (int i = 0; i < n; i++)
        memcpy(buf + (size_t)i * w, *(const char *const *)((const char *)names + (size_t)i * stride),
               strlen(*(const char *const *)((const char *)names + (size_t)i * stride)));
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, w);
    H5Tset_strpad(t, H5T_STR_NULLTERM);
    int bad = write_static(h->file, name, t, t, (hsize_t)n, buf, "", desc);
    H5Tclose(t);
    free(buf);
    return bad;
}

static int write_layout(hw_h5_out *h)
{
    const hw_model_def *m = &h->sc->model;
    int L = m->n_lines;
    if (L == 0) return 0;
    long long *noff = (long long *)calloc((size_t)L + 1, sizeof(long long));
    long long *soff = (long long *)calloc((size_t)L + 1, sizeof(long long));
    int *nseg = (int *)calloc((size_t)L + 1, sizeof(int));
    int *pa = (int *)calloc((size_t)L + 1, sizeof(int));
    int *pb = (int *)calloc((size_t)L + 1, sizeof(int));
    double *len = (double *)calloc((size_t)L + 1, sizeof(double));
    int bad = !noff || !soff || !nseg || !pa || !pb || !len;
    for (int l = 0; !bad && l < L; l++) {
        nseg[l] = hw_line_max_segments(m, l); /* slots: a reeling line's count changes */
        pa[l] = m->lines[l].point_a;
        pb[l] = m->lines[l].point_b;
        len[l] = m->lines[l].length;
        noff[l + 1] = noff[l] + nseg[l] + 1;
        soff[l + 1] = soff[l] + nseg[l];
    }
    bad = bad ||
          write_names(h, "/lines/name", L, &m->lines[0].name, sizeof m->lines[0], "line names, in line index order") ||
          write_static(h->file, "/lines/segments", H5T_STD_I32LE, H5T_NATIVE_INT, (hsize_t)L, nseg, "1",
                       "segment slots of each line: its segment count, or for a line reeling on a "
                       "winch or sheave the most it can have (the count in use per row is "
                       "/lines/segments_now; slots past it hold NaN)") ||
          write_static(h->file, "/lines/unstretched_length", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, (hsize_t)L, len,
                       "m", "unstretched length of each line") ||
          write_static(h->file, "/lines/node_offset", H5T_STD_I64LE, H5T_NATIVE_LLONG, (hsize_t)L + 1, noff, "1",
                       "nodes of line l are /nodes/* [:, node_offset[l] : node_offset[l+1]] (node 0 = end A)") ||
          write_static(h->file, "/lines/segment_offset", H5T_STD_I64LE, H5T_NATIVE_LLONG, (hsize_t)L + 1, soff, "1",
                       "segments of line l are /segments/* [:, segment_offset[l] : segment_offset[l+1]] "
                       "(segment 1 at end A first)") ||
          write_static(h->file, "/lines/end_a_point", H5T_STD_I32LE, H5T_NATIVE_INT, (hsize_t)L, pa, "1",
                       "index into /points of the point end A is attached to") ||
          write_static(h->file, "/lines/end_b_point", H5T_STD_I32LE, H5T_NATIVE_INT, (hsize_t)L, pb, "1",
                       "index into /points of the point end B is attached to") ||
          write_names(h, "/points/name", m->n_points, &m->points[0].name, sizeof m->points[0],
                      "point names, in point index order");
    free(noff); free(soff); free(nseg); free(pa); free(pb); free(len);
    return bad ? -1 : 0;
}

/* The static datasets of /waves. */
static int write_waves_layout(hw_h5_out *h)
{
    const hw_scenario *sc = h->sc;
    const hw_surface_grid *g = &sc->surface_grid;
    int W = h->n_wpts, K = h->n_wnodes, n = W > K ? W : K;
    n = n > g->nx ? n : g->nx;
    n = n > g->ny ? n : g->ny;
    double *x = (double *)calloc((size_t)n + 1, sizeof(double));
    int *ix = (int *)calloc((size_t)n + 1, sizeof(int));
    int bad = !x || !ix;
    if (!bad && W > 0) {
        for (int k = 0; k < W; k++) x[k] = sc->wave_points[2 * k];
        bad = write_static(h->file, "/waves/point_x", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, (hsize_t)W, x, "m",
                           "x of each wave point (outputs.wave_points), as /waves/elevation's columns");
        for (int k = 0; k < W; k++) x[k] = sc->wave_points[2 * k + 1];
        bad = bad || write_static(h->file, "/waves/point_y", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, (hsize_t)W, x, "m",
                                  "y of each wave point");
    }
    if (!bad && K > 0) {
        for (int k = 0; k < K; k++) ix[k] = sc->wave_nodes[k].line;
        bad = write_static(h->file, "/waves/node_line", H5T_STD_I32LE, H5T_NATIVE_INT, (hsize_t)K, ix, "1",
                           "line of each wave node (outputs.wave_nodes): index into /lines/name");
        for (int k = 0; k < K; k++) ix[k] = sc->wave_nodes[k].index;
        bad = bad || write_static(h->file, "/waves/node_index", H5T_STD_I32LE, H5T_NATIVE_INT, (hsize_t)K, ix, "1",
                                  "node of each wave node on its line (0 = end A)");
    }
    if (!bad && g->nx > 0) {
        for (int i = 0; i < g->nx; i++) x[i] = g->x0 + (g->x1 - g->x0) / (g->nx - 1) * i;
        bad = write_static(h->file, "/waves/surface_x", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, (hsize_t)g->nx, x, "m",
                           "x of the surface grid's columns (the last index of /waves/surface_elevation)");
        for (int j = 0; j < g->ny; j++) x[j] = g->y0 + (g->y1 - g->y0) / (g->ny - 1) * j;
        bad = bad || write_static(h->file, "/waves/surface_y", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, (hsize_t)g->ny, x,
                                  "m", "y of the surface grid's rows (the middle index of /waves/surface_elevation)");
    }
    free(x);
    free(ix);
    return bad ? -1 : 0;
}

/* The rigid cables' and the network's static datasets. */
static int write_families_layout(hw_h5_out *h)
{
    const hw_scenario *sc = h->sc;
    int bad = 0;
    if (sc->rigid) {
        const hw_scn_rigid *rg = sc->rigid;
        long long *off = (long long *)calloc((size_t)h->n_cables + 1, sizeof(long long));
        if (!off) return -1;
        for (int c = 0; c <= h->n_cables; c++) off[c] = h->rc_off[c];
        bad = write_names(h, "/rigid/name", h->n_cables, &rg->cables[0].name, sizeof rg->cables[0],
                          "rigid cable names, in cable order") ||
              write_static(h->file, "/rigid/node_slots", H5T_STD_I32LE, H5T_NATIVE_INT, (hsize_t)h->n_cables,
                           h->rc_slots, "1", "node slots of each cable: its most elements + 1 (a reel winch "
                           "changes the count in use, /rigid/elements_now + 1; slots past it hold NaN)") ||
              write_static(h->file, "/rigid/node_offset", H5T_STD_I64LE, H5T_NATIVE_LLONG, (hsize_t)h->n_cables + 1,
                           off, "1", "node points of cable c are /rigid/node_position etc. [:, node_offset[c] : "
                           "node_offset[c+1]] (node 0 = end A; node k = the joint between elements k-1 and k)");
        free(off);
    }
    if (!bad && sc->n_bodies > 0)
        bad = write_names(h, "/bodies/name", sc->n_bodies, &sc->bodies[0].name, sizeof sc->bodies[0],
                          "6-DOF body names, in body order (the scenario's)");
    const hw_net_def *d = sc->network;
    if (!bad && d) {
        const char **en = (const char **)calloc((size_t)d->n_elems + 1, sizeof *en);
        if (!en) return -1;
        for (int e = 0; e < d->n_elems; e++) en[e] = hw_net_elem_name(&d->elems[e]);
        bad = (d->n_nodes > 0 && write_names(h, "/network/node_name", d->n_nodes, &d->nodes[0].name,
                                             sizeof d->nodes[0], "network node names, in node order")) ||
              (d->n_rnodes > 0 && write_names(h, "/network/rnode_name", d->n_rnodes, &d->rnodes[0].name,
                                              sizeof d->rnodes[0], "rotational node names, in order")) ||
              (d->n_elems > 0 && write_names(h, "/network/element_name", d->n_elems, en, sizeof *en,
                                             "network element names, in element order"));
        free(en);
    }
    return bad ? -1 : 0;
}

hw_status hw_h5_open(hw_h5_out **out, const char *dir, const hw_scenario *sc, char *msg,
                     size_t msg_len)
{
    *out = NULL;
    /* HDF5 1.10 leaves a file whose close failed (its last flush could not be written: disk full)
     * half torn down: the descriptor is closed but the library's exit handler then crashes on it.
     * No exit handler: the process's files close with it. Only takes effect before HDF5's first
     * use; refused (harmlessly) after. */
    H5dont_atexit();
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL); /* the library never prints */
    hw_h5_out *h = (hw_h5_out *)calloc(1, sizeof *h);
    if (!h) {
        snprintf(msg, msg_len, "%s/results.h5: out of memory (%zu bytes for the HDF5 writer)", dir, sizeof *h);
        return HW_ERR_NOMEM;
    }
    *out = h;
    h->sc = sc;
    h->file = -1;
    for (int k = 0; k < DS_COUNT; k++) h->ds[k] = -1;
    snprintf(h->path, sizeof h->path, "%s/results.h5", dir);
    const hw_model_def *m = &sc->model;
    h->n_lines = m->n_lines;
    h->n_points = m->n_points;
    for (int l = 0; l < m->n_lines; l++) {
        h->n_nodes += hw_line_max_segments(m, l) + 1;
        h->n_seg += hw_line_max_segments(m, l);
    }
    if (sc->rigid) {
        h->n_cables = sc->rigid->def.n_cables;
        h->rc_slots = (int *)calloc((size_t)h->n_cables + 1, sizeof(int));
        h->rc_off = (int *)calloc((size_t)h->n_cables + 1, sizeof(int));
        if (!h->rc_slots || !h->rc_off) {
            snprintf(msg, msg_len, "%s: out of memory", h->path);
            return HW_ERR_NOMEM;
        }
        for (int c = 0; c < h->n_cables; c++) {
            h->rc_slots[c] = hw_rc_max_elements(&sc->rigid->cables[c]) + 1;
            h->rc_off[c + 1] = h->rc_off[c] + h->rc_slots[c];
        }
        h->n_rnodes_slots = h->rc_off[h->n_cables];
    }
    if (sc->network) {
        h->net_n = sc->network->n_nodes;
        h->net_nr = sc->network->n_rnodes;
        h->net_ne = sc->network->n_elems;
    }
    h->n_bodies = sc->n_bodies;
    h->n_wpts = sc->n_wave_points;
    h->n_wnodes = m->n_lines > 0 ? sc->n_wave_nodes : 0;
    if (h->n_wnodes > 0) {
        if (!(h->wn_slot = (long *)calloc((size_t)h->n_wnodes, sizeof(long)))) {
            snprintf(msg, msg_len, "%s: out of memory", h->path);
            return HW_ERR_NOMEM;
        }
        for (int k = 0; k < h->n_wnodes; k++) {
            long off = 0;
            for (int l = 0; l < sc->wave_nodes[k].line; l++) off += hw_line_max_segments(m, l) + 1;
            h->wn_slot[k] = off + sc->wave_nodes[k].index;
        }
    }
    int waves = h->n_wpts > 0 || h->n_wnodes > 0 || sc->surface_grid.nx > 0;
    errno = 0;
    h->file = H5Fcreate(h->path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    if (h->file < 0) {
        int e = errno;
        snprintf(msg, msg_len, "%s: cannot create the HDF5 file: %s", h->path,
                 e ? strerror(e) : "directory writable? disk full?");
        return HW_ERR_IO;
    }
    hid_t g;
    const char *groups[] = {"/lines", "/nodes", "/segments", "/points", "/rigid", "/network", "/bodies", "/waves"};
    for (int i = 0; i < 8; i++) {
        if ((i < 4 && m->n_lines == 0) || (i == 4 && !sc->rigid) || (i == 5 && !sc->network) ||
            (i == 6 && sc->n_bodies == 0) || (i == 7 && !waves))
            continue;
        if ((g = H5Gcreate2(h->file, groups[i], H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
            return h5_fail(h, "creating the groups", msg, msg_len);
        H5Gclose(g);
    }
    hsize_t L = (hsize_t)h->n_lines, N = (hsize_t)h->n_nodes, S = (hsize_t)h->n_seg, P = (hsize_t)h->n_points;
    hsize_t t_end[3] = {L, 2, 3}, t_nodes[2] = {N, 3}, t_seg[1] = {S}, t_pts[2] = {P, 3}, t_l[1] = {L};
    char when[64];
    time_t now = time(NULL);
    struct tm tmv;
    gmtime_r(&now, &tmv);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tmv);
    hsize_t C = (hsize_t)h->n_cables, R = (hsize_t)h->n_rnodes_slots;
    hsize_t t_c[1] = {C}, t_cf[3] = {C, 2, 3}, t_r[1] = {R}, t_r3[2] = {R, 3};
    hsize_t t_nn[1] = {(hsize_t)h->net_n}, t_nr[1] = {(hsize_t)h->net_nr}, t_ne[1] = {(hsize_t)h->net_ne};
    hsize_t t_b3[2] = {(hsize_t)h->n_bodies, 3}, t_b4[2] = {(hsize_t)h->n_bodies, 4};
    int lumped = m->n_lines > 0;
    hsize_t t_w[1] = {(hsize_t)h->n_wpts}, t_k[1] = {(hsize_t)h->n_wnodes}, t_k3[2] = {(hsize_t)h->n_wnodes, 3};
    hsize_t t_s[2] = {(hsize_t)sc->surface_grid.ny, (hsize_t)sc->surface_grid.nx};
    errno = 0;
    if (make_series(h, DS_TIME, "/time", 1, NULL, "s", "simulation time of each row") ||
        (lumped && (make_series(h, DS_END_T, "/lines/end_tension", 3, t_end, "N",
                    "tension of the end segments [row, line, end]: end 0 = A (segment 1), 1 = B (segment nseg)") ||
        make_series(h, DS_END_F, "/lines/end_force", 4, t_end, "N",
                    "force of the line on its end point [row, line, end, xyz] (includes the end node's "
                    "weight, buoyancy, drag, seabed and inertia share)") ||
        make_series(h, DS_NODE_POS, "/nodes/position", 3, t_nodes, "m",
                    "node positions [row, node of all lines, xyz]; see /lines/node_offset") ||
        make_series(h, DS_SEG_T, "/segments/tension", 2, t_seg, "N",
                    "segment tensions [row, segment of all lines]; see /lines/segment_offset") ||
        make_series(h, DS_PT_POS, "/points/position", 3, t_pts, "m", "point positions [row, point, xyz]") ||
        make_series(h, DS_PT_VEL, "/points/velocity", 3, t_pts, "m/s", "point velocities [row, point, xyz]") ||
        make_series(h, DS_PT_F, "/points/force", 3, t_pts, "N",
                    "total force of all lines on each point [row, point, xyz]") ||
        make_series(h, DS_NSEG, "/lines/segments_now", 2, t_l, "1",
                    "segments in use of each line [row, line] (changes where a line reels)") ||
        make_series(h, DS_LEN, "/lines/deployed_length", 2, t_l, "m",
                    "unstretched length of each line [row, line]: a winch line's deployed length; NaN for a "
                    "line on a sheave"))) ||
        (sc->rigid && (make_series(h, DS_RC_NOW, "/rigid/elements_now", 2, t_c, "1",
                    "elements in use of each rigid cable [row, cable] (a reel winch changes it)") ||
        make_series(h, DS_RC_END_F, "/rigid/end_force", 4, t_cf, "N",
                    "force the cable exerts on its end points [row, cable, end, xyz] (end 0 = A, 1 = B)") ||
        make_series(h, DS_RC_POS, "/rigid/node_position", 3, t_r3, "m",
                    "node points [row, node slot, xyz]: end A, the joints, end B; see /rigid/node_offset") ||
        make_series(h, DS_RC_T, "/rigid/tension", 2, t_r, "N",
                    "axial force at the constraint blocks (at the node points) [row, node slot], > 0 in tension") ||
        make_series(h, DS_RC_M, "/rigid/moment", 3, t_r3, "N m",
                    "moment at the constraint blocks [row, node slot, 3]: bending x, y and torsion z in the "
                    "frame of the element after the block (element N-1 at end B)"))) ||
        (sc->network && (make_series(h, DS_NET_X, "/network/node_position", 2, t_nn, "m",
                    "node positions along their axes [row, node]") ||
        make_series(h, DS_NET_V, "/network/node_velocity", 2, t_nn, "m/s", "node velocities [row, node]") ||
        make_series(h, DS_NET_PHI, "/network/rnode_angle", 2, t_nr, "rad", "rotational node angles [row, rnode]") ||
        make_series(h, DS_NET_W, "/network/rnode_speed", 2, t_nr, "rad/s", "rotational node speeds [row, rnode]") ||
        make_series(h, DS_NET_F, "/network/element_force", 2, t_ne, "N",
                    "element forces [row, element] (as network.csv's F_ columns)") ||
        make_series(h, DS_NET_E, "/network/element_dissipation", 2, t_ne, "J",
                    "energy dissipated by each element so far [row, element]"))) ||
        (h->n_bodies > 0 && (make_series(h, DS_B_POS, "/bodies/position", 3, t_b3, "m",
                    "reference point of each body [row, body, xyz]") ||
        make_series(h, DS_B_QUAT, "/bodies/orientation", 3, t_b4, "1",
                    "orientation quaternion body -> world [row, body, (w, x, y, z)]") ||
        make_series(h, DS_B_RPY, "/bodies/roll_pitch_yaw", 3, t_b3, "rad",
                    "roll, pitch, yaw [row, body, 3]: R = Rz(yaw) Ry(pitch) Rx(roll), pitch in [-pi/2, pi/2]") ||
        make_series(h, DS_B_VEL, "/bodies/velocity", 3, t_b3, "m/s", "velocity of the reference point [row, body, xyz]") ||
        make_series(h, DS_B_W, "/bodies/angular_velocity", 3, t_b3, "rad/s", "angular velocity, world axes [row, body, xyz]") ||
        make_series(h, DS_B_F, "/bodies/force", 3, t_b3, "N",
                    "force of the cables (lumped lines and rigid cables) on the body [row, body, xyz]") ||
        make_series(h, DS_B_M, "/bodies/moment", 3, t_b3, "N m",
                    "moment of the cables on the body about its reference point [row, body, xyz]"))) ||
        (h->n_wpts > 0 && make_series(h, DS_W_ETA, "/waves/elevation", 2, t_w, "m",
                    "surface elevation at each wave point [row, point]; see /waves/point_x, point_y")) ||
        (h->n_wnodes > 0 && (make_series(h, DS_W_NETA, "/waves/node_eta", 2, t_k, "m",
                    "surface elevation above each wave node [row, node] (at the node's x, y of the row)") ||
        make_series(h, DS_W_NU, "/waves/node_velocity", 3, t_k3, "m/s",
                    "fluid velocity of the waves at each wave node [row, node, xyz] (0 above the surface)") ||
        make_series(h, DS_W_NA, "/waves/node_acceleration", 3, t_k3, "m/s^2",
                    "local fluid acceleration of the waves at each wave node [row, node, xyz]") ||
        make_series(h, DS_W_NP, "/waves/node_pressure", 2, t_k, "Pa",
                    "dynamic pressure of the waves at each wave node [row, node]") ||
        make_series(h, DS_W_NWET, "/waves/node_wet", 2, t_k, "1",
                    "1 where the node is under the instantaneous surface, else 0 [row, node]"))) ||
        (sc->surface_grid.nx > 0 && make_series(h, DS_W_SURF, "/waves/surface_elevation", 3, t_s, "m",
                    "surface elevation on the surface grid [row, y index, x index]; see /waves/surface_x, surface_y")) ||
        (waves && write_waves_layout(h)) ||
        write_families_layout(h) ||
        write_layout(h) ||
        attr_string(h->file, "layout", "hawser-results-2 (see docs/outputs.md)") ||
        attr_string(h->file, "scenario", sc->path ? sc->path : "") ||
        attr_string(h->file, "hawser_version", hw_version()) ||
        attr_string(h->file, "date", when) ||
        attr_string(h->file, "integrator", integ_key(m->solver.integrator)) ||
        attr_double(h->file, "t_end", m->solver.t_end) ||
        attr_double(h->file, "output_interval", sc->out_interval))
        return h5_fail(h, "creating the datasets and attributes", msg, msg_len);
    if (H5Fflush(h->file, H5F_SCOPE_GLOBAL) < 0) return h5_fail(h, "flushing", msg, msg_len);
    return HW_OK;
}

static int append(hw_h5_out *h, int k)
{
    if (h->ds[k] < 0) return 0;
    hsize_t *d = h->dims[k], start[4] = {0, 0, 0, 0}, count[4];
    start[0] = d[0];
    count[0] = 1;
    for (int i = 1; i < h->rank[k]; i++) count[i] = d[i];
    d[0]++;
    if (H5Dset_extent(h->ds[k], d) < 0) return -1;
    hid_t fs = H5Dget_space(h->ds[k]);
    hid_t ms = H5Screate_simple(h->rank[k], count, NULL);
    int bad = H5Sselect_hyperslab(fs, H5S_SELECT_SET, start, NULL, count, NULL) < 0 ||
              H5Dwrite(h->ds[k], H5T_NATIVE_DOUBLE, ms, fs, H5P_DEFAULT, h->row[k]) < 0;
    H5Sclose(ms);
    H5Sclose(fs);
    return bad ? -1 : 0;
}

/* One row of the rigid cables' series. */
static hw_status rigid_row(hw_h5_out *h, const hw_rc *rc)
{
    hw_status st = HW_OK;
    for (int c = 0; !st && c < h->n_cables; c++) {
        int n = hw_rc_elements(rc, c), slots = h->rc_slots[c], o = h->rc_off[c];
        int use = n + 1 < slots ? n + 1 : slots; /* a winch past its foreseen length: cut */
        double *x = h->row[DS_RC_POS] + 3 * o, *t = h->row[DS_RC_T] + o, *m = h->row[DS_RC_M] + 3 * o;
        h->row[DS_RC_NOW][c] = n;
        if (n + 1 > h->rc_buf_cap) { /* room for the whole cable, then copied */
            free(h->rc_buf);
            h->rc_buf_cap = 0;
            if (!(h->rc_buf = (double *)malloc(sizeof(double) * 3 * (size_t)(n + 1)))) return HW_ERR_NOMEM;
            h->rc_buf_cap = n + 1;
        }
        if ((st = hw_rc_end_forces(rc, c, h->row[DS_RC_END_F] + 6 * c, h->row[DS_RC_END_F] + 6 * c + 3)) ||
            (st = hw_rc_nodes(rc, c, h->rc_buf)))
            break;
        memcpy(x, h->rc_buf, sizeof(double) * 3 * (size_t)use);
        if ((st = hw_rc_tensions(rc, c, h->rc_buf))) break;
        memcpy(t, h->rc_buf, sizeof(double) * (size_t)use);
        if ((st = hw_rc_bending_moments(rc, c, h->rc_buf))) break;
        memcpy(m, h->rc_buf, sizeof(double) * 3 * (size_t)use);
        if (hw_rc_time(rc) <= 0.0) { /* t = 0: no constraint solved yet, as rigid.csv's NaN */
            for (int k = 0; k < use; k++) {
                t[k] = NAN;
                for (int i = 0; i < 3; i++) m[3 * k + i] = NAN;
            }
            for (int i = 0; i < 6; i++) h->row[DS_RC_END_F][6 * c + i] = NAN;
        }
        for (int k = use; k < slots; k++) {
            t[k] = NAN;
            for (int i = 0; i < 3; i++) x[3 * k + i] = m[3 * k + i] = NAN;
        }
    }
    return st;
}

/* One row of the network's series. */
static hw_status network_row(hw_h5_out *h, const hw_net *net)
{
    hw_status st = HW_OK;
    for (int i = 0; !st && i < h->net_n; i++) st = hw_net_node_state(net, i, &h->row[DS_NET_X][i], &h->row[DS_NET_V][i]);
    for (int i = 0; !st && i < h->net_nr; i++)
        st = hw_net_rnode_state(net, i, &h->row[DS_NET_PHI][i], &h->row[DS_NET_W][i]);
    for (int e = 0; !st && e < h->net_ne; e++)
        if (!(st = hw_net_element_force(net, e, &h->row[DS_NET_F][e])))
            st = hw_net_element_dissipation(net, e, &h->row[DS_NET_E][e], NULL);
    return st;
}

/* One row of the bodies' series: as given, NaN where the row gives no bodies. */
static void bodies_row(hw_h5_out *h, const hw_out_bodies *b)
{
    int n = h->n_bodies;
    static const int ds[6] = {DS_B_POS, DS_B_VEL, DS_B_W, DS_B_F, DS_B_M, DS_B_RPY};
    if (!b || b->n == 0) {
        for (int j = 0; j < 6; j++)
            for (int i = 0; i < 3 * n; i++) h->row[ds[j]][i] = NAN;
        for (int i = 0; i < 4 * n; i++) h->row[DS_B_QUAT][i] = NAN;
        return;
    }
    const double *src[5] = {b->pos, b->vel, b->w, b->force, b->moment};
    for (int j = 0; j < 5; j++) memcpy(h->row[ds[j]], src[j], sizeof(double) * 3 * (size_t)n);
    memcpy(h->row[DS_B_QUAT], b->quat, sizeof(double) * 4 * (size_t)n);
    for (int k = 0; k < n; k++) {
        const double *x = b->quat + 4 * k;
        hw_quat q = hw_quat_make(x[0], x[1], x[2], x[3]);
        double nq = hw_quat_norm(q);
        hw_v3 r = hw_v3_make(NAN, NAN, NAN);
        if (nq > 0.0 && isfinite(nq)) r = hw_quat_to_rpy(hw_quat_make(q.w / nq, q.x / nq, q.y / nq, q.z / nq));
        h->row[DS_B_RPY][3 * k] = r.x;
        h->row[DS_B_RPY][3 * k + 1] = r.y;
        h->row[DS_B_RPY][3 * k + 2] = r.z;
    }
}

/* One row of the waves' series (after the lines' row: the wave nodes' positions are its
 * /nodes/position). */
static void waves_row(hw_h5_out *h, const hw_out_src *src, double t)
{
    const hw_scenario *sc = h->sc;
    const hw_waves *w = src->waves;
    for (int k = 0; k < h->n_wpts; k++)
        h->row[DS_W_ETA][k] = hw_waves_elevation(w, sc->wave_points[2 * k], sc->wave_points[2 * k + 1], t);
    for (int k = 0; k < h->n_wnodes; k++) {
        const double *r = h->row[DS_NODE_POS] + 3 * h->wn_slot[k];
        double v[9];
        if (isnan(r[0])) /* a winch hauled the node in */
            for (int i = 0; i < 9; i++) v[i] = NAN;
        else
            hw_out_wave_node(w, r, t, v);
        h->row[DS_W_NETA][k] = v[0];
        for (int i = 0; i < 3; i++) {
            h->row[DS_W_NU][3 * k + i] = v[1 + i];
            h->row[DS_W_NA][3 * k + i] = v[4 + i];
        }
        h->row[DS_W_NP][k] = v[7];
        h->row[DS_W_NWET][k] = v[8];
    }
    const hw_surface_grid *g = &sc->surface_grid;
    for (int j = 0; g->nx > 0 && j < g->ny; j++)
        for (int i = 0; i < g->nx; i++)
            h->row[DS_W_SURF][(long)j * g->nx + i] =
                hw_waves_elevation(w, g->x0 + (g->x1 - g->x0) / (g->nx - 1) * i, g->y0 + (g->y1 - g->y0) / (g->ny - 1) * j, t);
}

hw_status hw_h5_write(hw_h5_out *h, const hw_out_src *src, char *msg, size_t msg_len)
{
    const hw_sim *sim = src->sim;
    double dt, t = hw_out_src_time(src, &dt);
    hw_status st = HW_OK;
    if (h->failed) {
        snprintf(msg, msg_len, "%s: an earlier write failed", h->path);
        return HW_ERR_IO;
    }
    if ((h->n_lines > 0 && !sim) || (h->n_cables > 0 && !src->rc) || (h->sc->network && !src->net)) {
        snprintf(msg, msg_len, "HDF5 output at t = %g s: a family of the scenario was not given", t);
        return HW_ERR_STATE;
    }
    if (src->bodies && src->bodies->n > 0 && src->bodies->n != h->n_bodies) {
        snprintf(msg, msg_len, "HDF5 output at t = %g s: %d bodies given, the scenario has %d", t,
                 src->bodies->n, h->n_bodies);
        return HW_ERR_STATE;
    }
    errno = 0;
    if (!h->attrs_done) {
        const char *backend = sim ? hw_sim_backend_name(sim) : src->rc ? hw_rc_backend_name(src->rc) : "cpu";
        if (attr_double(h->file, "dt", dt) || attr_string(h->file, "backend", backend))
            return h5_fail(h, "writing the run attributes", msg, msg_len);
        h->attrs_done = 1;
    }
    h->row[DS_TIME][0] = t;
    for (int l = 0, n0 = 0, s0 = 0; l < h->n_lines; l++) {
        int nseg = hw_line_max_segments(&h->sc->model, l), now = hw_sim_line_nseg(sim, l);
        double *ef = h->row[DS_END_F] + 6 * l;
        h->row[DS_NSEG][l] = now;
        const hw_model_def *md = &h->sc->model;
        double len = md->lines[l].length;
        for (int k = 0; k < md->n_sheaves; k++)
            if (md->sheaves[k].line_in == l || md->sheaves[k].line_out == l) len = NAN;
        if (md->lines[l].winch.end != HW_WINCH_NONE && (st = hw_sim_winch_state(sim, l, &len, NULL, NULL, NULL))) break;
        h->row[DS_LEN][l] = len;
        for (int i = 3 * (now + 1); i < 3 * (nseg + 1); i++) h->row[DS_NODE_POS][3 * n0 + i] = NAN;
        for (int i = now; i < nseg; i++) h->row[DS_SEG_T][s0 + i] = NAN;
        if ((st = hw_sim_line_end_tensions(sim, l, &h->row[DS_END_T][2 * l], &h->row[DS_END_T][2 * l + 1])) ||
            (st = hw_sim_line_end_forces(sim, l, ef, ef + 3)) ||
            (st = hw_sim_line_positions(sim, l, h->row[DS_NODE_POS] + 3 * n0)) ||
            (st = hw_sim_line_tensions(sim, l, h->row[DS_SEG_T] + s0)))
            break;
        n0 += nseg + 1;
        s0 += nseg;
    }
    if (!st && src->rc && h->n_cables > 0) st = rigid_row(h, src->rc);
    if (!st && src->net && h->sc->network) st = network_row(h, src->net);
    if (h->n_bodies > 0) bodies_row(h, src->bodies);
    if (!st) waves_row(h, src, t);
    for (int p = 0; !st && sim && h->n_lines > 0 && p < h->n_points; p++)
        st = hw_sim_point_state(sim, p, h->row[DS_PT_POS] + 3 * p, h->row[DS_PT_VEL] + 3 * p, h->row[DS_PT_F] + 3 * p);
    if (st) {
        snprintf(msg, msg_len, "HDF5 output at t = %g s: reading the state: %s", t, hw_status_str(st));
        return st;
    }
    for (int k = 0; k < DS_COUNT; k++)
        if (append(h, k)) return h5_fail(h, "appending a row", msg, msg_len);
    if (H5Fflush(h->file, H5F_SCOPE_GLOBAL) < 0) return h5_fail(h, "flushing", msg, msg_len);
    return HW_OK;
}

hw_status hw_h5_close(hw_h5_out *h, char *msg, size_t msg_len)
{
    if (!h) return HW_OK;
    int was_failed = h->failed;
    errno = 0;
    int bad = 0;
    /* HDF5 1.10 does not survive its own allocation failures: closing a dataset after one crashes
     * in it (seen with every allocation failing from some point on). Once it reported ENOMEM,
     * nothing more is called in it: the descriptor closes with the process. */
    for (int k = 0; k < DS_COUNT; k++) {
        if (h->ds[k] >= 0 && !h->nomem && H5Dclose(h->ds[k]) < 0) {
            bad = 1;
            h->nomem |= errno == ENOMEM;
        }
        free(h->row[k]);
    }
    free(h->rc_slots);
    free(h->rc_off);
    free(h->wn_slot);
    free(h->rc_buf);
    /* closed once, whatever happens: a second H5Fclose after a failed one crashes HDF5 1.10 (the
     * failed close has already released the descriptor) */
    if (h->file >= 0 && !h->nomem && H5Fclose(h->file) < 0) bad = 1;
    hw_status st = HW_OK;
    if (bad && !was_failed) st = h5_fail(h, "closing (writing its last buffers)", msg, msg_len);
    free(h);
    return st;
}

long hw_h5_rows(const hw_h5_out *h) { return h ? (long)h->dims[DS_TIME][0] : 0; }

static const char *const DS_NAMES[DS_COUNT] = {
    "/time", "/lines/end_tension", "/lines/end_force", "/nodes/position", "/segments/tension",
    "/points/position", "/points/velocity", "/points/force", "/lines/segments_now", "/lines/deployed_length",
    "/rigid/elements_now", "/rigid/end_force", "/rigid/node_position", "/rigid/tension", "/rigid/moment",
    "/network/node_position", "/network/node_velocity", "/network/rnode_angle", "/network/rnode_speed",
    "/network/element_force", "/network/element_dissipation",
    "/bodies/position", "/bodies/orientation", "/bodies/roll_pitch_yaw", "/bodies/velocity",
    "/bodies/angular_velocity", "/bodies/force", "/bodies/moment",
    "/waves/elevation", "/waves/node_eta", "/waves/node_velocity", "/waves/node_acceleration",
    "/waves/node_pressure", "/waves/node_wet", "/waves/surface_elevation"};

hw_status hw_h5_resume(hw_h5_out *h, long rows, char *msg, size_t msg_len)
{
    char old[4300];
    snprintf(old, sizeof old, "%s.resume", h->path);
    for (int k = 0; k < DS_COUNT; k++)
        if (h->ds[k] >= 0) { H5Dclose(h->ds[k]); h->ds[k] = -1; }
    if (h->file >= 0) H5Fclose(h->file);
    h->file = -1;
    if (rename(old, h->path) != 0) {
        snprintf(msg, msg_len, "%s: cannot resume: the file the run left is missing", h->path);
        return HW_ERR_INPUT;
    }
    if ((h->file = H5Fopen(h->path, H5F_ACC_RDWR, H5P_DEFAULT)) < 0)
        return h5_fail(h, "reopening the file to resume", msg, msg_len);
    for (int k = 0; k < DS_COUNT; k++) {
        if (!h->row[k] || h->rank[k] == 0) continue; /* not in this run's file */
        if ((h->ds[k] = H5Dopen2(h->file, DS_NAMES[k], H5P_DEFAULT)) < 0)
            return h5_fail(h, "reopening a dataset to resume", msg, msg_len);
        hid_t sp = H5Dget_space(h->ds[k]);
        hsize_t d[4] = {0, 0, 0, 0};
        int r = sp >= 0 ? H5Sget_simple_extent_dims(sp, d, NULL) : -1;
        if (sp >= 0) H5Sclose(sp);
        if (r != h->rank[k] || d[0] < (hsize_t)rows) {
            snprintf(msg, msg_len, "%s: cannot resume: %s has %llu rows, fewer than the checkpoint's "
                     "%ld", h->path, DS_NAMES[k], (unsigned long long)d[0], rows);
            return HW_ERR_INPUT;
        }
        h->dims[k][0] = (hsize_t)rows;
        if (H5Dset_extent(h->ds[k], h->dims[k]) < 0)
            return h5_fail(h, "cutting a dataset to the checkpoint's rows", msg, msg_len);
    }
    h->attrs_done = 1;
    if (H5Fflush(h->file, H5F_SCOPE_GLOBAL) < 0) return h5_fail(h, "flushing", msg, msg_len);
    return HW_OK;
}

#endif
