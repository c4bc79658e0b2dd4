/* Couplings between the 1-D network and the 3-D cables (host/world/coupling.c), end to end through
 * the command line: a rail mass held by a 3-D cable, and a network shaft driving a 3-D winch. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "shell.h"

#define G0 9.80665

/* Column `name` of a CSV file: every row's value into v (at most nmax); returns the count. */
static int column(const char *path, const char *name, double *v, int nmax)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    char line[8192];
    cr_assert(fgets(line, sizeof line, f));
    int col = -1, k = 0;
    for (char *tok = strtok(line, ",\n"); tok; tok = strtok(NULL, ",\n"), k++)
        if (!strcmp(tok, name)) col = k;
    cr_assert_geq(col, 0, "no column %s in %s", name, path);
    int n = 0;
    while (n < nmax && fgets(line, sizeof line, f)) {
        char *p = line;
        for (int c = 0; c < col; c++) p = strchr(p, ',') + 1;
        v[n++] = strtod(p, NULL);
    }
    fclose(f);
    return n;
}

/* A 100 kg car on a frictionless 30 degree rail held by a 3-D cable (EA 1e5 N, 14.9 m) to an
 * anchor 15 m up the rail: at rest the cable carries m g sin 30 (plus its own 0.01 kg/m), and
 * the car sits where the cable's stretch puts it. */
Test(coupling, rail_mass_held_by_a_cable)
{
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "%s run %s/coupling_rail.yaml -o " HW_TMP "/hw_coupling_rail -q 2>&1",
             HW_CLI_PATH, HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    static double T[1000], x[1000];
    int n = column(HW_TMP "/hw_coupling_rail/lines.csv", "hold.TA_N", T, 1000);
    int m = column(HW_TMP "/hw_coupling_rail/network.csv", "x_car", x, 1000);
    cr_assert_eq(n, m);
    double Te = 100 * G0 * 0.5, xe = 15 - 14.9 * (1 + T[n - 1] / 1e5);
    printf("rail mass on a 3-D cable: tension %.4f N (m g sin 30 = %.4f N), car at %.6f m (stretch "
           "puts it at %.6f m)\n", T[n - 1], Te, x[m - 1], xe);
    /* the cable's weight (0.01 kg/m x 15 m, at most 1.5 N along the slope) is the only other load */
    cr_expect_lt(fabs(T[n - 1] - Te), 1.5);
    /* the cable sags by (w L)^2 L / (24 T^2): 1e-5 m */
    cr_expect_lt(fabs(x[m - 1] - xe), 1e-4);
}

/* Validation case 16 across the coupling: a network shaft (J 50 kg m^2, torque 2942 N m) turns
 * the 0.5 m drum of a 3-D wire hoisting 500 kg (plus 2 kg of wire). */
Test(coupling, network_drum_hoists_a_3d_wire)
{
    char cmd[1024], out[16384];
    snprintf(cmd, sizeof cmd, "%s run %s/coupling_drum.yaml -o " HW_TMP "/hw_coupling_drum -q 2>&1",
             HW_CLI_PATH, HW_TEST_DATA_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    static double t[1000], w[1000];
    int n = column(HW_TMP "/hw_coupling_drum/network.csv", "t", t, 1000);
    column(HW_TMP "/hw_coupling_drum/network.csv", "w_shaft", w, 1000);
    double sx = 0, sy = 0, sxx = 0, sxy = 0, k = 0;
    for (int i = 0; i < n; i++) {
        if (t[i] < 0.5) continue; /* after the start-up transient */
        sx += t[i]; sy += w[i]; sxx += t[i] * t[i]; sxy += t[i] * w[i]; k++;
    }
    double a = 0.5 * (k * sxy - sx * sy) / (k * sxx - sx * sx);
    double ae = (2942.0 / 0.5 - 502 * G0) / (502 + 50 / 0.25);
    printf("network drum on a 3-D wire: hoisting acceleration %.5f m/s^2, expected %.5f (%.3f%%)\n",
           a, ae, 100 * (a / ae - 1));
    /* the wire hauled in (4 m, 0.4 kg) and the explicit exchange each step: within 0.5% */
    cr_expect_lt(fabs(a / ae - 1), 5e-3);
}

static void bad(const char *from, const char *to, const char *text)
{
    char cmd[2048], out[16384];
    snprintf(cmd, sizeof cmd, "sed 's/%s/%s/' %s/coupling_drum.yaml > " HW_TMP "/hw_coupling_bad.yaml && "
             "%s run " HW_TMP "/hw_coupling_bad.yaml -o " HW_TMP "/hw_coupling_bad -q 2>&1", from, to,
             HW_TEST_DATA_DIR, HW_CLI_PATH);
    cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_expect(strstr(out, text) != NULL, "'%s' lacks '%s'", out, text);
}

Test(coupling, bad_input)
{
    bad("shaft: shaft, line", "shaft: shafty, line",
        "coupling_bad.yaml:25: couplings[0].shaft: expected a rotational node of the network, got \"shafty\"");
    bad("mode: external", "mode: speed",
        "couplings[0].line: expected a line with a winch in external mode");
    bad("type: drum_winch", "type: belt", "couplings[0].type: expected one of: rail_point, drum_winch, got \"belt\"");
    bad("radius: 0.5}", "radius: -0.5}", "couplings[0].radius: expected a drum radius > 0 m, got -0.5");
}
