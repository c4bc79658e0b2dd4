/* The CPU backend's fast loops (kernels/cpu/lumped_cpu.c: segment_range, node_range, written
 * with restrict parameters so that gcc vectorizes them) against the per-element bodies of
 * kernels/lumped.h called one element at a time, in the order the CUDA kernels call them. The
 * two must agree to the last bit: that is what makes the CPU backend the reference for the GPU
 * parity suite. The model exercises every branch of the node body: nodes in air and in water,
 * on and off the seabed (with friction), a prescribed and a free point, random velocities; with
 * bending, with a current (varying in depth and time, nodes above and below the profile's ends,
 * the line's current scale), and with lines cut into several work items (the fast loop's hinge
 * and current gathers across item boundaries). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hawser/waves.h"
#include "world/sim_internal.h"

static void reference_eval(const hw_lm_sys *S, double t, double *y, double *dy)
{
    size_t ns = (size_t)S->n_segs, nn = (size_t)S->n_nodes, ne = 2 * (size_t)S->n_lines;
    hw_lm_work w;
    memset(&w, 0, sizeof w);
    double *all = calloc(7 * ns + 6 * nn + 9 * ne + 6 * (size_t)S->n_points + 8, sizeof(double));
    double *p = all;
    w.seg_T = p; p += ns; w.seg_qx = p; p += ns; w.seg_qy = p; p += ns; w.seg_qz = p; p += ns;
    w.seg_len = p; p += ns; w.seg_strain = p; p += ns; w.seg_pd = p; p += ns;
    w.hg_fa = p; p += 3 * nn; w.hg_fb = p; p += 3 * nn;
    w.end_f = p; p += 3 * ne; w.end_m = p; p += 6 * ne;
    w.pt_f = p; p += 3 * (size_t)S->n_points; w.pt_a = p;
    int bad = HW_NO_BAD;
    w.bad = &bad;
    for (int k = 0; k < S->n_points; k++) hw_lm_constrain_point(S, t, y, k);
    for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_constrain_end(S, y, e);
    for (int s = 0; s < S->n_segs; s++) hw_lm_segment(S, t, y, &w, dy, s);
    if (S->any_bending) for (int i = 0; i < S->n_nodes; i++) hw_lm_hinge(S, y, &w, i);
    for (int i = 0; i < S->n_nodes; i++) hw_lm_node(S, t, y, &w, dy, i);
    for (int k = 0; k < S->n_points; k++) hw_lm_point(S, t, y, &w, dy, k);
    for (int e = 0; e < 2 * S->n_lines; e++) hw_lm_end_deriv(S, dy, e);
    free(all);
}

/* A current varying in depth (z from -150 m: the grounded nodes lie below the profile, flat
 * there) and in time (t = 0.3 between the profile's second and third times), in every direction. */
static const double CUR_Z[4] = {-150.0, -90.0, -40.0, -5.0}, CUR_T[3] = {0.0, 0.2, 1.0};
static const double CUR_UX[12] = {0.1, 0.3, 0.6, 0.9, 0.2, 0.35, 0.7, 1.1, 0.15, 0.5, 0.8, 1.4};
static const double CUR_UY[12] = {-0.1, 0.0, 0.2, 0.3, 0.0, 0.1, 0.25, 0.5, -0.2, 0.1, 0.3, 0.6};
static const double CUR_UZ[12] = {0.0, 0.01, -0.02, 0.03, 0.02, 0.0, -0.01, 0.04, 0.01, 0.02, 0.0, -0.03};

enum { WITH_CURRENT = 1, SMALL_ITEMS = 2, WITH_WAVES = 4 };

static void compare_n(double ei, int broken, int nseg, int flags)
{
    /* a chain from a fairlead 5 m above the water to the seabed 200 m down: part in air, part
     * in water, part grounded */
    double ra[3] = {-800, 0, -200}, rb[3] = {0, 0, 5};
    one_line m;
    one_line_init(&m, 0.0766, 113.35, 7.536e8, 850, nseg, ra, rb);
    m.def.env.depth = 200;
    m.type.seabed_mu = 0.6;
    m.type.ei = ei;
    m.type.ba = 2e6;
    m.pts[1].kind = HW_POINT_FREE;
    m.pts[1].mass = 1e4;
    m.pts[1].volume = 2;
    double cscale = 1.3;
    if (flags & WITH_CURRENT) {
        hw_current_def *c = &m.def.env.current;
        c->n_depth = 4; c->z = CUR_Z; c->n_time = 3; c->t = CUR_T;
        c->ux = CUR_UX; c->uy = CUR_UY; c->uz = CUR_UZ;
        m.def.line_current_scale = &cscale;
    }
    if (flags & SMALL_ITEMS) hw_cpu_set_grain(8, -1); /* items of 8 segments */
    hw_model mod;
    char msg[256];
    cr_assert_eq(hw_model_build(&m.def, &mod, msg, sizeof msg), HW_OK, "%s", msg);
    if (broken) { /* line failure: an end segment and two interior ones (host/world/failure.c) */
        mod.S.seg_alive[0] = 0.0;
        mod.S.seg_alive[20] = 0.0;
        mod.S.seg_alive[41] = 0.0;
    }
    hw_waves *waves = NULL;
    int *wv_k = NULL;
    double *wv_s = NULL;
    if (flags & WITH_WAVES) { /* regular waves 6 m high: the nodes near the fairlead cross the
                                 surface (the submerged fractions), as hw_sim_create sets them */
        hw_env_def env = m.def.env;
        env.waves.kind = HW_WAVES_REGULAR;
        env.waves.height = 6.0;
        env.waves.period = 9.0;
        env.waves.direction = 0.4;
        cr_assert_eq(hw_waves_create(&env, &waves, msg, sizeof msg), HW_OK, "%s", msg);
        size_t ns = (size_t)mod.S.n_state;
        wv_k = malloc(ns * sizeof(int));
        wv_s = calloc(2 * HW_WS_N * ns, sizeof(double));
        for (size_t i = 0; i < ns; i++) wv_k[i] = HW_WV_NONE;
        mod.S.wv = hw_waves_field(waves, mod.S.rho, mod.S.g, mod.S.depth);
        mod.S.wv_h = hw_waves_kinematics_step(waves);
        mod.S.wv_k = wv_k;
        mod.S.wv_s0 = wv_s;
        mod.S.wv_s1 = wv_s + HW_WS_N * ns;
    }
    const hw_lm_sys *S = &mod.S;
    size_t ny = (size_t)HW_Y_BLOCKS * S->n_state;
    double *y = malloc(ny * sizeof(double)), *dref = calloc(ny, sizeof(double));
    double *dcpu = calloc(ny, sizeof(double));
    memcpy(y, mod.y0, ny * sizeof(double));
    srand(7);
    int n = S->n_state;
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 3; c++) {
            y[(HW_Y_RX + c) * n + i] += 0.05 * (rand() / (double)RAND_MAX - 0.5);
            y[(HW_Y_VX + c) * n + i] = 0.5 * (rand() / (double)RAND_MAX - 0.5);
        }
    const hw_backend_ops *ops = hw_cpu_backend();
    hw_backend *b = NULL;
    cr_assert_eq(ops->create(S, 0, &b, msg, sizeof msg), HW_OK);
    ops->upload(b, HW_BUF_Y, y);
    ops->constrain(b, 0.3, HW_BUF_Y);
    ops->wave_refresh(b, 0.3, HW_BUF_Y); /* the samples both evaluations read (shared arrays) */
    ops->eval(b, 0.3, HW_BUF_Y, HW_BUF_K1);
    ops->download(b, HW_BUF_K1, dcpu);
    reference_eval(S, 0.3, y, dref);
    if (flags & WITH_WAVES) { /* some nodes partly submerged, some dry, some wet */
        int part = 0;
        for (int i = 0; i < S->n_nodes; i++) {
            hw_wave_kin K = hw_lm_wave_at(S, 0.3, i, y[HW_Y_RZ * n + i]);
            part += fabs(y[HW_Y_RZ * n + i] - K.eta) < 3.0;
        }
        cr_assert_gt(part, 0, "the model must have nodes at the surface");
    }
    if (flags & WITH_CURRENT) cr_assert_gt(S->cur_nz, 0);
    int grounded = 0, dry = 0;
    for (int i = 0; i < S->n_nodes; i++) {
        grounded += y[HW_Y_RZ * n + i] < -200;
        dry += y[HW_Y_RZ * n + i] > 0;
    }
    cr_assert_gt(grounded, 3, "the model must put nodes on the seabed");
    cr_assert_gt(dry, 0, "the model must have nodes in air");
    if (nseg > 64) { /* node_range's blocks (HW_NODE_BLOCK 64 from node 1): some have no grounded node */
        int free_blocks = 0;
        for (int k0 = 1; k0 + 64 <= nseg; k0 += 64) {
            int g = 0;
            for (int k = k0; k < k0 + 64; k++) g += y[HW_Y_RZ * n + S->ln_n0[0] + k] < -200;
            free_blocks += g == 0;
        }
        cr_assert_gt(free_blocks, 0, "the model must have blocks of nodes above the seabed");
    }
    size_t first = ny;
    for (size_t k = 0; k < ny && first == ny; k++)
        if (memcmp(&dcpu[k], &dref[k], sizeof(double))) first = k;
    cr_expect_eq(first, ny, "EI %g: derivative %zu differs: cpu %.17g, per-element %.17g", ei, first,
                 first < ny ? dcpu[first] : 0.0, first < ny ? dref[first] : 0.0);
    ops->destroy(b);
    hw_cpu_set_grain(0, -1);
    free(y); free(dref); free(dcpu);
    hw_model_free(&mod);
    hw_waves_destroy(waves);
    free(wv_k); free(wv_s);
}

static void compare(double ei, int broken) { compare_n(ei, broken, 64, 0); }

Test(cpu_loops, fast_loops_bit_equal_per_element_bodies) { compare(0.0, 0); }
/* 300 segments: node_range's blocks of 64 nodes, the first with grounded nodes (the seabed
 * contact evaluated), the later ones all above the seabed (left out), and a short last block */
Test(cpu_loops, node_blocks_with_and_without_seabed_bit_equal) { compare_n(0.0, 0, 300, 0); }
Test(cpu_loops, bending_lines_bit_equal_per_element_bodies) { compare(5e4, 0); }
Test(cpu_loops, broken_segments_bit_equal_per_element_bodies) { compare(0.0, 1); }
Test(cpu_loops, broken_bending_lines_bit_equal_per_element_bodies) { compare(5e4, 1); }
Test(cpu_loops, current_bit_equal_per_element_bodies) { compare_n(0.0, 0, 300, WITH_CURRENT); }
Test(cpu_loops, current_and_bending_bit_equal_per_element_bodies)
{
    compare_n(5e4, 0, 300, WITH_CURRENT);
    compare_n(5e4, 1, 64, WITH_CURRENT);
}
/* lines cut into items of 8 segments: each item's current pre-pass and the hinges of the nodes
 * either side of an item boundary */
Test(cpu_loops, small_items_bit_equal_per_element_bodies)
{
    compare_n(0.0, 0, 64, SMALL_ITEMS);
    compare_n(5e4, 1, 64, SMALL_ITEMS | WITH_CURRENT);
    compare_n(5e4, 0, 300, SMALL_ITEMS | WITH_CURRENT);
}

/* waves (node_range's wave variant, over the sampled kinematics and the submerged fractions):
 * with and without a current and bending, blocks with and without grounded nodes, small items */
Test(cpu_loops, waves_bit_equal_per_element_bodies)
{
    compare_n(0.0, 0, 300, WITH_WAVES);
    compare_n(5e4, 0, 300, WITH_WAVES | WITH_CURRENT);
    compare_n(0.0, 1, 64, WITH_WAVES | WITH_CURRENT);
    compare_n(5e4, 1, 64, WITH_WAVES | SMALL_ITEMS);
}

/* hw_node_accel (the closed-form inverse of the node mass matrix A I + B qh qh^T) against the
 * general 3x3 solve of the same matrix (hw_m3s_solve of hw_node_mass) and against the residual
 * M a - f. The matrix is well conditioned (A + B q.q and A within a factor of a few of each
 * other for any physical Ca), so both solves are within a few ulp of the exact answer: relative
 * 1e-14 of |a| is ten to a hundred times their rounding. Covers wet and dry nodes, Cat above and
 * below Can, a zero tangent (a node between two broken segments) and non-unit tangents. */
Test(cpu_loops, node_accel_is_the_mass_matrix_inverse)
{
    srand(11);
    double cases[][3] = {{1.0, 0.0, 1}, {1.0, 0.5, 1}, {0.3, 2.0, 1}, {1.0, 0.0, 0}, {0.0, 0.0, 1}};
    int n = 0;
    for (int c = 0; c < 5; c++)
        for (int k = 0; k < 200; k++, n++) {
            double can = cases[c][0], cat = cases[c][1];
            int wet = (int)cases[c][2];
            double m = 10.0 + 200.0 * (rand() / (double)RAND_MAX), l = 0.2 + rand() / (double)RAND_MAX;
            hw_v3 q = hw_v3_make(rand() / (double)RAND_MAX - 0.5, rand() / (double)RAND_MAX - 0.5,
                                 rand() / (double)RAND_MAX - 0.5);
            if (k % 4 == 0) q = hw_v3_scale(q, 1.0 / hw_v3_norm(q)); /* unit */
            if (k == 1) q = hw_v3_zero();
            hw_v3 f = hw_v3_make(1e4 * (rand() / (double)RAND_MAX - 0.5), 1e4 * (rand() / (double)RAND_MAX - 0.5),
                                 1e4 * (rand() / (double)RAND_MAX - 0.5));
            hw_m3s M = hw_node_mass(m, wet, 1025.0, 0.0766, l, can, cat, q);
            hw_v3 a = hw_node_accel(m, wet, 1025.0, 0.0766, l, can, cat, q, f);
            hw_v3 ref = hw_m3s_solve(M, f);
            hw_v3 res = hw_v3_sub(hw_m3s_mul(M, a), f);
            double an = hw_v3_norm(ref);
            cr_assert_leq(hw_v3_norm(hw_v3_sub(a, ref)), 1e-14 * an, "case %d.%d: |a - a_ref| %g of %g", c, k,
                          hw_v3_norm(hw_v3_sub(a, ref)), an);
            cr_assert_leq(hw_v3_norm(res), 1e-14 * hw_v3_norm(f), "case %d.%d: residual %g", c, k, hw_v3_norm(res));
        }
    cr_assert_eq(n, 1000);
}

/* hw_current_3 (the three components sharing one search in depth and time) against each
 * component looked up on its own, as the lookup was written before: hw_tlu in depth at the two
 * bracketing times, then linear in time, flat outside. Bit-equal over depths and times inside,
 * outside and on the table's knots, with one, one and four time rows. */
static double current_component(const double *zt, const double *tt, const double *u, int nz,
                                int nt, double z, double t)
{
    if (nt <= 1 || t <= tt[0]) return hw_tlu(zt, u, nz, z);
    if (t >= tt[nt - 1]) return hw_tlu(zt, u + (nt - 1) * nz, nz, z);
    int k = 0;
    while (k < nt - 2 && tt[k + 1] <= t) k++;
    double s = (t - tt[k]) / (tt[k + 1] - tt[k]);
    double a = hw_tlu(zt, u + k * nz, nz, z), b = hw_tlu(zt, u + (k + 1) * nz, nz, z);
    return a + s * (b - a);
}

Test(cpu_loops, current_lookup_bit_equal_per_component)
{
    static const double zt[4] = {-150.0, -90.0, -40.0, -5.0}, tt[4] = {0.0, 0.2, 1.0, 1.5};
    srand(13);
    double ux[16], uy[16], uz[16];
    for (int k = 0; k < 16; k++) {
        ux[k] = rand() / (double)RAND_MAX - 0.3;
        uy[k] = rand() / (double)RAND_MAX - 0.5;
        uz[k] = 0.1 * (rand() / (double)RAND_MAX - 0.5);
    }
    double zs[] = {-300.0, -150.0, -120.3, -90.0, -61.7, -40.0, -12.5, -5.0, -1.0, 3.0};
    double ts[] = {-1.0, 0.0, 0.1, 0.2, 0.37, 1.0, 1.2, 1.5, 2.0};
    int shapes[][2] = {{4, 4}, {4, 1}, {1, 4}, {1, 1}, {2, 2}}, n = 0;
    for (int c = 0; c < 5; c++)
        for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++)
            for (size_t j = 0; j < sizeof ts / sizeof ts[0]; j++, n++) {
                int nz = shapes[c][0], nt = shapes[c][1];
                const double *zz = nz == 1 ? zt + 2 : zt, *t0 = nt == 2 ? tt + 1 : tt;
                hw_v3 u = hw_current_3(zz, t0, ux, uy, uz, nz, nt, zs[i], ts[j]);
                double ref[3] = {current_component(zz, t0, ux, nz, nt, zs[i], ts[j]),
                                 current_component(zz, t0, uy, nz, nt, zs[i], ts[j]),
                                 current_component(zz, t0, uz, nz, nt, zs[i], ts[j])};
                double got[3] = {u.x, u.y, u.z};
                cr_assert(!memcmp(got, ref, sizeof got), "shape %d, z %g, t %g: (%.17g %.17g %.17g) vs (%.17g %.17g %.17g)",
                          c, zs[i], ts[j], got[0], got[1], got[2], ref[0], ref[1], ref[2]);
            }
    cr_assert_eq(n, 450);
}

/* The damped hinge (kernels/physics/bending.h): with tau = 0 it is the elastic hinge; its damping
 * forces are -dR/dv of R = k tau |u|^2 / 2 (checked against a central difference of R), so they
 * dissipate 2 R = h.power; a rigid translation adds no force; forces sum to zero. */
static double hinge_R(const double *v, const double *x, double k, double tau)
{
    hw_v3 r[3], w[3];
    for (int j = 0; j < 3; j++) {
        r[j] = hw_v3_make(x[3 * j], x[3 * j + 1], x[3 * j + 2]);
        w[j] = hw_v3_make(v[3 * j], v[3 * j + 1], v[3 * j + 2]);
    }
    hw_v3 ea = hw_v3_sub(r[1], r[0]), eb = hw_v3_sub(r[2], r[1]);
    double la = sqrt(hw_v3_dot(ea, ea)), lb = sqrt(hw_v3_dot(eb, eb));
    hw_v3 qa = hw_v3_scale(ea, 1 / la), qb = hw_v3_scale(eb, 1 / lb);
    hw_v3 u = hw_v3_sub(hw_hinge_qdot(qb, lb, hw_v3_sub(w[2], w[1])), hw_hinge_qdot(qa, la, hw_v3_sub(w[1], w[0])));
    return 0.5 * k * tau * hw_v3_dot(u, u);
}
Test(cpu_loops, damped_hinge_is_a_rayleigh_dissipation)
{
    const double x[9] = {0, 0, 0, 0.5, 0.05, -0.02, 1.02, 0.02, 0.06}, k = 2e7, tau = 1.4e-4;
    double v[9] = {0.3, -0.2, 0.1, -0.4, 0.7, 0.2, 0.1, 0.3, -0.5};
    hw_v3 r0 = hw_v3_make(x[0], x[1], x[2]), r1 = hw_v3_make(x[3], x[4], x[5]), r2 = hw_v3_make(x[6], x[7], x[8]);
    hw_v3 ea = hw_v3_sub(r1, r0), eb = hw_v3_sub(r2, r1);
    double la = sqrt(hw_v3_dot(ea, ea)), lb = sqrt(hw_v3_dot(eb, eb));
    hw_v3 qa = hw_v3_scale(ea, 1 / la), qb = hw_v3_scale(eb, 1 / lb);
    hw_v3 dva = hw_v3_make(v[3] - v[0], v[4] - v[1], v[5] - v[2]), dvb = hw_v3_make(v[6] - v[3], v[7] - v[4], v[8] - v[5]);
    hw_hinge e = hw_hinge_eval(qa, la, qb, lb, k);
    hw_hinge d = hw_hinge_eval_damped(qa, la, hw_hinge_qdot(qa, la, dva), qb, lb, hw_hinge_qdot(qb, lb, dvb), k, tau);
    hw_hinge z = hw_hinge_eval_damped(qa, la, hw_hinge_qdot(qa, la, dva), qb, lb, hw_hinge_qdot(qb, lb, dvb), k, 0.0);
    cr_assert(memcmp(&e.fa, &z.fa, sizeof e.fa) == 0 && memcmp(&e.fb, &z.fb, sizeof e.fb) == 0 && z.power == 0);
    /* the classical elastic form */
    double c = hw_v3_dot(qa, qb);
    hw_v3 fa0 = hw_v3_scale(hw_v3_sub(qb, hw_v3_scale(qa, c)), k / la);
    cr_assert(fabs(e.fa.x - fa0.x) + fabs(e.fa.y - fa0.y) + fabs(e.fa.z - fa0.z) < 1e-9 * k);
    /* the damping part on the three nodes: -(fa), fa - fb, fb */
    hw_v3 ga = hw_v3_sub(d.fa, e.fa), gb = hw_v3_sub(d.fb, e.fb);
    hw_v3 F[3] = {hw_v3_scale(ga, -1), hw_v3_sub(ga, gb), gb};
    hw_v3 sum = hw_v3_add(hw_v3_add(F[0], F[1]), F[2]);
    cr_assert(sqrt(hw_v3_dot(sum, sum)) < 1e-9 * sqrt(hw_v3_dot(ga, ga)));
    double P = 0;
    for (int j = 0; j < 3; j++) {
        double fd[3];
        for (int a = 0; a < 3; a++) {
            double vp[9], vm[9], hstep = 1e-6;
            memcpy(vp, v, sizeof vp); memcpy(vm, v, sizeof vm);
            vp[3 * j + a] += hstep; vm[3 * j + a] -= hstep;
            fd[a] = -(hinge_R(vp, x, k, tau) - hinge_R(vm, x, k, tau)) / (2 * hstep);
        }
        hw_v3 f = F[j];
        double fj[3] = {f.x, f.y, f.z};
        for (int a = 0; a < 3; a++)
            cr_assert(fabs(fj[a] - fd[a]) <= 1e-6 * (fabs(fd[a]) + 1.0), "node %d axis %d: %.9g vs %.9g", j, a, fj[a], fd[a]);
        P += hw_v3_dot(f, hw_v3_make(v[3 * j], v[3 * j + 1], v[3 * j + 2]));
    }
    cr_assert(d.power > 0 && fabs(-P - d.power) < 1e-9 * d.power, "power %.9g vs %.9g", -P, d.power);
    cr_assert(fabs(d.power - 2 * hinge_R(v, x, k, tau)) < 1e-9 * d.power);
    /* a rigid translation: no damping */
    double vt[9] = {0.3, -0.2, 0.1, 0.3, -0.2, 0.1, 0.3, -0.2, 0.1};
    cr_assert(hinge_R(vt, x, k, tau) == 0.0);
}
