/* The 1-D network at run time: generalized coordinates, element forces from the shared physics
 * headers, explicit RK4 sub-stepped against a bound of the stiffest mode (docs/network.md).
 *
 * Coordinates: every free translational node and free rotational node is a degree of freedom
 * (DOF); a node driven by a velocity source is a prescribed coordinate (x' = signal(t), integrated
 * with the DOFs); fixed nodes have none; the rope ends of a drum or pulley are slaved:
 *   xA = xA0 + (x_axle - x_axle0) + R (phi - phi0),  xB = xB0 + (x_axle - x_axle0) - delta R (phi - phi0)
 * so each node position is x0 + sum_k c_k (g_k - g0_k) over at most two coordinates. The equations
 * of motion are M(g) g'' = Q with M = sum_i m_i c_i c_i^T (+ inertias) and Q = sum_i c_i (f_i -
 * m_i a_presc_i): for a drum this is exactly J dw/dt = T_shaft - (FB R delta - FA R + mu_b w). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "network/network_internal.h"
#include "physics/drum.h"
#include "physics/rope1d.h"
#include "physics/stribeck.h"

typedef struct term { int k; double c; } term;

typedef struct nnode {
    int nt;
    term t[2];
    double x0;
    double m_static;
} nnode;

typedef struct rnode {
    int k;          /* coordinate or -1 */
    double phi0;
    double J_static;
} rnode;

typedef struct elem_rt {
    double force, power;
    int slack_episode;    /* rope: in a slack episode */
    int tension_episode;  /* drum: in a slack-end episode */
    double lrest;
} elem_rt;

struct hw_net {
    hw_net_def *def;      /* private copy of the definition */
    int nn, nr, ne;
    nnode *node;
    rnode *rn;
    int ndof, npres, ng;
    double *g0;
    const hw_signal_def **pres_sig; /* per prescribed coordinate */
    int *coord_owner;     /* coordinate -> node (>= 0) or -(rnode + 1), for messages */
    int ny;               /* state size: 2 ndof + npres + ne + 1 */
    double *y, *ytmp, *k1, *k2, *k3, *k4;
    /* work */
    double *g, *gd, *gddp, *x, *v, *ap, *f, *m, *phi, *w, *alpha, *tq, *J, *M, *Q;
    double src_power;
    double *fext, *tqext;  /* external loads (hw_net_set_node_force / _rnode_torque) */
    elem_rt *er;
    double t;
    long substeps;
    int failed;
    hw_log_fn log;
    void *log_user;
    char err[512];
};

/* ---- small dense algebra ------------------------------------------------------------------------ */

/* In-place Cholesky of the n x n SPD matrix a (lower triangle). Returns -1 - k when pivot k fails. */
static int cholesky(double *a, int n)
{
    for (int j = 0; j < n; j++) {
        double d = a[j * n + j];
        for (int p = 0; p < j; p++) d -= a[j * n + p] * a[j * n + p];
        if (!(d > 1e-300)) return -1 - j;
        d = sqrt(d);
        a[j * n + j] = d;
        for (int i = j + 1; i < n; i++) {
            double s = a[i * n + j];
            for (int p = 0; p < j; p++) s -= a[i * n + p] * a[j * n + p];
            a[i * n + j] = s / d;
        }
    }
    return 0;
}

static void chol_solve(const double *a, int n, double *b)
{
    for (int i = 0; i < n; i++) {
        double s = b[i];
        for (int p = 0; p < i; p++) s -= a[i * n + p] * b[p];
        b[i] = s / a[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int p = i + 1; p < n; p++) s -= a[p * n + i] * b[p];
        b[i] = s / a[i * n + i];
    }
}

/* ---- messages ----------------------------------------------------------------------------------- */

static void logf_(hw_net *net, int level, const char *fmt, ...)
{
    if (!net->log) return;
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    net->log(net->log_user, level, buf);
}

static const char *ename(const hw_net *net, int e) { return hw_net_elem_name(&net->def->elems[e]); }

/* ---- evaluation ------------------------------------------------------------------------------- */

/* Distance between the contact points: the contact nodes (default: the rope's own base and
 * follower) plus the offset. */
static double rope_length_geom(const hw_net *net, const hw_net_rope_def *r)
{
    int a = r->geom_a >= 0 ? r->geom_a : r->node_b, b = r->geom_b >= 0 ? r->geom_b : r->node_f;
    return fabs(net->x[a] - net->x[b]) + r->geom_offset;
}

static void rope_params(const hw_net_rope_def *r, hw_rope1d *p)
{
    p->mode = r->stiffness;
    p->K = r->K;
    p->D = r->D;
    p->EA = r->EA;
    p->n1 = r->table_n;
    p->t1_x = r->table_x;
    p->t1_k = r->table_k;
    p->t1_d = r->table_d;
    p->n2_l = r->table2_nl;
    p->n2_s = r->table2_ns;
    p->t2_l = r->table2_l;
    p->t2_s = r->table2_s;
    p->t2_k = r->table2_k;
    p->t2_d = r->table2_d;
    p->slack = r->slack;
    p->slack_model = r->slack_model;
    p->slack_w = r->slack_width;
}

static int varlen(const hw_net_rope_def *r)
{
    return r->stiffness == HW_ROPE_CONSTANT_VARLEN || r->stiffness == HW_ROPE_TABLE2;
}

static double lmin_width(const hw_net_rope_def *r) { return r->lmin_width > 0 ? r->lmin_width : 0.1 * r->lmin; }

/* Node kinematics from the coordinates at time t. */
static void kinematics(hw_net *net, double t, const double *y)
{
    int nd = net->ndof;
    for (int k = 0; k < nd; k++) {
        net->g[k] = y[k];
        net->gd[k] = y[nd + k];
        net->gddp[k] = 0.0;
    }
    for (int j = 0; j < net->npres; j++) {
        int k = nd + j;
        net->g[k] = y[2 * nd + j];
        net->gd[k] = hw_signal_eval(net->pres_sig[j], t);
        net->gddp[k] = hw_signal_rate(net->pres_sig[j], t);
    }
    for (int i = 0; i < net->nn; i++) {
        const nnode *n = &net->node[i];
        double x = n->x0, v = 0, a = 0;
        for (int q = 0; q < n->nt; q++) {
            int k = n->t[q].k;
            double c = n->t[q].c;
            x += c * (net->g[k] - net->g0[k]);
            v += c * net->gd[k];
            if (k >= nd) a += c * net->gddp[k];
        }
        net->x[i] = x;
        net->v[i] = v;
        net->ap[i] = a;
        net->f[i] = 0.0;
        net->m[i] = n->m_static;
    }
    for (int i = 0; i < net->nr; i++) {
        const rnode *r = &net->rn[i];
        int k = r->k;
        net->phi[i] = k >= 0 ? r->phi0 + net->g[k] - net->g0[k] : r->phi0;
        net->w[i] = k >= 0 ? net->gd[k] : 0.0;
        net->alpha[i] = k >= nd ? net->gddp[k] : 0.0;
        net->tq[i] = 0.0;
        net->J[i] = r->J_static;
    }
}

/* Forces of every element at the kinematics in net->x, v, phi, w; fills er[].force/power. */
static void element_forces(hw_net *net, double t)
{
    net->src_power = 0.0;
    for (int e = 0; e < net->ne; e++) {
        const net_elem_def *d = &net->def->elems[e];
        elem_rt *er = &net->er[e];
        er->power = 0.0;
        if (d->type == NET_ROPE) {
            const hw_net_rope_def *r = &d->rope;
            hw_rope1d p;
            rope_params(r, &p);
            int b = r->node_b, fo = r->node_f;
            double xs = net->x[b] - net->x[fo] - r->length, vs = net->v[b] - net->v[fo];
            double lrest = 0.0, fel;
            if (varlen(r)) lrest = hw_smoothmax(rope_length_geom(net, r) - xs, r->lmin, lmin_width(r));
            er->lrest = lrest;
            double F = hw_rope1d_tension(&p, xs, vs, lrest, &fel);
            net->f[b] -= F;
            net->f[fo] += F;
            er->force = F;
            er->power = (F - fel) * vs;
            if (r->model_mass) {
                double mass = varlen(r) ? r->mu * lrest : r->mass;
                net->m[b] += 0.5 * mass;
                net->m[fo] += 0.5 * mass;
                if (r->gravity) {
                    /* each end carries half the weight component, directed from B towards F
                       (-x: B leads F on the axis); theta = 0: F hangs straight below B */
                    double fg = 0.5 * mass * r->g * cos(r->theta);
                    net->f[b] -= fg;
                    net->f[fo] -= fg;
                }
            }
        } else if (d->type == NET_DRUM) {
            const hw_net_drum_def *dr = &d->drum;
            double w = net->w[dr->shaft];
            net->tq[dr->shaft] += hw_drum_bearing_torque(dr->mu_b, w);
            er->power = dr->mu_b * w * w;
        } else if (d->type == NET_RAIL) {
            const hw_net_rail_mass_def *rm = &d->rail;
            int i = rm->node;
            double v = net->v[i], ff = 0.0;
            net->f[i] += hw_rail_gravity(rm->mass, rm->g, rm->theta);
            if (rm->friction) {
                double fn = hw_rail_normal_force(hw_signal_eval(&rm->normal_force, t), rm->mass, rm->g, rm->theta);
                ff = hw_stribeck_force(v, fn, rm->k_brk, rm->k_c, rm->v_brk, rm->f_v);
            }
            net->f[i] += ff;
            er->force = ff;
            er->power = -ff * v;
        } else {
            const hw_net_basic_def *bd = &d->basic;
            int a = bd->node_a, b = bd->node_b;
            switch (bd->kind) {
            case HW_NET_SPRING: {
                double F = bd->value * (net->x[a] - net->x[b] - bd->length);
                net->f[a] -= F;
                net->f[b] += F;
                er->force = F;
                break;
            }
            case HW_NET_DAMPER: {
                double vs = net->v[a] - net->v[b], F = bd->value * vs;
                net->f[a] -= F;
                net->f[b] += F;
                er->force = F;
                er->power = F * vs;
                break;
            }
            case HW_NET_FORCE_SOURCE: {
                double F = hw_signal_eval(&bd->signal, t);
                net->f[a] += F;
                if (b >= 0) net->f[b] -= F;
                er->force = F;
                net->src_power += F * (net->v[a] - (b >= 0 ? net->v[b] : 0.0));
                break;
            }
            case HW_NET_TORQUE_SOURCE: {
                double T = hw_signal_eval(&bd->signal, t);
                net->tq[a] += T;
                if (b >= 0) net->tq[b] -= T;
                er->force = T;
                net->src_power += T * (net->w[a] - (b >= 0 ? net->w[b] : 0.0));
                break;
            }
            case HW_NET_VELOCITY_SOURCE:
            case HW_NET_ANGVEL_SOURCE:
                er->force = hw_signal_eval(&bd->signal, t);
                break;
            default:
                er->force = 0.0;
                break;
            }
        }
    }
    /* drum outputs: the net torque T the shaft must supply, from the pulls on its ends */
    for (int e = 0; e < net->ne; e++) {
        const net_elem_def *d = &net->def->elems[e];
        if (d->type != NET_DRUM) continue;
        const hw_net_drum_def *dr = &d->drum;
        double fa = net->f[dr->end_a], fb = dr->end_b >= 0 ? net->f[dr->end_b] : 0.0;
        net->er[e].force = hw_drum_torque(fa, fb, dr->radius, (double)dr->windup, dr->mu_b, net->w[dr->shaft]);
    }
    for (int i = 0; i < net->nn; i++) net->f[i] += net->fext[i];
    for (int i = 0; i < net->nr; i++) net->tq[i] += net->tqext[i];
}

/* Mass matrix into net->M (ndof x ndof) and generalized forces into net->Q. */
static void assemble(hw_net *net)
{
    int nd = net->ndof;
    memset(net->M, 0, (size_t)nd * (size_t)nd * sizeof *net->M);
    memset(net->Q, 0, (size_t)nd * sizeof *net->Q);
    for (int i = 0; i < net->nn; i++) {
        const nnode *n = &net->node[i];
        double fi = net->f[i] - net->m[i] * net->ap[i];
        for (int p = 0; p < n->nt; p++) {
            int k = n->t[p].k;
            if (k >= nd) continue;
            net->Q[k] += n->t[p].c * fi;
            for (int q = 0; q < n->nt; q++) {
                int l = n->t[q].k;
                if (l < nd) net->M[k * nd + l] += net->m[i] * n->t[p].c * n->t[q].c;
            }
        }
    }
    for (int i = 0; i < net->nr; i++) {
        int k = net->rn[i].k;
        if (k < 0 || k >= nd) continue;
        net->M[k * nd + k] += net->J[i];
        net->Q[k] += net->tq[i] - net->J[i] * net->alpha[i];
    }
}

/* y' = F(t, y). Returns 0, or -1 - k when the mass matrix is singular at coordinate k. */
static int rhs(hw_net *net, double t, const double *y, double *dy)
{
    int nd = net->ndof;
    kinematics(net, t, y);
    element_forces(net, t);
    assemble(net);
    int rc = cholesky(net->M, nd);
    if (rc) return rc;
    chol_solve(net->M, nd, net->Q);
    for (int k = 0; k < nd; k++) {
        dy[k] = y[nd + k];
        dy[nd + k] = net->Q[k];
    }
    for (int j = 0; j < net->npres; j++) dy[2 * nd + j] = net->gd[nd + j];
    for (int e = 0; e < net->ne; e++) dy[2 * nd + net->npres + e] = net->er[e].power;
    dy[net->ny - 1] = net->src_power;
    return 0;
}

/* ---- stable step bound ------------------------------------------------------------------------- */

/* Adds s * u u^T to the ndof x ndof matrix A where u = c(a) - c(b) over the DOFs (b may be -1). */
static void add_pair(const hw_net *net, double *A, int a, int b, double s)
{
    int nd = net->ndof;
    double u[4];
    int k[4], n = 0;
    for (int side = 0; side < 2; side++) {
        int i = side ? b : a;
        if (i < 0) continue;
        for (int p = 0; p < net->node[i].nt; p++) {
            if (net->node[i].t[p].k >= nd) continue;
            k[n] = net->node[i].t[p].k;
            u[n++] = side ? -net->node[i].t[p].c : net->node[i].t[p].c;
        }
    }
    for (int p = 0; p < n; p++)
        for (int q = 0; q < n; q++) A[k[p] * nd + k[q]] += s * u[p] * u[q];
}

/* || M^-1 A ||_inf with M factorized in net->M. Destroys A. */
static double minv_norm(const hw_net *net, double *A, double *col)
{
    int nd = net->ndof;
    double best = 0.0;
    /* rows of M^-1 A: solve column by column, then take row sums */
    double *rows = col + nd;
    memset(rows, 0, (size_t)nd * sizeof *rows);
    for (int j = 0; j < nd; j++) {
        for (int i = 0; i < nd; i++) col[i] = A[i * nd + j];
        chol_solve(net->M, nd, col);
        for (int i = 0; i < nd; i++) rows[i] += fabs(col[i]);
    }
    for (int i = 0; i < nd; i++) if (rows[i] > best) best = rows[i];
    return best;
}

/* Largest stable RK4 step over [t, t + dt]: h (omega + lambda) <= 1.5 with omega^2 <= ||M^-1 K||,
 * lambda <= ||M^-1 C|| from per-element bounds of stiffness and damping (RK4's stability region
 * reaches 2.83 on the imaginary axis and 2.78 on the real one; 1.5 leaves a margin for the cross
 * terms and for bounds taken at the step's start). This is a stability bound: modes faster than
 * 1/dt are damped by RK4 rather than resolved; dt sets the accuracy. Returns 0 or -1. */
static int stable_step(hw_net *net, double dt, double *h)
{
    int nd = net->ndof;
    *h = dt;
    if (nd == 0) return 0;
    double *kb = calloc((size_t)nd * nd * 2 + 2 * (size_t)nd, sizeof(double));
    if (!kb) return -2;
    double *cb = kb + (size_t)nd * nd, *col = cb + (size_t)nd * nd;
    if (rhs(net, net->t, net->y, net->k4)) { free(kb); return -1; }
    /* net->M now holds the factor at the current state */
    for (int e = 0; e < net->ne; e++) {
        const net_elem_def *d = &net->def->elems[e];
        if (d->type == NET_ROPE) {
            const hw_net_rope_def *r = &d->rope;
            double kmax = 0, dmax = 0;
            if (r->stiffness == HW_ROPE_CONSTANT) { kmax = r->K; dmax = r->D; }
            else if (r->stiffness == HW_ROPE_CONSTANT_VARLEN) { kmax = 1.5 * r->EA / net->er[e].lrest; dmax = r->D; }
            else if (r->stiffness == HW_ROPE_TABLE) {
                double xm = 0, sl = 0;
                for (int i = 0; i < r->table_n; i++) {
                    if (r->table_k[i] > kmax) kmax = r->table_k[i];
                    if (r->table_d[i] > dmax) dmax = r->table_d[i];
                    if (fabs(r->table_x[i]) > xm) xm = fabs(r->table_x[i]);
                    if (i) { double s = fabs(r->table_k[i] - r->table_k[i - 1]) / (r->table_x[i] - r->table_x[i - 1]); if (s > sl) sl = s; }
                }
                kmax += sl * xm; /* d(K(x) x)/dx = K + x K' */
            } else {
                int n = r->table2_nl * r->table2_ns;
                for (int i = 0; i < n; i++) {
                    if (r->table2_k[i] > kmax) kmax = r->table2_k[i];
                    if (r->table2_d[i] > dmax) dmax = r->table2_d[i];
                }
                kmax *= 2.0; /* K(xs/L) xs: K + strain dK/dstrain, bounded loosely */
            }
            if (r->slack && r->slack_model == HW_SLACK_SMOOTH) kmax *= 2.0; /* d(s(u) K x)/dx <= 1.89 K */
            add_pair(net, kb, r->node_b, r->node_f, kmax);
            add_pair(net, cb, r->node_b, r->node_f, dmax);
        } else if (d->type == NET_RAIL && d->rail.friction) {
            const hw_net_rail_mass_def *rm = &d->rail;
            double fe = hw_signal_eval(&rm->normal_force, net->t), fe2 = hw_signal_eval(&rm->normal_force, net->t + dt);
            double fn = hw_rail_normal_force(fe > fe2 ? fe : fe2, rm->mass, rm->g, rm->theta);
            add_pair(net, cb, rm->node, -1, hw_stribeck_slope_bound(fn, rm->k_brk, rm->k_c, rm->v_brk, rm->f_v));
        } else if (d->type == NET_DRUM) {
            int k = net->rn[d->drum.shaft].k;
            if (k >= 0 && k < nd) cb[k * nd + k] += d->drum.mu_b;
        } else if (d->type == NET_BASIC) {
            const hw_net_basic_def *b = &d->basic;
            if (b->kind == HW_NET_SPRING) add_pair(net, kb, b->node_a, b->node_b, b->value);
            if (b->kind == HW_NET_DAMPER) add_pair(net, cb, b->node_a, b->node_b, b->value);
        }
    }
    double om = sqrt(minv_norm(net, kb, col)), lam = minv_norm(net, cb, col);
    free(kb);
    if (om + lam > 0) {
        double hmax = 1.5 / (om + lam);
        if (hmax < *h) *h = hmax;
    }
    return 0;
}

/* ---- checks after each sub-step -------------------------------------------------------------- */

static double drum_end_tension(const hw_net *net, int node, int *n_ropes)
{
    double T = 0;
    *n_ropes = 0;
    for (int e = 0; e < net->ne; e++) {
        const net_elem_def *d = &net->def->elems[e];
        if (d->type != NET_ROPE) continue;
        if (d->rope.node_b == node || d->rope.node_f == node) {
            T += net->er[e].force;
            (*n_ropes)++;
        }
    }
    return T;
}

/* Fmax, slack episodes, finiteness. initial: record the starting slack state without warning (a
 * rope that starts slack has not gone slack). */
static hw_status after_substep_x(hw_net *net, int initial)
{
    for (int e = 0; e < net->ne; e++) {
        const net_elem_def *d = &net->def->elems[e];
        elem_rt *er = &net->er[e];
        if (d->type == NET_ROPE) {
            const hw_net_rope_def *r = &d->rope;
            if (r->fmax > 0 && er->force > r->fmax) {
                snprintf(net->err, sizeof net->err,
                         "rope '%s': tension %.6g N exceeds its maximum Fmax = %.6g N at t = %.6g s",
                         ename(net, e), er->force, r->fmax, net->t);
                net->failed = 1;
                return HW_ERR_NUMERICAL;
            }
            if (r->slack) {
                double xs = net->x[r->node_b] - net->x[r->node_f] - r->length;
                int slack = xs <= 0.0;
                if (slack && !er->slack_episode && r->slack_warning && !initial)
                    logf_(net, 1, "rope '%s' went slack at t = %.6g s", ename(net, e), net->t);
                er->slack_episode = slack;
            }
        } else if (d->type == NET_DRUM && d->drum.tension_warning) {
            int ends[2] = {d->drum.end_a, d->drum.end_b}, slack = 0, n;
            const char *which = "";
            for (int s = 0; s < 2; s++) {
                if (ends[s] < 0) continue;
                double T = drum_end_tension(net, ends[s], &n);
                if (n > 0 && T <= 0.0) { slack = 1; which = s ? "B" : "A"; }
            }
            if (slack && !er->tension_episode && !initial)
                logf_(net, 1, "drum '%s': rope end %s tension fell to zero or below (slack end) at t = %.6g s",
                      ename(net, e), which, net->t);
            er->tension_episode = slack;
        }
    }
    for (int k = 0; k < net->ny; k++)
        if (!isfinite(net->y[k])) {
            snprintf(net->err, sizeof net->err, "network state is not finite at t = %.6g s", net->t);
            net->failed = 1;
            return HW_ERR_NUMERICAL;
        }
    return HW_OK;
}

static hw_status after_substep(hw_net *net) { return after_substep_x(net, 0); }

/* ---- build ------------------------------------------------------------------------------------- */

static hw_net_def *copy_def(const hw_net_def *src)
{
    hw_net_def *d = hw_net_def_create();
    if (!d) return NULL;
    int bad = 0;
    for (int i = 0; i < src->n_nodes && !bad; i++) bad = hw_net_add_node(d, &src->nodes[i]) < 0;
    for (int i = 0; i < src->n_rnodes && !bad; i++) bad = hw_net_add_rnode(d, &src->rnodes[i]) < 0;
    for (int i = 0; i < src->n_elems && !bad; i++) {
        const net_elem_def *e = &src->elems[i];
        switch (e->type) {
        case NET_ROPE: bad = hw_net_add_rope(d, &e->rope) < 0; break;
        case NET_DRUM: bad = hw_net_add_drum(d, &e->drum) < 0; break;
        case NET_RAIL: bad = hw_net_add_rail_mass(d, &e->rail) < 0; break;
        default: bad = hw_net_add_basic(d, &e->basic) < 0; break;
        }
    }
    if (bad) { hw_net_def_destroy(d); return NULL; }
    return d;
}

void hw_net_destroy(hw_net *net)
{
    if (!net) return;
    hw_net_def_destroy(net->def);
    free(net->node);
    free(net->rn);
    free(net->g0);
    free(net->pres_sig);
    free(net->coord_owner);
    free(net->y);
    free(net->g);
    free(net->er);
    free(net->fext);
    free(net->tqext);
    free(net);
}

hw_status hw_net_set_node_force(hw_net *net, int i, double f)
{
    if (!net || i < 0 || i >= net->nn || !isfinite(f)) return HW_ERR_INVALID_ARG;
    net->fext[i] = f;
    return HW_OK;
}

hw_status hw_net_set_rnode_torque(hw_net *net, int i, double torque)
{
    if (!net || i < 0 || i >= net->nr || !isfinite(torque)) return HW_ERR_INVALID_ARG;
    net->tqext[i] = torque;
    return HW_OK;
}

const char *hw_net_rnode_name(const hw_net *net, int i)
{
    if (!net || i < 0 || i >= net->nr) return NULL;
    return net->def->rnodes[i].name;
}

enum { K_FREE = 0, K_FIXED, K_PRES, K_SLAVE };

/* Topology: coordinates of nodes. Fills net->node / rn terms; structural errors to err. */
static hw_status layout(hw_net *net, hw_net_input_error *err)
{
    const hw_net_def *def = net->def;
    int nn = net->nn, nr = net->nr;
    int *kind = calloc((size_t)(nn + nr) + 1, sizeof(int));
    int *by = calloc((size_t)(nn + nr) + 1, sizeof(int)); /* element that prescribes / slaves it */
    const hw_signal_def **sig = calloc((size_t)(nn + nr) + 1, sizeof *sig);
    hw_status st = HW_OK;
    if (!kind || !by || !sig) { free(kind); free(by); free(sig); return HW_ERR_NOMEM; }
    for (int i = 0; i < nn; i++) kind[i] = def->nodes[i].fixed ? K_FIXED : K_FREE;
    for (int i = 0; i < nr; i++) kind[nn + i] = def->rnodes[i].fixed ? K_FIXED : K_FREE;
    for (int e = 0; e < net->ne && st == HW_OK; e++) {
        const net_elem_def *d = &def->elems[e];
        if (d->type == NET_BASIC && (d->basic.kind == HW_NET_VELOCITY_SOURCE || d->basic.kind == HW_NET_ANGVEL_SOURCE)) {
            int rot = d->basic.kind == HW_NET_ANGVEL_SOURCE, s = (rot ? nn : 0) + d->basic.node_a;
            if (kind[s] != K_FREE) {
                st = hw_net_input_fail(def, err, HW_NET_ITEM_ELEMENT, e, "node", -1,
                                       "expected a free node, got one that is %s",
                                       kind[s] == K_FIXED ? "fixed" : "already driven by another source");
                break;
            }
            kind[s] = K_PRES;
            by[s] = e;
            sig[s] = &d->basic.signal;
        }
    }
    for (int e = 0; e < net->ne && st == HW_OK; e++) {
        const net_elem_def *d = &def->elems[e];
        if (d->type != NET_DRUM) continue;
        int ends[2] = {d->drum.end_a, d->drum.end_b};
        for (int s = 0; s < 2 && st == HW_OK; s++) {
            int i = ends[s];
            if (i < 0) continue;
            if (kind[i] != K_FREE)
                st = hw_net_input_fail(def, err, HW_NET_ITEM_ELEMENT, e, s ? "end_b" : "end_a", -1,
                                       "expected a free node (a drum end follows the drum), got node '%s' that is %s",
                                       def->nodes[i].name ? def->nodes[i].name : "",
                                       kind[i] == K_FIXED ? "fixed" : kind[i] == K_PRES ? "driven by a velocity source"
                                                                                         : "already the end of another drum");
            kind[i] = K_SLAVE;
            by[i] = e;
        }
        if (st == HW_OK && d->drum.axle >= 0 && kind[d->drum.axle] == K_SLAVE)
            st = hw_net_input_fail(def, err, HW_NET_ITEM_ELEMENT, e, "axle", -1,
                                   "expected an axle node that is not itself a drum's rope end");
    }
    if (st == HW_OK) {
        /* coordinates: DOFs first, then prescribed */
        int nd = 0, np = 0;
        for (int s = 0; s < nn + nr; s++) nd += kind[s] == K_FREE;
        for (int s = 0; s < nn + nr; s++) np += kind[s] == K_PRES;
        net->ndof = nd;
        net->npres = np;
        net->ng = nd + np;
        net->g0 = calloc((size_t)net->ng + 1, sizeof(double));
        net->pres_sig = calloc((size_t)np + 1, sizeof *net->pres_sig);
        net->coord_owner = calloc((size_t)net->ng + 1, sizeof(int));
        if (!net->g0 || !net->pres_sig || !net->coord_owner) st = HW_ERR_NOMEM;
        int kd = 0, kp = nd;
        for (int s = 0; s < nn + nr && st == HW_OK; s++) {
            int k = -1;
            if (kind[s] == K_FREE) k = kd++;
            else if (kind[s] == K_PRES) { k = kp++; net->pres_sig[k - nd] = sig[s]; }
            if (k >= 0) net->coord_owner[k] = s < nn ? s : -(s - nn + 1);
            if (s < nn) {
                nnode *n = &net->node[s];
                n->x0 = def->nodes[s].x;
                n->m_static = def->nodes[s].mass;
                if (k >= 0) { n->nt = 1; n->t[0].k = k; n->t[0].c = 1.0; net->g0[k] = n->x0; }
            } else {
                rnode *r = &net->rn[s - nn];
                r->phi0 = def->rnodes[s - nn].phi;
                r->J_static = def->rnodes[s - nn].inertia;
                r->k = k;
                if (k >= 0) net->g0[k] = r->phi0;
            }
        }
        /* slaved ends */
        for (int e = 0; e < net->ne && st == HW_OK; e++) {
            const net_elem_def *d = &def->elems[e];
            if (d->type != NET_DRUM) continue;
            const hw_net_drum_def *dr = &d->drum;
            int ends[2] = {dr->end_a, dr->end_b};
            for (int s = 0; s < 2; s++) {
                if (ends[s] < 0) continue;
                nnode *n = &net->node[ends[s]];
                n->nt = 0;
                if (dr->axle >= 0 && net->node[dr->axle].nt == 1) n->t[n->nt++] = net->node[dr->axle].t[0];
                int ks = net->rn[dr->shaft].k;
                if (ks >= 0) {
                    n->t[n->nt].k = ks;
                    n->t[n->nt].c = s ? hw_drum_coef_b(dr->radius, (double)dr->windup) : hw_drum_coef_a(dr->radius);
                    n->nt++;
                }
            }
            if (dr->inertia_on) net->rn[dr->shaft].J_static += dr->inertia;
        }
        /* static masses */
        for (int e = 0; e < net->ne; e++) {
            const net_elem_def *d = &def->elems[e];
            if (d->type == NET_RAIL) net->node[d->rail.node].m_static += d->rail.mass;
            if (d->type == NET_BASIC && d->basic.kind == HW_NET_MASS) net->node[d->basic.node_a].m_static += d->basic.value;
        }
    }
    free(kind);
    free(by);
    free(sig);
    return st;
}

static hw_status create(const hw_net_def *def, hw_log_fn log, void *log_user, hw_net **out,
                        hw_net_input_error *iep)
{
    hw_net_input_error ie;
    *out = NULL;
    hw_status st = hw_net_check(def, iep);
    if (st != HW_OK) return st;
    hw_net *net = calloc(1, sizeof *net);
    if (!net || !(net->def = copy_def(def))) {
        free(net);
        return HW_ERR_NOMEM;
    }
    net->log = log;
    net->log_user = log_user;
    net->nn = def->n_nodes;
    net->nr = def->n_rnodes;
    net->ne = def->n_elems;
    net->node = calloc((size_t)net->nn + 1, sizeof *net->node);
    net->rn = calloc((size_t)net->nr + 1, sizeof *net->rn);
    net->er = calloc((size_t)net->ne + 1, sizeof *net->er);
    net->fext = calloc((size_t)net->nn + 1, sizeof(double));
    net->tqext = calloc((size_t)net->nr + 1, sizeof(double));
    st = (net->node && net->rn && net->er && net->fext && net->tqext) ? layout(net, &ie) : HW_ERR_NOMEM;
    if (st == HW_OK) {
        int nd = net->ndof;
        net->ny = 2 * nd + net->npres + net->ne + 1;
        size_t ny = (size_t)net->ny;
        net->y = calloc(6 * ny, sizeof(double));
        size_t nw = 6 * (size_t)net->ng + 8 * (size_t)net->nn + 6 * (size_t)net->nr + (size_t)nd * nd + nd + 8;
        net->g = calloc(nw, sizeof(double));
        if (!net->y || !net->g) st = HW_ERR_NOMEM;
        else {
            net->ytmp = net->y + ny; net->k1 = net->ytmp + ny; net->k2 = net->k1 + ny;
            net->k3 = net->k2 + ny; net->k4 = net->k3 + ny;
            double *p = net->g;
            net->gd = p += net->ng; net->gddp = p += net->ng;
            net->x = p += net->ng; net->v = p += net->nn; net->ap = p += net->nn; net->f = p += net->nn;
            net->m = p += net->nn; net->phi = p += net->nn; net->w = p += net->nr;
            net->alpha = p += net->nr; net->tq = p += net->nr; net->J = p += net->nr;
            net->M = p += net->nr; net->Q = p += (size_t)nd * nd;
            /* initial state */
            for (int k = 0; k < net->ng; k++) {
                if (k < nd) net->y[k] = net->g0[k];
                else net->y[2 * nd + (k - nd)] = net->g0[k];
            }
            for (int i = 0; i < net->nn; i++)
                if (net->node[i].nt == 1 && net->node[i].t[0].k < nd && net->node[i].t[0].c == 1.0 &&
                    net->node[i].t[0].k >= 0 && net->coord_owner[net->node[i].t[0].k] == i)
                    net->y[nd + net->node[i].t[0].k] = def->nodes[i].v;
            for (int i = 0; i < net->nr; i++)
                if (net->rn[i].k >= 0 && net->rn[i].k < nd) net->y[nd + net->rn[i].k] = def->rnodes[i].w;
            for (int e = 0; e < net->ne; e++) {
                const net_elem_def *d = &def->elems[e];
                if (d->type == NET_DRUM && d->drum.set_speed && net->rn[d->drum.shaft].k >= 0 &&
                    net->rn[d->drum.shaft].k < nd)
                    net->y[nd + net->rn[d->drum.shaft].k] = d->drum.w0;
            }
            int rc = rhs(net, 0.0, net->y, net->k1);
            if (rc) {
                int k = -1 - rc, o = net->coord_owner[k];
                if (o >= 0)
                    st = hw_net_input_fail(def, &ie, HW_NET_ITEM_NODE, o, "mass", -1,
                                           "expected a free node to carry mass (its own, a mass, a rail mass, rope "
                                           "mass, or a drum with inertia it is slaved to), got none");
                else
                    st = hw_net_input_fail(def, &ie, HW_NET_ITEM_RNODE, -o - 1, "inertia", -1,
                                           "expected a free rotational node to carry inertia (its own, a drum's, or "
                                           "the masses on the rope ends), got none");
            }
        }
    }
    if (st != HW_OK) {
        if (iep) *iep = ie;
        hw_net_destroy(net);
        return st;
    }
    hw_status s0 = after_substep_x(net, 1);
    (void)s0;
    *out = net;
    return HW_OK;
}

hw_status hw_net_create(const hw_net_def *def, hw_log_fn log, void *log_user, hw_net **out, char *msg,
                        size_t msg_len)
{
    hw_net_input_error ie;
    if (msg && msg_len) msg[0] = '\0';
    if (!out) return HW_ERR_INVALID_ARG;
    *out = NULL;
    if (!def) {
        if (msg && msg_len) snprintf(msg, msg_len, "hw_net_create: no definition");
        return HW_ERR_INVALID_ARG;
    }
    memset(&ie, 0, sizeof ie);
    hw_status st = create(def, log, log_user, out, &ie);
    if (st == HW_ERR_NOMEM && msg && msg_len)
        snprintf(msg, msg_len, "network: out of memory building %d nodes, %d rotational nodes and %d elements",
                 def->n_nodes, def->n_rnodes, def->n_elems);
    else if (st != HW_OK && msg && msg_len)
        snprintf(msg, msg_len, "%s", st == HW_ERR_INPUT ? ie.message : "out of memory");
    return st;
}

hw_status hw_net_build_check(const hw_net_def *def, hw_net_input_error *err)
{
    hw_net *net = NULL;
    if (!def) return HW_ERR_INVALID_ARG;
    hw_status st = create(def, NULL, NULL, &net, err);
    hw_net_destroy(net);
    return st;
}

/* ---- stepping ------------------------------------------------------------------------------------ */

static int rk4(hw_net *net, double h)
{
    int n = net->ny;
    double t = net->t, *y = net->y, *yt = net->ytmp;
    /* k1 holds F(t, y) from the previous evaluation at this state */
    for (int i = 0; i < n; i++) yt[i] = y[i] + 0.5 * h * net->k1[i];
    if (rhs(net, t + 0.5 * h, yt, net->k2)) return -1;
    for (int i = 0; i < n; i++) yt[i] = y[i] + 0.5 * h * net->k2[i];
    if (rhs(net, t + 0.5 * h, yt, net->k3)) return -1;
    for (int i = 0; i < n; i++) yt[i] = y[i] + h * net->k3[i];
    if (rhs(net, t + h, yt, net->k4)) return -1;
    for (int i = 0; i < n; i++) y[i] += h / 6.0 * (net->k1[i] + 2.0 * net->k2[i] + 2.0 * net->k3[i] + net->k4[i]);
    net->t = t + h;
    /* the state's own evaluation: outputs and the next k1 */
    if (rhs(net, net->t, y, net->k1)) return -1;
    return 0;
}

hw_status hw_net_step(hw_net *net, double dt)
{
    if (!net) return HW_ERR_INVALID_ARG;
    if (net->failed) return HW_ERR_STATE;
    if (!(dt > 0) || !isfinite(dt)) {
        snprintf(net->err, sizeof net->err, "hw_net_step: expected dt > 0 s, got %g", dt);
        return HW_ERR_INVALID_ARG;
    }
    double h;
    int rc = stable_step(net, dt, &h);
    if (rc == -2) {
        snprintf(net->err, sizeof net->err, "network: out of memory for the step-size estimate at t = %.6g s "
                 "(%d degrees of freedom)", net->t, net->ndof);
        return HW_ERR_NOMEM;
    }
    if (rc || rhs(net, net->t, net->y, net->k1)) {
        snprintf(net->err, sizeof net->err, "network mass matrix became singular at t = %.6g s", net->t);
        net->failed = 1;
        return HW_ERR_NUMERICAL;
    }
    double ns = ceil(dt / h * (1.0 - 1e-12));
    if (ns > 1e6) {
        snprintf(net->err, sizeof net->err,
                 "network too stiff at t = %.6g s: step %g s needs %.3g sub-steps of %.3g s", net->t, dt, ns, h);
        net->failed = 1;
        return HW_ERR_NUMERICAL;
    }
    int nsub = ns < 1 ? 1 : (int)ns;
    double t0 = net->t, hs = dt / nsub;
    for (int s = 0; s < nsub; s++) {
        if (rk4(net, hs)) {
            snprintf(net->err, sizeof net->err, "network mass matrix became singular at t = %.6g s", net->t);
            net->failed = 1;
            return HW_ERR_NUMERICAL;
        }
        net->substeps++;
        if (s == nsub - 1) net->t = t0 + dt; /* no drift of the clock */
        hw_status st = after_substep(net);
        if (st != HW_OK) return st;
    }
    return HW_OK;
}

/* ---- getters ------------------------------------------------------------------------------------- */

const char *hw_net_last_error(const hw_net *net) { return net ? net->err : "no network"; }
double hw_net_time(const hw_net *net) { return net ? net->t : 0.0; }
long hw_net_substeps(const hw_net *net) { return net ? net->substeps : 0; }
int hw_net_n_nodes(const hw_net *net) { return net ? net->nn : 0; }
int hw_net_n_rnodes(const hw_net *net) { return net ? net->nr : 0; }
int hw_net_n_elements(const hw_net *net) { return net ? net->ne : 0; }

const char *hw_net_node_name(const hw_net *net, int i)
{
    if (!net || i < 0 || i >= net->nn) return NULL;
    return net->def->nodes[i].name ? net->def->nodes[i].name : "";
}

const char *hw_net_element_name(const hw_net *net, int e)
{
    if (!net || e < 0 || e >= net->ne) return NULL;
    return ename(net, e);
}

hw_status hw_net_node_state(const hw_net *net, int i, double *x, double *v)
{
    if (!net || i < 0 || i >= net->nn) return HW_ERR_INVALID_ARG;
    if (x) *x = net->x[i];
    if (v) *v = net->v[i];
    return HW_OK;
}

hw_status hw_net_rnode_state(const hw_net *net, int i, double *phi, double *w)
{
    if (!net || i < 0 || i >= net->nr) return HW_ERR_INVALID_ARG;
    if (phi) *phi = net->phi[i];
    if (w) *w = net->w[i];
    return HW_OK;
}

hw_status hw_net_element_force(const hw_net *net, int e, double *f)
{
    if (!net || e < 0 || e >= net->ne || !f) return HW_ERR_INVALID_ARG;
    *f = net->er[e].force;
    return HW_OK;
}

hw_status hw_net_element_dissipation(const hw_net *net, int e, double *energy, double *power)
{
    if (!net || e < 0 || e >= net->ne) return HW_ERR_INVALID_ARG;
    if (energy) *energy = net->y[2 * net->ndof + net->npres + e];
    if (power) *power = net->er[e].power;
    return HW_OK;
}

hw_status hw_net_rail_x_log(const hw_net *net, int e, double *x_log)
{
    if (!net || e < 0 || e >= net->ne || !x_log || net->def->elems[e].type != NET_RAIL) return HW_ERR_INVALID_ARG;
    const hw_net_rail_mass_def *r = &net->def->elems[e].rail;
    *x_log = net->x[r->node] + r->fraction_log * r->length;
    return HW_OK;
}

/* Simpson's rule for the elastic force of a rope over [lo, hi] (n panels, n even). */
static double simpson_fel(const hw_rope1d *p, double lo, double hi, double lrest, int n)
{
    double h = (hi - lo) / n, s = 0.0;
    for (int k = 0; k <= n; k++) {
        double fe;
        hw_rope1d_tension(p, lo + k * h, 0.0, lrest, &fe);
        s += (k == 0 || k == n ? 1.0 : (k % 2 ? 4.0 : 2.0)) * fe;
    }
    return s * h / 3.0;
}

/* Elastic energy of a rope at stretch xs: closed form for K independent of xs; for tables,
 * Simpson's rule between the corners of the force (table rows, the smooth slack width), which is
 * exact for the piecewise quadratic K(xs) xs of a table and near exact for the quintic of the smooth
 * slack transition. */
static double rope_energy(const hw_net_rope_def *r, double xs, double lrest)
{
    hw_rope1d p;
    rope_params(r, &p);
    if (r->stiffness == HW_ROPE_CONSTANT || r->stiffness == HW_ROPE_CONSTANT_VARLEN) {
        double K, D;
        hw_rope1d_kd(&p, xs, lrest, &K, &D);
        return hw_rope1d_energy_constk(r->slack, r->slack_model, K, xs, r->slack_width);
    }
    /* corners between 0 and xs, in order of |x| along the way */
    double lo = 0.0, e = 0.0, sgn = xs >= 0 ? 1.0 : -1.0;
    int nx = r->stiffness == HW_ROPE_TABLE ? r->table_n : r->table2_ns;
    for (int pass = 0; pass < nx + 2; pass++) {
        /* the next corner beyond lo towards xs */
        double next = xs;
        for (int k = 0; k < nx; k++) {
            double c = r->stiffness == HW_ROPE_TABLE ? r->table_x[k] : r->table2_s[k] * lrest;
            if (sgn * c > sgn * lo && sgn * c < sgn * next) next = c;
        }
        if (r->slack && r->slack_model == HW_SLACK_SMOOTH && sgn > 0 && r->slack_width > lo &&
            r->slack_width < next)
            next = r->slack_width;
        e += simpson_fel(&p, lo, next, lrest, 32);
        lo = next;
        if (lo == xs) break;
    }
    return e;
}

hw_status hw_net_energy_get(const hw_net *net, hw_net_energy *out)
{
    if (!net || !out) return HW_ERR_INVALID_ARG;
    hw_net_energy e;
    memset(&e, 0, sizeof e);
    for (int i = 0; i < net->nn; i++) e.kinetic += 0.5 * net->m[i] * net->v[i] * net->v[i];
    for (int i = 0; i < net->nr; i++) e.kinetic += 0.5 * net->J[i] * net->w[i] * net->w[i];
    for (int k = 0; k < net->ne; k++) {
        const net_elem_def *d = &net->def->elems[k];
        e.dissipated += net->y[2 * net->ndof + net->npres + k];
        if (d->type == NET_ROPE) {
            const hw_net_rope_def *r = &d->rope;
            double xs = net->x[r->node_b] - net->x[r->node_f] - r->length;
            e.potential += rope_energy(r, xs, net->er[k].lrest);
            if (r->model_mass && r->gravity) {
                double mass = varlen(r) ? r->mu * net->er[k].lrest : r->mass;
                e.potential += 0.5 * mass * r->g * cos(r->theta) * (net->x[r->node_b] + net->x[r->node_f]);
            }
        } else if (d->type == NET_RAIL) {
            e.potential += d->rail.mass * d->rail.g * sin(d->rail.theta) * net->x[d->rail.node];
        } else if (d->type == NET_BASIC && d->basic.kind == HW_NET_SPRING) {
            double s = net->x[d->basic.node_a] - net->x[d->basic.node_b] - d->basic.length;
            e.potential += 0.5 * d->basic.value * s * s;
        }
    }
    e.source_work = net->y[net->ny - 1];
    *out = e;
    return HW_OK;
}

/* ---- checkpoints (io/network_checkpoint.c) ------------------------------------------------------- */

/* Every piece of the network's run-time state: the state and its RK stages, the work arrays the
 * outputs read, the per-element episodes and rest lengths, the external loads, the clock; each
 * record to rec (the checkpoint's, io/network_checkpoint.c), in this order. */
void hw_net_state_records(hw_net *net, hw_net_record_fn rec, void *ctx)
{
    size_t ny = (size_t)net->ny, nd = (size_t)net->ndof;
    size_t nw = 6 * (size_t)net->ng + 8 * (size_t)net->nn + 6 * (size_t)net->nr + nd * nd + nd + 8;
    rec(ctx, "net.t", &net->t, sizeof net->t);
    rec(ctx, "net.substeps", &net->substeps, sizeof net->substeps);
    rec(ctx, "net.failed", &net->failed, sizeof net->failed);
    rec(ctx, "net.src_power", &net->src_power, sizeof net->src_power);
    rec(ctx, "net.y", net->y, 6 * ny * sizeof(double));
    rec(ctx, "net.work", net->g, nw * sizeof(double));
    rec(ctx, "net.elements", net->er, (size_t)net->ne * sizeof *net->er);
    rec(ctx, "net.fext", net->fext, (size_t)net->nn * sizeof(double));
    rec(ctx, "net.tqext", net->tqext, (size_t)net->nr * sizeof(double));
}
