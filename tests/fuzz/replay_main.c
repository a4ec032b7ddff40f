/* replay_main.c — runs a fuzz target without libFuzzer: `fuzz_TARGET FILE|DIR...` feeds each
 * file (each regular file of a directory, sorted, not recursive) to LLVMFuzzerTestOneInput
 * once. `make test` runs it over the regression inputs and the seed corpora with the plain
 * and the ASan build; an invariant that fails aborts with its message. */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    size_t capacity = 4096, length = 0;
    uint8_t *data = malloc(capacity);
    size_t got;
    while (data && (got = fread(data + length, 1, capacity - length, file)) > 0) {
        length += got;
        if (length == capacity) {
            uint8_t *grown = realloc(data, capacity *= 2);
            if (!grown)
                free(data);
            data = grown;
        }
    }
    fclose(file);
    if (!data) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, length);
    free(data);
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_directory(const char *path, int *files)
{
    DIR *dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    char **names = NULL;
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        char *full = malloc(strlen(path) + strlen(entry->d_name) + 2);
        struct stat st;
        if (!full)
            abort();
        sprintf(full, "%s/%s", path, entry->d_name);
        char **grown = stat(full, &st) == 0 && S_ISREG(st.st_mode) ? realloc(names, (count + 1) * sizeof *names) : NULL;
        if (grown) {
            names = grown;
            names[count++] = full;
        } else {
            free(full);
        }
    }
    closedir(dir);
    if (count > 1)
        qsort(names, count, sizeof *names, compare_names);
    int failed = 0;
    for (size_t i = 0; i < count; i++) {
        failed |= run_file(names[i]);
        free(names[i]);
    }
    free(names);
    *files += (int)count;
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            failed |= run_directory(argv[i], &files);
        } else {
            failed |= run_file(argv[i]);
            files++;
        }
    }
    printf("%s: %d input%s replayed\n", argc > 0 ? argv[0] : "replay", files, files == 1 ? "" : "s");
    return failed;
}
