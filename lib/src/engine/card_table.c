/* card_table.c — compiles pool cards into the compact entries of a match's card table
 * (DESIGN §5), the parameter expressions of the catalogue ("X+1", "2 per counter"), the one
 * table of keywords the engine runs generically, and the blockers `cards coverage` reports
 * (DESIGN §4: what cannot run is reported, never silently ignored). */
#include "berserk/card_table.h"
#include "berserk/pool.h"
#include "engine.h"

#include <ctype.h>
#include <string.h>

_Static_assert(sizeof(bsk_card_entry) <= 96, "a card entry stays within 96 bytes");
_Static_assert(BSK_KEYWORD_COUNT <= 64, "keyword ids fit the uint64 keyword mask");
_Static_assert(BSK_CLASS_COUNT <= 64, "class ids fit the uint64 class mask");
/* farro13 (issue 23): ops_any (uint64) has a bit for each op up to summon, the ops a module reads through it; a later op
 * has none (ignore_protection is read behind the table's ignore_protection_any) */
_Static_assert(BSK_OP_SUMMON < 64, "ops_any has a bit for each op read through it");
_Static_assert(BSK_CARD_TABLE_MAX < 256 && BSK_CARD_SLOT_NONE == BSK_CARD_TABLE_MAX, "slots are uint8");

/* ---- What runs ---- */

/* THE list of keywords the match engine runs generically from catalogue data. The lead turns
 * an entry to true when the engine implements that keyword (with tests); everything else is
 * reported by `cards coverage` as a blocker. */
static const bool KEYWORD_RUNS[BSK_KEYWORD_COUNT] = {
    [BSK_KEYWORD_ARMOR] = true,
    [BSK_KEYWORD_REGENERATION] = true,
    [BSK_KEYWORD_ATTACK_EXPERIENCE] = true,
    [BSK_KEYWORD_DEFENSE_EXPERIENCE] = true,
    [BSK_KEYWORD_SHOOTING_EXPERIENCE] = true,
    [BSK_KEYWORD_DIRECTED_STRIKE] = true,
    [BSK_KEYWORD_UNANSWERED_STRIKE] = true,
    [BSK_KEYWORD_STEADFASTNESS] = true,
    [BSK_KEYWORD_CLUMSINESS] = true,
    [BSK_KEYWORD_BLESSING] = true, /* 519: keywords.c */
    [BSK_KEYWORD_CURSE] = true,
    [BSK_KEYWORD_INCORPOREAL] = true, /* 524, 535: declare.c, resolve.c, keywords.c */
    [BSK_KEYWORD_VAMPIRISM] = true, /* keywords.c (engine_strike_lands, engine_vampirism), resolve.c */
    [BSK_KEYWORD_CORPSE_EATING] = true, /* keywords.c, resolve.c (step_apply) */
    [BSK_KEYWORD_FORMATION] = true,  /* a wrapper: its keywords are held[] (text:formation without them) */
    [BSK_KEYWORD_FRENZY] = true, /* a wrapper: its frame runs, its [text] is card text (text:frenzy) */
    [BSK_KEYWORD_CONCENTRATION] = true, /* a wrapper: its frame runs, its [text] is card text (text:concentration) */
    [BSK_KEYWORD_PROPHECY] = true, /* glossary «Пророчество X; [текст]»: the op "prophecy"; its [текст]: text:prophecy */
    [BSK_KEYWORD_INCARNATION] = true, /* 536.7: life.c */
    [BSK_KEYWORD_VALHALLA] = true, /* a wrapper: its frame runs, its [text] is card text (text:valhalla) */
    [BSK_KEYWORD_JUMP] = true,     /* slow, 506.6–506.7: keywords.c, declare.c */
    [BSK_KEYWORD_TELEPORT] = true, /* slow, 506.6–506.7 */
    [BSK_KEYWORD_DASH] = true,     /* glossary «Рывок»: life.c, Q_CHOOSE (use, choose) */
    [BSK_KEYWORD_AT_DEPTH] = true,   /* a wrapper, as formation (text:at_depth) */
    [BSK_KEYWORD_ON_SURFACE] = true, /* a wrapper, as formation (text:on_surface) */
    [BSK_KEYWORD_INFLICTS_POISON] = true, /* the frame: a feature's gain_feature {poison}; which attack
                                             poisons is card text (text:inflicts_poison until encoded) */
    [BSK_KEYWORD_PROTECTION_FROM_POISON] = true,
    [BSK_KEYWORD_PROTECTION_FROM_SHOTS] = true,
    [BSK_KEYWORD_PROTECTION_FROM_THROWS] = true,
    [BSK_KEYWORD_PROTECTION_FROM_DISCHARGES] = true,
    [BSK_KEYWORD_PROTECTION_FROM_SPELLS] = true,
    [BSK_KEYWORD_PROTECTION_FROM_MAGIC] = true,
    [BSK_KEYWORD_PROTECTION_FROM_FLYER_ATTACKS] = true,
    [BSK_KEYWORD_SHOT] = true,
    [BSK_KEYWORD_THROW] = true,
    [BSK_KEYWORD_DISCHARGE] = true,
    [BSK_KEYWORD_MAGIC_STRIKE] = true,
    [BSK_KEYWORD_SPECIAL_STRIKE] = true,
    [BSK_KEYWORD_STRIKE_ACROSS_ROW] = true,
    [BSK_KEYWORD_FINISHING_BLOW] = true,
    [BSK_KEYWORD_REBUFF] = true, /* an extension (reminder text 06-056), a wrapper as formation: its keywords
                                    are held[] under condition rebuff (text:rebuff without them) */
    [BSK_KEYWORD_CHARGE] = true, /* an extension (reminder text): keywords.c */
    [BSK_KEYWORD_WEREWOLF] = true, /* an extension (reminder text 06-060): the form asked before the turn, life.c;
                                      its wrapped texts are card text (text:werewolf until encoded) */
};

bool bsk_keyword_runs(bsk_keyword_id keyword)
{
    return (unsigned)keyword < BSK_KEYWORD_COUNT && KEYWORD_RUNS[keyword];
}

/* Blocker strings, in enum order (tests check them against bsk_keyword_name). */
static const char *const KEYWORD_BLOCKERS[BSK_KEYWORD_COUNT] = {
    "keyword:armor", "keyword:regeneration", "keyword:attack_experience", "keyword:defense_experience",
    "keyword:shooting_experience", "keyword:directed_strike", "keyword:unanswered_strike", "keyword:steadfastness",
    "keyword:clumsiness", "keyword:blessing", "keyword:curse", "keyword:incorporeal", "keyword:vampirism",
    "keyword:corpse_eating", "keyword:formation", "keyword:frenzy", "keyword:concentration", "keyword:prophecy",
    "keyword:incarnation", "keyword:valhalla", "keyword:jump", "keyword:teleport", "keyword:dash",
    "keyword:at_depth", "keyword:on_surface", "keyword:inflicts_poison", "keyword:protection_from_poison",
    "keyword:protection_from_shots", "keyword:protection_from_throws", "keyword:protection_from_discharges",
    "keyword:protection_from_spells", "keyword:protection_from_magic", "keyword:protection_from_flyer_attacks",
    "keyword:shot", "keyword:throw", "keyword:discharge", "keyword:magic_strike", "keyword:special_strike",
    "keyword:strike_across_row", "keyword:finishing_blow", "keyword:rebuff", "keyword:charge", "keyword:werewolf",
};
/* Wrapper keywords (issue 21 §2): the keyword's frame runs (a feature hearing its event), its linked
 * [text] is card text encoded with the card (issues 22-23). A card with the keyword and no encoded
 * feature linked to it (a catalogue card carries none yet) has the blocker text:<id>. */
static const char *const TEXT_BLOCKERS[BSK_KEYWORD_COUNT] = {
    [BSK_KEYWORD_FRENZY] = "text:frenzy",
    [BSK_KEYWORD_CONCENTRATION] = "text:concentration",
    [BSK_KEYWORD_VALHALLA] = "text:valhalla",
    [BSK_KEYWORD_PROPHECY] = "text:prophecy", /* its [text]: the records after the op "prophecy" */
};
static const char *const CONDITION_BLOCKERS[BSK_CONDITION_COUNT] = {
    NULL, "condition:formation", "condition:activated", "condition:conditional",
    "condition:at_depth", "condition:on_surface", "condition:werewolf_wolf", "condition:werewolf_human",
    "condition:rebuff",
};

/* The wrapper keyword whose condition a keyword is held under (the engine reads it: card_table.h
 * `held`), or -1 for a condition the engine does not read (activated, conditional: card text). */
static int condition_wrapper(int condition)
{
    switch (condition) {
    case BSK_CONDITION_FORMATION: return BSK_KEYWORD_FORMATION;
    case BSK_CONDITION_AT_DEPTH: return BSK_KEYWORD_AT_DEPTH;
    case BSK_CONDITION_ON_SURFACE: return BSK_KEYWORD_ON_SURFACE;
    case BSK_CONDITION_WEREWOLF_WOLF: case BSK_CONDITION_WEREWOLF_HUMAN: return BSK_KEYWORD_WEREWOLF;
    case BSK_CONDITION_REBUFF: return BSK_KEYWORD_REBUFF;
    default: return -1;
    }
}

/* Cards whose printed formation text says more than the keywords catalogued under it (checked
 * against ../shared/data/cards-text-reference.json for issue 21): 01-048 names its partner's rank
 * per keyword, 05-038 is in formation with its host, 06-065 also gains a keyword the catalogue
 * lacks. Their formation text waits for the card's encoding: "text:formation". */
static const char *const FORMATION_TEXT_MORE[] = {"01-048", "05-038", "06-065"};

static bool formation_text_more(const bsk_card *card)
{
    for (size_t i = 0; i < sizeof FORMATION_TEXT_MORE / sizeof FORMATION_TEXT_MORE[0]; i++)
        if (strcmp(card->id, FORMATION_TEXT_MORE[i]) == 0)
            return true;
    return false;
}

/* Wave 2 of issue 21: a wrapper keyword runs when its frame runs; its linked text is card text.
 * A card with the wrapper and nothing catalogued under it reports "text:<keyword>". */
static const char *wrapper_text_blocker(int keyword)
{
    switch (keyword) {
    case BSK_KEYWORD_FORMATION: return "text:formation";
    case BSK_KEYWORD_AT_DEPTH: return "text:at_depth";
    case BSK_KEYWORD_ON_SURFACE: return "text:on_surface";
    case BSK_KEYWORD_WEREWOLF: return "text:werewolf";
    case BSK_KEYWORD_REBUFF: return "text:rebuff";
    default: return NULL;
    }
}

/* ---- Expressions ---- */

static const char *skip_spaces(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

/* A non-negative integer below 128; advances *s. */
static bool read_number(const char **s, int *out)
{
    const char *p = *s;
    if (!isdigit((unsigned char)*p))
        return false;
    int value = 0;
    while (isdigit((unsigned char)*p)) {
        value = value * 10 + (*p++ - '0');
        if (value > 127)
            return false;
    }
    *out = value;
    *s = p;
    return true;
}

bool bsk_expr_compile(const char *text, bsk_expr *out)
{
    const char *s = skip_spaces(text);
    int first = 0, second = 0;
    if (*s == 'X') { /* X, X+N, X-N */
        s = skip_spaces(s + 1);
        if (!*s) {
            *out = (bsk_expr){BSK_EXPR_X, 1, 0};
            return true;
        }
        char sign = *s;
        if (sign != '+' && sign != '-')
            return false;
        s = skip_spaces(s + 1);
        if (!read_number(&s, &first) || *skip_spaces(s))
            return false;
        *out = (bsk_expr){BSK_EXPR_X, 1, (int8_t)(sign == '+' ? first : -first)};
        return true;
    }
    if (!read_number(&s, &first))
        return false;
    s = skip_spaces(s);
    if (!*s) { /* N */
        *out = (bsk_expr){BSK_EXPR_CONST, 0, (int8_t)first};
        return true;
    }
    if (strcmp(s, "per counter") == 0) { /* N per counter */
        *out = (bsk_expr){BSK_EXPR_COUNTERS, (int8_t)first, 0};
        return true;
    }
    char sign = *s;
    if (sign != '+' && sign != '-')
        return false;
    s = skip_spaces(s + 1);
    if (*s == 'X' && !*skip_spaces(s + 1)) { /* N+X, N-X */
        *out = (bsk_expr){BSK_EXPR_X, (int8_t)(sign == '+' ? 1 : -1), (int8_t)first};
        return true;
    }
    if (sign == '+' && read_number(&s, &second) && strcmp(skip_spaces(s), "per counter") == 0) {
        *out = (bsk_expr){BSK_EXPR_COUNTERS, (int8_t)second, (int8_t)first}; /* M+N per counter */
        return true;
    }
    return false;
}

int bsk_expr_eval(bsk_expr expr, int x, int counters)
{
    switch (expr.var) {
    case BSK_EXPR_X:
        return expr.a * x + expr.b;
    case BSK_EXPR_COUNTERS:
        return expr.a * counters + expr.b;
    default:
        return expr.b;
    }
}

int bsk_attack_value(const bsk_attack *attack, int strength, int x, int counters)
{
    if (attack->expr_of == BSK_ATTACK_EXPR_VALUES)
        return bsk_expr_eval(attack->expr, x, counters);
    return attack->values[strength < 0 ? 0 : strength > 2 ? 2 : strength];
}

int bsk_attack_range(const bsk_attack *attack, int x, int counters)
{
    if (attack->expr_of == BSK_ATTACK_EXPR_RANGE)
        return bsk_expr_eval(attack->expr, x, counters);
    return attack->range;
}

/* ---- Compiling an entry ---- */

/* How one parameter compiles. */
typedef enum param_form { FORM_CONST, FORM_VARIABLE, FORM_UNCOMPILED } param_form;

static param_form compile_param(const bsk_param *param, bsk_expr *out)
{
    if (!param->expr[0]) {
        *out = (bsk_expr){BSK_EXPR_CONST, 0, 0};
        return FORM_CONST;
    }
    if (!bsk_expr_compile(param->expr, out))
        return FORM_UNCOMPILED;
    return out->var == BSK_EXPR_CONST ? FORM_CONST : FORM_VARIABLE;
}

/* The constant value of a parameter (its own value or a constant expression). */
static int param_constant(const bsk_param *param, const bsk_expr *compiled)
{
    return param->expr[0] ? compiled->b : param->value;
}

static bool fits_int8(int value) { return value >= -128 && value <= 127; }

static int8_t narrow(int value, uint8_t *flags)
{
    if (!fits_int8(value)) {
        *flags |= BSK_ENTRY_OVERFLOW;
        return value < 0 ? -128 : 127;
    }
    return (int8_t)value;
}

static int8_t nullable(int value, uint8_t *flags)
{
    return value == BSK_UNSET ? (int8_t)BSK_UNSET : narrow(value, flags);
}

static void compile_attack(bsk_attack *attack, const bsk_keyword *keyword, int index, uint8_t *flags)
{
    memset(attack, 0, sizeof *attack);
    attack->keyword = keyword->id;
    attack->activation = keyword->activation;
    attack->counter_cost = keyword->activation == BSK_ACTIVATION_COUNTER_TAP ? 1 : 0;
    attack->index = (uint8_t)index;
    attack->range = BSK_RANGE_NONE;

    bsk_expr values[3];
    param_form forms[3];
    bool variable = false;
    for (int s = 0; s < 3; s++) {
        forms[s] = compile_param(&keyword->values[s], &values[s]);
        if (forms[s] == FORM_UNCOMPILED)
            *flags |= BSK_ENTRY_UNCOMPILED;
        variable |= forms[s] == FORM_VARIABLE;
        attack->values[s] = forms[s] == FORM_CONST ? narrow(param_constant(&keyword->values[s], &values[s]), flags) : 0;
    }
    if (variable) {
        /* The converter writes one printed expression as [e,e,e]; anything else has no form here. */
        if (strcmp(keyword->values[0].expr, keyword->values[1].expr) != 0 ||
            strcmp(keyword->values[0].expr, keyword->values[2].expr) != 0)
            *flags |= BSK_ENTRY_UNCOMPILED;
        attack->expr_of = BSK_ATTACK_EXPR_VALUES;
        attack->expr = values[0];
    }
    if (keyword->has & BSK_KEYWORD_HAS_RANGE) {
        bsk_expr range;
        param_form form = compile_param(&keyword->range, &range);
        if (form == FORM_UNCOMPILED)
            *flags |= BSK_ENTRY_UNCOMPILED;
        else if (form == FORM_CONST)
            attack->range = narrow(param_constant(&keyword->range, &range), flags);
        else if (attack->expr_of != BSK_ATTACK_EXPR_NONE)
            *flags |= BSK_ENTRY_UNCOMPILED; /* room for one expression per attack */
        else {
            attack->expr_of = BSK_ATTACK_EXPR_RANGE;
            attack->expr = range;
        }
    }
}

/* The non-attack keyword's number: X, or a jump's range. */
static const bsk_param *keyword_number(const bsk_keyword *keyword)
{
    if (keyword->has & BSK_KEYWORD_HAS_X)
        return &keyword->x;
    if (keyword->has & BSK_KEYWORD_HAS_RANGE)
        return &keyword->range;
    return NULL;
}

/* Keywords printed with a number (X, or a jump's range). */
static bool takes_number(int keyword)
{
    switch (keyword) {
    case BSK_KEYWORD_ARMOR: case BSK_KEYWORD_REGENERATION: case BSK_KEYWORD_ATTACK_EXPERIENCE:
    case BSK_KEYWORD_DEFENSE_EXPERIENCE: case BSK_KEYWORD_SHOOTING_EXPERIENCE: case BSK_KEYWORD_INFLICTS_POISON:
    case BSK_KEYWORD_FRENZY: case BSK_KEYWORD_INCARNATION: case BSK_KEYWORD_PROPHECY: case BSK_KEYWORD_JUMP:
        return true;
    default:
        return false;
    }
}

/* move8 (issue 23): whether attack keyword i is the tag of a «получает [атаку]» (glossary §1.6): a running feature of
 * its sentence gains its keyword (gain_feature {"id": K}), so the card has the attack only while it holds K (03-003
 * «… оно получает {tap}: Магический удар на 1 до конца своего хода»). */
static bool granted_attack(const bsk_card *card, int i)
{
    const bsk_keyword *keyword = &card->keywords[i];
    if (keyword->src == BSK_SRC_NONE || keyword->src == BSK_SRC_ICON)
        return false;
    for (int k = 0; k < bsk_card_feature_count(card); k++) {
        const bsk_feature *f = &card->features->features[k];
        for (int e = 0; f->src == keyword->src && e < f->effect_count; e++)
            if (f->effects[e].op == BSK_OP_GAIN_FEATURE && !f->effects[e].feature_src &&
                f->effects[e].keyword == keyword->id && bsk_card_feature_runs(card->features, k))
                return true;
            /* swap12 (issue 23): an activated feature of its sentence makes that attack itself (06-103 «{tap}: Выстрел
             * на 2, дальность 5, при этом …»): the keyword is the feature's tag, never an action of its own (the
             * feature is the printed one), so it is had only while an effect gives it — never, for these */
            else if (f->kind == BSK_FEATURE_ACTIVATED && f->effects[e].op == BSK_OP_SPAWN_ATTACK &&
                     f->effects[e].attack.keyword == keyword->id && bsk_keyword_takes_values(keyword->id) &&
                     keyword->activation != BSK_ACTIVATION_NONE && bsk_card_feature_runs(card->features, k))
                return true;
    }
    return false;
}

static void compile_entry(bsk_card_entry *entry, const bsk_card *card, bsk_held_keyword *held_out)
{
    memset(entry, 0, sizeof *entry);
    uint8_t flags = 0;
    entry->card = card;
    for (int i = 0; i < card->class_count; i++)
        entry->classes |= 1ull << card->classes[i];
    entry->life = nullable(card->life, &flags);
    entry->movement = nullable(card->movement, &flags);
    if (card->simple_strike[0] == BSK_UNSET)
        flags |= BSK_ENTRY_NO_STRIKE; /* 208.8 */
    else
        for (int s = 0; s < 3; s++)
            entry->strike[s] = narrow(card->simple_strike[s], &flags);
    entry->cost = nullable(card->cost, &flags);
    entry->type = card->type;
    entry->subtype = card->subtype;
    entry->elements = card->elements;
    if (card->elite)
        flags |= BSK_ENTRY_ELITE;
    if (card->unique == 1)
        flags |= BSK_ENTRY_UNIQUE;
    if (card->cost_x)
        flags |= BSK_ENTRY_COST_X;

    for (int i = 0; i < card->keyword_count; i++) {
        const bsk_keyword *keyword = &card->keywords[i];
        if (bsk_keyword_takes_values(keyword->id)) {
            if (entry->attack_count == BSK_ENTRY_ATTACKS_MAX) {
                flags |= BSK_ENTRY_OVERFLOW;
                continue;
            }
            compile_attack(&entry->attacks[entry->attack_count++], keyword, i, &flags);
            continue;
        }
        if (keyword->condition != BSK_CONDITION_NONE) {
            if (condition_wrapper(keyword->condition) < 0) {
                flags |= BSK_ENTRY_CONDITIONAL;
                continue;
            }
            /* 121.1: held while the wrapper's condition holds (engine_char_keywords) */
            if (entry->held_count == BSK_ENTRY_HELD_MAX) {
                flags |= BSK_ENTRY_OVERFLOW;
                continue;
            }
            bsk_held_keyword scratch, *held = held_out ? &held_out[entry->held_count] : &scratch;
            entry->held_count++;
            held->keyword = keyword->id;
            held->condition = keyword->condition;
            held->x = -1;
            const bsk_param *number = keyword_number(keyword);
            bsk_expr compiled;
            if (number && compile_param(number, &compiled) != FORM_CONST)
                flags |= BSK_ENTRY_UNCOMPILED;
            else if (number)
                held->x = narrow(param_constant(number, &compiled), &flags);
            continue;
        }
        entry->keywords |= 1ull << keyword->id;
        const bsk_param *number = keyword_number(keyword);
        if (!number)
            continue;
        bsk_expr compiled;
        param_form form = compile_param(number, &compiled);
        if (form != FORM_CONST) {
            flags |= BSK_ENTRY_UNCOMPILED; /* the catalogue prints no expression here */
            continue;
        }
        if (entry->param_count == BSK_ENTRY_PARAMS_MAX) {
            flags |= BSK_ENTRY_OVERFLOW;
            continue;
        }
        bsk_keyword_param *param = &entry->params[entry->param_count++];
        param->keyword = keyword->id;
        param->x = narrow(param_constant(number, &compiled), &flags);
    }
    entry->flags = flags;
}

void bsk_card_entry_compile(bsk_card_entry *entry, const bsk_card *card)
{
    compile_entry(entry, card, NULL);
    if (bsk_card_blockers(card, NULL, 0) == 0)
        entry->flags |= BSK_ENTRY_RUNS;
}

int bsk_card_held_keywords(const bsk_card *card, bsk_held_keyword out[BSK_ENTRY_HELD_MAX])
{
    bsk_card_entry entry;
    compile_entry(&entry, card, out);
    return entry.held_count;
}

int bsk_card_entry_x(const bsk_card_entry *entry, bsk_keyword_id keyword)
{
    for (int i = 0; i < entry->param_count; i++)
        if (entry->params[i].keyword == keyword)
            return entry->params[i].x;
    return BSK_UNSET;
}

/* ---- Blockers ---- */

typedef struct blocker_list {
    const char *found[64];
    int count;
} blocker_list;

static void add_blocker(blocker_list *list, const char *what)
{
    for (int i = 0; i < list->count; i++)
        if (list->found[i] == what)
            return;
    if (list->count < (int)(sizeof list->found / sizeof list->found[0]))
        list->found[list->count++] = what;
}

static bool has_field(uint32_t bits, bsk_card_field field) { return (bits & (1u << field)) != 0; }

/* A keyword with a parameter given as text: X is card-defined; anything else did not compile. */
static void add_expression_blockers(blocker_list *list, const bsk_keyword *keyword)
{
    const bsk_param *params[5] = {&keyword->x, &keyword->values[0], &keyword->values[1], &keyword->values[2],
                                  &keyword->range};
    for (int i = 0; i < 5; i++) {
        bsk_expr compiled;
        param_form form = compile_param(params[i], &compiled);
        if (form == FORM_UNCOMPILED)
            add_blocker(list, "expression:uncompiled");
        else if (form == FORM_VARIABLE && compiled.var == BSK_EXPR_X)
            add_blocker(list, "expression:X");
    }
}

/* Whether one of the card's features encodes the text linked to a wrapper keyword: a feature of
 * the keyword's sentence, or one under the wrapper's condition. */
static bool linked_feature(const bsk_card *card, const bsk_keyword *keyword)
{
    static const uint8_t WRAPPER_IF[][2] = {
        {BSK_KEYWORD_FORMATION, BSK_FEATURE_IF_FORMATION}, {BSK_KEYWORD_AT_DEPTH, BSK_FEATURE_IF_AT_DEPTH},
        {BSK_KEYWORD_ON_SURFACE, BSK_FEATURE_IF_ON_SURFACE}, {BSK_KEYWORD_WEREWOLF, BSK_FEATURE_IF_WOLF},
        {BSK_KEYWORD_WEREWOLF, BSK_FEATURE_IF_HUMAN}, {BSK_KEYWORD_REBUFF, BSK_FEATURE_IF_REBUFF}};
    for (int k = 0; k < bsk_card_feature_count(card); k++) {
        const bsk_feature *f = &card->features->features[k];
        if (!bsk_card_feature_runs(card->features, k))
            continue;
        if (keyword->src != BSK_SRC_NONE && keyword->src != BSK_SRC_ICON && f->src == keyword->src)
            return true;
        for (size_t w = 0; w < sizeof WRAPPER_IF / sizeof WRAPPER_IF[0]; w++)
            if (WRAPPER_IF[w][0] == keyword->id && WRAPPER_IF[w][1] == f->condition)
                return true;
    }
    return false;
}

/* Whether a running feature of the card gives poison (op gain_feature {poison}). */
bool bsk_card_poisons(const bsk_card *card)
{
    for (int k = 0; k < bsk_card_feature_count(card); k++)
        for (int e = 0; e < card->features->features[k].effect_count; e++)
            if (card->features->features[k].effects[e].op == BSK_OP_POISON && bsk_card_feature_runs(card->features, k))
                return true;
    return false;
}

/* unknown and keywords_only < partial < full */
static int support_rank(int support)
{
    return support == BSK_SUPPORT_FULL ? 2 : support == BSK_SUPPORT_PARTIAL ? 1 : 0;
}

int bsk_card_blockers(const bsk_card *card, const char **what, int max)
{
    blocker_list list = {.count = 0};
    /* Printed numbers the catalogue does not know. */
    if (has_field(card->unknown, BSK_FIELD_LIFE))
        add_blocker(&list, "unknown:life");
    if (has_field(card->unknown, BSK_FIELD_MOVEMENT))
        add_blocker(&list, "unknown:movement");
    if (has_field(card->unknown, BSK_FIELD_SIMPLE_STRIKE))
        add_blocker(&list, "unknown:simple_strike");
    if (has_field(card->unknown, BSK_FIELD_KEYWORDS))
        add_blocker(&list, "unknown:keywords");

    uint64_t printed = 0, wrapped = 0; /* the card's keywords; the wrappers something is held under */
    for (int i = 0; i < card->keyword_count; i++) {
        const bsk_keyword *keyword = &card->keywords[i];
        if (keyword->id < BSK_KEYWORD_COUNT && keyword->condition == BSK_CONDITION_NONE)
            printed |= 1ull << keyword->id;
        int wrapper = keyword->condition < BSK_CONDITION_COUNT ? condition_wrapper(keyword->condition) : -1;
        if (wrapper >= 0)
            wrapped |= 1ull << wrapper;
    }
    for (int i = 0; i < card->keyword_count; i++) {
        const bsk_keyword *keyword = &card->keywords[i];
        if (keyword->id < BSK_KEYWORD_COUNT && !bsk_keyword_runs((bsk_keyword_id)keyword->id))
            add_blocker(&list, KEYWORD_BLOCKERS[keyword->id]);
        bool linked = linked_feature(card, keyword);
        if (keyword->id < BSK_KEYWORD_COUNT && TEXT_BLOCKERS[keyword->id] && !linked)
            add_blocker(&list, TEXT_BLOCKERS[keyword->id]); /* no feature encodes its linked text */
        const char *text = keyword->id < BSK_KEYWORD_COUNT ? wrapper_text_blocker(keyword->id) : NULL;
        if (text && !linked &&
            (!((wrapped >> keyword->id) & 1u) || (keyword->id == BSK_KEYWORD_FORMATION && formation_text_more(card))))
            add_blocker(&list, text); /* the wrapper's linked text is not encoded */
        int wrapper = keyword->condition < BSK_CONDITION_COUNT ? condition_wrapper(keyword->condition) : -1;
        /* a keyword under a condition the engine does not read, or under a wrapper the card lacks */
        /* issue 23: a keyword the sources only tag (an attack «при …», a conditional or activated
         * keyword) is the catalogue's note of a sentence; a running feature of that sentence encodes
         * it, and the tag itself never runs (compile_entry skips it, declare.c offers only tap,
         * instant and counter+tap attacks) */
        bool tag_linked = linked && keyword->src != BSK_SRC_ICON && keyword->src != BSK_SRC_NONE;
        if (keyword->condition != BSK_CONDITION_NONE && keyword->condition < BSK_CONDITION_COUNT &&
            (wrapper < 0 || !((printed >> wrapper) & 1u)) && !(wrapper < 0 && tag_linked))
            add_blocker(&list, CONDITION_BLOCKERS[keyword->condition]);
        /* "При [атаке] – отравление X" (glossary wording note 9): the tag says the card can give
         * poison X, its printed sentence which attack (or effect) does; a card with no encoded
         * feature has none that gives it (README "Readings taken") */
        if (keyword->id == BSK_KEYWORD_INFLICTS_POISON && !bsk_card_poisons(card))
            add_blocker(&list, "text:inflicts_poison");
        bool attack = bsk_keyword_takes_values(keyword->id);
        if (attack && keyword->activation == BSK_ACTIVATION_NONE && !tag_linked)
            add_blocker(&list, "activation:none"); /* "{strike}:", "{counter}:", "2 {counter}:" ... */
        if (attack && keyword->activation == BSK_ACTIVATION_TRIGGERED && !tag_linked)
            add_blocker(&list, "activation:triggered"); /* needs card features */
        if (!attack && keyword->condition == BSK_CONDITION_NONE && takes_number(keyword->id) &&
            !keyword_number(keyword))
            add_blocker(&list, "unknown:parameter"); /* 05-160: incarnation without its X */
        add_expression_blockers(&list, keyword);
    }
    bsk_card_entry entry;
    compile_entry(&entry, card, NULL);
    if (entry.flags & BSK_ENTRY_OVERFLOW)
        add_blocker(&list, "limit:entry");
    /* Encoded features (DESIGN §3 schema 2): one the engine cannot run is a blocker, and so is a
     * `support` the card's data does not prove (the engine never trusts it blindly). */
    for (int k = 0; k < bsk_card_feature_count(card); k++) {
        if (card->features->engine[k] == BSK_ENGINE_TEXT_ONLY)
            add_blocker(&list, "engine:text_only");
        else if (!bsk_card_feature_runs(card->features, k))
            add_blocker(&list, "engine:handler"); /* a handler the engine lacks */
    }
    if (support_rank(card->support) > support_rank(bsk_card_support_computed(card)))
        add_blocker(&list, "support:unproved");
    for (int i = 0; i < list.count && i < max; i++)
        what[i] = list.found[i];
    return list.count;
}

/* ---- The table ---- */

void bsk_card_table_init(bsk_card_table *table)
{
    table->count = 0;
    table->feature_total = 0;
    table->any_fast = false;
    table->instant_attacks_any = false;
    table->keywords_any = 0;
    table->listen_any = 0;
    table->listen_wide = 0;
    table->limits_turn_any = false;
    table->compound_any = false; /* compound3 */
    table->death_cell_any = false;
    table->statics_any = 0;
    table->static_attack_kinds[0] = table->static_attack_kinds[1] = 0;
    table->windows_any = 0;
    table->ops_any = 0;
    memset(&table->filters[0], 0, sizeof table->filters[0]); /* filter 0: any card */
    table->filter_tests[0] = 0;
    table->filter_count = 1;
    table->marker_name_count = 0; /* branch posio */
    table->markers_by = 0;        /* group3 */
    table->times_any = false;     /* times3 */
    table->history_any = false;   /* times3 */
    table->marker_listen = 0;     /* mark9 */
    table->next_attack_any = false; /* move11 */
    table->ignore_protection_any = false; /* farro13 */
}

int bsk_card_table_add_filter(bsk_card_table *table, const bsk_feature_filter *filter)
{
    for (int i = 0; i < table->filter_count; i++)
        if (memcmp(&table->filters[i], filter, sizeof *filter) == 0)
            return i;
    if (table->filter_count >= BSK_CARD_TABLE_FILTERS_MAX)
        return -1;
    table->filters[table->filter_count] = *filter;
    table->filter_tests[table->filter_count] = (uint8_t)engine_filter_tests(filter);
    table->markers_by |= filter->marker && !filter->marker_counting; /* group3: 544.3 */
    table->history_any |= filter->moved_last_turn != 0 || filter->moved_this_turn != 0; /* trig5 too */              /* times3: 538.2 */
    return table->filter_count++;
}

int bsk_card_table_find(const bsk_card_table *table, const char *id)
{
    for (int slot = 0; slot < table->count; slot++)
        if (strcmp(table->entries[slot].card->id, id) == 0)
            return slot;
    return -1;
}

/* FNV-1a of a card name's normalised form; *whole false when the form did not fit (such a name
 * equals no other, as bsk_name_equal says). */
static uint32_t name_key(const char *name, bool *whole);

uint32_t bsk_card_name_key(const char *name)
{
    bool whole;
    uint32_t key = name_key(name, &whole);
    return key ? key : 1u;
}

static uint32_t name_key(const char *name, bool *whole)
{
    char normal[BSK_CARD_NAME_MAX * 2];
    size_t length = bsk_name_normalize(name, normal, sizeof normal);
    *whole = length < sizeof normal;
    uint32_t hash = 2166136261u;
    for (size_t i = 0; *whole && i < length; i++)
        hash = (hash ^ (unsigned char)normal[i]) * 16777619u;
    return hash;
}

/* The first slot before `end` whose card's name is `name` (key: its name_key), or -1. */
static int first_named(const bsk_card_table *table, int end, const char *name, uint32_t key)
{
    for (int slot = 0; slot < end; slot++)
        if (table->name_key[slot] == key && table->name_class[slot] == slot &&
            bsk_name_equal(table->entries[slot].card->name, name))
            return slot;
    return -1;
}

int bsk_card_table_name_class(const bsk_card_table *table, const char *name)
{
    bool whole;
    uint32_t key = name_key(name, &whole);
    return whole ? first_named(table, table->count, name, key) : -1;
}

static int table_markers(bsk_card_table *table, int slot, const bsk_card_features *features);

int bsk_card_table_add(bsk_card_table *table, const bsk_card *card)
{
    for (int slot = 0; slot < table->count; slot++)
        if (table->entries[slot].card == card)
            return slot;
    int slot = bsk_card_table_find(table, card->id);
    if (slot >= 0)
        return slot;
    if (table->count >= BSK_CARD_TABLE_MAX)
        return -1;
    bsk_card_entry *entry = &table->entries[table->count];
    compile_entry(entry, card, table->held[table->count]);
    if (bsk_card_blockers(card, NULL, 0) == 0)
        entry->flags |= BSK_ENTRY_RUNS;
    bool whole;
    uint32_t key = name_key(card->name, &whole);
    int first = whole ? first_named(table, table->count, card->name, key) : -1;
    table->name_key[table->count] = key;
    table->name_class[table->count] = (uint8_t)(first >= 0 ? first : table->count);
    table->listen[table->count] = 0;
    table->listen_wide_of[table->count] = 0;
    table->triggered[table->count] = 0;
    table->statics[table->count] = 0;
    table->times[table->count] = 0; /* times3 */
    table->granted_attacks[table->count] = 0; /* move8 (issue 23): the attacks a «получает [атаку]» tags */
    for (int k = 0; k < entry->attack_count; k++)
        if (granted_attack(card, entry->attacks[k].index))
            table->granted_attacks[table->count] |= (uint8_t)(1u << k);
    table->windows[table->count] = 0;
    table->activated[table->count] = 0;
    table->instant[table->count] = 0;
    table->keywords_any |= entry->keywords;
    for (int k = 0; k < entry->held_count; k++) /* held under a wrapper: the fast exits must see them too */
        table->keywords_any |= 1ull << table->held[table->count][k].keyword;
    for (int k = 0; k < entry->attack_count; k++)
        if (entry->attacks[k].activation == BSK_ACTIVATION_INSTANT) { /* 516: asked in these two windows */
            table->instant_attacks_any = true;
            table->windows[table->count] |= (1u << W_CHOICE) | (1u << W_CALC);
        }
    table->any_fast |= table->instant_attacks_any;
    slot = table->count++;
    const bsk_card_features *features = card->features;
    if (features && features->count > 0) { /* the catalogue card's features (schema 2) */
        bool runs[BSK_CARD_FEATURES_MAX];
        for (int k = 0; k < features->count && k < BSK_CARD_FEATURES_MAX; k++)
            runs[k] = bsk_card_feature_runs(features, k);
        int total = table->feature_total, filters = table->filter_count;
        /* cell7 (issue 23): a filter's marker names (card-local: 1 + n, the card's marker_names[n]) become the
         * table's, as the records' do (table_markers) */
        bsk_feature_filter mapped[BSK_CARD_FILTERS_MAX];
        bool named_ok = features->filter_count >= 0 && features->filter_count <= BSK_CARD_FILTERS_MAX;
        for (int k = 0; named_ok && k < features->filter_count; k++) {
            mapped[k] = features->filters[k];
            uint8_t *names[2] = {&mapped[k].marker, &mapped[k].cell_marker};
            for (int j = 0; j < 2 && named_ok; j++) {
                if (!*names[j])
                    continue;
                int name = *names[j] <= features->marker_count && *names[j] <= BSK_CARD_MARKERS_MAX
                               ? bsk_card_table_marker(table, features->marker_names[*names[j] - 1], true)
                               : -1;
                named_ok = name >= 0;
                *names[j] = (uint8_t)(name + 1);
            }
        }
        if (!named_ok ||
            bsk_card_table_add_features(table, slot, features->features, features->count, mapped,
                                        features->filter_count, runs) < 0 ||
            table_markers(table, slot, features) < 0) {
            /* the table is full: the card plays without its features, flagged (never silently) */
            table->feature_total = total;
            table->filter_count = filters;
            table->listen[slot] = 0;
            table->listen_wide_of[slot] = 0;
            table->triggered[slot] = 0;
            table->statics[slot] = 0; /* static2 (statics_any stays a superset: a fast exit only) */
            table->times[slot] = 0;   /* times3 (times_any likewise) */
            /* windows[slot] and activated[slot] stay supersets too (its instant attacks keep their bits) */
            entry->feature_count = 0;
            entry->flags = (uint8_t)((entry->flags | BSK_ENTRY_OVERFLOW) & ~BSK_ENTRY_RUNS);
        }
    }
    return slot;
}

/* The named-marker names slot's place / remove_named_marker records name, made the table's (the
 * records then hold the table's index); -1 when the table's names are full or a name is missing. */
static int table_markers(bsk_card_table *table, int slot, const bsk_card_features *features)
{
    bsk_feature *f = &table->features[table->feature_start[slot]];
    for (int k = 0; k < table->entries[slot].feature_count; k++) {
        if (f[k].marker) { /* mark9 (issue 23): the name of the marker that carries the feature (544.1) */
            int name = f[k].marker <= features->marker_count && f[k].marker <= BSK_CARD_MARKERS_MAX
                           ? bsk_card_table_marker(table, features->marker_names[f[k].marker - 1], true)
                           : -1;
            if (name < 0)
                return -1;
            f[k].marker = (uint8_t)(name + 1);
        }
        for (int e = 0; e < f[k].effect_count; e++) {
            bsk_feature_effect *ef = &f[k].effects[e];
            if (ef->op != BSK_OP_PLACE_NAMED_MARKER && ef->op != BSK_OP_REMOVE_NAMED_MARKER &&
                ef->op != BSK_OP_CELL_MARKER_ADD && ef->op != BSK_OP_CELL_MARKER_REMOVE && /* cell7 */
                !(ef->op == BSK_OP_INCARNATE_OPEN && ef->place == BSK_INC_PLACE_MARKED)) /* recruit11 */
                continue;
            int name = ef->marker < features->marker_count && ef->marker < BSK_CARD_MARKERS_MAX
                           ? bsk_card_table_marker(table, features->marker_names[ef->marker], true)
                           : -1;
            if (name < 0)
                return -1;
            ef->marker = (uint8_t)name;
        }
    }
    return 0;
}

int bsk_card_table_add_features(bsk_card_table *table, int slot, const bsk_feature *features, int count,
                                const bsk_feature_filter *filters, int filter_count, const bool *runs)
{
    int map[BSK_CARD_FILTERS_MAX + 1] = {0}; /* the card's filter n: the table's filters[map[n]] */
    if (filter_count < 0 || filter_count > BSK_CARD_FILTERS_MAX)
        return -1;
    for (int k = 0; k < filter_count; k++)
        if ((map[k + 1] = bsk_card_table_add_filter(table, &filters[k])) < 0)
            return -1;
    for (int k = 0; k < count; k++) {
        if (runs && !runs[k])
            continue;
        bsk_feature f = features[k];
        if (f.trigger_filter > filter_count)
            return -1;
        f.trigger_filter = (uint8_t)map[f.trigger_filter];
        if (f.destroyed_filter > filter_count) /* curse4: on_destroys's destroyed card */
            return -1;
        f.destroyed_filter = (uint8_t)map[f.destroyed_filter];
        if (f.if_source > filter_count || f.if_count > filter_count)
            return -1;
        f.if_source = (uint8_t)map[f.if_source]; /* static2: the condition's filters */
        f.if_count = (uint8_t)map[f.if_count];
        for (int e = 0; e < f.effect_count && e < BSK_FEATURE_EFFECTS_MAX; e++) {
            if (f.effects[e].filter > filter_count || f.effects[e].count_filter > filter_count ||
                f.effects[e].from_filter > filter_count || f.effects[e].by_filter > filter_count ||
                f.effects[e].against > filter_count || /* trig5 */
                f.effects[e].than_filter > filter_count) /* guard10 */
                return -1;
            f.effects[e].than_filter = (uint8_t)map[f.effects[e].than_filter];
            f.effects[e].against = (uint8_t)map[f.effects[e].against];
            f.effects[e].filter = (uint8_t)map[f.effects[e].filter];
            f.effects[e].count_filter = (uint8_t)map[f.effects[e].count_filter];
            f.effects[e].from_filter = (uint8_t)map[f.effects[e].from_filter]; /* dice5: redirect's */
            f.effects[e].by_filter = (uint8_t)map[f.effects[e].by_filter];
        }
        if (bsk_card_table_add_feature(table, slot, &f) < 0)
            return -1;
    }
    return 0;
}

bool bsk_card_feature_runs(const bsk_card_features *features, int index)
{
    if (!features || index < 0 || index >= features->count)
        return false;
    switch (features->engine[index]) {
    case BSK_ENGINE_GENERIC: return true;
    case BSK_ENGINE_HANDLER: return features->features[index].handler != 0;
    default: return false;
    }
}

int bsk_card_feature_count(const bsk_card *card)
{
    return card->features ? card->features->count : 0;
}

int bsk_card_support_computed(const bsk_card *card)
{
    if (card->sentences == BSK_UNSET)
        return BSK_SUPPORT_UNKNOWN;
    const bsk_card_features *features = card->features;
    int feature_count = features ? features->count : 0;
    /* a sentence is covered by its keywords or features (a wrapper keyword and its linked feature
     * share one, «Бешенство 2: …»); a src past the last sentence never matches the text */
    bool covered[BSK_SRC_MAX + 1] = {false}, exact = true, all_run = true;
    for (int i = 0; i < card->keyword_count; i++)
        if (card->keywords[i].src >= 1 && card->keywords[i].src <= BSK_SRC_MAX)
            covered[card->keywords[i].src] = true;
    for (int k = 0; k < feature_count; k++) {
        all_run &= bsk_card_feature_runs(features, k);
        if (features->features[k].src >= 1 && features->features[k].src <= BSK_SRC_MAX)
            covered[features->features[k].src] = true;
    }
    for (int n = 1; n <= BSK_SRC_MAX; n++)
        if (covered[n] != (n <= card->sentences))
            exact = false;
    /* issue 23: a card printing keywords only (or nothing) is full when they cover its text */
    if (exact && all_run)
        return BSK_SUPPORT_FULL;
    return feature_count ? BSK_SUPPORT_PARTIAL : BSK_SUPPORT_KEYWORDS_ONLY;
}

int bsk_card_support_checked(const bsk_card *card)
{
    int computed = bsk_card_support_computed(card), support = card->support;
    if (support_rank(support) > support_rank(computed))
        support = computed; /* the data proves less than it claims */
    if (support == BSK_SUPPORT_FULL && bsk_card_blockers(card, NULL, 0) > 0) /* a keyword or fact it cannot run */
        support = bsk_card_feature_count(card) ? BSK_SUPPORT_PARTIAL : BSK_SUPPORT_KEYWORDS_ONLY;
    return support;
}

/* static2 (issue 22): whether filter i reads a card's keywords (has_keyword, incorporeal). */
static bool filter_reads_keywords(const bsk_card_table *table, int i)
{
    return i > 0 && (table->filters[i].keywords || table->filters[i].incorporeal);
}

/* guard10 (issue 23): whether filter i reads units of armor left ("armor_left"). */
static bool filter_reads_armor(const bsk_card_table *table, int i)
{
    return i > 0 && table->filters[i].armor_left;
}

/* What a static feature (kind static, no event: 117, 121) changes (BSK_STATIC_*), 0 for another feature;
 * -1 when the engine cannot read it: an op a static does not make, a target other than self or all, or a
 * keyword grant whose condition or filter reads keywords (reading keywords would read the grant again). */
static int static_changes(const bsk_card_table *table, const bsk_feature *f)
{
    if (f->kind != BSK_FEATURE_STATIC || f->event != BSK_EVENT_NONE)
        return 0;
    int changes = 0;
    for (int k = 0; k < f->effect_count; k++) {
        const bsk_feature_effect *ef = &f->effects[k];
        if (ef->target != BSK_TARGET_SELF && ef->target != BSK_TARGET_ALL)
            return -1;
        switch (ef->op) {
        case BSK_OP_GAIN_FEATURE: changes |= BSK_STATIC_KEYWORDS; break;
        case BSK_OP_NAMED_FEATURE_MODIFIER: changes |= BSK_STATIC_X; break;
        case BSK_OP_MOVEMENT_MODIFIER: changes |= BSK_STATIC_MOVEMENT; break;
        case BSK_OP_DIE_ROLL_MODIFIER: changes |= BSK_STATIC_DIE; break;
        case BSK_OP_ATTACK_MODIFIER:
        case BSK_OP_REDUCE_ATTACK_TO: changes |= BSK_STATIC_ATTACK; break; /* 520.2 c, d: the striker's */
        case BSK_OP_SET_ATTACK_STRENGTH: changes |= BSK_STATIC_STRENGTH; break; /* 520.2 a */
        case BSK_OP_INCOMING_ATTACK_MODIFIER:
        case BSK_OP_INCOMING_REDUCE_ATTACK_TO: /* fend6 */
        case BSK_OP_NO_WOUNDS_FROM_ATTACKS: /* dice5: the attacked card's */
        case BSK_OP_PROTECTION_FROM_ATTACKS: changes |= BSK_STATIC_INCOMING; break; /* guard10: 532.2 */
        case BSK_OP_MAX_COUNTERS: /* group3 */
        case BSK_OP_MAX_LIFE: changes |= BSK_STATIC_COUNTERS; break; /* vamp5: 508.2.2, 545.2 */
        case BSK_OP_BLOCK: break; /* wrap5: read in the Blocking step (engine_static_block), ops_any */
        case BSK_OP_RECRUIT_COST_MODIFIER: break; /* recruit7: read at recruitment (403.2.2), never by the match */
        case BSK_OP_INCARNATE_OPEN: break; /* recruit11: a permission read at incarnation (life.c), ops_any */
        case BSK_OP_ROLL_TWICE: break; /* dice7: read in the die roll step (engine_static_roll_twice), ops_any */
        case BSK_OP_IGNORE_PROTECTION: break; /* farro13: read at the protection check (511.3, 542.1.3), ops_any */
        case BSK_OP_ACTIONS_PER_TURN: /* times3: 510.3, 540.1 (times[], not statics[]) */
        case BSK_OP_NO_TAP_AFTER: changes |= BSK_STATIC_TIMES; break;
        default: return -1;
        }
    }
    if (changes & BSK_STATIC_KEYWORDS) {
        bool reads = filter_reads_keywords(table, f->if_source) || filter_reads_keywords(table, f->if_count) ||
                     f->condition == BSK_FEATURE_IF_FORMATION || f->condition == BSK_FEATURE_IF_REBUFF;
        for (int k = 0; k < f->effect_count; k++)
            reads |= filter_reads_keywords(table, f->effects[k].filter) ||
                     filter_reads_keywords(table, f->effects[k].count_filter);
        if (reads)
            return -1;
    }
    /* guard10: a condition on units of armor left (04-167) reads the armor grants and modifiers: none of its own */
    if ((changes & (BSK_STATIC_KEYWORDS | BSK_STATIC_X)) &&
        (filter_reads_armor(table, f->if_source) || filter_reads_armor(table, f->if_count)))
        for (int k = 0; k < f->effect_count; k++)
            if ((f->effects[k].op == BSK_OP_GAIN_FEATURE || f->effects[k].op == BSK_OP_NAMED_FEATURE_MODIFIER) &&
                f->effects[k].keyword == BSK_KEYWORD_ARMOR)
                return -1;
    return changes;
}

/* Not in the public header, which C++ programs include too (tests/install/hello.cpp). */
_Static_assert(BSK_FEATURE_EVENT_COUNT <= 64, "the listen masks (uint64_t) hold one bit an event");

int bsk_card_table_add_feature(bsk_card_table *table, int slot, const bsk_feature *feature)
{
    if (slot < 0 || slot >= table->count || table->feature_total >= BSK_CARD_TABLE_FEATURES_MAX)
        return -1;
    bsk_card_entry *entry = &table->entries[slot];
    if (entry->feature_count == 0)
        table->feature_start[slot] = (uint16_t)table->feature_total;
    else if (table->feature_start[slot] + entry->feature_count != table->feature_total)
        return -1; /* another slot's features came in between */
    if (entry->feature_count == 255)
        return -1;
    if (feature->event >= BSK_FEATURE_EVENT_COUNT || feature->effect_count > BSK_FEATURE_EFFECTS_MAX ||
        feature->trigger_filter >= table->filter_count || feature->if_source >= table->filter_count ||
        feature->if_count >= table->filter_count || feature->if_op > BSK_FILTER_COST_GT ||
        feature->destroyed_filter >= table->filter_count || /* curse4 */
        (feature->gain_keyword && feature->gain_keyword > BSK_KEYWORD_COUNT))
        return -1;
    for (int k = 0; k < feature->effect_count; k++) /* its filters must be the table's */
        if (feature->effects[k].filter >= table->filter_count ||
            feature->effects[k].count_filter >= table->filter_count ||
            feature->effects[k].from_filter >= table->filter_count || feature->effects[k].by_filter >= table->filter_count ||
            feature->effects[k].against >= table->filter_count || /* trig5 */
            feature->effects[k].than_filter >= table->filter_count || /* guard10 */
            feature->effects[k].link >= BSK_LINK_COUNT) /* compound3 */
            return -1;
    if (feature->limit_per != BSK_LIMIT_NONE && /* 545.7: what bsk_match.used can count */
        (feature->limit_per > BSK_LIMIT_BATTLE || entry->feature_count >= BSK_FEATURE_LIMITED_MAX ||
         feature->limit_count < 1 || feature->limit_count > BSK_FEATURE_LIMIT_COUNT_MAX))
        return -1;
    /* spawn11 (issue 23): a per-turn limit's per-battle count sits in the nibble of feature 7 - k, which no feature of
     * the card may have */
    if (feature->limit_battle && (feature->limit_per != BSK_LIMIT_TURN || feature->limit_battle > BSK_FEATURE_LIMIT_COUNT_MAX ||
                                  2 * entry->feature_count >= BSK_FEATURE_LIMITED_MAX - 1))
        return -1;
    for (int k = 0; k < entry->feature_count; k++)
        if (table->features[table->feature_start[slot] + k].limit_battle &&
            entry->feature_count >= BSK_FEATURE_LIMITED_MAX - 1 - k)
            return -1;
    int changes = static_changes(table, feature);
    if (changes < 0)
        return -1;
    for (int k = 0; changes && k < feature->effect_count; k++) { /* a superset: the table-full case keeps it */
        int op = feature->effects[k].op;
        if (op == BSK_OP_ATTACK_MODIFIER || op == BSK_OP_REDUCE_ATTACK_TO)
            table->static_attack_kinds[0] |= feature->effects[k].param;
        else if (op == BSK_OP_INCOMING_ATTACK_MODIFIER || op == BSK_OP_INCOMING_REDUCE_ATTACK_TO)
            table->static_attack_kinds[1] |= feature->effects[k].param;
    }
    if (feature->event == BSK_AT_BATTLE_START && feature->kind == BSK_FEATURE_TRIGGERED &&
        (feature->limit_per != BSK_LIMIT_NONE || entry->feature_count >= BSK_FEATURE_LIMITED_MAX))
        return -1; /* batl9: its limit is 406.1's own, counted below */
    bsk_feature *added = &table->features[table->feature_total++];
    *added = *feature;
    if (feature->event == BSK_AT_BATTLE_START && feature->kind == BSK_FEATURE_TRIGGERED) {
        added->limit_per = BSK_LIMIT_BATTLE; /* batl9: 406.1 «Каждая карта использует особенность "в начале боя" */
        added->limit_count = 1;              /* один раз за бой»: the execution marker counts it (545.7) */
    }
    added->chosen_checks = 0;
    for (int k = 0; k < feature->effect_count; k++) {
        const bsk_feature_effect *e = &feature->effects[k];
        if (e->target != feature->target)
            continue; /* the records acting on the card the declaration chooses */
        if (e->op == BSK_OP_TAP || e->op == BSK_OP_UNTAP || e->op == BSK_OP_ADD_ELEMENT)
            added->chosen_checks |= BSK_CHOSEN_STATE;
        if (e->op == BSK_OP_SPAWN_ATTACK && e->attack.keyword)
            added->chosen_checks |= BSK_CHOSEN_REACH;
    }
    table->limits_turn_any |= feature->limit_per == BSK_LIMIT_TURN;
    for (int k = 0; k < feature->effect_count; k++) /* move11: a next-attack modifier, used up at a Calculation step */
        table->next_attack_any |= feature->effects[k].duration == BSK_FDURATION_NEXT_ATTACK ||
                                  feature->effects[k].duration == BSK_FDURATION_NEXT_ATTACK_END_OF_TURN;
    for (int k = 0; k < feature->effect_count; k++) /* farro13: 542.1.3, read at the protection check */
        table->ignore_protection_any |= feature->effects[k].op == BSK_OP_IGNORE_PROTECTION;
    table->compound_any |= engine_feature_compound(feature); /* compound3: 505 */
    if (feature->event == BSK_ON_DEATH || feature->event == BSK_ON_LETHAL) /* 509.3: its filters may read the cell its
                                                                             card died on (spawn8: its attack's cell) */
        table->death_cell_any = true;
    if (feature->cost_destroy_self) /* branch costs4: so may a feature whose cost destroyed its card (509.3) */
        table->death_cell_any = true;
    for (int k = 0; k < feature->effect_count; k++) /* cell7: a cell marker on the cell a card died on (509.3) */
        if (feature->effects[k].op == BSK_OP_CELL_MARKER_ADD || feature->effects[k].op == BSK_OP_CELL_MARKER_REMOVE ||
            feature->effects[k].op == BSK_OP_SUMMON || /* spawn11: a summon next to a dead card's cell */
            (feature->effects[k].op == BSK_OP_SPAWN_ATTACK && feature->effects[k].from_filter && /* strike13: «рядом с
                                                                                атакованным», the attacked card dead */
             table->filters[feature->effects[k].from_filter].adjacent_to == BSK_FILTER_NEAR_TARGET))
            table->death_cell_any = true;
    if (changes) { /* the characteristics' fast exit; a granted keyword joins the table's keywords_any */
        table->statics[slot] |= (uint8_t)(changes & 0xff);
        table->statics_any |= (uint8_t)(changes & 0xff);
        if (changes & BSK_STATIC_TIMES) { /* times3: the action-marker reads' fast exit */
            table->times[slot] = 1;
            table->times_any = true;
        }
        for (int k = 0; k < feature->effect_count; k++)
            if (feature->effects[k].op == BSK_OP_GAIN_FEATURE)
                table->keywords_any |= 1ull << feature->effects[k].keyword;
    }
    table->any_fast |= feature->kind == BSK_FEATURE_ACTIVATED && feature->instant;
    table->windows[slot] |= (uint16_t)engine_feature_windows(feature);
    if (feature->kind == BSK_FEATURE_ACTIVATED)
        table->activated[slot] |= 1u << (entry->feature_count < 31 ? entry->feature_count : 31);
    if (feature->kind == BSK_FEATURE_ACTIVATED && feature->instant)
        table->instant[slot] |= 1u << (entry->feature_count < 31 ? entry->feature_count : 31);
    table->windows_any |= table->windows[slot]; /* branch ops2: the step windows' fast exit */
    for (int k = 0; k < feature->effect_count; k++)
        if (feature->effects[k].op < 64)
            table->ops_any |= 1ull << feature->effects[k].op;
    if (feature->kind != BSK_FEATURE_ACTIVATED && feature->event != BSK_EVENT_NONE) {
        /* the events it listens to: engine_raise returns at once for an event nobody hears */
        table->listen[slot] |= BSK_LISTEN(feature->event);
        table->listen_any |= BSK_LISTEN(feature->event);
        table->triggered[slot] |= 1u << (entry->feature_count < 31 ? entry->feature_count : 31);
        if (feature->marker) /* mark9 (issue 23): heard through the markers that carry it */
            table->marker_listen |= BSK_LISTEN(feature->event);
        if ((feature->role != BSK_ROLE_SELF && feature->role != BSK_ROLE_ATTACKED) ||
            feature->event == BSK_ON_VALHALLA || feature->event == BSK_ON_CONCENTRATION) {
            table->listen_wide |= BSK_LISTEN(feature->event);
            table->listen_wide_of[slot] |= BSK_LISTEN(feature->event);
        }
    }
    entry->feature_count++;
    return entry->feature_count - 1;
}

/* ---- branch posio (issue 22 §2): the names of named markers (glossary §2.7) ---- */

int bsk_card_table_marker_find(const bsk_card_table *table, const char *name)
{
    for (int i = 0; i < table->marker_name_count; i++)
        if (strcmp(table->marker_names[i], name) == 0)
            return i;
    return -1;
}

int bsk_card_table_marker(bsk_card_table *table, const char *name, bool add)
{
    int i = bsk_card_table_marker_find(table, name);
    if (i >= 0 || !add)
        return i;
    size_t length = strlen(name);
    if (length == 0 || length >= BSK_MARKER_NAME_MAX || table->marker_name_count >= BSK_MARKER_NAMES_MAX ||
        strcmp(name, "incarnation") == 0)
        return -1;
    memcpy(table->marker_names[table->marker_name_count], name, length + 1);
    return table->marker_name_count++;
}
