/* deck_files.h — the decklist files of a command line, as `deck check` and `export html deck` take
 * them: directories expanded to their decklists, the NAME.pool.* beside a deck, paths made safe
 * for a terminal, and today's date. */
#ifndef BERSERK_CLI_DECK_FILES_H
#define BERSERK_CLI_DECK_FILES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_path_list {
    char **items;
    size_t count;
    size_t capacity;
} cli_path_list;

/* Appends a copy of path; false when out of memory. */
bool cli_path_list_push(cli_path_list *list, const char *path);
void cli_path_list_free(cli_path_list *list);

bool cli_is_directory(const char *path);

/* A directory contributes its regular *.txt, *.brsd and *.json files (not NAME.pool.*, not hidden),
 * not recursively, sorted. Returns how many, or -1 when it cannot be read. */
long cli_decklist_directory(const char *dir, cli_path_list *list);

/* NAME.pool.{txt,brsd,json} beside NAME.EXT into out; false when there is none. */
bool cli_sibling_pool(const char *deck_path, char *out, size_t out_size);

/* Text bound for a terminal: every control character (C0 but tab, DEL, C1) becomes '?', in place,
 * so a file name cannot send escape sequences (issue 10 item 1). */
char *cli_terminal_safe(char *text);
/* A terminal-safe copy of text (a path) in out. */
const char *cli_shown(const char *text, char *out, size_t out_size);

/* YYYY-MM-DD in UTC. */
void cli_today_utc(char *out, size_t out_size);

#endif
