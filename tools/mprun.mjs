// Runs code of this repo under the official MicroPython WebAssembly port in Node, so
// engine and firmware logic is checked on a real MicroPython.
//
//   node tools/mprun.mjs [--root DIR] [--heap BYTES] [--include PATH]... (-m MODULE | SCRIPT) [ARGS...]
//
// engine/, firmware/, host_tests/, seeds/ and boards/ of DIR (default: the repo) are
// copied into the wasm filesystem at /app with their layout, plus every --include
// (a file or folder relative to DIR; naming anything under tools/ brings
// tools/__init__.py along). /app is the working directory and heads sys.path.
// `-m MODULE` imports it and iterates MODULE.steps() if it has one (see STEPS below),
// else calls MODULE.main(); SCRIPT runs as __main__.
// stdout and stderr stream through; the exit status is the script's: SystemExit's
// code, 1 with the traceback on an uncaught exception.
// --heap sets the initial GC heap; this port grows it on demand, so measure heap
// use with gc.mem_alloc() rather than by running out of memory.
//
//   node tools/mprun.mjs --fake-board [--root DIR]
//
// poses as a board on a serial line for deploy tests: serves the raw REPL that
// mpremote speaks on socket://127.0.0.1:PORT (printed as the first line), with the
// files of DIR (if given) as its flash. When mpremote hangs up it prints one JSON
// line {"files": {path: sha256}, "reset": bool} and exits (after 10 minutes at most).
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const TREES = ["engine", "firmware", "host_tests", "seeds", "boards"];
const APP = "/app";
const FLASH = "/flash";
const USAGE =
  "usage: node tools/mprun.mjs [--root DIR] [--heap BYTES] [--include PATH]... (-m MODULE | SCRIPT) [ARGS...]\n" +
  "       node tools/mprun.mjs --fake-board [--root DIR]\n";

function usage(msg) {
  process.stderr.write("mprun: " + msg + "\n" + USAGE);
  process.exit(2);
}

function parseArgs(argv) {
  const opt = {
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."), rootGiven: false,
    heap: 256 * 1024, include: [], module: null, script: null, args: [], fakeBoard: false,
  };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    const needValue = () => {
      if (i + 1 >= argv.length) usage(a + " needs a value");
      return argv[++i];
    };
    if (a === "--root") {
      opt.root = path.resolve(needValue());
      opt.rootGiven = true;
    } else if (a === "--heap") {
      opt.heap = parseInt(needValue(), 10);
      if (!(opt.heap > 0)) usage("--heap wants a positive number of bytes");
    } else if (a === "--include") opt.include.push(needValue());
    else if (a === "--fake-board") opt.fakeBoard = true;
    else if (a === "-m") { opt.module = needValue(); i++; break; }
    else if (a.startsWith("-")) usage("unknown option " + a);
    else { opt.script = a; i++; break; }
  }
  if (!opt.fakeBoard && !opt.module && !opt.script) usage("nothing to run");
  opt.args = argv.slice(i);
  return opt;
}

function mkdirs(FS, dir) {
  let at = "";
  for (const p of dir.split("/").slice(1)) {
    at += "/" + p;
    if (!FS.analyzePath(at).exists) FS.mkdir(at);
  }
}

// Copies a host file or folder (skipping caches) from root/rel to dest/rel.
function copyIn(FS, root, rel, dest) {
  const src = path.join(root, rel);
  const dst = rel ? dest + "/" + rel.split(path.sep).join("/") : dest;
  if (fs.statSync(src).isDirectory()) {
    mkdirs(FS, dst);
    for (const name of fs.readdirSync(src).sort()) {
      if (name === "__pycache__" || name.endsWith(".pyc")) continue;
      copyIn(FS, root, path.join(rel, name), dest);
    }
  } else {
    mkdirs(FS, dst.slice(0, dst.lastIndexOf("/")) || "/");
    FS.writeFile(dst, fs.readFileSync(src));
  }
}

// A Python expression for the JSON value.
function pyJson(value) {
  return "json.loads(" + JSON.stringify(JSON.stringify(value)) + ")";
}

// Byte-wise output from the port, passed on a line at a time.
function sink(write) {
  let buf = [];
  const flush = () => {
    if (buf.length) write(Buffer.from(buf));
    buf = [];
  };
  const put = (bytes) => {
    for (const b of bytes) {
      buf.push(b);
      if (b === 10 || buf.length >= 4096) flush();
    }
  };
  return { put, flush };
}

// STEPS: this port collects garbage only between calls from JavaScript (gc.collect()
// inside a call merely flags it and the heap grows, up to about 2 GB), so a module
// with steps() has each step of that generator run as a call of its own. A step
// that yields "gc" has a collection run and timed right after it, as a call of its
// own; the next step reads the milliseconds as __main__._mprun_gc_ms.
function wrapper(opt, scriptPath) {
  const start = opt.module
    ? `    m = __import__(${JSON.stringify(opt.module)})
    for p in ${JSON.stringify(opt.module)}.split(".")[1:]:
        m = getattr(m, p)
    if hasattr(m, "steps"):
        _mprun_steps = m.steps()
        _mprun_more = 1
    else:
        m.main()
`
    : `    with open(${JSON.stringify(scriptPath)}) as f:
        code = compile(f.read(), ${JSON.stringify(opt.script)}, "exec")
    exec(code, {"__name__": "__main__"})
`;
  return `import sys, os, json
os.chdir(${JSON.stringify(APP)})
sys.path[:] = [${JSON.stringify(APP)}] + [p for p in sys.path if p]
sys.argv[:] = ${pyJson([opt.module || opt.script].concat(opt.args))}
_mprun_rc = 0
_mprun_more = 0
_mprun_steps = None
_mprun_ask = None
_mprun_gc_ms = -1.0


def _mprun_start():
    global _mprun_steps, _mprun_more
${start}

def _mprun_step():
    global _mprun_more, _mprun_ask
    try:
        _mprun_ask = next(_mprun_steps)
    except StopIteration:
        _mprun_more = 0


def _mprun_guard(fn):
    global _mprun_rc, _mprun_more
    try:
        fn()
        return
    except SystemExit as e:
        c = e.args[0] if e.args else None
        if isinstance(c, int):
            _mprun_rc = c
        elif c is not None:
            print(c, file=sys.stderr)
            _mprun_rc = 1
    except BaseException as e:
        sys.print_exception(e, sys.stderr)
        _mprun_rc = 1
    _mprun_more = 0


_mprun_guard(_mprun_start)
`;
}

async function run(opt) {
  // A reader that stops early (`| head`) just ends the run, as a shell pipeline expects.
  process.stdout.on("error", (e) => process.exit(e.code === "EPIPE" ? 0 : 1));
  const out = sink((b) => process.stdout.write(b));
  const err = sink((b) => process.stderr.write(b));
  const mp = await loadMicroPython({
    heapsize: opt.heap, linebuffer: false, stdout: out.put, stderr: (b) => { out.flush(); err.put(b); },
  });
  mkdirs(mp.FS, APP);
  for (const t of TREES) {
    if (fs.existsSync(path.join(opt.root, t))) copyIn(mp.FS, opt.root, t, APP);
  }
  const extra = opt.include.slice();
  let scriptPath = null;
  if (opt.script) {
    const abs = path.resolve(opt.script);
    const rel = path.relative(opt.root, abs);
    if (!fs.existsSync(abs)) usage("no such script: " + opt.script);
    if (rel.startsWith("..") || path.isAbsolute(rel)) {
      scriptPath = "/run/" + path.basename(abs);
      mkdirs(mp.FS, "/run");
      mp.FS.writeFile(scriptPath, fs.readFileSync(abs));
    } else {
      extra.push(rel);
      scriptPath = APP + "/" + rel.split(path.sep).join("/");
    }
  }
  if (opt.module) extra.push(opt.module.split(".").join(path.sep) + ".py");
  for (const rel of extra) {
    if (!fs.existsSync(path.join(opt.root, rel))) usage("no such file under " + opt.root + ": " + rel);
    const top = rel.split(path.sep)[0];
    const init = path.join(top, "__init__.py");
    if (top !== rel && fs.existsSync(path.join(opt.root, init))) copyIn(mp.FS, opt.root, init, APP);
    copyIn(mp.FS, opt.root, rel, APP);
  }

  let rc;
  try {
    mp.runPython(wrapper(opt, scriptPath));
    while (mp.globals.get("_mprun_more")) {
      mp.runPython("_mprun_guard(_mprun_step)");
      if (mp.globals.get("_mprun_ask") === "gc") {
        const t0 = performance.now();
        mp.runPython("import gc\ngc.collect()");
        mp.globals.set("_mprun_gc_ms", performance.now() - t0);
      }
    }
    rc = mp.globals.get("_mprun_rc");
  } catch (e) {
    out.flush();
    process.stderr.write("mprun: MicroPython failed: " + (e && e.message ? e.message : e) + "\n");
    rc = 1;
  }
  out.flush();
  err.flush();
  process.exitCode = typeof rc === "number" ? rc & 255 : 1;
}

// The port reports emscripten errno numbers; mpremote, like a board, expects the
// usual ones (ENOENT 2, EEXIST 17, ...), so the fake board translates them. A board's
// VFS also takes "" for the current folder (mpremote stats it for a "cp ... :").
const BOARD_BOOT = `import os, builtins
_ERRNO = {44: 2, 20: 17, 54: 20, 31: 21, 55: 39, 28: 22, 2: 13}


def _posix(fn):
    def call(*args):
        if args and args[0] == "":
            args = (".",) + args[1:]
        try:
            return fn(*args)
        except OSError as e:
            raise OSError(_ERRNO.get(e.errno, e.errno))
    return call


for _name in ("stat", "listdir", "ilistdir", "mkdir", "remove", "rmdir", "rename", "chdir", "statvfs"):
    if hasattr(os, _name):
        setattr(os, _name, _posix(getattr(os, _name)))
builtins.open = _posix(builtins.open)
os.chdir(${JSON.stringify(FLASH)})
`;

function flashFiles(FS, dir, out) {
  for (const name of FS.readdir(dir).sort()) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name;
    if (FS.isDir(FS.stat(p).mode)) flashFiles(FS, p, out);
    else out[p.slice(FLASH.length + 1)] = crypto.createHash("sha256").update(FS.readFile(p)).digest("hex");
  }
  return out;
}

const PASTE_REQUEST = [5, 65, 1];
const PASTE_WINDOW = 4096;
const BOARD_LIFETIME_MS = 10 * 60 * 1000;

async function fakeBoard(opt) {
  let conn = null;
  let reset = false;
  let skip = 0; // output bytes to drop: the "OK" of a raw-paste run through the raw REPL
  const send = (bytes) => {
    if (skip) {
      const n = Math.min(skip, bytes.length);
      skip -= n;
      bytes = bytes.slice(n);
    }
    if (bytes.length && conn && !conn.destroyed) conn.write(Buffer.from(bytes));
  };
  const mp = await loadMicroPython({ linebuffer: false, stdout: send, stderr: send });
  mp.registerJsModule("machine", { reset: () => { reset = true; } });
  mkdirs(mp.FS, FLASH);
  if (opt.rootGiven) copyIn(mp.FS, opt.root, "", FLASH);
  mp.runPython(BOARD_BOOT);

  const feed = (c) => {
    if (mp.replProcessChar(c)) {
      // Ctrl-D on an empty raw REPL line: a soft reset (files stay, as on flash).
      send(Buffer.from("MPY: soft reboot\r\n"));
      mp.replInit();
    }
  };
  const server = net.createServer((socket) => {
    if (conn) { socket.destroy(); return; }
    conn = socket;
    socket.setNoDelay(true); // the REPL's many small replies must not wait for Nagle
    mp.replInit();
    // Raw-paste mode (\x05 A \x01, then flow-controlled code up to \x04) is done
    // here: the port's own reads stdin synchronously, which a socket cannot feed.
    // The pasted code then runs through the raw REPL, whose "OK" paste mode lacks.
    let request = 0; // bytes of PASTE_REQUEST seen so far
    let paste = null;
    socket.on("data", (data) => {
      for (const c of data) {
        if (paste !== null) {
          if (c !== 4) {
            paste.push(c);
            if (paste.length % PASTE_WINDOW === 0) send([1]);
            continue;
          }
          send([4]);
          const code = paste;
          paste = null;
          for (const b of code) feed(b);
          skip = 2;
          feed(4);
          continue;
        }
        if (c === PASTE_REQUEST[request]) {
          request++;
          if (request === PASTE_REQUEST.length) {
            request = 0;
            paste = [];
            send([82, 1, PASTE_WINDOW & 255, PASTE_WINDOW >> 8]);
          }
          continue;
        }
        for (const held of PASTE_REQUEST.slice(0, request)) feed(held);
        request = 0;
        feed(c);
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      process.stdout.write(JSON.stringify({ files: flashFiles(mp.FS, FLASH, {}), reset }) + "\n");
      server.close();
    });
  });
  // A test that dies before hanging up must not leave the board running for ever.
  setTimeout(() => process.exit(3), BOARD_LIFETIME_MS).unref();
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write("socket://127.0.0.1:" + server.address().port + "\n");
  });
}

const opt = parseArgs(process.argv.slice(2));
await (opt.fakeBoard ? fakeBoard(opt) : run(opt));
