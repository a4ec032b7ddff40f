/* deck.h — a decklist (entries: printing, count, source line) and its legality check
 * against a format (DESIGN §2, §4 "deck check"). The check reports every problem as a
 * bsk_deck_issue with the codes and rule strings of the contract; the codecs that read
 * and write decklist files live in formats/. Also the deck's statistics for `deck stats`. */
#ifndef BERSERK_DECK_H
#define BERSERK_DECK_H

#include "berserk/card.h"
#include "berserk/error.h"
#include "berserk/format.h"
#include "berserk/pool.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BSK_DECK_NAME_MAX 256
#define BSK_DECK_MAX_ENTRIES 4096
#define BSK_DECK_MAX_COUNT 99    /* a count of 0 or above 99 is a parse error */
#define BSK_DECK_LINE_MAX 4096   /* longer lines are parse errors */
#define BSK_DECK_FILE_MAX (1u << 20)
#define BSK_ISSUE_MAX_LINES 32
#define BSK_ISSUE_CODE_MAX 24
#define BSK_ISSUE_MESSAGE_MAX 320
#define BSK_ISSUE_PATH_MAX 40

typedef struct bsk_deck_entry {
    const bsk_card *card;          /* resolved printing; NULL for an unknown name */
    int count;
    int line;                      /* 1-based source line, 0 when the source has none */
    bool pinned;                   /* the line named a printing (id, nxt id or [SET]) */
    int item;                      /* JSON decklists: 1 + the entry's index in "cards"; 0 otherwise */
    char text[BSK_CARD_NAME_MAX];  /* the name or id as written, trimmed (cut on a character boundary) */
} bsk_deck_entry;

typedef struct bsk_deck {
    char name[BSK_DECK_NAME_MAX];
    bsk_deck_entry *entries;
    size_t count;
    size_t capacity;
} bsk_deck;

void bsk_deck_init(bsk_deck *deck);
void bsk_deck_free(bsk_deck *deck);
bsk_status bsk_deck_add(bsk_deck *deck, const bsk_deck_entry *entry, bsk_error *error);
/* Cards in the deck: every entry's count, unknown names included. */
int bsk_deck_total(const bsk_deck *deck);
/* Same printings with the same counts in the same order, and the same name. */
bool bsk_deck_equal(const bsk_deck *a, const bsk_deck *b);

/* One problem found in a decklist, in the JSON shape of DESIGN §4. */
typedef struct bsk_deck_issue {
    char code[BSK_ISSUE_CODE_MAX];   /* parse_error, unknown_card, too_many_copies, ... */
    char rule[BSK_FORMAT_ID_MAX + 24];
    char card[BSK_CARD_NAME_MAX];    /* "" = null */
    int count;                       /* BSK_UNSET = null */
    int limit;                       /* BSK_UNSET = null */
    int line;                        /* 0 = null */
    int line_count;                  /* -1 = null */
    int lines[BSK_ISSUE_MAX_LINES];
    char message[BSK_ISSUE_MESSAGE_MAX];
    char path[BSK_ISSUE_PATH_MAX];   /* JSON decklists: where, as "cards[3]" or "cards[3].count"; "" otherwise */
    int suggestion_count;            /* unknown_card only; -1 when not applicable */
    char suggestions[3][BSK_CARD_NAME_MAX];
    bool warning;
} bsk_deck_issue;

/* A hostile file can hold a million problems; a report keeps the first ones in report
 * order and counts the rest (issue 10 item 10). */
#define BSK_DECK_REPORT_MAX 100
/* Unknown names looked up for suggestions per file; later ones get none (each look-up
 * measures the distance to every catalogue name). */
#define BSK_DECK_SUGGESTED_MAX 20

typedef struct bsk_deck_report {
    bsk_deck_issue *items;
    size_t count;
    size_t capacity;
    size_t limit;     /* issues kept, BSK_DECK_REPORT_MAX after init; 0 = every one */
    size_t more;      /* issues found past the limit: counted, not kept */
    size_t suggested; /* unknown names looked up for suggestions so far */
} bsk_deck_report;

void bsk_deck_report_init(bsk_deck_report *report);
void bsk_deck_report_free(bsk_deck_report *report);
/* Appends a zeroed issue (count, limit null; no lines) and returns it, or NULL when out
 * of memory. The pointer is good until the next call: with a limit, the report is sorted
 * and cut to its first `limit` issues whenever it holds twice that many, so at most
 * 2 × limit issues are ever stored. */
bsk_deck_issue *bsk_deck_report_add(bsk_deck_report *report, const char *code, const char *rule);
/* Errors among the issues kept. With issues past the limit, every kept one is an error
 * whenever a dropped one is (errors sort first), so "no errors" stays exact. */
size_t bsk_deck_report_errors(const bsk_deck_report *report);
/* Errors ordered by line, deck-level ones (line null) last; warnings after errors; equal
 * places in finding order (a stable O(n log n) sort). Then cuts the report to its limit,
 * counting the cut issues in `more`. */
void bsk_deck_report_sort(bsk_deck_report *report);

/* Resolves a name to the newest printing legal in the format (DESIGN §2); without a
 * format, or when no printing is legal, the newest overall. */
const bsk_card *bsk_deck_resolve(bsk_pool *pool, const char *name, const bsk_format *format);

/* Checks a parsed deck against a format on a date ("YYYY-MM-DD"): size, copies per name
 * across printings (horde copies), bans and restrictions in force, legal sets, and the
 * pool when given (counts are copies owned). Appends to `report`, which may already hold
 * the parser's issues. */
void bsk_deck_check(const bsk_deck *deck, const bsk_format *format, const bsk_deck *pool_deck, const char *date,
                    bsk_pool *pool, bsk_deck_report *report);

/* Statistics of a deck (DESIGN §4 "deck stats"). */
#define BSK_STATS_MAX_COST 16 /* costs above go into the last bucket */
typedef struct bsk_deck_card_odds {
    const bsk_card *card; /* one row per name (newest printing in the deck) */
    int copies;
    double at_least[3];   /* P(at least 1, 2, 3 copies in the deal), exact hypergeometric */
} bsk_deck_card_odds;

typedef struct bsk_deck_stats {
    int cards;
    int deal;
    int by_element[BSK_ELEMENT_COUNT + 1]; /* last: neutral */
    int by_type[BSK_TYPE_COUNT];
    int by_subtype[BSK_SUBTYPE_COUNT];
    int elite;
    int rank_and_file;
    int cost_curve[BSK_STATS_MAX_COST + 1];
    int flyer_cost;            /* total cost of the flyers in the deck */
    int elite_cost;            /* total cost of elite cards */
    int rank_and_file_cost;
    double expected_elite_cost;         /* in a deal: deal / cards × elite_cost */
    double expected_rank_and_file_cost;
    size_t odds_count;
    bsk_deck_card_odds *odds;  /* malloc'd, one per name, deck order */
} bsk_deck_stats;

/* Unknown names are left out of the statistics. */
bsk_status bsk_deck_stats_compute(const bsk_deck *deck, int deal, bsk_deck_stats *stats, bsk_error *error);
void bsk_deck_stats_free(bsk_deck_stats *stats);

/* P(X >= k) for X ~ Hypergeometric(population, successes, draws). */
double bsk_hypergeometric_at_least(int population, int successes, int draws, int k);

#ifdef __cplusplus
}
#endif

#endif
