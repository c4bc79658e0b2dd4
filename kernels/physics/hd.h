/* Shared-physics conventions: every function here compiles under gcc (C11) and nvcc (C++17).
 * HW_HD marks a function usable on host and device. Vectors are small value structs built by
 * constructor functions (no compound literals or designated initializers). */
#ifndef HW_PHYSICS_HD_H
#define HW_PHYSICS_HD_H

#include <math.h>

#ifdef __CUDACC__
#define HW_HD static inline __host__ __device__
#else
#define HW_HD static inline
#endif
/* HW_HDI: as HW_HD, always inlined. For the bodies of the CPU's vectorized loops (the node body
 * in kernels/cpu/lumped_cpu.c node_range): gcc at -O2 keeps a large static inline function out of
 * line, and a loop with a call in it does not vectorize. */
#if defined(__CUDACC__)
#define HW_HDI static __forceinline__ __host__ __device__
#elif defined(__GNUC__)
#define HW_HDI static inline __attribute__((always_inline))
#else
#define HW_HDI static inline
#endif

typedef struct hw_v3 { double x, y, z; } hw_v3;
/* Symmetric 3x3 matrix: xx yy zz xy xz yz. */
typedef struct hw_m3s { double xx, yy, zz, xy, xz, yz; } hw_m3s;

HW_HD hw_v3 hw_v3_make(double x, double y, double z) { hw_v3 r; r.x = x; r.y = y; r.z = z; return r; }
HW_HD hw_v3 hw_v3_zero(void) { return hw_v3_make(0.0, 0.0, 0.0); }
HW_HD hw_v3 hw_v3_add(hw_v3 a, hw_v3 b) { return hw_v3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
HW_HD hw_v3 hw_v3_sub(hw_v3 a, hw_v3 b) { return hw_v3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
HW_HD hw_v3 hw_v3_scale(hw_v3 a, double s) { return hw_v3_make(a.x * s, a.y * s, a.z * s); }
HW_HD double hw_v3_dot(hw_v3 a, hw_v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
HW_HD double hw_v3_norm(hw_v3 a) { return sqrt(hw_v3_dot(a, a)); }
HW_HD hw_v3 hw_v3_select(int c, hw_v3 a, hw_v3 b)
{
    return hw_v3_make(c ? a.x : b.x, c ? a.y : b.y, c ? a.z : b.z);
}

HW_HD hw_m3s hw_m3s_make(double xx, double yy, double zz, double xy, double xz, double yz)
{
    hw_m3s m; m.xx = xx; m.yy = yy; m.zz = zz; m.xy = xy; m.xz = xz; m.yz = yz; return m;
}
HW_HD hw_m3s hw_m3s_diag(double d) { return hw_m3s_make(d, d, d, 0.0, 0.0, 0.0); }
HW_HD hw_m3s hw_m3s_add(hw_m3s a, hw_m3s b)
{
    return hw_m3s_make(a.xx + b.xx, a.yy + b.yy, a.zz + b.zz, a.xy + b.xy, a.xz + b.xz, a.yz + b.yz);
}
/* a I + b q q^T */
HW_HD hw_m3s hw_m3s_iso_axial(double a, double b, hw_v3 q)
{
    return hw_m3s_make(a + b * q.x * q.x, a + b * q.y * q.y, a + b * q.z * q.z,
                       b * q.x * q.y, b * q.x * q.z, b * q.y * q.z);
}
HW_HD hw_v3 hw_m3s_mul(hw_m3s m, hw_v3 v)
{
    return hw_v3_make(m.xx * v.x + m.xy * v.y + m.xz * v.z,
                      m.xy * v.x + m.yy * v.y + m.yz * v.z,
                      m.xz * v.x + m.yz * v.y + m.zz * v.z);
}
/* Solves m a = f for a symmetric positive definite m (Cramer's rule; exact for 3x3). */
HW_HD hw_v3 hw_m3s_solve(hw_m3s m, hw_v3 f)
{
    double c00 = m.yy * m.zz - m.yz * m.yz;
    double c01 = m.xz * m.yz - m.xy * m.zz;
    double c02 = m.xy * m.yz - m.xz * m.yy;
    double c11 = m.xx * m.zz - m.xz * m.xz;
    double c12 = m.xy * m.xz - m.xx * m.yz;
    double c22 = m.xx * m.yy - m.xy * m.xy;
    double det = m.xx * c00 + m.xy * c01 + m.xz * c02;
    double inv = 1.0 / det;
    return hw_v3_make((c00 * f.x + c01 * f.y + c02 * f.z) * inv,
                      (c01 * f.x + c11 * f.y + c12 * f.z) * inv,
                      (c02 * f.x + c12 * f.y + c22 * f.z) * inv);
}

/* Linear interpolation in a strictly increasing table x of n values, flat outside, in two
 * halves: hw_tlu_where finds where xq falls (once), hw_tlu_at reads any table of values y over
 * the same x there (several tables over one x share the search and the division). An axis of one
 * value or none (a current uniform along it) is flat at index 0 without reading x. */
typedef struct hw_tlu_w { int lo, hi, flat; double s; } hw_tlu_w;
HW_HD hw_tlu_w hw_tlu_where(const double *x, int n, double xq)
{
    hw_tlu_w w;
    w.lo = 0; w.hi = 0; w.flat = 1; w.s = 0.0;
    if (n <= 1 || xq <= x[0]) return w;
    if (xq >= x[n - 1]) { w.lo = n - 1; return w; }
    int lo = 0, hi = n - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (x[mid] <= xq) lo = mid; else hi = mid;
    }
    w.lo = lo; w.hi = hi; w.flat = 0;
    w.s = (xq - x[lo]) / (x[hi] - x[lo]);
    return w;
}
HW_HD double hw_tlu_at(hw_tlu_w w, const double *y)
{
    return w.flat ? y[w.lo] : y[w.lo] + w.s * (y[w.hi] - y[w.lo]);
}
HW_HD double hw_tlu(const double *x, const double *y, int n, double xq)
{
    if (n <= 0) return 0.0;
    return hw_tlu_at(hw_tlu_where(x, n, xq), y);
}

#endif
