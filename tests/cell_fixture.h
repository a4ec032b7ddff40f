/* cell_fixture.h — test helpers naming cells: "c2" → its index, "b1 c1 d1" → a bit set
 * (global cells a1..e6, DESIGN §2). Shared by the placement and board suites. */
#ifndef BERSERK_TEST_CELL_FIXTURE_H
#define BERSERK_TEST_CELL_FIXTURE_H

#include "berserk/board.h"

#include <check.h>
#include <stddef.h>
#include <stdint.h>

static inline int cell_of(const char *name)
{
    int cell = bsk_cell_parse(name);
    ck_assert_msg(cell >= 0, "bad cell %s in the test", name);
    return cell;
}

/* "b1 c1 d1" → bit set of those cells */
static inline uint32_t cells_of(const char *list)
{
    uint32_t cells = 0;
    char name[4];
    size_t length = 0;
    for (const char *p = list;; p++) {
        if (*p == ' ' || *p == '\0') {
            if (length) {
                name[length] = '\0';
                cells |= BSK_CELL_BIT(cell_of(name));
                length = 0;
            }
            if (*p == '\0')
                break;
        } else {
            ck_assert_uint_lt(length, 2);
            name[length++] = *p;
        }
    }
    return cells;
}

#endif
