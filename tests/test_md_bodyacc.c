/* A body's accelerations (docs/moordyn.md, OUTPUTS: Body#AX AY AZ in m/s^2, Body#RAX RAY RAZ in
 * deg/s^2): hw_world_body_acceleration, from the body's equations of motion in its current state
 * (kernels/physics/body.h, what the next step's kick applies), and the deck channels that write it.
 *
 * tests/data/md_bodyacc.dat (its YAML twin md_bodyacc.yaml): body 1 free, 2000 kg, 1 m^3, Ca 0.5,
 * sinking from rest in still water (no drag area); body 2 a held pin carrying a rod (diameter 2 m,
 * 5000 kg/m, 10 m) hanging 30 deg from the vertical; body 3 a held pin with 1000 kg at L = 2 m,
 * 30 deg from the vertical (CG (1, 0, -1.732) m), 100 kg m^2 about its CG each way, no volume.
 *
 * The MoorDyn figures were recorded from MoorDyn 2.7.2, the PyPI wheel: moordyn.Create(deck),
 * moordyn.Init with the two CoupledPinned bodies' 12 coupled DOF at their deck positions (held
 * there, zero velocity), moordyn.Step in coupling steps of 0.01 s up to 0.05 s, then the deck's .out
 * table it writes (8 significant digits). MoorDyn writes its units row as m/s^2 and deg/s^2. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/world.h"
#include "helpers.h"
#include "shell.h"

#define PI 3.14159265358979323846
#define DEG (180.0 / PI)
#define G 9.80665
#define RHO 1025.0

static char msg[1024];

static hw_world *load(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    hw_world *w = NULL;
    hw_world_load_opts o = hw_default_load_opts();
    cr_assert_eq(hw_world_load(path, &o, &w, msg, sizeof msg), HW_OK, "%s: %s", file, msg);
    return w;
}


/* The pendulum's angular acceleration about the pin's y axis at pitch psi (rad) from its release:
 * its CG c = (1, 0, -1.7320508076) m (the deck's; 30 deg from the vertical, L = 2 m) turned by psi
 * about y lies at x = c_x cos(psi) + c_z sin(psi) from the vertical through the pin: m g x / I_pin with
 * I_pin = I_cg + m |c|^2 (the CG in the x-z plane: no products about y, no gyroscopic moment with
 * w along y). */
static double pendulum_alpha(double psi)
{
    const double m = 1000, cx = 1, cz = -1.7320508076, I_pin = 100 + m * (cx * cx + cz * cz);
    return m * G * (cx * cos(psi) + cz * sin(psi)) / I_pin;
}

/* At t = 0, analytic: the sinking body's a = -(m - rho V) g / (m + Ca rho V), the pendulum's
 * alpha = m g L sin(30 deg) / I_pin, both exactly what the kick applies (rounding only); the held
 * pins' linear accelerations 0. */
Test(bodyacc, analytic_at_t0)
{
    hw_world *w = load("md_bodyacc.dat");
    double a[3], al[3];
    cr_assert_eq(hw_world_body_acceleration(w, 0, a, al), HW_OK);
    const double az = -(2000 - RHO * 1.0) * G / (2000 + 0.5 * RHO * 1.0); /* -3.80556567 m/s^2 */
    cr_assert(fabs(a[2] - az) < 1e-12 * fabs(az), "sinking body az %.15g, expected %.15g", a[2], az);
    cr_assert(a[0] == 0 && a[1] == 0 && al[0] == 0 && al[1] == 0 && al[2] == 0);
    cr_assert_eq(hw_world_body_acceleration(w, 2, a, al), HW_OK);
    const double ay = pendulum_alpha(0); /* 2.39186585 rad/s^2, 137.0438 deg/s^2 */
    cr_assert(fabs(al[1] - ay) < 1e-12 * ay, "pendulum alpha_y %.15g, expected %.15g", al[1], ay);
    cr_assert(fabs(al[0]) < 1e-12 && fabs(al[2]) < 1e-12 && a[0] == 0 && a[1] == 0 && a[2] == 0);
    /* the rod's pin: turning about +y (the rod's lower end swings towards the vertical), held still */
    cr_assert_eq(hw_world_body_acceleration(w, 1, a, al), HW_OK);
    cr_assert(al[1] > 0 && fabs(al[0]) < 1e-9 && fabs(al[2]) < 1e-9 && a[0] == 0 && a[1] == 0 && a[2] == 0);
    /* out of range: refused */
    cr_assert_eq(hw_world_body_acceleration(w, 3, a, al), HW_ERR_INVALID_ARG);
    cr_assert_eq(hw_world_body_acceleration(NULL, 0, a, al), HW_ERR_INVALID_ARG);
    hw_world_destroy(w);
}

/* The deck and its YAML twin: the same accelerations and states, bit for bit, over 50 steps; the
 * pendulum's alpha follows the analytic one at its current pitch (to rounding) as it swings, and
 * the sinking body's stays -(W - B) / (m + added mass) (no drag). */
Test(bodyacc, twin_and_analytic_while_moving)
{
    hw_world *a = load("md_bodyacc.dat"), *b = load("md_bodyacc.yaml");
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(hw_world_step(a, 10), HW_OK, "%s", hw_world_last_error(a));
        cr_assert_eq(hw_world_step(b, 10), HW_OK, "%s", hw_world_last_error(b));
        for (int k = 0; k < 3; k++) {
            double xa[19], xb[19];
            cr_assert_eq(hw_world_body_state(a, k, xa, xa + 3, xa + 7, xa + 10), HW_OK);
            cr_assert_eq(hw_world_body_state(b, k, xb, xb + 3, xb + 7, xb + 10), HW_OK);
            cr_assert_eq(hw_world_body_acceleration(a, k, xa + 13, xa + 16), HW_OK);
            cr_assert_eq(hw_world_body_acceleration(b, k, xb + 13, xb + 16), HW_OK);
            cr_assert_eq(memcmp(xa, xb, sizeof xa), 0, "body %d: the deck and its twin differ at step %d", k, 10 * (i + 1));
        }
        double q[4], acc[3], al[3];
        cr_assert_eq(hw_world_body_state(a, 2, NULL, q, NULL, NULL), HW_OK);
        double psi = 2 * atan2(q[2], q[0]); /* a turn about y alone */
        cr_assert_eq(hw_world_body_acceleration(a, 2, acc, al), HW_OK);
        cr_assert(fabs(al[1] - pendulum_alpha(psi)) < 1e-10, "pendulum at %g deg: %.12g, expected %.12g", psi * DEG,
                  al[1], pendulum_alpha(psi));
        cr_assert_eq(hw_world_body_acceleration(a, 0, acc, al), HW_OK);
        cr_assert(fabs(acc[2] + (2000 - RHO) * G / (2000 + 0.5 * RHO)) < 1e-12);
    }
    hw_world_destroy(a);
    hw_world_destroy(b);
}

/* `hawser run` on the deck: the channels and units MoorDyn 2.7.2 writes, and its figures: the free
 * body's and the pendulum's to MoorDyn's 8 digits (the same equations at states that symplectic
 * Euler and MoorDyn's RK2 keep equal to those digits), the rod's pin's to 1e-4 deg/s^2 of 8.89
 * (1.1e-5 relative; its angular velocity part from MoorDyn's by 2.3e-6 relatively at 0.05 s, and its
 * drag and added mass are summed over the rod's nodes in each code's own way: 4.2e-5 deg/s^2 apart
 * at 0.05 s). MoorDyn 2.7.2, md_bodyacc.out: */
Test(bodyacc, channels_against_moordyn)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/md_bodyacc.dat --t-end 0.05 -o %s -q > /dev/null 2>&1",
             HW_TMP "/bodyacc", HW_CLI_PATH, HW_TEST_DATA_DIR, HW_TMP "/bodyacc");
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
    const char *path = HW_TMP "/bodyacc/md_bodyacc.out";
    static const struct { double t, az1, ray3, ray2, rvy2; } MD[] = {
        {0.01, -3.8055657e+00, 1.3701827e+02, 8.8903635e+00, 8.8904794e-02},
        {0.02, -3.8055657e+00, 1.3693595e+02, 8.8897740e+00, 1.7780552e-01},
        {0.05, -3.8055657e+00, 1.3634833e+02, 8.8855671e+00, 4.4444267e-01},
    };
    char unit[32];
    for (size_t r = 0; r < sizeof MD / sizeof MD[0]; r++) {
        double t = MD[r].t;
        double az = md_out_at(path, "Body1AZ", t, unit, sizeof unit);
        cr_assert_str_eq(unit, "m/s^2");
        cr_assert(fabs(az - MD[r].az1) < 1e-7, "Body1AZ at %g s: %.8g against MoorDyn's %.8g", t, az, MD[r].az1);
        double ray = md_out_at(path, "Body3RAY", t, unit, sizeof unit);
        cr_assert_str_eq(unit, "deg/s^2");
        cr_assert(fabs(ray - MD[r].ray3) < 2e-5, "Body3RAY at %g s: %.8g against MoorDyn's %.8g", t, ray, MD[r].ray3);
        double ray2 = md_out_at(path, "Body2RAY", t, NULL, 0);
        cr_assert(fabs(ray2 - MD[r].ray2) < 1e-4, "Body2RAY at %g s: %.8g against MoorDyn's %.8g", t, ray2, MD[r].ray2);
        double rvy2 = md_out_at(path, "Body2RVY", t, NULL, 0);
        cr_assert(fabs(rvy2 - MD[r].rvy2) < 2e-6, "Body2RVY at %g s: %.8g against MoorDyn's %.8g", t, rvy2, MD[r].rvy2);
        static const char *const ZERO[] = {"Body1AX", "Body1AY", "Body1RAX", "Body1RAY", "Body1RAZ",
                                           "Body3AX", "Body3RAX", "Body3RAZ"};
        for (size_t k = 0; k < sizeof ZERO / sizeof ZERO[0]; k++)
            cr_assert(fabs(md_out_at(path, ZERO[k], t, NULL, 0)) < 1e-12, "%s at %g s", ZERO[k], t);
    }
}
