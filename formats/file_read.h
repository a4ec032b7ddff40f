/* file_read.h — the one way berserk reads a whole input file: regular files only (a FIFO, a
 * device or a directory is refused at once, never waited on), a size cap checked while
 * reading (a file that grows is still cut off), and plain messages ("cannot open: No such
 * file or directory", "is a directory", "not a regular file", "too many levels of symbolic
 * links", "12345678 bytes is over the 1048576-byte cap"). */
#ifndef BERSERK_FILE_READ_H
#define BERSERK_FILE_READ_H

#include "berserk/error.h"

#include <stddef.h>

/* Reads `path` into a malloc'd, NUL-terminated buffer of at most `cap` bytes (the NUL is
 * not counted in *length). Errors name the file and carry `rule` ("decklist.file",
 * "format.file", ...): BSK_ERR_IO when it cannot be opened or read or is not a regular
 * file, BSK_ERR_LIMIT past the cap, BSK_ERR_NOMEM. */
bsk_status bsk_file_read(const char *path, size_t cap, const char *rule, char **data, size_t *length,
                         bsk_error *error);

#endif
