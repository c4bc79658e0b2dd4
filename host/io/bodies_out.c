/* See bodies_out.h. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "io/bodies_out.h"
#include "io/files.h"
#include "physics/body.h"
#include "world/world_records.h"

/* Roll, pitch or yaw (k = 0, 1, 2) of q in degrees (the angles of kernels/physics/body.h). */
static double rpy_deg(const double q[4], int k)
{
    hw_v3 a = hw_quat_to_rpy(hw_quat_make(q[0], q[1], q[2], q[3]));
    return (k == 0 ? a.x : k == 1 ? a.y : a.z) * 180.0 / 3.14159265358979323846;
}

hw_status hw_bodies_out_open(hw_bodies_out *o, const char *dir, const hw_world *w, int append, char *msg,
                             size_t len)
{
    memset(o, 0, sizeof *o);
    int n = hw_world_n_bodies(w);
    if (n <= 0) return HW_OK;
    hw_status st = hw_out_bodies_alloc(&o->view, n);
    if (st) {
        snprintf(msg, len, "out of memory for the states of %d bodies", n);
        return st;
    }
    snprintf(o->path, sizeof o->path, "%s/bodies.csv", dir);
    o->f = fopen(o->path, append ? "a" : "w");
    if (!o->f) {
        snprintf(msg, len, "%s: cannot write: %s", o->path, strerror(errno));
        return HW_ERR_IO;
    }
    if (append) return HW_OK;
    static const char *col[] = {"x_m", "y_m", "z_m", "roll_deg", "pitch_deg", "yaw_deg", "vx_m_s", "vy_m_s",
                                "vz_m_s", "wx_deg_s", "wy_deg_s", "wz_deg_s", "Fx_N", "Fy_N", "Fz_N",
                                "Mx_Nm", "My_Nm", "Mz_Nm"};
    fprintf(o->f, "time_s");
    for (int k = 0; k < n; k++)
        for (int c = 0; c < 18; c++) fprintf(o->f, ",%s.%s", hw_world_body_name(w, k), col[c]);
    fprintf(o->f, "\n");
    return HW_OK;
}

hw_status hw_bodies_out_write(hw_bodies_out *o, const hw_world *w, char *msg, size_t len)
{
    if (!o->f) return HW_OK;
    fprintf(o->f, "%.9g", hw_world_time(w));
    for (int k = 0; k < hw_world_n_bodies(w); k++) {
        double x[3], q[4], v[3], om[3], f[3], m[3];
        hw_world_body_state(w, k, x, q, v, om);
        hw_world_body_cable_load(w, k, f, m);
        const double d = 180.0 / 3.14159265358979323846;
        fprintf(o->f, ",%.10g,%.10g,%.10g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g,%.8g",
                x[0], x[1], x[2], rpy_deg(q, 0), rpy_deg(q, 1), rpy_deg(q, 2), v[0], v[1], v[2], om[0] * d,
                om[1] * d, om[2] * d, f[0], f[1], f[2], m[0], m[1], m[2]);
    }
    fprintf(o->f, "\n");
    if (fflush(o->f) != 0 || ferror(o->f)) {
        snprintf(msg, len, "%s: cannot write: %s", o->path, strerror(errno));
        return HW_ERR_IO;
    }
    return HW_OK;
}

const hw_out_bodies *hw_bodies_out_view(const hw_bodies_out *o)
{
    return o->view.n > 0 ? &o->view : NULL;
}

void hw_bodies_out_fill(hw_bodies_out *o, const hw_world *w)
{
    hw_out_bodies *b = &o->view;
    for (int k = 0; k < b->n; k++) {
        hw_world_body_state(w, k, b->pos + 3 * k, b->quat + 4 * k, b->vel + 3 * k, b->w + 3 * k);
        hw_world_body_cable_load(w, k, b->force + 3 * k, b->moment + 3 * k);
    }
}

hw_status hw_bodies_out_close(hw_bodies_out *o, char *msg, size_t len)
{
    hw_out_bodies_free(&o->view);
    if (!o->f) return HW_OK;
    int err = hw_fclose_checked(o->f);
    o->f = NULL;
    if (err) {
        snprintf(msg, len, "%s: cannot write: %s", o->path, strerror(err));
        return HW_ERR_IO;
    }
    return HW_OK;
}

void hw_bodies_json(FILE *f, const hw_world *w, const hw_body_def *defs)
{
    static const char *kinds[] = {"free", "fixed", "prescribed", "coupled", "pinned"};
    static const char *col[] = {"x_m", "y_m", "z_m", "roll_deg", "pitch_deg", "yaw_deg"};
    int n = hw_world_n_bodies(w);
    if (n <= 0) return;
    fprintf(f, ",\"bodies\":[");
    for (int k = 0; k < n; k++) {
        hw_body_extremes e;
        memset(&e, 0, sizeof e);
        hw_world_body_extremes(w, k, &e);
        int kd = defs ? (int)defs[k].kind : -1;
        fprintf(f, "%s{\"name\":", k ? "," : "");
        hw_json_string(f, hw_world_body_name(w, k));
        fprintf(f, ",\"kind\":\"%s\",\"samples\":%ld", kd >= 0 && kd < 5 ? kinds[kd] : "unknown", e.samples);
        if (e.samples > 0) {
            for (int c = 0; c < 6; c++)
                fprintf(f, ",\"max_%s\":%.10g,\"max_%s_time_s\":%.9g,\"min_%s\":%.10g,\"min_%s_time_s\":%.9g",
                        col[c], e.max[c], col[c], e.t_max[c], col[c], e.min[c], col[c], e.t_min[c]);
            fprintf(f, ",\"max_cable_force_N\":%.10g,\"max_cable_force_time_s\":%.9g", e.f_max, e.t_f_max);
        }
        fprintf(f, "}");
    }
    fprintf(f, "]");
}
