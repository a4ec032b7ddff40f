/* json_reader.h — the strict JSON reading the catalogue codec and the format files share:
 * parsing that refuses duplicate keys and reports file:line:column (naming invalid
 * UTF-8 as such), schema errors at a JSON path under one rule id, unknown and missing
 * keys, optional integer and boolean keys, and the JSON type names messages use. */
#ifndef BERSERK_JSON_READER_H
#define BERSERK_JSON_READER_H

#include "berserk/error.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct bsk_json_reader {
    const char *file;        /* named in every error */
    const char *syntax_rule; /* "catalog.syntax", "format.syntax", … */
    const char *schema_rule; /* "catalog.schema", "format.schema", … */
    bsk_error *error;
} bsk_json_reader;

/* The document, or NULL with a syntax error at file:line:column. */
json_t *bsk_json_parse(const bsk_json_reader *reader, const char *text, size_t length);

/* Sets a schema error at `path` ("cards[36].life") and returns BSK_ERR_INVALID. */
bsk_status bsk_json_schema_error(const bsk_json_reader *reader, const char *path, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Refuses keys not among `allowed` ("unexpected field") and, of its first
 * `required_count` keys, any that is absent ("missing required field"). */
bsk_status bsk_json_check_keys(const bsk_json_reader *reader, const char *path, const json_t *object,
                               const char *const *allowed, size_t allowed_count, size_t required_count);

/* "deck" + "min" → "deck.min"; "" + "copies" → "copies" (cut to out_size). */
void bsk_json_join_path(char *out, size_t out_size, const char *base, const char *key);

/* An optional integer key of `object` in [low, high], compared as the 64-bit JSON value:
 * `fallback` when absent (or null, when `nullable`); otherwise a schema error at base.key,
 * "expected an integer LOW..HIGH" (+ " or null" when `nullable`). */
bsk_status bsk_json_get_int(const bsk_json_reader *reader, const char *base, const json_t *object, const char *key,
                            int fallback, int low, int high, bool nullable, int *out);

/* An optional boolean key of `object`: false when absent; otherwise a schema error at
 * base.key, "expected true or false". */
bsk_status bsk_json_get_bool(const bsk_json_reader *reader, const char *base, const json_t *object, const char *key,
                             bool *out);

/* "object", "array", "string", "integer", "number", "boolean" or "null". */
const char *bsk_json_type_name(const json_t *value);

#endif
