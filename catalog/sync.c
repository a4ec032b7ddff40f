/* sync.c — mirroring a published catalogue over HTTP(S) with libcurl (DESIGN §3 "Sync").
 * Order of work: validate the URL (nothing is requested for a bad one); conditional GET
 * of the index (a 304 ends the sync); fetch only the sets whose revision or SHA-256
 * changed, each capped on decoded bytes, hashed and validated; check the whole new
 * catalogue; then one transaction writes it. Nothing is written before every byte has
 * been checked, so any failure leaves the store as it was. */
#include "sync.h"

#include <curl/curl.h>
#include <stdarg.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define RETRY_AFTER_MAX_S 30
#define BACKOFF_START_S 0.5
#define BACKOFF_MAX_S 8.0
#define MAX_REDIRECTS 5L

void bsk_sync_options_init(bsk_sync_options *options)
{
    memset(options, 0, sizeof *options);
    options->connect_timeout = 10;
    options->timeout = 60;
    options->retries = 3;
}

bool bsk_sync_url_check(const char *url, char *why, size_t why_size)
{
    if (!url || !(strncasecmp(url, "http://", 7) == 0 || strncasecmp(url, "https://", 8) == 0)) {
        snprintf(why, why_size, "only http:// and https:// URLs can be synced");
        return false;
    }
    if (strlen(url) >= 2000) {
        snprintf(why, why_size, "not a valid URL: longer than 1999 bytes");
        return false;
    }
    /* libcurl's own parser, so that what it would refuse at the first request (a port of
     * 99999, a space, no host) is bad usage here, before anything is sent (issue 10 #17). */
    CURLU *handle = curl_url();
    char *host = NULL, *port = NULL;
    CURLUcode code = handle ? curl_url_set(handle, CURLUPART_URL, url, 0) : CURLUE_OUT_OF_MEMORY;
    const char *problem = NULL;
    if (code != CURLUE_OK)
        problem = curl_url_strerror(code);
    else if (curl_url_get(handle, CURLUPART_HOST, &host, 0) != CURLUE_OK || !*host)
        problem = "no host";
    else if (curl_url_get(handle, CURLUPART_PORT, &port, 0) == CURLUE_OK && strtol(port, NULL, 10) == 0)
        problem = "port 0";
    if (problem)
        snprintf(why, why_size, "not a valid URL: %s", problem);
    curl_free(host);
    curl_free(port);
    curl_url_cleanup(handle);
    return !problem;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_seconds(double seconds)
{
    struct timespec delay = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&delay, NULL);
}

/* One response: the body (decoded, capped) and the headers we use. */
typedef struct response {
    char *body;
    size_t length;
    size_t capacity;
    size_t cap;
    bool over_cap;
    long status;
    char etag[256];
    char last_modified[128];
    long retry_after; /* seconds, -1 when absent */
} response;

static size_t on_body(char *data, size_t size, size_t count, void *context)
{
    response *r = context;
    size_t n = size * count;
    if (r->length + n > r->cap) {
        r->over_cap = true;
        return 0; /* aborts the transfer: the cap holds on decoded bytes */
    }
    if (r->length + n + 1 > r->capacity) {
        size_t capacity = r->capacity ? r->capacity : 65536;
        while (capacity < r->length + n + 1)
            capacity *= 2;
        char *grown = realloc(r->body, capacity);
        if (!grown)
            return 0;
        r->body = grown;
        r->capacity = capacity;
    }
    memcpy(r->body + r->length, data, n);
    r->length += n;
    r->body[r->length] = '\0';
    return n;
}

/* Copies a header's value (trimmed) when `line` is that header. */
static bool header_value(const char *line, size_t length, const char *name, char *out, size_t out_size)
{
    size_t name_length = strlen(name);
    if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':')
        return false;
    const char *value = line + name_length + 1;
    const char *end = line + length;
    while (value < end && (*value == ' ' || *value == '\t'))
        value++;
    while (end > value && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' '))
        end--;
    snprintf(out, out_size, "%.*s", (int)(end - value), value);
    return true;
}

static size_t on_header(char *data, size_t size, size_t count, void *context)
{
    response *r = context;
    size_t n = size * count;
    char value[64];
    if (n > 5 && strncmp(data, "HTTP/", 5) == 0) { /* a new response (after a redirect): reset */
        r->etag[0] = r->last_modified[0] = '\0';
        r->retry_after = -1;
    }
    header_value(data, n, "ETag", r->etag, sizeof r->etag);
    header_value(data, n, "Last-Modified", r->last_modified, sizeof r->last_modified);
    if (header_value(data, n, "Retry-After", value, sizeof value)) {
        char *end;
        long seconds = strtol(value, &end, 10);
        r->retry_after = end != value && seconds >= 0 ? seconds : -1;
    }
    return n;
}

typedef struct sync_context {
    CURL *curl;
    const bsk_sync_options *options;
    bsk_sync_report *report;
    bsk_error *error;
    char effective_url[2048];
    int files_done;
    int files_total;
} sync_context;

static bsk_status network_error(sync_context *ctx, const char *url, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bsk_status network_error(sync_context *ctx, const char *url, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    bsk_error_vset_at(ctx->error, BSK_ERR_NETWORK, "catalog.sync", url, "", format, args);
    va_end(args);
    return BSK_ERR_NETWORK;
}

static void progress(sync_context *ctx, const char *what)
{
    if (ctx->options->progress)
        ctx->options->progress(ctx->options->progress_context, ctx->files_done, ctx->files_total,
                               ctx->report->bytes, what);
}

/* GET with retries. conditional: send If-None-Match / If-Modified-Since. On BSK_OK,
 * r->status is 200 or (conditional) 304. */
static bsk_status fetch(sync_context *ctx, const char *url, size_t cap, const char *etag, const char *last_modified,
                        response *r)
{
    const bsk_sync_options *options = ctx->options;
    char user_agent[64];
    snprintf(user_agent, sizeof user_agent, "berserk/%s", BSK_VERSION);
    for (int attempt = 0;; attempt++) {
        free(r->body);
        memset(r, 0, sizeof *r);
        r->cap = cap;
        r->retry_after = -1;
        CURL *curl = ctx->curl;
        curl_easy_reset(curl);
        struct curl_slist *headers = NULL;
        char header[512];
        if (etag && *etag) {
            snprintf(header, sizeof header, "If-None-Match: %s", etag);
            headers = curl_slist_append(headers, header);
        }
        if (last_modified && *last_modified) {
            snprintf(header, sizeof header, "If-Modified-Since: %s", last_modified);
            headers = curl_slist_append(headers, header);
        }
        char curl_message[CURL_ERROR_SIZE] = "";
        curl_easy_setopt(curl, CURLOPT_URL, url);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
        curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
        curl_easy_setopt(curl, CURLOPT_MAXREDIRS, MAX_REDIRECTS);
        curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, (long)(options->connect_timeout * 1000));
        curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, (long)(options->timeout * 1000));
        curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "gzip");
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
        if (options->cacert)
            curl_easy_setopt(curl, CURLOPT_CAINFO, options->cacert);
        curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, r);
        curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
        curl_easy_setopt(curl, CURLOPT_HEADERDATA, r);
        curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_message);
        CURLcode code = curl_easy_perform(curl);
        curl_slist_free_all(headers);
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &r->status);
        char *effective = NULL;
        curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &effective);
        if (effective)
            snprintf(ctx->effective_url, sizeof ctx->effective_url, "%s", effective);
        ctx->report->bytes += (long long)r->length;

        bool timed_out = code == CURLE_OPERATION_TIMEDOUT;
        bool retryable = timed_out || (code == CURLE_OK && (r->status >= 500 || r->status == 429));
        if (retryable && attempt < options->retries) {
            double wait = BACKOFF_START_S * (double)(1 << (attempt < 5 ? attempt : 5));
            if (wait > BACKOFF_MAX_S)
                wait = BACKOFF_MAX_S;
            if ((r->status == 503 || r->status == 429) && r->retry_after >= 0)
                wait = r->retry_after < RETRY_AFTER_MAX_S ? (double)r->retry_after : RETRY_AFTER_MAX_S;
            sleep_seconds(wait);
            continue;
        }
        if (r->over_cap)
            return network_error(ctx, url, "the response is larger than its %zu-byte cap", cap);
        if (code == CURLE_TOO_MANY_REDIRECTS)
            return network_error(ctx, url, "more than %ld redirects (a redirect loop?)", MAX_REDIRECTS);
        if (code == CURLE_UNSUPPORTED_PROTOCOL)
            return network_error(ctx, url, "redirected to a URL that is not http or https: %s",
                                 curl_message[0] ? curl_message : curl_easy_strerror(code));
        if (code != CURLE_OK)
            return network_error(ctx, url, "%s%s%s%s", curl_easy_strerror(code), curl_message[0] ? " (" : "",
                                 curl_message, curl_message[0] ? ")" : "");
        if (r->status == 304 && (etag || last_modified))
            return BSK_OK;
        if (r->status != 200)
            return network_error(ctx, url, "HTTP %ld", r->status);
        return BSK_OK;
    }
}

/* `relative` resolved against the index URL (after its redirects). */
static bool resolve(const char *base, const char *relative, char *out, size_t out_size)
{
    CURLU *handle = curl_url();
    char *full = NULL;
    bool ok = handle && curl_url_set(handle, CURLUPART_URL, base, 0) == CURLUE_OK &&
              curl_url_set(handle, CURLUPART_URL, relative, 0) == CURLUE_OK &&
              curl_url_get(handle, CURLUPART_URL, &full, 0) == CURLUE_OK && strlen(full) < out_size;
    if (ok)
        snprintf(out, out_size, "%s", full);
    curl_free(full);
    curl_url_cleanup(handle);
    return ok;
}

/* A set file ({"set":…,"cards":[…]}) where the index belongs: say so, not "unexpected field". */
static bool is_set_file(const char *body, size_t length)
{
    json_t *root = body ? json_loadb(body, length, 0, NULL) : NULL;
    bool set_file = json_is_object(root) && json_object_get(root, "cards") && json_object_get(root, "set") &&
                    !json_object_get(root, "sets");
    json_decref(root);
    return set_file;
}

/* Added / changed / removed cards between the stored and the new catalogue. */
static void count_card_changes(bsk_catalog *old, bsk_catalog *new_catalog, bsk_sync_report *report)
{
    for (size_t i = 0; i < new_catalog->pool.count; i++) {
        const bsk_card *card = &new_catalog->pool.cards[i];
        const bsk_card *before = bsk_pool_find_id(&old->pool, card->id);
        if (!before) {
            report->cards_added++;
            continue;
        }
        json_t *a = bsk_codec_card_json(card), *b = bsk_codec_card_json(before);
        report->cards_changed += !json_equal(a, b);
        json_decref(a);
        json_decref(b);
    }
    for (size_t i = 0; i < old->pool.count; i++)
        report->cards_removed += bsk_pool_find_id(&new_catalog->pool, old->pool.cards[i].id) == NULL;
}

/* The body of a sync once the URL is known; every failure is BSK_ERR_NETWORK unless the
 * store itself failed. */
static bsk_status run(sync_context *ctx, bsk_store *store, const char *url, bsk_catalog *old,
                      bsk_catalog *new_catalog)
{
    bsk_sync_report *report = ctx->report;
    bsk_error *error = ctx->error;
    bsk_status status;
    char remembered[2048] = "", etag[256] = "", last_modified[128] = "";
    bsk_store_meta_get(store, "url", remembered, sizeof remembered);
    bool same_source = strcmp(remembered, url) == 0 && old->set_count > 0;
    if (same_source) {
        bsk_store_meta_get(store, "etag", etag, sizeof etag);
        bsk_store_meta_get(store, "last_modified", last_modified, sizeof last_modified);
    }
    response index = {0};
    ctx->files_total = 1;
    progress(ctx, "index.json");
    status = fetch(ctx, url, BSK_CATALOG_INDEX_CAP, same_source ? etag : NULL, same_source ? last_modified : NULL,
                   &index);
    if (status) {
        free(index.body);
        return status;
    }
    if (index.status == 304) {
        report->not_modified = true;
        report->sets_checked = (int)old->set_count;
        report->sets_unchanged = (int)old->set_count;
        free(index.body);
        return BSK_OK;
    }
    /* a new index: now the stored cards are needed, to keep unchanged sets and count changes */
    bsk_catalog_free(old);
    if ((status = bsk_store_load(store, old, error))) {
        free(index.body);
        return status;
    }
    char base[2048];
    snprintf(base, sizeof base, "%s", ctx->effective_url[0] ? ctx->effective_url : url);
    status = bsk_catalog_parse_index(index.body ? index.body : "", index.length, url, new_catalog, error);
    if (status && is_set_file(index.body, index.length)) {
        bsk_error_clear(error);
        network_error(ctx, url, "not an index but a set file; sync takes the URL of the index.json that lists "
                                "the sets (berserk catalog export DIR writes one)");
    }
    char new_etag[256], new_last_modified[128];
    snprintf(new_etag, sizeof new_etag, "%s", index.etag);
    snprintf(new_last_modified, sizeof new_last_modified, "%s", index.last_modified);
    free(index.body);
    if (status)
        return BSK_ERR_NETWORK; /* the message names the URL and the position */
    report->sets_checked = (int)new_catalog->set_count;
    ctx->files_total = 1 + (int)new_catalog->set_count;
    ctx->files_done = 1;
    for (size_t i = 0; i < new_catalog->set_count; i++) {
        bsk_catalog_set *entry = &new_catalog->sets[i];
        bsk_catalog_set *stored = bsk_catalog_find_set(old, entry->id);
        if (stored && stored->revision == entry->revision && strcmp(stored->sha256, entry->sha256) == 0) {
            /* unchanged: the stored cards stand in for the file */
            for (size_t c = 0; c < old->pool.count; c++)
                if (strcmp(old->pool.cards[c].set, entry->id) == 0 &&
                    (status = bsk_pool_add(&new_catalog->pool, &old->pool.cards[c], error)))
                    return status;
            report->sets_unchanged++;
        } else {
            char set_url[2048];
            if (!resolve(base, entry->url, set_url, sizeof set_url))
                return network_error(ctx, entry->url, "cannot resolve the set URL against %s", base);
            progress(ctx, entry->url);
            response file = {0};
            status = fetch(ctx, set_url, BSK_CATALOG_SET_CAP, NULL, NULL, &file);
            if (!status) {
                status = bsk_catalog_accept_set(new_catalog, i, file.body ? file.body : "", file.length, error);
                if (status) {
                    bsk_error_set_file(error, set_url);
                    status = BSK_ERR_NETWORK;
                }
            }
            free(file.body);
            if (status)
                return status;
            report->sets_downloaded++;
        }
        ctx->files_done++;
        progress(ctx, entry->url);
    }
    for (size_t s = 0; s < old->set_count; s++)
        report->sets_removed += bsk_catalog_find_set(new_catalog, old->sets[s].id) == NULL;
    if ((status = bsk_catalog_check_duplicates(new_catalog, error))) {
        bsk_error_set_file(error, url);
        return BSK_ERR_NETWORK;
    }
    count_card_changes(old, new_catalog, report);
    /* everything checked: one transaction writes the new catalogue and its source */
    char timestamp[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(timestamp, sizeof timestamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
    const bsk_store_meta meta[] = {
        {"url", url}, {"etag", new_etag}, {"last_modified", new_last_modified}, {"last_sync", timestamp}};
    return bsk_store_apply(store, new_catalog, true, url, meta, sizeof meta / sizeof meta[0], error);
}

bsk_status bsk_sync_run(bsk_store *store, const bsk_sync_options *options, bsk_sync_report *report,
                        bsk_error *error)
{
    char url[2048] = "";
    memset(report, 0, sizeof *report);
    double start = now_seconds();
    if (options->url)
        snprintf(url, sizeof url, "%s", options->url);
    else if (bsk_store_meta_get(store, "url", url, sizeof url) != BSK_OK)
        return bsk_error_set(error, BSK_ERR_INVALID, "catalog.sync",
                             "no URL given and none remembered: berserk catalog sync URL");
    char why[160];
    if (!bsk_sync_url_check(url, why, sizeof why)) {
        bsk_error_clear(error);
        bsk_error_set_file(error, url);
        return bsk_error_set(error, BSK_ERR_INVALID, "catalog.sync", "%s", why);
    }
    snprintf(report->url, sizeof report->url, "%s", url);
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        return bsk_error_set(error, BSK_ERR_NETWORK, "catalog.sync", "libcurl could not start");
    sync_context ctx = {curl_easy_init(), options, report, error, "", 0, 0};
    bsk_catalog old, new_catalog;
    bsk_catalog_init(&old);
    bsk_catalog_init(&new_catalog);
    bsk_status status = ctx.curl ? BSK_OK : bsk_error_set(error, BSK_ERR_NETWORK, "catalog.sync", "libcurl failed");
    if (!status && (status = bsk_store_load_sets(store, &old, error)) == BSK_OK)
        status = run(&ctx, store, url, &old, &new_catalog);
    bsk_catalog_free(&old);
    bsk_catalog_free(&new_catalog);
    curl_easy_cleanup(ctx.curl);
    curl_global_cleanup();
    report->ms = (long long)((now_seconds() - start) * 1000);
    return status;
}
