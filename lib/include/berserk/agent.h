/* agent.h — players that choose among the legal actions (DESIGN §5). An agent sees a masked view
 * of the match (the opponent's hidden cards and both decks' order hidden), never the state, and
 * draws its randomness from its own stream, so it never shares the dice's. */
#ifndef BERSERK_AGENT_H
#define BERSERK_AGENT_H

#include "berserk/match.h"
#include "berserk/pool.h"
#include "berserk/rng.h"

#include <signal.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bsk_agent_kind {
    BSK_AGENT_PASSIVE, /* declares nothing; default answers; recruits the best squad; tier placement */
    BSK_AGENT_RANDOM,  /* uniform among the legal actions; takes random cards until none fits */
    BSK_AGENT_GREEDY,  /* one ply: the exact expectation of each action's dice; steps toward the enemy */
    BSK_AGENT_SEARCH,  /* Monte Carlo over determinised views, greedy rollouts; `budget` rollouts (16) */
    BSK_AGENT_KIND_COUNT
} bsk_agent_kind;

const char *bsk_agent_id(int kind);   /* "passive", "random", "greedy", "search" */
int bsk_agent_parse(const char *name); /* -1 when unknown */

typedef struct bsk_agent {
    int kind;
    int player;
    bsk_rng rng;
    int budget; /* a searching agent's iterations per decision (never seconds); 0: its default */
    /* NULL, or a flag the caller sets (a signal handler: Ctrl-C, SIGTERM) to stop a search in
     * progress: the search polls it every iteration and, once set, returns its choice so far
     * (the greedy agent's), so a decision of any budget ends promptly. Set by bsk_agent_init to
     * NULL. The library never writes it. */
    const volatile sig_atomic_t *stop;
} bsk_agent;

/* The --budget range every command accepts (0: the agent's own default). */
#define BSK_AGENT_BUDGET_MAX 100000000

/* What a player may know (DESIGN §5): the state with the opponent's hidden cards, both decks'
 * order and the opponent's deal masked (BSK_AGENT_UNKNOWN_SLOT: no card-table entry, never index
 * the table with it) and the dice zeroed. A view is not a runnable state. */
#define BSK_AGENT_UNKNOWN_SLOT 255
typedef struct bsk_match_view {
    int player;
    bsk_match match;
} bsk_match_view;

void bsk_match_view_make(const bsk_match *match, int player, bsk_match_view *view);
/* A runnable state made from a view (search agents, DESIGN §5): every unknown card becomes one of
 * the card-table slots `candidates[0..count-1]` (count 0: any slot of the table) drawn from
 * `rng`, and the dice are re-seeded from `rng`, so the state never sees the real game's hidden
 * cards or future dice. */
void bsk_match_view_determinise(const bsk_match_view *view, const bsk_card_table *cards, const uint8_t *candidates,
                                int count, bsk_rng *rng, bsk_match *out);

/* The goldfish `dummy` opponent (DESIGN §4): a ready squad of plain plains creatures (printed
 * numbers only, one element, 23 crystals), by catalogue id. */
#define BSK_DUMMY_SQUAD_SIZE 6
extern const char *const BSK_DUMMY_SQUAD_IDS[BSK_DUMMY_SQUAD_SIZE];
/* Resolves the dummy squad in `pool` into out[0..BSK_DUMMY_SQUAD_SIZE-1]; false when a card is
 * missing from the catalogue. */
bool bsk_dummy_squad(bsk_pool *pool, const bsk_card *out[BSK_DUMMY_SQUAD_SIZE]);

void bsk_agent_init(bsk_agent *agent, int kind, int player, uint64_t seed);
/* Whether the agent reads the view (the random agent chooses from the legal list alone, so players
 * skip building a view for it). */
bool bsk_agent_needs_view(const bsk_agent *agent);
/* The index of the chosen action in legal[0..count-1] (count > 0). view may be NULL when the
 * agent does not need one. */
int bsk_agent_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                     const bsk_action *legal, int count);

/* One decision of the player to act (agents[0] plays the first player, agents[1] the second): its
 * legal list into legal[] (caller-owned, BSK_MATCH_LEGAL_MAX actions; its length in *count) and
 * its agent's choice, the view built in *view when the agent reads one. Returns the index of the
 * chosen action, or -1 (with `error` set) when the player has no legal action. */
int bsk_agent_decide(bsk_agent agents[2], const bsk_match *match, const bsk_card_table *cards, bsk_action *legal,
                     int *count, bsk_match_view *view, bsk_error *error);

/* What a caller adds to the play loop (bsk_agents_play_with), as plain C: every field may be 0. */
typedef struct bsk_play_hooks {
    /* Called with each action before it is applied (`match` as it is before it); then `after` with
     * the same action, the match after it and the action's events (NULL when `events` is NULL). */
    void (*before)(void *context, const bsk_match *match, const bsk_action *action);
    void (*after)(void *context, const bsk_match *match, const bsk_action *action, const bsk_events *events);
    void *context;
    /* NULL, or the buffer each action's events go to (emptied before each action). */
    bsk_events *events;
    /* NULL, or a flag the caller sets (a signal handler): once set, the loop returns after the
     * decision in progress without applying it (the decision may be a search cut short), leaving
     * the match unfinished (bsk_match_to_act is not 0). The loop never writes it. */
    const volatile sig_atomic_t *stop;
    /* Apply the copy a record of the chosen action means (bsk_record_canonical) instead of the
     * copy the agent picked, so the game is the one its log replays (the CLI's batches). */
    bool canonical;
    /* NULL, or caller-owned scratch for the agents' view (else the loop keeps one on its stack). */
    bsk_match_view *view;
} bsk_play_hooks;

/* THE play loop: plays the match to its end, agents[0] for the first player and agents[1] for the
 * second, each decision by bsk_agent_decide, with what `hooks` (NULL: none) adds. legal is
 * caller-owned scratch of BSK_MATCH_LEGAL_MAX actions. Returns BSK_OK when the game is over or the
 * stop flag stopped it, BSK_ERR_INVALID (with `error`) when a player to act has no legal action. */
bsk_status bsk_agents_play_with(bsk_match *match, const bsk_card_table *cards, bsk_agent agents[2], bsk_action *legal,
                                const bsk_play_hooks *hooks, bsk_error *error);

/* bsk_agents_play_with with only an events buffer (events may be NULL). */
bsk_status bsk_agents_play(bsk_match *match, const bsk_card_table *cards, bsk_agent agents[2], bsk_action *legal,
                           bsk_events *events, bsk_error *error);

#ifdef __cplusplus
}
#endif

#endif
