/* play_board.h — the table `berserk play` and `berserk replay --step` draw (issue 13): the 5×6 grid
 * of DESIGN §2 with each card's short name, life, wounds, state and owner colour; the extra zones,
 * graveyards and decks counted; turn, phase and who must act; the recruitment panel of the
 * preliminary phase; the last events with their dice. Drawn for one viewer: the other side's
 * hidden cards, deal and recruitment stay hidden (hot-seat play), or for nobody (replays). */
#ifndef BERSERK_CLI_PLAY_BOARD_H
#define BERSERK_CLI_PLAY_BOARD_H

#include "berserk/card_table.h"
#include "berserk/match.h"
#include "berserk/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct play_board_options {
    int viewer;           /* 1 or 2: that player's view (the other's hidden cards, deal and takes masked);
                             0: everything shown (replays of finished games, tests) */
    bool color;           /* ANSI colours (owner colours, tapped dim, hidden, dice); off: plain text */
    int width, height;    /* the terminal's size; the layout fits 80×24 and uses more when given (up to
                             240×121); 0 or less: 80×24 */
    const char *status;   /* one line under the board (the question asked, an error), or NULL */
    const char *labels[2];/* per player: a name for the header ("you", "greedy", a deck name), or NULL */
} play_board_options;

/* Draws the whole table, at most options->height - 1 lines (the last line is the prompt's), each at
 * most options->width columns: a header (turn, phase, active player, who must act), the grid with
 * rows 6..1 top to bottom and columns a..e, a side panel (per player: deck, deal, extra zone,
 * graveyard counts and the extra zone's cards), the recruitment panel while players recruit (the
 * viewer's deal with costs, what is taken, crystals left, elements, flyer budget; the other side's
 * counts only), and the last records of `records` as events (rolls shown as dice; records the viewer
 * may not see, such as the other side's takes before the reveal, masked). */
void play_board_draw(FILE *out, const bsk_match *match, const bsk_card_table *cards, const bsk_record *records,
                     size_t record_count, const play_board_options *options);

/* `show PLACE`: every fact of the card at a cell ("c4") or extra-zone place ("1x2", "x1"): name,
 * set and number, owner, cost, element, class, life (printed, modified, wounds), strikes, movement,
 * keywords and features numbered from 1 as `ability`/`feature` commands number them, state (tapped,
 * hidden, counters, poison, host). A card the viewer may not see prints as hidden. Returns false
 * (printing nothing) when no card is at PLACE. */
bool play_board_show(FILE *out, const bsk_match *match, const bsk_card_table *cards, int viewer, const char *place,
                     bool color);

#endif
