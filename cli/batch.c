/* batch.c — the batch runner: shard arithmetic, a fixed set of accumulator slots filled in
 * chunk order by a thread pool (so the thread count never changes a result), the progress
 * bar while it runs, and the SIGINT flag that stops it. */
#include "batch.h"
#include "cli.h"
#include "progress.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 64          /* accumulators; a constant, never the thread count */
#define DEFAULT_CHUNK 256

/* ---- SIGINT and SIGTERM ---- */

/* The signal that stopped the run (0: none). Polled by the runner between items and, through
 * bsk_agent.stop, by a search in progress. */
static volatile sig_atomic_t interrupted;

/* The first signal asks the run to stop; a second one exits at once (the partial result is lost,
 * as the user asked). write(2) and _exit(2) are async-signal-safe. */
static void on_interrupt(int signal_number)
{
    if (interrupted) {
        static const char message[] = "\nberserk: stopped at once (a second signal)\n";
        ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
        (void)ignored;
        _exit(128 + signal_number);
    }
    interrupted = signal_number;
}

void cli_batch_catch_interrupt(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL); /* what Slurm and Kubernetes send at a limit or an eviction */
}

bool cli_batch_interrupted(void)
{
    return interrupted != 0;
}

const volatile sig_atomic_t *cli_batch_stop_flag(void)
{
    return &interrupted;
}

int cli_batch_exit_code(void)
{
    return interrupted ? 128 + interrupted : 0;
}

/* ---- --shard K/N ---- */

/* Decimal digits only, at most 7 of them (N <= 1,000,000). */
static bool parse_part(const char *start, const char *end, long *out)
{
    if (end == start || end - start > 7)
        return false;
    long value = 0;
    for (const char *p = start; p < end; p++) {
        if (*p < '0' || *p > '9')
            return false;
        value = value * 10 + (*p - '0');
    }
    *out = value;
    return true;
}

bool cli_parse_shard(const char *text, cli_shard *shard)
{
    const char *slash = strchr(text, '/');
    long k = 0, n = 0;
    if (!slash || !parse_part(text, slash, &k) || !parse_part(slash + 1, slash + strlen(slash), &n) || k < 1 ||
        k > n || n > CLI_SHARD_MAX) {
        cli_errorf("--shard must be K/N with 1 <= K <= N <= %d, not \"%s\"", CLI_SHARD_MAX, text);
        return false;
    }
    shard->index = (int)k;
    shard->count = (int)n;
    return true;
}

uint64_t cli_shard_size(const cli_shard *shard, uint64_t total)
{
    uint64_t first = (uint64_t)(shard->index - 1), step = (uint64_t)shard->count;
    return total > first ? (total - first - 1) / step + 1 : 0;
}

/* ---- The runner ---- */

typedef struct run_state {
    const cli_batch *batch;
    uint64_t size;   /* the shard's items */
    uint64_t chunk;
    uint64_t chunks;
    unsigned slots;
    unsigned char *results;        /* slots × result_size */
    uint64_t ran[SLOTS];           /* items each slot ran (written by its one thread) */
    atomic_uint next_slot;
    atomic_ullong done;            /* for the progress bar */
    struct timespec start;         /* for the rate */
} run_state;

/* Slot s: chunks s, s + slots, s + 2·slots, …, in order. Item j of the shard is item
 * K−1 + j·N of the whole run. */
static void run_slot(run_state *state, unsigned slot)
{
    const cli_batch *batch = state->batch;
    void *result = state->results + (size_t)slot * batch->result_size;
    uint64_t first_item = (uint64_t)(batch->shard.index - 1), step = (uint64_t)batch->shard.count;
    for (uint64_t c = slot; c < state->chunks && !interrupted; c += state->slots) {
        uint64_t first = c * state->chunk, last = first + state->chunk < state->size ? first + state->chunk : state->size;
        uint64_t finished = 0;
        for (uint64_t j = first; j < last && !interrupted; j++)
            finished += batch->run(result, first_item + j * step, batch->context);
        state->ran[slot] += finished;
        atomic_fetch_add_explicit(&state->done, finished, memory_order_relaxed);
    }
}

static void *run_slots(void *argument)
{
    run_state *state = argument;
    while (!interrupted) {
        unsigned slot = atomic_fetch_add(&state->next_slot, 1);
        if (slot >= state->slots)
            break;
        run_slot(state, slot);
    }
    return NULL;
}

/* "1h05m", "3m12s", "42s": a duration for the progress bar. */
static void format_duration(double seconds, char *out, size_t size)
{
    int s = seconds < 0 ? 0 : seconds > 359999 ? 359999 : (int)(seconds + 0.5); /* at most 99h59m */
    if (s >= 3600)
        snprintf(out, size, "%dh%02dm", s / 3600 % 100, s % 3600 / 60);
    else if (s >= 60)
        snprintf(out, size, "%dm%02ds", s / 60 % 60, s % 60);
    else
        snprintf(out, size, "%ds", s % 60);
}

/* The bar with the rate (when asked) and the time left at the rate so far (issue 20). */
static void draw(const cli_batch *batch, run_state *state)
{
    uint64_t done = atomic_load(&state->done);
    char detail[64] = "", left[32];
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double seconds = (double)(now.tv_sec - state->start.tv_sec) + (double)(now.tv_nsec - state->start.tv_nsec) / 1e9;
    if (seconds > 0 && done > 0) {
        size_t used = 0;
        if (batch->rate)
            used = (size_t)snprintf(detail, sizeof detail, "%.0f/s, ", (double)done / seconds);
        format_duration(seconds * (double)(state->size - done) / (double)done, left, sizeof left);
        snprintf(detail + used, sizeof detail - used, "%s left", left);
    }
    cli_progress_draw(batch->label, done, state->size, batch->unit, detail[0] ? detail : NULL);
}

uint64_t cli_batch_run(const cli_batch *batch, void *result)
{
    run_state *state = calloc(1, sizeof *state);
    if (!state)
        return UINT64_MAX;
    state->batch = batch;
    state->size = cli_shard_size(&batch->shard, batch->items);
    state->chunk = batch->chunk ? batch->chunk : DEFAULT_CHUNK;
    state->chunks = (state->size + state->chunk - 1) / state->chunk;
    state->slots = state->chunks < SLOTS ? (state->chunks ? (unsigned)state->chunks : 1) : SLOTS;
    state->results = calloc(state->slots, batch->result_size);
    if (!state->results) {
        free(state);
        return UINT64_MAX;
    }
    atomic_init(&state->next_slot, 0);
    atomic_init(&state->done, 0);
    clock_gettime(CLOCK_MONOTONIC, &state->start);
    for (unsigned s = 0; batch->init && s < state->slots; s++)
        batch->init(state->results + (size_t)s * batch->result_size, batch->context);

    int wanted = batch->threads < 1 ? 1 : batch->threads > CLI_BATCH_MAX_THREADS ? CLI_BATCH_MAX_THREADS : batch->threads;
    if ((unsigned)wanted > state->slots)
        wanted = (int)state->slots;
    pthread_t threads[CLI_BATCH_MAX_THREADS];
    int started = 0;
    while (started < wanted && pthread_create(&threads[started], NULL, run_slots, state) == 0)
        started++;
    if (batch->progress)
        draw(batch, state);
    if (started == 0) { /* no thread could start: run here */
        run_slots(state);
    } else if (batch->progress) {
        while (!interrupted && atomic_load(&state->done) < state->size) {
            struct timespec pause = {0, 100000000L};
            nanosleep(&pause, NULL);
            draw(batch, state);
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    if (batch->progress)
        cli_progress_clear();

    /* the slots in order: the same sums whatever thread ran which slot */
    uint64_t ran = 0;
    if (batch->init)
        batch->init(result, batch->context);
    else
        memset(result, 0, batch->result_size);
    for (unsigned s = 0; s < state->slots; s++) {
        batch->merge(result, state->results + (size_t)s * batch->result_size, batch->context);
        ran += state->ran[s];
    }
    free(state->results);
    free(state);
    return ran;
}
