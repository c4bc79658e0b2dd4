/* The world's records in a checkpoint (checkpoint.h hw_ck_world_records): the world lists its
 * run-time state and its bodies' (world/world_records.h), each record goes through hw_ck_io; and
 * the bodies' names, which a resume checks against the scenario's before loading anything. */
#include <stdio.h>
#include <string.h>

#include "io/checkpoint.h"
#include "world/world_records.h"

static void ck_record(void *ctx, const char *name, void *p, size_t n) { hw_ck_io((hw_ck *)ctx, name, p, n); }

void hw_ck_world_records(hw_ck *ck, hw_world *w) { hw_world_state_records(w, ck_record, ck); }

/* The bodies' names, one a line. */
static size_t body_names(const hw_world *w, char *s, size_t cap)
{
    size_t n = 0;
    s[0] = 0;
    for (int k = 0; k < hw_world_n_bodies(w) && n < cap; k++)
        n += (size_t)snprintf(s + n, cap - n, "%s\n", hw_world_body_name(w, k));
    return n < cap ? n : cap - 1;
}

void hw_ck_world_names(hw_ck *ck, const hw_world *w)
{
    char s[8192];
    size_t n = body_names(w, s, sizeof s);
    hw_ck_io(ck, "world.body_names", s, n);
}

hw_status hw_ck_world_check(hw_ck *ck, const hw_world *w, char *msg, size_t msg_len)
{
    size_t n;
    const char *have = (const char *)hw_ck_find(ck, "world.body_names", &n);
    int nb = hw_world_n_bodies(w);
    if (!have) {
        if (nb == 0) return HW_OK;
        snprintf(msg, msg_len, "it has no bodies' records where the scenario has %d bod%s", nb,
                 nb == 1 ? "y" : "ies");
        return HW_ERR_INPUT;
    }
    char want[8192];
    size_t m = body_names(w, want, sizeof want);
    if (m == n && !memcmp(want, have, n)) return HW_OK;
    int nh = 0;
    for (size_t i = 0; i < n; i++) nh += have[i] == '\n';
    char hl[512], wl[512]; /* the names, comma-separated, for the message */
    snprintf(hl, sizeof hl, "%.*s", (int)(n > 0 ? n - 1 : 0), have);
    snprintf(wl, sizeof wl, "%.*s", (int)(m > 0 ? m - 1 : 0), want);
    for (char *c = hl; *c; c++) if (*c == '\n') *c = ',';
    for (char *c = wl; *c; c++) if (*c == '\n') *c = ',';
    snprintf(msg, msg_len, "its bodies (%d: %s) are not the scenario's (%d: %s)", nh, hl, nb, wl);
    return HW_ERR_INPUT;
}
