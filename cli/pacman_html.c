/*
 * cli/pacman_html.c: `gamesearch pacman --html`: the replay page of web/
 * with the data gs_pac_page_data_write writes (web/pacman.js says what it
 * holds).
 */
#include "pacman_cli.h"
#include "util.h"
#include "web.h"

typedef struct page {
    const gs_pac_record *rec;
    const gs_pacman *world;
} page;

static bool write_data(FILE *f, void *user)
{
    const page *pg = user;
    return gs_pac_page_data_write(pg->rec, pg->world, cli_file_write, f) ==
           GS_OK;
}

bool pac_html_write(FILE *f, const gs_pac_record *rec, const gs_pacman *world)
{
    page pg = {rec, world};
    return cli_web_write(f, "pacman.html", write_data, &pg);
}
