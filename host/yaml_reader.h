/* The YAML section readers' shared core (scenario_network.c, scenario_rigid.c): one error
 * ("FILE:LINE: FIELD: expected ..., got ..."), the file line of every key read (so that a later
 * semantic check can point at it), and mappings checked for unknown, misspelt and repeated keys. */
#ifndef HW_HOST_YAML_READER_H
#define HW_HOST_YAML_READER_H

#include <stdarg.h>
#include <stddef.h>

#include "hawser/hawser.h"
#include "yaml_doc.h"

typedef struct hw_yr_rec { int item, index; char field[128]; int line; } hw_yr_rec;
typedef struct hw_yr_recs { hw_yr_rec *v; int n, cap; } hw_yr_recs; /* free(v) when done */

typedef struct hw_yr {
    yaml_document_t *doc;
    const char *file;
    hw_status status;   /* HW_OK until the first error */
    char *err;          /* that error, one line */
    size_t err_len;
    hw_yr_recs *recs;   /* where key lines go (the caller's, so they may outlive the reader) */
} hw_yr;

void hw_yr_vfail(hw_yr *y, int line, const char *path, const char *fmt, va_list ap);
void hw_yr_nomem(hw_yr *y);
void hw_yr_record(hw_yr *y, int item, int index, const char *field, int line);
int hw_yr_find(const hw_yr_recs *r, int item, int index, const char *field); /* line, or 0 */
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

#endif
