/* action.h — the kinds of decisions a player makes (declarations and answers) and, for each kind,
 * one row of properties every layer reads: its position-vocabulary word (DESIGN §5), whether it is
 * a declaration ("do") or an answer, which bsk_action fields it uses, how each is written in a
 * position/log record and in a `play` command, the rule an illegal one is refused with, and its
 * help line. A new kind is one row here plus its engine behaviour (issue 21 §1); the readers and
 * writers of formats/ and cli/ are generic over the rows. */
#ifndef BERSERK_ACTION_H
#define BERSERK_ACTION_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The order is the engine's (kinds are hashed in stack entries): add new kinds at the end. */
typedef enum bsk_action_kind {
    BSK_ACT_PASS,          /* hand priority over (303.2), or take the default answer */
    BSK_ACT_END_TURN,      /* 411.2 c: pass the turn */
    BSK_ACT_MOVE,          /* 506: one orthogonal step; unit, cell */
    BSK_ACT_ATTACK,        /* 107.2 a: simple strike; unit, target */
    BSK_ACT_ABILITY,       /* an attack ability; unit, index (catalogue keyword index), target */
    BSK_ACT_GAIN_COUNTER,  /* 113.4, 123.3: tap to gain a counter; unit */
    BSK_ACT_FLYER_TAP,     /* 107.2 d, 210.5: tap to strike a flyer; unit */
    BSK_ACT_GUARD,         /* 514: unit guards against the strike being executed */
    BSK_ACT_STEP_DOWN,     /* 515.3: index 1 = step down, 0 = keep the row */
    BSK_ACT_FIRST,         /* 402.1: index 1 = the chooser goes first, 2 = the chooser goes second */
    BSK_ACT_KEEP,          /* 402.4: keep the deal */
    BSK_ACT_REDEAL,        /* 402.4 */
    BSK_ACT_TAKE,          /* 403.2: index = deal position, gold/silver = split (-1: default) */
    BSK_ACT_DONE,          /* 403.2: end recruitment; 405.1: reveal the rest */
    BSK_ACT_PLACE,         /* 404.1: index = squad position, cell */
    BSK_ACT_HIDE,          /* 405.1: keep the card on `cell` (row 6) hidden */
    BSK_ACT_HOST,          /* 405.2: unit = symbiote, target = host */
    BSK_ACT_FEATURE,       /* an activated feature: unit, index = feature of the card, target */
    BSK_ACT_ORDER,         /* 305.1: index = the pending trigger the player puts next */
    BSK_ACT_USE,           /* glossary §1.5 «может»: index 1 = use the optional feature, 0 = decline it */
    BSK_ACT_MODE,          /* «или»/«либо»: index = the option, 1-based in text order */
    BSK_ACT_CHOOSE,        /* any other choice of a feature (a target, a cell, a number …): index = the
                            * option (a unit, a cell, a number …: what the question asks, match.h) */
    BSK_ACT_BEFORE,        /* prebattle12 (issue 23), 403.1: index = a deal position: the card whose «до набора
                            * отряда» feature is used, or the deal card that feature puts into the graveyard */
    BSK_ACT_KIND_COUNT
} bsk_action_kind;

/* One declaration or answer: 8 bytes, so a legal list entry is one store. */
typedef struct bsk_action {
    uint8_t kind;     /* bsk_action_kind */
    uint8_t player;   /* 1 or 2 */
    int8_t unit;      /* acting card (unit index), -1 */
    int8_t target;    /* target unit, -1 */
    int8_t cell;      /* cell 0..29, -1 */
    int8_t index;     /* see the kinds above, -1 */
    int8_t gold;      /* TAKE payment split; -1 = default */
    int8_t silver;
} bsk_action;

/* Which bsk_action fields a kind uses (the others are -1). */
enum {
    BSK_USES_UNIT = 1u << 0,
    BSK_USES_TARGET = 1u << 1,
    BSK_USES_CELL = 1u << 2,
    BSK_USES_INDEX = 1u << 3,
    BSK_USES_PAYMENT = 1u << 4 /* gold and silver */
};

/* The fields of a position/log record (berserk/position.h's bsk_record) a kind writes. */
typedef enum bsk_record_field {
    BSK_FIELD_NONE,
    BSK_FIELD_FROM,   /* a place */
    BSK_FIELD_TO,     /* a place */
    BSK_FIELD_CARD,   /* a card's name */
    BSK_FIELD_INDEX,  /* a number */
    BSK_FIELD_FLAG,   /* a bool */
    BSK_FIELD_GOLD,
    BSK_FIELD_SILVER
} bsk_record_field;

/* How one field is written in a record's JSON object. */
typedef enum bsk_record_form {
    BSK_FORM_PLACE,         /* "c3", "c3s", "1x2", "x1" */
    BSK_FORM_CELL,          /* a battlefield cell "a1".."e6" */
    BSK_FORM_PLACE_OR_NULL, /* a place, or null (GUARD: no guard) */
    BSK_FORM_NAME,          /* a card's name (or id), resolved through the pool */
    BSK_FORM_PLACE_OR_NAME, /* a place (FROM), else a card's name (CARD): ORDER */
    BSK_FORM_NUMBER,        /* an integer in [min, max] */
    BSK_FORM_BOOL,          /* true or false */
    BSK_FORM_TRUE,          /* the key with true: the answer is the key itself */
    BSK_FORM_CHOICE         /* a place (FROM), a number (INDEX), or a word: a card's name, a class or
                             * element id, a direction (CARD) — DESIGN §5 `choose` */
} bsk_record_form;

/* One key of a record's JSON object. */
typedef struct bsk_record_slot {
    const char *key;
    uint8_t field;    /* bsk_record_field */
    uint8_t form;     /* bsk_record_form */
    bool optional;
    int8_t min, max;  /* BSK_FORM_NUMBER */
} bsk_record_slot;

#define BSK_ACTION_SLOTS_MAX 3

typedef struct bsk_action_kind_info {
    const char *id;          /* the position word: a declaration's "do" verb, or the answer's key */
    bool declaration;        /* a declaration ({"player","do":id,…}) rather than an answer ({"player",id:…}) */
    uint8_t uses;            /* BSK_USES_*: the bsk_action fields it uses */
    /* the record's keys after "player" (and "do"), in the order they are written; a declaration
     * with a `from` slot also takes "card" (DESIGN §5: one of the cards sharing that cell) */
    bsk_record_slot slots[BSK_ACTION_SLOTS_MAX];
    const char *rule;        /* the rule an illegal one is refused with when nothing more particular is */
    /* `play` commands: the text of the record (and, with a flag, of the record whose flag is
     * false). Words are literal; {from} {to} places, {to:cell} a cell, {n} index + 1, {index} the
     * index, {card} a name (one or more words), {gold} {silver} numbers, {from|none} a place or
     * "none", {from|card} a place or a name, {choice} a place, a number or a name; a trailing
     * [ … ] is optional (written when its first field is set). */
    const char *command;
    const char *command_no;  /* the flag-false text (step down / stay), NULL */
    const char *usage;       /* shown when the command word is right and the rest is not; NULL: an
                              * unknown command */
    const char *help;        /* its `play` help line (NULL: another kind's line covers it) */
    uint8_t help_rank;       /* the line's place in the help */
    const char *question;    /* what the player is asked, in words (a board's header), NULL */
} bsk_action_kind_info;

/* The row of `kind`; NULL when it is none. */
const bsk_action_kind_info *bsk_action_kind_info_get(int kind);
/* "attack", "move", … (position vocabulary); "?" when it is none. */
const char *bsk_action_kind_id(int kind);

#ifdef __cplusplus
}
#endif

#endif
