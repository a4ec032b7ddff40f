/* export_squad.c — `berserk export html squad` (issue 14). Not built yet: refused with exit 2. */
#include "export.h"

int cli_export_squad(bsk_cli *cli)
{
    (void)cli;
    cli_errorf("export html squad: not built yet (issue 14)");
    return EXIT_USAGE;
}
