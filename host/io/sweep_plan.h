/* Sweep files (`hawser sweep BASE SWEEP.yaml`, docs/sweep.md): the cases of a parameter sweep, each a
 * list of scenario overrides "KEY.PATH=VALUE" (overrides.h) on the base scenario.
 *
 *   combine: grid            # how `vary` entries combine: grid (every combination) or zip
 *   vary:                    # a list of {key, values}, or a mapping KEY: [values]
 *     - {key: line_types.chain.mass_per_length, values: [80, 100, 120]}
 *     - {key: lines.mooring.length, values: {range: [500, 540, 5]}}   # FROM, TO, N
 *   seeds: 3                 # environment.waves.seed over 1..3, or a list [7, 11]
 *   cases:                   # explicit override sets, each a mapping KEY: VALUE
 *     - {lines.mooring.length: 520}
 *
 * Cases are numbered in a stable order: each explicit case (outermost) with each combination of
 * `vary` (the first key slowest) with each seed (fastest). Errors are one line,
 * "FILE:LINE: FIELD: expected ..., got ...". */
#ifndef HW_HOST_SWEEP_PLAN_H
#define HW_HOST_SWEEP_PLAN_H

#include <stddef.h>

#include "hawser/hawser.h"

#define HW_SWEEP_MAX_CASES 1000000

typedef struct hw_sweep_case {
    int n_ovr;
    char **ovr;  /* "KEY=VALUE", in the order they are applied */
    char **cell; /* per parameter column: the VALUE (flow YAML), or NULL when the case leaves it */
} hw_sweep_case;

typedef struct hw_sweep_key {
    char *key;   /* KEY.PATH */
    int line;    /* where the sweep file names it (for errors) */
    char *field; /* its field there ("vary[1].key", "cases[2]", "seeds") */
} hw_sweep_key;

typedef struct hw_sweep_plan {
    char *file;
    int zip;           /* combine: zip */
    int n_params;      /* the parameter columns: every key a case sets, in first-seen order */
    hw_sweep_key *params;
    int n_cases;
    hw_sweep_case *cases;
    char *text;        /* the sweep file as read */
} hw_sweep_plan;

/* Reads and checks a sweep file (path; text when not NULL is its contents). HW_ERR_INPUT (a located
 * message), HW_ERR_IO or HW_ERR_NOMEM on failure, *out NULL. */
hw_status hw_sweep_plan_load(const char *path, const char *text, hw_sweep_plan **out, char *msg,
                             size_t msg_len);
void hw_sweep_plan_free(hw_sweep_plan *p); /* NULL-safe */

/* The key of an override "KEY=VALUE" checked on the base scenario's text: every key of the plan
 * resolves there (with the first value a case gives it). HW_ERR_INPUT with the sweep file's line
 * and the override's message ("SWEEP:LINE: vary[0].key: BASE: override '...': lines has 2 items"). */
hw_status hw_sweep_plan_check_keys(const hw_sweep_plan *p, const char *base_path, const char *base_text,
                                   char *msg, size_t msg_len);

#endif
