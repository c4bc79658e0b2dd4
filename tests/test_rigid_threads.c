/* Rigid-cylinder cables on CPU threads (kernels/cpu/rigid_cpu.c): results bit-identical for 1, 2
 * and 3 threads (several short cables on block Thomas, one cable per thread; a long cable on the
 * block cyclic reduction with threads over each level's rows; a reeling cable of each kind; body
 * ends), and the long-cable CPU path bit-equal to the GPU step's CPU emulation (the same row and
 * lane functions in the GPU's storage and launch order). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/hawser.h"
#include "hawser/rigid.h"
#include "helpers.h"
#include "rigid_emulation.h"
#include "rigid/rigid_internal.h"

/* What a run leaves: the state, the multipliers, the end points, the dissipated energy. */
typedef struct snap {
    int ne, nb, nc;
    double *st, *lam, *ends, dissipated;
    hw_body_s *b6; /* the 6-DOF bodies' states, 2 per cable */
} snap;

static snap take(const hw_rc *rc)
{
    const hw_rc_sys *S = &rc->S;
    snap s;
    s.ne = S->n_elems; s.nb = S->n_blocks; s.nc = S->n_cables;
    s.st = malloc((size_t)HW_RC_NS * s.ne * sizeof(double));
    s.lam = malloc((size_t)6 * s.nb * sizeof(double));
    s.ends = malloc((size_t)6 * s.nc * sizeof(double));
    memcpy(s.st, S->st, (size_t)HW_RC_NS * s.ne * sizeof(double));
    for (int q = 0; q < s.nb; q++) memcpy(s.lam + 6 * q, rc->blk + (size_t)q * HW_RC_BLK + HW_RC_B_LAM, 6 * sizeof(double));
    for (int c = 0; c < s.nc; c++) {
        memcpy(s.ends + 6 * c, S->cab[c].posa, 3 * sizeof(double));
        memcpy(s.ends + 6 * c + 3, S->cab[c].posb, 3 * sizeof(double));
    }
    s.dissipated = rc->dissipated;
    s.b6 = calloc((size_t)2 * s.nc, sizeof(hw_body_s));
    for (int c = 0; c < s.nc; c++)
        for (int e = 0; e < 2; e++) s.b6[2 * c + e] = S->cab[c].body6[e].s;
    return s;
}

static void drop(snap *s) { free(s->st); free(s->lam); free(s->ends); free(s->b6); }

static int same(const snap *a, const snap *b)
{
    return a->ne == b->ne && a->nb == b->nb && a->nc == b->nc &&
           !memcmp(a->st, b->st, (size_t)HW_RC_NS * a->ne * sizeof(double)) &&
           !memcmp(a->lam, b->lam, (size_t)6 * a->nb * sizeof(double)) &&
           !memcmp(a->ends, b->ends, (size_t)6 * a->nc * sizeof(double)) &&
           !memcmp(&a->dissipated, &b->dissipated, sizeof(double)) &&
           !memcmp(a->b6, b->b6, (size_t)2 * a->nc * sizeof(hw_body_s));
}

/* Runs def for `steps` steps on 1, 2 and 3 threads (one step at a time, as the winch tests do) and
 * requires identical results; returns the state's largest displacement from the start (so the
 * caller can check that the run did something). */
static double thread_invariance(const hw_rc_def *def, int steps, const double *end_load)
{
    snap ref = {0};
    double moved = 0.0;
    for (int t = 1; t <= 3; t++) {
        hw_set_threads(t);
        hw_rc *rc = rc_make(def);
        if (end_load) hw_rc_set_end_load(rc, 0, 1, end_load, NULL);
        double x0 = rc->S.st[0];
        for (int s = 0; s < steps; s++)
            cr_assert_eq(hw_rc_step(rc, 1), HW_OK, "%d threads, step %d: %s", t, s, hw_rc_last_error(rc));
        snap r = take(rc);
        if (t == 1) {
            ref = r;
            moved = fabs(rc->S.st[0] - x0);
        } else {
            cr_expect(same(&ref, &r), "%d threads differ from 1 thread", t);
            drop(&r);
        }
        hw_rc_destroy(rc);
    }
    drop(&ref);
    hw_set_threads(0);
    return moved;
}

/* a hanging steel wire in a cross current, n elements of 1 m, ends at (x, 0, 0) and (x + 0.8 L, 0, -0.5 L) */
static hw_rc_cable_def wire(const char *name, int n, double x)
{
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = name;
    c.length = n; c.elements = n;
    c.mass_per_length = 10; c.diameter = 0.04; c.ea = 1e9; c.ei = 100; c.gj = 50;
    c.pos_a[0] = x; c.pos_b[0] = x + 0.8 * n; c.pos_b[2] = -0.5 * n;
    return c;
}

Test(rigid_threads, several_short_cables)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 1000;
    def.env.current[0] = 0.3;
    hw_rc_cable_def c[5];
    for (int k = 0; k < 5; k++) c[k] = wire("w", 40 + 30 * k, 300.0 * k); /* 500 elements: threads on */
    c[1].end_b = HW_RC_END_FREE;
    c[3].end_a = HW_RC_END_CLAMPED;
    c[4].end_b = HW_RC_END_BODY; c[4].body_b.mass = 200; c[4].body_b.volume = 0.05; c[4].body_b.cda = 0.5;
    def.n_cables = 5; def.cables = c;
    cr_assert_lt(c[4].elements + 1, HW_RC_BCR_ROWS);
    double moved = thread_invariance(&def, 60, NULL);
    cr_expect_gt(moved, 1e-6);
}

/* 6-DOF bodies (HW_RC_END_BODY6, prepared and moved on the host around the threaded solve): a
 * short cable with one at B and one at both ends beside a long one (block cyclic reduction) with
 * one at A, in a current. */
static hw_body_def body6(double x, double z)
{
    hw_body_def b = hw_default_body();
    b.name = "b6";
    b.kind = HW_BODY_FREE;
    b.mass = 300;
    b.inertia[0] = 40; b.inertia[1] = 50; b.inertia[2] = 30; b.inertia[4] = 2;
    b.cg[0] = 0.1; b.cg[2] = -0.3;
    b.volume = 0.1;
    for (int k = 0; k < 6; k++) { b.cda[k] = 0.5; b.ca[k] = k < 3 ? 1.0 : 5.0; }
    b.pos[0] = x; b.pos[2] = z; b.rot[1] = 0.2;
    return b;
}

Test(rigid_threads, body6_ends)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 5000;
    def.env.current[0] = 0.3;
    hw_rc_cable_def c[3];
    c[0] = wire("short", 120, 0.0);
    c[0].end_b = HW_RC_END_BODY6; c[0].body6_b = body6(0.8 * 120, -0.5 * 120); c[0].at_b[2] = 0.5;
    c[1] = wire("both", 200, 1000.0);
    c[1].end_a = HW_RC_END_BODY6; c[1].body6_a = body6(1000.0, 0.0); c[1].at_a[0] = 0.4;
    c[1].end_b = HW_RC_END_BODY6; c[1].body6_b = body6(1000.0 + 0.8 * 200, -100.0); c[1].at_b[1] = 0.3;
    c[2] = wire("long", HW_RC_BCR_ROWS + 10, 3000.0);
    c[2].end_a = HW_RC_END_BODY6; c[2].body6_a = body6(3000.0, 0.0); c[2].at_a[2] = 0.5;
    def.n_cables = 3; def.cables = c;
    double moved = thread_invariance(&def, 30, NULL);
    cr_expect_gt(moved, 1e-9);
}

/* One cable past HW_RC_BCR_ROWS (block cyclic reduction, a body at B) beside a short one. */
Test(rigid_threads, long_cable_block_cyclic_reduction)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 5000;
    def.env.current[0] = 0.3;
    hw_rc_cable_def c[2];
    c[0] = wire("long", HW_RC_BCR_ROWS + 37, 0.0);
    c[0].end_b = HW_RC_END_BODY; c[0].body_b.mass = 500; c[0].body_b.volume = 0.1; c[0].body_b.cda = 0.5;
    c[1] = wire("short", 20, 5000.0);
    def.n_cables = 2; def.cables = c;
    double moved = thread_invariance(&def, 20, NULL);
    cr_expect_gt(moved, 1e-9);
}

/* A reel winch paying out at 20 m/s (a split about every 0.5 s): a short cable (Thomas) beside a
 * 300-element one (so the cables are shared among the threads), and a long one (BCR). */
static void reeling(int n, int steps)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 0.01;
    def.env.rho_w = 1025;
    def.env.depth = 30.0 * n + 1000;
    hw_rc_cable_def c[2];
    c[0] = hw_default_rc_cable();
    c[0].name = "reel";
    c[0].length = 10.0 * n; c[0].elements = n;
    c[0].mass_per_length = 12; c[0].diameter = 0.05; c[0].ea = 2e8; c[0].ei = 0; c[0].gj = 0; c[0].cdt = 0;
    c[0].end_a = HW_RC_END_POINT; c[0].end_b = HW_RC_END_FREE;
    c[0].pos_b[2] = -10.0 * n;
    double tt[] = {0.0, 0.1, 1e4}, vv[] = {0.0, 20.0, 20.0};
    c[0].winch.end = HW_WINCH_A;
    c[0].winch.mode = HW_WINCH_SPEED;
    c[0].winch.speed_table.n = 3; c[0].winch.speed_table.x = tt; c[0].winch.speed_table.y = vv;
    c[0].winch.min_length = 1.0;
    c[0].winch.max_length = 100.0 * n;
    c[1] = wire("beside", 300, 1e5);
    def.n_cables = n < 100 ? 2 : 1; def.cables = c;
    double load[3] = {0.0, 0.0, -1e5};
    hw_rc *rc = rc_make(&def);
    hw_rc_set_end_load(rc, 0, 1, load, NULL);
    cr_assert_eq(hw_rc_step(rc, steps), HW_OK, "%s", hw_rc_last_error(rc));
    cr_assert_gt(rc->S.cab[0].n, n, "the winch must have split its element for the test to mean something");
    hw_rc_destroy(rc);
    thread_invariance(&def, steps, load);
}

Test(rigid_threads, reeling_short_cable) { reeling(10, 120); }
Test(rigid_threads, reeling_long_cable) { reeling(HW_RC_BCR_ROWS, 60); }

/* The CPU's long-cable path and the GPU step's emulation (structure of arrays, level lists, lanes)
 * agree bit for bit: two cables past HW_RC_BCR_ROWS, one with a body at B, one with bodies at both
 * ends. */
Test(rigid_threads, long_cable_cpu_path_is_the_gpu_step)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = 2e-3;
    def.env.depth = 5000;
    def.env.current[0] = 0.4;
    hw_rc_cable_def c[2];
    c[0] = wire("a", HW_RC_BCR_ROWS + 100, 0.0);
    c[0].end_b = HW_RC_END_BODY; c[0].body_b.mass = 300; c[0].body_b.volume = 0.1; c[0].body_b.cda = 0.8;
    c[1] = wire("b", HW_RC_BCR_ROWS - 1, 5000.0);
    c[1].end_a = HW_RC_END_BODY; c[1].end_b = HW_RC_END_BODY;
    c[1].body_a.mass = 50; c[1].body_a.volume = 0.08; c[1].body_b.mass = 20; c[1].body_b.cda = 0.2;
    def.n_cables = 2; def.cables = c;
    hw_set_threads(2);
    hw_rc *ra = rc_make(&def), *rb = rc_make(&def);
    rc_emulation r = rc_emulate_gpu_step(ra, rb, def.dt, 10);
    printf("CPU block cyclic reduction vs the GPU step's emulation, 10 steps: %s (positions %.3g m)\n",
           r.bit_equal ? "bit-equal" : "DIFFERENT", r.dx);
    cr_expect(r.bit_equal);
    hw_rc_destroy(ra);
    hw_rc_destroy(rb);
    hw_set_threads(0);
}
