/* format.c — a tournament format as data (DESIGN §2): the rules' defaults (constructed,
 * glossary: 30–50 cards, 3 copies per name, 5 with horde; squad parameters of 402–403),
 * and the questions the deck check asks of a format: is a set legal, is a name banned or
 * restricted on a given date. Reading format files is formats/format_file.c's job. */
#include "berserk/format.h"

#include "berserk/pool.h"

#include <stdio.h>
#include <string.h>

/* Sets of the shipped formats: releases 1–7 and the two named sets; classic is in none. */
static const char *const DEFAULT_SETS[] = {"01", "02", "03", "04", "05", "06", "07", "21", "22"};

static void init_default_squad(bsk_squad_params *squad)
{
    squad->gold = 24;                /* 402.1 */
    squad->silver = 22;              /* 402.1 */
    squad->second_player_gold = 1;   /* 402.1: the second player gets one more of each */
    squad->second_player_silver = 1;
    squad->deal = 15;                /* 402.2 */
    squad->flyer_budget = 15;        /* 403.2.3 */
    squad->cells = 15;               /* 403.2.3: no more cards than placement cells */
    squad->redeal_gold = 1;          /* 402.4 */
}

void bsk_format_init_defaults(bsk_format *format)
{
    memset(format, 0, sizeof *format);
    snprintf(format->id, sizeof format->id, "constructed");
    snprintf(format->name, sizeof format->name, "Констрактед");
    format->deck_min = 30;
    format->deck_max = 50;
    format->copies = 3;
    format->horde_copies = 5;
    format->set_count = (int)(sizeof DEFAULT_SETS / sizeof DEFAULT_SETS[0]);
    for (int i = 0; i < format->set_count; i++)
        snprintf(format->sets[i], sizeof format->sets[i], "%s", DEFAULT_SETS[i]);
    format->pool = false;
    init_default_squad(&format->squad);
}

bool bsk_format_allows_set(const bsk_format *format, const char *set_id)
{
    if (format->set_count < 0)
        return true;
    for (int i = 0; i < format->set_count; i++)
        if (strcmp(format->sets[i], set_id) == 0)
            return true;
    return false;
}

/* A listing applies from its date on (inclusive); "YYYY-MM-DD" strings order like dates.
 * Without a date every listing counts: the strictest reading. */
static bool listing_in_force(const bsk_format_listing *listing, const char *date)
{
    if (listing->from[0] == '\0' || date == NULL || date[0] == '\0')
        return true;
    return strcmp(listing->from, date) <= 0;
}

/* The listing of `name` in force on `date`; when several are, the one that took effect
 * last wins, so a file can tighten a restriction over time. */
static const bsk_format_listing *find_listing(const bsk_format_listing *listings, int count, const char *name,
                                              const char *date)
{
    const bsk_format_listing *found = NULL;
    for (int i = 0; i < count; i++) {
        const bsk_format_listing *listing = &listings[i];
        if (!listing_in_force(listing, date) || !bsk_name_equal(listing->name, name))
            continue;
        if (!found || strcmp(listing->from, found->from) >= 0)
            found = listing;
    }
    return found;
}

const bsk_format_listing *bsk_format_banned(const bsk_format *format, const char *name, const char *date)
{
    return find_listing(format->banned, format->banned_count, name, date);
}

const bsk_format_listing *bsk_format_restricted(const bsk_format *format, const char *name, const char *date)
{
    return find_listing(format->restricted, format->restricted_count, name, date);
}
