/* export_replay.c — `berserk export html replay LOG -o DIR` (DESIGN §4, §5 "Game log", §6, issue 14):
 * replays the game log (a game of sim games, goldfish or play, or a position's log), checking it as
 * `berserk replay` does, and writes the viewer page DIR/NAME.html, NAME being the log's name without
 * its extension. A log that does not replay is exit 2 naming the line, and nothing is written. */
#include "export.h"
#include "file_read.h"
#include "game_log.h"
#include "replay_page.h"

#include <stdlib.h>
#include <string.h>

#define REPLAY_USAGE "export html replay LOG -o DIR (LOG: a game log, JSON Lines)"

/* "logs/game.log" → "game.html"; a name that would be hidden or empty gets "replay". */
static void page_name(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t length = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    if (length == 0 || base[0] == '.')
        snprintf(out, size, "replay.html");
    else
        snprintf(out, size, "%.*s.html", (int)(length < 200 ? length : 200), base);
}

int cli_export_replay(bsk_cli *cli)
{
    const char *dir = NULL;
    const cli_option options[] = {{"-o", true, &dir, NULL}};
    /* argv[2] is the kind: parsed as the first operand so that the option table of "export html" applies */
    const char *operands[3];
    size_t count = 0;
    int code = cli_parse(cli, 2, options, 1, operands, &count, 3);
    if (code)
        return code;
    if (count < 2)
        return cli_usage_error(REPLAY_USAGE, "export html replay: LOG is missing");
    if (count > 2)
        return cli_usage_error(REPLAY_USAGE, "export html replay: one LOG at a time, not also \"%s\"", operands[2]);
    if (!dir || !dir[0])
        return export_directory("replay", dir);
    const char *path = operands[1];
    if ((code = cli_load_catalog(cli)) != EXIT_OK)
        return code;

    bsk_error error;
    bsk_error_clear(&error);
    char *data;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_GAME_LOG_FILE_CAP, "log.file", &data, &length, &error);
    if (status) {
        cli_print_error(&error);
        return cli_exit_for_status(status);
    }
    cli_text page;
    if (!cli_text_open(&page, path)) {
        free(data);
        return EXIT_FAILURE_IO;
    }
    bsk_replay_page_info info;
    status = bsk_replay_page_write(page.out, path, data, length, &cli->catalog.pool, cli->catalog.revision, &info,
                                   &error);
    free(data);
    if (status) {
        fclose(page.out);
        free(page.data);
        cli_print_error(&error);
        return cli_exit_for_status(status);
    }
    char name[256];
    page_name(path, name, sizeof name);
    if ((code = export_directory("replay", dir)) != EXIT_OK) {
        fclose(page.out);
        free(page.data);
        return code;
    }
    if ((code = export_write(dir, name, &page)) != EXIT_OK)
        return code;
    if (!cli->quiet)
        printf("wrote %s/%s (%zu steps, %d turns)\n", dir, name, info.steps, info.turns);
    return EXIT_OK;
}
