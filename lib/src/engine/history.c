/* history.c — undo snapshots (history.h): whole copies of the match and the agents, since a match
 * is one flat value; a stack that drops everything after the decision undone. */
#include "berserk/history.h"

#include "berserk/assert.h"

#include <stdlib.h>
#include <string.h>

void bsk_history_init(bsk_history *history)
{
    memset(history, 0, sizeof *history);
}

void bsk_history_free(bsk_history *history)
{
    free(history->items);
    bsk_history_init(history);
}

bsk_status bsk_history_push(bsk_history *history, const bsk_match *match, const bsk_agent agents[2], size_t records,
                            int player)
{
    BSK_ASSERT(player == 1 || player == 2);
    if (history->count == history->capacity) {
        size_t capacity = history->capacity ? history->capacity * 2 : 64;
        bsk_history_entry *items = realloc(history->items, capacity * sizeof *items);
        if (!items)
            return BSK_ERR_NOMEM;
        history->items = items;
        history->capacity = capacity;
    }
    bsk_history_entry *entry = &history->items[history->count++];
    memcpy(&entry->match, match, sizeof *match);
    memcpy(entry->agents, agents, 2 * sizeof *agents);
    entry->records = records;
    entry->player = player;
    return BSK_OK;
}

bool bsk_history_undo(bsk_history *history, unsigned players, bsk_history_entry *out)
{
    for (size_t i = history->count; i-- > 0;) {
        const bsk_history_entry *entry = &history->items[i];
        if (players & (1u << entry->player)) {
            memcpy(out, entry, sizeof *out);
            history->count = i;
            return true;
        }
    }
    return false;
}

void bsk_history_truncate(bsk_history *history, size_t count)
{
    if (count < history->count)
        history->count = count;
}
