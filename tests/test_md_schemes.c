/* MoorDyn's iterated Newmark (tScheme ACA<N>, integrator aca) and Wilson-theta (Wilson<N>,
 * integrator wilson) schemes (host/world/integrate.c second_order_step): against MoorDyn 2.7.2's
 * own runs of two decks, the decks against their YAML twins, the closed-form oscillator, the
 * restart from a zero derivative, the stability limits of host/model/critical_step.c against
 * runs, and the values after the node blocks (viscoelastic strains) that MoorDyn leaves behind. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "helpers.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "model/critical_step.h"

static hw_sim *make(const hw_model_def *def)
{
    hw_sim *sim = NULL;
    char msg[512];
    cr_assert_eq(hw_sim_create(def, HW_BACKEND_CPU, NULL, NULL, &sim, msg, sizeof msg), HW_OK, "create: %s", msg);
    return sim;
}

/* The text of a deck of tests/data with its tScheme row's first field (`from` + " tScheme") made
 * `to`. */
static char deck_text[8192];
static const char *deck_with(const char *file, const char *from, const char *to)
{
    char path[512], base[8192];
    snprintf(path, sizeof path, "%s/%s", HW_TEST_DATA_DIR, file);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(base, 1, sizeof base - 1, f);
    base[n] = 0;
    fclose(f);
    const char *at = strstr(base, from);
    cr_assert_not_null(at, "%s in %s", from, file);
    snprintf(deck_text, sizeof deck_text, "%.*s%s tScheme%s", (int)(at - base), base, to, at + strlen(from));
    return deck_text;
}

/* The deck text loaded; its integrator must be aca or wilson as its tScheme names. */
static hw_scenario *load_deck(const char *text, const char *name, const char *scheme)
{
    char msg[1024];
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_string(text, name, NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(sc->model.solver.integrator, strncasecmp(scheme, "ACA", 3) ? HW_INT_WILSON : HW_INT_ACA, "%s", scheme);
    cr_assert_eq(sc->model.solver.iterations, atoi(scheme + strcspn(scheme, "0123456789")), "%s", scheme);
    return sc;
}

/* ---- against MoorDyn 2.7.2 ------------------------------------------------------------------------ */

/* md_schemes.dat (a 1000 kg point on one damped 10 m segment, dtM 1 ms) with the tScheme named,
 * run by MoorDyn 2.7.2 (PyPI wheel moordyn-2.7.2-cp311): moordyn.Create(deck), moordyn.Init(s, [],
 * []), ten moordyn.Step(s, [], [], t, 0.1) calls from t = 0, moordyn.GetPointPos(GetPoint(s, 2))[2]
 * after each (the script's 12 printed decimals). */
static const struct { const char *scheme; double z[10]; } MD_POINT[] = {
    {"ACA5", {-20.127030842353, -20.079719350979, -20.051487320655, -20.066614834769, -20.109491325262,
              -20.140489059427, -20.132509197942, -20.094568072329, -20.061994399597, -20.063610070087}},
    {"ACA1", {-20.127030981946, -20.079717425373, -20.051485713982, -20.066616135466, -20.109494931664,
              -20.140491268883, -20.132507046269, -20.094562923687, -20.061991190557, -20.063612508560}},
    {"ACA10", {-20.127030826506, -20.079719569529, -20.051487503016, -20.066614687156, -20.109490915945,
               -20.140488808637, -20.132509442123, -20.094568656686, -20.061994763858, -20.063609793381}},
    {"Wilson5", {-20.126890179911, -20.079863627608, -20.052086380522, -20.067159942846, -20.109254458561,
                 -20.139416981086, -20.131510629724, -20.094722671435, -20.063394206714, -20.065065637976}},
    {"Wilson1", {-20.126916310987, -20.079864320555, -20.052035108366, -20.067101662035, -20.109263433543,
                 -20.139508052897, -20.131605450627, -20.094719258902, -20.063275871084, -20.064933914320}}};
/* The same run's RK4, which Hawser's rk4 meets to 4.1e-13 m (tests/test_schemes.c): ACA and Wilson
 * are other schemes, not RK4 with another name */
static const double MD_RK4_AT_01 = -20.126820605595;

Test(md_schemes, point_against_moordyn)
{
    for (size_t c = 0; c < sizeof MD_POINT / sizeof MD_POINT[0]; c++) {
        hw_scenario *sc = load_deck(deck_with("md_schemes.dat", "Euler     tScheme", MD_POINT[c].scheme),
                                    "md_schemes.dat", MD_POINT[c].scheme);
        hw_sim *sim = make(&sc->model);
        double worst = 0;
        for (int k = 0; k < 10; k++) {
            cr_assert_eq(hw_sim_advance_to(sim, 0.1 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
            double r[3];
            hw_sim_point_state(sim, 1, r, NULL, NULL);
            worst = fmax(worst, fabs(r[2] - MD_POINT[c].z[k]));
        }
        /* the same scheme on the same forces: the same numbers to rounding (1e-9 m leaves room for
         * MoorDyn's own order of the sums over 1000 steps of 5-10 evaluations) */
        printf("%s: largest difference from MoorDyn 2.7.2's %s %.3e m (its RK4 is %.1e m away at 0.1 s)\n",
               MD_POINT[c].scheme, MD_POINT[c].scheme, worst, fabs(MD_POINT[c].z[0] - MD_RK4_AT_01));
        cr_expect_lt(worst, 1e-9, "%s", MD_POINT[c].scheme);
        cr_expect_gt(fabs(MD_POINT[c].z[0] - MD_RK4_AT_01), 1e-5, "%s", MD_POINT[c].scheme);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}

/* md_schemes_line.dat (a 5-segment rope with drag and added mass swinging a 500 kg clump, dtM
 * 0.5 ms) run by MoorDyn 2.7.2 as above with ten moordyn.Step(s, [], [], t, 0.2) calls: the clump's
 * x and z after each. Its RK4 at 0.2 s: x 4.969350814844, z -29.476988728918. */
static const struct { const char *scheme; double x[10], z[10]; } MD_LINE[] = {
    {"ACA5",
     {4.969436350425, 4.852772529271, 4.658140683894, 4.429995854037, 4.174513578090, 3.893902951410,
      3.609610868345, 3.328716103583, 3.048972704491, 2.776116841004},
     {-29.476888653669, -29.520496190998, -29.521145408072, -29.590420241348, -29.669180367174,
      -29.700834800662, -29.752934549824, -29.820194516680, -29.856023096556, -29.889499232379}},
    {"Wilson5",
     {4.969325312929, 4.852546007000, 4.657964889955, 4.429758385591, 4.174180676630, 3.893658448524,
      3.609391305727, 3.328436570228, 3.048739359747, 2.775933687139},
     {-29.476874374427, -29.520366756209, -29.521463047179, -29.590524278070, -29.668899275624,
      -29.701087318471, -29.753179435533, -29.819928861577, -29.856092281311, -29.889776121813}}};

Test(md_schemes, line_against_moordyn)
{
    for (size_t c = 0; c < sizeof MD_LINE / sizeof MD_LINE[0]; c++) {
        hw_scenario *sc = load_deck(deck_with("md_schemes_line.dat", "ACA5      tScheme", MD_LINE[c].scheme),
                                    "md_schemes_line.dat", MD_LINE[c].scheme);
        hw_sim *sim = make(&sc->model);
        double worst = 0;
        for (int k = 0; k < 10; k++) {
            cr_assert_eq(hw_sim_advance_to(sim, 0.2 * (k + 1)), HW_OK, "%s", hw_sim_last_error(sim));
            double r[3];
            hw_sim_point_state(sim, 1, r, NULL, NULL);
            worst = fmax(worst, fmax(fabs(r[0] - MD_LINE[c].x[k]), fabs(r[2] - MD_LINE[c].z[k])));
        }
        printf("%s: clump within %.3e m of MoorDyn 2.7.2's over 2 s\n", MD_LINE[c].scheme, worst);
        cr_expect_lt(worst, 1e-8, "%s", MD_LINE[c].scheme);
        hw_sim_destroy(sim);
        hw_scenario_free(sc);
    }
}
