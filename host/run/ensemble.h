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

/* Sweep groups (`hawser sweep --ensemble G`, docs/sweep.md): several cases of a sweep, each its own
 * scenario (the base with the case's overrides), as one model. Whether a scenario can join a group:
 * lumped lines, points and sheaves only (no bodies, rigid cables, network, couplings, ensemble
 * section); else 0 with the reason in why. */
int hw_ensemble_groupable(const hw_scenario *sc, char *why, size_t why_len);
/* Replaces sc's line types, points, lines, sheaves and node/segment/wave-node output requests by
 * those of sc (case ids[0]) and more[0..n_more-1] (cases ids[1..]) concatenated, names "NAME@id";
 * the environment, solver and outputs stay sc's. The group takes the scenarios in more (freed with
 * it, also on failure). On failure after the arrays were replaced, *out is set too: free it after
 * the run as on success (before or after hw_scenario_free(sc)). */
hw_status hw_ensemble_group(hw_scenario *sc, hw_scenario **more, int n_more, const int *ids,
                            hw_ensemble **out, char *msg, size_t msg_len);
int hw_ensemble_is_group(const hw_ensemble *ens);

#endif
