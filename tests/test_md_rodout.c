/* Rod outputs of MoorDyn decks (docs/moordyn.md, "Rod output files" and OUTPUTS): every RodOutputs
 * flag MoorDyn 2.7.2 writes (p v f W B X Y A a P U b), the rod channels read from the rod's body
 * (R#N#F*, R#F*, R#M*, ...), rods in decks without lines, and the deck-syntax items found on
 * MoorDyn's own test decks (an unknown option, idle points in a deck without lines).
 *
 * The MoorDyn figures below were recorded from MoorDyn 2.7.2, the PyPI wheel: moordyn.Create(deck),
 * moordyn.Init with no coupled DOF, moordyn.Step in coupling steps of dtOut up to the time named,
 * then the deck's <deck>_Rod<N>.out files it writes (8 significant digits). Both codes start from
 * the deck's state (TmaxIC 0). The rod output flags are an output feature: the YAML scenario has
 * no rod output files, so these decks have no YAML twin. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/moordyn_deck.h"
#include "shell.h"

#define G0 9.80665
#define PI 3.14159265358979323846

/* A MoorDyn-layout table: the header names and the rows (time first). */
typedef struct table {
    int ncol, nrow;
    char name[400][24];
    char unit[400][12];
    double v[128][400];
} table;

static table *read_table(const char *path)
{
    static table tabs[4];
    static int which;
    table *t = &tabs[which++ % 4];
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char line[1 << 16];
    cr_assert_not_null(fgets(line, sizeof line, f));
    for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n")) {
        cr_assert_lt(t->ncol, 400);
        snprintf(t->name[t->ncol++], sizeof t->name[0], "%s", tok);
    }
    cr_assert_not_null(fgets(line, sizeof line, f));
    int c = 0;
    for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n")) snprintf(t->unit[c++], sizeof t->unit[0], "%s", tok);
    cr_assert_eq(c, t->ncol, "%s: %d units for %d columns", path, c, t->ncol);
    while (fgets(line, sizeof line, f) && t->nrow < 128) {
        char *p = line;
        for (c = 0; c < t->ncol; c++) t->v[t->nrow][c] = strtod(p, &p);
        t->nrow++;
    }
    fclose(f);
    return t;
}

static int col(const table *t, const char *name)
{
    for (int c = 0; c < t->ncol; c++)
        if (!strcmp(t->name[c], name)) return c;
    cr_assert_fail("no column %s", name);
    return -1;
}

/* The value of column name at the row of time tm. */
static double at(const table *t, const char *name, double tm)
{
    int c = col(t, name);
    for (int r = 0; r < t->nrow; r++)
        if (fabs(t->v[r][0] - tm) < 1e-9) return t->v[r][c];
    cr_assert_fail("no row at t = %g", tm);
    return 0;
}

static void run_deck(const char *deck, const char *dir)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "rm -rf %s && %s run %s/%s -o %s -q > /dev/null 2>&1", dir, HW_CLI_PATH,
             HW_TEST_DATA_DIR, deck, dir);
    cr_assert_eq(sh(cmd, out, sizeof out), 0, "%s", cmd);
}

/* The relative difference |a - b| / |b| is at most tol (b = 0: |a| <= tol). */
#define near(a, b, tol, what)                                                                              \
    cr_assert(fabs((a) - (b)) <= (tol) * (fabs(b) > 0 ? fabs(b) : 1.0), "%s: %.9g against %.9g", what, (double)(a), \
              (double)(b))

static const char *const GROUP[12] = {"p", "v", "F", "W", "Bo", "Dp", "Dq", "Ap", "Aq", "Pd", "U", "B"};

/* md_rodout.dat with flags pvfWBXYAaPUb on both rods: the columns, units and values MoorDyn 2.7.2
 * writes. */
Test(rodout, every_flag_in_moordyns_columns_and_values)
{
    run_deck("md_rodout.dat", HW_TMP "/rodout");
    table *t = read_table(HW_TMP "/rodout/md_rodout_Rod1.out");
    /* Time + 12 groups x 7 nodes x 3, in MoorDyn 2.7.2's order and names (A, a: X Y Z) */
    cr_assert_eq(t->ncol, 1 + 12 * 7 * 3);
    cr_assert_str_eq(t->name[0], "Time");
    cr_assert_str_eq(t->unit[0], "(s)");
    for (int g = 0; g < 12; g++)
        for (int i = 0; i < 7; i++)
            for (int c = 0; c < 3; c++) {
                char want[32];
                int upper = GROUP[g][0] == 'A';
                snprintf(want, sizeof want, "Node%d%s%c", i, GROUP[g], (upper ? 'X' : 'x') + c);
                int k = 1 + (g * 7 + i) * 3 + c;
                cr_assert_str_eq(t->name[k], want);
                const char *unit = g == 0 ? "(m)" : g == 1 || g == 10 ? "(m/s)" : g == 9 ? "(Pa)" : "(N)";
                cr_assert_str_eq(t->unit[k], unit, "%s", want);
            }
    cr_assert_eq(t->nrow, 5); /* dtOut 0.1 to TMax 0.5, no t = 0 row */
    /* MoorDyn 2.7.2 at t = 0.1 s (md_rodout_Rod1.out): weight and buoyancy are the state's (the rod
     * has turned 0.2 mm by then), the drag across the axis ("Dq") grows with the square of the
     * swing's speed (0.25% apart at t = 0.1 s), node 5 is dry, node 4 is partly wet */
    near(at(t, "Node0Wz", 0.1), -83.3405, 1e-9, "node 0 weight (20 kg/m x 0.425 m x g)");
    near(at(t, "Node0Box", 0.1), 1109.3117, 2e-6, "node 0 buoyancy x (side + end face)");
    near(at(t, "Node0Boz", 0.1), 1791.9262, 2e-6, "node 0 buoyancy z");
    near(at(t, "Node4Boz", 0.1), 228.33583, 2e-6, "node 4 buoyancy (partly wet)");
    near(at(t, "Node5Boz", 0.1), 0.0, 0.0, "node 5 buoyancy (dry)");
    near(at(t, "Node3Dqx", 0.1), 3.8660623, 6e-3, "node 3 drag across the axis");
    near(at(t, "Node3Dqz", 0.1), -3.1980843, 6e-3, "node 3 drag across the axis");
    near(at(t, "Node0Fx", 0.1), 773.86406, 1e-6, "node 0 net force x (with the line's)");
    near(at(t, "Node0Fz", 0.1), 1705.9752, 1e-6, "node 0 net force z");
    near(at(t, "Node6Fz", 0.1), -83.3405, 1e-9, "node 6 net force (dry: its weight)");
    near(at(t, "Node6pz", 0.1), 1.0113485, 1e-4, "end B height");
    near(at(t, "Node6px", 0.5), 2.693646, 1e-4, "end B x at 0.5 s");
    near(at(t, "Node4Fx", 0.5), -130.66227, 1e-3, "node 4 net force x at 0.5 s");
    /* still water, no seabed contact, no axial flow on rod 1: these groups are 0 */
    for (int k = 1; k < t->ncol; k++)
        if (strstr(t->name[k], "Ap") || strstr(t->name[k], "Aq") || strstr(t->name[k], "Pd") ||
            t->name[k][strlen(t->name[k]) - 2] == 'U' || t->name[k][strlen(t->name[k]) - 2] == 'B')
            for (int r = 0; r < t->nrow; r++) cr_assert_eq(t->v[r][k], 0.0, "%s", t->name[k]);
    /* the net force is the sum of the parts, plus the line's force on end A at node 0 */
    table *o = read_table(HW_TMP "/rodout/md_rodout.out");
    for (int r = 0; r < t->nrow; r++)
        for (int i = 0; i < 7; i++) {
            double d[3];
            for (int c = 0; c < 3; c++) {
                double s = 0;
                for (int g = 3; g < 12; g++) {
                    if (g == 10) continue; /* U is a velocity */
                    char nm[32];
                    snprintf(nm, sizeof nm, "Node%d%s%c", i, GROUP[g], (GROUP[g][0] == 'A' ? 'X' : 'x') + c);
                    s += t->v[r][col(t, nm)];
                }
                char nf[32];
                snprintf(nf, sizeof nf, "Node%dF%c", i, 'x' + c);
                d[c] = t->v[r][col(t, nf)] - s;
            }
            double line = i == 0 ? o->v[r][col(o, "R1TENA")] : 0.0;
            near(sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), line, 1e-5, "|net - parts| = the line's force");
        }
    /* the channels are the file's values; R1FZ the sum of the nodes' */
    near(o->v[0][col(o, "R1N0FX")], t->v[0][col(t, "Node0Fx")], 1e-7, "R1N0FX");
    near(o->v[0][col(o, "R1N3FX")], t->v[0][col(t, "Node3Fx")], 1e-7, "R1N3FX");
    double fz = 0;
    for (int i = 0; i < 7; i++) {
        char nm[16];
        snprintf(nm, sizeof nm, "Node%dFz", i);
        fz += t->v[0][col(t, nm)];
    }
    near(o->v[0][col(o, "R1FZ")], fz, 1e-6, "R1FZ");
    cr_assert_str_eq(o->unit[col(o, "R1MY")], "N*m");
    near(o->v[0][col(o, "R1TENB")], 0.0, 0.0, "no line on end B");

    /* rod 2, heavy, resting 1.4 mm into the seabed (kb 3e6 Pa/m, cb 3e5 Pa s/m): MoorDyn 2.7.2 at 0.5 s */
    table *t2 = read_table(HW_TMP "/rodout/md_rodout_Rod2.out");
    near(at(t2, "Node1Bz", 0.5), 1250.79, 1e-5, "seabed force on an inner node");
    near(at(t2, "Node0Bz", 0.5), 625.39498, 1e-5, "seabed force on an end node");
    near(at(t2, "Node0Box", 0.5), 35527.039, 1e-7, "end A's face pressure at 50 m");
    near(at(t2, "Node0pz", 0.5), -50.00139, 1e-7, "resting depth");
    /* at rest, each inner node's seabed force holds its wet weight: (200 - 1025 pi 0.3^2 / 4) g per m */
    near(at(t2, "Node1Bz", 0.5), (200.0 - 1025.0 * PI * 0.09 / 4) * G0, 1e-4, "seabed = wet weight");
    near(at(t2, "Node1Fz", 0.5), 0.0, 0.05, "inner node at rest");
}

/* md_rodout_alone.dat: rods with no lines. Their files and channels come from their bodies. */
Test(rodout, rods_alone_have_files_and_channels)
{
    run_deck("md_rodout_alone.dat", HW_TMP "/rodout_alone");
    table *o = read_table(HW_TMP "/rodout_alone/md_rodout_alone.out");
    cr_assert_eq(o->ncol, 12);
    cr_assert_eq(o->nrow, 100);
    /* rod 2 has no drag: weight and buoyancy alone, a constant acceleration
     * a = -(m - rho V) g / (m + Ca rho V), m = 200 kg/m x 4 m, V = pi 0.3^2 / 4 x 4 m, Ca 1 */
    double m = 800.0, V = PI * 0.09, wet = (m - 1025.0 * V) * G0, a = -wet / (m + 1025.0 * V);
    for (int r = 0; r < o->nrow; r++) {
        near(o->v[r][col(o, "R2FZ")], -wet, 2e-8, "R2FZ = the wet weight");
        near(o->v[r][col(o, "R2N4VZ")], a * o->v[r][0], 1e-7, "R2N4VZ = a t");
        near(o->v[r][col(o, "R2MX")], 0.0, 1e-8 * wet, "R2MX (no turning moment)");
        near(o->v[r][col(o, "R1TENA")], 0.0, 0.0, "R1TENA: no line");
        /* end A's acceleration is a (the table's 8 digits), and the rod does not turn */
        near(o->v[r][col(o, "R2AZ")], a, 2e-7, "R2AZ = a");
        cr_assert_lt(fabs(o->v[r][col(o, "R2RVY")]), 1e-9, "R2RVY: no turning");
        cr_assert_lt(fabs(o->v[r][col(o, "R2RAY")]), 1e-9, "R2RAY: no turning");
    }
    /* its file: the net force of the nodes against the velocity's change (the identity sum F = M a, the
     * added mass across the axis in M), to the file's 8 digits */
    table *t = read_table(HW_TMP "/rodout_alone/md_rodout_alone_Rod2.out");
    cr_assert_eq(t->ncol, 1 + 3 * 5 * 3);
    for (int r = 1; r + 1 < t->nrow; r += 7) {
        double f = 0;
        for (int i = 0; i < 5; i++) {
            char nm[16];
            snprintf(nm, sizeof nm, "Node%dFz", i);
            f += t->v[r][col(t, nm)];
        }
        double acc = (t->v[r + 1][col(t, "Node2vz")] - t->v[r - 1][col(t, "Node2vz")]) / (t->v[r + 1][0] - t->v[r - 1][0]);
        near(f, (m + 1025.0 * V) * acc, 2e-6, "sum of Fnet = M a");
    }
    /* rod 1 (with drag) against MoorDyn 2.7.2 (md_rodout_alone_Rod1.out): MoorDyn's first coupling
     * step starts slower (its velocity at 0.01 s is 5% below a t, Hawser's is a t), then the two
     * fall together */
    table *t1 = read_table(HW_TMP "/rodout_alone/md_rodout_alone_Rod1.out");
    near(at(t1, "Node0pz", 0.5), -10.512027, 1e-4, "rod 1 depth at 0.5 s");
    near(at(t1, "Node0pz", 1.0), -11.622966, 1e-4, "rod 1 depth at 1 s");
    near(at(t1, "Node2vz", 1.0), -2.4547042, 5e-4, "rod 1 speed at 1 s");
    near(at(t1, "Node2Fz", 1.0), -139.0908, 6e-3, "rod 1 inner node net force at 1 s (weight - buoyancy - drag)");
    near(at(t1, "Node0Fx", 1.0), 8257.4893, 1e-4, "end A's face pressure at 11.6 m");
    near(o->v[99][col(o, "R1N0PZ")], at(t1, "Node0pz", 1.0), 1e-9, "R1N0PZ = the file's");
}

static char logbuf[8192];
static void log_to_buf(void *user, int level, const char *msg)
{
    (void)user;
    size_t n = strlen(logbuf);
    snprintf(logbuf + n, sizeof logbuf - n, "%d %s\n", level, msg);
}

static const char *DECK_HEAD =
    "--- MoorDyn ---\n"
    "---------------------- ROD TYPES ----------------------\n"
    "TypeName Diam Mass/m Cd Ca CdEnd CaEnd\n"
    "(name) (m) (kg/m) (-) (-) (-) (-)\n"
    "can 0.3 200 1.2 1.0 0.8 0.6\n"
    "---------------------- RODS ----------------------\n"
    "ID RodType Attachment Xa Ya Za Xb Yb Zb NumSegs RodOutputs\n"
    "(#) (name) (#/key) (m) (m) (m) (m) (m) (m) (-) (-)\n";

static hw_status load(const char *rod_flags, const char *extra, const char *options, hw_md_deck **md, char *msg)
{
    static char deck[8192];
    snprintf(deck, sizeof deck,
             "%s1 can Free 0 0 -10 4 0 -10 4 %s\n%s"
             "---------------------- OPTIONS ----------------------\n"
             "0.001 dtM\n50 WtrDpth\n%s"
             "---------------------- need this line ----------------------\n",
             DECK_HEAD, rod_flags, extra, options);
    hw_scenario *sc = NULL;
    logbuf[0] = 0;
    hw_status st = hw_md_load_string(deck, "deck.dat", log_to_buf, NULL, &sc, md, msg, 1024);
    hw_scenario_free(sc);
    return st;
}

/* RodOutputs read as MoorDyn 2.7.2 reads them. */
Test(rodout, flags_as_moordyn_reads_them)
{
    char msg[1024];
    hw_md_deck *md = NULL;
    cr_assert_eq(load("pvfWBXYAaPUb", "", "", &md, msg), HW_OK, "%s", msg);
    cr_assert_eq(md->rods[0].flags, (1u << HW_MD_RO_COUNT) - 1);
    hw_md_free(md);
    /* D t c s d open the file and add no column */
    cr_assert_eq(load("Df", "", "", &md, msg), HW_OK, "%s", msg);
    cr_assert_eq(md->rods[0].flags, HW_MD_RO_NET | HW_MD_RO_FILE);
    hw_md_free(md);
    /* f alone: MoorDyn 2.7.2 writes no file, neither does Hawser (a note) */
    cr_assert_eq(load("f", "", "", &md, msg), HW_OK, "%s", msg);
    cr_assert_eq(md->rods[0].flags, 0u);
    cr_assert(strstr(logbuf, "deck.dat:9: note: RODS 1 RodOutputs \"f\": MoorDyn 2.7.2 opens a rod's file only"),
              "%s", logbuf);
    hw_md_free(md);
    /* a letter that is no flag: ignored with a warning, as MoorDyn ignores it */
    cr_assert_eq(load("p,K", "", "", &md, msg), HW_OK, "%s", msg);
    cr_assert_eq(md->rods[0].flags, HW_MD_RO_POS);
    cr_assert(strstr(logbuf, "1 deck.dat:9: RODS 1 RodOutputs: 'K' in \"p,K\" is not among"), "%s", logbuf);
    hw_md_free(md);
    /* rod channels in a deck without lines */
    cr_assert_eq(load("-", "---------------------- OUTPUTS ----------------------\nR1N4FZ R1FX R1MY R1TENB R1RY\n", "",
                      &md, msg),
                 HW_OK, "%s", msg);
    cr_assert_eq(md->n_channels, 5);
    cr_assert_eq(md->channels[0].q, HW_MD_ROD_NODE_FORCE);
    cr_assert_eq(md->channels[0].index, 4);
    cr_assert_eq(md->channels[1].q, HW_MD_ROD_FORCE);
    cr_assert_eq(md->channels[2].q, HW_MD_ROD_MOMENT);
    cr_assert_eq(md->channels[3].q, HW_MD_ROD_END_TEN);
    cr_assert_eq(md->channels[3].index, 4);
    cr_assert_eq(md->rods[0].pt_a, -1); /* no lines: no points at its ends */
    hw_md_free(md);
    /* the whole rod's accelerations and rotation rates */
    cr_assert_eq(load("-", "---------------------- OUTPUTS ----------------------\nR1AX R1RVZ R1RAY\n", "", &md, msg),
                 HW_OK, "%s", msg);
    cr_assert_eq(md->channels[0].q, HW_MD_ROD_ACC);
    cr_assert_eq(md->channels[0].comp, 0);
    cr_assert_eq(md->channels[1].q, HW_MD_ROD_ANGVEL);
    cr_assert_eq(md->channels[1].comp, 2);
    cr_assert_eq(md->channels[2].q, HW_MD_ROD_ANGACC);
    cr_assert_eq(md->channels[2].comp, 1);
    hw_md_free(md);
    /* submergence and node accelerations (tests/test_md_clean.c checks their values) */
    cr_assert_eq(load("-", "---------------------- OUTPUTS ----------------------\nR1SUB R1N2AZ\n", "", &md, msg),
                 HW_OK, "%s", msg);
    cr_assert_eq(md->channels[0].q, HW_MD_ROD_SUB);
    cr_assert_str_eq(md->channels[0].unit, "(frac)");
    cr_assert_eq(md->channels[1].q, HW_MD_ROD_NODE_ACC);
    cr_assert_eq(md->channels[1].index, 2);
    cr_assert_eq(md->channels[1].comp, 2);
    hw_md_free(md);
}

/* Deck syntax found on MoorDyn's own test decks. */
Test(rodout, unknown_options_and_idle_points)
{
    char msg[1024];
    hw_md_deck *md = NULL;
    /* RodPinnedFloating.txt's WtrDnsity: MoorDyn 2.7.2 warns "Unrecognized option" and keeps rho 1025 */
    cr_assert_eq(load("-", "", "1000 WtrDnsity\n", &md, msg), HW_OK, "%s", msg);
    cr_assert(strstr(logbuf, "1 deck.dat:13: OPTIONS WtrDnsity: not an option MoorDyn 2.7.2 knows: ignored"), "%s",
              logbuf);
    cr_assert(strstr(logbuf, "did you mean WtrDnsty?"), "%s", logbuf);
    cr_assert_eq(md->rho, 1025.0);
    hw_md_free(md);
    /* rotations/nwu.txt: points on a body, no lines: they carry nothing and are left out */
    const char *pts = "---------------------- BODIES ----------------------\n"
                      "ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca\n"
                      "(#) (-) (m) (m) (m) (deg) (deg) (deg) (kg) (m) (kg-m2) (m3) (m2) (-)\n"
                      "1 coupled 0 0 0 0 0 0 0 0 0 0 0 0\n"
                      "---------------------- POINTS ----------------------\n"
                      "ID Attachment X Y Z Mass Volume CdA Ca\n"
                      "(#) (-) (m) (m) (m) (kg) (m3) (m2) (-)\n"
                      "1 Body1 1 0 0 0 0 0 0\n"
                      "2 Body1 0 1 0 0 0 0 0\n";
    cr_assert_eq(load("-", pts, "", &md, msg), HW_OK, "%s", msg);
    cr_assert(strstr(logbuf, "note: POINTS: 2 points but no LINES: left out"), "%s", logbuf);
    hw_md_free(md);
    /* a free point (MoorDyn moves it alone) is refused at its row */
    char free_pt[1024];
    snprintf(free_pt, sizeof free_pt, "%.*s2 Free 0 1 -5 40 0 0 0\n", (int)(strstr(pts, "2 Body1") - pts), pts);
    cr_assert_eq(load("-", free_pt, "", &md, msg), HW_ERR_UNSUPPORTED);
    cr_assert(strstr(msg, "deck.dat:18: POINTS 2: a free point in a deck without lines not supported yet"),
              "%s", msg);
}

/* md_bodyout.dat: the body channels MoorDyn 2.7.2 writes (B#P.., R.., V.., RV.., F.., M.., TEN),
 * against its .out table at 3 s. The body bounces on the stiff chain out of phase in the two codes
 * (docs/moordyn.md, rods: the chain tension differs by up to 33% at those instants), so the vertical
 * net force, a small difference of the weight, buoyancy and chain tension, is not compared. */
Test(rodout, body_channels_against_moordyn)
{
    run_deck("md_bodyout.dat", HW_TMP "/bodyout");
    table *o = read_table(HW_TMP "/bodyout/md_bodyout.out");
    const char *unit[] = {"N", "m", "m", "m", "deg", "deg", "deg", "m/s", "m/s", "deg/s", "N", "N", "N*m", "N", "N"};
    cr_assert_eq(o->ncol, 16);
    for (int c = 1; c < 16; c++) cr_assert_str_eq(o->unit[c], unit[c - 1], "%s", o->name[c]);
    near(at(o, "Body1PX", 3.0), 0.54061114, 1e-4, "Body1PX");
    near(at(o, "Body1PY", 3.0), 0.0, 0.0, "Body1PY");
    near(at(o, "Body1PZ", 3.0), -7.9863517, 1e-5, "Body1PZ");
    near(at(o, "Body1RY", 3.0), 1.8547834, 1e-3, "Body1RY (deg)");
    near(at(o, "Body1VX", 3.0), -0.25282247, 1e-3, "Body1VX");
    near(at(o, "Body1RVY", 3.0), 1.0900175, 5e-3, "Body1RVY (deg/s)");
    near(at(o, "Body1FX", 3.0), -35.869977, 3e-2, "Body1FX");
    near(at(o, "Body1MY", 3.0), -158.02702, 1e-2, "Body1MY");
    for (int r = 0; r < o->nrow; r++) { /* TEN = |F| (the .out's 8 digits) */
        double fx = o->v[r][col(o, "Body1FX")], fz = o->v[r][col(o, "Body1FZ")];
        near(o->v[r][col(o, "Body1TEN")], sqrt(fx * fx + fz * fz), 1e-6, "Body1TEN");
    }
}

/* md_zero_rod_out.dat: a free zero-length rod is a point (docs/moordyn.md, Zero-length rods); its
 * file and channels are read from that point: one node, the point's position and velocity, and as
 * net force the lines' force on it, which the static solve balances (its residual is 1e-6 of the
 * largest tension, ~5 kN here: 5e-3 N). */
Test(rodout, zero_length_rod_that_is_a_point)
{
    run_deck("md_zero_rod_out.dat", HW_TMP "/rodout_zero");
    table *ch = read_table(HW_TMP "/rodout_zero/md_zero_rod_out.out");
    table *rod = read_table(HW_TMP "/rodout_zero/md_zero_rod_out_Rod1.out");
    cr_assert_eq(rod->ncol, 1 + 9, "one node, groups p v f");
    for (int r = 0; r < rod->nrow; r++) {
        double t = rod->v[r][0];
        near(at(ch, "R1N0PZ", t), at(rod, "Node0pz", t), 1e-7, "R1N0PZ");
        near(at(ch, "R1PZ", t), at(rod, "Node0pz", t), 1e-7, "R1PZ");
        cr_assert_lt(fabs(at(rod, "Node0Fz", t)), 5e-3, "net force at rest: %g", at(rod, "Node0Fz", t));
        cr_assert_lt(fabs(at(ch, "R1FZ", t)), 5e-3);
        cr_assert_lt(at(rod, "Node0pz", t), -30.0, "the joint hangs below its deck position");
    }
}
