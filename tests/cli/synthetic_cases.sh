# synthetic_cases.sh — test-only synthetic cards in positions (formats/synthetic.h): a position's
# "cards_file" (relative to it) or inline "synthetic_cards", the feature declaration and the 305.1
# order answer, passes in windows logged and replayed, the errors (exit 2 naming the JSON path, a
# missing cards file), and that the cards are never shipped. The rule cases themselves live in
# tests/positions/ (checked by position_cases.sh). Sourced by run.sh.

SYN="$ROOT/tests/positions/cards/synthetic.json"
mkdir -p "$T/syn/cards"
cp "$SYN" "$T/syn/cards/synthetic.json"
syn_file() { printf '%s\n' "$2" >"$T/syn/$1.json"; }

# 1. The cards file is a card list, not a position; positions never see it as one.
run position "$SYN"
check "synthetic: the cards file is not a position (exit 2)" 2 'err:expected a position object' out=
run cards show test-avenger
check "synthetic: the catalogue has no synthetic card" 1 '!out:Тест-мститель'
[[ -z $(grep -rl '"test-' "$DATA" 2>/dev/null) ]] && report "synthetic: no test- id in catalog/data" ||
    report "synthetic: no test- id in catalog/data" "$(grep -rl '"test-' "$DATA")"
grep -q 'tests/positions' "$ROOT/Makefile" && report "synthetic: make install ships no test cards" \
    "the Makefile names tests/positions" || report "synthetic: make install ships no test cards"

# 2. Resolution: synthetic cards by id and by name, catalogue cards beside them.
syn_file mixed '{"active":1,"turn":1,"cards_file":"cards/synthetic.json",
 "cards":[{"card":"test-sniper","owner":1,"cell":"c3"},{"card":"Тест-хранитель","owner":2,"cell":"c4"},
          {"card":"Кочевник","owner":2,"cell":"a6"}]}'
run position "$T/syn/mixed.json" --json
check "synthetic: cards by id and by name, the catalogue's beside them" 0 \
    "json:[c['card'] for c in d['cards']] == ['test-sniper', 'test-canceller', '01-001']" \
    "json:[c['life'] for c in d['cards']] == [8, 8, 8]" "json:d['error'] is None"

# 2b. The text output lists the cards' features in words from their programs (describe.c, issue 22 §2),
#     once per card, numbered as `feature PLACE N` numbers them; never the printed sentence.
run position "$T/syn/mixed.json"
check "synthetic: the text output describes each card's features in words" 0 'out:features:' \
    'out:  Тест-снайпер' 'out:    1 instant, tap: wound a chosen enemy card by 2' \
    'out:    1 instant, tap: cancel the attack' err=

# 3. Windows: a player with an instant feature who has no action passes; the pass is logged and replays
#    (dice 4:4, 515.3: the attacker strikes weak, 1 wound).
syn_file window_pass '{"active":1,"turn":3,"cards_file":"cards/synthetic.json",
 "cards":[{"card":"Кочевник","owner":1,"cell":"c3"},{"card":"Кочевник","owner":2,"cell":"c4"},
          {"card":"Тест-снайпер","owner":2,"cell":"e6"},{"card":"Кочевник","owner":1,"cell":"a1"}],
 "dice":[4,4],"actions":[{"player":1,"do":"attack","from":"c3","to":"c4"}]}'
run position "$T/syn/window_pass.json" --json --log "$T/syn/window_pass.log"
check "synthetic: 303.6 the non-active player passes in the windows (Choice, Calculation)" 0 \
    "json:[e for e in d['events'] if e.get('do') == 'pass'] == [{'player':2,'do':'pass'}, {'player':2,'do':'pass'}]" \
    "json:[c['wounds'] for c in d['cards']] == [0, 1, 0, 0]" "json:d['error'] is None"
save window_pass
run replay "$T/syn/window_pass.log" --json
check "synthetic: the log with window passes replays to the same hash" 0 "json:d['hash'] == saved('window_pass')['hash']"

# 4. The 305.1 order answer names a card with no place (a dead card) by name or id.
syn_file order_dead '{"active":1,"turn":1,"cards_file":"cards/synthetic.json",
 "cards":[{"card":"Тест-мститель","owner":1,"cell":"c2","wounds":3},{"card":"Тест-каратель","owner":1,"cell":"d2","wounds":3},
          {"card":"Кочевник","owner":1,"cell":"a1"},{"card":"Тест-глашатай","owner":2,"cell":"a6"},
          {"card":"Кочевник","owner":2,"cell":"e6"}],
 "actions":[{"player":1,"do":"end_turn"}],"decisions":[{"player":1,"order":"test-punisher"}]}'
run position "$T/syn/order_dead.json" --json --log "$T/syn/order_dead.log"
check "synthetic: 305.1 two deaths of player 1, ordered by the card's id" 0 \
    "json:{'player':1,'order':'Тест-каратель'} in d['events']" \
    "json:[c['zone'] for c in d['cards']][:2] == ['graveyard', 'graveyard']" \
    "json:d['cards'][4]['wounds'] == 3 and d['cards'][3]['wounds'] == 3" "json:d['error'] is None"
run replay "$T/syn/order_dead.log"
check "synthetic: the order by name replays" 0 'out:1 order Тест-каратель'

# 5. Inline cards (as a game log's header carries them) work in a position file too.
"$PY" - "$SYN" "$T/syn/inline.json" <<'PY'
import json, sys
cards = json.load(open(sys.argv[1], encoding="utf-8"))
json.dump({"active": 1, "turn": 1, "synthetic_cards": [c for c in cards if c["id"] == "test-collector"],
           "cards": [{"card": "test-collector", "owner": 1, "cell": "c2"}, {"card": "Кочевник", "owner": 2, "cell": "c5"}],
           "actions": [{"player": 1, "do": "feature", "from": "c2", "index": 0}]},
          open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
run position "$T/syn/inline.json" --json --log "$T/syn/inline.log"
check "synthetic: inline synthetic_cards; 123.3 a slow tap feature gains a counter" 0 \
    "json:d['cards'][0]['counters'] == 1 and d['cards'][0]['tapped']"
run replay "$T/syn/inline.log" --json
check "synthetic: its log replays" 0 "json:d['cards'][0]['counters'] == 1"
run export html replay "$T/syn/inline.log" -o "$T/syn/inline-site"
check "synthetic: the web replay shows a feature declaration in words (issue 22 §2)" 0 err=
grep -q 'uses feature 1 (tap: this card gains 1 counter) of' "$T/syn/inline-site/inline.html" &&
    report "synthetic: the replay page words the declared feature" ||
    report "synthetic: the replay page words the declared feature" "no feature words in inline.html"
"$PY" - "$T/syn/inline.log" "$T/syn/stripped.log" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
head = json.loads(lines[0]); del head["position"]["synthetic_cards"]
lines[0] = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
run replay "$T/syn/stripped.log"
check "synthetic: a log whose header lost its synthetic cards is refused on line 1" 2 \
    'err:stripped.log:1:' 'err:position.cards[0].card: unknown card "test-collector"' out=

# 6. Illegal uses (exit 1): paying counters the card does not have; a window declaration that is not fast.
syn_file no_counters '{"active":1,"turn":1,"cards_file":"cards/synthetic.json",
 "cards":[{"card":"Тест-копилка","owner":1,"cell":"c2"},{"card":"Кочевник","owner":2,"cell":"c5"}],
 "actions":[{"player":1,"do":"feature","from":"c2","index":1,"to":"c5"}]}'
run position "$T/syn/no_counters.json" --json
check "synthetic: 123.5 a feature whose counters are not there is illegal (exit 1)" 1 \
    "json:d['error']['code'] == 'illegal_declaration' and d['error']['index'] == 0" \
    "json:'feature is not legal now' in d['error']['message']"
syn_file cancel_early '{"active":1,"turn":1,"cards_file":"cards/synthetic.json",
 "cards":[{"card":"Тест-хранитель","owner":1,"cell":"c2"},{"card":"Кочевник","owner":2,"cell":"c5"}],
 "actions":[{"player":1,"do":"feature","from":"c2","index":0}]}'
run position "$T/syn/cancel_early.json" --json
check "synthetic: 512.6.3 a cancel feature with nothing executing is illegal (exit 1)" 1 \
    "json:d['error']['code'] == 'illegal_declaration'"

# 7. Bad cards files and keys: exit 2 naming the file and the JSON path.
syn_bad() { # NAME FEATURE-JSON: a cards file with one card of that feature, and a position using it
    printf '[{"id":"test-bad","name":"Тест-плохой","type":"creature","life":4,"simple_strike":[1,1,1],"features":[%s]}]\n' \
        "$2" >"$T/syn/cards/$1.json"
    syn_file "$1" '{"active":1,"turn":1,"cards_file":"cards/'"$1"'.json","cards":[{"card":"test-bad","owner":1,"cell":"c2"}]}'
}
syn_bad bad_op '{"src":1,"kind":"activated","cost":{"tap":true},"abilities":[{"type":"effect_ability","effects":[{"op":"explode","target":"self"}]}]}'
run position "$T/syn/bad_op.json"
check "synthetic: an unknown op is exit 2 naming the cards file and the path" 2 \
    'err:cards/bad_op.json: [0].features[0].abilities[0].effects[0].op: expected wound, heal, gain_counters, cancel' out=
syn_bad bad_event '{"src":1,"kind":"triggered","trigger":{"event":"on_sneeze"},"abilities":[{"type":"effect_ability","effects":[{"op":"wound","target":"self","X":1}]}]}'
run position "$T/syn/bad_event.json"
check "synthetic: an unknown event is exit 2 naming the path" 2 \
    'err:[0].features[0].trigger.event: expected on_death, on_assault, at_turn_start' out=
syn_bad bad_target '{"src":1,"kind":"triggered","trigger":{"event":"on_death","source":"self"},"abilities":[{"type":"effect_ability","effects":[{"op":"wound","target":"everyone","X":1}]}]}'
run position "$T/syn/bad_target.json"
check "synthetic: an unknown target is exit 2 naming the path" 2 \
    'err:[0].features[0].abilities[0].effects[0].target: expected self, target, attacked, attacker, placer or marked' out=
syn_file missing '{"active":1,"turn":1,"cards_file":"cards/nothing.json","cards":[]}'
run position "$T/syn/missing.json"
check "synthetic: a cards_file that does not exist is exit 2" 2 'err:cards/nothing.json: cannot open' \
    'err:(cards_file)' out=
printf '[{"id":"01-001","name":"Подделка","type":"creature"}]\n' >"$T/syn/cards/fake.json"
syn_file fake '{"active":1,"turn":1,"cards_file":"cards/fake.json","cards":[]}'
run position "$T/syn/fake.json"
check "synthetic: an id without the test- prefix is exit 2" 2 'err:[0].id: a synthetic card'"'"'s id starts with "test-"' out=
syn_file both '{"active":1,"turn":1,"cards_file":"cards/synthetic.json","synthetic_cards":[],"cards":[]}'
run position "$T/syn/both.json"
check "synthetic: cards_file and synthetic_cards together is exit 2" 2 \
    'err:synthetic_cards: give cards_file or synthetic_cards, not both' out=
syn_file no_index '{"active":1,"turn":1,"cards_file":"cards/synthetic.json","cards":[{"card":"Тест-копилка","owner":1,"cell":"c2"}],
 "actions":[{"player":1,"do":"feature","from":"c2"}]}'
run position "$T/syn/no_index.json"
check "synthetic: a feature declaration without its index is exit 2" 2 'err:actions[0].index: missing required field' out=
