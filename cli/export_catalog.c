/* export_catalog.c — `berserk export html catalog -o DIR` (DESIGN §3, §6; issue 14): the catalogue
 * as `catalog export DIR` writes it (index.json, sets/ID.json: the same writer, bsk_catalog_export),
 * and beside it index.html, the searchable site (web-export/catalog_site.c). One directory to
 * publish: people browse it, `catalog sync URL/index.json` pulls it. */
#include "catalog_site.h"
#include "export.h"

#include <stdlib.h>

int cli_export_catalog(bsk_cli *cli)
{
    const char *dir = NULL;
    const cli_option options[] = {{"-o", true, &dir, NULL}};
    const char *operands[1];
    size_t operand_count;
    int code = cli_parse(cli, 3, options, sizeof options / sizeof options[0], operands, &operand_count, 0);
    if (code || (code = export_directory("catalog", dir)) || (code = cli_load_catalog(cli)))
        return code;
    bsk_error error;
    bsk_error_clear(&error);
    /* the data first: the page links the set files by the urls the export gives them */
    if (bsk_catalog_export(&cli->catalog, dir, &error)) {
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    cli_text page;
    if (!cli_text_open(&page, "index.html"))
        return EXIT_FAILURE_IO;
    if (bsk_catalog_site_page(page.out, &cli->catalog, &error)) {
        fclose(page.out);
        free(page.data);
        cli_print_error(&error);
        return EXIT_FAILURE_IO;
    }
    if ((code = export_write(dir, "index.html", &page)))
        return code;
    const bsk_catalog *catalog = &cli->catalog;
    if (cli->json)
        cli_print_json(json_pack("{s:s,s:s,s:s,s:i,s:i,s:i}", "dir", dir, "page", "index.html", "index", "index.json",
                                 "revision", catalog->revision, "sets", (int)catalog->set_count, "cards",
                                 (int)catalog->pool.count));
    else if (!cli->quiet)
        printf("wrote %s/index.html (the searchable site) and, beside it, the catalogue for catalog sync "
               "(index.json, %zu set file%s): %zu card%s\n",
               dir, catalog->set_count, catalog->set_count == 1 ? "" : "s", catalog->pool.count,
               catalog->pool.count == 1 ? "" : "s");
    return EXIT_OK;
}
