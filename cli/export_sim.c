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

/* "runs/elfy.json" → "elfy.html"; a name that would be hidden or empty gets "report". */
static void page_name(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t length = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    if (length == 0 || base[0] == '.')
        snprintf(out, size, "report.html");
    else
        snprintf(out, size, "%.*s.html", (int)(length < 200 ? length : 200), base);
}

int cli_export_sim(bsk_cli *cli)
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
        return cli_usage_error(SIM_USAGE, "export html sim: FILE.json is missing");
    if (count > 2)
        return cli_usage_error(SIM_USAGE, "export html sim: one FILE.json at a time, not also \"%s\"", operands[2]);
    if (!dir || !dir[0])
        return export_directory("sim", dir);
    const char *path = operands[1];

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
    page_name(path, name, sizeof name);
    if ((code = export_directory("sim", dir)) != EXIT_OK) {
        fclose(page.out);
        free(page.data);
        return code;
    }
    if ((code = export_write(dir, name, &page)) != EXIT_OK)
        return code;
    if (!cli->quiet)
        printf("wrote %s/%s (%s report)\n", dir, name, kind);
    return EXIT_OK;
}
