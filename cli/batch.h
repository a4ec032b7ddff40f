/* batch.h — the one batch runner of the CLI (DESIGN §4: sim deals now; goldfish, sim games
 * and sim matrix later): a count of numbered items (trials, games), or one shard of them
 * (--shard K/N), run on a thread pool in deterministic chunks so the result is the same
 * whatever the thread count; SIGINT or SIGTERM stops it, a game in progress included, so the
 * command prints what it has (exit 130 or 143);
 * the progress bar of progress.h while it runs, with the time left at the rate so far. */
#ifndef BERSERK_CLI_BATCH_H
#define BERSERK_CLI_BATCH_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CLI_BATCH_MAX_THREADS 64
#define CLI_SHARD_MAX 1000000

/* --shard K/N: run only the items i with i ≡ K−1 (mod N). {1, 1} is the whole run. */
typedef struct cli_shard {
    int index; /* K, 1-based */
    int count; /* N */
} cli_shard;

/* "K/N", digits only, 1 <= K <= N <= 1,000,000. On failure prints
 * `berserk: --shard must be K/N with 1 <= K <= N <= 1000000, not "0/2"` and returns false. */
bool cli_parse_shard(const char *text, cli_shard *shard);
/* How many of the items 0..total−1 the shard runs. */
uint64_t cli_shard_size(const cli_shard *shard, uint64_t total);

/* A batch. The runner keeps a fixed number of accumulators ("slots", independent of the
 * thread count); chunk c of the shard's items goes to slot c mod slots, a slot's chunks run
 * in order on one thread at a time, and the slots merge in order at the end. So the result
 * is bit-identical for any thread count, even for floating-point accumulators. */
typedef struct cli_batch {
    uint64_t items;       /* the whole run's items: 0..items−1 */
    cli_shard shard;      /* {1, 1}: every item */
    int threads;          /* 1..CLI_BATCH_MAX_THREADS */
    uint64_t chunk;       /* consecutive items of the shard per chunk (0: 256) */
    size_t result_size;   /* bytes of one accumulator */
    void *context;        /* passed to the callbacks; shared by every thread: read only */
    /* an empty accumulator (NULL: all bytes zero) */
    void (*init)(void *result, void *context);
    /* runs item `item` (its index in the whole run: its randomness must depend on it alone)
     * and adds its outcome to `result`; returns false, adding nothing, when it abandoned the item
     * because the run was interrupted (cli_batch_stop_flag) */
    bool (*run)(void *result, uint64_t item, void *context);
    /* adds `from` to `into` */
    void (*merge)(void *into, const void *from, void *context);
    bool progress;        /* draw the progress bar (cli_progress_wanted) */
    const char *label;    /* progress: "sim" */
    const char *unit;     /* progress: "trials" */
    bool rate;            /* progress: also the items per second ("1234/s") */
} cli_batch;

/* Runs the batch into `result`, which it initialises. Returns the number of items run:
 * cli_shard_size(...) unless interrupted, when every item finished before SIGINT counts.
 * Returns UINT64_MAX (and `result` untouched) when memory runs out. */
uint64_t cli_batch_run(const cli_batch *batch, void *result);

/* SIGINT and SIGTERM set a flag instead of killing the process: a running batch stops after
 * the items in progress (a game abandons its decision in progress: its agents poll the flag), and
 * the command prints what it has with "interrupted":true and exits 128 + the signal (130 for
 * SIGINT, 143 for SIGTERM; DESIGN §4). A second signal exits at once. */
void cli_batch_catch_interrupt(void);
bool cli_batch_interrupted(void);
/* The flag for bsk_agent.stop and cli_game.stop (non-zero once a signal came). */
const volatile sig_atomic_t *cli_batch_stop_flag(void);
/* 128 + the signal that stopped the run; 0 when none did. */
int cli_batch_exit_code(void);

#endif
