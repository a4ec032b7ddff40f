/* fuzz.h — what every fuzz target shares (issue 10, fuzzing): the invariant checks
 * (valid UTF-8 in every output string), a failure that names the invariant and aborts so
 * libFuzzer and the replay driver both stop on it, the bundled catalogue loaded once, and
 * the switch that tolerates the known bugs still being fixed (see fuzz_known_bug). */
#ifndef BERSERK_FUZZ_H
#define BERSERK_FUZZ_H

#include "catalog.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The entry points libFuzzer calls; the replay driver (replay_main.c) calls them too. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints "invariant failed: <what>" with the detail and aborts (a finding). */
void fuzz_fail(const char *what, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;

#define FUZZ_CHECK(condition, ...)                                                                                     \
    do {                                                                                                               \
        if (!(condition))                                                                                              \
            fuzz_fail(#condition, __VA_ARGS__);                                                                        \
    } while (0)

/* Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. */
bool fuzz_utf8_valid(const char *text, size_t length);
/* Checks a NUL-terminated output string; `what` names it in the failure. A string broken
 * only by the cut-mid-character bug passes while that bug is tolerated. */
void fuzz_check_utf8(const char *what, const char *text);

/* The bundled catalogue, loaded on first use and kept for the process. */
bsk_catalog *fuzz_catalog(void);

/* A copy of the input with a terminating NUL (malloc'd; the caller frees it). */
char *fuzz_string(const uint8_t *data, size_t size);

/* Known bugs another helper is fixing (issue 10, parsers). While BSK_FUZZ_KNOWN_BUGS=tolerate
 * is set (make fuzz / fuzz-smoke set it), an invariant broken only by one of them is not a
 * finding; the regression files of tests/fuzz/regressions/TARGET/pending/ reproduce each. */
typedef enum fuzz_known_bug {
    FUZZ_BUG_CUT_MID_CHARACTER,   /* a fixed buffer cuts a UTF-8 sequence in two, or (found here)
                                     cuts a deck name just after a blank, which a rewrite trims */
    FUZZ_BUG_NORMALISE_MARKS,     /* normalise not idempotent around combining marks: an ignorable
                                     (U+200B…) between е and U+0308, or U+0308 twice (found here) */
    FUZZ_BUG_JSON_NAME_CONTROL,   /* control characters (or edge blanks) in a JSON deck name */
    FUZZ_BUG_DEAL_OVER_MAX,       /* found here: a format's deal of 33..99 cards, dealt as 32 */
} fuzz_known_bug;

bool fuzz_tolerates(fuzz_known_bug bug);

/* True when every invalid spot of `text` is a sequence cut short (a lead byte followed by
 * too few continuation bytes): the signature of a fixed buffer cutting a character. */
bool fuzz_utf8_only_cut(const char *text);

#endif
