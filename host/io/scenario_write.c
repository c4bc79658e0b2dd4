/* A scenario as a YAML scenario file: the inverse of the loader in scenario.c (docs/scenario.md).
 * Everything is written, defaults too, so the file says exactly what will run; numbers use as
 * many digits as strtod() needs to read back the same double. */
#include "io/scenario_write.h"

#include "model/model_check.h"

#include <stdlib.h>
#include <string.h>

/* The shortest of 15, 16 or 17 significant digits that strtod() reads back to the same double
 * (17 always does), so 9.80665 stays 9.80665. */
static void num(FILE *f, double x)
{
    char buf[40];
    for (int p = 15; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, x);
        if (strtod(buf, NULL) == x) break;
    }
    fputs(buf, f);
}

/* A double-quoted YAML string (names may be anything the loader accepted). */
static void str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\x%02x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void vec3(FILE *f, const double *v)
{
    fputc('[', f);
    for (int c = 0; c < 3; c++) {
        if (c) fputs(", ", f);
        num(f, v[c]);
    }
    fputc(']', f);
}

static void comment_lines(FILE *f, const char *text)
{
    while (text && *text) {
        const char *nl = strchr(text, '\n');
        int n = nl ? (int)(nl - text) : (int)strlen(text);
        fprintf(f, "#%s%.*s\n", n ? " " : "", n, text);
        text = nl ? nl + 1 : text + n;
    }
}

static void vecn(FILE *f, const double *v, int n)
{
    fputc('[', f);
    for (int c = 0; c < n; c++) {
        if (c) fputs(", ", f);
        num(f, v[c]);
    }
    fputc(']', f);
}

/* The bathymetry inline (a grid read from a file included), so that the YAML stands alone. */
static void write_bathymetry(FILE *f, const hw_bathymetry_def *b)
{
    if (b->nx <= 0) return;
    fprintf(f, "    bathymetry:\n      x: ");
    vecn(f, b->x, b->nx);
    fprintf(f, "\n      y: ");
    vecn(f, b->y, b->ny);
    fprintf(f, "\n      depth:\n");
    for (int j = 0; j < b->ny; j++) {
        fprintf(f, "        - ");
        vecn(f, b->depth + (size_t)j * b->nx, b->nx);
        fputc('\n', f);
    }
}

/* A list "[a, b, ...]" of n values. */
static void num_list(FILE *f, const double *v, int n)
{
    fputc('[', f);
    for (int k = 0; k < n; k++) {
        if (k) fputs(", ", f);
        num(f, v[k]);
    }
    fputc(']', f);
}

/* A current on an x, y grid: its axes and a row [x, y, z, t, ux, uy, uz] per grid point, t slowest
 * and z fastest (docs/scenario.md, environment.current.grid). */
static void write_current_grid(FILE *f, const hw_current_def *c)
{
    int nx = c->n_x > 1 ? c->n_x : 1, ny = c->n_y > 1 ? c->n_y : 1, nt = c->n_time > 1 ? c->n_time : 1;
    double zero = 0.0;
    fprintf(f, "  current:\n    grid:\n      x: ");
    num_list(f, nx > 1 ? c->x : &zero, nx);
    fprintf(f, "\n      y: ");
    num_list(f, ny > 1 ? c->y : &zero, ny);
    fprintf(f, "\n      z: ");
    num_list(f, c->z, c->n_depth);
    fprintf(f, "\n      times: ");
    num_list(f, nt > 1 ? c->t : &zero, nt);
    fprintf(f, "\n      velocities:\n");
    for (int k = 0; k < nt; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++)
                for (int m = 0; m < c->n_depth; m++) {
                    size_t o = (((size_t)k * ny + j) * nx + i) * c->n_depth + m;
                    double v[7] = {nx > 1 ? c->x[i] : 0.0, ny > 1 ? c->y[j] : 0.0, c->z[m], nt > 1 ? c->t[k] : 0.0,
                                   c->ux[o], c->uy[o], c->uz[o]};
                    fprintf(f, "        - ");
                    num_list(f, v, 7);
                    fputc('\n', f);
                }
}

static void write_current(FILE *f, const hw_current_def *c)
{
    if (c->n_depth <= 0) return;
    if (c->n_x > 1 || c->n_y > 1) {
        write_current_grid(f, c);
        return;
    }
    int nt = c->n_time > 1 ? c->n_time : 1;
    fprintf(f, "  current:\n");
    if (nt > 1) {
        fprintf(f, "    times: [");
        for (int k = 0; k < nt; k++) {
            if (k) fputs(", ", f);
            num(f, c->t[k]);
        }
        fprintf(f, "]\n    profiles:\n");
    } else {
        fprintf(f, "    profile:\n");
    }
    for (int k = 0; k < nt; k++) {
        if (nt > 1) fprintf(f, "      -\n");
        for (int j = 0; j < c->n_depth; j++) {
            int i = k * c->n_depth + j;
            fprintf(f, nt > 1 ? "        - [" : "      - [");
            num(f, c->z[j]);
            fputs(", ", f); num(f, c->ux[i]);
            fputs(", ", f); num(f, c->uy[i]);
            fputs(", ", f); num(f, c->uz[i]);
            fputs("]\n", f);
        }
    }
}

/* Rows of numbers, "      - [a, b, ...]", columns from arrays of n values. */
static void rows(FILE *f, int n, int cols, const double *const *c)
{
    for (int k = 0; k < n; k++) {
        fputs("      - [", f);
        for (int j = 0; j < cols; j++) {
            if (j) fputs(", ", f);
            num(f, c[j][k]);
        }
        fputs("]\n", f);
    }
}

/* environment.waves: every key of its form, defaults included; an elevation record inline (the
 * file it came from may not be beside the written scenario). */
static void write_waves(FILE *f, const hw_waves_def *w)
{
    if (w->kind == HW_WAVES_NONE) return;
    fprintf(f, "  waves:\n");
    switch (w->kind) {
    case HW_WAVES_REGULAR:
        fprintf(f, "    type: regular\n    height: "); num(f, w->height);
        if (w->omega > 0) { fprintf(f, "\n    omega: "); num(f, w->omega); }
        else { fprintf(f, "\n    period: "); num(f, w->period); }
        fprintf(f, "\n    direction: "); num(f, w->direction);
        fprintf(f, "\n    phase: "); num(f, w->phase);
        fputc('\n', f);
        break;
    case HW_WAVES_SPECTRUM:
        if (w->spectrum == HW_SPECTRUM_TABLE) {
            const double *c[2] = {w->table.x, w->table.y};
            fprintf(f, "    type: spectrum\n    table:\n");
            rows(f, w->table.n, 2, c);
        } else {
            fprintf(f, "    type: %s\n    hs: ", w->spectrum == HW_SPECTRUM_PM ? "pierson_moskowitz" : "jonswap");
            num(f, w->hs);
            fprintf(f, "\n    tp: "); num(f, w->tp);
            if (w->spectrum == HW_SPECTRUM_JONSWAP) {
                fprintf(f, "\n    gamma: "); num(f, w->gamma > 0 ? w->gamma : 3.3);
            }
            fputc('\n', f);
        }
        if (w->omega_min > 0) { fprintf(f, "    omega_min: "); num(f, w->omega_min); fputc('\n', f); }
        if (w->omega_max > 0) { fprintf(f, "    omega_max: "); num(f, w->omega_max); fputc('\n', f); }
        fprintf(f, "    frequencies: %d\n", w->n_frequencies > 0 ? w->n_frequencies : 200);
        fprintf(f, "    seed: %llu\n", (unsigned long long)w->seed);
        fprintf(f, "    direction: "); num(f, w->direction);
        fprintf(f, "\n    spreading: "); num(f, w->spreading);
        fprintf(f, "\n    directions: %d\n", w->n_directions > 0 ? w->n_directions : 11);
        break;
    case HW_WAVES_ELEVATION: {
        const double *c[2] = {w->t, w->eta};
        fprintf(f, "    type: elevation\n    reference: [");
        num(f, w->ref_x); fputs(", ", f); num(f, w->ref_y);
        fprintf(f, "]\n    direction: "); num(f, w->direction);
        fprintf(f, "\n    record:\n");
        rows(f, w->n_samples, 2, c);
        break;
    }
    case HW_WAVES_COMPONENTS: {
        const double *c[4] = {w->c_amp, w->c_omega, w->c_dir, w->c_phase};
        fprintf(f, "    type: components\n    table:\n");
        rows(f, w->n_components, 4, c);
        break;
    }
    default:
        break;
    }
    fprintf(f, "    ramp: "); num(f, w->ramp_time);
    fprintf(f, "\n    kinematics_step: "); num(f, w->kinematics_step);
    fputc('\n', f);
}

/* A table's rows [x, y] as a block list at indent. */
static void xy_rows(FILE *f, const char *indent, const hw_table *t)
{
    for (int k = 0; k < t->n; k++) {
        fprintf(f, "\n%s- [", indent);
        num(f, t->x[k]);
        fputs(", ", f);
        num(f, t->y[k]);
        fputc(']', f);
    }
}

static void write_type(FILE *f, const hw_line_type_def *t)
{
    fprintf(f, "  - name: "); str(f, t->name);
    fprintf(f, "\n    diameter: "); num(f, t->d);
    fprintf(f, "\n    mass_per_length: "); num(f, t->mu);
    if (t->ea_table.n > 0) {
        fprintf(f, "\n    EA_table:");
        xy_rows(f, "      ", &t->ea_table);
    } else if (!t->syrope.on) {
        fprintf(f, "\n    EA: "); num(f, t->ea);
    }
    fprintf(f, "\n    BA: "); num(f, t->ba);
    fprintf(f, "\n    damping_ratio: "); num(f, t->damping_ratio);
    if (t->ba_table.n > 0) {
        fprintf(f, "\n    BA_table:");
        xy_rows(f, "      ", &t->ba_table);
    }
    fprintf(f, "\n    EI: "); num(f, t->ei);
    fprintf(f, "\n    Cdn: "); num(f, t->cdn);
    fprintf(f, "\n    Cdt: "); num(f, t->cdt);
    fprintf(f, "\n    Can: "); num(f, t->can);
    fprintf(f, "\n    Cat: "); num(f, t->cat);
    fprintf(f, "\n    seabed_friction: "); num(f, t->seabed_mu);
    if (t->mbl > 0) { fprintf(f, "\n    mbl: "); num(f, t->mbl); }
    if (t->syrope.on) { /* Syrope */
        static const char *const curves[] = {"linear", "quadratic", "exp"};
        fprintf(f, "\n    syrope:\n      OWC:");
        xy_rows(f, "        ", &t->syrope.owc);
        fprintf(f, "\n      curve: %s", (unsigned)t->syrope.curve < 3 ? curves[t->syrope.curve] : "?");
        fprintf(f, "\n      k1: "); num(f, t->syrope.k1);
        fprintf(f, "\n      k2: "); num(f, t->syrope.k2);
        fprintf(f, "\n      alpha: "); num(f, t->syrope.alpha);
        fprintf(f, "\n      beta: "); num(f, t->syrope.beta);
        fprintf(f, "\n      BA_d: "); num(f, t->ba_d);
        if (t->syrope.line_curve) fprintf(f, "\n      working_curve: line");
    } else if (t->ea_d != 0 || t->ba_d != 0) {
        fprintf(f, "\n    viscoelastic: {EA_d: "); num(f, t->ea_d);
        fprintf(f, ", BA_d: "); num(f, t->ba_d);
        if (t->ea_d_slope != 0) { fprintf(f, ", EA_d_slope: "); num(f, t->ea_d_slope); }
        fputc('}', f);
    }
    if (t->viv_cl != 0) {
        fprintf(f, "\n    viv: {Cl: "); num(f, t->viv_cl);
        fprintf(f, ", cF: "); num(f, t->viv_cf);
        fprintf(f, ", dF: "); num(f, t->viv_df);
        if (t->viv_tau > 0) { fprintf(f, ", tau: "); num(f, t->viv_tau); }
        fputc('}', f);
    }
    fputc('\n', f);
}

static const char *const POINT_KINDS[] = {"fixed", "prescribed", "free", "coupled"};

static const char *const BODY_KINDS[] = {"free", "fixed", "prescribed", "coupled", "pinned"};
static const char *const MOTIONS[] = {"constant_velocity", "sinusoid", "table", "rao"};

static void write_body(FILE *f, const hw_body_def *b)
{
    fprintf(f, "  - name: "); str(f, b->name);
    fprintf(f, "\n    type: %s", (unsigned)b->kind < 5 ? BODY_KINDS[b->kind] : "?");
    fprintf(f, "\n    position: "); vec3(f, b->pos);
    fprintf(f, "\n    rotation: "); vec3(f, b->rot);
    if (b->kind == HW_BODY_FREE || b->kind == HW_BODY_PINNED) {
        fprintf(f, "\n    mass: "); num(f, b->mass);
        fprintf(f, "\n    cg: "); vec3(f, b->cg);
        fprintf(f, "\n    inertia: "); vecn(f, b->inertia, 6);
        fprintf(f, "\n    volume: "); num(f, b->volume);
        fprintf(f, "\n    cb: "); vec3(f, b->cb);
        fprintf(f, "\n    waterplane_area: "); num(f, b->awp);
        fprintf(f, "\n    waterplane_inertia: "); vecn(f, b->iwp, 2);
        fprintf(f, "\n    CdA: "); vecn(f, b->cda, 6);
        fprintf(f, "\n    Ca: "); vecn(f, b->ca, 6);
        if (b->kind == HW_BODY_PINNED && b->pin_on && b->pin_on[0]) {
            fprintf(f, "\n    pin_on: "); str(f, b->pin_on);
            fprintf(f, "\n    pin_at: "); vec3(f, b->pin_at);
        }
        if (b->start_vel[0] != 0 || b->start_vel[1] != 0 || b->start_vel[2] != 0 || b->start_vel[3] != 0 ||
            b->start_vel[4] != 0 || b->start_vel[5] != 0) {
            fprintf(f, "\n    start:\n      velocity: "); vec3(f, b->start_vel);
            fprintf(f, "\n      angular_velocity: "); vec3(f, b->start_vel + 3);
        }
    }
    if (b->kind == HW_BODY_PRESCRIBED || hw_body_pin_moves(b)) {
        fprintf(f, "\n    motion:\n      type: %s", (unsigned)b->motion < 4 ? MOTIONS[b->motion] : "?");
        if (b->motion == HW_MOTION_CONSTANT_VELOCITY) {
            fprintf(f, "\n      velocity: "); vecn(f, b->vel, 6);
        } else if (b->motion == HW_MOTION_SINUSOID) {
            fprintf(f, "\n      amplitude: "); vecn(f, b->amp, 6);
            fprintf(f, "\n      period: "); num(f, b->period);
            fprintf(f, "\n      phase: "); num(f, b->phase);
        } else if (b->motion == HW_MOTION_RAO) { /* the table inline, in Hawser's own units */
            fprintf(f, "\n      rao:\n        frequency: omega\n        headings: radians\n        phases: radians"
                       "\n        rotations: rad/m\n        phase_convention: lead\n        table:");
            for (int i = 0; i < b->rao_n_omega; i++)
                for (int j = 0; j < b->rao_n_heading; j++) {
                    const int cell = 6 * (i * b->rao_n_heading + j);
                    fprintf(f, "\n          - [");
                    num(f, b->rao_omega[i]);
                    fputs(", ", f);
                    num(f, b->rao_heading[j]);
                    for (int c = 0; c < 6; c++) {
                        fputs(", ", f); num(f, b->rao_amp[cell + c]);
                        fputs(", ", f); num(f, b->rao_phase[cell + c]);
                    }
                    fputc(']', f);
                }
        } else {
            fprintf(f, "\n      table:");
            for (int k = 0; k < b->table_n; k++) {
                fprintf(f, "\n        - [");
                num(f, b->table_t[k]);
                for (int c = 0; c < 6; c++) { fputs(", ", f); num(f, b->table_6[6 * k + c]); }
                fputc(']', f);
            }
        }
    }
    if (b->n_cylinders > 0 && b->cylinders) {
        fprintf(f, "\n    cylinders:");
        for (int i = 0; i < b->n_cylinders; i++) {
            const hw_body_cylinder_def *c = &b->cylinders[i];
            fprintf(f, "\n      - a: "); vec3(f, c->a);
            fprintf(f, "\n        b: "); vec3(f, c->b);
            fprintf(f, "\n        diameter: "); num(f, c->diameter);
            fprintf(f, "\n        mass_per_length: "); num(f, c->mass_per_length);
            fprintf(f, "\n        segments: %d", c->segments);
            fprintf(f, "\n        Cd: "); num(f, c->cd);
            fprintf(f, "\n        Ca: "); num(f, c->ca);
            fprintf(f, "\n        CdAx: "); num(f, c->cd_ax);
            fprintf(f, "\n        CaAx: "); num(f, c->ca_ax);
            fprintf(f, "\n        CdEnd: "); num(f, c->cd_end);
            fprintf(f, "\n        CaEnd: "); num(f, c->ca_end);
        }
    }
    fputc('\n', f);
}

/* The attachment of point i to a body, or NULL. */
static const hw_body_attach *point_on_body(const hw_scenario *sc, int i)
{
    for (int k = 0; k < sc->n_body_points; k++)
        if (sc->body_points[k].point == i) return &sc->body_points[k];
    return NULL;
}

static void write_point(FILE *f, const hw_scenario *sc, int i)
{
    const hw_point_def *p = &sc->model.points[i];
    const hw_body_attach *a = point_on_body(sc, i);
    if (a && a->body >= 0 && a->body < sc->n_bodies) {
        fprintf(f, "  - name: "); str(f, p->name);
        fprintf(f, "\n    type: body\n    body: "); str(f, sc->bodies[a->body].name);
        fprintf(f, "\n    position: "); vec3(f, a->at);
        fputc('\n', f);
        return;
    }
    fprintf(f, "  - name: "); str(f, p->name);
    fprintf(f, "\n    type: %s", (unsigned)p->kind < 4 ? POINT_KINDS[p->kind] : "?");
    fprintf(f, "\n    position: "); vec3(f, p->pos);
    if (p->kind == HW_POINT_PRESCRIBED) {
        fprintf(f, "\n    motion:");
        if (p->motion == HW_MOTION_CONSTANT_VELOCITY) {
            fprintf(f, "\n      type: constant_velocity\n      velocity: "); vec3(f, p->vel);
        } else if (p->motion == HW_MOTION_SINUSOID) {
            fprintf(f, "\n      type: sinusoid\n      amplitude: "); vec3(f, p->amp);
            fprintf(f, "\n      period: "); num(f, p->period);
            fprintf(f, "\n      phase: "); num(f, p->phase);
        } else {
            fprintf(f, "\n      type: table\n      table:");
            for (int k = 0; k < p->table_n; k++) {
                fprintf(f, "\n        - [");
                num(f, p->table_t[k]);
                for (int c = 0; c < 3; c++) { fputs(", ", f); num(f, p->table_xyz[3 * k + c]); }
                fputc(']', f);
            }
        }
    } else if (p->kind == HW_POINT_FREE) {
        fprintf(f, "\n    mass: "); num(f, p->mass);
        fprintf(f, "\n    volume: "); num(f, p->volume);
        fprintf(f, "\n    drag_area: "); num(f, p->cda);
        fprintf(f, "\n    added_mass_coefficient: "); num(f, p->ca);
    }
    fputc('\n', f);
}

static void write_failure(FILE *f, const hw_failure_def *r)
{
    if (!r->on) return;
    fprintf(f, "    failure:\n");
    if (r->use_mbl) fprintf(f, "      tension: mbl\n");
    else if (r->tension > 0) { fprintf(f, "      tension: "); num(f, r->tension); fputc('\n', f); }
    if (r->time >= 0) { fprintf(f, "      time: "); num(f, r->time); fputc('\n', f); }
    if (r->at == HW_FAIL_ANY) fprintf(f, "      at: any\n");
    else if (r->at == HW_FAIL_END_A) fprintf(f, "      at: a\n");
    else if (r->at == HW_FAIL_END_B) fprintf(f, "      at: b\n");
    else fprintf(f, "      at: %d\n", r->at);
}

/* A line's start state: a row [x, y, z] per node. */
static void write_start(FILE *f, const hw_line_def *l)
{
    if (!l->start_pos) return;
    fprintf(f, "    start:\n");
    for (int w = 0; w < 2; w++) {
        const double *a = w ? l->start_vel : l->start_pos;
        if (!a) continue;
        fprintf(f, "      %s:\n", w ? "velocities" : "positions");
        for (int j = 0; j <= l->nseg; j++) {
            fprintf(f, "        - [");
            num(f, a[3 * j]);
            fprintf(f, ", ");
            num(f, a[3 * j + 1]);
            fprintf(f, ", ");
            num(f, a[3 * j + 2]);
            fprintf(f, "]\n");
        }
    }
}


static void write_refs(FILE *f, const hw_model_def *m, const char *key, const char *kind, int n,
                       const hw_output_ref *r)
{
    if (n <= 0) return;
    fprintf(f, "  %s:\n", key);
    for (int k = 0; k < n; k++) {
        fprintf(f, "    - {line: ");
        str(f, m->lines[r[k].line].name);
        fprintf(f, ", %s: %d}\n", kind, r[k].index);
    }
}

hw_status hw_scenario_write_yaml(const hw_scenario *sc, FILE *f, const char *comment)
{
    if (!sc || !f) return HW_ERR_INVALID_ARG;
    const hw_model_def *m = &sc->model;
    comment_lines(f, comment);
    const hw_env_def *e = &m->env;
    fprintf(f, "environment:\n  gravity: "); num(f, e->g);
    fprintf(f, "\n  water_density: "); num(f, e->rho_w);
    fprintf(f, "\n  depth: "); num(f, e->depth);
    fprintf(f, "\n  seabed:\n    stiffness: "); num(f, e->seabed_k);
    fprintf(f, "\n    damping: "); num(f, e->seabed_c);
    fprintf(f, "\n    friction_velocity: "); num(f, e->friction_v);
    fputc('\n', f);
    write_bathymetry(f, &e->bathymetry);
    write_current(f, &e->current);
    write_waves(f, &e->waves);
    /* bodies alone (rods without lines): no lumped sections at all */
    int bodies_only = sc->n_bodies > 0 && m->n_types == 0 && m->n_points == 0 && m->n_lines == 0;
    if (!bodies_only) fprintf(f, "line_types:\n");
    for (int i = 0; i < m->n_types; i++) write_type(f, &m->types[i]);
    if (sc->n_bodies > 0) {
        fprintf(f, "bodies:\n");
        for (int k = 0; k < sc->n_bodies; k++) write_body(f, &sc->bodies[k]);
    }
    if (!bodies_only) fprintf(f, "points:\n");
    for (int i = 0; i < m->n_points; i++) write_point(f, sc, i);
    if (!bodies_only) fprintf(f, "lines:\n");
    for (int i = 0; i < m->n_lines; i++) {
        const hw_line_def *l = &m->lines[i];
        fprintf(f, "  - name: "); str(f, l->name);
        fprintf(f, "\n    type: "); str(f, m->types[l->type].name);
        fprintf(f, "\n    end_a: "); str(f, m->points[l->point_a].name);
        fprintf(f, "\n    end_b: "); str(f, m->points[l->point_b].name);
        fprintf(f, "\n    length: "); num(f, l->length);
        fprintf(f, "\n    segments: %d\n", l->nseg);
        for (int end = 0; end < 2; end++) { /* clamped ends: a direction, or a bending joint's axis */
            const double *c = l->clamp[end];
            if (l->clamp_axis[end]) fprintf(f, "    clamp_%c: %s\n", end ? 'b' : 'a', l->clamp_axis[end] > 0 ? "axis" : "-axis");
            if (c[0] == 0 && c[1] == 0 && c[2] == 0) continue;
            fprintf(f, "    clamp_%c: ", end ? 'b' : 'a');
            vec3(f, c);
            fprintf(f, "\n");
        }
        if (m->types[l->type].syrope.on) { /* a Syrope line's start */
            fprintf(f, "    syrope: {Tmax0: "); num(f, l->syr_tmax0);
            fprintf(f, ", Tmean0: "); num(f, l->syr_tmean0);
            fprintf(f, "}\n");
        }
        write_failure(f, &l->failure);
        write_start(f, l);
    }
    const hw_solver_def *s = &m->solver;
    fprintf(f, "solver:\n  dt: ");
    if (s->dt == 0) fprintf(f, "auto");
    else num(f, s->dt);
    fprintf(f, "\n  dt_safety: "); num(f, s->dt_safety);
    fprintf(f, "\n  t_end: "); num(f, s->t_end);
    fprintf(f, "\n  integrator: %s",
            (unsigned)s->integrator < HW_INT_COUNT ? hw_integ_keys[s->integrator] : "?");
    fprintf(f, "\n  static_solve: %s", s->static_solve ? "true" : "false");
    fprintf(f, "\n  static_tolerance: "); num(f, s->static_tol);
    fprintf(f, "\n  static_max_iterations: %d", s->static_max_iter);
    fprintf(f, "\n  max_strain: "); num(f, s->max_strain);
    if (s->allow_unstable_dt) fprintf(f, "\n  allow_unstable_dt: true");
    if (s->integrator == HW_INT_BEULER || s->integrator == HW_INT_MIDPOINT || s->integrator == HW_INT_ACA ||
        s->integrator == HW_INT_WILSON)
        fprintf(f, "\n  iterations: %d", s->iterations);
    if (s->monitor_off) fprintf(f, "\n  instability_monitor: false");
    fprintf(f, "\noutputs:\n  interval: "); num(f, sc->out_interval);
    if (sc->util_warning > 0) { fprintf(f, "\n  utilisation_warning: "); num(f, sc->util_warning); }
    fputc('\n', f);
    write_refs(f, m, "nodes", "node", sc->n_out_nodes, sc->out_nodes);
    write_refs(f, m, "segments", "segment", sc->n_out_segments, sc->out_segments);
    if (sc->n_wave_points > 0) fprintf(f, "  wave_points:\n");
    for (int k = 0; k < sc->n_wave_points; k++) {
        fprintf(f, "    - [");
        num(f, sc->wave_points[2 * k]);
        fprintf(f, ", ");
        num(f, sc->wave_points[2 * k + 1]);
        fprintf(f, "]\n");
    }
    write_refs(f, m, "wave_nodes", "node", sc->n_wave_nodes, sc->wave_nodes);
    const hw_surface_grid *g = &sc->surface_grid;
    if (g->nx > 0) {
        fprintf(f, "  surface_grid:\n    x: [");
        num(f, g->x0); fprintf(f, ", "); num(f, g->x1);
        fprintf(f, ", %d]\n    y: [", g->nx);
        num(f, g->y0); fprintf(f, ", "); num(f, g->y1);
        fprintf(f, ", %d]\n", g->ny);
    }
    return fflush(f) == 0 && !ferror(f) ? HW_OK : HW_ERR_IO;
}
