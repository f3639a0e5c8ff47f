/* Files on disk for tests and benchmarks (see layout_files.h). */
#include "layout_files.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamesearch/pacman.h"

char *read_file_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, 2 * cap + 1);
            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

bool largest_layout(const char *const *dirs, int ndirs, char *path,
                    size_t size, char *why, size_t whysize)
{
    long best_area = -1;
    char best[1024] = "";
    for (int i = 0; i < ndirs; i++) {
        DIR *dir = opendir(dirs[i]);
        if (!dir)
            continue;
        struct dirent *de;
        while ((de = readdir(dir)) != NULL) {
            size_t n = strlen(de->d_name);
            if (n < 5 || strcmp(de->d_name + n - 4, ".lay") != 0)
                continue;
            char file[1024];
            snprintf(file, sizeof file, "%s/%s", dirs[i], de->d_name);
            size_t len;
            char *text = read_file_text(file, &len);
            if (!text) {
                snprintf(why, whysize, "%s: cannot be read", file);
                closedir(dir);
                return false;
            }
            gs_pac_layout *lay = NULL;
            gs_error err;
            int rc = gs_pac_layout_parse(text, len, NULL, &lay, &err);
            free(text);
            if (rc != GS_OK) {
                snprintf(why, whysize, "%s refused: %d:%d: %s", file,
                         err.line, err.column, err.message);
                closedir(dir);
                return false;
            }
            long area = (long)gs_pac_layout_width(lay) *
                        gs_pac_layout_height(lay);
            gs_pac_layout_free(lay);
            if (area > best_area ||
                (area == best_area && strcmp(file, best) < 0)) {
                best_area = area;
                snprintf(best, sizeof best, "%s", file);
            }
        }
        closedir(dir);
    }
    if (best_area < 0) {
        snprintf(why, whysize, "no layout found");
        return false;
    }
    snprintf(path, size, "%s", best);
    return true;
}
