/* card.c — the id vocabularies of the card model (glossary §1–§2, DESIGN §3) and the
 * queries on one card. Each table pairs a glossary id with the Russian word players
 * type, so `--element леса` and `--element forests` mean the same. */
#include "berserk/card.h"
#include "berserk/pool.h"

#include <stdio.h>
#include <string.h>

typedef struct word_pair {
    const char *id;
    const char *ru;
    const char *ru_alt; /* another common Russian form, or NULL */
} word_pair;

static const word_pair ELEMENTS[BSK_ELEMENT_COUNT] = {
    {"plains", "степи", "степные"},
    {"mountains", "горы", "горные"},
    {"forests", "леса", "лесные"},
    {"swamps", "болота", "болотные"},
    {"darkness", "тьма", "тёмные"},
};
static const word_pair NEUTRAL = {"neutral", "нейтральная", "нейтралы"};

static const word_pair TYPES[BSK_TYPE_COUNT] = {
    {"creature", "существо", "существа"},
    {"artifact", "артефакт", "артефакты"},
    {"terrain", "местность", "местности"},
};

static const word_pair SUBTYPES[BSK_SUBTYPE_COUNT] = {
    {NULL, NULL, NULL},
    {"ground", "наземное", "наземное существо"},
    {"flyer", "летающее", "летающее существо"},
    {"companion", "компаньон", "компаньоны"},
    {"parasite", "паразит", "паразиты"},
};

static const word_pair RARITIES[BSK_RARITY_COUNT] = {
    {NULL, NULL, NULL},
    {"common", "частая", NULL},
    {"uncommon", "необычная", "нечастая"},
    {"rare", "редкая", NULL},
    {"ultra_rare", "ультраредкая", NULL},
    {"promo", "промо", "промокарта"},
};

static const word_pair CLASSES[BSK_CLASS_COUNT] = {
    {"aquanite", "Акванит", NULL},
    {"akkenian", "Аккениец", NULL},
    {"angel", "Ангел", NULL},
    {"arkhaalite", "Архаалит", NULL},
    {"war_machine", "Боевая машина", NULL},
    {"hero_warrior", "Герой-воин", NULL},
    {"hero_priest", "Герой-жрец", NULL},
    {"hero_mage", "Герой-маг", NULL},
    {"hero_rogue", "Герой-разбойник", NULL},
    {"dwarf", "Гном", NULL},
    {"demon", "Демон", NULL},
    {"child_of_krong", "Дитя Кронга", NULL},
    {"dragon", "Дракон", NULL},
    {"spirit", "Дух", NULL},
    {"inquisitor", "Инквизитор", NULL},
    {"yordling", "Йордлинг", NULL},
    {"coven", "Ковен", NULL},
    {"koyar", "Койар", NULL},
    {"linung", "Линунг", NULL},
    {"undead", "Нежить", NULL},
    {"orc", "Орк", NULL},
    {"pirate", "Пират", NULL},
    {"river_maiden", "Речная дева", NULL},
    {"slua", "Слуа", NULL},
    {"forest_guardian", "Страж леса", NULL},
    {"toa_dan", "Тоа-Дан", NULL},
    {"troll", "Тролль", "Троль"},
    {"elemental", "Элементаль", NULL},
    {"elf", "Эльф", NULL},
    {"building", "Постройка", NULL},
    {"swamp", "Болото", NULL},
    {"mountains", "Горы", NULL},
    {"forest", "Лес", NULL},
    {"sea", "Море", NULL},
    {"desert", "Пустыня", NULL},
    {"river", "Река", NULL},
    {"spawn", "Порождение", NULL},
    {"ratfolk", "Крысолюд", NULL},
    {"giant", "Великан", NULL},
    {"city", "Город", NULL},
    {"steppe", "Степь", NULL},
    {"gates", "Врата", NULL},
};

static const word_pair KEYWORDS[BSK_KEYWORD_COUNT] = {
    {"armor", "броня", NULL},
    {"regeneration", "регенерация", NULL},
    {"attack_experience", "опыт в атаке", "ова"},
    {"defense_experience", "опыт в защите", "овз"},
    {"shooting_experience", "опыт в стрельбе", "овс"},
    {"directed_strike", "направленный удар", "ну"},
    {"unanswered_strike", "безответный удар", NULL},
    {"steadfastness", "стойкость", NULL},
    {"clumsiness", "неповоротливость", NULL},
    {"blessing", "благословение", "благословление"},
    {"curse", "проклятие", NULL},
    {"incorporeal", "бестелесный", "бестелесность"},
    {"vampirism", "вампиризм", NULL},
    {"corpse_eating", "трупоедство", NULL},
    {"formation", "строй", NULL},
    {"frenzy", "бешенство", NULL},
    {"concentration", "концентрация", NULL},
    {"prophecy", "пророчество", NULL},
    {"incarnation", "инкарнация", NULL},
    {"valhalla", "вальхалла", NULL},
    {"jump", "прыжок", NULL},
    {"teleport", "телепортация", NULL},
    {"dash", "рывок", NULL},
    {"at_depth", "на глубине", NULL},
    {"on_surface", "на поверхности", NULL},
    {"inflicts_poison", "отравление", "яд"},
    {"protection_from_poison", "защита от отравления", "зоя"},
    {"protection_from_shots", "защита от выстрелов", "зов"},
    {"protection_from_throws", "защита от метаний", "зомет"},
    {"protection_from_discharges", "защита от разрядов", "зор"},
    {"protection_from_spells", "защита от заклинаний", "зоз"},
    {"protection_from_magic", "защита от магии", "зом"},
    {"protection_from_flyer_attacks", "защита от атак летающих", "зоал"},
    {"shot", "выстрел", NULL},
    {"throw", "метание", NULL},
    {"discharge", "разряд", NULL},
    {"magic_strike", "магический удар", NULL},
    {"special_strike", "особый удар", NULL},
    {"strike_across_row", "удар через ряд", "учр"},
    {"finishing_blow", "добивание", NULL},
    {"rebuff", "отпор", NULL},
    {"charge", "заряд", NULL},
    {"werewolf", "оборотень", NULL},
};

static const char *const ACTIVATIONS[BSK_ACTIVATION_COUNT] = {NULL, "tap", "counter+tap", "instant", "triggered"};
static const char *const CONDITIONS[BSK_CONDITION_COUNT] = {NULL,       "formation",  "activated",     "conditional",
                                                             "at_depth", "on_surface", "werewolf_wolf", "werewolf_human",
                                                             "rebuff"};
static const char *const SUPPORTS[BSK_SUPPORT_COUNT] = {"keywords_only", "partial", "full", "unknown"};

static const char *const FIELDS[BSK_FIELD_COUNT] = {
    "id", "nxt_id", "name", "set", "number", "rarity", "type", "subtype", "elements", "classes", "cost",
    "cost_x", "elite", "unique", "horde", "life", "movement", "simple_strike", "keywords", "features",
    "support", "unknown", "inferred",
};

static bool word_matches(const char *word, const word_pair *pair)
{
    if (!pair->id)
        return false;
    if (strcmp(word, pair->id) == 0)
        return true;
    return (pair->ru && bsk_name_equal(word, pair->ru)) || (pair->ru_alt && bsk_name_equal(word, pair->ru_alt));
}

/* Exact ids first (the common case, and what the store holds), then Russian words. */
static int parse_pairs(const char *word, const word_pair *pairs, int count)
{
    if (!word)
        return -1;
    for (int i = 0; i < count; i++)
        if (pairs[i].id && strcmp(word, pairs[i].id) == 0)
            return i;
    for (int i = 0; i < count; i++)
        if (word_matches(word, &pairs[i]))
            return i;
    return -1;
}

static int parse_ids(const char *word, const char *const *ids, int count)
{
    if (!word)
        return -1;
    for (int i = 0; i < count; i++)
        if (ids[i] && strcmp(word, ids[i]) == 0)
            return i;
    return -1;
}

#define IN_RANGE(v, n) ((v) >= 0 && (v) < (n))

const char *bsk_element_id(int element)
{
    if (element == BSK_ELEMENT_COUNT)
        return NEUTRAL.id;
    return IN_RANGE(element, BSK_ELEMENT_COUNT) ? ELEMENTS[element].id : NULL;
}

const char *bsk_element_ru(int element)
{
    if (element == BSK_ELEMENT_COUNT)
        return NEUTRAL.ru;
    return IN_RANGE(element, BSK_ELEMENT_COUNT) ? ELEMENTS[element].ru : NULL;
}

/* Returns BSK_ELEMENT_COUNT for "neutral". */
int bsk_element_parse(const char *word)
{
    int found = parse_pairs(word, ELEMENTS, BSK_ELEMENT_COUNT);
    if (found < 0 && word && word_matches(word, &NEUTRAL))
        return BSK_ELEMENT_COUNT;
    return found;
}

const char *bsk_type_id(int type) { return IN_RANGE(type, BSK_TYPE_COUNT) ? TYPES[type].id : NULL; }
const char *bsk_type_ru(int type) { return IN_RANGE(type, BSK_TYPE_COUNT) ? TYPES[type].ru : NULL; }
int bsk_type_parse(const char *word) { return parse_pairs(word, TYPES, BSK_TYPE_COUNT); }

const char *bsk_subtype_id(int subtype) { return IN_RANGE(subtype, BSK_SUBTYPE_COUNT) ? SUBTYPES[subtype].id : NULL; }
const char *bsk_subtype_ru(int subtype) { return IN_RANGE(subtype, BSK_SUBTYPE_COUNT) ? SUBTYPES[subtype].ru : NULL; }
int bsk_subtype_parse(const char *word) { return parse_pairs(word, SUBTYPES, BSK_SUBTYPE_COUNT); }

const char *bsk_rarity_id(int rarity) { return IN_RANGE(rarity, BSK_RARITY_COUNT) ? RARITIES[rarity].id : NULL; }
int bsk_rarity_parse(const char *word) { return parse_pairs(word, RARITIES, BSK_RARITY_COUNT); }

const char *bsk_class_id(int class_id) { return IN_RANGE(class_id, BSK_CLASS_COUNT) ? CLASSES[class_id].id : NULL; }
const char *bsk_class_ru(int class_id) { return IN_RANGE(class_id, BSK_CLASS_COUNT) ? CLASSES[class_id].ru : NULL; }
int bsk_class_parse(const char *word) { return parse_pairs(word, CLASSES, BSK_CLASS_COUNT); }

const char *bsk_keyword_name(int keyword) { return IN_RANGE(keyword, BSK_KEYWORD_COUNT) ? KEYWORDS[keyword].id : NULL; }
const char *bsk_keyword_ru(int keyword) { return IN_RANGE(keyword, BSK_KEYWORD_COUNT) ? KEYWORDS[keyword].ru : NULL; }
int bsk_keyword_parse(const char *word) { return parse_pairs(word, KEYWORDS, BSK_KEYWORD_COUNT); }

bool bsk_keyword_takes_values(int keyword)
{
    switch (keyword) {
    case BSK_KEYWORD_SHOT: case BSK_KEYWORD_THROW: case BSK_KEYWORD_DISCHARGE: case BSK_KEYWORD_MAGIC_STRIKE:
    case BSK_KEYWORD_SPECIAL_STRIKE: case BSK_KEYWORD_STRIKE_ACROSS_ROW: case BSK_KEYWORD_FINISHING_BLOW:
        return true;
    default:
        return false;
    }
}

const char *bsk_activation_id(int activation) { return IN_RANGE(activation, BSK_ACTIVATION_COUNT) ? ACTIVATIONS[activation] : NULL; }
int bsk_activation_parse(const char *word) { return parse_ids(word, ACTIVATIONS, BSK_ACTIVATION_COUNT); }
const char *bsk_condition_id(int condition) { return IN_RANGE(condition, BSK_CONDITION_COUNT) ? CONDITIONS[condition] : NULL; }
int bsk_condition_parse(const char *word) { return parse_ids(word, CONDITIONS, BSK_CONDITION_COUNT); }
const char *bsk_support_id(int support) { return IN_RANGE(support, BSK_SUPPORT_COUNT) ? SUPPORTS[support] : NULL; }
int bsk_support_parse(const char *word) { return parse_ids(word, SUPPORTS, BSK_SUPPORT_COUNT); }
const char *bsk_card_field_id(int field) { return IN_RANGE(field, BSK_FIELD_COUNT) ? FIELDS[field] : NULL; }
int bsk_card_field_parse(const char *word) { return parse_ids(word, FIELDS, BSK_FIELD_COUNT); }

bool bsk_card_has_element(const bsk_card *card, bsk_element element)
{
    return (card->elements & (1u << element)) != 0;
}

int bsk_card_element_count(const bsk_card *card)
{
    int count = 0;
    for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
        count += bsk_card_has_element(card, (bsk_element)e);
    return count;
}

bool bsk_card_has_class(const bsk_card *card, bsk_class class_id)
{
    for (int i = 0; i < card->class_count; i++)
        if (card->classes[i] == class_id)
            return true;
    return false;
}

int bsk_card_keyword_next(const bsk_card *card, bsk_keyword_id keyword, int from)
{
    for (int i = from < 0 ? 0 : from; i < card->keyword_count; i++)
        if (card->keywords[i].id == keyword)
            return i;
    return -1;
}

bool bsk_card_has_keyword(const bsk_card *card, bsk_keyword_id keyword)
{
    return bsk_card_keyword_next(card, keyword, 0) >= 0;
}

int bsk_set_rank(const char *set_id)
{
    static const char *const ORDER[] = {"07", "06", "05", "04", "03", "02", "01", "22", "21", "classic"};
    for (int i = 0; i < (int)(sizeof ORDER / sizeof ORDER[0]); i++)
        if (strcmp(set_id, ORDER[i]) == 0)
            return i;
    return (int)(sizeof ORDER / sizeof ORDER[0]);
}

void bsk_param_format(const bsk_param *param, char *out, size_t out_size)
{
    if (param->expr[0])
        snprintf(out, out_size, "%s", param->expr);
    else
        snprintf(out, out_size, "%d", (int)param->value);
}
