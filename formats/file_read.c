/* file_read.c — whole-file reading with a cap, regular files only (file_read.h). */
#include "file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bsk_status fail(bsk_error *error, bsk_status code, const char *path, const char *rule, const char *format,
                       const char *detail)
{
    bsk_error_clear(error);
    bsk_error_set(error, code, rule, format, detail);
    bsk_error_set_file(error, path);
    return code;
}

bsk_status bsk_file_read(const char *path, size_t cap, const char *rule, char **data, size_t *length,
                         bsk_error *error)
{
    *data = NULL;
    *length = 0;
    /* O_NONBLOCK: opening a FIFO with no writer must not hang before fstat can refuse it. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return fail(error, BSK_ERR_IO, path, rule, "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int saved = errno;
        close(fd);
        return fail(error, BSK_ERR_IO, path, rule, "cannot read: %s", strerror(saved));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return fail(error, BSK_ERR_IO, path, rule, "%s",
                    S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file (a pipe, device or socket)");
    }
    if ((unsigned long long)st.st_size > cap) {
        char detail[96];
        close(fd);
        snprintf(detail, sizeof detail, "%lld bytes is over the %zu-byte cap", (long long)st.st_size, cap);
        return fail(error, BSK_ERR_LIMIT, path, rule, "%s", detail);
    }
    /* The cap is checked while reading too: the file may grow after fstat. */
    size_t capacity = (size_t)st.st_size + 2;
    char *buffer = malloc(capacity);
    size_t used = 0;
    while (buffer) {
        if (used + 1 >= capacity) {
            if (used > cap)
                break;
            size_t grown_size = capacity * 2 > cap + 2 ? cap + 2 : capacity * 2;
            char *grown = realloc(buffer, grown_size);
            if (!grown) {
                free(buffer);
                buffer = NULL;
                break;
            }
            buffer = grown;
            capacity = grown_size;
        }
        ssize_t got = read(fd, buffer + used, capacity - 1 - used);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int saved = errno;
            free(buffer);
            close(fd);
            return fail(error, BSK_ERR_IO, path, rule, "cannot read: %s", strerror(saved));
        }
        if (got == 0)
            break;
        used += (size_t)got;
        if (used > cap)
            break;
    }
    close(fd);
    if (!buffer)
        return fail(error, BSK_ERR_NOMEM, path, rule, "%s", "out of memory reading the file");
    if (used > cap) {
        char detail[64];
        free(buffer);
        snprintf(detail, sizeof detail, "over the %zu-byte cap", cap);
        return fail(error, BSK_ERR_LIMIT, path, rule, "%s", detail);
    }
    buffer[used] = '\0';
    *data = buffer;
    *length = used;
    return BSK_OK;
}
