/* card_table.h — the per-match card table (DESIGN §5): each pool card a match uses,
 * compiled once into a compact entry (numbers, masks, every attack ability with its
 * parameters compiled), addressed by a small slot. The table is immutable during a match
 * and lives beside the match state; the state refers to cards by slot, never by pointer.
 * Also what the engine runs: bsk_keyword_runs() and bsk_card_blockers(). */
#ifndef BERSERK_CARD_TABLE_H
#define BERSERK_CARD_TABLE_H

#include "berserk/card.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_CARD_TABLE_MAX 255    /* slots 0..254; */
#define BSK_CARD_SLOT_NONE 255    /* a state's "no card" */
#define BSK_ENTRY_ATTACKS_MAX 3   /* the catalogue's most: 02-061 Дхайа, 06-203 Морской волк */
#define BSK_ENTRY_PARAMS_MAX 3    /* non-attack keywords with a number; the catalogue's most is 3 */
#define BSK_RANGE_NONE (-1)       /* the attack prints no range */
#define BSK_ENTRY_HELD_MAX 3      /* keywords held under a wrapper; the catalogue's most is 2 */

/* A compiled parameter expression: value = a·var + b (var CONST: the value is b). */
typedef enum bsk_expr_var {
    BSK_EXPR_CONST,    /* "3" */
    BSK_EXPR_X,        /* "X", "X+1", "6-X": X is defined by the card's own text */
    BSK_EXPR_COUNTERS, /* "2 per counter", "2+3 per counter": the counters spent */
    BSK_EXPR_COUNT,    /* {"count": CardFilter}: X = the number of cards of the battle zone matching a
                          filter (glossary §6.1(5)), counted when the effect resolves (543); the filter
                          index is the effect record's count_filter (card features only) */
    /* compound3 (issue 22): 505.7, a dependent ability's X is what the previous effect record of its
     * feature actually did (the wounds imposed, the wounds healed, the counters placed; the cards
     * affected for the other ops), read as the record is declared ("X": "previous") */
    BSK_EXPR_PREVIOUS,
    /* branch dice5 (issue 23): {"x_of": K}, a·X + b with X the named feature K's X on the record's target (518:
     * 0 without it), read as it applies to that card («излечить его на X», X its {regen}X); K is the record's
     * `keyword` */
    BSK_EXPR_X_OF,
    /* guard10 (issue 23): {"if_more": F, "than": G, "then": T, "else": E}: T while the battle zone has more cards matching
     * F than matching G (both seen from the feature's card, counted as the effect resolves: «пока»), else E; the
     * record's count_filter is F, its than_filter G; a = T − E, b = E (05-117 «+1 к воздействию, пока в отряде
     * противника больше закрытых карт, чем открытых») */
    BSK_EXPR_COUNT_MORE,
    /* branch turn10 (issue 23): {"strike_of": "weak"|"medium"|"strong", "times": ±1}, a·S + b with S the simple
     * strike's value at that strength (engine_char_strike) on the record's target, read as it applies to that card
     * («−X …, где X его слабый {strike}», 03-111); the strength is the record's `strength` */
    BSK_EXPR_STRIKE_OF,
    /* grave10 (issue 23): {"life_of": "self"}, a·X + b with X the feature card's current life (glossary «Жизни
     * карты»: {health} in a text is the current life, 508.2.4), read as the record applies («на X, где X текущие
     * {health} Ящерки») */
    BSK_EXPR_LIFE_OF_SELF,
    BSK_EXPR_VAR_COUNT
} bsk_expr_var;

typedef struct bsk_expr {
    uint8_t var; /* bsk_expr_var */
    int8_t a;
    int8_t b;
} bsk_expr;

/* Which of an attack's parameters `expr` replaces (the catalogue has at most one per attack). */
typedef enum bsk_attack_expr_of {
    BSK_ATTACK_EXPR_NONE,
    BSK_ATTACK_EXPR_VALUES, /* the three values are one expression */
    BSK_ATTACK_EXPR_RANGE
} bsk_attack_expr_of;

/* One attack ability (shot, throw, discharge, magic strike, special strike, strike across
 * a row) or finishing blow, exactly as catalogued. */
typedef struct bsk_attack {
    uint8_t keyword;      /* bsk_keyword_id */
    uint8_t activation;   /* bsk_activation */
    uint8_t counter_cost; /* counters paid with a counter+tap activation: 1 ("{counter}{tap}"; the
                             catalogue stores no count), else 0 */
    uint8_t index;        /* in card->keywords[]: the position file's `ability` index */
    int8_t values[3];     /* weak, medium, strong, unless expr_of == VALUES */
    int8_t range;         /* BSK_RANGE_NONE when none printed, unless expr_of == RANGE */
    uint8_t expr_of;      /* bsk_attack_expr_of */
    bsk_expr expr;
} bsk_attack;

/* The number X of a non-attack keyword present unconditionally (armor 2, jump range 3). */
typedef struct bsk_keyword_param {
    uint8_t keyword; /* bsk_keyword_id */
    int8_t x;
} bsk_keyword_param;

/* A non-attack keyword the card has only while a wrapper's condition holds (121.1: a conditional
 * static feature; glossary «Строй», «На глубине», «На поверхности»; the werewolf forms, rebuff): the
 * catalogue's keyword with `"condition":"formation"` and the like (engine_char_keywords reads it). */
typedef struct bsk_held_keyword {
    uint8_t keyword;   /* bsk_keyword_id */
    uint8_t condition; /* bsk_condition: FORMATION, AT_DEPTH, ON_SURFACE, WEREWOLF_WOLF, WEREWOLF_HUMAN, REBUFF */
    int8_t x;          /* its number, -1 when none printed */
} bsk_held_keyword;

/* ---- Card features: each a small data program (DESIGN §3 "Card features", glossary §6.2) ----
 * A feature is a header (kind; a triggered or static feature's event with its role and strike
 * filters), a cost (tap, counters, instant), a condition, the target its declaration chooses, and
 * one or more effect records (op, value expression, target selector), run in order; or a per-card
 * handler (`engine: "handler:<id>"`) for what the vocabulary cannot say. Flat: fixed arrays in the
 * card table, indexes not pointers. features.c runs them: the op table ENGINE_OPS (the function
 * and the properties of each op, bsk_feature_op_modes), the handler table, the event listeners
 * and the replacements of destruction. */

#define BSK_CARD_TABLE_FEATURES_MAX 512
#define BSK_FEATURE_GROUP_MAX 8  /* group3: the most cards of a {"count": N} target (BSK_TARGET_GROUP) */
#define BSK_FEATURE_GROUP_UP_TO 0x40 /* turn10 (issue 23): group_count N | this, {"count": N, "up_to": true}:
                                        «до N» — a trigger's group of 1..N different cards, asked card by card */
#define BSK_FEATURE_GROUP_X 255
#define BSK_FEATURE_GROUP_IS_UP_TO(g) ((g) != BSK_FEATURE_GROUP_X && ((g) & BSK_FEATURE_GROUP_UP_TO))  /* group3: bsk_feature.group_count of a {"count": "X"} target: X cards, 1..8,
                                  * as many as its controller chooses when declaring (512.5 e, 523.3) */
#define BSK_MARKER_NAMES_MAX 16 /* names of named markers in one match (bsk_card_table.marker_names) */
#define BSK_MARKER_NAME_MAX 32  /* bytes of a name with its terminator */
#define BSK_FEATURE_EFFECTS_MAX 4 /* effect records of one feature (4 since compound3: 505.5's "[C1], при этом
                                   [C2], затем [C3] и [C4]") */
/* A feature's limit «X раз за ход / за бой» (545.7, glossary «Один (X) раз за ход (прочее)», «Один (X)
 * раз за бой»): the state counts each unit's uses of its first BSK_FEATURE_LIMITED_MAX features, in
 * BSK_FEATURE_LIMIT_BITS bits each (bsk_match.used), so a limit sits on one of those and counts at
 * most BSK_FEATURE_LIMIT_COUNT_MAX (the catalogue: at most 7 features a card, limits of 1..5). */
#define BSK_FEATURE_LIMITED_MAX 8
#define BSK_FEATURE_LIMIT_BITS 4
#define BSK_FEATURE_LIMIT_COUNT_MAX 15

/* bsk_feature.limit_per */
enum { BSK_LIMIT_NONE, BSK_LIMIT_TURN, BSK_LIMIT_BATTLE };

typedef enum bsk_feature_kind {
    BSK_FEATURE_ACTIVATED, /* "activated": a cost: tap, counters, instant (113, 114) */
    BSK_FEATURE_TRIGGERED, /* "triggered": on an event (116) */
    BSK_FEATURE_STATIC,    /* "static": with the event would_die, a replacement (535: "instead of dying …") */
    BSK_FEATURE_KIND_COUNT
} bsk_feature_kind;

/* The events a feature listens to (glossary §3.1 ids; engine_raise in features.c). */
typedef enum bsk_feature_event {
    BSK_EVENT_NONE,
    BSK_ON_DEATH,       /* "on_death" 509.3, zone.death: a card died (the card: the dead one) */
    BSK_ON_ASSAULT,     /* "on_assault" 512.6.2 d: an attack passed legality (the attacker; other: the attacked) */
    BSK_AT_TURN_START,  /* "at_turn_start" 409.2 (no card; role: whose turn) */
    BSK_AT_TURN_END,    /* "at_turn_end" 413.1 (no card; role: whose turn) */
    BSK_ON_ENTER,       /* "on_enter" 536, zone.enter_battle: a card entered the battle zone */
    BSK_ON_REVEAL,      /* "on_reveal" 405.1, 533: a face-down card was revealed */
    BSK_ON_MOVE,        /* "on_move" 506, 412.1: a card moved (value: the cell it left) */
    BSK_ON_STRIKE,      /* "on_attack" 511.7, glossary «При атаке / при ударе»: a strike was dealt (the
                           striker; other: the struck card; strength and kind) */
    BSK_ON_WOUNDED,     /* "on_wounds_taken" 508.5: a card took wounds (value: how many) */
    BSK_ON_LEAVE,       /* "on_leave_battlefield" 201.2.4: a card left the battle zone */
    BSK_WOULD_DIE,      /* "would_die" 535, 509: a card would die (a static feature: a replacement) */
    /* The keyword frames (glossary §1.2 «Концентрация», «Бешенство X», «Вальхалла»; issue 21 §2): the
     * event is the keyword's own condition, heard by the card's own features only (no role words) */
    BSK_ON_CONCENTRATION, /* "concentration" 413.1: the end of the opponent's turn, this card in the battle
                             zone and not wounded this turn (BSK_UNIT_WOUNDED_TURN) */
    BSK_ON_FRENZY,        /* "frenzy" 512.6.5, 515.1: this card attacking on its own turn rolled its fight's
                             die (with modifiers, 306.5.3) at most its frenzy X (other: the attacked card) */
    BSK_ON_VALHALLA,      /* "valhalla" 409.2: the start of its owner's turn, this card in the graveyard
                             having died from an attack of an opponent's card (BSK_UNIT_VALHALLA) */
    /* events3 (issue 22, session 7) */
    BSK_ON_HEALED,   /* "on_heal" 511.7, glossary «При излечении»: a card was healed (value: the wounds it lost;
                        523.4: a heal of 0 raises nothing, but 545.8 counts it in bsk_match.heals) */
    BSK_ON_TARGETED, /* "on_become_target" 502.1, 512.6.4, glossary «Когда становится целью»: a card became the final
                        target of an attack or of a feature's ability (other: its source); 501.16: never a payment */
    BSK_WHEN_FIGHTS, /* "when_fights" 515.1, 512.6.5, glossary «Когда сражается»: a card rolled the die for its
                        attack's strength (the attacker; in a fight the defender too; other: the card it fights;
                        value: its roll with modifiers); 515.1.1: never a die for an effect's value */
    /* branch dice3 (issue 22) */
    BSK_ON_DIE_ROLL,      /* "on_die_roll" 512.6.5, glossary «Когда бросок кубика равен X» (wording note 12): a card
                             rolled its die in a die roll step (other: the card it fights or strikes); value: the
                             roll with modifiers (306.5.3), which the feature's roll_value filters */
    /* trig4 (issue 23) */
    BSK_ON_COUNTERS_LOST, /* "on_counters_lost" 123, 543: a card lost counters at once — a cost paid with them
                             (512.7, 501.13), lose_counters, charge (value: how many), which at_least filters */
    BSK_ON_INCARNATE,     /* "on_incarnate" 536.7, glossary «При инкарнации»: a card incarnated (raised beside
                             on_enter, which summoning and resurrection will raise too) */
    /* curse4 (issue 23) */
    BSK_ON_DESTROYS,          /* "on_destroys" 509.1.1, glossary «Уничтожает (карту)» (`on_death_of` with `by`): a card
                                 destroyed another (the destroyer; other: the destroyed card, read as it was in the
                                 battle zone, 538: its curse still on it), which the feature's destroyed_filter filters */
    BSK_WOULD_GAIN_FEATURE,   /* "would_gain_feature" 535, 518.2: a card would gain a keyword (a static feature: a
                                 replacement, «если должно получить [K] – вместо этого …»; kind: the keyword), which
                                 the feature's gain_keyword filters */
    /* trig5 (issue 23) */
    BSK_ON_ATTACK_WOUNDS,     /* "on_attack_wounds" 511.6, 508.5: a card took wounds from an attack's strike (other: the
                                 striker; value: the wounds), the trigger's "first":"turn" hearing only its first such
                                 wounds this game turn («получает раны от атаки в первый раз за ход») */
    BSK_ON_TAPPED_TO_MOVE,    /* "on_tapped_to_move" 501.4, 507: a creature was tapped to pay a tap_adjacent cost of a
                                 feature that relocates its own card («закрывается, чтобы переместить [карту]»; other:
                                 the card moved, which the trigger's "moved" filter, destroyed_filter, filters) */
    /* focus6 (issue 23) */
    BSK_ON_CONCENTRATION_TRIGGERED, /* "on_concentration_triggered" 413.1, glossary «Концентрация», «При срабатывании
                                       концентрации»: a card's concentration triggered (the end of the opponent's
                                       turn, in the battle zone, not wounded this turn; raised once per card) */
    /* spawn8 (issue 23) */
    BSK_ON_LETHAL,   /* "on_lethal" 508.1.1, 509.1, 509.4: a card «получает смертельные раны или уничтожается» — wounds
                        took its current life from above 0 to 0 or less (engine_wound), or it was destroyed with
                        current life left (a destroy op, a cost: engine_destroy_by); value (the signal's strength):
                        its current life just before, which the trigger's "value" filters («с 1 текущей {health}») */
    BSK_ON_TELEPORT, /* "on_teleport" 506.6, glossary «Телепортация», «При телепортации»: a card relocated by its slow
                        teleport (value: the cell it left) */
    /* vamp8 (issue 23) */
    BSK_ON_EFFECT_WOUNDS,     /* "on_effect_wounds" 508.5, 111.3, glossary «Воздействие», «Ранить»: a card's effect-ability
                                 (not a spell, not an attack) imposed wounds on a card («ранит воздействием»; the card:
                                 the feature's card; other: the wounded card, which the trigger's "wounded" filter,
                                 destroyed_filter, reads as it was just before those wounds: «существо без ран») */
    BSK_ON_MAGIC_ABILITY,     /* "on_magic_ability" 111.1, glossary «Магическая способность» (spell, magic strike,
                                 discharge): a card performs one — a magic strike or discharge past its Legality step
                                 (512.6.2, beside on_assault) or spawned, a feature with a spell record past its
                                 Legality step (the card: the performer; other: its target) */
    /* batl9 (issue 23) */
    BSK_AT_BATTLE_START,      /* "at_battle_start" 406.1, glossary «В начале боя»: the start of the battle (no card), after
                                 the reveal and the seating (405) and before the first turn (407.1); heard by its own
                                 card, used by its controller in turn with the opponent's, the first player first, once
                                 a battle (engine_battle_start, features.c) */
    /* inc9 (issue 23) */
    BSK_ON_INCARNATION_LOST,  /* "on_incarnation_lost" 536.7.1, glossary «Жетон инкарнации»: a card loses incarnation tokens
                                 — op lose_incarnation takes them, or it incarnates (leaving the graveyard it loses them
                                 all; value: the number lost). Heard from the graveyard too (04-171 Шаггон says what it
                                 does there; 201.2.3) */
    /* react10 (issue 23) */
    BSK_ON_ACT,               /* "on_act" 510.2, 512.7, glossary «Когда действует» (`on_act`, ab.payment): a card paid for
                                 an action (510.1: a {tap} feature or attack, a simple-strike assault, a counter, the
                                 flyer tap, guarding) — engine_pay_action; value: the way (BSK_ACTIONS_*). A spawned
                                 action pays nothing, so it is not heard (glossary §3.5) */
    /* blow11 (issue 23) */
    BSK_ON_STRIKE_ROLLED,     /* "on_strike_rolled" 512.6.5 (its last priority: triggers on the roll's result), 520.2 a:
                                 an attack's strength is known at the end of its die roll step, before the Calculation
                                 step (subject the striker, other the attacked card; value: the strength, 0 weak … 2
                                 strong; kind: the attack's), so a trigger may set it (05-153 «может свести слабый или
                                 средний {strike} по себе к сильному»); not for a finishing blow with one value (no die) */
    /* prebattle12 (issue 23) */
    BSK_BEFORE_RECRUITMENT,   /* "before_recruitment" 403.1, glossary «До набора отряда – [текст]»: used from the deal (not
                                 the squad), shown, once, in the step before recruitment where the players alternate,
                                 the first player first, a player who declines using none for the rest of the step
                                 (setup.c). Never heard in the battle. The trigger's "gold": N crystals paid from the
                                 recruitment's gold (402.1; bsk_feature.recruit_gold), "self": what happens to the card
                                 ("squad": taken into the squad at once, 403.1.1, under 403.2.1-403.2.3, kept on a cancel,
                                 403.2.4; "graveyard": put into its owner's graveyard, 205.1), "grave": a card of the deal
                                 matching this filter of the face (trigger_filter) put into the graveyard, chosen */
    BSK_FEATURE_EVENT_COUNT
} bsk_feature_event;

/* Whose event a listener hears (the trigger's `source`, `side`, `filter`, `role`, `turn_of`). */
typedef enum bsk_trigger_role {
    BSK_ROLE_SELF,     /* "source":"self": the event's card is this card (116.3.3); a turn: this card's
                          controller's ("turn_of":"self") */
    BSK_ROLE_ANY,      /* "side":"any": any card; each turn */
    BSK_ROLE_OWN,      /* "side":"own": another card of this card's controller */
    BSK_ROLE_ENEMY,    /* "side":"enemy": an enemy card; the opponent's turn */
    BSK_ROLE_ADJACENT, /* "filter":{"adjacent_to":"self"}: a card adjacent to this card */
    BSK_ROLE_ATTACKED, /* "role":"defending": this card is the event's other card (attacked, struck) */
    BSK_TRIGGER_ROLE_COUNT
} bsk_trigger_role;

/* The kinds of strike an on_attack trigger filters on (the trigger's `ability`; glossary §1.1). */
typedef enum bsk_strike_kind {
    BSK_STRIKE_SIMPLE,      /* "simple_strike" (the group "strike" is simple + counter) */
    BSK_STRIKE_COUNTER,     /* "counter_strike" (515: a simple strike, glossary «При ударе») */
    BSK_STRIKE_SPECIAL,     /* "special_strike" */
    BSK_STRIKE_MAGIC,       /* "magic_strike" */
    BSK_STRIKE_SHOT,        /* "shot" */
    BSK_STRIKE_THROW,       /* "throw" */
    BSK_STRIKE_DISCHARGE,   /* "discharge" */
    BSK_STRIKE_ACROSS_ROW,  /* "strike_across_row" */
    /* blow11 (issue 23): "finishing_blow" (glossary «Добивание на X»: an effect-ability, no attack — no on_attack
     * trigger hears it unless it names this kind; an attack modifier counts for it only when it names it) */
    BSK_STRIKE_FINISHING_BLOW,
    BSK_STRIKE_KIND_COUNT
} bsk_strike_kind;

typedef enum bsk_feature_op {
    BSK_OP_WOUND,         /* "wound": wound the target by value (508.5) */
    BSK_OP_HEAL,          /* "heal": heal the target by value (508.5.3) */
    BSK_OP_GAIN_COUNTERS, /* "gain_counters": the target gains value counters (123) */
    BSK_OP_CANCEL,        /* "cancel": cancel the attack being executed (512.6.3) */
    BSK_OP_DESTROY,       /* "destroy": to the graveyard without wounds; death, the source destroyed it (509.1.1) */
    BSK_OP_TAP,           /* "tap": an open card is tapped (not an action of its own, glossary «Закрыть») */
    BSK_OP_UNTAP,         /* "untap": a tapped card opens, restores movement, loses action markers */
    BSK_OP_LOSE_COUNTERS, /* "lose_counters": loses value counters, at most what it has (528.10) */
    BSK_OP_HEAL_FULL,     /* "heal_full": every wound removed (543.8) */
    BSK_OP_SET_LIFE,      /* "set_current_life": wounds set so that value current life remains (glossary §1.6) */
    BSK_OP_PROPHECY,      /* "prophecy": glossary «Пророчество X; [текст]»: the top X cards of the controller's
                           * deck are shown and put on the bottom, in their order; [текст] is the records after it */
    BSK_OP_POISON,        /* "gain_feature" {"id":"poison","X":value}: the target gets poison X (glossary
                             «Отравить на X», 518.3: only a larger one replaces; 532: not through protection
                             from poison; only a non-incorporeal creature) */
    /* issue 22 (branch ops): the effect ops that need no card filter; their parameters are the
     * effect's keyword, duration and param */
    BSK_OP_GAIN_FEATURE,      /* "gain_feature" {"id":K,"X":value}: the target acquires keyword K (glossary §1.6
                                 «Получает [текст]»; 518.2, 518.3: not when it has it with X at least as large) */
    BSK_OP_LOSE_FEATURE,      /* "lose_feature" {"id":K}: the target loses keyword K at any X (528.10, 541.2) */
    BSK_OP_GAIN_EXTRA_LIFE,   /* "gain_extra_life": value extra life (508.8; glossary «+X к жизням») */
    BSK_OP_MOVEMENT_MODIFIER, /* "movement_modifier": ±value movement (506, 517.1; glossary §1.4) */
    BSK_OP_DIE_ROLL_MODIFIER, /* "die_roll_modifier": ±value to the target's die rolls (519.2 group 1) */
    BSK_OP_ATTACK_MODIFIER,   /* "attack_modifier": ±value to the magnitude of the target's attacks of the kinds
                                 in param (bit k: bsk_strike_kind k), 520.2 c (glossary «+X к атаке / к удару») */
    BSK_OP_RELOCATE,          /* "relocate": the target goes to a free cell the feature's controller chooses
                                 as it resolves, param BSK_RELOCATE_* (glossary «Перемещение», 507): not a
                                 movement (no movement point), on_move hears it */
    /* branch posio (issue 22 §2): named markers (glossary §2.7 `named:<name>`) */
    BSK_OP_PLACE_NAMED_MARKER,  /* "place_named_marker" {"name":M,"n":value}: value markers named M on the target */
    BSK_OP_REMOVE_NAMED_MARKER, /* "remove_named_marker" {"name":M,"n":value}: at most what it has (528.10) */
    /* static2 (issue 22): the ops of a static feature's effect records (117, 121) and the delayed effect */
    BSK_OP_INCOMING_ATTACK_MODIFIER, /* "incoming_attack_modifier": ±value to the magnitude of the attacks of the
                                        kinds in param made AT the target (520.2 c «−X от выстрелов»: a modifier of
                                        the attacked card, whose origin is the target's, applied last, 520.3) */
    BSK_OP_NAMED_FEATURE_MODIFIER,   /* "named_feature_modifier" {"feature":{"id":K},"X":±Y}: +Y to the X of named
                                        feature K the target has (518.6–518.8: the total below 0 works as 0) */
    BSK_OP_DELAYED,                  /* "delayed" {"when": …}: the feature's records after it run later, at the
                                        moment param (BSK_DELAY_*) names (glossary §3.2, «в конце следующего хода»):
                                        a bsk_delayed record in the state until then */
    /* issue 22 (branch ops2): the ops that act inside an attack (512.6's windows) and leave the battle zone */
    BSK_OP_SPAWN_ATTACK,          /* "spawn_attack": the feature's card strikes the target with its simple strike
                                     as a spawned game action (glossary §3.5: on top of the stack, no payment) */
    BSK_OP_REDIRECT,              /* "redirect": the attack in its Target resolution step (512.6.4) gets the target
                                     as its new target (not twice, not onto its source, not its current target) */
    BSK_OP_PREVENTION,            /* "prevention": the next value wounds to the target are prevented (534, used up);
                                     with param BSK_PREVENT_ALL (no "X", branch block3) every wound of the next
                                     strike it takes, a prevention with no number (534.3: applied first) */
    BSK_OP_WOUNDS_TAKEN_MODIFIER, /* "wounds_taken_modifier" −X: the target takes X wounds fewer each time
                                     (535.1.1 «получает на X ран меньше»), while its duration lasts */
    BSK_OP_SET_ATTACK_STRENGTH,   /* "set_attack_strength": the target's attacks of the kinds in param are made
                                     weak / medium / strong (effect.strength), 520.2 a */
    BSK_OP_REDUCE_ATTACK_TO,      /* "reduce_attack_value_to": their magnitude is reduced to value, 520.2 d (never
                                     raised, 520.5) */
    BSK_OP_SET_DIE_ROLL,          /* "set_die_roll": the target's die rolls are reduced to value (519.2 group 2) */
    BSK_OP_RETURN_TO_DECK,        /* "return_to_deck": to its owner's deck, a new card (204.4), effect.place */
    BSK_OP_EXILE,                 /* "exile": to the exile zone (206.4): not a death */
    BSK_OP_GAIN_NEGATIVE_LIFE,    /* "gain_negative_life": value negative life (508.8, glossary «−X к жизням») */
    /* issue 22 (branch block3): blocking (531) */
    BSK_OP_BLOCK,                 /* "block": the attack in its Blocking step (512.6.7) made at the target (self:
                                     «по себе»; a chosen card matching the filter: «по вашим картам») of the kinds
                                     in param (0: any) is blocked: no effect, not executed, paid (531.4) */
    /* group3 (issue 22): counter limits, a static feature's record read where counters are gained */
    BSK_OP_MAX_COUNTERS,          /* "max_counters" n: the target cannot have more than n counters (545.2 «Максимум
                                     X фишек», a replacement: a gain past n ends at n); n 0: it cannot receive
                                     counters (545.4 «Не может получать фишки»; declaring the gain stays legal) */
    /* issue 22 (lead, session 7): element changes (106.2.1, glossary «Получает / становится [стихия]») */
    BSK_OP_ADD_ELEMENT,           /* "add_element" {"element": E}: the target gains element E besides its own (106.2.1);
                                     one it has already cannot be given (106.2.4: illegal to declare and execute) */
    BSK_OP_SET_ELEMENT,           /* "set_element" {"element": E}: the target becomes a card of element E, its other
                                     elements lost (106.2.1 «становится картой стихии») */
    BSK_OP_WIN,                   /* "win": the feature's controller wins the game at once (601.2: «вы выигрываете» /
                                     «противник проигрывает»; 602.1: nothing changes it afterwards) */
    /* times3 (issue 22): "X times per turn", not tapping (510.3, 540): static records read where an action is
     * declared and paid, and one op run in a trigger */
    BSK_OP_ACTIONS_PER_TURN,      /* "actions_per_turn" {"X": n | "any", "action": A, "no_tap": bool}: the target may
                                     act in way A while it has fewer than n action markers (510.3, 540.1.3; value 0:
                                     any number); param BSK_ACTIONS_* | BSK_ACTIONS_NO_TAP (540.3.1 «после первой …
                                     не закрывается»: it does not tap while the markers stay under n) */
    BSK_OP_NO_TAP_AFTER,          /* "no_tap_after" {"action": A}: the target does not tap paying an action of way A
                                     (540.1.1 «Не закрывается после нападения», «Выступая защитником, не закрывается»);
                                     it still gets its action marker (540.3) */
    BSK_OP_NO_TAP_THIS_ATTACK,    /* "no_tap_this_attack": the attack being executed whose source or guard is the
                                     feature's card does not tap it at payment (540.4, Келе «не закрывается после
                                     этой атаки»; 540.4.1: its counter-strike as a guard too); the marker stays */
    /* branch dice3 (issue 22): die rolls (306.5, 519) */
    BSK_OP_REROLL,                /* "reroll": the target's die in the die roll step (512.6.5, its window after the
                                     dice) is rolled again, the new value replaces the old (519.7: not a modifier;
                                     306.5.2: only a die of the feature's controller) */
    BSK_OP_FLIP_DIE,              /* "flip_die": the target's die rolls are flipped, 1↔6, 2↔5, 3↔4 (519.6: a «сводится
                                     к» modifier, 519.2 group 2, at its 519.3 place) */
    BSK_OP_NEXT_ROLL_EQUALS,      /* "next_roll_equals": the target's next die roll is value, the die not rolled (519.5:
                                     not a modifier; the opponent's wins, every one on that roll is used up); focus8:
                                     "roller":"own" (param BSK_ROLLER_OWN) any card of the controller's, "X":"X" a
                                     frenzy / on_die_roll trigger's roll */
    BSK_OP_NO_WOUNDS_FROM_ATTACKS, /* dice5 (issue 23), static: "no_wounds_from_attacks" {"values": "even" | "odd"}:
                                      the card takes no wounds from an attack whose value (520, final) is even / odd
                                      («не получает раны от атак четной величины»); `param` BSK_VALUES_* */
    /* grave5 (issue 23) */
    BSK_OP_LOSE_INCARNATION,      /* "lose_incarnation" {"n": N}: N incarnation tokens leave a creature of the feature
                                     controller's graveyard that has them, chosen as the record resolves (`choose`; one
                                     such card is taken without asking; none: nothing, and «при этом» does not follow;
                                     glossary «Жетон инкарнации», 536.7) */
    /* branch vamp5 (issue 23): the life limit, a static feature's record read where extra life is gained */
    BSK_OP_MAX_LIFE,              /* "max_life" n: the target's current life maximum cannot rise above n (508.2.2,
                                     545.2 «Максимум X {health}», a replacement: a gain of extra life past n ends at
                                     n, the rest is never gained) */
    /* branch shield6 (issue 23): a side-wide prevention pool (534) */
    BSK_OP_SIDE_PREVENTION,       /* "side_prevention" {"X": n, "max": M}: the next X wounds from non-magic attacks on
                                     the cards of the feature's controller are prevented (534, used up wound by
                                     wound, 534.4), while its duration lasts; a second one of the same feature for
                                     the same window adds up to at most M (`param`, 0: no maximum) */
    /* token6 (issue 23) */
    BSK_OP_NO_UNTAP,              /* "no_untap": the target does not untap at the start of its controller's next turn
                                     (409.2; «не открывается в начале своего следующего хода», 05-158 «могильный
                                     холод»): bsk_unit.flags2 BSK_UNIT_NO_UNTAP, spent by that untap step, gone when
                                     the card leaves the battle zone (503.1 g) */
    /* branch fend6 (issue 23): the attacked card's «сводится к X», a static feature's record */
    BSK_OP_INCOMING_REDUCE_ATTACK_TO, /* "incoming_reduce_attack_to" {"X": n, "attack": kinds, "strengths": […]}: the
                                         attacks of those kinds made at the target (of those strengths, `strength` a
                                         mask, bit s for strength s; 0 any) are reduced to n, 520.2 d, origin the
                                         target (520.3 d), never raised (520.5): «немагические атаки по … сводятся к 1» */
    /* branch recruit7 (issue 23): a feature that acts at recruitment (403.2.2), read by the squad library */
    BSK_OP_RECRUIT_COST_MODIFIER, /* "recruit_cost_modifier" {"X": ±n}, a static feature's record, target "count":"all"
                                     with a filter of the card's printed fields (type, subtype, elements, classes,
                                     elite, cost; side "own"): while the feature's card is in its controller's squad,
                                     the hire price (403.2.3.1 a) of each card recruited after it that matches the
                                     filter changes by n, never below 0 (04-003 «При наборе отряда ваша местность
                                     стоит на 1 кристалл меньше»); bsk_recruit_price, bsk_squad_best. The match never
                                     runs it */
    /* cell7 (issue 23): named markers on cells (544.1 «выбранная карта/клетка может получить особый маркер»), no
     * card target: the cell is `param` (BSK_CELL_*), the name `marker`, the placer the feature's controller */
    BSK_OP_CELL_MARKER_ADD,    /* "cell_marker_add" {"name":M,"n":N,"cell":C,"duration":D}: N markers M on cell C, for
                                  the battle or until the end of the turn (413.3, «до конца хода») */
    BSK_OP_CELL_MARKER_REMOVE, /* "cell_marker_remove" {"name":M,"n":N | "all","cell":C}: at most N of the feature
                                  controller's markers M leave cell C (528.10; 544.3 «ваши»; "all" every cell) */
    /* incarn7 (issue 23) */
    BSK_OP_INCARNATE_OPEN,        /* "incarnate_open": «инкарнирует в открытом виде» (536.7, 01-141): the first record
                                     of an on_incarnate trigger of its own card; life.c's incarnation reads it and
                                     puts the card into the battle zone untapped (its movement whole); run, the
                                     record does nothing more and succeeds while its card is in the battle zone
                                     (it came in open: «при этом …» follows, 505.4.5).
                                     recruit11 (issue 23): a static feature's record {"place": P, "pay": C} is a
                                     permission — the cards it reaches (self, or "count":"all" with a filter of
                                     the face and "side":"own") may incarnate open on a free cell of place P
                                     (BSK_INC_PLACE_*) instead of the default cell, paying C (BSK_INC_PAY_*); its
                                     owner chooses (`use`, the cell, the paying card) as the card reaches X
                                     (life.c engine_incarnation_choice). Read from the card itself in the
                                     graveyard, from the other cards while in the battle zone, revealed (121) */
    /* branch dice7 (issue 23): two dice for one roller (306.5.2), a static feature's record */
    BSK_OP_ROLL_TWICE, /* "roll_twice" {"X": n}: the target rolls two dice for an attack's strength in the die roll
                          step (its own attack, or as the defender of a fight) and its controller chooses one
                          (306.5.2); equal values give +n to its strike of that attack (520.2 c, origin the
                          source): 02-027 Пиромант Дзара */
    /* branch focus8 (issue 23) */
    BSK_OP_TRIGGER_CONCENTRATION, /* "trigger_concentration": the target's concentration triggers now (glossary
                                     «Концентрация», 413.1; 06-022 «срабатывает концентрация вашего степного
                                     существа»): each concentration feature it has (own or acquired, 518.9: each
                                     one) is made pending whatever the turn and its wounds, and
                                     on_concentration_triggered hears it when it has a concentration */
    /* vamp8 (issue 23) */
    BSK_OP_LOSE_EXTRA_LIFE,        /* "lose_extra_life" {"n": N}: the target loses N extra life, at most what it has
                                      (508.4, 528.10: «снять … дополнительную {health}»); its wounds stay (508.8) */
    BSK_OP_UNANSWERED_THIS_ATTACK, /* "unanswered_this_attack": the simple-strike attack being executed whose source is
                                      the feature's card becomes unanswered (glossary «Безответный удар»: directed, no
                                      guard, only the attacker rolls, as against a tapped card — no counter-strike);
                                      06-161 «этот {strike} становится безответным» */
    /* fight9 (issue 23) */
    BSK_OP_FIGHT, /* "fight" {"with": CardFilter}: a fight «как с открытым» (537.5: «[источник] сражается с [целью], как
                     с открытым существом»; 537.2 b: from the Target resolution step, no redirect, no guard, no
                     assault, never paid, so nobody taps): the feature's card fights the target with its simple
                     strike, the target answering as an open creature would (tapped or of its own squad) unless the
                     striker's strike is unanswered; with "with", the target is the striker and its opponent a card
                     matching the filter ("adjacent_to":"actor": next to the target), chosen as the record resolves
                     (the relocate question) */
    /* inc9 (issue 23) */
    BSK_OP_GAIN_INCARNATION,       /* "gain_incarnation" {"n": N}: a card of the feature controller's graveyard with an
                                      unused incarnation and fewer than its X tokens, chosen as the record resolves
                                      (`choose`; one such card taken without asking; none: nothing, and «при этом» does
                                      not follow), gets N incarnation tokens, at most X; with X it incarnates at once
                                      (536.7.1; 06-177 «карта на вашем кладбище получает жетон инкарнации») */
    /* guard10 (issue 23) */
    BSK_OP_PROTECTION_FROM_ATTACKS, /* static: "protection_from_attacks" {"attack": kinds, "X": n}: a partial protection
                                       (532.2) of the attacked card from the attacks of those kinds (none listed: the
                                       simple strike and the counter-strike, 515.4) whose final value is n (534.2: after
                                       every modifier, at the protection check, 511.3), 0 any value; 532.1: the attack
                                       and what goes with it give the card nothing (02-039 «защита от немагических атак
                                       величиной 1») */
    /* grave10 (issue 23) */
    BSK_OP_DECK_TO_GRAVEYARD,      /* "deck_to_graveyard" {"card": F}: its controller looks through their deck (204.2)
                                      and puts one card matching F (its face: type, classes, keywords, cost, name …;
                                      "cost" "target": the trigger's event card's) into their graveyard (205.1: not a
                                      destruction, no on_death); the deck is then shuffled (204.2). Several different
                                      cards: `choose` (BSK_CHOOSE_DECK); none: nothing, and «при этом» does not follow.
                                      «найдите … и положите на кладбище» (06-151), «положить … из колоды на кладбище»
                                      (06-174) */
    /* spawn11 (issue 23) */
    BSK_OP_SUMMON,                 /* "summon" {"card": F, "cell": C}: «вызвать [карту]» (536.5, glossary «Вызов»): its
                                      controller looks through their deck (536.5.1) for a card matching F (its face) —
                                      or takes none (536.5.1: «не нашёл или не захотел») —, it goes to the hand
                                      (536.5.1.2, 207), then onto a free cell they choose (C: BSK_SUMMON_*), open and
                                      revealed, under their control (536.5), or to the extra zone for a flyer (536.4);
                                      the deck is shuffled (536.5.1.3). It enters with the features of its summoner's
                                      card marked "given" in the same sentence (glossary «Входит в игру с [текст]»),
                                      acquired for the battle; on_enter is heard. No cell: back to the deck (207.2) */
    /* farro13 (issue 23) */
    BSK_OP_IGNORE_PROTECTION,      /* static: "ignore_protection" {"attack": kinds, "against": F}: 542.1.3 — an attack
                                      of those kinds by the feature's card at a card matching F (none: any card) is not
                                      stopped by the card's protections from that kind (its partial and composite ones
                                      too: protection from magic's discharges), read at the protection check (511.3);
                                      the protection from flyer attacks is another one, kept (03-032 «Игнорирует {zor}
                                      существ с магической особенностью») */
    BSK_FEATURE_OP_COUNT
} bsk_feature_op;

/* recruit11 (issue 23): a static incarnate_open's place (bsk_feature_effect.place) and payment (its param):
 * 05-167 «может инкарнировать в любом третьем ряду …, сняв жетон инкарнации с другого вашего существа», 06-180
 * «… на клетках с маркером «гнили» в любом ряду, удалив с этой клетки одну «гниль»». */
enum {
    BSK_INC_PLACE_DEFAULT,    /* no place: the on_incarnate trigger's record (incarn7) */
    BSK_INC_PLACE_THIRD_ROWS, /* "third_rows": a free cell of either player's third row (glossary «Ряд») */
    BSK_INC_PLACE_MARKED,     /* "marked": a free cell, any row, holding a named marker `marker` the feature's
                                 controller placed (544.3) */
    BSK_INC_PLACE_COUNT
};
enum {
    BSK_INC_PAY_NONE,
    BSK_INC_PAY_TOKEN,  /* "incarnation_token": one token off another creature of its owner's graveyard (536.7.1) */
    BSK_INC_PAY_MARKER, /* "marker": one of those markers off the chosen cell (528.10) */
    BSK_INC_PAY_COUNT
};
/* spawn11 (issue 23): summon's param ("cell"): where the summoned card goes (536.5 «рядом с вызывающей картой»). */
enum {
    BSK_SUMMON_NEAR_SELF,   /* "adjacent": a free cell adjacent to the summoning card (the cell it died on when the
                               feature runs from the graveyard, 201.2.3, 509.3) */
    BSK_SUMMON_NEAR_TARGET, /* "adjacent_to_target": adjacent to the feature's target (06-146 «на соседнюю с этим
                               существом клетку») */
    BSK_SUMMON_ON_TARGET,   /* "target_cell": the cell the feature's target stands on as the summon is declared, freed
                               by the records before it (06-075 «изгнать …; вызвать на его клетку», 545.13: a
                               non-flying card on a battlefield cell) */
    BSK_SUMMON_CELL_COUNT
};
/* spawn11: summon's `place` bits: «в закрытом виде» ("tapped": true), «с тем же числом ран, что у [цели]» ("wounds":
 * "target": the target's wounds as the summon is declared, kept in the stack entry's x until it applies). */
enum { BSK_SUMMON_TAPPED = 1, BSK_SUMMON_TARGET_WOUNDS = 2 };
/* spawn11: a BSK_CHOOSE_DECK question's option "none" (536.5.1: the player may choose not to find the card). */
#define BSK_DECK_OPTION_NONE 63

/* inc9 (issue 23): gain_incarnation's param: the card the token goes to. */
enum { BSK_GRAVE_CHOSEN, BSK_GRAVE_SELF /* "target": "self": the feature's own card, when it may get one */ };

/* The properties of an op (bsk_feature_op_modes), in the manner of Lua's luaP_opmodes. */
enum {
    BSK_OPM_CARD = 1u << 0,        /* applies to a card (all but cancel, which acts on the stack) */
    BSK_OPM_STACK = 1u << 1,       /* acts on the stack: only in the Cancel window, target self */
    BSK_OPM_WOUNDING = 1u << 2,    /* imposes wounds (508.5): "on_wounds_taken" follows */
    BSK_OPM_PROTECTED = 1u << 3,   /* stopped by protection (511.3, 532) and steadfastness («Стойкость») */
    BSK_OPM_NOT_TERRAIN = 1u << 4, /* a terrain is not affected */
    BSK_OPM_HEALING = 1u << 5,     /* heals (523.4) */
    BSK_OPM_DEATH = 1u << 6,       /* may destroy (509): deaths are checked after it */
    BSK_OPM_RELOCATION = 1u << 7,  /* changes a card's cell (glossary «Перемещение»): relocate */
    BSK_OPM_COUNTERS = 1u << 8,    /* changes counters (123) */
    BSK_OPM_DECK = 1u << 9,        /* acts on its controller's deck (no card target): prophecy */
    BSK_OPM_LASTS = 1u << 10,      /* makes an effect that lasts: the effect's duration applies (glossary §3.2) */
    BSK_OPM_KEYWORD = 1u << 11,    /* names a keyword (the effect's keyword): gain_feature, lose_feature */
    /* branch ops2 */
    BSK_OPM_ATTACK = 1u << 12,     /* acts on the attack being executed (redirect) or spawns one (spawn_attack) */
    BSK_OPM_LEAVES = 1u << 13,     /* takes the card out of the battle zone (return_to_deck, exile) */
    /* grave5 (issue 23) */
    BSK_OPM_GRAVEYARD = 1u << 14,  /* acts on a card of its controller's graveyard chosen as it resolves (no target):
                                      lose_incarnation, gain_incarnation (inc9) */
    /* cell7 (issue 23) */
    BSK_OPM_CELL = 1u << 15        /* acts on battlefield cells (`param` BSK_CELL_*), not on a card: cell markers;
                                      grave10: deck_to_graveyard has BSK_OPM_DECK (its controller's deck) */
};

/* branch block3: prevention's param (534.3): no number, every wound of one strike. */
enum { BSK_PREVENT_ALL = 1 };
/* focus8 (issue 23): next_roll_equals's param ("roller":"own"): the next die roll of any card of the feature's
 * controller (519.5 «следующий бросок кубика вашей карты», 05-006), one effect for the side, used up by the first. */
enum { BSK_ROLLER_OWN = 1 };

/* Where return_to_deck puts the card (the effect's place; 204.4). */
enum { BSK_DECK_SHUFFLED, BSK_DECK_TOP, BSK_DECK_BOTTOM, BSK_DECK_PLACE_COUNT };

/* How long what an effect record makes lasts (the effect's "duration", glossary §3.2). */
typedef enum bsk_feature_duration {
    BSK_FDURATION_BATTLE,           /* "battle" (the default: no period stated, glossary §1.6): for the battle */
    BSK_FDURATION_END_OF_TURN,      /* "end_of_turn": until the end of this turn (413.3) */
    BSK_FDURATION_END_OF_NEXT_TURN, /* "end_of_next_turn": until the end of its controller's next turn */
    BSK_FDURATION_WHILE_SOURCE,     /* "while": while the source is in the battle zone (122.8) */
    /* branch dice5 (issue 23), 122.4.1: an effect on a game action, its target the action's source card */
    BSK_FDURATION_ROLL,   /* "roll": this die roll of the card (519: the die roll step's dice, 306.5.3) */
    BSK_FDURATION_ATTACK, /* "attack": this attack of the card (its strike, or counter-strike in a fight) */
    /* branch shield6 (issue 23): the opponent's turns */
    BSK_FDURATION_END_OF_OPPONENT_TURN, /* "end_of_opponent_turn": until the end of the opponent's turn (this one
                                           when the opponent is active, else their next one) */
    BSK_FDURATION_OPPONENT_NEXT_TURN,   /* "opponent_next_turn": during the opponent's next turn only (from its
                                           start to its end: «в следующий ход противника»); side_prevention only */
    /* mark9 (issue 23) */
    BSK_FDURATION_END_OF_TARGET_TURN,   /* "end_of_target_turn": «до конца своего хода» of the record's target — until the
                                           end of its controller's turn (this one when it is active, else its next);
                                           place_named_marker only */
    /* move11 (issue 23): a next-attack modifier («+1 к следующему разряду»), attack_modifier only: it lasts until the
     * card's next attack of the record's kinds reaches its Calculation step (520: that attack reads it, then it is used
     * up), and at most until the end of this turn for the second word («… до конца хода») */
    BSK_FDURATION_NEXT_ATTACK,             /* "next_attack" */
    BSK_FDURATION_NEXT_ATTACK_END_OF_TURN, /* "next_attack_end_of_turn" */
    BSK_FEATURE_DURATION_COUNT
} bsk_feature_duration;

/* Where relocate may put the card (the effect's param; 507.2: a free cell). */
enum {
    BSK_RELOCATE_ADJACENT,   /* "to":"adjacent" (the default): a free cell next to it, diagonals included
                                (glossary «Соседняя клетка») */
    BSK_RELOCATE_ORTHOGONAL, /* "to":"orthogonal": «не по диагонали», as dash (glossary «Рывок») */
    BSK_RELOCATE_ANY,        /* "to":"any": any free cell of the battlefield */
    BSK_RELOCATE_TELEPORT,   /* spawn8 (issue 23): "to":"teleport": «телепортироваться» inside a triggered feature
                                (506.7.1, glossary «Телепортация»): a ground creature to any free cell of the
                                battlefield, no movement spent; on_teleport hears it */
    BSK_RELOCATE_BACK,       /* move8 (issue 23): "to":"back": the cell behind it, one row toward its controller's
                                own edge, if free (glossary «Назад»: down the column as its controller sees it) */
    BSK_RELOCATE_ROWS_2_3,   /* batl9 (issue 23): "to":"rows_2_3": a free cell of its controller's second or third row
                                (glossary «Ряд», 202.1; 04-016 «на свободную клетку второго или третьего ряда») */
    BSK_RELOCATE_AWAY,       /* react10 (issue 23): "to":"away_from_attacker": a free cell next to it (diagonals included)
                                not adjacent to the attack's striker (06-091 «на соседнюю с ним клетку не рядом с
                                атаковавшим»; a striker off the battlefield, a flyer, is adjacent to no cell) */
    BSK_RELOCATE_NEXT_TO_SELF, /* move11 (issue 23): "to":"next_to_self": a free cell next to the feature's own card
                                  (diagonals included, glossary «Рядом»; 05-170 «переместить его на клетку рядом с
                                  собой»); none when that card is off the battlefield (a flyer, a dead card) */
    BSK_RELOCATE_FORWARD,    /* count12 (issue 23): "to":"forward": the cell in front of it, one row toward the far edge
                                as its controller sees it, if free (glossary «Вперёд»; 05-169 «на клетку вперед») */
    BSK_RELOCATE_SWAP,         /* swap12 (issue 23): "to":"swap" (glossary «Поменять местами (карты)», 122.14): no cell
                                  is asked; the two cards of a group target of exactly 2 (06-103 «поменять местами двух
                                  ваших наземных эльфов»), or the chosen / event card and the feature's own card (05-213
                                  «поменяться местами с вашим наземным инквизитором»), go into each other's cells at
                                  once (resolve.c engine_swap); when either may not be relocated (a flyer, a seated
                                  symbiote, a shared cell, a card gone) neither moves */
    BSK_RELOCATE_COUNT
};

/* cell7 (issue 23): the cells a cell-marker op acts on (its param; the JSON "cell"). */
enum {
    BSK_CELL_CHOSEN,      /* "chosen": a battlefield cell its controller chooses as the feature resolves («выбранная
                             клетка»; `choose`, option i = cell i) */
    BSK_CELL_CHOSEN_FREE, /* "free": the same among the free cells («свободная клетка», 507.2) */
    BSK_CELL_EVENT,       /* "event": the cell of the trigger's card (the event's card, or its other card for its own
                             event): where it stands, or stood when it died (509.3, «освободившаяся клетка», «его
                             клетка»); none in the extra zone */
    BSK_CELL_ALL,         /* "all": every cell (cell_marker_remove: «убрать все ваши …») */
    BSK_CELL_COUNT
};
#define BSK_CELL_MARKER_ALL 99 /* cell_marker_remove's "n":"all" */

/* static2 (issue 22): when a delayed effect's records run (the "delayed" record's param; glossary §3.2). */
enum {
    BSK_DELAY_END_OF_TURN,        /* "end_of_turn": in this turn's end phase (413.1) */
    BSK_DELAY_END_OF_NEXT_TURN,   /* "end_of_next_turn": in the end phase of the next game turn */
    BSK_DELAY_START_OF_OWN_TURN,  /* "start_of_next_own_turn": at the start of its controller's next turn (409.2) */
    BSK_DELAY_COUNT
};

/* static2 (issue 22): what a slot's static features (kind static, no event: 117, 121) change, the card
 * table's statics[slot] and their union statics_any — the characteristics' fast exit (0: none). */
enum {
    BSK_STATIC_KEYWORDS = 1u << 0, /* gain_feature: a keyword granted while it holds */
    BSK_STATIC_X = 1u << 1,        /* named_feature_modifier */
    BSK_STATIC_MOVEMENT = 1u << 2, /* movement_modifier */
    BSK_STATIC_DIE = 1u << 3,      /* die_roll_modifier */
    BSK_STATIC_ATTACK = 1u << 4,   /* attack_modifier (the striker's) */
    BSK_STATIC_INCOMING = 1u << 5, /* incoming_attack_modifier (the attacked card's) */
    BSK_STATIC_STRENGTH = 1u << 6, /* set_attack_strength (the striker's; reduce_attack_value_to is ATTACK) */
    /* group3 (issue 22) */
    BSK_STATIC_COUNTERS = 1u << 7, /* max_counters (545.2, 545.4); vamp5: max_life (508.2.2), the same 545.2 limit */
    /* times3 (issue 22): actions_per_turn, no_tap_after — kept in the table's times[slot] and times_any (the
     * statics byte is full), never in statics[] */
    BSK_STATIC_TIMES = 1u << 8
};

/* times3 (issue 22): the way of acting an actions_per_turn or no_tap_after record names (its param's low bits;
 * the JSON word): a simple-strike assault («нападать / атаковать {strike}»), any action («действовать»: every
 * way below too), guarding («выступать защитником», 514) */
enum { BSK_ACTIONS_STRIKE, BSK_ACTIONS_ACT, BSK_ACTIONS_GUARD, BSK_ACTIONS_COUNT };
#define BSK_ACTIONS_KIND_MASK 0x0fu
#define BSK_ACTIONS_NO_TAP 0x10u /* actions_per_turn: 540.3.1, no tap while under the limit */

/* ---- Card filters (glossary §6.2 CardFilter): conditions on a card, compiled to masks and small
 * ints, 0 = "any" for every field. A feature refers to a filter by its index in the table's
 * filters[] (filter 0: the empty filter, any card); equal filters share one index
 * (bsk_card_table_add_filter). The engine reads them in lib/src/engine/filter.c
 * (engine_filter_matches). "Self", "own", "enemy" are relative to the feature's card (the viewer). */

#define BSK_CARD_TABLE_FILTERS_MAX 64

enum { /* bsk_feature_filter.states: the card must be in every listed state */
    BSK_FILTER_UNTAPPED = 1u << 0,
    BSK_FILTER_TAPPED = 1u << 1,
    BSK_FILTER_HIDDEN = 1u << 2,
    BSK_FILTER_WOUNDED = 1u << 3,
    BSK_FILTER_UNWOUNDED = 1u << 4,
    BSK_FILTER_POISONED = 1u << 5,
    BSK_FILTER_COUNTERS = 1u << 6, /* incarn7 (issue 23): "counters", one or more counters (123; «с {counter}») */
    BSK_FILTER_EXTRA_LIFE = 1u << 7 /* vamp8 (issue 23): "extra_life", one or more extra life (508.4; «с дополнительной
                                       {health}»: bsk_unit.extra_life above 0) */
};
enum { BSK_FILTER_SIDE_ANY, BSK_FILTER_SIDE_OWN, BSK_FILTER_SIDE_ENEMY };
enum { BSK_FILTER_NEAR_NONE, BSK_FILTER_NEAR_SELF, BSK_FILTER_NEAR_TARGET, BSK_FILTER_NEAR_ACTOR };
enum { BSK_FILTER_COST_NONE, BSK_FILTER_COST_LE, BSK_FILTER_COST_GE, BSK_FILTER_COST_EQ, BSK_FILTER_COST_LT,
       BSK_FILTER_COST_GT };
/* Whether `cost` stands in relation `op` (BSK_FILTER_COST_*) to `value`; no relation holds for any. */
bool bsk_filter_cost_holds(int op, int cost, int value);
enum { BSK_FILTER_LINE_ROW = 1u << 0, BSK_FILTER_LINE_COLUMN = 1u << 1 }; /* "row"/"column": "self" */
enum { BSK_FILTER_ANY, BSK_FILTER_YES, BSK_FILTER_NO }; /* a bool field: absent, true, false */

/* A new field joins engine_filter_tests (filter.c: the matching tests only the groups a filter has) and the list of
 * test_filter_tests_name_every_field. */
typedef struct bsk_feature_filter {
    uint64_t classes;     /* "classes": one of (bit 1ull << bsk_class) */
    uint64_t keywords;    /* "has_keyword": one of (bit 1ull << bsk_keyword_id) */
    uint32_t name_key;    /* "name": bsk_card_name_key of the name (0: any) */
    uint8_t types;        /* "type": one of (bit 1u << bsk_card_type) */
    uint8_t subtypes;     /* "subtype": one of (bit 1u << bsk_subtype) */
    uint8_t subtypes_not; /* "subtype_not": none of */
    uint8_t elements;     /* "elements": one of (bit 1u << bsk_element) */
    uint8_t side;         /* "side": BSK_FILTER_SIDE_* */
    uint8_t states;       /* "state": BSK_FILTER_UNTAPPED …, all of */
    uint8_t incorporeal;  /* "incorporeal": BSK_FILTER_ANY / YES / NO */
    uint8_t adjacent_to;  /* "adjacent_to": BSK_FILTER_NEAR_* */
    uint8_t in_row;       /* "in_row": the feature controller's row 1..3 (1: the front row), 0 any; batl9 (issue 23):
                           * 4..6, "in_any_row" 1..3: that row of either player's half (glossary «Первый ряд игрока»;
                           * 03-137 «существо в первом ряду») */
    uint8_t cost_op;      /* "cost": BSK_FILTER_COST_* */
    int8_t cost_value;    /* its value; -1: "self" (the feature's card's cost); grave10: -2 "target" (the anchor's:
                           * a trigger's event card, «такой же стоимости») */
    uint8_t elite;        /* "elite": BSK_FILTER_ANY / YES / NO */
    uint8_t not_self;     /* "not_self": true */
    uint8_t line;         /* "row" / "column": "self": BSK_FILTER_LINE_* (on the feature card's line) */
    /* directions (census §8 geometry; glossary «Соседняя клетка»): BSK_FILTER_NEAR_* anchors */
    uint8_t diagonal_to;  /* "diagonal_to": on a cell diagonally next to the anchor («по диагонали») */
    uint8_t behind;       /* "behind": on the cell behind the anchor («позади», «сзади»): behind the feature's
                           * card as its controller faces; behind a target or actor as seen from the
                           * feature's card (the next cell on the straight line through it) */
    uint8_t in_front;     /* "in_front": "self": on the cell in front of the feature's card («перед») */
    /* group3 (issue 22): "markers": {"name": M, "min": N, "counting": bool} (glossary §2.7, 544): at least N
     * named markers M on the card; "counting" true when the text counts them (544.3: any card's markers
     * count), else only those placed by the feature's controller's squad */
    uint8_t marker;          /* 1 + M's index in the table's marker_names (a fixture card's own list until
                              * bsk_synthetic_table maps it); 0: no marker condition */
    uint8_t marker_min;      /* N, 1..99 */
    uint8_t marker_counting; /* 1: "counting": true */
    /* 106.2.3 (issue 22): "element_of": "same" | "different", the card's elements against the feature's card's:
     * same when one element is both's; different when none is and neither card is neutral */
    uint8_t element_of;      /* BSK_FILTER_ELEMENT_*; 0: any */
    /* times3 (issue 22): "moved_last_turn": true / false — the history of battle's «передвигался в прошлый ход» /
     * «не передвигался» (538.2 ex. 2): BSK_FILTER_ANY / YES / NO; both false in the first game turn (538.3) */
    uint8_t moved_last_turn;
    /* curse4 (issue 23): "left_of" / "right_of": "self": on the cell to the left / right of the feature's card as
     * its controller faces the opponent («слева», «справа»; the columns run a..e from the first player's left,
     * DESIGN §2) */
    uint8_t left_of;
    uint8_t right_of;
    /* dice5 (issue 23): "fewest_wounds": true — among the cards of the battle zone matching the rest of the
     * filter, one with the fewest wounds («имеет наименьшее число ран среди …»; ties: each of them) */
    uint8_t fewest_wounds;
    /* trig5 (issue 23): "moved_this_turn": true / false — «перемещавшимся в этот ход» (538.2): the card changed its
     * cell this game turn (BSK_UNIT_MOVED_TURN); BSK_FILTER_ANY / YES / NO */
    uint8_t moved_this_turn;
    /* token6 (issue 23): "within": X (1..9) — «дальность X» of an effect ability or a spell (547.1.1, 547.2): the card
     * is X or fewer cells from the feature's card, counted vertically and horizontally (547.4); a card in the extra
     * zone, or a feature's card there, regardless of range (547.3); neither elsewhere than the battle zone. 0: any */
    uint8_t within;
    /* cell7 (issue 23): "cell_markers": {"name": M, "min": N} — the card stands on a battlefield cell with at least N
     * markers M placed by the feature controller's squad (544.1, 544.3: «на клетке с маркером «гнили»»); 1 + M's
     * index in the table's marker_names (a card's own list until the table maps it), 0: no such condition */
    uint8_t cell_marker;
    uint8_t cell_marker_min; /* N, 1..99 */
    /* move8 (issue 23): "same_cell": "self" — the card stands on the feature card's battlefield cell
     * (524.2: an incorporeal creature shares a cell with the card it moved onto; «клетка, занятая существом»), neither
     * that card itself nor a symbiote seated on it (211.11: it goes with its host); BSK_FILTER_NEAR_SELF, 0: any */
    uint8_t same_cell;
    /* move8 (issue 23): "magic_ability": true / false — «существо с магической способностью» (glossary «Магическая
     * способность»: a spell, a magic strike or a discharge; 111.1.2): the card has one of those attacks, or a feature
     * of its own or acquired prints one (a spell's record, a spawned magic strike or discharge); a face fact (533.6).
     * BSK_FILTER_ANY / YES / NO */
    uint8_t magic_ability;
    /* batl9 (issue 23): "life": "even" / "odd" — the card's current life («с четными {health}»: the icon in a card's
     * text is always its current life, glossary «Жизни карты»; 508.8) is even / odd; a face fact (533.6).
     * BSK_FILTER_YES even, BSK_FILTER_NO odd, 0 any */
    uint8_t life_parity;
    /* guard10 (issue 23): "armor_left": N (1..9) — the card has N or more units of armor left (glossary «Броня X»:
     * X less the wounds it prevented this turn; «Восстановить броню»: «единицы брони»; 04-167 «пока у … одна или
     * более единицы {armor}»); a face fact (533.6). 0: any */
    uint8_t armor_left;
    /* grave10 (issue 23): "zone": "graveyard" — the cards of the graveyards instead of the battle zone (205; «на вашем
     * кладбище нет …», a condition's count: engine_filter_all walks the graveyard cards then). 0: the battle zone */
    uint8_t in_graveyard;
    /* grave10: "lacks_keyword": [K…] — the card has none of them («существо без инкарнации»); a face fact (533.6) */
    uint64_t keywords_not;
    /* grave10: "host_of": "self" — the card is the host the feature's card (a symbiote) sits on (211; «хозяин»).
     * 0: any */
    uint8_t host_of;
    /* grave10: "ahead_of_row": N (2, 3) — the card stands on a battlefield cell in front of the feature controller's
     * row N: in one of their rows before it or on the opponent's half («в вашем первом ряду или на половине поля боя
     * противника» is 2). 0: any */
    uint8_t ahead_of_row;
    int8_t cost_plus; /* spawn11 (issue 23): the cost's "plus": N added to a "self" or "target" value («дороже на 1
                       * кристалл»: {"op":"==","value":"target","plus":1}) */
    /* count12 (issue 23): "movement_max": N (0..9) or "X" — the card's movement (506, its characteristic as the game
     * sees it now, modifiers included; a card without one — a flyer, an artifact — has none and never matches) is N
     * or less («существо с {move} X или менее», 05-169); 1 + N, BSK_FILTER_MOVEMENT_X for "X": the X its feature's
     * cost fixed (543.2), read by features.c where that X is known (the chosen target of a triggered feature whose
     * cost is "lose_extra_life": "X"; the reader allows it nowhere else). 0: any */
    uint8_t movement_max;
} bsk_feature_filter;

enum { BSK_FILTER_MOVEMENT_X = 255 };

enum { BSK_FILTER_ELEMENT_ANY, BSK_FILTER_ELEMENT_SAME, BSK_FILTER_ELEMENT_DIFFERENT };

/* The key of a card name a filter compares (the card table's name_key: a hash of the normalised
 * name, DESIGN §2); 0 is never returned. */
uint32_t bsk_card_name_key(const char *name);

typedef enum bsk_feature_target {
    BSK_TARGET_SELF,           /* 502.4: no target named: the source itself */
    BSK_TARGET_ADJACENT_ENEMY, /* a chosen enemy card adjacent to the source (a trigger's controller
                                * is asked `choose` when it is declared) */
    BSK_TARGET_ANY_ENEMY,      /* a chosen enemy card of the battle zone (likewise) */
    BSK_TARGET_ATTACKED,       /* the event's card: the attacked for on_assault, the dying one for would_die */
    BSK_TARGET_EVERY_ENEMY,    /* every enemy creature (502.8) */
    /* the general forms (glossary §6.2 Ability.target {"count", "filter"}); the effect's `filter` */
    BSK_TARGET_CHOSEN,         /* {"count":1,"filter":F}: one card of the battle zone matching F, chosen when
                                * declared (an activated feature's `to`; a trigger asks `choose`) */
    BSK_TARGET_ALL,            /* {"count":"all","filter":F}: every card of the battle zone matching F when the
                                * effect resolves (502.6: all at once) */
    /* group3 (issue 22) */
    BSK_TARGET_GROUP,          /* {"count":N,"filter":F}, N 2..BSK_FEATURE_GROUP_MAX: N different cards matching F,
                                * chosen when declared (the first the activated feature's `to`, the others
                                * `choose` answers in order, 512.5); one group target (528.7: one card of it
                                * leaving the battle zone makes the whole group illegal) */
    /* mark9 (issue 23): the records of a marker's own feature (bsk_feature.marker; 544.1, 544.4, 544.6) */
    BSK_TARGET_PLACER,         /* "placer": the card that placed this marker (544.4: that copy), a unit marker's */
    BSK_TARGET_MARKED,         /* "marked": every card on the cell of this cell marker (544.6: this marker's cell only) */
    BSK_FEATURE_TARGET_COUNT
} bsk_feature_target;

/* A feature's condition (checked when it would trigger or be declared, and at its resolution). */
typedef enum bsk_feature_condition {
    BSK_FEATURE_IF_NONE,
    BSK_FEATURE_IF_WOUNDED,   /* {"state":["wounded"]}: the source has a wound */
    BSK_FEATURE_IF_UNWOUNDED, /* {"state":["unwounded"]} */
    /* {"wrapper":"<bsk_condition id>"}: the feature is a wrapper's linked text (issue 21) */
    BSK_FEATURE_IF_FORMATION, /* "formation": the source is in formation (glossary «Строй») */
    BSK_FEATURE_IF_AT_DEPTH,  /* "at_depth": on a depth cell (glossary «На глубине», «Клетка глубины») */
    BSK_FEATURE_IF_ON_SURFACE, /* "on_surface": on a surface cell (glossary «На поверхности») */
    BSK_FEATURE_IF_WOLF,      /* "werewolf_wolf": in wolf form (extension) */
    BSK_FEATURE_IF_HUMAN,     /* "werewolf_human": in human form (extension) */
    BSK_FEATURE_IF_REBUFF,    /* "rebuff": its controller's rebuff is active this turn (extension) */
    BSK_FEATURE_IF_SECOND,    /* "if_second_player" (batl9, issue 23): glossary «Если вы ходите вторым (II)», the card's
                                 controller is the second player (402.1: player 2) */
    BSK_FEATURE_CONDITION_COUNT
} bsk_feature_condition;

/* One effect record: op on the cards target selects, by value (a·var + b, bsk_expr: X is 0, the
 * counters are the ones the cost paid). */
typedef struct bsk_feature_effect {
    uint8_t op;     /* bsk_feature_op */
    uint8_t target; /* bsk_feature_target */
    bsk_expr value;
    uint8_t filter;       /* CHOSEN, ALL: the target's filter (the table's filters[]); 0 otherwise */
    uint8_t count_filter; /* value.var BSK_EXPR_COUNT: the filter counted */
    /* branch ops (issue 22): the op's parameters, 0 for the ops that take none */
    uint8_t keyword;  /* gain_feature, lose_feature: bsk_keyword_id */
    uint8_t duration; /* the ops with BSK_OPM_LASTS: bsk_feature_duration */
    uint16_t param;   /* add_element, set_element: the bsk_element; attack_modifier, block: bit k for bsk_strike_kind k
                         (blow11: 9 kinds, so 16 bits); relocate: BSK_RELOCATE_*;
                         prevention: BSK_PREVENT_ALL */
    /* branch posio (issue 22 §2) */
    uint8_t feature_src; /* gain_feature {"card":"self","src":N}: N (the target acquires its source card's
                            feature N, glossary §1.6 «Получает [текст]»); 0 otherwise */
    uint8_t marker;      /* place_named_marker, remove_named_marker: the name's index in the table's
                            marker_names (a synthetic card's own list until bsk_synthetic_table maps it) */
    /* branch ops2 (issue 22): the parameters of its ops, 0 for the others */
    uint8_t strength; /* set_attack_strength: 0 weak, 1 medium, 2 strong (param: the attack kinds);
                         fend6: incoming_reduce_attack_to, a mask (bit s: strength s), 0 every strength;
                         turn10: a BSK_EXPR_STRIKE_OF value's strength (0 weak … 2 strong) */
    uint8_t place;    /* return_to_deck: BSK_DECK_*; recruit11: a static incarnate_open's BSK_INC_PLACE_* (param: its
                         BSK_INC_PAY_*); strike13: spawn_attack's BSK_SPAWN_AS_ADJACENT */
    /* issue 22 §1 "extra strike" (session 6): spawn_attack of an attack ability the feature prints
     * (glossary §6.2 Ability of type special_strike, magic_strike, shot, throw or discharge, with
     * `values` and `range`: «При гибели – особый удар на 2»); keyword 0: the card's own simple strike */
    bsk_attack attack;
    /* compound3 (issue 22): how this record combines with the ones before it (505.4, 505.5;
     * BSK_LINK_*, 0 "and" for the first record) and whether its controller may leave it out (505.6) */
    uint8_t link;     /* bsk_feature_link */
    uint8_t optional; /* «может»: asked `use` as the record is reached (505.6), 0: forced */
    /* branch acquired4 (issue 22 §1): gain_feature {"card":C,"src":N}: whose card's feature N the record's
     * target acquires — BSK_FEATURE_CARD_SELF (0, "self": the feature's own card) or BSK_FEATURE_CARD_TARGET
     * ("target": the card the feature targets, chosen or the event's; the record's target is then "self":
     * «получает особенность [цели]») */
    uint8_t feature_card;
    /* branch dice5 (issue 23): redirect's conditions on the attack (512.6.4; `param` its kinds): its current
     * target must match `from_filter`, its source `by_filter` (0: any; seen from the feature's card); the
     * chosen new target's filter reads "adjacent_to":"actor" as adjacency to that current target */
    uint8_t from_filter; /* fight9 (issue 23): fight's "with", the card the target fights (its "actor" the target) */
    uint8_t by_filter;
    /* grave5 (issue 23): the record belongs to a spell («заклинание», glossary «Заклинание», the ability type
     * "spell"): a card protected from spells or magic gets nothing from it (532.1), steadfastness does not
     * stop it (glossary «Стойкость»); 0: an effect ability */
    uint8_t spell;
    /* trig5 (issue 23): attack_modifier / incoming_attack_modifier "against": CardFilter — only for an attack
     * whose other card (the attacked card for attack_modifier, the striker for incoming_attack_modifier) matches
     * it, seen from the feature's card (+1 to a shot at creatures that moved this turn); 0: any */
    uint8_t against;
    /* guard10 (issue 23): value.var BSK_EXPR_COUNT_MORE: the filter whose count the count_filter's must exceed */
    uint8_t than_filter;
    /* blow11 (issue 23): spawn_attack of an attack «на X» (attack.expr X: its parent feature's X, a trigger's event value
     * or the counters paid), «максимум на N»: the X is at most N; 0: no bound */
    uint8_t at_most;
    /* swap12 (issue 23): a lasting attack_modifier on its own card «по атакованному»: BSK_AGAINST_CARD_TARGET — only
     * for an attack at the card the feature targets (the spawned attack's attacked card), kept as that unit in the
     * effect (BSK_FILTER_AGAINST_UNIT); 0: any. The struct keeps its 38 bytes (this was padding). */
    uint8_t against_card;
} bsk_feature_effect;

enum { BSK_AGAINST_CARD_NONE, BSK_AGAINST_CARD_TARGET };

/* strike13 (issue 23): spawn_attack's `place` — BSK_SPAWN_AS_ADJACENT: a finishing blow "with" a filter made «как стоящей
 * рядом» (05-159 «добивание на 2 карты, стоящей рядом с атакованным (как стоящей рядом)»): the card it is made at need not
 * be adjacent to its striker (engine_can_target_ability); every other condition of the glossary's «Добивание на X» holds */
enum { BSK_SPAWN_PLACE_NONE, BSK_SPAWN_AS_ADJACENT };

/* dice5 (issue 23): bsk_feature.roll_value's comparison with the roller's cost. */
/* dice7 (issue 23): the kind an on_destroys signal carries for a death that is no attack's (bit 15 of a trigger's
 * `abilities` is never set, so a trigger naming attack kinds hears attacks only: «уничтожает атакой»). */
enum { BSK_DESTROYED_NOT_BY_ATTACK = 15 };
enum { BSK_ROLL_ABOVE_COST = 255,
       /* dice7 (issue 23): BSK_ROLL_AT_MOST + X (X 1..6), a roll of X or less («равен 1 или менее», 306.5.3: a
        * modified roll may be below 1) */
       BSK_ROLL_AT_MOST = 64 };
/* dice5 (issue 23): no_wounds_from_attacks's param. */
enum { BSK_VALUES_EVEN = 1, BSK_VALUES_ODD = 2 };
/* dice5 (issue 23): bsk_feature.during, whose turn a trigger hears its event in («в ход противника»). */
enum { BSK_DURING_ANY, BSK_DURING_OWN_TURN, BSK_DURING_OPPONENTS_TURN, BSK_DURING_COUNT };

enum { BSK_FEATURE_CARD_SELF, BSK_FEATURE_CARD_TARGET };

/* compound3 (issue 22): the link of an effect record to the records before it (505.4; the JSON word).
 * Grouping follows 505.5: "and" binds tightest, then "or" (incarn7), then "else", then the dependencies ("then_if",
 * "while_doing"), then "then"; equal links group left to right. A record's group on the left of a
 * link is every record back to the previous link that binds looser (features.c `record_gate`). */
typedef enum bsk_feature_link {
    BSK_LINK_AND,         /* "and": «[A] и [B]», «[A], [B]» (505.4.1): independent; the default */
    BSK_LINK_ELSE,        /* "else": «[G1], иначе [G2]» (505.4.7): G2 only if G1 was not declared or not in full */
    BSK_LINK_THEN_IF,     /* "then_if": «[G1] – [G2]», «при выполнении» (505.4.6): G2 only if G1 affected a target */
    BSK_LINK_WHILE_DOING, /* "while_doing": «[G1], при этом [G2]» (505.4.5): G2 only if G1 succeeded in full
                             (a strike: not a miss, not blocked, 523.4.2) */
    BSK_LINK_THEN,        /* "then": «[G1], затем [G2]» (505.4.2): independent, grouping loosest */
    BSK_LINK_OR,          /* incarn7 (issue 23): "or": «[G1] или [G2]» (505.4.8): its controller uses one of the two
                             groups, asked as the first of them is reached; grouping just above "and" (505.5) */
    BSK_LINK_COUNT
} bsk_feature_link;

/* bsk_feature.counters of a cost «X {counter}»: X chosen at the declaration, 1 up to the counters the card
 * holds beyond those its declared features reserve (523.2: never 0; 543.2: fixed then); a value "X" or
 * "N per counter" of its records is that X. */
#define BSK_FEATURE_COUNTERS_X 255

typedef struct bsk_feature {
    /* header */
    uint8_t kind;       /* bsk_feature_kind */
    uint8_t event;      /* bsk_feature_event (triggered, static) */
    uint8_t role;       /* bsk_trigger_role */
    uint8_t strengths;  /* on_attack: bit s for strength s (0 weak … 2 strong); 0: any */
    uint16_t abilities; /* on_attack: bit k for bsk_strike_kind k; 0: any */
    /* cost (activated) */
    uint8_t tap;        /* {tap}: an action (510) */
    uint8_t counters;   /* counters paid; BSK_FEATURE_COUNTERS_X: X of them, chosen as it is declared (543.2) */
    uint8_t instant;    /* {instant}: a fast action (304.3) */
    uint8_t condition;  /* bsk_feature_condition */
    uint8_t target;     /* what the declaration chooses: the first effect's selector */
    uint8_t handler;    /* the per-card handler (bsk_feature_handler_find), 0: none */
    uint8_t effect_count;
    uint8_t src;        /* 1-based position in the card's features (DESIGN §5) */
    uint8_t optional;   /* triggered: «может» (116.7, glossary §1.5, DESIGN §3 `optional`): asked `use` */
    uint8_t mode;       /* «или»: the effect records are alternatives, one of which its controller
                         * chooses when it is declared (`mode` n: record n, 1-based; at most 2) */
    uint8_t limit_per;  /* BSK_LIMIT_*: «X раз за ход» (the markers go at 409.2), «X раз за бой» (545.7) */
    uint8_t limit_count;/* X, 1..BSK_FEATURE_LIMIT_COUNT_MAX; 0 with BSK_LIMIT_NONE */
    uint8_t trigger_filter; /* the trigger's "filter" (the table's filters[]): the event's card matches it,
                             * relative to the listener; 0: none */
    bsk_feature_effect effects[BSK_FEATURE_EFFECTS_MAX];
    /* static2 (issue 22): the condition beyond `condition` (glossary §3.1 while, §6.2 Condition; 121),
     * checked whenever a static feature is read and when a triggered or activated one is declared and
     * resolves; and the costs beyond tap, counters, instant (113, 114, glossary «:») */
    uint8_t if_source;      /* {"source": F}: the feature's card matches filter F (the table's filters[]); 0: none */
    uint8_t if_count;       /* {"count": F, "op", "value"}: the number of cards of the battle zone matching filter F
                               (seen from the feature's card) compared with if_value; 0: none */
    uint8_t if_op;          /* BSK_FILTER_COST_LE … (the comparison words of a filter's cost) */
    int8_t if_value;
    uint8_t cost_wound;     /* "wound_self": N wounds on the card itself («раниться на N»); declarable while its
                               current life is at least N (501.6); a prepayment (501.4): paid at the Legality step, before the effect
                               (501.14), and a source it kills executes nothing (501.15) */
    uint8_t cost_tap_adjacent; /* "tap_adjacent": tap another open creature of its controller adjacent to it,
                                  chosen (Q_CHOOSE `choose`) after use/mode */
    /* group3 (issue 22) */
    uint8_t group_count; /* BSK_TARGET_GROUP: N, the cards its target group has (2..BSK_FEATURE_GROUP_MAX), or
                          * BSK_FEATURE_GROUP_X (X fixed by the cards declared: a record's value "X" is it); 0 otherwise */
    /* events3 (issue 22): the on_attack trigger's side of the fight and its miss (546.1, 546.2), and the
     * "first [event] per turn / battle" restriction (545.8) */
    uint8_t fight_side; /* on_attack: BSK_FIGHT_* bits, the strikes it hears by the striker's side
                         * ("в нападении": the attacking card's strike, "при отражении": the counter-strike); 0: any */
    uint8_t miss;       /* on_attack: BSK_FIGHT_* bits, also heard when this card missed in a fight on that side
                         * (515.5, glossary «При промахе (в нападении)»); 0: never on a miss */
    uint8_t first_per;  /* on_heal: BSK_LIMIT_TURN / BSK_LIMIT_BATTLE: only the first heal per turn / battle of
                         * a card of the healed card's controller (545.8, bsk_match.heals); 0: every one */
    /* branch dice3 (issue 22) */
    uint8_t roll_value;  /* on_die_roll: the roll (with modifiers) it hears, 1..6 (the trigger's "value"); 0: any;
                            dice5 (issue 23): BSK_ROLL_ABOVE_COST, a roll greater than the roller's cost;
                            dice7: BSK_ROLL_AT_MOST + X, a roll of X or less
                            («бросок кубика … больше его стоимости», "value": "above_cost");
                            spawn8 (issue 23): on_lethal, the current life the card had just before, 1..6 */
    /* branch costs4 (issue 22): the other prepaid costs of 501.3, 501.4 (paid at the Legality step, 501.14);
     * declarable only while no resource of the card is declared or used for another feature (501.7) */
    uint8_t cost_destroy_self; /* "destroy_self": «уничтожить эту карту»: it dies (on_death triggers) and the
                                  feature still executes, from the graveyard (501.15, 501.15.1) */
    uint8_t cost_extra_lives;  /* "lose_extra_life": N extra lives lost (501.4); declarable while the card has
                                  at least N (501.6); a source the loss kills executes nothing (501.15).
                                  count12 (issue 23): BSK_FEATURE_COUNTERS_X, "X" — on a triggered feature only
                                  (05-169 «может потерять X дополнительных {health}; …»): X chosen as it is declared,
                                  1 up to the extra life the card has (543.2, 523.2, 501.6), lost at its Legality
                                  step (501.14); its records' "X" and a chosen filter's "movement_max": "X" read it */
    uint8_t cost_return_self;  /* "return_self_to_deck": «вернуть эту карту в колоду» (shuffled in, 204.4): the
                                  feature still executes, from the deck (501.15, 501.15.1) */
    /* trig4 (issue 23) */
    uint8_t at_least;          /* on_counters_lost, on_wounds_taken: heard only when the event's value (the counters
                                  lost, the wounds taken, at once) is at least this («2 или более»); 0: any */
    /* curse4 (issue 23) */
    uint8_t destroyed_filter;  /* on_destroys: the destroyed card matches this filter, seen from the listener, read
                                  before it leaves the battle zone (the trigger's "destroyed"); 0: any card;
                                  spawn8 (issue 23): on_attack_wounds's striker (the trigger's "by": «от атаки карты
                                  противника») */
    uint8_t gain_keyword;      /* would_gain_feature: 1 + the keyword it replaces the gain of (the trigger's
                                  "feature" {"id": K}); 0: any keyword */
    /* dice5 (issue 23) */
    uint8_t during; /* BSK_DURING_*: a trigger heard only in its controller's own / the opponent's turn (the trigger's
                       "during": "own_turn" | "opponents_turn"; «в ход противника»); 0: any turn */
    /* derived by bsk_card_table_add_feature (what the data sets is ignored): BSK_CHOSEN_* bits, which of the
     * chosen target's per-card tests its records need, so the legal list skips the others */
    uint8_t chosen_checks;
    /* mark9 (issue 23): 544.1 «считается, что цель получает особую приобретённую особенность, описание которой даётся
     * в скобках»: the feature a named marker of this name carries (the feature's "marker": NAME; 1 + the table's
     * marker_names index, card-local in a bsk_card_features until bsk_card_table_add maps it); 0: the card's own.
     * Its card never has it: a unit marker placed by place_named_marker is an acquired entry of the marked card
     * (bsk_match.acquired, with its placer), a cell marker placed by cell_marker_add keeps its placing card
     * (bsk_match.cell_marker_source) and hears events through it, one trigger per marker (544.5). */
    uint8_t marker;
    /* react10 (issue 23): on_attack_wounds whose records name "attacked": the wounded card (the event's card; 06-091
     * «может переместить его … излечить этого эльфа»): the pending trigger's target is it, and its striker is kept as
     * the entry's x (1 + the unit) for relocate "away_from_attacker"; 0 for every other feature ("attacker" there).
     * blow11 (issue 23): also an on_attack heard of another card whose records name "attacker": the striking card (the
     * event's card; 04-104 «когда ваша карта выполняет добивание … излечить ее») is the pending trigger's target */
    uint8_t wounded_target;
    /* spawn11 (issue 23): glossary «Входит в игру с [текст]», «вызвать …, он входит в игру с особенностью [текст]»:
     * 1 when this is a quoted feature its card gives to the cards its summon op (same sentence) brings into play —
     * an acquired entry of the summoned card for the battle (bsk_match.acquired); its card never has it (raise_one).
     * Triggered features only (the reader refuses others). */
    uint8_t given;
    /* spawn11 (issue 23): «1 раз за ход, 3 раза за бой» (545.7: both limits): a per-turn limit's per-battle count X
     * (the limit's "battle": X), its markers counted in the unit's used[] nibble of feature BSK_FEATURE_LIMITED_MAX - 1
     * - k (a card with fewer features: bsk_card_table_add_feature refuses a later feature there); 0: none */
    uint8_t limit_battle;
    /* prebattle12 (issue 23): a before_recruitment trigger's payment and its own card's way (403.1; the event's note):
     * the gold crystals paid from the recruitment's (402.1), and BSK_BEFORE_SELF_*; 0 for every other feature */
    uint8_t recruit_gold;
    uint8_t recruit_self;
} bsk_feature;

/* prebattle12 (issue 23): bsk_feature.recruit_self */
enum { BSK_BEFORE_SELF_NONE, BSK_BEFORE_SELF_SQUAD, BSK_BEFORE_SELF_GRAVEYARD };

/* bsk_feature.chosen_checks */
enum {
    BSK_CHOSEN_STATE = 1, /* a tap, untap or add_element record on the chosen card (528.2.1, 106.2.4) */
    BSK_CHOSEN_REACH = 2  /* a spawned attack ability at the chosen card (504, 547.2) */
};

/* events3: the side of the fight (546.1 "[нападающая/отражающая сторона в случае атаки]"), as bits */
enum { BSK_FIGHT_ASSAULT = 1, BSK_FIGHT_DEFENCE = 2 };

/* A one-effect feature with a constant value: today's shape, for tests and fixtures. */
static inline bsk_feature bsk_feature_simple(int kind, int event, int op, int target, int value, int tap,
                                             int counters, int instant)
{
    bsk_feature f;
    memset(&f, 0, sizeof f); /* padding too: features compare by bytes */
    f.kind = (uint8_t)kind;
    f.event = (uint8_t)event;
    f.tap = (uint8_t)tap;
    f.counters = (uint8_t)counters;
    f.instant = (uint8_t)instant;
    f.target = (uint8_t)target;
    f.effect_count = 1;
    f.effects[0].op = (uint8_t)op;
    f.effects[0].target = (uint8_t)target;
    f.effects[0].value.b = (int8_t)value;
    return f;
}

/* The properties of an op (BSK_OPM_*), 0 for an unknown op; the target selectors it allows (bit t). */
unsigned bsk_feature_op_modes(int op);
unsigned bsk_feature_op_targets(int op);
/* The JSON words of the vocabulary (glossary ids), NULL when out of range. */
const char *bsk_feature_kind_id(int kind);
const char *bsk_feature_event_id(int event);
const char *bsk_feature_op_id(int op);
const char *bsk_strike_kind_id(int kind);
const char *bsk_feature_duration_id(int duration);
/* The per-card handler table, keyed by card id: the index of card id's handler (1…), 0 when none;
 * the id of handler index `handler`, NULL. */
int bsk_feature_handler_find(const char *card_id);
const char *bsk_feature_handler_id(int handler);
/* The feature in words, generated from its program (never the printed sentence; describe.c):
 * "when this card dies: wound every enemy creature by 2". Writes at most size bytes with the
 * terminating NUL (out may be NULL with size 0) and returns the length the whole text needs, as
 * snprintf does. */
size_t bsk_feature_describe(const bsk_feature *feature, char *out, size_t size);
/* A catalogue card's feature `index` as `cards show` and the catalogue page print it: its words
 * (bsk_feature_describe), or why the engine does not run it (text_only, a handler it lacks). */
size_t bsk_card_feature_words(const bsk_card *card, int index, char *out, size_t size);
/* A card's support as `cards show` and the catalogue page print it: "keywords_only", or "full (the
 * engine finds partial)" when its data proves less than it claims (bsk_card_support_computed). */
size_t bsk_card_support_words(const bsk_card *card, char *out, size_t size);
/* The events a slot's features listen to: bit e for event e (the card table's `listen`). */
#define BSK_LISTEN(event) (UINT64_C(1) << (event)) /* card_table.c asserts that every event fits the uint64_t masks */

enum {
    BSK_ENTRY_ELITE = 1u << 0,
    BSK_ENTRY_UNIQUE = 1u << 1,      /* unknown uniqueness counts as not unique (DESIGN §2) */
    BSK_ENTRY_NO_STRIKE = 1u << 2,   /* no simple strike (208.8); strike[] is 0 */
    BSK_ENTRY_COST_X = 1u << 3,
    BSK_ENTRY_UNCOMPILED = 1u << 4,  /* an expression did not compile: a blocker */
    BSK_ENTRY_OVERFLOW = 1u << 5,    /* a number or a count did not fit the entry: a blocker */
    BSK_ENTRY_CONDITIONAL = 1u << 6, /* a keyword held only under a condition, left out of `keywords` */
    BSK_ENTRY_RUNS = 1u << 7         /* bsk_card_blockers() finds nothing */
};

typedef struct bsk_card_entry {
    const bsk_card *card;   /* the pool card it was compiled from */
    uint64_t classes;       /* bit set of 1ull << bsk_class */
    uint64_t keywords;      /* bit set of 1ull << bsk_keyword_id, unconditional keywords only (those under
                               a wrapper the engine reads are in held[]) */
    int8_t life;            /* BSK_UNSET when null (artifacts, terrains) */
    int8_t movement;        /* BSK_UNSET when null */
    int8_t strike[3];       /* simple strike weak, medium, strong */
    int8_t cost;
    uint8_t type;           /* bsk_card_type */
    uint8_t subtype;        /* bsk_subtype */
    uint8_t elements;       /* bit set of 1u << bsk_element */
    uint8_t flags;          /* BSK_ENTRY_* */
    uint8_t param_count;
    uint8_t attack_count;
    uint8_t feature_count;  /* the table's features from feature_start[slot] */
    uint8_t held_count;     /* keywords held under a wrapper (the table's held[slot]); 0 for most cards: the
                               accessors' fast exit */
    bsk_keyword_param params[BSK_ENTRY_PARAMS_MAX];
    bsk_attack attacks[BSK_ENTRY_ATTACKS_MAX]; /* in catalogue order */
} bsk_card_entry;

typedef struct bsk_card_table {
    int count;
    bsk_card_entry entries[BSK_CARD_TABLE_MAX];
    /* Per slot: its name class, the first slot whose card has an equal name (bsk_name_equal, DESIGN
     * §2), set by bsk_card_table_add. Copies of a name, whatever their printing, share it: records
     * and logs name cards by name, so the first copy is the one meant (bsk_record_canonical). */
    uint8_t name_class[BSK_CARD_TABLE_MAX];
    uint32_t name_key[BSK_CARD_TABLE_MAX]; /* per slot: a hash of its normalised name (for name_class) */
    int feature_total;
    bool any_fast;                              /* some card has a fast (instant) feature or attack */
    bool instant_attacks_any;                   /* some card has an instant attack ability (516: asked in the
                                                 * Choice subphase and the Calculation step only) */
    uint64_t keywords_any;                      /* the union of the entries' keywords and of those held under a
                                                 * wrapper: the fast exit of the keywords the engine checks
                                                 * outside a card (dash, the werewolf forms, rebuff) */
    uint64_t listen_any;                        /* the union of listen[]: 0 when nothing listens */
    uint64_t listen[BSK_CARD_TABLE_MAX];        /* per slot, BSK_LISTEN(e) for each event its features hear */
    uint64_t listen_wide;                       /* BSK_LISTEN(e) when some feature hears e from a card other than
                                                 * the event's two (side, adjacency, a turn, the graveyard): else
                                                 * only those two may hear it (engine_raise_slow's short cut) */
    uint64_t listen_wide_of[BSK_CARD_TABLE_MAX]; /* per slot, the listen_wide bits of its own features: a card
                                                  * that is neither of an event's two cards hears it only through
                                                  * these (engine_raise_slow passes the others over) */
    uint16_t feature_start[BSK_CARD_TABLE_MAX]; /* first feature of each slot */
    /* per slot, its entry's held_count keywords held under a wrapper (outside the entry, which
     * stays 80 bytes: the hot reads never touch them) */
    bsk_held_keyword held[BSK_CARD_TABLE_MAX][BSK_ENTRY_HELD_MAX];
    bsk_feature features[BSK_CARD_TABLE_FEATURES_MAX];
    int filter_count;                                   /* filter 0 is the empty filter (any card) */
    bsk_feature_filter filters[BSK_CARD_TABLE_FILTERS_MAX];
    uint8_t filter_tests[BSK_CARD_TABLE_FILTERS_MAX]; /* per filter, which groups of tests it has (the engine's
                                                         matching skips the others; set by bsk_card_table_add_filter) */
    /* branch posio (issue 22 §2): the names of the named markers the match uses (glossary §2.7
     * `named:<name>`), interned before the match by bsk_card_table_marker (a position's `markers`, the
     * op place_named_marker's name); the state's named markers hold an index here */
    int marker_name_count;
    char marker_names[BSK_MARKER_NAMES_MAX][BSK_MARKER_NAME_MAX];
    /* static2 (issue 22): per slot, what its static features change (BSK_STATIC_*), and the union: the
     * characteristics' fast exit (engine.h), 0 when no card of the match has such a static feature */
    uint8_t statics_any;
    uint8_t statics[BSK_CARD_TABLE_MAX];
    /* session 16: the attack kinds (bit k: bsk_strike_kind k) the static attack modifiers name, the striker's
     * ([0]: attack_modifier, reduce_attack_to) and the attacked card's ([1]: the incoming ones): an attack of
     * another kind skips the walk of the statics (engine_static_magnitude_mods) */
    uint16_t static_attack_kinds[2];
    /* branch ops2 (issue 22): the fast exits of the 512.6 step windows and of the ops read in an attack */
    uint16_t windows_any; /* bit w: some card's instant feature fits window w (engine.h W_*) */
    uint16_t windows[BSK_CARD_TABLE_MAX]; /* per slot, bit w: its card has an instant feature fitting window w,
                                             or an instant attack (516: the Choice and Calculation windows);
                                             engine_player_has_fast's per-card exit */
    uint32_t activated[BSK_CARD_TABLE_MAX]; /* per slot, bit k: its feature k is activated (bit 31: one at k >= 31);
                                               0: the legal list's per-card exit (triggered and static features
                                               declare nothing), else the features its walk visits */
    uint32_t instant[BSK_CARD_TABLE_MAX]; /* per slot, bit k: its feature k is an instant activated one (bit 31: one
                                             at k >= 31): an acquired entry of no such feature is no window's */
    uint32_t triggered[BSK_CARD_TABLE_MAX]; /* per slot, bit k: its feature k hears an event (bit 31: one at k >= 31):
                                               the features engine_raise_slow's walk visits */
    uint64_t ops_any;     /* bit op: some card's feature has an effect record with that op */
    bool limits_turn_any; /* some card's feature is limited per turn: the 409.2 markers to take (545.7) */
    /* compound3 (issue 22): some card's feature is compound (a link, an optional record, a "previous"
     * X; 505): the fast exit of engine_resolve_feature's record-by-record path */
    bool compound_any;
    /* group3 (issue 22): some filter reads named markers without counting them (544.3: only the own
     * squad's count), so the state records who placed each (bsk_named_marker.by); 0: it is not recorded */
    uint8_t markers_by;
    /* 509.3 (issue 22): some card's on_death feature reads a place — a filter anchored on its card (adjacent_to,
     * diagonal_to, behind, row, column) — so a dying card keeps the cell it died on (bsk_match.died_cell) */
    bool death_cell_any;
    /* times3 (issue 22): per slot, whether its static features hold an actions_per_turn or no_tap_after record,
     * and their union: the fast exit of the action-marker reads (engine_unit_can_act_as, engine_pay_action),
     * false when no card of the match has one */
    bool times_any;
    uint8_t times[BSK_CARD_TABLE_MAX];
    /* move8 (issue 23): per slot, bit k — the entry's attack k is the tag of a «получает [атаку]» of its own sentence (a
     * running feature of that src gains the attack's keyword, glossary §1.6): the card has it only while it holds that
     * keyword (engine_attack_had); 0 for every other card (the entry keeps its 80 bytes) */
    uint8_t granted_attacks[BSK_CARD_TABLE_MAX];
    /* times3 (issue 22): some filter reads the history of battle's moves (moved_last_turn, 538.2), so the state
     * records them (BSK_UNIT_MOVED_TURN, BSK_UNIT_MOVED_LAST); false: they are not recorded */
    bool history_any;
    /* mark9 (issue 23): the events the marker features (bsk_feature.marker) of the table hear: the fast exit of
     * engine_raise_slow's walk over the cell markers; 0 when no card has one */
    uint64_t marker_listen;
    /* move11 (issue 23): some card's feature makes a next-attack modifier (BSK_FDURATION_NEXT_ATTACK*): the fast exit of
     * the Calculation step's use of them (engine_effects_attack_made); false otherwise */
    bool next_attack_any;
    /* farro13 (issue 23): some card's static feature ignores protections (ignore_protection, 542.1.3): the fast exit of
     * that read at the protection check (ops past 63 have no ops_any bit); false otherwise */
    bool ignore_protection_any;
} bsk_card_table;

/* branch posio: the index of named-marker name `name` in table->marker_names, adding it when `add`;
 * -1 when absent (not adding), full or too long. "incarnation" is no named marker (536.7.1's tokens). */
int bsk_card_table_marker(bsk_card_table *table, const char *name, bool add);
/* The same without adding, on a const table. */
int bsk_card_table_marker_find(const bsk_card_table *table, const char *name);

/* The index of `filter` in the table's filters[], adding it when no equal filter is there (equal
 * filters share an index; the empty filter is 0); -1 when full. Compare filters made with memset
 * 0 first (they compare by bytes). */
int bsk_card_table_add_filter(bsk_card_table *table, const bsk_feature_filter *filter);

/* Gives slot's card a feature (tests' synthetic cards; card features later). A slot's features
 * must be added together, after the features of every other slot. -1 when full or out of order. */
int bsk_card_table_add_feature(bsk_card_table *table, int slot, const bsk_feature *feature);
/* The features of a slot. */
static inline const bsk_feature *bsk_card_table_features(const bsk_card_table *table, int slot, int *count)
{
    *count = table->entries[slot].feature_count;
    return &table->features[table->feature_start[slot]];
}

/* Compiles one card into an entry. Never fails: what does not fit or compile is flagged. */
void bsk_card_entry_compile(bsk_card_entry *entry, const bsk_card *card);
/* The keywords the card holds under a wrapper (formation, at depth …), in catalogue order: how many
 * (at most BSK_ENTRY_HELD_MAX written; the entry flags an overflow). */
int bsk_card_held_keywords(const bsk_card *card, bsk_held_keyword out[BSK_ENTRY_HELD_MAX]);

/* X of a keyword in entry->params, or BSK_UNSET when the card has no such number. */
int bsk_card_entry_x(const bsk_card_entry *entry, bsk_keyword_id keyword);

/* a·var + b with var = x or counters as the expression says. */
int bsk_expr_eval(bsk_expr expr, int x, int counters);

/* An attack's value at strength 0 (weak), 1 (medium) or 2 (strong), and its range
 * (BSK_RANGE_NONE when none); x and counters feed an expression. */
int bsk_attack_value(const bsk_attack *attack, int strength, int x, int counters);
int bsk_attack_range(const bsk_attack *attack, int x, int counters);

/* Compiles a parameter's text ("X+1", "6-X", "2 per counter"); false when the form is not
 * one of: N, X, X±N, N±X, N per counter, M+N per counter. */
bool bsk_expr_compile(const char *text, bsk_expr *out);

void bsk_card_table_init(bsk_card_table *table);
/* The slot of the card, adding it when new (the same pointer or the same id is the same
 * slot); -1 when the table is full. */
int bsk_card_table_add(bsk_card_table *table, const bsk_card *card);
/* The slot holding card id `id`, or -1. */
int bsk_card_table_find(const bsk_card_table *table, const char *id);
/* The name class (bsk_card_table.name_class) of the cards named `name` (bsk_name_equal), or -1
 * when no card of the table has that name. */
int bsk_card_table_name_class(const bsk_card_table *table, const char *name);

/* True when the match engine runs this keyword generically from catalogue data. */
bool bsk_keyword_runs(bsk_keyword_id keyword);

/* What keeps a card from running fully, as static strings ("unknown:life", "keyword:charge",
 * "condition:formation", "activation:none", "expression:X", "features", ...), each once, at
 * most `max` written to `what`. Returns the number of blockers found (may exceed max); 0 means
 * the card runs. The strings are listed in card_table.c. */
int bsk_card_blockers(const bsk_card *card, const char **what, int max);

/* ---- catalog2 (issue 22): a catalogue card's features (DESIGN §3 catalogue schema 2) ----
 * What bsk_card.features points to: the card's features compiled as bsk_feature programs whose
 * filter indexes are card-local (n ≥ 1: filters[n-1]; 0 the empty filter), with src the printed
 * sentence (1-based, ../shared/data/cards-sentences-reference.json). bsk_card_table_add compiles
 * them into the table (bsk_card_table_add_features remaps the filters). A feature whose engine is
 * text_only, or a handler the engine lacks, is kept (src, kind) but never compiled: a blocker. */

#define BSK_CARD_FEATURES_MAX 8 /* features of one card (the catalogue's most is 7) */
#define BSK_CARD_FILTERS_MAX 8  /* distinct filters of one card's features */
#define BSK_CARD_MARKERS_MAX 4  /* named-marker names of one card's features */

typedef enum bsk_feature_engine {
    BSK_ENGINE_GENERIC,   /* "generic": the program runs */
    BSK_ENGINE_HANDLER,   /* "handler:<id>": a per-card handler (bsk_feature_handler_find) */
    BSK_ENGINE_TEXT_ONLY, /* "text_only": the sentence is known not to run */
    BSK_FEATURE_ENGINE_COUNT
} bsk_feature_engine;

typedef struct bsk_card_features {
    int count;
    int filter_count;
    bsk_feature features[BSK_CARD_FEATURES_MAX];
    uint8_t engine[BSK_CARD_FEATURES_MAX];          /* bsk_feature_engine */
    char handler[BSK_CARD_FEATURES_MAX][BSK_CARD_ID_MAX]; /* the <id> of handler:<id> */
    bsk_feature_filter filters[BSK_CARD_FILTERS_MAX];
    char filter_names[BSK_CARD_FILTERS_MAX][BSK_CARD_NAME_MAX]; /* a filter's "name" (its key is compiled) */
    /* the names of the named markers its place_named_marker / remove_named_marker records name (an
     * effect's marker n: marker_names[n]); bsk_card_table_add makes them the table's */
    int marker_count;
    char marker_names[BSK_CARD_MARKERS_MAX][BSK_MARKER_NAME_MAX];
} bsk_card_features;

/* Whether feature i of a card's features is compiled into the card table: generic, or a handler the
 * engine has. */
bool bsk_card_feature_runs(const bsk_card_features *features, int index);

/* Whether a running feature of the card gives poison (the op poison): its printed sentence says which
 * attack poisons, so the keyword inflicts_poison then adds nothing (branch wrap5, 02-105). */
bool bsk_card_poisons(const bsk_card *card);

/* Adds slot's features (the one path of catalogue and fixture cards): each feature's card-local
 * filter indexes (n ≥ 1: filters[n-1]) are remapped to the table's (bsk_card_table_add_filter) and
 * the feature added (bsk_card_table_add_feature). 0, or -1 when the table's features or filters are
 * full (or a feature is refused). `runs` (may be NULL) says which features to add. */
int bsk_card_table_add_features(bsk_card_table *table, int slot, const bsk_feature *features, int count,
                                const bsk_feature_filter *filters, int filter_count, const bool *runs);

/* The support the card's data proves (DESIGN §3): unknown when `sentences` is null; keywords_only
 * without features; full when the keywords' and features' src cover each of 1…sentences (and no other) and
 * every feature runs; partial otherwise. bsk_card_blockers reports a card whose `support` says
 * more than this. */
int bsk_card_support_computed(const bsk_card *card);
/* The support the engine grants (DESIGN §4 `cards coverage`, issue 23): what the card's data claims, unless
 * it proves less (bsk_card_support_computed); full only when nothing blocks the card (bsk_card_blockers:
 * every printed number, keyword and feature runs), else partial (keywords_only without features). */
int bsk_card_support_checked(const bsk_card *card);

#ifdef __cplusplus
}
#endif

#endif
