# tests/cli/goldfish_cases.sh — `berserk goldfish` (issue 12, DESIGN §4 "Every batch command" and the
# `goldfish` JSON): the shape and its integer totals, identical JSON for any --threads, --shard K/N
# merged by `sim merge` into the single run's bytes, --csv and --replay-game (the log replays to the
# csv row's hash), the dummy opponent, the starter squads with --squad, Ctrl-C, bad input.
# Sourced by run.sh. Agents are named explicitly (the default agent changes when greedy lands).

export GF_DECK="$ROOT/tests/fixtures/decks/tournament/09-koven.txt" # no symbiote (their logs: see issue 12)
GF_HELMIR="$ROOT/tests/fixtures/decks/starter-squad-druzhina-helmira.txt"
GF_RAER="$ROOT/tests/fixtures/decks/starter-squad-polchishcha-raera.txt"
# integers all the way down (bools are not integers)
GF_INTS='(lambda f: (lambda v: f(f, v)))(lambda f, v: all(f(f, x) for x in (v.values() if isinstance(v, dict) else v)) if isinstance(v, (dict, list)) else isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)))'

# ---- The JSON of DESIGN §4 ----
run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --threads 1 --json
check "goldfish --json: DESIGN §4 keys in order, \"kind\" first, the master seed" 0 \
    'json:list(d)[0] == "kind" and d["kind"] == "goldfish" and d["seed"] == 7 and d["games"] == 40' \
    'json:[k for k in d if k in ("kind","seed","games","deck","opponent","agent","player","interrupted","won","capped","turns_to_win","won_by_turn","wounds_dealt_per_turn","own_losses","plain_features","totals")] == ["kind","seed","games","deck","opponent","agent","player","interrupted","won","capped","turns_to_win","won_by_turn","wounds_dealt_per_turn","own_losses","plain_features","totals"]' \
    'json:d["deck"] == d["opponent"] == env["GF_DECK"] and d["agent"] == "random" and d["player"] == 1' \
    'json:d["interrupted"] is False and d["squad"] is False and "shard" not in d' \
    'err~berserk: warning: '"$GF_DECK"': [0-9]+ of its 15 card names do not run as printed \(printed numbers and running keywords only\): [^ ]' \
    'json:0 < len(d["deck_run"]["not_as_printed"]) < d["deck_run"]["names"] == 15'
save gf_whole
check "goldfish --json: every game counted once; capped games are draws; rates from the counts" 0 \
    'json:d["won"] + d["lost"] + d["draws"] == 40 and 0 <= d["capped"] <= d["draws"]' \
    'json:sum(d["turns_to_win"]["histogram"].values()) == d["won"] if d["won"] else d["turns_to_win"] is None' \
    'json:d["won_by_turn"]["3"] <= d["won_by_turn"]["5"] <= d["won_by_turn"]["8"] <= d["won"] / 40' \
    'json:sum(d["own_losses"]["histogram"].values()) == 40' \
    'json:all(set(s) == {"mean","ci95","percentiles","histogram"} and s["ci95"][0] <= s["mean"] <= s["ci95"][1] for s in (d["turns_to_win"], d["wounds_dealt_per_turn"], d["own_losses"]) if s is not None)' \
    'json:all(round(float(k) * 10) == float(k) * 10 for k in d["wounds_dealt_per_turn"]["histogram"])'
check "goldfish --json: integer totals that give every figure" 0 \
    'json:'"$GF_INTS"'(d["totals"])' \
    'json:all(d["totals"][k] == d[k] for k in ("games","won","lost","draws","capped"))' \
    'json:d["totals"]["turns_to_win"]["count"] == d["won"] and (d["turns_to_win"] is None if d["won"] == 0 else abs(d["totals"]["turns_to_win"]["sum"] / d["won"] - d["turns_to_win"]["mean"]) < 1e-9)' \
    'json:d["lost_by"] == d["totals"]["lost_by"] and sum(d["lost_by"].values()) == d["lost"]' \
    'json:set(d["lost_by"]) == {"no_legal_squad", "no_creatures_left", "redeal_without_gold"}' \
    'json:abs(d["totals"]["wounds_dealt_per_turn"]["sum"] / 100 / d["totals"]["wounds_dealt_per_turn"]["count"] - d["wounds_dealt_per_turn"]["mean"]) < 1e-9' \
    'json:all(d["totals"]["won_by_turn"][k] / 40 == d["won_by_turn"][k] for k in ("3","5","8"))' \
    'json:d["totals"]["plain_features"] == d["plain_features"]' \
    'json:d["totals"]["engine_caps"] == 0'
# plain_features: cards of the deck that do not run fully (cards coverage), each at most once a game
"$BIN" cards coverage --deck "$GF_DECK" --json >"$T/saved/gf_coverage" 2>/dev/null
run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --threads 1 --json
check "goldfish plain_features: only cards that cards coverage lists as not running, at most once a game" 0 \
    'json:len(d["plain_features"]) > 0' \
    'json:{p["card"] for p in d["plain_features"]} <= {c["name"] for c in saved("gf_coverage")["decks"][0]["blocked"]}' \
    'json:all(0 < p["count"] <= 40 for p in d["plain_features"])' \
    'json:[p["count"] for p in d["plain_features"]] == sorted((p["count"] for p in d["plain_features"]), reverse=True)'

# ---- Identical JSON for any --threads ----
for gf_threads in 2 4; do
    run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --threads $gf_threads --json
    check "goldfish --threads $gf_threads: the same JSON as --threads 1" 0 'json:d == saved("gf_whole")'
    cmp -s "$OUT" "$T/saved/gf_whole" && report "goldfish --threads $gf_threads: byte for byte" ||
        report "goldfish --threads $gf_threads: byte for byte" "the outputs differ"
done

# ---- --shard K/N and sim merge: exactly the single run ----
for k in 1 2 3; do
    run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --shard "$k/3" --threads $((k % 2 + 1)) --json
    check "goldfish --shard $k/3: games g = $((k - 1)) mod 3, \"shard\" and \"run_games\"" 0 \
        "json:d[\"shard\"] == [$k, 3] and d[\"run_games\"] == 40 and d[\"games\"] == len(range($k - 1, 40, 3))"
    cp "$OUT" "$T/gf_shard_$k.json"
done
run sim merge "$T/gf_shard_3.json" "$T/gf_shard_1.json" "$T/gf_shard_2.json"
check "sim merge of goldfish --shard 1/3, 2/3, 3/3 (any order): the single run's JSON" 0 err=

cmp -s "$OUT" "$T/saved/gf_whole" && report "sim merge of goldfish shards: byte for byte the single run's" ||
    report "sim merge of goldfish shards: byte for byte the single run's" "$(diff "$OUT" "$T/saved/gf_whole" | head -20)"

# ---- Losses by reason; the mirror's wording; zero games won (issue 20) ----
# seed 82, 10 games: none won (the seed moves when the engine's play changes: vampirism, issue 21; the cards'
# abilities, issue 23)
run --seed 82 goldfish "$GF_DECK" --games 10 --agent random
check "goldfish (text), the same file on both sides: \"the passive opponent won\" by reason; no games won: no mean" 0 \
    'out~won 0 \(0\.0%\), the passive opponent won [0-9]+ \(no creatures left [0-9]+\), drawn [0-9]+' \
    'out~turns to win \(own\) +no games won' '!out:, lost'
run --seed 82 goldfish "$GF_DECK" --games 10 --agent random --json
check "goldfish --json, no game won: turns_to_win is null, never a mean of 0 (issue 20)" 0 \
    'json:d["won"] == 0 and d["turns_to_win"] is None and d["totals"]["turns_to_win"]["count"] == 0'
run --seed 7 goldfish "$GF_DECK" --games 40 --agent greedy --opponent dummy --json
check "goldfish --opponent dummy, games won: turns_to_win a STAT over the won games" 0 \
    'json:d["won"] > 0 and sum(d["turns_to_win"]["histogram"].values()) == d["won"]'
run --seed 7 goldfish "$GF_DECK" --games 6 --agent greedy --opponent dummy
check "goldfish against another file: \"lost\", not \"the passive opponent won\"" 0 'out~won [0-9]+ \([0-9.]+%\), lost [0-9]+' \
    '!out:the passive opponent won'

# ---- --csv and --replay-game: the log replays to the row's hash ----
run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --csv
check "goldfish --csv: the header and one row per game, in game order" 0 \
    'out:game,seed,first_deck,winner_deck,turns,by_cap,hash' 'err:of its 15 card names do not run as printed'
gf_rows=$(tail -n +2 "$OUT" | wc -l)
gf_games=$(tail -n +2 "$OUT" | cut -d, -f1 | tr '\n' ' ')
[[ $gf_rows == 40 && $gf_games == "$(seq -s ' ' 0 39) " ]] && report "goldfish --csv: rows 0..39" ||
    report "goldfish --csv: rows 0..39" "rows: $gf_games"
gf_row=$(sed -n '9p' "$OUT") # game 7
gf_seed=$(cut -d, -f2 <<<"$gf_row")
gf_hash=$(cut -d, -f7 <<<"$gf_row")
gf_outcome=$("$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["won"], d["lost"], d["draws"], d["capped"])' "$T/saved/gf_whole")
gf_csv_outcome=$(tail -n +2 "$OUT" | awk -F, '{w += $4 == "0"; l += $4 == "1"; d += $4 == ""; c += $6} END {print w, l, d, c}')
[[ $gf_outcome == "$gf_csv_outcome" ]] && report "goldfish --csv: the rows add up to the JSON's won/lost/draws/capped" ||
    report "goldfish --csv: the rows add up to the JSON's won/lost/draws/capped" "json $gf_outcome, csv $gf_csv_outcome"
run goldfish "$GF_DECK" --games 2 --agent random --csv
check "goldfish --csv without --seed: the drawn master seed on stderr, to repeat the run" 0 \
    'err~the master seed is [0-9]+ \(--seed [0-9]+ repeats this run\)' 'out:game,seed,'
run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --replay-game 7 --log "$T/gf7.log" --json
check "goldfish --replay-game 7 --log: plays game 7 alone, its figures as in the csv" 0 \
    "json:d[\"kind\"] == \"game\" and d[\"game\"] == 7 and d[\"seed\"] == $gf_seed and d[\"hash\"] == \"$gf_hash\"" \
    'json:d["log"] == env["T"] + "/gf7.log" and d["first_deck"] == 0'
run replay "$T/gf7.log" --json
check "berserk replay of goldfish game 7: the batch's hash for game 7" 0 "json:d[\"hash\"] == \"$gf_hash\"" err=
head -1 "$T/gf7.log" >"$OUT"
check "goldfish game log header: the seed, the players in deck order with their agents, first" 0 \
    "json:d[\"seed\"] == $gf_seed and d[\"first\"] == 1" \
    'json:[p["agent"] for p in d["players"]] == ["random", "passive"] and d["players"][0]["deck"]["name"] == env["GF_DECK"]' \
    'json:all("squad" not in p for p in d["players"])'
run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --player 2 --replay-game 3 --log "$T/gf3.log" --csv
gf_hash3=$(tail -1 "$OUT" | cut -d, -f7)
check "goldfish --player 2 --replay-game 3 --csv: one row, the opponent (deck 1) moved first" 0 \
    'out~^game,seed,first_deck,winner_deck,turns,by_cap,hash' 'out~3,[0-9]+,1,'
run replay "$T/gf3.log" --json
check "berserk replay of a --player 2 game: its hash" 0 "json:d[\"hash\"] == \"$gf_hash3\""
run --seed 7 goldfish "$GF_DECK" --games 40 --agent random --replay-game 7 --log "$T/gf7b.log"
check "goldfish --replay-game (text): the game's line, the log's path" 0 "out:game 7: seed $gf_seed" \
    "out:hash $gf_hash" "out:$T/gf7b.log"

# ---- The dummy opponent: every game ends (won, or drawn by the 60-turn cap) ----
run --seed 1 goldfish "$GF_DECK" --games 30 --agent random --opponent dummy --json
check "goldfish --opponent dummy: every game ends and is counted; the cap ends the rest" 0 \
    'json:d["opponent"] == "dummy" and d["games"] == 30 and d["won"] + d["lost"] + d["draws"] == 30' \
    'json:d["draws"] == d["capped"]' 'json:d["won"] > 0'
run --seed 3 goldfish "$GF_DECK" --games 10 --agent passive --opponent dummy --json
# Nobody attacks; the few wounds are the cards' own triggered abilities (issue 23), far below one a turn.
check "goldfish passive against dummy: nobody attacks, every game drawn by the cap" 0 \
    'json:d["draws"] == d["capped"] == 10 and d["won"] == 0 and d["wounds_dealt_per_turn"]["mean"] < 0.1'
run goldfish --help
check "goldfish --help lists the dummy squad" 0 'out:--opponent DECK|dummy' 'out:01-001 Кочевник' 'out:01-013'

# ---- The starter squads as ready squads (--squad) ----
for gf_squad in "$GF_HELMIR" "$GF_RAER"; do
    run --seed 5 goldfish "$gf_squad" --squad --opponent dummy --games 20 --agent random --json
    check "goldfish $(basename "$gf_squad") --squad against dummy: ready squad, every game played" 0 \
        'json:d["squad"] is True and d["games"] == 20 and d["won"] + d["lost"] + d["draws"] == 20' \
        'json:d["won"] > 0 and d["own_losses"]["mean"] > 0'
done
run --seed 5 goldfish "$GF_HELMIR" --squad --games 2 --agent random --replay-game 1 --log "$T/gf-squad.log" --csv
gf_hash_squad=$(tail -1 "$OUT" | cut -d, -f7)
run replay "$T/gf-squad.log" --json
check "goldfish --squad --replay-game: the log replays (\"squad\":true) to its hash" 0 \
    "json:d[\"hash\"] == \"$gf_hash_squad\""
# 211.9: games where a seated symbiote acts (06-elfy's Ящерка) replay too: records name it "c3s"
GF_ELFY="$ROOT/tests/fixtures/decks/tournament/06-elfy.txt"
run --seed 7 goldfish "$GF_ELFY" --games 6 --agent random --csv
cp "$OUT" "$T/elfy.csv"
for k in 0 1 2 3 4 5; do
    elfy_hash=$(awk -F, -v k="$k" 'NR == k + 2 {print $7}' "$T/elfy.csv")
    run --seed 7 goldfish "$GF_ELFY" --games 6 --agent random --replay-game "$k" --log "$T/elfy$k.log"
    run replay "$T/elfy$k.log" --json
    check "goldfish 06-elfy game $k (symbiotes): the log replays to the csv's hash" 0 \
        "json:d[\"hash\"] == \"$elfy_hash\""
done
head -1 "$T/gf-squad.log" >"$OUT"
check "goldfish --squad game log header: \"squad\":true for both ready squads" 0 \
    'json:[p.get("squad") for p in d["players"]] == [True, True]'

# ---- Ctrl-C: the partial result, "interrupted":true, exit 130 ----
signal_run INT --seed 5 goldfish "$GF_DECK" --games 100000000 --agent random --threads 2 --json
check "goldfish interrupted by SIGINT: the games so far, \"interrupted\":true, exit 130" 130 \
    'json:d["interrupted"] is True and 0 < d["games"] < 100000000' \
    'json:d["totals"]["games"] == d["games"] == d["won"] + d["lost"] + d["draws"]'

# ---- SIGINT and SIGTERM stop any run promptly, a search of the largest budget included (issue 20) ----
for gf_signal in TERM INT; do
    gf_code=$([[ $gf_signal == TERM ]] && echo 143 || echo 130)
    signal_run "$gf_signal" --seed 5 goldfish "$GF_DECK" --games 1000 --agent search --budget 100000000 \
        --threads 2 --json
    check "goldfish --agent search --budget 100000000, SIG$gf_signal: stops within 10 s (took ${SIGNAL_SECONDS}s), the partial JSON, exit $gf_code" \
        "$gf_code" 'json:d["interrupted"] is True and d["games"] == d["totals"]["games"] < 1000' \
        'json:d["won"] + d["lost"] + d["draws"] == d["games"]'
    ((SIGNAL_SECONDS <= 10)) || report "goldfish SIG$gf_signal: prompt exit" "took $SIGNAL_SECONDS s"
done
signal_run TERM --seed 5 sim games "$GF_DECK" "$GF_DECK" --games 1000 --agent1 search --agent2 search \
    --budget 100000000 --threads 2 --json
check "sim games --agent1 search --budget 100000000, SIGTERM: stops within 10 s (took ${SIGNAL_SECONDS}s), \"interrupted\":true, exit 143" \
    143 'json:d["interrupted"] is True and d["games"] == d["totals"]["games"] == sum(d["wins"]) + d["draws"] < 1000'
((SIGNAL_SECONDS <= 10)) || report "sim games SIGTERM: prompt exit" "took $SIGNAL_SECONDS s"
signal_run INT --seed 5 sim matrix "$GF_DECK" "$ROOT/tests/fixtures/decks/tournament/04-farro.txt" \
    "$ROOT/tests/fixtures/decks/tournament/13-inkarnatsiya.txt" "$ROOT/tests/fixtures/decks/tournament/06-elfy.txt" \
    --games 1000000 --agent random --threads 2 --json
check "sim matrix interrupted: the pairs are interleaved, so the partial matrix covers every pair (issue 20)" 130 \
    'json:d["interrupted"] is True and all(p["games"] > 0 for p in d["totals"]["pairs"]) and len(d["totals"]["pairs"]) == 6' \
    'json:max(p["games"] for p in d["totals"]["pairs"]) - min(p["games"] for p in d["totals"]["pairs"]) <= 64'
# A second signal exits at once (INT then TERM: two different signals are both delivered).
signal_run "INT TERM" --seed 5 goldfish "$GF_DECK" --games 100000000 --agent random --threads 2 --json
[[ $RC == 143 ]] && RC=130 # 128 + whichever of the two the kernel delivered second
check "goldfish, SIGINT then SIGTERM at once: the second signal exits at once (130 or 143), no partial JSON" 130 \
    'err:berserk: stopped at once (a second signal)' out=
signal_run TERM --seed 5 sim deals "$GF_DECK" --trials 100000000 --threads 2 --json
check "sim deals, SIGTERM: the partial result, \"interrupted\":true, exit 143 (as SIGINT's 130)" 143 \
    'json:d["interrupted"] is True and 0 < d["trials"] == d["totals"]["trials"] < 100000000'

# ---- One --budget range in every command and its --help (issue 20) ----
for gf_command in "goldfish $GF_DECK" "sim games $GF_DECK $GF_DECK" "sim matrix $GF_DECK $GF_DECK" \
    "play $GF_DECK $GF_DECK"; do
    run --seed 1 $gf_command --budget 100000001
    check "${gf_command%% /*} --budget 100000001: refused with the one range 0..100000000" 2 \
        'err:--budget must be an integer 0..100000000, not "100000001"' out=
    "$BIN" ${gf_command%% /*} --help >"$OUT" 2>"$ERR"
    RC=$?
    check "${gf_command%% /*} --help: --budget N with the one range" 0 'out:--budget N' 'out:0..100000000' \
        '!out:rollouts per decision'
done

# ---- The progress bar: games per second, on a terminal only ----
tty_run -- --seed 1 goldfish "$GF_DECK" --games 400 --agent random --threads 1
if grep -q '^SKIP' "$OUT"; then
    PASSED=$((PASSED + 1))
    echo "ok - goldfish progress bar on a terminal # SKIP $(head -1 "$OUT")"
else
    check "goldfish on a terminal: the shared progress bar with games per second and the time left, then the report" 0 \
        'out~goldfish \[[#.]+\] [0-9]+/400 games [0-9]+/s, ([0-9]+h)?([0-9]+m)?[0-9]+s? left' 'out:turns to win'
fi

# ---- Bad input: exit 2 with the reason ----
run --seed 1 goldfish "$GF_DECK" --agent smart
check "goldfish --agent smart: unknown, the known agents listed" 2 \
    'err:--agent: unknown agent "smart" (known: passive, random' out=
run --seed 1 goldfish "$GF_DECK" --squad --games 2 --agent random
check "goldfish --squad with a 30-card deck: a squad holds at most 15 cards" 2 \
    'err:a ready squad (--squad) holds 1..15 cards, this one 30 (403.2.3)' out=
run --seed 1 goldfish "$GF_HELMIR" --games 2 --agent random
check "goldfish with a 10-card squad file and no --squad: fewer than the deal" 2 \
    'err:10 cards, fewer than the deal of 15 (402.3); a ready squad needs --squad' out=
run --seed 1 goldfish "$GF_DECK" --opponent "$T/no-such-deck.txt" --agent random
check "goldfish --opponent with a missing file: exit 2" 2 'err:no-such-deck.txt' out=
run --seed 1 goldfish "$GF_DECK" --replay-game 3 --agent random
check "goldfish --replay-game without --log: exit 2" 2 'err:--replay-game 3 needs --log FILE' out=
run --seed 1 goldfish "$GF_DECK" --log "$T/x.log" --agent random
check "goldfish --log without --replay-game: exit 2" 2 'err:--log FILE needs --replay-game K' out=
run --seed 1 goldfish "$GF_DECK" --games 10 --replay-game 10 --log "$T/x.log" --agent random
check "goldfish --replay-game past the last game: exit 2" 2 'err:--replay-game 10: the games are numbered 0..9' out=
run goldfish "$GF_DECK" --shard 1/2 --agent random
check "goldfish --shard without --seed: exit 2" 2 'err:--shard 1/2 needs --seed S' out=
run --seed 1 goldfish "$GF_DECK" --csv --json --agent random
check "goldfish --csv --json: one output" 2 'err:--csv and --json are two outputs' out=
run --seed 1 goldfish "$GF_DECK" --player 3
check "goldfish --player 3: exit 2" 2 'err:--player must be an integer 1..2, not "3"' out=
run --seed 1 goldfish "$GF_DECK" --games 0
check "goldfish --games 0: exit 2" 2 'err:--games must be an integer 1..100000000, not "0"' out=
run goldfish
check "goldfish without DECK: usage, exit 2" 2 'err:goldfish: DECK is missing (usage: berserk goldfish DECK' out=

# ---- The help lists exactly what goldfish takes ----
gf_problems=()
gf_listed=0
while read -r gf_option; do
    gf_listed=$((gf_listed + 1))
    run goldfish "$gf_option" x
    grep -q -e 'unknown option' -e "$gf_option takes no value" "$ERR" && gf_problems+=("$gf_option: $(head -c 200 "$ERR")")
done < <("$BIN" goldfish --help | sed -n '/^options:/,/^$/p' | grep -E '^  --' | sed -E 's/^  (--[^ ]+).*/\1/')
[[ $gf_listed -ge 11 ]] || gf_problems+=("only $gf_listed options listed")
report "goldfish --help: every option it lists (11) is accepted" "${gf_problems[@]}"
