/* MoorDyn 2.7.2's state file (moordyn_state.h). */
#include "io/moordyn_state.h"
#include "io/files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t u64_at(const unsigned char *p)
{
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = v << 8 | p[k];
    return v;
}

static double f64_at(const unsigned char *p)
{
    uint64_t v = u64_at(p);
    double d;
    memcpy(&d, &v, sizeof d);
    return d;
}

void hw_md_state_free(hw_md_state *st)
{
    if (!st) return;
    free(st->rows);
    free(st->cols);
    free(st->data);
    free(st->block);
    memset(st, 0, sizeof *st);
}

/* The largest state file read: 1 GiB. It is the model's size (48 bytes a node, 104 a body or rod),
 * not a text the user writes: 64 MiB, the input limit, is some 1.4 million nodes, which a big
 * array of long lines passes; 1 GiB is some 22 million. */
#define MD_STATE_MAX_BYTES ((long long)1 << 30)

hw_status hw_md_state_read(const char *path, hw_md_state *st, char *msg, size_t msg_len)
{
    memset(st, 0, sizeof *st);
    size_t len = 0;
    long long big = 0;
    unsigned char *b = (unsigned char *)hw_read_file_max(path, &len, &big, MD_STATE_MAX_BYTES);
    if (!b) {
        int e = errno; /* before snprintf and strerror, which may change it */
        if (e == EFBIG)
            snprintf(msg, msg_len, "%s: expected a MoorDyn state file of at most %lld bytes, got %lld", path,
                     MD_STATE_MAX_BYTES, big);
        else
            snprintf(msg, msg_len, "%s: cannot read the state file: %s", path, strerror(e));
        return hw_read_file_status(e);
    }
    long size = (long)len;
    hw_status rc = HW_ERR_INPUT;
    if (size < 25 || memcmp(b, "MoorDyn", 7)) {
        snprintf(msg, msg_len, "%s: expected a MoorDyn state file (it starts with \"MoorDyn\", two version bytes "
                 "and two 8-byte counts, as MoorDyn's SaveState writes), got %s", path,
                 size < 25 ? "a file too short for that" : "another start");
        goto out;
    }
    st->major = b[7];
    st->minor = b[8];
    uint64_t words = u64_at(b + 9), n_obj = u64_at(b + 17);
    if (words != (uint64_t)(size - 17) / 8 || (size - 17) % 8) {
        snprintf(msg, msg_len, "%s: expected %llu 8-byte words after the header (its count), got a file of %ld "
                 "bytes (%ld words): truncated or not a state file", path, (unsigned long long)words, size,
                 (size - 17) / 8);
        goto out;
    }
    if (n_obj > words) {
        snprintf(msg, msg_len, "%s: expected at most %llu objects, got a count of %llu", path,
                 (unsigned long long)words, (unsigned long long)n_obj);
        goto out;
    }
    rc = HW_ERR_NOMEM;
    st->n_obj = (int)n_obj;
    st->rows = calloc(n_obj + 1, sizeof *st->rows);
    st->cols = calloc(n_obj + 1, sizeof *st->cols);
    st->data = calloc(n_obj + 1, sizeof *st->data);
    st->block = malloc((size_t)(words + 1) * sizeof *st->block);
    if (!st->rows || !st->cols || !st->data || !st->block) {
        snprintf(msg, msg_len, "%s: out of memory decoding the state file (%llu objects)", path,
                 (unsigned long long)n_obj);
        goto out;
    }
    rc = HW_ERR_INPUT;
    size_t w = 1, used = 0; /* words read after the object count; values stored */
    for (uint64_t k = 0; k < n_obj; k++) {
        if (w + 2 > words) {
            snprintf(msg, msg_len, "%s: object %llu of %llu: expected its rows and columns, got the end of the file",
                     path, (unsigned long long)k + 1, (unsigned long long)n_obj);
            goto out;
        }
        uint64_t r = u64_at(b + 17 + 8 * w), c = u64_at(b + 17 + 8 * (w + 1));
        w += 2;
        if (c > words || r > words || r * c > words - w) {
            snprintf(msg, msg_len, "%s: object %llu of %llu: %llu x %llu values run past the end of the file", path,
                     (unsigned long long)k + 1, (unsigned long long)n_obj, (unsigned long long)r,
                     (unsigned long long)c);
            goto out;
        }
        st->rows[k] = (int)r;
        st->cols[k] = (int)c;
        st->data[k] = st->block + used;
        for (uint64_t i = 0; i < r * c; i++, w++) {
            double v = f64_at(b + 17 + 8 * w);
            if (!isfinite(v)) {
                snprintf(msg, msg_len, "%s: object %llu of %llu: expected finite values, got %g at row %llu", path,
                         (unsigned long long)k + 1, (unsigned long long)n_obj, v, (unsigned long long)(i / c) + 1);
                goto out;
            }
            st->block[used++] = v;
        }
    }
    if (w != words) {
        snprintf(msg, msg_len, "%s: expected %llu objects to fill the file, got %llu words left after them", path,
                 (unsigned long long)n_obj, (unsigned long long)(words - w));
        goto out;
    }
    rc = HW_OK;
out:
    free(b);
    if (rc) hw_md_state_free(st);
    return rc;
}
