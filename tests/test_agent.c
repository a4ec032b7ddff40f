/* test_agent.c — the agents' strength and reproducibility (issue 12): greedy beats random in
 * mirror games, greedy goldfishes the dummy squad, search beats greedy in 200 mirror games, all on
 * the tournament decklists with fixed seeds and seats alternating in pairs that share the deal
 * (DESIGN §4 "Seats in batches"); the same seeds give the same game, and a search decision depends
 * on the view alone. */
#include "engine_fixture.h"
#include "berserk/agent.h"
#include "berserk/board.h"
#include "berserk/match.h"
#include "catalog.h"
#include "formats.h"
#include "position_file.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DECKS = 15 };
static const char *const DECK_FILES[DECKS] = {
    "01-babkina-tachanka.txt", "02-lamingi-na-vzlet.txt", "03-odin-laming-v-pole-voin.txt", "04-farro.txt",
    "05-chk-bolota.txt", "06-elfy.txt", "07-alesha-popovich.txt", "08-farro.txt", "09-koven.txt",
    "10-farro-gumno.txt", "11-obeskulachennyy-chernok.txt", "12-alesha-popovich.txt", "13-inkarnatsiya.txt",
    "14-farro.txt", "15-koven.txt"};

static bsk_catalog catalog;
static bsk_format format;
static const bsk_card *deck_cards[DECKS][BSK_MATCH_DECK_MAX];
static int deck_counts[DECKS];
static const bsk_card *dummy[BSK_DUMMY_SQUAD_SIZE];
static bsk_card_table table;
static bsk_match match;
static bsk_action legal[BSK_MATCH_LEGAL_MAX];

/* The cards of a tournament decklist, one entry a copy (tests/engine_fixture.c). */
static int read_deck(const char *file, const bsk_card **out)
{
    return tournament_deck_read(&catalog.pool, &format, file, out);
}

/* Once per test case, in the runner's process: the forked tests share it. */
static void load_decks(void)
{
    bsk_error error;
    bsk_format_init_defaults(&format);
    bsk_catalog_init(&catalog);
    ck_assert_int_eq(bsk_catalog_load_bundled(&catalog, &error), BSK_OK);
    for (int d = 0; d < DECKS; d++)
        deck_counts[d] = read_deck(DECK_FILES[d], deck_cards[d]);
    ck_assert(bsk_dummy_squad(&catalog.pool, dummy));
}

static void free_decks(void) { bsk_catalog_free(&catalog); }

/* One game of `decks` with `agents` seated (agents[0] plays decks[0]); `first` is the deck whose
 * owner moves first (1 or 2). Returns the winner as a deck index 1|2, 0 for a draw. */
static int play(const bsk_match_deck decks[2], uint64_t seed, int first, bsk_agent agents[2], uint64_t *hash)
{
    bsk_error error;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&match, &table, &format.squad, decks, seed, first, &error), BSK_OK);
    /* bsk_agents_play takes the first player's agent first */
    bsk_agent seated[2] = {agents[first - 1], agents[2 - first]};
    seated[0].player = 1;
    seated[1].player = 2;
    ck_assert_int_eq(bsk_agents_play(&match, &table, seated, legal, NULL, &error), BSK_OK);
    ck_assert(!match.result.cap_actions);
    if (hash)
        *hash = bsk_match_hash(&match);
    agents[first - 1].rng = seated[0].rng; /* the streams go on */
    agents[2 - first].rng = seated[1].rng;
    int winner = match.result.winner;
    return winner == 0 ? 0 : winner == 1 ? first : 3 - first;
}

/* Mirror games of agent `a` against agent `b`: pair j plays tournament deck j % 15 against itself
 * with one deal seed; `a` always holds the first deck, which moves first in even games. Returns
 * the games `a` won. */
static int mirror(int a, int b, int budget, int games, uint64_t seed)
{
    int won = 0;
    for (int g = 0; g < games; g++) {
        int d = (g / 2) % DECKS;
        bsk_match_deck decks[2] = {{deck_cards[d], deck_counts[d], false}, {deck_cards[d], deck_counts[d], false}};
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], a, 1, seed * 1000 + (uint64_t)g * 2);
        bsk_agent_init(&agents[1], b, 2, seed * 1000 + (uint64_t)g * 2 + 1);
        agents[0].budget = agents[1].budget = budget;
        won += play(decks, seed + (uint64_t)(g / 2), 1 + g % 2, agents, NULL) == 1;
    }
    return won;
}

START_TEST(test_greedy_beats_random_in_mirror_games)
{
    int won = mirror(BSK_AGENT_GREEDY, BSK_AGENT_RANDOM, 0, 200, 1201);
    ck_assert_msg(won >= 180, "greedy won %d of 200 mirror games against random", won);
}
END_TEST

/* Goldfish (DESIGN §4): a tournament deck against the dummy ready squad, which the passive agent
 * plays; the deck moves first in even games. A draw by cap is no win. */
START_TEST(test_greedy_goldfishes_the_dummy_squad)
{
    enum { GAMES = 300 };
    int won = 0;
    for (int g = 0; g < GAMES; g++) {
        int d = g % DECKS;
        bsk_match_deck decks[2] = {{deck_cards[d], deck_counts[d], false}, {dummy, BSK_DUMMY_SQUAD_SIZE, true}};
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_GREEDY, 1, 7 + (uint64_t)g);
        bsk_agent_init(&agents[1], BSK_AGENT_PASSIVE, 2, 9 + (uint64_t)g);
        won += play(decks, 1202 + (uint64_t)g, 1 + g % 2, agents, NULL) == 1;
    }
    ck_assert_msg(won >= GAMES * 99 / 100, "greedy won %d of %d goldfish games against the dummy", won, GAMES);
}
END_TEST

START_TEST(test_search_beats_greedy_in_200_mirror_games)
{
    int won = mirror(BSK_AGENT_SEARCH, BSK_AGENT_GREEDY, 0, 200, 1203);
    ck_assert_msg(won >= 120, "search won %d of 200 mirror games against greedy", won);
}
END_TEST

/* The same seeds give the same game; the search's own stream decides what it samples. */
START_TEST(test_same_seeds_same_game)
{
    for (int kind = BSK_AGENT_GREEDY; kind <= BSK_AGENT_SEARCH; kind++) {
        uint64_t hashes[2];
        for (int run = 0; run < 2; run++) {
            bsk_match_deck decks[2] = {{deck_cards[3], deck_counts[3], false}, {deck_cards[5], deck_counts[5], false}};
            bsk_agent agents[2];
            bsk_agent_init(&agents[0], kind, 1, 41);
            bsk_agent_init(&agents[1], BSK_AGENT_GREEDY, 2, 42);
            agents[0].budget = 12;
            play(decks, 1204, 1, agents, &hashes[run]);
        }
        ck_assert_msg(hashes[0] == hashes[1], "%s: two runs of one seed differ", bsk_agent_id(kind));
    }
}
END_TEST

/* A search decision sees the view only: two states that differ in what player 1 cannot know (the
 * opponent's face-down card, the future dice, the deck order) give one view and one decision. */
START_TEST(test_search_decides_on_the_view_only)
{
    static const char *const ids[4] = {"01-013", "01-001", "02-010", "03-005"}; /* Орк, Кочевник, Поури, Клирик */
    const bsk_card *card[4];
    for (int i = 0; i < 4; i++)
        ck_assert_ptr_nonnull(card[i] = bsk_pool_find_id(&catalog.pool, ids[i]));
    const bsk_card *other = bsk_pool_find_id(&catalog.pool, "02-002"); /* Кентавр: another face-down card */
    ck_assert_ptr_nonnull(other);
    static bsk_match states[2];
    static bsk_match_view views[2];
    bsk_card_table_init(&table);
    bsk_card_table_add(&table, other); /* one table for both states */
    for (int s = 0; s < 2; s++) {
        bsk_position position;
        memset(&position, 0, sizeof position);
        position.active = 1;
        position.turn = 3;
        position.seed = 100 + (uint64_t)s; /* other future dice */
        static const int cells[4] = {12, 11, 17, 18}; /* c3, b3 against c4 and a face-down card on d4 */
        for (int i = 0; i < 4; i++) {
            bsk_position_card *pc = &position.cards[position.card_count++];
            pc->card = i == 3 && s == 1 ? other : card[i];
            pc->owner = i < 2 ? 1 : 2;
            pc->zone = BSK_ZONE_BATTLEFIELD;
            pc->cell = cells[i];
            pc->host_cell = -1;
            pc->hidden = i == 3;
        }
        bsk_error error;
        ck_assert_int_eq(bsk_match_from_position(&states[s], &table, &position, &error), BSK_OK);
        bsk_match_view_make(&states[s], 1, &views[s]);
    }
    ck_assert_int_ne(states[0].units[3].slot, states[1].units[3].slot);
    ck_assert_int_eq(views[0].match.units[3].slot, BSK_AGENT_UNKNOWN_SLOT);
    ck_assert_int_eq(bsk_match_hash(&views[0].match), bsk_match_hash(&views[1].match));
    int count = bsk_match_legal(&states[0], &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_gt(count, 2);
    int chosen[2];
    for (int s = 0; s < 2; s++) {
        bsk_agent agent;
        bsk_agent_init(&agent, BSK_AGENT_SEARCH, 1, 77);
        chosen[s] = bsk_agent_choose(&agent, &views[s], &table, legal, count);
    }
    ck_assert_int_eq(chosen[0], chosen[1]);
    ck_assert_int_lt(chosen[0], count);
}
END_TEST

/* Ctrl-C (issue 20 §3): a search of the largest budget stops at once when its stop flag is set, and
 * then chooses as the greedy agent does: a whole mirror game of two such searches, stopped from the
 * start, is the greedy mirror game, and ends in well under a second of searching. */
START_TEST(test_search_stops_when_its_flag_is_set)
{
    int d = 5;
    bsk_match_deck decks[2] = {{deck_cards[d], deck_counts[d], false}, {deck_cards[d], deck_counts[d], false}};
    static volatile sig_atomic_t stop = 1;
    uint64_t hashes[2];
    for (int kind = 0; kind < 2; kind++) {
        bsk_agent agents[2];
        for (int a = 0; a < 2; a++) {
            bsk_agent_init(&agents[a], kind ? BSK_AGENT_SEARCH : BSK_AGENT_GREEDY, a + 1, 40 + (uint64_t)a);
            agents[a].budget = BSK_AGENT_BUDGET_MAX;
            agents[a].stop = kind ? &stop : NULL;
        }
        play(decks, 1203, 1, agents, &hashes[kind]);
    }
    ck_assert_uint_eq(hashes[0], hashes[1]);
}
END_TEST

/* THE play loop's hooks (issue 21 §1, what cli/games.c plays through): `before` sees each action with
 * the match as it is before it, `after` the match after it with its events, and watching changes
 * nothing (the hash of bsk_agents_play's game). A stop flag set in a hook ends the loop after the
 * next decision, which is not applied: the match stops unfinished. */
typedef struct loop_watch {
    int before, after;
    uint32_t actions_seen; /* the match's action count before the last action */
    size_t events;
    volatile sig_atomic_t *stop;
    int stop_at; /* set the flag in the before hook of this action (0: never) */
} loop_watch;

static void loop_before(void *context, const bsk_match *m, const bsk_action *action)
{
    loop_watch *w = context;
    ck_assert_int_eq(w->before, w->after);
    ck_assert_int_eq(action->player, bsk_match_to_act(m)); /* not applied yet */
    w->actions_seen = m->actions;
    if (++w->before == w->stop_at)
        *w->stop = 1;
}

static void loop_after(void *context, const bsk_match *m, const bsk_action *action, const bsk_events *events)
{
    (void)action;
    loop_watch *w = context;
    ck_assert_uint_eq(m->actions, w->actions_seen + 1); /* applied */
    w->after++;
    w->events += events->count;
}

START_TEST(test_play_loop_hooks_see_every_action_and_stop)
{
    int d = 3;
    bsk_match_deck decks[2] = {{deck_cards[d], deck_counts[d], false}, {deck_cards[d], deck_counts[d], false}};
    bsk_error error;
    static bsk_event items[1024];
    static volatile sig_atomic_t stop;
    uint64_t plain = 0;
    for (int run = 0; run < 3; run++) {
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_GREEDY, 1, 51);
        bsk_agent_init(&agents[1], BSK_AGENT_GREEDY, 2, 52);
        bsk_card_table_init(&table);
        ck_assert_int_eq(bsk_match_new(&match, &table, &format.squad, decks, 1205, 1, &error), BSK_OK);
        if (run == 0) { /* unwatched */
            ck_assert_int_eq(bsk_agents_play(&match, &table, agents, legal, NULL, &error), BSK_OK);
            plain = bsk_match_hash(&match);
            continue;
        }
        stop = 0;
        loop_watch watch = {0, 0, 0, 0, &stop, run == 2 ? 40 : 0};
        bsk_events events = {items, 0, 1024, 0};
        bsk_play_hooks hooks = {loop_before, loop_after, &watch, &events, &stop, false, NULL};
        ck_assert_int_eq(bsk_agents_play_with(&match, &table, agents, legal, &hooks, &error), BSK_OK);
        ck_assert_int_eq(watch.before, watch.after);
        ck_assert_uint_eq((unsigned)watch.after, match.actions);
        if (run == 1) {
            ck_assert_uint_eq(bsk_match_hash(&match), plain);
            ck_assert_int_eq(bsk_match_to_act(&match), 0);
            ck_assert_uint_gt(watch.events, (size_t)watch.after); /* dice and wounds among them */
        } else {
            ck_assert_int_eq(watch.after, 40); /* the 41st decision was made, not applied */
            ck_assert_int_ne(bsk_match_to_act(&match), 0);
        }
    }
}
END_TEST


/* issue 22 §2: the random, greedy and search agents play card features from the legal list, their
 * questions included. From every position file whose cards carry features (fixture cards), each
 * kind of agent plays both sides for up to 40 decisions on a view; every index it returns is one of
 * the list's, and over the files each kind declares activated features and answers the features'
 * questions (use, mode, choose) — the test fails if a kind never does. */
START_TEST(test_agents_play_features_and_their_questions)
{
    enum { WALK = 40 };
    char dir[512];
    snprintf(dir, sizeof dir, "%s/tests/positions", BSK_SOURCE_DIR);
    static char *names[1024];
    int count = position_names(names, 1024);
    bsk_position_file *file = malloc(sizeof *file);
    ck_assert_ptr_nonnull(file);
    static const int kinds[3] = {BSK_AGENT_RANDOM, BSK_AGENT_GREEDY, BSK_AGENT_SEARCH};
    int declared[3] = {0}, answered[3] = {0}, files = 0;
    for (int i = 0; i < count; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        bsk_error error;
        if (bsk_position_read(path, &catalog.pool, file, &error) != BSK_OK || file->synthetic.count == 0)
            continue;
        files++;
        for (int k = 0; k < 3; k++) {
            if (bsk_synthetic_table(&file->synthetic, &file->position, &table, &error) != BSK_OK ||
                bsk_match_from_position(&match, &table, &file->position, &error) != BSK_OK)
                break;
            bsk_match_reseed(&match, 0xfea7u + (uint64_t)i);
            bsk_agent agents[2];
            bsk_agent_init(&agents[0], kinds[k], 1, 11 + (uint64_t)i);
            bsk_agent_init(&agents[1], kinds[k], 2, 12 + (uint64_t)i);
            agents[0].budget = agents[1].budget = 4; /* a short search: the test is about what it may choose */
            for (int step = 0; step < WALK && bsk_match_to_act(&match) != 0; step++) {
                int player = bsk_match_to_act(&match);
                int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
                ck_assert_msg(n > 0, "%s: no legal action", names[i]);
                bsk_match_view view;
                bsk_match_view_make(&match, player, &view);
                int choice = bsk_agent_choose(&agents[player - 1], &view, &table, legal, n);
                ck_assert_msg(choice >= 0 && choice < n, "%s: agent kind %d chose %d of %d", names[i], kinds[k],
                              choice, n);
                int kind = legal[choice].kind;
                declared[k] += kind == BSK_ACT_FEATURE;
                answered[k] += kind == BSK_ACT_USE || kind == BSK_ACT_MODE || kind == BSK_ACT_CHOOSE;
                bsk_match_apply_legal(&match, &table, &legal[choice], NULL);
            }
        }
    }
    free_position_names(names, count);
    free(file);
    ck_assert_int_ge(files, 20);
    for (int k = 0; k < 3; k++) {
        ck_assert_msg(declared[k] > 0, "agent kind %d never declared a feature", kinds[k]);
        ck_assert_msg(answered[k] > 0, "agent kind %d never answered a feature's question", kinds[k]);
    }
}
END_TEST

/* The agents' strength over hundreds of games: a statistical claim about the optimised build, so
 * check_main.c leaves this suite out under the sanitizers (the Makefile's test-plain runs it); the
 * agents' code runs under them in the suite below and in the CLI cases. */
Suite *agent_strength_suite(void)
{
    Suite *suite = suite_create("agent_strength");
    TCase *strength = tcase_create("strength");
    tcase_set_timeout(strength, 600);
    tcase_add_unchecked_fixture(strength, load_decks, free_decks);
    tcase_add_test(strength, test_greedy_beats_random_in_mirror_games);
    tcase_add_test(strength, test_greedy_goldfishes_the_dummy_squad);
    tcase_add_test(strength, test_search_beats_greedy_in_200_mirror_games);
    suite_add_tcase(suite, strength);
    return suite;
}

Suite *agent_suite(void)
{
    Suite *suite = suite_create("agent");
    TCase *views = tcase_create("reproducible");
    tcase_set_timeout(views, 120);
    tcase_add_unchecked_fixture(views, load_decks, free_decks);
    tcase_add_test(views, test_same_seeds_same_game);
    tcase_add_test(views, test_search_decides_on_the_view_only);
    tcase_add_test(views, test_search_stops_when_its_flag_is_set);
    tcase_add_test(views, test_play_loop_hooks_see_every_action_and_stop);
    tcase_add_test(views, test_agents_play_features_and_their_questions);
    suite_add_tcase(suite, views);
    return suite;
}
