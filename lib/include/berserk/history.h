/* history.h — undo for interactive play (issue 13): the states before players' decisions, kept
 * whole. A match is one flat value (DESIGN §5), so a snapshot is a copy of it with both agents'
 * streams; restoring one puts back the dice, the deal and the agents exactly, so the same choices
 * replay the same game. */
#ifndef BERSERK_HISTORY_H
#define BERSERK_HISTORY_H

#include "berserk/agent.h"
#include "berserk/error.h"
#include "berserk/match.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The state before one decision: the match, the agents' streams, how many log records existed
 * and the player who was to decide. */
typedef struct bsk_history_entry {
    bsk_match match;
    bsk_agent agents[2];
    size_t records;
    int player;
} bsk_history_entry;

/* A stack of entries, oldest first; grows on the heap (a full game holds a few hundred). */
typedef struct bsk_history {
    bsk_history_entry *items;
    size_t count;
    size_t capacity;
} bsk_history;

void bsk_history_init(bsk_history *history);
void bsk_history_free(bsk_history *history);

/* Remembers the state before `player`'s decision. BSK_ERR_NOMEM when it cannot grow. */
bsk_status bsk_history_push(bsk_history *history, const bsk_match *match, const bsk_agent agents[2], size_t records,
                            int player);

/* Steps back one decision of a player in `players` (bit 1: player 1, bit 2: player 2): the latest
 * entry of such a player is copied to *out and it and every later entry are dropped, so the game
 * continues from just before that decision. False (nothing changed) when there is none. */
bool bsk_history_undo(bsk_history *history, unsigned players, bsk_history_entry *out);

/* Drops the entries after the first `count` (a shorter game, e.g. after a load). */
void bsk_history_truncate(bsk_history *history, size_t count);

#ifdef __cplusplus
}
#endif

#endif
