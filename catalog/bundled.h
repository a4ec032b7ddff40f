/* bundled.h — the catalogue compiled into the binary (DESIGN §1): the files of
 * catalog/data/ as byte arrays, generated at build time by catalog/tools/embed.c. */
#ifndef BERSERK_BUNDLED_H
#define BERSERK_BUNDLED_H

#include <stddef.h>

typedef struct bsk_bundled_file {
    const char *name; /* relative to catalog/data: "index.json", "sets/01.json" */
    const unsigned char *data;
    size_t length;
} bsk_bundled_file;

extern const bsk_bundled_file bsk_bundled_files[];
extern const size_t bsk_bundled_file_count;

#endif
