/* fuzz_decklist.h — the one body of the four decklist targets (text, ProBerserk TXT, .brsd,
 * JSON): parse against the bundled catalogue, check the deck against a format, and write
 * the deck back in every kind (decklist_roundtrip.c). */
#ifndef BERSERK_FUZZ_DECKLIST_H
#define BERSERK_FUZZ_DECKLIST_H

#include "formats.h"

#include <stddef.h>
#include <stdint.h>

void fuzz_decklist(const uint8_t *data, size_t size, bsk_decklist_kind kind);

#endif
