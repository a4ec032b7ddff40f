/* deck_files.c — decklist files of a command line (deck_files.h), shared by deck check and
 * export html deck so that both find and show the same files. */
#include "deck_files.h"

#include "cli.h"
#include "formats.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

bool cli_path_list_push(cli_path_list *list, const char *path)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        char **items = realloc(list->items, capacity * sizeof *items);
        if (!items)
            return false;
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count] = strdup(path);
    return list->items[list->count++] != NULL;
}

void cli_path_list_free(cli_path_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = 0;
}

bool cli_is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Issue 10 item 9: a directory scan takes regular files only (a FIFO would hang a reader). */
static bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_decklist_name(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (name[0] == '.' || !dot)
        return false;
    if (dot - name >= 5 && strncmp(dot - 5, ".pool", 5) == 0) /* NAME.pool.EXT is a pool */
        return false;
    return strcasecmp(dot, ".txt") == 0 || strcasecmp(dot, ".brsd") == 0 || strcasecmp(dot, ".json") == 0;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

long cli_decklist_directory(const char *dir, cli_path_list *list)
{
    DIR *handle = opendir(dir);
    if (!handle)
        return -1;
    size_t first = list->count;
    struct dirent *item;
    while ((item = readdir(handle))) {
        char path[4096];
        if (!is_decklist_name(item->d_name))
            continue;
        int written = snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", item->d_name);
        if (written < 0 || (size_t)written >= sizeof path) {
            cli_errorf("%s/%s: path too long; skipped", dir, item->d_name);
            continue;
        }
        if (is_regular_file(path))
            cli_path_list_push(list, path);
    }
    closedir(handle);
    if (list->count > first) /* qsort(NULL, 0, …) is undefined (issue 10 item 8) */
        qsort(list->items + first, list->count - first, sizeof *list->items, compare_strings);
    return (long)(list->count - first);
}

bool cli_sibling_pool(const char *deck_path, char *out, size_t out_size)
{
    static const char *const EXTENSIONS[] = {"txt", "brsd", "json"};
    char base[4096];
    if (snprintf(base, sizeof base, "%s", deck_path) >= (int)sizeof base)
        return false;
    char *dot = strrchr(base, '.');
    char *slash = strrchr(base, '/');
    if (dot && (!slash || dot > slash))
        *dot = '\0';
    for (size_t i = 0; i < 3; i++) {
        struct stat st;
        if (snprintf(out, out_size, "%s.pool.%s", base, EXTENSIONS[i]) < (int)out_size && stat(out, &st) == 0)
            return true;
    }
    return false;
}

char *cli_terminal_safe(char *text)
{
    unsigned char *read = (unsigned char *)text, *write = read;
    while (*read) {
        if (read[0] == 0xC2 && read[1] >= 0x80 && read[1] <= 0x9F) {
            *write++ = '?';
            read += 2;
        } else if ((*read < 0x20 && *read != '\t') || *read == 0x7F) {
            *write++ = '?';
            read++;
        } else {
            *write++ = *read++;
        }
    }
    *write = '\0';
    return text;
}

const char *cli_shown(const char *text, char *out, size_t out_size)
{
    bsk_utf8_copy(out, out_size, text);
    return cli_terminal_safe(out);
}

void cli_today_utc(char *out, size_t out_size)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, out_size, "%Y-%m-%d", &tm);
}
