/* ParaView frames of a run (VTK XML PolyData, ASCII, Float64).
 *
 * Per frame k, two files in DIR/vtk/:
 *   cables_k.vtp    one polyline cell per line through its nseg+1 nodes (end A first).
 *                   Point data: tension (N; a node's value is the mean of its two adjacent
 *                   segments' tensions, an end node takes its end segment's), strain (the same
 *                   averaging of segment strains), velocity (m/s, 3 components), line (index).
 *                   Cell data: line (index).
 *   segments_k.vtp  one two-point line cell per segment (so the per-segment values can be cell
 *                   data; VTK cell data is one value per cell). Cell data: tension (N), strain
 *                   (|r_i+1 - r_i| / (L/nseg) - 1), line (index), segment (1..nseg).
 *   rigid_k.vtp     (rigid cables, docs/rigid.md) one polyline cell per rigid cable through its
 *                   N+1 node points (hw_rc_nodes: end A, the joints, end B). Point data at the
 *                   constraint blocks, which sit at those points: tension (N, hw_rc_tensions),
 *                   bending_moment (N m, |(Mx, My)| of hw_rc_bending_moments), torsion (N m, Mz),
 *                   cable (index). Cell data: cable (index), elements (N).
 *   bodies_k.vtp    (6-DOF bodies, hw_out_bodies) each body as a frame glyph: 4 points, its
 *                   reference point P and the tips P + s R(q) e_x, P + s R(q) e_y, P + s R(q) e_z
 *                   (s: the body's glyph size, 1 m unless given); one vertex cell at P, then three
 *                   two-point line cells P -> tip (x, y, z). Point data: body (index), node (0 = P,
 *                   1..3 = the x, y, z tips), axis_x, axis_y, axis_z (the body axes, unit vectors,
 *                   world), velocity (m/s: of that point of the body, v + w x (p - P)),
 *                   angular_velocity (rad/s), force (N) and moment (N m about P) of the cables on
 *                   the body. Cell data: body (index), axis (0 = the vertex at P, 1..3 = x, y, z).
 *   surface_k.vtp   (outputs.surface_grid, waves) the free surface: nx x ny points (x_i, y_j, eta)
 *                   on the grid (x fastest: point i + nx j), one quad cell per grid cell (Polys,
 *                   corners (i, j), (i+1, j), (i+1, j+1), (i, j+1)). Point data: eta (m, the
 *                   elevation: also the points' z, as a field for colouring).
 * A 1-D network has no shape in space (each node moves along its own axis): no part for it
 * (hw_vtk_network_note); its states are in network.csv and results.h5.
 * DIR/run.pvd lists every frame as its parts (with lumped lines part 0 cables, part 1 segments;
 * then rigid, then bodies, then surface, the next part numbers) with its time. A new family adds its row to
 * PARTS below and a writer beside write_rigid. The
 * index is kept a complete XML document at all times: each new entry is written together with
 * the closing tags in one pwrite() over the old closing tags, after the frame files are closed, so
 * a run killed at any moment leaves an index that parses and names only complete frames. */
#include "io/files.h"
#include "io/output_vtk.h"
#include "physics/body.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct hw_vtk_out {
    const hw_scenario *sc;
    char dir[4096];
    int fd;                /* run.pvd */
    off_t tail_at;         /* where the closing tags start */
    int frames;
    double last_t;
    int n_nodes, n_seg;    /* in this frame (a winch line's segment count changes) */
    int *ns;               /* segments of each line in this frame */
    double *pos, *vel, *ten, *strain; /* all nodes / segments of all lines, line after line */
    double *nodeT, *nodeS;
    int has_lines, has_rigid; /* which parts a frame has */
    const hw_rc *rc;          /* the rigid cables of this frame */
    double *rn, *rt, *rm;     /* one rigid cable's nodes (3(N+1)), tensions (N+1), moments (3(N+1)) */
    int r_cap;                /* their room, in nodes */
    const hw_out_bodies *bodies; /* the bodies of this frame (NULL: none given) */
    const hw_waves *waves;       /* the sea state of this frame (NULL: still water) */
    double *eta;                 /* the surface grid's elevations (nx ny), NULL without a grid */
};


static const char PVD_HEAD[] =
    "<?xml version=\"1.0\"?>\n"
    "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
    "  <Collection>\n";
static const char PVD_TAIL[] = "  </Collection>\n</VTKFile>\n";

static hw_status write_all_at(hw_vtk_out *v, const char *buf, size_t len, off_t at, char *msg,
                              size_t msg_len)
{
    size_t done = 0;
    while (done < len) { /* a short write is retried: the next one says why (EFBIG, ENOSPC) */
        ssize_t n = pwrite(v->fd, buf + done, len - done, at + (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            snprintf(msg, msg_len, "%s/run.pvd: write failed: %s", v->dir,
                     n < 0 ? strerror(errno) : "no space written");
            return HW_ERR_IO;
        }
        done += (size_t)n;
    }
    return HW_OK;
}

hw_status hw_vtk_open(hw_vtk_out **out, const char *dir, const hw_scenario *sc, char *msg,
                      size_t msg_len)
{
    *out = NULL;
    hw_vtk_out *v = (hw_vtk_out *)calloc(1, sizeof *v);
    if (!v) {
        snprintf(msg, msg_len, "%s/run.pvd: out of memory (%zu bytes for the ParaView writer)", dir, sizeof *v);
        return HW_ERR_NOMEM;
    }
    v->fd = -1;
    v->sc = sc;
    snprintf(v->dir, sizeof v->dir, "%s", dir);
    *out = v;
    const hw_model_def *m = &sc->model;
    v->has_lines = m->n_lines > 0;
    v->has_rigid = sc->rigid != NULL;
    for (int l = 0; l < m->n_lines; l++) { /* room for the most segments a line can have */
        v->n_nodes += hw_line_max_segments(m, l) + 1;
        v->n_seg += hw_line_max_segments(m, l);
    }
    v->ns = (int *)calloc((size_t)m->n_lines + 1, sizeof(int));
    v->pos = (double *)malloc(sizeof(double) * 3 * (size_t)(v->n_nodes + 1));
    v->vel = (double *)malloc(sizeof(double) * 3 * (size_t)(v->n_nodes + 1));
    v->nodeT = (double *)malloc(sizeof(double) * (size_t)(v->n_nodes + 1));
    v->nodeS = (double *)malloc(sizeof(double) * (size_t)(v->n_nodes + 1));
    v->ten = (double *)malloc(sizeof(double) * (size_t)(v->n_seg + 1));
    v->strain = (double *)malloc(sizeof(double) * (size_t)(v->n_seg + 1));
    if (!v->ns || !v->pos || !v->vel || !v->nodeT || !v->nodeS || !v->ten || !v->strain) {
        snprintf(msg, msg_len, "%s/vtk: out of memory for the ParaView frame buffers (%d nodes, %.3g MB)",
                 dir, v->n_nodes, 1e-6 * sizeof(double) * (10.0 * v->n_nodes + 2.0 * v->n_seg));
        return HW_ERR_NOMEM;
    }
    const hw_surface_grid *g = &sc->surface_grid;
    if (g->nx > 0 && !(v->eta = (double *)malloc(sizeof(double) * (size_t)g->nx * (size_t)g->ny))) {
        snprintf(msg, msg_len, "%s/vtk: out of memory for the surface grid (%d x %d points)", dir, g->nx, g->ny);
        return HW_ERR_NOMEM;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/vtk", dir);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        snprintf(msg, msg_len, "%s: cannot create the ParaView frame directory: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    snprintf(path, sizeof path, "%s/run.pvd", dir);
    v->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (v->fd < 0) {
        snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    char buf[512];
    int n = snprintf(buf, sizeof buf, "%s%s", PVD_HEAD, PVD_TAIL);
    v->tail_at = (off_t)strlen(PVD_HEAD);
    return write_all_at(v, buf, (size_t)n, 0, msg, msg_len);
}

/* Reads the state of every line into the flat arrays. */
static hw_status gather(hw_vtk_out *v, const hw_sim *sim)
{
    const hw_model_def *m = &v->sc->model;
    int node0 = 0, seg0 = 0;
    hw_status st;
    for (int l = 0; l < m->n_lines; l++) {
        int nseg = v->ns[l] = hw_sim_line_nseg(sim, l);
        double *r = v->pos + 3 * node0, *T = v->ten + seg0, *e = v->strain + seg0;
        if ((st = hw_sim_line_positions(sim, l, r)) || (st = hw_sim_line_velocities(sim, l, v->vel + 3 * node0)) ||
            (st = hw_sim_line_tensions(sim, l, T)))
            return st;
        double l0 = m->lines[l].length / m->lines[l].nseg; /* nominal (a winch segment differs) */
        for (int i = 0; i < nseg; i++) {
            const double *a = r + 3 * i, *b = r + 3 * i + 3;
            double dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
            e[i] = sqrt(dx * dx + dy * dy + dz * dz) / l0 - 1.0;
        }
        for (int j = 0; j <= nseg; j++) {
            int lo = j > 0 ? j - 1 : 0, hi = j < nseg ? j : nseg - 1;
            v->nodeT[node0 + j] = 0.5 * (T[lo] + T[hi]);
            v->nodeS[node0 + j] = 0.5 * (e[lo] + e[hi]);
        }
        node0 += nseg + 1;
        seg0 += nseg;
    }
    v->n_nodes = node0;
    v->n_seg = seg0;
    return HW_OK;
}

static void array_begin(FILE *f, const char *type, const char *name, int ncomp)
{
    fprintf(f, "        <DataArray type=\"%s\" Name=\"%s\"", type, name);
    if (ncomp > 1) fprintf(f, " NumberOfComponents=\"%d\"", ncomp);
    fprintf(f, " format=\"ascii\">\n");
}

static void array_doubles(FILE *f, const char *name, const double *x, long n, int ncomp)
{
    array_begin(f, "Float64", name, ncomp);
    for (long i = 0; i < n * ncomp; i++)
        fprintf(f, "%.17g%s", x[i], (i + 1) % ncomp == 0 ? "\n" : " ");
    fprintf(f, "        </DataArray>\n");
}

/* The per-cell or per-point line index (0-based). */
static void array_line_index(FILE *f, const hw_vtk_out *v, int per_node)
{
    const hw_model_def *m = &v->sc->model;
    array_begin(f, "Int32", "line", 1);
    for (int l = 0; l < m->n_lines; l++) {
        int n = per_node < 0 ? 1 : v->ns[l] + per_node;
        for (int j = 0; j < n; j++) fprintf(f, "%d\n", l);
    }
    fprintf(f, "        </DataArray>\n");
}

static void write_points(FILE *f, const hw_vtk_out *v)
{
    fprintf(f, "      <Points>\n");
    array_begin(f, "Float64", "position", 3);
    for (int i = 0; i < v->n_nodes; i++)
        fprintf(f, "%.17g %.17g %.17g\n", v->pos[3 * i], v->pos[3 * i + 1], v->pos[3 * i + 2]);
    fprintf(f, "        </DataArray>\n      </Points>\n");
}

/* A frame's head up to its piece: n_points points, n_verts vertices, n_lines polylines and n_polys
 * polygons. */
static void write_head(FILE *f, double t, long n_points, long n_verts, long n_lines, long n_polys)
{
    fprintf(f, "<?xml version=\"1.0\"?>\n"
               "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
               "  <PolyData>\n"
               "    <FieldData>\n"
               "      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">%.17g</DataArray>\n"
               "    </FieldData>\n"
               "    <Piece NumberOfPoints=\"%ld\" NumberOfVerts=\"%ld\" NumberOfLines=\"%ld\" NumberOfStrips=\"0\" NumberOfPolys=\"%ld\">\n",
            t, n_points, n_verts, n_lines, n_polys);
}

static const char VTP_TAIL[] = "    </Piece>\n  </PolyData>\n</VTKFile>\n";

static void write_cables(FILE *f, const hw_vtk_out *v, double t)
{
    const hw_model_def *m = &v->sc->model;
    write_head(f, t, v->n_nodes, 0, m->n_lines, 0);
    fprintf(f, "      <PointData Scalars=\"tension\" Vectors=\"velocity\">\n");
    array_doubles(f, "tension", v->nodeT, v->n_nodes, 1);
    array_doubles(f, "strain", v->nodeS, v->n_nodes, 1);
    array_doubles(f, "velocity", v->vel, v->n_nodes, 3);
    array_line_index(f, v, 1);
    fprintf(f, "      </PointData>\n      <CellData Scalars=\"line\">\n");
    array_line_index(f, v, -1);
    fprintf(f, "      </CellData>\n");
    write_points(f, v);
    fprintf(f, "      <Lines>\n");
    array_begin(f, "Int64", "connectivity", 1);
    for (int i = 0; i < v->n_nodes; i++) fprintf(f, "%d\n", i);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int64", "offsets", 1);
    for (int l = 0, end = 0; l < m->n_lines; l++) fprintf(f, "%d\n", end += v->ns[l] + 1);
    fprintf(f, "        </DataArray>\n      </Lines>\n%s", VTP_TAIL);
}

static void write_segments(FILE *f, const hw_vtk_out *v, double t)
{
    const hw_model_def *m = &v->sc->model;
    write_head(f, t, v->n_nodes, 0, v->n_seg, 0);
    fprintf(f, "      <CellData Scalars=\"tension\">\n");
    array_doubles(f, "tension", v->ten, v->n_seg, 1);
    array_doubles(f, "strain", v->strain, v->n_seg, 1);
    array_line_index(f, v, 0);
    array_begin(f, "Int32", "segment", 1);
    for (int l = 0; l < m->n_lines; l++)
        for (int i = 1; i <= v->ns[l]; i++) fprintf(f, "%d\n", i);
    fprintf(f, "        </DataArray>\n      </CellData>\n");
    write_points(f, v);
    fprintf(f, "      <Lines>\n");
    array_begin(f, "Int64", "connectivity", 1);
    for (int l = 0, node0 = 0; l < m->n_lines; node0 += v->ns[l] + 1, l++)
        for (int i = 0; i < v->ns[l]; i++) fprintf(f, "%d %d\n", node0 + i, node0 + i + 1);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int64", "offsets", 1);
    for (int k = 1; k <= v->n_seg; k++) fprintf(f, "%d\n", 2 * k);
    fprintf(f, "        </DataArray>\n      </Lines>\n%s", VTP_TAIL);
}

/* Room for a rigid cable of n elements in the scratch arrays. */
static hw_status rigid_room(hw_vtk_out *v, int n)
{
    if (n + 1 <= v->r_cap) return HW_OK;
    int cap = 2 * (n + 1);
    double *a = (double *)realloc(v->rn, sizeof(double) * 3 * (size_t)cap);
    if (a) v->rn = a;
    double *b = a ? (double *)realloc(v->rt, sizeof(double) * (size_t)cap) : NULL;
    if (b) v->rt = b;
    double *c = b ? (double *)realloc(v->rm, sizeof(double) * 3 * (size_t)cap) : NULL;
    if (c) v->rm = c;
    if (!c) return HW_ERR_NOMEM;
    v->r_cap = cap;
    return HW_OK;
}

/* One rigid-cable array: the values of every cable's N+1 nodes in turn. what: 0 tension,
 * 1 bending moment magnitude, 2 torsion. The cables are read once per array (a frame is small
 * beside a step; the reads are copies). */
static hw_status rigid_array(FILE *f, hw_vtk_out *v, int what)
{
    static const char *const names[3] = {"tension", "bending_moment", "torsion"};
    array_begin(f, "Float64", names[what], 1);
    hw_status st = HW_OK;
    for (int c = 0; !st && c < hw_rc_n_cables(v->rc); c++) {
        int n = hw_rc_elements(v->rc, c);
        if ((st = rigid_room(v, n))) break;
        if (what == 0) st = hw_rc_tensions(v->rc, c, v->rt);
        else st = hw_rc_bending_moments(v->rc, c, v->rm);
        for (int k = 0; !st && k <= n; k++) {
            const double *m = v->rm + 3 * k;
            double x = what == 0 ? v->rt[k] : what == 1 ? sqrt(m[0] * m[0] + m[1] * m[1]) : m[2];
            fprintf(f, "%.17g\n", x);
        }
    }
    fprintf(f, "        </DataArray>\n");
    return st;
}

/* vtk/rigid_k.vtp: one polyline per rigid cable through its node points. */
static hw_status write_rigid(FILE *f, hw_vtk_out *v, double t)
{
    const hw_rc *rc = v->rc;
    int nc = hw_rc_n_cables(rc), np = 0;
    for (int c = 0; c < nc; c++) np += hw_rc_elements(rc, c) + 1;
    write_head(f, t, np, 0, nc, 0);
    fprintf(f, "      <PointData Scalars=\"tension\">\n");
    hw_status st;
    for (int k = 0; k < 3; k++)
        if ((st = rigid_array(f, v, k))) return st;
    array_begin(f, "Int32", "cable", 1);
    for (int c = 0; c < nc; c++)
        for (int k = 0; k <= hw_rc_elements(rc, c); k++) fprintf(f, "%d\n", c);
    fprintf(f, "        </DataArray>\n      </PointData>\n      <CellData Scalars=\"cable\">\n");
    array_begin(f, "Int32", "cable", 1);
    for (int c = 0; c < nc; c++) fprintf(f, "%d\n", c);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int32", "elements", 1);
    for (int c = 0; c < nc; c++) fprintf(f, "%d\n", hw_rc_elements(rc, c));
    fprintf(f, "        </DataArray>\n      </CellData>\n      <Points>\n");
    array_begin(f, "Float64", "position", 3);
    for (int c = 0; c < nc; c++) {
        int n = hw_rc_elements(rc, c);
        if ((st = rigid_room(v, n)) || (st = hw_rc_nodes(rc, c, v->rn))) return st;
        for (int k = 0; k <= n; k++) fprintf(f, "%.17g %.17g %.17g\n", v->rn[3 * k], v->rn[3 * k + 1], v->rn[3 * k + 2]);
    }
    fprintf(f, "        </DataArray>\n      </Points>\n      <Lines>\n");
    array_begin(f, "Int64", "connectivity", 1);
    for (int i = 0; i < np; i++) fprintf(f, "%d\n", i);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int64", "offsets", 1);
    for (int c = 0, end = 0; c < nc; c++) fprintf(f, "%d\n", end += hw_rc_elements(rc, c) + 1);
    fprintf(f, "        </DataArray>\n      </Lines>\n%s", VTP_TAIL);
    return HW_OK;
}

/* The unit quaternion of body k (HW_ERR_STATE for one of zero or non-finite norm). */
static hw_status body_quat(const hw_out_bodies *b, int k, hw_quat *q)
{
    const double *x = b->quat + 4 * k;
    hw_quat u = hw_quat_make(x[0], x[1], x[2], x[3]);
    double n = hw_quat_norm(u);
    if (!(n > 0.0) || !isfinite(n)) return HW_ERR_STATE;
    *q = hw_quat_make(u.w / n, u.x / n, u.y / n, u.z / n);
    return HW_OK;
}

/* One body's four points: P, then the x, y, z tips (row i of pts: 3 coordinates). */
static hw_status body_points(const hw_out_bodies *b, int k, double pts[4][3], double axes[3][3])
{
    hw_quat q;
    hw_status st = body_quat(b, k, &q);
    if (st) return st;
    hw_m3 R = hw_quat_matrix(q);
    double s = b->size ? b->size[k] : 1.0;
    for (int i = 0; i < 3; i++) pts[0][i] = b->pos[3 * k + i];
    for (int a = 0; a < 3; a++)
        for (int i = 0; i < 3; i++) {
            axes[a][i] = R.a[3 * i + a]; /* column a: the body axis a in world */
            pts[1 + a][i] = pts[0][i] + s * axes[a][i];
        }
    return HW_OK;
}

/* A per-body vector array on the 4 points of every body: what 0..2 the axes x, y, z, 3 the
 * velocity of the point, 4 angular velocity, 5 force, 6 moment. */
static hw_status body_array(FILE *f, const hw_out_bodies *b, int what)
{
    static const char *const names[7] = {"axis_x", "axis_y", "axis_z", "velocity", "angular_velocity",
                                         "force", "moment"};
    array_begin(f, "Float64", names[what], 3);
    hw_status st = HW_OK;
    for (int k = 0; !st && k < b->n; k++) {
        double p[4][3], ax[3][3];
        if ((st = body_points(b, k, p, ax))) break;
        const double *w = b->w + 3 * k;
        for (int j = 0; j < 4; j++) {
            double x[3];
            for (int i = 0; i < 3; i++) {
                if (what < 3) x[i] = ax[what][i];
                else if (what == 4) x[i] = w[i];
                else if (what == 5) x[i] = b->force[3 * k + i];
                else if (what == 6) x[i] = b->moment[3 * k + i];
            }
            if (what == 3) { /* v + w x (p - P) */
                double r[3] = {p[j][0] - p[0][0], p[j][1] - p[0][1], p[j][2] - p[0][2]};
                const double *v = b->vel + 3 * k;
                x[0] = v[0] + w[1] * r[2] - w[2] * r[1];
                x[1] = v[1] + w[2] * r[0] - w[0] * r[2];
                x[2] = v[2] + w[0] * r[1] - w[1] * r[0];
            }
            fprintf(f, "%.17g %.17g %.17g\n", x[0], x[1], x[2]);
        }
    }
    fprintf(f, "        </DataArray>\n");
    return st;
}

/* vtk/bodies_k.vtp: each body as its reference point (a vertex) and its three axes (lines). */
static hw_status write_bodies(FILE *f, hw_vtk_out *v, double t)
{
    const hw_out_bodies *b = v->bodies;
    int n = b->n;
    write_head(f, t, 4 * (long)n, n, 3 * (long)n, 0);
    fprintf(f, "      <PointData Scalars=\"body\" Vectors=\"velocity\">\n");
    array_begin(f, "Int32", "body", 1);
    for (int k = 0; k < n; k++) fprintf(f, "%d\n%d\n%d\n%d\n", k, k, k, k);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int32", "node", 1);
    for (int k = 0; k < n; k++) fprintf(f, "0\n1\n2\n3\n");
    fprintf(f, "        </DataArray>\n");
    hw_status st;
    for (int a = 0; a < 7; a++)
        if ((st = body_array(f, b, a))) return st;
    /* cells: the n vertices first, then the 3n lines (VTK's order of cell types) */
    fprintf(f, "      </PointData>\n      <CellData Scalars=\"body\">\n");
    array_begin(f, "Int32", "body", 1);
    for (int k = 0; k < n; k++) fprintf(f, "%d\n", k);
    for (int k = 0; k < n; k++) fprintf(f, "%d\n%d\n%d\n", k, k, k);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int32", "axis", 1);
    for (int k = 0; k < n; k++) fprintf(f, "0\n");
    for (int k = 0; k < n; k++) fprintf(f, "1\n2\n3\n");
    fprintf(f, "        </DataArray>\n      </CellData>\n      <Points>\n");
    array_begin(f, "Float64", "position", 3);
    for (int k = 0; k < n; k++) {
        double p[4][3], ax[3][3];
        if ((st = body_points(b, k, p, ax))) return st;
        for (int j = 0; j < 4; j++) fprintf(f, "%.17g %.17g %.17g\n", p[j][0], p[j][1], p[j][2]);
    }
    fprintf(f, "        </DataArray>\n      </Points>\n      <Verts>\n");
    array_begin(f, "Int64", "connectivity", 1);
    for (int k = 0; k < n; k++) fprintf(f, "%d\n", 4 * k);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int64", "offsets", 1);
    for (int k = 1; k <= n; k++) fprintf(f, "%d\n", k);
    fprintf(f, "        </DataArray>\n      </Verts>\n      <Lines>\n");
    array_begin(f, "Int64", "connectivity", 1);
    for (int k = 0; k < n; k++)
        for (int a = 1; a <= 3; a++) fprintf(f, "%d %d\n", 4 * k, 4 * k + a);
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int64", "offsets", 1);
    for (int c = 1; c <= 3 * n; c++) fprintf(f, "%d\n", 2 * c);
    fprintf(f, "        </DataArray>\n      </Lines>\n%s", VTP_TAIL);
    return HW_OK;
}

/* vtk/surface_k.vtp: the free surface on the scenario's grid, at z = eta. */
static hw_status write_surface(FILE *f, hw_vtk_out *v, double t)
{
    const hw_surface_grid *g = &v->sc->surface_grid;
    int nx = g->nx, ny = g->ny;
    long np = (long)nx * ny, nc = (long)(nx - 1) * (ny - 1);
    double dx = (g->x1 - g->x0) / (nx - 1), dy = (g->y1 - g->y0) / (ny - 1);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++)
            v->eta[(long)j * nx + i] = hw_waves_elevation(v->waves, g->x0 + dx * i, g->y0 + dy * j, t);
    write_head(f, t, np, 0, 0, nc);
    fprintf(f, "      <PointData Scalars=\"eta\">\n");
    array_doubles(f, "eta", v->eta, np, 1);
    fprintf(f, "      </PointData>\n      <Points>\n");
    array_begin(f, "Float64", "position", 3);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++)
            fprintf(f, "%.17g %.17g %.17g\n", g->x0 + dx * i, g->y0 + dy * j, v->eta[(long)j * nx + i]);
    fprintf(f, "        </DataArray>\n      </Points>\n      <Polys>\n");
    array_begin(f, "Int64", "connectivity", 1);
    for (long j = 0; j + 1 < ny; j++)
        for (long i = 0; i + 1 < nx; i++) {
            long a = j * nx + i;
            fprintf(f, "%ld %ld %ld %ld\n", a, a + 1, a + 1 + nx, a + nx);
        }
    fprintf(f, "        </DataArray>\n");
    array_begin(f, "Int64", "offsets", 1);
    for (long c = 1; c <= nc; c++) fprintf(f, "%ld\n", 4 * c);
    fprintf(f, "        </DataArray>\n      </Polys>\n%s", VTP_TAIL);
    return HW_OK;
}

static hw_status cables_part(FILE *f, hw_vtk_out *v, double t) { write_cables(f, v, t); return HW_OK; }
static hw_status segments_part(FILE *f, hw_vtk_out *v, double t) { write_segments(f, v, t); return HW_OK; }
static int lines_present(const hw_vtk_out *v) { return v->has_lines; }
static int rigid_present(const hw_vtk_out *v) { return v->has_rigid; }
static int bodies_present(const hw_vtk_out *v) { return v->bodies && v->bodies->n > 0; }
static int surface_present(const hw_vtk_out *v) { return v->eta != NULL; }

/* The parts of a frame, in part order: a part is written (vtk/NAME_k.vtp) when the run has its
 * family (the bodies: when the row gives them, hw_out_src.bodies). The hook for a new family: a
 * row here, its presence test and writer, its pointer in hw_out_src, its file prefix in
 * hw_clean_run_dir (io/files.c). */
static const struct vtk_part {
    const char *name;
    int (*present)(const hw_vtk_out *v);
    hw_status (*write)(FILE *f, hw_vtk_out *v, double t);
} PARTS[] = {{"cables", lines_present, cables_part},
             {"segments", lines_present, segments_part},
             {"rigid", rigid_present, write_rigid},
             {"bodies", bodies_present, write_bodies},
             {"surface", surface_present, write_surface}};
enum { N_PARTS = (int)(sizeof PARTS / sizeof PARTS[0]) };

static hw_status write_frame_file(hw_vtk_out *v, const struct vtk_part *part, double t, char *msg, size_t msg_len)
{
    const char *kind = part->name;
    char path[4300];
    snprintf(path, sizeof path, "%s/vtk/%s_%06d.vtp", v->dir, kind, v->frames);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    hw_status st = part->write(f, v, t);
    if (st) {
        fclose(f);
        snprintf(msg, msg_len, "%s: reading the %s state: %s", path, kind, hw_status_str(st));
        return st;
    }
    int bad = hw_fclose_checked(f); /* errno of the failed write (EFBIG, ENOSPC) */
    if (bad) {
        snprintf(msg, msg_len, "%s: write failed: %s", path, strerror(bad));
        return HW_ERR_IO;
    }
    return HW_OK;
}

hw_status hw_vtk_write(hw_vtk_out *v, const hw_out_src *src, char *msg, size_t msg_len)
{
    double dt, t = hw_out_src_time(src, &dt), every = v->sc->vtk_interval;
    /* a frame when the interval has passed (half a step of slack for rounding of t) */
    if (v->frames > 0 && every > 0 && t - v->last_t < every - 0.5 * dt) return HW_OK;
    hw_status st = HW_OK;
    if (v->has_lines && (!src->sim || (st = gather(v, src->sim)))) {
        snprintf(msg, msg_len, "ParaView output at t = %g s: reading the state: %s", t,
                 src->sim ? hw_status_str(st) : "no lumped lines given");
        return st ? st : HW_ERR_STATE;
    }
    if (v->has_rigid && !src->rc) {
        snprintf(msg, msg_len, "ParaView output at t = %g s: no rigid cables given", t);
        return HW_ERR_STATE;
    }
    v->rc = src->rc;
    int nb = v->sc->n_bodies;
    if (src->bodies && src->bodies->n > 0 && src->bodies->n != nb) {
        snprintf(msg, msg_len, "ParaView output at t = %g s: %d bodies given, the scenario has %d", t,
                 src->bodies->n, nb);
        return HW_ERR_STATE;
    }
    v->bodies = src->bodies;
    v->waves = src->waves;
    for (int k = 0; bodies_present(v) && k < nb; k++) {
        hw_quat q;
        const double *x = src->bodies->quat + 4 * k;
        if (body_quat(src->bodies, k, &q)) {
            snprintf(msg, msg_len, "ParaView output at t = %g s: body '%s' (%d): orientation quaternion "
                     "(%g, %g, %g, %g) has no direction (zero or not finite)", t, v->sc->bodies[k].name, k,
                     x[0], x[1], x[2], x[3]);
            return HW_ERR_STATE;
        }
    }
    char buf[2048];
    int n = 0;
    for (int k = 0, part = 0; k < N_PARTS; k++) {
        if (!PARTS[k].present(v)) continue;
        if ((st = write_frame_file(v, &PARTS[k], t, msg, msg_len))) return st;
        n += snprintf(buf + n, sizeof buf - (size_t)n,
                      "    <DataSet timestep=\"%.17g\" part=\"%d\" name=\"%s\" file=\"vtk/%s_%06d.vtp\"/>\n", t,
                      part++, PARTS[k].name, PARTS[k].name, v->frames);
    }
    size_t entry = (size_t)n;
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", PVD_TAIL);
    if ((st = write_all_at(v, buf, (size_t)n, v->tail_at, msg, msg_len))) return st;
    v->tail_at += (off_t)entry;
    v->frames++;
    v->last_t = t;
    return HW_OK;
}

int hw_vtk_network_note(const hw_scenario *sc, char *msg, size_t msg_len)
{
    if (!sc->network || !(sc->out_formats & HW_OUT_VTK)) return 0;
    snprintf(msg, msg_len, "the 1-D network has no ParaView output (each of its nodes moves along its own "
             "axis: no shape in space to draw); its states are in %s (docs/outputs.md)",
             sc->out_formats & HW_OUT_HDF5 ? "network.csv and results.h5" : "network.csv");
    return 1;
}

hw_status hw_vtk_close(hw_vtk_out *v, char *msg, size_t msg_len)
{
    if (!v) return HW_OK;
    hw_status st = HW_OK;
    if (v->fd >= 0 && close(v->fd) != 0) {
        snprintf(msg, msg_len, "%s/run.pvd: close failed: %s", v->dir, strerror(errno));
        st = HW_ERR_IO;
    }
    free(v->rn); free(v->rt); free(v->rm); free(v->eta);
    free(v->ns); free(v->pos); free(v->vel); free(v->ten); free(v->strain); free(v->nodeT); free(v->nodeS);
    free(v);
    return st;
}

void hw_vtk_mark(const hw_vtk_out *v, int *frames, double *last_t, long long *tail_at)
{
    *frames = v->frames;
    *last_t = v->last_t;
    *tail_at = (long long)v->tail_at;
}

hw_status hw_vtk_resume(hw_vtk_out *v, int frames, double last_t, long long tail_at, char *msg,
                        size_t msg_len)
{
    char path[4200], old[4300];
    snprintf(path, sizeof path, "%s/run.pvd", v->dir);
    snprintf(old, sizeof old, "%s.resume", path);
    struct stat sb;
    if (stat(old, &sb) != 0 || sb.st_size < (off_t)tail_at || tail_at < (long long)strlen(PVD_HEAD)) {
        snprintf(msg, msg_len, "%s: cannot resume the ParaView index: it is missing or shorter than "
                 "at the checkpoint (%lld bytes)", path, tail_at);
        return HW_ERR_INPUT;
    }
    if (v->fd >= 0) close(v->fd);
    v->fd = -1;
    if (rename(old, path) != 0 || (v->fd = open(path, O_WRONLY)) < 0 ||
        ftruncate(v->fd, (off_t)tail_at) != 0) {
        snprintf(msg, msg_len, "%s: cannot resume the ParaView index: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    v->tail_at = (off_t)tail_at;
    v->frames = frames;
    v->last_t = last_t;
    for (int k = frames;; k++) { /* frames written after the checkpoint */
        char f[4300];
        int gone = 0;
        for (int p = 0; p < N_PARTS; p++) {
            snprintf(f, sizeof f, "%s/vtk/%s_%06d.vtp", v->dir, PARTS[p].name, k);
            gone += unlink(f) == 0;
        }
        if (!gone) break;
    }
    return write_all_at(v, PVD_TAIL, strlen(PVD_TAIL), v->tail_at, msg, msg_len);
}
