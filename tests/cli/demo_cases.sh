# demo_cases.sh — `make demo`'s tour (the README's first command, issue 20 §2) runs every step and
# exits 0 with the binary under test, although `deck check examples/regs` exits 1 on purpose.
# Run by run.sh with tests/cli/lib.sh's helpers.

if ! command -v make >/dev/null 2>&1; then
    PASSED=$((PASSED + 1))
    echo "ok - make demo's tour # SKIP no make"
else
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -C "$ROOT" demo-tour DEMO_BIN="$BIN" \
        DEMO_DB="$T/demo.db" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
    check "make demo's tour: exit 0, every step run" 0 \
        'out:$ berserk catalog info' 'out:1553 cards (printings)' 'out:$ berserk cards show Циклоп' \
        'out:$ berserk cards search --element леса' 'out:$ berserk deck check examples/regs' \
        'out:(exit code 1: 04-late-entry.txt is illegal on purpose' \
        'out:$ berserk squad auto examples/06-elfy.txt --seed 2026 --player 2' \
        'out:The tour is over' '!err:Error' '!err:make:'
    [[ -f $T/demo.db ]] && report "make demo's tour keeps its store in DEMO_DB" ||
        report "make demo's tour keeps its store in DEMO_DB" "$T/demo.db missing"
fi
