/* test_pool.c — look-ups and search over the real bundled catalogue: printing
 * resolution (DESIGN §2: newest printing, release 7 … 1, then 22, 21, classic), ids,
 * nxt ids, filters, suggestions. */
#include "berserk/pool.h"
#include "catalog.h"
#include "suites.h"

#include <string.h>

static bsk_catalog catalog;

static void load_bundled(void)
{
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_index(&catalog.pool, &error), BSK_OK);
}

static void free_bundled(void)
{
    bsk_catalog_free(&catalog);
}

START_TEST(test_bundled_catalogue_has_every_card)
{
    ck_assert_uint_eq(catalog.pool.count, 1553);
    ck_assert_uint_eq(catalog.set_count, 10);
}
END_TEST

START_TEST(test_cyclops_facts)
{
    const bsk_card *card = bsk_pool_resolve(&catalog.pool, "Циклоп");
    ck_assert_ptr_nonnull(card);
    ck_assert_str_eq(card->id, "01-101");
    ck_assert_int_eq(card->nxt_id, 10101);
    ck_assert_int_eq(card->life, 14);
    ck_assert_int_eq(card->movement, 2);
    ck_assert_int_eq(card->simple_strike[0], 4);
    ck_assert_int_eq(card->simple_strike[1], 5);
    ck_assert_int_eq(card->simple_strike[2], 6);
    ck_assert(card->elite);
    ck_assert_int_eq(card->cost, 8);
    ck_assert_uint_eq(card->elements, 1u << BSK_ELEMENT_FORESTS);
    int regeneration = bsk_card_keyword_next(card, BSK_KEYWORD_REGENERATION, 0);
    ck_assert_int_eq(regeneration, 3);
    ck_assert_int_eq(card->keywords[regeneration].x.value, 1);
    ck_assert_int_eq(bsk_card_keyword_next(card, BSK_KEYWORD_REGENERATION, regeneration + 1), -1);
    int magic = bsk_card_keyword_next(card, BSK_KEYWORD_MAGIC_STRIKE, 0);
    ck_assert_int_eq(magic, 4);
    ck_assert_int_eq(card->keywords[magic].values[0].value, 2);
    ck_assert_int_eq(card->keywords[magic].activation, BSK_ACTIVATION_TAP);
    ck_assert(bsk_card_has_keyword(card, BSK_KEYWORD_DIRECTED_STRIKE));
    ck_assert(bsk_card_has_keyword(card, BSK_KEYWORD_PROTECTION_FROM_POISON));
    ck_assert(bsk_card_has_keyword(card, BSK_KEYWORD_PROTECTION_FROM_MAGIC));
    ck_assert(!bsk_card_has_keyword(card, BSK_KEYWORD_SHOT));
}
END_TEST

/* 01-004 Гиррит prints two shots: {tap} shot 1 range 3 and {counter}{tap} shot 2. The
 * iterator yields both, in catalogue order, then -1. */
START_TEST(test_keyword_next_yields_both_girrit_shots)
{
    const bsk_card *card = bsk_pool_find_id(&catalog.pool, "01-004");
    ck_assert_ptr_nonnull(card);
    ck_assert_str_eq(card->name, "Гиррит");
    int first = bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, 0);
    ck_assert_int_eq(first, 0);
    ck_assert_int_eq(card->keywords[first].values[0].value, 1);
    ck_assert_int_eq(card->keywords[first].range.value, 3);
    ck_assert_int_eq(card->keywords[first].activation, BSK_ACTIVATION_TAP);
    int second = bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, first + 1);
    ck_assert_int_eq(second, 1);
    ck_assert_int_eq(card->keywords[second].values[0].value, 2);
    ck_assert_int_eq(card->keywords[second].activation, BSK_ACTIVATION_COUNTER_TAP);
    ck_assert_int_eq(bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, second + 1), -1);
    ck_assert_int_eq(bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, 99), -1);
    ck_assert_int_eq(bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, -5), 0);
    int count = 0;
    for (int i = bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, 0); i >= 0;
         i = bsk_card_keyword_next(card, BSK_KEYWORD_SHOT, i + 1))
        count++;
    ck_assert_int_eq(count, 2);
}
END_TEST

START_TEST(test_newest_printing_wins)
{
    /* Дракс: sets 01, 05 and classic; release 5 is the newest. */
    const bsk_card *printings[8];
    size_t count = bsk_pool_find_name(&catalog.pool, "дракс", printings, 8);
    ck_assert_uint_eq(count, 3);
    ck_assert_str_eq(printings[0]->id, "05-074");
    ck_assert_str_eq(printings[1]->id, "01-070");
    ck_assert_str_eq(printings[2]->set, "classic");
    ck_assert_str_eq(bsk_pool_resolve(&catalog.pool, "ДРАКС")->id, "05-074");
}
END_TEST

START_TEST(test_yo_spellings_are_one_name)
{
    /* Мародер (01-171) and Мародёр (05-184) are printings of one name. */
    const bsk_card *printings[4];
    ck_assert_uint_eq(bsk_pool_find_name(&catalog.pool, "Мародер", printings, 4), 2);
    ck_assert_str_eq(printings[0]->id, "05-184");
    ck_assert_str_eq(bsk_pool_resolve(&catalog.pool, "мародёр")->id, "05-184");
}
END_TEST

START_TEST(test_set_rank_order)
{
    ck_assert_int_lt(bsk_set_rank("07"), bsk_set_rank("01"));
    ck_assert_int_lt(bsk_set_rank("01"), bsk_set_rank("22"));
    ck_assert_int_lt(bsk_set_rank("22"), bsk_set_rank("21"));
    ck_assert_int_lt(bsk_set_rank("21"), bsk_set_rank("classic"));
    ck_assert_int_lt(bsk_set_rank("classic"), bsk_set_rank("99"));
}
END_TEST

START_TEST(test_lookup_by_id_and_nxt_id)
{
    ck_assert_str_eq(bsk_pool_lookup(&catalog.pool, "01-101")->name, "Циклоп");
    ck_assert_str_eq(bsk_pool_lookup(&catalog.pool, "10101")->name, "Циклоп");
    ck_assert_str_eq(bsk_pool_find_nxt_id(&catalog.pool, 21005)->id, "21-005");
    ck_assert_ptr_null(bsk_pool_lookup(&catalog.pool, "99-999"));
    ck_assert_ptr_null(bsk_pool_lookup(&catalog.pool, "Несуществующая карта"));
}
END_TEST

static size_t search(const bsk_card_filter *filter, const bsk_card **out, size_t max)
{
    return bsk_pool_search(&catalog.pool, filter, out, max);
}

START_TEST(test_filter_by_element_and_neutral)
{
    static const bsk_card *found[2000];
    bsk_card_filter filter;
    bsk_card_filter_init(&filter);
    filter.element = bsk_element_parse("леса");
    ck_assert_int_eq(filter.element, BSK_ELEMENT_FORESTS);
    ck_assert_int_eq(bsk_element_parse("forests"), BSK_ELEMENT_FORESTS);
    ck_assert_uint_eq(search(&filter, found, 2000), 270);
    for (size_t i = 0; i < 270; i++)
        ck_assert(bsk_card_has_element(found[i], BSK_ELEMENT_FORESTS));
    filter.element = bsk_element_parse("нейтральная");
    ck_assert_int_eq(filter.element, BSK_ELEMENT_COUNT);
    ck_assert_uint_eq(search(&filter, found, 2000), 243);
    for (size_t i = 0; i < 243; i++)
        ck_assert_uint_eq(found[i]->elements, 0);
}
END_TEST

START_TEST(test_filter_by_type_subtype_cost_elite)
{
    static const bsk_card *found[2000];
    bsk_card_filter filter;
    bsk_card_filter_init(&filter);
    filter.type = bsk_type_parse("артефакт");
    ck_assert_uint_eq(search(&filter, found, 2000), 55);
    bsk_card_filter_init(&filter);
    filter.type = BSK_TYPE_TERRAIN;
    ck_assert_uint_eq(search(&filter, found, 2000), 36);
    bsk_card_filter_init(&filter);
    filter.subtype = bsk_subtype_parse("flyer");
    size_t flyers = search(&filter, found, 2000);
    ck_assert_uint_eq(flyers, 95);
    bsk_card_filter_init(&filter);
    filter.cost_min = 7;
    filter.cost_max = 8;
    filter.elite = 1;
    size_t count = search(&filter, found, 2000);
    ck_assert_uint_gt(count, 0);
    for (size_t i = 0; i < count; i++) {
        ck_assert(found[i]->elite);
        ck_assert(found[i]->cost >= 7 && found[i]->cost <= 8);
    }
}
END_TEST

START_TEST(test_filter_by_class_set_keyword_unique)
{
    static const bsk_card *found[2000];
    bsk_card_filter filter;
    bsk_card_filter_init(&filter);
    filter.class_id = bsk_class_parse("Эльф");
    ck_assert_int_eq(filter.class_id, bsk_class_parse("elf"));
    ck_assert_uint_eq(search(&filter, found, 2000), 58); /* 07-083 Мститель, a reprint (convert_reference.py) */
    bsk_card_filter_init(&filter);
    filter.set = "21";
    ck_assert_uint_eq(search(&filter, found, 2000), 19);
    bsk_card_filter_init(&filter);
    filter.keyword = bsk_keyword_parse("броня");
    ck_assert_int_eq(filter.keyword, BSK_KEYWORD_ARMOR);
    ck_assert_uint_eq(search(&filter, found, 2000), 128);
    bsk_card_filter_init(&filter);
    filter.unique = 1;
    size_t unique = search(&filter, found, 2000);
    ck_assert_uint_gt(unique, 0);
    for (size_t i = 0; i < unique; i++)
        ck_assert_int_eq(found[i]->unique, 1);
}
END_TEST

START_TEST(test_query_is_normalised_substring_sorted_by_name)
{
    static const bsk_card *found[64];
    bsk_card_filter filter;
    bsk_card_filter_init(&filter);
    filter.query = "ГНОМ-";
    size_t count = search(&filter, found, 64);
    ck_assert_uint_gt(count, 1);
    char previous[BSK_CARD_NAME_MAX] = "", key[BSK_CARD_NAME_MAX];
    for (size_t i = 0; i < count && i < 64; i++) {
        bsk_name_normalize(found[i]->name, key, sizeof key);
        ck_assert_ptr_nonnull(strstr(key, "гном-"));
        ck_assert_int_le(strcmp(previous, key), 0);
        snprintf(previous, sizeof previous, "%s", key);
    }
    /* the filter used alone agrees with the search */
    ck_assert(bsk_card_filter_match(&filter, found[0]));
    /* more matches than room: the count is still the total */
    ck_assert_uint_eq(search(&filter, found, 1), count);
}
END_TEST

START_TEST(test_suggestions_nearest_first)
{
    const bsk_card *suggestions[3];
    size_t count = bsk_pool_suggest(&catalog.pool, "Цыклоп", suggestions, 3);
    ck_assert_uint_ge(count, 1);
    ck_assert_str_eq(suggestions[0]->name, "Циклоп");
    ck_assert_uint_eq(bsk_pool_suggest(&catalog.pool, "zzzzzzzzzzzzzzzzzz", suggestions, 3), 0);
}
END_TEST

START_TEST(test_duplicate_ids_refused_by_index)
{
    bsk_pool pool;
    bsk_card card;
    bsk_error error;
    bsk_pool_init(&pool);
    memset(&card, 0, sizeof card);
    snprintf(card.id, sizeof card.id, "01-001");
    snprintf(card.name, sizeof card.name, "A");
    snprintf(card.set, sizeof card.set, "01");
    ck_assert_int_eq(bsk_pool_add(&pool, &card, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_add(&pool, &card, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_index(&pool, &error), BSK_ERR_INVALID);
    ck_assert_ptr_nonnull(strstr(error.message, "duplicate card id 01-001"));
    bsk_pool_free(&pool);
}
END_TEST

START_TEST(test_vocabularies_round_trip)
{
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++) {
        ck_assert_int_eq(bsk_element_parse(bsk_element_id(e)), e);
        ck_assert_int_eq(bsk_element_parse(bsk_element_ru(e)), e);
    }
    for (int k = 0; k < BSK_KEYWORD_COUNT; k++) {
        ck_assert_int_eq(bsk_keyword_parse(bsk_keyword_name(k)), k);
        ck_assert_int_eq(bsk_keyword_parse(bsk_keyword_ru(k)), k);
    }
    for (int c = 0; c < BSK_CLASS_COUNT; c++) {
        ck_assert_int_eq(bsk_class_parse(bsk_class_id(c)), c);
        ck_assert_int_eq(bsk_class_parse(bsk_class_ru(c)), c);
    }
    for (int f = 0; f < BSK_FIELD_COUNT; f++)
        ck_assert_int_eq(bsk_card_field_parse(bsk_card_field_id(f)), f);
    ck_assert_int_eq(bsk_class_parse("ТРОЛЬ"), BSK_CLASS_TROLL);
    ck_assert_int_eq(bsk_element_parse("nonsense"), -1);
}
END_TEST

Suite *pool_suite(void)
{
    Suite *suite = suite_create("pool");
    TCase *tc = tcase_create("bundled");
    tcase_add_checked_fixture(tc, load_bundled, free_bundled);
    tcase_add_test(tc, test_bundled_catalogue_has_every_card);
    tcase_add_test(tc, test_cyclops_facts);
    tcase_add_test(tc, test_keyword_next_yields_both_girrit_shots);
    tcase_add_test(tc, test_newest_printing_wins);
    tcase_add_test(tc, test_yo_spellings_are_one_name);
    tcase_add_test(tc, test_lookup_by_id_and_nxt_id);
    tcase_add_test(tc, test_filter_by_element_and_neutral);
    tcase_add_test(tc, test_filter_by_type_subtype_cost_elite);
    tcase_add_test(tc, test_filter_by_class_set_keyword_unique);
    tcase_add_test(tc, test_query_is_normalised_substring_sorted_by_name);
    tcase_add_test(tc, test_suggestions_nearest_first);
    suite_add_tcase(suite, tc);
    TCase *plain = tcase_create("plain");
    tcase_add_test(plain, test_set_rank_order);
    tcase_add_test(plain, test_duplicate_ids_refused_by_index);
    tcase_add_test(plain, test_vocabularies_round_trip);
    suite_add_tcase(suite, plain);
    return suite;
}
