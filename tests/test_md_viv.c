/* Cross-flow vortex-induced vibration (kernels/physics/viv.h, docs/physics.md "Vortex-induced
 * vibration"): the lift and the phase rate against their closed forms, Cl = 0 leaving a line's
 * run bit for bit as it was, the start phases, the YAML keys and the deck columns and their
 * errors, the deck tests/data/viv/md_viv.dat and its hand-written twin md_viv.yaml, and MoorDyn
 * 2.7.2's own response on that deck. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/moordyn_deck.h"
#include "helpers.h"
#include "io/scenario.h"
#include "physics/viv.h"

#define DECK HW_TEST_DATA_DIR "/viv/md_viv.dat"
#define TWIN HW_TEST_DATA_DIR "/viv/md_viv.yaml"

static char msg[2048];

/* ---- the closed forms ------------------------------------------------------------------------- */

/* The lift at phase 0 on a node across a flow U: 1/2 rho d Cl U^2 ln, along q x u (here +y for
 * a vertical node in a flow along +x); at phase pi/2, nothing; with Cl = 0, zeros bit for bit. */
Test(viv, lift_amplitude_and_direction)
{
    const double rho = 1025, d = 0.024, cl = 0.7, ln = 0.4975, U = 0.5;
    hw_v3 qh = hw_v3_make(0, 0, 1), u = hw_v3_make(U, 0, 0);
    hw_v3 un = hw_viv_normal_flow(hw_v3_add(u, hw_v3_make(0, 0, 0.3)), qh); /* the axial part goes */
    cr_assert(un.x == U && un.y == 0 && un.z == 0);
    hw_v3 f = hw_viv_lift(rho, d, cl, ln, un, qh, 0.0);
    double want = 0.5 * rho * d * cl * U * U * ln;
    cr_expect(fabs(f.y - want) <= 1e-15 * want && f.x == 0 && f.z == 0, "lift %.17g, want %.17g", f.y, want);
    hw_v3 g = hw_viv_lift(rho, d, cl, ln, un, qh, HW_PI / 2);
    cr_expect(fabs(g.y) < 1e-15 * want, "at phase pi/2: %g", g.y);
    hw_v3 z = hw_viv_lift(rho, d, 0.0, ln, un, qh, 1.234);
    cr_expect(z.x == 0 && z.y == 0 && z.z == 0, "Cl = 0 lifts");
}

/* A node held still (v = a = 0): its motion has no phase (atan2(-0, 0) = -0, MoorDyn's value too),
 * so f^ = cF - dF sin(phi) and phi' = 2 pi f^ U / d. Over a turn the phase takes
 *   T = integral_0^2pi dphi / phi' = d / (U sqrt(cF^2 - dF^2)),
 * i.e. the held node's lift beats at f = sqrt(cF^2 - dF^2) U / d (0.1612 U / d with MoorDyn's
 * cF = 0.18, dF = 0.08), a little below the centre Strouhal number cF. And a node that moves in
 * step with its lift (motion phase = phi) sheds at exactly cF U / d, one a quarter turn ahead at
 * (cF + dF) U / d: the synchronization pulls the frequency towards the motion's. */
Test(viv, phase_rate_held_and_in_step)
{
    const double d = 0.024, U = 0.5, cf = 0.18, df = 0.08, tau = 0.05;
    hw_v3 qh = hw_v3_make(0, 0, 1), un = hw_v3_make(U, 0, 0), zero = hw_v3_zero();
    double T = 0;
    const int n = 200000;
    for (int k = 0; k < n; k++) { /* midpoint rule on a smooth periodic integrand: spectral */
        double phi = 2 * HW_PI * (k + 0.5) / n;
        hw_viv_rates R = hw_viv_eval(zero, zero, un, qh, phi, 0, 0, d, cf, df, tau);
        double want = 2 * HW_PI * (cf - df * sin(phi)) * U / d;
        cr_assert(fabs(R.dphi - want) <= 1e-12 * want, "phi %g: rate %.17g, want %.17g", phi, R.dphi, want);
        cr_assert(R.dsy == 0 && R.dsa == 0);
        T += 2 * HW_PI / n / R.dphi;
    }
    double f = 1 / T, fw = sqrt(cf * cf - df * df) * U / d;
    cr_expect(fabs(f - fw) < 1e-10 * fw, "held: %.12g Hz, closed form %.12g Hz", f, fw);
    /* moving in step: y' = A cos(th), y'' = -A w sin(th) has motion phase th */
    const double A = 0.03, w = 30, th = 1.1;
    hw_v3 e = hw_v3_make(0, 1, 0); /* q x u_n / |u_n|: the cross-flow direction */
    hw_v3 v = hw_v3_scale(e, A * cos(th)), a = hw_v3_scale(e, -A * w * sin(th));
    double sy = 0.5 * A * A, sa = 0.5 * A * A * w * w; /* the mean squares of a sine */
    cr_expect(fabs(hw_viv_motion_phase(A * cos(th), -A * w * sin(th), sy, sa) - th) < 1e-14);
    hw_viv_rates R = hw_viv_eval(v, a, un, qh, th, sy, sa, d, cf, df, tau);
    cr_expect(fabs(R.dphi - 2 * HW_PI * cf * U / d) < 1e-12 * R.dphi, "in step: %.17g", R.dphi);
    R = hw_viv_eval(v, a, un, qh, th - HW_PI / 2, sy, sa, d, cf, df, tau);
    cr_expect(fabs(R.dphi - 2 * HW_PI * (cf + df) * U / d) < 1e-12 * R.dphi, "ahead: %.17g", R.dphi);
    /* the running mean squares relax towards the squares with the time tau */
    cr_expect(fabs(R.dsy - (A * A * cos(th) * cos(th) - sy) / tau) < 1e-15);
    cr_expect(fabs(R.dsa - (A * A * w * w * sin(th) * sin(th) - sa) / tau) < 1e-12);
}

/* ---- a line with and without VIV -------------------------------------------------------------- */

/* Two taut lines side by side in a current; a: VIV (Cl) or none (Cl = 0), b: never. */
static hw_scenario *two_lines(double cl)
{
    char text[2048], viv[128] = "";
    if (cl > 0) snprintf(viv, sizeof viv, ", viv: {Cl: %g}", cl);
    snprintf(text, sizeof text,
        "environment: {depth: 30, current: {profile: [[-30, 0.5, 0, 0], [0, 0.5, 0, 0]]}}\n"
        "line_types:\n"
        "  - {name: v, diameter: 0.024, mass_per_length: 0.69, EA: 6.66e5, damping_ratio: 1, Cdt: 0%s}\n"
        "  - {name: c, diameter: 0.024, mass_per_length: 0.69, EA: 6.66e5, damping_ratio: 1, Cdt: 0}\n"
        "points:\n"
        "  - {name: a0, type: fixed, position: [0, 0, -11]}\n"
        "  - {name: a1, type: fixed, position: [0, 0, -1]}\n"
        "  - {name: b0, type: fixed, position: [5, 0, -11]}\n"
        "  - {name: b1, type: fixed, position: [5, 0, -1]}\n"
        "lines:\n"
        "  - {name: a, type: v, end_a: a0, end_b: a1, length: 9.95, segments: 20}\n"
        "  - {name: b, type: c, end_a: b0, end_b: b1, length: 9.95, segments: 20}\n"
        "solver: {dt: 0.0001, t_end: 1, integrator: rk4, static_solve: false}\n", viv);
    return scn_text(text, "viv.yaml");
}

/* Cl = 0 is no VIV: line b runs bit for bit the same beside a VIV line as beside a plain one (its
 * nodes carry VIV states that hold). Line a with Cl > 0 moves across the flow (y), which it never
 * does with Cl = 0 in a flow along x. */
Test(viv, cl_zero_is_bit_for_bit_no_viv)
{
    hw_scenario *sc[2] = {two_lines(0.7), two_lines(0.0)};
    double pa[2][63], pb[2][63];
    for (int k = 0; k < 2; k++) {
        hw_sim *sim = cpu_sim(sc[k]);
        cr_assert_eq(hw_sim_step(sim, 2000), HW_OK);
        cr_assert_eq(hw_sim_line_positions(sim, 0, pa[k]), HW_OK);
        cr_assert_eq(hw_sim_line_positions(sim, 1, pb[k]), HW_OK);
        hw_sim_destroy(sim);
        hw_scenario_free(sc[k]);
    }
    cr_expect(memcmp(pb[0], pb[1], sizeof pb[0]) == 0, "the plain line changed beside a VIV line");
    double ymax = 0, ymax0 = 0;
    for (int j = 0; j <= 20; j++) {
        ymax = fmax(ymax, fabs(pa[0][3 * j + 1]));
        ymax0 = fmax(ymax0, fabs(pa[1][3 * j + 1]));
    }
    cr_expect(ymax > 1e-4 && ymax0 == 0, "cross-flow motion: VIV %g m, none %g m", ymax, ymax0);
}

/* The start phases: 2 pi j / N at interior node j (MoorDyn 2.7.2's start, measured on its wheel:
 * the lift on node j of a 20-segment line just after the start is 1/2 rho d Cl |u| u ln cos(2 pi
 * j / 20)); 0 on the end nodes and on the nodes of a line without VIV. */
Test(viv, start_phases_spread_along_the_line)
{
    hw_scenario *sc = two_lines(0.7);
    hw_sim *sim = cpu_sim(sc);
    double phi[21];
    cr_assert_eq(hw_sim_line_viv_phases(sim, 0, phi), HW_OK);
    for (int j = 0; j <= 20; j++) {
        double want = j == 0 || j == 20 ? 0.0 : 2 * HW_PI * j / 20;
        cr_expect(fabs(phi[j] - want) < 1e-15, "node %d: %.17g, want %.17g", j, phi[j], want);
    }
    cr_assert_eq(hw_sim_line_viv_phases(sim, 1, phi), HW_OK);
    for (int j = 0; j <= 20; j++) cr_expect(phi[j] == 0, "line b node %d: %g", j, phi[j]);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* ---- keys, columns and errors ----------------------------------------------------------------- */

static void yaml_error(const char *viv, const char *want)
{
    char text[1024];
    snprintf(text, sizeof text,
        "line_types:\n"
        "  - {name: v, diameter: 0.024, mass_per_length: 0.69, EA: 6.66e5, viv: %s}\n"
        "points:\n"
        "  - {name: a0, type: fixed, position: [0, 0, -11]}\n"
        "  - {name: a1, type: fixed, position: [0, 0, -1]}\n"
        "lines:\n"
        "  - {name: a, type: v, end_a: a0, end_b: a1, length: 9.95, segments: 20}\n", viv);
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(text, "viv.yaml", &sc, msg, sizeof msg);
    cr_expect_neq(st, HW_OK, "viv: %s loaded", viv);
    cr_expect(strstr(msg, want) != NULL, "viv: %s: message \"%s\" lacks \"%s\"", viv, msg, want);
    hw_scenario_free(sc);
}

Test(viv, yaml_keys_and_errors)
{
    hw_scenario *sc = scn_text("line_types:\n"
                               "  - {name: v, diameter: 0.024, mass_per_length: 0.69, EA: 6.66e5,\n"
                               "     viv: {Cl: 0.5, cF: 0.2, dF: 0.05, tau: 0.1}}\n"
                               "  - {name: w, diameter: 0.024, mass_per_length: 0.69, EA: 6.66e5, viv: {Cl: 0.5}}\n"
                               "points:\n"
                               "  - {name: a0, type: fixed, position: [0, 0, -11]}\n"
                               "  - {name: a1, type: fixed, position: [0, 0, -1]}\n"
                               "lines:\n"
                               "  - {name: a, type: v, end_a: a0, end_b: a1, length: 9.95, segments: 20}\n", "viv.yaml");
    const hw_line_type_def *t = &sc->model.types[0], *u = &sc->model.types[1];
    cr_expect(t->viv_cl == 0.5 && t->viv_cf == 0.2 && t->viv_df == 0.05 && t->viv_tau == 0.1);
    cr_expect(u->viv_cf == HW_VIV_CF && u->viv_df == HW_VIV_DF && u->viv_tau == 0, "MoorDyn's defaults");
    hw_scenario_free(sc);
    yaml_error("{cF: 0.2}", "Cl");
    yaml_error("{Cl: -1}", "viv.Cl");
    yaml_error("{Cl: 1, cF: 0}", "viv.cF");
    yaml_error("{Cl: 1, dF: -0.1}", "viv.dF");
    yaml_error("{Cl: 1, St: 0.2}", "St");
}

/* The deck's Cl, dF, cF columns (MoorDyn's order), dF and cF optional; a negative Cl refused. */
Test(viv, deck_columns)
{
    hw_scenario *sc = md_deck(DECK);
    const hw_line_type_def *t = &sc->model.types[0];
    cr_expect(t->viv_cl == 0.7 && t->viv_df == 0.08 && t->viv_cf == 0.18, "Cl %g dF %g cF %g", t->viv_cl,
              t->viv_df, t->viv_cf);
    hw_scenario_free(sc);
    /* the same deck with other columns, in the build's scratch directory beside its current */
    FILE *cin = fopen(HW_TEST_DATA_DIR "/viv/current_profile.txt", "r"), *cout = fopen(HW_TMP "/current_profile.txt", "w");
    cr_assert(cin && cout);
    for (int ch; (ch = fgetc(cin)) != EOF;) fputc(ch, cout);
    fclose(cin);
    fclose(cout);
    FILE *in = fopen(DECK, "r");
    cr_assert(in);
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = 0;
    const char *row = "0.7   0.08  0.18";
    char *p = strstr(text, row);
    cr_assert(p);
    const char *alts[] = {"0.4   0.1   0.3", "0.4", "-0.1"};
    for (int k = 0; k < 3; k++) {
        char pad[32];
        snprintf(pad, sizeof pad, "%-*s", (int)strlen(row), alts[k]);
        memcpy(p, pad, strlen(row));
        char path[512];
        snprintf(path, sizeof path, HW_TMP "/md_viv_cols%d.dat", k);
        FILE *f = fopen(path, "w");
        cr_assert(f);
        fputs(text, f);
        fclose(f);
        hw_scenario *s2 = NULL;
        hw_status st = hw_md_load(path, NULL, NULL, &s2, NULL, msg, sizeof msg);
        if (k < 2) {
            cr_assert_eq(st, HW_OK, "%s", msg);
            const hw_line_type_def *u = &s2->model.types[0];
            cr_expect(u->viv_cl == 0.4, "Cl %g", u->viv_cl);
            cr_expect(k == 0 ? u->viv_df == 0.1 && u->viv_cf == 0.3 : u->viv_df == HW_VIV_DF && u->viv_cf == HW_VIV_CF,
                      "columns %d: dF %g cF %g", k, u->viv_df, u->viv_cf);
        } else {
            cr_expect_neq(st, HW_OK);
            cr_expect(strstr(msg, "md_viv_cols2.dat:7") && strstr(msg, "Cl"), "%s", msg);
        }
        hw_scenario_free(s2);
    }
}

/* ---- the deck and its twin; MoorDyn 2.7.2 ----------------------------------------------------- */

/* md_viv.dat and its hand-written twin md_viv.yaml: the same model, bit for bit the same run
 * (positions and VIV phases after 0.3 s). */
Test(viv, deck_and_yaml_twin_run_the_same)
{
    hw_scenario *sc[2] = {md_deck(DECK), NULL};
    cr_assert_eq(hw_scenario_load(TWIN, &sc[1], msg, sizeof msg), HW_OK, "%s", msg);
    double out[2][2][63] = {{{0}}};
    for (int k = 0; k < 2; k++) {
        hw_sim *sim = cpu_sim(sc[k]);
        cr_assert_eq(hw_sim_step(sim, 3000), HW_OK);
        cr_assert_eq(hw_sim_line_positions(sim, 0, out[k][0]), HW_OK);
        cr_assert_eq(hw_sim_line_viv_phases(sim, 0, out[k][1]), HW_OK);
        hw_sim_destroy(sim);
        hw_scenario_free(sc[k]);
    }
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 63 && (b == 0 || i < 21); i++)
            cr_expect(memcmp(&out[0][b][i], &out[1][b][i], sizeof(double)) == 0,
                      "deck and twin differ: %s %d: %.17g vs %.17g", b ? "phase" : "position", i, out[0][b][i],
                      out[1][b][i]);
}

/* Amplitude (half the range) and mean zero up-crossing frequency of y(t) on samples from t0. */
static void amp_freq(const double *t, const double *y, int n, double *amp, double *freq)
{
    double mean = 0, lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < n; k++) mean += y[k] / n;
    double z0 = NAN, z1 = NAN;
    int nz = 0;
    for (int k = 0; k < n; k++) {
        lo = fmin(lo, y[k] - mean); hi = fmax(hi, y[k] - mean);
        if (k > 0 && y[k - 1] - mean < 0 && y[k] - mean >= 0) {
            double tz = t[k - 1] + (t[k] - t[k - 1]) * (mean - y[k - 1]) / (y[k] - y[k - 1]);
            if (nz == 0) z0 = tz;
            z1 = tz;
            nz++;
        }
    }
    *amp = 0.5 * (hi - lo);
    *freq = (nz - 1) / (z1 - z0);
}

/* MoorDyn 2.7.2 (PyPI wheel; moordyn.Create + Init + Step(dt = 0.002) on tests/data/viv/md_viv.dat
 * (RK4, dtM 1e-4), the cross-flow coordinate y of nodes 5, 10 and 15 from GetLineNodePos every
 * 0.002 s) and Hawser on the same deck:
 *   - the start, where the lift of the spread phases bends the line: y at t = 0.05, 0.1, 0.2 s
 *     (Hawser within 2.4e-5 m, where y is 0.3 to 2.7 mm; 3e-5 m asserted, 0.3 % of the
 *     locked-in swing);
 *   - the locked-in response over 5-8 s: nodes 5 and 15 swing 10.28 mm at 5.04 Hz (a quarter of
 *     the line out of phase with the next: its second mode, near the top of the synchronization
 *     range 0.26 U / d = 5.42 Hz), node 10 (mid-span, a node of that mode) 1.55 mm at 3.11 Hz.
 *     Hawser: 10.29 mm at 5.04 Hz and 1.55 mm at 3.11 Hz. Asserted: amplitudes within 3 %,
 *     frequencies within 0.5 %.
 * The two codes differ in when the cross-flow acceleration is taken (MoorDyn: the previous
 * evaluation's, kept between calls; Hawser: the same evaluation's) and in the running rms (MoorDyn
 * updates it once per dtM, Hawser integrates it as a state with tau = 500 dtM): the phases drift
 * apart slowly after the first seconds, the response does not. */
Test(viv, matches_moordyn_2_7_2)
{
    static const double md_t[3] = {0.05, 0.1, 0.2};
    static const double md_y5[3] = {-4.685431485e-04, -2.741495291e-03, 2.339245530e-03};
    static const double md_y10[3] = {-1.300831765e-03, -1.183929182e-03, 2.700792329e-04};
    /* over 5-8 s: amplitude (m), frequency (Hz) of nodes 5, 10, 15 */
    static const double md_amp[3] = {1.027568e-02, 1.553490e-03, 1.028028e-02};
    static const double md_f[3] = {5.03699, 3.10866, 5.03601};
    hw_scenario *sc = md_deck(DECK);
    hw_sim *sim = cpu_sim(sc);
    enum { NS = 1500 }; /* 5-8 s every 0.002 s */
    static double ts[NS + 1], ys[3][NS + 1];
    double p[63];
    int k3 = 0, ns = 0;
    const int nodes[3] = {5, 10, 15};
    for (int step = 1; step <= 4000; step++) { /* 0.002 s = 20 steps of 1e-4 s */
        cr_assert_eq(hw_sim_step(sim, 20), HW_OK);
        double t = step * 0.002;
        if (k3 < 3 && fabs(t - md_t[k3]) < 1e-9) {
            cr_assert_eq(hw_sim_line_positions(sim, 0, p), HW_OK);
            cr_expect(fabs(p[3 * 10 + 1] - md_y10[k3]) < 3e-5, "t %g node 10 y %.9e, MoorDyn %.9e", t, p[31],
                      md_y10[k3]);
            cr_expect(fabs(p[3 * 5 + 1] - md_y5[k3]) < 3e-5, "t %g node 5 y %.9e, MoorDyn %.9e", t, p[16], md_y5[k3]);
            k3++;
        }
        if (t > 5.0 + 1e-9) {
            cr_assert_eq(hw_sim_line_positions(sim, 0, p), HW_OK);
            ts[ns] = t;
            for (int j = 0; j < 3; j++) ys[j][ns] = p[3 * nodes[j] + 1];
            ns++;
        }
    }
    cr_assert_eq(k3, 3);
    for (int j = 0; j < 3; j++) {
        double a, f;
        amp_freq(ts, ys[j], ns, &a, &f);
        printf("node %d: amplitude %.6e m (MoorDyn %.6e), frequency %.5f Hz (MoorDyn %.5f)\n", nodes[j], a,
               md_amp[j], f, md_f[j]);
        cr_expect(fabs(a - md_amp[j]) < 0.03 * md_amp[j], "node %d: amplitude %.6e m, MoorDyn %.6e", nodes[j], a,
                  md_amp[j]);
        cr_expect(fabs(f - md_f[j]) < 0.005 * md_f[j], "node %d: frequency %.5f Hz, MoorDyn %.5f", nodes[j], f,
                  md_f[j]);
    }
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}
