/* MoorDyn v2 input decks -> hw_model_def + output channels (moordyn_deck.h, docs/moordyn.md).
 *
 * The deck is split into sections at its '---' header lines. Table sections (LINE TYPES, POINTS,
 * LINES) have a column-name row and a units row, then one row per item; OPTIONS rows are
 * "VALUE NAME [description]"; OUTPUTS holds channel names until END or the next header. '!', '#'
 * and '%' start comments in rows. The model is built here with the line of every row and option
 * kept, checked with hw_model_check() (its findings reported at the deck line), then written as
 * YAML (scenario_write.h) and loaded through the YAML loader, so a deck and its `hawser convert`
 * output are the same hw_model_def by construction. */
#include "io/moordyn_deck.h"
#include "io/moordyn_state.h"
#include "io/moordyn_sea.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hawser/waves.h"
#include "io/files.h"
#include "io/scenario_write.h"
#include "io/table_file.h"
#include "io/bathymetry_file.h"
#include "io/scenario_body.h"
#include "model/critical_step.h"
#include "physics/body.h"
#include "physics/syrope.h"
#include "sea/current.h"
#include "model/model_build.h"
#include "world/integrate.h"

/* ---- reader state ----------------------------------------------------------------------------- */

enum { SEC_LINE_TYPES = 0, SEC_POINTS, SEC_LINES, SEC_OPTIONS, SEC_OUTPUTS, SEC_FAILURE, SEC_BODIES,
       SEC_ROD_TYPES, SEC_RODS, SEC_SYROPE_IC, SEC_SYROPE_WC, SEC_KNOWN, SEC_REFUSED = 100, SEC_UNKNOWN = 200 };

static const char *const SEC_NAMES[SEC_KNOWN] = {"LINE TYPES", "POINTS", "LINES", "OPTIONS",
                                                 "OUTPUTS", "FAILURE", "BODIES", "ROD TYPES", "RODS",
                                                 "SYROPE IC", "SYROPE WORKING CURVES"};

typedef struct section {
    int header;  /* index of the header line; -1 when the deck has no such section */
    int from, to;/* its body: lines [from, to) */
} section;

#define MAX_TOK 24
typedef struct row {
    int line;        /* 1-based deck line */
    int n;
    char *tok[MAX_TOK];
    char buf[1024];
} row;

/* A row of ROD TYPES: the cylinder's properties (a and b, segments unset) under a name. */
typedef struct md_rod_type {
    char name[64];
    hw_body_cylinder_def c;
    int line;
} md_rod_type;

/* A row of RODS and where it went: the body that carries it (its own, or BodyN's), its cylinder in
 * that body's frame, the points at its ends (rod<ID>_a, rod<ID>_b, riding on that body). */
typedef struct md_rod {
    int line;            /* deck line */
    int body;            /* index of the carrying body */
    int own;             /* 1: the body is the rod's own (Fixed, Free, Coupled, Pinned); 0: BodyN */
    int point;           /* a zero-length rod that is a point (body -1): its point kind + 1; else 0 */
    hw_body_cylinder_def c;
    int pt_a, pt_b;      /* point indices of its ends */
    unsigned flags;      /* RodOutputs */
} md_rod;

typedef struct rdr {
    const char *file;
    hw_status status;
    char err[1024];
    hw_log_fn log;
    void *log_user;
    char **ln;  /* the deck's lines (NUL-terminated, in one buffer) */
    int n_ln;
    section sec[SEC_KNOWN];
    /* the model, with the deck line of every item and option */
    hw_env_def env;
    hw_solver_def solver;
    double out_interval;
    double friction;    /* FrictionCoefficient, applied to every line type */
    double fricdamp;    /* FricDamp, N s/m */
    hw_line_type_def *types;
    int n_types, *type_ln;
    hw_point_def *points;
    int n_points, *point_ln;
    hw_body_def *bodies;
    int n_bodies, *body_ln;
    hw_body_attach *att; /* the points on bodies (Attachment BodyN, and the rods' ends), n_att of them */
    int n_att;
    md_rod_type *rtypes; /* ROD TYPES */
    int n_rtypes;
    md_rod *rods;        /* RODS */
    int n_rods;
    int n_deck_points, n_deck_bodies;
    int no_lines;        /* a deck of rods or bodies alone (no LINES section) */ /* the POINTS and BODIES rows (the rods' points and bodies follow) */
    hw_body_cylinder_def *cyl; /* the cylinders of all bodies, grouped by body (one block) */
    hw_line_def *lines;
    int n_lines, *line_ln;
    char *line_rend;    /* per line end (2 i + end): the rod end 'A' or 'B' it names (R<ID>A/B), else 0 */
    char rod_end;       /* point_ref's last: the rod end it read ('A', 'B'), else 0 */
    int *fail_ln;       /* deck line of each line's FAILURE row (0: none) */
    char **names;       /* point and line names ("point3", "line1") */
    int n_names;
    hw_output_ref *nodes, *segs;
    int n_nodes, n_segs;
    hw_md_channel *chans;
    int n_chans;
    int write_units;
    int opt_ln[64];     /* deck line of each option (by option id), 0 = not given */
    int wavekin;        /* WaveKin (0, 1, 2, 3 or 7 are read) */
    int currents;       /* Currents (0, 1, 2 or 5 are read) */
    double *cur_buf;    /* the arrays of env.current (one block) */
    hw_bathy_file sb;   /* SeafloorFile: the grid of env.bathymetry */
    double dt_wave;     /* dtWave, s (MoorDyn's default 0.25) */
    double wave_ramp;   /* waveKin_rampT, s */
    double *wave_buf;   /* the arrays of env.waves (one block) */
    double cfl;         /* CFL option (0: not given) */
    int no_unify;       /* UnifyCurrentGrid 0 given (MoorDyn's default is 1) */
    hw_md_line_out *lo; /* per line: its LineOutputs (n_lines) */
    hw_waves *waves;    /* the sea, built by check_waves (moved to the deck) */
    char ic_file[4096]; /* fileIC's value ("" = none) */
    char ic_where[96];  /* "OPTIONS fileIC" (or ICfile, as the deck spells it) */
    double tmaxic;      /* TmaxIC's value (its line: opt_ln[O_TMAXIC]) */
    double dtic;        /* dtIC's value (MoorDyn's default 1 s) */
    double *ic_buf;     /* the lines' start states read from it (start_pos / start_vel point here) */
    double **curve_buf; /* curve files' tables (a Syrope OWC, an EA curve): x, then y; n_curve_buf blocks */
    int n_curve_buf;
} rdr;

#define FAILED(R) ((R)->status != HW_OK)

static void fail_st(rdr *R, hw_status st, int line, const char *where, const char *fmt, ...)
{
    if (FAILED(R)) return;
    R->status = st;
    char what[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (line > 0) snprintf(R->err, sizeof R->err, "%s:%d: %s: %s", R->file, line, where, what);
    else snprintf(R->err, sizeof R->err, "%s: %s: %s", R->file, where, what);
}
#define fail(R, ...) fail_st(R, HW_ERR_INPUT, __VA_ARGS__)
#define refuse(R, ...) fail_st(R, HW_ERR_UNSUPPORTED, __VA_ARGS__)

static void note(rdr *R, int line, const char *fmt, ...)
{
    if (!R->log) return;
    char what[600], buf[800];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(buf, sizeof buf, "%s:%d: note: %s", R->file, line, what);
    R->log(R->log_user, 0, buf);
}

/* A warning at the deck's line (stderr, also under --quiet). */
static void warn(rdr *R, int line, const char *fmt, ...)
{
    if (!R->log) return;
    char what[600], buf[800];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(buf, sizeof buf, "%s:%d: %s", R->file, line, what);
    R->log(R->log_user, 1, buf);
}

/* Out of memory while allocating what (bytes in all). */
static void oom(rdr *R, const char *what, double bytes)
{
    if (FAILED(R)) return;
    R->status = HW_ERR_NOMEM;
    snprintf(R->err, sizeof R->err, "%s: out of memory allocating %s (%.3g MB)", R->file, what, 1e-6 * bytes);
}

/* Room for item n of a list p that holds n items (0, 1, 2, ... in turn): the block doubles when n
 * is 0 or a power of two, so n appends cost O(n) (a block grown one item at a time cost O(n^2):
 * 37 s for a million-node output list). The old block stays valid when this fails, with the
 * message saying how large the list was. */
static void *grow(rdr *R, void *p, int n, size_t size)
{
    if (n > 0 && (n & (n - 1)) != 0) return p; /* capacity 2^k >= n + 1 already */
    size_t cap = n > 0 ? 2 * (size_t)n : 1;
    void *q = realloc(p, cap * size);
    if (!q && !FAILED(R)) {
        R->status = HW_ERR_NOMEM;
        snprintf(R->err, sizeof R->err, "%s: out of memory growing a list to %zu items (%.3g MB)",
                 R->file, cap, 1e-6 * (double)cap * (double)size);
    }
    return q;
}

static char *save_name(rdr *R, const char *s)
{
    char **p = grow(R, R->names, R->n_names, sizeof *p);
    if (!p) return NULL;
    R->names = p;
    char *d = strdup(s);
    if (!d) {
        oom(R, "a name", (double)strlen(s) + 1);
        return NULL;
    }
    R->names[R->n_names++] = d;
    return d;
}

/* ---- lines, rows, tokens ---------------------------------------------------------------------- */

static int is_header(const char *s) { return strstr(s, "---") != NULL; }

/* Row of deck line i: comment stripped, split at blanks. Returns the token count. */
static int split_row(rdr *R, int i, row *r)
{
    r->line = i + 1;
    r->n = 0;
    if (strlen(R->ln[i]) >= sizeof r->buf) {
        fail(R, r->line, "row", "expected a line of at most %d characters, got %zu",
             (int)sizeof r->buf - 1, strlen(R->ln[i]));
        return 0;
    }
    snprintf(r->buf, sizeof r->buf, "%s", R->ln[i]);
    r->buf[strcspn(r->buf, "!#%\r\n")] = '\0';
    for (char *p = r->buf; *p;) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (r->n == MAX_TOK) {
            fail(R, r->line, "row", "expected at most %d columns, got more", MAX_TOK);
            return r->n;
        }
        r->tok[r->n++] = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        if (*p) *p++ = '\0';
    }
    return r->n;
}

static int blank_line(const char *s)
{
    size_t n = strcspn(s, "!#%\r\n");
    for (size_t k = 0; k < n; k++)
        if (!isspace((unsigned char)s[k])) return 0;
    return 1;
}

static void upper(char *d, const char *s, size_t len)
{
    size_t k = 0;
    for (; s[k] && k + 1 < len; k++) d[k] = (char)toupper((unsigned char)s[k]);
    d[k] = '\0';
}

/* The header's text without the dashes, for messages. */
static void header_title(const char *s, char *d, size_t len)
{
    while (*s == '-' || isspace((unsigned char)*s)) s++;
    snprintf(d, len, "%s", s);
    size_t n = strlen(d);
    while (n && (d[n - 1] == '-' || isspace((unsigned char)d[n - 1]))) d[--n] = '\0';
}

typedef struct sec_key { const char *key; int sec; const char *why; } sec_key;
static const sec_key SEC_KEYS[] = {
    {"LINE TYPES", SEC_LINE_TYPES, NULL},
    {"LINE DICTIONARY", SEC_LINE_TYPES, NULL},
    {"ROD TYPES", SEC_ROD_TYPES, NULL},
    {"ROD DICTIONARY", SEC_ROD_TYPES, NULL},
    {"ROD LIST", SEC_RODS, NULL},
    {"ROD PROPERTIES", SEC_RODS, NULL},
    {"RODS", SEC_RODS, NULL},
    {"BODIES", SEC_BODIES, NULL},
    {"BODY LIST", SEC_BODIES, NULL},
    {"BODY PROPERTIES", SEC_BODIES, NULL},
    {"FAILURE", SEC_FAILURE, NULL},
    {"CONTROL", SEC_REFUSED, "Hawser does not model line length control"},
    {"EXTERNAL LOADS", SEC_REFUSED, "Hawser does not model external loads on objects; MoorDyn 2.7.2 does not read "
                                    "the section either (it runs the deck without those loads, silently: measured)"},
    {"SYROPE WORKING CURVES", SEC_SYROPE_WC, NULL},
    {"SYROPE IC", SEC_SYROPE_IC, NULL},
    {"POINTS", SEC_POINTS, NULL},
    {"POINT LIST", SEC_POINTS, NULL},
    {"POINT PROPERTIES", SEC_POINTS, NULL},
    {"CONNECTION PROPERTIES", SEC_POINTS, NULL},
    {"CONNECTIONS", SEC_POINTS, NULL},
    {"NODE PROPERTIES", SEC_POINTS, NULL},
    {"LINES", SEC_LINES, NULL},
    {"LINE LIST", SEC_LINES, NULL},
    {"LINE PROPERTIES", SEC_LINES, NULL},
    {"OPTIONS", SEC_OPTIONS, NULL},
    {"OUTPUT", SEC_OUTPUTS, NULL},
};
#define N_SEC_KEYS ((int)(sizeof SEC_KEYS / sizeof SEC_KEYS[0]))

static int names_moordyn(const char *line)
{
    char u[512];
    upper(u, line, sizeof u);
    return strstr(u, "MOORDYN") != NULL;
}

static const sec_key *classify(const char *line)
{
    char u[512];
    upper(u, line, sizeof u);
    for (int k = 0; k < N_SEC_KEYS; k++)
        if (strstr(u, SEC_KEYS[k].key)) return &SEC_KEYS[k];
    return NULL;
}

/* Finds the sections. A known section given twice, a refused section with rows, and rows under
 * an unknown header after the first section are errors; headers before the first section (the
 * deck's title) and empty unknown headers (end markers such as "--- need this line ---") are
 * fine. */
static void find_sections(rdr *R)
{
    for (int s = 0; s < SEC_KNOWN; s++) R->sec[s].header = -1;
    int seen_section = 0;
    for (int i = 0; i < R->n_ln && !FAILED(R); i++) {
        if (!is_header(R->ln[i])) continue;
        int end = i + 1;
        while (end < R->n_ln && !is_header(R->ln[end])) end++;
        /* a header naming MoorDyn before the first section is the deck's title, whatever else it
         * says ("MoorDyn input file for the mooring lines of ...") */
        const sec_key *k = !seen_section && names_moordyn(R->ln[i]) ? NULL : classify(R->ln[i]);
        char title[160];
        header_title(R->ln[i], title, sizeof title);
        /* first row of the body that is not blank */
        int first = -1;
        for (int j = i + 1; j < end && first < 0; j++)
            if (!blank_line(R->ln[j])) first = j;
        if (!k) {
            if (seen_section && first >= 0)
                fail(R, i + 1, "section header",
                     "expected one of the sections LINE TYPES, ROD TYPES, BODIES, RODS, POINTS, LINES, FAILURE, "
                     "OPTIONS, OUTPUTS, got "
                     "\"%.80s\" with rows under it (line %d)", title, first + 1);
        } else if (k->sec == SEC_REFUSED) {
            /* a table section: two rows of column names and units, then items */
            int rows = 0, at = -1, items = 3;
            for (int j = i + 1; j < end; j++)
                if (!blank_line(R->ln[j]) && ++rows == items && at < 0) at = j;
            if (at >= 0)
                refuse(R, at + 1, k->key, "not supported yet: %s (a row of the section that starts "
                       "at line %d)", k->why, i + 1);
            seen_section = 1;
        } else {
            section *s = &R->sec[k->sec];
            if (s->header >= 0)
                fail(R, i + 1, SEC_NAMES[k->sec],
                     "expected each section once, got it again (first at line %d)", s->header + 1);
            s->header = i;
            s->from = i + 1;
            s->to = end;
            seen_section = 1;
        }
        i = end - 1;
    }
}

/* The item rows of a table section: after the column-name row and the units row. Returns the
 * count (rows in *out, malloc'ed) or -1. */
static int table_rows(rdr *R, int sec, const char *columns, row **out)
{
    section *s = &R->sec[sec];
    *out = NULL;
    if (s->header < 0) {
        fail(R, 0, SEC_NAMES[sec], "expected a \"---- %s ----\" section (required), got none",
             SEC_NAMES[sec]);
        return -1;
    }
    int skipped = 0, n = 0;
    row *rows = NULL;
    for (int i = s->from; i < s->to && !FAILED(R); i++) {
        if (skipped < 2) {
            const char *p = R->ln[i];
            while (isspace((unsigned char)*p)) p++;
            if (blank_line(p)) continue;
            if ((skipped == 1) != (*p == '(')) {
                fail(R, i + 1, SEC_NAMES[sec],
                     "expected a row of column names (%s) and then a row of units such as "
                     "\"(-) (m) ...\" after the section header, got \"%.60s\" as the %s row",
                     columns, p, skipped ? "units" : "column-name");
                break;
            }
            skipped++;
            continue;
        }
        if (blank_line(R->ln[i])) continue;
        row *g = grow(R, rows, n, sizeof *rows);
        if (!g) break;
        rows = g;
        rows[n++].line = i; /* split below: tokens point into the row, which realloc may move */
    }
    for (int k = 0; k < n && !FAILED(R); k++) split_row(R, rows[k].line, &rows[k]);
    if (!FAILED(R) && skipped < 2)
        fail(R, s->header + 1, SEC_NAMES[sec],
             "expected a row of column names (%s) and a row of units after the section header, got "
             "%s", columns, skipped ? "only one row" : "nothing");
    if (FAILED(R)) {
        free(rows);
        return -1;
    }
    *out = rows;
    return n;
}

/* A deck of rods or bodies alone (MoorDyn reads every section as optional): without a LINES section,
 * LINE TYPES and POINTS may be left out too. */
static int lines_optional(const rdr *R)
{
    return R->sec[SEC_LINES].header < 0 && (R->sec[SEC_RODS].header >= 0 || R->sec[SEC_BODIES].header >= 0);
}

/* ---- numbers ---------------------------------------------------------------------------------- */

static int to_double(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return end != s && *end == '\0' && errno != ERANGE && isfinite(*v);
}

static int to_int(const char *s, int *v)
{
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    if (end == s || *end || errno == ERANGE || x < -2147483647L || x > 2147483647L) return 0;
    *v = (int)x;
    return 1;
}

/* Column c of row r as a number; where names the row, col the column, unit its unit. */
static double col_num(rdr *R, const row *r, int c, const char *where, const char *col,
                      const char *unit)
{
    double v = 0;
    if (FAILED(R)) return 0;
    if (!to_double(r->tok[c], &v)) {
        char w[200];
        snprintf(w, sizeof w, "%s %s", where, col);
        fail(R, r->line, w, "expected a number%s%s, got \"%.60s\"", *unit ? " in " : "", unit,
             r->tok[c]);
    }
    return v;
}

static int starts_like_number(const char *s)
{
    return isdigit((unsigned char)s[0]) || ((s[0] == '-' || s[0] == '+' || s[0] == '.') && s[1]);
}

/* ---- OPTIONS ---------------------------------------------------------------------------------- */

enum {
    O_DTM, O_TSCHEME, O_G, O_RHO, O_DEPTH, O_KBOT, O_CBOT, O_FRICTION, O_FRICDAMP, O_STATDYN,
    O_DTIC, O_TMAXIC, O_CDSCALEIC, O_THRESHIC, O_ICGENDYN, O_DTOUT, O_TMAX, O_WRITEUNITS,
    O_WRITELOG, O_DISABLEOUT, O_DISABLEOUTTIME, O_ECHO, O_WAVEKIN, O_CURRENTS, O_DTWAVE,
    O_WAVERAMP, O_UNIFYGRID, O_CFL, O_SEAFLOOR, O_WATERKIN, O_MUKT, O_MUKA, O_FILEIC, O_COUNT
};

typedef struct opt_key { const char *name; int id; } opt_key;
static const opt_key OPT_KEYS[] = {
    {"dtM", O_DTM}, {"tScheme", O_TSCHEME}, {"g", O_G}, {"gravity", O_G}, {"rho", O_RHO},
    {"rhoW", O_RHO}, {"WtrDnsty", O_RHO}, {"WtrDpth", O_DEPTH}, {"kBot", O_KBOT}, {"kb", O_KBOT},
    {"cBot", O_CBOT}, {"cb", O_CBOT}, {"FrictionCoefficient", O_FRICTION},
    {"FricDamp", O_FRICDAMP}, {"CV", O_FRICDAMP}, {"StatDynFricScale", O_STATDYN}, {"MC", O_STATDYN},
    {"dtIC", O_DTIC}, {"TmaxIC", O_TMAXIC}, {"ICTmax", O_TMAXIC}, {"CdScaleIC", O_CDSCALEIC},
    {"ICDfac", O_CDSCALEIC}, {"threshIC", O_THRESHIC}, {"ICthresh", O_THRESHIC},
    {"ICgenDynamic", O_ICGENDYN}, {"dtOut", O_DTOUT}, {"TMax", O_TMAX},
    {"WriteUnits", O_WRITEUNITS}, {"writeLog", O_WRITELOG}, {"disableOutput", O_DISABLEOUT},
    {"disableOutTime", O_DISABLEOUTTIME}, {"Echo", O_ECHO}, {"WaveKin", O_WAVEKIN},
    {"Currents", O_CURRENTS}, {"dtWave", O_DTWAVE}, {"waveKin_rampT", O_WAVERAMP},
    {"UnifyCurrentGrid", O_UNIFYGRID}, {"CFL", O_CFL}, {"SeafloorFile", O_SEAFLOOR},
    {"WaterKin", O_WATERKIN}, {"MU_KT", O_MUKT}, {"MU_KA", O_MUKA}, {"fileIC", O_FILEIC}, {"ICfile", O_FILEIC},
};
#define N_OPT_KEYS ((int)(sizeof OPT_KEYS / sizeof OPT_KEYS[0]))

/* The edit distance (insertions, deletions, substitutions; letters in any case) between a and b,
 * capped at 9: the nearest option to a misspelt one. */
static int edit_distance(const char *a, const char *b)
{
    int na = (int)strlen(a), nb = (int)strlen(b);
    if (na > 40 || nb > 40) return 9;
    int d[41][41];
    for (int i = 0; i <= na; i++) d[i][0] = i;
    for (int j = 0; j <= nb; j++) d[0][j] = j;
    for (int i = 1; i <= na; i++)
        for (int j = 1; j <= nb; j++) {
            int c = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int m = d[i - 1][j - 1] + c;
            if (d[i - 1][j] + 1 < m) m = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < m) m = d[i][j - 1] + 1;
            d[i][j] = m;
        }
    return d[na][nb] > 9 ? 9 : d[na][nb];
}

static const char *opt_name(int id)
{
    for (int k = 0; k < N_OPT_KEYS; k++)
        if (OPT_KEYS[k].id == id) return OPT_KEYS[k].name;
    return "?";
}

/* WaveKin (docs/moordyn.md, "Waves"): 0 none; 1 kinematics from the calling program (none under
 * hawser run: still water, with a warning); 2 wave_frequencies.txt on MoorDyn's FFT grid; 3 a wave
 * elevation record at the origin (wave_elevation.txt); 7 wave components summed at the nodes
 * (wave_frequencies.txt). The others are refused, saying what Hawser does instead. The files are
 * read after all options (dtWave). */
static void read_wavekin(rdr *R, int line, const char *where, double v)
{
    int k = (int)v;
    if (v != k || k < 0 || k > 7) {
        fail(R, line, where, "expected a WaveKin mode 0 to 7 (MoorDyn v2's), got %g", v);
        return;
    }
    R->wavekin = k;
    switch (k) {
    case 1: /* accepted with a warning in read_waves: MoorDyn standalone leaves the kinematics zero */
    case 2: /* read in read_waves: wave_frequencies.txt as MoorDyn's grid samples it */
        break;
    case 4: case 5: case 6:
        refuse(R, line, where, "WaveKin %d not supported (MoorDyn v2 does not implement it either; Hawser "
               "reads 0, 1 = still water under hawser run, 2 and 7 = wave_frequencies.txt, 3 = a wave_elevation.txt "
               "record)", k);
        break;
    default:
        break;
    }
}

/* SeafloorFile NAME: a bathymetry grid in MoorDyn's format (io/bathymetry_file.h), the path
 * relative to the deck's directory (MoorDyn 2.7.2 opens it relative to the process's working
 * directory, which is the deck's for a deck run where it lies). The seabed the lines touch is then
 * the grid's; WtrDpth stays required and sets the water depth of the waves, as in MoorDyn. */
static void read_seafloor(rdr *R, int line, const char *where, const char *val)
{
    char path[4096], err[900];
    if (R->sb.nx > 0) {
        fail(R, line, where, "expected one SeafloorFile, got a second (\"%.60s\")", val);
        return;
    }
    if (hw_path_beside(R->file, val, path, sizeof path)) {
        fail(R, line, where, "expected a path of at most %zu characters", sizeof path - 40);
        return;
    }
    hw_status st = hw_bathy_read(path, &R->sb, err, sizeof err);
    if (st == HW_ERR_IO && val[0] != '/' && strcmp(path, val)) {
        /* not beside the deck: where MoorDyn 2.7.2 opens it, from the working directory (its own
         * test decks name Mooring/3D_seafloor/... from the folder above their own) */
        char err2[900];
        if (hw_bathy_read(val, &R->sb, err2, sizeof err2) == HW_OK) {
            snprintf(path, sizeof path, "%s", val);
            st = HW_OK;
            note(R, line, "SeafloorFile %s: not beside the deck; read from the working directory, where "
                 "MoorDyn opens it", val);
        }
    }
    if (st == HW_OK) {
        R->env.bathymetry.nx = R->sb.nx;
        R->env.bathymetry.ny = R->sb.ny;
        R->env.bathymetry.x = R->sb.x;
        R->env.bathymetry.y = R->sb.y;
        R->env.bathymetry.depth = R->sb.depth;
        note(R, line, "SeafloorFile %s: a %d x %d bathymetry grid, bilinear between its points and flat "
             "beyond its edges as in MoorDyn; WtrDpth sets the water depth of the waves only", path,
             R->sb.nx, R->sb.ny);
        return;
    }
    if (st == HW_ERR_IO) { /* not there or unreadable: no line of its own, the deck's */
        fail_st(R, st, line, where, "%s (the path is relative to the deck's directory; nor is it in the working "
                "directory, where MoorDyn opens it)", err);
        return;
    }
    if (!FAILED(R)) {
        R->status = st;
        snprintf(R->err, sizeof R->err, "%s (SeafloorFile at %s:%d)", err, R->file, line);
    }
}

/* tScheme: every name MoorDyn 2.7.2 accepts (case-insensitive, as its create_time_scheme reads
 * them). Most run as they are (the iterated implicit ones with their iteration count); the
 * local-time-step ones run their plain scheme, and the Adams-Bashforth ones the textbook method,
 * with a note saying so (docs/moordyn.md, Time integration). MoorDyn
 * itself runs RK2 for a name it does not know; Hawser stops at it. */
static int suffix_count(const char *val, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncasecmp(val, prefix, n)) return -1;
    const char *d = val + n;
    if (!*d) return 0;
    for (const char *c = d; *c; c++)
        if (*c < '0' || *c > '9') return 0;
    long k = strtol(d, NULL, 10);
    return k >= 1 && k <= 1000000 ? (int)k : 0;
}

static void read_tscheme(rdr *R, int line, const char *where, const char *val)
{
    static const struct { const char *name; hw_integrator integ; const char *note; } PLAIN[] = {
        {"Euler", HW_INT_EULER, NULL},
        {"RK2", HW_INT_RK2, NULL},
        {"RK4", HW_INT_RK4, NULL},
#define HW_MD_AB "Hawser runs the Adams-Bashforth method; MoorDyn 2.7.2's own step formulas differ from it " \
                 "(its AB2 step adds the derivatives without the factor dtM) and its runs diverge (docs/moordyn.md)"
        {"AB2", HW_INT_AB2, HW_MD_AB},
        {"AB3", HW_INT_AB3, HW_MD_AB},
        {"AB4", HW_INT_AB4, HW_MD_AB},
        {"Heun", HW_INT_MOORDYN_HEUN, NULL},
        {"LEuler", HW_INT_EULER, "MoorDyn's local-time-step Euler; Hawser steps every line and point at dtM "
                                 "(explicit Euler), as MoorDyn does wherever no object's own step is longer"},
        {"LAB2", HW_INT_AB2, "MoorDyn's local-time-step AB2; Hawser steps every line and point at dtM (AB2). " HW_MD_AB},
        {"LAB3", HW_INT_AB3, "MoorDyn's local-time-step AB3; Hawser steps every line and point at dtM (AB3). " HW_MD_AB},
        {"LAB4", HW_INT_AB4, "MoorDyn's local-time-step AB4; Hawser steps every line and point at dtM (AB4). " HW_MD_AB},
#undef HW_MD_AB
    };
    for (size_t k = 0; k < sizeof PLAIN / sizeof PLAIN[0]; k++)
        if (!strcasecmp(val, PLAIN[k].name)) {
            R->solver.integrator = PLAIN[k].integ;
            if (PLAIN[k].note) note(R, line, "tScheme %.40s: %s", val, PLAIN[k].note);
            return;
        }
    static const struct { const char *prefix; hw_integrator integ; } IMPLICIT[] = {
        {"BEuler", HW_INT_BEULER}, {"Midpoint", HW_INT_MIDPOINT}, {"ACA", HW_INT_ACA}, {"Wilson", HW_INT_WILSON}};
    for (size_t k = 0; k < sizeof IMPLICIT / sizeof IMPLICIT[0]; k++) {
        int n = suffix_count(val, IMPLICIT[k].prefix);
        if (n < 0) continue;
        if (n == 0) {
            fail(R, line, where, "expected %s followed by its number of inner iterations (an integer >= 1, "
                 "e.g. %s5), got \"%.40s\"", IMPLICIT[k].prefix, IMPLICIT[k].prefix, val);
            return;
        }
        R->solver.integrator = IMPLICIT[k].integ; /* as MoorDyn solves it (world/integrate.c) */
        R->solver.iterations = n;
        return;
    }
    fail(R, line, where, "expected a time scheme MoorDyn 2.7.2 knows (Euler, LEuler, Heun, RK2, RK4, AB2, AB3, "
         "AB4, LAB2, LAB3, LAB4, or BEuler, Midpoint, ACA, Wilson followed by an iteration count), got \"%.40s\" "
         "(MoorDyn itself would run RK2 instead)", val);
}

static void read_option(rdr *R, const row *r)
{
    if (r->n < 2) {
        fail(R, r->line, "OPTIONS", "expected \"VALUE NAME [description]\", got \"%.60s\"",
             r->n ? r->tok[0] : "");
        return;
    }
    const char *val = r->tok[0], *key = r->tok[1];
    int id = -1;
    for (int k = 0; k < N_OPT_KEYS && id < 0; k++)
        if (!strcasecmp(key, OPT_KEYS[k].name)) id = OPT_KEYS[k].id;
    char where[96];
    snprintf(where, sizeof where, "OPTIONS %.60s", key);
    if (id < 0) { /* MoorDyn 2.7.2 warns "Unrecognized option" and goes on: so does Hawser, loudly */
        if (R->log) {
            char buf[700], hint[120] = "";
            int best = -1, bd = 4;
            for (int k = 0; k < N_OPT_KEYS; k++) {
                int dk = edit_distance(key, OPT_KEYS[k].name);
                if (dk < bd) bd = dk, best = k;
            }
            if (best >= 0)
                snprintf(hint, sizeof hint, " (did you mean %s? that option keeps its default)", OPT_KEYS[best].name);
            snprintf(buf, sizeof buf, "%s:%d: %s: not an option MoorDyn 2.7.2 knows: ignored, as MoorDyn ignores it "
                     "with a warning%s", R->file, r->line, where, hint);
            R->log(R->log_user, 1, buf);
        }
        return;
    }
    if (R->opt_ln[id]) {
        fail(R, r->line, where, "expected each option once, got it again (first at line %d)",
             R->opt_ln[id]);
        return;
    }
    R->opt_ln[id] = r->line;
    if (id == O_TSCHEME) {
        read_tscheme(R, r->line, where, val);
        return;
    }
    if (id == O_FILEIC) { /* read once the points and lines are known (read_state_file) */
        snprintf(R->ic_file, sizeof R->ic_file, "%s", val);
        snprintf(R->ic_where, sizeof R->ic_where, "%s", where);
        return;
    }
    if (id == O_SEAFLOOR) {
        read_seafloor(R, r->line, where, val);
        return;
    }
    if (id == O_WATERKIN) {
        refuse(R, r->line, where, "%s not supported yet (no waves or currents from files), got \"%.60s\"",
               opt_name(id), val);
        return;
    }
    double v;
    if (!to_double(val, &v)) {
        if (id == O_DEPTH && !starts_like_number(val))
            fail(R, r->line, where, "expected the water depth in m, got \"%.60s\" (a bathymetry grid "
                 "file goes in a SeafloorFile option; WtrDpth is still required: the waves' depth)", val);
        else
            fail(R, r->line, where, "expected a number as the value (the first column), got \"%.60s\"", val);
        return;
    }
    switch (id) {
    case O_DTM:
        if (!(v > 0)) fail(R, r->line, where, "expected a time step > 0 s, got %g", v);
        R->solver.dt = v;
        break;
    case O_G: R->env.g = v; break;
    case O_RHO: R->env.rho_w = v; break;
    case O_DEPTH: R->env.depth = v; break;
    case O_KBOT: R->env.seabed_k = v; break;
    case O_CBOT: R->env.seabed_c = v; break;
    case O_FRICTION:
        if (!(v >= 0)) fail(R, r->line, where, "expected a friction coefficient >= 0, got %g", v);
        R->friction = v;
        break;
    case O_FRICDAMP:
        if (!(v > 0)) fail(R, r->line, where, "expected a friction damping > 0 N s/m, got %g", v);
        R->fricdamp = v;
        break;
    case O_STATDYN:
        if (v != 1.0)
            refuse(R, r->line, where, "a static/dynamic friction ratio other than 1 not supported yet "
                   "(Hawser's seabed friction has no static stick), got %g", v);
        break;
    case O_TMAXIC:
        if (!(v >= 0)) fail(R, r->line, where, "expected a time >= 0 s (0 = no initial condition "
                            "solve), got %g", v);
        R->solver.static_solve = v > 0;
        R->tmaxic = v; /* its note once every option is read (read_options): fileIC changes it */
        break;
    case O_DTIC:
        if (!(v > 0)) fail(R, r->line, where, "expected a convergence interval > 0 s, got %g", v);
        R->dtic = v; /* its note once every option is read (read_options) */
        break;
    case O_CDSCALEIC: case O_THRESHIC: case O_ICGENDYN:
        note(R, r->line, "%s has no effect: Hawser finds the initial state with a Newton static "
             "solve, not by dynamic relaxation", opt_name(id));
        break;
    case O_DTOUT:
        if (!(v >= 0)) fail(R, r->line, where, "expected an output interval >= 0 s, got %g", v);
        R->out_interval = v;
        break;
    case O_TMAX:
        if (!(v >= 0)) fail(R, r->line, where, "expected an end time >= 0 s, got %g", v);
        R->solver.t_end = v;
        break;
    case O_WRITEUNITS: R->write_units = v != 0; break;
    case O_WRITELOG: case O_DISABLEOUT: case O_DISABLEOUTTIME: case O_ECHO:
        note(R, r->line, "%s has no effect in Hawser (progress and notes go to stderr, results to "
             "the output directory)", opt_name(id));
        break;
    case O_WAVEKIN:
        read_wavekin(R, r->line, where, v);
        break;
    case O_CURRENTS:
        if (v != 0 && v != 1 && v != 2 && v != 5)
            refuse(R, r->line, where, "%s %g not supported yet (Currents 1 = current_profile.txt, 2 = "
                   "current_profile_dynamic.txt and 5 = current_profile_4d.txt are read, 0 = no current; 3 and 4 "
                   "are not implemented in MoorDyn v2 either; a current can be given in the YAML scenario after "
                   "hawser convert)", opt_name(id), v);
        R->currents = (int)v;
        break;
    case O_DTWAVE:
        if (!(v > 0)) fail(R, r->line, where, "expected a time step > 0 s, got %g", v);
        R->dt_wave = v;
        break;
    case O_WAVERAMP:
        if (!(v >= 0)) fail(R, r->line, where, "expected a ramp time >= 0 s (0: none), got %g", v);
        R->wave_ramp = v;
        break;
    case O_UNIFYGRID:
        R->no_unify = v == 0; /* see warn_unified_current */
        note(R, r->line, "UnifyCurrentGrid has no effect: Hawser keeps no kinematics grids (the waves are "
             "evaluated at every node from their components, the current from its profile)");
        break;
    case O_CFL:
        if (!(v > 0)) fail(R, r->line, where, "expected a Courant number > 0, got %g", v);
        R->cfl = v; /* the step is set from it once the model is read (apply_cfl) */
        break;
    case O_MUKT: case O_MUKA:
        refuse(R, r->line, where, "%s (MoorDyn-F's transverse/axial friction) not supported yet; use "
               "FrictionCoefficient (one seabed friction coefficient)", opt_name(id));
        break;
    }
}

static void read_options(rdr *R)
{
    section *s = &R->sec[SEC_OPTIONS];
    for (int i = s->header < 0 ? R->n_ln : s->from; i < s->to && !FAILED(R); i++) {
        if (blank_line(R->ln[i])) continue;
        row r;
        split_row(R, i, &r);
        if (!FAILED(R)) read_option(R, &r);
    }
    /* FrictionCoefficient applies to every line type */
    for (int k = 0; k < R->n_types; k++) R->types[k].seabed_mu = R->friction;
    /* TmaxIC no longer than dtIC: MoorDyn's initial-condition stage ends after at most one
     * convergence interval, before it has compared two fairlead tensions, so its run starts
     * from the deck's shape moved by TmaxIC of relaxation: such a deck asks for no initial
     * condition (MoorDyn's own lifting test starts a weight slack on its line so, TmaxIC = dtIC =
     * 1 ms), and Hawser starts from its initial shape without a static solve */
    if (!FAILED(R) && R->opt_ln[O_TMAXIC] && R->tmaxic > 0 && R->tmaxic <= R->dtic && !R->ic_file[0]) {
        R->solver.static_solve = 0;
        note(R, R->opt_ln[O_TMAXIC], "TmaxIC %g s is no longer than dtIC %g s: MoorDyn ends its initial-condition "
             "stage before its first convergence check, so the run starts from the deck's initial shape, "
             "without a static solve (as TmaxIC 0)", R->tmaxic, R->dtic);
    } else if (!FAILED(R) && R->opt_ln[O_TMAXIC] && R->tmaxic > 0 && !R->ic_file[0])
        note(R, R->opt_ln[O_TMAXIC], "TmaxIC %g: the initial condition comes from Hawser's Newton static solve "
             "(tolerance %g), not from %g s of dynamic relaxation", R->tmaxic, R->solver.static_tol, R->tmaxic);
    if (R->opt_ln[O_DTIC])
        note(R, R->opt_ln[O_DTIC], "dtIC has no effect: Hawser finds the initial state with a Newton static "
             "solve, not by dynamic relaxation (but TmaxIC <= dtIC turns the initial-condition stage off, as "
             "in MoorDyn)");
}

/* ---- waves (WaveKin 2, 3 and 7) ------------------------------------------------------------ */

/* A failure in a wave file: "FILE:LINE: WHAT: ... (WaveKin N at DECK:LINE)". */
static void wave_file_fail(rdr *R, hw_status st, const char *path, int line, const char *what, const char *fmt, ...)
{
    if (FAILED(R)) return;
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    R->status = st;
    snprintf(R->err, sizeof R->err, "%s:%d: %s: %s (WaveKin %d at %s:%d)", path, line, what, msg, R->wavekin,
             R->file, R->opt_ln[O_WAVEKIN]);
}

/* Reads the table file path beside the deck (io/table_file.h); on failure its message, then
 * "(OPTION at DECK:LINE)" for the option that reads it. 0, or -1 (failed). */
static int read_deck_table(rdr *R, const char *path, const hw_table_spec *s, hw_table_file *t, const char *option,
                           int opt_line)
{
    char err[900];
    hw_status st = hw_table_read(path, s, t, err, sizeof err);
    if (st == HW_OK) return 0;
    if (!FAILED(R)) {
        R->status = st;
        snprintf(R->err, sizeof R->err, "%s (%s at %s:%d)", err, option, R->file, opt_line);
    }
    return -1;
}

/* wave_frequencies.txt (WaveKin 2 and 7) read as a table, rows "omega re im [beta]" (a missing beta
 * reads 0; with increasing, omega must increase strictly), or -1 (failed). */
static int read_wave_table(rdr *R, const char *path, int increasing, hw_table_file *t)
{
    static const char *const COL[4] = {"omega", "re", "im", "beta"};
    static const hw_table_spec SPEC[2] = {
        {3, 4, 0, 1, 2, 0, 0, 0, COL, "omega re im [beta]", "rows (omega = 0, then the components; as MoorDyn requires)"},
        {3, 4, 0, 1, 2, 0, 0, 1, COL, "omega re im [beta]", "rows (omega = 0, then the components; as MoorDyn requires)"}};
    return read_deck_table(R, path, &SPEC[increasing != 0], t, increasing ? "WaveKin 2" : "WaveKin 7",
                           R->opt_ln[O_WAVEKIN]);
}

/* The checks of row r of wave_frequencies.txt that WaveKin 2 and 7 share: omega = 0 on the first
 * row, a direction beta from -2 pi to 2 pi on every row (MoorDyn 2.7.2's spectrumFromFile refuses
 * it on any row). 0, or -1 (failed). */
static int wave_row_check(rdr *R, const char *path, const hw_table_file *t, int r)
{
    const double *v = t->v + (size_t)r * t->cols;
    if (r == 0 && v[0] != 0)
        wave_file_fail(R, HW_ERR_INPUT, path, t->line[r], "omega", "expected 0 rad/s on the first row (as "
                       "MoorDyn requires), got %g", v[0]);
    else if (fabs(v[3]) > 2 * 3.14159265358979323846)
        wave_file_fail(R, HW_ERR_INPUT, path, t->line[r], "beta", "expected a direction from -2 pi to 2 pi rad (as "
                       "MoorDyn requires), got %g", v[3]);
    return FAILED(R) ? -1 : 0;
}

/* WaveKin 7: wave_frequencies.txt beside the deck. Rows "omega re im [beta]": a component of
 * angular frequency omega (rad/s), complex amplitude re + i im (m) and direction beta (rad, default
 * 0), whose elevation in MoorDyn v2 is |A| sin(omega t - k (x cos beta + y sin beta) + arg A)
 * (its SpectrumKin; checked against MoorDyn 2.7.2). Hawser's is a cos(k.x - omega t + phase): the
 * same wave with a = |A| and phase = pi/2 - arg A. The first row must be omega = 0 (MoorDyn's
 * rule); its only effect there is a mean level Im A, refused when not 0. Rows of zero amplitude
 * add nothing and are left out. */
static void read_wave_frequencies(rdr *R, const char *path)
{
    hw_table_file t;
    if (read_wave_table(R, path, 0, &t)) return;
    int n = 0;
    double *c = malloc((size_t)t.rows * 4 * sizeof *c); /* 4 per component: amp, omega, dir, phase */
    if (!c) oom(R, "the wave components", (double)t.rows * 4 * sizeof *c);
    for (int r = 0; r < t.rows && !FAILED(R); r++) {
        const double *v = t.v + (size_t)r * t.cols;
        int ln = t.line[r];
        if (wave_row_check(R, path, &t, r)) break;
        if (r == 0) {
            if (v[2] != 0)
                wave_file_fail(R, HW_ERR_UNSUPPORTED, path, ln, "im", "a mean water level (the imaginary part "
                               "at omega = 0, %g m) not supported yet: the mean surface is z = 0", v[2]);
            continue;
        }
        if (!(v[0] > 0)) {
            wave_file_fail(R, HW_ERR_INPUT, path, ln, "omega", "expected an angular frequency > 0 rad/s after "
                           "the first row, got %g", v[0]);
            break;
        }
        double amp = hypot(v[1], v[2]);
        if (amp == 0) continue;
        c[4 * n + 0] = amp;
        c[4 * n + 1] = v[0];
        c[4 * n + 2] = v[3];
        c[4 * n + 3] = 0.5 * 3.14159265358979323846 - atan2(v[2], v[1]);
        n++;
    }
    if (!FAILED(R) && n == 0)
        wave_file_fail(R, HW_ERR_INPUT, path, t.line[t.rows - 1], "rows", "expected a component of amplitude > 0, "
                       "got none");
    hw_table_file_free(&t);
    if (FAILED(R)) {
        free(c);
        return;
    }
    double *w = malloc((size_t)n * 4 * sizeof *w);
    if (!w) {
        free(c);
        oom(R, "the wave components", (double)n * 4 * sizeof *w);
        return;
    }
    for (int j = 0; j < n; j++)
        for (int k = 0; k < 4; k++) w[k * n + j] = c[4 * j + k];
    free(c);
    R->wave_buf = w;
    hw_waves_def *d = &R->env.waves;
    d->kind = HW_WAVES_COMPONENTS;
    d->n_components = n;
    d->c_amp = w;
    d->c_omega = w + n;
    d->c_dir = w + 2 * n;
    d->c_phase = w + 3 * n;
}

/* WaveKin 3: wave_elevation.txt beside the deck, rows "t eta" (blank-separated; MoorDyn reads the
 * first two columns), the elevation at the origin of waves travelling along +x (checked against
 * MoorDyn 2.7.2). MoorDyn resamples it by linear interpolation at dtWave from t = 0 to the last
 * time, drops the last sample when their count is odd, and takes its FFT; Hawser resamples it the
 * same way and turns that record into components (HW_WAVES_ELEVATION). */
static void read_wave_elevation(rdr *R, const char *path)
{
    hw_table_file tf;
    char err[900];
    hw_status st = hw_table_read_record(path, 1, 0, 2, &tf, err, sizeof err);
    if (st != HW_OK) {
        if (!FAILED(R)) {
            R->status = st;
            snprintf(R->err, sizeof R->err, "%s (WaveKin 3 at %s:%d)", err, R->file, R->opt_ln[O_WAVEKIN]);
        }
        return;
    }
    const int n = tf.rows, c = tf.cols, first = tf.line[0];
    const double *t = tf.v, *e = tf.v + 1; /* t[c * j], e[c * j] */
    double dtw = R->dt_wave, tn = t[c * (n - 1)];
    if (t[0] != 0) {
        wave_file_fail(R, HW_ERR_INPUT, path, first, "t", "expected the record to start at t = 0 (MoorDyn "
                       "resamples it from t = 0), got %g", t[0]);
    } else if (tn / dtw > 1e7) {
        wave_file_fail(R, HW_ERR_INPUT, path, first, "t", "expected at most 1e7 samples of dtWave = %g s, got a "
                       "record of %g s", dtw, tn);
    }
    int m = FAILED(R) ? 0 : (int)floor(tn / dtw) + 1;
    if (m % 2) m--;
    if (!FAILED(R) && m < 4)
        wave_file_fail(R, HW_ERR_INPUT, path, first, "record", "expected a record of at least 4 samples of "
                       "dtWave = %g s, got %g s", dtw, tn);
    double *w = FAILED(R) ? NULL : malloc((size_t)m * 2 * sizeof *w);
    if (!FAILED(R) && !w) oom(R, "the resampled wave record", (double)m * 2 * sizeof *w);
    if (FAILED(R)) {
        hw_table_file_free(&tf);
        return;
    }
    for (int i = 0, j = 0; i < m; i++) {
        double ti = i * dtw;
        while (j + 1 < n && t[c * (j + 1)] < ti) j++;
        double v;
        if (ti <= t[0]) v = e[0];
        else if (j + 1 >= n) v = e[c * (n - 1)];
        else v = e[c * j] + (e[c * (j + 1)] - e[c * j]) * (ti - t[c * j]) / (t[c * (j + 1)] - t[c * j]);
        w[i] = ti;
        w[m + i] = v;
    }
    hw_table_file_free(&tf);
    R->wave_buf = w;
    hw_waves_def *d = &R->env.waves;
    d->kind = HW_WAVES_ELEVATION;
    d->n_samples = m;
    d->t = w;
    d->eta = w + m;
    d->kinematics_step = dtw; /* MoorDyn's kinematics are samples dtWave apart, linear in time */
}

/* Currents 1: current_profile.txt beside the deck: three lines MoorDyn skips, then rows
 * "z ux uy uz" (m, m/s), blank-separated. MoorDyn interpolates linearly in z and takes the nearest
 * row outside (checked against MoorDyn 2.7.2), as Hawser's current profile does; z must increase. */
static void read_current_profile(rdr *R)
{
    char path[4096];
    int oln = R->opt_ln[O_CURRENTS];
    if (hw_path_beside(R->file, "current_profile.txt", path, sizeof path)) {
        fail(R, oln, "OPTIONS Currents", "expected a deck path of at most %zu characters", sizeof path - 40);
        return;
    }
    static const char *const COL[4] = {"z", "ux", "uy", "uz"};
    static const hw_table_spec SPEC = {4, 4, 0, 0, 1, 3, 0, 1, COL, "z ux uy uz",
                                       "row z ux uy uz after the 3 header lines"};
    hw_table_file t;
    if (read_deck_table(R, path, &SPEC, &t, "Currents 1", oln)) return;
    const int n = t.rows;
    double *c = malloc((size_t)n * 4 * sizeof *c);
    if (!c) {
        hw_table_file_free(&t);
        oom(R, "the current profile", (double)n * 4 * sizeof *c);
        return;
    }
    for (int j = 0; j < n; j++)
        for (int k = 0; k < 4; k++) c[k * n + j] = t.v[4 * j + k];
    hw_table_file_free(&t);
    R->cur_buf = c;
    hw_current_def *cd = &R->env.current;
    cd->n_depth = n;
    cd->n_time = 1;
    cd->z = c;
    cd->t = NULL;
    cd->ux = c + n;
    cd->uy = c + 2 * n;
    cd->uz = c + 3 * n;
}

/* WaveKin 2: wave_frequencies.txt beside the deck, rows "omega re im [beta]" as for WaveKin 7, with
 * omega increasing strictly from 0. MoorDyn 2.7.2 interpolates them at equal steps dw (the smallest
 * step between rows) and inverse-FFTs them onto its water_grid.txt grid, dtWave = 2 pi / (nt dw)
 * apart in time, interpolating linearly between grid points and samples (io/moordyn_sea.h). Hawser
 * takes the components that grid holds at its samples, |A| cos(w t - k.x + arg A) (a cos, where
 * WaveKin 7's rows are sines), evaluated at every node, and samples the node kinematics at MoorDyn's
 * grid step as MoorDyn does. The first bin's real part over 2 is a mean level, refused when not 0. */
static void read_wave_frequencies_fft(rdr *R, const char *path)
{
    hw_table_file t;
    if (read_wave_table(R, path, 1, &t)) return;
    const int n = t.rows, c = t.cols;
    double *col = malloc((size_t)n * 4 * sizeof *col);
    if (!col) {
        hw_table_file_free(&t);
        oom(R, "the wave components", (double)n * 4 * sizeof *col);
        return;
    }
    for (int r = 0; r < n && !FAILED(R); r++) {
        const double *v = t.v + (size_t)r * c;
        for (int k = 0; k < 4; k++) col[k * n + r] = k < c ? v[k] : 0.0;
        wave_row_check(R, path, &t, r);
    }
    int first = t.line[0], last = t.line[n - 1];
    hw_table_file_free(&t);
    double *w = NULL, mean = 0, dtg = 0, dw = 0;
    int m = 0, nw = 0;
    if (!FAILED(R) && hw_md_wavekin2_components(col, col + n, col + 2 * n, col + 3 * n, n, &w, &m, &mean, &dtg, &dw,
                                                &nw) != HW_OK)
        oom(R, "the wave components", (double)col[n - 1] * 32);
    free(col);
    if (!FAILED(R) && mean != 0)
        wave_file_fail(R, HW_ERR_UNSUPPORTED, path, first, "re", "a mean water level (half the real part at omega "
                       "= 0, %g m, in MoorDyn's inverse FFT) not supported yet: the mean surface is z = 0", mean);
    if (!FAILED(R) && m == 0)
        wave_file_fail(R, HW_ERR_INPUT, path, last, "rows", "expected a component of amplitude > 0, got none");
    if (FAILED(R)) {
        free(w);
        return;
    }
    R->wave_buf = w;
    hw_waves_def *d = &R->env.waves;
    d->kind = HW_WAVES_COMPONENTS;
    d->n_components = m;
    d->c_amp = w;
    d->c_omega = w + m;
    d->c_dir = w + 2 * m;
    d->c_phase = w + 3 * m;
    d->kinematics_step = dtg; /* MoorDyn's grid samples, linear in time between them */
    note(R, R->opt_ln[O_WAVEKIN], "WaveKin 2: %s interpolated at %d equal steps of %g rad/s as in MoorDyn 2.7.2: "
         "%d components summed at every node and sampled every %g s (MoorDyn's grid step 2 pi / (%d dw)); "
         "water_grid.txt is not read: MoorDyn interpolates between its grid points in space, Hawser evaluates "
         "the components at the node (docs/moordyn.md, Waves)", path, nw, dw, m, dtg, 2 * (nw - 1));
}

/* Currents 2: current_profile_dynamic.txt beside the deck (io/moordyn_sea.h), resampled on
 * MoorDyn's time grid: profiles at times, linear between them. Currents 5: current_profile_4d.txt,
 * a grid in x, y, z and t, resampled in time the same way. MoorDyn 2.7.2 repeats the time grid
 * after its last sample (and, for the last sample's interval, holds the first sample); Hawser
 * holds the last sample after it (a warning says when that starts). */
static void read_current_file(rdr *R, int kind)
{
    char path[4096], err[900];
    int oln = R->opt_ln[O_CURRENTS];
    const char *name = kind == 5 ? "current_profile_4d.txt" : "current_profile_dynamic.txt";
    const char *what = kind == 5 ? "grid" : "profile";
    if (hw_path_beside(R->file, name, path, sizeof path)) {
        fail(R, oln, "OPTIONS Currents", "expected a deck path of at most %zu characters", sizeof path - 40);
        return;
    }
    double dt = 0, tl = 0;
    long unset = 0;
    hw_status st = kind == 5
        ? hw_md_read_current_4d(path, &R->env.current, &R->cur_buf, &dt, &tl, &unset, err, sizeof err)
        : hw_md_read_current_dynamic(path, &R->env.current, &R->cur_buf, &dt, &tl, err, sizeof err);
    if (st != HW_OK) {
        R->status = st;
        snprintf(R->err, sizeof R->err, "%s (Currents %d at %s:%d)", err, kind, R->file, oln);
        return;
    }
    const hw_current_def *c = &R->env.current;
    if (kind == 5 && unset > 0 && R->log) {
        char buf[5200];
        snprintf(buf, sizeof buf, "%s:%d: Currents 5: %ld grid point%s of %s %s set by no line MoorDyn 2.7.2 "
                 "reads (it starts at line 7: line 6, the first grid point's line, is never read), so %s velocity "
                 "is 0, as in MoorDyn", R->file, oln, unset, unset > 1 ? "s" : "", path, unset > 1 ? "are" : "is",
                 unset > 1 ? "their" : "its");
        R->log(R->log_user, 1, buf);
    }
    if (c->n_time > 1 && R->log) {
        double tk = c->t[c->n_time - 1];
        char buf[5200];
        snprintf(buf, sizeof buf, "%s:%d: Currents %d: %s resampled every %g s from t = 0 to %g s as in MoorDyn 2.7.2 "
                 "(%d %ss); after %g s Hawser holds the last %s, where MoorDyn repeats the record every "
                 "%g s (holding the first %s from %g s to %g s)", R->file, oln, kind, path, dt, tk, c->n_time, what,
                 tk, what, dt * c->n_time, what, tk, dt * c->n_time);
        R->log(R->log_user, 1, buf);
    } else {
        note(R, oln, "Currents %d: %s holds one %s (t = %g s): a steady current", kind, path, what, tl);
    }
}

/* After all options: the wave files of WaveKin 2, 3 and 7, dtWave and waveKin_rampT. */
static void read_waves(rdr *R)
{
    int wk = R->opt_ln[O_WAVEKIN] ? R->wavekin : 0;
    if (wk == 1 && R->log) {
        char buf[700];
        snprintf(buf, sizeof buf, "%s:%d: WaveKin 1: the wave kinematics are set by the calling program in MoorDyn "
                 "(MoorDyn_ExternalWaveKinSet); under hawser run nobody sets them, so the water stays still, as "
                 "in MoorDyn 2.7.2 run on its own (zero kinematics at every node)", R->file, R->opt_ln[O_WAVEKIN]);
        R->log(R->log_user, 1, buf);
    }
    if (wk != 2 && wk != 3 && wk != 7) {
        if (R->opt_ln[O_DTWAVE])
            note(R, R->opt_ln[O_DTWAVE], "dtWave has no effect: there are no wave kinematics (WaveKin %d)", wk);
        if (R->opt_ln[O_WAVERAMP])
            note(R, R->opt_ln[O_WAVERAMP], "waveKin_rampT has no effect: there are no wave kinematics (WaveKin %d)",
                 wk);
        return;
    }
    char path[4096];
    const char *name = wk == 3 ? "wave_elevation.txt" : "wave_frequencies.txt";
    if (hw_path_beside(R->file, name, path, sizeof path)) {
        fail(R, R->opt_ln[O_WAVEKIN], "OPTIONS WaveKin", "expected a deck path of at most %zu characters",
             sizeof path - 40);
        return;
    }
    if (wk == 7 || wk == 2) {
        if (wk == 7) read_wave_frequencies(R, path);
        else read_wave_frequencies_fft(R, path);
        if (R->opt_ln[O_DTWAVE])
            note(R, R->opt_ln[O_DTWAVE], "dtWave has no effect with WaveKin %d (MoorDyn uses it for WaveKin 3 "
                 "only); %s", wk, wk == 7 ? "Hawser samples the node kinematics every 1/40 of the shortest wave period"
                 : "the grid's step comes from the frequency step");
    } else {
        read_wave_elevation(R, path);
        if (!FAILED(R))
            note(R, R->opt_ln[O_WAVEKIN], "WaveKin 3: the record of %s is resampled at dtWave = %g s as in "
                 "MoorDyn and turned into components, evaluated at every node (water_grid.txt is not read: "
                 "there is no grid)", path, R->dt_wave);
    }
    if (FAILED(R)) return;
    R->env.waves.ramp_time = R->wave_ramp;
    if (R->wave_ramp > 0)
        note(R, R->opt_ln[O_WAVERAMP], "waveKin_rampT %g: Hawser's ramp rises as 0.5 (1 - cos(pi t / %g)), "
             "MoorDyn's linearly, both from 0 at t = 0 to 1 at t = %g s", R->wave_ramp, R->wave_ramp, R->wave_ramp);
}

/* WaveKin 2 or 3 with Currents 1, 2 or 5: MoorDyn 2.7.2 (UnifyCurrentGrid 1, its default) adds the
 * current to its wave grid, so a node reads it at the Wheeler-stretched height and on the wave grid's
 * time samples, repeated with the waves' period; Hawser reads the profile at the node's own height
 * and time. A warning says so (docs/moordyn.md, "Currents"). */
static void warn_unified_current(rdr *R)
{
    int wk = R->opt_ln[O_WAVEKIN] ? R->wavekin : 0;
    if ((wk != 2 && wk != 3) || (R->currents != 1 && R->currents != 2 && R->currents != 5) || R->no_unify ||
        !R->log)
        return;
    char buf[900];
    snprintf(buf, sizeof buf, "%s:%d: Currents %d with WaveKin %d: MoorDyn 2.7.2 adds the current to its wave grid "
             "(UnifyCurrentGrid 1, its default), so its nodes read it at the Wheeler-stretched height and on the "
             "wave grid's time samples, repeated with the waves' period; Hawser reads the profile at the node's own "
             "height and time (0.6%% apart at 0.18 m of elevation, docs/moordyn.md)", R->file, R->opt_ln[O_CURRENTS],
             R->currents, wk);
    R->log(R->log_user, 1, buf);
}

static void require_depth(rdr *R)
{
    section *s = &R->sec[SEC_OPTIONS];
    if (!R->opt_ln[O_DEPTH])
        fail(R, s->header >= 0 ? s->header + 1 : 0, "OPTIONS",
             "expected a WtrDpth option (the water depth, m; MoorDyn's default of 0 would put the "
             "seabed at the surface), got none");
    else if (R->no_lines && !R->opt_ln[O_DTM])
        fail(R, s->header >= 0 ? s->header + 1 : 0, "OPTIONS", "expected a dtM option (a deck without lines: Hawser's "
             "automatic time step and CFL come from the lines' segments), got none");
}

static int col_bar(rdr *R, const row *r, int c, const char *where, const char *col, const char *unit,
                   unsigned allowed, const char *form, double v[6]); /* below */

/* ---- Curve files ------------------------------------------------------------------------------ */

/* A MoorDyn curve file named in a deck (an EA column's strain-tension curve, a Syrope settings
 * file's OWC table), as MoorDyn 2.7.2 reads one: beside the deck, three header lines skipped, then
 * rows "x y" (more columns ignored), at least two, x increasing. Hawser's table reader also takes
 * tabs, commas and blank lines, which 2.7.2 refuses ("Bad curve point": it splits rows at spaces
 * only, and a file ending with a newline fails there on its empty last line). The table's arrays
 * live in R->curve_buf until the reader is freed. 0, or -1 with R failed at the deck's line. */
static int read_curve_file(rdr *R, int line, const char *where, const char *file, const char *what,
                           const char *const cols[2], hw_table *out)
{
    char path[4096], err[900], cw[64];
    if (hw_path_beside(R->file, file, path, sizeof path)) {
        fail(R, line, where, "expected a path of %s of at most %zu characters", what, sizeof path - 40);
        return -1;
    }
    snprintf(cw, sizeof cw, "%s, %s", cols[0], cols[1]);
    hw_table_spec spec = {2, 2, 1, 0, 2, 3, 0, 1, cols, cw, NULL};
    char rows_what[96];
    snprintf(rows_what, sizeof rows_what, "rows of %s and %s", cols[0], cols[1]);
    spec.rows_what = rows_what;
    hw_table_file tf = {0, 0, NULL, NULL};
    hw_status st = hw_table_read(path, &spec, &tf, err, sizeof err);
    if (st) {
        fail_st(R, st, line, where, "%s (%s)", err, what);
        return -1;
    }
    double *blk = malloc(2 * (size_t)tf.rows * sizeof(double));
    double **g = grow(R, R->curve_buf, R->n_curve_buf, sizeof *R->curve_buf);
    if (!blk || !g) {
        free(blk);
        hw_table_file_free(&tf);
        if (!FAILED(R)) oom(R, what, 2.0 * tf.rows * sizeof(double));
        return -1;
    }
    R->curve_buf = g;
    R->curve_buf[R->n_curve_buf++] = blk;
    for (int j = 0; j < tf.rows; j++) {
        blk[j] = tf.v[(size_t)j * tf.cols];
        blk[tf.rows + j] = tf.v[(size_t)j * tf.cols + 1];
    }
    out->n = tf.rows;
    out->x = blk;
    out->y = blk + tf.rows;
    hw_table_file_free(&tf);
    return 0;
}

/* ---- Syrope ----------------------------------------------------------------------------------- */

/* EA SYROPE:<settings file>|alpha|beta and BA BA_s|BA_d (MoorDyn 2.7.2's Syrope polyester model;
 * docs/moordyn.md, "Syrope"). The settings file (beside the deck, as MoorDyn opens it from the
 * working directory) has rows "VALUE NAME": the OWC table's path (NAME OWC; beside the deck too;
 * three header lines, then rows "strain tension"), WCType (LINEAR, QUADRATIC or EXP), k1, k2. */
static void read_syrope_type(rdr *R, const row *r, const char *where, hw_line_type_def *t)
{
    char w[160], buf[512], path[4096];
    snprintf(w, sizeof w, "%s EA", where);
    snprintf(buf, sizeof buf, "%s", r->tok[3]);
    char *file = strchr(buf, ':'), *b1 = file ? strchr(file, '|') : NULL, *b2 = b1 ? strchr(b1 + 1, '|') : NULL;
    double v[2];
    if (!file || !b1 || !b2 || strchr(b2 + 1, '|')) {
        fail(R, r->line, w, "expected SYROPE:<settings file>|alpha|beta, got \"%.60s\"", r->tok[3]);
        return;
    }
    *b1 = *b2 = '\0';
    file++;
    if (!to_double(b1 + 1, &v[0]) || !to_double(b2 + 1, &v[1]) || !*file) {
        fail(R, r->line, w, "expected SYROPE:<settings file>|alpha|beta with alpha (N) and beta (-) "
             "numbers, got \"%.60s\"", r->tok[3]);
        return;
    }
    t->syrope.on = 1;
    t->syrope.line_curve = 1; /* one working curve per line, as MoorDyn 2.7.2 (physics/syrope.h) */
    t->syrope.alpha = v[0];
    t->syrope.beta = v[1];
    double bv[6] = {0, 0, 0, 0, 0, 0};
    int kb = col_bar(R, r, 4, where, "BA/-zeta", "N s", 1u << 1 | 1u << 2, "BA_s|BA_d (Syrope's dampings)", bv);
    if (kb < 0) return;
    if (bv[0] < 0) {
        char wb[160];
        snprintf(wb, sizeof wb, "%s BA/-zeta", where);
        fail(R, r->line, wb, "expected BA_s >= 0 N s for a Syrope line (no damping ratio), got %g", bv[0]);
        return;
    }
    t->ba = bv[0];
    t->ba_d = kb == 2 ? bv[1] : 0.0;
    /* the settings file */
    if (hw_path_beside(R->file, file, path, sizeof path)) {
        fail(R, r->line, w, "expected a settings path of at most %zu characters", sizeof path - 40);
        return;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_st(R, HW_ERR_IO, r->line, w, "%s: cannot open the Syrope settings file: %s (the path is "
                "relative to the deck's directory)", path, strerror(errno));
        return;
    }
    char ln[1024], owc[1024] = "";
    int have[4] = {0, 0, 0, 0}, k = 0;
    while (fgets(ln, sizeof ln, f) && !FAILED(R)) {
        k++;
        char val[1024], name[64];
        if (sscanf(ln, "%1023s %63s", val, name) != 2) continue;
        char un[64];
        upper(un, name, sizeof un);
        double x;
        if (!strcmp(un, "OWC")) {
            snprintf(owc, sizeof owc, "%s", val);
            have[0] = 1;
        } else if (!strcmp(un, "WCTYPE")) {
            char uv[64];
            upper(uv, val, sizeof uv);
            t->syrope.curve = !strcmp(uv, "LINEAR") ? HW_SYROPE_LINEAR : !strcmp(uv, "QUADRATIC")
                              ? HW_SYROPE_QUADRATIC : !strcmp(uv, "EXP") ? HW_SYROPE_EXP : -1;
            if (t->syrope.curve < 0)
                fail(R, k, "WCType", "expected LINEAR, QUADRATIC or EXP, got \"%.40s\" (in %s, the Syrope "
                     "settings of %s:%d)", val, path, R->file, r->line);
            have[1] = 1;
        } else if ((!strcmp(un, "K1") || !strcmp(un, "K2")) && to_double(val, &x)) {
            if (un[1] == '1') t->syrope.k1 = x; else t->syrope.k2 = x;
            have[un[1] == '1' ? 2 : 3] = 1;
        } else if (!strcmp(un, "K1") || !strcmp(un, "K2")) {
            fail(R, k, name, "expected a number, got \"%.40s\" (in %s, the Syrope settings of %s:%d)",
                 val, path, R->file, r->line);
        }
    }
    fclose(f);
    if (FAILED(R)) {
        char e2[sizeof R->err];
        snprintf(e2, sizeof e2, "%s", R->err + strlen(R->file) + 1); /* the settings file's line */
        int np = (int)strlen(path);
        if (np > 400) np = 400;
        snprintf(R->err, sizeof R->err, "%.*s:%.600s", np, path, e2);
        return;
    }
    static const char *const keys[4] = {"OWC", "WCType", "k1", "k2"};
    for (int j = 0; j < 4; j++)
        if (!have[j]) {
            fail(R, r->line, w, "expected a row \"VALUE %s\" in the Syrope settings file %s, got none",
                 keys[j], path);
            return;
        }
    /* the original working curve */
    static const char *const cols[2] = {"strain", "tension"};
    read_curve_file(R, r->line, w, owc, "the Syrope OWC table", cols, &t->syrope.owc);
}

/* SYROPE IC: rows "LINES TMAX0 TMEAN0" (line IDs comma-separated) giving each Syrope line its
 * running maximum and mean tension at the start; rows whose first field is not a number (column
 * names, units) are skipped. A SYROPE WORKING CURVES section is ignored, as MoorDyn 2.7.2 ignores
 * it (the settings file's curve is used): a note says so. */
static void read_syrope_ic(rdr *R)
{
    section *wc = &R->sec[SEC_SYROPE_WC];
    if (wc->header >= 0)
        note(R, wc->header + 1, "SYROPE WORKING CURVES: ignored, as MoorDyn 2.7.2 ignores it (each Syrope "
             "line type's settings file gives its working curve)");
    section *s = &R->sec[SEC_SYROPE_IC];
    int any = 0;
    for (int l = 0; l < R->n_lines; l++) any |= R->types[R->lines[l].type].syrope.on;
    int *given = calloc((size_t)R->n_lines + 1, sizeof *given);
    if (!given) { oom(R, "the SYROPE IC table", (R->n_lines + 1.0) * sizeof *given); return; }
    for (int i = s->header < 0 ? R->n_ln : s->from; i < s->to && !FAILED(R); i++) {
        if (blank_line(R->ln[i])) continue;
        row r;
        split_row(R, i, &r);
        if (FAILED(R) || !r.n || !isdigit((unsigned char)r.tok[0][0])) continue;
        /* the line list may hold blanks after its commas: the last two fields are the tensions */
        if (r.n < 3) {
            fail(R, r.line, "SYROPE IC", "expected LINES TMAX0 TMEAN0, got %d fields", r.n);
            break;
        }
        double tmax0, tmean0;
        if (!to_double(r.tok[r.n - 2], &tmax0) || !to_double(r.tok[r.n - 1], &tmean0)) {
            fail(R, r.line, "SYROPE IC", "expected Tmax0 and Tmean0 (numbers, N), got \"%.30s\" and \"%.30s\"",
                 r.tok[r.n - 2], r.tok[r.n - 1]);
            break;
        }
        char list[512] = "";
        for (int c = 0; c < r.n - 2; c++) strncat(list, r.tok[c], sizeof list - strlen(list) - 1);
        for (char *p = strtok(list, ","); p && !FAILED(R); p = strtok(NULL, ",")) {
            int ln;
            if (!to_int(p, &ln) || ln < 1 || ln > R->n_lines) {
                fail(R, r.line, "SYROPE IC", "expected line IDs 1..%d, got \"%.30s\"", R->n_lines, p);
                break;
            }
            hw_line_def *l = &R->lines[ln - 1];
            if (!R->types[l->type].syrope.on && !any) { /* MoorDyn 2.7.2's Create fails (measured) */
                fail(R, r.line, "SYROPE IC", "expected a Syrope line, got line %d of type %s, and no line of the "
                     "deck is Syrope (EA SYROPE:...)", ln, R->types[l->type].name);
                break;
            }
            if (!R->types[l->type].syrope.on) { /* MoorDyn 2.7.2 warns and runs (measured) */
                if (R->log) {
                    char buf[600];
                    snprintf(buf, sizeof buf, "%s:%d: SYROPE IC: line %d (type %s) is not a Syrope line: its "
                             "Tmax0 and Tmean0 are not used (as MoorDyn 2.7.2, which warns too)", R->file, r.line,
                             ln, R->types[l->type].name);
                    R->log(R->log_user, 1, buf);
                }
                continue;
            }
            l->syr_tmax0 = tmax0;
            l->syr_tmean0 = tmean0;
            given[ln - 1] = r.line;
        }
    }
    for (int l = 0; l < R->n_lines && !FAILED(R); l++)
        if (R->types[R->lines[l].type].syrope.on && !given[l])
            fail(R, R->line_ln ? R->line_ln[l] : 0, "LINES",
                 "expected a SYROPE IC row for Syrope line %d (its Tmax0 and Tmean0; MoorDyn 2.7.2 crashes "
                 "without one), got none", l + 1);
    free(given);
}

/* ---- LINE TYPES ------------------------------------------------------------------------------- */

static const char *const TYPE_COLS = "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx";


/* BA given as a strain-rate damping curve file (MoorDyn 2.7.2's nonlinear damping: the segment's
 * damping force is the curve's at its strain rate): BA_table (kernels/physics/segment.h
 * hw_ba_table_force). Where Hawser and MoorDyn 2.7.2 part, a warning says so: at a zero strain rate
 * MoorDyn takes 0/0 (NaN: a line at rest, so every run from rest, stops at its first step); a curve
 * of rates >= 0 is mirrored in magnitude only there (a shortening segment's damping pulls as a
 * stretching one's), odd in Hawser; below such a curve's first row MoorDyn holds its force. */
static void read_ba_curve(rdr *R, const row *r, const char *where, hw_line_type_def *t)
{
    char w[128];
    snprintf(w, sizeof w, "%s BA/-zeta", where);
    static const char *const cols[2] = {"strain rate", "damping force"};
    if (read_curve_file(R, r->line, w, r->tok[4], "a damping curve file", cols, &t->ba_table)) return;
    const hw_table *tb = &t->ba_table;
    t->ba = 0.0;
    t->damping_ratio = 0.0;
    warn(R, r->line, "%s: the damping curve (%d rows, strain rate %g to %g 1/s) is read as MoorDyn 2.7.2 "
         "interpolates it (flat past its ends), but 2.7.2 stops on NaN at a zero strain rate (any run from "
         "rest), where Hawser's force is 0%s", where, tb->n, tb->x[0], tb->x[tb->n - 1],
         tb->x[0] >= 0 ? "; for a shortening segment it mirrors the curve's force with the stretching "
         "sign (the damping pulls both ways), Hawser with the rate's" : "");
    if (tb->x[0] > 0)
        note(R, r->line, "%s: the damping curve's first row is at strain rate %g > 0: below it MoorDyn 2.7.2 "
             "holds its force %g N, Hawser goes linearly from zero", where, tb->x[0], tb->y[0]);
}

/* EA given as a strain-tension curve file (MoorDyn 2.7.2's nonlinear line: the segment's tension is
 * the curve's at its strain, linear between rows): EA_table. BA stays a number; -zeta, a damping
 * ratio, is MoorDyn's zeta (L/N) sqrt(EA mu) with EA the secant y/x of the curve's last row, where
 * Hawser's damping_ratio takes the table's steepest slope: the ratio is scaled to give the same BA. */
static void read_ea_curve(rdr *R, const row *r, const char *where, hw_line_type_def *t)
{
    char w[128];
    snprintf(w, sizeof w, "%s EA", where);
    static const char *const cols[2] = {"strain", "tension"};
    if (read_curve_file(R, r->line, w, r->tok[3], "a strain-tension curve file", cols, &t->ea_table)) return;
    const hw_table *tb = &t->ea_table;
    t->ea = 0.0;
    double b = 0.0;
    if (!starts_like_number(r->tok[4])) read_ba_curve(R, r, where, t);
    else b = col_num(R, r, 4, where, "BA/-zeta", "N s (or minus a damping ratio)");
    if (FAILED(R)) return;
    if (b > 0) {
        t->ba = b;
    } else if (b < 0) {
        double secant = tb->y[tb->n - 1] / tb->x[tb->n - 1], steepest = hw_table_max_slope(tb);
        t->damping_ratio = steepest > 0 && secant > 0 ? -b * sqrt(secant / steepest) : -b;
        if (steepest > 0 && secant > 0 && secant != steepest)
            note(R, r->line, "%s: BA/-zeta %g with an EA curve: MoorDyn 2.7.2 takes the curve's last-row "
                 "secant EA = %.6g N for the damping ratio, Hawser's damping_ratio the steepest slope "
                 "%.6g N: damping_ratio %.6g gives MoorDyn's BA", where, b, secant, steepest,
                 t->damping_ratio);
    }
    if (tb->x[0] > 0)
        note(R, r->line, "%s: the EA curve's first row is at strain %g > 0: below it MoorDyn 2.7.2 holds "
             "its tension %g N (a step at zero strain), Hawser goes linearly from zero", where, tb->x[0], tb->y[0]);
    note(R, r->line, "%s: EA from the curve (%d rows, strain %g to %g); past its last row MoorDyn 2.7.2 "
         "holds the last tension %g N, Hawser continues the last slope", where, tb->n, tb->x[0],
         tb->x[tb->n - 1], tb->y[tb->n - 1]);
}

/* EA and BA of a line type that is not Syrope: numbers, or the viscoelastic forms. */
static void read_ea_ba(rdr *R, const row *r, const char *where, hw_line_type_def *t, int nea, int nba)
{
    const char *ea = r->tok[3], *ba = r->tok[4];
    if (nea > 3) {
        char w[128];
        snprintf(w, sizeof w, "%s EA", where);
        fail(R, r->line, w, "expected at most 3 bar-separated EA values (EA_s|EA_d or EA_s|alpha|beta), "
             "got \"%.60s\"", ea);
        return;
    }
    if (nba > nea) {
        char w[128];
        snprintf(w, sizeof w, "%s BA/-zeta", where);
        fail(R, r->line, w, "expected as many bar-separated values as EA has (%d: BA|BA_d goes with "
             "EA_s|EA_d), got \"%.60s\"", nea, ba);
        return;
    }
    if (!starts_like_number(ea) && nea == 1) {
        read_ea_curve(R, r, where, t);
        return;
    }
    if (nea >= 2) {
        double v[6], bv[6] = {0, 0, 0, 0, 0, 0};
        int k = col_bar(R, r, 3, where, "EA", "N", 1u << 2 | 1u << 3, "EA_s|EA_d (static|dynamic "
                        "stiffness) or EA_s|alpha|beta (EA_d = alpha + beta x the mean load)", v);
        int kb = k < 0 ? -1 : col_bar(R, r, 4, where, "BA/-zeta", "N s", 1u << 1 | 1u << 2,
                                      "BA or BA|BA_d (N s; BA may be minus a damping ratio)", bv);
        if (FAILED(R) || kb < 0) return;
        t->ea = v[0];
        t->ea_d = v[1];
        t->ea_d_slope = k == 3 ? v[2] : 0.0;
        if (bv[0] >= 0) t->ba = bv[0];
        else t->damping_ratio = -bv[0];
        t->ba_d = kb == 2 ? bv[1] : 0.0;
        if (kb < 2)
            note(R, r->line, "%s: viscoelastic with no BA_d: the dynamic branch has no damping (as "
                 "MoorDyn 2.7.2, which says so too)", where);
    } else {
        t->ea = col_num(R, r, 3, where, "EA", "N");
        if (!FAILED(R) && !starts_like_number(ba) && nba == 1) {
            read_ba_curve(R, r, where, t);
            return;
        }
        double b = col_num(R, r, 4, where, "BA/-zeta", "N s (or minus a damping ratio)");
        if (b >= 0) t->ba = b;
        else t->damping_ratio = -b;
    }
}

static void read_line_type(rdr *R, const row *r, hw_line_type_def *t)
{
    char where[96];
    *t = hw_default_line_type();
    snprintf(where, sizeof where, "LINE TYPES %.60s", r->n ? r->tok[0] : "");
    if (r->n < 10 || r->n > 13) {
        fail(R, r->line, where, "expected 10 columns (%s; optionally Cl dF cF), got %d%s", TYPE_COLS,
             r->n, r->n == 9 ? " (MoorDyn v1 rows Name Diam MassDen EA BA Can Cat Cdn Cdt are not "
                               "read: v1 decks are not supported)" : "");
        return;
    }
    t->name = r->tok[0];
    t->d = col_num(R, r, 1, where, "Diam", "m");
    t->mu = col_num(R, r, 2, where, "Mass/m", "kg/m");
    const char *ea = r->tok[3], *ba = r->tok[4], *ei = r->tok[5];
    if (FAILED(R)) return;
    /* viscoelastic (MoorDyn's static-dynamic stiffness): EA_s|EA_d, BA|BA_d (BA may be -zeta); the
     * mean-load-dependent form EA_s|alpha|beta (EA_d = alpha + beta x the mean load) */
    int nea = 1, nba = 1;
    for (const char *c = ea; *c; c++) nea += *c == '|';
    for (const char *c = ba; *c; c++) nba += *c == '|';
    char eau[128];
    upper(eau, ea, sizeof eau);
    if (strstr(eau, "SYROPE")) read_syrope_type(R, r, where, t);
    else read_ea_ba(R, r, where, t, nea, nba);
    if (FAILED(R)) return;
    if (!FAILED(R) && !starts_like_number(ei)) {
        char w[128];
        snprintf(w, sizeof w, "%s EI", where);
        refuse(R, r->line, w, "a bending stiffness curve file (\"%.60s\") not supported yet: MoorDyn 2.7.2 "
               "takes each node's bending moment off it at the node's curvature, Hawser's bending hinges have "
               "one EI: give EI as a number in N m^2", ei);
        return;
    }
    t->ei = col_num(R, r, 5, where, "EI", "N m^2");
    t->cdn = col_num(R, r, 6, where, "Cd", "");
    t->can = col_num(R, r, 7, where, "Ca", "");
    t->cdt = col_num(R, r, 8, where, "CdAx", "");
    t->cat = col_num(R, r, 9, where, "CaAx", "");
    if (r->n > 10) { /* cross-flow VIV (kernels/physics/viv.h): Cl, then dF and cF, MoorDyn's order */
        double cl = col_num(R, r, 10, where, "Cl", "");
        double df = r->n > 11 ? col_num(R, r, 11, where, "dF", "") : t->viv_df;
        double cf = r->n > 12 ? col_num(R, r, 12, where, "cF", "") : t->viv_cf;
        if (!FAILED(R) && !(cl >= 0)) {
            char w[128];
            snprintf(w, sizeof w, "%s Cl", where);
            fail(R, r->line, w, "expected a lift coefficient Cl >= 0 (0: no vortex-induced vibration), got %g", cl);
        }
        if (!FAILED(R) && cl > 0) { t->viv_cl = cl; t->viv_df = df; t->viv_cf = cf; }
    }
}

static void read_line_types(rdr *R)
{
    if (lines_optional(R) && R->sec[SEC_LINE_TYPES].header < 0) return;
    row *rows = NULL;
    int n = table_rows(R, SEC_LINE_TYPES, TYPE_COLS, &rows);
    if (n < 0) return;
    if (n == 0) fail(R, R->sec[SEC_LINE_TYPES].header + 1, "LINE TYPES",
                     "expected at least one line type row, got none");
    R->types = calloc((size_t)n + 1, sizeof *R->types);
    R->type_ln = calloc((size_t)n + 1, sizeof *R->type_ln);
    if (!R->types || !R->type_ln) oom(R, "the line types", ((double)n + 1) * (sizeof *R->types + sizeof(int)));
    for (int i = 0; i < n && !FAILED(R); i++) {
        read_line_type(R, &rows[i], &R->types[i]);
        if (FAILED(R)) break;
        R->types[i].name = save_name(R, rows[i].tok[0]);
        R->type_ln[i] = rows[i].line;
        R->n_types = i + 1;
        for (int j = 0; j < i; j++)
            if (!strcmp(R->types[j].name, R->types[i].name)) {
                char w[96];
                snprintf(w, sizeof w, "LINE TYPES %.60s", R->types[i].name);
                fail(R, rows[i].line, w, "expected a type name not used before, got \"%.60s\" again "
                     "(line %d)", R->types[i].name, R->type_ln[j]);
            }
    }
    free(rows);
}

/* ---- BODIES ----------------------------------------------------------------------------------- */

static const char *const BODY_COLS = "ID Attachment X0 Y0 Z0 r0 p0 y0 Mass CG I Volume CdA Ca";

/* A column of 1 to 6 '|'-separated numbers ("1.5", "0|0|-2"); the count (one of the allowed
 * counts, mask bit n), or -1 after failing. */
static int col_bar(rdr *R, const row *r, int c, const char *where, const char *col, const char *unit,
                   unsigned allowed, const char *form, double v[6])
{
    char w[200], buf[256];
    snprintf(w, sizeof w, "%s %s", where, col);
    snprintf(buf, sizeof buf, "%s", r->tok[c]);
    int n = 0;
    for (char *p = buf, *bar; p; p = bar ? bar + 1 : NULL) {
        bar = strchr(p, '|');
        if (bar) *bar = '\0';
        if (n == 6 || !to_double(p, &v[n])) {
            fail(R, r->line, w, "expected %s (%s), got \"%.60s\"", form, unit, r->tok[c]);
            return -1;
        }
        n++;
    }
    if (!(allowed & (1u << n))) {
        fail(R, r->line, w, "expected %s (%s), got %d values in \"%.60s\"", form, unit, n, r->tok[c]);
        return -1;
    }
    return n;
}

/* Attachment word of a body: MoorDyn's readBody compares the word's letters (digits after them,
 * "Vessel1", are ignored) with Fixed/Fix/Anchor and Vessel/Ves/Coupled/Cpld, and takes anything else
 * as Free; Hawser takes Free by name and refuses other words rather than guess. -1 on error. */
static int body_kind(rdr *R, const row *r, const char *where)
{
    char u[64], w[128];
    upper(u, r->tok[1], sizeof u);
    size_t k = 0;
    while (u[k] && isalpha((unsigned char)u[k])) k++;
    for (size_t j = k; u[j]; j++)
        if (!isdigit((unsigned char)u[j])) k = 0; /* letters, digits, letters: not a word MoorDyn knows */
    u[k] = '\0';
    if (!strcmp(u, "FIXED") || !strcmp(u, "FIX") || !strcmp(u, "ANCHOR")) return HW_BODY_FIXED;
    if (!strcmp(u, "COUPLED") || !strcmp(u, "VESSEL") || !strcmp(u, "VES") || !strcmp(u, "CPLD")) return HW_BODY_COUPLED;
    if (!strcmp(u, "FREE")) return HW_BODY_FREE;
    /* MoorDyn's coupled pinned body: its reference point moved by the calling program in 3 DOF, the body
       free to turn about it; a Hawser pinned body (held at X0 Y0 Z0 by hawser run, as coupled bodies are
       held; a program moves its pin through hw_bodies_set_state) */
    if (!strcmp(u, "COUPLEDPINNED") || !strcmp(u, "VESSELPINNED") || !strcmp(u, "CPLDPIN") || !strcmp(u, "VESPIN"))
        return HW_BODY_PINNED;
    snprintf(w, sizeof w, "%s Attachment", where);
    fail(R, r->line, w, "expected Free, Fixed, Coupled or CoupledPinned (or Anchor, Vessel, CpldPin; MoorDyn takes "
         "any other word as Free: write Free), got \"%.60s\"", r->tok[1]);
    return -1;
}

static void read_body(rdr *R, const row *r, int i, hw_body_def *b)
{
    char where[96];
    const double deg = 3.14159265358979323846 / 180.0;
    *b = hw_default_body();
    snprintf(where, sizeof where, "BODIES %.40s", r->n ? r->tok[0] : "");
    if (r->n != 14) {
        fail(R, r->line, where, "expected 14 columns (%s), got %d", BODY_COLS, r->n);
        return;
    }
    int id;
    if (!to_int(r->tok[0], &id) || id != i + 1) {
        fail(R, r->line, where, "expected the body ID %d (IDs number the bodies 1, 2, ... in order), got \"%.40s\"",
             i + 1, r->tok[0]);
        return;
    }
    int kind = body_kind(R, r, where);
    if (kind < 0) return;
    b->kind = (hw_body_kind)kind;
    static const char *const POS[6] = {"X0", "Y0", "Z0", "r0", "p0", "y0"};
    for (int c = 0; c < 3; c++) b->pos[c] = col_num(R, r, 2 + c, where, POS[c], "m");
    double md[3];
    for (int c = 0; c < 3; c++) md[c] = deg * col_num(R, r, 5 + c, where, POS[3 + c], "deg");
    hw_scn_rpy_from_moordyn(md, b->rot); /* MoorDyn's R = Rx Ry Rz as Hawser's Rz Ry Rx */
    double mass = col_num(R, r, 8, where, "Mass", "kg"), vol = col_num(R, r, 11, where, "Volume", "m^3");
    double cg[6] = {0}, in[6] = {0}, cda[6] = {0}, ca[6] = {0};
    int ncg = col_bar(R, r, 9, where, "CG", "m", 1u << 1 | 1u << 3, "one number (z) or x|y|z", cg);
    int nin = ncg < 0 ? -1 : col_bar(R, r, 10, where, "I", "kg m^2", 1u << 1 | 1u << 3,
                                     "one number (Ixx = Iyy = Izz) or Ixx|Iyy|Izz", in);
    int ncd = nin < 0 ? -1 : col_bar(R, r, 12, where, "CdA", "m^2", 1u << 1 | 1u << 2 | 1u << 3 | 1u << 6,
                                     "one number (all six), two (translations|rotations), x|y|z (each axis, "
                                     "translation and rotation) or six", cda);
    int nca = ncd < 0 ? -1 : col_bar(R, r, 13, where, "Ca", "-", 1u << 1 | 1u << 3,
                                     "one number (x, y, z) or x|y|z", ca);
    if (FAILED(R) || nca < 0) return;
    if (kind == HW_BODY_PINNED)
        note(R, r->line, "BODIES %d: a CoupledPinned body is a pinned body (docs/moordyn.md, BODIES): hawser run "
             "holds its pin at X0 Y0 Z0, as it holds coupled bodies; it turns about the pin under its loads", id);
    if (kind != HW_BODY_FREE && kind != HW_BODY_PINNED) {
        /* MoorDyn's Body::setup zeroes a fixed or coupled body's mass, volume, inertia, drag and
         * added mass: they have no effect there, nor here */
        int any = mass != 0 || vol != 0;
        for (int c = 0; c < 6; c++) any |= cg[c] != 0 || in[c] != 0 || cda[c] != 0 || ca[c] != 0;
        if (any)
            note(R, r->line, "BODIES %d: the Mass, CG, I, Volume, CdA and Ca of a %s body have no effect (as in "
                 "MoorDyn, which sets them to 0); they are not read", id, kind == HW_BODY_FIXED ? "Fixed" : "Coupled");
    } else {
        b->mass = mass;
        b->volume = vol;
        if (ncg == 1) b->cg[2] = cg[0];
        else memcpy(b->cg, cg, sizeof b->cg);
        memcpy(b->cb, b->cg, sizeof b->cb); /* MoorDyn's buoyancy acts at the CG */
        for (int c = 0; c < 3; c++) b->inertia[c] = nin == 1 ? in[0] : in[c];
        for (int c = 0; c < 6; c++) {
            if (ncd == 1) b->cda[c] = cda[0];
            else if (ncd == 2) b->cda[c] = cda[c < 3 ? 0 : 1];
            else if (ncd == 3) b->cda[c] = cda[c % 3];
            else b->cda[c] = cda[c];
        }
        for (int c = 0; c < 3; c++) b->ca[c] = nca == 1 ? ca[0] : ca[c]; /* rotations: none in MoorDyn */
    }
    char name[32];
    snprintf(name, sizeof name, "body%d", id);
    b->name = save_name(R, name);
}

/* hw_body_check's finding "body 'NAME' (K) field 'F': WHAT" at the body's row, named by column. */
static void check_body(rdr *R, int k)
{
    char m[768];
    if (hw_body_check(&R->bodies[k], k, m, sizeof m) == HW_OK) return;
    static const struct { const char *field, *col; } COLS[] = {
        {"type", "Attachment"}, {"pos", "X0 Y0 Z0"}, {"rot", "r0 p0 y0"}, {"mass", "Mass"}, {"cg", "CG"},
        {"inertia", "I"}, {"volume", "Volume"}, {"CdA", "CdA"}, {"Ca", "Ca"}, {"cb", "CG"}};
    char field[64] = "", where[128];
    const char *what = m, *q = strstr(m, "field '");
    if (q) {
        q += 7;
        size_t n = strcspn(q, "'");
        if (n >= sizeof field) n = sizeof field - 1;
        memcpy(field, q, n);
        field[n] = '\0';
        const char *colon = strstr(q + n, ": ");
        if (colon) what = colon + 2;
    }
    const char *col = field;
    for (size_t c = 0; c < sizeof COLS / sizeof COLS[0]; c++)
        if (!strcmp(COLS[c].field, field)) col = COLS[c].col;
    if (k >= R->n_deck_bodies) { /* a rod's own body: the rod's row */
        int rod = 0;
        for (int i = 0; i < R->n_rods; i++)
            if (R->rods[i].own && R->rods[i].body == k) rod = i + 1;
        snprintf(where, sizeof where, "RODS %d", rod);
        fail(R, R->body_ln[k], where, "%s", m);
        return;
    }
    snprintf(where, sizeof where, "BODIES %d %s", k + 1, col);
    fail(R, R->body_ln[k], where, "%s", what);
}

/* A Body# point's Mass and Volume, folded into its (free) body as MoorDyn 2.7.2 has them act: the
 * point's weight and buoyancy at the point, its mass moving with the body there. The body's mass
 * grows by M, its centre of gravity moves to the mass-weighted mean, its inertia about the new centre
 * of gravity gains both parts' parallel-axis terms (hw_body_parallel_axis; products of inertia
 * included); its volume grows by V, the centre of buoyancy moving to the volume-weighted mean. */
static void fold_point_into_body(hw_body_def *b, const double at[3], double m, double v)
{
    if (m != 0) {
        double mb = b->mass, mt = mb + m, cg[3], eb[3], ep[3];
        for (int c = 0; c < 3; c++) {
            cg[c] = mt != 0 ? (mb * b->cg[c] + m * at[c]) / mt : b->cg[c];
            eb[c] = b->cg[c] - cg[c];
            ep[c] = at[c] - cg[c];
        }
        hw_body_parallel_axis(b->inertia, mb, eb);
        hw_body_parallel_axis(b->inertia, m, ep);
        b->mass = mt;
        memcpy(b->cg, cg, sizeof cg);
    }
    if (v != 0) {
        double vt = b->volume + v;
        for (int c = 0; c < 3; c++) b->cb[c] = vt != 0 ? (b->volume * b->cb[c] + v * at[c]) / vt : b->cb[c];
        b->volume = vt;
    }
}

static void read_bodies(rdr *R)
{
    if (R->sec[SEC_BODIES].header < 0) return; /* optional */
    row *rows = NULL;
    int n = table_rows(R, SEC_BODIES, BODY_COLS, &rows);
    if (n < 0) return;
    R->bodies = calloc((size_t)n + 1, sizeof *R->bodies);
    R->body_ln = calloc((size_t)n + 1, sizeof *R->body_ln);
    if (!R->bodies || !R->body_ln) oom(R, "the bodies", ((double)n + 1) * (sizeof *R->bodies + sizeof(int)));
    for (int i = 0; i < n && !FAILED(R); i++) {
        read_body(R, &rows[i], i, &R->bodies[i]);
        R->body_ln[i] = rows[i].line;
        if (FAILED(R)) break;
        R->n_bodies = i + 1;
    }
    R->n_deck_bodies = R->n_bodies;
    free(rows);
}

/* ---- ROD TYPES and RODS (docs/moordyn.md, "ROD TYPES and RODS") -------------------------------- */

static const char *const ROD_TYPE_COLS = "TypeName Diam Mass/m Cd Ca CdEnd CaEnd";

/* A row "TypeName Diam Mass/m Cd Ca CdEnd CaEnd" (MoorDyn v2's readRodProps: 7 columns; it reads
 * the first 7 and ignores any after them, Hawser refuses them). MoorDyn sets a rod's axial drag and
 * added mass along its sides (Cdt, Cat) to 0: CdEnd and CaEnd act on the end faces only. */
static void read_rod_type(rdr *R, const row *r, md_rod_type *t)
{
    char where[96];
    snprintf(where, sizeof where, "ROD TYPES %.60s", r->n ? r->tok[0] : "");
    if (r->n != 7) {
        fail(R, r->line, where, "expected 7 columns (%s), got %d", ROD_TYPE_COLS, r->n);
        return;
    }
    if (strlen(r->tok[0]) >= sizeof t->name) {
        fail(R, r->line, where, "expected a type name of at most %d characters, got %zu", (int)sizeof t->name - 1,
             strlen(r->tok[0]));
        return;
    }
    snprintf(t->name, sizeof t->name, "%s", r->tok[0]);
    memset(&t->c, 0, sizeof t->c);
    t->c.diameter = col_num(R, r, 1, where, "Diam", "m");
    t->c.mass_per_length = col_num(R, r, 2, where, "Mass/m", "kg/m");
    t->c.cd = col_num(R, r, 3, where, "Cd", "");
    t->c.ca = col_num(R, r, 4, where, "Ca", "");
    t->c.cd_end = col_num(R, r, 5, where, "CdEnd", "");
    t->c.ca_end = col_num(R, r, 6, where, "CaEnd", "");
    t->line = r->line;
    if (FAILED(R)) return;
    char w[128];
    if (!(t->c.diameter > 0)) {
        snprintf(w, sizeof w, "%s Diam", where);
        fail(R, r->line, w, "expected a diameter > 0 m, got %g", t->c.diameter);
    } else if (!(t->c.mass_per_length >= 0)) {
        snprintf(w, sizeof w, "%s Mass/m", where);
        fail(R, r->line, w, "expected a mass per length >= 0 kg/m, got %g", t->c.mass_per_length);
    } else {
        static const char *const COEF[4] = {"Cd", "Ca", "CdEnd", "CaEnd"};
        const double v[4] = {t->c.cd, t->c.ca, t->c.cd_end, t->c.ca_end};
        for (int k = 0; k < 4; k++)
            if (!(v[k] >= 0)) {
                snprintf(w, sizeof w, "%s %s", where, COEF[k]);
                fail(R, r->line, w, "expected a coefficient >= 0, got %g", v[k]);
                break;
            }
    }
}

static void read_rod_types(rdr *R)
{
    if (R->sec[SEC_ROD_TYPES].header < 0) return; /* optional */
    row *rows = NULL;
    int n = table_rows(R, SEC_ROD_TYPES, ROD_TYPE_COLS, &rows);
    if (n < 0) return;
    R->rtypes = calloc((size_t)n + 1, sizeof *R->rtypes);
    if (!R->rtypes) oom(R, "the rod types", ((double)n + 1) * sizeof *R->rtypes);
    for (int i = 0; i < n && !FAILED(R); i++) {
        read_rod_type(R, &rows[i], &R->rtypes[i]);
        if (FAILED(R)) break;
        R->n_rtypes = i + 1;
        for (int j = 0; j < i; j++)
            if (!strcmp(R->rtypes[j].name, R->rtypes[i].name)) {
                char w[96];
                snprintf(w, sizeof w, "ROD TYPES %.60s", R->rtypes[i].name);
                fail(R, rows[i].line, w, "expected a type name not used before, got \"%.60s\" again (line %d)",
                     R->rtypes[i].name, R->rtypes[j].line);
            }
    }
    free(rows);
}

static const char *const ROD_COLS = "ID RodType Attachment Xa Ya Za Xb Yb Zb NumSegs RodOutputs";

enum { ROD_ON_BODY = 100, ROD_PINNED_ON = 100000 }; /* rod_kind: BodyN, BodyNPinned, body index N - 1 added */

/* The Attachment word of a rod, as MoorDyn v2's readRod splits it (letters, number, letters; case
 * does not matter): Fixed/Fix/Anchor, Pinned/Pin, Coupled/Vessel/Ves/Cpld, Free/Point/Con, BodyN.
 * Returns a body kind, ROD_ON_BODY + the body's index, or -1 (error set). */
static int rod_kind(rdr *R, const row *r, const char *where)
{
    char u[64], w[128];
    upper(u, r->tok[2], sizeof u);
    snprintf(w, sizeof w, "%s Attachment", where);
    size_t k = 0;
    while (u[k] && isalpha((unsigned char)u[k])) k++;
    char let1[64], let2[64] = "";
    snprintf(let1, sizeof let1, "%.*s", (int)k, u);
    const char *num = u + k, *rest = num;
    while (isdigit((unsigned char)*rest)) rest++;
    snprintf(let2, sizeof let2, "%s", rest);
    const int has_num = rest > num;
    if (!has_num && !*rest) {
        static const struct { const char *name; int kind; } K[] = {
            {"FIXED", HW_BODY_FIXED}, {"FIX", HW_BODY_FIXED}, {"ANCHOR", HW_BODY_FIXED},
            {"PINNED", HW_BODY_PINNED}, {"PIN", HW_BODY_PINNED},
            {"COUPLED", HW_BODY_COUPLED}, {"VESSEL", HW_BODY_COUPLED}, {"VES", HW_BODY_COUPLED}, {"CPLD", HW_BODY_COUPLED},
            {"FREE", HW_BODY_FREE}, {"POINT", HW_BODY_FREE}, {"CON", HW_BODY_FREE}};
        for (size_t j = 0; j < sizeof K / sizeof K[0]; j++)
            if (!strcmp(let1, K[j].name)) return K[j].kind;
        /* the coupled pinned rod: end A moved by the calling program in 3 DOF, the rod free to turn about
           it: a pinned body, held by hawser run as coupled rods are (a program moves its pin) */
        if (!strcmp(let1, "VESPIN") || !strcmp(let1, "CPLDPIN")) {
            note(R, r->line, "RODS %.20s: a coupled pinned rod (%.20s) is a pinned body: hawser run holds its end A "
                 "still, as it holds coupled rods; it turns about it under its loads", r->tok[0], r->tok[2]);
            return HW_BODY_PINNED;
        }
    } else if (!strcmp(let1, "BODY") && has_num) {
        int id = atoi(num);
        if (id < 1 || id > R->n_bodies) {
            if (R->n_bodies == 0)
                fail(R, r->line, w, "expected a body of the BODIES section, got \"%.60s\" (the deck has no BODIES "
                     "rows)", r->tok[2]);
            else
                fail(R, r->line, w, "expected Body1..Body%d (the BODIES section has %d), got \"%.60s\"", R->n_bodies,
                     R->n_bodies, r->tok[2]);
            return -1;
        }
        if (!*rest) return ROD_ON_BODY + id - 1;
        if (!strcmp(let2, "PINNED") || !strcmp(let2, "PIN")) {
            if (R->bodies[id - 1].pin_on && R->bodies[id - 1].pin_on[0]) { /* cannot happen: BODIES has no such kind */
                refuse(R, r->line, w, "a rod pinned to a body pinned on a body not supported yet");
                return -1;
            }
            return ROD_PINNED_ON + id - 1;
        }
    }
    fail(R, r->line, w, "expected Fixed, Pinned, Coupled, Free or BodyN (or Anchor, Pin, Vessel, Point; MoorDyn v2's "
         "words), got \"%.60s\"", r->tok[2]);
    return -1;
}

/* RodOutputs (docs/moordyn.md, "Rod output files"), as MoorDyn 2.7.2 reads them: p v f W B X Y A a P U b
 * name the groups of columns of <deck>_Rod<N>.out (HW_MD_RO_*); the file is opened only when one of
 * p v U D t c s d is given (D t c s d add no column: HW_MD_RO_FILE); any other letter is ignored (a
 * warning), any other character separates flags ("-" for none). Groups named without a letter that
 * opens the file: MoorDyn 2.7.2 writes nothing, nor does Hawser (a note). */
static unsigned rod_flags(rdr *R, const row *r, const char *where)
{
    static const char LETTERS[HW_MD_RO_COUNT + 1] = "pvfWBXYAaPUb";
    unsigned mask = 0;
    const char *flags = r->tok[10];
    char unknown[16] = "";
    size_t n_unknown = 0;
    for (const char *f = flags; *f; f++) {
        const char *at = strchr(LETTERS, *f);
        if (at && *f) mask |= 1u << (at - LETTERS);
        else if (strchr("Dtcsd", *f) && *f) mask |= HW_MD_RO_FILE; /* a file, no columns for it */
        else if (isalnum((unsigned char)*f) && n_unknown + 1 < sizeof unknown && !strchr(unknown, *f))
            unknown[n_unknown++] = *f;
    }
    if (n_unknown && R->log) {
        char buf[700];
        snprintf(buf, sizeof buf, "%s:%d: %s RodOutputs: '%s' in \"%.40s\" %s not among MoorDyn v2's rod flags "
                 "p v f W B X Y A a P U b (or D t c s d): ignored, as MoorDyn 2.7.2 ignores %s", R->file, r->line,
                 where, unknown, flags, n_unknown > 1 ? "are" : "is", n_unknown > 1 ? "them" : "it");
        R->log(R->log_user, 1, buf);
    }
    if (mask && !(mask & (HW_MD_RO_POS | HW_MD_RO_VEL | HW_MD_RO_FLUID | HW_MD_RO_FILE))) {
        note(R, r->line, "%s RodOutputs \"%.40s\": MoorDyn 2.7.2 opens a rod's file only when one of p v U D t c s "
             "d is given, so it writes none for these flags; neither does Hawser (add p to get the file)", where,
             flags);
        mask = 0;
    }
    return mask;
}

/* One RODS row. A rod on its own (Fixed, Free, Coupled, Pinned) becomes a body rod<ID> of that kind
 * with its reference point at end A, unturned, carrying one cylinder from 0 to B - A; a rod on body
 * N becomes a cylinder of body<N> from A to B (body frame, as MoorDyn reads them). NumSegs 0 is
 * MoorDyn's zero-length rod: a cylinder of segments 0 (one node at A, the end effects of both faces
 * along the axis A to B; hw_body_cylinder_def). */
static void read_rod(rdr *R, const row *r, int i, md_rod *rod)
{
    char where[96], w[128];
    snprintf(where, sizeof where, "RODS %.40s", r->n ? r->tok[0] : "");
    if (r->n != 11) {
        fail(R, r->line, where, "expected 11 columns (%s), got %d", ROD_COLS, r->n);
        return;
    }
    int id;
    if (!to_int(r->tok[0], &id) || id != i + 1) {
        fail(R, r->line, where, "expected the rod ID %d (IDs number the rods 1, 2, ... in order), got \"%.40s\"",
             i + 1, r->tok[0]);
        return;
    }
    int type = -1;
    for (int k = 0; k < R->n_rtypes; k++)
        if (!strcmp(R->rtypes[k].name, r->tok[1])) type = k;
    if (type < 0) {
        char names[300] = "";
        size_t used = 0;
        for (int k = 0; k < R->n_rtypes && used < sizeof names - 70; k++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%.60s", k ? ", " : "", R->rtypes[k].name);
        snprintf(w, sizeof w, "%s RodType", where);
        if (R->n_rtypes == 0)
            fail(R, r->line, w, "expected a name from ROD TYPES, got \"%.60s\" (the deck has no ROD TYPES rows)",
                 r->tok[1]);
        else
            fail(R, r->line, w, "expected a name from ROD TYPES (one of: %s), got \"%.60s\"", names, r->tok[1]);
        return;
    }
    int kind = rod_kind(R, r, where);
    if (kind < 0) return;
    static const char *const END[6] = {"Xa", "Ya", "Za", "Xb", "Yb", "Zb"};
    double e[6];
    for (int c = 0; c < 6; c++) e[c] = col_num(R, r, 3 + c, where, END[c], "m");
    if (FAILED(R)) return;
    int nseg = 0;
    snprintf(w, sizeof w, "%s NumSegs", where);
    if (!to_int(r->tok[9], &nseg) || nseg < 0) {
        fail(R, r->line, w, "expected an integer >= 0, got \"%.40s\"", r->tok[9]);
        return;
    }
    if (nseg > HW_MAX_LINE_SEGMENTS) {
        fail(R, r->line, w, "expected at most %d segments (docs/moordyn.md, Limits), got %d", HW_MAX_LINE_SEGMENTS, nseg);
        return;
    }
    double len = sqrt((e[3] - e[0]) * (e[3] - e[0]) + (e[4] - e[1]) * (e[4] - e[1]) + (e[5] - e[2]) * (e[5] - e[2]));
    /* a zero-length rod that is a point (docs/moordyn.md, "Zero-length rods"): a free one whatever its
       axis, and one of the other own kinds whose ends coincide */
    const int as_point = nseg == 0 && kind < ROD_ON_BODY && (kind == HW_BODY_FREE || !(len > 0));
    if (nseg == 0 && kind >= ROD_PINNED_ON) {
        refuse(R, r->line, where, "a zero-length rod pinned to a body (\"%.40s\") not supported yet: it has no mass "
               "or inertia to turn with (put its lines on a point of the body)", r->tok[2]);
        return;
    }
    if (!(len > 0) && !as_point) {
        if (nseg == 0)
            refuse(R, r->line, where, "a zero-length rod on a body with coincident ends (both at (%g, %g, %g)) not "
                   "supported yet: MoorDyn 2.7.2 gives it loads on the body that depend on its diameter without an "
                   "axis (measured: about 1 cm of the body's drift in 3 s); put the line on a point of the body",
                   e[0], e[1], e[2]);
        else
            fail(R, r->line, where, "expected ends A and B apart (the rod's axis; NumSegs 0 for a zero-length rod), "
                 "got both at (%g, %g, %g)", e[0], e[1], e[2]);
        return;
    }
    rod->flags = rod_flags(R, r, where);
    if (FAILED(R)) return;
    rod->pt_a = rod->pt_b = -1; /* add_rod_points sets them in a deck with lines */
    rod->line = r->line;
    rod->c = R->rtypes[type].c;
    rod->c.segments = nseg;
    if (kind >= ROD_ON_BODY && kind < ROD_PINNED_ON) {
        rod->own = 0;
        rod->body = kind - ROD_ON_BODY;
        memcpy(rod->c.a, e, sizeof rod->c.a);
        memcpy(rod->c.b, e + 3, sizeof rod->c.b);
        return;
    }
    if (as_point) {
        /* MoorDyn 2.7.2 gives a zero-length rod no loads of its own: a free one moves exactly as a free point
           of no mass and no volume (its lines' end nodes carry it), whatever its diameter, CdEnd, CaEnd and
           axis (measured with the wheel: the same node positions to 1e-9 m); a fixed, coupled or pinned one
           with coincident ends holds its lines' ends as a fixed or coupled point does */
        if (lines_optional(R)) {
            refuse(R, r->line, where, "a zero-length rod in a deck without lines not supported yet (it is a point of "
                   "the lines' model: nothing would move it or be moved by it)");
            return;
        }
        rod->own = 1;
        rod->body = -1;
        rod->point = 1 + (kind == HW_BODY_FREE ? HW_POINT_FREE : kind == HW_BODY_COUPLED ? HW_POINT_COUPLED
                                                                                         : HW_POINT_FIXED);
        memcpy(rod->c.a, e, sizeof rod->c.a);
        memcpy(rod->c.b, e, sizeof rod->c.b);
        return;
    }
    rod->own = 1;
    rod->body = R->n_bodies;
    hw_body_def *b = &R->bodies[R->n_bodies];
    *b = hw_default_body();
    if (kind >= ROD_PINNED_ON) {
        /* a rod pinned on body N (Body<N>Pinned): a pinned body whose pin rides on body<N> at end A (that
           body's frame, as MoorDyn reads it); a ball joint solved with the body (docs/moordyn.md, RODS) */
        const hw_body_def *P = &R->bodies[kind - ROD_PINNED_ON];
        hw_quat q = hw_quat_from_rpy(P->rot[0], P->rot[1], P->rot[2]);
        hw_v3 at = hw_quat_rotate(q, hw_v3_make(e[0], e[1], e[2]));
        hw_v3 ab = hw_quat_rotate(q, hw_v3_make(e[3] - e[0], e[4] - e[1], e[5] - e[2]));
        b->kind = HW_BODY_PINNED;
        b->pin_on = P->name;
        memcpy(b->pin_at, e, sizeof b->pin_at);
        b->pos[0] = P->pos[0] + at.x; b->pos[1] = P->pos[1] + at.y; b->pos[2] = P->pos[2] + at.z;
        rod->c.a[0] = rod->c.a[1] = rod->c.a[2] = 0.0;
        rod->c.b[0] = ab.x; rod->c.b[1] = ab.y; rod->c.b[2] = ab.z;
    } else {
        b->kind = (hw_body_kind)kind;
        memcpy(b->pos, e, sizeof b->pos);
        for (int c = 0; c < 3; c++) {
            rod->c.a[c] = 0.0;
            rod->c.b[c] = e[3 + c] - e[c];
        }
    }
    char name[32];
    snprintf(name, sizeof name, "rod%d", id);
    b->name = save_name(R, name);
    R->body_ln[R->n_bodies] = r->line;
    R->n_bodies++;
}

/* The cylinders of the rods, grouped by the body that carries them (body k's in deck order). */
static void attach_cylinders(rdr *R)
{
    if (R->n_rods == 0) return;
    R->cyl = calloc((size_t)R->n_rods, sizeof *R->cyl);
    if (!R->cyl) {
        oom(R, "the rods' cylinders", (double)R->n_rods * sizeof *R->cyl);
        return;
    }
    int n = 0;
    for (int k = 0; k < R->n_bodies; k++) {
        hw_body_def *b = &R->bodies[k];
        b->cylinders = R->cyl + n;
        b->n_cylinders = 0;
        for (int i = 0; i < R->n_rods; i++)
            if (R->rods[i].body == k) {
                R->cyl[n++] = R->rods[i].c;
                b->n_cylinders++;
            }
        if (!b->n_cylinders) b->cylinders = NULL;
    }
}

static void read_rods(rdr *R)
{
    if (R->sec[SEC_RODS].header < 0) return; /* optional */
    row *rows = NULL;
    int n = table_rows(R, SEC_RODS, ROD_COLS, &rows);
    if (n < 0) return;
    /* room for a body per rod after the deck's bodies */
    hw_body_def *b = realloc(R->bodies, ((size_t)R->n_bodies + n + 1) * sizeof *b);
    if (b) R->bodies = b;
    int *bl = realloc(R->body_ln, ((size_t)R->n_bodies + n + 1) * sizeof *bl);
    if (bl) R->body_ln = bl;
    R->rods = calloc((size_t)n + 1, sizeof *R->rods);
    if (!b || !bl || !R->rods)
        oom(R, "the rods", ((double)n + 1) * (sizeof *b + sizeof *bl + sizeof *R->rods));
    for (int i = 0; i < n && !FAILED(R); i++) {
        read_rod(R, &rows[i], i, &R->rods[i]);
        if (!FAILED(R)) R->n_rods = i + 1;
    }
    free(rows);
    if (!FAILED(R)) attach_cylinders(R);
}

/* Each rod's ends as points rod<ID>_a and rod<ID>_b riding on the rod's body, after the deck's
 * points (whose IDs stay theirs): lines end there (AttachA/AttachB R<ID>A, R<ID>B), and the rod
 * channels and files read them. A deck of rods alone has no lines' model to hold them: none. */
static void add_rod_points(rdr *R)
{
    if (R->n_rods == 0 || lines_optional(R)) return; /* a deck of rods alone: no lines' model to hold them */
    size_t n = (size_t)R->n_points + 2 * (size_t)R->n_rods + 1;
    hw_point_def *p = realloc(R->points, n * sizeof *p);
    if (p) R->points = p;
    int *pl = realloc(R->point_ln, n * sizeof *pl);
    if (pl) R->point_ln = pl;
    hw_body_attach *a = realloc(R->att, n * sizeof *a);
    if (a) R->att = a;
    if (!p || !pl || !a) {
        oom(R, "the rods' end points", (double)n * (sizeof *p + sizeof *pl + sizeof *a));
        return;
    }
    for (int i = 0; i < R->n_rods && !FAILED(R); i++) {
        md_rod *rod = &R->rods[i];
        if (rod->point) { /* a zero-length rod that is a point: both ends on it */
            int k = R->n_points;
            hw_point_def *q = &R->points[k];
            *q = hw_default_point();
            q->kind = (hw_point_kind)(rod->point - 1);
            memcpy(q->pos, rod->c.a, sizeof q->pos);
            char name[40];
            snprintf(name, sizeof name, "rod%d", i + 1);
            q->name = save_name(R, name);
            R->point_ln[k] = rod->line;
            R->n_points++;
            rod->pt_a = rod->pt_b = k;
            continue;
        }
        for (int end = 0; end < 2; end++) {
            int k = R->n_points;
            hw_point_def *q = &R->points[k];
            *q = hw_default_point();
            q->kind = HW_POINT_COUPLED;
            hw_body_attach *t = &R->att[R->n_att++];
            t->point = k;
            t->body = rod->body;
            /* a zero-length rod (NumSegs 0) is one node at A: MoorDyn puts both its ends there */
            memcpy(t->at, end && rod->c.segments > 0 ? rod->c.b : rod->c.a, sizeof t->at);
            hw_scn_body_point0(&R->bodies[rod->body], t->at, q->pos);
            char name[40];
            snprintf(name, sizeof name, "rod%d_%c", i + 1, end ? 'b' : 'a');
            q->name = save_name(R, name);
            R->point_ln[k] = rod->line;
            R->n_points++;
            if (end) rod->pt_b = k;
            else rod->pt_a = k;
        }
    }
}

/* ---- POINTS ----------------------------------------------------------------------------------- */

static const char *const POINT_COLS = "ID Attachment X Y Z M V CdA CA";

enum { POINT_ON_BODY = 100 }; /* point_kind: BodyN, body index N - 1 added */

/* Attachment word -> point kind, or POINT_ON_BODY + the body's index for BodyN; -1 (refused or
 * unknown, error set). */
static int point_kind(rdr *R, const row *r, const char *where)
{
    const char *w = r->tok[1];
    static const struct { const char *name; int kind; } K[] = {
        {"fixed", HW_POINT_FIXED}, {"fix", HW_POINT_FIXED}, {"anchor", HW_POINT_FIXED},
        {"coupled", HW_POINT_COUPLED}, {"vessel", HW_POINT_COUPLED}, {"cpld", HW_POINT_COUPLED},
        {"free", HW_POINT_FREE}, {"connect", HW_POINT_FREE}, {"con", HW_POINT_FREE},
        {"point", HW_POINT_FREE}};
    for (size_t k = 0; k < sizeof K / sizeof K[0]; k++)
        if (!strcasecmp(w, K[k].name)) return K[k].kind;
    char wc[128];
    snprintf(wc, sizeof wc, "%s Attachment", where);
    char u[64];
    upper(u, w, sizeof u);
    int id;
    if (!strncmp(u, "BODY", 4) && to_int(u + 4, &id) && isdigit((unsigned char)u[4])) {
        if (id >= 1 && id <= R->n_bodies) return POINT_ON_BODY + id - 1;
        if (R->n_bodies == 0)
            fail(R, r->line, wc, "expected a body of the BODIES section, got \"%.60s\" (the deck has no BODIES "
                 "rows)", w);
        else
            fail(R, r->line, wc, "expected Body1..Body%d (the BODIES section has %d), got \"%.60s\"",
                 R->n_bodies, R->n_bodies, w);
    } else if (!strncmp(u, "BODY", 4) || !strncmp(u, "TURBINE", 7) || !strncmp(u, "VESSEL", 6))
        refuse(R, r->line, wc, "\"%.60s\" not supported yet (points on bodies are BodyN, N a body ID; "
               "numbered vessels/turbines are not read: use Coupled)", w);
    else
        fail(R, r->line, wc, "expected Fixed, Coupled or Free (or Anchor, Vessel, Connect), got "
             "\"%.60s\"", w);
    return -1;
}

static void read_point(rdr *R, const row *r, int i, hw_point_def *p)
{
    char where[96];
    *p = hw_default_point();
    snprintf(where, sizeof where, "POINTS %.40s", r->n ? r->tok[0] : "");
    if (r->n != 9) {
        fail(R, r->line, where, "expected 9 columns (%s), got %d%s", POINT_COLS, r->n,
             r->n == 12 ? " (MoorDyn v1 rows with FX FY FZ are not read: v1 decks are not supported)" : "");
        return;
    }
    int id;
    if (!to_int(r->tok[0], &id)) {
        fail(R, r->line, where, "expected the point ID %d (IDs number the points 1, 2, ... in order), "
             "got \"%.40s\"", i + 1, r->tok[0]);
        return;
    }
    if (id != i + 1 && R->log) { /* MoorDyn 2.7.2 numbers points by their row (its own RodHanging test deck
                                  * gives two rows ID 1): so does Hawser, saying so */
        char buf[400];
        snprintf(buf, sizeof buf, "%s:%d: %s: the row's ID is %d, but it is the POINTS section's row %d: "
                 "read as point %d (point%d), as MoorDyn numbers points by their order", R->file, r->line, where,
                 id, i + 1, i + 1, i + 1);
        R->log(R->log_user, 1, buf);
    }
    int kind = point_kind(R, r, where);
    if (kind < 0) return;
    p->kind = kind >= POINT_ON_BODY ? HW_POINT_COUPLED : (hw_point_kind)kind;
    p->pos[0] = col_num(R, r, 2, where, "X", "m");
    p->pos[1] = col_num(R, r, 3, where, "Y", "m");
    p->pos[2] = col_num(R, r, 4, where, "Z", "m");
    double extra[4];
    static const char *const EXTRA[4] = {"M", "V", "CdA", "CA"};
    static const char *const UNITS[4] = {"kg", "m^3", "m^2", ""};
    for (int c = 0; c < 4; c++) extra[c] = col_num(R, r, 5 + c, where, EXTRA[c], UNITS[c]);
    if (FAILED(R)) return;
    if (kind >= POINT_ON_BODY) {
        /* X Y Z in the body frame: the point rides on the body; the lumped model's coupled point
         * starts where the body puts it */
        hw_body_def *b = &R->bodies[kind - POINT_ON_BODY];
        for (int c = 0; c < 4; c++)
            if (extra[c] != 0 && (c >= 2 || b->kind != HW_BODY_FREE)) {
                char w[128];
                snprintf(w, sizeof w, "%s %s", where, EXTRA[c]);
                if (c >= 2)
                    refuse(R, r->line, w, "%s on a point riding on a body not supported yet (MoorDyn gives the "
                           "point its own %s at its place on the body; Hawser's body has one %s for the whole body: "
                           "put it on the body's row), got %g; expected 0", EXTRA[c], c == 2 ? "drag" : "added mass",
                           c == 2 ? "drag" : "added mass", extra[c]);
                else
                    refuse(R, r->line, w, "%s on a point riding on a %s body not supported yet (its mass and volume "
                           "are folded into a Free body only), got %g; expected 0", EXTRA[c],
                           b->kind == HW_BODY_FIXED ? "Fixed" : "Coupled", extra[c]);
                return;
            }
        fold_point_into_body(b, p->pos, extra[0], extra[1]);
        hw_body_attach *a = &R->att[R->n_att++];
        a->point = i;
        a->body = kind - POINT_ON_BODY;
        memcpy(a->at, p->pos, sizeof a->at);
        hw_scn_body_point0(&R->bodies[a->body], a->at, p->pos);
    } else if (kind == HW_POINT_FREE) {
        p->mass = extra[0];
        p->volume = extra[1];
        p->cda = extra[2];
        p->ca = extra[3];
    } else {
        for (int c = 0; c < 4; c++)
            if (extra[c] != 0) {
                char w[128];
                snprintf(w, sizeof w, "%s %s", where, EXTRA[c]);
                refuse(R, r->line, w, "%s on a %s point not supported yet (mass, volume, drag and "
                       "added mass act on free points only in Hawser), got %g; expected 0",
                       EXTRA[c], r->tok[1], extra[c]);
                return;
            }
    }
    char name[32];
    snprintf(name, sizeof name, "point%d", i + 1);
    p->name = save_name(R, name);
}

static void read_points(rdr *R)
{
    if (lines_optional(R) && R->sec[SEC_POINTS].header < 0) return;
    row *rows = NULL;
    int n = table_rows(R, SEC_POINTS, POINT_COLS, &rows);
    if (n < 0) return;
    R->points = calloc((size_t)n + 1, sizeof *R->points);
    R->point_ln = calloc((size_t)n + 1, sizeof *R->point_ln);
    R->att = calloc((size_t)n + 1, sizeof *R->att);
    if (!R->points || !R->point_ln || !R->att)
        oom(R, "the points", ((double)n + 1) * (sizeof *R->points + sizeof(int) + sizeof *R->att));
    for (int i = 0; i < n && !FAILED(R); i++) {
        read_point(R, &rows[i], i, &R->points[i]);
        R->point_ln[i] = rows[i].line;
        if (!FAILED(R)) R->n_points = i + 1;
    }
    R->n_deck_points = R->n_points;
    free(rows);
}

/* ---- LINES ------------------------------------------------------------------------------------ */

static const char *const LINE_COLS = "ID LineType AttachA AttachB UnstrLen NumSegs LineOutputs";

/* AttachA / AttachB: a point ID ("3", "P3", "Point3", "C3", "Con3") or a rod end ("R1A", "Rod2B").
 * Returns the point's index or -1. */
static int point_ref(rdr *R, const row *r, int c, const char *where, const char *col)
{
    char u[64], w[128];
    upper(u, r->tok[c], sizeof u);
    snprintf(w, sizeof w, "%s %s", where, col);
    size_t k = 0;
    while (u[k] && isalpha((unsigned char)u[k])) k++;
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%.*s", (int)k, u);
    int id;
    if (!strcmp(prefix, "R") || !strcmp(prefix, "ROD")) {
        /* a rod end, R<ID>A or R<ID>B (MoorDyn v2: letters, the rod's number, A or B): its end point */
        const char *end = u + k;
        while (isdigit((unsigned char)*end)) end++;
        char num[24];
        snprintf(num, sizeof num, "%.*s", (int)(end - (u + k)), u + k);
        if (!to_int(num, &id) || (strcmp(end, "A") && strcmp(end, "B"))) {
            fail(R, r->line, w, "expected a rod end R<ID>A or R<ID>B (such as R1A), got \"%.40s\"", r->tok[c]);
            return -1;
        }
        if (id < 1 || id > R->n_rods) {
            fail(R, r->line, w, "expected a rod ID 1..%d (the RODS section has %d), got %d in \"%.40s\"", R->n_rods,
                 R->n_rods, id, r->tok[c]);
            return -1;
        }
        R->rod_end = *end;
        return *end == 'A' ? R->rods[id - 1].pt_a : R->rods[id - 1].pt_b;
    }
    if (!strcmp(prefix, "B") || !strcmp(prefix, "BODY")) {
        refuse(R, r->line, w, "attaching a line to a body (\"%.40s\") not supported yet (lines end on points: give "
               "the body a point of Attachment BodyN and end the line there)", r->tok[c]);
        return -1;
    }
    int known = !strcmp(prefix, "") || !strcmp(prefix, "P") || !strcmp(prefix, "POINT") ||
                !strcmp(prefix, "C") || !strcmp(prefix, "CON");
    if (!known || !to_int(u + k, &id)) {
        fail(R, r->line, w, "expected a point ID (a number such as 3, or Point3), got \"%.40s\"", r->tok[c]);
        return -1;
    }
    if (id < 1 || id > R->n_deck_points) {
        fail(R, r->line, w, "expected a point ID 1..%d (the POINTS section has %d), got %d",
             R->n_deck_points, R->n_deck_points, id);
        return -1;
    }
    return id - 1;
}

static void add_ref(rdr *R, hw_output_ref **list, int *n, int line, int index)
{
    hw_output_ref *g = grow(R, *list, *n, sizeof **list);
    if (!g) return;
    *list = g;
    g[*n].line = line;
    g[*n].index = index;
    (*n)++;
}

static void read_line(rdr *R, const row *r, int i, hw_line_def *l)
{
    char where[96];
    *l = hw_default_line();
    snprintf(where, sizeof where, "LINES %.40s", r->n ? r->tok[0] : "");
    if (r->n < 7) {
        fail(R, r->line, where, "expected 7 columns (%s), got %d", LINE_COLS, r->n);
        return;
    }
    int id;
    if (!to_int(r->tok[0], &id) || id != i + 1) {
        fail(R, r->line, where, "expected the line ID %d (IDs number the lines 1, 2, ... in order), "
             "got \"%.40s\"", i + 1, r->tok[0]);
        return;
    }
    l->type = -1;
    for (int k = 0; k < R->n_types; k++)
        if (!strcmp(R->types[k].name, r->tok[1])) l->type = k;
    if (l->type < 0) {
        char w[128], names[300] = "";
        size_t used = 0;
        for (int k = 0; k < R->n_types && used < sizeof names - 70; k++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%.60s", k ? ", " : "",
                                     R->types[k].name);
        snprintf(w, sizeof w, "%s LineType", where);
        fail(R, r->line, w, "expected a name from LINE TYPES (one of: %s), got \"%.60s\"", names,
             r->tok[1]);
        return;
    }
    R->rod_end = 0;
    l->point_a = point_ref(R, r, 2, where, "AttachA");
    R->line_rend[2 * i] = R->rod_end;
    if (FAILED(R)) return;
    R->rod_end = 0;
    l->point_b = point_ref(R, r, 3, where, "AttachB");
    R->line_rend[2 * i + 1] = R->rod_end;
    l->length = col_num(R, r, 4, where, "UnstrLen", "m");
    if (FAILED(R)) return;
    double big = 0;
    if ((!to_int(r->tok[5], &l->nseg) && to_double(r->tok[5], &big) && big > HW_MAX_LINE_SEGMENTS) ||
        (big == 0 && l->nseg > HW_MAX_LINE_SEGMENTS)) { /* before anything is allocated for it */
        char w[128];
        snprintf(w, sizeof w, "%s NumSegs", where);
        fail(R, r->line, w, "expected at most %d segments per line (docs/moordyn.md, Limits), got %.40s",
             HW_MAX_LINE_SEGMENTS, r->tok[5]);
        return;
    }
    if (!to_int(r->tok[5], &l->nseg) || l->nseg < 1) {
        char w[128];
        snprintf(w, sizeof w, "%s NumSegs", where);
        fail(R, r->line, w, "expected an integer >= 1, got \"%.40s\"", r->tok[5]);
        return;
    }
    char name[32];
    snprintf(name, sizeof name, "line%d", id);
    l->name = save_name(R, name);
    /* LineOutputs: letters of MoorDyn v2's flags (p K v U D V t c s d), any other character a
     * separator ("pt", "p,t", "p-t", "-"); each flag a group of columns of the line's
     * <deck>_Line<N>.out file (moordyn_out.c); p also every node position in nodes.csv and t every
     * segment tension in segments.csv. A letter or digit that is no flag is skipped with a warning,
     * as MoorDyn 2.7.2 skips it (silently): its table has no columns for it either. */
    static const char LETTERS[HW_MD_LO_COUNT + 1] = "pKvUDVtcsd";
    const char *flags = r->tok[6];
    unsigned mask = 0;
    char unknown[16] = "";
    size_t n_unknown = 0;
    for (const char *f = flags; *f; f++) {
        const char *at = strchr(LETTERS, *f);
        if (at && *f) mask |= 1u << (at - LETTERS);
        else if (isalnum((unsigned char)*f) && n_unknown + 1 < sizeof unknown && !strchr(unknown, *f))
            unknown[n_unknown++] = *f;
    }
    if (n_unknown && R->log) {
        char buf[700], hint[96] = "";
        for (size_t k = 0; k < n_unknown; k++) { /* 'T' for 't': the other case is a flag */
            char o = (char)(isupper((unsigned char)unknown[k]) ? tolower((unsigned char)unknown[k])
                                                              : toupper((unsigned char)unknown[k]));
            if (o != unknown[k] && strchr(LETTERS, o) && !hint[0])
                snprintf(hint, sizeof hint, " (flags are case-sensitive: '%c' is not '%c')", unknown[k], o);
        }
        snprintf(buf, sizeof buf, "%s:%d: %s LineOutputs: '%s' in \"%.40s\" %s not among MoorDyn v2's flags p K v U D V "
                 "t c s d: ignored, as MoorDyn 2.7.2 ignores %s%s", R->file, r->line, where, unknown, flags,
                 n_unknown > 1 ? "are" : "is", n_unknown > 1 ? "them" : "it", hint);
        R->log(R->log_user, 1, buf);
    }
    if (r->n > 7 && R->log) {
        char buf[600];
        snprintf(buf, sizeof buf, "%s:%d: %s: %d columns: LineOutputs is \"%.40s\" and the %d column%s after it "
                 "(\"%.40s\"...) are ignored, as MoorDyn 2.7.2 does; write the flags without blanks (\"pt\", "
                 "\"p,t\")", R->file, r->line, where, r->n, flags, r->n - 7, r->n > 8 ? "s" : "", r->tok[7]);
        R->log(R->log_user, 1, buf);
    }
    hw_md_line_out *lo = &R->lo[i];
    const hw_line_type_def *ty = &R->types[l->type];
    lo->flags = mask;
    lo->nseg = l->nseg;
    lo->l0 = l->length / l->nseg;
    lo->ea = ty->ea;
    double ea_max = ty->ea_table.n >= 2 ? hw_table_max_slope(&ty->ea_table) : ty->ea; /* model_build.c */
    lo->ba = ty->damping_ratio > 0 ? ty->damping_ratio * lo->l0 * sqrt(ea_max * ty->mu) : ty->ba;
    lo->ea_n = ty->ea_table.n >= 2 ? ty->ea_table.n : 0;
    lo->ba_n = ty->ba_table.n >= 2 ? ty->ba_table.n : 0;
    if (lo->ea_n + lo->ba_n > 0) { /* the curves, for the t and c columns */
        size_t ne = (size_t)lo->ea_n, nb = (size_t)lo->ba_n;
        if (!(lo->curves = malloc(2 * (ne + nb) * sizeof(double)))) {
            oom(R, "a line's curves", 2.0 * (ne + nb) * sizeof(double));
            return;
        }
        if (ne) {
            memcpy(lo->curves, ty->ea_table.x, ne * sizeof(double));
            memcpy(lo->curves + ne, ty->ea_table.y, ne * sizeof(double));
        }
        if (nb) {
            memcpy(lo->curves + 2 * ne, ty->ba_table.x, nb * sizeof(double));
            memcpy(lo->curves + 2 * ne + nb, ty->ba_table.y, nb * sizeof(double));
        }
    }
    lo->d = ty->d;
    lo->cdn = ty->cdn;
    lo->cdt = ty->cdt;
    lo->cl = ty->viv_cl;
    int want_p = (mask & HW_MD_LO_POS) != 0, want_t = (mask & HW_MD_LO_TEN) != 0;
    /* stops at the first failed allocation */
    for (int k = 0; want_p && k <= l->nseg && !FAILED(R); k++) add_ref(R, &R->nodes, &R->n_nodes, i, k);
    for (int k = 1; want_t && k <= l->nseg && !FAILED(R); k++) add_ref(R, &R->segs, &R->n_segs, i, k);
}

/* A line with bending stiffness on a rod end: MoorDyn makes the rod a cantilever for it. The line's
 * end direction is clamped to the rod's axis, continuing the rod outward (at rod end B along A->B,
 * at rod end A along B->A; MoorDyn's Line::setEndOrientation), and the line's end moment goes to
 * the rod. Hawser's lines[].clamp_a / clamp_b (kernels/physics/bending.h hw_hinge_clamp), in the
 * frame of the rod's body, which turns it and takes the moment. A zero-length rod (NumSegs 0)
 * takes its direction from its lines' moments in MoorDyn (Rod::setDependentStates): one that is a
 * point is a bending joint (hw_joint_axis), the line's end on it clamp_a / clamp_b axis at rod end
 * B and -axis at rod end A; one on a body (ends apart) is refused at the line's row. */
static void set_rod_clamps(rdr *R)
{
    for (int i = 0; i < R->n_lines && !FAILED(R); i++) {
        hw_line_def *l = &R->lines[i];
        const hw_line_type_def *t = &R->types[l->type];
        for (int end = 0; end < 2 && t->ei > 0; end++) {
            int p = end ? l->point_b : l->point_a;
            if (p < R->n_deck_points) continue;
            for (int k = 0; k < R->n_rods; k++) {
                const md_rod *rod = &R->rods[k];
                if (p != rod->pt_a && p != rod->pt_b) continue;
                if (rod->c.segments == 0 && rod->point) { /* a bending joint: the side from the end named */
                    l->clamp_axis[end] = R->line_rend[2 * i + end] == 'B' ? 1 : -1;
                    break;
                }
                if (rod->c.segments == 0) {
                    char w[128];
                    snprintf(w, sizeof w, "LINES %d %s", i + 1, end ? "AttachB" : "AttachA");
                    refuse(R, R->line_ln[i], w, "a line with bending stiffness (EI = %g N m^2, type %.40s) on a "
                           "zero-length rod with ends apart (%s, NumSegs 0: a body's) not supported yet: MoorDyn turns "
                           "such a rod to balance its lines' end moments, which Hawser does for a zero-length rod whose "
                           "ends coincide (give it A = B, or the type EI 0 for a pinned end)", t->ei, t->name,
                           R->points[p].name);
                    return;
                }
                /* outward from the rod's end: the rod's axis, or its reverse at end A (the model
                 * normalizes it) */
                double sgn = p == rod->pt_b ? 1.0 : -1.0;
                for (int c = 0; c < 3; c++) l->clamp[end][c] = sgn * (rod->c.b[c] - rod->c.a[c]);
                break;
            }
        }
    }
}

/* Points in a deck without lines (MoorDyn's rotations/nwu.txt: points on a coupled body, read back as
 * markers of its motion): a point on a body or fixed, with no mass, volume or drag area, carries
 * nothing, and MoorDyn runs the deck; Hawser's points belong to the lines' model, which such a deck
 * does not have: they are left out with a note (body channels give the motion). A point that
 * carries a load, or a free one (MoorDyn moves it alone), is refused at its row. */
static void drop_idle_points(rdr *R)
{
    if (!R->no_lines || R->n_points == 0) return;
    for (int i = 0; i < R->n_deck_points; i++) {
        const hw_point_def *p = &R->points[i];
        if (p->kind == HW_POINT_FREE || p->mass != 0.0 || p->volume != 0.0 || p->cda != 0.0) {
            char w[64];
            snprintf(w, sizeof w, "POINTS %d", i + 1);
            refuse(R, R->point_ln[i], w, "a %s in a deck without lines not supported yet (Hawser's points belong to "
                   "the lines' model; a point on a body or fixed with Mass, Volume and CdA 0 is left out)",
                   p->kind == HW_POINT_FREE ? "free point" : "point with a mass, volume or drag area");
            return;
        }
    }
    note(R, R->point_ln[0], "POINTS: %d point%s but no LINES: left out (each is fixed or rides on a body and carries "
         "no mass, volume or drag area, so nothing acts on it; MoorDyn keeps them as markers)", R->n_points,
         R->n_points > 1 ? "s" : "");
    R->n_points = R->n_deck_points = 0;
    R->n_att = 0;
}

static void read_lines(rdr *R)
{
    if (lines_optional(R)) {
        R->no_lines = 1; /* dtM is then required (require_depth) */
        return;
    }
    row *rows = NULL;
    int n = table_rows(R, SEC_LINES, LINE_COLS, &rows);
    if (n < 0) return;
    if (n == 0) fail(R, R->sec[SEC_LINES].header + 1, "LINES", "expected at least one line row, got none");
    R->lines = calloc((size_t)n + 1, sizeof *R->lines);
    R->line_ln = calloc((size_t)n + 1, sizeof *R->line_ln);
    R->line_rend = calloc(2 * (size_t)n + 2, 1);
    R->lo = calloc((size_t)n + 1, sizeof *R->lo);
    if (!R->lines || !R->line_ln || !R->line_rend || !R->lo)
        oom(R, "the lines", ((double)n + 1) * (sizeof *R->lines + sizeof(int) + 2 + sizeof *R->lo));
    for (int i = 0; i < n && !FAILED(R); i++) {
        read_line(R, &rows[i], i, &R->lines[i]);
        R->line_ln[i] = rows[i].line;
        if (!FAILED(R)) R->n_lines = i + 1;
    }
    free(rows);
}

/* ---- FAILURE ---------------------------------------------------------------------------------- */

static const char *const FAIL_COLS = "FailureID Point Line(s) FailTime FailTen";

/* One row "ID Point Line(s) FailTime FailTen" (MoorDyn-F's line failure: the listed lines come
 * off the point when the time passes FailTime or their tension passes FailTen, 0 = unused) as
 * the failure rule of its line: the end segment at that point breaks (hw_failure_def at a/b). A
 * row listing several lines keeps them joined at a new free point in MoorDyn: refused. */
static void read_failure(rdr *R, const row *r)
{
    char where[96], w[160];
    snprintf(where, sizeof where, "FAILURE %.40s", r->n ? r->tok[0] : "");
    if (r->n != 5) {
        fail(R, r->line, where, "expected 5 columns (%s), got %d", FAIL_COLS, r->n);
        return;
    }
    int id;
    if (!to_int(r->tok[0], &id)) {
        fail(R, r->line, where, "expected a failure ID (an integer), got \"%.40s\"", r->tok[0]);
        return;
    }
    int p = point_ref(R, r, 1, where, "Point");
    if (FAILED(R)) return;
    const char *list = r->tok[2];
    snprintf(w, sizeof w, "%s Line(s)", where);
    if (strchr(list, ',')) {
        refuse(R, r->line, w, "a failure of several lines at one point (\"%.60s\") keeps them joined "
               "at a new free point in MoorDyn: not supported yet (give each line its own row; "
               "they then break apart, one by one, on their own tension)", list);
        return;
    }
    int ln;
    if (!to_int(list, &ln) || ln < 1 || ln > R->n_lines) {
        fail(R, r->line, w, "expected a line ID 1..%d, got \"%.40s\"", R->n_lines, list);
        return;
    }
    hw_line_def *l = &R->lines[ln - 1];
    if (l->point_a != p && l->point_b != p) {
        fail(R, r->line, w, "expected a line attached to point %d, got line %d (ends on points %d and %d)",
             p + 1, ln, l->point_a + 1, l->point_b + 1);
        return;
    }
    double ft = col_num(R, r, 3, where, "FailTime", "s (0: none)");
    double fT = col_num(R, r, 4, where, "FailTen", "N (0: none)");
    if (FAILED(R)) return;
    if (ft < 0 || fT < 0 || (ft == 0 && fT == 0)) {
        fail(R, r->line, where, "expected FailTime (s) or FailTen (N) > 0 (0 = unused), got %g and %g",
             ft, fT);
        return;
    }
    hw_failure_def f;
    memset(&f, 0, sizeof f);
    f.on = 1;
    f.tension = fT;
    f.time = ft > 0 ? ft : -1.0;
    f.at = l->point_a == p ? HW_FAIL_END_A : HW_FAIL_END_B;
    if (l->failure.on) {
        const hw_failure_def *o = &l->failure;
        if (o->tension == f.tension && o->time == f.time && o->at == f.at) return; /* a duplicate */
        snprintf(w, sizeof w, "%s Line(s)", where);
        refuse(R, r->line, w, "a second failure of line %d (the first at line %d) not supported yet: "
               "Hawser takes one rule per line", ln, R->fail_ln[ln - 1]);
        return;
    }
    l->failure = f;
    R->fail_ln[ln - 1] = r->line;
}

static void read_failures(rdr *R)
{
    if (R->sec[SEC_FAILURE].header < 0) return; /* optional */
    row *rows = NULL;
    int n = table_rows(R, SEC_FAILURE, FAIL_COLS, &rows);
    if (n < 0) return;
    R->fail_ln = calloc((size_t)R->n_lines + 1, sizeof *R->fail_ln);
    if (!R->fail_ln) oom(R, "the failure rules' line table", ((double)R->n_lines + 1) * sizeof *R->fail_ln);
    for (int i = 0; i < n && !FAILED(R); i++) read_failure(R, &rows[i]);
    free(rows);
}

/* ---- OUTPUTS ---------------------------------------------------------------------------------- */

/* Splits "L2N14PZ" into letters/digits groups: let[0] num[0] let[1] num[1] let[2]. Returns 0 when
 * the name has more groups than that. */
static int decompose(const char *s, char let[3][24], int num[2], int has_num[2])
{
    memset(let, 0, 3 * 24);
    num[0] = num[1] = -1;
    has_num[0] = has_num[1] = 0;
    int g = 0;
    while (*s) {
        if (g > 2) return 0;
        size_t k = 0;
        while (s[k] && isalpha((unsigned char)s[k])) k++;
        if (k >= 24) return 0;
        memcpy(let[g], s, k);
        s += k;
        if (!*s) break;
        if (g == 2 || !isdigit((unsigned char)*s)) return 0;
        char *end;
        long v = strtol(s, &end, 10);
        if (v > 1000000) return 0;
        num[g] = (int)v;
        has_num[g] = 1;
        s = end;
        g++;
    }
    return 1;
}

static const char *const CHANNEL_HELP =
    "FairTen#, AnchTen#, Line#TenA, Line#TenB, Point#/Con#{PX,PY,PZ,VX,VY,VZ,AX,AY,AZ,FX,FY,FZ,Ten}, "
    "L#N#{PX,PY,PZ,VX,VY,VZ,FX,FY,FZ,Ten}, L#S#T, R#N#{PX,PY,PZ,VX,VY,VZ,AX,AY,AZ,FX,FY,FZ,T}, "
    "R#{PX..VZ,AX..AZ,RVX..RAZ,FX..MZ,RX,RY,SUB,TENA,TENB}, "
    "Body#{PX,PY,PZ,RX,RY,RZ,VX,VY,VZ,RVX,RVY,RVZ,AX..AZ,RAX..RAZ,FX,FY,FZ,MX,MY,MZ,TEN,SUB}";

static int xyz_suffix(const char *q, char kind)
{
    return q[0] == kind && (q[1] == 'X' || q[1] == 'Y' || q[1] == 'Z') && q[2] == '\0' ? q[1] - 'X' : -1;
}

static void push_channel(rdr *R, const hw_md_channel *ch)
{
    hw_md_channel *g = grow(R, R->chans, R->n_chans, sizeof *g);
    if (!g) return;
    R->chans = g;
    R->chans[R->n_chans++] = *ch;
}

/* A rod channel (docs/moordyn.md, "OUTPUTS"): R#N#P{X,Y,Z}, R#N#V{X,Y,Z}, R#N#F{X,Y,Z}: the position,
 * velocity and net force (MoorDyn's Fnet) of node # (0 = end A .. NumSegs = end B; also R#NAPX,
 * R#NBPX for the ends); R#N#T (TEN), the magnitude of the force of the lines on end A (node 0) or
 * end B (any other node), as MoorDyn defines it, and R#TENA, R#TENB; for the whole rod R#P.., R#V..
 * (its reference point, end A), R#F.. (the sum of its nodes' net forces), R#M.. (their moment about
 * end A with the end faces' moments), R#RX, R#RY (MoorDyn's roll and pitch of the axis, deg). Read
 * from the rod's body in the world (io/moordyn_out.c), so a deck without lines has them too. */
static void read_rod_channel(rdr *R, int line, const char *where, hw_md_channel *ch, char let[3][24],
                             const int num[2], const int has[2])
{
    int id = num[0], node = -1, whole = 0;
    const char *q = NULL;
    int angle = -1, tend = -1;
    if (has[1] && !strcmp(let[1], "N")) {
        node = num[1];
        q = let[2];
    } else if (!has[1] && (!strncmp(let[1], "NA", 2) || !strncmp(let[1], "NB", 2))) {
        node = let[1][1] == 'A' ? 0 : -2;
        q = let[1] + 2;
    } else if (!has[1] && (xyz_suffix(let[1], 'P') >= 0 || xyz_suffix(let[1], 'V') >= 0 ||
                           xyz_suffix(let[1], 'F') >= 0 || xyz_suffix(let[1], 'M') >= 0)) {
        node = 0; /* the whole rod: its reference point, end A */
        whole = 1;
        q = let[1];
    } else if (!has[1] && (xyz_suffix(let[1], 'A') >= 0 || !strncmp(let[1], "RV", 2) || !strncmp(let[1], "RA", 2) ||
                           !strcmp(let[1], "SUB"))) {
        node = 0; /* the whole rod: end A's acceleration, the rod's angular velocity and acceleration, its
                     submergence */
        whole = 1;
        q = let[1];
    } else if (!has[1] && (!strcmp(let[1], "RX") || !strcmp(let[1], "RY"))) {
        node = 0;
        angle = let[1][1] - 'X';
        q = let[1];
    } else if (!has[1] && (!strcmp(let[1], "TENA") || !strcmp(let[1], "TENB"))) {
        node = 0;
        tend = let[1][3] == 'B';
        q = "T";
    } else {
        refuse(R, line, where, "the rod channel \"%.40s\" not supported yet (supported: R#N#{PX,PY,PZ,VX,VY,VZ,FX,FY,"
               "FZ,AX,AY,AZ,T}, R#NA.., R#NB..: node positions, velocities, net forces, accelerations, and the line force "
               "on an end; R#{PX..VZ} (end A), R#{FX..FZ,MX..MZ} (net force, moment about end A), R#{AX..AZ} (end A's "
               "acceleration), R#{RVX..RVZ,RAX..RAZ} (angular velocity, acceleration), R#RX, R#RY (roll, pitch), "
               "R#SUB (submerged fraction), R#TENA, R#TENB)",
               ch->name);
        return;
    }
    if (id < 1 || id > R->n_rods) {
        fail(R, line, where, "expected a rod ID 1..%d, got %d", R->n_rods, id);
        return;
    }
    const md_rod *rod = &R->rods[id - 1];
    int n = rod->c.segments;
    if (node == -2) node = n;
    if (node < 0 || node > n) {
        fail(R, line, where, "expected a node number 0..%d (rod %d has %d segments), got %d", n, id, n, node);
        return;
    }
    if (rod->point && (angle >= 0 || (whole && (q[0] == 'A' || q[0] == 'R' || q[0] == 'S')))) {
        refuse(R, line, where, "the %s of a zero-length rod not supported yet (it is a point: no axis, no body)",
               angle >= 0 ? "angle" : q[0] == 'A' ? "acceleration" : q[0] == 'S' ? "submergence" : "rotation");
        return;
    }
    ch->rod = id - 1;
    ch->object = rod->pt_a;
    ch->object_b = rod->pt_b;
    ch->index = node;
    ch->nseg = n;
    if (tend >= 0) ch->index = tend ? (n > 0 ? n : 1) : 0; /* R#TENA, R#TENB: the line force on that end */
    if (angle >= 0) {
        ch->q = HW_MD_ROD_ANGLE;
        ch->comp = angle;
        ch->unit = "deg";
    } else if (xyz_suffix(q, 'P') >= 0) {
        ch->q = HW_MD_ROD_NODE_POS;
        ch->comp = xyz_suffix(q, 'P');
        ch->unit = "m";
    } else if (xyz_suffix(q, 'V') >= 0) {
        ch->q = HW_MD_ROD_NODE_VEL;
        ch->comp = xyz_suffix(q, 'V');
        ch->unit = "m/s";
    } else if (xyz_suffix(q, 'F') >= 0) {
        ch->q = whole ? HW_MD_ROD_FORCE : HW_MD_ROD_NODE_FORCE;
        ch->comp = xyz_suffix(q, 'F');
        ch->unit = "N";
    } else if (whole && xyz_suffix(q, 'M') >= 0) {
        ch->q = HW_MD_ROD_MOMENT;
        ch->comp = xyz_suffix(q, 'M');
        ch->unit = "N*m";
    } else if (xyz_suffix(q, 'A') >= 0) {
        ch->q = whole ? HW_MD_ROD_ACC : HW_MD_ROD_NODE_ACC;
        ch->comp = xyz_suffix(q, 'A');
        ch->unit = "m/s^2";
    } else if (whole && !strcmp(q, "SUB")) {
        ch->q = HW_MD_ROD_SUB;
        ch->unit = "(frac)"; /* MoorDyn's unit of its SUB channels */
    } else if (whole && q[0] == 'R' && xyz_suffix(q + 1, 'V') >= 0) {
        ch->q = HW_MD_ROD_ANGVEL;
        ch->comp = xyz_suffix(q + 1, 'V');
        ch->unit = "deg/s";
    } else if (whole && q[0] == 'R' && xyz_suffix(q + 1, 'A') >= 0) {
        ch->q = HW_MD_ROD_ANGACC;
        ch->comp = xyz_suffix(q + 1, 'A');
        ch->unit = "deg/s^2";
    } else if (!strcmp(q, "T") || !strcmp(q, "TEN")) {
        ch->q = HW_MD_ROD_END_TEN;
        ch->unit = "N";
    } else {
        refuse(R, line, where, "the rod node quantity \"%.20s\" not supported yet (supported: PX PY PZ VX VY VZ AX AY "
               "AZ FX FY FZ, and T for the line force on an end)", q);
        return;
    }
    push_channel(R, ch);
}

/* A body channel (docs/moordyn.md, OUTPUTS): B#P{X,Y,Z} (Body#..) the reference point, B#R{X,Y,Z}
 * roll, pitch, yaw (deg), B#V.., B#RV.. (deg/s, world), B#F.., B#M.. (the net load: every load but
 * the inertia, the moment about the reference point), B#TEN; MoorDyn 2.7.2 writes them. */
static void read_body_channel(rdr *R, int line, const char *where, hw_md_channel *ch, char let[3][24],
                              const int num[2], const int has[2])
{
    const char *q = let[1];
    int id = num[0];
    if (has[1] || let[2][0]) {
        refuse(R, line, where, "the body channel \"%.40s\" not supported yet (supported: B#{PX,PY,PZ,RX,RY,RZ,VX,VY,"
               "VZ,RVX,RVY,RVZ,AX,AY,AZ,RAX,RAY,RAZ,FX,FY,FZ,MX,MY,MZ,TEN,SUB})", ch->name);
        return;
    }
    int c;
    if ((c = xyz_suffix(q, 'P')) >= 0) ch->q = HW_MD_BODY_POS, ch->unit = "m";
    else if ((c = xyz_suffix(q, 'R')) >= 0) ch->q = HW_MD_BODY_ANGLE, ch->unit = "deg";
    else if ((c = xyz_suffix(q, 'V')) >= 0) ch->q = HW_MD_BODY_VEL, ch->unit = "m/s";
    else if (q[0] == 'R' && (c = xyz_suffix(q + 1, 'V')) >= 0) ch->q = HW_MD_BODY_ANGVEL, ch->unit = "deg/s";
    else if ((c = xyz_suffix(q, 'F')) >= 0) ch->q = HW_MD_BODY_LOAD, ch->unit = "N";
    else if ((c = xyz_suffix(q, 'M')) >= 0) ch->q = HW_MD_BODY_LOAD, c += 3, ch->unit = "N*m";
    else if (!strcmp(q, "TEN") || !strcmp(q, "T")) ch->q = HW_MD_BODY_TEN, c = 0, ch->unit = "N";
    else if ((c = xyz_suffix(q, 'A')) >= 0) ch->q = HW_MD_BODY_ACC, ch->unit = "m/s^2";
    else if (q[0] == 'R' && (c = xyz_suffix(q + 1, 'A')) >= 0) ch->q = HW_MD_BODY_ACC, c += 3, ch->unit = "deg/s^2";
    else if (!strcmp(q, "SUB")) {
        ch->q = HW_MD_BODY_SUB, c = 0, ch->unit = "(frac)";
        if (R->log) {
            char buf[700];
            snprintf(buf, sizeof buf, "%s:%d: %s: MoorDyn 2.7.2 computes no body submergence: it writes 0 in this "
                     "column (warning \"Unrecognized output channel\" at every row); Hawser writes 0 too",
                     R->file, line, where);
            R->log(R->log_user, 1, buf);
        }
    } else {
        refuse(R, line, where, "the body quantity \"%.20s\" not supported yet (supported: PX PY PZ RX RY RZ VX VY VZ "
               "RVX RVY RVZ AX AY AZ RAX RAY RAZ FX FY FZ MX MY MZ TEN SUB)", q);
        return;
    }
    if (id < 1 || id > R->n_deck_bodies) {
        fail(R, line, where, "expected a body ID 1..%d (the BODIES section has %d), got %d", R->n_deck_bodies,
             R->n_deck_bodies, id);
        return;
    }
    ch->object = id - 1;
    ch->comp = c;
    push_channel(R, ch);
}

static void read_channel(rdr *R, int line, const char *name)
{
    char u[64], let[3][24];
    int num[2], has[2];
    hw_md_channel ch;
    memset(&ch, 0, sizeof ch);
    snprintf(ch.name, sizeof ch.name, "%s", name);
    char where[96];
    snprintf(where, sizeof where, "OUTPUTS %.60s", name);
    upper(u, name, sizeof u);
    if (strlen(name) >= sizeof ch.name || !decompose(u, let, num, has)) {
        fail(R, line, where, "expected an output channel (%s), got \"%.60s\"", CHANNEL_HELP, name);
        return;
    }
    const char *obj = let[0];
    int is_line = !strcmp(obj, "L") || !strcmp(obj, "LINE");
    int is_point = !strcmp(obj, "C") || !strcmp(obj, "CON") || !strcmp(obj, "P") || !strcmp(obj, "POINT");
    if ((!strcmp(obj, "FAIRTEN") || !strcmp(obj, "ANCHTEN")) && has[0] && !let[1][0]) {
        ch.q = HW_MD_LINE_END_FORCE;
        ch.index = obj[0] == 'F';
    } else if (is_line && has[0] && !has[1] && (!strcmp(let[1], "TENA") || !strcmp(let[1], "TENB"))) {
        ch.q = HW_MD_LINE_END_FORCE;
        ch.index = let[1][3] == 'B';
    } else if (is_line && has[0] && has[1] && (!strcmp(let[1], "N") || !strcmp(let[1], "S"))) {
        const char *q = let[2];
        int seg = let[1][0] == 'S';
        ch.index = num[1];
        if (seg && (!strcmp(q, "T") || !strcmp(q, "TEN"))) ch.q = HW_MD_SEG_TEN;
        else if (!seg && xyz_suffix(q, 'P') >= 0) { ch.q = HW_MD_NODE_POS; ch.comp = xyz_suffix(q, 'P'); }
        else if (!seg && xyz_suffix(q, 'V') >= 0) { ch.q = HW_MD_NODE_VEL; ch.comp = xyz_suffix(q, 'V'); }
        else if (!seg && (!strcmp(q, "T") || !strcmp(q, "TEN"))) ch.q = HW_MD_NODE_TEN;
        else if (!seg && xyz_suffix(q, 'F') >= 0) { ch.q = HW_MD_NODE_FORCE; ch.comp = xyz_suffix(q, 'F'); }
        else {
            refuse(R, line, where, "the line %s quantity \"%.20s\" not supported yet (supported: %s)",
                   seg ? "segment" : "node", q, CHANNEL_HELP);
            return;
        }
    } else if (is_point && has[0] && !has[1]) {
        const char *q = let[1];
        if (xyz_suffix(q, 'P') >= 0) { ch.q = HW_MD_POINT_POS; ch.comp = xyz_suffix(q, 'P'); }
        else if (xyz_suffix(q, 'V') >= 0) { ch.q = HW_MD_POINT_VEL; ch.comp = xyz_suffix(q, 'V'); }
        else if (xyz_suffix(q, 'F') >= 0) { ch.q = HW_MD_POINT_FORCE; ch.comp = xyz_suffix(q, 'F'); }
        else if (xyz_suffix(q, 'A') >= 0) { ch.q = HW_MD_POINT_ACC; ch.comp = xyz_suffix(q, 'A'); }
        else if (!strcmp(q, "T") || !strcmp(q, "TEN")) ch.q = HW_MD_POINT_TEN;
        else {
            refuse(R, line, where, "the point quantity \"%.20s\" not supported yet (supported: %s)", q,
                   CHANNEL_HELP);
            return;
        }
    } else if ((!strcmp(obj, "R") || !strcmp(obj, "ROD")) && has[0]) {
        read_rod_channel(R, line, where, &ch, let, num, has);
        return;
    } else if ((!strcmp(obj, "B") || !strcmp(obj, "BODY")) && has[0]) {
        read_body_channel(R, line, where, &ch, let, num, has);
        return;
    } else if (!strcmp(obj, "R") || !strcmp(obj, "ROD") || !strcmp(obj, "B") || !strcmp(obj, "BODY")) {
        refuse(R, line, where, "%s", obj[0] == 'R' ? "expected a rod channel R#N#.. with the rod's number, got none"
                                                   : "expected a body channel B#.. with the body's number, got none");
        return;
    } else {
        refuse(R, line, where, "the channel \"%.60s\" not supported yet (supported: %s)", name,
               CHANNEL_HELP);
        return;
    }
    /* the object and node/segment exist */
    int id = num[0];
    if (is_point) {
        if (id < 1 || id > R->n_deck_points) {
            fail(R, line, where, "expected a point ID 1..%d, got %d", R->n_deck_points, id);
            return;
        }
    } else if (id < 1 || id > R->n_lines) {
        fail(R, line, where, "expected a line ID 1..%d, got %d", R->n_lines, id);
        return;
    }
    ch.object = id - 1;
    if (ch.q == HW_MD_POINT_ACC)
        for (int k = 0; k < R->n_att; k++)
            if (R->att[k].point == id - 1) {
                refuse(R, line, where, "the acceleration of a point riding on a body not supported yet (the lumped "
                       "model moves it with the body's velocity, without its acceleration); Point#AX.. are read "
                       "for fixed, coupled and free points");
                return;
            }
    int nseg = is_point ? 0 : R->lines[id - 1].nseg;
    if ((ch.q == HW_MD_NODE_POS || ch.q == HW_MD_NODE_VEL || ch.q == HW_MD_NODE_TEN || ch.q == HW_MD_NODE_FORCE) &&
        (ch.index < 0 || ch.index > nseg)) {
        fail(R, line, where, "expected a node number 0..%d (line %d has %d segments), got %d", nseg,
             id, nseg, ch.index);
        return;
    }
    if (ch.q == HW_MD_SEG_TEN && (ch.index < 1 || ch.index > nseg)) {
        fail(R, line, where, "expected a segment number 1..%d (line %d has %d segments), got %d",
             nseg, id, nseg, ch.index);
        return;
    }
    /* MoorDyn 2.7.2's units row words, without parentheses in the .out table (docs/moordyn.md) */
    ch.unit = ch.q == HW_MD_NODE_POS || ch.q == HW_MD_POINT_POS   ? "m"
              : ch.q == HW_MD_NODE_VEL || ch.q == HW_MD_POINT_VEL ? "m/s"
              : ch.q == HW_MD_POINT_ACC                           ? "m/s^2"
                                                                  : "N";
    push_channel(R, &ch);
}

static void read_outputs(rdr *R)
{
    section *s = &R->sec[SEC_OUTPUTS];
    if (s->header < 0) return;
    for (int i = s->from; i < s->to && !FAILED(R); i++) {
        row r;
        split_row(R, i, &r);
        for (int k = 0; k < r.n && !FAILED(R); k++) {
            if (!strcasecmp(r.tok[k], "END")) return;
            read_channel(R, r.line, r.tok[k]);
        }
    }
}

/* ---- seabed friction ------------------------------------------------------------------------- */

/* MoorDyn's friction on a node touching the seabed is min(mu FricDamp |v|, mu Fz) (a viscous
 * ramp saturating at Coulomb friction); Hawser's is mu Fz min(|v| / friction_v, 1). The two agree
 * for a node with seabed load Fz when friction_v = Fz / FricDamp. Hawser's friction_v is one
 * value, so it is set from the load of a node resting on the seabed (its wet weight, one segment
 * of line) of the first line heavier than water; exact for every line with the same wet weight
 * per segment, and reported as a note for the others. */
static void map_friction(rdr *R)
{
    int ln = R->opt_ln[O_FRICTION];
    if (R->friction == 0) return; /* friction_v has no effect: Hawser's default stays */
    const double pi = 3.14159265358979323846;
    int ref = -1;
    double fz_ref = 0;
    for (int i = 0; i < R->n_lines; i++) {
        const hw_line_type_def *t = &R->types[R->lines[i].type];
        double ws = (t->mu - R->env.rho_w * pi / 4 * t->d * t->d) * R->env.g;
        double fz = ws * (R->lines[i].length / R->lines[i].nseg);
        if (fz <= 0) continue;
        if (ref < 0) {
            ref = i;
            fz_ref = fz;
            R->env.friction_v = fz / R->fricdamp;
            note(R, ln, "seabed friction: MoorDyn's min(mu FricDamp |v|, mu Fz) is Hawser's "
                 "mu Fz min(|v| / friction_v, 1) with friction_v = Fz / FricDamp = %.6g m/s, Fz = %.6g N "
                 "being the seabed load of a resting node of line %d (its wet weight per segment)",
                 R->env.friction_v, fz, i + 1);
        } else if (fabs(fz - fz_ref) > 1e-9 * fz_ref) {
            note(R, ln, "seabed friction: resting nodes of line %d carry Fz = %.6g N, not %.6g N as on "
                 "line %d, so its low-speed friction slope is %.4g times MoorDyn's", i + 1, fz, fz_ref,
                 ref + 1, fz / fz_ref);
        }
    }
    if (ref < 0)
        note(R, ln, "FrictionCoefficient has no effect: no line is heavier than water");
}

/* ---- hw_model_check's findings at the deck line ----------------------------------------------- */

typedef struct field_map { const char *field, *column; int opt; } field_map;
static const field_map TYPE_FIELDS[] = {
    {"diameter", "Diam", -1}, {"mass_per_length", "Mass/m", -1}, {"EA", "EA", -1},
    {"BA", "BA/-zeta", -1}, {"damping_ratio", "BA/-zeta", -1}, {"EI", "EI", -1},
    {"EA_table", "EA (its strain-tension curve file)", -1}, {"BA_table", "BA/-zeta (its damping curve file)", -1},
    {"Cdn", "Cd", -1}, {"Can", "Ca", -1}, {"Cdt", "CdAx", -1}, {"Cat", "CaAx", -1},
    {"seabed_friction", "FrictionCoefficient", O_FRICTION}, {"viscoelastic.EA_d", "EA (EA_s|EA_d)", -1},
    {"viscoelastic.BA_d", "BA/-zeta (BA|BA_d)", -1},
    {"viscoelastic.EA_d_slope", "EA (EA_s|alpha|beta)", -1}, {"viscoelastic", "EA", -1},
    {"syrope.OWC", "EA (the Syrope settings' OWC table)", -1},
    {"syrope.curve", "EA (the Syrope settings' WCType)", -1}, {"syrope.k1", "EA (the Syrope settings' k1)", -1},
    {"syrope.k2", "EA (the Syrope settings' k2)", -1}, {"syrope.alpha", "EA (SYROPE:file|alpha|beta)", -1},
    {"syrope.beta", "EA (SYROPE:file|alpha|beta)", -1}, {"syrope.BA_d", "BA/-zeta (BA_s|BA_d)", -1},
    {"syrope", "EA", -1}, {NULL, NULL, 0}};
static const field_map POINT_FIELDS[] = {
    {"position", "X Y Z", -1}, {"mass", "M", -1}, {"volume", "V", -1}, {"drag_area", "CdA", -1},
    {"added_mass_coefficient", "CA", -1}, {"type", "Attachment", -1}, {NULL, NULL, 0}};
static const field_map LINE_FIELDS[] = {
    {"type", "LineType", -1}, {"end_a", "AttachA", -1}, {"end_b", "AttachB", -1},
    {"length", "UnstrLen", -1}, {"segments", "NumSegs", -1},
    {"syrope.Tmax0", "(its SYROPE IC row) Tmax0", -1}, {"syrope.Tmean0", "(its SYROPE IC row) Tmean0", -1},
    {NULL, NULL, 0}};
static const field_map GLOBAL_FIELDS[] = {
    {"gravity", "g", O_G}, {"water_density", "rho", O_RHO}, {"depth", "WtrDpth", O_DEPTH},
    {"seabed.stiffness", "kBot", O_KBOT}, {"seabed.damping", "cBot", O_CBOT},
    {"seabed.friction_velocity", "FricDamp", O_FRICDAMP}, {"dt", "dtM", O_DTM},
    {"t_end", "TMax", O_TMAX}, {"integrator", "tScheme", O_TSCHEME},
    {"iterations", "tScheme", O_TSCHEME}, {NULL, NULL, 0}};

static const field_map *find_field(const field_map *m, const char *field)
{
    for (; m->field; m++)
        if (!strcmp(m->field, field)) return m;
    return NULL;
}

static void check_model(rdr *R, const hw_model_def *m)
{
    hw_input_error e;
    memset(&e, 0, sizeof e);
    if (hw_model_check(m, &e) != HW_ERR_INPUT) return;
    char where[160];
    int line = 0;
    const field_map *f = NULL;
    if (e.section == HW_SEC_LINE_TYPE && e.index >= 0) {
        f = find_field(TYPE_FIELDS, e.field);
        line = R->type_ln[e.index];
        snprintf(where, sizeof where, "LINE TYPES %.60s %s", m->types[e.index].name, f ? f->column : e.field);
    } else if (e.section == HW_SEC_POINT && e.index >= R->n_deck_points) { /* a rod's end */
        line = R->point_ln[e.index];
        snprintf(where, sizeof where, "RODS (end point %s) %s", m->points[e.index].name, e.field);
    } else if (e.section == HW_SEC_POINT && e.index >= 0) {
        f = find_field(POINT_FIELDS, e.field);
        line = R->point_ln[e.index];
        snprintf(where, sizeof where, "POINTS %d %s", e.index + 1, f ? f->column : e.field);
    } else if (e.section == HW_SEC_LINE && e.index >= 0 && !strncmp(e.field, "failure", 7) &&
               R->fail_ln && R->fail_ln[e.index]) {
        line = R->fail_ln[e.index];
        snprintf(where, sizeof where, "FAILURE (line %d)", e.index + 1);
    } else if (e.section == HW_SEC_LINE && e.index >= 0) {
        f = find_field(LINE_FIELDS, e.field);
        line = R->line_ln[e.index];
        snprintf(where, sizeof where, "LINES %d %s", e.index + 1, f ? f->column : e.field);
    } else if (e.section == HW_SEC_LINE_TYPE || e.section == HW_SEC_POINT || e.section == HW_SEC_LINE) {
        int sec = e.section == HW_SEC_LINE_TYPE ? SEC_LINE_TYPES : e.section == HW_SEC_POINT ? SEC_POINTS : SEC_LINES;
        line = R->sec[sec].header + 1;
        snprintf(where, sizeof where, "%s", SEC_NAMES[sec]);
    } else {
        f = find_field(GLOBAL_FIELDS, e.field);
        snprintf(where, sizeof where, "OPTIONS %s", f ? f->column : e.field);
    }
    if (f && f->opt >= 0) {
        line = R->opt_ln[f->opt];
        snprintf(where, sizeof where, "OPTIONS %s", f->column);
    }
    fail(R, line, where, "%s", e.message);
}

/* ---- CFL ------------------------------------------------------------------------------------- */

/* MoorDyn v2's time step from a Courant number (its CFL.hpp, Line.cpp; checked against MoorDyn
 * 2.7.2's GetDt): each line is a NatFreqCFL with the stiffness k = EA N / L and the mass
 * m = (Mass/m) L / N of one segment, so its step is CFL times the segment's natural period
 * 2 pi sqrt(m / k) = 2 pi (L / N) sqrt((Mass/m) / EA), and the system's step is the least over
 * the lines. A dtM given as well wins (MoorDyn 2.7.2: whatever the order of the two options).
 * Hawser never steps above its own critical step (critical_step.c): a larger CFL step is
 * clamped to Hawser's automatic step (dt_safety of the critical step, dividing dtOut), with a
 * warning in the log. */
static void apply_cfl(rdr *R, const hw_model_def *m)
{
    int ln = R->opt_ln[O_CFL];
    if (!ln || FAILED(R)) return;
    if (R->opt_ln[O_DTM]) {
        note(R, ln, "CFL %g has no effect: dtM is given (line %d), and MoorDyn 2.7.2 takes dtM then, whatever "
             "the order of the two options", R->cfl, R->opt_ln[O_DTM]);
        return;
    }
    const double two_pi = 2.0 * 3.14159265358979323846;
    double dt = INFINITY;
    int at = -1;
    for (int i = 0; i < R->n_lines; i++) {
        const hw_line_type_def *t = &R->types[R->lines[i].type];
        /* in MoorDyn's order of operations (NatFreqCFL::cfl2dt), so the step is its to the bit */
        double n = R->lines[i].nseg, len = R->lines[i].length;
        double k = t->ea * n / len, mass = t->mu * len / n;
        double h = R->cfl * (two_pi / sqrt(k / mass));
        if (h < dt) { dt = h; at = i; }
    }
    hw_model hm;
    char m2[600];
    if (hw_model_build(m, &hm, m2, sizeof m2) != HW_OK) {
        fail_st(R, HW_ERR_NOMEM, ln, "OPTIONS CFL", "could not build the model to find its critical step: %s", m2);
        return;
    }
    int cl = 0, cs = 1;
    double crit = hw_model_critical_step(&hm, hw_integ_code(R->solver.integrator, R->solver.iterations), &cl, &cs);
    hw_model_free(&hm);
    if (at < 0 || !isfinite(dt)) return;
    if (dt > crit) {
        R->solver.dt = 0; /* automatic */
        if (R->log) {
            char buf[900];
            snprintf(buf, sizeof buf, "%s:%d: CFL %g gives MoorDyn's dtM = %.6g s (line %d: CFL x 2 pi "
                     "(L/N) sqrt(Mass/m / EA)), above Hawser's critical step %.6g s (%s, line %d): clamped, "
                     "Hawser's automatic step is used (%.2f of the critical step)", R->file, ln, R->cfl, dt, at + 1,
                     crit, hw_integ_name(R->solver.integrator), cl + 1, R->solver.dt_safety);
            R->log(R->log_user, 1, buf);
        }
        return;
    }
    R->solver.dt = dt;
    note(R, ln, "CFL %g: dtM = %.17g s, CFL x the shortest segment period 2 pi (L/N) sqrt(Mass/m / EA) (line %d), "
         "as MoorDyn v2 defines it (below Hawser's critical step %.6g s)", R->cfl, dt, at + 1, crit);
}

/* ---- the whole deck --------------------------------------------------------------------------- */

static void rdr_free(rdr *R)
{
    free(R->ln);
    free(R->types);
    free(R->type_ln);
    free(R->points);
    free(R->point_ln);
    free(R->bodies);
    free(R->body_ln);
    free(R->rtypes);
    free(R->rods);
    free(R->cyl);
    free(R->att);
    free(R->lines);
    free(R->line_ln);
    free(R->line_rend);
    free(R->fail_ln);
    for (int k = 0; k < R->n_names; k++) free(R->names[k]);
    free(R->names);
    free(R->nodes);
    free(R->segs);
    free(R->chans);
    free(R->wave_buf);
    free(R->cur_buf);
    hw_bathy_file_free(&R->sb);
    for (int k = 0; R->lo && k <= R->n_lines; k++) free(R->lo[k].curves); /* calloc'd n + 1 */
    free(R->lo);
    free(R->ic_buf);
    for (int k = 0; k < R->n_curve_buf; k++) free(R->curve_buf[k]);
    free(R->curve_buf);
    hw_waves_destroy(R->waves);
}

/* fileIC: the state file MoorDyn 2.7.2's SaveState writes (io/moordyn_state.h), beside the deck
 * unless its path is absolute. Its objects must be the deck's, in MoorDyn's order: one per BODIES
 * row (1 x 13), one per rod (1 x 13), one per POINTS row (1 x 6), then one per line (NumSegs - 1
 * rows x 6, the inner nodes). A body's or rod's row is its reference point (a rod's end A; a
 * pinned rod's zeros), its turn as a quaternion x y z w (a rod's from the deck's axis), its
 * velocity and its angular velocity (world frame): a free body or rod starts from them, a pinned
 * rod from the turn and the angular velocity, and the rest (fixed, coupled, a rod on a body) where
 * the deck puts them. A free point's row places the line ends on it, a point on a body its body's
 * pose. The lines start from it (hw_line_def.start_pos / start_vel) without a static solve, as
 * the state was saved. */
static void read_state_file(rdr *R)
{
    int oln = R->opt_ln[O_FILEIC];
    const char *where = R->ic_where;
    char path[4096];
    if (hw_path_beside(R->file, R->ic_file, path, sizeof path)) {
        fail(R, oln, where, "expected a path of at most %zu characters, got \"%.60s...\"", sizeof path - 1, R->ic_file);
        return;
    }
    hw_md_state st;
    char err[900];
    hw_status rc = hw_md_state_read(path, &st, err, sizeof err);
    if (rc) {
        fail_st(R, rc, oln, where, "%s", err);
        return;
    }
    if (st.major != 2) {
        fail(R, oln, where, "%s: expected a state file of MoorDyn v2 (version 2.x in its header), got version %d.%d",
             path, st.major, st.minor);
        hw_md_state_free(&st);
        return;
    }
    /* MoorDyn's objects: bodies, rods, points, lines (the rods' end points are Hawser's own) */
    const int nb = R->n_deck_bodies, nr = R->n_rods, np = R->n_deck_points, nl = R->n_lines;
    const int o_rod = nb, o_pt = nb + nr, o_line = nb + nr + np;
    if (st.n_obj != o_line + nl) {
        char bodies[64] = "", rods[64] = "";
        if (nb) snprintf(bodies, sizeof bodies, "%d bodies, ", nb);
        if (nr) snprintf(rods, sizeof rods, "%d rods, ", nr);
        fail(R, oln, where, "%s: expected %d objects (the deck's %s%s%d points and %d lines, in MoorDyn's order), "
             "got %d", path, o_line + nl, bodies, rods, np, nl, st.n_obj);
        hw_md_state_free(&st);
        return;
    }
    for (int l = 0; l < R->n_lines; l++)
        if (R->types[R->lines[l].type].viv_cl > 0) {
            refuse(R, oln, where, "a start from a state file with a vortex-induced vibration line (line %d, Cl > 0: "
                   "MoorDyn stores its phases with the nodes) not supported yet", l + 1);
            hw_md_state_free(&st);
            return;
        }
    for (int k = 0; k < st.n_obj; k++) {
        int kind = k < o_rod ? 0 : k < o_pt ? 1 : k < o_line ? 2 : 3;
        static const char *const KIND[4] = {"body", "rod", "point", "line"};
        int first = kind == 0 ? 0 : kind == 1 ? o_rod : kind == 2 ? o_pt : o_line;
        int rows = kind == 3 ? R->lines[k - o_line].nseg - 1 : 1, cols = kind <= 1 ? 13 : 6;
        if (st.cols[k] != cols || st.rows[k] != rows) {
            fail(R, oln, where, "%s: object %d (%s %d): expected %d x %d values (%s), got %d x %d", path, k + 1,
                 KIND[kind], k - first + 1, rows, cols,
                 kind == 3 ? "position and velocity of each inner node: NumSegs - 1 rows"
                 : kind == 2 ? "its position and velocity"
                             : "position, quaternion x y z w, velocity and angular velocity",
                 st.rows[k], st.cols[k]);
            hw_md_state_free(&st);
            return;
        }
    }
    /* bodies and rods: the pose and velocities of those that move under their loads */
    for (int k = 0; k < nb + nr; k++) {
        const md_rod *rod = k < nb ? NULL : &R->rods[k - nb];
        if (rod && rod->point) { /* a zero-length rod that is a point: a free one from its row */
            if (rod->point == 1 + HW_POINT_FREE) memcpy(R->points[rod->pt_a].pos, st.data[k], 3 * sizeof(double));
            continue;
        }
        hw_body_def *B = !rod ? &R->bodies[k] : rod->own && rod->body >= 0 ? &R->bodies[rod->body] : NULL;
        if (!B || (B->kind != HW_BODY_FREE && B->kind != HW_BODY_PINNED)) continue;
        const double *in = st.data[k];
        if (B->kind == HW_BODY_FREE) memcpy(B->pos, in, 3 * sizeof(double));
        hw_scn_rpy_from_quat_xyzw(in + 3, B->rot);
        for (int c = 0; c < 6; c++) B->start_vel[c] = B->kind == HW_BODY_PINNED && c < 3 ? 0.0 : in[7 + c];
    }
    for (int k = 0; k < R->n_bodies; k++) { /* a rod pinned to a body: its pin where that body's start puts it */
        hw_body_def *B = &R->bodies[k];
        for (int j = 0; B->pin_on && j < R->n_bodies; j++)
            if (j != k && R->bodies[j].name && !strcmp(R->bodies[j].name, B->pin_on))
                hw_scn_body_point0(&R->bodies[j], B->pin_at, B->pos);
    }
    for (int a = 0; a < R->n_att; a++) /* the points riding on them, where their start puts them */
        hw_scn_body_point0(&R->bodies[R->att[a].body], R->att[a].at, R->points[R->att[a].point].pos);
    size_t total = 0;
    for (int l = 0; l < nl; l++) total += (size_t)6 * ((size_t)R->lines[l].nseg + 1);
    if (!(R->ic_buf = malloc((total ? total : 1) * sizeof *R->ic_buf))) {
        oom(R, "the start state of fileIC", 8.0 * (double)total);
        hw_md_state_free(&st);
        return;
    }
    double *b = R->ic_buf;
    for (int l = 0; l < nl; l++) {
        hw_line_def *L = &R->lines[l];
        int n = L->nseg;
        double *r = b, *v = b + 3 * ((size_t)n + 1);
        b += 6 * ((size_t)n + 1);
        const double *in = st.data[o_line + l];
        for (int j = 0; j <= n; j++) {
            int p = j == 0 ? L->point_a : j == n ? L->point_b : -1;
            const hw_point_def *P = p >= 0 ? &R->points[p] : NULL;
            /* an end: its free point's row, a point on a body where the body's start puts it, else
             * the point's own place (the sim keeps it there) */
            const double *src = p < 0 ? in + 6 * (j - 1) : P->kind == HW_POINT_FREE && p < np ? st.data[o_pt + p] : NULL;
            int rodpt = 0;
            for (int i = 0; p >= np && !src && i < nr; i++) /* a free zero-length rod's point: its row */
                if (R->rods[i].point == 1 + HW_POINT_FREE && R->rods[i].pt_a == p) {
                    const double *rr = st.data[o_rod + i];
                    for (int c = 0; c < 3; c++) {
                        r[3 * j + c] = rr[c];
                        v[3 * j + c] = rr[7 + c];
                    }
                    rodpt = 1;
                }
            if (rodpt) continue;
            int on = -1;
            for (int a = 0; p >= 0 && !src && a < R->n_att; a++)
                if (R->att[a].point == p) on = a;
            if (on >= 0) {
                const hw_body_def *B = &R->bodies[R->att[on].body];
                hw_scn_body_point0(B, R->att[on].at, r + 3 * j);
                hw_scn_body_point_vel0(B, R->att[on].at, v + 3 * j);
                continue;
            }
            for (int c = 0; c < 3; c++) {
                r[3 * j + c] = src ? src[c] : P->pos[c];
                v[3 * j + c] = src ? src[3 + c] : 0.0;
            }
        }
        L->start_pos = r;
        L->start_vel = v;
    }
    hw_md_state_free(&st);
    if (R->opt_ln[O_TMAXIC] && R->solver.static_solve)
        note(R, R->opt_ln[O_TMAXIC], "TmaxIC has no effect with fileIC: the run starts from the state file as it "
             "was saved, without a static solve (MoorDyn 2.7.2 runs its initial-condition stage from the file's "
             "state; docs/moordyn.md)");
    R->solver.static_solve = 0;
}

/* Splits text (modified in place) into lines and reads the deck into R. */
static void read_deck(rdr *R, char *text)
{
    R->env = hw_default_env();
    R->env.g = 9.80665; /* MoorDyn-C v2's built-in value (its documentation lists 9.81) */
    R->fricdamp = 200;  /* MoorDyn-C's FricDamp default, N s/m */
    R->dt_wave = 0.25;  /* MoorDyn-C's dtWave default, s */
    R->solver = hw_default_solver();
    R->out_interval = 0.1;
    R->dtic = 1.0;      /* MoorDyn-C's dtIC default, s */
    R->write_units = 1;
    int cap = 0;
    for (char *p = text; p && *p;) {
        if (R->n_ln == cap) {
            cap = cap ? 2 * cap : 256;
            char **g = grow(R, R->ln, cap, sizeof *g);
            if (!g) return;
            R->ln = g;
        }
        R->ln[R->n_ln++] = p;
        char *nl = strchr(p, '\n');
        if (nl) *nl = '\0';
        size_t n = strlen(p);
        if (n && p[n - 1] == '\r') p[n - 1] = '\0'; /* CRLF line ends */
        p = nl ? nl + 1 : NULL;
    }
    find_sections(R);
    if (!FAILED(R) && R->sec[SEC_LINE_TYPES].header < 0 && R->sec[SEC_POINTS].header < 0 &&
        R->sec[SEC_LINES].header < 0 && !lines_optional(R))
        fail(R, 0, "deck", "expected a MoorDyn input deck with \"---- LINE TYPES ----\", \"---- POINTS "
             "----\" and \"---- LINES ----\" sections (or RODS or BODIES alone), got none of them");
    /* in the order of a MoorDyn deck, so the first error reported is usually the first in the file */
    if (!FAILED(R)) read_line_types(R);
    if (!FAILED(R)) read_rod_types(R);
    if (!FAILED(R)) read_bodies(R);
    if (!FAILED(R)) read_rods(R);
    if (!FAILED(R)) read_points(R);
    /* with their cylinders and the Mass and Volume of their Body# points (fold_point_into_body) */
    for (int k = 0; k < R->n_bodies && !FAILED(R); k++) check_body(R, k);
    if (!FAILED(R)) add_rod_points(R);
    if (!FAILED(R)) read_lines(R);
    if (!FAILED(R)) drop_idle_points(R);
    if (!FAILED(R)) set_rod_clamps(R);
    if (!FAILED(R)) read_failures(R);
    if (!FAILED(R)) read_syrope_ic(R);
    if (!FAILED(R)) read_options(R);
    if (!FAILED(R) && R->ic_file[0]) read_state_file(R);
    if (!FAILED(R)) read_waves(R);
    if (!FAILED(R) && R->currents == 1) read_current_profile(R);
    if (!FAILED(R) && (R->currents == 2 || R->currents == 5)) read_current_file(R, R->currents);
    if (!FAILED(R)) warn_unified_current(R);
    if (!FAILED(R)) read_outputs(R);
    if (!FAILED(R)) require_depth(R);
    if (!FAILED(R)) map_friction(R);
    if (FAILED(R)) return;
    if (R->no_lines && R->n_points == 0 && R->n_types > 0) {
        /* rods or bodies alone beside a LINE TYPES table no line uses (MoorDyn's own rod test decks
         * carry one): the types are left out of the model, which then has no lumped lines at all */
        note(R, R->sec[SEC_LINE_TYPES].header + 1, "LINE TYPES: %d type%s but no LINES: not used (a deck of "
             "rods or bodies alone)", R->n_types, R->n_types > 1 ? "s" : "");
        R->n_types = 0;
    }
    hw_model_def m = hw_default_model();
    m.env = R->env;
    m.solver = R->solver;
    m.n_types = R->n_types;
    m.types = R->types;
    m.n_points = R->n_points;
    m.points = R->points;
    m.n_lines = R->n_lines;
    m.lines = R->lines;
    if (R->n_lines == 0 && R->n_types == 0 && R->n_points == 0) return; /* rods or bodies alone: checked as loaded */
    check_model(R, &m);
    apply_cfl(R, &m);
}

/* The model of R as YAML text (malloc'ed). */
static char *deck_yaml(rdr *R, const char *comment)
{
    hw_scenario sc;
    memset(&sc, 0, sizeof sc);
    sc.model = hw_default_model();
    sc.model.env = R->env;
    sc.model.solver = R->solver;
    sc.model.n_types = R->n_types;
    sc.model.types = R->types;
    sc.model.n_points = R->n_points;
    sc.model.points = R->points;
    sc.model.n_lines = R->n_lines;
    sc.model.lines = R->lines;
    sc.n_bodies = R->n_bodies;
    sc.bodies = R->bodies;
    sc.n_body_points = R->n_att;
    sc.body_points = R->att;
    sc.out_interval = R->out_interval;
    sc.n_out_nodes = R->n_nodes;
    sc.out_nodes = R->nodes;
    sc.n_out_segments = R->n_segs;
    sc.out_segments = R->segs;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        R->status = HW_ERR_NOMEM;
        snprintf(R->err, sizeof R->err, "%s: out of memory opening a memory stream for the deck's YAML", R->file);
        return NULL;
    }
    hw_status st = hw_scenario_write_yaml(&sc, f, comment);
    if (fclose(f) != 0) st = HW_ERR_NOMEM;
    if (st != HW_OK) {
        free(buf);
        R->status = HW_ERR_NOMEM;
        snprintf(R->err, sizeof R->err, "%s: out of memory writing the deck's model as YAML (%d output nodes, "
                 "%d output segments: about %.3g MB)", R->file, R->n_nodes, R->n_segs,
                 1e-6 * 40.0 * ((double)R->n_nodes + R->n_segs));
        return NULL;
    }
    return buf;
}

/* A body no point rides on moves alone (the YAML loader's warning, with the deck's line). */
static void warn_unattached(rdr *R)
{
    for (int k = 0; k < R->n_bodies && R->log; k++) {
        int n = 0;
        for (int i = 0; i < R->n_att; i++) n += R->att[i].body == k;
        if (n || R->bodies[k].n_cylinders > 0) continue; /* a rod moves under its own loads */
        char buf[600];
        snprintf(buf, sizeof buf, "%s:%d: BODIES %d: nothing is attached to this body (no point of the POINTS "
                 "section is Body%d): it moves alone", R->file, R->body_ln[k], k + 1, k + 1);
        R->log(R->log_user, 1, buf);
    }
}

/* A scenario's warnings (scenario.h: '\n'-separated lines) to log at level 1. */
void hw_md_log_warnings(const hw_scenario *sc, hw_log_fn log, void *log_user)
{
    for (const char *p = sc ? sc->warnings : NULL; p && *p && log;) {
        const char *nl = strchr(p, '\n');
        char buf[800];
        snprintf(buf, sizeof buf, "%.*s", (int)(nl ? (size_t)(nl - p) : strlen(p)), p);
        log(log_user, 1, buf);
        p = nl ? nl + 1 : p + strlen(p);
    }
}

static void set_msg(char *msg, size_t len, const char *s)
{
    if (msg && len) snprintf(msg, len, "%s", s);
}

static hw_md_deck *deck_new(rdr *R)
{
    hw_md_deck *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    const hw_current_def *c = &R->env.current;
    hw_cur_grid g; /* the deck's current, for the U and D line outputs: a copy */
    int nomem = 0;
    d->cur_buf = hw_current_copy(c, &g, &nomem);
    if (nomem) {
        free(d);
        return NULL;
    }
    if (d->cur_buf) {
        d->current = *c;
        d->current.x = g.x; d->current.y = g.y; d->current.z = g.z; d->current.t = g.t;
        d->current.ux = g.ux; d->current.uy = g.uy; d->current.uz = g.uz;
    }
    if (R->n_rods > 0 && !(d->rods = calloc((size_t)R->n_rods, sizeof *d->rods))) {
        free(d->cur_buf);
        free(d);
        return NULL;
    }
    for (int i = 0; i < R->n_rods; i++) {
        const md_rod *rod = &R->rods[i];
        d->rods[i].flags = rod->flags;
        d->rods[i].pt_a = rod->pt_a;
        d->rods[i].pt_b = rod->pt_b;
        d->rods[i].nseg = rod->c.segments;
        d->rods[i].body = rod->body;
        d->rods[i].cyl = 0; /* its place among its body's cylinders (attach_cylinders: deck order) */
        for (int j = 0; j < i; j++) d->rods[i].cyl += R->rods[j].body == rod->body;
    }
    d->n_rods = R->n_rods;
    d->rho = R->env.rho_w;
    d->n_lines = R->n_lines;
    d->lines = R->lo;
    R->lo = NULL;
    d->waves = R->waves;
    R->waves = NULL;
    d->write_units = R->write_units;
    /* no dtOut: MoorDyn 2.7.2 writes a row per coupling step, t = 0 included; here a row per output time */
    d->dt_out = R->opt_ln[O_DTOUT] ? R->out_interval : 0.0;
    d->n_channels = R->n_chans;
    d->channels = R->chans;
    R->chans = NULL;
    R->n_chans = 0;
    return d;
}

/* The sea of WaveKin 2, 3 or 7 is built once here (as the YAML loader does), so that what
 * hw_waves_create refuses is reported at the WaveKin line, not as an internal error of the YAML. */
static void check_waves(rdr *R)
{
    if (FAILED(R) || R->env.waves.kind == HW_WAVES_NONE) return;
    hw_waves *w = NULL;
    char m[600] = "";
    hw_status st = hw_waves_create(&R->env, &w, m, sizeof m);
    if (st == HW_OK) R->waves = w; /* for the U and D line outputs */
    else hw_waves_destroy(w);
    if (st != HW_OK)
        fail_st(R, st, R->opt_ln[O_WAVEKIN], "OPTIONS WaveKin", "WaveKin %d: %s", R->wavekin,
                strncmp(m, "waves: ", 7) ? m : m + 7);
}

hw_status hw_md_load_string(const char *text, const char *name, hw_log_fn log, void *log_user,
                            hw_scenario **sc, hw_md_deck **deck, char *msg, size_t msg_len)
{
    if (sc) *sc = NULL;
    if (deck) *deck = NULL;
    if (!name) name = "<string>";
    if (!text || !sc) {
        set_msg(msg, msg_len, "hw_md_load_string: no deck text or no output pointer");
        return HW_ERR_INVALID_ARG;
    }
    rdr R;
    memset(&R, 0, sizeof R);
    R.file = name;
    R.log = log;
    R.log_user = log_user;
    char *copy = strdup(text);
    if (!copy) {
        char m[600];
        snprintf(m, sizeof m, "%s: out of memory copying the deck (%.3g MB)", name, 1e-6 * (double)strlen(text));
        set_msg(msg, msg_len, m);
        return HW_ERR_NOMEM;
    }
    read_deck(&R, copy);
    check_waves(&R);
    char *yaml = FAILED(&R) ? NULL : deck_yaml(&R, NULL);
    hw_status st = R.status;
    if (!FAILED(&R)) {
        char m2[1024];
        st = hw_scenario_load_string(yaml, name, sc, m2, sizeof m2);
        if (st == HW_ERR_NOMEM) {
            snprintf(R.err, sizeof R.err, "%.900s", m2);
        } else if (st != HW_OK) {
            snprintf(R.err, sizeof R.err, "%s: internal error: the deck's model did not load as a "
                     "scenario: %.600s", name, m2);
        } else {
            (*sc)->warnings = NULL; /* with the generated YAML's lines: the deck's own instead */
            warn_unattached(&R);
            if (deck && !(*deck = deck_new(&R))) {
                hw_scenario_free(*sc);
                *sc = NULL;
                st = HW_ERR_NOMEM;
                snprintf(R.err, sizeof R.err, "%s: out of memory (%zu bytes for the deck's channels)", name,
                         sizeof(hw_md_deck));
            }
        }
    }
    set_msg(msg, msg_len, st == HW_OK ? "" : R.err);
    free(yaml);
    free(copy);
    rdr_free(&R);
    return st;
}

/* The whole file into a NUL-terminated buffer; NULL with errno on failure (EFBIG, *size set: a
 * regular file larger than HW_INPUT_MAX_BYTES, refused before it is read). */
static char *slurp(const char *path, long long *size)
{
    size_t n = 0;
    *size = -1;
    char *buf = hw_read_file(path, &n, size);
    if (buf && strlen(buf) != n) { /* a NUL byte: not a text deck */
        free(buf);
        errno = EINVAL;
        return NULL;
    }
    return buf;
}

static hw_status read_error(const char *path, long long size, char *msg, size_t len)
{
    char m[768];
    int e = errno; /* before snprintf and strerror, which may change it */
    if (e == EFBIG) {
        if (size >= 0)
            snprintf(m, sizeof m, "%s:1: file size: expected at most %lld MiB, got %lld bytes (docs/moordyn.md)",
                     path, HW_INPUT_MAX_BYTES >> 20, size);
        else
            snprintf(m, sizeof m, "%s: file size: expected at most %lld MiB (docs/moordyn.md)", path,
                     HW_INPUT_MAX_BYTES >> 20);
        set_msg(msg, len, m);
        return hw_read_file_status(e);
    }
    snprintf(m, sizeof m, "%s: cannot read: %s", path, e == EINVAL ? "not a text file" : strerror(e));
    set_msg(msg, len, m);
    return hw_read_file_status(e);
}

hw_status hw_md_load(const char *path, hw_log_fn log, void *log_user, hw_scenario **sc,
                     hw_md_deck **deck, char *msg, size_t msg_len)
{
    if (sc) *sc = NULL;
    if (deck) *deck = NULL;
    if (!path || !sc) {
        set_msg(msg, msg_len, "hw_md_load: no path or no output pointer");
        return HW_ERR_INVALID_ARG;
    }
    errno = 0;
    long long size = -1;
    char *text = slurp(path, &size);
    if (!text) return read_error(path, size, msg, msg_len);
    hw_status st = hw_md_load_string(text, path, log, log_user, sc, deck, msg, msg_len);
    free(text);
    return st;
}

void hw_md_free(hw_md_deck *deck)
{
    if (!deck) return;
    free(deck->channels);
    for (int k = 0; deck->lines && k < deck->n_lines; k++) free(deck->lines[k].curves);
    free(deck->lines);
    free(deck->rods);
    free(deck->cur_buf);
    hw_waves_destroy(deck->waves);
    free(deck);
}

int hw_md_is_deck(const char *path)
{
    if (!path) return 0;
    FILE *f = fopen(path, "rb");
    if (f) {
        char line[1024];
        int found = 0;
        for (int k = 0; k < 5000 && !found && fgets(line, sizeof line, f); k++) {
            const char *p = line + strspn(line, " \t");
            found = !strncmp(p, "--", 2) && is_header(p) && (classify(p) || names_moordyn(p));
        }
        fclose(f);
        if (found) return 1;
    }
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash)) return 0;
    return !strcasecmp(dot, ".dat") || !strcasecmp(dot, ".txt") || !strcasecmp(dot, ".in") ||
           !strcasecmp(dot, ".inp");
}

hw_status hw_md_load_any(const char *path, hw_log_fn log, void *log_user, hw_scenario **sc,
                         hw_md_deck **deck, char *msg, size_t msg_len)
{
    if (deck) *deck = NULL;
    return hw_md_load_any_with(path, NULL, 0, log, log_user, sc, deck, msg, msg_len);
}

hw_status hw_md_load_any_with(const char *path, const char *const *overrides, int n_overrides,
                              hw_log_fn log, void *log_user, hw_scenario **sc, hw_md_deck **deck,
                              char *msg, size_t msg_len)
{
    if (deck) *deck = NULL;
    if (hw_md_is_deck(path)) {
        if (n_overrides > 0) {
            if (sc) *sc = NULL;
            char m[1200];
            snprintf(m, sizeof m, "%.1000s: overrides (KEY.PATH=VALUE) apply to YAML scenarios, not to a "
                     "MoorDyn deck: convert it first with `hawser convert`", path);
            set_msg(msg, msg_len, m);
            return HW_ERR_INPUT;
        }
        return hw_md_load(path, log, log_user, sc, deck, msg, msg_len);
    }
    hw_status st = hw_scenario_load_with(path, NULL, overrides, n_overrides, sc, msg, msg_len);
    if (st == HW_OK) hw_md_log_warnings(*sc, log, log_user);
    return st;
}

hw_status hw_md_to_yaml(const char *path, hw_log_fn log, void *log_user, char **yaml, char *msg,
                        size_t msg_len)
{
    if (yaml) *yaml = NULL;
    if (!path || !yaml) {
        set_msg(msg, msg_len, "hw_md_to_yaml: no path or no output pointer");
        return HW_ERR_INVALID_ARG;
    }
    errno = 0;
    long long size = -1;
    char *text = slurp(path, &size);
    if (!text) return read_error(path, size, msg, msg_len);
    rdr R;
    memset(&R, 0, sizeof R);
    R.file = path;
    R.log = log;
    R.log_user = log_user;
    read_deck(&R, text);
    if (!FAILED(&R)) {
        /* the header comment: where it came from, and the channels YAML cannot hold */
        size_t cap = 1024 + (size_t)R.n_chans * 50;
        char *c = malloc(cap);
        if (c) {
            size_t used = (size_t)snprintf(c, cap,
                "Hawser scenario converted by `hawser convert` from the MoorDyn deck %s\n"
                "(field mapping: docs/moordyn.md). Point IDs became point<ID>, line IDs line<ID>, body IDs body<ID>%s.", path,
                R.n_rods ? ";\nrods became cylinders of their own bodies rod<ID> (or of body<N>), their ends the points "
                           "rod<ID>_a and rod<ID>_b" : "");
            if (R.n_chans > 0) {
                used += (size_t)snprintf(c + used, cap - used,
                    "\nThe deck's OUTPUTS channels, written to a .out table only when the deck itself is "
                    "run:\n ");
                for (int k = 0; k < R.n_chans && used < cap; k++)
                    used += (size_t)snprintf(c + used, cap - used, " %s", R.chans[k].name);
            }
            *yaml = deck_yaml(&R, c);
            free(c);
        } else {
            R.status = HW_ERR_NOMEM;
            snprintf(R.err, sizeof R.err, "%s: out of memory (%zu bytes for the header comment)", path, cap);
        }
    }
    hw_status st = R.status;
    set_msg(msg, msg_len, st == HW_OK ? "" : R.err);
    free(text);
    rdr_free(&R);
    return st;
}
