"""The shared page skeleton and charts (web-export/html.c) through the smallest page there is:
the usage errors of `export html` itself. Each kind's pages have a test_KIND.py of their own."""


def run(t):
    rc, out, err = t.berserk("export", "html", expect=2)
    t.check("export html: KIND is missing (usage)", "KIND is missing" in err, err)
    rc, out, err = t.berserk("export", "html", "frob", "-o", t.path("x"), expect=2)
    t.check("export html frob: unknown kind", 'unknown kind "frob"' in err, err)
    rc, out, err = t.berserk("export", "pdf", expect=2)
    t.check("export pdf: unknown subcommand", 'unknown subcommand "pdf"' in err, err)
