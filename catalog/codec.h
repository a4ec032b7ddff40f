/* codec.h — the catalogue's JSON (schema 2, schema 1 still read; DESIGN §3) as plain records: a set file to a
 * set record plus its cards appended to a bsk_pool, index.json to a revision plus set
 * records, and both back in canonical form. The codec sees only lib and formats/; the
 * catalogue (catalog.h) builds on it, never the other way. Parsing validates everything
 * and reports file, line and column for syntax errors and the JSON path (cards[36].life)
 * for schema errors. */
#ifndef BERSERK_CODEC_H
#define BERSERK_CODEC_H

#include "berserk/card.h"
#include "berserk/error.h"
#include "berserk/pool.h"

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#define BSK_CATALOG_SCHEMA 2 /* what is written; schema 1 files are still read (no features) */
#define BSK_CATALOG_MAX_SETS 256
#define BSK_CATALOG_MAX_CARDS_PER_SET 5000
#define BSK_SET_NAME_MAX 128
#define BSK_SET_URL_MAX 256

/* One set: its object in a set file, or its entry in the index. */
typedef struct bsk_catalog_set {
    char id[BSK_SET_ID_MAX];
    char name[BSK_SET_NAME_MAX];
    int release;                 /* BSK_UNSET when the set has no release number */
    int revision;
    int cards;                   /* card count announced by the index */
    char sha256[65];             /* hex digest of the set file as written */
    char url[BSK_SET_URL_MAX];   /* relative to the index */
} bsk_catalog_set;

/* index.json as read: the catalogue revision and the set entries in file order. */
typedef struct bsk_codec_index {
    int revision;
    bsk_catalog_set *sets; /* malloc'd; bsk_codec_index_free releases it */
    size_t set_count;
} bsk_codec_index;

void bsk_codec_index_free(bsk_codec_index *index);

/* Parses index.json (`file` names it in errors) into an empty `index`. On failure the
 * index holds nothing. */
bsk_status bsk_codec_parse_index(const char *text, size_t length, const char *file, bsk_codec_index *index,
                                 bsk_error *error);
/* Parses one set file: fills `set` with the set object's id, name and release and its
 * card count, and appends its cards to `pool`; on failure the pool is as it was. */
bsk_status bsk_codec_parse_set(const char *text, size_t length, const char *file, bsk_catalog_set *set,
                               bsk_pool *pool, bsk_error *error);

/* Canonical JSON text (malloc'd, NUL-terminated, trailing newline) of a set file with
 * the given cards, and of an index with these sets. */
char *bsk_codec_write_set(const bsk_catalog_set *set, const bsk_card *const *cards, size_t count, size_t *length);
char *bsk_codec_write_index(int revision, const bsk_catalog_set *sets, size_t set_count, size_t *length);
/* The card object of schema 2, keys in schema order (features through bsk_feature_to_json). */
json_t *bsk_codec_card_json(const bsk_card *card);
/* One keyword object ({"id", "X"|"values", "range", "activation", "condition"}) and back. */
json_t *bsk_codec_keyword_json(const bsk_keyword *keyword);
bsk_status bsk_codec_keyword_from_json(const json_t *object, const char *file, const char *path, bsk_keyword *keyword,
                                       bsk_error *error);
/* The `unknown` / `inferred` lists (bit sets of bsk_card_field) and back. */
json_t *bsk_codec_field_list_json(uint32_t fields);
bsk_status bsk_codec_field_list_from_json(const json_t *list, const char *file, const char *path, uint32_t *fields,
                                          bsk_error *error);
/* Canonical text of any JSON value (one-space indent, UTF-8, trailing newline). */
char *bsk_codec_dump(const json_t *value, size_t *length);

#endif
