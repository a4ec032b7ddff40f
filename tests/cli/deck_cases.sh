# tests/cli/deck_cases.sh — `deck check`, `deck stats` and `deck convert` through the real
# binary (DESIGN §4). Sourced by run.sh, which provides run/check/report/save and $T, $ROOT.

DECKS="$ROOT/tests/fixtures/decks"
TOURNAMENT="$DECKS/tournament"
D="$T/decks"
mkdir -p "$D"

# The 15 real tournament decklists are legal constructed decks.
run deck check "$TOURNAMENT" --date 2026-11-21
check "deck check DIR: 15 tournament decklists legal" 0 'out:15 files: 15 legal, 0 illegal, 0 unreadable'
run deck check "$TOURNAMENT" --date 2026-11-21 --json
check "deck check DIR --json: totals and result shape" 0 \
    'json:d["date"] == "2026-11-21"' \
    'json:d["totals"] == {"files": 15, "legal": 15, "illegal": 0, "unreadable": 0}' \
    'json:[r["file"] for r in d["results"]] == sorted(r["file"] for r in d["results"])' \
    'json:all(list(r) == ["file","format","legal","cards","errors","warnings"] for r in d["results"])' \
    'json:all(r["format"] == "constructed" and r["legal"] is True and r["cards"] == 30 for r in d["results"])'

# A fourth copy: exactly the contract's error object.
cp "$TOURNAMENT/01-babkina-tachanka.txt" "$D/fourth.txt"
echo "1 Кулеврина орков" >>"$D/fourth.txt"
run --json deck check "$D/fourth.txt" --date 2026-11-21
check "deck check: a 4th copy is too_many_copies at the line that crossed the limit" 1 \
    'json:d["results"][0]["legal"] is False and d["results"][0]["cards"] == 31' \
    'json:list(d["results"][0]["errors"][0]) == ["code","card","count","limit","line","lines","rule","message"]' \
    'json:d["results"][0]["errors"][0] == {"code":"too_many_copies","card":"Кулеврина орков","count":4,"limit":3,"line":16,"lines":[5,16],"rule":"constructed.copies","message":"4 copies of Кулеврина орков; at most 3 allowed"}' \
    'json:d["totals"]["illegal"] == 1'

# Every error of a file, in line order, deck-level last; unknown_card with suggestions.
printf '4 Циклоп\r\n1 Цыклоп\r\nабв\r\n0 Гобрах\r\n' >"$D/many.txt"
run deck check "$D/many.txt" --json --date 2026-11-21
check "deck check: every error, ordered by line, deck-level last" 1 \
    'json:[e["code"] for e in d["results"][0]["errors"]] == ["too_many_copies","unknown_card","parse_error","parse_error","deck_too_small"]' \
    'json:d["results"][0]["errors"][1]["suggestions"][0] == "Циклоп" and d["results"][0]["errors"][1]["card"] == "Цыклоп"' \
    'json:d["results"][0]["errors"][3]["count"] == 0 and d["results"][0]["errors"][3]["rule"] == "decklist.syntax"' \
    'json:d["results"][0]["errors"][4]["line"] is None and d["results"][0]["errors"][4]["lines"] is None' \
    'json:all("suggestions" not in e for e in d["results"][0]["errors"] if e["code"] != "unknown_card")'
run deck check "$D/many.txt" --date 2026-11-21
check "deck check: human report names lines and rules" 1 'out:ILLEGAL' 'out:line 2' 'out:unknown_card' \
    'out:[constructed.copies]' 'out:deck_too_small'

# Unreadable files: legal null with an error message, exit 2 (the highest outcome wins).
run deck check "$D/fourth.txt" "$D/missing.txt" --json --date 2026-11-21
check "deck check: a missing file is unreadable, exit 2 over 1" 2 \
    'json:d["results"][1]["legal"] is None and "cannot open" in d["results"][1]["error"]' \
    'json:d["totals"] == {"files": 2, "legal": 0, "illegal": 1, "unreadable": 1}'
head -c 1100000 /dev/zero | tr '\0' '#' >"$D/huge.txt"
run deck check "$D/huge.txt"
check "deck check: a decklist over 1 MB is refused" 2 'out:unreadable' 'out:1 MB'

# Formats: by name, by path, bans by date, bad format files.
printf '30 Кобольд\n' >"$D/kobolds.txt"
run deck check "$D/kobolds.txt" --format limited --date 2026-11-21
check "deck check --format limited: any number of copies" 0 'out:legal'
run deck check "$D/kobolds.txt" --date 2026-11-21
check "deck check constructed: 30 copies are too many" 1 'out:too_many_copies'
cat >"$D/league.json" <<'EOF'
{"schema": 1, "id": "league", "banned": [{"name": "Кулеврина орков", "from": "2026-06-01"}]}
EOF
run deck check "$TOURNAMENT/01-babkina-tachanka.txt" --format "$D/league.json" --date 2026-11-21 --json
check "deck check --format PATH: a ban in force" 1 \
    'json:d["results"][0]["format"] == "league"' \
    'json:d["results"][0]["errors"][0]["code"] == "banned_card" and d["results"][0]["errors"][0]["rule"] == "league.banned"'
run deck check "$TOURNAMENT/01-babkina-tachanka.txt" --format "$D/league.json" --date 2026-05-31
check "deck check --format PATH --date before the ban: legal" 0 'out:legal'
echo '{"deck": {"min": "30"}}' >"$D/bad-format.json"
run deck check "$D/kobolds.txt" --format "$D/bad-format.json"
check "deck check: a bad format file names the field" 2 'err:bad-format.json: deck.min: expected integer or null'
run deck check "$D/kobolds.txt" --format no-such-format
check "deck check: an unknown format name lists the built-in ones" 2 'err:constructed, draft, limited, sealed'
mkdir -p "$T/formats"
echo '{"id": "constructed", "copies": 30}' >"$T/formats/constructed.json"
run BERSERK_FORMATS="$T/formats" deck check "$D/kobolds.txt" --date 2026-11-21
check "deck check: BERSERK_FORMATS overrides a built-in format" 0 'out:legal'

# Sealed: every card from the player's pool; NAME.pool.* beside a deck overrides --pool.
mkdir -p "$D/sealed"
printf '5 Циклоп\n2 Гобрах\n30 Кобольд\n' >"$T/pool.txt"
printf '5 Циклоп\n3 Гобрах\n22 Кобольд\n' >"$D/sealed/alice.txt"
printf '5 Циклоп\n2 Гобрах\n23 Кобольд\n' >"$D/sealed/bob.txt"
printf '5 Циклоп\n2 Гобрах\n23 Кобольд\n' >"$D/sealed/carol.txt"
printf '1 Циклоп\n' >"$D/sealed/carol.pool.txt"
run deck check "$D/sealed" --format sealed --pool "$T/pool.txt" --json --date 2026-11-21
check "deck check --format sealed --pool: not_in_pool, and NAME.pool.txt beside a deck wins" 1 \
    'json:d["totals"] == {"files": 3, "legal": 1, "illegal": 2, "unreadable": 0}' \
    'json:[r["legal"] for r in d["results"]] == [False, True, False]' \
    'json:d["results"][0]["errors"][0]["code"] == "not_in_pool" and d["results"][0]["errors"][0]["limit"] == 2' \
    'json:d["results"][0]["errors"][0]["rule"] == "sealed.pool" and d["results"][0]["errors"][0]["line"] == 2' \
    'json:d["results"][2]["errors"][0]["card"] == "Циклоп" and d["results"][2]["errors"][0]["limit"] == 1'
run deck check "$D/sealed/alice.txt" --format sealed
check "deck check --format sealed without a pool: unreadable" 2 'out:needs the player'"'"'s pool'

# deck stats: exact odds in the 15-card deal.
run deck stats "$TOURNAMENT/01-babkina-tachanka.txt" --json
check "deck stats --json: counts and exact hypergeometric odds" 0 \
    'json:d["cards"] == 30 and d["deal"] == 15 and sum(d["elements"].values()) == 30' \
    'json:d["elite"] + d["rank_and_file"] == 30 and sum(d["cost_curve"].values()) == 30' \
    'json:abs(d["per_card"][1]["p_at_least_1"] - (1 - 13/116)) < 1e-9 and d["per_card"][1]["copies"] == 3' \
    'json:abs(d["per_card"][1]["p_at_least_3"] - 13/116) < 1e-9 and d["per_card"][0]["p_at_least_2"] == 0' \
    'json:abs(d["expected_elite_cost"] - d["elite_cost"] / 2) < 1e-9'
run deck stats "$TOURNAMENT/01-babkina-tachanka.txt"
check "deck stats: human summary" 0 'out:30 cards, deal of 15' 'out:cost curve' 'out:Кулеврина орков'

# deck convert: each written form reads back as the same legal deck.
for to in text brsd json; do
    case $to in text) ext=txt ;; *) ext=$to ;; esac
    run deck convert "$TOURNAMENT/05-chk-bolota.txt" --to $to -o "$D/converted.$ext"
    check "deck convert --to $to" 0
    run deck check "$D/converted.$ext" --date 2026-11-21 --json
    check "deck convert --to $to: the result is the same legal deck" 0 \
        'json:d["results"][0]["legal"] is True and d["results"][0]["cards"] == 30'
done
run deck convert "$D/many.txt" --to json
check "deck convert: a deck with problems is not converted" 1 'out=' 'err:not converted'
run deck convert "$TOURNAMENT/05-chk-bolota.txt" --to yaml
check "deck convert --to yaml: usage error" 2
