/* cmd_merge.c — `berserk sim merge FILE... [--partial]` (DESIGN §4): reads the JSON outputs of
 * `--shard K/N` runs; formats/sim_report.c refuses (exit 2, naming the file and the key) reports
 * of different kinds, seeds, decks (by fingerprint), agents, catalogue revisions, engine versions
 * or run sizes, a repeated or a missing shard, a shard whose game count is not its share, totals
 * that disagree with themselves or whose sum passes 2^63−1; then the kind's own merge (merge.h)
 * prints exactly what the single run prints. Interrupted shards merge into a partial result,
 * exit 1 unless --partial says a partial result is what is wanted. */
#include "batch.h"
#include "cli.h"
#include "file_read.h"
#include "merge.h"

#include <stdlib.h>
#include <string.h>

#define MERGE_FILES_MAX 100000

typedef json_t *(*kind_merge)(const bsk_sim_report *, const json_t *, bool);

static kind_merge merge_of(const char *kind)
{
    static const struct {
        const char *kind;
        kind_merge merge;
    } KINDS[] = {{"sim_deals", cli_sim_deals_merge},
                 {"goldfish", cli_goldfish_merge},
                 {"sim_games", cli_sim_games_merge},
                 {"sim_matrix", cli_sim_matrix_merge}};
    for (size_t k = 0; k < sizeof KINDS / sizeof KINDS[0]; k++)
        if (strcmp(KINDS[k].kind, kind) == 0)
            return KINDS[k].merge;
    return NULL;
}

static int read_input(const char *path, bsk_sim_report *out)
{
    char *data = NULL;
    size_t length = 0;
    bsk_error error;
    bsk_error_clear(&error);
    out->path = path;
    out->root = NULL;
    if (bsk_file_read(path, BSK_SIM_REPORT_FILE_CAP, "merge.file", &data, &length, &error) ||
        bsk_sim_report_parse(path, data, length, out, &error)) {
        free(data);
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    free(data);
    return EXIT_OK;
}

int cmd_sim_merge(bsk_cli *cli)
{
    const char **paths = calloc(MERGE_FILES_MAX, sizeof *paths);
    size_t count = 0;
    bool partial = false;
    if (!paths) {
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    const cli_option options[] = {{"--partial", false, NULL, &partial}};
    int code = cli_parse(cli, 2, options, 1, paths, &count, MERGE_FILES_MAX);
    if (!code && count == 0)
        code = cli_usage_error("sim merge FILE... [--partial] (the --json outputs of the --shard K/N runs of one run)",
                               "sim merge: FILE is missing");
    bsk_sim_report *inputs = code ? NULL : calloc(count, sizeof *inputs);
    if (!code && !inputs) {
        cli_errorf("out of memory");
        code = EXIT_FAILURE_IO;
    }
    for (size_t f = 0; !code && f < count; f++)
        code = read_input(paths[f], &inputs[f]);
    bsk_sim_merge merge = {0};
    bsk_error error;
    bsk_error_clear(&error);
    if (!code && bsk_sim_reports_merge(inputs, count, &merge, &error)) {
        cli_print_error(&error);
        code = error.code == BSK_ERR_NOMEM ? EXIT_FAILURE_IO : EXIT_USAGE;
    }
    if (!code) {
        json_t *merged = merge_of(merge.kind)(&inputs[0], merge.totals, merge.interrupted);
        if (merged)
            cli_print_json(merged);
        else
            code = EXIT_USAGE;
    }
    if (!code && merge.interrupted) {
        /* a partial result is printed, but a pipeline must not take it for the whole run */
        cli_errorf("%s was interrupted: the merged result is partial (\"interrupted\":true)%s",
                   merge.interrupted_path, partial ? "" : "; --partial accepts it (exit 0)");
        code = partial ? EXIT_OK : EXIT_FAILS_CHECK;
    }
    bsk_sim_merge_free(&merge);
    for (size_t f = 0; inputs && f < count; f++)
        bsk_sim_report_free(&inputs[f]);
    free(inputs);
    free(paths);
    return code;
}
