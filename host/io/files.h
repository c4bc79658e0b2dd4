/* Small file helpers the result writers share. */
#ifndef HW_HOST_FILES_H
#define HW_HOST_FILES_H

#include <stdio.h>

#include "hawser/hawser.h"

/* Creates a directory and its parents (like mkdir -p). Returns 0, or -1 with errno set. */
int hw_mkdir_p(const char *path);
/* Before a fresh run into dir: removes the files a run owns there (the CSV tables, summary.json,
 * run.pvd and the vtk/ frames (cables_, segments_, rigid_, bodies_), results.h5, report.md and the plots/ files, the checkpoint, and
 * out_name when not NULL: a MoorDyn deck's .out table, and its <deck>_Line<N>.out tables), so that no stale frame or table of an
 * earlier run is left beside the new ones. Only regular files go (a directory or a link of such a
 * name stays), and other files are left alone. Returns 0, or -1 with errno
 * and the file in *failed (a path it could not remove). */
int hw_clean_run_dir(const char *dir, const char *out_name, char *failed, size_t failed_len);
/* Writes s as a JSON string literal (quotes, escapes); NULL writes "". */
void hw_json_string(FILE *f, const char *s);
/* Closes f (NULL-safe) and returns 0 when everything written to it reached the file, else the
 * errno of the failure (the failed write's, or fclose's; EIO when none was recorded). */
int hw_fclose_checked(FILE *f);

/* The end of a run that wrote one CSV table (rigid.csv, network.csv): writes dir/summary.json
 * with write(f, ctx) when the directory is there (the table was opened, or st is an I/O failure
 * and dir exists, or csv_path is NULL: a run without a table of its own, bodies alone), then
 * closes *csv (set to NULL). A run that was ok until then (st == HW_OK)
 * becomes HW_ERR_IO when the table's or the summary's writes failed, with msg naming the file;
 * an earlier failure keeps its own status and message. Returns the status. */
typedef void (*hw_summary_fn)(FILE *f, void *ctx);
hw_status hw_close_run_files(const char *dir, FILE **csv, const char *csv_path, hw_summary_fn write,
                             void *ctx, hw_status st, char *msg, size_t msg_len);

/* The largest input file (YAML scenario, MoorDyn deck) read: 64 MiB, some thousand times a large
 * scenario; refused before it is read (docs/scenario.md, "Limits"). */
#define HW_INPUT_MAX_BYTES ((long long)64 << 20)
/* Whether f (open for reading) is a regular file larger than HW_INPUT_MAX_BYTES; its size in
 * *size. A pipe or device is not checked here (its reader stops at the limit). */
int hw_input_too_big(FILE *f, long long *size);
/* The rest of f in a malloc'ed NUL-terminated buffer, its length without the NUL in *len (len may
 * be NULL). Stops past HW_INPUT_MAX_BYTES (a pipe or device; a regular file is measured before it
 * is read: hw_read_file). NULL with errno on failure (ENOMEM, EIO, EFBIG). */
char *hw_read_stream(FILE *f, size_t *len);
/* The whole of the file path, as hw_read_stream. A regular file larger than HW_INPUT_MAX_BYTES is
 * refused before it is read: NULL, errno EFBIG and its size in *size (when size is not NULL; *size
 * is untouched otherwise). NULL with fopen's errno when it cannot be opened. The one reader of
 * whole files (scenarios, decks, sweep files, summaries). */
char *hw_read_file(const char *path, size_t *len, long long *size);
/* hw_read_file with its own limit of max bytes instead of HW_INPUT_MAX_BYTES (a binary file whose
 * size follows the model's, not a text the user writes: MoorDyn's state file). */
char *hw_read_file_max(const char *path, size_t *len, long long *size, long long max);
/* The status of hw_read_file's failure with errno e: HW_ERR_NOMEM (ENOMEM), HW_ERR_INPUT (EFBIG:
 * larger than HW_INPUT_MAX_BYTES), HW_ERR_IO otherwise. */
hw_status hw_read_file_status(int e);

#endif
