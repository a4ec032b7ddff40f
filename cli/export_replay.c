/* export_replay.c — `berserk export html replay` (issue 14). Not built yet: refused with exit 2. */
#include "export.h"

int cli_export_replay(bsk_cli *cli)
{
    (void)cli;
    cli_errorf("export html replay: not built yet (issue 14)");
    return EXIT_USAGE;
}
