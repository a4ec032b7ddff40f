/* assert.h — BSK_ASSERT, the library's invariant checks (STYLE "Invariants are
 * asserted"). Live when BSK_CHECKS is defined (the `make test` and `make asan` builds):
 * a failure prints file:line and the expression to stderr and aborts (SIGABRT), since
 * a broken invariant is a bug, never an error to return. Without BSK_CHECKS (`make
 * bench`, release builds) an assertion compiles to nothing, its expression still
 * type-checked but never evaluated. */
#ifndef BERSERK_ASSERT_H
#define BERSERK_ASSERT_H

#ifdef __cplusplus
extern "C" {
#endif

/* Reports a failed assertion and aborts; the only place lib/ writes to stderr. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn, cold))
#endif
void bsk_assert_fail(const char *expression, const char *file, int line, const char *function);

#ifdef BSK_CHECKS
#define BSK_ASSERT(expr) ((expr) ? (void)0 : bsk_assert_fail(#expr, __FILE__, __LINE__, __func__))
#else
#define BSK_ASSERT(expr) ((void)sizeof((expr) ? 1 : 0))
#endif

#ifdef __cplusplus
}
#endif

#endif
