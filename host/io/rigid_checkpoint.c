/* The rigid cables' records in a checkpoint (checkpoint.h hw_ck_rc_records). Reel events split and
 * merge elements, so the element and block counts are records too and loading reallocates the
 * state and work arrays to them. The cables' per-step inputs (end kinematics and loads, bodies,
 * reel speeds) are plain values in hw_rc_cable and rc_cable_host and are saved as they are; a
 * 6-DOF body end's state, parameters and held load are in its cable entry (hw_rc_body6_end), so
 * "rc.cables" carries them (its size grew with them: a checkpoint written before 6-DOF body ends
 * existed is refused as not matching). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/checkpoint.h"
#include "rigid/rigid_internal.h"

/* One record of n bytes whose length the loader checks against want. */
static int sized(hw_ck *ck, const char *name, size_t want)
{
    size_t n;
    return hw_ck_find(ck, name, &n) && n == want;
}

static void host_records(hw_ck *ck, hw_rc *rc)
{
    char name[64];
    for (int c = 0; c < rc->S.n_cables; c++) {
        rc_cable_host *h = &rc->ch[c];
        rc_reel *r = &h->reel;
#define HF(f) (snprintf(name, sizeof name, "rc.cable[%d]." #f, c), HW_CK(ck, name, h->f))
#define RF(f) (snprintf(name, sizeof name, "rc.reel[%d]." #f, c), HW_CK(ck, name, r->f))
        HF(L_total); HF(ret_a); HF(ret_b); HF(speed_a); HF(speed_b); HF(ea); HF(ei); HF(gj);
        HF(ta); HF(tb); HF(pa0); HF(pb0); HF(body_f);
        RF(speed); RF(tension); RF(omega); RF(external); RF(length); RF(counter); RF(at_max);
        RF(at_min); RF(events);
#undef HF
#undef RF
    }
}

hw_status hw_ck_rc_records(hw_ck *ck, hw_rc *rc, char *msg, size_t msg_len)
{
    hw_rc_sys *S = &rc->S;
    if (rc->gpu) {
        snprintf(msg, msg_len, "rigid cables on the CUDA backend cannot be checkpointed yet "
                 "(use --backend cpu)");
        return HW_ERR_UNSUPPORTED;
    }
    if (!hw_ck_loading(ck)) {
        HW_CK(ck, "rc.n_elems", S->n_elems);
        HW_CK(ck, "rc.n_blocks", S->n_blocks);
    } else { /* the sizes first: the arrays follow them */
        size_t n;
        const void *ne = hw_ck_find(ck, "rc.n_elems", &n), *nb = hw_ck_find(ck, "rc.n_blocks", &n);
        int e, b;
        if (!ne || !nb) {
            snprintf(msg, msg_len, "it has no rigid cables' records");
            return HW_ERR_INPUT;
        }
        memcpy(&e, ne, sizeof e);
        memcpy(&b, nb, sizeof b);
        if (e < S->n_cables || b != e + S->n_cables ||
            !sized(ck, "rc.st", (size_t)HW_RC_NS * e * sizeof(double)) ||
            !sized(ck, "rc.el", (size_t)HW_RC_EL * e * sizeof(double)) ||
            !sized(ck, "rc.blk", (size_t)HW_RC_BLK * b * sizeof(double)) ||
            !sized(ck, "rc.cables", (size_t)S->n_cables * sizeof *S->cab)) {
            snprintf(msg, msg_len, "its rigid cables' records do not match this model's %d cables",
                     S->n_cables);
            return HW_ERR_INPUT;
        }
        double *st = (double *)realloc(S->st, (size_t)HW_RC_NS * e * sizeof(double));
        if (st) S->st = st;
        double *el = (double *)realloc(rc->el, (size_t)HW_RC_EL * e * sizeof(double));
        if (el) rc->el = el;
        double *blk = (double *)realloc(rc->blk, (size_t)HW_RC_BLK * b * sizeof(double));
        if (blk) rc->blk = blk;
        if (!st || !el || !blk) {
            snprintf(msg, msg_len, "out of memory for %d rigid elements", e);
            return HW_ERR_NOMEM;
        }
        S->n_elems = e;
        S->n_blocks = b;
    }
    HW_CK(ck, "rc.t", rc->t);
    HW_CK(ck, "rc.dt", rc->dt);
    HW_CK(ck, "rc.dissipated", rc->dissipated);
    HW_CK(ck, "rc.steps", rc->steps);
    HW_CK(ck, "rc.failed", rc->failed);
    HW_CK(ck, "rc.env_t", S->env.t);
    hw_ck_io(ck, "rc.cables", S->cab, (size_t)S->n_cables * sizeof *S->cab);
    hw_ck_io(ck, "rc.st", S->st, (size_t)HW_RC_NS * S->n_elems * sizeof(double));
    hw_ck_io(ck, "rc.el", rc->el, (size_t)HW_RC_EL * S->n_elems * sizeof(double));
    hw_ck_io(ck, "rc.blk", rc->blk, (size_t)HW_RC_BLK * S->n_blocks * sizeof(double));
    hw_ck_io(ck, "rc.power", rc->power, (size_t)S->n_cables * sizeof(double));
    host_records(ck, rc);
    const char *e;
    if (hw_ck_error(ck, &e)) {
        snprintf(msg, msg_len, "%s", e);
        return HW_ERR_INPUT;
    }
    return HW_OK;
}
