/* fuzz.h — what every fuzz target shares (issue 10, fuzzing): the invariant checks
 * (valid UTF-8 in every output string), a failure that names the invariant and aborts so
 * libFuzzer and the replay driver both stop on it, and the bundled catalogue loaded once. */
#ifndef BERSERK_FUZZ_H
#define BERSERK_FUZZ_H

#include "berserk/recruit.h"
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
/* Checks a NUL-terminated output string; `what` names it in the failure. */
void fuzz_check_utf8(const char *what, const char *text);

/* The bundled catalogue, loaded on first use and kept for the process. */
bsk_catalog *fuzz_catalog(void);

/* A copy of the input with a terminating NUL (malloc'd; the caller frees it). */
char *fuzz_string(const uint8_t *data, size_t size);

/* The optimizer's best squad of `recruit`'s deal (weights may be NULL) equals brute force in
 * every figure and position, and its recruiting order takes it legally, spending what it said. */
void fuzz_check_best_squad(bsk_recruit *recruit, const int *weights);

#endif
