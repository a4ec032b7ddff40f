/* fuzz_play_command.c — the commands a player types at `berserk play`'s prompt (cli/play_command.c):
 * the parser, then the record it makes checked and applied by the engine. Invariants: a refused line
 * gets a one-line reason in valid UTF-8 (whatever bytes were typed); a command's text
 * (play_command_format) reads back to the same record; the record either becomes an action on a
 * game at the start (the preliminary phase: 402.1, the deal, recruitment) and on a board in the
 * middle of a battle, or is refused with a UTF-8 reason, and a legal action applies. */
#include "fuzz.h"

#include "play_command.h"
#include "position_file.h"

#include "berserk/match.h"
#include "berserk/position.h"

#include <stdlib.h>
#include <string.h>

/* Two games to try the command on: a full game before 402.1, and a battle (a position). */
typedef struct boards {
    bsk_match start, battle;
    bsk_card_table start_cards, battle_cards;
    bsk_position_file file;
} boards;

static const char BATTLE[] =
    "{\"active\":1,\"turn\":3,\"cards\":[{\"card\":\"Кочевник\",\"owner\":1,\"cell\":\"c3\"},"
    "{\"card\":\"Циклоп\",\"owner\":1,\"cell\":\"b2\"},{\"card\":\"Кочевник\",\"owner\":2,\"cell\":\"c4\",\"wounds\":1},"
    "{\"card\":\"Гобрах\",\"owner\":2,\"cell\":\"d5\"},{\"card\":\"Кочевник\",\"owner\":2,\"zone\":\"extra\"}],"
    "\"dice\":[4,2,6,1,3,5,2,2,6,6,1,1]}";

static boards *setup(void)
{
    static boards *b;
    if (b)
        return b;
    b = malloc(sizeof *b);
    if (!b)
        abort();
    bsk_catalog *catalog = fuzz_catalog();
    bsk_error error;
    bsk_error_clear(&error);
    const bsk_card *deck[30];
    for (int i = 0; i < 30; i++) /* ten names, three copies each */
        deck[i] = &catalog->pool.cards[(size_t)(i / 3) * 37 % catalog->pool.count];
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_match_deck decks[2] = {{deck, 30, false}, {deck, 30, false}};
    bsk_card_table_init(&b->start_cards);
    if (bsk_match_new(&b->start, &b->start_cards, &format.squad, decks, 7, 0, &error) ||
        bsk_position_parse(BATTLE, sizeof BATTLE - 1, "battle.json", &catalog->pool, &b->file, &error) ||
        bsk_synthetic_table(&b->file.synthetic, &b->file.position, &b->battle_cards, &error) ||
        bsk_match_from_position(&b->battle, &b->battle_cards, &b->file.position, &error)) {
        fprintf(stderr, "fuzz_play_command: cannot set up the boards: %s\n", error.message);
        abort();
    }
    return b;
}

static bool same_record(const bsk_record *a, const bsk_record *b)
{
    return a->type == b->type && a->kind == b->kind && a->player == b->player && a->flag == b->flag &&
           strcmp(a->from, b->from) == 0 && strcmp(a->to, b->to) == 0 && a->index == b->index && a->gold == b->gold &&
           a->silver == b->silver && strcmp(a->card, b->card) == 0;
}

/* The record on `match`: an action or a UTF-8 reason; a legal action applies (on a copy). */
static void try_on(const bsk_match *match, const bsk_card_table *cards, const bsk_record *record)
{
    static bsk_match copy;
    bsk_action action;
    bsk_error why;
    bsk_error_clear(&why);
    if (bsk_record_to_action(match, cards, record, &action, &why)) {
        fuzz_check_utf8("record refused", why.message);
        return;
    }
    copy = *match;
    bsk_event items[256];
    bsk_events events = {items, 0, sizeof items / sizeof items[0], 0};
    bsk_error_clear(&why);
    if (bsk_match_apply(&copy, cards, &action, &events, &why))
        fuzz_check_utf8("action refused", why.message);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    boards *b = setup();
    char *line = fuzz_string(data, size); /* a line as the prompt reads it: up to a NUL */
    bsk_record record, again;
    char message[256], text[1024];
    int player = size > 0 && (data[0] & 1) ? 2 : 1;
    if (!play_command_parse(line, player, &record, message, sizeof message)) {
        fuzz_check_utf8("play command message", message);
        FUZZ_CHECK(message[0] && !strchr(message, '\n'), "not a one-line reason: \"%s\"", message);
        free(line);
        return 0;
    }
    FUZZ_CHECK(record.player == player && record.type == BSK_RECORD_ACTION, "player %d, type %d", record.player,
               record.type);
    play_command_format(&record, text, sizeof text);
    FUZZ_CHECK(play_command_parse(text, player, &again, message, sizeof message), "\"%s\" (from \"%s\") is refused: %s",
               text, line, message);
    FUZZ_CHECK(same_record(&record, &again), "\"%s\" reads back as another record (typed \"%s\")", text, line);
    try_on(&b->start, &b->start_cards, &record);
    try_on(&b->battle, &b->battle_cards, &record);
    free(line);
    return 0;
}
