/* catalog_site.h — the catalogue site of `berserk export html catalog` (DESIGN §3, §6; issue 14):
 * one static page (index.html) that searches and filters the whole catalogue in the browser, as
 * `cards search` does (normalised name substring, element, type, subtype, cost range, set, class,
 * keyword, elite or rank-and-file, unique), shows every fact of a card as `cards show` prints them,
 * and links the index.json and set files that bsk_catalog_export writes beside it, so the
 * directory is at once a site to browse and a catalogue that `catalog sync` pulls. */
#ifndef BERSERK_WEB_CATALOG_SITE_H
#define BERSERK_WEB_CATALOG_SITE_H

#include "catalog.h"

#include <stdio.h>

/* Writes the site's page for `catalog`: the cards as JSON data inside the page (each the card
 * object of schema 1 plus "key", its normalised name), ordered as `cards search` orders them
 * (normalised name, then newest printing first), and the script that filters them. The sets'
 * `url` fields name the set files the page links to (as bsk_catalog_export leaves them).
 * Returns BSK_ERR_NOMEM (error filled) when the data cannot be built. */
bsk_status bsk_catalog_site_page(FILE *out, bsk_catalog *catalog, bsk_error *error);

#endif
