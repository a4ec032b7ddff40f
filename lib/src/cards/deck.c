/* deck.c — the decklist model (entries with their source lines), the issue report that
 * `deck check` prints, and format-aware printing resolution (DESIGN §2). */
#include "berserk/deck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bsk_deck_init(bsk_deck *deck)
{
    memset(deck, 0, sizeof *deck);
}

void bsk_deck_free(bsk_deck *deck)
{
    free(deck->entries);
    bsk_deck_init(deck);
}

bsk_status bsk_deck_add(bsk_deck *deck, const bsk_deck_entry *entry, bsk_error *error)
{
    if (deck->count >= BSK_DECK_MAX_ENTRIES)
        return bsk_error_set(error, BSK_ERR_LIMIT, "decklist.syntax", "more than %d entries in one decklist",
                             BSK_DECK_MAX_ENTRIES);
    if (deck->count == deck->capacity) {
        size_t capacity = deck->capacity ? deck->capacity * 2 : 32;
        bsk_deck_entry *entries = realloc(deck->entries, capacity * sizeof *entries);
        if (!entries)
            return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
        deck->entries = entries;
        deck->capacity = capacity;
    }
    deck->entries[deck->count++] = *entry;
    return BSK_OK;
}

int bsk_deck_total(const bsk_deck *deck)
{
    int total = 0;
    for (size_t i = 0; i < deck->count; i++)
        total += deck->entries[i].count;
    return total;
}

bool bsk_deck_equal(const bsk_deck *a, const bsk_deck *b)
{
    if (a->count != b->count || strcmp(a->name, b->name) != 0)
        return false;
    for (size_t i = 0; i < a->count; i++) {
        const bsk_deck_entry *x = &a->entries[i], *y = &b->entries[i];
        if (x->count != y->count || x->card != y->card)
            return false;
        if (!x->card && strcmp(x->text, y->text) != 0)
            return false;
    }
    return true;
}

void bsk_deck_report_init(bsk_deck_report *report)
{
    memset(report, 0, sizeof *report);
    report->limit = BSK_DECK_REPORT_MAX;
}

void bsk_deck_report_free(bsk_deck_report *report)
{
    free(report->items);
    bsk_deck_report_init(report);
}

static bool sorts_before(const bsk_deck_issue *a, const bsk_deck_issue *b)
{
    if (a->warning != b->warning)
        return !a->warning;
    if ((a->line == 0) != (b->line == 0))
        return a->line != 0;
    return a->line < b->line;
}

/* Bottom-up merge sort, stable: an equal pair keeps its finding order. */
static void merge_sort(bsk_deck_issue *items, bsk_deck_issue *scratch, size_t n)
{
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                scratch[k++] = sorts_before(&items[j], &items[i]) ? items[j++] : items[i++];
            while (i < mid)
                scratch[k++] = items[i++];
            while (j < hi)
                scratch[k++] = items[j++];
        }
        memcpy(items, scratch, n * sizeof *items);
    }
}

/* Without memory for the merge, an in-place insertion sort: slow but still right. */
static void insertion_sort(bsk_deck_issue *items, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        bsk_deck_issue moving = items[i];
        size_t j = i;
        while (j > 0 && sorts_before(&moving, &items[j - 1])) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = moving;
    }
}

void bsk_deck_report_sort(bsk_deck_report *report)
{
    if (report->count > 1) {
        bsk_deck_issue *scratch = malloc(report->count * sizeof *scratch);
        if (scratch)
            merge_sort(report->items, scratch, report->count);
        else
            insertion_sort(report->items, report->count);
        free(scratch);
    }
    if (report->limit && report->count > report->limit) {
        report->more += report->count - report->limit;
        report->count = report->limit;
    }
}

bsk_deck_issue *bsk_deck_report_add(bsk_deck_report *report, const char *code, const char *rule)
{
    /* Issues are filled in after they are added, so every stored one is complete here:
     * keeping the first `limit` in report order is exact whatever order they came in. */
    if (report->limit && report->count >= 2 * report->limit)
        bsk_deck_report_sort(report);
    if (report->count == report->capacity) {
        size_t capacity = report->capacity ? report->capacity * 2 : 16;
        if (report->limit && capacity > 2 * report->limit)
            capacity = 2 * report->limit;
        bsk_deck_issue *items = realloc(report->items, capacity * sizeof *items);
        if (!items)
            return NULL;
        report->items = items;
        report->capacity = capacity;
    }
    bsk_deck_issue *issue = &report->items[report->count++];
    memset(issue, 0, sizeof *issue);
    snprintf(issue->code, sizeof issue->code, "%s", code);
    snprintf(issue->rule, sizeof issue->rule, "%s", rule);
    issue->count = BSK_UNSET;
    issue->limit = BSK_UNSET;
    issue->line_count = -1;
    issue->suggestion_count = -1;
    return issue;
}

size_t bsk_deck_report_errors(const bsk_deck_report *report)
{
    size_t errors = 0;
    for (size_t i = 0; i < report->count; i++)
        errors += !report->items[i].warning;
    return errors;
}

const bsk_card *bsk_deck_resolve(bsk_pool *pool, const char *name, const bsk_format *format)
{
    const bsk_card *printings[32];
    size_t count = bsk_pool_find_name(pool, name, printings, 32);
    if (count > 32)
        count = 32;
    for (size_t i = 0; format && i < count; i++) /* newest first: the first legal one wins */
        if (bsk_format_allows_set(format, printings[i]->set))
            return printings[i];
    return count ? printings[0] : NULL;
}
