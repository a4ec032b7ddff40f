/* pool.h — a card pool: a flat array of card printings with look-up by id, by nxt id
 * and by normalised name (all printings of a name, newest first), and filtered search.
 * Also the name normaliser of DESIGN §2 that every name comparison goes through. */
#ifndef BERSERK_POOL_H
#define BERSERK_POOL_H

#include "berserk/card.h"
#include "berserk/error.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Normalises a card name for comparison (DESIGN §2): NFC for the composed Cyrillic
 * letters, Cyrillic-, Latin- and Greek-aware lower-casing, ё → е, typographic
 * apostrophes → ', hyphen and dash variants → '-', no spaces around hyphens,
 * whitespace runs collapsed, trimmed. Invalid UTF-8 bytes become U+FFFD.
 * Writes at most out_size bytes including the terminator, never part of a character (a
 * short buffer gets the longest whole-character prefix of the result), and returns the
 * length the full result needs (like snprintf). */
size_t bsk_name_normalize(const char *name, char *out, size_t out_size);

/* True when the normalised forms of a and b are equal. */
bool bsk_name_equal(const char *a, const char *b);

/* True when two cards have the same name (DESIGN §2): their pool name ids when both
 * come from an indexed pool (an integer compare), their normalised names otherwise. */
bool bsk_card_same_name(const bsk_card *a, const bsk_card *b);

/* Levenshtein distance in code points between two already normalised names. */
size_t bsk_name_distance(const char *a, const char *b);
/* The same when it is at most `bound`; otherwise some value above `bound`, found sooner (a length
 * check, then rows stop once every entry is past the bound): what a search for near names needs. */
size_t bsk_name_distance_within(const char *a, const char *b, size_t bound);

/* Number of Unicode code points (terminal columns for the scripts we print). */
size_t bsk_utf8_width(const char *text);

/* Copies src into dst (size > 0 bytes, terminator included); when it does not fit, cuts it
 * at the last character boundary within size-1 bytes, so a cut UTF-8 string stays valid
 * (issue 10 item 9). Returns the bytes copied, strlen(dst). */
size_t bsk_utf8_copy(char *dst, size_t size, const char *src);

/* Finds the first control character in text[0..length): C0 (below U+0020; a tab is
 * allowed when allow_tab), DEL, or C1 (U+0080..U+009F, which terminals take for CSI, OSC
 * and the like). Stores its code point and returns true when there is one. */
bool bsk_utf8_find_control(const char *text, size_t length, bool allow_tab, uint32_t *found);

/* Copies src into dst (size > 0) with every byte that is not part of valid UTF-8 replaced
 * by U+FFFD, cut on a character boundary like bsk_utf8_copy: for outputs that must hold a
 * string whatever the input (a file name can hold any bytes). Returns strlen(dst). */
size_t bsk_utf8_repair(char *dst, size_t size, const char *src);

/* Drops an incomplete UTF-8 sequence at the end of text, as snprintf leaves when it cuts
 * a string inside a character. Returns the new length. */
size_t bsk_utf8_trim_cut(char *text);

typedef struct bsk_pool_entry {
    char key[BSK_CARD_NAME_MAX]; /* normalised name */
    uint32_t card;               /* index into cards */
} bsk_pool_entry;

typedef struct bsk_pool {
    bsk_card *cards;
    size_t count;
    size_t capacity;
    bsk_pool_entry *by_name; /* sorted by key, then printing rank; rebuilt lazily */
    uint32_t *by_id;         /* card indices sorted by id */
    bool indexed;
} bsk_pool;

void bsk_pool_init(bsk_pool *pool);
void bsk_pool_free(bsk_pool *pool);
/* Copies a card into the pool, with a copy of its features the pool owns. Refuses a duplicate
 * id only when the index is rebuilt. */
bsk_status bsk_pool_add(bsk_pool *pool, const bsk_card *card, bsk_error *error);
/* Drops the cards from index `count` on (and their features). */
void bsk_pool_truncate(bsk_pool *pool, size_t count);
/* Builds the look-up indexes; fails on duplicate ids. Called by the finders when needed. */
bsk_status bsk_pool_index(bsk_pool *pool, bsk_error *error);

const bsk_card *bsk_pool_find_id(bsk_pool *pool, const char *id);
const bsk_card *bsk_pool_find_nxt_id(bsk_pool *pool, int32_t nxt_id);
/* How a look-up reads an nxt id ("10037"): 1 to 9 decimal digits and nothing else. */
bool bsk_nxt_id_parse(const char *text, int32_t *out);
/* Every printing of the name, newest first. Returns how many there are (which may
 * exceed max; only max are stored). */
size_t bsk_pool_find_name(bsk_pool *pool, const char *name, const bsk_card **out, size_t max);
/* The newest printing of the name, or NULL. */
const bsk_card *bsk_pool_resolve(bsk_pool *pool, const char *name);
/* A name, id ("01-037") or nxt id ("10037"): the printing it names, newest for a name. */
const bsk_card *bsk_pool_lookup(bsk_pool *pool, const char *name_or_id);
/* Up to max distinct names closest to `name` by edit distance over normalised names
 * (newest printing of each), nearest first, ties by name; only names within
 * max(2, length/3) edits. Returns how many were stored. */
size_t bsk_pool_suggest(bsk_pool *pool, const char *name, const bsk_card **out, size_t max);
/* Number of distinct normalised names. */
size_t bsk_pool_name_count(bsk_pool *pool);

/* Search filters; a field left at its "any" value does not filter. */
typedef struct bsk_card_filter {
    const char *query;   /* normalised substring of the name, NULL = any */
    int element;         /* bsk_element, BSK_ELEMENT_COUNT = neutral, -1 = any */
    int type;            /* -1 = any */
    int subtype;         /* -1 = any (BSK_SUBTYPE_NONE matches artifacts and terrains) */
    int cost_min;        /* -1 = no bound */
    int cost_max;        /* -1 = no bound */
    int elite;           /* -1 any, 0 rank-and-file, 1 elite */
    int unique;          /* -1 any, 0 not unique, 1 unique */
    int class_id;        /* -1 = any */
    const char *set;     /* set id, NULL = any */
    int keyword;         /* -1 = any */
} bsk_card_filter;

void bsk_card_filter_init(bsk_card_filter *filter);
bool bsk_card_filter_match(const bsk_card_filter *filter, const bsk_card *card);
/* Matching printings ordered by normalised name, then newest first. Returns how many
 * match (which may exceed max; only max are stored). */
size_t bsk_pool_search(bsk_pool *pool, const bsk_card_filter *filter, const bsk_card **out, size_t max);

#ifdef __cplusplus
}
#endif

#endif
