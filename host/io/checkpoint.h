/* Checkpoint files (checkpoint.c): a container of named records, and the records of a
 * simulation's state.
 *
 * File layout (all integers little-endian as written by this machine):
 *   0   "HAWSERCK"                  magic (8 bytes)
 *   8   u32 format version          HW_CK_FORMAT
 *   12  u32 header size             64
 *   16  char[32] Hawser version     NUL-padded
 *   48  u64 fingerprint             of the model (and, from the CLI, of the scenario and options)
 *   56  u64 payload size            bytes of records that follow the header
 *   64  records                     each: u16 name length, name, u64 data length, data
 *   end u64 checksum                FNV-1a 64 of every byte before it
 *
 * Save and load run the same code: a function lists its records once with hw_ck_io (HW_CK for a
 * variable), which in a saving container appends the bytes and in a loading one copies them
 * back, checking that the record is there with the expected length. New run-time state is
 * saved by adding one HW_CK line to the function that owns it (sim: ck_sim_records in
 * checkpoint.c; CLI run: run_resume.c). */
#ifndef HW_HOST_CHECKPOINT_H
#define HW_HOST_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "hawser/checkpoint.h"
#include "hawser/network.h"
#include "hawser/rigid.h"
#include "hawser/world.h"
#include "world/sim_internal.h"

#define HW_CK_FORMAT 1u

/* Writes the printf-style message into msg (when there is one) and returns st. */
hw_status hw_ck_fail(char *msg, size_t len, hw_status st, const char *fmt, ...);

typedef struct hw_ck hw_ck;

/* An empty container to save into. NULL when out of memory. */
hw_ck *hw_ck_new(void);
/* A container to load from: checks the magic, format and Hawser versions, the length and the
 * checksum (HW_ERR_INPUT with the reason; what is a message names `what`, e.g. the file). */
hw_status hw_ck_open(const void *buf, size_t len, const char *what, hw_ck **out, char *msg,
                     size_t msg_len);
hw_status hw_ck_open_file(const char *path, hw_ck **out, char *msg, size_t msg_len);
void hw_ck_free(hw_ck *ck);

int hw_ck_loading(const hw_ck *ck);
uint64_t hw_ck_fingerprint(const hw_ck *ck);
void hw_ck_set_fingerprint(hw_ck *ck, uint64_t fp);
/* The first error of the records (missing, wrong length, out of memory), or HW_OK. */
hw_status hw_ck_error(const hw_ck *ck, const char **msg);

/* One record of n bytes at p (saved, or loaded into p). */
void hw_ck_io(hw_ck *ck, const char *name, void *p, size_t n);
#define HW_CK(ck, name, var) hw_ck_io((ck), (name), &(var), sizeof(var))
/* A string record (s: room for cap bytes when loading). */
void hw_ck_str(hw_ck *ck, const char *name, char *s, size_t cap);
/* A loading container's record whose length the caller does not know: its bytes (inside the
 * container, valid while it lives) and length; NULL when absent or when saving. */
const void *hw_ck_find(const hw_ck *ck, const char *name, size_t *n);

/* The complete file image of a saving container (malloc'd). */
hw_status hw_ck_image(const hw_ck *ck, void **buf, size_t *len);
/* Writes the image to path atomically (temporary name, fsync, rename, fsync of the directory). */
hw_status hw_ck_write_file(const hw_ck *ck, const char *path, char *msg, size_t msg_len);

/* FNV-1a 64 of n bytes, continuing from h (start with HW_FNV_INIT). */
#define HW_FNV_INIT 0xcbf29ce484222325ull
uint64_t hw_fnv1a(uint64_t h, const void *p, size_t n);
/* Fingerprint of a simulation's model: sizes, constants, integrator and time step. */
uint64_t hw_ck_model_hash(const hw_sim *sim);

/* The simulation's records (saved from, or loaded into, sim). After loading, call
 * hw_ck_sim_loaded to bring the backend in line. */
void hw_ck_sim_records(hw_ck *ck, hw_sim *sim);
hw_status hw_ck_sim_loaded(hw_sim *sim);
/* Saves the simulation's records (its host state brought up to date first). */
hw_status hw_ck_save_sim(hw_ck *ck, hw_sim *sim);
/* Checks that the container's fingerprint is fp and that every record of the simulation is
 * there, then loads them into sim and brings its backend in line (sim unchanged on an error:
 * HW_ERR_INPUT with a message naming `what`). */
hw_status hw_ck_load_sim(hw_ck *ck, hw_sim *sim, uint64_t fp, const char *what, char *msg,
                         size_t msg_len);
/* The 1-D network's and the rigid cables' records (network.c, rigid_checkpoint.c). The rigid
 * cables' element count changes with reel events: loading reallocates their arrays; CPU only
 * (HW_ERR_UNSUPPORTED on the CUDA backend). */
void hw_ck_net_records(hw_ck *ck, hw_net *net);
hw_status hw_ck_rc_records(hw_ck *ck, hw_rc *rc, char *msg, size_t msg_len);

/* The world's records (io/world_checkpoint.c): its time, flags and its bodies' states; the bodies'
 * names (a record of their own) and the check of a loading container's names against the world's
 * (HW_ERR_INPUT with a message naming both lists; a container without the record and a world
 * without bodies agree). */
void hw_ck_world_records(hw_ck *ck, hw_world *w);
void hw_ck_world_names(hw_ck *ck, const hw_world *w);
hw_status hw_ck_world_check(hw_ck *ck, const hw_world *w, char *msg, size_t msg_len);

/* A loading container: start a pass over the records, checking only (copy 0) or copying. */
void hw_ck_begin_pass(hw_ck *ck, int copy);

#endif
