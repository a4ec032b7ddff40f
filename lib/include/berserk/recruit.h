/* recruit.h — the preliminary phase for one player up to placement (402–403): crystals
 * (402.1), the deal (402.2–402.3), redeals (402.4), the "before recruitment" step as
 * hooks for card features and the two players' alternation in it (403.1, 401.3),
 * recruitment one card at a time with the future-state check of 403.2.3.1 a–e, cards taken
 * without the check (403.2.3.3), cancel and restart (403.2.4), the loss with no legal squad
 * (403.2.5), the leftover deal shuffled back (403.2.6), and the exact best legal squad of a
 * deal (DESIGN §2 "best squad"). Every refusal carries a code and the rule that decides it. */
#ifndef BERSERK_RECRUIT_H
#define BERSERK_RECRUIT_H

#include "berserk/card.h"
#include "berserk/format.h"
#include "berserk/rng.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_MAX_DEAL 32       /* the deal is a format parameter: 15 by 402.3 */
#define BSK_MAX_RECRUITED 32  /* squad cards; the cell limit (403.2.3 e) is usually 15 */

typedef enum bsk_recruit_code {
    BSK_RECRUIT_OK,
    BSK_RECRUIT_NOT_IN_DEAL,          /* not_in_deal, 403.2.1 */
    BSK_RECRUIT_INVALID_SPLIT,        /* invalid_split, 403.2.1 */
    BSK_RECRUIT_NOT_ENOUGH_GOLD,      /* not_enough_gold, 403.2.3 */
    BSK_RECRUIT_NOT_ENOUGH_CRYSTALS,  /* not_enough_crystals, 403.2.3 */
    BSK_RECRUIT_DUPLICATE_UNIQUE,     /* duplicate_unique, 106.4 */
    BSK_RECRUIT_FLYER_BUDGET,         /* flyer_budget, 403.2.3 */
    BSK_RECRUIT_NO_CREATURE,          /* no_creature, 403.2.3 */
    BSK_RECRUIT_TOO_MANY_CARDS,       /* too_many_cards, 403.2.3 */
    BSK_RECRUIT_SECOND_TERRAIN,       /* second_terrain, 213.3 */
    BSK_RECRUIT_REDEAL_WITHOUT_GOLD,  /* redeal_without_gold, 402.4 */
    BSK_RECRUIT_FEATURE_USED,         /* before_feature_used, 403.1.3: once per battle */
    BSK_RECRUIT_FEATURE_UNIQUE_NAME,  /* before_feature_unique_name, 403.1.3 */
    BSK_RECRUIT_STEP_PASSED,          /* before_step_passed, 403.1: a player who declined */
    BSK_RECRUIT_NOT_YOUR_TURN,        /* before_not_your_turn, 401.3: players alternate, the first player first */
    BSK_RECRUIT_NO_LEGAL_SQUAD,       /* no_legal_squad, 403.2.5: the player loses */
    BSK_RECRUIT_CODE_COUNT
} bsk_recruit_code;

const char *bsk_recruit_code_id(bsk_recruit_code code);   /* "not_enough_gold" */
const char *bsk_recruit_code_rule(bsk_recruit_code code); /* "403.2.3" */

/* A payment split for one card. gold < 0 means "the default": elite cards in gold,
 * rank-and-file cards silver first (DESIGN §2 interpretations). */
typedef struct bsk_payment {
    int gold;
    int silver;
} bsk_payment;

typedef struct bsk_recruit_result {
    bsk_recruit_code code;
    int price;   /* hire price paid for the card (its cost) */
    int penalty; /* element-penalty gold the card brings (403.2.1) */
    int gold;    /* gold for the price */
    int silver;  /* silver for the price */
    char message[224];
    bool quiet;  /* no message was written (bsk_recruit_check_quiet) */
} bsk_recruit_result;

typedef struct bsk_recruit {
    bsk_squad_params params;
    int player;               /* BSK_PLAYER_FIRST (1) or BSK_PLAYER_SECOND (2) */
    int gold_start;           /* 402.1: 24, 25 for the second player */
    int silver_start;         /* 22, 23 */
    int redeals;
    int redeal_gold;          /* gold paid for redeals (402.4) */
    int gold;                 /* left */
    int silver;               /* left */
    int penalty_gold;         /* element penalties paid (403.2.1) */
    int cells;                /* cards the squad may hold (403.2.3 e; 404.1.4 reduces it) */
    bool lost;                /* 402.4: a redeal declared with no gold */
    int deal_count;
    const bsk_card *deal[BSK_MAX_DEAL];
    int8_t squad_index[BSK_MAX_DEAL]; /* deal position → index in squad, or -1 */
    int squad_count;
    int8_t squad[BSK_MAX_RECRUITED];  /* deal positions in the order taken */
    int8_t paid_gold[BSK_MAX_RECRUITED];
    int8_t paid_silver[BSK_MAX_RECRUITED];
    int8_t paid_penalty[BSK_MAX_RECRUITED];
    bool locked[BSK_MAX_RECRUITED]; /* squad cards that stay on cancel (403.2.4, 403.2.3.3) */
    uint32_t squad_name[BSK_MAX_RECRUITED]; /* their cards' name ids (0: not interned), and */
    bool squad_unique[BSK_MAX_RECRUITED];   /* whether unique: the 106.4 check reads no card */
    int uniques;              /* unique cards in the squad */
    uint8_t elements;         /* elements that have been in the squad (403.2.1) */
    int spent;                /* hire prices paid (DESIGN: crystals spent) */
    int flyer_crystals;       /* hire prices paid for flyers (403.2.3 c) */
    int creatures;
    int terrains;
    int price_changers;       /* recruit7: squad cards with a recruit_cost_modifier feature (403.2.2); 0: prices
                                 are the printed costs */
    bool before_used[BSK_MAX_DEAL]; /* 403.1.3: each card's feature once per battle */
    bool before_passed;             /* 403.1: declined, so no more such features */
} bsk_recruit;

/* 402.1: crystals of the player (second player +1 gold, +1 silver). */
void bsk_recruit_init(bsk_recruit *recruit, const bsk_squad_params *params, int player);
/* 402.3: a new deal (the squad starts empty). count is capped at BSK_MAX_DEAL. */
void bsk_recruit_set_deal(bsk_recruit *recruit, const bsk_card *const *cards, int count);
/* 402.2–402.3: shuffles the whole `deck` in place and deals its first params.deal cards.
 * After a redeal (402.4) the same array is dealt again: the old deal, still at its top, is
 * part of the deck that is reshuffled. */
void bsk_recruit_deal(bsk_recruit *recruit, const bsk_card **deck, int deck_size, bsk_rng *rng);
/* 402.4: pays the redeal gold; with no gold left the player loses
 * (BSK_RECRUIT_REDEAL_WITHOUT_GOLD, recruit->lost). The caller then deals again. */
bsk_recruit_code bsk_recruit_redeal(bsk_recruit *recruit);

/* 403.2.3.1 a–d: whether the card at deal position `position` can be taken now with
 * this payment (NULL = default); nothing changes. */
bsk_recruit_code bsk_recruit_check(const bsk_recruit *recruit, int position, const bsk_payment *payment,
                                   bsk_recruit_result *result);
/* bsk_recruit_check without writing the message: the code and payment only (legal lists). */
bsk_recruit_code bsk_recruit_check_quiet(const bsk_recruit *recruit, int position, const bsk_payment *payment,
                                         bsk_recruit_result *result);
/* 403.2.3.1 e: the check, then the card is taken and the crystals spent as computed. */
bsk_recruit_code bsk_recruit_take(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                  bsk_recruit_result *result);
/* 403.2.3.3: a card whose "when recruited" feature needs hidden information is taken
 * without the pre-check and cannot be undone (it stays on cancel, Ambiguity #7). The
 * payment must still be possible; the result code tells whether the squad is legal. */
bsk_recruit_code bsk_recruit_take_unchecked(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                            bsk_recruit_result *result);
/* Replays a take that was checked when it was made, with the payment then recorded (the price
 * split and the element penalty, 403.2.1): no check, no message. For rebuilding a recruitment
 * from a record, such as the match state's. */
void bsk_recruit_take_recorded(bsk_recruit *recruit, int position, int gold, int silver);
/* 403.2.3: legality of the squad as it stands (at least one creature included). */
bsk_recruit_code bsk_recruit_legal(const bsk_recruit *recruit, bsk_recruit_result *result);
/* 403.2.4: every card not taken in the before-recruitment step (or under 403.2.3.3)
 * returns to the deal, and its crystals and element penalties are refunded. */
void bsk_recruit_cancel(bsk_recruit *recruit);

/* 403.1 hooks for "before recruitment – [text]" features. use: whether the card in
 * the deal may use its feature now (in the deal, not in the squad, once per battle,
 * not after a unique card of the same name used one, not after the player passed), and
 * marks it used. take: 403.1.1–403.1.2, the feature puts a card into the squad under
 * 403.2.1–403.2.3 (refused when the result would be illegal); the card then stays on
 * cancel (403.2.4). pass: 403.1, the player declines for the rest of the step. */
bsk_recruit_code bsk_recruit_before_use(bsk_recruit *recruit, int position);
bsk_recruit_code bsk_recruit_before_take(bsk_recruit *recruit, int position, const bsk_payment *payment,
                                         bsk_recruit_result *result);
void bsk_recruit_before_pass(bsk_recruit *recruit);

/* recruit7 (issue 23), 403.2.2: features that change the recruitment once their card is in the squad.
 * The change the features of `source` (its recruit_cost_modifier records, card_table.h) make to the hire
 * price of `card` while `source` is in the same squad: the sum of their X over the records whose filter
 * `card` matches (its printed type, subtype, elements, classes, elite, cost); 0 when none. */
int bsk_card_recruit_cost_change(const bsk_card *source, const bsk_card *card);
/* Whether `card` has a recruit_cost_modifier feature that runs. */
bool bsk_card_changes_prices(const bsk_card *card);
/* 403.2.3.1 a: the hire price of the card at deal position `position` now: its cost changed by the features
 * of the squad's cards (403.2.3.2: not its own), never below 0. */
int bsk_recruit_price(const bsk_recruit *recruit, int position);

/* 403.2.6: the cards left in the deal. */
int bsk_recruit_leftover(const bsk_recruit *recruit, const bsk_card **out);
/* 403.2.6: after recruitment the cards left in the deal go back into the deck, and the deck
 * is shuffled. `deck` is the array bsk_recruit_deal dealt from (its first deal_count cards
 * are the deal). On return deck[0..n) is the new deck, shuffled, and deck[n..deck_size) the
 * squad in the order taken; returns n = deck_size − squad_count. */
int bsk_recruit_return_leftover(const bsk_recruit *recruit, const bsk_card **deck, int deck_size, bsk_rng *rng);
/* 403.2.5: the end of recruitment. A squad that is not legal as it stands (403.2.3; an
 * empty squad has no creature) loses the game: recruit->lost, BSK_RECRUIT_NO_LEGAL_SQUAD
 * with the reason in result->message. A caller offers cancel and restart (403.2.4) first
 * while a legal squad can still be recruited (bsk_squad_best). */
bsk_recruit_code bsk_recruit_end(bsk_recruit *recruit, bsk_recruit_result *result);

/* 403.1 with 401.3: the two players' "before recruitment" step. Starting with the first
 * player, players alternate, each using one feature in turn; a player who passes uses no
 * more in this step while the opponent goes on alone; the step ends when both have passed. */
typedef struct bsk_before_step {
    bsk_recruit *players[2]; /* [0]: the first player's recruitment, [1]: the second's */
    int to_act;              /* BSK_PLAYER_FIRST or BSK_PLAYER_SECOND; 0 once both passed */
} bsk_before_step;

void bsk_before_step_init(bsk_before_step *step, bsk_recruit *first, bsk_recruit *second);
/* Who acts now (0: the step is over). */
int bsk_before_step_to_act(const bsk_before_step *step);
/* `player` uses the "before recruitment" feature of the card at deal position `feature`;
 * when take >= 0 the feature takes the card at deal position `take` into the squad
 * (403.1.1, with `payment`; the card then stays on cancel, 403.2.4). Refused with nothing
 * changed: not this player's turn (BSK_RECRUIT_NOT_YOUR_TURN, 401.3), the step over or the
 * player passed (BSK_RECRUIT_STEP_PASSED), a feature that cannot be used (the codes of
 * bsk_recruit_before_use), or a take that would leave the squad illegal (403.1.2: the codes
 * of bsk_recruit_check). Then the turn goes to the opponent unless the opponent passed. */
bsk_recruit_code bsk_before_step_use(bsk_before_step *step, int player, int feature, int take,
                                     const bsk_payment *payment, bsk_recruit_result *result);
/* `player` passes (403.1): refused when it is not that player's turn. */
bsk_recruit_code bsk_before_step_pass(bsk_before_step *step, int player);

/* The best legal squad of the current deal for an empty squad and the crystals left
 * (DESIGN §2 "best squad"): the largest value (sum of weights, or of hire prices when
 * weights is NULL), then more creatures, then fewer elements, then fewer cards, then
 * the lexicographically smallest sorted list of deal positions. Exact (a knapsack
 * relaxation per element set, with a branch and bound where the relaxation's answer
 * breaks a rule; tests prove it against brute force). Unknown uniqueness counts as
 * "no". No allocation and no state of its own: threads may call it at once, each with
 * its own bsk_squad_scratch. */
typedef struct bsk_squad_choice {
    bool found;             /* false: no legal squad exists (403.2.5 loss) */
    int count;
    int8_t positions[BSK_MAX_DEAL]; /* sorted deal positions */
    int value;
    int spent;              /* hire prices */
    int penalty;            /* element-penalty gold */
    int creatures;
    int elements;           /* distinct elements */
    int flyer_crystals;
    int terrains;
} bsk_squad_choice;

/* The optimizer's scratch memory, owned by the caller (lib/ keeps no hidden state):
 * set up once by bsk_squad_scratch_init, then reused by every call on one thread at a
 * time (about 8 KB). Its fields belong to lib/src/squad_best.c. */
#define BSK_SQUAD_SIDE_SUMS 64  /* knapsack sums 0..63, padded below 0 */
#define BSK_SQUAD_NAME_IDS 4096 /* dense name ids looked up in a table; others by name */

typedef struct bsk_squad_side {
    int32_t buffers[2][2 * BSK_SQUAD_SIDE_SUMS]; /* the low half stays padding */
    int current;
    uint64_t reach;
    uint64_t creature_reach;
} bsk_squad_side;

typedef struct bsk_squad_scratch {
    bsk_squad_side sides[2];             /* [rank-and-file, elite] knapsacks of a pass */
    bsk_squad_side flyer_sides[2];       /* the same sides' flyers (the flyer budget) */
    int8_t first_of[BSK_SQUAD_NAME_IDS]; /* name id → first deal position; -1 between calls */
    uint32_t ready;                      /* set by bsk_squad_scratch_init */
} bsk_squad_scratch;

void bsk_squad_scratch_init(bsk_squad_scratch *scratch);

/* scratch may be NULL: a temporary one is then set up for the call (about 8 KB of
 * stores; hot loops pass their own). */
bool bsk_squad_best(const bsk_recruit *recruit, const int *weights, bsk_squad_scratch *scratch,
                    bsk_squad_choice *choice);
/* The same answer by trying every subset: slow, for tests. */
bool bsk_squad_best_brute_force(const bsk_recruit *recruit, const int *weights, bsk_squad_choice *choice);
/* A legal recruiting order of a choice: a creature first (403.2.3 d on every future
 * state), then the rest by deal position. Returns the count. */
int bsk_squad_order(const bsk_recruit *recruit, const bsk_squad_choice *choice, int8_t *order);

#ifdef __cplusplus
}
#endif

#endif
