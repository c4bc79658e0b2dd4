/* Two hw_waves_def compared field by field, every double by its bits (the scenario round trips and
 * the MoorDyn deck / YAML twin comparisons), and the waves parser run on its own. */
#ifndef HW_TEST_WAVES_COMPARE_H
#define HW_TEST_WAVES_COMPARE_H

#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "hawser/hawser.h"
#include "hawser/waves.h"
#include "io/scenario_waves.h"
#include "io/yaml_doc.h"
#include "io/yaml_reader.h"

static inline int hw_same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }
#define WV_EQ(a, b, what) cr_assert(hw_same_bits((a), (b)), "waves %s: %.17g vs %.17g", what, (a), (b))

static inline void same_wave_arrays(const double *a, const double *b, int n, const char *what)
{
    for (int k = 0; k < n; k++) WV_EQ(a[k], b[k], what);
}

static inline void same_waves(const hw_waves_def *a, const hw_waves_def *b)
{
    cr_assert_eq(a->kind, b->kind, "waves kind");
    WV_EQ(a->ramp_time, b->ramp_time, "ramp");
    WV_EQ(a->kinematics_step, b->kinematics_step, "kinematics_step");
    switch (a->kind) {
    case HW_WAVES_REGULAR:
        WV_EQ(a->height, b->height, "height");
        WV_EQ(a->period, b->period, "period");
        WV_EQ(a->omega, b->omega, "omega");
        WV_EQ(a->direction, b->direction, "direction");
        WV_EQ(a->phase, b->phase, "phase");
        break;
    case HW_WAVES_SPECTRUM:
        cr_assert_eq(a->spectrum, b->spectrum, "spectrum kind");
        WV_EQ(a->hs, b->hs, "hs");
        WV_EQ(a->tp, b->tp, "tp");
        WV_EQ(a->gamma, b->gamma, "gamma");
        cr_assert_eq(a->table.n, b->table.n, "spectrum table rows");
        same_wave_arrays(a->table.x, b->table.x, a->table.n, "spectrum omega");
        same_wave_arrays(a->table.y, b->table.y, a->table.n, "spectrum S");
        WV_EQ(a->omega_min, b->omega_min, "omega_min");
        WV_EQ(a->omega_max, b->omega_max, "omega_max");
        cr_assert_eq(a->n_frequencies, b->n_frequencies, "frequencies");
        cr_assert_eq(a->seed, b->seed, "seed");
        WV_EQ(a->direction, b->direction, "direction");
        WV_EQ(a->spreading, b->spreading, "spreading");
        cr_assert_eq(a->n_directions, b->n_directions, "directions");
        break;
    case HW_WAVES_ELEVATION:
        cr_assert_eq(a->n_samples, b->n_samples, "samples");
        same_wave_arrays(a->t, b->t, a->n_samples, "record t");
        same_wave_arrays(a->eta, b->eta, a->n_samples, "record eta");
        WV_EQ(a->ref_x, b->ref_x, "reference x");
        WV_EQ(a->ref_y, b->ref_y, "reference y");
        WV_EQ(a->direction, b->direction, "direction");
        break;
    case HW_WAVES_COMPONENTS:
        cr_assert_eq(a->n_components, b->n_components, "components");
        same_wave_arrays(a->c_amp, b->c_amp, a->n_components, "amplitude");
        same_wave_arrays(a->c_omega, b->c_omega, a->n_components, "omega");
        same_wave_arrays(a->c_dir, b->c_dir, a->n_components, "direction");
        same_wave_arrays(a->c_phase, b->c_phase, a->n_components, "phase");
        break;
    default:
        break;
    }
}

/* The waves of a scenario document's environment, parsed as the loader parses them, without
 * building the sea (hw_waves_create). */
typedef struct parsed {
    hw_yr_block *blocks;
    hw_yr_recs recs;
    hw_waves_def w;
    char err[1024];
} parsed;

/* The waves of the document's environment, parsed as the loader parses them (name: the file name
 * for messages and for files named relative to it). */
static inline hw_status parse(const char *doc_text, const char *name, parsed *p)
{
    memset(p, 0, sizeof *p);
    p->w = hw_default_waves();
    yaml_document_t doc;
    int line = 0;
    char problem[256];
    cr_assert_eq(yd_load(doc_text, strlen(doc_text), &doc, &line, problem, sizeof problem), 0,
                 "line %d: %s", line, problem);
    hw_yr y;
    memset(&y, 0, sizeof y);
    y.doc = &doc;
    y.file = name;
    y.status = HW_OK;
    y.err = p->err;
    y.err_len = sizeof p->err;
    y.recs = &p->recs;
    y.blocks = &p->blocks;
    yaml_node_t *k = NULL, *env = yd_map_find(&doc, yd_root(&doc), "environment", &k);
    cr_assert(env != NULL);
    static const char *const KEYS[] = {"gravity", "water_density", "depth", "seabed", "current", "waves", NULL};
    hw_yr_map m;
    if (hw_yr_open(&m, &y, env, yd_line(k), "environment", HW_SEC_ENVIRONMENT, -1, "", KEYS, "the environment") == 0)
        hw_scn_parse_waves(&m, &p->w);
    yaml_document_delete(&doc);
    return y.status;
}

static inline void parsed_free(parsed *p)
{
    hw_yr_blocks_free(&p->blocks);
    free(p->recs.v);
}

#endif
