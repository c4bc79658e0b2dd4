/* Hawser: waves (docs/physics.md section 10). Public definitions.
 *
 * A sea state is a set of linear (Airy) wave components, built from one of the forms below and
 * evaluated at every node of every line (kernels/physics/waves.h). Units SI, angles in radians;
 * a direction is where the waves travel towards, measured from +x towards +y (0: waves travel
 * along +x). The mean surface is z = 0, the seabed z = -depth. */
#ifndef HAWSER_WAVES_H
#define HAWSER_WAVES_H
#include "hawser/hawser.h"
#ifdef __cplusplus
extern "C" {
#endif

hw_waves_def hw_default_waves(void);

/* A built sea state: the components of env->waves in water of env->depth (host/sea/waves.c).
 * The same definition (seed included) gives the same components on every machine. */
typedef struct hw_waves hw_waves;
hw_status hw_waves_create(const hw_env_def *env, hw_waves **out, char *msg, size_t msg_len);
void hw_waves_destroy(hw_waves *w);
/* Number of components (0: still water) and component j: amplitude (m), angular frequency
 * (rad/s), wavenumber (rad/m), direction (rad), phase (rad). */
int hw_waves_count(const hw_waves *w);
hw_status hw_waves_component(const hw_waves *w, int j, double *amp, double *omega, double *k,
                             double *dir, double *phase);
/* Surface elevation (m) at (x, y) and time t, ramp included. */
double hw_waves_elevation(const hw_waves *w, double x, double y, double t);
/* Fluid kinematics at r (world, m) and time t: elevation above it, velocity (m/s), local
 * acceleration (m/s^2), dynamic pressure (Pa), wet = 1 under the surface (else the rest is 0). */
typedef struct hw_wave_point {
    double eta, u[3], a[3], pd;
    int wet;
} hw_wave_point;
hw_wave_point hw_waves_kinematics(const hw_waves *w, const double r[3], double t);
/* The interval (s) at which the lumped lines sample the kinematics at their nodes (the
 * definition's kinematics_step, or (2 pi / 40) (m0 / m4)^(1/4), m_n = sum a^2 w^n / 2: T / 40 for
 * regular waves; 0 without waves). */
double hw_waves_kinematics_step(const hw_waves *w);
/* The time after which the sea repeats itself (s): the period of regular waves, 2 pi / dw for a
 * spectrum (its components are multiples of dw), the record's length n dt for a measured record;
 * 0 for given components and still water. A simulation longer than this sees the same waves
 * again (docs/physics.md section 10). */
double hw_waves_repeat_period(const hw_waves *w);
/* The sea state a simulation built from its model's env.waves and owns (NULL: still water). */
const hw_waves *hw_sim_waves(const hw_sim *sim);
/* The lumped lines' sampled wave kinematics (docs/physics.md section 10, "Loads on lumped-mass
 * nodes in waves"): run-time state like the state vector, to save in a checkpoint and restore
 * into a simulation of the same model at the same time (before its next step), which then
 * continues bit-identically. hw_sim_wave_samples_size: the number of sampled slots n (the
 * nodes and points; 0 in still water, where get and set do nothing). k: n interval indices;
 * s: 14 n doubles (the 7 values eta, u, a of every slot at the start of its interval, then at
 * its end). */
size_t hw_sim_wave_samples_size(const hw_sim *sim);
hw_status hw_sim_wave_samples_get(const hw_sim *sim, int *k, double *s);
hw_status hw_sim_wave_samples_set(hw_sim *sim, const int *k, const double *s);

#ifdef __cplusplus
}
#endif
#endif
