/* test_real_decks.c — issue 23's property test: random games of the real tournament decklists and
 * the two starter squads (tests/fixtures/decks/tournament/ and tests/fixtures/decks/starter-squad-*,
 * copies of ../shared/data/decks-reference with their source lines) on the bundled catalogue, with every encoded feature in play. Each game: a snapshot
 * given the same action reaches the same hash (clone = memcpy), restoring the snapshot undoes the
 * action exactly, a replay from the seed with the same actions passes through every hash (DESIGN §5
 * determinism), and the game ends by the rules or a cap (no hang: every step is bounded). */
#include "berserk/agent.h"
#include "berserk/match.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REAL_DECKS 17
#define REAL_STEPS_MAX 8192

/* Fewer games under the sanitizers, which run every check about ten times slower. */
#if defined(__SANITIZE_ADDRESS__)
#define REAL_GAMES 170
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REAL_GAMES 170
#endif
#endif
#ifndef REAL_GAMES
#define REAL_GAMES 2040
#endif

/* BSK_REAL_GAMES=N plays N games instead (a longer stress run by hand, e.g. under ASan). */
static int real_games(void)
{
    const char *env = getenv("BSK_REAL_GAMES");
    int n = env ? atoi(env) : 0;
    return n > 0 ? n : REAL_GAMES;
}

static const char *const DECK_FILES[REAL_DECKS] = {
    "01-babkina-tachanka.txt", "02-lamingi-na-vzlet.txt", "03-odin-laming-v-pole-voin.txt", "04-farro.txt",
    "05-chk-bolota.txt", "06-elfy.txt", "07-alesha-popovich.txt", "08-farro.txt", "09-koven.txt",
    "10-farro-gumno.txt", "11-obeskulachennyy-chernok.txt", "12-alesha-popovich.txt", "13-inkarnatsiya.txt",
    "14-farro.txt", "15-koven.txt", "starter-squad-druzhina-helmira.txt", "starter-squad-polchishcha-raera.txt"};

static bsk_catalog catalog;
static const bsk_card *cards[REAL_DECKS][40];
static int counts[REAL_DECKS];

static bool is_squad(int d) { return strncmp(DECK_FILES[d], "starter-squad-", 14) == 0; }

static void load(void)
{
    bsk_error error;
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    for (int d = 0; d < REAL_DECKS; d++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/fixtures/decks/%s%s", BSK_SOURCE_DIR,
                 is_squad(d) ? "" : "tournament/", DECK_FILES[d]);
        bsk_deck deck;
        bsk_deck_report report;
        bsk_deck_init(&deck);
        bsk_deck_report_init(&report);
        bsk_error_clear(&error);
        ck_assert_msg(bsk_decklist_read(path, &catalog.pool, NULL, &deck, &report, &error) == BSK_OK, "%s: %s",
                      path, error.message);
        ck_assert_msg(report.count == 0, "%s: %s", path, report.count ? report.items[0].message : "");
        counts[d] = 0;
        for (size_t i = 0; i < deck.count; i++)
            for (int c = 0; c < deck.entries[i].count && counts[d] < 40; c++)
                cards[d][counts[d]++] = deck.entries[i].card;
        bsk_deck_free(&deck);
        bsk_deck_report_free(&report);
    }
}

static void unload(void) { bsk_catalog_free(&catalog); }

START_TEST(test_real_decks_replay_clone_undo_and_end)
{
    static bsk_card_table table;
    static bsk_match m, snapshot, copy, replay;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX], played[REAL_STEPS_MAX];
    static uint64_t hashes[REAL_STEPS_MAX];
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_error error;
    long features_cards = 0, steps_total = 0;
    int over_by_rules = 0;
    int games = real_games();
    for (int g = 0; g < games; g++) {
        /* every ordered pair of decks in turn; the squads meet squads (a squad needs no deal) */
        int a = g % REAL_DECKS, b = (g / REAL_DECKS + a + 1) % REAL_DECKS;
        if (is_squad(a) != is_squad(b))
            b = is_squad(a) ? (a == REAL_DECKS - 1 ? REAL_DECKS - 2 : REAL_DECKS - 1) : (b + 2) % (REAL_DECKS - 2);
        bsk_match_deck decks[2] = {{cards[a], counts[a], is_squad(a)}, {cards[b], counts[b], is_squad(b)}};
        bsk_card_table_init(&table);
        ck_assert_msg(bsk_match_new(&m, &table, &format.squad, decks, (uint64_t)g, 1 + g % 2, &error) == BSK_OK,
                      "game %d (%s vs %s): %s", g, DECK_FILES[a], DECK_FILES[b], error.message);
        for (int s = 0; s < table.count; s++)
            features_cards += bsk_card_feature_count(table.entries[s].card) > 0;
        bsk_agent agents[2];
        /* a greedy player now and then, so the features' questions get scored answers too */
        bsk_agent_init(&agents[0], g % 5 == 0 ? BSK_AGENT_GREEDY : BSK_AGENT_RANDOM, 1, (uint64_t)g + 77);
        bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, (uint64_t)g + 99);
        int steps = 0;
        while (bsk_match_to_act(&m)) {
            int player = bsk_match_to_act(&m);
            int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
            ck_assert_msg(n > 0, "game %d step %d: no legal action", g, steps);
            bsk_match_view view;
            bsk_match_view_make(&m, player, &view);
            int k = bsk_agent_choose(&agents[player - 1], &view, &table, legal, n);
            ck_assert(k >= 0 && k < n);
            uint64_t before = bsk_match_hash(&m);
            snapshot = m;
            copy = m;
            ck_assert_msg(bsk_match_apply(&m, &table, &legal[k], NULL, &error) == BSK_OK, "game %d step %d: %s", g,
                          steps, error.message);
            ck_assert_int_eq(bsk_match_apply(&copy, &table, &legal[k], NULL, &error), BSK_OK);
            ck_assert_msg(bsk_match_hash(&copy) == bsk_match_hash(&m), "game %d step %d: a clone diverged", g, steps);
            ck_assert(memcmp(&copy, &m, sizeof m) == 0);
            /* undo: the snapshot is the state before, bit for bit */
            ck_assert(bsk_match_hash(&snapshot) == before);
            ck_assert_msg(steps < REAL_STEPS_MAX, "game %d: more than %d steps", g, REAL_STEPS_MAX);
            played[steps] = legal[k];
            hashes[steps++] = bsk_match_hash(&m);
        }
        ck_assert(m.result.over);
        ck_assert_msg(!m.result.cap_actions, "game %d (%s vs %s) hit the action cap", g, DECK_FILES[a], DECK_FILES[b]);
        over_by_rules += !m.result.by_cap;
        steps_total += steps;
        ck_assert_int_eq(bsk_match_new(&replay, &table, &format.squad, decks, (uint64_t)g, 1 + g % 2, &error), BSK_OK);
        for (int i = 0; i < steps; i++) {
            ck_assert_int_eq(bsk_match_apply(&replay, &table, &played[i], NULL, &error), BSK_OK);
            ck_assert_msg(bsk_match_hash(&replay) == hashes[i], "game %d: the replay left the game at step %d", g, i);
        }
    }
    /* the decks' encoded cards were in play, and most games ended by the rules */
    ck_assert_int_gt(features_cards, 0);
    ck_assert_int_gt(over_by_rules, games / 2);
    ck_assert_int_gt(steps_total, (long)games * 20);
}
END_TEST

Suite *real_decks_suite(void)
{
    Suite *suite = suite_create("real_decks");
    TCase *tc = tcase_create("property");
    tcase_add_unchecked_fixture(tc, load, unload);
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, test_real_decks_replay_clone_undo_and_end);
    suite_add_tcase(suite, tc);
    return suite;
}
