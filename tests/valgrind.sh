#!/usr/bin/env bash
# tests/valgrind.sh — valgrind memcheck over representative commands of the real binary
# (plain build; BERSERK=build/berserk): catalogue info, import and export, card look-ups,
# deck check of a directory, stats and conversion, squad check and auto, game batches and a
# replay, sim deals on two threads, a piped play session and its --load, and error paths. Each must end with its usual exit code, no
# memcheck error and no definitely or indirectly lost bytes (libraries' still-reachable memory is
# not a leak).
# Prints `ok - NAME` / `not ok - NAME` with the memcheck report, then `N passed, M failed`.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BIN=${BERSERK:-$ROOT/build/berserk}
case $BIN in /*) ;; *) BIN="$PWD/$BIN" ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/berserk-valgrind.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
export BERSERK_DB="$T/catalog.db"
unset XDG_DATA_HOME
DECKS="$ROOT/tests/fixtures/decks"
DECK="$DECKS/tournament/06-elfy.txt"
SQUAD="$ROOT/tests/cli/fixtures/squad"
passed=0 failed=0

# memcheck NAME EXPECTED_EXIT ARGS...: runs berserk ARGS under memcheck.
memcheck() {
    local name=$1 expected=$2
    shift 2
    local log="$T/valgrind.log"
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect --log-file="$log" "$BIN" "$@" >"$T/stdout" 2>"$T/stderr" \
        <"${MEMCHECK_STDIN:-/dev/null}"
    local rc=$?
    if ((rc == expected)) && ! grep -q '^==[0-9]*== [^ ]' "$log"; then
        echo "ok - valgrind: $name"
        passed=$((passed + 1))
    else
        echo "not ok - valgrind: $name (exit $rc, expected $expected)"
        sed 's/^/    /' "$log" | head -n 60
        sed 's/^/    stderr: /' "$T/stderr" | head -n 5
        failed=$((failed + 1))
    fi
}

memcheck "catalog info (imports the bundled catalogue)" 0 catalog info
memcheck "catalog info --json" 0 --json catalog info
memcheck "cards show" 0 cards show Циклоп
memcheck "cards show --json, an id" 0 --json cards show 01-037
memcheck "cards search with filters" 0 cards search --element леса --cost 7..8 --elite --limit 5
memcheck "deck check on a directory" 0 deck check "$DECKS/tournament" --date 2026-11-21
memcheck "deck check, an illegal deck" 1 deck check "$DECKS/danmerus-berserk-lesa-gory-classic.txt" --date 2026-11-21
memcheck "deck check --json" 0 --json deck check "$DECK" --date 2026-11-21
memcheck "deck stats" 0 deck stats "$DECK"
memcheck "deck convert --to brsd" 0 deck convert "$DECK" --to brsd -o "$T/deck.brsd"
memcheck "deck convert --to json" 0 deck convert "$T/deck.brsd" --to json -o "$T/deck.json"
memcheck "squad check" 0 squad check "$SQUAD/raer.json"
memcheck "squad check --json, an illegal scenario" 1 --json squad check "$SQUAD/flyer_budget.json"
memcheck "squad auto" 0 squad auto "$DECK" --seed 2026 --player 2
memcheck "sim deals --threads 2" 0 sim deals "$DECK" --trials 200 --threads 2 --seed 1
memcheck "goldfish --threads 2" 0 --seed 1 goldfish "$DECK" --games 20 --agent random --threads 2
memcheck "goldfish --squad against dummy, --replay-game" 0 --seed 1 goldfish \
    "$DECKS/starter-squad-druzhina-helmira.txt" --squad --opponent dummy --games 4 --agent random \
    --replay-game 1 --log "$T/goldfish.log"
memcheck "replay of a goldfish game" 0 replay "$T/goldfish.log"
memcheck "sim games --json --threads 2" 0 --seed 1 --json sim games "$DECK" "$DECK" --games 20 --agent1 random \
    --agent2 random --threads 2
memcheck "sim matrix --shard 1/2" 0 --seed 1 --json sim matrix "$DECK" "$DECK" "$DECK" --games 4 --agent random \
    --shard 1/2
# berserk play with commands from a pipe: recruitment, a numbered choice, undo, save, a load
{ printf 'keep\nauto\nauto\nlegal\n1\nundo\n1\nshow a1\nsave %s\n' "$T/play.log"; for i in $(seq 40); do echo 1; done; } >"$T/play.in"
MEMCHECK_STDIN="$T/play.in" XDG_STATE_HOME="$T/state" memcheck "play against greedy (piped commands, undo, save)" 0 \
    --seed 5 play "$DECK" "$DECKS/tournament/09-koven.txt"
printf 'undo\n1\nquit\n' >"$T/load.in"
MEMCHECK_STDIN="$T/load.in" XDG_STATE_HOME="$T/state" memcheck "play --load" 0 play --load "$T/play.log"
memcheck "catalog export" 0 catalog export "$T/export"
memcheck "catalog import into an empty store" 0 --db "$T/imported.db" --empty catalog import "$T/export/index.json"
memcheck "error: unknown card" 1 cards show "Нет такой карты"
memcheck "error: missing decklist" 2 deck check "$T/no-such-deck.txt"
memcheck "error: scenario that is not JSON" 2 squad check "$SQUAD/bad_json.json"
memcheck "error: bad usage" 2 sim deals "$DECK" --trials lots

echo "$passed passed, $failed failed"
((failed == 0))
