/* test_figures.c — figures the README states that the code can check (issue 20 §2): the state's size
 * as sizeof says. `make bench` prints the same figure ("match_bytes") beside the measured ones. */
#include "suites.h"

#include "berserk/match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_readme(void)
{
    FILE *f = fopen(BSK_SOURCE_DIR "/README.md", "rb");
    ck_assert_msg(f != NULL, "cannot open %s/README.md", BSK_SOURCE_DIR);
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

/* The number before " bytes)" in the README's sentence "A game is one flat value of about … (N bytes)",
 * commas dropped; -1 when the sentence is not there. */
static long readme_match_bytes(const char *text)
{
    const char *sentence = strstr(text, "A game is");
    if (sentence == NULL)
        return -1;
    const char *end = strstr(sentence, " bytes)");
    if (end == NULL || end - sentence > 200)
        return -1;
    const char *start = end;
    while (start > sentence && (start[-1] == ',' || (start[-1] >= '0' && start[-1] <= '9')))
        start--;
    long value = 0;
    for (const char *p = start; p < end; p++)
        if (*p != ',')
            value = value * 10 + (*p - '0');
    return start < end ? value : -1;
}

START_TEST(test_readme_states_sizeof_bsk_match)
{
    long stated = readme_match_bytes(read_readme());
    ck_assert_msg(stated > 0, "README.md: no \"A game is … (N bytes)\" sentence (the match engine section)");
    ck_assert_msg(stated == (long)sizeof(bsk_match),
                  "README.md: the match engine section says a game is %ld bytes; sizeof(bsk_match) is %zu: "
                  "write %zu there (and its KB)",
                  stated, sizeof(bsk_match), sizeof(bsk_match));
}
END_TEST

START_TEST(test_readme_bytes_reader)
{
    ck_assert_int_eq(readme_match_bytes("A game is\none flat value of about 1.9 KB (1,976 bytes) — x"), 1976);
    ck_assert_int_eq(readme_match_bytes("A game is small (512 bytes)"), 512);
    ck_assert_int_eq(readme_match_bytes("no such sentence (512 bytes)"), -1);
    ck_assert_int_eq(readme_match_bytes("A game is (bytes) nothing"), -1);
}
END_TEST

Suite *figures_suite(void)
{
    Suite *suite = suite_create("figures");
    TCase *tc = tcase_create("readme");
    tcase_add_test(tc, test_readme_bytes_reader);
    tcase_add_test(tc, test_readme_states_sizeof_bsk_match);
    suite_add_tcase(suite, tc);
    return suite;
}
