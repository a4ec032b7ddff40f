/* engine_fixture.h — what the engine's unit tests share (test_match, test_keywords,
 * test_assertions_02, test_assertions_0103): synthetic cards and their keywords, a position set
 * up cell by cell, and actions applied or looked up with a failed check on refusal. Cells are
 * global (DESIGN §2); unit indices are the position's card order. */
#ifndef BERSERK_TEST_ENGINE_FIXTURE_H
#define BERSERK_TEST_ENGINE_FIXTURE_H

#include "berserk/card_table.h"
#include "berserk/match.h"

#include <stdbool.h>

struct bsk_pool;
struct bsk_format;

/* A unit or target that matches any value in offered() and find_legal() (-1 is a real "none"). */
#define FIXTURE_ANY (-2)

/* A synthetic card of set "test" with keywords the engine runs generically. */
bsk_card make_card(const char *id, const char *name, int type, int subtype, int cost, bool elite, int life,
                   int movement, int weak, int medium, int strong);

/* Whether bsk_card_blockers lists `what` for the card (its first 64 blockers). */
bool card_has_blocker(const bsk_card *card, const char *what);

/* A named keyword; x < 0: printed without X. */
void add_keyword(bsk_card *c, int id, int x);

/* An attack ability with values weak-medium-strong; range 0: no printed range. */
void add_attack(bsk_card *c, int id, int activation, int weak, int medium, int strong, int range);

/* {instant}{tap}: wound a chosen enemy card of the battle zone by `value` (a fast action, 304.3). */
bsk_feature instant_wound(int value);

/* Adds `f` to `card`'s slot of the table (the card is added when missing). */
void give(bsk_card_table *table, const bsk_card *card, bsk_feature f);

/* The cell named like "c3"; fails the test on a bad name. */
int cell(const char *name);

/* Adds a card to the position: `where` is a cell ("c3"), a cell with "+" ("c4+": a symbiote seated
 * on the card of c4) or "extra" (the extra zone). Returns the new card for more fields. */
bsk_position_card *put(bsk_position *pos, const bsk_card *card, int owner, const char *where);

/* The same, returning the card's unit index. */
int put_unit(bsk_position *pos, const bsk_card *card, int owner, const char *where);

/* Sets player 1 active on `turn` with the dice given and starts the match. The table is not
 * initialised here: features are given before this. */
void start(bsk_match *m, bsk_card_table *table, bsk_position *pos, int turn, const int *dice, int count);

/* Applies an action, recording events when `events` is not NULL; returns the engine's status. */
bsk_status try_act(bsk_match *m, const bsk_card_table *table, int kind, int player, int unit, int target,
                   int to_cell, int index, bsk_events *events);

/* Applies an action; fails the test when it is refused. */
void act(bsk_match *m, const bsk_card_table *table, int kind, int player, int unit, int target, int to_cell,
         int index);

/* Whether the player to act may do (kind, unit, target); FIXTURE_ANY matches any unit or target. */
bool offered(const bsk_match *m, const bsk_card_table *table, int kind, int unit, int target);

/* The legal action of `kind` by `unit` at `target` (FIXTURE_ANY: at any), or fails the test. */
bsk_action find_legal(const bsk_match *m, const bsk_card_table *table, int kind, int unit, int target);

/* The cards of tests/fixtures/decks/tournament/FILE read with the pool and format, one entry a copy
 * (at most BSK_MATCH_DECK_MAX); a failed check when the file does not read. Returns the count. */
int tournament_deck_read(struct bsk_pool *pool, const struct bsk_format *format, const char *file,
                         const bsk_card **out);

/* The rule-case files of tests/positions (NAME.json, not the .expected.json), sorted by name, at
 * most max; each name is malloc'd (free_position_names). Returns the count; fails the test when the
 * folder cannot be read. */
int position_names(char **names, int max);
void free_position_names(char **names, int count);

#endif
