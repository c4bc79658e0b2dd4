/* See files.h. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "io/files.h"

int hw_mkdir_p(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(tmp, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int too_big(FILE *f, long long *size, long long max)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    *size = (long long)st.st_size;
    return *size > max;
}

int hw_input_too_big(FILE *f, long long *size) { return too_big(f, size, HW_INPUT_MAX_BYTES); }

static char *read_stream(FILE *fp, size_t *len, long long max)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = (char *)malloc(cap);
    errno = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, fp);
        if (ferror(fp)) break;
        if (feof(fp)) {
            buf[n] = '\0';
            if (len) *len = n;
            return buf;
        }
        if (n > (size_t)max) { /* a pipe or device: stop at the limit */
            errno = EFBIG;
            break;
        }
        char *bigger = cap < SIZE_MAX / 2 ? (char *)realloc(buf, cap * 2) : NULL;
        if (!bigger) {
            errno = ENOMEM;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int saved = errno;
    free(buf);
    errno = saved ? saved : EIO;
    return NULL;
}

char *hw_read_stream(FILE *fp, size_t *len) { return read_stream(fp, len, HW_INPUT_MAX_BYTES); }

char *hw_read_file_max(const char *path, size_t *len, long long *size, long long max)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    long long sz = 0;
    if (too_big(f, &sz, max)) {
        fclose(f);
        if (size) *size = sz;
        errno = EFBIG;
        return NULL;
    }
    char *text = read_stream(f, len, max);
    int saved = errno;
    fclose(f);
    errno = saved;
    return text;
}

char *hw_read_file(const char *path, size_t *len, long long *size)
{
    return hw_read_file_max(path, len, size, HW_INPUT_MAX_BYTES);
}

int hw_fclose_checked(FILE *f)
{
    if (!f) return 0;
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    errno = 0;
    if (fclose(f) != 0 && !err) err = errno ? errno : EIO;
    return err;
}

void hw_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

/* Only a regular file goes: a directory or a link of that name is the user's arrangement (a link
 * to /dev/full, say) and stays, for the run to write through or fail on as it would anyway. */
static int remove_file(const char *path, char *failed, size_t failed_len)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    if (unlink(path) == 0 || errno == ENOENT) return 0;
    int e = errno;
    snprintf(failed, failed_len, "%s", path);
    errno = e;
    return -1;
}

/* Files in dir/sub whose names start with one of the prefixes and end with one of the suffixes. */
static int remove_matching(const char *dir, const char *sub, const char *const *prefix,
                           const char *const *suffix, char *failed, size_t failed_len)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    DIR *d = opendir(path);
    if (!d) return 0; /* none there */
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d))) {
        size_t n = strlen(de->d_name);
        int pre = 0, suf = 0;
        for (int k = 0; prefix[k]; k++) pre |= strncmp(de->d_name, prefix[k], strlen(prefix[k])) == 0;
        for (int k = 0; suffix[k]; k++) {
            size_t m = strlen(suffix[k]);
            suf |= n >= m && strcmp(de->d_name + n - m, suffix[k]) == 0;
        }
        if (!pre || !suf) continue;
        char f[4700];
        snprintf(f, sizeof f, "%s/%s", path, de->d_name);
        rc = remove_file(f, failed, failed_len);
    }
    closedir(d);
    return rc;
}

int hw_clean_run_dir(const char *dir, const char *out_name, char *failed, size_t failed_len)
{
    static const char *const owned[] = {"lines.csv", "points.csv", "nodes.csv", "segments.csv",
                                        "rigid.csv", "network.csv", "bodies.csv", "waves.csv", "wave_kinematics.csv",
                                        "ensemble.csv", "summary.json",
                                        "run.pvd", "results.h5", "report.md", "checkpoint.hwck",
                                        "checkpoint.hwck.tmp", NULL};
    static const char *const vtk_pre[] = {"cables_", "segments_", "rigid_", "bodies_", "surface_", NULL}, *const vtk_suf[] = {".vtp", NULL};
    static const char *const plot_pre[] = {"", NULL};
    static const char *const plot_suf[] = {".png", ".dat", "plots.gp", "gnuplot.log", NULL};
    char path[4400];
    for (int k = 0; owned[k]; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, owned[k]);
        if (remove_file(path, failed, failed_len)) return -1;
    }
    if (out_name) {
        snprintf(path, sizeof path, "%s/%s", dir, out_name);
        if (remove_file(path, failed, failed_len)) return -1;
        /* and its per-line tables <deck>_Line<N>.out (io/moordyn_out.c) */
        char pre[4300];
        size_t n = strlen(out_name);
        snprintf(pre, sizeof pre, "%.*s_Line", (int)(n >= 4 ? n - 4 : n), out_name);
        const char *const lpre[] = {pre, NULL}, *const lsuf[] = {".out", NULL};
        if (remove_matching(dir, ".", lpre, lsuf, failed, failed_len)) return -1;
    }
    if (remove_matching(dir, "vtk", vtk_pre, vtk_suf, failed, failed_len) ||
        remove_matching(dir, "plots", plot_pre, plot_suf, failed, failed_len))
        return -1;
    return 0;
}

hw_status hw_close_run_files(const char *dir, FILE **csv, const char *csv_path, hw_summary_fn write,
                             void *ctx, hw_status st, char *msg, size_t msg_len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    int serr = 0, cerr = 0; /* summary.json, the table */
    struct stat dst;
    /* the directory is there (csv_path NULL: a run without a table of its own, bodies alone) */
    if (*csv || ((st == HW_ERR_IO || !csv_path) && stat(dir, &dst) == 0)) {
        FILE *f = fopen(path, "w");
        serr = f ? 0 : errno;
        if (f) {
            write(f, ctx);
            serr = hw_fclose_checked(f);
        }
        cerr = *csv ? hw_fclose_checked(*csv) : 0;
        *csv = NULL;
    }
    if (!st && (cerr || serr)) { /* a failure before was reported with its own message */
        snprintf(msg, msg_len, "%s: write failed: %s", cerr ? csv_path : path, strerror(cerr ? cerr : serr));
        st = HW_ERR_IO;
    }
    return st;
}

hw_status hw_read_file_status(int e)
{
    return e == ENOMEM ? HW_ERR_NOMEM : e == EFBIG ? HW_ERR_INPUT : HW_ERR_IO;
}
