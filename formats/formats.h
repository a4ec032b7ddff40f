/* formats.h — decklist file codecs (plain text, ProBerserk TXT, berserk-nxt .brsd, JSON)
 * into lib's bsk_deck and back, and tournament format files (DESIGN §2, §4) into
 * bsk_format. Problems inside a readable decklist become report issues (parse_error,
 * unknown_card); only a file that cannot be used at all is an error status. */
#ifndef BERSERK_FORMATS_H
#define BERSERK_FORMATS_H

#include "berserk/deck.h"
#include "berserk/format.h"

#include <stddef.h>

typedef enum bsk_decklist_kind {
    BSK_DECKLIST_TEXT, /* plain text and ProBerserk TXT */
    BSK_DECKLIST_BRSD, /* berserk-nxt .brsd, detected by extension only */
    BSK_DECKLIST_JSON
} bsk_decklist_kind;

/* .brsd → BRSD, .json → JSON, anything else → text. */
bsk_decklist_kind bsk_decklist_kind_for_path(const char *path);
/* "text", "brsd", "json" → kind; -1 otherwise. */
int bsk_decklist_kind_parse(const char *word);

/* Parses a decklist held in memory. `file` names it in messages. Names resolve to
 * printings format-aware (format may be NULL). Returns BSK_OK when the file could be
 * read as a decklist (its problems are in `report`), or an error for an unusable file
 * (over 1 MB, a JSON decklist that is not valid JSON or not a decklist object). */
bsk_status bsk_decklist_parse(const char *data, size_t length, bsk_decklist_kind kind, const char *file,
                              bsk_pool *pool, const bsk_format *format, bsk_deck *deck, bsk_deck_report *report,
                              bsk_error *error);
/* Reads and parses a file (kind from its extension). */
bsk_status bsk_decklist_read(const char *path, bsk_pool *pool, const bsk_format *format, bsk_deck *deck,
                             bsk_deck_report *report, bsk_error *error);
/* Writes a deck (malloc'd, NUL-terminated). A deck with unknown names, or a .brsd of a
 * printing without an nxt id, cannot be written: BSK_ERR_INVALID. */
char *bsk_decklist_write(const bsk_deck *deck, bsk_decklist_kind kind, bsk_pool *pool, size_t *length,
                         bsk_error *error);

/* Parses a format file (all keys optional; absent keys take the rules' defaults, null
 * means "no limit"). Errors name the file and the field: `my.json: deck.min: expected
 * integer or null`. */
bsk_status bsk_format_parse(const char *data, size_t length, const char *file, bsk_format *format,
                            bsk_error *error);
/* Checks the banned and restricted names of a format against the catalogue, where the
 * format meets it (DESIGN §4: a format file naming a card unknown to the catalogue is
 * exit 2). A listing written as an id ("01-037") or nxt id ("10037") is replaced by the
 * card's name, so it bans that name. The first unknown one is BSK_ERR_INVALID, rule
 * "format.card", naming `file` and the entry's path with the nearest names:
 * `league.json: banned[0].name: no card named "Кулеврина орка"; did you mean: Кулеврина орков`. */
bsk_status bsk_format_check_names(bsk_format *format, const char *file, bsk_pool *pool, bsk_error *error);

/* Finds a format by name or path (DESIGN §1): an argument containing '/' or ending in
 * ".json" is a path; otherwise NAME.json in $BERSERK_FORMATS, then
 * BSK_FORMATS_DIR (PREFIX/share/berserk/formats), then the built-in copies of
 * the shipped formats/NAME.json files. Unknown names are BSK_ERR_NOT_FOUND with the known names listed. */
bsk_status bsk_format_find(const char *name_or_path, bsk_format *format, bsk_error *error);

#endif
