/* Breaking load of the lumped lines in the results: each line's utilisation (largest tension over
 * its type's mbl), the warning above outputs.utilisation_warning, and the failure state, for
 * summary.json (main.c write_summary), stderr, and through summary.json the report. */
#ifndef HW_HOST_LINE_LIMITS_H
#define HW_HOST_LINE_LIMITS_H

#include <stdio.h>

#include "hawser/hawser.h"

/* Largest tension over mbl; NAN where mbl is not given (<= 0). max_tension is an argument so that
 * its source (output rows, every-step extremes) can change without touching this. A negative
 * max_tension (none recorded) counts as 0. */
double hw_line_utilisation(double max_tension, double mbl);

/* The per-line fields of summary.json, each starting with a comma:
 *   ,"mbl_N":N|null,"utilisation":U|null,"utilisation_warning":bool,
 *   "failure":{"rule":bool,"broken":bool,"time_s":..,"segment":..,"tension_N":..,"released_energy_J":..}
 * (the failure numbers are null until the line breaks). sim may be NULL (no failure state). */
void hw_line_limits_json(FILE *f, const hw_model_def *def, const hw_sim *sim, int line,
                         double max_tension, double warn_fraction);

/* Writes "hawser: warning: ..." to f when the line's utilisation exceeds warn_fraction; 1 when it
 * did, else 0. */
int hw_line_limits_warn(FILE *f, const hw_model_def *def, int line, double max_tension,
                        double warn_fraction);

#endif
