/* test_life.c — incarnation (536.7), dash (glossary «Рывок») and the werewolf's form (an extension:
 * reminder text 06-060), issue 21 §2: what a position file cannot set up (a dash already used this
 * turn, a unit untapped by text no card encodes yet, the agents answering a question) and the
 * state's side of it (tokens in the hash, 536.7.4). The rules' cases are positions
 * (tests/positions/536.7*, glossary-dash-*, ext-werewolf-*). */
#include "engine_fixture.h"
#include "suites.h"
#include "berserk/agent.h"
#include "berserk/board.h"

#include <check.h>
#include <stdio.h>

static bsk_card dasher(void)
{
    bsk_card c = make_card("l-dasher", "l-dasher", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 10, 1, 1, 2, 3);
    add_keyword(&c, BSK_KEYWORD_DASH, -1);
    return c;
}

static bsk_card sturdy(void)
{
    return make_card("l-sturdy", "l-sturdy", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 20, 1, 1, 1, 1);
}

/* The cells the dash's `choose` question offers (glossary «Рывок» through Q_CHOOSE), 0 when none is
 * asked. */
static uint32_t dash_cells(const bsk_match *m, const bsk_card_table *table)
{
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(m, table, legal, BSK_MATCH_LEGAL_MAX);
    uint32_t cells = 0;
    const bsk_choice *c = bsk_match_choice(m);
    for (int i = 0; c && c->what == BSK_CHOOSE_CELL && i < n && i < BSK_MATCH_LEGAL_MAX; i++)
        if (legal[i].kind == BSK_ACT_CHOOSE)
            cells |= 1u << legal[i].index;
    return cells;
}

/* Glossary «Рывок» (digest 04 §7 #44): the free cells beside it, not diagonally; once per your turn:
 * attacking again in the same turn (untapped in between) offers no dash; 409.2 gives it back. */
START_TEST(test_dash_once_per_turn)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    bsk_card d = dasher(), t = sturdy();
    put(&pos, &d, 1, "c3");
    put(&pos, &t, 2, "c4")->tapped = true;
    put(&pos, &t, 2, "b4")->tapped = true;
    put(&pos, &t, 1, "e1");
    bsk_card_table_init(&table);
    int dice[2] = {3, 3};
    start(&m, &table, &pos, 1, dice, 2);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert(offered(&m, &table, BSK_ACT_USE, FIXTURE_ANY, FIXTURE_ANY)); /* may: use, then the cell */
    ck_assert(!offered(&m, &table, BSK_ACT_MOVE, FIXTURE_ANY, FIXTURE_ANY));
    act(&m, &table, BSK_ACT_USE, 1, -1, -1, -1, 1);
    ck_assert_int_eq(dash_cells(&m, &table), (1u << cell("b3")) | (1u << cell("d3")) | (1u << cell("c2")));
    act(&m, &table, BSK_ACT_CHOOSE, 1, -1, -1, -1, cell("b3"));
    ck_assert_int_eq(m.units[0].cell, cell("b3"));
    ck_assert_int_eq(m.units[1].wounds, 1); /* the attack landed (one die, 3: the weak strike) */
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
    m.units[0].flags &= (uint8_t)~BSK_UNIT_TAPPED; /* untapped by a card's text (op untap: markers go) */
    m.units[0].actions = 0;
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 2, -1, -1);
    ck_assert_int_eq(m.units[2].wounds, 1);
    ck_assert(bsk_match_choice(&m) == NULL); /* no second dash: back in the Choice subphase */
    ck_assert(offered(&m, &table, BSK_ACT_END_TURN, FIXTURE_ANY, FIXTURE_ANY));
    ck_assert(m.units[0].flags2 & BSK_UNIT_DASHED);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    ck_assert(!(m.units[0].flags2 & BSK_UNIT_DASHED)); /* 409.2: "once per turn" markers go */
}
END_TEST

/* Glossary «Рывок»: with no free cell beside it (a corner, both neighbours taken) nothing is asked. */
START_TEST(test_dash_not_asked_without_a_free_cell)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    bsk_card d = dasher(), t = sturdy();
    put(&pos, &d, 1, "a1");
    put(&pos, &t, 2, "a2")->tapped = true;
    put(&pos, &t, 1, "b1");
    put(&pos, &t, 2, "e6");
    bsk_card_table_init(&table);
    int die = 3;
    start(&m, &table, &pos, 1, &die, 1);
    uint64_t before = bsk_match_hash(&m);
    act(&m, &table, BSK_ACT_ATTACK, 1, 0, 1, -1, -1);
    ck_assert_uint_ne(bsk_match_hash(&m), before);
    ck_assert(offered(&m, &table, BSK_ACT_END_TURN, FIXTURE_ANY, FIXTURE_ANY));
    ck_assert_int_eq(m.units[0].cell, cell("a1"));
    ck_assert(!(m.units[0].flags2 & BSK_UNIT_DASHED));
}
END_TEST

/* 536.7.4: "incarnation 2" and "incarnation 4": only 4 is used (03 T77); the tokens are in the hash. */
START_TEST(test_incarnation_largest_x_and_tokens_hashed)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    bsk_card c = make_card("l-undead", "l-undead", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 5, 1, 1, 1, 1);
    add_keyword(&c, BSK_KEYWORD_INCARNATION, 2);
    add_keyword(&c, BSK_KEYWORD_INCARNATION, 4);
    bsk_card t = sturdy();
    bsk_position_card *pc = put(&pos, &c, 1, "a1");
    pc->zone = BSK_ZONE_GRAVEYARD;
    pc->cell = -1;
    pc->incarnation = 2;
    put(&pos, &t, 1, "e1");
    put(&pos, &t, 2, "e6");
    pos.start = BSK_POSITION_START_TURN;
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 1, NULL, 0);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_GRAVEYARD); /* 3 of 4: with X = 2 it would have entered */
    ck_assert_int_eq(m.units[0].incarnation, 3);
    bsk_match other = m;
    other.units[0].incarnation = 2;
    ck_assert_uint_ne(bsk_match_hash(&m), bsk_match_hash(&other));
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    act(&m, &table, BSK_ACT_END_TURN, 2, -1, -1, -1, -1);
    ck_assert_int_eq(m.units[0].zone, BSK_ZONE_BATTLEFIELD); /* the 4th token at turn 3 */
    ck_assert_int_eq(m.units[0].cell, cell("a1"));
    ck_assert_int_eq(m.units[0].incarnation, 0); /* 536.7.1: tokens only in the graveyard */
    ck_assert(m.units[0].flags & BSK_UNIT_TAPPED);
    ck_assert(m.units[0].flags2 & BSK_UNIT_INCARNATED);
}
END_TEST

/* Glossary «Пророчество X; [текст]» (digest 04 §1.2): unit 0 (player 1, c3) has "{tap}: prophecy X;
 * gain a counter" and player 1's deck holds `deck` cards (slots of l-deck-0…); returns the match
 * after the feature resolved. */
static bsk_card DECK[3];

static void prophesy(bsk_match *m, bsk_card_table *table, int x, int deck)
{
    bsk_position pos = {0};
    static bsk_card seer, t;
    seer = make_card("l-seer", "l-seer", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 6, 1, 1, 1, 1);
    t = sturdy();
    put(&pos, &seer, 1, "c3");
    put(&pos, &t, 2, "c6");
    for (int i = 0; i < deck; i++) {
        char id[24];
        snprintf(id, sizeof id, "l-deck-%d", i);
        DECK[i] = make_card(id, id, BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 6, 1, 1, 1, 1);
        bsk_position_card *pc = put(&pos, &DECK[i], 1, "a1");
        pc->zone = BSK_ZONE_DECK; /* listed top first (DESIGN §5) */
        pc->cell = -1;
    }
    bsk_card_table_init(table);
    bsk_feature f = bsk_feature_simple(BSK_FEATURE_ACTIVATED, BSK_EVENT_NONE, BSK_OP_PROPHECY, BSK_TARGET_SELF, x, 1,
                                       0, 0);
    f.effect_count = 2; /* [текст]: the records after it */
    f.effects[1].op = BSK_OP_GAIN_COUNTERS;
    f.effects[1].target = BSK_TARGET_SELF;
    f.effects[1].value.b = 1;
    give(table, &seer, f);
    start(m, table, &pos, 1, NULL, 0);
    bsk_action a = find_legal(m, table, BSK_ACT_FEATURE, 0, FIXTURE_ANY);
    bsk_error error;
    ck_assert_int_eq(bsk_match_apply(m, table, &a, NULL, &error), BSK_OK);
    ck_assert_int_eq(m->units[0].counters, 1); /* [текст] ran */
    ck_assert(m->units[0].flags & BSK_UNIT_TAPPED);
}

/* Prophecy 2 on a deck of 3 (top first 0, 1, 2): the two shown go to the bottom in their order. */
START_TEST(test_prophecy_puts_the_shown_cards_on_the_bottom)
{
    static bsk_card_table table;
    bsk_match m;
    prophesy(&m, &table, 2, 3);
    ck_assert_int_eq(m.sides[0].deck_count, 3);
    const int want[3] = {2, 0, 1};
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(m.sides[0].deck[i], bsk_card_table_find(&table, DECK[want[i]].id));
}
END_TEST

/* Prophecy past the deck's size shows what there is; an empty deck shows nothing, and [текст] runs. */
START_TEST(test_prophecy_larger_than_the_deck)
{
    static bsk_card_table table;
    bsk_match m;
    prophesy(&m, &table, 3, 2);
    ck_assert_int_eq(m.sides[0].deck_count, 2);
    ck_assert_int_eq(m.sides[0].deck[0], bsk_card_table_find(&table, DECK[0].id)); /* all shown, order kept */
    ck_assert_int_eq(m.sides[0].deck[1], bsk_card_table_find(&table, DECK[1].id));
    prophesy(&m, &table, 2, 0);
    ck_assert_int_eq(m.sides[0].deck_count, 0);
}
END_TEST

/* ---- The werewolf's form (extension; reminder text 06-060) ---- */

/* Werewolf forms (extension; reminder text 06-060: "before your turn, gain {wolf} or {human} until
 * the end of the opponent's turn"): asked before its controller's turn only, for the revealed
 * werewolves (533.4), mode 1 wolf or 2 human; each agent answers from the legal list (greedy the
 * first: wolf); the form lasts through the opponent's turn and is asked again after it. */
START_TEST(test_werewolf_form_asked_before_its_turn_agents_answer)
{
    static bsk_card_table table;
    bsk_match m;
    bsk_position pos = {0};
    bsk_card w = make_card("l-werewolf", "l-werewolf", BSK_TYPE_CREATURE, BSK_SUBTYPE_GROUND, 4, false, 10, 1, 1, 2, 3);
    add_keyword(&w, BSK_KEYWORD_WEREWOLF, -1);
    bsk_card t = sturdy();
    put(&pos, &w, 1, "c3");
    put(&pos, &w, 1, "b2")->hidden = true;
    put(&pos, &w, 2, "c5");
    put(&pos, &t, 2, "e6");
    bsk_card_table_init(&table);
    start(&m, &table, &pos, 3, NULL, 0);
    ck_assert_int_eq(bsk_match_form_asked(&m, &table), -1);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    /* turn 4, the Beginning phase: player 2's werewolf, not player 1's */
    ck_assert_int_eq(m.turn, 4);
    ck_assert_int_eq(m.phase, BSK_PHASE_BEGINNING);
    ck_assert_int_eq(bsk_match_form_asked(&m, &table), 2);
    const bsk_choice *c = bsk_match_choice(&m);
    ck_assert(c && c->what == BSK_CHOOSE_MODE && c->player == 2 && c->pending == BSK_CHOICE_FORM);
    bsk_action legal[BSK_MATCH_LEGAL_MAX];
    int n = bsk_match_legal(&m, &table, legal, BSK_MATCH_LEGAL_MAX);
    ck_assert_int_eq(n, 2);
    ck_assert(legal[0].kind == BSK_ACT_MODE && legal[0].index == 1 && legal[1].kind == BSK_ACT_MODE &&
              legal[1].index == 2);
    static const int KINDS[] = {BSK_AGENT_PASSIVE, BSK_AGENT_RANDOM, BSK_AGENT_GREEDY, BSK_AGENT_SEARCH};
    for (size_t k = 0; k < sizeof KINDS / sizeof KINDS[0]; k++) {
        bsk_agent agent;
        bsk_agent_init(&agent, KINDS[k], 2, 7);
        static bsk_match_view view;
        bsk_match_view_make(&m, 2, &view);
        int chosen = bsk_agent_choose(&agent, &view, &table, legal, n);
        ck_assert_int_ge(chosen, 0);
        ck_assert_int_lt(chosen, n);
        if (KINDS[k] == BSK_AGENT_GREEDY || KINDS[k] == BSK_AGENT_PASSIVE)
            ck_assert_int_eq(legal[chosen].index, 1); /* the first option: wolf */
        bsk_match copy = m;
        bsk_match_apply_legal(&copy, &table, &legal[chosen], NULL);
        ck_assert_int_eq(bsk_match_unit_form(&copy, 2), legal[chosen].index == 1 ? BSK_FORM_WOLF : BSK_FORM_HUMAN);
        ck_assert_int_eq(copy.phase, BSK_PHASE_CHOICE);
    }
    ck_assert_int_ne(try_act(&m, &table, BSK_ACT_MODE, 2, -1, -1, -1, 3, NULL), BSK_OK);
    act(&m, &table, BSK_ACT_MODE, 2, -1, -1, -1, 2);
    ck_assert_int_eq(bsk_match_unit_form(&m, 2), BSK_FORM_HUMAN);
    ck_assert_int_eq(m.phase, BSK_PHASE_CHOICE);
    ck_assert(bsk_match_unit_has_keyword(&m, &table, 2, BSK_KEYWORD_WEREWOLF));
    act(&m, &table, BSK_ACT_END_TURN, 2, -1, -1, -1, -1);
    /* turn 5: player 1's revealed werewolf only (b2 is face down); player 2's keeps its form */
    ck_assert_int_eq(bsk_match_form_asked(&m, &table), 0);
    ck_assert_int_eq(bsk_match_unit_form(&m, 2), BSK_FORM_HUMAN);
    act(&m, &table, BSK_ACT_MODE, 1, -1, -1, -1, 1);
    ck_assert_int_eq(m.phase, BSK_PHASE_CHOICE);
    ck_assert_int_eq(bsk_match_unit_form(&m, 0), BSK_FORM_WOLF);
    ck_assert_int_eq(bsk_match_unit_form(&m, 1), BSK_FORM_NONE);
    act(&m, &table, BSK_ACT_END_TURN, 1, -1, -1, -1, -1);
    /* the end of player 1's turn ends player 2's form; asked again before turn 6 */
    ck_assert_int_eq(bsk_match_unit_form(&m, 2), BSK_FORM_NONE);
    ck_assert_int_eq(bsk_match_unit_form(&m, 0), BSK_FORM_WOLF);
    ck_assert_int_eq(bsk_match_form_asked(&m, &table), 2);
}
END_TEST

Suite *life_suite(void)
{
    Suite *s = suite_create("life");
    TCase *dash = tcase_create("dash");
    tcase_add_test(dash, test_dash_once_per_turn);
    tcase_add_test(dash, test_dash_not_asked_without_a_free_cell);
    suite_add_tcase(s, dash);
    TCase *incarnation = tcase_create("incarnation");
    tcase_add_test(incarnation, test_incarnation_largest_x_and_tokens_hashed);
    suite_add_tcase(s, incarnation);
    TCase *prophecy = tcase_create("prophecy");
    tcase_add_test(prophecy, test_prophecy_puts_the_shown_cards_on_the_bottom);
    tcase_add_test(prophecy, test_prophecy_larger_than_the_deck);
    suite_add_tcase(s, prophecy);
    TCase *werewolf = tcase_create("werewolf");
    tcase_add_test(werewolf, test_werewolf_form_asked_before_its_turn_agents_answer);
    suite_add_tcase(s, werewolf);
    return s;
}
