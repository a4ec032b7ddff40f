/* agent_search.c — the search agent (agent.h). */
#include "agent_internal.h"

int agent_search_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                        const bsk_action *legal, int count)
{
    (void)agent;
    return agent_greedy_pick(&view->match, view->player, cards, legal, count);
}
