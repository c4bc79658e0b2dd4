/* Builds the flat lumped-mass system (kernels/lumped.h) from a model definition, and the
 * initial state: points at their t = 0 kinematics, each line on its elastic catenary. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catenary.h"
#include "model/log.h"
#include "model/model_build.h"
#include "model/model_check.h"
#include "model/winch_drive.h"

static void *own(hw_model *m, size_t n, size_t size)
{
    if (m->n_owned == m->cap_owned) {
        int cap = m->cap_owned ? 2 * m->cap_owned : 64;
        void **o = (void **)realloc(m->owned, (size_t)cap * sizeof(void *));
        if (!o) return NULL;
        m->owned = o;
        m->cap_owned = cap;
    }
    void *p = calloc(n ? n : 1, size);
    if (p) m->owned[m->n_owned++] = p;
    return p;
}

#define ALLOC(ptr, n) do { (ptr) = own(m, (size_t)(n), sizeof(*(ptr))); if (!(ptr)) goto nomem; } while (0)

void hw_model_free(hw_model *m)
{
    if (!m) return;
    for (int k = 0; k < m->n_owned; k++) free(m->owned[k]);
    free(m->owned);
    memset(m, 0, sizeof *m);
}

static char *own_str(hw_model *m, const char *s)
{
    if (!s) s = "";
    char *d = (char *)own(m, strlen(s) + 1, 1);
    if (d) strcpy(d, s);
    return d;
}

double hw_table_max_slope(const hw_table *t)
{
    double k = t->x[0] > 0 ? t->y[0] / t->x[0] : 0.0;
    for (int i = 1; i < t->n; i++) {
        double s = (t->y[i] - t->y[i - 1]) / (t->x[i] - t->x[i - 1]);
        if (s > k) k = s;
    }
    return k;
}

static hw_status build_env(const hw_model_def *def, hw_model *m)
{
    hw_lm_sys *S = &m->S;
    const hw_env_def *e = &def->env;
    S->g = e->g; S->rho = e->rho_w; S->depth = e->depth;
    S->kb = e->seabed_k; S->cb = e->seabed_c; S->vf = e->friction_v;
    const hw_current_def *c = &e->current;
    int nz = c->n_depth, nt = c->n_time > 1 ? c->n_time : 1;
    S->cur_nz = nz; S->cur_nt = nz > 0 ? nt : 0;
    ALLOC(S->cur_z, nz); ALLOC(S->cur_t, nt);
    ALLOC(S->cur_ux, nz * nt); ALLOC(S->cur_uy, nz * nt); ALLOC(S->cur_uz, nz * nt);
    if (nz > 0) {
        memcpy(S->cur_z, c->z, (size_t)nz * sizeof(double));
        if (c->n_time > 1) memcpy(S->cur_t, c->t, (size_t)nt * sizeof(double));
        memcpy(S->cur_ux, c->ux, (size_t)(nz * nt) * sizeof(double));
        memcpy(S->cur_uy, c->uy, (size_t)(nz * nt) * sizeof(double));
        memcpy(S->cur_uz, c->uz, (size_t)(nz * nt) * sizeof(double));
    }
    /* the bathymetry (hw_model_check has checked it): the seabed the lines touch */
    const hw_bathymetry_def *bd = &e->bathymetry;
    int bx = bd->nx > 0 ? bd->nx : 0, by = bx > 0 ? bd->ny : 0;
    S->sb_nx = bx; S->sb_ny = by; S->sb_dmin = S->depth;
    if (bx > 0) { /* none for the flat seabed (NULL: nothing reads them) */
        ALLOC(S->sb_x, bx); ALLOC(S->sb_y, by); ALLOC(S->sb_d, bx * by);
        memcpy(S->sb_x, bd->x, (size_t)bx * sizeof(double));
        memcpy(S->sb_y, bd->y, (size_t)by * sizeof(double));
        memcpy(S->sb_d, bd->depth, (size_t)(bx * by) * sizeof(double));
        S->sb_dmin = bd->depth[0];
        for (int k = 1; k < bx * by; k++) S->sb_dmin = fmin(S->sb_dmin, bd->depth[k]);
    }
    return HW_OK;
nomem:
    return HW_ERR_NOMEM;
}

static hw_status build_lines(const hw_model_def *def, hw_model *m)
{
    hw_lm_sys *S = &m->S;
    int nl = def->n_lines, ntab = 0;
    for (int l = 0; l < nl; l++) {
        const hw_line_type_def *ty = &def->types[def->lines[l].type];
        if (ty->ea_table.n >= 2) ntab += ty->ea_table.n;
        if (ty->ba_table.n >= 2) ntab += ty->ba_table.n;
        int cap = hw_line_max_segments(def, l);
        S->n_nodes += cap + 1;
        S->n_segs += cap;
    }
    S->n_lines = nl; S->n_tab = ntab;
    int any_vis = 0, nsyr = 0, nowc = 0;
    for (int l = 0; l < nl; l++) {
        const hw_line_type_def *ty = &def->types[def->lines[l].type];
        any_vis |= ty->ea_d > 0 || ty->syrope.on;
        if (ty->syrope.on) { nsyr++; nowc += ty->syrope.owc.n; }
    }
    if (any_vis) { /* viscoelastic or Syrope lines: a strain per segment in the state (kernels/lumped.h) */
        S->n_vis = S->n_segs;
        ALLOC(S->ln_vk1, nl); ALLOC(S->ln_vk2, nl); ALLOC(S->ln_vbd, nl); ALLOC(S->ln_vbeta, nl);
    }
    int any_viv = 0;
    for (int l = 0; l < nl; l++) any_viv |= def->types[def->lines[l].type].viv_cl > 0;
    if (any_viv) { /* vortex-induced vibration: three states per node (kernels/lumped.h) */
        S->n_viv = 3 * S->n_nodes;
        ALLOC(S->ln_vcl, nl); ALLOC(S->ln_vcf, nl); ALLOC(S->ln_vdf, nl); ALLOC(S->ln_vtau, nl);
    }
    if (nsyr > 0) { /* Syrope lines: their tables and per-segment Tmax and branch flag */
        S->n_syr = nsyr;
        ALLOC(S->ln_syr0, nl); ALLOC(S->ln_syrn, nl); ALLOC(S->ln_syrc, nl); ALLOC(S->ln_syrp, 4 * nl);
        ALLOC(S->ln_syrs, 2 * nl); ALLOC(S->syr_e, nowc); ALLOC(S->syr_t, nowc);
        ALLOC(S->seg_syr, 2 * (size_t)S->n_segs);
        for (int l = 0, o = 0; l < nl; l++) {
            const hw_line_type_def *ty = &def->types[def->lines[l].type];
            if (!ty->syrope.on) continue;
            int n = ty->syrope.owc.n;
            S->ln_syr0[l] = o; S->ln_syrn[l] = n; S->ln_syrc[l] = ty->syrope.curve;
            memcpy(S->syr_e + o, ty->syrope.owc.x, (size_t)n * sizeof(double));
            memcpy(S->syr_t + o, ty->syrope.owc.y, (size_t)n * sizeof(double));
            S->ln_syrp[4 * l] = ty->syrope.k1; S->ln_syrp[4 * l + 1] = ty->syrope.k2;
            S->ln_syrp[4 * l + 2] = ty->syrope.alpha; S->ln_syrp[4 * l + 3] = ty->syrope.beta;
            S->ln_syrs[2 * l] = def->lines[l].syr_tmax0; S->ln_syrs[2 * l + 1] = def->lines[l].syr_tmean0;
            o += n;
        }
    }
    ALLOC(S->ln_n0, nl); ALLOC(S->ln_s0, nl); ALLOC(S->ln_nseg, nl); ALLOC(S->ln_pa, nl);
    ALLOC(S->ln_pb, nl); ALLOC(S->ln_tab0, nl); ALLOC(S->ln_tabn, nl);
    ALLOC(S->ln_btabn, nl);
    ALLOC(S->ln_d, nl); ALLOC(S->ln_mu, nl); ALLOC(S->ln_ea, nl); ALLOC(S->ln_ba, nl);
    ALLOC(S->ln_ei, nl); ALLOC(S->ln_cdn, nl); ALLOC(S->ln_cdt, nl); ALLOC(S->ln_can, nl);
    ALLOC(S->ln_cat, nl); ALLOC(S->ln_mus, nl);
    ALLOC(S->ln_cap, nl); ALLOC(S->ln_wseg, 2 * nl); ALLOC(S->ln_wrate, 2 * nl); ALLOC(S->ln_wt0, 2 * nl);
    ALLOC(S->ln_cscale, nl); ALLOC(S->tab_x, ntab); ALLOC(S->tab_y, ntab);
    ALLOC(S->seg_line, S->n_segs); ALLOC(S->seg_l0, S->n_segs);
    ALLOC(S->seg_alive, S->n_segs); ALLOC(S->seg_trip, S->n_segs);
    ALLOC(S->node_line, S->n_nodes); ALLOC(S->node_loc, S->n_nodes);
    ALLOC(S->node_m, S->n_nodes); ALLOC(S->node_l, S->n_nodes);
    ALLOC(m->line_names, nl); ALLOC(m->ln_wsub, nl); ALLOC(m->ln_length, nl);
    for (int l = 0; l < nl; l++) /* clamped ends (kernels/physics/bending.h hw_hinge_clamp) */
        for (int e = 0; e < 2; e++) {
            const double *c = def->lines[l].clamp[e];
            S->n_clamp += c[0] != 0 || c[1] != 0 || c[2] != 0;
        }
    if (S->n_clamp > 0) {
        ALLOC(S->ln_cdir, 6 * nl); ALLOC(S->ln_cdot, 6 * nl);
        for (int l = 0; l < nl; l++)
            for (int e = 0; e < 2; e++) {
                const double *c = def->lines[l].clamp[e];
                double n = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
                for (int k = 0; k < 3 && n > 0; k++) S->ln_cdir[3 * (2 * l + e) + k] = c[k] / n;
            }
    }
    int n0 = 0, s0 = 0, t0 = 0;
    for (int l = 0; l < nl; l++) {
        const hw_line_def *ld = &def->lines[l];
        const hw_line_type_def *ty = &def->types[ld->type];
        if (!(m->line_names[l] = own_str(m, ld->name))) goto nomem;
        int cap = hw_line_max_segments(def, l);
        S->ln_n0[l] = n0; S->ln_s0[l] = s0; S->ln_nseg[l] = ld->nseg; S->ln_cap[l] = cap;
        S->ln_wseg[2 * l] = hw_line_reels(def, l, HW_WINCH_A) ? s0 : -1;
        S->ln_wseg[2 * l + 1] = hw_line_reels(def, l, HW_WINCH_B) ? s0 + ld->nseg - 1 : -1;
        S->ln_wrate[2 * l] = S->ln_wrate[2 * l + 1] = 0.0;
        S->ln_cscale[l] = def->line_current_scale ? def->line_current_scale[l] : 1.0;
        S->ln_pa[l] = ld->point_a; S->ln_pb[l] = ld->point_b;
        S->ln_d[l] = ty->d; S->ln_mu[l] = ty->mu; S->ln_ei[l] = ty->ei;
        S->ln_cdn[l] = ty->cdn; S->ln_cdt[l] = ty->cdt; S->ln_can[l] = ty->can;
        S->ln_cat[l] = ty->cat; S->ln_mus[l] = ty->seabed_mu;
        S->ln_tab0[l] = t0; S->ln_tabn[l] = 0;
        double ea = ty->ea;
        if (ty->syrope.on) /* the fast spring's stiffest, at the OWC's last tension (step estimates) */
            ea = ty->syrope.alpha + ty->syrope.beta * ty->syrope.owc.y[ty->syrope.owc.n - 1];
        if (ty->ea_table.n >= 2) {
            S->ln_tabn[l] = ty->ea_table.n;
            memcpy(S->tab_x + t0, ty->ea_table.x, (size_t)ty->ea_table.n * sizeof(double));
            memcpy(S->tab_y + t0, ty->ea_table.y, (size_t)ty->ea_table.n * sizeof(double));
            t0 += ty->ea_table.n;
            ea = hw_table_max_slope(&ty->ea_table);
        }
        S->ln_ea[l] = ea;
        double l0 = ld->length / ld->nseg;
        S->ln_ba[l] = ty->damping_ratio > 0 ? ty->damping_ratio * l0 * sqrt(ea * ty->mu) : ty->ba;
        S->ln_btabn[l] = 0;
        if (ty->ba_table.n >= 2) { /* the damping curve, after the EA table's rows (kernels/lumped.h) */
            S->ln_btabn[l] = ty->ba_table.n;
            memcpy(S->tab_x + t0, ty->ba_table.x, (size_t)ty->ba_table.n * sizeof(double));
            memcpy(S->tab_y + t0, ty->ba_table.y, (size_t)ty->ba_table.n * sizeof(double));
            t0 += ty->ba_table.n;
            S->ln_ba[l] = hw_table_max_slope(&ty->ba_table); /* BA for the step estimates and the hinge */
        }
        if (ty->ei > 0) S->any_bending = 1;
        if (any_vis) {
            S->ln_vk2[l] = ty->ea_d > 0 ? ty->ea_d : 0.0;
            S->ln_vk1[l] = ty->ea_d > 0 ? hw_visco_k1(ty->ea, ty->ea_d) : 0.0;
            S->ln_vbd[l] = ty->ea_d > 0 || ty->syrope.on ? ty->ba_d : 0.0;
            S->ln_vbeta[l] = ty->ea_d > 0 ? ty->ea_d_slope : 0.0;
        }
        if (any_viv) { /* tau = 0: 500 time steps, set by hw_sim_create once the step is known */
            S->ln_vcl[l] = ty->viv_cl > 0 ? ty->viv_cl : 0.0;
            S->ln_vcf[l] = ty->viv_cf; S->ln_vdf[l] = ty->viv_df;
            S->ln_vtau[l] = ty->viv_tau > 0 ? ty->viv_tau : 0.0;
        }
        m->ln_wsub[l] = (ty->mu - def->env.rho_w * 0.25 * HW_PI * ty->d * ty->d) * def->env.g;
        m->ln_length[l] = ld->length;
        for (int i = 0; i < cap; i++) {
            S->seg_line[s0 + i] = l;
            S->seg_l0[s0 + i] = l0;
            S->seg_alive[s0 + i] = 1.0;
            S->seg_trip[s0 + i] = HUGE_VAL;
        }
        for (int j = 0; j <= cap; j++) { /* slots past nseg: spare, massless until used */
            int i = n0 + j;
            S->node_line[i] = l;
            S->node_loc[i] = j;
            double lt = j > ld->nseg ? 0.0
                        : (j > 0 ? 0.5 * l0 : 0.0) + (j < ld->nseg ? 0.5 * l0 : 0.0);
            S->node_l[i] = lt;
            S->node_m[i] = ty->mu * lt;
        }
        n0 += cap + 1;
        s0 += cap;
    }
    return HW_OK;
nomem:
    return HW_ERR_NOMEM;
}

static hw_status build_points(const hw_model_def *def, hw_model *m)
{
    hw_lm_sys *S = &m->S;
    int np = def->n_points, ntab = 0;
    for (int p = 0; p < np; p++)
        if (def->points[p].kind == HW_POINT_PRESCRIBED && def->points[p].motion == HW_MOTION_TABLE)
            ntab += def->points[p].table_n;
    S->n_points = np; S->n_ptab = ntab;
    ALLOC(S->pt_kind, np); ALLOC(S->pt_motion, np); ALLOC(S->pt_tab0, np); ALLOC(S->pt_tabn, np);
    ALLOC(S->pt_att0, np + 1); ALLOC(S->pt_att, 2 * def->n_lines);
    ALLOC(S->pt_r0, 3 * np); ALLOC(S->pt_vel, 3 * np); ALLOC(S->pt_amp, 3 * np);
    ALLOC(S->pt_omega, np); ALLOC(S->pt_phase, np); ALLOC(S->pt_mass, np); ALLOC(S->pt_vol, np);
    ALLOC(S->pt_cda, np); ALLOC(S->pt_ca, np); ALLOC(S->pt_cscale, np); ALLOC(S->ptab_t, ntab); ALLOC(S->ptab_xyz, 3 * ntab);
    ALLOC(S->ptab_m, 3 * ntab);
    double *work = NULL; /* the spline solve's scratch: the longest table */
    int nwork = 1;
    for (int p = 0; p < np; p++)
        if (def->points[p].table_n > nwork) nwork = def->points[p].table_n;
    ALLOC(work, nwork);
    ALLOC(S->pt_cpos, 3 * np); ALLOC(S->pt_cvel, 3 * np); ALLOC(S->pt_ct, np);
    ALLOC(m->point_names, np);
    int t0 = 0, na = 0;
    for (int p = 0; p < np; p++) {
        const hw_point_def *pd = &def->points[p];
        if (!(m->point_names[p] = own_str(m, pd->name))) goto nomem;
        static const int kinds[] = {HW_PT_FIXED, HW_PT_PRESCRIBED, HW_PT_FREE, HW_PT_COUPLED};
        static const int motions[] = {HW_MOT_CONSTANT_VELOCITY, HW_MOT_SINUSOID, HW_MOT_TABLE};
        S->pt_kind[p] = kinds[pd->kind];
        S->pt_motion[p] = motions[pd->motion];
        for (int c = 0; c < 3; c++) {
            S->pt_r0[3 * p + c] = pd->pos[c];
            S->pt_vel[3 * p + c] = pd->vel[c];
            S->pt_amp[3 * p + c] = pd->amp[c];
            S->pt_cpos[3 * p + c] = pd->pos[c];
        }
        S->pt_omega[p] = 2.0 * HW_PI / pd->period;
        S->pt_phase[p] = pd->phase;
        if (pd->kind == HW_POINT_FREE) {
            S->pt_mass[p] = pd->mass; S->pt_vol[p] = pd->volume;
            S->pt_cda[p] = pd->cda; S->pt_ca[p] = pd->ca;
            S->pt_cscale[p] = def->point_current_scale ? def->point_current_scale[p] : 1.0;
        }
        S->pt_tab0[p] = t0;
        if (pd->kind == HW_POINT_PRESCRIBED && pd->motion == HW_MOTION_TABLE) {
            S->pt_tabn[p] = pd->table_n;
            memcpy(S->ptab_t + t0, pd->table_t, (size_t)pd->table_n * sizeof(double));
            memcpy(S->ptab_xyz + 3 * t0, pd->table_xyz, (size_t)(3 * pd->table_n) * sizeof(double));
            for (int c = 0; c < 3; c++)
                hw_motion_spline(S->ptab_t + t0, S->ptab_xyz + 3 * t0 + c, pd->table_n, 3,
                                 S->ptab_m + 3 * t0 + c, work);
            t0 += pd->table_n;
        }
        S->pt_att0[p] = na;
        for (int l = 0; l < def->n_lines; l++) {
            if (def->lines[l].point_a == p) S->pt_att[na++] = 2 * l;
            if (def->lines[l].point_b == p) S->pt_att[na++] = 2 * l + 1;
        }
    }
    S->pt_att0[np] = na;
    return HW_OK;
nomem:
    return HW_ERR_NOMEM;
}

/* Initial state: points at t = 0, lines on their catenaries, everything at rest. */
static hw_status build_state(hw_model *m)
{
    hw_lm_sys *S = &m->S;
    int n = S->n_state;
    ALLOC(m->y0, hw_lm_ny(S));
    double *y = m->y0;
    for (int p = 0; p < S->n_points; p++) {
        for (int c = 0; c < 3; c++) y[c * n + S->n_nodes + p] = S->pt_r0[3 * p + c];
        hw_lm_constrain_point(S, 0.0, y, p);
    }
    double *xyz = NULL;
    int maxn = 0;
    for (int l = 0; l < S->n_lines; l++) if (S->ln_nseg[l] + 1 > maxn) maxn = S->ln_nseg[l] + 1;
    ALLOC(xyz, 3 * maxn);
    for (int l = 0; l < S->n_lines; l++) {
        int ia = S->n_nodes + S->ln_pa[l], ib = S->n_nodes + S->ln_pb[l];
        double ra[3], rb[3];
        for (int c = 0; c < 3; c++) { ra[c] = y[c * n + ia]; rb[c] = y[c * n + ib]; }
        /* with a bathymetry, the initial shape sees a flat seabed at the depth under its lower
         * end (the anchor); the static solve or the run then lays it on the grid */
        const double *lo = ra[2] <= rb[2] ? ra : rb;
        hw_catenary_chain(ra, rb, m->ln_length[l], S->ln_nseg[l], m->ln_wsub[l], S->ln_ea[l],
                          hw_lm_depth_at(S, lo[0], lo[1]), xyz);
        for (int j = 0; j <= S->ln_nseg[l]; j++)
            for (int c = 0; c < 3; c++) y[c * n + S->ln_n0[l] + j] = xyz[3 * j + c];
        /* end nodes exactly on their points (and moving with them) */
        for (int c = 0; c < 6; c++) {
            y[c * n + S->ln_n0[l]] = y[c * n + ia];
            y[c * n + S->ln_n0[l] + S->ln_nseg[l]] = y[c * n + ib];
        }
    }
    hw_lm_vis_init(S, y, 0); /* the whole stretch on the first spring, as MoorDyn starts */
    hw_lm_viv_init(S, y);    /* the VIV phases spread along each line, as MoorDyn starts */
    return HW_OK;
nomem:
    return HW_ERR_NOMEM;
}

hw_status hw_model_build(const hw_model_def *def, hw_model *m, char *msg, size_t msg_len)
{
    memset(m, 0, sizeof *m);
    hw_status st = hw_model_validate(def, msg, msg_len);
    if (st) return st;
    m->S.max_strain = def->solver.max_strain;
    if ((st = build_env(def, m)) || (st = build_lines(def, m)) || (st = build_points(def, m))) goto fail;
    m->S.n_state = m->S.n_nodes + m->S.n_points;
    if ((st = build_state(m))) goto fail;
    return HW_OK;
fail:
    if (msg && msg_len) {
        long long nodes = def->n_points, segs = 0;
        for (int l = 0; l < def->n_lines; l++) {
            segs += hw_line_max_segments(def, l);
            nodes += hw_line_max_segments(def, l) + 1;
        }
        /* per node: 7 state values and about 10 more of layout; per segment: about 4 */
        snprintf(msg, msg_len, "out of memory while building the model: %lld nodes and points, %lld segments "
                 "(about %.3g MB of arrays)", nodes, segs, 1e-6 * 8.0 * (17.0 * nodes + 4.0 * segs));
    }
    hw_model_free(m);
    return st;
}
