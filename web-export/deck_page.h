/* deck_page.h — the deck pages of `berserk export html deck` (issue 14, DESIGN §6): one page per
 * decklist (the cards grouped by element and type with counts, costs and their exact odds in the
 * deal, the cost curve and element split as SVG charts, the legality report with the file's lines
 * and the offending ones marked, one A4 page in print) and the index of a tournament's
 * registrations (each deck legal, illegal or unreadable, linked to its page). */
#ifndef BERSERK_WEB_DECK_PAGE_H
#define BERSERK_WEB_DECK_PAGE_H

#include "berserk/deck.h"
#include "berserk/format.h"

#include <stddef.h>
#include <stdio.h>

/* Everything one deck page shows, computed by the caller with the same library calls as
 * `deck check` (the report, sorted) and `deck stats` (the statistics). */
typedef struct bsk_deck_page {
    const char *file;             /* the path as given (untrusted text) */
    const char *source;           /* the file's bytes, for the line listing; NULL: not shown */
    size_t source_length;
    const bsk_deck *deck;         /* as read; deck->name may be "" */
    const bsk_deck_report *report; /* parser's and check's issues, bsk_deck_report_sort'ed */
    const bsk_deck_stats *stats;
    const bsk_format *format;
    const char *date;             /* "YYYY-MM-DD" the bans in force were taken on */
    const char *index_href;       /* the index page, relative to this one; NULL: no index */
} bsk_deck_page;

/* Writes the whole page (an HTML5 document). */
void bsk_deck_page_write(FILE *out, const bsk_deck_page *page);

/* The verdict of one file on the index. */
typedef enum bsk_deck_status {
    BSK_DECK_LEGAL,
    BSK_DECK_ILLEGAL,
    BSK_DECK_UNREADABLE
} bsk_deck_status;

typedef struct bsk_deck_index_entry {
    const char *file;     /* the path as given */
    const char *name;     /* the deck's name; "" or NULL: none */
    const char *href;     /* its page relative to the index; NULL for an unreadable file */
    bsk_deck_status status;
    int cards;            /* every parsed entry's count (deck check's "cards") */
    int errors;           /* errors, the ones past the report's limit included */
    int warnings;
    const char *elements; /* "forests, darkness, neutral" (plain text); NULL: none */
    const char *problem;  /* the first error's "line N: code" or why the file is unreadable */
} bsk_deck_index_entry;

/* Writes the index page: the totals (legal, illegal, unreadable) and one row per file. */
void bsk_deck_index_write(FILE *out, const bsk_format *format, const char *date, const bsk_deck_index_entry *entries,
                          size_t count);

/* The deck's name, or the file's base name without its extension when it has none. */
void bsk_deck_page_title(const bsk_deck *deck, const char *file, char *out, size_t out_size);

#endif
