/* game_log.h (formats) — the JSON Lines game log of DESIGN §5 "Game log": a header line (a full
 * game's seed and decks, or a position), one line per declaration and answer, one per die, and a
 * last line with the result, the counts and the hash; written from lib's records and replayed by
 * re-running the engine, checking every logged roll, every record's legality and the final hash. */
#ifndef BERSERK_FORMATS_GAME_LOG_H
#define BERSERK_FORMATS_GAME_LOG_H

#include "berserk/card.h"
#include "berserk/card_table.h"
#include "berserk/error.h"
#include "berserk/match.h"
#include "berserk/pool.h"
#include "berserk/position.h"
#include "position_file.h"

#include <stdint.h>
#include <stdio.h>

#define BSK_GAME_LOG_FILE_CAP (64u << 20) /* 64 MiB */
#define BSK_GAME_LOG_LINE_MAX 4096        /* bytes in one line */
#define BSK_GAME_LOG_HEADER_MAX (64u << 10) /* bytes in the header line (inline synthetic cards) */

/* One player of a full game's header: the deck in the order it went to bsk_match_new (written as
 * runs of consecutive copies, so the order is kept), its name, and the agent's id. */
typedef struct bsk_game_log_player {
    const char *deck_name;
    const bsk_card *const *cards;
    int count;
    const char *agent; /* NULL: written as null */
    bool squad;        /* a ready squad (bsk_match_deck.squad): written as "squad":true */
} bsk_game_log_player;

/* Header of a full game: players in the order of bsk_match_new's decks; first = bsk_match_new's
 * first_player when the 402.1 roll was skipped (written as "first"), 0 when it was rolled;
 * format = the format id whose squad parameters the game used (NULL: constructed). Both headers
 * end with the fingerprints of the card facts the game is played with (issue 20):
 * "cards_fingerprint" (FNV-1a over each card's id and fingerprint, in id order) and
 * "card_fingerprints":{ID:…} (each card's compiled entry, as its card table holds it), 16 hex
 * digits each. */
void bsk_game_log_write_game_header(FILE *out, uint64_t seed, int catalog_revision, const char *format,
                                    const bsk_game_log_player players[2], int first);
/* Header of a position: {"log":1,"engine":V,"seed":0,"catalog_revision":N,"position":{…}}. */
void bsk_game_log_write_position_header(FILE *out, int catalog_revision, const bsk_position_file *position);
void bsk_game_log_write_record(FILE *out, const bsk_record *record);
/* The last line: {"result":…,"actions":N,"turns":N,"hash":"…"}. */
void bsk_game_log_write_end(FILE *out, const bsk_match *match);

/* A full game's header as read (for `play --load`, which continues the game with its decks and
 * agents). */
typedef struct bsk_replay_player {
    char deck_name[BSK_CARD_NAME_MAX * 2];
    char agent[32];      /* "" when null */
    const bsk_card *cards[BSK_MATCH_DECK_MAX];
    int count;
    bool squad;
} bsk_replay_player;

/* A replayed log: the final state, its card table and the records applied. */
typedef struct bsk_replay {
    bsk_match match;
    bsk_match start;         /* the state before the first record */
    bsk_card_table cards;
    uint64_t seed;
    int first;               /* the header's "first", 0 when the 402.1 roll was made */
    char format[64];         /* the header's format id ("constructed" when absent) */
    bsk_replay_player players[2]; /* a full game's (not a position's) */
    bsk_record_list records; /* items owned here (free with bsk_replay_free) */
    bool position;           /* the header held a position */
    bsk_position_file *setup; /* the position (when `position`) */
} bsk_replay;

/* Called after each applied record (and its rolls), e.g. for `replay --step`. */
typedef void (*bsk_replay_step_fn)(void *context, const bsk_match *match, const bsk_card_table *cards,
                                   const bsk_record *record);

/* Replays the log at `path` (at most BSK_GAME_LOG_FILE_CAP). Refuses (BSK_ERR_INVALID, naming the
 * line) a blank line, a line that is not JSON or not a record, a cut log (no result line), a roll
 * that differs from the engine's die, a missing roll, an illegal record, another engine version or
 * catalogue revision, a card whose facts differ from its fingerprint in the header (rule log.cards,
 * naming the card; a log without fingerprints is not checked), a position header naming a
 * cards_file, counts or a hash that differ from the replay. `pool` resolves card ids. */
bsk_status bsk_game_log_replay(const char *path, bsk_pool *pool, int catalog_revision, bsk_replay *replay,
                               bsk_replay_step_fn step, void *context, bsk_error *error);
bsk_status bsk_game_log_replay_text(const char *text, size_t length, const char *path, bsk_pool *pool,
                                    int catalog_revision, bsk_replay *replay, bsk_replay_step_fn step,
                                    void *context, bsk_error *error);
void bsk_replay_free(bsk_replay *replay);

#endif
