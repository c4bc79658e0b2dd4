/* Small dense algebra for the rigid-cylinder cable: general 3x3 matrices and 6x6 blocks
 * (row-major), products, and an in-place Cholesky factorization with solves. Used by the
 * block-tridiagonal (block Thomas / block Cholesky) constraint solver. Shared by gcc and nvcc. */
#ifndef HW_PHYSICS_BLOCK6_H
#define HW_PHYSICS_BLOCK6_H
#include "hd.h"

typedef struct hw_m3 { double a[9]; } hw_m3;   /* a[3 r + c] */
typedef struct hw_m6 { double a[36]; } hw_m6;  /* a[6 r + c] */
typedef struct hw_v6 { double a[6]; } hw_v6;

HW_HD hw_m3 hw_m3_zero(void) { hw_m3 m; for (int k = 0; k < 9; k++) m.a[k] = 0.0; return m; }
HW_HD hw_m3 hw_m3_diag(double x, double y, double z)
{
    hw_m3 m = hw_m3_zero(); m.a[0] = x; m.a[4] = y; m.a[8] = z; return m;
}
/* [v]x: the cross-product matrix, [v]x u = v x u. */
HW_HD hw_m3 hw_m3_skew(hw_v3 v)
{
    hw_m3 m = hw_m3_zero();
    m.a[1] = -v.z; m.a[2] = v.y;
    m.a[3] = v.z;  m.a[5] = -v.x;
    m.a[6] = -v.y; m.a[7] = v.x;
    return m;
}
HW_HD hw_m3 hw_m3_from_sym(hw_m3s s)
{
    hw_m3 m;
    m.a[0] = s.xx; m.a[1] = s.xy; m.a[2] = s.xz;
    m.a[3] = s.xy; m.a[4] = s.yy; m.a[5] = s.yz;
    m.a[6] = s.xz; m.a[7] = s.yz; m.a[8] = s.zz;
    return m;
}
HW_HD hw_m3 hw_m3_scale(hw_m3 m, double s) { for (int k = 0; k < 9; k++) m.a[k] *= s; return m; }
HW_HD hw_m3 hw_m3_add(hw_m3 a, hw_m3 b) { for (int k = 0; k < 9; k++) a.a[k] += b.a[k]; return a; }
HW_HD hw_m3 hw_m3_mul(hw_m3 a, hw_m3 b)
{
    hw_m3 r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r.a[3 * i + j] = a.a[3 * i] * b.a[j] + a.a[3 * i + 1] * b.a[3 + j] + a.a[3 * i + 2] * b.a[6 + j];
    return r;
}
HW_HD hw_m3 hw_m3_transpose(hw_m3 a)
{
    hw_m3 r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) r.a[3 * i + j] = a.a[3 * j + i];
    return r;
}
HW_HD hw_v3 hw_m3_mulv(hw_m3 m, hw_v3 v)
{
    return hw_v3_make(m.a[0] * v.x + m.a[1] * v.y + m.a[2] * v.z,
                      m.a[3] * v.x + m.a[4] * v.y + m.a[5] * v.z,
                      m.a[6] * v.x + m.a[7] * v.y + m.a[8] * v.z);
}
/* m^T v */
HW_HD hw_v3 hw_m3_tmulv(hw_m3 m, hw_v3 v)
{
    return hw_v3_make(m.a[0] * v.x + m.a[3] * v.y + m.a[6] * v.z,
                      m.a[1] * v.x + m.a[4] * v.y + m.a[7] * v.z,
                      m.a[2] * v.x + m.a[5] * v.y + m.a[8] * v.z);
}
/* a diag(d) b^T */
HW_HD hw_m3 hw_m3_adbt(hw_m3 a, hw_v3 d, hw_m3 b)
{
    hw_m3 r;
    double dd[3]; dd[0] = d.x; dd[1] = d.y; dd[2] = d.z;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0.0;
            for (int k = 0; k < 3; k++) s += a.a[3 * i + k] * dd[k] * b.a[3 * j + k];
            r.a[3 * i + j] = s;
        }
    return r;
}

/* Inverse of a symmetric positive definite 3x3 (cofactors). */
HW_HD hw_m3s hw_m3s_inv(hw_m3s m)
{
    double c00 = m.yy * m.zz - m.yz * m.yz;
    double c01 = m.xz * m.yz - m.xy * m.zz;
    double c02 = m.xy * m.yz - m.xz * m.yy;
    double c11 = m.xx * m.zz - m.xz * m.xz;
    double c12 = m.xy * m.xz - m.xx * m.yz;
    double c22 = m.xx * m.yy - m.xy * m.xy;
    double inv = 1.0 / (m.xx * c00 + m.xy * c01 + m.xz * c02);
    return hw_m3s_make(c00 * inv, c11 * inv, c22 * inv, c01 * inv, c02 * inv, c12 * inv);
}

HW_HD hw_m6 hw_m6_zero(void) { hw_m6 m; for (int k = 0; k < 36; k++) m.a[k] = 0.0; return m; }
HW_HD hw_v6 hw_v6_zero(void) { hw_v6 v; for (int k = 0; k < 6; k++) v.a[k] = 0.0; return v; }
/* Places the 3x3 m at block (bi, bj) of the 6x6 r (bi, bj in {0, 1}), adding to what is there. */
HW_HD void hw_m6_add3(hw_m6 *r, int bi, int bj, hw_m3 m)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) r->a[6 * (3 * bi + i) + 3 * bj + j] += m.a[3 * i + j];
}
HW_HD hw_m6 hw_m6_add(hw_m6 a, hw_m6 b) { for (int k = 0; k < 36; k++) a.a[k] += b.a[k]; return a; }
HW_HD hw_m6 hw_m6_mul(hw_m6 a, hw_m6 b)
{
    hw_m6 r;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            double s = 0.0;
            for (int k = 0; k < 6; k++) s += a.a[6 * i + k] * b.a[6 * k + j];
            r.a[6 * i + j] = s;
        }
    return r;
}
/* a^T b */
HW_HD hw_m6 hw_m6_tmul(hw_m6 a, hw_m6 b)
{
    hw_m6 r;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            double s = 0.0;
            for (int k = 0; k < 6; k++) s += a.a[6 * k + i] * b.a[6 * k + j];
            r.a[6 * i + j] = s;
        }
    return r;
}
HW_HD hw_v6 hw_m6_mulv(hw_m6 a, hw_v6 v)
{
    hw_v6 r;
    for (int i = 0; i < 6; i++) {
        double s = 0.0;
        for (int k = 0; k < 6; k++) s += a.a[6 * i + k] * v.a[k];
        r.a[i] = s;
    }
    return r;
}
/* a^T b for a product known to be symmetric (a^T D^-1 a): the lower triangle is computed and
 * mirrored. */
HW_HD hw_m6 hw_m6_tmul_sym(hw_m6 a, hw_m6 b)
{
    hw_m6 r;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0.0;
            for (int k = 0; k < 6; k++) s += a.a[6 * k + i] * b.a[6 * k + j];
            r.a[6 * i + j] = s;
            r.a[6 * j + i] = s;
        }
    return r;
}
/* a^T v */
HW_HD hw_v6 hw_m6_tmulv(hw_m6 a, hw_v6 v)
{
    hw_v6 r;
    for (int i = 0; i < 6; i++) {
        double s = 0.0;
        for (int k = 0; k < 6; k++) s += a.a[6 * k + i] * v.a[k];
        r.a[i] = s;
    }
    return r;
}

/* In-place Cholesky a = L L^T of a symmetric positive definite 6x6: the strict lower triangle of
 * a is overwritten with L and the diagonal with 1 / L_jj (so the solves multiply instead of
 * dividing); the upper triangle is left as it was. Returns 0, or 1 + the failing pivot index when
 * a is not positive definite (or holds a NaN). */
HW_HD int hw_m6_chol(hw_m6 *m)
{
    double *a = m->a;
    for (int j = 0; j < 6; j++) {
        double d = a[6 * j + j];
        for (int k = 0; k < j; k++) d -= a[6 * j + k] * a[6 * j + k];
        if (!(d > 0.0)) return 1 + j;
        double inv = 1.0 / sqrt(d);
        a[6 * j + j] = inv;
        for (int i = j + 1; i < 6; i++) {
            double s = a[6 * i + j];
            for (int k = 0; k < j; k++) s -= a[6 * i + k] * a[6 * j + k];
            a[6 * i + j] = s * inv;
        }
    }
    return 0;
}
/* Solves L L^T x = b with the factor from hw_m6_chol. */
HW_HD hw_v6 hw_m6_chol_solve(const hw_m6 *m, hw_v6 b)
{
    const double *a = m->a;
    for (int i = 0; i < 6; i++) {
        double s = b.a[i];
        for (int k = 0; k < i; k++) s -= a[6 * i + k] * b.a[k];
        b.a[i] = s * a[6 * i + i];
    }
    for (int i = 5; i >= 0; i--) {
        double s = b.a[i];
        for (int k = i + 1; k < 6; k++) s -= a[6 * k + i] * b.a[k];
        b.a[i] = s * a[6 * i + i];
    }
    return b;
}
/* Solves L L^T X = B for six right-hand sides at once, row by row (each column sees exactly the
 * operations of hw_m6_chol_solve, in the same order; the row form vectorizes over columns). */
HW_HD hw_m6 hw_m6_chol_solve_m(const hw_m6 *m, hw_m6 b)
{
    const double *a = m->a;
    for (int i = 0; i < 6; i++) {
        for (int k = 0; k < i; k++) {
            double l = a[6 * i + k];
            for (int j = 0; j < 6; j++) b.a[6 * i + j] -= l * b.a[6 * k + j];
        }
        double d = a[6 * i + i];
        for (int j = 0; j < 6; j++) b.a[6 * i + j] *= d;
    }
    for (int i = 5; i >= 0; i--) {
        for (int k = i + 1; k < 6; k++) {
            double l = a[6 * k + i];
            for (int j = 0; j < 6; j++) b.a[6 * i + j] -= l * b.a[6 * k + j];
        }
        double d = a[6 * i + i];
        for (int j = 0; j < 6; j++) b.a[6 * i + j] *= d;
    }
    return b;
}
#endif
