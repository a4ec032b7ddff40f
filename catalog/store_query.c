/* store_query.c — look-ups that read only what they need (issue 10, start-up cost): a card
 * by id, nxt id or normalised name through the indexes, the nearest names from the name
 * index alone, and filtered searches as SQL over indexed columns that read whole cards only
 * for the rows shown. Each gives the answer of its pool counterpart (lib/src/cards/pool.c) on the
 * whole catalogue: same matches, same order (normalised name, then printing rank, then id). */
#include "store.h"
#include "store_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bsk_status no_memory(bsk_error *error)
{
    return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
}

static bsk_status prepare(bsk_store *store, const char *sql, sqlite3_stmt **statement, bsk_error *error)
{
    if (sqlite3_prepare_v2(store->db, sql, -1, statement, NULL) != SQLITE_OK)
        return bsk_store_db_error(store, error, "reading the catalogue");
    return BSK_OK;
}

/* Steps a BSK_STORE_CARD_COLUMNS statement to the end, appending every card to *cards. */
static bsk_status read_cards(bsk_store *store, sqlite3_stmt *statement, bsk_card **cards, size_t *count,
                             bsk_error *error)
{
    size_t capacity = *count;
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        if (*count == capacity) {
            capacity = capacity ? capacity * 2 : 4;
            bsk_card *grown = realloc(*cards, capacity * sizeof *grown);
            if (!grown)
                return no_memory(error);
            *cards = grown;
        }
        bsk_status status = bsk_store_read_card_row(store, statement, &(*cards)[*count], NULL, error);
        if (status)
            return status;
        (*count)++;
    }
    return rc == SQLITE_DONE ? BSK_OK : bsk_store_db_error(store, error, "reading cards");
}

/* Printings of one name: newest first (DESIGN §2), then by id, as the pool's name index. */
static int compare_printings(const void *a, const void *b)
{
    const bsk_card *x = a, *y = b;
    int by_rank = bsk_set_rank(x->set) - bsk_set_rank(y->set);
    return by_rank ? by_rank : strcmp(x->id, y->id);
}

bsk_status bsk_store_find_set(bsk_store *store, const char *id, bsk_catalog_set *set, bsk_error *error)
{
    sqlite3_stmt *statement;
    bsk_status status = prepare(store, "SELECT id, name, release, revision, sha256, url FROM sets WHERE id = ?1",
                                &statement, error);
    if (status)
        return status;
    sqlite3_bind_text(statement, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(statement);
    if (rc == SQLITE_ROW) {
        memset(set, 0, sizeof *set);
        snprintf(set->id, sizeof set->id, "%s", (const char *)sqlite3_column_text(statement, 0));
        snprintf(set->name, sizeof set->name, "%s", (const char *)sqlite3_column_text(statement, 1));
        set->release = sqlite3_column_type(statement, 2) == SQLITE_NULL ? BSK_UNSET : sqlite3_column_int(statement, 2);
        set->revision = sqlite3_column_int(statement, 3);
        snprintf(set->sha256, sizeof set->sha256, "%s", (const char *)sqlite3_column_text(statement, 4));
        snprintf(set->url, sizeof set->url, "%s", (const char *)sqlite3_column_text(statement, 5));
    } else {
        status = rc == SQLITE_DONE ? BSK_ERR_NOT_FOUND : bsk_store_db_error(store, error, "reading sets");
    }
    sqlite3_finalize(statement);
    return status;
}

bsk_status bsk_store_find_name(bsk_store *store, const char *name, bsk_card **printings, size_t *count,
                               bsk_error *error)
{
    char key[BSK_CARD_NAME_MAX];
    sqlite3_stmt *statement;
    *printings = NULL;
    *count = 0;
    if (bsk_name_normalize(name, key, sizeof key) >= sizeof key)
        return BSK_OK; /* longer than any name */
    bsk_status status = prepare(store, BSK_STORE_CARD_COLUMNS " WHERE c.norm_name = ?1", &statement, error);
    if (status)
        return status;
    sqlite3_bind_text(statement, 1, key, -1, SQLITE_STATIC);
    status = read_cards(store, statement, printings, count, error);
    sqlite3_finalize(statement);
    if (status) {
        free(*printings);
        *printings = NULL;
        *count = 0;
        return status;
    }
    if (*count > 1)
        qsort(*printings, *count, sizeof **printings, compare_printings);
    return BSK_OK;
}

/* The name and id of the card with that id (text) or nxt id (number): BSK_ERR_NOT_FOUND
 * when there is none. */
static bsk_status name_of(bsk_store *store, const char *sql, const char *text, int number,
                          char name[BSK_CARD_NAME_MAX], char id[BSK_CARD_ID_MAX], bsk_error *error)
{
    sqlite3_stmt *statement;
    bsk_status status = prepare(store, sql, &statement, error);
    if (status)
        return status;
    if (text)
        sqlite3_bind_text(statement, 1, text, -1, SQLITE_STATIC);
    else
        sqlite3_bind_int(statement, 1, number);
    int rc = sqlite3_step(statement);
    if (rc == SQLITE_ROW) {
        snprintf(name, BSK_CARD_NAME_MAX, "%s", (const char *)sqlite3_column_text(statement, 0));
        snprintf(id, BSK_CARD_ID_MAX, "%s", (const char *)sqlite3_column_text(statement, 1));
    } else {
        status = rc == SQLITE_DONE ? BSK_ERR_NOT_FOUND : bsk_store_db_error(store, error, "reading cards");
    }
    sqlite3_finalize(statement);
    return status;
}

/* An id or nxt id is resolved to a name with a small query; one read of that name's rows
 * then gives the card and its printings together. */
bsk_status bsk_store_lookup(bsk_store *store, const char *name_or_id, bsk_card *card, bsk_card **printings,
                            size_t *count, bsk_error *error)
{
    char name[BSK_CARD_NAME_MAX], id[BSK_CARD_ID_MAX];
    bsk_card *all = NULL;
    size_t all_count = 0;
    int32_t nxt_id;
    bsk_status status = name_of(store, "SELECT name, id FROM cards WHERE id = ?1", name_or_id, 0, name, id, error);
    if (status == BSK_ERR_NOT_FOUND && bsk_nxt_id_parse(name_or_id, &nxt_id))
        status = name_of(store, "SELECT name, id FROM cards WHERE nxt_id = ?1", NULL, nxt_id, name, id, error);
    bool by_id = status == BSK_OK;
    if (status && status != BSK_ERR_NOT_FOUND)
        return status;
    if ((status = bsk_store_find_name(store, by_id ? name : name_or_id, &all, &all_count, error)))
        return status;
    size_t at = 0;
    while (by_id && at < all_count && strcmp(all[at].id, id) != 0)
        at++;
    if (at < all_count) {
        *card = all[at];
    } else if (by_id) { /* not among its name's printings: a name too long for any key */
        sqlite3_stmt *statement;
        if (!(status = prepare(store, BSK_STORE_CARD_COLUMNS " WHERE c.id = ?1", &statement, error))) {
            sqlite3_bind_text(statement, 1, id, -1, SQLITE_STATIC);
            status = sqlite3_step(statement) == SQLITE_ROW ? bsk_store_read_card_row(store, statement, card, NULL, error)
                                                           : bsk_store_db_error(store, error, "reading cards");
            sqlite3_finalize(statement);
        }
    } else {
        status = BSK_ERR_NOT_FOUND;
    }
    if (printings && !status) {
        *printings = all;
        *count = all_count;
    } else {
        free(all);
    }
    return status;
}

/* Code points of valid UTF-8 (every stored key is: the normaliser writes U+FFFD for bad bytes). */
static size_t code_points(const char *text)
{
    size_t count = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        count += (*p & 0xC0) != 0x80;
    return count;
}

bsk_status bsk_store_suggest(bsk_store *store, const char *name, char (*names)[BSK_CARD_NAME_MAX], size_t max,
                             size_t *count, bsk_error *error)
{
    char key[BSK_CARD_NAME_MAX], keys[8][BSK_CARD_NAME_MAX];
    size_t distances[8], stored = 0;
    *count = 0;
    if (max > 8)
        max = 8;
    if (max == 0 || bsk_name_normalize(name, key, sizeof key) >= sizeof key)
        return BSK_OK;
    size_t length = bsk_utf8_width(key), points = code_points(key);
    size_t limit = length / 3 > 2 ? length / 3 : 2;
    sqlite3_stmt *statement;
    /* the distinct keys in byte order, straight from the name index */
    bsk_status status = prepare(store, "SELECT DISTINCT norm_name FROM cards ORDER BY norm_name", &statement, error);
    if (status)
        return status;
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        const char *other = (const char *)sqlite3_column_text(statement, 0);
        size_t other_points = code_points(other);
        /* an edit distance is at least the difference in length: skip the far ones unmeasured */
        if ((other_points > points ? other_points - points : points - other_points) > limit)
            continue;
        size_t distance = bsk_name_distance(key, other);
        if (distance > limit || (stored == max && distance >= distances[stored - 1]))
            continue;
        size_t at = stored < max ? stored++ : max - 1;
        while (at > 0 && distances[at - 1] > distance) { /* keys arrive sorted, so ties keep name order */
            distances[at] = distances[at - 1];
            memcpy(keys[at], keys[at - 1], sizeof keys[at]);
            at--;
        }
        distances[at] = distance;
        snprintf(keys[at], sizeof keys[at], "%s", other);
    }
    if (rc != SQLITE_DONE)
        status = bsk_store_db_error(store, error, "reading names");
    sqlite3_finalize(statement);
    /* each name as its newest printing spells it */
    for (size_t i = 0; i < stored && !status; i++) {
        bsk_card *printings;
        size_t printing_count;
        if ((status = bsk_store_find_name(store, keys[i], &printings, &printing_count, error)))
            break;
        if (printing_count)
            snprintf(names[(*count)++], BSK_CARD_NAME_MAX, "%s", printings[0].name);
        free(printings);
    }
    return status;
}

/* ---- Search ---------------------------------------------------------------------------- */

typedef struct match {
    sqlite3_int64 rowid;
    char key[BSK_CARD_NAME_MAX];
    char set[BSK_SET_ID_MAX];
    char id[BSK_CARD_ID_MAX];
} match;

static int compare_matches(const void *a, const void *b)
{
    const match *x = a, *y = b;
    int by_key = strcmp(x->key, y->key);
    if (by_key)
        return by_key;
    int by_rank = bsk_set_rank(x->set) - bsk_set_rank(y->set);
    return by_rank ? by_rank : strcmp(x->id, y->id);
}

/* The filter as SQL over the indexed columns; parameter ?N is always field N. */
static void search_sql(const bsk_card_filter *filter, bool has_query, char *sql, size_t size)
{
    size_t used = (size_t)snprintf(sql, size, "SELECT c.rowid, c.norm_name, c.set_id, c.id FROM cards c WHERE 1");
#define ADD(text) used += (size_t)snprintf(sql + used, used < size ? size - used : 0, "%s", text)
    if (has_query)
        ADD(" AND instr(c.norm_name, ?1) > 0");
    if (filter->element == BSK_ELEMENT_COUNT)
        ADD(" AND c.id NOT IN (SELECT card_id FROM card_elements)");
    else if (filter->element >= 0 && filter->element < BSK_ELEMENT_COUNT)
        ADD(" AND c.id IN (SELECT card_id FROM card_elements WHERE element = ?2)");
    if (filter->type >= 0)
        ADD(" AND c.type = ?3");
    if (filter->subtype >= 0)
        ADD(" AND c.subtype IS ?4");
    if (filter->cost_min >= 0)
        ADD(" AND c.cost >= ?5");
    if (filter->cost_max >= 0)
        ADD(" AND c.cost <= ?6");
    if (filter->elite >= 0)
        ADD(" AND c.elite = ?7");
    if (filter->unique >= 0)
        ADD(" AND c.is_unique = ?8");
    if (filter->class_id >= 0)
        ADD(" AND c.id IN (SELECT card_id FROM card_classes WHERE class = ?9)");
    if (filter->set)
        ADD(" AND c.set_id = ?10");
    if (filter->keyword >= 0)
        ADD(" AND c.id IN (SELECT card_id FROM card_keywords WHERE keyword = ?11)");
#undef ADD
}

static void bind_filter(sqlite3_stmt *statement, const bsk_card_filter *filter, const char *query)
{
    if (query)
        sqlite3_bind_text(statement, 1, query, -1, SQLITE_STATIC);
    if (filter->element >= 0 && filter->element < BSK_ELEMENT_COUNT)
        sqlite3_bind_text(statement, 2, bsk_element_id(filter->element), -1, SQLITE_STATIC);
    if (filter->type >= 0)
        sqlite3_bind_text(statement, 3, bsk_type_id(filter->type), -1, SQLITE_STATIC);
    if (filter->subtype >= 0) { /* BSK_SUBTYPE_NONE is stored as NULL */
        const char *subtype = bsk_subtype_id(filter->subtype);
        if (subtype)
            sqlite3_bind_text(statement, 4, subtype, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(statement, 4);
    }
    if (filter->cost_min >= 0)
        sqlite3_bind_int(statement, 5, filter->cost_min);
    if (filter->cost_max >= 0)
        sqlite3_bind_int(statement, 6, filter->cost_max);
    if (filter->elite >= 0)
        sqlite3_bind_int(statement, 7, filter->elite == 1);
    if (filter->unique >= 0)
        sqlite3_bind_int(statement, 8, filter->unique);
    if (filter->class_id >= 0)
        sqlite3_bind_text(statement, 9, bsk_class_id(filter->class_id), -1, SQLITE_STATIC);
    if (filter->set)
        sqlite3_bind_text(statement, 10, filter->set, -1, SQLITE_STATIC);
    if (filter->keyword >= 0)
        sqlite3_bind_text(statement, 11, bsk_keyword_name(filter->keyword), -1, SQLITE_STATIC);
}

/* The matching rows' sort keys only (no card is read yet), sorted as the pool sorts. */
static bsk_status find_matches(bsk_store *store, const bsk_card_filter *filter, match **matches, size_t *count,
                               bsk_error *error)
{
    char query[BSK_CARD_NAME_MAX], sql[1024];
    bool has_query = filter->query && *filter->query;
    *matches = NULL;
    *count = 0;
    if (has_query && bsk_name_normalize(filter->query, query, sizeof query) >= sizeof query)
        return BSK_OK; /* longer than any name: in none */
    search_sql(filter, has_query, sql, sizeof sql);
    sqlite3_stmt *statement;
    bsk_status status = prepare(store, sql, &statement, error);
    if (status)
        return status;
    bind_filter(statement, filter, has_query ? query : NULL);
    size_t capacity = 0;
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        if (*count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            match *grown = realloc(*matches, capacity * sizeof *grown);
            if (!grown) {
                status = no_memory(error);
                break;
            }
            *matches = grown;
        }
        match *m = &(*matches)[(*count)++];
        m->rowid = sqlite3_column_int64(statement, 0);
        snprintf(m->key, sizeof m->key, "%s", (const char *)sqlite3_column_text(statement, 1));
        snprintf(m->set, sizeof m->set, "%s", (const char *)sqlite3_column_text(statement, 2));
        snprintf(m->id, sizeof m->id, "%s", (const char *)sqlite3_column_text(statement, 3));
    }
    if (!status && rc != SQLITE_DONE)
        status = bsk_store_db_error(store, error, "searching cards");
    sqlite3_finalize(statement);
    if (!status && *count > 1)
        qsort(*matches, *count, sizeof **matches, compare_matches);
    return status;
}

bsk_status bsk_store_search(bsk_store *store, const bsk_card_filter *filter, size_t limit, bsk_card **cards,
                            size_t *count, size_t *total, bsk_error *error)
{
    match *matches;
    sqlite3_stmt *statement = NULL;
    *cards = NULL;
    *count = 0;
    bsk_status status = find_matches(store, filter, &matches, total, error);
    size_t shown = *total < limit ? *total : limit;
    if (!status && shown) {
        *cards = malloc(shown * sizeof **cards);
        status = *cards ? prepare(store, BSK_STORE_CARD_COLUMNS " WHERE c.rowid = ?1", &statement, error)
                        : no_memory(error);
    }
    for (size_t i = 0; i < shown && !status; i++) { /* whole cards only for the rows shown */
        sqlite3_bind_int64(statement, 1, matches[i].rowid);
        int rc = sqlite3_step(statement);
        if (rc == SQLITE_ROW)
            status = bsk_store_read_card_row(store, statement, &(*cards)[(*count)++], NULL, error);
        else
            status = bsk_store_db_error(store, error, "reading cards");
        sqlite3_reset(statement);
    }
    sqlite3_finalize(statement);
    free(matches);
    if (status) {
        free(*cards);
        *cards = NULL;
        *count = 0;
    }
    return status;
}
