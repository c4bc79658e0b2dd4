/* Bodies in scenario files and decks: the pose at t = 0 of a body and of a point riding on it
 * (scenario_body.h). */
#include "io/scenario_body.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bodies/body_set.h"
#include "io/yaml_doc.h"
#include "physics/body.h"

void hw_scn_body_pose0(const hw_body_def *b, double pos[3], double rpy[3])
{
    double x[6] = {b->pos[0], b->pos[1], b->pos[2], b->rot[0], b->rot[1], b->rot[2]};
    if (b->kind == HW_BODY_PRESCRIBED && (b->motion != HW_MOTION_TABLE || (b->table_n >= 2 && b->table_t && b->table_6)))
        hw_body_motion6(b, NULL, 0.0, x, NULL); /* the world's own motion at t = 0 (out of memory: pos, rot) */
    for (int c = 0; c < 3; c++) {
        pos[c] = x[c];
        rpy[c] = x[3 + c];
    }
}

void hw_scn_body_point0(const hw_body_def *b, const double at[3], double out[3])
{
    double pos[3], rpy[3];
    hw_scn_body_pose0(b, pos, rpy);
    hw_quat q = hw_quat_from_rpy(rpy[0], rpy[1], rpy[2]);
    hw_v3 p = hw_quat_rotate(q, hw_v3_make(at[0], at[1], at[2]));
    out[0] = pos[0] + p.x;
    out[1] = pos[1] + p.y;
    out[2] = pos[2] + p.z;
}

void hw_scn_rpy_from_moordyn(const double md[3], double rpy[3])
{
    if ((md[0] != 0.0) + (md[1] != 0.0) + (md[2] != 0.0) <= 1) {
        for (int c = 0; c < 3; c++) rpy[c] = md[c];
        return;
    }
    hw_quat q = hw_quat_mul(hw_quat_axis_angle(hw_v3_make(1, 0, 0), md[0]),
                            hw_quat_mul(hw_quat_axis_angle(hw_v3_make(0, 1, 0), md[1]),
                                        hw_quat_axis_angle(hw_v3_make(0, 0, 1), md[2])));
    hw_v3 a = hw_quat_to_rpy(q);
    rpy[0] = a.x;
    rpy[1] = a.y;
    rpy[2] = a.z;
}

void hw_scn_rpy_from_quat_xyzw(const double q[4], double rpy[3])
{
    hw_v3 a = hw_quat_to_rpy(hw_quat_normalize(hw_quat_make(q[3], q[0], q[1], q[2])));
    rpy[0] = a.x;
    rpy[1] = a.y;
    rpy[2] = a.z;
}

void hw_scn_body_point_vel0(const hw_body_def *b, const double at[3], double out[3])
{
    hw_quat q = hw_quat_from_rpy(b->rot[0], b->rot[1], b->rot[2]);
    hw_v3 d = hw_quat_rotate(q, hw_v3_make(at[0], at[1], at[2]));
    hw_v3 w = hw_v3_make(b->start_vel[3], b->start_vel[4], b->start_vel[5]);
    hw_v3 v = hw_v3_add(hw_v3_make(b->start_vel[0], b->start_vel[1], b->start_vel[2]), hw_v3_cross(w, d));
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

void hw_scn_moordyn_angles(const double q[4], double md[3])
{
    const double w = q[0], x = q[1], y = q[2], z = q[3];
    /* the entries R02, R12, R22, R01, R00 of the rotation matrix of q: for R = Rx(a) Ry(b) Rz(c),
     * R02 = sin b, R12 = -sin a cos b, R22 = cos a cos b, R01 = -cos b sin c, R00 = cos b cos c */
    double r02 = 2.0 * (x * z + w * y), r12 = 2.0 * (y * z - w * x), r22 = 1.0 - 2.0 * (x * x + y * y);
    double r01 = 2.0 * (x * y - w * z), r00 = 1.0 - 2.0 * (y * y + z * z);
    r02 = r02 > 1.0 ? 1.0 : (r02 < -1.0 ? -1.0 : r02);
    md[0] = atan2(-r12, r22);
    md[1] = asin(r02);
    md[2] = atan2(-r01, r00);
}

int hw_scn_body_named(const hw_body_def *bodies, int n, const yaml_node_t *v, char *why, size_t len)
{
    const char *s = yd_scalar(v);
    for (int k = 0; s && !yd_is_null(v) && k < n; k++)
        if (!strcmp(bodies[k].name, s)) return k;
    char got[96], names[300];
    yd_describe(v, got, sizeof got);
    size_t used = (size_t)snprintf(names, sizeof names, "one of: ");
    for (int k = 0; k < n; k++) {
        if (k >= 12 || used + strlen(bodies[k].name) + 8 >= sizeof names) {
            snprintf(names, sizeof names, "one of the %d names in bodies", n);
            break;
        }
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", k ? ", " : "", bodies[k].name);
    }
    if (n == 0)
        snprintf(why, len, "expected a body name, got %s (the scenario has no bodies section)", got);
    else
        snprintf(why, len, "expected a body name (%s), got %s", names, got);
    return -1;
}
