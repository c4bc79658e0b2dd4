/* The GPU step of the rigid-cylinder cables (kernels/cuda/rigid_cuda.cu, hand kernels) emulated
 * on the CPU by hw_rc_cpu_step_bcr (the same passes, level lists, rows and lanes as the kernels)
 * beside the CPU step (block Thomas below HW_RC_BCR_ROWS block rows, the same block cyclic
 * reduction above), for the suites that check one against the other. */
#ifndef HW_TEST_RIGID_EMULATION_H
#define HW_TEST_RIGID_EMULATION_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "hawser/rigid.h"
#include "rigid_bcr.h"

typedef struct rc_emulation {
    double dx;              /* largest difference of the element states' positions, m */
    double dbody;           /* of the body positions, m */
    double dlam, lam_scale; /* of the multipliers, and the largest multiplier */
    double power_a, power_b; /* cable 0's dissipated power, both steps */
    int bit_equal;          /* states, multipliers and every cable's power identical */
} rc_emulation;

/* ra and rb: two simulations built from one definition (hw_rc starts with its hw_rc_sys). ra takes
 * `steps` CPU steps, rb as many emulated GPU steps, with the bodies (point and 6-DOF) prepared and
 * moved between steps as hw_rc_step does (no external force on them). The 6-DOF bodies' joints are
 * their ends' posa / posb, compared with the point bodies'. */
static inline rc_emulation rc_emulate_gpu_step(hw_rc *ra, hw_rc *rb, double dt, int steps)
{
    hw_rc_sys *S[2] = {(hw_rc_sys *)ra, (hw_rc_sys *)rb};
    int ne = S[0]->n_elems, nb = S[0]->n_blocks, nc = S[0]->n_cables;
    int *elc = malloc((size_t)ne * sizeof(int)), *blc = malloc((size_t)nb * sizeof(int));
    for (int k = 0; k < nc; k++) {
        for (int i = 0; i < S[0]->cab[k].n; i++) elc[S[0]->cab[k].e0 + i] = k;
        for (int i = 0; i <= S[0]->cab[k].n; i++) blc[S[0]->cab[k].b0 + i] = k;
    }
    double *blk[2], *el[2], *pw[2];
    for (int k = 0; k < 2; k++) {
        blk[k] = calloc((size_t)nb * HW_RC_BLK, sizeof(double));
        el[k] = calloc((size_t)ne * HW_RC_EL, sizeof(double));
        pw[k] = calloc((size_t)nc, sizeof(double));
    }
    double *A = calloc((size_t)nb * 36, sizeof(double)), *L = calloc((size_t)nb * 36, sizeof(double));
    double *U = calloc((size_t)nb * 36, sizeof(double)), *b = calloc((size_t)nb * 6, sizeof(double));
    double *pe = calloc((size_t)ne, sizeof(double)), *pb = calloc((size_t)nb, sizeof(double));
    hw_rc_levels lv;
    cr_assert_eq(hw_rc_levels_build(S[1], &lv), 0);
    hw_rc_cpu_work w = {0};
    const double zero[3] = {0, 0, 0};
    hw_rc_status bad;
    for (int s = 0; s < steps; s++) {
        for (int k = 0; k < 2; k++)
            for (int c = 0; c < nc; c++)
                for (int e = 0; e < 2; e++)
                    if (S[k]->cab[c].body[e].on) hw_rc_body_prepare(&S[k]->env, &S[k]->cab[c], e, zero);
        double pw6;
        for (int k = 0; k < 2; k++)
            for (int c = 0; c < nc; c++)
                for (int e = 0; e < 2; e++)
                    if (S[k]->cab[c].body6[e].on)
                        cr_assert_eq(hw_rc_body6_prepare(&S[k]->env, &S[k]->cab[c], e, zero, &pw6), 0);
        cr_assert_eq(hw_rc_cpu_step(S[0], &w, blk[0], el[0], dt, pw[0], &bad), -1, "step %d kind %d at %d", s,
                     bad.kind, bad.where);
        cr_assert_eq(hw_rc_cpu_step_bcr(S[1], elc, blc, &lv, blk[1], el[1], A, L, U, b, pe, pb, dt, pw[1], &bad), -1,
                     "step %d kind %d at %d", s, bad.kind, bad.where);
        for (int k = 0; k < 2; k++)
            for (int c = 0; c < nc; c++)
                for (int e = 0; e < 2; e++) {
                    hw_rc_cable *C = &S[k]->cab[c];
                    if (!C->body[e].on) continue;
                    const double *lam = blk[k] + ((size_t)C->b0 + (e ? (size_t)C->n : 0)) * HW_RC_BLK + HW_RC_B_LAM;
                    hw_rc_body_update(&C->body[e], lam, dt, e ? C->posb : C->posa, e ? C->velb : C->vela);
                }
        for (int k = 0; k < 2; k++)
            for (int c = 0; c < nc; c++)
                for (int e = 0; e < 2; e++) {
                    hw_rc_cable *C = &S[k]->cab[c];
                    if (!C->body6[e].on) continue;
                    const double *lam = blk[k] + ((size_t)C->b0 + (e ? (size_t)C->n : 0)) * HW_RC_BLK + HW_RC_B_LAM;
                    cr_assert_eq(hw_rc_body6_update(&S[k]->env, C, e, lam, dt), 0);
                }
    }
    rc_emulation r = {0, 0, 0, 0, pw[0][0], pw[1][0], 1};
    r.bit_equal = !memcmp(S[0]->st, S[1]->st, (size_t)HW_RC_NS * ne * sizeof(double)) &&
                  !memcmp(pw[0], pw[1], (size_t)nc * sizeof(double));
    for (int c = 0; c < nc; c++)
        r.bit_equal = r.bit_equal && !memcmp(S[0]->cab[c].posa, S[1]->cab[c].posa, sizeof S[0]->cab[c].posa) &&
                      !memcmp(S[0]->cab[c].posb, S[1]->cab[c].posb, sizeof S[0]->cab[c].posb) &&
                      !memcmp(&S[0]->cab[c].body6[0].s, &S[1]->cab[c].body6[0].s, sizeof(hw_body_s)) &&
                      !memcmp(&S[0]->cab[c].body6[1].s, &S[1]->cab[c].body6[1].s, sizeof(hw_body_s));
    for (int q = 0; q < nb; q++)
        r.bit_equal = r.bit_equal && !memcmp(blk[0] + (size_t)q * HW_RC_BLK, blk[1] + (size_t)q * HW_RC_BLK, 6 * sizeof(double));
    for (int q = 0; q < 3 * ne; q++) r.dx = fmax(r.dx, fabs(S[0]->st[q] - S[1]->st[q]));
    for (int c = 0; c < nc; c++)
        for (int q = 0; q < 3; q++) {
            r.dbody = fmax(r.dbody, fabs(S[0]->cab[c].posa[q] - S[1]->cab[c].posa[q]));
            r.dbody = fmax(r.dbody, fabs(S[0]->cab[c].posb[q] - S[1]->cab[c].posb[q]));
        }
    for (int q = 0; q < nb; q++)
        for (int k = 0; k < 6; k++) {
            r.dlam = fmax(r.dlam, fabs(blk[0][q * HW_RC_BLK + k] - blk[1][q * HW_RC_BLK + k]));
            r.lam_scale = fmax(r.lam_scale, fabs(blk[0][q * HW_RC_BLK + k]));
        }
    free(elc); free(blc); free(A); free(L); free(U); free(b); free(pe); free(pb);
    hw_rc_levels_free(&lv);
    hw_rc_cpu_work_free(&w);
    for (int k = 0; k < 2; k++) { free(blk[k]); free(el[k]); free(pw[k]); }
    return r;
}

#endif
