#!/usr/bin/env python3
"""readme_check.py — runs the README's tour as written and compares the output (issue 10 #20).

Every fenced block whose first line starts with `$ ` is a shell session: each `$ CMD` line is run
(in bash, in a fresh copy of examples/, with `berserk` being the binary under test and a fresh home directory
shown as /home/you) and what follows it up to the next `$ ` line is its expected output, stdout
and stderr together. A line holding only `…` matches any number of lines; a `…` inside a line
matches any text there (timings). A command ending in `&` (a server the tour starts) runs in the
background, is given a second to start, and is stopped when the block ends. A block preceded by
`<!-- readme: not run (REASON) -->` is skipped and counted as such.

usage: readme_check.py README BERSERK_BINARY
README_UPDATE=1 rewrites, in the README, the expected output of each command that differs and holds no `…`
(the figures that move when the cards' data changes); those with `…` are only reported.
Prints `ok - …` / `not ok - …` per block with a diff, then `N passed, M failed`."""
import os, re, shutil, subprocess, sys, tempfile, difflib

readme, binary = sys.argv[1], os.path.abspath(sys.argv[2])
root = os.path.dirname(os.path.abspath(readme))
lines = open(readme, encoding="utf-8").read().split("\n")

blocks, i = [], 0
while i < len(lines):
    if lines[i].startswith("```"):
        start = i
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        body = lines[i + 1:j]
        if body and body[0].startswith("$ "):
            before = "\n".join(lines[max(0, start - 3):start])
            m = re.search(r"<!-- readme: not run \((.*?)\) -->", before)
            blocks.append((start + 1, body, m.group(1) if m else None))
        i = j + 1
    else:
        i += 1

def same_line(expected, actual):
    expected, actual = expected.rstrip(), actual.rstrip()
    if "…" not in expected:
        return expected == actual
    return re.fullmatch(".*".join(re.escape(part) for part in expected.split("…")), actual) is not None

def matches(expected, actual):
    """`…` alone on a line matches any run of lines (backtracking)."""
    def go(e, a):
        if e == len(expected):
            return a == len(actual)
        if expected[e].strip() == "…":
            return any(go(e + 1, k) for k in range(a, len(actual) + 1))
        return a < len(actual) and same_line(expected[e], actual[a]) and go(e + 1, a + 1)
    return go(0, 0)

passed = failed = skipped = 0
updates = []
work = tempfile.mkdtemp(prefix="berserk-readme.")
try:
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir)
    os.symlink(binary, os.path.join(bindir, "berserk"))
    for line_no, body, skip in blocks:
        name = "README line %d: %s" % (line_no, body[0][2:])
        if skip:
            skipped += 1
            print("ok - %s # SKIP %s" % (name, skip))
            continue
        home = os.path.join(work, "home-%d" % line_no)
        os.makedirs(home)
        commands, expected, where = [], [], []
        for n, text in enumerate(body):
            if text.startswith("$ "):
                commands.append(text[2:])
                expected.append([])
                where.append(line_no + n + 1)  # the index in `lines` of the command's first output line
            else:
                expected[-1].append(text)
        env = {k: v for k, v in os.environ.items() if k not in ("BERSERK_DB", "XDG_DATA_HOME", "NO_COLOR", "BERSERK_FORMATS", "XDG_STATE_HOME")}
        env.update(HOME=home, PATH=bindir + os.pathsep + env.get("PATH", ""), COLUMNS="80", LC_ALL="C.UTF-8", TZ="UTC")
        actual_all, problems = [], []
        marker = "\x1eREADME-CMD-%d\x1e"
        # One shell per block, a marker line before each command; `$ echo $?` reads the status of
        # the command before it, so its marker is printed after saving that status.
        place = os.path.join(work, "examples-%d" % line_no)
        shutil.copytree(os.path.join(root, "examples"), place)
        def step(k, cmd):
            if cmd.startswith("echo $?"):
                return "__rc=$?; printf '%s\\n'; echo $__rc\n" % (marker % k)
            if cmd.rstrip().endswith("&"):
                # a server started in the background: wait until its port (the first number of 4-5 digits)
                # accepts connections, up to 30 s on a busy machine, rather than a fixed second
                port = re.search(r"\b(\d{4,5})\b", cmd)
                wait = ("for __i in $(seq 300); do (exec 3<>/dev/tcp/127.0.0.1/%s) 2>/dev/null && break; sleep 0.1; done\n"
                        % port.group(1)) if port else "sleep 1\n"
                return "printf '%s\\n'\n%s\n%s" % (marker % k, cmd, wait)
            return "printf '%s\\n'\n%s\n" % (marker % k, cmd)
        script = "".join(step(k, cmd) for k, cmd in enumerate(commands)) + "kill $(jobs -p) 2>/dev/null; wait\n"
        run = subprocess.run(["bash", "-c", script], cwd=place, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=300)
        out = run.stdout.decode("utf-8", "replace").replace(home, "/home/you")
        parts = re.split("\x1eREADME-CMD-(\\d+)\x1e\n", out)
        got = {int(parts[n]): parts[n + 1] for n in range(1, len(parts) - 1, 2)}
        for k, cmd in enumerate(commands):
            text = got.get(k)
            if text is None:
                problems.append("$ %s: did not run" % cmd)
                continue
            actual = text.split("\n")
            if actual and actual[-1] == "":
                actual.pop()
            if not matches(expected[k], actual):
                if os.environ.get("README_UPDATE") and not any("…" in e for e in expected[k]):
                    updates.append((where[k], len(expected[k]), actual))
                diff = difflib.unified_diff(expected[k], actual, "README", "actual", lineterm="", n=1)
                problems.append("$ %s\n%s" % (cmd, "\n".join(list(diff)[:40])))
        if problems:
            failed += 1
            print("not ok - %s" % name)
            for p in problems:
                print("\n".join("  # " + l for l in p.split("\n")))
        else:
            passed += 1
            print("ok - %s" % name)
finally:
    shutil.rmtree(work, ignore_errors=True)
for at, count, actual in sorted(updates, reverse=True):
    lines[at:at + count] = actual
if updates:
    open(readme, "w", encoding="utf-8").write("\n".join(lines))
    print("README_UPDATE: %d outputs rewritten" % len(updates))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
