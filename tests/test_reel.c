/* Reel mode where the state lives (kernels/reel.h, issue 16 item 5): the per-step winch and
 * sheave update the backends run (reel_before / reel_after).
 *   - the CUDA backend's sequence (k_reel_sheaves, then one block per reeling line with its
 *     chunked node shift) emulated on the CPU for several block sizes (tests/reel_emulation.h),
 *     bit-equal to the CPU backend's reel_after, step by step;
 *   - the chunked shift itself against the one-thread shift, for any span and block size;
 *   - the bookkeeping against independent sums: the segment lengths add up to the deployed
 *     length, which is the initial length plus the integral of the reported pay-out speed; the
 *     node masses add up to mu times it (mass of the paid-out cable); the segment count follows
 *     the paid length (every nominal segment nominal, the reeling one within [0.5, 1.5] nominal);
 *   - the per-call path (the step step_n records: reel updates inside the step, the state read
 *     back once per call) bit-equal to the per-step path on the CPU. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "reel_emulation.h"
#include "io/scenario.h"
#include "world/sim_internal.h"

static hw_sim *make(const char *path, hw_scenario **sc)
{
    char msg[1024];
    cr_assert_eq(hw_scenario_load(path, sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&(*sc)->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg),
                 HW_OK, "%s", msg);
    return sim;
}

static double *state_of(hw_sim *sim)
{
    size_t ny = (size_t)HW_Y_BLOCKS * sim->m.S.n_state;
    double *y = malloc(ny * sizeof(double));
    cr_assert_eq(sim->ops->download(sim->be, HW_BUF_Y, y), HW_OK);
    return y;
}

/* First index where two arrays differ bitwise, or n. */
static size_t first_diff(const double *a, const double *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof(double))) return i;
    return n;
}

/* The state, line arrays and reel state of two simulations of one model: bit-equal. */
static void expect_same(hw_sim *a, hw_sim *b, const char *what, long step)
{
    const hw_lm_sys *A = &a->m.S, *B = &b->m.S;
    size_t ny = (size_t)HW_Y_BLOCKS * A->n_state;
    double *ya = state_of(a), *yb = state_of(b);
    size_t d = first_diff(ya, yb, ny);
    cr_assert_eq(d, ny, "%s, step %ld: state value %zu differs: %.17g vs %.17g", what, step, d,
                 d < ny ? ya[d] : 0.0, d < ny ? yb[d] : 0.0);
    cr_assert_eq(first_diff(A->seg_l0, B->seg_l0, A->n_segs), (size_t)A->n_segs, "%s: seg_l0", what);
    cr_assert_eq(first_diff(A->node_m, B->node_m, A->n_nodes), (size_t)A->n_nodes, "%s: node_m", what);
    cr_assert_eq(first_diff(A->node_l, B->node_l, A->n_nodes), (size_t)A->n_nodes, "%s: node_l", what);
    cr_assert_eq(memcmp(A->ln_nseg, B->ln_nseg, A->n_lines * sizeof(int)), 0, "%s: ln_nseg", what);
    cr_assert_eq(memcmp(A->ln_wseg, B->ln_wseg, 2 * A->n_lines * sizeof(int)), 0, "%s: ln_wseg", what);
    cr_assert_eq(first_diff(A->ln_wrate, B->ln_wrate, 2 * A->n_lines), (size_t)(2 * A->n_lines), "%s", what);
    cr_assert_eq(first_diff(A->ln_wt0, B->ln_wt0, 2 * A->n_lines), (size_t)(2 * A->n_lines), "%s", what);
    const hw_winches *Wa = &a->winches, *Wb = &b->winches;
    for (int k = 0; k < Wa->n; k++) {
        const hw_winch_rt *p = &Wa->w[k], *q = &Wb->w[k];
        double va[] = {p->omega, p->l_w, p->length, p->speed, p->tension, p->counter, p->wt0};
        double vb[] = {q->omega, q->l_w, q->length, q->speed, q->tension, q->counter, q->wt0};
        cr_assert_eq(first_diff(va, vb, 7), (size_t)7, "%s, step %ld: end %d differs", what, step, k);
        cr_assert_eq(p->events, q->events);
        cr_assert_eq(p->nseg, q->nseg);
    }
    for (int k = 0; k < Wa->n_sheaves; k++) {
        const hw_sheave_rt *p = &Wa->sh[k], *q = &Wb->sh[k];
        double va[] = {p->v, p->wrap, p->t_in, p->t_out}, vb[] = {q->v, q->wrap, q->t_in, q->t_out};
        cr_assert_eq(first_diff(va, vb, 4), (size_t)4, "%s, step %ld: sheave %d differs", what, step, k);
        cr_assert_eq(p->holding, q->holding);
    }
    free(ya); free(yb);
}

/* sim b takes the steps sim a takes through hw_sim_step, with its reel_after replaced by the
 * emulated device sequence (the CPU backend shares the host's system and reel arrays, so the
 * emulation runs on those and on copies of the state and of the last evaluation). */
static void emulate(const char *path, int steps, int nthr, int every)
{
    hw_scenario *sa, *sb;
    hw_sim *a = make(path, &sa), *b = make(path, &sb);
    const hw_lm_sys *S = &b->m.S;
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state, ns = (size_t)S->n_segs;
    double *y = malloc(ny * sizeof(double));
    hw_lm_work w;
    memset(&w, 0, sizeof w);
    w.seg_T = malloc(ns * sizeof(double));
    w.seg_qx = malloc(ns * sizeof(double));
    w.seg_qy = malloc(ns * sizeof(double));
    w.seg_qz = malloc(ns * sizeof(double));
    double dt = hw_sim_dt(b);
    long events = 0;
    for (int k = 0; k < steps; k++) {
        cr_assert_eq(hw_sim_step(a, 1), HW_OK, "%s", hw_sim_last_error(a));
        double t = b->t_base + (double)(k - b->steps_base) * dt; /* hw_sim's time_at */
        b->ops->reel_before(b->be, t, dt);
        hw_integrate_step(b->ops, b->be, b->integ, t, dt);
        cr_assert_eq(b->ops->take_bad(b->be), -1);
        cr_assert_eq(b->ops->download(b->be, HW_BUF_Y, y), HW_OK);
        cr_assert_eq(b->ops->download_work(b->be, &w), HW_OK);
        reel_emulate_after(&b->winches.R, &b->m.S, &w, y, t, dt, nthr);
        cr_assert_eq(b->ops->upload(b->be, HW_BUF_Y, y), HW_OK);
        b->steps = k + 1;
        b->t = b->t_base + (double)(k + 1 - b->steps_base) * dt;
        if ((k + 1) % every == 0 || k + 1 == steps) expect_same(a, b, path, k + 1);
    }
    for (int e = 0; e < a->winches.n; e++) events += a->winches.w[e].events;
    printf("%s: %d steps, device reel sequence with %d threads per block bit-equal to the CPU "
           "backend; %ld insertions and removals\n", path, steps, nthr, events);
    cr_expect_gt(events, 0, "the run reels");
    free(y); free(w.seg_T); free(w.seg_qx); free(w.seg_qy); free(w.seg_qz);
    hw_sim_destroy(a); hw_sim_destroy(b);
    hw_scenario_free(sa); hw_scenario_free(sb);
}

Test(reel, device_sequence_payout_equals_cpu_backend)
{
    emulate(HW_TEST_DATA_DIR "/reel_payout.yaml", 40000, 3, 2000);
}
Test(reel, device_sequence_haul_in_equals_cpu_backend)
{
    emulate(HW_TEST_DATA_DIR "/reel_haul.yaml", 40000, 2, 2000);
}
Test(reel, device_sequence_drum_and_tension_modes_equal_cpu_backend)
{
    emulate(HW_TEST_DATA_DIR "/reel_drum.yaml", 40000, 5, 4000);
    emulate(HW_TEST_DATA_DIR "/reel_tension.yaml", 20000, 4, 4000);
}
Test(reel, device_sequence_sheave_equals_cpu_backend)
{
    /* 16 + 16 segments over a free travelling pulley: the slide reels both spans */
    emulate(HW_EXAMPLES_DIR "/block_and_tackle.yaml", 60000, 7, 5000);
}
Test(reel, device_sequence_crane_equals_cpu_backend)
{
    /* a line reeling at both ends (winch and sheave), the hanging span growing */
    emulate(HW_EXAMPLES_DIR "/crane_lowering.yaml", 20000, 256, 2000);
}

Test(reel, chunked_shift_equals_one_thread_shift)
{
    hw_lm_sys S;
    memset(&S, 0, sizeof S);
    int n0 = 3, cap = 40;
    S.n_state = n0 + cap + 5;
    int ln_n0 = n0;
    S.ln_n0 = &ln_n0;
    size_t ny = (size_t)HW_Y_BLOCKS * S.n_state;
    double *ya = malloc(ny * sizeof(double)), *yb = malloc(ny * sizeof(double));
    double *v = malloc(sizeof(double) * HW_Y_BLOCKS * 64);
    int checked = 0;
    for (int nseg = 1; nseg < cap; nseg += 3)
        for (int kind = HW_REEL_INSERT; kind <= HW_REEL_REMOVE; kind++)
            for (int j = 1; j <= nseg; j++) {
                if (kind == HW_REEL_REMOVE && j > nseg - 1) continue;
                for (int nthr = 1; nthr <= 64; nthr = nthr < 8 ? nthr + 1 : 2 * nthr) {
                    for (size_t i = 0; i < ny; i++) ya[i] = yb[i] = (double)i + 0.25;
                    hw_reel_act act;
                    memset(&act, 0, sizeof act);
                    act.kind = kind; act.j = j; act.nseg = nseg;
                    hw_reel_shift(&S, ya, 0, &act);
                    reel_emulate_shift(&S, yb, 0, &act, nthr, v);
                    cr_assert_eq(first_diff(ya, yb, ny), ny, "kind %d nseg %d j %d threads %d", kind,
                                 nseg, j, nthr);
                    checked++;
                }
            }
    printf("chunked shift: %d cases bit-equal to the one-thread shift\n", checked);
    free(ya); free(yb); free(v);
}

/* Independent bookkeeping after every step of a pay-out to the end stop and a haul-in to the
 * minimum length: the sums agree with the integral of the reported pay-out speed. */
static void bookkeeping(const char *path, double t_end)
{
    hw_scenario *sc;
    hw_sim *sim = make(path, &sc);
    const hw_lm_sys *S = &sim->m.S;
    const hw_winch_rt *w = sim->winches.w[0].on ? &sim->winches.w[0] : &sim->winches.w[1];
    double mu = S->ln_mu[0], ln = w->l_nom, paid = 0.0, worst_len = 0, worst_mass = 0;
    double L0 = 0.0;
    for (int k = 0; k < S->ln_nseg[0]; k++) L0 += S->seg_l0[S->ln_s0[0] + k];
    int events = 0, prev = S->ln_nseg[0];
    while (hw_sim_time(sim) < t_end) {
        cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "%s", hw_sim_last_error(sim));
        paid += w->speed * hw_sim_dt(sim); /* the speed the step ran at (set before it) */
        int ns = S->ln_nseg[0];
        if (ns != prev) events++;
        cr_assert_leq(abs(ns - prev), 1, "one node at a time");
        prev = ns;
        double len = 0.0, mass = 0.0;
        for (int k = 0; k < ns; k++) {
            double l0 = S->seg_l0[S->ln_s0[0] + k];
            len += l0;
            if (S->ln_s0[0] + k == S->ln_wseg[0] || S->ln_s0[0] + k == S->ln_wseg[1])
                cr_assert(l0 >= 0.5 * ln * (1 - 1e-12) || ns == 1 || w->at_min,
                          "reeling segment %.17g of %g", l0, ln);
            else
                cr_assert_eq(l0, ln, "a nominal segment");
            cr_assert(l0 <= 1.5 * ln * (1 + 1e-12), "segment %.17g of %g", l0, ln);
        }
        for (int j = 0; j <= S->ln_cap[0]; j++) mass += S->node_m[S->ln_n0[0] + j];
        double dl = fabs(len - (L0 + paid)) / len, dm = fabs(mass - mu * len) / (mu * len);
        if (dl > worst_len) worst_len = dl;
        if (dm > worst_mass) worst_mass = dm;
        cr_assert_lt(dl, 1e-10, "deployed %.17g m, initial plus paid out %.17g m", len, L0 + paid);
        cr_assert_lt(dm, 1e-13, "mass %.17g kg vs mu L %.17g kg", mass, mu * len);
        cr_assert_lt(fabs(w->length - len), 1e-13 * len, "the winch's length is the segments' sum");
    }
    printf("%s: %d insertions/removals to %d segments, %.6g m deployed (initial %.6g + paid %.6g); "
           "largest relative error of the length %.3g, of the mass %.3g\n", path, events,
           S->ln_nseg[0], w->length, L0, paid, worst_len, worst_mass);
    cr_expect_geq(events, 3);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

Test(reel, bookkeeping_payout_to_the_end_stop) { bookkeeping(HW_TEST_DATA_DIR "/reel_payout.yaml", 40.0); }
Test(reel, bookkeeping_haul_in_to_the_minimum) { bookkeeping(HW_TEST_DATA_DIR "/reel_haul.yaml", 30.0); }

/* The step step_n records (hw_integrate_step_reel, the reel state read back once per call) on
 * the CPU against the per-step path: the same functions in the same order, bit-equal. */
Test(reel, per_call_path_equals_per_step_path)
{
    const char *paths[] = {HW_TEST_DATA_DIR "/reel_payout.yaml", HW_EXAMPLES_DIR "/block_and_tackle.yaml"};
    for (int p = 0; p < 2; p++) {
        hw_scenario *sa, *sb;
        hw_sim *a = make(paths[p], &sa), *b = make(paths[p], &sb);
        hw_sim_set_check_per_call(b, 1);
        for (int c = 0; c < 20; c++) {
            cr_assert_eq(hw_sim_step(a, 997), HW_OK, "%s", hw_sim_last_error(a));
            cr_assert_eq(hw_sim_step(b, 997), HW_OK, "%s", hw_sim_last_error(b));
            expect_same(a, b, paths[p], a->steps);
        }
        double t = hw_sim_time(a) + 0.3 * hw_sim_dt(a); /* a shortened step too */
        cr_assert_eq(hw_sim_advance_to(a, t), HW_OK);
        cr_assert_eq(hw_sim_advance_to(b, t), HW_OK);
        expect_same(a, b, paths[p], a->steps);
        hw_sim_destroy(a); hw_sim_destroy(b);
        hw_scenario_free(sa); hw_scenario_free(sb);
    }
}
