/* position.h — the position vocabulary of DESIGN §5 as plain records (declarations, decision
 * answers, die rolls), their translation to and from engine actions, and the runner that plays
 * a position file's actions and decisions on a match set up with bsk_match_from_position.
 * No JSON here: formats/position_file.c and formats/game_log.c read and write these records. */
#ifndef BERSERK_POSITION_H
#define BERSERK_POSITION_H

#include "berserk/card.h"
#include "berserk/card_table.h"
#include "berserk/error.h"
#include "berserk/match.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_PLACE_MAX 8 /* "c3", "1x12", "x3" with the terminator */

typedef enum bsk_record_type {
    BSK_RECORD_ACTION, /* a declaration or a decision answer; kind says which */
    BSK_RECORD_ROLL    /* one die (306) */
} bsk_record_type;

/* One log record. For an action, kind is the bsk_action_kind:
 *   declarations ({"player","do":VERB,...}): PASS, END_TURN, MOVE (from, to = a free cell),
 *     ATTACK (from, to), ABILITY (from, index, to or ""), GAIN_COUNTER (from), FLYER_TAP (from),
 *     FEATURE (from, index = the card's feature, to or ""; an activated card feature);
 *   answers: GUARD ({"guard":PLACE}; from = the guard, "" = no guard), STEP_DOWN (flag),
 *     ORDER ({"order":PLACE or card}: from = the place of the card whose trigger is declared next,
 *     or card = its name when it has no place, e.g. in the graveyard; 305.1),
 *     FIRST (flag: the chooser goes first), KEEP, REDEAL, TAKE (card, gold/silver or -1),
 *     PLACE (card, to = cell), HIDE (from = cell), HOST (from = symbiote, to = host), DONE;
 *     a feature's question (DESIGN §5): USE (flag), MODE (index = the option, 1-based), CHOOSE
 *     (from = a place, else card = a card's name or a class, element or direction id, else
 *     index = a number).
 * A roll: player, value 1..6, from = the rolling card's place ("" when none). */
typedef struct bsk_record {
    uint8_t type;     /* bsk_record_type */
    uint8_t kind;     /* bsk_action_kind */
    uint8_t player;   /* 1 or 2 */
    bool flag;
    char from[BSK_PLACE_MAX];
    char to[BSK_PLACE_MAX];
    int index;        /* ABILITY: the catalogue keyword index; FEATURE: the feature index; -1 */
    int gold, silver; /* TAKE split; -1 = the default payment */
    int value;        /* ROLL */
    char card[BSK_CARD_NAME_MAX]; /* TAKE, PLACE, ORDER (no place): the card's name */
    /* branch posio (issue 22 §2): FEATURE by DESIGN §5 `src` (instead of index; 0: none) and `source`,
     * the place of the card whose feature the declaring card acquired ("": its own feature) */
    int src;
    char source[BSK_PLACE_MAX];
} bsk_record;

/* A caller-owned list of records; records past capacity are counted in dropped. */
typedef struct bsk_record_list {
    bsk_record *items;
    size_t count;
    size_t capacity;
    size_t dropped;
} bsk_record_list;

/* An empty action record of `kind` for `player` (index, gold and silver -1, places ""). */
void bsk_record_init(bsk_record *record, int kind, int player);
/* Appends a copy (counted in dropped when full). */
void bsk_record_list_add(bsk_record_list *list, const bsk_record *record);

/* Whether `kind` is a declaration verb ("do") rather than a decision answer. */
bool bsk_record_is_declaration(int kind);
/* A declaration verb ("move", "attack", "ability", "feature", "gain_counter", "flyer_tap", "pass",
 * "end_turn") to its kind, -1 when it is none. */
int bsk_record_verb_parse(const char *verb);

/* The record of `action`, legal now in `match` (before it is applied): card names from the card
 * table, places from bsk_match_unit_place. A PASS answering the guard question becomes a GUARD
 * record with no place. */
void bsk_record_from_action(const bsk_match *match, const bsk_card_table *cards, const bsk_action *action,
                            bsk_record *out);

/* The legal action the record names in `match` now. A TAKE with an explicit split carries it (the
 * legal list holds only default payments; bsk_match_apply checks the split); a PLACE by name matches
 * any unplaced copy. When none matches: BSK_ERR_INVALID with the rule the action breaks (from
 * bsk_match_check where the record names units) and a message naming the record. */
bsk_status bsk_record_to_action(const bsk_match *match, const bsk_card_table *cards, const bsk_record *record,
                                bsk_action *out, bsk_error *error);

/* ---- Which copy of a same-name card a record means (copies.c) ----
 * A record names a recruited, placed or ordered card by its name, so copies of a name are one: the
 * first copy is meant, by the card table's name classes (bsk_card_table.name_class). Replays, logs,
 * typed commands, positions and the batches' games all decide it here. */

/* The deal position of the first card of name class `name_class` that `player` has not taken
 * (403.2), -1 when none is left. */
int bsk_record_deal_copy(const bsk_match *match, const bsk_card_table *cards, int player, int name_class);
/* The index in legal[0..count-1] of the first PLACE of a card of name class `name_class` on `cell`
 * (404.1), -1 when there is none. */
int bsk_record_place_copy(const bsk_match *match, const bsk_card_table *cards, const bsk_action *legal, int count,
                          int name_class, int cell);
/* Whether `name` names the card of `slot`: its name (bsk_name_equal) or its id. */
bool bsk_record_names_slot(const bsk_card_table *cards, int slot, const char *name);
/* The copy its record means of the action legal[chosen] (one of legal[0..count-1], legal now), as
 * an index in legal[]: what bsk_record_to_action makes of bsk_record_from_action's record of it. A
 * TAKE becomes the first untaken deal position of that name offered with the same payment split, a
 * PLACE the first legal placement of that name on that cell, an ORDER the first pending trigger of
 * the card its place names, or of that name once it has no place (the graveyard); any other action,
 * or a TAKE whose first copy is not offered with that split, is itself. A play loop that applies the
 * canonical copy (a card of the same name) plays the game its log describes, down to the hash. */
int bsk_record_canonical(const bsk_match *match, const bsk_card_table *cards, const bsk_action *legal, int count,
                         int chosen);

/* The record kind that answers the question `match` asks now (GUARD, STEP_DOWN, ORDER, USE, MODE,
 * CHOOSE, FIRST, REDEAL for keep-or-redeal, TAKE for recruitment, PLACE, HIDE, HOST), END_TURN for
 * the Choice subphase's priority, PASS for priority in a window (303, 512: fast declarations or
 * pass), -1 when nobody is asked. */
int bsk_record_question(const bsk_match *match, const bsk_card_table *cards);
/* Whether an answer of `kind` answers a question of `question` (KEEP and REDEAL both answer
 * REDEAL; DONE answers TAKE and HIDE). */
bool bsk_record_answers(int kind, int question);

/* The `play` command text of an action record, from its kind's row (berserk/action.h): "move c3 c2",
 * "ability c3 1 d5" (abilities and features numbered from 1), "guard none", "step down", "stay",
 * "take NAME 2 3", "order c3", "use no", "mode 2", "choose d3", … */
void bsk_record_command_format(const bsk_record *record, char *out, size_t size);

/* Appends the records of engine events: one ROLL record per die (others are not log records). */
void bsk_record_add_rolls(const bsk_match *match, const bsk_events *events, size_t first, bsk_record_list *out);

/* ---- The position runner (DESIGN §5 "Position scenarios") ---- */

#define BSK_POSITION_STEPS_MAX 256 /* actions, and decisions, in one position */

typedef struct bsk_position_script {
    const bsk_record *actions;
    int action_count;
    const bsk_record *decisions; /* answers only; at most BSK_POSITION_STEPS_MAX */
    int decision_count;
} bsk_position_script;

typedef enum bsk_position_stop {
    BSK_POSITION_DONE,         /* the last action resolved, or the game ended */
    BSK_POSITION_ILLEGAL,      /* an illegal declaration or answer (exit 1) */
    BSK_POSITION_BAD_DICE      /* the dice ran out, or some were left over (exit 2) */
} bsk_position_stop;

typedef struct bsk_position_outcome {
    int stop;          /* bsk_position_stop */
    const char *step;  /* "actions" or "decisions": the list `index` is in; NULL when done */
    int index;         /* 0-based in that list; -1 */
    const char *code;  /* "illegal_declaration", "illegal_answer", "decision_not_asked", "dice_exhausted",
                          "dice_left"; NULL when done */
    bsk_error error;   /* rule and message */
} bsk_position_outcome;

/* Plays the script on `match` (set up by bsk_match_from_position, with `ask_choice` for DESIGN §5's
 * turns): at the active player's priority in the Choice subphase the next unused action is declared;
 * it must be that player's (else exit 1, 411.1: a turn ends only at an end_turn action) and legal
 * now (else exit 1, never waiting for a later turn); with priority in a window
 * (303, 512) the next unused action is declared if it is that player's fast declaration (feature,
 * ability) and the window allows it, otherwise the player passes (logged as pass); each question takes the next
 * unused decision of that player and kind, else the default (no guard, no step-down). Stops as soon as
 * the last action has resolved (the next Choice after it, before any pass; or the end of the game) or at the first illegal
 * declaration. Every applied action and every die goes to `log` (which may be NULL). `events` is
 * caller scratch (the dice of one action; 64 entries are plenty). Returns BSK_OK when the run is
 * done, BSK_ERR_INVALID otherwise (the outcome says why). */
bsk_status bsk_position_run(bsk_match *match, const bsk_card_table *cards, const bsk_position_script *script,
                            bsk_event *events, size_t event_capacity, bsk_record_list *log,
                            bsk_position_outcome *outcome);

#ifdef __cplusplus
}
#endif

#endif
