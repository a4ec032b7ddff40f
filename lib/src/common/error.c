/* error.c — filling, formatting and collecting bsk_error records. */
#include "berserk/error.h"
#include "berserk/pool.h" /* bsk_utf8_trim_cut */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bsk_error_clear(bsk_error *error)
{
    if (error)
        memset(error, 0, sizeof *error);
}

bsk_status bsk_error_set(bsk_error *error, bsk_status code, const char *rule, const char *format, ...)
{
    if (!error)
        return code;
    error->code = code;
    snprintf(error->rule, sizeof error->rule, "%s", rule ? rule : "");
    va_list args;
    va_start(args, format);
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
    bsk_utf8_trim_cut(error->message); /* a long name quoted in a message is never cut mid-character */
    return code;
}

void bsk_error_set_file(bsk_error *error, const char *file)
{
    if (error) {
        snprintf(error->file, sizeof error->file, "%s", file ? file : "");
        bsk_utf8_trim_cut(error->file);
    }
}

/* Clears the error and sets what every located error has: code, rule and file. */
static void start_located(bsk_error *error, bsk_status code, const char *rule, const char *file)
{
    bsk_error_clear(error);
    error->code = code;
    snprintf(error->rule, sizeof error->rule, "%s", rule ? rule : "");
    snprintf(error->file, sizeof error->file, "%s", file ? file : "");
    bsk_utf8_trim_cut(error->file);
}

bsk_status bsk_error_vset_at(bsk_error *error, bsk_status code, const char *rule, const char *file, const char *path,
                             const char *format, va_list args)
{
    if (!error)
        return code;
    start_located(error, code, rule, file);
    snprintf(error->path, sizeof error->path, "%s", path ? path : "");
    vsnprintf(error->message, sizeof error->message, format, args);
    bsk_utf8_trim_cut(error->path); /* a JSON path can hold a long key (a card name) */
    bsk_utf8_trim_cut(error->message);
    return code;
}

bsk_status bsk_error_set_position(bsk_error *error, bsk_status code, const char *rule, const char *file, int line,
                                  int column, const char *message)
{
    if (!error)
        return code;
    start_located(error, code, rule, file);
    error->line = line > 0 ? line : 1;
    error->column = column > 0 ? column : 1;
    snprintf(error->message, sizeof error->message, "%s", message);
    bsk_utf8_trim_cut(error->message);
    return code;
}

void bsk_error_format(const bsk_error *error, char *out, size_t out_size)
{
    size_t used = 0;
    int written;
    if (!out || out_size == 0)
        return;
    out[0] = '\0';
    if (error->file[0]) {
        written = snprintf(out, out_size, "%s", error->file);
        if (written > 0)
            used += (size_t)written;
        if (error->line > 0 && used < out_size) {
            written = error->column > 0 ? snprintf(out + used, out_size - used, ":%d:%d", error->line, error->column)
                                        : snprintf(out + used, out_size - used, ":%d", error->line);
            if (written > 0)
                used += (size_t)written;
        }
        if (used < out_size) {
            written = snprintf(out + used, out_size - used, ": ");
            if (written > 0)
                used += (size_t)written;
        }
    }
    if (error->path[0] && used < out_size) {
        written = snprintf(out + used, out_size - used, "%s: ", error->path);
        if (written > 0)
            used += (size_t)written;
    }
    if (used < out_size)
        snprintf(out + used, out_size - used, "%s", error->message);
    bsk_utf8_trim_cut(out); /* a short `out` cuts on a character boundary */
}

void bsk_diagnostics_init(bsk_diagnostics *diagnostics, bsk_error *storage, size_t capacity)
{
    diagnostics->items = storage;
    diagnostics->count = 0;
    diagnostics->capacity = storage ? capacity : 0;
    diagnostics->dropped = 0;
}

void bsk_diagnostics_add(bsk_diagnostics *diagnostics, const bsk_error *error)
{
    if (diagnostics->count < diagnostics->capacity)
        diagnostics->items[diagnostics->count++] = *error;
    else
        diagnostics->dropped++;
}
