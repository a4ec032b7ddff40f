/* cmd_export.c — `berserk export html KIND ...` (DESIGN §4, §6): the dispatch to each kind and the
 * two things every kind shares, the output directory and writing a page into it. */
#include "export.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int export_directory(const char *kind, const char *dir)
{
    char usage[96];
    snprintf(usage, sizeof usage, "export html %s: -o DIR is missing", kind);
    if (!dir || !dir[0])
        return cli_usage_error(EXPORT_USAGE, "%s", usage);
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        cli_errorf("%s: the path is too long", dir);
        return EXIT_USAGE;
    }
    if (!cli_make_directories(path)) {
        cli_errorf("%s: cannot make the directory: %s", dir, strerror(errno ? errno : ENOTDIR));
        return EXIT_FAILURE_IO;
    }
    return EXIT_OK;
}

int export_write(const char *dir, const char *name, cli_text *text)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        fclose(text->out);
        free(text->data);
        cli_errorf("%s/%s: the path is too long", dir, name);
        return EXIT_FAILURE_IO;
    }
    char *slash = strrchr(path, '/');
    if (slash && strchr(name, '/')) {
        *slash = '\0';
        bool made = cli_make_directories(path);
        *slash = '/';
        if (!made) {
            fclose(text->out);
            free(text->data);
            cli_errorf("%s: cannot make the directory: %s", path, strerror(errno));
            return EXIT_FAILURE_IO;
        }
    }
    return cli_text_write(text, path);
}

int export_one_input(bsk_cli *cli, const char *kind, const char *usage, const char *what, const char **path,
                     const char **dir)
{
    *dir = NULL;
    const cli_option options[] = {{"-o", true, dir, NULL}};
    /* argv[2] is the kind: parsed as the first operand so that the option table of "export html" applies */
    const char *operands[3];
    size_t count = 0;
    int code = cli_parse(cli, 2, options, 1, operands, &count, 3);
    if (code)
        return code;
    if (count < 2)
        return cli_usage_error(usage, "export html %s: %s is missing", kind, what);
    if (count > 2)
        return cli_usage_error(usage, "export html %s: one %s at a time, not also \"%s\"", kind, what, operands[2]);
    *path = operands[1];
    if (!*dir || !(*dir)[0])
        return export_directory(kind, *dir); /* the usage error; the directory is made once the input reads */
    return EXIT_OK;
}

void export_page_name(const char *path, const char *fallback, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t length = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    if (length == 0 || base[0] == '.')
        snprintf(out, size, "%s.html", fallback);
    else
        snprintf(out, size, "%.*s.html", (int)(length < 200 ? length : 200), base);
}

int export_finish(const char *kind, const char *dir, const char *path, const char *fallback, cli_text *page,
                  char *name, size_t name_size)
{
    export_page_name(path, fallback, name, name_size);
    int code = export_directory(kind, dir);
    if (code != EXIT_OK) {
        fclose(page->out);
        free(page->data);
        page->data = NULL;
        return code;
    }
    return export_write(dir, name, page);
}

int cmd_export(bsk_cli *cli)
{
    const char *format = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(format, "html") != 0)
        return cli_subcommand_error("export", format, EXPORT_USAGE);
    const char *kind = cli->argc > 2 && 2 < cli->double_dash ? cli->argv[2] : "";
    if (!strcmp(kind, "deck"))
        return cli_export_deck(cli);
    if (!strcmp(kind, "squad"))
        return cli_export_squad(cli);
    if (!strcmp(kind, "sim"))
        return cli_export_sim(cli);
    if (!strcmp(kind, "replay"))
        return cli_export_replay(cli);
    if (!strcmp(kind, "catalog"))
        return cli_export_catalog(cli);
    return cli_usage_error(EXPORT_USAGE, kind[0] ? "export html: unknown kind \"%s\" (deck, squad, sim, replay, catalog)"
                                                 : "export html: KIND is missing%s (deck, squad, sim, replay, catalog)",
                           kind);
}
