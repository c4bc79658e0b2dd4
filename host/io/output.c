/* CSV time series of a run. Columns carry their unit in the name. Files:
 *   lines.csv     time_s, then per line: <line>.TA_N and <line>.TB_N (tension of the end segments at
 *                 end A and end B), <line>.FA_N and <line>.FB_N (magnitude of the force the line
 *                 exerts on its end-A / end-B attachment point: includes the end node's half
 *                 segment of weight, buoyancy, drag, seabed contact and inertia, so it differs
 *                 from the end-segment tension); then per winch line <line>.winch_length_m,
 *                 .winch_speed_m_s, .winch_tension_N, .winch_segments (hw_sim_winch_state)
 *   points.csv    time_s, then per point: position x/y/z (m) and the total force of all lines
 *                 on it Fx/Fy/Fz (N)
 *   nodes.csv     requested node positions x/y/z (m)        (only with outputs.nodes)
 *   segments.csv  requested segment tensions (N)             (only with outputs.segments)
 *   waves.csv     surface elevation at outputs.wave_points: wp<k>.eta_m (m)
 *   wave_kinematics.csv  the fluid at outputs.wave_nodes, per node <line>.n<j>.: eta_m, ux_m_s
 *                 uy_m_s uz_m_s, ax_m_s2 ay_m_s2 az_m_s2, pd_Pa, wet (hw_out_wave_node) */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/files.h"
#include "io/output.h"
#include "io/output_hdf5.h"
#include "io/output_vtk.h"

enum { N_CSV = 6 };
static const char *const CSV_NAMES[N_CSV] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv", "waves.csv",
                                             "wave_kinematics.csv"};

/* The columns of wave_kinematics.csv after "<line>.n<j>." (docs/outputs.md). */
static const char *const WAVE_KIN_COLS[9] = {"eta_m", "ux_m_s", "uy_m_s", "uz_m_s", "ax_m_s2", "ay_m_s2", "az_m_s2",
                                             "pd_Pa", "wet"};

static FILE *open_csv(const hw_outputs *o, const char *name, char *msg, size_t msg_len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", o->dir, name);
    FILE *f = fopen(path, "w");
    if (!f && msg) snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
    return f;
}

hw_status hw_outputs_open(hw_outputs *o, const char *dir, const hw_scenario *sc, char *msg,
                          size_t msg_len)
{
    memset(o, 0, sizeof *o);
    o->sc = sc;
    snprintf(o->dir, sizeof o->dir, "%s", dir);
    if (hw_mkdir_p(dir) != 0) {
        snprintf(msg, msg_len, "%s: cannot create the output directory: %s", dir, strerror(errno));
        return HW_ERR_IO;
    }
    const hw_model_def *m = &sc->model;
    int maxn = 1;
    for (int l = 0; l < m->n_lines; l++) /* a winch line may grow up to its capacity */
        if (hw_line_max_segments(m, l) + 1 > maxn) maxn = hw_line_max_segments(m, l) + 1;
    o->buf = (double *)calloc((size_t)3 * maxn, sizeof(double));
    o->stats = (hw_line_stats *)calloc((size_t)(m->n_lines > 0 ? m->n_lines : 1), sizeof(hw_line_stats));
    if (!o->buf || !o->stats) {
        snprintf(msg, msg_len, "%s: out of memory for the output buffers (%d nodes, %d lines: %.3g MB)",
                 dir, maxn, m->n_lines, 1e-6 * (24.0 * maxn + (double)sizeof(hw_line_stats) * m->n_lines));
        return HW_ERR_NOMEM;
    }
    if (sc->n_wave_points > 0) {
        if (!(o->wave_stats = (hw_run_stats *)calloc((size_t)sc->n_wave_points, sizeof *o->wave_stats))) {
            snprintf(msg, msg_len, "%s: out of memory for %d wave points", dir, sc->n_wave_points);
            return HW_ERR_NOMEM;
        }
        for (int k = 0; k < sc->n_wave_points; k++) hw_run_stats_init(&o->wave_stats[k]);
    }
    for (int l = 0; l < m->n_lines; l++) {
        o->stats[l].max_tension = -1.0;
        hw_run_stats_init(&o->stats[l].end_a);
        hw_run_stats_init(&o->stats[l].end_b);
    }
    hw_status st;
    int drawable = m->n_lines > 0 || sc->rigid || sc->n_bodies > 0 || /* a network alone has no ParaView part */
                   sc->surface_grid.nx > 0;
    if ((sc->out_formats & HW_OUT_VTK) && drawable && (st = hw_vtk_open(&o->vtk, dir, sc, msg, msg_len))) return st;
    if ((sc->out_formats & HW_OUT_HDF5) && (st = hw_h5_open(&o->h5, dir, sc, msg, msg_len))) return st;
    if ((sc->out_formats & HW_OUT_CSV) && sc->n_wave_points > 0) { /* any family: the sea alone */
        if (!(o->waves = open_csv(o, "waves.csv", msg, msg_len))) return HW_ERR_IO;
        fprintf(o->waves, "time_s");
        for (int k = 0; k < sc->n_wave_points; k++) fprintf(o->waves, ",wp%d.eta_m", k);
        fprintf(o->waves, "\n");
    }
    if ((sc->out_formats & HW_OUT_CSV) && sc->n_wave_nodes > 0 && m->n_lines > 0) {
        if (!(o->wave_kin = open_csv(o, "wave_kinematics.csv", msg, msg_len))) return HW_ERR_IO;
        fprintf(o->wave_kin, "time_s");
        for (int k = 0; k < sc->n_wave_nodes; k++)
            for (int c = 0; c < 9; c++)
                fprintf(o->wave_kin, ",%s.n%d.%s", m->lines[sc->wave_nodes[k].line].name, sc->wave_nodes[k].index,
                        WAVE_KIN_COLS[c]);
        fprintf(o->wave_kin, "\n");
    }
    if (!(sc->out_formats & HW_OUT_CSV) || m->n_lines == 0) return HW_OK; /* rigid.csv, network.csv: the runners' */
    if (!(o->lines = open_csv(o, "lines.csv", msg, msg_len))) return HW_ERR_IO;
    if (!(o->points = open_csv(o, "points.csv", msg, msg_len))) return HW_ERR_IO;
    fprintf(o->lines, "time_s");
    for (int l = 0; l < m->n_lines; l++) {
        const char *n = m->lines[l].name;
        fprintf(o->lines, ",%s.TA_N,%s.TB_N,%s.FA_N,%s.FB_N", n, n, n, n);
    }
    for (int l = 0; l < m->n_lines; l++) { /* then the winch lines' state, in line order */
        const char *n = m->lines[l].name;
        if (m->lines[l].winch.end != HW_WINCH_NONE)
            fprintf(o->lines, ",%s.winch_length_m,%s.winch_speed_m_s,%s.winch_tension_N,%s.winch_segments", n, n, n, n);
    }
    fprintf(o->lines, "\n");
    fprintf(o->points, "time_s");
    for (int p = 0; p < m->n_points; p++) {
        const char *n = m->points[p].name;
        fprintf(o->points, ",%s.x_m,%s.y_m,%s.z_m,%s.Fx_N,%s.Fy_N,%s.Fz_N", n, n, n, n, n, n);
    }
    fprintf(o->points, "\n");
    if (sc->n_out_nodes > 0) {
        if (!(o->nodes = open_csv(o, "nodes.csv", msg, msg_len))) return HW_ERR_IO;
        fprintf(o->nodes, "time_s");
        for (int k = 0; k < sc->n_out_nodes; k++) {
            const char *n = m->lines[sc->out_nodes[k].line].name;
            int j = sc->out_nodes[k].index;
            fprintf(o->nodes, ",%s.n%d.x_m,%s.n%d.y_m,%s.n%d.z_m", n, j, n, j, n, j);
        }
        fprintf(o->nodes, "\n");
    }
    if (sc->n_out_segments > 0) {
        if (!(o->segments = open_csv(o, "segments.csv", msg, msg_len))) return HW_ERR_IO;
        fprintf(o->segments, "time_s");
        for (int k = 0; k < sc->n_out_segments; k++)
            fprintf(o->segments, ",%s.s%d.T_N", m->lines[sc->out_segments[k].line].name,
                    sc->out_segments[k].index);
        fprintf(o->segments, "\n");
    }
    return HW_OK;
}

static double norm3(const double *v) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

static void stats_from(hw_run_stats *r, const hw_end_stats *e)
{
    r->n = e->samples;
    r->mean = e->mean;
    r->m2 = e->std * e->std * (double)e->samples;
    r->min = e->min; r->max = e->max;
    r->t_min = e->t_min; r->t_max = e->t_max;
}

hw_status hw_outputs_take_extremes(hw_outputs *o, const hw_sim *sim)
{
    if (!o->stats) return HW_OK;
    int nl = o->sc->model.n_lines;
    hw_line_extremes *all = (hw_line_extremes *)malloc((size_t)(nl > 0 ? nl : 1) * sizeof *all);
    if (!all) return HW_ERR_NOMEM;
    hw_status st = hw_sim_all_line_extremes(sim, all);
    if (st) { free(all); return st; }
    for (int l = 0; l < nl; l++) {
        hw_line_extremes x = all[l];
        if (x.end_a.samples <= 0) continue; /* no sample at all: nothing to report */
        hw_line_stats *s = &o->stats[l];
        s->every_step = 1;
        s->max_tension = x.max_tension; s->max_time = x.max_time; s->max_segment = x.max_segment;
        s->min_tension = x.min_tension; s->min_time = x.min_time; s->min_segment = x.min_segment;
        s->max_strain = x.max_strain; s->max_strain_segment = x.max_strain_segment;
        stats_from(&s->end_a, &x.end_a);
        stats_from(&s->end_b, &x.end_b);
    }
    free(all);
    return HW_OK;
}

void hw_outputs_attach(hw_outputs *o, const hw_rc *rc, const hw_net *net)
{
    o->src.rc = rc;
    o->src.net = net;
}

void hw_outputs_attach_bodies(hw_outputs *o, const hw_out_bodies *bodies) { o->src.bodies = bodies; }

void hw_outputs_attach_waves(hw_outputs *o, const hw_waves *waves) { o->src.waves = waves; }

/* The rows of waves.csv and wave_kinematics.csv (sim: the lumped lines, NULL without them). */
static hw_status write_wave_rows(hw_outputs *o, const hw_sim *sim, double t, char *msg, size_t msg_len)
{
    const hw_scenario *sc = o->sc;
    const hw_waves *w = o->src.waves;
    if (o->waves) fprintf(o->waves, "%.9g", t);
    for (int k = 0; k < sc->n_wave_points; k++) {
        double eta = hw_waves_elevation(w, sc->wave_points[2 * k], sc->wave_points[2 * k + 1], t);
        if (o->wave_stats) hw_run_stats_add(&o->wave_stats[k], eta, t);
        if (o->waves) fprintf(o->waves, ",%.10g", eta);
    }
    if (o->waves) fprintf(o->waves, "\n");
    if (o->wave_kin && sim) {
        int have = -1;
        hw_status st;
        fprintf(o->wave_kin, "%.9g", t);
        for (int k = 0; k < sc->n_wave_nodes; k++) {
            int l = sc->wave_nodes[k].line, j = sc->wave_nodes[k].index;
            if (l != have && (st = hw_sim_line_positions(sim, l, o->buf))) {
                snprintf(msg, msg_len, "reading outputs at t = %g s: %s", t, hw_status_str(st));
                return st;
            }
            have = l;
            if (j > hw_sim_line_nseg(sim, l)) { /* a winch hauled that node in: no value now */
                fprintf(o->wave_kin, ",,,,,,,,,");
                continue;
            }
            double v[9];
            hw_out_wave_node(w, o->buf + 3 * j, t, v);
            fprintf(o->wave_kin, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%d", v[0], v[1], v[2], v[3], v[4],
                    v[5], v[6], v[7], (int)v[8]);
        }
        fprintf(o->wave_kin, "\n");
    }
    FILE *f[2] = {o->waves, o->wave_kin};
    for (int k = 0; k < 2; k++)
        if (f[k] && (fflush(f[k]) != 0 || ferror(f[k]))) {
            snprintf(msg, msg_len, "%s/%s: write failed: %s", o->dir, CSV_NAMES[4 + k], strerror(errno));
            o->failed = 1;
            return HW_ERR_IO;
        }
    return HW_OK;
}

hw_status hw_out_bodies_alloc(hw_out_bodies *b, int n)
{
    memset(b, 0, sizeof *b);
    if (n <= 0) return HW_OK;
    double *a = (double *)calloc((size_t)n * 19, sizeof(double));
    if (!a) return HW_ERR_NOMEM;
    b->n = n;
    b->pos = a;
    b->quat = a + 3 * n;
    b->vel = a + 7 * n;
    b->w = a + 10 * n;
    b->force = a + 13 * n;
    b->moment = a + 16 * n;
    for (int k = 0; k < n; k++) b->quat[4 * k] = 1.0; /* identity until filled */
    return HW_OK;
}

void hw_out_bodies_free(hw_out_bodies *b)
{
    if (!b) return;
    free(b->pos); /* one block: pos is its start */
    memset(b, 0, sizeof *b);
}

hw_status hw_outputs_write(hw_outputs *o, const hw_sim *sim, char *msg, size_t msg_len)
{
    const hw_model_def *m = &o->sc->model;
    o->src.sim = sim;
    double dt, t = hw_out_src_time(&o->src, &dt);
    hw_status st = HW_OK;
    if (!sim) goto families; /* no lumped lines: their files are not open */
    if (o->lines) fprintf(o->lines, "%.9g", t);
    for (int l = 0; l < m->n_lines; l++) {
        double ta, tb, fa[3], fb[3];
        if ((st = hw_sim_line_end_tensions(sim, l, &ta, &tb)) ||
            (st = hw_sim_line_end_forces(sim, l, fa, fb)))
            goto fail;
        if (o->lines) fprintf(o->lines, ",%.10g,%.10g,%.10g,%.10g", ta, tb, norm3(fa), norm3(fb));
    }
    for (int l = 0; o->lines && l < m->n_lines; l++) {
        if (m->lines[l].winch.end == HW_WINCH_NONE) continue;
        double len, speed, ten;
        int nseg;
        if ((st = hw_sim_winch_state(sim, l, &len, &speed, &ten, &nseg))) goto fail;
        fprintf(o->lines, ",%.10g,%.10g,%.10g,%d", len, speed, ten, nseg);
    }
    if (o->lines) fprintf(o->lines, "\n");
    if (o->points) fprintf(o->points, "%.9g", t);
    for (int p = 0; o->points && p < m->n_points; p++) {
        double r[3], f[3];
        if ((st = hw_sim_point_state(sim, p, r, NULL, f))) goto fail;
        fprintf(o->points, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g", r[0], r[1], r[2], f[0], f[1], f[2]);
    }
    if (o->points) fprintf(o->points, "\n");
    /* a line's values are fetched once per row for its run of references (`all` lists every
     * node of a line in a row: one copy per reference was quadratic in the line's length) */
    int have = -1;
    if (o->nodes) {
        fprintf(o->nodes, "%.9g", t);
        for (int k = 0; k < o->sc->n_out_nodes; k++) {
            int l = o->sc->out_nodes[k].line;
            if (l != have && (st = hw_sim_line_positions(sim, l, o->buf))) goto fail;
            have = l;
            if (o->sc->out_nodes[k].index > hw_sim_line_nseg(sim, o->sc->out_nodes[k].line)) {
                fprintf(o->nodes, ",,,"); /* a winch hauled that node in: no value now */
                continue;
            }
            const double *r = o->buf + 3 * o->sc->out_nodes[k].index;
            fprintf(o->nodes, ",%.10g,%.10g,%.10g", r[0], r[1], r[2]);
        }
        fprintf(o->nodes, "\n");
    }
    have = -1;
    if (o->segments) {
        fprintf(o->segments, "%.9g", t);
        for (int k = 0; k < o->sc->n_out_segments; k++) {
            int l = o->sc->out_segments[k].line;
            if (l != have && (st = hw_sim_line_tensions(sim, l, o->buf))) goto fail;
            have = l;
            if (o->sc->out_segments[k].index > hw_sim_line_nseg(sim, o->sc->out_segments[k].line))
                fprintf(o->segments, ",");
            else
                fprintf(o->segments, ",%.10g", o->buf[o->sc->out_segments[k].index - 1]);
        }
        fprintf(o->segments, "\n");
    }
    FILE *all[4] = {o->lines, o->points, o->nodes, o->segments};
    for (int k = 0; k < 4; k++)
        if (all[k] && (fflush(all[k]) != 0 || ferror(all[k]))) {
            snprintf(msg, msg_len, "%s/%s: write failed: %s", o->dir, CSV_NAMES[k], strerror(errno));
            o->failed = 1;
            return HW_ERR_IO;
        }
families:
    if ((o->waves || o->wave_kin || o->wave_stats) && (st = write_wave_rows(o, sim, t, msg, msg_len))) return st;
    if ((o->vtk && (st = hw_vtk_write(o->vtk, &o->src, msg, msg_len))) ||
        (o->h5 && (st = hw_h5_write(o->h5, &o->src, msg, msg_len)))) {
        o->failed = 1;
        return st;
    }
    o->rows++;
    return HW_OK;
fail:
    snprintf(msg, msg_len, "reading outputs at t = %g s: %s", t, hw_status_str(st));
    return st;
}

hw_status hw_outputs_finish(hw_outputs *o, char *msg, size_t msg_len)
{
    hw_status st = HW_OK, s;
    char m[4400];
    FILE **all[N_CSV] = {&o->lines, &o->points, &o->nodes, &o->segments, &o->waves, &o->wave_kin};
    for (int k = 0; k < N_CSV; k++) {
        if (!*all[k]) continue;
        int bad = hw_fclose_checked(*all[k]);
        *all[k] = NULL;
        if (bad && !st && !o->failed) { /* a failed write was reported when it happened */
            snprintf(msg, msg_len, "%s/%s: write failed: %s", o->dir, CSV_NAMES[k], strerror(bad));
            st = HW_ERR_IO;
        }
    }
    s = hw_vtk_close(o->vtk, m, sizeof m);
    o->vtk = NULL;
    if (s && !st) { snprintf(msg, msg_len, "%s", m); st = s; }
    s = hw_h5_close(o->h5, m, sizeof m);
    o->h5 = NULL;
    if (s && !st) { snprintf(msg, msg_len, "%s", m); st = s; }
    return st;
}

void hw_outputs_waves_json(FILE *f, const hw_outputs *o, const hw_waves *w)
{
    int nw = o && o->sc && o->wave_stats ? o->sc->n_wave_points : 0;
    if (hw_waves_count(w) == 0 && nw == 0) return;
    fprintf(f, ",\"waves\":{\"components\":%d,\"kinematics_step_s\":%.9g,\"points\":[", hw_waves_count(w),
            hw_waves_kinematics_step(w));
    for (int k = 0; k < nw; k++) {
        const hw_run_stats *s = &o->wave_stats[k];
        fprintf(f, "%s{\"name\":\"wp%d\",\"x_m\":%.10g,\"y_m\":%.10g,\"samples\":%ld", k ? "," : "", k,
                o->sc->wave_points[2 * k], o->sc->wave_points[2 * k + 1], s->n);
        if (s->n > 0)
            fprintf(f, ",\"max_eta_m\":%.10g,\"max_eta_time_s\":%.9g,\"min_eta_m\":%.10g,\"min_eta_time_s\":%.9g,"
                       "\"mean_eta_m\":%.10g,\"std_eta_m\":%.10g",
                    s->max, s->t_max, s->min, s->t_min, s->mean, hw_run_stats_std(s));
        fprintf(f, "}");
    }
    fprintf(f, "]}");
}

void hw_outputs_close(hw_outputs *o)
{
    char m[64];
    hw_outputs_finish(o, m, sizeof m);
    free(o->wave_stats);
    free(o->buf);
    free(o->stats);
    memset(o, 0, sizeof *o);
}
