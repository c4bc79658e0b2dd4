/* libFuzzer target (c): load, check, build and step what loads, within the caps of fuzz_entry.h.
 * Result files go to a private temporary directory (under $TMPDIR, default /tmp), removed at
 * exit. */
#include "fuzz_entry.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char workdir[4096];

static void cleanup(void)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", workdir);
    if (workdir[0] && system(cmd) != 0) fprintf(stderr, "fuzz_run: could not remove %s\n", workdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(workdir, sizeof workdir, "%s/hawser-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(workdir)) {
        perror("fuzz_run: mkdtemp");
        exit(1);
    }
    atexit(cleanup);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[2048];
    int skipped;
    hw_fuzz_run(data, size, workdir, &skipped, msg, sizeof msg);
    return 0;
}
