"""make web-serve: serve build/web on this machine and print its address (docs/web.md).

    python tools/web_serve.py [--port 8000] [--host 127.0.0.1] [--dir build/web]

A plain static server from Python's standard library: the page needs nothing else from a host.
A phone on the same network needs --host 0.0.0.0, and for its tilt sensor an HTTPS address (the
browsers give motion events to secure pages only): put build/web on a static host instead.
"""
import functools
import http.server
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from host_sim.args import Parser, whole  # noqa: E402

OUT = os.path.join(ROOT, "build", "web")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".html": "text/html", ".bin": "application/octet-stream", ".css": "text/css",
                      ".svg": "image/svg+xml", ".png": "image/png"}

    def log_message(self, fmt, *args):
        pass        # quiet: one line per request would bury the address


def server(folder, host="127.0.0.1", port=0):
    """A ThreadingHTTPServer for `folder` (port 0: any free port); call serve_forever()."""
    handler = functools.partial(Handler, directory=folder)
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    ap = Parser(prog="python tools/web_serve.py", description="serve build/web and print its address")
    ap.add_argument("--port", type=whole(0, 65535), default=8000, help="port (default 8000; 0: any free one)")
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    ap.add_argument("--dir", default=OUT, help="folder to serve (default build/web)")
    a = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(a.dir, "index.html")):
        ap.error("--dir %s: no index.html there (run `make web`)" % a.dir)
    try:
        srv = server(a.dir, a.host, a.port)
    except OSError as e:
        print("web_serve: %s:%d: %s" % (a.host, a.port, e.strerror or e), file=sys.stderr)
        return 1
    host, port = srv.server_address[:2]
    print("picotable in the browser: http://%s:%d/  (Ctrl-C stops)" % (
        "localhost" if host == "127.0.0.1" else host, port), flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
