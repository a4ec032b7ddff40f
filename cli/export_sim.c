/* export_sim.c — `berserk export html sim FILE.json -o DIR` (DESIGN §4, §6, issue 14): reads the
 * --json output of sim deals, goldfish, sim games or sim matrix, renders its report with
 * web-export/sim_page.c and writes DIR/NAME.html, NAME being the input's name without its
 * extension (so several reports can share one directory). The page is built whole in memory: a
 * file that cannot be used (exit 2, naming the file and the JSON path) writes nothing. */
#include "export.h"
#include "file_read.h"
#include "sim_page.h"

#include <stdlib.h>
#include <string.h>

#define SIM_USAGE "export html sim FILE.json -o DIR (FILE.json: the --json output of sim deals, goldfish, sim games or sim matrix)"

int cli_export_sim(bsk_cli *cli)
{
    const char *dir, *path;
    int code = export_one_input(cli, "sim", SIM_USAGE, "FILE.json", &path, &dir);
    if (code)
        return code;

    bsk_error error;
    bsk_error_clear(&error);
    char *data;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_SIM_PAGE_FILE_CAP, "sim.file", &data, &length, &error);
    if (status) {
        cli_print_error(&error);
        return EXIT_USAGE; /* DESIGN §4: a file that cannot be opened or is over its cap */
    }
    cli_text page;
    if (!cli_text_open(&page, path)) {
        free(data);
        return EXIT_FAILURE_IO;
    }
    const char *kind = NULL;
    status = bsk_sim_page_write(page.out, path, data, length, &kind, &error);
    free(data);
    if (status) {
        fclose(page.out);
        free(page.data);
        cli_print_error(&error);
        return status == BSK_ERR_NOMEM ? EXIT_FAILURE_IO : EXIT_USAGE;
    }
    char name[256];
    if ((code = export_finish("sim", dir, path, "report", &page, name, sizeof name)) != EXIT_OK)
        return code;
    if (!cli->quiet)
        printf("wrote %s/%s (%s report)\n", dir, name, kind);
    return EXIT_OK;
}
