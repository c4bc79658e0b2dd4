/* The split and merge of a rigid cable's reel element (docs/physics.md section 5 reel mode), written
 * once for both backends: the host runs it on the CPU state (host/rigid/rigid_winch.c), a one-thread
 * kernel on the GPU state (kernels/cuda/rigid_cuda.cu), and the arrays are re-laid by the same
 * index map. Method and conservation: host/rigid/rigid_winch.c's header and docs/rigid.md. */
#ifndef HW_KERNELS_RIGID_REEL_H
#define HW_KERNELS_RIGID_REEL_H

#include "rigid.h"

enum { HW_RC_SPLIT = 1, HW_RC_MERGE = -1 };

/* What an event does to cable C (old layout): the slot inserted (split) or removed (merge), the
 * bodies to write afterwards (cable-local indices in the new layout) and the new end lengths. */
typedef struct hw_rc_reshape {
    int kind;                  /* HW_RC_SPLIT or HW_RC_MERGE */
    int e_at, b_at;            /* cable-local element and block slot inserted / removed */
    int nput, put[2];          /* bodies written into the new layout */
    hw_rc_body body[2];
    double lend[2];            /* the cable's end element lengths afterwards */
} hw_rc_reshape;

/* The old slot that slot j of the new layout copies, for a slot inserted (delta +1) or removed
 * (-1) at global index at, with last the old index one past the cable's last slot. An inserted
 * slot copies the old one at its index (or the one before, at the cable's end). */
HW_HD int hw_rc_relayout_src(int j, int at, int delta, int last)
{
    if (j < at) return j;
    if (delta > 0) return j == at ? (at < last ? at : at - 1) : j - 1;
    return j + 1;
}

/* Velocity of the material at point x of a reel element b growing at s along u (winch -> cable):
 * its rigid motion plus s u / 2 (the material moves with the element's far end). */
HW_HD hw_v3 hw_rc_reel_mat_v(const hw_rc_body *b, hw_v3 u, double s, hw_v3 x)
{
    hw_v3 w = hw_quat_rotate(b->p, b->w);
    return hw_v3_add(hw_v3_add(b->v, hw_v3_cross(w, hw_v3_sub(x, b->x))), hw_v3_scale(u, 0.5 * s));
}

/* Where the cable beyond element `beyond` (counted from the winch at `end`) starts: the near end
 * point of the next element, or the other end's attachment. 0 when there is nothing there (a
 * free far end), else 1 with the point and that element's length (0 for an end block). */
HW_HD int hw_rc_reel_far_anchor(const hw_rc_cable *C, const double *st, int ne, int end, int beyond,
                                hw_v3 *p, double *len)
{
    int n = C->n, nx = end ? beyond - 1 : beyond + 1;
    if (nx >= 0 && nx < n) {
        hw_rc_body b = hw_rc_get_body(st, ne, C->e0 + nx);
        double l = hw_rc_elem_len(C, nx).l;
        *p = end ? hw_rc_end_b(&b, l) : hw_rc_end_a(&b, l);
        *len = l;
        return 1;
    }
    int mask = end ? C->mask_a : C->mask_b;
    if (!(mask & HW_RC_ROWS_POS)) return 0;
    *p = hw_rc_v3(end ? C->posa : C->posb);
    *len = 0.0;
    return 1;
}

/* An element's winch-side and far end points and the along-cable unit vector (winch -> cable). */
HW_HD void hw_rc_reel_ends(const hw_rc_body *b, double l, int end, hw_v3 *near, hw_v3 *far, hw_v3 *u)
{
    hw_v3 ax = hw_rc_axis(b->p);
    *u = end ? hw_v3_scale(ax, -1.0) : ax;
    *near = hw_v3_sub(b->x, hw_v3_scale(*u, 0.5 * l));
    *far = hw_v3_add(b->x, hw_v3_scale(*u, 0.5 * l));
}

/* The layout part of an event (no state needed): the slots, where the bodies go, the new end
 * lengths. */
HW_HD hw_rc_reshape hw_rc_reel_layout(const hw_rc_cable *C, int end, double l_nom, int kind)
{
    hw_rc_reshape P;
    int n = C->n, ri = end ? n - 1 : 0;
    double lr = hw_rc_elem_len(C, ri).l;
    P.kind = kind;
    P.lend[0] = C->lend[0]; P.lend[1] = C->lend[1];
    if (kind == HW_RC_SPLIT) {
        /* end A: the winch piece becomes element 0 and the old slot the nominal one (new block 1
         * between them); end B: the nominal piece keeps slot n - 1, the winch piece is element n */
        P.e_at = end ? n : 0;
        P.b_at = end ? n : 1;
        P.nput = 2;
        P.put[0] = end ? n : 0;
        P.put[1] = end ? n - 1 : 1;
        P.lend[end] = lr - l_nom;
        if (n == 1) P.lend[1 - end] = l_nom;
    } else {
        /* end A: element 0 and block 1 go (the neighbour's slot becomes element 0); end B: element
         * n - 1 and block n - 1 */
        double L = lr + hw_rc_elem_len(C, end ? n - 2 : 1).l;
        P.e_at = ri;
        P.b_at = end ? n - 1 : 1;
        P.nput = 1;
        P.put[0] = end ? n - 2 : 0;
        P.put[1] = -1;
        P.lend[end] = L;
        if (n == 2) P.lend[1 - end] = L;
    }
    return P;
}

/* The event `kind` of cable C's reel element at `end` (nominal length l_nom, winch at w), from
 * the state st (old layout): the layout and the new bodies. */
HW_HD hw_rc_reshape hw_rc_reel_plan(const hw_rc_cable *C, const double *st, int ne, int end, double l_nom,
                                    hw_v3 w, int kind)
{
    hw_rc_reshape P = hw_rc_reel_layout(C, end, l_nom, kind);
    int n = C->n, ri = end ? n - 1 : 0;
    double s = C->reel[end];
    hw_rc_body R = hw_rc_get_body(st, ne, C->e0 + ri);
    double lr = hw_rc_elem_len(C, ri).l, lx;
    hw_v3 near, far, u, pn;
    hw_rc_reel_ends(&R, lr, end, &near, &far, &u);
    if (kind == HW_RC_SPLIT) {
        double ln = l_nom, lw = lr - ln;
        int anchored = hw_rc_reel_far_anchor(C, st, ne, end, ri, &pn, &lx);
        /* stretch from the winch to the next element, shared by compliance (span) */
        hw_v3 sv = hw_v3_sub(near, w);
        if (anchored) sv = hw_v3_add(sv, hw_v3_sub(pn, far));
        double ce = 0.5 * lw, cm = 0.5 * (lw + ln), cj = 0.5 * (ln + lx);
        double sum = ce + cm + (anchored ? cj : 0.0);
        hw_v3 se = hw_v3_scale(sv, ce / sum), sm = hw_v3_scale(sv, cm / sum);
        /* the material's velocities at the pieces' centres before the shift; the winch piece
         * keeps growing, so its centre moves at its material's velocity less s u / 2 */
        hw_rc_body W = R, N = R;
        hw_v3 cw0 = hw_v3_add(near, hw_v3_scale(u, 0.5 * lw)), cn0 = hw_v3_add(near, hw_v3_scale(u, lw + 0.5 * ln));
        W.v = hw_v3_sub(hw_rc_reel_mat_v(&R, u, s, cw0), hw_v3_scale(u, 0.5 * s));
        N.v = hw_rc_reel_mat_v(&R, u, s, cn0);
        hw_v3 nw = hw_v3_add(w, se);
        W.x = hw_v3_add(nw, hw_v3_scale(u, 0.5 * lw));
        N.x = hw_v3_add(hw_v3_add(nw, hw_v3_scale(u, lw)), hw_v3_add(sm, hw_v3_scale(u, 0.5 * ln)));
        P.body[0] = W;
        P.body[1] = N;
        return P;
    }
    int ni = end ? n - 2 : 1;
    double mu = C->prop.mu, rad = 0.5 * C->prop.d;
    hw_rc_body N = hw_rc_get_body(st, ne, C->e0 + ni);
    double lnb = hw_rc_elem_len(C, ni).l, L = lr + lnb;
    hw_v3 nnear, nfar, un;
    hw_rc_reel_ends(&N, lnb, end, &nnear, &nfar, &un);
    int anchored = hw_rc_reel_far_anchor(C, st, ne, end, ni, &pn, &lx);
    hw_v3 sv = hw_v3_add(hw_v3_sub(near, w), hw_v3_sub(nnear, far));
    if (anchored) sv = hw_v3_add(sv, hw_v3_sub(pn, nfar));
    double ce = 0.5 * L, cj = 0.5 * (L + lx);
    hw_v3 se = hw_v3_scale(sv, ce / (ce + (anchored ? cj : 0.0)));
    /* the merged element: along the chord of the two, twist of the neighbour */
    hw_v3 chord = hw_v3_sub(nfar, near);
    double cl = hw_v3_norm(chord);
    hw_v3 um = cl > 0.0 ? hw_v3_scale(chord, 1.0 / cl) : un;
    hw_v3 axis = end ? hw_v3_scale(um, -1.0) : um;
    hw_rc_body M;
    M.p = hw_quat_normalize(hw_quat_mul(N.p, hw_quat_from_z(hw_quat_rotate_inv(N.p, axis))));
    M.x = hw_v3_add(hw_v3_add(w, se), hw_v3_scale(um, 0.5 * L));
    /* the material's momentum and angular momentum about the pair's centre of mass (world); the
     * merged element keeps growing at s */
    double mr = mu * lr, mn = mu * lnb, mt = mr + mn;
    hw_v3 vr = hw_rc_reel_mat_v(&R, u, s, R.x);
    hw_v3 vm = hw_v3_scale(hw_v3_add(hw_v3_scale(vr, mr), hw_v3_scale(N.v, mn)), 1.0 / mt);
    M.v = hw_v3_sub(vm, hw_v3_scale(um, 0.5 * s));
    hw_v3 xc = hw_v3_scale(hw_v3_add(hw_v3_scale(R.x, mr), hw_v3_scale(N.x, mn)), 1.0 / mt);
    hw_v3 Lw = hw_v3_zero();
    for (int k = 0; k < 2; k++) {
        const hw_rc_body *b = k ? &N : &R;
        double m = k ? mn : mr;
        hw_v3 I = hw_rc_inertia(m, rad, k ? lnb : lr, 0.0);
        hw_v3 spin = hw_quat_rotate(b->p, hw_v3_make(I.x * b->w.x, I.y * b->w.y, I.z * b->w.z));
        hw_v3 orb = hw_v3_scale(hw_v3_cross(hw_v3_sub(b->x, xc), hw_v3_sub(k ? N.v : vr, vm)), m);
        Lw = hw_v3_add(Lw, hw_v3_add(spin, orb));
    }
    hw_v3 Im = hw_rc_inertia(mt, rad, L, 0.0), Lb = hw_quat_rotate_inv(M.p, Lw);
    M.w = hw_v3_make(Lb.x / Im.x, Lb.y / Im.y, Lb.z / Im.z);
    P.body[0] = M;
    P.body[1] = M;
    return P;
}

/* Cable c's entries after an event: its count and end lengths, and the offsets of the cables
 * after it. */
HW_HD void hw_rc_reel_cables(hw_rc_cable *cab, int n_cables, int c, const hw_rc_reshape *P)
{
    cab[c].n += P->kind;
    cab[c].lend[0] = P->lend[0];
    cab[c].lend[1] = P->lend[1];
    for (int k = c + 1; k < n_cables; k++) { cab[k].e0 += P->kind; cab[k].b0 += P->kind; }
}

#endif
