/* test_history.c — undo (issue 13): for random games, stepping back k decisions and making the same
 * decisions again gives the same state hash, whether the decisions are re-applied from the record
 * or the restored agents choose again (their streams come back with the state); undo stops at the
 * game's first decision and steps back one decision of the player asked. */
#include "engine_fixture.h"
#include "berserk/agent.h"
#include "berserk/history.h"
#include "berserk/match.h"
#include "catalog.h"
#include "formats.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GAMES = 24, DECISIONS_MAX = 4096 };

static bsk_catalog catalog;
static bsk_format format;
static const bsk_card *decks_cards[2][BSK_MATCH_DECK_MAX];
static int decks_count[2];
static bsk_card_table table;
static bsk_action legal[BSK_MATCH_LEGAL_MAX];
static bsk_action chosen[DECISIONS_MAX];
static bsk_history history;

/* The cards of a tournament decklist, one entry a copy (tests/engine_fixture.c). */
static int read_deck(const char *file, const bsk_card **out)
{
    return tournament_deck_read(&catalog.pool, &format, file, out);
}

static void load_decks(void)
{
    bsk_error error;
    bsk_format_init_defaults(&format);
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    decks_count[0] = read_deck("04-farro.txt", decks_cards[0]);
    decks_count[1] = read_deck("09-koven.txt", decks_cards[1]);
}

static void free_decks(void) { bsk_catalog_free(&catalog); }

static void new_game(bsk_match *match, uint64_t seed, int first_player, bsk_agent agents[2], int kind)
{
    bsk_error error;
    bsk_match_deck decks[2] = {{decks_cards[0], decks_count[0], false}, {decks_cards[1], decks_count[1], false}};
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(match, &table, &format.squad, decks, seed, first_player, &error), BSK_OK);
    bsk_agent_init(&agents[0], kind, 1, seed ^ 0x1111);
    bsk_agent_init(&agents[1], kind, 2, seed ^ 0x2222);
}

/* Plays on from `match`, every decision remembered in `history` and `chosen[from..]`; returns the
 * number of decisions made in all. */
static int play_on(bsk_match *match, bsk_agent agents[2], int from, bool remember)
{
    bsk_error error;
    bsk_match_view view;
    int made = from, count;
    while (bsk_match_to_act(match) != 0) {
        ck_assert_int_lt(made, DECISIONS_MAX);
        if (remember)
            ck_assert_int_eq(bsk_history_push(&history, match, agents, (size_t)made, bsk_match_to_act(match)), BSK_OK);
        int k = bsk_agent_decide(agents, match, &table, legal, &count, &view, &error);
        ck_assert_int_ge(k, 0);
        chosen[made++] = legal[k];
        bsk_match_apply_legal(match, &table, &legal[k], NULL);
    }
    return made;
}

/* The property of issue 13: undo k, re-apply the same k decisions: the same final hash; undo k and
 * let the restored agents choose: the same final hash again. Random and greedy agents, both
 * players' decisions, k from 1 to every decision of the game (back to the deal). */
START_TEST(test_undo_k_steps_and_replay_gives_the_same_hash)
{
    static bsk_match match, copy;
    for (int game = 0; game < GAMES; game++) {
        uint64_t seed = 9000 + (uint64_t)game;
        bsk_agent agents[2];
        new_game(&match, seed, game % 3 == 0 ? 0 : 1 + game % 2, agents, game % 2 ? BSK_AGENT_GREEDY : BSK_AGENT_RANDOM);
        bsk_history_init(&history);
        int total = play_on(&match, agents, 0, true);
        uint64_t end = bsk_match_hash(&match);
        ck_assert_int_eq((int)history.count, total);
        bsk_rng pick;
        bsk_rng_seed(&pick, seed);
        int steps[3] = {1, 1 + (int)bsk_rng_below(&pick, (uint32_t)total), total};
        for (int s = 0; s < 3; s++) {
            int k = steps[s];
            bsk_history_entry entry;
            bsk_history saved = history;
            for (int u = 0; u < k; u++)
                ck_assert(bsk_history_undo(&history, 6u, &entry));
            ck_assert_int_eq((int)entry.records, total - k);
            ck_assert_int_eq((int)history.count, total - k);
            /* the same decisions, re-applied */
            memcpy(&copy, &entry.match, sizeof copy);
            for (int i = total - k; i < total; i++)
                bsk_match_apply_legal(&copy, &table, &chosen[i], NULL);
            ck_assert_str_eq(bsk_match_hash(&copy) == end ? "same" : "differs", "same");
            /* the restored agents choose again, with the same streams */
            memcpy(&copy, &entry.match, sizeof copy);
            bsk_agent again[2] = {entry.agents[0], entry.agents[1]};
            ck_assert_int_eq(play_on(&copy, again, total - k, false), total);
            ck_assert_str_eq(bsk_match_hash(&copy) == end ? "same" : "differs", "same");
            history.count = saved.count; /* the entries are still there: undo only dropped them */
        }
        bsk_history_free(&history);
    }
}
END_TEST

/* Undo goes back to the game's first decision and no further; undo by one player skips the other's
 * decisions (the agent's moves after the human's are undone with it). */
START_TEST(test_undo_stops_at_the_first_decision_and_follows_the_player)
{
    static bsk_match match;
    bsk_agent agents[2];
    new_game(&match, 77, 0, agents, BSK_AGENT_RANDOM);
    bsk_history_init(&history);
    int total = play_on(&match, agents, 0, true);
    ck_assert_int_gt(total, 10);
    /* the last decision of player 2 */
    int last2 = -1;
    for (size_t i = 0; i < history.count; i++)
        if (history.items[i].player == 2)
            last2 = (int)i;
    bsk_history_entry entry;
    ck_assert(bsk_history_undo(&history, 1u << 2, &entry));
    ck_assert_int_eq(entry.player, 2);
    ck_assert_int_eq((int)entry.records, last2);
    ck_assert_int_eq((int)history.count, last2);
    while (bsk_history_undo(&history, 6u, &entry))
        ;
    ck_assert_int_eq((int)entry.records, 0);
    ck_assert_int_eq(entry.match.actions, 0u); /* before the first decision: the 402.1 answer or the deal */
    ck_assert(!bsk_history_undo(&history, 6u, &entry));
    bsk_history_free(&history);
}
END_TEST

Suite *history_suite(void)
{
    Suite *suite = suite_create("history");
    TCase *undo = tcase_create("undo");
    tcase_set_timeout(undo, 300);
    tcase_add_unchecked_fixture(undo, load_decks, free_decks);
    tcase_add_test(undo, test_undo_k_steps_and_replay_gives_the_same_hash);
    tcase_add_test(undo, test_undo_stops_at_the_first_decision_and_follows_the_player);
    suite_add_tcase(suite, undo);
    return suite;
}
