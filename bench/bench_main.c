/* bench_main.c — the benchmark runner of `make bench`: every figure as one JSON object
 * per line: {"bench":…,"value":…,"unit":…,"note":…}. The first line names the machine
 * ("machine": its core count, the CPU model in the note), the second the state's size as
 * sizeof says ("match_bytes"), so the figures that follow can be quoted with their machine. */
#include "bench.h"

#include "berserk/match.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* BENCH_CLOCK: the clock of every timed figure; CLOCK_THREAD_CPUTIME_ID (make bench-vs CLOCK=cpu) counts
 * only the time the thread ran, so a busy machine's waits do not count (its caches' sharing still does). */
#ifndef BENCH_CLOCK
#define BENCH_CLOCK CLOCK_MONOTONIC
#endif

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(BENCH_CLOCK, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *values, size_t count)
{
    qsort(values, count, sizeof *values, compare_doubles);
    return values[count / 2];
}

void bench_emit(const char *name, double value, const char *unit, const char *note)
{
    printf("{\"bench\":\"%s\",\"value\":%.3f,\"unit\":\"%s\",\"note\":\"%s\"}\n", name, value, unit, note);
    fflush(stdout);
}

/* Writes TEXT into a JSON string body: quotes, backslashes and control characters escaped. */
static void json_text(char *out, size_t size, const char *text)
{
    size_t used = 0;
    for (const char *p = text; *p != '\0' && used + 7 < size; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\')
            used += (size_t)snprintf(out + used, size - used, "\\%c", c);
        else if (c < 0x20)
            used += (size_t)snprintf(out + used, size - used, "\\u%04x", c);
        else
            out[used++] = (char)c;
    }
    out[used] = '\0';
}

/* The CPU model (/proc/cpuinfo's "model name", else "unknown CPU") and the online cores. */
static void bench_machine(void)
{
    char model[256] = "unknown CPU", line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *colon = strchr(line, ':');
        if (colon == NULL)
            continue;
        colon++;
        while (*colon == ' ' || *colon == '\t')
            colon++;
        snprintf(model, sizeof model, "%s", colon);
        model[strcspn(model, "\n")] = '\0';
        break;
    }
    if (f != NULL)
        fclose(f);
    char note[600];
    json_text(note, sizeof note, model);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    printf("{\"bench\":\"machine\",\"value\":%ld,\"unit\":\"cores\",\"note\":\"%s\"}\n", cores, note);
    printf("{\"bench\":\"match_bytes\",\"value\":%zu,\"unit\":\"bytes\",\"note\":\"sizeof(bsk_match), one game's "
           "whole state (README: the match engine)\"}\n",
           sizeof(bsk_match));
    fflush(stdout);
}

void bench_fail(const char *what, const bsk_error *error)
{
    char text[1024];
    bsk_error_format(error, text, sizeof text);
    fprintf(stderr, "bench: %s: %s\n", what, text);
    exit(1);
}

const char *const BENCH_DECK_FILES[BENCH_DECK_COUNT] = {
    "01-babkina-tachanka.txt", "02-lamingi-na-vzlet.txt", "03-odin-laming-v-pole-voin.txt", "04-farro.txt",
    "05-chk-bolota.txt", "06-elfy.txt", "07-alesha-popovich.txt", "08-farro.txt", "09-koven.txt",
    "10-farro-gumno.txt", "11-obeskulachennyy-chernok.txt", "12-alesha-popovich.txt", "13-inkarnatsiya.txt",
    "14-farro.txt", "15-koven.txt",
};

void bench_load_catalog(bsk_catalog *catalog)
{
    bsk_error error;
    bsk_catalog_init(catalog);
    if (bsk_catalog_load_bundled(catalog, &error) || bsk_pool_index(&catalog->pool, &error))
        bench_fail("catalogue", &error);
    /* BENCH_KEYWORDS_ONLY=1: the cards as printed numbers and keywords, no encoded feature — the games
     * where no card uses the feature vocabulary (issue 22's speed bound), as a commit before it plays */
    const char *keywords_only = getenv("BENCH_KEYWORDS_ONLY");
    /* BENCH_DROP="05-159 06-103": those cards alone lose their features — what each card's features cost the
     * games (bench/README.md) */
    const char *drop = getenv("BENCH_DROP");
    bool all = keywords_only && strcmp(keywords_only, "1") == 0;
    for (size_t i = 0; (all || drop) && i < catalog->pool.count; i++) {
        const char *id = catalog->pool.cards[i].id, *at = drop ? strstr(drop, id) : NULL;
        size_t len = strlen(id);
        if (all || (at && len > 0 && (at == drop || at[-1] == ' ') && (at[len] == '\0' || at[len] == ' '))) {
            free((void *)catalog->pool.cards[i].features); /* the pool's copy (bsk_pool_add) */
            catalog->pool.cards[i].features = NULL;
        }
    }
}

/* `run_bench [catalog|deck|squad|engine|effects]...` runs only the groups named; none runs all. */
int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(void);
    } GROUPS[] = {{"catalog", bench_catalog}, {"deck", bench_deck}, {"squad", bench_squad}, {"engine", bench_engine},
                  {"effects", bench_effects}};
    int failed = 0;
    bench_machine();
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++) {
        bool wanted = argc < 2;
        for (int a = 1; a < argc; a++)
            wanted = wanted || strcmp(argv[a], GROUPS[g].name) == 0;
        if (wanted)
            failed |= GROUPS[g].run();
    }
    return failed;
}
