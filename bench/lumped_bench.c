/* lumped_bench: throughput of the lumped-mass model through the public C API.
 *
 * Builds N identical steel chain lines (OC4-like: d 0.0766 m, 113.35 kg/m, EA 7.536e8 N, BA from
 * a damping ratio of 0.5, 835.5 m long, 200 m of water, anchor on the seabed 796.7 m from the
 * fairlead at z = -14), each rotated about the z axis, fairleads on a prescribed sinusoidal surge
 * (2 m amplitude, 10 s period). Every case is stepped at one fixed dt (0.5 x the RK2 critical step
 * of the line, unless --dt says otherwise) with symplectic Euler, RK2 and RK4.
 *
 * Timed: hw_sim_step() only (after an untimed warm-up), never the model build or static solve.
 * Figure of merit: segment-steps per second = segments x steps / wall time of the timed steps.
 *
 * Cases (--case): lines (the above: S/1000 lines of 1000 segments), long (one line of S segments,
 * dt from its own critical step), ensemble (S/1000 copies of one line in the same place, each
 * with its own surge amplitude and period, as an ensemble of load cases), chain330 (the issue's
 * headline: a 330 m chain, 390 kg/m, EA 1.674e9 N, in 200 m of water, fairlead surging 2 m over
 * 10 s, 10,000 segments, dt = --crit-frac x its critical step; the wall time of 60 s simulated is
 * projected from the timed steps, or measured with --sim-time 60).
 *
 * With --backend cuda the device's copy bandwidth is measured first (device-to-device cudaMemcpy,
 * CUDA events, best of 20) and every case reports napkin bytes/s over it (fraction_of_copy_bw).
 *
 * Usage: lumped_bench [--case lines|long|ensemble|chain330] [--sizes 1e3,1e4,1e5,1e6]
 *                     [--integrator euler,rk2,rk4|all] [--csv FILE] [--quick] [--time SEC]
 *                     [--steps N] [--sim-time SEC] [--dt DT] [--crit-frac F] [--seg-per-line N]
 *                     [--static-max SEGS] [--backend cpu|cuda|auto] [--path P] [--repeats N]
 *                     [--warmup N]
 *                     [--threads N] [--current U] [--ei EI] [--waves N] [--wave-step H]
 *
 * --current U gives every case a sheared current along x (U at the surface, 0.8 U at 50 m down,
 * 0.3 U at the seabed, interpolated in depth); --ei EI gives the line bending stiffness EI. Both
 * for timing the node pass on lines with current or bending (default: still water, no bending). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "hawser/hawser.h"
#include "backend.h"
#include "world/sim_internal.h"

#ifndef HW_BENCH_BUILD_TYPE
#define HW_BENCH_BUILD_TYPE "unknown"
#endif
#ifndef HW_BENCH_COMPILER
#define HW_BENCH_COMPILER "unknown"
#endif
#ifndef HW_BENCH_C_FLAGS
#define HW_BENCH_C_FLAGS ""
#endif

#define PI 3.14159265358979323846
#define MAX_SIZES 16

/* ---- the line ---------------------------------------------------------------------------------- */
#define LINE_D 0.0766
#define LINE_MU 113.35
#define LINE_EA 7.536e8
#define LINE_ZETA 0.5
#define LINE_LENGTH 835.5
#define WATER_DEPTH 200.0
#define FAIRLEAD_R 40.868  /* radius of the fairlead from the platform centre, m */
#define SPAN_H 796.7       /* horizontal anchor-fairlead distance, m */
#define FAIRLEAD_Z -14.0
#define SURGE_AMP 2.0
#define SURGE_PERIOD 10.0

/* ---- the headline chain (--case chain330) -------------------------------------------------------
 * 330 m of studless chain, 390 kg/m, EA 1.674e9 N (nominal 0.14 m: EA ~ 0.854e11 d^2), modelled
 * with its volume-equivalent diameter sqrt(4 x 390 / (7850 pi)) = 0.2515 m; anchor on the seabed
 * in 200 m of water 250 m horizontally from the fairlead at z = -10 m (chord 314 m: some of the
 * chain rests on the seabed); fairlead surging 2 m over 10 s. 10,000 segments of 0.033 m. */
#define C330_D 0.2515
#define C330_MU 390.0
#define C330_EA 1.674e9
#define C330_LENGTH 330.0
#define C330_SPAN_H 250.0
#define C330_FAIRLEAD_Z -10.0
#define C330_NSEG 10000
#define C330_SIM_S 60.0

enum { CASE_LINES = 0, CASE_LONG, CASE_ENSEMBLE, CASE_CHAIN330 };
static const char *CASE_NAMES[] = {"lines", "long", "ensemble", "chain330"};

/* ---- napkin memory traffic (kernels/lumped.h) ------------------------------------------------- */
/* ~35 doubles = 280 bytes per node per evaluation; the integrator's vector updates move 7 doubles
 * per node per buffer touched (reads and writes). Buffers touched per step:
 *   symplectic Euler: update reads y and dy, writes y                          -> 3
 *   RK2 (Heun): tmp = y + dt k1 (3), y = y + c (k1 + k2) (4)                     -> 7
 *   RK4: three tmp = y + c k (3 each), y = y + sum of 4 k (6)                    -> 15 */
#define NAPKIN_EVAL_BYTES 280.0
#define NAPKIN_VEC_BYTES (7.0 * 8.0)

typedef struct integ_info {
    hw_integrator id;
    const char *name;
    int evals;
    int vec_buffers;
    int buffers_alloc; /* integrator buffers actually touched (for the working-set estimate) */
} integ_info;

static const integ_info INTEGS[3] = {
    {HW_INT_SYMPLECTIC_EULER, "euler", 1, 3, 2},
    {HW_INT_RK2, "rk2", 2, 7, 4},
    {HW_INT_RK4, "rk4", 4, 15, 6},
};

static double napkin_bytes_per_node_step(const integ_info *ii)
{
    return ii->evals * NAPKIN_EVAL_BYTES + ii->vec_buffers * NAPKIN_VEC_BYTES;
}

/* The fused path (kernels/lumped_tile.h; counted in docs/gpu.md, "Bytes per segment-step"): the
 * global loads and stores of an interior node per step, every stage together (the accumulators'
 * extremes stored only when they change: not counted), euler / rk2 / rk4. */
static const double NAPKIN_FUSED_BYTES[3] = {216.0, 472.0, 1080.0};
static int fused_path(const char *path) { return !path || strncmp(path, "baseline", 8) != 0; }

/* ---- options ----------------------------------------------------------------------------------- */
typedef struct options {
    double sizes[MAX_SIZES];
    int n_sizes;
    int integ_on[3];
    const char *csv;
    int quick;
    double target_s;  /* timed wall time to aim for per case */
    long fixed_steps; /* > 0: exactly this many timed steps */
    double dt;        /* > 0: use it instead of 0.5 x the RK2 critical step */
    int seg_per_line;
    double static_max; /* static solve only for cases with at most this many segments */
    hw_backend_kind backend;
    int repeats;       /* the timed steps are split in this many chunks (spread report) */
    long warmup;       /* >= 0: exactly this many untimed warm-up steps (default -1: by time) */
    int kind;          /* CASE_* */
    double crit_frac;  /* > 0: dt = this x the critical step of the case's line and integrator */
    double sim_time;   /* > 0: step exactly this many simulated seconds (timed) */
    int sizes_given;
    const char *path;  /* --path: the CUDA lumped path (HAWSER_CUDA_LUMPED; NULL: the default) */
    int threads;       /* --threads: CPU threads (0: OpenMP's default) */
    double current;    /* --current U: sheared current along x, U at the surface (0: still water) */
    double ei;         /* --ei EI: the line's bending stiffness, N m^2 (0: none) */
    int waves;         /* --waves N: an irregular sea of N components (0: still water) */
    double wave_step;  /* --wave-step H: the node kinematics' sampling interval, s (0: automatic) */
} options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lumped_bench [options]\n"
            "  --case NAME         lines (default: S/1000 lines of 1000 segments), long (one line of\n"
            "                      S segments), ensemble (S/1000 copies of one line, each its own\n"
            "                      surge amplitude and period), chain330 (the 330 m chain at 10,000\n"
            "                      segments, the issue's headline; --sizes ignored)\n"
            "  --sizes LIST        total segments per case, comma separated (default 1e3,1e4,1e5,1e6)\n"
            "  --integrator LIST   euler (symplectic Euler), rk2, rk4 or all (default all)\n"
            "  --csv FILE          append one row per case to FILE (header written if new)\n"
            "  --quick             tiny step counts: a smoke test, not a measurement\n"
            "  --time SEC          timed wall time to aim for per case (default 2; quick 0.05)\n"
            "  --steps N           exactly N timed steps per case (overrides --time)\n"
            "  --dt DT             time step, s (default 0.5 x the RK2 critical step)\n"
            "  --crit-frac F       dt = F x the critical step of the case's line for each\n"
            "                      integrator (default for long and chain330: 0.8)\n"
            "  --sim-time SEC      step exactly SEC simulated seconds (timed; chain330: 60 for the\n"
            "                      full headline run; default: a timed subset, projected)\n"
            "  --seg-per-line N    segments per line (default 1000)\n"
            "  --static-max SEGS   static solve only for cases up to SEGS segments (default 1e4)\n"
            "  --backend B         cpu, cuda or auto (default cpu)\n"
            "  --path P            CUDA lumped path: fused (default: fused where it covers the\n"
            "                      model, in its persistent form where every tile is resident),\n"
            "                      fused-tiles, fused-persistent or baseline (sets\n"
            "                      HAWSER_CUDA_LUMPED; docs/gpu.md; backend column cuda-P)\n"
            "  --repeats N         split the timed steps in N chunks, report their spread (default 3)\n"
            "  --warmup N          exactly N untimed warm-up steps (default: ~0.25 s of them); with\n"
            "                      --steps the run is deterministic (for instruction counting)\n"
            "  --threads N         CPU threads (default: OMP_NUM_THREADS, else every core)\n"
            "  --current U         sheared current along x: U m/s at the surface, 0.8 U at 50 m\n"
            "                      down, 0.3 U at the seabed (default 0: still water)\n"
            "  --ei EI             bending stiffness of the line, N m^2 (default 0: none)\n"
            "  --waves N           an irregular sea of N components along x (Hs 4 m, Tp 10 s\n"
            "                      JONSWAP-like, frequencies 0.3..2.0 rad/s; N = 1: a regular wave of\n"
            "                      height 4 m, period 10 s; default 0: still water)\n"
            "  --wave-step H       sampling interval of the node kinematics, s (default: automatic)\n");
}

static int parse_sizes(options *o, const char *s)
{
    o->n_sizes = 0;
    char *buf = strdup(s), *save = NULL;
    if (!buf) return -1;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *end;
        double v = strtod(tok, &end);
        if (*end || !(v >= 1) || o->n_sizes >= MAX_SIZES) { free(buf); return -1; }
        o->sizes[o->n_sizes++] = floor(v + 0.5);
    }
    free(buf);
    return o->n_sizes > 0 ? 0 : -1;
}

static int parse_integs(options *o, const char *s)
{
    o->integ_on[0] = o->integ_on[1] = o->integ_on[2] = 0;
    char *buf = strdup(s), *save = NULL;
    if (!buf) return -1;
    int any = 0;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!strcmp(tok, "all")) { o->integ_on[0] = o->integ_on[1] = o->integ_on[2] = 1; any = 1; }
        else if (!strcmp(tok, "euler") || !strcmp(tok, "symplectic")) { o->integ_on[0] = 1; any = 1; }
        else if (!strcmp(tok, "rk2")) { o->integ_on[1] = 1; any = 1; }
        else if (!strcmp(tok, "rk4")) { o->integ_on[2] = 1; any = 1; }
        else { free(buf); return -1; }
    }
    free(buf);
    return any ? 0 : -1;
}

static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    parse_sizes(o, "1e3,1e4,1e5,1e6");
    o->integ_on[0] = o->integ_on[1] = o->integ_on[2] = 1;
    o->target_s = -1;
    o->seg_per_line = 1000;
    o->static_max = 1e4;
    o->backend = HW_BACKEND_CPU;
    o->repeats = 3;
    o->warmup = -1;
    o->kind = CASE_LINES;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE() do { if (!v) { fprintf(stderr, "lumped_bench: %s needs a value\n", a); return -1; } i++; } while (0)
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); exit(0); }
        else if (!strcmp(a, "--quick")) o->quick = 1;
        else if (!strcmp(a, "--path")) { NEED_VALUE(); o->path = v; }
        else if (!strcmp(a, "--sizes")) {
            NEED_VALUE();
            if (parse_sizes(o, v)) { fprintf(stderr, "lumped_bench: bad --sizes '%s'\n", v); return -1; }
            o->sizes_given = 1;
        } else if (!strcmp(a, "--case")) {
            NEED_VALUE();
            int k;
            for (k = 0; k < 4 && strcmp(v, CASE_NAMES[k]); k++) {}
            if (k == 4) {
                fprintf(stderr, "lumped_bench: bad --case '%s' (lines, long, ensemble or chain330)\n", v);
                return -1;
            }
            o->kind = k;
        } else if (!strcmp(a, "--crit-frac")) {
            NEED_VALUE();
            o->crit_frac = atof(v);
            if (!(o->crit_frac > 0 && o->crit_frac <= 1)) {
                fprintf(stderr, "lumped_bench: bad --crit-frac '%s' (0 < F <= 1)\n", v);
                return -1;
            }
        } else if (!strcmp(a, "--sim-time")) {
            NEED_VALUE();
            o->sim_time = atof(v);
            if (!(o->sim_time > 0)) { fprintf(stderr, "lumped_bench: bad --sim-time '%s'\n", v); return -1; }
        } else if (!strcmp(a, "--integrator")) {
            NEED_VALUE();
            if (parse_integs(o, v)) { fprintf(stderr, "lumped_bench: bad --integrator '%s'\n", v); return -1; }
        } else if (!strcmp(a, "--csv")) { NEED_VALUE(); o->csv = v; }
        else if (!strcmp(a, "--time")) { NEED_VALUE(); o->target_s = atof(v); }
        else if (!strcmp(a, "--steps")) { NEED_VALUE(); o->fixed_steps = atol(v); }
        else if (!strcmp(a, "--dt")) { NEED_VALUE(); o->dt = atof(v); }
        else if (!strcmp(a, "--seg-per-line")) { NEED_VALUE(); o->seg_per_line = atoi(v); }
        else if (!strcmp(a, "--static-max")) { NEED_VALUE(); o->static_max = atof(v); }
        else if (!strcmp(a, "--repeats")) { NEED_VALUE(); o->repeats = atoi(v); }
        else if (!strcmp(a, "--warmup")) { NEED_VALUE(); o->warmup = atol(v); }
        else if (!strcmp(a, "--current")) { NEED_VALUE(); o->current = atof(v); }
        else if (!strcmp(a, "--ei")) { NEED_VALUE(); o->ei = atof(v); }
        else if (!strcmp(a, "--waves")) { NEED_VALUE(); o->waves = atoi(v); }
        else if (!strcmp(a, "--wave-step")) { NEED_VALUE(); o->wave_step = atof(v); }
        else if (!strcmp(a, "--threads")) {
            NEED_VALUE();
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 4096) { fprintf(stderr, "lumped_bench: bad --threads '%s'\n", v); return -1; }
            o->threads = (int)n;
        }
        else if (!strcmp(a, "--backend")) {
            NEED_VALUE();
            if (!strcmp(v, "cpu")) o->backend = HW_BACKEND_CPU;
            else if (!strcmp(v, "cuda")) o->backend = HW_BACKEND_CUDA;
            else if (!strcmp(v, "auto")) o->backend = HW_BACKEND_AUTO;
            else { fprintf(stderr, "lumped_bench: bad --backend '%s'\n", v); return -1; }
        } else {
            fprintf(stderr, "lumped_bench: unknown option '%s'\n", a);
            usage(stderr);
            return -1;
        }
#undef NEED_VALUE
    }
    if (o->target_s <= 0) o->target_s = o->quick ? 0.05 : 2.0;
    if (o->seg_per_line < 1) o->seg_per_line = 1000;
    if (o->repeats < 1) o->repeats = 1;
    if (o->crit_frac <= 0 && (o->kind == CASE_LONG || o->kind == CASE_CHAIN330)) o->crit_frac = 0.8;
    if (o->kind == CASE_CHAIN330) { o->n_sizes = 1; o->sizes[0] = C330_NSEG; }
    if (o->path && setenv("HAWSER_CUDA_LUMPED", o->path, 1)) return -1;
    return 0;
}

/* ---- machine description ----------------------------------------------------------------------- */
static void cpu_model(char *out, size_t len)
{
    snprintf(out, len, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    char fam[32] = "", mod[32] = "";
    int got_name = 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon) continue;
        char *val = colon + 1;
        while (*val == ' ' || *val == '\t') val++;
        val[strcspn(val, "\n")] = 0;
        if (!got_name && !strncmp(line, "model name", 10)) { snprintf(out, len, "%s", val); got_name = 1; }
        else if (!fam[0] && !strncmp(line, "cpu family", 10)) snprintf(fam, sizeof fam, "%s", val);
        else if (!mod[0] && !strncmp(line, "model\t", 6)) snprintf(mod, sizeof mod, "%s", val);
    }
    fclose(f);
    if (fam[0] && mod[0]) {
        size_t n = strlen(out);
        snprintf(out + n, len - n, " (family %s model %s)", fam, mod);
    }
}

static int online_cpus(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return 0;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "processor", 9)) n++;
    fclose(f);
    return n;
}

static void machine_string(char *out, size_t len)
{
    struct utsname u;
    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    if (uname(&u) == 0)
        snprintf(out, len, "%s %s %s x%d", u.nodename, u.machine, cpu, online_cpus());
    else
        snprintf(out, len, "? ? %s x%d", cpu, online_cpus());
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void csv_text(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* ---- the model --------------------------------------------------------------------------------- */
typedef struct bench_model {
    hw_model_def def;
    hw_line_type_def type;
    hw_point_def *pts;
    hw_line_def *lines;
    double cur_z[3], cur_ux[3], cur_0[3]; /* --current's profile */
    double *wv;                           /* --waves: 4 arrays of N (amplitude, omega, direction, phase) */
} bench_model;

static void bench_model_free(bench_model *m)
{
    free(m->pts);
    free(m->lines);
    free(m->wv);
    memset(m, 0, sizeof *m);
}

/* n_lines lines of nseg segments each. Points 2k (anchor) and 2k + 1 (fairlead).
 *   CASE_LINES, CASE_LONG: the bench line, line k rotated by 2 pi k / n_lines about z;
 *   CASE_ENSEMBLE: every copy in the same place (lines never interact), copy k with surge
 *     amplitude 0.5 .. 4 m and period 6 .. 16 s on a 8 x 6 grid, repeated;
 *   CASE_CHAIN330: the headline chain (one line). */
static int bench_model_init(bench_model *m, int kind, int n_lines, int nseg, hw_integrator integ,
                            double dt, int static_solve)
{
    memset(m, 0, sizeof *m);
    m->pts = (hw_point_def *)calloc((size_t)2 * n_lines, sizeof *m->pts);
    m->lines = (hw_line_def *)calloc((size_t)n_lines, sizeof *m->lines);
    if (!m->pts || !m->lines) { bench_model_free(m); return -1; }
    int c330 = kind == CASE_CHAIN330;
    m->def = hw_default_model();
    m->def.env.depth = WATER_DEPTH;
    m->type = hw_default_line_type();
    m->type.name = "chain";
    m->type.d = c330 ? C330_D : LINE_D;
    m->type.mu = c330 ? C330_MU : LINE_MU;
    m->type.ea = c330 ? C330_EA : LINE_EA;
    m->type.damping_ratio = LINE_ZETA;
    double span = c330 ? C330_SPAN_H : SPAN_H, zf = c330 ? C330_FAIRLEAD_Z : FAIRLEAD_Z;
    double rf = c330 ? 0.0 : FAIRLEAD_R;
    for (int k = 0; k < n_lines; k++) {
        double th = kind == CASE_LINES || kind == CASE_LONG ? 2.0 * PI * k / n_lines : 0.0;
        double c = cos(th), s = sin(th);
        hw_point_def *a = &m->pts[2 * k], *f = &m->pts[2 * k + 1];
        *a = hw_default_point();
        a->name = "anchor";
        a->kind = HW_POINT_FIXED;
        a->pos[0] = (rf + span) * c;
        a->pos[1] = (rf + span) * s;
        a->pos[2] = -WATER_DEPTH;
        *f = hw_default_point();
        f->name = "fairlead";
        f->kind = HW_POINT_PRESCRIBED;
        f->motion = HW_MOTION_SINUSOID;
        f->pos[0] = rf * c;
        f->pos[1] = rf * s;
        f->pos[2] = zf;
        f->amp[0] = SURGE_AMP; /* the platform surges along x: every fairlead moves the same way */
        f->period = SURGE_PERIOD;
        if (kind == CASE_ENSEMBLE) {
            f->amp[0] = 0.5 + 0.5 * (double)(k % 8);
            f->period = 6.0 + 2.0 * (double)((k / 8) % 6);
        }
        hw_line_def *l = &m->lines[k];
        *l = hw_default_line();
        l->name = "line";
        l->type = 0;
        l->point_a = 2 * k;
        l->point_b = 2 * k + 1;
        l->length = c330 ? C330_LENGTH : LINE_LENGTH;
        l->nseg = nseg;
    }
    m->def.n_types = 1; m->def.types = &m->type;
    m->def.n_points = 2 * n_lines; m->def.points = m->pts;
    m->def.n_lines = n_lines; m->def.lines = m->lines;
    m->def.solver.dt = dt;
    m->def.solver.integrator = integ;
    m->def.solver.static_solve = static_solve;
    m->def.solver.t_end = 1e9;
    return 0;
}

/* --waves N: N components along x, frequencies equally spaced over 0.3 .. 2.0 rad/s with
 * amplitudes from a JONSWAP-like shape (Hs 4 m, Tp 10 s, gamma 3.3) scaled to Hs = 4 m exactly,
 * phases from the golden-ratio sequence (deterministic, no generator); N = 1: a regular wave of
 * height 4 m and period 10 s. Only the cost matters here, not the sea. */
static int bench_model_waves(bench_model *m, const options *o)
{
    int n = o->waves;
    hw_waves_def *w = &m->def.env.waves;
    w->kinematics_step = o->wave_step;
    if (n <= 0) return 0;
    if (n == 1) {
        w->kind = HW_WAVES_REGULAR;
        w->height = 4.0;
        w->period = 10.0;
        return 0;
    }
    m->wv = (double *)calloc((size_t)4 * n, sizeof(double));
    if (!m->wv) return -1;
    double *a = m->wv, *om = a + n, *dir = om + n, *ph = dir + n, m0 = 0.0, wp = 2.0 * PI / 10.0;
    double dw = (2.0 - 0.3) / n;
    for (int j = 0; j < n; j++) {
        double wj = 0.3 + (j + 0.5) * dw, sg = wj <= wp ? 0.07 : 0.09;
        double r = exp(-(wj - wp) * (wj - wp) / (2.0 * sg * sg * wp * wp));
        double S = pow(wj, -5.0) * exp(-1.25 * pow(wp / wj, 4.0)) * pow(3.3, r);
        om[j] = wj;
        a[j] = sqrt(2.0 * S * dw);
        m0 += 0.5 * a[j] * a[j];
        ph[j] = 2.0 * PI * fmod(0.6180339887498949 * (j + 1), 1.0);
    }
    double scale = 4.0 / (4.0 * sqrt(m0));
    for (int j = 0; j < n; j++) a[j] *= scale;
    w->kind = HW_WAVES_COMPONENTS;
    w->n_components = n;
    w->c_amp = a; w->c_omega = om; w->c_dir = dir; w->c_phase = ph;
    return 0;
}

/* --current, --ei and --waves on a model bench_model_init built. */
static int bench_model_extras(bench_model *m, const options *o)
{
    m->type.ei = o->ei;
    if (bench_model_waves(m, o)) return -1;
    if (o->current == 0.0) return 0;
    double z[3] = {-WATER_DEPTH, -50.0, 0.0}, f[3] = {0.3, 0.8, 1.0};
    for (int k = 0; k < 3; k++) {
        m->cur_z[k] = z[k];
        m->cur_ux[k] = f[k] * o->current;
        m->cur_0[k] = 0.0;
    }
    hw_current_def *c = &m->def.env.current;
    c->n_depth = 3; c->z = m->cur_z; c->n_time = 1;
    c->ux = m->cur_ux; c->uy = m->cur_0; c->uz = m->cur_0;
    return 0;
}

static void log_warn(void *user, int level, const char *msg)
{
    (void)user;
    if (level >= 1) fprintf(stderr, "  [hawser warning] %s\n", msg);
}

/* ---- one case ---------------------------------------------------------------------------------- */
typedef struct case_result {
    long steps;
    double wall, setup, rate, rate_min, rate_max;
    double dt, dt_crit;   /* the step used and the model's critical step for the integrator */
    double tension_b;     /* fairlead tension of line 0 at the end (sanity) */
    hw_lm_reduction red;  /* largest segment tension over the model, non-finite count (backend) */
    double reduce_ms;     /* wall time of that reduction (forces already evaluated for T_fl) */
    int ok;
} case_result;

/* dt > 0: that step; dt = 0: o->crit_frac x the model's critical step (hw_sim's automatic dt). */
static int run_case(const options *o, int n_lines, int nseg, const integ_info *ii, double dt,
                    int static_solve, case_result *r)
{
    memset(r, 0, sizeof *r);
    bench_model m;
    if (bench_model_init(&m, o->kind, n_lines, nseg, ii->id, dt, static_solve)) {
        fprintf(stderr, "lumped_bench: out of memory building the model\n");
        return -1;
    }
    if (bench_model_extras(&m, o)) {
        fprintf(stderr, "lumped_bench: out of memory building the model\n");
        bench_model_free(&m);
        return -1;
    }
    if (dt <= 0) m.def.solver.dt_safety = o->crit_frac;
    char msg[512] = "";
    hw_sim *sim = NULL;
    double t0 = now_s();
    hw_status st = hw_sim_create(&m.def, o->backend, log_warn, NULL, &sim, msg, sizeof msg);
    r->setup = now_s() - t0;
    bench_model_free(&m);
    if (st) {
        fprintf(stderr, "lumped_bench: hw_sim_create: %s: %s\n", hw_status_str(st), msg);
        return -1;
    }
    r->dt = hw_sim_dt(sim);
    hw_sim_critical_step(sim, &r->dt_crit, NULL, NULL);
    double segs = (double)n_lines * nseg;

    /* warm-up (untimed in the figures): one step for the first touch of the buffers (and, on
     * CUDA, the recording of the step's graph), then chunks of doubling size until warm_target
     * has passed; the last chunk's cost per step chooses the timed step count */
    double warm_target = o->quick ? 0.01 : 0.25, per_step = 0.0;
    if (o->warmup >= 0) {
        double a = now_s();
        if (o->warmup > 0 && (st = hw_sim_step(sim, (int)o->warmup))) goto fail;
        per_step = o->warmup > 0 ? (now_s() - a) / (double)o->warmup : 0.0;
        if (o->fixed_steps <= 0 && per_step <= 0.0) {
            a = now_s();
            if ((st = hw_sim_step(sim, 1))) goto fail;
            per_step = now_s() - a;
        }
    } else {
        if ((st = hw_sim_step(sim, 1))) goto fail;
        double tw0 = now_s(), tw = 0.0;
        int chunk = 1;
        while (tw < warm_target) {
            double a = now_s();
            if ((st = hw_sim_step(sim, chunk))) goto fail;
            per_step = (now_s() - a) / chunk;
            tw = now_s() - tw0;
            if (chunk < (1 << 20)) chunk *= 2;
        }
    }
    long steps;
    if (o->sim_time > 0) steps = (long)ceil(o->sim_time / r->dt - 1e-9);
    else if (o->fixed_steps > 0) steps = o->fixed_steps;
    else {
        steps = (long)ceil(o->target_s / per_step);
        if (steps < o->repeats) steps = o->repeats;
    }
    int reps = o->repeats;
    if (reps > steps) reps = (int)steps;
    r->rate_min = INFINITY;
    r->rate_max = 0.0;
    long done = 0;
    for (int k = 0; k < reps; k++) {
        long n = steps / reps + (k < steps % reps ? 1 : 0);
        double a = now_s();
        /* hw_sim_step takes an int: chunks of at most 2^30 steps */
        for (long left = n; left > 0;) {
            int c = left > (1L << 30) ? (1 << 30) : (int)left;
            if ((st = hw_sim_step(sim, c))) goto fail;
            left -= c;
        }
        /* the step's end on the device: the CUDA backend returns before its replays finish
         * (the blow-up check is the synchronization), so the clock stops after it */
        double w = now_s() - a;
        r->wall += w;
        done += n;
        double rate = segs * (double)n / w;
        if (rate < r->rate_min) r->rate_min = rate;
        if (rate > r->rate_max) r->rate_max = rate;
    }
    r->steps = done;
    r->rate = segs * (double)done / r->wall;
    double ta = 0, tb = 0;
    hw_sim_line_end_tensions(sim, 0, &ta, &tb);
    r->tension_b = tb;
    {
        double a = now_s();
        if ((st = hw_sim_max_tension(sim, &r->red))) goto fail;
        r->reduce_ms = 1e3 * (now_s() - a);
    }
    r->ok = 1;
    hw_sim_destroy(sim);
    return 0;
fail:
    fprintf(stderr, "lumped_bench: hw_sim_step: %s: %s\n", hw_status_str(st), hw_sim_last_error(sim));
    hw_sim_destroy(sim);
    return -1;
}

/* The critical steps of the bench line (seg_per_line segments), from a one-line probe model. */
static int critical_steps(const options *o, int nseg, double crit[3])
{
    bench_model m;
    if (bench_model_init(&m, o->kind == CASE_CHAIN330 ? CASE_CHAIN330 : CASE_LINES, 1, nseg,
                         HW_INT_RK2, 0.0, 0))
        return -1;
    if (bench_model_extras(&m, o)) { bench_model_free(&m); return -1; }
    char msg[512] = "";
    hw_sim *sim = NULL;
    hw_status st = hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg);
    bench_model_free(&m);
    if (st) { fprintf(stderr, "lumped_bench: probe model: %s: %s\n", hw_status_str(st), msg); return -1; }
    for (int k = 0; k < 3; k++)
        if (hw_sim_critical_step_for(sim, INTEGS[k].id, &crit[k], NULL, NULL)) crit[k] = NAN;
    hw_sim_destroy(sim);
    return 0;
}

#define CSV_HEADER                                                                                 \
    "date,machine,compiler,build_type,case,segments,lines,integrator,dt,steps,"                    \
    "wall_s,seg_steps_per_s,wall_per_sim_s,backend,static_solve,"                                  \
    "napkin_bytes_per_seg_step,napkin_GB_per_s,c_flags,fraction_of_copy_bw,copy_bw_GB_per_s,"      \
    "device,dt_crit,realtime_factor_at_crit,max_tension_N,nonfinite_segments,threads\n"

/* Opens the CSV for appending; a file that already holds rows must carry this header (older
 * files from before the GPU columns were added: start a new file). */
static FILE *open_csv(const char *path)
{
    FILE *probe = fopen(path, "r");
    int fresh = 1;
    if (probe) {
        char line[1024] = "";
        if (fgets(line, sizeof line, probe)) {
            fresh = 0;
            if (strcmp(line, CSV_HEADER)) {
                fprintf(stderr, "lumped_bench: %s has another header (an older bench): write to a "
                                "new file\n", path);
                fclose(probe);
                return NULL;
            }
        }
        fclose(probe);
    }
    FILE *csv = fopen(path, "a");
    if (!csv) { fprintf(stderr, "lumped_bench: cannot open %s: %s\n", path, strerror(errno)); return NULL; }
    if (fresh) fputs(CSV_HEADER, csv);
    return csv;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_args(argc, argv, &o)) return 2;
    hw_set_threads(o.threads);

    char machine[512], date[64], device[256] = "";
    machine_string(machine, sizeof machine);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));

    /* the case's line: the bench line, or the headline chain */
    int c330 = o.kind == CASE_CHAIN330;
    int probe_nseg = c330 ? C330_NSEG : o.seg_per_line;
    double crit[3];
    if (critical_steps(&o, probe_nseg, crit)) return 1;
    /* dt: --dt; else a fraction of each case's own critical step (long, chain330, --crit-frac);
     * else 0.5 x the RK2 critical step of the 1000-segment line for every case (as before) */
    double dt = o.dt > 0 ? o.dt : o.crit_frac > 0 ? 0.0 : 0.5 * crit[1];

    /* the roofline: the device's measured copy bandwidth (bytes read + written per second) */
    double copy_bw = 0.0;
    if (o.backend != HW_BACKEND_CPU) {
#ifdef HAWSER_HAVE_CUDA
        if (hw_cuda_device_count() > 0) {
            char msg[256] = "";
            hw_cuda_device_name(device, sizeof device);
            if (hw_cuda_copy_bandwidth((size_t)1 << 30, 20, &copy_bw, msg, sizeof msg)) {
                fprintf(stderr, "lumped_bench: %s\n", msg);
                copy_bw = 0.0;
            }
        } else
            snprintf(device, sizeof device, "no CUDA device");
#else
        snprintf(device, sizeof device, "CUDA compiled out");
#endif
    }

    char backend_col[64];
    snprintf(backend_col, sizeof backend_col, "cuda-%s", o.path ? o.path : "fused");
    int fz = o.backend != HW_BACKEND_CPU && fused_path(o.path);
    printf("lumped_bench  hawser %s  %s\n", hw_version(), date);
    printf("machine   %s\n", machine);
    printf("build     %s  %s  flags: %s\n", HW_BENCH_BUILD_TYPE, HW_BENCH_COMPILER, HW_BENCH_C_FLAGS);
    printf("threads   %d (CPU backend)\n", hw_threads());
    printf("backend   %s%s\n",
           o.backend == HW_BACKEND_CPU ? "cpu" : o.backend == HW_BACKEND_CUDA ? backend_col : "auto",
           o.quick ? "   (--quick: smoke test, figures are not measurements)" : "");
    if (o.backend != HW_BACKEND_CPU) {
        printf("device    %s\n", device);
        if (copy_bw > 0)
            printf("copy_bw   %.1f GB/s (device-to-device cudaMemcpy of 1 GiB, best of 20, bytes "
                   "read + written): the roofline for fraction_of_copy_bw\n", copy_bw * 1e-9);
    }
    printf("case      %s\n", CASE_NAMES[o.kind]);
    if (o.waves > 0)
        printf("waves     %d component%s (--wave-step %g s; 0: automatic)\n", o.waves,
               o.waves == 1 ? ", a regular wave" : "s", o.wave_step);
    if (c330)
        printf("line      chain d %.4g m (volume-equivalent), %.5g kg/m, EA %.4g N, damping ratio "
               "%.2g, %.4g m long, %d segments (%.4g m), %.4g m of water, fairlead at z = %.3g m, "
               "anchor %.4g m away horizontally\n",
               C330_D, C330_MU, C330_EA, LINE_ZETA, C330_LENGTH, C330_NSEG,
               C330_LENGTH / C330_NSEG, WATER_DEPTH, C330_FAIRLEAD_Z, C330_SPAN_H);
    else
        printf("line      steel chain d %.4g m, %.5g kg/m, EA %.4g N, damping ratio %.2g, %.4g m "
               "long, %d segments per line (%.4g m), %.4g m of water\n",
               LINE_D, LINE_MU, LINE_EA, LINE_ZETA, LINE_LENGTH, o.seg_per_line,
               LINE_LENGTH / o.seg_per_line, WATER_DEPTH);
    if (o.kind == CASE_ENSEMBLE)
        printf("motion    copy k: surge amplitude 0.5 + 0.5 (k mod 8) m, period 6 + 2 ((k / 8) mod "
               "6) s (prescribed sinusoids; all copies in one place, one model)\n");
    else
        printf("motion    fairleads surge %.3g m amplitude, %.3g s period (prescribed sinusoid)\n",
               SURGE_AMP, SURGE_PERIOD);
    printf("dt_crit   euler %.4g s  rk2 %.4g s  rk4 %.4g s  (for %d-segment lines)\n", crit[0],
           crit[1], crit[2], probe_nseg);
    if (dt > 0)
        printf("dt        %.6g s for every case%s\n", dt, o.dt > 0 ? " (--dt)" : " (0.5 x RK2 critical step)");
    else
        printf("dt        %.3g x the critical step of each case's model and integrator\n", o.crit_frac);
    printf("static    solve ON for cases up to %.0f segments, OFF above (initial shape: elastic "
           "catenary); setup is never timed\n", o.static_max);
    if (o.sim_time > 0)
        printf("timing    wall time of hw_sim_step only, after an untimed warm-up; %.4g s simulated "
               "per case in %d chunks\n", o.sim_time, o.repeats);
    else
        printf("timing    wall time of hw_sim_step only, after an untimed warm-up; ~%.3g s per case "
               "in %d chunks (spread = min..max chunk rate)\n", o.target_s, o.repeats);
    if (fz)
        printf("napkin    bytes per segment-step (fused path, counted in docs/gpu.md): euler %.0f, rk2 "
               "%.0f, rk4 %.0f\n", NAPKIN_FUSED_BYTES[0], NAPKIN_FUSED_BYTES[1], NAPKIN_FUSED_BYTES[2]);
    else
        printf("napkin    bytes per node-step: euler %.0f, rk2 %.0f, rk4 %.0f (280 B/node/eval + 56 B x "
               "vector buffers 3/7/15)\n",
               napkin_bytes_per_node_step(&INTEGS[0]), napkin_bytes_per_node_step(&INTEGS[1]),
               napkin_bytes_per_node_step(&INTEGS[2]));
    printf("\n%9s %6s %6s %-5s %10s %8s %8s %8s %11s %17s %10s %9s %9s %7s %8s %10s %10s %6s\n",
           "segments", "lines", "static", "integ", "dt_s", "steps", "setup_s", "wall_s",
           "segstep/s", "spread", "wall/sim_s", "B/segstep", "GB/s(np)", "of_bw", "ws_MB",
           "T_fl_N", "T_max_N", "red_ms");

    FILE *csv = NULL;
    if (o.csv && !(csv = open_csv(o.csv))) return 1;

    int failures = 0;
    double t_all = now_s();
    double c330_proj = NAN, c330_dt = NAN;
    for (int si = 0; si < o.n_sizes; si++) {
        long size = (long)o.sizes[si];
        int n_lines, nseg;
        if (o.kind == CASE_LONG || c330 || size <= o.seg_per_line) { n_lines = 1; nseg = (int)size; }
        else { n_lines = (int)((size + o.seg_per_line / 2) / o.seg_per_line); nseg = o.seg_per_line; }
        long segs = (long)n_lines * nseg;
        long nodes = segs + n_lines + 2L * n_lines; /* state slots: nodes and points */
        int static_solve = (double)segs <= o.static_max;
        for (int k = 0; k < 3; k++) {
            if (!o.integ_on[k]) continue;
            const integ_info *ii = &INTEGS[k];
            case_result r;
            if (run_case(&o, n_lines, nseg, ii, dt, static_solve, &r)) { failures++; continue; }
            double bps_node = napkin_bytes_per_node_step(ii);
            double bytes_seg = fz ? NAPKIN_FUSED_BYTES[k] : bps_node * (double)nodes / (double)segs;
            double gbs = bytes_seg * r.rate * 1e-9;
            double frac_bw = copy_bw > 0 ? bytes_seg * r.rate / copy_bw : NAN;
            double wall_per_sim = r.wall / ((double)r.steps * r.dt);
            /* real-time factor at the critical step: the cost of a step does not depend on dt */
            double rt_crit = (double)r.steps * r.dt_crit / r.wall;
            /* integrator buffers + per-segment scratch (6) + system arrays (~36 B per node) */
            double ws = ((double)ii->buffers_alloc * 7.0 * 8.0 * nodes + 6.0 * 8.0 * segs +
                         6.0 * 8.0 * nodes + 36.0 * nodes) / 1048576.0;
            char spread[48];
            snprintf(spread, sizeof spread, "%.3g..%.3g", r.rate_min, r.rate_max);
            printf("%9ld %6d %6s %-5s %10.4g %8ld %8.3f %8.3f %11.4g %17s %10.4g %9.0f %9.3g %7.3g "
                   "%8.1f %10.4g %10.4g %6.2f\n",
                   segs, n_lines, static_solve ? "on" : "off", ii->name, r.dt, r.steps, r.setup,
                   r.wall, r.rate, spread, wall_per_sim, bytes_seg, gbs, frac_bw, ws, r.tension_b,
                   r.red.max_T, r.reduce_ms);
            if (r.red.n_nonfinite)
                printf("          %d segment(s) with a non-finite tension or strain\n", r.red.n_nonfinite);
            if (c330) {
                c330_proj = wall_per_sim * C330_SIM_S;
                c330_dt = r.dt;
                printf("          chain330 %s: dt %.4g s (%.3g x critical %.4g s); 60 s simulated = "
                       "%.4g steps: %s %.1f s wall (goal: under 60 s)\n", ii->name, r.dt,
                       r.dt / r.dt_crit, r.dt_crit, C330_SIM_S / r.dt,
                       o.sim_time >= C330_SIM_S ? "measured" : "projected from the timed steps",
                       c330_proj);
            }
            if (segs == 1000 && n_lines == 1)
                printf("          one 1000-segment line, %s: %.3g x faster than real time at its "
                       "critical step %.4g s (goal: 20 x)\n", ii->name, rt_crit, r.dt_crit);
            fflush(stdout);
            if (csv) {
                char cname[96];
                char wname[32] = "";
                if (o.waves > 0) snprintf(wname, sizeof wname, "-waves%d", o.waves);
                snprintf(cname, sizeof cname, "%s%dx%d-%s%s%s",
                         o.kind == CASE_LINES ? "chain" : CASE_NAMES[o.kind], n_lines, nseg,
                         ii->name, wname, o.quick ? "-quick" : "");
                fprintf(csv, "%s,", date);
                csv_text(csv, machine); fputc(',', csv);
                csv_text(csv, HW_BENCH_COMPILER); fputc(',', csv);
                fprintf(csv, "%s,%s,%ld,%d,%s,%.6g,%ld,%.6f,%.6g,%.6g,%s,%d,%.1f,%.4g,", HW_BENCH_BUILD_TYPE,
                        cname, segs, n_lines, ii->name, r.dt, r.steps, r.wall, r.rate, wall_per_sim,
                        o.backend == HW_BACKEND_CPU ? "cpu"
                        : o.backend == HW_BACKEND_CUDA ? backend_col : "auto",
                        static_solve, bytes_seg, gbs);
                csv_text(csv, HW_BENCH_C_FLAGS);
                if (copy_bw > 0) fprintf(csv, ",%.4g,%.1f,", frac_bw, copy_bw * 1e-9);
                else fputs(",,,", csv);
                csv_text(csv, device);
                fprintf(csv, ",%.6g,%.4g,%.6g,%d,%d\n", r.dt_crit, rt_crit, r.red.max_T,
                        r.red.n_nonfinite, hw_threads());
                fflush(csv);
            }
        }
    }
    if (csv) fclose(csv);
    printf("\ntotal bench wall time %.1f s\n", now_s() - t_all);
    if (c330 && isfinite(c330_proj))
        printf("headline  chain330 (last integrator run): 60 s simulated at dt %.4g s: %.1f s wall "
               "(%s)\n", c330_dt, c330_proj, o.sim_time >= C330_SIM_S ? "measured" : "projected");
    printf("units: segstep/s = segments x steps / wall_s; wall/sim_s = wall seconds per simulated "
           "second; B/segstep and GB/s(np) are the napkin model's traffic (not measured); of_bw = "
           "napkin GB/s over the measured copy bandwidth (GPU only); ws_MB = estimated working "
           "set; T_fl_N = fairlead tension of line 0 at the end; T_max_N = largest segment "
           "tension over the model (backend reduction), red_ms its wall time (sanity)\n");
    if (failures) { fprintf(stderr, "lumped_bench: %d case(s) failed\n", failures); return 1; }
    return 0;
}
