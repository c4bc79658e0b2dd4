/* Static equilibrium of the lumped-mass system before the dynamic run.
 *
 * Method. Unknowns: interior node positions (ends follow their points) and free-point positions.
 Newton on the net forces F(x) = 0 (tension, bending, weight, buoyancy, seabed, drag of the
 * current on bodies at rest). The Jacobian over node coordinates is banded (a node couples to 1
 * neighbour each side, 2 with bending) and is built by forward differences with a colouring:
 * nodes 2b+1 apart are perturbed together, so it costs 3 (2b+1) force evaluations whatever the
 * line length. Free points border the band: each is perturbed on its own (3 evaluations), which
 * gives its column; its row (how the point's force depends on the nodes next to its line ends)
 * comes from perturbing, in each pass, one such node per free point. The step solves (lambda D - J) dx = F by block elimination
 * (banded LU with partial pivoting for the lines, a small dense Schur complement for the points).
 * D is the mass and lambda (1/s^2) a Levenberg-Marquardt shift, raised when a step fails to
 * reduce |F| and lowered when it succeeds: it carries the iteration through slack segments,
 * seabed touchdown and a slack line under a free weight, where Newton alone stalls.
 * Converged when the largest residual force on any free node or point is below tol times the
 * largest segment tension (or the largest node weight when every line is slack). Where Newton
 * stalls, a dynamic relaxation with fictitious masses (relax) brings the state near an equilibrium
 * and Newton starts again from there; if that fails too, the solve stops with
 * HW_ERR_NOT_CONVERGED and says how far it got. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/critical_step.h"
#include "model/log.h"
#include "model/statics.h"

typedef struct statics {
    const hw_model *m;
    const hw_backend_ops *ops;
    hw_backend *b;
    int bw, K, W, nf, nu;       /* half bandwidth in nodes and scalars, band row width, free points */
    double *y, *ytry, *ybest, *f, *f0, *fm, *seg_T;
    double *band, *lu;          /* -J over node coordinates, and its factors */
    int *piv;
    double *C, *E;              /* point columns: 3 nn x nu and nu x nu (row-major) */
    double *X, *S, *rhs, *rp;
    int *free_pts;
    int maxatt, nent;           /* point rows: entries (point, attachment, distance) -> node */
    int *ent_node;              /* node index or -1, nf * maxatt * bw */
    double *ent_val;            /* 9 per entry: -dF_point[r] / dx_node[c] at [3 r + c] */
    hw_lm_work hw;
    double tscale;              /* force scale for the convergence test */
    int evals;
} statics;

/* Net forces at state y (velocities zero): fills s->f (3 per state slot) and seg_T. */
static void eval_forces(statics *s, const double *y)
{
    s->ops->upload(s->b, HW_BUF_Y, y);
    s->ops->constrain(s->b, 0.0, HW_BUF_Y);
    s->ops->eval(s->b, 0.0, HW_BUF_Y, HW_BUF_K1);
    s->ops->take_bad(s->b);
    s->hw.node_f = s->f;
    s->hw.seg_T = s->seg_T;
    s->ops->download_work(s->b, &s->hw);
    s->evals++;
}

static int interior(const hw_lm_sys *S, int i)
{
    int loc = S->node_loc[i];
    return loc > 0 && loc < S->ln_nseg[S->node_line[i]];
}

static double norm3(const double *v) { return hypot(hypot(v[0], v[1]), v[2]); }

/* Largest residual over interior nodes and free points. */
static double max_residual(const statics *s)
{
    const hw_lm_sys *S = &s->m->S;
    double r = 0.0;
    for (int i = 0; i < S->n_nodes; i++)
        if (interior(S, i)) { double a = norm3(s->f + 3 * i); if (!(a <= r)) r = a; }
    for (int k = 0; k < s->nf; k++) {
        double a = norm3(s->f + 3 * (S->n_nodes + s->free_pts[k]));
        if (!(a <= r)) r = a;
    }
    return r;
}

static double sumsq(const statics *s)
{
    const hw_lm_sys *S = &s->m->S;
    double r = 0.0;
    for (int i = 0; i < S->n_nodes; i++)
        if (interior(S, i)) for (int c = 0; c < 3; c++) r += s->f[3 * i + c] * s->f[3 * i + c];
    for (int k = 0; k < s->nf; k++)
        for (int c = 0; c < 3; c++) {
            double v = s->f[3 * (S->n_nodes + s->free_pts[k]) + c];
            r += v * v;
        }
    return isfinite(r) ? r : INFINITY;
}

static void update_scale(statics *s)
{
    const hw_lm_sys *S = &s->m->S;
    double t = 0.0;
    for (int k = 0; k < S->n_segs; k++) if (s->seg_T[k] > t) t = s->seg_T[k];
    for (int i = 0; i < S->n_nodes; i++) { double w = S->node_m[i] * S->g; if (w > t) t = w; }
    for (int k = 0; k < s->nf; k++) {
        double w = S->pt_mass[s->free_pts[k]] * S->g;
        if (w > t) t = w;
    }
    s->tscale = t > 0 ? t : 1.0;
}

/* Banded LU with partial pivoting of an n x n matrix with k sub- and super-diagonals; row i
 * stores columns i-k .. i+2k (width 3k+1, room for the fill-in of pivoting). The multipliers
 * stay in place of the eliminated entries, the pivot rows in piv. */
#define BAND(A, W, K, i, j) (A)[(size_t)(i) * (W) + ((j) - (i) + (K))]
static int band_factor(double *A, int *piv, int n, int k)
{
    int W = 3 * k + 1;
    for (int c = 0; c < n; c++) {
        int last = c + k < n - 1 ? c + k : n - 1, jend = c + 2 * k < n - 1 ? c + 2 * k : n - 1;
        int p = c;
        for (int i = c + 1; i <= last; i++)
            if (fabs(BAND(A, W, k, i, c)) > fabs(BAND(A, W, k, p, c))) p = i;
        piv[c] = p;
        if (BAND(A, W, k, p, c) == 0.0) return -1;
        if (p != c)
            for (int j = c; j <= jend; j++) {
                double t = BAND(A, W, k, c, j);
                BAND(A, W, k, c, j) = BAND(A, W, k, p, j);
                BAND(A, W, k, p, j) = t;
            }
        double pv = BAND(A, W, k, c, c);
        for (int i = c + 1; i <= last; i++) {
            double f = BAND(A, W, k, i, c) / pv;
            BAND(A, W, k, i, c) = f;
            if (f != 0.0)
                for (int j = c + 1; j <= jend; j++) BAND(A, W, k, i, j) -= f * BAND(A, W, k, c, j);
        }
    }
    return 0;
}

static void band_solve(const double *A, const int *piv, int n, int k, double *x)
{
    int W = 3 * k + 1;
    for (int c = 0; c < n; c++) {
        int p = piv[c], last = c + k < n - 1 ? c + k : n - 1;
        if (p != c) { double t = x[c]; x[c] = x[p]; x[p] = t; }
        for (int i = c + 1; i <= last; i++) x[i] -= BAND(A, W, k, i, c) * x[c];
    }
    for (int i = n - 1; i >= 0; i--) {
        int jend = i + 2 * k < n - 1 ? i + 2 * k : n - 1;
        double acc = x[i];
        for (int j = i + 1; j <= jend; j++) acc -= BAND(A, W, k, i, j) * x[j];
        x[i] = acc / BAND(A, W, k, i, i);
    }
}

static int dense_solve(double *A, double *b, int n)
{
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int i = c + 1; i < n; i++) if (fabs(A[i * n + c]) > fabs(A[p * n + c])) p = i;
        if (A[p * n + c] == 0.0) return -1;
        for (int j = 0; j < n; j++) { double t = A[c * n + j]; A[c * n + j] = A[p * n + j]; A[p * n + j] = t; }
        double t = b[c]; b[c] = b[p]; b[p] = t;
        for (int i = c + 1; i < n; i++) {
            double f = A[i * n + c] / A[c * n + c];
            for (int j = c; j < n; j++) A[i * n + j] -= f * A[c * n + j];
            b[i] -= f * b[c];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        double acc = b[i];
        for (int j = i + 1; j < n; j++) acc -= A[i * n + j] * b[j];
        b[i] = acc / A[i * n + i];
    }
    return 0;
}

static size_t ny_of(const statics *s) { return hw_lm_ny(&s->m->S); }

/* -J by coloured forward differences around s->y (forces there in s->f0). */
static void build_jacobian(statics *s)
{
    const hw_lm_sys *S = &s->m->S;
    int nn = S->n_nodes, n = S->n_state, bw = s->bw, stride = 2 * bw + 1, K = s->K, W = s->W;
    int nu = s->nu;
    memset(s->band, 0, (size_t)(3 * nn) * W * sizeof(double));
    for (int color = 0; color < stride; color++)
        for (int c = 0; c < 3; c++) {
            memcpy(s->ytry, s->y, ny_of(s) * sizeof(double));
            for (int i = color; i < nn; i += stride)
                if (interior(S, i)) s->ytry[c * n + i] += 1e-9 * (1.0 + S->seg_l0[S->ln_s0[S->node_line[i]]]);
            eval_forces(s, s->ytry);
            for (int i = color; i < nn; i += stride) {
                if (!interior(S, i)) continue;
                double h = s->ytry[c * n + i] - s->y[c * n + i];
                for (int j = i - bw; j <= i + bw; j++) {
                    if (j < 0 || j >= nn || S->node_line[j] != S->node_line[i] || !interior(S, j)) continue;
                    for (int r = 0; r < 3; r++)
                        BAND(s->band, W, K, 3 * j + r, 3 * i + c) = -(s->f[3 * j + r] - s->f0[3 * j + r]) / h;
                }
            }
        }
    for (int i = 0; i < nn; i++)
        if (!interior(S, i)) for (int r = 0; r < 3; r++) BAND(s->band, W, K, 3 * i + r, 3 * i + r) = 1.0;
    /* free points: one column each, from perturbing the point alone */
    for (int k = 0; k < s->nf; k++)
        for (int c = 0; c < 3; c++) {
            int slot = c * n + nn + s->free_pts[k], col = 3 * k + c;
            /* central differences: a segment at the slack kink then gets the same (half)
             * stiffness seen from either end, which keeps the point row and column consistent */
            double h = 1e-9 * (1.0 + fabs(s->y[slot]));
            memcpy(s->ytry, s->y, ny_of(s) * sizeof(double));
            s->ytry[slot] = s->y[slot] - h;
            eval_forces(s, s->ytry);
            memcpy(s->fm, s->f, (size_t)3 * n * sizeof(double));
            s->ytry[slot] = s->y[slot] + h;
            double h2 = s->ytry[slot] - (s->y[slot] - h);
            eval_forces(s, s->ytry);
            for (int i = 0; i < nn; i++)
                for (int r = 0; r < 3; r++)
                    s->C[(size_t)(3 * i + r) * nu + col] =
                        interior(S, i) ? -(s->f[3 * i + r] - s->fm[3 * i + r]) / h2 : 0.0;
            for (int q = 0; q < s->nf; q++)
                for (int r = 0; r < 3; r++) {
                    int idx = 3 * (nn + s->free_pts[q]) + r;
                    s->E[(3 * q + r) * nu + col] = -(s->f[idx] - s->fm[idx]) / h2;
                }
        }
    /* point rows: each pass perturbs one node next to a line end of every free point */
    for (int slot = 0; slot < s->maxatt * bw; slot++)
        for (int c = 0; c < 3; c++) {
            int any = 0;
            for (int sign = -1; sign <= 1; sign += 2) {
                memcpy(s->ytry, s->y, ny_of(s) * sizeof(double));
                for (int k = 0; k < s->nf; k++) {
                    int i = s->ent_node[k * s->maxatt * bw + slot];
                    if (i >= 0) { s->ytry[c * n + i] += sign * 1e-9 * (1.0 + fabs(s->y[c * n + i])); any = 1; }
                }
                if (!any) break;
                eval_forces(s, s->ytry);
                if (sign < 0) memcpy(s->fm, s->f, (size_t)3 * n * sizeof(double));
            }
            if (!any) continue;
            for (int k = 0; k < s->nf; k++) {
                int e = k * s->maxatt * bw + slot, i = s->ent_node[e];
                if (i < 0) continue;
                double h2 = 2.0 * (s->ytry[c * n + i] - s->y[c * n + i]);
                int idx = 3 * (nn + s->free_pts[k]);
                for (int r = 0; r < 3; r++)
                    s->ent_val[9 * e + 3 * r + c] = -(s->f[idx + r] - s->fm[idx + r]) / h2;
            }
        }
}

/* rowsum_k,r(v) = sum over point k's entries of D[r][c] v[3 i + c] (v of stride vs) */
static double point_row_dot(const statics *s, int k, int r, const double *v, int vs)
{
    double acc = 0.0;
    int per = s->maxatt * s->bw;
    for (int e = k * per; e < (k + 1) * per; e++) {
        int i = s->ent_node[e];
        if (i < 0) continue;
        for (int c = 0; c < 3; c++) acc += s->ent_val[9 * e + 3 * r + c] * v[(size_t)(3 * i + c) * vs];
    }
    return acc;
}

/* Solves [B + lambda Dn, C; D, E + lambda Dp] [dn; dp] = [fn; fp] into s->rhs (nodes) and
 * s->rp (points), by block elimination. Returns 0 on success. */
static int solve_step(statics *s, double lambda)
{
    const hw_lm_sys *S = &s->m->S;
    int nn = S->n_nodes, n3 = 3 * nn, nu = s->nu, K = s->K, W = s->W;
    memcpy(s->lu, s->band, (size_t)n3 * W * sizeof(double));
    for (int i = 0; i < nn; i++)
        for (int r = 0; r < 3; r++) {
            if (interior(S, i)) BAND(s->lu, W, K, 3 * i + r, 3 * i + r) += lambda * S->node_m[i];
            s->rhs[3 * i + r] = interior(S, i) ? s->f0[3 * i + r] : 0.0;
        }
    if (band_factor(s->lu, s->piv, n3, K)) return -1;
    band_solve(s->lu, s->piv, n3, K, s->rhs); /* z = B^-1 fn */
    if (nu == 0) return 0;
    /* X = B^-1 C (column by column), S = E + lambda Dp - C^T X, rp = fp - C^T z */
    double *col = s->ytry; /* scratch of at least 3 nn */
    for (int j = 0; j < nu; j++) {
        for (int i = 0; i < n3; i++) col[i] = s->C[(size_t)i * nu + j];
        band_solve(s->lu, s->piv, n3, K, col);
        for (int i = 0; i < n3; i++) s->X[(size_t)i * nu + j] = col[i];
    }
    for (int a = 0; a < nu; a++) {
        int pa = s->free_pts[a / 3];
        double mp = S->pt_mass[pa];
        for (int k = S->pt_att0[pa]; k < S->pt_att0[pa + 1]; k++) {
            int e = S->pt_att[k], l = e >> 1;
            mp += S->node_m[S->ln_n0[l] + ((e & 1) ? S->ln_nseg[l] : 0)];
        }
        s->rp[a] = s->f0[3 * (nn + pa) + a % 3] - point_row_dot(s, a / 3, a % 3, s->rhs, 1);
        for (int b = 0; b < nu; b++)
            s->S[a * nu + b] = s->E[a * nu + b] + (a == b ? lambda * mp : 0.0) -
                               point_row_dot(s, a / 3, a % 3, s->X + b, nu);
    }
    if (dense_solve(s->S, s->rp, nu)) return -1;
    for (int i = 0; i < n3; i++)
        for (int b = 0; b < nu; b++) s->rhs[i] -= s->X[(size_t)i * nu + b] * s->rp[b];
    return 0;
}

static void apply_step(statics *s, double alpha)
{
    const hw_lm_sys *S = &s->m->S;
    int n = S->n_state, nn = S->n_nodes;
    memcpy(s->ytry, s->y, ny_of(s) * sizeof(double));
    for (int i = 0; i < nn; i++)
        for (int c = 0; c < 3; c++) s->ytry[c * n + i] += alpha * s->rhs[3 * i + c];
    for (int k = 0; k < s->nf; k++)
        for (int c = 0; c < 3; c++) s->ytry[c * n + nn + s->free_pts[k]] += alpha * s->rp[3 * k + c];
}

/* Newton gives up early, as stalled, when its best |F|^2 has not fallen by a millionth in this many
 * iterations: the watchdog then cycles between the best state and the same failed steps (a heavy
 * weight on a slack line: nothing holds it until the line is taut). Solves that converge improve
 * at least every 6 iterations (the whole suite, measured), so 20 leaves them alone. */
#define NEWTON_STALL 20
#define HW_STR_(x) #x
#define HW_STR(x) HW_STR_(x)

static double newton(statics *s, double tol, int max_iter, int *iters, int *stalled)
{
    const hw_lm_sys *S = &s->m->S;
    double lambda = 0.0, lam_floor = 0.0;
    for (int l = 0; l < S->n_lines; l++) {
        double l0 = S->seg_l0[S->ln_s0[l]];
        double w2 = S->ln_ea[l] / (S->ln_mu[l] * l0 * l0);
        if (1e-12 * w2 > lam_floor) lam_floor = 1e-12 * w2;
    }
    eval_forces(s, s->y);
    update_scale(s);
    double res = max_residual(s);
    /* Watchdog: a full Newton step may raise |F|^2 on its way to the solution (a taut line
     * swung sideways by a current: the linear step stretches it, and the next step takes the
     * stretch out), so up to WATCH full steps are taken without asking for descent; if none of
     * them beats the best state so far, the iteration returns there and takes one monotone step
     * (backtracking along the step, then raising the Levenberg-Marquardt shift). */
    enum { WATCH = 6 };
    double ss_best = sumsq(s);
    memcpy(s->ybest, s->y, ny_of(s) * sizeof(double));
    int since_best = 0, mono_left = 0, fails = 0, stale = 0;
    double ss_mark = ss_best; /* the best |F|^2 when it last fell by a millionth */
    int it = 0;
    if (stalled) *stalled = 0;
    for (; it < max_iter && res > tol * s->tscale; it++) {
        memcpy(s->f0, s->f, (size_t)3 * S->n_state * sizeof(double));
        double ss0 = sumsq(s);
        build_jacobian(s);
        int accepted = 0;
        /* after a failed watch, monotone steps only for a while (longer after each failure):
         * where full steps keep overshooting (a slack chain) the descent does the work */
        if (since_best >= WATCH) {
            fails++;
            mono_left = 3 << (fails < 8 ? fails : 8);
        }
        if (mono_left > 0) mono_left--;
        else if (since_best < WATCH && solve_step(s, lambda) == 0) {
            apply_step(s, 1.0);
            eval_forces(s, s->ytry);
            double ss = sumsq(s);
            if (isfinite(ss) && ss < 1e8 * ss_best) {
                accepted = 1;
                memcpy(s->y, s->ytry, ny_of(s) * sizeof(double));
                if (ss < ss0) lambda = lambda > lam_floor ? lambda / 10.0 : 0.0;
            }
        }
        if (!accepted) {
            if (since_best > 0) { /* back to the best state and its Jacobian */
                memcpy(s->y, s->ybest, ny_of(s) * sizeof(double));
                eval_forces(s, s->y);
                memcpy(s->f0, s->f, (size_t)3 * S->n_state * sizeof(double));
                ss0 = sumsq(s);
                build_jacobian(s);
            }
            /* Levenberg-Marquardt with a growing shift, trying shorter steps at each shift (the
             * shift carries a slack chain; the shorter steps a heavy free point) */
            for (int attempt = 0; attempt < 24 && !accepted; attempt++) {
                if (solve_step(s, lambda) == 0)
                    for (double alpha = 1.0; alpha > 0.01 && !accepted; alpha *= 0.25) {
                        apply_step(s, alpha);
                        eval_forces(s, s->ytry);
                        /* '<=': across a flat stretch (slack lines under a hanging point) a step
                         * that changes nothing yet is still progress */
                        if (sumsq(s) <= ss0) {
                            accepted = 1;
                            memcpy(s->y, s->ytry, ny_of(s) * sizeof(double));
                            if (alpha == 1.0) lambda = lambda > lam_floor ? lambda / 10.0 : 0.0;
                        }
                    }
                if (!accepted) lambda = lambda > 0 ? lambda * 10.0 : lam_floor;
            }
            /* else short steps along the Newton direction (or the least shifted one that solves):
             * with an accurate Jacobian it always descends |F|^2 for a short enough step */
            for (double lam = 0.0; !accepted && lam <= 1e6 * lam_floor; lam = lam > 0 ? lam * 1e3 : lam_floor) {
                if (solve_step(s, lam) != 0) continue;
                for (double alpha = 0.0625; alpha > 1e-4 && !accepted; alpha *= 0.25) {
                    apply_step(s, alpha);
                    eval_forces(s, s->ytry);
                    if (sumsq(s) < ss0) {
                        accepted = 1;
                        memcpy(s->y, s->ytry, ny_of(s) * sizeof(double));
                        lambda = lam;
                    }
                }
            }
            if (!accepted) { eval_forces(s, s->y); break; }
            since_best = 0;
        }
        double ss = sumsq(s);
        if (ss < ss_best) {
            ss_best = ss;
            memcpy(s->ybest, s->y, ny_of(s) * sizeof(double));
            since_best = 0;
        } else {
            since_best++;
        }
        update_scale(s);
        res = max_residual(s);
        if (ss_best < ss_mark * (1.0 - 1e-6)) {
            ss_mark = ss_best;
            stale = 0;
        } else if (++stale >= NEWTON_STALL && res > tol * s->tscale) {
            if (stalled) *stalled = 1;
            it++;
            break;
        }
    }
    if (!(res <= tol * s->tscale) && sumsq(s) > ss_best) { /* report the best state reached */
        memcpy(s->y, s->ybest, ny_of(s) * sizeof(double));
        eval_forces(s, s->y);
        update_scale(s);
        res = max_residual(s);
    }
    *iters = it;
    return res;
}

/* With a current, Newton from the catenary (a still-water shape) can be far outside its basin: a
 * stiff line pushed sideways by drag. So the current is brought in by continuation: solve in
 * still water, then with the current scaled by lambda = 1/4, 1/2, ... 1, each solve starting
 * from the previous shape; a step that fails is halved (down to 1/64). The per-line and
 * per-point current factors carry lambda (the system arrays are the host's; the CPU backend
 * shares them). */
static double continuation(statics *s, double tol, int max_iter, int *iters)
{
    hw_lm_sys *S = (hw_lm_sys *)&s->m->S;
    int nl = S->n_lines, np = S->n_points, total = 0, it;
    size_t ny = ny_of(s);
    double *cs = (double *)malloc(sizeof(double) * (size_t)(nl + np + 1));
    double *ysave = (double *)malloc(sizeof(double) * ny);
    if (!cs || !ysave) { free(cs); free(ysave); return newton(s, tol, max_iter, iters, NULL); }
    memcpy(cs, S->ln_cscale, sizeof(double) * (size_t)nl);
    memcpy(cs + nl, S->pt_cscale, sizeof(double) * (size_t)np);
    const double tol_mid = tol > 1e-4 ? tol : 1e-4; /* the intermediate shapes need not be exact */
    double lam = -1.0, step = 0.25, r = INFINITY;
    while (lam < 1.0) {
        double lt = lam < 0.0 ? 0.0 : (lam + step < 1.0 ? lam + step : 1.0);
        for (int l = 0; l < nl; l++) S->ln_cscale[l] = lt * cs[l];
        for (int p = 0; p < np; p++) S->pt_cscale[p] = lt * cs[nl + p];
        memcpy(ysave, s->y, sizeof(double) * ny);
        double want = lt >= 1.0 ? tol : tol_mid;
        /* a sub-solve that needs many iterations is a step too far: halve it instead */
        r = newton(s, want, max_iter < 15 ? max_iter : 15, &it, NULL);
        total += it;
        if (r <= want * s->tscale) {
            lam = lt;
            if (lt > 0.0) step = step * 1.5 < 0.5 ? step * 1.5 : 0.5;
        } else {
            memcpy(s->y, ysave, sizeof(double) * ny);
            if (lam < 0.0) break; /* not even in still water: report that */
            step *= 0.5;
            if (step < 1.0 / 64) break;
        }
    }
    for (int l = 0; l < nl; l++) S->ln_cscale[l] = cs[l];
    for (int p = 0; p < np; p++) S->pt_cscale[p] = cs[nl + p];
    if (lam < 1.0) { /* report the residual of the last shape under the full current */
        eval_forces(s, s->y);
        update_scale(s);
        r = max_residual(s);
    }
    free(cs); free(ysave);
    *iters = total;
    return r;
}

/* The fictitious masses of the relaxation (below): each interior node and free point gets
 * M = 2 K, K the sum of the stiffnesses that act on it (per scalar coordinate): EA/l0 + T/l of
 * every segment touching it (axial and geometric stiffness; a slack segment counts as taut, the
 * stiffness it has as soon as it pulls), the bending hinges' 8 EI/l0^3 per segment (16 EI/l0^3 at
 * an interior node, the critical step's w_b) and the seabed's kb d l. Gershgorin's bound puts the
 * tangent's largest eigenvalue of M^-1 K under 2 sqrt(3) K / M = 1.73 (3x3 blocks of rank-one
 * axial and isotropic geometric parts), inside the limit 4 of a unit step of the leapfrog: every
 * coordinate then steps at the same fictitious frequency, whatever its real mass. */
static void relax_masses(const statics *s, const double *y, double *M, double scale)
{
    const hw_lm_sys *S = &s->m->S;
    int n = S->n_state, nn = S->n_nodes;
    for (int i = 0; i < n; i++) M[i] = 0.0;
    for (int l = 0; l < S->n_lines; l++) {
        int n0 = S->ln_n0[l], s0 = S->ln_s0[l], ns = S->ln_nseg[l];
        double ea = S->ln_ea[l] > 0 ? S->ln_ea[l] : 0.0;
        for (int j = 0; j < ns; j++) {
            int a = n0 + j, b = a + 1, k = s0 + j;
            double l0 = S->seg_l0[k];
            hw_v3 q = hw_v3_sub(hw_lm_get3(y, n, HW_Y_RX, b), hw_lm_get3(y, n, HW_Y_RX, a));
            double len = hw_v3_norm(q), T = s->seg_T[k] > 0 ? s->seg_T[k] : 0.0;
            double ks = ea / l0 + (len > 1e-6 * l0 ? T / len : T / l0);
            if (S->ln_ei[l] > 0) ks += 8.0 * S->ln_ei[l] / (l0 * l0 * l0);
            M[a] += ks;
            M[b] += ks;
        }
        for (int j = 0; j <= ns; j++) M[n0 + j] += S->kb * S->ln_d[l] * S->node_l[n0 + j];
    }
    /* a free point: the end segments of its lines (their end nodes ride on it) */
    for (int k = 0; k < s->nf; k++) {
        int p = s->free_pts[k];
        double kp = 0.0;
        for (int a = S->pt_att0[p]; a < S->pt_att0[p + 1]; a++) {
            int e = S->pt_att[a], l = e >> 1;
            kp += M[S->ln_n0[l] + ((e & 1) ? S->ln_nseg[l] : 0)];
        }
        M[nn + p] = kp;
    }
    for (int i = 0; i < n; i++) {
        int active = i < nn ? interior(S, i) : S->pt_kind[i - nn] == HW_PT_FREE;
        M[i] = active ? 2.0 * scale * (M[i] > 0 ? M[i] : 1.0) : 0.0;
    }
}

/* The fallback when Newton stalls (a free weight on slack lines: no stiffness holds the weight
 * until the lines come taut, and the Jacobian there is singular): dynamic relaxation, the
 * pseudo-dynamic search of MoorDyn's initial-condition stage, in its form for form-finding
 * (Barnes' kinetic damping with fictitious masses). From the best state Newton reached, the
 * interior nodes and free points move under their static net loads (the model's forces at rest,
 * the current's drag included) by leapfrog steps of unit fictitious time, each coordinate with a
 * fictitious mass from its own stiffness (relax_masses): a heavy weight on a stiff, weightless
 * line then moves at the pace of the line's nodes instead of 1e5 times slower. Whenever the
 * kinetic energy sum M v^2 falls, the state goes back to the energy's peak (the leapfrog's
 * quadratic estimate) and every velocity is set to zero, so the state slides down into the
 * nearest equilibrium without oscillating about it; the masses are refreshed there from the
 * tensions reached. Should it diverge (a stiffness the bound missed: a strain table stiffer than
 * its EA), it restarts from where it began with doubled masses. Stops when the residual is below
 * tol of the force scale or after max_steps; returns the residual, the steps taken in *steps. */
static double relax(statics *s, double tol, int max_steps, int *steps)
{
    const hw_lm_sys *S = &s->m->S;
    int n = S->n_state;
    size_t ny = ny_of(s);
    double *M = (double *)calloc((size_t)n, sizeof(double));
    double *v = (double *)calloc((size_t)3 * n, sizeof(double));
    double *y = s->y;
    *steps = 0;
    if (!M || !v) {
        free(M); free(v);
        return max_residual(s);
    }
    for (size_t k = (size_t)HW_Y_VX * n; k < (size_t)HW_Y_ED * n; k++) y[k] = 0.0;
    memcpy(s->ybest, y, ny * sizeof(double));  /* the start, for a restart */
    eval_forces(s, y);
    update_scale(s);
    double r = max_residual(s), r_start = r, scale = 1.0, ke_prev = 0.0;
    relax_masses(s, y, M, scale);
    for (int it = 1; it <= max_steps && r > tol * s->tscale; it++) {
        double ke = 0.0;
        for (int i = 0; i < n; i++) {
            if (!(M[i] > 0)) continue;
            for (int c = 0; c < 3; c++) {
                double *vi = &v[c * n + i];
                *vi += s->f[3 * i + c] / M[i];
                y[(HW_Y_RX + c) * n + i] += *vi;
                ke += M[i] * *vi * *vi;
            }
        }
        if (ke < ke_prev) {
            /* past the peak of kinetic energy, which the leapfrog puts at
             * x - 3/2 v + f / (2 M) (the last move's velocity v, the force f before it) */
            for (int i = 0; i < n; i++) {
                if (!(M[i] > 0)) continue;
                for (int c = 0; c < 3; c++)
                    y[(HW_Y_RX + c) * n + i] += -1.5 * v[c * n + i] + 0.5 * s->f[3 * i + c] / M[i];
            }
            memset(v, 0, (size_t)3 * n * sizeof(double));
            ke = 0.0;
            eval_forces(s, y);
            relax_masses(s, y, M, scale);
        } else {
            eval_forces(s, y);
        }
        ke_prev = ke;
        *steps = it;
        r = max_residual(s);
        if (!isfinite(r) || r > 1e3 * (r_start > s->tscale ? r_start : s->tscale)) {
            /* diverging: again from the start, with doubled masses */
            if (scale > 1e3) break;
            scale *= 2.0;
            memcpy(y, s->ybest, ny * sizeof(double));
            memset(v, 0, (size_t)3 * n * sizeof(double));
            ke_prev = 0.0;
            eval_forces(s, y);
            relax_masses(s, y, M, scale);
            r = max_residual(s);
        } else if (it % 50 == 0) {
            update_scale(s);
        }
    }
    eval_forces(s, y);
    update_scale(s);
    r = max_residual(s);
    free(M); free(v);
    return r;
}

hw_status hw_static_solve(const hw_model *m, double *y, double tol, int max_iter,
                          hw_static_result *res, hw_log_fn log, void *log_user, char *msg,
                          size_t msg_len)
{
    const hw_lm_sys *S = &m->S;
    statics s;
    memset(&s, 0, sizeof s);
    s.m = m;
    s.ops = hw_cpu_backend();
    s.bw = S->any_bending ? 2 : 1;
    s.K = 3 * s.bw + 2;
    s.W = 3 * s.K + 1;
    int n = S->n_state, nn = S->n_nodes;
    for (int p = 0; p < S->n_points; p++) if (S->pt_kind[p] == HW_PT_FREE) s.nf++;
    s.nu = 3 * s.nf;
    /* viscoelastic lines pull with their static stiffness EA_s here (a line held still long
     * enough that its dashpots carry nothing) */
    hw_lm_sys Sv = *S;
    Sv.vis_static = 1;
    Sv.viv_static = 1; /* no lift at equilibrium (MoorDyn leaves VIV out of its initial conditions) */
    hw_status st = s.ops->create(&Sv, 1, &s.b, msg, msg_len);
    if (st) return st;
    s.y = y;
    size_t ny = hw_lm_ny(S), nu = (size_t)s.nu;
    s.f = (double *)calloc((size_t)3 * n, sizeof(double));
    s.f0 = (double *)calloc((size_t)3 * n, sizeof(double));
    s.fm = (double *)calloc((size_t)3 * n, sizeof(double));
    s.seg_T = (double *)calloc((size_t)S->n_segs + 1, sizeof(double));
    s.band = (double *)calloc((size_t)(3 * nn) * s.W, sizeof(double));
    s.lu = (double *)calloc((size_t)(3 * nn) * s.W, sizeof(double));
    s.piv = (int *)calloc((size_t)3 * nn, sizeof(int));
    s.rhs = (double *)calloc((size_t)3 * nn, sizeof(double));
    s.ytry = (double *)calloc(ny, sizeof(double));
    s.ybest = (double *)calloc(ny, sizeof(double));
    s.C = (double *)calloc((size_t)(3 * nn) * nu + 1, sizeof(double));
    s.X = (double *)calloc((size_t)(3 * nn) * nu + 1, sizeof(double));
    s.E = (double *)calloc(nu * nu + 1, sizeof(double));
    s.S = (double *)calloc(nu * nu + 1, sizeof(double));
    s.rp = (double *)calloc(nu + 1, sizeof(double));
    s.free_pts = (int *)calloc((size_t)S->n_points + 1, sizeof(int));
    if (!s.f || !s.f0 || !s.fm || !s.seg_T || !s.band || !s.lu || !s.piv || !s.rhs || !s.ytry || !s.ybest || !s.C ||
        !s.X || !s.E || !s.S || !s.rp || !s.free_pts) {
        st = HW_ERR_NOMEM;
        if (msg && msg_len)
            snprintf(msg, msg_len, "out of memory for the static solve: %d nodes, a band matrix of %d x %d "
                     "twice (about %.3g MB in all)", nn, 3 * nn, s.W,
                     1e-6 * 8.0 * (2.0 * 3 * nn * s.W + 6.0 * ny + 2.0 * 3 * nn * nu));
        goto done;
    }
    s.nf = 0;
    for (int p = 0; p < S->n_points; p++) if (S->pt_kind[p] == HW_PT_FREE) s.free_pts[s.nf++] = p;
    for (int k = 0; k < s.nf; k++) {
        int p = s.free_pts[k], na = S->pt_att0[p + 1] - S->pt_att0[p];
        if (na > s.maxatt) s.maxatt = na;
    }
    s.nent = s.nf * s.maxatt * s.bw;
    s.ent_node = (int *)malloc(((size_t)s.nent + 1) * sizeof(int));
    s.ent_val = (double *)calloc(9 * (size_t)s.nent + 1, sizeof(double));
    if (!s.ent_node || !s.ent_val) {
        st = HW_ERR_NOMEM;
        if (msg && msg_len)
            snprintf(msg, msg_len, "out of memory for the static solve's free-point couplings: %d entries "
                     "(%.3g MB)", s.nent, 1e-6 * 76.0 * s.nent);
        goto done;
    }
    for (int k = 0; k < s.nf; k++) {
        int p = s.free_pts[k];
        for (int a = 0; a < s.maxatt; a++)
            for (int d = 1; d <= s.bw; d++) {
                int node = -1, att = S->pt_att0[p] + a;
                if (att < S->pt_att0[p + 1]) {
                    int e = S->pt_att[att], l = e >> 1, nseg = S->ln_nseg[l];
                    int loc = (e & 1) ? nseg - d : d;
                    if (loc > 0 && loc < nseg) node = S->ln_n0[l] + loc;
                }
                s.ent_node[(k * s.maxatt + a) * s.bw + d - 1] = node;
            }
    }
    for (size_t k = (size_t)HW_Y_VX * n; k < ny; k++) y[k] = 0.0; /* at rest, nothing dissipated */
    int iters = 0, stalled = 0;
    double r;
    if (S->cur_nz > 0)
        r = continuation(&s, tol, max_iter, &iters);
    else
        r = newton(&s, tol, max_iter, &iters, &stalled);
    if (!(r <= tol * s.tscale)) {
        /* Newton stalled (no progress in NEWTON_STALL iterations) or ran out of iterations: relax
         * dynamically from its best state to near an equilibrium (to 1e-3 of the force scale, or
         * tol when looser), then Newton again from there */
        double r0 = r / s.tscale, rtol = tol > 1e-3 ? tol : 1e-3;
        int steps = 0, it2 = 0;
        long long cap = 20000000LL / (n > 0 ? n : 1);
        int max_steps = cap < 2000 ? 2000 : cap > 200000 ? 200000 : (int)cap;
        double rr = relax(&s, rtol, max_steps, &steps);
        hw_logf(log, log_user, 0,
                "static equilibrium: Newton stalled at residual %.3g of the force scale after %d iterations%s; "
                "dynamic relaxation (kinetic damping, as MoorDyn's initial-condition stage relaxes) took %d steps "
                "to residual %.3g", r0, iters, stalled ? " (no progress in the last " HW_STR(NEWTON_STALL) ")" : "", steps,
                rr / s.tscale);
        if (isfinite(rr)) {
            r = newton(&s, tol, max_iter, &it2, &stalled);
            iters += it2;
        }
    }
    /* points' velocities back to their kinematics */
    s.ops->upload(s.b, HW_BUF_Y, y);
    s.ops->constrain(s.b, 0.0, HW_BUF_Y);
    s.ops->download(s.b, HW_BUF_Y, y);
    hw_lm_vis_init(S, y, 1); /* viscoelastic strains at rest at the equilibrium */
    double maxT = 0;
    for (int k = 0; k < S->n_segs; k++) if (s.seg_T[k] > maxT) maxT = s.seg_T[k];
    if (res) { res->residual = r / s.tscale; res->iterations = iters; res->max_tension = maxT; }
    hw_logf(log, log_user, 0,
            "static equilibrium: residual %.3g of the force scale %.6g N after %d Newton iterations (%d force evaluations)",
            r / s.tscale, s.tscale, iters, s.evals);
    if (!(r <= tol * s.tscale)) {
        st = HW_ERR_NOT_CONVERGED;
        if (msg && msg_len)
            snprintf(msg, msg_len,
                     "static equilibrium did not converge: largest residual force %.6g N is %.3g of the "
                     "force scale %.6g N (largest tension or weight) after %d Newton iterations%s "
                     "(tolerance %.3g); check that every free point can reach equilibrium (a buoyant "
                     "point with nothing holding it down, a line too short for its anchor), %sor turn "
                     "solver.static_solve off",
                     r, r / s.tscale, s.tscale, iters,
                     stalled ? ", the last " HW_STR(NEWTON_STALL) " without progress" : "", tol,
                     stalled ? "" : "or raise solver.static_max_iterations, ");
    }
done:
    s.ops->destroy(s.b);
    free(s.f); free(s.f0); free(s.fm); free(s.seg_T); free(s.band); free(s.lu); free(s.piv); free(s.rhs);
    free(s.ytry); free(s.ybest); free(s.ent_node); free(s.ent_val); free(s.C); free(s.X); free(s.E); free(s.S); free(s.rp); free(s.free_pts);
    return st;
}
