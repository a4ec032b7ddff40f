/* store_internal.h — what store.c (schema, writes, whole loads) shares with store_query.c
 * (look-ups that read only what they need): the store handle, the columns every card read
 * selects, and the row reader. Not part of the catalogue's interface. */
#ifndef BERSERK_STORE_INTERNAL_H
#define BERSERK_STORE_INTERNAL_H

#include "berserk/card.h"
#include "berserk/card_table.h"
#include "berserk/error.h"

#include <sqlite3.h>

/* Not store.h: store.c includes this file, and a header of its own module including
 * store.h back would be an include circle (tests/cli/structure_cases.sh). */
typedef struct bsk_store bsk_store;

struct bsk_store {
    sqlite3 *db;
    char path[4096];
};

/* The card columns bsk_store_read_card_row reads, from `cards c`; callers append the rest
 * (a JOIN, a WHERE, an ORDER BY). */
#define BSK_STORE_CARD_COLUMNS                                                                                        \
    "SELECT c.id, c.set_id, c.nxt_id, c.name, c.number, c.rarity, c.type, c.subtype, c.cost, c.cost_x, c.elite,"    \
    " c.is_unique, c.horde, c.life, c.movement, c.strike_weak, c.strike_medium, c.strike_strong, c.classes_known,"   \
    " c.support, c.unknown, c.inferred,"                                                                             \
    " (SELECT group_concat(element, ' ') FROM (SELECT element FROM card_elements WHERE card_id = c.id"              \
    "  ORDER BY position)),"                                                                                         \
    " (SELECT group_concat(class, ' ') FROM (SELECT class FROM card_classes WHERE card_id = c.id ORDER BY position)),"\
    " (SELECT json_group_array(json_set(params, '$.id', keyword)) FROM (SELECT keyword, params FROM card_keywords"  \
    "  WHERE card_id = c.id ORDER BY position)),"                                                                    \
    " c.sentences,"                                                                                                  \
    " (SELECT json_group_array(json(json)) FROM (SELECT json FROM card_features WHERE card_id = c.id"                \
    "  ORDER BY position))"                                                                                          \
    " FROM cards c"

/* Fills `card` from the current row of a BSK_STORE_CARD_COLUMNS statement, with its features
 * in `features` (card->features points there) unless `features` is NULL (then the card has none:
 * look-ups that do not need them). On a row that does not parse (the file was edited behind
 * our back) sets a storage error naming the card and returns it. */
bsk_status bsk_store_read_card_row(bsk_store *store, sqlite3_stmt *row, bsk_card *card, bsk_card_features *features,
                                   bsk_error *error);

/* Sets a storage error "<doing>: <SQLite's message>" on the store's file; returns it. */
bsk_status bsk_store_db_error(bsk_store *store, bsk_error *error, const char *doing);

#endif
