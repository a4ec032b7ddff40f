/* match.h — the match engine (DESIGN §5): one game of Берсерк as a plain value.
 *
 * A bsk_match is flat data (small integers in fixed arrays, the dice inside): clone it with
 * memcpy, undo by restoring a copy. Cards are small-integer slots of a per-match card table
 * (bsk_card_table) that lives beside the state and never changes during the game.
 * Every decision the rules give a player is a state: bsk_match_to_act() names who must act,
 * bsk_match_legal() lists what they may do, bsk_match_apply() does it. Passing when passing
 * is the only choice happens automatically and is neither offered nor logged (except the
 * Choice subphase of a position's run, `ask_choice`: DESIGN §5). */
#ifndef BERSERK_MATCH_H
#define BERSERK_MATCH_H

#include "berserk/action.h"
#include "berserk/card.h"
#include "berserk/card_table.h"
#include "berserk/error.h"
#include "berserk/format.h"
#include "berserk/rng.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_MATCH_ENGINE_VERSION 1   /* logs name it; a log of another version is refused */
#define BSK_MATCH_DECK_MAX 100       /* cards in one player's deck */
#define BSK_MATCH_DEAL_MAX 32
#define BSK_MATCH_UNITS_MAX 48       /* cards of both squads in the battle zone and graveyards */
#define BSK_MATCH_STACK_MAX 16
#define BSK_MATCH_QUEUE_MAX 8
#define BSK_MATCH_GROUPS_MAX 4 /* group3 (issue 22): group targets declared and waiting at once; one more: a draw by cap */
#define BSK_MATCH_PENDING_MAX 16     /* triggered features waiting to be declared (305.1) */
#define BSK_MATCH_EFFECTS_MAX 32     /* active effects (bsk_effect); one more ends the game as a draw by cap
                                      * "effects" (DESIGN §5). The census's commonest duration effects are a
                                      * card's own "until the end of the turn" grants and modifiers: a few
                                      * per turn, most gone at its end */
#define BSK_MATCH_DELAYED_MAX 8      /* static2 (issue 22): delayed effects waiting (bsk_delayed); one more is the
                                      * effects cap. The census has 17 cards with «в конце следующего хода …» */
#define BSK_UNIT_GRANTED_X_MAX 2     /* acquired keywords with a number (armor 2) per unit; one more is the
                                      * effects cap too */
#define BSK_MATCH_DICE_SCRIPT_MAX BSK_DICE_SCRIPT_MAX
#define BSK_MATCH_TURN_CAP 60        /* DESIGN §5: a draw by cap after 60 game turns (not a rule) */
#define BSK_MATCH_DECLARATION_CAP 256/* declarations in one turn; more is an engine bug */
#define BSK_MATCH_LEGAL_MAX 512

/* ---- Phases (Part 4) ---- */

typedef enum bsk_phase {
    BSK_PHASE_ROLL,        /* 402.1: who chooses the turn order */
    BSK_PHASE_REDEAL,      /* 402.4 */
    BSK_PHASE_RECRUIT,     /* 403.2 */
    BSK_PHASE_PLACE,       /* 404.1 */
    BSK_PHASE_REVEAL,      /* 405.1: the second player may keep row-6 cards hidden */
    BSK_PHASE_SEAT,        /* 405.2 */
    BSK_PHASE_BEGINNING,   /* 408 */
    BSK_PHASE_UNTAP,       /* 409 */
    BSK_PHASE_CHOICE,      /* 411 */
    BSK_PHASE_EXECUTION,   /* 412 */
    BSK_PHASE_END,         /* 413 */
    BSK_PHASE_OVER,        /* 602 */
    BSK_PHASE_COUNT
} bsk_phase;

const char *bsk_phase_id(int phase); /* "choice", "execution", … */

/* ---- Actions: declarations and answers ---- */

/* The kinds (bsk_action_kind), bsk_action and each kind's properties: berserk/action.h. */

/* ---- Units: the cards in play ---- */

enum {
    BSK_UNIT_TAPPED = 1u << 0,
    BSK_UNIT_HIDDEN = 1u << 1,
    BSK_UNIT_FLYER_GRANT = 1u << 2,  /* may once strike a flyer (107.2 d) */
    BSK_UNIT_IN_SQUAD = 1u << 3,     /* recruited (not only dealt) */
    BSK_UNIT_MARK = 1u << 4,         /* preliminary steps: kept hidden (405.1), no host (405.2 e) */
    BSK_UNIT_HIDDEN_TURN1 = 1u << 5, /* kept hidden until the end of the first player's first turn */
    /* history the keyword frames read (538.1, issue 21 §2), kept only in a match where a card hears
     * the frame, so other games hash as before */
    BSK_UNIT_WOUNDED_TURN = 1u << 6, /* took a wound this game turn (concentration); cleared at 413's end */
    BSK_UNIT_VALHALLA = 1u << 7      /* went to the graveyard dying from an attack of an opponent's card
                                        (538.2 ex. 1: the mark is never lost) */
};

/* bsk_unit.flags2 (hashed after its tag only when a unit has one). */
enum {
    BSK_UNIT_INCARNATED = 1u << 0, /* 536.7.3: has used its incarnation (once per battle) */
    BSK_UNIT_DASHED = 1u << 1,     /* glossary «Рывок»: dashed this turn (lost at 409.2) */
    /* times3 (issue 22): the history of battle's moves (538.2), kept only when a filter of the match reads
     * them (bsk_card_table.history_any): moved (a step, a jump, a relocation) this game turn / the last one */
    BSK_UNIT_MOVED_TURN = 1u << 2,
    BSK_UNIT_MOVED_LAST = 1u << 3,
    /* trig5 (issue 23): took wounds from an attack this game turn, kept only when a card hears on_attack_wounds
     * (cleared at 413.3) */
    BSK_UNIT_ATTACK_WOUNDED_TURN = 1u << 4,
    /* token6 (issue 23): op no_untap, «не открывается в начале своего следующего хода»: the card stays tapped at its
     * controller's next untap step (409.2), which spends the mark; it goes when the card leaves the battle zone */
    BSK_UNIT_NO_UNTAP = 1u << 5
};

typedef struct bsk_unit {
    uint8_t slot;       /* card table slot */
    uint8_t owner;      /* 1 or 2 */
    uint8_t zone;       /* bsk_zone */
    int8_t cell;        /* battlefield cell, -1 */
    uint8_t flags;      /* BSK_UNIT_* */
    uint8_t actions;    /* action markers (510.2) */
    uint8_t wounds;     /* 508.5.1: current maximum − current life */
    int8_t move_left;   /* movement points left (506) */
    uint8_t counters;   /* 123 */
    uint8_t poison;     /* poison marker X (0: none) */
    int8_t host;        /* a seated symbiote's host unit, -1 */
    uint8_t extra_order;/* order of entering the extra zone (places 1x1, 1x2, …) */
    uint8_t armor_used; /* wounds armor has prevented this turn (534) */
    uint8_t grant_turn; /* turn the flyer grant ends with */
    uint8_t died_turn;
    int8_t extra_life;  /* 508.4, 508.8: extra life, negative for negative life (508.8.1); they cancel
                         * (508.8.2), so one signed count. Max life = printed + modifiers + this */
    uint8_t incarnation;/* 536.7.1: incarnation tokens, only in the graveyard (hashed when a unit has one) */
    uint8_t flags2;     /* BSK_UNIT_INCARNATED, BSK_UNIT_DASHED */
} bsk_unit;

/* A werewolf's form (extension; issue 21, engine README "Readings taken"): bsk_match's form[] bit
 * sets, read with bsk_match_unit_form. */
typedef enum bsk_unit_form {
    BSK_FORM_NONE,
    BSK_FORM_WOLF,  /* {wolf} */
    BSK_FORM_HUMAN, /* {human} */
} bsk_unit_form;

/* ---- Effects (glossary §1.4, §3.2): what grants, takes away or modifies a characteristic ---- */

typedef enum bsk_effect_op {
    BSK_EFFECT_GRANT,   /* the card gains keyword `what` (bsk_keyword_id), with X = value (0: none printed) */
    BSK_EFFECT_LOSE,    /* the card loses keyword `what` */
    BSK_EFFECT_MODIFY,  /* characteristic `what` (bsk_effect_char) + value (signed) */
    BSK_EFFECT_SET,     /* characteristic `what` becomes value (a base property, 104.4.1; 517.2: not below 0) */
    /* branch ops2 (issue 22): modifiers read inside an attack, and prevention */
    BSK_EFFECT_ROLL_TO,   /* what BSK_CHAR_DIE_ROLL: the card's die rolls are reduced to value (519.2 group 2) */
    BSK_EFFECT_STRENGTH,  /* what BSK_CHAR_ATTACK + k: its attacks of kind k are made strength value (520.2 a) */
    BSK_EFFECT_REDUCE_TO, /* what BSK_CHAR_ATTACK + k: their magnitude is reduced to value (520.2 d, 520.5) */
    BSK_EFFECT_PREVENT,   /* 534: the next value wounds to the card are prevented, used up (what 0); what 1: each
                           * time value wounds fewer (535.1.1 «получает на X ран меньше»), not used up; what 2
                           * (branch block3): every wound of the next strike, no number (534.3), used up; what 3
                           * (branch shield6): the next value wounds from non-magic attacks, used up (a side's
                           * pool: filter CARDS_OF) */
    /* branch dice3 (issue 22): die rolls (519.5, 519.6) */
    BSK_EFFECT_FLIP,      /* what BSK_CHAR_DIE_ROLL: the card's die rolls are flipped (519.6, 519.2 group 2) */
    BSK_EFFECT_NEXT_ROLL, /* what BSK_CHAR_DIE_ROLL: the card's next die roll is value, not rolled (519.5), used up */
    /* branch focus8 (issue 23) */
    BSK_EFFECT_X_MODIFY,  /* what: a bsk_keyword_id; +value to the X of that named feature the card has (518.6, «+2 к
                           * бешенству»): summed after the largest X is taken (518.3), a total below 0 works as 0 (518.8) */
    BSK_EFFECT_OP_COUNT
} bsk_effect_op;

/* The characteristics an effect modifies or sets. */
typedef enum bsk_effect_char {
    BSK_CHAR_LIFE,          /* max life (508.4, 508.8: the wounds stay; glossary «+X к жизням») */
    BSK_CHAR_STRIKE,        /* the simple strike's three values (208.8) */
    BSK_CHAR_STRIKE_WEAK,   /* one of them */
    BSK_CHAR_STRIKE_MEDIUM,
    BSK_CHAR_STRIKE_STRONG,
    BSK_CHAR_MOVEMENT,      /* 208.5 */
    BSK_CHAR_DIE_ROLL,      /* 519.2 group 1: +X / −X to the card's die rolls (MODIFY only) */
    BSK_CHAR_ATTACK,        /* + bsk_strike_kind k (MODIFY only): +X / −X to the magnitude of the card's
                             * attacks of kind k, a 520.2 c modifier (keywords.c engine_magnitude) */
    /* the element set (value: bits 1u << bsk_element): SET replaces it (106.2.1 «становится картой стихии»),
     * MODIFY adds to it («получает стихию»), in the effects' order (engine_char_elements) */
    BSK_CHAR_ELEMENTS = BSK_CHAR_ATTACK + BSK_STRIKE_FINISHING_BLOW, /* kept where it was (states, hashes) */
    BSK_CHAR_ATTACK_FINISHING_BLOW, /* blow11 (issue 23): +X / −X to the card's finishing blows (MODIFY only) */
    BSK_EFFECT_CHAR_COUNT
} bsk_effect_char;

/* blow11 (issue 23): the characteristic of the magnitude of the card's attacks of kind k (bsk_strike_kind). */
static inline int bsk_char_attack(int kind)
{
    return kind == BSK_STRIKE_FINISHING_BLOW ? BSK_CHAR_ATTACK_FINISHING_BLOW : BSK_CHAR_ATTACK + kind;
}

/* Whom an effect affects, read whenever a characteristic is read (so a creature that enters play
 * later is one of "the source's creatures"). Issue 22 grows the vocabulary. */
typedef enum bsk_effect_filter {
    BSK_FILTER_UNIT,               /* unit `who` */
    BSK_FILTER_CREATURES_OF,       /* every creature of player `who` in the battle zone */
    BSK_FILTER_OTHER_CREATURES_OF, /* the same but the source */
    BSK_FILTER_CARDS_OF,           /* branch shield6: every card of player `who` in the battle zone («ваши карты») */
    BSK_FILTER_AGAINST_UNIT,       /* swap12 (issue 23): the source's own attacks, only those at unit `who` («+2 к
                                    * дальним атакам по атакованному»): read by engine_magnitude_mods alone (for every
                                    * other reader it reaches no card); gone when either card leaves the battle zone */
    BSK_EFFECT_FILTER_COUNT
} bsk_effect_filter;

/* Glossary §3.2. */
typedef enum bsk_effect_duration {
    BSK_DURATION_BATTLE,       /* until the end of the battle: permanent (the default of acquired features) */
    BSK_DURATION_TURN,         /* until the end of game turn `until` (413.3): "until the end of the turn"
                                * (the current one), "until the end of P's next turn" (that turn) */
    BSK_DURATION_WHILE_SOURCE, /* while the source is in the battle zone ("пока … не покинет поле боя"):
                                * gone for good when it leaves (122.8) */
    /* branch dice5 (issue 23), 122.4.1: effects on one game action */
    BSK_DURATION_ROLL,   /* until the die roll step's modifiers are applied (306.5.3) */
    BSK_DURATION_ATTACK, /* until the attack at stack index `until` - 1 leaves the stack */
    /* move11 (issue 23): what BSK_CHAR_ATTACK + k (MODIFY): until the card's next attack of kind k reaches its
     * Calculation step (used up there, with the other kinds' effects of the same record), and until the end of game
     * turn `until` when `until` is not 0 («+1 к следующему разряду до конца хода») */
    BSK_DURATION_NEXT_ATTACK,
    BSK_EFFECT_DURATION_COUNT
} bsk_effect_duration;

/* One active effect: small integers, in the order they were made (later ones apply later). */
typedef struct bsk_effect {
    int8_t source;    /* the unit whose feature made it, -1 for a rules effect */
    int8_t feature;   /* index among the source's features, -1 */
    uint8_t op;       /* bsk_effect_op */
    uint8_t what;     /* GRANT, LOSE: bsk_keyword_id; MODIFY, SET: bsk_effect_char */
    int8_t value;
    uint8_t filter;   /* bsk_effect_filter */
    int8_t who;       /* UNIT: the unit; CREATURES_OF, OTHER_CREATURES_OF: the player */
    uint8_t duration; /* bsk_effect_duration */
    uint8_t until;    /* TURN: the last game turn it lasts */
    uint8_t from;     /* branch shield6: the first game turn it applies in (0: at once; «в следующий ход
                       * противника»), hashed only when not 0 */
} bsk_effect;

/* static2 (issue 22): a delayed effect (glossary §3.2, «в конце следующего хода …», 120): the records of
 * source's feature `feature` from `from` on, run for `player` on `target` at the moment `when`
 * (BSK_DELAY_*) of game turn `turn`; it exists independently of its source. */
typedef struct bsk_delayed {
    int8_t source;
    uint8_t feature;
    uint8_t from;
    uint8_t when;
    uint8_t turn;
    uint8_t player;
    int8_t target;
    uint8_t pad;
} bsk_delayed;

/* An acquired keyword's number (armor 2 granted); x 0 = an empty slot. */
typedef struct bsk_granted_x {
    uint8_t keyword; /* bsk_keyword_id */
    int8_t x;        /* 1.. */
} bsk_granted_x;

/* The derived sets of cards hearing other cards' events (bsk_match.wide): on_attack's, on_attack_wounds', and
 * every other event's (issue 23, session 17: the two raised at every strike asked every such card). */
#define BSK_MATCH_WIDE_SETS 3

/* branch posio (issue 22 §2): a feature acquired from another card (bsk_match.acquired). */
#define BSK_MATCH_ACQUIRED_MAX 8   /* features acquired at once in a match; one more ends the game as a
                                      draw by cap (cap_effects) */
#define BSK_DIED_EXTRA 255         /* acquired4: bsk_match.died_cell of a card that died in the extra zone */
#define BSK_FEATURE_ACQUIRED 64    /* a unit's feature index k >= this is its acquired entry k - 64 */
#define BSK_FEATURE_CELL_MARKER 96 /* mark9 (issue 23): k >= this is the feature cell marker entry k - 96 carries,
                                    * heard as its placer's card's (544.5) */
#define BSK_ACQUIRED_MARKER 0x80   /* mark9 (issue 23): bsk_acquired.feature's flag — a unit marker's feature (544.1):
                                    * `slot` then holds the unit that placed the marker (544.4), whose card's feature it
                                    * is (units < 64, features < 128: no byte added) */
#define BSK_ACQUIRED_BATTLE 255    /* bsk_acquired.until: for the battle */
typedef struct bsk_acquired {
    uint8_t until;   /* 0: an empty entry; BSK_ACQUIRED_BATTLE: for the battle; N: until the end of game turn N */
    int8_t unit;     /* the unit that has it */
    uint8_t slot;    /* the card table slot of the card whose feature it is (mark9: with BSK_ACQUIRED_MARKER in
                      * `feature`, the unit that placed the marker: its card's slot) */
    uint8_t feature; /* its index among that card's features (| BSK_ACQUIRED_MARKER: a marker's, mark9) */
} bsk_acquired;

/* A unit's named markers (glossary §2.7). */
#define BSK_MATCH_NAMED_MAX 16     /* (unit, name) pairs with markers at once; one more: a draw by cap */
typedef struct bsk_named_marker {
    uint8_t count; /* 0: an empty entry */
    int8_t unit;
    uint8_t name;  /* index in bsk_card_table.marker_names */
    /* group3 (issue 22): the player whose card placed them (544.3: a text that does not count markers sees
     * only its own squad's), recorded only when a filter of the match reads it (bsk_card_table.markers_by);
     * 0: not recorded (a position's markers, or no card reads it). Hashed within the name's byte. */
    uint8_t by;
} bsk_named_marker;

/* cell7 (issue 23): named markers on cells (544.1 «выбранная карта/клетка может получить особый маркер»;
 * «гниль», «костёр», «стена огня»). One entry a (cell, name, placer, end); several markers of one name on a
 * cell count up in it (544.2: 06-180 removes one «гниль» of several). */
#define BSK_MATCH_CELL_MARKERS_MAX 16 /* entries at once; one more: a draw by cap (cap_effects) */
#define BSK_CELL_MARKER_BY_SHIFT 6    /* bsk_cell_marker.name: bits 0..5 the name, 6..7 the placer */
typedef struct bsk_cell_marker {
    uint8_t count; /* 0: an empty entry */
    int8_t cell;   /* battlefield cell 0..29 */
    uint8_t name;  /* index in bsk_card_table.marker_names (< BSK_MARKER_NAMES_MAX) | placer << 6: the player whose
                    * card placed them (544.3: a text that does not count markers sees only its own squad's) */
    uint8_t until; /* 0: for the battle; N: until the end of game turn N (413.3, «до конца хода») */
} bsk_cell_marker;

/* ---- Results ---- */

typedef struct bsk_match_result {
    uint8_t over;
    uint8_t winner;    /* 1, 2, 0 for a draw */
    uint8_t by_cap;    /* DESIGN §5: 60 turns; the effects cap too */
    uint8_t cap_actions; /* 256 declarations in a turn: an engine bug */
    uint8_t reason;    /* bsk_result_reason */
    uint8_t cap_effects; /* DESIGN §5 "cap": which capacity a game that would overflow it drew on (by_cap set
                          * with it): BSK_CAP_EFFECTS ("effects": an effect or an acquired number,
                          * BSK_MATCH_EFFECTS_MAX, BSK_UNIT_GRANTED_X_MAX), BSK_CAP_STACK ("stack": the
                          * stack, the declaration queue, BSK_MATCH_STACK_MAX, BSK_MATCH_QUEUE_MAX) */
} bsk_match_result;

/* bsk_match_result.cap_effects */
enum { BSK_CAP_NONE, BSK_CAP_EFFECTS, BSK_CAP_STACK };

typedef enum bsk_result_reason {
    BSK_RESULT_NONE,
    BSK_RESULT_NO_CREATURES,   /* 601.2 a, 503.1 u */
    BSK_RESULT_REDEAL,         /* 402.4 */
    BSK_RESULT_NO_SQUAD,       /* 403.2.5 */
    BSK_RESULT_CAP,
    BSK_RESULT_FEATURE         /* 601.2: a feature says its controller wins or the opponent loses (op win) */
} bsk_result_reason;

/* ---- The state ---- */

typedef struct bsk_match_side {
    uint8_t deck[BSK_MATCH_DECK_MAX];  /* card slots, top first */
    uint8_t deck_count;
    uint8_t deal[BSK_MATCH_DEAL_MAX];  /* card slots of the deal (402.3) */
    uint8_t deal_count;
    int8_t taken[BSK_MATCH_DEAL_MAX];  /* deal positions in recruit order */
    int8_t paid_gold[BSK_MATCH_DEAL_MAX], paid_silver[BSK_MATCH_DEAL_MAX];
    uint8_t taken_count;
    uint8_t redeals;
    uint8_t redeal_done;               /* declined further redeals (402.4.1) */
    uint8_t recruit_done;
    uint8_t placed;                    /* squad cards placed so far */
    uint8_t extra_count;               /* cards that have entered the extra zone */
    uint8_t lost_flag;                 /* 402.4 / 403.2.5 */
    uint8_t can_finish;                /* asked to recruit: the squad is legal as it stands */
    /* prebattle12 (issue 23), 403.1: the gold paid for «до набора отряда» features (402.1: of the recruitment's
     * crystals), and the step's state: bit 0 declined (no more features this step), bits 4-7 the cards those
     * features took into the squad (the first of taken[], kept on a cancel, 403.2.4). Both 0 in a match without
     * such a card; hashed only when not 0. Two padding bytes before can_take: the side's size is unchanged. */
    uint8_t before_gold;
    uint8_t before_state;
    uint32_t can_take;                 /* asked to recruit: deal positions that may be taken now */
} bsk_match_side;

typedef struct bsk_stack_entry {
    uint8_t kind;       /* bsk_action_kind of the declaration */
    uint8_t step;       /* internal execution step (512.6) */
    uint8_t player;
    int8_t source;
    int8_t target;      /* original target unit */
    int8_t final_target;
    int8_t cell;
    int8_t guard;       /* guard unit (514), -1 */
    int8_t ability;     /* attack index in the card entry, -1 for the simple strike */
    int8_t roll[2];     /* modified rolls: source, defender */
    int8_t strength[2]; /* 0 weak, 1 medium, 2 strong, -1 miss: source's strike, counter-strike */
    uint8_t flags;
    uint8_t magnitude[2]; /* final magnitudes (520): source's strike, counter-strike */
    uint8_t flags2;
    uint8_t group;      /* group3 (issue 22): a group target's (BSK_TARGET_GROUP) slot in bsk_match.groups + 1, 0 */
    uint8_t x;          /* a feature whose cost is X counters (BSK_FEATURE_COUNTERS_X): X, chosen as it is declared
                         * and fixed until it is done (543.2; 0 until chosen); an attack's: the second dice of
                         * a two-dice roller until it chooses (306.5.2, dice7: low nibble the source's, high the
                         * defender's) */
    uint8_t flags3;     /* times3 (issue 22): E3_* (engine.h), 540.4's not tapping; 0 for every other entry */
} bsk_stack_entry;

/* A triggered feature waiting to be declared (305.1). */
typedef struct bsk_pending {
    int8_t unit;     /* its card */
    uint8_t feature; /* index among the card's features */
    int8_t target;   /* the attacked card for BSK_TARGET_ATTACKED, -1 */
    uint8_t player;  /* who declares it: the card's controller (bits 0-1); dice7 (issue 23): bits 2-7 the event's
                      * value its X reads (an on_destroys trigger's: the destroyed card's excess damage, glossary
                      * «Избыточный урон»), 0 for every other trigger, so their bytes and hashes are unchanged */
} bsk_pending;

/* What a feature's question asks (DESIGN §5 `use`, `mode`, `choose`; BSK_ACT_USE, _MODE, _CHOOSE). */
typedef enum bsk_choose_what {
    BSK_CHOOSE_NONE,
    BSK_CHOOSE_USE,       /* «может» (116.7): option 1 = use the feature, 0 = decline it (BSK_ACT_USE) */
    BSK_CHOOSE_MODE,      /* «или»: option n = the n-th, 1-based in text order (BSK_ACT_MODE) */
    BSK_CHOOSE_UNIT,      /* a card: option i = unit i (BSK_ACT_CHOOSE from here on) */
    BSK_CHOOSE_CELL,      /* a cell: option i = cell i */
    BSK_CHOOSE_NUMBER,    /* a number: option n = n */
    BSK_CHOOSE_CLASS,     /* a class: option = bsk_class */
    BSK_CHOOSE_ELEMENT,   /* an element: option = bsk_element */
    BSK_CHOOSE_DIRECTION, /* option 0 forward, 1 back, 2 left, 3 right, as the chooser sees the board */
    BSK_CHOOSE_DECK,      /* grave10 (issue 23): a card of the chooser's deck: option i = deck position i (the first
                           * copy of each card that may be chosen; bsk_match_deck_option names it); spawn11: a
                           * summon's also offers BSK_DECK_OPTION_NONE (63, "none": no card found, 536.5.1) */
    BSK_CHOOSE_WHAT_COUNT
} bsk_choose_what;

/* bsk_choice.pending when no pending trigger asks: the completion step of the stack's top entry
 * (glossary «Рывок»), or a werewolf's form (extension, issue 21; reminder text 06-060: asked in the
 * Beginning phase of its controller's turn, `mode` 1 = {wolf}, 2 = {human}; bsk_match_form_asked
 * names the werewolf), or the cell of a relocate effect of the feature resolving on top of the stack
 * (issue 22: `choose`, option i = cell i). */
enum { BSK_CHOICE_DASH = -1, BSK_CHOICE_FORM = -2, BSK_CHOICE_RELOCATE = -3,
       BSK_CHOICE_TAP_COST = -4, /* static2 (issue 22): the creature a feature's cost taps */
       /* compound3 (issue 22): `use` an optional effect record of the compound feature resolving on top
        * of the stack (505.6, «может» inside a feature) */
       BSK_CHOICE_MAY = -5,
       BSK_CHOICE_GROUP = -6, /* group3 (issue 22): the next card of a declaration's group target (512.5) */
       BSK_CHOICE_X = -7, /* the X of a declaration whose cost is X counters (543.2; `choose` a number 1..) */
       BSK_CHOICE_OR = -8, /* incarn7 (issue 23): a resolving compound feature's «или» (505.4.8; `mode` 1 or 2) */
       /* dice7 (issue 23): the value a card that rolled two dice for its strength keeps (306.5.2; `choose` a
        * number, option n = the die showing n; `mode` 0 the attack's source, 1 the defender) */
       BSK_CHOICE_DIE = -9,
       /* batl9 (issue 23): the start of the battle (406.1): `use` (1: use a start-of-battle feature now, 0: decline
        * and use none for the rest of the subphase), then `choose` the card when two or more may */
       BSK_CHOICE_BATTLE_START = -10 };

/* The question a feature asks (match->choice while the engine asks one): what, of whom, which
 * options are allowed, and where the execution resumes with the answer. The legal list holds one
 * action per allowed option (bit i of `allowed`: option i), in option order. */
typedef struct bsk_choice {
    uint8_t what;     /* bsk_choose_what; NONE when no feature asks */
    uint8_t player;   /* who answers: the feature's controller */
    int8_t pending;   /* the pending trigger (305.1) whose declaration asks, BSK_CHOICE_DASH (-1): the
                       * completion step of the stack's top entry asks (glossary «Рывок»: use, then
                       * the cell), BSK_CHOICE_FORM: a werewolf's form before its controller's turn */
    uint8_t mode;     /* the option an earlier `mode` answer of the same declaration chose, 0 */
    uint8_t group;    /* turn10: 1 + the groups[] slot a trigger's «до N» group is chosen into, 0 */
    uint8_t pad[3];
    uint64_t allowed; /* the options that may be chosen */
} bsk_choice;

typedef struct bsk_match {
    bsk_dice dice;                      /* every random event (402, 306); a position's fixed dice */
    uint64_t altered;                   /* internal, derived (not hashed): the units whose characteristics
                                         * are more than printed: every unit while an effect is active,
                                         * else those with an acquired or lost keyword (granted[], lost[])
                                         * or extra life */
    uint8_t phase;                      /* bsk_phase */
    uint8_t turn;                       /* game turn, 1-based; 0 in the preliminary phase */
    uint8_t active;                     /* active player (407) */
    uint8_t first;                      /* the first player, 0 before 402.1 */
    uint8_t priority;                   /* holder of priority (303), or the player asked */
    uint8_t passes;                     /* consecutive passes (303.7) */
    uint8_t question;                   /* internal: what is being asked */
    uint8_t step_done;                  /* internal: the current step's question was answered */
    uint8_t window;                     /* internal: the open priority window (303, 512) */
    uint8_t unit_count;
    uint8_t stack_count, queue_count;
    uint8_t pending_count;
    uint8_t effect_count;               /* effects[] in use */
    uint8_t ask_choice;                 /* a position's run (DESIGN §5): the Choice subphase is asked even
                                         * when ending the turn is the only answer (411.1, 411.2) */
    uint8_t rebuff;                     /* rebuff (extension; engine README "Readings taken"): bit p-1 = player
                                         * p's squad had fewer cards than the opponent's before this turn's
                                         * start, so its cards' «Отпор» text holds until the turn's end
                                         * (413.3); set only when a card of the table has rebuff, hashed
                                         * only when set */
    uint16_t declarations;              /* this turn (cap) */
    uint32_t actions;                   /* declarations and answers applied, whole game */
    int8_t at[30];                      /* ground card per cell, -1 */
    bsk_match_result result;
    bsk_squad_params params;
    bsk_match_side sides[2];
    bsk_unit units[BSK_MATCH_UNITS_MAX];
    bsk_stack_entry stack[BSK_MATCH_STACK_MAX];
    bsk_stack_entry queue[BSK_MATCH_QUEUE_MAX];
    bsk_pending pending[BSK_MATCH_PENDING_MAX];
    bsk_choice choice;                  /* a feature's question (hashed while one is asked) */
    bsk_effect effects[BSK_MATCH_EFFECTS_MAX]; /* active effects, oldest first */
    /* Keywords each unit has acquired or lost for the battle (bit k: 1ull << bsk_keyword_id; a later
     * grant takes a loss back and the other way round, glossary §3.2 `lose_battle`), and the numbers
     * of acquired keywords; read after the printed ones and before effects[]. */
    uint64_t granted[BSK_MATCH_UNITS_MAX];
    uint64_t lost[BSK_MATCH_UNITS_MAX];
    bsk_granted_x granted_x[BSK_MATCH_UNITS_MAX][BSK_UNIT_GRANTED_X_MAX];
    /* The werewolf forms (extension; issue 21): bit i = unit i is in form BSK_FORM_WOLF ([0]) or
     * BSK_FORM_HUMAN ([1]); a form lasts until the end of its controller's opponent's turn and goes
     * when the card leaves the battle zone. Hashed only when one is set. */
    uint64_t form[2];
    /* The execution markers of the limits «X раз за ход / за бой» (545.7; issue 22): unit i's uses of
     * its feature k (k < BSK_FEATURE_LIMITED_MAX) in bits 4k..4k+3 of used[i]. Placed when a limited
     * feature is paid (512.7, after the legality the flying-arrow rule names, 526.2; a trigger's
     * only payment, 116.2); the per-turn ones go at every turn's Untap step (409.2); kept in the
     * graveyard and exile (205.4, 206.4), gone in the deck (204.4). Hashed only when non-zero. */
    uint32_t used[BSK_MATCH_UNITS_MAX];
    /* branch posio (issue 22 §2): the features units have acquired from other cards (glossary §1.6
     * «Получает [текст]»: a set-up's `gains` {"card","src"}, op gain_feature {"card","src"}). Entries
     * are never moved (a stack entry or a pending trigger names one by its index, unit feature index
     * BSK_FEATURE_ACQUIRED + i); acquired_count is one past the last entry used, 0 when none is:
     * the fast exit. Hashed only when acquired_count is non-zero. */
    uint8_t acquired_count;
    uint8_t named_count;                /* named_markers[] in use (0: the fast exit; hashed when non-zero) */
    /* branch acquired4 (issue 22 §1): the execution markers of the limits «X раз за ход / за бой» on
     * acquired features (545.7: the holder's, per acquired entry): entry j's uses in bits 4(j%2)..4(j%2)+3
     * of acquired_used[j/2]; they go with the entry, the per-turn ones at every Untap step (409.2). Hashed
     * after tag 'U' only when one is non-zero. Taken from the padding: bsk_match keeps its size. */
    uint8_t acquired_used[BSK_MATCH_ACQUIRED_MAX / 2];
    uint8_t posio_pad[2];
    bsk_acquired acquired[BSK_MATCH_ACQUIRED_MAX];
    /* Named markers (glossary §2.7 `named:<name>`, DESIGN §5 `markers`): count markers named
     * card-table name `name` (bsk_card_table.marker_names) on `unit`; count 0: an empty entry. */
    bsk_named_marker named_markers[BSK_MATCH_NAMED_MAX];
    /* Internal and derived from units[] and at[] (bit i = unit i, or cell i; not hashed): what
     * loops over the cards would find, kept as the cards change zones and cells. */
    uint64_t in_battle[2];              /* each player's cards in the battle zone (201) */
    uint64_t creatures;                 /* cards that are creatures, face-down ones included */
    uint64_t incarnating;               /* cards in a graveyard whose card prints incarnation (536.7): the
                                         * only ones engine_incarnation looks at */
    uint64_t fast;                      /* cards whose card has an instant feature or attack for some window
                                         * (card_table windows[slot] != 0): the only ones a window asks */
    uint64_t wide[BSK_MATCH_WIDE_SETS]; /* cards whose card has a feature hearing other cards' events
                                         * (card_table listen_wide_of[slot]): besides an event's two cards,
                                         * the only ones a wide event asks (engine_raise_slow); one set for
                                         * on_attack, one for on_attack_wounds (raised at every strike), one
                                         * for every other event (engine_wide_set) */
    uint64_t statics;                   /* cards whose card has a static feature (card_table statics[slot] or
                                         * times[slot] != 0): the only ones a characteristic's lookup reads */
    uint32_t occupied;                  /* cells holding a ground card: at[c] >= 0 */
    uint32_t shared;                    /* cells holding a second ground card: an incorporeal creature that
                                         * moved onto an occupied cell (524.2), not at[c] */
    /* static2 (issue 22): the delayed effects waiting, oldest first (hashed after tag 'D' only when one
     * waits); they run at the end phase (413.1) or the start of a turn (409.2) they name */
    uint8_t delayed_count;
    bsk_delayed delayed[BSK_MATCH_DELAYED_MAX];
    /* group3 (issue 22): the cards of the group targets (BSK_TARGET_GROUP, bit i: unit i) of the
     * declarations in the queue and on the stack, each named by its entry's `group` (slot + 1); a slot no
     * entry names is free. Hashed with the entry that names it (tag 'G'), so games without them hash as before. */
    uint64_t groups[BSK_MATCH_GROUPS_MAX];
    /* 509.3 (issue 22): 1 + the cell unit i stood on when it last died, for the "on death" features that read a
     * place (0: none, or no card of the match reads it: bsk_card_table.death_cell_any). Beside units[], not in
     * it, so a unit stays 18 bytes (the legal list indexes units in its hot loops); hashed after tag 'C' only
     * when set. acquired4: BSK_DIED_EXTRA when it died in the extra zone (a flyer: 201.2.4, its on-death attack
     * is made from there). */
    uint8_t died_cell[BSK_MATCH_UNITS_MAX];
    /* events3 (issue 22): the battle history of heals (545.8, 538): heals[p][0] the heals of player p's
     * cards this turn, heals[p][1] this battle (saturating), each heal counted as it is applied, a heal
     * of an unwounded card too (545.8's example; 523.4: it raises no on_heal). Kept only when a card
     * of the match hears on_heal (the table's listen_any); this turn's go at 413.3. Hashed after tag
     * 'H' only when one is non-zero. */
    uint8_t heals[2][2];
    /* cell7 (issue 23): the named markers on cells (bsk_cell_marker), cell_markers_count one past the last entry
     * in use (0: the fast exit); hashed after tag 'K' only when it is not 0. 65 bytes. */
    uint8_t cell_markers_count;
    bsk_cell_marker cell_markers[BSK_MATCH_CELL_MARKERS_MAX];
} bsk_match;

/* ---- Events a caller may collect (rolls for logs, the rest for displays) ---- */

typedef enum bsk_event_kind {
    BSK_EVENT_ROLL,     /* player, unit, value */
    BSK_EVENT_WOUND,    /* unit, value (wounds dealt after prevention) */
    BSK_EVENT_DEATH,    /* unit */
    BSK_EVENT_MOVE,     /* unit, cell (from), value (to) */
    BSK_EVENT_COUNT
} bsk_event_kind;

typedef struct bsk_event {
    uint8_t kind;
    uint8_t player;
    int8_t unit;
    int8_t cell;
    int8_t value;
    uint8_t seated;  /* ROLL: the rolling card is a symbiote seated on the card of `cell` (211.9),
                      * whose place is that cell with "s" ("c3s") */
} bsk_event;

typedef struct bsk_events {
    bsk_event *items;
    size_t count;
    size_t capacity;  /* events past it are counted in dropped */
    size_t dropped;
} bsk_events;

/* ---- Setting up ---- */

typedef struct bsk_match_deck {
    const bsk_card *const *cards; /* one pointer per copy */
    int count;
    bool squad; /* a ready squad (DESIGN §4 --squad): every card recruited, no deal, no redeal, no
                 * payment; at most params->cells cards (403.2.3 e); placed by the 404 tiers */
} bsk_match_deck;

/* A new game from the 402.1 roll: decks[0] and decks[1] are the two players' decks (deck 0
 * is "player A" until 402.1 decides who is first). With first_player 1 or 2 the roll is
 * skipped and that deck's owner goes first (batches, `play --first`). */
bsk_status bsk_match_new(bsk_match *match, bsk_card_table *cards, const bsk_squad_params *params,
                         const bsk_match_deck decks[2], uint64_t seed, int first_player, bsk_error *error);

/* A board set up directly (DESIGN §5 position files): cards with their state, the turn (its
 * Choice subphase, empty stack) and fixed dice. */
#define BSK_POSITION_ACQUIRED_MAX 4 /* `gains` {"card","src"} entries of one card */
#define BSK_POSITION_NAMED_MAX 4    /* named markers of one card in a position */
typedef struct bsk_position_acquired {
    const bsk_card *card; /* the card whose feature it is */
    int src;              /* that feature's src */
    int used;             /* acquired4: `"used": n`, the execution markers of its limit (545.7) on this holder */
} bsk_position_acquired;
typedef struct bsk_position_named {
    char name[BSK_MARKER_NAME_MAX];
    int count;
} bsk_position_named;

typedef struct bsk_position_card {
    const bsk_card *card;
    int owner;      /* 1 or 2 */
    int zone;       /* bsk_zone */
    int cell;       /* battlefield cell, -1 */
    int wounds;
    bool tapped;
    bool hidden;
    int counters;
    int poison;
    int host_cell;  /* a symbiote's host cell, -1 */
    int moved;      /* movement points already spent this turn (506.1) */
    int extra_life; /* 508.4, 508.8.1: extra life, negative for negative life */
    uint64_t gains; /* keywords it has acquired (bit k: 1ull << bsk_keyword_id; attack abilities
                     * are not acquired this way yet) */
    bsk_granted_x gains_x[BSK_UNIT_GRANTED_X_MAX]; /* their numbers (x 0: none) */
    int form;       /* a werewolf's form (extension): bsk_unit_form (BSK_FORM_NONE: none) */
    int incarnation; /* `markers: {"incarnation": N}`: incarnation tokens (536.7.1; graveyard only) */
    uint32_t used;   /* `used: [{"src": s, "count": n}]`: the execution markers of its limited features
                      * (545.7), bsk_match.used's shape: n in bits 4(s-1)..4(s-1)+3 */
    /* branch posio (issue 22 §2): `gains` {"card","src"} (features acquired from another card, for the
     * battle) and `markers` by name (named markers, glossary §2.7) */
    int acquired_count;
    bsk_position_acquired acquired[BSK_POSITION_ACQUIRED_MAX];
    int named_count;
    bsk_position_named named[BSK_POSITION_NAMED_MAX];
} bsk_position_card;

/* Where a position starts (DESIGN §5 "start"). */
enum {
    BSK_POSITION_START_CHOICE, /* turn `turn`'s Choice subphase, empty stack (the default) */
    BSK_POSITION_START_BATTLE, /* just before the battle: start-of-battle features, then turn `turn` starts */
    BSK_POSITION_START_TURN    /* the start of turn `turn`, before its Untap step (409) */
};

/* cell7 (issue 23): DESIGN §5 `cell_markers` [{"cell", "name", "owner", "count", "until"}]: named markers on a cell
 * (544.1), placed by `owner`'s squad (544.3), for the battle or until the end of game turn `until` (0). */
#define BSK_POSITION_CELL_MARKERS_MAX 8
typedef struct bsk_position_cell_marker {
    int cell;
    char name[BSK_MARKER_NAME_MAX];
    int owner; /* 1 or 2 */
    int count; /* 1..99 */
    int until; /* 0: for the battle; N: until the end of game turn N */
} bsk_position_cell_marker;

typedef struct bsk_position {
    int active;     /* 1 on odd turns, 2 on even ones */
    int turn;       /* 1.. */
    int card_count;
    bsk_position_card cards[BSK_MATCH_UNITS_MAX];
    int dice_count; /* the fixed dice, consumed in order; every roll must come from them (DESIGN §5) */
    uint8_t dice[BSK_MATCH_DICE_SCRIPT_MAX];
    uint64_t seed;  /* the RNG state inside the match (hashed): shuffles and other non-dice randomness */
    int start;      /* BSK_POSITION_START_* */
    bool ask_choice; /* DESIGN §5's runner: the active player gets priority in every Choice subphase,
                      * even when ending the turn is its only choice (411.1, 411.2); position files
                      * set it; boards built in code may leave it off (the turn then passes by itself) */
    int cell_marker_count; /* cell7 (issue 23) */
    bsk_position_cell_marker cell_markers[BSK_POSITION_CELL_MARKERS_MAX];
} bsk_position;

/* Sets the match up from a position; refuses (naming the rule) two ground cards on a cell, an
 * active player that does not match the turn, a symbiote without its host, and the like. */
bsk_status bsk_match_from_position(bsk_match *match, bsk_card_table *cards, const bsk_position *position,
                                   bsk_error *error);
/* Fixed dice left unused (a position with dice left over is an error, DESIGN §5), and whether a
 * roll found none left. */
int bsk_match_dice_left(const bsk_match *match);
bool bsk_match_dice_exhausted(const bsk_match *match);

/* ---- Playing ---- */

/* The priority window open now (303, 512.4), by the 512.6 step whose window it is: "choice" (the Choice
 * subphase's, after a declaration), "cancel", "targets", "roll", "calc", "block", "apply"; NULL when no
 * window is open (branch ops2, issue 22: positions' `at`, the play session's `legal`). */
const char *bsk_match_window_id(const bsk_match *match);

/* Who must act now: 1 or 2; 0 when the game is over. */
int bsk_match_to_act(const bsk_match *match);
/* The legal actions of the player to act (at most `capacity`); returns the count. */
int bsk_match_legal(const bsk_match *match, const bsk_card_table *cards, bsk_action *out, int capacity);
/* Whether `action` is legal now (with the rule it breaks in error when not). */
bsk_status bsk_match_check(const bsk_match *match, const bsk_card_table *cards, const bsk_action *action,
                           bsk_error *error);
/* Checks, then applies the action and runs the game on to the next decision. events may be NULL. */
bsk_status bsk_match_apply(bsk_match *match, const bsk_card_table *cards, const bsk_action *action,
                           bsk_events *events, bsk_error *error);

/* Applies an action copied unchanged from bsk_match_legal's list for this very state, without
 * checking it again (agents' play loops). Anything else must go through bsk_match_apply. */
void bsk_match_apply_legal(bsk_match *match, const bsk_card_table *cards, const bsk_action *action,
                           bsk_events *events);

/* ---- Chance (DESIGN §5) ---- */

/* One outcome of the dice of an attack: the unmodified dice, the strengths read from the hit table
 * or the one-die thresholds (before a step-down), the magnitudes, and the weight in 36ths. */
typedef struct bsk_fight_outcome {
    uint8_t dice[2];      /* the source's die, the defender's (0 when it does not roll) */
    int8_t strength[2];   /* -1 miss, 0 weak, 1 medium, 2 strong: the strike, the counter-strike */
    uint8_t magnitude[2]; /* wounds before protection and prevention (520) */
    uint8_t step_down;    /* the higher roller may step down (515.3) */
    uint8_t weight;       /* in 36ths: 1 for each pair of a fight, 6 for each die of one roll */
} bsk_fight_outcome;

/* Every outcome of the dice of a legal attack declaration (BSK_ACT_ATTACK or BSK_ACT_ABILITY of
 * an attack) at its declared target, without a guard: 36 pairs for a fight (515.2), 6 dice for
 * one roll (515.6–515.8), 36 pairs of one roller's two dice (306.5.2, dice7's roll_twice outside a fight:
 * the better value kept); the weights add up to 36. Returns the count, 0 when the action is not
 * an attack of this state or names a card the state does not know (a view's face-down card). For
 * search agents: the state itself is not touched. */
int bsk_match_fight_outcomes(const bsk_match *match, const bsk_card_table *cards, const bsk_action *attack,
                             bsk_fight_outcome out[36]);
/* Re-seeds the dice of a clone, so a search never sees the real game's future dice. */
void bsk_match_reseed(bsk_match *match, uint64_t seed);

/* The 64-bit FNV-1a hash of the canonical serialisation (DESIGN §5). */
uint64_t bsk_match_hash(const bsk_match *match);
/* "0123456789abcdef" */
void bsk_match_hash_format(uint64_t hash, char out[17]);

/* The player's recruitment as the squad library sees it (403), for agents and displays. */
struct bsk_recruit;
void bsk_match_recruit_state(const bsk_match *match, const bsk_card_table *cards, int player,
                             struct bsk_recruit *out);

/* ---- Queries ---- */

/* The feature's question being asked (`use`, `mode`, `choose`), NULL when none is: what it asks
 * and the allowed options, for agents and displays. */
const bsk_choice *bsk_match_choice(const bsk_match *match);
/* The words of a direction option (BSK_CHOOSE_DIRECTION): "forward", "back", "left", "right"; NULL. */
const char *bsk_match_direction_id(int direction);
/* grave10 (issue 23): the card table slot of option `option` of a BSK_CHOOSE_DECK question (the asked player's
 * deck position), -1 when there is none. */
int bsk_match_deck_option(const bsk_match *m, int option);

const bsk_match_result *bsk_match_result_get(const bsk_match *match);
/* Current life of a unit: printed life (with modifiers) minus wounds (508). */
int bsk_match_unit_life(const bsk_match *match, const bsk_card_table *cards, int unit);
/* A unit's characteristics as the game sees them now: the printed values plus what effects
 * grant, take away or modify (lib/src/engine/characteristics.c; the engine reads the same).
 * Life (max life, 208.3) and movement are 0 when none is printed. */
int bsk_match_unit_max_life(const bsk_match *match, const bsk_card_table *cards, int unit);
int bsk_match_unit_movement(const bsk_match *match, const bsk_card_table *cards, int unit);
bool bsk_match_unit_has_keyword(const bsk_match *match, const bsk_card_table *cards, int unit, bsk_keyword_id keyword);
/* X of a named keyword (518): 0 without it, `unprinted` when it prints no X, the largest when
 * printed twice (518.3). */
int bsk_match_unit_keyword_x(const bsk_match *match, const bsk_card_table *cards, int unit, bsk_keyword_id keyword,
                             int unprinted);
/* The keywords the unit has now (bit k: 1ull << bsk_keyword_id): its printed unconditional ones
 * plus the acquired ones, less the lost ones (its attack abilities are bsk_match_unit_attack's). */
uint64_t bsk_match_unit_keywords(const bsk_match *match, const bsk_card_table *cards, int unit);
/* Those of them it has acquired (granted for the battle or by an effect: DESIGN §5 `gains`), and
 * the number an acquired keyword came with (0: none; the largest of several). */
uint64_t bsk_match_unit_gains(const bsk_match *match, const bsk_card_table *cards, int unit);
int bsk_match_unit_gain_x(const bsk_match *match, const bsk_card_table *cards, int unit, bsk_keyword_id keyword);
/* 508.4, 508.8.1: the unit's extra life, negative for negative life. */
int bsk_match_unit_extra_life(const bsk_match *match, int unit);
bsk_unit_form bsk_match_unit_form(const bsk_match *match, int unit); /* a werewolf's form (extension) */
/* The execution markers on unit's feature k (545.7: its uses this turn for a «X раз за ход», this
 * battle for a «X раз за бой»), 0 for a feature without a limit. */
int bsk_match_unit_used(const bsk_match *match, int unit, int feature);
/* branch posio (issue 22 §2): the unit's acquired features (bsk_match.acquired): how many, with up to
 * max of them written as the slot of the card whose feature it is and that feature's src. */
int bsk_match_unit_acquired(const bsk_match *match, const bsk_card_table *cards, int unit, int *slots, int *srcs,
                            int max);
/* The unit's feature k as an action's index names it: its card's feature k, or (k >=
 * BSK_FEATURE_ACQUIRED) an acquired one; NULL when it has none such. */
const bsk_feature *bsk_match_unit_feature(const bsk_match *match, const bsk_card_table *cards, int unit, int k);
/* The feature index (BSK_FEATURE_ACQUIRED + entry) of the feature the unit acquired from a card of
 * `slot` (-1: any) whose src is src, -1 when none; the slot of acquired feature index k, -1. */
int bsk_match_acquired_index(const bsk_match *match, const bsk_card_table *cards, int unit, int slot, int src);
int bsk_match_acquired_slot(const bsk_match *match, int k);
/* The unit's named markers (glossary §2.7): how many names, up to max written as the name's index in
 * the card table's marker_names and the count. */
int bsk_match_unit_named_markers(const bsk_match *match, int unit, int *names, int *counts, int max);
/* cell7 (issue 23): the named markers on battlefield cell `cell` (544.1): for each name and placer (player 1 or 2;
 * 0 when unknown) the count, at most `max` written; returns how many there are. */
int bsk_match_cell_markers(const bsk_match *match, int cell, int *names, int *bys, int *counts, int max);
/* The battle zone's cards an effect record with card filter `filter` (the table's filters[]) of
 * `viewer`'s feature reaches when it resolves (BSK_TARGET_ALL; glossary §6.2 CardFilter), `anchor`
 * the card "adjacent_to":"target" names (-1: none): bit u for unit u. 533.6: an opponent's face-down
 * card's face is not read, so it is not among them. */
uint64_t bsk_match_filter_all(const bsk_match *match, const bsk_card_table *cards, int filter, int viewer,
                              int anchor);
/* The werewolf asked its form now (Q_CHOOSE with pending BSK_CHOICE_FORM), or -1. */
int bsk_match_form_asked(const bsk_match *match, const bsk_card_table *cards);
/* 534, glossary «Броня X»: the wounds of non-magic attacks the unit's armor still prevents this
 * turn (its X less what it prevented since the last untap step; 0 without armor). */
int bsk_match_unit_armor_left(const bsk_match *match, const bsk_card_table *cards, int unit);
/* The unit's card type (bsk_card_type) and subtype (bsk_card_subtype), as the game sees them now. */
int bsk_match_unit_type(const bsk_match *match, const bsk_card_table *cards, int unit);
int bsk_match_unit_subtype(const bsk_match *match, const bsk_card_table *cards, int unit);
/* 208.8: whether the unit has a simple strike, and its value at strength 0 (weak), 1 (medium),
 * 2 (strong), unmodified by 520 (the printed value; negative when none is printed). */
bool bsk_match_unit_has_strike(const bsk_match *match, const bsk_card_table *cards, int unit);
int bsk_match_unit_strike(const bsk_match *match, const bsk_card_table *cards, int unit, int strength);
/* The three (weak, medium, strong) in one read. */
void bsk_match_unit_strikes(const bsk_match *match, const bsk_card_table *cards, int unit, int out[3]);
/* The unit's attack abilities (111) in catalogue order: how many, the k-th with its parameters (k may
 * also be a stack entry's ability index: 64 and above name an attack a feature of the card prints,
 * spawned), and the index of the one with catalogue keyword index `keyword` (an action's index), -1. */
int bsk_match_unit_attack_count(const bsk_match *match, const bsk_card_table *cards, int unit);
const bsk_attack *bsk_match_unit_attack(const bsk_match *match, const bsk_card_table *cards, int unit, int k);
int bsk_match_unit_attack_index(const bsk_match *match, const bsk_card_table *cards, int unit, int keyword);
/* 511.3, 532: whether the unit is protected from an attack of `striker` (-1: none) of attack
 * keyword `keyword` (bsk_keyword_id; -1: the simple strike, a counter-strike too, 515.4). */
bool bsk_match_unit_protected_from(const bsk_match *match, const bsk_card_table *cards, int unit, int striker,
                                   int keyword);
/* Glossary «Стойкость»: whether the unit ignores the wounds and the destruction of an
 * effect-ability of card `source` (-1: none) controlled by player `controller` (0: the source's
 * owner); effect-abilities only (a finishing blow), never attacks or spells. */
bool bsk_match_unit_steadfast(const bsk_match *match, const bsk_card_table *cards, int unit, int source,
                              int controller);
/* 515.3: the hit table's strengths (-1 miss, 0 weak, 1 medium, 2 strong: the strike, the
 * counter-strike) of the attacker's roll `a` and the defender's `d`; 515.6, 515.8: the strength
 * of one die's roll. */
void bsk_match_hit_table(int a, int d, int8_t strength[2]);
int bsk_match_one_die_strength(int roll);
/* Rebuilds a state's derived unit sets (in battle, creatures, occupied cells) after its caller
 * changed which card a unit is (a view's determinisation, agent.h). */
void bsk_match_derive(bsk_match *match, const bsk_card_table *cards);
/* The unit on a cell (the ground card; a symbiote sits on its host), -1. */
int bsk_match_unit_at(const bsk_match *match, int cell);
/* A place name: "c3", "1x2" (extra zone), "" elsewhere. */
void bsk_match_unit_place(const bsk_match *match, int unit, char out[8]);
/* The unit at a place name ("c3", "2x1", "x1" = `player`'s extra zone), -1. */
int bsk_match_place_unit(const bsk_match *match, int player, const char *place);

#ifdef __cplusplus
}
#endif

#endif
