/* test_deck.c — deck legality (DESIGN §2, §4; glossary «Колода "констрактед"»,
 * «Колода "лимитед"», «Орда»): the 15 real tournament decklists are legal constructed
 * decks, and mutations of them give exactly the expected codes, lines and rules (digest 01
 * §10.1 #1 and #5 among them). Also the hypergeometric odds of `deck stats`. */
#include "berserk/deck.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIXTURES BSK_SOURCE_DIR "/tests/fixtures/decks"

static bsk_catalog catalog;
static bsk_format format;
static bsk_deck deck;
static bsk_deck_report report;

static void setup(void)
{
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    bsk_format_init_defaults(&format);
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
}

static void teardown(void)
{
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    bsk_catalog_free(&catalog);
}

/* Parses `text` as a text decklist and checks it on 2026-11-21. */
static void check_text(const char *text, const bsk_deck *pool_deck)
{
    bsk_error error;
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    ck_assert_int_eq(bsk_decklist_parse(text, strlen(text), BSK_DECKLIST_TEXT, "deck.txt", &catalog.pool, &format,
                                        &deck, &report, &error),
                     BSK_OK);
    bsk_deck_check(&deck, &format, pool_deck, "2026-11-21", &catalog.pool, &report);
}

static char *read_fixture(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", FIXTURES, name);
    FILE *file = fopen(path, "rb");
    ck_assert_msg(file != NULL, "cannot open %s", path);
    char *text = calloc(1, 65536);
    size_t n = fread(text, 1, 65535, file);
    text[n] = '\0';
    fclose(file);
    return text;
}

/* The one error of the report, which must have this code. */
static const bsk_deck_issue *only_error(const char *code)
{
    size_t errors = bsk_deck_report_errors(&report);
    ck_assert_msg(errors == 1, "expected 1 error (%s), got %zu: first %s", code, errors,
                  report.count ? report.items[0].code : "-");
    ck_assert_str_eq(report.items[0].code, code);
    return &report.items[0];
}

static const char *const TOURNAMENT[] = {
    "01-babkina-tachanka.txt", "02-lamingi-na-vzlet.txt", "03-odin-laming-v-pole-voin.txt", "04-farro.txt",
    "05-chk-bolota.txt", "06-elfy.txt", "07-alesha-popovich.txt", "08-farro.txt", "09-koven.txt",
    "10-farro-gumno.txt", "11-obeskulachennyy-chernok.txt", "12-alesha-popovich.txt", "13-inkarnatsiya.txt",
    "14-farro.txt", "15-koven.txt",
};

START_TEST(test_constructed_tournament_decklists_are_legal)
{
    char name[128];
    snprintf(name, sizeof name, "tournament/%s", TOURNAMENT[_i]);
    char *text = read_fixture(name);
    check_text(text, NULL);
    ck_assert_msg(report.count == 0, "%s: %s %s", TOURNAMENT[_i], report.count ? report.items[0].code : "",
                  report.count ? report.items[0].message : "");
    ck_assert_int_eq(bsk_deck_total(&deck), 30);
    ck_assert(deck.name[0] != '\0'); /* "# deck title:" names the deck */
    free(text);
}
END_TEST

START_TEST(test_constructed_copies_fourth_copy)
{
    /* 01-babkina-tachanka has 3 Кулеврина орков on line 5; a fourth on a new last line */
    char *text = read_fixture("tournament/01-babkina-tachanka.txt");
    char mutated[70000];
    snprintf(mutated, sizeof mutated, "%s1 Кулеврина орков\n", text);
    check_text(mutated, NULL);
    ck_assert_uint_eq(report.count, 1);
    const bsk_deck_issue *issue = only_error("too_many_copies");
    ck_assert_str_eq(issue->card, "Кулеврина орков");
    ck_assert_int_eq(issue->count, 4);
    ck_assert_int_eq(issue->limit, 3);
    ck_assert_int_eq(issue->line, 16); /* the line that took the count over 3 */
    ck_assert_int_eq(issue->line_count, 2);
    ck_assert_int_eq(issue->lines[0], 5);
    ck_assert_int_eq(issue->lines[1], 16);
    ck_assert_str_eq(issue->rule, "constructed.copies");
    ck_assert_str_eq(issue->message, "4 copies of Кулеврина орков; at most 3 allowed");
    free(text);
}
END_TEST

START_TEST(test_constructed_size_29_and_51)
{
    char *text = read_fixture("tournament/01-babkina-tachanka.txt");
    char mutated[70000];
    /* drop the first entry (1 Шулер): 29 cards */
    char *first = strstr(text, "1 Шулер\n");
    ck_assert_ptr_nonnull(first);
    memmove(first, first + strlen("1 Шулер\n"), strlen(first + strlen("1 Шулер\n")) + 1);
    check_text(text, NULL);
    const bsk_deck_issue *issue = only_error("deck_too_small");
    ck_assert_int_eq(issue->count, 29);
    ck_assert_int_eq(issue->limit, 30);
    ck_assert_int_eq(issue->line, 0);
    ck_assert_int_eq(issue->line_count, -1);
    ck_assert_str_eq(issue->rule, "constructed.size.min");
    free(text);
    /* 51: add 21 legal cards (7 names × 3) */
    text = read_fixture("tournament/01-babkina-tachanka.txt");
    snprintf(mutated, sizeof mutated,
             "%s3 Циклоп\n3 Гобрах\n3 Хобгоблин\n3 Кобольд\n3 Клаэр\n3 Борг\n3 Друид\n", text);
    check_text(mutated, NULL);
    issue = only_error("deck_too_large");
    ck_assert_int_eq(issue->count, 51);
    ck_assert_int_eq(issue->limit, 50);
    ck_assert_str_eq(issue->rule, "constructed.size.max");
    free(text);
}
END_TEST

/* Digest 01 §10.1 #1 (glossary «Колода "констрактед»"): 30 and 50 cards are legal (29 and 51
 * are not: the test above). */
START_TEST(test_10_1_constructed_50_cards_legal)
{
    char *text = read_fixture("tournament/01-babkina-tachanka.txt");
    char mutated[70000];
    /* 30 + 20 legal cards (6 names × 3 + 2) */
    snprintf(mutated, sizeof mutated, "%s3 Циклоп\n3 Гобрах\n3 Хобгоблин\n3 Кобольд\n3 Клаэр\n3 Борг\n2 Друид\n",
             text);
    check_text(mutated, NULL);
    ck_assert_msg(report.count == 0, "%s", report.count ? report.items[0].message : "");
    ck_assert_int_eq(bsk_deck_total(&deck), 50);
    free(text);
}
END_TEST

/* Digest 01 §10.1 #5 (booklet «Уникальность», 106.4): a deck may hold 3 copies of a unique
 * card; uniqueness limits only the squad. */
START_TEST(test_10_5_three_copies_of_a_unique_card_legal)
{
    char *text = read_fixture("tournament/01-babkina-tachanka.txt");
    char mutated[70000];
    /* 3 Требушет out, 3 Гиррит (unique) in: 30 cards */
    char *trebuchets = strstr(text, "3 Требушет\n");
    ck_assert_ptr_nonnull(trebuchets);
    memmove(trebuchets, trebuchets + strlen("3 Требушет\n"), strlen(trebuchets + strlen("3 Требушет\n")) + 1);
    snprintf(mutated, sizeof mutated, "%s3 Гиррит\n", text);
    check_text(mutated, NULL);
    ck_assert_msg(report.count == 0, "%s", report.count ? report.items[0].message : "");
    ck_assert_int_eq(bsk_deck_total(&deck), 30);
    bool found = false;
    for (size_t i = 0; i < deck.count; i++)
        if (strcmp(deck.entries[i].card->name, "Гиррит") == 0) {
            ck_assert_int_eq(deck.entries[i].card->unique, 1);
            ck_assert_int_eq(deck.entries[i].count, 3);
            found = true;
        }
    ck_assert(found);
    free(text);
}
END_TEST

START_TEST(test_decklist_unknown_name_with_suggestions)
{
    char *text = read_fixture("tournament/01-babkina-tachanka.txt");
    char *line = strstr(text, "3 Требушет");
    ck_assert_ptr_nonnull(line);
    memcpy(line, "3 Трибушет", strlen("3 Трибушет")); /* same byte length: е and и are 2 bytes */
    check_text(text, NULL);
    const bsk_deck_issue *issue = only_error("unknown_card");
    ck_assert_str_eq(issue->card, "Трибушет");
    ck_assert_int_eq(issue->count, 3);
    ck_assert_int_eq(issue->line, 14);
    ck_assert_str_eq(issue->rule, "decklist.card");
    ck_assert_int_ge(issue->suggestion_count, 1);
    ck_assert_str_eq(issue->suggestions[0], "Требушет");
    ck_assert_int_eq(bsk_deck_total(&deck), 30); /* unknown names still count toward the size */
    free(text);
}
END_TEST

/* A legal 30-card base without horde cards, to which horde copies are added. */
static const char BASE_27[] = "3 Циклоп\n3 Гобрах\n3 Хобгоблин\n3 Кобольд\n3 Клаэр\n3 Борг\n3 Друид\n3 Мразень\n"
                              "3 Корпит\n";

START_TEST(test_glossary_horde_five_copies_legal_six_not)
{
    char text[1024];
    snprintf(text, sizeof text, "%s5 Бес\n", BASE_27); /* Бес (02-137) has horde */
    check_text(text, NULL);
    ck_assert_uint_eq(report.count, 0);
    snprintf(text, sizeof text, "%s5 Бес\n1 бес\n", BASE_27);
    check_text(text, NULL);
    const bsk_deck_issue *issue = only_error("too_many_copies");
    ck_assert_str_eq(issue->card, "Бес");
    ck_assert_int_eq(issue->count, 6);
    ck_assert_int_eq(issue->limit, 5);
    ck_assert_int_eq(issue->line, 11);
    ck_assert_str_eq(issue->rule, "constructed.horde_copies");
    ck_assert_str_eq(issue->message, "6 copies of Бес; at most 5 allowed (horde)");
}
END_TEST

START_TEST(test_names_match_across_case_and_yo)
{
    /* Мародер (01-171) and Мародёр (05-184) are one name: 2 + 2 copies are 4 */
    char text[1024];
    snprintf(text, sizeof text, "%s2 Мародер\n2 МАРОДЁР\n", BASE_27);
    check_text(text, NULL);
    const bsk_deck_issue *issue = only_error("too_many_copies");
    ck_assert_str_eq(issue->card, "Мародёр"); /* the catalogue spelling of the newest printing */
    ck_assert_int_eq(issue->count, 4);
    ck_assert_int_eq(issue->line, 11);
    ck_assert_ptr_eq(deck.entries[9].card, deck.entries[10].card);
    /* copies count across printings: Дракс pinned in two sets */
    snprintf(text, sizeof text, "%s2 Дракс [01]\n2 05-074\n", BASE_27);
    check_text(text, NULL);
    issue = only_error("too_many_copies");
    ck_assert_int_eq(issue->count, 4);
    ck_assert_str_eq(deck.entries[9].card->id, "01-070");
    ck_assert_str_eq(deck.entries[10].card->id, "05-074");
}
END_TEST

START_TEST(test_custom_format_banned_from_date)
{
    bsk_error error;
    const char *league = "{\"id\":\"league\",\"banned\":[{\"name\":\"циклоп\",\"from\":\"2026-06-01\"}],"
                         "\"restricted\":[{\"name\":\"Гобрах\",\"copies\":1}]}";
    ck_assert_int_eq(bsk_format_parse(league, strlen(league), "league.json", &format, &error), BSK_OK);
    char text[1024];
    snprintf(text, sizeof text, "%s", "3 Циклоп\n1 Гобрах\n3 Хобгоблин\n3 Кобольд\n3 Клаэр\n3 Борг\n3 Друид\n"
                                      "3 Мразень\n3 Корпит\n3 Леший\n2 Фагор\n");
    check_text(text, NULL);
    const bsk_deck_issue *issue = only_error("banned_card");
    ck_assert_str_eq(issue->card, "Циклоп");
    ck_assert_int_eq(issue->count, 3);
    ck_assert_int_eq(issue->line, 1);
    ck_assert_str_eq(issue->rule, "league.banned");
    /* before the ban takes effect the same deck is legal */
    bsk_deck_report_free(&report);
    bsk_deck_check(&deck, &format, NULL, "2026-05-31", &catalog.pool, &report);
    ck_assert_uint_eq(report.count, 0);
    /* restricted to 1 */
    snprintf(text, sizeof text, "%s", "2 Гобрах\n3 Хобгоблин\n3 Кобольд\n3 Клаэр\n3 Борг\n3 Друид\n"
                                      "3 Мразень\n3 Корпит\n3 Леший\n3 Фагор\n3 Дракс\n");
    check_text(text, NULL);
    issue = only_error("restricted_card");
    ck_assert_int_eq(issue->limit, 1);
    ck_assert_int_eq(issue->line, 1);
    ck_assert_str_eq(issue->rule, "league.restricted");
}
END_TEST

START_TEST(test_glossary_sealed_pool)
{
    bsk_error error;
    ck_assert_int_eq(bsk_format_find("sealed", &format, &error), BSK_OK);
    bsk_deck pool_deck;
    bsk_deck_report pool_report;
    bsk_deck_init(&pool_deck);
    bsk_deck_report_init(&pool_report);
    const char *pool_text = "5 Циклоп\n2 Гобрах\n30 Кобольд\n";
    ck_assert_int_eq(bsk_decklist_parse(pool_text, strlen(pool_text), BSK_DECKLIST_TEXT, "pool.txt", &catalog.pool,
                                        &format, &pool_deck, &pool_report, &error),
                     BSK_OK);
    /* limited: any number of copies, but not more than the pool holds */
    check_text("5 Циклоп\n3 Гобрах\n22 Кобольд\n1 Хобгоблин\n", &pool_deck);
    ck_assert_uint_eq(bsk_deck_report_errors(&report), 2);
    ck_assert_str_eq(report.items[0].code, "not_in_pool");
    ck_assert_str_eq(report.items[0].card, "Гобрах");
    ck_assert_int_eq(report.items[0].count, 3);
    ck_assert_int_eq(report.items[0].limit, 2);
    ck_assert_int_eq(report.items[0].line, 2);
    ck_assert_str_eq(report.items[0].rule, "sealed.pool");
    ck_assert_str_eq(report.items[1].card, "Хобгоблин");
    ck_assert_int_eq(report.items[1].limit, 0);
    bsk_deck_free(&pool_deck);
    bsk_deck_report_free(&pool_report);
}
END_TEST

START_TEST(test_glossary_limited_any_number_of_copies)
{
    bsk_error error;
    ck_assert_int_eq(bsk_format_find("limited", &format, &error), BSK_OK);
    check_text("30 Кобольд\n", NULL);
    ck_assert_uint_eq(report.count, 0);
    check_text("29 Кобольд\n", NULL);
    ck_assert_str_eq(only_error("deck_too_small")->rule, "limited.size.min");
    check_text("99 Кобольд\n99 Гобрах\n", NULL); /* limited has no maximum */
    ck_assert_uint_eq(report.count, 0);
}
END_TEST

START_TEST(test_classic_printing_not_legal_in_constructed)
{
    char text[1024];
    snprintf(text, sizeof text, "%s3 classic-Draks_1\n", BASE_27);
    check_text(text, NULL);
    const bsk_deck_issue *issue = only_error("not_legal_in_format");
    ck_assert_str_eq(issue->card, "Дракс");
    ck_assert_int_eq(issue->line, 10);
    ck_assert_str_eq(issue->rule, "constructed.sets");
    /* unpinned, the name resolves to its newest legal printing */
    snprintf(text, sizeof text, "%s3 Дракс\n", BASE_27);
    check_text(text, NULL);
    ck_assert_uint_eq(report.count, 0);
    ck_assert_str_eq(deck.entries[9].card->id, "05-074");
}
END_TEST

START_TEST(test_every_error_reported_in_line_order)
{
    check_text("4 Циклоп\n1 Несуществующая\nабракадабра\n0 Гобрах\n", NULL);
    ck_assert_uint_eq(report.count, 5);
    ck_assert_str_eq(report.items[0].code, "too_many_copies");
    ck_assert_int_eq(report.items[0].line, 1);
    ck_assert_str_eq(report.items[1].code, "unknown_card");
    ck_assert_int_eq(report.items[1].line, 2);
    ck_assert_str_eq(report.items[2].code, "parse_error");
    ck_assert_int_eq(report.items[2].line, 3);
    ck_assert_int_eq(report.items[2].count, BSK_UNSET);
    ck_assert_str_eq(report.items[3].code, "parse_error");
    ck_assert_int_eq(report.items[3].count, 0);
    ck_assert_str_eq(report.items[4].code, "deck_too_small"); /* deck-level last */
    ck_assert_int_eq(report.items[4].count, 5);
}
END_TEST

START_TEST(test_hypergeometric_exact_values)
{
    /* 3 copies in 30, deal of 15: P(>=1) = 1 - C(27,15)/C(30,15) = 1 - 13/116 */
    ck_assert(fabs(bsk_hypergeometric_at_least(30, 3, 15, 1) - (1.0 - 13.0 / 116.0)) < 1e-12);
    /* P(>=3) = C(3,3)C(27,12)/C(30,15) = 13/116 */
    ck_assert(fabs(bsk_hypergeometric_at_least(30, 3, 15, 3) - 13.0 / 116.0) < 1e-12);
    /* P(>=2) = 1/2 by symmetry (15 of 30) */
    ck_assert(fabs(bsk_hypergeometric_at_least(30, 3, 15, 2) - 0.5) < 1e-12);
    ck_assert(fabs(bsk_hypergeometric_at_least(30, 1, 15, 2)) < 1e-15);
    ck_assert(fabs(bsk_hypergeometric_at_least(30, 30, 15, 3) - 1.0) < 1e-12);
    ck_assert(fabs(bsk_hypergeometric_at_least(10, 3, 15, 3) - 1.0) < 1e-12); /* deal larger than the deck */
}
END_TEST

START_TEST(test_deck_stats_of_a_tournament_deck)
{
    char *text = read_fixture("tournament/01-babkina-tachanka.txt");
    check_text(text, NULL);
    bsk_deck_stats stats;
    bsk_error error;
    ck_assert_int_eq(bsk_deck_stats_compute(&deck, 15, &stats, &error), BSK_OK);
    ck_assert_int_eq(stats.cards, 30);
    ck_assert_uint_eq(stats.odds_count, 12);
    int by_element = 0, curve = 0;
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        by_element += stats.by_element[e];
    for (int c = 0; c <= BSK_STATS_MAX_COST; c++)
        curve += stats.cost_curve[c];
    ck_assert_int_eq(by_element, 30);
    ck_assert_int_eq(curve, 30);
    ck_assert_int_eq(stats.elite + stats.rank_and_file, 30);
    ck_assert(fabs(stats.expected_elite_cost - stats.elite_cost / 2.0) < 1e-9); /* 15/30 of the deck */
    ck_assert(fabs(stats.odds[1].at_least[0] - (1.0 - 13.0 / 116.0)) < 1e-12); /* 3 Кулеврина орков */
    bsk_deck_stats_free(&stats);
    free(text);
}
END_TEST

/* ---- Bounded reports (issue 10 item 10) ---- */

/* A report of `n` issues whose lines come from a seeded generator; message = finding order. */
static void fill_report(bsk_deck_report *target, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        bsk_deck_issue *issue = bsk_deck_report_add(target, "parse_error", "decklist.syntax");
        ck_assert_ptr_nonnull(issue);
        issue->line = (int)((seed >> 33) % 50);  /* 0 = deck-level, many equal lines */
        issue->warning = (seed >> 20) % 7 == 0;
        snprintf(issue->message, sizeof issue->message, "%zu", i);
    }
}

typedef struct finding {
    bool warning;
    int line;
    size_t order;
} finding;

static int compare_findings(const void *a, const void *b)
{
    const finding *x = a, *y = b;
    if (x->warning != y->warning)
        return x->warning ? 1 : -1;
    if ((x->line == 0) != (y->line == 0))
        return x->line == 0 ? 1 : -1;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The report keeps the first 100 problems in report order (errors by line, deck-level
 * last, warnings after; equal lines in finding order) and counts the rest in `more`. */
START_TEST(test_report_keeps_the_first_100_in_order_and_counts_the_rest)
{
    enum { N = 5000 };
    static finding expected[N];
    bsk_deck_report capped;
    bsk_deck_report_init(&capped);
    ck_assert_uint_eq(capped.limit, BSK_DECK_REPORT_MAX);
    fill_report(&capped, N, 42);
    ck_assert_uint_le(capped.capacity, 2 * BSK_DECK_REPORT_MAX); /* memory stays bounded while adding */
    bsk_deck_report_sort(&capped);
    ck_assert_uint_eq(capped.count, BSK_DECK_REPORT_MAX);
    ck_assert_uint_eq(capped.more, N - BSK_DECK_REPORT_MAX);

    bsk_deck_report all;
    bsk_deck_report_init(&all);
    all.limit = 0; /* every issue */
    fill_report(&all, N, 42);
    for (size_t i = 0; i < N; i++)
        expected[i] = (finding){all.items[i].warning, all.items[i].line, i};
    qsort(expected, N, sizeof expected[0], compare_findings);
    bsk_deck_report_sort(&all);
    ck_assert_uint_eq(all.count, N);
    ck_assert_uint_eq(all.more, 0);
    for (size_t i = 0; i < N; i++) {
        char order[32];
        snprintf(order, sizeof order, "%zu", expected[i].order);
        ck_assert_str_eq(all.items[i].message, order);
        if (i < BSK_DECK_REPORT_MAX)
            ck_assert_str_eq(capped.items[i].message, order);
    }
    bsk_deck_report_free(&capped);
    bsk_deck_report_free(&all);
}
END_TEST

/* The sort is O(n log n): 40000 issues in reverse line order sort at once (the old
 * insertion sort moved ~8e8 issues here). */
START_TEST(test_report_sort_of_many_issues_is_fast)
{
    bsk_deck_report all;
    bsk_deck_report_init(&all);
    all.limit = 0;
    for (int i = 40000; i > 0; i--) {
        bsk_deck_issue *issue = bsk_deck_report_add(&all, "parse_error", "decklist.syntax");
        ck_assert_ptr_nonnull(issue);
        issue->line = i;
    }
    bsk_deck_report_sort(&all);
    for (size_t i = 0; i < all.count; i++)
        ck_assert_int_eq(all.items[i].line, (int)i + 1);
    bsk_deck_report_free(&all);
}
END_TEST

/* A deck of many bad lines: 100 problems kept, the rest counted, legality intact. */
START_TEST(test_report_of_a_hostile_deck_is_capped)
{
    size_t size = 200000, used = 0;
    char *text = malloc(size + 64);
    ck_assert_ptr_nonnull(text);
    for (int i = 0; used < size; i++)
        used += (size_t)sprintf(text + used, i % 2 ? "1 Циклопп%d\n" : "x%d\n", i);
    check_text(text, NULL);
    free(text);
    ck_assert_uint_eq(report.count, BSK_DECK_REPORT_MAX);
    ck_assert_uint_gt(report.more, 10000);
    ck_assert_int_eq(report.items[0].line, 1);
    ck_assert_str_eq(report.items[0].code, "parse_error");
    ck_assert_str_eq(report.items[1].code, "unknown_card");
    ck_assert_int_eq(report.items[99].line, 100);
    /* suggestions are looked up for the first unknown names only */
    ck_assert_int_ge(report.items[1].suggestion_count, 1);
    ck_assert_int_eq(report.items[99].suggestion_count, 0);
}
END_TEST

Suite *deck_suite(void)
{
    Suite *suite = suite_create("deck");
    TCase *tc = tcase_create("legality");
    tcase_set_timeout(tc, 30);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, test_constructed_tournament_decklists_are_legal, 0,
                        (int)(sizeof TOURNAMENT / sizeof TOURNAMENT[0]));
    tcase_add_test(tc, test_constructed_copies_fourth_copy);
    tcase_add_test(tc, test_constructed_size_29_and_51);
    tcase_add_test(tc, test_10_1_constructed_50_cards_legal);
    tcase_add_test(tc, test_10_5_three_copies_of_a_unique_card_legal);
    tcase_add_test(tc, test_decklist_unknown_name_with_suggestions);
    tcase_add_test(tc, test_glossary_horde_five_copies_legal_six_not);
    tcase_add_test(tc, test_names_match_across_case_and_yo);
    tcase_add_test(tc, test_custom_format_banned_from_date);
    tcase_add_test(tc, test_glossary_sealed_pool);
    tcase_add_test(tc, test_glossary_limited_any_number_of_copies);
    tcase_add_test(tc, test_classic_printing_not_legal_in_constructed);
    tcase_add_test(tc, test_every_error_reported_in_line_order);
    tcase_add_test(tc, test_hypergeometric_exact_values);
    tcase_add_test(tc, test_deck_stats_of_a_tournament_deck);
    tcase_add_test(tc, test_report_keeps_the_first_100_in_order_and_counts_the_rest);
    tcase_add_test(tc, test_report_sort_of_many_issues_is_fast);
    tcase_add_test(tc, test_report_of_a_hostile_deck_is_capped);
    suite_add_tcase(suite, tc);
    return suite;
}
