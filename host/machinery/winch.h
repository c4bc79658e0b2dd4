/* Winches in reel mode and sheaves of the lumped lines (winch.c). */
#ifndef HW_HOST_WINCH_H
#define HW_HOST_WINCH_H

#include "hawser/hawser.h"
#include "backend.h"
#include "model/model_build.h"
#include "model/statics.h"

/* One entry per line end (2 l + 0: end A, 2 l + 1: end B; on = 0 where it does not reel) and
 * per sheave: the reel state of kernels/reel.h, which the backend updates every step where it
 * computes (reel_before / reel_after). The host's arrays are the backend's own on the CPU (its
 * reports then come after every step) and a copy on the GPU, read back (reel_get) once per
 * hw_sim_step call, after a shortened step, and after every step while a failure rule is armed. */
typedef hw_reel_end hw_winch_rt;
typedef hw_reel_sheave hw_sheave_rt;
typedef struct hw_winches {
    int n, any, need_tension;
    hw_winch_rt *w;        /* n = 2 n_lines */
    int n_sheaves;
    hw_sheave_rt *sh;
    hw_reel_sys R;         /* the view of w, sh and the reeling lines the backend gets */
    long *seen;            /* per end: n_max, n_min, err reported so far; per sheave: n_end */
} hw_winches;
hw_status hw_winches_init(hw_winches *W, const hw_model_def *def, hw_model *m);
void hw_winches_free(hw_winches *W);
/* After the static solve: slides cable over the sheaves until their tensions balance, solving
 * statics again each time (y: the host state, uploaded to the backend at the end). */
hw_status hw_winches_balance(hw_winches *W, hw_model *m, const hw_backend_ops *ops, hw_backend *b,
                             double *y, double tol, int max_iter, hw_static_result *res,
                             hw_log_fn log, void *log_user, char *msg, size_t msg_len);
/* After the backend's reel state was read back (reel_get): logs the end stops and sheave stops
 * that engaged since the last call, each with its time; a reeling end that ran out of segment
 * slots fails the run (HW_ERR_STATE, err says which line and when). */
hw_status hw_winches_report(hw_winches *W, const hw_model *m, hw_log_fn log, void *log_user,
                            char *err, size_t err_len);

#endif
