/* action.c — the action-kind table (berserk/action.h): one row per kind of declaration or answer,
 * read by the engine (the rule a refusal names), the position vocabulary (position_run.c), the
 * readers and writers of records (formats/) and the `play` commands (cli/). A new kind is a row
 * here plus its engine behaviour. */
#include "berserk/action.h"

#include <stddef.h>

#define SLOT(key, field, form) {key, BSK_FIELD_##field, BSK_FORM_##form, false, 0, 0}
#define SLOT_OPT(key, field, form) {key, BSK_FIELD_##field, BSK_FORM_##form, true, 0, 0}
#define SLOT_NUM(key, field, min, max, optional) {key, BSK_FIELD_##field, BSK_FORM_NUMBER, optional, min, max}

static const bsk_action_kind_info KINDS[BSK_ACT_KIND_COUNT] = {
    [BSK_ACT_PASS] = {"pass", true, 0, {{0}}, "303.2", "pass", NULL, NULL,
                      "pass / end              pass priority (303) / end your turn (411.2 c)", 5, "declare or pass"},
    [BSK_ACT_END_TURN] = {"end_turn", true, 0, {{0}}, "411.2", "end [turn]", NULL, NULL, NULL, 5,
                          "declare or end the turn"},
    [BSK_ACT_MOVE] = {"move", true, BSK_USES_UNIT | BSK_USES_CELL, {SLOT("from", FROM, PLACE), SLOT("to", TO, CELL)},
                      "506", "move {from} {to}", NULL, "move FROM TO (cells: move c3 c2)",
                      "move FROM TO            one step of a creature (506): move c3 c2", 0, NULL},
    [BSK_ACT_ATTACK] = {"attack", true, BSK_USES_UNIT | BSK_USES_TARGET,
                        {SLOT("from", FROM, PLACE), SLOT("to", TO, PLACE)}, "504", "attack {from} {to}", NULL,
                        "attack FROM TO (places: attack c3 c4)",
                        "attack FROM TO          a simple strike (107.2 a): attack c3 c4", 1, NULL},
    [BSK_ACT_ABILITY] = {"ability", true, BSK_USES_UNIT | BSK_USES_TARGET | BSK_USES_INDEX,
                         {SLOT("from", FROM, PLACE), SLOT_NUM("index", INDEX, 0, 63, false), SLOT_OPT("to", TO, PLACE)},
                         "504", "ability {from} {n} [{to}]", NULL, "ability FROM N [TO] (N from show: ability c3 1 d5)",
                         "ability FROM N [TO]     the card's N-th ability (see show): ability c3 1 d5", 2, NULL},
    [BSK_ACT_GAIN_COUNTER] = {"gain_counter", true, BSK_USES_UNIT, {SLOT("from", FROM, PLACE)}, "113.4",
                              "counter {from}", NULL, "counter FROM",
                              "counter FROM / tap FROM gain a counter (123.3) / tap to strike a flyer (107.2 d)", 4,
                              NULL},
    [BSK_ACT_FLYER_TAP] = {"flyer_tap", true, BSK_USES_UNIT, {SLOT("from", FROM, PLACE)}, "107.2", "tap {from}", NULL,
                           "tap FROM", NULL, 4, NULL},
    [BSK_ACT_GUARD] = {"guard", false, BSK_USES_UNIT | BSK_USES_TARGET, {SLOT("guard", FROM, PLACE_OR_NULL)}, "514",
                       "guard {from|none}", NULL, "guard PLACE, or guard none",
                       "guard PLACE | none      answer a strike with a guard (514), or not", 6, "guard?"},
    [BSK_ACT_STEP_DOWN] = {"step_down", false, BSK_USES_INDEX, {SLOT("step_down", FLAG, BOOL)}, "515.3", "step down",
                           "stay", "stay", "step down / stay        answer 515.3", 7, "step down?"},
    [BSK_ACT_FIRST] = {"first", false, BSK_USES_INDEX, {SLOT("first", FLAG, BOOL)}, "402.1", "first", "second", NULL,
                       "first / second          the winner of the 402.1 roll chooses", 8, "go first?"},
    [BSK_ACT_KEEP] = {"keep", false, 0, {SLOT("keep", NONE, TRUE)}, "402.4", "keep", NULL, NULL,
                      "keep / redeal           the deal (402.4)", 9, "keep or redeal"},
    [BSK_ACT_REDEAL] = {"redeal", false, 0, {SLOT("redeal", NONE, TRUE)}, "402.4", "redeal", NULL, NULL, NULL, 9,
                        "keep or redeal"},
    [BSK_ACT_TAKE] = {"take", false, BSK_USES_INDEX | BSK_USES_PAYMENT,
                      {SLOT("take", CARD, NAME), SLOT_NUM("gold", GOLD, 0, 99, true),
                       SLOT_NUM("silver", SILVER, 0, 99, true)},
                      "403.2", "take {card} [{gold} {silver}]", NULL,
                      "take NAME [GOLD SILVER] (take Циклоп, or take Циклоп 2 3 to pay 2 gold and 3 silver)",
                      "take NAME [GOLD SILVER] recruit a card (403.2), the payment split optional", 10, "recruit"},
    [BSK_ACT_DONE] = {"done", false, 0, {SLOT("done", NONE, TRUE)}, "403.2", "done", NULL, NULL,
                      "done                    end recruitment (403.2) or the reveal (405.1)", 11, NULL},
    [BSK_ACT_PLACE] = {"place", false, BSK_USES_UNIT | BSK_USES_CELL | BSK_USES_INDEX,
                       {SLOT("place", CARD, NAME), SLOT("cell", TO, CELL)}, "404.1", "place {card} {to:cell}", NULL,
                       "place NAME CELL (place Циклоп c2)",
                       "place NAME CELL         place a card (404.1): place Циклоп c2", 12, "place"},
    [BSK_ACT_HIDE] = {"hide", false, BSK_USES_UNIT | BSK_USES_CELL, {SLOT("hide", FROM, CELL)}, "405.1",
                      "hide {from}", NULL, "hide CELL (a row-6 cell of yours)",
                      "hide CELL / host S H    keep a row-6 card hidden (405.1) / seat a symbiote on a host (405.2)",
                      13, "keep hidden?"},
    [BSK_ACT_HOST] = {"host", false, BSK_USES_UNIT | BSK_USES_TARGET | BSK_USES_CELL,
                      {SLOT("symbiote", FROM, PLACE), SLOT("host", TO, PLACE)}, "405.2", "host {from} {to}", NULL,
                      "host SYMBIOTE HOST (places: host c5 d5)", NULL, 13, "seat a symbiote"},
    [BSK_ACT_FEATURE] = {"feature", true, BSK_USES_UNIT | BSK_USES_TARGET | BSK_USES_INDEX,
                         {SLOT("from", FROM, PLACE), SLOT_NUM("index", INDEX, 0, 127, true), SLOT_OPT("to", TO, PLACE)},
                         "303.3", "feature {from} {n} [{to}]", NULL, "feature FROM N [TO]",
                         "feature FROM N [TO]     the card's N-th activated feature", 3, NULL},
    [BSK_ACT_ORDER] = {"order", false, BSK_USES_UNIT | BSK_USES_INDEX, {SLOT("order", FROM, PLACE_OR_NAME)}, "305.1",
                       "order {from|card}", NULL, "order PLACE or order NAME",
                       "order PLACE|NAME        which trigger is declared next (305.1)", 14, "trigger order"},
    [BSK_ACT_USE] = {"use", false, BSK_USES_INDEX, {SLOT("use", FLAG, BOOL)}, "116.7", "use yes", "use no",
                     "use yes or use no", "use yes|no              use an optional («может») feature or not (116.7)",
                     15, "use the feature?"},
    [BSK_ACT_MODE] = {"mode", false, BSK_USES_INDEX, {SLOT_NUM("mode", INDEX, 1, 63, false)}, "505.5",
                      "mode {index}", NULL, "mode N (the N-th option, 1-based)",
                      "mode N                  the N-th option of a feature («или», 1-based)", 16, "which option?"},
    [BSK_ACT_CHOOSE] = {"choose", false, BSK_USES_INDEX, {SLOT("choose", NONE, CHOICE)}, "502.1", "choose {choice}",
                        NULL, "choose PLACE, NAME, NUMBER or WORD",
                        "choose X                a feature's choice: a place, a card, a number, forward/back/…", 17,
                        "choose"},
    [BSK_ACT_BEFORE] = {"before", false, BSK_USES_INDEX, {SLOT("before", CARD, NAME)}, "403.1", "before {card}", NULL,
                        "before NAME (a card of your deal: use its «до набора отряда» feature, or the card it puts "
                        "into the graveyard)",
                        "before NAME             use a deal card's «до набора отряда» feature (403.1; done: decline)",
                        10, "before recruitment"},
};

const bsk_action_kind_info *bsk_action_kind_info_get(int kind)
{
    return kind >= 0 && kind < BSK_ACT_KIND_COUNT ? &KINDS[kind] : NULL;
}

const char *bsk_action_kind_id(int kind)
{
    return kind >= 0 && kind < BSK_ACT_KIND_COUNT ? KINDS[kind].id : "?";
}
