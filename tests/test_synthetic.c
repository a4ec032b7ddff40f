/* test_synthetic.c — test-only synthetic cards (formats/synthetic.h): the card fields and the
 * test_features vocabulary read 1:1 into bsk_feature and written back, the errors naming the JSON
 * path, the position's card table with features in slot order, positions naming a cards_file or
 * carrying the cards inline, and a game log of such a position replayed to its hash. */
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

#define AVENGER                                                                                                      \
    "{\"id\":\"test-avenger\",\"name\":\"Мститель\",\"type\":\"creature\",\"cost\":3,\"life\":4,\"movement\":1,"    \
    "\"simple_strike\":[1,2,3],\"test_features\":[{\"kind\":\"triggered\",\"event\":\"on_death\",\"op\":\"wound\"," \
    "\"target\":\"every_enemy\",\"value\":1}]}"
#define CANCELLER                                                                                                    \
    "{\"id\":\"test-canceller\",\"name\":\"Хранитель\",\"type\":\"creature\",\"life\":8,\"movement\":1,"            \
    "\"simple_strike\":[1,1,1],\"test_features\":[{\"kind\":\"activated\",\"op\":\"cancel\",\"target\":\"self\","   \
    "\"tap\":true,\"instant\":true}]}"
#define COLLECTOR                                                                                                    \
    "{\"id\":\"test-collector\",\"name\":\"Копилка\",\"type\":\"creature\",\"life\":8,\"movement\":1,"              \
    "\"simple_strike\":[1,1,1],\"keywords\":[{\"id\":\"shot\",\"values\":[1,2,2],\"range\":3,\"activation\":"      \
    "\"tap\"}],\"test_features\":[{\"kind\":\"activated\",\"op\":\"gain_counters\",\"target\":\"self\",\"value\":1," \
    "\"tap\":true},{\"kind\":\"activated\",\"op\":\"wound\",\"target\":\"any_enemy\",\"value\":2,\"counters\":1,"   \
    "\"tap\":true}]}"

static bsk_synthetic_cards *parse_cards(const char *text)
{
    bsk_synthetic_cards *cards = malloc(sizeof *cards);
    ck_assert_ptr_nonnull(cards);
    if (bsk_synthetic_parse(text, strlen(text), "s.json", cards, &error)) {
        free(cards);
        return NULL;
    }
    return cards;
}

/* ---- Reading ---- */

START_TEST(test_synthetic_reads_card_fields_and_features)
{
    bsk_synthetic_cards *s = parse_cards("[" AVENGER "," CANCELLER "," COLLECTOR "]");
    ck_assert_ptr_nonnull(s);
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
    bsk_feature on_death = {BSK_FEATURE_TRIGGERED, BSK_ON_DEATH, BSK_OP_WOUND, BSK_TARGET_EVERY_ENEMY, 1, 0, 0, 0, 0, 0};
    ck_assert_mem_eq(&s->cards[0].features[0], &on_death, sizeof on_death);
    bsk_feature cancel = {BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_CANCEL, BSK_TARGET_SELF, 0, 1, 0, 1, 0, 0};
    ck_assert_mem_eq(&s->cards[1].features[0], &cancel, sizeof cancel);
    bsk_feature pay = {BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_WOUND, BSK_TARGET_ANY_ENEMY, 2, 1, 1, 0, 0, 0};
    ck_assert_int_eq(s->cards[2].feature_count, 2);
    ck_assert_mem_eq(&s->cards[2].features[1], &pay, sizeof pay);
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

/* Every word of the vocabulary reads into its bsk_feature value and writes back the same. */
START_TEST(test_synthetic_feature_vocabulary_round_trips)
{
    const char *const events[] = {"on_death", "on_attack", "at_turn_start"};
    const char *const ops[] = {"wound", "heal", "gain_counters"};
    const char *const targets[] = {"self", "every_enemy"};
    for (int e = 0; e < 3; e++)
        for (int o = 0; o < 3; o++)
            for (int t = 0; t < 2; t++) {
                char text[512];
                snprintf(text, sizeof text,
                         "[{\"id\":\"test-x\",\"name\":\"X\",\"type\":\"creature\",\"test_features\":[{\"kind\":"
                         "\"triggered\",\"event\":\"%s\",\"op\":\"%s\",\"target\":\"%s\",\"value\":3}]}]",
                         events[e], ops[o], targets[t]);
                bsk_synthetic_cards *s = parse_cards(text);
                ck_assert_msg(s != NULL, "%s: %s", text, error.message);
                const bsk_feature *f = &s->cards[0].features[0];
                ck_assert_int_eq(f->event, BSK_ON_DEATH + e);
                ck_assert_int_eq(f->op, BSK_OP_WOUND + o);
                ck_assert_int_eq(f->target, t == 0 ? BSK_TARGET_SELF : BSK_TARGET_EVERY_ENEMY);
                json_t *back = bsk_synthetic_feature_json(f);
                ck_assert_str_eq(json_string_value(json_object_get(back, "event")), events[e]);
                ck_assert_str_eq(json_string_value(json_object_get(back, "op")), ops[o]);
                ck_assert_str_eq(json_string_value(json_object_get(back, "target")), targets[t]);
                ck_assert_int_eq(json_integer_value(json_object_get(back, "value")), 3);
                json_decref(back);
                free(s);
            }
    /* a whole card written and read back is the same card */
    bsk_synthetic_cards *s = parse_cards("[" COLLECTOR "]");
    ck_assert_ptr_nonnull(s);
    json_t *list = json_array();
    json_array_append_new(list, bsk_synthetic_card_json(&s->cards[0]));
    char *text = json_dumps(list, JSON_COMPACT);
    json_decref(list);
    bsk_synthetic_cards *again = parse_cards(text);
    ck_assert_ptr_nonnull(again);
    ck_assert_mem_eq(&again->cards[0], &s->cards[0], sizeof s->cards[0]);
    free(text);
    free(again);
    free(s);
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

#define CARD_WITH(feature) "[{\"id\":\"test-x\",\"name\":\"X\",\"type\":\"creature\",\"test_features\":[" feature "]}]"

START_TEST(test_synthetic_errors_name_the_json_path)
{
    refused(CARD_WITH("{\"kind\":\"activated\",\"op\":\"explode\",\"target\":\"self\",\"tap\":true}"),
            "[0].test_features[0].op", "expected wound, heal, gain_counters or cancel");
    refused(CARD_WITH("{\"kind\":\"triggered\",\"event\":\"on_sneeze\",\"op\":\"wound\",\"target\":\"self\"}"),
            "[0].test_features[0].event", "expected on_death, on_attack or at_turn_start");
    refused(CARD_WITH("{\"kind\":\"triggered\",\"event\":\"on_death\",\"op\":\"wound\",\"target\":\"everyone\"}"),
            "[0].test_features[0].target", "expected self, adjacent_enemy, any_enemy, attacked or every_enemy");
    refused(CARD_WITH("{\"kind\":\"static\",\"op\":\"wound\",\"target\":\"self\"}"), "[0].test_features[0].kind",
            "expected activated or triggered");
    refused(CARD_WITH("{\"kind\":\"triggered\",\"op\":\"wound\",\"target\":\"self\"}"), "[0].test_features[0].event",
            "expected on_death");
    refused(CARD_WITH("{\"kind\":\"triggered\",\"event\":\"on_death\",\"op\":\"wound\",\"target\":\"self\",\"tap\":true}"),
            "[0].test_features[0].tap", "a triggered feature has no cost");
    refused(CARD_WITH("{\"kind\":\"activated\",\"event\":\"on_death\",\"op\":\"wound\",\"target\":\"self\"}"),
            "[0].test_features[0].event", "only a triggered feature has an event");
    refused(CARD_WITH("{\"kind\":\"triggered\",\"event\":\"on_death\",\"op\":\"wound\",\"target\":\"attacked\"}"),
            "[0].test_features[0].target", "on_attack trigger only");
    /* issue 21: a trigger may choose its target (any_enemy, adjacent_enemy); only a trigger asks use or mode */
    refused(CARD_WITH("{\"kind\":\"activated\",\"op\":\"wound\",\"target\":\"self\",\"optional\":true}"),
            "[0].test_features[0].optional", "only a triggered feature asks use or mode");
    refused(CARD_WITH("{\"kind\":\"triggered\",\"event\":\"on_death\",\"op\":\"wound\",\"target\":\"self\","
                      "\"mode_op\":\"cancel\"}"),
            "[0].test_features[0].mode_op", "cancel has no second option");
    refused(CARD_WITH("{\"kind\":\"activated\",\"op\":\"cancel\",\"target\":\"self\",\"tap\":true}"),
            "[0].test_features[0].op", "cancel is an instant activated feature");
    refused(CARD_WITH("{\"kind\":\"activated\",\"op\":\"wound\",\"target\":\"self\",\"value\":100}"),
            "[0].test_features[0].value", "expected an integer 0..99");
    refused(CARD_WITH("{\"kind\":\"activated\",\"op\":\"wound\",\"target\":\"self\",\"colour\":1}"),
            "[0].test_features[0].colour", "unexpected field");
    refused("[{\"id\":\"01-001\",\"name\":\"X\",\"type\":\"creature\"}]", "[0].id", "starts with \"test-\"");
    refused("[{\"id\":\"test-a\",\"name\":\"X\",\"type\":\"creature\"},{\"id\":\"test-a\",\"name\":\"Y\",\"type\":"
            "\"creature\"}]",
            "[1].id", "the id of [0] again");
    refused("[{\"id\":\"test-a\",\"name\":\"X\",\"type\":\"creature\"},{\"id\":\"test-b\",\"name\":\"x\",\"type\":"
            "\"creature\"}]",
            "[1].name", "the name of [0] again");
    refused("[{\"id\":\"test-a\",\"name\":\"X\",\"type\":\"spell\"}]", "[0].type", "expected creature, artifact");
    refused("[{\"id\":\"test-a\",\"name\":\"X\",\"type\":\"artifact\",\"subtype\":\"flyer\"}]", "[0].subtype",
            "only a creature has a subtype");
    refused("[{\"id\":\"test-a\",\"name\":\"X\",\"type\":\"creature\",\"keywords\":[{\"id\":\"laser\"}]}]",
            "[0].keywords[0].id", "expected a keyword id");
    refused("[{\"id\":\"test-a\",\"name\":\"X\"}]", "[0].type", "missing required field");
    refused("{\"id\":\"test-a\"}", "", "expected an array of synthetic card objects");
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
    if (bsk_position_parse(text, strlen(text), path, &pool, file, &error)) {
        free(file);
        return NULL;
    }
    return file;
}

#define INLINE_BOARD(cards, actions)                                                                                 \
    "{\"active\":1,\"turn\":1,\"synthetic_cards\":[" AVENGER "," CANCELLER "," COLLECTOR "],\"cards\":[" cards       \
    "],\"actions\":[" actions "]}"

/* A slot's features come together when it is new, in slot order; a second copy adds none. */
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
    fputs("[" AVENGER "]", out);
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

Suite *synthetic_suite(void)
{
    Suite *s = suite_create("synthetic");
    TCase *t = tcase_create("synthetic");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_synthetic_reads_card_fields_and_features);
    tcase_add_test(t, test_synthetic_feature_vocabulary_round_trips);
    tcase_add_test(t, test_synthetic_errors_name_the_json_path);
    tcase_add_test(t, test_synthetic_find_by_id_then_name);
    tcase_add_test(t, test_synthetic_table_adds_features_in_slot_order);
    tcase_add_test(t, test_512_6_3_position_cancel_declared_in_its_window);
    tcase_add_test(t, test_synthetic_cards_file_is_relative_to_the_position);
    tcase_add_test(t, test_305_1_game_log_with_synthetic_cards_replays);
    tcase_add_test(t, test_305_1_order_and_feature_records_round_trip);
    suite_add_tcase(s, t);
    return s;
}
