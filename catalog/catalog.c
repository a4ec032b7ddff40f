/* catalog.c — loading a whole catalogue (a directory, a single file, or the copy compiled
 * into the binary) with every check of DESIGN §3 done before anything is stored, and
 * exporting one in exactly the layout the loader and `catalog sync` read. */
#include "catalog.h"
#include "embedded.h"
#include "file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void bsk_catalog_init(bsk_catalog *catalog)
{
    memset(catalog, 0, sizeof *catalog);
    bsk_pool_init(&catalog->pool);
}

void bsk_catalog_free(bsk_catalog *catalog)
{
    free(catalog->sets);
    bsk_pool_free(&catalog->pool);
    bsk_catalog_init(catalog);
}

bsk_status bsk_catalog_add_set(bsk_catalog *catalog, const bsk_catalog_set *set, bsk_error *error)
{
    bsk_catalog_set *sets = realloc(catalog->sets, (catalog->set_count + 1) * sizeof *sets);
    if (!sets)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory adding set %s", set->id);
    catalog->sets = sets;
    catalog->sets[catalog->set_count++] = *set;
    return BSK_OK;
}

bsk_status bsk_catalog_parse_index(const char *text, size_t length, const char *file, bsk_catalog *catalog,
                                   bsk_error *error)
{
    bsk_codec_index index;
    bsk_status status = bsk_codec_parse_index(text, length, file, &index, error);
    if (status)
        return status;
    free(catalog->sets);
    catalog->revision = index.revision;
    catalog->sets = index.sets; /* the catalogue takes the array over */
    catalog->set_count = index.set_count;
    return BSK_OK;
}

char *bsk_catalog_write_index(const bsk_catalog *catalog, size_t *length)
{
    return bsk_codec_write_index(catalog->revision, catalog->sets, catalog->set_count, length);
}

bsk_catalog_set *bsk_catalog_find_set(bsk_catalog *catalog, const char *id)
{
    for (size_t i = 0; i < catalog->set_count; i++)
        if (strcmp(catalog->sets[i].id, id) == 0)
            return &catalog->sets[i];
    return NULL;
}

void bsk_sha256_hex(const void *data, size_t length, char out[65])
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_length = 0;
    static const char HEX[] = "0123456789abcdef";
    if (!EVP_Digest(data, length, digest, &digest_length, EVP_sha256(), NULL))
        digest_length = 0;
    for (unsigned int i = 0; i < 32; i++) {
        out[2 * i] = i < digest_length ? HEX[digest[i] >> 4] : '0';
        out[2 * i + 1] = i < digest_length ? HEX[digest[i] & 15] : '0';
    }
    out[64] = '\0';
}

static bsk_status file_error(bsk_error *error, bsk_status code, const char *file, const char *format,
                             const char *detail)
{
    bsk_error_clear(error);
    bsk_error_set(error, code, "catalog.file", format, detail);
    bsk_error_set_file(error, file);
    return code;
}

static _Thread_local const bsk_card *sorting;

static int by_id(const void *a, const void *b)
{
    return strcmp(sorting[*(const size_t *)a].id, sorting[*(const size_t *)b].id);
}

static int by_nxt_id(const void *a, const void *b)
{
    int32_t x = sorting[*(const size_t *)a].nxt_id, y = sorting[*(const size_t *)b].nxt_id;
    return (x > y) - (x < y);
}

/* Finds a pair of cards sharing an id (or, failing that, an nxt id) in O(n log n);
 * stores them in file order. */
static bool find_duplicate(const bsk_pool *pool, size_t *first, size_t *second, bool *same_id)
{
    size_t *order = malloc((pool->count + 1) * sizeof *order);
    bool found = false;
    if (!order)
        return false;
    for (int pass = 0; pass < 2 && !found; pass++) {
        for (size_t i = 0; i < pool->count; i++)
            order[i] = i;
        sorting = pool->cards;
        qsort(order, pool->count, sizeof *order, pass == 0 ? by_id : by_nxt_id);
        for (size_t i = 1; i < pool->count && !found; i++) {
            const bsk_card *x = &pool->cards[order[i - 1]], *y = &pool->cards[order[i]];
            if (pass == 0 ? strcmp(x->id, y->id) == 0 : (x->nxt_id != BSK_UNSET && x->nxt_id == y->nxt_id)) {
                found = true;
                *same_id = pass == 0;
                *first = order[i - 1] < order[i] ? order[i - 1] : order[i];
                *second = order[i - 1] < order[i] ? order[i] : order[i - 1];
            }
        }
    }
    free(order);
    return found;
}

/* Reports the first duplicate card id or nxt id across all loaded sets. `starts[i]` is
 * the pool index of set i's first card. */
static bsk_status check_duplicates(bsk_catalog *catalog, const size_t *starts, bsk_error *error)
{
    size_t a, b;
    bool same_id;
    if (!find_duplicate(&catalog->pool, &a, &b, &same_id))
        return BSK_OK;
    size_t set_a = 0, set_b = 0;
    for (size_t s = 0; s < catalog->set_count; s++) {
        if (starts[s] <= a)
            set_a = s;
        if (starts[s] <= b)
            set_b = s;
    }
    bsk_error_clear(error);
    if (same_id)
        bsk_error_set(error, BSK_ERR_INVALID, "catalog.schema", "duplicate card id \"%s\" (also %s cards[%zu])",
                      catalog->pool.cards[b].id, catalog->sets[set_a].url, a - starts[set_a]);
    else
        bsk_error_set(error, BSK_ERR_INVALID, "catalog.schema", "duplicate nxt_id %d (also %s cards[%zu])",
                      (int)catalog->pool.cards[b].nxt_id, catalog->sets[set_a].url, a - starts[set_a]);
    bsk_error_set_file(error, catalog->sets[set_b].url);
    snprintf(error->path, sizeof error->path, "cards[%zu].%s", b - starts[set_b], same_id ? "id" : "nxt_id");
    return BSK_ERR_INVALID;
}

bsk_status bsk_catalog_accept_set(bsk_catalog *catalog, size_t index, const char *text, size_t length,
                                  bsk_error *error)
{
    bsk_catalog_set *entry = &catalog->sets[index];
    bsk_catalog_set parsed;
    char digest[65];
    memset(&parsed, 0, sizeof parsed);
    bsk_sha256_hex(text, length, digest);
    if (strcmp(digest, entry->sha256) != 0) {
        bsk_error_clear(error);
        bsk_error_set(error, BSK_ERR_INVALID, "catalog.sha256",
                      "SHA-256 %s does not match the index (%s): the file is corrupted or stale", digest,
                      entry->sha256);
        bsk_error_set_file(error, entry->url);
        return BSK_ERR_INVALID;
    }
    size_t first = catalog->pool.count;
    bsk_status status = bsk_codec_parse_set(text, length, entry->url, &parsed, &catalog->pool, error);
    if (status)
        return status;
    if (strcmp(parsed.id, entry->id) != 0 || strcmp(parsed.name, entry->name) != 0 ||
        parsed.release != entry->release) {
        bsk_error_clear(error);
        status = bsk_error_set(error, BSK_ERR_INVALID, "catalog.schema",
                               "set \"%s\" \"%s\" does not match index entry sets[%zu] (\"%s\" \"%s\")", parsed.id,
                               parsed.name, index, entry->id, entry->name);
        bsk_error_set_file(error, entry->url);
        snprintf(error->path, sizeof error->path, "set");
    } else if (parsed.cards != entry->cards) {
        bsk_error_clear(error);
        status = bsk_error_set(error, BSK_ERR_INVALID, "catalog.schema", "%d card%s, but the index announces %d",
                               parsed.cards, parsed.cards == 1 ? "" : "s", entry->cards);
        bsk_error_set_file(error, entry->url);
        snprintf(error->path, sizeof error->path, "cards");
    }
    if (status)
        bsk_pool_truncate(&catalog->pool, first);
    return status;
}

bsk_status bsk_catalog_check_duplicates(bsk_catalog *catalog, bsk_error *error)
{
    /* cards are grouped by set, in index order: find where each set starts */
    size_t *starts = calloc(catalog->set_count + 1, sizeof *starts);
    if (!starts)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
    size_t position = 0;
    for (size_t s = 0; s < catalog->set_count; s++) {
        starts[s] = position;
        while (position < catalog->pool.count && strcmp(catalog->pool.cards[position].set, catalog->sets[s].id) == 0)
            position++;
    }
    bsk_status status = check_duplicates(catalog, starts, error);
    free(starts);
    return status;
}

bsk_status bsk_catalog_load(bsk_catalog_reader reader, void *context, bsk_catalog *catalog, bsk_error *error)
{
    char *text = NULL;
    size_t length = 0;
    bsk_status status = reader(context, "index.json", BSK_CATALOG_INDEX_CAP, &text, &length, error);
    if (status)
        return status;
    status = bsk_catalog_parse_index(text, length, "index.json", catalog, error);
    free(text);
    for (size_t i = 0; i < catalog->set_count && !status; i++) {
        if ((status = reader(context, catalog->sets[i].url, BSK_CATALOG_SET_CAP, &text, &length, error)))
            break;
        status = bsk_catalog_accept_set(catalog, i, text, length, error);
        free(text);
    }
    return status ? status : bsk_catalog_check_duplicates(catalog, error);
}

bsk_status bsk_catalog_check_clashes(const bsk_catalog *incoming, bsk_pool *existing, const char *file,
                                     bsk_error *error)
{
    for (size_t i = 0; i < incoming->pool.count; i++) {
        const bsk_card *card = &incoming->pool.cards[i];
        const bsk_card *by_id = bsk_pool_find_id(existing, card->id);
        const bsk_card *by_nxt = card->nxt_id != BSK_UNSET ? bsk_pool_find_nxt_id(existing, card->nxt_id) : NULL;
        const bsk_card *clash = by_id && strcmp(by_id->set, card->set) != 0 ? by_id
                                : by_nxt && strcmp(by_nxt->set, card->set) != 0 ? by_nxt
                                                                                : NULL;
        if (!clash)
            continue;
        bool same_id = clash == by_id;
        bsk_error_clear(error);
        if (same_id)
            bsk_error_set(error, BSK_ERR_INVALID, "catalog.schema",
                          "duplicate card id \"%s\" (already in set %s of the catalogue)", card->id, clash->set);
        else
            bsk_error_set(error, BSK_ERR_INVALID, "catalog.schema",
                          "duplicate nxt_id %d (already %s in set %s of the catalogue)", (int)card->nxt_id, clash->id,
                          clash->set);
        bsk_error_set_file(error, file);
        snprintf(error->path, sizeof error->path, "cards[%zu].%s", i, same_id ? "id" : "nxt_id");
        return BSK_ERR_INVALID;
    }
    return BSK_OK;
}

typedef struct directory_reader {
    const char *dir;
} directory_reader;

static bsk_status read_from_directory(void *context, const char *relative, size_t cap, char **data, size_t *length,
                                      bsk_error *error)
{
    const directory_reader *reader = context;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", reader->dir, relative);
    bsk_status status = bsk_file_read(path, cap, "catalog.file", data, length, error);
    if (status)
        bsk_error_set_file(error, relative); /* errors name files as the index does */
    return status;
}

static bsk_status read_bundled(void *context, const char *relative, size_t cap, char **data, size_t *length,
                               bsk_error *error)
{
    (void)context;
    for (size_t i = 0; i < bsk_bundled_file_count; i++) {
        if (strcmp(bsk_bundled_files[i].name, relative) != 0)
            continue;
        if (bsk_bundled_files[i].length > cap)
            return file_error(error, BSK_ERR_LIMIT, relative, "%s", "bundled file over its cap");
        *data = malloc(bsk_bundled_files[i].length + 1);
        if (!*data)
            return file_error(error, BSK_ERR_NOMEM, relative, "%s", "out of memory");
        memcpy(*data, bsk_bundled_files[i].data, bsk_bundled_files[i].length);
        *length = bsk_bundled_files[i].length;
        return BSK_OK;
    }
    return file_error(error, BSK_ERR_IO, relative, "%s", "not in the bundled catalogue");
}

bsk_status bsk_catalog_load_bundled(bsk_catalog *catalog, bsk_error *error)
{
    return bsk_catalog_load(read_bundled, NULL, catalog, error);
}

bsk_status bsk_catalog_load_bundled_index(bsk_catalog *catalog, bsk_error *error)
{
    char *text = NULL;
    size_t length = 0;
    bsk_status status = read_bundled(NULL, "index.json", BSK_CATALOG_INDEX_CAP, &text, &length, error);
    if (!status)
        status = bsk_catalog_parse_index(text, length, "index.json", catalog, error);
    free(text);
    return status;
}

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bsk_status bsk_catalog_load_path(const char *path, bsk_catalog *catalog, bool *whole, bsk_error *error)
{
    directory_reader reader = {path};
    char dir[4096];
    *whole = true;
    if (is_directory(path)) {
        bsk_status status = bsk_catalog_load(read_from_directory, &reader, catalog, error);
        if (status && error->file[0] && error->file[0] != '/') { /* name files by their full path */
            char relative[BSK_ERROR_FILE_MAX];
            snprintf(relative, sizeof relative, "%s", error->file);
            if (snprintf(error->file, sizeof error->file, "%s%s%s", path,
                         path[strlen(path) - 1] == '/' ? "" : "/", relative) >= (int)sizeof error->file)
                snprintf(error->file, sizeof error->file, "%s", relative); /* too long: keep the relative name */
        }
        return status;
    }
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_CATALOG_SET_CAP, "catalog.file", &text, &length, error);
    if (status)
        return status;
    size_t bom = length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0; /* editors' BOM (issue 10 #14) */
    json_t *probe = json_loadb(text + bom, length - bom, 0, NULL);
    bool is_index = json_is_object(probe) && json_object_get(probe, "sets") && !json_object_get(probe, "cards");
    json_decref(probe);
    if (is_index) {
        free(text);
        if (length > BSK_CATALOG_INDEX_CAP)
            return file_error(error, BSK_ERR_LIMIT, path, "%s", "index over its 1 MiB cap");
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(dir, sizeof dir, ".");
        return bsk_catalog_load_path(dir, catalog, whole, error);
    }
    *whole = false;
    bsk_catalog_set set;
    memset(&set, 0, sizeof set);
    status = bsk_codec_parse_set(text, length, path, &set, &catalog->pool, error);
    if (!status) {
        set.revision = BSK_UNSET; /* the store assigns the next revision */
        bsk_sha256_hex(text, length, set.sha256);
        snprintf(set.url, sizeof set.url, "sets/%s.json", set.id);
        status = bsk_catalog_add_set(catalog, &set, error);
    }
    free(text);
    return status;
}

static bsk_status make_directory(const char *path, bsk_error *error)
{
    char buffer[4096];
    snprintf(buffer, sizeof buffer, "%s", path);
    for (char *p = buffer + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buffer, 0755) != 0 && errno != EEXIST)
            return file_error(error, BSK_ERR_IO, buffer, "cannot make the directory: %s", strerror(errno));
        *p = '/';
    }
    if (mkdir(buffer, 0755) != 0 && errno != EEXIST)
        return file_error(error, BSK_ERR_IO, buffer, "cannot make the directory: %s", strerror(errno));
    return BSK_OK;
}

/* Writes through a temporary file and a rename, so a reader never sees half a file. */
static bsk_status write_atomically(const char *path, const char *data, size_t length, bsk_error *error)
{
    char temporary[4200];
    snprintf(temporary, sizeof temporary, "%s.tmp.%ld", path, (long)getpid());
    FILE *file = fopen(temporary, "wb");
    if (!file)
        return file_error(error, BSK_ERR_IO, path, "cannot write: %s", strerror(errno));
    bool ok = fwrite(data, 1, length, file) == length;
    ok = (fflush(file) == 0) && ok;
    ok = (fsync(fileno(file)) == 0) && ok;
    ok = (fclose(file) == 0) && ok;
    if (!ok || rename(temporary, path) != 0) {
        int saved = errno;
        unlink(temporary);
        return file_error(error, BSK_ERR_IO, path, "cannot write: %s", strerror(saved));
    }
    return BSK_OK;
}

bsk_status bsk_catalog_export(bsk_catalog *catalog, const char *dir, bsk_error *error)
{
    char path[4096];
    bsk_status status;
    snprintf(path, sizeof path, "%s/sets", dir);
    if ((status = make_directory(path, error)))
        return status;
    const bsk_card **cards = malloc((catalog->pool.count + 1) * sizeof *cards);
    if (!cards)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory");
    for (size_t s = 0; s < catalog->set_count && !status; s++) {
        bsk_catalog_set *set = &catalog->sets[s];
        size_t count = 0;
        for (size_t i = 0; i < catalog->pool.count; i++)
            if (strcmp(catalog->pool.cards[i].set, set->id) == 0)
                cards[count++] = &catalog->pool.cards[i];
        size_t length;
        char *text = bsk_codec_write_set(set, cards, count, &length);
        if (!text) {
            status = bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory writing set %s", set->id);
            break;
        }
        set->cards = (int)count;
        bsk_sha256_hex(text, length, set->sha256);
        snprintf(set->url, sizeof set->url, "sets/%s.json", set->id);
        snprintf(path, sizeof path, "%s/%s", dir, set->url);
        status = write_atomically(path, text, length, error);
        free(text);
    }
    free(cards);
    if (status)
        return status;
    size_t length;
    char *index = bsk_catalog_write_index(catalog, &length);
    if (!index)
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory writing the index");
    snprintf(path, sizeof path, "%s/index.json", dir);
    status = write_atomically(path, index, length, error);
    free(index);
    return status;
}
