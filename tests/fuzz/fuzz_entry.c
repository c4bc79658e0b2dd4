/* The fuzz targets' entry points (fuzz_entry.h). */
#include "fuzz_entry.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hawser/world.h"
#include "io/bodies_out.h"
#include "run/coupled_run.h"
#include "run/ensemble.h"
#include "io/moordyn_deck.h"
#include "io/moordyn_out.h"
#include "run/network_run.h"
#include "io/output.h"
#include "run/rigid_run.h"
#include "io/scenario.h"
#include "io/scenario_rigid.h"
#include "world/sim_internal.h"
#include "run/plan_times.h"
#include "world/timeline.h"

static char *dup_input(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t) return NULL;
    if (size) memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

static hw_status nomem(char *msg, size_t msg_len)
{
    snprintf(msg, msg_len, "fuzz: out of memory");
    return HW_ERR_NOMEM;
}

hw_status hw_fuzz_scenario(const uint8_t *data, size_t size, char *msg, size_t msg_len)
{
    char *text = dup_input(data, size);
    if (!text) return nomem(msg, msg_len);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(text, HW_FUZZ_NAME, &sc, msg, msg_len);
    free(text);
    if (!st) st = hw_scenario_check(sc, msg, msg_len);
    hw_scenario_free(sc);
    return st;
}

hw_status hw_fuzz_deck(const uint8_t *data, size_t size, char *msg, size_t msg_len)
{
    char *text = dup_input(data, size);
    if (!text) return nomem(msg, msg_len);
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    hw_status st = hw_md_load_string(text, HW_FUZZ_NAME, NULL, NULL, &sc, &md, msg, msg_len);
    free(text);
    if (!st) st = hw_scenario_check(sc, msg, msg_len);
    hw_scenario_free(sc);
    hw_md_free(md);
    return st;
}

/* A deck has '----' section header lines (the deck reader refuses a file without one); a YAML
 * document marker ("---" alone or before a blank) is not one. */
static int looks_like_deck(const char *t)
{
    for (const char *p = t; p && *p; p = strchr(p, '\n')) {
        if (*p == '\n') p++;
        p += strspn(p, " \t");
        int marker = !strncmp(p, "---", 3) && (p[3] == '\0' || p[3] == '\n' || p[3] == '\r' || p[3] == ' ' ||
                                               p[3] == '\t');
        if (!strncmp(p, "--", 2) && !marker) return 1;
    }
    return 0;
}

/* 1 when the loaded (and ensemble-expanded) model is small enough to build and step here. */
static int within_caps(hw_scenario *sc)
{
    hw_model_def *m = &sc->model;
    if (m->n_lines > HW_FUZZ_MAX_LINES || m->n_points > HW_FUZZ_MAX_POINTS) return 0;
    long segs = 0;
    for (int l = 0; l < m->n_lines; l++) segs += hw_line_max_segments(m, l);
    if (segs > HW_FUZZ_MAX_SEGMENTS) return 0;
    if (m->solver.static_max_iter > HW_FUZZ_MAX_STATIC_ITER) m->solver.static_max_iter = HW_FUZZ_MAX_STATIC_ITER;
    if (sc->rigid) {
        if (sc->rigid->def.n_cables > HW_FUZZ_MAX_RIGID_CABLES) return 0;
        for (int c = 0; c < sc->rigid->def.n_cables; c++) {
            const hw_rc_cable_def *cd = &sc->rigid->cables[c];
            double n = cd->elements;
            if (cd->winch.end != HW_WINCH_NONE && cd->length > 0 && cd->elements > 0)
                n = ceil(fmax(cd->winch.max_length, cd->length) / (cd->length / cd->elements)) + 2;
            if (!(n <= HW_FUZZ_MAX_RIGID_ELEMENTS)) return 0;
        }
    }
    if (sc->network && hw_net_def_n_nodes(sc->network) + hw_net_def_n_rnodes(sc->network) +
                               hw_net_def_n_elements(sc->network) > HW_FUZZ_MAX_NET_ITEMS)
        return 0;
    return 1;
}

/* t_end lowered to HW_FUZZ_MAX_STEPS steps of dt (when dt > 0), except past 2^53 steps, which the
 * runners must refuse (timeline.h) rather than cast to a long. */
static void cap_t_end(hw_scenario *sc, double dt)
{
    double t_end = sc->model.solver.t_end;
    if (dt > 0 && t_end > HW_FUZZ_MAX_STEPS * dt && t_end / dt <= HW_MAX_STEPS)
        sc->model.solver.t_end = HW_FUZZ_MAX_STEPS * dt;
}

/* The lumped model with what `hawser run` steps beside it (host/cli/main.c's loop, without the
 * summary): network, couplings, rigid cables, outputs, a deck's .out table. */
static hw_status run_lumped(hw_scenario *sc, const hw_md_deck *md, const char *dir, char *msg, size_t msg_len)
{
    hw_sim *sim = NULL;
    hw_outputs out;
    memset(&out, 0, sizeof out);
    hw_md_out *mdo = NULL;
    hw_net_runner netr;
    memset(&netr, 0, sizeof netr);
    hw_couplings *cpl = NULL;
    hw_rc_runner rigr;
    memset(&rigr, 0, sizeof rigr);
    sc->out_formats &= HW_OUT_CSV | HW_OUT_VTK; /* HDF5 is slow to open and close */
    if (!sc->out_formats) sc->out_formats = HW_OUT_CSV;
    hw_status st = hw_plan_times(sc, msg, msg_len); /* as `hawser run` does before building */
    if (!st) st = hw_sim_create(&sc->model, HW_BACKEND_CPU, NULL, NULL, &sim, msg, msg_len);
    if (st) return st;
    char path[4200];
    snprintf(path, sizeof path, "%s/fuzz.out", dir);
    if ((st = hw_outputs_open(&out, dir, sc, msg, msg_len)) ||
        (md && (st = hw_md_out_open(&mdo, path, md, msg, msg_len))) ||
        (st = hw_net_runner_start(&netr, sc, dir, NULL, NULL, msg, msg_len)) ||
        (sc->n_couplings > 0 && (st = hw_couplings_create(sc->couplings, sc->n_couplings, &sc->model, netr.net,
                                                          HW_FUZZ_NAME, &cpl, msg, msg_len))) ||
        (st = hw_rc_runner_start(&rigr, sc, dir, hw_sim_dt(sim), HW_BACKEND_CPU, NULL, NULL, msg, msg_len)) ||
        (hw_outputs_attach(&out, rigr.rc, netr.net), 0) || /* every family in every row, as main.c */
        (st = hw_outputs_write(&out, sim, msg, msg_len)) || (st = hw_md_out_write(mdo, sim, msg, msg_len)))
        goto done;
    /* rows as `hawser run` writes them (timeline.h), over at most HW_FUZZ_MAX_STEPS steps and 64 rows */
    double dt = hw_sim_dt(sim), t_end = fmin(sc->model.solver.t_end, HW_FUZZ_MAX_STEPS * dt);
    double every = sc->out_interval > 0 && t_end / sc->out_interval <= 64 ? sc->out_interval : dt;
    hw_timeline tl;
    if ((st = hw_timeline_init(&tl, every, t_end, dt, msg, msg_len))) goto done;
    for (long k = 1; k <= tl.n && !st; k++) {
        double t_row = hw_timeline_time(&tl, k);
        if (cpl) { /* exchange every step, the last one shortened to land on the row */
            st = hw_couplings_advance_to(cpl, sim, &netr, t_row, msg, msg_len);
        } else if ((st = hw_sim_advance_to(sim, t_row))) {
            snprintf(msg, msg_len, "%s", hw_sim_last_error(sim));
        } else {
            st = hw_net_runner_advance_to(&netr, dt, t_row, msg, msg_len);
        }
        if (!st) st = hw_rc_runner_advance_to(&rigr, t_row, msg, msg_len);
        if (!st) hw_rc_runner_sync_points(&rigr, sim);
        if (!st) st = hw_outputs_write(&out, sim, msg, msg_len);
        if (!st) st = hw_md_out_write(mdo, sim, msg, msg_len);
    }
done:
    hw_couplings_destroy(cpl);
    hw_rc_runner_end(&rigr);
    hw_net_runner_end(&netr);
    hw_outputs_close(&out);
    hw_md_out_close(mdo);
    hw_sim_destroy(sim);
    return st;
}

/* A scenario without lumped lines as `hawser run` steps it (host/cli/main.c's loop, without the
 * summary): the runners step the rigid cables and the network and write their rows, a world with
 * no lines keeps the clock and steps the bodies the rigid cables hold. */
static hw_status run_families(hw_scenario *sc, const char *dir, char *msg, size_t msg_len)
{
    double dt = sc->rigid ? sc->model.solver.dt : (sc->model.solver.dt > 0 ? sc->model.solver.dt : 0.01);
    hw_timeline tl;
    hw_status st = hw_timeline_init(&tl, sc->out_interval, sc->model.solver.t_end, dt, msg, msg_len);
    if (st) return st; /* as `hawser run`: before anything is written */
    hw_rc_runner rigr;
    memset(&rigr, 0, sizeof rigr);
    hw_net_runner netr;
    memset(&netr, 0, sizeof netr);
    hw_outputs out;
    memset(&out, 0, sizeof out);
    hw_bodies_out bout;
    memset(&bout, 0, sizeof bout);
    hw_world *world = NULL;
    hw_world_rc_body *rcb = NULL;
    hw_world_rc_body_end *rbe = NULL;
    if (sc->rigid) st = hw_rc_runner_start(&rigr, sc, dir, dt, HW_BACKEND_CPU, NULL, NULL, msg, msg_len);
    if (!st) {
        hw_world_def wd = hw_default_world();
        wd.lumped = &sc->model; /* no lines */
        if (sc->rigid && sc->n_bodies > 0) {
            int n_rcb = 0, n_rbe = 0;
            rcb = (hw_world_rc_body *)malloc(2 * (size_t)sc->rigid->def.n_cables * sizeof *rcb + 1);
            rbe = (hw_world_rc_body_end *)malloc(2 * (size_t)sc->rigid->def.n_cables * sizeof *rbe + 1);
            if (rcb && rbe) hw_scenario_rigid_body_ends(sc->rigid, rcb, &n_rcb, rbe, &n_rbe);
            wd.rigid_handle = rigr.rc;
            wd.n_bodies = sc->n_bodies;
            wd.bodies = sc->bodies;
            wd.n_rc_bodies = n_rcb;
            wd.rc_bodies = rcb;
            wd.n_rc_body_ends = n_rbe;
            wd.rc_body_ends = rbe;
        }
        wd.backend = HW_BACKEND_CPU;
        wd.file = HW_FUZZ_NAME;
        if (sc->rigid && sc->n_bodies > 0 && (!rcb || !rbe)) {
            snprintf(msg, msg_len, "out of memory");
            st = HW_ERR_NOMEM;
        } else {
            st = hw_world_create(&wd, &world, msg, msg_len);
        }
    }
    if (!st) st = hw_net_runner_start(&netr, sc, dir, NULL, NULL, msg, msg_len);
    if (!st && !(st = hw_outputs_open(&out, dir, sc, msg, msg_len))) {
        hw_outputs_attach(&out, rigr.rc, netr.net);
        if (hw_world_n_bodies(world) > 0 && !(st = hw_bodies_out_open(&bout, dir, world, 0, msg, msg_len))) {
            hw_outputs_attach_bodies(&out, hw_bodies_out_view(&bout));
            hw_bodies_out_fill(&bout, world);
        }
        if (!st) st = hw_outputs_write(&out, NULL, msg, msg_len);
        if (!st) st = hw_bodies_out_write(&bout, world, msg, msg_len);
    }
    for (long k = 1; !st && k <= tl.n; k++) {
        double t_row = hw_timeline_time(&tl, k);
        if (hw_world_n_bodies(world) > 0 && (st = hw_world_advance_to(world, t_row)))
            snprintf(msg, msg_len, "%s", hw_world_last_error(world));
        if (!st) st = hw_rc_runner_advance_to(&rigr, t_row, msg, msg_len);
        if (!st) st = hw_net_runner_advance_to(&netr, dt, t_row, msg, msg_len);
        if (!st && hw_world_n_bodies(world) > 0) hw_bodies_out_fill(&bout, world);
        if (!st) st = hw_outputs_write(&out, NULL, msg, msg_len);
        if (!st) st = hw_bodies_out_write(&bout, world, msg, msg_len);
    }
    char fmsg[4400] = "";
    hw_status fst = hw_outputs_finish(&out, fmsg, sizeof fmsg);
    hw_status bst = hw_bodies_out_close(&bout, fmsg, sizeof fmsg);
    if (!st && (fst || bst)) {
        st = fst ? fst : bst;
        snprintf(msg, msg_len, "%s", fmsg);
    }
    hw_outputs_close(&out);
    hw_world_destroy(world); /* not the cables: the runner's */
    free(rcb);
    free(rbe);
    hw_net_runner_end(&netr);
    hw_rc_runner_end(&rigr);
    return st;
}

hw_status hw_fuzz_run(const uint8_t *data, size_t size, const char *workdir, int *skipped, char *msg,
                      size_t msg_len)
{
    *skipped = 0;
    char *text = dup_input(data, size);
    if (!text) return nomem(msg, msg_len);
    hw_scenario *sc = NULL;
    hw_md_deck *md = NULL;
    hw_ensemble *ens = NULL;
    hw_status st = looks_like_deck(text)
                       ? hw_md_load_string(text, HW_FUZZ_NAME, NULL, NULL, &sc, &md, msg, msg_len)
                       : hw_scenario_load_string(text, HW_FUZZ_NAME, &sc, msg, msg_len);
    free(text);
    if (st) return st;
    if ((st = hw_scenario_check(sc, msg, msg_len))) goto done;
    if (sc->has_ensemble) {
        if (sc->n_couplings > 0) { /* refused by `hawser run` too */
            snprintf(msg, msg_len, "%s: couplings and an ensemble together are not supported yet", HW_FUZZ_NAME);
            st = HW_ERR_INPUT;
            goto done;
        }
        /* beyond the cap, skipped unless hw_ensemble_apply must refuse it (more than 1e8 cases or
         * copies), which it does before allocating anything */
        double cases = 1;
        for (int k = 0; k < 3; k++) cases *= sc->ens_n[k] > 0 ? sc->ens_n[k] : 1;
        if (cases > HW_FUZZ_MAX_CASES && cases <= 1e8 &&
            cases * (sc->model.n_lines + sc->model.n_points) <= 1e8) {
            *skipped = 1;
            goto done;
        }
        hw_ensemble_def ed = {sc->ens_n[0], sc->ens_n[1], sc->ens_n[2], sc->ens_v[0], sc->ens_v[1], sc->ens_v[2],
                              sc->ens_zip};
        if ((st = hw_ensemble_apply(sc, &ed, &ens, msg, msg_len))) goto done;
    }
    if (!within_caps(sc)) {
        *skipped = 1;
        goto done;
    }
    if (sc->rigid && sc->model.n_lines == 0) {
        cap_t_end(sc, sc->model.solver.dt);
        st = run_families(sc, workdir, msg, msg_len);
    } else if (sc->network && sc->model.n_lines == 0) {
        cap_t_end(sc, sc->model.solver.dt > 0 ? sc->model.solver.dt : 0.01);
        st = run_families(sc, workdir, msg, msg_len);
    } else {
        st = run_lumped(sc, md, workdir, msg, msg_len);
    }
done:
    hw_ensemble_free(ens);
    hw_scenario_free(sc);
    hw_md_free(md);
    return st;
}
