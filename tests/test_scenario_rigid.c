/* The `rigid_cables:` section of scenario files and `hawser run` with rigid cables: both parameter
 * forms load into the same hw_rc_def numbers as the C API, every kind of error is one line
 * "FILE:LINE: FIELD: expected ..., got ..." pointing at the offending key (the loader's own checks
 * and hw_rc_check()'s rules mapped back to their lines), and the CLI runs a catenary whose end
 * force matches Irvine's elastic catenary. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "hawser/rigid.h"
#include "helpers.h"
#include "run/rigid_run.h"
#include "io/scenario.h"
#include "io/scenario_rigid.h"
#include "world/sim_internal.h"
#include "shell.h"

static char msg[2048];
static char text[16384];

/* The base scenario; line numbers are used by the error tests (line 1 is "environment:"). */
static const char *const BASE =
    "environment:\n"                               /*  1 */
    "  water_density: 1025\n"                      /*  2 */
    "  depth: 1000\n"                              /*  3 */
    "  gravity: 9.80665\n"                         /*  4 */
    "points:\n"                                    /*  5 */
    "  - {name: anchor, type: fixed, position: [0, 0, -60]}\n" /* 6 */
    "  - name: fairlead\n"                         /*  7 */
    "    type: fixed\n"                            /*  8 */
    "    position: [80, 0, -10]\n"                 /*  9 */
    "  - {name: buoy, type: free, position: [5, 5, -5], mass: 10}\n" /* 10 */
    "rigid_cables:\n"                              /* 11 */
    "  - name: wire\n"                             /* 12 */
    "    length: 100\n"                            /* 13 */
    "    elements: 100\n"                          /* 14 */
    "    mass_per_length: 10\n"                    /* 15 */
    "    diameter: 0.04\n"                         /* 16 */
    "    stiffness: engineering\n"                 /* 17 */
    "    EA: 1.0e9\n"                              /* 18 */
    "    EI: 100\n"                                /* 19 */
    "    GJ: 50\n"                                 /* 20 */
    "    damping_ratio: 0.5\n"                     /* 21 */
    "    beta_dt: 1.0\n"                           /* 22 */
    "    end_a: anchor\n"                          /* 23 */
    "    end_b: fairlead\n"                        /* 24 */
    "    Cdn: 1.1\n"                               /* 25 */
    "    Cdt: 0.01\n"                              /* 26 */
    "    Can: 0.9\n"                               /* 27 */
    "    Cat: 0.1\n"                               /* 28 */
    "    seabed_mu: 0.3\n"                         /* 29 */
    "    relax_damping: 1.0\n"                     /* 30 */
    "solver:\n"                                    /* 31 */
    "  dt: 0.01\n"                                 /* 32 */
    "  t_end: 1\n";                                /* 33 */

/* The same cable in the (alpha, beta, eps) form, equivalent at dt = 0.01 s with l = 1 m:
 * beta = 1/dt = 100, alpha = 0.5 beta = 50, eps_N = beta^2 l / EA = 1e-5,
 * eps_M = beta^2 l / (2 EI) = 50, eps_T = beta^2 l / (2 GJ) = 100. */
static const char *const BAUMGARTE =
    "    stiffness: baumgarte\n"
    "    axial: {alpha: 50, beta: 100, eps: 1.0e-5}\n"
    "    bending: {alpha: 50, beta: 100, eps: 50}\n"
    "    torsion:\n"
    "      alpha: 50\n"
    "      beta: 100\n"
    "      eps: 100\n";

/* BASE with the first occurrence of from replaced by to. */
static const char *with(const char *from, const char *to)
{

    const char *p = strstr(BASE, from);
    cr_assert_not_null(p, "'%s' not in the base scenario", from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(p - BASE), BASE, to, p + strlen(from));
    return text;
}

/* BASE with a lumped line l1 beside the rigid cable (and without the free point, which a lumped
 * model requires to carry a line), solver.dt as given: a soft line (EA 1e6 N), so that its
 * critical step is about 1e-3 s and a run of a few seconds stays short. */
static const char *mixed(const char *dt)
{
    static char b2[16384];
    const char *buoy = "  - {name: buoy, type: free, position: [5, 5, -5], mass: 10}\n";
    const char *rig = "rigid_cables:\n", *sdt = "  dt: 0.01\n";
    const char *q = strstr(BASE, buoy), *r = strstr(BASE, rig), *d = strstr(BASE, sdt);
    snprintf(b2, sizeof b2, "%.*s%.*s%s%.*s  dt: %s\n%s", (int)(q - BASE), BASE, (int)(r - q - strlen(buoy)),
             q + strlen(buoy),
             "line_types:\n  - {name: rope, diameter: 0.1, mass_per_length: 10, EA: 1.0e6}\n"
             "lines:\n  - {name: l1, type: rope, end_a: anchor, end_b: fairlead, length: 100, segments: 20}\n"
             "rigid_cables:\n",
             (int)(d - r - strlen(rig)), r + strlen(rig), dt, d + strlen(sdt));
    snprintf(text, sizeof text, "%s", b2);
    return text;
}

static const char *baumgarte(void)
{
    return with("    stiffness: engineering\n    EA: 1.0e9\n    EI: 100\n    GJ: 50\n    damping_ratio: 0.5\n"
                "    beta_dt: 1.0\n", BAUMGARTE);
}

static void expect_error_in(const char *t, int line, const char *field, const char *frag1, const char *frag2)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(t, "s.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d, message: %s", st, msg);
    cr_assert_null(sc);
    char head[512];
    snprintf(head, sizeof head, "s.yaml:%d: %s: ", line, field);
    cr_assert(!strncmp(msg, head, strlen(head)), "expected '%s...', got: %s", head, msg);
    cr_assert(strstr(msg, frag1), "'%s' not in: %s", frag1, msg);
    if (frag2) cr_assert(strstr(msg, frag2), "'%s' not in: %s", frag2, msg);
    cr_assert(!strchr(msg, '\n'));
}

#define W "rigid_cables[0] (wire)"

static hw_scenario *load_ok(const char *t)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(t, "s.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_not_null(sc->rigid);
    return sc;
}

/* The C API's definition of the base cable. */
static hw_rc_cable_def c_api_cable(void)
{
    hw_rc_cable_def c = hw_default_rc_cable();
    c.name = "wire";
    c.length = 100; c.elements = 100; c.mass_per_length = 10; c.diameter = 0.04;
    c.ea = 1e9; c.ei = 100; c.gj = 50; c.damping_ratio = 0.5; c.beta_dt = 1.0;
    c.end_a = c.end_b = HW_RC_END_POINT;
    c.pos_a[2] = -60; c.pos_b[0] = 80; c.pos_b[2] = -10;
    c.cdn = 1.1; c.cdt = 0.01; c.can = 0.9; c.cat = 0.1; c.seabed_mu = 0.3; c.relax_damping = 1.0;
    return c;
}

static void params_of(const hw_rc_def *d, hw_rc_params *p)
{
    hw_rc *rc = NULL;
    cr_assert_eq(hw_rc_create(d, &rc, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_rc_get_params(rc, 0, p), HW_OK);
    hw_rc_destroy(rc);
}

static void expect_same_params(const hw_rc_params *a, const hw_rc_params *b, double rel)
{
    for (int k = 0; k < 3; k++) {
        cr_expect(fabs(a->alpha[k] - b->alpha[k]) <= rel * fabs(b->alpha[k]), "alpha[%d] %.17g vs %.17g", k, a->alpha[k], b->alpha[k]);
        cr_expect(fabs(a->beta[k] - b->beta[k]) <= rel * fabs(b->beta[k]), "beta[%d] %.17g vs %.17g", k, a->beta[k], b->beta[k]);
        cr_expect(fabs(a->eps[k] - b->eps[k]) <= rel * fabs(b->eps[k]), "eps[%d] %.17g vs %.17g", k, a->eps[k], b->eps[k]);
    }
    cr_expect(fabs(a->ea - b->ea) <= rel * b->ea, "EA %.17g vs %.17g", a->ea, b->ea);
    cr_expect(fabs(a->ei - b->ei) <= rel * b->ei, "EI %.17g vs %.17g", a->ei, b->ei);
    cr_expect(fabs(a->gj - b->gj) <= rel * b->gj, "GJ %.17g vs %.17g", a->gj, b->gj);
}

Test(scenario_rigid, engineering_form_loads_as_the_c_api)
{
    hw_scenario *sc = load_ok(BASE);
    const hw_scn_rigid *r = sc->rigid;
    cr_assert_eq(sc->model.n_lines, 0, "rigid cables only: no lumped lines");
    cr_assert_eq(r->def.n_cables, 1);
    hw_rc_cable_def c = c_api_cable();
    const hw_rc_cable_def *l = &r->cables[0];
    cr_expect_str_eq(l->name, "wire");
    cr_expect_eq(l->elements, c.elements);
    cr_expect_eq(l->stiffness, HW_RC_ENGINEERING);
    cr_expect_eq(l->end_a, HW_RC_END_POINT);
    cr_expect_eq(l->end_b, HW_RC_END_POINT);
    double got[] = {l->length, l->mass_per_length, l->diameter, l->ea, l->ei, l->gj, l->damping_ratio, l->beta_dt,
                    l->cdn, l->cdt, l->can, l->cat, l->seabed_mu, l->relax_damping};
    double want[] = {c.length, c.mass_per_length, c.diameter, c.ea, c.ei, c.gj, c.damping_ratio, c.beta_dt,
                     c.cdn, c.cdt, c.can, c.cat, c.seabed_mu, c.relax_damping};
    for (int k = 0; k < (int)(sizeof got / sizeof got[0]); k++) cr_expect_eq(got[k], want[k], "field %d", k);
    for (int k = 0; k < 3; k++) {
        cr_expect_eq(l->pos_a[k], c.pos_a[k]);
        cr_expect_eq(l->pos_b[k], c.pos_b[k]);
    }
    cr_expect_eq(r->point_a[0], 0);
    cr_expect_eq(r->point_b[0], 1);
    cr_expect_eq(r->def.dt, 0.01);
    cr_expect_eq(r->def.env.rho_w, 1025);
    cr_expect_eq(r->def.env.depth, 1000);
    cr_expect_eq(r->def.env.g, 9.80665);
    /* the parameters in use: identical to the C API's */
    hw_rc_def d = hw_default_rc_def();
    d.dt = 0.01; d.env.depth = 1000; d.n_cables = 1; d.cables = &c;
    hw_rc_params a, b;
    params_of(&r->def, &a);
    params_of(&d, &b);
    expect_same_params(&a, &b, 0.0);
    /* the conversion itself (docs/rigid.md): beta = 1/dt, alpha = 0.5 beta, eps_N = beta^2 l / EA */
    cr_expect_float_eq(a.beta[0], 100.0, 1e-12);
    cr_expect_float_eq(a.alpha[0], 50.0, 1e-12);
    cr_expect_float_eq(a.eps[0], 1e-5, 1e-18);
    hw_scenario_free(sc);
}

Test(scenario_rigid, baumgarte_form_gives_the_same_numbers)
{
    hw_scenario *sc = load_ok(baumgarte());
    const hw_rc_cable_def *l = &sc->rigid->cables[0];
    cr_expect_eq(l->stiffness, HW_RC_BAUMGARTE);
    cr_expect_eq(l->axial.alpha, 50);
    cr_expect_eq(l->axial.beta, 100);
    cr_expect_eq(l->axial.eps, 1e-5);
    cr_expect_eq(l->bending.eps, 50);
    cr_expect_eq(l->torsion.eps, 100);
    /* the C API with the same family values */
    hw_rc_cable_def c = c_api_cable();
    c.stiffness = HW_RC_BAUMGARTE;
    c.axial.alpha = 50; c.axial.beta = 100; c.axial.eps = 1e-5;
    c.bending.alpha = 50; c.bending.beta = 100; c.bending.eps = 50;
    c.torsion.alpha = 50; c.torsion.beta = 100; c.torsion.eps = 100;
    hw_rc_def d = hw_default_rc_def();
    d.dt = 0.01; d.env.depth = 1000; d.n_cables = 1; d.cables = &c;
    hw_rc_params a, b, e;
    params_of(&sc->rigid->def, &a);
    params_of(&d, &b);
    expect_same_params(&a, &b, 0.0);
    /* and the engineering form of the base scenario converts to these same values (EA = 1e9,
       EI = 100, GJ = 50 back; rounding only: 1e-12) */
    hw_scenario *se = load_ok(BASE);
    params_of(&se->rigid->def, &e);
    expect_same_params(&a, &e, 1e-12);
    hw_scenario_free(se);
    hw_scenario_free(sc);
}

Test(scenario_rigid, ends_free_clamped_and_moving)
{
    hw_scenario *sc = load_ok(with("    end_a: anchor\n    end_b: fairlead\n",
                                   "    end_a: {type: clamped, point: anchor}\n"
                                   "    end_b: {type: free, position: [10, 0, -60]}\n"));
    const hw_rc_cable_def *l = &sc->rigid->cables[0];
    cr_expect_eq(l->end_a, HW_RC_END_CLAMPED);
    cr_expect_eq(l->end_b, HW_RC_END_FREE);
    cr_expect_eq(sc->rigid->point_a[0], 0);
    cr_expect_eq(sc->rigid->point_b[0], -1);
    cr_expect_eq(l->pos_b[0], 10);
    cr_expect_eq(l->pos_b[2], -60);
    hw_scenario_free(sc);
    /* a prescribed point: the end starts where the motion puts it at t = 0, and follows it */
    sc = load_ok(with("    type: fixed\n    position: [80, 0, -10]\n",
                      "    type: prescribed\n    position: [80, 0, -10]\n"
                      "    motion: {type: sinusoid, amplitude: [2, 0, 1], period: 10, phase: 1.5707963267948966}\n"));
    l = &sc->rigid->cables[0];
    cr_expect_float_eq(l->pos_b[0], 82.0, 1e-12);
    cr_expect_float_eq(l->pos_b[2], -9.0, 1e-12);
    double x[3], v[3];
    hw_point_kinematics(&sc->model.points[1], NULL, 2.5, x, v); /* a quarter period later: at the centre */
    cr_expect_float_eq(x[0], 80.0, 1e-12);
    cr_expect_float_eq(v[0], -2.0 * 2 * PI / 10, 1e-12);
    hw_scenario_free(sc);
    /* a uniform current is taken from the environment */
    sc = load_ok(with("  depth: 1000\n", "  depth: 1000\n  current: {uniform: [0.5, -0.25]}\n"));
    cr_expect_eq(sc->rigid->def.env.current[0], 0.5);
    cr_expect_eq(sc->rigid->def.env.current[1], -0.25);
    hw_scenario_free(sc);
}

Test(scenario_rigid, mixed_with_lumped_lines)
{
    hw_scenario *sc = load_ok(mixed("0.001"));
    cr_expect_eq(sc->model.n_lines, 1);
    cr_expect_eq(sc->rigid->def.n_cables, 1);
    cr_expect_eq(sc->rigid->def.dt, 0.001);
    hw_scenario_free(sc);
    /* dt auto: the rigid rules are checked when the run knows the lumped model's step */
    sc = load_ok(mixed("auto"));
    cr_expect_eq(sc->rigid->def.dt, 0.0);
    hw_scenario_free(sc);
}

/* ---- the loader's own checks -------------------------------------------------------------------- */

Test(scenario_rigid, unknown_and_repeated_keys)
{
    expect_error_in(with("    EI: 100\n", "    EIx: 100\n"), 19, W ".EIx", "expected a key of a rigid cable", "got \"EIx\"");
    expect_error_in(with("    EI: 100\n", "    ei: 100\n"), 19, W ".ei", "did you mean EI?", NULL);
    expect_error_in(with("    EI: 100\n", "    EA: 100\n"), 19, W ".EA", "expected each key once", "first at line 18");
    expect_error_in(with("rigid_cables:\n", "rigid_cable:\n"), 11, "rigid_cable", "expected a key of the scenario sections", "rigid_cables, bodies), got \"rigid_cable\"");
    const char *t = with("    EI: 100\n", "    EI: 100\n    axial: {alpha: 1, beta: 2, eps: 3, zeta: 4}\n");
    expect_error_in(t, 20, W ".axial", "expected no axial with stiffness: engineering", NULL);
}

Test(scenario_rigid, family_keys)
{
    char b[4096];
    snprintf(b, sizeof b, "%s", baumgarte());
    /* lines: 17 stiffness, 18 axial, 19 bending, 20 torsion, 21 alpha, 22 beta, 23 eps */
    const char *from = "    axial: {alpha: 50, beta: 100, eps: 1.0e-5}\n";
    char *p = strstr(b, from);
    cr_assert_not_null(p);
    snprintf(text, sizeof text, "%.*s    axial: {alpha: 50, beta: 100, eps: 1.0e-5, gamma: 1}\n%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 18, W ".axial.gamma", "expected a key of a constraint family", "alpha, beta, eps");
    snprintf(text, sizeof text, "%.*s    axial: {alpha: 50, beta: 100}\n%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 18, W ".axial.eps", "expected a number (required key), got nothing", NULL);
    snprintf(text, sizeof text, "%.*s    axial: [50, 100, 1.0e-5]\n%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 18, W ".axial", "expected a mapping (a constraint family", "got a list of 3 items");
    snprintf(text, sizeof text, "%.*s    EA: 1.0e9\n%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 18, W ".EA", "expected no EA with stiffness: baumgarte", NULL);
    snprintf(text, sizeof text, "%.*s%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 12, W ".axial", "expected a mapping {alpha, beta, eps} (stiffness: baumgarte) (required key)", NULL);
    expect_error_in(with("    stiffness: engineering\n", "    stiffness: soft\n"), 17, W ".stiffness",
                    "expected one of: engineering, baumgarte", "got \"soft\"");
}

Test(scenario_rigid, values_and_required_keys)
{
    expect_error_in(with("    length: 100\n", "    length: long\n"), 13, W ".length", "expected a number", "got \"long\"");
    expect_error_in(with("    length: 100\n", ""), 12, W ".length", "expected a number (required key), got nothing", NULL);
    expect_error_in(with("    elements: 100\n", "    elements: 2.5\n"), 14, W ".elements", "expected an integer", "got 2.5");
    expect_error_in(with("    EA: 1.0e9\n", ""), 12, W ".EA", "expected a number (required key)", NULL);
    expect_error_in(with("  - name: wire\n", "  - name: ''\n"), 12, "rigid_cables[0].name", "expected a non-empty name", NULL);
    expect_error_in(with("  - name: wire\n    length", "  - length"), 12, "rigid_cables[0].name", "expected a name (required key)", NULL);
    snprintf(text, sizeof text, "%.*srigid_cables: []\nsolver:\n  dt: 0.01\n", (int)(strstr(BASE, "rigid_cables:") - BASE), BASE);
    expect_error_in(text, 11, "rigid_cables", "expected a list of at least one rigid cable", "got an empty list");
    expect_error_in(with("  - name: wire\n", "  - 7\n  - name: wire\n"), 12, "rigid_cables[0]",
                    "expected a mapping (a rigid cable)", "got 7");
    /* two cables of one name */
    const char *two = with("solver:\n", "  - {name: wire, length: 10, elements: 10, mass_per_length: 1, diameter: 0.01,"
                                         " EA: 1.0e6, end_a: anchor, end_b: fairlead}\nsolver:\n");
    expect_error_in(two, 31, "rigid_cables[1] (wire).name", "expected a name not used before in rigid_cables",
                    "rigid_cables[0] at line 12");
}

Test(scenario_rigid, ends_and_references)
{
    expect_error_in(with("    end_b: fairlead\n", "    end_b: fairled\n"), 24, W ".end_b",
                    "expected a point name (one of: anchor, fairlead, buoy)", "got \"fairled\"");
    expect_error_in(with("    end_b: fairlead\n", "    end_b: free\n"), 24, W ".end_b", "got \"free\"",
                    "a free or clamped end is a mapping");
    expect_error_in(with("    end_b: fairlead\n", ""), 12, W ".end_b", "expected a point name, or a mapping", "(required key)");
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: free}\n"), 24, W ".end_b.position",
                    "expected an initial position [x, y, z] of the free end (required key)", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: free, point: fairlead, position: [0, 0, 0]}\n"),
                    24, W ".end_b.point", "expected no point on a free end", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: clamped, point: fairlead, position: [0, 0, 0]}\n"),
                    24, W ".end_b.position", "expected no position on a clamped end", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: clamped}\n"), 24, W ".end_b.point",
                    "expected a point name (required key)", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: welded, point: fairlead}\n"), 24, W ".end_b.type",
                    "expected one of: free, point, clamped", "got \"welded\"");
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: free, position: [1, 2]}\n"), 24, W ".end_b.position",
                    "expected a list of 3 numbers", "got a list of 2 items");
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {kind: free}\n"), 24, W ".end_b.kind",
                    "expected a key of a cable end", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {point: fairlead}\n"), 24, W ".end_b.type",
                    "expected one of: free, point, clamped (required key), got nothing", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: point, point: fairlead}\n    Cdx: 1\n"), 25, W ".Cdx",
                    "expected a key of a rigid cable", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b:\n      type: free\n      position: [1, x, 2]\n"), 26,
                    W ".end_b.position[1]", "expected a number", "got \"x\"");
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: point, point: [a]}\n"), 24, W ".end_b.point",
                    "expected a point name", "got a list of 1 item");
    expect_error_in(with("    EI: 100\n", "    ~: 100\n"), 19, W, "expected a key name", NULL);
    /* sheaves need lumped lines */
    expect_error_in(with("solver:\n", "sheaves:\n  - {name: s, line_in: l1, end_in: b, line_out: l2, end_out: a}\nsolver:\n"),
                    32, "sheaves[0] (s).line_in", "(lines is empty)", NULL);
    /* no points at all */
    const char *nopts = with("points:\n  - {name: anchor, type: fixed, position: [0, 0, -60]}\n  - name: fairlead\n"
                             "    type: fixed\n    position: [80, 0, -10]\n  - {name: buoy, type: free, position: [5, 5, -5], mass: 10}\n", "");
    expect_error_in(nopts, 17, W ".end_a", "expected a point name, got \"anchor\" (the scenario has no points)", NULL);
    /* a prescribed point's motion is checked even without lumped lines (hw_model_check is not run) */
    expect_error_in(with("    type: fixed\n    position: [80, 0, -10]\n",
                         "    type: prescribed\n    position: [80, 0, -10]\n    motion: {type: sinusoid, amplitude: [1, 0, 0], period: 0}\n"),
                    10, "points[1] (fairlead).motion", "expected a period > 0 s, got 0", NULL);
    expect_error_in(with("    type: fixed\n    position: [80, 0, -10]\n",
                         "    type: prescribed\n    position: [80, 0, -10]\n"
                         "    motion: {type: table, table: [[0, 0, 0, 0], [2, 1, 0, 0], [1, 2, 0, 0]]}\n"),
                    10, "points[1] (fairlead).motion.table[2]", "expected t greater than the previous row's (2), got 1", NULL);
}

Test(scenario_rigid, environment_and_solver)
{
    expect_error_in(with("  dt: 0.01\n", "  dt: auto\n"), 32, "solver.dt", "expected a time step > 0 s", "got auto");
    expect_error_in(with("  dt: 0.01\n", ""), 31, "solver.dt", "expected a time step > 0 s", "got nothing");
    /* hw_rc_check's environment rules, with the scenario's key names */
    expect_error_in(with("  gravity: 9.80665\n", "  gravity: -1\n"), 4, "environment.gravity", "expected >= 0, got -1", NULL);
    expect_error_in(with("  water_density: 1025\n", "  water_density: -1\n"), 2, "environment.water_density",
                    "expected >= 0, got -1", NULL);
    expect_error_in(with("  depth: 1000\n", "  depth: -5\n"), 3, "environment.depth", "expected > 0, got -5", NULL);
    expect_error_in(with("  depth: 1000\n", "  depth: 1000\n  seabed: {stiffness: -1}\n"), 4, "environment.seabed",
                    "stiffness and damping must be >= 0", NULL);
}

/* ---- hw_rc_check's rules, mapped back to the line of the field --------------------------------- */

Test(scenario_rigid, check_errors_have_lines)
{
    expect_error_in(with("    EA: 1.0e9\n", "    EA: 0\n"), 18, W ".EA", "expected > 0, got 0", NULL);
    expect_error_in(with("    EI: 100\n", "    EI: -1\n"), 19, W ".EI", "expected >= 0 (0 = none), got -1", NULL);
    expect_error_in(with("    GJ: 50\n", "    GJ: -1\n"), 20, W ".GJ", "got -1", NULL);
    expect_error_in(with("    length: 100\n", "    length: -5\n"), 13, W ".length", "expected > 0, got -5", NULL);
    expect_error_in(with("    elements: 100\n", "    elements: 0\n"), 14, W ".elements", "expected >= 1, got 0", NULL);
    expect_error_in(with("    mass_per_length: 10\n", "    mass_per_length: 0\n"), 15, W ".mass_per_length", "got 0", NULL);
    expect_error_in(with("    diameter: 0.04\n", "    diameter: 0\n"), 16, W ".diameter", "got 0", NULL);
    expect_error_in(with("    beta_dt: 1.0\n", "    beta_dt: 0\n"), 22, W ".beta_dt", "expected > 0, got 0", NULL);
    /* the explicit stability bound: (beta dt)^2 < 4 (1 - alpha dt) -> ratio < 0.75 at beta dt = 1 */
    expect_error_in(with("    damping_ratio: 0.5\n", "    damping_ratio: 0.8\n"), 21, W ".damping_ratio",
                    "stability bound", NULL);
    /* hw_rc_check names the drag pair "Cd" and the added-mass pair "Ca": the key of the bad one */
    expect_error_in(with("    Cdt: 0.01\n", "    Cdt: -1\n"), 26, W ".Cdt", "drag coefficients must be >= 0, got 1.1, -1", NULL);
    expect_error_in(with("    Cdn: 1.1\n", "    Cdn: -1\n"), 25, W ".Cdn", "drag coefficients must be >= 0, got -1, 0.01", NULL);
    expect_error_in(with("    Cat: 0.1\n", "    Cat: -1\n"), 28, W ".Cat", "added-mass coefficients", NULL);
    expect_error_in(with("    Can: 0.9\n", "    Can: -1\n"), 27, W ".Can", "added-mass coefficients", NULL);
    /* a default coefficient made bad elsewhere cannot happen from the file; a bad one not written
       in the file (none here) would point at the cable */
    expect_error_in(with("    seabed_mu: 0.3\n", "    seabed_mu: -1\n"), 29, W ".seabed_mu", "expected >= 0, got -1", NULL);
    expect_error_in(with("    relax_damping: 1.0\n", "    relax_damping: 200\n"), 30, W ".relax_damping",
                    "relax_damping dt < 1", NULL);
    /* both ends on one point: no initial direction */
    expect_error_in(with("    end_b: fairlead\n", "    end_b: anchor\n"), 24, W ".end_b", "must differ from pos_a", NULL);
}

Test(scenario_rigid, check_errors_baumgarte)
{
    char b[4096];
    snprintf(b, sizeof b, "%s", baumgarte());
    const char *from = "    bending: {alpha: 50, beta: 100, eps: 50}\n";
    char *p = strstr(b, from);
    cr_assert_not_null(p);
    snprintf(text, sizeof text, "%.*s    bending: {alpha: 50, beta: 100, eps: 0}\n%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 19, W ".bending.eps", "expected > 0, got 0", NULL);
    snprintf(text, sizeof text, "%.*s    bending: {alpha: 50, beta: 300, eps: 50}\n%s", (int)(p - b), b, p + strlen(from));
    expect_error_in(text, 19, W ".bending.beta", "explicit stability bound", NULL);
    /* torsion written as a block mapping: the line of the key inside it (20 torsion, 21 alpha) */
    const char *fa = "      alpha: 50\n";
    p = strstr(b, fa);
    snprintf(text, sizeof text, "%.*s      alpha: -1\n%s", (int)(p - b), b, p + strlen(fa));
    expect_error_in(text, 21, W ".torsion.alpha", "expected >= 0, got -1", NULL);
}

/* ---- the reel winch: the lumped lines' winch parser ------------------------------------------ */

/* t with the first occurrence of from replaced by to, into text (t may be text itself). */
static const char *replaced(const char *t, const char *from, const char *to)
{
    static char b[16384];
    const char *p = strstr(t, from);
    cr_assert_not_null(p, "'%s' not in the scenario", from);
    snprintf(b, sizeof b, "%.*s%s%s", (int)(p - t), t, to, p + strlen(from));
    snprintf(text, sizeof text, "%s", b);
    return text;
}

/* BASE's cable with a winch block after relax_damping (line 30): "    winch:" is line 31. */
static const char *with_winch(const char *block)
{
    char b[4096];
    snprintf(b, sizeof b, "    relax_damping: 1.0\n%s", block);
    return with("    relax_damping: 1.0\n", b);
}

/* Every key of a line's winch, read into the cable's hw_winch_def. With lumped lines and dt auto
 * the rigid rules wait for the run (mixed_with_lumped_lines), so the definition loads whatever
 * hw_rc_check says of reel winches. */
Test(scenario_rigid, winch_reads_every_key)
{
    const char *block = "    winch:\n"
                        "      end: a\n"
                        "      mode: drum\n"
                        "      speed: 0.25\n"
                        "      speed_table: [[0, 0.1], [10, 0.5], [20, -0.2]]\n"
                        "      target: 120\n"
                        "      tau: 3\n"
                        "      gain: 0.002\n"
                        "      max_speed: 1.5\n"
                        "      max_length: 150\n"
                        "      min_length: 20\n"
                        "      drum_radius: 0.6\n"
                        "      drum_inertia: 40\n"
                        "      drum_bearing: 0.02\n"
                        "      drum_speed0: 0.3\n"
                        "      torque: 500\n"
                        "      torque_table:\n"
                        "        - [0, 100]\n"
                        "        - [5, 200]\n"
                        "      motor_stall_torque: 1000\n"
                        "      motor_no_load_speed: 4\n";
    char b[4096];
    snprintf(b, sizeof b, "    relax_damping: 1.0\n%s", block);
    hw_scenario *sc = load_ok(replaced(mixed("auto"), "    relax_damping: 1.0\n", b));
    const hw_winch_def *w = &sc->rigid->cables[0].winch;
    cr_expect_eq(w->end, HW_WINCH_A);
    cr_expect_eq(w->mode, HW_WINCH_DRUM);
    double got[] = {w->speed, w->target, w->tau, w->gain, w->max_speed, w->max_length, w->min_length,
                    w->drum_radius, w->drum_inertia, w->drum_bearing, w->drum_speed0, w->torque,
                    w->motor_stall_torque, w->motor_no_load_speed};
    double want[] = {0.25, 120, 3, 0.002, 1.5, 150, 20, 0.6, 40, 0.02, 0.3, 500, 1000, 4};
    for (int k = 0; k < (int)(sizeof got / sizeof got[0]); k++) cr_expect_eq(got[k], want[k], "field %d", k);
    cr_assert_eq(w->speed_table.n, 3);
    cr_expect_eq(w->speed_table.x[1], 10);
    cr_expect_eq(w->speed_table.y[2], -0.2);
    cr_assert_eq(w->torque_table.n, 2);
    cr_expect_eq(w->torque_table.x[1], 5);
    cr_expect_eq(w->torque_table.y[0], 100);
    /* the lumped line beside it keeps no winch */
    cr_expect_eq(sc->model.lines[0].winch.end, HW_WINCH_NONE);
    hw_scenario_free(sc);
    /* the defaults are a line's (hw_default_line().winch), the end as given */
    sc = load_ok(replaced(mixed("auto"), "    relax_damping: 1.0\n",
                          "    relax_damping: 1.0\n    winch: {end: b, speed_table: [[0, 0], [1, 0.5]]}\n"));
    w = &sc->rigid->cables[0].winch;
    hw_winch_def d = hw_default_line().winch;
    cr_expect_eq(w->end, HW_WINCH_B);
    cr_expect_eq(w->mode, d.mode);
    cr_expect_eq(w->tau, d.tau);
    cr_expect_eq(w->max_speed, d.max_speed);
    cr_expect_eq(w->max_length, d.max_length);
    cr_expect_eq(w->drum_bearing, d.drum_bearing);
    cr_expect_eq(w->speed_table.n, 2);
    cr_expect_eq(w->torque_table.n, 0);
    hw_scenario_free(sc);
    /* without a winch: none */
    sc = load_ok(BASE);
    cr_expect_eq(sc->rigid->cables[0].winch.end, HW_WINCH_NONE);
    hw_scenario_free(sc);
}

Test(scenario_rigid, winch_errors_as_for_lines)
{
    /* an unknown key: word for word the message of a lumped line's winch */
    expect_error_in(with_winch("    winch: {end: b, speeed: 1}\n"), 31, W ".winch.speeed",
                    "expected a key of a winch (one of: end, mode, speed, speed_table, target,", "got \"speeed\"");
    char rigid[1024], line[1024];
    snprintf(rigid, sizeof rigid, "%s", strstr(msg, ": expected"));
    const char *t = replaced(mixed("0.001"), "segments: 20}", "segments: 20, winch: {end: b, speeed: 1}}");
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_scenario_load_string(t, "s.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT, "%s", msg);
    cr_assert(strstr(msg, "lines[0] (l1).winch.speeed: expected"), "%s", msg);
    snprintf(line, sizeof line, "%s", strstr(msg, ": expected"));
    cr_expect_str_eq(rigid, line);
    /* the loader's other winch errors, at their lines */
    expect_error_in(with_winch("    winch: {end: none}\n"), 31, W ".winch", "expected a winch at end a or b, got none", NULL);
    expect_error_in(with_winch("    winch:\n      mode: speed\n"), 31, W ".winch.end",
                    "expected one of: none, a, b (required key), got nothing", NULL);
    expect_error_in(with_winch("    winch:\n      end: b\n      mode: fast\n"), 33, W ".winch.mode",
                    "expected one of: speed, length, tension, external, drum, got \"fast\"", NULL);
    expect_error_in(with_winch("    winch:\n      end: b\n      tau: soon\n"), 33, W ".winch.tau",
                    "expected a number, got \"soon\"", NULL);
    expect_error_in(with_winch("    winch:\n      end: b\n      speed_table:\n        - [0, 0.1]\n        - [0, 0.2]\n"),
                    35, W ".winch.speed_table[1]", "expected t greater than the previous row's (0), got 0", NULL);
    expect_error_in(with_winch("    winch: [b]\n"), 31, W ".winch", "expected a mapping (a winch)", "got a list of 1 item");
}

/* A reel winch pays out from a drum on its end's point: a free end has none. */
Test(scenario_rigid, winch_end_must_be_attached)
{
    const char *free_b = with("    end_b: fairlead\n", "    end_b: {type: free, position: [10, 0, -60]}\n");
    expect_error_in(replaced(free_b, "    relax_damping: 1.0\n",
                             "    relax_damping: 1.0\n    winch:\n      mode: speed\n      end: b\n"),
                    33, W ".winch.end", "expected the winch end to be attached (a fixed or prescribed point, or clamped)",
                    "got the free end_b");
    /* at the other, attached end (clamped here) it loads */
    free_b = with("    end_a: anchor\n    end_b: fairlead\n",
                  "    end_a: {type: clamped, point: anchor}\n    end_b: {type: free, position: [10, 0, -60]}\n");
    hw_scenario *sc = load_ok(replaced(mixed("auto"), "    end_a: anchor\n    end_b: fairlead\n",
                                       "    end_a: {type: clamped, point: anchor}\n"
                                       "    end_b: {type: free, position: [10, 0, -60]}\n    winch: {end: a}\n"));
    cr_expect_eq(sc->rigid->cables[0].winch.end, HW_WINCH_A);
    cr_expect_eq(sc->rigid->cables[0].end_b, HW_RC_END_FREE);
    hw_scenario_free(sc);
}

/* hw_rc_check's winch errors ("field 'winch.max_length'") at the line of that key. */
Test(scenario_rigid, winch_check_errors_have_lines)
{
    hw_scenario *sc = NULL;
    const char *t = with_winch("    winch:\n      end: b\n      max_length: 50\n");
    cr_assert_eq(hw_scenario_load_string(t, "s.yaml", &sc, msg, sizeof msg), HW_ERR_INPUT, "%s", msg);
    const char *head = "s.yaml:33: " W ".winch.max_length: expected a cable length >= the cable's length (100 m), got 50";
    cr_expect(!strncmp(msg, head, strlen(head)), "expected '%s...', got: %s", head, msg);
}

/* A free end's `load:` (a constant force on the end point): read into the runner's loads; refused
 * on an attached end and when it is not 3 numbers. */
Test(scenario_rigid, free_end_load)
{
    hw_scenario *sc = load_ok(with("    end_b: fairlead\n",
                                   "    end_b: {type: free, position: [80, 0, -10], load: [1, -2, -3e4]}\n"));
    const double *f = sc->rigid->end_load;
    cr_expect(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 1 && f[4] == -2 && f[5] == -3e4,
              "%g %g %g %g %g %g", f[0], f[1], f[2], f[3], f[4], f[5]);
    hw_scenario_free(sc);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: point, point: fairlead, load: [0, 0, 1]}\n"), 24,
                    W ".end_b.load", "expected no load on a point end", NULL);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: free, position: [80, 0, -10], load: 5}\n"), 24,
                    W ".end_b.load", "expected a list of 3 numbers", NULL);
}

/* A --dt override is checked again by hw_scenario_check, with the line of the field. */
Test(scenario_rigid, dt_override_checked_with_lines)
{
    hw_scenario *sc = load_ok(with("    relax_damping: 1.0\n", "    relax_damping: 50\n"));
    sc->model.solver.dt = 0.05; /* c dt = 2.5 >= 1 */
    cr_assert_eq(hw_scenario_check(sc, msg, sizeof msg), HW_ERR_INPUT);
    cr_expect(!strncmp(msg, "s.yaml:30: " W ".relax_damping: ", strlen("s.yaml:30: " W ".relax_damping: ")), "%s", msg);
    sc->model.solver.dt = 0.01;
    cr_expect_eq(hw_scenario_check(sc, msg, sizeof msg), HW_OK, "%s", msg);
    hw_scenario_free(sc);
}

/* The runner moves an end on a prescribed point with the point: after 2 s at 0.5 m/s the end node
 * of the cable is where the point is, up to the end constraint's give (force / (2 EA / l) ~ 1e-5 m
 * here, physics of docs/rigid.md): 1e-3 m. A free end stays unconstrained (no force). */
Test(scenario_rigid, runner_follows_prescribed_points)
{
    hw_scenario *sc = load_ok(with("    type: fixed\n    position: [80, 0, -10]\n",
                                   "    type: prescribed\n    position: [80, 0, -10]\n"
                                   "    motion: {type: constant_velocity, velocity: [0.5, 0, 0.25]}\n"));
    hw_rc_runner r;
    hw_status st = hw_rc_runner_start(&r, sc, HW_TMP "/hawser_rscn_runner", 0.01, HW_BACKEND_CPU, NULL, NULL, msg,
                                      sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    for (int k = 1; k <= 4; k++) cr_assert_eq(hw_rc_runner_advance_to(&r, 0.5 * k, msg, sizeof msg), HW_OK, "%s", msg);
    cr_expect_float_eq(hw_rc_time(r.rc), 2.0, 1e-9);
    double xyz[3 * 101];
    cr_assert_eq(hw_rc_nodes(r.rc, 0, xyz), HW_OK);
    double want[3] = {81.0, 0.0, -9.5};
    for (int c = 0; c < 3; c++) cr_expect(fabs(xyz[300 + c] - want[c]) < 1e-3, "end B %d: %g vs %g", c, xyz[300 + c], want[c]);
    cr_expect(fabs(xyz[0]) < 1e-3 && fabs(xyz[2] + 60) < 1e-3, "end A stays on the anchor: %g %g", xyz[0], xyz[2]);
    cr_expect_eq(r.rows, 5, "the t = 0 row and 4 advances");
    hw_rc_runner_end(&r);
    hw_scenario_free(sc);
    /* a free end: no force on it */
    sc = load_ok(with("    end_b: fairlead\n", "    end_b: {type: free, position: [0, 0, -50]}\n"));
    st = hw_rc_runner_start(&r, sc, HW_TMP "/hawser_rscn_runner", 0.01, HW_BACKEND_CPU, NULL, NULL, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_eq(hw_rc_runner_advance_to(&r, 0.1, msg, sizeof msg), HW_OK, "%s", msg);
    double fa[3], fb[3];
    hw_rc_end_forces(r.rc, 0, fa, fb);
    cr_expect(fb[0] == 0 && fb[1] == 0 && fb[2] == 0);
    cr_expect(fa[2] < 0, "the anchor carries the hanging weight: %g", fa[2]);
    hw_rc_runner_end(&r);
    /* no rigid cables: the runner is a no-op */
    hw_scenario empty;
    memset(&empty, 0, sizeof empty);
    cr_expect_eq(hw_rc_runner_start(&r, &empty, HW_TMP "/hawser_rscn_runner", 0.01, HW_BACKEND_CPU, NULL, NULL, msg, sizeof msg), HW_OK);
    cr_expect_null(r.rc);
    cr_expect_eq(hw_rc_runner_advance_to(&r, 0.1, msg, sizeof msg), HW_OK);
    hw_rc_runner_end(&r);
    hw_scenario_free(sc);
}

/* ---- the CLI end to end ---------------------------------------------------------------------------- */

static void write_file(const char *path, const char *t)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(t, f);
    fclose(f);
}

/* Reads a CSV: the header into hdr, the rows into a malloc'ed array (*ncol columns each). */
static double *read_csv(const char *path, char *hdr, size_t hdr_len, int *nrow, int *ncol)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    cr_assert_not_null(fgets(hdr, (int)hdr_len, f));
    hdr[strcspn(hdr, "\n")] = 0;
    int nc = 1;
    for (const char *s = hdr; *s; s++) nc += *s == ',';
    int cap = 64, n = 0;
    double *d = malloc((size_t)cap * nc * sizeof *d);
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        cr_assert(strchr(line, '\n'), "a complete row");
        if (n == cap) d = realloc(d, (size_t)(cap *= 2) * nc * sizeof *d);
        char *s = line;
        for (int c = 0; c < nc; c++) {
            char *end;
            d[n * nc + c] = strtod(s, &end);
            cr_assert(end != s, "row %d column %d parses", n, c);
            s = end + (*end == ',');
        }
        n++;
    }
    fclose(f);
    *nrow = n;
    *ncol = nc;
    return d;
}

Test(scenario_rigid, cli_catenary_matches_irvine)
{
    /* the base wire (EI = GJ = 0: a wire) between two fixed points, in water; it starts on the
       elastic catenary and settles under drag and the relaxation damping */
    const char *t = with("    EI: 100\n    GJ: 50\n", "");
    char yaml[16384];
    snprintf(yaml, sizeof yaml, "%s", t);
    char *te = strstr(yaml, "  t_end: 1\n");
    cr_assert_not_null(te);
    strcpy(te, "  t_end: 20\noutputs:\n  interval: 0.5\n");
    write_file(HW_TMP "/hawser_rscn_cat.yaml", yaml);
    char cmd[512], out[16384];
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_rscn_cat.yaml -o " HW_TMP "/hawser_rscn_cat 2>&1", HW_CLI_PATH);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    /* the parameters in use, logged and in the summary */
    cr_expect(strstr(out, "hawser: rigid cable 'wire': 100 elements of 1 m, dt 0.01 s"), "%s", out);
    cr_expect(strstr(out, "axial alpha 50 1/s beta 100 1/s eps 1e-05 1/kg"), "%s", out);
    cr_expect(strstr(out, "effective EA 1e+09 N, EI 0 N m^2, GJ 0 N m^2"), "%s", out);
    cr_expect(strstr(out, "{\"status\":\"ok\""), "%s", out);
    cr_expect(strstr(out, "\"rigid_cables\":[{\"name\":\"wire\",\"elements\":100,\"element_length_m\":1,"
                          "\"axial\":{\"alpha\":50,\"beta\":100,\"eps\":1e-05}"), "%s", out);
    cr_expect(strstr(out, "\"EA_N\":1000000000,\"EI_Nm2\":0,\"GJ_Nm2\":0"), "%s", out);
    char hdr[2048];
    int nr, nc;
    double *d = read_csv(HW_TMP "/hawser_rscn_cat/rigid.csv", hdr, sizeof hdr, &nr, &nc);
    cr_expect_str_eq(hdr, "time_s,wire.FAx_N,wire.FAy_N,wire.FAz_N,wire.FBx_N,wire.FBy_N,wire.FBz_N,"
                          "wire.TA_N,wire.TB_N,wire.Tmax_N");
    cr_assert_eq(nc, 10);
    cr_assert_eq(nr, 41, "the t = 0 row, then one row per 0.5 s output time to 20 s");
    cr_expect_float_eq(d[0], 0.0, 1e-12);
    const double *last = d + (nr - 1) * nc;
    cr_expect_float_eq(last[0], 20.0, 1e-9);
    /* Irvine: H and V at the fairlead (end B); the force on the fairlead is (-H, 0, -V) */
    double w = (10.0 - 1025.0 * PI * 0.04 * 0.04 / 4) * G0, H = w * 50, V = w * 100;
    cr_assert_eq(irvine_solve(0, 80.0, 50.0, 100.0, w, 1e9, &H, &V), 0);
    double eh = -last[4] / H - 1, ev = -last[6] / V - 1;
    /* settled: the last two rows (1 s apart) agree to 1e-4 */
    const double *prev = d + (nr - 3) * nc;
    cr_expect(fabs(prev[4] - last[4]) < 1e-4 * H && fabs(prev[6] - last[6]) < 1e-4 * V,
              "settled: FB %g %g vs %g %g", prev[4], prev[6], last[4], last[6]);
    printf("rigid catenary via the CLI: H %.6g (Irvine %.6g, %+.4f %%), V %.6g (Irvine %.6g, %+.4f %%)\n",
           -last[4], H, 100 * eh, -last[6], V, 100 * ev);
    /* 0.2 %: the brief's tolerance; the rigid model's own error vs Irvine is 1e-4 (docs/rigid.md) */
    cr_expect(fabs(eh) < 2e-3, "H %g vs Irvine %g", -last[4], H);
    cr_expect(fabs(ev) < 2e-3, "V %g vs Irvine %g", -last[6], V);
    /* the end tension is the force magnitude there; Tmax >= both ends */
    double fb = sqrt(last[4] * last[4] + last[5] * last[5] + last[6] * last[6]);
    cr_expect(fabs(last[8] - fb) < 1e-3 * fb, "TB %g vs |FB| %g", last[8], fb);
    cr_expect(last[9] >= last[7] && last[9] >= last[8]);
    free(d);
    /* summary.json holds the same */
    FILE *f = fopen(HW_TMP "/hawser_rscn_cat/summary.json", "r");
    cr_assert_not_null(f);
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    fclose(f);
    cr_expect(strstr(out, "\"rigid_cables\":[{\"name\":\"wire\"") && strstr(out, "\"max_tension_N\""), "%s", out);
}

/* Runs yaml (t_end 0.5 s, outputs every 0.125 s) into dir; returns the rigid.csv rows. */
static double *run_rigid(const char *yaml_in, const char *name, int *nr, int *nc, char *out, size_t out_len)
{
    char yaml[16384], path[256], cmd[768], hdr[2048];
    snprintf(yaml, sizeof yaml, "%s", yaml_in);
    char *te = strstr(yaml, "  t_end: 1\n");
    cr_assert_not_null(te);
    strcpy(te, "  t_end: 0.5\noutputs:\n  interval: 0.125\n");
    snprintf(path, sizeof path, HW_TMP "/hawser_rscn_%s.yaml", name);
    write_file(path, yaml);
    snprintf(cmd, sizeof cmd, "%s run %s -o " HW_TMP "/hawser_rscn_%s -q", HW_CLI_PATH, path, name);
    cr_assert_eq(sh(cmd, out, out_len), 0, "%s", out);
    snprintf(path, sizeof path, HW_TMP "/hawser_rscn_%s/rigid.csv", name);
    return read_csv(path, hdr, sizeof hdr, nr, nc);
}

Test(scenario_rigid, cli_mixed_lumped_and_rigid)
{
    /* dt 1e-4 s: below the lumped line's critical step (2.5e-4 s); 5000 steps */
    char out[16384], hdr[2048];
    int nr, nc, nl, ncl, n1, nc1;
    double *d = run_rigid(mixed("0.0001"), "mix", &nr, &nc, out, sizeof out);
    cr_expect(strstr(out, "\"rigid_cables\":[{\"name\":\"wire\"") && strstr(out, "\"lines\":[{\"name\":\"l1\""), "%s", out);
    double *l = read_csv(HW_TMP "/hawser_rscn_mix/lines.csv", hdr, sizeof hdr, &nl, &ncl);
    cr_expect_eq(nr, 5);
    cr_expect_eq(nl, nr, "rigid.csv and lines.csv both have the t = 0 row");
    /* the same output times: both models advance by the same steps of the same dt */
    for (int k = 0; k < nr && k < nl; k++) cr_expect_float_eq(d[k * nc], l[k * ncl], 1e-12);
    cr_expect_float_eq(d[(nr - 1) * nc], 0.5, 1e-9);
    /* the lumped line does not touch the rigid cable (their common points are fixed): the rigid
       cable of the mixed run is the rigid cable run alone, step for step (to rounding) */
    char base[16384];
    snprintf(base, sizeof base, "%s", with("  dt: 0.01\n", "  dt: 0.0001\n"));
    double *r = run_rigid(base, "alone", &n1, &nc1, out, sizeof out);
    cr_assert_eq(n1, nr);
    cr_assert_eq(nc1, nc);
    for (int k = 0; k < nr * nc; k++)
        cr_expect((isnan(d[k]) && isnan(r[k])) || fabs(d[k] - r[k]) <= 1e-9 * (fabs(r[k]) + 1.0),
                  "value %d: %.12g vs %.12g", k, d[k], r[k]); /* NaN: the t = 0 row's forces, in both */
    free(d);
    free(l);
    free(r);
}

Test(scenario_rigid, cli_check_and_example)
{
    {   /* rigid.csv that cannot be written: exit 6 with the path */
        char c2[512], o2[4096];
        write_file(HW_TMP "/hawser_rscn_io.yaml", BASE);
        snprintf(c2, sizeof c2, "%s run " HW_TMP "/hawser_rscn_io.yaml -o /dev/null/x -q 2>&1", HW_CLI_PATH);
        cr_expect_eq(sh(c2, o2, sizeof o2), 6, "%s", o2);
        cr_expect(strstr(o2, "/dev/null/x/rigid.csv: cannot write"), "%s", o2);
    }
    write_file(HW_TMP "/hawser_rscn_bad.yaml", with("    EA: 1.0e9\n", "    EA: -3\n"));
    char cmd[512], out[8192];
    snprintf(cmd, sizeof cmd, "%s check " HW_TMP "/hawser_rscn_bad.yaml 2>&1", HW_CLI_PATH);
    cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_expect(strstr(out, HW_TMP "/hawser_rscn_bad.yaml:18: " W ".EA: expected > 0, got -3"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s check %s/stiff_wire.yaml 2>&1", HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_expect_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s run %s/stiff_wire.yaml -o " HW_TMP "/hawser_rscn_ex --t-end 5 -q", HW_CLI_PATH,
             HW_EXAMPLES_DIR);
    cr_expect_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "{\"status\":\"ok\"") && strstr(out, "\"EA_N\":1000000000"), "%s", out);
    /* a --dt that breaks the rigid rules is refused with the line of the field */
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_rscn_dt.yaml --dt 0.05 --t-end 0.1 -o " HW_TMP "/hawser_rscn_dt 2>&1 >/dev/null",
             HW_CLI_PATH);
    write_file(HW_TMP "/hawser_rscn_dt.yaml", with("    relax_damping: 1.0\n", "    relax_damping: 50\n"));
    cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_expect(strstr(out, "hawser_rscn_dt.yaml:30: " W ".relax_damping: "), "%s", out);
    /* with dt auto beside lumped lines the rules are checked at the run's step: 2e4 1/s x ~1.2e-4 s
       breaks c dt < 1 (line 33: the free point is gone, the lumped sections add 4 lines) */
    char bad[16384];
    snprintf(bad, sizeof bad, "%s", mixed("auto"));
    char *rd = strstr(bad, "    relax_damping: 1.0\n");
    cr_assert_not_null(rd);
    memcpy(rd, "    relax_damping: 2e4\n", strlen("    relax_damping: 2e4\n"));
    write_file(HW_TMP "/hawser_rscn_mixbad.yaml", bad);
    snprintf(cmd, sizeof cmd, "%s run " HW_TMP "/hawser_rscn_mixbad.yaml --t-end 0.01 -o " HW_TMP "/hawser_rscn_mixbad 2>&1 >/dev/null",
             HW_CLI_PATH);
    cr_expect_eq(sh(cmd, out, sizeof out), 3, "%s", out);
    cr_expect(strstr(out, "hawser_rscn_mixbad.yaml:33: " W ".relax_damping: expected >= 0 with relax_damping dt < 1"), "%s", out);
}

/* examples/rigid_lowering.yaml through the CLI for 52 s: 5 m in the 10 s ramp and 32 m at 1 m/s
 * paid out (57 m deployed, 4 splits: 6 elements); rigid.csv's winch and body columns say so, the
 * module sinks at the pay-out speed 57 m below the crane tip, and the top tension is its submerged
 * weight less its drag at 1 m/s plus the wire's weight in air (25 m) and in water (to the module)
 * less the wire's axial drag (0.1%: the ramp's end at 20 s has died out by 52 s). */
Test(scenario_rigid, cli_lowering_example)
{
    char cmd[512], out[8192];
    snprintf(cmd, sizeof cmd, "%s run %s/rigid_lowering.yaml -o " HW_TMP "/hawser_rscn_lower --t-end 52 -q 2>&1",
             HW_CLI_PATH, HW_EXAMPLES_DIR);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    FILE *f = fopen(HW_TMP "/hawser_rscn_lower/rigid.csv", "r");
    cr_assert_not_null(f);
    char line[4096], last[4096] = "";
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_expect(strstr(line, "wire.winch_length_m,wire.winch_speed_m_s,wire.winch_tension_N,wire.elements,"
                     "wire.body_b_x_m,wire.body_b_y_m,wire.body_b_z_m,wire.body_b_vx_m_s,wire.body_b_vy_m_s,"
                     "wire.body_b_vz_m_s\n"), "%s", line);
    while (fgets(line, sizeof line, f)) snprintf(last, sizeof last, "%s", line);
    fclose(f);
    double v[20];
    char *p = last;
    for (int k = 0; k < 20; k++) { v[k] = strtod(p, &p); if (*p == ',') p++; }
    cr_expect_float_eq(v[0], 52.0, 1e-9);
    cr_expect(fabs(v[10] - 57.0) < 1e-9, "deployed %.12g m", v[10]);
    cr_expect_float_eq(v[11], 1.0, 1e-12);
    cr_expect_eq((int)v[13], 6);
    cr_expect(fabs(v[16] - (25.0 - 57.0)) < 0.1, "module at z %.6g m, 57 m below the tip (stretch 0.05 m)", v[16]);
    cr_expect(fabs(v[19] + 1.0) < 1e-3, "module sinking at %.6g m/s", v[19]);
    double g = 9.80665, rho = 1025.0, A = 0.25 * 3.14159265358979323846 * 0.05 * 0.05, wet = -v[16];
    double T = (1e4 - rho * 1.3) * g - 0.5 * rho * 6.0 * v[19] * v[19] + (10.5 - rho * A) * g * wet + 10.5 * g * 25 -
               0.5 * rho * 0.008 * 3.14159265358979323846 * 0.05 * wet;
    cr_expect(fabs(v[7] / T - 1) < 1e-3, "top tension %.6g N, expected %.6g", v[7], T);
    cr_expect(fabs(v[6] / ((1e4 - rho * 1.3) * g - 0.5 * rho * 6.0 * v[19] * v[19]) - 1) < 1e-3,
              "pull on the module %.6g N", v[6]);
}

/* A free point as a rigid cable end is the end's body (HW_RC_END_BODY: its mass, volume, drag area
 * and added mass), in both the short and the mapping form; refused when clamped, without mass, on
 * two cable ends, held by a lumped line too, or under a winch. */
Test(scenario_rigid, free_point_is_a_body_end)
{
    const char *buoy = "  - {name: buoy, type: free, position: [5, 5, -5], mass: 10}\n";
    char t[16384];
    snprintf(t, sizeof t, "%s", replaced(with("    end_b: fairlead\n", "    end_b: buoy\n"), buoy,
             "  - {name: buoy, type: free, position: [5, 5, -5], mass: 10, volume: 0.002, drag_area: 0.3, "
             "added_mass_coefficient: 0.8}\n"));
    hw_scenario *sc = load_ok(t);
    const hw_rc_cable_def *c = &sc->rigid->cables[0];
    cr_expect_eq(c->end_b, HW_RC_END_BODY);
    cr_expect(c->body_b.mass == 10 && c->body_b.volume == 0.002 && c->body_b.cda == 0.3 && c->body_b.ca == 0.8,
              "%g %g %g %g", c->body_b.mass, c->body_b.volume, c->body_b.cda, c->body_b.ca);
    cr_expect(c->pos_b[0] == 5 && c->pos_b[1] == 5 && c->pos_b[2] == -5);
    cr_expect_eq(sc->rigid->point_b[0], 2);
    cr_expect_eq(sc->model.points[2].kind, HW_POINT_COUPLED, "the lumped model sees the body as a coupled point");
    hw_scenario_free(sc);
    sc = load_ok(with("    end_b: fairlead\n", "    end_b: {type: point, point: buoy}\n"));
    cr_expect_eq(sc->rigid->cables[0].end_b, HW_RC_END_BODY);
    hw_scenario_free(sc);
    expect_error_in(with("    end_b: fairlead\n", "    end_b: {type: clamped, point: buoy}\n"), 24, W ".end_b.point",
                    "expected a fixed or prescribed point for a clamped end", "got the free point \"buoy\"");
    expect_error_in(with("    end_a: anchor\n    end_b: fairlead\n", "    end_a: buoy\n    end_b: buoy\n"), 24, W ".end_b",
                    "expected a free point no other rigid cable end holds", "already end_a of rigid_cables[0] (wire)");
    snprintf(t, sizeof t, "%s", replaced(with("    end_b: fairlead\n", "    end_b: buoy\n"), buoy,
                                         "  - {name: buoy, type: free, position: [5, 5, -5]}\n"));
    expect_error_in(t, 24, W ".end_b", "expected a free point with mass > 0", "got \"buoy\" with mass 0 kg");
    expect_error_in(replaced(with("    end_b: fairlead\n", "    end_b: buoy\n"), "    relax_damping: 1.0\n",
                             "    relax_damping: 1.0\n    winch: {end: b}\n"),
                    31, W ".winch.end", "expected the winch end to be attached", "got the body (free point) end_b");
    /* held by a lumped line as well */
    char mx[16384];
    snprintf(mx, sizeof mx, "%s", replaced(mixed("auto"), "  - name: fairlead\n",
                                            "  - {name: buoy, type: free, position: [5, 5, -5], mass: 10}\n  - name: fairlead\n"));
    snprintf(t, sizeof t, "%s", replaced(replaced(mx, "end_b: fairlead, length: 100", "end_b: buoy, length: 100"),
                                         "    end_b: fairlead\n", "    end_b: buoy\n"));
    hw_scenario *s2 = NULL;
    cr_expect_eq(hw_scenario_load_string(t, "s.yaml", &s2, msg, sizeof msg), HW_ERR_INPUT, "%s", msg);
    cr_expect(strstr(msg, "expected a free point no lumped line holds") && strstr(msg, "an end of line 0 (l1)"), "%s", msg);
    hw_scenario_free(s2);
}

/* Beside lumped lines the body shows in the lumped outputs where the rigid cable has it: the body
 * point's columns in points.csv follow rigid.csv's body columns. */
Test(scenario_rigid, cli_body_beside_lumped_lines)
{
    char t[16384], out[16384], hdr[4096], phdr[4096];
    snprintf(t, sizeof t, "%s", replaced(mixed("0.0001"), "  - name: fairlead\n",
                                         "  - {name: buoy, type: free, position: [80, 0, -30], mass: 200}\n"
                                         "  - name: fairlead\n"));
    snprintf(t, sizeof t, "%s", replaced(t, "    end_b: fairlead\n", "    end_b: buoy\n"));
    int nr, nc, np, ncp;
    double *d = run_rigid(t, "mixbody", &nr, &nc, out, sizeof out);
    cr_expect(strstr(out, "\"body_b\":{\"point\":\"buoy\""), "%s", out);
    FILE *f = fopen(HW_TMP "/hawser_rscn_mixbody/rigid.csv", "r");
    cr_assert_not_null(f);
    cr_assert_not_null(fgets(hdr, sizeof hdr, f));
    fclose(f);
    cr_expect(strstr(hdr, "wire.body_b_z_m"), "%s", hdr);
    double *p = read_csv(HW_TMP "/hawser_rscn_mixbody/points.csv", phdr, sizeof phdr, &np, &ncp);
    cr_assert_not_null(p, "points.csv");
    char *bz = strstr(phdr, "buoy.z");
    cr_assert_not_null(bz, "%s", phdr);
    int col = 0;
    for (const char *q = phdr; q < bz; q++) col += *q == ',';
    /* rigid.csv: time, 9 forces, 6 body columns (z is the 13th value) */
    cr_expect_eq(nc, 16);
    cr_expect_eq(np, nr, "both with the t = 0 row");
    for (int k = 0; k < nr && k < np; k++)
        cr_expect(fabs(p[k * ncp + col] - d[k * nc + 12]) < 1e-9, "row %d: points.csv %.12g, rigid.csv %.12g", k,
                  p[k * ncp + col], d[k * nc + 12]);
    cr_expect_lt(d[(nr - 1) * nc + 12], -30.0, "the body sinks from -30 m (%.6g)", d[(nr - 1) * nc + 12]);
    free(d);
    free(p);
}
