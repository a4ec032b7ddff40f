#!/usr/bin/env python3
"""tests/browser/run.py — `berserk export html` pages in a real browser (issue 14).

usage: /usr/bin/python3 tests/browser/run.py BERSERK_BINARY OUTPUT_DIR [NAME...]

Runs every tests/browser/test_*.py (or the NAMEs given, e.g. `deck`): each defines `run(t)` and
uses the harness `t` below to make pages with the real binary, check them with HTML Tidy
(`tidy -errors`: no error), load them from file:// in headless Chromium driven by Selenium
(chromium, chromium-driver, python3-selenium; --no-sandbox as root), assert on the DOM, fail on any
console error, and save screenshots under OUTPUT_DIR/screenshots/. Prints `ok - …` / `not ok - …`,
then `N passed, M failed`; exit 0 only when nothing failed."""
import glob, importlib.util, json, os, shutil, subprocess, sys, tempfile, time, traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class Harness:
    def __init__(self, binary, out):
        self.binary = os.path.abspath(binary)
        self.out = os.path.abspath(out)
        self.root = ROOT
        self.passed = self.failed = 0
        self.driver = None
        self.home = tempfile.mkdtemp(prefix="berserk-browser.")
        self.env = {k: v for k, v in os.environ.items() if k not in ("BERSERK_DB", "XDG_DATA_HOME", "NO_COLOR")}
        self.env.update(BERSERK_DB=os.path.join(self.home, "catalog.db"), HOME=self.home, LC_ALL="C.UTF-8")
        os.makedirs(os.path.join(self.out, "screenshots"), exist_ok=True)

    # ---- results ----
    def ok(self, name):
        self.passed += 1
        print("ok - " + name, flush=True)

    def not_ok(self, name, *details):
        self.failed += 1
        print("not ok - " + name, flush=True)
        for d in details:
            for line in str(d).splitlines():
                print("  # " + line)

    def check(self, name, condition, *details):
        """Records one assertion; returns the condition."""
        (self.ok if condition else lambda n: self.not_ok(n, *details))(name)
        return bool(condition)

    # ---- the binary ----
    def berserk(self, *args, expect=0, stdin=None):
        """Runs the binary; returns (exit code, stdout, stderr). A different exit code than `expect`
        (None: any) is a failure recorded under the command line."""
        r = subprocess.run([self.binary, *map(str, args)], capture_output=True, text=True, env=self.env,
                           input=stdin, timeout=300)
        if expect is not None and r.returncode != expect:
            self.not_ok("berserk " + " ".join(map(str, args)), "exit %d, expected %d" % (r.returncode, expect),
                        r.stderr[-2000:])
        return r.returncode, r.stdout, r.stderr

    def path(self, *parts):
        """A path under OUTPUT_DIR (made fresh for pages)."""
        return os.path.join(self.out, *parts)

    def fresh(self, *parts):
        p = self.path(*parts)
        shutil.rmtree(p, ignore_errors=True)
        return p

    # ---- HTML Tidy ----
    def tidy(self, name, html_file):
        """No error from `tidy -errors` (HTML5); warnings are allowed."""
        r = subprocess.run(["tidy", "-errors", "-quiet", "-utf8", html_file], capture_output=True, text=True)
        errors = [l for l in r.stderr.splitlines() if "Error:" in l]
        return self.check(name + ": valid HTML (tidy -errors)", r.returncode < 2 and not errors, r.stderr[-3000:])

    # ---- the browser ----
    def browser(self):
        if self.driver is None:
            from selenium import webdriver
            from selenium.webdriver.chrome.options import Options
            from selenium.webdriver.chrome.service import Service
            options = Options()
            options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
            for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                      "--window-size=1280,1000", "--allow-file-access-from-files"):
                options.add_argument(a)
            options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
            self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                                           options=options)
        return self.driver

    def open(self, name, html_file):
        """Loads the page from file:// and checks that the console stays clean."""
        d = self.browser()
        d.get("file://" + os.path.abspath(html_file))
        self.console(name)
        return d

    def console(self, name):
        """Fails on any console error since the last look (SEVERE entries: errors, failed loads)."""
        entries = [e for e in self.browser().get_log("browser") if e.get("level") == "SEVERE"]
        return self.check(name + ": no console error", not entries, *[e.get("message") for e in entries])

    def screenshot(self, name, width=None, height=None):
        d = self.browser()
        if width:
            d.set_window_size(width, height or 900)
        path = self.path("screenshots", name + ".png")
        d.save_screenshot(path)
        return path

    def js(self, script, *args):
        return self.browser().execute_script(script, *args)

    def eventually(self, condition, seconds=5.0):
        """Whether condition() comes true within seconds: for what the page does after an event
        the browser delivers later (hashchange is queued, not dispatched inside location.hash = …)."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                if condition():
                    return True
            except Exception:  # the element may not be there yet
                pass
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)

    def close(self):
        if self.driver:
            self.driver.quit()
        shutil.rmtree(self.home, ignore_errors=True)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    t = Harness(binary, out)
    files = sorted(glob.glob(os.path.join(HERE, "test_*.py")))
    if names:
        files = [f for f in files if os.path.basename(f)[5:-3] in names]
    try:
        t.berserk("catalog", "info")  # the store, imported once
        for f in files:
            spec = importlib.util.spec_from_file_location(os.path.basename(f)[:-3], f)
            module = importlib.util.module_from_spec(spec)
            try:
                spec.loader.exec_module(module)
                module.run(t)
            except Exception:
                t.not_ok(os.path.basename(f) + ": raised", traceback.format_exc())
    finally:
        t.close()
    print("%d passed, %d failed" % (t.passed, t.failed))
    return 0 if t.failed == 0 and t.passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
