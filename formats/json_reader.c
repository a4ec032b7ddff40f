/* json_reader.c — strict JSON reading shared by the catalogue codec and the format
 * files (json_reader.h). */
#include "json_reader.h"

#include "berserk/pool.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

json_t *bsk_json_parse(const bsk_json_reader *reader, const char *text, size_t length)
{
    /* Issue 10 item 14: a UTF-8 byte order mark is accepted before every JSON input. */
    bool bom = length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0;
    if (bom) {
        text += 3;
        length -= 3;
    }
    json_error_t json_error;
    json_t *root = json_loadb(text, length, JSON_REJECT_DUPLICATES, &json_error);
    if (!root) {
        size_t blank = 0;
        while (blank < length && strchr(" \t\r\n", text[blank]) && text[blank])
            blank++;
        if (blank == length) { /* plain words, not "'[' or '{' expected near end of file" (issue 10 #13) */
            bsk_error_set_position(reader->error, BSK_ERR_INVALID, reader->syntax_rule, reader->file, 1, 0,
                                   "the file is empty (no JSON in it)");
            return NULL;
        }
        /* jansson says "unable to decode byte 0xff" and "\u0000 is not allowed without
         * JSON_ALLOW_NUL"; name the actual problem */
        char raw[BSK_ERROR_MESSAGE_MAX], message[BSK_ERROR_MESSAGE_MAX];
        if (strstr(json_error.text, "u0000"))
            snprintf(raw, sizeof raw, "a JSON string holds a NUL character (\\u0000)");
        else
            snprintf(raw, sizeof raw, "%s%s", strstr(json_error.text, "decode byte") ? "invalid UTF-8: " : "",
                     json_error.text);
        /* jansson quotes the input "near '…'", bytes and all: a message is always UTF-8 (found by fuzzing) */
        bsk_utf8_repair(message, sizeof message, raw);
        /* columns count characters: the mark was the first one of line 1 */
        int column = json_error.column + (bom && json_error.line == 1 && json_error.column > 0);
        bsk_error_set_position(reader->error, BSK_ERR_INVALID, reader->syntax_rule, reader->file, json_error.line,
                               column, message);
    }
    return root;
}

bsk_status bsk_json_schema_error(const bsk_json_reader *reader, const char *path, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    bsk_status status =
        bsk_error_vset_at(reader->error, BSK_ERR_INVALID, reader->schema_rule, reader->file, path, format, args);
    va_end(args);
    return status;
}

void bsk_json_join_path(char *out, size_t out_size, const char *base, const char *key)
{
    int written = snprintf(out, out_size, "%s%s%s", base, *base ? "." : "", key);
    if (written < 0 || (size_t)written >= out_size)
        bsk_utf8_trim_cut(out); /* paths are short; a cut one still points the way, in whole characters */
}

bsk_status bsk_json_check_keys(const bsk_json_reader *reader, const char *path, const json_t *object,
                               const char *const *allowed, size_t allowed_count, size_t required_count)
{
    const char *key;
    json_t *value;
    char at[BSK_ERROR_PATH_MAX];
    json_object_foreach((json_t *)object, key, value) {
        size_t i = 0;
        while (i < allowed_count && strcmp(key, allowed[i]) != 0)
            i++;
        if (i == allowed_count) {
            bsk_json_join_path(at, sizeof at, path, key);
            return bsk_json_schema_error(reader, at, "unexpected field");
        }
    }
    for (size_t i = 0; i < required_count; i++)
        if (!json_object_get(object, allowed[i])) {
            bsk_json_join_path(at, sizeof at, path, allowed[i]);
            return bsk_json_schema_error(reader, at, "missing required field");
        }
    return BSK_OK;
}

bsk_status bsk_json_get_int(const bsk_json_reader *reader, const char *base, const json_t *object, const char *key,
                            int fallback, int low, int high, bool nullable, int *out)
{
    const json_t *value = json_object_get(object, key);
    *out = fallback;
    if (!value || (nullable && json_is_null(value)))
        return BSK_OK;
    char at[BSK_ERROR_PATH_MAX];
    bsk_json_join_path(at, sizeof at, base, key);
    if (!json_is_integer(value) || json_integer_value(value) < low || json_integer_value(value) > high)
        return bsk_json_schema_error(reader, at, "expected an integer %d..%d%s", low, high, nullable ? " or null" : "");
    *out = (int)json_integer_value(value);
    return BSK_OK;
}

bsk_status bsk_json_get_bool(const bsk_json_reader *reader, const char *base, const json_t *object, const char *key,
                             bool *out)
{
    const json_t *value = json_object_get(object, key);
    *out = false;
    if (!value)
        return BSK_OK;
    if (!json_is_boolean(value)) {
        char at[BSK_ERROR_PATH_MAX];
        bsk_json_join_path(at, sizeof at, base, key);
        return bsk_json_schema_error(reader, at, "expected true or false");
    }
    *out = json_is_true(value);
    return BSK_OK;
}

const char *bsk_json_type_name(const json_t *value)
{
    switch (json_typeof(value)) {
    case JSON_OBJECT: return "object";
    case JSON_ARRAY: return "array";
    case JSON_STRING: return "string";
    case JSON_INTEGER: return "integer";
    case JSON_REAL: return "number";
    case JSON_TRUE: case JSON_FALSE: return "boolean";
    case JSON_NULL: return "null";
    }
    return "value";
}
