/* agent_internal.h — what the agents share inside lib (not installed): the passive agent's
 * recruitment (the greedy agent recruits the same way), the greedy agent's one-ply scores and the
 * worth of each side (the search agent's rollouts and leaves), and the new agents' entry points.
 * Every function reads a match as `player` knows it: a view's match, or a search's own
 * determinised state, never the real game. The agents read the game through the public headers
 * only (include/berserk: match.h's bsk_match_unit_* reads), never lib/src/engine's (issue 21). */
#ifndef BERSERK_AGENT_INTERNAL_H
#define BERSERK_AGENT_INTERNAL_H

#include "berserk/agent.h"
#include "berserk/assert.h"
#include "berserk/board.h"
#include "berserk/match.h"

#include <string.h>

/* The cards of the best squad (bsk_squad_best), one by one; `m` may be NULL (then the first take). */
int agent_passive_take(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                       int count);

/* Scores are integers (the same choice on every compiler): wounds in AGENT_WOUND units, an
 * expectation over the dice multiplied by 36. */
#define AGENT_WOUND 12

/* The outcomes of an attack's dice gathered by strengths (bsk_match_fight_outcomes), and a cache
 * of them a search shares over its rollouts: they depend on the two cards, the attack, whether
 * the target is open and the source's counters, never on wounds. The higher roller may step down
 * exactly when both strike (515.3). */
#define AGENT_FIGHT_CLASSES 12 /* the strike's 4 strengths (a miss too) by the counter-strike's 3 */
#define AGENT_FIGHT_CACHE 1024
typedef struct agent_fight {
    uint64_t key;  /* 0: none */
    uint8_t count;
    uint8_t weight[AGENT_FIGHT_CLASSES];    /* in 36ths */
    uint8_t strengths[AGENT_FIGHT_CLASSES]; /* (strike + 1) | (counter-strike + 1) << 4; -1 is a miss */
    uint8_t magnitude[2][3];                /* the strike's and the counter-strike's, by strength */
} agent_fight;
typedef struct agent_fights {
    agent_fight entry[AGENT_FIGHT_CACHE];
} agent_fights;

/* The greedy agent's choice among legal[0..count-1] for `player` on `m`. */
int agent_greedy_pick(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                      int count);
/* The same with a cache of fights (its keys zeroed before first use). */
int agent_greedy_pick_cached(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                             int count, agent_fights *fights);
/* Its scores of legal[0..count-1] for `player` (END_TURN and PASS score 0; placements and hosts by
 * their own measures). */
void agent_greedy_scores(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                         int count, int *scores);
/* The same with a cache of fights (a fight whose cards effects or static features change is never
 * taken from it nor put in it). */
void agent_greedy_scores_cached(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                                int count, int *scores, agent_fights *fights);

/* Each player's worth (index 0: player 1): the life left plus a kill bonus of each creature. */
void agent_worth(const bsk_match *m, const bsk_card_table *cards, int worth[2]);

/* The search agent's choice (agent_search.c). */
int agent_search_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                        const bsk_action *legal, int count);

#endif
