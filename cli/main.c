/* main.c — the `berserk` command: global options (anywhere on the line, DESIGN §4),
 * dispatch to one file per subcommand, and the store/catalogue shared by them. */
#include "cli.h"
#include "embedded.h"
#include "help.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool is_global_with_value(const char *arg)
{
    return strcmp(arg, "--db") == 0 || strcmp(arg, "--seed") == 0 || strcmp(arg, "--date") == 0;
}

static bool valid_date(const char *text)
{
    int y, m, d;
    char tail;
    if (strlen(text) != 10 || sscanf(text, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3)
        return false;
    static const int DAYS[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (text[4] != '-' || text[7] != '-' || m < 1 || m > 12 || d < 1)
        return false;
    return d <= DAYS[m - 1] + (m == 2 && leap);
}

/* Takes the global options out of argv wherever they stand; keeps the rest in order. */
static int parse_globals(bsk_cli *cli, int argc, char **argv, bool *help, bool *version)
{
    cli->argv = calloc((size_t)argc + 1, sizeof *cli->argv);
    if (!cli->argv)
        return EXIT_FAILURE_IO;
    cli->argc = 0;
    cli->double_dash = -1;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        if (cli->double_dash >= 0) {
            cli->argv[cli->argc++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            cli->double_dash = cli->argc;
            continue;
        }
        const char *value = NULL;
        char name[32] = "";
        const char *eq = strchr(arg, '=');
        if (strncmp(arg, "--", 2) == 0 && eq && (size_t)(eq - arg) < sizeof name) {
            memcpy(name, arg, (size_t)(eq - arg));
            name[eq - arg] = '\0';
            if (is_global_with_value(name))
                value = eq + 1;
        } else if (is_global_with_value(arg)) {
            snprintf(name, sizeof name, "%s", arg);
            if (i + 1 >= argc) {
                cli_errorf("%s needs a value", arg);
                return EXIT_USAGE;
            }
            value = argv[++i];
        }
        if (value) {
            if (strcmp(name, "--db") == 0) {
                cli->db_option = value;
            } else if (strcmp(name, "--seed") == 0) {
                /* 0..2^63-1: a seed must round-trip through JSON outputs and logs. */
                long long seed;
                if (!cli_parse_int("--seed", value, 0, LLONG_MAX, &seed))
                    return EXIT_USAGE;
                cli->seed = (unsigned long long)seed;
                cli->seed_set = true;
            } else {
                if (!valid_date(value)) {
                    cli_errorf("--date takes YYYY-MM-DD, not \"%s\"", value);
                    return EXIT_USAGE;
                }
                cli->date = value;
            }
        } else if (strcmp(arg, "--empty") == 0) {
            cli->empty = true;
        } else if (strcmp(arg, "--json") == 0) {
            cli->json = true;
        } else if (strcmp(arg, "--no-color") == 0) {
            cli->no_color = true;
        } else if (strcmp(arg, "-q") == 0 || strcmp(arg, "--quiet") == 0) {
            cli->quiet++;
        } else if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0) {
            cli->verbose++;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            *help = true;
        } else if (strcmp(arg, "--version") == 0) {
            *version = true;
        } else {
            cli->argv[cli->argc++] = arg;
        }
    }
    if (cli->double_dash < 0)
        cli->double_dash = cli->argc;
    return EXIT_OK;
}

/* "berserk 0.1.0 (bundled catalogue revision 1, 1553 cards)": read from the compiled-in
 * index.json (a few KB), never from the store (issue 10 #7). */
static void print_version(void)
{
    long long revision = -1, cards = 0;
    for (size_t i = 0; i < bsk_bundled_file_count; i++) {
        if (strcmp(bsk_bundled_files[i].name, "index.json") != 0)
            continue;
        json_t *index = json_loadb((const char *)bsk_bundled_files[i].data, bsk_bundled_files[i].length, 0, NULL);
        json_t *sets = json_object_get(index, "sets"), *set;
        size_t s;
        if (json_is_integer(json_object_get(index, "revision")))
            revision = json_integer_value(json_object_get(index, "revision"));
        json_array_foreach(sets, s, set)
            cards += json_integer_value(json_object_get(set, "cards"));
        json_decref(index);
    }
    if (revision < 0)
        printf("berserk %s\n", BSK_VERSION);
    else
        printf("berserk %s (bundled catalogue revision %lld, %lld card%s)\n", BSK_VERSION, revision, cards,
               cards == 1 ? "" : "s");
}

/* Issue 10 #1: output that never reached its file (a full disk, an I/O error) must not look
 * like success. Called once, after the command; returns EXIT_FAILURE_IO after saying why. */
static int check_stdout(void)
{
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int saved = errno;
    failed = ferror(stdout) || failed;
    errno = 0;
    /* A closed stdout (EBADF) that nobody wrote to is no failure (as coreutils' close_stdout). */
    if (fclose(stdout) != 0 && !failed && errno != EBADF) {
        failed = true;
        saved = errno;
    }
    if (!failed)
        return EXIT_OK;
    cli_errorf("cannot write the output: %s", saved ? strerror(saved) : "a write failed");
    return EXIT_FAILURE_IO;
}

int main(int argc, char **argv)
{
    bsk_cli cli;
    bool help = false, version = false;
    memset(&cli, 0, sizeof cli);
    bsk_catalog_init(&cli.catalog);
    int code = parse_globals(&cli, argc, argv, &help, &version);
    if (code != EXIT_OK) {
        free(cli.argv);
        return code;
    }
    const char *no_color_env = getenv("NO_COLOR");
    cli.color = !cli.no_color && !(no_color_env && *no_color_env) && isatty(STDOUT_FILENO);
    if (version) {
        print_version();
    } else if (help) {
        /* The command words (before any option or operand past them) choose the help (cli/help.c). */
        int words = 0;
        while (words < 2 && words < cli.double_dash && cli.argv[words][0] != '-')
            words++;
        code = help_show(words, cli.argv);
    } else if (cli.argc == 0) {
        cli_errorf("a command is needed: catalog, cards, deck, squad, sim, goldfish, position, replay, play or export"); /* issue 10 #12 */
        help_print_overview(stderr);
        code = EXIT_USAGE;
    } else if (strcmp(cli.argv[0], "catalog") == 0) {
        code = cmd_catalog(&cli);
    } else if (strcmp(cli.argv[0], "cards") == 0) {
        code = cmd_cards(&cli);
    } else if (strcmp(cli.argv[0], "deck") == 0) {
        code = cmd_deck(&cli);
    } else if (strcmp(cli.argv[0], "squad") == 0) {
        code = cmd_squad(&cli);
    } else if (strcmp(cli.argv[0], "sim") == 0) {
        code = cmd_sim(&cli);
    } else if (strcmp(cli.argv[0], "goldfish") == 0) {
        code = cmd_goldfish(&cli);
    } else if (strcmp(cli.argv[0], "position") == 0) {
        code = cmd_position(&cli);
    } else if (strcmp(cli.argv[0], "replay") == 0) {
        code = cmd_replay(&cli);
    } else if (strcmp(cli.argv[0], "play") == 0) {
        code = cmd_play(&cli);
    } else if (strcmp(cli.argv[0], "export") == 0) {
        code = cmd_export(&cli);
    } else {
        cli_errorf("unknown command \"%s\" (berserk --help lists the commands)", cli.argv[0]);
        code = EXIT_USAGE;
    }
    cli_close(&cli);
    free(cli.argv);
    int output = check_stdout();
    return output > code ? output : code; /* the highest applies (DESIGN §4) */
}
