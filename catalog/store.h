/* store.h — the catalogue's SQLite store (DESIGN §3): tables sets, cards, card_elements,
 * card_classes, card_keywords, card_features (schema 3 on) and sync_meta, versioned with PRAGMA user_version and
 * migrated from version 0. Every change is one transaction; prepared statements only.
 * Look-ups read only the rows they need; whole loads are for commands that need it all. */
#ifndef BERSERK_STORE_H
#define BERSERK_STORE_H

#include "catalog.h"
#include "berserk/card_table.h" /* bsk_card_features */

#define BSK_STORE_SCHEMA_VERSION 3

typedef struct bsk_store bsk_store;

/* $BERSERK_DB, else $XDG_DATA_HOME/berserk/catalog.db, else ~/.local/share/berserk/catalog.db. */
bsk_status bsk_store_default_path(char *out, size_t out_size, bsk_error *error);

/* Opens (creating the file and its directories) and migrates to the current schema.
 * A store written by a newer berserk (higher user_version) is refused (BSK_ERR_STORAGE).
 * A file that is not a berserk store — not SQLite at all, or another program's database —
 * is refused with BSK_ERR_INVALID ("not a berserk store") before anything is written. */
bsk_status bsk_store_open(const char *path, bsk_store **store, bsk_error *error);
void bsk_store_close(bsk_store *store);
const char *bsk_store_path(const bsk_store *store);
int bsk_store_schema_version(bsk_store *store);

/* True once a catalogue was imported (bundled, from files or by sync), even if empty. */
bool bsk_store_has_catalog(bsk_store *store);
/* Imports the bundled catalogue in one transaction when the store never held one, or when it holds an
 * older bundled catalogue (source "bundled", a set's sha256 or the set list differ from this binary's). */
bsk_status bsk_store_ensure_catalog(bsk_store *store, bsk_error *error);
/* Marks a store as holding a catalogue without importing one (`--empty`). */
bsk_status bsk_store_mark_empty(bsk_store *store, bsk_error *error);

typedef struct bsk_store_meta {
    const char *key;
    const char *value;
} bsk_store_meta;

/* Writes `catalog` in one transaction. mirror: the store then holds exactly these sets
 * and the catalogue revision; otherwise only these sets are added or replaced, each
 * getting the next revision when its revision is BSK_UNSET. `source` ("bundled", a URL
 * or a path) is remembered, and so are the `extra` sync_meta pairs, in the same
 * transaction. On any failure nothing changes. Test builds (-DBSK_TEST_HOOKS) sleep
 * $BERSERK_TEST_PAUSE_IN_APPLY_MS milliseconds inside the transaction. */
bsk_status bsk_store_apply(bsk_store *store, bsk_catalog *catalog, bool mirror, const char *source,
                           const bsk_store_meta *extra, size_t extra_count, bsk_error *error);

/* Loads the sets and the catalogue revision only (cheap: no cards). */
bsk_status bsk_store_load_sets(bsk_store *store, bsk_catalog *catalog, bsk_error *error);
/* Loads every set and card, in set order and file order. */
bsk_status bsk_store_load(bsk_store *store, bsk_catalog *catalog, bsk_error *error);

/* ---- Look-ups that read only what they need (store_query.c; issue 10, start-up cost) ----
 * Each answers exactly as the pool finder it names does on the whole catalogue. */

/* The set with that id; `cards` is left 0 (not counted). BSK_ERR_NOT_FOUND when absent. */
bsk_status bsk_store_find_set(bsk_store *store, const char *id, bsk_catalog_set *set, bsk_error *error);
/* As bsk_pool_lookup: a card id ("01-037"), an nxt id ("10037"), else the newest printing
 * of the name. BSK_ERR_NOT_FOUND when nothing matches. With `printings`, also every
 * printing of the card's name as bsk_store_find_name gives them (read together). */
bsk_status bsk_store_lookup(bsk_store *store, const char *name_or_id, bsk_card *card, bsk_card **printings,
                            size_t *count, bsk_error *error);
/* As bsk_pool_find_name: every printing of the name, newest first, in a malloc'd array the
 * caller frees (NULL when there is none). */
bsk_status bsk_store_find_name(bsk_store *store, const char *name, bsk_card **printings, size_t *count,
                               bsk_error *error);
/* As bsk_pool_suggest: up to max (at most 8) names nearest to `name`, each spelt as its
 * newest printing spells it. Reads the name index only. */
bsk_status bsk_store_suggest(bsk_store *store, const char *name, char (*names)[BSK_CARD_NAME_MAX], size_t max,
                             size_t *count, bsk_error *error);
/* As bsk_pool_search: *total cards match the filter (SQL over indexed columns); the first
 * `limit` of them, by normalised name then newest first, are read into a malloc'd array of
 * *count cards the caller frees. */
bsk_status bsk_store_search(bsk_store *store, const bsk_card_filter *filter, size_t limit, bsk_card **cards,
                            size_t *count, size_t *total, bsk_error *error);

/* The features of `card` (by its id) into `features`; card->features points there when it has any
 * (look-ups read cards without them). BSK_ERR_STORAGE when they cannot be read. */
bsk_status bsk_store_card_features(bsk_store *store, bsk_card *card, bsk_card_features *features, bsk_error *error);
/* sync_meta key/value. get returns BSK_ERR_NOT_FOUND for a missing key. */
bsk_status bsk_store_meta_get(bsk_store *store, const char *key, char *out, size_t out_size);
bsk_status bsk_store_meta_set(bsk_store *store, const char *key, const char *value, bsk_error *error);

#endif
