#!/usr/bin/env python3
"""tests/sync/https_server.py — a static HTTPS server for the `berserk catalog sync` TLS tests
(DESIGN §3 "Sync": TLS verification always on, `--cacert FILE`). Python 3 standard library only.

    python3 tests/sync/https_server.py DIR --cert CERT.pem --key KEY.pem [--port-file FILE] [--log FILE]

Serves the files of DIR (an exported catalogue: index.json + sets/*.json) over HTTPS on 127.0.0.1, on a free
port that is printed on stdout and, with --port-file, written to FILE once the server listens. With --log,
every request is appended to FILE as `METHOD PATH STATUS`. The certificate is meant to be a self-signed one
made at test time, e.g.

    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
        -keyout key.pem -out cert.pem -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1

A failed TLS handshake (a client that refuses the certificate) is logged as `TLS - error`.
"""

import argparse
import functools
import http.server
import os
import ssl
import sys
import threading

from serving import announce_and_serve


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, fmt, *args):
        pass

    def log_request(self, code="-", size="-"):
        log = self.server.log_path
        if log:
            with self.server.log_lock, open(log, "a", encoding="utf-8") as f:
                f.write("%s %s %s\n" % (self.command, self.path, getattr(code, "value", code)))

    def guess_type(self, path):
        return "application/json" if str(path).endswith(".json") else super().guess_type(path)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):  # a refused handshake is expected, not a traceback
        if self.log_path:
            with self.log_lock, open(self.log_path, "a", encoding="utf-8") as f:
                f.write("TLS - error\n")


class TLSServer(Server):
    def finish_request(self, request, client_address):
        # The handshake runs in the request's thread, so a stalled client never blocks the accept loop.
        try:
            tls = self.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            self.handle_error(request, client_address)
            return
        try:
            self.RequestHandlerClass(tls, client_address, self)
        finally:
            try:
                tls.close()
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="static HTTPS server for an exported catalogue")
    ap.add_argument("dir")
    ap.add_argument("--cert", required=True)
    ap.add_argument("--key", required=True)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--log")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.json")):
        sys.exit("https_server: %s/index.json does not exist" % args.dir)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    server = TLSServer(("127.0.0.1", args.port), functools.partial(Handler, directory=args.dir))
    server.context = context
    server.log_path = args.log
    server.log_lock = threading.Lock()
    announce_and_serve(server, args.port_file)


if __name__ == "__main__":
    main()
