/* agent_greedy.c — the greedy agent (agent.h): one ply. Every legal action is scored by the exact
 * expectation over its dice (bsk_match_fight_outcomes, in 36ths) of the wounds it deals minus the
 * wounds it takes, a kill worth the card's life left and its threat, and a step by how much it
 * closes in on the nearest enemy. Recruitment by the best-squad optimizer, strong cards placed in
 * front, guards and step-downs answered by the same expectation. Integer arithmetic only. */
#include "agent_internal.h"

/* ---- The board and the dice (public headers only: agent_internal.h) ---- */

enum { STRENGTH_MISS = -1, STRENGTH_WEAK, STRENGTH_MEDIUM, STRENGTH_STRONG }; /* as bsk_fight_outcome */
enum { SIMPLE_STRIKE = -1 }; /* an attack's kind: a bsk_keyword_id, or this (bsk_match_unit_protected_from) */

/* The first unit of a set: for (uint64_t s = set; s; s &= s - 1) { int i = first(s); … } */
static int first(uint64_t set) { return __builtin_ctzll(set); }
/* Row (0..5) and column (0..4) of a cell. */
static int row_of(int cell) { return cell / BSK_BOARD_COLUMNS; }
static int column_of(int cell) { return cell % BSK_BOARD_COLUMNS; }

/* Cells off the first and off the last column (a step left or right stays on its row). */
#define NOT_FIRST_COLUMN (BSK_CELLS_ALL & ~0x02108421u)
#define NOT_LAST_COLUMN (BSK_CELLS_ALL & ~0x21084210u)


/* A face-down enemy card (BSK_AGENT_UNKNOWN_SLOT) has no table entry: it is taken for the mean
 * ground creature of the 15 tournament decklists (life 9.2, strikes 1.6-2.3-2.8), rounded. */
enum { HIDDEN_LIFE = 9 };
static const int HIDDEN_STRIKE[3] = {2, 2, 3};

enum {
    KILL_BASE = 2 * AGENT_WOUND, /* a kill is worth the life left, this, and KILL_THREAT/3 wounds */
    KILL_THREAT = 2,             /* per point of the card's strike values (weak + medium + strong) */
    ATTACK_BIAS = AGENT_WOUND / 4 * 36, /* an even exchange still moves the game on */
    STEP_VALUE = AGENT_WOUND / 2 * 36,  /* one step closer to the nearest enemy */
    COUNTER_VALUE = AGENT_WOUND / 3 * 36,
    FLYER_TAP_VALUE = AGENT_WOUND * 36,
    FAR = 99
};

/* What one decision's scores share, found when first needed. */
typedef struct greedy {
    const bsk_match *m;
    const bsk_card_table *cards;
    int player;                          /* whose gain the scores are */
    agent_fights *fights;                /* NULL, or a search's cache shared by its rollouts */
    bool steps_ready;
    uint8_t to_enemy[BSK_BOARD_CELLS];   /* steps from each cell to one next to an enemy creature */
    int16_t threat[BSK_MATCH_UNITS_MAX]; /* -1: not yet */
} greedy;

static void greedy_init(greedy *g, const bsk_match *m, const bsk_card_table *cards, int player, agent_fights *fights)
{
    g->m = m;
    g->cards = cards;
    g->player = player;
    g->fights = fights;
    g->steps_ready = false;
    memset(g->threat, 0xff, sizeof g->threat);
}

/* ---- What a card is worth ---- */

static bool known(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return m->units[unit].slot < cards->count;
}

static int life_left(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return known(m, cards, unit) ? bsk_match_unit_life(m, cards, unit) : HIDDEN_LIFE - m->units[unit].wounds;
}

/* The card's strike values (weak + medium + strong), its best attack's when that is larger. */
static int threat_of(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (!known(m, cards, unit))
        return HIDDEN_STRIKE[0] + HIDDEN_STRIKE[1] + HIDDEN_STRIKE[2];
    int best = 0;
    if (bsk_match_unit_has_strike(m, cards, unit)) {
        int strike[3];
        bsk_match_unit_strikes(m, cards, unit, strike);
        best = strike[0] + strike[1] + strike[2];
    }
    int attacks = bsk_match_unit_attack_count(m, cards, unit);
    for (int k = 0; k < attacks; k++) {
        const bsk_attack *attack = bsk_match_unit_attack(m, cards, unit, k);
        if (attack->keyword == BSK_KEYWORD_FINISHING_BLOW)
            continue;
        int sum = 0;
        for (int s = 0; s < 3; s++) {
            int v = bsk_attack_value(attack, s, 0, m->units[unit].counters);
            sum += v < 0 ? 0 : v;
        }
        best = sum > best ? sum : best;
    }
    return best < 0 ? 0 : best;
}

static int kill_bonus(int threat) { return KILL_BASE + threat * AGENT_WOUND * KILL_THREAT / 3; }

static int threat(greedy *g, int unit)
{
    if (g->threat[unit] < 0)
        g->threat[unit] = (int16_t)threat_of(g->m, g->cards, unit);
    return g->threat[unit];
}

/* The value of `wounds` dealt to `unit`: each wound, and the kill when it dies. */
static int harm(greedy *g, int unit, int wounds)
{
    int life = life_left(g->m, g->cards, unit);
    if (wounds <= 0 || life <= 0)
        return 0;
    if (wounds >= life)
        return life * AGENT_WOUND + kill_bonus(threat(g, unit));
    return wounds * AGENT_WOUND;
}

static bool is_creature(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return !known(m, cards, unit) || bsk_match_unit_type(m, cards, unit) == BSK_TYPE_CREATURE;
}

void agent_worth(const bsk_match *m, const bsk_card_table *cards, int worth[2])
{
    worth[0] = worth[1] = 0;
    for (int p = 1; p <= 2; p++)
        for (uint64_t rest = m->in_battle[p - 1]; rest; rest &= rest - 1) {
            int i = first(rest);
            int life = life_left(m, cards, i);
            if (is_creature(m, cards, i) && life > 0)
                worth[p - 1] += life * AGENT_WOUND + kill_bonus(threat_of(m, cards, i));
        }
}

/* ---- Fights: the exact expectation over the dice ---- */

/* The outcomes of an attack's dice (bsk_match_fight_outcomes) gathered by strengths: what the
 * value needs, and what a search's rollouts find again and again. */
static void fight_add(agent_fight *f, int s0, int s1, int weight)
{
    uint8_t strengths = (uint8_t)((s0 + 1) | (s1 + 1) << 4);
    for (int k = 0; k < f->count; k++)
        if (f->strengths[k] == strengths) {
            f->weight[k] = (uint8_t)(f->weight[k] + weight);
            return;
        }
    BSK_ASSERT(f->count < AGENT_FIGHT_CLASSES);
    if (f->count >= AGENT_FIGHT_CLASSES)
        return;
    f->strengths[f->count] = strengths;
    f->weight[f->count++] = (uint8_t)weight;
}

/* What the outcomes of `a` at `target` depend on: the two cards, the attack, whether the target
 * is open and the source's counters (its ability values); 0 for a face-down target. */
static uint64_t fight_key(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a, int target)
{
    const bsk_unit *s = &m->units[a->unit], *t = &m->units[target];
    if (!known(m, cards, target))
        return 0;
    return 1ull << 63 | (uint64_t)s->slot | (uint64_t)t->slot << 8 | (uint64_t)(a->kind == BSK_ACT_ABILITY) << 16 |
           (uint64_t)(uint8_t)a->index << 17 | (uint64_t)((t->flags & BSK_UNIT_TAPPED) != 0) << 25 |
           (uint64_t)(s->owner == t->owner) << 26 | (uint64_t)s->counters << 27;
}

/* The magnitudes by strength from the table (a face-down target's from the typical creature). */
static void fight_magnitudes(const bsk_match *m, const bsk_card_table *cards, int source, int target, int ability,
                             agent_fight *f)
{
    const bsk_attack *attack = ability >= 0 ? bsk_match_unit_attack(m, cards, source, ability) : NULL;
    int strike[3], counter[3] = {HIDDEN_STRIKE[0], HIDDEN_STRIKE[1], HIDDEN_STRIKE[2]};
    if (!attack)
        bsk_match_unit_strikes(m, cards, source, strike);
    if (known(m, cards, target))
        bsk_match_unit_strikes(m, cards, target, counter);
    for (int s = 0; s < 3; s++) {
        int v = attack ? bsk_attack_value(attack, s, 0, m->units[source].counters) : strike[s];
        f->magnitude[0][s] = (uint8_t)(v < 0 ? 0 : v);
        v = counter[s];
        f->magnitude[1][s] = (uint8_t)(v < 0 ? 0 : v);
    }
}

/* The outcomes of attack `a` (ability: its attacks[] index) at `target`, from the cache when there. */
static const agent_fight *fight_of(greedy *g, const bsk_action *a, int target, int ability, agent_fight *scratch)
{
    const bsk_match *m = g->m;
    uint64_t key = fight_key(m, g->cards, a, target);
    agent_fight *f = scratch;
    /* the cache keys on the two cards, not on what effects and static features change of them (520.2,
     * 519.2: a set strength, a reduced value, a die modifier): such a fight is worked out afresh */
    bool fixed = !((m->altered >> a->unit | m->altered >> target) & 1) &&
                 !(g->cards->statics_any & (BSK_STATIC_ATTACK | BSK_STATIC_INCOMING | BSK_STATIC_DIE | BSK_STATIC_KEYWORDS));
    if (key && g->fights && fixed) {
        uint64_t h = (key * 0x9e3779b97f4a7c15ull) >> 54;
        f = &g->fights->entry[h & (AGENT_FIGHT_CACHE - 1)];
        if (f->key == key)
            return f;
    }
    f->key = key;
    f->count = 0;
    fight_magnitudes(m, g->cards, a->unit, target, ability, f);
    if (key) {
        bsk_fight_outcome out[36];
        bsk_action at = *a;
        at.target = (int8_t)target;
        int n = bsk_match_fight_outcomes(m, g->cards, &at, out);
        for (int k = 0; k < n; k++) {
            for (int w = 0; w < 2; w++) /* the magnitudes as the engine computes them */
                if (out[k].strength[w] >= 0)
                    f->magnitude[w][out[k].strength[w]] = out[k].magnitude[w];
            fight_add(f, out[k].strength[0], out[k].strength[1], out[k].weight);
        }
        return f;
    }
    /* a face-down card: the hit table on unmodified dice against the typical creature (515.2) */
    const bsk_unit *t = &m->units[target];
    bool fight = a->kind == BSK_ACT_ATTACK && !(t->flags & BSK_UNIT_TAPPED) && t->owner != m->units[a->unit].owner;
    for (int d0 = 1; d0 <= 6; d0++) {
        if (!fight) {
            fight_add(f, bsk_match_one_die_strength(d0), STRENGTH_MISS, 6);
            continue;
        }
        for (int d1 = 1; d1 <= 6; d1++) {
            int8_t s[2];
            bsk_match_hit_table(d0, d1, s);
            fight_add(f, s[0], s[1], 1);
        }
    }
    return f;
}

/* One side of an exchange: the card struck and what its wounds are worth. */
typedef struct struck {
    int sign;      /* +1: an enemy card, -1: the player's own */
    int life;      /* left */
    int kill;      /* the value of its death: its life and the kill bonus */
    bool immune;   /* protected from the strike (511.3, 532) */
    int armor;     /* wounds armor still prevents this turn (534) */
} struck;

typedef struct exchange {
    greedy *g;
    int source, target;
    bool finishing;
    const uint8_t (*magnitude)[3]; /* the strike's and the counter-strike's, by strength */
    struck at[2];                  /* the target (struck by the strike), the source (by the counter-strike) */
} exchange;

static void struck_of(greedy *g, struck *out, int unit, int striker, int kind)
{
    const bsk_match *m = g->m;
    out->sign = m->units[unit].owner == g->player ? -1 : 1;
    out->life = life_left(m, g->cards, unit);
    out->kill = out->life * AGENT_WOUND + kill_bonus(threat(g, unit));
    out->immune = false;
    out->armor = 0;
    if (!known(m, g->cards, unit) || !known(m, g->cards, striker))
        return;
    out->immune = bsk_match_unit_protected_from(m, g->cards, unit, striker, kind);
    if (kind != BSK_KEYWORD_MAGIC_STRIKE && kind != BSK_KEYWORD_DISCHARGE) /* 534: armor takes no magic attack */
        out->armor = bsk_match_unit_armor_left(m, g->cards, unit);
}

/* The value for the player of a strike of `magnitude` at a card. */
static int struck_value(const struck *s, int magnitude)
{
    if (s->immune || s->life <= 0)
        return 0;
    int wounds = s->armor > 0 ? (magnitude > s->armor ? magnitude - s->armor : 0) : magnitude;
    if (wounds <= 0)
        return 0;
    return s->sign * (wounds >= s->life ? s->kill : wounds * AGENT_WOUND);
}

/* The value for the player of the strike at strength s0 and the counter-strike at s1 (-1: none). */
static int exchange_value(const exchange *x, int s0, int s1)
{
    int value = 0;
    if (s0 >= 0) {
        int magnitude = x->magnitude[0][s0];
        if (x->finishing) { /* glossary «Добивание на X»: destroys a card with X or less life */
            const bsk_match *m = x->g->m;
            bool steadfast = known(m, x->g->cards, x->target) &&
                             bsk_match_unit_steadfast(m, x->g->cards, x->target, x->source, m->units[x->source].owner);
            if (!steadfast && x->at[0].life > 0 && x->at[0].life <= magnitude)
                value += x->at[0].sign * x->at[0].kill;
        } else {
            value += struck_value(&x->at[0], magnitude);
        }
    }
    if (s1 >= 0)
        value += struck_value(&x->at[1], x->magnitude[1][s1]);
    return value;
}

/* 515.3: one row up the table. */
static void step_down(int s0, int s1, int *d0, int *d1)
{
    *d0 = s0;
    *d1 = s1;
    if (s0 == STRENGTH_MEDIUM && s1 == STRENGTH_WEAK)
        *d0 = STRENGTH_WEAK, *d1 = STRENGTH_MISS;
    else if (s0 == STRENGTH_STRONG && s1 == STRENGTH_WEAK)
        *d0 = STRENGTH_MEDIUM, *d1 = STRENGTH_MISS;
    else if (s0 == STRENGTH_WEAK && s1 == STRENGTH_MEDIUM)
        *d0 = STRENGTH_MISS, *d1 = STRENGTH_WEAK;
}

/* The value of an outcome with the step-down (515.3) taken or not by whoever may: the higher
 * roller (the stronger strike of an exchange row) picks what is best for them. */
static int outcome_value(const exchange *x, int s0, int s1, bool may_step_down)
{
    int value = exchange_value(x, s0, s1);
    if (!may_step_down)
        return value;
    int d0, d1;
    step_down(s0, s1, &d0, &d1);
    int stepped = exchange_value(x, d0, d1);
    const bsk_match *m = x->g->m;
    int chooser = s0 > s1 ? m->units[x->source].owner : m->units[x->target].owner;
    if (chooser == x->g->player)
        return stepped > value ? stepped : value;
    return stepped < value ? stepped : value;
}

/* The attacks[] index of an attack action, -1 for the simple strike; false when it has none. */
static bool ability_of(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a, int *ability)
{
    *ability = -1;
    if (a->kind == BSK_ACT_ABILITY)
        *ability = bsk_match_unit_attack_index(m, cards, a->unit, a->index);
    return a->kind != BSK_ACT_ABILITY || *ability >= 0;
}

static void exchange_of(exchange *x, greedy *g, int source, int target, int ability, const agent_fight *f)
{
    x->g = g;
    x->source = source;
    x->target = target;
    int kind = ability >= 0 ? bsk_match_unit_attack(g->m, g->cards, source, ability)->keyword : SIMPLE_STRIKE;
    x->finishing = kind == BSK_KEYWORD_FINISHING_BLOW;
    x->magnitude = f->magnitude;
    struck_of(g, &x->at[0], target, source, kind);
    struck_of(g, &x->at[1], source, target, SIMPLE_STRIKE); /* 515.4: a counter-strike is a simple strike */
}

/* The expected value (×36) for the player of the attack `a` at `target` (its declared target, or
 * a guard's redirection). */
static int attack_value(greedy *g, const bsk_action *a, int target)
{
    int ability;
    if (a->unit < 0 || target < 0 || !known(g->m, g->cards, a->unit) || !ability_of(g->m, g->cards, a, &ability))
        return 0;
    agent_fight scratch;
    const agent_fight *f = fight_of(g, a, target, ability, &scratch);
    exchange x;
    exchange_of(&x, g, a->unit, target, ability, f);
    int sum = 0;
    for (int k = 0; k < f->count; k++) {
        int s0 = (f->strengths[k] & 15) - 1, s1 = (f->strengths[k] >> 4) - 1;
        sum += f->weight[k] * outcome_value(&x, s0, s1, s0 >= 0 && s1 >= 0);
    }
    return sum;
}

/* ---- Steps ---- */

/* The number of steps from each cell to a cell next to an enemy creature (orthogonal steps
 * through free cells, 506), found once per decision. */
static void steps_find(greedy *g)
{
    const bsk_match *m = g->m;
    uint32_t goal = 0;
    for (uint64_t rest = m->in_battle[2 - g->player]; rest; rest &= rest - 1) {
        int i = first(rest);
        const bsk_unit *u = &m->units[i];
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->cell >= 0 && is_creature(m, g->cards, i))
            goal |= bsk_cell_neighbours(u->cell) | BSK_CELL_BIT(u->cell); /* «Рядом», board.h */
    }
    memset(g->to_enemy, FAR, sizeof g->to_enemy);
    /* breadth first from the goal through free cells, a layer at a time as cell sets */
    uint32_t free_cells = ~m->occupied & BSK_CELLS_ALL, seen = goal, layer = goal;
    for (int d = 0; layer; d++) {
        for (uint32_t rest = layer; rest; rest &= rest - 1)
            g->to_enemy[__builtin_ctz(rest)] = (uint8_t)d;
        uint32_t next = (layer << 5) | (layer >> 5) | ((layer << 1) & NOT_FIRST_COLUMN) | ((layer >> 1) & NOT_LAST_COLUMN);
        layer = next & BSK_CELLS_ALL & free_cells & ~seen;
        seen |= layer;
    }
    g->steps_ready = true;
}

/* A step that shortens the way to the nearest enemy; never above ending the turn otherwise. */
static int step_value(greedy *g, const bsk_action *a)
{
    const bsk_match *m = g->m;
    int from = m->units[a->unit].cell;
    if (from < 0 || a->cell < 0)
        return -1;
    if (!g->steps_ready)
        steps_find(g);
    int before = g->to_enemy[from], after = g->to_enemy[a->cell];
    if (before != 0) { /* its own cell is occupied: its way goes through a free neighbour */
        before = FAR;
        for (uint32_t rest = bsk_cell_orthogonal(from) & ~m->occupied; rest; rest &= rest - 1) { /* 506.1 */
            int next = __builtin_ctz(rest);
            if (g->to_enemy[next] + 1 < before)
                before = g->to_enemy[next] + 1;
        }
    }
    return after < before ? (before - after) * STEP_VALUE : -1;
}

/* ---- Features ---- */

/* The attack on the stack (the one a cancel or a redirect acts on), -1 when none: as an action of
 * its source's, for attack_value. */
static bool executing_attack(const bsk_match *m, const bsk_card_table *cards, bsk_action *out)
{
    const bsk_stack_entry *e = m->stack_count > 0 ? &m->stack[m->stack_count - 1] : NULL;
    if (!e || (e->kind != BSK_ACT_ATTACK && e->kind != BSK_ACT_ABILITY) || e->source < 0 || e->final_target < 0)
        return false;
    *out = (bsk_action){BSK_ACT_ATTACK, e->player, e->source, e->final_target, -1, -1, -1, -1};
    if (e->ability >= 0) {
        const bsk_attack *a = bsk_match_unit_attack(m, cards, e->source, e->ability);
        if (!a)
            return false;
        out->kind = BSK_ACT_ABILITY;
        out->index = (int8_t)a->keyword;
    }
    return true;
}

/* branch dice3: the die t rolled for the attack on top of the stack while its roll window is open (its
 * value before the modifiers, 519.1), 0 when none. */
static int rolled_die(const bsk_match *m, int t)
{
    const char *window = bsk_match_window_id(m);
    const bsk_stack_entry *e = m->stack_count > 0 ? &m->stack[m->stack_count - 1] : NULL;
    if (!window || strcmp(window, "roll") != 0 || !e || (e->kind != BSK_ACT_ATTACK && e->kind != BSK_ACT_ABILITY))
        return 0;
    int v = t == e->source ? e->roll[0] : t == e->final_target ? e->roll[1] : 0;
    return v >= 1 && v <= 6 ? v : 0;
}

/* One effect record's value on card t (issue 22, branch posio: every op, not only the first record's
 * wound, heal and counters): good for the player when it harms an enemy or helps an own card.
 * `source` is the feature's card. */
static int effect_on(greedy *g, const bsk_feature_effect *ef, int source, int t, int value)
{
    const bsk_match *m = g->m;
    if (t < 0 || t >= m->unit_count)
        return 0;
    const bsk_unit *u = &m->units[t];
    int sign = u->owner == g->player ? -1 : 1;
    int counters = u->counters < value ? u->counters : value;
    int healed = u->wounds < value ? u->wounds : value;
    bool tapped = (u->flags & BSK_UNIT_TAPPED) != 0;
    bsk_action attack;
    switch (ef->op) {
    case BSK_OP_WOUND:
        return sign * harm(g, t, value) * 36;
    case BSK_OP_DESTROY:
    case BSK_OP_EXILE:          /* out of the battle for good (206.4) */
    case BSK_OP_RETURN_TO_DECK: /* out of the battle zone, a new card (204.4) */
        return sign * harm(g, t, 99) * 36;
    case BSK_OP_SET_LIFE:
        return sign * harm(g, t, life_left(m, g->cards, t) - value) * 36;
    case BSK_OP_POISON: /* a wound at each of its turns' starts (409.2): worth half a wound now */
        return sign * harm(g, t, value) * 18;
    case BSK_OP_HEAL:
        return -sign * healed * AGENT_WOUND * 36;
    case BSK_OP_HEAL_FULL:
        return -sign * u->wounds * AGENT_WOUND * 36;
    case BSK_OP_GAIN_EXTRA_LIFE: /* ±X life */
    case BSK_OP_PREVENTION:      /* the next X wounds prevented (534): X life, once */
        if (ef->param == BSK_PREVENT_ALL) /* branch block3: no number, the executing attack's wounds at t */
            return executing_attack(m, g->cards, &attack) && attack.target == t ? -attack_value(g, &attack, t) : 0;
        return -sign * value * AGENT_WOUND * 18;
    case BSK_OP_SIDE_PREVENTION: /* branch shield6: the next X wounds to the side's cards (534): X life, once */
        return -sign * value * AGENT_WOUND * 18;
    case BSK_OP_GAIN_NEGATIVE_LIFE: /* −X life (508.8) */
        return sign * value * AGENT_WOUND * 18;
    case BSK_OP_WOUNDS_TAKEN_MODIFIER: /* −X wounds each time (535.1.1): a help while it lasts */
        return sign * value * AGENT_WOUND * 18;
    case BSK_OP_GAIN_COUNTERS:
        return -sign * COUNTER_VALUE * (value > 0 ? value : 1);
    case BSK_OP_LOSE_COUNTERS:
        return sign * COUNTER_VALUE * counters;
    case BSK_OP_TAP: /* a tapped card neither strikes nor moves this turn */
        return tapped ? 0 : sign * COUNTER_VALUE * 2;
    case BSK_OP_UNTAP:
        return tapped ? -sign * COUNTER_VALUE * 2 : 0;
    case BSK_OP_NO_TAP_THIS_ATTACK: /* branch times3: it stays open after this attack (540.4), as an untap would */
        return tapped ? 0 : -sign * COUNTER_VALUE * 2;
    case BSK_OP_GAIN_FEATURE:
    case BSK_OP_TRIGGER_CONCENTRATION: /* focus8: its concentration's [text] at once, a help to an own card */
        return -sign * COUNTER_VALUE;
    case BSK_OP_LOSE_FEATURE:
    case BSK_OP_SET_ATTACK_STRENGTH: /* its attacks made weaker (520.2 a, d; 519.2 group 2): a hindrance */
    case BSK_OP_REDUCE_ATTACK_TO:
    case BSK_OP_SET_DIE_ROLL:
        return sign * COUNTER_VALUE;
    case BSK_OP_MOVEMENT_MODIFIER:
    case BSK_OP_DIE_ROLL_MODIFIER:
    case BSK_OP_ATTACK_MODIFIER:         /* ±X: a help to an own card, a hindrance to an enemy one */
    case BSK_OP_NAMED_FEATURE_MODIFIER:
        return -sign * value * COUNTER_VALUE;
    case BSK_OP_INCOMING_ATTACK_MODIFIER: /* ±X to the attacks made at it: the other way round */
        return sign * value * COUNTER_VALUE;
    case BSK_OP_INCOMING_REDUCE_ATTACK_TO: /* fend6: the attacks made at it made weaker: a help */
        return -sign * COUNTER_VALUE;
    /* branch dice3 (issue 22): a die worth its pips against the 3.5 an unknown die is worth (519.5–519.7) */
    case BSK_OP_REROLL: /* t's raw die in the roll window, rolled again: worth 3.5 − what it shows */
        return rolled_die(m, t) ? -sign * (7 - 2 * rolled_die(m, t)) * COUNTER_VALUE / 2 : 0;
    case BSK_OP_FLIP_DIE: /* 7 − v for the die it shows now (no die yet: 0, a flip is as likely to harm) */
        return rolled_die(m, t) ? -sign * (7 - 2 * rolled_die(m, t)) * COUNTER_VALUE : 0;
    case BSK_OP_NEXT_ROLL_EQUALS:
        return -sign * (2 * value - 7) * COUNTER_VALUE / 2;
    case BSK_OP_SPAWN_ATTACK: /* the feature's card strikes t with its simple strike (glossary §3.5) */
        if (ef->attack.keyword) /* an attack the feature prints: its medium value, one die */
            return source != t ? sign * harm(g, t, ef->attack.values[1]) * 36 : 0;
        attack = (bsk_action){BSK_ACT_ATTACK, (uint8_t)m->units[source].owner, (int8_t)source, (int8_t)t,
                              -1, -1, -1, -1};
        return source >= 0 && source != t ? attack_value(g, &attack, t) : 0;
    case BSK_OP_REDIRECT: /* the executing attack at t instead of its target (512.6.4) */
        return executing_attack(m, g->cards, &attack) && attack.target != t
                   ? attack_value(g, &attack, t) - attack_value(g, &attack, attack.target)
                   : 0;
    case BSK_OP_CANCEL: /* the executing attack does nothing (512.6.3): its value undone */
    case BSK_OP_BLOCK:  /* branch block3: so does a blocked one (531.4) */
        return executing_attack(m, g->cards, &attack) ? -attack_value(g, &attack, attack.target) : 0;
    default: /* prophecy, relocate, named markers, a delayed effect: no measure yet */
        return 0;
    }
}

/* The value of feature f of `unit` with the chosen card `target` (-1: none), its records from first
 * to end: each record on the cards its selector names. */
static int program_value(greedy *g, const bsk_feature *f, int unit, int target, int first_record, int end)
{
    const bsk_match *m = g->m;
    int sum = 0;
    for (int k = first_record; k < end && k < f->effect_count; k++) {
        const bsk_feature_effect *ef = &f->effects[k];
        int value = ef->value.var == BSK_EXPR_CONST ? ef->value.b : ef->value.a + ef->value.b;
        if (ef->op == BSK_OP_CANCEL) { /* acts on the stack, whatever its selector (self) */
            sum += effect_on(g, ef, unit, unit, value);
            continue;
        }
        switch (ef->target) {
        case BSK_TARGET_SELF:
            sum += effect_on(g, ef, unit, unit, value);
            break;
        case BSK_TARGET_EVERY_ENEMY:
            for (uint64_t rest = m->in_battle[2 - m->units[unit].owner]; rest; rest &= rest - 1)
                if (is_creature(m, g->cards, first(rest)))
                    sum += effect_on(g, ef, unit, first(rest), value);
            break;
        case BSK_TARGET_ALL: /* every card its filter reaches now (an opponent's face-down card's face unread) */
            for (uint64_t rest = bsk_match_filter_all(m, g->cards, ef->filter, unit, target); rest; rest &= rest - 1)
                sum += effect_on(g, ef, unit, first(rest), value);
            break;
        default: /* the chosen card, the attacked one */
            sum += effect_on(g, ef, unit, target, value);
            break;
        }
    }
    return sum;
}

/* A feature's value: an «или»'s best alternative (its mode is asked later), else every record. */
static int whole_value(greedy *g, const bsk_feature *f, int unit, int target)
{
    if (!f->mode)
        return program_value(g, f, unit, target, 0, f->effect_count);
    int best = program_value(g, f, unit, target, 0, 1);
    for (int k = 1; k < f->effect_count; k++) {
        int v = program_value(g, f, unit, target, k, k + 1);
        best = v > best ? v : best;
    }
    return best;
}

/* What an activated feature's prepaid costs take from its own card (501.4; branch costs4, issue 22): its
 * self-wounds, the extra lives it loses (a lower maximum, or its death when they were what kept it alive),
 * the card itself when it is destroyed or returned to its deck; ≤ 0. */
static int cost_value(greedy *g, const bsk_feature *f, int unit)
{
    if (f->cost_destroy_self | f->cost_return_self)
        return -harm(g, unit, 99) * 36;
    int value = 0;
    if (f->cost_wound)
        value -= harm(g, unit, f->cost_wound) * 36;
    if (f->cost_extra_lives) {
        int left = life_left(g->m, g->cards, unit) - f->cost_wound;
        value -= left <= f->cost_extra_lives ? harm(g, unit, 99) * 36 : f->cost_extra_lives * AGENT_WOUND * 18;
    }
    return value;
}

static int feature_value(greedy *g, const bsk_action *a)
{
    const bsk_match *m = g->m;
    if (a->unit < 0 || !known(m, g->cards, a->unit))
        return 0;
    const bsk_feature *f = bsk_match_unit_feature(m, g->cards, a->unit, a->index); /* its own or acquired */
    if (!f)
        return 0;
    int value = whole_value(g, f, a->unit, a->target);
    if (f->cost_wound | f->cost_extra_lives | f->cost_destroy_self | f->cost_return_self)
        value += cost_value(g, f, a->unit);
    return value;
}

/* A trigger's question (bsk_match_choice: use, mode, its target) answered by the value of what each
 * answer makes the feature do, not by the default (issue 22, branch posio); other questions (a dash's
 * or a relocation's cell, a werewolf's form) score 0 and keep the default. */
static int choice_value(greedy *g, const bsk_action *a)
{
    const bsk_match *m = g->m;
    const bsk_choice *c = bsk_match_choice(m);
    if (c && c->pending == BSK_CHOICE_X && a->kind == BSK_ACT_CHOOSE)
        return a->index; /* 543.2: the largest X the card can pay (its records grow with X) */
    if (c && c->pending == BSK_CHOICE_DIE && a->kind == BSK_ACT_CHOOSE)
        return a->index; /* dice7, 306.5.2: the larger die of its two (a stronger strike, 515) */
    if (!c || c->pending < 0 || c->pending >= m->pending_count)
        return 0;
    const bsk_pending *p = &m->pending[c->pending];
    const bsk_feature *f = bsk_match_unit_feature(m, g->cards, p->unit, p->feature);
    if (!f)
        return 0;
    switch (a->kind) {
    case BSK_ACT_USE: { /* 116.7: declining is worth 0 */
        int v = whole_value(g, f, p->unit, p->target);
        return a->index == 1 ? (v < 0 ? v : v + 1) : 0;
    }
    case BSK_ACT_MODE:
        return a->index >= 1 ? program_value(g, f, p->unit, p->target, a->index - 1, a->index) : 0;
    case BSK_ACT_CHOOSE:
        if (c->what != BSK_CHOOSE_UNIT)
            return 0;
        return f->mode && c->mode ? program_value(g, f, p->unit, a->index, c->mode - 1, c->mode)
                                  : program_value(g, f, p->unit, a->index, 0, f->effect_count);
    default:
        return 0;
    }
}

/* ---- Answers: guard (514) and step-down (515.3) ---- */

static const bsk_stack_entry *executing(const bsk_match *m)
{
    return m->stack_count > 0 ? &m->stack[m->stack_count - 1] : NULL;
}

/* A guard against the executing strike, over letting it reach its target. */
static int guard_value(greedy *g, const bsk_action *a)
{
    const bsk_stack_entry *e = executing(g->m);
    if (!e || e->kind != BSK_ACT_ATTACK)
        return 0;
    bsk_action strike = {BSK_ACT_ATTACK, e->player, e->source, e->target, -1, -1, -1, -1};
    return attack_value(g, &strike, a->unit) - attack_value(g, &strike, e->target);
}

/* Stepping down (index 1) over keeping the row, on the executing fight's rolled strengths. */
static int step_down_value(greedy *g, const bsk_action *a)
{
    const bsk_match *m = g->m;
    const bsk_stack_entry *e = executing(m);
    if (!e || a->index != 1 || e->source < 0 || e->final_target < 0 || !known(m, g->cards, e->source))
        return 0;
    agent_fight f;
    f.count = 0;
    fight_magnitudes(m, g->cards, e->source, e->final_target, e->ability, &f);
    exchange x;
    exchange_of(&x, g, e->source, e->final_target, e->ability, &f);
    int d0, d1;
    step_down(e->strength[0], e->strength[1], &d0, &d1);
    return (exchange_value(&x, d0, d1) - exchange_value(&x, e->strength[0], e->strength[1])) * 36;
}

static int score_of(greedy *g, const bsk_action *a)
{
    switch (a->kind) {
    case BSK_ACT_ABILITY:
        if (a->target < 0 && a->cell >= 0) /* a jump or teleport to a cell: movement (506.6) */
            return step_value(g, a);
        return attack_value(g, a, a->target) + ATTACK_BIAS;
    case BSK_ACT_ATTACK:
        return attack_value(g, a, a->target) + ATTACK_BIAS;
    case BSK_ACT_MOVE:
        return step_value(g, a);
    case BSK_ACT_GAIN_COUNTER:
        return COUNTER_VALUE;
    case BSK_ACT_FLYER_TAP:
        return FLYER_TAP_VALUE;
    case BSK_ACT_FEATURE:
        return feature_value(g, a);
    case BSK_ACT_GUARD:
        return guard_value(g, a);
    case BSK_ACT_STEP_DOWN:
        return step_down_value(g, a);
    case BSK_ACT_USE:
    case BSK_ACT_MODE:
    case BSK_ACT_CHOOSE:
        return choice_value(g, a);
    default:
        return 0;
    }
}

static int place_score(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a);
static int host_score(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a);

/* Any action's score: placement and seating by their own measures. */
static int any_score(greedy *g, const bsk_action *a)
{
    if (a->kind == BSK_ACT_PLACE)
        return place_score(g->m, g->cards, g->player, a);
    if (a->kind == BSK_ACT_HOST)
        return host_score(g->m, g->cards, a);
    return score_of(g, a);
}

void agent_greedy_scores(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                         int count, int *scores)
{
    agent_greedy_scores_cached(m, player, cards, legal, count, scores, NULL);
}

void agent_greedy_scores_cached(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                                int count, int *scores, agent_fights *fights)
{
    greedy g;
    greedy_init(&g, m, cards, player, fights);
    for (int k = 0; k < count; k++)
        scores[k] = any_score(&g, &legal[k]);
}

/* ---- The preliminary phase ---- */

/* 404: a ground creature's worth in front: its strikes and life; ranged attackers, flyers (they
 * leave for the extra zone), symbiotes, artifacts and terrains keep to the back. */
static int front_worth(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (bsk_match_unit_type(m, cards, unit) != BSK_TYPE_CREATURE ||
        bsk_match_unit_subtype(m, cards, unit) != BSK_SUBTYPE_GROUND)
        return 0;
    int strike[3];
    bsk_match_unit_strikes(m, cards, unit, strike);
    int worth = 2 * (strike[0] + strike[1] + strike[2]) + bsk_match_unit_max_life(m, cards, unit);
    int attacks = bsk_match_unit_attack_count(m, cards, unit);
    for (int k = 0; k < attacks; k++) {
        int keyword = bsk_match_unit_attack(m, cards, unit, k)->keyword;
        if (keyword == BSK_KEYWORD_SHOT || keyword == BSK_KEYWORD_THROW || keyword == BSK_KEYWORD_DISCHARGE)
            return worth / 4;
    }
    return worth + 1;
}

static int place_score(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a)
{
    int row = row_of(a->cell), column = column_of(a->cell);
    int front = player == 1 ? row : 5 - row; /* 0..2: rows toward the enemy */
    int cell = (front + 1) * 4 + (column == 2 ? 2 : column == 1 || column == 3 ? 1 : 0);
    int worth = front_worth(m, cards, a->unit);
    return worth > 0 ? worth * cell : -cell;
}

static int host_score(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    if (a->target < 0 || !known(m, cards, a->target))
        return 0;
    return threat_of(m, cards, a->target) * 2 + life_left(m, cards, a->target);
}

#define ANY_INDEX (-2) /* -1 is an action's "no index" */

/* The first legal action of `kind` (with `index` unless ANY_INDEX), -1. */
static int find_kind(const bsk_action *legal, int count, int kind, int index)
{
    for (int i = 0; i < count; i++)
        if (legal[i].kind == kind && (index == ANY_INDEX || legal[i].index == index))
            return i;
    return -1;
}

int agent_greedy_pick_cached(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                             int count, agent_fights *fights)
{
    if (count <= 1)
        return 0;
    int i;
    switch (m->phase) {
    case BSK_PHASE_ROLL: /* 402.1: the chooser goes second (+1 gold, +1 silver): in greedy mirror
                          * games the second player wins 60 % */
        i = find_kind(legal, count, BSK_ACT_FIRST, 2);
        return i >= 0 ? i : 0;
    case BSK_PHASE_REDEAL:
        i = find_kind(legal, count, BSK_ACT_KEEP, ANY_INDEX);
        return i >= 0 ? i : 0;
    case BSK_PHASE_RECRUIT:
        return agent_passive_take(m, player, cards, legal, count);
    case BSK_PHASE_REVEAL:
        i = find_kind(legal, count, BSK_ACT_DONE, ANY_INDEX);
        return i >= 0 ? i : 0;
    default:
        break;
    }
    int best = 0, best_score = 0;
    greedy g;
    greedy_init(&g, m, cards, player, fights);
    for (int k = 0; k < count; k++) {
        const bsk_action *a = &legal[k];
        int score = any_score(&g, a);
        if (k == 0 || score > best_score) {
            best = k;
            best_score = score;
        }
    }
    if (best_score < 0 || (best_score == 0 && legal[best].kind != BSK_ACT_PLACE && legal[best].kind != BSK_ACT_HOST)) {
        /* nothing worth doing: end the turn, or the default answer */
        if ((i = find_kind(legal, count, BSK_ACT_END_TURN, ANY_INDEX)) >= 0 ||
            (i = find_kind(legal, count, BSK_ACT_PASS, ANY_INDEX)) >= 0)
            return i;
        if ((i = find_kind(legal, count, BSK_ACT_STEP_DOWN, 0)) >= 0)
            return i;
    }
    return best;
}

int agent_greedy_pick(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                      int count)
{
    return agent_greedy_pick_cached(m, player, cards, legal, count, NULL);
}
