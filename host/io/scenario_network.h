/* The `network:` section of a scenario file (docs/network.md): a 1-D driveline network. */
#ifndef HW_HOST_SCENARIO_NETWORK_H
#define HW_HOST_SCENARIO_NETWORK_H

#include <stddef.h>
#include <yaml.h>

#include "hawser/network.h"

/* Parses the value of the `network` key (node; key_line is the key's line) into a new definition
 * and checks it with hw_net_check(), mapping its errors back to the line of the field. On failure
 * returns HW_ERR_INPUT (or HW_ERR_NOMEM), *out is NULL and err holds one line
 * "FILE:LINE: FIELD: expected ..., got ...". */
hw_status hw_scenario_network_parse(yaml_document_t *doc, yaml_node_t *node, int key_line,
                                    const char *file, hw_net_def **out, char *err, size_t err_len);

#endif
