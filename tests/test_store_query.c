/* test_store_query.c — look-ups that read only what they need (issue 10, start-up cost):
 * on the bundled catalogue, every store look-up gives exactly the answer of its pool
 * counterpart over the whole loaded catalogue — every card by id, nxt id and name, every
 * name's printings, suggestions for misspelt names, and a battery of filtered searches. */
#include "catalog.h"
#include "store.h"
#include "suites.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char directory[64];
static bsk_store *store;
static bsk_catalog catalog; /* the same catalogue, loaded whole: the reference answers */

static void open_bundled(void)
{
    char path[128];
    bsk_error error;
    snprintf(directory, sizeof directory, "/tmp/berserk-query-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(directory));
    snprintf(path, sizeof path, "%s/catalog.db", directory);
    ck_assert_int_eq(bsk_store_open(path, &store, &error), BSK_OK);
    ck_assert_int_eq(bsk_store_ensure_catalog(store, &error), BSK_OK);
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_store_load(store, &catalog, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_index(&catalog.pool, &error), BSK_OK);
}

static void close_bundled(void)
{
    char command[128];
    bsk_catalog_free(&catalog);
    bsk_store_close(store);
    snprintf(command, sizeof command, "rm -rf '%s'", directory);
    ck_assert_int_eq(system(command), 0);
}

/* Two cards are the same when their catalogue JSON is. A look-up reads a card without its
 * features (issue 22): bsk_store_card_features adds them, as cards show does. */
static void assert_same_card(const bsk_card *a, const bsk_card *b, const char *query)
{
    static bsk_card_features features;
    bsk_card with = *a;
    bsk_error error;
    ck_assert_ptr_null(a->features);
    ck_assert_int_eq(bsk_store_card_features(store, &with, &features, &error), BSK_OK);
    json_t *x = bsk_codec_card_json(&with), *y = bsk_codec_card_json(b);
    char *tx = json_dumps(x, JSON_COMPACT | JSON_PRESERVE_ORDER);
    char *ty = json_dumps(y, JSON_COMPACT | JSON_PRESERVE_ORDER);
    ck_assert_msg(strcmp(tx, ty) == 0, "%s: store %s, pool %s", query, tx, ty);
    free(tx);
    free(ty);
    json_decref(x);
    json_decref(y);
}

/* The card of bsk_pool_lookup, and with it the printings of bsk_pool_find_name. */
static void assert_lookup_as_pool(const char *query)
{
    bsk_card card, *printings;
    size_t count;
    bsk_error error;
    const bsk_card *expected = bsk_pool_lookup(&catalog.pool, query);
    bsk_status status = bsk_store_lookup(store, query, &card, &printings, &count, &error);
    if (!expected) {
        ck_assert_msg(status == BSK_ERR_NOT_FOUND, "\"%s\": store status %d, the pool finds nothing", query, status);
        return;
    }
    ck_assert_msg(status == BSK_OK, "\"%s\": store status %d, the pool finds %s", query, status, expected->id);
    assert_same_card(&card, expected, query);
    const bsk_card *expected_printings[64];
    size_t want = bsk_pool_find_name(&catalog.pool, expected->name, expected_printings, 64);
    ck_assert_msg(count == want, "%s: %zu printings with the card, the pool has %zu", query, count, want);
    for (size_t i = 0; i < count && i < 64; i++)
        assert_same_card(&printings[i], expected_printings[i], query);
    free(printings);
    ck_assert_int_eq(bsk_store_lookup(store, query, &card, NULL, NULL, &error), BSK_OK); /* printings optional */
    assert_same_card(&card, expected, query);
}

static void assert_printings_as_pool(const char *name)
{
    const bsk_card *expected[64];
    bsk_card *printings;
    size_t count;
    bsk_error error;
    size_t want = bsk_pool_find_name(&catalog.pool, name, expected, 64);
    ck_assert_int_eq(bsk_store_find_name(store, name, &printings, &count, &error), BSK_OK);
    ck_assert_msg(count == want, "%s: %zu printings, the pool has %zu", name, count, want);
    for (size_t i = 0; i < count && i < 64; i++)
        assert_same_card(&printings[i], expected[i], name);
    free(printings);
}

START_TEST(test_issue10_lookup_every_card_as_the_pool)
{
    for (size_t i = 0; i < catalog.pool.count; i++) {
        const bsk_card *card = &catalog.pool.cards[i];
        char text[64];
        assert_lookup_as_pool(card->id);
        assert_lookup_as_pool(card->name);
        assert_printings_as_pool(card->name);
        if (card->nxt_id != BSK_UNSET) {
            snprintf(text, sizeof text, "%d", (int)card->nxt_id);
            assert_lookup_as_pool(text);
            snprintf(text, sizeof text, "0%d", (int)card->nxt_id); /* the pool reads digits, leading zeros too */
            assert_lookup_as_pool(text);
        }
    }
}
END_TEST

START_TEST(test_issue10_lookup_odd_queries_as_the_pool)
{
    static const char *const QUERIES[] = {
        "", " ", "-", "'", "x", "0", "00000", "999999999", "1000000000", "01-999", "01-101 ", " 01-101",
        "classic-Draks_1", "CLASSIC-DRAKS_1", "  циклоп  ", "ЦИКЛОП", "Ловец  \t душ", "Те\xcc\x88мная бестия",
        "Темная бестия", "Гном - басаарг", "гном -басаарг", "Бул’Багур", "Несуществующая", "\xff\xfe",
        "ззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззззз",
    };
    for (size_t i = 0; i < sizeof QUERIES / sizeof QUERIES[0]; i++) {
        assert_lookup_as_pool(QUERIES[i]);
        assert_printings_as_pool(QUERIES[i]);
    }
}
END_TEST

static void assert_suggestions_as_pool(const char *query, size_t max)
{
    const bsk_card *expected[8];
    char names[8][BSK_CARD_NAME_MAX];
    size_t count;
    bsk_error error;
    size_t want = bsk_pool_suggest(&catalog.pool, query, expected, max);
    ck_assert_int_eq(bsk_store_suggest(store, query, names, max, &count, &error), BSK_OK);
    ck_assert_msg(count == want, "\"%s\" (max %zu): %zu suggestions, the pool has %zu", query, max, count, want);
    for (size_t i = 0; i < count; i++)
        ck_assert_msg(strcmp(names[i], expected[i]->name) == 0, "\"%s\" suggestion %zu: %s, the pool says %s", query, i,
                      names[i], expected[i]->name);
}

START_TEST(test_issue10_suggestions_as_the_pool)
{
    /* misspell every fifth name three ways: a letter dropped, one doubled, one appended */
    for (size_t i = 0; i < catalog.pool.count; i += 5) {
        const char *name = catalog.pool.cards[i].name;
        size_t length = strlen(name), cut = length / 2;
        while (cut > 0 && ((unsigned char)name[cut] & 0xC0) == 0x80)
            cut--; /* a code point boundary */
        size_t next = cut + 1;
        while (next < length && ((unsigned char)name[next] & 0xC0) == 0x80)
            next++;
        char text[3 * BSK_CARD_NAME_MAX];
        snprintf(text, sizeof text, "%.*s%s", (int)cut, name, name + next);
        assert_suggestions_as_pool(text, 3);
        snprintf(text, sizeof text, "%.*s%s", (int)next, name, name + cut);
        assert_suggestions_as_pool(text, 8);
        snprintf(text, sizeof text, "%sы", name);
        assert_suggestions_as_pool(text, 1);
    }
    static const char *const ODD[] = {"", "а", "аб", "Цыклоп", "Аранто", "zzzzqqq", "Несуществующая", "\xff"};
    for (size_t i = 0; i < sizeof ODD / sizeof ODD[0]; i++)
        for (size_t max = 0; max <= 9; max += 3)
            assert_suggestions_as_pool(ODD[i], max);
}
END_TEST

static void assert_search_as_pool(const bsk_card_filter *filter, size_t limit, const char *what)
{
    size_t capacity = catalog.pool.count;
    const bsk_card **expected = malloc((capacity + 1) * sizeof *expected);
    bsk_card *cards;
    size_t count, total;
    bsk_error error;
    size_t want = bsk_pool_search(&catalog.pool, filter, expected, capacity);
    ck_assert_int_eq(bsk_store_search(store, filter, limit, &cards, &count, &total, &error), BSK_OK);
    ck_assert_msg(total == want, "%s: %zu match, the pool finds %zu", what, total, want);
    ck_assert_uint_eq(count, want < limit ? want : limit);
    for (size_t i = 0; i < count; i++)
        assert_same_card(&cards[i], expected[i], what);
    free(cards);
    free(expected);
}

START_TEST(test_issue10_search_as_the_pool)
{
    static const char *const QUERIES[] = {NULL, "", "гном", "ЦИКЛОП", "темная", "ь", "а", "-", " ", "zz", "'"};
    static const int COSTS[][2] = {{-1, -1}, {3, 3}, {0, 2}, {7, -1}, {-1, 4}, {5, 6}};
    static const char *const SETS[] = {NULL, "01", "21", "classic", "07", "99"};
    static const char *const CLASSES[] = {NULL, "elf", "dwarf", "Эльф"};
    static const char *const KEYWORDS[] = {NULL, "armor", "regeneration", "magic_strike"};
    uint64_t state = 2026;
    for (int round = 0; round < 300; round++) {
        bsk_card_filter filter;
        char what[256];
        bsk_card_filter_init(&filter);
#define PICK(n) ((size_t)((state = state * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % (n))
        /* each filter in a few rounds only, so that most rounds still match cards */
        filter.query = PICK(2) ? NULL : QUERIES[PICK(sizeof QUERIES / sizeof QUERIES[0])];
        if (PICK(4) == 0)
            filter.element = (int)PICK(BSK_ELEMENT_COUNT + 1); /* BSK_ELEMENT_COUNT = neutral */
        if (PICK(6) == 0)
            filter.type = (int)PICK(BSK_TYPE_COUNT);
        if (PICK(6) == 0)
            filter.subtype = (int)PICK(BSK_SUBTYPE_COUNT); /* BSK_SUBTYPE_NONE too */
        size_t cost = PICK(2) ? 0 : PICK(sizeof COSTS / sizeof COSTS[0]);
        filter.cost_min = COSTS[cost][0];
        filter.cost_max = COSTS[cost][1];
        filter.elite = PICK(3) == 0 ? (int)PICK(2) : -1;
        filter.unique = PICK(6) == 0 ? (int)PICK(2) : -1;
        const char *class_name = PICK(6) == 0 ? CLASSES[PICK(sizeof CLASSES / sizeof CLASSES[0])] : NULL;
        filter.class_id = class_name ? bsk_class_parse(class_name) : -1;
        filter.set = PICK(4) == 0 ? SETS[PICK(sizeof SETS / sizeof SETS[0])] : NULL;
        const char *keyword = PICK(6) == 0 ? KEYWORDS[PICK(sizeof KEYWORDS / sizeof KEYWORDS[0])] : NULL;
        filter.keyword = keyword ? bsk_keyword_parse(keyword) : -1;
        size_t limit = PICK(3) == 0 ? PICK(40) : SIZE_MAX;
#undef PICK
        snprintf(what, sizeof what, "round %d: query %s element %d type %d subtype %d cost %d..%d elite %d unique %d"
                 " class %d set %s keyword %d limit %zu", round, filter.query ? filter.query : "-", filter.element,
                 filter.type, filter.subtype, filter.cost_min, filter.cost_max, filter.elite, filter.unique,
                 filter.class_id, filter.set ? filter.set : "-", filter.keyword, limit);
        assert_search_as_pool(&filter, limit, what);
    }
    bsk_card_filter all;
    bsk_card_filter_init(&all);
    assert_search_as_pool(&all, SIZE_MAX, "no filter: every card");
    assert_search_as_pool(&all, 0, "no filter, limit 0");
}
END_TEST

START_TEST(test_issue10_find_set)
{
    bsk_catalog_set set;
    bsk_error error;
    ck_assert_int_eq(bsk_store_find_set(store, "21", &set, &error), BSK_OK);
    ck_assert_str_eq(set.name, bsk_catalog_find_set(&catalog, "21")->name);
    ck_assert_int_eq(set.release, BSK_UNSET);
    ck_assert_int_eq(bsk_store_find_set(store, "07", &set, &error), BSK_OK);
    ck_assert_int_eq(set.release, 7);
    ck_assert_int_eq(bsk_store_find_set(store, "99", &set, &error), BSK_ERR_NOT_FOUND);
}
END_TEST

Suite *store_query_suite(void)
{
    Suite *suite = suite_create("store_query");
    TCase *tc = tcase_create("store_query");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, open_bundled, close_bundled);
    tcase_add_test(tc, test_issue10_lookup_every_card_as_the_pool);
    tcase_add_test(tc, test_issue10_lookup_odd_queries_as_the_pool);
    tcase_add_test(tc, test_issue10_suggestions_as_the_pool);
    tcase_add_test(tc, test_issue10_search_as_the_pool);
    tcase_add_test(tc, test_issue10_find_set);
    suite_add_tcase(suite, tc);
    return suite;
}
