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
