/* agent_search.c — the search agent (agent.h): Monte Carlo search over determinised views. The
 * candidates are the greedy agent's choice, its next best actions and the default answer; every
 * iteration determinises the view (hidden cards re-sampled, dice re-seeded from the agent's own
 * stream), plays one candidate and rolls the game out with greedy play for both players. Each
 * candidate is scored against the greedy choice on the same worlds; halfway the worse half leaves
 * (successive halving), or the search stops when nothing beats the greedy choice; a candidate
 * replaces the greedy choice only when clearly better.
 * The budget is `agent->budget` iterations (rollouts; at least one world per candidate); nothing is
 * allocated: the scratch (about 50 KB, the fight cache most of it) is on the stack. */
#include "agent_internal.h"
#include "engine/engine.h"

enum {
    SEARCH_DEFAULT_BUDGET = 48,
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

/* Greedy play for both players until the game ends or, at a turn start, is decided. */
static int rollout(bsk_match *m, const bsk_card_table *cards, int player, uint64_t world, int root_total,
                   bsk_action *legal, agent_fights *fights)
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
        apply_keyed(m, cards, &legal[agent_greedy_pick_cached(m, who, cards, legal, count, fights)], world);
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

int agent_search_choose(bsk_agent *agent, const bsk_match_view *view, const bsk_card_table *cards,
                        const bsk_action *legal, int count)
{
    const bsk_match *m = &view->match;
    int player = view->player;
    bool searched = m->phase >= BSK_PHASE_BEGINNING || m->phase == BSK_PHASE_PLACE;
    if (count <= 1 || !searched)
        return agent_greedy_pick(m, player, cards, legal, count);
    int candidate[SEARCH_MAX_CANDIDATES];
    int candidates = candidates_of(m, player, cards, legal, count, candidate);
    if (candidates == 1)
        return candidate[0];

    int budget = agent->budget > 0 ? agent->budget : SEARCH_DEFAULT_BUDGET;
    uint8_t slots[BSK_MATCH_UNITS_MAX];
    int slot_count = shown_slots(m, cards, player, slots);
    uint64_t base = bsk_rng_next(&agent->rng);
    int root_worth[2];
    agent_worth(m, cards, root_worth);
    int root_total = root_worth[0] + root_worth[1];
    tally t;
    memset(&t, 0, sizeof t);
    bool alive[SEARCH_MAX_CANDIDATES];
    for (int c = 0; c < candidates; c++)
        alive[c] = true;
    bsk_match state;
    bsk_action scratch[BSK_MATCH_LEGAL_MAX];
    agent_fights fights;
    for (int k = 0; k < AGENT_FIGHT_CACHE; k++)
        fights.entry[k].key = 0;

    int living = candidates, world_index = 0;
    for (int stage = 0; stage < 2; stage++) {
        /* half the budget on every candidate, the other half on the greedy choice and the better
         * half of the others */
        int share = stage == 0 ? budget / 2 : budget - budget / 2;
        int worlds = share / living > 0 ? share / living : 1;
        for (int w = 0; w < worlds; w++, world_index++) {
            int value[SEARCH_MAX_CANDIDATES];
            bool valid[SEARCH_MAX_CANDIDATES];
            for (int c = 0; c < candidates; c++) {
                valid[c] = false;
                if (!alive[c])
                    continue;
                bsk_rng sample; /* the same world for every candidate */
                bsk_rng_stream(&sample, base, (uint64_t)world_index);
                bsk_match_view_determinise(view, cards, slots, slot_count, &sample, &state);
                uint64_t world = bsk_rng_next(&sample);
                if (bsk_match_check(&state, cards, &legal[candidate[c]], NULL) != BSK_OK)
                    continue; /* not legal in this world: a hidden card decided it */
                valid[c] = true;
                apply_keyed(&state, cards, &legal[candidate[c]], world);
                value[c] = rollout(&state, cards, player, world, root_total, scratch, &fights);
            }
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
    return candidate[best];
}
