/* agent_greedy.c — the greedy agent (agent.h): one ply. Every legal action is scored by the exact
 * expectation over its dice (bsk_match_fight_outcomes, in 36ths) of the wounds it deals minus the
 * wounds it takes, a kill worth the card's life left and its threat, and a step by how much it
 * closes in on the nearest enemy. Recruitment by the best-squad optimizer, strong cards placed in
 * front, guards and step-downs answered by the same expectation. Integer arithmetic only. */
#include "agent_internal.h"
#include "engine/engine.h"

/* A face-down enemy card (BSK_AGENT_UNKNOWN_SLOT) has no table entry: it is taken for a typical
 * creature of the tournament decks. */
enum { HIDDEN_LIFE = 7 };
static const int HIDDEN_STRIKE[3] = {1, 2, 3};

enum {
    KILL_BASE = 2 * AGENT_WOUND, /* a kill is worth the life left, this, and KILL_THREAT/3 wounds */
    KILL_THREAT = 2,             /* per point of the card's strike values (weak + medium + strong) */
    ATTACK_BIAS = AGENT_WOUND / 4 * 36, /* an even exchange still moves the game on */
    STEP_VALUE = AGENT_WOUND / 2 * 36,  /* one step closer to the nearest enemy */
    COUNTER_VALUE = AGENT_WOUND / 3 * 36,
    FLYER_TAP_VALUE = AGENT_WOUND * 36,
    FAR = 99
};

/* ---- What a card is worth ---- */

static bool known(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return m->units[unit].slot < cards->count;
}

static int life_left(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    int life = known(m, cards, unit) ? engine_entry(cards, m, unit)->life : HIDDEN_LIFE;
    return (life < 0 ? 0 : life) - m->units[unit].wounds;
}

/* The card's strike values (weak + medium + strong), its best attack's when that is larger. */
static int threat(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    if (!known(m, cards, unit))
        return HIDDEN_STRIKE[0] + HIDDEN_STRIKE[1] + HIDDEN_STRIKE[2];
    const bsk_card_entry *e = engine_entry(cards, m, unit);
    int best = (e->flags & BSK_ENTRY_NO_STRIKE) ? 0 : e->strike[0] + e->strike[1] + e->strike[2];
    for (int k = 0; k < e->attack_count; k++) {
        if (e->attacks[k].keyword == BSK_KEYWORD_FINISHING_BLOW)
            continue;
        int sum = 0;
        for (int s = 0; s < 3; s++) {
            int v = bsk_attack_value(&e->attacks[k], s, 0, m->units[unit].counters);
            sum += v < 0 ? 0 : v;
        }
        best = sum > best ? sum : best;
    }
    return best < 0 ? 0 : best;
}

static int kill_bonus(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return KILL_BASE + threat(m, cards, unit) * AGENT_WOUND * KILL_THREAT / 3;
}

/* The value of `wounds` dealt to `unit`: each wound, and the kill when it dies. */
static int harm(const bsk_match *m, const bsk_card_table *cards, int unit, int wounds)
{
    int life = life_left(m, cards, unit);
    if (wounds <= 0 || life <= 0)
        return 0;
    if (wounds >= life)
        return life * AGENT_WOUND + kill_bonus(m, cards, unit);
    return wounds * AGENT_WOUND;
}

static bool is_creature(const bsk_match *m, const bsk_card_table *cards, int unit)
{
    return !known(m, cards, unit) || engine_entry(cards, m, unit)->type == BSK_TYPE_CREATURE;
}

int agent_material(const bsk_match *m, int player, const bsk_card_table *cards)
{
    if (m->result.over)
        return m->result.winner == 0 ? 0 : m->result.winner == player ? AGENT_WIN : -AGENT_WIN;
    int total = 0;
    for (int p = 1; p <= 2; p++)
        for (uint64_t rest = m->in_battle[p - 1]; rest; rest &= rest - 1) {
            int i = engine_first(rest);
            if (!is_creature(m, cards, i) || life_left(m, cards, i) <= 0)
                continue;
            int worth = life_left(m, cards, i) * AGENT_WOUND + kill_bonus(m, cards, i);
            total += p == player ? worth : -worth;
        }
    return total;
}

/* ---- Fights: the exact expectation over the dice ---- */

typedef struct exchange {
    const bsk_match *m;
    const bsk_card_table *cards;
    int player; /* whose gain it is */
    int source, target;
    int kind;   /* the strike's ability type: KIND_SIMPLE_STRIKE or the attack keyword */
    bool finishing;
    int magnitude[2][3]; /* the strike's and the counter-strike's, by strength */
} exchange;

/* Wounds left of a magnitude after protection (511.3, 532) and armor (534). */
static int landed(const exchange *x, int struck, int striker, int kind, int magnitude)
{
    const bsk_match *m = x->m;
    if (magnitude <= 0 || !known(m, x->cards, struck) || !known(m, x->cards, striker))
        return magnitude < 0 ? 0 : magnitude;
    if (engine_protected_from(m, x->cards, struck, striker, kind))
        return 0;
    const bsk_card_entry *e = engine_entry(x->cards, m, struck);
    if (kind == BSK_KEYWORD_MAGIC_STRIKE || kind == BSK_KEYWORD_DISCHARGE || !engine_has_keyword(e, BSK_KEYWORD_ARMOR))
        return magnitude;
    int armor = bsk_card_entry_x(e, BSK_KEYWORD_ARMOR);
    int left = (armor < 0 ? 0 : armor) - m->units[struck].armor_used;
    return left <= 0 ? magnitude : magnitude > left ? magnitude - left : 0;
}

static int sign_of(const exchange *x, int unit) { return x->m->units[unit].owner == x->player ? -1 : 1; }

/* The value for x->player of the strike at strength s0 and the counter-strike at s1 (-1: none). */
static int exchange_value(const exchange *x, int s0, int s1)
{
    const bsk_match *m = x->m;
    int value = 0;
    if (s0 >= 0) {
        int magnitude = x->magnitude[0][s0];
        if (x->finishing) { /* glossary «Добивание на X»: destroys a card with X or less life */
            int life = life_left(m, x->cards, x->target);
            bool steadfast = known(m, x->cards, x->target) &&
                             engine_steadfast_blocks(m, x->cards, x->target, x->source, m->units[x->source].owner);
            if (!steadfast && life <= magnitude)
                value += sign_of(x, x->target) * harm(m, x->cards, x->target, life);
        } else {
            value += sign_of(x, x->target) *
                     harm(m, x->cards, x->target, landed(x, x->target, x->source, x->kind, magnitude));
        }
    }
    if (s1 >= 0)
        value += sign_of(x, x->source) *
                 harm(m, x->cards, x->source, landed(x, x->source, x->target, KIND_SIMPLE_STRIKE, x->magnitude[1][s1]));
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
    int chooser = s0 > s1 ? x->m->units[x->source].owner : x->m->units[x->target].owner;
    if (chooser == x->player)
        return stepped > value ? stepped : value;
    return stepped < value ? stepped : value;
}

/* The exchange of an attack of `source` (ability: its attacks[] index, -1 for the simple strike)
 * at `target`, magnitudes from the table (a face-down target's from the typical creature). */
static void exchange_of(exchange *x, const bsk_match *m, const bsk_card_table *cards, int player, int source,
                        int target, int ability)
{
    x->m = m;
    x->cards = cards;
    x->player = player;
    x->source = source;
    x->target = target;
    x->kind = KIND_SIMPLE_STRIKE;
    x->finishing = false;
    const bsk_card_entry *se = engine_entry(cards, m, source);
    for (int s = 0; s < 3; s++) {
        int v = ability >= 0 ? bsk_attack_value(&se->attacks[ability], s, 0, m->units[source].counters)
                             : se->strike[s];
        x->magnitude[0][s] = v < 0 ? 0 : v;
        v = known(m, cards, target) ? engine_entry(cards, m, target)->strike[s] : HIDDEN_STRIKE[s];
        x->magnitude[1][s] = v < 0 ? 0 : v;
    }
    if (ability >= 0) {
        x->kind = se->attacks[ability].keyword;
        x->finishing = x->kind == BSK_KEYWORD_FINISHING_BLOW;
    }
}

/* The expected value (×36) for `player` of the attack `a` at its declared target `target`
 * (a guard's redirection passes another target). */
static int attack_value(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a, int target)
{
    if (a->unit < 0 || target < 0 || !known(m, cards, a->unit))
        return 0;
    int ability = -1;
    if (a->kind == BSK_ACT_ABILITY) {
        ability = engine_attack_index(engine_entry(cards, m, a->unit), a->index);
        if (ability < 0)
            return 0;
    }
    exchange x;
    exchange_of(&x, m, cards, player, a->unit, target, ability);
    bsk_fight_outcome out[36];
    bsk_action at = *a;
    at.target = (int8_t)target;
    int n = known(m, cards, target) ? bsk_match_fight_outcomes(m, cards, &at, out) : 0;
    int sum = 0;
    if (n > 0) {
        for (int k = 0; k < n; k++) /* the magnitudes as the engine computes them */
            for (int w = 0; w < 2; w++)
                if (out[k].strength[w] >= 0)
                    x.magnitude[w][out[k].strength[w]] = out[k].magnitude[w];
        for (int k = 0; k < n; k++)
            sum += out[k].weight * outcome_value(&x, out[k].strength[0], out[k].strength[1], out[k].step_down);
        return sum;
    }
    if (known(m, cards, target))
        return 0;
    /* a face-down card: the hit table on unmodified dice against the typical creature (515.2) */
    const bsk_unit *t = &m->units[target];
    bool fight = a->kind == BSK_ACT_ATTACK && !(t->flags & BSK_UNIT_TAPPED) && t->owner != m->units[a->unit].owner;
    for (int d0 = 1; d0 <= 6; d0++) {
        if (!fight) {
            sum += 6 * outcome_value(&x, engine_one_die_strength(d0), STRENGTH_MISS, false);
            continue;
        }
        for (int d1 = 1; d1 <= 6; d1++) {
            int8_t s[2];
            engine_hit_table(d0, d1, s);
            sum += outcome_value(&x, s[0], s[1], s[0] >= 0 && s[1] >= 0);
        }
    }
    return sum;
}

/* ---- Steps ---- */

/* What a decision's steps share: the number of steps from each cell to a cell next to an enemy
 * creature (orthogonal steps through free cells, 506), found once. */
typedef struct steps {
    bool ready;
    uint8_t to_enemy[BSK_BOARD_CELLS]; /* FAR: no way */
} steps;

static void steps_find(const bsk_match *m, const bsk_card_table *cards, int player, steps *s)
{
    uint32_t goal = 0;
    for (uint64_t rest = m->in_battle[2 - player]; rest; rest &= rest - 1) {
        int i = engine_first(rest);
        const bsk_unit *u = &m->units[i];
        if (u->zone == BSK_ZONE_BATTLEFIELD && u->cell >= 0 && is_creature(m, cards, i))
            goal |= ENGINE_BLOCK[u->cell];
    }
    int queue[BSK_BOARD_CELLS], head = 0, tail = 0;
    for (int c = 0; c < BSK_BOARD_CELLS; c++) {
        s->to_enemy[c] = FAR;
        if ((goal >> c) & 1u) {
            s->to_enemy[c] = 0;
            queue[tail++] = c;
        }
    }
    while (head < tail) { /* breadth first from the goal, through free cells only */
        int c = queue[head++];
        int row = ENGINE_ROW[c], column = ENGINE_COL[c];
        const int next[4] = {row < 5 ? c + 5 : -1, row > 0 ? c - 5 : -1, column < 4 ? c + 1 : -1,
                             column > 0 ? c - 1 : -1};
        for (int d = 0; d < 4; d++) {
            int n = next[d];
            if (n >= 0 && s->to_enemy[n] == FAR && !((m->occupied >> n) & 1u)) {
                s->to_enemy[n] = (uint8_t)(s->to_enemy[c] + 1);
                queue[tail++] = n;
            }
        }
    }
    s->ready = true;
}

/* A step that shortens the way to the nearest enemy; never above ending the turn otherwise. */
static int step_value(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a, steps *s)
{
    int from = m->units[a->unit].cell;
    if (from < 0 || a->cell < 0)
        return -1;
    if (!s->ready)
        steps_find(m, cards, player, s);
    int before = s->to_enemy[from], after = s->to_enemy[a->cell];
    if (before != 0) { /* its own cell is occupied: the way goes through a free neighbour */
        before = FAR;
        int row = ENGINE_ROW[from], column = ENGINE_COL[from];
        const int next[4] = {row < 5 ? from + 5 : -1, row > 0 ? from - 5 : -1, column < 4 ? from + 1 : -1,
                             column > 0 ? from - 1 : -1};
        for (int d = 0; d < 4; d++)
            if (next[d] >= 0 && !((m->occupied >> next[d]) & 1u) && s->to_enemy[next[d]] + 1 < before)
                before = s->to_enemy[next[d]] + 1;
    }
    return after < before ? (before - after) * STEP_VALUE : -1;
}

/* ---- Features ---- */

static int feature_value(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a)
{
    if (a->unit < 0 || !known(m, cards, a->unit))
        return 0;
    int count;
    const bsk_feature *f = bsk_card_table_features(cards, m->units[a->unit].slot, &count);
    if (a->index < 0 || a->index >= count)
        return 0;
    f = &f[a->index];
    int target = a->target >= 0 ? a->target : a->unit;
    int sign = m->units[target].owner == player ? -1 : 1;
    switch (f->op) {
    case BSK_OP_WOUND:
        if (f->target == BSK_TARGET_EVERY_ENEMY) {
            int sum = 0;
            for (uint64_t rest = m->in_battle[2 - player]; rest; rest &= rest - 1)
                if (is_creature(m, cards, engine_first(rest)))
                    sum += harm(m, cards, engine_first(rest), f->value);
            return sum * 36;
        }
        return sign * harm(m, cards, target, f->value) * 36;
    case BSK_OP_HEAL: {
        int healed = m->units[target].wounds < f->value ? m->units[target].wounds : f->value;
        return -sign * healed * AGENT_WOUND * 36;
    }
    case BSK_OP_GAIN_COUNTERS:
        return -sign * COUNTER_VALUE;
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
static int guard_value(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a)
{
    const bsk_stack_entry *e = executing(m);
    if (!e || e->kind != BSK_ACT_ATTACK)
        return 0;
    bsk_action strike = {BSK_ACT_ATTACK, e->player, e->source, e->target, -1, -1, -1, -1};
    return attack_value(m, cards, player, &strike, a->unit) - attack_value(m, cards, player, &strike, e->target);
}

/* Stepping down (index 1) over keeping the row, on the executing fight's rolled strengths. */
static int step_down_value(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a)
{
    const bsk_stack_entry *e = executing(m);
    if (!e || a->index != 1 || e->source < 0 || e->final_target < 0 || !known(m, cards, e->source))
        return 0;
    exchange x;
    exchange_of(&x, m, cards, player, e->source, e->final_target, e->ability);
    int d0, d1;
    step_down(e->strength[0], e->strength[1], &d0, &d1);
    return (exchange_value(&x, d0, d1) - exchange_value(&x, e->strength[0], e->strength[1])) * 36;
}

static int score_of(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *a, steps *s)
{
    switch (a->kind) {
    case BSK_ACT_ATTACK:
    case BSK_ACT_ABILITY:
        return attack_value(m, cards, player, a, a->target) + ATTACK_BIAS;
    case BSK_ACT_MOVE:
        return step_value(m, cards, player, a, s);
    case BSK_ACT_GAIN_COUNTER:
        return COUNTER_VALUE;
    case BSK_ACT_FLYER_TAP:
        return FLYER_TAP_VALUE;
    case BSK_ACT_FEATURE:
        return feature_value(m, cards, player, a);
    case BSK_ACT_GUARD:
        return guard_value(m, cards, player, a);
    case BSK_ACT_STEP_DOWN:
        return step_down_value(m, cards, player, a);
    default:
        return 0;
    }
}

int agent_greedy_score(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *a)
{
    steps s = {.ready = false};
    return score_of(m, player, cards, a, &s);
}

void agent_greedy_scores(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                         int count, int *scores)
{
    steps s = {.ready = false};
    for (int k = 0; k < count; k++)
        scores[k] = score_of(m, player, cards, &legal[k], &s);
}

/* ---- The preliminary phase ---- */

/* 404: a ground creature's worth in front: its strikes and life; ranged attackers, flyers (they
 * leave for the extra zone), symbiotes, artifacts and terrains keep to the back. */
static int front_worth(const bsk_card_entry *e)
{
    if (e->type != BSK_TYPE_CREATURE || e->subtype != BSK_SUBTYPE_GROUND)
        return 0;
    int worth = 2 * (e->strike[0] + e->strike[1] + e->strike[2]) + (e->life > 0 ? e->life : 0);
    for (int k = 0; k < e->attack_count; k++)
        if (e->attacks[k].keyword == BSK_KEYWORD_SHOT || e->attacks[k].keyword == BSK_KEYWORD_THROW ||
            e->attacks[k].keyword == BSK_KEYWORD_DISCHARGE)
            return worth / 4;
    return worth + 1;
}

static int place_score(const bsk_match *m, const bsk_card_table *cards, int player, const bsk_action *a)
{
    int row = ENGINE_ROW[a->cell], column = ENGINE_COL[a->cell];
    int front = player == 1 ? row : 5 - row; /* 0..2: rows toward the enemy */
    int cell = (front + 1) * 4 + (column == 2 ? 2 : column == 1 || column == 3 ? 1 : 0);
    int worth = front_worth(engine_entry(cards, m, a->unit));
    return worth > 0 ? worth * cell : -cell;
}

static int host_score(const bsk_match *m, const bsk_card_table *cards, const bsk_action *a)
{
    if (a->target < 0 || !known(m, cards, a->target))
        return 0;
    return threat(m, cards, a->target) * 2 + life_left(m, cards, a->target);
}

static int find_kind(const bsk_action *legal, int count, int kind, int index)
{
    for (int i = 0; i < count; i++)
        if (legal[i].kind == kind && (index < -1 || legal[i].index == index))
            return i;
    return -1;
}

int agent_greedy_pick(const bsk_match *m, int player, const bsk_card_table *cards, const bsk_action *legal,
                      int count)
{
    if (count <= 1)
        return 0;
    int i;
    switch (m->phase) {
    case BSK_PHASE_ROLL:
        i = find_kind(legal, count, BSK_ACT_FIRST, 1);
        return i >= 0 ? i : 0;
    case BSK_PHASE_REDEAL:
        i = find_kind(legal, count, BSK_ACT_KEEP, -2);
        return i >= 0 ? i : 0;
    case BSK_PHASE_RECRUIT:
        return agent_passive_take(m, player, cards, legal, count);
    case BSK_PHASE_REVEAL:
        i = find_kind(legal, count, BSK_ACT_DONE, -2);
        return i >= 0 ? i : 0;
    default:
        break;
    }
    int best = 0, best_score = 0;
    steps s = {.ready = false};
    for (int k = 0; k < count; k++) {
        const bsk_action *a = &legal[k];
        int score;
        if (a->kind == BSK_ACT_PLACE)
            score = place_score(m, cards, player, a);
        else if (a->kind == BSK_ACT_HOST)
            score = host_score(m, cards, a);
        else
            score = score_of(m, player, cards, a, &s);
        if (k == 0 || score > best_score) {
            best = k;
            best_score = score;
        }
    }
    if (best_score < 0 || (best_score == 0 && legal[best].kind != BSK_ACT_PLACE && legal[best].kind != BSK_ACT_HOST)) {
        /* nothing worth doing: end the turn, or the default answer */
        if ((i = find_kind(legal, count, BSK_ACT_END_TURN, -2)) >= 0 || (i = find_kind(legal, count, BSK_ACT_PASS, -2)) >= 0)
            return i;
        if ((i = find_kind(legal, count, BSK_ACT_STEP_DOWN, 0)) >= 0)
            return i;
    }
    return best;
}
