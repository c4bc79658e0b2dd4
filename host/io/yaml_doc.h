/* Small generic helpers over libyaml's document API (yaml_parser_load): loading a document from
 * memory with a one-line error, node access by kind, line numbers (1-based), scalar conversion
 * (numbers, integers, booleans) and short descriptions of a node for error messages. */
#ifndef HW_HOST_YAML_DOC_H
#define HW_HOST_YAML_DOC_H

#include <stddef.h>
#include <yaml.h>

/* Parses text[0..len) and loads its first document into *doc. A second non-empty document is an
 * error. Returns 0 on success (doc to be freed with yaml_document_delete(); its root node may be
 * NULL for an empty file), 1 on a syntax error (*line is the 1-based line and problem holds a
 * description), -1 when out of memory (doc is not initialized on failure). */
int yd_load(const char *text, size_t len, yaml_document_t *doc, int *line, char *problem,
            size_t problem_len);

/* Limits checked by yd_load before the document is built (docs/scenario.md, "Limits"):
 * - nesting: at most YD_MAX_DEPTH mappings and lists inside one another. A scenario needs about 6;
 *   libyaml's time grows with the square of the depth of flow collections ([[[...]]]), so a
 *   hostile file of 100k levels took minutes: the depth is checked on libyaml's event stream, which
 *   stops at the first level too deep.
 * The size of a file is limited before it is read (HW_INPUT_MAX_BYTES, files.h), not here: a
 * MoorDyn deck's model, written as YAML in memory and read back, may be larger. */
#define YD_MAX_DEPTH 64

int yd_line(const yaml_node_t *n); /* 1-based line where the node starts (0 for NULL) */
yaml_node_t *yd_root(yaml_document_t *d);
int yd_is_map(const yaml_node_t *n);
int yd_is_seq(const yaml_node_t *n);
int yd_is_scalar(const yaml_node_t *n);
/* A plain scalar that is empty, "~" or "null" (YAML's null). */
int yd_is_null(const yaml_node_t *n);
const char *yd_scalar(const yaml_node_t *n); /* the text of a scalar, NULL for other kinds */

int yd_seq_len(const yaml_node_t *seq);
yaml_node_t *yd_seq_at(yaml_document_t *d, const yaml_node_t *seq, int i);

int yd_map_len(const yaml_node_t *map);
yaml_node_t *yd_map_key_at(yaml_document_t *d, const yaml_node_t *map, int i);
yaml_node_t *yd_map_value_at(yaml_document_t *d, const yaml_node_t *map, int i);
/* The value of the first pair whose key is the scalar key (and that key node), or NULL. */
yaml_node_t *yd_map_find(yaml_document_t *d, const yaml_node_t *map, const char *key,
                         yaml_node_t **key_node);

/* Conversions of plain scalars; return 0 on success, -1 otherwise (out untouched). Quoted
 * scalars are strings, never numbers or booleans. */
int yd_to_double(const yaml_node_t *n, double *out); /* finite decimal/exponent forms only */
int yd_to_long(const yaml_node_t *n, long *out);     /* decimal integers */
int yd_to_bool(const yaml_node_t *n, int *out);      /* true / false */

/* A short description of a node for "got ..." in messages: "nothing" (NULL), "an empty value",
 * "a mapping", "a list of 3 items", a number as written, or a quoted (and shortened) string. */
void yd_describe(const yaml_node_t *n, char *buf, size_t len);

#endif
