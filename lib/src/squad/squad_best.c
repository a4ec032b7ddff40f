/* squad_best.c — the best legal squad of a deal (DESIGN §2 "best squad"), exactly.
 * Legality of a subset of the deal, with G gold and S silver left:
 *   E = elite prices + penalty, penalty = max(0, distinct elements − 1)     (403.2.1)
 *   E ≤ G and E + rank-and-file prices ≤ G + S                              (403.2.3 a)
 *   no name twice where one of its cards is unique                          (106.4)
 *   flyers' prices ≤ 15, cards ≤ cells, at least one creature, ≤ 1 terrain   (403.2.3, 213.3)
 * Every legal subset can be recruited (a creature first, then any order), since each
 * partial squad needs no more crystals than the whole.
 * The search makes one pass per element set M, over the cards whose elements lie in M:
 * the penalty is then fixed. Passes go in order of their bound on value and stop when
 * the bound loses. A pass first solves a relaxation — a knapsack by sum of prices per
 * side (elite, rank-and-file) whose packed cells order subsets exactly as the tie-breaks
 * do — and when that answer obeys every rule it is the pass's optimum. Otherwise (mostly
 * the flyer budget) a branch and bound over the cards in deal order decides, with
 * subset-sum tables bounding the value and each tie-break; cards that differ in nothing
 * the rules look at are taken in deal order (symmetry breaking). */
#include "berserk/assert.h"
#include "berserk/placement.h"
#include "berserk/pool.h"
#include "berserk/recruit.h"

#include <stddef.h>
#include <string.h>

#define FILL_SUMS 64 /* subset sums tracked in one 64-bit word */

/* The knapsack loops run 8 sums at a time where the processor has AVX2 (GCC picks the
 * clone at load time); elsewhere they stay plain C, vectorised to the baseline. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && defined(__OPTIMIZE__)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VECTOR_CLONES
#endif

/* The knapsack keeps, for each sum of prices on one side (elite or rank-and-file), the
 * best subset of that side's cards packed in one integer that orders subsets of equal
 * sum as DESIGN §2 does: more creatures, then fewer cards, then the smaller sorted
 * position list. For lists of equal length the smaller is the one holding the lowest
 * position where the two differ, so position i is bit 15 − i and the larger mask wins.
 * Taking card i adds a constant to the pack, hence the order survives adding the same
 * card to both subsets (the knapsack is exact) and the packs of the two sides add up to
 * the pack of their union. Flat int32 tables of fixed length let the compiler use
 * vector instructions. Needs deal positions below 16 (the deal is 15, 402.3). */
typedef int32_t pack;

#define PACK_CREATURE (1 << 22)
#define PACK_CARD (1 << 16)
#define PACK_POSITIONS 16
#define PACK_NONE (-(1 << 29))    /* no subset has this sum; stays far below PACK_REACHED */
#define PACK_REACHED (-(1 << 24)) /* packs above this are subsets */
#define SIDE_SUMS 64              /* sums 0..63; the tables are padded below 0 */

/* What taking a card at a position adds to a pack. */
static int32_t pack_delta(bool creature, int position)
{
    return (creature ? PACK_CREATURE : 0) - PACK_CARD + (1 << (PACK_POSITIONS - 1 - position));
}

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
    pack delta;           /* what taking it adds to a knapsack cell */
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
    /* the deal's items as bit sets */
    uint32_t creature_cards;
    uint32_t elite_cards;
    uint32_t flyer_cards;
    uint32_t terrain_cards;
    uint32_t unique_cards;
    uint32_t element_cards[BSK_ELEMENT_COUNT]; /* the items with each element */
    uint32_t name_groups[BSK_MAX_DEAL];        /* names with two or more cards and a unique one */
    int name_group_count;
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

/* Set bits, without the library call the baseline x86-64 target makes of
 * __builtin_popcount. */
static int popcount(uint32_t bits)
{
    bits -= (bits >> 1) & 0x55555555u;
    bits = (bits & 0x33333333u) + ((bits >> 2) & 0x33333333u);
    bits = (bits + (bits >> 4)) & 0x0f0f0f0fu;
    return (int)((bits * 0x01010101u) >> 24);
}

/* Two or more bits. */
static bool several(uint32_t bits)
{
    return (bits & (bits - 1)) != 0;
}

static int penalty_of(uint8_t elements)
{
    int distinct = popcount(elements);
    return distinct > 1 ? distinct - 1 : 0;
}

/* Bits 0..n of a word (none for n < 0). */
static uint64_t low_bits(int n)
{
    if (n < 0)
        return 0;
    if (n > 63)
        n = 63;
    return ~0ull >> (63 - n);
}

/* -1 for no bit: a pass whose crystals go below zero (a format with no gold or silver
 * and an element penalty) reaches nothing; clz of 0 is undefined. */
static int highest_bit(uint64_t bits)
{
    return bits ? 63 - __builtin_clzll(bits) : -1;
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

/* Cards of one name share a group (106.4): the group of a card is the position of the
 * first card of its name. Indexed pools give each name a small dense id, looked up in the
 * caller's scratch table (left all -1 after each use); other cards are compared by name.
 * Also lists the names uniqueness can bite on: two or more cards, one of them unique. */
#define NAME_IDS BSK_SQUAD_NAME_IDS
static void group_names(search *s, const bsk_recruit *recruit, int8_t *first_of)
{
    uint32_t members[BSK_MAX_DEAL] = {0};
    unsigned outside = 0;
    for (int i = 0; i < s->count; i++)
        outside |= recruit->deal[i]->name_id - 1u >= NAME_IDS - 1u; /* 0 (not indexed) or too large */
    if (!outside) {
        /* branch-free: whether a name is new is data, not a pattern */
        for (int i = 0; i < s->count; i++) {
            uint32_t name = recruit->deal[i]->name_id;
            int8_t group = first_of[name];
            group = group < 0 ? (int8_t)i : group;
            first_of[name] = group;
            s->items[i].group = group;
            members[group] |= 1u << i;
        }
        for (int i = 0; i < s->count; i++)
            first_of[recruit->deal[i]->name_id] = -1;
    } else {
        for (int i = 0; i < s->count; i++) {
            int group = i;
            for (int j = 0; j < i && group == i; j++)
                if (bsk_card_same_name(recruit->deal[i], recruit->deal[j]))
                    group = s->items[j].group;
            s->items[i].group = (int8_t)group;
            members[group] |= 1u << i;
        }
    }
    int count = 0;
    for (uint32_t bits = s->unique_cards; bits; bits &= bits - 1) {
        int i = __builtin_ctz(bits);
        uint32_t named = members[s->items[i].group];
        /* once per name, from its first unique card */
        s->name_groups[count] = named;
        count += several(named) & (__builtin_ctz(named & s->unique_cards) == i);
    }
    s->name_group_count = count;
}

/* Items in deal order, name groups, and the bit sets the passes select cards by. */
static void prepare(search *s, const bsk_recruit *recruit, const int *weights, const int *prices, int8_t *first_of)
{
    /* every field the passes read is set here; the branch and bound's tables are filled
     * by prepare_elements and link_equivalents when a pass needs them */
    s->linked = false;
    s->elements = 0;
    s->penalty = 0;
    s->active = 0;
    memset(&s->best, 0, sizeof s->best);
    s->best_taken = 0;
    s->count = recruit->deal_count;
    s->gold = recruit->gold;
    s->silver = recruit->silver;
    s->flyer_budget = recruit->params.flyer_budget;
    s->cells = recruit->cells;
    s->prices_are_values = weights == NULL && s->gold + s->silver < FILL_SUMS;
    /* the bit sets are built in locals: stores through `it` could alias them */
    uint32_t creature = 0, elite = 0, flyer = 0, terrain = 0, unique = 0;
    uint32_t element[BSK_ELEMENT_COUNT] = {0};
    for (int i = 0; i < s->count; i++) {
        const bsk_card *card = recruit->deal[i];
        item *it = &s->items[i];
        it->position = i;
        it->price = prices ? prices[i] : card->cost; /* recruit7: 403.2.2, prices the squad's features change */
        it->value = weights ? weights[i] : it->price;
        it->elite = card->elite;
        it->flyer = card->subtype == BSK_SUBTYPE_FLYER;
        it->terrain = card->type == BSK_TYPE_TERRAIN;
        it->creature = card->type == BSK_TYPE_CREATURE;
        it->unique = card->unique == 1; /* unknown counts as "no" (DESIGN §2) */
        it->elements = card->elements;
        it->group = (int8_t)i;
        it->previous_copy = -1;
        it->delta = i < PACK_POSITIONS ? pack_delta(it->creature, i) : 0;
        creature |= (uint32_t)it->creature << i;
        elite |= (uint32_t)it->elite << i;
        flyer |= (uint32_t)it->flyer << i;
        terrain |= (uint32_t)it->terrain << i;
        unique |= (uint32_t)it->unique << i;
        for (unsigned elements = card->elements; elements; elements &= elements - 1)
            element[__builtin_ctz(elements)] |= 1u << i;
    }
    s->creature_cards = creature;
    s->elite_cards = elite;
    s->flyer_cards = flyer;
    s->terrain_cards = terrain;
    s->unique_cards = unique;
    memcpy(s->element_cards, element, sizeof element);
    group_names(s, recruit, first_of);
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
    memset(s->group_count, 0, sizeof s->group_count);
    memset(s->group_unique, 0, sizeof s->group_unique);
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

/* Suffix facts over the pass's active items (the caller sets elements, penalty and
 * active); the fill tables (subset sums of prices with the most creatures and fewest
 * cards for each sum) only when values are prices. Returns false when the set cannot
 * beat the best found so far. */
static bool prepare_elements(search *s)
{
    int n = s->count;
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
    candidate.elements = popcount(b->elements);
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
    int elements = popcount(s->elements);
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

/* ---- the relaxed pass: a knapsack by sum that is usually already the answer ---- */


/* to[s] = the better of from[s] and shifted[s] + delta for s < length, a multiple of
 * 16 (whole vectors). */
static void take_card(pack *restrict to, const pack *restrict from, const pack *restrict shifted, pack delta,
                      int length)
{
    for (int base = 0; base < length; base += 16)
        for (int sum = base; sum < base + 16; sum++) {
            pack with = shifted[sum] + delta;
            to[sum] = from[sum] > with ? from[sum] : with;
        }
}

/* to[s] = the better of to[s] and shifted[s] + delta: another card of a group. */
static void take_instead(pack *restrict to, const pack *restrict shifted, pack delta, int length)
{
    for (int base = 0; base < length; base += 16)
        for (int sum = base; sum < base + 16; sum++) {
            pack with = shifted[sum] + delta;
            to[sum] = to[sum] > with ? to[sum] : with;
        }
}

/* The cards of a pass split for the knapsack: those taken freely, and groups of cards of
 * which a squad holds at most one — a name whose cards in the pass are all unique, two
 * or more (106.4), and the terrains, two or more (213.3). A name that mixes unique and
 * other cards stays free here and is checked on the answer. */
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
    uint32_t grouped = 0;
    cards->group_count = 0;
    for (int k = 0; k < s->name_group_count; k++) {
        uint32_t members = s->name_groups[k] & s->active;
        if (several(members) && (members & ~s->unique_cards) == 0) {
            cards->groups[cards->group_count++] = members;
            grouped |= members;
        }
    }
    uint32_t terrains = s->terrain_cards & s->active;
    if (several(terrains)) {
        if (terrains & grouped)
            return false;
        cards->groups[cards->group_count++] = terrains;
        grouped |= terrains;
    }
    for (int group = 0; group < cards->group_count; group++) {
        uint32_t elite = cards->groups[group] & s->elite_cards;
        if (elite && elite != cards->groups[group])
            return false;
        cards->group_side[group] = elite != 0;
    }
    cards->free[1] = s->active & ~grouped & s->elite_cards;
    cards->free[0] = s->active & ~grouped & ~s->elite_cards;
    return true;
}

/* The hire prices of a set of cards. */
static int price_of(const search *s, uint32_t cards)
{
    int price = 0;
    for (; cards; cards &= cards - 1)
        price += s->items[__builtin_ctz(cards)].price;
    return price;
}

/* One side's knapsack: the best subset per sum, and which sums some subset (with a
 * creature) reaches. */
typedef bsk_squad_side side_table; /* caller-owned, in bsk_squad_scratch */
_Static_assert(SIDE_SUMS == BSK_SQUAD_SIDE_SUMS, "the public scratch holds these tables");

static void side_pad(side_table *t)
{
    for (int b = 0; b < 2; b++)
        for (int sum = 0; sum < SIDE_SUMS; sum++)
            t->buffers[b][sum] = PACK_NONE;
}

/* A finished table as the combining step reads it. */
typedef struct side_view {
    const pack *best;
    uint64_t reach;
    uint64_t creature_reach;
} side_view;

static side_view side_result(const side_table *t)
{
    side_view view = {t->buffers[t->current] + SIDE_SUMS, t->reach, t->creature_reach};
    return view;
}

static int side_length(int limit)
{
    return (limit + 16) & ~15;
}

/* The cards of `only` on one side: free cards one by one, then each group from one
 * snapshot so at most one of its cards is taken. Sums up to limit (< SIDE_SUMS) count;
 * the table is padded once by side_pad (bsk_squad_scratch_init). */
VECTOR_CLONES static void fill_side(const search *s, int elite, int limit, const pass_cards *cards, uint32_t only,
                                   side_table *t)
{
    int length = side_length(limit);
    pack *first = t->buffers[0] + SIDE_SUMS;
    for (int base = 0; base < length; base += 16)
        for (int sum = base; sum < base + 16; sum++)
            first[sum] = PACK_NONE;
    first[0] = 0; /* the empty subset */
    t->current = 0;
    t->reach = 1;
    t->creature_reach = 0;
    for (uint32_t bits = cards->free[elite] & only; bits; bits &= bits - 1) {
        const item *it = &s->items[__builtin_ctz(bits)];
        if (it->price > limit)
            continue;
        const pack *in = t->buffers[t->current] + SIDE_SUMS;
        take_card(t->buffers[!t->current] + SIDE_SUMS, in, in - it->price, it->delta, length);
        t->current = !t->current;
        t->creature_reach |= (t->creature_reach << it->price) | (it->creature ? t->reach << it->price : 0);
        t->reach |= t->reach << it->price;
    }
    for (int group = 0; group < cards->group_count; group++) {
        if (cards->group_side[group] != elite || !(cards->groups[group] & only))
            continue;
        const pack *in = t->buffers[t->current] + SIDE_SUMS;
        pack *out = t->buffers[!t->current] + SIDE_SUMS;
        uint64_t reach = t->reach, creature_reach = t->creature_reach;
        bool taken = false;
        for (uint32_t bits = cards->groups[group]; bits; bits &= bits - 1) {
            const item *it = &s->items[__builtin_ctz(bits)];
            if (it->price > limit)
                continue;
            if (taken)
                take_instead(out, in - it->price, it->delta, length);
            else
                take_card(out, in, in - it->price, it->delta, length);
            taken = true;
            creature_reach |= (t->creature_reach << it->price) | (it->creature ? t->reach << it->price : 0);
            reach |= t->reach << it->price;
        }
        if (taken)
            t->current = !t->current;
        t->reach = reach;
        t->creature_reach = creature_reach;
    }
}

/* The best union of an elite subset (sum ≤ gold) and a rank-and-file subset, sum of
 * both ≤ total, holding a creature: the largest value, then the largest pack (packs
 * add up, so the largest sum is the best union). False when there is none. */
static bool best_union(const side_view *elite, const side_view *rank, int gold, int total, int *value, pack *chosen)
{
    uint64_t elite_sums = elite->reach & low_bits(gold);
    int most = -1;
    /* branch-free bodies: which way each test goes is data, not a pattern */
    for (uint64_t bits = elite_sums; bits; bits &= bits - 1) {
        int e = __builtin_ctzll(bits);
        uint64_t with = ((elite->creature_reach >> e) & 1) ? rank->reach : rank->creature_reach;
        uint64_t partners = with & low_bits(total - e);
        int reached = partners ? e + highest_bit(partners | 1) : -1;
        most = reached > most ? reached : most;
    }
    if (most < 0)
        return false;
    /* a pair with a rank-and-file sum no subset has sums below PACK_REACHED, under
     * every real pair of this value (one exists), so no reach test is needed */
    pack top = PACK_NONE;
    for (uint64_t bits = elite_sums & low_bits(most); bits; bits &= bits - 1) {
        int e = __builtin_ctzll(bits);
        pack both = elite->best[e] + rank->best[most - e];
        top = both > top ? both : top;
    }
    *value = most;
    *chosen = top;
    return top >= PACK_CREATURE / 2; /* always: the value above has a creature */
}

/* The relaxation again with the flyer budget (403.2.3) kept exactly. The prices of a
 * side's flyers are that side's flyer spending, so the elite side is split by its
 * flyers' sum f (the elite non-flyers shifted by f, plus the best elite flyers of sum f)
 * and joined with the rank-and-file subsets whose flyers cost at most budget − f. False
 * when a name mixes flyers and other cards (the branch and bound decides). Kept out of
 * line: it runs for few passes, and its tables stay off the common path's stack. */
static __attribute__((noinline)) bool flyer_union(search *s, const pass_cards *cards, side_table sides[2],
                                                  side_table flyer_sides[2], int gold, int total, int *value,
                                                  pack *chosen)
{
    for (int group = 0; group < cards->group_count; group++) {
        uint32_t flyers = cards->groups[group] & s->flyer_cards;
        if (flyers && flyers != cards->groups[group])
            return false;
    }
    int budget = s->flyer_budget < 0 ? 0 : s->flyer_budget;
    int elite_flyer_limit = gold < budget ? gold : budget, rank_flyer_limit = total < budget ? total : budget;
    fill_side(s, 1, gold, cards, ~s->flyer_cards, &sides[1]);
    fill_side(s, 0, total, cards, ~s->flyer_cards, &sides[0]);
    fill_side(s, 1, elite_flyer_limit, cards, s->flyer_cards, &flyer_sides[1]);
    fill_side(s, 0, rank_flyer_limit, cards, s->flyer_cards, &flyer_sides[0]);
    side_view elite = side_result(&sides[1]), rank = side_result(&sides[0]);
    side_view elite_flyers = side_result(&flyer_sides[1]), rank_flyers = side_result(&flyer_sides[0]);
    int elite_length = side_length(gold), rank_length = side_length(total);
    pack shifted[SIDE_SUMS]; /* elite subsets whose flyers cost f */
    pack capped[SIDE_SUMS];  /* rank-and-file subsets whose flyers cost at most budget − f */
    for (int sum = 0; sum < rank_length; sum++)
        capped[sum] = PACK_NONE;
    side_view capped_view = {capped, 0, 0};
    int cap = -1, found = -1;
    pack top = PACK_NONE;
    /* f from high to low, so the rank-and-file cap budget − f only grows */
    for (uint64_t bits = elite_flyers.reach & low_bits(elite_flyer_limit); bits; bits &= ~(1ull << highest_bit(bits))) {
        int f = highest_bit(bits);
        for (; cap < budget - f && cap < rank_flyer_limit; cap++) {
            int r = cap + 1; /* rank-and-file flyers of sum r join the capped table */
            if (!((rank_flyers.reach >> r) & 1))
                continue;
            take_instead(capped, rank.best - r, rank_flyers.best[r], rank_length);
            bool creature = (rank_flyers.creature_reach >> r) & 1;
            capped_view.creature_reach |= (rank.creature_reach << r) | (creature ? rank.reach << r : 0);
            capped_view.reach |= rank.reach << r;
        }
        for (int sum = 0; sum < elite_length; sum++)
            shifted[sum] = sum >= f ? elite.best[sum - f] + elite_flyers.best[f] : PACK_NONE;
        bool creature = (elite_flyers.creature_reach >> f) & 1;
        side_view shifted_view = {shifted, elite.reach << f,
                                  (elite.creature_reach << f) | (creature ? elite.reach << f : 0)};
        int v;
        pack p;
        if (best_union(&shifted_view, &capped_view, gold, total, &v, &p) && (v > found || (v == found && p > top))) {
            found = v;
            top = p;
        }
    }
    *value = found;
    *chosen = top;
    return found >= 0;
}

/* Solves the pass with the relaxation; true when its answer obeys every rule, so it is
 * the pass's optimum (a relaxation's optimum that is feasible is optimal). */
static bool relaxed_pass(search *s, bsk_squad_scratch *scratch)
{
    int gold = s->gold - s->penalty, total = s->gold + s->silver - s->penalty;
    if (gold < 0 || total < 0)
        return true; /* nothing can be paid for: the pass has no squad */
    if (s->count > PACK_POSITIONS || total >= SIDE_SUMS)
        return false; /* beyond the packed tables: the branch and bound decides */
    if (gold > total)
        gold = total;
    pass_cards cards;
    if (!split_pass(s, &cards))
        return false;
    side_table *sides = scratch->sides;
    fill_side(s, 1, gold, &cards, ~0u, &sides[1]);
    fill_side(s, 0, total, &cards, ~0u, &sides[0]);
    side_view elite = side_result(&sides[1]), rank = side_result(&sides[0]);
    int value;
    pack chosen;
    if (!best_union(&elite, &rank, gold, total, &value, &chosen))
        return true; /* no squad with a creature in this pass */
    uint32_t taken = 0;
    for (uint32_t bits = (uint32_t)chosen & 0xFFFFu; bits; bits &= bits - 1)
        taken |= 1u << (PACK_POSITIONS - 1 - __builtin_ctz(bits));
    if (price_of(s, taken & s->flyer_cards) > s->flyer_budget) {
        if (!flyer_union(s, &cards, sides, scratch->flyer_sides, gold, total, &value, &chosen))
            return false;
        taken = 0;
        for (uint32_t bits = (uint32_t)chosen & 0xFFFFu; bits; bits &= bits - 1)
            taken |= 1u << (PACK_POSITIONS - 1 - __builtin_ctz(bits));
    }
    /* the rules the relaxation left out */
    for (int k = 0; k < s->name_group_count; k++) {
        uint32_t members = s->name_groups[k] & taken;
        if (several(members) && (members & s->unique_cards))
            return false;
    }
    if (several(taken & s->terrain_cards) || popcount(taken) > s->cells)
        return false;
    branch b;
    memset(&b, 0, sizeof b);
    b.taken = taken;
    for (uint32_t bits = taken; bits; bits &= bits - 1)
        b.elements |= s->items[__builtin_ctz(bits)].elements;
    b.value = b.spent = value; /* the relaxed pass runs when values are prices */
    b.flyer_price = price_of(s, taken & s->flyer_cards);
    b.creatures = popcount(taken & s->creature_cards);
    b.terrains = popcount(taken & s->terrain_cards);
    b.count = popcount(taken);
    if (b.flyer_price > s->flyer_budget)
        return false;
    record(s, &b);
    return true;
}

/* One pass of the search: an element set M, its cards, and the most value a squad of
 * them can have (a bound: subset sums of prices within the crystals, or the positive
 * weights). */
typedef struct pass {
    uint8_t elements;
    int8_t size; /* |M| */
    int bound;
    uint32_t active;
} pass;

/* Likely winners first, so the bounds skip the rest: the larger bound, then fewer
 * elements (the better tie-break). The order changes only the time, never the answer:
 * every candidate goes through the full order of better(). */
static bool pass_first(const pass *a, const pass *b)
{
    return a->bound != b->bound ? a->bound > b->bound : a->size < b->size;
}

/* The element sets worth a pass, best bound first; returns their number. */
static int plan_passes(const search *s, pass *passes)
{
    uint8_t present = 0;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        present |= (uint8_t)((s->element_cards[e] != 0) << e);
    uint32_t deal = s->count >= 32 ? ~0u : (1u << s->count) - 1;
    int count = 0;
    for (unsigned elements = present;; elements = (elements - 1) & present) {
        uint32_t outside = 0; /* cards with an element not in the set */
        _Static_assert(BSK_ELEMENT_COUNT == 5, "one term per element");
        outside |= s->element_cards[0] & ((elements & 1u) - 1u);
        outside |= s->element_cards[1] & (((elements >> 1) & 1u) - 1u);
        outside |= s->element_cards[2] & (((elements >> 2) & 1u) - 1u);
        outside |= s->element_cards[3] & (((elements >> 3) & 1u) - 1u);
        outside |= s->element_cards[4] & (((elements >> 4) & 1u) - 1u);
        uint32_t active = deal & ~outside;
        if (active & s->creature_cards) { /* a squad needs a creature (403.2.3) */
            pass p = {(uint8_t)elements, (int8_t)popcount(elements), 0, active};
            if (s->prices_are_values) {
                uint64_t reach = 1;
                for (uint32_t bits = active; bits; bits &= bits - 1) {
                    int price = s->items[__builtin_ctz(bits)].price;
                    reach |= price < FILL_SUMS ? reach << price : 0; /* dearer: never affordable */
                }
                p.bound = highest_bit(reach & low_bits(s->gold + s->silver - penalty_of(p.elements)));
            } else {
                for (uint32_t bits = active; bits; bits &= bits - 1)
                    p.bound += s->items[__builtin_ctz(bits)].value > 0 ? s->items[__builtin_ctz(bits)].value : 0;
            }
            int at = count++;
            for (; at > 0 && pass_first(&p, &passes[at - 1]); at--)
                passes[at] = passes[at - 1];
            passes[at] = p;
        }
        if (elements == 0)
            break;
    }
    return count;
}

#define SCRATCH_READY 0x5C7A7C4u

void bsk_squad_scratch_init(bsk_squad_scratch *scratch)
{
    for (int side = 0; side < 2; side++) {
        memset(&scratch->sides[side], 0, sizeof scratch->sides[side]);
        memset(&scratch->flyer_sides[side], 0, sizeof scratch->flyer_sides[side]);
        side_pad(&scratch->sides[side]);
        side_pad(&scratch->flyer_sides[side]);
    }
    memset(scratch->first_of, -1, sizeof scratch->first_of);
    scratch->ready = SCRATCH_READY;
}

/* A one-off call without a scratch: a temporary one on this frame's stack. */
static __attribute__((noinline)) bool best_with_temporary(const bsk_recruit *recruit, const int *weights,
                                                          bsk_squad_choice *choice)
{
    bsk_squad_scratch scratch;
    bsk_squad_scratch_init(&scratch);
    return bsk_squad_best(recruit, weights, &scratch, choice);
}

/* The search over a deal whose hire prices are `prices` (NULL: the printed costs). */
static bool best_priced(const bsk_recruit *recruit, const int *weights, const int *prices, bsk_squad_scratch *scratch,
                        bsk_squad_choice *choice)
{
    search s;
    prepare(&s, recruit, weights, prices, scratch->first_of);
    pass passes[1 << BSK_ELEMENT_COUNT];
    int pass_count = plan_passes(&s, passes);
    for (int k = 0; k < pass_count; k++) {
        const pass *p = &passes[k];
        if (s.best.found && p->bound < s.best.value)
            break; /* sorted by bound: no later pass can win either */
        if (s.best.found && p->bound == s.best.value) {
            /* at most a tie on value: squads of exactly these elements (the others have
             * passes of their own) lose on creatures, or on elements at equal creatures */
            int creatures = popcount(p->active & s.creature_cards);
            if (creatures < s.best.creatures || (creatures == s.best.creatures && p->size > s.best.elements))
                continue;
        }
        s.elements = p->elements;
        s.penalty = penalty_of(p->elements);
        s.active = p->active;
        if (s.prices_are_values && relaxed_pass(&s, scratch))
            continue; /* the relaxation's answer obeys every rule */
        link_equivalents(&s);
        if (!prepare_elements(&s))
            continue;
        branch b;
        memset(&b, 0, sizeof b);
        explore(&s, &b, 0);
    }
    *choice = s.best;
    return choice->found;
}

/* recruit7 (issue 23), 403.2.2: the deal positions of the cards whose features change hire prices while they are
 * in the squad (recruit_cost_modifier, 04-003 Мираж). */
static uint32_t price_changers(const bsk_recruit *recruit)
{
    uint32_t changers = 0;
    for (int i = 0; i < recruit->deal_count && i < 32; i++)
        if (recruit->deal[i]->features && bsk_card_changes_prices(recruit->deal[i]))
            changers |= 1u << i;
    return changers;
}

/* What a card forced into the squad adds to its value: more than any squad's value without it. */
#define FORCED_BONUS (1 << 20)

/* recruit7: the squads of a deal holding price changers, exactly. For each set S of the changers, the squads
 * that hold exactly S of them are searched apart: the other changers left out of the deal (positions kept in
 * order, so every tie-break compares alike), each card priced by S's features (bsk_card_recruit_cost_change,
 * not a card's own: 403.2.3.2; recruited after them, as bsk_squad_order takes them first), and S forced in by a
 * bonus to its value that only squads holding all of S get equally. The best of the answers holding S is the
 * answer. Assumes a changer's features change no other changer's price (04-003's reach terrains only). */
static bool best_with_changers(const bsk_recruit *recruit, const int *weights, uint32_t changers,
                               bsk_squad_scratch *scratch, bsk_squad_choice *choice)
{
    bsk_squad_choice best;
    memset(&best, 0, sizeof best);
    bsk_recruit part = *recruit;
    int map[BSK_MAX_DEAL], prices[BSK_MAX_DEAL], values[BSK_MAX_DEAL];
    for (uint32_t held = changers;; held = (held - 1) & changers) { /* every subset, the full set first */
        int n = 0, forced = 0;
        for (int i = 0; i < recruit->deal_count; i++) {
            if (((changers & ~held) >> i) & 1u)
                continue; /* a changer left out of these squads */
            const bsk_card *card = recruit->deal[i];
            int price = card->cost;
            for (uint32_t bits = held & ~(1u << i); bits; bits &= bits - 1)
                price += bsk_card_recruit_cost_change(recruit->deal[__builtin_ctz(bits)], card);
            map[n] = i;
            part.deal[n] = card;
            prices[n] = price < 0 ? 0 : price;
            values[n] = (weights ? weights[i] : prices[n]) + (((held >> i) & 1u) ? FORCED_BONUS : 0);
            forced += (int)((held >> i) & 1u);
            n++;
        }
        part.deal_count = n;
        bsk_squad_choice c;
        if (best_priced(&part, held || weights ? values : NULL, prices, scratch, &c)) { /* in the part's positions */
            int holds = 0;
            for (int k = 0; k < c.count; k++) {
                c.positions[k] = (int8_t)map[c.positions[k]];
                holds += (int)((held >> c.positions[k]) & 1u);
            }
            c.value -= holds * FORCED_BONUS;
            if (holds == forced && better(&c, &best)) /* squads without all of S are another subset's */
                best = c;
        }
        if (!held)
            break;
    }
    *choice = best;
    return choice->found;
}

bool bsk_squad_best(const bsk_recruit *recruit, const int *weights, bsk_squad_scratch *scratch,
                    bsk_squad_choice *choice)
{
    if (!scratch)
        return best_with_temporary(recruit, weights, choice);
    BSK_ASSERT(scratch->ready == SCRATCH_READY);
    uint32_t changers = price_changers(recruit);
    if (changers)
        return best_with_changers(recruit, weights, changers, scratch, choice);
    return best_priced(recruit, weights, NULL, scratch, choice);
}

bool bsk_squad_best_brute_force(const bsk_recruit *recruit, const int *weights, bsk_squad_choice *choice)
{
    search s;
    int8_t first_of[NAME_IDS];
    memset(first_of, -1, sizeof first_of);
    prepare(&s, recruit, weights, NULL, first_of);
    uint32_t changers = price_changers(recruit); /* recruit7: prices that depend on the subset (403.2.2) */
    if (s.count > 24)
        return false; /* 2^24 subsets is the most a test should ask for */
    branch b;
    int group_count[BSK_MAX_DEAL] = {0}, group_unique[BSK_MAX_DEAL] = {0}, element_count[BSK_ELEMENT_COUNT] = {0};
    int bad_groups = 0; /* groups holding two cards where one is unique (106.4) */
    uint32_t mask = 0;
    memset(&b, 0, sizeof b);
    for (uint32_t step = 1; step < (1u << s.count); step++) {
        int i = __builtin_ctz(step);
        const item *it = &s.items[i];
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
        if (changers & mask) { /* recruit7: each card priced by the changers beside it, from scratch */
            b.value = b.spent = b.elite_price = b.flyer_price = 0;
            for (uint32_t bits = mask; bits; bits &= bits - 1) {
                int k = __builtin_ctz(bits);
                int price = recruit->deal[k]->cost;
                for (uint32_t by = changers & mask & ~(1u << k); by; by &= by - 1)
                    price += bsk_card_recruit_cost_change(recruit->deal[__builtin_ctz(by)], recruit->deal[k]);
                price = price < 0 ? 0 : price;
                b.value += weights ? weights[k] : price;
                b.spent += price;
                b.elite_price += s.items[k].elite ? price : 0;
                b.flyer_price += s.items[k].flyer ? price : 0;
            }
        } else if (changers) { /* back to the printed costs the incremental sums would not know */
            b.value = b.spent = b.elite_price = b.flyer_price = 0;
            for (uint32_t bits = mask; bits; bits &= bits - 1) {
                const item *at = &s.items[__builtin_ctz(bits)];
                b.value += at->value;
                b.spent += at->price;
                b.elite_price += at->elite ? at->price : 0;
                b.flyer_price += at->flyer ? at->price : 0;
            }
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
        candidate.elements = popcount(b.elements);
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
    /* recruit7 (403.2.2): the cards that change prices before the others, so the prices are the ones the
     * optimizer counted: a creature among them first when there is one */
    bool changes[BSK_MAX_DEAL];
    for (int i = 0; i < choice->count; i++)
        changes[i] = recruit->deal[choice->positions[i]]->features &&
                     bsk_card_changes_prices(recruit->deal[choice->positions[i]]);
    for (int round = 0; round < 2 && first < 0; round++)
        for (int i = 0; i < choice->count && first < 0; i++)
            if (recruit->deal[choice->positions[i]]->type == BSK_TYPE_CREATURE && (round || changes[i]))
                first = i;
    if (first < 0)
        return 0;
    order[count++] = choice->positions[first];
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < choice->count; i++)
            if (i != first && changes[i] == (round == 0))
                order[count++] = choice->positions[i];
    return count;
}
