/* position_file.h — position files (DESIGN §5 "Position scenarios") read into the plain
 * bsk_position and records of lib (berserk/match.h, berserk/position.h), the JSON of records
 * (shared with game logs), and the `berserk position --json` object (the text board is
 * cli/position_text.c). Caps: the file at most BSK_POSITION_FILE_CAP (1 MiB); at most BSK_MATCH_UNITS_MAX cards,
 * BSK_MATCH_DICE_SCRIPT_MAX dice, BSK_POSITION_STEPS_MAX actions and as many decisions. */
#ifndef BERSERK_FORMATS_POSITION_FILE_H
#define BERSERK_FORMATS_POSITION_FILE_H

#include "berserk/error.h"
#include "berserk/match.h"
#include "berserk/pool.h"
#include "berserk/position.h"
#include "json_reader.h"
#include "synthetic.h"

#include <jansson.h>
#include <stdio.h>

#define BSK_POSITION_FILE_CAP (1u << 20) /* 1 MiB */

typedef struct bsk_position_file {
    bsk_position position;     /* its cards point into the pool or into `synthetic` */
    bsk_synthetic_cards synthetic; /* "cards_file" or "synthetic_cards"; count 0 when neither */
    bsk_record actions[BSK_POSITION_STEPS_MAX];
    int action_count;
    bsk_record decisions[BSK_POSITION_STEPS_MAX];
    int decision_count;
} bsk_position_file;

/* Reads and checks a position file; cards resolve through the synthetic cards first (a test-only
 * "cards_file", relative to the position file, or inline "synthetic_cards"; formats/synthetic.h),
 * then through `pool` (an id, then a name). A file that cannot be used is an error naming the file
 * and the JSON path ("p.json: cards[1].card: unknown card \"Кочевникк\"; did you mean: Кочевник"):
 * BSK_ERR_INVALID for its content, BSK_ERR_IO / BSK_ERR_LIMIT for reading it (or its cards file). */
bsk_status bsk_position_read(const char *path, bsk_pool *pool, bsk_position_file *file, bsk_error *error);
bsk_status bsk_position_parse(const char *text, size_t length, const char *path, bsk_pool *pool,
                              bsk_position_file *file, bsk_error *error);
/* The same from a parsed object (a game log's "position" header); `base` prefixes JSON paths. */
bsk_status bsk_position_from_json(const bsk_json_reader *reader, const char *base, const json_t *root,
                                  bsk_pool *pool, bsk_position_file *file);
/* The set-up as JSON, cards by id, every field explicit (a game log's header; no actions); the
 * synthetic cards the position uses inline as "synthetic_cards", so the log stands alone. */
json_t *bsk_position_setup_json(const bsk_position_file *file);

/* A record as its log line object ({"player":1,"do":"attack","from":"c3","to":"c4"}, {"roll":6,
 * "player":1,"card":"c3"}, ...). */
json_t *bsk_record_json(const bsk_record *record);
/* A record from its JSON object: a declaration ("do") when `answers` is false, an answer when it
 * is true, either (or a roll) when `any` is set. Names in take/place resolve through `pool`. */
bsk_status bsk_record_parse_json(const bsk_json_reader *reader, const char *path, const json_t *value,
                                 bsk_pool *pool, int allowed, bsk_record *out);
enum { BSK_RECORD_JSON_DECLARATION = 1, BSK_RECORD_JSON_ANSWER = 2, BSK_RECORD_JSON_ROLL = 4 };


/* The result object: null while the game goes on, else {"winner":1|2|null,"draw","by_cap"}. */
json_t *bsk_position_result_json(const bsk_match *match);
/* The `position --json` object: cards, events (the records), result, hash, error (outcome NULL or
 * done: null). */
json_t *bsk_position_output_json(const bsk_match *match, const bsk_card_table *cards, const bsk_record_list *log,
                                 const bsk_position_outcome *outcome);
#endif
