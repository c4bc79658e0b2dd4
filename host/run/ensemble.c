/* Ensembles (see ensemble.h): the load cases are copies of the scenario's lines, points and
 * sheaves in one model, each case with its own current factor (hw_model_def's
 * line_current_scale / point_current_scale) and sinusoid amplitudes and periods. The copies do not
 * interact, so each case behaves as the scenario run alone with those parameters; being one
 * model, all cases advance in the same loops (CPU) or launches (CUDA). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/ensemble.h"
#include "io/files.h"
#include "io/run_stats.h"

struct hw_ensemble {
    int n_cases, n_lines0, n_points0;
    double *cur, *amp, *per;           /* per case (NaN: not varied) */
    const char **line_names0;          /* the base lines' names */
    hw_line_def *lines;
    hw_point_def *points;
    hw_sheave_def *sheaves;
    hw_output_ref *out_nodes, *out_segments;
    double *line_cs, *point_cs;
    char *names;                       /* all "NAME@k" strings */
    /* a sweep's group (hw_ensemble_group): its cases' line types and wave nodes, and the scenarios
       of the cases after the first (owned: the model points into them) */
    int group;
    hw_line_type_def *types;
    hw_output_ref *wave_nodes;
    hw_scenario **owned;
    int n_owned;
};

int hw_ensemble_cases(const hw_ensemble *ens) { return ens ? ens->n_cases : 0; }

void hw_ensemble_case(const hw_ensemble *ens, int k, double *c, double *a, double *p)
{
    if (c) *c = ens->cur[k];
    if (a) *a = ens->amp[k];
    if (p) *p = ens->per[k];
}

void hw_ensemble_free(hw_ensemble *e)
{
    if (!e) return;
    free(e->cur); free(e->amp); free(e->per); free(e->line_names0); free(e->lines); free(e->points);
    free(e->sheaves); free(e->out_nodes); free(e->out_segments); free(e->line_cs); free(e->point_cs);
    free(e->names);
    free(e->types);
    free(e->wave_nodes);
    for (int i = 0; i < e->n_owned; i++) hw_scenario_free(e->owned[i]);
    free(e->owned);
    free(e);
}

static int count(int n) { return n > 0 ? n : 1; }

hw_status hw_ensemble_apply(hw_scenario *sc, const hw_ensemble_def *d, hw_ensemble **out,
                            char *msg, size_t msg_len)
{
    *out = NULL;
    int nc = count(d->n_current), na = count(d->n_amplitude), np = count(d->n_period), n;
    if (d->zip) {
        n = 0;
        const int lens[3] = {d->n_current, d->n_amplitude, d->n_period};
        for (int k = 0; k < 3; k++) {
            if (lens[k] <= 0) continue;
            if (n && lens[k] != n) {
                snprintf(msg, msg_len, "ensemble: zipped lists must have the same length, got %d "
                         "and %d values", n, lens[k]);
                return HW_ERR_INPUT;
            }
            n = lens[k];
        }
        if (n == 0) n = 1;
    } else { /* the product in double: three long lists overflow an int */
        double nd = (double)nc * na * np;
        if (nd > 1e8) {
            snprintf(msg, msg_len, "%s: ensemble: expected at most 1e8 cases, got a grid of %d x %d x %d = %.0f",
                     sc->path ? sc->path : "scenario", nc, na, np, nd);
            return HW_ERR_INPUT;
        }
        n = (int)nd;
    }
    hw_model_def *m = &sc->model;
    int L = m->n_lines, P = m->n_points, K = m->n_sheaves;
    if ((double)n * (L + P) > 1e8) {
        snprintf(msg, msg_len, "ensemble: %d cases of %d lines and %d points is too many", n, L, P);
        return HW_ERR_INPUT;
    }
    hw_ensemble *e = (hw_ensemble *)calloc(1, sizeof *e);
    if (!e) {
        snprintf(msg, msg_len, "ensemble: out of memory (%zu bytes)", sizeof *e);
        return HW_ERR_NOMEM;
    }
    e->n_cases = n; e->n_lines0 = L; e->n_points0 = P;
    size_t nl = (size_t)n * L, npt = (size_t)n * P;
    e->cur = malloc(sizeof(double) * n); e->amp = malloc(sizeof(double) * n);
    e->per = malloc(sizeof(double) * n);
    e->line_names0 = calloc((size_t)L + 1, sizeof(char *));
    e->lines = calloc(nl + 1, sizeof *e->lines);
    e->points = calloc(npt + 1, sizeof *e->points);
    e->sheaves = calloc((size_t)n * K + 1, sizeof *e->sheaves);
    e->out_nodes = calloc((size_t)n * sc->n_out_nodes + 1, sizeof *e->out_nodes);
    e->out_segments = calloc((size_t)n * sc->n_out_segments + 1, sizeof *e->out_segments);
    e->line_cs = calloc(nl + 1, sizeof(double));
    e->point_cs = calloc(npt + 1, sizeof(double));
    size_t name_bytes = 0;
    for (int l = 0; l < L; l++) name_bytes += strlen(m->lines[l].name) + 16;
    for (int p = 0; p < P; p++) name_bytes += strlen(m->points[p].name) + 16;
    for (int k = 0; k < K; k++) name_bytes += strlen(m->sheaves[k].name ? m->sheaves[k].name : "") + 16;
    e->names = malloc(name_bytes * (size_t)n + 1);
    if (!e->cur || !e->amp || !e->per || !e->line_names0 || !e->lines || !e->points || !e->sheaves ||
        !e->out_nodes || !e->out_segments || !e->line_cs || !e->point_cs || !e->names) {
        hw_ensemble_free(e);
        snprintf(msg, msg_len, "ensemble: out of memory for %d cases of %d lines and %d points", n, L, P);
        return HW_ERR_NOMEM;
    }
    for (int l = 0; l < L; l++) e->line_names0[l] = m->lines[l].name;
    char *nm = e->names;
#define NAME(dst, base, k) do { int w_ = sprintf(nm, "%s@%d", (base), (k)); (dst) = nm; nm += w_ + 1; } while (0)
    for (int c = 0; c < n; c++) {
        int ic, ia, ip;
        if (d->zip) { ic = ia = ip = c; }
        else { ic = c % nc; ia = (c / nc) % na; ip = c / (nc * na); }
        e->cur[c] = d->n_current > 0 ? d->current_scale[ic] : NAN;
        e->amp[c] = d->n_amplitude > 0 ? d->amplitude_scale[ia] : NAN;
        e->per[c] = d->n_period > 0 ? d->period[ip] : NAN;
        double cs = d->n_current > 0 ? e->cur[c] : 1.0;
        for (int p = 0; p < P; p++) {
            hw_point_def *q = &e->points[(size_t)c * P + p];
            *q = m->points[p];
            NAME(q->name, m->points[p].name, c);
            if (q->kind == HW_POINT_PRESCRIBED && q->motion == HW_MOTION_SINUSOID) {
                if (d->n_amplitude > 0)
                    for (int k = 0; k < 3; k++) q->amp[k] *= e->amp[c];
                if (d->n_period > 0) q->period = e->per[c];
            }
            e->point_cs[(size_t)c * P + p] = cs;
        }
        for (int l = 0; l < L; l++) {
            hw_line_def *q = &e->lines[(size_t)c * L + l];
            *q = m->lines[l];
            NAME(q->name, m->lines[l].name, c);
            q->point_a += c * P;
            q->point_b += c * P;
            e->line_cs[(size_t)c * L + l] = cs;
        }
        for (int k = 0; k < K; k++) {
            hw_sheave_def *q = &e->sheaves[(size_t)c * K + k];
            *q = m->sheaves[k];
            NAME(q->name, m->sheaves[k].name ? m->sheaves[k].name : "", c);
            q->line_in += c * L;
            q->line_out += c * L;
        }
        for (int j = 0; j < sc->n_out_nodes; j++) {
            e->out_nodes[(size_t)c * sc->n_out_nodes + j] = sc->out_nodes[j];
            e->out_nodes[(size_t)c * sc->n_out_nodes + j].line += c * L;
        }
        for (int j = 0; j < sc->n_out_segments; j++) {
            e->out_segments[(size_t)c * sc->n_out_segments + j] = sc->out_segments[j];
            e->out_segments[(size_t)c * sc->n_out_segments + j].line += c * L;
        }
    }
#undef NAME
    m->lines = e->lines; m->n_lines = (int)nl;
    m->points = e->points; m->n_points = (int)npt;
    m->sheaves = e->sheaves; m->n_sheaves = n * K;
    m->line_current_scale = e->line_cs;
    m->point_current_scale = e->point_cs;
    sc->out_nodes = e->out_nodes; sc->n_out_nodes *= n;
    sc->out_segments = e->out_segments; sc->n_out_segments *= n;
    *out = e;
    return HW_OK;
}

hw_status hw_ensemble_write_summary(const hw_ensemble *e, const hw_outputs *out, const char *dir,
                                    char *msg, size_t msg_len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/ensemble.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
        return HW_ERR_IO;
    }
    fprintf(f, "case,current_scale,amplitude_scale,period_s");
    for (int l = 0; l < e->n_lines0; l++) {
        const char *n = e->line_names0[l];
        fprintf(f, ",%s.max_tension_N,%s.TA_max_N,%s.TA_mean_N,%s.TA_std_N,%s.TB_max_N,%s.TB_mean_N,%s.TB_std_N",
                n, n, n, n, n, n, n);
    }
    fprintf(f, "\n");
    for (int c = 0; c < e->n_cases; c++) {
        fprintf(f, "%d", c);
        const double v[3] = {e->cur[c], e->amp[c], e->per[c]};
        for (int k = 0; k < 3; k++) {
            if (isnan(v[k])) fprintf(f, ",");
            else fprintf(f, ",%.10g", v[k]);
        }
        for (int l = 0; l < e->n_lines0; l++) {
            const hw_line_stats *s = &out->stats[c * e->n_lines0 + l];
            fprintf(f, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g", s->max_tension, s->end_a.max,
                    s->end_a.mean, hw_run_stats_std(&s->end_a), s->end_b.max, s->end_b.mean,
                    hw_run_stats_std(&s->end_b));
        }
        fprintf(f, "\n");
    }
    int err = hw_fclose_checked(f);
    if (err) {
        snprintf(msg, msg_len, "%s: write failed: %s", path, strerror(err));
        return HW_ERR_IO;
    }
    return HW_OK;
}

int hw_ensemble_is_group(const hw_ensemble *e) { return e && e->group; }

int hw_ensemble_groupable(const hw_scenario *sc, char *why, size_t why_len)
{
    const char *w = NULL;
    if (sc->model.n_lines == 0) w = "it has no lumped lines";
    else if (sc->n_bodies > 0 || sc->n_body_points > 0) w = "it has bodies";
    else if (sc->rigid) w = "it has rigid cables";
    else if (sc->network) w = "it has a network";
    else if (sc->n_couplings > 0) w = "it has couplings";
    else if (sc->has_ensemble) w = "it has an ensemble section";
    else if (sc->model.line_current_scale || sc->model.point_current_scale) w = "it scales the current per line";
    if (w) snprintf(why, why_len, "%s", w);
    return w == NULL;
}

hw_status hw_ensemble_group(hw_scenario *sc, hw_scenario **more, int n_more, const int *ids,
                            hw_ensemble **out, char *msg, size_t msg_len)
{
    *out = NULL;
    int n = n_more + 1;
    hw_ensemble *e = (hw_ensemble *)calloc(1, sizeof *e);
    hw_scenario **owned = (hw_scenario **)calloc((size_t)n, sizeof *owned);
    if (!e || !owned) {
        free(e);
        free(owned);
        for (int i = 0; i < n_more; i++) hw_scenario_free(more[i]);
        snprintf(msg, msg_len, "ensemble: out of memory for a group of %d cases", n);
        return HW_ERR_NOMEM;
    }
    e->group = 1;
    e->owned = owned;
    for (int i = 0; i < n_more; i++) e->owned[e->n_owned++] = more[i];
    e->n_cases = n;
    e->n_lines0 = sc->model.n_lines;
    e->n_points0 = sc->model.n_points;
    size_t T = 0, P = 0, L = 0, K = 0, ON = 0, OS = 0, WN = 0, name_bytes = 0;
    for (int c = 0; c < n; c++) {
        const hw_scenario *s = c ? more[c - 1] : sc;
        char why[128];
        if (!hw_ensemble_groupable(s, why, sizeof why)) {
            snprintf(msg, msg_len, "%s: case %d cannot run in a group: %s", sc->path ? sc->path : "scenario", ids[c], why);
            hw_ensemble_free(e);
            return HW_ERR_INPUT;
        }
        const hw_model_def *m = &s->model;
        T += (size_t)m->n_types; P += (size_t)m->n_points; L += (size_t)m->n_lines; K += (size_t)m->n_sheaves;
        ON += (size_t)s->n_out_nodes; OS += (size_t)s->n_out_segments; WN += (size_t)s->n_wave_nodes;
        for (int i = 0; i < m->n_types; i++) name_bytes += strlen(m->types[i].name ? m->types[i].name : "") + 16;
        for (int i = 0; i < m->n_lines; i++) name_bytes += strlen(m->lines[i].name) + 16;
        for (int i = 0; i < m->n_points; i++) name_bytes += strlen(m->points[i].name) + 16;
        for (int i = 0; i < m->n_sheaves; i++) name_bytes += strlen(m->sheaves[i].name ? m->sheaves[i].name : "") + 16;
    }
    e->types = calloc(T + 1, sizeof *e->types);
    e->points = calloc(P + 1, sizeof *e->points);
    e->lines = calloc(L + 1, sizeof *e->lines);
    e->sheaves = calloc(K + 1, sizeof *e->sheaves);
    e->out_nodes = calloc(ON + 1, sizeof *e->out_nodes);
    e->out_segments = calloc(OS + 1, sizeof *e->out_segments);
    e->wave_nodes = calloc(WN + 1, sizeof *e->wave_nodes);
    e->names = malloc(name_bytes + 1);
    if (!e->types || !e->points || !e->lines || !e->sheaves || !e->out_nodes || !e->out_segments || !e->wave_nodes ||
        !e->names || L > (size_t)HW_MAX_MODEL_NODES || P > (size_t)HW_MAX_MODEL_NODES) {
        int big = L > (size_t)HW_MAX_MODEL_NODES || P > (size_t)HW_MAX_MODEL_NODES;
        hw_ensemble_free(e);
        snprintf(msg, msg_len, big ? "ensemble: a group of %d cases is too large" : "ensemble: out of memory for a group of %d cases", n);
        return big ? HW_ERR_INPUT : HW_ERR_NOMEM;
    }
    char *nm = e->names;
    int t0 = 0, p0 = 0, l0 = 0, k0 = 0, on = 0, os = 0, wn = 0;
#define NAME(dst, base, k) do { int w_ = sprintf(nm, "%s@%d", (base), (k)); (dst) = nm; nm += w_ + 1; } while (0)
    for (int c = 0; c < n; c++) {
        const hw_scenario *s = c ? more[c - 1] : sc;
        const hw_model_def *m = &s->model;
        for (int i = 0; i < m->n_types; i++) {
            e->types[t0 + i] = m->types[i];
            NAME(e->types[t0 + i].name, m->types[i].name ? m->types[i].name : "", ids[c]);
        }
        for (int i = 0; i < m->n_points; i++) {
            e->points[p0 + i] = m->points[i];
            NAME(e->points[p0 + i].name, m->points[i].name, ids[c]);
        }
        for (int i = 0; i < m->n_lines; i++) {
            hw_line_def *q = &e->lines[l0 + i];
            *q = m->lines[i];
            NAME(q->name, m->lines[i].name, ids[c]);
            q->type += t0;
            q->point_a += p0;
            q->point_b += p0;
        }
        for (int i = 0; i < m->n_sheaves; i++) {
            hw_sheave_def *q = &e->sheaves[k0 + i];
            *q = m->sheaves[i];
            NAME(q->name, m->sheaves[i].name ? m->sheaves[i].name : "", ids[c]);
            q->line_in += l0;
            q->line_out += l0;
        }
        for (int j = 0; j < s->n_out_nodes; j++, on++) { e->out_nodes[on] = s->out_nodes[j]; e->out_nodes[on].line += l0; }
        for (int j = 0; j < s->n_out_segments; j++, os++) { e->out_segments[os] = s->out_segments[j]; e->out_segments[os].line += l0; }
        for (int j = 0; j < s->n_wave_nodes; j++, wn++) { e->wave_nodes[wn] = s->wave_nodes[j]; e->wave_nodes[wn].line += l0; }
        t0 += m->n_types; p0 += m->n_points; l0 += m->n_lines; k0 += m->n_sheaves;
    }
#undef NAME
    hw_model_def *m = &sc->model;
    m->types = e->types; m->n_types = t0;
    m->points = e->points; m->n_points = p0;
    m->lines = e->lines; m->n_lines = l0;
    m->sheaves = e->sheaves; m->n_sheaves = k0;
    sc->out_nodes = e->out_nodes; sc->n_out_nodes = on;
    sc->out_segments = e->out_segments; sc->n_out_segments = os;
    sc->wave_nodes = e->wave_nodes; sc->n_wave_nodes = wn;
    hw_status st = hw_model_validate(m, msg, msg_len);
    if (st) { /* the scenario keeps pointing at the group's arrays: the caller frees both */
        *out = e;
        return st;
    }
    *out = e;
    return HW_OK;
}
