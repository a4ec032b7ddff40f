/* recruit.c — one player's deal and recruitment (402–403) as a state machine: crystals,
 * redeals, the future-state check of 403.2.3.1 (a: price, c: payment with the element
 * penalty, d: legality of the squad with the card), commit, cancel and restart, the end of
 * recruitment (403.2.5, 403.2.6), and the "before recruitment" hooks with the two players'
 * alternation (403.1, 401.3). The card being checked is not in the squad (403.2.3.2). */
#include "berserk/recruit.h"
#include "berserk/assert.h"
#include "berserk/card_table.h"
#include "berserk/placement.h"
#include "berserk/pool.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const struct {
    const char *id;
    const char *rule;
} CODES[BSK_RECRUIT_CODE_COUNT] = {
    [BSK_RECRUIT_OK] = {"ok", ""},
    [BSK_RECRUIT_NOT_IN_DEAL] = {"not_in_deal", "403.2.1"},
    [BSK_RECRUIT_INVALID_SPLIT] = {"invalid_split", "403.2.1"},
    [BSK_RECRUIT_NOT_ENOUGH_GOLD] = {"not_enough_gold", "403.2.3"},
    [BSK_RECRUIT_NOT_ENOUGH_CRYSTALS] = {"not_enough_crystals", "403.2.3"},
    [BSK_RECRUIT_DUPLICATE_UNIQUE] = {"duplicate_unique", "106.4"},
    [BSK_RECRUIT_FLYER_BUDGET] = {"flyer_budget", "403.2.3"},
    [BSK_RECRUIT_NO_CREATURE] = {"no_creature", "403.2.3"},
    [BSK_RECRUIT_TOO_MANY_CARDS] = {"too_many_cards", "403.2.3"},
    [BSK_RECRUIT_SECOND_TERRAIN] = {"second_terrain", "213.3"},
    [BSK_RECRUIT_REDEAL_WITHOUT_GOLD] = {"redeal_without_gold", "402.4"},
    [BSK_RECRUIT_FEATURE_USED] = {"before_feature_used", "403.1.3"},
    [BSK_RECRUIT_FEATURE_UNIQUE_NAME] = {"before_feature_unique_name", "403.1.3"},
    [BSK_RECRUIT_STEP_PASSED] = {"before_step_passed", "403.1"},
    [BSK_RECRUIT_NOT_YOUR_TURN] = {"before_not_your_turn", "401.3"},
    [BSK_RECRUIT_NO_LEGAL_SQUAD] = {"no_legal_squad", "403.2.5"},
};

const char *bsk_recruit_code_id(bsk_recruit_code code)
{
    return code < BSK_RECRUIT_CODE_COUNT ? CODES[code].id : "unknown";
}

const char *bsk_recruit_code_rule(bsk_recruit_code code)
{
    return code < BSK_RECRUIT_CODE_COUNT ? CODES[code].rule : "";
}

static int popcount8(unsigned value)
{
    int count = 0;
    for (; value; value &= value - 1)
        count++;
    return count;
}

void bsk_recruit_init(bsk_recruit *recruit, const bsk_squad_params *params, int player)
{
    memset(recruit, 0, sizeof *recruit);
    recruit->params = *params;
    recruit->player = player;
    /* 402.1: 24 gold and 22 silver; the second player 1 gold and 1 silver more */
    recruit->gold_start = params->gold + (player == BSK_PLAYER_SECOND ? params->second_player_gold : 0);
    recruit->silver_start = params->silver + (player == BSK_PLAYER_SECOND ? params->second_player_silver : 0);
    recruit->gold = recruit->gold_start;
    recruit->silver = recruit->silver_start;
    recruit->cells = params->cells;
    memset(recruit->squad_index, -1, sizeof recruit->squad_index);
}

/* Empties the squad and refunds it (a new deal, or a cancel without locked cards). */
static void reset_squad(bsk_recruit *recruit)
{
    recruit->gold = recruit->gold_start - recruit->redeal_gold;
    recruit->silver = recruit->silver_start;
    recruit->penalty_gold = 0;
    recruit->squad_count = 0;
    recruit->uniques = 0;
    recruit->elements = 0;
    recruit->spent = 0;
    recruit->flyer_crystals = 0;
    recruit->creatures = 0;
    recruit->terrains = 0;
    recruit->price_changers = 0;
    memset(recruit->locked, 0, sizeof recruit->locked);
    memset(recruit->squad_index, -1, sizeof recruit->squad_index);
}

void bsk_recruit_set_deal(bsk_recruit *recruit, const bsk_card *const *cards, int count)
{
    if (count > BSK_MAX_DEAL)
        count = BSK_MAX_DEAL;
    recruit->deal_count = count;
    for (int i = 0; i < count; i++)
        recruit->deal[i] = cards[i];
    memset(recruit->before_used, 0, sizeof recruit->before_used);
    recruit->before_passed = false;
    reset_squad(recruit);
}

void bsk_recruit_deal(bsk_recruit *recruit, const bsk_card **deck, int deck_size, bsk_rng *rng)
{
    bsk_rng_shuffle(rng, (const void **)deck, (size_t)deck_size); /* 402.2 */
    int count = recruit->params.deal < deck_size ? recruit->params.deal : deck_size;
    bsk_recruit_set_deal(recruit, deck, count); /* 402.3: the top cards */
}

bsk_recruit_code bsk_recruit_redeal(bsk_recruit *recruit)
{
    /* 402.4: one gold per redeal; declaring one with no gold loses the game */
    if (recruit->gold_start - recruit->redeal_gold < recruit->params.redeal_gold ||
        recruit->gold_start - recruit->redeal_gold <= 0) {
        recruit->lost = true;
        return BSK_RECRUIT_REDEAL_WITHOUT_GOLD;
    }
    recruit->redeals++;
    recruit->redeal_gold += recruit->params.redeal_gold;
    reset_squad(recruit);
    return BSK_RECRUIT_OK;
}

static bsk_recruit_code fail(bsk_recruit_result *result, bsk_recruit_code code, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bsk_recruit_code fail(bsk_recruit_result *result, bsk_recruit_code code, const char *format, ...)
{
    va_list args;
    result->code = code;
    if (result->quiet)
        return code;
    va_start(args, format);
    if (vsnprintf(result->message, sizeof result->message, format, args) >= (int)sizeof result->message)
        result->message[sizeof result->message - 2] = '~';
    va_end(args);
    return code;
}

/* ---- Prices at recruitment (403.2.2, 403.2.3.1 a; recruit7, issue 23) ---- */

/* A recruit_cost_modifier's filter on a card of the deal: its printed fields (formats/synthetic.c refuses
 * any other field in such a filter; "side" is "own": the squad's own cards). */
static bool printed_match(const bsk_feature_filter *f, const bsk_card *card)
{
    if (f->types && !((f->types >> card->type) & 1u))
        return false;
    if (f->subtypes && !((f->subtypes >> card->subtype) & 1u))
        return false;
    if (f->subtypes_not && ((f->subtypes_not >> card->subtype) & 1u))
        return false;
    if (f->elements && !(f->elements & card->elements))
        return false;
    if (f->classes) {
        bool any = false;
        for (int i = 0; i < card->class_count; i++)
            any |= card->classes[i] < 64 && ((f->classes >> card->classes[i]) & 1u);
        if (!any)
            return false;
    }
    if ((f->elite == BSK_FILTER_YES && !card->elite) || (f->elite == BSK_FILTER_NO && card->elite))
        return false;
    return bsk_filter_cost_holds(f->cost_op, card->cost, f->cost_value);
}

int bsk_card_recruit_cost_change(const bsk_card *source, const bsk_card *card)
{
    const bsk_card_features *features = source->features;
    if (!features)
        return 0;
    int change = 0;
    for (int i = 0; i < features->count; i++) {
        const bsk_feature *f = &features->features[i];
        if (f->kind != BSK_FEATURE_STATIC || !bsk_card_feature_runs(features, i))
            continue;
        for (int k = 0; k < f->effect_count; k++) {
            const bsk_feature_effect *e = &f->effects[k];
            if (e->op != BSK_OP_RECRUIT_COST_MODIFIER || e->filter < 1 || e->filter > features->filter_count)
                continue;
            if (printed_match(&features->filters[e->filter - 1], card))
                change += e->value.b;
        }
    }
    return change;
}

bool bsk_card_changes_prices(const bsk_card *card)
{
    const bsk_card_features *features = card->features;
    if (!features)
        return false;
    for (int i = 0; i < features->count; i++)
        for (int k = 0; k < features->features[i].effect_count; k++)
            if (features->features[i].effects[k].op == BSK_OP_RECRUIT_COST_MODIFIER &&
                features->features[i].kind == BSK_FEATURE_STATIC && bsk_card_feature_runs(features, i))
                return true;
    return false;
}

int bsk_recruit_price(const bsk_recruit *recruit, int position)
{
    const bsk_card *card = recruit->deal[position];
    int price = card->cost;
    if (recruit->price_changers == 0)
        return price; /* the fast exit: no squad card changes prices */
    for (int i = 0; i < recruit->squad_count; i++)
        if (recruit->squad[i] != position)
            price += bsk_card_recruit_cost_change(recruit->deal[recruit->squad[i]], card);
    return price < 0 ? 0 : price;
}

/* 106.4: two cards of one name may share a squad only if neither is unique. */
static bool clashes_by_uniqueness(const bsk_recruit *recruit, const bsk_card *card)
{
    bool unique = card->unique == 1;
    if (!unique && recruit->uniques == 0)
        return false;
    uint32_t name_id = card->name_id;
    for (int i = 0, count = recruit->squad_count; i < count; i++) {
        if (!unique && !recruit->squad_unique[i])
            continue;
        /* interned names compare as numbers (bsk_card_same_name, without the call) */
        uint32_t other = recruit->squad_name[i];
        if (name_id && other ? name_id == other : bsk_card_same_name(card, recruit->deal[recruit->squad[i]]))
            return true;
    }
    return false;
}

/* 403.2.3.1 a–d for the card at `position`; fills the price and payment. */
static bsk_recruit_code evaluate(const bsk_recruit *recruit, int position, const bsk_payment *payment,
                                 bsk_recruit_result *result, bool quiet)
{
    /* the fields one by one, not a memset of the message: the engine checks every card of a deal
     * at every take */
    result->code = BSK_RECRUIT_OK;
    result->price = result->penalty = result->gold = result->silver = 0;
    result->message[0] = '\0';
    result->quiet = quiet;
    if (position < 0 || position >= recruit->deal_count || recruit->squad_index[position] >= 0)
        return fail(result, BSK_RECRUIT_NOT_IN_DEAL, "deal position %d is not a card left in the deal", position);
    const bsk_card *card = recruit->deal[position];
    const char *name = card->name;
    /* a: the hire price (403.2.2: the squad's features may change it) */
    result->price = bsk_recruit_price(recruit, position);
    /* c: payment, and 1 gold for each new element except the first (403.2.1) */
    uint8_t fresh = card->elements & (uint8_t)~recruit->elements;
    result->penalty = popcount8(fresh) - (recruit->elements == 0 && fresh ? 1 : 0);
    bool split_given = payment && payment->gold >= 0;
    if (split_given) {
        if (payment->silver < 0 || payment->gold + payment->silver != result->price)
            return fail(result, BSK_RECRUIT_INVALID_SPLIT, "%s: a split of %d gold + %d silver does not sum to the hire price",
                        name, payment->gold, payment->silver);
        if (card->elite && payment->silver > 0)
            return fail(result, BSK_RECRUIT_INVALID_SPLIT, "%s is elite: paid in gold only, not %d silver", name,
                        payment->silver);
        result->gold = payment->gold;
        result->silver = payment->silver;
    } else if (card->elite) {
        result->gold = result->price;
    } else { /* rank-and-file: silver first (DESIGN §2 interpretations) */
        result->silver = result->price < recruit->silver ? result->price : recruit->silver;
        result->gold = result->price - result->silver;
    }
    int gold_only = card->elite || split_given ? result->gold + result->penalty : result->penalty;
    if (gold_only > recruit->gold)
        return fail(result, BSK_RECRUIT_NOT_ENOUGH_GOLD, "%s needs %d gold (price and element penalty); %d left",
                    name, gold_only, recruit->gold);
    if (result->silver > recruit->silver)
        return fail(result, BSK_RECRUIT_NOT_ENOUGH_CRYSTALS, "%s: the payment needs %d silver; %d left", name,
                    result->silver, recruit->silver);
    if (result->gold + result->penalty > recruit->gold)
        return fail(result, BSK_RECRUIT_NOT_ENOUGH_CRYSTALS, "%s needs %d crystal%s with the penalty; %d left", name,
                    result->price + result->penalty, result->price + result->penalty == 1 ? "" : "s",
                    recruit->gold + recruit->silver);
    /* d: the squad as it would be (403.2.3 b–f) */
    if (clashes_by_uniqueness(recruit, card))
        return fail(result, BSK_RECRUIT_DUPLICATE_UNIQUE, "%s: a card of that name is in the squad and one of them is unique",
                    name);
    if (card->subtype == BSK_SUBTYPE_FLYER && recruit->flyer_crystals + result->price > recruit->params.flyer_budget)
        return fail(result, BSK_RECRUIT_FLYER_BUDGET, "%s would bring the flyers to %d crystals; at most %d", name,
                    recruit->flyer_crystals + result->price, recruit->params.flyer_budget);
    if (recruit->creatures == 0 && card->type != BSK_TYPE_CREATURE)
        return fail(result, BSK_RECRUIT_NO_CREATURE,
                    "%s is not a creature: a squad needs one at every step, so the first card must be a creature",
                    name);
    if (recruit->squad_count + 1 > recruit->cells)
        return fail(result, BSK_RECRUIT_TOO_MANY_CARDS, "%s would be card %d; the squad may hold %d", name,
                    recruit->squad_count + 1, recruit->cells);
    if (card->type == BSK_TYPE_TERRAIN && recruit->terrains >= 1)
        return fail(result, BSK_RECRUIT_SECOND_TERRAIN, "%s would be a second terrain", name);
    result->code = BSK_RECRUIT_OK;
    return BSK_RECRUIT_OK;
}

bsk_recruit_code bsk_recruit_check(const bsk_recruit *recruit, int position, const bsk_payment *payment,
                                   bsk_recruit_result *result)
{
    return evaluate(recruit, position, payment, result, false);
}

bsk_recruit_code bsk_recruit_check_quiet(const bsk_recruit *recruit, int position, const bsk_payment *payment,
                                         bsk_recruit_result *result)
{
    return evaluate(recruit, position, payment, result, true);
}

static void commit(bsk_recruit *recruit, int position, const bsk_recruit_result *result, bool locked)
{
    BSK_ASSERT(position >= 0 && position < recruit->deal_count && recruit->squad_index[position] < 0);
    BSK_ASSERT(recruit->squad_count < BSK_MAX_RECRUITED);
    const bsk_card *card = recruit->deal[position];
    int slot = recruit->squad_count++;
    recruit->squad[slot] = (int8_t)position;
    recruit->squad_index[position] = (int8_t)slot;
    recruit->paid_gold[slot] = (int8_t)result->gold;
    recruit->paid_silver[slot] = (int8_t)result->silver;
    recruit->paid_penalty[slot] = (int8_t)result->penalty;
    recruit->locked[slot] = locked;
    recruit->squad_name[slot] = card->name_id;
    recruit->squad_unique[slot] = card->unique == 1;
    recruit->uniques += card->unique == 1;
    recruit->gold -= result->gold + result->penalty;
    recruit->silver -= result->silver;
    recruit->penalty_gold += result->penalty;
    recruit->elements |= card->elements;
    recruit->spent += result->price;
    if (card->subtype == BSK_SUBTYPE_FLYER)
        recruit->flyer_crystals += result->price;
    recruit->creatures += card->type == BSK_TYPE_CREATURE;
    recruit->terrains += card->type == BSK_TYPE_TERRAIN;
    recruit->price_changers += bsk_card_changes_prices(card);
}

/* 403.2.3.1: the future-state check, then the commit when it passes. */
static bsk_recruit_code checked_take(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                     bsk_recruit_result *result, bool before)
{
    bsk_recruit_code code = evaluate(recruit, position, payment, result, false);
    if (code == BSK_RECRUIT_OK && recruit->squad_count < BSK_MAX_RECRUITED)
        commit(recruit, position, result, before);
    return code;
}

bsk_recruit_code bsk_recruit_take(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                  bsk_recruit_result *result)
{
    return checked_take(recruit, position, payment, result, false);
}

bsk_recruit_code bsk_recruit_legal(const bsk_recruit *recruit, bsk_recruit_result *result)
{
    memset(result, 0, sizeof *result);
    for (int i = 0; i < recruit->squad_count; i++)
        for (int j = i + 1; j < recruit->squad_count; j++) {
            const bsk_card *a = recruit->deal[recruit->squad[i]], *b = recruit->deal[recruit->squad[j]];
            if ((a->unique == 1 || b->unique == 1) && bsk_card_same_name(a, b))
                return fail(result, BSK_RECRUIT_DUPLICATE_UNIQUE, "two cards named %s, one of them unique",
                            a->name);
        }
    if (recruit->gold < 0)
        return fail(result, BSK_RECRUIT_NOT_ENOUGH_GOLD, "the squad needs %d more gold", -recruit->gold);
    if (recruit->silver < 0)
        return fail(result, BSK_RECRUIT_NOT_ENOUGH_CRYSTALS, "the squad needs %d more silver",
                    -recruit->silver);
    if (recruit->flyer_crystals > recruit->params.flyer_budget)
        return fail(result, BSK_RECRUIT_FLYER_BUDGET, "flyers cost %d crystals; at most %d",
                    recruit->flyer_crystals, recruit->params.flyer_budget);
    if (recruit->creatures == 0)
        return fail(result, BSK_RECRUIT_NO_CREATURE, "the squad has no creature");
    if (recruit->squad_count > recruit->cells)
        return fail(result, BSK_RECRUIT_TOO_MANY_CARDS, "%d cards; the squad may hold %d", recruit->squad_count,
                    recruit->cells);
    if (recruit->terrains > 1)
        return fail(result, BSK_RECRUIT_SECOND_TERRAIN, "%d terrains; at most 1", recruit->terrains);
    result->code = BSK_RECRUIT_OK;
    return BSK_RECRUIT_OK;
}

void bsk_recruit_take_recorded(bsk_recruit *recruit, int position, int gold, int silver)
{
    BSK_ASSERT(position >= 0 && position < recruit->deal_count);
    const bsk_card *card = recruit->deal[position];
    uint8_t fresh = card->elements & (uint8_t)~recruit->elements;
    bsk_recruit_result result;
    result.price = gold + silver; /* the price paid then (403.2.2: the squad's features may have changed it) */
    result.penalty = popcount8(fresh) - (recruit->elements == 0 && fresh ? 1 : 0);
    result.gold = gold;
    result.silver = silver;
    commit(recruit, position, &result, true);
}

bsk_recruit_code bsk_recruit_take_unchecked(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                            bsk_recruit_result *result)
{
    bsk_recruit_code code = evaluate(recruit, position, payment, result, false);
    if (code == BSK_RECRUIT_NOT_IN_DEAL || code == BSK_RECRUIT_INVALID_SPLIT || code == BSK_RECRUIT_NOT_ENOUGH_GOLD ||
        code == BSK_RECRUIT_NOT_ENOUGH_CRYSTALS || recruit->squad_count >= BSK_MAX_RECRUITED)
        return code; /* the payment itself is impossible */
    commit(recruit, position, result, true); /* 403.2.3.3: cannot be undone (Ambiguity #7) */
    return bsk_recruit_legal(recruit, result);
}

void bsk_recruit_cancel(bsk_recruit *recruit)
{
    /* 403.2.4: locked cards stay, in their order, with the penalties they brought */
    int kept = 0;
    int8_t positions[BSK_MAX_RECRUITED];
    bsk_recruit_result payments[BSK_MAX_RECRUITED];
    for (int i = 0; i < recruit->squad_count; i++) {
        if (!recruit->locked[i])
            continue;
        positions[kept] = recruit->squad[i];
        memset(&payments[kept], 0, sizeof payments[kept]);
        payments[kept].price = recruit->paid_gold[i] + recruit->paid_silver[i]; /* as paid (403.2.4) */
        payments[kept].gold = recruit->paid_gold[i];
        payments[kept].silver = recruit->paid_silver[i];
        payments[kept].penalty = recruit->paid_penalty[i];
        kept++;
    }
    reset_squad(recruit);
    for (int i = 0; i < kept; i++)
        commit(recruit, positions[i], &payments[i], true);
}

/* 403.1, 403.1.3: whether the card at `position` may use its feature now; nothing changes. */
static bsk_recruit_code before_usable(const bsk_recruit *recruit, int position)
{
    if (recruit->before_passed)
        return BSK_RECRUIT_STEP_PASSED;
    if (position < 0 || position >= recruit->deal_count || recruit->squad_index[position] >= 0)
        return BSK_RECRUIT_NOT_IN_DEAL; /* only cards in the deal use these features (403.1) */
    if (recruit->before_used[position])
        return BSK_RECRUIT_FEATURE_USED;
    const bsk_card *card = recruit->deal[position];
    for (int i = 0; i < recruit->deal_count; i++)
        if (recruit->before_used[i] && recruit->deal[i]->unique == 1 && bsk_card_same_name(recruit->deal[i], card))
            return BSK_RECRUIT_FEATURE_UNIQUE_NAME;
    return BSK_RECRUIT_OK;
}

bsk_recruit_code bsk_recruit_before_use(bsk_recruit *recruit, int position)
{
    bsk_recruit_code code = before_usable(recruit, position);
    if (code == BSK_RECRUIT_OK)
        recruit->before_used[position] = true;
    return code;
}

bsk_recruit_code bsk_recruit_before_take(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                         bsk_recruit_result *result)
{
    /* 403.1.1–403.1.2: under 403.2.1–403.2.3, and refused if the squad would be illegal */
    return checked_take(recruit, position, payment, result, true);
}

void bsk_recruit_before_pass(bsk_recruit *recruit)
{
    recruit->before_passed = true;
}

int bsk_recruit_leftover(const bsk_recruit *recruit, const bsk_card **out)
{
    int count = 0;
    for (int i = 0; i < recruit->deal_count; i++)
        if (recruit->squad_index[i] < 0)
            out[count++] = recruit->deal[i];
    return count;
}

/* ---- The end of recruitment (403.2.5, 403.2.6) ---- */

int bsk_recruit_return_leftover(const bsk_recruit *recruit, const bsk_card **deck, int deck_size, bsk_rng *rng)
{
    const bsk_card *squad[BSK_MAX_RECRUITED];
    int dealt = recruit->deal_count < deck_size ? recruit->deal_count : deck_size;
    int squad_count = 0, size = 0;
    for (int i = 0; i < recruit->squad_count; i++)
        if (recruit->squad[i] < dealt)
            squad[squad_count++] = deck[recruit->squad[i]];
    /* the deal's leftovers, then the cards never dealt: the new deck, before the shuffle */
    for (int i = 0; i < deck_size; i++)
        if (i >= dealt || recruit->squad_index[i] < 0)
            deck[size++] = deck[i];
    for (int i = 0; i < squad_count; i++)
        deck[size + i] = squad[i];
    bsk_rng_shuffle(rng, (const void **)deck, (size_t)size); /* 403.2.6, as 402.2 */
    return size;
}

bsk_recruit_code bsk_recruit_end(bsk_recruit *recruit, bsk_recruit_result *result)
{
    if (bsk_recruit_legal(recruit, result) == BSK_RECRUIT_OK)
        return BSK_RECRUIT_OK;
    char reason[sizeof result->message];
    memcpy(reason, result->message, sizeof reason);
    recruit->lost = true; /* 403.2.5 */
    return fail(result, BSK_RECRUIT_NO_LEGAL_SQUAD, "no legal squad (%s): the player loses", reason);
}

/* ---- The two players' "before recruitment" step (403.1, 401.3) ---- */

/* Whose turn after `player` acted: the opponent, unless the opponent passed. */
static void next_turn(bsk_before_step *step, int player)
{
    BSK_ASSERT(player == BSK_PLAYER_FIRST || player == BSK_PLAYER_SECOND);
    int other = player == BSK_PLAYER_FIRST ? BSK_PLAYER_SECOND : BSK_PLAYER_FIRST;
    if (!step->players[other - 1]->before_passed)
        step->to_act = other;
    else if (!step->players[player - 1]->before_passed)
        step->to_act = player;
    else
        step->to_act = 0;
}

void bsk_before_step_init(bsk_before_step *step, bsk_recruit *first, bsk_recruit *second)
{
    step->players[0] = first;
    step->players[1] = second;
    step->to_act = BSK_PLAYER_FIRST; /* 403.1: starting with the first player */
    if (first->before_passed)
        next_turn(step, BSK_PLAYER_FIRST);
}

int bsk_before_step_to_act(const bsk_before_step *step)
{
    return step->to_act;
}

/* 401.3: only the player whose turn it is acts; nobody once both passed. */
static bsk_recruit_code check_turn(const bsk_before_step *step, int player, bsk_recruit_result *result)
{
    if (step->to_act == 0 || ((player == BSK_PLAYER_FIRST || player == BSK_PLAYER_SECOND) &&
                              step->players[player - 1]->before_passed))
        return fail(result, BSK_RECRUIT_STEP_PASSED, "player %d has passed in the before-recruitment step", player);
    if (player != step->to_act)
        return fail(result, BSK_RECRUIT_NOT_YOUR_TURN, "it is player %d's turn to use a before-recruitment feature",
                    step->to_act);
    return BSK_RECRUIT_OK;
}

bsk_recruit_code bsk_before_step_use(bsk_before_step *step, int player, int feature, int take,
                                     const bsk_payment *payment, bsk_recruit_result *result)
{
    memset(result, 0, sizeof *result);
    bsk_recruit_code code = check_turn(step, player, result);
    if (code != BSK_RECRUIT_OK)
        return code;
    BSK_ASSERT(player == BSK_PLAYER_FIRST || player == BSK_PLAYER_SECOND); /* it is their turn */
    bsk_recruit *recruit = step->players[player - 1];
    code = before_usable(recruit, feature);
    if (code != BSK_RECRUIT_OK)
        return fail(result, code, "deal position %d cannot use a before-recruitment feature now", feature);
    /* 403.1.2: a take that would leave the squad illegal cannot be declared */
    if (take >= 0 && (evaluate(recruit, take, payment, result, false) != BSK_RECRUIT_OK ||
                      recruit->squad_count >= BSK_MAX_RECRUITED))
        return result->code != BSK_RECRUIT_OK ? result->code
                                              : fail(result, BSK_RECRUIT_TOO_MANY_CARDS, "the squad is full");
    recruit->before_used[feature] = true;
    if (take >= 0)
        commit(recruit, take, result, true); /* stays on cancel (403.2.4) */
    next_turn(step, player);
    return BSK_RECRUIT_OK;
}

bsk_recruit_code bsk_before_step_pass(bsk_before_step *step, int player)
{
    bsk_recruit_result result;
    bsk_recruit_code code = check_turn(step, player, &result);
    if (code != BSK_RECRUIT_OK)
        return code;
    bsk_recruit_before_pass(step->players[player - 1]);
    next_turn(step, player);
    return BSK_RECRUIT_OK;
}
