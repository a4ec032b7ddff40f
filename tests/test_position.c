/* test_position.c — the position vocabulary and runner (berserk/position.h) and their codecs
 * (formats/position_file.c, formats/game_log.c) on synthetic cards: records to JSON and back, position
 * files with every set-up field, the runner's fights with fixed dice (515.3 hit table, step-down),
 * its dice and decision errors, and game logs of a position and of a whole game replayed to the
 * same hash, with a tampered roll refused. */
#include "berserk/agent.h"
#include "berserk/placement.h"
#include "berserk/position.h"
#include "engine_fixture.h"
#include "formats.h"
#include "game_log.h"
#include "position_file.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bsk_pool pool;
static bsk_error error;

/* "Воин" (t-001): a plain ground creature, life 8, strike 1-2-3, movement 2, price 3;
 * "Страж" (t-002): the same with life 5; "Спутник" (t-003): a companion with life 4. */
static void add_card(const char *id, const char *name, int life, int subtype)
{
    bsk_card card;
    memset(&card, 0, sizeof card);
    snprintf(card.id, sizeof card.id, "%s", id);
    snprintf(card.name, sizeof card.name, "%s", name);
    snprintf(card.set, sizeof card.set, "01");
    card.nxt_id = BSK_UNSET;
    card.number = BSK_UNSET;
    card.class_count = 0;
    card.cost = 3;
    card.elements = 1u << BSK_ELEMENT_FORESTS;
    card.type = BSK_TYPE_CREATURE;
    card.subtype = (uint8_t)subtype;
    card.life = (int16_t)life;
    card.movement = 2;
    card.simple_strike[0] = 1;
    card.simple_strike[1] = 2;
    card.simple_strike[2] = 3;
    ck_assert_int_eq(bsk_pool_add(&pool, &card, &error), BSK_OK);
}

static void setup(void)
{
    bsk_error_clear(&error);
    bsk_pool_init(&pool);
    add_card("t-001", "Воин", 8, BSK_SUBTYPE_GROUND);
    add_card("t-002", "Страж", 5, BSK_SUBTYPE_GROUND);
    add_card("t-003", "Спутник", 4, BSK_SUBTYPE_COMPANION);
    add_card("t-004", "Птица", 3, BSK_SUBTYPE_FLYER);
    ck_assert_int_eq(bsk_pool_index(&pool, &error), BSK_OK);
}

static void teardown(void) { bsk_pool_free(&pool); }

static bsk_position_file *parse(const char *text)
{
    bsk_position_file *file = malloc(sizeof *file);
    ck_assert_ptr_nonnull(file);
    bsk_status status = bsk_position_parse(text, strlen(text), "p.json", &pool, file, &error);
    if (status) {
        free(file);
        return NULL;
    }
    return file;
}

/* ---- Records ---- */

static void roundtrip(const bsk_record *r, int allowed)
{
    json_t *value = bsk_record_json(r);
    bsk_json_reader ctx = {"log", "log.syntax", "log.record", &error};
    bsk_record back;
    ck_assert_int_eq(bsk_record_parse_json(&ctx, "", value, &pool, allowed, &back), BSK_OK);
    json_decref(value);
    ck_assert_int_eq(back.type, r->type);
    ck_assert_int_eq(back.kind, r->kind);
    ck_assert_int_eq(back.player, r->player);
    ck_assert_int_eq(back.flag, r->flag);
    ck_assert_str_eq(back.from, r->from);
    ck_assert_str_eq(back.to, r->to);
    ck_assert_int_eq(back.index, r->index);
    ck_assert_int_eq(back.gold, r->gold);
    ck_assert_int_eq(back.silver, r->silver);
    ck_assert_int_eq(back.value, r->value);
    ck_assert_str_eq(back.card, r->card);
}

START_TEST(test_records_round_trip_through_json)
{
    const int any = BSK_RECORD_JSON_DECLARATION | BSK_RECORD_JSON_ANSWER | BSK_RECORD_JSON_ROLL;
    bsk_record r;
    bsk_record_init(&r, BSK_ACT_ATTACK, 1);
    strcpy(r.from, "c3");
    strcpy(r.to, "c4");
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_ABILITY, 2);
    strcpy(r.from, "2x1");
    strcpy(r.to, "b2");
    r.index = 1;
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_ATTACK, 1); /* DESIGN §5 `card`: one of two cards on a cell */
    strcpy(r.from, "c3");
    strcpy(r.to, "c4");
    strcpy(r.card, "Спутник");
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_END_TURN, 2);
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_GUARD, 2);
    strcpy(r.from, "b4");
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_GUARD, 2); /* no guard: {"guard":null} */
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_STEP_DOWN, 1);
    r.flag = true;
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_TAKE, 1);
    strcpy(r.card, "Воин");
    r.gold = 1;
    r.silver = 2;
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_PLACE, 1);
    strcpy(r.card, "Страж");
    strcpy(r.to, "c2");
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_HOST, 2);
    strcpy(r.from, "b5");
    strcpy(r.to, "c4");
    roundtrip(&r, any);
    bsk_record_init(&r, BSK_ACT_PASS, 1);
    r.type = BSK_RECORD_ROLL;
    r.value = 6;
    strcpy(r.from, "c3");
    roundtrip(&r, any);
}
END_TEST

START_TEST(test_record_json_shapes_of_design_5)
{
    bsk_record r;
    bsk_record_init(&r, BSK_ACT_ATTACK, 1);
    strcpy(r.from, "c3");
    strcpy(r.to, "c4");
    json_t *value = bsk_record_json(&r);
    char *text = json_dumps(value, JSON_COMPACT | JSON_PRESERVE_ORDER);
    ck_assert_str_eq(text, "{\"player\":1,\"do\":\"attack\",\"from\":\"c3\",\"to\":\"c4\"}");
    free(text);
    json_decref(value);
    bsk_record_init(&r, BSK_ACT_PASS, 1);
    r.type = BSK_RECORD_ROLL;
    r.value = 6;
    strcpy(r.from, "c3");
    value = bsk_record_json(&r);
    text = json_dumps(value, JSON_COMPACT | JSON_PRESERVE_ORDER);
    ck_assert_str_eq(text, "{\"roll\":6,\"player\":1,\"card\":\"c3\"}");
    free(text);
    json_decref(value);
}
END_TEST

/* ---- Position files ---- */

START_TEST(test_position_file_reads_every_setup_field)
{
    bsk_position_file *f = parse(
        "{\"active\":2,\"turn\":4,\"cards\":["
        "{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\",\"wounds\":2,\"tapped\":true,\"counters\":1,\"poison\":2},"
        "{\"card\":\"t-002\",\"owner\":2,\"cell\":\"b6\",\"hidden\":true},"
        "{\"card\":\"воин\",\"owner\":2,\"zone\":\"graveyard\"},"
        "{\"card\":\"Страж\",\"owner\":1,\"zone\":\"extra\"}],"
        "\"dice\":[6,1],"
        "\"actions\":[{\"player\":2,\"do\":\"move\",\"from\":\"b6\",\"to\":\"b5\"},"
        "{\"player\":1,\"do\":\"ability\",\"from\":\"x1\",\"index\":0}],"
        "\"decisions\":[{\"player\":1,\"guard\":null},{\"player\":2,\"take\":\"Воин\",\"gold\":1,\"silver\":2}]}");
    ck_assert_ptr_nonnull(f);
    const bsk_position *p = &f->position;
    ck_assert_int_eq(p->active, 2);
    ck_assert_int_eq(p->turn, 4);
    ck_assert_int_eq(p->card_count, 4);
    ck_assert_str_eq(p->cards[0].card->id, "t-001");
    ck_assert_int_eq(p->cards[0].cell, bsk_cell_parse("c3"));
    ck_assert_int_eq(p->cards[0].wounds, 2);
    ck_assert(p->cards[0].tapped);
    ck_assert_int_eq(p->cards[0].counters, 1);
    ck_assert_int_eq(p->cards[0].poison, 2);
    ck_assert(p->cards[1].hidden);
    ck_assert_str_eq(p->cards[1].card->name, "Страж");
    ck_assert_int_eq(p->cards[2].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(p->cards[2].cell, -1);
    ck_assert_int_eq(p->cards[3].zone, BSK_ZONE_EXTRA);
    ck_assert_int_eq(p->dice_count, 2);
    ck_assert_int_eq(p->dice[0], 6);
    ck_assert_int_eq(f->action_count, 2);
    ck_assert_int_eq(f->actions[1].kind, BSK_ACT_ABILITY);
    ck_assert_str_eq(f->actions[1].from, "x1");
    ck_assert_int_eq(f->decision_count, 2);
    ck_assert_int_eq(f->decisions[0].kind, BSK_ACT_GUARD);
    ck_assert_str_eq(f->decisions[0].from, "");
    ck_assert_str_eq(f->decisions[1].card, "Воин");
    ck_assert_int_eq(f->decisions[1].gold, 1);
    free(f);
}
END_TEST

START_TEST(test_position_file_reads_start_seed_moved_and_card)
{
    bsk_position_file *f = parse("{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\","
                                 "\"moved\":1},{\"card\":\"Воин\",\"owner\":1,\"zone\":\"deck\"}],"
                                 "\"actions\":[{\"player\":1,\"do\":\"attack\",\"from\":\"c3\",\"card\":\"Воин\","
                                 "\"to\":\"c4\"}]}");
    ck_assert_ptr_nonnull(f);
    ck_assert(f->position.ask_choice); /* DESIGN §5: every position file's turns end at end_turn */
    ck_assert_int_eq(f->position.start, BSK_POSITION_START_CHOICE);
    ck_assert_uint_eq(f->position.seed, 1); /* the default seed */
    ck_assert_int_eq(f->position.cards[0].moved, 1);
    ck_assert_str_eq(f->actions[0].card, "Воин");
    free(f);
    f = parse("{\"active\":1,\"turn\":3,\"start\":\"turn\",\"seed\":7,\"cards\":[]}");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->position.start, BSK_POSITION_START_TURN);
    ck_assert_uint_eq(f->position.seed, 7);
    json_t *setup = bsk_position_setup_json(f); /* a log's header keeps them for the replay */
    ck_assert_str_eq(json_string_value(json_object_get(setup, "start")), "turn");
    ck_assert_int_eq(json_integer_value(json_object_get(setup, "seed")), 7);
    json_decref(setup);
    free(f);
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":3,\"start\":\"battle\",\"cards\":[{\"card\":\"Воин\","
                             "\"owner\":1,\"cell\":\"c3\",\"moved\":1}]}"));
    ck_assert_str_eq(error.path, "cards[0].moved");
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":3,\"start\":\"later\",\"cards\":[]}"));
    ck_assert_str_eq(error.path, "start");
}
END_TEST

/* DESIGN §5: what only the card-feature machinery can honour is refused at its path, never ignored. */
START_TEST(test_position_refuses_fields_only_features_can_honour)
{
    /* named markers, {"card","src"} gains, src and source are honoured since issue 22 (branch posio) */
    static const char *const cases[][2] = {
        {"\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\",\"gains\":[\"shot\"]}]", "cards[0].gains[0]"},
        {"\"cards\":[],\"actions\":[{\"player\":1,\"do\":\"feature\",\"from\":\"c3\",\"index\":0,\"at\":\"roll\"}]",
         "actions[0].at"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "{\"active\":1,\"turn\":3,%s}", cases[i][0]);
        ck_assert_msg(parse(text) == NULL, "%s was accepted", cases[i][1]);
        ck_assert_str_eq(error.path, cases[i][1]);
        ck_assert_int_eq(error.code, BSK_ERR_INVALID);
        ck_assert_ptr_nonnull(strstr(error.message, "not honoured yet"));
    }
    /* src and source belong to a feature declaration (DESIGN §5) */
    static const char *const wrong[][2] = {
        {"\"cards\":[],\"actions\":[{\"player\":1,\"do\":\"ability\",\"from\":\"c3\",\"index\":0,\"src\":2}]", "actions[0].src"},
        {"\"cards\":[],\"actions\":[{\"player\":1,\"do\":\"ability\",\"from\":\"c3\",\"index\":0,\"source\":\"c2\"}]",
         "actions[0].source"}};
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "{\"active\":1,\"turn\":3,%s}", wrong[i][0]);
        ck_assert_msg(parse(text) == NULL, "%s was accepted", wrong[i][1]);
        ck_assert_str_eq(error.path, wrong[i][1]);
        ck_assert_ptr_nonnull(strstr(error.message, "takes no"));
    }
}
END_TEST

START_TEST(test_position_unknown_card_names_path_and_nearest)
{
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":1,\"cards\":[{\"card\":\"Воинн\",\"owner\":1,\"cell\":\"c3\"}]}"));
    ck_assert_str_eq(error.path, "cards[0].card");
    ck_assert_ptr_nonnull(strstr(error.message, "unknown card \"Воинн\"; did you mean: Воин"));
}
END_TEST

START_TEST(test_407_1_active_player_must_match_the_turn)
{
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":2,\"cards\":[]}"));
    ck_assert_str_eq(error.path, "active");
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":1,\"cards\":[],\"dice\":[0]}"));
    ck_assert_str_eq(error.path, "dice[0]");
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":1,\"cards\":[],\"actions\":[{\"player\":1,\"guard\":\"b4\"}]}"));
    ck_assert_str_eq(error.path, "actions[0]");
    ck_assert_ptr_null(parse("{\"active\":1,\"turn\":1,\"cards\":[],"
                             "\"decisions\":[{\"player\":1,\"guard\":\"b4\",\"step_down\":true}]}"));
    ck_assert_str_eq(error.path, "decisions[0]");
}
END_TEST

/* ---- The runner ---- */

typedef struct run_result {
    bsk_match match;
    bsk_card_table cards;
    bsk_record records[256];
    bsk_record_list log;
    bsk_position_outcome outcome;
    bsk_status status;
} run_result;

static run_result *run_position(const char *text)
{
    bsk_position_file *f = parse(text);
    ck_assert_msg(f != NULL, "%s", error.message);
    run_result *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    bsk_card_table_init(&r->cards);
    ck_assert_int_eq(bsk_match_from_position(&r->match, &r->cards, &f->position, &error), BSK_OK);
    bsk_position_script script = {f->actions, f->action_count, f->decisions, f->decision_count};
    r->log = (bsk_record_list){r->records, 0, 256, 0};
    bsk_event events[64];
    r->status = bsk_position_run(&r->match, &r->cards, &script, events, 64, &r->log, &r->outcome);
    free(f);
    return r;
}

#define FIGHT(DICE, DECISIONS)                                                                               \
    "{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},"                   \
    "{\"card\":\"Воин\",\"owner\":1,\"cell\":\"a1\"},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c4\"}],"      \
    "\"dice\":" DICE ",\"actions\":[{\"player\":1,\"do\":\"attack\",\"from\":\"c3\",\"to\":\"c4\"}],"        \
    "\"decisions\":" DECISIONS "}"

START_TEST(test_515_3_diff_plus2_step_down_weak_strike_no_counter)
{
    run_result *r = run_position(FIGHT("[5,3]", "[{\"player\":1,\"step_down\":true}]"));
    ck_assert_int_eq(r->status, BSK_OK);
    ck_assert_int_eq(r->match.units[0].wounds, 0);
    ck_assert_int_eq(r->match.units[2].wounds, 1);
    /* attack, roll, roll, step_down */
    ck_assert_int_eq((int)r->log.count, 4);
    ck_assert_int_eq(r->log.items[1].type, BSK_RECORD_ROLL);
    ck_assert_int_eq(r->log.items[1].value, 5);
    ck_assert_str_eq(r->log.items[1].from, "c3");
    ck_assert_int_eq(r->log.items[2].value, 3);
    ck_assert_str_eq(r->log.items[2].from, "c4");
    ck_assert_int_eq(r->log.items[3].kind, BSK_ACT_STEP_DOWN);
    ck_assert(r->log.items[3].flag);
    free(r);
}
END_TEST

START_TEST(test_515_3_diff_plus2_default_is_the_exchange)
{
    run_result *r = run_position(FIGHT("[5,3]", "[]"));
    ck_assert_int_eq(r->status, BSK_OK);
    ck_assert_int_eq(r->match.units[0].wounds, 1);
    ck_assert_int_eq(r->match.units[2].wounds, 2);
    ck_assert(!r->log.items[3].flag);
    free(r);
}
END_TEST

START_TEST(test_515_3_diff_plus1_no_step_down_question)
{
    run_result *r = run_position(FIGHT("[5,4]", "[{\"player\":1,\"step_down\":true}]"));
    ck_assert_int_eq(r->status, BSK_ERR_INVALID);
    ck_assert_int_eq(r->outcome.stop, BSK_POSITION_ILLEGAL);
    ck_assert_str_eq(r->outcome.code, "decision_not_asked");
    ck_assert_str_eq(r->outcome.step, "decisions");
    ck_assert_int_eq(r->outcome.index, 0);
    ck_assert_int_eq(r->match.units[2].wounds, 1); /* the weak strike landed */
    free(r);
}
END_TEST

START_TEST(test_position_dice_run_out_and_left_over)
{
    run_result *r = run_position(FIGHT("[5]", "[]"));
    ck_assert_int_eq(r->outcome.stop, BSK_POSITION_BAD_DICE);
    ck_assert_str_eq(r->outcome.code, "dice_exhausted");
    ck_assert_str_eq(r->outcome.error.message, "the position's dice ran out");
    free(r);
    r = run_position(FIGHT("[5,3,1]", "[]"));
    ck_assert_int_eq(r->outcome.stop, BSK_POSITION_BAD_DICE);
    ck_assert_str_eq(r->outcome.code, "dice_left");
    free(r);
}
END_TEST

START_TEST(test_504_attack_from_an_empty_cell_is_illegal)
{
    run_result *r = run_position("{\"active\":1,\"turn\":1,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},"
                                 "{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c4\"}],"
                                 "\"actions\":[{\"player\":1,\"do\":\"attack\",\"from\":\"d3\",\"to\":\"c4\"}]}");
    ck_assert_int_eq(r->outcome.stop, BSK_POSITION_ILLEGAL);
    ck_assert_str_eq(r->outcome.code, "illegal_declaration");
    ck_assert_str_eq(r->outcome.error.rule, "504");
    ck_assert_int_eq((int)r->log.count, 0);
    free(r);
}
END_TEST

/* 411.1, DESIGN §5: the active player holds priority in the Choice subphase even with nothing
 * left to do; another player's action then is illegal, and the run stops before any untap. */
START_TEST(test_411_1_turn_ends_only_at_an_end_turn_action)
{
    run_result *r = run_position("{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\","
                                 "\"tapped\":true},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c5\"}],"
                                 "\"actions\":[{\"player\":2,\"do\":\"move\",\"from\":\"c5\",\"to\":\"c4\"}]}");
    ck_assert_int_eq(r->outcome.stop, BSK_POSITION_ILLEGAL);
    ck_assert_str_eq(r->outcome.code, "illegal_declaration");
    ck_assert_str_eq(r->outcome.error.rule, "411.1");
    ck_assert_int_eq(r->outcome.index, 0);
    ck_assert_int_eq(r->match.turn, 3);
    free(r);
    r = run_position("{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\","
                     "\"tapped\":true},{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c5\",\"tapped\":true}],"
                     "\"actions\":[{\"player\":1,\"do\":\"end_turn\"},"
                     "{\"player\":2,\"do\":\"move\",\"from\":\"c5\",\"to\":\"c4\"}]}");
    ck_assert_int_eq(r->status, BSK_OK);
    ck_assert_int_eq(r->match.turn, 4);                              /* crossed by the end_turn */
    ck_assert(r->match.units[0].flags & BSK_UNIT_TAPPED);            /* player 1's card: not its untap */
    ck_assert_int_eq(bsk_match_to_act(&r->match), 2);                /* stopped at player 2's Choice */
    ck_assert_int_eq((int)r->log.count, 2);
    free(r);
}
END_TEST

START_TEST(test_509_1_wounds_at_life_are_refused_naming_the_card)
{
    bsk_position_file *f = parse("{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},"
                                 "{\"card\":\"Страж\",\"owner\":2,\"cell\":\"c4\",\"wounds\":5}]}");
    ck_assert_ptr_nonnull(f);
    bsk_match *m = malloc(sizeof *m);
    bsk_card_table *cards = malloc(sizeof *cards);
    bsk_card_table_init(cards);
    ck_assert_int_eq(bsk_match_from_position(m, cards, &f->position, &error), BSK_ERR_INVALID);
    ck_assert_str_eq(error.rule, "509.1");
    ck_assert_ptr_nonnull(strstr(error.message, "cards[1].wounds: Страж has 5 wounds"));
    f->position.cards[1].wounds = 4; /* one life left: fine */
    bsk_card_table_init(cards);
    ck_assert_int_eq(bsk_match_from_position(m, cards, &f->position, &error), BSK_OK);
    free(cards);
    free(m);
    free(f);
}
END_TEST

START_TEST(test_204_deck_is_listed_top_first)
{
    run_result *r = run_position("{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},"
                                 "{\"card\":\"Воин\",\"owner\":2,\"cell\":\"c5\"},"
                                 "{\"card\":\"Страж\",\"owner\":1,\"zone\":\"deck\"},"
                                 "{\"card\":\"Воин\",\"owner\":1,\"zone\":\"deck\"}]}");
    const bsk_match_side *side = &r->match.sides[0];
    ck_assert_int_eq(side->deck_count, 2);
    ck_assert_int_eq(side->deck[0], r->match.units[2].slot); /* Страж on top */
    ck_assert_int_eq(side->deck[1], r->match.units[3].slot);
    ck_assert_int_eq(r->match.sides[1].deck_count, 0);
    free(r);
}
END_TEST

/* 533.9, 533.6, 107.2 d: with a face-down card of the opponent the flyer tap is never offered, so the
 * legal list is the same whatever that card is (it does not leak); with every card open it is. */
START_TEST(test_533_9_flyer_tap_list_does_not_read_a_hidden_card)
{
    static const char *const hidden[2] = {"Птица", "Страж"};
    static bsk_action lists[2][BSK_MATCH_LEGAL_MAX];
    static bsk_match_view views[2];
    int counts[2];
    for (int k = 0; k < 2; k++) {
        char text[512];
        snprintf(text, sizeof text,
                 "{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},"
                 "{\"card\":\"Птица\",\"owner\":2,\"zone\":\"extra\"},"
                 "{\"card\":\"%s\",\"owner\":2,\"cell\":\"a6\",\"hidden\":true}]}",
                 hidden[k]);
        run_result *r = run_position(text);
        counts[k] = bsk_match_legal(&r->match, &r->cards, lists[k], BSK_MATCH_LEGAL_MAX);
        for (int i = 0; i < counts[k]; i++)
            ck_assert_int_ne(lists[k][i].kind, BSK_ACT_FLYER_TAP);
        bsk_action tap = {BSK_ACT_FLYER_TAP, 1, 0, -1, -1, -1, -1, -1};
        ck_assert_int_eq(bsk_match_check(&r->match, &r->cards, &tap, &error), BSK_ERR_INVALID);
        ck_assert_str_eq(error.rule, "533.9");
        bsk_match_view_make(&r->match, 1, &views[k]);
        free(r);
    }
    /* player 1's view: the same whatever the face-down card is (DESIGN §5) */
    ck_assert_uint_eq(bsk_match_hash(&views[0].match), bsk_match_hash(&views[1].match));
    ck_assert_int_eq(counts[0], counts[1]);
    ck_assert(memcmp(lists[0], lists[1], (size_t)counts[0] * sizeof lists[0][0]) == 0);
    run_result *r = run_position("{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Воин\",\"owner\":1,\"cell\":\"c3\"},"
                                 "{\"card\":\"Птица\",\"owner\":2,\"zone\":\"extra\"}]}");
    bsk_action tap = {BSK_ACT_FLYER_TAP, 1, 0, -1, -1, -1, -1, -1};
    ck_assert_int_eq(bsk_match_check(&r->match, &r->cards, &tap, &error), BSK_OK);
    free(r);
}
END_TEST

/* ---- Game logs ---- */

static char *log_text(void (*write)(FILE *, void *), void *context, size_t *length)
{
    char *data = NULL;
    FILE *out = open_memstream(&data, length);
    ck_assert_ptr_nonnull(out);
    write(out, context);
    fclose(out);
    char *copy = malloc(*length + 1); /* a heap copy the caller may edit */
    ck_assert_ptr_nonnull(copy);
    memcpy(copy, data, *length + 1);
    free(data);
    return copy;
}

static void write_position_log(FILE *out, void *context)
{
    run_result *r = context;
    bsk_position_file *f = parse(FIGHT("[5,3]", "[{\"player\":1,\"step_down\":true}]"));
    bsk_game_log_write_position_header(out, 7, f);
    for (size_t i = 0; i < r->log.count; i++)
        bsk_game_log_write_record(out, &r->log.items[i]);
    bsk_game_log_write_end(out, &r->match);
    free(f);
}

START_TEST(test_game_log_of_a_position_replays_to_its_hash)
{
    run_result *r = run_position(FIGHT("[5,3]", "[{\"player\":1,\"step_down\":true}]"));
    size_t length;
    char *text = log_text(write_position_log, r, &length);
    bsk_replay *replay = malloc(sizeof *replay);
    ck_assert_int_eq(bsk_game_log_replay_text(text, length, "p.log", &pool, 7, replay, NULL, NULL, &error), BSK_OK);
    ck_assert_uint_eq(bsk_match_hash(&replay->match), bsk_match_hash(&r->match));
    ck_assert_int_eq((int)replay->records.count, (int)r->log.count);
    bsk_replay_free(replay);
    /* another catalogue revision is refused on line 1 */
    ck_assert_int_eq(bsk_game_log_replay_text(text, length, "p.log", &pool, 8, replay, NULL, NULL, &error),
                     BSK_ERR_INVALID);
    ck_assert_int_eq(error.line, 1);
    ck_assert_str_eq(error.rule, "log.catalog_revision");
    bsk_replay_free(replay);
    /* a roll changed on line 3 (5 → 6) */
    char *roll = strstr(text, "{\"roll\":5");
    ck_assert_ptr_nonnull(roll);
    roll[8] = '6';
    ck_assert_int_eq(bsk_game_log_replay_text(text, length, "p.log", &pool, 7, replay, NULL, NULL, &error),
                     BSK_ERR_INVALID);
    ck_assert_int_eq(error.line, 3);
    ck_assert_str_eq(error.rule, "log.roll");
    bsk_replay_free(replay);
    free(replay);
    free(text);
    free(r);
}
END_TEST

typedef struct game {
    bsk_match match;
    bsk_card_table cards;
    const bsk_card *deck[2][30];
    bsk_record records[20000];
    bsk_record_list log;
    uint64_t seed;
    int count0;  /* cards of deck 0 */
    bool squad0; /* deck 0 is a ready squad */
} game;

static void write_game_log(FILE *out, void *context)
{
    game *g = context;
    bsk_game_log_player players[2] = {{"a", g->deck[0], g->count0, "random", g->squad0},
                                      {"b", g->deck[1], 30, "random", false}};
    bsk_game_log_write_game_header(out, g->seed, 7, NULL, players, 1);
    for (size_t i = 0; i < g->log.count; i++)
        bsk_game_log_write_record(out, &g->log.items[i]);
    bsk_game_log_write_end(out, &g->match);
}

/* A whole game between random agents, logged record by record, replays to the same hash (DESIGN §5);
 * deck 0 may be a ready squad (--squad), which the header records. */
/* Before an action: its record, which must name that very action (the loop plays the copy a record
 * means), goes to the log. */
static void log_before(void *context, const bsk_match *m, const bsk_action *action)
{
    game *g = context;
    bsk_record record;
    bsk_action back;
    bsk_record_from_action(m, &g->cards, action, &record);
    ck_assert_int_eq(bsk_record_to_action(m, &g->cards, &record, &back, &error), BSK_OK);
    ck_assert_int_eq(back.kind, action->kind);
    ck_assert_int_eq(back.unit, action->unit);
    ck_assert_int_eq(back.target, action->target);
    ck_assert_int_eq(back.cell, action->cell);
    ck_assert_int_eq(back.index, action->index);
    bsk_record_list_add(&g->log, &record);
}

/* After it: its dice. */
static void log_after(void *context, const bsk_match *m, const bsk_action *action, const bsk_events *events)
{
    (void)action;
    game *g = context;
    bsk_record_add_rolls(m, events, 0, &g->log);
}

static int logged_game_replays(bool squad, bool symbiotes, uint64_t seed)
{
    game *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    const bsk_card *a = bsk_pool_find_id(&pool, "t-001"), *b = bsk_pool_find_id(&pool, "t-002");
    const bsk_card *c = symbiotes ? bsk_pool_find_id(&pool, "t-003") : b;
    for (int i = 0; i < 30; i++) {
        g->deck[0][i] = i < 20 ? (i % 3 ? a : c) : b;
        g->deck[1][i] = i % 2 ? a : i % 3 ? b : c;
    }
    bsk_format format;
    ck_assert_int_eq(bsk_format_find("constructed", &format, &error), BSK_OK);
    g->squad0 = squad;
    g->count0 = squad ? 6 : 30;
    bsk_match_deck decks[2] = {{g->deck[0], g->count0, squad}, {g->deck[1], 30, false}};
    g->seed = seed;
    bsk_card_table_init(&g->cards);
    ck_assert_int_eq(bsk_match_new(&g->match, &g->cards, &format.squad, decks, g->seed, 1, &error), BSK_OK);
    g->log = (bsk_record_list){g->records, 0, 20000, 0};
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 11);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 12);
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_event items[128];
    bsk_events events = {items, 0, 128, 0};
    /* lib's play loop playing the copy a record means (as the CLI's batches do), the log kept by
     * its hooks */
    bsk_play_hooks hooks = {log_before, log_after, g, &events, NULL, true, NULL};
    ck_assert_int_eq(bsk_agents_play_with(&g->match, &g->cards, agents, legal, &hooks, &error), BSK_OK);
    ck_assert_int_eq((int)g->log.dropped, 0);
    ck_assert(g->match.result.over);
    size_t length;
    char *text = log_text(write_game_log, g, &length);
    bsk_replay *replay = malloc(sizeof *replay);
    bsk_status status = bsk_game_log_replay_text(text, length, "g.log", &pool, 7, replay, NULL, NULL, &error);
    ck_assert_msg(status == BSK_OK, "line %d: %s", error.line, error.message);
    ck_assert_uint_eq(bsk_match_hash(&replay->match), bsk_match_hash(&g->match));
    ck_assert_int_eq(replay->match.actions, g->match.actions);
    bsk_replay_free(replay);
    /* cut before the result line */
    size_t cut = length - 1;
    while (cut > 0 && text[cut - 1] != '\n')
        cut--;
    ck_assert_int_eq(bsk_game_log_replay_text(text, cut, "g.log", &pool, 7, replay, NULL, NULL, &error),
                     BSK_ERR_INVALID);
    ck_assert_ptr_nonnull(strstr(error.message, "the log is cut"));
    bsk_replay_free(replay);
    free(replay);
    if (squad)
        ck_assert_ptr_nonnull(strstr(text, "\"squad\":true"));
    /* records naming a seated symbiote (211.9: "c3s") */
    int symbiote_places = 0;
    for (size_t i = 0; i < g->log.count; i++) {
        const char *places[2] = {g->log.items[i].from, g->log.items[i].to};
        for (int k = 0; k < 2; k++)
            symbiote_places += strlen(places[k]) == 3 && places[k][2] == 's';
    }
    free(text);
    free(g);
    return symbiote_places;
}

START_TEST(test_game_log_of_a_whole_game_replays_to_its_hash) { logged_game_replays(false, false, 2026); }
END_TEST
START_TEST(test_game_log_of_a_ready_squad_game_replays_to_its_hash) { logged_game_replays(true, false, 2026); }
END_TEST
/* 211.9: a seated symbiote shares its host's cell; its records name it "c3s", so the games replay. */
START_TEST(test_game_log_with_seated_symbiotes_replays_to_its_hash)
{
    int named = 0;
    for (uint64_t seed = 1; seed <= 12; seed++)
        named += logged_game_replays(false, true, seed);
    ck_assert_int_gt(named, 0);
}
END_TEST

/* ---- Which copy of a same-name card a record means (copies.c, issue 21) ---- */

/* Two printings of one name (DESIGN §2: names compare normalised, so "ВОИН" is "Воин") and another
 * card; identical numbers, so either copy is the same choice for the rules. */
static bsk_card copy_a, copy_b, other_card;

static void copies_setup(void)
{
    copy_a = make_card("t-201", "Воин", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 4, 1, 1, 2, 3);
    copy_b = make_card("t-202", "ВОИН", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 4, 1, 1, 2, 3);
    other_card = make_card("t-203", "Страж", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 4, 1, 1, 2, 3);
}

/* The record of legal[k] names the action legal[expected] (bsk_record_to_action). */
static void record_means(const bsk_match *m, const bsk_card_table *table, const bsk_action *legal, int k,
                         int expected)
{
    bsk_record record;
    bsk_action back;
    bsk_record_from_action(m, table, &legal[k], &record);
    ck_assert_int_eq(bsk_record_to_action(m, table, &record, &back, &error), BSK_OK);
    ck_assert_int_eq(back.kind, legal[expected].kind);
    ck_assert_int_eq(back.unit, legal[expected].unit);
    ck_assert_int_eq(back.cell, legal[expected].cell);
    ck_assert_int_eq(back.index, legal[expected].index);
}

START_TEST(test_card_table_name_classes_join_printings_of_a_name)
{
    copies_setup();
    static bsk_card_table table;
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_card_table_add(&table, &copy_a), 0);
    ck_assert_int_eq(bsk_card_table_add(&table, &other_card), 1);
    ck_assert_int_eq(bsk_card_table_add(&table, &copy_b), 2);
    ck_assert_int_eq(bsk_card_table_add(&table, &copy_b), 2); /* the same card: the same slot */
    ck_assert_int_eq(table.name_class[0], 0);
    ck_assert_int_eq(table.name_class[1], 1);
    ck_assert_int_eq(table.name_class[2], 0); /* another printing of "Воин" */
    ck_assert_int_eq(bsk_card_table_name_class(&table, "воин"), 0);
    ck_assert_int_eq(bsk_card_table_name_class(&table, "  ВОИН "), 0);
    ck_assert_int_eq(bsk_card_table_name_class(&table, "Страж"), 1);
    ck_assert_int_eq(bsk_card_table_name_class(&table, "Воины"), -1);
    ck_assert_int_eq(bsk_card_table_name_class(&table, "t-201"), -1); /* an id is no name */
    ck_assert(bsk_record_names_slot(&table, 2, "воин"));
    ck_assert(bsk_record_names_slot(&table, 2, "t-202")); /* by id: that printing only */
    ck_assert(!bsk_record_names_slot(&table, 0, "t-202"));
    ck_assert(!bsk_record_names_slot(&table, 1, "Воин"));
}
END_TEST

/* 403.2: two printings of one name in the deal: taking the later one means the first untaken one
 * (the record names the card), another name is itself. */
START_TEST(test_403_2_take_of_a_later_printing_means_the_first_copy)
{
    copies_setup();
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    const bsk_card *deck[2][30];
    for (int i = 0; i < 30; i++) {
        deck[0][i] = i % 3 == 0 ? &copy_a : i % 3 == 1 ? &copy_b : &other_card;
        deck[1][i] = &other_card;
    }
    bsk_match_deck decks[2] = {{deck[0], 30, false}, {deck[1], 30, false}};
    bsk_format format;
    bsk_format_init_defaults(&format);
    int tested = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        bsk_card_table_init(&table);
        ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, seed, 1, &error), BSK_OK);
        act(&m, &table, BSK_ACT_KEEP, 1, -1, -1, -1, -1);
        act(&m, &table, BSK_ACT_KEEP, 2, -1, -1, -1, -1);
        ck_assert_int_eq(bsk_match_to_act(&m), 1);
        const bsk_match_side *s = &m.sides[0];
        int voin = table.name_class[bsk_card_table_add(&table, &copy_b)];
        int first = bsk_record_deal_copy(&m, &table, 1, voin);
        ck_assert_int_ge(first, 0);
        ck_assert_int_eq(bsk_record_deal_copy(&m, &table, 2, voin), -1); /* player 2 has no Воин */
        int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
        int later = -1, meant = -1;
        for (int i = 0; i < n; i++) {
            if (legal[i].kind != BSK_ACT_TAKE) {
                ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, i), i); /* done: itself */
                continue;
            }
            int slot = s->deal[legal[i].index];
            if (table.name_class[slot] != voin) {
                ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, i), i); /* Страж: itself */
                record_means(&m, &table, legal, i, i);
            } else if (legal[i].index == first) {
                meant = i;
            } else {
                later = i;
            }
        }
        if (later < 0)
            continue; /* the deal lists one printing only */
        ck_assert_int_ge(meant, 0);
        ck_assert_int_ne(s->deal[legal[later].index], s->deal[legal[meant].index]); /* two printings */
        ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, later), meant);
        ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, meant), meant);
        record_means(&m, &table, legal, later, meant);
        /* the first copy taken, the next one of the name is meant */
        bsk_match_apply_legal(&m, &table, &legal[meant], NULL);
        ck_assert_int_eq(s->taken[0], first);
        int next = bsk_record_deal_copy(&m, &table, 1, voin);
        ck_assert_int_gt(next, first);
        ck_assert_int_eq(table.name_class[s->deal[next]], voin);
        tested++;
    }
    ck_assert_int_gt(tested, 0);
}
END_TEST

/* 404.1: two printings of one name in a ready squad: placing the later one on a cell means the first
 * legal placement of the name on that cell; the other card's placements are themselves. */
START_TEST(test_404_1_place_of_a_later_printing_means_the_first_copy)
{
    copies_setup();
    static bsk_card_table table;
    static bsk_match m;
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    const bsk_card *squad[2][3] = {{&copy_a, &other_card, &copy_b}, {&other_card, &other_card, &other_card}};
    bsk_match_deck decks[2] = {{squad[0], 3, true}, {squad[1], 3, true}};
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_card_table_init(&table);
    ck_assert_int_eq(bsk_match_new(&m, &table, &format.squad, decks, 5, 1, &error), BSK_OK);
    int player, n = 0;
    while ((player = bsk_match_to_act(&m)) != 0 && m.phase < BSK_PHASE_PLACE) {
        n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
        bsk_match_apply_legal(&m, &table, &legal[0], NULL);
    }
    while (bsk_match_to_act(&m) == 2 && m.phase == BSK_PHASE_PLACE) {
        n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
        bsk_match_apply_legal(&m, &table, &legal[0], NULL);
    }
    ck_assert_int_eq(m.phase, BSK_PHASE_PLACE);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    int slot_a = bsk_card_table_add(&table, &copy_a), slot_b = bsk_card_table_add(&table, &copy_b);
    int later = -1;
    for (int i = 0; i < n && later < 0; i++)
        if (legal[i].kind == BSK_ACT_PLACE && m.units[legal[i].unit].slot == slot_b)
            later = i;
    ck_assert_int_ge(later, 0);
    int meant = bsk_record_canonical(&m, &table, legal, n, later);
    ck_assert_int_ne(meant, later);
    ck_assert_int_eq(legal[meant].kind, BSK_ACT_PLACE);
    ck_assert_int_eq(m.units[legal[meant].unit].slot, slot_a);
    ck_assert_int_eq(legal[meant].cell, legal[later].cell);
    ck_assert_int_eq(meant, bsk_record_place_copy(&m, &table, legal, n, table.name_class[slot_b], legal[later].cell));
    record_means(&m, &table, legal, later, meant);
    for (int i = 0; i < n; i++)
        if (m.units[legal[i].unit].slot != slot_a && m.units[legal[i].unit].slot != slot_b) {
            ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, i), i); /* Страж: itself */
            record_means(&m, &table, legal, i, i);
        }
}
END_TEST

/* 305.1: two printings of one name die together and both trigger; in the graveyard they have no
 * place, so an order names the card: the name means the first, an id that printing. */
START_TEST(test_305_1_order_by_a_name_in_the_graveyard_means_the_first_copy)
{
    copies_setup();
    bsk_card herald = make_card("t-204", "Глашатай", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 3, false, 8, 1, 1, 1, 1);
    static bsk_card_table table;
    static bsk_match m;
    bsk_action legal[8];
    bsk_position pos = {0};
    put(&pos, &copy_a, 1, "c2");
    put(&pos, &copy_b, 1, "d2");
    put(&pos, &herald, 2, "c6");
    put(&pos, &other_card, 1, "a1"); /* survives: the game goes on */
    pos.cards[0].wounds = 3; /* 4 life: one wound kills */
    pos.cards[1].wounds = 3;
    bsk_feature on_death = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1, 0, 0, 0);
    bsk_feature at_start = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_AT_TURN_START, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1, 0, 0, 0);
    bsk_card_table_init(&table);
    give(&table, &copy_a, on_death);
    give(&table, &copy_b, on_death);
    give(&table, &herald, at_start);
    start(&m, &table, &pos, 1, NULL, 0);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1); /* 409.2: the herald kills both */
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(m.units[1].zone, BSK_ZONE_GRAVEYARD);
    ck_assert_int_eq(bsk_match_to_act(&m), 1);
    int n = bsk_match_legal(&m, &table, legal, 8);
    ck_assert_int_eq(n, 2);
    int first = legal[0].unit == 0 ? 0 : 1, second = 1 - first;
    ck_assert_int_eq(legal[first].kind, BSK_ACT_ORDER);
    ck_assert_int_eq(legal[second].unit, 1);
    bsk_record record;
    bsk_record_from_action(&m, &table, &legal[second], &record);
    ck_assert_str_eq(record.from, "");
    ck_assert_str_eq(record.card, "ВОИН");
    ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, second), first);
    ck_assert_int_eq(bsk_record_canonical(&m, &table, legal, n, first), first);
    record_means(&m, &table, legal, second, first);
    snprintf(record.card, sizeof record.card, "t-202"); /* an id names that printing */
    bsk_action back;
    ck_assert_int_eq(bsk_record_to_action(&m, &table, &record, &back, &error), BSK_OK);
    ck_assert_int_eq(back.unit, 1);
    snprintf(record.card, sizeof record.card, "Глашатай"); /* no trigger of that name is pending */
    ck_assert_int_eq(bsk_record_to_action(&m, &table, &record, &back, &error), BSK_ERR_INVALID);
}
END_TEST

Suite *position_suite(void)
{
    Suite *s = suite_create("position");
    TCase *t = tcase_create("position");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_records_round_trip_through_json);
    tcase_add_test(t, test_record_json_shapes_of_design_5);
    tcase_add_test(t, test_position_file_reads_every_setup_field);
    tcase_add_test(t, test_position_file_reads_start_seed_moved_and_card);
    tcase_add_test(t, test_position_refuses_fields_only_features_can_honour);
    tcase_add_test(t, test_position_unknown_card_names_path_and_nearest);
    tcase_add_test(t, test_407_1_active_player_must_match_the_turn);
    tcase_add_test(t, test_515_3_diff_plus2_step_down_weak_strike_no_counter);
    tcase_add_test(t, test_515_3_diff_plus2_default_is_the_exchange);
    tcase_add_test(t, test_515_3_diff_plus1_no_step_down_question);
    tcase_add_test(t, test_position_dice_run_out_and_left_over);
    tcase_add_test(t, test_504_attack_from_an_empty_cell_is_illegal);
    tcase_add_test(t, test_411_1_turn_ends_only_at_an_end_turn_action);
    tcase_add_test(t, test_509_1_wounds_at_life_are_refused_naming_the_card);
    tcase_add_test(t, test_204_deck_is_listed_top_first);
    tcase_add_test(t, test_533_9_flyer_tap_list_does_not_read_a_hidden_card);
    tcase_add_test(t, test_game_log_of_a_position_replays_to_its_hash);
    tcase_add_test(t, test_game_log_of_a_whole_game_replays_to_its_hash);
    tcase_add_test(t, test_game_log_of_a_ready_squad_game_replays_to_its_hash);
    tcase_add_test(t, test_game_log_with_seated_symbiotes_replays_to_its_hash);
    suite_add_tcase(s, t);
    TCase *copies = tcase_create("copies");
    tcase_add_checked_fixture(copies, setup, teardown);
    tcase_add_test(copies, test_card_table_name_classes_join_printings_of_a_name);
    tcase_add_test(copies, test_403_2_take_of_a_later_printing_means_the_first_copy);
    tcase_add_test(copies, test_404_1_place_of_a_later_printing_means_the_first_copy);
    tcase_add_test(copies, test_305_1_order_by_a_name_in_the_graveyard_means_the_first_copy);
    suite_add_tcase(s, copies);
    return s;
}
