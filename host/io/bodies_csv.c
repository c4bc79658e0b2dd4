/* See bodies_csv.h. */
#include "io/bodies_csv.h"

#include <stdio.h>
#include <string.h>

const char *const hw_bodies_csv_suffix[HW_BODY_CSV_COLS] = {
    "x_m",    "y_m",    "z_m",      "roll_deg", "pitch_deg", "yaw_deg", "vx_m_s", "vy_m_s", "vz_m_s",
    "wx_deg_s", "wy_deg_s", "wz_deg_s", "Fx_N", "Fy_N",      "Fz_N",    "Mx_Nm",  "My_Nm",  "Mz_Nm"};

void hw_bodies_csv_name(const hw_csv *c, int b, char *out, size_t len)
{
    const char *h = c->names[1 + HW_BODY_CSV_COLS * b];
    size_t hl = strlen(h), sl = strlen(hw_bodies_csv_suffix[0]) + 1;
    snprintf(out, len, "%.*s", (int)(hl > sl ? hl - sl : hl), h);
}

int hw_bodies_csv_check(const hw_csv *c, const char *path, char *msg, size_t msg_len)
{
    if (c->cols < 1 || strcmp(c->names[0], "time_s")) {
        snprintf(msg, msg_len, "%s: column 1: expected 'time_s', got '%s'", path, c->cols > 0 ? c->names[0] : "");
        return -1;
    }
    if (c->cols == 1) {
        snprintf(msg, msg_len, "%s: column 2: expected '<body>.x_m' (%d columns per body after time_s), got none",
                 path, HW_BODY_CSV_COLS);
        return -1;
    }
    int nb = (c->cols - 1 + HW_BODY_CSV_COLS - 1) / HW_BODY_CSV_COLS;
    for (int b = 0; b < nb; b++) {
        const char *first = c->names[1 + HW_BODY_CSV_COLS * b];
        size_t fl = strlen(first), xl = strlen(hw_bodies_csv_suffix[0]);
        if (fl < xl + 2 || first[fl - xl - 1] != '.' || strcmp(first + fl - xl, hw_bodies_csv_suffix[0])) {
            snprintf(msg, msg_len, "%s: column %d: expected '<body>.%s' (%d columns per body after time_s), got '%s'",
                     path, 2 + HW_BODY_CSV_COLS * b, hw_bodies_csv_suffix[0], HW_BODY_CSV_COLS, first);
            return -1;
        }
        int nl = (int)(fl - xl - 1); /* the body's name: first nl characters */
        for (int k = 1; k < HW_BODY_CSV_COLS; k++) {
            int col = 1 + HW_BODY_CSV_COLS * b + k;
            const char *h = col < c->cols ? c->names[col] : NULL;
            if (!h || strncmp(h, first, (size_t)nl) || h[nl] != '.' || strcmp(h + nl + 1, hw_bodies_csv_suffix[k])) {
                snprintf(msg, msg_len, "%s: column %d: expected '%.*s.%s', got %s%s%s", path, col + 1, nl, first,
                         hw_bodies_csv_suffix[k], h ? "'" : "", h ? h : "the end of the header", h ? "'" : "");
                return -1;
            }
        }
    }
    return nb;
}
