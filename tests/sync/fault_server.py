#!/usr/bin/env python3
"""tests/sync/fault_server.py — an HTTP server that publishes an exported catalogue and injects faults,
for the `berserk catalog sync` tests (DESIGN §3 "Sync"). Python 3 standard library only.

    python3 tests/sync/fault_server.py DIR [--port-file FILE] [--log FILE] [--port N]

DIR is a catalogue as `berserk catalog export DIR` writes it (index.json + sets/*.json). The server binds
127.0.0.1 (port N, default 0 = a free one), then prints the port on stdout and, with --port-file, writes it to
FILE (atomically, once it is listening). With --log, every request is appended to FILE as one line
`METHOD PATH STATUS` (STATUS `-` when the response was cut or never completed; `200 gzip` for a body sent
gzip-compressed).

URL paths:
    /PATH                 DIR/PATH unchanged (200; 404 when missing)
    /fault/MODE/PATH      DIR/PATH served with fault MODE. The index's set urls are relative, so the set files
                          of /fault/MODE/index.json are fetched under /fault/MODE/sets/… and get the fault too.

MODE        what is served
  ok          nothing faulty (the same as /PATH)
  gzip        nothing faulty, but every file is sent gzip-compressed (Content-Encoding: gzip) when the
              request's Accept-Encoding allows gzip
  500         every request: 500 Internal Server Error
  503         every request: 503 Service Unavailable with Retry-After: 1
  404set      index.json fine; every set file: 404 Not Found
  slow        index.json: nothing at all for 30 s (beyond the client's timeout)
  slowset     index.json fine; set files: headers and half the body, then a 30 s stall
  truncate    index.json fine; set files: Content-Length of the whole file, half the body, then the
              connection is closed
  badhash     index.json fine; set files: valid JSON with one card's life changed (the index's sha256 no
              longer matches)
  badjson     index.json: cut in the middle (invalid JSON; Content-Length matches what is sent)
  badjsonset  set files cut in the middle (invalid JSON); the index's sha256 values rewritten to match them,
              so only the JSON parser can refuse them
  huge        set files padded with 17 MiB of spaces before the final brace (valid JSON, over the 16 MiB
              set file cap); the index's sha256 values match the padded files; streamed, never held whole
  hugegz      the same padded files sent gzip-compressed (Content-Encoding: gzip, ~20 KB on the wire) when
              the request's Accept-Encoding allows gzip: the cap must apply to the decoded bytes
  hugeindex   index.json padded with 2 MiB of spaces (valid JSON, over the 1 MiB index cap)
  loop        every request: 302 to the same URL (a redirect loop)
  file        every request: 302 to file:///etc/passwd
"""

import argparse
import gzip
import hashlib
import http.server
import json
import os
import sys
import threading
import time
import zlib

from serving import announce_and_serve

PAD = 17 << 20  # 17 MiB: over the 16 MiB set file cap
INDEX_PAD = 2 << 20  # 2 MiB: over the 1 MiB index cap
CHUNK = 1 << 16
STALL = 30.0

MODES = {"ok", "gzip", "500", "503", "404set", "slow", "slowset", "truncate", "badhash", "badjson", "badjsonset",
         "huge", "hugegz", "hugeindex", "loop", "file"}


class Catalogue:
    """The files of DIR and the derived (faulty) variants, computed once and cached."""

    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.lock = threading.Lock()
        self.cache = {}

    def read(self, rel):
        path = os.path.realpath(os.path.join(self.root, rel))
        if not path.startswith(self.root + os.sep) or not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def cached(self, key, make):
        with self.lock:
            if key not in self.cache:
                self.cache[key] = make()
            return self.cache[key]

    # The padded ("huge") variant of a set file: original minus its final "}\n", PAD spaces, "}\n".
    def huge_parts(self, rel):
        body = self.read(rel)
        if body is None:
            return None
        cut = body.rstrip().rfind(b"}")
        return body[:cut], PAD, body[cut:]

    def huge_sha(self, rel):
        def make():
            parts = self.huge_parts(rel)
            if parts is None:
                return None
            head, pad, tail = parts
            h = hashlib.sha256(head)
            block = b" " * CHUNK
            for _ in range(pad // CHUNK):
                h.update(block)
            h.update(b" " * (pad % CHUNK))
            h.update(tail)
            return h.hexdigest()
        return self.cached(("huge_sha", rel), make)

    def huge_gzip(self, rel):
        def make():
            head, pad, tail = self.huge_parts(rel)
            z = zlib.compressobj(9, zlib.DEFLATED, 31)  # wbits 31: gzip container
            out = [z.compress(head)]
            block = b" " * CHUNK
            for _ in range(pad // CHUNK):
                out.append(z.compress(block))
            out.append(z.compress(b" " * (pad % CHUNK)))
            out.append(z.compress(tail))
            out.append(z.flush())
            return b"".join(out)
        return self.cached(("huge_gzip", rel), make)

    @staticmethod
    def cut_json(body):
        return body[: len(body) // 2]

    def index_with_shas(self, sha_of):
        """index.json with every set's sha256 replaced by sha_of(set url) (canonical JSON)."""
        index = json.loads(self.read("index.json"))
        for entry in index["sets"]:
            sha = sha_of(entry["url"])
            if sha is not None:
                entry["sha256"] = sha
        return (json.dumps(index, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "berserk-fault-server/1"
    protocol_version = "HTTP/1.0"  # one request per connection: a cut body ends with the connection

    def log_message(self, fmt, *args):  # quiet on stderr; the --log file records requests
        pass

    def record(self, status):
        log = self.server.log_path
        if log:
            with self.server.log_lock, open(log, "a", encoding="utf-8") as f:
                f.write("%s %s %s\n" % (self.command, self.path, status))

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        try:
            self.handle_get()
        except (BrokenPipeError, ConnectionResetError):
            self.record("-")

    def send_simple(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.record("%s gzip" % status if ("Content-Encoding", "gzip") in headers else status)

    def send_json(self, body, headers=()):
        self.send_simple(200, body, (("Content-Type", "application/json"),) + tuple(headers))

    def accepts_gzip(self):
        return "gzip" in self.headers.get("Accept-Encoding", "")

    def send_plain_or_gzip(self, mode, body):
        if mode == "gzip" and self.accepts_gzip():
            return self.send_json(gzip.compress(body), (("Content-Encoding", "gzip"),))
        return self.send_json(body)

    def handle_get(self):
        cat = self.server.catalogue
        path = self.path.split("?", 1)[0]
        mode, rel = "ok", path.lstrip("/")
        if rel.startswith("fault/"):
            parts = rel.split("/", 2)
            if len(parts) < 3 or parts[1] not in MODES:
                return self.send_simple(404, b"unknown fault mode\n")
            mode, rel = parts[1], parts[2]
        is_index = rel == "index.json"

        if mode == "500":
            return self.send_simple(500, b"injected failure\n")
        if mode == "503":
            return self.send_simple(503, b"try later\n", (("Retry-After", "1"),))
        if mode == "loop":
            return self.send_simple(302, b"", (("Location", self.path),))
        if mode == "file":
            return self.send_simple(302, b"", (("Location", "file:///etc/passwd"),))

        if mode == "slow" and is_index:
            time.sleep(STALL)
            self.record("-")
            return

        if is_index and mode in ("badjsonset", "huge", "hugegz"):
            if mode == "badjsonset":
                body = cat.index_with_shas(
                    lambda url: None if cat.read(url) is None
                    else hashlib.sha256(cat.cut_json(cat.read(url))).hexdigest())
            else:
                body = cat.index_with_shas(cat.huge_sha)
            return self.send_json(body)

        body = cat.read(rel)
        if body is None:
            return self.send_simple(404, b"not found\n")

        if is_index:
            if mode == "badjson":
                return self.send_json(cat.cut_json(body))
            if mode == "hugeindex":
                cut = body.rstrip().rfind(b"}")
                return self.send_json(body[:cut] + b" " * INDEX_PAD + body[cut:])
            return self.send_plain_or_gzip(mode, body)

        # A set file (or any other file of DIR).
        if mode == "404set":
            return self.send_simple(404, b"not found\n")
        if mode == "badhash":
            s = json.loads(body)
            for card in s.get("cards", []):
                if isinstance(card.get("life"), int):
                    card["life"] += 1
                    break
            return self.send_json((json.dumps(s, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
        if mode == "badjsonset":
            return self.send_json(cat.cut_json(body))
        if mode in ("slowset", "truncate"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            if mode == "slowset":
                time.sleep(STALL)
            self.record("-")
            self.close_connection = True
            return
        if mode == "hugegz" and self.accepts_gzip():
            return self.send_json(cat.huge_gzip(rel), (("Content-Encoding", "gzip"),))
        if mode in ("huge", "hugegz"):
            head, pad, tail = cat.huge_parts(rel)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(head) + pad + len(tail)))
            self.end_headers()
            self.wfile.write(head)
            block = b" " * CHUNK
            for _ in range(pad // CHUNK):
                self.wfile.write(block)
            self.wfile.write(b" " * (pad % CHUNK))
            self.wfile.write(tail)
            self.record(200)
            return
        return self.send_plain_or_gzip(mode, body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser(description="catalogue HTTP server with injected faults")
    ap.add_argument("dir")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--log")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.json")):
        sys.exit("fault_server: %s/index.json does not exist" % args.dir)
    server = Server(("127.0.0.1", args.port), Handler)
    server.catalogue = Catalogue(args.dir)
    server.log_path = args.log
    server.log_lock = threading.Lock()
    announce_and_serve(server, args.port_file)


if __name__ == "__main__":
    main()
