/* deck_check.c — decklist legality against a tournament format (DESIGN §2, §4; glossary
 * «Колода "констрактед"», «Колода "лимитед"», «Орда»): deck size, copies per name counted
 * across every printing, the horde allowance, bans and restrictions in force on a date,
 * legal sets, and the player's pool for sealed and draft. Every problem is reported. */
#include "berserk/deck.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* All the lines of one name in the deck, in file order. */
typedef struct name_group {
    const bsk_card *first;  /* the first printing seen: the name's representative */
    const bsk_card *newest; /* the catalogue spelling shown in messages */
    int total;
    size_t first_entry;
} name_group;

static void rule_of(char *out, size_t out_size, const bsk_format *format, const char *part)
{
    snprintf(out, out_size, "%s.%s", format->id, part);
}

static bsk_deck_issue *add_issue(bsk_deck_report *report, const char *code, const bsk_format *format,
                                 const char *part)
{
    char rule[BSK_FORMAT_ID_MAX + 24];
    rule_of(rule, sizeof rule, format, part);
    return bsk_deck_report_add(report, code, rule);
}

/* A message that, when cut to fit, never ends inside a character (issue 10 item 9). */
static void set_message(bsk_deck_issue *issue, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void set_message(bsk_deck_issue *issue, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int written = vsnprintf(issue->message, sizeof issue->message, format, args);
    va_end(args);
    if (written >= (int)sizeof issue->message)
        bsk_utf8_trim_cut(issue->message);
}

static bool same_name(const bsk_deck_entry *entry, const name_group *group)
{
    return entry->card && bsk_card_same_name(entry->card, group->first);
}

/* JSON decklists: the entry's JSON path ("cards[3]"); nothing for entries with lines. */
static void set_path(bsk_deck_issue *issue, const bsk_deck_entry *entry)
{
    if (entry->item > 0)
        snprintf(issue->path, sizeof issue->path, "cards[%d]", entry->item - 1);
}

/* Fills the lines of a name into an issue; returns the line of the entry at which the
 * running count first exceeds `limit` (the first line when limit < 0), whose JSON path
 * the issue takes (issue 10 item 16). */
static int fill_lines(const bsk_deck *deck, const name_group *group, bsk_deck_issue *issue, int limit)
{
    int running = 0, crossing = 0;
    bool crossed = false;
    issue->line_count = 0;
    for (size_t i = group->first_entry; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        if (!same_name(entry, group))
            continue;
        if (issue->line_count < BSK_ISSUE_MAX_LINES)
            issue->lines[issue->line_count++] = entry->line;
        running += entry->count;
        if (!crossed && (limit < 0 || running > limit)) {
            crossed = true;
            crossing = entry->line;
            set_path(issue, entry);
        }
    }
    return crossing;
}

static void set_card(bsk_deck_issue *issue, const name_group *group)
{
    bsk_utf8_copy(issue->card, sizeof issue->card, group->newest->name);
    issue->count = group->total;
}

/* True when no printing of the name in the catalogue knows whether it has horde. */
static bool horde_unknown_everywhere(bsk_pool *pool, const char *name)
{
    const bsk_card *printings[32];
    size_t count = bsk_pool_find_name(pool, name, printings, 32);
    for (size_t i = 0; i < count && i < 32; i++)
        if (printings[i]->horde != BSK_UNSET)
            return false;
    return count > 0;
}

static bool has_horde(bsk_pool *pool, const char *name)
{
    const bsk_card *printings[32];
    size_t count = bsk_pool_find_name(pool, name, printings, 32);
    for (size_t i = 0; i < count && i < 32; i++)
        if (printings[i]->horde == 1)
            return true;
    return false;
}

static void check_copies(const bsk_deck *deck, const name_group *group, const bsk_format *format, const char *date,
                         bsk_pool *pool, bsk_deck_report *report)
{
    const char *name = group->newest->name;
    const bsk_format_listing *ban = bsk_format_banned(format, name, date);
    if (ban) {
        bsk_deck_issue *issue = add_issue(report, "banned_card", format, "banned");
        if (!issue)
            return;
        set_card(issue, group);
        issue->limit = 0;
        issue->line = fill_lines(deck, group, issue, -1);
        set_message(issue, "%s is banned in %s%s%s", name, format->id,
                 ban->from[0] ? " since " : "", ban->from);
        return;
    }
    const bsk_format_listing *restriction = bsk_format_restricted(format, name, date);
    if (restriction && group->total > restriction->copies) {
        bsk_deck_issue *issue = add_issue(report, "restricted_card", format, "restricted");
        if (!issue)
            return;
        set_card(issue, group);
        issue->limit = restriction->copies;
        issue->line = fill_lines(deck, group, issue, restriction->copies);
        set_message(issue, "%d %s of %s; restricted to %d in %s", group->total,
                    group->total == 1 ? "copy" : "copies", name, restriction->copies, format->id);
        return;
    }
    if (format->copies == BSK_UNSET)
        return;
    /* Glossary «Орда»: a horde name may have horde_copies instead of copies. */
    bool horde = has_horde(pool, name);
    int limit = horde && format->horde_copies != BSK_UNSET ? format->horde_copies : format->copies;
    if (group->total > format->copies && !horde && format->horde_copies != BSK_UNSET &&
        format->horde_copies > format->copies && horde_unknown_everywhere(pool, name)) {
        /* DESIGN §2 interpretations: an unknown fact counts as "no", with a warning. */
        bsk_deck_issue *warning = add_issue(report, "unknown_fact", format, "horde_copies");
        if (warning) {
            warning->warning = true;
            set_card(warning, group);
            warning->limit = format->copies;
            warning->line = fill_lines(deck, group, warning, -1);
            set_message(warning,
                     "whether %s has horde is unknown on every printing; counted as no horde", name);
        }
    }
    if (group->total <= limit)
        return;
    bsk_deck_issue *issue = add_issue(report, "too_many_copies", format, horde ? "horde_copies" : "copies");
    if (!issue)
        return;
    set_card(issue, group);
    issue->limit = limit;
    issue->line = fill_lines(deck, group, issue, limit);
    set_message(issue, "%d copies of %s; at most %d allowed%s", group->total, name, limit,
             horde ? " (horde)" : "");
}

static void check_pool(const bsk_deck *deck, const name_group *group, const bsk_format *format,
                       const bsk_deck *pool_deck, bsk_deck_report *report)
{
    int owned = 0;
    for (size_t i = 0; i < pool_deck->count; i++)
        if (same_name(&pool_deck->entries[i], group))
            owned += pool_deck->entries[i].count;
    if (group->total <= owned)
        return;
    bsk_deck_issue *issue = add_issue(report, "not_in_pool", format, "pool");
    if (!issue)
        return;
    set_card(issue, group);
    issue->limit = owned;
    issue->line = fill_lines(deck, group, issue, owned);
    set_message(issue, "%d %s of %s; the pool has %d", group->total, group->total == 1 ? "copy" : "copies",
                group->newest->name, owned);
}

static void check_sets(const bsk_deck *deck, const name_group *groups, size_t group_count, const bsk_format *format,
                       bsk_deck_report *report)
{
    for (size_t i = 0; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        if (!entry->card || bsk_format_allows_set(format, entry->card->set))
            continue;
        const name_group *group = NULL;
        for (size_t g = 0; g < group_count && !group; g++)
            if (same_name(entry, &groups[g]))
                group = &groups[g];
        bsk_deck_issue *issue = add_issue(report, "not_legal_in_format", format, "sets");
        if (!issue || !group)
            return;
        set_card(issue, group);
        fill_lines(deck, group, issue, -1);
        issue->line = entry->line;
        issue->path[0] = '\0';
        set_path(issue, entry);
        set_message(issue, "%s (%s, set %s) is not legal in %s: %s", entry->card->name,
                 entry->card->id, entry->card->set, format->id,
                 entry->pinned ? "that printing is from a set outside the format"
                               : "no printing of it is from a legal set");
    }
}

static void check_size(int total, const bsk_format *format, bsk_deck_report *report)
{
    if (format->deck_min != BSK_UNSET && total < format->deck_min) {
        bsk_deck_issue *issue = add_issue(report, "deck_too_small", format, "size.min");
        if (issue) {
            issue->count = total;
            issue->limit = format->deck_min;
            set_message(issue, "%d card%s; at least %d required", total, total == 1 ? "" : "s", format->deck_min);
        }
    }
    if (format->deck_max != BSK_UNSET && total > format->deck_max) {
        bsk_deck_issue *issue = add_issue(report, "deck_too_large", format, "size.max");
        if (issue) {
            issue->count = total;
            issue->limit = format->deck_max;
            set_message(issue, "%d cards; at most %d allowed", total, format->deck_max);
        }
    }
}

void bsk_deck_check(const bsk_deck *deck, const bsk_format *format, const bsk_deck *pool_deck, const char *date,
                    bsk_pool *pool, bsk_deck_report *report)
{
    name_group *groups = calloc(deck->count + 1, sizeof *groups);
    size_t group_count = 0;
    if (!groups)
        return;
    for (size_t i = 0; i < deck->count; i++) {
        const bsk_deck_entry *entry = &deck->entries[i];
        if (!entry->card)
            continue; /* unknown names were reported by the parser; they count toward the size only */
        size_t g = 0;
        while (g < group_count && !same_name(entry, &groups[g]))
            g++;
        if (g == group_count) {
            groups[g].first = entry->card;
            groups[g].newest = bsk_pool_resolve(pool, entry->card->name);
            if (!groups[g].newest)
                groups[g].newest = entry->card;
            groups[g].first_entry = i;
            group_count++;
        }
        groups[g].total += entry->count;
    }
    for (size_t g = 0; g < group_count; g++) {
        check_copies(deck, &groups[g], format, date, pool, report);
        if (pool_deck)
            check_pool(deck, &groups[g], format, pool_deck, report);
    }
    check_sets(deck, groups, group_count, format, report);
    check_size(bsk_deck_total(deck), format, report);
    free(groups);
    bsk_deck_report_sort(report);
}
