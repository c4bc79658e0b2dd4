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
