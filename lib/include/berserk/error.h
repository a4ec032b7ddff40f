/* error.h — status codes and the error record every fallible libberserk call fills.
 * A bsk_error names what failed, the rule or contract involved, and where (file, line,
 * column, JSON path). bsk_diagnostics collects many of them for checks that report
 * every problem rather than the first. The library never prints and never exits. */
#ifndef BERSERK_ERROR_H
#define BERSERK_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int bsk_status;

enum {
    BSK_OK = 0,
    BSK_ERR_INVALID = 1,  /* malformed or schema-violating input */
    BSK_ERR_LIMIT = 2,    /* an explicit size or count cap was exceeded */
    BSK_ERR_NOT_FOUND = 3,
    BSK_ERR_NOMEM = 4,
    BSK_ERR_IO = 5,       /* a file could not be read or written */
    BSK_ERR_STORAGE = 6,  /* the catalogue store failed */
    BSK_ERR_NETWORK = 7
};

#define BSK_ERROR_RULE_MAX 48
#define BSK_ERROR_FILE_MAX 256
#define BSK_ERROR_PATH_MAX 128
#define BSK_ERROR_MESSAGE_MAX 512

typedef struct bsk_error {
    bsk_status code;
    char rule[BSK_ERROR_RULE_MAX];    /* rule number or contract id, "" when none */
    char file[BSK_ERROR_FILE_MAX];    /* input file, "" when none */
    int line;                         /* 1-based, 0 when not applicable */
    int column;                       /* 1-based, 0 when not applicable */
    char path[BSK_ERROR_PATH_MAX];    /* JSON path such as cards[36].life, "" when none */
    char message[BSK_ERROR_MESSAGE_MAX];
} bsk_error;

/* Resets every field; safe on a NULL pointer. */
void bsk_error_clear(bsk_error *error);

/* Sets code, rule and a printf-style message, keeping file/line/path as they are.
 * Returns code so callers can write `return bsk_error_set(...)`. NULL error is allowed. */
bsk_status bsk_error_set(bsk_error *error, bsk_status code, const char *rule, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

void bsk_error_set_file(bsk_error *error, const char *file);

/* Clears the error, then sets code, rule, file, JSON path and a message: the one call a
 * validator makes per problem ("sets/01.json: cards[36].life: expected integer or null"). */
bsk_status bsk_error_vset_at(bsk_error *error, bsk_status code, const char *rule, const char *file, const char *path,
                             const char *format, va_list args);
/* Clears the error, then sets a syntax error at file:line:column. Returns code. */
bsk_status bsk_error_set_position(bsk_error *error, bsk_status code, const char *rule, const char *file, int line,
                                  int column, const char *message);

/* Formats "file:line:column: path: message" with the parts that are set. */
void bsk_error_format(const bsk_error *error, char *out, size_t out_size);

/* A caller-owned list of errors for checks that report every problem. */
typedef struct bsk_diagnostics {
    bsk_error *items;
    size_t count;
    size_t capacity;
    size_t dropped; /* errors not stored because the list was full */
} bsk_diagnostics;

void bsk_diagnostics_init(bsk_diagnostics *diagnostics, bsk_error *storage, size_t capacity);
/* Appends a copy; counts it in `dropped` when the list is full. */
void bsk_diagnostics_add(bsk_diagnostics *diagnostics, const bsk_error *error);

#ifdef __cplusplus
}
#endif

#endif
