/* bench_effects.c — the cost of raising an event (issue 21 §1, engine.effects_ns): with no card
 * listening (the fast exit every game without such features takes at each event call), and with
 * three fixture cards whose triggered features hear it (each raise makes three pending triggers,
 * cleared before the next). Reads the engine's internal engine_raise (lib/src/engine/engine.h). */
#include "bench.h"
#include "../lib/src/engine/engine.h"
#include "berserk/agent.h"
#include "formats.h"

#include <stdio.h>
#include <string.h>

/* A mid-game state of two tournament decks, with `listeners` of its cards in the battle zone given
 * a fixture card whose triggered feature hears every move ("on_move", side any). */
static void mid_game(bsk_catalog *catalog, bsk_match *m, bsk_card_table *table, int listeners)
{
    static const bsk_card *cards[2][BSK_MATCH_DECK_MAX];
    static bsk_card fixture;
    bsk_error error;
    bsk_format format;
    bsk_format_init_defaults(&format);
    bsk_match_deck decks[2];
    for (int d = 0; d < 2; d++) {
        int n = bench_read_deck(catalog, BENCH_DECK_FILES[d == 0 ? 0 : 5], cards[d], BSK_MATCH_DECK_MAX);
        decks[d] = (bsk_match_deck){cards[d], n, false};
    }
    bsk_card_table_init(table);
    if (bsk_match_new(m, table, &format.squad, decks, 7, 1, &error))
        bench_fail("match", &error);
    bsk_agent agents[2];
    bsk_agent_init(&agents[0], BSK_AGENT_RANDOM, 1, 1);
    bsk_agent_init(&agents[1], BSK_AGENT_RANDOM, 2, 2);
    static bsk_action legal[BSK_MATCH_LEGAL_MAX];
    while (bsk_match_to_act(m) && m->turn < 3) {
        int n = bsk_match_legal(m, table, legal, BSK_MATCH_LEGAL_MAX);
        int k = bsk_agent_choose(&agents[bsk_match_to_act(m) - 1], NULL, table, legal, n);
        bsk_match_apply_legal(m, table, &legal[k], NULL);
    }
    if (listeners == 0) { /* the fast exit: the decks' own move listeners (06-160's marker feature, issue 23)
                           * are silenced for this figure, so no card of the table hears a move */
        table->listen_any &= ~BSK_LISTEN(BSK_ON_MOVE);
        return;
    }
    memset(&fixture, 0, sizeof fixture);
    snprintf(fixture.id, sizeof fixture.id, "test-bench-listener");
    snprintf(fixture.name, sizeof fixture.name, "Тест-слушатель");
    fixture.type = BSK_TYPE_CREATURE;
    fixture.subtype = BSK_SUBTYPE_GROUND;
    fixture.life = 5;
    fixture.movement = 1;
    int slot = bsk_card_table_add(table, &fixture);
    bsk_feature hears = bsk_feature_simple(BSK_FEATURE_TRIGGERED, BSK_ON_MOVE, BSK_OP_GAIN_COUNTERS, BSK_TARGET_SELF,
                                           1, 0, 0, 0);
    hears.role = BSK_ROLE_ANY;
    if (slot < 0 || bsk_card_table_add_feature(table, slot, &hears) < 0) {
        fprintf(stderr, "bench: the fixture listener does not fit the card table\n");
        return;
    }
    int given = 0;
    for (uint64_t set = m->in_battle[0] | m->in_battle[1]; set && given < listeners; set &= set - 1, given++)
        m->units[engine_first(set)].slot = (uint8_t)slot;
}

/* ns per engine_raise of a move by the first card in the battle zone. */
static double time_raise(bsk_match *m, const bsk_card_table *table)
{
    enum { REPS = 2000000 };
    int mover = engine_first(m->in_battle[0] | m->in_battle[1]);
    uint8_t pending = m->pending_count;
    double t0 = bench_now();
    for (int i = 0; i < REPS; i++) {
        engine_raise(m, table, BSK_ON_MOVE, mover, -1, -1, 0);
        m->pending_count = pending;
        __asm__ volatile("" : : "r"(m) : "memory");
    }
    return (bench_now() - t0) / REPS * 1e9;
}

int bench_effects(void)
{
    static bsk_card_table table;
    static bsk_match match;
    bsk_catalog catalog;
    bench_load_catalog(&catalog);
    mid_game(&catalog, &match, &table, 0);
    double none = time_raise(&match, &table);
    mid_game(&catalog, &match, &table, 3);
    double three = time_raise(&match, &table);
    bench_emit("engine.effects_ns", none, "ns", "engine_raise of a move with no card listening (the fast exit)");
    bench_emit("engine.effects_ns.listeners_3", three, "ns",
               "engine_raise of a move heard by three fixture cards' triggered features (three pending triggers)");
    bsk_catalog_free(&catalog);
    return 0;
}
