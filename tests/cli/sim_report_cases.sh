# tests/cli/sim_report_cases.sh — what the batches say of their decks (issue 20 §3): a deck not legal
# in the format is warned about in one line naming the file, the line and the rule, and the run goes
# on (goldfish, sim deals, sim games, sim matrix, play, and the sim page); what does not run as
# printed, per deck, warned about once; statistics over zero games are null. Sourced by run.sh.

SR_ILLEGAL="$FIX/sim/four-copies.txt"
SR_KOVEN="$ROOT/tests/fixtures/decks/tournament/09-koven.txt"
SR_FARRO="$ROOT/tests/fixtures/decks/tournament/04-farro.txt"
SR_WARNING="berserk: warning: $SR_ILLEGAL is not legal in constructed: line 4: 4 copies of Чернокнижник; at most 3 allowed (constructed.copies); the run goes on"

# ---- An illegal deck: one line, the run goes on ----
run --seed 1 goldfish "$SR_ILLEGAL" --games 4 --agent random --json
check "goldfish with an illegal deck: one warning line (file, line, rule), the run goes on, \"legality\" says it" 0 \
    "err:$SR_WARNING" 'json:d["games"] == 4 and d["legality"].startswith("line 4: 4 copies of Чернокнижник")'
[[ $(grep -c 'is not legal' "$ERR") == 1 ]] && report "goldfish: the illegal deck warned about once" ||
    report "goldfish: the illegal deck warned about once" "$(cat "$ERR")"
run --seed 1 sim deals "$SR_ILLEGAL" --trials 50 --json
check "sim deals with an illegal deck: the warning, the run goes on, \"legality\"" 0 "err:$SR_WARNING" \
    'json:d["trials"] == 50 and d["legality"].endswith("(constructed.copies)")'
run --seed 1 sim games "$SR_ILLEGAL" "$SR_KOVEN" --games 2 --agent1 random --agent2 random --json
check "sim games with an illegal deck: the warning, \"legality\" per deck" 0 "err:$SR_WARNING" \
    'json:d["legality"][0].startswith("line 4:") and d["legality"][1] is None and d["games"] == 2'
cp "$OUT" "$T/sr_illegal_games.json"
run --seed 1 sim matrix "$SR_ILLEGAL" "$SR_KOVEN" "$SR_ILLEGAL" --games 2 --agent random --json
check "sim matrix: an illegal deck given twice is warned about once (both warnings)" 0 "err:$SR_WARNING" \
    'json:d["legality"][0] == d["legality"][2] and d["legality"][1] is None'
[[ $(grep -c 'is not legal' "$ERR") == 1 && $(grep -c 'card names' "$ERR") == 2 ]] &&
    report "sim matrix: one warning per deck, however many pairs" ||
    report "sim matrix: one warning per deck, however many pairs" "$(cat "$ERR")"
printf 'quit\n' | XDG_STATE_HOME="$T/state" "$BIN" --seed 5 play "$SR_ILLEGAL" "$SR_KOVEN" --agent1 greedy \
    --agent2 greedy >"$OUT" 2>"$ERR"
RC=$?
check "play with an illegal deck: the one-line warning at start, the game goes on" 0 "err:$SR_WARNING" 'out:game log'
run export html sim "$T/sr_illegal_games.json" -o "$T/sr_pages"
check "export html sim of a run with an illegal deck: exit 0" 0
if grep -q 'is not legal in the format' "$T/sr_pages/sr_illegal_games.html" &&
    grep -q '4 copies of Чернокнижник' "$T/sr_pages/sr_illegal_games.html"; then
    report "the sim page warns about the illegal deck, naming the problem"
else
    report "the sim page warns about the illegal deck, naming the problem" "no warning in the page"
fi
if grep -Eq '[0-9]+ of its 15 card names do not run as printed \(they play with their printed numbers' "$T/sr_pages/sr_illegal_games.html"; then
    report "the sim page says, per deck, which cards do not run as printed"
else
    report "the sim page says, per deck, which cards do not run as printed" "not in the page"
fi

run -q --seed 1 sim games "$SR_ILLEGAL" "$SR_KOVEN" --games 2 --agent1 random --agent2 random --json
check "sim games -q: the illegal deck still warned about; what does not run as printed only in the JSON" 0 \
    "err:$SR_WARNING" '!err:card names' 'json:0 < len(d["decks_run"][0]["not_as_printed"]) < 15'

# ---- Legal decks: no legality warning ----
run --seed 1 sim games "$SR_KOVEN" "$SR_FARRO" --games 2 --agent1 random --agent2 random
check "sim games with legal decks: no legality warning; the text says what does not run as printed" 0 \
    '!err:is not legal' 'out:not as printed'

# ---- Zero games: null statistics, never a mean of 0 ----
run --seed 11 sim games "$SR_KOVEN" "$SR_FARRO" --games 2 --agent1 random --agent2 random --shard 3/4 --json
check "sim games, a shard with no game: turns and rates are null" 0 \
    'json:d["games"] == 0 and d["turns"] is None and d["win_rate"] == [None, None] and d["first_player_win_rate"] is None'
run --seed 11 sim games "$SR_KOVEN" "$SR_FARRO" --games 2 --agent1 random --agent2 random --shard 3/4
check "sim games (text), no game: \"no games\", no mean" 0 'out~game length \(turns\) +no games'
run --seed 11 sim deals "$SR_KOVEN" --trials 2 --shard 3/5 --json
check "sim deals, a shard with no trial: every statistic null" 0 \
    'json:d["trials"] == 0 and d["spent"] is None and d["redeals"] is None' \
    'json:d["losses"] is None and d["no_legal_squad"] is None and all(c["in_deal"] is None for c in d["cards"])'
cp "$OUT" "$T/sr_empty_deals.json"
run export html sim "$T/sr_empty_deals.json" -o "$T/sr_pages"
check "export html sim of a sim deals output over zero trials: drawn (exit 0)" 0
run --seed 11 goldfish "$SR_KOVEN" --games 2 --agent random --shard 3/4 --json
check "goldfish, a shard with no game: STATs and rates null" 0 \
    'json:d["games"] == 0 and d["turns_to_win"] is None and d["own_losses"] is None and d["won_by_turn"]["3"] is None'
cp "$OUT" "$T/sr_empty_goldfish.json"
run export html sim "$T/sr_empty_goldfish.json" -o "$T/sr_pages"
check "export html sim of a goldfish output with null statistics: drawn (exit 0)" 0
