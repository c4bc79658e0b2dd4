/* MoorDyn's sea files that need more than a table of rows (docs/moordyn.md, "Waves" and
 * "Currents"): WaveKin 2's wave_frequencies.txt interpolated to equal frequency steps, and
 * Currents 2's current_profile_dynamic.txt (depths on one line, then profiles at times), both
 * turned into Hawser's definitions the way MoorDyn 2.7.2 samples them. */
#ifndef HW_HOST_MOORDYN_SEA_H
#define HW_HOST_MOORDYN_SEA_H

#include <stddef.h>

#include "hawser/hawser.h"

/* WaveKin 2: rows (omega, re, im, beta), n of them, omega strictly increasing from 0. MoorDyn
 * 2.7.2 takes the smallest step dw between rows, interpolates the complex amplitudes and the
 * directions linearly at i dw (i = 0 .. floor(omega_last / dw), flat beyond the last row) and
 * inverse-FFTs them over nt = 2 (nw - 1) samples dtWave = 2 pi / (nt dw) apart: at those samples its
 * elevation is sum_i c_i |A_i| cos(i dw t - k_i (x cos b_i + y sin b_i) + arg A_i) with c = 1, but
 * 1/2 for the last (Nyquist) bin, and Re A_0 / 2 for the first (a mean level, *mean). Out: the
 * components of amplitude > 0 (amp, omega, dir, phase = -arg A: Hawser's a cos(k.x - w t + phase)),
 * *n_out of them, in one malloc'ed block *buf (4 n values: amp, omega, dir, phase arrays), and
 * MoorDyn's grid time step *dt_grid. HW_OK or HW_ERR_NOMEM. */
hw_status hw_md_wavekin2_components(const double *omega, const double *re, const double *im, const double *beta,
                                    int n, double **buf, int *n_out, double *mean, double *dt_grid,
                                    double *dw_out, int *nw_out);

/* Currents 2: path's lines 1-4 are skipped, line 5 holds the depths z (increasing strictly), line 6
 * is skipped, then each line is a time t followed by ux at each depth, then (when present) uy at
 * each depth, then uz (MoorDyn 2.7.2's reader: columns beyond are ignored; a row with fewer than
 * 2 nz + 1 values has uy = 0, with fewer than 3 nz + 1 uz = 0). Like MoorDyn, the depths are read
 * as single-precision floats, and the profiles are resampled at k dt, k = 0 .. floor(t_last / dt),
 * dt the smallest step between rows, linearly between rows (flat before the first). Fills c (its
 * arrays in one malloc'ed block *buf, n_time >= 2 samples k dt; one row: a steady profile) and
 * *dt, *t_last (the record's last time). Errors: "PATH:LINE: WHAT: ..." in msg, HW_ERR_IO,
 * HW_ERR_INPUT or HW_ERR_NOMEM. */
hw_status hw_md_read_current_dynamic(const char *path, hw_current_def *c, double **buf, double *dt, double *t_last,
                                     char *msg, size_t msg_len);

/* Currents 5: path (current_profile_4d.txt) as MoorDyn 2.7.2 reads it: line 1 the counts nx ny nz
 * nt, lines 2-5 the x, y, z and t values (increasing strictly), then from line 7 (line 6 is never
 * read) a line "x y z t ux uy uz" per grid point, which names the point by the text of its values as
 * written on lines 2-5. A grid point no line read sets is 0 (*unset counts them). The grid is
 * resampled in time as MoorDyn does (every dt, the smallest step between the t values, from 0 to the
 * last; linear between them, flat before the first). Fills c (n_x, n_y, n_depth, n_time; its arrays
 * in one malloc'ed block *buf), *dt (0: one time) and *t_last. Errors: "PATH:LINE: WHAT: ..." in
 * msg, HW_ERR_IO, HW_ERR_INPUT or HW_ERR_NOMEM. */
hw_status hw_md_read_current_4d(const char *path, hw_current_def *c, double **buf, double *dt, double *t_last,
                                long *unset, char *msg, size_t msg_len);

#endif
