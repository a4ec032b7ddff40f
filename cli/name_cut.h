/* name_cut.h — a card name shortened to a number of columns for a text table (cli/name_cut.c):
 * whole when it fits, else cut after a whole word with "…", as the play table and the position
 * board both show names. */
#ifndef BERSERK_CLI_NAME_CUT_H
#define BERSERK_CLI_NAME_CUT_H

#include <stddef.h>

/* Columns (code points) of UTF-8 text. */
int cli_text_columns(const char *text);
/* NAME in at most `max` columns into OUT: whole when it fits, else cut after the last whole word
 * (words end at spaces and hyphens) that leaves room for "…" ("Истребитель духов" in 14:
 * "Истребитель…"); a first word longer than that is cut inside it, on a character boundary, with
 * "…". Never more than size - 1 bytes. Returns the columns written. */
int cli_name_cut(const char *name, int max, char *out, size_t size);

#endif
