/* assert.c — the report of a failed BSK_ASSERT: file, line, function and expression on
 * stderr, then abort(). Printing is otherwise foreign to lib/; a failed invariant is a
 * bug in the program, and this message is for whoever fixes it. */
#include "berserk/assert.h"

#include <stdio.h>
#include <stdlib.h>

void bsk_assert_fail(const char *expression, const char *file, int line, const char *function)
{
    fprintf(stderr, "%s:%d: %s: invariant failed: %s\n", file, line, function, expression);
    fflush(stderr);
    abort();
}
