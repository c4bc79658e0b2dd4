/* bodies.csv of a run with 6-DOF bodies, read back (the plot and report commands): a header
 * time_s, then per body NAME the 18 columns NAME.x_m ... NAME.Mz_Nm (hw_bodies_csv_suffix), one
 * row per output time. The file itself is read by hw_csv_read (io/results_csv.h); this checks its
 * header and finds the bodies in it. */
#ifndef HW_HOST_BODIES_CSV_H
#define HW_HOST_BODIES_CSV_H

#include <stddef.h>

#include "io/results_csv.h"

/* Columns per body and their suffixes after "NAME.", in file order: position x y z (m), roll
 * pitch yaw (deg), velocity (m/s), angular velocity (deg/s), the cables' force on the body (N) and
 * its moment about the reference point (N m). */
#define HW_BODY_CSV_COLS 18
enum { HW_BCSV_X = 0, HW_BCSV_ROLL = 3, HW_BCSV_V = 6, HW_BCSV_W = 9, HW_BCSV_F = 12, HW_BCSV_M = 15 };
extern const char *const hw_bodies_csv_suffix[HW_BODY_CSV_COLS];

/* Checks the header of c (read from path): time_s, then HW_BODY_CSV_COLS columns per body, the
 * same NAME within a body's columns, the suffixes in order. Returns the number of bodies; body b's
 * columns start at 1 + HW_BODY_CSV_COLS * b. -1 on a bad header, with msg
 * "PATH: column N: expected 'NAME.y_m' ..., got '...'" (N 1-based). */
int hw_bodies_csv_check(const hw_csv *c, const char *path, char *msg, size_t msg_len);

/* Body b's name (its x_m column without ".x_m") into out. */
void hw_bodies_csv_name(const hw_csv *c, int b, char *out, size_t len);

#endif
