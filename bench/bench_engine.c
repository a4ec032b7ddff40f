/* bench_engine.c — the match engine (issue 11 §5): random-vs-random full games per second on one
 * core with two real tournament decks (deal to result or cap), actions per game, the capped share,
 * ns per action, clone and legal-list times. Goal: 10,000 games/s per core, clone under 100 ns.
 * The agents (issue 12): greedy-vs-greedy and goldfish games per second, one search decision. */
#include "bench.h"
#include "berserk/agent.h"
#include "berserk/match.h"
#include "catalog.h"
#include "formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cards of a bench deck, one pointer per copy (at most max); bench_effects.c reads its decks here too. */
int bench_read_deck(bsk_catalog *catalog, const char *file, const bsk_card **out, int max)
{
    char path[512];
    bsk_deck deck;
    bsk_deck_report report;
    bsk_error error;
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
    snprintf(path, sizeof path, "%s/%s", BENCH_DECKS, file);
    if (bsk_decklist_read(path, &catalog->pool, &format, &deck, &report, &error))
        bench_fail("decklist", &error);
    int n = 0;
    for (size_t i = 0; i < deck.count; i++)
        for (int c = 0; c < deck.entries[i].count && n < max; c++)
            out[n++] = deck.entries[i].card;
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
    return n;
}

/* The kinds of decision the search agent searches, timed apart: its rollouts from the battle,
 * from placement and from recruitment run on for different lengths. */
enum { TIMED_BATTLE, TIMED_PLACE, TIMED_RECRUIT, TIMED_KINDS };

/* Plays a game to its end with agents[0] for the first player; the search agent's decisions are
 * timed into time[kind] and counted. */
static void play_timed(bsk_match *m, const bsk_card_table *table, bsk_agent agents[2], bsk_action *legal,
                       double time[TIMED_KINDS], long searches[TIMED_KINDS])
{
    bsk_match_view view;
    int player;
    while ((player = bsk_match_to_act(m)) != 0) {
        int count = bsk_match_legal(m, table, legal, BSK_MATCH_LEGAL_MAX);
        bsk_agent *agent = &agents[player - 1];
        bsk_match_view_make(m, player, &view);
        int kind = m->phase >= BSK_PHASE_BEGINNING ? TIMED_BATTLE
                   : m->phase == BSK_PHASE_PLACE   ? TIMED_PLACE
                   : m->phase == BSK_PHASE_RECRUIT ? TIMED_RECRUIT
                                                   : -1;
        bool timed = agent->kind == BSK_AGENT_SEARCH && count > 1 && kind >= 0;
        double t0 = timed ? bench_now() : 0;
        int k = bsk_agent_choose(agent, &view, table, legal, count);
        if (timed) {
            time[kind] += bench_now() - t0;
            searches[kind]++;
        }
        bsk_match_apply_legal(m, table, &legal[k], NULL);
    }
}

/* The agents: greedy-vs-greedy games per second (a mirror of one deck), goldfish games per second
 * (greedy against the passive dummy squad), one search decision at the default budget. */
static void bench_agents(bsk_catalog *catalog, const bsk_match_deck *deck, const char *deck_name)
{
    enum { GREEDY_GAMES = 4000, GOLDFISH_GAMES = 4000, SEARCH_GAMES = 20 };
    static bsk_card_table table;
    static bsk_match match;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_error error;
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_match_deck mirror[2] = {*deck, *deck};
    double time[TIMED_KINDS] = {0};
    long searches[TIMED_KINDS] = {0};
    double start = bench_now();
    for (int g = 0; g < GREEDY_GAMES; g++) {
        bsk_card_table_init(&table);
        if (bsk_match_new(&match, &table, &format.squad, mirror, (uint64_t)g, 1 + g % 2, &error))
            bench_fail("match", &error);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_GREEDY, 1, (uint64_t)g);
        bsk_agent_init(&agents[1], BSK_AGENT_GREEDY, 2, (uint64_t)g + 1);
        if (bsk_agents_play(&match, &table, agents, legal, NULL, &error))
            bench_fail("play", &error);
    }
    char note[200];
    snprintf(note, sizeof note, "greedy vs greedy, %s mirror, %d games, one thread, deal to result", deck_name,
             GREEDY_GAMES);
    bench_emit("agent.games.greedy", GREEDY_GAMES / (bench_now() - start), "per_s", note);

    const bsk_card *dummy[BSK_DUMMY_SQUAD_SIZE];
    if (!bsk_dummy_squad(&catalog->pool, dummy)) {
        bsk_error_set(&error, BSK_ERR_INVALID, "", "a card of the dummy squad is missing");
        bench_fail("dummy", &error);
    }
    bsk_match_deck goldfish[2] = {*deck, {dummy, BSK_DUMMY_SQUAD_SIZE, true}};
    long turns = 0;
    start = bench_now();
    for (int g = 0; g < GOLDFISH_GAMES; g++) {
        bsk_card_table_init(&table);
        if (bsk_match_new(&match, &table, &format.squad, goldfish, (uint64_t)g, 1 + g % 2, &error))
            bench_fail("match", &error);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_GREEDY, 1, (uint64_t)g);
        bsk_agent_init(&agents[1], BSK_AGENT_PASSIVE, 2, (uint64_t)g + 1);
        if (g % 2) { /* the dummy moves first */
            bsk_agent swap = agents[0];
            agents[0] = agents[1];
            agents[1] = swap;
            agents[0].player = 1;
            agents[1].player = 2;
        }
        if (bsk_agents_play(&match, &table, agents, legal, NULL, &error))
            bench_fail("play", &error);
        turns += match.turn;
    }
    snprintf(note, sizeof note, "greedy (%s) against the passive dummy squad, %d games, one thread, %.1f game turns per game",
             deck_name, GOLDFISH_GAMES, (double)turns / GOLDFISH_GAMES);
    bench_emit("agent.games.goldfish", GOLDFISH_GAMES / (bench_now() - start), "per_s", note);

    for (int g = 0; g < SEARCH_GAMES; g++) {
        bsk_card_table_init(&table);
        if (bsk_match_new(&match, &table, &format.squad, mirror, (uint64_t)g, 1 + g % 2, &error))
            bench_fail("match", &error);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_SEARCH, 1, (uint64_t)g);
        bsk_agent_init(&agents[1], BSK_AGENT_GREEDY, 2, (uint64_t)g + 1);
        play_timed(&match, &table, agents, legal, time, searches);
    }
    static const char *const names[TIMED_KINDS] = {"agent.search_decision_us", "agent.search_placement_us",
                                                   "agent.search_recruitment_us"};
    static const char *const what[TIMED_KINDS] = {"battle", "placement", "recruitment"};
    for (int k = 0; k < TIMED_KINDS; k++) {
        snprintf(note, sizeof note, "mean over the %ld %s decisions of %d games, search vs greedy, %s mirror, default budget",
                 searches[k], what[k], SEARCH_GAMES, deck_name);
        bench_emit(names[k], time[k] / (double)(searches[k] > 0 ? searches[k] : 1) * 1e6, "us", note);
    }
}

int bench_engine(void)
{
    enum { GAMES = 20000 };
    static const bsk_card *cards_a[BSK_MATCH_DECK_MAX], *cards_b[BSK_MATCH_DECK_MAX];
    static bsk_card_table table;
    static bsk_match match, copy;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_catalog catalog;
    bsk_error error;
    bsk_format format;
    bsk_format_init_defaults(&format);
    bench_load_catalog(&catalog);
    bsk_match_deck decks[2] = {{NULL, 0, false}, {NULL, 0, false}};
    decks[0].cards = cards_a;
    decks[0].count = bench_read_deck(&catalog, BENCH_DECK_FILES[0], cards_a, BSK_MATCH_DECK_MAX);
    decks[1].cards = cards_b;
    decks[1].count = bench_read_deck(&catalog, BENCH_DECK_FILES[5], cards_b, BSK_MATCH_DECK_MAX);
    bsk_card_table_init(&table);
    long actions = 0, capped = 0, turns = 0;
    double legal_time = 0, clone_time = 0;
    long legal_calls = 0;
    double start = bench_now();
    double prelim_time = 0;
    for (int g = 0; g < GAMES; g++) {
        double game_start = bench_now();
        if (bsk_match_new(&match, &table, &format.squad, decks, (uint64_t)g, 1 + g % 2, &error))
            bench_fail("match", &error);
        bsk_agent agents[2];
        bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, (uint64_t)g * 2 + 1000003);
        bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, (uint64_t)g * 2 + 1000004);
        /* the preliminary phase, then the battle */
        double battle_start = 0;
        int player;
        while ((player = bsk_match_to_act(&match)) != 0) {
            if (!battle_start && match.phase >= BSK_PHASE_BEGINNING)
                battle_start = bench_now();
            int count = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
            int k = bsk_agent_choose(&agents[player - 1], NULL, &table, legal, count);
            bsk_match_apply_legal(&match, &table, &legal[k], NULL);
        }
        prelim_time += (battle_start ? battle_start : bench_now()) - game_start;
        actions += match.actions;
        turns += match.turn;
        capped += match.result.by_cap || match.result.cap_actions;
    }
    double all = bench_now() - start;
    /* clone and legal list on a mid-game state */
    if (bsk_match_new(&match, &table, &format.squad, decks, 7, 1, &error))
        bench_fail("match", &error);
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 1);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 2);
    while (bsk_match_to_act(&match) && match.turn < 4) {
        int n = bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
        int k = bsk_agent_choose(&agents[bsk_match_to_act(&match) - 1], NULL, &table, legal, n);
        bsk_match_apply(&match, &table, &legal[k], NULL, &error);
    }
    /* apply alone: one game's actions recorded, then replayed from its start many times */
    static bsk_action played[4096];
    static bsk_match start_state;
    int played_count = 0;
    if (bsk_match_new(&start_state, &table, &format.squad, decks, 11, 1, &error))
        bench_fail("match", &error);
    copy = start_state;
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 3);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 4);
    while (bsk_match_to_act(&copy) && played_count < 4096) {
        int n = bsk_match_legal(&copy, &table, legal, BSK_MATCH_LEGAL_MAX);
        int k = bsk_agent_choose(&agents[bsk_match_to_act(&copy) - 1], NULL, &table, legal, n);
        played[played_count++] = legal[k];
        bsk_match_apply_legal(&copy, &table, &legal[k], NULL);
    }
    enum { REPLAYS = 2000 };
    double t_apply = bench_now();
    for (int r = 0; r < REPLAYS; r++) {
        copy = start_state;
        for (int i = 0; i < played_count; i++)
            bsk_match_apply_legal(&copy, &table, &played[i], NULL);
    }
    double apply_ns = (bench_now() - t_apply) / ((double)REPLAYS * played_count) * 1e9;
    enum { REPS = 1000000 };
    double t0 = bench_now();
    for (int i = 0; i < REPS; i++) {
        memcpy(&copy, &match, sizeof match);
        __asm__ volatile("" : : "r"(&copy) : "memory");
    }
    clone_time = (bench_now() - t0) / REPS * 1e9;
    t0 = bench_now();
    for (int i = 0; i < REPS / 10; i++) {
        legal_calls += bsk_match_legal(&match, &table, legal, BSK_MATCH_LEGAL_MAX);
        __asm__ volatile("" : : "r"(legal) : "memory");
    }
    legal_time = (bench_now() - t0) / (REPS / 10) * 1e9;
    char note[160];
    snprintf(note, sizeof note, "random vs random, %s vs %s, %d games, one thread, deal to result", BENCH_DECK_FILES[0],
             BENCH_DECK_FILES[5], GAMES);
    bench_emit("engine.games.random", GAMES / all, "per_s", note);
    bench_emit("engine.prelim_us", prelim_time / GAMES * 1e6, "us",
               "deal, redeals, recruitment, placement, reveal and seating of one game (random agents)");
    bench_emit("engine.actions_per_game", (double)actions / GAMES, "count", "declarations and answers per game");
    bench_emit("engine.turns_per_game", (double)turns / GAMES, "count", "game turns per game");
    bench_emit("engine.capped_share", (double)capped / GAMES, "ratio", "games ended by a cap");
    bench_emit("engine.ns_per_action", all / (double)actions * 1e9, "ns", "whole game time over applied actions");
    bench_emit("engine.clone_ns", clone_time, "ns", "memcpy of one bsk_match");
    bench_emit("engine.apply_ns", apply_ns, "ns", "bsk_match_apply_legal of a recorded random game's actions, the run to the next decision included");
    snprintf(note, sizeof note, "legal list of a mid-game state (%d actions), %zu-byte state",
             (int)(legal_calls / (REPS / 10)), sizeof match);
    bench_emit("engine.legal_ns", legal_time, "ns", note);
    if (!getenv("BENCH_NO_AGENTS")) /* BENCH_NO_AGENTS=1: the engine alone, for a profile of the random games */
        bench_agents(&catalog, &decks[0], BENCH_DECK_FILES[0]);
    bsk_catalog_free(&catalog);
    return 0;
}
