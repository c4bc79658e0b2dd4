/* Checkpoints of a simulation: its whole run-time state saved to a buffer or a file and loaded
 * into a simulation built from the same model, which then continues bit-identically on the same
 * backend (docs/outputs.md, "Checkpoint and resume").
 *
 * What is saved: the state vector (all blocks, and a viscoelastic line's strains), time and step
 * counts, segment-steps, the failed flag and the static-solve facts, every winch's and sheave's
 * run-time state, the per-line
 * arrays a reel event changes (segment counts, winch segments and rates, segment lengths, node
 * masses and lengths), the kinematics last set on coupled points and, in waves, the lines'
 * sampled wave kinematics (hw_sim_wave_samples_get, include/hawser/waves.h).
 *
 * A checkpoint is versioned (format version and Hawser version) and carries a fingerprint of
 * the model (its sizes, constants and time step; in waves, the sea) and a checksum; loading one
 * from another model, another Hawser version, or a corrupt or truncated one returns HW_ERR_INPUT
 * with a message saying which, and leaves the simulation unchanged. */
#ifndef HAWSER_CHECKPOINT_H
#define HAWSER_CHECKPOINT_H

#include <stddef.h>

#include "hawser/hawser.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The state of sim as a checkpoint in a malloc'd buffer (*buf, *len; release with free()). */
hw_status hw_sim_save_state(const hw_sim *sim, void **buf, size_t *len);
/* Loads a checkpoint made by hw_sim_save_state from a simulation of the same model. */
hw_status hw_sim_load_state(hw_sim *sim, const void *buf, size_t len, char *msg, size_t msg_len);
/* The same to and from a file. The file is written to a temporary name in the same directory,
 * flushed to disk (fsync) and renamed over path, so path always holds a complete checkpoint. */
hw_status hw_sim_save_state_file(const hw_sim *sim, const char *path, char *msg, size_t msg_len);
hw_status hw_sim_load_state_file(hw_sim *sim, const char *path, char *msg, size_t msg_len);

#ifdef __cplusplus
}
#endif

#endif
