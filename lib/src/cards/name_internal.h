/* name_internal.h — what pool.c shares with name.c beyond pool.h: a name decoded once into code
 * points, and the bounded edit distance from such a name, so a search for near names decodes the
 * name it looks for once instead of once per catalogue name (issue 20 §3, decklist fuzz speed). */
#ifndef BERSERK_NAME_INTERNAL_H
#define BERSERK_NAME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* The code points of `text` (an invalid byte is one U+FFFD), at most `max`. */
size_t name_decode(const char *text, uint32_t *out, size_t max);
/* bsk_name_distance_within(a, b, bound) with a given as its `n` code points `x`. */
size_t name_distance_decoded(const uint32_t *x, size_t n, const char *b, size_t bound);

#endif
