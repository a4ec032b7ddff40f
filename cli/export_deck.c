/* export_deck.c — `berserk export html deck` (issue 14). Not built yet: refused with exit 2. */
#include "export.h"

int cli_export_deck(bsk_cli *cli)
{
    (void)cli;
    cli_errorf("export html deck: not built yet (issue 14)");
    return EXIT_USAGE;
}
