/* The 1-D network's definition storage, shared by the builder/checker (network_def.c), the
 * runtime (network.c) and the scenario loader (scenario_network.c). */
#ifndef HW_HOST_NETWORK_INTERNAL_H
#define HW_HOST_NETWORK_INTERNAL_H

#include "hawser/network.h"

enum { NET_ROPE = 0, NET_DRUM, NET_RAIL, NET_BASIC };

typedef struct net_elem_def {
    int type; /* NET_* */
    hw_net_rope_def rope;
    hw_net_drum_def drum;
    hw_net_rail_mass_def rail;
    hw_net_basic_def basic;
    void *own[8]; /* copies of the name and arrays, owned */
    int n_own;
} net_elem_def;

struct hw_net_def {
    int n_nodes, cap_nodes;
    hw_net_node_def *nodes;   /* names owned */
    int n_rnodes, cap_rnodes;
    hw_net_rnode_def *rnodes; /* names owned */
    int n_elems, cap_elems;
    net_elem_def *elems;
    char err[320];
};

/* "rope", "drum", "rail mass", "mass", "spring", ... */
const char *hw_net_elem_kind_name(const net_elem_def *e);
const char *hw_net_elem_name(const net_elem_def *e);

/* Fills err (if not NULL) like hw_net_check() does and returns HW_ERR_INPUT. */
hw_status hw_net_input_fail(const hw_net_def *def, hw_net_input_error *err, int item, int index,
                            const char *field, int entry, const char *fmt, ...);

/* hw_net_check() plus the structural rules that building the network checks (sources on fixed
 * nodes, drum ends, free nodes without mass), without keeping the network. */
hw_status hw_net_build_check(const hw_net_def *def, hw_net_input_error *err);

/* The network's run-time state, one record at a time (name, address, bytes), for a checkpoint to
 * save or load in place (network.c; io/network_checkpoint.c passes hw_ck_io). */
typedef void (*hw_net_record_fn)(void *ctx, const char *name, void *p, size_t n);
void hw_net_state_records(hw_net *net, hw_net_record_fn rec, void *ctx);

#endif
