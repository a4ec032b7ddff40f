/* name_cut.c — card names shortened for text tables at a word boundary with "…" (issue 20 §4):
 * one rule for the play table (play_board.c) and the position and replay board (position_text.c). */
#include "name_cut.h"

#include <stdio.h>
#include <string.h>

int cli_text_columns(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += ((unsigned char)*text & 0xC0) != 0x80;
    return n;
}

/* The first `columns` characters of TEXT into OUT (size bytes, room for "…" kept when `ellipsis`). */
static int copy_columns(const char *text, int columns, char *out, size_t size, int ellipsis)
{
    size_t reserve = ellipsis ? sizeof "…" - 1 : 0, i = 0;
    int written = 0;
    while (text[i] && size > reserve + 1) {
        size_t n = 1;
        while (((unsigned char)text[i + n] & 0xC0) == 0x80)
            n++;
        if (written == columns || i + n + reserve + 1 > size)
            break;
        i += n;
        written++;
    }
    memcpy(out, text, i);
    out[i] = '\0';
    if (ellipsis && i + reserve + 1 <= size) {
        memcpy(out + i, "…", reserve + 1);
        written++;
    }
    return written;
}

int cli_name_cut(const char *name, int max, char *out, size_t size)
{
    if (size == 0)
        return 0;
    if (cli_text_columns(name) <= max || max < 2)
        return copy_columns(name, max < 0 ? 0 : max, out, size, 0);
    size_t cut = 0; /* bytes of the longest prefix ending before a space or hyphen, within max - 1 columns */
    int columns = 0;
    for (size_t i = 0; name[i]; i++) {
        if (((unsigned char)name[i] & 0xC0) == 0x80)
            continue;
        if ((name[i] == ' ' || name[i] == '-') && columns > 0 && columns <= max - 1)
            cut = i; /* before a space or a hyphen: "Шаман-душегрыз" in 8 is "Шаман…" */
        columns++;
    }
    char prefix[256];
    if (cut == 0 || cut >= sizeof prefix)
        return copy_columns(name, max - 1, out, size, 1);
    snprintf(prefix, sizeof prefix, "%.*s", (int)cut, name);
    while (cut > 0 && (prefix[cut - 1] == ' ' || prefix[cut - 1] == ',' || prefix[cut - 1] == '-'))
        prefix[--cut] = '\0'; /* "Дух," or "Гном -" would end in a mark */
    return copy_columns(prefix, max - 1, out, size, 1);
}
