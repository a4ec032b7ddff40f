/* decklist_roundtrip.c — the invariants of every decklist parser (formats/decklist.c):
 * every string the parse, the check and the writer produce is valid UTF-8; the report is
 * ordered as DESIGN §4 says; and a deck whose names all resolve survives parse(write(x)) = x
 * in each of the three written kinds (text, .brsd, JSON), with no problem reported. */
#include "fuzz.h"
#include "fuzz_decklist.h"

#include <stdlib.h>
#include <string.h>

static const char *const KIND_NAMES[] = {"text", "brsd", "json"};

static void check_report(const bsk_deck_report *report)
{
    for (size_t i = 0; i < report->count; i++) {
        const bsk_deck_issue *issue = &report->items[i];
        fuzz_check_utf8("issue code", issue->code);
        fuzz_check_utf8("issue rule", issue->rule);
        fuzz_check_utf8("issue card", issue->card);
        fuzz_check_utf8("issue message", issue->message);
        for (int s = 0; s < issue->suggestion_count; s++)
            fuzz_check_utf8("issue suggestion", issue->suggestions[s]);
        FUZZ_CHECK(issue->line_count <= BSK_ISSUE_MAX_LINES, "%d lines", issue->line_count);
    }
}

static void check_deck(const bsk_deck *deck)
{
    fuzz_check_utf8("deck name", deck->name);
    for (size_t i = 0; i < deck->count; i++) {
        fuzz_check_utf8("entry text", deck->entries[i].text);
        FUZZ_CHECK(deck->entries[i].count >= 1 && deck->entries[i].count <= BSK_DECK_MAX_COUNT, "count %d",
                   deck->entries[i].count);
    }
}

/* DESIGN §4: errors by line, deck-level ones (line null) last; warnings after errors. */
static void check_order(const bsk_deck_report *report)
{
    for (size_t i = 1; i < report->count; i++) {
        const bsk_deck_issue *a = &report->items[i - 1], *b = &report->items[i];
        FUZZ_CHECK(a->warning <= b->warning, "a warning before an error at %zu", i);
        if (a->warning != b->warning)
            continue;
        FUZZ_CHECK(!(a->line == 0 && b->line != 0), "a deck-level issue before line %d", b->line);
        FUZZ_CHECK(a->line == 0 || b->line == 0 || a->line <= b->line, "line %d before line %d", a->line, b->line);
    }
}

static void round_trip(const bsk_deck *deck, bsk_decklist_kind kind, bsk_pool *pool)
{
    bsk_error error;
    bsk_error_clear(&error);
    size_t length = 0;
    char *text = bsk_decklist_write(deck, kind, pool, &length, &error);
    if (!text) {
        fuzz_check_utf8("write error", error.message);
        bool unwritable = false; /* a .brsd holds nxt ids only */
        for (size_t i = 0; i < deck->count; i++)
            unwritable |= kind == BSK_DECKLIST_BRSD && deck->entries[i].card->nxt_id == BSK_UNSET;
        FUZZ_CHECK(unwritable, "write %s failed: %s", KIND_NAMES[kind], error.message);
        return;
    }
    FUZZ_CHECK(strlen(text) == length, "written length %zu, text %zu", length, strlen(text));
    FUZZ_CHECK(fuzz_utf8_valid(text, length), "written %s is not UTF-8", KIND_NAMES[kind]);
    bsk_deck again;
    bsk_deck_report report;
    bsk_deck_init(&again);
    bsk_deck_report_init(&report);
    bsk_status status = bsk_decklist_parse(text, length, kind, "written", pool, NULL, &again, &report, &error);
    FUZZ_CHECK(status == BSK_OK, "written %s does not parse: %s\n%s", KIND_NAMES[kind], error.message, text);
    FUZZ_CHECK(report.count == 0, "written %s has %zu problems, first: %s\n%s", KIND_NAMES[kind], report.count,
               report.items[0].message, text);
    FUZZ_CHECK(bsk_deck_equal(deck, &again), "parse(write(x)) != x in %s (name \"%s\" → \"%s\", %zu → %zu entries)\n%s",
               KIND_NAMES[kind], deck->name, again.name, deck->count, again.count, text);
    bsk_deck_free(&again);
    bsk_deck_report_free(&report);
    free(text);
}

void fuzz_decklist(const uint8_t *data, size_t size, bsk_decklist_kind kind)
{
    bsk_catalog *catalog = fuzz_catalog();
    bsk_deck deck;
    bsk_deck_report report;
    bsk_error error;
    bsk_deck_init(&deck);
    bsk_deck_report_init(&report);
    bsk_error_clear(&error);
    bsk_status status =
        bsk_decklist_parse((const char *)data, size, kind, "fuzz.deck", &catalog->pool, NULL, &deck, &report, &error);
    if (status) {
        fuzz_check_utf8("parse error", error.message);
        /* a text file is refused whole only over the cap, or when it is a JSON decklist saved as text */
        bool json_as_text = kind == BSK_DECKLIST_TEXT && status == BSK_ERR_INVALID &&
                            strstr(error.message, "looks like a JSON decklist") != NULL;
        FUZZ_CHECK(kind == BSK_DECKLIST_JSON || status == BSK_ERR_LIMIT || json_as_text,
                   "status %d for a %s decklist: %s", status, KIND_NAMES[kind], error.message);
    } else {
        check_deck(&deck);
        check_report(&report);
        bool known = true;
        for (size_t i = 0; i < deck.count; i++)
            known &= deck.entries[i].card != NULL;
        if (known)
            for (int to = BSK_DECKLIST_TEXT; to <= BSK_DECKLIST_JSON; to++)
                round_trip(&deck, (bsk_decklist_kind)to, &catalog->pool);
        /* deck check as the CLI runs it: the constructed format on a fixed date */
        bsk_format format;
        bsk_format_init_defaults(&format);
        bsk_deck_check(&deck, &format, NULL, "2026-11-21", &catalog->pool, &report);
        bsk_deck_report_sort(&report);
        check_report(&report);
        check_order(&report);
        bsk_deck_stats stats;
        if (bsk_deck_stats_compute(&deck, format.squad.deal, &stats, &error) == BSK_OK) {
            for (size_t i = 0; i < stats.odds_count; i++)
                for (int k = 0; k < 3; k++)
                    FUZZ_CHECK(stats.odds[i].at_least[k] >= 0.0 && stats.odds[i].at_least[k] <= 1.0 + 1e-9,
                               "P = %g", stats.odds[i].at_least[k]);
            bsk_deck_stats_free(&stats);
        }
    }
    bsk_deck_free(&deck);
    bsk_deck_report_free(&report);
}
