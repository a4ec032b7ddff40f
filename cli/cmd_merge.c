/* cmd_merge.c — `berserk sim merge FILE...` (DESIGN §4): reads the JSON outputs of `--shard K/N`
 * runs, refuses (exit 2, naming the file) outputs of different kinds, seeds, decks, agents or
 * games, a repeated or a missing shard, and a shard whose game count is not its share; then the
 * kind's own merge (merge.h) prints exactly what the single run prints. */
#include "batch.h"
#include "cli.h"
#include "file_read.h"
#include "merge.h"

#include <stdlib.h>
#include <string.h>

#define MERGE_FILE_CAP (256u << 20) /* a matrix of 32 decks is a few hundred KB; sim deals less */
#define MERGE_FILES_MAX 100000

typedef struct kind_spec {
    const char *kind;
    const char *unit;          /* "trials" / "games" in messages */
    const char *played_key;    /* the items this output ran */
    const char *run_key;       /* a shard's: the whole run's items (NULL: computed, sim matrix) */
    const char *identity[8];   /* keys equal in every shard of one run, up to NULL */
    json_t *(*merge)(const cli_merge_input *, size_t, bool);
} kind_spec;

static const kind_spec KINDS[] = {
    {"sim_deals", "trials", "trials", "run_trials", {"seed", "player", "policy", NULL}, cli_sim_deals_merge},
    {"goldfish", "games", "games", "run_games",
     {"seed", "deck", "opponent", "agent", "player", "squad", "budget", NULL}, cli_goldfish_merge},
    {"sim_games", "games", "games", "run_games", {"seed", "decks", "agents", "squad", "budget", NULL},
     cli_sim_games_merge},
    {"sim_matrix", "games", "played", NULL, {"seed", "decks", "agent", "squad", "budget", "games", NULL},
     cli_sim_matrix_merge},
};
enum { KIND_COUNT = sizeof KINDS / sizeof KINDS[0] };

/* sim deals names its deck by its cards: [[name, copies], ...], and its groups by their text. */
static json_t *deals_deck(const json_t *root)
{
    json_t *out = json_array();
    size_t i;
    const json_t *card;
    json_array_foreach(json_object_get(root, "cards"), i, card)
        json_array_append_new(out, json_pack("[O,O]", json_object_get(card, "name"), json_object_get(card, "copies")));
    const json_t *group;
    json_array_foreach(json_object_get(root, "groups"), i, group)
        json_array_append(out, json_object_get(group, "group"));
    return out;
}

static int read_input(const char *path, cli_merge_input *out)
{
    char *data = NULL;
    size_t length = 0;
    bsk_error error;
    bsk_error_clear(&error);
    out->path = path;
    out->root = NULL;
    if (bsk_file_read(path, MERGE_FILE_CAP, "merge.file", &data, &length, &error)) {
        cli_print_error(&error);
        return EXIT_USAGE;
    }
    json_error_t json_error;
    out->root = json_loadb(data, length, 0, &json_error);
    free(data);
    if (!json_is_object(out->root)) {
        cli_errorf("%s: not a JSON object (line %d: %s): sim merge takes the --json outputs of --shard runs", path,
                   json_error.line, out->root ? "expected an object" : json_error.text);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static const kind_spec *find_kind(const cli_merge_input *input)
{
    const char *kind = json_string_value(json_object_get(input->root, "kind"));
    for (int k = 0; kind && k < KIND_COUNT; k++)
        if (strcmp(KINDS[k].kind, kind) == 0)
            return &KINDS[k];
    cli_errorf("%s: \"kind\" is %s%s%s, not one of sim_deals, goldfish, sim_games, sim_matrix", input->path,
               kind ? "\"" : "", kind ? kind : "missing", kind ? "\"" : "");
    return NULL;
}

/* The shard of an output: "shard":[K,N], or [1,1] for a whole run. */
static bool shard_of(const cli_merge_input *input, cli_shard *shard)
{
    const json_t *value = json_object_get(input->root, "shard");
    *shard = (cli_shard){1, 1};
    if (!value)
        return true;
    json_int_t k = json_integer_value(json_array_get(value, 0)), n = json_integer_value(json_array_get(value, 1));
    if (json_array_size(value) != 2 || k < 1 || k > n || n > CLI_SHARD_MAX) {
        cli_errorf("%s: \"shard\" must be [K,N] with 1 <= K <= N <= %d", input->path, CLI_SHARD_MAX);
        return false;
    }
    *shard = (cli_shard){(int)k, (int)n};
    return true;
}

/* The whole run's items: run_games/run_trials of a shard, the items of a whole run, a matrix's pairs × games. */
static bool run_items(const kind_spec *spec, const cli_merge_input *input, uint64_t *out)
{
    const json_t *root = input->root;
    json_int_t value;
    if (!spec->run_key) {
        size_t decks = json_array_size(json_object_get(root, "decks"));
        value = json_integer_value(json_object_get(root, "games")) * (json_int_t)(decks * (decks - 1) / 2);
    } else {
        const json_t *run = json_object_get(root, spec->run_key);
        value = json_integer_value(run ? run : json_object_get(root, spec->played_key));
    }
    if (value < 0 || !json_is_integer(json_object_get(root, spec->played_key))) {
        cli_errorf("%s: \"%s\" must be a count of %s", input->path, spec->played_key, spec->unit);
        return false;
    }
    *out = (uint64_t)value;
    return true;
}

static bool same_identity(const kind_spec *spec, const cli_merge_input *first, const cli_merge_input *input)
{
    for (int i = 0; spec->identity[i]; i++) {
        const char *key = spec->identity[i];
        const json_t *a = json_object_get(first->root, key), *b = json_object_get(input->root, key);
        if (!b || json_is_null(b)) {
            cli_errorf("%s: \"%s\" is missing", input->path, key);
            return false;
        }
        if (!json_equal(a, b)) {
            char *x = json_dumps(a, JSON_COMPACT | JSON_ENCODE_ANY), *y = json_dumps(b, JSON_COMPACT | JSON_ENCODE_ANY);
            cli_errorf("%s: its %s %s differs from %s's %s: not shards of one run", input->path, key, y ? y : "?",
                       first->path, x ? x : "?");
            free(x);
            free(y);
            return false;
        }
    }
    if (strcmp(spec->kind, "sim_deals") == 0) {
        json_t *a = deals_deck(first->root), *b = deals_deck(input->root);
        bool same = json_equal(a, b);
        json_decref(a);
        json_decref(b);
        if (!same) {
            cli_errorf("%s: its deck or groups differ from %s's: not shards of one run", input->path, first->path);
            return false;
        }
    }
    return true;
}

/* Each shard K of N exactly once, every shard of the same N and run, each with its share of the
 * items unless it was interrupted. */
static bool check_shards(const kind_spec *spec, const cli_merge_input *inputs, size_t count, bool *interrupted)
{
    cli_shard first_shard;
    uint64_t first_items;
    if (!shard_of(&inputs[0], &first_shard) || !run_items(spec, &inputs[0], &first_items))
        return false;
    int n = first_shard.count;
    size_t *seen = calloc((size_t)n, sizeof *seen); /* file index + 1 per shard */
    if (!seen) {
        cli_errorf("out of memory");
        return false;
    }
    bool ok = true;
    *interrupted = false;
    for (size_t f = 0; ok && f < count; f++) {
        cli_shard shard;
        uint64_t items;
        ok = shard_of(&inputs[f], &shard) && run_items(spec, &inputs[f], &items) &&
             same_identity(spec, &inputs[0], &inputs[f]);
        if (ok && shard.count != n) {
            cli_errorf("%s: shard %d/%d, but %s is shard %d/%d: not shards of one run", inputs[f].path, shard.index,
                       shard.count, inputs[0].path, first_shard.index, n);
            ok = false;
        } else if (ok && items != first_items) {
            cli_errorf("%s: a run of %llu %s, but %s is a run of %llu: not shards of one run", inputs[f].path,
                       (unsigned long long)items, spec->unit, inputs[0].path, (unsigned long long)first_items);
            ok = false;
        } else if (ok && seen[shard.index - 1]) {
            cli_errorf("%s: repeats shard %d/%d of %s", inputs[f].path, shard.index, n, inputs[seen[shard.index - 1] - 1].path);
            ok = false;
        }
        if (!ok)
            break;
        seen[shard.index - 1] = f + 1;
        bool cut = json_is_true(json_object_get(inputs[f].root, "interrupted"));
        uint64_t played = (uint64_t)json_integer_value(json_object_get(inputs[f].root, spec->played_key));
        uint64_t share = cli_shard_size(&shard, items);
        if (cut ? played > share : played != share) {
            cli_errorf("%s: %llu %s, but shard %d/%d of a run of %llu has %llu", inputs[f].path,
                       (unsigned long long)played, spec->unit, shard.index, n, (unsigned long long)items,
                       (unsigned long long)share);
            ok = false;
        }
        if (cut) {
            cli_errorf("%s was interrupted: the merged result is partial (\"interrupted\":true)", inputs[f].path);
            *interrupted = true;
        }
    }
    for (int k = 0; ok && k < n; k++)
        if (!seen[k]) {
            cli_errorf("shard %d/%d is missing (%d files needed, %zu given)", k + 1, n, n, count);
            ok = false;
        }
    free(seen);
    return ok;
}

int cmd_sim_merge(bsk_cli *cli)
{
    const char **paths = calloc(MERGE_FILES_MAX, sizeof *paths);
    size_t count = 0;
    if (!paths) {
        cli_errorf("out of memory");
        return EXIT_FAILURE_IO;
    }
    int code = cli_parse(cli, 2, NULL, 0, paths, &count, MERGE_FILES_MAX);
    if (!code && count == 0)
        code = cli_usage_error("sim merge FILE... (the --json outputs of the --shard K/N runs of one run)",
                               "sim merge: FILE is missing");
    cli_merge_input *inputs = code ? NULL : calloc(count, sizeof *inputs);
    if (!code && !inputs) {
        cli_errorf("out of memory");
        code = EXIT_FAILURE_IO;
    }
    for (size_t f = 0; !code && f < count; f++)
        code = read_input(paths[f], &inputs[f]);
    const kind_spec *spec = NULL;
    for (size_t f = 0; !code && f < count; f++) {
        const kind_spec *kind = find_kind(&inputs[f]);
        if (!kind)
            code = EXIT_USAGE;
        else if (spec && kind != spec) {
            cli_errorf("%s: a %s output, but %s is a %s output", inputs[f].path, kind->kind, inputs[0].path,
                       spec->kind);
            code = EXIT_USAGE;
        }
        spec = kind;
    }
    bool interrupted = false;
    if (!code && !check_shards(spec, inputs, count, &interrupted))
        code = EXIT_USAGE;
    if (!code) {
        json_t *merged = spec->merge(inputs, count, interrupted);
        if (merged)
            cli_print_json(merged);
        else
            code = EXIT_USAGE;
    }
    for (size_t f = 0; inputs && f < count; f++)
        json_decref(inputs[f].root);
    free(inputs);
    free(paths);
    return code;
}
