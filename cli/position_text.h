/* position_text.h — the readable forms of a position run or a replay (cli/position_text.c): the
 * 5×6 board with short names, owners and life, the extra zones, the records, the result, the hash
 * and the error; one record as text. */
#ifndef BERSERK_CLI_POSITION_TEXT_H
#define BERSERK_CLI_POSITION_TEXT_H

#include <stdio.h>

#include "position_file.h"

void bsk_position_print_board(FILE *out, const bsk_match *match, const bsk_card_table *cards);
void bsk_position_print_text(FILE *out, const bsk_match *match, const bsk_card_table *cards,
                             const bsk_record_list *log, const bsk_position_outcome *outcome);
/* One record as text ("1 attack c3 → c4", "roll 6 (player 1, c3)"). */
void bsk_record_format(const bsk_record *record, char *out, size_t out_size);

#endif
