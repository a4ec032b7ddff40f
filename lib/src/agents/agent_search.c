/* agent_search.c — the search agent (agent.h): Monte Carlo search over determinised views. In the
 * battle and at placement the candidates are the greedy agent's choice, its next best actions and
 * the default answer; in recruitment, the squad to complete: the best by crystals (the greedy
 * agent's) or the best by battle worth. Every iteration determinises the view (hidden cards
 * re-sampled, dice re-seeded from the agent's own stream), plays one candidate and rolls the game
 * out with greedy play for both players. Each candidate is scored against the greedy choice on the
 * same worlds; halfway the worse half leaves (successive halving), or the search stops when nothing
 * beats the greedy choice; a candidate replaces the greedy choice only when clearly better.
 * The budget is `agent->budget` iterations (rollouts; at least one world per candidate); nothing is
 * allocated: the scratch (about 50 KB, the fight cache most of it) is on the stack. */
#include "agent_internal.h"
#include "berserk/recruit.h"

#include <assert.h>

enum {
    SEARCH_DEFAULT_BUDGET = 16,
    SEARCH_CANDIDATES = 4,      /* the greedy agent's best actions besides its choice and the default */
    SEARCH_MAX_CANDIDATES = SEARCH_CANDIDATES + 2,
    SEARCH_ROLLOUT_DECISIONS = 4000, /* a guard only: the engine ends a game at 60 turns */
    SEARCH_DECIDED = 30,        /* a rollout stops at a turn start once a side's chance is below 0.3 % */
    SEARCH_MARGIN = 3000,       /* how much the worth left counts beside a win (10000) */
    SEARCH_T2 = 4               /* a switch needs a mean difference over SEARCH_T2/4 squared standard errors */
};

/* ---- The value of a rollout ---- */

/* σ(k/8) ×10000 for k = -64..64. */
static const int16_t SIGMOID[129] = {
    3,    4,    4,    5,    6,    6,    7,    8,    9,    10,   12,   13,   15,   17,   19,   22,   25,   28,
    32,   36,   41,   46,   52,   59,   67,   76,   86,   97,   110,  124,  141,  159,  180,  203,  230,  260,
    293,  331,  373,  421,  474,  534,  601,  675,  759,  851,  953,  1067, 1192, 1330, 1480, 1645, 1824, 2018,
    2227, 2451, 2689, 2942, 3208, 3486, 3775, 4073, 4378, 4688, 5000, 5312, 5622, 5927, 6225, 6514, 6792, 7058,
    7311, 7549, 7773, 7982, 8176, 8355, 8520, 8670, 8808, 8933, 9047, 9149, 9241, 9325, 9399, 9466, 9526, 9579,
    9627, 9669, 9707, 9740, 9770, 9797, 9820, 9841, 9859, 9876, 9890, 9903, 9914, 9924, 9933, 9941, 9948, 9954,
    9959, 9964, 9968, 9972, 9975, 9978, 9981, 9983, 9985, 9987, 9988, 9990, 9991, 9992, 9993, 9994, 9994, 9995,
    9996, 9996, 9997};

/* `player`'s chance to win ×10000 at a turn start: σ(17.67·r ± 0.81) of the worth ratio r = (own −
 * other) / (own + other), + for the player whose turn it is; fitted by logistic regression on
 * 80,000 turn starts of greedy self-play with the tournament decks. */
static int win_chance(const bsk_match *m, int player, const int worth[2])
{
    if (m->result.over)
        return m->result.winner == player ? 10000 : m->result.winner == 0 ? 5000 : 0;
    int own = worth[player - 1], other = worth[2 - player];
    int z = own + other > 0 ? (int)((int64_t)1131 * (own - other) / (own + other)) : 0; /* in 64ths */
    z += m->active == player ? 52 : -52;
    if (z <= -512)
        return SIGMOID[0];
    if (z >= 512)
        return SIGMOID[128];
    int k = (z + 512) / 8, fraction = (z + 512) % 8;
    return SIGMOID[k] + (SIGMOID[k + 1] - SIGMOID[k]) * fraction / 8;
}

/* A rollout's value: the chance to win, and the worth kept (relative to the root's), so that
 * rollouts that all win or all lose still tell the candidates apart. */
static int leaf_value(const bsk_match *m, const bsk_card_table *cards, int player, int root_total)
{
    int worth[2];
    agent_worth(m, cards, worth);
    int margin = root_total > 0 ? (int)((int64_t)SEARCH_MARGIN * (worth[player - 1] - worth[2 - player]) / root_total) : 0;
    return win_chance(m, player, worth) + margin;
}

/* The dice of an action in world `world`: keyed by the world, the turn and the action, so the same
 * attack in two candidates' rollouts rolls the same dice (common random numbers). */
static uint64_t dice_seed(uint64_t world, const bsk_match *m, const bsk_action *a)
{
    uint64_t bits;
    memcpy(&bits, a, sizeof bits);
    uint64_t z = world ^ (bits * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)m->turn << 56);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull; /* splitmix64's finaliser */
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void apply_keyed(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, uint64_t world)
{
    bsk_match_reseed(m, dice_seed(world, m, a));
    bsk_match_apply_legal(m, cards, a, NULL);
}

/* ---- Recruitment: which squad ---- */

/* A card's battle worth as agent_worth counts it (in quarters), its cost for a card that is no
 * creature: the weights of the squad the search weighs against the one of most crystals. */
static void worth_weights(const bsk_match *m, const bsk_card_table *cards, int player, int count, int *weights)
{
    for (int i = 0; i < count; i++) {
        const bsk_card_entry *e = &cards->entries[m->sides[player - 1].deal[i]];
        if (e->type != BSK_TYPE_CREATURE) {
            weights[i] = 2 * (e->cost > 0 ? e->cost : 0);
            continue;
        }
        int threat = (e->flags & BSK_ENTRY_NO_STRIKE) ? 0 : e->strike[0] + e->strike[1] + e->strike[2];
        for (int k = 0; k < e->attack_count; k++) {
            int sum = 0;
            for (int s = 0; s < 3 && e->attacks[k].keyword != BSK_KEYWORD_FINISHING_BLOW; s++) {
                int v = bsk_attack_value(&e->attacks[k], s, 0, 0);
                sum += v > 0 ? v : 0;
            }
            threat = sum > threat ? sum : threat;
        }
        weights[i] = 3 * (e->life > 0 ? e->life : 0) + 6 + 2 * threat;
    }
}

/* The squads the player may aim at from the deal as it stands: the best by crystals (the greedy
 * agent's) and the best by battle worth, when another. */
static int plans_of(const bsk_match *m, const bsk_card_table *cards, int player, bsk_squad_choice plans[2])
{
    bsk_recruit recruit;
    bsk_match_recruit_state(m, cards, player, &recruit);
    bsk_recruit_cancel(&recruit); /* plans start from the empty squad, as the greedy agent's do */
    int n = 0;
    if (bsk_squad_best(&recruit, NULL, NULL, &plans[n]) && plans[n].found)
        n++;
    int weights[BSK_MAX_DEAL];
    worth_weights(m, cards, player, recruit.deal_count, weights);
    if (bsk_squad_best(&recruit, weights, NULL, &plans[n]) && plans[n].found &&
        (n == 0 || plans[n].count != plans[0].count ||
         memcmp(plans[n].positions, plans[0].positions, (size_t)plans[0].count) != 0))
        n++;
    return n;
}

/* The plan's next card that may be taken now, else the end of recruitment; -1 when neither is legal. */
static int plan_take(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_squad_choice *plan,
                     const bsk_action *legal, int count)
{
    bsk_recruit recruit;
    bsk_match_recruit_state(m, cards, player, &recruit);
    const uint8_t *deal = m->sides[player - 1].deal;
    for (int k = 0; k < plan->count; k++)
        if (recruit.squad_index[plan->positions[k]] < 0)
            for (int i = 0; i < count; i++) /* a copy of the card is the same choice (403.2.1) */
                if (legal[i].kind == BSK_ACT_TAKE && legal[i].index >= 0 &&
                    deal[legal[i].index] == deal[plan->positions[k]])
                    return i;
    for (int i = 0; i < count; i++)
        if (legal[i].kind == BSK_ACT_DONE)
            return i;
    return -1;
}

/* ---- Rollouts ---- */

/* Greedy play for both players (the player's recruitment after `plan` when one is given) until
 * the game ends or, at a turn start, is decided. */
static int rollout(bsk_match *m, const bsk_card_table *cards, int player, const bsk_squad_choice *plan,
                   uint64_t world, int root_total, bsk_action *legal, agent_fights *fights)
{
    int who, turn = m->turn;
    for (int step = 0; step < SEARCH_ROLLOUT_DECISIONS && (who = bsk_match_to_act(m)) != 0; step++) {
        if (m->turn != turn) {
            turn = m->turn;
            int worth[2];
            agent_worth(m, cards, worth);
            int chance = win_chance(m, player, worth);
            if (chance < SEARCH_DECIDED || chance > 10000 - SEARCH_DECIDED)
                break;
        }
        int count = bsk_match_legal(m, cards, legal, BSK_MATCH_LEGAL_MAX);
        if (count > BSK_MATCH_LEGAL_MAX)
            count = BSK_MATCH_LEGAL_MAX;
        int k = -1;
        if (plan && who == player && m->phase == BSK_PHASE_RECRUIT)
            k = plan_take(m, cards, player, plan, legal, count);
        if (k < 0)
            k = agent_greedy_pick_cached(m, who, cards, legal, count, fights);
        apply_keyed(m, cards, &legal[k], world);
    }
    return leaf_value(m, cards, player, root_total);
}

/* ---- The search ---- */

/* The card-table slots a face-down enemy card is drawn from: the opponent's cards it has shown. */
static int shown_slots(const bsk_match *m, const bsk_card_table *cards, int player, uint8_t *out)
{
    int n = 0;
    for (int i = 0; i < m->unit_count; i++)
        if (m->units[i].owner != player && m->units[i].slot < cards->count)
            out[n++] = m->units[i].slot;
    return n;
}

static bool listed(const int *candidate, int count, int k)
{
    for (int j = 0; j < count; j++)
        if (candidate[j] == k)
            return true;
    return false;
}

/* The greedy choice first, then its best scores above ending the turn, then the default answer. */
static int candidates_of(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                         int count, int *candidate)
{
    int scores[BSK_MATCH_LEGAL_MAX];
    agent_greedy_scores(m, player, cards, legal, count, scores);
    int n = 0;
    candidate[n++] = agent_greedy_pick(m, player, cards, legal, count);
    for (int c = 0; c < SEARCH_CANDIDATES; c++) {
        int best = -1;
        for (int k = 0; k < count; k++)
            if (!listed(candidate, n, k) && (best < 0 || scores[k] > scores[best]))
                best = k;
        if (best < 0 || (scores[best] < 0 && legal[best].kind != BSK_ACT_PLACE))
            break;
        candidate[n++] = best;
    }
    for (int k = 0; k < count; k++)
        if ((legal[k].kind == BSK_ACT_END_TURN || legal[k].kind == BSK_ACT_PASS) && !listed(candidate, n, k)) {
            candidate[n++] = k;
            break;
        }
    return n;
}

/* The paired differences of each candidate against the greedy choice (candidate 0). */
typedef struct tally {
    int64_t sum[SEARCH_MAX_CANDIDATES], squares[SEARCH_MAX_CANDIDATES];
    int pairs[SEARCH_MAX_CANDIDATES];
} tally;

/* Whether candidate c's mean difference is ahead of d's (ties: the earlier). Every sum is of at
 * most `budget` differences within ±13,000, so no product overflows. */
static bool ahead(const tally *t, int c, int d)
{
    int64_t left = t->sum[c] * (t->pairs[d] > 0 ? t->pairs[d] : 1), right = t->sum[d] * (t->pairs[c] > 0 ? t->pairs[c] : 1);
    return left > right || (left == right && c < d);
}

/* One search: the worlds, the scratch, and the candidates (actions, or squads to recruit). */
typedef struct search {
    const bsk_match_view *view;
    const bsk_card_table *cards;
    int player;
    const bsk_action *legal;
    const int *candidate;          /* indexes in legal[], or */
    const bsk_squad_choice *plans; /* squads to recruit */
    uint8_t slots[BSK_MATCH_UNITS_MAX];
    int slot_count;
    uint64_t base;
    int root_total;
    const volatile sig_atomic_t *stop; /* bsk_agent.stop */
    bsk_match state;
    bsk_action scratch[BSK_MATCH_LEGAL_MAX];
    agent_fights fights;
} search;

/* Candidate c's rollout in world `index`; false when it is not legal in that world. */
static bool evaluate(search *s, int c, int index, int *value)
{
    bsk_rng sample; /* the same world for every candidate */
    bsk_rng_stream(&sample, s->base, (uint64_t)index);
    bsk_match_view_determinise(s->view, s->cards, s->slots, s->slot_count, &sample, &s->state);
    uint64_t world = bsk_rng_next(&sample);
    if (!s->plans) {
        const bsk_action *a = &s->legal[s->candidate[c]];
        if (bsk_match_check(&s->state, s->cards, a, NULL) != BSK_OK)
            return false; /* a hidden card decided it */
        apply_keyed(&s->state, s->cards, a, world);
    }
    *value = rollout(&s->state, s->cards, s->player, s->plans ? &s->plans[c] : NULL, world, s->root_total,
                     s->scratch, &s->fights);
    return true;
}

/* The best of `candidates` (0: the greedy agent's) within `budget` rollouts. */
static int run(search *s, int candidates, int budget)
{
    tally t;
    memset(&t, 0, sizeof t);
    bool alive[SEARCH_MAX_CANDIDATES];
    for (int c = 0; c < candidates; c++)
        alive[c] = true;
    for (int k = 0; k < AGENT_FIGHT_CACHE; k++)
        s->fights.entry[k].key = 0;
    int living = candidates, index = 0;
    for (int stage = 0; stage < 2; stage++) {
        /* half the budget on every candidate, the other half on the greedy choice and the better
         * half of the others */
        int share = stage == 0 ? budget / 2 : budget - budget / 2;
        int worlds = share / living > 0 ? share / living : 1;
        for (int w = 0; w < worlds; w++, index++) {
            if (s->stop && *s->stop)
                return 0; /* stopped (bsk_agent.stop): the greedy choice, the decision abandoned */
            int value[SEARCH_MAX_CANDIDATES];
            bool valid[SEARCH_MAX_CANDIDATES];
            for (int c = 0; c < candidates; c++)
                valid[c] = alive[c] && evaluate(s, c, index, &value[c]);
            for (int c = 1; c < candidates; c++)
                if (valid[0] && valid[c]) {
                    int64_t d = value[c] - value[0];
                    t.sum[c] += d;
                    t.squares[c] += d * d;
                    t.pairs[c]++;
                }
        }
        if (stage == 0) {
            bool contested = false;
            for (int c = 1; c < candidates; c++)
                contested = contested || t.sum[c] > 0;
            if (!contested)
                break; /* nothing beats the greedy choice on these worlds: the rest is not spent */
            int keep = living / 2; /* the better half of the others, rounded up */
            for (int c = 1; c < candidates; c++) {
                int better = 0;
                for (int d = 1; d < candidates; d++)
                    better += d != c && ahead(&t, d, c);
                alive[c] = better < keep;
            }
            living = 1 + keep;
        }
    }
    /* a candidate replaces the greedy choice only when clearly better: its mean difference is
     * over sqrt(SEARCH_T2 / 4) standard errors */
    int best = 0;
    int64_t best_mean = 0;
    for (int c = 1; c < candidates; c++) {
        int64_t n = t.pairs[c];
        if (!alive[c] || n < 2 || t.sum[c] <= 0)
            continue;
        int64_t mean = t.sum[c] / n, variance = (t.squares[c] - t.sum[c] * mean) / (n - 1);
        if (mean > best_mean && mean * mean * n * 4 > SEARCH_T2 * variance) {
            best = c;
            best_mean = mean;
        }
    }
    return best;
}

int agent_search_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                        const bsk_action *legal, int count)
{
    const bsk_match *m = &view->match;
    int player = view->player;
    /* prebattle12 (issue 23): the 403.1 step's answers (before, done) are searched as any other choice */
    bool before = m->phase == BSK_PHASE_RECRUIT && legal[0].kind == BSK_ACT_BEFORE;
    bool recruiting = m->phase == BSK_PHASE_RECRUIT && !before;
    bool searched = recruiting || before || m->phase == BSK_PHASE_PLACE || m->phase >= BSK_PHASE_BEGINNING;
    if (count <= 1 || !searched)
        return agent_greedy_pick(m, player, cards, legal, count);
    int candidate[SEARCH_MAX_CANDIDATES];
    bsk_squad_choice plans[2];
    int candidates;
    if (recruiting) { /* which squad to complete: the greedy agent's by crystals, or by worth */
        candidates = plans_of(m, cards, player, plans);
        if (candidates == 0)
            return agent_greedy_pick(m, player, cards, legal, count);
        if (candidates == 1) {
            int k = plan_take(m, cards, player, &plans[0], legal, count);
            return k >= 0 ? k : agent_greedy_pick(m, player, cards, legal, count);
        }
    } else {
        candidates = candidates_of(m, player, cards, legal, count, candidate);
        if (candidates == 1)
            return candidate[0];
    }
    static_assert(sizeof(search) < 64 * 1024, "a search's scratch stays a small stack frame");
    search s;
    s.view = view;
    s.cards = cards;
    s.player = player;
    s.legal = legal;
    s.candidate = candidate;
    s.plans = recruiting ? plans : NULL;
    s.slot_count = shown_slots(m, cards, player, s.slots);
    s.base = bsk_rng_next(&agent->rng);
    s.stop = agent->stop;
    int root_worth[2];
    agent_worth(m, cards, root_worth);
    s.root_total = root_worth[0] + root_worth[1];
    int best = run(&s, candidates, agent->budget > 0 ? agent->budget : SEARCH_DEFAULT_BUDGET);
    if (recruiting) {
        int k = plan_take(m, cards, player, &plans[best], legal, count);
        return k >= 0 ? k : agent_greedy_pick(m, player, cards, legal, count);
    }
    return candidate[best];
}
