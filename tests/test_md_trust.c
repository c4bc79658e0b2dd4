/* Issue 14, what a MoorDyn user's deck needs trusted beyond its syntax: a static solve that
 * settles a heavy weight on a slack line, free points on the seabed (flat and gridded), cylinders
 * on the bathymetry grid, the cylinders' energy, and fileIC with bodies and rods. Each case checks
 * a closed form or a conservation law, and MoorDyn 2.7.2 where it answers (figures recorded with
 * their source: the suite needs neither the wheel nor the network). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"

static char msg[2048];

typedef struct log_cap { char text[8192]; size_t used; } log_cap;
static void cap_log(void *user, int level, const char *m)
{
    log_cap *c = user;
    int n = snprintf(c->text + c->used, sizeof c->text - c->used, "%d %s\n", level, m);
    if (n > 0 && c->used + (size_t)n < sizeof c->text) c->used += (size_t)n;
}

static hw_scenario *load_deck(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load(path, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

static hw_scenario *load_yaml(const char *path)
{
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load(path, &sc, msg, sizeof msg), HW_OK, "%s", msg);
    return sc;
}

static int same_d(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* ---- a heavy weight on a slack, stiff, weightless line (host/model/statics.c, relax) ---------- */

/* md_lift_ic.dat and its twin: an 800 kg point 0.3 m above where its straight 60.3 m line (EA
 * 5e8 N, neutrally buoyant) would hold it. Newton stalls (nothing holds the weight until the line
 * is taut; the Jacobian is singular), and the dynamic relaxation with the real masses could not
 * settle it: the light nodes' ringing reset the kinetic energy every few steps and the weight crept
 * down ~0.1 m per 200,000 steps (exit 4). With fictitious masses from each coordinate's stiffness
 * it settles in ~1,500 steps and Newton polishes it. The answer in closed form: a line weightless
 * in water hangs straight with the tension W = 800 g all along, stretched by W / EA, so the weight
 * sits at z = -10 - 60.3 (1 + W / EA) = -70.300946145592 m. Newton's residual (1e-6 of W at most,
 * on a stiffness EA / L = 8.3e6 N/m) leaves < 1e-9 m. MoorDyn 2.7.2 does not find it (PyPI wheel:
 * moordyn.Create on this deck, moordyn.Init, GetPointPos): its initial-condition stage gives up
 * after 0.002 s ("Best score at 0.001 s = 0.742346 m/s2") with the weight at z = -70.0000011 m
 * and the line slack (fairlead tension 0), and with dtIC 0.5 s at z = -70.0234 m, still slack. */
Test(statics, heavy_weight_on_a_slack_stiff_line_settles)
{
    hw_scenario *sc[2] = {load_deck(HW_TEST_DATA_DIR "/md_lift_ic.dat"), load_yaml(HW_TEST_DATA_DIR "/md_lift_ic.yaml")};
    const double W = 800 * G0, z_eq = -10 - 60.3 * (1 + W / 5e8);
    double z[2], T[2];
    for (int k = 0; k < 2; k++) {
        log_cap cap = {{0}, 0};
        hw_sim *sim = NULL;
        cr_assert_eq(hw_sim_create(&sc[k]->model, HW_BACKEND_CPU, cap_log, &cap, &sim, msg, sizeof msg), HW_OK,
                     "%s\n%s", msg, cap.text);
        cr_assert(strstr(cap.text, "Newton stalled") && strstr(cap.text, "dynamic relaxation"), "%s", cap.text);
        double r[3], ta, tb, res;
        int it;
        hw_sim_static_info(sim, &res, &it);
        cr_assert_lt(res, 1e-6);
        cr_assert_eq(hw_sim_point_state(sim, 1, r, NULL, NULL), HW_OK);
        cr_assert_eq(hw_sim_line_end_tensions(sim, 0, &ta, &tb), HW_OK);
        printf("weight on a slack stiff line: z %.12f m (closed form %.12f), tensions %.6f %.6f N (W %.6f)\n",
               r[2], z_eq, ta, tb, W);
        cr_expect(fabs(r[0]) < 1e-9 && fabs(r[1]) < 1e-9, "hangs straight: x %g y %g", r[0], r[1]);
        cr_expect(fabs(r[2] - z_eq) < 1e-9, "z %.12f, closed form %.12f", r[2], z_eq);
        cr_expect(fabs(ta - W) < 1e-6 * W && fabs(tb - W) < 1e-6 * W, "tensions %.9g %.9g, W %.9g", ta, tb, W);
        z[k] = r[2];
        T[k] = tb;
        hw_sim_destroy(sim);
    }
    cr_expect(same_d(z[0], z[1]) && same_d(T[0], T[1]), "deck and twin: %.17g %.17g, %.17g %.17g", z[0], z[1],
              T[0], T[1]);
    for (int k = 0; k < 2; k++) hw_scenario_free(sc[k]);
}
