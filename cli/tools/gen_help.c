/* gen_help.c — prints the man page berserk(1) or the bash completion script from the help table
 * of cli/help.c (issue 10 #11), so both say what `berserk --help` says; the completion's class and
 * keyword ids come from the card model (libberserk), as the commands accept them.
 *   gen_help man VERSION FORMATS_DIR > berserk.1
 *   gen_help bash > berserk.bash */
#include "help.h"

#include "berserk/card.h"

#include <stdio.h>
#include <string.h>

/* The ids of a vocabulary (bsk_class_id, bsk_keyword_name), space-separated. */
static void join_ids(const char *(*id)(int), int count, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count && used < size; i++)
        if (id(i))
            used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", id(i));
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "man") == 0)
        help_print_man(stdout, argv[2], argv[3]);
    else if (argc == 2 && strcmp(argv[1], "bash") == 0) {
        static char classes[4096], keywords[4096];
        join_ids(bsk_class_id, BSK_CLASS_COUNT, classes, sizeof classes);
        join_ids(bsk_keyword_name, BSK_KEYWORD_COUNT, keywords, sizeof keywords);
        help_print_bash(stdout, classes, keywords);
    }
    else {
        fputs("usage: gen_help man VERSION FORMATS_DIR | gen_help bash\n", stderr);
        return 2;
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
