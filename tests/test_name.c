/* test_name.c — name normalisation (DESIGN §2 "Name normalisation") and edit distance. */
#include "berserk/pool.h"
#include "suites.h"

#include <string.h>

static const char *normal(const char *name)
{
    static char out[256];
    bsk_name_normalize(name, out, sizeof out);
    return out;
}

START_TEST(test_case_folding_is_cyrillic_aware)
{
    ck_assert_str_eq(normal("ЦИКЛОП"), "циклоп");
    ck_assert_str_eq(normal("Циклоп"), "циклоп");
    ck_assert_str_eq(normal("ГНОМ-БАСААРГ"), "гном-басаарг");
    ck_assert_str_eq(normal("ЍЎЏЄ"), "ѝўџє"); /* the U+0400 block folds too */
    ck_assert_str_eq(normal("Latin ÀÉ"), "latin àé");
}
END_TEST

START_TEST(test_yo_is_ye)
{
    ck_assert_str_eq(normal("Тёмный эльф"), "темный эльф");
    ck_assert_str_eq(normal("ЁЖ"), "еж");
    ck_assert(bsk_name_equal("Лёккен", "Леккен"));
    ck_assert(bsk_name_equal("Бьёрн", "БЬЕРН"));
}
END_TEST

START_TEST(test_nfc_composes_decomposed_letters)
{
    /* е + U+0308 is ё (then е); и + U+0306 is й */
    ck_assert_str_eq(normal("Те\xcc\x88мный"), "темный");
    ck_assert_str_eq(normal("Чаи\xcc\x86ка"), "чайка");
    ck_assert(bsk_name_equal("Чаи\xcc\x86ка", "Чайка"));
}
END_TEST

START_TEST(test_typographic_apostrophes)
{
    ck_assert(bsk_name_equal("Бул’Багур", "Бул'Багур"));
    ck_assert(bsk_name_equal("Бул‘Багур", "Бул'Багур"));
    ck_assert(bsk_name_equal("Бул`Багур", "Бул'Багур"));
}
END_TEST

START_TEST(test_hyphen_spacing_and_dashes)
{
    ck_assert_str_eq(normal("Гном - басаарг"), "гном-басаарг");
    ck_assert_str_eq(normal("Гном -басаарг"), "гном-басаарг");
    ck_assert_str_eq(normal("Гном– басаарг"), "гном-басаарг"); /* en dash */
    ck_assert_str_eq(normal("Гном\xe2\x80\x91басаарг"), "гном-басаарг"); /* non-breaking hyphen */
}
END_TEST

START_TEST(test_whitespace_collapsed_and_trimmed)
{
    ck_assert_str_eq(normal("  Вольный   пират \t"), "вольный пират");
    ck_assert_str_eq(normal("Вольный\xc2\xa0пират"), "вольный пират"); /* no-break space */
    ck_assert_str_eq(normal("\xef\xbb\xbfЦиклоп"), "циклоп");          /* BOM */
    ck_assert_str_eq(normal(""), "");
    ck_assert_str_eq(normal("   "), "");
}
END_TEST

START_TEST(test_invalid_utf8_becomes_replacement)
{
    ck_assert_str_eq(normal("a\xff" "b"), "a\xef\xbf\xbd" "b");
    ck_assert_str_eq(normal("\xc0\xaf"), "\xef\xbf\xbd\xef\xbf\xbd"); /* overlong '/' */
    ck_assert_str_eq(normal("\xed\xa0\x80"), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"); /* surrogate */
    ck_assert_str_eq(normal("\xd0"), "\xef\xbf\xbd"); /* truncated sequence */
}
END_TEST

START_TEST(test_result_length_like_snprintf)
{
    char small[5];
    size_t needed = bsk_name_normalize("Циклоп", small, sizeof small);
    ck_assert_uint_eq(needed, strlen("циклоп"));
    ck_assert_uint_eq(strlen(small), 4);
    ck_assert_uint_eq(bsk_name_normalize("abc", NULL, 0), 3);
}
END_TEST

START_TEST(test_utf8_width_counts_code_points)
{
    ck_assert_uint_eq(bsk_utf8_width("Циклоп"), 6);
    ck_assert_uint_eq(bsk_utf8_width("abc"), 3);
    ck_assert_uint_eq(bsk_utf8_width("◆"), 1);
}
END_TEST

START_TEST(test_edit_distance_in_code_points)
{
    ck_assert_uint_eq(bsk_name_distance("циклоп", "циклоп"), 0);
    ck_assert_uint_eq(bsk_name_distance("циклоп", "циклон"), 1);
    ck_assert_uint_eq(bsk_name_distance("циклоп", "цклоп"), 1);
    ck_assert_uint_eq(bsk_name_distance("циклоп", ""), 6);
    ck_assert_uint_eq(bsk_name_distance("kitten", "sitting"), 3);
}
END_TEST

Suite *name_suite(void)
{
    Suite *suite = suite_create("name");
    TCase *tc = tcase_create("normalise");
    tcase_add_test(tc, test_case_folding_is_cyrillic_aware);
    tcase_add_test(tc, test_yo_is_ye);
    tcase_add_test(tc, test_nfc_composes_decomposed_letters);
    tcase_add_test(tc, test_typographic_apostrophes);
    tcase_add_test(tc, test_hyphen_spacing_and_dashes);
    tcase_add_test(tc, test_whitespace_collapsed_and_trimmed);
    tcase_add_test(tc, test_invalid_utf8_becomes_replacement);
    tcase_add_test(tc, test_result_length_like_snprintf);
    tcase_add_test(tc, test_utf8_width_counts_code_points);
    tcase_add_test(tc, test_edit_distance_in_code_points);
    suite_add_tcase(suite, tc);
    return suite;
}
