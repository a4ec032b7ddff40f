# tests/cli/play_cases.sh — `berserk play` with commands from a pipe (issue 13; the terminal itself
# is tested through tmux in tests/tty/play.sh): usage errors, a game against greedy, legal and a
# numbered choice, invalid commands that change nothing, undo (agents replay the same way), cancel,
# auto, save and --load (a continued game equals the uninterrupted one), the autosaved log in
# $XDG_STATE_HOME, hot-seat play and agent-against-agent games. Sourced by run.sh.

PL_ELFY="$ROOT/tests/fixtures/decks/tournament/06-elfy.txt"
PL_KOVEN="$ROOT/tests/fixtures/decks/tournament/09-koven.txt"
export XDG_STATE_HOME="$T/state"

# play_run INPUT ARGS...: `run` with INPUT (a string, lines) on stdin.
play_run() {
    local input=$1
    shift
    printf '%s' "$input" | "$BIN" "$@" >"$OUT" 2>"$ERR"
    RC=$?
}
# ones N: N lines "1" (the first legal action each time).
ones() { local i; for ((i = 0; i < $1; i++)); do echo 1; done; }
# play_hash FILE: the state hash of a saved log, by replay.
play_hash() { "$BIN" replay "$1" --json | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["hash"])'; }

# ---- Usage ----
run play
check "play: DECK1 is missing (usage)" 2 'err:play: DECK1 is missing' 'err:usage: berserk play DECK1 DECK2'
run play "$PL_ELFY" --load x.log
check "play: decks and --load together" 2 'err:--load continues a saved game; no decks with it'
run play "$PL_ELFY" "$PL_KOVEN" --first 3
check "play --first 3: 1..2" 2 'err:--first must be an integer 1..2, not "3"'
run play "$PL_ELFY" "$PL_KOVEN" --agent2 wizard
check "play --agent2 wizard: unknown agent" 2 'err:unknown agent "wizard"'
run play "$ROOT/tests/fixtures/decks/starter-squad-druzhina-helmira.txt" "$PL_KOVEN"
check "play: a 10-card file is no deck without --squad (402.3)" 2 'err:fewer than the deal of 15 (402.3)'
run play --load "$T/none.log"
check "play --load: a missing log" 2 'err:none.log'

# ---- Agents only: the game runs to its result, the log is kept and replays ----
play_run "" --seed 3 play "$PL_ELFY" "$PL_KOVEN" --agent1 greedy --agent2 greedy
pl_log=$(ls "$T/state/berserk/games/"*-seed-3.log 2>/dev/null | head -1)
check "play greedy against greedy: to the result, the log kept in \$XDG_STATE_HOME/berserk/games" 0 \
    'out:game over: ' "out:game log: $T/state/berserk/games/" 'out~seed-3\.log' \
    'out~game log: [^ ]+-seed-3\.log \(berserk replay [^ ]+ --step shows it\)' '!out:saved: berserk play --load'
run replay "$pl_log"
check "play: the kept log of a finished game replays" 0 'out:hash: ' 'out~result: (player [12] wins|a draw)'

# ---- Against greedy: the deal, recruitment, placement, turns ----
pl_start=$'keep\nlegal\n'
play_run "${pl_start}quit"$'\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: the deal asked, legal numbers the actions" 0 'out:your deal (402.4): keep or redeal' \
    'out:player 1> keep' 'out:recruit (403.2): take NAME [GOLD SILVER], cancel, done, or auto' \
    'out~  1  take [^ ]' 'out:saved: berserk play --load '
play_run $'keep\nfrobnicate\nattack z9 c4\ntake Нет Такой Карты\n2\nlegal\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: an invalid command gets one line and changes nothing" 0 \
    'out:unknown command "frobnicate" (help lists the commands, legal the legal actions)' \
    'out:usage: attack FROM TO (places: attack c3 c4)' 'out:not legal now: ' 'out:[403.2.1]' 'out:1 takes '
play_run $'undo\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: undo at the first decision says so" 0 'out:nothing to undo: this is the game'"'"'s first decision'
play_run $'keep\ncancel\n1\ncancel\nlegal\nauto\nend\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: cancel takes back the last take; auto recruits (403) then places (404); auto later is refused" 0 \
    'out:nothing to cancel: no card taken in this recruitment' 'out:cancelled the last take' \
    'out:place your squad (404.1): place NAME CELL, or auto'
play_run $'keep\nauto\nauto\nauto\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: auto outside recruitment, placement and seating is refused" 0 \
    'out:auto recruits the best squad (403), places it (404) or seats its symbiotes (405.2); not now'
play_run $'keep\nauto\nauto\nhelp\nshow a1\nshow zz\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: help lists the commands; show of an empty place" 0 'out:move FROM TO' 'out:undo ' 'out:save FILE' \
    'out:no card at zz' 'out:use yes|no' 'out:mode N ' 'out:choose X '
# A feature's answers (issue 21) are commands like any other: read, and refused when nothing asks them.
play_run $'keep\nauto\nauto\nuse no\nmode 2\nchoose c3\nmode x\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: use, mode and choose are commands; refused when no feature asks (116.7, 505.5, 502.1)" 0 \
    'out:not legal now: use: no card feature asks player 1 this now [116.7]' \
    'out:not legal now: mode: no card feature asks player 1 this now [505.5]' \
    'out:not legal now: choose: no card feature asks player 1 this now [502.1]' \
    'out:usage: mode N (the N-th option, 1-based)'

# Dash (glossary «Рывок», issue 21) asks through the generic question: after Таликс's attack its
# player answers `use` (yes, no), then `choose` among the free cells beside it (not diagonally); a
# cell not offered is refused naming the rule; the log replays to the same state.
printf '1 Таликс\n' >"$T/dash-1.txt"
printf '1 Кочевник\n' >"$T/dash-2.txt"
play_run $'place Таликс b3\nattack b3 a4\nlegal\nuse yes\nchoose a2\nchoose c3\nsave '"$T/dash.log"$'\nquit\n' \
    --seed 1 play "$T/dash-1.txt" "$T/dash-2.txt" --squad --first 1 --agent2 passive
check "play: dash asks use, then the cell; a diagonal cell is refused (glossary «Рывок»)" 0 \
    'out:[use yes | use no]' 'out:  1  use yes' 'out:  2  use no' 'out:[choose b2 | choose a3 | choose c3 |' \
    'out:choose a2: not an option the feature allows [glossary «Рывок»]' 'out:1 choose c3'
run replay "$T/dash.log" --json
check "play: the dash's use and choose answers replay from the log" 0 \
    "json:[e for e in d['events'] if 'use' in e or 'choose' in e] == [{'player': 1, 'use': True}, {'player': 1, 'choose': 'c3'}]"

# The werewolf's form (an extension, issue 21: reminder text 06-060) is asked through the generic
# question before its controller's turn: the board's header and `show` name the werewolf, `legal`
# lists mode 1 and mode 2, mode 3 is refused naming the extension; `end` runs to the next turn of
# player 1, whose form ended with player 2's turn, so it is asked again; the log replays the answer.
printf '1 Вукула\n' >"$T/form-1.txt"
printf '1 Кочевник\n' >"$T/form-2.txt"
play_run $'place Вукула b3\nshow b3\nlegal\nmode 3\nmode 2\nshow b3\nend\nsave '"$T/form.log"$'\nquit\n' \
    --seed 1 play "$T/form-1.txt" "$T/form-2.txt" --squad --first 1 --agent2 passive
check "play: a werewolf's form is asked before its turn, mode 1 wolf or 2 human (extension)" 0 \
    'out:(form of b3 Вукула: wolf or human?)' 'out:state      battlefield, choosing its form (mode 1 wolf, mode 2 human)' \
    'out:  1  mode 1' 'out:  2  mode 2' \
    'out:mode 3: a form is mode 1 (wolf) or 2 (human) [werewolf forms (extension; 06-060)]' \
    'out:state      battlefield, human form' 'out:werewolf form of b3 Вукула until the end of the opponent'"'"'s turn'
run replay "$T/form.log" --json
check "play: the form's answer replays from the log; the form of turn 1 ended, turn 3 asks again" 0 \
    "json:[e for e in d['events'] if 'mode' in e] == [{'player': 1, 'mode': 2}]" 'json:d["turns"] == 3'

# An unknown command is quoted whole, cut (if ever) on a character boundary, the message kept whole.
pl_long="frob$(printf 'я%.0s' {1..150})"
play_run "keep"$'\n'"$pl_long"$'\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: a long unknown command (300 bytes of Cyrillic) is quoted whole, the message not cut" 0 \
    "out:unknown command \"$pl_long\" (help lists the commands, legal the legal actions)"
iconv -f UTF-8 -t UTF-8 "$OUT" >/dev/null 2>&1 && report "play: the session's output is valid UTF-8 (no letter cut)" ||
    report "play: the session's output is valid UTF-8 (no letter cut)" "iconv refuses $OUT"
play_run "keep"$'\n'"$(printf 'x%.0s' {1..400})"$'\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: a line over the command limit says the limit" 0 'out:the command is too long (at most 383 bytes and 24 words)'

# A refused placement says why, with its rule (404.1.1, 404.1.2 for the first player, 404.1.3 for the second).
play_run $'keep\nauto\nplace Нет Такой a1\nplace Эйдерик a1\nplace Эйдерик a5\nplace Эйдерик c2\nplace Безголовый c2\nquit\n' \
    --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: a refused placement of the first player says why, with its rule" 0 \
    'out:not legal now: place Нет Такой: no card of that name is left in your squad to place [404.1.1]' \
    'out:not legal now: place Эйдерик a1: a1 is not open yet: a lower tier still has a free cell (fill b1 c1 d1 b2 c2 d2 b3 c3 d3 first) [404.1.2]' \
    "out:not legal now: place Эйдерик a5: a5 is not on the player's half [404.1.1]" \
    'out:not legal now: place Безголовый c2: c2 is occupied [404.1.1]' '!out:[401]'
play_run $'keep\nkeep\nauto\nauto\nauto\nplace Шаман-душегрыз e6\nquit\n' --seed 1 play "$PL_ELFY" "$PL_KOVEN" --first 1 \
    --agent2 human
check "play: a refused placement of the second player names 404.1.3 and the cells to fill first" 0 \
    'out:not legal now: place Шаман-душегрыз e6: e6 is not open yet: a lower tier still has a free cell (fill a4 b4 c4 d4 e4 b5 c5 d5 b6 c6 d6 first) [404.1.3]'

# auto also seats the symbiotes (405.2): two Ящерка of the squad go onto hosts.
play_run $'keep\nauto\nauto\nauto\nlegal\nquit\n' --seed 1 play "$PL_ELFY" "$PL_KOVEN" --first 1
check "play: auto seats the symbiotes (405.2) as one decision" 0 \
    'out:seat a symbiote (405.2): host SYMBIOTE HOST, or auto' 'out:1 seats c2 on b1' 'out:1 seats b3 on c1' \
    '!out:auto recruits the best squad (403), places it (404) or seats its symbiotes (405.2); not now'
play_run $'keep\nauto\nauto\nhost c2 a6\nhost b3 b1\nquit\n' --seed 1 play "$PL_ELFY" "$PL_KOVEN" --first 1
check "play: a refused seating names the symbiote asked about or the legal hosts, with the rule" 0 \
    'out:not legal now: host c2 a6: a6 is no legal host for Ящерка; legal: b1 c1 d1 d2 c3 [405.2.1]' \
    'out:not legal now: host b3 b1: the symbiote to seat now is Ящерка on c2 [405.2]'
play_run $'keep\nauto\nauto\nauto\nundo\nlegal\nquit\n' --seed 1 play "$PL_ELFY" "$PL_KOVEN" --first 1
check "play: undo after auto seating goes back to the seating question" 0 'out:undone: back before your last decision' \
    'out:  1  host c2 b1'

# Ctrl-C without a terminal leaves the game saying where its log is (exit 130); the prompt itself is in tests/tty.
mkfifo "$T/play.fifo"
"$BIN" --seed 5 play "$PL_ELFY" "$PL_KOVEN" <"$T/play.fifo" >"$OUT" 2>"$ERR" &
pl_pid=$!
exec 7>"$T/play.fifo"
printf 'keep\n' >&7
for ((i = 0; i < 100; i++)); do grep -q 'player 1> keep' "$OUT" && break; sleep 0.05; done
sleep 0.2
kill -INT "$pl_pid"
wait "$pl_pid"
RC=$?
exec 7>&-
check "play: Ctrl-C leaves the game, saying where its log is (exit 130)" 130 'out:saved: berserk play --load ' \
    "out:$T/state/berserk/games/" 'out:--step shows it'

# Ctrl-C while a search agent decides with an enormous budget: the search stops at once (its stop
# flag), the game is left (exit 130) and the log named (issue 20: any run stops promptly).
"$BIN" --seed 5 play "$PL_ELFY" "$PL_KOVEN" --agent1 search --agent2 search \
    --budget 100000000 </dev/null >"$OUT" 2>"$ERR" &
pl_pid=$!
for ((i = 0; i < 200; i++)); do grep -q 'SigCgt:.*[1-9a-f]' "/proc/$pl_pid/status" 2>/dev/null && break; sleep 0.05; done
sleep 1
kill -INT "$pl_pid"
for ((i = 0; i < 1200; i++)); do kill -0 "$pl_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pl_pid" 2>/dev/null; then
    kill -KILL "$pl_pid"
    wait "$pl_pid"
    RC=999
else
    wait "$pl_pid"
    RC=$?
fi
check "play: Ctrl-C during a search agent's decision (--budget 100000000) leaves at once (exit 130), naming the log" \
    130 'out:--step shows it'

# A save that cannot be written says so in the one wording of a failed write; the game goes on.
play_run $'keep\nsave /dev/null/game.log\nlegal\nquit\n' --seed 5 play "$PL_ELFY" "$PL_KOVEN"
check "play: save FILE that cannot be written: \"FILE: cannot write: REASON\", the game goes on" 0 \
    'err:berserk: /dev/null/game.log: cannot write: Not a directory' '!out:saved /dev/null' 'out:  1  take '

# No directory for the logs: said at the start, and again on leaving (nothing kept there).
XDG_STATE_HOME=/dev/null "$BIN" --seed 5 play "$PL_ELFY" "$PL_KOVEN" <<<'quit' >"$OUT" 2>"$ERR"
RC=$?
check "play: no directory for game logs: said at the start and on leaving" 0 \
    'err:/dev/null/berserk/games: cannot make the directory for game logs; use save FILE' \
    'out:no game log was kept (see the message above)' '!out:saved: '

# ---- A whole game against greedy, then undo at the end ----
pl_game=$'keep\nauto\nauto\n'$(ones 150)
# seed 1: a game of 50 tables or more before its result (the seed moves with the engine's play: 5 until session 15)
play_run "$pl_game"$'\nsave '"$T/whole.log"$'\n1\nundo\nquit\n' --seed 1 play "$PL_ELFY" "$PL_KOVEN"
check "play: a whole game against greedy to its result; actions after it are refused; undo goes back" 0 \
    'out:game over: ' 'out:the game is over: undo, save FILE, show PLACE or quit' \
    "out:saved $T/whole.log" 'out:undone: back before your last decision'
# Every table of the game (from its header to the prompt) fits 80x24 in a pipe: wrapped header and
# status lines included, names cut within their cells.
if pl_frames=$("$PY" - "$OUT" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
frames, problems, start = 0, [], None
for i, line in enumerate(lines):
    if re.match(r"(preliminary  |turn \d+  |game over: )", line):
        start = i
    elif re.match(r"(player [12]|game over)> ", line) and start is not None:
        frames += 1
        frame = lines[start:i + 1]
        if len(frame) > 24:
            problems.append("frame %d: %d lines" % (frames, len(frame)))
        problems += ["frame %d: %d columns: %s" % (frames, len(l), l) for l in frame[:-1]
                     if len(l) > 80 and not l.startswith("game log: ")]  # a path is as long as it is
        start = None
print("%d frames" % frames)
print("\n".join(problems[:5]))
sys.exit(1 if problems or frames < 50 else 0)
PY
); then
    report "play: every table of a whole game fits 80x24 in a pipe ($(head -1 <<<"$pl_frames"))"
else
    report "play: every table of a whole game fits 80x24 in a pipe" "$pl_frames"
fi
pl_whole=$(play_hash "$T/whole.log")

# Undo k decisions and make them again: the same game (greedy's stream comes back with the state).
pl_redo=$'keep\nauto\nauto\n'$(ones 8)$'\nundo\nundo\nundo\n'$(ones 142)
play_run "$pl_redo"$'\nsave '"$T/redo.log"$'\nquit\n' --seed 1 play "$PL_ELFY" "$PL_KOVEN"
check "play: undo three decisions and make them again: the same final hash" 0 'out:game over: '
[[ $(play_hash "$T/redo.log") == "$pl_whole" && -n $pl_whole ]] && report "play: undo then redo, same hash as the game without undo" ||
    report "play: undo then redo, same hash as the game without undo" "hash $(play_hash "$T/redo.log") vs $pl_whole"

# ---- Save and --load: a hot-seat game saved midway and continued equals the uninterrupted one ----
pl_hot=$(ones 400)
play_run "$pl_hot"$'\nsave '"$T/hot.log"$'\nquit\n' --seed 11 play "$PL_ELFY" "$PL_KOVEN" --agent2 human
check "play --agent2 human: hot-seat to the result" 0 'out:player 2> ' 'out:game over: '
pl_hot_hash=$(play_hash "$T/hot.log")
play_run "$(ones 60)"$'\nsave '"$T/half.log"$'\nquit\n' \
    --seed 11 play "$PL_ELFY" "$PL_KOVEN" --agent2 human
run replay "$T/half.log"
check "play: a game saved midway replays (result null: the game goes on)" 0 'out:result: the game goes on'
play_run "$(ones 340)"$'\nsave '"$T/rest.log"$'\nquit\n' play --load "$T/half.log"
check "play --load: continues the saved game with its decks and players" 0 'out:player 2> ' 'out:game over: '
[[ $(play_hash "$T/rest.log") == "$pl_hot_hash" && -n $pl_hot_hash ]] &&
    report "play --load: the continued game ends as the uninterrupted one (same hash)" ||
    report "play --load: the continued game ends as the uninterrupted one (same hash)" \
        "hash $(play_hash "$T/rest.log") vs $pl_hot_hash"
play_run $'undo\nundo\nquit\n' play --load "$T/half.log"
check "play --load: undo reaches back before the load" 0 'out:undone: back before your last decision' \
    '!out:nothing to undo'
"$BIN" position "$ROOT/examples/step-down.json" --log "$T/position.log" >/dev/null 2>&1
play_run $'quit\n' play --load "$T/position.log"
check "play --load: a position's log is refused" 2 "err:a position's log cannot be continued; replay it"
head -3 "$T/half.log" >"$T/cut.log"
play_run $'quit\n' play --load "$T/cut.log"
check "play --load: a cut log is refused naming the line" 2 'err:cut.log' 'err:the log is cut'
unset XDG_STATE_HOME # the later cases (the README tour) use the default under $HOME
