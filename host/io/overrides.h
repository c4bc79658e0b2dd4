/* Scenario overrides: "KEY.PATH=VALUE" applied to a loaded YAML document before the scenario loader
 * reads it (hw_scenario_load_with, `hawser sweep`, docs/sweep.md).
 *
 * KEY.PATH is names joined by '.', with list items by index ("lines[0].length") or by the value of
 * their `name:` key ("lines.mooring.length"). Every key on the way must exist; the last one is
 * added when it is missing and its parent is a mapping. VALUE is parsed as YAML ("[1, 2]" is a
 * list, "\"abc\"" a string, "" null) and replaces the value (or the list item) at the path.
 *
 * The nodes an override puts in the document carry a sentinel line, HW_OVR_LINE0 + k + 1 for the
 * k-th override (the key replaced as well as the value), so that a loader error located there can
 * be rewritten (hw_ovr_name_lines) to name the override instead of a line of the file. */
#ifndef HW_HOST_OVERRIDES_H
#define HW_HOST_OVERRIDES_H

#include <stddef.h>
#include <yaml.h>

#define HW_OVR_LINE0 1000000000

/* Splits "KEY=VALUE" at its first '=': the key (trimmed) into key, *value past the '='. Returns 0,
 * or -1 when there is no '=' or the key is empty or too long. */
int hw_ovr_split(const char *ovr, char *key, size_t key_len, const char **value);

/* Applies overrides[0..n) to doc in order. Returns 0; 1 with msg "FILE: override 'K=V': WHAT" on
 * a bad override; -1 when out of memory. */
int hw_ovr_apply(yaml_document_t *doc, const char *file, const char *const *overrides, int n,
                 char *msg, size_t msg_len);

/* Rewrites, in msg, the sentinel lines of overrides[0..n): "FILE:L:" -> "FILE: override 'K=V':",
 * "line L" -> "override 'K=V'". */
void hw_ovr_name_lines(char *msg, size_t msg_len, const char *const *overrides, int n);

/* A node as one line of YAML flow text ("3.5", "[1, 2]", "{a: 1}", "\"quoted\""), as an override's
 * VALUE reads it back. Truncated (ending "...") when longer than len - 1. */
void hw_ovr_flow(yaml_document_t *doc, const yaml_node_t *node, char *buf, size_t len);

#endif
