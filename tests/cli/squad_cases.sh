# tests/cli/squad_cases.sh — `squad check` (recruitment + placement scenarios, DESIGN §4 "Squad scenario
# file") and `squad auto` (deal, exact best squad, order, placement; DESIGN §2 interpretations) through the
# real binary. Sourced by run.sh, which provides run/check/report/save and $T, $ROOT, $DATA, $FIX, $PY.
#
# Scenarios live in fixtures/squad/ (each carries a "_comment": unknown keys are ignored). Two deals recur:
#   forest (recruitment codes): 01-092 Кобольд E5 ×2, 01-100 Хобгоблин E8 ×2, 01-095/05-105 Ловец душ E6 unique,
#     01-087 Фагор r7 ×2, 01-074 Корпит flyer r4, 02-155 Дзингор flyer r7 darkness ×2, 02-105 Виверна flyer r4
#     swamps, 02-075 Раэннат terrain r4, 03-071 Эленьямен terrain r3, 02-096 Эльфийский арсенал artifact E4
#     (forests unless said);
#   cheap (placement): 15 neutral rank-and-file creatures of price 3 (4 Охотник за головами, 4 Антиквар,
#     4 Вор, 3 Служка): all 15 fit 46 crystals, so every placement tier can be filled.
# Variants that need an absolute path (a format file) or a different placement are derived into $T.

SQ="$FIX/squad"
SQT="$T/squad"
mkdir -p "$SQT"
SQUAD_KEYS='["cards","gold_start","silver_start","redeal_gold","penalty_gold","spent","gold_left","silver_left","elements","flyer_crystals","creatures","terrains"]'
CHECK_KEYS='["legal","player","step","index","card","code","rule","message","squad","placement"]'

# derive NAME FIXTURE PYTHON: writes $SQT/NAME.json = fixtures/squad/FIXTURE loaded as s, edited by PYTHON
# (which may use fix, the fixtures/squad directory).
derive() {
    "$PY" - "$SQ/$2" "$SQT/$1.json" "$3" "$SQ" <<'PY'
import json, sys
source, target, code, fix = sys.argv[1:5]
with open(source, encoding="utf-8") as f:
    s = json.load(f)
exec(code)
with open(target, "w", encoding="utf-8") as f:
    json.dump(s, f, ensure_ascii=False)
PY
}

# violation NAME FILE STEP INDEX CARD CODE RULE [ASSERTION...]: `squad check FILE --json` is illegal (exit 1)
# with exactly that step, index, card, code and rule (INDEX and CARD: "None" for null).
violation() {
    local name=$1 file=$2 step=$3 index=$4 card=$5 code=$6 rule=$7
    shift 7
    [[ $card != None ]] && card="\"$card\""
    run squad check "$file" --json
    check "$name" 1 'json:d["legal"] is False' \
        "json:(d[\"step\"], d[\"index\"], d[\"card\"], d[\"code\"], d[\"rule\"]) == (\"$step\", $index, $card, \"$code\", \"$rule\")" \
        'json:isinstance(d["message"], str) and d["message"] != ""' \
        "json:[k for k in d if k != \"warnings\"] == $CHECK_KEYS" "json:list(d[\"squad\"]) == $SQUAD_KEYS" err= "$@"
}

# ---------------------------------------------------------------------------------------------------
# 1. The legal example: raer.json (first player, 9 cards, 45 crystals, one element penalty)

run squad check "$SQ/raer.json" --json
check "squad check raer.json --json: legal, the output shape of DESIGN §4" 0 \
    "json:[k for k in d if k != \"warnings\"] == $CHECK_KEYS" \
    'json:set(d) - set(["legal","player","step","index","card","code","rule","message","squad","placement"]) <= {"warnings"}' \
    'json:d["legal"] is True and d["player"] == 1' \
    'json:[d[k] for k in ["step","index","card","code","rule","message"]] == [None] * 6' \
    "json:list(d[\"squad\"]) == $SQUAD_KEYS" \
    'json:d["squad"]["cards"] == ["Раэр","Тролль-людоед","Мертвяцкая бомбарда","Огненный демон","Моровой всадник","Шутовка","Виверна","Надих","Скелетная гончая"]' \
    'json:(d["squad"]["gold_start"], d["squad"]["silver_start"], d["squad"]["redeal_gold"]) == (24, 22, 0)' \
    'json:(d["squad"]["spent"], d["squad"]["penalty_gold"], d["squad"]["gold_left"], d["squad"]["silver_left"]) == (45, 1, 0, 0)' \
    'json:sorted(d["squad"]["elements"]) == ["darkness", "swamps"]' \
    'json:(d["squad"]["flyer_crystals"], d["squad"]["creatures"], d["squad"]["terrains"]) == (4, 8, 0)' \
    'json:d["placement"] == {"c2":"Раэр","b3":"Тролль-людоед","c1":"Мертвяцкая бомбарда","d3":"Огненный демон","c3":"Моровой всадник","b2":"Шутовка","d2":"Виверна","b1":"Надих","d1":"Скелетная гончая"}' \
    'json:d.get("warnings", []) == []' err=

run squad check "$SQ/raer.json"
check "squad check raer.json (human): legal, summary and a board diagram of rows 3..1" 0 \
    'out:raer.json: legal (first player)' 'out:squad: 9 cards, 8 creatures; spent 45' \
    'out:  3  .              Тролль-людоед  Моровой всадн  Огненный демо  .               front row' \
    'out:  2  .              Шутовка        Раэр           Виверна        .' \
    'out:  1  .              Надих          Мертвяцкая бо  Скелетная гон  .' \
    'out~     a +b +c +d +e' '!out:  4  ' err=

# 6. Crystals in words when piped (DESIGN §4: symbols only on a terminal).
check "squad check in a pipe: crystals in words (left 0 gold and 0 silver)" 0 \
    'out:left 0 gold and 0 silver' 'out:element penalty 1 gold' '!out:◆' '!out:◇' $'!out:\e['
run squad check "$SQ/raer.json" --no-color
check "squad check --no-color: crystals in words" 0 'out:left 0 gold and 0 silver' '!out:◆'

# ---------------------------------------------------------------------------------------------------
# 2. Every code of DESIGN §4, with step, index, card, code and rule exact

# deal (402.3, 402.4)
run squad check "$SQ/deck_legal.json" --json
check "402.3 a deal drawn from the scenario's deck (path relative to the scenario): legal" 0 \
    'json:d["legal"] is True and d["code"] is None'
violation "402.3 not_in_deck: a 4th copy dealt, the deck holds 3 (deal[11])" "$SQ/not_in_deck_copies.json" \
    deal 11 Вор not_in_deck 402.3 'json:"3" in d["message"]' 'json:d["squad"]["cards"] == []'
violation "402.3 not_in_deck: a card the deck lacks (deal[14])" "$SQ/not_in_deck_missing.json" \
    deal 14 Циклоп not_in_deck 402.3
violation "402.3 deal_size: 14 cards dealt" "$SQ/deal_size.json" deal None None deal_size 402.3 \
    'json:"14" in d["message"] and "15" in d["message"]'

derive deal16 first_full.json 's["deal"].append("02-176")'
violation "402.3 deal_size: 16 cards dealt" "$SQT/deal16.json" deal None None deal_size 402.3

run squad check "$SQ/redeal_one.json" --json
check "402.4 one redeal costs 1 gold: legal, redeal_gold 1, 15 cards from 23 gold + 22 silver" 0 \
    'json:d["legal"] is True' \
    'json:(d["squad"]["redeal_gold"], d["squad"]["gold_start"], d["squad"]["spent"], d["squad"]["gold_left"], d["squad"]["silver_left"]) == (1, 24, 45, 0, 0)'
derive redeal1_poor redeal_one.json \
    's["format"] = fix + "/poor-gold.json"; s["redeals"] = 1; s["recruit"] = [{"card": "Вор"}]'
run squad check "$SQT/redeal1_poor.json" --json
check "402.4 format with squad gold 1 (format given as a path): one redeal spends the only gold" 0 \
    'json:d["legal"] is True' \
    'json:(d["squad"]["gold_start"], d["squad"]["redeal_gold"], d["squad"]["gold_left"], d["squad"]["silver_left"]) == (1, 1, 0, 19)'
derive redeal2_poor redeal_one.json 's["format"] = fix + "/poor-gold.json"; s["redeals"] = 2'
violation "402.4 redeal_without_gold: a second redeal with squad gold 1" "$SQT/redeal2_poor.json" \
    deal None None redeal_without_gold 402.4 'json:d["squad"]["redeal_gold"] == 1'

# recruitment (403.2.1, 403.2.3, 106.4, 213.3), forest deal
violation "403.2.1 not_in_deal: a card that was not dealt (recruit[1])" "$SQ/not_in_deal.json" \
    recruit 1 Циклоп not_in_deal 403.2.1 'json:d["squad"]["cards"] == ["Кобольд"]'
violation "403.2.1 not_in_deal: a third copy of a card dealt twice (recruit[2])" "$SQ/not_in_deal_copies.json" \
    recruit 2 Кобольд not_in_deal 403.2.1 'json:d["squad"]["cards"] == ["Кобольд", "Кобольд"]'
violation "403.2.1 invalid_split: 2 gold + 3 silver for a price of 7 (recruit[1])" "$SQ/invalid_split_sum.json" \
    recruit 1 Фагор invalid_split 403.2.1
violation "403.2.1 invalid_split: silver for an elite card (recruit[0])" "$SQ/invalid_split_elite.json" \
    recruit 0 Кобольд invalid_split 403.2.1 'json:d["squad"]["gold_left"] == 24'
derive negative_split invalid_split_sum.json 's["recruit"][1] = {"card": "Фагор", "gold": 8, "silver": -1}'
violation "403.2.1 invalid_split: a negative silver part (recruit[1])" "$SQT/negative_split.json" \
    recruit 1 Фагор invalid_split 403.2.1
violation "403.2.3 not_enough_gold: an elite price of 5 with 2 gold left (recruit[3])" \
    "$SQ/not_enough_gold_elite.json" recruit 3 Кобольд not_enough_gold 403.2.3 \
    'json:(d["squad"]["gold_left"], d["squad"]["silver_left"]) == (2, 22)'
violation "403.2.3 not_enough_gold: the element penalty with 0 gold left, silver enough (recruit[4])" \
    "$SQ/not_enough_gold_penalty.json" recruit 4 Дзингор not_enough_gold 403.2.3 \
    'json:(d["squad"]["gold_left"], d["squad"]["silver_left"], d["squad"]["penalty_gold"]) == (0, 22, 0)'
violation "403.2.3 not_enough_gold: a split's gold part over the gold left (recruit[3])" \
    "$SQ/not_enough_gold_split.json" recruit 3 Фагор not_enough_gold 403.2.3
violation "403.2.3 not_enough_crystals: price + penalty 5 with 3 gold and 0 silver (recruit[7])" \
    "$SQ/not_enough_crystals.json" recruit 7 Виверна not_enough_crystals 403.2.3 \
    'json:(d["squad"]["gold_left"], d["squad"]["silver_left"], d["squad"]["spent"]) == (3, 0, 43)'
# A split whose silver part exceeds the silver left while gold + silver would cover the price: DESIGN §4 names no
# code for it exactly (not_enough_crystals is "cost plus penalty exceed gold plus silver left"), so either
# refusal is accepted here; it must be refused at that step.
derive split_silver_over first_full.json \
    'del s["placement"]; s["recruit"] = s["recruit"][:7] + [{"card": "Вор", "gold": 0, "silver": 3}]'
run squad check "$SQT/split_silver_over.json" --json
check "403.2.3 a split's silver part over the 1 silver left is refused at recruit[7]" 1 \
    'json:(d["step"], d["index"], d["card"]) == ("recruit", 7, "Вор")' \
    'json:d["code"] in ("not_enough_crystals", "invalid_split") and d["rule"] in ("403.2.3", "403.2.1")' \
    'json:(d["squad"]["gold_left"], d["squad"]["silver_left"]) == (24, 1)'
violation "106.4 duplicate_unique: two Ловец душ (01-095, 05-105), unique (recruit[1])" "$SQ/duplicate_unique.json" \
    recruit 1 "Ловец душ" duplicate_unique 106.4 'json:d["squad"]["cards"] == ["Ловец душ"]'
violation "check order: not_enough_gold is reported before duplicate_unique (recruit[3])" \
    "$SQ/gold_before_unique.json" recruit 3 "Ловец душ" not_enough_gold 403.2.3

run squad check "$SQ/flyers_15.json" --json
check "403.2.3 flyers at exactly 15 crystals: legal; penalties are not flyer crystals" 0 'json:d["legal"] is True' \
    'json:(d["squad"]["flyer_crystals"], d["squad"]["penalty_gold"], d["squad"]["spent"]) == (15, 2, 15)' \
    'json:(d["squad"]["gold_left"], d["squad"]["silver_left"]) == (22, 7)' \
    'json:sorted(d["squad"]["elements"]) == ["darkness", "forests", "swamps"]'
violation "403.2.3 flyer_budget: a 4th flyer takes flyers to 22 > 15 (recruit[3])" "$SQ/flyer_budget.json" \
    recruit 3 Дзингор flyer_budget 403.2.3 'json:d["squad"]["flyer_crystals"] == 15'
violation "403.2.3 no_creature: an artifact recruited first (recruit[0])" "$SQ/no_creature_artifact.json" \
    recruit 0 "Эльфийский арсенал" no_creature 403.2.3
violation "403.2.3 no_creature: a terrain recruited first (recruit[0])" "$SQ/no_creature_terrain.json" \
    recruit 0 Раэннат no_creature 403.2.3
violation "403.2.3 no_creature at step final: recruit is empty" "$SQ/no_creature_final.json" \
    final None None no_creature 403.2.3 'json:d["squad"]["cards"] == [] and d["placement"] == {}'
run squad check "$SQ/unknown_fact.json" --json
check "DESIGN §2: uniqueness unknown on every printing counts as not unique, with warning unknown_fact" 0 \
    'json:d["legal"] is True and d["squad"]["cards"] == ["Бешеный карлик", "Бешеный карлик"]' \
    'json:len(d["warnings"]) >= 1 and all(w["code"] == "unknown_fact" and w["card"] == "Бешеный карлик" for w in d["warnings"])' err=
run squad check "$SQ/unknown_fact.json"
check "unknown_fact (human): the warning goes to stderr" 0 'out:legal (first player)' 'err:warning:' 'err:Бешеный карлик'
derive too_many first_full.json 's["format"] = fix + "/three-cells.json"; del s["placement"]'
violation "403.2.3 too_many_cards: a 4th card with squad cells 3 (recruit[3])" "$SQT/too_many.json" \
    recruit 3 "Охотник за головами" too_many_cards 403.2.3 'json:len(d["squad"]["cards"]) == 3'
violation "213.3 second_terrain: a second terrain (recruit[2])" "$SQ/second_terrain.json" \
    recruit 2 Эленьямен second_terrain 213.3 'json:d["squad"]["terrains"] == 1'

# placement (404.1), cheap deal
run squad check "$SQ/first_full.json" --json
check "404.1.2 first player: 15 cards, tier 1 then tier 2 then a3 e3: legal" 0 'json:d["legal"] is True' \
    'json:len(d["placement"]) == 15 and all(c[1] in "123" for c in d["placement"])' \
    'json:(d["squad"]["spent"], d["squad"]["gold_left"], d["squad"]["silver_left"]) == (45, 1, 0)' \
    'json:d["placement"]["a3"] == "Служка" and d["placement"]["e1"] == "Вор"'
derive not_in_squad first_full.json \
    's["recruit"] = s["recruit"][:2]; s["placement"] = [{"card": "Охотник за головами", "cell": "c3"}, {"card": "Вор", "cell": "b3"}]'
violation "404.1.1 not_in_squad: a dealt card that was not recruited (placement[1])" "$SQT/not_in_squad.json" \
    placement 1 Вор not_in_squad 404.1.1 'json:d["placement"] == {"c3": "Охотник за головами"}'
derive not_in_squad_copies first_full.json \
    's["recruit"] = s["recruit"][:2]; s["placement"] = s["placement"][:3]'
violation "404.1.1 not_in_squad: a third copy placed, two recruited (placement[2])" "$SQT/not_in_squad_copies.json" \
    placement 2 "Охотник за головами" not_in_squad 404.1.1
derive outside first_full.json 's["placement"][0]["cell"] = "c4"'
violation "404.1.1 cell_outside_half: the first player on row 4 (placement[0])" "$SQT/outside.json" \
    placement 0 "Охотник за головами" cell_outside_half 404.1.1 'json:d["placement"] == {}'
derive occupied first_full.json 's["placement"][1]["cell"] = "c3"'
violation "404.1.1 cell_occupied: two cards on c3 (placement[1])" "$SQT/occupied.json" \
    placement 1 "Охотник за головами" cell_occupied 404.1.1
derive first_a2 first_full.json 's["placement"][0]["cell"] = "a2"'
violation "404.1.2 cell_not_allowed: first player a2 before the centre 3x3 is full (placement[0])" \
    "$SQT/first_a2.json" placement 0 "Охотник за головами" cell_not_allowed 404.1.2
derive first_a3 first_full.json 's["placement"][10]["cell"] = "a3"'
violation "404.1.2 cell_not_allowed: first player a3 (tier 3) while e1 (tier 2) is free (placement[10])" \
    "$SQT/first_a3.json" placement 10 Вор cell_not_allowed 404.1.2 'json:len(d["placement"]) == 10'
derive not_placed first_full.json 's["placement"] = s["placement"][:14]'
violation "404.1.1 not_placed: a squad card left unplaced (step final)" "$SQT/not_placed.json" \
    final None Служка not_placed 404.1.1 'json:len(d["placement"]) == 14'

# ---------------------------------------------------------------------------------------------------
# 3. The second player: 25 gold / 23 silver; tier 1 is rows 4-6 centre plus a4 e4

run squad check "$SQ/second_full.json" --json
check "404.1.3 second player: a4 and e4 from the start, 15 cards placed: legal" 0 \
    'json:d["legal"] is True and d["player"] == 2' \
    'json:(d["squad"]["gold_start"], d["squad"]["silver_start"]) == (25, 23)' \
    'json:(d["squad"]["spent"], d["squad"]["gold_left"], d["squad"]["silver_left"]) == (45, 3, 0)' \
    'json:d["placement"]["a4"] == "Охотник за головами" and d["placement"]["e4"] == "Охотник за головами"' \
    'json:len(d["placement"]) == 15 and all(c[1] in "456" for c in d["placement"])'
run squad check "$SQ/second_full.json"
check "second player (human): legal, board of rows 6..4" 0 'out:legal (second player)' \
    'out~  6  ' 'out:back row' 'out~  4  Охотник за го' '!out:  3  ' 'out:left 3 gold and 0 silver'
derive second_a5 second_full.json 's["placement"][10]["cell"] = "a5"'
violation "404.1.3 cell_not_allowed: second player a5 with d6 (tier 1) free (placement[10])" "$SQT/second_a5.json" \
    placement 10 Вор cell_not_allowed 404.1.3 'json:d["player"] == 2 and len(d["placement"]) == 10'
derive second_outside second_full.json 's["placement"][0]["cell"] = "c3"'
violation "404.1.1 cell_outside_half: the second player on row 3 (placement[0])" "$SQT/second_outside.json" \
    placement 0 "Охотник за головами" cell_outside_half 404.1.1

# Human report of a violation: where, code and rule.
run squad check "$SQ/not_enough_gold_elite.json"
check "squad check (human) names step, index, code and rule" 1 \
    'out:ILLEGAL at recruit 3: not_enough_gold [403.2.3]' 'out:left 2 gold and 22 silver'
# A violation without an index (step deal/final) must not print a made-up index glued to the step.
run squad check "$SQ/no_creature_final.json"
check "squad check (human): a step-final violation reads 'at final', not 'at final0'" 1 \
    'out:ILLEGAL at final' '!out:final0' 'out:no_creature [403.2.3]'
run squad check "$SQ/deal_size.json"
check "squad check (human): a step-deal violation reads 'at deal', not 'at deal0'" 1 \
    'out:ILLEGAL at deal' '!out:deal0' 'out:deal_size [402.3]'

# ---------------------------------------------------------------------------------------------------
# 4. Files that cannot be used: exit 2, nothing on stdout

run squad check "$SQ/bad_json.json" --json
check "squad check: invalid JSON is exit 2 with line:column" 2 'err~bad_json\.json:2:[0-9]+: ' out=
run squad check "$SQ/deal_not_array.json"
check "squad check: deal not an array is exit 2 naming the field" 2 'err:deal_not_array.json: deal: ' out=
run squad check "$SQ/unknown_card.json"
check "squad check: an unknown card name is exit 2 naming deal[3]" 2 'err:deal[3]' 'err:Абырвалг' out=
run squad check "$SQ/bad_cell.json"
check "squad check: the malformed cell f9 is exit 2" 2 'err:placement[1].cell' out=
run squad check "$SQ/no-such-scenario.json"
check "squad check: a missing file is exit 2" 2 'err:no-such-scenario.json' out=
derive player3 raer.json 's["player"] = 3'
run squad check "$SQT/player3.json"
check "squad check: player 3 is exit 2" 2 'err:player' out=
derive unknown_recruit raer.json 's["recruit"][2]["card"] = "Абырвалг"'
run squad check "$SQT/unknown_recruit.json"
check "squad check: an unknown card in recruit is exit 2" 2 'err:recruit[2].card' out=
derive missing_format raer.json 's["format"] = fix + "/no-such-format.json"'
run squad check "$SQT/missing_format.json"
check "squad check: a format path that does not exist is exit 2" 2 'err:no-such-format.json' out=
run squad check
check "squad check without a file: usage, exit 2" 2 'err:usage: berserk squad check' out=

# ---------------------------------------------------------------------------------------------------
# 5. squad auto: deterministic with --seed, the exact best squad (checked by brute force over all 2^15
#    subsets of the deal, DESIGN §2 order), a consistent recruiting order and a tier-respecting placement.

TOUR="$ROOT/tests/fixtures/decks/tournament"
TACHANKA="$TOUR/01-babkina-tachanka.txt"

run --seed 7 squad auto "$TACHANKA"
save auto-human-1
cp "$OUT" "$SQT/auto-human-1"
run squad auto "$TACHANKA" --seed 7
if cmp -s "$OUT" "$SQT/auto-human-1"; then
    check "squad auto --seed 7 twice: identical output (deterministic)" 0 'out:seed 7, first player, deal of 15' \
        'out:recruit in this order:' 'out:front row' 'out~left [0-9]+ gold and [0-9]+ silver'
else
    report "squad auto --seed 7 twice: identical output (deterministic)" "the two runs differ" \
        "$(diff "$SQT/auto-human-1" "$OUT" | head -c 1000)"
fi
run --seed 7 --json squad auto "$TACHANKA"
save auto7
run --seed 7 squad auto "$TACHANKA" --json
check "squad auto --seed 7 --json: same JSON twice; the shape" 0 'json:d == saved("auto7")' \
    'json:d["seed"] == 7 and d["player"] == 1 and d["legal"] is True' \
    'json:set(d) >= {"seed","player","legal","deal","chosen","recruit","squad","placement","explanation"}' \
    'json:len(d["deal"]) == 15 and all(isinstance(n, str) for n in d["deal"])' \
    'json:sorted(d["chosen"]) == d["chosen"] and all(0 <= p < 15 for p in d["chosen"])' \
    'json:all(list(r) == ["card","gold","silver","penalty"] for r in d["recruit"])' \
    "json:list(d[\"squad\"]) == $SQUAD_KEYS" \
    'json:d["squad"]["spent"] == sum(r["gold"] + r["silver"] for r in d["recruit"])' \
    'json:d["squad"]["gold_left"] >= 0 and d["squad"]["silver_left"] >= 0' \
    'json:(d["squad"]["gold_start"], d["squad"]["silver_start"]) == (24, 22)' \
    'json:all(c[1] in "123" for c in d["placement"]) and len(d["placement"]) == len(d["chosen"])' \
    'json:isinstance(d["explanation"], str) and str(d["squad"]["spent"]) in d["explanation"]'
run --seed 8 --json squad auto "$TACHANKA"
check "squad auto --seed 8 deals differently from --seed 7" 0 'json:d["seed"] == 8' 'json:d["deal"] != saved("auto7")["deal"]'
run --seed 7 --json squad auto "$TACHANKA" --player 2
check "squad auto --player 2: 25 gold / 23 silver, placed on rows 4-6" 0 'json:d["player"] == 2' \
    'json:(d["squad"]["gold_start"], d["squad"]["silver_start"]) == (25, 23)' \
    'json:d["deal"] == saved("auto7")["deal"]' \
    'json:all(c[1] in "456" for c in d["placement"]) and len(d["placement"]) == len(d["chosen"])'
run --seed 7 squad auto "$TACHANKA" --player 2
check "squad auto --player 2 (human): second player" 0 'out:seed 7, second player' 'out:back row'

# Every tournament deck, both players, seed 7: the binary's answer against an independent brute force.
cat >"$SQT/best.py" <<'PY'
# best.py DATA [--weights W.json] OUT.json...: for each `squad auto --json` output, prints "OUT<TAB>problem" per
# problem (nothing = fine) and writes OUT.scenario.json, the answer as a `squad check` scenario. Re-derives the
# best squad of the deal over every subset (DESIGN §2: value, more creatures, fewer elements, fewer cards,
# smallest sorted positions), and checks the recruiting order, the crystals, the squad summary, the placement.
import glob, json, os, sys
data, args = sys.argv[1], sys.argv[2:]
weights = {}
if args[:1] == ["--weights"]:
    with open(args[1], encoding="utf-8") as f:
        weights = json.load(f)
    args = args[2:]
RANK = {"07": 0, "06": 1, "05": 2, "04": 3, "03": 4, "02": 5, "01": 6, "22": 7, "21": 8} # constructed, newest first
newest = {}
for path in glob.glob(os.path.join(data, "sets", "*.json")):
    with open(path, encoding="utf-8") as f:
        for c in json.load(f)["cards"]:
            if c["set"] in RANK and (c["name"] not in newest or RANK[c["set"]] < RANK[newest[c["name"]]["set"]]):
                newest[c["name"]] = c
TIERS = {1: [["b1","c1","d1","b2","c2","d2","b3","c3","d3"], ["a1","e1","a2","e2"], ["a3","e3"]],
         2: [["a4","b4","c4","d4","e4","b5","c5","d5","b6","c6","d6"], ["a5","e5","a6","e6"]]}

def best_squad(deal, G, S, value):
    """Every subset, depth first in deal order, pruned where a necessary condition already fails (total price
    over gold + silver, elite prices over gold, flyers over 15, a second terrain, a unique name twice)."""
    n, price = len(deal), [c["cost"] for c in deal]
    bit = {e: 1 << k for k, e in enumerate(sorted(set(e for c in deal for e in c["elements"])))}
    mask = [sum(bit[e] for e in set(c["elements"])) for c in deal]
    best = [None]
    def visit(i, pos, spent, elite, rank, flyers, terrains, creatures, elements, total):
        if i == n:
            if not creatures or len(pos) > 15:
                return
            distinct = bin(elements).count("1")
            gold_part = elite + max(0, distinct - 1)
            if gold_part > G or gold_part + rank > G + S:
                return
            key = (total, creatures, -distinct, -len(pos))
            if best[0] is None or key > best[0][0] or (key == best[0][0] and pos < best[0][1]):
                best[0] = (key, list(pos))
            return
        visit(i + 1, pos, spent, elite, rank, flyers, terrains, creatures, elements, total)
        c, p = deal[i], price[i]
        if spent + p > G + S or (c["elite"] and elite + p > G) or terrains + (c["type"] == "terrain") > 1:
            return
        if (c["subtype"] == "flyer" and flyers + p > 15) or (c["unique"] and any(deal[j]["name"] == c["name"] for j in pos)):
            return
        pos.append(i)
        visit(i + 1, pos, spent + p, elite + (p if c["elite"] else 0), rank + (0 if c["elite"] else p),
              flyers + (p if c["subtype"] == "flyer" else 0), terrains + (c["type"] == "terrain"),
              creatures + (c["type"] == "creature"), elements | mask[i], total + value[i])
        pos.pop()
    visit(0, [], 0, 0, 0, 0, 0, 0, 0, 0)
    return best[0]

def judge(out):
    with open(out, encoding="utf-8") as f:
        d = json.load(f)
    problems = []
    bad = problems.append
    deal = [newest[n] for n in d["deal"]]
    if len(deal) != 15:
        bad("deal has %d cards" % len(deal))
    player = d["player"]
    G, S = (24, 22) if player == 1 else (25, 23)
    best = best_squad(deal, G, S, [weights.get(c["name"], c["cost"]) for c in deal])
    if best is None:
        if d["legal"] is not False:
            bad("no legal squad exists, but legal is %r" % d["legal"])
        return problems
    chosen = best[1]
    if d["legal"] is not True:
        bad("legal is %r" % d["legal"])
    if d["chosen"] != chosen:
        bad("chosen %s, brute force %s (value %d)" % (d["chosen"], chosen, best[0][0]))
    if weights and d.get("value") != best[0][0]:
        bad("value %r, brute force %d" % (d.get("value"), best[0][0]))
    # the recruiting order replays under 403.2.3: a creature first, silver first for rank-and-file
    order = [r["card"] for r in d["recruit"]]
    if sorted(order) != sorted(d["deal"][i] for i in d["chosen"]):
        bad("recruit %s is not the chosen cards" % order)
    gold, silver, seen, paid_penalty = G, S, set(), 0
    for step, r in enumerate(d["recruit"]):
        c = newest[r["card"]]
        if step == 0 and c["type"] != "creature":
            bad("the first recruited card %s is not a creature" % r["card"])
        fresh = set(c["elements"]) - seen
        penalty = len(fresh) - (1 if not seen and fresh else 0)
        seen |= set(c["elements"])
        want_silver = 0 if c["elite"] else min(c["cost"], silver)
        if (r["gold"], r["silver"], r["penalty"]) != (c["cost"] - want_silver, want_silver, penalty):
            bad("recruit[%d] %s pays %s, expected gold %d silver %d penalty %d" % (
                step, r["card"], r, c["cost"] - want_silver, want_silver, penalty))
        gold -= r["gold"] + r["penalty"]
        silver -= r["silver"]
        paid_penalty += r["penalty"]
        if gold < 0 or silver < 0:
            bad("recruit[%d] overdraws: %d gold, %d silver left" % (step, gold, silver))
    q, cs = d["squad"], [deal[i] for i in chosen]
    want = {"cards": order, "gold_start": G, "silver_start": S, "redeal_gold": 0, "penalty_gold": paid_penalty,
            "spent": sum(c["cost"] for c in cs), "gold_left": gold, "silver_left": silver,
            "flyer_crystals": sum(c["cost"] for c in cs if c["subtype"] == "flyer"),
            "creatures": sum(c["type"] == "creature" for c in cs), "terrains": sum(c["type"] == "terrain" for c in cs)}
    for k, v in want.items():
        if q.get(k) != v:
            bad("squad.%s = %r, expected %r" % (k, q.get(k), v))
    if sorted(q.get("elements", [])) != sorted(seen):
        bad("squad.elements %r, expected %r" % (q.get("elements"), sorted(seen)))
    if paid_penalty != max(0, len(seen) - 1):
        bad("penalty %d for %d elements" % (paid_penalty, len(seen)))
    # placement: every squad card on the player's half, tiers filled in order (DESIGN §2 table)
    tiers, cells = TIERS[player], d["placement"]
    if sorted(cells.values()) != sorted(order):
        bad("placement %r does not hold the squad" % cells)
    if any(c not in [c for t in tiers for c in t] for c in cells):
        bad("placement %r leaves the player's half" % sorted(cells))
    for k, tier in enumerate(tiers):
        if any(c in cells for c in tier) and any(c not in cells for t in tiers[:k] for c in t):
            bad("placement %r uses tier %d before the lower tiers are full" % (sorted(cells), k + 1))
    ordered = sorted(cells, key=lambda c: next(k for k, t in enumerate(tiers) if c in t and c in cells))
    scenario = {"player": player, "deal": d["deal"],
                "recruit": [{"card": r["card"], "gold": r["gold"], "silver": r["silver"]} for r in d["recruit"]],
                "placement": [{"card": cells[c], "cell": c} for c in ordered]}
    with open(out + ".scenario.json", "w", encoding="utf-8") as f:
        json.dump(scenario, f, ensure_ascii=False)
    return problems

for out in args:
    try:
        found = judge(out)
    except Exception as e:
        found = ["%s: %s" % (type(e).__name__, e)]
    for problem in found:
        print("%s\t%s" % (out, problem))
PY

# Every tournament deck, both players, seed 7: the binary's answer against an independent brute force, and the
# answer replayed through squad check.
AUTO_OUTS=()
for deck in "$TOUR"/*.txt; do
    for player in 1 2; do
        out="$SQT/auto-$(basename "$deck" .txt)-p$player.json"
        if "$BIN" --seed 7 --json squad auto "$deck" --player $player >"$out" 2>"$ERR"; then
            AUTO_OUTS+=("$out")
        else
            report "squad auto $(basename "$deck") --player $player --seed 7: exit 0" "exit code $?, expected 0" \
                "stderr: $(head -c 400 "$ERR")"
        fi
    done
done
"$PY" "$SQT/best.py" "$DATA" "${AUTO_OUTS[@]}" >"$SQT/best.out" 2>&1
for out in "${AUTO_OUTS[@]}"; do
    name="$(basename "$out" .json | sed 's/^auto-//; s/-p\([12]\)$/ --player \1/')"
    problems=$(grep -F "$out"$'\t' "$SQT/best.out" | cut -f2-)
    report "squad auto $name --seed 7: the exact best squad (brute force), order, crystals, placement" \
        ${problems:+"$problems"}
    run squad check "$out.scenario.json"
    check "squad auto $name --seed 7: its answer replays as a legal squad check scenario" 0 'out:: legal ('
done
grep -v $'\t' "$SQT/best.out" >/dev/null && report "best.py ran cleanly" "$(cat "$SQT/best.out")"

# --weights: a huge weight on a card the plain answer leaves out puts it in; brute force agrees.
PREMISE="squad auto --seed 7: Паровой танк is dealt but not chosen (premise of the weights case)"
if "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert "Паровой танк" in d["deal"] and all(d["deal"][p] != "Паровой танк" for p in d["chosen"])' \
    "$T/saved/auto7" 2>/dev/null; then
    report "$PREMISE"
else
    report "$PREMISE" "premise false: pick another card for the weights case"
fi
echo '{"Паровой танк": 1000}' >"$SQT/weights.json"
run --seed 7 --json squad auto "$TACHANKA" --weights "$SQT/weights.json"
save auto7w
check "squad auto --weights {Паровой танк: 1000}: that card is chosen" 0 'json:d["deal"] == saved("auto7")["deal"]' \
    'json:"Паровой танк" in [d["deal"][p] for p in d["chosen"]]' 'json:"Паровой танк" in d["squad"]["cards"]' \
    'json:d["value"] >= 1000' 'json:d["chosen"] != saved("auto7")["chosen"]'
problems=$("$PY" "$SQT/best.py" "$DATA" --weights "$SQT/weights.json" "$T/saved/auto7w" 2>&1 | cut -f2-)
report "squad auto --weights: the exact best weighted squad (brute force)" ${problems:+"$problems"}
echo '{"Абырвалг": 5}' >"$SQT/weights-unknown.json"
run --seed 7 squad auto "$TACHANKA" --weights "$SQT/weights-unknown.json"
check "squad auto --weights naming an unknown card: exit 2" 2 'err:Абырвалг' 'err:unknown card' out=
echo '{"Паровой танк": "many"}' >"$SQT/weights-string.json"
run --seed 7 squad auto "$TACHANKA" --weights "$SQT/weights-string.json"
check "squad auto --weights with a non-integer weight: exit 2" 2 'err:Паровой танк' out=

printf '4 Охотник за головами\n4 Антиквар\n3 Вор\n3 Служка\n' >"$SQT/fourteen.txt"
run --seed 7 squad auto "$SQT/fourteen.txt"
check "squad auto: a 14-card deck cannot be dealt 15 cards: exit 2" 2 'err:14 cards' out=
run --seed 7 squad auto "$TACHANKA" --player 3
check "squad auto --player 3: exit 2, naming the value and its limit" 2 'err:--player must be an integer 1..2, not "3"' out=
run --seed 7 squad auto "$SQT/no-such-deck.txt"
check "squad auto: a missing deck: exit 2" 2 'err:no-such-deck.txt' out=
run --seed 7 --json squad auto "$TACHANKA" --format "$SQ/poor-gold.json"
check "squad auto --format PATH: the format's squad gold applies" 0 'json:d["squad"]["gold_start"] == 1' \
    'json:d["squad"]["gold_left"] >= 0 and d["squad"]["spent"] <= 23'
