/* Issue 14, the "clean" round. A MoorDyn state file of a big model loads (its own size limit, not
 * the 64 MiB input limit of texts); the static solve leaves a stalled Newton early for its
 * relaxation; the B#SUB, R#SUB and R#N#A* channels. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/moordyn_state.h"

static char msg[2048];

static void put_u64(FILE *f, uint64_t v)
{
    unsigned char b[8];
    for (int k = 0; k < 8; k++) b[k] = (unsigned char)(v >> (8 * k));
    cr_assert_eq(fwrite(b, 1, 8, f), 8u);
}

/* A state file of one object of rows x 6 zeros (sparse: the zeros are the file's hole), as
 * MoorDyn's SaveState lays it out (docs/moordyn.md, Initial conditions from a state file). */
static long long write_state(const char *path, uint64_t rows)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s: %s", path, strerror(errno));
    uint64_t words = 1 + 2 + 6 * rows; /* object count, rows and cols, the values */
    fwrite("MoorDyn\x02\x07", 1, 9, f);
    put_u64(f, words);
    put_u64(f, 1);
    put_u64(f, rows);
    put_u64(f, 6);
    long long size = 17 + 8 * (long long)words;
    cr_assert_eq(fflush(f), 0);
    cr_assert_eq(ftruncate(fileno(f), (off_t)size), 0, "%s", strerror(errno));
    fclose(f);
    return size;
}

/* 1.5 million nodes' rows (72 MB, past the 64 MiB input limit the reader had since it moved onto
 * hw_read_file): read whole. A file over 1 GiB is refused before it is
 * read, with its size. */
Test(state_file, a_big_models_state_loads)
{
    const char *path = HW_TMP "/md_clean_big.state";
    uint64_t rows = 1500000;
    long long size = write_state(path, rows);
    cr_assert_gt(size, (long long)64 << 20);
    hw_md_state st;
    hw_status rc = hw_md_state_read(path, &st, msg, sizeof msg);
    cr_assert_eq(rc, HW_OK, "%s", msg);
    cr_assert_eq(st.n_obj, 1);
    cr_assert_eq(st.rows[0], (int)rows);
    cr_assert_eq(st.cols[0], 6);
    cr_assert_eq(st.data[0][6 * rows - 1], 0.0);
    hw_md_state_free(&st);

    size = write_state(path, ((uint64_t)1 << 30) / 48 + 1);
    cr_assert_gt(size, (long long)1 << 30);
    rc = hw_md_state_read(path, &st, msg, sizeof msg);
    cr_assert_eq(rc, HW_ERR_INPUT);
    char want[256];
    snprintf(want, sizeof want, "expected a MoorDyn state file of at most 1073741824 bytes, got %lld", size);
    cr_assert(strstr(msg, want), "%s", msg);
    unlink(path);
}

/* ---- the static solve leaves a stalled Newton early (host/model/statics.c, NEWTON_STALL) ------- */

/* The number after "(" and before " force evaluations)" in the statics' last log line. */
static int force_evaluations(const char *log)
{
    const char *p = strstr(log, " force evaluations)");
    cr_assert_not_null(p, "%s", log);
    while (p > log && p[-1] != '(') p--;
    return atoi(p);
}

/* md_lift_ic.dat (an 800 kg weight on a slack, stiff, weightless line) and md_slack.dat (a free
 * mass between two slack neutrally buoyant lines): Newton cannot move (nothing holds the weight
 * until a line is taut) and its watchdog cycled between its best state and the same failed steps
 * for all 200 iterations, 7601 and 14556 force evaluations, before the relaxation that settles
 * them. It now leaves after 20 iterations without progress: the relaxation starts from the same
 * best state (the start), so the equilibrium is the same (the closed form of tests/test_md_trust.c
 * and MoorDyn's figure of tests/test_moordyn.c, both to 1e-9 m), with 2141 and 3936 evaluations. */
Test(statics, a_stalled_newton_leaves_for_the_relaxation_after_20_iterations)
{
    static const struct { const char *deck; int pt; double z; int evals_before; } C[2] = {
        {HW_TEST_DATA_DIR "/md_lift_ic.dat", 1, -10 - 60.3 * (1 + 800 * G0 / 5e8), 7601},
        {HW_TEST_DATA_DIR "/md_slack.dat", 1, -82.514313036, 14556}};
    for (int k = 0; k < 2; k++) {
        hw_scenario *sc = NULL;
        cr_assert_eq(hw_md_load(C[k].deck, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
        log_cap cap = {{0}, 0};
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, cap_log, &cap, &sim, msg, sizeof msg), HW_OK,
                     "%s\n%s", msg, cap.text);
        cr_assert(strstr(cap.text, "Newton stalled at residual 1 of the force scale after 20 iterations (no "
                                   "progress in the last 20)"), "%s", cap.text);
        double res, r[3];
        int it;
        hw_sim_static_info(sim, &res, &it);
        int evals = force_evaluations(cap.text);
        printf("%s: %d Newton iterations, %d force evaluations (200 and %d before), residual %.3g\n", C[k].deck, it,
               evals, C[k].evals_before, res);
        cr_expect_lt(res, 1e-6);
        cr_expect_lt(it, 30, "20 stalled, then a few from the relaxed state");
        cr_expect_lt(evals, C[k].evals_before / 3);
        cr_assert_eq(hw_sim_point_state(sim, C[k].pt, r, NULL, NULL), HW_OK);
        cr_expect(fabs(r[2] - C[k].z) < (k ? 1e-6 : 1e-9), "z %.12f, expected %.12f", r[2], C[k].z);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}

/* A solve that converges is not cut: the catenary deck's Newton converges without a stall note. */
Test(statics, a_converging_newton_is_left_alone)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(HW_TEST_DATA_DIR "/md_catenary.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s",
                 msg);
    log_cap cap = {{0}, 0};
    hw_sim *sim = NULL;
    cr_assert_eq(hw_sim_create(&sc->model, HW_BACKEND_CPU, cap_log, &cap, &sim, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect_null(strstr(cap.text, "stalled"), "%s", cap.text);
    cr_expect(strstr(cap.text, "static equilibrium: residual"), "%s", cap.text);
    hw_sim_destroy(sim);
    hw_scenario_free(sc);
}

/* ---- B#SUB, R#SUB, R#N#AX (io/moordyn_out.c) -------------------------------------------------- */

/* md_clean_chan.dat run by the CLI over 0.2 s, rows every 1 ms.
 *  - Body1SUB: MoorDyn 2.7.2 (PyPI wheel: moordyn.Create on a deck with a free body and the channels
 *    Body1PZ Body1SUB, Init, Step by 0.1 s to 1 s) writes a column of 0 with the units "(frac)" and
 *    warns "Unrecognized output channel" at every row: its Body computes no submergence. Hawser
 *    writes the same column and warns once, at the OUTPUTS line.
 *  - R1SUB, R2SUB: MoorDyn 2.7.2 leaves every rod channel out of its table ("Rod ID or Node ID
 *    missing", docs/moordyn.md); its source's Rod SUB is the mean of the nodes' wet fractions (VOF)
 *    over nodes 0..N. Rod 1, vertical from z = -2 to 2 m in 4 segments: its nodes' tributary
 *    lengths are wet 1, 1, 1/2, 0, 0: 0.5 exactly. Rod 2, from z = -3 to -1 m: 1.
 *  - R2N3AX/AZ: node 3's acceleration (the rod's body's at that node: a + alpha x d + w x (w x d));
 *    against central differences of R2N3VX/VZ over 2 ms within 1e-3 of the value (measured up to
 *    3.8e-4: the difference's own h^2 error and the body step's first-order velocity update). The pinned end (node 0) has none; node 6 (end B) twice
 *    node 3's (all of it turns about node 0: the rows' 8 digits). */
Test(channels, sub_and_rod_node_accelerations)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_clean_chan.dat -o %s -q > %s/md_clean_chan.log 2>&1",
             HW_TMP "/md_clean_chan", HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/md_clean_chan", HW_TMP);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    FILE *lf = fopen(HW_TMP "/md_clean_chan.log", "r");
    cr_assert_not_null(lf);
    static char log[8192];
    size_t nl = fread(log, 1, sizeof log - 1, lf);
    log[nl] = 0;
    fclose(lf);
    cr_assert(strstr(log, "md_clean_chan.dat:39: OUTPUTS Body1SUB: MoorDyn 2.7.2 computes no body submergence"),
              "%s", log);
    const char *out = HW_TMP "/md_clean_chan/md_clean_chan.out";
    char unit[32];
    for (int k = 1; k <= 200; k += 49) {
        double t = 1e-3 * k;
        cr_expect_eq(md_out_at(out, "Body1SUB", t, unit, sizeof unit), 0.0);
        cr_expect_str_eq(unit, "(frac)");
        cr_expect_eq(md_out_at(out, "R1SUB", t, unit, sizeof unit), 0.5);
        cr_expect_eq(md_out_at(out, "R2SUB", t, NULL, 0), 1.0);
    }
    for (int k = 2; k <= 198; k += 49) {
        double t = 1e-3 * k;
        const char *A[2] = {"R2N3AX", "R2N3AZ"}, *V[2] = {"R2N3VX", "R2N3VZ"};
        for (int c = 0; c < 2; c++) {
            double a = md_out_at(out, A[c], t, unit, sizeof unit);
            double fd = (md_out_at(out, V[c], t + 1e-3, NULL, 0) - md_out_at(out, V[c], t - 1e-3, NULL, 0)) / 2e-3;
            printf("t %.3f %s %.8g, central difference of %s %.8g\n", t, A[c], a, V[c], fd);
            cr_expect_str_eq(unit, "m/s^2");
            cr_expect(fabs(a - fd) < 1e-3 * fabs(a), "%s %.9g, difference %.9g", A[c], a, fd);
        }
        double a3 = md_out_at(out, "R2N3AZ", t, NULL, 0), a6 = md_out_at(out, "R2N6AZ", t, NULL, 0);
        cr_expect(fabs(a6 - 2 * a3) < 2e-7 * fabs(a6), "node 6 %.9g, twice node 3 %.9g", a6, 2 * a3);
        cr_expect_eq(md_out_at(out, "R2N0AZ", t, NULL, 0), 0.0);
    }
}

/* ---- wave_frequencies.txt's row checks, shared by WaveKin 2 and 7 (io/moordyn_deck.c) ---------- */

/* A direction beyond 2 pi is refused on every row, the first (omega = 0) included, by both WaveKin
 * 2 and 7, as MoorDyn's spectrumFromFile refuses it on any row (WaveKin 7 used to skip the first
 * row's); a first row not at 0 rad/s is refused by both at that row. */
Test(waves, wave_frequency_rows_checked_alike)
{
    static const char *const DIR = HW_TMP "/md_clean_wk";
    char path[512], cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", DIR);
    cr_assert_eq(system(cmd), 0);
    static const struct { const char *rows, *tail; } C[2] = {
        {"0 0 0 7\n0.5 1 0 0\n", ":1: beta: expected a direction from -2 pi to 2 pi rad (as MoorDyn requires), got 7"},
        {"0.1 0 0\n0.5 1 0\n", ":1: omega: expected 0 rad/s on the first row (as MoorDyn requires), got 0.1"}};
    for (int wk = 2; wk <= 7; wk += 5)
        for (int k = 0; k < 2; k++) {
            snprintf(path, sizeof path, "%s/wave_frequencies.txt", DIR);
            FILE *f = fopen(path, "w");
            cr_assert_not_null(f);
            fputs(C[k].rows, f);
            fclose(f);
            snprintf(path, sizeof path, "%s/deck.dat", DIR);
            f = fopen(path, "w");
            cr_assert_not_null(f);
            fprintf(f, "--- MoorDyn input ---\n--- LINE TYPES ---\nName Diam Mass EA BA EI Cd Ca CdAx CaAx\n"
                       "(-) (m) (kg/m) (N) (Ns) (Nm2) (-) (-) (-) (-)\nrope 0.1 10 1e6 -0.8 0 1.2 1 0.2 0\n"
                       "--- POINTS ---\nID Att X Y Z M V CdA Ca\n(-) (-) (m) (m) (m) (kg) (m3) (m2) (-)\n"
                       "1 Fixed 0 0 -20 0 0 0 0\n2 Fixed 0 0 -2 0 0 0 0\n--- LINES ---\nID Type A B L N Out\n"
                       "(-) (-) (-) (-) (m) (-) (-)\n1 rope 1 2 17.9 10 -\n--- OPTIONS ---\n0.001 dtM\n30 WtrDpth\n"
                       "0 TmaxIC\n%d WaveKin\n--- need this line ---\n", wk);
            fclose(f);
            hw_scenario *sc = NULL;
            cr_assert_eq(hw_md_load(path, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_ERR_INPUT, "WaveKin %d: %s", wk,
                         msg);
            char want[1024];
            snprintf(want, sizeof want, "%s/wave_frequencies.txt%s (WaveKin %d at %s:19)", DIR, C[k].tail, wk, path);
            cr_expect_str_eq(msg, want);
        }
}
