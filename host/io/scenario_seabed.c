/* environment.seabed.bathymetry (scenario_seabed.h). */
#include "io/scenario_seabed.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/bathymetry_file.h"
#include "io/table_file.h"

static const char *const BATHY_KEYS[] = {"file", "x", "y", "depth", NULL};

/* A list of numbers (at least one) at f into a new array; its length, or -1. positive: each
 * value > 0 (depths); increasing: strictly increasing (grid values). */
static int read_list(hw_yr *y, yaml_node_t *v, int line, const char *path, const char *what,
                     int increasing, int positive, double **out)
{
    int n = yd_is_seq(v) ? yd_seq_len(v) : 0;
    if (n < 1) {
        char got[96];
        yd_describe(v, got, sizeof got);
        hw_yr_fail(y, line, path, "expected a list of %s, got %s", what, got);
        return -1;
    }
    double *a = (double *)hw_yr_alloc(y, (size_t)n, sizeof(double));
    if (!a) return -1;
    for (int i = 0; i < n; i++) {
        yaml_node_t *e = yd_seq_at(y->doc, v, i);
        char p[300];
        snprintf(p, sizeof p, "%s[%d]", path, i);
        int el = yd_line(e) ? yd_line(e) : line;
        if (hw_yr_read_num(y, e, el, p, &a[i])) return -1;
        if (positive && !(a[i] > 0)) {
            hw_yr_fail(y, el, p, "expected a depth > 0 m (positive down, as environment.depth), got %g", a[i]);
            return -1;
        }
        if (increasing && i > 0 && !(a[i] > a[i - 1])) {
            hw_yr_fail(y, el, p, "expected strictly increasing %s, got %g after %g", what, a[i], a[i - 1]);
            return -1;
        }
    }
    *out = a;
    return n;
}

static int from_file(hw_yr_map *m, const hw_yr_fld *f, hw_bathymetry_def *b)
{
    hw_yr *y = m->y;
    const char *name = yd_scalar(f->v);
    if (!name || yd_is_null(f->v) || !*name) {
        char got[96];
        yd_describe(f->v, got, sizeof got);
        hw_yr_fail(y, f->line, f->path, "expected a grid file name in MoorDyn's SeafloorFile format "
                   "(relative to the scenario's directory), got %s", got);
        return -1;
    }
    char path[4096], msg[1024];
    if (hw_path_beside(y->file, name, path, sizeof path)) {
        hw_yr_fail(y, f->line, f->path, "expected a path of at most %zu characters", sizeof path - 1);
        return -1;
    }
    hw_bathy_file g;
    hw_status st = hw_bathy_read(path, &g, msg, sizeof msg);
    if (st == HW_ERR_NOMEM) { hw_yr_nomem(y); return -1; }
    if (st) { hw_yr_fail(y, f->line, f->path, "%s", msg); return -1; }
    size_t n = (size_t)g.nx + (size_t)g.ny + (size_t)g.nx * (size_t)g.ny;
    double *a = (double *)hw_yr_alloc(y, n, sizeof(double));
    if (!a) { hw_bathy_file_free(&g); return -1; }
    memcpy(a, g.x, n * sizeof(double)); /* x, y and depth are one block */
    b->nx = g.nx; b->ny = g.ny;
    b->x = a; b->y = a + g.nx; b->depth = a + g.nx + g.ny;
    hw_bathy_file_free(&g);
    return 0;
}

int hw_scn_parse_bathymetry(hw_yr_map *m, const hw_yr_fld *f, hw_bathymetry_def *b)
{
    hw_yr_map bm;
    if (hw_yr_open(&bm, m->y, f->v, f->line, f->path, m->item, m->index, "seabed.bathymetry.",
                   BATHY_KEYS, "the bathymetry"))
        return -1;
    hw_yr_fld ff, fx, fy, fd;
    int has_f = hw_yr_get(&bm, "file", &ff), has_x = hw_yr_get(&bm, "x", &fx);
    int has_y = hw_yr_get(&bm, "y", &fy), has_d = hw_yr_get(&bm, "depth", &fd);
    if (has_f) {
        if (has_x || has_y || has_d) {
            hw_yr_fail(m->y, ff.line, ff.path, "expected either file or x, y and depth, got both");
            return -1;
        }
        return from_file(&bm, &ff, b);
    }
    if (hw_yr_missing(&bm, &fx, !has_x, "the grid's x values (m, strictly increasing), or a file") < 0 ||
        hw_yr_missing(&bm, &fy, !has_y, "the grid's y values (m, strictly increasing)") < 0 ||
        hw_yr_missing(&bm, &fd, !has_d, "the depths: one row of as many depths as x values per y value") < 0)
        return -1;
    double *x, *yv;
    int nx = read_list(m->y, fx.v, fx.line, fx.path, "x values (m)", 1, 0, &x);
    if (nx < 0) return -1;
    int ny = read_list(m->y, fy.v, fy.line, fy.path, "y values (m)", 1, 0, &yv);
    if (ny < 0) return -1;
    int nr = yd_is_seq(fd.v) ? yd_seq_len(fd.v) : 0;
    if (nr != ny) {
        char got[96];
        yd_describe(fd.v, got, sizeof got);
        hw_yr_fail(m->y, fd.line, fd.path, "expected %d rows of depths (one per y value), got %s", ny, got);
        return -1;
    }
    double *d = (double *)hw_yr_alloc(m->y, (size_t)nx * (size_t)ny, sizeof(double));
    if (!d) return -1;
    for (int j = 0; j < ny; j++) {
        yaml_node_t *row = yd_seq_at(m->y->doc, fd.v, j);
        char p[300], what[64];
        snprintf(p, sizeof p, "%s[%d]", fd.path, j);
        snprintf(what, sizeof what, "%d depths (m, one per x value)", nx);
        int rl = yd_line(row) ? yd_line(row) : fd.line;
        double *r;
        int n = read_list(m->y, row, rl, p, what, 0, 1, &r);
        if (n < 0) return -1;
        if (n != nx) {
            hw_yr_fail(m->y, rl, p, "expected %s, got %d", what, n);
            return -1;
        }
        memcpy(d + (size_t)j * nx, r, (size_t)nx * sizeof(double));
    }
    b->nx = nx; b->ny = ny;
    b->x = x; b->y = yv; b->depth = d;
    return 0;
}
