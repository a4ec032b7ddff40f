/* progress.c — the one progress bar of the CLI: "\r", the line, then erase to the end of the
 * line, so a shorter line leaves nothing behind; stderr only. */
#include "progress.h"

#include <string.h>
#include <unistd.h>

#define BAR_WIDTH 30
#define DETAIL_BYTES 40

bool cli_progress_wanted(const bsk_cli *cli)
{
    return !cli->quiet && isatty(STDERR_FILENO);
}

void cli_progress_draw(const char *label, uint64_t done, uint64_t total, const char *unit, const char *detail)
{
    uint64_t filled = total ? (done >= total ? BAR_WIDTH : done * BAR_WIDTH / total) : 0;
    char bar[BAR_WIDTH + 1];
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[i] = (uint64_t)i < filled ? '#' : '.';
    bar[BAR_WIDTH] = '\0';
    /* at most DETAIL_BYTES of the detail, never cutting a UTF-8 character */
    size_t length = detail ? strlen(detail) : 0;
    if (length > DETAIL_BYTES)
        for (length = DETAIL_BYTES; length > 0 && ((unsigned char)detail[length] & 0xC0) == 0x80;)
            length--;
    fprintf(stderr, "\r%s [%s] %llu/%llu %s%s%.*s\033[K", label, bar, (unsigned long long)done,
            (unsigned long long)total, unit, length ? " " : "", (int)length, length ? detail : "");
    fflush(stderr);
}

void cli_progress_clear(void)
{
    fputs("\r\033[K", stderr);
    fflush(stderr);
}
