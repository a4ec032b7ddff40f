/* export_sim.c — `berserk export html sim` (issue 14). Not built yet: refused with exit 2. */
#include "export.h"

int cli_export_sim(bsk_cli *cli)
{
    (void)cli;
    cli_errorf("export html sim: not built yet (issue 14)");
    return EXIT_USAGE;
}
