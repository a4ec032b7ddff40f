/* test_rng.c — the random number generator pinned (DESIGN §2): known answers for
 * seeding, streams, dice (306) and bounded draws, the xoshiro256** step checked against
 * an independent reference computation, the 2^128 jump and stream splitting, the index
 * shuffles (402.2), the scriptable dice of a match, and BSK_ASSERT live in this build.
 * The expected values come from a separate Python transcription of the reference C
 * (splitmix64.c, xoshiro256starstar.c); sim results and README figures depend on them. */
#include "berserk/assert.h"
#include "berserk/rng.h"
#include "suites.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- Known answers --------------------------------------------------------------- */

/* The reference step written out again, apart from lib/src/common/rng.c. */
static uint64_t reference_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t reference_next(uint64_t s[4])
{
    const uint64_t result = reference_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = reference_rotl(s[3], 45);
    return result;
}

/* From the state {1, 2, 3, 4}: the reference vector other xoshiro256** ports test with
 * (e.g. rand_xoshiro), recomputed by reference_next and by the library. */
START_TEST(test_xoshiro256starstar_reference_vector)
{
    static const uint64_t expected[10] = {
        11520u, 0u, 1509978240u, 1215971899390074240u, 1216172134540287360u, 607988272756665600u,
        16172922978634559625u, 8476171486693032832u, 10595114339597558777u, 2904607092377533576u,
    };
    bsk_rng rng = {{1, 2, 3, 4}};
    uint64_t reference[4] = {1, 2, 3, 4};
    for (int i = 0; i < 10; i++) {
        ck_assert_uint_eq(reference_next(reference), expected[i]);
        ck_assert_uint_eq(bsk_rng_next(&rng), expected[i]);
    }
    ck_assert_mem_eq(rng.state, reference, sizeof reference);
}
END_TEST

/* Any state: a million steps of the library and of the reference agree. */
START_TEST(test_xoshiro256starstar_matches_reference_from_seeded_states)
{
    for (uint64_t seed = 0; seed < 4; seed++) {
        bsk_rng rng;
        bsk_rng_seed(&rng, seed * 0x9E3779B97F4A7C15ull);
        uint64_t reference[4];
        memcpy(reference, rng.state, sizeof reference);
        for (int i = 0; i < 250000; i++)
            ck_assert_uint_eq(bsk_rng_next(&rng), reference_next(reference));
    }
}
END_TEST

/* Seeding is four splitmix64 outputs; splitmix64(0)'s first is 0xE220A8397B1DCDAF. */
START_TEST(test_seeds_pinned)
{
    static const struct {
        uint64_t seed;
        uint64_t state[4];
        uint64_t outputs[4];
    } cases[] = {
        {0,
         {0xe220a8397b1dcdafull, 0x6e789e6aa1b965f4ull, 0x06c45d188009454full, 0xf88bb8a8724c81ecull},
         {0x99ec5f36cb75f2b4ull, 0xbf6e1f784956452aull, 0x1a5f849d4933e6e0ull, 0x6aa594f1262d2d2cull}},
        {1,
         {0x910a2dec89025cc1ull, 0xbeeb8da1658eec67ull, 0xf893a2eefb32555eull, 0x71c18690ee42c90bull},
         {0xb3f2af6d0fc710c5ull, 0x853b559647364ceaull, 0x92f89756082a4514ull, 0x642e1c7bc266a3a7ull}},
        {42,
         {0xbdd732262feb6e95ull, 0x28efe333b266f103ull, 0x47526757130f9f52ull, 0x581ce1ff0e4ae394ull},
         {0x15780b2e0c2ec716ull, 0x6104d9866d113a7eull, 0xae17533239e499a1ull, 0xecb8ad4703b360a1ull}},
        {INT64_MAX,
         {0x2a67d7552e039ea7ull, 0xf20c01408082f947ull, 0xec159351af424190ull, 0x2020319894995bfbull},
         {0x0e1c2b4b82e8c0c5ull, 0x19167a27a6e0d81bull, 0x7b5f1a55d35896bdull, 0x0d19f02bf9005c90ull}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bsk_rng rng;
        bsk_rng_seed(&rng, cases[c].seed);
        ck_assert_mem_eq(rng.state, cases[c].state, sizeof rng.state);
        for (int i = 0; i < 4; i++)
            ck_assert_uint_eq(bsk_rng_next(&rng), cases[c].outputs[i]);
    }
}
END_TEST

START_TEST(test_streams_pinned)
{
    static const struct {
        uint64_t stream;
        uint64_t outputs[2];
    } cases[] = {
        {0, {0x1436caebc9298072ull, 0x4ec49482630918b7ull}},
        {1, {0x65e819d340681e38ull, 0x07a72a9bc7a31fb3ull}},
        {7, {0x5cd9d33fe72f4b74ull, 0xf875803b5f90ecb9ull}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bsk_rng rng;
        bsk_rng_stream(&rng, 2026, cases[c].stream);
        for (int i = 0; i < 2; i++)
            ck_assert_uint_eq(bsk_rng_next(&rng), cases[c].outputs[i]);
    }
}
END_TEST

START_TEST(test_306_die_sequence_pinned)
{
    static const int expected[24] = {1, 3, 5, 6, 6, 5, 5, 6, 5, 4, 5, 2, 5, 2, 5, 6, 4, 6, 5, 5, 1, 2, 3, 4};
    bsk_rng rng;
    bsk_rng_seed(&rng, 42);
    for (int i = 0; i < 24; i++)
        ck_assert_int_eq(bsk_rng_die(&rng), expected[i]);
}
END_TEST

START_TEST(test_below_sequences_pinned)
{
    static const uint32_t tens[12] = {7, 2, 8, 9, 9, 8, 0, 1, 4, 1, 5, 7};
    /* 2^31 + 1 rejects almost half the draws: the retry path is pinned too */
    static const uint32_t large[6] = {2127856246u, 224274149u, 1162578065u, 1571653532u, 2016413269u, 1891612607u};
    bsk_rng rng;
    bsk_rng_seed(&rng, 7);
    for (int i = 0; i < 12; i++)
        ck_assert_uint_eq(bsk_rng_below(&rng, 10), tens[i]);
    bsk_rng_seed(&rng, 7);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(bsk_rng_below(&rng, 0x80000001u), large[i]);
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_eq(bsk_rng_below(&rng, 1), 0);
}
END_TEST

/* ---- Jump and split -------------------------------------------------------------- */

START_TEST(test_jump_pinned)
{
    bsk_rng rng = {{1, 2, 3, 4}};
    static const uint64_t from_hand[4] = {0x8c7a153956b5f3d1ull, 0x701f1a713401d85eull, 0x6527f66a65469085ull,
                                          0x8386b786c4408050ull};
    bsk_rng_jump(&rng);
    ck_assert_mem_eq(rng.state, from_hand, sizeof from_hand);
    static const uint64_t from_seed_1[4] = {0x53d630076a137dedull, 0xed07f666882edfc6ull, 0x963ec9617b0bdbd3ull,
                                            0x84b96906e4b2569aull};
    bsk_rng_seed(&rng, 1);
    bsk_rng_jump(&rng);
    ck_assert_mem_eq(rng.state, from_seed_1, sizeof from_seed_1);
    ck_assert_uint_eq(bsk_rng_next(&rng), 0x332802f81eaae9d0ull);
    ck_assert_uint_eq(bsk_rng_next(&rng), 0x02d18d7749b84f96ull);
}
END_TEST

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Two children and the parent after them: 30 000 outputs, all distinct (a repeat would
 * mean overlapping streams; 64-bit outputs collide by chance with odds ~2^-35). */
START_TEST(test_split_streams_do_not_overlap)
{
    enum { OUTPUTS = 10000, STREAMS = 3 };
    bsk_rng parent, child[2];
    bsk_rng_seed(&parent, 2026);
    bsk_rng before = parent;
    bsk_rng_split(&parent, &child[0]);
    ck_assert_mem_eq(child[0].state, before.state, sizeof before.state); /* the child takes the live state */
    bsk_rng_split(&parent, &child[1]);
    ck_assert(memcmp(&child[0], &child[1], sizeof child[0]) != 0);
    bsk_rng *streams[STREAMS] = {&parent, &child[0], &child[1]};
    uint64_t *all = malloc(sizeof *all * OUTPUTS * STREAMS);
    ck_assert_ptr_nonnull(all);
    for (int s = 0; s < STREAMS; s++)
        for (int i = 0; i < OUTPUTS; i++)
            all[s * OUTPUTS + i] = bsk_rng_next(streams[s]);
    qsort(all, OUTPUTS * STREAMS, sizeof *all, compare_u64);
    for (int i = 1; i < OUTPUTS * STREAMS; i++)
        ck_assert_uint_ne(all[i], all[i - 1]);
    free(all);
}
END_TEST

START_TEST(test_split_is_deterministic)
{
    bsk_rng a, b, child_a, child_b;
    bsk_rng_seed(&a, 99);
    bsk_rng_seed(&b, 99);
    for (int k = 0; k < 3; k++) {
        bsk_rng_split(&a, &child_a);
        bsk_rng_split(&b, &child_b);
        ck_assert_mem_eq(&a, &b, sizeof a);
        ck_assert_mem_eq(&child_a, &child_b, sizeof child_a);
    }
    /* the second child is the block the first split's parent jumped to */
    bsk_rng parent, first, second;
    bsk_rng_seed(&parent, 5);
    bsk_rng jumped = parent;
    bsk_rng_jump(&jumped);
    bsk_rng_split(&parent, &first);
    bsk_rng_split(&parent, &second);
    ck_assert_mem_eq(&second, &jumped, sizeof jumped);
}
END_TEST

/* ---- Shuffles (402.2) ------------------------------------------------------------ */

START_TEST(test_402_2_index_shuffles_match_the_pointer_shuffle)
{
    enum { DECK = 40 };
    static const uint8_t expected[DECK] = {13, 21, 20, 37, 0,  38, 15, 10, 31, 6,  2,  35, 23, 17,
                                           26, 14, 3,  25, 39, 1,  8,  16, 4,  5,  18, 12, 19, 24,
                                           9,  36, 7,  32, 34, 28, 27, 29, 33, 30, 11, 22};
    int cards[DECK];
    const void *pointers[DECK];
    uint8_t small[DECK];
    uint16_t wide[DECK];
    for (int i = 0; i < DECK; i++) {
        cards[i] = i;
        pointers[i] = &cards[i];
        small[i] = (uint8_t)i;
        wide[i] = (uint16_t)i;
    }
    bsk_rng a, b, c;
    bsk_rng_seed(&a, 2026);
    b = c = a;
    bsk_rng_shuffle(&a, pointers, DECK);
    bsk_rng_shuffle_u8(&b, small, DECK);
    bsk_rng_shuffle_u16(&c, wide, DECK);
    for (int i = 0; i < DECK; i++) {
        ck_assert_int_eq(*(const int *)pointers[i], expected[i]);
        ck_assert_uint_eq(small[i], expected[i]);
        ck_assert_uint_eq(wide[i], expected[i]);
    }
    ck_assert_mem_eq(&a, &b, sizeof a); /* the same number of draws */
    ck_assert_mem_eq(&a, &c, sizeof a);
    /* nothing to shuffle: no draw */
    bsk_rng_shuffle_u8(&b, small, 1);
    bsk_rng_shuffle_u16(&c, wide, 0);
    ck_assert_mem_eq(&a, &b, sizeof a);
    ck_assert_mem_eq(&a, &c, sizeof a);
}
END_TEST

/* ---- Dice (306) ------------------------------------------------------------------ */

START_TEST(test_306_dice_unscripted_roll_the_rng_die)
{
    bsk_dice dice;
    bsk_rng rng;
    bsk_dice_init(&dice, 42);
    bsk_rng_seed(&rng, 42);
    ck_assert_uint_eq(bsk_dice_left(&dice), SIZE_MAX);
    for (int i = 0; i < 1000; i++) {
        int roll = bsk_dice_roll(&dice);
        ck_assert_int_eq(roll, bsk_rng_die(&rng));
        ck_assert(roll >= 1 && roll <= 6);
    }
    ck_assert(!bsk_dice_exhausted(&dice));
    ck_assert_uint_eq(bsk_dice_left(&dice), SIZE_MAX);
}
END_TEST

START_TEST(test_306_dice_script_in_order_then_exhausted)
{
    static const uint8_t rolls[3] = {6, 1, 4};
    bsk_dice dice;
    bsk_dice_init(&dice, 7);
    bsk_rng untouched = dice.rng;
    ck_assert(bsk_dice_script(&dice, rolls, 3));
    ck_assert_uint_eq(bsk_dice_left(&dice), 3);
    ck_assert_int_eq(bsk_dice_roll(&dice), 6);
    ck_assert_int_eq(bsk_dice_roll(&dice), 1);
    ck_assert_uint_eq(bsk_dice_left(&dice), 1);
    ck_assert_int_eq(bsk_dice_roll(&dice), 4);
    ck_assert_uint_eq(bsk_dice_left(&dice), 0);
    ck_assert(!bsk_dice_exhausted(&dice));
    /* "dice ran out": 0, flagged, and still no random roll */
    ck_assert_int_eq(bsk_dice_roll(&dice), 0);
    ck_assert(bsk_dice_exhausted(&dice));
    ck_assert_int_eq(bsk_dice_roll(&dice), 0);
    ck_assert_mem_eq(&dice.rng, &untouched, sizeof untouched);
    /* a new script replaces the old and clears the flag */
    ck_assert(bsk_dice_script(&dice, rolls + 2, 1));
    ck_assert(!bsk_dice_exhausted(&dice));
    ck_assert_int_eq(bsk_dice_roll(&dice), 4);
    /* an empty script: the first roll already runs out */
    ck_assert(bsk_dice_script(&dice, NULL, 0));
    ck_assert_uint_eq(bsk_dice_left(&dice), 0);
    ck_assert_int_eq(bsk_dice_roll(&dice), 0);
    ck_assert(bsk_dice_exhausted(&dice));
}
END_TEST

START_TEST(test_306_dice_script_refuses_bad_values_and_length)
{
    static const uint8_t zero[2] = {3, 0}, seven[1] = {7};
    uint8_t long_script[BSK_DICE_SCRIPT_MAX + 1];
    memset(long_script, 2, sizeof long_script);
    bsk_dice dice, before;
    bsk_dice_init(&dice, 1);
    before = dice;
    ck_assert(!bsk_dice_script(&dice, zero, 2));
    ck_assert(!bsk_dice_script(&dice, seven, 1));
    ck_assert(!bsk_dice_script(&dice, long_script, sizeof long_script));
    ck_assert_mem_eq(&dice, &before, sizeof dice);
    ck_assert(bsk_dice_script(&dice, long_script, BSK_DICE_SCRIPT_MAX));
    ck_assert_uint_eq(bsk_dice_left(&dice), BSK_DICE_SCRIPT_MAX);
    for (int i = 0; i < BSK_DICE_SCRIPT_MAX; i++)
        ck_assert_int_eq(bsk_dice_roll(&dice), 2);
    ck_assert_int_eq(bsk_dice_roll(&dice), 0);
}
END_TEST

/* Plain data: a memcpy of the dice (as of a game state) rolls the same from there on. */
START_TEST(test_306_dice_copy_rolls_the_same)
{
    static const uint8_t rolls[4] = {2, 5, 5, 3};
    bsk_dice dice, copy;
    bsk_dice_init(&dice, 11);
    bsk_dice_roll(&dice);
    memcpy(&copy, &dice, sizeof dice);
    for (int i = 0; i < 50; i++)
        ck_assert_int_eq(bsk_dice_roll(&copy), bsk_dice_roll(&dice));
    ck_assert(bsk_dice_script(&dice, rolls, 4));
    bsk_dice_roll(&dice);
    memcpy(&copy, &dice, sizeof dice);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(bsk_dice_roll(&copy), bsk_dice_roll(&dice));
    ck_assert(bsk_dice_exhausted(&copy) && bsk_dice_exhausted(&dice));
    ck_assert_uint_le(sizeof(bsk_dice), 104);
}
END_TEST

/* ---- BSK_ASSERT ------------------------------------------------------------------ */

START_TEST(test_assertions_are_live_in_the_test_build)
{
#ifdef BSK_CHECKS
    bool live = true;
#else
    bool live = false;
#endif
    ck_assert_msg(live, "the test build must define BSK_CHECKS (Makefile CHECKS)");
    int evaluated = 0;
    BSK_ASSERT(++evaluated == 1);
    ck_assert_int_eq(evaluated, 1);
}
END_TEST

/* Runs `trip` in a child with stderr into a pipe; returns how it ended and its stderr. */
static int run_child(void (*trip)(void), char *err, size_t size)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 2);
        trip();
        _exit(0);
    }
    close(fds[1]);
    size_t used = 0;
    ssize_t got;
    while (used + 1 < size && (got = read(fds[0], err + used, size - 1 - used)) > 0)
        used += (size_t)got;
    err[used] = '\0';
    close(fds[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    return status;
}

static void trip_here(void)
{
    int cell = 99;
    BSK_ASSERT(cell < 30);
}

/* An invariant broken inside the library: a scripted die read past its script. */
static void trip_in_lib(void)
{
    bsk_dice dice;
    bsk_dice_init(&dice, 1);
    bsk_dice_script(&dice, NULL, 0);
    dice.script_pos = 5;
    bsk_dice_roll(&dice);
}

START_TEST(test_assertion_failure_aborts_with_file_line_and_expression)
{
    char err[512];
    int status = run_child(trip_here, err, sizeof err);
    ck_assert(WIFSIGNALED(status));
    ck_assert_int_eq(WTERMSIG(status), SIGABRT);
    ck_assert_msg(strstr(err, "test_rng.c:") && strstr(err, "cell < 30") && strstr(err, "trip_here"), "%s", err);
    status = run_child(trip_in_lib, err, sizeof err);
    ck_assert(WIFSIGNALED(status));
    ck_assert_int_eq(WTERMSIG(status), SIGABRT);
    ck_assert_msg(strstr(err, "dice.c:") && strstr(err, "script_pos <= dice->script_len"), "%s", err);
}
END_TEST

Suite *rng_suite(void)
{
    Suite *suite = suite_create("rng");
    TCase *tc = tcase_create("rng");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_xoshiro256starstar_reference_vector);
    tcase_add_test(tc, test_xoshiro256starstar_matches_reference_from_seeded_states);
    tcase_add_test(tc, test_seeds_pinned);
    tcase_add_test(tc, test_streams_pinned);
    tcase_add_test(tc, test_306_die_sequence_pinned);
    tcase_add_test(tc, test_below_sequences_pinned);
    tcase_add_test(tc, test_jump_pinned);
    tcase_add_test(tc, test_split_streams_do_not_overlap);
    tcase_add_test(tc, test_split_is_deterministic);
    tcase_add_test(tc, test_402_2_index_shuffles_match_the_pointer_shuffle);
    tcase_add_test(tc, test_306_dice_unscripted_roll_the_rng_die);
    tcase_add_test(tc, test_306_dice_script_in_order_then_exhausted);
    tcase_add_test(tc, test_306_dice_script_refuses_bad_values_and_length);
    tcase_add_test(tc, test_306_dice_copy_rolls_the_same);
    tcase_add_test(tc, test_assertions_are_live_in_the_test_build);
    tcase_add_test(tc, test_assertion_failure_aborts_with_file_line_and_expression);
    suite_add_tcase(suite, tc);
    return suite;
}
