/* cmd_catalog.c — `berserk catalog info|import|export` (DESIGN §3, §4). Import validates
 * every file before the store is touched, then writes in one transaction. */
#include "cli.h"
#include "progress.h"
#include "sync.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int catalog_info(bsk_cli *cli)
{
    size_t operand_count;
    const char *operands[1];
    int code = cli_parse(cli, 2, NULL, 0, operands, &operand_count, 0);
    if (code || (code = cli_load_catalog(cli)))
        return code;
    bsk_catalog *catalog = &cli->catalog;
    char source[4096] = "", last_sync[64] = "";
    bool synced = bsk_store_meta_get(cli->store, "last_sync", last_sync, sizeof last_sync) == BSK_OK;
    bsk_store_meta_get(cli->store, "source", source, sizeof source);
    size_t element_counts[BSK_ELEMENT_COUNT + 1] = {0}, type_counts[BSK_TYPE_COUNT] = {0};
    for (size_t i = 0; i < catalog->pool.count; i++) {
        const bsk_card *card = &catalog->pool.cards[i];
        if (card->elements == 0)
            element_counts[BSK_ELEMENT_COUNT]++;
        for (int e = 0; e < BSK_ELEMENT_COUNT; e++)
            element_counts[e] += bsk_card_has_element(card, (bsk_element)e);
        type_counts[card->type]++;
    }
    size_t names = bsk_pool_name_count(&catalog->pool);
    int schema_version = bsk_store_schema_version(cli->store);

    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "db", json_string(cli->db_path));
        json_object_set_new(root, "schema_version", json_integer(schema_version));
        json_object_set_new(root, "source", json_string(source));
        json_object_set_new(root, "revision", json_integer(catalog->revision));
        json_object_set_new(root, "cards", json_integer((json_int_t)catalog->pool.count));
        json_object_set_new(root, "names", json_integer((json_int_t)names));
        json_t *sets = json_array();
        for (size_t s = 0; s < catalog->set_count; s++)
            json_array_append_new(sets, json_pack("{s:s,s:s,s:i,s:i}", "id", catalog->sets[s].id, "name",
                                                  catalog->sets[s].name, "revision", catalog->sets[s].revision,
                                                  "cards", catalog->sets[s].cards));
        json_object_set_new(root, "sets", sets);
        json_t *elements = json_object();
        for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
            json_object_set_new(elements, bsk_element_id(e), json_integer((json_int_t)element_counts[e]));
        json_object_set_new(root, "elements", elements);
        json_t *types = json_object();
        for (int t = 0; t < BSK_TYPE_COUNT; t++)
            json_object_set_new(types, bsk_type_id(t), json_integer((json_int_t)type_counts[t]));
        json_object_set_new(root, "types", types);
        json_object_set_new(root, "last_sync", synced ? json_string(last_sync) : json_null());
        cli_print_json(root);
        return EXIT_OK;
    }
    printf("%sCatalogue%s %s (store schema %d)\n", cli_bold(cli), cli_reset(cli), cli->db_path, schema_version);
    printf("source: %s, revision %d, last sync: %s\n", source, catalog->revision, synced ? last_sync : "never");
    printf("%zu %s, %zu distinct name%s, %zu set%s\n\n", catalog->pool.count,
           catalog->pool.count == 1 ? "card (printing)" : "cards (printings)", names, names == 1 ? "" : "s",
           catalog->set_count, catalog->set_count == 1 ? "" : "s");
    printf("  set      name                                  release  revision  cards\n");
    for (size_t s = 0; s < catalog->set_count; s++) {
        const bsk_catalog_set *set = &catalog->sets[s];
        char release[16];
        snprintf(release, sizeof release, set->release == BSK_UNSET ? "-" : "%d", set->release);
        printf("  ");
        cli_print_padded(stdout, set->id, 9);
        cli_print_padded(stdout, set->name, 38);
        printf("%7s  %8d  %5d\n", release, set->revision, set->cards);
    }
    printf("\nelements:");
    for (int e = 0; e <= BSK_ELEMENT_COUNT; e++)
        printf(" %s %zu%s", bsk_element_id(e), element_counts[e], e < BSK_ELEMENT_COUNT ? "," : "\n");
    printf("types:");
    for (int t = 0; t < BSK_TYPE_COUNT; t++)
        printf(" %s %zu%s", bsk_type_id(t), type_counts[t], t + 1 < BSK_TYPE_COUNT ? "," : "\n");
    return EXIT_OK;
}

static int catalog_import(bsk_cli *cli)
{
    size_t operand_count;
    const char *operands[1];
    int code = cli_parse(cli, 2, NULL, 0, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error("catalog import FILE|DIR", "catalog import: FILE|DIR is missing");
    /* A directory without an index yields no usable input (2): say so, not "DIR/index.json: cannot open". */
    struct stat st;
    char index_path[PATH_MAX];
    if (stat(operands[0], &st) == 0 && S_ISDIR(st.st_mode) &&
        snprintf(index_path, sizeof index_path, "%s/index.json", operands[0]) < (int)sizeof index_path &&
        lstat(index_path, &st) != 0 && errno == ENOENT) {
        cli_errorf("%s: not a catalogue directory: it has no index.json (berserk catalog export DIR writes "
                   "index.json and sets/*.json)", operands[0]);
        return EXIT_USAGE;
    }
    bsk_catalog incoming;
    bsk_error error;
    bool whole;
    bsk_catalog_init(&incoming);
    bsk_error_clear(&error);
    /* Validate everything before the store is opened for writing. */
    bsk_status status = bsk_catalog_load_path(operands[0], &incoming, &whole, &error);
    if (status) {
        cli_print_error(&error);
        bsk_catalog_free(&incoming);
        return status == BSK_ERR_NOMEM ? EXIT_FAILURE_IO : EXIT_USAGE;
    }
    if ((code = whole ? cli_open_store(cli) : cli_load_catalog(cli))) {
        bsk_catalog_free(&incoming);
        return code;
    }
    /* A single set joins the sets already stored: its ids must not clash with theirs. */
    if (!whole && bsk_catalog_check_clashes(&incoming, &cli->catalog.pool, operands[0], &error)) {
        cli_print_error(&error);
        bsk_catalog_free(&incoming);
        return EXIT_USAGE;
    }
    char source[PATH_MAX];
    if (!realpath(operands[0], source))
        snprintf(source, sizeof source, "%s", operands[0]);
    status = bsk_store_apply(cli->store, &incoming, whole, source, NULL, 0, &error);
    if (status) {
        cli_print_error(&error);
        bsk_catalog_free(&incoming);
        return EXIT_FAILURE_IO;
    }
    if (cli->json) {
        json_t *root = json_pack("{s:s,s:s,s:b,s:i,s:i}", "db", cli->db_path, "source", source, "replaced_all", whole,
                                 "sets", (int)incoming.set_count, "cards", (int)incoming.pool.count);
        cli_print_json(root);
    } else if (!cli->quiet) {
        printf("imported %zu card%s in %zu set%s from %s%s\n", incoming.pool.count,
               incoming.pool.count == 1 ? "" : "s", incoming.set_count, incoming.set_count == 1 ? "" : "s", operands[0],
               whole ? " (the catalogue now holds exactly these sets)" : "");
    }
    bsk_catalog_free(&incoming);
    return EXIT_OK;
}

static int catalog_export(bsk_cli *cli)
{
    size_t operand_count;
    const char *operands[1];
    int code = cli_parse(cli, 2, NULL, 0, operands, &operand_count, 1);
    if (code)
        return code;
    if (operand_count != 1)
        return cli_usage_error("catalog export DIR", "catalog export: DIR is missing");
    if ((code = cli_load_catalog(cli)))
        return code;
    bsk_error error;
    bsk_error_clear(&error);
    if (bsk_catalog_export(&cli->catalog, operands[0], &error)) {
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    if (cli->json)
        cli_print_json(json_pack("{s:s,s:i,s:i,s:i}", "dir", operands[0], "revision", cli->catalog.revision, "sets",
                                 (int)cli->catalog.set_count, "cards", (int)cli->catalog.pool.count));
    else if (!cli->quiet)
        printf("exported %zu card%s in %zu set%s to %s\n", cli->catalog.pool.count,
               cli->catalog.pool.count == 1 ? "" : "s", cli->catalog.set_count, cli->catalog.set_count == 1 ? "" : "s",
               operands[0]);
    return EXIT_OK;
}

static bool parse_seconds(const char *option, const char *text, double *out)
{
    char *end;
    double value = strtod(text, &end);
    if (!*text || *end || !(value > 0 && value <= 3600)) { /* NaN fails the range test too */
        cli_errorf("%s must be a number of seconds 0 < S <= 3600, not \"%s\"", option, text);
        return false;
    }
    *out = value;
    return true;
}

/* The sync's progress through the CLI's one progress bar. */
static void sync_progress(void *context, int files_done, int files_total, long long bytes, const char *what)
{
    (void)context;
    char detail[96];
    snprintf(detail, sizeof detail, "%lld KiB %s", bytes / 1024, what);
    cli_progress_draw("sync", (uint64_t)files_done, (uint64_t)files_total, "files", detail);
}

/* --cacert must name a readable file now, not at the first TLS handshake (issue 10 #17). */
static bool check_cacert(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    struct stat st;
    const char *problem = NULL;
    if (fd < 0)
        problem = strerror(errno);
    else if (fstat(fd, &st) != 0)
        problem = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        problem = "is a directory (--cacert takes a PEM file of CA certificates)";
    else if (!S_ISREG(st.st_mode))
        problem = "not a regular file (--cacert takes a PEM file of CA certificates)";
    if (fd >= 0)
        close(fd);
    if (problem)
        cli_errorf("--cacert %s: %s%s", path, fd < 0 ? "cannot open: " : "", problem);
    return !problem;
}

static int catalog_sync(bsk_cli *cli)
{
    const char *connect_timeout = NULL, *timeout = NULL, *retries = NULL, *cacert = NULL;
    const cli_option options[] = {{"--connect-timeout", true, &connect_timeout, NULL},
                                  {"--timeout", true, &timeout, NULL},
                                  {"--retries", true, &retries, NULL},
                                  {"--cacert", true, &cacert, NULL}};
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 2, options, 4, operands, &operand_count, 1);
    if (code)
        return code;
    bsk_sync_options sync;
    bsk_sync_options_init(&sync);
    sync.url = operand_count ? operands[0] : NULL;
    sync.cacert = cacert;
    if ((connect_timeout && !parse_seconds("--connect-timeout", connect_timeout, &sync.connect_timeout)) ||
        (timeout && !parse_seconds("--timeout", timeout, &sync.timeout)))
        return EXIT_USAGE;
    if (retries) {
        long long value;
        if (!cli_parse_int("--retries", retries, 0, 10, &value))
            return EXIT_USAGE;
        sync.retries = (int)value;
    }
    char why[160];
    if (sync.url && !bsk_sync_url_check(sync.url, why, sizeof why)) {
        cli_errorf("%s: %s", sync.url, why);
        return EXIT_USAGE;
    }
    if (cacert && !check_cacert(cacert))
        return EXIT_USAGE;
    if ((code = cli_open_store(cli)))
        return code;
    sync.progress = cli_progress_wanted(cli) ? sync_progress : NULL;
    bsk_sync_report report;
    bsk_error error;
    bsk_error_clear(&error);
    bsk_status status = bsk_sync_run(cli->store, &sync, &report, &error);
    if (sync.progress)
        cli_progress_clear();
    if (status) {
        cli_print_error(&error);
        return status == BSK_ERR_INVALID ? EXIT_USAGE : EXIT_FAILURE_IO;
    }
    if (cli->json) {
        json_t *root = json_object();
        json_object_set_new(root, "url", json_string(report.url));
        json_object_set_new(root, "status", json_string(report.not_modified ? "not_modified" : "updated"));
        json_object_set_new(root, "sets", json_pack("{s:i,s:i,s:i,s:i}", "checked", report.sets_checked, "downloaded",
                                                    report.sets_downloaded, "unchanged", report.sets_unchanged,
                                                    "removed", report.sets_removed));
        json_object_set_new(root, "cards", json_pack("{s:i,s:i,s:i}", "added", report.cards_added, "changed",
                                                     report.cards_changed, "removed", report.cards_removed));
        json_object_set_new(root, "bytes", json_integer(report.bytes));
        json_object_set_new(root, "ms", json_integer(report.ms));
        cli_print_json(root);
    } else if (!cli->quiet) {
        if (report.not_modified)
            printf("%s: not modified (%d set%s)\n", report.url, report.sets_checked, report.sets_checked == 1 ? "" : "s");
        else
            printf("%s: %d set%s checked, %d downloaded, %d unchanged, %d removed; cards: %d added, %d changed, "
                   "%d removed; %lld byte%s in %lld ms\n",
                   report.url, report.sets_checked, report.sets_checked == 1 ? "" : "s", report.sets_downloaded,
                   report.sets_unchanged, report.sets_removed, report.cards_added, report.cards_changed,
                   report.cards_removed, report.bytes, report.bytes == 1 ? "" : "s", report.ms);
    }
    return EXIT_OK;
}

int cmd_catalog(bsk_cli *cli)
{
    const char *sub = cli->argc > 1 && 1 < cli->double_dash ? cli->argv[1] : "";
    if (strcmp(sub, "info") == 0)
        return catalog_info(cli);
    if (strcmp(sub, "import") == 0)
        return catalog_import(cli);
    if (strcmp(sub, "export") == 0)
        return catalog_export(cli);
    if (strcmp(sub, "sync") == 0)
        return catalog_sync(cli);
    return cli_subcommand_error("catalog", sub, "catalog info | import FILE|DIR | export DIR | sync [URL]");
}
