/* help.h — the one description of the `berserk` command line (issue 10 #11): per command its
 * words, synopsis, description, options (name, value form, what it does with its limit and
 * default) and examples. `berserk --help`, `berserk CMD --help`, the man page berserk(1) and the
 * bash completion are all printed from it. Depends on nothing but stdio (the generator links it). */
#ifndef BERSERK_CLI_HELP_H
#define BERSERK_CLI_HELP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define HELP_MAX_OPTIONS 16
#define HELP_MAX_EXAMPLES 4

typedef struct help_option {
    const char *names;   /* "--threads", or "-o, --output" for a short and a long name */
    const char *value;   /* the value's form ("T", "NAME|PATH"), or NULL for a flag */
    const char *text;    /* what it does, its limit and default */
    const char *choices; /* the words a shell completes for the value (space-separated), or NULL */
    bool path;           /* the shell completes file names for the value */
} help_option;

typedef struct help_command {
    const char *group;    /* "deck" */
    const char *name;     /* "check" */
    const char *synopsis; /* what follows the words: "FILE|DIR... [OPTIONS]" */
    const char *summary;  /* one line for the list of commands */
    const char *text;     /* a paragraph */
    const char *globals;  /* the global options that matter here, as shown ("--date YYYY-MM-DD, --json") */
    bool path_operands;   /* the shell completes file names for the operands */
    help_option options[HELP_MAX_OPTIONS];    /* up to the first with names == NULL */
    const char *examples[HELP_MAX_EXAMPLES]; /* command lines, up to the first NULL */
} help_command;

extern const help_command help_commands[];
extern const size_t help_command_count;
/* The global options of DESIGN §4 (anywhere on the line), up to the first with names == NULL. */
extern const help_option help_globals[];

/* The command GROUP NAME, or NULL. */
const help_command *help_find(const char *group, const char *name);
/* Whether the command lists OPTION ("--threads", "-o") among its own options. */
bool help_has_option(const help_command *command, const char *option);

/* Answers `berserk [WORDS...] --help`: words are the command words given (0, 1 or 2 used).
 * Prints the overview, a group's commands or one command's help to stdout and returns 0; an
 * unknown command is a message on stderr and 2 (the usage exit code of DESIGN §4). */
int help_show(int word_count, char *const *words);
/* The overview (`berserk --help`). */
void help_print_overview(FILE *out);

/* berserk(1) in roff (man(7) macros); formats_dir is named under FILES. */
void help_print_man(FILE *out, const char *version, const char *formats_dir);
/* Choices of the card model rather than of the table (the ids of bsk_class_id and
 * bsk_keyword_name): the generator passes them to help_print_bash, which puts them where an
 * option's choices are one of these markers. */
#define HELP_CHOICES_CLASSES "{classes}"
#define HELP_CHOICES_KEYWORDS "{keywords}"

/* A bash completion script defining _berserk and registering it for `berserk`; classes and
 * keywords are the space-separated ids that replace the markers above. */
void help_print_bash(FILE *out, const char *classes, const char *keywords);

#endif
