/* catalog.h — the card catalogue in memory: its sets and a pool of their cards, loaded
 * whole (index, every set file, digests, duplicates) through the codec (codec.h) and
 * exported in the layout DESIGN §3 describes. */
#ifndef BERSERK_CATALOG_H
#define BERSERK_CATALOG_H

#include "berserk/card.h"
#include "berserk/error.h"
#include "berserk/pool.h"
#include "codec.h"

#include <stdbool.h>
#include <stddef.h>

#define BSK_CATALOG_INDEX_CAP (1u << 20)      /* index.json: 1 MiB */
#define BSK_CATALOG_SET_CAP (16u << 20)       /* one set file: 16 MiB */

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

/* Parses index.json (`file` names it in errors) into an empty catalogue: its revision
 * and its sets. */
bsk_status bsk_catalog_parse_index(const char *text, size_t length, const char *file, bsk_catalog *catalog,
                                   bsk_error *error);
/* The canonical index.json of the catalogue's sets. */
char *bsk_catalog_write_index(const bsk_catalog *catalog, size_t *length);

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
/* The bundled index.json only: its revision and set entries (sha256 of each set file), no cards. */
bsk_status bsk_catalog_load_bundled_index(bsk_catalog *catalog, bsk_error *error);

/* Writes the catalogue as DIR/index.json + DIR/sets/<id>.json (each file replaced
 * atomically), recomputing every set's sha256 and url. */
bsk_status bsk_catalog_export(bsk_catalog *catalog, const char *dir, bsk_error *error);

#endif
