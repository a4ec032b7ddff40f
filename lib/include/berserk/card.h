/* card.h — the immutable catalogue facts of one card printing (DESIGN §3, card object
 * schema 1) and the id vocabularies they use: elements, types, subtypes, rarities,
 * classes and keywords, each with its glossary id and its Russian words. A bsk_card is
 * plain data with fixed-size fields, so a whole pool is one flat array. No rules text. */
#ifndef BERSERK_CARD_H
#define BERSERK_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_CARD_ID_MAX 40      /* "01-037", "classic-Ar_gull_1" */
#define BSK_CARD_NAME_MAX 128   /* bytes of UTF-8, with the terminator */
#define BSK_SET_ID_MAX 16
#define BSK_MAX_CLASSES 8
#define BSK_MAX_KEYWORDS 16
#define BSK_PARAM_EXPR_MAX 24   /* "X+1", "6-X", "2 per counter" */
#define BSK_UNSET (-1)          /* a nullable integer or boolean that is null */

/* Elements, glossary §2.3. A card holds them as a bit set; no bit = neutral. */
typedef enum bsk_element {
    BSK_ELEMENT_PLAINS,
    BSK_ELEMENT_MOUNTAINS,
    BSK_ELEMENT_FORESTS,
    BSK_ELEMENT_SWAMPS,
    BSK_ELEMENT_DARKNESS,
    BSK_ELEMENT_COUNT
} bsk_element;

typedef enum bsk_card_type {
    BSK_TYPE_CREATURE,
    BSK_TYPE_ARTIFACT,
    BSK_TYPE_TERRAIN,
    BSK_TYPE_COUNT
} bsk_card_type;

typedef enum bsk_subtype {
    BSK_SUBTYPE_NONE, /* artifacts and terrains */
    BSK_SUBTYPE_GROUND,
    BSK_SUBTYPE_FLYER,
    BSK_SUBTYPE_COMPANION,
    BSK_SUBTYPE_PARASITE,
    BSK_SUBTYPE_COUNT
} bsk_subtype;

typedef enum bsk_rarity {
    BSK_RARITY_NONE, /* unknown */
    BSK_RARITY_COMMON,
    BSK_RARITY_UNCOMMON,
    BSK_RARITY_RARE,
    BSK_RARITY_ULTRA_RARE,
    BSK_RARITY_PROMO,
    BSK_RARITY_COUNT
} bsk_rarity;

/* Classes, glossary §2.2, plus the catalogue's additions (DESIGN §3). */
typedef enum bsk_class {
    BSK_CLASS_AQUANITE, BSK_CLASS_AKKENIAN, BSK_CLASS_ANGEL, BSK_CLASS_ARKHAALITE, BSK_CLASS_WAR_MACHINE,
    BSK_CLASS_HERO_WARRIOR, BSK_CLASS_HERO_PRIEST, BSK_CLASS_HERO_MAGE, BSK_CLASS_HERO_ROGUE, BSK_CLASS_DWARF,
    BSK_CLASS_DEMON, BSK_CLASS_CHILD_OF_KRONG, BSK_CLASS_DRAGON, BSK_CLASS_SPIRIT, BSK_CLASS_INQUISITOR,
    BSK_CLASS_YORDLING, BSK_CLASS_COVEN, BSK_CLASS_KOYAR, BSK_CLASS_LINUNG, BSK_CLASS_UNDEAD, BSK_CLASS_ORC,
    BSK_CLASS_PIRATE, BSK_CLASS_RIVER_MAIDEN, BSK_CLASS_SLUA, BSK_CLASS_FOREST_GUARDIAN, BSK_CLASS_TOA_DAN,
    BSK_CLASS_TROLL, BSK_CLASS_ELEMENTAL, BSK_CLASS_ELF, BSK_CLASS_BUILDING, BSK_CLASS_SWAMP,
    BSK_CLASS_MOUNTAINS, BSK_CLASS_FOREST, BSK_CLASS_SEA, BSK_CLASS_DESERT, BSK_CLASS_RIVER, BSK_CLASS_SPAWN,
    BSK_CLASS_RATFOLK, BSK_CLASS_GIANT, BSK_CLASS_CITY, BSK_CLASS_STEPPE, BSK_CLASS_GATES,
    BSK_CLASS_COUNT
} bsk_class;

/* Keyword ids of the catalogue (DESIGN §3 keyword mapping, glossary §1). */
typedef enum bsk_keyword_id {
    BSK_KEYWORD_ARMOR, BSK_KEYWORD_REGENERATION, BSK_KEYWORD_ATTACK_EXPERIENCE, BSK_KEYWORD_DEFENSE_EXPERIENCE,
    BSK_KEYWORD_SHOOTING_EXPERIENCE, BSK_KEYWORD_DIRECTED_STRIKE, BSK_KEYWORD_UNANSWERED_STRIKE,
    BSK_KEYWORD_STEADFASTNESS, BSK_KEYWORD_CLUMSINESS, BSK_KEYWORD_BLESSING, BSK_KEYWORD_CURSE,
    BSK_KEYWORD_INCORPOREAL, BSK_KEYWORD_VAMPIRISM, BSK_KEYWORD_CORPSE_EATING, BSK_KEYWORD_FORMATION,
    BSK_KEYWORD_FRENZY, BSK_KEYWORD_CONCENTRATION, BSK_KEYWORD_PROPHECY, BSK_KEYWORD_INCARNATION,
    BSK_KEYWORD_VALHALLA, BSK_KEYWORD_JUMP, BSK_KEYWORD_TELEPORT, BSK_KEYWORD_DASH, BSK_KEYWORD_AT_DEPTH,
    BSK_KEYWORD_ON_SURFACE, BSK_KEYWORD_INFLICTS_POISON, BSK_KEYWORD_PROTECTION_FROM_POISON,
    BSK_KEYWORD_PROTECTION_FROM_SHOTS, BSK_KEYWORD_PROTECTION_FROM_THROWS,
    BSK_KEYWORD_PROTECTION_FROM_DISCHARGES, BSK_KEYWORD_PROTECTION_FROM_SPELLS,
    BSK_KEYWORD_PROTECTION_FROM_MAGIC, BSK_KEYWORD_PROTECTION_FROM_FLYER_ATTACKS, BSK_KEYWORD_SHOT,
    BSK_KEYWORD_THROW, BSK_KEYWORD_DISCHARGE, BSK_KEYWORD_MAGIC_STRIKE, BSK_KEYWORD_SPECIAL_STRIKE,
    BSK_KEYWORD_STRIKE_ACROSS_ROW, BSK_KEYWORD_FINISHING_BLOW, BSK_KEYWORD_REBUFF, BSK_KEYWORD_CHARGE,
    BSK_KEYWORD_WEREWOLF,
    BSK_KEYWORD_COUNT
} bsk_keyword_id;

typedef enum bsk_activation {
    BSK_ACTIVATION_NONE,
    BSK_ACTIVATION_TAP,          /* "tap" */
    BSK_ACTIVATION_COUNTER_TAP,  /* "counter+tap" */
    BSK_ACTIVATION_INSTANT,      /* "instant" */
    BSK_ACTIVATION_TRIGGERED,    /* "triggered" */
    BSK_ACTIVATION_COUNT
} bsk_activation;

typedef enum bsk_condition {
    BSK_CONDITION_NONE,
    BSK_CONDITION_FORMATION,
    BSK_CONDITION_ACTIVATED,
    BSK_CONDITION_CONDITIONAL,
    /* issue 21: the wrappers whose condition the engine reads (card_table.h `held`) */
    BSK_CONDITION_AT_DEPTH,       /* «На глубине: [текст]»: on a depth cell */
    BSK_CONDITION_ON_SURFACE,     /* «На поверхности: [текст]»: on a surface cell */
    BSK_CONDITION_WEREWOLF_WOLF,  /* {wolf}: [text]: in wolf form (extension) */
    BSK_CONDITION_WEREWOLF_HUMAN, /* {human}: [text]: in human form (extension) */
    BSK_CONDITION_REBUFF,         /* «Отпор: [текст]»: while its controller's rebuff is active this turn
                                     (extension: reminder text 06-056) */
    BSK_CONDITION_COUNT
} bsk_condition;

/* How much of the printed text the catalogue encodes (DESIGN §3 schema 2): full when keywords and
 * features together cover each of sentences 1…`sentences` and every feature runs; partial when
 * some sentence is covered by a feature; keywords_only when nothing beyond the keywords is encoded;
 * unknown when no printed text is known (`sentences` null). The engine checks it
 * (bsk_card_support_computed, bsk_card_blockers), never trusts it. */
typedef enum bsk_support {
    BSK_SUPPORT_KEYWORDS_ONLY,
    BSK_SUPPORT_PARTIAL,
    BSK_SUPPORT_FULL,
    BSK_SUPPORT_UNKNOWN,
    BSK_SUPPORT_COUNT
} bsk_support;

/* A keyword parameter: an integer, or an expression printed on the card ("X+1"). */
typedef struct bsk_param {
    int32_t value;                      /* valid when expr[0] == '\0' */
    char expr[BSK_PARAM_EXPR_MAX];
} bsk_param;

enum {
    BSK_KEYWORD_HAS_X = 1u << 0,
    BSK_KEYWORD_HAS_VALUES = 1u << 1,
    BSK_KEYWORD_HAS_RANGE = 1u << 2
};

/* bsk_keyword.src: the printed sentence a keyword comes from (DESIGN §3 schema 2) */
#define BSK_SRC_NONE 0    /* not known (schema 1) */
#define BSK_SRC_ICON 255  /* "icon": a left-edge pictogram */
#define BSK_SRC_MAX 99    /* sentence numbers are 1..BSK_SRC_MAX */

typedef struct bsk_keyword {
    uint8_t id;         /* bsk_keyword_id */
    uint8_t activation; /* bsk_activation */
    uint8_t condition;  /* bsk_condition */
    uint8_t has;        /* BSK_KEYWORD_HAS_* */
    uint8_t src;        /* the 1-based sentence it encodes, BSK_SRC_ICON, or BSK_SRC_NONE */
    bsk_param x;
    bsk_param values[3]; /* weak, medium, strong */
    bsk_param range;
} bsk_keyword;

/* Fields of the card object in schema order; used for the `unknown` and `inferred` lists. */
typedef enum bsk_card_field {
    BSK_FIELD_ID, BSK_FIELD_NXT_ID, BSK_FIELD_NAME, BSK_FIELD_SET, BSK_FIELD_NUMBER, BSK_FIELD_RARITY,
    BSK_FIELD_TYPE, BSK_FIELD_SUBTYPE, BSK_FIELD_ELEMENTS, BSK_FIELD_CLASSES, BSK_FIELD_COST,
    BSK_FIELD_COST_X, BSK_FIELD_ELITE, BSK_FIELD_UNIQUE, BSK_FIELD_HORDE, BSK_FIELD_LIFE, BSK_FIELD_MOVEMENT,
    BSK_FIELD_SIMPLE_STRIKE, BSK_FIELD_KEYWORDS, BSK_FIELD_FEATURES, BSK_FIELD_SUPPORT, BSK_FIELD_UNKNOWN,
    BSK_FIELD_INFERRED,
    BSK_FIELD_COUNT
} bsk_card_field;

typedef struct bsk_card {
    char id[BSK_CARD_ID_MAX];
    int32_t nxt_id;                 /* BSK_UNSET for classic cards */
    char name[BSK_CARD_NAME_MAX];   /* as printed, trimmed */
    char set[BSK_SET_ID_MAX];       /* "01".."07", "21", "22", "classic" */
    int16_t number;                 /* collector number, BSK_UNSET when none */
    uint8_t rarity;                 /* bsk_rarity */
    uint8_t type;                   /* bsk_card_type */
    uint8_t subtype;                /* bsk_subtype */
    uint8_t elements;               /* bit set of 1u << bsk_element; 0 = neutral */
    int8_t class_count;             /* BSK_UNSET when classes are unknown */
    uint8_t classes[BSK_MAX_CLASSES];
    int16_t cost;
    bool cost_x;
    bool elite;
    int8_t unique;                  /* 1, 0 or BSK_UNSET */
    int8_t horde;                   /* 1, 0 or BSK_UNSET */
    int16_t life;                   /* BSK_UNSET when null */
    int16_t movement;               /* BSK_UNSET when null */
    int8_t simple_strike[3];        /* weak, medium, strong; [0] == BSK_UNSET when null */
    uint8_t support;                /* bsk_support */
    int8_t sentences;               /* sentences of the printed text (the sentences reference), BSK_UNSET
                                       when no text is known */
    uint8_t keyword_count;
    bsk_keyword keywords[BSK_MAX_KEYWORDS];
    uint32_t name_id;               /* dense id of the normalised name in its pool, set by
                                       bsk_pool_index; 0 = not from an indexed pool */
    uint32_t unknown;               /* bit set of 1u << bsk_card_field */
    uint32_t inferred;              /* bit set of 1u << bsk_card_field */
    /* The card's encoded features (schema 2), NULL when it has none: compiled programs with their
     * card-local filters (berserk/card_table.h). Borrowed: a pool owns the copies of its cards'
     * (bsk_pool_add copies them, bsk_pool_free frees them). */
    const struct bsk_card_features *features;
} bsk_card;

/* Id and word tables. Each *_id() returns the glossary id ("forests") or NULL when out
 * of range; each *_ru() the Russian word; each *_parse() accepts the id or the Russian
 * word (case-folded, ё = е) and returns the value or -1. */
const char *bsk_element_id(int element);
const char *bsk_element_ru(int element);
int bsk_element_parse(const char *word);

const char *bsk_type_id(int type);
const char *bsk_type_ru(int type);
int bsk_type_parse(const char *word);

const char *bsk_subtype_id(int subtype); /* NULL for BSK_SUBTYPE_NONE */
const char *bsk_subtype_ru(int subtype);
int bsk_subtype_parse(const char *word);

const char *bsk_rarity_id(int rarity);   /* NULL for BSK_RARITY_NONE */
int bsk_rarity_parse(const char *word);

const char *bsk_class_id(int class_id);
const char *bsk_class_ru(int class_id);
int bsk_class_parse(const char *word);

const char *bsk_keyword_name(int keyword);   /* catalogue id, e.g. "protection_from_magic" */
const char *bsk_keyword_ru(int keyword);
int bsk_keyword_parse(const char *word);
/* The attack abilities and finishing_blow carry `values`; the others carry X. */
bool bsk_keyword_takes_values(int keyword);

const char *bsk_activation_id(int activation); /* NULL for NONE */
int bsk_activation_parse(const char *word);
const char *bsk_condition_id(int condition);   /* NULL for NONE */
int bsk_condition_parse(const char *word);
const char *bsk_support_id(int support);
int bsk_support_parse(const char *word);

const char *bsk_card_field_id(int field);
int bsk_card_field_parse(const char *word);

/* Queries on one card. */
bool bsk_card_has_element(const bsk_card *card, bsk_element element);
bool bsk_card_has_class(const bsk_card *card, bsk_class class_id);
bool bsk_card_has_keyword(const bsk_card *card, bsk_keyword_id keyword);
/* The index in card->keywords of the first occurrence of `keyword` at or after index
 * `from`, or -1. A card may print a keyword twice with different parameters (01-004
 * Гиррит: two shots), so callers that use parameters loop:
 *   for (int i = bsk_card_keyword_next(card, id, 0); i >= 0; i = bsk_card_keyword_next(card, id, i + 1)) */
int bsk_card_keyword_next(const bsk_card *card, bsk_keyword_id keyword, int from);
int bsk_card_element_count(const bsk_card *card);

/* The number of features the card encodes (0 when card->features is NULL). */
int bsk_card_feature_count(const bsk_card *card);

/* Printing order, newest first (DESIGN §2): release 7 … 1, then sets 22, 21, then classic.
 * A smaller rank is newer. Unknown set ids rank after classic. */
int bsk_set_rank(const char *set_id);

/* Writes "4-5-6" or "X" style text of a parameter. */
void bsk_param_format(const bsk_param *param, char *out, size_t out_size);

#ifdef __cplusplus
}
#endif

#endif
