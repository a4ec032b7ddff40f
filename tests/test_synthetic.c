/* test_synthetic.c — test-only synthetic cards (formats/synthetic.h): the card fields and the
 * features in the catalogue's shape compiled into programs and written back, the errors naming the JSON
 * path, the position's card table with features in slot order, positions naming a cards_file or
 * carrying the cards inline, and a game log of such a position replayed to its hash. */
#include "../lib/src/engine/engine.h"
#include "berserk/placement.h"
#include "berserk/position.h"
#include "game_log.h"
#include "position_file.h"
#include "suites.h"
#include "synthetic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bsk_pool pool;
static bsk_error error;

/* "Воин" (t-001): a plain catalogue-like ground creature, life 8, strike 1-2-3. */
static void setup(void)
{
    bsk_error_clear(&error);
    bsk_pool_init(&pool);
    bsk_card card;
    memset(&card, 0, sizeof card);
    snprintf(card.id, sizeof card.id, "t-001");
    snprintf(card.name, sizeof card.name, "Воин");
    snprintf(card.set, sizeof card.set, "01");
    card.nxt_id = BSK_UNSET;
    card.number = BSK_UNSET;
    card.cost = 3;
    card.type = BSK_TYPE_CREATURE;
    card.subtype = BSK_SUBTYPE_GROUND;
    card.life = 8;
    card.movement = 2;
    card.simple_strike[0] = 1;
    card.simple_strike[1] = 2;
    card.simple_strike[2] = 3;
    ck_assert_int_eq(bsk_pool_add(&pool, &card, &error), BSK_OK);
    ck_assert_int_eq(bsk_pool_index(&pool, &error), BSK_OK);
}

static void teardown(void) { bsk_pool_free(&pool); }

/* Card JSON is written with ' for " (quote() turns them back). */
#define EVERY_ENEMY "'target':{'count':'all','filter':{'side':'enemy','type':['creature']}}"
#define AVENGER                                                                                                      \
    "{'id':'test-avenger','name':'Мститель','type':'creature','cost':3,'life':4,'movement':1,"                      \
    "'simple_strike':[1,2,3],'features':[{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':"       \
    "'self'},'abilities':[{'type':'effect_ability'," EVERY_ENEMY ",'effects':[{'op':'wound','target':'target',"     \
    "'X':1}]}],'engine':'generic'}]}"
#define CANCELLER                                                                                                    \
    "{'id':'test-canceller','name':'Хранитель','type':'creature','life':8,'movement':1,"                            \
    "'simple_strike':[1,1,1],'features':[{'src':1,'kind':'activated','cost':{'tap':true,'instant':true},"           \
    "'abilities':[{'type':'effect_ability','effects':[{'op':'cancel'}]}]}]}"
#define COLLECTOR                                                                                                    \
    "{'id':'test-collector','name':'Копилка','type':'creature','life':8,'movement':1,"                              \
    "'simple_strike':[1,1,1],'keywords':[{'id':'shot','values':[1,2,2],'range':3,'activation':'tap'}],"             \
    "'features':[{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability',"            \
    "'effects':[{'op':'gain_counters','target':'self','n':1}]}]},{'src':2,'kind':'activated','cost':{'tap':true,"   \
    "'counters':1},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'side':'enemy'}},"           \
    "'effects':[{'op':'wound','target':'target','X':2}]}]}]}"

/* `text` with every ' turned into " (static storage: one at a time). */
static const char *quote(const char *text)
{
    static char out[8192];
    size_t n = strlen(text);
    ck_assert_uint_lt(n, sizeof out);
    for (size_t i = 0; i <= n; i++)
        out[i] = text[i] == '\'' ? '"' : text[i];
    return out;
}

static bsk_synthetic_cards *parse_cards(const char *text)
{
    bsk_synthetic_cards *cards = malloc(sizeof *cards);
    ck_assert_ptr_nonnull(cards);
    text = quote(text);
    if (bsk_synthetic_parse(text, strlen(text), "s.json", cards, &error)) {
        free(cards);
        return NULL;
    }
    return cards;
}

/* A one-effect feature as the reader gives it: `src` its place. */
static bsk_feature simple_at(int src, int kind, int event, int op, int target, int value, int tap, int counters,
                             int instant)
{
    bsk_feature f = bsk_feature_simple(kind, event, op, target, value, tap, counters, instant);
    f.src = (uint8_t)src;
    return f;
}

/* The same program, field by field (a struct returned by value keeps no padding). */
static void assert_same_feature(const bsk_feature *a, const bsk_feature *b)
{
    ck_assert_int_eq(a->kind, b->kind);
    ck_assert_int_eq(a->event, b->event);
    ck_assert_int_eq(a->role, b->role);
    ck_assert_int_eq(a->strengths, b->strengths);
    ck_assert_int_eq(a->abilities, b->abilities);
    ck_assert_int_eq(a->tap, b->tap);
    ck_assert_int_eq(a->counters, b->counters);
    ck_assert_int_eq(a->instant, b->instant);
    ck_assert_int_eq(a->condition, b->condition);
    ck_assert_int_eq(a->target, b->target);
    ck_assert_int_eq(a->handler, b->handler);
    ck_assert_int_eq(a->effect_count, b->effect_count);
    ck_assert_int_eq(a->src, b->src);
    for (int k = 0; k < a->effect_count; k++) {
        ck_assert_int_eq(a->effects[k].op, b->effects[k].op);
        ck_assert_int_eq(a->effects[k].target, b->effects[k].target);
        ck_assert_int_eq(a->effects[k].value.var, b->effects[k].value.var);
        ck_assert_int_eq(a->effects[k].value.a, b->effects[k].value.a);
        ck_assert_int_eq(a->effects[k].value.b, b->effects[k].value.b);
    }
}

/* ---- Reading ---- */

START_TEST(test_synthetic_reads_card_fields_and_features)
{
    bsk_synthetic_cards *s = parse_cards("[" AVENGER "," CANCELLER "," COLLECTOR "]");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->count, 3);
    const bsk_card *a = &s->cards[0].card;
    ck_assert_str_eq(a->id, "test-avenger");
    ck_assert_str_eq(a->name, "Мститель");
    ck_assert_int_eq(a->type, BSK_TYPE_CREATURE);
    ck_assert_int_eq(a->subtype, BSK_SUBTYPE_GROUND); /* a creature's default */
    ck_assert_int_eq(a->cost, 3);
    ck_assert_int_eq(a->life, 4);
    ck_assert_int_eq(a->movement, 1);
    ck_assert_int_eq(a->simple_strike[2], 3);
    ck_assert_int_eq(a->support, BSK_SUPPORT_KEYWORDS_ONLY);
    ck_assert_int_eq(s->cards[0].feature_count, 1);
    bsk_feature on_death =
        simple_at(1, BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1, 0, 0, 0);
    assert_same_feature(&s->cards[0].features[0], &on_death);
    bsk_feature cancel = simple_at(1, BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_CANCEL, BSK_TARGET_SELF, 0, 1, 0, 1);
    assert_same_feature(&s->cards[1].features[0], &cancel);
    bsk_feature pay = simple_at(2, BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_ANY_ENEMY, 2, 1, 1, 0);
    ck_assert_int_eq(s->cards[2].feature_count, 2);
    assert_same_feature(&s->cards[2].features[1], &pay);
    const bsk_card *c = &s->cards[2].card;
    ck_assert_int_eq(c->keyword_count, 1);
    ck_assert_int_eq(c->keywords[0].id, BSK_KEYWORD_SHOT);
    ck_assert_int_eq(c->keywords[0].activation, BSK_ACTIVATION_TAP);
    ck_assert_int_eq(c->keywords[0].range.value, 3);
    ck_assert_int_eq(c->keywords[0].values[1].value, 2);
    /* an entry compiles from it like a catalogue card: the shot is an attack */
    bsk_card_entry entry;
    bsk_card_entry_compile(&entry, c);
    ck_assert_int_eq(entry.attack_count, 1);
    ck_assert(entry.flags & BSK_ENTRY_RUNS);
    free(s);
}
END_TEST

/* Writes `card` back (bsk_synthetic_card_json, as a game log carries it) and reads it again: the same
 * card byte for byte, or its first feature when `feature_only`; the written text contains `contains`
 * and not `lacks` (NULL: not checked). */
static void assert_round_trip(const bsk_synthetic_card *card, bool feature_only, const char *contains,
                              const char *lacks)
{
    json_t *list = json_array();
    json_array_append_new(list, bsk_synthetic_card_json(card));
    char *text = json_dumps(list, JSON_COMPACT);
    json_decref(list);
    ck_assert_msg(!contains || strstr(text, contains), "%s lacks %s", text, contains);
    ck_assert_msg(!lacks || !strstr(text, lacks), "%s has %s", text, lacks);
    bsk_synthetic_cards *again = parse_cards(text);
    ck_assert_msg(again != NULL, "%s: %s", text, error.message);
    if (feature_only)
        ck_assert_mem_eq(&again->cards[0].features[0], &card->features[0], sizeof card->features[0]);
    else
        ck_assert_mem_eq(&again->cards[0], card, sizeof *card);
    free(text);
    free(again);
}

/* Reads `feature` as the one feature of a card; NULL-safe. */
static bsk_synthetic_cards *one_feature(const char *feature)
{
    char text[2048];
    snprintf(text, sizeof text, "[{'id':'test-x','name':'X','type':'creature','features':[%s]}]", feature);
    return parse_cards(text);
}

/* Every event, role, op and target of the vocabulary reads into its program and writes back the same. */
START_TEST(test_synthetic_feature_vocabulary_round_trips)
{
    const char *const triggers[] = {
        "{'event':'on_death','source':'self'}",       "{'event':'on_assault','source':'self'}",
        "{'event':'at_turn_start','turn_of':'self'}", "{'event':'at_turn_end','turn_of':'opponent'}",
        "{'event':'on_enter','side':'own'}",          "{'event':'on_reveal','side':'enemy'}",
        "{'event':'on_move','filter':{'adjacent_to':'self'}}",
        "{'event':'on_attack','role':'defending','ability':['shot','throw'],'strength':['strong']}",
        "{'event':'on_wounds_taken','side':'any'}",   "{'event':'on_leave_battlefield','source':'self'}"};
    const int events[] = {BSK_ON_DEATH, BSK_ON_ASSAULT, BSK_AT_TURN_START, BSK_AT_TURN_END, BSK_ON_ENTER,
                          BSK_ON_REVEAL, BSK_ON_MOVE, BSK_ON_STRIKE, BSK_ON_WOUNDED, BSK_ON_LEAVE};
    const int roles[] = {BSK_ROLE_SELF, BSK_ROLE_SELF, BSK_ROLE_SELF, BSK_ROLE_ENEMY, BSK_ROLE_OWN,
                         BSK_ROLE_ENEMY, BSK_ROLE_ADJACENT, BSK_ROLE_ATTACKED, BSK_ROLE_ANY, BSK_ROLE_SELF};
    const char *const effects[] = {"{'op':'wound','target':'self','X':3}", "{'op':'heal','target':'self','X':3}",
                                   "{'op':'gain_counters','target':'self','n':3}", "{'op':'destroy','target':'self'}",
                                   "{'op':'tap','target':'self'}", "{'op':'untap','target':'self'}",
                                   "{'op':'lose_counters','target':'self','n':3}", "{'op':'heal_full','target':'self'}",
                                   "{'op':'set_current_life','target':'self','X':3}"};
    const int ops[] = {BSK_OP_WOUND, BSK_OP_HEAL, BSK_OP_GAIN_COUNTERS, BSK_OP_DESTROY, BSK_OP_TAP,
                       BSK_OP_UNTAP, BSK_OP_LOSE_COUNTERS, BSK_OP_HEAL_FULL, BSK_OP_SET_LIFE};
    for (int e = 0; e < 10; e++)
        for (int o = 0; o < 9; o++) {
            char feature[1024];
            snprintf(feature, sizeof feature,
                     "{'src':1,'kind':'triggered','trigger':%s,'abilities':[{'type':'effect_ability','effects':[%s]}]}",
                     triggers[e], effects[o]);
            bsk_synthetic_cards *s = one_feature(feature);
            ck_assert_msg(s != NULL, "%s: %s: %s", feature, error.path, error.message);
            const bsk_feature *f = &s->cards[0].features[0];
            ck_assert_int_eq(f->event, events[e]);
            ck_assert_int_eq(f->role, roles[e]);
            ck_assert_int_eq(f->effects[0].op, ops[o]);
            ck_assert_int_eq(f->effects[0].target, BSK_TARGET_SELF);
            ck_assert_int_eq(bsk_expr_eval(f->effects[0].value, 0, 0), strchr(effects[o], '3') ? 3 : 0);
            if (events[e] == BSK_ON_STRIKE) {
                ck_assert_uint_eq(f->abilities, (1u << BSK_STRIKE_SHOT) | (1u << BSK_STRIKE_THROW));
                ck_assert_uint_eq(f->strengths, 1u << 2);
            }
            /* written back and read again: the same program */
            assert_round_trip(&s->cards[0], true, NULL, NULL);
            free(s);
        }
    /* the enemy targets, a replacement, an expression, a condition, a handler; a whole card */
    const char *const more[] = {
        "{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':{'count':1,"
        "'filter':{'side':'enemy','adjacent_to':'self'}},'effects':[{'op':'wound','target':'target','X':1}]}]}",
        "{'src':1,'kind':'activated','cost':{'tap':true,'counters':2},'condition':{'state':['wounded']},"
        "'abilities':[{'type':'effect_ability','effects':[{'op':'heal','target':'self','X':'1+2 per counter'}]}]}",
        "{'src':1,'kind':'static','trigger':{'event':'would_die','source':'self'},'abilities':[{'type':"
        "'effect_ability','effects':[{'op':'set_current_life','target':'self','X':1}]}]}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self'},'abilities':[{'type':"
        "'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'tap','target':'attacked'},{'op':'wound',"
        "'target':'self','X':1}]}]}",
        /* issue 21: «может» (asked use) choosing its target (asked choose); an «или» (asked mode) */
        "{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},'optional':true,'abilities':"
        "[{'type':'effect_ability','target':{'count':1,'filter':{'side':'enemy'}},'effects':[{'op':'wound',"
        "'target':'target','X':2}]}]}",
        "{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'self'},'abilities':[{'type':"
        "'effect_ability','mode':1,'target':{'count':'all','filter':{'side':'enemy','type':['creature']}},"
        "'effects':[{'op':'wound','target':'target','X':1}]},{'type':'effect_ability','mode':2,'target':{'count':"
        "'all','filter':{'side':'enemy','type':['creature']}},'effects':[{'op':'heal','target':'target','X':1}]}]}"};
    for (int i = 0; i < 6; i++) {
        bsk_synthetic_cards *s = one_feature(more[i]);
        ck_assert_msg(s != NULL, "%s: %s: %s", more[i], error.path, error.message);
        assert_round_trip(&s->cards[0], false, NULL, NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        if (i == 1) {
            ck_assert_int_eq(f->condition, BSK_FEATURE_IF_WOUNDED);
            ck_assert_int_eq(bsk_expr_eval(f->effects[0].value, 0, 2), 5);
        }
        if (i == 3) {
            ck_assert_int_eq(f->effect_count, 2);
            ck_assert_int_eq(f->target, BSK_TARGET_ATTACKED);
        }
        if (i == 4) {
            ck_assert_int_eq(f->optional, 1);
            ck_assert_int_eq(f->target, BSK_TARGET_ANY_ENEMY);
        }
        if (i == 5) {
            ck_assert_int_eq(f->mode, 1);
            ck_assert_int_eq(f->effect_count, 2);
            ck_assert_int_eq(f->effects[1].op, BSK_OP_HEAL);
            ck_assert_int_eq(f->target, BSK_TARGET_EVERY_ENEMY);
        }
        free(s);
    }
    bsk_synthetic_cards *s = parse_cards("[" COLLECTOR "]");
    ck_assert_ptr_nonnull(s);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    free(s);
}
END_TEST

/* Issue 22 §1 "extra strike": an ability of an attack type (glossary §6.2 Ability.type; 111) reads as
 * one spawn_attack record with its attack (kind, values, range) and writes back the same; a single
 * value is [X,X,X]; an attack is made at one card, with values 0..99 and a range 1..9. */
START_TEST(test_synthetic_attack_ability_round_trips)
{
    const char *const good[] = {
        "{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'shot','values':[1,2,3],'range':3,"
        "'target':{'count':1,'filter':{'side':'enemy'}}}]}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':[{'type':"
        "'magic_strike','values':2,'target':{'ref':'attacked'}},{'type':'effect_ability','effects':[{'op':'wound',"
        "'target':'self','X':1}]}]}"};
    for (int i = 0; i < 2; i++) {
        bsk_synthetic_cards *s = one_feature(good[i]);
        ck_assert_msg(s != NULL, "%s: %s: %s", good[i], error.path, error.message);
        const bsk_feature *f = &s->cards[0].features[0];
        ck_assert_int_eq(f->effects[0].op, BSK_OP_SPAWN_ATTACK);
        ck_assert_int_eq(f->effects[0].attack.keyword, i == 0 ? BSK_KEYWORD_SHOT : BSK_KEYWORD_MAGIC_STRIKE);
        ck_assert_int_eq(f->effects[0].attack.values[0], i == 0 ? 1 : 2);
        ck_assert_int_eq(f->effects[0].attack.values[2], i == 0 ? 3 : 2);
        ck_assert_int_eq(f->effects[0].attack.range, i == 0 ? 3 : BSK_RANGE_NONE);
        ck_assert_int_eq(f->target, i == 0 ? BSK_TARGET_ANY_ENEMY : BSK_TARGET_ATTACKED);
        ck_assert_int_eq(f->effect_count, i == 0 ? 1 : 2);
        assert_round_trip(&s->cards[0], false, i == 0 ? "\"type\":\"shot\"" : "\"values\":2", NULL);
        free(s);
    }
    /* 547.2.3: a strike across row the feature prints (glossary «Удар через ряд») */
    bsk_synthetic_cards *across = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':"
                                              "'strike_across_row','values':[2,3,4],'target':{'count':1,'filter':"
                                              "{'side':'enemy'}}}]}");
    ck_assert_msg(across != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(across->cards[0].features[0].effects[0].attack.keyword, BSK_KEYWORD_STRIKE_ACROSS_ROW);
    assert_round_trip(&across->cards[0], false, "\"type\":\"strike_across_row\"", NULL);
    free(across);
    /* 543.2: «X {counter}{tap}: ранить на X» */
    bsk_synthetic_cards *xcost = one_feature("{'src':1,'kind':'activated','cost':{'tap':true,'counters':'X'},"
                                             "'abilities':[{'type':'effect_ability','target':{'count':1,'filter':"
                                             "{'side':'enemy'}},'effects':[{'op':'wound','target':'target','X':'X+1'}]}]}");
    ck_assert_msg(xcost != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(xcost->cards[0].features[0].counters, BSK_FEATURE_COUNTERS_X);
    ck_assert_int_eq(xcost->cards[0].features[0].effects[0].value.var, BSK_EXPR_X);
    assert_round_trip(&xcost->cards[0], false, "\"counters\":\"X\"", NULL);
    free(xcost);
    const char *const xbad[][2] = {
        {"{'src':1,'kind':'activated','cost':{'tap':true,'counters':'Y'},'abilities':[{'type':'effect_ability',"
         "'effects':[{'op':'heal','target':'self','X':1}]}]}", "cost.counters"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability',"
         "'effects':[{'op':'heal','target':'self','X':'X'}]}]}", "abilities"},
        {"{'src':1,'kind':'activated','cost':{'tap':true,'counters':'X'},'abilities':[{'type':'effect_ability',"
         "'target':{'count':'X','filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target','X':'X'}]}]}",
         "abilities"}};
    for (int i = 0; i < 3; i++) {
        bsk_synthetic_cards *s = one_feature(xbad[i][0]);
        ck_assert_msg(s == NULL, "%s read", xbad[i][0]);
        ck_assert_msg(strstr(error.path, xbad[i][1]) != NULL, "%s: path %s, not %s", xbad[i][0], error.path, xbad[i][1]);
    }
    /* 106.2.1, 106.2.3: element changes and the element_of filter */
    bsk_synthetic_cards *el = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':"
                                          "'effect_ability','target':{'count':1,'filter':{'element_of':'different'}},"
                                          "'effects':[{'op':'add_element','target':'target','element':'swamps',"
                                          "'duration':'end_of_turn'},{'op':'set_element','target':'self','element':"
                                          "'darkness'}]}]}");
    ck_assert_msg(el != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(el->cards[0].features[0].effects[0].op, BSK_OP_ADD_ELEMENT);
    ck_assert_int_eq(el->cards[0].features[0].effects[0].param, BSK_ELEMENT_SWAMPS);
    ck_assert_int_eq(el->cards[0].features[0].effects[1].param, BSK_ELEMENT_DARKNESS);
    ck_assert_int_eq(el->cards[0].filters[0].filter.element_of, BSK_FILTER_ELEMENT_DIFFERENT);
    assert_round_trip(&el->cards[0], false, "\"element_of\":\"different\"", NULL);
    free(el);
    const char *const elbad[][2] = {
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability',"
         "'effects':[{'op':'add_element','target':'self'}]}]}", "effects[0].element"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability',"
         "'effects':[{'op':'set_element','target':'self','element':'fire'}]}]}", "effects[0].element"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability',"
         "'effects':[{'op':'heal','target':'self','X':1,'element':'swamps'}]}]}", "effects[0].element"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':{'count':1,"
         "'filter':{'element_of':'other'}},'effects':[{'op':'heal','target':'target','X':1}]}]}", "element_of"}};
    for (int i = 0; i < 4; i++) {
        bsk_synthetic_cards *s = one_feature(elbad[i][0]);
        ck_assert_msg(s == NULL, "%s read", elbad[i][0]);
        ck_assert_msg(strstr(error.path, elbad[i][1]) != NULL, "%s: path %s, not %s", elbad[i][0], error.path, elbad[i][1]);
    }
    /* 505.4.4: «выстрел по 2 целям», a group target of attacks */
    bsk_synthetic_cards *two = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':"
                                           "'shot','values':1,'target':{'count':2,'filter':{'side':'enemy'}}}]}");
    ck_assert_msg(two != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(two->cards[0].features[0].target, BSK_TARGET_GROUP);
    ck_assert_int_eq(two->cards[0].features[0].group_count, 2);
    assert_round_trip(&two->cards[0], false, "\"count\":2", NULL);
    free(two);
    const char *const bad[][2] = {
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'shot','values':1}]}",
         "features[0].abilities[0].target"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'shot','values':[1,2],'target':"
         "{'count':1,'filter':{}}}]}", "features[0].abilities[0].values"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'throw','values':1,'range':0,'target':"
         "{'count':1,'filter':{}}}]}", "features[0].abilities[0].range"},
        {"{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'curse','values':1,'target':"
         "{'count':1,'filter':{}}}]}", "features[0].abilities[0].type"}};
    for (int i = 0; i < 4; i++) {
        bsk_synthetic_cards *s = one_feature(bad[i][0]);
        ck_assert_msg(s == NULL, "%s read", bad[i][0]);
        ck_assert_msg(strstr(error.path, bad[i][1]) != NULL, "%s: path %s, not %s", bad[i][0], error.path, bad[i][1]);
    }
}
END_TEST

/* A catalogue card's feature that places a named marker (glossary §2.7) keeps the marker's name: the
 * catalogue reader records it beside the card's features, the writer writes it back, and the card
 * table makes it the table's name (it was lost: the record held an index into nothing). */
START_TEST(test_catalogue_feature_keeps_its_marker_name)
{
    static bsk_card_features features;
    static bsk_card_table table;
    bsk_json_reader ctx = {"set.json", "catalog.syntax", "catalog.schema", &error};
    json_t *feature = json_loads("{\"src\":2,\"kind\":\"activated\",\"cost\":{\"tap\":true},\"abilities\":"
                                 "[{\"type\":\"effect_ability\",\"target\":{\"count\":1,\"filter\":{\"side\":"
                                 "\"enemy\"}},\"effects\":[{\"op\":\"place_named_marker\",\"target\":\"target\","
                                 "\"name\":\"паутина\",\"n\":1}]}]}", 0, NULL);
    ck_assert_ptr_nonnull(feature);
    memset(&features, 0, sizeof features);
    ck_assert_int_eq(bsk_feature_from_json(&ctx, "cards[0].features[0]", feature, "test-web", &features), BSK_OK);
    json_decref(feature);
    ck_assert_int_eq(features.marker_count, 1);
    ck_assert_str_eq(features.marker_names[0], "паутина");
    json_t *back = bsk_feature_to_json(&features, 0);
    char *text = json_dumps(back, JSON_COMPACT);
    ck_assert_msg(strstr(text, "паутина") != NULL, "%s", text);
    free(text);
    json_decref(back);
    bsk_card card;
    memset(&card, 0, sizeof card);
    snprintf(card.id, sizeof card.id, "test-web");
    snprintf(card.name, sizeof card.name, "Тест-паук");
    card.type = BSK_TYPE_CREATURE;
    card.features = &features;
    bsk_card_table_init(&table);
    bsk_card_table_marker(&table, "огонь", true); /* another name first: the record must be remapped */
    int slot = bsk_card_table_add(&table, &card);
    ck_assert_int_ge(slot, 0);
    ck_assert_int_eq(table.entries[slot].feature_count, 1);
    const bsk_feature *f = &table.features[table.feature_start[slot]];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_PLACE_NAMED_MARKER);
    ck_assert_str_eq(table.marker_names[f->effects[0].marker], "паутина");
    ck_assert_int_eq(f->effects[0].marker, 1);
}
END_TEST

/* Issue 21 §2: a feature that is a wrapper's linked text, {"wrapper": …} (121.1), each wrapper a
 * condition of the program, written back the same; a keyword held under each wrapper's word. */
START_TEST(test_synthetic_wrapper_conditions_round_trip)
{
    const char *const words[] = {"formation", "at_depth", "on_surface", "werewolf_wolf", "werewolf_human", "rebuff"};
    const int conditions[] = {BSK_FEATURE_IF_FORMATION, BSK_FEATURE_IF_AT_DEPTH, BSK_FEATURE_IF_ON_SURFACE,
                              BSK_FEATURE_IF_WOLF, BSK_FEATURE_IF_HUMAN, BSK_FEATURE_IF_REBUFF};
    const int keyword_conditions[] = {BSK_CONDITION_FORMATION, BSK_CONDITION_AT_DEPTH, BSK_CONDITION_ON_SURFACE,
                                      BSK_CONDITION_WEREWOLF_WOLF, BSK_CONDITION_WEREWOLF_HUMAN, BSK_CONDITION_REBUFF};
    for (int w = 0; w < 6; w++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "[{'id':'test-x','name':'X','type':'creature','keywords':[{'id':'armor','X':2,'condition':'%s'}],"
                 "'features':[{'src':1,'kind':'activated','cost':{'tap':true},'condition':{'wrapper':'%s'},"
                 "'abilities':[{'type':'effect_ability','effects':[{'op':'heal','target':'self','X':1}]}]}]}]",
                 words[w], words[w]);
        bsk_synthetic_cards *s = parse_cards(text);
        ck_assert_msg(s != NULL, "%s: %s: %s", words[w], error.path, error.message);
        ck_assert_int_eq(s->cards[0].features[0].condition, conditions[w]);
        ck_assert_int_eq(s->cards[0].card.keywords[0].condition, keyword_conditions[w]);
        assert_round_trip(&s->cards[0], false, words[w], NULL);
        free(s);
    }
}
END_TEST

static void refused(const char *text, const char *path, const char *message)
{
    bsk_synthetic_cards *s = parse_cards(text);
    ck_assert_msg(s == NULL, "accepted: %s", text);
    ck_assert_int_eq(error.code, BSK_ERR_INVALID);
    ck_assert_str_eq(error.file, "s.json");
    ck_assert_str_eq(error.path, path);
    ck_assert_msg(strstr(error.message, message) != NULL, "%s: \"%s\" lacks \"%s\"", path, error.message, message);
}

#define CARD_WITH(feature) "[{'id':'test-x','name':'X','type':'creature','features':[" feature "]}]"
#define ABILITY(effects) "'abilities':[{'type':'effect_ability','effects':[" effects "]}]"
#define F0 "[0].features[0]"

/* Issue 22 (branch dice3): the die-roll ops (519.5–519.7) read into their records and write back the same
 * (a flip and a re-roll have no number, the next roll's X is a die's face 1..6); their words name them. */
START_TEST(test_synthetic_dice3_read_and_written_back)
{
    const char *const effects[] = {
        "{'op':'reroll','target':'target'}",
        "{'op':'reroll','target':'self'}",
        "{'op':'flip_die','target':'target','duration':'end_of_turn'}",
        "{'op':'next_roll_equals','target':'target','X':6}",
        "{'op':'next_roll_equals','target':'self','X':1,'duration':'end_of_turn'}"};
    const int ops[] = {BSK_OP_REROLL, BSK_OP_REROLL, BSK_OP_FLIP_DIE, BSK_OP_NEXT_ROLL_EQUALS, BSK_OP_NEXT_ROLL_EQUALS};
    const char *const words_of[] = {"re-roll the die of", "re-roll the die of", "are flipped", "is 6", "is 1"};
    for (int i = 0; i < 5; i++) {
        char feature[1024];
        snprintf(feature, sizeof feature,
                 "{'src':1,'kind':'activated','cost':{'instant':true},'abilities':[{'type':'effect_ability',%s"
                 "'effects':[%s]}]}",
                 strstr(effects[i], "'target'}") || strstr(effects[i], "'target','") ? "'target':{'count':1,'filter':{}},"
                                                                                       : "",
                 effects[i]);
        bsk_synthetic_cards *s = one_feature(feature);
        ck_assert_msg(s != NULL, "%s: %s: %s", feature, error.path, error.message);
        const bsk_feature_effect *e = &s->cards[0].features[0].effects[0];
        ck_assert_int_eq(e->op, ops[i]);
        if (ops[i] == BSK_OP_NEXT_ROLL_EQUALS)
            ck_assert_int_eq(e->value.b, i == 3 ? 6 : 1);
        assert_round_trip(&s->cards[0], true, NULL, ops[i] == BSK_OP_NEXT_ROLL_EQUALS ? NULL : "\"X\":");
        char words[256];
        ck_assert(bsk_feature_describe(&s->cards[0].features[0], words, sizeof words) < sizeof words);
        ck_assert_msg(strstr(words, words_of[i]) != NULL, "%s lacks %s", words, words_of[i]);
        free(s);
    }
    /* the event on_die_roll with its value (glossary «Когда бросок кубика равен X», wording note 12) */
    bsk_synthetic_cards *t = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_die_roll','source':'self',"
                                         "'value':6}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}");
    ck_assert_msg(t != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(t->cards[0].features[0].event, BSK_ON_DIE_ROLL);
    ck_assert_int_eq(t->cards[0].features[0].roll_value, 6);
    assert_round_trip(&t->cards[0], true, "\"value\":6", NULL);
    char said[256];
    bsk_feature_describe(&t->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "when this card rolls a 6") != NULL, "%s", said);
    free(t);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self','value':6},"
                      ABILITY("{'op':'gain_counters','target':'self','n':1}") "}"),
            F0 ".trigger.value", "only an on_die_roll trigger names the roll's value");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_die_roll','source':'self','value':7},"
                      ABILITY("{'op':'gain_counters','target':'self','n':1}") "}"),
            F0 ".trigger.value", "expected an integer 1..6");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'next_roll_equals','target':'self','X':7}") "}"),
            F0 ".abilities[0].effects[0].X", "expected an integer 1..6");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'next_roll_equals','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].X", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'flip_die','target':'self','X':2}") "}"),
            F0 ".abilities[0].effects[0].X", "this op takes no value");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'reroll','target':'self','duration':'end_of_turn'}") "}"),
            F0 ".abilities[0].effects[0].duration", "makes no effect that lasts");
}
END_TEST

/* Issue 22 (branch ops2): the ops that act inside an attack read into their records (strength, kinds,
 * place, X) and write back the same, so a game log's fixture cards replay; their refusals name the key. */
START_TEST(test_synthetic_ops2_read_and_written_back)
{
    const char *const effects[] = {
        "{'op':'spawn_attack','target':'target'}",
        "{'op':'redirect','target':'target'}",
        "{'op':'prevention','target':'target','X':2}",
        "{'op':'wounds_taken_modifier','target':'target','X':-1,'duration':'end_of_turn'}",
        "{'op':'set_attack_strength','target':'target','strength':'weak','attack':['shot'],'duration':'end_of_turn'}",
        "{'op':'reduce_attack_value_to','target':'target','X':1,'duration':'end_of_next_turn'}",
        "{'op':'set_die_roll','target':'target','X':6,'duration':'end_of_turn'}",
        "{'op':'return_to_deck','target':'target','to':'bottom'}",
        "{'op':'return_to_deck','target':'target'}",
        "{'op':'exile','target':'target'}",
        "{'op':'gain_negative_life','target':'target','X':3}"};
    const int ops[] = {BSK_OP_SPAWN_ATTACK, BSK_OP_REDIRECT, BSK_OP_PREVENTION, BSK_OP_WOUNDS_TAKEN_MODIFIER,
                       BSK_OP_SET_ATTACK_STRENGTH, BSK_OP_REDUCE_ATTACK_TO, BSK_OP_SET_DIE_ROLL,
                       BSK_OP_RETURN_TO_DECK, BSK_OP_RETURN_TO_DECK, BSK_OP_EXILE, BSK_OP_GAIN_NEGATIVE_LIFE};
    for (int i = 0; i < 11; i++) {
        char feature[1024];
        snprintf(feature, sizeof feature,
                 "{'src':1,'kind':'activated','cost':{'instant':true},'abilities':[{'type':'effect_ability','target':"
                 "{'count':1,'filter':{}},'effects':[%s]}]}",
                 effects[i]);
        bsk_synthetic_cards *s = one_feature(feature);
        ck_assert_msg(s != NULL, "%s: %s: %s", feature, error.path, error.message);
        const bsk_feature_effect *e = &s->cards[0].features[0].effects[0];
        ck_assert_int_eq(e->op, ops[i]);
        if (ops[i] == BSK_OP_SET_ATTACK_STRENGTH) {
            ck_assert_int_eq(e->strength, 0);
            ck_assert_uint_eq(e->param, 1u << BSK_STRIKE_SHOT);
        }
        if (ops[i] == BSK_OP_REDUCE_ATTACK_TO) /* «удар»: the simple strike and the counter-strike */
            ck_assert_uint_eq(e->param, (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER));
        if (i == 7)
            ck_assert_int_eq(e->place, BSK_DECK_BOTTOM);
        if (i == 8)
            ck_assert_int_eq(e->place, BSK_DECK_SHUFFLED);
        if (ops[i] == BSK_OP_WOUNDS_TAKEN_MODIFIER)
            ck_assert_int_eq(e->value.b, -1);
        assert_round_trip(&s->cards[0], true, NULL, NULL);
        char words[256];
        ck_assert(bsk_feature_describe(&s->cards[0].features[0], words, sizeof words) < sizeof words);
        ck_assert_ptr_null(strstr(words, "?"));
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'set_die_roll','target':'self','X':7}") "}"),
            F0 ".abilities[0].effects[0].X", "expected an integer 1..6");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'wounds_taken_modifier','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].X", "missing required field"); /* prevention without X: no number (block3) */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'wound','target':'self','X':1,"
                                                                       "'strength':'weak'}") "}"),
            F0 ".abilities[0].effects[0].strength", "only set_attack_strength names a strength");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'exile','target':'self','to':'top'}") "}"),
            F0 ".abilities[0].effects[0].to", "only relocate and return_to_deck name where to");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'redirect','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].target", "this op does not take that target");
}
END_TEST

/* Issue 22 (branch block3): block (531) reads its target (self, «по себе», or a card by filter) and its
 * attack kinds into param (none: any attack) and writes them back; a prevention without X is one with no
 * number (534.3, param BSK_PREVENT_ALL) and is written back without X. Refused: a block anywhere but the
 * first record of an instant activated feature (it is declared in the Blocking step, 512.6.7, 531.5), a
 * block with a value, or on the event's card. */
START_TEST(test_synthetic_block_and_prevention_with_no_number)
{
    const char *const effects[] = {"{'op':'block','target':'self'}",
                                   "{'op':'block','target':'target','attack':['shot','throw']}",
                                   "{'op':'prevention','target':'target'}"};
    const char *const words[] = {"block the attack made at this card", "block the shot or throw made at",
                                 "prevent every wound of the next strike to"};
    for (int i = 0; i < 3; i++) {
        char feature[1024];
        snprintf(feature, sizeof feature,
                 "{'src':1,'kind':'activated','cost':{'tap':true,'instant':true},'abilities':[{'type':'effect_ability',"
                 "%s'effects':[%s]}]}",
                 i ? "'target':{'count':1,'filter':{'side':'own'}}," : "", effects[i]);
        bsk_synthetic_cards *s = one_feature(feature);
        ck_assert_msg(s != NULL, "%s: %s: %s", feature, error.path, error.message);
        const bsk_feature_effect *e = &s->cards[0].features[0].effects[0];
        ck_assert_int_eq(e->op, i < 2 ? BSK_OP_BLOCK : BSK_OP_PREVENTION);
        ck_assert_int_eq(e->target, i ? BSK_TARGET_CHOSEN : BSK_TARGET_SELF);
        ck_assert_uint_eq(e->param, i == 0 ? 0u : i == 1 ? (1u << BSK_STRIKE_SHOT) | (1u << BSK_STRIKE_THROW)
                                                         : (unsigned)BSK_PREVENT_ALL);
        assert_round_trip(&s->cards[0], true, NULL, NULL);
        char text[256];
        ck_assert(bsk_feature_describe(&s->cards[0].features[0], text, sizeof text) < sizeof text);
        ck_assert_msg(strstr(text, words[i]) != NULL, "\"%s\" lacks \"%s\"", text, words[i]);
        /* 512.6.7: a block fits the Blocking step's window only (the table's windows_any: its fast exit) */
        ck_assert_uint_eq(engine_feature_windows(&s->cards[0].features[0]),
                          i < 2 ? 1u << W_BLOCK : (1u << W_CHOICE) | (1u << W_CALC) | (1u << W_APPLY));
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'block','target':'self'}") "}"),
            F0 ".abilities", "block is the first effect of an instant activated feature");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'instant':true}," ABILITY("{'op':'heal','target':'self','X':1},"
                                                                                     "{'op':'block','target':'self'}") "}"),
            F0 ".abilities", "block is the first effect of an instant activated feature");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self'},"
                      ABILITY("{'op':'block','target':'self'}") "}"),
            F0 ".abilities", "block is the first effect of an instant activated feature");
    /* branch wrap5: a static block (531.4, 06-194: the first two attacks at it in a battle are blocked): on its own
     * card, limited (its markers count the attacks blocked), not written in a window, written back as read */
    {
        bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static','limit':{'per':'battle','count':2},"
                                             "'abilities':[{'type':'effect_ability','effects':[{'op':'block','target':'self'}]}]}");
        ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
        const bsk_feature *f = &s->cards[0].features[0];
        ck_assert_int_eq(f->kind, BSK_FEATURE_STATIC);
        ck_assert_int_eq(f->effects[0].op, BSK_OP_BLOCK);
        ck_assert_int_eq(f->limit_per, BSK_LIMIT_BATTLE);
        ck_assert_int_eq(f->limit_count, 2);
        assert_round_trip(&s->cards[0], true, NULL, NULL);
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'movement_modifier','target':'self','X':1},"
                                                         "{'op':'block','target':'self'}") "}"),
            F0 ".abilities", "block is the first effect of an instant activated feature");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'instant':true}," ABILITY("{'op':'block','target':'self','X':0}") "}"),
            F0 ".abilities[0].effects[0].X", "expected an integer"); /* spawn11: «величиной X», 1..99 */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'instant':true}," ABILITY("{'op':'block','target':'attacked'}") "}"),
            F0 ".abilities[0].effects[0].target", "this op does not take that target");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'instant':true}," ABILITY("{'op':'heal','target':'self','X':1,"
                                                                                     "'attack':['shot']}") "}"),
            F0 ".abilities[0].effects[0].attack", "block");
}
END_TEST

/* Issue 22, 545.7: a feature's limit is read into limit_per / limit_count (count 1 by default) and
 * written back the same, so a game log's fixture cards replay with it. */
START_TEST(test_synthetic_limit_read_and_written_back)
{
    const char *const words[] = {"turn", "battle"};
    const int pers[] = {BSK_LIMIT_TURN, BSK_LIMIT_BATTLE};
    for (int i = 0; i < 2; i++) {
        char feature[512];
        snprintf(feature, sizeof feature,
                 "{'src':1,'kind':'activated','cost':{},'limit':{'per':'%s'%s},'abilities':[{'type':'effect_ability',"
                 "'effects':[{'op':'gain_counters','target':'self','n':1}]}]}",
                 words[i], i ? ",'count':3" : "");
        bsk_synthetic_cards *s = one_feature(feature);
        ck_assert_msg(s != NULL, "%s: %s", feature, error.message);
        const bsk_feature *f = &s->cards[0].features[0];
        ck_assert_int_eq(f->limit_per, pers[i]);
        ck_assert_int_eq(f->limit_count, i ? 3 : 1);
        assert_round_trip(&s->cards[0], true, NULL, NULL);
        free(s);
    }
}
END_TEST

/* Issue 21 §2: the keyword frames' events (glossary §1.2 concentration, frenzy, valhalla) are read,
 * written back the same, and name no role: the frame is heard by the card's own features. */
START_TEST(test_synthetic_keyword_frame_events)
{
    const char *const words[] = {"concentration", "frenzy", "valhalla"};
    const int events[] = {BSK_ON_CONCENTRATION, BSK_ON_FRENZY, BSK_ON_VALHALLA};
    for (int i = 0; i < 3; i++) {
        char feature[512];
        snprintf(feature, sizeof feature,
                 "{'src':1,'kind':'triggered','trigger':{'event':'%s'},'abilities':[{'type':'effect_ability',"
                 "'effects':[{'op':'gain_counters','target':'self','n':1}]}]}",
                 words[i]);
        bsk_synthetic_cards *s = one_feature(feature);
        ck_assert_msg(s != NULL, "%s: %s", feature, error.message);
        const bsk_feature *f = &s->cards[0].features[0];
        ck_assert_int_eq(f->event, events[i]);
        ck_assert_str_eq(bsk_feature_event_id(f->event), words[i]);
        assert_round_trip(&s->cards[0], true, NULL, "\"source\"");
        free(s);
        snprintf(feature, sizeof feature,
                 "[{'id':'test-a','name':'X','type':'creature','features':[{'src':1,'kind':'triggered','trigger':"
                 "{'event':'%s','side':'enemy'},'abilities':[{'type':'effect_ability','effects':[{'op':'heal',"
                 "'target':'self','X':1}]}]}]}]",
                 words[i]);
        ck_assert_ptr_null(parse_cards(feature));
        ck_assert_str_eq(error.path, "[0].features[0].trigger.side");
        ck_assert_ptr_nonnull(strstr(error.message, "heard by its own card only"));
    }
}
END_TEST

/* Issue 22 §1: every CardFilter field (glossary §6.2) reads into the card's filter list, written back
 * the same (filters, the chosen / all targets, a trigger's filter, a {"count": filter} value); equal
 * filters share an index; what does not fit is refused at its JSON path. */
START_TEST(test_synthetic_card_filters)
{
    const char *const every =
        "{'type':['creature','artifact'],'subtype':['ground'],'subtype_not':['flyer'],'elements':['swamps'],"
        "'classes':['dwarf'],'side':'enemy','state':['tapped','wounded','poisoned','hidden'],'incorporeal':false,"
        "'adjacent_to':'target','in_row':2,'cost':{'op':'>=','value':'self'},'elite':true,'has_keyword':['armor'],"
        "'name':'Кочевник','not_self':true,'row':'self','column':'self','diagonal_to':'self','behind':'target',"
        "'in_front':'self'}";
    char text[4096];
    snprintf(text, sizeof text,
             "[{'id':'test-x','name':'X','type':'creature','features':["
             "{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
             "{'count':1,'filter':{'side':'enemy','state':['wounded']}},'effects':[{'op':'wound','target':'target',"
             "'X':{'count':{'side':'own','adjacent_to':'self'}}}]},{'type':'effect_ability','target':{'count':'all',"
             "'filter':%s},'effects':[{'op':'tap','target':'target'}]}]},"
             "{'src':2,'kind':'triggered','trigger':{'event':'on_death','side':'own','filter':{'state':['wounded'],"
             "'side':'enemy'}},'abilities':[{'type':'effect_ability','effects':[{'op':'gain_counters','target':'self',"
             "'n':1}]}]}]}]",
             every);
    bsk_synthetic_cards *s = parse_cards(text);
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_synthetic_card *c = &s->cards[0];
    ck_assert_int_eq(c->filter_count, 3); /* the enemy wounded filter is shared by feature 1 and 2 */
    const bsk_feature *f = &c->features[0];
    ck_assert_int_eq(f->target, BSK_TARGET_CHOSEN);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_CHOSEN);
    ck_assert_int_eq(f->effects[0].filter, 1);
    ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_COUNT);
    ck_assert_int_eq(f->effects[0].count_filter, 2);
    ck_assert_int_eq(f->effects[1].target, BSK_TARGET_ALL);
    ck_assert_int_eq(f->effects[1].filter, 3);
    ck_assert_int_eq(c->features[1].trigger_filter, 1);
    ck_assert_int_eq(c->features[1].role, BSK_ROLE_OWN);
    const bsk_feature_filter *all = &c->filters[2].filter;
    ck_assert_uint_eq(all->types, (1u << BSK_TYPE_CREATURE) | (1u << BSK_TYPE_ARTIFACT));
    ck_assert_uint_eq(all->subtypes, 1u << BSK_SUBTYPE_GROUND);
    ck_assert_uint_eq(all->subtypes_not, 1u << BSK_SUBTYPE_FLYER);
    ck_assert_uint_eq(all->elements, 1u << BSK_ELEMENT_SWAMPS);
    ck_assert(all->classes == 1ull << BSK_CLASS_DWARF);
    ck_assert_int_eq(all->side, BSK_FILTER_SIDE_ENEMY);
    ck_assert_uint_eq(all->states, BSK_FILTER_TAPPED | BSK_FILTER_WOUNDED | BSK_FILTER_POISONED | BSK_FILTER_HIDDEN);
    ck_assert_int_eq(all->incorporeal, BSK_FILTER_NO);
    ck_assert_int_eq(all->adjacent_to, BSK_FILTER_NEAR_TARGET);
    ck_assert_int_eq(all->in_row, 2);
    ck_assert_int_eq(all->cost_op, BSK_FILTER_COST_GE);
    ck_assert_int_eq(all->cost_value, -1);
    ck_assert_int_eq(all->elite, BSK_FILTER_YES);
    ck_assert(all->keywords == 1ull << BSK_KEYWORD_ARMOR);
    ck_assert_uint_eq(all->name_key, bsk_card_name_key("кочевник"));
    ck_assert_int_eq(all->not_self, 1);
    ck_assert_uint_eq(all->line, BSK_FILTER_LINE_ROW | BSK_FILTER_LINE_COLUMN);
    ck_assert_int_eq(all->diagonal_to, BSK_FILTER_NEAR_SELF);
    ck_assert_int_eq(all->behind, BSK_FILTER_NEAR_TARGET);
    ck_assert_int_eq(all->in_front, BSK_FILTER_NEAR_SELF);
    assert_round_trip(c, false, NULL, NULL);
    free(s);
    /* the old shorthands keep their selectors and write no filter */
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                    "{'count':1,'filter':{'side':'enemy','adjacent_to':'self'}},'effects':[{'op':'wound','target':"
                    "'target','X':1}]}]}");
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(s->cards[0].features[0].target, BSK_TARGET_ADJACENT_ENEMY);
    ck_assert_int_eq(s->cards[0].filter_count, 0);
    free(s);
    /* refusals at the JSON path */
#define TARGET_FILTER(filter) \
    CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':1," \
              "'filter':" filter "},'effects':[{'op':'wound','target':'target','X':1}]}]}")
    refused(TARGET_FILTER("{'colour':'red'}"), F0 ".abilities[0].target.filter.colour", "unexpected field");
    refused(TARGET_FILTER("{'type':['dragon']}"), F0 ".abilities[0].target.filter.type",
            "expected an array of creature, artifact or terrain");
    refused(TARGET_FILTER("{'state':['tapped','untapped']}"), F0 ".abilities[0].target.filter.state",
            "never both tapped and untapped");
    refused(TARGET_FILTER("{'adjacent_to':'target'}"), F0 ".abilities[0].target.filter.adjacent_to",
            "only a count \"all\" filter or a count names it");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','filter':{'adjacent_to':'actor'}}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.filter.adjacent_to", "\"self\" only");
    refused(TARGET_FILTER("{'in_row':4}"), F0 ".abilities[0].target.filter.in_row", "expected an integer 1..3");
    refused(TARGET_FILTER("{'adjacent_to':'host'}"), F0 ".abilities[0].target.filter.adjacent_to",
            "expected self, target or actor");
    refused(TARGET_FILTER("{'cost':{'op':'~','value':3}}"), F0 ".abilities[0].target.filter.cost.op", "expected <=");
    refused(TARGET_FILTER("{'cost':{'op':'<','value':'other'}}"), F0 ".abilities[0].target.filter.cost.value",
            "expected an integer 0..99");
    refused(TARGET_FILTER("{'row':'target'}"), F0 ".abilities[0].target.filter.row", "expected self");
    /* directions (issue 22): in_front names the feature's card only; a chosen card's filter cannot
     * anchor on the chosen card; a trigger's filter is seen from its card */
    refused(TARGET_FILTER("{'in_front':'target'}"), F0 ".abilities[0].target.filter.in_front", "expected self");
    refused(TARGET_FILTER("{'behind':'target'}"), F0 ".abilities[0].target.filter.behind",
            "only a count \"all\" filter or a count names it");
    refused(TARGET_FILTER("{'diagonal_to':'target'}"), F0 ".abilities[0].target.filter.diagonal_to",
            "only a count \"all\" filter or a count names it");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','filter':{'behind':'actor'}}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.filter.behind", "\"self\" only");
    refused(TARGET_FILTER("{'has_keyword':['armour']}"), F0 ".abilities[0].target.filter.has_keyword",
            "expected an array of keyword ids");
    /* group3 (issue 22): a group target {"count": 2..8} (528.7), an activated feature's; markers in a filter */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':9,"
                      "'filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities[0].target.count", "2..8 or \"X\" (a group of chosen cards)");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},'abilities':[{'type':"
                      "'effect_ability','target':{'count':'X','filter':{}},'effects':[{'op':'heal','target':'target'}]}]}"),
            F0 ".abilities", "or a trigger's N or «до N»"); /* swap12: a trigger's exact N is read */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':2,"
                      "'filter':{}},'effects':[{'op':'relocate','target':'target'}]}]}"),
            F0 ".abilities[0].effects[0].target", "a relocation moves one card");
    refused(TARGET_FILTER("{'markers':{'name':'web','min':0}}"), F0 ".abilities[0].target.filter.markers.min",
            "expected an integer");
    refused(TARGET_FILTER("{'markers':{'min':2}}"), F0 ".abilities[0].target.filter.markers.name", "missing required field");
    {
        bsk_synthetic_cards *g = parse_cards(
            CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':3,'filter':{'side':'enemy','markers':{'name':'web','min':2,'counting':true}}},'effects':"
                      "[{'op':'wound','target':'target','X':1}]}]},{'src':2,'kind':'static','abilities':[{'type':"
                      "'effect_ability','effects':[{'op':'max_counters','target':'self','n':0}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        const bsk_feature *gf = &g->cards[0].features[0];
        ck_assert_int_eq(gf->target, BSK_TARGET_GROUP);
        ck_assert_int_eq(gf->group_count, 3);
        const bsk_feature_filter *ff = &g->cards[0].filters[gf->effects[0].filter - 1].filter;
        ck_assert_int_eq(ff->marker, 1);
        ck_assert_int_eq(ff->marker_min, 2);
        ck_assert_int_eq(ff->marker_counting, 1);
        ck_assert_str_eq(g->cards[0].marker_names[0], "web");
        ck_assert_int_eq(g->cards[0].features[1].effects[0].op, BSK_OP_MAX_COUNTERS);
        assert_round_trip(&g->cards[0], false, "\"counting\":true", NULL);
        free(g);
        /* an X group (512.5 e, 523.3): a record's value "X" is the number of cards declared */
        g = parse_cards(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':"
                                  "'effect_ability','target':{'count':'X','filter':{'side':'own'}},'effects':[{'op':"
                                  "'wound','target':'target','X':1},{'op':'gain_counters','target':'self','n':'X+1'}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        ck_assert_int_eq(g->cards[0].features[0].group_count, BSK_FEATURE_GROUP_X);
        ck_assert_int_eq(g->cards[0].features[0].effects[1].value.var, BSK_EXPR_X);
        assert_round_trip(&g->cards[0], false, "\"count\":\"X\"", NULL);
        free(g);
    }
    { /* vamp5 (issue 23): «Максимум X {health}» (508.2.2) is a static record with X; not in a trigger */
        bsk_synthetic_cards *g = parse_cards(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability',"
                                                       "'effects':[{'op':'max_life','target':'self','X':9}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        ck_assert_int_eq(g->cards[0].features[0].effects[0].op, BSK_OP_MAX_LIFE);
        ck_assert_int_eq(g->cards[0].features[0].effects[0].value.b, 9);
        assert_round_trip(&g->cards[0], false, "\"max_life\"", NULL);
        free(g);
        refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':"
                          "[{'type':'effect_ability','effects':[{'op':'max_life','target':'self','X':9}]}]}"),
                F0 ".abilities", "max_life is a static feature's");
    }
    { /* times3 (issue 22): "X times per turn", not tapping (510.3, 540.1, 540.3.1, 540.4) round-trip */
        bsk_synthetic_cards *g = parse_cards(
            CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','effects':[{'op':'actions_per_turn',"
                      "'target':'self','X':2,'action':'simple_strike','no_tap':true}]}]},{'src':2,'kind':'static',"
                      "'abilities':[{'type':'effect_ability','effects':[{'op':'actions_per_turn','target':'self','X':'any',"
                      "'action':'guard'},{'op':'no_tap_after','target':'self','action':'guard'}]}]},{'src':3,'kind':"
                      "'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':[{'type':'effect_ability',"
                      "'effects':[{'op':'no_tap_this_attack','target':'self'}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        const bsk_feature_effect *a = &g->cards[0].features[0].effects[0], *b = &g->cards[0].features[1].effects[0];
        ck_assert_int_eq(a->op, BSK_OP_ACTIONS_PER_TURN);
        ck_assert_int_eq(a->value.b, 2);
        ck_assert_uint_eq(a->param, BSK_ACTIONS_STRIKE | BSK_ACTIONS_NO_TAP);
        ck_assert_int_eq(b->value.b, 0); /* "any" */
        ck_assert_uint_eq(b->param, BSK_ACTIONS_GUARD);
        ck_assert_uint_eq(g->cards[0].features[1].effects[1].param, BSK_ACTIONS_GUARD);
        ck_assert_int_eq(g->cards[0].features[2].effects[0].op, BSK_OP_NO_TAP_THIS_ATTACK);
        assert_round_trip(&g->cards[0], false, "\"no_tap\":true", NULL);
        assert_round_trip(&g->cards[0], false, "\"X\":\"any\"", NULL);
        free(g);
        g = parse_cards(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','effects':[{'op':"
                                  "'no_tap_after','target':'self'}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        ck_assert_uint_eq(g->cards[0].features[0].effects[0].param, BSK_ACTIONS_ACT); /* default: any action */
        assert_round_trip(&g->cards[0], false, "\"action\":\"act\"", NULL);
        free(g);
        /* the history of battle (538.2): «не передвигались в прошлый ход» as a filter */
        g = parse_cards(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability',"
                                  "'target':{'count':1,'filter':{'side':'enemy','moved_last_turn':false}},'effects':[{'op':"
                                  "'wound','target':'target','X':1}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        ck_assert_int_eq(g->cards[0].filters[g->cards[0].features[0].effects[0].filter - 1].filter.moved_last_turn,
                         BSK_FILTER_NO);
        assert_round_trip(&g->cards[0], false, "\"moved_last_turn\":false", NULL);
        free(g);
    }
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','effects':[{'op':'actions_per_turn',"
                      "'target':'self'}]}]}"),
            F0 ".abilities[0].effects[0].X", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','effects':[{'op':'actions_per_turn',"
                      "'target':'self','X':16}]}]}"),
            F0 ".abilities[0].effects[0].X", "expected an integer 1..15 or \"any\"");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','effects':[{'op':'no_tap_after',"
                      "'target':'self','no_tap':true}]}]}"),
            F0 ".abilities[0].effects[0].no_tap", "only actions_per_turn");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','effects':[{'op':'wound',"
                      "'target':'self','X':1,'action':'guard'}]}]}"),
            F0 ".abilities[0].effects[0].action", "only actions_per_turn and no_tap_after");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':[{'type':"
                      "'effect_ability','effects':[{'op':'actions_per_turn','target':'self','X':2}]}]}"),
            F0 ".abilities", "actions_per_turn is a static feature's");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':2,"
                      "'filter':{}},'effects':[{'op':'heal','target':'target','X':'X'}]}]}"),
            F0 ".abilities", "the number of cards of an X group target");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'wound','target':'self','X':{'count':{},'of':1}}") "}"),
            F0 ".abilities[0].effects[0].X.of", "unexpected field");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','filter':{'tapped':true}}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.filter.tapped", "unexpected field");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':1,"
                      "'filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target','X':1}]},{'type':"
                      "'effect_ability','target':{'count':1,'filter':{'side':'own'}},'effects':[{'op':'heal','target':"
                      "'target','X':1}]}]}"),
            F0 ".abilities[1].effects[0]", "a feature chooses one target");
    /* a card's ninth distinct filter does not fit its list (BSK_SYNTHETIC_FILTERS_MAX) */
    char many[4096] = "[{'id':'test-x','name':'X','type':'creature','features':[";
    for (int k = 0; k < 3; k++) {
        char feature[512];
        snprintf(feature, sizeof feature,
                 "%s{'src':%d,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':"
                 "'all','filter':{'in_row':%d}},'effects':[{'op':'heal','target':'target','X':{'count':{'cost':{'op':"
                 "'==','value':%d}}}},{'op':'wound','target':'target','X':{'count':{'cost':{'op':'<','value':%d}}}}]}]}",
                 k ? "," : "", k + 1, k + 1, k, k);
        strcat(many, feature);
    }
    strcat(many, "]}]");
    refused(many, "[0].features[2].abilities[0].effects[1].X.count", "more than 8 distinct filters in one card");
#undef TARGET_FILTER
}
END_TEST

START_TEST(test_synthetic_errors_name_the_json_path)
{
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'explode','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].op", "expected wound, heal, gain_counters, cancel, destroy");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_sneeze'}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.event", "expected on_death, on_assault, at_turn_start");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'}," ABILITY("{'op':'wound','target':'everyone'}") "}"),
            F0 ".abilities[0].effects[0].target", "expected self, target, attacked, attacker, placer or marked");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'condition':{'wrapper':'underwater'}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".condition", "at_depth, on_surface");
    refused(CARD_WITH("{'src':1,'kind':'deck_building'," ABILITY("{'op':'wound','target':'self'}") "}"), F0 ".kind",
            "expected activated, triggered or static");
    refused(CARD_WITH("{'src':1,'kind':'triggered'," ABILITY("{'op':'wound','target':'self'}") "}"), F0 ".trigger",
            "missing required field");
    refused(CARD_WITH("{'src':2,'kind':'triggered','trigger':{'event':'on_death'}," ABILITY("{'op':'wound','target':'self'}") "}"),
            F0 ".src", "1-based place");
    refused(CARD_WITH("{'src':1,'kind':'triggered','cost':{'tap':true},'trigger':{'event':'on_death'}," ABILITY("{'op':'wound','target':'self'}") "}"),
            F0 ".cost", "a triggered or static feature has no cost");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'trigger':{'event':'on_death'}," ABILITY("{'op':'wound','target':'self'}") "}"),
            F0 ".trigger", "only a triggered or static feature has a trigger");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'},'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'wound','target':'attacked'}]}]}"),
            F0 ".abilities", "the event's card of on_assault, on_attack or would_die");
    /* curse4 (issue 23): on_destroys's destroyed card, would_gain_feature's keyword, only on their events */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self','destroyed':{'side':'enemy'}}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.destroyed", "only an on_destroys trigger filters the destroyed card");
    refused(CARD_WITH("{'src':1,'kind':'static','trigger':{'event':'would_die','source':'self','feature':{'id':'curse'}}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.feature", "only a would_gain_feature trigger names the feature gained");
    refused(CARD_WITH("{'src':1,'kind':'static','trigger':{'event':'would_gain_feature','side':'any','feature':{'id':'shot'}}," ABILITY("{'op':'wound','target':'attacked'}") "}"),
            F0 ".trigger.feature", "a keyword the engine runs");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'would_gain_feature','side':'any'}," ABILITY("{'op':'wound','target':'attacked'}") "}"),
            F0 ".trigger.event", "a static feature's events");
    /* move11 (issue 23): on_destroys heard of another card names the destroyer "attacked" (05-170); another event's
     * card still has no such word */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_counters_lost','side':'own'},'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'wound','target':'attacked'}]}]}"),
            F0 ".abilities", "the event's card of on_assault");
    /* issue 21: a trigger may choose its target and be optional or an «или»; a replacement asks nothing */
    refused(CARD_WITH("{'src':1,'kind':'static','trigger':{'event':'would_die','source':'self'},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target'}]}]}"),
            F0 ".abilities", "a replacement's target is self or the dying card");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'optional':true," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".optional", "only a triggered feature asks use");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','mode':1,'effects':[{'op':'heal','target':'self'}]},{'type':'effect_ability','mode':2,'effects':[{'op':'wound','target':'self'}]}]}"),
            F0 ".abilities", "only a triggered feature asks mode");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'},'abilities':[{'type':'effect_ability','mode':1,'effects':[{'op':'heal','target':'self'}]},{'type':'effect_ability','effects':[{'op':'wound','target':'self'}]}]}"),
            F0 ".abilities[1].mode", "\"mode\" 1 and 2 in order");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'},'abilities':[{'type':'effect_ability','mode':2,'effects':[{'op':'heal','target':'self'}]},{'type':'effect_ability','mode':1,'effects':[{'op':'wound','target':'self'}]}]}"),
            F0 ".abilities[0].mode", "\"mode\" 1 and 2 in order");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','mode':1,'effects':[{'op':'heal','target':'self'}]},{'type':'effect_ability','mode':2,'target':{'count':1,'filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target'}]}]}"),
            F0 ".abilities[1].mode", "with the same target");
    { /* vamp5 (issue 23): a trigger's «или» may act on its own card in one alternative, the chosen one in the other */
        bsk_synthetic_cards *g = parse_cards(CARD_WITH(
            "{'src':1,'kind':'triggered','trigger':{'event':'on_death'},'abilities':[{'type':'effect_ability','mode':1,"
            "'target':{'count':1,'filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target','X':2}]},{'type':"
            "'effect_ability','mode':2,'effects':[{'op':'heal','target':'self','X':3}]}]}"));
        ck_assert_msg(g != NULL, "%s: %s", error.path, error.message);
        ck_assert_int_eq(g->cards[0].features[0].mode, 1);
        ck_assert_int_ne(g->cards[0].features[0].target, BSK_TARGET_SELF);
        ck_assert_int_eq(g->cards[0].features[0].effects[1].target, BSK_TARGET_SELF);
        assert_round_trip(&g->cards[0], false, "\"mode\":2", NULL);
        free(g);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'cancel'}") "}"),
            F0 ".abilities", "cancel is the one effect of an instant activated feature");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'wound','target':'self','X':100}") "}"),
            F0 ".abilities[0].effects[0].X", "expected an integer 0..99");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'tap','target':'self','X':1}") "}"),
            F0 ".abilities[0].effects[0].X", "this op takes no value");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'colour':1," ABILITY("{'op':'wound','target':'self'}") "}"),
            F0 ".colour", "unexpected field");
    /* glossary §6.2 Feature.duration: of every lasting effect; refused where none lasts or a record differs */
    refused(CARD_WITH("{'src':1,'kind':'triggered','duration':'battle','trigger':{'event':'on_death'}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".duration", "none of its effects lasts");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'duration':'end_of_turn'," ABILITY("{'op':'movement_modifier','target':'self','X':1,'duration':'while'}") "}"),
            F0 ".duration", "an effect record states another duration");
    {
        bsk_synthetic_cards *s = parse_cards(CARD_WITH("{'src':1,'kind':'activated','cost':{},'duration':'end_of_turn',"
                                                       ABILITY("{'op':'movement_modifier','target':'self','X':1},"
                                                               "{'op':'heal','target':'self','X':1}") "}"));
        ck_assert_msg(s != NULL, "%s", error.message);
        ck_assert_int_eq(s->cards[0].features[0].effects[0].duration, BSK_FDURATION_END_OF_TURN);
        ck_assert_int_eq(s->cards[0].features[0].effects[1].duration, BSK_FDURATION_BATTLE); /* a heal does not last */
        free(s);
    }
    /* issue 22: a limit {"per":"turn"|"battle","count":1..15} (545.7) */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'limit':{'per':'game','count':1}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".limit.per", "expected turn or battle");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'limit':{'per':'turn','count':16}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".limit.count", "expected an integer 1..15");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'limit':{'count':1}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".limit.per", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'limit':'1/turn'," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".limit", "expected {\"per\"");
    refused(CARD_WITH("{'src':1,'kind':'static','trigger':{'event':'on_death'}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.event", "a static feature's event is would_die");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','ability':['shot']}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.ability", "only an on_attack trigger filters strikes");
    /* incarn7: incarnate_open is the first record of the card's own on_incarnate trigger (536.7) */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_enter','source':'self'}," ABILITY("{'op':'incarnate_open','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].op", "incarnate_open is the first record of an on_incarnate trigger");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'}," ABILITY("{'op':'heal','target':'self','X':1},{'op':'incarnate_open','target':'self'}") "}"),
            F0 ".abilities[0].effects[1].op", "incarnate_open is the first record of an on_incarnate trigger");
    {
        bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'}," ABILITY("{'op':'incarnate_open','target':'self'},{'op':'heal','target':'self','X':1,'link':'while_doing'}") "}");
        ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
        ck_assert_int_eq(s->cards[0].features[0].effects[0].op, BSK_OP_INCARNATE_OPEN);
        assert_round_trip(&s->cards[0], false, "\"incarnate_open\"", NULL);
        free(s);
    }
    /* incarn7: on_assault filters the attack's kind («при нападении выстрелом»), never a strength (not rolled yet) */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self','ability':['shot'],'strength':['weak']}," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".trigger.strength", "only an on_attack trigger filters strikes");
    {
        bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self','ability':['shot']}," ABILITY("{'op':'heal','target':'self','X':1}") "}");
        ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
        ck_assert_uint_eq(s->cards[0].features[0].abilities, 1u << BSK_STRIKE_SHOT);
        assert_round_trip(&s->cards[0], false, "\"shot\"", NULL);
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'engine':'handler:test-x'}"), F0 ".engine",
            "no handler for this card");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'engine':'text_only'," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".engine", "text_only does not run");
    refused("[{'id':'01-001','name':'X','type':'creature'}]", "[0].id", "starts with \"test-\"");
    refused("[{'id':'test-a','name':'X','type':'creature'},{'id':'test-a','name':'Y','type':'creature'}]", "[1].id",
            "the id of [0] again");
    refused("[{'id':'test-a','name':'X','type':'creature'},{'id':'test-b','name':'x','type':'creature'}]", "[1].name",
            "the name of [0] again");
    refused("[{'id':'test-a','name':'X','type':'spell'}]", "[0].type", "expected creature, artifact");
    refused("[{'id':'test-a','name':'X','type':'artifact','subtype':'flyer'}]", "[0].subtype",
            "only a creature has a subtype");
    refused("[{'id':'test-a','name':'X','type':'creature','keywords':[{'id':'laser'}]}]", "[0].keywords[0].id",
            "expected a keyword id");
    refused("[{'id':'test-a','name':'X'}]", "[0].type", "missing required field");
    refused("{'id':'test-a'}", "", "expected an array of synthetic card objects");
}
END_TEST

/* Issue 22 (branch ops): the ops with parameters read into the effect record (keyword, duration,
 * param), write back the same, and their mistakes are named at their JSON path. */
START_TEST(test_synthetic_ops_with_parameters)
{
    const struct {
        const char *effect;
        int op, keyword, duration, param, value;
    } cases[] = {
        {"{'op':'gain_feature','target':'self','feature':{'id':'armor','X':2}}", BSK_OP_GAIN_FEATURE,
         BSK_KEYWORD_ARMOR, BSK_FDURATION_BATTLE, 0, 2},
        {"{'op':'gain_feature','target':'self','feature':{'id':'regeneration','X':1},'duration':'while'}",
         BSK_OP_GAIN_FEATURE, BSK_KEYWORD_REGENERATION, BSK_FDURATION_WHILE_SOURCE, 0, 1},
        {"{'op':'gain_feature','target':'self','feature':{'id':'poison','X':2}}", BSK_OP_POISON, 0, 0, 0, 2},
        {"{'op':'lose_feature','target':'self','feature':{'id':'armor'},'duration':'end_of_turn'}",
         BSK_OP_LOSE_FEATURE, BSK_KEYWORD_ARMOR, BSK_FDURATION_END_OF_TURN, 0, 0},
        {"{'op':'gain_extra_life','target':'self','X':-2,'duration':'end_of_next_turn'}", BSK_OP_GAIN_EXTRA_LIFE, 0,
         BSK_FDURATION_END_OF_NEXT_TURN, 0, -2},
        {"{'op':'movement_modifier','target':'self','X':1}", BSK_OP_MOVEMENT_MODIFIER, 0, 0, 0, 1},
        {"{'op':'die_roll_modifier','target':'self','X':-1}", BSK_OP_DIE_ROLL_MODIFIER, 0, 0, 0, -1},
        {"{'op':'attack_modifier','target':'self','X':2}", BSK_OP_ATTACK_MODIFIER, 0, 0,
         (1 << BSK_STRIKE_SIMPLE) | (1 << BSK_STRIKE_COUNTER), 2},
        {"{'op':'attack_modifier','target':'self','X':1,'attack':['shot','throw']}", BSK_OP_ATTACK_MODIFIER, 0, 0,
         (1 << BSK_STRIKE_SHOT) | (1 << BSK_STRIKE_THROW), 1},
        {"{'op':'relocate','target':'self'}", BSK_OP_RELOCATE, 0, 0, BSK_RELOCATE_ADJACENT, 0},
        {"{'op':'relocate','target':'self','to':'any'}", BSK_OP_RELOCATE, 0, 0, BSK_RELOCATE_ANY, 0},
        {"{'op':'relocate','target':'self','to':'orthogonal'}", BSK_OP_RELOCATE, 0, 0, BSK_RELOCATE_ORTHOGONAL, 0},
        /* branch shield6 (issue 23): a side's prevention pool, its window and maximum (534) */
        {"{'op':'side_prevention','target':'self','X':1,'duration':'end_of_turn'}", BSK_OP_SIDE_PREVENTION, 0,
         BSK_FDURATION_END_OF_TURN, 0, 1},
        {"{'op':'side_prevention','target':'self','X':1,'duration':'opponent_next_turn','max':3}",
         BSK_OP_SIDE_PREVENTION, 0, BSK_FDURATION_OPPONENT_NEXT_TURN, 3, 1},
        {"{'op':'side_prevention','target':'self','X':2,'duration':'end_of_opponent_turn'}", BSK_OP_SIDE_PREVENTION,
         0, BSK_FDURATION_END_OF_OPPONENT_TURN, 0, 2},
        {"{'op':'movement_modifier','target':'self','X':1,'duration':'end_of_opponent_turn'}",
         BSK_OP_MOVEMENT_MODIFIER, 0, BSK_FDURATION_END_OF_OPPONENT_TURN, 0, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char feature[1024];
        snprintf(feature, sizeof feature, "{'src':1,'kind':'activated','cost':{}," ABILITY("%s") "}", cases[i].effect);
        bsk_synthetic_cards *s = one_feature(feature);
        ck_assert_msg(s != NULL, "%s: %s", feature, error.message);
        const bsk_feature_effect *ef = &s->cards[0].features[0].effects[0];
        ck_assert_int_eq(ef->op, cases[i].op);
        ck_assert_int_eq(ef->keyword, cases[i].keyword);
        ck_assert_int_eq(ef->duration, cases[i].duration);
        ck_assert_int_eq(ef->param, cases[i].param);
        ck_assert_int_eq(ef->value.b, cases[i].value);
        assert_round_trip(&s->cards[0], true, NULL, NULL);
        free(s);
    }
#define E0 F0 ".abilities[0].effects[0]"
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'lose_feature','target':'self','feature':{'id':'shot'}}") "}"),
            E0 ".feature.id", "an attack ability only as a gain"); /* move8: a gain of its own printed one is read */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'lose_feature','target':'self','feature':{'id':'armor','X':1}}") "}"),
            E0 ".feature.X", "lost at any X (528.10)");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'movement_modifier','target':'self'}") "}"),
            E0 ".X", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'die_roll_modifier','target':'self','X':0}") "}"),
            E0 ".X", "other than 0");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'wound','target':'self','X':1,'duration':'battle'}") "}"),
            E0 ".duration", "makes no effect that lasts");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'movement_modifier','target':'self','X':1,'duration':'forever'}") "}"),
            E0 ".duration", "expected battle, end_of_turn, end_of_next_turn, while, roll, attack, end_of_opponent_turn, "
                            "opponent_next_turn, end_of_target_turn, next_attack or next_attack_end_of_turn");
    /* branch shield6: the opponent's next turn alone is side_prevention's; a side's pool lasts turns; max is its */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'movement_modifier','target':'self','X':1,'duration':'opponent_next_turn'}") "}"),
            E0 ".duration", "only side_prevention lasts the opponent's next turn alone");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'side_prevention','target':'self','X':1,'duration':'roll'}") "}"),
            E0 ".duration", "lasts turns, not one game action");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'prevention','target':'self','X':1,'max':3}") "}"),
            E0 ".max", "only side_prevention names a maximum");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'side_prevention','target':'self','X':1,'max':0}") "}"),
            E0 ".max", "expected an integer 1..99");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'side_prevention','target':'self'}") "}"),
            E0 ".X", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'movement_modifier','target':'self','X':1,'attack':['shot']}") "}"),
            E0 ".attack", "only attack_modifier and incoming_attack_modifier name attack kinds");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'relocate','target':'self','to':'far'}") "}"),
            E0 ".to", "expected adjacent, orthogonal, any, teleport, back, rows_2_3, away_from_attacker, next_to_self, forward or swap");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'side':'enemy','type':['creature']}},'effects':[{'op':'relocate','target':'target'}]}]}"),
            E0 ".target", "this op does not take that target");
#undef E0
}
END_TEST

/* ---- Positions ---- */

START_TEST(test_synthetic_find_by_id_then_name)
{
    bsk_synthetic_cards *s = parse_cards("[" AVENGER "," CANCELLER "]");
    ck_assert_ptr_nonnull(s);
    ck_assert_ptr_eq(bsk_synthetic_find(s, "test-canceller"), &s->cards[1].card);
    ck_assert_ptr_eq(bsk_synthetic_find(s, "мститель"), &s->cards[0].card); /* DESIGN §2 name matching */
    ck_assert_ptr_null(bsk_synthetic_find(s, "Воин"));
    ck_assert_ptr_eq(bsk_synthetic_of(s, &s->cards[1].card), &s->cards[1]);
    ck_assert_ptr_null(bsk_synthetic_of(s, bsk_pool_find_id(&pool, "t-001")));
    free(s);
}
END_TEST

static bsk_position_file *parse_position(const char *text, const char *path)
{
    bsk_position_file *file = malloc(sizeof *file);
    ck_assert_ptr_nonnull(file);
    text = quote(text);
    if (bsk_position_parse(text, strlen(text), path, &pool, file, &error)) {
        free(file);
        return NULL;
    }
    return file;
}

#define INLINE_BOARD(cards, actions)                                                                                 \
    "{\"active\":1,\"turn\":1,\"synthetic_cards\":[" AVENGER "," CANCELLER "," COLLECTOR "],\"cards\":[" cards       \
    "],\"actions\":[" actions "]}"

/* grave5 (issue 23): the ability type "spell" (glossary «Заклинание»): its records carry `spell`, written back as a
 * "spell" ability of their own, said "by a spell"; an effect ability's records stay 0. */
START_TEST(test_grave5_spell_ability)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},"
                                         "'abilities':[{'type':'spell','target':{'count':'all','filter':{'adjacent_to':"
                                         "'self'}},'effects':[{'op':'wound','target':'target','X':3}]},"
                                         "{'type':'effect_ability','effects':[{'op':'gain_counters','target':'self',"
                                         "'n':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effect_count, 2);
    ck_assert_int_eq(f->effects[0].spell, 1);
    ck_assert_int_eq(f->effects[1].spell, 0);
    assert_round_trip(&s->cards[0], true, "\"type\":\"spell\"", NULL);
    char said[256];
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "by a spell, wound every card") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "by a spell, this card gains") == NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},"
                      "'abilities':[{'type':'curse','effects':[{'op':'wound','target':'self','X':1}]}]}"),
            F0 ".abilities[0].type", "expected effect_ability, spell or an attack");
    /* lose_incarnation (536.7): no target (a graveyard card chosen as it resolves), "n" tokens */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'self'},'optional':true,"
                    ABILITY("{'op':'lose_incarnation','n':1},{'op':'gain_extra_life','target':'self','X':2,"
                            "'link':'while_doing'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].op, BSK_OP_LOSE_INCARNATION);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].value.b, 1);
    assert_round_trip(&s->cards[0], true, "\"lose_incarnation\",\"n\":1", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "remove 1 incarnation token from a creature of your graveyard you choose") != NULL, "%s",
                  said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'self'},"
                      ABILITY("{'op':'lose_incarnation','target':'self','n':1}") "}"),
            F0 ".abilities[0].effects[0].target", "a card of its controller's graveyard: no target");
}
END_TEST

/* grave10 (issue 23): deck_to_graveyard {"card": F} (204.2, 205.1): no target, the deck card's printed face; filters
 * "zone":"graveyard" (a condition's count), "lacks_keyword", cost "target" (the trigger's event card) */
START_TEST(test_grave10_deck_to_graveyard)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_death','side':'any',"
                                         "'filter':{'type':['creature'],'lacks_keyword':['incarnation']}},"
                                         "'optional':true,'limit':{'per':'turn','count':1},"
                                         ABILITY("{'op':'deck_to_graveyard','card':{'type':['creature'],'cost':{'op':"
                                                 "'==','value':'target'}}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_DECK_TO_GRAVEYARD);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_SELF);
    ck_assert_int_gt(f->effects[0].from_filter, 0);
    const bsk_feature_filter *card = &s->cards[0].filters[f->effects[0].from_filter - 1].filter;
    ck_assert_int_eq(card->cost_op, BSK_FILTER_COST_EQ);
    ck_assert_int_eq(card->cost_value, -2);
    const bsk_feature_filter *heard = &s->cards[0].filters[f->trigger_filter - 1].filter;
    ck_assert(heard->keywords_not == 1ull << BSK_KEYWORD_INCARNATION);
    assert_round_trip(&s->cards[0], true, "\"deck_to_graveyard\",\"card\":{\"type\":[\"creature\"],\"cost\":{\"op\":"
                                          "\"==\",\"value\":\"target\"}}", NULL);
    assert_round_trip(&s->cards[0], true, "\"lacks_keyword\":[\"incarnation\"]", NULL);
    char said[512];
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "look through your deck and put a card of it matching a filter into your graveyard") !=
                      NULL, "%s", said);
    free(s);
    /* a count over the graveyard (06-151's condition) */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},'condition':{"
                    "'count':{'side':'own','zone':'graveyard','name':'Балторн','not_self':true},'op':'==','value':0},"
                    ABILITY("{'op':'deck_to_graveyard','card':{'name':'Балторн'}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].filters[s->cards[0].features[0].if_count - 1].filter.in_graveyard, 1);
    assert_round_trip(&s->cards[0], true, "\"zone\":\"graveyard\"", NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'deck_to_graveyard'}") "}"),
            F0 ".abilities[0].effects[0].card", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'deck_to_graveyard','card':{'state':['tapped']}}") "}"),
            F0 ".abilities[0].effects[0].card", "the printed face of a deck card");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'deck_to_graveyard','target':'self','card':{'name':'Балторн'}}") "}"),
            F0 ".abilities[0].effects[0].target", "this op acts on the deck: no target");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'wound','target':'self','X':1,'card':{'name':'Балторн'}}") "}"),
            F0 ".abilities[0].effects[0].card", "only deck_to_graveyard");
}
END_TEST

/* spawn11 (issue 23): summon {"card": F, "cell": C} (536.5: no target, the deck card's printed face, the place) and a
 * feature "given" to the summoned card (glossary «Входит в игру с [текст]»): read, written back, said, refused. */
START_TEST(test_spawn11_summon_and_given)
{
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'on_death','side':'any','filter':{'classes':['orc'],"
        "'side':'own'}}," ABILITY("{'op':'summon','card':{'type':['creature'],'classes':['orc'],'cost':{'op':'<=',"
                                  "'value':4}}}") "},"
        "{'src':2,'kind':'triggered','given':true,'trigger':{'event':'on_death','side':'enemy'},"
        ABILITY("{'op':'exile','target':'self'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0], *g = &s->cards[0].features[1];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_SUMMON);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_SELF);
    ck_assert_int_eq(f->effects[0].param, BSK_SUMMON_NEAR_SELF);
    ck_assert_int_gt(f->effects[0].from_filter, 0);
    ck_assert_int_eq(f->given, 0);
    ck_assert_int_eq(g->given, 1);
    assert_round_trip(&s->cards[0], true, "\"summon\",\"card\":{\"type\":[\"creature\"],\"classes\":[\"orc\"]", NULL);
    assert_round_trip(&s->cards[0], true, "\"given\":true", "\"cell\":\"adjacent_to_target\"");
    char said[512];
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "summon: look through your deck for a card matching a filter (or find none)") != NULL,
                  "%s", said);
    ck_assert_msg(strstr(said, "adjacent to this card (or the cell it died on)") != NULL, "%s", said);
    bsk_feature_describe(g, said, sizeof said);
    ck_assert_msg(strstr(said, "given to each card this card's summon or gain_feature of this sentence brings into play or names") != NULL, "%s",
                  said);
    free(s);
    /* next to the feature's target (06-146 «на соседнюю с этим существом клетку») */
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':{"
                    "'count':1,'filter':{'type':['creature']}},'effects':[{'op':'wound','target':'target','X':1},"
                    "{'op':'summon','card':{'classes':['spirit']},'cell':'adjacent_to_target'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[1].param, BSK_SUMMON_NEAR_TARGET);
    assert_round_trip(&s->cards[0], true, "\"cell\":\"adjacent_to_target\"", NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'summon'}") "}"),
            F0 ".abilities[0].effects[0].card", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'summon','target':'self','card':{'classes':['orc']}}") "}"),
            F0 ".abilities[0].effects[0].target", "this op acts on the deck: no target");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'summon','card':{'classes':['orc']},'cell':'far'}") "}"),
            F0 ".abilities[0].effects[0].cell", "adjacent");
    refused(CARD_WITH("{'src':1,'kind':'static','given':true," ABILITY("{'op':'max_life','target':'self','X':3}") "}"),
            F0 ".given", "a trigger without a marker");
    refused(CARD_WITH("{'src':1,'kind':'triggered','given':true,'limit':{'per':'turn','count':1},'trigger':{'event':"
                      "'on_death','side':'enemy'}," ABILITY("{'op':'exile','target':'self'}") "}"),
            F0 ".given", "a trigger without a marker");
}
END_TEST

/* grave10 (issue 23): 04-073's replacement — filters "host_of" "self" (211 «хозяин») and "ahead_of_row" N, value
 * {"life_of":"self"} (the feature card's current life) */
START_TEST(test_grave10_host_and_life_of)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static','trigger':{'event':'would_die','side':'any',"
                                         "'filter':{'host_of':'self','ahead_of_row':2}},"
                                         ABILITY("{'op':'heal','target':'attacked','X':{'life_of':'self'}},"
                                                 "{'op':'destroy','target':'self'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    const bsk_feature_filter *heard = &s->cards[0].filters[f->trigger_filter - 1].filter;
    ck_assert_int_eq(heard->host_of, BSK_FILTER_NEAR_SELF);
    ck_assert_int_eq(heard->ahead_of_row, 2);
    ck_assert(engine_filter_tests(heard) & ENGINE_FILTER_PLACE);
    ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_LIFE_OF_SELF);
    assert_round_trip(&s->cards[0], true, "\"host_of\":\"self\",\"ahead_of_row\":2", NULL);
    assert_round_trip(&s->cards[0], true, "\"X\":{\"life_of\":\"self\"}", NULL);
    char said[512];
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "by this card's current life, then destroy this card") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'heal','target':'self','X':{'life_of':'target'}}") "}"),
            F0 ".abilities[0].effects[0].X.life_of", "expected \"self\"");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','side':'any','filter':{"
                      "'ahead_of_row':1}}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.filter.ahead_of_row", "");
}
END_TEST

/* inc9 (issue 23): gain_incarnation (536.7.1): no target (a graveyard card chosen as it resolves), "n" tokens; heard at
 * the assault of the card's strike across the row (06-177 s3) */
START_TEST(test_inc9_gain_incarnation)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self',"
                                         "'ability':['strike_across_row']},"
                                         ABILITY("{'op':'gain_incarnation','n':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].op, BSK_OP_GAIN_INCARNATION);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].value.b, 1);
    assert_round_trip(&s->cards[0], true, "\"gain_incarnation\",\"n\":1", NULL);
    char said[256];
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "a card of your graveyard you choose with an unused incarnation gets 1 incarnation token") !=
                      NULL,
                  "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'self'},"
                      ABILITY("{'op':'gain_incarnation','target':'target','n':1}") "}"),
            F0 ".abilities[0].effects[0].target", "a chosen one (no target) or \"self\"");
    /* "target": "self" (BSK_GRAVE_SELF); event on_incarnation_lost heard of another creature of yours, an «или» */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnation_lost','side':'own','filter':{'type':"
                    "['creature']}},'limit':{'per':'turn','count':2},"
                    ABILITY("{'op':'attack_modifier','target':'self','X':1,'duration':'end_of_turn','attack':"
                            "['simple_strike','counter_strike']},{'op':'gain_incarnation','target':'self','n':1,"
                            "'link':'or'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_INCARNATION_LOST);
    ck_assert_int_eq(f->role, BSK_ROLE_OWN);
    ck_assert_int_eq(f->effects[1].op, BSK_OP_GAIN_INCARNATION);
    ck_assert_int_eq(f->effects[1].param, BSK_GRAVE_SELF);
    assert_round_trip(&s->cards[0], true, "\"on_incarnation_lost\"", NULL);
    assert_round_trip(&s->cards[0], true, "\"gain_incarnation\",\"target\":\"self\"", NULL);
    char words[512];
    bsk_feature_describe(f, words, sizeof words);
    ck_assert_msg(strstr(words, "incarnates or loses an incarnation token") != NULL, "%s", words);
    ck_assert_msg(strstr(words, "if this card is in your graveyard with an unused incarnation, it gets 1") != NULL, "%s",
                  words);
    free(s);
}
END_TEST

/* recruit11 (issue 23): a static incarnate_open with a place is a permission (536.7): its own card's (05-167
 * «в любом третьем ряду …, сняв жетон инкарнации с другого вашего существа») or every own creature's
 * (06-180 «на клетках с маркером «гнили» …, удалив с этой клетки одну «гниль»»); read, written back, described,
 * and refused elsewhere. */
START_TEST(test_recruit11_incarnation_cell_permission)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static',"
                                         ABILITY("{'op':'incarnate_open','target':'self','place':'third_rows',"
                                                 "'pay':'incarnation_token'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature_effect *ef = &s->cards[0].features[0].effects[0];
    ck_assert_int_eq(ef->op, BSK_OP_INCARNATE_OPEN);
    ck_assert_int_eq(ef->place, BSK_INC_PLACE_THIRD_ROWS);
    ck_assert_int_eq(ef->param, BSK_INC_PAY_TOKEN);
    assert_round_trip(&s->cards[0], false, "\"place\":\"third_rows\",\"pay\":\"incarnation_token\"", NULL);
    char said[512];
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "this card may incarnate untapped") && strstr(said, "either player's third row") &&
                      strstr(said, "removing an incarnation token from another creature"),
                  "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':"
                    "{'type':['creature'],'side':'own'}},'effects':[{'op':'incarnate_open','target':'target','name':"
                    "'rot','place':'marked','pay':'marker'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ef = &s->cards[0].features[0].effects[0];
    ck_assert_int_eq(ef->target, BSK_TARGET_ALL);
    ck_assert_int_eq(ef->place, BSK_INC_PLACE_MARKED);
    ck_assert_int_eq(ef->param, BSK_INC_PAY_MARKER);
    ck_assert_int_eq(s->cards[0].marker_count, 1);
    assert_round_trip(&s->cards[0], false, "\"name\":\"rot\",\"place\":\"marked\",\"pay\":\"marker\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "removing one such marker from that cell"), "%s", said);
    free(s);
    /* the on_incarnate record of incarn7 keeps its place-less form and writes no place */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                    ABILITY("{'op':'incarnate_open','target':'self'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"incarnate_open\"", "\"place\"");
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','source':'self'},"
                      ABILITY("{'op':'incarnate_open','target':'self','place':'third_rows'}") "}"),
            F0 ".abilities[0].effects[0].place", "an incarnation cell is a static feature's only record");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'incarnate_open','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].op", "incarnate_open is the first record of an on_incarnate trigger");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'incarnate_open','target':'self','place':'default'}") "}"),
            F0 ".abilities[0].effects[0].place", "a permission names its cells");
    refused(CARD_WITH("{'src':1,'kind':'static',"
                      ABILITY("{'op':'incarnate_open','target':'self','place':'third_rows','pay':'marker'}") "}"),
            F0 ".abilities[0].effects[0].pay", "a marker is paid off a \"marked\" cell");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'incarnate_open','target':'self','place':'marked'}") "}"),
            F0 ".abilities[0].effects[0].name", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},"
                      ABILITY("{'op':'heal','target':'self','X':1,'place':'third_rows'}") "}"),
            F0 ".abilities[0].effects[0].place", "only incarnate_open names an incarnation cell");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':"
                      "{'type':['creature'],'side':'enemy'}},'effects':[{'op':'incarnate_open','target':'target',"
                      "'place':'third_rows'}]}]}"),
            F0 ".abilities[0].effects[0].target", "this op does not take that target");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':"
                      "{'type':['creature']}},'effects':[{'op':'incarnate_open','target':'target',"
                      "'place':'third_rows'}]}]}"),
            F0 ".abilities", "an incarnation cell reaches its own card or");
}
END_TEST

/* A slot's features come together when it is new, in slot order; a second copy adds none. */
/* trig4 (issue 23): an attack heard of another card names the card it attacks "attacked" (511.7, «в ту же
 * цель»); "attacker" is refused there, and the trigger's filter is named in the words. */
START_TEST(test_trig4_attack_of_another_card)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','side':'own',"
                                         "'filter':{'subtype':['flyer']},'ability':['strike']},"
                                         "'abilities':[{'type':'discharge','values':1,'target':{'ref':'attacked'}}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    char said[256];
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "when another card of yours matching its filter strikes") != NULL, "%s", said);
    free(s);
    /* blow11 (issue 23): on_attack heard of another card names its striker "attacker"; on_assault does not yet */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','side':'own'},"
                      ABILITY("{'op':'wound','target':'attacker','X':1}") "}"),
            F0 ".abilities", "heard of another card's attack, \"attacked\" is the card it attacks");
    /* on_counters_lost with at_least (123: «теряет 2 или более фишек»), on_wounds_taken's too */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_counters_lost','filter':{'side':'own'},"
                    "'at_least':2}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_COUNTERS_LOST);
    ck_assert_int_eq(s->cards[0].features[0].at_least, 2);
    assert_round_trip(&s->cards[0], true, "\"at_least\":2", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "loses counters (2 or more at once)") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_wounds_taken','source':'self','at_least':3},"
                    ABILITY("{'op':'gain_counters','target':'self','n':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "takes wounds (3 or more at once)") != NULL, "%s", said);
    free(s);
    /* on_incarnate (536.7, «при инкарнации»): raised beside on_enter, by incarnation only */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','filter':{'adjacent_to':'self'}},"
                    ABILITY("{'op':'gain_counters','target':'self','n':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_INCARNATE);
    assert_round_trip(&s->cards[0], true, "\"on_incarnate\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "when a card adjacent to this one incarnates") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self','at_least':2},"
                      ABILITY("{'op':'gain_counters','target':'self','n':1}") "}"),
            F0 ".trigger.at_least", "only on_counters_lost, on_wounds_taken and on_attack_wounds count how many at once");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_counters_lost','source':'self','at_least':0},"
                      ABILITY("{'op':'gain_counters','target':'self','n':1}") "}"),
            F0 ".trigger.at_least", "expected an integer 1..99");
}
END_TEST

/* spawn8 (issue 23): on_lethal with its "value" (the current life before, «существо с 1 текущей {health} получает
 * смертельные раны или уничтожается»), on_teleport («при телепортации»), relocate "to":"teleport" (506.7.1), and
 * on_attack_wounds's "by" filter with its striker named "attacker" («разряд … по атаковавшей карте»): their words,
 * round trips and refusals. */
/* mark9 (issue 23): a feature a named marker carries (544.1), its refs "placer" and "marked", the duration «до конца
 * своего хода» of a unit marker and on_move's "movement" (506.1, 506.6). */
START_TEST(test_mark9_marker_features)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','marker':'arrow',"
                                         "'trigger':{'event':'on_move','source':'self','movement':true},"
                                         "'abilities':[{'type':'effect_ability','effects':[{'op':'wound','target':'self','X':1},"
                                         "{'op':'gain_extra_life','target':'placer','X':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].marker, 1);
    ck_assert_int_eq(s->cards[0].features[0].strengths, (1u << 1) | (1u << 2));
    ck_assert_int_eq(s->cards[0].features[0].effects[1].target, BSK_TARGET_PLACER);
    assert_round_trip(&s->cards[0], true, "\"marker\":\"arrow\"", NULL);
    assert_round_trip(&s->cards[0], true, "\"movement\":true", NULL);
    assert_round_trip(&s->cards[0], true, "\"target\":\"placer\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "carried by each named marker") != NULL && strstr(said, "makes a movement") != NULL &&
                      strstr(said, "the card that placed the marker gains") != NULL,
                  "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','marker':'wall','trigger':{'event':'at_turn_start','turn_of':'opponent'},"
                    "'abilities':[{'type':'effect_ability','effects':[{'op':'wound','target':'marked','X':2}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].target, BSK_TARGET_MARKED);
    assert_round_trip(&s->cards[0], true, "\"target\":\"marked\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "every card on the marker's cell by 2") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self','ability':['shot']},"
                    "'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'place_named_marker',"
                    "'target':'attacked','name':'arrow','n':1,'duration':'end_of_target_turn'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].duration, BSK_FDURATION_END_OF_TARGET_TURN);
    assert_round_trip(&s->cards[0], true, "\"duration\":\"end_of_target_turn\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "until the end of its own (controller's) turn") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_move','source':'self'},"
                      ABILITY("{'op':'wound','target':'placer','X':1}") "}"),
            F0 ".abilities", "are a marker's feature's targets");
    refused(CARD_WITH("{'src':1,'kind':'activated','marker':'arrow','cost':{}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".marker", "a marker carries a triggered feature");
    refused(CARD_WITH("{'src':1,'kind':'triggered','marker':'arrow','trigger':{'event':'on_move','source':'self'},"
                      "'limit':{'per':'turn','count':1}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".marker", "without a limit");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self','movement':true},"
                      ABILITY("{'op':'untap','target':'self'}") "}"),
            F0 ".trigger.movement", "only an on_move trigger");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'movement_modifier','target':'self','X':1,'duration':'end_of_target_turn'}") "}"),
            F0 ".abilities[0].effects[0].duration", "end_of_target_turn: only there");
}
END_TEST

START_TEST(test_spawn8_lethal_teleport_attacker)
{
    char said[256];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_lethal','side':'any',"
                                         "'filter':{'type':['creature']},'value':1},"
                                         "'abilities':[{'type':'discharge','target':{'count':1,'filter':{}},"
                                         "'values':[2,2,2],'range':5}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_LETHAL);
    ck_assert_int_eq(s->cards[0].features[0].roll_value, 1);
    assert_round_trip(&s->cards[0], true, "\"value\":1", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "with 1 current life takes lethal wounds or is destroyed") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_lethal','side':'any','value':0},"
                      ABILITY("{'op':'untap','target':'self'}") "}"),
            F0 ".trigger.value", "expected an integer 1..6 (the current life before)");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','side':'any','value':1},"
                      ABILITY("{'op':'untap','target':'self'}") "}"),
            F0 ".trigger.value", "only an on_die_roll trigger names the roll's value");
    /* on_teleport and the teleport a trigger makes */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_teleport','source':'self'},"
                    "'abilities':[{'type':'shot','target':{'count':1,'filter':{}},'values':[1,1,1],'range':3}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_TELEPORT);
    assert_round_trip(&s->cards[0], true, "\"on_teleport\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "when this card teleports") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','side':'own','strength':['weak'],"
                    "'during':'own_turn'},'optional':true,"
                    ABILITY("{'op':'relocate','target':'self','to':'teleport'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].param, BSK_RELOCATE_TELEPORT);
    assert_round_trip(&s->cards[0], true, "\"to\":\"teleport\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "in your turn: you may teleport this card to a free cell") != NULL, "%s", said);
    free(s);
    /* on_attack_wounds: "by" (the striker's filter, destroyed_filter) and "attacker" */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds','side':'any',"
                    "'filter':{'side':'own','has_keyword':['concentration']},'first':'turn','by':{'side':'enemy'}},"
                    "'abilities':[{'type':'discharge','target':{'ref':'attacker'},'values':[1,1,1]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_ne(s->cards[0].features[0].destroyed_filter, 0);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].target, BSK_TARGET_ATTACKED);
    assert_round_trip(&s->cards[0], true, "\"by\":{", NULL);
    assert_round_trip(&s->cards[0], true, "\"ref\":\"attacker\"", "\"attacked\"");
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "from an attack of a card matching its filter for the first time this turn") != NULL,
                  "%s", said);
    ck_assert_msg(strstr(said, "the attacking card") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_wounds_taken','source':'self',"
                      "'by':{}}," ABILITY("{'op':'untap','target':'self'}") "}"),
            F0 ".trigger.by", "only an on_attack_wounds trigger filters the striker");
    /* react10: "attacked" (the wounded card) or "attacker", not both */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds','source':'self'},"
                      ABILITY("{'op':'wound','target':'attacked','X':1},{'op':'wound','target':'attacker','X':1}") "}"),
            F0 ".abilities", "not both");
}
END_TEST

/* react10 (issue 23): event on_act (glossary «Когда действует»), on_attack_wounds's "ability" (the strike that wounded,
 * «от немагической атаки») with "attacked" naming the wounded card, relocate "to":"away_from_attacker" (06-091). */
/* move11 (issue 23): on_destroys heard of another card names the destroyer "attacked"; relocate "next_to_self"; the
 * next-attack durations (attack_modifier only) — 05-170 Лилит s1. */
/* count12 (issue 23): 05-169's trigger — a cost {"lose_extra_life": "X"} (543.2), a chosen filter's "movement_max"
 * "X" (and a constant N), relocate "forward" with an «иначе» wound: read, written back, described, refused. */
START_TEST(test_count12_x_lives_movement_forward_round_trips_and_refusals)
{
    char said[1024];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','cost':{'lose_extra_life':'X'},'trigger':{'event':'at_turn_start','turn_of':"
        "'each'},'optional':true,'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'type':"
        "['creature'],'movement_max':'X'}},'effects':[{'op':'relocate','target':'target','to':'forward'},{'op':'wound',"
        "'target':'target','X':1,'link':'else'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->cost_extra_lives, BSK_FEATURE_COUNTERS_X);
    ck_assert_int_eq(f->target, BSK_TARGET_CHOSEN);
    ck_assert_int_eq(f->effects[0].param, BSK_RELOCATE_FORWARD);
    ck_assert_int_eq(f->effects[1].link, BSK_LINK_ELSE);
    ck_assert_int_eq(s->cards[0].filters[f->effects[0].filter - 1].filter.movement_max, BSK_FILTER_MOVEMENT_X);
    assert_round_trip(&s->cards[0], false, "\"cost\":{\"lose_extra_life\":\"X\"}", NULL);
    assert_round_trip(&s->cards[0], false, "\"movement_max\":\"X\"", NULL);
    assert_round_trip(&s->cards[0], false, "\"to\":\"forward\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "you may lose X extra lives (X chosen as it is declared") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "one cell forward (toward its controller's opponent's edge), if that cell is free, "
                               "otherwise wound") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                    "{'count':1,'filter':{'movement_max':2}},'effects':[{'op':'wound','target':'target','X':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(s->cards[0].filters[f->effects[0].filter - 1].filter.movement_max, 3); /* 1 + N */
    assert_round_trip(&s->cards[0], false, "\"movement_max\":2", NULL);
    free(s);
    /* the X read nowhere else; the cost only "X" on a trigger; a malformed movement */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':1,'filter':{'movement_max':'X'}},'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities", "\"movement_max\": \"X\" is read only in the chosen target's filter");
    refused(CARD_WITH("{'src':1,'kind':'triggered','cost':{'lose_extra_life':2},'trigger':{'event':'at_turn_start'},"
                      ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".cost", "a triggered or static feature has no cost (116.2), a trigger but {\"lose_extra_life\": \"X\"}");
    refused(CARD_WITH("{'src':1,'kind':'static','cost':{'lose_extra_life':'X'},"
                      ABILITY("{'op':'max_life','target':'self','X':3}") "}"),
            F0 ".cost", "a triggered or static feature has no cost");
    refused(CARD_WITH("{'src':1,'kind':'triggered','cost':{'lose_extra_life':'X'},'trigger':{'event':'at_turn_start'},"
                      "'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'movement_max':'Y'}},"
                      "'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities[0].target.filter.movement_max", "expected an integer 0..9 or \"X\"");
    refused(CARD_WITH("{'src':1,'kind':'triggered','cost':{'lose_extra_life':'X'},'trigger':{'event':'at_turn_start'},"
                      "'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'movement_max':10}},"
                      "'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities[0].target.filter.movement_max", "");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start'},"
                      ABILITY("{'op':'relocate','target':'self','to':'ahead'}") "}"),
            F0 ".abilities[0].effects[0].to", "forward");
}
END_TEST

START_TEST(test_move11_vocabulary_round_trips_and_refusals)
{
    char said[768];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'on_destroys','side':'own','filter':{'type':['creature'],"
        "'elements':['darkness'],'not_self':true},'destroyed':{'side':'enemy'}},'optional':true,'abilities':[{'type':"
        "'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'relocate','target':'attacked','to':"
        "'next_to_self'},{'op':'attack_modifier','target':'self','X':1,'duration':'next_attack_end_of_turn','attack':"
        "['discharge'],'link':'while_doing'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_DESTROYS);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_ATTACKED);
    ck_assert_int_eq(f->effects[0].param, BSK_RELOCATE_NEXT_TO_SELF);
    ck_assert_int_eq(f->effects[1].duration, BSK_FDURATION_NEXT_ATTACK_END_OF_TURN);
    assert_round_trip(&s->cards[0], false, "\"next_to_self\"", NULL);
    assert_round_trip(&s->cards[0], false, "\"next_attack_end_of_turn\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "relocate the destroying card to a free cell adjacent to this card") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "this card gets +1 to its next discharge until the end of the turn") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'attack_modifier','target':'self',"
                                                                            "'X':2,'duration':'next_attack','attack':"
                                                                            "['shot','throw']}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].duration, BSK_FDURATION_NEXT_ATTACK);
    assert_round_trip(&s->cards[0], false, "\"next_attack\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "+2 to its next shot") != NULL && strstr(said, "until the end") == NULL, "%s", said);
    free(s);
    /* only attack_modifier is used up by an attack */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'movement_modifier','target':'self','X':1,"
                                                                     "'duration':'next_attack'}") "}"),
            F0 ".abilities[0].effects[0].duration", "only attack_modifier lasts until the card's next attack");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'duration':'next_attack_end_of_turn',"
                      ABILITY("{'op':'die_roll_modifier','target':'self','X':1}") "}"),
            F0 ".duration", "only attack_modifier lasts until the card's next attack");
}
END_TEST

/* swap12 (issue 23): relocate "to":"swap" (glossary «Поменять местами (карты)») on a trigger's group of exactly two
 * (06-103 s1) or on a chosen card with its own; a lasting attack_modifier "against_card":"target" (06-103 s2). */
START_TEST(test_swap12_vocabulary_round_trips_and_refusals)
{
    char said[1024];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'concentration'},'optional':true,'abilities':[{'type':"
        "'effect_ability','target':{'count':2,'filter':{'type':['creature'],'subtype':['ground'],'classes':['elf'],"
        "'side':'own'}},'effects':[{'op':'relocate','target':'target','to':'swap'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->target, BSK_TARGET_GROUP);
    ck_assert_int_eq(f->group_count, 2); /* exactly two, not «до 2» */
    ck_assert_int_eq(f->effects[0].param, BSK_RELOCATE_SWAP);
    assert_round_trip(&s->cards[0], false, "\"swap\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "swap the places of 2 different chosen cards matching its filter") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                    "{'count':1,'filter':{'side':'own'}},'effects':[{'op':'relocate','target':'target','to':'swap'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "and this card (each relocated into the other's cell at once") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'shot','target':{'count':1,"
                    "'filter':{}},'values':2,'range':5},{'type':'effect_ability','target':{'count':1,'filter':{}},"
                    "'effects':[{'op':'attack_modifier','target':'self','X':2,'attack':['shot','throw','discharge',"
                    "'strike_across_row'],'against_card':'target','link':'while_doing'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[1].against_card, BSK_AGAINST_CARD_TARGET);
    assert_round_trip(&s->cards[0], false, "\"against_card\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "at the card this feature targets (that card alone") != NULL, "%s", said);
    free(s);
    /* 05-213 s2: on_assault heard by the attacked card with a filter on the striker; the swap with the chosen card,
     * while doing so its untap (a dependent group: no 528.2.1 condition of the declaration) and a redirect */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','role':'defending','ability':"
                    "['simple_strike'],'filter':{'type':['creature'],'side':'enemy'}},'optional':true,'limit':{'per':"
                    "'turn','count':1},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'type':"
                    "['creature'],'classes':['inquisitor'],'side':'own','not_self':true}},'effects':[{'op':'relocate',"
                    "'target':'target','to':'swap'},{'op':'untap','target':'target','link':'while_doing'},{'op':"
                    "'redirect','target':'target','attack':['simple_strike']}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->role, BSK_ROLE_ATTACKED);
    ck_assert(f->trigger_filter != 0);
    assert_round_trip(&s->cards[0], false, "\"role\":\"defending\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "when this card is attacked with a simple strike by a card matching its filter") != NULL,
                  "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','role':'defending','source':'self'},"
                      ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.source", "a role may take a \"filter\" on the striker");
    /* a swap takes two cards; any other relocation one */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'relocate','target':'self','to':'swap'}")
                      "}"),
            F0 ".abilities[0].effects[0].target", "a swap exchanges two cards");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':2,"
                      "'filter':{}},'effects':[{'op':'relocate','target':'target','to':'adjacent'}]}]}"),
            F0 ".abilities[0].effects[0].target", "a relocation moves one card");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':3,"
                      "'filter':{}},'effects':[{'op':'relocate','target':'target','to':'swap'}]}]}"),
            F0 ".abilities", "a swap's group is exactly two cards");
    /* against_card: an attack modifier on its own card, against the chosen card, lasting */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':1,"
                      "'filter':{}},'effects':[{'op':'movement_modifier','target':'self','X':1,'against_card':'target'}"
                      "]}]}"),
            F0 ".abilities[0].effects[0].against_card", "only an attack_modifier on its own card");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','target':{'count':1,"
                      "'filter':{}},'effects':[{'op':'attack_modifier','target':'self','X':1,'against_card':'attacked'}"
                      "]}]}"),
            F0 ".abilities[0].effects[0].against_card", "expected \"target\"");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'attack_modifier','target':'self','X':1,"
                                                                     "'against_card':'target'}") "}"),
            F0 ".abilities[0].effects[0].against_card", "names no chosen card");
}
END_TEST

START_TEST(test_react10_vocabulary_round_trips_and_refusals)
{
    char said[768];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_act','source':'self'},"
                                         "'optional':true,'limit':{'per':'turn','count':1},'abilities':[{'type':"
                                         "'effect_ability','target':{'count':1,'filter':{'type':['creature'],'side':"
                                         "'own','state':['tapped'],'adjacent_to':'self','elite':false}},'effects':[{'op':"
                                         "'untap','target':'target'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_ACT);
    ck_assert_int_eq(f->role, BSK_ROLE_SELF);
    ck_assert_int_eq(f->wounded_target, 0);
    assert_round_trip(&s->cards[0], false, "\"on_act\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "when this card acts (pays for an action)") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds','side':'any','filter':{'classes':"
                    "['elf'],'side':'own'},'ability':['strike','special_strike','shot','throw','strike_across_row'],'by':"
                    "{'side':'enemy'}},'optional':true,'limit':{'per':'turn','count':2},"
                    ABILITY("{'op':'relocate','target':'attacked','to':'away_from_attacker'},{'op':'heal','target':"
                            "'attacked','X':1,'link':'while_doing'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_ATTACK_WOUNDS);
    ck_assert_int_eq(f->wounded_target, 1);
    ck_assert_int_eq(f->effects[0].param, BSK_RELOCATE_AWAY);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_ATTACKED);
    ck_assert_uint_eq(f->abilities, (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER) | (1u << BSK_STRIKE_SPECIAL) |
                                        (1u << BSK_STRIKE_SHOT) | (1u << BSK_STRIKE_THROW) | (1u << BSK_STRIKE_ACROSS_ROW));
    assert_round_trip(&s->cards[0], false, "\"away_from_attacker\"", "\"attacker\"");
    assert_round_trip(&s->cards[0], false, "\"target\":\"attacked\"", NULL);
    assert_round_trip(&s->cards[0], false, "\"shot\"", "\"magic_strike\""); /* «немагической»: no magic strike */
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "takes wounds from an attack (a simple strike or counter strike") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "relocate the wounded card to a free adjacent cell not adjacent to the attacking card") !=
                      NULL, "%s", said);
    ck_assert_msg(strstr(said, "heal the wounded card by 1") != NULL, "%s", said);
    free(s);
    /* "away_from_attacker" only where the striker is kept: an on_attack_wounds naming the wounded card */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_move','source':'self'},"
                      ABILITY("{'op':'relocate','target':'self','to':'away_from_attacker'}") "}"),
            F0 ".abilities", "away_from_attacker");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds','source':'self'},"
                      ABILITY("{'op':'relocate','target':'self','to':'away_from_attacker'}") "}"),
            F0 ".abilities", "away_from_attacker");
    /* "ability" heard by on_attack, on_assault, on_destroys and on_attack_wounds only */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_wounds_taken','source':'self','ability':"
                      "['shot']}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.ability", "on_attack_wounds: the strike that wounded");
}
END_TEST

/* blow11 (issue 23): the finishing blow as an attack kind (on_attack's "ability", attack_modifier's "attack"), an
 * on_attack heard of another card naming its striker "attacker", a spawned attack «на X (максимум на N)» at a card
 * chosen as it resolves ("with"); their words, descriptions and refusals. */
/* strike13 (issue 23): a finishing blow a feature prints, made «как стоящей рядом» ("as_adjacent") at a card chosen
 * beside the attacked one once the throw succeeded (05-159 s3) */
START_TEST(test_strike13_finishing_blow_ability_round_trips_and_refusals)
{
    char said[768];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},"
                                         "'optional':false,'abilities':[{'type':'throw','target':{'count':1,'filter':{}},"
                                         "'values':2,'range':3},{'type':'finishing_blow','with':{'adjacent_to':'target'},"
                                         "'values':2,'link':'while_doing','optional':true,'as_adjacent':true}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[1].op, BSK_OP_SPAWN_ATTACK);
    ck_assert_int_eq(f->effects[1].attack.keyword, BSK_KEYWORD_FINISHING_BLOW);
    ck_assert_int_eq(f->effects[1].place, BSK_SPAWN_AS_ADJACENT);
    ck_assert_int_ne(f->effects[1].from_filter, 0);
    ck_assert_int_eq(f->effects[1].attack.values[2], 2);
    assert_round_trip(&s->cards[0], false, "\"type\":\"finishing_blow\"", NULL);
    assert_round_trip(&s->cards[0], false, "\"as_adjacent\":true", NULL);
    assert_round_trip(&s->cards[0], false, "\"with\":{\"adjacent_to\":\"target\"}", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "makes a finishing blow 2 at a card matching a filter") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "as if that card were adjacent to this one") != NULL, "%s", said);
    free(s);
    /* a plain finishing blow at a chosen card: no "as_adjacent", nothing said of it */
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},'optional':false,"
                    "'abilities':[{'type':'finishing_blow','target':{'count':1,'filter':{}},'values':3}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].place, BSK_SPAWN_PLACE_NONE);
    assert_round_trip(&s->cards[0], false, "\"type\":\"finishing_blow\"", "\"as_adjacent\"");
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},'optional':false,"
                      "'abilities':[{'type':'finishing_blow','target':{'count':1,'filter':{}},'values':2,"
                      "'as_adjacent':true}]}"),
            F0 ".abilities[0].as_adjacent", "only a finishing blow \"with\" a filter");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},'optional':false,"
                      "'abilities':[{'type':'throw','with':{'side':'enemy'},'values':2,'as_adjacent':true}]}"),
            F0 ".abilities[0].as_adjacent", "only a finishing blow");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},'optional':false,"
                      "'abilities':[{'type':'finishing_blow','with':{'side':'enemy'},'values':2,'as_adjacent':1}]}"),
            F0 ".abilities[0].as_adjacent", "expected true");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},'optional':false,"
                      "'abilities':[{'type':'finishing_blow','target':{'count':1,'filter':{}},'values':2,'range':2}]}"),
            F0 ".abilities[0].range", "a finishing blow has no range");
}
END_TEST

START_TEST(test_blow11_finishing_blow_kind_round_trips_and_refusals)
{
    char said[768];
    ck_assert_str_eq(bsk_strike_kind_id(BSK_STRIKE_FINISHING_BLOW), "finishing_blow");
    ck_assert_int_eq(bsk_char_attack(BSK_STRIKE_FINISHING_BLOW), BSK_CHAR_ATTACK_FINISHING_BLOW);
    ck_assert_int_eq(bsk_char_attack(BSK_STRIKE_ACROSS_ROW), BSK_CHAR_ATTACK + BSK_STRIKE_ACROSS_ROW);
    ck_assert_int_eq(BSK_CHAR_ELEMENTS, BSK_CHAR_ATTACK + 8); /* kept where it was: states and hashes unchanged */
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static','optional':false,'abilities':[{'type':"
                                         "'effect_ability','target':{'count':'all','filter':{'type':['creature'],"
                                         "'side':'own'}},'effects':[{'op':'attack_modifier','target':'target','X':1,"
                                         "'attack':['finishing_blow'],'against':{'type':['creature'],'cost':{'op':'<',"
                                         "'value':'target'}}}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_uint_eq(f->effects[0].param, 1u << BSK_STRIKE_FINISHING_BLOW);
    assert_round_trip(&s->cards[0], false, "\"attack\":[\"finishing_blow\"]", NULL);
    assert_round_trip(&s->cards[0], false, "\"value\":\"target\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "+1 to its finishing blow") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','side':'any','filter':{'side':'own'},"
                    "'ability':['finishing_blow']},'optional':true,'limit':{'per':'turn','count':2},'abilities':[{'type':"
                    "'effect_ability','target':{'ref':'attacker'},'effects':[{'op':'heal','target':'attacker','X':'X'}]},"
                    "{'type':'discharge','with':{'not_self':true},'values':'X','at_most':3}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_uint_eq(f->abilities, 1u << BSK_STRIKE_FINISHING_BLOW);
    ck_assert_int_eq(f->wounded_target, 1); /* its target: the striking card */
    ck_assert_int_eq(f->effects[1].op, BSK_OP_SPAWN_ATTACK);
    ck_assert_int_eq(f->effects[1].target, BSK_TARGET_SELF);
    ck_assert_int_eq(f->effects[1].at_most, 3);
    ck_assert_int_eq(f->effects[1].attack.expr_of, BSK_ATTACK_EXPR_VALUES);
    ck_assert_int_eq(f->effects[1].attack.expr.var, BSK_EXPR_X);
    ck_assert_int_ne(f->effects[1].from_filter, 0);
    assert_round_trip(&s->cards[0], false, "\"ref\":\"attacker\"", "\"attacked\"");
    assert_round_trip(&s->cards[0], false, "\"values\":\"X\"", NULL);
    assert_round_trip(&s->cards[0], false, "\"at_most\":3", NULL);
    assert_round_trip(&s->cards[0], false, "\"with\":{\"not_self\":true}", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "performs a finishing blow of X (whether it destroys or not)") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "heal the striking card by X") != NULL, "%s", said);
    ck_assert_msg(strstr(said, "discharge of X (at most 3) at a card matching a filter") != NULL, "%s", said);
    free(s);
    /* an attack "X" only where a feature has an X; at_most only on "X"; "with" or "target", not both */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':[{'type':"
                      "'discharge','target':{'ref':'attacked'},'values':'X'}]}"),
            F0 ".abilities", "an on_attack trigger's finishing blow (blow11)");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':[{'type':"
                      "'discharge','target':{'ref':'attacked'},'values':2,'at_most':3}]}"),
            F0 ".abilities[0].at_most", "only an attack «на X» has a maximum");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},'abilities':[{'type':"
                      "'discharge','target':{'ref':'attacked'},'with':{'side':'enemy'},'values':2}]}"),
            F0 ".abilities[0].target", "chosen as it resolves");
    /* on_strike_rolled (05-153 «может свести слабый или средний {strike} по себе к сильному») */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_strike_rolled','role':'defending','ability':"
                    "['strike'],'strength':['weak','medium']},'optional':true,'abilities':[{'type':'effect_ability',"
                    "'target':{'ref':'attacker'},'effects':[{'op':'set_attack_strength','target':'attacker','duration':"
                    "'attack','attack':['strike'],'strength':'strong'},{'op':'wound','target':'attacker','X':2,'link':"
                    "'while_doing'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_STRIKE_ROLLED);
    ck_assert_int_eq(f->role, BSK_ROLE_ATTACKED);
    ck_assert_uint_eq(f->strengths, 3u);
    ck_assert_uint_eq(f->abilities, (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER));
    assert_round_trip(&s->cards[0], false, "\"on_strike_rolled\"", NULL);
    assert_round_trip(&s->cards[0], false, "\"role\":\"defending\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "when a weak or medium simple strike or counter strike made at this card has rolled its "
                               "strength") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_move','role':'defending'},"
                      ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.role", "on_strike_rolled");
    /* "attacker" and "attacked" of one on_attack heard of another card: not both */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','side':'own'},"
                      ABILITY("{'op':'heal','target':'attacker','X':1},{'op':'wound','target':'attacked','X':1}") "}"),
            F0 ".abilities", "never with \"attacked\"");
}
END_TEST

/* move8 (issue 23): the filter fields same_cell and magic_ability, relocate "to":"back" (glossary «Назад») and the gain
 * of an attack ability (the card's own printed one: on self, no X), their words and refusals. */
START_TEST(test_move8_same_cell_magic_ability_back_attack_gain)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_move','source':'self'},"
                                         "'condition':{'count':{'type':['creature'],'same_cell':'self',"
                                         "'magic_ability':true},'op':'>=','value':1},"
                                         ABILITY("{'op':'attack_modifier','target':'self','X':1,'duration':'end_of_turn',"
                                                 "'attack':['magic_strike']}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature_filter *counted = &s->cards[0].filters[s->cards[0].features[0].if_count - 1].filter;
    ck_assert_int_eq(counted->same_cell, BSK_FILTER_NEAR_SELF);
    ck_assert_int_eq(counted->magic_ability, BSK_FILTER_YES);
    assert_round_trip(&s->cards[0], true, "\"same_cell\":\"self\",\"magic_ability\":true", NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'movement_modifier','target':'self','X':1}")
                      ",'condition':{'count':{'same_cell':'target'},'op':'>=','value':1}}"),
            F0 ".condition.count.same_cell", "expected self");
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self','ability':['shot']},"
                    "'optional':true," ABILITY("{'op':'relocate','target':'self','to':'back'},"
                                              "{'op':'attack_modifier','target':'self','X':1,'duration':'attack',"
                                              "'attack':['shot'],'link':'while_doing'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].param, BSK_RELOCATE_BACK);
    assert_round_trip(&s->cards[0], true, "\"to\":\"back\"", NULL);
    char said[256];
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "relocate this card one cell back") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_move','source':'self'},"
                    ABILITY("{'op':'gain_feature','target':'self','feature':{'id':'magic_strike'},"
                            "'duration':'end_of_turn'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].keyword, BSK_KEYWORD_MAGIC_STRIKE);
    assert_round_trip(&s->cards[0], true, "{\"id\":\"magic_strike\"}", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "gains the magic_strike attack this sentence prints") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},"
                      "'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{}},'effects':["
                      "{'op':'gain_feature','target':'target','feature':{'id':'shot'}}]}]}"),
            F0 ".abilities[0].effects[0].target", "an attack ability is gained by its own card");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_move','source':'self'},"
                      ABILITY("{'op':'gain_feature','target':'self','feature':{'id':'shot','X':2}}") "}"),
            F0 ".abilities[0].effects[0].feature.X", "its card's printed one");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_move','source':'self'},"
                      ABILITY("{'op':'lose_feature','target':'self','feature':{'id':'shot'}}") "}"),
            F0 ".abilities[0].effects[0].feature.id", "an attack ability only as a gain");
}
END_TEST

/* trig5 (issue 23): on_attack_wounds with "first":"turn" (511.6, «получает раны от атаки в первый раз за ход»),
 * an attack modifier's "against" filter and the filter moved_this_turn (538.2), their words and refusals. */
START_TEST(test_trig5_attack_wounds_against_moved_this_turn)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds',"
                                         "'filter':{'side':'own','has_keyword':['armor']},'first':'turn'},"
                                         ABILITY("{'op':'gain_counters','target':'self','n':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_ATTACK_WOUNDS);
    ck_assert_int_eq(s->cards[0].features[0].first_per, BSK_LIMIT_TURN);
    assert_round_trip(&s->cards[0], true, "\"on_attack_wounds\"", NULL);
    char said[256];
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "takes wounds from an attack for the first time this turn") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds','source':'self',"
                      "'first':'battle'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}"),
            F0 ".trigger.first", "expected turn");
    s = one_feature("{'src':1,'kind':'static'," ABILITY("{'op':'attack_modifier','target':'self','X':1,'attack':['shot'],"
                                                       "'against':{'type':['creature'],'moved_this_turn':true}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_ne(s->cards[0].features[0].effects[0].against, 0);
    ck_assert_int_eq(s->cards[0].filters[s->cards[0].features[0].effects[0].against - 1].filter.moved_this_turn,
                     BSK_FILTER_YES);
    assert_round_trip(&s->cards[0], true, "\"moved_this_turn\":true", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "+1 to its shot at a card matching its filter") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'movement_modifier','target':'self','X':1,"
                                                         "'against':{}}") "}"),
            F0 ".abilities[0].effects[0].against", "only attack_modifier, incoming_attack_modifier and the reduce_attack_to ops");
    /* on_tapped_to_move (501.4, 507: «закрывается, чтобы переместить боевую машину»), "moved" its other card */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_tapped_to_move','source':'self',"
                    "'moved':{'classes':['war_machine']}}," ABILITY("{'op':'untap','target':'self'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_TAPPED_TO_MOVE);
    ck_assert_int_ne(s->cards[0].features[0].destroyed_filter, 0);
    assert_round_trip(&s->cards[0], true, "\"moved\":{", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "is tapped to move a card matching its filter") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self','moved':{}},"
                      ABILITY("{'op':'untap','target':'self'}") "}"),
            F0 ".trigger.moved", "only an on_tapped_to_move trigger filters the card moved");
    /* focus6 (issue 23): on_concentration_triggered (413.1, «при срабатывании концентрации вашей карты») takes the
     * roles of another card's event; it is no keyword frame */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_concentration_triggered','side':'own'},"
                    ABILITY("{'op':'gain_extra_life','target':'self','X':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].event, BSK_ON_CONCENTRATION_TRIGGERED);
    ck_assert_int_eq(s->cards[0].features[0].role, BSK_ROLE_OWN);
    assert_round_trip(&s->cards[0], true, "\"on_concentration_triggered\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "when the concentration of another card of yours triggers") != NULL, "%s", said);
    free(s);
}
END_TEST

/* token6 (issue 23): the filter "within" X (547.1.1, «дальность X» of an effect or a spell) and the op no_untap
 * («не открывается в начале своего следующего хода», 409.2), their words, round trip and refusals. */
START_TEST(test_token6_within_no_untap)
{
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'on_incarnate','side':'any','filter':{'type':['creature'],"
        "'side':'own'}},'limit':{'per':'turn','count':1},'abilities':[{'type':'spell','target':{'count':1,"
        "'filter':{'type':['creature'],'side':'enemy','within':3}},'effects':[{'op':'no_untap','target':'target'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_NO_UNTAP);
    ck_assert_int_ne(f->effects[0].filter, 0);
    ck_assert_int_eq(s->cards[0].filters[f->effects[0].filter - 1].filter.within, 3);
    assert_round_trip(&s->cards[0], true, "\"within\":3", NULL);
    char said[256];
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "does not untap at the start of its controller's next turn") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},'abilities':[{'type':'effect_ability','target':{'count':1,"
                      "'filter':{'within':0}},'effects':[{'op':'no_untap','target':'target'}]}]}"),
            F0 ".abilities[0].target.filter.within", "expected an integer 1..9");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'no_untap','target':'self','X':1}") "}"),
            F0 ".abilities[0].effects[0].X", "this op takes no value");
}
END_TEST


/* guard10 (issue 23): the filter "armor_left" N (glossary «Броня X»: units of armor left; 04-167 «{zom}, пока у …
 * одна или более единицы {armor}») in a static grant's condition: read, written back, refused out of range and on a
 * grant of armor itself (the condition would read the grant). */
START_TEST(test_guard10_armor_left)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static','condition':{'source':{'armor_left':1}}," ABILITY(
        "{'op':'gain_feature','target':'self','feature':{'id':'protection_from_magic'}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_ne(f->if_source, 0);
    ck_assert_int_eq(s->cards[0].filters[f->if_source - 1].filter.armor_left, 1);
    assert_round_trip(&s->cards[0], true, "\"armor_left\":1", NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'static','condition':{'source':{'armor_left':10}}," ABILITY(
                "{'op':'gain_feature','target':'self','feature':{'id':'protection_from_magic'}}") "}"),
            F0 ".condition.source.armor_left", "expected an integer 1..9");
    refused(CARD_WITH("{'src':1,'kind':'static','condition':{'source':{'armor_left':1}}," ABILITY(
                "{'op':'gain_feature','target':'self','feature':{'id':'armor','X':1}}") "}"),
            F0 ".condition", "grants or modifies no armor");
}
END_TEST

/* guard10 (issue 23): the static op protection_from_attacks (532.2, a partial protection; 02-039 «защита от немагических
 * атак величиной 1») and the value {"if_more", "than", "then", "else"} (05-117 «+1 к воздействию, пока в отряде
 * противника больше закрытых карт, чем открытых»): read, written back, said, refused where they do not fit. */
START_TEST(test_guard10_partial_protection_and_count_more)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static'," ABILITY(
        "{'op':'protection_from_attacks','target':'self','attack':['shot','throw'],'X':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_PROTECTION_FROM_ATTACKS);
    ck_assert_int_eq(f->effects[0].param, (1u << BSK_STRIKE_SHOT) | (1u << BSK_STRIKE_THROW));
    ck_assert_int_eq(f->effects[0].value.b, 1);
    assert_round_trip(&s->cards[0], true, "\"protection_from_attacks\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "protection from shot, throw attacks of value 1") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'static'," ABILITY("{'op':'protection_from_attacks','target':'self'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message); /* any value; the simple strike and counter-strike */
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].param, (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER));
    ck_assert_int_eq(f->effects[0].value.b, 0);
    assert_round_trip(&s->cards[0], true, NULL, "\"X\":");
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                "{'op':'protection_from_attacks','target':'self','X':1}") "}"),
            F0 ".abilities", "protection_from_attacks is a static feature's");
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true,'instant':true},'abilities':[{'type':'effect_ability',"
                    "'target':{'count':1,'filter':{}},'effects':[{'op':'wound','target':'target','X':{'if_more':"
                    "{'side':'enemy','state':['tapped']},'than':{'side':'enemy','state':['untapped']},'then':2,"
                    "'else':1}}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_COUNT_MORE);
    ck_assert_int_eq(f->effects[0].value.a, 1);
    ck_assert_int_eq(f->effects[0].value.b, 1);
    ck_assert_int_ne(f->effects[0].count_filter, 0);
    ck_assert_int_ne(f->effects[0].than_filter, 0);
    ck_assert_int_eq(s->cards[0].filters[f->effects[0].than_filter - 1].filter.states, BSK_FILTER_UNTAPPED);
    assert_round_trip(&s->cards[0], true, "\"if_more\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "by 1 (2 while more cards match its first filter than its second)") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':1,'filter':{}},'effects':[{'op':'wound','target':'target','X':{'if_more':{'side':'enemy'},"
                      "'then':2,'else':1}}]}]}"),
            F0 ".abilities[0].effects[0].X.than", "missing");
}
END_TEST

/* vamp8 (issue 23): the events on_effect_wounds (with its "wounded" filter, «ранит воздействием другое существо без
 * ран») and on_magic_ability («выполняет магическую способность», "attacked" the performer), the ops lose_extra_life
 * and unanswered_this_attack, the filter state extra_life: read, written back, said, refused where they do not fit. */
START_TEST(test_vamp8_effect_wounds_magic_ability_extra_life)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'on_effect_wounds','source':'self','wounded':{'type':['creature'],"
        "'not_self':true,'state':['unwounded']}}," ABILITY("{'op':'gain_extra_life','target':'self','X':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_EFFECT_WOUNDS);
    ck_assert_int_eq(f->role, BSK_ROLE_SELF);
    ck_assert_int_ne(f->destroyed_filter, 0);
    ck_assert_uint_eq(s->cards[0].filters[f->destroyed_filter - 1].filter.states, BSK_FILTER_UNWOUNDED);
    assert_round_trip(&s->cards[0], true, "\"wounded\":{", "\"destroyed\"");
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "when this card wounds by an effect-ability a card matching its filter (as it was "
                               "before those wounds): this card gains +1 life") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_wounds_taken','source':'self','wounded':{}},"
                      ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.wounded", "only an on_effect_wounds trigger filters the wounded card");
    /* «ранить его на 1, … получает 1 дополнительную {health}»: "attacked" is the card performing it */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_magic_ability','side':'enemy','filter':{'type':"
                    "['creature'],'within':4}},'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},"
                    "'effects':[{'op':'wound','target':'attacked','X':1},{'op':'gain_extra_life','target':'self','X':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_ON_MAGIC_ABILITY);
    ck_assert_int_eq(f->role, BSK_ROLE_ENEMY);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_ATTACKED);
    assert_round_trip(&s->cards[0], true, "\"on_magic_ability\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "when an enemy card matching its filter performs a magic ability (a spell, magic strike or "
                               "discharge): wound the card performing it by 1") != NULL, "%s", said);
    free(s);
    /* «снять с другого вашего слуа 1 дополнительную {health}, при этом этот {strike} становится безответным» */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self','ability':['simple_strike']},"
                    "'optional':true,'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'classes':['slua'],"
                    "'side':'own','not_self':true,'state':['extra_life']}},'effects':[{'op':'lose_extra_life','target':'target',"
                    "'n':1},{'op':'unanswered_this_attack','target':'self','link':'while_doing'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_LOSE_EXTRA_LIFE);
    ck_assert_int_eq(f->effects[0].value.b, 1);
    ck_assert_int_eq(f->effects[1].op, BSK_OP_UNANSWERED_THIS_ATTACK);
    ck_assert_uint_eq(s->cards[0].filters[f->effects[0].filter - 1].filter.states, BSK_FILTER_EXTRA_LIFE);
    assert_round_trip(&s->cards[0], true, "\"extra_life\"", NULL);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "take 1 extra life off a chosen card matching its filter (at most what it has)") != NULL,
                  "%s", said);
    ck_assert_msg(strstr(said, "make the simple strike this card is making unanswered") != NULL, "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_assault','source':'self'}," ABILITY(
                      "{'op':'unanswered_this_attack','target':'attacked'}") "}"),
            F0 ".abilities[0].effects[0].target", "this op does not take that target");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                      "{'op':'lose_extra_life','target':'self','X':1}") "}"),
            F0 ".abilities[0].effects[0].X", "the counter ops take \"n\"");
}
END_TEST

/* fight9 (issue 23): the op fight (537.5 «сражается с [целью], как с открытым существом»): the feature's card against
 * the event's card, or a chosen card against a card next to it ("with", "adjacent_to":"actor"); read, written back,
 * said, refused where it does not fit. */
START_TEST(test_fight9_fight_as_with_an_open_creature)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'on_move','side':'any','filter':{'type':['creature'],"
        "'side':'enemy'}},'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'fight',"
        "'target':'attacked'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_FIGHT);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_ATTACKED);
    ck_assert_int_eq(f->effects[0].from_filter, 0);
    assert_round_trip(&s->cards[0], true, "\"op\":\"fight\"", "\"with\"");
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "this card fights the card that moved with its simple strike as with an open creature") !=
                      NULL, "%s", said);
    free(s);
    /* «ваше существо может сразиться со стоящим рядом с ним существом … как с открытым» */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'frenzy'},'optional':true,'limit':{'per':'turn',"
                    "'count':1},'abilities':[{'type':'spell','target':{'count':1,'filter':{'type':['creature'],'side':"
                    "'own'}},'effects':[{'op':'fight','target':'target','with':{'type':['creature'],'adjacent_to':"
                    "'actor'}}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_FIGHT);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_CHOSEN);
    ck_assert_int_ne(f->effects[0].from_filter, 0);
    ck_assert_int_eq(s->cards[0].filters[f->effects[0].from_filter - 1].filter.adjacent_to, BSK_FILTER_NEAR_ACTOR);
    ck_assert_int_eq(f->effects[0].spell, 1);
    assert_round_trip(&s->cards[0], true, "\"with\":{", "\"from\"");
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "a chosen card matching its filter fights a card matching a filter (its controller "
                               "chooses it as this resolves)") != NULL, "%s", said);
    free(s);
    /* «открытое существо противника наносит по стоящей рядом карте {strike} и закрывается» (537.5 ex. 1) */
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true,'instant':true,'counters':1},'abilities':[{'type':"
                    "'spell','target':{'count':1,'filter':{'type':['creature'],'side':'enemy','state':['untapped']}},"
                    "'effects':[{'op':'spawn_attack','target':'target','with':{'adjacent_to':'actor'}},{'op':'tap',"
                    "'target':'target','link':'then'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_SPAWN_ATTACK);
    ck_assert_int_eq(f->effects[0].attack.keyword, 0);
    ck_assert_int_ne(f->effects[0].from_filter, 0);
    assert_round_trip(&s->cards[0], true, "\"with\":{", "\"from\"");
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "a chosen card matching its filter strikes a card matching a filter (its controller "
                               "chooses it as this resolves) with its simple strike as at a tapped card") != NULL,
                  "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'wound','target':'self','X':1,"
                      "'with':{}}") "}"),
            F0 ".abilities[0].effects[0].with", "only fight and spawn_attack name the card their target fights or strikes");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'fight','target':'self','X':1}")
                      "}"),
            F0 ".abilities[0].effects[0].X", "this op takes no value");
}
END_TEST

/* cell7 (issue 23): named markers on cells (544.1): the ops cell_marker_add / cell_marker_remove with their cell
 * words, the filter "cell_markers", their words, round trips and refusals; a position's cell_markers in the state,
 * read back and hashed. */
START_TEST(test_cell7_cell_markers)
{
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'concentration'}," ABILITY("{'op':'cell_marker_add','name':'rot',"
        "'n':1,'cell':'chosen'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature_effect *ef = &s->cards[0].features[0].effects[0];
    ck_assert_int_eq(ef->op, BSK_OP_CELL_MARKER_ADD);
    ck_assert_int_eq(ef->param, BSK_CELL_CHOSEN);
    ck_assert_int_eq(ef->target, BSK_TARGET_SELF);
    ck_assert_int_eq(ef->value.b, 1);
    ck_assert_str_eq(s->cards[0].marker_names[ef->marker], "rot");
    assert_round_trip(&s->cards[0], true, "\"cell\":\"chosen\"", "\"target\"");
    char said[256];
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "put 1 named marker on a cell its controller chooses") != NULL, "%s", said);
    free(s);
    /* the event's card names the cell (its own trigger each, 116.8); «до конца хода» */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_death','side':'any','filter':{'type':['creature'],"
                    "'cell_markers':{'name':'rot','min':2}}},'abilities':[{'type':'effect_ability','target':{'ref':"
                    "'attacked'},'effects':[{'op':'cell_marker_add','name':'fire','n':2,'cell':'event','duration':"
                    "'end_of_turn'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ef = &s->cards[0].features[0].effects[0];
    ck_assert_int_eq(ef->target, BSK_TARGET_ATTACKED);
    ck_assert_int_eq(ef->param, BSK_CELL_EVENT);
    ck_assert_int_eq(ef->duration, BSK_FDURATION_END_OF_TURN);
    const bsk_feature_filter *ff = &s->cards[0].filters[s->cards[0].features[0].trigger_filter - 1].filter;
    ck_assert_int_eq(ff->cell_marker_min, 2);
    ck_assert_str_eq(s->cards[0].marker_names[ff->cell_marker - 1], "rot");
    assert_round_trip(&s->cards[0], true, "\"cell_markers\":{\"name\":\"rot\",\"min\":2}", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "until the end of the turn") != NULL, "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
        "{'op':'cell_marker_remove','name':'fire','n':'all','cell':'all'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].value.b, BSK_CELL_MARKER_ALL);
    assert_round_trip(&s->cards[0], true, "\"n\":\"all\"", NULL);
    bsk_feature_describe(&s->cards[0].features[0], said, sizeof said);
    ck_assert_msg(strstr(said, "remove all its controller's named markers of that name from every cell") != NULL, "%s",
                  said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                "{'op':'wound','target':'self','X':1,'cell':'chosen'}") "}"),
            F0 ".abilities[0].effects[0].cell", "only cell_marker_add and cell_marker_remove name a cell");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                "{'op':'cell_marker_add','name':'rot','cell':'all'}") "}"),
            F0 ".abilities[0].effects[0].cell", "markers are placed on one cell");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                "{'op':'cell_marker_add','name':'rot','cell':'free','duration':'end_of_next_turn'}") "}"),
            F0 ".abilities[0].effects[0].duration", "a cell marker lasts the battle or until the end of the turn");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                "{'op':'cell_marker_add','name':'rot','cell':'free','n':'all'}") "}"),
            F0 ".abilities[0].effects[0].n", "expected an integer 1..98");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                "{'op':'cell_marker_add','name':'rot','target':'self','cell':'free'}") "}"),
            F0 ".abilities[0].effects[0].target", "this op acts on cells");
    /* a position's cell markers: in the state (placer, end), read back, hashed; none hash as before */
    bsk_position_file *f = parse_position(
        "{\"active\":1,\"turn\":1,\"cell_markers\":[{\"cell\":\"c3\",\"name\":\"rot\",\"owner\":2,\"count\":2},"
        "{\"cell\":\"c3\",\"name\":\"fire\",\"owner\":1,\"count\":1,\"until\":1}],\"cards\":[{\"card\":\"Воин\","
        "\"owner\":1,\"cell\":\"a1\"},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"a6\"}]}",
        "p.json");
    ck_assert_msg(f != NULL, "%s", error.message);
    ck_assert_int_eq(f->position.cell_marker_count, 2);
    static bsk_card_table table;
    ck_assert_int_eq(bsk_synthetic_table(&f->synthetic, &f->position, &table, &error), BSK_OK);
    bsk_match m;
    ck_assert_int_eq(bsk_match_from_position(&m, &table, &f->position, &error), BSK_OK);
    int names[4], bys[4], counts[4];
    ck_assert_int_eq(bsk_match_cell_markers(&m, bsk_cell_parse("c3"), names, bys, counts, 4), 2);
    ck_assert_str_eq(table.marker_names[names[0]], "rot");
    ck_assert_int_eq(bys[0], 2);
    ck_assert_int_eq(counts[0], 2);
    ck_assert_int_eq(bys[1], 1);
    ck_assert_int_eq(bsk_match_cell_markers(&m, bsk_cell_parse("c4"), names, bys, counts, 4), 0);
    uint64_t with = bsk_match_hash(&m);
    json_t *setup = bsk_position_setup_json(f);
    char *text = json_dumps(json_object_get(setup, "cell_markers"), JSON_COMPACT);
    ck_assert_str_eq(text, "[{\"cell\":\"c3\",\"name\":\"rot\",\"owner\":2,\"count\":2},{\"cell\":\"c3\",\"name\":\"fire\","
                           "\"owner\":1,\"count\":1,\"until\":1}]");
    free(text);
    json_decref(setup);
    f->position.cell_marker_count = 0;
    ck_assert_int_eq(bsk_match_from_position(&m, &table, &f->position, &error), BSK_OK);
    ck_assert_uint_ne(bsk_match_hash(&m), with);
    ck_assert_int_eq(m.cell_markers_count, 0);
    free(f);
    f = parse_position("{\"active\":1,\"turn\":3,\"cell_markers\":[{\"cell\":\"c3\",\"name\":\"rot\",\"owner\":1,"
                       "\"count\":1,\"until\":2}],\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"a1\"}]}",
                       "p.json");
    ck_assert_ptr_null(f); /* an end before the position's turn */
    ck_assert_str_eq(error.path, "cell_markers[0].until");
}
END_TEST

START_TEST(test_synthetic_table_adds_features_in_slot_order)
{
    bsk_position_file *f = parse_position(
        INLINE_BOARD("{\"card\":\"Воин\",\"owner\":1,\"cell\":\"a1\"},{\"card\":\"Копилка\",\"owner\":1,\"cell\":"
                     "\"b1\"},{\"card\":\"test-avenger\",\"owner\":2,\"cell\":\"a6\"},{\"card\":\"Копилка\",\"owner\":"
                     "2,\"cell\":\"b6\"}",
                     ""),
        "p.json");
    ck_assert_msg(f != NULL, "%s", error.message);
    ck_assert_ptr_eq(f->position.cards[0].card, bsk_pool_find_id(&pool, "t-001"));
    ck_assert_ptr_eq(f->position.cards[1].card, &f->synthetic.cards[2].card);
    static bsk_card_table table;
    ck_assert_int_eq(bsk_synthetic_table(&f->synthetic, &f->position, &table, &error), BSK_OK);
    ck_assert_int_eq(table.count, 3);
    ck_assert_int_eq(table.entries[0].feature_count, 0);
    ck_assert_int_eq(table.entries[1].feature_count, 2);
    ck_assert_int_eq(table.entries[2].feature_count, 1);
    ck_assert_int_eq(table.feature_total, 3);
    int count;
    const bsk_feature *features = bsk_card_table_features(&table, 2, &count);
    ck_assert_int_eq(features[0].event, BSK_ON_DEATH);
    /* the match finds the same slots */
    bsk_match m;
    ck_assert_int_eq(bsk_match_from_position(&m, &table, &f->position, &error), BSK_OK);
    ck_assert_int_eq(table.count, 3);
    ck_assert_int_eq(m.units[3].slot, 1);
    free(f);
}
END_TEST

/* issue 22 (branch posio): a compiled feature written with its card table writes its filters and marker
 * names, not {} (bsk_synthetic_feature_json), and reads back as the same feature. */
START_TEST(test_feature_json_writes_table_filters)
{
    bsk_position_file *f = parse_position(
        "{\"active\":1,\"turn\":1,\"synthetic_cards\":[{\"id\":\"test-hexer\",\"name\":\"Порчун\",\"type\":"
        "\"creature\",\"cost\":3,\"life\":4,\"movement\":1,\"simple_strike\":[1,1,1],\"features\":[{\"src\":1,"
        "\"kind\":\"activated\",\"cost\":{\"tap\":true},\"abilities\":[{\"type\":\"effect_ability\",\"target\":"
        "{\"count\":1,\"filter\":{\"side\":\"enemy\",\"state\":[\"wounded\"]}},\"effects\":[{\"op\":"
        "\"place_named_marker\",\"target\":\"target\",\"name\":\"curse\",\"n\":2}]}]}]}],\"cards\":[{\"card\":"
        "\"test-hexer\",\"owner\":1,\"cell\":\"a1\"},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"a6\"}]}",
        "p.json");
    ck_assert_msg(f != NULL, "%s", error.message);
    static bsk_card_table table;
    ck_assert_int_eq(bsk_synthetic_table(&f->synthetic, &f->position, &table, &error), BSK_OK);
    int count;
    const bsk_feature *features = bsk_card_table_features(&table, 0, &count);
    ck_assert_int_eq(count, 1);
    json_t *written = bsk_synthetic_feature_json(&features[0], &table);
    json_t *ability = json_array_get(json_object_get(written, "abilities"), 0);
    json_t *filter = json_object_get(json_object_get(ability, "target"), "filter");
    ck_assert_str_eq(json_string_value(json_object_get(filter, "side")), "enemy");
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(filter, "state"), 0)), "wounded");
    json_t *effect = json_array_get(json_object_get(ability, "effects"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(effect, "name")), "curse");
    ck_assert_int_eq(json_integer_value(json_object_get(effect, "n")), 2);
    /* the same object as the card's own writer gives (a game log's synthetic_cards) */
    json_t *card = bsk_synthetic_card_json(&f->synthetic.cards[0]);
    ck_assert(json_equal(json_array_get(json_object_get(card, "features"), 0), written));
    json_decref(card);
    json_decref(written);
    free(f);
}
END_TEST

/* 512.6.3 through the runner: the cancel feature is declared in the Cancel step's window. */
START_TEST(test_512_6_3_position_cancel_declared_in_its_window)
{
    bsk_position_file *f = parse_position(
        INLINE_BOARD("{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c4\"},"
                     "{\"card\":\"Хранитель\",\"owner\":2,\"cell\":\"e6\"},{\"card\":\"Воин\",\"owner\":1,"
                     "\"cell\":\"a1\"}", /* a1: player 1 keeps a choice, so turn 1 goes on */
                     "{\"player\":1,\"do\":\"attack\",\"from\":\"c3\",\"to\":\"c4\"},{\"player\":2,\"do\":\"feature\","
                     "\"from\":\"e6\",\"index\":0}"),
        "p.json");
    ck_assert_msg(f != NULL, "%s", error.message);
    static bsk_card_table table;
    bsk_match m;
    ck_assert_int_eq(bsk_synthetic_table(&f->synthetic, &f->position, &table, &error), BSK_OK);
    ck_assert_int_eq(bsk_match_from_position(&m, &table, &f->position, &error), BSK_OK);
    bsk_record items[32];
    bsk_record_list log = {items, 0, 32, 0};
    bsk_event events[64];
    bsk_position_script script = {f->actions, f->action_count, f->decisions, f->decision_count};
    bsk_position_outcome outcome;
    ck_assert_int_eq(bsk_position_run(&m, &table, &script, events, 64, &log, &outcome), BSK_OK);
    ck_assert_int_eq((int)log.count, 2);
    ck_assert_int_eq(items[1].kind, BSK_ACT_FEATURE);
    ck_assert_int_eq(items[1].index, 0);
    ck_assert_int_eq(m.units[1].wounds, 0);             /* cancelled: no die, no wound */
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);      /* 512.6.3: paid all the same */
    ck_assert(m.units[2].flags & BSK_UNIT_TAPPED);
    free(f);
}
END_TEST

/* The card file is found beside the position file; a missing one is an I/O error naming it. */
START_TEST(test_synthetic_cards_file_is_relative_to_the_position)
{
    char dir[] = "/tmp/bsk-synthetic-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cards_dir[64], cards_path[96], position_path[96];
    snprintf(cards_dir, sizeof cards_dir, "%s/cards", dir);
    snprintf(cards_path, sizeof cards_path, "%s/s.json", cards_dir);
    snprintf(position_path, sizeof position_path, "%s/p.json", dir);
    ck_assert_int_eq(mkdir(cards_dir, 0700), 0);
    FILE *out = fopen(cards_path, "w");
    ck_assert_ptr_nonnull(out);
    fputs(quote("[" AVENGER "]"), out);
    fclose(out);
    const char *text = "{\"active\":1,\"turn\":1,\"cards_file\":\"cards/s.json\",\"cards\":[{\"card\":\"Мститель\","
                       "\"owner\":1,\"cell\":\"c3\"},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c4\"}]}";
    bsk_position_file *f = parse_position(text, position_path);
    ck_assert_msg(f != NULL, "%s", error.message);
    ck_assert_int_eq(f->synthetic.count, 1);
    ck_assert_str_eq(f->position.cards[0].card->id, "test-avenger");
    /* the log header carries the cards it uses inline */
    json_t *setup = bsk_position_setup_json(f);
    const json_t *inline_cards = json_object_get(setup, "synthetic_cards");
    ck_assert_int_eq((int)json_array_size(inline_cards), 1);
    ck_assert_ptr_null(json_object_get(setup, "cards_file"));
    json_decref(setup);
    free(f);
    remove(cards_path);
    ck_assert_ptr_null(parse_position(text, position_path));
    ck_assert_int_eq(error.code, BSK_ERR_IO);
    ck_assert_str_eq(error.file, cards_path);
    ck_assert_msg(strstr(error.message, "cannot open") && strstr(error.message, "cards_file"), "%s", error.message);
    rmdir(cards_dir);
    rmdir(dir);
    /* not both */
    ck_assert_ptr_null(parse_position("{\"active\":1,\"turn\":1,\"cards_file\":\"x.json\",\"synthetic_cards\":[],"
                                      "\"cards\":[]}",
                                      "p.json"));
    ck_assert_str_eq(error.path, "synthetic_cards");
}
END_TEST

/* 305.1 on synthetic cards, written as a game log and replayed from its inline cards. */
START_TEST(test_305_1_game_log_with_synthetic_cards_replays)
{
    bsk_position_file *f = parse_position(
        INLINE_BOARD("{\"card\":\"Мститель\",\"owner\":1,\"cell\":\"c3\",\"wounds\":3},{\"card\":\"Воин\",\"owner\":2,"
                     "\"cell\":\"c4\",\"wounds\":6},{\"card\":\"Воин\",\"owner\":1,\"cell\":\"a1\"},{\"card\":\"Воин\","
                     "\"owner\":2,\"cell\":\"e6\"}",
                     "{\"player\":1,\"do\":\"attack\",\"from\":\"c3\",\"to\":\"c4\"}"),
        "p.json");
    ck_assert_msg(f != NULL, "%s", error.message);
    f->position.dice[0] = 5; /* medium 2 kills c4, weak 1 back kills c3: the avenger's trigger hits e6 */
    f->position.dice[1] = 3;
    f->position.dice_count = 2;
    static bsk_card_table table;
    static bsk_match m;
    ck_assert_int_eq(bsk_synthetic_table(&f->synthetic, &f->position, &table, &error), BSK_OK);
    ck_assert_int_eq(bsk_match_from_position(&m, &table, &f->position, &error), BSK_OK);
    bsk_record items[32];
    bsk_record_list log = {items, 0, 32, 0};
    bsk_event events[64];
    bsk_position_script script = {f->actions, f->action_count, NULL, 0};
    bsk_position_outcome outcome;
    ck_assert_int_eq(bsk_position_run(&m, &table, &script, events, 64, &log, &outcome), BSK_OK);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[3].wounds, 1); /* 509.3: the on-death trigger */
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    bsk_game_log_write_position_header(out, 7, f);
    for (size_t i = 0; i < log.count; i++)
        bsk_game_log_write_record(out, &log.items[i]);
    bsk_game_log_write_end(out, &m);
    fclose(out);
    ck_assert_ptr_nonnull(strstr(text, "\"synthetic_cards\":[{\"id\":\"test-avenger\""));
    ck_assert_ptr_null(strstr(text, "test-canceller")); /* only the cards the position uses */
    bsk_replay *replay = malloc(sizeof *replay);
    ck_assert_int_eq(bsk_game_log_replay_text(text, length, "p.log", &pool, 7, replay, NULL, NULL, &error), BSK_OK);
    ck_assert_uint_eq(bsk_match_hash(&replay->match), bsk_match_hash(&m));
    ck_assert_int_eq(replay->cards.entries[replay->match.units[0].slot].feature_count, 1);
    bsk_replay_free(replay);
    free(replay);
    free(text);
    free(f);
}
END_TEST

/* The position vocabulary's feature declaration and 305.1 order answer, to JSON and back. */
START_TEST(test_305_1_order_and_feature_records_round_trip)
{
    bsk_json_reader ctx = {"log", "log.syntax", "log.record", &error};
    const char *const lines[] = {"{\"player\":2,\"do\":\"feature\",\"from\":\"e6\",\"index\":0,\"to\":\"c3\"}",
                                 "{\"player\":2,\"do\":\"feature\",\"from\":\"e6\",\"index\":1}",
                                 "{\"player\":2,\"order\":\"e6\"}", "{\"player\":1,\"order\":\"Тест-мститель\"}"};
    for (int i = 0; i < 4; i++) {
        json_t *value = json_loads(lines[i], 0, NULL);
        ck_assert_ptr_nonnull(value);
        bsk_record r;
        ck_assert_int_eq(bsk_record_parse_json(&ctx, "", value, &pool, i < 2 ? BSK_RECORD_JSON_DECLARATION
                                                                              : BSK_RECORD_JSON_ANSWER, &r),
                         BSK_OK);
        ck_assert_int_eq(r.kind, i < 2 ? BSK_ACT_FEATURE : BSK_ACT_ORDER);
        json_t *back = bsk_record_json(&r);
        ck_assert_msg(json_equal(back, value), "%s", lines[i]);
        json_decref(back);
        json_decref(value);
    }
    /* a feature needs its index; the order names a card */
    json_t *value = json_loads("{\"player\":2,\"do\":\"feature\",\"from\":\"e6\"}", 0, NULL);
    bsk_record r;
    ck_assert_int_eq(bsk_record_parse_json(&ctx, "actions[1]", value, &pool, BSK_RECORD_JSON_DECLARATION, &r),
                     BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "actions[1].index");
    json_decref(value);
    value = json_loads("{\"player\":2,\"order\":3}", 0, NULL);
    ck_assert_int_eq(bsk_record_parse_json(&ctx, "decisions[0]", value, &pool, BSK_RECORD_JSON_ANSWER, &r),
                     BSK_ERR_INVALID);
    ck_assert_str_eq(error.path, "decisions[0].order");
    json_decref(value);
}
END_TEST

/* ---- The op table, events and their fast exit (issue 21 §1) ---- */

/* static2 (issue 22): static features without a trigger (117, 121), their conditions (glossary §3.1
 * while, §6.2 Condition), grants, the static-only modifiers and the costs beyond tap and counters read
 * into their program and write back the same; what the engine cannot read is refused. */
START_TEST(test_static2_features_round_trip_and_refusals)
{
    const char *const features[] = {
        "{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'side':'own','adjacent_to':'self'}},'effects':[{'op':'gain_feature','target':'target','feature':{'id':'armor','X':1}}]}]}",
        "{'src':1,'kind':'static','condition':{'state':['wounded']}," ABILITY("{'op':'attack_modifier','target':'self','X':2}") "}",
        "{'src':1,'kind':'static'," ABILITY("{'op':'incoming_attack_modifier','target':'self','X':-2,'attack':['shot']}") "}",
        "{'src':1,'kind':'static','condition':{'count':{'side':'own','type':['creature']},'op':'>=','value':3}," ABILITY("{'op':'named_feature_modifier','target':'self','feature':{'id':'armor'},'X':1}") "}",
        "{'src':1,'kind':'static','condition':{'source':{'in_row':1}},'grants':[{'id':'armor','X':2},{'id':'regeneration','X':1}]}",
        "{'src':1,'kind':'static','condition':{'state':['unwounded'],'source':{'state':['untapped']}}," ABILITY("{'op':'movement_modifier','target':'self','X':1},{'op':'die_roll_modifier','target':'self','X':-1}") "}",
        "{'src':1,'kind':'activated','cost':{'tap':true,'wound_self':1,'tap_adjacent':true}," ABILITY("{'op':'heal','target':'self','X':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_death','side':'own'},'condition':{'count':{'side':'enemy'},'op':'<','value':2}," ABILITY("{'op':'heal','target':'self','X':1}") "}",
        "{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1},{'op':'delayed','when':'start_of_next_own_turn'},{'op':'wound','target':'self','X':1}") "}",
    };
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        bsk_synthetic_cards *s = one_feature(features[i]);
        ck_assert_msg(s != NULL, "%s: %s: %s", features[i], error.path, error.message);
        assert_round_trip(&s->cards[0], false, NULL, NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        if (i < 6)
            ck_assert_int_eq(f->event, BSK_EVENT_NONE);
        if (i == 4) { /* grants: gain_feature records on self */
            ck_assert_int_eq(f->effect_count, 2);
            ck_assert_int_eq(f->effects[1].op, BSK_OP_GAIN_FEATURE);
            ck_assert_int_eq(f->effects[1].keyword, BSK_KEYWORD_REGENERATION);
            ck_assert_int_eq(f->if_source, 1);
        }
        if (i == 3) {
            ck_assert_int_eq(f->if_op, BSK_FILTER_COST_GE);
            ck_assert_int_eq(f->if_value, 3);
        }
        if (i == 6) {
            ck_assert_int_eq(f->cost_wound, 1);
            ck_assert_int_eq(f->cost_tap_adjacent, 1);
        }
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'side':'enemy'}},'effects':[{'op':'attack_modifier','target':'target','X':1}]}]}"),
            F0 ".abilities", "a static feature never targets (117.2)");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".abilities", "a static feature without a trigger modifies or grants");
    /* focus8 (issue 23): named_feature_modifier is run by a trigger too (518.6, lasting); incoming_attack_modifier is not */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'}," ABILITY("{'op':'incoming_attack_modifier','target':'self','X':-1}") "}"),
            F0 ".abilities", "is a static feature's");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'attack_modifier','target':'self','X':1,'duration':'end_of_turn'}") "}"),
            F0 ".abilities", "no \"duration\"");
    refused(CARD_WITH("{'src':1,'kind':'static','condition':{'source':{'has_keyword':['armor']}},'grants':[{'id':'armor','X':1}]}"),
            F0 ".condition", "reads no keywords");
    refused(CARD_WITH("{'src':1,'kind':'static','condition':{'count':{'side':'own'},'op':'>='}," ABILITY("{'op':'attack_modifier','target':'self','X':1}") "}"),
            F0 ".condition.value", "\"count\", \"op\" and \"value\"");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'},'grants':[{'id':'armor','X':1}]," ABILITY("{'op':'heal','target':'self'}") "}"),
            F0 ".grants", "only a static feature without a trigger grants");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1},{'op':'delayed','when':'end_of_turn'}") "}"),
            F0 ".abilities", "delayed puts off the records after it");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'delayed','when':'tomorrow'},{'op':'heal','target':'self','X':1}") "}"),
            F0 ".abilities[0].effects[0].when", "expected end_of_turn");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1,'when':'end_of_turn'}") "}"),
            F0 ".abilities[0].effects[0].when", "only delayed names when");
    refused(CARD_WITH("{'src':1,'kind':'static','limit':{'per':'turn','count':1}," ABILITY("{'op':'attack_modifier','target':'self','X':1}") "}"),
            F0 ".limit", "a static feature is read, never declared");
}
END_TEST

/* branch costs4 (issue 22): the other prepaid costs of 501.3, 501.4 — destroy_self, lose_extra_life,
 * return_self_to_deck — read into the feature and write back the same; a malformed one is refused with
 * its JSON path. */
START_TEST(test_costs4_prepaid_costs_round_trip_and_refusals)
{
    const char *const features[] = {
        "{'src':1,'kind':'activated','cost':{'instant':true,'destroy_self':true}," ABILITY("{'op':'wound','target':'self','X':1}") "}",
        "{'src':1,'kind':'activated','cost':{'tap':true,'lose_extra_life':2}," ABILITY("{'op':'heal','target':'self','X':1}") "}",
        "{'src':1,'kind':'activated','cost':{'counters':1,'return_self_to_deck':true}," ABILITY("{'op':'wound','target':'self','X':1}") "}",
    };
    const char *const words[] = {"\"destroy_self\":true", "\"lose_extra_life\":2", "\"return_self_to_deck\":true"};
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        bsk_synthetic_cards *s = one_feature(features[i]);
        ck_assert_msg(s != NULL, "%s: %s: %s", features[i], error.path, error.message);
        assert_round_trip(&s->cards[0], false, words[i], NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        ck_assert_int_eq(f->cost_destroy_self, i == 0);
        ck_assert_int_eq(f->cost_extra_lives, i == 1 ? 2 : 0);
        ck_assert_int_eq(f->cost_return_self, i == 2);
        char text[256];
        bsk_feature_describe(f, text, sizeof text);
        const char *said[] = {"instant, destroy this card: ", "tap, lose 2 extra lives: ",
                              "pay 1 counter, return this card to its deck: "};
        ck_assert_msg(strstr(text, said[i]) != NULL, "%s lacks %s", text, said[i]);
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'destroy_self':1}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".cost.destroy_self", "expected true or false");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'lose_extra_life':0}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".cost.lose_extra_life", "expected an integer 1..99");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'lose_extra_life':100}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".cost.lose_extra_life", "expected an integer 1..99");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'return_self_to_deck':'yes'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".cost.return_self_to_deck", "expected true or false");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'destroy_self':true,'return_self_to_deck':true}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".cost.return_self_to_deck", "destroy_self or return_self_to_deck, not both");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'destroy_self':true,'wound_self':1}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".cost.wound_self", "pays no life beside it");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'return_self_to_deck':true,'lose_extra_life':1}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".cost.lose_extra_life", "pays no life beside it");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death'},'cost':{'destroy_self':true}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".cost", "a triggered or static feature has no cost");
}
END_TEST

/* Each op's properties beside its function (card_table.h BSK_OPM_*), and its word. */
START_TEST(test_feature_op_table_properties)
{
    const struct {
        int op;
        unsigned modes;
        const char *id;
    } want[] = {
        {BSK_OP_WOUND, BSK_OPM_CARD | BSK_OPM_WOUNDING | BSK_OPM_PROTECTED | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, "wound"},
        {BSK_OP_HEAL, BSK_OPM_CARD | BSK_OPM_HEALING, "heal"},
        {BSK_OP_GAIN_COUNTERS, BSK_OPM_CARD | BSK_OPM_COUNTERS, "gain_counters"},
        {BSK_OP_CANCEL, BSK_OPM_STACK, "cancel"},
        {BSK_OP_DESTROY, BSK_OPM_CARD | BSK_OPM_PROTECTED | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, "destroy"},
        {BSK_OP_TAP, BSK_OPM_CARD, "tap"},
        {BSK_OP_UNTAP, BSK_OPM_CARD, "untap"},
        {BSK_OP_LOSE_COUNTERS, BSK_OPM_CARD | BSK_OPM_COUNTERS, "lose_counters"},
        {BSK_OP_HEAL_FULL, BSK_OPM_CARD | BSK_OPM_HEALING, "heal_full"},
        {BSK_OP_SET_LIFE, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, "set_current_life"},
        {BSK_OP_PROPHECY, BSK_OPM_DECK, "prophecy"}, /* issue 21 §2: on the deck, no card target */
        {BSK_OP_POISON, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "poison"}, /* read as gain_feature {poison} */
        /* issue 22 (branch ops): the ops with parameters */
        {BSK_OP_GAIN_FEATURE, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_KEYWORD, "gain_feature"},
        {BSK_OP_LOSE_FEATURE, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_KEYWORD, "lose_feature"},
        {BSK_OP_GAIN_EXTRA_LIFE, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "gain_extra_life"},
        {BSK_OP_MOVEMENT_MODIFIER, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "movement_modifier"},
        {BSK_OP_DIE_ROLL_MODIFIER, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "die_roll_modifier"},
        {BSK_OP_ATTACK_MODIFIER, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "attack_modifier"},
        {BSK_OP_RELOCATE, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_RELOCATION, "relocate"},
        /* issue 22 (branch posio): named markers (glossary §2.7) */
        {BSK_OP_PLACE_NAMED_MARKER, BSK_OPM_CARD, "place_named_marker"},
        {BSK_OP_REMOVE_NAMED_MARKER, BSK_OPM_CARD, "remove_named_marker"},
        /* static2 (issue 22): a static feature's modifiers (117.2: self or all, never a target), the delayed effect */
        {BSK_OP_INCOMING_ATTACK_MODIFIER, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "incoming_attack_modifier"},
        /* focus8 (issue 23): run by a trigger too, lasting (518.6) */
        {BSK_OP_NAMED_FEATURE_MODIFIER, BSK_OPM_CARD | BSK_OPM_KEYWORD | BSK_OPM_LASTS, "named_feature_modifier"},
        {BSK_OP_DELAYED, 0, "delayed"},
        /* issue 22 (branch ops2): the ops that act inside an attack, prevention, leaving the battle zone */
        {BSK_OP_SPAWN_ATTACK, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_ATTACK, "spawn_attack"},
        {BSK_OP_REDIRECT, BSK_OPM_CARD | BSK_OPM_ATTACK, "redirect"},
        {BSK_OP_PREVENTION, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "prevention"},
        {BSK_OP_WOUNDS_TAKEN_MODIFIER, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "wounds_taken_modifier"},
        {BSK_OP_SET_ATTACK_STRENGTH, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "set_attack_strength"},
        {BSK_OP_REDUCE_ATTACK_TO, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "reduce_attack_value_to"},
        {BSK_OP_SET_DIE_ROLL, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "set_die_roll"},
        {BSK_OP_RETURN_TO_DECK, BSK_OPM_CARD | BSK_OPM_PROTECTED | BSK_OPM_LEAVES, "return_to_deck"},
        {BSK_OP_EXILE, BSK_OPM_CARD | BSK_OPM_PROTECTED | BSK_OPM_LEAVES, "exile"},
        {BSK_OP_GAIN_NEGATIVE_LIFE, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH,
         "gain_negative_life"},
        /* issue 22 (branch block3): blocking (531) */
        {BSK_OP_BLOCK, BSK_OPM_CARD | BSK_OPM_ATTACK, "block"},
        /* issue 22 (branch group3): counter limits, a static feature's (545.2, 545.4) */
        {BSK_OP_MAX_COUNTERS, BSK_OPM_CARD | BSK_OPM_COUNTERS, "max_counters"},
        /* issue 22 (lead, session 7): element changes (106.2.1) */
        {BSK_OP_ADD_ELEMENT, BSK_OPM_CARD | BSK_OPM_LASTS, "add_element"},
        {BSK_OP_SET_ELEMENT, BSK_OPM_CARD | BSK_OPM_LASTS, "set_element"},
        {BSK_OP_WIN, 0, "win"},
        /* issue 22 (branch times3): "X times per turn", not tapping (510.3, 540) */
        {BSK_OP_ACTIONS_PER_TURN, BSK_OPM_CARD, "actions_per_turn"},
        {BSK_OP_NO_TAP_AFTER, BSK_OPM_CARD, "no_tap_after"},
        {BSK_OP_NO_TAP_THIS_ATTACK, BSK_OPM_CARD, "no_tap_this_attack"},
        /* issue 22 (branch dice3): die rolls (519.5–519.7) */
        {BSK_OP_REROLL, BSK_OPM_CARD | BSK_OPM_ATTACK, "reroll"},
        {BSK_OP_FLIP_DIE, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "flip_die"},
        {BSK_OP_NEXT_ROLL_EQUALS, BSK_OPM_CARD | BSK_OPM_LASTS | BSK_OPM_NOT_TERRAIN, "next_roll_equals"},
        /* issue 23 (branch dice5): a static feature's «не получает раны от атак четной величины» */
        {BSK_OP_NO_WOUNDS_FROM_ATTACKS, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "no_wounds_from_attacks"},
        /* issue 23 (branch grave5): a token off a graveyard card (536.7) */
        {BSK_OP_LOSE_INCARNATION, BSK_OPM_GRAVEYARD, "lose_incarnation"},
        /* issue 23 (branch vamp5): the life limit, a static feature's (508.2.2, 545.2) */
        {BSK_OP_MAX_LIFE, BSK_OPM_CARD, "max_life"},
        /* issue 23 (branch shield6): a side's prevention pool (534) */
        {BSK_OP_SIDE_PREVENTION, BSK_OPM_CARD | BSK_OPM_LASTS, "side_prevention"},
        /* issue 23 (branch token6): «не открывается в начале своего следующего хода» (409.2) */
        {BSK_OP_NO_UNTAP, BSK_OPM_CARD, "no_untap"},
        /* issue 23 (branch fend6): the attacked card's «сводится к X» (520.2 d), a static feature's */
        {BSK_OP_INCOMING_REDUCE_ATTACK_TO, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "incoming_reduce_attack_to"},
        /* issue 23 (branch recruit7): a price at recruitment (403.2.2), read by the squad library */
        {BSK_OP_RECRUIT_COST_MODIFIER, BSK_OPM_CARD, "recruit_cost_modifier"},
        /* issue 23 (branch cell7): named markers on cells (544.1) */
        {BSK_OP_CELL_MARKER_ADD, BSK_OPM_CELL, "cell_marker_add"},
        {BSK_OP_CELL_MARKER_REMOVE, BSK_OPM_CELL, "cell_marker_remove"},
        /* issue 23 (branch incarn7): «инкарнирует в открытом виде» (536.7) */
        {BSK_OP_INCARNATE_OPEN, BSK_OPM_CARD, "incarnate_open"},
        /* issue 23 (branch dice7): two dice for one roller's strength (306.5.2), a static feature's of its own card */
        {BSK_OP_ROLL_TWICE, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "roll_twice"},
        /* issue 23 (branch focus8): «срабатывает концентрация [карты]» (glossary «Концентрация») */
        {BSK_OP_TRIGGER_CONCENTRATION, BSK_OPM_CARD, "trigger_concentration"},
        /* issue 23 (branch vamp8): extra life taken off a card (528.10); this simple strike unanswered */
        {BSK_OP_LOSE_EXTRA_LIFE, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_DEATH, "lose_extra_life"},
        {BSK_OP_UNANSWERED_THIS_ATTACK, BSK_OPM_CARD, "unanswered_this_attack"},
        /* issue 23 (branch fight9): a fight «как с открытым» (537.5), one card's */
        {BSK_OP_FIGHT, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN | BSK_OPM_ATTACK, "fight"},
        /* issue 23 (branch inc9): a token onto a graveyard card (536.7.1) */
        {BSK_OP_GAIN_INCARNATION, BSK_OPM_GRAVEYARD, "gain_incarnation"},
        {BSK_OP_PROTECTION_FROM_ATTACKS, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "protection_from_attacks"}, /* guard10 */
        /* issue 23 (branch grave10): a card of the deck into the graveyard (204.2, 205.1) */
        {BSK_OP_DECK_TO_GRAVEYARD, BSK_OPM_DECK, "deck_to_graveyard"},
        /* issue 23 (branch spawn11): a summon from the deck (536.5) */
        {BSK_OP_SUMMON, BSK_OPM_DECK, "summon"},
        /* issue 23 (branch farro13): «игнорирует {zor}» (542.1.3), a static feature's of its own card */
        {BSK_OP_IGNORE_PROTECTION, BSK_OPM_CARD | BSK_OPM_NOT_TERRAIN, "ignore_protection"},
    };
    ck_assert_int_eq((int)(sizeof want / sizeof want[0]), BSK_FEATURE_OP_COUNT);
    for (int i = 0; i < BSK_FEATURE_OP_COUNT; i++) {
        ck_assert_int_eq(want[i].op, i);
        ck_assert_msg(bsk_feature_op_modes(i) == want[i].modes, "%s: modes %#x", want[i].id, bsk_feature_op_modes(i));
        ck_assert_str_eq(bsk_feature_op_id(i), want[i].id);
        ck_assert(!(bsk_feature_op_modes(i) & BSK_OPM_RELOCATION) == (i != BSK_OP_RELOCATE)); /* relocate only */
        /* an op on a card takes every selector; cancel (512.6.3) and prophecy only "self"; relocate one
         * card (its cell is chosen), not every enemy */
        ck_assert_uint_eq(bsk_feature_op_targets(i), i == BSK_OP_RECRUIT_COST_MODIFIER ? 1u << BSK_TARGET_ALL /* recruit7 */ :
                                                     i == BSK_OP_CANCEL || i == BSK_OP_PROPHECY || i == BSK_OP_DELAYED || i == BSK_OP_WIN ||
                                                               i == BSK_OP_NO_TAP_THIS_ATTACK /* times3: 540.4 */ ||
                                                               i == BSK_OP_SIDE_PREVENTION /* shield6: the side */ ||
                                                               i == BSK_OP_LOSE_INCARNATION /* grave5 */ ||
                                                               i == BSK_OP_ROLL_TWICE /* dice7: its own dice */ ||
                                                               i == BSK_OP_UNANSWERED_THIS_ATTACK /* vamp8: its own strike */ ||
                                                               i == BSK_OP_GAIN_INCARNATION /* inc9 */ || i == BSK_OP_DECK_TO_GRAVEYARD /* grave10 */ || i == BSK_OP_SUMMON /* spawn11 */ ||
                                                               i == BSK_OP_IGNORE_PROTECTION /* farro13: its own attacks */
                                                         ? 1u << BSK_TARGET_SELF
                                                     : i == BSK_OP_CELL_MARKER_ADD || /* cell7: cells, or the event card's */
                                                               i == BSK_OP_CELL_MARKER_REMOVE
                                                         ? (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_ATTACKED)
                                                     : i == BSK_OP_REDIRECT /* a new target by filter (512.6.4) */
                                                         ? 1u << BSK_TARGET_CHOSEN
                                                     : i == BSK_OP_BLOCK /* «по себе», or a card by filter (531) */
                                                               || i == BSK_OP_REROLL /* dice3: its own or a chosen die */
                                                         ? (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_CHOSEN)
                                                     : i == BSK_OP_INCOMING_ATTACK_MODIFIER ||
                                                               i == BSK_OP_INCARNATE_OPEN /* incarn7; recruit11: a permission's */ ||
                                                               i == BSK_OP_MAX_COUNTERS /* group3: a static's */ ||
                                                               i == BSK_OP_ACTIONS_PER_TURN || i == BSK_OP_NO_TAP_AFTER || i == BSK_OP_NO_WOUNDS_FROM_ATTACKS ||
                                                               i == BSK_OP_MAX_LIFE /* vamp5: a static's */ ||
                                                               i == BSK_OP_INCOMING_REDUCE_ATTACK_TO /* fend6 */ ||
                                                               i == BSK_OP_PROTECTION_FROM_ATTACKS /* guard10 */
                                                         ? (1u << BSK_TARGET_SELF) | (1u << BSK_TARGET_ALL)
                                                     : i == BSK_OP_FIGHT /* fight9: one card */
                                                         ? ((1u << BSK_FEATURE_TARGET_COUNT) - 1) &
                                                               ~((1u << BSK_TARGET_EVERY_ENEMY) | (1u << BSK_TARGET_ALL) |
                                                                 (1u << BSK_TARGET_GROUP) |
                                                                 (1u << BSK_TARGET_MARKED)) /* mark9: one card */
                                                     : i == BSK_OP_SPAWN_ATTACK /* a group: N attacks (505.4.4) */ ||
                                                               i == BSK_OP_RELOCATE /* swap12: a swap's two */
                                                         ? ((1u << BSK_FEATURE_TARGET_COUNT) - 1) &
                                                               ~((1u << BSK_TARGET_EVERY_ENEMY) | (1u << BSK_TARGET_ALL) |
                                                                 (1u << BSK_TARGET_MARKED))
                                                         : (1u << BSK_FEATURE_TARGET_COUNT) - 1);
    }
    ck_assert_uint_eq(bsk_feature_op_modes(BSK_FEATURE_OP_COUNT), 0);
    ck_assert_ptr_null(bsk_feature_op_id(-1));
    for (int e = 1; e < BSK_FEATURE_EVENT_COUNT; e++)
        ck_assert_ptr_nonnull(bsk_feature_event_id(e));
    /* the handler table: keyed by card id, the fixture card's only */
    ck_assert_int_eq(bsk_feature_handler_find("test-oddity"), 1);
    ck_assert_str_eq(bsk_feature_handler_id(1), "test-oddity");
    ck_assert_int_eq(bsk_feature_handler_find("01-001"), 0);
    ck_assert_ptr_null(bsk_feature_handler_id(0));
}
END_TEST

/* A position of inline synthetic cards run to its end; the match and table stay for the caller. */
static void run_inline(const char *text, bsk_match *m, bsk_card_table *table)
{
    bsk_position_file *f = parse_position(text, "p.json");
    ck_assert_msg(f != NULL, "%s: %s", error.path, error.message);
    ck_assert_int_eq(bsk_synthetic_table(&f->synthetic, &f->position, table, &error), BSK_OK);
    ck_assert_int_eq(bsk_match_from_position(m, table, &f->position, &error), BSK_OK);
    bsk_record items[32];
    bsk_record_list log = {items, 0, 32, 0};
    bsk_event events[64];
    bsk_position_script script = {f->actions, f->action_count, f->decisions, f->decision_count};
    bsk_position_outcome outcome;
    ck_assert_int_eq(bsk_position_run(m, table, &script, events, 64, &log, &outcome), BSK_OK);
    ck_assert_msg(outcome.code == NULL, "%s %d: %s", outcome.code, outcome.index, outcome.error.message);
    free(f);
}

/* Each op applied by an activated {tap} feature of a fixture card to a chosen enemy (Воин, life 8,
 * 3 wounds, 3 counters; tapped for untap). */
START_TEST(test_feature_each_op_applied)
{
    const struct {
        const char *effect;
        int zone, wounds, counters, tapped;
    } cases[] = {
        {"{'op':'wound','target':'target','X':2}", BSK_ZONE_BATTLEFIELD, 5, 3, 0},
        {"{'op':'heal','target':'target','X':2}", BSK_ZONE_BATTLEFIELD, 1, 3, 0},
        {"{'op':'gain_counters','target':'target','n':2}", BSK_ZONE_BATTLEFIELD, 3, 5, 0},
        {"{'op':'destroy','target':'target'}", BSK_ZONE_GRAVEYARD, 0, 0, 0}, /* 509.1.1: no wounds, death */
        {"{'op':'tap','target':'target'}", BSK_ZONE_BATTLEFIELD, 3, 3, 1},
        {"{'op':'untap','target':'target'}", BSK_ZONE_BATTLEFIELD, 3, 3, 0},
        {"{'op':'lose_counters','target':'target','n':2}", BSK_ZONE_BATTLEFIELD, 3, 1, 0},
        {"{'op':'lose_counters','target':'target','n':9}", BSK_ZONE_BATTLEFIELD, 3, 0, 0}, /* 528.10 */
        {"{'op':'heal_full','target':'target'}", BSK_ZONE_BATTLEFIELD, 0, 3, 0},
        {"{'op':'set_current_life','target':'target','X':2}", BSK_ZONE_BATTLEFIELD, 6, 3, 0},
        {"{'op':'set_current_life','target':'target','X':0}", BSK_ZONE_GRAVEYARD, 0, 0, 0}, /* 509.1 */
    };
    static bsk_card_table table;
    static bsk_match m;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "{'active':1,'turn':3,'synthetic_cards':[{'id':'test-op','name':'Оп','type':'creature','life':8,"
                 "'movement':1,'simple_strike':[1,1,1],'features':[{'src':1,'kind':'activated','cost':{'tap':true},"
                 "'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'side':'enemy'}},'effects':[%s]}]}]}],"
                 "'cards':[{'card':'test-op','owner':1,'cell':'c3'},{'card':'Воин','owner':2,'cell':'c5','wounds':3,"
                 "'counters':3,'tapped':%s},{'card':'Воин','owner':2,'cell':'e6'},{'card':'Воин','owner':1,'cell':'a1'}],"
                 "'actions':[{'player':1,'do':'feature','from':'c3','index':0,'to':'c5'}]}",
                 cases[i].effect, strstr(cases[i].effect, "'untap'") ? "true" : "false");
        run_inline(text, &m, &table);
        const bsk_unit *t = &m.units[1];
        ck_assert_msg(t->zone == cases[i].zone, "%s: zone %d", cases[i].effect, t->zone);
        ck_assert_msg(t->wounds == cases[i].wounds, "%s: wounds %d", cases[i].effect, t->wounds);
        ck_assert_msg(t->counters == cases[i].counters, "%s: counters %d", cases[i].effect, t->counters);
        ck_assert_msg(((t->flags & BSK_UNIT_TAPPED) != 0) == cases[i].tapped, "%s: tapped", cases[i].effect);
        ck_assert_msg(t->actions == 0, "%s: tapping by a feature is no action of its own", cases[i].effect);
        ck_assert(m.units[0].flags & BSK_UNIT_TAPPED); /* the {tap} cost paid */
    }
}
END_TEST

#define QUIET_BOARD                                                                                                  \
    "'cards':[{'card':'test-listener','owner':1,'cell':'c3'},{'card':'Воин','owner':2,'cell':'c5'},"                 \
    "{'card':'Воин','owner':2,'cell':'e6'},{'card':'Воин','owner':1,'cell':'a1'}]}"

/* 116: an event nobody listens to returns at once (the card table's listen_any is 0 for it) and
 * leaves no pending trigger; the one event a card hears makes one. */
START_TEST(test_feature_event_fast_exit)
{
    static bsk_card_table table;
    static bsk_match m;
    /* activated features only: nothing listens */
    run_inline("{'active':1,'turn':3,'synthetic_cards':[" COLLECTOR ",{'id':'test-listener','name':'Слушатель','type':"
               "'creature','life':8,'simple_strike':[1,1,1]}]," QUIET_BOARD,
               &m, &table);
    ck_assert_uint_eq(table.listen_any, 0);
    for (int e = 1; e < BSK_FEATURE_EVENT_COUNT; e++) {
        engine_raise(&m, &table, e, 0, 1, 1, 0);
        engine_raise(&m, &table, e, -1, -1, -1, 0);
    }
    ck_assert_int_eq(m.pending_count, 0);
    /* a card hearing moves (any side): only a move makes a pending trigger */
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':'creature',"
               "'life':8,'simple_strike':[1,1,1],'features':[{'src':1,'kind':'triggered','trigger':{'event':'on_move',"
               "'side':'any'},'abilities':[{'type':'effect_ability','effects':[{'op':'gain_counters','target':'self',"
               "'n':1}]}]}]}]," QUIET_BOARD,
               &m, &table);
    ck_assert_uint_eq(table.listen_any, BSK_LISTEN(BSK_ON_MOVE));
    ck_assert_uint_eq(table.listen[m.units[0].slot], BSK_LISTEN(BSK_ON_MOVE));
    ck_assert_uint_eq(table.listen[m.units[1].slot], 0);
    for (int e = 1; e < BSK_FEATURE_EVENT_COUNT; e++)
        if (e != BSK_ON_MOVE)
            engine_raise(&m, &table, e, 1, -1, -1, 0);
    ck_assert_int_eq(m.pending_count, 0);
    engine_raise(&m, &table, BSK_ON_MOVE, 1, -1, -1, 0);
    ck_assert_int_eq(m.pending_count, 1);
    ck_assert_int_eq(m.pending[0].unit, 0);
    ck_assert_int_eq(m.pending[0].target, 1); /* the event's card */
}
END_TEST

/* 116.3.3: when every listener of the table hears only its own card's event (source self) or the one
 * naming it as the other card (role defending), only the event's two cards are asked (the table's
 * listen_wide is 0: engine_raise_slow's short cut); the card that listens still hears its own. */
START_TEST(test_feature_event_self_listeners_only_their_own)
{
    static bsk_card_table table;
    static bsk_match m;
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':'creature',"
               "'life':8,'simple_strike':[1,1,1],'features':[{'src':1,'kind':'triggered','trigger':{'event':'on_move',"
               "'source':'self'},'limit':{'per':'turn','count':1},'abilities':[{'type':'effect_ability','effects':"
               "[{'op':'gain_counters','target':'self','n':1}]}]}]}]," QUIET_BOARD,
               &m, &table);
    ck_assert_uint_eq(table.listen_any, BSK_LISTEN(BSK_ON_MOVE));
    ck_assert_uint_eq(table.listen_wide, 0);
    ck_assert(table.limits_turn_any); /* 409.2 takes its marker at the untap */
    engine_raise(&m, &table, BSK_ON_MOVE, 1, -1, -1, 0);
    engine_raise(&m, &table, BSK_ON_MOVE, 2, 0, -1, 0);
    ck_assert_int_eq(m.pending_count, 0);
    engine_raise(&m, &table, BSK_ON_MOVE, 0, -1, -1, 0);
    ck_assert_int_eq(m.pending_count, 1);
    ck_assert_int_eq(m.pending[0].unit, 0);
    /* a listener of any side widens it; a table without per-turn limits skips the 409.2 walk */
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':'creature',"
               "'life':8,'simple_strike':[1,1,1],'features':[{'src':1,'kind':'triggered','trigger':{'event':'on_move',"
               "'side':'any'},'abilities':[{'type':'effect_ability','effects':[{'op':'gain_counters','target':'self',"
               "'n':1}]}]}]}]," QUIET_BOARD,
               &m, &table);
    ck_assert_uint_eq(table.listen_wide, BSK_LISTEN(BSK_ON_MOVE));
    ck_assert(!table.limits_turn_any);
    engine_raise(&m, &table, BSK_ON_MOVE, 1, -1, -1, 0);
    ck_assert_int_eq(m.pending_count, 1);
}
END_TEST

/* 535.7: a replacement applies once to one death; 535.3: a replaced death did not happen (no
 * "on death" trigger). engine_replace_death asked directly. */
/* Issue 21 §2: the frames' history is per unit and hashed (bsk_unit.flags): a wound sets "wounded
 * this turn" only in a match where a card hears concentration (so other games hash as before), the
 * hash sees it, and the end of the turn clears it (glossary «Концентрация»: "that turn"). */
START_TEST(test_frames_history_kept_only_when_heard_and_hashed)
{
    static bsk_card_table table;
    static bsk_match m, before;
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':"
               "'creature','life':8,'simple_strike':[1,1,1]}]," QUIET_BOARD,
               &m, &table);
    engine_wound(&m, &table, 1, 1, NULL);
    ck_assert_int_eq(m.units[1].wounds, 1);
    ck_assert_uint_eq(m.units[1].flags & BSK_UNIT_WOUNDED_TURN, 0); /* nothing hears concentration */
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':'creature',"
               "'life':8,'simple_strike':[1,1,1],'features':[{'src':1,'kind':'triggered','trigger':{'event':"
               "'concentration'},'abilities':[{'type':'effect_ability','effects':[{'op':'gain_counters','target':"
               "'self','n':1}]}]}]}]," QUIET_BOARD,
               &m, &table);
    ck_assert_uint_eq(table.listen_any, BSK_LISTEN(BSK_ON_CONCENTRATION));
    before = m;
    engine_wound(&m, &table, 1, 1, NULL);
    ck_assert_uint_ne(m.units[1].flags & BSK_UNIT_WOUNDED_TURN, 0);
    m.units[1].wounds = before.units[1].wounds; /* the flag alone */
    ck_assert_uint_ne(bsk_match_hash(&m), bsk_match_hash(&before));
    /* player 1 passes the turn: the listener (player 1's) hears nothing on its own turn, the flag goes */
    bsk_action end = {BSK_ACT_END_TURN, 1, -1, -1, -1, -1, -1, -1};
    ck_assert_int_eq(bsk_match_apply(&m, &table, &end, NULL, &error), BSK_OK);
    ck_assert_int_eq(m.turn, 4);
    ck_assert_int_eq(m.units[0].counters, 0);
    ck_assert_uint_eq(m.units[1].flags & BSK_UNIT_WOUNDED_TURN, 0);
}
END_TEST

/* Issue 21 §2 (extension, engine README "Readings taken"): a werewolf's form lives in bsk_match's
 * form[] bit sets, not in bsk_unit.flags (whose bits 6 and 7 are the frames' history): the form is
 * read by its condition, hashed only when set (a game without forms hashes as before), kept apart
 * from the frames' flags, and goes when the card leaves the battle zone. */
START_TEST(test_werewolf_form_apart_from_the_unit_flags)
{
    static bsk_card_table table;
    static bsk_match m, none;
#define WEREWOLF                                                                                                     \
    "'synthetic_cards':[{'id':'test-werewolf','name':'Оборотень','type':'creature','life':8,"                       \
    "'simple_strike':[1,2,3],'keywords':[{'id':'werewolf'},{'id':'attack_experience','X':2,"                      \
    "'condition':'werewolf_wolf'},{'id':'armor','X':2,'condition':'werewolf_human'}]}],"
    run_inline("{'active':1,'turn':3," WEREWOLF "'cards':[{'card':'test-werewolf','owner':1,'cell':'c3'},"
               "{'card':'Воин','owner':2,'cell':'e6'}]}",
               &none, &table);
    run_inline("{'active':1,'turn':3," WEREWOLF "'cards':[{'card':'test-werewolf','owner':1,'cell':'c3','form':'wolf'},"
               "{'card':'Воин','owner':2,'cell':'e6'}]}",
               &m, &table);
#undef WEREWOLF
    ck_assert_int_eq(bsk_match_unit_form(&none, 0), BSK_FORM_NONE);
    ck_assert_int_eq(bsk_match_unit_form(&m, 0), BSK_FORM_WOLF);
    ck_assert_uint_eq(m.form[0], 1u);
    ck_assert_uint_eq(m.form[1], 0u);
    ck_assert_uint_eq(m.units[0].flags, none.units[0].flags); /* the flags hold no form */
    ck_assert(engine_condition_holds(&m, &table, 0, BSK_CONDITION_WEREWOLF_WOLF));
    ck_assert(!engine_condition_holds(&m, &table, 0, BSK_CONDITION_WEREWOLF_HUMAN));
    ck_assert(!engine_condition_holds(&none, &table, 0, BSK_CONDITION_WEREWOLF_WOLF));
    ck_assert_uint_ne(bsk_match_hash(&m), bsk_match_hash(&none)); /* the form alone differs */
    /* the frames' history beside it: "wounded this turn" does not make a form, nor the other way */
    m.units[0].flags |= BSK_UNIT_WOUNDED_TURN | BSK_UNIT_VALHALLA;
    ck_assert_int_eq(bsk_match_unit_form(&m, 0), BSK_FORM_WOLF);
    m.units[0].flags &= (uint8_t)~(BSK_UNIT_WOUNDED_TURN | BSK_UNIT_VALHALLA);
    /* leaving the battle zone takes the form: the state hashes as the one without a form in the graveyard */
    engine_to_zone(&m, &table, 0, BSK_ZONE_GRAVEYARD);
    engine_to_zone(&none, &table, 0, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(bsk_match_unit_form(&m, 0), BSK_FORM_NONE);
    ck_assert_uint_eq(m.form[0] | m.form[1], 0u);
    ck_assert_uint_eq(bsk_match_hash(&m), bsk_match_hash(&none));
}
END_TEST

/* Issue 21 §2, rebuff (extension; reminder text 06-056, engine README "Readings taken"): the
 * player's bit in bsk_match.rebuff, set before the turn (here: at a Choice-subphase position's
 * setup) when its squad has fewer cards than the opponent's, only when a card of the table has
 * rebuff, hashed only when set; the condition needs the bit, the card in the battle zone, revealed,
 * with the keyword rebuff. */
START_TEST(test_rebuff_bit_per_player)
{
    static bsk_card_table table;
    static bsk_match fewer, equal, plain, plain_more;
#define REBUFF                                                                                                           "'synthetic_cards':[{'id':'test-rebuff','name':'Отпорщик','type':'creature','life':8,"                             "'simple_strike':[1,2,3],'keywords':[{'id':'rebuff'},{'id':'armor','X':2,'condition':'rebuff'}]}],"
    run_inline("{'active':1,'turn':3," REBUFF "'cards':[{'card':'test-rebuff','owner':1,'cell':'c3'},"
               "{'card':'Воин','owner':2,'cell':'e6'},{'card':'Воин','owner':2,'cell':'e5'}]}",
               &fewer, &table);
    ck_assert_uint_eq(fewer.rebuff, 1u); /* player 1: 1 card against 2 */
    ck_assert(engine_condition_holds(&fewer, &table, 0, BSK_CONDITION_REBUFF));
    ck_assert(bsk_match_unit_has_keyword(&fewer, &table, 0, BSK_KEYWORD_ARMOR));
    run_inline("{'active':1,'turn':3," REBUFF "'cards':[{'card':'test-rebuff','owner':1,'cell':'c3'},"
               "{'card':'Воин','owner':1,'cell':'a1'},{'card':'Воин','owner':2,'cell':'e6'},"
               "{'card':'Воин','owner':2,'cell':'e5'}]}",
               &equal, &table);
    ck_assert_uint_eq(equal.rebuff, 0u); /* 2 against 2: neither */
    ck_assert(!engine_condition_holds(&equal, &table, 0, BSK_CONDITION_REBUFF));
    ck_assert(!bsk_match_unit_has_keyword(&equal, &table, 0, BSK_KEYWORD_ARMOR));
    /* the other player's bit: player 2 with fewer cards, in player 1's turn */
    run_inline("{'active':1,'turn':3," REBUFF "'cards':[{'card':'test-rebuff','owner':2,'cell':'c4'},"
               "{'card':'Воин','owner':1,'cell':'a1'},{'card':'Воин','owner':1,'cell':'b1'}]}",
               &equal, &table);
    ck_assert_uint_eq(equal.rebuff, 2u);
    ck_assert(engine_condition_holds(&equal, &table, 0, BSK_CONDITION_REBUFF));
    /* a face-down card's rebuff text makes nothing (533.4), its squad's bit set or not */
    equal.units[0].flags |= BSK_UNIT_HIDDEN;
    ck_assert(!engine_condition_holds(&equal, &table, 0, BSK_CONDITION_REBUFF));
    /* no card with rebuff in the table: no bit, whatever the counts, and the hash of before */
    run_inline("{'active':1,'turn':3,'cards':[{'card':'Воин','owner':1,'cell':'c3'},"
               "{'card':'Воин','owner':2,'cell':'e6'},{'card':'Воин','owner':2,'cell':'e5'}]}",
               &plain, &table);
    ck_assert_uint_eq(plain.rebuff, 0u);
    plain_more = plain;
    plain_more.rebuff = 1;
    ck_assert_uint_ne(bsk_match_hash(&plain), bsk_match_hash(&plain_more)); /* hashed when set */
#undef REBUFF
}
END_TEST

START_TEST(test_535_replacement_once_per_death)
{
    static bsk_card_table table;
    static bsk_match m;
#define INSTEAD(id, name, effect)                                                                                    \
    "{'id':'" id "','name':'" name "','type':'creature','life':3,'simple_strike':[1,1,1],'features':[{'src':1,"      \
    "'kind':'static','trigger':{'event':'would_die','source':'self'},'abilities':[{'type':'effect_ability',"         \
    "'effects':[" effect "]}]}]}"
    run_inline("{'active':1,'turn':3,'synthetic_cards':[" INSTEAD("test-ember", "Уголёк", "{'op':'heal','target':'self','X':1}")
               "," INSTEAD("test-phoenix", "Феникс", "{'op':'set_current_life','target':'self','X':1}") "],"
               "'cards':[{'card':'test-ember','owner':1,'cell':'c3','wounds':2},{'card':'test-phoenix','owner':1,"
               "'cell':'c4','wounds':2},{'card':'Воин','owner':2,'cell':'e6'},{'card':'Воин','owner':1,"
               "'cell':'a1'}]}",
               &m, &table);
    m.units[0].wounds = 4;
    m.units[1].wounds = 5;
    ck_assert_uint_eq(table.listen_any & BSK_LISTEN(BSK_WOULD_DIE), BSK_LISTEN(BSK_WOULD_DIE));
    /* the ember heals 1 instead (4 → 3 wounds, life 3): still no life, so not replaced */
    ck_assert(!engine_replace_death(&m, &table, 0, NULL));
    ck_assert_int_eq(m.units[0].wounds, 3);
    /* the phoenix keeps 1 life: replaced */
    ck_assert(engine_replace_death(&m, &table, 1, NULL));
    ck_assert_int_eq(m.units[1].wounds, 2);
    /* both through the funnel: the ember heals once and dies, the phoenix stays */
    m.units[0].wounds = 4;
    m.units[1].wounds = 5;
    int8_t dead[2] = {0, 1};
    engine_destroy(&m, &table, dead, 2, NULL);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_BATTLEFIELD);
    ck_assert_int_eq(m.units[1].wounds, 2);
}
END_TEST

/* fend6 (issue 23): incoming_reduce_attack_to reads its attack kinds (default the simple strike and the
 * counter-strike), X and strengths (a mask in `strength`), writes them back the same and is described; it is a
 * static feature's only; "strengths" belongs to it alone; on_attack_wounds takes "at_least". */
/* dice7 (issue 23): roll_twice reads its X (the bonus of equal dice), writes it back the same and is described; it
 * is a static feature's only, on its own card. */
/* focus8 (issue 23): trigger_concentration (glossary «Концентрация», 06-022) on a chosen card; next_roll_equals with a
 * roll trigger's "X" and "roller":"own" (519.5, 05-006); named_feature_modifier run by a trigger with a duration
 * (518.6, 05-028). Each reads, writes back the same and is described; the misuses are refused. */
/* batl9 (issue 23): 406.1's start of the battle (at_battle_start), the wrapper if_second_player (glossary «Если вы
 * ходите вторым (II)») and relocate's rows_2_3 read and write back; a start-of-battle feature names no role and no
 * limit of its own (406.1 gives it «один раз за бой», which the card table adds). */
START_TEST(test_batl9_vocabulary_round_trips_and_refusals)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'at_battle_start'},'condition':"
                                         "{'wrapper':'if_second_player'},"
                                         ABILITY("{'op':'relocate','target':'self','to':'rows_2_3'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"rows_2_3\"", "turn_of");
    assert_round_trip(&s->cards[0], false, "\"if_second_player\"", "source");
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_AT_BATTLE_START);
    ck_assert_int_eq(f->condition, BSK_FEATURE_IF_SECOND);
    ck_assert_int_eq(f->effects[0].param, BSK_RELOCATE_ROWS_2_3);
    ck_assert_int_eq(f->limit_per, BSK_LIMIT_NONE); /* the table's, not the reader's */
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "(if its controller goes second) at the start of the battle"), "%s", said);
    ck_assert_msg(strstr(said, "second or third row"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_battle_start','source':'self'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.source", "406.1");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_battle_start','turn_of':'self'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.turn_of", "406.1");
    refused(CARD_WITH("{'src':1,'kind':'triggered','limit':{'per':'battle','count':1},'trigger':{'event':'at_battle_start'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".limit", "406.1");
    /* 04-016 s3: «атаки существ с четными {health} по … сводятся к 1»: the filter's life parity, the reduce's against */
    s = one_feature("{'src':1,'kind':'static'," ABILITY("{'op':'incoming_reduce_attack_to','target':'self','X':1,'attack':"
                    "['shot'],'against':{'type':['creature'],'life':'even'}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"life\":\"even\"", NULL);
    f = &s->cards[0].features[0];
    ck_assert_int_ne(f->effects[0].against, 0);
    ck_assert_int_eq(s->cards[0].filters[f->effects[0].against - 1].filter.life_parity, BSK_FILTER_YES);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "made at this card by a card matching its filter"), "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                    "{'count':1,'filter':{'life':'odd'}},'effects':[{'op':'wound','target':'target','X':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"life\":\"odd\"", NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':1,'filter':{'life':'prime'}},'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities[0].target.filter.life", "even");
    /* 03-137 s1: «существо в первом ряду», either player's first row */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'at_battle_start'},'abilities':[{'type':'effect_ability',"
                    "'target':{'count':1,'filter':{'type':['creature'],'in_any_row':1}},'effects':[{'op':'wound','target':"
                    "'target','X':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"in_any_row\":1", "\"in_row\"");
    ck_assert_int_eq(s->cards[0].filters[s->cards[0].features[0].effects[0].filter - 1].filter.in_row, 4);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':1,'filter':{'in_row':1,'in_any_row':1}},'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities[0].target.filter.in_any_row", "one of");
}
END_TEST

/* prebattle12 (issue 23): a «до набора отряда» feature (403.1): the trigger before_recruitment with its gold, its own
 * card's way and a card of the deal put into the graveyard (05-166, 06-167). */
START_TEST(test_prebattle12_before_recruitment_round_trips_and_refusals)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'triggered','optional':true,'trigger':{'event':"
                                         "'before_recruitment','gold':2,'self':'graveyard'}}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"self\":\"graveyard\"", "abilities");
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->event, BSK_BEFORE_RECRUITMENT);
    ck_assert_int_eq(f->recruit_gold, 2);
    ck_assert_int_eq(f->recruit_self, BSK_BEFORE_SELF_GRAVEYARD);
    ck_assert_int_eq(f->effect_count, 0);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "before recruitment (403.1"), "%s", said);
    ck_assert_msg(strstr(said, "you may pay 2 gold crystals of your recruitment's (402.1) and put this card from your "
                                "deal into your graveyard"), "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','optional':true,'trigger':{'event':'before_recruitment','self':'squad',"
                    "'grave':{'type':['creature'],'cost':{'op':'<=','value':5}}}}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"grave\":{", "\"gold\"");
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->recruit_self, BSK_BEFORE_SELF_SQUAD);
    ck_assert_int_ne(f->trigger_filter, 0);
    ck_assert_int_eq(s->cards[0].filters[f->trigger_filter - 1].filter.cost_op, BSK_FILTER_COST_LE);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "take this card into your squad now, paying its cost (403.1.1"), "%s", said);
    ck_assert_msg(strstr(said, "put a card of your deal matching a filter into your graveyard"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'before_recruitment','gold':2}}"),
            F0 ".trigger.self", "missing");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'before_recruitment','self':'hand'}}"),
            F0 ".trigger.self", "403.1.1");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'before_recruitment','self':'squad','gold':0}}"),
            F0 ".trigger.gold", "402.1");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'before_recruitment','self':'squad','source':"
                      "'self'}}"),
            F0 ".trigger.source", "");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'before_recruitment','self':'squad','grave':"
                      "{'adjacent_to':'self'}}}"),
            F0 ".trigger.grave", "printed face");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','self':'graveyard'},"
                      ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.self", "403.1");
    refused(CARD_WITH("{'src':1,'kind':'triggered','limit':{'per':'battle','count':1},'trigger':{'event':"
                      "'before_recruitment','self':'squad'}}"),
            F0 ".trigger", "403.1");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'before_recruitment','self':'squad'},"
                      ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".abilities", "403.1");
}
END_TEST

START_TEST(test_focus8_vocabulary_round_trips_and_refusals)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'activated','cost':{'tap':true,'instant':false,'counters':0},"
                                         "'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'type':"
                                         "['creature'],'elements':['plains'],'side':'own'}},'effects':[{'op':"
                                         "'trigger_concentration','target':'target'}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"trigger_concentration\"", NULL);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_TRIGGER_CONCENTRATION);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "the concentration of a chosen card matching its filter triggers (whatever the turn and its "
                               "wounds)"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'trigger_concentration','target':'self','X':1}") "}"),
            F0 ".abilities[0].effects[0].X", "no value");
    /* 05-006: the next roll of any card of yours equals the frenzy roll */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'frenzy'},"
                    ABILITY("{'op':'next_roll_equals','target':'self','X':'X','roller':'own','duration':'end_of_turn'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"roller\":\"own\"", NULL);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].param, BSK_ROLLER_OWN);
    ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_X);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "the next die roll of a card of yours equals the roll that triggered this (X) until the "
                               "end of the turn"), "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_die_roll','source':'self'},"
                    ABILITY("{'op':'next_roll_equals','target':'self','X':'X'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, "roller");
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'next_roll_equals','target':'self','X':'X'}") "}"),
            F0 ".abilities", "frenzy / on_die_roll trigger's roll");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'frenzy'}," ABILITY("{'op':'next_roll_equals','target':'attacked','X':3,'roller':'own'}") "}"),
            F0 ".abilities", "\"target\":\"self\"");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'frenzy'}," ABILITY("{'op':'next_roll_equals','target':'self','X':3,'roller':'enemy'}") "}"),
            F0 ".abilities[0].effects[0].roller", "\"own\"");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'frenzy'}," ABILITY("{'op':'set_die_roll','target':'self','X':3,'roller':'own'}") "}"),
            F0 ".abilities[0].effects[0].roller", "only next_roll_equals");
    /* 05-028: +2 to its frenzy until the end of your turn, made by its concentration */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'concentration'},"
                    ABILITY("{'op':'named_feature_modifier','target':'self','feature':{'id':'frenzy'},'X':2,'duration':'end_of_next_turn'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"end_of_next_turn\"", NULL);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_NAMED_FEATURE_MODIFIER);
    ck_assert_int_eq(f->effects[0].keyword, BSK_KEYWORD_FRENZY);
    ck_assert_int_eq(f->effects[0].value.b, 2);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "this card gets +2 to its frenzy until the end of your next turn"), "%s", said);
    free(s);
}
END_TEST

START_TEST(test_turn10_strike_of_round_trips_and_refusals)
{
    char said[512];
    /* 03-111: −X to a chosen creature's ranged attacks, X its weak simple strike */
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'opponent'},'abilities':[{'type':"
        "'effect_ability','target':{'count':1,'filter':{'type':['creature']}},'effects':[{'op':'attack_modifier','target':"
        "'target','X':{'strike_of':'weak','times':-1},'duration':'end_of_turn','attack':['shot','throw']}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"strike_of\":\"weak\"", NULL);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_STRIKE_OF);
    ck_assert_int_eq(f->effects[0].value.a, -1);
    ck_assert_int_eq(f->effects[0].strength, 0);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "gets -X to its shot and throws until the end of the turn, X being that card's weak simple "
                               "strike"), "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},"
                    ABILITY("{'op':'wound','target':'self','X':{'strike_of':'strong'}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"strike_of\":\"strong\"", "times");
    ck_assert_int_eq(s->cards[0].features[0].effects[0].strength, 2);
    ck_assert_int_eq(s->cards[0].features[0].effects[0].value.a, 1);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'wound','target':'self','X':{'strike_of':'hard'}}") "}"),
            F0 ".abilities[0].effects[0].X", "strike_of");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'wound','target':'self','X':{'strike_of':'weak','times':2}}") "}"),
            F0 ".abilities[0].effects[0].X", "strike_of");
    /* 06-128: a trigger's «до двух» group */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'opponent'},'abilities':[{"
                    "'type':'effect_ability','target':{'count':2,'up_to':true,'filter':{'side':'enemy','within':3}},"
                    "'effects':[{'op':'wound','target':'target','X':1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"up_to\":true", NULL);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->target, BSK_TARGET_GROUP);
    ck_assert_int_eq(f->group_count, 2 | BSK_FEATURE_GROUP_UP_TO);
    ck_assert(BSK_FEATURE_GROUP_IS_UP_TO(f->group_count) && !BSK_FEATURE_GROUP_IS_UP_TO(BSK_FEATURE_GROUP_X));
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "up to 2 different chosen cards matching its filter"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':2,'up_to':true,'filter':{'side':'enemy'}},'effects':[{'op':'wound','target':'target','X':1}]}]}"),
            F0 ".abilities", "attacks only"); /* siege13: an activated «до N» is one of attacks */
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start'},'abilities':[{'type':"
                      "'effect_ability','target':{'count':1,'up_to':true,'filter':{'side':'enemy'}},'effects':[{'op':"
                      "'wound','target':'target','X':1}]}]}"),
            F0 ".abilities[0].target.up_to", "count");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start'},'abilities':[{'type':"
                      "'effect_ability','target':{'count':'X','filter':{'side':'enemy'}},'effects':[{'op':"
                      "'wound','target':'target','X':1}]}]}"),
            F0 ".abilities", "«до N»"); /* swap12: an exact N is read on a trigger; X is not */
}
END_TEST

/* farro13 (issue 23): 542.1.3 «игнорирует {zor} существ с магической особенностью» (03-032 s1); a given feature's
 * records naming the card that gave it "placer" (03-032 s2: «Концентрация: Фарро получает …») */
START_TEST(test_farro13_ignore_protection_and_given_placer)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'static'," ABILITY("{'op':'ignore_protection','target':'self','attack':['discharge'],"
                                            "'against':{'type':['creature'],'magic_ability':true}}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"op\":\"ignore_protection\"", NULL);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_IGNORE_PROTECTION);
    ck_assert_uint_eq(f->effects[0].param, 1u << BSK_STRIKE_DISCHARGE);
    ck_assert(f->effects[0].against != 0);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "this card's discharge attacks ignore the protections from them of a card matching its "
                               "filter"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'ignore_protection','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].attack", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY(
                          "{'op':'ignore_protection','target':'self','attack':['discharge']}") "}"),
            F0 ".abilities", "a static feature's");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'ignore_protection','target':'self','attack':['discharge'],"
                                                         "'X':1}") "}"),
            F0 ".abilities[0].effects[0].X", "no value");
    /* a given feature names its giver "placer"; another feature does not */
    s = one_feature("{'src':1,'kind':'triggered','given':true,'trigger':{'event':'concentration'}," ABILITY(
        "{'op':'attack_modifier','target':'placer','X':1,'duration':'next_attack_end_of_turn','attack':['discharge']}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"placer\"", NULL);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_PLACER);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "the card that gave this feature gets +1 to its next discharge"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'concentration'}," ABILITY(
                "{'op':'attack_modifier','target':'placer','X':1,'duration':'next_attack_end_of_turn','attack':['discharge']}") "}"),
            F0 ".abilities", "a given feature's too");
}
END_TEST

/* siege13 (issue 23): an activated «N или менее [атак] … по разным картам» (505.4.3, 04-018 s2): a group of 1..N
 * cards whose records are attacks, read, written back, said with its N; one with another record refused. */
START_TEST(test_siege13_activated_up_to_attacks)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature(
        "{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'throw','target':{'count':3,'up_to':true,"
        "'filter':{}},'values':1,'range':4}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"up_to\":true", NULL);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->kind, BSK_FEATURE_ACTIVATED);
    ck_assert_int_eq(f->target, BSK_TARGET_GROUP);
    ck_assert_int_eq(f->group_count, 3 | BSK_FEATURE_GROUP_UP_TO);
    ck_assert_int_eq(f->effects[0].op, BSK_OP_SPAWN_ATTACK);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "throw 1, range 4, at up to 3 different chosen cards matching its filter"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'throw','target':{'count':3,"
                      "'up_to':true,'filter':{}},'values':1,'range':4},{'type':'effect_ability',"
                      "'effects':[{'op':'heal','target':'self','X':1}]}]}"),
            F0 ".abilities", "attacks only");
}
END_TEST

START_TEST(test_dice7_roll_twice_round_trips_and_refusals)
{
    char said[512];
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static'," ABILITY("{'op':'roll_twice','target':'self','X':1}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_ROLL_TWICE);
    ck_assert_int_eq(f->effects[0].value.b, 1);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "rolls the die twice for an attack's strength and its controller chooses one value; on "
                               "equal values this card gets +1 to that attack"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'roll_twice','target':'self','X':1}") "}"),
            F0 ".abilities", "a static feature's");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'roll_twice','target':'all','X':1}") "}"),
            F0 ".abilities[0].effects[0].target", "");
    /* on_die_roll's "value": {"at_most": X} («равен 1 или менее», 04-024): BSK_ROLL_AT_MOST + X */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_die_roll','side':'any','filter':{'side':'own'},"
                    "'value':{'at_most':1}}," ABILITY("{'op':'side_prevention','target':'self','X':1,'duration':'end_of_opponent_turn'}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    f = &s->cards[0].features[0];
    ck_assert_int_eq(f->roll_value, BSK_ROLL_AT_MOST + 1);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "rolls 1 or less"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_die_roll','source':'self','value':{'at_most':7}}," ABILITY("{'op':'wound','target':'self','X':1}") "}"),
            F0 ".trigger.value", "at_most");
    /* on_destroys's "ability" (the attack kinds that destroyed: «уничтожает атакой») and its X (the excess damage) */
    s = one_feature("{'src':1,'kind':'triggered','trigger':{'event':'on_destroys','source':'self','ability':['shot']},"
                    ABILITY("{'op':'side_prevention','target':'self','X':'X','duration':'opponent_next_turn','max':4}") "}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    f = &s->cards[0].features[0];
    ck_assert_uint_eq(f->abilities, 1u << BSK_STRIKE_SHOT);
    ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_X);
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "by an attack (X: the excess damage): prevent the next X wounds"), "%s", said);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'side_prevention','target':'self','X':'X'}") "}"),
            F0 ".abilities", "excess damage");
}
END_TEST

START_TEST(test_fend6_vocabulary_round_trips_and_refusals)
{
    const char *const features[] = {
        "{'src':1,'kind':'static'," ABILITY("{'op':'incoming_reduce_attack_to','target':'self','X':1,'attack':['shot','discharge'],'strengths':['medium','strong']}") "}",
        "{'src':1,'kind':'static'," ABILITY("{'op':'incoming_reduce_attack_to','target':'self','X':2}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_attack_wounds','source':'self','at_least':3}," ABILITY("{'op':'wound','target':'self','X':3}") "}",
        "{'src':1,'kind':'static'," ABILITY("{'op':'gain_feature','target':'self','feature':{'id':'directed_strike'},'against':{'classes':['hero_mage']}}") "}",
    };
    char said[512];
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        bsk_synthetic_cards *s = one_feature(features[i]);
        ck_assert_msg(s != NULL, "%zu: %s: %s", i, error.path, error.message);
        assert_round_trip(&s->cards[0], false, NULL, NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        bsk_feature_describe(f, said, sizeof said);
        if (i == 0) {
            ck_assert_int_eq(f->effects[0].op, BSK_OP_INCOMING_REDUCE_ATTACK_TO);
            ck_assert_int_eq(f->effects[0].param, (1u << BSK_STRIKE_SHOT) | (1u << BSK_STRIKE_DISCHARGE));
            ck_assert_int_eq(f->effects[0].strength, (1u << 1) | (1u << 2));
            ck_assert_int_eq(f->effects[0].value.b, 1);
            ck_assert_msg(strstr(said, "shot, discharges made at this card, if medium or strong, are reduced to 1"), "%s", said);
        }
        if (i == 1) { /* «{strike} … сводятся к 2»: the simple strike and the counter-strike (515.4), any strength */
            ck_assert_int_eq(f->effects[0].param, (1u << BSK_STRIKE_SIMPLE) | (1u << BSK_STRIKE_COUNTER));
            ck_assert_int_eq(f->effects[0].strength, 0);
            ck_assert_msg(strstr(said, "counter strikes made at this card are reduced to 2"), "%s", said);
        }
        if (i == 2) {
            ck_assert_int_eq(f->at_least, 3);
            ck_assert_msg(strstr(said, "(3 or more from one attack)"), "%s", said);
        }
        if (i == 3) { /* 541.4.1: «{direct} по героям» */
            ck_assert_int_ne(f->effects[0].against, 0);
            ck_assert_msg(strstr(said, "gains directed_strike against a card matching its filter"), "%s", said);
        }
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'incoming_reduce_attack_to','target':'self','X':1}") "}"),
            F0 ".abilities", "a static feature's");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'reduce_attack_value_to','target':'self','X':1,'strengths':['weak']}") "}"),
            F0 ".abilities[0].effects[0].strengths", "only incoming_reduce_attack_to");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'incoming_reduce_attack_to','target':'self'}") "}"),
            F0 ".abilities[0].effects[0].X", "missing required field");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'gain_feature','target':'self','feature':{'id':'armor','X':1},'against':{}}") "}"),
            F0 ".abilities[0].effects[0].against", "a static grant of directed_strike");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'}," ABILITY("{'op':'gain_feature','target':'self','feature':{'id':'directed_strike'},'against':{'side':'enemy'}}") "}"),
            F0 ".abilities", "a static feature's (541.4.1)");
}
END_TEST

/* recruit7 (issue 23): recruit_cost_modifier (403.2.2) reads a signed X and a "count":"all" filter of printed fields
 * on the own side, writes them back the same and is described; a static feature's only; a filter reading the
 * battle zone (adjacent_to, a state, keywords), the enemy side, "self" or no X are refused. */
START_TEST(test_recruit7_vocabulary_round_trips_and_refusals)
{
    bsk_synthetic_cards *s = one_feature("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'type':['terrain'],'side':'own'}},'effects':[{'op':'recruit_cost_modifier','target':'target','X':-1}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    const bsk_feature *f = &s->cards[0].features[0];
    ck_assert_int_eq(f->effects[0].op, BSK_OP_RECRUIT_COST_MODIFIER);
    ck_assert_int_eq(f->effects[0].target, BSK_TARGET_ALL);
    ck_assert_int_eq(f->effects[0].value.b, -1);
    ck_assert_int_ne(f->effects[0].filter, 0);
    char said[512];
    bsk_feature_describe(f, said, sizeof said);
    ck_assert_msg(strstr(said, "squad at recruitment (403.2.2), each card of theirs matching its filter recruited after "
                               "it costs 1 crystal less"), "%s", said);
    free(s);
    s = one_feature("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'classes':['spirit'],'elite':false,'cost':{'op':'<=','value':3},'side':'own'}},'effects':[{'op':'recruit_cost_modifier','target':'target','X':2}]}]}");
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, NULL, NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self'},'abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'type':['terrain'],'side':'own'}},'effects':[{'op':'recruit_cost_modifier','target':'target','X':-1}]}]}"),
            F0 ".abilities", "a static feature's");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'type':['terrain'],'side':'enemy'}},'effects':[{'op':'recruit_cost_modifier','target':'target','X':-1}]}]}"),
            F0 ".abilities", "printed fields only");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'type':['terrain'],'side':'own','adjacent_to':'self'}},'effects':[{'op':'recruit_cost_modifier','target':'target','X':-1}]}]}"),
            F0 ".abilities", "printed fields only");
    refused(CARD_WITH("{'src':1,'kind':'static'," ABILITY("{'op':'recruit_cost_modifier','target':'self','X':-1}") "}"),
            F0 ".abilities[0].effects[0].target", "this op does not take that target");
    refused(CARD_WITH("{'src':1,'kind':'static','abilities':[{'type':'effect_ability','target':{'count':'all','filter':{'type':['terrain'],'side':'own'}},'effects':[{'op':'recruit_cost_modifier','target':'target'}]}]}"),
            F0 ".abilities[0].effects[0].X", "missing required field");
}
END_TEST

/* dice5 (issue 23): the durations roll and attack, {"x_of":K}, redirect's attack / from / by, the filter's
 * fewest_wounds, on_die_roll's "above_cost" and "during", no_wounds_from_attacks read into their fields and
 * write back the same; the words that do not fit are refused with the key named. */
START_TEST(test_dice5_vocabulary_round_trips_and_refusals)
{
    const char *const features[] = {
        "{'src':1,'kind':'activated','cost':{'tap':true,'instant':true},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{}},'effects':[{'op':'flip_die','target':'target','duration':'roll'}]}]}",
        "{'src':1,'kind':'activated','cost':{'tap':true,'instant':true},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'side':'own'}},'effects':[{'op':'set_attack_strength','target':'target','strength':'strong','duration':'attack'}]}]}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_wounds_taken','side':'any'},'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'heal','target':'attacked','X':{'x_of':'regeneration'}}]}]}",
        "{'src':1,'kind':'activated','cost':{'instant':true},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'adjacent_to':'actor'}},'effects':[{'op':'redirect','target':'target','attack':['discharge'],'from':{'side':'own'},'by':{'side':'enemy'}}]}]}",
        "{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','turn_of':'self'},'abilities':[{'type':'effect_ability','target':{'count':1,'filter':{'state':['wounded'],'fewest_wounds':true}},'effects':[{'op':'heal_full','target':'target'}]}]}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_die_roll','side':'enemy','value':'above_cost','during':'opponents_turn'},'abilities':[{'type':'effect_ability','target':{'ref':'attacked'},'effects':[{'op':'wound','target':'attacked','X':2}]}]}",
        "{'src':1,'kind':'static'," ABILITY("{'op':'no_wounds_from_attacks','target':'self','values':'even'}") "}",
    };
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        bsk_synthetic_cards *s = one_feature(features[i]);
        ck_assert_msg(s != NULL, "%zu: %s: %s", i, error.path, error.message);
        assert_round_trip(&s->cards[0], false, NULL, NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        if (i == 0)
            ck_assert_int_eq(f->effects[0].duration, BSK_FDURATION_ROLL);
        if (i == 1)
            ck_assert_int_eq(f->effects[0].duration, BSK_FDURATION_ATTACK);
        if (i == 2) {
            ck_assert_int_eq(f->effects[0].value.var, BSK_EXPR_X_OF);
            ck_assert_int_eq(f->effects[0].keyword, BSK_KEYWORD_REGENERATION);
        }
        if (i == 3) {
            ck_assert_int_eq(f->effects[0].param, 1u << BSK_STRIKE_DISCHARGE);
            ck_assert_int_ne(f->effects[0].from_filter, 0);
            ck_assert_int_ne(f->effects[0].by_filter, 0);
        }
        if (i == 5) {
            ck_assert_int_eq(f->roll_value, BSK_ROLL_ABOVE_COST);
            ck_assert_int_eq(f->during, BSK_DURING_OPPONENTS_TURN);
        }
        if (i == 6)
            ck_assert_int_eq(f->effects[0].param, BSK_VALUES_EVEN);
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1,'from':{}}") "}"),
            F0 ".abilities[0].effects[0].from", "only redirect names");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'wound','target':'self','X':1,'values':'even'}") "}"),
            F0 ".abilities[0].effects[0].values", "only no_wounds_from_attacks");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'at_turn_start','during':'own_turn'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.during", "names its turn already");
}
END_TEST

/* compound3 (issue 22, 505): an effect record's "link" (505.4), "optional" (505.6) and the dependent X
 * "previous" (505.7) read into the record and write back the same; the words say the links; what the
 * engine cannot run is refused with the key named. */
START_TEST(test_505_compound_links_round_trip_and_refusals)
{
    const char *const features[] = {
        "{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'heal','target':'self','X':2},{'op':'gain_counters','target':'self','n':1,'link':'else'}") "}",
        "{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'heal','target':'self','X':4},{'op':'wound','target':'self','X':'previous','link':'while_doing'}") "}",
        "{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'heal','target':'self','X':1,'optional':true},{'op':'gain_counters','target':'self','n':1,'link':'then_if'},{'op':'heal','target':'self','X':1,'link':'then'},{'op':'gain_counters','target':'self','n':'previous','link':'and'}") "}",
        /* incarn7 (505.4.8): «[A], при этом [B] или [C]» */
        "{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY("{'op':'heal','target':'self','X':1},{'op':'gain_counters','target':'self','n':1,'link':'while_doing'},{'op':'wound','target':'self','X':1,'link':'or'}") "}",
    };
    const char *const words[] = {
        "tap: heal this card by 2, otherwise this card gains 1 counter",
        "tap: heal this card by 4, and if that succeeded in full, wound this card by what the previous effect did",
        NULL,
        "tap: heal this card by 1, and if that succeeded in full, this card gains 1 counter, or, as its controller "
        "chooses, wound this card by 1",
    };
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        bsk_synthetic_cards *s = one_feature(features[i]);
        ck_assert_msg(s != NULL, "%s: %s: %s", features[i], error.path, error.message);
        assert_round_trip(&s->cards[0], false, "\"link\"", NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        char text[256];
        bsk_feature_describe(f, text, sizeof text);
        if (words[i])
            ck_assert_str_eq(text, words[i]);
        if (i == 1) {
            ck_assert_int_eq(f->effects[1].link, BSK_LINK_WHILE_DOING);
            ck_assert_int_eq(f->effects[1].value.var, BSK_EXPR_PREVIOUS);
        }
        if (i == 2) {
            ck_assert_int_eq(f->effect_count, 4);
            ck_assert_int_eq(f->effects[0].optional, 1);
            ck_assert_int_eq(f->effects[3].link, BSK_LINK_AND);
            ck_assert_ptr_nonnull(strstr(text, "optionally, heal"));
            ck_assert_ptr_nonnull(strstr(text, ", then if it did, "));
        }
        if (i == 3)
            ck_assert_int_eq(f->effects[2].link, BSK_LINK_OR);
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1,'link':'else'}") "}"),
            F0 ".abilities[0].effects[0].link", "the first effect has no record before it");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':'previous'}") "}"),
            F0 ".abilities[0].effects[0].X", "the first effect has no record before it");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1},{'op':'heal','target':'self','X':1,'link':'either'}") "}"),
            F0 ".abilities[0].effects[1].link", "expected and, else, then_if, while_doing, then or or");
    /* incarn7 (505.4.8): an «или» of records is a choice already: no optional record beside it */
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1,'optional':true},{'op':'heal','target':'self','X':1,'link':'or'}") "}"),
            F0 ".abilities[0].effects[1].link", "no optional record beside it");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{}," ABILITY("{'op':'heal','target':'self','X':1},{'op':'heal','target':'self','X':1,'optional':1}") "}"),
            F0 ".abilities[0].effects[1].optional", "expected true or false");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{},'abilities':[{'type':'effect_ability','mode':1,'effects':[{'op':'heal','target':'self','X':1}]},{'type':'effect_ability','mode':2,'effects':[{'op':'heal','target':'self','X':2,'optional':true}]}]}"),
            F0 ".abilities[1].effects[0].optional", "an «или» chooses one record");
}
END_TEST

/* events3 (issue 22): on_heal (523.4, 545.8 "first"), on_become_target (502.1), on_attack's fight_side and
 * miss (546.1, 546.2) read, write back the same, say their words and refuse what they cannot mean. */
START_TEST(test_events3_triggers_round_trip_and_refusals)
{
    const char *const features[] = {
        "{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self','ability':['simple_strike'],'fight_side':'assault','miss':'assault'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self','ability':['simple_strike'],'miss':'assault'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_attack','side':'own','fight_side':'defence','miss':'any'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_heal','source':'self'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_heal','filter':{'side':'own'},'first':'turn'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_heal','side':'enemy','first':'battle'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'on_become_target','source':'self'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
        "{'src':1,'kind':'triggered','trigger':{'event':'when_fights','source':'self'}," ABILITY("{'op':'gain_counters','target':'self','n':1}") "}",
    };
    const char *const words[] = {
        "when this card strikes with a simple strike in assault or misses in assault: this card gains 1 counter",
        "when this card strikes with a simple strike or misses in assault: this card gains 1 counter",
        "when another card of yours strikes while defending or misses: this card gains 1 counter",
        "when this card is healed: this card gains 1 counter",
        NULL,
        "when an enemy card is healed for the first time this battle among its side's cards: this card gains 1 counter",
        "when this card becomes a target: this card gains 1 counter",
        "when this card fights: this card gains 1 counter",
    };
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        bsk_synthetic_cards *s = one_feature(features[i]);
        ck_assert_msg(s != NULL, "%s: %s: %s", features[i], error.path, error.message);
        assert_round_trip(&s->cards[0], false, NULL, NULL);
        const bsk_feature *f = &s->cards[0].features[0];
        char text[256];
        bsk_feature_describe(f, text, sizeof text);
        if (words[i])
            ck_assert_str_eq(text, words[i]);
        if (i == 0) {
            ck_assert_int_eq(f->fight_side, BSK_FIGHT_ASSAULT);
            ck_assert_int_eq(f->miss, BSK_FIGHT_ASSAULT);
        }
        if (i == 2) {
            ck_assert_int_eq(f->fight_side, BSK_FIGHT_DEFENCE);
            ck_assert_int_eq(f->miss, BSK_FIGHT_ASSAULT | BSK_FIGHT_DEFENCE);
        }
        if (i == 4) {
            ck_assert_int_eq(f->event, BSK_ON_HEALED);
            ck_assert_int_eq(f->first_per, BSK_LIMIT_TURN);
        }
        if (i == 6)
            ck_assert_int_eq(f->event, BSK_ON_TARGETED);
        free(s);
    }
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_death','source':'self','fight_side':'assault'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.fight_side", "only an on_attack trigger names a side of the fight");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self','miss':'sometimes'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.miss", "expected assault, defence or any");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','role':'defending','miss':'any'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.miss", "not \"defending\"");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_wounds_taken','side':'own','first':'turn'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.first", "only on_heal and on_attack_wounds triggers");
    refused(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_heal','source':'self','first':'turn'}," ABILITY("{'op':'heal','target':'self','X':1}") "}"),
            F0 ".trigger.first", "give \"side\" or \"filter\"");
}
END_TEST

/* events3 (issue 22), 545.8: the heals are counted (bsk_match.heals) only when a card of the match hears
 * on_heal, a heal of an unwounded card too; the count is hashed only when set and the turn's goes at the
 * end of the turn (413.3), the battle's stays. */
START_TEST(test_events3_heals_counted_only_when_heard_and_hashed)
{
    static bsk_card_table table;
    static bsk_match m, before;
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':"
               "'creature','life':8,'simple_strike':[1,1,1]}]," QUIET_BOARD,
               &m, &table);
    engine_healed(&m, &table, 1, 0);
    ck_assert_int_eq(m.heals[0][0] | m.heals[0][1] | m.heals[1][0] | m.heals[1][1], 0); /* nobody hears it */
    run_inline("{'active':1,'turn':3,'synthetic_cards':[{'id':'test-listener','name':'Слушатель','type':'creature',"
               "'life':8,'simple_strike':[1,1,1],'features':[{'src':1,'kind':'triggered','trigger':{'event':"
               "'on_heal','side':'own','first':'turn'},'abilities':[{'type':'effect_ability','effects':[{'op':"
               "'gain_counters','target':'self','n':1}]}]}]}]," QUIET_BOARD,
               &m, &table);
    ck_assert_uint_eq(table.listen_any, BSK_LISTEN(BSK_ON_HEALED));
    before = m;
    int owner = m.units[1].owner;
    engine_healed(&m, &table, 1, 0); /* a heal of an unwounded card: counted, nothing raised (523.4) */
    ck_assert_int_eq(m.heals[owner - 1][0], 1);
    ck_assert_int_eq(m.heals[owner - 1][1], 1);
    ck_assert_int_eq(m.pending_count, 0);
    ck_assert_uint_ne(bsk_match_hash(&m), bsk_match_hash(&before));
    bsk_action end = {BSK_ACT_END_TURN, 1, -1, -1, -1, -1, -1, -1};
    ck_assert_int_eq(bsk_match_apply(&m, &table, &end, NULL, &error), BSK_OK);
    ck_assert_int_eq(m.heals[owner - 1][0], 0); /* 413.3: this turn's count goes */
    ck_assert_int_eq(m.heals[owner - 1][1], 1); /* the battle's stays */
}
END_TEST

/* Issue 22 §1 (branch acquired4): gain_feature {"card":"target","src":N}, «получает особенность [цели]»: the
 * feature's own card acquires feature N of the card it targets; read, written back the same, worded, and
 * refused with its JSON path where it has no one card to read or another card would acquire it. */
START_TEST(test_synthetic_gain_feature_of_the_target)
{
    bsk_synthetic_cards *s = parse_cards(CARD_WITH(
        "{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':{'count':1,"
        "'filter':{'not_self':true}},'effects':[{'op':'gain_feature','target':'self','feature':{'card':'target',"
        "'src':2},'duration':'end_of_turn'}]}]}"));
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    const bsk_feature_effect *ef = &s->cards[0].features[0].effects[0];
    ck_assert_int_eq(ef->op, BSK_OP_GAIN_FEATURE);
    ck_assert_int_eq(ef->feature_src, 2);
    ck_assert_int_eq(ef->feature_card, BSK_FEATURE_CARD_TARGET);
    ck_assert_int_eq(ef->target, BSK_TARGET_SELF);
    assert_round_trip(&s->cards[0], false, "\"card\":\"target\"", NULL);
    char words[256];
    bsk_feature_describe(&s->cards[0].features[0], words, sizeof words);
    ck_assert_msg(strstr(words, "gains feature 2 of the card it targets") != NULL, "%s", words);
    free(s);
    /* an on_attack trigger reads the attacked's card */
    s = parse_cards(CARD_WITH("{'src':1,'kind':'triggered','trigger':{'event':'on_attack','source':'self'},"
                              "'abilities':[{'type':'effect_ability','effects':[{'op':"
                              "'gain_feature','target':'self','feature':{'card':'target','src':1}}]}]}"));
    ck_assert_msg(s != NULL, "%s: %s", error.path, error.message);
    assert_round_trip(&s->cards[0], false, "\"card\":\"target\"", NULL);
    free(s);
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true},'abilities':[{'type':'effect_ability','target':"
                      "{'count':1,'filter':{'not_self':true}},'effects':[{'op':'gain_feature','target':'target',"
                      "'feature':{'card':'target','src':2}}]}]}"),
            F0 ".abilities[0].effects[0].target", "acquired by the feature's own card");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY(
                "{'op':'gain_feature','target':'self','feature':{'card':'target','src':2}}") "}"),
            F0 ".abilities", "needs one card the feature targets");
    refused(CARD_WITH("{'src':1,'kind':'activated','cost':{'tap':true}," ABILITY(
                "{'op':'gain_feature','target':'self','feature':{'card':'Тест','src':2}}") "}"),
            F0 ".abilities[0].effects[0].feature.card", "\"target\" (the card it targets)");
}
END_TEST

Suite *synthetic_suite(void)
{
    Suite *s = suite_create("synthetic");
    TCase *t = tcase_create("synthetic");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_synthetic_reads_card_fields_and_features);
    tcase_add_test(t, test_synthetic_feature_vocabulary_round_trips);
    tcase_add_test(t, test_synthetic_wrapper_conditions_round_trip);
    tcase_add_test(t, test_static2_features_round_trip_and_refusals);
    tcase_add_test(t, test_costs4_prepaid_costs_round_trip_and_refusals); /* branch costs4 */
    tcase_add_test(t, test_synthetic_errors_name_the_json_path);
    tcase_add_test(t, test_synthetic_card_filters);
    tcase_add_test(t, test_synthetic_keyword_frame_events);
    tcase_add_test(t, test_synthetic_ops_with_parameters);
    tcase_add_test(t, test_synthetic_limit_read_and_written_back);
    tcase_add_test(t, test_synthetic_ops2_read_and_written_back);
    tcase_add_test(t, test_synthetic_dice3_read_and_written_back);
    tcase_add_test(t, test_synthetic_block_and_prevention_with_no_number); /* branch block3 */
    tcase_add_test(t, test_synthetic_find_by_id_then_name);
    tcase_add_test(t, test_synthetic_gain_feature_of_the_target); /* branch acquired4 */
    tcase_add_test(t, test_synthetic_table_adds_features_in_slot_order);
    tcase_add_test(t, test_trig4_attack_of_another_card); /* trig4 */
    tcase_add_test(t, test_grave5_spell_ability);         /* grave5 */
    tcase_add_test(t, test_inc9_gain_incarnation);        /* inc9 */
    tcase_add_test(t, test_recruit11_incarnation_cell_permission); /* recruit11 */
    tcase_add_test(t, test_grave10_deck_to_graveyard);    /* grave10 */
    tcase_add_test(t, test_spawn11_summon_and_given);     /* spawn11 */
    tcase_add_test(t, test_grave10_host_and_life_of);     /* grave10 */
    tcase_add_test(t, test_trig5_attack_wounds_against_moved_this_turn); /* trig5 */
    tcase_add_test(t, test_move8_same_cell_magic_ability_back_attack_gain); /* move8 */
    tcase_add_test(t, test_token6_within_no_untap);                      /* token6 */
    tcase_add_test(t, test_cell7_cell_markers);                          /* cell7 */
    tcase_add_test(t, test_spawn8_lethal_teleport_attacker);             /* spawn8 */
    tcase_add_test(t, test_mark9_marker_features);                       /* mark9 */
    tcase_add_test(t, test_vamp8_effect_wounds_magic_ability_extra_life); /* vamp8 */
    tcase_add_test(t, test_fight9_fight_as_with_an_open_creature); /* fight9 */
    tcase_add_test(t, test_guard10_armor_left);                          /* guard10 */
    tcase_add_test(t, test_guard10_partial_protection_and_count_more);   /* guard10 */
    tcase_add_test(t, test_feature_json_writes_table_filters);
    tcase_add_test(t, test_512_6_3_position_cancel_declared_in_its_window);
    tcase_add_test(t, test_synthetic_cards_file_is_relative_to_the_position);
    tcase_add_test(t, test_305_1_game_log_with_synthetic_cards_replays);
    tcase_add_test(t, test_305_1_order_and_feature_records_round_trip);
    tcase_add_test(t, test_505_compound_links_round_trip_and_refusals);
    tcase_add_test(t, test_dice5_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_fend6_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_recruit7_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_dice7_roll_twice_round_trips_and_refusals);
    tcase_add_test(t, test_focus8_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_turn10_strike_of_round_trips_and_refusals);
    tcase_add_test(t, test_siege13_activated_up_to_attacks);
    tcase_add_test(t, test_farro13_ignore_protection_and_given_placer); /* farro13 */
    tcase_add_test(t, test_batl9_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_prebattle12_before_recruitment_round_trips_and_refusals);
    tcase_add_test(t, test_react10_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_move11_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_count12_x_lives_movement_forward_round_trips_and_refusals);
    tcase_add_test(t, test_swap12_vocabulary_round_trips_and_refusals);
    tcase_add_test(t, test_blow11_finishing_blow_kind_round_trips_and_refusals);
    tcase_add_test(t, test_strike13_finishing_blow_ability_round_trips_and_refusals);
    tcase_add_test(t, test_events3_triggers_round_trip_and_refusals);
    suite_add_tcase(s, t);
    TCase *f = tcase_create("features");
    tcase_add_checked_fixture(f, setup, teardown);
    tcase_add_test(f, test_feature_op_table_properties);
    tcase_add_test(f, test_feature_each_op_applied);
    tcase_add_test(f, test_feature_event_fast_exit);
    tcase_add_test(f, test_synthetic_attack_ability_round_trips);
    tcase_add_test(f, test_catalogue_feature_keeps_its_marker_name);
    tcase_add_test(f, test_feature_event_self_listeners_only_their_own);
    tcase_add_test(f, test_535_replacement_once_per_death);
    tcase_add_test(f, test_frames_history_kept_only_when_heard_and_hashed);
    tcase_add_test(f, test_events3_heals_counted_only_when_heard_and_hashed);
    tcase_add_test(f, test_werewolf_form_apart_from_the_unit_flags);
    tcase_add_test(f, test_rebuff_bit_per_player);
    suite_add_tcase(s, f);
    return s;
}
