/* scenario_file.h — a squad scenario file (DESIGN §4 "Squad scenario file") read
 * into the plain bsk_scenario that lib's runner judges (berserk/scenario.h): the format
 * found by name or path, the deck read, every card name resolved through the pool, every
 * cell parsed. Caps, checked while reading: the file at most BSK_SCENARIO_FILE_CAP (1 MiB)
 * and a regular file (a FIFO is refused at once); the deal at most BSK_MAX_DEAL (32)
 * cards; recruit and placement at most BSK_SCENARIO_MAX_STEPS (64) steps each; a payment
 * part an integer -99..99 (a 64-bit JSON integer, checked before any narrowing). */
#ifndef BERSERK_FORMATS_SCENARIO_FILE_H
#define BERSERK_FORMATS_SCENARIO_FILE_H

#include "berserk/deck.h"
#include "berserk/error.h"
#include "berserk/format.h"
#include "berserk/pool.h"
#include "berserk/scenario.h"

#include <stdbool.h>

#define BSK_SCENARIO_FILE_CAP (1u << 20) /* 1 MiB */

/* What a scenario file holds. scenario.deck points at `deck` inside this struct: keep
 * the struct where it was read (do not copy it). */
typedef struct bsk_scenario_file {
    bsk_format format;
    bool has_deck;
    bsk_deck deck;
    bsk_scenario scenario;
} bsk_scenario_file;

/* Reads and checks a scenario file; names resolve through `pool` (ids, then names for
 * the scenario's format). A file that cannot be used is an error naming the file and the
 * JSON path ("s.json: recruit[1].gold: expected an integer -99..99"): BSK_ERR_INVALID
 * for its content, BSK_ERR_IO / BSK_ERR_LIMIT for reading it, BSK_ERR_NOT_FOUND for an
 * unknown format. `deck` and a format path are relative to the scenario's directory.
 * Free with bsk_scenario_file_free, even after a failure. */
bsk_status bsk_scenario_read(const char *path, bsk_pool *pool, bsk_scenario_file *file, bsk_error *error);
/* The same for a scenario held in memory; `path` names it in errors and anchors the
 * relative "deck" and format paths. */
bsk_status bsk_scenario_parse(const char *text, size_t length, const char *path, bsk_pool *pool,
                              bsk_scenario_file *file, bsk_error *error);
void bsk_scenario_file_free(bsk_scenario_file *file);

#endif
