/* The CLI's stepping of a scenario's rigid cables and its rigid.csv (rigid_run.h). */
#include "io/files.h"
#include "run/rigid_run.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "run/network_run.h"
#include "world/timeline.h"
#include "io/scenario_rigid.h"
#include "model/model_check.h"

static void csv_col(FILE *f, const char *name, const char *col)
{
    fputc(',', f);
    for (; name && *name; name++) fputc(*name == ',' || *name == '"' || *name == '\n' ? '_' : *name, f);
    fprintf(f, ".%s", col);
}

/* The end inputs of every attached end from its point at the simulation's time. moving_only: only
 * ends on prescribed points (fixed ones keep what was set). A free point is a body end: it moves
 * with the cable and takes no input. */
static hw_status set_ends(hw_rc_runner *r, int moving_only)
{
    const hw_scn_rigid *rg = r->sc->rigid;
    const hw_point_def *pts = r->sc->model.points;
    double t = hw_rc_time(r->rc);
    for (int c = 0; c < rg->def.n_cables; c++) {
        int pa = rg->point_a[c], pb = rg->point_b[c];
        int ma = pa >= 0 && rg->cables[c].end_a != HW_RC_END_BODY && (!moving_only || pts[pa].kind == HW_POINT_PRESCRIBED);
        int mb = pb >= 0 && rg->cables[c].end_b != HW_RC_END_BODY && (!moving_only || pts[pb].kind == HW_POINT_PRESCRIBED);
        if (!ma && !mb) continue;
        double xa[3], va[3], xb[3], vb[3];
        if (ma) hw_point_kinematics(&pts[pa], r->spline[pa], t, xa, va);
        if (mb) hw_point_kinematics(&pts[pb], r->spline[pb], t, xb, vb);
        hw_status st = hw_rc_set_end_kinematics(r->rc, c, ma ? xa : NULL, ma ? va : NULL, mb ? xb : NULL,
                                                mb ? vb : NULL);
        if (st) return st;
    }
    return HW_OK;
}

hw_status hw_rc_runner_follow_points(hw_rc_runner *r) { return r->rc ? set_ends(r, 1) : HW_OK; }

static int any_moving(const hw_rc_runner *r)
{
    const hw_scn_rigid *rg = r->sc->rigid;
    for (int c = 0; c < rg->def.n_cables; c++) {
        int p[2] = {rg->point_a[c], rg->point_b[c]};
        for (int k = 0; k < 2; k++)
            if (p[k] >= 0 && r->sc->model.points[p[k]].kind == HW_POINT_PRESCRIBED) return 1;
    }
    return 0;
}

static int has_winch(const hw_rc_runner *r, int c)
{
    return r->sc->rigid->cables[c].winch.end != HW_WINCH_NONE;
}

static int has_body(const hw_rc_runner *r, int c, int end)
{
    return (end ? r->sc->rigid->cables[c].end_b : r->sc->rigid->cables[c].end_a) == HW_RC_END_BODY;
}

static hw_status write_row(hw_rc_runner *r, char *msg, size_t msg_len)
{
    FILE *f = r->csv;
    double t = hw_rc_time(r->rc);
    /* the t = 0 row: the start state (positions, winch, bodies); no constraint has been solved
     * yet, so its forces and tensions are not known: NaN, and kept out of the statistics */
    int unsolved = r->rows == 0;
    fprintf(f, "%.9g", t);
    for (int c = 0; c < hw_rc_n_cables(r->rc); c++) {
        double fa[3], fb[3];
        int n = hw_rc_elements(r->rc, c);
        if (n + 1 > r->t_cap) { /* more than hw_rc_max_elements foresaw: grow rather than overrun */
            double *p = realloc(r->t, (size_t)(n + 1) * sizeof *p);
            if (!p) {
                snprintf(msg, msg_len, "rigid cables: out of memory");
                return HW_ERR_NOMEM;
            }
            r->t = p;
            r->t_cap = n + 1;
        }
        hw_rc_end_forces(r->rc, c, fa, fb);
        hw_rc_tensions(r->rc, c, r->t);
        double tmax = r->t[0];
        for (int k = 1; k <= n; k++) tmax = fmax(tmax, r->t[k]);
        if (unsolved) {
            fprintf(f, ",nan,nan,nan,nan,nan,nan,nan,nan,nan");
        } else {
            if (tmax > r->max_t[c] || r->end_stats[2 * c].n == 0) { r->max_t[c] = tmax; r->max_time[c] = t; }
            hw_run_stats_add(&r->end_stats[2 * c], r->t[0], t);
            hw_run_stats_add(&r->end_stats[2 * c + 1], r->t[n], t);
            fprintf(f, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g", fa[0], fa[1], fa[2], fb[0], fb[1],
                    fb[2], r->t[0], r->t[n], tmax);
        }
        if (has_winch(r, c)) {
            double len, speed, ten;
            int ne;
            if (hw_rc_winch_state(r->rc, c, &len, &speed, &ten, &ne) == HW_OK && unsolved)
                fprintf(f, ",%.10g,%.10g,nan,%d", len, speed, ne);
            else if (hw_rc_winch_state(r->rc, c, &len, &speed, &ten, &ne) == HW_OK)
                fprintf(f, ",%.10g,%.10g,%.10g,%d", len, speed, ten, ne);
            else
                fprintf(f, ",,,,"); /* no state to give: empty fields keep the columns in place */
        }
        for (int e = 0; e < 2; e++) {
            double x[3], v[3];
            if (has_body(r, c, e) && hw_rc_body_state(r->rc, c, e, x, v) == HW_OK)
                fprintf(f, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g", x[0], x[1], x[2], v[0], v[1], v[2]);
        }
    }
    fputc('\n', f);
    if (fflush(f) != 0 || ferror(f)) {
        snprintf(msg, msg_len, "%s: write failed: %s", r->csv_path, strerror(errno));
        return HW_ERR_IO;
    }
    r->rows++;
    return HW_OK;
}

static void log_params(const hw_rc_runner *r, hw_log_fn log, void *user)
{
    if (!log) return;
    for (int c = 0; c < hw_rc_n_cables(r->rc); c++) {
        hw_rc_params p;
        if (hw_rc_get_params(r->rc, c, &p)) continue;
        char line[1024];
        snprintf(line, sizeof line,
                 "rigid cable '%s': %d elements of %.6g m, dt %.6g s, backend %s; axial alpha %.6g 1/s beta %.6g 1/s "
                 "eps %.6g 1/kg; bending alpha %.6g beta %.6g eps %.6g 1/(kg m^2); torsion alpha %.6g beta %.6g "
                 "eps %.6g 1/(kg m^2); effective EA %.6g N, EI %.6g N m^2, GJ %.6g N m^2",
                 r->sc->rigid->cables[c].name, hw_rc_elements(r->rc, c), p.element_length, hw_rc_dt(r->rc),
                 hw_rc_backend_name(r->rc), p.alpha[0], p.beta[0], p.eps[0], p.alpha[1], p.beta[1], p.eps[1],
                 p.alpha[2], p.beta[2], p.eps[2], p.ea, p.ei, p.gj);
        log(user, 0, line);
    }
}

hw_status hw_rc_runner_start(hw_rc_runner *r, const hw_scenario *sc, const char *dir, double dt,
                             hw_backend_kind backend, hw_log_fn log, void *log_user, char *msg, size_t msg_len)
{
    memset(r, 0, sizeof *r);
    r->sc = sc;
    const hw_scn_rigid *rg = sc->rigid;
    if (!rg) return HW_OK;
    if (!(dt > 0)) {
        snprintf(msg, msg_len, "%s: solver.dt: expected a time step > 0 s for the rigid cables, got %g", sc->path, dt);
        return HW_ERR_INPUT;
    }
    hw_status st = hw_scenario_rigid_check(rg, dt, sc->path, msg, msg_len);
    if (!st) st = hw_rc_check_times(sc, dt, msg, msg_len);
    if (st) return st;
    hw_rc_def def = rg->def;
    def.dt = dt;
    def.backend = backend;
    if ((st = hw_rc_create(&def, &r->rc, msg, msg_len))) return st;
    int nmax = 1; /* the most elements of any cable, a reel winch's splits included */
    for (int c = 0; c < rg->def.n_cables; c++)
        if (hw_rc_max_elements(&rg->cables[c]) > nmax) nmax = hw_rc_max_elements(&rg->cables[c]);
    r->t = calloc((size_t)nmax + 1, sizeof *r->t);
    r->t_cap = nmax + 1;
    r->max_t = calloc((size_t)rg->def.n_cables, sizeof *r->max_t);
    r->max_time = calloc((size_t)rg->def.n_cables, sizeof *r->max_time);
    r->end_stats = calloc((size_t)2 * rg->def.n_cables, sizeof *r->end_stats);
    for (int k = 0; r->end_stats && k < 2 * rg->def.n_cables; k++) hw_run_stats_init(&r->end_stats[k]);
    r->spline = calloc((size_t)sc->model.n_points + 1, sizeof *r->spline);
    int spl_ok = r->spline != NULL;
    for (int p = 0; spl_ok && p < sc->model.n_points; p++) {
        const hw_point_def *pd = &sc->model.points[p];
        if (pd->kind == HW_POINT_PRESCRIBED && pd->motion == HW_MOTION_TABLE)
            spl_ok = (r->spline[p] = hw_point_spline(pd)) != NULL;
    }
    if (!r->t || !r->max_t || !r->max_time || !r->end_stats || !spl_ok) {
        snprintf(msg, msg_len, "rigid cables: out of memory");
        hw_rc_runner_end(r);
        return HW_ERR_NOMEM;
    }
    if ((st = set_ends(r, 0))) {
        snprintf(msg, msg_len, "%s", hw_rc_last_error(r->rc));
        hw_rc_runner_end(r);
        return st;
    }
    for (int c = 0; c < rg->def.n_cables; c++) /* constant loads on free ends (a payload's weight) */
        for (int e = 0; e < 2; e++) {
            const double *f = rg->end_load + 6 * (size_t)c + 3 * (size_t)e;
            if ((f[0] != 0.0 || f[1] != 0.0 || f[2] != 0.0) && (st = hw_rc_set_end_load(r->rc, c, e, f, NULL))) {
                snprintf(msg, msg_len, "%s", hw_rc_last_error(r->rc));
                hw_rc_runner_end(r);
                return st;
            }
        }
    log_params(r, log, log_user);
    if (!dir) return HW_OK; /* the C API's world (hw_world_load): no rigid.csv */
    char *path = r->csv_path;
    snprintf(path, sizeof r->csv_path, "%s/rigid.csv", dir);
    if (hw_mkdir_p(dir) != 0 || !(r->csv = fopen(path, "w"))) {
        snprintf(msg, msg_len, "%s: cannot write: %s", path, strerror(errno));
        hw_rc_runner_end(r);
        return HW_ERR_IO;
    }
    static const char *const cols[] = {"FAx_N", "FAy_N", "FAz_N", "FBx_N", "FBy_N", "FBz_N", "TA_N", "TB_N", "Tmax_N"};
    static const char *const winch_cols[] = {"winch_length_m", "winch_speed_m_s", "winch_tension_N",
                                             "elements"};
    static const char *const body_cols[2][6] = {
        {"body_a_x_m", "body_a_y_m", "body_a_z_m", "body_a_vx_m_s", "body_a_vy_m_s", "body_a_vz_m_s"},
        {"body_b_x_m", "body_b_y_m", "body_b_z_m", "body_b_vx_m_s", "body_b_vy_m_s", "body_b_vz_m_s"}};
    fprintf(r->csv, "time_s");
    for (int c = 0; c < rg->def.n_cables; c++) {
        for (int k = 0; k < 9; k++) csv_col(r->csv, rg->cables[c].name, cols[k]);
        for (int k = 0; k < 4 && has_winch(r, c); k++) csv_col(r->csv, rg->cables[c].name, winch_cols[k]);
        for (int e = 0; e < 2; e++)
            for (int k = 0; k < 6 && has_body(r, c, e); k++) csv_col(r->csv, rg->cables[c].name, body_cols[e][k]);
    }
    fputc('\n', r->csv);
    /* the t = 0 row: the state the cables start from, as lines.csv and network.csv have it */
    if ((st = write_row(r, msg, msg_len))) {
        hw_rc_runner_end(r);
        return st;
    }
    return HW_OK;
}

hw_status hw_rc_runner_advance_to(hw_rc_runner *r, double t, char *msg, size_t msg_len)
{
    if (!r->rc) return HW_OK;
    double dt = hw_rc_dt(r->rc), left = t - hw_rc_time(r->rc);
    double m = floor(left / dt + 0.5);
    if (m < 0 || fabs(left - m * dt) > hw_time_tolerance(dt, t)) { /* hw_rc_check_times's promise */
        snprintf(msg, msg_len, "rigid cables: t = %.17g s is not a whole number of steps of %.17g s "
                 "from t = %.17g s", t, dt, hw_rc_time(r->rc));
        return HW_ERR_INPUT;
    }
    long n_steps = (long)m;
    hw_status st = HW_OK;
    if (any_moving(r)) {
        for (long k = 0; k < n_steps && !st; k++)
            if (!(st = set_ends(r, 1))) st = hw_rc_step(r->rc, 1);
    } else {
        while (n_steps > 0 && !st) {
            int n = n_steps > 1000000 ? 1000000 : (int)n_steps;
            st = hw_rc_step(r->rc, n);
            n_steps -= n;
        }
    }
    if (st) {
        snprintf(msg, msg_len, "%s", hw_rc_last_error(r->rc));
        return st;
    }
    return write_row(r, msg, msg_len);
}

hw_status hw_rc_check_times(const hw_scenario *sc, double dt, char *msg, size_t msg_len)
{
    double every = sc->out_interval, t_end = sc->model.solver.t_end;
    int ok_every = every <= 0 || hw_time_divides(dt, every);
    int ok_end = t_end <= 0 || hw_time_divides(dt, t_end);
    if (!sc->rigid || (ok_every && ok_end)) return HW_OK;
    double p = every > 0 ? (t_end > 0 ? hw_time_common_period(every, t_end) : every) : t_end;
    char hint[160] = "";
    if (p > 0) snprintf(hint, sizeof hint, " (e.g. %.9g s, %.0f steps per %.9g s)", p / ceil(p / dt * (1.0 - 1e-12)),
                        ceil(p / dt * (1.0 - 1e-12)), p);
    else snprintf(hint, sizeof hint, " (none is longer than 1e-9 of them: make t_end a multiple of the interval)");
    int auto_dt = !(sc->model.solver.dt > 0);
    snprintf(msg, msg_len, "%s: solver.dt: rigid cables step at a fixed dt (their constraint parameters are set "
             "for it), so dt must divide outputs.interval = %g s and solver.t_end = %g s for the rows to land on "
             "their times; got dt = %.9g s%s. Give a dt that divides both%s%s", sc->path, every, t_end, dt,
             auto_dt ? " (auto)" : "", hint, sc->model.n_lines > 0 && !auto_dt && p > 0 ? ", or leave dt on auto" : "");
    return HW_ERR_INPUT;
}

void hw_rc_runner_sync_points(const hw_rc_runner *r, hw_sim *sim)
{
    if (!r || !r->rc || !sim) return;
    const hw_scn_rigid *rg = r->sc->rigid;
    for (int c = 0; c < rg->def.n_cables; c++)
        for (int e = 0; e < 2; e++) {
            double x[3], v[3];
            int p = e ? rg->point_b[c] : rg->point_a[c];
            if (p >= 0 && has_body(r, c, e) && hw_rc_body_state(r->rc, c, e, x, v) == HW_OK)
                hw_sim_set_point_kinematics(sim, p, x, v);
        }
}

void hw_rc_runner_json(FILE *f, const hw_rc_runner *r)
{
    if (!r || !r->rc) return;
    static const char *const fam[] = {"axial", "bending", "torsion"};
    fprintf(f, ",\"rigid_cables\":[");
    for (int c = 0; c < hw_rc_n_cables(r->rc); c++) {
        hw_rc_params p;
        memset(&p, 0, sizeof p);
        hw_rc_get_params(r->rc, c, &p);
        fprintf(f, "%s{\"name\":", c ? "," : "");
        hw_json_string(f, r->sc->rigid->cables[c].name);
        fprintf(f, ",\"elements\":%d,\"element_length_m\":%.10g", hw_rc_elements(r->rc, c), p.element_length);
        for (int k = 0; k < 3; k++)
            fprintf(f, ",\"%s\":{\"alpha\":%.10g,\"beta\":%.10g,\"eps\":%.10g}", fam[k], p.alpha[k], p.beta[k], p.eps[k]);
        fprintf(f, ",\"EA_N\":%.10g,\"EI_Nm2\":%.10g,\"GJ_Nm2\":%.10g", p.ea, p.ei, p.gj);
        double len;
        if (has_winch(r, c) && hw_rc_winch_state(r->rc, c, &len, NULL, NULL, NULL) == HW_OK)
            fprintf(f, ",\"winch_length_m\":%.10g", len);
        for (int e = 0; e < 2; e++) {
            double x[3];
            int pt = e ? r->sc->rigid->point_b[c] : r->sc->rigid->point_a[c];
            if (!has_body(r, c, e) || hw_rc_body_state(r->rc, c, e, x, NULL) != HW_OK) continue;
            fprintf(f, ",\"body_%c\":{\"point\":", e ? 'b' : 'a');
            hw_json_string(f, pt >= 0 ? r->sc->model.points[pt].name : "");
            fprintf(f, ",\"position_m\":[%.10g,%.10g,%.10g]}", x[0], x[1], x[2]);
        }
        int solved = r->end_stats[2 * c].n > 0; /* a row after the first step */
        fprintf(f, ",\"max_tension_N\":%.10g,\"max_tension_time_s\":%.9g", solved ? r->max_t[c] : 0.0,
                solved ? r->max_time[c] : 0.0);
        fprintf(f, ",\"end_a_tension\":");
        hw_run_stats_json(f, &r->end_stats[2 * c]);
        fprintf(f, ",\"end_b_tension\":");
        hw_run_stats_json(f, &r->end_stats[2 * c + 1]);
        fprintf(f, "}");
    }
    fprintf(f, "],\"rigid\":{\"backend\":\"%s\",\"t\":%.9g,\"dt\":%.6g,\"rows\":%ld}", hw_rc_backend_name(r->rc),
            hw_rc_time(r->rc), hw_rc_dt(r->rc), r->rows);
}

void hw_rc_runner_end(hw_rc_runner *r)
{
    if (r->csv) fclose(r->csv);
    hw_rc_destroy(r->rc);
    free(r->t);
    free(r->max_t);
    free(r->max_time);
    free(r->end_stats);
    for (int p = 0; r->spline && r->sc && p < r->sc->model.n_points; p++) free(r->spline[p]);
    free(r->spline);
    memset(r, 0, sizeof *r);
}
