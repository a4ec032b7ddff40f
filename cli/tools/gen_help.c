/* gen_help.c — prints the man page berserk(1) or the bash completion script from the help table
 * of cli/help.c (issue 10 #11), so both say what `berserk --help` says.
 *   gen_help man VERSION FORMATS_DIR > berserk.1
 *   gen_help bash > berserk.bash */
#include "help.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "man") == 0)
        help_print_man(stdout, argv[2], argv[3]);
    else if (argc == 2 && strcmp(argv[1], "bash") == 0)
        help_print_bash(stdout);
    else {
        fputs("usage: gen_help man VERSION FORMATS_DIR | gen_help bash\n", stderr);
        return 2;
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
