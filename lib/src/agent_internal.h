/* agent_internal.h — what the agents share inside lib (not installed): the passive agent's
 * recruitment (the greedy agent recruits the same way), the greedy agent's one-ply scores and the
 * material count (the search agent's rollouts and leaves), and the two new agents' entry points.
 * Every function reads a match as `player` knows it: a view's match, or a search's own
 * determinised state, never the real game. */
#ifndef BERSERK_AGENT_INTERNAL_H
#define BERSERK_AGENT_INTERNAL_H

#include "berserk/agent.h"

/* The cards of the best squad (bsk_squad_best), one by one; `m` may be NULL (then the first take). */
int agent_passive_take(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                       int count);

/* Scores are integers (the same choice on every compiler): wounds in AGENT_WOUND units, an
 * expectation over the dice multiplied by 36. */
#define AGENT_WOUND 12

/* The greedy agent's choice among legal[0..count-1] for `player` on `m`. */
int agent_greedy_pick(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                      int count);
/* Its score of one battle action (declaration or answer) for `player`; END_TURN and PASS score 0. */
int agent_greedy_score(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *action);
/* The scores of legal[0..count-1] at once (what they share is found once). */
void agent_greedy_scores(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                         int count, int *scores);
/* The material of `player` minus the opponent's (life left plus a kill bonus for each creature in
 * the battle zone), in AGENT_WOUND units; a game won or lost is worth ±AGENT_WIN. */
#define AGENT_WIN 100000
int agent_material(const bsk_match *m, int player, const bsk_card_table *cards);

/* The search agent's choice (agent_search.c). */
int agent_search_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                        const bsk_action *legal, int count);

#endif
