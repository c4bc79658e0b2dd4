/* Reel winches on rigid-cylinder cables (physics.md section 5, reel mode; include/hawser/rigid.h
 * hw_rc_cable_def.winch).
 *
 * The element at the winch end (the reel element) has its own length l_w; the others keep the
 * nominal l. Each step the drive (winch_drive.h: speed, table, length or tension target, external,
 * drum) gives the pay-out speed s; the kernels see dl_w/dt = s in the reel element's end-point
 * velocities (the constraints then move the element so its winch end stays on the winch and the
 * cable beyond moves out at s), and the momentum flux mu s (u_winch - v) of the material crossing
 * the winch (kernels/rigid.h). After the step l_w += s dt, and:
 *   - split, l_w > 1.5 l: the reel element becomes a nominal element (on the cable side) and a
 *     winch piece of l_w - l, both with its orientation and the velocities of its rigid motion at
 *     their centres, so mass, momentum and angular momentum are those of the element before;
 *   - merge, l_w < 0.5 l: the reel element and its neighbour become one element of their summed
 *     length along the chord from the winch end to the neighbour's far end, with their summed
 *     mass and momentum and (about their centre of mass) their angular momentum; the twist is the
 *     neighbour's.
 * In this model the cable's stretch sits in the constraint gaps, each block's compliance
 * proportional to the cable it spans (half of each element it joins). A split or merge changes
 * how many blocks share the stretch between the winch and the next element, so the stretch of
 * the blocks involved is redistributed in proportion to their new compliances (their sum is
 * unchanged): the tension is continuous across the event instead of jumping by the ratio of the
 * old and new spans. Bending angles are not redistributed (a split adds a straight joint).
 *
 * Storage: a cable's elements are contiguous in the state arrays, so an event re-lays the arrays
 * (O(total elements), one event per l / s seconds of pay-out per winch); the CUDA backend gets the
 * new state uploaded. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rigid_internal.h"
#include "winch_drive.h"

hw_status hw_rc_reel_init(hw_rc *rc, const hw_rc_def *def)
{
    for (int c = 0; c < rc->S.n_cables; c++) {
        const hw_rc_cable_def *d = &def->cables[c];
        rc_reel *r = &rc->ch[c].reel;
        memset(r, 0, sizeof *r);
        if (d->winch.end == HW_WINCH_NONE) continue;
        r->on = 1;
        rc->reels++;
        r->end = d->winch.end == HW_WINCH_B;
        r->def = d->winch;
        if (hw_winch_own_tables(&r->def, &r->tables) != HW_OK) return HW_ERR_NOMEM;
        r->l_nom = d->length / d->elements;
        hw_winch_defaults(&r->def, d->length, r->l_nom);
        if (r->def.mode == HW_WINCH_TENSION && !(d->winch.gain > 0)) { /* half the bound the check sets */
            double g = def->dt / (4.0 * d->mass_per_length * r->def.max_length);
            if (g < r->def.gain) r->def.gain = g;
        }
        r->omega = r->def.drum_speed0;
        r->external = r->def.mode == HW_WINCH_EXTERNAL ? r->def.speed : 0.0;
        r->length = r->counter = d->length;
    }
    return HW_OK;
}

void hw_rc_reel_free(hw_rc *rc)
{
    for (int c = 0; rc->ch && c < rc->S.n_cables; c++) free(rc->ch[c].reel.tables);
}

void hw_rc_reel_before_step(hw_rc *rc)
{
    for (int c = 0; c < rc->S.n_cables; c++) {
        rc_reel *r = &rc->ch[c].reel;
        if (!r->on) continue;
        double s = hw_winch_drive_speed(&r->def, rc->t, rc->dt, r->length, r->tension, r->omega, r->external);
        hw_winch_stops(&r->def, r->counter, r->length, &s, &r->at_max, &r->at_min);
        /* the speed's rate over the step, as the kernels' length acceleration (the speed is
         * piecewise constant per step, so this is its change from the last step's) */
        rc->S.cab[c].reel_acc[r->end] = (s - r->speed) / rc->dt;
        r->speed = s;
        rc->S.cab[c].reel[r->end] = s;
    }
}

/* ---- re-laying the arrays -------------------------------------------------------------------- */

/* Inserts (delta = +1) or removes (-1) one element slot at cable-local index e_at and one block
 * slot at b_at in cable c, shifting everything after them. An inserted slot copies the old slot
 * at that index (or the one before it at the cable's end); callers overwrite it. */
static hw_status relayout(hw_rc *rc, int c, int e_at, int b_at, int delta)
{
    hw_rc_sys *S = &rc->S;
    hw_rc_cable *C = &S->cab[c];
    int ne = S->n_elems, nb = S->n_blocks, ne2 = ne + delta, nb2 = nb + delta;
    int E = C->e0 + e_at, B = C->b0 + b_at;
    double *st = (double *)malloc((size_t)HW_RC_NS * (size_t)ne2 * sizeof(double));
    double *el = (double *)calloc((size_t)HW_RC_EL * (size_t)ne2, sizeof(double));
    double *blk = (double *)malloc((size_t)HW_RC_BLK * (size_t)nb2 * sizeof(double));
    if (!st || !el || !blk) { free(st); free(el); free(blk); return HW_ERR_NOMEM; }
    for (int j = 0; j < ne2; j++) { /* the old element slot that new slot j copies */
        int o = delta > 0 ? (j < E ? j : j == E ? (E < C->e0 + C->n ? E : E - 1) : j - 1) : (j < E ? j : j + 1);
        for (int q = 0; q < HW_RC_NS; q++) st[(size_t)q * ne2 + j] = S->st[(size_t)q * ne + o];
    }
    for (int j = 0; j < nb2; j++) {
        int o = delta > 0 ? (j < B ? j : j == B ? (B <= C->b0 + C->n ? B : B - 1) : j - 1) : (j < B ? j : j + 1);
        memcpy(blk + (size_t)j * HW_RC_BLK, rc->blk + (size_t)o * HW_RC_BLK, HW_RC_BLK * sizeof(double));
    }
    free(S->st); free(rc->el); free(rc->blk);
    S->st = st; rc->el = el; rc->blk = blk;
    S->n_elems = ne2; S->n_blocks = nb2;
    C->n += delta;
    for (int k = c + 1; k < S->n_cables; k++) { S->cab[k].e0 += delta; S->cab[k].b0 += delta; }
    return HW_OK;
}

/* ---- the events ------------------------------------------------------------------------------ */

/* Velocity of the material at point x of a reel element b growing at s along u (winch -> cable):
 * its rigid motion plus s u / 2 (the material moves with the element's far end). */
static hw_v3 mat_v(const hw_rc_body *b, hw_v3 u, double s, hw_v3 x)
{
    hw_v3 w = hw_quat_rotate(b->p, b->w);
    return hw_v3_add(hw_v3_add(b->v, hw_v3_cross(w, hw_v3_sub(x, b->x))), hw_v3_scale(u, 0.5 * s));
}

/* Where the cable beyond the reel element's neighbour starts: the near end point of the element
 * after index `beyond` (cable-local, counted from the winch: A -> increasing), or the other end's
 * attachment. Returns 0 when there is nothing there (a free far end), else 1 with the point and
 * the length of that element (0 for an end block). */
static int far_anchor(const hw_rc *rc, const hw_rc_cable *C, int end, int beyond, hw_v3 *p, double *len)
{
    int n = C->n, nx = end ? beyond - 1 : beyond + 1;
    if (nx >= 0 && nx < n) {
        hw_rc_body b = hw_rc_get_body(rc->S.st, rc->S.n_elems, C->e0 + nx);
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

/* The reel element's winch-side and far end points and its along-cable unit vector (from the
 * winch into the cable). */
static void reel_ends(const hw_rc_body *b, double l, int end, hw_v3 *near, hw_v3 *far, hw_v3 *u)
{
    hw_v3 ax = hw_rc_axis(b->p);
    *u = end ? hw_v3_scale(ax, -1.0) : ax;
    *near = hw_v3_sub(b->x, hw_v3_scale(*u, 0.5 * l));
    *far = hw_v3_add(b->x, hw_v3_scale(*u, 0.5 * l));
}

static hw_status split(hw_rc *rc, int c, hw_v3 w)
{
    hw_rc_sys *S = &rc->S;
    hw_rc_cable *C = &S->cab[c];
    rc_reel *r = &rc->ch[c].reel;
    int end = r->end, n = C->n, ri = end ? n - 1 : 0;
    hw_rc_body R = hw_rc_get_body(S->st, S->n_elems, C->e0 + ri);
    double lr = C->lend[end], ln = r->l_nom, lw = lr - ln;
    hw_v3 near, far, u, pn;
    reel_ends(&R, lr, end, &near, &far, &u);
    double lx;
    int anchored = far_anchor(rc, C, end, ri, &pn, &lx);
    /* stretch from the winch to the next element, shared by compliance (span) */
    hw_v3 st = hw_v3_sub(near, w);
    if (anchored) st = hw_v3_add(st, hw_v3_sub(pn, far));
    double ce = 0.5 * lw, cm = 0.5 * (lw + ln), cj = 0.5 * (ln + lx);
    double sum = ce + cm + (anchored ? cj : 0.0);
    hw_v3 se = hw_v3_scale(st, ce / sum), sm = hw_v3_scale(st, cm / sum);
    /* the material's velocities (mat_v) at the pieces' centres before the shift; the winch piece
     * keeps growing, so its centre moves at its material's velocity less s u / 2 */
    double s = C->reel[end];
    hw_rc_body W = R, N = R;
    hw_v3 cw0 = hw_v3_add(near, hw_v3_scale(u, 0.5 * lw)), cn0 = hw_v3_add(near, hw_v3_scale(u, lw + 0.5 * ln));
    W.v = hw_v3_sub(mat_v(&R, u, s, cw0), hw_v3_scale(u, 0.5 * s));
    N.v = mat_v(&R, u, s, cn0);
    hw_v3 nw = hw_v3_add(w, se);
    W.x = hw_v3_add(nw, hw_v3_scale(u, 0.5 * lw));
    N.x = hw_v3_add(hw_v3_add(nw, hw_v3_scale(u, lw)), hw_v3_add(sm, hw_v3_scale(u, 0.5 * ln)));
    /* end A: the winch piece becomes element 0 and the old slot the nominal one (new block 1
     * between them); end B: the nominal piece keeps slot n - 1, the winch piece is element n */
    hw_status stt = relayout(rc, c, end ? n : 0, end ? n : 1, +1);
    if (stt) return stt;
    C = &S->cab[c];
    hw_rc_put_body(S->st, S->n_elems, C->e0 + (end ? n : 0), &W);
    hw_rc_put_body(S->st, S->n_elems, C->e0 + (end ? n - 1 : 1), &N);
    C->lend[end] = lw;
    if (n == 1) C->lend[1 - end] = ln;
    return HW_OK;
}

static hw_status merge(hw_rc *rc, int c, hw_v3 w)
{
    hw_rc_sys *S = &rc->S;
    hw_rc_cable *C = &S->cab[c];
    rc_reel *r = &rc->ch[c].reel;
    int end = r->end, n = C->n, ri = end ? n - 1 : 0, ni = end ? n - 2 : 1, ne = S->n_elems;
    double mu = C->prop.mu, rad = 0.5 * C->prop.d;
    hw_rc_body R = hw_rc_get_body(S->st, ne, C->e0 + ri), N = hw_rc_get_body(S->st, ne, C->e0 + ni);
    double lr = hw_rc_elem_len(C, ri).l, lnb = hw_rc_elem_len(C, ni).l, L = lr + lnb;
    hw_v3 rnear, rfar, u, nnear, nfar, un, pn;
    reel_ends(&R, lr, end, &rnear, &rfar, &u);
    reel_ends(&N, lnb, end, &nnear, &nfar, &un);
    double lx;
    int anchored = far_anchor(rc, C, end, ni, &pn, &lx);
    hw_v3 st = hw_v3_add(hw_v3_sub(rnear, w), hw_v3_sub(nnear, rfar));
    if (anchored) st = hw_v3_add(st, hw_v3_sub(pn, nfar));
    double ce = 0.5 * L, cj = 0.5 * (L + lx);
    hw_v3 se = hw_v3_scale(st, ce / (ce + (anchored ? cj : 0.0)));
    /* the merged element: along the chord of the two, twist of the neighbour */
    hw_v3 chord = hw_v3_sub(nfar, rnear);
    double cl = hw_v3_norm(chord);
    hw_v3 um = cl > 0.0 ? hw_v3_scale(chord, 1.0 / cl) : un;
    hw_v3 axis = end ? hw_v3_scale(um, -1.0) : um;
    hw_rc_body M;
    M.p = hw_quat_normalize(hw_quat_mul(N.p, hw_quat_from_z(hw_quat_rotate_inv(N.p, axis))));
    M.x = hw_v3_add(hw_v3_add(w, se), hw_v3_scale(um, 0.5 * L));
    /* the material's momentum (the reel element's material moves at its centre's velocity plus
     * s u / 2) and angular momentum about the pair's centre of mass, world frame; the merged
     * element keeps growing at s */
    double s = C->reel[end], mr = mu * lr, mn = mu * lnb, mt = mr + mn;
    hw_v3 vr = mat_v(&R, u, s, R.x);
    hw_v3 vm = hw_v3_scale(hw_v3_add(hw_v3_scale(vr, mr), hw_v3_scale(N.v, mn)), 1.0 / mt);
    M.v = hw_v3_sub(vm, hw_v3_scale(um, 0.5 * s));
    hw_v3 xc = hw_v3_scale(hw_v3_add(hw_v3_scale(R.x, mr), hw_v3_scale(N.x, mn)), 1.0 / mt);
    hw_v3 Lw = hw_v3_zero();
    const hw_rc_body *pair[2] = {&R, &N};
    double ms[2] = {mr, mn}, ls[2] = {lr, lnb};
    hw_v3 vs[2] = {vr, N.v};
    for (int k = 0; k < 2; k++) {
        hw_v3 I = hw_rc_inertia(ms[k], rad, ls[k], 0.0), w_ = pair[k]->w;
        hw_v3 spin = hw_quat_rotate(pair[k]->p, hw_v3_make(I.x * w_.x, I.y * w_.y, I.z * w_.z));
        hw_v3 orb = hw_v3_scale(hw_v3_cross(hw_v3_sub(pair[k]->x, xc), hw_v3_sub(vs[k], vm)), ms[k]);
        Lw = hw_v3_add(Lw, hw_v3_add(spin, orb));
    }
    hw_v3 Im = hw_rc_inertia(mt, rad, L, 0.0), Lb = hw_quat_rotate_inv(M.p, Lw);
    M.w = hw_v3_make(Lb.x / Im.x, Lb.y / Im.y, Lb.z / Im.z);
    /* end A: element 0 and block 1 go (the neighbour's slot becomes element 0); end B: element
     * n - 1 and block n - 1 */
    hw_status stt = relayout(rc, c, ri, end ? n - 1 : 1, -1);
    if (stt) return stt;
    C = &S->cab[c];
    hw_rc_put_body(S->st, S->n_elems, C->e0 + (end ? n - 2 : 0), &M);
    C->lend[end] = L;
    if (C->n == 1) C->lend[1 - end] = L;
    return HW_OK;
}

hw_status hw_rc_reel_reshape(hw_rc *rc, int c, int *event)
{
    hw_rc_cable *C = &rc->S.cab[c];
    rc_cable_host *hc = &rc->ch[c];
    rc_reel *r = &hc->reel;
    *event = 0;
    /* the winch's position now */
    hw_v3 w = r->end ? hw_v3_add(hw_rc_v3(hc->pb0), hw_v3_scale(hw_rc_v3(C->velb), rc->t - hc->tb))
                     : hw_v3_add(hw_rc_v3(hc->pa0), hw_v3_scale(hw_rc_v3(C->vela), rc->t - hc->ta));
    hw_status st;
    if (C->lend[r->end] > 1.5 * r->l_nom) st = split(rc, c, w);
    else if (C->lend[r->end] < 0.5 * r->l_nom && C->n >= 2) st = merge(rc, c, w);
    else return HW_OK;
    if (st) return st;
    r->events++;
    *event = 1;
    /* the multipliers of the new layout at the current state (what the next step computes first),
     * so the outputs until then (tensions, end forces, the winch tension) fit the new blocks */
    C = &rc->S.cab[c];
    double *el = rc->el + (size_t)C->e0 * HW_RC_EL, *blk = rc->blk + (size_t)C->b0 * HW_RC_BLK;
    rc->S.env.t = rc->t;
    for (int i = 0; i < C->n; i++) hw_rc_element_pass(&rc->S, C, i, el + (size_t)i * HW_RC_EL);
    hw_rc_status bad = {HW_RC_OK, 0, 0.0};
    hw_rc_cable_solve(&rc->S, C, blk, el, &bad);
    r->tension = hw_rc_block_tension(rc, c, r->end ? C->n : 0);
    return HW_OK;
}

hw_status hw_rc_reel_after_step(hw_rc *rc)
{
    hw_rc_sys *S = &rc->S;
    int changed = 0;
    for (int c = 0; c < S->n_cables; c++) {
        rc_reel *r = &rc->ch[c].reel;
        if (!r->on) continue;
        hw_rc_cable *C = &S->cab[c];
        double h = rc->dt;
        r->tension = hw_rc_block_tension(rc, c, r->end ? C->n : 0);
        C->lend[r->end] += r->speed * h;
        if (C->n == 1) C->lend[1 - r->end] = C->lend[r->end];
        r->counter += r->speed * h;
        if (r->def.mode == HW_WINCH_DRUM)
            r->omega = hw_winch_drum_step(&r->def, r->omega, r->tension, rc->t - h, h, r->at_max, r->at_min);
        if (!(C->lend[r->end] > 0.0)) {
            snprintf(rc->err, sizeof rc->err, "rigid cable '%s' (%d): the winch hauled in the whole cable "
                     "at t = %g s (raise winch.min_length)", rc->ch[c].name, c, rc->t);
            return HW_ERR_STATE;
        }
        int event = 0;
        hw_status st = hw_rc_reel_reshape(rc, c, &event);
        if (st) {
            snprintf(rc->err, sizeof rc->err, "rigid cable '%s' (%d): out of memory re-laying %d elements "
                     "at t = %g s", rc->ch[c].name, c, S->n_elems, rc->t);
            return st;
        }
        changed |= event;
        C = &S->cab[c];
        r->length = (C->n - 1) * r->l_nom + C->lend[r->end];
    }
    if (changed && rc->gpu) { /* the device gets the re-laid state */
        hw_rc_cuda_destroy(rc->gpu);
        rc->gpu = NULL;
        char msg[256];
        if (hw_rc_cuda_create(S, &rc->gpu, msg, sizeof msg) != 0) {
            snprintf(rc->err, sizeof rc->err, "rigid reel winch: re-uploading the cables to the GPU failed: %s", msg);
            return HW_ERR_STATE;
        }
    }
    return HW_OK;
}
