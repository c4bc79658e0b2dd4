/* See scenario_failure.h. */
#include "io/scenario_failure.h"

#include <stdlib.h>
#include <string.h>

static const char *const FAILURE_KEYS[] = {"tension", "time", "at", NULL};

static const char *scalar(const yaml_node_t *v)
{
    return v && v->type == YAML_SCALAR_NODE ? (const char *)v->data.scalar.value : NULL;
}

int hw_scn_parse_failure(hw_yr_map *m, hw_failure_def *f)
{
    hw_yr_fld fd, g;
    hw_yr_map fm;
    if (!hw_yr_get(m, "failure", &fd)) return hw_yr_failed(m->y) ? -1 : 0;
    if (hw_yr_open(&fm, m->y, fd.v, fd.line, fd.path, m->item, m->index, "failure.", FAILURE_KEYS,
                   "a failure rule"))
        return -1;
    f->on = 1;
    if (hw_yr_get(&fm, "tension", &g)) {
        const char *s = scalar(g.v);
        if (s && !strcmp(s, "mbl")) {
            f->use_mbl = 1;
        } else {
            if (hw_yr_read_num(m->y, g.v, g.line, g.path, &f->tension)) return -1;
            if (!(f->tension > 0)) {
                hw_yr_fail(m->y, g.line, g.path, "expected a tension > 0 N or mbl, got %g", f->tension);
                return -1;
            }
        }
    }
    if (hw_yr_get(&fm, "time", &g)) {
        if (hw_yr_read_num(m->y, g.v, g.line, g.path, &f->time)) return -1;
        if (!(f->time >= 0)) {
            hw_yr_fail(m->y, g.line, g.path, "expected a time >= 0 s, got %g", f->time);
            return -1;
        }
    }
    if (hw_yr_get(&fm, "at", &g)) {
        const char *s = scalar(g.v);
        char *end = NULL;
        long k = s ? strtol(s, &end, 10) : 0;
        if (s && (!strcmp(s, "any") || !strcmp(s, "a") || !strcmp(s, "A") || !strcmp(s, "b") ||
                  !strcmp(s, "B"))) {
            f->at = s[0] == 'a' && s[1] == 'n' ? HW_FAIL_ANY
                    : (s[0] == 'a' || s[0] == 'A') ? HW_FAIL_END_A : HW_FAIL_END_B;
        } else if (s && end != s && *end == 0 && k >= 1 && k <= 1000000000L) {
            f->at = (int)k;
        } else {
            hw_yr_fail(m->y, g.line, g.path, "expected any, a, b or a segment number >= 1, got '%.40s'",
                       s ? s : "(not a scalar)");
            return -1;
        }
    }
    if (!f->use_mbl && !(f->tension > 0) && !(f->time >= 0)) {
        hw_yr_fail(m->y, fd.line, fd.path, "expected a trigger (tension: N or mbl, or time: s), got neither");
        return -1;
    }
    return hw_yr_failed(m->y) ? -1 : 1;
}
