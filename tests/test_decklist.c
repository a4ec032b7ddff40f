/* test_decklist.c — decklist codecs (DESIGN §4 "Decklist formats"): every accepted line
 * shape, .brsd and JSON, BOM and CRLF, limits, every bad line reported with its number,
 * write-back with parse(write(d)) == d, and random bytes that never crash the parser. */
#include "berserk/deck.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bsk_catalog catalog;
static bsk_deck deck;
static bsk_deck_report report;

static void setup(void)
{
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
}

static void teardown(void)
{
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    bsk_catalog_free(&catalog);
}

static bsk_status parse_as(const char *text, size_t length, bsk_decklist_kind kind)
{
    bsk_error error;
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    return bsk_decklist_parse(text, length, kind, "deck", &catalog.pool, NULL, &deck, &report, &error);
}

static void parse_text(const char *text)
{
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_TEXT), BSK_OK);
}

START_TEST(test_text_line_shapes)
{
    parse_text("\xEF\xBB\xBF# deck title: Тест\r\n"
               "# a comment\r\n"
               "\r\n"
               "3 Циклоп\r\n"
               "2x Гобрах\n"
               "1х Борг\n"          /* Cyrillic х */
               "3 01-092\n"         /* SET-NUMBER: Кобольд */
               "2 10037\n"          /* NXT-ID: Овражный гном */
               "2 Дракс [01]\n"     /* pinned printing */
               "  1   Клаэр  \n");
    ck_assert_uint_eq(report.count, 0);
    ck_assert_str_eq(deck.name, "Тест");
    ck_assert_uint_eq(deck.count, 7);
    ck_assert_str_eq(deck.entries[0].card->id, "01-101");
    ck_assert_int_eq(deck.entries[0].line, 4);
    ck_assert_int_eq(deck.entries[1].count, 2);
    ck_assert_str_eq(deck.entries[2].card->name, "Борг");
    ck_assert_str_eq(deck.entries[3].card->name, "Кобольд");
    ck_assert(deck.entries[3].pinned);
    ck_assert_str_eq(deck.entries[4].card->id, "01-037");
    ck_assert_str_eq(deck.entries[5].card->id, "01-070");
    ck_assert_str_eq(deck.entries[6].text, "Клаэр");
    ck_assert_int_eq(bsk_deck_total(&deck), 14);
}
END_TEST

START_TEST(test_name_comment_variants)
{
    parse_text("# Name: Мой отряд\n3 Циклоп\n");
    ck_assert_str_eq(deck.name, "Мой отряд");
    parse_text("# source: x\n# deck title: Первая\n# name: Вторая\n3 Циклоп\n");
    ck_assert_str_eq(deck.name, "Первая");
}
END_TEST

START_TEST(test_bad_lines_reported_with_numbers)
{
    static char long_line[6000];
    memset(long_line, 'a', sizeof long_line - 1);
    char text[8000];
    snprintf(text, sizeof text, "3 Циклоп\nЦиклоп\n0 Гобрах\n100 Гобрах\n3\n%s\n2 Бо\xff\xferг\n3x\n2 Дракс [99]\n",
             long_line);
    parse_text(text);
    ck_assert_uint_eq(deck.count, 2); /* Циклоп, and Дракс [99] kept as an unknown entry */
    ck_assert_ptr_null(deck.entries[1].card);
    ck_assert_uint_eq(report.count, 8);
    static const int LINES[] = {2, 3, 4, 5, 6, 7, 8, 9};
    for (size_t i = 0; i < 8; i++) {
        ck_assert_int_eq(report.items[i].line, LINES[i]);
        ck_assert_str_eq(report.items[i].code, i == 7 ? "unknown_card" : "parse_error");
    }
    ck_assert_int_eq(report.items[1].count, 0);
    ck_assert_int_eq(report.items[2].count, 100);
    ck_assert_ptr_nonnull(strstr(report.items[4].message, "longer than the 4096-byte limit"));
    ck_assert_ptr_nonnull(strstr(report.items[5].message, "invalid UTF-8"));
    /* issue 10 item 11: a set that does not exist is named as such, with the sets there are */
    ck_assert_str_eq(report.items[7].message, "no set [99]; sets: 01, 02, 03, 04, 05, 06, 07, 21, 22, classic");
}
END_TEST

START_TEST(test_unknown_card_suggestions_nearest_first)
{
    parse_text("3 Цыклоп\n");
    ck_assert_uint_eq(report.count, 1);
    ck_assert_str_eq(report.items[0].code, "unknown_card");
    ck_assert_str_eq(report.items[0].card, "Цыклоп");
    ck_assert_int_ge(report.items[0].suggestion_count, 1);
    ck_assert_int_le(report.items[0].suggestion_count, 3);
    ck_assert_str_eq(report.items[0].suggestions[0], "Циклоп");
}
END_TEST

START_TEST(test_brsd_reads_nxt_ids)
{
    const char *text = "# Лесная дружина\n# exported\n3 10101\n2 10037\nЦиклоп\n";
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_BRSD), BSK_OK);
    ck_assert_str_eq(deck.name, "Лесная дружина");
    ck_assert_uint_eq(deck.count, 2);
    ck_assert_str_eq(deck.entries[0].card->name, "Циклоп");
    ck_assert_uint_eq(report.count, 1);
    ck_assert_int_eq(report.items[0].line, 5);
    ck_assert_uint_eq(bsk_decklist_kind_for_path("x/deck.BRSD"), BSK_DECKLIST_BRSD);
    ck_assert_uint_eq(bsk_decklist_kind_for_path("deck.json"), BSK_DECKLIST_JSON);
    ck_assert_uint_eq(bsk_decklist_kind_for_path("a.brsd/deck"), BSK_DECKLIST_TEXT);
}
END_TEST

START_TEST(test_json_decklist)
{
    const char *text = "{\"name\":\"J\",\"cards\":[{\"name\":\"Циклоп\",\"count\":3},{\"id\":\"01-070\",\"count\":2},"
                       "{\"nxt_id\":10037,\"count\":1},{\"name\":\"Гобрах\",\"count\":0},{\"count\":1}]}";
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert_str_eq(deck.name, "J");
    ck_assert_uint_eq(deck.count, 3);
    ck_assert_str_eq(deck.entries[1].card->id, "01-070");
    ck_assert_str_eq(deck.entries[2].card->id, "01-037");
    ck_assert_uint_eq(report.count, 2);
    ck_assert_ptr_nonnull(strstr(report.items[0].message, "cards[3].count"));
    ck_assert_ptr_nonnull(strstr(report.items[1].message, "cards[4]"));
    /* not JSON at all, or not a decklist: the file is unusable */
    ck_assert_int_eq(parse_as("{\"cards\":", 9, BSK_DECKLIST_JSON), BSK_ERR_INVALID);
    ck_assert_int_eq(parse_as("[1,2]", 5, BSK_DECKLIST_JSON), BSK_ERR_INVALID);
}
END_TEST

START_TEST(test_file_over_one_megabyte_refused)
{
    size_t size = BSK_DECK_FILE_MAX + 1;
    char *big = malloc(size);
    memset(big, '#', size);
    ck_assert_int_eq(parse_as(big, size, BSK_DECKLIST_TEXT), BSK_ERR_LIMIT);
    free(big);
}
END_TEST

/* parse(write(d)) == d for each kind */
static void round_trip(bsk_decklist_kind kind)
{
    bsk_error error;
    size_t length;
    char *written = bsk_decklist_write(&deck, kind, &catalog.pool, &length, &error);
    ck_assert_ptr_nonnull(written);
    bsk_deck again;
    bsk_deck_report again_report;
    bsk_deck_init(&again);
    bsk_deck_report_init(&again_report);
    ck_assert_int_eq(bsk_decklist_parse(written, length, kind, "written", &catalog.pool, NULL, &again, &again_report,
                                        &error),
                     BSK_OK);
    ck_assert_msg(again_report.count == 0, "kind %d: %s", kind, again_report.count ? again_report.items[0].message : "");
    ck_assert_msg(bsk_deck_equal(&deck, &again), "kind %d round trip differs:\n%s", kind, written);
    free(written);
    bsk_deck_free(&again);
    bsk_deck_report_free(&again_report);
}

START_TEST(test_write_then_parse_is_identity)
{
    parse_text("# name: Смесь\n3 Циклоп\n2 Дракс [01]\n1 05-074\n2 Мародер\n1 Мародер [01]\n");
    ck_assert_uint_eq(report.count, 0);
    round_trip(BSK_DECKLIST_TEXT);
    round_trip(BSK_DECKLIST_BRSD);
    round_trip(BSK_DECKLIST_JSON);
    /* a classic printing has no nxt id: no .brsd */
    parse_text("1 classic-Draks_1\n");
    bsk_error error;
    size_t length;
    ck_assert_ptr_null(bsk_decklist_write(&deck, BSK_DECKLIST_BRSD, &catalog.pool, &length, &error));
    round_trip(BSK_DECKLIST_TEXT);
    /* unknown names cannot be written */
    parse_text("1 Несуществующая\n");
    ck_assert_ptr_null(bsk_decklist_write(&deck, BSK_DECKLIST_TEXT, &catalog.pool, &length, &error));
}
END_TEST

START_TEST(test_tournament_decks_round_trip)
{
    static const char *const FILES[] = {"01-babkina-tachanka.txt", "05-chk-bolota.txt", "09-koven.txt",
                                        "13-inkarnatsiya.txt"};
    for (size_t f = 0; f < 4; f++) {
        char path[512];
        bsk_error error;
        snprintf(path, sizeof path, "%s/tests/fixtures/decks/tournament/%s", BSK_SOURCE_DIR, FILES[f]);
        bsk_deck_free(&deck);
        bsk_deck_report_free(&report);
        ck_assert_int_eq(bsk_decklist_read(path, &catalog.pool, NULL, &deck, &report, &error), BSK_OK);
        ck_assert_uint_eq(report.count, 0);
        round_trip(BSK_DECKLIST_TEXT);
        round_trip(BSK_DECKLIST_BRSD);
        round_trip(BSK_DECKLIST_JSON);
    }
}
END_TEST

/* A small deterministic generator, so a failure is reproducible. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

START_TEST(test_random_bytes_never_crash)
{
    static const char *const PIECES[] = {"3 ", "Циклоп", "\n", "#", "[", "]", "01-", "10037", "x", "\r", "\xff",
                                         "\xd0", " ", "99", "0", "{", "\"cards\":[", "}", "name:", "\xEF\xBB\xBF"};
    uint64_t state = 0x9E3779B97F4A7C15ull;
    char buffer[2048];
    for (int round = 0; round < 3000; round++) {
        size_t length = 0;
        size_t target = next_random(&state) % sizeof buffer;
        while (length < target) {
            if (next_random(&state) % 3 == 0) {
                buffer[length++] = (char)(next_random(&state) & 0xFF);
            } else {
                const char *piece = PIECES[next_random(&state) % (sizeof PIECES / sizeof PIECES[0])];
                size_t n = strlen(piece);
                if (length + n > sizeof buffer)
                    break;
                memcpy(buffer + length, piece, n);
                length += n;
            }
        }
        bsk_decklist_kind kind = (bsk_decklist_kind)(round % 3);
        bsk_status status = parse_as(buffer, length, kind);
        ck_assert(status == BSK_OK || status == BSK_ERR_INVALID);
        for (size_t i = 0; i < deck.count; i++)
            ck_assert(deck.entries[i].count >= 1 && deck.entries[i].count <= 99);
    }
}
END_TEST

/* ---- Hostile and unusual input (issue 10) ---- */

static bool valid_utf8(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t need = *s < 0x80 ? 0 : *s >= 0xC2 && *s <= 0xDF ? 1 : *s >= 0xE0 && *s <= 0xEF ? 2 : *s >= 0xF0 && *s <= 0xF4 ? 3 : 9;
        if (need == 9)
            return false;
        for (size_t k = 1; k <= need; k++)
            if ((s[k] & 0xC0) != 0x80)
                return false;
        s += need + 1;
    }
    return true;
}

static const bsk_deck_issue *issue_at_path(const char *path)
{
    for (size_t i = 0; i < report.count; i++)
        if (strcmp(report.items[i].path, path) == 0)
            return &report.items[i];
    ck_abort_msg("no issue at %s", path);
    return NULL;
}

/* Item 1: control characters in a JSON decklist's names are refused with their JSON path,
 * as the text reader refuses them in a line: a newline in the deck name must not turn
 * into decklist lines when the deck is written as text. */
START_TEST(test_json_control_characters_refused_with_path)
{
    const char *text = "{\"name\":\"A\\n30 Циклоп\",\"cards\":[{\"name\":\"Цик\\u001b]0;x\\u0007лоп\",\"count\":1},"
                       "{\"id\":\"01-\\u009b101\",\"count\":1},{\"name\":\"Гобрах\\u007f\",\"count\":1},"
                       "{\"name\":\"Циклоп\",\"count\":1}]}";
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert_str_eq(deck.name, "");
    ck_assert_uint_eq(deck.count, 1);
    ck_assert_uint_eq(report.count, 4);
    ck_assert_str_eq(issue_at_path("name")->message, "name: control character U+000A in string");
    ck_assert_str_eq(issue_at_path("cards[0].name")->message, "cards[0].name: control character U+001B in string");
    ck_assert_str_eq(issue_at_path("cards[1].id")->message, "cards[1].id: control character U+009B in string");
    ck_assert_str_eq(issue_at_path("cards[2].name")->code, "parse_error");
    /* a tab is white space, as in a text line */
    const char *tab = "{\"name\":\"A\\tB\",\"cards\":[{\"name\":\"Циклоп\\t\",\"count\":1}]}";
    ck_assert_int_eq(parse_as(tab, strlen(tab), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert_uint_eq(report.count, 0);
    ck_assert_str_eq(deck.name, "A\tB");
}
END_TEST

/* Item 1: the text reader refuses DEL and the C1 controls (U+0080..U+009F: CSI, OSC) too. */
START_TEST(test_text_line_del_and_c1_controls_refused)
{
    parse_text("1 Циклоп\x7f\n1 Цик\xc2\x9b" "лоп\n1 Циклоп\n");
    ck_assert_uint_eq(deck.count, 1);
    ck_assert_uint_eq(report.count, 2);
    ck_assert_str_eq(report.items[0].message, "control character U+007F in this line");
    ck_assert_str_eq(report.items[1].message, "control character U+009B in this line");
}
END_TEST

/* Item 14: a UTF-8 byte order mark before a JSON decklist is accepted. */
START_TEST(test_json_decklist_with_bom)
{
    const char *text = "\xEF\xBB\xBF{\"name\":\"B\",\"cards\":[{\"name\":\"Циклоп\",\"count\":3}]}";
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert_uint_eq(report.count, 0);
    ck_assert_str_eq(deck.name, "B");
    ck_assert_int_eq(bsk_deck_total(&deck), 3);
}
END_TEST

/* Item 15: `#` after white space starts a comment, as the README promises; no catalogue
 * name holds a '#'. */
START_TEST(test_trailing_comment_stripped)
{
    parse_text("3 Циклоп # the big one\n2 Гобрах\t#x\n1 Борг #\n1 Дракс [01] # pinned\n");
    ck_assert_uint_eq(report.count, 0);
    ck_assert_uint_eq(deck.count, 4);
    ck_assert_str_eq(deck.entries[0].card->name, "Циклоп");
    ck_assert_str_eq(deck.entries[1].card->name, "Гобрах");
    ck_assert_str_eq(deck.entries[2].text, "Борг");
    ck_assert_str_eq(deck.entries[3].card->id, "01-070");
    const char *brsd = "# Колода\n3 10101 # Циклоп\n";
    ck_assert_int_eq(parse_as(brsd, strlen(brsd), BSK_DECKLIST_BRSD), BSK_OK);
    ck_assert_uint_eq(report.count, 0);
    ck_assert_int_eq(bsk_deck_total(&deck), 3);
    parse_text("1 Борг#2\n");     /* not after white space: part of the name */
    ck_assert_uint_eq(report.count, 1);
    ck_assert_str_eq(report.items[0].card, "Борг#2");
}
END_TEST

/* Item 16: every problem of a JSON decklist carries its entry's JSON path. */
START_TEST(test_json_errors_carry_the_entry_path)
{
    const char *text = "{\"cards\":[{\"name\":\"Циклоп\",\"count\":3},{\"name\":\"Цыклоп\",\"count\":1},"
                       "{\"nxt_id\":99999,\"count\":1},{\"name\":\"Гобрах\",\"count\":0},{\"count\":1},"
                       "{\"name\":\"Циклоп\",\"count\":1}]}";
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert_uint_eq(report.count, 4);
    ck_assert_str_eq(report.items[0].path, "cards[1]");
    ck_assert_str_eq(report.items[0].code, "unknown_card");
    ck_assert_str_eq(report.items[1].path, "cards[2]");
    ck_assert_str_eq(report.items[1].message, "cards[2]: no card with nxt id 99999");
    ck_assert_str_eq(report.items[0].message, "cards[1]: no card named \"Цыклоп\"; did you mean Циклоп");
    ck_assert_str_eq(report.items[2].path, "cards[3].count");
    ck_assert_str_eq(report.items[3].path, "cards[4]");
    /* the check's findings point at the entry that crossed the limit */
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_deck_check(&deck, &format, NULL, "2026-11-21", &catalog.pool, &report);
    bool found = false;
    for (size_t i = 0; i < report.count; i++)
        if (strcmp(report.items[i].code, "too_many_copies") == 0) {
            ck_assert_str_eq(report.items[i].path, "cards[5]");
            found = true;
        }
    ck_assert(found);
    parse_text("4 Циклоп\n");
    bsk_deck_check(&deck, &format, NULL, "2026-11-21", &catalog.pool, &report);
    ck_assert_str_eq(report.items[0].path, ""); /* text decklists have lines instead */
}
END_TEST

/* Item 11: the value that names nothing is in the message. */
START_TEST(test_unknown_ids_and_sets_named_in_messages)
{
    const char *brsd = "# Б\n3 99999\n";
    ck_assert_int_eq(parse_as(brsd, strlen(brsd), BSK_DECKLIST_BRSD), BSK_OK);
    ck_assert_str_eq(report.items[0].message, "no card with nxt id 99999");
    parse_text("2 88888\n2 Дракс [XX]\n2 Дракс [02]\n");
    ck_assert_str_eq(report.items[0].message, "no card with nxt id 88888");
    ck_assert_str_eq(report.items[1].message, "no set [XX]; sets: 01, 02, 03, 04, 05, 06, 07, 21, 22, classic");
    ck_assert_str_eq(report.items[2].message, "Дракс has no printing in set [02]");
    parse_text("2 01-999\n");
    ck_assert_str_eq(report.items[0].message, "no card with id \"01-999\"");
    ck_assert_int_eq(report.items[0].suggestion_count, 0);
}
END_TEST

/* Item 11: a JSON decklist saved as .txt is named as such, not N parse errors. */
START_TEST(test_json_saved_as_text_is_named)
{
    static const char *const TEXTS[] = {"{\"name\":\"x\",\"cards\":[]}", "\xEF\xBB\xBF  \n [1]", "\t{"};
    for (size_t i = 0; i < 3; i++) {
        bsk_error error;
        bsk_deck_free(&deck);
        bsk_deck_report_free(&report);
        ck_assert_int_eq(bsk_decklist_parse(TEXTS[i], strlen(TEXTS[i]), BSK_DECKLIST_TEXT, "deck.txt", &catalog.pool,
                                            NULL, &deck, &report, &error),
                         BSK_ERR_INVALID);
        ck_assert_str_eq(error.message, "looks like a JSON decklist; name the file .json to read it as one");
        ck_assert_str_eq(error.file, "deck.txt");
        ck_assert_uint_eq(report.count, 0);
    }
    /* a line that only starts with a bracket is a bad text line, reported as such (found by fuzzing) */
    bsk_error error;
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    static const char BRACKET[] = "[classic] 3 Циклоп\n";
    ck_assert_int_eq(bsk_decklist_parse(BRACKET, strlen(BRACKET), BSK_DECKLIST_TEXT, "deck.txt", &catalog.pool, NULL,
                                        &deck, &report, &error),
                     BSK_OK);
    ck_assert_uint_ge(report.count, 1);
}
END_TEST

/* Item 9: names and quoted lines cut to fit stay valid UTF-8. */
START_TEST(test_cut_strings_stay_valid_utf8)
{
    char text[8192];
    char a126[127];
    memset(a126, 'a', 126);
    a126[126] = '\0';
    snprintf(text, sizeof text, "1 %sЖ\n", a126); /* the name is 128 bytes: Ж straddles the 127-byte cut */
    parse_text(text);
    ck_assert_uint_eq(report.count, 1);
    ck_assert(valid_utf8(report.items[0].card));
    ck_assert(valid_utf8(report.items[0].message));
    ck_assert(valid_utf8(deck.entries[0].text));
    ck_assert_str_eq(report.items[0].card, a126);

    char name[700] = "# name: ";
    for (int i = 0; i < 150; i++)
        strcat(name, "Ж");
    snprintf(text, sizeof text, "%s\n3 Циклоп\n", name);
    parse_text(text);
    ck_assert(valid_utf8(deck.name));
    ck_assert_uint_eq(strlen(deck.name), 254); /* 127 whole Ж of 2 bytes in 255 */

    snprintf(text, sizeof text, "{\"name\":\"%s\",\"cards\":[]}", name + 8);
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert(valid_utf8(deck.name));

    snprintf(text, sizeof text, "%s\n", name + 8); /* a bad line quoted in its message */
    parse_text(text);
    ck_assert_uint_eq(report.count, 1);
    ck_assert(valid_utf8(report.items[0].message));
}
END_TEST

/* Item 13: the most negative count is refused without undefined behaviour. */
START_TEST(test_json_most_negative_count)
{
    const char *text = "{\"cards\":[{\"name\":\"Циклоп\",\"count\":-9223372036854775808},"
                       "{\"name\":\"Циклоп\",\"count\":-5}]}";
    ck_assert_int_eq(parse_as(text, strlen(text), BSK_DECKLIST_JSON), BSK_OK);
    ck_assert_uint_eq(report.count, 2);
    ck_assert_int_eq(report.items[0].count, BSK_UNSET);
    ck_assert_int_eq(report.items[1].count, -5);
}
END_TEST

/* Item 1: the writers never turn a deck name into lines of another deck, nor write a
 * name that is not UTF-8 (a library user may set any bytes). */
START_TEST(test_writers_refuse_a_name_with_control_characters)
{
    bsk_error error;
    size_t length;
    parse_text("3 Циклоп\n");
    snprintf(deck.name, sizeof deck.name, "A\n30 Циклоп");
    for (int kind = 0; kind < 3; kind++) {
        ck_assert_ptr_null(bsk_decklist_write(&deck, (bsk_decklist_kind)kind, &catalog.pool, &length, &error));
        ck_assert_int_eq(error.code, BSK_ERR_INVALID);
        ck_assert_str_eq(error.message, "the deck name holds control character U+000A");
    }
    snprintf(deck.name, sizeof deck.name, "A\xd0");
    ck_assert_ptr_null(bsk_decklist_write(&deck, BSK_DECKLIST_JSON, &catalog.pool, &length, &error));
    ck_assert_str_eq(error.message, "the deck name is not valid UTF-8");
}
END_TEST

Suite *decklist_suite(void)
{
    Suite *suite = suite_create("decklist");
    TCase *tc = tcase_create("codecs");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_text_line_shapes);
    tcase_add_test(tc, test_name_comment_variants);
    tcase_add_test(tc, test_bad_lines_reported_with_numbers);
    tcase_add_test(tc, test_unknown_card_suggestions_nearest_first);
    tcase_add_test(tc, test_brsd_reads_nxt_ids);
    tcase_add_test(tc, test_json_decklist);
    tcase_add_test(tc, test_file_over_one_megabyte_refused);
    tcase_add_test(tc, test_write_then_parse_is_identity);
    tcase_add_test(tc, test_tournament_decks_round_trip);
    tcase_add_test(tc, test_random_bytes_never_crash);
    tcase_add_test(tc, test_json_control_characters_refused_with_path);
    tcase_add_test(tc, test_text_line_del_and_c1_controls_refused);
    tcase_add_test(tc, test_json_decklist_with_bom);
    tcase_add_test(tc, test_trailing_comment_stripped);
    tcase_add_test(tc, test_json_errors_carry_the_entry_path);
    tcase_add_test(tc, test_unknown_ids_and_sets_named_in_messages);
    tcase_add_test(tc, test_json_saved_as_text_is_named);
    tcase_add_test(tc, test_cut_strings_stay_valid_utf8);
    tcase_add_test(tc, test_json_most_negative_count);
    tcase_add_test(tc, test_writers_refuse_a_name_with_control_characters);
    suite_add_tcase(suite, tc);
    return suite;
}
