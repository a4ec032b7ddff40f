/* pool.c — the card pool: a flat array of printings and two sorted indexes (by id, by
 * normalised name then printing rank) so look-ups are binary searches. The indexes are
 * rebuilt lazily after cards are added, so bulk loading stays linear. */
#include "berserk/pool.h"
#include "berserk/card_table.h" /* bsk_card_features: the pool owns its cards' copies */
#include "name_internal.h"

#include <stdlib.h>
#include <string.h>

void bsk_pool_init(bsk_pool *pool)
{
    memset(pool, 0, sizeof *pool);
}

void bsk_pool_truncate(bsk_pool *pool, size_t count)
{
    for (size_t i = count; i < pool->count; i++) {
        free((void *)pool->cards[i].features); /* the pool's own copy (bsk_pool_add) */
        pool->cards[i].features = NULL;
    }
    if (count < pool->count) {
        pool->count = count;
        pool->indexed = false;
    }
}

void bsk_pool_free(bsk_pool *pool)
{
    bsk_pool_truncate(pool, 0);
    free(pool->cards);
    free(pool->by_name);
    free(pool->by_id);
    bsk_pool_init(pool);
}

bsk_status bsk_pool_add(bsk_pool *pool, const bsk_card *card, bsk_error *error)
{
    if (pool->count == pool->capacity) {
        size_t capacity = pool->capacity ? pool->capacity * 2 : 256;
        bsk_card *cards = realloc(pool->cards, capacity * sizeof *cards);
        if (!cards)
            return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory adding card %s", card->id);
        pool->cards = cards;
        pool->capacity = capacity;
    }
    bsk_card_features *features = NULL;
    if (card->features) { /* the pool owns a copy of the card's features */
        features = malloc(sizeof *features);
        if (!features)
            return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory adding card %s", card->id);
        *features = *card->features;
    }
    pool->cards[pool->count] = *card;
    pool->cards[pool->count++].features = features;
    pool->indexed = false;
    return BSK_OK;
}

/* ---- Sorting the indexes ---------------------------------------------------------
 * qsort has no context argument in C11 and lib/ keeps no global state, so the indexes
 * are sorted by a merge sort of card indices whose comparison receives the pool. */

typedef int (*card_order)(const bsk_pool *pool, const bsk_pool_entry *keys, uint32_t a, uint32_t b);

static int order_by_id(const bsk_pool *pool, const bsk_pool_entry *keys, uint32_t a, uint32_t b)
{
    (void)keys;
    return strcmp(pool->cards[a].id, pool->cards[b].id);
}

/* keys[i] is the normalised name of card i */
static int order_by_name(const bsk_pool *pool, const bsk_pool_entry *keys, uint32_t a, uint32_t b)
{
    int by_key = strcmp(keys[a].key, keys[b].key);
    if (by_key)
        return by_key;
    int by_rank = bsk_set_rank(pool->cards[a].set) - bsk_set_rank(pool->cards[b].set);
    if (by_rank)
        return by_rank;
    return strcmp(pool->cards[a].id, pool->cards[b].id);
}

/* Stable bottom-up merge sort of items[0..count) through spare (as large). */
static void sort_indices(const bsk_pool *pool, const bsk_pool_entry *keys, card_order order, uint32_t *items,
                         uint32_t *spare, size_t count)
{
    uint32_t *from = items, *to = spare;
    for (size_t width = 1; width < count; width *= 2) {
        for (size_t low = 0; low < count; low += 2 * width) {
            size_t middle = low + width < count ? low + width : count;
            size_t high = middle + width < count ? middle + width : count;
            size_t i = low, j = middle, k = low;
            while (i < middle && j < high)
                to[k++] = order(pool, keys, from[j], from[i]) < 0 ? from[j++] : from[i++];
            while (i < middle)
                to[k++] = from[i++];
            while (j < high)
                to[k++] = from[j++];
        }
        uint32_t *swap = from;
        from = to;
        to = swap;
    }
    if (from != items)
        memcpy(items, from, count * sizeof *items);
}

bsk_status bsk_pool_index(bsk_pool *pool, bsk_error *error)
{
    if (pool->indexed)
        return BSK_OK;
    free(pool->by_name);
    free(pool->by_id);
    pool->by_name = NULL;
    pool->by_id = NULL;
    if (pool->count == 0) {
        pool->indexed = true;
        return BSK_OK;
    }
    pool->by_name = malloc(pool->count * sizeof *pool->by_name);
    pool->by_id = malloc(pool->count * sizeof *pool->by_id);
    if (!pool->by_name || !pool->by_id)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory indexing %zu cards", pool->count);
    for (size_t i = 0; i < pool->count; i++) {
        pool->by_id[i] = (uint32_t)i;
        pool->by_name[i].card = (uint32_t)i;
        bsk_name_normalize(pool->cards[i].name, pool->by_name[i].key, sizeof pool->by_name[i].key);
    }
    /* by_name holds card i's key at i until it is sorted, through `order` */
    uint32_t *order = malloc(pool->count * sizeof *order);
    uint32_t *spare = malloc(pool->count * sizeof *spare);
    bsk_pool_entry *sorted = malloc(pool->count * sizeof *sorted);
    if (!order || !spare || !sorted) {
        free(order);
        free(spare);
        free(sorted);
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory indexing %zu cards", pool->count);
    }
    sort_indices(pool, NULL, order_by_id, pool->by_id, spare, pool->count);
    for (size_t i = 0; i < pool->count; i++)
        order[i] = (uint32_t)i;
    sort_indices(pool, pool->by_name, order_by_name, order, spare, pool->count);
    for (size_t i = 0; i < pool->count; i++)
        sorted[i] = pool->by_name[order[i]];
    free(pool->by_name);
    pool->by_name = sorted;
    free(order);
    free(spare);
    for (size_t i = 1; i < pool->count; i++)
        if (strcmp(pool->cards[pool->by_id[i]].id, pool->cards[pool->by_id[i - 1]].id) == 0)
            return bsk_error_set(error, BSK_ERR_INVALID, "", "duplicate card id %s", pool->cards[pool->by_id[i]].id);
    /* dense name ids, so hot loops compare names as integers */
    uint32_t name_id = 0;
    for (size_t i = 0; i < pool->count; i++) {
        if (i == 0 || strcmp(pool->by_name[i].key, pool->by_name[i - 1].key) != 0)
            name_id++;
        pool->cards[pool->by_name[i].card].name_id = name_id;
    }
    pool->indexed = true;
    return BSK_OK;
}

static bool ensure_index(bsk_pool *pool)
{
    return bsk_pool_index(pool, NULL) == BSK_OK;
}

const bsk_card *bsk_pool_find_id(bsk_pool *pool, const char *id)
{
    if (!ensure_index(pool))
        return NULL;
    size_t lo = 0, hi = pool->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = strcmp(pool->cards[pool->by_id[mid]].id, id);
        if (cmp == 0)
            return &pool->cards[pool->by_id[mid]];
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const bsk_card *bsk_pool_find_nxt_id(bsk_pool *pool, int32_t nxt_id)
{
    for (size_t i = 0; i < pool->count; i++)
        if (pool->cards[i].nxt_id == nxt_id && nxt_id != BSK_UNSET)
            return &pool->cards[i];
    return NULL;
}

/* First index in by_name whose key is >= key. */
static size_t lower_bound(const bsk_pool *pool, const char *key)
{
    size_t lo = 0, hi = pool->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(pool->by_name[mid].key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t bsk_pool_find_name(bsk_pool *pool, const char *name, const bsk_card **out, size_t max)
{
    char key[BSK_CARD_NAME_MAX];
    if (!ensure_index(pool) || bsk_name_normalize(name, key, sizeof key) >= sizeof key)
        return 0;
    size_t found = 0;
    for (size_t i = lower_bound(pool, key); i < pool->count && strcmp(pool->by_name[i].key, key) == 0; i++) {
        if (found < max)
            out[found] = &pool->cards[pool->by_name[i].card];
        found++;
    }
    return found;
}

const bsk_card *bsk_pool_resolve(bsk_pool *pool, const char *name)
{
    const bsk_card *card = NULL;
    return bsk_pool_find_name(pool, name, &card, 1) ? card : NULL;
}

bool bsk_nxt_id_parse(const char *text, int32_t *out)
{
    if (!*text || strlen(text) > 9)
        return false;
    for (const char *p = text; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    *out = (int32_t)strtol(text, NULL, 10);
    return true;
}

const bsk_card *bsk_pool_lookup(bsk_pool *pool, const char *name_or_id)
{
    int32_t nxt_id;
    const bsk_card *card = bsk_pool_find_id(pool, name_or_id);
    if (card)
        return card;
    if (bsk_nxt_id_parse(name_or_id, &nxt_id) && (card = bsk_pool_find_nxt_id(pool, nxt_id)))
        return card;
    return bsk_pool_resolve(pool, name_or_id);
}

size_t bsk_pool_suggest(bsk_pool *pool, const char *name, const bsk_card **out, size_t max)
{
    char key[BSK_CARD_NAME_MAX];
    size_t distances[8];
    size_t stored = 0;
    if (max > 8)
        max = 8;
    if (!ensure_index(pool) || max == 0 || bsk_name_normalize(name, key, sizeof key) >= sizeof key)
        return 0;
    size_t length = bsk_utf8_width(key);
    size_t limit = length / 3 > 2 ? length / 3 : 2;
    uint32_t decoded[BSK_CARD_NAME_MAX];
    size_t decoded_count = name_decode(key, decoded, BSK_CARD_NAME_MAX);
    for (size_t i = 0; i < pool->count; i++) {
        /* by_name is sorted by key then rank: the first entry of a key is its newest printing */
        if (i > 0 && strcmp(pool->by_name[i].key, pool->by_name[i - 1].key) == 0)
            continue;
        /* only a distance within the limit, and below the worst kept once full, is kept */
        if (stored == max && distances[stored - 1] == 0)
            break;
        size_t bound = stored == max && distances[stored - 1] - 1 < limit ? distances[stored - 1] - 1 : limit;
        size_t distance = name_distance_decoded(decoded, decoded_count, pool->by_name[i].key, bound);
        if (distance > bound)
            continue;
        size_t at = stored < max ? stored++ : max - 1;
        while (at > 0 && distances[at - 1] > distance) { /* keys arrive sorted, so ties keep name order */
            distances[at] = distances[at - 1];
            out[at] = out[at - 1];
            at--;
        }
        distances[at] = distance;
        out[at] = &pool->cards[pool->by_name[i].card];
    }
    return stored;
}

size_t bsk_pool_name_count(bsk_pool *pool)
{
    if (!ensure_index(pool))
        return 0;
    size_t names = 0;
    for (size_t i = 0; i < pool->count; i++)
        if (i == 0 || strcmp(pool->by_name[i].key, pool->by_name[i - 1].key) != 0)
            names++;
    return names;
}

void bsk_card_filter_init(bsk_card_filter *filter)
{
    memset(filter, 0, sizeof *filter);
    filter->element = -1;
    filter->type = -1;
    filter->subtype = -1;
    filter->cost_min = -1;
    filter->cost_max = -1;
    filter->elite = -1;
    filter->unique = -1;
    filter->class_id = -1;
    filter->keyword = -1;
}

/* Everything but the name query, which bsk_pool_search matches on the precomputed key. */
static bool match_facts(const bsk_card_filter *filter, const bsk_card *card)
{
    if (filter->element == BSK_ELEMENT_COUNT && card->elements != 0)
        return false;
    if (filter->element >= 0 && filter->element < BSK_ELEMENT_COUNT &&
        !bsk_card_has_element(card, (bsk_element)filter->element))
        return false;
    if (filter->type >= 0 && card->type != filter->type)
        return false;
    if (filter->subtype >= 0 && card->subtype != filter->subtype)
        return false;
    if (filter->cost_min >= 0 && card->cost < filter->cost_min)
        return false;
    if (filter->cost_max >= 0 && card->cost > filter->cost_max)
        return false;
    if (filter->elite >= 0 && card->elite != (filter->elite == 1))
        return false;
    if (filter->unique >= 0 && card->unique != filter->unique)
        return false;
    if (filter->class_id >= 0 && !bsk_card_has_class(card, (bsk_class)filter->class_id))
        return false;
    if (filter->set && strcmp(card->set, filter->set) != 0)
        return false;
    if (filter->keyword >= 0 && !bsk_card_has_keyword(card, (bsk_keyword_id)filter->keyword))
        return false;
    return true;
}

bool bsk_card_filter_match(const bsk_card_filter *filter, const bsk_card *card)
{
    if (filter->query && *filter->query) {
        char key[BSK_CARD_NAME_MAX], query[BSK_CARD_NAME_MAX];
        bsk_name_normalize(card->name, key, sizeof key);
        if (bsk_name_normalize(filter->query, query, sizeof query) >= sizeof query || !strstr(key, query))
            return false;
    }
    return match_facts(filter, card);
}

size_t bsk_pool_search(bsk_pool *pool, const bsk_card_filter *filter, const bsk_card **out, size_t max)
{
    char query[BSK_CARD_NAME_MAX];
    bool has_query = filter->query && *filter->query;
    if (!ensure_index(pool))
        return 0;
    if (has_query && bsk_name_normalize(filter->query, query, sizeof query) >= sizeof query)
        return 0;
    size_t found = 0;
    for (size_t i = 0; i < pool->count; i++) {
        const bsk_pool_entry *entry = &pool->by_name[i];
        if (has_query && !strstr(entry->key, query))
            continue;
        if (!match_facts(filter, &pool->cards[entry->card]))
            continue;
        if (found < max)
            out[found] = &pool->cards[entry->card];
        found++;
    }
    return found;
}
