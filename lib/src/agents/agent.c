/* agent.c — the passive and random agents (agent.h) and the dispatch to the greedy and search
 * agents (agent_greedy.c, agent_search.c), the masked view they see, its determinisation for
 * searches, and the goldfish dummy squad. */
#include "agent_internal.h"

#include "berserk/placement.h"
#include "berserk/position.h"
#include "berserk/recruit.h"

#include <string.h>

const char *const BSK_DUMMY_SQUAD_IDS[BSK_DUMMY_SQUAD_SIZE] = {
    "01-001", /* Кочевник: 3, life 8, 1-2-3, movement 2 */
    "02-002", /* Кентавр: 3, life 7, 1-2-3, movement 2 */
    "01-003", /* Волхв: 4, life 7, 1-1-2 */
    "03-005", /* Клирик: 4, life 9, 1-1-2 */
    "02-010", /* Поури: 4, life 10, 2-3-4 */
    "01-013", /* Орк: 5, life 10, 3-3-4 */
};

bool bsk_dummy_squad(bsk_pool *pool, const bsk_card *out[BSK_DUMMY_SQUAD_SIZE])
{
    for (int i = 0; i < BSK_DUMMY_SQUAD_SIZE; i++)
        if (!(out[i] = bsk_pool_find_id(pool, BSK_DUMMY_SQUAD_IDS[i])))
            return false;
    return true;
}

const char *bsk_agent_id(int kind)
{
    static const char *ids[BSK_AGENT_KIND_COUNT] = {"passive", "random", "greedy", "search"};
    return kind >= 0 && kind < BSK_AGENT_KIND_COUNT ? ids[kind] : NULL;
}

int bsk_agent_parse(const char *name)
{
    for (int k = 0; k < BSK_AGENT_KIND_COUNT; k++)
        if (name && strcmp(name, bsk_agent_id(k)) == 0)
            return k;
    return -1;
}

void bsk_match_view_make(const bsk_match *match, int player, bsk_match_view *view)
{
    view->player = player;
    view->match = *match;
    bsk_match *m = &view->match;
    for (int p = 0; p < 2; p++) /* deck order is nobody's knowledge; the opponent's deal is hidden */
        memset(m->sides[p].deck, BSK_AGENT_UNKNOWN_SLOT, sizeof m->sides[p].deck);
    memset(m->sides[2 - player].deal, BSK_AGENT_UNKNOWN_SLOT, sizeof m->sides[2 - player].deal);
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].owner != player && (m->units[i].flags & BSK_UNIT_HIDDEN)) {
            m->units[i].slot = BSK_AGENT_UNKNOWN_SLOT;
            m->units[i].move_left = 0;    /* its movement points would tell the card */
            m->creatures &= ~(1ull << i); /* its type is hidden too */
            m->fast &= ~(1ull << i);      /* and whether it has anything instant */
            for (int w = 0; w < BSK_MATCH_WIDE_SETS; w++)
                m->wide[w] &= ~(1ull << i); /* or hears other cards' events */
            m->statics &= ~(1ull << i);   /* or static */
        }
    memset(&m->dice, 0, sizeof m->dice); /* a view never sees future dice */
}

static uint8_t draw_slot(const bsk_card_table *cards, const uint8_t *candidates, int count, bsk_rng *rng)
{
    if (count > 0)
        return candidates[bsk_rng_below(rng, (uint32_t)count)];
    return (uint8_t)bsk_rng_below(rng, (uint32_t)(cards->count > 0 ? cards->count : 1));
}

void bsk_match_view_determinise(const bsk_match_view *view, const bsk_card_table *cards, const uint8_t *candidates,
                                int count, bsk_rng *rng, bsk_match *out)
{
    *out = view->match;
    for (int p = 0; p < 2; p++) {
        bsk_match_side *s = &out->sides[p];
        for (int i = 0; i < s->deck_count; i++)
            if (s->deck[i] == BSK_AGENT_UNKNOWN_SLOT)
                s->deck[i] = draw_slot(cards, candidates, count, rng);
        for (int i = 0; i < s->deal_count; i++)
            if (s->deal[i] == BSK_AGENT_UNKNOWN_SLOT)
                s->deal[i] = draw_slot(cards, candidates, count, rng);
    }
    for (int i = 0; i < out->unit_count; i++)
        if (out->units[i].slot == BSK_AGENT_UNKNOWN_SLOT)
            out->units[i].slot = draw_slot(cards, candidates, count, rng);
    bsk_match_derive(out, cards); /* the creatures among the drawn cards */
    bsk_match_reseed(out, bsk_rng_next(rng));
}

void bsk_agent_init(bsk_agent *agent, int kind, int player, uint64_t seed)
{
    agent->kind = kind;
    agent->player = player;
    agent->budget = 0;
    agent->stop = NULL;
    bsk_rng_seed(&agent->rng, seed);
}

static int find(const bsk_action *legal, int count, int kind)
{
    for (int i = 0; i < count; i++)
        if (legal[i].kind == kind)
            return i;
    return -1;
}

/* The passive agent's recruitment: the cards of the best squad (bsk_squad_best), one by one. */
int agent_passive_take(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                       int count)
{
    int done = find(legal, count, BSK_ACT_DONE);
    if (m) {
        bsk_recruit recruit;
        bsk_squad_choice choice;
        bsk_match_recruit_state(m, cards, player, &recruit);
        /* the best squad of what is left (DESIGN §2), its first card not yet taken */
        if (recruit.squad_count == 0 && bsk_squad_best(&recruit, NULL, NULL, &choice) && choice.count > 0)
            for (int i = 0; i < count; i++)
                if (legal[i].kind == BSK_ACT_TAKE && legal[i].index == choice.positions[0])
                    return i;
        if (recruit.squad_count > 0) {
            /* keep to the plan made on the empty squad: it is recomputed from the cards taken */
            bsk_recruit fresh = recruit;
            bsk_recruit_cancel(&fresh);
            if (bsk_squad_best(&fresh, NULL, NULL, &choice))
                for (int k = 0; k < choice.count; k++)
                    for (int i = 0; i < count; i++)
                        if (legal[i].kind == BSK_ACT_TAKE && legal[i].index == choice.positions[k])
                            return i;
            return done >= 0 ? done : 0;
        }
    }
    int first_take = find(legal, count, BSK_ACT_TAKE);
    return first_take >= 0 ? first_take : done >= 0 ? done : 0;
}

int bsk_agent_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                     const bsk_action *legal, int count)
{
    if (count <= 1)
        return 0;
    if (agent->kind == BSK_AGENT_GREEDY || agent->kind == BSK_AGENT_SEARCH) {
        BSK_ASSERT(view != NULL); /* they read the view */
        return agent->kind == BSK_AGENT_GREEDY ? agent_greedy_pick(&view->match, view->player, cards, legal, count)
                                               : agent_search_choose(agent, view, cards, legal, count);
    }
    if (agent->kind == BSK_AGENT_RANDOM) {
        if (legal[0].kind == BSK_ACT_TAKE || legal[count - 1].kind == BSK_ACT_DONE) {
            /* recruitment: random cards until none fits */
            int takes = 0;
            for (int i = 0; i < count; i++)
                takes += legal[i].kind == BSK_ACT_TAKE;
            if (takes > 0) {
                int k = (int)bsk_rng_below(&agent->rng, (uint32_t)takes);
                for (int i = 0; i < count; i++)
                    if (legal[i].kind == BSK_ACT_TAKE && k-- == 0)
                        return i;
            }
        }
        return (int)bsk_rng_below(&agent->rng, (uint32_t)count);
    }
    /* passive: the default answer; nothing declared */
    switch (legal[0].kind) {
    case BSK_ACT_TAKE:
    case BSK_ACT_DONE:
        return agent_passive_take(view ? &view->match : NULL, view ? view->player : 0, cards, legal, count);
    case BSK_ACT_FIRST:
        return 0;
    case BSK_ACT_KEEP:
        return find(legal, count, BSK_ACT_KEEP);
    case BSK_ACT_PLACE:
        return 0; /* the first legal cell: the lowest tier first */
    default: {
        int i = find(legal, count, BSK_ACT_END_TURN);
        if (i < 0)
            i = find(legal, count, BSK_ACT_PASS);
        if (i < 0)
            i = find(legal, count, BSK_ACT_DONE);
        if (i < 0) { /* step down: keep the row */
            for (int k = 0; k < count; k++)
                if (legal[k].kind == BSK_ACT_STEP_DOWN && legal[k].index == 0)
                    return k;
            i = 0;
        }
        return i;
    }
    }
}

bool bsk_agent_needs_view(const bsk_agent *agent)
{
    return agent->kind != BSK_AGENT_RANDOM; /* passive: its recruitment plans on the deal */
}

int bsk_agent_decide(bsk_agent agents[2], const bsk_match *match, const bsk_card_table *cards, bsk_action *legal,
                     int *listed, bsk_match_view *view, bsk_error *error)
{
    int player = bsk_match_to_act(match);
    int count = player ? bsk_match_legal(match, cards, legal, BSK_MATCH_LEGAL_MAX) : 0;
    if (count > BSK_MATCH_LEGAL_MAX)
        count = BSK_MATCH_LEGAL_MAX;
    *listed = count;
    if (count <= 0) {
        bsk_error_set(error, BSK_ERR_INVALID, "engine", "player %d is asked but has no legal action", player);
        return -1;
    }
    bsk_agent *agent = &agents[player - 1];
    const bsk_match_view *seen = NULL;
    if (bsk_agent_needs_view(agent)) {
        bsk_match_view_make(match, player, view);
        seen = view;
    }
    return bsk_agent_choose(agent, seen, cards, legal, count);
}

bsk_status bsk_agents_play_with(bsk_match *match, const bsk_card_table *cards, bsk_agent agents[2], bsk_action *legal,
                                const bsk_play_hooks *hooks, bsk_error *error)
{
    static const bsk_play_hooks none = {0};
    const bsk_play_hooks *h = hooks ? hooks : &none;
    bsk_match_view own;
    bsk_match_view *view = h->view ? h->view : &own;
    int count;
    while (bsk_match_to_act(match) != 0) {
        int k = bsk_agent_decide(agents, match, cards, legal, &count, view, error);
        if (k < 0)
            return BSK_ERR_INVALID;
        if (h->stop && *h->stop) /* the decision may be a cut search's: it is not played */
            return BSK_OK;
        if (h->canonical)
            k = bsk_record_canonical(match, cards, legal, count, k);
        const bsk_action *action = &legal[k];
        if (h->before)
            h->before(h->context, match, action);
        if (h->events)
            h->events->count = 0;
        bsk_match_apply_legal(match, cards, action, h->events);
        if (h->after)
            h->after(h->context, match, action, h->events);
    }
    return BSK_OK;
}

bsk_status bsk_agents_play(bsk_match *match, const bsk_card_table *cards, bsk_agent agents[2], bsk_action *legal,
                           bsk_events *events, bsk_error *error)
{
    bsk_play_hooks hooks = {.events = events};
    return bsk_agents_play_with(match, cards, agents, legal, &hooks, error);
}
