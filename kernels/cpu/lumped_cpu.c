/* The CPU backend: plain loops over the per-element bodies of lumped.h. It references the host's
 * system arrays directly (no copy) and owns the integrator buffers and the scratch. */
#include <stdlib.h>
#include <string.h>

#include "backend.h"

struct hw_backend {
    hw_lm_sys S;
    hw_lm_work w;
    double *buf[HW_NBUF];
    size_t ny;
    int bad;
};

static void *zalloc(size_t n, size_t size) { return calloc(n ? n : 1, size); }

static void cpu_destroy(hw_backend *b)
{
    if (!b) return;
    for (int k = 0; k < HW_NBUF; k++) free(b->buf[k]);
    free(b->w.seg_T); free(b->w.seg_qx); free(b->w.seg_qy); free(b->w.seg_qz);
    free(b->w.seg_len); free(b->w.seg_strain); free(b->w.seg_pd); free(b->w.pt_a); free(b->w.hg_fa); free(b->w.hg_fb);
    free(b->w.end_f); free(b->w.end_m); free(b->w.pt_f); free(b->w.node_f);
    free(b);
}

static hw_status cpu_create(const hw_lm_sys *sys, int with_node_forces, hw_backend **out,
                            char *msg, size_t msg_len)
{
    (void)msg; (void)msg_len;
    *out = NULL;
    hw_backend *b = (hw_backend *)calloc(1, sizeof *b);
    if (!b) return HW_ERR_NOMEM;
    b->S = *sys;
    b->ny = (size_t)HW_Y_BLOCKS * (size_t)sys->n_state;
    int ok = 1;
    for (int k = 0; k < HW_NBUF; k++) ok &= (b->buf[k] = (double *)zalloc(b->ny, sizeof(double))) != NULL;
    size_t ns = (size_t)sys->n_segs, nn = (size_t)sys->n_nodes, ne = 2 * (size_t)sys->n_lines;
    ok &= (b->w.seg_T = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_qx = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_qy = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_qz = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_len = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_strain = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.seg_pd = (double *)zalloc(ns, sizeof(double))) != NULL;
    ok &= (b->w.hg_fa = (double *)zalloc(3 * nn, sizeof(double))) != NULL;
    ok &= (b->w.hg_fb = (double *)zalloc(3 * nn, sizeof(double))) != NULL;
    ok &= (b->w.end_f = (double *)zalloc(3 * ne, sizeof(double))) != NULL;
    ok &= (b->w.end_m = (double *)zalloc(6 * ne, sizeof(double))) != NULL;
    ok &= (b->w.pt_f = (double *)zalloc(3 * (size_t)sys->n_points, sizeof(double))) != NULL;
    ok &= (b->w.pt_a = (double *)zalloc(3 * (size_t)sys->n_points, sizeof(double))) != NULL;
    if (with_node_forces)
        ok &= (b->w.node_f = (double *)zalloc(3 * (size_t)sys->n_state, sizeof(double))) != NULL;
    b->bad = HW_NO_BAD;
    b->w.bad = &b->bad;
    if (!ok) { cpu_destroy(b); return HW_ERR_NOMEM; }
    *out = b;
    return HW_OK;
}

static hw_status cpu_upload(hw_backend *b, int buf, const double *y)
{
    memcpy(b->buf[buf], y, b->ny * sizeof(double));
    return HW_OK;
}

static hw_status cpu_download(hw_backend *b, int buf, double *y)
{
    memcpy(y, b->buf[buf], b->ny * sizeof(double));
    return HW_OK;
}

static void copy_if(double *dst, const double *src, size_t n)
{
    if (dst && src) memcpy(dst, src, n * sizeof(double));
}

static hw_status cpu_download_work(hw_backend *b, hw_lm_work *h)
{
    size_t ns = (size_t)b->S.n_segs, ne = 2 * (size_t)b->S.n_lines;
    copy_if(h->seg_T, b->w.seg_T, ns);
    copy_if(h->seg_qx, b->w.seg_qx, ns);
    copy_if(h->seg_qy, b->w.seg_qy, ns);
    copy_if(h->seg_qz, b->w.seg_qz, ns);
    copy_if(h->seg_len, b->w.seg_len, ns);
    copy_if(h->seg_strain, b->w.seg_strain, ns);
    copy_if(h->end_f, b->w.end_f, 3 * ne);
    copy_if(h->end_m, b->w.end_m, 6 * ne);
    copy_if(h->pt_f, b->w.pt_f, 3 * (size_t)b->S.n_points);
    copy_if(h->pt_a, b->w.pt_a, 3 * (size_t)b->S.n_points);
    copy_if(h->node_f, b->w.node_f, 3 * (size_t)b->S.n_state);
    return HW_OK;
}

static void cpu_constrain(hw_backend *b, double t, int buf)
{
    const hw_lm_sys *S = &b->S;
    double *y = b->buf[buf];
    for (int p = 0; p < S->n_points; p++) hw_lm_constrain_point(S, t, y, p);
    for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_constrain_end(S, y, e);
}

static void cpu_eval(hw_backend *b, double t, int by, int bdy)
{
    const hw_lm_sys *S = &b->S;
    const double *y = b->buf[by];
    double *dy = b->buf[bdy];
    for (int s = 0; s < S->n_segs; s++) hw_lm_segment(S, y, &b->w, s);
    if (S->any_bending)
        for (int i = 0; i < S->n_nodes; i++) hw_lm_hinge(S, &b->w, i);
    for (int i = 0; i < S->n_nodes; i++) hw_lm_node(S, t, y, &b->w, dy, i);
    for (int p = 0; p < S->n_points; p++) hw_lm_point(S, t, y, &b->w, dy, p);
    for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_end_deriv(S, dy, e);
}

static void cpu_lincomb(hw_backend *b, int dst, int src, int nterm, const double *coef,
                        const int *bufs)
{
    double *d = b->buf[dst];
    const double *s = b->buf[src];
    const double *k0 = b->buf[bufs[0]];
    size_t n = b->ny;
    switch (nterm) {
    case 1: {
        double c0 = coef[0];
        for (size_t i = 0; i < n; i++) d[i] = s[i] + c0 * k0[i];
        break;
    }
    case 2: {
        const double *k1 = b->buf[bufs[1]];
        double c0 = coef[0], c1 = coef[1];
        for (size_t i = 0; i < n; i++) d[i] = s[i] + (c0 * k0[i] + c1 * k1[i]);
        break;
    }
    default: {
        const double *k1 = b->buf[bufs[1]], *k2 = b->buf[bufs[2]];
        const double *k3 = nterm > 3 ? b->buf[bufs[3]] : k2;
        double c0 = coef[0], c1 = coef[1], c2 = coef[2], c3 = nterm > 3 ? coef[3] : 0.0;
        for (size_t i = 0; i < n; i++)
            d[i] = s[i] + ((c0 * k0[i] + c1 * k1[i]) + (c2 * k2[i] + c3 * k3[i]));
        break;
    }
    }
}

static void cpu_symplectic(hw_backend *b, int by, int bdy, double dt)
{
    const hw_lm_sys *S = &b->S;
    for (int k = 0; k < S->n_state; k++) hw_lm_symplectic(S, b->buf[by], b->buf[bdy], dt, k);
}

static int cpu_take_bad(hw_backend *b)
{
    int s = b->bad;
    b->bad = HW_NO_BAD;
    return s == HW_NO_BAD ? -1 : s;
}

static void cpu_set_coupled(hw_backend *b, int p, const double pos[3], const double vel[3],
                            double t)
{
    for (int c = 0; c < 3; c++) {
        b->S.pt_cpos[3 * p + c] = pos[c];
        b->S.pt_cvel[3 * p + c] = vel[c];
    }
    b->S.pt_ct[p] = t;
}

static const hw_backend_ops CPU_OPS = {
    "cpu", cpu_create, cpu_destroy, cpu_upload, cpu_download, cpu_download_work,
    cpu_constrain, cpu_eval, cpu_lincomb, cpu_symplectic, cpu_take_bad, cpu_set_coupled};

const hw_backend_ops *hw_cpu_backend(void) { return &CPU_OPS; }

#ifndef HAWSER_HAVE_CUDA
const hw_backend_ops *hw_cuda_backend(void) { return NULL; }
int hw_cuda_device_count(void) { return 0; }
#endif
