/* play_session.h — one game of `berserk play` (issue 13) without the terminal: the match and its
 * card table, each deck's player (a person or an agent), the log records so far, undo snapshots
 * before each person's decision (agents' streams included), the game log written whole, and a
 * saved log loaded back to continue. Decks keep the numbers of the command line (DECK1 = deck 0);
 * the engine's players are seats, which the 402.1 choice maps to decks. */
#ifndef BERSERK_CLI_PLAY_SESSION_H
#define BERSERK_CLI_PLAY_SESSION_H

#include "games.h"
#include "game_log.h"

#include "berserk/history.h"

#define PLAY_HUMAN (-1) /* a deck played by a person, in play_session.kinds */
#define PLAY_LEGAL_TEXT 160

/* One distinct legal action and its command text (copies of a card are one choice). */
typedef struct play_choice {
    bsk_action action;
    char text[PLAY_LEGAL_TEXT];
} play_choice;

typedef struct play_session {
    bsk_match match;
    bsk_card_table cards;
    bsk_squad_params params;
    char format[64];
    uint64_t seed;
    int first_option;          /* 1|2: the deck moving first was given (--first); 0: the 402.1 roll */
    int first_deck;            /* 0|1 once 402.1 is decided, -1 before */
    int kinds[2];              /* per deck: bsk_agent_kind, or PLAY_HUMAN */
    bsk_agent agents[2];       /* per deck */
    int budget;
    char names[2][BSK_CARD_NAME_MAX * 2];
    const bsk_card *deck_cards[2][BSK_MATCH_DECK_MAX];
    int deck_counts[2];
    bool squads[2];
    int revision;              /* the catalogue's */
    bsk_record *records;       /* the log so far (heap, grows) */
    size_t record_count, record_capacity;
    bsk_history history;       /* entries' player = deck + 1 */
    play_choice choices[BSK_MATCH_LEGAL_MAX]; /* play_session_choices' */
    int choice_count;
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    bsk_match_view view;
    bsk_event events[CLI_GAME_EVENTS];
} play_session;

/* A new game of two decks (deck 0 = DECK1). first: 1|2 = that deck moves first, 0 = the 402.1 roll.
 * Agents draw from streams seeded by the match seed and their deck. */
bsk_status play_session_start(play_session *s, const cli_game_deck decks[2], const int kinds[2], int budget,
                              const bsk_format *format, uint64_t seed, int first, int revision, bsk_error *error);
/* Continues a replayed log: its decks, its agents ("human" = a person; an agent id; anything else
 * is played by a person), and every record re-applied with undo snapshots before each person's
 * decision (the caller may then change s->kinds, e.g. `--agent2 human`). */
bsk_status play_session_load(play_session *s, const bsk_replay *replay, int revision, bsk_error *error);
void play_session_free(play_session *s);

/* The deck (0|1) of the engine's player 1|2 now. */
int play_session_deck(const play_session *s, int player);
/* The deck that must decide now, -1 when nobody must (the game is over). */
int play_session_deck_to_act(const play_session *s);
bool play_session_human(const play_session *s, int deck);

/* The distinct legal actions of the player to act with their command texts, into s->choices
 * (numbered from 1 by `legal`). Returns the count. */
int play_session_choices(play_session *s);

/* Applies a person's action (legal now): an undo snapshot first, then the action, its record and
 * its dice. */
bsk_status play_session_decide(play_session *s, const bsk_action *action, bsk_error *error);
/* Applies actions without new snapshots (the rest of an `auto`, an agent's). */
bsk_status play_session_apply(play_session *s, const bsk_action *action, bsk_error *error);
/* Lets the agent of the deck to act decide once. */
bsk_status play_session_agent_step(play_session *s, bsk_error *error);
/* `auto`: the passive agent's best squad (403), tier placement (404) or seating of the symbiotes
 * (405.2) for the person to act, as one decision. False with a reason when the question is none. */
bool play_session_auto(play_session *s, char *message, size_t size);

/* Why a typed `place NAME CELL` the engine refused is not legal (404.1): the name is no card left
 * to place, the cell is off the player's half or occupied (404.1.1), or its tier is not open yet,
 * with the lower tiers' free cells (404.1.2 first player, 404.1.3 second). For `host SYMBIOTE
 * HOST` (405.2): the symbiote asked about now, or the legal hosts (405.2.1 companions, 405.2.2
 * parasites). False when the refusal is none of these (then the engine's reason stands). */
bool play_session_refusal(play_session *s, const bsk_record *record, char *message, size_t size);

/* Steps back one decision of a person (any person in hot-seat play). False at the first one. */
bool play_session_undo(play_session *s);
/* `cancel`: undoes the last take of the recruitment in progress of the deck to act. */
bool play_session_cancel(play_session *s);

/* The game log (DESIGN §5): header, records, the end line (result null while the game goes on). */
void play_session_write_log(const play_session *s, FILE *out);
/* The player's id written in the header: "human" or the agent's. */
const char *play_session_player_id(const play_session *s, int deck);

#endif
