/* catalog.h — the card catalogue in memory: its sets and a pool of their cards, and the
 * JSON codec of DESIGN §3 (index.json + one file per set, canonical form). Parsing
 * validates everything and reports file, line and column for syntax errors and the
 * JSON path (cards[36].life) for schema errors. */
#ifndef BERSERK_CATALOG_H
#define BERSERK_CATALOG_H

#include "berserk/card.h"
#include "berserk/error.h"
#include "berserk/pool.h"

#include <jansson.h>
#include <stddef.h>

#define BSK_CATALOG_SCHEMA 1
#define BSK_CATALOG_INDEX_CAP (1u << 20)      /* index.json: 1 MiB */
#define BSK_CATALOG_SET_CAP (16u << 20)       /* one set file: 16 MiB */
#define BSK_CATALOG_MAX_SETS 256
#define BSK_CATALOG_MAX_CARDS_PER_SET 5000
#define BSK_SET_NAME_MAX 128
#define BSK_SET_URL_MAX 256

typedef struct bsk_catalog_set {
    char id[BSK_SET_ID_MAX];
    char name[BSK_SET_NAME_MAX];
    int release;                 /* BSK_UNSET when the set has no release number */
    int revision;
    int cards;                   /* card count announced by the index */
    char sha256[65];             /* hex digest of the set file as written */
    char url[BSK_SET_URL_MAX];   /* relative to the index */
} bsk_catalog_set;

typedef struct bsk_catalog {
    int revision;
    bsk_catalog_set *sets;
    size_t set_count;
    bsk_pool pool; /* every card, set by set in index order, each set in file order */
} bsk_catalog;

void bsk_catalog_init(bsk_catalog *catalog);
void bsk_catalog_free(bsk_catalog *catalog);
bsk_status bsk_catalog_add_set(bsk_catalog *catalog, const bsk_catalog_set *set, bsk_error *error);
/* The catalogue's set entry with that id, or NULL. */
bsk_catalog_set *bsk_catalog_find_set(bsk_catalog *catalog, const char *id);

/* Parses index.json. `file` names it in errors. Sets go into catalog->sets. */
bsk_status bsk_codec_parse_index(const char *text, size_t length, const char *file, bsk_catalog *catalog,
                                 bsk_error *error);
/* Parses one set file and appends its cards to catalog->pool; fills `set` with the
 * set object's id, name and release. */
bsk_status bsk_codec_parse_set(const char *text, size_t length, const char *file, bsk_catalog_set *set,
                               bsk_catalog *catalog, bsk_error *error);

/* Canonical JSON text (malloc'd, NUL-terminated, trailing newline) of a set file with
 * the given cards, and of the index. */
char *bsk_codec_write_set(const bsk_catalog_set *set, const bsk_card *const *cards, size_t count, size_t *length);
char *bsk_codec_write_index(const bsk_catalog *catalog, size_t *length);
/* The card object of schema 1, keys in schema order. */
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

/* Lowercase hex SHA-256 of a buffer (65 bytes with the terminator). */
void bsk_sha256_hex(const void *data, size_t length, char out[65]);

/* Reads `relative` (a path from the index) into a malloc'd buffer of at most `cap`
 * bytes. Returns BSK_ERR_LIMIT past the cap, BSK_ERR_IO when it cannot be read. */
typedef bsk_status (*bsk_catalog_reader)(void *context, const char *relative, size_t cap, char **data,
                                         size_t *length, bsk_error *error);

/* Loads and validates a whole catalogue: index, every set file (size cap, SHA-256
 * against the index, schema), card counts, duplicate ids across sets. */
bsk_status bsk_catalog_load(bsk_catalog_reader reader, void *context, bsk_catalog *catalog, bsk_error *error);
/* Checks one set file against index entry `index` (SHA-256 of the bytes, schema, set
 * id/name/release, card count) and appends its cards; on failure the pool is unchanged. */
bsk_status bsk_catalog_accept_set(bsk_catalog *catalog, size_t index, const char *text, size_t length,
                                  bsk_error *error);
/* Refuses a card id or nxt id held twice across the catalogue's sets. */
bsk_status bsk_catalog_check_duplicates(bsk_catalog *catalog, bsk_error *error);
/* Loads one file: an index (with the set files it names) or a single set file. */
bsk_status bsk_catalog_load_path(const char *path, bsk_catalog *catalog, bool *whole, bsk_error *error);
/* Refuses cards of `incoming` (one set file named `file`) whose id or nxt id is held by
 * a card of another set in `existing`: the error names the file and cards[i].id. */
bsk_status bsk_catalog_check_clashes(const bsk_catalog *incoming, bsk_pool *existing, const char *file,
                                     bsk_error *error);
/* Loads the catalogue compiled into the binary. */
bsk_status bsk_catalog_load_bundled(bsk_catalog *catalog, bsk_error *error);

/* Writes the catalogue as DIR/index.json + DIR/sets/<id>.json (each file replaced
 * atomically), recomputing every set's sha256 and url. */
bsk_status bsk_catalog_export(bsk_catalog *catalog, const char *dir, bsk_error *error);

#endif
