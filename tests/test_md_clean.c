/* Issue 14, the "clean" round: what changed without changing the physics. A MoorDyn state file of
 * a big model loads (its own size limit, not the 64 MiB input limit of texts), and the static
 * solve leaves a stalled Newton early for its relaxation. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
