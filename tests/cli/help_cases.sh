# help_cases.sh — per-command help, the man page and bash completion, all generated from the one
# table in cli/help.c (issue 10 #11): every command's usage, options (value form, limit, default)
# and an example; the options the help lists are the options the command takes; the man page
# (build/berserk.1) renders and the completion (build/berserk.bash) completes from the same table.
# Sourced by run.sh.

HELP_COMMANDS=("catalog info" "catalog import" "catalog export" "catalog sync" "cards search" "cards show"
               "deck check" "deck stats" "deck convert" "squad check" "squad auto" "sim deals" "goldfish" "sim games" "sim matrix" "sim merge"
               "position" "replay")
HELP_MAN="$(dirname "$BIN")/berserk.1"
HELP_BASH="$(dirname "$BIN")/berserk.bash"

# help_options CMD...: the option names `berserk CMD --help` lists (one per line; "-o, --output" gives both).
help_options() {
    "$BIN" $1 --help 2>/dev/null | sed -n '/^options:/,/^$/p' | grep -E '^  -' |
        sed -E 's/^  (-[^ ,]+)(, (--[^ ]+))?.*/\1 \3/' | tr ' ' '\n' | grep .
}

# 1. berserk --help lists every command; berserk CMD --help (and -h) gives usage, options, an example.
run --help
problems=()
for c in "${HELP_COMMANDS[@]}"; do
    grep -q "^  $c\b" "$OUT" || problems+=("berserk --help does not list \"$c\"")
done
[[ $RC == 0 && ! -s $ERR ]] || problems+=("exit $RC, stderr: $(head -c 300 "$ERR")")
report "item 11: berserk --help lists every command" "${problems[@]}"
check "item 11: berserk --help names the global options and COMMAND --help" 0 'out:--db PATH' 'out:--seed N' \
    'out:--date YYYY-MM-DD' 'out:exit codes' 'out:berserk COMMAND --help'

for c in "${HELP_COMMANDS[@]}"; do
    run $c --help
    check "item 11: berserk $c --help: usage, example, stdout, exit 0" 0 "out:usage: berserk $c" 'out:examples:' \
        "out:  berserk " err=
    run $c -h
    check "item 11: berserk $c -h is the same help" 0 "out:usage: berserk $c" 'out:examples:' err=
done
run deck check --help
check "item 11: deck check --help: its options with their values" 0 'out:--format NAME|PATH' 'out:--pool FILE' \
    'out:--date YYYY-MM-DD' 'out:constructed (default)' '!out:--threads'
run sim deals --help
check "item 11: sim deals --help: --threads with its limit and default" 0 \
    'out:--threads T' 'out:threads, 1..64 (default: every CPU, at most 64)' \
    'out:--trials N' 'out:1..100000000 (default: 10000)' 'out:--redeal POLICY' 'out:--group "A;B"' \
    'out:--policy-search' 'out:--player 1|2'
run catalog sync --help
check "item 11: catalog sync --help: its network options" 0 'out:usage: berserk catalog sync [URL]' \
    'out:--connect-timeout S' 'out:--timeout S' 'out:--retries N' 'out:0..10' 'out:(default: 3)' 'out:--cacert FILE'
run cards search --help
check "item 11: cards search --help: --rank-and-file and the other filters" 0 'out:--rank-and-file' \
    'out:--elite' 'out:--cost A..B' 'out:--limit N' 'out:0..1000000'
run deck convert --help
check "item 11: deck convert --help: -o and --output are one option" 0 'out:-o, --output FILE' 'out:--to text|brsd|json'
run --json sim deals --help
check "item 11: --help before the command words, with other global options" 0 'out:usage: berserk sim deals'
run BERSERK_DB=/nonexistent/dir/catalog.db deck check --help
check "item 11: help opens no store" 0 'out:usage: berserk deck check' err=
run deck --help
check "item 11: berserk deck --help lists the deck commands" 0 'out:deck check' 'out:deck stats' 'out:deck convert' \
    '!out:squad auto' err=
run frobnicate --help
check "item 11: frobnicate --help: unknown command, exit 2" 2 \
    'err:berserk: unknown command "frobnicate" (berserk --help lists the commands)' out=
run deck frob --help
check "item 11: deck frob --help: unknown command, exit 2" 2 \
    'err:berserk: unknown command "deck frob" (berserk deck --help lists its commands)' out=
run deck check -- --help
check "item 11: --help after -- is an operand, not a request for help" 2 '!out:usage:' 'out:--help: unreadable'

# 2. The help lists exactly what each command takes: every listed option is accepted (the command
# side is enforced in cli_parse, which asserts that each option it parses is in the table), and an
# integer option's limit in the help is the one the command enforces.
for c in "${HELP_COMMANDS[@]}"; do
    problems=()
    "$BIN" $c --help >"$T/help_text" 2>/dev/null
    while read -r option; do
        run BERSERK_DB="$T/help.db" $c "$option" x
        grep -q 'unknown option' "$ERR" && problems+=("$option: $(head -c 200 "$ERR")")
        grep -q -e "$option takes no value" -e "$option needs a value" "$ERR" && problems+=("$option: $(head -c 200 "$ERR")")
        if grep -q 'must be an integer' "$ERR"; then
            range=$(grep -o '[-0-9]*\.\.[0-9]*' "$ERR" | head -1)
            grep -E "^  (-o, )?$option " "$T/help_text" | grep -qF -- "$range" ||
                problems+=("$option: the command takes $range; the help says: $(grep -E "^  $option " "$T/help_text")")
        fi
    done < <(help_options "$c")
    report "item 11: berserk $c takes every option its help lists, with the limits it states" "${problems[@]}"
done

# 3. The man page berserk(1): generated from the same table, renders without warnings.
if [[ ! -f $HELP_MAN ]]; then
    report "item 11: the man page is built beside the binary" "$HELP_MAN is missing (make builds it)"
else
    warnings=$(groff -Tutf8 -man -ww -z "$HELP_MAN" 2>&1)
    [[ -z $warnings ]] && report "item 11: groff -Tutf8 -man -ww -z berserk.1: no warnings" ||
        report "item 11: groff -Tutf8 -man -ww -z berserk.1: no warnings" "$warnings"
    LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$HELP_MAN" >"$OUT" 2>"$ERR"
    RC=$?
    check "item 11: man -l berserk.1 renders" 0 'out~^BERSERK\(1\)' 'out:NAME' 'out:SYNOPSIS' 'out:COMMANDS' \
        'out:EXIT STATUS' 'out:ENVIRONMENT' 'out:Циклоп' 'out:--threads T' 'out:--connect-timeout S' \
        'out:threads, 1..64 (default: every CPU, at most 64)'
    cp "$OUT" "$T/man_text"
    problems=()
    for c in "${HELP_COMMANDS[@]}"; do
        grep -q "^   $c" "$T/man_text" || problems+=("no section for \"$c\"")
        while read -r option; do
            grep -qF -- "$option" "$T/man_text" || problems+=("$c: $option is missing")
        done < <(help_options "$c")
    done
    report "item 11: the man page has every command and every option of the help" "${problems[@]}"
fi

# 4. Bash completion from the same table: source it, set COMP_WORDS/COMP_CWORD, read COMPREPLY.
# complete_words WORD...: the completions of the last word (may be ''), one per line, in $OUT.
complete_words() {
    (
        cd "$T" || exit 1
        bash --norc --noprofile -c '
            source "$1" || exit 3
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            _berserk berserk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf "%s\n" "${COMPREPLY[@]}"
            complete -p berserk >&2' _ "$HELP_BASH" "$@"
    ) >"$OUT" 2>"$ERR"
    RC=$?
}
# has_lines NAME WORD...: every WORD is a whole line of $OUT.
has_lines() {
    local name=$1 w problems=()
    shift
    for w in "$@"; do
        grep -qxF -- "$w" "$OUT" || problems+=("no \"$w\" among: $(tr '\n' ' ' <"$OUT")")
    done
    report "$name" "${problems[@]}"
}
if [[ ! -f $HELP_BASH ]]; then
    report "item 11: the bash completion is built beside the binary" "$HELP_BASH is missing (make builds it)"
else
    complete_words berserk ''
    check "item 11: completion registers _berserk for berserk" 0 'err:complete -F _berserk berserk'
    has_lines "item 11: completion of the command" catalog cards deck squad sim
    complete_words berserk de
    [[ $(cat "$OUT") == deck ]] && report "item 11: completion: de -> deck only" ||
        report "item 11: completion: de -> deck only" "got: $(cat "$OUT")"
    complete_words berserk deck ''
    has_lines "item 11: completion of deck's subcommands" check stats convert
    complete_words berserk --json --db x.db cards s
    has_lines "item 11: completion skips global options and their values" search show
    complete_words berserk sim deals --th
    has_lines "item 11: completion of sim deals --th" --threads
    complete_words berserk catalog sync --
    has_lines "item 11: completion of catalog sync's options" --connect-timeout --timeout --retries --cacert --json
    complete_words berserk cards search --r
    has_lines "item 11: completion of cards search --rank-and-file" --rank-and-file
    complete_words berserk deck convert deck.txt --to ''
    has_lines "item 11: completion of --to's values" text brsd json
    complete_words berserk deck check --format ''
    has_lines "item 11: completion of --format's names" constructed limited sealed draft
    complete_words berserk squad auto deck.txt --player ''
    has_lines "item 11: completion of --player's values" 1 2
    : >"$T/help-deck.txt"
    complete_words berserk deck check help-d
    has_lines "item 11: completion of a file operand" help-deck.txt
    complete_words berserk pos
    [[ $(cat "$OUT") == position ]] && report "item 11: completion: pos -> position (a one-word command)" ||
        report "item 11: completion: pos -> position (a one-word command)" "got: $(cat "$OUT")"
    complete_words berserk replay game.log --s
    has_lines "item 11: completion of a one-word command's options after its operand" --step
    # issue 20 §4: export html's kinds, the values of --set, --class, --keyword and export's --format
    complete_words berserk export html ''
    has_lines "issue 20: completion of export html's kinds" deck squad sim replay catalog
    complete_words berserk export html re
    [[ $(cat "$OUT") == replay ]] && report "issue 20: completion: export html re -> replay only" ||
        report "issue 20: completion: export html re -> replay only" "got: $(cat "$OUT")"
    complete_words berserk export html deck help-d
    has_lines "issue 20: completion: after the kind, files" help-deck.txt
    complete_words berserk export html deck help-deck.txt --format ''
    has_lines "issue 20: completion of export's --format" constructed limited sealed draft
    complete_words berserk cards search --set ''
    has_lines "issue 20: completion of cards search --set" 01 02 03 04 05 06 07 21 22 classic
    complete_words berserk cards coverage --set 0
    has_lines "issue 20: completion of cards coverage --set" 01 07
    complete_words berserk cards search --class el
    has_lines "issue 20: completion of --class" elf elemental
    complete_words berserk cards search --keyword prot
    has_lines "issue 20: completion of --keyword" protection_from_magic protection_from_poison
    # every class and keyword id the bundled catalogue uses is offered, and each offered one is accepted
    complete_words berserk cards search --class ''
    cp "$OUT" "$T/complete-classes"
    complete_words berserk cards search --keyword ''
    cp "$OUT" "$T/complete-keywords"
    problems=()
    while read -r word; do
        problems+=("$word is not completed")
    done < <("$PY" - "$DATA" "$T/complete-classes" "$T/complete-keywords" <<'PY'
import glob, json, os, sys
classes, keywords = set(), set()
for path in glob.glob(os.path.join(sys.argv[1], "sets", "*.json")):
    for card in json.load(open(path, encoding="utf-8"))["cards"]:
        classes.update(card.get("classes") or [])
        keywords.update(k["id"] for k in card.get("keywords") or [])
offered = set(open(sys.argv[2]).read().split()) | set(open(sys.argv[3]).read().split())
for word in sorted((classes | keywords) - offered):
    print(word)
PY
    )
    for word in $(head -3 "$T/complete-classes") $(head -3 "$T/complete-keywords"); do
        option=--class
        grep -qxF -- "$word" "$T/complete-keywords" && option=--keyword
        run cards search "$option" "$word" --limit 1
        [[ $RC == 0 ]] || problems+=("cards search $option $word: exit $RC $(cat "$ERR")")
    done
    (($(wc -l <"$T/complete-classes") >= 40 && $(wc -l <"$T/complete-keywords") >= 40)) ||
        problems+=("only $(wc -l <"$T/complete-classes") classes and $(wc -l <"$T/complete-keywords") keywords offered")
    report "issue 20: completion offers every class and keyword id of the catalogue, and search accepts them" \
        "${problems[@]}"
    complete_words berserk ''
    problems=()
    for c in "${HELP_COMMANDS[@]}"; do
        complete_words berserk $c -
        while read -r option; do
            grep -qxF -- "$option" "$OUT" || problems+=("$c: $option is not completed")
        done < <(help_options "$c")
    done
    report "item 11: completion offers every option of every command's help" "${problems[@]}"
fi
