/* squad_best.c — the best legal squad of a deal (DESIGN §2 "best squad"), exactly, by
 * branch and bound. Legality of a subset of the deal, with G gold and S silver left:
 *   E = elite prices + penalty, penalty = max(0, distinct elements − 1)     (403.2.1)
 *   E ≤ G and E + rank-and-file prices ≤ G + S                              (403.2.3 a)
 *   no name twice where one of its cards is unique                          (106.4)
 *   flyers' prices ≤ 15, cards ≤ cells, at least one creature, ≤ 1 terrain   (403.2.3, 213.3)
 * Every legal subset can be recruited (a creature first, then any order), since each
 * partial squad needs no more crystals than the whole.
 * The search runs once per element set M, over the cards whose elements lie in M, and
 * keeps the squads whose elements are exactly M: the penalty is then fixed, so subset-sum
 * tables of the remaining prices bound the value and each tie-break exactly. Sets are
 * tried with the fewest elements first and skipped when even their bound loses. Cards
 * are searched in deal order, so the position tie-break is bounded too; cards that
 * differ in nothing the rules look at are taken in deal order (symmetry breaking). */
#include "berserk/placement.h"
#include "berserk/pool.h"
#include "berserk/recruit.h"

#include <stddef.h>
#include <string.h>

#define FILL_SUMS 64 /* subset sums tracked in one 64-bit word */

typedef struct item {
    int position;         /* deal position (= index: items are in deal order) */
    int value;            /* weight, or hire price */
    int price;
    bool elite;
    bool flyer;
    bool terrain;
    bool creature;
    bool unique;
    uint8_t elements;
    int8_t group;         /* name group */
    int8_t previous_copy; /* the previous card equivalent to this one, or -1 */
} item;

typedef struct search {
    item items[BSK_MAX_DEAL];
    int count;
    int gold;
    int silver;
    int flyer_budget;
    int cells;
    bool prices_are_values; /* no weights: value = hire prices, so the fill tables apply */
    bool linked;            /* link_equivalents() has run */
    /* the current element set */
    uint8_t elements;       /* M */
    int penalty;            /* max(0, |M| − 1) */
    uint32_t active;        /* items whose elements lie in M */
    /* suffix facts over the active items from i on */
    int suffix_value[BSK_MAX_DEAL + 1];
    int suffix_creatures[BSK_MAX_DEAL + 1];
    uint8_t suffix_elements[BSK_MAX_DEAL + 1];
    uint64_t reach_elite[BSK_MAX_DEAL + 1]; /* subset sums of elite prices */
    uint64_t reach_rank[BSK_MAX_DEAL + 1];  /* of rank-and-file prices */
    uint64_t reach[BSK_MAX_DEAL + 1];       /* of all prices */
    int8_t most_creatures[BSK_MAX_DEAL + 1][FILL_SUMS];
    int8_t fewest_cards[BSK_MAX_DEAL + 1][FILL_SUMS];
    int group_count[BSK_MAX_DEAL];
    int group_unique[BSK_MAX_DEAL];
    bsk_squad_choice best;
    uint32_t best_taken;
} search;

typedef struct branch {
    uint32_t taken; /* bit i: item i is in the branch */
    int value;
    int spent;
    int elite_price;
    int flyer_price;
    int creatures;
    int terrains;
    int count;
    uint8_t elements;
} branch;

static int popcount8(unsigned value)
{
    int count = 0;
    for (; value; value &= value - 1)
        count++;
    return count;
}

static int penalty_of(uint8_t elements)
{
    int distinct = popcount8(elements);
    return distinct > 1 ? distinct - 1 : 0;
}

/* Bits 0..n of a word (none for n < 0). */
static uint64_t low_bits(int n)
{
    return n < 0 ? 0 : n >= 63 ? ~0ull : (2ull << n) - 1;
}

static int highest_bit(uint64_t bits)
{
    return 63 - __builtin_clzll(bits);
}

/* Full order of DESIGN §2: value, creatures, fewer elements, fewer cards, positions. */
static bool better(const bsk_squad_choice *a, const bsk_squad_choice *b)
{
    if (!b->found)
        return a->found;
    if (a->value != b->value)
        return a->value > b->value;
    if (a->creatures != b->creatures)
        return a->creatures > b->creatures;
    if (a->elements != b->elements)
        return a->elements < b->elements;
    if (a->count != b->count)
        return a->count < b->count;
    for (int i = 0; i < a->count; i++)
        if (a->positions[i] != b->positions[i])
            return a->positions[i] < b->positions[i];
    return false;
}

/* Items in deal order, name groups, and the equivalence links for symmetry breaking. */
static void prepare(search *s, const bsk_recruit *recruit, const int *weights)
{
    /* the tables are filled by prepare_elements when a pass needs them: clear the rest */
    memset(s, 0, offsetof(search, suffix_value));
    memset(s->group_count, 0, sizeof s->group_count);
    memset(s->group_unique, 0, sizeof s->group_unique);
    memset(&s->best, 0, sizeof s->best);
    s->best_taken = 0;
    s->count = recruit->deal_count;
    s->gold = recruit->gold;
    s->silver = recruit->silver;
    s->flyer_budget = recruit->params.flyer_budget;
    s->cells = recruit->cells;
    s->prices_are_values = weights == NULL && s->gold + s->silver < FILL_SUMS;
    for (int i = 0; i < s->count; i++) {
        const bsk_card *card = recruit->deal[i];
        item *it = &s->items[i];
        it->position = i;
        it->price = card->cost;
        it->value = weights ? weights[i] : card->cost;
        it->elite = card->elite;
        it->flyer = card->subtype == BSK_SUBTYPE_FLYER;
        it->terrain = card->type == BSK_TYPE_TERRAIN;
        it->creature = card->type == BSK_TYPE_CREATURE;
        it->unique = card->unique == 1; /* unknown counts as "no" (DESIGN §2) */
        it->elements = card->elements;
        it->group = (int8_t)i;
        for (int j = 0; j < i; j++)
            if (bsk_card_same_name(card, recruit->deal[j])) {
                it->group = s->items[j].group;
                break;
            }
    }
    s->best.found = false;
}

/* Cards that differ in nothing the constraints or the objective see are taken in deal
 * order by the branch and bound: their names matter only when uniqueness (106.4) can
 * bite. Computed only when a pass needs the branch and bound. */
static void link_equivalents(search *s)
{
    if (s->linked)
        return;
    s->linked = true;
    bool unique_group[BSK_MAX_DEAL] = {false};
    for (int i = 0; i < s->count; i++)
        if (s->items[i].unique)
            unique_group[s->items[i].group] = true;
    for (int i = 0; i < s->count; i++) {
        item *a = &s->items[i];
        a->previous_copy = -1;
        for (int j = i - 1; j >= 0; j--) {
            const item *b = &s->items[j];
            bool names_matter = unique_group[a->group] || unique_group[b->group];
            if (a->value == b->value && a->price == b->price && a->elite == b->elite && a->flyer == b->flyer &&
                a->terrain == b->terrain && a->creature == b->creature && a->unique == b->unique &&
                a->elements == b->elements && (!names_matter || a->group == b->group)) {
                a->previous_copy = (int8_t)j;
                break;
            }
        }
    }
}

/* Suffix facts over the active items for element set M; the fill tables (subset sums of
 * prices with the most creatures and fewest cards for each sum) only when values are
 * prices. Returns false when the set cannot beat the best found so far. */
static bool prepare_elements(search *s, uint8_t elements)
{
    int n = s->count;
    s->elements = elements;
    s->penalty = penalty_of(elements);
    s->active = 0;
    for (int i = 0; i < n; i++)
        if ((s->items[i].elements & ~elements) == 0)
            s->active |= 1u << i;
    s->suffix_value[n] = 0;
    s->suffix_creatures[n] = 0;
    s->suffix_elements[n] = 0;
    s->reach[n] = s->reach_elite[n] = s->reach_rank[n] = 1;
    if (s->prices_are_values) {
        memset(s->most_creatures[n], -1, sizeof s->most_creatures[n]);
        memset(s->fewest_cards[n], 127, sizeof s->fewest_cards[n]);
        s->most_creatures[n][0] = 0;
        s->fewest_cards[n][0] = 0;
    }
    for (int i = n - 1; i >= 0; i--) {
        int price = s->items[i].price < FILL_SUMS ? s->items[i].price : FILL_SUMS - 1;
        s->reach[i] = s->reach[i + 1] | ((s->active >> i) & 1 ? s->reach[i + 1] << price : 0);
    }
    if (s->best.found && s->prices_are_values &&
        highest_bit(s->reach[0] & low_bits(s->gold + s->silver - s->penalty)) < s->best.value)
        return false; /* these cards cannot even reach the best value: skip the set */
    for (int i = n - 1; i >= 0; i--) {
        const item *it = &s->items[i];
        bool on = (s->active >> i) & 1;
        int price = it->price < FILL_SUMS ? it->price : FILL_SUMS - 1;
        s->suffix_value[i] = s->suffix_value[i + 1] + (on && it->value > 0 ? it->value : 0);
        s->suffix_creatures[i] = s->suffix_creatures[i + 1] + (on && it->creature);
        s->suffix_elements[i] = s->suffix_elements[i + 1] | (on ? it->elements : 0);
        s->reach_elite[i] = s->reach_elite[i + 1] | (on && it->elite ? s->reach_elite[i + 1] << price : 0);
        s->reach_rank[i] = s->reach_rank[i + 1] | (on && !it->elite ? s->reach_rank[i + 1] << price : 0);
        if (!s->prices_are_values)
            continue;
        memcpy(s->most_creatures[i], s->most_creatures[i + 1], sizeof s->most_creatures[i]);
        memcpy(s->fewest_cards[i], s->fewest_cards[i + 1], sizeof s->fewest_cards[i]);
        if (!on)
            continue;
        for (uint64_t sums = s->reach[i + 1] & low_bits(FILL_SUMS - 1 - price); sums; sums &= sums - 1) {
            int from = __builtin_ctzll(sums), to = from + price;
            int creatures = s->most_creatures[i + 1][from] + it->creature;
            int cards = s->fewest_cards[i + 1][from] + 1;
            if (creatures > s->most_creatures[i][to])
                s->most_creatures[i][to] = (int8_t)creatures;
            if (cards < s->fewest_cards[i][to])
                s->fewest_cards[i][to] = (int8_t)cards;
        }
    }
    return true;
}

static void record(search *s, const branch *b)
{
    bsk_squad_choice candidate;
    memset(&candidate, 0, sizeof candidate);
    candidate.found = true;
    candidate.value = b->value;
    candidate.spent = b->spent;
    candidate.penalty = penalty_of(b->elements);
    candidate.creatures = b->creatures;
    candidate.elements = popcount8(b->elements);
    candidate.flyer_crystals = b->flyer_price;
    candidate.terrains = b->terrains;
    for (uint32_t bits = b->taken; bits; bits &= bits - 1)
        candidate.positions[candidate.count++] = (int8_t)__builtin_ctz(bits);
    if (better(&candidate, &s->best)) {
        s->best = candidate;
        s->best_taken = b->taken;
    }
}

/* Everything else tied: items are in deal order, so the positions decided so far
 * (0..next-1) start the sorted position list. At the first position where the branch
 * and the best differ, whoever holds it has the smaller list. */
static bool positions_may_win(const search *s, const branch *b, int next)
{
    uint32_t decided = next >= 32 ? ~0u : (1u << next) - 1;
    uint32_t differ = (b->taken ^ s->best_taken) & decided;
    return !differ || ((b->taken >> __builtin_ctz(differ)) & 1);
}

/* Whether exactly `need` more crystals of hire prices can come from the remaining items
 * with the elite part fitting the gold (E ≤ G) and the whole fitting both (E + R ≤ G + S). */
static bool fill_exactly(const search *s, const branch *b, int next, int need)
{
    int gold_room = s->gold - s->penalty - b->elite_price;
    for (uint64_t elite = s->reach_elite[next] & low_bits(gold_room < need ? gold_room : need); elite;
         elite &= elite - 1)
        if ((s->reach_rank[next] >> (need - __builtin_ctzll(elite))) & 1)
            return true;
    return false;
}

/* The most value the remaining items can still add: for prices, the largest elite +
 * rank-and-file subset sum that fits E ≤ G and E + R ≤ G + S (-1 when nothing fits);
 * otherwise the positive values left. */
static int most_addable(const search *s, const branch *b, int next)
{
    if (!s->prices_are_values)
        return s->suffix_value[next];
    int room = s->gold + s->silver - s->penalty - b->spent;
    int gold_room = s->gold - s->penalty - b->elite_price;
    if (room < 0 || gold_room < 0)
        return -1;
    int simple = highest_bit(s->reach[next] & low_bits(room));
    if (simple <= s->best.value - b->value)
        return simple; /* cannot win on value anyway; fill_exactly settles a tie */
    int most = -1;
    for (uint64_t elite = s->reach_elite[next] & low_bits(gold_room < room ? gold_room : room); elite;
         elite &= elite - 1) {
        int e = __builtin_ctzll(elite);
        int total = e + highest_bit(s->reach_rank[next] & low_bits(room - e));
        if (total > most)
            most = total;
    }
    return most;
}

/* Can the best still be beaten from here? Bounds each tie-break in turn. */
static bool promising(const search *s, const branch *b, int next)
{
    if (b->creatures + s->suffix_creatures[next] == 0)
        return false; /* no creature can come any more */
    if ((b->elements | s->suffix_elements[next]) != s->elements)
        return false; /* this pass keeps squads of exactly these elements */
    if (!s->best.found)
        return true;
    int most = most_addable(s, b, next);
    if (most < 0)
        return false;
    int bound = b->value + most;
    if (bound != s->best.value)
        return bound > s->best.value;
    int elements = popcount8(s->elements);
    if (s->prices_are_values) {
        int need = s->best.value - b->value; /* a tie on value: exactly this much more */
        if (!fill_exactly(s, b, next, need))
            return false;
        int creatures = b->creatures + s->most_creatures[next][need];
        if (creatures != s->best.creatures)
            return creatures > s->best.creatures;
        if (elements != s->best.elements)
            return elements < s->best.elements;
        int cards = b->count + s->fewest_cards[next][need];
        if (cards != s->best.count)
            return cards < s->best.count;
        return positions_may_win(s, b, next);
    }
    int creatures = b->creatures + s->suffix_creatures[next];
    if (creatures != s->best.creatures)
        return creatures > s->best.creatures;
    if (elements != s->best.elements)
        return elements < s->best.elements;
    return b->count <= s->best.count;
}

static bool can_take(const search *s, const branch *b, const item *it, int index)
{
    if (!((s->active >> index) & 1))
        return false;
    if (it->previous_copy >= 0 && !((b->taken >> it->previous_copy) & 1))
        return false; /* equivalent cards in deal order */
    if (b->count + 1 > s->cells || (it->terrain && b->terrains >= 1))
        return false;
    if (it->flyer && b->flyer_price + it->price > s->flyer_budget)
        return false;
    if (s->group_count[it->group] > 0 && (it->unique || s->group_unique[it->group] > 0))
        return false;
    int elite = b->elite_price + (it->elite ? it->price : 0) + s->penalty;
    int total = b->spent + it->price + s->penalty;
    return elite <= s->gold && total <= s->gold + s->silver;
}

static void explore(search *s, branch *b, int next)
{
    if (next == s->count) {
        if (b->creatures > 0 && b->elements == s->elements)
            record(s, b);
        return;
    }
    if (!promising(s, b, next))
        return;
    const item *it = &s->items[next];
    if (can_take(s, b, it, next)) {
        branch saved = *b;
        s->group_count[it->group]++;
        s->group_unique[it->group] += it->unique;
        b->taken |= 1u << next;
        b->value += it->value;
        b->spent += it->price;
        b->elite_price += it->elite ? it->price : 0;
        b->flyer_price += it->flyer ? it->price : 0;
        b->creatures += it->creature;
        b->terrains += it->terrain;
        b->count++;
        b->elements |= it->elements;
        explore(s, b, next + 1);
        *b = saved;
        s->group_count[it->group]--;
        s->group_unique[it->group] -= it->unique;
    }
    explore(s, b, next + 1);
}

/* ---- the relaxed pass: a dynamic programme that is usually already the answer ---- */

/* The best subset of one side (elite or rank-and-file cards) for one sum of prices. */
typedef struct side_cell {
    int8_t creatures;
    int8_t count;  /* -1: no subset has this sum */
    uint32_t mask; /* deal positions */
} side_cell;

/* More creatures, then fewer cards, then the smaller sorted position list (for equal
 * counts: whoever holds the lowest position where the two sets differ). */
static bool cell_better(int creatures, int count, uint32_t mask, const side_cell *than)
{
    if (than->count < 0)
        return true;
    if (creatures != than->creatures)
        return creatures > than->creatures;
    if (count != than->count)
        return count < than->count;
    uint32_t differ = mask ^ than->mask;
    return differ && ((mask >> __builtin_ctz(differ)) & 1);
}

/* Adds card i to every reachable sum of `from` (a snapshot for cards that exclude each
 * other, the table itself otherwise), keeping the better subset per sum. */
static uint64_t add_card(const search *s, int i, int limit, const side_cell *from, uint64_t reach, side_cell *cells)
{
    const item *it = &s->items[i];
    uint64_t sources = reach & low_bits(limit - it->price);
    for (uint64_t bits = sources; bits;) {
        int source = highest_bit(bits); /* high sums first: a card is used once */
        bits &= ~(1ull << source);
        const side_cell *base = &from[source];
        side_cell *target = &cells[source + it->price];
        int creatures = base->creatures + it->creature, count = base->count + 1;
        uint32_t mask = base->mask | (1u << i);
        if (cell_better(creatures, count, mask, target)) {
            target->creatures = (int8_t)creatures;
            target->count = (int8_t)count;
            target->mask = mask;
        }
    }
    return sources << it->price;
}

/* The cards of a pass split for the knapsack: those taken freely, and groups of cards of
 * which a squad holds at most one — a name with a unique card and two or more cards in
 * the pass (106.4), and the terrains (213.3). */
typedef struct pass_cards {
    uint32_t free[2];                /* [rank-and-file, elite] */
    uint32_t groups[BSK_MAX_DEAL];   /* members of each "at most one" group */
    int group_side[BSK_MAX_DEAL];    /* 0 rank-and-file, 1 elite */
    int group_count;
} pass_cards;

/* Returns false when a card would be in two groups or a group spans both sides (the
 * branch and bound then handles the pass). */
static bool split_pass(const search *s, pass_cards *cards)
{
    int members[BSK_MAX_DEAL] = {0}, unique[BSK_MAX_DEAL] = {0}, terrains = 0;
    int8_t group_of[BSK_MAX_DEAL];
    memset(cards, 0, sizeof *cards);
    memset(group_of, -1, sizeof group_of);
    for (uint32_t bits = s->active; bits; bits &= bits - 1) {
        const item *it = &s->items[__builtin_ctz(bits)];
        members[it->group]++;
        unique[it->group] += it->unique;
        terrains += it->terrain;
    }
    int terrain_group = -1;
    for (uint32_t bits = s->active; bits; bits &= bits - 1) {
        int i = __builtin_ctz(bits);
        const item *it = &s->items[i];
        bool by_name = members[it->group] >= 2 && unique[it->group] > 0;
        bool by_terrain = it->terrain && terrains >= 2;
        if (by_name && by_terrain)
            return false;
        if (!by_name && !by_terrain) {
            cards->free[it->elite] |= 1u << i;
            continue;
        }
        int *slot = by_terrain ? &terrain_group : NULL;
        int key = by_terrain ? BSK_MAX_DEAL - 1 : it->group; /* terrains share one group */
        int group = slot && *slot >= 0 ? *slot : group_of[key];
        if (group < 0) {
            group = cards->group_count++;
            group_of[key] = (int8_t)group;
            if (slot)
                *slot = group;
            cards->group_side[group] = it->elite;
        } else if (cards->group_side[group] != it->elite) {
            return false;
        }
        cards->groups[group] |= 1u << i;
    }
    return true;
}

/* Knapsack by sum for one side: free cards one by one, then each group from one snapshot
 * so at most one of its cards is taken. The flyer budget and the cell count are checked
 * on the answer. The comparison is consistent with adding the same cards to both sides,
 * so any order of cards gives the optimum. */
static uint64_t side_table(const search *s, int elite, int limit, const pass_cards *cards, side_cell *cells)
{
    uint64_t reach = 1;
    for (int sum = 0; sum <= limit; sum++)
        cells[sum].count = -1;
    cells[0].count = 0;
    cells[0].creatures = 0;
    cells[0].mask = 0;
    for (uint32_t bits = cards->free[elite]; bits; bits &= bits - 1) {
        int i = __builtin_ctz(bits);
        if (s->items[i].price <= limit)
            reach |= add_card(s, i, limit, cells, reach, cells);
    }
    for (int group = 0; group < cards->group_count; group++) {
        if (cards->group_side[group] != elite)
            continue;
        side_cell snapshot[FILL_SUMS];
        uint64_t added = 0;
        memcpy(snapshot, cells, (size_t)(limit + 1) * sizeof *cells);
        for (uint32_t bits = cards->groups[group]; bits; bits &= bits - 1) {
            int i = __builtin_ctz(bits);
            if (s->items[i].price <= limit)
                added |= add_card(s, i, limit, snapshot, reach, cells);
        }
        reach |= added;
    }
    return reach;
}

/* Solves the pass with the relaxation; true when its answer obeys every rule, so it is
 * the pass's optimum (a relaxation's optimum that is feasible is optimal). */
static bool relaxed_pass(search *s)
{
    int gold = s->gold - s->penalty, total = s->gold + s->silver - s->penalty;
    if (gold < 0 || total < 0)
        return true; /* nothing can be paid for: the pass has no squad */
    if (gold > FILL_SUMS - 1)
        gold = FILL_SUMS - 1;
    if (total > FILL_SUMS - 1)
        total = FILL_SUMS - 1;
    pass_cards cards;
    if (!split_pass(s, &cards))
        return false;
    side_cell elite[FILL_SUMS], rank[FILL_SUMS];
    uint64_t reach_elite = side_table(s, 1, gold < total ? gold : total, &cards, elite);
    uint64_t reach_rank = side_table(s, 0, total, &cards, rank);
    /* the largest value with at least one creature (each cell holds the most creatures
     * of its sum, so a cell without one means no subset of that sum has one) */
    uint64_t rank_with_creature = 0;
    for (uint64_t bits = reach_rank; bits; bits &= bits - 1)
        if (rank[__builtin_ctzll(bits)].creatures > 0)
            rank_with_creature |= 1ull << __builtin_ctzll(bits);
    int value = -1;
    for (uint64_t bits = reach_elite; bits; bits &= bits - 1) {
        int e = __builtin_ctzll(bits);
        uint64_t partners = (elite[e].creatures > 0 ? reach_rank : rank_with_creature) & low_bits(total - e);
        if (partners && e + highest_bit(partners) > value)
            value = e + highest_bit(partners);
    }
    if (value < 0)
        return true; /* no squad with a creature in this pass */
    side_cell chosen = {0, -1, 0};
    for (uint64_t bits = reach_elite; bits; bits &= bits - 1) {
        int e = __builtin_ctzll(bits), r = value - e;
        if (r < 0 || !((reach_rank >> r) & 1))
            continue;
        int creatures = elite[e].creatures + rank[r].creatures, count = elite[e].count + rank[r].count;
        uint32_t mask = elite[e].mask | rank[r].mask;
        if (creatures > 0 && cell_better(creatures, count, mask, &chosen)) {
            chosen.creatures = (int8_t)creatures;
            chosen.count = (int8_t)count;
            chosen.mask = mask;
        }
    }
    if (chosen.count < 0 || chosen.creatures == 0)
        return false;
    /* the rules the relaxation left out */
    branch b;
    int group_count[BSK_MAX_DEAL] = {0}, group_unique[BSK_MAX_DEAL] = {0};
    memset(&b, 0, sizeof b);
    for (uint32_t bits = chosen.mask; bits; bits &= bits - 1) {
        const item *it = &s->items[__builtin_ctz(bits)];
        if (group_count[it->group] > 0 && (it->unique || group_unique[it->group] > 0))
            return false;
        group_count[it->group]++;
        group_unique[it->group] += it->unique;
        b.value += it->value;
        b.spent += it->price;
        b.elite_price += it->elite ? it->price : 0;
        b.flyer_price += it->flyer ? it->price : 0;
        b.creatures += it->creature;
        b.terrains += it->terrain;
        b.count++;
        b.elements |= it->elements;
    }
    if (b.flyer_price > s->flyer_budget || b.terrains > 1 || b.count > s->cells)
        return false;
    b.taken = chosen.mask;
    record(s, &b);
    return true;
}

bool bsk_squad_best(const bsk_recruit *recruit, const int *weights, bsk_squad_choice *choice)
{
    search s;
    prepare(&s, recruit, weights);
    uint8_t present = 0;
    for (int i = 0; i < s.count; i++)
        present |= s.items[i].elements;
    /* element sets by size, fewest first: higher caps and the better tie-break */
    for (int size = 0; size <= popcount8(present); size++) {
        /* every subset of the elements present, down to the empty set (neutral cards) */
        for (unsigned next = present, done = 0; !done;) {
            unsigned elements = next;
            done = next == 0;
            next = (next - 1) & present;
            if (popcount8(elements) != size)
                continue;
            if (s.best.found && s.prices_are_values && s.gold + s.silver - penalty_of((uint8_t)elements) < s.best.value)
                continue; /* even spending every crystal would lose */
            if (s.prices_are_values) {
                s.elements = (uint8_t)elements;
                s.penalty = penalty_of((uint8_t)elements);
                s.active = 0;
                int prices = 0;
                bool creature = false;
                for (int i = 0; i < s.count; i++)
                    if ((s.items[i].elements & ~elements) == 0) {
                        s.active |= 1u << i;
                        prices += s.items[i].price;
                        creature = creature || s.items[i].creature;
                    }
                if (!creature || (s.best.found && prices < s.best.value))
                    continue; /* no squad here, or all its cards together cannot reach the best */
                if (relaxed_pass(&s))
                    continue; /* the relaxation's answer obeys every rule */
            }
            link_equivalents(&s);
            if (!prepare_elements(&s, (uint8_t)elements))
                continue;
            branch b;
            memset(&b, 0, sizeof b);
            explore(&s, &b, 0);
        }
    }
    *choice = s.best;
    return choice->found;
}

bool bsk_squad_best_brute_force(const bsk_recruit *recruit, const int *weights, bsk_squad_choice *choice)
{
    search s;
    prepare(&s, recruit, weights);
    if (s.count > 24)
        return false; /* 2^24 subsets is the most a test should ask for */
    item by_position[BSK_MAX_DEAL];
    for (int i = 0; i < s.count; i++)
        by_position[s.items[i].position] = s.items[i];
    branch b;
    int group_count[BSK_MAX_DEAL] = {0}, group_unique[BSK_MAX_DEAL] = {0}, element_count[BSK_ELEMENT_COUNT] = {0};
    int bad_groups = 0; /* groups holding two cards where one is unique (106.4) */
    uint32_t mask = 0;
    memset(&b, 0, sizeof b);
    for (uint32_t step = 1; step < (1u << s.count); step++) {
        int i = __builtin_ctz(step);
        const item *it = &by_position[i];
        int sign = (mask & (1u << i)) ? -1 : 1;
        mask ^= 1u << i;
        bool was_bad = group_count[it->group] >= 2 && group_unique[it->group] > 0;
        group_count[it->group] += sign;
        group_unique[it->group] += sign * it->unique;
        bad_groups += (group_count[it->group] >= 2 && group_unique[it->group] > 0) - was_bad;
        b.value += sign * it->value;
        b.spent += sign * it->price;
        b.elite_price += sign * (it->elite ? it->price : 0);
        b.flyer_price += sign * (it->flyer ? it->price : 0);
        b.creatures += sign * it->creature;
        b.terrains += sign * it->terrain;
        b.count += sign;
        b.elements = 0;
        for (int e = 0; e < BSK_ELEMENT_COUNT; e++) {
            element_count[e] += sign * ((it->elements >> e) & 1);
            if (element_count[e] > 0)
                b.elements |= (uint8_t)(1u << e);
        }
        int penalty = penalty_of(b.elements);
        if (bad_groups || b.creatures == 0 || b.terrains > 1 || b.count > s.cells || b.flyer_price > s.flyer_budget ||
            b.elite_price + penalty > s.gold || b.spent + penalty > s.gold + s.silver)
            continue;
        if (s.best.found && b.value < s.best.value)
            continue;
        bsk_squad_choice candidate;
        memset(&candidate, 0, sizeof candidate);
        candidate.found = true;
        candidate.value = b.value;
        candidate.spent = b.spent;
        candidate.penalty = penalty;
        candidate.creatures = b.creatures;
        candidate.elements = popcount8(b.elements);
        candidate.flyer_crystals = b.flyer_price;
        candidate.terrains = b.terrains;
        for (int k = 0; k < s.count; k++)
            if (mask & (1u << k))
                candidate.positions[candidate.count++] = (int8_t)k;
        if (better(&candidate, &s.best))
            s.best = candidate;
    }
    *choice = s.best;
    return choice->found;
}

int bsk_squad_order(const bsk_recruit *recruit, const bsk_squad_choice *choice, int8_t *order)
{
    int count = 0, first = -1;
    for (int i = 0; i < choice->count && first < 0; i++)
        if (recruit->deal[choice->positions[i]]->type == BSK_TYPE_CREATURE)
            first = i;
    if (first < 0)
        return 0;
    order[count++] = choice->positions[first];
    for (int i = 0; i < choice->count; i++)
        if (i != first)
            order[count++] = choice->positions[i];
    return count;
}
