/* The built sea state behind include/hawser/waves.h's hw_waves: the components as flat arrays
 * (grouped by frequency) and the kernels' view of them (kernels/physics/waves.h hw_wave_field). */
#ifndef HW_HOST_SEA_WAVES_H
#define HW_HOST_SEA_WAVES_H
#include "hawser/waves.h"
#include "physics/waves.h"
#include "sea/spectrum.h"

struct hw_waves {
    hw_wave_field f;  /* points into buf */
    double *buf;      /* 7 n doubles: a w k cx cy ph e2kh */
    double dir0;      /* the definition's main direction (rad) */
    double step;      /* sampling interval of the lines' node kinematics (s) */
    double repeat;    /* the sea repeats itself after this time (s; 0: unknown or never) */
};

/* The kernels' view (NULL-safe: a still-water field for w == NULL). */
hw_wave_field hw_waves_field(const hw_waves *w, double rho, double g, double depth);

/* Fills w from n components (amp, omega, dir, phase; any order): sorts them by frequency, solves
 * the dispersion relation and precomputes the per-component factors. */
hw_status hw_waves_from_components(hw_waves *w, int n, const double *amp, const double *omega,
                                   const double *dir, const double *phase, double depth, double g,
                                   char *msg, size_t msg_len);

/* The irregular forms, hw_waves_spectrum_components and hw_waves_elevation_components, are
 * declared in sea/spectrum.h (host/sea/spectrum.c). */
#endif
