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

int cli_export_replay(bsk_cli *cli)
{
    const char *dir, *path;
    int code = export_one_input(cli, "replay", REPLAY_USAGE, "LOG", &path, &dir);
    if (code)
        return code;
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
    if ((code = export_finish("replay", dir, path, "replay", &page, name, sizeof name)) != EXIT_OK)
        return code;
    if (!cli->quiet)
        printf("wrote %s/%s (%zu step%s, %d turn%s)\n", dir, name, info.steps, info.steps == 1 ? "" : "s", info.turns,
               info.turns == 1 ? "" : "s");
    return EXIT_OK;
}
