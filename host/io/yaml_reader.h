/* The YAML scenario readers' shared core (scenario.c, scenario_network.c, scenario_rigid.c,
 * scenario_winch.c): one error ("FILE:LINE: FIELD: expected ..., got ..."), the file line of every
 * key read (so that a later semantic check can point at it), mappings checked for unknown, misspelt
 * and repeated keys, the values of their keys (numbers, names from a list, tables of rows), and
 * zeroed allocations owned by the caller (the arrays a definition points to). */
#ifndef HW_HOST_YAML_READER_H
#define HW_HOST_YAML_READER_H

#include <stdarg.h>
#include <stddef.h>

#include "hawser/hawser.h"
#include "io/yaml_doc.h"

typedef struct hw_yr_rec { int item, index; char field[128]; int line; } hw_yr_rec;
typedef struct hw_yr_recs { hw_yr_rec *v; int n, cap; } hw_yr_recs; /* free(v) when done */

typedef struct hw_yr_block hw_yr_block; /* a list of allocations: hw_yr_alloc, hw_yr_blocks_free */

typedef struct hw_yr {
    yaml_document_t *doc;
    const char *file;
    hw_status status;   /* HW_OK until the first error */
    char *err;          /* that error, one line */
    size_t err_len;
    hw_yr_recs *recs;   /* where key lines go (the caller's, so they may outlive the reader) */
    hw_yr_block **blocks; /* where hw_yr_alloc's blocks go (the caller's list, for the same reason) */
} hw_yr;

static inline int hw_yr_failed(const hw_yr *y) { return y->status != HW_OK; }

void hw_yr_vfail(hw_yr *y, int line, const char *path, const char *fmt, va_list ap);
void hw_yr_fail(hw_yr *y, int line, const char *path, const char *fmt, ...);
void hw_yr_nomem(hw_yr *y);
void hw_yr_record(hw_yr *y, int item, int index, const char *field, int line);
int hw_yr_find(const hw_yr_recs *r, int item, int index, const char *field); /* line, or 0 */
/* The line of field, else of its nearest recorded parent ("a.b[2]" -> "a.b" -> "a" -> "", the
 * item itself), or 0: where a semantic check's error on that field is reported. */
int hw_yr_find_nearest(const hw_yr_recs *r, int item, int index, const char *field);

/* count * size zeroed bytes in a block on *y->blocks (freed with the list); NULL once the reader
 * has failed (out of memory included). */
void *hw_yr_alloc(hw_yr *y, size_t count, size_t size);
void hw_yr_blocks_free(hw_yr_block **blocks); /* and *blocks = NULL */

void hw_yr_key_list(const char *const *keys, char *buf, size_t len);

/* A mapping of the keys `allowed` only, each once; else fails (at path; "" is the document's top
 * level, named "scenario" in messages) and returns -1. */
int hw_yr_check_map(hw_yr *y, yaml_node_t *node, int line, const char *path,
                    const char *const *allowed, const char *context);
/* The value of key in mapping node (NULL if absent), its line and path "PATH.KEY" ("KEY" at the
 * top level); the line is recorded as (item, index, REC KEY) unless item < 0. Without the key:
 * *line = map_line. */
yaml_node_t *hw_yr_field(hw_yr *y, yaml_node_t *node, int map_line, const char *map_path, int item,
                         int index, const char *rec, const char *key, int *line, char *path,
                         size_t path_len);

/* ---- a mapping's values ---------------------------------------------------------------------- */

typedef struct hw_yr_map {
    hw_yr *y;
    yaml_node_t *node;  /* the mapping; NULL when it could not be opened (reads are then no-ops) */
    int line;           /* where the mapping is (its key's line, or the item's) */
    char path[200];     /* "lines[1] (line2)", "environment.seabed"; "" at the top level */
    int item, index;    /* where key lines are recorded (item < 0: nowhere) */
    char rec[32];       /* prefix of recorded field names: "", "motion.", "winch." */
} hw_yr_map;

/* A key's value (NULL when absent), the line of the key (else the mapping's) and the field's path. */
typedef struct hw_yr_fld {
    yaml_node_t *v;
    int line;
    char path[272];
} hw_yr_fld;

/* Opens node as a mapping of the keys `allowed` (hw_yr_check_map); context names it in messages
 * ("a line"). Returns 0, or -1 (failed; m->node is then NULL). */
int hw_yr_open(hw_yr_map *m, hw_yr *y, yaml_node_t *node, int line, const char *path, int item,
               int index, const char *rec, const char *const *allowed, const char *context);
/* Looks key up and records its line as REC KEY. 1 when present, else 0 (f->path and f->line, the
 * mapping's line, still set for messages). */
int hw_yr_get(hw_yr_map *m, const char *key, hw_yr_fld *f);
/* For an absent key: an error "expected WHAT (required key), got nothing" when required. Returns
 * 1 (absent, fine) or -1. */
int hw_yr_missing(hw_yr_map *m, const hw_yr_fld *f, int required, const char *what);

/* Readers return 0, or -1 after failing ("expected a number, got ..."). get_*: 1 when the key is
 * absent and not required (dst untouched). */
int hw_yr_read_num(hw_yr *y, const yaml_node_t *v, int line, const char *path, double *dst);
int hw_yr_read_enum(hw_yr *y, const hw_yr_fld *f, const char *const *names, int *dst); /* index */
int hw_yr_get_num(hw_yr_map *m, const char *key, int required, double *dst);
int hw_yr_get_enum(hw_yr_map *m, const char *key, int required, const char *const *names, int *dst);

/* Tables: a list of rows of numbers whose first column strictly increases. */
typedef struct hw_yr_table_spec {
    int min_cols, max_cols; /* row width */
    int min_rows;
    const char *form;       /* "[strain, tension]" */
    const char *col0;       /* name of the first column, for messages */
} hw_yr_table_spec;
/* The rows of f into a row-major array of max_cols columns (absent trailing columns are 0),
 * allocated with hw_yr_alloc. Each row's line is recorded as REC[k] when rec is not NULL. Returns
 * the row count or -1. */
int hw_yr_read_table(hw_yr_map *m, const hw_yr_fld *f, const hw_yr_table_spec *ts, const char *rec,
                     double **out);
/* Column c of a row-major table of n rows as its own array (hw_yr_alloc); NULL when out of memory. */
double *hw_yr_column(hw_yr *y, const double *rows, int n, int cols, int c);

#endif
