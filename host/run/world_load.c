/* The C API's load from a file (include/hawser/world.h, hw_world_load): a YAML scenario or a
 * MoorDyn deck read, checked and built into a world, as `hawser run` builds it (host/cli/main.c)
 * without the files it writes. The world owns the scenario and what was built beside it. */
#include "hawser/world.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_rigid.h"
#include "run/ensemble.h"
#include "run/plan_times.h"
#include "run/rigid_run.h"
#include "run/world_load.h"
#include "world/world_owner.h"

/* What a loaded world keeps alive: the scenario (the world's defs point into it), the deck's
 * channels, an ensemble's arrays, and the rigid cables (the world steps them, this frees them). */
typedef struct loaded {
    hw_scenario *sc;
    hw_md_deck *md;
    hw_ensemble *ens;
    hw_rc_runner rig;
    hw_world_rc_body *rcb;
    hw_world_rc_body_end *rbe;
} loaded;

static void loaded_free(void *p)
{
    loaded *L = (loaded *)p;
    if (!L) return;
    hw_rc_runner_end(&L->rig);
    free(L->rcb);
    free(L->rbe);
    hw_ensemble_free(L->ens);
    hw_scenario_free(L->sc);
    hw_md_free(L->md);
    free(L);
}

hw_world_load_opts hw_default_load_opts(void)
{
    hw_world_load_opts o;
    memset(&o, 0, sizeof o);
    o.backend = HW_BACKEND_CPU;
    return o;
}

static void set_msg(char *msg, size_t len, const char *fmt, ...)
{
    if (!msg || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
}

hw_status hw_scenario_rigid_points(const hw_scenario *sc, hw_world_rc_point **out, int *n_out)
{
    const hw_scn_rigid *rg = sc->rigid;
    int nc = rg ? rg->def.n_cables : 0;
    hw_world_rc_point *rp = (hw_world_rc_point *)calloc(2 * (size_t)nc + 1, sizeof *rp);
    *out = rp;
    *n_out = 0;
    if (!rp) return HW_ERR_NOMEM;
    int n = 0;
    for (int c = 0; sc->model.n_lines > 0 && c < nc; c++)
        for (int e = 0; e < 2; e++) {
            int p = e ? rg->point_b[c] : rg->point_a[c];
            hw_rc_end_kind kind = e ? rg->cables[c].end_b : rg->cables[c].end_a;
            int body = kind == HW_RC_END_BODY;
            if (kind == HW_RC_END_BODY6 || (e ? rg->body_b[c] : rg->body_a[c]) >= 0) continue;
            if (p < 0 || (!body && sc->model.points[p].kind == HW_POINT_FIXED)) continue;
            hw_world_rc_point q = {c, e, p, body};
            rp[n++] = q;
        }
    *n_out = n;
    return HW_OK;
}

hw_status hw_scenario_world_def(const hw_scenario *sc, hw_backend_kind backend, hw_log_fn log,
                                void *log_user, hw_world_def *wd, hw_world_rc_body **rcb,
                                hw_world_rc_body_end **rbe, char *msg, size_t len)
{
    *wd = hw_default_world();
    *rcb = NULL;
    *rbe = NULL;
    wd->lumped = &sc->model;
    wd->network = sc->network;
    wd->n_couplings = sc->n_couplings;
    wd->couplings = sc->couplings;
    wd->n_bodies = sc->n_bodies;
    wd->bodies = sc->bodies;
    wd->n_body_points = sc->n_body_points;
    wd->body_points = sc->body_points;
    wd->backend = backend;
    wd->log = log;
    wd->log_user = log_user;
    wd->file = sc->path;
    if (!sc->rigid) return HW_OK;
    size_t n = 2 * (size_t)sc->rigid->def.n_cables + 1;
    *rcb = (hw_world_rc_body *)malloc(n * sizeof **rcb);
    *rbe = (hw_world_rc_body_end *)malloc(n * sizeof **rbe);
    if (!*rcb || !*rbe) {
        free(*rcb);
        free(*rbe);
        *rcb = NULL;
        *rbe = NULL;
        set_msg(msg, len, "%s: out of memory", sc->path);
        return HW_ERR_NOMEM;
    }
    int n_rcb = 0, n_rbe = 0;
    hw_scenario_rigid_body_ends(sc->rigid, *rcb, &n_rcb, *rbe, &n_rbe);
    wd->n_rc_bodies = n_rcb;
    wd->rc_bodies = *rcb;
    wd->n_rc_body_ends = n_rbe;
    wd->rc_body_ends = *rbe;
    return HW_OK;
}

/* Rigid cables without lumped lines on moving points: the world has no lumped points to take the
 * motion from, so the runner sets those ends before each step (follow). */
static int rigid_on_moving_points(const hw_scenario *sc)
{
    const hw_scn_rigid *rg = sc->rigid;
    for (int c = 0; rg && c < rg->def.n_cables; c++) {
        int p[2] = {rg->point_a[c], rg->point_b[c]};
        for (int k = 0; k < 2; k++)
            if (p[k] >= 0 && sc->model.points[p[k]].kind == HW_POINT_PRESCRIBED) return 1;
    }
    return 0;
}

static hw_status follow(void *user, double t)
{
    (void)t; /* the runner reads the cables' own time, which is the world's */
    return hw_rc_runner_follow_points((hw_rc_runner *)user);
}

static hw_status build(loaded *L, const char *name, const hw_world_load_opts *o, hw_world **out,
                       char *msg, size_t len)
{
    hw_scenario *sc = L->sc;
    hw_status st;
    if (o->dt > 0) sc->model.solver.dt = o->dt;
    if (o->t_end > 0) sc->model.solver.t_end = o->t_end;
    if ((st = hw_scenario_check(sc, msg, len))) return st;
    if (sc->has_ensemble) { /* the load cases in one model, names NAME@case, as hawser run */
        if (sc->n_couplings > 0) {
            set_msg(msg, len, "%s: couplings and an ensemble together are not supported yet", name);
            return HW_ERR_UNSUPPORTED;
        }
        hw_ensemble_def ed = {sc->ens_n[0], sc->ens_n[1], sc->ens_n[2], sc->ens_v[0], sc->ens_v[1],
                              sc->ens_v[2], sc->ens_zip};
        if ((st = hw_ensemble_apply(sc, &ed, &L->ens, msg, len))) return st;
    }
    if ((st = hw_plan_times(sc, msg, len))) return st;
    int no_lines = sc->model.n_lines == 0;
    hw_world_def wd;
    if ((st = hw_scenario_world_def(sc, o->backend, o->log, o->log_user, &wd, &L->rcb, &L->rbe, msg, len)))
        return st;
    hw_world *w = NULL;
    if ((st = hw_world_create(&wd, &w, msg, len))) return st;
    if (sc->rigid) { /* built at the world's dt (the lumped one), then joined to it */
        double dt = no_lines ? sc->model.solver.dt : hw_world_dt(w);
        hw_world_rc_point *rp = NULL;
        int n_rp = 0;
        if (!(st = hw_rc_runner_start(&L->rig, sc, NULL, dt, o->backend, o->log, o->log_user, msg, len))) {
            if ((st = hw_scenario_rigid_points(sc, &rp, &n_rp)) || (st = hw_world_add_rigid(w, L->rig.rc, rp, n_rp)))
                snprintf(msg, len, "%s", st == HW_ERR_NOMEM ? "out of memory" : hw_world_last_error(w));
        }
        free(rp);
        if (st) {
            hw_world_destroy(w);
            return st;
        }
        if (no_lines && rigid_on_moving_points(sc)) hw_world_set_pre_step(w, follow, &L->rig);
    }
    *out = w;
    return HW_OK;
}

static hw_status load(const char *path, const char *text, const hw_world_load_opts *opts,
                      hw_world **out, char *msg, size_t len)
{
    hw_world_load_opts o = opts ? *opts : hw_default_load_opts();
    if (out) *out = NULL;
    if (msg && len) msg[0] = 0;
    if (!out || (!path && !text)) {
        set_msg(msg, len, "hw_world_load: no %s", out ? "file" : "output pointer");
        return HW_ERR_INVALID_ARG;
    }
    if (o.n_overrides < 0 || (o.n_overrides > 0 && !o.overrides)) {
        set_msg(msg, len, "hw_world_load: n_overrides > 0 and no overrides");
        return HW_ERR_INVALID_ARG;
    }
    const char *name = path ? path : "<string>";
    loaded *L = (loaded *)calloc(1, sizeof *L);
    if (!L) {
        set_msg(msg, len, "%s: out of memory", name);
        return HW_ERR_NOMEM;
    }
    hw_status st;
    if (!text) { /* a deck or a YAML file, as hawser run reads it */
        st = hw_md_load_any_with(path, o.overrides, o.n_overrides, o.log, o.log_user, &L->sc, &L->md, msg, len);
    } else {
        st = hw_scenario_load_with(name, text, o.overrides, o.n_overrides, &L->sc, msg, len);
        if (!st) hw_md_log_warnings(L->sc, o.log, o.log_user);
    }
    if (!st) st = build(L, name, &o, out, msg, len);
    if (st) {
        loaded_free(L);
        return st;
    }
    hw_world_adopt(*out, loaded_free, L);
    return HW_OK;
}

hw_status hw_world_load(const char *path, const hw_world_load_opts *opts, hw_world **out, char *msg,
                        size_t msg_len)
{
    return load(path, NULL, opts, out, msg, msg_len);
}

hw_status hw_world_load_string(const char *yaml, const char *name, const hw_world_load_opts *opts,
                               hw_world **out, char *msg, size_t msg_len)
{
    if (!yaml) {
        if (out) *out = NULL;
        set_msg(msg, msg_len, "hw_world_load_string: no text");
        return HW_ERR_INVALID_ARG;
    }
    return load(name ? name : "<string>", yaml, opts, out, msg, msg_len);
}
