/* export_catalog.c — `berserk export html catalog` (issue 14). Not built yet: refused with exit 2. */
#include "export.h"

int cli_export_catalog(bsk_cli *cli)
{
    (void)cli;
    cli_errorf("export html catalog: not built yet (issue 14)");
    return EXIT_USAGE;
}
