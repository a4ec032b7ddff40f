/* squad_best.c — the best legal squad of a deal (DESIGN §2 "best squad"), exactly, by
 * branch and bound. Legality of a subset S of the deal, with G gold and S silver left:
 *   E = elite prices + penalty, penalty = max(0, distinct elements − 1)     (403.2.1)
 *   E ≤ G and E + rank-and-file prices ≤ G + S                              (403.2.3 a)
 *   no name twice where one of its cards is unique                          (106.4)
 *   flyers' prices ≤ 15, |S| ≤ cells, at least one creature, ≤ 1 terrain     (403.2.3, 213.3)
 * Every legal subset can be recruited (a creature first, then any order), since each
 * partial squad needs no more crystals than the whole. Identical cards are taken in deal
 * order, which breaks symmetry and already yields the smallest deal positions; so are
 * cards that differ only in a name no uniqueness rule looks at. */
#include "berserk/placement.h"
#include "berserk/pool.h"
#include "berserk/recruit.h"

#include <string.h>

typedef struct item {
    int position;       /* deal position */
    int value;          /* weight, or hire price */
    int price;
    bool elite;
    bool flyer;
    bool terrain;
    bool creature;
    bool unique;
    uint8_t elements;
    int8_t group;       /* name group */
    int8_t previous_copy; /* index (in item order) of the previous identical card, or -1 */
} item;

typedef struct search {
    item items[BSK_MAX_DEAL];
    int count;
    int gold;
    int silver;
    int flyer_budget;
    int cells;
    bool budget_caps_value;           /* values are hire prices: value ≤ G + S − penalty */
    int suffix_value[BSK_MAX_DEAL + 1]; /* sum of positive values from i on */
    int suffix_creatures[BSK_MAX_DEAL + 1];
    /* Exact-fill tables over the items from i on, for values that are hire prices below
     * 64: which sums of prices exist, and the most creatures / fewest cards for each. */
    bool fill_tables;
    uint64_t reach[BSK_MAX_DEAL + 1];
    int8_t most_creatures[BSK_MAX_DEAL + 1][64];
    int8_t fewest_cards[BSK_MAX_DEAL + 1][64];
    /* the state of the current branch */
    bool taken[BSK_MAX_DEAL];
    int group_count[BSK_MAX_DEAL];
    int group_unique[BSK_MAX_DEAL];
    /* the best so far */
    bsk_squad_choice best;
} search;

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

/* Subset sums of the remaining prices, ignoring every constraint but the sum: the
 * exact-fill bounds of promising(). */
static void build_fill_tables(search *s)
{
    int n = s->count;
    s->reach[n] = 1;
    memset(s->most_creatures[n], -1, sizeof s->most_creatures[n]);
    memset(s->fewest_cards[n], 127, sizeof s->fewest_cards[n]);
    s->most_creatures[n][0] = 0;
    s->fewest_cards[n][0] = 0;
    for (int i = n - 1; i >= 0; i--) {
        const item *it = &s->items[i];
        int price = it->price;
        s->reach[i] = s->reach[i + 1] | (price < 64 ? s->reach[i + 1] << price : 0);
        memcpy(s->most_creatures[i], s->most_creatures[i + 1], sizeof s->most_creatures[i]);
        memcpy(s->fewest_cards[i], s->fewest_cards[i + 1], sizeof s->fewest_cards[i]);
        for (int sum = price; sum < 64; sum++) {
            if (!(s->reach[i + 1] >> (sum - price) & 1))
                continue;
            int creatures = s->most_creatures[i + 1][sum - price] + it->creature;
            int cards = s->fewest_cards[i + 1][sum - price] + 1;
            if (creatures > s->most_creatures[i][sum])
                s->most_creatures[i][sum] = (int8_t)creatures;
            if (cards < s->fewest_cards[i][sum])
                s->fewest_cards[i][sum] = (int8_t)cards;
        }
    }
}

/* Builds the items in search order (value descending, then deal position) and the
 * name groups; returns false when the deal is empty. */
static void prepare(search *s, const bsk_recruit *recruit, const int *weights)
{
    memset(s, 0, sizeof *s);
    s->count = recruit->deal_count;
    s->gold = recruit->gold;
    s->silver = recruit->silver;
    s->flyer_budget = recruit->params.flyer_budget;
    s->cells = recruit->cells;
    s->budget_caps_value = weights == NULL;
    char keys[BSK_MAX_DEAL][BSK_CARD_NAME_MAX];
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
        bsk_name_normalize(card->name, keys[i], sizeof keys[i]);
        it->group = (int8_t)i;
        for (int j = 0; j < i; j++)
            if (strcmp(keys[j], keys[i]) == 0) {
                it->group = s->items[j].group;
                break;
            }
    }
    /* insertion sort: value descending, deal position ascending */
    for (int i = 1; i < s->count; i++) {
        item moving = s->items[i];
        int j = i;
        while (j > 0 && (s->items[j - 1].value < moving.value ||
                         (s->items[j - 1].value == moving.value && s->items[j - 1].position > moving.position))) {
            s->items[j] = s->items[j - 1];
            j--;
        }
        s->items[j] = moving;
    }
    /* Cards that differ in nothing the constraints or the objective see are taken in deal
     * order: their names matter only when uniqueness (106.4) can bite. */
    bool unique_group[BSK_MAX_DEAL] = {false};
    for (int i = 0; i < s->count; i++)
        if (s->items[i].unique)
            unique_group[s->items[i].group] = true;
    for (int i = 0; i < s->count; i++) {
        const item *a = &s->items[i];
        s->items[i].previous_copy = -1;
        for (int j = i - 1; j >= 0; j--) {
            const item *b = &s->items[j];
            bool same_name_matters = unique_group[a->group] || unique_group[b->group];
            if (a->value == b->value && a->price == b->price && a->elite == b->elite && a->flyer == b->flyer &&
                a->terrain == b->terrain && a->creature == b->creature && a->unique == b->unique &&
                a->elements == b->elements && (!same_name_matters || a->group == b->group)) {
                s->items[i].previous_copy = (int8_t)j;
                break;
            }
        }
    }
    for (int i = s->count - 1; i >= 0; i--) {
        s->suffix_value[i] = s->suffix_value[i + 1] + (s->items[i].value > 0 ? s->items[i].value : 0);
        s->suffix_creatures[i] = s->suffix_creatures[i + 1] + s->items[i].creature;
    }
    s->fill_tables = weights == NULL && s->gold + s->silver < 64;
    if (s->fill_tables)
        build_fill_tables(s);
    s->best.found = false;
}

typedef struct branch {
    int value;
    int spent;
    int elite_price;
    int flyer_price;
    int creatures;
    int terrains;
    int count;
    uint8_t elements;
} branch;

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
    bool chosen[BSK_MAX_DEAL] = {false};
    for (int i = 0; i < s->count; i++)
        if (s->taken[i])
            chosen[s->items[i].position] = true;
    for (int position = 0; position < s->count; position++)
        if (chosen[position])
            candidate.positions[candidate.count++] = (int8_t)position;
    if (better(&candidate, &s->best))
        s->best = candidate;
}

/* Can the best still be beaten from here? Bounds each tie-break in turn. */
static bool promising(const search *s, const branch *b, int next)
{
    if (b->creatures + s->suffix_creatures[next] == 0)
        return false; /* no creature can come any more */
    if (!s->best.found)
        return true;
    if (s->fill_tables) {
        /* value = hire prices: the most that can still be added is the largest subset
         * sum of the remaining prices that fits the crystals left */
        int room = s->gold + s->silver - penalty_of(b->elements) - b->spent;
        if (room < 0)
            return false;
        uint64_t fits = s->reach[next] & (room >= 63 ? ~0ull : (2ull << room) - 1);
        int bound = b->value + (63 - __builtin_clzll(fits));
        if (bound != s->best.value)
            return bound > s->best.value;
        int need = s->best.value - b->value; /* tie on value: exactly this much more */
        int creatures = b->creatures + s->most_creatures[next][need];
        if (creatures != s->best.creatures)
            return creatures > s->best.creatures;
        int elements = popcount8(b->elements);
        if (elements != s->best.elements)
            return elements < s->best.elements;
        return b->count + s->fewest_cards[next][need] <= s->best.count;
    }
    int bound = b->value + s->suffix_value[next];
    if (bound != s->best.value)
        return bound > s->best.value;
    int creatures = b->creatures + s->suffix_creatures[next];
    if (creatures != s->best.creatures)
        return creatures > s->best.creatures;
    int elements = popcount8(b->elements);
    if (elements != s->best.elements)
        return elements < s->best.elements;
    return b->count <= s->best.count;
}

static bool can_take(const search *s, const branch *b, const item *it, int index)
{
    if (it->previous_copy >= 0 && !s->taken[it->previous_copy])
        return false; /* identical cards in deal order */
    if (b->count + 1 > s->cells)
        return false;
    if (it->terrain && b->terrains >= 1)
        return false;
    if (it->flyer && b->flyer_price + it->price > s->flyer_budget)
        return false;
    if (s->group_count[it->group] > 0 && (it->unique || s->group_unique[it->group] > 0))
        return false;
    uint8_t elements = b->elements | it->elements;
    int penalty = penalty_of(elements);
    int elite = b->elite_price + (it->elite ? it->price : 0) + penalty;
    int total = b->spent + it->price + penalty;
    (void)index;
    return elite <= s->gold && total <= s->gold + s->silver;
}

static void explore(search *s, branch *b, int next)
{
    if (next == s->count) {
        if (b->creatures > 0)
            record(s, b);
        return;
    }
    if (!promising(s, b, next))
        return;
    const item *it = &s->items[next];
    if (can_take(s, b, it, next)) {
        branch saved = *b;
        s->taken[next] = true;
        s->group_count[it->group]++;
        s->group_unique[it->group] += it->unique;
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
        s->taken[next] = false;
        s->group_count[it->group]--;
        s->group_unique[it->group] -= it->unique;
    }
    explore(s, b, next + 1);
}

bool bsk_squad_best(const bsk_recruit *recruit, const int *weights, bsk_squad_choice *choice)
{
    search s;
    branch b;
    prepare(&s, recruit, weights);
    memset(&b, 0, sizeof b);
    explore(&s, &b, 0);
    *choice = s.best;
    return choice->found;
}

/* Every subset, visited in Gray-code order so each step adds or removes one card and
 * the running totals update in O(1). */
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
