/* describe.c — a card feature in words, generated from its compiled program (bsk_feature), never
 * from the printed sentence (the project carries none): `cards show`, the playtest's `show PLACE` and
 * the position text output print it (issue 22 §2). English, in the digest's terms (glossary §1.6
 * ops, §3.1 timing, §6.2 shapes): "when this card dies: wound every enemy creature by 2". One
 * function per part of the program — cost, trigger, condition, effects — so a new word of the
 * vocabulary adds one case. */
#include "berserk/card_table.h"

#include <stdarg.h>
#include <stdio.h>

/* The text so far; `need` counts what the whole text needs, as snprintf does. */
typedef struct words {
    char *out;
    size_t size, need;
} words;

static void say(words *w, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void say(words *w, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    size_t at = w->need < w->size ? w->need : w->size;
    int n = vsnprintf(w->out ? w->out + at : NULL, w->out ? w->size - at : 0, format, args);
    va_end(args);
    if (n > 0)
        w->need += (size_t)n;
}

/* A value: "2", "X", "X+1", "2 per counter", "1+2 per counter". */
static void say_value(words *w, bsk_expr v)
{
    switch (v.var) {
    case BSK_EXPR_X:
        if (v.a == 1)
            say(w, "X");
        else
            say(w, "%d×X", v.a);
        if (v.b)
            say(w, "%+d", v.b);
        break;
    case BSK_EXPR_COUNTERS:
        if (v.b)
            say(w, "%d+", v.b);
        say(w, "%d per counter paid", v.a);
        break;
    case BSK_EXPR_COUNT: /* glossary §6.1(5): counted when the effect resolves */
        say(w, "the number of cards matching a filter");
        break;
    case BSK_EXPR_PREVIOUS: /* compound3: 505.7 */
        say(w, "what the previous effect did");
        break;
    case BSK_EXPR_X_OF: /* branch dice5: the keyword is the record's (say_effect names it) */
        say(w, "X");
        break;
    case BSK_EXPR_COUNT_MORE: /* guard10 (issue 23): «+1 …, пока … больше …, чем …» */
        say(w, "%d (%d while more cards match its first filter than its second)", v.b, v.a + v.b);
        break;
    case BSK_EXPR_STRIKE_OF: /* turn10: the strength is the record's (say_effect names it) */
        say(w, v.a < 0 ? "-X" : "X");
        break;
    case BSK_EXPR_LIFE_OF_SELF: /* grave10 (issue 23) */
        say(w, "this card's current life");
        break;
    default:
        say(w, "%d", v.b);
        break;
    }
}

/* "1 counter", "2 counters", "2 per counter paid counters" reads badly: "counters: 2 per counter paid". */
static void say_counters(words *w, bsk_expr v)
{
    if (v.var == BSK_EXPR_CONST) {
        say(w, "%d counter%s", v.b, v.b == 1 ? "" : "s");
        return;
    }
    say(w, "counters: ");
    say_value(w, v);
}

/* A target selector, as the object of a verb. */
static const char *target_words(int target, const bsk_feature *f)
{
    int event = f->event;
    switch (target) {
    case BSK_TARGET_SELF:
        return "this card";
    case BSK_TARGET_ADJACENT_ENEMY:
        return "a chosen adjacent enemy card";
    case BSK_TARGET_ANY_ENEMY:
        return "a chosen enemy card";
    case BSK_TARGET_ATTACKED:
        if (event == BSK_ON_STRIKE && f->wounded_target) /* blow11: an attack heard of another card, its striker */
            return "the striking card";
        if (f->role == BSK_ROLE_ATTACKED) /* this card is the event's other card: the target is the actor */
            return event == BSK_ON_STRIKE ? "the striking card" : "the attacking card";
        if (event == BSK_ON_DESTROYS) /* curse4: this card's event: its other card; move11: else the destroyer */
            return f->role == BSK_ROLE_SELF ? "the destroyed card" : "the destroying card";
        if (event == BSK_ON_ATTACK_WOUNDS) /* spawn8: the striker, whoever hears it; react10: or the wounded card */
            return f->wounded_target ? "the wounded card" : "the attacking card";
        if (event == BSK_ON_LETHAL || event == BSK_ON_TELEPORT) /* spawn8: the other card a trigger hears */
            return event == BSK_ON_LETHAL ? "that card" : "the card that teleported";
        if (event == BSK_WOULD_GAIN_FEATURE)
            return "the card gaining it";
        if (event == BSK_ON_MAGIC_ABILITY) /* vamp8 (issue 23): the card performing it */
            return "the card performing it";
        if (event == BSK_ON_EFFECT_WOUNDS) /* vamp8: this card's event: its other card */
            return "the wounded card";
        if (event == BSK_ON_MOVE || event == BSK_ON_DEATH || event == BSK_ON_ENTER || event == BSK_ON_WOUNDED ||
            event == BSK_ON_HEALED) /* curse4: the other card a trigger hears */
            return event == BSK_ON_MOVE    ? "the card that moved"
                   : event == BSK_ON_DEATH ? "the card that died"
                   : event == BSK_ON_ENTER ? "the card that entered"
                   : event == BSK_ON_WOUNDED ? "the wounded card"
                                             : "the healed card";
        return event == BSK_WOULD_DIE ? "the dying card" : event == BSK_ON_STRIKE ? "the struck card" : "the attacked card";
    case BSK_TARGET_EVERY_ENEMY:
        return "every enemy creature";
    case BSK_TARGET_PLACER: /* mark9 (issue 23): 544.4; farro13: a given feature's giver */
        return f && f->given ? "the card that gave this feature" : "the card that placed the marker";
    case BSK_TARGET_MARKED: /* mark9: 544.6 */
        return "every card on the marker's cell";
    case BSK_TARGET_CHOSEN: /* the filter is the table's (filter.c); the program names it by index */
        return "a chosen card matching its filter";
    case BSK_TARGET_ALL:
        return "every card matching its filter";
    case BSK_TARGET_GROUP: { /* group3 (issue 22): N different chosen cards, one group (528.7) */
        static const char *const groups[BSK_FEATURE_GROUP_MAX + 1] = {
            [2] = "2 different chosen cards matching its filter", [3] = "3 different chosen cards matching its filter",
            [4] = "4 different chosen cards matching its filter", [5] = "5 different chosen cards matching its filter",
            [6] = "6 different chosen cards matching its filter", [7] = "7 different chosen cards matching its filter",
            [8] = "8 different chosen cards matching its filter"};
        if (f->group_count == BSK_FEATURE_GROUP_X)
            return "X different chosen cards matching its filter (X, at least 1, fixed when declared)";
        if (f->group_count & BSK_FEATURE_GROUP_UP_TO) { /* turn10: «до N»; siege13: the N said (505.4.3) */
            static const char *const up_to[BSK_FEATURE_GROUP_MAX + 1] = {
                [2] = "up to 2 different chosen cards matching its filter",
                [3] = "up to 3 different chosen cards matching its filter",
                [4] = "up to 4 different chosen cards matching its filter",
                [5] = "up to 5 different chosen cards matching its filter",
                [6] = "up to 6 different chosen cards matching its filter",
                [7] = "up to 7 different chosen cards matching its filter",
                [8] = "up to 8 different chosen cards matching its filter"};
            int n = f->group_count & ~BSK_FEATURE_GROUP_UP_TO;
            return n <= BSK_FEATURE_GROUP_MAX && up_to[n] ? up_to[n] : "?";
        }
        return f->group_count <= BSK_FEATURE_GROUP_MAX && groups[f->group_count] ? groups[f->group_count] : "?";
    }
    default:
        return "?";
    }
}

/* The strike kinds of a mask (bit k: bsk_strike_kind k), each " kind" with spaces for "_" ("simple
 * strike"), joined by `joint`; how many. */
static int say_kinds(words *w, unsigned mask, const char *joint)
{
    int seen = 0;
    for (int k = 0; k < BSK_STRIKE_KIND_COUNT; k++)
        if ((mask >> k) & 1u) {
            say(w, "%s", seen++ ? joint : " ");
            for (const char *c = bsk_strike_kind_id(k); *c; c++)
                say(w, "%c", *c == '_' ? ' ' : *c);
        }
    return seen;
}

/* One effect record: a verb phrase (glossary §1.6). */
static void say_effect(words *w, const bsk_feature *f, const bsk_feature_effect *e)
{
    const char *t = target_words(e->target, f);
    if (e->spell) /* grave5: glossary «Заклинание» */
        say(w, "by a spell, ");
    switch (e->op) {
    case BSK_OP_WOUND:
        say(w, "wound %s by ", t);
        say_value(w, e->value);
        break;
    case BSK_OP_HEAL:
        say(w, "heal %s by ", t);
        say_value(w, e->value);
        break;
    case BSK_OP_GAIN_COUNTERS:
        say(w, "%s gains ", t);
        say_counters(w, e->value);
        break;
    case BSK_OP_LOSE_COUNTERS:
        say(w, "%s loses ", t);
        say_counters(w, e->value);
        break;
    case BSK_OP_CANCEL:
        say(w, "cancel the attack");
        break;
    case BSK_OP_DESTROY:
        say(w, "destroy %s", t);
        break;
    case BSK_OP_TAP:
        say(w, "tap %s", t);
        break;
    case BSK_OP_UNTAP:
        say(w, "untap %s", t);
        break;
    case BSK_OP_INCARNATE_OPEN: /* incarn7 (issue 23): 536.7 */
        if (!e->place)
            say(w, "%s incarnates untapped", t);
        else /* recruit11: a permission, its owner's choice as the card reaches X tokens (536.7.1) */
            say(w, "%s may incarnate untapped, instead of on its owner's third row tapped, on a free cell of %s%s", t,
                e->place == BSK_INC_PLACE_THIRD_ROWS ? "either player's third row"
                                                     : "any row holding a named marker its controller's squad placed",
                e->param == BSK_INC_PAY_TOKEN    ? ", removing an incarnation token from another creature of its "
                                                   "owner's graveyard"
                : e->param == BSK_INC_PAY_MARKER ? ", removing one such marker from that cell"
                                                 : "");
        break;
    case BSK_OP_TRIGGER_CONCENTRATION: /* focus8 (issue 23): glossary «Концентрация» */
        say(w, "the concentration of %s triggers (whatever the turn and its wounds)", t);
        break;
    case BSK_OP_NO_UNTAP: /* token6 (issue 23): 409.2 */
        say(w, "%s does not untap at the start of its controller's next turn", t);
        break;
    case BSK_OP_HEAL_FULL:
        say(w, "heal %s fully", t);
        break;
    case BSK_OP_SET_LIFE:
        say(w, "set the current life of %s to ", t);
        say_value(w, e->value);
        break;
    case BSK_OP_PROPHECY:
        say(w, "prophecy ");
        say_value(w, e->value);
        say(w, " (the top cards of the deck go to its bottom)");
        break;
    case BSK_OP_POISON:
        say(w, "give %s poison ", t);
        say_value(w, e->value);
        break;
    /* issue 22 (branch ops): the ops with parameters, then their duration */
    case BSK_OP_GAIN_FEATURE:
        if (e->feature_src) { /* branch posio: this card's feature N; acquired4: the targeted card's */
            say(w, e->feature_card == BSK_FEATURE_CARD_TARGET ? "%s gains feature %d of the card it targets"
                                                              : "%s gains this card's feature %d",
                t, e->feature_src);
            break;
        }
        if (bsk_keyword_takes_values(e->keyword)) { /* move8 (issue 23): the attack its sentence prints */
            say(w, "%s gains the %s attack this sentence prints (its keyword)", t, bsk_keyword_name(e->keyword));
            break;
        }
        say(w, "%s gains %s", t, bsk_keyword_name(e->keyword) ? bsk_keyword_name(e->keyword) : "?");
        if (e->value.var != BSK_EXPR_CONST || e->value.b) {
            say(w, " ");
            say_value(w, e->value);
        }
        if (e->against) /* fend6: 541.4.1 */
            say(w, " against a card matching its filter");
        break;
    case BSK_OP_LOSE_FEATURE:
        say(w, "%s loses %s", t, bsk_keyword_name(e->keyword) ? bsk_keyword_name(e->keyword) : "?");
        break;
    case BSK_OP_GAIN_EXTRA_LIFE:
        say(w, "%s gains %+d life", t, e->value.b);
        break;
    case BSK_OP_MOVEMENT_MODIFIER:
        say(w, "%s gets %+d movement", t, e->value.b);
        break;
    case BSK_OP_DIE_ROLL_MODIFIER:
        say(w, "%s gets %+d to its die rolls", t, e->value.b);
        break;
    case BSK_OP_ATTACK_MODIFIER: {
        if (e->value.var == BSK_EXPR_STRIKE_OF) /* turn10: ±X, X read on the card (the clause after says which) */
            say(w, "%s gets %s to its", t, e->value.a < 0 ? "-X" : "+X");
        else
            say(w, "%s gets %+d to its", t, e->value.b);
        if (e->duration == BSK_FDURATION_NEXT_ATTACK || e->duration == BSK_FDURATION_NEXT_ATTACK_END_OF_TURN)
            say(w, " next"); /* move11: used up by that attack */
        int seen = say_kinds(w, e->param, " and ");
        say(w, seen > 1 ? "s" : "");
        if (e->against) /* trig5: the attacked card's filter (the table's), named only */
            say(w, " at a card matching its filter");
        if (e->against_card == BSK_AGAINST_CARD_TARGET) /* swap12: one card, kept in the effect */
            say(w, " at the card this feature targets (that card alone, while both stay in the battle zone)");
        break;
    }
    /* static2 (issue 22) */
    case BSK_OP_INCOMING_ATTACK_MODIFIER: {
        say(w, "%+d to the", e->value.b);
        int seen = say_kinds(w, e->param, " and ");
        say(w, "%s made at %s", seen > 1 ? "s" : "", t);
        if (e->against) /* trig5 */
            say(w, " by a card matching its filter");
        break;
    }
    case BSK_OP_NAMED_FEATURE_MODIFIER:
        say(w, "%s gets %+d to its %s", t, e->value.b, bsk_keyword_name(e->keyword) ? bsk_keyword_name(e->keyword) : "?");
        break;
    case BSK_OP_DELAYED: {
        static const char *const when[BSK_DELAY_COUNT] = {"at the end of the turn", "at the end of the next turn",
                                                         "at the start of your next turn"};
        say(w, "%s", e->param < BSK_DELAY_COUNT ? when[e->param] : "later");
        break;
    }
    case BSK_OP_RELOCATE:
        if (e->param == BSK_RELOCATE_SWAP) { /* swap12 (issue 23): glossary «Поменять местами (карты)», 122.14 */
            if (e->target == BSK_TARGET_GROUP)
                say(w, "swap the places of %s (each relocated into the other's cell at once; neither moves if "
                       "either cannot be relocated)", t);
            else
                say(w, "swap the places of %s and this card (each relocated into the other's cell at once; neither "
                       "moves if either cannot be relocated)", t);
            break;
        }
        if (e->param == BSK_RELOCATE_TELEPORT) { /* spawn8 (issue 23): 506.7.1 */
            say(w, "teleport %s to a free cell of its controller's choice", t);
            break;
        }
        if (e->param == BSK_RELOCATE_ROWS_2_3) { /* batl9 (issue 23): glossary «Ряд» */
            say(w, "relocate %s to a free cell of its controller's second or third row, of their choice", t);
            break;
        }
        if (e->param == BSK_RELOCATE_AWAY) { /* react10 (issue 23): 06-091 «не рядом с атаковавшим» */
            say(w, "relocate %s to a free adjacent cell not adjacent to the attacking card, of its controller's choice",
                t);
            break;
        }
        if (e->param == BSK_RELOCATE_NEXT_TO_SELF) { /* move11 (issue 23): 05-170 «на клетку рядом с собой» */
            say(w, "relocate %s to a free cell adjacent to this card, of its controller's choice", t);
            break;
        }
        if (e->param == BSK_RELOCATE_FORWARD) { /* count12 (issue 23): glossary «Вперёд» */
            say(w, "relocate %s one cell forward (toward its controller's opponent's edge), if that cell is free", t);
            break;
        }
        if (e->param == BSK_RELOCATE_BACK) { /* move8 (issue 23): glossary «Назад» */
            say(w, "relocate %s one cell back (toward its controller's edge), if that cell is free", t);
            break;
        }
        say(w, "relocate %s to a free %s of its controller's choice", t,
            e->param == BSK_RELOCATE_ANY ? "cell" : e->param == BSK_RELOCATE_ORTHOGONAL ? "orthogonally adjacent cell"
                                                                                         : "adjacent cell");
        break;
    case BSK_OP_PLACE_NAMED_MARKER: /* branch posio (glossary §2.7); the name is the card table's */
        say(w, "put %d named marker%s on %s%s", e->value.b, e->value.b == 1 ? "" : "s", t,
            e->duration == BSK_FDURATION_END_OF_TURN          ? " until the end of the turn"
            : e->duration == BSK_FDURATION_END_OF_TARGET_TURN ? " until the end of its own (controller's) turn" /* mark9 */
                                                              : "");
        break;
    case BSK_OP_REMOVE_NAMED_MARKER:
        say(w, "remove %d named marker%s from %s", e->value.b, e->value.b == 1 ? "" : "s", t);
        break;
    case BSK_OP_CELL_MARKER_ADD: /* cell7 (issue 23): 544.1, a named marker on a cell (its name the card table's) */
    case BSK_OP_CELL_MARKER_REMOVE: {
        static const char *const cells[BSK_CELL_COUNT] = {
            "a cell its controller chooses", "a free cell its controller chooses",
            "the cell of the event's card (where it stands, or stood when it died)", "every cell"};
        const char *where = e->param < BSK_CELL_COUNT ? cells[e->param] : "a cell";
        if (e->op == BSK_OP_CELL_MARKER_ADD)
            say(w, "put %d named marker%s on %s%s", e->value.b, e->value.b == 1 ? "" : "s", where,
                e->duration == BSK_FDURATION_END_OF_TURN ? " until the end of the turn" : "");
        else if (e->value.b == BSK_CELL_MARKER_ALL)
            say(w, "remove all its controller's named markers of that name from %s", where);
        else
            say(w, "remove %d of its controller's named marker%s from %s", e->value.b, e->value.b == 1 ? "" : "s",
                where);
        break;
    }
    /* issue 22 (branch ops2): the ops that act inside an attack, prevention, leaving the battle zone */
    case BSK_OP_SPAWN_ATTACK:
        if (!e->attack.keyword && e->from_filter) { /* fight9 (issue 23): 537.5 ex. 1 «наносит {strike} по …» */
            say(w, "%s strikes a card matching a filter (its controller chooses it as this resolves) with its simple "
                   "strike as at a tapped card (a spawned attack, no payment)", t);
            break;
        }
        if (!e->attack.keyword) {
            say(w, "this card strikes %s with its simple strike (a spawned attack, no payment)", t);
            break;
        }
        /* an attack the feature prints (glossary §6.2 Ability type, 111): "a shot 1-2-2, range 3" */
        char kind[32];
        snprintf(kind, sizeof kind, "%s", bsk_keyword_name(e->attack.keyword));
        for (char *c = kind; *c; c++)
            *c = *c == '_' ? ' ' : *c; /* "special strike" */
        say(w, "this card makes a %s ", kind);
        if (e->attack.expr_of == BSK_ATTACK_EXPR_VALUES && e->attack.expr.var == BSK_EXPR_X) { /* blow11 */
            say(w, "of X");
            if (e->at_most)
                say(w, " (at most %d)", e->at_most);
        } else if (e->attack.values[0] == e->attack.values[1] && e->attack.values[1] == e->attack.values[2])
            say(w, "%d", e->attack.values[0]);
        else
            say(w, "%d-%d-%d", e->attack.values[0], e->attack.values[1], e->attack.values[2]);
        if (e->attack.range != BSK_RANGE_NONE)
            say(w, ", range %d,", e->attack.range);
        if (e->from_filter) /* blow11 (issue 23): its card chosen as the record resolves (505.4.3) */
            say(w, " at a card matching a filter (its controller chooses it as this resolves; a spawned attack, no "
                   "payment)");
        if (e->from_filter && e->place == BSK_SPAWN_AS_ADJACENT) /* strike13 (issue 23) */
            say(w, " as if that card were adjacent to this one");
        else
            say(w, " at %s (a spawned attack, no payment)", t);
        break;
    case BSK_OP_REDIRECT: /* dice5: its conditions on the attack */
        say(w, "redirect the");
        if (!say_kinds(w, e->param, " or "))
            say(w, " attack");
        if (e->by_filter)
            say(w, " of a card matching a filter");
        if (e->from_filter)
            say(w, " made at a card matching a filter");
        say(w, " to %s", t);
        break;
    case BSK_OP_PREVENTION:
        if (e->param == BSK_PREVENT_ALL) /* branch block3: no number (534.3) */
            say(w, "prevent every wound of the next strike to %s", t);
        else
            say(w, "prevent the next %d wounds to %s", e->value.b, t);
        break;
    case BSK_OP_SIDE_PREVENTION: /* branch shield6: a side's pool (534) */
        if (e->value.var == BSK_EXPR_X) /* dice7: a trigger's X */
            say(w, "prevent the next X wounds from non-magic attacks on your cards");
        else
            say(w, "prevent the next %d wound%s from non-magic attacks on your cards", e->value.b, e->value.b == 1 ? "" : "s");
        if (e->param)
            say(w, " (amounts add up, at most %d)", e->param);
        break;
    /* branch block3 (531) */
    case BSK_OP_BLOCK:
        say(w, "block the");
        if (e->param)
            say_kinds(w, e->param, " or ");
        else
            say(w, " attack");
        say(w, " made at %s", t);
        if (e->value.var == BSK_EXPR_CONST && e->value.b > 0) /* spawn11: «атаку величиной X» */
            say(w, " whose final value is %d", e->value.b);
        break;
    case BSK_OP_WOUNDS_TAKEN_MODIFIER:
        say(w, "%s takes %d wounds fewer each time", t, e->value.b < 0 ? -e->value.b : e->value.b);
        break;
    case BSK_OP_SET_ATTACK_STRENGTH:
    case BSK_OP_REDUCE_ATTACK_TO: {
        say(w, "the");
        int seen = say_kinds(w, e->param, " and ");
        static const char *const strengths[3] = {"weak", "medium", "strong"};
        if (e->op == BSK_OP_SET_ATTACK_STRENGTH)
            say(w, "%s of %s %s %s", seen > 1 ? "s" : "", t, seen > 1 ? "are" : "is",
                strengths[e->strength < 3 ? e->strength : 0]);
        else
            say(w, "%s of %s %s reduced to %d%s", seen > 1 ? "s" : "", t, seen > 1 ? "are" : "is", e->value.b,
                e->against ? " against a card matching its filter" : ""); /* batl9 */
        break;
    }
    case BSK_OP_SET_DIE_ROLL:
        say(w, "the die rolls of %s are reduced to %d", t, e->value.b);
        break;
    /* branch dice3 (issue 22): 519.5–519.7 */
    case BSK_OP_REROLL:
        say(w, "re-roll the die of %s", t);
        break;
    case BSK_OP_FLIP_DIE:
        say(w, "the die rolls of %s are flipped", t);
        break;
    case BSK_OP_NEXT_ROLL_EQUALS:
        if (e->param == BSK_ROLLER_OWN) /* focus8: any card of yours */
            say(w, "the next die roll of a card of yours");
        else
            say(w, "the next die roll of %s", t);
        if (e->value.var == BSK_EXPR_X) /* focus8: a roll trigger's X */
            say(w, " equals the roll that triggered this (X)");
        else
            say(w, " is %d", e->value.b);
        break;
    case BSK_OP_RETURN_TO_DECK:
        say(w, "return %s to its owner's deck%s", t,
            e->place == BSK_DECK_TOP ? " on top" : e->place == BSK_DECK_BOTTOM ? " at the bottom" : ", shuffled");
        break;
    case BSK_OP_EXILE:
        say(w, "exile %s", t);
        break;
    case BSK_OP_GAIN_NEGATIVE_LIFE:
        say(w, "%s gains %d negative life", t, e->value.b);
        break;
    /* issue 22: element changes (106.2.1) */
    case BSK_OP_ADD_ELEMENT:
        say(w, "%s gains the element %s", t, bsk_element_id(e->param) ? bsk_element_id(e->param) : "?");
        break;
    case BSK_OP_SET_ELEMENT:
        say(w, "%s becomes a card of the element %s only", t, bsk_element_id(e->param) ? bsk_element_id(e->param) : "?");
        break;
    case BSK_OP_LOSE_INCARNATION: /* grave5: 536.7 */
        say(w, "remove ");
        say_value(w, e->value);
        say(w, " incarnation token%s from a creature of your graveyard you choose",
            e->value.var == BSK_EXPR_CONST && e->value.b == 1 ? "" : "s");
        break;
    case BSK_OP_GAIN_INCARNATION: /* inc9 (issue 23): 536.7.1 */
        say(w, e->param == BSK_GRAVE_SELF ? "if this card is in your graveyard with an unused incarnation, it gets "
                                          : "a card of your graveyard you choose with an unused incarnation gets ");
        say_value(w, e->value);
        say(w, " incarnation token%s (it incarnates when it has X)",
            e->value.var == BSK_EXPR_CONST && e->value.b == 1 ? "" : "s");
        break;
    case BSK_OP_DECK_TO_GRAVEYARD: /* grave10 (issue 23): 204.2, 205.1 */
        say(w, "look through your deck and put a card of it matching a filter into your graveyard (not a death), then "
               "shuffle the deck");
        break;
    case BSK_OP_SUMMON: /* spawn11 (issue 23): 536.5, glossary «Вызов» */
        say(w, "summon: look through your deck for a card matching a filter (or find none), put it onto %s (a flyer: "
               "the extra zone), %s, with the features this card gives in this sentence; then shuffle the deck",
            e->param == BSK_SUMMON_ON_TARGET     ? "the cell the target stood on"
            : e->param == BSK_SUMMON_NEAR_TARGET ? "a free cell you choose adjacent to the target"
                                                 : "a free cell you choose adjacent to this card (or the cell it died on)",
            (e->place & BSK_SUMMON_TAPPED) ? "tapped" : "open");
        if (e->place & BSK_SUMMON_TARGET_WOUNDS)
            say(w, ", the summoned card with as many wounds as the target had");
        break;
    case BSK_OP_WIN: /* 601.2 */
        say(w, "its controller wins the game");
        break;
    case BSK_OP_INCOMING_REDUCE_ATTACK_TO: { /* fend6 (issue 23): 520.2 d, the attacked card's */
        static const char *const strengths[3] = {"weak", "medium", "strong"};
        say(w, "the");
        int seen = say_kinds(w, e->param, ", ");
        say(w, "%s made at %s", seen > 1 ? "s" : "", t);
        if (e->against) /* batl9: the striker's filter (the table's), named only */
            say(w, " by a card matching its filter");
        for (int s = 0, first = 1; s < 3; s++) /* 0: every strength */
            if ((e->strength >> s) & 1u) {
                say(w, "%s%s", first ? ", if " : " or ", strengths[s]);
                first = 0;
            }
        say(w, "%s %s reduced to %d", e->strength ? "," : "", seen > 1 ? "are" : "is", e->value.b);
        break;
    }
    case BSK_OP_RECRUIT_COST_MODIFIER: /* recruit7 (issue 23): 403.2.2, read by the squad library */
        say(w, "while this card is in its controller's squad at recruitment (403.2.2), each card of theirs matching "
               "its filter recruited after it costs %d crystal%s %s (never below 0)",
            e->value.b < 0 ? -e->value.b : e->value.b, e->value.b == 1 || e->value.b == -1 ? "" : "s",
            e->value.b < 0 ? "less" : "more");
        break;
    case BSK_OP_ROLL_TWICE: /* dice7 (issue 23): 306.5.2 */
        say(w, "%s rolls the die twice for an attack's strength and its controller chooses one value; on equal "
               "values %s gets +%d to that attack", t, t, e->value.b);
        break;
    case BSK_OP_PROTECTION_FROM_ATTACKS: { /* guard10 (issue 23): 532.2, a partial protection */
        say(w, "%s has protection from", t);
        (void)say_kinds(w, e->param, ", ");
        say(w, " attacks");
        if (e->value.b)
            say(w, " of value %d (the final value, 534.2)", e->value.b);
        break;
    }
    case BSK_OP_IGNORE_PROTECTION: /* farro13 (issue 23): 542.1.3 */
        say(w, "%s's", t);
        (void)say_kinds(w, e->param, ", ");
        say(w, " attacks ignore the protections from them%s", e->against ? " of a card matching its filter" : "");
        break;
    case BSK_OP_NO_WOUNDS_FROM_ATTACKS: /* dice5 */
        say(w, "%s takes no wounds from attacks of %s value", t, e->param == BSK_VALUES_ODD ? "odd" : "even");
        break;
    /* group3 (issue 22): counter limits (545.2, 545.4) */
    case BSK_OP_MAX_COUNTERS:
        if (e->value.b == 0)
            say(w, "%s cannot receive counters", t);
        else
            say(w, "%s can have at most %d counter%s", t, e->value.b, e->value.b == 1 ? "" : "s");
        break;
    case BSK_OP_MAX_LIFE: /* vamp5: 508.2.2, 545.2 */
        say(w, "%s can have at most %d life (extra life past it is not gained)", t, e->value.b);
        break;
    /* times3 (issue 22): "X times per turn", not tapping (510.3, 540) */
    case BSK_OP_ACTIONS_PER_TURN:
    case BSK_OP_NO_TAP_AFTER: {
        static const char *const ways[BSK_ACTIONS_COUNT] = {"attack with a simple strike", "act", "guard"};
        const char *way = ways[(e->param & BSK_ACTIONS_KIND_MASK) < BSK_ACTIONS_COUNT ? e->param & BSK_ACTIONS_KIND_MASK
                                                                                     : BSK_ACTIONS_ACT];
        if (e->op == BSK_OP_NO_TAP_AFTER)
            say(w, "%s does not tap when it %ss (it still gets its action marker)", t,
                (e->param & BSK_ACTIONS_KIND_MASK) == BSK_ACTIONS_STRIKE ? "attacks with a simple strike" : way);
        else if (e->value.b <= 0)
            say(w, "%s may %s any number of times per turn", t, way);
        else
            say(w, "%s may %s %d times per turn", t, way, e->value.b);
        if (e->op == BSK_OP_ACTIONS_PER_TURN && (e->param & BSK_ACTIONS_NO_TAP))
            say(w, ", not tapping until the last of them");
        break;
    }
    case BSK_OP_NO_TAP_THIS_ATTACK:
        say(w, "%s does not tap after this attack%s", t, e->filter ? ", if it then matches its filter" : "");
        break;
    case BSK_OP_LOSE_EXTRA_LIFE: /* vamp8 (issue 23): 528.10 */
        say(w, "take %d extra life off %s (at most what it has)", e->value.b, t);
        break;
    case BSK_OP_UNANSWERED_THIS_ATTACK: /* vamp8 (issue 23): glossary «Безответный удар» */
        say(w, "make the simple strike %s is making unanswered", t);
        break;
    case BSK_OP_FIGHT: /* fight9 (issue 23): 537.5 «сражается … как с открытым» */
        if (e->from_filter)
            say(w, "%s fights a card matching a filter (its controller chooses it as this resolves)", t);
        else
            say(w, "this card fights %s", t);
        say(w, " with its simple strike as with an open creature (both roll even if that card is tapped or its "
               "own; a spawned fight: nobody taps, no payment)");
        break;
    default:
        say(w, "%s", bsk_feature_op_id(e->op) ? bsk_feature_op_id(e->op) : "?");
        break;
    }
    static const char *const durations[BSK_FEATURE_DURATION_COUNT] = {
        [BSK_FDURATION_END_OF_TURN] = " until the end of the turn",
        [BSK_FDURATION_END_OF_NEXT_TURN] = " until the end of your next turn",
        [BSK_FDURATION_WHILE_SOURCE] = " while this card is in the battle zone",
        [BSK_FDURATION_ROLL] = " for the die roll it is making now", [BSK_FDURATION_ATTACK] = " for the attack it is making now",
        [BSK_FDURATION_END_OF_OPPONENT_TURN] = " until the end of the opponent's turn",
        [BSK_FDURATION_OPPONENT_NEXT_TURN] = " in the opponent's next turn",
        [BSK_FDURATION_NEXT_ATTACK_END_OF_TURN] = " until the end of the turn"}; /* move11 */
    if ((bsk_feature_op_modes(e->op) & BSK_OPM_LASTS) && e->duration < BSK_FEATURE_DURATION_COUNT &&
        durations[e->duration])
        say(w, "%s", durations[e->duration]);
    if (e->value.var == BSK_EXPR_X_OF) /* branch dice5: X read on the card it applies to (518) */
        say(w, ", X being that card's %s X", bsk_keyword_name(e->keyword));
    if (e->value.var == BSK_EXPR_STRIKE_OF) /* turn10: X read on the card it applies to */
        say(w, ", X being that card's %s simple strike", e->strength == 0 ? "weak" : e->strength == 1 ? "medium" : "strong");
}

/* Whose event: the subject of the trigger's verb. */
static const char *subject(const bsk_feature *f)
{
    switch (f->role) {
    case BSK_ROLE_ANY:
        return "a card";
    case BSK_ROLE_OWN:
        return "another card of yours";
    case BSK_ROLE_ENEMY:
        return "an enemy card";
    case BSK_ROLE_ADJACENT:
        return "a card adjacent to this one";
    default:
        return "this card";
    }
}

/* "with a weak or strong simple strike": an on_attack trigger's strike filters. */
static void say_strikes(words *w, const bsk_feature *f)
{
    static const char *const strengths[3] = {"weak", "medium", "strong"};
    if (!f->strengths && !f->abilities)
        return;
    say(w, " with a");
    int seen = 0;
    for (int s = 0; s < 3; s++)
        if ((f->strengths >> s) & 1u)
            say(w, "%s%s", seen++ ? " or " : " ", strengths[s]);
    if (!f->abilities) {
        say(w, " strike");
        return;
    }
    say_kinds(w, f->abilities, " or ");
}

/* The trigger, ending with ": ". */
static void say_trigger(words *w, const bsk_feature *f)
{
    static const char *const turn_of[] = {[BSK_ROLE_SELF] = "your", [BSK_ROLE_ENEMY] = "the opponent's",
                                          [BSK_ROLE_ANY] = "each"};
    bool attacked = f->role == BSK_ROLE_ATTACKED;
    const char *who = attacked ? "this card" : subject(f);
    char filtered[64]; /* trig4: the trigger's filter on the event's card is the table's (filter.c), named only */
    if (f->trigger_filter && !attacked) {
        snprintf(filtered, sizeof filtered, "%s matching its filter", who);
        who = filtered;
    }
    switch (f->event) {
    case BSK_ON_DEATH:
        say(w, "when %s dies", who);
        break;
    case BSK_ON_ASSAULT:
        say(w, attacked ? "when this card is attacked" : "when %s attacks", who);
        say_strikes(w, f); /* incarn7: «при нападении выстрелом» */
        if (attacked && f->trigger_filter) /* swap12: the striker's filter (05-213 «существо противника») */
            say(w, " by a card matching its filter");
        break;
    case BSK_AT_TURN_START:
    case BSK_AT_TURN_END: {
        int role = f->role == BSK_ROLE_ENEMY || f->role == BSK_ROLE_ANY ? f->role : BSK_ROLE_SELF;
        say(w, "at the %s of %s turn", f->event == BSK_AT_TURN_START ? "start" : "end", turn_of[role]);
        break;
    }
    case BSK_ON_ENTER:
        say(w, "when %s enters the battle zone", who);
        break;
    case BSK_ON_REVEAL:
        say(w, "when %s is revealed", who);
        break;
    case BSK_ON_MOVE:
        say(w, "when %s %s", who, f->strengths ? "makes a movement (a step, a jump or a teleport; not a relocation)" /* mark9 */
                                                : "moves");
        break;
    case BSK_ON_STRIKE: {
        static const char *const sides[4] = {"", " in assault", " while defending", ""};
        if (f->abilities == (1u << BSK_STRIKE_FINISHING_BLOW)) { /* blow11 (issue 23): an effect-ability, no strike */
            say(w, attacked ? "when a finishing blow is performed at this card"
                            : "when %s performs a finishing blow of X (whether it destroys or not)", who);
            break;
        }
        say(w, attacked ? "when this card is struck" : "when %s strikes", who);
        say_strikes(w, f);
        say(w, "%s", sides[f->fight_side & 3]); /* events3: 546.1, 546.2 */
        if (f->miss)
            say(w, " or misses%s", sides[f->miss & 3]);
        if (f->during) /* spawn8: «в ваш ход» (dice5's "during") */
            say(w, f->during == BSK_DURING_OWN_TURN ? " in your turn" : " in the opponent's turn");
        break;
    }
    case BSK_ON_STRIKE_ROLLED: /* blow11 (issue 23): 512.6.5, the strength known before the Calculation step */
        if (attacked) {
            static const char *const strengths[3] = {"weak", "medium", "strong"};
            say(w, "when a");
            for (int k = 0, seen = 0; k < 3; k++)
                if ((f->strengths >> k) & 1u)
                    say(w, "%s%s", seen++ ? " or " : " ", strengths[k]);
            if (!f->abilities || !say_kinds(w, f->abilities, " or "))
                say(w, " attack");
            say(w, " made at this card has rolled its strength");
            break;
        }
        say(w, "when %s has rolled its attack's strength", who);
        say_strikes(w, f);
        break;
    case BSK_ON_WOUNDED:
        say(w, "when %s takes wounds", who);
        if (f->at_least) /* trig4 */
            say(w, " (%d or more at once)", f->at_least);
        break;
    case BSK_ON_TAPPED_TO_MOVE: /* trig5 (issue 23) */
        say(w, "when %s is tapped to move %s", who, f->destroyed_filter ? "a card matching its filter" : "a card");
        break;
    case BSK_ON_ATTACK_WOUNDS: /* trig5 (issue 23) */
        say(w, "when %s takes wounds from an attack", who);
        if (f->abilities) { /* react10 (issue 23): the strike that wounded («немагической»: every kind but 111.1.2's) */
            say(w, " (a");
            say_kinds(w, f->abilities, " or ");
            say(w, ")");
        }
        say(w, "%s%s", f->destroyed_filter ? " of a card matching its filter" : "",
            f->first_per ? " for the first time this turn" : ""); /* spawn8: "by" */
        if (f->at_least) /* fend6: of one attack */
            say(w, " (%d or more from one attack)", f->at_least);
        break;
    case BSK_ON_CONCENTRATION_TRIGGERED: /* focus6 (issue 23) */
        say(w, "when the concentration of %s triggers", who);
        break;
    case BSK_ON_LETHAL: /* spawn8 (issue 23) */
        say(w, "when %s", who);
        if (f->roll_value)
            say(w, " with %d current life", f->roll_value);
        say(w, " takes lethal wounds or is destroyed");
        break;
    case BSK_ON_TELEPORT: /* spawn8 (issue 23) */
        say(w, "when %s teleports", who);
        break;
    case BSK_ON_EFFECT_WOUNDS: /* vamp8 (issue 23): «ранит воздействием» */
        say(w, "when %s wounds by an effect-ability %s", who,
            f->destroyed_filter ? "a card matching its filter (as it was before those wounds)" : "a card");
        break;
    case BSK_ON_MAGIC_ABILITY: /* vamp8 (issue 23): glossary «Магическая способность» */
        say(w, "when %s performs a magic ability (a spell, magic strike or discharge)", who);
        break;
    case BSK_BEFORE_RECRUITMENT: /* prebattle12 (issue 23): 403.1, glossary «До набора отряда» */
        say(w, "before recruitment (403.1: from the deal, shown, once; the players in turn, the first player first, "
               "a player who declines using none for the rest of the step)");
        break;
    case BSK_AT_BATTLE_START: /* batl9 (issue 23): 406.1, glossary «В начале боя» */
        say(w, "at the start of the battle (406.1: the players in turn, the first player first)");
        break;
    case BSK_ON_ACT: /* react10 (issue 23): glossary «Когда действует», 510.2, 512.7 */
        say(w, "when %s acts (pays for an action)", who);
        break;
    case BSK_ON_INCARNATION_LOST: /* inc9 (issue 23): 536.7.1, heard from the graveyard too */
        say(w, "when %s incarnates or loses an incarnation token (heard from the graveyard too)", who);
        break;
    case BSK_ON_LEAVE:
        say(w, "when %s leaves the battle zone", who);
        break;
    case BSK_WOULD_DIE:
        say(w, "instead of %s dying", f->role == BSK_ROLE_SELF ? "this card" : who);
        break;
    case BSK_ON_CONCENTRATION:
        say(w, "concentration");
        break;
    case BSK_ON_FRENZY:
        say(w, "frenzy");
        break;
    case BSK_ON_VALHALLA:
        say(w, "valhalla");
        break;
    /* events3 (issue 22) */
    case BSK_ON_HEALED:
        say(w, "when %s is healed", who);
        if (f->first_per)
            say(w, " for the first time %s among its side's cards", f->first_per == BSK_LIMIT_BATTLE ? "this battle" : "this turn");
        break;
    case BSK_ON_TARGETED:
        say(w, "when %s becomes a target", who);
        break;
    case BSK_WHEN_FIGHTS:
        say(w, "when %s fights", who);
        break;
    case BSK_ON_DIE_ROLL: /* branch dice3 */
        say(w, "when %s rolls", who);
        if (f->roll_value == BSK_ROLL_ABOVE_COST) /* dice5 */
            say(w, " more than its cost");
        else if (f->roll_value > BSK_ROLL_AT_MOST) /* dice7 */
            say(w, " %d or less", f->roll_value - BSK_ROLL_AT_MOST);
        else if (f->roll_value)
            say(w, " a %d", f->roll_value);
        if (f->during) /* dice5 */
            say(w, f->during == BSK_DURING_OWN_TURN ? " in your turn" : " in the opponent's turn");
        break;
    case BSK_ON_INCARNATE: /* trig4 (issue 23) */
        say(w, "when %s incarnates", who);
        break;
    case BSK_ON_COUNTERS_LOST: /* trig4 (issue 23) */
        say(w, "when %s loses counters", who);
        if (f->at_least)
            say(w, " (%d or more at once)", f->at_least);
        break;
    case BSK_ON_DESTROYS: /* curse4 (issue 23) */
        say(w, "when %s destroys a card%s", who, f->destroyed_filter ? " matching its filter" : "");
        if (f->abilities) /* dice7: «уничтожает атакой» */
            say(w, " by an attack");
        for (int k = 0; k < f->effect_count; k++)
            if (f->effects[k].value.var == BSK_EXPR_X) { /* dice7: the trigger's X */
                say(w, " (X: the excess damage)");
                break;
            }
        break;
    case BSK_WOULD_GAIN_FEATURE: {
        const char *k = f->gain_keyword ? bsk_keyword_name(f->gain_keyword - 1) : NULL;
        say(w, "instead of %s gaining %s", f->role == BSK_ROLE_SELF ? "this card" : who, k ? k : "a keyword");
        break;
    }
    default:
        say(w, "on %s", bsk_feature_event_id(f->event) ? bsk_feature_event_id(f->event) : "?");
        break;
    }
    say(w, ": ");
}

/* An activated feature's cost, ending with ": " (113, 114; glossary {tap}, {counter}, {instant}). */
static void say_cost(words *w, const bsk_feature *f)
{
    int parts = 0;
    if (f->instant)
        say(w, "%sinstant", parts++ ? ", " : "");
    if (f->counters == BSK_FEATURE_COUNTERS_X) /* 543.2: X chosen as it is declared */
        say(w, "%spay X counters (X chosen as it is declared, at least 1)", parts++ ? ", " : "");
    else if (f->counters)
        say(w, "%spay %d counter%s", parts++ ? ", " : "", f->counters, f->counters == 1 ? "" : "s");
    if (f->tap)
        say(w, "%stap", parts++ ? ", " : "");
    if (f->cost_wound) /* static2: the costs beyond tap, counters, instant */
        say(w, "%swound this card by %d", parts++ ? ", " : "", f->cost_wound);
    if (f->cost_tap_adjacent)
        say(w, "%stap an adjacent open creature of yours", parts++ ? ", " : "");
    if (f->cost_extra_lives) /* branch costs4: the other prepaid costs (501.3, 501.4) */
        say(w, "%slose %d extra li%s", parts++ ? ", " : "", f->cost_extra_lives, f->cost_extra_lives == 1 ? "fe" : "ves");
    if (f->cost_destroy_self)
        say(w, "%sdestroy this card", parts++ ? ", " : "");
    if (f->cost_return_self)
        say(w, "%sreturn this card to its deck", parts++ ? ", " : "");
    say(w, parts ? ": " : "no cost: ");
}

static void say_condition(words *w, const bsk_feature *f)
{
    static const char *const conditions[BSK_FEATURE_CONDITION_COUNT] = {
        [BSK_FEATURE_IF_WOUNDED] = "if this card is wounded",
        [BSK_FEATURE_IF_UNWOUNDED] = "if this card is not wounded",
        [BSK_FEATURE_IF_FORMATION] = "while in formation",
        [BSK_FEATURE_IF_AT_DEPTH] = "while at depth",
        [BSK_FEATURE_IF_ON_SURFACE] = "while on the surface",
        [BSK_FEATURE_IF_WOLF] = "in wolf form",
        [BSK_FEATURE_IF_HUMAN] = "in human form",
        [BSK_FEATURE_IF_REBUFF] = "while rebuff is active",
        [BSK_FEATURE_IF_SECOND] = "if its controller goes second"}; /* batl9: glossary «Если вы ходите вторым» */
    if (f->condition > 0 && f->condition < BSK_FEATURE_CONDITION_COUNT && conditions[f->condition])
        say(w, "(%s) ", conditions[f->condition]);
    static const char *const ops[] = {NULL, "at most", "at least", "exactly", "fewer than", "more than"};
    if (f->if_source) /* static2: the condition's filter and count (their filters are the table's) */
        say(w, "(while this card matches its condition) ");
    if (f->if_op && f->if_op < sizeof ops / sizeof ops[0])
        say(w, "(while %s %d matching cards are in the battle zone, or the graveyards for a graveyard count) ", /* grave10 */
            ops[f->if_op], f->if_value);
}

/* 545.7, glossary «Один (X) раз за ход (прочее)», «Один (X) раз за бой»: " (once per turn)". */
static void say_limit(words *w, const bsk_feature *f)
{
    if (f->limit_per != BSK_LIMIT_TURN && f->limit_per != BSK_LIMIT_BATTLE)
        return;
    const char *per = f->limit_per == BSK_LIMIT_TURN ? "turn" : "battle";
    if (f->limit_battle) /* spawn11 (issue 23): «1 раз за ход, 3 раза за бой» */
        say(w, " (%d time%s per turn, %d times per battle)", f->limit_count, f->limit_count == 1 ? "" : "s",
            f->limit_battle);
    else if (f->limit_count == 1)
        say(w, " (once per %s)", per);
    else
        say(w, " (%d times per %s)", f->limit_count, per);
}

/* compound3: whether a record links or is optional (505): then every link is said. */
static bool compound(const bsk_feature *f)
{
    for (int k = 0; k < f->effect_count; k++)
        if (f->effects[k].link || f->effects[k].optional)
            return true;
    return false;
}

size_t bsk_feature_describe(const bsk_feature *f, char *out, size_t size)
{
    words w = {out, size, 0};
    if (out && size)
        out[0] = '\0';
    if (f->marker) /* mark9 (issue 23): 544.1, 544.5 */
        say(&w, "carried by each named marker of its name (not this card's own; each marker triggers; on a card, "
                "\"this card\" is the marked card): ");
    if (f->given) /* spawn11 (issue 23): glossary «Входит в игру с [текст]» */
        say(&w, "given to each card this card's summon or gain_feature of this sentence brings into play or names "
                "(not this card's own; \"this card\" is the card given it): ");
    say_condition(&w, f);
    if (f->kind == BSK_FEATURE_ACTIVATED)
        say_cost(&w, f);
    else if (f->event != BSK_EVENT_NONE)
        say_trigger(&w, f);
    else if (f->kind == BSK_FEATURE_STATIC) /* static2: applies continuously (117) */
        say(&w, "always: ");
    if (f->optional)
        say(&w, "you may ");
    if (f->kind == BSK_FEATURE_TRIGGERED && f->cost_extra_lives == BSK_FEATURE_COUNTERS_X) /* count12 (issue 23) */
        say(&w, "lose X extra lives (X chosen as it is declared, 1 up to the extra lives it has; a chosen card's "
                "filter may read X as its movement at most X), and with that ");
    if (f->event == BSK_BEFORE_RECRUITMENT && f->kind == BSK_FEATURE_TRIGGERED) { /* prebattle12 (issue 23) */
        if (f->recruit_gold)
            say(&w, "pay %d gold crystal%s of your recruitment's (402.1) and ", f->recruit_gold,
                f->recruit_gold == 1 ? "" : "s");
        say(&w, f->recruit_self == BSK_BEFORE_SELF_SQUAD
                    ? "take this card into your squad now, paying its cost (403.1.1; kept if you restart, 403.2.4)"
                    : "put this card from your deal into your graveyard (205.1)");
        if (f->trigger_filter)
            say(&w, ", then put a card of your deal matching a filter into your graveyard (chosen; none: nothing)");
    } else if (f->handler) {
        const char *id = bsk_feature_handler_id(f->handler);
        say(&w, "the card's own rule (handler %s)", id ? id : "?");
    } else if (f->mode) { /* «или»: the records are the alternatives */
        say(&w, "either ");
        for (int k = 0; k < f->effect_count; k++) {
            if (k)
                say(&w, " or ");
            say_effect(&w, f, &f->effects[k]);
        }
    } else if (compound(f)) { /* compound3 (issue 22, 505): each record's link to the ones before it */
        static const char *const links[BSK_LINK_COUNT] = {
            [BSK_LINK_AND] = ", and ", [BSK_LINK_ELSE] = ", otherwise ", [BSK_LINK_THEN_IF] = ", then if it did, ",
            [BSK_LINK_WHILE_DOING] = ", and if that succeeded in full, ", [BSK_LINK_THEN] = ", then ",
            [BSK_LINK_OR] = ", or, as its controller chooses, "};
        for (int k = 0; k < f->effect_count; k++) {
            const bsk_feature_effect *e = &f->effects[k];
            if (k)
                say(&w, "%s", links[e->link < BSK_LINK_COUNT ? e->link : 0]);
            if (e->optional)
                say(&w, "optionally, ");
            say_effect(&w, f, e);
        }
    } else {
        for (int k = 0; k < f->effect_count; k++) {
            if (k)
                say(&w, k == f->effect_count - 1 ? ", then " : ", ");
            say_effect(&w, f, &f->effects[k]);
        }
    }
    say_limit(&w, f);
    return w.need;
}

size_t bsk_card_feature_words(const bsk_card *card, int index, char *out, size_t size)
{
    const bsk_card_features *features = card->features;
    if (bsk_card_feature_runs(features, index))
        return bsk_feature_describe(&features->features[index], out, size);
    int n = features->engine[index] == BSK_ENGINE_TEXT_ONLY
                ? snprintf(out, size, "not run: the engine cannot say it (text_only)")
                : snprintf(out, size, "not run: handler %s is not in the engine", features->handler[index]);
    return n < 0 ? 0 : (size_t)n;
}

size_t bsk_card_support_words(const bsk_card *card, char *out, size_t size)
{
    int checked = bsk_card_support_checked(card);
    int n = checked == card->support
                ? snprintf(out, size, "%s", bsk_support_id(card->support))
                : snprintf(out, size, "%s (the engine finds %s)", bsk_support_id(card->support), bsk_support_id(checked));
    return n < 0 ? 0 : (size_t)n;
}
