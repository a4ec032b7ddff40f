# position_cases.sh — `berserk position` and `berserk replay` (DESIGN §5 "Position scenarios" and
# "Game log", §4 replay --json): every rule case in tests/positions/NAME.json against its expected
# --json output NAME.expected.json (and its log replayed to the same hash), then the refusals of bad
# position files (exit 2), illegal declarations (exit 1) and bad logs (exit 2 naming the line).
# Sourced by run.sh.

POS="$ROOT/tests/positions"

# json_same FILE1 FILE2: the two JSON documents are equal (prints the first difference otherwise).
json_same() {
    "$PY" - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
if a != b:
    for k in sorted(set(a) | set(b)):
        if a.get(k) != b.get(k):
            print("%s: got %s, expected %s" % (k, json.dumps(a.get(k), ensure_ascii=False)[:400],
                                              json.dumps(b.get(k), ensure_ascii=False)[:400]))
    sys.exit(1)
PY
}

# 1. The rule cases: output, exit code (0, 1 for an illegal declaration, 2 for the dice) and replay.
# POSITIONS="*04-163*" runs only the rule cases whose names match (a helper checking its own cards).
# CLI_POS_REPLAY=0 leaves the replays out: `make check` replays every log in its plain phase, and its
# sanitizer phase runs the positions alone (a replay applies the same actions through the same engine,
# and each process under ASan costs about 0.3 s to start and load the catalogue).
# The ~800 cases are the longest part of the CLI suite (under ASan each run loads the catalogue), so the
# binary runs go CLI_POS_JOBS at a time (default: the processors) into $T/posrun/, and one python
# process then judges every case, in name order, with the same assertions as before.
mkdir -p "$T/posrun"
"$BIN" catalog info >/dev/null 2>&1 # the store is imported once, before the runs share it
pos_cases=()
for case_file in "$POS"/${POSITIONS:-*}.json; do
    [[ $case_file == *.expected.json ]] || pos_cases+=("$case_file")
done
pos_replay=${CLI_POS_REPLAY:-1}
export BIN T pos_replay
printf '%s\0' "${pos_cases[@]}" | xargs -0 -r -n 1 -P "${CLI_POS_JOBS:-$(nproc 2>/dev/null || echo 2)}" bash -c '
    name=$(basename "$1" .json) o="$T/posrun/$(basename "$1" .json)"
    "$BIN" position "$1" --json --log "$T/$name.log" >"$o.out" 2>"$o.err" </dev/null
    echo $? >"$o.rc"
    if [[ $pos_replay != 0 && -s $T/$name.log && $(cat "$o.rc") == 0 ]]; then
        "$BIN" replay "$T/$name.log" --json >"$o.rout" 2>"$o.rerr" </dev/null
        echo $? >"$o.rrc"
    fi' _
# One line a judged case: NAME, then the problems (none: it passed), separated by \x1f; the replay's line
# follows a case that exits 0.
"$PY" - "$POS" "$T" "$pos_replay" "${pos_cases[@]}" >"$T/posrun/verdicts" <<'PY'
import json, os, sys
pos, t, replay = sys.argv[1], sys.argv[2], sys.argv[3] != "0"
def first_difference(a, b):
    return ["%s: got %s, expected %s" % (k, json.dumps(a.get(k), ensure_ascii=False)[:400],
                                         json.dumps(b.get(k), ensure_ascii=False)[:400])
            for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
def line(*fields):  # one verdict a line: a problem's own newlines travel as \x1d
    print("\x1f".join(f.replace("\n", "\x1d") for f in fields))
def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()
for case in sys.argv[4:]:
    name = os.path.basename(case)[:-len(".json")]
    expected_path = os.path.join(pos, name + ".expected.json")
    if not os.path.isfile(expected_path):
        line("M", name, "missing " + expected_path)
        continue
    expected = json.loads(read(expected_path))
    e = expected["error"]
    want = 0 if e is None else 2 if e["code"] in ("dice_exhausted", "dice_left") else 1
    o = os.path.join(t, "posrun", name)
    rc = int(read(o + ".rc"))
    problems = []
    if rc != want:
        problems.append("exit code %d, expected %d; stderr: %s" % (rc, want, read(o + ".err")[:300]))
    try:
        got = json.loads(read(o + ".out"))
        if got != expected:
            problems.append("\n".join(first_difference(got, expected)))
    except ValueError as err:
        got = None
        problems.append("stdout is not JSON: %s" % err)
    line("P", name, str(want), *problems)
    if want != 0 or not replay:
        continue
    r = []
    if not os.path.exists(o + ".rrc"):
        r.append("replay did not run (no log)")
    else:
        rrc = int(read(o + ".rrc"))
        if rrc != 0:
            r.append("exit code %d, expected 0" % rrc)
        if read(o + ".rerr"):
            r.append("stderr should be empty")
        try:
            d = json.loads(read(o + ".rout"))
            log_hash = read(os.path.join(t, name + ".log")).splitlines()[-1].split('"hash":"')[1][:16]
            s = got or {}
            for ok, what in ((d["hash"] == s.get("hash") and d["events"] == s.get("events"), "hash and events as the position's"),
                             (d["cards"] == s.get("cards") and d["result"] == s.get("result"), "cards and result as the position's"),
                             (d["hash"] == log_hash, "the hash the log ends with"),
                             (isinstance(d["actions"], int) and isinstance(d["turns"], int), "actions and turns integers")):
                if not ok:
                    r.append("json: " + what + "  (false)")
        except (ValueError, KeyError, IndexError) as err:
            r.append("replay output: %s" % err)
    line("R", name, *r)
PY
while IFS=$'\x1f' read -r -a verdict; do
    problems=("${verdict[@]//$'\x1d'/$'\n'}")
    case ${verdict[0]} in
    M) report "position ${verdict[1]}: has its expected output" "${problems[@]:2}" ;;
    P) report "position ${verdict[1]}: the expected --json output, exit ${verdict[2]}" "${problems[@]:3}"
       [[ -s $T/posrun/${verdict[1]}.out ]] && cp "$T/posrun/${verdict[1]}.out" "$T/saved/${verdict[1]}" ;;
    R) report "replay ${verdict[1]}: the log replays to the same cards, events and hash" "${problems[@]:2}" ;;
    esac
done <"$T/posrun/verdicts"

# 2. The text output: the board with short names and life, the events, the result and the hash.
run position "$POS/515.3-diff-plus2-step-down.json"
check "position text: board, events, result, hash" 0 'out:1Кочевник 8t' 'out:2Кочевник 7' 'out:1 attack c3 -> c4' \
    'out:roll 5 (player 1, c3)' 'out:1 step_down yes' 'out:result: the game goes on' 'out~hash: [0-9a-f]{16}'

# Long names are cut after a whole word with "…" (issue 20 §4), not mid-word at 7 characters, and
# the board fits 80 columns.
printf '%s\n' '{"active":1,"turn":3,"cards":[{"card":"Истребитель духов","owner":1,"cell":"c3"},{"card":"Шаман-душегрыз","owner":2,"cell":"c4"},{"card":"Кочевник","owner":2,"cell":"a6"}]}' >"$T/long-names.json"
run position "$T/long-names.json"
check "position text: long names cut after a word with … (Шаман…, Истреби…), short ones whole, within 80 columns" 0 \
    'out:2Шаман… 7' 'out:1Истреби… 8' 'out:2Кочевник 8' '!out:Кочевни '
pos_width=$("$PY" -c 'import sys; print(max(len(l) for l in open(sys.argv[1], encoding="utf-8").read().splitlines()))' "$OUT")
if ((pos_width <= 80)); then report "position text: the board fits 80 columns"; else report "position text: the board fits 80 columns" "$pos_width columns"; fi

# 3. Bad position files: exit 2 naming the JSON path.
mkdir -p "$T/pos"
pos_file() { printf '%s\n' "$2" >"$T/pos/$1.json"; }
BOARD='"cards":[{"card":"Кочевник","owner":1,"cell":"c3"},{"card":"Кочевник","owner":2,"cell":"c4"},{"card":"Кочевник","owner":1,"cell":"a1"}]'
pos_file unknown '{"active":1,"turn":1,"cards":[{"card":"Кочевникк","owner":1,"cell":"c3"}]}'
run position "$T/pos/unknown.json"
check "position: an unknown card is exit 2 naming the path, with suggestions" 2 'err:cards[0].card' \
    'err:unknown card "Кочевникк"' 'err:did you mean: Кочевник' out=
pos_file active '{"active":2,"turn":3,'"$BOARD"'}'
run position "$T/pos/active.json"
check "position: 407.1 player 2 active on an odd turn is exit 2" 2 'err:active: player 2 cannot be active in turn 3' out=
pos_file die '{"active":1,"turn":1,'"$BOARD"',"dice":[3,7]}'
run position "$T/pos/die.json"
check "position: a die of 7 is exit 2" 2 'err:dice[1]: expected a die 1..6' out=
pos_file field '{"active":1,"turn":1,'"$BOARD"',"dicee":[3]}'
run position "$T/pos/field.json"
check "position: an unknown key is exit 2" 2 'err:dicee: unexpected field' out=
pos_file zone '{"active":1,"turn":1,"cards":[{"card":"Кочевник","owner":1,"zone":"graveyard","cell":"c3"}]}'
run position "$T/pos/zone.json"
check "position: a graveyard card with a cell is exit 2" 2 'err:cards[0].cell: only a battlefield card has a cell' out=
pos_file verb '{"active":1,"turn":1,'"$BOARD"',"actions":[{"player":1,"do":"fly","from":"c3"}]}'
run position "$T/pos/verb.json"
check "position: an unknown verb is exit 2" 2 'err:actions[0].do: expected move, attack' out=
pos_file syntax '{"active":1,'
run position "$T/pos/syntax.json"
check "position: invalid JSON is exit 2" 2 'err:syntax.json:2:1: string or' out=
pos_file twice '{"active":1,"turn":1,"cards":[{"card":"Кочевник","owner":1,"cell":"c3"},{"card":"Кочевник","owner":2,"cell":"c3"}]}'
run position "$T/pos/twice.json"
check "position: two ground cards on one cell is exit 2 (202)" 2 'err:two cards on one cell' 'err:[202]' out=
run position "$T/pos/missing.json"
check "position: a missing file is exit 2" 2 'err:cannot open' out=
run position
check "position: FILE is missing, exit 2" 2 'err:position: FILE is missing' out=

# 4. Dice and decisions (DESIGN §5): running out and leftovers are exit 2; an answer never asked is exit 1.
pos_file dice_out '{"active":1,"turn":3,'"$BOARD"',"dice":[5],"actions":[{"player":1,"do":"attack","from":"c3","to":"c4"}]}'
run position "$T/pos/dice_out.json" --json
check "position: the dice run out, exit 2" 2 "json:d['error']['code'] == 'dice_exhausted'" \
    "json:d['error']['message'] == \"the position's dice ran out\"" "json:d['error']['index'] == 0"
pos_file dice_left '{"active":1,"turn":3,'"$BOARD"',"dice":[5,3,2],"actions":[{"player":1,"do":"attack","from":"c3","to":"c4"}]}'
run position "$T/pos/dice_left.json" --json
check "position: a die left over, exit 2" 2 "json:d['error']['code'] == 'dice_left'" "json:'1 of' in d['error']['message']"
pos_file not_asked '{"active":1,"turn":3,'"$BOARD"',"dice":[5,4],"actions":[{"player":1,"do":"attack","from":"c3","to":"c4"}],"decisions":[{"player":1,"step_down":true}]}'
run position "$T/pos/not_asked.json" --json
check "position: a decision never asked (diff 1, no exchange) is exit 1" 1 \
    "json:d['error'] == {'step':'decisions','index':0,'code':'decision_not_asked','rule':'position.decisions','message':'player 1 is never asked this step_down question'}"
pos_file wrong_player '{"active":1,"turn":3,'"$BOARD"',"actions":[{"player":1,"do":"attack","from":"c4","to":"c3"}]}'
run position "$T/pos/wrong_player.json" --json
check "position: attacking with the opponent's card is illegal (exit 1, rule 504)" 1 \
    "json:d['error']['code'] == 'illegal_declaration' and d['error']['rule'] == '504'"
pos_file turns '{"active":1,"turn":3,'"$BOARD"',"dice":[4,4],"actions":[{"player":1,"do":"end_turn"},{"player":2,"do":"attack","from":"c4","to":"c3"}]}'
run position "$T/pos/turns.json" --json
check "position: end_turn passes to the other player, who declares (411.2 c)" 0 \
    "json:[e.get('do') for e in d['events'] if 'do' in e] == ['end_turn','attack']" \
    "json:[c['life'] for c in d['cards']] == [7, 8, 8]"
pos_file auto_pass '{"active":1,"turn":3,'"$BOARD"',"dice":[4,4],"actions":[{"player":2,"do":"attack","from":"c4","to":"c3"}]}'
run position "$T/pos/auto_pass.json" --json
check "position: the other player's action while the active player holds the Choice is exit 1 (411.1)" 1 \
    "json:d['events'] == [] and d['error']['code'] == 'illegal_declaration' and d['error']['rule'] == '411.1'" \
    "json:d['error']['message'] == 'attack of player 2: player 1 holds priority in the Choice subphase of turn 3 (write its end_turn first)'" \
    'err:actions[0]: illegal_declaration [411.1] attack of player 2: player 1 holds priority'

# 4b. Set-up fields (DESIGN §5): what only card features can honour is refused (exit 2) at its path;
# a card set up dead is refused naming it (509.1); start, seed and moved are checked.
# (markers: incarnation tokens, issue 21 §2, and named markers, issue 22 §2 (branch posio): a count
# outside 1..99 is refused at the marker's own path)
pos_file badmarker '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3","markers":{"curse":0}},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/badmarker.json"
check "position: cards[].markers.curse 0 is exit 2 at its path" 2 "err:badmarker.json: cards[0].markers.curse" out=
pos_file badmarker '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"zone":"graveyard","markers":{"curse":1}},{"card":"Кочевник","owner":1,"cell":"c3"},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/badmarker.json"
check "position: named markers only in the battle zone (503.1, exit 2)" 2 "err:only a card in the battle zone" out=
# used (545.7, issue 22): execution markers on a fixture card's limited feature; a src without a limit,
# a count past X, a card in the deck (204.4) and a bad shape are exit 2 at the card
LIMITS="$ROOT/tests/positions/cards/limits.json"
for case in '[{"src":1,"count":2}]|takes at most its limit' '[{"src":2,"count":1}]|is not a feature with a limit' \
            '{"1":1}|cards[0].used: expected an array' '[{"src":1}]|cards[0].used[0].count: missing required field'; do
    pos_file badused '{"active":1,"turn":3,"cards_file":"'"$LIMITS"'","cards":[{"card":"Тест-раз-в-ход","owner":1,"cell":"c3","used":'"${case%%|*}"'},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
    run position "$T/pos/badused.json"
    check "position: cards[].used ${case%%|*} is exit 2 (545.7)" 2 "err:${case#*|}" out=
done
pos_file badused '{"active":1,"turn":3,"cards_file":"'"$LIMITS"'","cards":[{"card":"Тест-раз-в-ход","owner":1,"zone":"deck","used":[{"src":1,"count":1}]},{"card":"Кочевник","owner":1,"cell":"c3"},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/badused.json"
check "position: cards[].used on a card in the deck is exit 2 (204.4: it has no markers there)" 2 \
    "err:cards[0].used: a card in the deck has no markers [204.4]" out=
# branch acquired4 (issue 22 §1): gains {"card","src","used":N}, the markers of an acquired limited feature on
# its holder (545.7): a feature without a limit, a count past X or outside 0..15 is exit 2 at the gain
for case in '{"card":"test-limit-turn","src":1,"used":2}|cards[0].gains[0].used: src 1 of Тест-раз-в-ход takes at most its limit' \
            '{"card":"test-limit-turn","src":1,"used":16}|cards[0].gains[0].used'; do
    pos_file badused '{"active":1,"turn":3,"cards_file":"'"$LIMITS"'","cards":[{"card":"Тест-бегун","owner":1,"cell":"c3","gains":['"${case%%|*}"']},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
    run position "$T/pos/badused.json"
    check "position: cards[].gains ${case%%|*} is exit 2 (545.7)" 2 "err:${case#*|}" out=
done
ACQ4="$ROOT/tests/positions/cards/acquired4.json"
pos_file badused '{"active":1,"turn":3,"cards_file":"'"$ACQ4"'","cards":[{"card":"Тест-пустой","owner":1,"cell":"c3","gains":[{"card":"test-donor","src":1,"used":1}]},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/badused.json"
check "position: cards[].gains used on an acquired feature without a limit is exit 2 (545.7)" 2 \
    "err:cards[0].gains[0].used: src 1 of Тест-донор is not a feature with a limit [545.7]" out=
pos_file incarnation_off '{"active":1,"turn":3,"cards":[{"card":"Вестник мора","owner":1,"cell":"c3","markers":{"incarnation":1}},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/incarnation_off.json"
check "position: incarnation tokens only in the graveyard (536.7.1, exit 2)" 2 \
    "err:incarnation tokens only on a card with incarnation X in the graveyard, at most X [536.7.1]" out=
# gains: keyword ids run (issue 21), {"card","src"} features (issue 22, branch posio: a src the card
# does not have is exit 2); an attack ability waits
pos_file badsrc '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3","gains":[{"card":"Гоблин","src":1}]},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/badsrc.json"
check "position: a {card,src} feature in cards[].gains naming no feature is exit 2" 2 \
    'err:cards[0].gains[0]: Гоблин has no feature with src 1' out=
pos_file unhonoured '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3","gains":["shot"]},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/unhonoured.json"
check "position: an attack ability in cards[].gains is refused (exit 2)" 2 \
    'err:unhonoured.json: cards[0].gains[0]: not honoured yet: acquiring the attack ability "shot"' out=
for field in 'gains:["armor","armor"]' 'gains:["flying"]' 'gains:[{"id":"armor","X":0}]' 'extra_life:100' \
             'gains:[{"id":"armor","X":1},{"id":"regeneration","X":1},{"id":"attack_experience","X":1}]'; do
    key=${field%%:*}
    pos_file badgain '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3","'"$key"'":'"${field#*:}"'},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
    run position "$T/pos/badgain.json"
    check "position: a bad cards[].$key ${field#*:} is exit 2 at its path" 2 "err:badgain.json: cards[0].$key" out=
done
pos_file deadlife '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3","extra_life":-8},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/deadlife.json"
check "position: negative life taking all the life is refused like wounds at life (509.1, 508.8.1)" 2 \
    'err:at or past its life of 0' 'err:[509.1]' out=
# src and source (issue 22, branch posio): a feature declaration's; on another kind, with index, or
# source without src, exit 2 at the key
for case in '"do":"ability","index":0,"src":1|actions[0].src: ability takes no src' \
            '"do":"ability","index":0,"source":"c2"|actions[0].source: ability takes no source' \
            '"do":"feature","index":0,"src":1|actions[0].src: give index or src, not both' \
            '"do":"feature","source":"c2"|actions[0].src: missing required field'; do
    pos_file badsrc '{"active":1,"turn":3,'"$BOARD"',"actions":[{"player":1,"from":"c3",'"${case%%|*}"'}]}'
    run position "$T/pos/badsrc.json"
    check "position: actions[] {${case%%|*}} is exit 2 at its key" 2 "err:${case#*|}" out=
done
# DESIGN §5 `at` (issue 22, branch ops2): a 512.6 step, on a fast declaration only; a step whose window never
# allows the declaration is exit 1 at the next Choice subphase (512.4)
pos_file badat '{"active":1,"turn":3,'"$BOARD"',"actions":[{"player":1,"do":"ability","from":"c3","index":0,"at":"payment"}]}'
run position "$T/pos/badat.json"
check "position: actions[].at that names no 512.6 step is exit 2" 2 \
    'err:actions[0].at: expected a 512.6 step: targets, roll, calc, block, apply' out=
pos_file moveat '{"active":1,"turn":3,'"$BOARD"',"actions":[{"player":1,"do":"move","from":"c3","to":"c2","at":"calc"}]}'
run position "$T/pos/moveat.json"
check "position: actions[].at on a declaration that is not fast is exit 2" 2 \
    'err:actions[0].at: only a fast declaration (feature, ability) waits for a step' out=
pos_file neverat '{"active":1,"turn":3,'"$BOARD"',"actions":[{"player":1,"do":"ability","from":"c3","index":0,"to":"c4","at":"block"}]}'
run position "$T/pos/neverat.json" --json
check "position: actions[].at whose window never opens is exit 1 (512.4)" 1 \
    "json:d['error']['code'] == 'illegal_declaration' and d['error']['rule'] == '512.4'"
# A feature's answers (issue 21): use, mode and choose are read; one no feature asks is exit 1 (DESIGN §5).
for field in 'use:false' 'mode:1' 'choose:"c4"'; do
    key=${field%%:*}
    pos_file unasked '{"active":1,"turn":3,'"$BOARD"',"decisions":[{"player":2,"'"$key"'":'"${field#*:}"'}]}'
    run position "$T/pos/unasked.json" --json
    check "position: decisions[].$key that no feature asks is exit 1 (decision_not_asked)" 1 \
        "json:d['error']['code'] == 'decision_not_asked' and d['error']['index'] == 0" \
        "json:d['error']['message'] == 'player 2 is never asked this $key question'"
done
pos_file badchoose '{"active":1,"turn":3,'"$BOARD"',"decisions":[{"player":2,"choose":true}]}'
run position "$T/pos/badchoose.json"
check "position: a choose that is no place, name, number or word is exit 2" 2 \
    'err:decisions[0].choose: expected a place, a card name, a number 0..127' out=
pos_file dead '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3"},{"card":"Кочевник","owner":2,"cell":"c4","wounds":8}]}'
run position "$T/pos/dead.json"
check "position: a card set up with wounds at its life is exit 2 naming it (509.1)" 2 \
    'err:dead.json: cards[1].wounds: Кочевник has 8 wounds, at or past its life of 8' 'err:[509.1]' out=
pos_file start '{"active":1,"turn":3,"start":"now",'"$BOARD"'}'
run position "$T/pos/start.json"
check "position: an unknown start is exit 2" 2 'err:start: expected "choice", "battle" or "turn"' out=
pos_file seed '{"active":1,"turn":3,"seed":"x",'"$BOARD"'}'
run position "$T/pos/seed.json"
check "position: a seed that is not a number is exit 2" 2 'err:seed: expected an integer' out=
pos_file moved '{"active":1,"turn":3,"start":"turn","cards":[{"card":"Кочевник","owner":1,"cell":"c3","moved":1},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/moved.json"
check "position: moved with start turn is exit 2 (the Untap step restores it, 506.4)" 2 'err:cards[0].moved: steps taken this turn need a position in the Choice subphase' out=
pos_file moved '{"active":1,"turn":3,"cards":[{"card":"Кочевник","owner":1,"cell":"c3","moved":3},{"card":"Кочевник","owner":2,"cell":"c4"}]}'
run position "$T/pos/moved.json"
check "position: moved past the allowance is exit 2 (506.1)" 2 'err:cards[0].moved: 3 steps past its movement allowance of 2' out=
pos_file seeds '{"active":1,"turn":3,"seed":7,'"$BOARD"'}'
run position "$T/pos/seeds.json" --json
save seed7
pos_file seeds '{"active":1,"turn":3,'"$BOARD"'}'
run position "$T/pos/seeds.json" --json
check "position: the seed is the state's RNG (another seed, another hash)" 0 "json:d['hash'] != saved('seed7')['hash']"

# 5. Replay refuses a bad log: exit 2 naming the line.
run position "$POS/515.3-diff-plus2-step-down.json" --log "$T/good.log"
log_edit() { "$PY" - "$T/good.log" "$T/$1.log" "$2" <<'PY'
import sys
src, dst, code = sys.argv[1:4]
lines = open(src, encoding="utf-8").read().splitlines()
exec(code)
open(dst, "w", encoding="utf-8").write("".join(l + "\n" for l in lines))
PY
}
log_edit corrupt 'lines[1] = lines[1][:-3]'
run replay "$T/corrupt.log"
check "replay: a corrupt line is exit 2 naming it" 2 'err:corrupt.log:2:' out=
log_edit cut 'del lines[-1]'
run replay "$T/cut.log"
check "replay: a cut log (no result line) is exit 2" 2 'err:the log is cut: no result line' out=
log_edit roll 'lines[2] = lines[2].replace("\"roll\":5", "\"roll\":6")'
run replay "$T/roll.log"
check "replay: a roll that is not the engine's is exit 2 naming the line" 2 'err:roll.log:3:' \
    "err:the log's roll 6 (player 1, c3) is not the engine's 5 (player 1, c3)" out=
log_edit noroll 'del lines[3]'
run replay "$T/noroll.log"
check "replay: a missing roll is exit 2" 2 'err:the engine rolled a 3 (player 2, c4) that the log does not show' out=
log_edit illegal 'lines[1] = lines[1].replace("\"from\":\"c3\"", "\"from\":\"a1\"")'
run replay "$T/illegal.log"
check "replay: an illegal record is exit 2 naming the line" 2 'err:illegal.log:2:' 'err:an illegal record' out=
log_edit engine 'lines[0] = lines[0].replace("\"engine\":1", "\"engine\":99")'
run replay "$T/engine.log"
check "replay: another engine version is exit 2" 2 'err:engine.log:1:' 'err:a log of engine 99' out=
log_edit revision 'lines[0] = lines[0].replace("\"catalog_revision\":", "\"catalog_revision\":9")'
run replay "$T/revision.log"
check "replay: another catalogue revision is exit 2" 2 'err:a log of catalog_revision 9' out=
log_edit hash 'lines[-1] = lines[-1][:-3] + ("0" if lines[-1][-3] != "0" else "1") + "\"}"'
run replay "$T/hash.log"
check "replay: a final hash that differs is exit 2" 2 'err:the logged hash' out=
log_edit extra 'lines.append(lines[1])'
run replay "$T/extra.log"
check "replay: a line after the result is exit 2" 2 'err:a line after the result line' out=
# --step: the viewer on the board of berserk play, its commands from stdin (board_cases.sh has more)
run_input $'n\nb\nb\nt 3\nn\nq\n' replay "$T/good.log" --step
check "replay --step: n, b, b, t 3, n, q step through the frames on the board, then the final board" 0 \
    'out~step 0/2, turn 3 .*turn 3  execution .*\(step down\?\).*1 attack c3->c4 c3:\[5\] c4:\[3\].*step 1/2, turn 3 .*step 0/2, turn 3 .*at the first step \(step 0/2\).*step 0/2, turn 3 .*step 1/2, turn 3 .*-- final' \
    'out:  a              b              c              d              e' 'out:6 Кочевник' 'out:  2 L8' \
    'out:actions: 2, turns: 3' '!out:step 2/2' err=
run replay "$T/good.log" --step
check "replay --step: at the end of input the viewer stops after frame 0" 0 'out:step 0/2, turn 3' \
    '!out:step 1/2' 'out:-- final' 'out:actions: 2' err=
run replay
check "replay: LOG is missing, exit 2" 2 'err:replay: LOG is missing' out=

# 6. The help lists both commands with their options.
run position --help
check "position --help: --log" 0 'out:usage: berserk position FILE [OPTIONS]' 'out:--log OUT'
run replay --help
check "replay --help: --step" 0 'out:usage: berserk replay LOG [OPTIONS]' 'out:--step'
