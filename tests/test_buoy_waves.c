/* A moored buoy in regular waves (issue "The sea", tests): a subsurface buoy (a free point: 2 m
 * sphere, 1 t) on a taut polyester tether from an anchor in 50 m of water, in Airy waves of
 * height 4 m and period 8 s. The waves move the buoy through the Morison loads on it and on the
 * tether; after the ramp the motion settles to the wave's period.
 *   - periodic state: the top tension's range (max - min) over the last two wave periods agrees;
 *   - convergence: the range converges as the tether's segments are refined (10, 20, 40) and as
 *     the step is halved;
 *   - and its size is that of the loads that make it: the buoy's vertical inertia force
 *     rho V (1 + Ca) a_z in the wave at its depth, the largest tension-changing load here. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>

#include "hawser/hawser.h"
#include "hawser/waves.h"

#define G0 9.80665
#define RHO 1025.0
#define DEPTH 50.0
#define H_WAVE 4.0
#define T_WAVE 8.0
#define ZB -20.0 /* the buoy's depth */
#define R_BUOY 1.0
#define M_BUOY 1000.0
#define CA_BUOY 0.5
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct run_out {
    double range[2]; /* top tension's max - min over the last two periods */
    double mean;
} run_out;

static void run_buoy(int nseg, double dt, run_out *o)
{
    hw_model_def d = hw_default_model();
    d.env.depth = DEPTH;
    d.env.rho_w = RHO;
    d.env.g = G0;
    d.env.waves.kind = HW_WAVES_REGULAR;
    d.env.waves.height = H_WAVE;
    d.env.waves.period = T_WAVE;
    d.env.waves.ramp_time = 3.0 * T_WAVE;
    hw_line_type_def ty = hw_default_line_type();
    ty.name = "polyester";
    ty.d = 0.1;
    ty.mu = 8.0;
    ty.ea = 1.0e7;
    ty.damping_ratio = 0.5;
    hw_point_def pts[2];
    pts[0] = hw_default_point();
    pts[0].name = "anchor";
    pts[0].kind = HW_POINT_FIXED;
    pts[0].pos[2] = -DEPTH;
    pts[1] = hw_default_point();
    pts[1].name = "buoy";
    pts[1].kind = HW_POINT_FREE;
    pts[1].pos[2] = ZB;
    pts[1].mass = M_BUOY;
    pts[1].volume = 4.0 / 3.0 * M_PI * R_BUOY * R_BUOY * R_BUOY;
    pts[1].cda = 0.5 * M_PI * R_BUOY * R_BUOY;
    pts[1].ca = CA_BUOY;
    hw_line_def ln = hw_default_line();
    ln.name = "tether";
    ln.type = 0;
    ln.point_a = 0;
    ln.point_b = 1;
    ln.length = DEPTH + ZB - 0.1; /* a little short: taut from the start */
    ln.nseg = nseg;
    d.n_types = 1; d.types = &ty;
    d.n_points = 2; d.points = pts;
    d.n_lines = 1; d.lines = &ln;
    d.solver.dt = dt;
    d.solver.integrator = HW_INT_RK2;
    d.solver.static_solve = 1;
    d.solver.t_end = 1e9;
    hw_sim *sim = NULL;
    char msg[512] = "";
    hw_status st = hw_sim_create(&d, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "hw_sim_create: %s", msg);
    int per = (int)lround(T_WAVE / dt), n_periods = 14;
    o->range[0] = o->range[1] = 0.0;
    o->mean = 0.0;
    long n_mean = 0;
    for (int p = 0; p < n_periods; p++) {
        double tmin = INFINITY, tmax = -INFINITY;
        for (int k = 0; k < per; k++) {
            cr_assert_eq(hw_sim_step(sim, 1), HW_OK, "N %d dt %g: step failed at t = %g", nseg, dt, hw_sim_time(sim));
            double ta, tb;
            hw_sim_line_end_tensions(sim, 0, &ta, &tb);
            tmin = fmin(tmin, tb);
            tmax = fmax(tmax, tb);
            if (p >= n_periods - 2) { o->mean += tb; n_mean++; }
        }
        if (p >= n_periods - 2) o->range[p - (n_periods - 2)] = tmax - tmin;
    }
    o->mean /= (double)n_mean;
    hw_sim_destroy(sim);
}

/* The buoy's vertical inertia load amplitude in the wave at its depth: rho V (1 + Ca) w^2 a
 * sinh(k (z + h)) / sinh(k h) (Airy's vertical acceleration). */
static double inertia_amplitude(void)
{
    double w = 2.0 * M_PI / T_WAVE, k = 0.0;
    /* k from the dispersion relation w^2 = g k tanh(k h), by bisection (independent of the code) */
    double lo = 1e-6, hi = 10.0;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (G0 * mid * tanh(mid * DEPTH) > w * w) hi = mid; else lo = mid;
    }
    k = 0.5 * (lo + hi);
    double vol = 4.0 / 3.0 * M_PI * R_BUOY * R_BUOY * R_BUOY;
    return RHO * vol * (1.0 + CA_BUOY) * w * w * 0.5 * H_WAVE * sinh(k * (ZB + DEPTH)) / sinh(k * DEPTH);
}

Test(buoy_waves, periodic_and_converged)
{
    double dt = 5e-4;
    run_out r10, r20, r40, r20h;
    run_buoy(10, dt, &r10);
    run_buoy(20, dt, &r20);
    run_buoy(40, dt, &r40);
    run_buoy(20, dt / 2.0, &r20h);
    double fa = inertia_amplitude();
    cr_log_info("tension range over the last two periods: N10 %.1f %.1f, N20 %.1f %.1f, N40 %.1f %.1f, "
                "N20 dt/2 %.1f %.1f N; mean %.1f N; 2 x inertia amplitude %.1f N",
                r10.range[0], r10.range[1], r20.range[0], r20.range[1], r40.range[0], r40.range[1],
                r20h.range[0], r20h.range[1], r40.mean, 2.0 * fa);
    /* periodic: two successive periods' ranges within 1% (the free pendulum's transient started
     * by the 3-period ramp is damped by the buoy's drag well before the last two of 14 periods) */
    const run_out *all[4] = {&r10, &r20, &r40, &r20h};
    for (int i = 0; i < 4; i++)
        cr_expect(fabs(all[i]->range[1] - all[i]->range[0]) <= 0.01 * all[i]->range[1],
                  "case %d not periodic: ranges %.2f and %.2f N", i, all[i]->range[0], all[i]->range[1]);
    /* converges with N: the change from 20 to 40 segments is under 1% of the range and smaller
     * than the change from 10 to 20 */
    double d1 = fabs(r20.range[1] - r10.range[1]), d2 = fabs(r40.range[1] - r20.range[1]);
    cr_expect(d2 <= 0.01 * r40.range[1], "N 20 -> 40 changed the range by %.2f N of %.2f", d2, r40.range[1]);
    cr_expect(d2 <= d1 + 1e-6 * r40.range[1], "no convergence in N: |R20 - R10| = %.3f, |R40 - R20| = %.3f", d1, d2);
    /* converges with dt: halving the step changes the range by under 0.5% */
    double d3 = fabs(r20h.range[1] - r20.range[1]);
    cr_expect(d3 <= 0.005 * r20.range[1], "dt -> dt/2 changed the range by %.3f N of %.2f", d3, r20.range[1]);
    /* the size: the range is that of the buoy's vertical inertia load (peak to peak 2 F_a) to
     * within the other loads' share (drag on the buoy and tether, the tether's own inertia and the
     * buoy's pendulum motion): 20% */
    cr_expect(fabs(r40.range[1] - 2.0 * fa) <= 0.2 * 2.0 * fa, "range %.1f N against 2 F_a = %.1f N",
              r40.range[1], 2.0 * fa);
    /* the mean: the net buoyancy (the waves' mean loads are second order) within 2% */
    double net = (RHO * 4.0 / 3.0 * M_PI - M_BUOY) * G0;
    cr_expect(fabs(r40.mean - net) <= 0.02 * net, "mean top tension %.1f N against net buoyancy %.1f N", r40.mean, net);
}
