# tests/cli/export_catalog_cases.sh — `berserk export html catalog -o DIR` (issue 14; DESIGN §3, §4, §6)
# through the real binary. Sourced by run.sh (run/check/report/save/same_tree/sha, $T, $DATA, $PY):
#
#   1. usage errors (exit 2, nothing written) and storage failures (exit 3: DIR through a regular file,
#      DIR a file, DIR/sets a file, DIR/index.html a directory);
#   2. the site: index.html with every card in its data, beside exactly what `catalog export DIR`
#      writes (byte for byte, so the bundled catalogue's own files);
#   3. re-export over an existing DIR replaces every file it writes;
#   4. `catalog sync` from a loopback static server (python's http.server) publishing the site: an
#      --empty store gets all 1553 cards, and its own export equals the site's catalogue files.
# The browser side (search, filters, detail, keyboard) is tests/browser/test_catalog.py.

EC="$T/export-catalog"
mkdir -p "$EC"

# ---------------------------------------------------------------------------------------------------
# 1. Usage and storage failures

run export html catalog
check "export html catalog without -o: exit 2, -o DIR is missing" 2 \
    'err:export html catalog: -o DIR is missing (usage: berserk export html' out=
run export html catalog -o
check "export html catalog -o without a value: exit 2" 2 'err:-o needs a value' out=
run export html catalog --frob -o "$EC/never"
check "export html catalog --frob: exit 2, names the option and the one it takes" 2 \
    'err:unknown option "--frob" for export html catalog (its options: -o)' out=
run export html catalog extra -o "$EC/never"
check "export html catalog with an operand: exit 2" 2 \
    'err:unexpected argument "extra": export html catalog takes no operands' out=
[[ ! -e $EC/never ]] && report "usage errors write nothing" || report "usage errors write nothing" "$EC/never exists"

: >"$EC/file"
run export html catalog -o "$EC/file/site"
check "export html catalog -o DIR under a regular file: exit 3, says why" 3 \
    "err:$EC/file/site: cannot make the directory: Not a directory" out=
run export html catalog -o "$EC/file"
check "export html catalog -o an existing regular file: exit 3" 3 "err:$EC/file: cannot make the directory" out=
mkdir -p "$EC/sets-file" && : >"$EC/sets-file/sets"
run export html catalog -o "$EC/sets-file"
check "export html catalog where DIR/sets is a file (the catalogue cannot be written): exit 3" 3 \
    "err:$EC/sets-file/sets/" out=
mkdir -p "$EC/page-dir/index.html"
run export html catalog -o "$EC/page-dir"
check "export html catalog where DIR/index.html is a directory (the page cannot be written): exit 3" 3 \
    "err:$EC/page-dir/index.html: cannot write" out=

# ---------------------------------------------------------------------------------------------------
# 2. The site beside the catalogue files

SITE="$EC/site"
run export html catalog -o "$SITE" --json
check "export html catalog --json: the page, the index, revision, 10 sets, 1553 cards" 0 \
    'json:d == {"dir": env["T"] + "/export-catalog/site", "page": "index.html", "index": "index.json", "revision": 1, "sets": 10, "cards": 1553}' \
    err=
run export html catalog -o "$SITE"
check "export html catalog (human): says what it wrote" 0 \
    "out:wrote $SITE/index.html (the searchable site) and, beside it, the catalogue for catalog sync (index.json, 10 set files): 1553 cards" \
    err=
problems=()
[[ $(cd "$SITE" && find . -type f | LC_ALL=C sort | tr '\n' ' ') == "./index.html ./index.json $(cd "$DATA" && find ./sets -type f | LC_ALL=C sort | tr '\n' ' ')" ]] ||
    problems+=("files: $(cd "$SITE" && find . -type f | LC_ALL=C sort | tr '\n' ' ')")
d=$(diff -r -x index.html "$SITE" "$DATA" 2>&1) || problems+=("diff -r -x index.html $SITE $DATA:" "${d:0:1500}")
report "the site's index.json and sets/*.json are the bundled catalogue, byte for byte" "${problems[@]}"
run catalog export "$EC/plain"
d=$(diff -r -x index.html "$SITE" "$EC/plain" 2>&1) && report "the site holds exactly what catalog export DIR writes" ||
    report "the site holds exactly what catalog export DIR writes" "${d:0:1500}"

# The page: one HTML file, the cards as data in it (each card object of schema 1 plus its normalised key,
# in cards search's order), the data files linked, no address outside the directory.
page_check=$("$PY" - "$SITE/index.html" "$DATA" <<'PY'
import glob, html.parser, json, os, re, sys, unicodedata
page, data_dir = sys.argv[1], sys.argv[2]
text = open(page, encoding="utf-8").read()
problems = []
m = re.search(r'<script type="application/json" id="catalog-data">(.*?)</script>', text, re.S)
data = json.loads(m.group(1)) if m else {"cards": [], "sets": []}
bundled = {}
for path in sorted(glob.glob(os.path.join(data_dir, "sets", "*.json"))):
    for card in json.load(open(path, encoding="utf-8"))["cards"]:
        bundled[card["id"]] = card
if len(data["cards"]) != 1553:
    problems.append("%d cards in the page's data" % len(data["cards"]))
for card in data["cards"]:
    key = card.pop("key", None)
    shown = card.pop("shown", None)  # the detail's words: features described, the support the engine checks
    if not shown or not isinstance(shown.get("features"), list) or not isinstance(shown.get("support"), str):
        problems.append("%s has no shown words" % card["id"])
    if bundled.get(card["id"]) != card:
        problems.append("%s differs from the catalogue's card object" % card["id"])
        break
if [s["id"] for s in data["sets"]] != ["01", "02", "03", "04", "05", "06", "07", "21", "22", "classic"]:
    problems.append("sets: %s" % [s["id"] for s in data["sets"]])
class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.labels, self.controls = [], set(), []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("href", "src"):
            if name in a:
                self.links.append(a[name])
        if tag == "label":
            self.labels.add(a.get("for"))
        if tag in ("input", "select"):
            self.controls.append(a.get("id"))
p = Links()
p.feed(text)
want = ["index.json"] + ["sets/%s.json" % s for s in ("01", "02", "03", "04", "05", "06", "07", "21", "22", "classic")]
if sorted(p.links) != sorted(want):
    problems.append("links: %s" % p.links)
unlabelled = [c for c in p.controls if c not in p.labels]
if unlabelled:
    problems.append("controls without a label: %s" % unlabelled)
if re.search(r"https?://", text.replace("http://www.w3.org/2000/svg", "")):
    problems.append("an absolute http(s) address in the page")
print("\n".join(problems))
PY
)
[[ -z $page_check ]] && report "index.html: every card object in its data, the data files linked, every control labelled, no network" ||
    report "index.html: every card object in its data, the data files linked, every control labelled, no network" "$page_check"

# ---------------------------------------------------------------------------------------------------
# 3. Re-export over an existing DIR replaces the files

cp -r "$SITE" "$EC/first"
echo 'old page' >"$SITE/index.html"
echo '{}' >"$SITE/index.json"
: >"$SITE/sets/01.json"
chmod 0600 "$SITE/sets/22.json"
run export html catalog -o "$SITE" -q
check "re-export over an existing site: exit 0, quiet" 0 out= err=
same_tree "re-export replaces index.html, index.json and every set file" "$EC/first" "$SITE"

# ---------------------------------------------------------------------------------------------------
# 4. catalog sync from a loopback static server publishing the site

EC_TRAP=$(trap -p EXIT)
EC_SERVER=
"$PY" - "$ROOT/tests/sync" "$SITE" "$EC/www.port" >/dev/null 2>"$EC/www.err" </dev/null <<'PY' &
import functools, http.server, sys
sys.path.insert(0, sys.argv[1])
from serving import announce_and_serve
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
handler = functools.partial(Quiet, directory=sys.argv[2])
announce_and_serve(http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler), sys.argv[3])
PY
EC_SERVER=$!
trap 'kill "$EC_SERVER" 2>/dev/null; rm -rf "$T"' EXIT # should the run stop before the server does
EC_PORT=
for ((i = 0; i < 200; i++)); do
    [[ -s $EC/www.port ]] && { EC_PORT=$(cat "$EC/www.port"); break; }
    kill -0 "$EC_SERVER" 2>/dev/null || break
    sleep 0.05
done
if [[ -z $EC_PORT ]]; then
    report "a static server publishes the exported site" "$(tail -5 "$EC/www.err")"
else
    export EC_URL="http://127.0.0.1:$EC_PORT/index.json"
    run --db "$EC/synced.db" --empty catalog sync "$EC_URL" --retries 0 --json
    check "catalog sync from the published site into an --empty store: 10 sets, 1553 cards added" 0 \
        'json:d["url"] == env["EC_URL"] and d["status"] == "updated"' \
        'json:d["sets"] == {"checked": 10, "downloaded": 10, "unchanged": 0, "removed": 0}' \
        'json:d["cards"] == {"added": 1553, "changed": 0, "removed": 0}'
    run --db "$EC/synced.db" catalog info --json
    check "catalog info after the sync: 1553 cards, the site as source" 0 'json:d["cards"] == 1553' \
        'json:d["source"] == env["EC_URL"]' 'json:len(d["sets"]) == 10' 'json:d["last_sync"] is not None'
    run --db "$EC/synced.db" catalog export "$EC/synced"
    d=$(diff -r -x index.html "$SITE" "$EC/synced" 2>&1) && report "the synced store exports the site's catalogue files" ||
        report "the synced store exports the site's catalogue files" "${d:0:1500}"
    got=$("$PY" -c 'import sys, urllib.request
print(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode("utf-8").count("id=\"catalog-data\""))' \
        "http://127.0.0.1:$EC_PORT/" 2>&1)
    [[ $got == 1 ]] && report "the same server serves the page at the directory's address" ||
        report "the same server serves the page at the directory's address" "$got"
    run --db "$EC/synced.db" catalog sync --retries 0
    check "catalog sync again (the remembered URL): nothing changed" 0 \
        'out~(not modified|0 downloaded, 10 unchanged)'
fi
kill "$EC_SERVER" 2>/dev/null
wait "$EC_SERVER" 2>/dev/null
eval "${EC_TRAP:-trap - EXIT}"
