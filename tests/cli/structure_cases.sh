# structure_cases.sh — the layers of DESIGN §1 read from the #include lines (issue 10, structure #1):
# cli → catalog → formats → lib, never the other way; lib/ sees only its own headers and the C11
# standard library; the catalogue codec depends on nothing else in catalog/ (catalog.c uses the codec,
# one way); no include circle anywhere. Sourced by run.sh.

cat >"$T/layers.py" <<'PY'
import os, re, sys
root, rule = sys.argv[1], sys.argv[2]
LAYERS = {"lib": 0, "formats": 1, "catalog": 2, "cli": 3}
SEARCH = ["lib/include", "catalog", "formats", "cli"]  # the Makefile's -I order
C11 = set("assert complex ctype errno fenv float inttypes iso646 limits locale math setjmp signal stdalign "
          "stdarg stdatomic stdbool stddef stdint stdio stdlib stdnoreturn string tgmath threads time uchar "
          "wchar wctype".split())
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)

def sources():
    for layer in LAYERS:
        for directory, _, names in os.walk(os.path.join(root, layer)):
            for name in sorted(names):
                if name.endswith((".c", ".h")) and "/tools" not in directory:
                    yield os.path.relpath(os.path.join(directory, name), root)

def includes(path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return INCLUDE.findall(f.read())

def resolve(path, name):
    """A quoted include as the compiler finds it: beside the file, then the -I directories."""
    for directory in [os.path.dirname(path)] + SEARCH:
        candidate = os.path.normpath(os.path.join(directory, name))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None

problems, graph = [], {}
for path in sources():
    layer = path.split("/")[0]
    graph[path] = []
    for kind, name in includes(path):
        if kind == "<":
            if layer == "lib" and name[:-2] not in C11:
                problems.append(f"{path}: <{name}> is not a C11 standard header (lib/ is pure C11)")
            continue
        target = resolve(path, name)
        if target is None:
            problems.append(f'{path}: "{name}" is not a header of this tree')
            continue
        graph[path].append(target)
        if LAYERS[target.split("/")[0]] > LAYERS[layer]:
            problems.append(f'{path}: "{name}" ({target}) is a higher layer than {layer}/')
        if path.startswith("catalog/codec.") and target.startswith("catalog/") and target != "catalog/codec.h":
            problems.append(f'{path}: "{name}": the codec must not depend on the rest of catalog/')

def circle(start):
    """A path of includes from start back to start, or None."""
    stack, seen = [(start, [start])], set()
    while stack:
        node, trail = stack.pop()
        for nxt in graph.get(node, []):
            if nxt == start:
                return trail + [start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, trail + [nxt]))
    return None

# Files, and modules (X.c + X.h): catalog.c uses codec.h while codec.c uses catalog.h is a circle too.
modules = {}
for path, targets in graph.items():
    module = path[:-2]
    modules.setdefault(module, set()).update(t[:-2] for t in targets if t[:-2] != module)
for name, edges in [("file", graph), ("module", modules)]:
    graph = edges
    for node in sorted(graph):
        trail = circle(node)
        if trail:
            problems.append(f"{name} include circle: " + " -> ".join(trail))
            break
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
PY

layers_report() { # layers_report NAME: runs layers.py and reports its complaints
    local out
    if out=$("$PY" "$T/layers.py" "$ROOT" all 2>&1); then report "$1"; else report "$1" "$out"; fi
}
layers_report "layers (DESIGN §1): includes go cli -> catalog -> formats -> lib only, lib sees C11 only, codec.c does not include catalog.h, no include circle"

# The check itself catches what it claims to: a copy of the tree with a wrong-direction include.
mkdir -p "$T/layers"
cp -r "$ROOT/lib" "$ROOT/formats" "$ROOT/catalog" "$ROOT/cli" "$T/layers/"
bad_include() { # bad_include NAME FILE LINE: the copy with LINE added to FILE must be refused
    local saved
    saved=$(cat "$T/layers/$2")
    printf '%s\n%s\n' "$3" "$saved" >"$T/layers/$2"
    if "$PY" "$T/layers.py" "$T/layers" all >/dev/null 2>&1; then report "$1" "not refused"; else report "$1"; fi
    printf '%s\n' "$saved" >"$T/layers/$2"
}
bad_include "layers check refuses lib/ including a formats header" lib/src/rng.c '#include "json_reader.h"'
bad_include "layers check refuses lib/ including a third-party header" lib/src/rng.c '#include <jansson.h>'
bad_include "layers check refuses formats/ including catalog.h" formats/file_read.c '#include "catalog.h"'
bad_include "layers check refuses catalog/ including cli.h" catalog/store.c '#include "cli.h"'
bad_include "layers check refuses the codec including catalog.h" catalog/codec.c '#include "catalog.h"'
bad_include "layers check refuses an include circle (store.h <-> sync.h)" catalog/store.h '#include "sync.h"'

# A JSON decklist whose count is -2^63: refused like any count outside 1..99 (llabs of it was undefined).
mkdir -p "$T/structure"
printf '{"cards": [{"name": "Циклоп", "count": -9223372036854775808}]}\n' >"$T/structure/count-min.json"
run deck check "$T/structure/count-min.json" --json
check "deck check: a JSON count of -2^63 is a parse error naming cards[0].count, count null (no undefined llabs)" 1 \
    'json:[(e["message"], e["count"]) for e in d["results"][0]["errors"] if e["code"] == "parse_error"] == [("cards[0].count: expected an integer 1..99", None)]'
