/* 6-DOF bodies as input (issue 15): the scenario's `bodies:` section read to the exact hw_body_def
 * values, points riding on bodies (`type: body`) and rigid cable ends on bodies (`type: body`), every
 * error one line "FILE:LINE: FIELD: expected ..." at the offending key, the warning for a body
 * nothing rides on, the scenario writer's round trip, and a MoorDyn deck with BODIES and BodyN
 * points against its hand-written YAML twin (tests/data/md_bodies.dat and .yaml). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hawser/rigid.h"
#include "io/moordyn_deck.h"
#include "io/scenario.h"
#include "io/scenario_rigid.h"
#include "io/scenario_write.h"
#include "shell.h"

#define DECK HW_TEST_DATA_DIR "/md_bodies.dat"
#define TWIN HW_TEST_DATA_DIR "/md_bodies.yaml"

static char msg[2048];
static char text[16384];

/* Every kind of body, points on two of them, a rigid cable from one body to another and a lumped
 * line on the same body (one body shared by both models). dt auto: the rigid cables are checked at
 * the lumped model's step when it runs. */
static const char *BASE =
    "line_types:\n"                                                            /* 1 */
    "  - {name: chain, diameter: 0.1, mass_per_length: 100, EA: 1.0e9}\n"      /* 2 */
    "bodies:\n"                                                                /* 3 */
    "  - name: buoy\n"                                                         /* 4 */
    "    type: free\n"                                                         /* 5 */
    "    position: [1, 2, -10]\n"                                              /* 6 */
    "    rotation: [0, 0, 1.5707963267948966]\n"                               /* 7 */
    "    mass: 2.0e4\n"                                                        /* 8 */
    "    cg: [0.1, 0.2, -1.5]\n"                                               /* 9 */
    "    inertia: [1.0e5, 1.1e5, 2.0e5, 10, 20, 30]\n"                         /* 10 */
    "    volume: 30\n"                                                         /* 11 */
    "    cb: [0, 0, 0.5]\n"                                                    /* 12 */
    "    waterplane_area: 12.5\n"                                              /* 13 */
    "    waterplane_inertia: [40, 45]\n"                                       /* 14 */
    "    CdA: [5, 6, 8, 100, 110, 120]\n"                                      /* 15 */
    "    Ca: [1, 0.9, 0.5]\n"                                                  /* 16 */
    "  - name: ship\n"                                                         /* 17 */
    "    type: prescribed\n"                                                   /* 18 */
    "    position: [50, 0, 0]\n"                                               /* 19 */
    "    motion: {type: sinusoid, amplitude: [1, 0, 0.5, 0, 0.05, 0], period: 12, phase: 0.5}\n" /* 20 */
    "  - name: crane\n"                                                        /* 21 */
    "    type: prescribed\n"                                                   /* 22 */
    "    position: [0, 30, 5]\n"                                               /* 23 */
    "    motion:\n"                                                            /* 24 */
    "      type: table\n"                                                      /* 25 */
    "      table:\n"                                                           /* 26 */
    "        - [0, 0, 0, 0, 0, 0, 0]\n"                                        /* 27 */
    "        - [10, 1, 2, 3, 0.1, 0.2, 0.3]\n"                                 /* 28 */
    "  - {name: tug, type: prescribed, position: [0, -30, 0], motion: {type: constant_velocity, velocity: [1, 0, 0, 0, 0, 0.01]}}\n" /* 29 */
    "  - {name: quay, type: fixed, position: [-40, 0, 2], rotation: [0.1, 0.2, 0.3]}\n" /* 30 */
    "  - {name: vessel, type: coupled, position: [0, 80, 0]}\n"                /* 31 */
    "points:\n"                                                                /* 32 */
    "  - {name: anchor, type: fixed, position: [-300, 0, -100]}\n"             /* 33 */
    "  - {name: pad, type: body, body: buoy, position: [2, 0, -3]}\n"          /* 34 */
    "  - {name: bollard, type: body, body: quay, position: [0, 0, 0]}\n"       /* 35 */
    "  - {name: hook, type: body, body: crane, position: [0, 0, -1]}\n"        /* 36 */
    "  - {name: tow, type: body, body: tug, position: [0, 1, 0]}\n"            /* 37 */
    "  - {name: fair, type: body, body: vessel, position: [0, -10, -5]}\n"     /* 38 */
    "lines:\n"                                                                 /* 39 */
    "  - {name: l1, type: chain, end_a: anchor, end_b: pad, length: 320, segments: 10}\n" /* 40 */
    "  - {name: l2, type: chain, end_a: bollard, end_b: pad, length: 50, segments: 5}\n"  /* 41 */
    "  - {name: l3, type: chain, end_a: hook, end_b: tow, length: 80, segments: 5}\n"     /* 42 */
    "  - {name: l4, type: chain, end_a: fair, end_b: pad, length: 80, segments: 5}\n"     /* 43 */
    "rigid_cables:\n"                                                          /* 44 */
    "  - name: tether\n"                                                       /* 45 */
    "    length: 45\n"                                                         /* 46 */
    "    elements: 10\n"                                                       /* 47 */
    "    mass_per_length: 10\n"                                                /* 48 */
    "    diameter: 0.05\n"                                                     /* 49 */
    "    EA: 1.0e9\n"                                                          /* 50 */
    "    end_a: {type: body, body: buoy, at: [-2, 0, 1]}\n"                    /* 51 */
    "    end_b: {type: body, body: ship, at: [0, 0, -5]}\n"                    /* 52 */
    "  - name: stay\n"                                                         /* 53 */
    "    length: 20\n"                                                         /* 54 */
    "    elements: 4\n"                                                        /* 55 */
    "    mass_per_length: 10\n"                                                /* 56 */
    "    diameter: 0.05\n"                                                     /* 57 */
    "    EA: 1.0e9\n"                                                          /* 58 */
    "    end_a: anchor\n"                                                      /* 59 */
    "    end_b: {type: body, body: buoy, at: [0, 0, -4]}\n";                   /* 60 */

/* BASE with the first occurrence of from replaced by to. */
static const char *with(const char *from, const char *to)
{
    const char *at = strstr(BASE, from);
    cr_assert(at, "test bug: '%s' not in BASE", from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - BASE), BASE, to, at + strlen(from));
    return text;
}

static hw_scenario *load_ok(const char *yaml)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "status %d: %s", (int)st, msg);
    return sc;
}

/* The load fails with HW_ERR_INPUT and one line "t.yaml:LINE: FIELD: " + what. */
static void expect_error(const char *yaml, int line, const char *field, const char *what)
{
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_ERR_INPUT, "status %d: %s", (int)st, msg);
    cr_assert_null(sc);
    char prefix[512];
    snprintf(prefix, sizeof prefix, "t.yaml:%d: %s: ", line, field);
    cr_assert(!strncmp(msg, prefix, strlen(prefix)), "want prefix \"%s\"\n got \"%s\"", prefix, msg);
    cr_assert(strstr(msg, what), "want \"%s\" in \"%s\"", what, msg);
    cr_assert_null(strchr(msg, '\n'), "not one line: %s", msg);
}

static int body_index(const hw_scenario *sc, const char *name)
{
    for (int k = 0; k < sc->n_bodies; k++)
        if (!strcmp(sc->bodies[k].name, name)) return k;
    cr_assert_fail("no body %s", name);
    return -1;
}

/* ---- the YAML section --------------------------------------------------------------------------- */

Test(yaml, every_field_of_a_free_body)
{
    hw_scenario *sc = load_ok(BASE);
    cr_assert_eq(sc->n_bodies, 6);
    const hw_body_def *b = &sc->bodies[0];
    cr_assert_str_eq(b->name, "buoy");
    cr_assert_eq(b->kind, HW_BODY_FREE);
    /* the file's decimal literals, read by strtod as the C compiler reads them: equal exactly */
    const double pos[3] = {1, 2, -10}, rot[3] = {0, 0, 1.5707963267948966}, cg[3] = {0.1, 0.2, -1.5};
    const double in[6] = {1.0e5, 1.1e5, 2.0e5, 10, 20, 30}, cb[3] = {0, 0, 0.5};
    const double cda[6] = {5, 6, 8, 100, 110, 120}, ca[6] = {1, 0.9, 0.5, 0, 0, 0}; /* 3 values: rotations 0 */
    cr_assert_arr_eq(b->pos, pos, sizeof pos);
    cr_assert_arr_eq(b->rot, rot, sizeof rot);
    cr_assert_eq(b->mass, 2.0e4);
    cr_assert_arr_eq(b->cg, cg, sizeof cg);
    cr_assert_arr_eq(b->inertia, in, sizeof in);
    cr_assert_eq(b->volume, 30);
    cr_assert_arr_eq(b->cb, cb, sizeof cb);
    cr_assert_eq(b->awp, 12.5);
    cr_assert(b->iwp[0] == 40 && b->iwp[1] == 45);
    cr_assert_arr_eq(b->cda, cda, sizeof cda);
    cr_assert_arr_eq(b->ca, ca, sizeof ca);
    cr_assert_null(sc->warnings, "every body carries something: %s", sc->warnings);
    hw_scenario_free(sc);
}

Test(yaml, kinds_and_motions)
{
    hw_scenario *sc = load_ok(BASE);
    const hw_body_def *s = &sc->bodies[body_index(sc, "ship")], *c = &sc->bodies[body_index(sc, "crane")];
    const hw_body_def *t = &sc->bodies[body_index(sc, "tug")], *q = &sc->bodies[body_index(sc, "quay")];
    const hw_body_def *v = &sc->bodies[body_index(sc, "vessel")];
    cr_assert_eq(s->kind, HW_BODY_PRESCRIBED);
    cr_assert_eq(s->motion, HW_MOTION_SINUSOID);
    const double amp[6] = {1, 0, 0.5, 0, 0.05, 0};
    cr_assert_arr_eq(s->amp, amp, sizeof amp);
    cr_assert(s->period == 12 && s->phase == 0.5);
    cr_assert_eq(c->motion, HW_MOTION_TABLE);
    cr_assert_eq(c->table_n, 2);
    const double tt[2] = {0, 10}, t6[12] = {0, 0, 0, 0, 0, 0, 1, 2, 3, 0.1, 0.2, 0.3};
    cr_assert_arr_eq(c->table_t, tt, sizeof tt);
    cr_assert_arr_eq(c->table_6, t6, sizeof t6);
    cr_assert_eq(t->motion, HW_MOTION_CONSTANT_VELOCITY);
    const double vel[6] = {1, 0, 0, 0, 0, 0.01};
    cr_assert_arr_eq(t->vel, vel, sizeof vel);
    cr_assert_eq(q->kind, HW_BODY_FIXED);
    const double qr[3] = {0.1, 0.2, 0.3};
    cr_assert_arr_eq(q->rot, qr, sizeof qr);
    cr_assert_eq(v->kind, HW_BODY_COUPLED);
    /* what a non-free body leaves out is hw_default_body()'s */
    hw_body_def d = hw_default_body();
    cr_assert(v->mass == d.mass && v->volume == d.volume && v->rot[2] == 0 && v->period == d.period);
    hw_scenario_free(sc);
}

/* The world's position at t = 0 of a point riding on a body, R = Rz(yaw) Ry(pitch) Rx(roll): the
 * buoy turned 90 degrees in yaw takes its body x axis to world y, so at = (2, 0, -3) sits at
 * pos + (0, 2, -3); the ship's sinusoid starts at amp sin(phase). Tolerance: cos(pi/2) in double is
 * 6e-17, times offsets of a few metres. */
Test(yaml, points_on_bodies)
{
    hw_scenario *sc = load_ok(BASE);
    cr_assert_eq(sc->n_body_points, 5);
    const char *names[5] = {"pad", "bollard", "hook", "tow", "fair"};
    const char *on[5] = {"buoy", "quay", "crane", "tug", "vessel"};
    const double at[5][3] = {{2, 0, -3}, {0, 0, 0}, {0, 0, -1}, {0, 1, 0}, {0, -10, -5}};
    for (int k = 0; k < 5; k++) {
        const hw_body_attach *a = &sc->body_points[k];
        cr_assert_str_eq(sc->model.points[a->point].name, names[k]);
        cr_assert_eq(a->body, body_index(sc, on[k]));
        cr_assert_arr_eq(a->at, at[k], sizeof at[k]);
        cr_assert_eq(sc->model.points[a->point].kind, HW_POINT_COUPLED, "%s rides on its body", names[k]);
    }
    const double *p = sc->model.points[1].pos;
    cr_assert(fabs(p[0] - 1) < 1e-15 && fabs(p[1] - 4) < 1e-15 && fabs(p[2] + 13) < 1e-15,
              "pad at (%g, %g, %g)", p[0], p[1], p[2]);
    p = sc->model.points[4].pos; /* tow on the tug: constant velocity, at rest offset at t = 0 */
    cr_assert(p[0] == 0 && p[1] == -29 && p[2] == 0);
    hw_scenario_free(sc);
}

/* One body (the buoy) holds a lumped line's point and two rigid cable ends: the rigid section says
 * which body each end is on, so the world can make them one body. The free buoy's end is a 6-DOF
 * body end with a copy of its definition; the prescribed ship's is a point end the world moves
 * with the ship (hw_world_rc_body_end), starting on the ship's point at t = 0. */
Test(yaml, rigid_cable_ends_on_bodies)
{
    hw_scenario *sc = load_ok(BASE);
    const hw_scn_rigid *r = sc->rigid;
    cr_assert_not_null(r);
    cr_assert_eq(r->def.n_cables, 2);
    int buoy = body_index(sc, "buoy"), ship = body_index(sc, "ship");
    const hw_rc_cable_def *c = &r->cables[0];
    cr_assert_eq(c->end_a, HW_RC_END_BODY6);
    cr_assert_eq(c->end_b, HW_RC_END_POINT);
    cr_assert_eq(r->body_a[0], buoy);
    cr_assert_eq(r->body_b[0], ship);
    cr_assert_eq(r->point_a[0], -1);
    cr_assert_str_eq(c->body6_a.name, "buoy");
    cr_assert_eq(memcmp(&c->body6_a, &sc->bodies[buoy], sizeof c->body6_a), 0, "a copy of the body's definition");
    hw_world_rc_body rcb[4];
    hw_world_rc_body_end rbe[4];
    int n_rcb, n_rbe;
    hw_scenario_rigid_body_ends(r, rcb, &n_rcb, rbe, &n_rbe);
    cr_assert_eq(n_rcb, 2); /* the buoy, on cable 0 end A and cable 1 end B */
    cr_assert(rcb[0].body == buoy && rcb[0].cable == 0 && rcb[0].end == 0);
    cr_assert(rcb[1].body == buoy && rcb[1].cable == 1 && rcb[1].end == 1);
    cr_assert_eq(n_rbe, 1); /* the ship */
    cr_assert(rbe[0].body == ship && rbe[0].cable == 0 && rbe[0].end == 1);
    cr_assert(rbe[0].at[0] == 0 && rbe[0].at[1] == 0 && rbe[0].at[2] == -5);
    const double ata[3] = {-2, 0, 1}, atb[3] = {0, 0, -5};
    cr_assert_arr_eq(c->at_a, ata, sizeof ata);
    cr_assert_arr_eq(c->at_b, atb, sizeof atb);
    /* pos_a: the joint at t = 0, (1, 2, -10) + Rz(90 deg) (-2, 0, 1) = (1, 0, -9) */
    cr_assert(fabs(c->pos_a[0] - 1) < 1e-15 && fabs(c->pos_a[1]) < 1e-15 && fabs(c->pos_a[2] + 9) < 1e-15);
    /* the ship's sinusoid at t = 0: x = 50 + sin(0.5), z = -5 rotated by pitch 0.05 sin(0.5) */
    double th = 0.05 * sin(0.5);
    cr_assert(fabs(c->pos_b[0] - (50 + sin(0.5) - 5 * sin(th))) < 1e-12, "pos_b x %.17g", c->pos_b[0]);
    cr_assert(fabs(c->pos_b[2] - (0.5 * sin(0.5) - 5 * cos(th))) < 1e-12, "pos_b z %.17g", c->pos_b[2]);
    cr_assert_eq(r->cables[1].end_a, HW_RC_END_POINT);
    cr_assert_eq(r->body_a[1], -1);
    cr_assert_eq(r->body_b[1], buoy);
    hw_scenario_free(sc);
}

/* The rigid cables alone, with a dt: hw_rc_check() then checks the 6-DOF body end. */
Test(yaml, rigid_only_with_body_end_is_checked)
{
    const char *yaml =
        "solver: {dt: 0.001}\n"
        "bodies:\n"
        "  - {name: payload, type: free, position: [0, 0, -50], mass: 1000, inertia: [100, 100, 100], volume: 0.2}\n"
        "points:\n"
        "  - {name: top, type: fixed, position: [0, 0, 0]}\n"
        "rigid_cables:\n"
        "  - {name: wire, length: 49, elements: 10, mass_per_length: 5, diameter: 0.03, EA: 1.0e8,\n"
        "     end_a: top, end_b: {type: body, body: payload, at: [0, 0, 1]}}\n";
    hw_scenario *sc = NULL;
    hw_status st = hw_scenario_load_string(yaml, "t.yaml", &sc, msg, sizeof msg);
    cr_assert_eq(st, HW_OK, "%s", msg);
    cr_assert_eq(sc->rigid->body_b[0], 0);
    hw_scenario_free(sc);
}

/* ---- errors ------------------------------------------------------------------------------------- */

Test(errors, body_section_keys_and_types)
{
    expect_error(with("    volume: 30\n", "    volum: 30\n"), 11, "bodies[0] (buoy).volum",
                 "expected a key of a body (one of: name, type, position, rotation");
    expect_error(with("    type: free\n", "    type: floating\n"), 5, "bodies[0] (buoy).type",
                 "expected one of: free, fixed, prescribed, coupled, pinned, got \"floating\"");
    expect_error(with("    mass: 2.0e4\n", "    mass: heavy\n"), 8, "bodies[0] (buoy).mass",
                 "expected a number, got \"heavy\"");
    expect_error(with("    inertia: [1.0e5, 1.1e5, 2.0e5, 10, 20, 30]\n", "    inertia: [1.0e5, 1.1e5, 2.0e5, 10]\n"),
                 10, "bodies[0] (buoy).inertia", "expected a list of 3 or 6 numbers");
    expect_error(with("    CdA: [5, 6, 8, 100, 110, 120]\n", "    CdA: [5, 6]\n"), 15, "bodies[0] (buoy).CdA",
                 "expected a list of 3 or 6 numbers [x, y, z] (m^2) or [x, y, z, roll, pitch, yaw] (m^2, m^5), got a list of 2 items");
    expect_error(with("    CdA: [5, 6, 8, 100, 110, 120]\n", "    CdA: [5, 6, wide]\n"), 15, "bodies[0] (buoy).CdA[2]",
                 "expected a number, got \"wide\"");
    expect_error(with("    CdA: [5, 6, 8, 100, 110, 120]\n", "    CdA: [5, 6, 8, 100]\n"), 15, "bodies[0] (buoy).CdA",
                 "expected a list of 3 or 6 numbers");
    expect_error(with("    waterplane_inertia: [40, 45]\n", "    waterplane_inertia: 40\n"), 14,
                 "bodies[0] (buoy).waterplane_inertia", "expected a list of 2 numbers");
    expect_error(with("    rotation: [0, 0, 1.5707963267948966]\n", "    rotation: [0, 0]\n"), 7,
                 "bodies[0] (buoy).rotation", "expected a list of 3 numbers [roll, pitch, yaw] (rad)");
    expect_error(with("    position: [1, 2, -10]\n", ""), 4, "bodies[0] (buoy).position",
                 "expected a list of 3 numbers [x, y, z] (required key), got nothing");
    expect_error("line_types: [{name: c, diameter: 0.1, mass_per_length: 10, EA: 1e8}]\n"
                 "bodies: {name: b}\n", 2, "bodies", "expected a list of bodies, got a mapping");
    expect_error(with("{name: quay, type: fixed, position: [-40, 0, 2]",
                      "{name: quay, type: fixed, mass: 5, position: [-40, 0, 2]"),
                 30, "bodies[4] (quay).mass", "expected mass only on a free body");
    expect_error(with("{name: vessel, type: coupled, position: [0, 80, 0]}",
                      "{name: buoy, type: coupled, position: [0, 80, 0]}"),
                 31, "bodies[5] (buoy).name", "expected a name not used before in bodies, got \"buoy\" again (bodies[0] at line 4)");
}

/* An ensemble copies the lumped model's points per case, not the bodies: refused with bodies. */
Test(errors, no_ensemble_with_bodies)
{
    char t[16384];
    snprintf(t, sizeof t, "%sensemble: {current_scale: [1, 2]}\n", BASE);
    expect_error(t, 61, "ensemble", "expected no ensemble in a scenario with bodies");
}

Test(errors, body_motions)
{
    expect_error(with("    motion: {type: sinusoid, amplitude: [1, 0, 0.5, 0, 0.05, 0], period: 12, phase: 0.5}\n", ""),
                 17, "bodies[1] (ship).motion", "expected a motion (required on a prescribed body), got nothing");
    expect_error(with("{name: quay, type: fixed, position: [-40, 0, 2]",
                      "{name: quay, type: fixed, motion: {type: table}, position: [-40, 0, 2]"),
                 30, "bodies[4] (quay).motion", "expected no motion on a fixed body");
    expect_error(with("amplitude: [1, 0, 0.5, 0, 0.05, 0]", "amplitude: [1, 0, 0.5]"), 20,
                 "bodies[1] (ship).motion.amplitude", "expected a list of 6 numbers [x, y, z, roll, pitch, yaw]");
    expect_error(with("period: 12, phase", "period: 0, phase"), 20, "bodies[1] (ship).motion.period",
                 "expected a period > 0 s, got 0");
    expect_error(with("        - [10, 1, 2, 3, 0.1, 0.2, 0.3]\n", "        - [0, 1, 2, 3, 0.1, 0.2, 0.3]\n"), 28,
                 "bodies[2] (crane).motion.table[1]", "expected t greater than the previous row's (0), got 0");
    expect_error(with("        - [10, 1, 2, 3, 0.1, 0.2, 0.3]\n", "        - [10, 1, 2, 3]\n"), 28,
                 "bodies[2] (crane).motion.table[1]", "expected a row of 7 numbers [t, dx, dy, dz, droll, dpitch, dyaw]");
    expect_error(with("velocity: [1, 0, 0, 0, 0, 0.01]}", "velocity: [1, 0, 0, 0, 0, 0.01], period: 3}"), 29,
                 "bodies[3] (tug).motion.period", "expected a key of a constant_velocity motion");
}

/* hw_body_check()'s rules, at the line of the key they concern (or of the body for a default). */
Test(errors, body_check_rules_at_their_line)
{
    expect_error(with("    mass: 2.0e4\n", "    mass: 0\n"), 8, "bodies[0] (buoy).mass",
                 "a free body needs a mass > 0 kg, got 0");
    expect_error(with("    mass: 2.0e4\n", ""), 4, "bodies[0] (buoy).mass", "a free body needs a mass > 0 kg, got 0");
    expect_error(with("[1.0e5, 1.1e5, 2.0e5, 10, 20, 30]", "[1.0e5, -1.1e5, 2.0e5, 10, 20, 30]"), 10,
                 "bodies[0] (buoy).inertia", "positive definite inertia");
    expect_error(with("    volume: 30\n", "    volume: -1\n"), 11, "bodies[0] (buoy).volume", "expected a volume >= 0");
    expect_error(with("    waterplane_area: 12.5\n", "    waterplane_area: -1\n"), 13,
                 "bodies[0] (buoy).waterplane_area", "expected an area >= 0");
    expect_error(with("    Ca: [1, 0.9, 0.5]\n", "    Ca: [1, -0.9, 0.5]\n"), 16, "bodies[0] (buoy).Ca",
                 "expected 6 values >= 0, got -0.9 at 2");
}

Test(errors, points_on_bodies)
{
    expect_error(with("body: buoy, position: [2, 0, -3]", "body: boy, position: [2, 0, -3]"), 34,
                 "points[1] (pad).body", "expected a body name (one of: buoy, ship, crane, tug, quay, vessel), got \"boy\"");
    expect_error(with("type: body, body: buoy, position: [2, 0, -3]", "type: body, position: [2, 0, -3]"), 34,
                 "points[1] (pad).body", "expected the name of the body the point rides on (required key)");
    expect_error(with("type: body, body: buoy, position: [2, 0, -3]", "type: body, body: buoy"), 34,
                 "points[1] (pad).position", "expected a list of 3 numbers [x, y, z] (required key)");
    expect_error(with("type: body, body: buoy, position: [2, 0, -3]", "type: body, body: buoy, mass: 3, position: [2, 0, -3]"),
                 34, "points[1] (pad).mass", "expected no mass on a point of type body");
    expect_error(with("type: fixed, position: [-300, 0, -100]", "type: fixed, body: buoy, position: [-300, 0, -100]"),
                 33, "points[0] (anchor).body", "expected body only on a point of type body, got it on a fixed point");
    /* a scenario without bodies */
    const char *nob = "line_types: [{name: c, diameter: 0.1, mass_per_length: 10, EA: 1e8}]\n"
                      "points:\n"
                      "  - {name: a, type: fixed, position: [0, 0, -10]}\n"
                      "  - {name: b, type: body, body: buoy, position: [0, 0, 0]}\n"
                      "lines: [{name: l, type: c, end_a: a, end_b: b, length: 12}]\n";
    expect_error(nob, 4, "points[1] (b).body", "expected a body name, got \"buoy\" (the scenario has no bodies section)");
}

Test(errors, rigid_cable_ends_on_bodies)
{
    expect_error(with("body: ship, at: [0, 0, -5]", "body: shp, at: [0, 0, -5]"), 52,
                 "rigid_cables[0] (tether).end_b.body", "expected a body name (one of: buoy, ship, crane, tug, quay, vessel), got \"shp\"");
    expect_error(with("body: ship, at: [0, 0, -5]", "body: ship"), 52, "rigid_cables[0] (tether).end_b.at",
                 "expected the joint [x, y, z] in the body frame, from the body's reference point (required key)");
    expect_error(with("at: [-2, 0, 1]", "at: [-2, 0]"), 51, "rigid_cables[0] (tether).end_a.at",
                 "expected a list of 3 numbers [x, y, z]");
    expect_error(with("at: [-2, 0, 1]", "at: [-2, 0, 1], point: anchor"), 51, "rigid_cables[0] (tether).end_a.point",
                 "expected no point on a body end");
    expect_error(with("    end_a: anchor\n", "    end_a: {type: point, point: anchor, at: [0, 0, 0]}\n"), 59,
                 "rigid_cables[1] (stay).end_a.at", "expected at only on an end of type body, got it on a point end");
    expect_error(with("    end_b: {type: body, body: buoy, at: [0, 0, -4]}\n",
                      "    end_b: {type: body, body: buoy, at: [0, 0, -4]}\n    winch: {end: b, speed: 0.1}\n"),
                 61, "rigid_cables[1] (stay).winch.end", "expected the winch end to be attached");
}

/* ---- the warning ---------------------------------------------------------------------------------- */

static char logged[4096];
static void capture(void *user, int level, const char *line)
{
    (void)user;
    size_t n = strlen(logged);
    snprintf(logged + n, sizeof logged - n, "%d %s\n", level, line);
}

/* A body nothing rides on loads (it is legal) with a warning at its line, passed on to the log by
 * hw_md_load_any as `hawser check` and `run` call it. */
Test(warnings, body_nothing_rides_on)
{
    const char *lonely = with("  - {name: vessel, type: coupled, position: [0, 80, 0]}\n",
                              "  - {name: vessel, type: coupled, position: [0, 80, 0]}\n"
                              "  - {name: spare, type: coupled, position: [0, 90, 0]}\n");
    hw_scenario *sc = load_ok(lonely);
    cr_assert_not_null(sc->warnings);
    cr_assert_str_eq(sc->warnings, "t.yaml:32: bodies[6] (spare): nothing is attached to this body (no point "
                     "of type body and no rigid cable end names it): it moves alone");
    hw_scenario_free(sc);
    char path[512];
    snprintf(path, sizeof path, "%s/bodies_lonely.yaml", HW_TMP);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(lonely, f);
    fclose(f);
    logged[0] = 0;
    hw_md_deck *md = NULL;
    cr_assert_eq(hw_md_load_any(path, capture, NULL, &sc, &md, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(strstr(logged, "1 ") == logged && strstr(logged, ":32: bodies[6] (spare): nothing is attached"),
              "%s", logged);
    hw_scenario_free(sc);
}

/* ---- the writer ------------------------------------------------------------------------------------ */

static void same_body(const hw_body_def *a, const hw_body_def *b)
{
    cr_assert_str_eq(a->name, b->name);
    cr_assert_eq(a->kind, b->kind, "%s kind", a->name);
    cr_assert_arr_eq(a->pos, b->pos, sizeof a->pos, "%s pos", a->name);
    cr_assert_arr_eq(a->rot, b->rot, sizeof a->rot, "%s rot", a->name);
    cr_assert_eq(memcmp(&a->mass, &b->mass, sizeof a->mass), 0, "%s mass", a->name);
    cr_assert_arr_eq(a->cg, b->cg, sizeof a->cg, "%s cg", a->name);
    cr_assert_arr_eq(a->inertia, b->inertia, sizeof a->inertia, "%s inertia", a->name);
    cr_assert_eq(memcmp(&a->volume, &b->volume, sizeof a->volume), 0, "%s volume", a->name);
    cr_assert_arr_eq(a->cb, b->cb, sizeof a->cb, "%s cb", a->name);
    cr_assert_eq(memcmp(&a->awp, &b->awp, sizeof a->awp), 0);
    cr_assert_arr_eq(a->iwp, b->iwp, sizeof a->iwp);
    cr_assert_arr_eq(a->cda, b->cda, sizeof a->cda, "%s CdA", a->name);
    cr_assert_arr_eq(a->ca, b->ca, sizeof a->ca, "%s Ca", a->name);
    cr_assert_eq(a->motion, b->motion);
    if (a->kind != HW_BODY_PRESCRIBED) return;
    cr_assert_arr_eq(a->vel, b->vel, sizeof a->vel);
    cr_assert_arr_eq(a->amp, b->amp, sizeof a->amp);
    cr_assert(a->period == b->period && a->phase == b->phase);
    cr_assert_eq(a->table_n, b->table_n);
    if (a->table_n) {
        cr_assert_arr_eq(a->table_t, b->table_t, (size_t)a->table_n * sizeof *a->table_t);
        cr_assert_arr_eq(a->table_6, b->table_6, 6 * (size_t)a->table_n * sizeof *a->table_6);
    }
}

static void same_attachments(const hw_scenario *a, const hw_scenario *b)
{
    cr_assert_eq(a->n_body_points, b->n_body_points);
    for (int k = 0; k < a->n_body_points; k++) {
        cr_assert_eq(a->body_points[k].point, b->body_points[k].point);
        cr_assert_eq(a->body_points[k].body, b->body_points[k].body);
        cr_assert_arr_eq(a->body_points[k].at, b->body_points[k].at, sizeof a->body_points[k].at);
    }
}

/* hw_scenario_write_yaml writes the bodies and the points on them; the text reloads as the same
 * definitions, bit for bit (its numbers have the digits to round-trip). */
Test(writer, bodies_round_trip)
{
    hw_scenario *sc = load_ok(BASE);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(hw_scenario_write_yaml(sc, f, "round trip"), HW_OK);
    fclose(f);
    /* the writer has no rigid cables (the deck reader is its user): drop them from both sides */
    hw_scenario *back = NULL;
    cr_assert_eq(hw_scenario_load_string(buf, "w.yaml", &back, msg, sizeof msg), HW_OK, "%s\n%s", msg, buf);
    cr_assert_eq(back->n_bodies, sc->n_bodies);
    for (int k = 0; k < sc->n_bodies; k++) same_body(&sc->bodies[k], &back->bodies[k]);
    same_attachments(sc, back);
    for (int i = 0; i < sc->model.n_points; i++) {
        cr_assert_eq(sc->model.points[i].kind, back->model.points[i].kind);
        cr_assert_arr_eq(sc->model.points[i].pos, back->model.points[i].pos, sizeof(double[3]));
    }
    free(buf);
    hw_scenario_free(back);
    hw_scenario_free(sc);
}

/* ---- MoorDyn decks --------------------------------------------------------------------------------- */

/* md_bodies.dat and its hand-written twin: equal bodies (the deck's r0 p0 y0 in degrees converted:
 * 30 deg is pi/6 to within an ulp of 0.52, 1.2e-16, as (pi/180) 30 may round differently from the
 * literal), equal attachments, and equal lumped models (the points on bodies placed from those
 * poses, to within the same rounding times the offsets of a few metres). */
Test(deck, bodies_match_the_yaml_twin)
{
    hw_scenario *d = NULL, *y = NULL;
    cr_assert_eq(hw_md_load(DECK, NULL, NULL, &d, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_scenario_load(TWIN, &y, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(d->n_bodies, 3);
    cr_assert_eq(y->n_bodies, 3);
    for (int k = 0; k < 3; k++) {
        hw_body_def a = d->bodies[k], b = y->bodies[k];
        for (int c = 0; c < 3; c++) {
            cr_assert(fabs(a.rot[c] - b.rot[c]) <= 2e-16, "body%d rot[%d] %.17g vs %.17g", k + 1, c, a.rot[c], b.rot[c]);
            a.rot[c] = b.rot[c];
        }
        same_body(&a, &b);
    }
    same_attachments(d, y);
    cr_assert_eq(d->model.n_points, y->model.n_points);
    for (int i = 0; i < d->model.n_points; i++) {
        const hw_point_def *p = &d->model.points[i], *q = &y->model.points[i];
        cr_assert_str_eq(p->name, q->name);
        cr_assert_eq(p->kind, q->kind);
        for (int c = 0; c < 3; c++) cr_assert(fabs(p->pos[c] - q->pos[c]) < 1e-14, "%s pos", p->name);
    }
    cr_assert_eq(d->model.n_lines, y->model.n_lines);
    for (int i = 0; i < d->model.n_lines; i++) {
        cr_assert_eq(d->model.lines[i].point_a, y->model.lines[i].point_a);
        cr_assert_eq(d->model.lines[i].point_b, y->model.lines[i].point_b);
        cr_assert_eq(d->model.lines[i].length, y->model.lines[i].length);
    }
    /* the buoy's point 4, (-3, 0, -2) in a body turned 30 deg in yaw at (0, 0, -5):
     * (-3 cos 30, -3 sin 30, -7) */
    const double *p4 = d->model.points[3].pos;
    cr_assert(fabs(p4[0] + 3 * sqrt(3) / 2) < 1e-14 && fabs(p4[1] + 1.5) < 1e-14 && p4[2] == -7);
    hw_scenario_free(d);
    hw_scenario_free(y);
}

static hw_status deck_text(const char *t)
{
    hw_scenario *sc = NULL;
    logged[0] = 0;
    hw_status st = hw_md_load_string(t, "deck.dat", capture, NULL, &sc, NULL, msg, sizeof msg);
    hw_scenario_free(sc);
    return st;
}

/* The deck with one row replaced. */
static const char *deck_with(const char *from, const char *to)
{
    static char deck[8192];
    FILE *f = fopen(DECK, "r");
    cr_assert_not_null(f);
    size_t n = fread(deck, 1, sizeof deck - 1, f);
    fclose(f);
    deck[n] = 0;
    char *at = strstr(deck, from);
    cr_assert(at, "test bug: '%s' not in the deck", from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - deck), deck, to, at + strlen(from));
    return text;
}

#define deck_error(...) deck_error_at(__LINE__, __VA_ARGS__)
static void deck_error_at(int at, const char *t, hw_status want, int line, const char *where, const char *what)
{
    hw_status st = deck_text(t);
    cr_assert_eq(st, want, "test line %d: status %d: %s", at, (int)st, msg);
    char prefix[256];
    snprintf(prefix, sizeof prefix, "deck.dat:%d: %s: ", line, where);
    cr_assert(!strncmp(msg, prefix, strlen(prefix)), "want prefix \"%s\"\n got \"%s\"", prefix, msg);
    cr_assert(strstr(msg, what), "want \"%s\" in \"%s\"", what, msg);
    cr_assert_null(strchr(msg, '\n'), "not one line: %s", msg);
}

#define B1 "1   Free        0    0    -5   0      0      30     2.0e4   0|0|-1   1.2e5|1.2e5|2.0e5  40      10|10|8  0.8|0.8|1.0"

Test(deck, body_rows_errors)
{
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 30 2.0e4 0|0|-1 1.2e5 40 10"), HW_ERR_INPUT, 13, "BODIES 1",
               "expected 14 columns (ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca), got 13");
    deck_error(deck_with(B1, "1 Floating 0 0 -5 0 0 30 2.0e4 0|0|-1 1 40 10 0.8"), HW_ERR_INPUT, 13,
               "BODIES 1 Attachment", "expected Free, Fixed, Coupled or CoupledPinned");
    deck_error(deck_with(B1, "2 Free 0 0 -5 0 0 30 2.0e4 0|0|-1 1 40 10 0.8"), HW_ERR_INPUT, 13, "BODIES 2",
               "expected the body ID 1");
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 30 2.0e4 0|-1 1 40 10 0.8"), HW_ERR_INPUT, 13, "BODIES 1 CG",
               "expected one number (z) or x|y|z (m), got 2 values in \"0|-1\"");
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 30 2.0e4 0 1 40 1|2|3|4 0.8"), HW_ERR_INPUT, 13, "BODIES 1 CdA",
               "got 4 values");
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 30 2.0e4 0 1 40 10 0.8|0.8"), HW_ERR_INPUT, 13, "BODIES 1 Ca",
               "got 2 values");
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 3x 2.0e4 0 1 40 10 0.8"), HW_ERR_INPUT, 13, "BODIES 1 y0",
               "expected a number in deg, got \"3x\"");
    /* hw_body_check's rules, named by the deck's column */
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 30 0 0 1 40 10 0.8"), HW_ERR_INPUT, 13, "BODIES 1 Mass",
               "a free body needs a mass > 0 kg, got 0");
    deck_error(deck_with(B1, "1 Free 0 0 -5 0 0 30 2.0e4 0 0 40 10 0.8"), HW_ERR_INPUT, 13, "BODIES 1 I",
               "positive definite inertia");
    /* points on bodies */
    deck_error(deck_with("4   Body1", "4   Body7"), HW_ERR_INPUT, 22, "POINTS 4 Attachment",
               "expected Body1..Body3 (the BODIES section has 3), got \"Body7\"");
    /* (a Body# point's M and V are folded into its body: tests/test_md_bodyfix.c; its drag stays refused) */
    deck_error(deck_with("-3      0       -2     0     0       0", "-3      0       -2     0     0       5"),
               HW_ERR_UNSUPPORTED, 22, "POINTS 4 CdA", "on a point riding on a body not supported yet");
    /* line ends on a body itself (not on a point) stay refused, as rods */
    deck_error(deck_with("1   chain     1        4", "1   chain     1        B1"), HW_ERR_UNSUPPORTED, 31,
               "LINES 1 AttachB", "attaching a line to a body (\"B1\") not supported yet (lines end on points: give "
               "the body a point of Attachment BodyN");
}

/* MoorDyn turns a body as R = Rx(r0) Ry(p0) Rz(y0), Hawser's rotation as Rz(yaw) Ry(pitch) Rx(roll):
 * a body at r0 p0 y0 = 20 10 30 deg carries its point (1, 0, 0.5) to (0, 50, -60) + Rx Ry Rz (1, 0,
 * 0.5), computed here by hand (MoorDyn 2.7.2 itself puts that point at 0.9396926207859083,
 * 50.352868531952446, -59.5075961234939); Hawser's own order would give (1.009, 50.385, -59.711).
 * Tolerance: a few roundings of sines and cosines times 1 m. */
Test(deck, angles_as_moordyn_turns_a_body)
{
    const char *b3 = "3   Free        0    50   -60  0      0      0      5000";
    char d[8192];
    snprintf(d, sizeof d, "%s", deck_with(b3, "3   Free        0    50   -60  20     10     30     5000"));
    const char *p9 = "9   Body3       0       0       0.5";
    char *at = strstr(d, p9);
    cr_assert_not_null(at);
    memcpy(at, "9   Body3       1       0       0.5", strlen(p9));
    hw_scenario *sc = NULL;
    cr_assert_eq(hw_md_load_string(d, "deck.dat", NULL, NULL, &sc, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    const double deg = 3.14159265358979323846 / 180, r = 20 * deg, p = 10 * deg, y = 30 * deg;
    /* Rz(y) (1, 0, 0.5), then Ry(p), then Rx(r) */
    double v[3] = {cos(y), sin(y), 0.5};
    double w[3] = {cos(p) * v[0] + sin(p) * v[2], v[1], -sin(p) * v[0] + cos(p) * v[2]};
    double u[3] = {w[0], cos(r) * w[1] - sin(r) * w[2], sin(r) * w[1] + cos(r) * w[2]};
    const double *q = sc->model.points[8].pos;
    cr_assert(fabs(q[0] - u[0]) < 1e-13 && fabs(q[1] - 50 - u[1]) < 1e-13 && fabs(q[2] + 60 - u[2]) < 1e-13,
              "point9 at (%.17g, %.17g, %.17g), MoorDyn's (%.17g, %.17g, %.17g)", q[0], q[1], q[2], u[0],
              50 + u[1], -60 + u[2]);
    hw_scenario_free(sc);
}

/* Mass properties of a Fixed or Coupled body have no effect (MoorDyn zeroes them): a note; a body
 * no point rides on: a warning at its row. */
Test(deck, notes_and_warnings)
{
    const char *c2 = "2   Coupled     60   0    0    0      0      0      0       0        0                 0       0        0";
    cr_assert_eq(deck_text(deck_with(c2, "2 Coupled 60 0 0 0 0 0 500 0 0 0 0 0")), HW_OK, "%s", msg);
    cr_assert(strstr(logged, "0 deck.dat:14: note: BODIES 2: the Mass, CG, I, Volume, CdA and Ca of a Coupled body have no effect"),
              "%s", logged);
    cr_assert_eq(deck_text(deck_with("7   Body2", "7   Body1")), HW_OK, "%s", msg);
    cr_assert(strstr(logged, "1 deck.dat:14: BODIES 2: nothing is attached to this body"), "%s", logged);
}

/* `hawser convert` of the deck writes the bodies; the file reloads as the deck's scenario. */
Test(deck, convert_writes_bodies)
{
    char *yaml = NULL;
    cr_assert_eq(hw_md_to_yaml(DECK, NULL, NULL, &yaml, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert(strstr(yaml, "bodies:\n  - name: \"body1\"\n    type: free\n"), "%s", yaml);
    cr_assert(strstr(yaml, "    type: body\n    body: \"body3\"\n    position: [0, 0, 0.5]\n"), "%s", yaml);
    hw_scenario *a = NULL, *b = NULL;
    cr_assert_eq(hw_scenario_load_string(yaml, "c.yaml", &a, msg, sizeof msg), HW_OK, "%s", msg);
    cr_assert_eq(hw_md_load(DECK, NULL, NULL, &b, NULL, msg, sizeof msg), HW_OK, "%s", msg);
    for (int k = 0; k < 3; k++) same_body(&a->bodies[k], &b->bodies[k]);
    same_attachments(a, b);
    free(yaml);
    hw_scenario_free(a);
    hw_scenario_free(b);
}

/* `hawser run` on the deck and on its YAML twin gives the same results, byte for byte: the
 * lines, the points and the bodies (the world's statics over the two free bodies, then 2 s). */
Test(deck, cli_runs_of_deck_and_twin_agree)
{
    char cmd[2048], out[4096];
    const char *in[2] = {DECK, TWIN}, *dir[2] = {HW_TMP "/md_bodies_deck", HW_TMP "/md_bodies_twin"};
    for (int k = 0; k < 2; k++) {
        snprintf(cmd, sizeof cmd, "'%s' run '%s' -o '%s' --quiet 2>&1", HW_CLI_PATH, in[k], dir[k]);
        cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", out);
    }
    snprintf(cmd, sizeof cmd, "cmp '%s/points.csv' '%s/points.csv' 2>&1 && cmp '%s/lines.csv' '%s/lines.csv' 2>&1 && "
             "cmp '%s/bodies.csv' '%s/bodies.csv' 2>&1", dir[0], dir[1], dir[0], dir[1], dir[0], dir[1]);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "the deck and its twin differ: %s", out);
}
