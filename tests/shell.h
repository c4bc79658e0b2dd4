/* Running the built `hawser` (or any command) from a test: sh() runs cmd through the shell,
 * keeps up to len - 1 bytes of its standard output in out (reading the rest), and returns its exit status (-1 when
 * it did not exit normally). */
#ifndef HW_TESTS_SHELL_H
#define HW_TESTS_SHELL_H

#include <stdio.h>
#include <sys/wait.h>
#include <criterion/criterion.h>

static inline int sh(const char *cmd, char *out, size_t len)
{
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t n = fread(out, 1, len - 1, p);
    out[n] = 0;
    char rest[4096]; /* the output past len - 1 bytes is read and dropped (else a long summary line
                        would end the command by SIGPIPE) */
    while (fread(rest, 1, sizeof rest, p) > 0) {}
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#endif
