/* MoorDyn-style .out tables (moordyn_out.h). Channel meanings are in docs/moordyn.md. */
#include "io/moordyn_out.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/waves.h"
#include "io/scenario_body.h"
#include "physics/hydro.h"
#include "physics/segment.h"
#include "physics/viv.h"
#include "world/timeline.h"
#include "world/world_records.h"

/* A line's positions, velocities and tensions, each copied once for the channels of a row that
 * read that line (a deck's node outputs list every node of a line: one copy per channel was
 * quadratic in the line's length). */
enum { COPY_POS = 0, COPY_VEL, COPY_TEN, COPY_FORCE, COPY_N };
typedef struct line_copy { int line[COPY_N]; double *buf[COPY_N]; size_t cap[COPY_N]; } line_copy;

static void copy_reset(line_copy *c)
{
    for (int k = 0; k < COPY_N; k++) c->line[k] = -1;
}
static void copy_free(line_copy *c)
{
    for (int k = 0; k < COPY_N; k++) free(c->buf[k]);
}

/* A line's <deck>_Line<N>.out file (LineOutputs flags). */
typedef struct line_file {
    int line;
    int rod;     /* 1: line is a rod's index (<deck>_Rod<N>.out) */
    FILE *f;
    char path[4200];
} line_file;

/* A rod's nodes now, read from its body in the world (rod_nodes), kept for the row's channels. */
typedef struct rod_copy { int rod; hw_cyl_node *nodes; int cap; } rod_copy;

/* The bodies' accelerations and total loads, each solved once per row for the channels that read
 * them (a body's six acceleration channels, or six load channels, were six solves). */
enum { BODY_HAVE_ACC = 1, BODY_HAVE_LOAD = 2 };
typedef struct body_copy { int n; unsigned char *have; double *acc, *load; } body_copy;

static void body_copy_free(body_copy *c)
{
    free(c->have);
    free(c->acc);
    free(c->load);
    memset(c, 0, sizeof *c);
}

/* What a value is read from: the lumped lines (NULL in a deck without lines), the world (NULL when
 * a caller gives the lines alone: the rods' loads are then not available), the deck; the copies
 * made for the row. */
typedef struct md_src {
    const hw_sim *sim;
    const hw_world *w;
    const hw_md_deck *deck;
    rod_copy *rc;
    body_copy *bc;
} md_src;

struct hw_md_out {
    FILE *f;
    const hw_world *world;
    rod_copy rc;
    body_copy bc;
    const hw_md_deck *deck;
    char path[4096];
    line_copy copy;
    int n_files;
    line_file *files;
    double *buf;   /* a line file's row: positions, velocities, VIV phases of the longest line */
    size_t cap;
    hw_v3 *fl;     /* and each node's fluid velocity, drag and VIV lift (line_row) */
    size_t fl_cap;
};

static double norm3(const double *v) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

/* Checks that body k has a slot in src->bc (allocated for the world's bodies on first use). */
static hw_status body_slot(const md_src *src, int k)
{
    body_copy *c = src->bc;
    if (c->n == 0) {
        int n = hw_world_n_bodies(src->w);
        if (n <= 0) return HW_ERR_INVALID_ARG;
        c->have = calloc((size_t)n, 1);
        c->acc = malloc((size_t)n * 6 * sizeof *c->acc);
        c->load = malloc((size_t)n * 6 * sizeof *c->load);
        if (!c->have || !c->acc || !c->load) {
            body_copy_free(c);
            return HW_ERR_NOMEM;
        }
        c->n = n;
    }
    return k >= 0 && k < c->n ? HW_OK : HW_ERR_INVALID_ARG;
}

/* Body k's acceleration (m/s^2, then rad/s^2) now: hw_world_body_acceleration, once per row. */
static hw_status body_acc(const md_src *src, int k, const double **acc)
{
    body_copy *c = src->bc;
    hw_status st = body_slot(src, k);
    if (st) return st;
    if (!(c->have[k] & BODY_HAVE_ACC)) {
        if ((st = hw_world_body_acceleration(src->w, k, c->acc + 6 * k, c->acc + 6 * k + 3))) return st;
        c->have[k] |= BODY_HAVE_ACC;
    }
    *acc = c->acc + 6 * k;
    return HW_OK;
}

/* Body k's total load (force, moment) now: hw_bodies_total_load, once per row. */
static hw_status body_load(const md_src *src, int k, const double **f6)
{
    body_copy *c = src->bc;
    hw_status st = body_slot(src, k);
    if (st) return st;
    if (!(c->have[k] & BODY_HAVE_LOAD)) {
        if ((st = hw_bodies_total_load(hw_world_body_set(src->w), k, hw_world_time(src->w), c->load + 6 * k)))
            return st;
        c->have[k] |= BODY_HAVE_LOAD;
    }
    *f6 = c->load + 6 * k;
    return HW_OK;
}

/* Line line's values of kind what in c->buf[what], copied unless they are there already. */
static hw_status fetch(const hw_sim *sim, line_copy *c, int line, int what, int nseg)
{
    if (c->line[what] == line) return HW_OK;
    size_t need = (size_t)3 * ((size_t)nseg + 1);
    if (need > c->cap[what]) {
        double *b = realloc(c->buf[what], need * sizeof *b);
        if (!b) return HW_ERR_NOMEM;
        c->buf[what] = b;
        c->cap[what] = need;
    }
    c->line[what] = -1;
    hw_status st = what == COPY_POS     ? hw_sim_line_positions(sim, line, c->buf[what])
                   : what == COPY_VEL   ? hw_sim_line_velocities(sim, line, c->buf[what])
                   : what == COPY_FORCE ? hw_sim_line_node_forces(sim, line, c->buf[what])
                                        : hw_sim_line_tensions(sim, line, c->buf[what]);
    if (!st) c->line[what] = line;
    return st;
}

/* The force of the lines on rod end A (b = 0) or B (b = 1): the point there (none in a deck without
 * lines, or none attached: 0). */
static hw_status rod_end_force(const md_src *src, const hw_md_rod_out *ro, int b, double f[3])
{
    int pt = b ? ro->pt_b : ro->pt_a;
    f[0] = f[1] = f[2] = 0.0;
    if (pt < 0 || !src->sim) return HW_OK;
    double r[3], v[3];
    return hw_sim_point_state(src->sim, pt, r, v, f);
}

#define HW_MD_DEG (180.0 / HW_PI)

/* A rod's roll (comp 0) or pitch (comp 1), deg, of its axis (x, y, z) from end A to B as MoorDyn
 * defines them: phi the axis's angle from +z, beta its heading; roll = -phi sin(beta), pitch =
 * phi cos(beta). */
static double rod_angle(double x, double y, double z, int comp)
{
    double phi = atan2(sqrt(x * x + y * y), z), beta = atan2(y, x);
    return HW_MD_DEG * (comp == 0 ? -phi * sin(beta) : phi * cos(beta));
}

static hw_v3 fluid_at(const hw_md_deck *dk, hw_v3 ri, double t, double *eta);

/* Rod k's nodes now, from its body (bodies/body_set.h hw_bodies_cylinder_nodes), in src->rc. */
static hw_status rod_nodes(const md_src *src, int k, const hw_cyl_node **out)
{
    rod_copy *c = src->rc;
    const hw_md_rod_out *ro = &src->deck->rods[k];
    int n = (ro->nseg > 0 ? ro->nseg : 0) + 1;
    if (c->rod != k) {
        if (n > c->cap) {
            hw_cyl_node *b = realloc(c->nodes, (size_t)n * sizeof *b);
            if (!b) return HW_ERR_NOMEM;
            c->nodes = b;
            c->cap = n;
        }
        c->rod = -1;
        hw_status st;
        if (ro->body < 0) {
            /* a zero-length rod that is a point (docs/moordyn.md, Zero-length rods): its one node is
             * the point, with no loads of its own (as MoorDyn 2.7.2 gives it none) */
            double r[3], v[3], f[3], eta;
            if ((st = hw_sim_point_state(src->sim, ro->pt_a, r, v, f))) return st;
            memset(c->nodes, 0, (size_t)n * sizeof *c->nodes);
            c->nodes[0].x = hw_v3_make(r[0], r[1], r[2]);
            c->nodes[0].v = hw_v3_make(v[0], v[1], v[2]);
            c->nodes[0].U = fluid_at(src->deck, c->nodes[0].x, hw_world_time(src->w), &eta);
        } else {
            st = hw_bodies_cylinder_nodes(hw_world_body_set(src->w), ro->body, ro->cyl, hw_world_time(src->w),
                                          c->nodes, n);
        }
        if (st) return st;
        c->rod = k;
    }
    *out = c->nodes;
    return HW_OK;
}

/* Node i's net force as MoorDyn's rod reports it (Fnet): its weight, buoyancy, drag, fluid inertia,
 * dynamic pressure and seabed contact, and the lines' force on the end it is (node 0: end A, node
 * N: end B; both for a zero-length rod). */
static hw_status rod_node_net(const md_src *src, int k, const hw_cyl_node *nd, int i, hw_v3 *out)
{
    const hw_md_rod_out *ro = &src->deck->rods[k];
    int n = ro->nseg > 0 ? ro->nseg : 0;
    hw_v3 f = hw_v3_add(nd[i].weight, hw_cyl_node_force(&nd[i]));
    double fe[3];
    hw_status st = HW_OK;
    if (i == 0 && !(st = rod_end_force(src, ro, 0, fe))) f = hw_v3_add(f, hw_v3_make(fe[0], fe[1], fe[2]));
    if (!st && i == n && ro->pt_b != ro->pt_a && !(st = rod_end_force(src, ro, 1, fe))) f = hw_v3_add(f, hw_v3_make(fe[0], fe[1], fe[2]));
    *out = f;
    return st;
}

static double v3_comp(hw_v3 v, int c) { return c == 0 ? v.x : c == 1 ? v.y : v.z; }

/* A rod channel from the rod's body in the world (docs/moordyn.md, OUTPUTS). */
static hw_status rod_channel(const md_src *src, const hw_md_channel *ch, double *value)
{
    const hw_cyl_node *nd;
    int k = ch->rod, n = ch->nseg > 0 ? ch->nseg : 0;
    if (k < 0 || k >= src->deck->n_rods) return HW_ERR_INVALID_ARG;
    hw_status st = rod_nodes(src, k, &nd);
    if (st) return st;
    hw_v3 f;
    double fe[3];
    switch (ch->q) {
    case HW_MD_ROD_NODE_POS: *value = v3_comp(nd[ch->index].x, ch->comp); return HW_OK;
    case HW_MD_ROD_NODE_VEL: *value = v3_comp(nd[ch->index].v, ch->comp); return HW_OK;
    case HW_MD_ROD_NODE_FORCE:
        st = rod_node_net(src, k, nd, ch->index, &f);
        *value = v3_comp(f, ch->comp);
        return st;
    case HW_MD_ROD_FORCE:
    case HW_MD_ROD_MOMENT: {
        hw_v3 sum = hw_v3_zero();
        for (int i = 0; i <= n && !st; i++) {
            st = rod_node_net(src, k, nd, i, &f);
            sum = hw_v3_add(sum, ch->q == HW_MD_ROD_FORCE ? f : hw_v3_cross(hw_v3_sub(nd[i].x, nd[0].x), f));
        }
        *value = v3_comp(sum, ch->comp);
        return st;
    }
    case HW_MD_ROD_END_TEN:
        st = rod_end_force(src, &src->deck->rods[k], ch->index > 0, fe);
        *value = norm3(fe);
        return st;
    case HW_MD_ROD_SUB: { /* MoorDyn's Rod SUB: the mean of its nodes' wet fractions (VOF) */
        double sum = 0.0;
        for (int i = 0; i <= n; i++) sum += nd[i].F;
        *value = sum / (n + 1);
        return HW_OK;
    }
    case HW_MD_ROD_NODE_ACC:
    case HW_MD_ROD_ACC:
    case HW_MD_ROD_ANGVEL:
    case HW_MD_ROD_ANGACC: {
        const hw_md_rod_out *ro = &src->deck->rods[k];
        if (ro->body < 0 && ch->q == HW_MD_ROD_NODE_ACC) { /* a zero-length rod that is a point: the point's */
            double a3[3];
            if ((st = hw_sim_point_acceleration(src->sim, ro->pt_a, a3))) return st;
            *value = a3[ch->comp];
            return HW_OK;
        }
        const hw_body_def *bd = hw_bodies_def(hw_world_body_set(src->w), ro->body);
        double quat[4], w[3];
        const double *a, *al;
        if (!bd || ro->cyl >= bd->n_cylinders) return HW_ERR_INVALID_ARG;
        if ((st = hw_world_body_state(src->w, ro->body, NULL, quat, NULL, w))) return st;
        if (ch->q == HW_MD_ROD_ANGVEL) {
            *value = HW_MD_DEG * w[ch->comp];
            return HW_OK;
        }
        if ((st = body_acc(src, ro->body, &a))) return st;
        al = a + 3;
        if (ch->q == HW_MD_ROD_ANGACC) {
            *value = HW_MD_DEG * al[ch->comp];
            return HW_OK;
        }
        /* end A (or node index, a fraction index / N of the way to end B) rides on the body at d from
         * its reference point: a + alpha x d + w x (w x d) */
        const double *ca = bd->cylinders[ro->cyl].a, *cb = bd->cylinders[ro->cyl].b;
        double fr = ch->q == HW_MD_ROD_NODE_ACC && n > 0 ? (double)ch->index / n : 0.0;
        hw_v3 d = hw_quat_rotate(hw_quat_make(quat[0], quat[1], quat[2], quat[3]),
                                 hw_v3_make(ca[0] + fr * (cb[0] - ca[0]), ca[1] + fr * (cb[1] - ca[1]),
                                            ca[2] + fr * (cb[2] - ca[2])));
        hw_v3 W = hw_v3_make(w[0], w[1], w[2]);
        hw_v3 acc = hw_v3_add(hw_v3_add(hw_v3_make(a[0], a[1], a[2]), hw_v3_cross(hw_v3_make(al[0], al[1], al[2]), d)),
                              hw_v3_cross(W, hw_v3_cross(W, d)));
        *value = v3_comp(acc, ch->comp);
        return HW_OK;
    }
    case HW_MD_ROD_ANGLE: {
        const hw_md_rod_out *ro = &src->deck->rods[k];
        const hw_body_def *bd = hw_bodies_def(hw_world_body_set(src->w), ro->body);
        double quat[4];
        if (!bd || ro->cyl >= bd->n_cylinders) return HW_ERR_INVALID_ARG;
        if ((st = hw_world_body_state(src->w, ro->body, NULL, quat, NULL, NULL))) return st;
        const hw_body_cylinder_def *cd = &bd->cylinders[ro->cyl];
        hw_v3 q = hw_quat_rotate(hw_quat_make(quat[0], quat[1], quat[2], quat[3]),
                                 hw_v3_make(cd->b[0] - cd->a[0], cd->b[1] - cd->a[1], cd->b[2] - cd->a[2]));
        *value = rod_angle(q.x, q.y, q.z, ch->comp);
        return HW_OK;
    }
    default: return HW_ERR_INVALID_ARG;
    }
}

/* A body channel from the world (docs/moordyn.md, OUTPUTS). */
static hw_status body_channel(const md_src *src, const hw_md_channel *ch, double *value)
{
    if (!src->w) return HW_ERR_INVALID_ARG; /* bodies are the world's */
    double r[3], q[4], v[3], w[3];
    const double *f6, *acc;
    hw_status st = hw_world_body_state(src->w, ch->object, r, q, v, w);
    if (st) return st;
    const double deg = HW_MD_DEG;
    switch (ch->q) {
    case HW_MD_BODY_POS: *value = r[ch->comp]; return HW_OK;
    case HW_MD_BODY_VEL: *value = v[ch->comp]; return HW_OK;
    case HW_MD_BODY_ANGVEL: *value = w[ch->comp] * deg; return HW_OK;
    case HW_MD_BODY_SUB: *value = 0.0; return HW_OK; /* as MoorDyn 2.7.2 writes it (docs/moordyn.md, OUTPUTS) */
    case HW_MD_BODY_ACC: /* m/s^2 and deg/s^2, as MoorDyn 2.7.2 writes them */
        st = body_acc(src, ch->object, &acc);
        *value = st ? 0.0 : ch->comp < 3 ? acc[ch->comp] : acc[ch->comp] * deg;
        return st;
    case HW_MD_BODY_ANGLE: {
        /* MoorDyn's angles (R = Rx Ry Rz, the deck's r0 p0 y0), not bodies.csv's roll-pitch-yaw */
        double a[3];
        hw_scn_moordyn_angles(q, a);
        *value = a[ch->comp] * deg;
        return HW_OK;
    }
    default:
        st = body_load(src, ch->object, &f6);
        *value = st ? 0.0 : ch->q == HW_MD_BODY_TEN ? norm3(f6) : f6[ch->comp];
        return st;
    }
}

static hw_status channel_value(const md_src *src, const hw_md_channel *ch, line_copy *copy,
                               double *value)
{
    const hw_sim *sim = src->sim;
    hw_status st = HW_OK;
    if (ch->q >= HW_MD_BODY_POS) return body_channel(src, ch, value);
    if (ch->q >= HW_MD_ROD_NODE_POS && src->w) return rod_channel(src, ch, value);
    int nseg = ch->q <= HW_MD_SEG_TEN || ch->q == HW_MD_NODE_FORCE ? hw_sim_line_nseg(sim, ch->object) : 0;
    if (nseg < 0) return HW_ERR_INVALID_ARG;
    double fa[3], fb[3], r[3], v[3], f[3];
    switch (ch->q) {
    case HW_MD_LINE_END_FORCE:
        st = hw_sim_line_end_forces(sim, ch->object, fa, fb);
        *value = norm3(ch->index ? fb : fa);
        return st;
    case HW_MD_NODE_POS:
    case HW_MD_NODE_VEL:
    case HW_MD_NODE_TEN:
    case HW_MD_SEG_TEN: {
        if (ch->q == HW_MD_NODE_POS || ch->q == HW_MD_NODE_VEL) {
            int what = ch->q == HW_MD_NODE_POS ? COPY_POS : COPY_VEL;
            st = fetch(sim, copy, ch->object, what, nseg);
            if (!st) *value = copy->buf[what][3 * ch->index + ch->comp];
        } else if (ch->q == HW_MD_SEG_TEN) {
            st = fetch(sim, copy, ch->object, COPY_TEN, nseg);
            if (!st) *value = copy->buf[COPY_TEN][ch->index - 1];
        } else if (ch->index == 0 || ch->index == nseg) {
            /* an end node: the force on the end point, as MoorDyn reports the end node's net force */
            st = hw_sim_line_end_forces(sim, ch->object, fa, fb);
            *value = norm3(ch->index == 0 ? fa : fb);
        } else {
            /* an inner node: the mean tension of the two segments beside it */
            st = fetch(sim, copy, ch->object, COPY_TEN, nseg);
            if (!st) *value = 0.5 * (copy->buf[COPY_TEN][ch->index - 1] + copy->buf[COPY_TEN][ch->index]);
        }
        return st;
    }
    case HW_MD_NODE_FORCE:
        st = fetch(sim, copy, ch->object, COPY_FORCE, nseg);
        if (!st) *value = copy->buf[COPY_FORCE][3 * ch->index + ch->comp];
        return st;
    case HW_MD_ROD_NODE_POS:
    case HW_MD_ROD_NODE_VEL: {
        double rb[3], vb[3];
        st = hw_sim_point_state(sim, ch->object, r, v, f);
        if (!st) st = hw_sim_point_state(sim, ch->object_b, rb, vb, f);
        double s = ch->nseg > 0 ? (double)ch->index / ch->nseg : 0.0;
        const double *a = ch->q == HW_MD_ROD_NODE_POS ? r : v, *b = ch->q == HW_MD_ROD_NODE_POS ? rb : vb;
        *value = a[ch->comp] + s * (b[ch->comp] - a[ch->comp]);
        return st;
    }
    case HW_MD_ROD_ANGLE: {
        double rb[3], vb[3];
        st = hw_sim_point_state(sim, ch->object, r, v, f);
        if (!st) st = hw_sim_point_state(sim, ch->object_b, rb, vb, f);
        double q[3] = {rb[0] - r[0], rb[1] - r[1], rb[2] - r[2]};
        *value = rod_angle(q[0], q[1], q[2], ch->comp);
        return st;
    }
    case HW_MD_ROD_NODE_FORCE:
    case HW_MD_ROD_FORCE:
    case HW_MD_ROD_MOMENT:
    case HW_MD_ROD_ACC:
    case HW_MD_ROD_ANGVEL:
    case HW_MD_ROD_ANGACC:
    case HW_MD_ROD_NODE_ACC:
    case HW_MD_ROD_SUB:
    case HW_MD_BODY_SUB:
    case HW_MD_BODY_POS:
    case HW_MD_BODY_ANGLE:
    case HW_MD_BODY_VEL:
    case HW_MD_BODY_ANGVEL:
    case HW_MD_BODY_LOAD:
    case HW_MD_BODY_TEN:
    case HW_MD_BODY_ACC:
        return HW_ERR_INVALID_ARG; /* a rod's loads are its body's: the world's (hw_md_channel_value_world) */
    case HW_MD_ROD_END_TEN:
        if (ch->object < 0) { *value = 0.0; return HW_OK; }
        st = hw_sim_point_state(sim, ch->index > 0 ? ch->object_b : ch->object, r, v, f);
        *value = norm3(f);
        return st;
    case HW_MD_POINT_ACC:
        st = hw_sim_point_acceleration(sim, ch->object, r);
        *value = r[ch->comp];
        return st;
    case HW_MD_POINT_POS:
    case HW_MD_POINT_VEL:
    case HW_MD_POINT_FORCE:
    case HW_MD_POINT_TEN:
        st = hw_sim_point_state(sim, ch->object, r, v, f);
        *value = ch->q == HW_MD_POINT_POS   ? r[ch->comp]
                 : ch->q == HW_MD_POINT_VEL ? v[ch->comp]
                 : ch->q == HW_MD_POINT_TEN ? norm3(f)
                                            : f[ch->comp];
        return st;
    }
    return HW_ERR_INVALID_ARG;
}

hw_status hw_md_channel_value(const hw_sim *sim, const hw_md_channel *ch, double *value)
{
    return hw_md_channel_value_world(NULL, sim, NULL, ch, value);
}

hw_status hw_md_channel_value_world(const hw_world *w, const hw_sim *sim, const hw_md_deck *deck,
                                    const hw_md_channel *ch, double *value)
{
    line_copy copy;
    memset(&copy, 0, sizeof copy);
    copy_reset(&copy);
    rod_copy rc = {-1, NULL, 0};
    body_copy bc = {0, NULL, NULL, NULL};
    md_src src = {sim ? sim : hw_world_lumped(w), deck ? w : NULL, deck, &rc, &bc};
    hw_status st = channel_value(&src, ch, &copy, value);
    copy_free(&copy);
    body_copy_free(&bc);
    free(rc.nodes);
    return st;
}

static hw_status io_fail(hw_md_out *o, char *msg, size_t len, const char *what)
{
    if (msg && len) snprintf(msg, len, "%s: %s: %s", o->path, what, strerror(errno));
    return HW_ERR_IO;
}

/* ---- per-line files (LineOutputs; docs/moordyn.md, "Line output files") ---------------------- */

/* MoorDyn 2.7.2's layout of its .out tables (docs/moordyn.md, "OUTPUTS and the .out table"): no
 * separator, each field right-aligned in a fixed width, the time in fixed point with 4 decimals,
 * the values in scientific notation with 8 significant digits, "\n" after every row. */
enum { MD_W_TIME = 10, MD_W_COL = 20 };
static void put_time(FILE *f, double t) { fprintf(f, "%*.4f", MD_W_TIME, t); }
static void put_value(FILE *f, double v) { fprintf(f, "%*.7e", MD_W_COL, v); }

static const char *const LO_UNIT[HW_MD_LO_COUNT] = {"(m)", "(1/m)", "(m/s)", "(m/s)", "(N)", "(N)", "(N)", "(N)",
                                                    "(-)", "(-/s)"};

/* The header row and the units row of a line's file, in MoorDyn 2.7.2's column order and names. */
static void line_header(FILE *f, const hw_md_line_out *L, int units)
{
    static const char *const XYZ[HW_MD_LO_COUNT] = {"p", NULL, "v", "U", "D", "V", NULL, "c", NULL, NULL};
    static const char *const ONE[HW_MD_LO_COUNT] = {NULL, "Ku", NULL, NULL, NULL, NULL, "Te", NULL, "St", "dSt"};
    char name[64];
    fprintf(f, "%*s", MD_W_TIME, units ? "(s)" : "Time");
    for (int b = 0; b < HW_MD_LO_COUNT; b++) {
        if (!(L->flags & (1u << b))) continue;
        int seg = b >= 6; /* t c s d: per segment 1..N; the others per node 0..N */
        for (int i = seg ? 1 : 0; i <= L->nseg; i++) {
            for (int c = 0; c < (XYZ[b] ? 3 : 1); c++) {
                if (XYZ[b]) snprintf(name, sizeof name, "%s%d%s%c", seg ? "Seg" : "Node", i, XYZ[b], 'x' + c);
                else snprintf(name, sizeof name, "%s%d%s", seg ? "Seg" : "Node", i, ONE[b]);
                fprintf(f, "%*s", MD_W_COL, units ? LO_UNIT[b] : name);
            }
        }
    }
    fprintf(f, "\n");
}

static hw_v3 v3_at(const double *a, int i) { return hw_v3_make(a[3 * i], a[3 * i + 1], a[3 * i + 2]); }

/* The fluid velocity at ri (current + waves, none above the surface) and the surface elevation
 * there (*eta, 0 without waves). */
static hw_v3 fluid_at(const hw_md_deck *dk, hw_v3 ri, double t, double *eta)
{
    hw_v3 uw = hw_v3_zero();
    *eta = 0.0;
    if (dk->waves) {
        double p[3] = {ri.x, ri.y, ri.z};
        hw_wave_point k = hw_waves_kinematics(dk->waves, p, t);
        *eta = k.eta;
        if (k.wet) uw = hw_v3_make(k.u[0], k.u[1], k.u[2]);
    }
    const hw_current_def *c = &dk->current;
    hw_v3 uc = ri.z < *eta ? hw_current_3(c->z, c->t, c->ux, c->uy, c->uz, c->n_depth, c->n_time, ri.z, t)
                           : hw_v3_zero();
    return hw_v3_add(uc, uw);
}

/* The fluid velocity at node i (current + waves, none above the surface) and the Morison drag on
 * it, as the lumped kernels compute them (kernels/lumped.h hw_node_load_sb / _waves) but with
 * the waves evaluated directly at the node (the kernels sample them on kinematics_step). */
static void node_fluid(const hw_md_deck *dk, const hw_md_line_out *L, const double *r, const double *v, int i,
                       double t, double phi, hw_v3 *U, hw_v3 *D, hw_v3 *V)
{
    hw_v3 ri = v3_at(r, i), vi = v3_at(v, i);
    int n = L->nseg;
    hw_v3 qa = hw_v3_zero(), qb = hw_v3_zero();
    double la = 0, lb = 0;
    if (i > 0) {
        hw_v3 d = hw_v3_sub(ri, v3_at(r, i - 1));
        la = hw_v3_norm(d);
        qa = la > 0 ? hw_v3_scale(d, 1.0 / la) : hw_v3_make(0, 0, 1);
    }
    if (i < n) {
        hw_v3 d = hw_v3_sub(v3_at(r, i + 1), ri);
        lb = hw_v3_norm(d);
        qb = lb > 0 ? hw_v3_scale(d, 1.0 / lb) : hw_v3_make(0, 0, 1);
    }
    double eta = 0.0;
    *U = fluid_at(dk, ri, t, &eta);
    double wa = i > 0 ? L->l0 : 0.0, wb = i < n ? L->l0 : 0.0, sub;
    if (dk->waves) {
        double fa = hw_wet_fraction(ri.z, ri.z - 0.5 * la * qa.z, eta);
        double fb = hw_wet_fraction(ri.z, ri.z + 0.5 * lb * qb.z, eta);
        sub = (wa * fa + wb * fb) / (wa + wb);
    } else {
        sub = ri.z < 0.0 ? 1.0 : 0.0;
    }
    double ln = 0.5 * (wa + wb) * sub; /* the node's submerged tributary length (model_build.c) */
    hw_v3 qh = hw_node_tangent(qa, qb);
    *D = sub > 0 ? hw_morison_drag(hw_v3_sub(*U, vi), qh, dk->rho, L->d, ln, L->cdn, L->cdt) : hw_v3_zero();
    /* the VIV lift of an interior node (kernels/lumped.h hw_lm_node_viv) */
    *V = sub > 0 && L->cl > 0 && i > 0 && i < n
             ? hw_viv_lift(dk->rho, L->d, L->cl, ln, hw_viv_normal_flow(hw_v3_sub(*U, vi), qh), qh, phi)
             : hw_v3_zero();
}

static hw_status line_row(hw_md_out *o, const line_file *lf, const hw_sim *sim, double t)
{
    const hw_md_line_out *L = &o->deck->lines[lf->line];
    int n = hw_sim_line_nseg(sim, lf->line);
    if (n != L->nseg) return HW_ERR_INVALID_ARG; /* decks have no winches: the count stays */
    size_t np = (size_t)n + 1, need = 7 * np;
    if (need > o->cap) {
        double *b = realloc(o->buf, need * sizeof *b);
        if (!b) return HW_ERR_NOMEM;
        o->buf = b;
        o->cap = need;
    }
    if (3 * np > o->fl_cap) {
        hw_v3 *b = realloc(o->fl, 3 * np * sizeof *b);
        if (!b) return HW_ERR_NOMEM;
        o->fl = b;
        o->fl_cap = 3 * np;
    }
    double *r = o->buf, *v = o->buf + 3 * np, *phi = o->buf + 6 * np;
    hw_v3 *fl = o->fl; /* U, D, V of node i at fl[3 i], fl[3 i + 1], fl[3 i + 2] */
    hw_status st = hw_sim_line_positions(sim, lf->line, r);
    if (!st) st = hw_sim_line_velocities(sim, lf->line, v);
    if (!st && (L->flags & HW_MD_LO_VIV)) st = hw_sim_line_viv_phases(sim, lf->line, phi);
    if (st) return st;
    if (L->flags & (HW_MD_LO_FLUID | HW_MD_LO_DRAG | HW_MD_LO_VIV)) /* once a node for the three groups */
        for (int i = 0; i <= n; i++)
            node_fluid(o->deck, L, r, v, i, t, (L->flags & HW_MD_LO_VIV) ? phi[i] : 0.0, &fl[3 * i], &fl[3 * i + 1],
                       &fl[3 * i + 2]);
    FILE *f = lf->f;
    put_time(f, t);
    for (int b = 0; b < HW_MD_LO_COUNT; b++) {
        unsigned bit = 1u << b;
        if (!(L->flags & bit)) continue;
        if (b < 6) {
            for (int i = 0; i <= n; i++) {
                hw_v3 x = hw_v3_zero();
                if (bit == HW_MD_LO_POS) x = v3_at(r, i);
                else if (bit == HW_MD_LO_VEL) x = v3_at(v, i);
                else if (bit == HW_MD_LO_FLUID) x = fl[3 * i];
                else if (bit == HW_MD_LO_DRAG) x = fl[3 * i + 1];
                else if (bit == HW_MD_LO_VIV) x = fl[3 * i + 2];
                else if (bit == HW_MD_LO_CURV) {
                    /* the hinge angle over the unstretched length (kernels/physics/bending.h) */
                    double k = 0;
                    if (i > 0 && i < n) {
                        hw_v3 a = hw_v3_sub(v3_at(r, i), v3_at(r, i - 1)), c = hw_v3_sub(v3_at(r, i + 1), v3_at(r, i));
                        double na = hw_v3_norm(a), nc = hw_v3_norm(c);
                        double cs = na > 0 && nc > 0 ? hw_v3_dot(a, c) / (na * nc) : 1.0;
                        k = acos(cs > 1 ? 1 : cs < -1 ? -1 : cs) / L->l0;
                    }
                    put_value(f, k);
                    continue;
                }
                put_value(f, x.x);
                put_value(f, x.y);
                put_value(f, x.z);
            }
        } else {
            for (int s = 0; s < n; s++) {
                hw_seg_result g = hw_segment_eval(v3_at(r, s), v3_at(r, s + 1), v3_at(v, s), v3_at(v, s + 1), L->l0,
                                                  L->ea, L->ba, NULL, NULL, 0);
                const double *ex = L->curves, *bx = L->curves + 2 * L->ea_n; /* the curves, if any */
                if (bit == HW_MD_LO_TEN)
                    put_value(f, g.strain <= 0 ? 0.0 : L->ea_n ? hw_ea_table_tension(ex, ex + L->ea_n, L->ea_n, g.strain)
                                                               : L->ea * g.strain);
                else if (bit == HW_MD_LO_STRAIN) put_value(f, g.strain);
                else if (bit == HW_MD_LO_RATE) put_value(f, g.rate);
                else {
                    hw_v3 c = hw_v3_scale(g.q, L->ba_n ? hw_ba_table_force(bx, bx + L->ba_n, L->ba_n, g.rate)
                                                       : L->ba * g.rate);
                    put_value(f, c.x);
                    put_value(f, c.y);
                    put_value(f, c.z);
                }
            }
        }
    }
    fprintf(f, "\n");
    return HW_OK;
}

/* ---- per-rod files (RodOutputs; docs/moordyn.md, "Rod output files") -------------------------- */

/* MoorDyn 2.7.2's rod file: Time, then per group (HW_MD_RO_*, in that order) the nodes 0..N x y z,
 * named Node<i><group><x|y|z> (A, a: X Y Z), with its units. */
static const char *const ROD_GROUP_NAME[HW_MD_RO_COUNT] = {"p", "v", "F", "W", "Bo", "Dp", "Dq", "Ap", "Aq", "Pd",
                                                           "U", "B"};
static const char *const ROD_GROUP_UNIT[HW_MD_RO_COUNT] = {"(m)", "(m/s)", "(N)", "(N)", "(N)", "(N)", "(N)", "(N)",
                                                           "(N)", "(Pa)", "(m/s)", "(N)"};

/* The file is written when MoorDyn 2.7.2 writes it: a letter of p v U D t c s d (rod_flags). */
static int rod_has_file(unsigned flags)
{
    return (flags & (HW_MD_RO_POS | HW_MD_RO_VEL | HW_MD_RO_FLUID | HW_MD_RO_FILE)) != 0;
}

/* The header and units rows of a rod's file, in the line files' fixed-width layout (MoorDyn 2.7.2
 * writes its rod files with the same widths and parenthesised units). */
static void rod_header(FILE *f, const hw_md_rod_out *ro, int units)
{
    char name[64];
    fprintf(f, "%*s", MD_W_TIME, units ? "(s)" : "Time");
    for (int g = 0; g < HW_MD_RO_COUNT; g++) {
        if (!(ro->flags & (1u << g))) continue;
        int upper = ROD_GROUP_NAME[g][0] == 'A';
        for (int i = 0; i <= ro->nseg; i++)
            for (int c = 0; c < 3; c++) {
                snprintf(name, sizeof name, "Node%d%s%c", i, ROD_GROUP_NAME[g], (upper ? 'X' : 'x') + c);
                fprintf(f, "%*s", MD_W_COL, units ? ROD_GROUP_UNIT[g] : name);
            }
    }
    fprintf(f, "\n");
}

/* Group g of node i (a rod read from its body: nd the nodes). */
static hw_status rod_group(const md_src *src, int k, const hw_cyl_node *nd, int i, int g, hw_v3 *x)
{
    const hw_cyl_node *o = &nd[i];
    switch (1u << g) {
    case HW_MD_RO_POS: *x = o->x; break;
    case HW_MD_RO_VEL: *x = o->v; break;
    case HW_MD_RO_NET: return rod_node_net(src, k, nd, i, x);
    case HW_MD_RO_WEIGHT: *x = o->weight; break;
    case HW_MD_RO_BUOY: *x = o->buoy; break;
    case HW_MD_RO_DRAG_Q: *x = o->drag_q; break;
    case HW_MD_RO_DRAG_N: *x = o->drag_n; break;
    case HW_MD_RO_FK_N: *x = o->fk_n; break;
    case HW_MD_RO_FK_Q: *x = o->fk_q; break;
    case HW_MD_RO_PDYN: *x = o->pdyn; break;
    case HW_MD_RO_FLUID: *x = o->U; break;
    default: *x = o->seabed; break;
    }
    return HW_OK;
}

/* A row: each group's values at nodes 0..N, from the rod's body in the world; without the world
 * (a caller with the lines alone) the positions and velocities from the points at the rod's ends
 * (the nodes lie evenly between them; velocities interpolated linearly, exact for a rigid rod), the
 * fluid velocity at each node, and no loads (HW_ERR_INVALID_ARG). */
static hw_status rod_row(hw_md_out *o, const line_file *lf, const hw_sim *sim, double t)
{
    const hw_md_rod_out *ro = &o->deck->rods[lf->line];
    FILE *f = lf->f;
    if (o->world) {
        md_src src = {sim, o->world, o->deck, &o->rc, &o->bc};
        const hw_cyl_node *nd;
        hw_status st = rod_nodes(&src, lf->line, &nd);
        if (st) return st;
        put_time(f, t);
        for (int g = 0; g < HW_MD_RO_COUNT; g++) {
            if (!(ro->flags & (1u << g))) continue;
            for (int i = 0; i <= ro->nseg; i++) {
                hw_v3 x;
                if ((st = rod_group(&src, lf->line, nd, i, g, &x))) return st;
                put_value(f, x.x);
                put_value(f, x.y);
                put_value(f, x.z);
            }
        }
        fprintf(f, "\n");
        return HW_OK;
    }
    if (ro->flags & ~(HW_MD_RO_POS | HW_MD_RO_VEL | HW_MD_RO_FLUID | HW_MD_RO_FILE)) return HW_ERR_INVALID_ARG;
    double ra[3], va[3], rb[3], vb[3], f3[3];
    hw_status st = hw_sim_point_state(sim, ro->pt_a, ra, va, f3);
    if (!st) st = hw_sim_point_state(sim, ro->pt_b, rb, vb, f3);
    if (st) return st;
    put_time(f, t);
    for (int g = 0; g < HW_MD_RO_COUNT; g++) {
        if (!(ro->flags & (1u << g))) continue;
        for (int i = 0; i <= ro->nseg; i++) {
            double s = ro->nseg > 0 ? (double)i / ro->nseg : 0.0, x[3];
            int vel = (1u << g) == HW_MD_RO_VEL;
            for (int c = 0; c < 3; c++) x[c] = vel ? va[c] + s * (vb[c] - va[c]) : ra[c] + s * (rb[c] - ra[c]);
            if ((1u << g) == HW_MD_RO_FLUID) {
                double eta;
                hw_v3 u = fluid_at(o->deck, hw_v3_make(x[0], x[1], x[2]), t, &eta);
                x[0] = u.x;
                x[1] = u.y;
                x[2] = u.z;
            }
            for (int c = 0; c < 3; c++) put_value(f, x[c]);
        }
    }
    fprintf(f, "\n");
    return HW_OK;
}

/* DIR/<deck>_Line<N>.out for each line with output flags: path is DIR/<deck>.out. */
static hw_status open_line_files(hw_md_out *o, const char *path, char *msg, size_t msg_len)
{
    const hw_md_deck *d = o->deck;
    int n = 0;
    for (int l = 0; l < d->n_lines; l++) n += d->lines[l].flags != 0;
    for (int l = 0; l < d->n_rods; l++) n += rod_has_file(d->rods[l].flags);
    if (!n) return HW_OK;
    if (!(o->files = calloc((size_t)n, sizeof *o->files))) {
        if (msg && msg_len) snprintf(msg, msg_len, "%s: out of memory (%d line files)", path, n);
        return HW_ERR_NOMEM;
    }
    size_t stem = strlen(path);
    if (stem >= 4 && !strcmp(path + stem - 4, ".out")) stem -= 4;
    for (int l = 0; l < d->n_lines; l++) {
        if (!d->lines[l].flags) continue;
        line_file *lf = &o->files[o->n_files];
        lf->line = l;
        snprintf(lf->path, sizeof lf->path, "%.*s_Line%d.out", (int)stem, path, l + 1);
        if (!(lf->f = fopen(lf->path, "w"))) {
            if (msg && msg_len) snprintf(msg, msg_len, "%s: cannot write: %s", lf->path, strerror(errno));
            return HW_ERR_IO;
        }
        o->n_files++;
        line_header(lf->f, &d->lines[l], 0);
        if (d->write_units) line_header(lf->f, &d->lines[l], 1);
        if (fflush(lf->f) != 0) {
            if (msg && msg_len) snprintf(msg, msg_len, "%s: write failed: %s", lf->path, strerror(errno));
            return HW_ERR_IO;
        }
    }
    for (int l = 0; l < d->n_rods; l++) {
        if (!rod_has_file(d->rods[l].flags)) continue;
        line_file *lf = &o->files[o->n_files];
        lf->line = l;
        lf->rod = 1;
        snprintf(lf->path, sizeof lf->path, "%.*s_Rod%d.out", (int)stem, path, l + 1);
        if (!(lf->f = fopen(lf->path, "w"))) {
            if (msg && msg_len) snprintf(msg, msg_len, "%s: cannot write: %s", lf->path, strerror(errno));
            return HW_ERR_IO;
        }
        o->n_files++;
        rod_header(lf->f, &d->rods[l], 0);
        if (d->write_units) rod_header(lf->f, &d->rods[l], 1);
        if (fflush(lf->f) != 0) {
            if (msg && msg_len) snprintf(msg, msg_len, "%s: write failed: %s", lf->path, strerror(errno));
            return HW_ERR_IO;
        }
    }
    return HW_OK;
}

hw_status hw_md_out_open(hw_md_out **out, const char *path, const hw_md_deck *deck, char *msg,
                         size_t msg_len)
{
    *out = NULL;
    if (!deck) return HW_OK;
    hw_md_out *o = calloc(1, sizeof *o);
    if (!o) {
        if (msg && msg_len) snprintf(msg, msg_len, "%s: out of memory (%zu bytes)", path, sizeof *o);
        return HW_ERR_NOMEM;
    }
    o->deck = deck;
    o->rc.rod = -1;
    copy_reset(&o->copy);
    snprintf(o->path, sizeof o->path, "%s", path);
    if (!(o->f = fopen(path, "w"))) {
        hw_status st = io_fail(o, msg, msg_len, "cannot write");
        free(o);
        return st;
    }
    fprintf(o->f, "%*s", MD_W_TIME, "Time");
    for (int k = 0; k < deck->n_channels; k++) fprintf(o->f, "%*s", MD_W_COL, deck->channels[k].name);
    fprintf(o->f, "\n");
    if (deck->write_units) {
        fprintf(o->f, "%*s", MD_W_TIME, "(s)");
        for (int k = 0; k < deck->n_channels; k++) fprintf(o->f, "%*s", MD_W_COL, deck->channels[k].unit);
        fprintf(o->f, "\n");
    }
    *out = o;
    if (fflush(o->f) != 0) return io_fail(o, msg, msg_len, "write failed");
    return open_line_files(o, path, msg, msg_len);
}

/* MoorDyn 2.7.2 writes a row when a step reaches a multiple of dtOut (its Init's call at t = 0 is
 * skipped by that test), and at every step when dtOut is 0 (t = 0 included). Hawser's output
 * times are exactly k x dtOut and t_end (world/timeline.h): the rows kept are the multiples. */
static int row_due(double every, double t, double dt)
{
    if (!(every > 0)) return 1;
    double k = floor(t / every + 0.5);
    return k >= 1 && fabs(t - k * every) <= hw_time_tolerance(dt, t);
}

void hw_md_out_set_world(hw_md_out *o, const hw_world *w)
{
    if (o) o->world = w;
}

hw_status hw_md_out_write(hw_md_out *o, const hw_sim *sim, char *msg, size_t msg_len)
{
    if (!o) return HW_OK;
    if (!sim) sim = hw_world_lumped(o->world);
    double t = sim ? hw_sim_time(sim) : hw_world_time(o->world);
    if (!row_due(o->deck->dt_out, t, sim ? hw_sim_dt(sim) : hw_world_dt(o->world))) return HW_OK;
    put_time(o->f, t);
    copy_reset(&o->copy); /* a new state */
    o->rc.rod = -1;
    if (o->bc.have) memset(o->bc.have, 0, (size_t)o->bc.n);
    md_src src = {sim, o->world, o->deck, &o->rc, &o->bc};
    for (int k = 0; k < o->deck->n_channels; k++) {
        double v = 0;
        hw_status st = channel_value(&src, &o->deck->channels[k], &o->copy, &v);
        if (st) {
            if (msg && msg_len)
                snprintf(msg, msg_len, "%s: channel %s at t = %g s: %s", o->path,
                         o->deck->channels[k].name, t, hw_status_str(st));
            return st;
        }
        put_value(o->f, v);
    }
    fprintf(o->f, "\n");
    if (fflush(o->f) != 0 || ferror(o->f)) return io_fail(o, msg, msg_len, "write failed");
    for (int k = 0; k < o->n_files; k++) {
        line_file *lf = &o->files[k];
        hw_status st = lf->rod ? rod_row(o, lf, sim, t) : line_row(o, lf, sim, t);
        if (st) {
            if (msg && msg_len) snprintf(msg, msg_len, "%s: at t = %g s: %s", lf->path, t, hw_status_str(st));
            return st;
        }
        if (fflush(lf->f) != 0 || ferror(lf->f)) {
            if (msg && msg_len) snprintf(msg, msg_len, "%s: write failed: %s", lf->path, strerror(errno));
            return HW_ERR_IO;
        }
    }
    return HW_OK;
}

void hw_md_out_close(hw_md_out *o)
{
    if (!o) return;
    if (o->f) fclose(o->f);
    for (int k = 0; k < o->n_files; k++)
        if (o->files[k].f) fclose(o->files[k].f);
    free(o->files);
    free(o->buf);
    free(o->fl);
    free(o->rc.nodes);
    body_copy_free(&o->bc);
    copy_free(&o->copy);
    free(o);
}

FILE **hw_md_out_stream(hw_md_out *o) { return o ? &o->f : NULL; }
