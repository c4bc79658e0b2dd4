/* The environment's current on its grid (sea/current.h). */
#include "sea/current.h"
#include <stdlib.h>
#include <string.h>

static size_t at_least_1(int n) { return n > 1 ? (size_t)n : 1; }

size_t hw_current_count(const hw_current_def *c)
{
    if (c->n_depth <= 0) return 0;
    return at_least_1(c->n_time) * at_least_1(c->n_y) * at_least_1(c->n_x) * (size_t)c->n_depth;
}

hw_cur_grid hw_current_view(const hw_current_def *c)
{
    hw_cur_grid g;
    g.nx = c->n_x > 1 ? c->n_x : 1; g.ny = c->n_y > 1 ? c->n_y : 1;
    g.nz = c->n_depth > 0 ? c->n_depth : 0; g.nt = c->n_time > 1 ? c->n_time : 1;
    g.x = c->x; g.y = c->y; g.z = c->z; g.t = c->t;
    g.ux = c->ux; g.uy = c->uy; g.uz = c->uz;
    return g;
}

double *hw_current_copy(const hw_current_def *c, hw_cur_grid *g, int *nomem)
{
    memset(g, 0, sizeof *g);
    *nomem = 0;
    size_t nv = hw_current_count(c);
    if (nv == 0) return NULL;
    hw_cur_grid v = hw_current_view(c);
    size_t nx = (size_t)v.nx, ny = (size_t)v.ny, nz = (size_t)v.nz, nt = (size_t)v.nt;
    double *b = (double *)malloc((nx + ny + nz + nt + 3 * nv) * sizeof(double));
    if (!b) { *nomem = 1; return NULL; }
    double *x = b, *y = x + nx, *z = y + ny, *t = z + nz, *ux = t + nt, *uy = ux + nv, *uz = uy + nv;
    if (v.nx > 1) memcpy(x, c->x, nx * sizeof(double)); else x[0] = 0.0;
    if (v.ny > 1) memcpy(y, c->y, ny * sizeof(double)); else y[0] = 0.0;
    memcpy(z, c->z, nz * sizeof(double));
    if (v.nt > 1) memcpy(t, c->t, nt * sizeof(double)); else t[0] = 0.0;
    memcpy(ux, c->ux, nv * sizeof(double));
    memcpy(uy, c->uy, nv * sizeof(double));
    memcpy(uz, c->uz, nv * sizeof(double));
    *g = v;
    g->x = x; g->y = y; g->z = z; g->t = t; g->ux = ux; g->uy = uy; g->uz = uz;
    return b;
}

hw_v3 hw_current_def_at(const hw_current_def *c, hw_v3 r, double t)
{
    if (c->n_depth <= 0) return hw_v3_zero();
    hw_cur_grid g = hw_current_view(c);
    return hw_current_grid(&g, hw_current_when(&g, t), r.x, r.y, r.z);
}
