/* sync.h — `catalog sync`: mirror a published catalogue over HTTP(S) (DESIGN §3 "Sync").
 * A conditional GET of the index, then only the set files whose revision or hash changed,
 * each size-capped, checked against the index's SHA-256 and validated completely; then
 * every change in one transaction. Any failure leaves the store exactly as it was. */
#ifndef BERSERK_SYNC_H
#define BERSERK_SYNC_H

#include "store.h"

#include <stdbool.h>

typedef struct bsk_sync_options {
    const char *url;          /* the index URL; NULL = the one remembered in the store */
    double connect_timeout;   /* seconds (10) */
    double timeout;           /* seconds for each request (60) */
    int retries;              /* for 5xx, 429 and timeouts (3); backoff 0.5 s × 2^n, at most 8 s */
    const char *cacert;       /* a CA bundle for a private CA; TLS is always verified */
    /* called as files are fetched (NULL: never); the CLI draws its one progress bar */
    void (*progress)(void *context, int files_done, int files_total, long long bytes, const char *what);
    void *progress_context;
} bsk_sync_options;

void bsk_sync_options_init(bsk_sync_options *options);

typedef struct bsk_sync_report {
    char url[2048];
    bool not_modified;
    int sets_checked;
    int sets_downloaded;
    int sets_unchanged;
    int sets_removed;
    int cards_added;
    int cards_changed;
    int cards_removed;
    long long bytes;
    long long ms;
} bsk_sync_report;

/* True for a well-formed http:// or https:// URL with a host (and a port 1..65535 if any);
 * otherwise false with the reason in `why` ("not a valid URL: Port number was not a
 * decimal number between 0 and 65535"). */
bool bsk_sync_url_check(const char *url, char *why, size_t why_size);

/* Runs a sync. BSK_ERR_INVALID: no URL, or one bsk_sync_url_check refuses (nothing was requested);
 * BSK_ERR_NETWORK: anything that failed after the first request (the store is
 * untouched); BSK_ERR_STORAGE: the store could not be read or written. */
bsk_status bsk_sync_run(bsk_store *store, const bsk_sync_options *options, bsk_sync_report *report,
                        bsk_error *error);

#endif
