/* What drives a winch (winch_drive.h). */
#include "model/winch_drive.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


void hw_winch_defaults(hw_winch_def *d, double length, double l_nom)
{
    if (!(d->tau > 0)) d->tau = 2.0;
    if (!(d->max_speed > 0)) d->max_speed = 1.0;
    if (!(d->max_length >= length)) d->max_length = length;
    if (!(d->min_length > 0)) d->min_length = 0.5 * l_nom;
    if (d->mode == HW_WINCH_TENSION && !(d->gain > 0)) d->gain = d->max_speed / d->target;
}

hw_status hw_winch_own_tables(hw_winch_def *d, double **store)
{
    int ns = d->speed_table.n >= 2 ? d->speed_table.n : 0;
    int nq = d->torque_table.n >= 2 ? d->torque_table.n : 0;
    *store = NULL;
    if (ns + nq > 0) {
        double *p = (double *)malloc(2 * (size_t)(ns + nq) * sizeof(double));
        if (!p) return HW_ERR_NOMEM;
        if (ns) {
            memcpy(p, d->speed_table.x, (size_t)ns * sizeof(double));
            memcpy(p + ns, d->speed_table.y, (size_t)ns * sizeof(double));
        }
        if (nq) {
            memcpy(p + 2 * ns, d->torque_table.x, (size_t)nq * sizeof(double));
            memcpy(p + 2 * ns + nq, d->torque_table.y, (size_t)nq * sizeof(double));
        }
        d->speed_table.x = p; d->speed_table.y = p + ns;
        d->torque_table.x = p + 2 * ns; d->torque_table.y = p + 2 * ns + nq;
        *store = p;
    }
    d->speed_table.n = ns;
    d->torque_table.n = nq;
    if (!ns) d->speed_table.x = d->speed_table.y = NULL;
    if (!nq) d->torque_table.x = d->torque_table.y = NULL;
    return HW_OK;
}

#define BAD(key, ...) do { snprintf(field, field_len, "winch.%s", key); \
        snprintf(why, why_len, __VA_ARGS__); return 1; } while (0)

int hw_winch_check(const hw_winch_def *w, double length, int n, const char *owner,
                   const char *pieces, char *field, size_t field_len, char *why, size_t why_len)
{
    if (w->end != HW_WINCH_A && w->end != HW_WINCH_B) BAD("end", "expected a or b, got %d", (int)w->end);
    if (w->mode < HW_WINCH_SPEED || w->mode > HW_WINCH_DRUM)
        BAD("mode", "expected speed, length, tension, external or drum, got %d", (int)w->mode);
    if (w->mode == HW_WINCH_DRUM) {
        if (!(isfinite(w->drum_radius) && w->drum_radius > 0))
            BAD("drum_radius", "expected a drum radius > 0 m, got %g", w->drum_radius);
        if (!(isfinite(w->drum_inertia) && w->drum_inertia > 0))
            BAD("drum_inertia", "expected a drum inertia > 0 kg m^2, got %g", w->drum_inertia);
        if (!(isfinite(w->drum_bearing) && w->drum_bearing >= 0))
            BAD("drum_bearing", "expected a bearing friction >= 0 N m s/rad, got %g", w->drum_bearing);
        if (!isfinite(w->drum_speed0)) BAD("drum_speed0", "expected a speed in rad/s, got %g", w->drum_speed0);
        if (!isfinite(w->torque)) BAD("torque", "expected a torque in N m, got %g", w->torque);
        if (!(isfinite(w->motor_stall_torque) && w->motor_stall_torque >= 0))
            BAD("motor_stall_torque", "expected a stall torque >= 0 N m, got %g", w->motor_stall_torque);
        if (w->motor_stall_torque > 0 && !(isfinite(w->motor_no_load_speed) && w->motor_no_load_speed > 0))
            BAD("motor_no_load_speed", "expected a no-load speed > 0 rad/s with a motor, got %g",
                w->motor_no_load_speed);
        if (w->torque_table.n == 1 || w->torque_table.n < 0)
            BAD("torque_table", "expected at least 2 rows, got %d", w->torque_table.n);
        for (int k = 1; k < w->torque_table.n; k++)
            if (!(w->torque_table.x[k] > w->torque_table.x[k - 1]))
                BAD("torque_table", "expected strictly increasing times, row %d (t = %g) follows t = %g",
                    k, w->torque_table.x[k], w->torque_table.x[k - 1]);
    }
    if (!isfinite(w->speed)) BAD("speed", "expected a speed in m/s, got %g", w->speed);
    if (w->speed_table.n == 1 || w->speed_table.n < 0)
        BAD("speed_table", "expected at least 2 rows, got %d", w->speed_table.n);
    for (int k = 0; k < w->speed_table.n; k++) {
        if (!isfinite(w->speed_table.x[k]) || !isfinite(w->speed_table.y[k]))
            BAD("speed_table", "expected finite times and speeds, row %d is not", k);
        if (k > 0 && !(w->speed_table.x[k] > w->speed_table.x[k - 1]))
            BAD("speed_table", "expected strictly increasing times, row %d (t = %g) follows t = %g", k,
                w->speed_table.x[k], w->speed_table.x[k - 1]);
    }
    if (w->mode == HW_WINCH_LENGTH && !(isfinite(w->target) && w->target > 0))
        BAD("target", "expected a target length > 0 m, got %g", w->target);
    if (w->mode == HW_WINCH_TENSION && !(isfinite(w->target) && w->target > 0))
        BAD("target", "expected a target tension > 0 N, got %g", w->target);
    if (!(isfinite(w->tau) && w->tau > 0)) BAD("tau", "expected a time constant > 0 s, got %g", w->tau);
    if (!(isfinite(w->gain) && w->gain >= 0)) BAD("gain", "expected a gain >= 0 m/s/N, got %g", w->gain);
    if (!(isfinite(w->max_speed) && w->max_speed > 0))
        BAD("max_speed", "expected a speed limit > 0 m/s, got %g", w->max_speed);
    if (!(isfinite(w->max_length) && w->max_length >= 0))
        BAD("max_length", "expected a cable length >= the %s's length (%g m), got %g", owner, length,
            w->max_length);
    if (w->max_length > 0 && w->max_length < length)
        BAD("max_length", "expected a cable length >= the %s's length (%g m), got %g", owner, length,
            w->max_length);
    if (w->max_length / (length / n) > 1e7)
        BAD("max_length", "expected at most 1e7 nominal %s of cable, got %g m of %g m %s", pieces,
            w->max_length, length / n, pieces);
    if (!(isfinite(w->min_length) && w->min_length >= 0 && w->min_length <= length))
        BAD("min_length", "expected a length in [0, %g] m, got %g", length, w->min_length);
    return 0;
}
#undef BAD

/* What reeling implies for a line's definition: its most segments (hawser.h) and whether an end
 * reels (a winch or a sheave end). */
int hw_line_max_segments(const hw_model_def *def, int line)
{
    if (!def || line < 0 || line >= def->n_lines) return 0;
    const hw_line_def *ld = &def->lines[line];
    if (ld->nseg < 1 || !(ld->length > 0)) return ld->nseg > 0 ? ld->nseg : 0;
    double maxl = 0.0;
    if (ld->winch.end != HW_WINCH_NONE)
        maxl = ld->winch.max_length > ld->length ? ld->winch.max_length : ld->length;
    for (int k = 0; k < def->n_sheaves; k++) { /* on a sheave: room for the whole cable */
        const hw_sheave_def *sh = &def->sheaves[k];
        if ((sh->line_in == line || sh->line_out == line) && sh->line_in >= 0 &&
            sh->line_in < def->n_lines && sh->line_out >= 0 && sh->line_out < def->n_lines) {
            double tot = def->lines[sh->line_in].length + def->lines[sh->line_out].length;
            /* a winch on either span feeds more cable through the sheave */
            const hw_line_def *o = &def->lines[sh->line_in == line ? sh->line_out : sh->line_in];
            if (o->winch.end != HW_WINCH_NONE && o->winch.max_length > o->length)
                tot += o->winch.max_length - o->length;
            if (ld->winch.end != HW_WINCH_NONE && ld->winch.max_length > ld->length)
                tot += ld->winch.max_length - ld->length;
            if (tot > maxl) maxl = tot;
        }
    }
    if (maxl <= 0.0) return ld->nseg;
    double cap = ceil(maxl / (ld->length / ld->nseg)) + 2.0;
    if (cap > 1e7) cap = 1e7;
    return (int)cap > ld->nseg ? (int)cap : ld->nseg;
}

int hw_line_reels(const hw_model_def *def, int line, hw_winch_end end)
{
    if (def->lines[line].winch.end == end) return 1;
    for (int k = 0; k < def->n_sheaves; k++) {
        if (def->sheaves[k].line_in == line && def->sheaves[k].end_in == end) return 1;
        if (def->sheaves[k].line_out == line && def->sheaves[k].end_out == end) return 1;
    }
    return 0;
}
