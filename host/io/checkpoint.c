/* Checkpoints (checkpoint.h, include/hawser/checkpoint.h): the record container, its file
 * format, and the records of a simulation's state. */
#include "accum.h"
#include "hawser/waves.h"
#include "io/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CK_SAVE, CK_VERIFY, CK_LOAD };
enum { CK_HEAD = 64, CK_TAIL = 8 };
static const char CK_MAGIC[8] = {'H', 'A', 'W', 'S', 'E', 'R', 'C', 'K'};

struct hw_ck {
    int mode;
    unsigned char *buf;       /* saving: the records so far */
    size_t len, cap;
    unsigned char *data;      /* loading: a copy of the whole file image */
    size_t size;              /* ... and the records' end */
    size_t cursor;            /* where the next lookup starts (records come in saved order) */
    uint64_t fp;
    hw_status st;
    char err[512];
};

uint64_t hw_fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static void ck_fail(hw_ck *ck, hw_status st, const char *fmt, ...)
{
    if (ck->st) return;
    ck->st = st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ck->err, sizeof ck->err, fmt, ap);
    va_end(ap);
}

hw_ck *hw_ck_new(void)
{
    hw_ck *ck = (hw_ck *)calloc(1, sizeof *ck);
    if (ck) ck->mode = CK_SAVE;
    return ck;
}

void hw_ck_free(hw_ck *ck)
{
    if (!ck) return;
    free(ck->buf);
    free(ck->data);
    free(ck);
}

int hw_ck_loading(const hw_ck *ck) { return ck->mode != CK_SAVE; }
uint64_t hw_ck_fingerprint(const hw_ck *ck) { return ck->fp; }
void hw_ck_set_fingerprint(hw_ck *ck, uint64_t fp) { ck->fp = fp; }

hw_status hw_ck_error(const hw_ck *ck, const char **msg)
{
    if (msg) *msg = ck->err;
    return ck->st;
}

static void put(hw_ck *ck, const void *p, size_t n)
{
    if (ck->st) return;
    if (ck->len + n > ck->cap) {
        size_t cap = ck->cap ? ck->cap : 4096;
        while (cap < ck->len + n) cap *= 2;
        unsigned char *b = (unsigned char *)realloc(ck->buf, cap);
        if (!b) { ck_fail(ck, HW_ERR_NOMEM, "out of memory while saving a checkpoint"); return; }
        ck->buf = b;
        ck->cap = cap;
    }
    if (n) memcpy(ck->buf + ck->len, p, n);
    ck->len += n;
}

/* The record named name: its data and length, searching from the cursor on (then from the
 * start). NULL when absent. */
static const unsigned char *lookup(hw_ck *ck, const char *name, size_t *n)
{
    size_t nl = strlen(name);
    for (int pass = 0; pass < 2; pass++) {
        size_t at = pass ? CK_HEAD : ck->cursor, stop = pass ? ck->cursor : ck->size;
        while (at < stop) {
            uint16_t kl;
            uint64_t dl;
            memcpy(&kl, ck->data + at, 2);
            memcpy(&dl, ck->data + at + 2 + kl, 8);
            const unsigned char *d = ck->data + at + 2 + kl + 8;
            size_t next = at + 2 + kl + 8 + (size_t)dl;
            if (kl == nl && !memcmp(ck->data + at + 2, name, nl)) {
                ck->cursor = next < ck->size ? next : CK_HEAD;
                *n = (size_t)dl;
                return d;
            }
            at = next;
        }
    }
    return NULL;
}

const void *hw_ck_find(const hw_ck *ck, const char *name, size_t *n)
{
    return ck->mode == CK_SAVE ? NULL : lookup((hw_ck *)ck, name, n);
}

void hw_ck_io(hw_ck *ck, const char *name, void *p, size_t n)
{
    if (ck->st) return;
    if (ck->mode == CK_SAVE) {
        uint16_t kl = (uint16_t)strlen(name);
        uint64_t dl = n;
        put(ck, &kl, 2);
        put(ck, name, kl);
        put(ck, &dl, 8);
        put(ck, p, n);
        return;
    }
    size_t have;
    const unsigned char *d = lookup(ck, name, &have);
    if (!d) { ck_fail(ck, HW_ERR_INPUT, "it has no record '%s'", name); return; }
    if (have != n) {
        ck_fail(ck, HW_ERR_INPUT, "its record '%s' has %zu bytes where this model needs %zu", name,
                have, n);
        return;
    }
    if (ck->mode == CK_LOAD && n) memcpy(p, d, n);
}

void hw_ck_str(hw_ck *ck, const char *name, char *s, size_t cap)
{
    if (ck->st) return;
    if (ck->mode == CK_SAVE) { hw_ck_io(ck, name, s, strlen(s)); return; }
    size_t n;
    const unsigned char *d = lookup(ck, name, &n);
    if (!d) { ck_fail(ck, HW_ERR_INPUT, "it has no record '%s'", name); return; }
    if (n >= cap) { ck_fail(ck, HW_ERR_INPUT, "its record '%s' is too long (%zu bytes)", name, n); return; }
    if (ck->mode == CK_LOAD) { memcpy(s, d, n); s[n] = 0; }
}

hw_status hw_ck_image(const hw_ck *ck, void **buf, size_t *len)
{
    if (ck->st) return ck->st;
    size_t n = CK_HEAD + ck->len + CK_TAIL;
    unsigned char *b = (unsigned char *)calloc(1, n);
    if (!b) return HW_ERR_NOMEM;
    uint32_t fmt = HW_CK_FORMAT, head = CK_HEAD;
    uint64_t pay = ck->len;
    memcpy(b, CK_MAGIC, 8);
    memcpy(b + 8, &fmt, 4);
    memcpy(b + 12, &head, 4);
    strncpy((char *)b + 16, hw_version(), 31);
    memcpy(b + 48, &ck->fp, 8);
    memcpy(b + 56, &pay, 8);
    if (ck->len) memcpy(b + CK_HEAD, ck->buf, ck->len);
    uint64_t sum = hw_fnv1a(HW_FNV_INIT, b, n - CK_TAIL);
    memcpy(b + n - CK_TAIL, &sum, 8);
    *buf = b;
    *len = n;
    return HW_OK;
}

hw_status hw_ck_fail(char *msg, size_t len, hw_status st, const char *fmt, ...)
{
    if (msg && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, len, fmt, ap);
        va_end(ap);
    }
    return st;
}

hw_status hw_ck_open(const void *buf, size_t len, const char *what, hw_ck **out, char *msg,
                     size_t msg_len)
{
    *out = NULL;
    const unsigned char *b = (const unsigned char *)buf;
    if (!b || len < 16 || memcmp(b, CK_MAGIC, 8))
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: not a Hawser checkpoint (%zu bytes, no "
                       "HAWSERCK mark at the start)", what, len);
    uint32_t fmt, head;
    memcpy(&fmt, b + 8, 4);
    memcpy(&head, b + 12, 4);
    if (fmt != HW_CK_FORMAT || head != CK_HEAD)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: checkpoint format version %u; this hawser "
                       "%s reads version %u only", what, fmt, hw_version(), HW_CK_FORMAT);
    if (len < CK_HEAD + CK_TAIL)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: truncated checkpoint (%zu bytes, less than "
                       "its header)", what, len);
    char ver[33];
    memcpy(ver, b + 16, 32);
    ver[32] = 0;
    if (strcmp(ver, hw_version()))
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: checkpoint written by hawser %s; this is "
                       "hawser %s: resume with the version that wrote it", what, ver, hw_version());
    uint64_t pay;
    memcpy(&pay, b + 56, 8);
    if (pay > len || len != CK_HEAD + pay + CK_TAIL)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: truncated or damaged checkpoint (%zu bytes, "
                       "its header says %llu)", what, len,
                       (unsigned long long)(pay + CK_HEAD + CK_TAIL));
    uint64_t sum, want = hw_fnv1a(HW_FNV_INIT, b, len - CK_TAIL);
    memcpy(&sum, b + len - CK_TAIL, 8);
    if (sum != want)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: corrupt checkpoint (checksum mismatch)", what);
    /* the records must tile the payload exactly */
    for (size_t at = CK_HEAD, end = CK_HEAD + (size_t)pay; at < end;) {
        uint16_t kl;
        uint64_t dl;
        if (end - at < 10) goto bad;
        memcpy(&kl, b + at, 2);
        if (end - at < (size_t)kl + 10) goto bad;
        memcpy(&dl, b + at + 2 + kl, 8);
        if (dl > end - at - kl - 10) goto bad;
        at += 10 + kl + (size_t)dl;
    }
    hw_ck *ck = (hw_ck *)calloc(1, sizeof *ck);
    if (!ck || !(ck->data = (unsigned char *)malloc(len))) {
        free(ck);
        return hw_ck_fail(msg, msg_len, HW_ERR_NOMEM, "%s: out of memory reading the checkpoint", what);
    }
    memcpy(ck->data, b, len);
    ck->size = CK_HEAD + (size_t)pay;
    ck->cursor = CK_HEAD;
    ck->mode = CK_VERIFY;
    memcpy(&ck->fp, b + 48, 8);
    *out = ck;
    return HW_OK;
bad:
    return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: corrupt checkpoint (its records do not fit)", what);
}

hw_status hw_ck_open_file(const char *path, hw_ck **out, char *msg, size_t msg_len)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: cannot read the checkpoint: %s", path, strerror(errno));
    unsigned char *b = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            unsigned char *nb = (unsigned char *)realloc(b, cap);
            if (!nb) { free(b); fclose(f); return hw_ck_fail(msg, msg_len, HW_ERR_NOMEM, "%s: out of memory", path); }
            b = nb;
        }
        size_t got = fread(b + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) { free(b); return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: read error", path); }
    hw_status st = hw_ck_open(b, n, path, out, msg, msg_len);
    free(b);
    return st;
}

/* The loading container's second pass copies (the first one only checks). */
static void ck_rewind(hw_ck *ck, int mode)
{
    ck->mode = mode;
    ck->cursor = CK_HEAD;
}

hw_status hw_ck_write_file(const hw_ck *ck, const char *path, char *msg, size_t msg_len)
{
    void *img;
    size_t n;
    hw_status st = hw_ck_image(ck, &img, &n);
    if (st) return hw_ck_fail(msg, msg_len, st, "%s: %s", path, ck->st ? ck->err : "out of memory");
    char tmp[4200], dir[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *(slash == dir ? slash + 1 : slash) = 0;
    else snprintf(dir, sizeof dir, ".");
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        free(img);
        return hw_ck_fail(msg, msg_len, HW_ERR_IO, "%s: cannot write the checkpoint: %s", tmp, strerror(errno));
    }
    const unsigned char *p = (const unsigned char *)img;
    size_t left = n;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        p += w;
        left -= (size_t)w;
    }
    int err = left ? errno : 0;
    if (!left && fsync(fd) != 0) err = errno ? errno : EIO;
    if (close(fd) != 0 && !err) err = errno;
    free(img);
    if (left || err) {
        unlink(tmp);
        return hw_ck_fail(msg, msg_len, HW_ERR_IO, "%s: writing the checkpoint failed: %s", tmp,
                       strerror(err ? err : EIO));
    }
    if (rename(tmp, path) != 0) {
        err = errno;
        unlink(tmp);
        return hw_ck_fail(msg, msg_len, HW_ERR_IO, "%s: cannot rename the checkpoint into place: %s",
                       path, strerror(err));
    }
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) { fsync(dfd); close(dfd); } /* the rename itself on disk */
    return HW_OK;
}

/* ---- the simulation's records ---- */

#define CK_ARR(ck, name, p, n) hw_ck_io((ck), (name), (p), (size_t)(n) * sizeof *(p))

uint64_t hw_ck_model_hash(const hw_sim *sim)
{
    const hw_lm_sys *S = &sim->m.S;
    uint64_t h = HW_FNV_INIT;
    int sizes[7] = {S->n_lines, S->n_nodes, S->n_segs, S->n_points, S->n_state, S->n_tab, S->n_ptab};
    int integ = (int)sim->integ;
    h = hw_fnv1a(h, sizes, sizeof sizes);
    h = hw_fnv1a(h, &integ, sizeof integ);
    h = hw_fnv1a(h, &sim->dt, sizeof sim->dt);
    double env[6] = {S->g, S->rho, S->depth, S->kb, S->cb, S->max_strain};
    h = hw_fnv1a(h, env, sizeof env);
#define H(p, n) h = hw_fnv1a(h, (p), (size_t)(n) * sizeof *(p))
    int nl = S->n_lines, np = S->n_points;
    H(S->ln_n0, nl); H(S->ln_s0, nl); H(S->ln_cap, nl); H(S->ln_pa, nl); H(S->ln_pb, nl);
    H(S->ln_d, nl); H(S->ln_mu, nl); H(S->ln_ea, nl); H(S->ln_ba, nl); H(S->ln_ei, nl);
    H(S->ln_cdn, nl); H(S->ln_cdt, nl);
    H(S->ln_can, nl); H(S->ln_cat, nl); H(S->ln_mus, nl); H(S->ln_cscale, nl);
    H(S->tab_x, S->n_tab); H(S->tab_y, S->n_tab);
    int any_btab = 0; /* damping curves: their row counts (a model without any hashes as before) */
    for (int l = 0; l < nl; l++) any_btab |= S->ln_btabn[l] > 0;
    if (any_btab) H(S->ln_btabn, nl);
    if (S->n_vis > 0) { /* viscoelastic; the mean-load slopes only where one is set (the hash of a
                         * constant-EA_d model, and so its checkpoints, as before they existed) */
        H(S->ln_vk1, nl); H(S->ln_vk2, nl); H(S->ln_vbd, nl);
        int any_beta = 0;
        for (int l = 0; l < nl; l++) any_beta |= S->ln_vbeta[l] != 0.0;
        if (any_beta) H(S->ln_vbeta, nl);
    }
    if (S->n_viv > 0) { H(S->ln_vcl, nl); H(S->ln_vcf, nl); H(S->ln_vdf, nl); H(S->ln_vtau, nl); } /* VIV */
    if (S->n_syr > 0) { /* Syrope: the tables and settings */
        int nowc = 0;
        for (int l = 0; l < nl; l++) nowc += S->ln_syrn[l];
        H(S->ln_syr0, nl); H(S->ln_syrn, nl); H(S->ln_syrc, nl); H(S->ln_syrp, 4 * nl);
        H(S->syr_e, nowc); H(S->syr_t, nowc);
    }
    H(S->pt_kind, np); H(S->pt_motion, np); H(S->pt_r0, 3 * np); H(S->pt_mass, np); H(S->pt_vol, np);
    H(S->pt_vel, 3 * np); H(S->pt_amp, 3 * np); H(S->pt_omega, np); H(S->pt_phase, np);
    H(S->pt_cda, np); H(S->pt_ca, np); H(S->pt_cscale, np);
    H(S->ptab_t, S->n_ptab); H(S->ptab_xyz, 3 * S->n_ptab);
    if (S->wv.n > 0) { /* waves (still water hashes as before): the sea and its sampling step, so
                          a checkpoint with samples loads only into the same sea */
        const hw_wave_field *W = &S->wv;
        double wv[2] = {W->ramp, S->wv_h};
        H(&W->n, 1); H(wv, 2);
        H(W->a, W->n); H(W->w, W->n); H(W->cx, W->n); H(W->cy, W->n); H(W->ph, W->n);
    }
#undef H
    for (int l = 0; l < nl; l++) h = hw_fnv1a(h, sim->m.line_names[l], strlen(sim->m.line_names[l]) + 1);
    return h;
}

/* Every piece of a simulation's run-time state. To save a new field, add one line here. */
void hw_ck_sim_records(hw_ck *ck, hw_sim *sim)
{
    hw_lm_sys *S = &sim->m.S;
    int nl = S->n_lines, np = S->n_points;
    /* time keeping and counters */
    HW_CK(ck, "sim.t", sim->t);
    HW_CK(ck, "sim.dt", sim->dt);
    HW_CK(ck, "sim.steps", sim->steps);
    HW_CK(ck, "sim.t_base", sim->t_base); /* time = t_base + (steps - steps_base) dt */
    HW_CK(ck, "sim.steps_base", sim->steps_base);
    HW_CK(ck, "sim.seg_steps", sim->seg_steps);
    HW_CK(ck, "sim.n_active", sim->n_active);
    HW_CK(ck, "sim.failed", sim->failed);
    HW_CK(ck, "sim.stat.residual", sim->stat.residual);
    HW_CK(ck, "sim.stat.iterations", sim->stat.iterations);
    HW_CK(ck, "sim.stat.max_tension", sim->stat.max_tension);
    /* the state vector, all blocks */
    CK_ARR(ck, "sim.y", sim->y, hw_lm_ny(S)); /* with the viscoelastic strains */
    /* what reel events change in the system */
    CK_ARR(ck, "sys.ln_nseg", S->ln_nseg, nl);
    CK_ARR(ck, "sys.ln_wseg", S->ln_wseg, 2 * nl);
    CK_ARR(ck, "sys.ln_wrate", S->ln_wrate, 2 * nl);
    CK_ARR(ck, "sys.ln_wt0", S->ln_wt0, 2 * nl);
    CK_ARR(ck, "sys.seg_l0", S->seg_l0, S->n_segs);
    CK_ARR(ck, "sys.node_m", S->node_m, S->n_nodes);
    CK_ARR(ck, "sys.node_l", S->node_l, S->n_nodes);
    /* every-step extremes, end statistics and the instability monitor's windows (extremes.c:
     * the backend's accumulators, fetched by sync_host_state and pushed back after a load) */
    if (sim->acc_seg) {
        CK_ARR(ck, "acc.seg", sim->acc_seg, (size_t)HW_ACC_SEG_NV * S->n_segs);
        CK_ARR(ck, "acc.line", sim->acc_line, (size_t)HW_ACC_LINE_NV * nl);
    }
    /* waves: the lines' sampled kinematics (hw_sim_wave_samples_get / set: fetched by
     * sync_host_state, pushed back after a load); without them a resumed run would sample
     * afresh from the state at the resume time. Only in waves: still-water checkpoints are
     * unchanged. */
    if (sim->wv_k) {
        CK_ARR(ck, "wave.k", sim->wv_k, S->n_state);
        CK_ARR(ck, "wave.s", sim->wv_s, (size_t)2 * HW_WS_N * S->n_state);
    }
    /* line failure: broken segments and each line's record (fail.any and seg_trip are derived:
     * hw_failures_resync after loading) */
    CK_ARR(ck, "sys.seg_alive", S->seg_alive, S->n_segs);
    /* Syrope lines: each segment's running maximum and branch flag (fetched by sync_host_state,
     * pushed back after a load); only with a Syrope line */
    if (S->n_syr > 0) CK_ARR(ck, "sys.seg_syr", S->seg_syr, 2 * (size_t)S->n_segs);
    if (sim->fail.ln) CK_ARR(ck, "fail.ln", sim->fail.ln, nl);
    /* coupled points: the kinematics last set */
    CK_ARR(ck, "sys.pt_cpos", S->pt_cpos, 3 * np);
    CK_ARR(ck, "sys.pt_cvel", S->pt_cvel, 3 * np);
    CK_ARR(ck, "sys.pt_ct", S->pt_ct, np);
    if (S->n_clamp > 0) { /* clamped ends: the directions last set (bodies turn them) */
        CK_ARR(ck, "sys.ln_cdir", S->ln_cdir, 6 * (size_t)nl);
        CK_ARR(ck, "sys.ln_cdot", S->ln_cdot, 6 * (size_t)nl);
    }
    /* winches and sheaves */
    hw_winches *W = &sim->winches;
    char name[64];
    for (int k = 0; k < W->n; k++) {
        hw_winch_rt *w = &W->w[k];
        if (!w->on) continue;
#define WF(f) (snprintf(name, sizeof name, "winch[%d]." #f, k), HW_CK(ck, name, w->f))
        WF(omega); WF(l_w); WF(length); WF(speed); WF(tension); WF(at_max); WF(at_min);
        WF(events); WF(counter);
#undef WF
    }
    for (int k = 0; k < W->n_sheaves; k++) {
        hw_sheave_rt *sh = &W->sh[k];
#define SF(f) (snprintf(name, sizeof name, "sheave[%d]." #f, k), HW_CK(ck, name, sh->f))
        SF(v); SF(wrap); SF(t_in); SF(t_out); SF(holding); SF(at_end);
#undef SF
    }
}

hw_status hw_ck_sim_loaded(hw_sim *sim)
{
    hw_lm_sys *S = &sim->m.S;
    hw_status st = sim->ops->upload(sim->be, HW_BUF_Y, sim->y);
    sim->hist = 0; /* no derivative history in a checkpoint: a multistep scheme starts up again */
    for (int l = 0; !st && l < S->n_lines; l++) st = sim->ops->update_line(sim->be, S, l);
    hw_winches *W = &sim->winches;
    for (int k = 0; k < W->n; k++) { /* the mirrors of the loaded line arrays, then the backend's copy */
        W->w[k].nseg = S->ln_nseg[W->w[k].line];
        W->w[k].wt0 = S->ln_wt0[k];
    }
    if (!st && W->any) st = sim->ops->reel_set(sim->be, &W->R);
    for (int p = 0; !st && p < S->n_points; p++)
        if (S->pt_kind[p] == HW_PT_COUPLED)
            sim->ops->set_coupled(sim->be, p, S->pt_cpos + 3 * p, S->pt_cvel + 3 * p, S->pt_ct[p]);
    for (int e = 0; !st && e < 2 * S->n_lines && S->n_clamp > 0; e++)
        sim->ops->set_clamp(sim->be, e, S->ln_cdir + 3 * e, S->ln_cdot + 3 * e);
    if (!st && sim->fail.ln) st = hw_failures_resync(sim);
    if (!st && sim->acc_seg) st = sim->ops->acc_set(sim->be, sim->acc_seg, sim->acc_line, sim->monitor);
    if (!st) st = hw_sim_wave_samples_set(sim, sim->wv_k, sim->wv_s);
    if (!st && sim->m.S.n_syr > 0) st = sim->ops->syr_set(sim->be, sim->m.S.seg_syr);
    sim->ops->take_bad(sim->be);
    sim->y_valid = 1;
    sim->w_valid = 0;
    return st;
}

static hw_status sync_host_state(hw_sim *sim)
{
    hw_status st = HW_OK;
    if (sim->acc_seg) /* the accumulators as the backend holds them (no sample of the state now) */
        st = sim->ops->acc_get(sim->be, sim->acc_seg, sim->acc_line);
    if (!st) st = hw_sim_wave_samples_get(sim, sim->wv_k, sim->wv_s); /* the samples as well */
    if (!st && sim->m.S.n_syr > 0) st = sim->ops->syr_get(sim->be, sim->m.S.seg_syr); /* Syrope */
    if (st || sim->y_valid) return st;
    st = sim->ops->download(sim->be, HW_BUF_Y, sim->y);
    if (!st) sim->y_valid = 1;
    return st;
}

hw_status hw_ck_save_sim(hw_ck *ck, hw_sim *sim)
{
    hw_status st = sync_host_state(sim);
    if (!st) hw_ck_sim_records(ck, sim);
    return st;
}

hw_status hw_sim_save_state(const hw_sim *csim, void **buf, size_t *len)
{
    hw_sim *sim = (hw_sim *)csim;
    if (!sim || !buf || !len) return HW_ERR_INVALID_ARG;
    hw_status st = sync_host_state(sim);
    if (st) return st;
    hw_ck *ck = hw_ck_new();
    if (!ck) return HW_ERR_NOMEM;
    hw_ck_set_fingerprint(ck, hw_ck_model_hash(sim));
    hw_ck_sim_records(ck, sim);
    st = hw_ck_image(ck, buf, len);
    hw_ck_free(ck);
    return st;
}

/* Checks the fingerprint and the records, then loads them (sim unchanged on any error). */
hw_status hw_ck_load_sim(hw_ck *ck, hw_sim *sim, uint64_t fp, const char *what, char *msg,
                         size_t msg_len)
{
    if (hw_ck_fingerprint(ck) != fp)
        return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: checkpoint of another model (its "
                       "fingerprint differs: other lines, points, sizes, constants or time step)", what);
    const char *e;
    ck_rewind(ck, CK_VERIFY);
    hw_ck_sim_records(ck, sim);
    if (hw_ck_error(ck, &e)) return hw_ck_fail(msg, msg_len, HW_ERR_INPUT, "%s: %s", what, e);
    ck_rewind(ck, CK_LOAD);
    hw_ck_sim_records(ck, sim);
    hw_status st = hw_ck_sim_loaded(sim);
    if (st) {
        sim->failed = 1;
        return hw_ck_fail(msg, msg_len, st, "%s: the backend refused the loaded state: %s", what,
                       hw_status_str(st));
    }
    return HW_OK;
}

hw_status hw_sim_load_state(hw_sim *sim, const void *buf, size_t len, char *msg, size_t msg_len)
{
    if (!sim || !buf) return HW_ERR_INVALID_ARG;
    hw_ck *ck;
    hw_status st = hw_ck_open(buf, len, "state buffer", &ck, msg, msg_len);
    if (st) return st;
    st = hw_ck_load_sim(ck, sim, hw_ck_model_hash(sim), "state buffer", msg, msg_len);
    hw_ck_free(ck);
    return st;
}

hw_status hw_sim_save_state_file(const hw_sim *csim, const char *path, char *msg, size_t msg_len)
{
    hw_sim *sim = (hw_sim *)csim;
    if (!sim || !path) return HW_ERR_INVALID_ARG;
    hw_status st = sync_host_state(sim);
    if (st) return hw_ck_fail(msg, msg_len, st, "%s: reading the state: %s", path, hw_status_str(st));
    hw_ck *ck = hw_ck_new();
    if (!ck) return hw_ck_fail(msg, msg_len, HW_ERR_NOMEM, "%s: out of memory", path);
    hw_ck_set_fingerprint(ck, hw_ck_model_hash(sim));
    hw_ck_sim_records(ck, sim);
    st = hw_ck_write_file(ck, path, msg, msg_len);
    hw_ck_free(ck);
    return st;
}

hw_status hw_sim_load_state_file(hw_sim *sim, const char *path, char *msg, size_t msg_len)
{
    if (!sim || !path) return HW_ERR_INVALID_ARG;
    hw_ck *ck;
    hw_status st = hw_ck_open_file(path, &ck, msg, msg_len);
    if (st) return st;
    st = hw_ck_load_sim(ck, sim, hw_ck_model_hash(sim), path, msg, msg_len);
    hw_ck_free(ck);
    return st;
}

/* For run_resume.c: the run's own records are checked and loaded in the same two passes. */
void hw_ck_begin_pass(hw_ck *ck, int copy) { ck_rewind(ck, copy ? CK_LOAD : CK_VERIFY); }
