/* The explicit integrators, written once over the backend operations table. Point kinematics are
 * imposed on every stage state at its own time before it is evaluated, and on the result. */
#include "world/integrate.h"

void hw_integrate_step(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ, double t,
                       double dt)
{
    /* the first evaluation of every step is at (t, y_n): the every-step extremes and the
     * instability monitor read it (kernels/accum.h) */
    /* waves: the kinematics samples of the interval this step starts in (nothing in still
     * water) */
    ops->wave_refresh(b, t, HW_BUF_Y);
#define HW_EVAL_FIRST(dst) do { ops->eval(b, t, HW_BUF_Y, (dst)); ops->accumulate(b, t); } while (0)
    switch (integ) {
    case HW_INT_SYMPLECTIC_EULER:
        HW_EVAL_FIRST(HW_BUF_K1);
        ops->symplectic(b, HW_BUF_Y, HW_BUF_K1, dt);
        break;
    case HW_INT_RK2: { /* Heun: y1 = y + dt k1; y += dt/2 (k1 + k2(t + dt, y1)) */
        const int k12[2] = {HW_BUF_K1, HW_BUF_K2};
        const double c1[1] = {dt}, c2[2] = {0.5 * dt, 0.5 * dt};
        HW_EVAL_FIRST(HW_BUF_K1);
        ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, c1, k12);
        ops->constrain(b, t + dt, HW_BUF_TMP);
        ops->eval(b, t + dt, HW_BUF_TMP, HW_BUF_K2);
        ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, 2, c2, k12);
        break;
    }
    case HW_INT_RK4: {
        const int kb[4] = {HW_BUF_K1, HW_BUF_K2, HW_BUF_K3, HW_BUF_K4};
        double h2 = 0.5 * dt;
        HW_EVAL_FIRST(HW_BUF_K1);
        ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, &h2, &kb[0]);
        ops->constrain(b, t + h2, HW_BUF_TMP);
        ops->eval(b, t + h2, HW_BUF_TMP, HW_BUF_K2);
        ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, &h2, &kb[1]);
        ops->constrain(b, t + h2, HW_BUF_TMP);
        ops->eval(b, t + h2, HW_BUF_TMP, HW_BUF_K3);
        ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, &dt, &kb[2]);
        ops->constrain(b, t + dt, HW_BUF_TMP);
        ops->eval(b, t + dt, HW_BUF_TMP, HW_BUF_K4);
        const double c[4] = {dt / 6.0, dt / 3.0, dt / 3.0, dt / 6.0};
        ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, 4, c, kb);
        break;
    }
    }
    ops->constrain(b, t + dt, HW_BUF_Y);
#undef HW_EVAL_FIRST
}

void hw_integrate_step_reel(const hw_backend_ops *ops, hw_backend *b, hw_integrator integ,
                            double t, double dt)
{
    ops->reel_before(b, t, dt);
    hw_integrate_step(ops, b, integ, t, dt);
    ops->reel_after(b, t, dt);
}
