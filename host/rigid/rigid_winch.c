/* Reel winches on rigid-cylinder cables (docs/physics.md section 5, reel mode; include/hawser/rigid.h
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
 * (O(total elements), one event per l / s seconds of pay-out per winch). The event itself
 * (kernels/rigid_reel.h) is written once: the CPU runs it on the host state, the CUDA backend on
 * the device state (one thread plans, the arrays are re-laid there by the same index map), so
 * the state stays on the device; per step only the winch tension comes back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rigid/rigid_internal.h"
#include "rigid/rigid_winch.h"
#include "rigid_reel.h"
#include "model/winch_drive.h"

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

/* ---- re-laying the host arrays ----------------------------------------------------------------- */

/* The arrays of the new layout of event P on cable c (its old entry): state and blocks copied by
 * the shared index map (kernels/rigid_reel.h), element scratch fresh. */
static hw_status relayout(hw_rc *rc, int c, const hw_rc_reshape *P)
{
    hw_rc_sys *S = &rc->S;
    const hw_rc_cable *C = &S->cab[c];
    int d = P->kind, ne = S->n_elems, nb = S->n_blocks, ne2 = ne + d, nb2 = nb + d;
    int E = C->e0 + P->e_at, B = C->b0 + P->b_at, elast = C->e0 + C->n, blast = C->b0 + C->n + 1;
    double *st = (double *)malloc((size_t)HW_RC_NS * (size_t)ne2 * sizeof(double));
    double *el = (double *)calloc((size_t)HW_RC_EL * (size_t)ne2, sizeof(double));
    double *blk = (double *)malloc((size_t)HW_RC_BLK * (size_t)nb2 * sizeof(double));
    if (!st || !el || !blk) { free(st); free(el); free(blk); return HW_ERR_NOMEM; }
    for (int j = 0; j < ne2; j++) {
        int o = hw_rc_relayout_src(j, E, d, elast);
        for (int q = 0; q < HW_RC_NS; q++) st[(size_t)q * ne2 + j] = S->st[(size_t)q * ne + o];
    }
    for (int j = 0; j < nb2; j++)
        memcpy(blk + (size_t)j * HW_RC_BLK, rc->blk + (size_t)hw_rc_relayout_src(j, B, d, blast) * HW_RC_BLK,
               HW_RC_BLK * sizeof(double));
    free(S->st); free(rc->el); free(rc->blk);
    S->st = st; rc->el = el; rc->blk = blk;
    S->n_elems = ne2; S->n_blocks = nb2;
    return HW_OK;
}

/* The winch's position now. */
static hw_v3 winch_pos(const hw_rc *rc, int c)
{
    const hw_rc_cable *C = &rc->S.cab[c];
    const rc_cable_host *hc = &rc->ch[c];
    return hc->reel.end ? hw_v3_add(hw_rc_v3(hc->pb0), hw_v3_scale(hw_rc_v3(C->velb), rc->t - hc->tb))
                        : hw_v3_add(hw_rc_v3(hc->pa0), hw_v3_scale(hw_rc_v3(C->vela), rc->t - hc->ta));
}

/* The axial tension at the winch from the last solve (on the GPU: computed there, one number
 * copied back). */
static hw_status winch_tension(hw_rc *rc, int c, double *t)
{
    int k = rc->ch[c].reel.end ? rc->S.cab[c].n : 0;
    if (!rc->gpu) {
        *t = hw_rc_block_tension(rc, c, k);
        return HW_OK;
    }
    if (hw_rc_cuda_block_tension(rc->gpu, c, k, t) == 0) return HW_OK;
    snprintf(rc->err, sizeof rc->err, "rigid cable '%s' (%d): reading the winch tension from the GPU failed at "
             "t = %g s", rc->ch[c].name, c, rc->t);
    return HW_ERR_STATE;
}

/* The event on the CPU state: plan, re-lay, write the new bodies, then solve the cable's
 * constraints at the current state (what the next step computes first), so the outputs until
 * then (tensions, end forces, the winch tension) fit the new blocks. */
static hw_status event_cpu(hw_rc *rc, int c, int kind)
{
    hw_rc_sys *S = &rc->S;
    rc_reel *r = &rc->ch[c].reel;
    hw_rc_reshape P = hw_rc_reel_plan(&S->cab[c], S->st, S->n_elems, r->end, r->l_nom, winch_pos(rc, c), kind);
    hw_status st = relayout(rc, c, &P);
    if (st) return st;
    hw_rc_reel_cables(S->cab, S->n_cables, c, &P);
    const hw_rc_cable *C = &S->cab[c];
    for (int k = 0; k < P.nput; k++) hw_rc_put_body(S->st, S->n_elems, C->e0 + P.put[k], &P.body[k]);
    double *el = rc->el + (size_t)C->e0 * HW_RC_EL, *blk = rc->blk + (size_t)C->b0 * HW_RC_BLK;
    S->env.t = rc->t;
    for (int i = 0; i < C->n; i++) hw_rc_element_pass(S, C, i, el + (size_t)i * HW_RC_EL);
    hw_rc_status bad = {HW_RC_OK, 0, 0.0};
    hw_rc_cable_solve(S, C, blk, el, &bad);
    return HW_OK;
}

/* The event on the GPU state: the device plans, re-lays and solves (kernels/cuda/rigid_cuda.cu);
 * the host keeps its cable entries in step. */
static hw_status event_gpu(hw_rc *rc, int c, int kind)
{
    hw_rc_sys *S = &rc->S;
    rc_reel *r = &rc->ch[c].reel;
    hw_rc_cable old = S->cab[c];
    hw_rc_reshape P = hw_rc_reel_layout(&old, r->end, r->l_nom, kind);
    hw_rc_reel_cables(S->cab, S->n_cables, c, &P);
    S->n_elems += kind;
    S->n_blocks += kind;
    hw_v3 w = winch_pos(rc, c);
    double wp[3] = {w.x, w.y, w.z};
    S->env.t = rc->t;
    if (hw_rc_cuda_reel_event(rc->gpu, S, c, &old, r->end, r->l_nom, wp, kind) != 0) return HW_ERR_STATE;
    /* the host's arrays follow the size (their contents come with hw_rc_step's download) */
    double *st = (double *)realloc(S->st, (size_t)HW_RC_NS * (size_t)S->n_elems * sizeof(double));
    if (st) S->st = st;
    double *el = (double *)realloc(rc->el, (size_t)HW_RC_EL * (size_t)S->n_elems * sizeof(double));
    if (el) rc->el = el;
    double *blk = (double *)realloc(rc->blk, (size_t)HW_RC_BLK * (size_t)S->n_blocks * sizeof(double));
    if (blk) rc->blk = blk;
    return st && el && blk ? HW_OK : HW_ERR_NOMEM;
}

hw_status hw_rc_reel_reshape(hw_rc *rc, int c, int *event)
{
    hw_rc_cable *C = &rc->S.cab[c];
    rc_reel *r = &rc->ch[c].reel;
    *event = 0;
    int kind = C->lend[r->end] > 1.5 * r->l_nom ? HW_RC_SPLIT
               : C->lend[r->end] < 0.5 * r->l_nom && C->n >= 2 ? HW_RC_MERGE : 0;
    if (!kind) return HW_OK;
    hw_status st = rc->gpu ? event_gpu(rc, c, kind) : event_cpu(rc, c, kind);
    if (st) return st;
    r->events++;
    *event = 1;
    return winch_tension(rc, c, &r->tension);
}

hw_status hw_rc_reel_after_step(hw_rc *rc)
{
    hw_rc_sys *S = &rc->S;
    for (int c = 0; c < S->n_cables; c++) {
        rc_reel *r = &rc->ch[c].reel;
        if (!r->on) continue;
        hw_rc_cable *C = &S->cab[c];
        double h = rc->dt;
        hw_status st = winch_tension(rc, c, &r->tension);
        if (st) return st;
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
        if ((st = hw_rc_reel_reshape(rc, c, &event))) {
            snprintf(rc->err, sizeof rc->err, "rigid cable '%s' (%d): %s re-laying %d elements at t = %g s",
                     rc->ch[c].name, c, st == HW_ERR_NOMEM ? "out of memory" : "the GPU failed", S->n_elems, rc->t);
            return st;
        }
        C = &S->cab[c];
        r->length = (C->n - 1) * r->l_nom + C->lend[r->end];
    }
    return HW_OK;
}
