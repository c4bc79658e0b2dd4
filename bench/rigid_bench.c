/* rigid_bench: the rigid-cylinder cable (include/hawser/rigid.h) on the CPU.
 *
 * 1. Throughput: element-steps per second at 1e3..1e6 elements, as one long cable ("long") and
 *    as many 100-element cables ("many"). The cable is the stiff steel wire of validation case 13
 *    (EA 1e9 N, 10 kg/m, d 0.04 m, 1 m elements, beta = 1/dt, damping ratio 0.5) hanging in water
 *    on its catenary (span 0.8 L, rise 0.5 L), dt = 1e-2 s. Timed: hw_rc_step() only, after an
 *    untimed warm-up step.
 * 2. Stability: the largest step at which case 13 (100 m of that wire in air, span 80 m, rise
 *    50 m) runs 60 s stably and ends within 1 % of Irvine's fairlead tension, against the
 *    lumped-mass critical step hw_sim_critical_step() of the same cable at the same 1 m segments.
 *
 * --waves N puts the throughput cases in a sea of N wave components (amplitudes 2/N m, angular
 * frequencies spread over 0.3..1.5 rad/s, directions over +-0.5 rad, fixed phases): the cost of
 * the direct summation at every element (docs/rigid.md "Waves"); only the "many" cases (the
 * "long" wire is weightless, g = 0, and waves need gravity).
 *
 * Usage: rigid_bench [--sizes 1e3,1e4,1e5,1e6] [--time SEC] [--csv FILE] [--quick] [--waves N]
 *                    [--backend cpu|cuda|auto] [--threads N] [--path hand|cublas] [--no-stability]
 *   (the stability scan always runs on the CPU; --threads: the CPU backend's threads,
 *   hw_set_threads; --path: the CUDA rigid solver, environment HAWSER_CUDA_RIGID) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "hawser/hawser.h"
#include "hawser/rigid.h"
#include "hawser/waves.h"
#include "../tests/helpers.h" /* Irvine's equations (independent of the library) */

#ifndef HW_BENCH_BUILD_TYPE
#define HW_BENCH_BUILD_TYPE "unknown"
#endif
#ifndef HW_BENCH_COMPILER
#define HW_BENCH_COMPILER "unknown"
#endif
#ifndef HW_BENCH_C_FLAGS
#define HW_BENCH_C_FLAGS ""
#endif

#define WIRE_EA 1e9
#define WIRE_MU 10.0
#define WIRE_D 0.04

static hw_backend_kind g_backend = HW_BACKEND_CPU;
static int g_waves; /* wave components of the throughput cases (0: still water) */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void machine_string(char *out, size_t len)
{
    char cpu[256] = "unknown CPU", fam[32] = "", mod[32] = "", line[512];
    int ncpu = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        while (fgets(line, sizeof line, f)) {
            char *c = strchr(line, ':');
            if (!strncmp(line, "processor", 9)) ncpu++;
            if (!c) continue;
            char *v = c + 1;
            while (*v == ' ' || *v == '\t') v++;
            v[strcspn(v, "\n")] = 0;
            if (!strncmp(line, "model name", 10) && !strcmp(cpu, "unknown CPU")) snprintf(cpu, sizeof cpu, "%s", v);
            else if (!fam[0] && !strncmp(line, "cpu family", 10)) snprintf(fam, sizeof fam, "%s", v);
            else if (!mod[0] && !strncmp(line, "model\t", 6)) snprintf(mod, sizeof mod, "%s", v);
        }
        fclose(f);
    }
    struct utsname u;
    if (uname(&u) != 0) snprintf(u.nodename, sizeof u.nodename, "?");
    snprintf(out, len, "%s %s %s (family %s model %s) x%d", u.nodename, u.machine, cpu, fam, mod, ncpu);
}

typedef struct row {
    char cse[48];
    long elements; int cables; double dt; long steps; double wall, rate, wall_per_sim;
    char note[256];
} row;

static void wire_cable(hw_rc_cable_def *c, int n, double y, int water)
{
    /* water: hanging in water on its catenary; air: case 13's wire; otherwise (water < 0) a
     * straight weightless wire between its ends (the "long" cost case) */
    double L = n; /* 1 m elements */
    *c = hw_default_rc_cable();
    c->name = "wire";
    c->length = L; c->elements = n;
    c->mass_per_length = WIRE_MU; c->diameter = WIRE_D; c->ea = WIRE_EA;
    c->damping_ratio = 0.5;
    double z0 = water ? -0.9 * L : 0.0;
    c->pos_a[0] = 0; c->pos_a[1] = y; c->pos_a[2] = z0;
    c->pos_b[0] = 0.8 * L; c->pos_b[1] = y; c->pos_b[2] = z0 + 0.5 * L;
    if (water < 0) { c->pos_a[2] = -10; c->pos_b[0] = L; c->pos_b[1] = y; c->pos_b[2] = -10; }
}

/* Throughput of nc cables of n elements each. */
static int throughput(const char *name, int nc, int n, double t_target, row *r)
{
    int lng = !strcmp(name, "long");
    hw_rc_def def = hw_default_rc_def();
    def.dt = 1e-2;
    def.env.depth = 2.0 * n + 10;
    if (lng) { def.env.g = 0; def.env.current[1] = 0.2; }
    def.backend = g_backend;
    double *wv = NULL;
    if (g_waves > 0) {
        int m = g_waves;
        wv = (double *)malloc(4 * (size_t)m * sizeof(double));
        if (!wv) return -1;
        for (int j = 0; j < m; j++) {
            wv[j] = 2.0 / m;
            wv[m + j] = 0.3 + 1.2 * j / (m > 1 ? m - 1 : 1);
            wv[2 * m + j] = -0.5 + (double)(j % 11) / 10.0;
            wv[3 * m + j] = 2.399963 * j; /* golden-angle phases: fixed, spread */
        }
        def.env.waves = hw_default_waves();
        def.env.waves.kind = HW_WAVES_COMPONENTS;
        def.env.waves.n_components = m;
        def.env.waves.c_amp = wv; def.env.waves.c_omega = wv + m;
        def.env.waves.c_dir = wv + 2 * m; def.env.waves.c_phase = wv + 3 * m;
    }
    hw_rc_cable_def *c = (hw_rc_cable_def *)calloc((size_t)nc, sizeof *c);
    if (!c) { free(wv); return -1; }
    for (int k = 0; k < nc; k++) wire_cable(&c[k], n, 10.0 * k, lng ? -1 : 1);
    def.n_cables = nc; def.cables = c;
    hw_rc *rc = NULL;
    char msg[512];
    hw_status st = hw_rc_create(&def, &rc, msg, sizeof msg);
    free(wv); /* read at create */
    if (st != HW_OK) { fprintf(stderr, "rigid_bench: create: %s\n", msg); free(c); return -1; }
    char backend_name[16];
    snprintf(backend_name, sizeof backend_name, "%s", hw_rc_backend_name(rc));
    hw_rc_step(rc, 1); /* warm-up */
    long total = (long)nc * n, steps = 0;
    double t0 = now_s(), t1 = t0;
    int chunk = 1;
    while (t1 - t0 < t_target || steps < 3) {
        st = hw_rc_step(rc, chunk);
        if (st != HW_OK) { fprintf(stderr, "rigid_bench: step: %s\n", hw_rc_last_error(rc)); break; }
        steps += chunk;
        t1 = now_s();
        if (t1 - t0 < 0.1 * t_target) chunk *= 2;
    }
    hw_rc_destroy(rc);
    free(c);
    if (st != HW_OK) return -1;
    if (g_waves > 0) snprintf(r->cse, sizeof r->cse, "%s%dx%d-waves%d", name, nc, n, g_waves);
    else snprintf(r->cse, sizeof r->cse, "%s%dx%d", name, nc, n);
    r->elements = total; r->cables = nc; r->dt = 1e-2; r->steps = steps;
    r->wall = t1 - t0; r->rate = (double)total * steps / r->wall;
    r->wall_per_sim = r->wall / (steps * 1e-2);
    const char *path = getenv("HAWSER_CUDA_RIGID");
    snprintf(r->note, sizeof r->note, "%s; %d wave components; backend %s%s%s; %d threads", lng ? "straight weightless wire in a 0.2 m/s cross current, dt 1e-2 s"
                                                 : "100 m steel wires hanging in water on their catenaries, dt 1e-2 s", g_waves, backend_name,
             strcmp(backend_name, "cuda") ? "" : " path ", strcmp(backend_name, "cuda") ? "" : (path ? path : "hand"),
             hw_threads());
    return 0;
}

/* Case 13 at step dt: 0 if stable over 60 s and within tol of Irvine's fairlead tension. */
static int stiff_wire_at(double dt, double *err_h, double *err_v)
{
    hw_rc_def def = hw_default_rc_def();
    def.dt = dt;
    def.env.rho_w = 0; def.env.depth = 1000;
    hw_rc_cable_def c;
    wire_cable(&c, 100, 0, 0);
    c.pos_a[2] = -60; c.pos_b[2] = -10;
    c.relax_damping = fmin(1.0, 0.5 / dt);
    def.n_cables = 1; def.cables = &c;
    hw_rc *rc = NULL;
    char msg[512];
    if (hw_rc_create(&def, &rc, msg, sizeof msg) != HW_OK) return -1;
    hw_status st = hw_rc_step(rc, (int)(60.0 / dt + 0.5));
    double fa[3], fb[3];
    hw_rc_end_forces(rc, 0, fa, fb);
    hw_rc_destroy(rc);
    if (st != HW_OK) return 1;
    double w = WIRE_MU * G0, H = w * 50, V = w * 100;
    if (irvine_solve(0, 80, 50, 100, w, WIRE_EA, &H, &V)) return -1;
    *err_h = -fb[0] / H - 1;
    *err_v = -fb[2] / V - 1;
    return (isfinite(*err_h) && fabs(*err_h) < 0.01 && fabs(*err_v) < 0.01) ? 0 : 2;
}

static int stability(row *r)
{
    /* lumped-mass critical step of the same cable */
    one_line m;
    double ra[3] = {0, 0, -60}, rb[3] = {80, 0, -10};
    one_line_init(&m, WIRE_D, WIRE_MU, WIRE_EA, 100, 100, ra, rb);
    m.def.env.rho_w = 0; m.def.env.depth = 1000;
    m.def.solver.integrator = HW_INT_SYMPLECTIC_EULER;
    m.def.solver.static_solve = 0; /* only the critical step is needed */
    hw_sim *sim = NULL;
    char msg[512];
    if (hw_sim_create(&m.def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg) != HW_OK) {
        fprintf(stderr, "rigid_bench: lumped: %s\n", msg);
        return -1;
    }
    double dtc;
    hw_sim_critical_step(sim, &dtc, NULL, NULL);
    hw_sim_destroy(sim);
    /* scan upwards; the largest passing step */
    const double dts[] = {0.01, 0.0125, 0.015, 0.0175, 0.02, 0.025, 0.03, 0.035, 0.04, 0.05, 0.06, 0.08, 0.1};
    double best = 0, eh = 0, ev = 0;
    for (size_t k = 0; k < sizeof dts / sizeof dts[0]; k++) {
        double h, v;
        int s = stiff_wire_at(dts[k], &h, &v);
        printf("  stiff wire dt %.3g s: %s", dts[k], s == 0 ? "stable, within 1 % of Irvine" : s == 1 ? "blew up" : "inaccurate or failed");
        if (s == 0 || s == 2) printf(" (H %+.3f %%, V %+.3f %%)", 100 * h, 100 * v);
        printf("\n");
        if (s == 0) { best = dts[k]; eh = h; ev = v; }
        else break;
    }
    snprintf(r->cse, sizeof r->cse, "stiffwire-largest-stable-dt");
    r->elements = 100; r->cables = 1; r->dt = best; r->steps = 0; r->wall = 0; r->rate = 0; r->wall_per_sim = 0;
    snprintf(r->note, sizeof r->note,
             "lumped symplectic-Euler critical step %.4g s; ratio %.0fx; H %+.3f%% V %+.3f%% vs Irvine",
             dtc, best / dtc, 100 * eh, 100 * ev);
    printf("largest stable step %.3g s vs lumped-mass critical %.4g s: %.0fx\n", best, dtc, best / dtc);
    return 0;
}

int main(int argc, char **argv)
{
    double sizes[8] = {1e3, 1e4, 1e5, 1e6};
    int nsizes = 4;
    double t_target = 2.0;
    const char *csv = NULL;
    int scan = 1;
    char machine[512], date[32], cmd[512] = "";
    for (int i = 0; i < argc; i++) { /* before strtok cuts --sizes' list */
        size_t l = strlen(cmd);
        snprintf(cmd + l, sizeof cmd - l, "%s%s", i ? " " : "", argv[i]);
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--time") && i + 1 < argc) t_target = atof(argv[++i]);
        else if (!strcmp(argv[i], "--quick")) { nsizes = 2; t_target = 0.3; }
        else if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
            const char *b = argv[++i];
            g_backend = !strcmp(b, "cuda") ? HW_BACKEND_CUDA : !strcmp(b, "auto") ? HW_BACKEND_AUTO : HW_BACKEND_CPU;
        }
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) hw_set_threads(atoi(argv[++i]));
        else if (!strcmp(argv[i], "--path") && i + 1 < argc) setenv("HAWSER_CUDA_RIGID", argv[++i], 1);
        else if (!strcmp(argv[i], "--no-stability")) scan = 0;
        else if (!strcmp(argv[i], "--waves") && i + 1 < argc) g_waves = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = 0;
            for (char *s = strtok(argv[++i], ","); s && nsizes < 8; s = strtok(NULL, ",")) sizes[nsizes++] = atof(s);
        } else {
            fprintf(stderr, "usage: rigid_bench [--sizes 1e3,1e4,1e5,1e6] [--time SEC] [--csv FILE] [--quick] [--backend cpu|cuda|auto]\n"
                            "                   [--threads N] [--path hand|cublas] [--no-stability] [--waves N]\n");
            return 2;
        }
    }
    machine_string(machine, sizeof machine);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    const char *path = getenv("HAWSER_CUDA_RIGID");
    printf("rigid_bench  hawser %s  %s\n%s\n%s %s %s\nCPU threads %d, CUDA rigid path %s\n", hw_version(), date, machine,
           HW_BENCH_COMPILER, HW_BENCH_BUILD_TYPE, HW_BENCH_C_FLAGS, hw_threads(), path ? path : "(default)");
    row rows[32];
    int nr = 0;
    for (int s = 0; s < nsizes; s++) {
        int n = (int)sizes[s];
        int first = nr;
        if (!g_waves && throughput("long", 1, n, t_target, &rows[nr]) == 0) nr++; /* weightless: no waves */
        if (n >= 100 && throughput("many", n / 100, 100, t_target, &rows[nr]) == 0) nr++;
        for (int k = first; k < nr; k++)
            printf("%-22s %8ld elements %6d cables  %6ld steps  %7.3f s  %.4g element-steps/s  %.3g s wall per s simulated\n",
                   rows[k].cse, rows[k].elements, rows[k].cables, rows[k].steps, rows[k].wall, rows[k].rate,
                   rows[k].wall_per_sim);
    }
    if (scan && stability(&rows[nr]) == 0) nr++;
    if (csv) {
        FILE *f = fopen(csv, "r");
        int fresh = f == NULL;
        if (f) fclose(f);
        f = fopen(csv, "a");
        if (!f) { fprintf(stderr, "rigid_bench: cannot write %s\n", csv); return 1; }
        if (fresh)
            fprintf(f, "date,machine,compiler,build_type,command,case,elements,cables,dt,steps,wall_s,"
                       "elem_steps_per_s,wall_per_sim_s,note,c_flags\n");
        for (int k = 0; k < nr; k++)
            fprintf(f, "%s,\"%s\",\"%s\",%s,\"%s\",%s,%ld,%d,%.4g,%ld,%.6f,%.6g,%.6g,\"%s\",\"%s\"\n", date,
                    machine, HW_BENCH_COMPILER, HW_BENCH_BUILD_TYPE, cmd, rows[k].cse, rows[k].elements,
                    rows[k].cables, rows[k].dt, rows[k].steps, rows[k].wall, rows[k].rate, rows[k].wall_per_sim,
                    rows[k].note, HW_BENCH_C_FLAGS);
        fclose(f);
    }
    return 0;
}
