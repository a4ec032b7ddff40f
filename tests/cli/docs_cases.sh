# docs_cases.sh — docs/ documents the files users write and the batch commands' JSON (issue 20 §2):
# every --help that refers to a file format or a JSON shape names its page, every page it names
# exists, docs/README.md lists every page, and every link between the pages and from README.md
# into docs/ resolves. Run by run.sh with tests/cli/lib.sh's helpers.

# docs_named TEXT: the docs/*.md paths TEXT mentions, one per line.
docs_named() { grep -o 'docs/[A-Za-z0-9_.-]*\.md' <<<"$1" | sort -u; }

# The engine's branch writes docs/positions.md; until it is merged in, links to it are skipped.
docs_exists() {
    [[ -f $ROOT/$1 ]] && return 0
    [[ $1 == docs/positions.md ]] && return 2
    return 1
}

for entry in "deck check:docs/decklists.md docs/format-files.md" "deck convert:docs/decklists.md" \
    "deck stats:docs/format-files.md" "squad check:docs/scenarios.md" "squad auto:docs/scenarios.md" \
    "sim deals:docs/batch-json.md" "goldfish:docs/batch-json.md" "sim games:docs/batch-json.md docs/game-logs.md" \
    "sim matrix:docs/batch-json.md" "sim merge:docs/batch-json.md" "position:docs/positions.md" \
    "replay:docs/game-logs.md" "play:docs/game-logs.md" "export html:docs/README.md"; do
    words=${entry%%:*} pages=${entry#*:}
    # shellcheck disable=SC2086 # the command's words
    run $words --help
    problems=()
    [[ $RC == 0 ]] || problems+=("exit $RC")
    text=$(tr '\n' ' ' <"$OUT" | sed 's/  */ /g')
    for page in $pages; do
        [[ $text == *"$page"* ]] || problems+=("berserk $words --help does not name $page")
    done
    report "berserk $words --help points to ${pages// /, }" "${problems[@]}"
done

# Every page any --help names exists.
all_help=""
for words in "" "deck check" "deck stats" "deck convert" "squad check" "squad auto" "sim deals" "sim games" \
    "sim matrix" "sim merge" goldfish position replay play "export html"; do
    # shellcheck disable=SC2086
    run $words --help
    all_help+=$(tr '\n' ' ' <"$OUT" | sed 's/ *\n *//g')$'\n'
done
problems=() skipped=""
while IFS= read -r page; do
    docs_exists "$page"
    case $? in 1) problems+=("--help names $page, which does not exist") ;; 2) skipped+=" $page" ;; esac
done < <(docs_named "$all_help")
report "every docs/ page a --help names exists${skipped:+ # SKIP not in this branch:$skipped}" "${problems[@]}"

# docs/README.md lists every page of docs/, and every relative link of docs/*.md and README.md resolves.
problems=() skipped=""
for page in "$ROOT"/docs/*.md; do
    name=$(basename "$page")
    [[ $name == README.md ]] && continue
    grep -q "($name)" "$ROOT/docs/README.md" || problems+=("docs/README.md does not list $name")
done
for page in "$ROOT"/docs/*.md "$ROOT/README.md"; do
    dir=$(dirname "$page")
    while IFS= read -r link; do
        target=${link%%#*}
        [[ -z $target || $target == http* ]] && continue
        rel=$(realpath -m --relative-to="$ROOT" "$dir/$target")
        docs_exists "$rel"
        case $? in
        1) problems+=("${page#"$ROOT"/}: the link $link leads nowhere") ;;
        2) skipped+=" $rel" ;;
        esac
    done < <(grep -o '\]([^)]*)' "$page" | sed 's/^](//; s/)$//')
done
skipped=$(tr ' ' '\n' <<<"$skipped" | sort -u | grep . | sed 's/^/ /' | tr -d '\n')
skipped=${skipped% }
report "docs/README.md lists every page; every link of docs/ and README.md resolves${skipped:+ # SKIP not in this branch:$skipped}" "${problems[@]}"

# The README sends a reader who needs a format to docs/, not to ../shared/DESIGN.md (not in a clone).
if grep -n 'shared/DESIGN' "$ROOT/README.md" >"$T/design-refs"; then
    report "README.md does not send readers to ../shared/DESIGN.md" "$(cat "$T/design-refs")"
else
    report "README.md does not send readers to ../shared/DESIGN.md"
fi
