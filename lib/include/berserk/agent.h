/* agent.h — players that choose among the legal actions (DESIGN §5). An agent sees a masked view
 * of the match (the opponent's hidden cards and both decks' order hidden), never the state, and
 * draws its randomness from its own stream, so it never shares the dice's. */
#ifndef BERSERK_AGENT_H
#define BERSERK_AGENT_H

#include "berserk/match.h"
#include "berserk/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bsk_agent_kind {
    BSK_AGENT_PASSIVE, /* declares nothing; default answers; recruits the best squad; tier placement */
    BSK_AGENT_RANDOM,  /* uniform among the legal actions; takes random cards until none fits */
    BSK_AGENT_KIND_COUNT
} bsk_agent_kind;

const char *bsk_agent_id(int kind);   /* "passive", "random" */
int bsk_agent_parse(const char *name); /* -1 when unknown */

typedef struct bsk_agent {
    int kind;
    int player;
    bsk_rng rng;
} bsk_agent;

/* What a player may know (DESIGN §5): the state with the opponent's hidden cards and both decks'
 * order masked (slot 255). */
typedef struct bsk_match_view {
    int player;
    bsk_match match;
} bsk_match_view;

void bsk_match_view_make(const bsk_match *match, int player, bsk_match_view *view);

void bsk_agent_init(bsk_agent *agent, int kind, int player, uint64_t seed);
/* Whether the agent reads the view (the passive and random agents choose from the legal list alone,
 * so players skip building a view for them). */
bool bsk_agent_needs_view(const bsk_agent *agent);
/* The index of the chosen action in legal[0..count-1] (count > 0). view may be NULL when the
 * agent does not need one. */
int bsk_agent_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                     const bsk_action *legal, int count);

/* Plays the match to its end, agents[0] for the first player and agents[1] for the second.
 * legal is caller-owned scratch of BSK_MATCH_LEGAL_MAX actions; events may be NULL. */
bsk_status bsk_agents_play(bsk_match *match, const bsk_card_table *cards, bsk_agent agents[2], bsk_action *legal,
                           bsk_events *events, bsk_error *error);

#ifdef __cplusplus
}
#endif

#endif
