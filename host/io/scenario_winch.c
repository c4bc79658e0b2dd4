/* See scenario_winch.h. */
#include "io/scenario_winch.h"

#include <stdio.h>

#include "io/yaml_reader.h"

static const char *const WINCH_KEYS[] = {"end", "mode", "speed", "speed_table", "target", "tau",
                                         "gain", "max_speed", "max_length", "min_length",
                                         "drum_radius", "drum_inertia", "drum_bearing",
                                         "drum_speed0", "torque", "torque_table",
                                         "motor_stall_torque", "motor_no_load_speed", NULL};
static const char *const WINCH_ENDS[] = {"none", "a", "b", NULL};
static const char *const WINCH_MODES[] = {"speed", "length", "tension", "external", "drum", NULL};
static const hw_yr_table_spec TORQUE_TABLE_SPEC = {2, 2, 2, "[t, torque]", "t"};
static const hw_yr_table_spec WINCH_TABLE_SPEC = {2, 2, 2, "[t, speed]", "t"};

/* key, if present, as a table of rows [t, value] into *tab. Returns 0 or -1. */
static int read_time_table(hw_yr_map *wm, const char *key, const hw_yr_table_spec *ts, hw_table *tab)
{
    hw_yr_fld f;
    if (!hw_yr_get(wm, key, &f)) return hw_yr_failed(wm->y) ? -1 : 0;
    char rec[64];
    snprintf(rec, sizeof rec, "%s%s", wm->rec, key);
    double *rows = NULL;
    int n = hw_yr_read_table(wm, &f, ts, rec, &rows);
    if (n < 0) return -1;
    double *t = hw_yr_column(wm->y, rows, n, 2, 0), *v = hw_yr_column(wm->y, rows, n, 2, 1);
    if (!t || !v) return -1;
    tab->n = n;
    tab->x = t;
    tab->y = v;
    return 0;
}

int hw_scn_parse_winch(hw_yr_map *m, hw_winch_def *w)
{
    hw_yr_fld f;
    hw_yr_map wm;
    if (!hw_yr_get(m, "winch", &f)) return hw_yr_failed(m->y) ? -1 : 0;
    if (hw_yr_open(&wm, m->y, f.v, f.line, f.path, m->item, m->index, "winch.", WINCH_KEYS, "a winch"))
        return -1;
    int end = 0, mode = 0;
    if (hw_yr_get_enum(&wm, "end", 1, WINCH_ENDS, &end)) return -1;
    if (end == 0) {
        hw_yr_fail(m->y, f.line, f.path, "expected a winch at end a or b, got none");
        return -1;
    }
    w->end = (hw_winch_end)end;
    if (hw_yr_get_enum(&wm, "mode", 0, WINCH_MODES, &mode) < 0) return -1;
    w->mode = (hw_winch_mode)mode;
    hw_yr_get_num(&wm, "speed", 0, &w->speed);
    hw_yr_get_num(&wm, "target", 0, &w->target);
    hw_yr_get_num(&wm, "tau", 0, &w->tau);
    hw_yr_get_num(&wm, "gain", 0, &w->gain);
    hw_yr_get_num(&wm, "max_speed", 0, &w->max_speed);
    hw_yr_get_num(&wm, "max_length", 0, &w->max_length);
    hw_yr_get_num(&wm, "min_length", 0, &w->min_length);
    hw_yr_get_num(&wm, "drum_radius", 0, &w->drum_radius);
    hw_yr_get_num(&wm, "drum_inertia", 0, &w->drum_inertia);
    hw_yr_get_num(&wm, "drum_bearing", 0, &w->drum_bearing);
    hw_yr_get_num(&wm, "drum_speed0", 0, &w->drum_speed0);
    hw_yr_get_num(&wm, "torque", 0, &w->torque);
    hw_yr_get_num(&wm, "motor_stall_torque", 0, &w->motor_stall_torque);
    hw_yr_get_num(&wm, "motor_no_load_speed", 0, &w->motor_no_load_speed);
    if (read_time_table(&wm, "torque_table", &TORQUE_TABLE_SPEC, &w->torque_table)) return -1;
    if (read_time_table(&wm, "speed_table", &WINCH_TABLE_SPEC, &w->speed_table)) return -1;
    return hw_yr_failed(m->y) ? -1 : 1;
}
