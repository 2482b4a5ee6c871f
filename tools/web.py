# Joker Pocket in a web page: builds the static folder and serves it.
#   python -m tools.web build [--out build/web]
#   python -m tools.web serve [--dir build/web] [--port 8000]   (127.0.0.1 only)
#   python -m tools.web shot [--dir build/web] [--out tools/page/page.png]
# The folder holds the page (tools/page/index.html, page.js, worker.js, link.mjs), the MicroPython
# WebAssembly port pinned in package-lock.json, and under app/ what the worker
# puts in the port's filesystem: every engine/ and firmware/ module compiled by
# mpy-cross as for the board, the simulator's device stand-ins
# (tools/host/devices.py) with tools/page/browser.py that wires them, and seeds/*.md
# for the rules screens. files.json lists app/ for the worker, which fetches it
# all at start: no network after that. Any static host serves the folder.
# `shot` is the README's picture of the page: tools/page/shot.mjs in headless
# Chromium, on the folder served here (make page-shot).
import argparse
import gzip
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading

from tools import build

ROOT = build.ROOT
OUT = os.path.join("build", "web")
PAGE = ("index.html", "page.js", "worker.js", "link.mjs")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PORT_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
# Host modules the page needs beside the board's: (source, place under app/).
EXTRA = (
    ("tools/__init__.py", "tools/__init__.mpy"),
    ("tools/host/__init__.py", "tools/host/__init__.mpy"),
    ("tools/host/devices.py", "tools/host/devices.mpy"),
    ("tools/page/browser.py", "browser.mpy"),
)
TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
    ".wasm": "application/wasm", ".json": "application/json", ".mpy": "application/octet-stream",
    ".md": "text/markdown; charset=utf-8",
}
SHOT_SCRIPT = os.path.join(ROOT, "tools", "page", "shot.mjs")
SHOT = os.path.join("tools", "page", "page.png")


def chromium():
    # The Chromium the page's scripts drive (CHROMIUM picks another), or None.
    for p in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if p and os.path.isfile(p):
            return p
    return None


def make(out=OUT, root=ROOT):
    # Writes the folder (wiped first); returns the paths of its files, relative, with /.
    for name in PORT_FILES:
        if not os.path.isfile(os.path.join(PORT_PACKAGE, name)):
            raise build.BuildError("the MicroPython WebAssembly port is not installed; run `make deps`")
    out = os.path.join(root, out)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE:
        shutil.copyfile(os.path.join(root, "tools", "page", name), os.path.join(out, name))
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(PORT_PACKAGE, name), os.path.join(out, name))
    app = os.path.join(out, "app")
    build.compile_modules(app, root)
    compiler = build.mpy_cross()
    for src, dst in EXTRA:
        build.compile_one(compiler, src, os.path.join(app, dst), root)
    for rel in build.seed_files(root):
        os.makedirs(os.path.join(app, build.SEEDS), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), os.path.join(app, rel))
    listed = files(out, "app")
    with open(os.path.join(out, "files.json"), "w") as f:
        json.dump(listed, f, indent=0)
    return files(out)


def files(out, under=""):
    found = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(out, under)):
        dirnames.sort()
        for name in sorted(filenames):
            found.append(os.path.relpath(os.path.join(dirpath, name), out).replace(os.sep, "/"))
    return found


def weight(out=OUT, root=ROOT):
    # -> [(part, bytes, gzipped bytes)]: what a visitor downloads, by part.
    out = os.path.join(root, out)
    parts = {"wasm": [], "modules": [], "page": []}
    for rel in files(out):
        if rel.startswith("app/") or rel == "files.json":
            parts["modules"].append(rel)
        elif rel in PORT_FILES:
            parts["wasm"].append(rel)
        else:
            parts["page"].append(rel)
    rows = []
    for part in ("wasm", "modules", "page"):
        raw = zipped = 0
        for rel in parts[part]:
            with open(os.path.join(out, rel), "rb") as f:
                data = f.read()
            raw += len(data)
            zipped += len(gzip.compress(data, 9))
        rows.append((part, raw, zipped))
    rows.append(("total", sum(r[1] for r in rows), sum(r[2] for r in rows)))
    return rows


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")  # a rebuilt page is seen at once
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def log_message(self, format, *args):
        pass  # quiet: the page makes ~60 requests at each load


def server_of(folder, port, root=ROOT):
    # An HTTP server of the built folder on 127.0.0.1 (port 0: a free one), not yet serving.
    folder = os.path.join(root, folder)
    if not os.path.isfile(os.path.join(folder, "index.html")):
        raise build.BuildError("%s has no page; run `make web` first" % folder)

    def handler(*args, **kw):
        return Handler(*args, directory=folder, **kw)

    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(folder=OUT, port=8000, root=ROOT):
    server = server_of(folder, port, root)
    print("serving %s on http://127.0.0.1:%d/ (Ctrl-C stops)" % (os.path.relpath(folder, root), server.server_port),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def shot(folder=OUT, out=SHOT, root=ROOT):
    # The page served on a free port for tools/page/shot.mjs, which writes the picture to out.
    browser = chromium()
    if browser is None or shutil.which("node") is None:
        raise build.BuildError("the picture needs node and Chromium; run `make deps`")
    server = server_of(folder, 0, root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = "http://127.0.0.1:%d/" % server.server_port
        if subprocess.run(["node", SHOT_SCRIPT, url, browser, os.path.join(root, out)], cwd=root).returncode:
            raise build.BuildError("tools/page/shot.mjs failed")
    finally:
        server.shutdown()
        server.server_close()
    print("wrote %s: %d bytes" % (out, os.path.getsize(os.path.join(root, out))))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.web")
    sub = ap.add_subparsers(dest="action", required=True)
    b = sub.add_parser("build", help="make the static folder")
    b.add_argument("--out", default=OUT)
    s = sub.add_parser("serve", help="serve the folder on 127.0.0.1")
    s.add_argument("--dir", default=OUT)
    s.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    p = sub.add_parser("shot", help="the README's picture of the page, in headless Chromium")
    p.add_argument("--dir", default=OUT)
    p.add_argument("--out", default=SHOT)
    args = ap.parse_args(argv)
    try:
        if args.action == "build":
            listed = make(args.out)
            print("built %s: %d files" % (args.out, len(listed)))
            for part, raw, zipped in weight(args.out):
                print("  %-8s %7d bytes (%d gzipped)" % (part, raw, zipped))
        elif args.action == "serve":
            serve(args.dir, args.port)
        else:
            shot(args.dir, args.out)
    except build.BuildError as e:
        print("web: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
