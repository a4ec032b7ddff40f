/* embedded.h — files compiled into the binary (DESIGN §1) as byte arrays, generated at build
 * time by catalog/tools/embed.c: the bundled catalogue (catalog/data/) and the shipped format
 * files (formats/NAME.json). It lives in formats/, the lowest layer that reads them. */
#ifndef BERSERK_EMBEDDED_H
#define BERSERK_EMBEDDED_H

#include <stddef.h>

typedef struct bsk_bundled_file {
    const char *name; /* relative to catalog/data: "index.json", "sets/01.json" */
    const unsigned char *data;
    size_t length;
} bsk_bundled_file;

extern const bsk_bundled_file bsk_bundled_files[];
extern const size_t bsk_bundled_file_count;

#endif
