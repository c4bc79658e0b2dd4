/* Reel mode (winches and sheaves, docs/physics.md section 6): the per-step update of the reeling
 * line ends, written once for both backends. The CPU backend runs these as loops on the host's
 * arrays; the CUDA backend as kernels on its device copies (kernels/cuda/lumped_cuda.cu), inside
 * the recorded step, so a reeling run needs no host round trip per step. The host (host/machinery/winch.c)
 * sets the state up, reads it back once per hw_sim_step call (or per step on the CPU) and logs
 * what happened.
 *
 * The segment at a reeling end of a line grows or shrinks with the pay-out; past 1.5 nominal
 * lengths a node is inserted (the outer part becomes a nominal segment), below 0.5 the reeling
 * segment is merged into its neighbour. Mass is exact (node masses are mu times tributary length
 * at every step), and at an insertion or removal momentum is conserved: the new node takes the
 * momentum of the mass its neighbours give up, a removed node's momentum goes to the neighbours
 * that take its mass.
 *
 * Per step, before the integration (hw_reel_before, one thread per line end): the pay-out speed s
 * from the drive (speed signal, length target, tension target, drum, external) or the sheave's
 * slide, clamped at the cable's ends (max_length, min_length); the segment's strain rate gets the
 * -len s / l_w^2 term (kernels/physics/segment.h hw_segment_reel). After the step: the sheaves'
 * slide (hw_reel_sheave_step, one thread per sheave), then per line with a reeling end (one thread
 * block per line on the GPU): per end l_w += s dt, the drum's speed, the insertion or removal
 * decision (hw_reel_end_after), the shift of the line's node slots (sequential here, chunked over
 * the block's threads on the GPU), the new node's values (hw_reel_new_node); then the line's
 * segment lengths and node masses (hw_reel_line_head, hw_reel_seg_l0, hw_reel_node_mass). Within
 * a step l_w is held at its value at the step's start (an O(s dt / l_w) error on one segment). The
 * momentum flux of the material leaving the drum is not modelled (as for the 1-D rope with
 * variable rest length, docs/physics.md section 1). */
#ifndef HW_KERNELS_REEL_H
#define HW_KERNELS_REEL_H

#include "lumped.h"
#include "physics/drum.h"

/* One line end (entry 2 l for end A of line l, 2 l + 1 for end B); on = 0 where it does not reel.
 * Plain values: the CUDA backend copies the array as it is (with def's tables pointing at device
 * copies). */
typedef struct hw_reel_end {
    int on;
    hw_winch_def def;      /* with defaults filled; tables owned by the host (tables below) */
    double *tables;        /* the host's storage of def's tables (hw_winch_own_tables) */
    double omega;          /* DRUM: angular velocity, rad/s (> 0 hauls in) */
    double l_nom, l_w;     /* nominal segment length; unstretched length of the reeling segment */
    double length, speed, tension; /* deployed length, pay-out speed, reeling segment tension */
    int at_max, at_min;    /* the cable's end reached (warned once per episode) */
    long events;           /* insertions and removals so far */
    int sheave, role;      /* on a sheave: its index, -1 (line_in) or +1 (line_out); else -1, 0 */
    int line;              /* the line this end belongs to */
    double counter;        /* a winch's cable count: the line's length at t = 0 plus its pay-out */
    /* for the host, which reads them back once in a while: */
    int nseg;              /* the line's segment count (mirrors ln_nseg) */
    double wt0;            /* the time at which the reeling segment's length is l_w (ln_wt0) */
    long n_max, n_min;     /* end stops newly engaged so far (max_length, min_length) ... */
    double t_max, t_min;   /* ... the step start of the last one */
    int err, err_nseg;     /* no segment slot left for an insertion: at t = err_t, nseg segments */
    double err_t;
} hw_reel_end;

typedef struct hw_reel_sheave {
    hw_sheave_def def;
    double v;              /* sliding speed, m/s (> 0 from line_in into line_out) */
    double wrap, t_in, t_out;
    int holding;           /* a locked sheave that holds */
    int at_end;            /* a span ran short: sliding stopped (warned once) */
    long n_end;            /* such stops so far, the time of the last and its short line */
    double t_end;
    int end_line;
} hw_reel_sheave;

typedef struct hw_reel_sys {
    int n_ends, n_sheaves, n_rlines;
    int need_tension;      /* an end reads its reeling segment's tension (tension, drum, sheave) */
    hw_reel_end *end;      /* n_ends = 2 n_lines */
    hw_reel_sheave *sh;
    int *rline;            /* the lines with a reeling end */
} hw_reel_sys;

/* An insertion or removal decided at one end, applied to the line's node slots. */
enum { HW_REEL_NONE = 0, HW_REEL_INSERT = 1, HW_REEL_REMOVE = 2 };
typedef struct hw_reel_act {
    int kind, j, keep, end_a, nseg; /* nseg: the line's count before the change */
    double frac, wa, wb, s;
} hw_reel_act;

/* No insertion or removal (on a line of nseg segments). */
HW_HD hw_reel_act hw_reel_no_act(int nseg)
{
    hw_reel_act a;
    a.kind = HW_REEL_NONE; a.j = 0; a.keep = 0; a.end_a = 0; a.nseg = nseg;
    a.frac = 0.0; a.wa = 0.0; a.wb = 0.0; a.s = 0.0;
    return a;
}

/* Before the step from t over dt: the pay-out speed of end k and its segment's length rate. */
HW_HD void hw_reel_before(hw_reel_sys *R, const hw_lm_sys *S, int k, double t, double dt)
{
    hw_reel_end *w = &R->end[k];
    if (!w->on) return;
    if (w->sheave >= 0) { /* the sheave's slide, limited there */
        w->speed = S->ln_wrate[k] = w->role * R->sh[w->sheave].v;
        return;
    }
    double s = hw_winch_drive_speed(&w->def, t, dt, w->length, w->tension, w->omega, w->speed);
    int stop = hw_winch_stops(&w->def, w->counter, w->length, &s, &w->at_max, &w->at_min);
    if (stop == 1) { w->n_max++; w->t_max = t; }
    if (stop == 2) { w->n_min++; w->t_min = t; }
    w->speed = s;
    S->ln_wrate[k] = s;
}

/* Unit vector along line l's segment at its reeling end, pointing away from the end. */
HW_HD hw_v3 hw_reel_away(const hw_lm_sys *S, const hw_lm_work *w, int l, int atA)
{
    int s = S->ln_wseg[2 * l + (atA ? 0 : 1)];
    double sg = atA ? 1.0 : -1.0; /* q runs from node i-1 to node i */
    return hw_v3_make(sg * w->seg_qx[s], sg * w->seg_qy[s], sg * w->seg_qz[s]);
}

/* After the step from t over dt: the slide of sheave k, from the tensions and directions of the
 * step's last evaluation (semi-implicit: the new speed drives the next step). */
HW_HD void hw_reel_sheave_step(hw_reel_sys *R, const hw_lm_sys *S, const hw_lm_work *work, int k,
                          double t, double dt)
{
    hw_reel_sheave *sh = &R->sh[k];
    const hw_sheave_def *d = &sh->def;
    int li = d->line_in, lo = d->line_out;
    int ai = d->end_in == HW_WINCH_A, ao = d->end_out == HW_WINCH_A;
    hw_v3 ui = hw_reel_away(S, work, li, ai), uo = hw_reel_away(S, work, lo, ao);
    double c = ui.x * uo.x + ui.y * uo.y + ui.z * uo.z;
    c = c > 1.0 ? 1.0 : c < -1.0 ? -1.0 : c;
    sh->wrap = HW_PI - acos(c);
    int ei = 2 * li + (ai ? 0 : 1), eo = 2 * lo + (ao ? 0 : 1);
    const hw_reel_end *wi = &R->end[ei], *wo = &R->end[eo];
    sh->t_in = work->seg_T[S->ln_wseg[ei]];
    sh->t_out = work->seg_T[S->ln_wseg[eo]];
    /* the moving mass: the sheave's inertia at its rim, and the cable over it (at least half
     * a nominal segment each side, which also keeps the explicit update stable) */
    double mu = S->ln_mu[li], lnom = wi->l_nom;
    double arc = d->radius * sh->wrap > lnom ? d->radius * sh->wrap : lnom;
    double meff = mu * arc + (d->locked ? 0.0 : d->inertia / (d->radius * d->radius));
    double F = sh->t_out - sh->t_in;
    if (!d->locked) {
        sh->v += dt * (F - d->bearing * sh->v / (d->radius * d->radius)) / meff;
    } else {
        double thi = sh->t_in > sh->t_out ? sh->t_in : sh->t_out;
        double cap = thi * (1.0 - exp(-d->friction * sh->wrap)); /* capstan */
        if (sh->holding) {
            if (fabs(F) > cap) sh->holding = 0; /* slips from the next step on */
            sh->v = 0.0;
        } else {
            double dir = sh->v != 0.0 ? (sh->v > 0 ? 1.0 : -1.0) : (F > 0 ? 1.0 : -1.0);
            double vn = sh->v + dt * (F - dir * cap) / meff;
            if (vn * dir <= 0.0) { vn = 0.0; sh->holding = 1; } /* friction stops it */
            sh->v = vn;
        }
    }
    /* a span that runs short stops the slide (the cable's end at the sheave) */
    int short_in = wi->length <= 0.5 * wi->l_nom && sh->v > 0;
    int short_out = wo->length <= 0.5 * wo->l_nom && sh->v < 0;
    if (short_in || short_out) {
        if (!sh->at_end) { sh->n_end++; sh->t_end = t; sh->end_line = short_in ? li : lo; }
        sh->at_end = 1;
        sh->v = 0.0;
    } else {
        sh->at_end = 0;
    }
}

/* Whether end k's reeling segment passed its limits: an insertion next to the end (l_w > 1.5
 * l_nom; the new node one nominal length from the outer node) or a removal (l_w < 0.5 l_nom: the
 * node between the reeling segment and its neighbour goes; the outer neighbour takes mu l_w / 2
 * of its mass, and that share of its momentum, the end the rest). A line reeling at both ends
 * keeps at least 3 segments, so its two end segments stay distinct. Updates l_w, the line's
 * ln_nseg and the event count at once; the caller moves the node slots (act). No slot left:
 * err is set (at time t) and nothing changes. */
HW_HD hw_reel_act hw_reel_decide(hw_reel_sys *R, hw_lm_sys *S, int k, double t)
{
    hw_reel_end *w = &R->end[k];
    int l = w->line, ns = S->ln_nseg[l], atA = w->def.end == HW_WINCH_A;
    int both = R->end[2 * l].on && R->end[2 * l + 1].on;
    double ln = w->l_nom, lw = w->l_w, mu = S->ln_mu[l];
    hw_reel_act a = hw_reel_no_act(ns);
    if (lw > 1.5 * ln) {
        if (ns + 1 > S->ln_cap[l]) {
            if (!w->err) { w->err = 1; w->err_t = t; w->err_nseg = ns; }
            return a;
        }
        a.kind = HW_REEL_INSERT;
        a.end_a = atA;
        a.s = w->speed;
        if (atA) { a.j = 1; a.frac = (lw - ln) / lw; a.wa = ln / lw; a.wb = (lw - ln) / lw; }
        else { a.j = ns; a.frac = ln / lw; a.wa = (lw - ln) / lw; a.wb = ln / lw; }
        S->ln_nseg[l] = ns + 1;
        w->l_w = lw - ln;
    } else if (lw < 0.5 * ln && ns >= (both ? 3 : 2)) {
        a.kind = HW_REEL_REMOVE;
        a.j = atA ? 1 : ns - 1;
        a.keep = atA ? 2 : ns - 2;
        double mk = S->node_m[S->ln_n0[l] + a.keep], dm = 0.5 * mu * lw;
        a.wa = mk / (mk + dm); /* the kept node's weight */
        a.wb = dm / (mk + dm); /* the removed node's */
        S->ln_nseg[l] = ns - 1;
        w->l_w = lw + ln;
    } else {
        return a;
    }
    w->events++;
    return a;
}

/* After the step from t over dt, end k: its tension from the step's last evaluation (where some
 * end needs it), the reeled length, the cable count and the drum's speed; then hw_reel_decide. */
HW_HD hw_reel_act hw_reel_end_after(hw_reel_sys *R, hw_lm_sys *S, const hw_lm_work *work, int k,
                                    double t, double dt)
{
    hw_reel_end *w = &R->end[k];
    if (!w->on) return hw_reel_no_act(S->ln_nseg[w->line]);
    if (R->need_tension) w->tension = work->seg_T[S->ln_wseg[k]];
    w->l_w += w->speed * dt;
    w->counter += w->speed * dt;
    if (w->def.mode == HW_WINCH_DRUM) /* semi-implicit: the new speed for the next step */
        w->omega = hw_winch_drum_step(&w->def, w->omega, w->tension, t, dt, w->at_max, w->at_min);
    return hw_reel_decide(R, S, k, t);
}

/* The node slots an action moves, within line l's slots n0 + lo .. n0 + hi, each by dir: an
 * insertion moves j .. nseg up one, a removal j + 1 .. nseg down one. */
HW_HD void hw_reel_span(const hw_reel_act *a, int *lo, int *hi, int *dir)
{
    if (a->kind == HW_REEL_INSERT) { *lo = a->j; *hi = a->nseg; *dir = 1; }
    else { *lo = a->j + 1; *hi = a->nseg; *dir = -1; }
}

/* A removal's momentum transfer, before the shift: the kept node takes wk v[keep] + wj v[j] and
 * j's dissipated energy. */
HW_HD void hw_reel_merge(const hw_lm_sys *S, double *y, int l, const hw_reel_act *a)
{
    int n = S->n_state, n0 = S->ln_n0[l];
    for (int c = 0; c < 3; c++) {
        double *vk = &y[(HW_Y_VX + c) * n + n0 + a->keep];
        *vk = a->wa * *vk + a->wb * y[(HW_Y_VX + c) * n + n0 + a->j];
    }
    y[HW_Y_ED * n + n0 + a->keep] += y[HW_Y_ED * n + n0 + a->j];
}

/* The chunked shift the GPU's thread block runs (nthr threads): chunk c moves the slots
 * hw_reel_chunk_slot(.., c, tid) for tid < nthr, every thread first reading its slot (all
 * blocks of the state) and then, after a barrier, writing it one place on, then a barrier. The
 * chunks go against dir (an insertion from the top down), so a write lands only on a slot read
 * already. Returns the slot (line-local) or -1 where that thread has none. */
HW_HD int hw_reel_chunks(int lo, int hi, int nthr) { return (hi - lo + 1 + nthr - 1) / nthr; }
HW_HD int hw_reel_chunk_slot(int lo, int hi, int dir, int c, int nthr, int tid)
{
    int k = c * nthr + tid;
    if (k > hi - lo) return -1;
    return dir > 0 ? hi - k : lo + k;
}
HW_HD void hw_reel_slot_load(const hw_lm_sys *S, const double *y, int i, double v[HW_Y_BLOCKS])
{
    for (int b = 0; b < HW_Y_BLOCKS; b++) v[b] = y[b * S->n_state + i];
}
HW_HD void hw_reel_slot_store(const hw_lm_sys *S, double *y, int i, const double v[HW_Y_BLOCKS])
{
    for (int b = 0; b < HW_Y_BLOCKS; b++) y[b * S->n_state + i] = v[b];
}

/* The same shift in one thread (the CPU backend). */
HW_HD void hw_reel_shift(const hw_lm_sys *S, double *y, int l, const hw_reel_act *a)
{
    int lo, hi, dir, n = S->n_state, n0 = S->ln_n0[l];
    hw_reel_span(a, &lo, &hi, &dir);
    for (int b = 0; b < HW_Y_BLOCKS; b++) {
        if (dir > 0) for (int k = hi; k >= lo; k--) y[b * n + n0 + k + 1] = y[b * n + n0 + k];
        else for (int k = lo; k <= hi; k++) y[b * n + n0 + k - 1] = y[b * n + n0 + k];
    }
}

/* After the shift: an insertion's new node at local index j, between the old nodes j - 1 and j
 * (now j + 1), at fraction frac of the way from j - 1 to j + 1, with velocity wa va + wb vb (the
 * weights conserve momentum). The winch end's node (j - 1 when end_a, else j + 1) stands for
 * material leaving the drum: its velocity counts as the point's plus the pay-out speed s along
 * the segment, away from the winch. A removal zeroes the freed slot (the old nseg). */
HW_HD void hw_reel_new_node(const hw_lm_sys *S, double *y, int l, const hw_reel_act *a)
{
    int n = S->n_state, n0 = S->ln_n0[l], j = a->j;
    if (a->kind == HW_REEL_REMOVE) {
        for (int b = 0; b < HW_Y_BLOCKS; b++) y[b * n + n0 + a->nseg] = 0.0;
        return;
    }
    hw_v3 ra = hw_lm_get3(y, n, HW_Y_RX, n0 + j - 1), rb = hw_lm_get3(y, n, HW_Y_RX, n0 + j + 1);
    hw_v3 va = hw_lm_get3(y, n, HW_Y_VX, n0 + j - 1), vb = hw_lm_get3(y, n, HW_Y_VX, n0 + j + 1);
    hw_v3 d = hw_v3_sub(rb, ra);
    double len = hw_v3_norm(d);
    hw_v3 q = len > 0.0 ? hw_v3_scale(d, 1.0 / len) : hw_v3_zero(); /* from j - 1 to j + 1 */
    if (a->end_a) va = hw_v3_add(va, hw_v3_scale(q, a->s));
    else vb = hw_v3_sub(vb, hw_v3_scale(q, a->s));
    hw_lm_set3(y, n, HW_Y_RX, n0 + j, hw_v3_add(ra, hw_v3_scale(d, a->frac)));
    hw_lm_set3(y, n, HW_Y_VX, n0 + j, hw_v3_add(hw_v3_scale(va, a->wa), hw_v3_scale(vb, a->wb)));
    y[HW_Y_ED * n + n0 + j] = 0.0;
}

/* Deployed length of line l: nominal segments plus its reeling end segments. */
HW_HD double hw_reel_line_length(const hw_reel_sys *R, const hw_lm_sys *S, int l)
{
    const hw_reel_end *a = &R->end[2 * l], *b = &R->end[2 * l + 1];
    const hw_reel_end *any = a->on ? a : b;
    int nr = a->on + b->on;
    return (S->ln_nseg[l] - nr) * any->l_nom + (a->on ? a->l_w : 0.0) + (b->on ? b->l_w : 0.0);
}

/* Line l after its ends' updates (one thread): both ends' deployed length, the reeling segments'
 * indices and the time t1 at which their lengths hold (the step's end), the host's mirrors. */
HW_HD void hw_reel_line_head(hw_reel_sys *R, hw_lm_sys *S, int l, double t1)
{
    hw_reel_end *a = &R->end[2 * l], *b = &R->end[2 * l + 1];
    double L = hw_reel_line_length(R, S, l);
    int s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    a->length = b->length = L;
    S->ln_wseg[2 * l] = a->on ? s0 : -1;
    S->ln_wseg[2 * l + 1] = b->on ? s0 + ns - 1 : -1;
    S->ln_wt0[2 * l] = S->ln_wt0[2 * l + 1] = t1;
    a->nseg = b->nseg = ns;
    a->wt0 = b->wt0 = t1;
}

/* Segment slot k of line l (0 .. ln_cap - 1): nominal, or the reeling end's l_w (after
 * hw_reel_line_head). */
HW_HD double hw_reel_seg_l0(const hw_reel_sys *R, const hw_lm_sys *S, int l, int k)
{
    const hw_reel_end *a = &R->end[2 * l], *b = &R->end[2 * l + 1];
    int s = S->ln_s0[l] + k;
    if (s == S->ln_wseg[2 * l + 1]) return b->l_w; /* end B's, where one segment is both */
    if (s == S->ln_wseg[2 * l]) return a->l_w;
    return (a->on ? a : b)->l_nom;
}

/* Node slot j of line l (0 .. ln_cap): tributary length and mass from the segment lengths. */
HW_HD void hw_reel_node_mass(hw_lm_sys *S, int l, int j)
{
    int n0 = S->ln_n0[l], s0 = S->ln_s0[l], ns = S->ln_nseg[l];
    double lt = 0.0;
    if (j <= ns) {
        if (j > 0) lt += 0.5 * S->seg_l0[s0 + j - 1];
        if (j < ns) lt += 0.5 * S->seg_l0[s0 + j];
    }
    S->node_l[n0 + j] = lt;
    S->node_m[n0 + j] = S->ln_mu[l] * lt;
}

/* Segment lengths and node masses of line l from its ends' reel state, in one thread (the CPU
 * backend; the host after reading the state back from the device). */
HW_HD void hw_reel_line_sync(hw_reel_sys *R, hw_lm_sys *S, int l, double t1)
{
    hw_reel_line_head(R, S, l, t1);
    for (int k = 0; k < S->ln_cap[l]; k++) S->seg_l0[S->ln_s0[l] + k] = hw_reel_seg_l0(R, S, l, k);
    for (int j = 0; j <= S->ln_cap[l]; j++) hw_reel_node_mass(S, l, j);
}

/* One end's insertion or removal on the state y in one thread (merge, shift, new node). */
HW_HD void hw_reel_apply(const hw_lm_sys *S, double *y, int l, const hw_reel_act *a)
{
    if (a->kind == HW_REEL_NONE) return;
    if (a->kind == HW_REEL_REMOVE) hw_reel_merge(S, y, l, a);
    hw_reel_shift(S, y, l, a);
    hw_reel_new_node(S, y, l, a);
}

/* The whole update after a step of line l, in one thread (the CPU backend's reel_after): both
 * ends in order (A, then B), then the line's lengths and masses at t + dt. */
HW_HD void hw_reel_line_after(hw_reel_sys *R, hw_lm_sys *S, const hw_lm_work *work, double *y,
                              int l, double t, double dt)
{
    for (int e = 0; e < 2; e++) {
        hw_reel_act a = hw_reel_end_after(R, S, work, 2 * l + e, t, dt);
        hw_reel_apply(S, y, l, &a);
    }
    hw_reel_line_sync(R, S, l, t + dt);
}

/* The host's copy of the lumped system after reading the reel state back from the device: the
 * reeling lines' segment counts, rates, reeling segments, lengths and masses from the ends'
 * mirrors (the same values the device computed, with the same functions). */
HW_HD void hw_reel_host_rebuild(hw_reel_sys *R, hw_lm_sys *S)
{
    for (int i = 0; i < R->n_rlines; i++) {
        int l = R->rline[i];
        hw_reel_end *a = &R->end[2 * l], *b = &R->end[2 * l + 1];
        const hw_reel_end *on = a->on ? a : b;
        S->ln_nseg[l] = on->nseg;
        if (a->on) S->ln_wrate[2 * l] = a->speed;
        if (b->on) S->ln_wrate[2 * l + 1] = b->speed;
        hw_reel_line_sync(R, S, l, on->wt0);
    }
}
#endif
