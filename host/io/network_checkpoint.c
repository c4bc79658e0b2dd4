/* The 1-D network's records in a checkpoint (checkpoint.h hw_ck_net_records): the network lists
 * its run-time state (network.c hw_net_state_records), each record goes through hw_ck_io. */
#include "io/checkpoint.h"
#include "network/network_internal.h"

static void ck_record(void *ctx, const char *name, void *p, size_t n) { hw_ck_io((hw_ck *)ctx, name, p, n); }

void hw_ck_net_records(hw_ck *ck, hw_net *net) { hw_net_state_records(net, ck_record, ck); }
