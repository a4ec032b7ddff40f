/* play_command.h — the words a player types at `berserk play` (issue 13) and the log records they
 * stand for: `move c3 c2`, `attack c3 c4`, `ability c3 1 d5`, `guard b4`, `take Циклоп 2 3`, …
 * Every legal action has one command text (shown by `legal`, offered by tab completion); a typed
 * command becomes a record, which bsk_record_to_action checks against the rules. */
#ifndef BERSERK_CLI_PLAY_COMMAND_H
#define BERSERK_CLI_PLAY_COMMAND_H

#include "berserk/position.h"

#include <stdbool.h>
#include <stddef.h>

#define PLAY_COMMAND_MAX 192 /* a command text: a verb, a card name, places and numbers */

/* The command text of an action record (bsk_record_from_action): "move c3 c2", "attack c3 c4",
 * "ability c3 1 d5" (abilities and features numbered from 1), "counter c3", "tap c3", "pass", "end",
 * "guard b4", "guard none", "step down", "stay", "first", "second", "keep", "redeal",
 * "take NAME" or "take NAME GOLD SILVER", "done", "place NAME c2", "hide c6", "host c5 d5",
 * "order c3" or "order NAME", "use yes", "use no", "mode 2", "choose d3": the kinds' `command`
 * texts (berserk/action.h, bsk_record_command_format). */
void play_command_format(const bsk_record *record, char *out, size_t size);

/* Reads a typed command of `player` into a record by the kinds' `command` texts (places
 * lower-cased, names kept for bsk_record_to_action's normalised compare). False with a one-line reason in `message` when the
 * words are no command or miss a part. */
bool play_command_parse(const char *line, int player, bsk_record *out, char *message, size_t size);

/* The i-th help line of the play commands (the kinds' rows, berserk/action.h), NULL past the last. */
const char *play_command_help(int i);

#endif
