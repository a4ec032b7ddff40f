# board_cases.sh — the table of `berserk play` (cli/play_board.c, issue 13) through `berserk replay LOG
# --step`, its viewer: a whole game's log made here by sim games; the grid, the recruitment panel, the
# events with their dice, hidden information in a player's view (v 1), `show PLACE`, the viewer's
# commands and errors, every line within 80 columns and every frame within 23 lines in a pipe, no escape
# without colour and escapes on a terminal. Sourced by run.sh.

BD_LOG="$T/board.log"
# seed 3: its game opens turn 1 on player 1's Choice (the wrapped header below; the seed moves with the engine's play)
run --seed 3 sim games "$ROOT/examples/06-elfy.txt" "$ROOT/examples/09-koven.txt" --games 2 --replay-game 0 \
    --log "$BD_LOG"
check "board: sim games writes the game log the viewer steps through" 0 'out:log written to'

# Facts of the log the assertions need: steps are its declarations and answers, numbered from 1.
eval "$("$PY" - "$BD_LOG" <<'PY'
import json, shlex, sys
def word_cut(name, room):
    """A name in room columns as the table cuts it: whole, or after its last whole word, with "…"."""
    if len(name) <= room:
        return name
    cut = max((i for i, c in enumerate(name) if c in " -" and 0 < i <= room - 1), default=0)
    return (name[:cut].rstrip(" ,-") if cut else name[:room - 1]) + "…"
lines = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")][1:-1]
step, facts = 0, {}
for i, r in enumerate(lines):
    if "roll" in r:
        if "BD_ROLL_STEP" not in facts and r.get("card"):
            facts["BD_ROLL_STEP"] = step
            facts["BD_ROLL"] = "%s:[%d]" % (r["card"], r["roll"])
        continue
    step += 1
    if "place" in r and r["player"] == 1 and "BD_PLACE_STEP" not in facts:
        facts["BD_PLACE_STEP"], facts["BD_PLACE_CELL"] = step, r["cell"]
        facts["BD_PLACE_NAME"], facts["BD_PLACE_SHORT"] = r["place"], word_cut(r["place"], 14)
    if "place" in r and r["player"] == 2 and "BD_PLACE2_STEP" not in facts:
        facts["BD_PLACE2_STEP"], facts["BD_PLACE2_CELL"], facts["BD_PLACE2_NAME"] = step, r["cell"], r["place"]
    if "take" in r and r["player"] == 2 and "BD_TAKE2_STEP" not in facts:
        facts["BD_TAKE2_STEP"], facts["BD_TAKE2_NAME"] = step, r["take"]
facts["BD_STEPS"] = step
for k, v in facts.items():
    print("%s=%s" % (k, shlex.quote(str(v))))
PY
)"

# frames FILE: every frame of a viewer's output (up to "-- final"; a frame ends with its status line)
# has at most 23 lines of at most 80 columns (escapes take none); with "noesc", no ESC byte at all.
cat >"$T/frames.py" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read().split("-- final")[0]
problems = []
if "noesc" in sys.argv[2:] and "\x1b" in text:
    problems.append("an escape byte with colour off")
frames, current = [], []
for line in text.split("\n")[:-1]:
    if not current and frames and line.startswith("  "): # a wrapped status line ends its frame
        frames[-1].append(line)
        continue
    current.append(line)
    if re.match(r"(step \d+/\d+, turn|error:|at the (first|last) step)", line):
        frames.append(current)
        current = []
for k, frame in enumerate(frames):
    if len(frame) > 23:
        problems.append("frame %d has %d lines" % (k, len(frame)))
    for line in frame:
        columns = len(re.sub(r"\x1b\[[0-9;]*m", "", line))
        if columns > 80:
            problems.append("frame %d: %d columns: %s" % (k, columns, line))
print("%d frames" % len(frames))
print("\n".join(problems[:5]))
sys.exit(1 if problems or not frames else 0)
PY
frames_fit() { # frames_fit NAME [noesc]
    local result
    if result=$("$PY" "$T/frames.py" "$OUT" "${@:2}" 2>&1); then report "$1"; else report "$1" "$result"; fi
}

# Every frame, forward to the end and one past it.
BD_ALL=$(for ((i = 0; i <= BD_STEPS; i++)); do printf 'n\n'; done; printf 'q\n')
run_input "$BD_ALL" replay "$BD_LOG" --step --no-color
check "board: every step of a whole game, then the final board as before" 0 "out:step $BD_STEPS/$BD_STEPS" \
    'out:at the last step' 'out:-- final' 'out:result: player' "out:actions: $BD_STEPS, turns:" err=
frames_fit "board: every frame of a whole game fits 80x24 in a pipe, no escape with --no-color" noesc

# Issue 20: every name in every grid cell and deal line of the whole game is whole or cut after a
# word with "…" (never inside a word at 14 columns); the header wraps instead of losing its end.
run_input "$BD_ALL" replay "$BD_LOG" --step --no-color
"$PY" - "$OUT" "$DATA" >"$T/names.txt" <<'PY'
import glob, json, os, re, sys
names = set()
for path in glob.glob(os.path.join(sys.argv[2], "sets", "*.json")):
    names.update(c["name"] for c in json.load(open(path, encoding="utf-8"))["cards"])
words = {n: re.split("[ -]", n) for n in names}
def whole_words_prefix(text):
    want = re.split("[ -]", text)
    return any(w[:len(want)] == want for w in words.values())
bad, cut, seen = [], 0, 0
text = open(sys.argv[1], encoding="utf-8").read().split("-- final")[0].split("\n")
grid_rows = set()
for i, line in enumerate(text):
    if re.match(r"  a {14}b {14}c", line): # the column labels end a grid: its rows are the 12 lines above
        grid_rows.update(k for k in range(max(0, i - 12), i) if re.match(r"[1-6] ", text[k]))
for i, line in enumerate(text):
    cells = []
    if i in grid_rows: # a grid row: 5 cells of 15 columns after "N "
        cells = [line[2 + 15 * k:2 + 15 * (k + 1)].strip() for k in range(5)]
    elif re.match(r" ?\d+[ *]", line): # deal lines: "12*Name ... 5g dar"
        cells = [m.group(1).strip() for m in re.finditer(r"\d+[ *](\S.*?)\s{2,}\s*\d+X?[gs] ", line)]
    for cell in cells:
        if cell in ("", ".", "(face down)", "?") or cell.startswith("?"):
            continue
        seen += 1
        if cell.endswith("…"):
            cut += 1
            if not whole_words_prefix(cell[:-1]):
                bad.append(cell)
        elif cell not in names and not re.match(r"\d+ ", cell):
            bad.append(cell)
print("%d names, %d cut at a word" % (seen, cut))
print("\n".join(sorted(set(bad))[:10]))
sys.exit(1 if bad or not cut else 0)
PY
if [[ $? == 0 ]]; then
    report "board: every name of a whole game is whole or cut after a word with … ($(head -1 "$T/names.txt"))"
else
    report "board: every name of a whole game is whole or cut after a word with …" "$(cat "$T/names.txt")"
fi
run_input $'t 1\nq\n' replay "$BD_LOG" --step --no-color
check "board: the header wraps at 80 columns instead of cutting the question" 0 \
    'out~turn 1  choice  active 1 06-elfy\.txt \(greedy\)  to act 1 06-elfy\.txt \(greedy\)'$'\n''  \(declare or end the turn\)'
frames_fit "board: the wrapped header's frame fits 80x24" noesc

# Frame 0: the deals of the 402.4 keep-or-redeal question, both in full (viewer 0), crystals of 402.1.
run_input $'q\n' replay "$BD_LOG" --step
check "board: frame 0 is before the first record: both deals, crystals, flyer budget" 0 \
    'out~preliminary  redeal  to act 1 [^'$'\n'']*\(keep or redeal\)' 'out:left 24 gold 22 silver  flyers 0/15' \
    'out:left 25 gold 23 silver  flyers 0/15' 'out: 1 ' 'out:15 ' 'out:* taken  g gold (elite)' \
    "out:step 0/$BD_STEPS, turn 0 - n next, b back" err=

# A frame after the first placement: the grid's rows 6..1, columns a..e, the card's short name.
run_input "g $BD_PLACE_STEP"$'\nq\n' replay "$BD_LOG" --step
check "board: the grid after a card is placed: row labels, columns, the short name, owner and life" 0 \
    'out~(^|'$'\n'')6 \.  ' 'out~'$'\n''1 ' 'out:  a              b              c              d              e' \
    "out:$BD_PLACE_SHORT" 'out~'$'\n''  +1 L[0-9]+ H' "out:1 places $BD_PLACE_NAME $BD_PLACE_CELL" \
    "out:step $BD_PLACE_STEP/$BD_STEPS, turn 0" 'out~(1/2 owner  L life|06-elfy)' err=
frames_fit "board: the placement frame fits 80x24" noesc

# The dice: the events after the first roll show it as a die.
run_input "g $BD_ROLL_STEP"$'\nq\n' replay "$BD_LOG" --step
check "board: a roll is shown as a die in the events ($BD_ROLL)" 0 "out:$BD_ROLL" \
    "out:step $BD_ROLL_STEP/$BD_STEPS, turn 1" 'out:turn 1  ' err=

# Hidden information in player 1's view: player 2's takes and face-down placements.
run_input "v 1"$'\n'"g $BD_TAKE2_STEP"$'\nq\n' replay "$BD_LOG" --step
check "board: v 1 masks player 2's deal and takes (counts only)" 0 'out:2 takes a card' \
    "!out:2 takes $BD_TAKE2_NAME" 'out:  deal 15 cards, 1 taken' 'out~1 [^'$'\n'']*recruited' err=
run_input "v 1"$'\n'"g $BD_PLACE2_STEP"$'\n'"s $BD_PLACE2_CELL"$'\nq\n' replay "$BD_LOG" --step
check "board: v 1 shows player 2's placed card face down, in the grid, the events and show" 0 \
    "out:2 places a card on $BD_PLACE2_CELL" "!out:2 places $BD_PLACE2_NAME" 'out:(face down)' 'out:  2 ?' \
    "out:$BD_PLACE2_CELL: a face-down card of player 2" err=
run_input "v 0"$'\n'"g $BD_PLACE2_STEP"$'\n'"s $BD_PLACE2_CELL"$'\nq\n' replay "$BD_LOG" --step
check "board: v 0 shows everything" 0 "out:2 places $BD_PLACE2_NAME $BD_PLACE2_CELL" \
    "out:$BD_PLACE2_CELL: $BD_PLACE2_NAME" err=

# The viewer's commands and their errors.
run_input $'b\nq\n' replay "$BD_LOG" --step
check "board: b at step 0 stays there" 0 "out:at the first step (step 0/$BD_STEPS)" "!out:step 1/" err=
run_input $'g 999\nq\n' replay "$BD_LOG" --step
check "board: g 999 is an error line, the same frame" 0 "out:error: g K needs a step 0..$BD_STEPS (step 0/$BD_STEPS)" err=
run_input $'frob 3\nq\n' replay "$BD_LOG" --step
check "board: an unknown command is an error line, the same frame" 0 \
    'out:error: unknown command "frob" (n, b, t N, g K, e, s PLACE, v N, q) (step 0/' err=
run_input $'t 99\nt 1\nq\n' replay "$BD_LOG" --step
check "board: t N goes to the first step of turn N; a turn the game never reached is an error" 0 \
    'out:error: t N needs a turn 0..' 'out~step [0-9]+/[0-9]+, turn 1 - ' 'out:turn 1  choice  active 1' err=
frames_fit "board: the frames of t and the errors fit 80x24" noesc
run_input "g $BD_PLACE_STEP"$'\n'"show $BD_PLACE_CELL"$'\ns zz\nq\n' replay "$BD_LOG" --step
check "board: show PLACE prints every fact of the card, keywords numbered; a bad place is an error" 0 \
    "out:$BD_PLACE_CELL: $BD_PLACE_NAME" 'out:  keywords' 'out:  life       ' 'out:    1 ' \
    'out:  state      battlefield, face down' 'out:error: no card at "zz"' err=
run_input $'e\nq\n' replay "$BD_LOG" --step
check "board: e goes to the end: the result in the header" 0 "out:step $BD_STEPS/$BD_STEPS" 'out~game over: [^'$'\n'']*wins' err=

# Colour: on a terminal (a pseudo-terminal of the size given) escapes and the clear; none with --no-color.
pty_input() { # pty_input COLUMNS ROWS INPUT ARGS...: output to $OUT, exit code to $RC
    local columns=$1 rows=$2 input=$3
    shift 3
    "$PY" "$T/terminal_run.py" "$BIN" "$columns" "$rows" "$input" -- "$@" >"$OUT" 2>"$ERR"
    RC=$?
}
pty_input 80 24 "g $BD_ROLL_STEP"$'\nq\n' replay "$BD_LOG" --step
if grep -q '^SKIP' "$OUT"; then
    PASSED=$((PASSED + 1))
    echo "ok - board: colour on a terminal # SKIP $(head -1 "$OUT")"
else
    check "board: on a terminal the screen is cleared, owners coloured, dice shown" 0 $'out:\e[H\e[2J' \
        $'out:\e[1;36m1\e[0m' $'out:\e[1;7;3' "out:> "
    pty_input 80 24 "g $BD_ROLL_STEP"$'\nq\n' replay "$BD_LOG" --step --no-color
    check "board: on a terminal with --no-color: the clear only, no colour" 0 $'out:\e[H\e[2J' $'!out:\e[1' \
        "out:$BD_ROLL"
    pty_input 40 24 "g $BD_PLACE_STEP"$'\nq\n' replay "$BD_LOG" --step --no-color
    cat >"$T/narrow.py" <<'PY'
import re, sys
frame = open(sys.argv[1], encoding="utf-8").read().split("\x1b[H\x1b[2J")[-1].split("-- final")[0]
lines = [l for l in frame.split("\n") if not l.startswith("> ") and l]
status = [i for i, l in enumerate(lines) if l.startswith("step ")]
problems = ["%d columns: %s" % (len(l), l) for l in lines if len(l) > 40]
if not status:
    problems.append("no status line")
else:
    rest = " ".join(l.strip() for l in lines[status[0]:])
    if "q quit" not in rest or len(lines) - status[0] < 2:
        problems.append("the status is not wrapped whole: " + rest)
if len(lines) > 23:
    problems.append("%d lines" % len(lines))
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
    if result=$("$PY" "$T/narrow.py" "$OUT" 2>&1); then
        report "board: a 40x24 terminal: the status wraps whole, every line within 40 columns"
    else
        report "board: a 40x24 terminal: the status wraps whole, every line within 40 columns" "$result" \
            "$(tail -c 1500 "$OUT")"
    fi
    # a short terminal puts name and stats on one line: less room, still cut after a word (or inside
    # the first word only when even that does not fit)
    pty_input 80 18 "g $BD_PLACE2_STEP"$'\n'"e"$'\nq\n' replay "$BD_LOG" --step --no-color
    "$PY" - "$OUT" "$DATA" >"$T/short.txt" <<'PY'
import glob, json, os, re, sys
names = set()
for path in glob.glob(os.path.join(sys.argv[2], "sets", "*.json")):
    names.update(c["name"] for c in json.load(open(path, encoding="utf-8"))["cards"])
text = open(sys.argv[1], encoding="utf-8").read().split("-- final")[0]
bad, cut = [], 0
for frame in text.split("\x1b[H\x1b[2J")[1:]:
    for line in frame.split("\n"):
        if not re.match(r"[1-6] ", line) or len(line) < 20:
            continue
        for k in range(5):
            cell = line[2 + 15 * k:2 + 15 * (k + 1)].strip()
            m = re.match(r"[12](.+?)…", cell)
            if not m:
                continue
            cut += 1
            prefix = re.split("[ -]", m.group(1))
            ok = any(re.split("[ -]", n)[:len(prefix)] == prefix or
                     (len(prefix) == 1 and re.split("[ -]", n)[0].startswith(prefix[0])) for n in names)
            if not ok:
                bad.append(cell)
print("%d cut names; %s" % (cut, ", ".join(bad[:6])))
sys.exit(1 if bad or not cut else 0)
PY
    if [[ $? == 0 ]]; then
        report "board: an 80x18 terminal (one line per cell): names cut after a word ($(cat "$T/short.txt"))"
    else
        report "board: an 80x18 terminal (one line per cell): names cut after a word" "$(cat "$T/short.txt")"
    fi
    pty_input 150 40 "g $BD_ROLL_STEP"$'\nq\n' replay "$BD_LOG" --step --no-color
    cat >"$T/wide.py" <<'PY'
import re, sys
frame = open(sys.argv[1], encoding="utf-8").read().split("\x1b[H\x1b[2J")[-1].split("-- final")[0]
lines = frame.split("\n")
widths = [len(re.sub(r"\x1b\[[0-9;]*m", "", l)) for l in lines if not l.startswith("> ")]
grid = [l for l in lines if l.startswith("6 ")]
ok = 100 < max(widths) <= 150 and len(lines) <= 41 and grid and "deck" in grid[0]
sys.exit(0 if ok else 1)
PY
    if "$PY" "$T/wide.py" "$OUT"; then
        report "board: a 150x40 terminal: wider cells, the zones beside the grid, more events"
    else
        report "board: a 150x40 terminal: wider cells, the zones beside the grid, more events" "$(head -c 1500 "$OUT")"
    fi
fi
