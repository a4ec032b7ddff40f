#!/usr/bin/env python3
"""tests/slowest.py DIR [N] — the N (default 10) slowest tests that `make check` recorded under DIR.

DIR/PHASE/ holds what each phase recorded: xml/SUITE.xml (Check's report of each unit suite, with each
test's duration), cli.tsv (`SECONDS<TAB>cli/FILE: CASE`, one line per CLI case, tests/cli/lib.sh) and
unit.tsv (`SECONDS<TAB>unit/SUITE`, one line per suite, tests/check_main.c). Prints the tests (unit
tests and CLI cases, not whole suites), slowest first: `  SECONDS s  PHASE  NAME`.
"""
import glob
import os
import re
import sys


def tests(root):
    for phase_dir in sorted(glob.glob(os.path.join(root, "*"))):
        phase = os.path.basename(phase_dir)
        for path in sorted(glob.glob(os.path.join(phase_dir, "xml", "*.xml"))):
            suite = os.path.splitext(os.path.basename(path))[0]
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for m in re.finditer(r"<test\b.*?<id>(.*?)</id>.*?<duration>(-?[\d.]+)</duration>", text, re.S):
                yield float(m.group(2)), phase, "unit/%s: %s" % (suite, m.group(1))
        path = os.path.join(phase_dir, "cli.tsv")
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    seconds, _, name = line.rstrip("\n").partition("\t")
                    try:
                        yield float(seconds), phase, name
                    except ValueError:
                        pass


def main():
    root = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    rows = sorted(tests(root), key=lambda r: -r[0])
    if not rows:
        print("== no test times recorded under %s" % root)
        return
    print("== the %d slowest of %d tests:" % (min(n, len(rows)), len(rows)))
    for seconds, phase, name in rows[:n]:
        print("  %7.2f s  %-6s  %s" % (seconds, phase, name[:150]))


if __name__ == "__main__":
    main()
