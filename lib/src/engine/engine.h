/* engine.h — internals shared by the match engine's files (lib/src/engine/): the questions a
 * state can ask, the execution steps of a stack entry (512.6), and the helpers every part uses.
 * Not installed; the public API is berserk/match.h. */
#ifndef BERSERK_ENGINE_H
#define BERSERK_ENGINE_H

#include "berserk/match.h"
#include "berserk/assert.h"
#include "berserk/placement.h"

#include <stddef.h>
#include <string.h>

/* A feature's slow path or a rare keyword's: kept out of its callers (noinline), so the code the battle runs
 * every action stays compact (the instruction cache; issue 22 speed). Not `cold` (issue 23): with the real
 * decks' abilities these run every few actions, and gcc's split of the paths calling a cold function put hot
 * code far from its function (engine README, "Speed"). */
#define ENGINE_COLD __attribute__((noinline))

/* What the player named by match->priority is asked (match->question). */
enum {
    Q_NONE,
    Q_FIRST,     /* 402.1: the higher roller chooses who goes first */
    Q_REDEAL,    /* 402.4: keep or redeal */
    Q_RECRUIT,   /* 403.2: take a card or finish */
    Q_PLACE,     /* 404.1 */
    Q_HIDE,      /* 405.1: the second player keeps row-6 cards hidden */
    Q_SEAT,      /* 405.2: a host for a symbiote */
    Q_CHOICE,    /* 411.2: the active player's choice */
    Q_GUARD,     /* 512.6.4, 514: the non-active player may assign a guard */
    Q_STEP_DOWN, /* 515.3: the higher roller may step down one row */
    Q_ORDER,     /* 305.1: the order of a player's simultaneous triggers */
    Q_WINDOW,    /* 303, 512: priority inside a window: fast actions or pass */
    Q_CHOOSE,    /* a feature's question (match->choice): use, mode or choose; glossary «Рывок» asks it too */
    Q_BEFORE,    /* prebattle12 (issue 23), 403.1: use a «до набора отряда» feature of a deal card, or decline */
    Q_BEFORE_GRAVE, /* prebattle12: the deal card the feature just used (taken last) puts into the graveyard */
};

/* Execution steps of a stack entry (512.6.1, 512.7): Legality, Cancel, Target resolution, Die
 * roll, Calculation, Blocking, Apply, Completion, Payment; an attack runs one function per step
 * (resolve.c, ATTACK_STEPS). */
enum {
    S_LEGALITY, S_CANCEL, S_TARGETS, S_ROLL, S_CALC, S_BLOCK, S_APPLY, S_COMPLETE, S_PAYMENT, S_STEP_COUNT
};

/* Stack entry flags. */
enum {
    E_FIGHT = 1u << 0,       /* both cards roll: the hit table (515.2) */
    E_REDIRECTED = 1u << 1,  /* a guard or another redirect took it (514.8) */
    E_PAY = 1u << 2,         /* paid even though it stopped (512.6.3, 512.6.4) */
    E_ASKED = 1u << 3,       /* the step's question has been answered */
    E_UNANSWERED = 1u << 4,
    E_DIRECTED = 1u << 5,
    E_TRIGGERED = 1u << 6,   /* a triggered feature (BSK_ACT_FEATURE) */
    E_PREPAID = E_DIRECTED,  /* on a feature entry (E_DIRECTED is an attack's): its prepaid costs went at its
                                Legality step (501.14) */
    E_WINDOW_DONE = 1u << 7  /* the window of the current step closed with nothing declared */
};

/* Stack entry flags2. */
enum {
    E2_CANCELLED = 1u << 0,      /* a cancel feature resolved against it (512.6.3) */
    E2_TRIGGERS_DONE = 1u << 1,  /* its step's triggers were collected */
    E2_IN_WINDOW = 1u << 2,      /* its step's window is open (303.4 b: it re-opens on top) */
    E2_MODE2 = 1u << 3,          /* a feature declared with its second option («или», `mode` 2) */
    /* branch ops2 */
    E2_SPAWNED = 1u << 4,        /* a spawned attack (537, glossary §3.5): from the Target resolution step, no
                                  * payment; on a feature entry: its spawned attack is above it (537.2 d) */
    E2_ROLLED = 1u << 5,         /* its dice are rolled, the modifiers not yet applied (the roll window, 519.1) */
    E2_PAID_NO_DIE = 1u << 6,    /* with E2_ROLLED: no die was rolled (306.3 b) */
    /* branch block3 */
    E2_BLOCKED = 1u << 7         /* a block feature resolved against it in its Blocking step (531.4: no effect,
                                  * not executed, paid) */
};

/* Stack entry flags3 (times3, issue 22; hashed after its tag only when set). */
enum {
    E3_NO_TAP_SOURCE = 1u << 0, /* 540.4: «не закрывается после этой атаки» — its source does not tap at payment */
    E3_NO_TAP_GUARD = 1u << 1,  /* 540.4.1: the same for its guard (the counter-striking defender) */
    /* acquired4 (issue 22 §1): a dead card's on-death attack (201.2.3: its active zone is the graveyard, so
     * 526.1 keeps it while the card is there; 201.2.4: made from the cell it died on, bsk_match.died_cell) */
    E3_FROM_GRAVEYARD = 1u << 2,
    /* curse4 (issue 23), 512.7: an on_destroys trigger of a death in an attack waits below that attack until the
     * attack's payment («после того, как уничтожает»: the «после» triggers come at the payment step) */
    E3_AFTER_PAYMENT = 1u << 3,
    /* dice7 (issue 23), 306.5.2: the source's (bit 4) / the defender's (bit 5) two dice for its strength were equal:
     * +X to its strike of this attack (engine_magnitude_mods, X its roll_twice record's). While the die roll step
     * waits for a two-dice roller's choice, the second dice are kept in the attack entry's `x` (a feature entry's
     * X alone uses it): low nibble the source's, high nibble the defender's, 0 none or chosen. */
    E3_DICE_EQUAL = 1u << 4,
    /* fight9 (issue 23), 537.5: «сражается с [целью], как с открытым существом» — both roll as for two open creatures
     * whatever the target's state and squad (bit 6: bit 5 is E3_DICE_EQUAL's defender) */
    E3_AS_OPEN = 1u << 6,
    /* spawn11 (issue 23), 536.5.1: a summon's card was taken from the deck into the hand (536.5.1.2) and its cell
     * asked (the entry's `cell` then holds the cell, -2 the extra zone for a flyer) */
    E3_SUMMONING = 1u << 7
};

enum { STRENGTH_MISS = -1, STRENGTH_WEAK, STRENGTH_MEDIUM, STRENGTH_STRONG };

static inline int engine_other(int player) { return 3 - player; }
static inline bsk_match_side *engine_side(bsk_match *m, int player) { return &m->sides[player - 1]; }
static inline const bsk_card_entry *engine_entry(const bsk_card_table *cards, const bsk_match *m, int unit) {
    return &cards->entries[m->units[unit].slot];
}
static inline bool engine_in_battle(const bsk_unit *u) {
    return u->zone == BSK_ZONE_BATTLEFIELD || u->zone == BSK_ZONE_EXTRA;
}
/* Row (0..5) and column (0..4) of a cell, without a division. */
static const int8_t ENGINE_ROW[30] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2,
                                      3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5};
static const int8_t ENGINE_COL[30] = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4,
                                      0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4};
static inline int engine_chebyshev(int a, int b)
{
    int dc = ENGINE_COL[a] - ENGINE_COL[b], dr = ENGINE_ROW[a] - ENGINE_ROW[b];
    dc = dc < 0 ? -dc : dc;
    dr = dr < 0 ? -dr : dr;
    return dc > dr ? dc : dr;
}
static inline int engine_manhattan(int a, int b)
{
    int dc = ENGINE_COL[a] - ENGINE_COL[b], dr = ENGINE_ROW[a] - ENGINE_ROW[b];
    return (dc < 0 ? -dc : dc) + (dr < 0 ? -dr : dr);
}
/* Cell sets (cells.c): the 3×3 block around a cell, itself included; the cells within a
 * Manhattan distance (9 reaches the whole battlefield). */
#define ENGINE_RANGE_ALL 9
#define ENGINE_ALL_CELLS 0x3fffffffu
extern const uint32_t ENGINE_BLOCK[30];
extern const uint32_t ENGINE_WITHIN[30][ENGINE_RANGE_ALL + 1];
static inline uint32_t engine_within(int cell, int range)
{
    return range < 0 ? 0 : ENGINE_WITHIN[cell][range > ENGINE_RANGE_ALL ? ENGINE_RANGE_ALL : range];
}

/* ---- Characteristics: a unit's card as the game sees it now ----
 * The one place the engine reads a card's life, strikes, movement, keywords (with their X),
 * attack abilities, classes, elements, type and subtype: the printed values of its card table
 * entry, then what the unit acquired or lost for the battle (granted[], lost[], granted_x[]), then
 * the active effects in the order they were made (effects[]: grant, lose, set, modify), then its
 * extra life. Each has a fast exit: a unit with nothing acquired or lost and no extra life while no
 * effect is active (engine_char_altered) reads its printed values, so games of printed cards pay
 * one test. The hot
 * ones are inline below; the rest are in characteristics.c. Only the card's identity (its name, id,
 * cost, features) is read from the entry directly. Type, subtype, classes and elements no effect
 * changes yet. */
static inline bool engine_char_altered(const bsk_match *m, int unit)
{
    return (m->altered >> unit) & 1u;
}
/* The slow paths (characteristics.c): the keyword set, a keyword's X (printed: -1 when none), and a
 * characteristic (bsk_effect_char) from its printed value, each after acquired, lost and effects. */
uint64_t engine_char_keywords_altered(const bsk_match *m, const bsk_card_table *cards, int unit, uint64_t printed);
/* static2 (issue 22): the static features (kind static, no event; 117, 121) of the cards in the battle
 * zone, read whenever a characteristic is read, behind the card table's statics_any (0: none, the hot
 * path unchanged): the keywords they grant the unit (added to `keywords`), the largest X they grant it
 * with `keyword` (-1: none), the sum of their named modifiers of `keyword` (518.6), of the characteristic
 * `what` (BSK_CHAR_MOVEMENT, BSK_CHAR_DIE_ROLL), and the 520.2 c modifiers of an attack of kind `kind`
 * by `striker` at `target` (attack_modifier of the striker, incoming_attack_modifier of the target),
 * appended to mods (at most `max`; returns the new count). A source's static holds while it is in the
 * battle zone, revealed (533.4), and its condition holds (engine_feature_condition_holds). */
ENGINE_COLD uint64_t engine_static_keywords(const bsk_match *m, const bsk_card_table *cards, int unit,
                                            uint64_t keywords);
ENGINE_COLD int engine_static_grant_x(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword);
/* guard10 (issue 23): units of armor left (glossary «Броня X»), for a filter's "armor_left"; characteristics.c. */
ENGINE_COLD int engine_armor_left(const bsk_match *m, const bsk_card_table *cards, int unit);
ENGINE_COLD int engine_static_named_sum(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword,
                                        bool *any);
ENGINE_COLD int engine_static_sum(const bsk_match *m, const bsk_card_table *cards, int unit, int what);
/* group3 (issue 22): `n` counters gained by unit (123), as far as a holding static max_counters lets it
 * (545.2 «Максимум X фишек»: a gain past X ends at X; X 0, 545.4 «Не может получать фишки»: none
 * arrives; a card already past X keeps what it has). One byte test (statics_any) when no card of the
 * match has the limit. Returns the counters it gained. */
ENGINE_COLD int engine_static_max_counters(const bsk_match *m, const bsk_card_table *cards, int unit);
static inline int engine_gain_counters(bsk_match *m, const bsk_card_table *cards, int unit, int n)
{
    bsk_unit *u = &m->units[unit];
    int to = u->counters + n > 255 ? 255 : u->counters + n;
    if (cards->statics_any & BSK_STATIC_COUNTERS) {
        int max = engine_static_max_counters(m, cards, unit);
        if (max >= 0 && to > max)
            to = max > u->counters ? max : u->counters;
    }
    int gained = to - u->counters;
    u->counters = (uint8_t)to;
    return gained;
}
/* group3 (issue 22): the declaration just queued (the queue's last entry), an activated feature with a group
 * target (BSK_TARGET_GROUP): its group slot made from its first card, then Q_CHOOSE `choose`
 * (BSK_CHOICE_GROUP) for each next card until it has N (512.5: the targets are declared); false when nothing
 * is asked. engine_group_answer adds the card answered and goes on: the next card, else the window's
 * priority (in_window) or the Choice subphase's window. */
ENGINE_COLD bool engine_group_ask(bsk_match *m, const bsk_card_table *cards, bool in_window);
ENGINE_COLD void engine_group_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);
/* Whether unit's feature f's condition holds now (features.c; glossary §3.1 while, §6.2 Condition). */
ENGINE_COLD bool engine_feature_condition_holds(const bsk_match *m, const bsk_card_table *cards, int unit,
                                                const bsk_feature *f);
int engine_char_x_altered(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int printed);
int engine_char_value_altered(const bsk_match *m, const bsk_card_table *cards, int unit, int what, int printed);
static inline int engine_char_type(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_entry(cards, m, unit)->type;
}
static inline int engine_char_subtype(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_entry(cards, m, unit)->subtype;
}
static inline bool engine_char_creature(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_type(m, cards, unit) == BSK_TYPE_CREATURE;
}
/* A creature of one subtype (ground, flyer, companion, parasite); one test, no branch. */
static inline bool engine_char_creature_of(const bsk_match *m, const bsk_card_table *cards, int unit, int subtype)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    return (e->type == BSK_TYPE_CREATURE) & (e->subtype == subtype);
}
static inline bool engine_char_flyer(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_creature_of(m, cards, unit, BSK_SUBTYPE_FLYER);
}
/* 211: a companion or a parasite. */
static inline bool engine_char_symbiote(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    return e->type == BSK_TYPE_CREATURE && (e->subtype == BSK_SUBTYPE_COMPANION || e->subtype == BSK_SUBTYPE_PARASITE);
}
/* 210.2, 213.1: flyers and terrains are never adjacent, even face down. */
static inline bool engine_char_never_adjacent(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    return e->type == BSK_TYPE_TERRAIN || (e->type == BSK_TYPE_CREATURE && e->subtype == BSK_SUBTYPE_FLYER);
}
/* The printed life (BSK_UNSET when none): only for whether the card has life to lose (509.1). */
static inline int engine_char_printed_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_entry(cards, m, unit)->life;
}
/* Whether a lasting effect may take a card's life below its printed life (characteristics.c). */
bool engine_life_may_drop(const bsk_match *m);
/* The slow path of life: the printed life set and modified, plus extra life. */
int engine_char_life_altered(const bsk_match *m, const bsk_card_table *cards, int unit, int printed);
/* Life and movement of a unit that is not altered (engine_char_altered false): the printed values,
 * 0 when none is printed. For the loops over every card that test m->altered once (509.1, 409.2);
 * anything else reads engine_char_life and engine_char_movement. */
static inline int engine_char_unaltered_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    int life = engine_entry(cards, m, unit)->life;
    return life < 0 ? 0 : life;
}
static inline int engine_char_unaltered_movement(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    int movement = engine_entry(cards, m, unit)->movement;
    return movement < 0 ? 0 : movement;
}
/* Life (max life, 208.3, 508.4): printed (0 when none is printed: artifacts, terrains), set and
 * modified, plus extra life (508.8.1: less negative life), never below 0 (517.2). */
static inline int engine_char_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    int life = engine_char_unaltered_life(m, cards, unit);
    if (engine_char_altered(m, unit))
        life = engine_char_life_altered(m, cards, unit, life);
    return life;
}
/* Movement (208.5): 0 when none is printed. */
static inline int engine_char_movement(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    int movement = engine_char_unaltered_movement(m, cards, unit);
    if (engine_char_altered(m, unit) | ((cards->statics_any & BSK_STATIC_MOVEMENT) != 0))
        movement = engine_char_value_altered(m, cards, unit, BSK_CHAR_MOVEMENT, movement);
    return movement;
}
/* 208.8: whether the card has a simple strike. */
static inline bool engine_char_has_strike(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return !(engine_entry(cards, m, unit)->flags & BSK_ENTRY_NO_STRIKE);
}
/* The simple strike's value at strength 0 (weak), 1 (medium), 2 (strong), unmodified by 520. */
static inline int engine_char_strike(const bsk_match *m, const bsk_card_table *cards, int unit, int strength)
{
    int value = engine_entry(cards, m, unit)->strike[strength];
    if (engine_char_altered(m, unit))
        value = engine_char_value_altered(m, cards, unit, BSK_CHAR_STRIKE_WEAK + strength, value);
    return value;
}
/* The simple strike's three values (weak, medium, strong), read before any is stored. */
static inline void engine_char_strikes(const bsk_match *m, const bsk_card_table *cards, int unit, int out[3])
{
    const int8_t *strike = engine_entry(cards, m, unit)->strike;
    int weak = strike[0], medium = strike[1], strong = strike[2];
    if (engine_char_altered(m, unit)) {
        weak = engine_char_value_altered(m, cards, unit, BSK_CHAR_STRIKE_WEAK, weak);
        medium = engine_char_value_altered(m, cards, unit, BSK_CHAR_STRIKE_MEDIUM, medium);
        strong = engine_char_value_altered(m, cards, unit, BSK_CHAR_STRIKE_STRONG, strong);
    }
    out[0] = weak;
    out[1] = medium;
    out[2] = strong;
}
/* 519.2 group 1: the +X / −X effects give the unit's die rolls (0 without any). */
static inline int engine_char_die_roll(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return m->effect_count || (cards->statics_any & BSK_STATIC_DIE)
               ? engine_char_value_altered(m, cards, unit, BSK_CHAR_DIE_ROLL, 0)
               : 0;
}
/* Wrappers (121.1, glossary «Строй», «На глубине», «На поверхности»; the werewolf forms and rebuff,
 * extensions): whether the unit meets a wrapper's condition (bsk_condition: FORMATION, AT_DEPTH,
 * ON_SURFACE, WEREWOLF_WOLF, WEREWOLF_HUMAN, REBUFF; false for any other) — read from the board at once
 * (rebuff: from bsk_match.rebuff, set before the turn's start by engine_rebuff_start),
 * so a formation broken by a move or a death is broken at that moment (glossary «Разорвать
 * строй»); and the keywords of the card's held[] whose condition holds, with their largest X
 * (-1: none held, or held without a number). characteristics.c. */
ENGINE_COLD bool engine_condition_holds(const bsk_match *m, const bsk_card_table *cards, int unit, int condition);
ENGINE_COLD uint64_t engine_char_held_keywords(const bsk_match *m, const bsk_card_table *cards, int unit);
ENGINE_COLD int engine_char_held_x(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword);
/* The keyword set (bit k: 1ull << bsk_keyword_id): the unconditional printed keywords and those
 * held under a wrapper whose condition holds (they count as acquired: glossary «Строй»), plus the
 * acquired, less the lost (attack abilities are engine_char_attack's). */
static inline uint64_t engine_char_keywords(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    uint64_t keywords = e->keywords;
    if (e->held_count) /* a card with keywords under a wrapper (formation, at depth …): rare */
        keywords |= engine_char_held_keywords(m, cards, unit);
    if (cards->statics_any & BSK_STATIC_KEYWORDS) /* static2: a static feature grants it (117, 121) */
        keywords = engine_static_keywords(m, cards, unit, keywords);
    if (engine_char_altered(m, unit))
        keywords = engine_char_keywords_altered(m, cards, unit, keywords);
    return keywords;
}
static inline bool engine_char_has(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword)
{
    return (engine_char_keywords(m, cards, unit) >> keyword) & 1u;
}
/* The search behind engine_char_x, for a unit that has the keyword (characteristics.c): out of
 * line, so the many callers stay small (the hot battle code fits the instruction cache). */
int engine_char_x_search(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int unprinted);
/* engine_char_x for a caller that already holds the unit's keyword set (engine_char_keywords). */
static inline int engine_char_x_of(const bsk_match *m, const bsk_card_table *cards, int unit, uint64_t keywords,
                                   int keyword, int unprinted)
{
    return (keywords >> keyword) & 1u ? engine_char_x_search(m, cards, unit, keyword, unprinted) : 0;
}
/* X of a named feature (518): 0 without it, `unprinted` when it has no X ("Если X не указан,
 * то X=1"), the largest when printed or acquired twice (518.3, glossary «Именная особенность»);
 * never below 0 (518.8). Keywords held under a wrapper count while it holds (held[]); those under
 * another condition are not in the entry (card_table.c). */
static inline int engine_char_x(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int unprinted)
{
    return engine_char_x_of(m, cards, unit, engine_char_keywords(m, cards, unit), keyword, unprinted);
}
/* The counters feature f's cost takes: its number, or for «X {counter}» the X its entry e chose (543.2; with
 * no entry, 1: what declaring it needs at least, 523.2). */
static inline int engine_feature_counters(const bsk_feature *f, const bsk_stack_entry *e)
{
    return f->counters != BSK_FEATURE_COUNTERS_X ? f->counters : e ? e->x : 1;
}
/* The X-counter question of the declaration just queued (BSK_CHOICE_X, `choose` 1..what the card can pay),
 * true when asked; its answer, which goes on to the group target's cards (engine_group_ask) or the window. */
ENGINE_COLD bool engine_counters_x_ask(bsk_match *m, const bsk_card_table *cards, bool in_window);
ENGINE_COLD void engine_counters_x_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);

/* The attack abilities (111) in catalogue order: how many, and the k-th with its parameters. */
static inline int engine_char_attack_count(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_entry(cards, m, unit)->attack_count;
}
/* A stack entry's ability k >= ENGINE_SPAWNED_ATTACK names the attack ability record r of the source's
 * feature j (k = ENGINE_SPAWNED_ATTACK + j * BSK_FEATURE_EFFECTS_MAX + r): a spawned attack the feature
 * prints (op spawn_attack with an attack, glossary §3.5), not one of the card's own. */
#define ENGINE_SPAWNED_ATTACK 64
/* blow11 (issue 23): the X of a spawned attack printed «на X» (its parent feature entry's, at most its at_most). */
ENGINE_COLD int engine_spawned_x(const bsk_match *m, const bsk_card_table *cards, int unit, int k);
/* k >= ENGINE_SPAWNED_ACQUIRED: record r of the unit's acquired entry a (k = ENGINE_SPAWNED_ACQUIRED + a *
 * BSK_FEATURE_EFFECTS_MAX + r): an attack a feature the unit acquired prints (glossary «Получает особенность»). */
#define ENGINE_SPAWNED_ACQUIRED (ENGINE_SPAWNED_ATTACK + BSK_CARD_FEATURES_MAX * BSK_FEATURE_EFFECTS_MAX)
_Static_assert(ENGINE_SPAWNED_ACQUIRED + BSK_MATCH_ACQUIRED_MAX * BSK_FEATURE_EFFECTS_MAX - 1 <= INT8_MAX,
               "a stack entry's ability (int8_t) names every spawned attack");
ENGINE_COLD const bsk_attack *engine_spawned_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int k);
static inline const bsk_attack *engine_char_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    return &engine_entry(cards, m, unit)->attacks[k];
}
/* move8 (issue 23): whether the unit has its attack k now — always, unless the attack is the tag of a «получает
 * [атаку]» (bsk_card_table.granted_attacks), which it has while it holds the attack's keyword (an effect gave it). */
static inline bool engine_attack_had(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    int slot = m->units[unit].slot;
    return slot >= cards->count || !((cards->granted_attacks[slot] >> k) & 1u) ||
           ((engine_char_keywords(m, cards, unit) >> engine_entry(cards, m, unit)->attacks[k].keyword) & 1u);
}
/* The attack a stack entry's ability index k names: the card's k-th, or a spawned one the feature
 * prints (k >= ENGINE_SPAWNED_ATTACK); the readers of entries call this, the legal list the above. */
static inline const bsk_attack *engine_stack_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int k)
{
    if (k >= ENGINE_SPAWNED_ATTACK)
        return engine_spawned_attack(m, cards, unit, k);
    return &engine_entry(cards, m, unit)->attacks[k];
}
/* The index in the unit's attacks of the attack with catalogue keyword index `keyword`, -1. */
int engine_char_attack_index(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword);
/* Classes (bit set of 1ull << bsk_class) and elements (bit set of 1u << bsk_element). */
ENGINE_COLD uint64_t engine_char_classes(const bsk_match *m, const bsk_card_table *cards, int unit);
ENGINE_COLD unsigned engine_char_elements(const bsk_match *m, const bsk_card_table *cards, int unit);

/* 210.2, 213.1 as `viewer` (the declaring player) knows it: 533.6, an opponent's face-down card
 * counts as an ordinary card on its cell, so it is adjacent by its cell until revealed; the
 * player's own face-down flyer or terrain is never adjacent. */
static inline bool engine_unit_never_adjacent(const bsk_match *m, const bsk_card_table *cards, int unit, int viewer)
{
    if ((m->units[unit].flags & BSK_UNIT_HIDDEN) && m->units[unit].owner != viewer)
        return false;
    return engine_char_never_adjacent(m, cards, unit);
}
/* 510.1: whether the unit can act (declare an action, pay {tap}): in the battle zone, open,
 * without an action marker. */
static inline bool engine_unit_can_act(const bsk_match *m, int unit)
{
    const bsk_unit *u = &m->units[unit];
    return engine_in_battle(u) && !(u->flags & BSK_UNIT_TAPPED) && u->actions == 0;
}
/* times3 (issue 22): 510.3 — how many action markers unit may have and still act in way `kind`
 * (BSK_ACTIONS_*): the largest X of the holding actions_per_turn records of that way (or of "act"), 255 for
 * "any number"; 1 without one (510.1). characteristics.c. */
ENGINE_COLD int engine_actions_limit(const bsk_match *m, const bsk_card_table *cards, int unit, int kind);
/* 510.1 with 510.3: whether the unit can act in way `kind` (BSK_ACTIONS_*): in the battle zone, open, with
 * fewer action markers than its limit — none without an actions_per_turn (the fast exit: the table's
 * times_any, false when no card of the match has one). */
static inline bool engine_unit_can_act_as(const bsk_match *m, const bsk_card_table *cards, int unit, int kind)
{
    const bsk_unit *u = &m->units[unit];
    if (!engine_in_battle(u) || (u->flags & BSK_UNIT_TAPPED))
        return false;
    return u->actions == 0 || (cards->times_any && u->actions < engine_actions_limit(m, cards, unit, kind));
}
/* 507.2, 524.2: the cells `unit` may move onto (its own cell aside): the free ones; an incorporeal
 * creature also an occupied cell that no second card shares yet. */
static inline uint32_t engine_enterable(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_has(m, cards, unit, BSK_KEYWORD_INCORPOREAL) ? ~m->shared : ~m->occupied;
}
/* Current life: life minus wounds (508). */
static inline int engine_unit_life(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return engine_char_life(m, cards, unit) - m->units[unit].wounds;
}
/* vamp5 (issue 23): of a gain of `amount` extra life (508.4), what a holding static max_life lets unit gain:
 * «Максимум X {health}» (508.2.2, 545.2, a replacement) keeps its current maximum at X at most, the rest is
 * never gained (a maximum already past X stays: nothing is lost). A loss (amount <= 0) passes. One byte
 * test (statics_any) when no card of the match has a limit. */
ENGINE_COLD int engine_static_max_life(const bsk_match *m, const bsk_card_table *cards, int unit);
static inline int engine_life_gain_allowed(const bsk_match *m, const bsk_card_table *cards, int unit, int amount)
{
    if (amount <= 0 || !(cards->statics_any & BSK_STATIC_COUNTERS))
        return amount;
    int max = engine_static_max_life(m, cards, unit);
    if (max < 0)
        return amount;
    int room = max - engine_char_life(m, cards, unit);
    return amount < room ? amount : room > 0 ? room : 0;
}
/* ---- Effects in the state (characteristics.c; durations end in battle.c) ---- */

/* Whether effect e applies to `unit` now (its filter read against the board). */
ENGINE_COLD bool engine_effect_applies(const bsk_match *m, const bsk_card_table *cards, const bsk_effect *e, int unit);
/* Adds an effect (a TURN duration's `until` from engine_turn_end_of). A movement effect changes the
 * movement left of the cards it reaches by as much (506); a life effect leaves the wounds (508.8),
 * so the caller runs engine_destroy_dead (509.1). False when effects[] is full: the game is then
 * drawn by the effects cap (DESIGN §5), never a crash or a silent drop. */
ENGINE_COLD bool engine_effect_add(bsk_match *m, const bsk_card_table *cards, const bsk_effect *e);
/* The last game turn of "until the end of the turn" (player 0) or of "until the end of player's
 * next turn" (the current turn when it is that player's and `next` is false). */
ENGINE_COLD int engine_turn_end_of(const bsk_match *m, int player, bool next);
/* The unit acquires keyword `keyword` for the battle, with its number x (0: none) — a loss is
 * taken back (glossary §3.2 `lose_battle`); not performed when it has the keyword already without
 * a number or with one at least x (518.2, 518.3; a larger one replaces the acquired ones for good,
 * engine_effect_add's unit grants too). Or it loses the keyword for the battle (an acquired one
 * with it). engine_grant is false, and the game drawn by the effects cap, when the unit has
 * BSK_UNIT_GRANTED_X_MAX numbers already. */
ENGINE_COLD bool engine_grant(bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int x);
ENGINE_COLD void engine_lose(bsk_match *m, int unit, int keyword);
/* 541.4: the unit's acquired keyword `keyword` is removed for good (its grants to this unit alone:
 * for the battle, with its number, and unit effects); an own one and a side's effect are untouched
 * (a loss effect suppresses those while it lasts). */
ENGINE_COLD void engine_drop_acquired(bsk_match *m, int unit, int keyword);
/* 508.8.2: extra life (amount > 0) or negative life (amount < 0); they cancel. */
void engine_extra_life(bsk_match *m, int unit, int amount);
/* 413.3: the effects "until the end of [this] turn" end together; true when one did (the caller
 * looks for deaths: a life effect may end). */
ENGINE_COLD bool engine_effects_end_turn(bsk_match *m, const bsk_card_table *cards);
/* The unit left the battle zone: its "while the source is in play" effects end (122.8), effects on
 * it alone and what it acquired or lost go (a card that comes back is a new card). */
void engine_effects_left_play(bsk_match *m, int unit);
/* branch dice5 (issue 23), 122.4.1: the effects on one game action end with it — duration BSK_DURATION_ROLL
 * (until 0) once the die roll step's modifiers applied, BSK_DURATION_ATTACK with `until` its stack index + 1 */
void engine_effects_action_over(bsk_match *m, int duration, int until);
/* move11 (issue 23): attack `e` reached its Calculation step: the next-attack modifiers (BSK_DURATION_NEXT_ATTACK) of
 * its striker — and of the defender in a fight — for that attack's kind are used up, with the other kinds' effects
 * of the same record. Called behind the table's next_attack_any. */
void engine_effects_attack_made(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e);
/* dice5 (issue 23): a static no_wounds_from_attacks of unit covers an attack of this (final) value. */
ENGINE_COLD bool engine_static_no_wounds(const bsk_match *m, const bsk_card_table *cards, int unit, int value);
/* guard10 (issue 23): a holding static protection_from_attacks of unit covers an attack of this bsk_strike_kind and
 * final value (532.2, 534.2). */
ENGINE_COLD bool engine_static_protected(const bsk_match *m, const bsk_card_table *cards, int unit, int kind, int value);
/* farro13 (issue 23): 542.1.3, a holding static ignore_protection of striker lets its attack of this bsk_strike_kind at
 * unit pass unit's protections from that kind (read only once the unit is found protected). */
ENGINE_COLD bool engine_static_ignores_protection(const bsk_match *m, const bsk_card_table *cards, int striker, int unit,
                                                  int kind);
/* branch posio (issue 22 §2; acquired.c): the unit's feature k (its card's, or acquired: k >=
 * BSK_FEATURE_ACQUIRED), NULL when none; acquiring slot's feature `feature` until game turn `until`
 * (BSK_ACQUIRED_BATTLE: for the battle), the entry's index or -1 (full: the effects cap); what goes
 * when the unit leaves the battle zone (its acquired features and named markers); the acquired
 * features "until the end of the turn" ending (413.3); a unit's named markers. */
ENGINE_COLD const bsk_feature *engine_unit_feature(const bsk_match *m, const bsk_card_table *cards, int unit, int k);
/* The units holding an acquired activated feature (bit i: unit i), read from the card table's activated[] of the
 * feature's card: only those of them, and the cards with activated features of their own, list features. */
ENGINE_COLD uint64_t engine_acquired_activated_units(const bsk_match *m, const bsk_card_table *cards);
/* Whether a feature of unit, its card's or acquired (glossary §1.6), satisfies `holds` (acquired.c). */
ENGINE_COLD bool engine_unit_any_feature(const bsk_match *m, const bsk_card_table *cards, int unit,
                                         bool (*holds)(const bsk_feature *f));
ENGINE_COLD int engine_acquire(bsk_match *m, const bsk_card_table *cards, int unit, int slot, int feature, int until);
/* The card left the battle zone for `zone`: its acquired features and named markers go, but for the
 * graveyard its acquired «при гибели – [текст]» features stay (acquired4: 205.4, 201.2.3, 201.2.4); zone
 * -1: it leaves the graveyard, so those go too. */
ENGINE_COLD void engine_acquired_left_play(bsk_match *m, const bsk_card_table *cards, int unit, int zone);
ENGINE_COLD void engine_acquired_end_turn(bsk_match *m);
/* acquired4 (issue 22 §1; 545.7): the execution markers of acquired entry j (bsk_match.acquired_used), one more
 * placed, and 409.2's loss of the per-turn ones. */
ENGINE_COLD int engine_acquired_markers(const bsk_match *m, int j);
ENGINE_COLD void engine_acquired_mark(bsk_match *m, int j);
ENGINE_COLD void engine_acquired_new_turn(bsk_match *m, const bsk_card_table *cards);
ENGINE_COLD int engine_named_count(const bsk_match *m, int unit, int name);
ENGINE_COLD void engine_named_add(bsk_match *m, int unit, int name, int delta);
/* group3 (issue 22, 544.3): the markers named `name` on unit placed by player `by`'s squad (0: every
 * marker); placing them recorded as `by`'s (0: not recorded), removing takes `by`'s first, then any. */
ENGINE_COLD int engine_named_count_by(const bsk_match *m, int unit, int name, int by);
ENGINE_COLD void engine_named_add_by(bsk_match *m, int unit, int name, int by, int delta);
/* cell7 (issue 23): named markers on cells (544.1; bsk_match.cell_markers). The markers named `name` on `cell`
 * placed by player `by`'s squad (0: any placer; 544.3). Adding `delta` > 0 places them as `by`'s, until the end of
 * game turn `until` (0: for the battle); `delta` < 0 removes at most that many of `by`'s (528.10; 0: any placer's)
 * and returns how many went. Past BSK_MATCH_CELL_MARKERS_MAX entries: the effects cap. */
ENGINE_COLD int engine_cell_markers(const bsk_match *m, int cell, int name, int by);
ENGINE_COLD int engine_cell_marker_add(bsk_match *m, int cell, int name, int by, int delta, int until);
/* 413.3: the cell markers «до конца хода» of this turn go (battle.c end_turn). */
ENGINE_COLD void engine_cell_markers_end_turn(bsk_match *m);
/* mark9 (issue 23): features carried by named markers (544.1, 544.4, 544.5; bsk_feature.marker). The index of slot's
 * feature a marker of table name `name` carries, -1 (none, or no marker feature in the table); the marked unit gets
 * that feature of the placing unit's card as an acquired entry recording the placer (never merged: each marker is
 * one feature); the unit cell marker entry c's feature is heard as (-1: none). */
ENGINE_COLD int engine_marker_feature(const bsk_card_table *cards, int slot, int name);
ENGINE_COLD int engine_acquire_marker(bsk_match *m, const bsk_card_table *cards, int unit, int placer, int feature,
                                      int until);
/* farro13 (issue 23): unit acquires feature `feature` of giver's card, a feature that card gives (bsk_feature.given) — kept
 * as a mark9 entry naming giver (the records' "placer"), merged with an equal one (518.2). Returns the entry, -1 none. */
/* farro13 (issue 23): whether unit has a concentration feature, its own or acquired (glossary «Концентрация»: a
 * «существо с концентрацией» has one; 03-032 gives one to its Тоа-Дан), read for a filter's has_keyword concentration. */
ENGINE_COLD bool engine_concentration_feature_had(const bsk_match *m, const bsk_card_table *cards, int unit);
ENGINE_COLD int engine_acquire_given(bsk_match *m, const bsk_card_table *cards, int unit, int giver, int feature,
                                     int until);
ENGINE_COLD int engine_cell_marker_source(const bsk_match *m, const bsk_card_table *cards, int c);
/* mark9: acquired entry j's card slot (a unit marker's: its placer's card) and 1 + a unit marker's placer (0: none). */
ENGINE_COLD int engine_acquired_slot(const bsk_match *m, int j);
ENGINE_COLD int engine_acquired_placer(const bsk_match *m, int j);
/* DESIGN §5: a draw by the effects cap. */
/* DESIGN §5: a game that would overflow a capacity ends as a draw by cap (BSK_CAP_*), never a crash
 * or a silent drop. */
ENGINE_COLD void engine_capacity_cap(bsk_match *m, int cap);
ENGINE_COLD void engine_effects_cap(bsk_match *m);
/* Removes effects[i], the others keeping their order (branch ops2: a prevention used up, 534.4). */
ENGINE_COLD void engine_effect_drop(bsk_match *m, int i);
/* branch ops2 (keywords.c): 519.2 group 2, the unit's die roll `roll` (with its +X / −X) reduced to X by
 * effects (set_die_roll, and branch dice3's flip_die, 519.6) in 519.3's order of origin — the roller's squad's
 * other cards, the roller, the opponent's cards —, each origin's in the order they were made (519.4's choice
 * is not asked); 534: the wounds about to be imposed on `unit` after its
 * prevention effects (each-time ones first, then the used-up ones, which are used up, 534.4; one whose
 * source left the battle zone does nothing, 534.6); 520.2 a: the strength an effect makes strike
 * `which` of e (set_attack_strength), -1 when none. */
ENGINE_COLD int engine_die_set(const bsk_match *m, const bsk_card_table *cards, int unit, int roll);
/* `kind`: the attack's (engine_strike_lands' strike kind), -1 for wounds that are no attack; a side's pool
 * (branch shield6, what 3) prevents only a non-magic attack's. */
ENGINE_COLD int engine_prevent(bsk_match *m, const bsk_card_table *cards, int unit, int wounds, int kind);
ENGINE_COLD int engine_strength_set(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                                    int which);
/* m->altered from the effects, the acquired and lost keywords and extra life (it is derived). */
uint64_t engine_altered_set(const bsk_match *m);

/* 533: reveals a card; a revealed flyer or terrain goes to the extra zone at once (210.1, 213.1). */
void engine_reveal(bsk_match *m, const bsk_card_table *cards, int unit);

/* A die (306): the next fixed die of a position, else the dice RNG; logged as an event. */
int engine_roll(bsk_match *m, int player, int unit, bsk_events *events);
/* branch dice3 (issue 22): a unit's die roll step die (306.5.1): the value of «следующий бросок кубика равен
 * X» effects on it (519.5: not rolled, every one used up, engine_next_roll), else engine_roll. */
int engine_roll_of(bsk_match *m, const bsk_card_table *cards, int player, int unit, bsk_events *events);
/* 519.5: the next-roll value of unit's effects — the opponent's (the player not controlling the card) when
 * one is there, else its controller's; the first made of them (519.5's choice is not asked) — and every
 * one of them used up; -1 when none (focus8: 0 is a value). keywords.c. */
ENGINE_COLD int engine_next_roll(bsk_match *m, const bsk_card_table *cards, int unit);
void engine_event(bsk_events *events, int kind, int player, int unit, int cell, int value);

/* The game runs on until a player must decide or it is over. */
void engine_run(bsk_match *m, const bsk_card_table *cards, bsk_events *events);
/* 503.1 u, 601: ends the game when a squad has no creature; returns whether it is over. */
bool engine_check_result(bsk_match *m, const bsk_card_table *cards);
void engine_finish(bsk_match *m, int winner, int reason);

/* An action as 8 bytes, so that a legal list entry is one store (bsk_action is 8 one-byte
 * fields). The bytes are placed by shifts where the byte order is known: a struct built in memory
 * and read back as a word stalls on store forwarding. */
typedef char engine_action_is_8_bytes[sizeof(bsk_action) == sizeof(uint64_t) ? 1 : -1];
/* The byte at `offset` of an 8-byte action holding `value`, the other bytes 0. */
static inline uint64_t engine_byte_bits(size_t offset, int value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (uint64_t)(uint8_t)value << (8 * offset);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (uint64_t)(uint8_t)value << (8 * (7 - offset));
#else
    unsigned char bytes[sizeof(uint64_t)] = {0};
    bytes[offset] = (unsigned char)value;
    uint64_t v;
    memcpy(&v, bytes, sizeof v);
    return v;
#endif
}
#define ENGINE_ACTION_BYTE(field, value) engine_byte_bits(offsetof(bsk_action, field), (value))
static inline uint64_t engine_target_bits(int target) { return ENGINE_ACTION_BYTE(target, target); }
static inline uint64_t engine_cell_bits(int cell) { return ENGINE_ACTION_BYTE(cell, cell); }
static inline uint64_t engine_action_bits(int kind, int player, int unit, int cell, int index)
{
    return ENGINE_ACTION_BYTE(kind, kind) | ENGINE_ACTION_BYTE(player, player) | ENGINE_ACTION_BYTE(unit, unit) |
           ENGINE_ACTION_BYTE(cell, cell) | ENGINE_ACTION_BYTE(index, index) | ENGINE_ACTION_BYTE(gold, -1) |
           ENGINE_ACTION_BYTE(silver, -1);
}
/* Appends a legal action (counted even past capacity). */
static inline void engine_add(bsk_action *out, int *n, int capacity, int kind, int player, int unit, int target,
                              int cell, int index)
{
    uint64_t bits = engine_action_bits(kind, player, unit, cell, index) | engine_target_bits(target);
    if (*n < capacity)
        memcpy(&out[*n], &bits, sizeof bits);
    (*n)++;
}
/* Appends the action `bits` (engine_action_bits or-ed with engine_target_bits). */
static inline void engine_add_bits(bsk_action *out, int *n, int capacity, uint64_t bits)
{
    if (*n < capacity)
        memcpy(&out[*n], &bits, sizeof bits);
    (*n)++;
}

/* Setup and the preliminary phase (setup.c). The placement tier's cells (DESIGN §2). */
ENGINE_COLD uint32_t engine_tier_cells(int player, int tier);
void engine_prelim_run(bsk_match *m, const bsk_card_table *cards, bsk_events *events);
int engine_prelim_legal(const bsk_match *m, const bsk_card_table *cards, bsk_action *out, int capacity);
bsk_status engine_prelim_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bool trusted,
                               bsk_events *events, bsk_error *error);

/* Declarations and answers in the battle (declare.c). */
int engine_battle_legal(const bsk_match *m, const bsk_card_table *cards, bsk_action *out, int capacity);
bsk_status engine_battle_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bool trusted,
                               bsk_events *events, bsk_error *error);
bool engine_choice_has_declaration(const bsk_match *m, const bsk_card_table *cards);
bool engine_can_attack(const bsk_match *m, const bsk_card_table *cards, int unit, int target);
bool engine_can_target_ability(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_attack *attack,
                               int target);
/* The cards of `among` engine_can_target_ability(m, cards, unit, attack, t) accepts, as a set (bit t). */
uint64_t engine_ability_reach(const bsk_match *m, const bsk_card_table *cards, int unit, const bsk_attack *attack,
                              uint64_t among);

/* Features (features.c): triggers (305.1), activated features, the windows of 303 and 512. */
/* An event (116; card_table.h bsk_feature_event): its card (`subject`, -1 for a turn event), the
 * other card it names (the attacked, the struck; -1), a strike's strength (0 weak … 2 strong, -1)
 * and kind (bsk_strike_kind). */
typedef struct engine_signal {
    int subject;
    int other;
    int strength;
    int kind;
    bool shielded; /* on_attack: the struck card is protected from the strike (532.1) */
    /* events3 (issue 22) */
    uint8_t side;  /* on_attack: BSK_FIGHT_ASSAULT for the attacking card's strike or miss, BSK_FIGHT_DEFENCE for
                    * the counter-strike or the defender's miss (546.1); 0 for the other events */
    bool miss;     /* on_attack: the subject missed in a fight (515.5): only a feature with that `miss` hears it */
    uint8_t first; /* on_heal: BSK_LIMIT_TURN bit 0 / BSK_LIMIT_BATTLE bit 1 set when the heal is the first of
                    * the turn / battle of a card of the healed card's controller (545.8) */
    int8_t attack; /* react10 (issue 23): on_attack_wounds, 1 + the bsk_strike_kind of the strike that wounded (its
                    * trigger's "ability" reads it: «от немагической атаки»); 0 for the other events */
    int value;     /* blow11 (issue 23): on_attack, the strike's final magnitude (a finishing blow's X: a trigger's X) */
} engine_signal;
ENGINE_COLD void engine_raise_slow(bsk_match *m, const bsk_card_table *cards, int event, const engine_signal *s);
/* The set of bsk_match.wide asked for a wide event: on_attack and on_attack_wounds, raised at every strike, each have
 * their own, so a strike asks only the cards hearing strikes (cachegrind of the bench: 1 M cards asked in 400 games,
 * 1 in 9 of them hearing anything); the events of each set, for engine_derive. */
static inline int engine_wide_set(int event)
{
    return event == BSK_ON_STRIKE ? 1 : event == BSK_ON_ATTACK_WOUNDS ? 2 : 0;
}
#define ENGINE_WIDE_STRIKES (BSK_LISTEN(BSK_ON_STRIKE) | BSK_LISTEN(BSK_ON_ATTACK_WOUNDS))
static const uint64_t engine_wide_events[BSK_MATCH_WIDE_SETS] = {~ENGINE_WIDE_STRIKES, BSK_LISTEN(BSK_ON_STRIKE),
                                                                   BSK_LISTEN(BSK_ON_ATTACK_WOUNDS)};
/* Raises `event`: every card whose triggered features hear it gets them pending (declared by
 * 305.1). Returns at once when no card of the match listens to the event (the card table's
 * listen_any), so a call costs one test in games without such features. */
static inline void engine_raise(bsk_match *m, const bsk_card_table *cards, int event, int subject, int other,
                                int strength, int kind)
{
    if (!(cards->listen_any & BSK_LISTEN(event)))
        return;
    engine_signal s = {subject, other, strength, kind, false, 0, false, 0, 0, 0};
    engine_raise_slow(m, cards, event, &s);
}
/* 511.7: the strike `which` of e (0: the source's, 1: the counter-strike) was dealt: on_attack. */
/* The kind of strike `which` of e deals (bsk_strike_kind): the counter-strike for 1, else the simple
 * strike or the attack ability's kind (features.c). */
ENGINE_COLD int engine_strike_kind(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                                   int which);
ENGINE_COLD void engine_raise_strike_slow(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                                          int which);
static inline void engine_raise_strike(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    if (cards->listen_any & BSK_LISTEN(BSK_ON_STRIKE))
        engine_raise_strike_slow(m, cards, e, which);
}
/* events3 (issue 22), 515.5: the card of strike `which` of e missed in its fight: on_attack's `miss`. */
ENGINE_COLD void engine_raise_miss_slow(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which);
static inline void engine_raise_miss(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which)
{
    if (cards->listen_any & BSK_LISTEN(BSK_ON_STRIKE))
        engine_raise_miss_slow(m, cards, e, which);
}
/* trig5 (issue 23): unit took `amount` wounds from striker's strike `which` of e (511.6): on_attack_wounds, with
 * whether they are its first from an attack this turn (react10: and the strike's kind). At once nothing when no card
 * hears it. */
ENGINE_COLD void engine_attack_wounded_slow(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e,
                                            int which, int unit, int striker, int amount);
static inline void engine_attack_wounded(bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                                         int unit, int striker, int amount)
{
    if (cards->listen_any & BSK_LISTEN(BSK_ON_ATTACK_WOUNDS))
        engine_attack_wounded_slow(m, cards, e, which, unit, striker, amount);
}
/* vamp8 (issue 23): source's effect-ability imposed `amount` wounds on unit, which had `before` (508.5, «ранит
 * воздействием»): on_effect_wounds, heard with the card as it was before them. At once nothing when no card hears it. */
ENGINE_COLD void engine_effect_wounded_slow(bsk_match *m, const bsk_card_table *cards, int source, int unit, int before,
                                            int amount);
static inline void engine_effect_wounded(bsk_match *m, const bsk_card_table *cards, int source, int unit, int before,
                                         int amount)
{
    if (cards->listen_any & BSK_LISTEN(BSK_ON_EFFECT_WOUNDS))
        engine_effect_wounded_slow(m, cards, source, unit, before, amount);
}
/* focus6 (issue 23): the concentration of each card whose concentration triggers now (413.1: the end of the
 * opponent's turn; glossary «Концентрация») is heard by on_concentration_triggered, raised once per card.
 * Called beside the concentration frame's raise; at once nothing when no card hears it. */
ENGINE_COLD void engine_concentrations_triggered_slow(bsk_match *m, const bsk_card_table *cards);
static inline void engine_concentrations_triggered(bsk_match *m, const bsk_card_table *cards)
{
    if (cards->listen_any & BSK_LISTEN(BSK_ON_CONCENTRATION_TRIGGERED))
        engine_concentrations_triggered_slow(m, cards);
}
/* focus8 (issue 23): unit's concentration triggers now (op trigger_concentration, glossary «Концентрация»): its
 * concentration features heard whatever the turn and its wounds, on_concentration_triggered when it has one. */
ENGINE_COLD void engine_concentration_force(bsk_match *m, const bsk_card_table *cards, int unit);
/* events3 (issue 22): a heal of `amount` (0 for an unwounded card) was applied to unit: counted for 545.8
 * (bsk_match.heals), on_heal raised when amount > 0 (523.4). At once nothing when no card hears it. */
ENGINE_COLD void engine_healed_slow(bsk_match *m, const bsk_card_table *cards, int unit, int amount);
static inline void engine_healed(bsk_match *m, const bsk_card_table *cards, int unit, int amount)
{
    if (cards->listen_any & BSK_LISTEN(BSK_ON_HEALED))
        engine_healed_slow(m, cards, unit, amount);
}
/* 509, 535: the replacement listeners of a death ("instead of dying …", static features on
 * would_die), asked by engine_destroy before `unit` dies, each at most once for this death (535.7),
 * in unit order. True when the death is replaced: the card left the battle zone another way
 * (exiled) or has life left. The caller checks cards->listen_any & BSK_LISTEN(BSK_WOULD_DIE) first. */
ENGINE_COLD bool engine_replace_death(bsk_match *m, const bsk_card_table *cards, int unit, bsk_events *events);
/* The one question every death asks first (engine_destroy, 509): whether it is replaced (535).
 * Returns at once when no card hears would_die; a keyword that replaces a death (incorporeal:
 * "exiled instead") adds its test here. */
static inline bool engine_death_replaced(bsk_match *m, const bsk_card_table *cards, int unit, bsk_events *events)
{
    return (cards->listen_any & BSK_LISTEN(BSK_WOULD_DIE)) && engine_replace_death(m, cards, unit, events);
}
ENGINE_COLD void engine_declare_pending(bsk_match *m, const bsk_card_table *cards);
/* batl9 (issue 23): the start of the battle (406.1), run in the first turn's Beginning phase before anything else
 * while bsk_match.step_done has ENGINE_BATTLE_OPEN (set by setup.c only when a card of the table hears
 * at_battle_start): whose turn it is (ENGINE_BATTLE_SECOND: player 2's) and who is out (declined or has none left). */
enum { ENGINE_BATTLE_OPEN = 0x10, ENGINE_BATTLE_SECOND = 0x20, ENGINE_BATTLE_OUT1 = 0x40, ENGINE_BATTLE_OUT2 = 0x80 };
ENGINE_COLD bool engine_battle_start(bsk_match *m, const bsk_card_table *cards);
ENGINE_COLD void engine_battle_start_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);
bool engine_player_has_fast_slow(const bsk_match *m, const bsk_card_table *cards, int player, int window);
/* Whether `player` has a fast action that fits `window` (303.3, 512.4): at once false when no card of the
 * table has anything fast, the common case, without a call (issue 22 speed). */
static inline bool engine_player_has_fast(const bsk_match *m, const bsk_card_table *cards, int player, int window)
{
    if (!cards->any_fast)
        return false;
    /* the slow path's own first exits, inline: no card of the player with something instant (m->fast) */
    if (m->acquired_count == 0 && !(m->in_battle[player - 1] & m->fast))
        return false;
    return engine_player_has_fast_slow(m, cards, player, window);
}
ENGINE_COLD int engine_fast_legal(const bsk_match *m, const bsk_card_table *cards, int player, int window,
                                  bsk_action *out, int n, int capacity);
/* 303.7: the queue moves onto the stack in declaration order; the last declared is on top. */
void engine_queue_to_stack(bsk_match *m);
bool engine_open_window_slow(bsk_match *m, const bsk_card_table *cards, int window);
ENGINE_COLD void engine_resolve_feature(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e,
                                        bsk_events *events);
/* The answer to a resolving feature's relocate question (BSK_CHOICE_RELOCATE): the cell, kept in the
 * stack's top entry; the feature resolves on with it. */
/* compound3 (issue 22, 505): whether f's records run one at a time (a link, an optional record, a
 * "previous" X); the success of a spawned strike reported to the compound feature below it (resolve.c's
 * payment); the answer to an optional record's `use` (BSK_CHOICE_MAY, 505.6). */
ENGINE_COLD bool engine_feature_compound(const bsk_feature *f);
ENGINE_COLD void engine_compound_strike_done(bsk_match *m, const bsk_stack_entry *attack);
ENGINE_COLD void engine_compound_use_answer(bsk_match *m, const bsk_action *a);
/* incarn7 (505.4.8): the answer to a resolving compound feature's «или» (BSK_CHOICE_OR, `mode` 1 or 2). */
/* incarn7 (536.7): the card in `slot` incarnates untapped («инкарнирует в открытом виде», op incarnate_open). */
ENGINE_COLD bool engine_incarnates_open(const bsk_card_table *cards, int slot);
ENGINE_COLD void engine_compound_or_answer(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);
ENGINE_COLD void engine_relocate_answer(bsk_match *m, const bsk_action *a);
void engine_queue(bsk_match *m, const bsk_action *a, int ability, uint8_t flags);
ENGINE_COLD void engine_window_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);
ENGINE_COLD void engine_order_apply(bsk_match *m, const bsk_card_table *cards, int pending);
/* A feature's question (Q_CHOOSE): the legal answers, and applying one (the declaration resumes). */
ENGINE_COLD int engine_choose_legal(const bsk_match *m, bsk_action *out, int capacity);
ENGINE_COLD void engine_choose_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);
/* The windows an instant feature fits (bit w of W_*; 0 for any other feature), features.c (branch ops2):
 * bsk_card_table_add_feature gathers them into the table's windows_any, the windows' fast exit. */
ENGINE_COLD unsigned engine_feature_windows(const bsk_feature *f);
ENGINE_COLD int engine_unit_features_legal(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_action *out,
                                           int n, int capacity);
/* 516: a card's instant attack abilities ({instant}{tap}) with their targets. */
ENGINE_COLD int engine_instant_attacks(const bsk_match *m, const bsk_card_table *cards, int unit, bsk_action *out, int n,
                                       int capacity);
/* The index in the entry's attacks[] of the attack with catalogue keyword index `keyword`, -1
 * (the printed list; the engine asks engine_char_attack_index). */
ENGINE_COLD int engine_attack_index(const bsk_card_entry *e, int keyword);
/* 501.5: whether unit's {tap} is named by a declaration in the queue or on the stack. */
ENGINE_COLD bool engine_tap_declared(const bsk_match *m, const bsk_card_table *cards, int unit);
/* 501.5: counters of `unit` named as payment by declarations in the queue or on the stack. */
ENGINE_COLD int engine_counters_declared(const bsk_match *m, const bsk_card_table *cards, int unit);
/* branch costs4 (issue 22): why unit's activated feature f cannot be declared for its prepaid costs of
 * 501.3, 501.4 (wound_self, lose_extra_life, destroy_self, return_self_to_deck): "501.6, 528.10" (fewer extra lives than it
 * loses), "501.7" (a resource of the card already declared or used for another feature); NULL: payable. */
ENGINE_COLD const char *engine_feature_prepaid_refusal(const bsk_match *m, const bsk_card_table *cards, int unit,
                                                       const bsk_feature *f);
/* 545.7: whether unit's feature k has a limit «X раз за ход / за бой» whose execution markers (those
 * reserved by its declarations and pending triggers counted, 501.5) have reached X. */
/* branch wrap5 (531.4, 06-194): a static block of the attack's final target blocks the attack `e` in its
 * Blocking step, with no declaration, placing its execution marker (545.7); true when it did. */
ENGINE_COLD bool engine_static_block(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e);
/* dice7 (issue 23), 306.5.2: the +X of equal dice when unit rolls two dice for an attack's strength, -1: one die. */
ENGINE_COLD int engine_static_roll_twice(const bsk_match *m, const bsk_card_table *cards, int unit);
/* dice7: the roller's choice between its two dice (BSK_CHOICE_DIE, option n = the value n). */
ENGINE_COLD void engine_die_choice_answer(bsk_match *m, const bsk_action *a);
ENGINE_COLD bool engine_feature_limit_spent(const bsk_match *m, const bsk_card_table *cards, int unit, int k);
/* 409.2: every card loses its "X раз за ход" execution markers. */
ENGINE_COLD void engine_limits_new_turn(bsk_match *m, const bsk_card_table *cards);
/* 510.2, 510.5: tapped, an action marker, no movement left. */
void engine_pay_tap(bsk_match *m, int unit);
/* times3 (issue 22): 510.2 paid for an action of way `kind` (BSK_ACTIONS_*): engine_pay_tap, or — when
 * `no_tap` (540.4: this attack) or a holding no_tap_after / actions_per_turn with no_tap says so (540.1.1,
 * 540.3.1) — the action marker alone, the movement lost (540.3, 510.5). */
void engine_pay_action(bsk_match *m, const bsk_card_table *cards, int unit, int kind, bool no_tap);
/* times3: 540.1.1, 540.3.1 — whether a holding static leaves unit open as it pays an action of way `kind`
 * (characteristics.c; only when the table's times_any). */
ENGINE_COLD bool engine_action_no_tap(const bsk_match *m, const bsk_card_table *cards, int unit, int kind);
/* 528.2.1: whether the records acting on the chosen card can change its state (no untapping an open
 * card, no tapping a tapped one). */
ENGINE_COLD bool engine_feature_state_change_possible(const bsk_match *m, const bsk_card_table *cards,
                                                      const bsk_feature *f, int target);
ENGINE_COLD bool engine_feature_target_ok(const bsk_match *m, const bsk_card_table *cards, int unit,
                                          const bsk_feature *f, int target);

/* Card filters (filter.c; glossary §6.2 CardFilter): `filter` an index in cards->filters (0: any
 * card), `viewer` the feature's card (self, own / enemy, rows, cost "self"), `anchor` the card
 * "adjacent_to":"target"/"actor" names (-1: none, then such a filter matches nothing). 533.6: an
 * opponent's face-down card's face is not read — engine_filter_matches takes it as not matching,
 * engine_filter_may_choose (a chosen target, in the battle zone) as matching. */
ENGINE_COLD bool engine_filter_matches(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer,
                                       int unit);
ENGINE_COLD bool engine_filter_matches_near(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer,
                                            int anchor, int unit);
ENGINE_COLD bool engine_filter_may_choose(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer,
                                          int anchor, int unit);
/* grave10 (issue 23): a deck card (table slot) against the filter's printed face facts (deck_to_graveyard). */
ENGINE_COLD bool engine_filter_slot(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer, int anchor,
                                    int slot);
/* Which groups of tests a filter has (the card table's filter_tests): its place and state tests, its face facts. */
enum { ENGINE_FILTER_PLACE = 1u << 0, ENGINE_FILTER_FACE = 1u << 1 };
unsigned engine_filter_tests(const bsk_feature_filter *f);
/* count12 (issue 23): a filter's "movement_max": whether unit has a movement (506; none printed: a flyer, an artifact,
 * never) of `most` or less, as the game sees it now (modifiers included). */
ENGINE_COLD bool engine_filter_movement_at_most(const bsk_match *m, const bsk_card_table *cards, int unit, int most);
/* The battle zone's cards the filter's side and "not_self" leave, seen from viewer (bit u: unit u): a superset
 * of those matching, found without a test per card — the walks over chosen targets start from it. */
uint64_t engine_filter_reach(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer);
/* The battle zone's cards matching (bit u: unit u), and how many (BSK_EXPR_COUNT). */
ENGINE_COLD uint64_t engine_filter_all(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer,
                                       int anchor);
ENGINE_COLD int engine_filter_count(const bsk_match *m, const bsk_card_table *cards, int filter, int viewer,
                                    int anchor);
/* Windows (which fast actions a window allows, 512.4). */
enum { W_CHOICE = 1, W_CANCEL, W_CALC,
       /* branch ops2 (issue 22): the other 512.6 steps' windows, opened only when a card of the table has an
        * instant feature that fits them (bsk_card_table.windows_any) */
       W_TARGETS, W_ROLL, W_BLOCK, W_APPLY, W_COUNT };
/* Opens `window` (303, 512.4) when a player may act in it: true while it is open. At once, when no card of
 * the table has anything fast, it stays shut (the Choice window's queue goes onto the stack). */
static inline bool engine_open_window(bsk_match *m, const bsk_card_table *cards, int window)
{
    if (cards->any_fast)
        return engine_open_window_slow(m, cards, window);
    if (window == W_CHOICE)
        engine_queue_to_stack(m);
    return false;
}

/* A new unit of `player`'s card `slot` in the deck (no cell, no host), its per-unit facts cleared: the squad's
 * cards at recruitment, a card a feature takes from the deck (setup.c). The caller checks BSK_MATCH_UNITS_MAX. */
int engine_unit_new(bsk_match *m, int slot, int player);
/* The stack (resolve.c): runs the top entry until it leaves or a question is asked. */
void engine_resolve(bsk_match *m, const bsk_card_table *cards, bsk_events *events);
int engine_guards(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int8_t *out);
bool engine_is_fight(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e);
uint8_t engine_attack_flags(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e);
/* 515.3: the hit table; 515.6, 515.8: one die; 515.3: who may step down (0: nobody). */
void engine_hit_table(int a, int d, int8_t strength[2]);
int8_t engine_one_die_strength(int roll);
int engine_step_down_player(const bsk_match *m, const bsk_stack_entry *e);
/* The unmodified value of a strike of `unit` at `strength` (ability -1: the simple strike). */
int engine_strike_value(const bsk_match *m, const bsk_card_table *cards, int unit, int ability, int strength);
/* 306.3 b: a finishing blow with one printed value rolls no die. */
bool engine_fixed_value(const bsk_attack *a);
/* Wounds, deaths (508–509). */
void engine_destroy_dead(bsk_match *m, const bsk_card_table *cards, bsk_events *events);
void engine_destroy(bsk_match *m, const bsk_card_table *cards, const int8_t *dead, int n, bsk_events *events);
/* curse4 (issue 23), 509.1.1: the same, knowing what destroyed them: by[unit] the destroying card of a dead unit
 * (-1: none known), read only when a card hears on_destroys; by NULL is engine_destroy_dead / engine_destroy */
void engine_destroy_dead_by(bsk_match *m, const bsk_card_table *cards, const int8_t *by, bsk_events *events);
void engine_destroy_by(bsk_match *m, const bsk_card_table *cards, const int8_t *dead, int n, const int8_t *by,
                       bsk_events *events);
/* curse4: by[] for deaths that all come from `unit` (a feature's records, a finishing blow): NULL when no card of
 * the match hears on_destroys (the fast exit), else `by` filled with unit */
static inline const int8_t *engine_destroyer(const bsk_card_table *cards, int unit, int8_t by[BSK_MATCH_UNITS_MAX])
{
    if (!(cards->listen_any & BSK_LISTEN(BSK_ON_DESTROYS)))
        return NULL;
    memset(by, unit, BSK_MATCH_UNITS_MAX);
    return by;
}
/* curse4, 535: whether `unit` gaining keyword `keyword` from `source`'s feature is replaced
 * (a would_gain_feature static feature ran instead); false at once when no card hears it */
ENGINE_COLD bool engine_replace_gain(bsk_match *m, const bsk_card_table *cards, int unit, int keyword, bsk_events *events);
static inline bool engine_gain_replaced(bsk_match *m, const bsk_card_table *cards, int unit, int keyword,
                                        bsk_events *events)
{
    return (cards->listen_any & BSK_LISTEN(BSK_WOULD_GAIN_FEATURE)) && engine_replace_gain(m, cards, unit, keyword, events);
}
void engine_untap_all(bsk_match *m, const bsk_card_table *cards);
/* Moves a unit to a zone, freeing its cell (and its symbiote with it when it dies). */
void engine_to_zone(bsk_match *m, const bsk_card_table *cards, int unit, int zone);
/* The ground card of a cell (-1: none), with the occupied set kept in step. */
static inline void engine_set_at(bsk_match *m, int cell, int unit)
{
    m->at[cell] = (int8_t)unit;
    if (unit >= 0)
        m->occupied |= 1u << cell;
    else
        m->occupied &= ~(1u << cell);
}
/* The derived sets (in_battle, creatures, occupied) rebuilt from units[] and at[], and checked
 * against them. */
void engine_derive(bsk_match *m, const bsk_card_table *cards);
ENGINE_COLD bool engine_derived_ok(const bsk_match *m, const bsk_card_table *cards);
/* The units of a set in unit order: for (uint64_t s = set; s; s &= s - 1) { int i = engine_first(s); … } */
static inline int engine_first(uint64_t set) { return __builtin_ctzll(set); }
/* The units 0..count-1 as a set (count at most BSK_MATCH_UNITS_MAX, below 64). */
static inline uint64_t engine_units_below(int count) { return (1ull << count) - 1; }
_Static_assert(BSK_MATCH_UNITS_MAX < 64, "a unit set is a uint64_t");

/* Imposes wounds (508.5) and records them (no protection or prevention: see engine_strike_lands). */
void engine_wound(bsk_match *m, const bsk_card_table *cards, int unit, int amount, bsk_events *events);

/* ---- Keyword abilities that run generically (keywords.c) ---- */

/* 519: the sum of die-roll modifiers on `unit`'s die in entry e (attack, defence and shooting
 * experience, clumsiness, blessing, curse); `unit` is a card that rolls in e. */
int engine_die_modifier(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int unit);
/* 511: strike `which` of e lands: the protection check (511.3, 532), prevention (armor, 511.5,
 * 534), the wounds, and what goes with the strike (poison). Returns what vampirism heals its
 * striker for it (0: none), applied by engine_vampirism once the deaths are done. */
int engine_strike_lands(bsk_match *m, const bsk_card_table *cards, bsk_stack_entry *e, int which, bsk_events *events);
/* Glossary «Вампиризм»: the vampire heals `amount`, the rest past its wounds as extra life. */
void engine_vampirism(bsk_match *m, const bsk_card_table *cards, int vampire, int amount);
/* 409.2: the start-of-turn keywords of the active player's cards (poison, regeneration, charge). */
void engine_turn_start(bsk_match *m, const bsk_card_table *cards, bsk_events *events);
/* Rebuff (an extension; reminder text 06-056): before the start of a turn, each player's rebuff is
 * active for that turn when its squad has fewer cards than the opponent's (bsk_match.rebuff). */
void engine_rebuff_start(bsk_match *m, const bsk_card_table *cards);

/* ---- Incarnation and dash (life.c) ---- */

/* Whether some card may have `keyword` now: one of the table prints it or holds it under a wrapper
 * (keywords_any), an effect is active, or a unit acquired it — the fast exit of the keywords the
 * engine looks for outside a card (dash, the werewolf forms); a unit altered only by extra life
 * does not count. */
static inline bool engine_keyword_possible(const bsk_match *m, const bsk_card_table *cards, int keyword)
{
    if (((cards->keywords_any >> keyword) & 1u) || m->effect_count)
        return true;
    for (uint64_t rest = m->altered; rest; rest &= rest - 1)
        if ((m->granted[engine_first(rest)] >> keyword) & 1u)
            return true;
    return false;
}

/* 536.7: the cards in a graveyard with an unused incarnation: with `tokens`, the active player's get
 * a token (409.2, 536.7.1); every one with X tokens incarnates if a cell is free (536.7.2: else it
 * waits). At once nothing when no graveyard holds a card printing incarnation (m->incarnating). */
void engine_incarnation_slow(bsk_match *m, const bsk_card_table *cards, bool tokens, bsk_events *events);
/* recruit11 (issue 23): a card that may incarnate on a permission's cell (a static incarnate_open with a place)
 * waits as a pending entry of this feature index (no feature has it: engine_unit_feature gives NULL), declared in
 * 305.1's order: engine_incarnation_choice asks its owner (`use`, the cell, the card paying a token; false when
 * asked), engine_incarnation_choice_answer takes the answers (engine_choose_apply). */
#define ENGINE_PENDING_INCARNATION 255
ENGINE_COLD bool engine_incarnation_choice(bsk_match *m, const bsk_card_table *cards, int i);
ENGINE_COLD void engine_incarnation_choice_answer(bsk_match *m, const bsk_card_table *cards, int i,
                                                  const bsk_action *a);
static inline void engine_incarnation(bsk_match *m, const bsk_card_table *cards, bool tokens, bsk_events *events)
{
    if (m->incarnating)
        engine_incarnation_slow(m, cards, tokens, events);
}
/* Whether the unit's card prints incarnation (536.7): m->incarnating's members in a graveyard. */
static inline bool engine_prints_incarnation(const bsk_card_table *cards, const bsk_unit *u)
{
    return (cards->entries[u->slot].keywords >> BSK_KEYWORD_INCARNATION) & 1u;
}
/* Glossary «Рывок»: the free cells beside `unit` (not diagonally) it may dash to after its own
 * attack now (its controller's turn, not yet this turn, on a cell, dash held); 0 at once when no
 * card prints dash and no effect is active. */
ENGINE_COLD uint32_t engine_dash_cells_slow(const bsk_match *m, const bsk_card_table *cards, int unit);
static inline uint32_t engine_dash_cells(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (!engine_keyword_possible(m, cards, BSK_KEYWORD_DASH))
        return 0;
    return engine_dash_cells_slow(m, cards, unit);
}
/* Relocates `unit` (and its seated symbiote, 211.11) to the free cell `cell`: no movement paid
 * (glossary «Перемещение»); "on_move" hears it. */
ENGINE_COLD void engine_relocate(bsk_match *m, const bsk_card_table *cards, int unit, int cell, bsk_events *events);
/* swap12 (issue 23): glossary «Поменять местами (карты)»: `a` and `b`, both engine_swappable, exchange cells at once. */
bool engine_swappable(const bsk_match *m, int unit);
ENGINE_COLD void engine_swap(bsk_match *m, const bsk_card_table *cards, int a, int b, bsk_events *events);
/* Glossary «Рывок» through the generic question (Q_CHOOSE, choice.pending -1: the completion step of
 * the stack's top entry asks): `use` (may; yes by default), then `choose` the cell when more than one
 * is free. engine_dash_ask asks for the attacker `unit`; engine_dash_apply takes an answer. */
ENGINE_COLD void engine_dash_ask(bsk_match *m, int unit);
ENGINE_COLD void engine_dash_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a, bsk_events *events);
/* The werewolf forms (extension, engine README "Readings taken"; reminder text 06-060: "before your
 * turn, gain {wolf} or {human} until the end of the opponent's turn"), asked through the generic
 * question (Q_CHOOSE `mode`, choice.pending BSK_CHOICE_FORM: 1 wolf, 2 human) in the Beginning
 * phase (408), before the Untap step: engine_form_next is the active player's next werewolf to ask —
 * in unit order, in the battle zone, revealed (533.4: a face-down card has no features), with the
 * keyword and no form yet — or -1, at once when no card prints a werewolf and no unit is altered;
 * engine_form_ask asks for it, engine_form_apply sets the form the answer names. */
ENGINE_COLD int engine_form_next_slow(const bsk_match *m, const bsk_card_table *cards);
static inline int engine_form_next(const bsk_match *m, const bsk_card_table *cards)
{
    if (!engine_keyword_possible(m, cards, BSK_KEYWORD_WEREWOLF))
        return -1;
    return engine_form_next_slow(m, cards);
}
ENGINE_COLD void engine_form_ask(bsk_match *m, int unit);
/* The generic question (Q_CHOOSE) to `player`: `what` (bsk_choose_what), `pending` (a pending
 * trigger's index, BSK_CHOICE_DASH or BSK_CHOICE_FORM), the answers `allowed`; the rest of the
 * frame (an earlier answer) is kept. features.c. */
ENGINE_COLD void engine_ask_choice(bsk_match *m, int player, int what, int pending, uint64_t allowed);
/* static2 (issue 22): the answer naming the creature a resolving feature's cost taps (features.c). */
ENGINE_COLD void engine_tap_cost_answer(bsk_match *m, const bsk_action *a);
/* static2 (issue 22): runs the delayed effects due now (features.c): at the start of the turn (`start`,
 * 409.2) those of BSK_DELAY_START_OF_OWN_TURN, else (the end phase, 413.1) the end-of-turn ones whose
 * turn has come, in the order they were made; then the deaths. */
ENGINE_COLD void engine_delayed_run(bsk_match *m, const bsk_card_table *cards, bool start, bsk_events *events);
ENGINE_COLD void engine_form_apply(bsk_match *m, const bsk_card_table *cards, const bsk_action *a);

/* 520.2 groups a–d and 520.3 origins a–d of a magnitude modifier. */
enum { MAGNITUDE_STRENGTH, MAGNITUDE_SCALE, MAGNITUDE_ADD, MAGNITUDE_REDUCE_TO };
enum {
    MAGNITUDE_FROM_SOURCE_SIDE,   /* the source controller's other cards, not the target */
    MAGNITUDE_FROM_SOURCE,
    MAGNITUDE_FROM_OPPONENT_SIDE, /* the other player's cards, not the target */
    MAGNITUDE_FROM_TARGET,
    MAGNITUDE_ORIGIN_COUNT
};
/* One magnitude modifier, filled by card features (a caller-owned list). */
typedef struct engine_magnitude_mod {
    uint8_t group;   /* MAGNITUDE_STRENGTH … MAGNITUDE_REDUCE_TO */
    uint8_t origin;  /* MAGNITUDE_FROM_* */
    int8_t value;    /* STRENGTH: the new strength; SCALE: the multiplier; ADD: ±X; REDUCE_TO: X */
    int8_t divisor;  /* SCALE: divides after multiplying (1 for none; rounds down) */
} engine_magnitude_mod;
/* fend6 (issue 23): whether a static grant of keyword to unit holds against the attacked card other (its "against"
 * filter, 541.4.1: «Направленный удар по героям»; characteristics.c). */
ENGINE_COLD bool engine_static_keyword_against(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword,
                                               int other);
/* static2 (issue 22): the static 520.2 c and d modifiers of an attack of strike kind `kind` and strength `strength`
 * (after 520.2 a; -1 none) by striker at target (characteristics.c; see engine_static_keywords): appended to mods,
 * at most max; the new count. */
ENGINE_COLD int engine_static_magnitude_mods(const bsk_match *m, const bsk_card_table *cards, int striker, int target,
                                             int kind, int strength, engine_magnitude_mod *mods, int count, int max);
/* The strength a static set_attack_strength of a card in the battle zone gives striker's attacks of
 * strike kind `kind` (520.2 a; the last in unit and feature order), -1 when none. */
ENGINE_COLD int engine_static_strength(const bsk_match *m, const bsk_card_table *cards, int striker, int kind);
/* 520: the final magnitude of an attack printed values[] (X-Y-Z) rolled at *strength, under `count`
 * modifiers listed in the order each controller chose within an origin (520.4). *strength becomes the
 * final strength (520.6), whose value is read again from values[]; negative results are 0 (520.8). */
int engine_magnitude_pipeline(const int values[3], int *strength, const engine_magnitude_mod *mods, int count);
/* 520: the final magnitude of strike `which` of e (0: the source's, 1: the counter-strike) from its
 * unmodified value: engine_magnitude_with under engine_magnitude_mods. */
int engine_magnitude(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which, int value);
/* The 520.2 c/d modifiers of strike `which` of e, the active effects' then the static features': they hang on
 * e's cards, strike kind and rolled strength, never on the dice's values, so a caller weighing 36 outcomes
 * (chance.c) lists them once a strength. */
enum { ENGINE_MAGNITUDE_MODS_MAX = BSK_MATCH_EFFECTS_MAX + 16 };
int engine_magnitude_mods(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                          engine_magnitude_mod mods[ENGINE_MAGNITUDE_MODS_MAX]);
/* 520: strike `which` of e at its rolled strength and unmodified value under mods (engine_magnitude_mods). */
int engine_magnitude_with(const bsk_match *m, const bsk_card_table *cards, const bsk_stack_entry *e, int which,
                          int value, const engine_magnitude_mod *mods, int count);
/* Ability types beside the attack keywords (shot, discharge, …) of the ability table (111). */
enum { KIND_SIMPLE_STRIKE = BSK_KEYWORD_COUNT, KIND_SPELL, KIND_EFFECT_ABILITY };
/* 511.3, 532: whether `unit` is protected from an ability of type `kind` (an attack keyword or a
 * KIND_*) whose source is `striker` (-1: none). */
bool engine_protected_from(const bsk_match *m, const bsk_card_table *cards, int unit, int striker, int kind);
/* Gives `unit` poison X (glossary «Отравление на X»): only a non-incorporeal creature without
 * protection from poison, and only a larger value than it has (518.3). Returns whether it was given. */
ENGINE_COLD bool engine_give_poison(bsk_match *m, const bsk_card_table *cards, int unit, int x);
/* Glossary «Стойкость»: whether `unit` ignores the wounds and the destruction of an effect-ability
 * (воздействие) of card `source` (-1: none) controlled by player `controller` (0: the source's owner).
 * Call it for effect-abilities only: attacks and spells are never stopped by steadfastness. */
bool engine_steadfast_blocks(const bsk_match *m, const bsk_card_table *cards, int unit, int source, int controller);

/* 506.6, 506.7: the keywords that replace movement (glossary «Прыжок, дальность X», «Телепортация»). */
#define ENGINE_RELOCATION_KEYWORDS ((1ull << BSK_KEYWORD_JUMP) | (1ull << BSK_KEYWORD_TELEPORT))
/* The cells the slow jump or teleport (`keyword`) of `unit` may relocate it to now: free battlefield
 * cells (within the jump's range X, 547.2), 0 when it may not use slow movement (keywords.c). */
uint32_t engine_kw_relocation_cells(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword);
/* spawn8 (issue 23): a pending on_lethal trigger's (and its stack entry's) x when the event's card is its own card:
 * its attack is then made from the graveyard, from the cell it died on (201.2.3, 201.2.4; op_spawn_attack). */
#define ENGINE_LETHAL_SELF 1
/* spawn8 (issue 23): whether the declaration `a` (an ability with no target) is its card's slow teleport, not a
 * jump (glossary «При телепортации»: on_teleport). */
ENGINE_COLD bool engine_teleport_declared(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a);
/* The catalogue keyword index of `unit`'s unconditional `keyword` at or after `from`, -1. */
int engine_kw_index(const bsk_match *m, const bsk_card_table *cards, int unit, int keyword, int from);

/* Заряд (charge, an extension of the reminder text): the card moved, it loses a counter. */
void engine_kw_charge_moved(bsk_match *m, const bsk_card_table *cards, int unit);
/* Glossary «Трупоедство»: `eater` destroyed `victim` (adjacent, or with a melee attack): the victim
 * is exiled from the graveyard and the eater heals fully and loses poison, when the keyword applies. */
void engine_kw_corpse_eating(bsk_match *m, const bsk_card_table *cards, int eater, int victim);

/* Geometry: adjacency as the controller of `a` (the one declaring) knows the cards. */
bool engine_adjacent(const bsk_match *m, const bsk_card_table *cards, int a, int b);

#endif
