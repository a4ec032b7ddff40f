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

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_CARD_TABLE_MAX 255    /* slots 0..254; */
#define BSK_CARD_SLOT_NONE 255    /* a state's "no card" */
#define BSK_ENTRY_ATTACKS_MAX 3   /* the catalogue's most: 02-061 Дхайа, 06-203 Морской волк */
#define BSK_ENTRY_PARAMS_MAX 3    /* non-attack keywords with a number; the catalogue's most is 3 */
#define BSK_RANGE_NONE (-1)       /* the attack prints no range */

/* A compiled parameter expression: value = a·var + b (var CONST: the value is b). */
typedef enum bsk_expr_var {
    BSK_EXPR_CONST,    /* "3" */
    BSK_EXPR_X,        /* "X", "X+1", "6-X": X is defined by the card's own text */
    BSK_EXPR_COUNTERS, /* "2 per counter", "2+3 per counter": the counters spent */
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

/* ---- Card features (the machinery card-specific features will use; DESIGN §5 coverage) ---- */

#define BSK_CARD_TABLE_FEATURES_MAX 512

typedef enum bsk_feature_kind {
    BSK_FEATURE_ACTIVATED, /* cost: tap, counters, instant (113, 114) */
    BSK_FEATURE_TRIGGERED  /* on an event (116) */
} bsk_feature_kind;

typedef enum bsk_feature_event {
    BSK_EVENT_NONE,
    BSK_ON_DEATH,       /* 509.3: "при гибели" — this card died */
    BSK_ON_ATTACK,      /* 512.6.2 d: "при нападении" — this card declared an attack that passed legality */
    BSK_AT_TURN_START,  /* 409.2: "в начале вашего хода" */
    BSK_FEATURE_EVENT_COUNT
} bsk_feature_event;

typedef enum bsk_feature_op {
    BSK_OP_WOUND,         /* wound the target by value (508.5) */
    BSK_OP_HEAL,          /* heal the target by value (508.5.3) */
    BSK_OP_GAIN_COUNTERS, /* the target gains value counters (123) */
    BSK_OP_CANCEL,        /* cancel the attack being executed (512.6.3) */
    BSK_FEATURE_OP_COUNT
} bsk_feature_op;

typedef enum bsk_feature_target {
    BSK_TARGET_SELF,           /* 502.4: no target named: the source itself */
    BSK_TARGET_ADJACENT_ENEMY, /* a chosen enemy card adjacent to the source (a trigger's controller
                                * is asked `choose` when it is declared) */
    BSK_TARGET_ANY_ENEMY,      /* a chosen enemy card of the battle zone (likewise) */
    BSK_TARGET_ATTACKED,       /* the target of the attack that triggered it */
    BSK_TARGET_EVERY_ENEMY,    /* every enemy creature (502.8) */
    BSK_FEATURE_TARGET_COUNT
} bsk_feature_target;

typedef struct bsk_feature {
    uint8_t kind;     /* bsk_feature_kind */
    uint8_t event;    /* bsk_feature_event (triggered) */
    uint8_t op;       /* bsk_feature_op */
    uint8_t target;   /* bsk_feature_target */
    int8_t value;
    uint8_t tap;      /* activated: {tap} in the cost (an action, 510) */
    uint8_t counters; /* activated: counters in the cost */
    uint8_t instant;  /* activated: {instant}, a fast action (304.3) */
    uint8_t optional; /* triggered: «может» (116.7, glossary §1.5): its controller is asked `use` */
    uint8_t mode_op;  /* «или»: 0, or the second option's op + 1 (same target and value): asked `mode` */
} bsk_feature;

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
    uint64_t keywords;      /* bit set of 1ull << bsk_keyword_id, unconditional keywords only */
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
    bsk_keyword_param params[BSK_ENTRY_PARAMS_MAX];
    bsk_attack attacks[BSK_ENTRY_ATTACKS_MAX]; /* in catalogue order */
} bsk_card_entry;

typedef struct bsk_card_table {
    int count;
    bsk_card_entry entries[BSK_CARD_TABLE_MAX];
    int feature_total;
    bool any_fast;                              /* some card has a fast (instant) feature or attack */
    uint16_t feature_start[BSK_CARD_TABLE_MAX]; /* first feature of each slot */
    bsk_feature features[BSK_CARD_TABLE_FEATURES_MAX];
} bsk_card_table;

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

/* True when the match engine runs this keyword generically from catalogue data. */
bool bsk_keyword_runs(bsk_keyword_id keyword);

/* What keeps a card from running fully, as static strings ("unknown:life", "keyword:charge",
 * "condition:formation", "activation:none", "expression:X", "features", ...), each once, at
 * most `max` written to `what`. Returns the number of blockers found (may exceed max); 0 means
 * the card runs. The strings are listed in card_table.c. */
int bsk_card_blockers(const bsk_card *card, const char **what, int max);

#ifdef __cplusplus
}
#endif

#endif
