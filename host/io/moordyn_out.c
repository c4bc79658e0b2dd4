/* MoorDyn-style .out tables (moordyn_out.h). Channel meanings are in docs/moordyn.md. */
#include "io/moordyn_out.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A line's positions, velocities and tensions, each copied once for the channels of a row that
 * read that line (a deck's node outputs list every node of a line: one copy per channel was
 * quadratic in the line's length). */
enum { COPY_POS = 0, COPY_VEL, COPY_TEN, COPY_N };
typedef struct line_copy { int line[COPY_N]; double *buf[COPY_N]; size_t cap[COPY_N]; } line_copy;

static void copy_reset(line_copy *c)
{
    for (int k = 0; k < COPY_N; k++) c->line[k] = -1;
}
static void copy_free(line_copy *c)
{
    for (int k = 0; k < COPY_N; k++) free(c->buf[k]);
}

struct hw_md_out {
    FILE *f;
    const hw_md_deck *deck;
    char path[4096];
    line_copy copy;
};

static double norm3(const double *v) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

/* Line line's values of kind what in c->buf[what], copied unless they are there already. */
static hw_status fetch(const hw_sim *sim, line_copy *c, int line, int what, int nseg)
{
    if (c->line[what] == line) return HW_OK;
    size_t need = (size_t)3 * ((size_t)nseg + 1);
    if (need > c->cap[what]) {
        double *b = realloc(c->buf[what], need * sizeof *b);
        if (!b) return HW_ERR_NOMEM;
        c->buf[what] = b;
        c->cap[what] = need;
    }
    c->line[what] = -1;
    hw_status st = what == COPY_POS ? hw_sim_line_positions(sim, line, c->buf[what])
                   : what == COPY_VEL ? hw_sim_line_velocities(sim, line, c->buf[what])
                                      : hw_sim_line_tensions(sim, line, c->buf[what]);
    if (!st) c->line[what] = line;
    return st;
}

static hw_status channel_value(const hw_sim *sim, const hw_md_channel *ch, line_copy *copy,
                               double *value)
{
    hw_status st = HW_OK;
    int nseg = ch->q <= HW_MD_SEG_TEN ? hw_sim_line_nseg(sim, ch->object) : 0;
    if (nseg < 0) return HW_ERR_INVALID_ARG;
    double fa[3], fb[3], r[3], v[3], f[3];
    switch (ch->q) {
    case HW_MD_LINE_END_FORCE:
        st = hw_sim_line_end_forces(sim, ch->object, fa, fb);
        *value = norm3(ch->index ? fb : fa);
        return st;
    case HW_MD_NODE_POS:
    case HW_MD_NODE_VEL:
    case HW_MD_NODE_TEN:
    case HW_MD_SEG_TEN: {
        if (ch->q == HW_MD_NODE_POS || ch->q == HW_MD_NODE_VEL) {
            int what = ch->q == HW_MD_NODE_POS ? COPY_POS : COPY_VEL;
            st = fetch(sim, copy, ch->object, what, nseg);
            if (!st) *value = copy->buf[what][3 * ch->index + ch->comp];
        } else if (ch->q == HW_MD_SEG_TEN) {
            st = fetch(sim, copy, ch->object, COPY_TEN, nseg);
            if (!st) *value = copy->buf[COPY_TEN][ch->index - 1];
        } else if (ch->index == 0 || ch->index == nseg) {
            /* an end node: the force on the end point, as MoorDyn reports the end node's net force */
            st = hw_sim_line_end_forces(sim, ch->object, fa, fb);
            *value = norm3(ch->index == 0 ? fa : fb);
        } else {
            /* an inner node: the mean tension of the two segments beside it */
            st = fetch(sim, copy, ch->object, COPY_TEN, nseg);
            if (!st) *value = 0.5 * (copy->buf[COPY_TEN][ch->index - 1] + copy->buf[COPY_TEN][ch->index]);
        }
        return st;
    }
    case HW_MD_POINT_POS:
    case HW_MD_POINT_VEL:
    case HW_MD_POINT_FORCE:
    case HW_MD_POINT_TEN:
        st = hw_sim_point_state(sim, ch->object, r, v, f);
        *value = ch->q == HW_MD_POINT_POS   ? r[ch->comp]
                 : ch->q == HW_MD_POINT_VEL ? v[ch->comp]
                 : ch->q == HW_MD_POINT_TEN ? norm3(f)
                                            : f[ch->comp];
        return st;
    }
    return HW_ERR_INVALID_ARG;
}

hw_status hw_md_channel_value(const hw_sim *sim, const hw_md_channel *ch, double *value)
{
    line_copy copy;
    memset(&copy, 0, sizeof copy);
    copy_reset(&copy);
    hw_status st = channel_value(sim, ch, &copy, value);
    copy_free(&copy);
    return st;
}

static hw_status io_fail(hw_md_out *o, char *msg, size_t len, const char *what)
{
    if (msg && len) snprintf(msg, len, "%s: %s: %s", o->path, what, strerror(errno));
    return HW_ERR_IO;
}

hw_status hw_md_out_open(hw_md_out **out, const char *path, const hw_md_deck *deck, char *msg,
                         size_t msg_len)
{
    *out = NULL;
    if (!deck) return HW_OK;
    hw_md_out *o = calloc(1, sizeof *o);
    if (!o) {
        if (msg && msg_len) snprintf(msg, msg_len, "%s: out of memory (%zu bytes)", path, sizeof *o);
        return HW_ERR_NOMEM;
    }
    o->deck = deck;
    copy_reset(&o->copy);
    snprintf(o->path, sizeof o->path, "%s", path);
    if (!(o->f = fopen(path, "w"))) {
        hw_status st = io_fail(o, msg, msg_len, "cannot write");
        free(o);
        return st;
    }
    fprintf(o->f, "Time");
    for (int k = 0; k < deck->n_channels; k++) fprintf(o->f, "\t%s", deck->channels[k].name);
    fprintf(o->f, "\n");
    if (deck->write_units) {
        fprintf(o->f, "(s)");
        for (int k = 0; k < deck->n_channels; k++) fprintf(o->f, "\t%s", deck->channels[k].unit);
        fprintf(o->f, "\n");
    }
    *out = o;
    if (fflush(o->f) != 0) return io_fail(o, msg, msg_len, "write failed");
    return HW_OK;
}

hw_status hw_md_out_write(hw_md_out *o, const hw_sim *sim, char *msg, size_t msg_len)
{
    if (!o) return HW_OK;
    double t = hw_sim_time(sim);
    fprintf(o->f, "%.9g", t);
    copy_reset(&o->copy); /* a new state */
    for (int k = 0; k < o->deck->n_channels; k++) {
        double v = 0;
        hw_status st = channel_value(sim, &o->deck->channels[k], &o->copy, &v);
        if (st) {
            if (msg && msg_len)
                snprintf(msg, msg_len, "%s: channel %s at t = %g s: %s", o->path,
                         o->deck->channels[k].name, t, hw_status_str(st));
            return st;
        }
        fprintf(o->f, "\t%.10g", v);
    }
    fprintf(o->f, "\n");
    if (fflush(o->f) != 0 || ferror(o->f)) return io_fail(o, msg, msg_len, "write failed");
    return HW_OK;
}

void hw_md_out_close(hw_md_out *o)
{
    if (!o) return;
    if (o->f) fclose(o->f);
    copy_free(&o->copy);
    free(o);
}

FILE **hw_md_out_stream(hw_md_out *o) { return o ? &o->f : NULL; }
