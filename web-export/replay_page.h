/* replay_page.h — the viewer page of `berserk export html replay LOG` (DESIGN §5 "Game log", §6,
 * issue 14): the log is replayed and checked by formats/game_log.c, and the page embeds one
 * precomputed frame per log step (the state after each declaration or answer and its dice; frame 0
 * is the state before the first record) as compact JSON: the board's cards (name, owner, life,
 * wounds, tapped, face down, counters, poison), the zones, the recruitment while it lasts, turn,
 * phase and whose turn. Frames after the first list only the cards that changed. A small script
 * steps through them (buttons, a slider, ←/→, Home/End) beside the event list with its dice; no
 * engine runs in the browser. */
#ifndef BERSERK_WEB_REPLAY_PAGE_H
#define BERSERK_WEB_REPLAY_PAGE_H

#include "berserk/error.h"
#include "berserk/pool.h"

#include <stddef.h>
#include <stdio.h>

/* What the page shows, for the caller's message. */
typedef struct bsk_replay_page_info {
    size_t steps; /* declarations and answers: the last frame's number */
    int turns;
    bool over;
    int winner; /* 1, 2; 0 for a draw or a game that goes on */
} bsk_replay_page_info;

/* Replays the log `text` (`length` bytes, read from `path`, which errors and the page name) with
 * bsk_game_log_replay_text and writes the whole page to `out`. A log that does not replay is the
 * replay's error (BSK_ERR_INVALID naming the line, as `berserk replay` reports it); BSK_ERR_NOMEM
 * when the frames do not fit in memory. `info` may be NULL. */
bsk_status bsk_replay_page_write(FILE *out, const char *path, const char *text, size_t length, bsk_pool *pool,
                                 int catalog_revision, bsk_replay_page_info *info, bsk_error *error);

#endif
