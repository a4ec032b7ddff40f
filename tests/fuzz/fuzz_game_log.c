/* fuzz_game_log.c — game logs (formats/game_log.c, DESIGN §5 "Game log"): the reader and the
 * replay, which rebuilds the game from the header and re-applies every record on the engine.
 * Invariants: a refused log names the log and a line (an empty one, the log only; exit 2 in the CLI), its message is valid
 * UTF-8; the step callback sees every declaration and answer once; a log that replays, written
 * again from what the replay read (header, records, result), replays to the same final state
 * and the same records. A position header naming a "cards_file" is refused (a log holds its
 * cards inline), so the target reads no file. */
#include "fuzz.h"

#include "game_log.h"
#include "position_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct step_count {
    size_t steps;
    const bsk_replay *replay;
} step_count;

static void count_step(void *context, const bsk_match *match, const bsk_card_table *cards, const bsk_record *record)
{
    (void)match;
    (void)cards;
    step_count *count = context;
    FUZZ_CHECK(record->type == BSK_RECORD_ACTION, "a step for a roll");
    FUZZ_CHECK(count->replay->records.count > 0, "a step before its record is kept");
    count->steps++;
}

/* The replay's log written again: its header from what the replay read. */
static char *rewrite(const bsk_replay *r, size_t *length)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, length);
    FUZZ_CHECK(out != NULL, "open_memstream failed");
    if (r->position) {
        bsk_game_log_write_position_header(out, fuzz_catalog()->revision, r->setup);
    } else {
        bsk_game_log_player players[2];
        for (int p = 0; p < 2; p++)
            players[p] = (bsk_game_log_player){r->players[p].deck_name, r->players[p].cards, r->players[p].count,
                                               r->players[p].agent[0] ? r->players[p].agent : NULL, r->players[p].squad};
        bsk_game_log_write_game_header(out, r->seed, fuzz_catalog()->revision,
                                       strcmp(r->format, "constructed") ? r->format : NULL, players, r->first);
    }
    for (size_t i = 0; i < r->records.count; i++)
        bsk_game_log_write_record(out, &r->records.items[i]);
    bsk_game_log_write_end(out, &r->match);
    fclose(out);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bsk_replay *replay, *again;
    if (!replay && (!(replay = malloc(sizeof *replay)) || !(again = malloc(sizeof *again))))
        abort();
    bsk_pool *pool = &fuzz_catalog()->pool;
    bsk_error error;
    bsk_error_clear(&error);
    step_count count = {0, replay};
    bsk_status status = bsk_game_log_replay_text((const char *)data, size, "fuzz.log", pool, fuzz_catalog()->revision, replay,
                                                 count_step, &count, &error);
    if (status) {
        char line[1024];
        fuzz_check_utf8("log error", error.message);
        fuzz_check_utf8("log error rule", error.rule);
        bsk_error_format(&error, line, sizeof line);
        fuzz_check_utf8("formatted log error", line);
        FUZZ_CHECK(status == BSK_ERR_INVALID, "status %d: %s", status, error.message);
        FUZZ_CHECK(strcmp(error.file, "fuzz.log") == 0 && (error.line >= 1 || size == 0),
                   "the error names %s line %d: %s", error.file, error.line, error.message);
        bsk_replay_free(replay);
        return 0;
    }
    size_t actions = 0;
    for (size_t i = 0; i < replay->records.count; i++)
        actions += replay->records.items[i].type == BSK_RECORD_ACTION;
    FUZZ_CHECK(count.steps == actions, "%zu steps for %zu declarations and answers", count.steps, actions);
    size_t length;
    char *text = rewrite(replay, &length);
    FUZZ_CHECK(fuzz_utf8_valid(text, length), "the written log is not UTF-8");
    status = bsk_game_log_replay_text(text, length, "again.log", pool, fuzz_catalog()->revision, again, NULL, NULL, &error);
    FUZZ_CHECK(status == BSK_OK, "the log written again does not replay: line %d: %s\n%.2000s", error.line,
               error.message, text);
    FUZZ_CHECK(bsk_match_hash(&again->match) == bsk_match_hash(&replay->match) &&
                   again->records.count == replay->records.count,
               "written again it ends elsewhere (%zu records, %zu before)", again->records.count,
               replay->records.count);
    for (size_t i = 0; i < replay->records.count; i++) {
        json_t *a = bsk_record_json(&replay->records.items[i]), *b = bsk_record_json(&again->records.items[i]);
        FUZZ_CHECK(json_equal(a, b), "record %zu differs when written again", i);
        json_decref(a);
        json_decref(b);
    }
    bsk_replay_free(again);
    bsk_replay_free(replay);
    free(text);
    return 0;
}
