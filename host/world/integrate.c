/* The explicit integrators, written once over the backend operations table. Point kinematics are
 * imposed on every stage state at its own time before it is evaluated, and on the result.
 *
 * Adams-Bashforth of order p (docs/physics.md, time integration): one evaluation per step,
 *   y_n+1 = y_n + dt sum_j b_j f_n-j   (j = 0 .. p-1),
 * with the derivatives of the last p - 1 steps kept in K2..Kp between steps (f_n-1 in K2...). A
 * step first moves the history down one buffer (Kp <- Kp-1, ..., K2 <- K1: copies, so that the
 * operations a step issues are the same every step and the CUDA backend can replay them), then
 * evaluates f_n into K1. Until p - 1 derivatives are held, a step is a start-up step: the same
 * shift, then Heun's third-order Runge-Kutta
 *   k1 = f(t, y) (into K1: it is f_n), k2 = f(t + dt/3, y + dt/3 k1), k3 = f(t + 2dt/3, y + 2dt/3 k2),
 *   y += dt/4 k1 + 3dt/4 k3,
 * with k2 and then k3 in K4 (the history uses K1..K3 at most): its local error O(dt^4) keeps the
 * global order of AB2-AB4 (an Euler start would leave an O(dt^2) error behind). */
#include "world/integrate.h"

#include "model/critical_step.h"

int hw_integ_history(hw_integrator integ)
{
    if (integ == HW_INT_AB2 || integ == HW_INT_MOORDYN_HEUN || hw_integ_is_implicit((int)hw_integ_code(integ, 1)))
        return 1;
    return integ == HW_INT_AB3 ? 2 : integ == HW_INT_AB4 ? 3 : 0;
}

hw_integrator hw_integ_startup(hw_integrator integ, int have)
{
    int need = hw_integ_history(integ);
    if (have >= need) return integ;
    if (hw_integ_is_implicit((int)integ)) return (hw_integrator)((int)integ | HW_IMPL_FIRST); /* from a zero derivative */
    return (hw_integrator)(HW_INT_START_AB + (integ == HW_INT_MOORDYN_HEUN ? 1 : need + 1));
}

const char *hw_integ_name(hw_integrator integ)
{
    switch (integ) {
    case HW_INT_SYMPLECTIC_EULER: return "symplectic Euler";
    case HW_INT_RK2: return "RK2 (Heun)";
    case HW_INT_RK4: return "RK4";
    case HW_INT_EULER: return "explicit Euler";
    case HW_INT_AB2: return "AB2";
    case HW_INT_AB3: return "AB3";
    case HW_INT_AB4: return "AB4";
    case HW_INT_MOORDYN_HEUN: return "MoorDyn's Heun";
    case HW_INT_BEULER: return "backward Euler (iterated)";
    case HW_INT_MIDPOINT: return "implicit midpoint (iterated)";
    case HW_INT_ACA: return "Newmark average constant acceleration (iterated)";
    case HW_INT_WILSON: return "Wilson-theta (iterated)";
    }
    if (hw_integ_is_implicit((int)integ)) {
        static const char *const K[4] = {"backward Euler (iterated)", "implicit midpoint (iterated)",
                                         "Newmark average constant acceleration (iterated)", "Wilson-theta (iterated)"};
        return K[hw_impl_kind((int)integ)];
    }
    if ((int)integ == HW_INT_START_AB + 1) return "MoorDyn's Heun (first step)";
    return (int)integ > HW_INT_START_AB + 1 && (int)integ <= HW_INT_START_AB + 4 ? "AB start-up (RK3)" : "?";
}

static void shift_history(const hw_backend_ops *ops, hw_backend *b, int p)
{
    const int kb[4] = {HW_BUF_K1, HW_BUF_K2, HW_BUF_K3, HW_BUF_K4};
    const double zero = 0.0;
    for (int j = p - 1; j >= 1; j--) /* K(j+1) <- K(j): src + 0 x src */
        ops->lincomb(b, kb[j], kb[j - 1], 1, &zero, &kb[j - 1]);
}

/* A start-up step of Adams-Bashforth of order p: the shift, then Heun's RK3. */
static void ab_startup_step(const hw_backend_ops *ops, hw_backend *b, int p, double t, double dt)
{
    shift_history(ops, b, p);
    ops->eval(b, t, HW_BUF_Y, HW_BUF_K1);
    ops->accumulate(b, t);
    const int k1 = HW_BUF_K1, kx = HW_BUF_K4;
    double c = dt / 3.0, t1 = t + dt / 3.0, t2 = t + 2.0 * dt / 3.0;
    ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, &c, &k1);
    ops->constrain(b, t1, HW_BUF_TMP);
    ops->eval(b, t1, HW_BUF_TMP, kx); /* k2 */
    c = 2.0 * dt / 3.0;
    ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, &c, &kx);
    ops->constrain(b, t2, HW_BUF_TMP);
    ops->eval(b, t2, HW_BUF_TMP, kx); /* k3 */
    const int kk[2] = {HW_BUF_K1, HW_BUF_K4};
    const double cc[2] = {0.25 * dt, 0.75 * dt};
    ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, 2, cc, kk);
}

/* MoorDyn's Heun (its Time.cpp HeunScheme): K2 holds the previous step's derivative f_n-1 (zero
 * before the first step, as in MoorDyn, whose first step is thus half an Euler step). The state
 * is predicted with it, y* = y + dt f_n-1, the derivative evaluated there with the kinematics of
 * time t (as MoorDyn does), f_n = f(t, y*), and corrected with the trapezoid rule,
 * y_n+1 = y* + dt/2 (f_n - f_n-1) = y + dt/2 (f_n-1 + f_n); f_n is kept for the next step. For a
 * linear force it is AB2 (the same characteristic polynomial). The every-step extremes and the
 * monitor read the forces at y*. */
static void moordyn_heun_step(const hw_backend_ops *ops, hw_backend *b, int first, double t, double dt)
{
    const int k1 = HW_BUF_K1, k2 = HW_BUF_K2;
    if (first) {
        const double m1 = -1.0;
        ops->lincomb(b, k2, k2, 1, &m1, &k2);
    }
    ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, 1, &dt, &k2);
    ops->constrain(b, t, HW_BUF_Y);
    ops->eval(b, t, HW_BUF_Y, k1);
    ops->accumulate(b, t);
    const int kk[2] = {HW_BUF_K1, HW_BUF_K2};
    const double c[2] = {0.5 * dt, -0.5 * dt}, zero = 0.0;
    ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, 2, c, kk);
    ops->lincomb(b, k2, k1, 1, &zero, &k1);
}

/* MoorDyn's backward Euler (kf = 1) and implicit midpoint (kf = 1/2) rule (its Time.cpp
 * ImplicitEulerScheme): y_n+1 = y_n + dt d, d the derivative at t + kf dt, y_n + kf dt d, found
 * by n fixed-point iterations from the last step's d (zero before the first step, as in MoorDyn),
 * each but the last relaxed: d = (1 - r) f(t + kf dt, y_n + kf dt d) + r d_before
 * (hw_implicit_relax). d lives in K1 between steps, the iterate before in K2. The every-step
 * extremes and the monitor read the forces of the first iteration. */
static void implicit_step(const hw_backend_ops *ops, hw_backend *b, int code, double t, double dt)
{
    int n = hw_impl_iters(code), first = hw_impl_first(code), kind = hw_impl_kind(code);
    double kf = kind == HW_IMPL_MIDPOINT ? 0.5 : 1.0, h = kf * dt, th = t + h;
    const int k1 = HW_BUF_K1, k2 = HW_BUF_K2, kk[2] = {HW_BUF_K1, HW_BUF_K2};
    const double zero = 0.0, m1 = -1.0;
    if (first) ops->lincomb(b, k1, k1, 1, &m1, &k1);
    ops->lincomb(b, k2, k1, 1, &zero, &k1);
    for (int i = 0; i < n; i++) {
        ops->lincomb(b, HW_BUF_TMP, HW_BUF_Y, 1, &h, &k1);
        ops->constrain(b, th, HW_BUF_TMP);
        ops->eval(b, th, HW_BUF_TMP, k1);
        if (i == 0) ops->accumulate(b, th);
        if (i < n - 1) {
            double r = hw_implicit_relax(kind, i, n);
            const double c[2] = {-r, r};
            ops->lincomb(b, k1, k1, 2, c, kk); /* (1 - r) new + r before */
            ops->lincomb(b, k2, k1, 1, &zero, &k1);
        }
    }
    ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, 1, &dt, &k1);
}

/* MoorDyn's Newmark average constant acceleration (ACA) and Wilson-theta schemes (its Time.cpp
 * ImplicitNewmarkScheme, ImplicitWilsonScheme), which move the positions with the velocity and
 * the accelerations and the velocities with the accelerations, each its own mix
 * (hw_second_order_coef; the backend's second_order). K1 holds between steps the derivative d0 of
 * the last step (zero before the first, as in MoorDyn; its velocity part is the velocity of the
 * state it was evaluated at, which MoorDyn moves the positions with). The new derivative d1 is
 * found by n fixed-point iterations from d0, each evaluating it at the state the scheme builds
 * from d0 and d1 (at t + dt for ACA, at t + theta dt for Wilson), all but the last relaxed
 * (hw_implicit_relax), as MoorDyn relaxes them: ACA mixes the new d1 with the previous iterate
 * (K3), Wilson mixes d0 itself with the new d1 and starts the next iterate from that mix. Then
 * y is updated from d0 and d1 (Wilson: to t + dt) and d1 kept as the next step's d0. The energy,
 * viscoelastic, Syrope and VIV values take the velocities' weights (MoorDyn 2.7.2's own update
 * moves only positions and velocities: docs/moordyn.md). The every-step extremes and the monitor
 * read the forces of the first iteration. */
static void second_order_step(const hw_backend_ops *ops, hw_backend *b, int code, double t, double dt)
{
    int n = hw_impl_iters(code), kind = hw_impl_kind(code);
    const int k1 = HW_BUF_K1, k2 = HW_BUF_K2, k3 = HW_BUF_K3, d01[2] = {HW_BUF_K1, HW_BUF_K2};
    const double zero = 0.0, m1 = -1.0;
    double cx[2], ca[2], cv[2];
    double th = kind == HW_IMPL_WILSON ? t + HW_WILSON_THETA * dt : t + dt;
    if (hw_impl_first(code)) ops->lincomb(b, k1, k1, 1, &m1, &k1);
    ops->lincomb(b, k2, k1, 1, &zero, &k1);
    if (kind == HW_IMPL_ACA) ops->lincomb(b, k3, k1, 1, &zero, &k1);
    hw_second_order_coef(kind, dt, 0, cx, ca, cv);
    for (int i = 0; i < n; i++) {
        ops->second_order(b, HW_BUF_TMP, HW_BUF_Y, d01, cx, ca, cv);
        ops->constrain(b, th, HW_BUF_TMP);
        ops->eval(b, th, HW_BUF_TMP, k2);
        if (i == 0) ops->accumulate(b, th);
        if (i < n - 1) {
            double r = hw_implicit_relax(kind, i, n);
            const double c[2] = {-r, r};
            if (kind == HW_IMPL_ACA) { /* d1 = (1 - r) d1 + r d1_before; d1_before = d1 */
                const int kk[2] = {HW_BUF_K2, HW_BUF_K3};
                ops->lincomb(b, k2, k2, 2, c, kk);
                ops->lincomb(b, k3, k2, 1, &zero, &k2);
            } else { /* d0 = (1 - r) d0 + r d1; d1 = d0 */
                ops->lincomb(b, k1, k1, 2, c, d01);
                ops->lincomb(b, k2, k1, 1, &zero, &k1);
            }
        }
    }
    hw_second_order_coef(kind, dt, 1, cx, ca, cv);
    ops->second_order(b, HW_BUF_Y, HW_BUF_Y, d01, cx, ca, cv);
    ops->lincomb(b, k1, k2, 1, &zero, &k2);
}

/* The Adams-Bashforth step of order p (1: explicit Euler) with the history in K1..Kp-1. */
static void ab_step(const hw_backend_ops *ops, hw_backend *b, int p, double t, double dt)
{
    const double (*B)[4] = hw_ab_coef;
    const int kb[4] = {HW_BUF_K1, HW_BUF_K2, HW_BUF_K3, HW_BUF_K4};
    shift_history(ops, b, p);
    ops->eval(b, t, HW_BUF_Y, HW_BUF_K1);
    ops->accumulate(b, t);
    double c[4];
    for (int j = 0; j < p; j++) c[j] = dt * B[p - 1][j];
    ops->lincomb(b, HW_BUF_Y, HW_BUF_Y, p, c, kb);
}

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
    case HW_INT_EULER: ab_step(ops, b, 1, t, dt); break;
    case HW_INT_AB2: ab_step(ops, b, 2, t, dt); break;
    case HW_INT_AB3: ab_step(ops, b, 3, t, dt); break;
    case HW_INT_AB4: ab_step(ops, b, 4, t, dt); break;
    case HW_INT_MOORDYN_HEUN: moordyn_heun_step(ops, b, 0, t, dt); break;
    case HW_INT_BEULER:
    case HW_INT_MIDPOINT: /* without their iteration count (hw_integ_code): MoorDyn's usual 5 */
        implicit_step(ops, b, (int)hw_integ_code(integ, 5), t, dt);
        break;
    case HW_INT_ACA:
    case HW_INT_WILSON:
        second_order_step(ops, b, (int)hw_integ_code(integ, 5), t, dt);
        break;
    default: /* a start-up step (hw_integ_startup), or an implicit scheme's code */
        if (hw_integ_is_implicit((int)integ) && hw_impl_kind((int)integ) >= HW_IMPL_ACA)
            second_order_step(ops, b, (int)integ, t, dt);
        else if (hw_integ_is_implicit((int)integ)) implicit_step(ops, b, (int)integ, t, dt);
        else if ((int)integ == HW_INT_START_AB + 1) moordyn_heun_step(ops, b, 1, t, dt);
        else if ((int)integ > HW_INT_START_AB + 1 && (int)integ <= HW_INT_START_AB + 4)
            ab_startup_step(ops, b, (int)integ - HW_INT_START_AB, t, dt);
        break;
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
