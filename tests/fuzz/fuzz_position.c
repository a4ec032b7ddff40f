/* fuzz_position.c — position files (formats/position_file.c, DESIGN §5 "Position scenarios") read
 * and played on the engine (lib's position runner), at most FUZZ_POSITION_STEPS actions and as many
 * decisions. Invariants: errors and every output string are valid UTF-8 and name the file; a read
 * position either sets up or is refused with a message (never a crash); the run ends with an
 * outcome; its game log (formats/game_log.c) replays to the same hash, counts and records; and the
 * set-up written into the log reads back to the same set-up. A "cards_file" (test-only synthetic
 * cards in another file) is left out: the target reads no file. */
#include "fuzz.h"

#include "berserk/position.h"
#include "game_log.h"
#include "position_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FUZZ_POSITION_STEPS = 24, LOG_CAPACITY = 2048, EVENT_CAPACITY = 256 };

typedef struct position_run {
    bsk_position_file file;
    bsk_match match;
    bsk_card_table cards;
    bsk_record records[LOG_CAPACITY];
    bsk_event events[EVENT_CAPACITY];
    bsk_replay replay;
} position_run;

static void check_error(const char *what, const bsk_error *error)
{
    char line[1024];
    fuzz_check_utf8(what, error->message);
    fuzz_check_utf8("error path", error->path);
    fuzz_check_utf8("error rule", error->rule);
    bsk_error_format(error, line, sizeof line);
    fuzz_check_utf8("formatted error", line);
}

static void check_json_utf8(const char *what, json_t *value)
{
    char *text = json_dumps(value, JSON_COMPACT);
    FUZZ_CHECK(text != NULL, "%s: json_dumps failed", what);
    fuzz_check_utf8(what, text);
    free(text);
    json_decref(value);
}

/* The run's game log, replayed: the same final hash, counts and records. */
static void check_log(position_run *run, const bsk_record_list *log)
{
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    FUZZ_CHECK(out != NULL, "open_memstream failed");
    bsk_game_log_write_position_header(out, 7, &run->file);
    for (size_t i = 0; i < log->count; i++)
        bsk_game_log_write_record(out, &log->items[i]);
    bsk_game_log_write_end(out, &run->match);
    fclose(out);
    FUZZ_CHECK(fuzz_utf8_valid(text, length), "the game log is not UTF-8");
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_game_log_replay_text(text, length, "fuzz.log", &fuzz_catalog()->pool, 7, &run->replay,
                                                 NULL, NULL, &error);
    FUZZ_CHECK(status == BSK_OK, "the run's log does not replay: line %d: %s [%s]\n%.2000s", error.line, error.message,
               error.rule, text);
    FUZZ_CHECK(bsk_match_hash(&run->replay.match) == bsk_match_hash(&run->match) &&
                   run->replay.match.actions == run->match.actions && run->replay.match.turn == run->match.turn,
               "the replay ends elsewhere: %u actions, turn %d; the run: %u, %d", (unsigned)run->replay.match.actions,
               run->replay.match.turn, (unsigned)run->match.actions, run->match.turn);
    FUZZ_CHECK(run->replay.records.count == log->count, "%zu records replayed of %zu", run->replay.records.count,
               log->count);
    /* the set-up written into the header reads back to the same set-up */
    json_t *written = bsk_position_setup_json(&run->file), *again = bsk_position_setup_json(run->replay.setup);
    FUZZ_CHECK(json_equal(written, again), "the set-up does not survive the log's header");
    json_decref(written);
    json_decref(again);
    bsk_replay_free(&run->replay);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static position_run *run;
    if (!run && !(run = malloc(sizeof *run)))
        abort();
    json_t *root = json_loadb((const char *)data, size, 0, NULL);
    bool names_a_file = json_is_object(root) && json_object_get(root, "cards_file");
    json_decref(root);
    if (names_a_file)
        return 0;
    bsk_catalog *catalog = fuzz_catalog();
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_position_parse((const char *)data, size, "fuzz.json", &catalog->pool, &run->file, &error);
    if (status) {
        check_error("position error", &error);
        FUZZ_CHECK(status == BSK_ERR_INVALID, "status %d: %s", status, error.message);
        FUZZ_CHECK(strcmp(error.file, "fuzz.json") == 0, "the error names %s", error.file);
        return 0;
    }
    status = bsk_synthetic_table(&run->file.synthetic, &run->file.position, &run->cards, &error);
    if (!status)
        status = bsk_match_from_position(&run->match, &run->cards, &run->file.position, &error);
    if (status) { /* a board the rules do not allow */
        check_error("set-up error", &error);
        return 0;
    }
    if (run->file.action_count > FUZZ_POSITION_STEPS)
        run->file.action_count = FUZZ_POSITION_STEPS;
    if (run->file.decision_count > FUZZ_POSITION_STEPS)
        run->file.decision_count = FUZZ_POSITION_STEPS;
    bsk_position_script script = {run->file.actions, run->file.action_count, run->file.decisions,
                                  run->file.decision_count};
    bsk_record_list log = {run->records, 0, LOG_CAPACITY, 0};
    bsk_position_outcome outcome;
    bsk_position_run(&run->match, &run->cards, &script, run->events, EVENT_CAPACITY, &log, &outcome);
    FUZZ_CHECK(outcome.stop >= BSK_POSITION_DONE && outcome.stop <= BSK_POSITION_BAD_DICE, "stop %d", outcome.stop);
    if (outcome.stop != BSK_POSITION_DONE)
        check_error("outcome error", &outcome.error);
    FUZZ_CHECK(log.dropped == 0, "%zu records dropped", log.dropped);
    check_json_utf8("position --json", bsk_position_output_json(&run->match, &run->cards, &log, &outcome));
    if (outcome.stop != BSK_POSITION_BAD_DICE) /* dice that ran out stop the replay too, on its own line */
        check_log(run, &log);
    return 0;
}
