/* Irregular seas (docs/physics.md section 10): the components of spectra and measured records,
 * the spectra, the frequency band and grid they are discretised on, the seeded phase generator,
 * and an FFTW spectral estimate of an elevation record. */
#ifndef HW_HOST_SEA_SPECTRUM_H
#define HW_HOST_SEA_SPECTRUM_H
#include <stddef.h>
#include <stdint.h>

#include "hawser/hawser.h"

/* The irregular forms of a sea state (called by hw_waves_create, host/sea/waves.c): the
 * components of a spectrum, or of a measured elevation record, into amp/omega/dir/phase arrays
 * the caller frees (one malloc: *amp holds all four; NULL when n is 0). */
hw_status hw_waves_spectrum_components(const hw_waves_def *d, double depth, double g, int *n,
                                       double **amp, double **omega, double **dir, double **phase,
                                       char *msg, size_t msg_len);
hw_status hw_waves_elevation_components(const hw_waves_def *d, double depth, double g, int *n,
                                        double **amp, double **omega, double **dir,
                                        double **phase, char *msg, size_t msg_len);

/* The phase generator: splitmix64 (Steele, Lea and Flood 2014; the constants of Vigna's public
 * reference code), integer arithmetic only, so a seed gives the same numbers on every machine.
 * hw_splitmix64 advances *state and returns the next 64-bit output; hw_splitmix64_unit maps it to
 * a double in [0, 1) from its top 53 bits (exact: (x >> 11) * 2^-53). */
uint64_t hw_splitmix64(uint64_t *state);
double hw_splitmix64_unit(uint64_t *state);

/* The spectrum S(w) (m^2 s/rad) of a HW_WAVES_SPECTRUM definition, before the normalisation to
 * Hs: JONSWAP and Pierson-Moskowitz in their standard form (scaled by Hs^2 and wp = 2 pi / Tp),
 * the table interpolated linearly (zero outside it). 0 for w <= 0. */
double hw_spectrum_density(const hw_waves_def *d, double w);

/* The discrete frequencies of a spectrum definition: w_j = j dw for j = j0 .. j0 + n - 1 (dw and
 * j0 > 0 out), covering [wmin, wmax] (the given band, or the default one: docs/physics.md
 * section 10). The sea repeats itself after 2 pi / dw (the repeat period). Checks the
 * definition: a message and HW_ERR_INPUT when it is unusable. */
hw_status hw_spectrum_grid(const hw_waves_def *d, int *n, int *j0, double *dw, double *wmin,
                           double *wmax, char *msg, size_t msg_len);

/* The directions of a spread sea: *nd of them (1 when spreading is 0) at b[i], with weights
 * wt[i] summing to 1 (b and wt hold at least max(n_directions, 1) values; 11 by default). */
hw_status hw_spreading_directions(const hw_waves_def *d, int *nd, double *b, double *wt,
                                  char *msg, size_t msg_len);

/* A one-sided spectral estimate of a record eta[0..n-1] sampled every dt seconds (FFTW real
 * transform, the record's mean removed, no window: exact for a record holding whole periods of
 * its components). Bin j (0 .. n/2) at w_j = j dw, dw = 2 pi / (n dt), holds
 * S_j = |X_j|^2 c / (n^2 dw) with c = 2 (c = 1 at j = 0 and at Nyquist for even n), so that
 * sum S_j dw is the record's variance. S (n / 2 + 1 values) may be NULL. */
typedef struct hw_record_spectrum {
    int n_bins;      /* n / 2 + 1 */
    double dw;       /* bin width (rad/s) */
    double mean;     /* the record's mean (m), removed before the transform */
    double m0, m1, m2; /* spectral moments sum w^i S_j dw (m^2, m^2/s, m^2/s^2) */
    double hs;       /* 4 sqrt(m0) (m) */
    double wp, tp;   /* the largest bin's frequency (rad/s) and period 2 pi / wp (s) */
    double tz;       /* mean zero-crossing period 2 pi sqrt(m0 / m2) (s) */
} hw_record_spectrum;
hw_status hw_waves_record_spectrum(const double *eta, int n, double dt, double *S,
                                   hw_record_spectrum *out, char *msg, size_t msg_len);
#endif
