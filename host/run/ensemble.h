/* Ensembles: one scenario run for many load cases at once. The cases (a grid of, or zipped lists
 * of, current scale, motion amplitude scale and motion period) are replicated into one model, so
 * every backend steps them all in the same launches; results come per case. */
#ifndef HW_HOST_ENSEMBLE_H
#define HW_HOST_ENSEMBLE_H

#include "io/output.h"
#include "io/scenario.h"

typedef struct hw_ensemble_def {
    int n_current, n_amplitude, n_period;
    const double *current_scale;   /* the environment's current times this */
    const double *amplitude_scale; /* sinusoid motion amplitudes times this */
    const double *period;          /* sinusoid motion period, s */
    int zip;                       /* 0: every combination (grid); 1: the i-th values together */
} hw_ensemble_def;

typedef struct hw_ensemble hw_ensemble;

/* Replaces sc's lines, points, sheaves and output requests by n_cases copies (names "NAME@k",
 * k = 0..), each with its case's parameters; the replaced arrays stay owned by the scenario and
 * the new ones by *out (free it after the run, before hw_scenario_free). */
hw_status hw_ensemble_apply(hw_scenario *sc, const hw_ensemble_def *e, hw_ensemble **out,
                            char *msg, size_t msg_len);
int hw_ensemble_cases(const hw_ensemble *ens);
/* The case parameters (NaN where the ensemble does not vary that parameter). */
void hw_ensemble_case(const hw_ensemble *ens, int k, double *current_scale, double *amplitude_scale,
                      double *period);
/* DIR/ensemble.csv: one row per case with its parameters and, per base line, the largest segment
 * tension and the end-A and end-B tension statistics over the run. */
hw_status hw_ensemble_write_summary(const hw_ensemble *ens, const hw_outputs *out, const char *dir,
                                    char *msg, size_t msg_len);
void hw_ensemble_free(hw_ensemble *ens); /* NULL-safe */

#endif
