// Runs the firmware in a Web Worker, so a bot's long decision never freezes the
// page: MicroPython (the WebAssembly port), the board's modules in its memory
// filesystem, and browser.Board stepped every FRAME_MS as firmware.app.run
// does. The page (page.js) sends button levels and the stored files; the
// worker sends back the panel RAM when it changed, the buzzer's pitch when it
// changed, its status after every frame, and the files of the storage root
// whenever they changed. A tab opened with ?link=NAME carries the board's link
// port to the other tab of that name.
import { joinLink } from "./link.mjs";
import { loadMicroPython } from "./micropython.mjs";

const APP = "/app";
const STORE = "/store"; // the storage root: where the save lives
const CHANGED = 1;
// A released key's pin goes high only once two frames have polled it low:
// frames start FRAME_MS apart or more, so firmware.buttons' debounce (15 ms)
// takes even the shortest tap.
const HOLD_POLLS = 2;

let board = null; // browser.Board's step, pin, frame and tone, called from here
let pitch = 0; // the buzzer's, as last sent
let link = null; // the link to the other tab (link.mjs), if linked
let mp = null;
let frameMs = 30;
let inputs = 0; // button messages applied
const polled = [0, 0, 0, 0, 0, 0]; // per button: frames that have seen its pin low
const released = [false, false, false, false, false, false]; // per button: let go, pin still low
let known = new Map(); // path in the store -> its bytes as a binary string
let steps = 0;
let longest = 0; // the longest frame so far, ms

// Bytes <-> a binary string (one char per byte): how the page keeps files.
function toText(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return s;
}

function toBytes(text) {
  const b = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) b[i] = text.charCodeAt(i) & 255;
  return b;
}

function mkdirs(dir) {
  let at = "";
  for (const p of dir.split("/").slice(1)) {
    at += "/" + p;
    if (!mp.FS.analyzePath(at).exists) mp.FS.mkdir(at);
  }
}

function storeFiles(dir, out) {
  for (const name of mp.FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name;
    if (mp.FS.isDir(mp.FS.stat(p).mode)) storeFiles(p, out);
    else out.set(p.slice(STORE.length + 1), toText(mp.FS.readFile(p)));
  }
  return out;
}

// The files that changed since the last frame (null: removed), all in one
// message: the page stores them in one go, after the firmware's own atomic
// write (save.tmp renamed over save.jp) has finished within the frame.
function syncStore() {
  const now = storeFiles(STORE, new Map());
  const changes = {};
  let any = false;
  for (const [p, text] of now) {
    if (known.get(p) !== text) { changes[p] = text; any = true; }
  }
  for (const p of known.keys()) {
    if (!now.has(p)) { changes[p] = null; any = true; }
  }
  known = now;
  if (any) postMessage({ store: changes });
}

function frame() {
  const t0 = performance.now();
  for (let b = 0; b < released.length; b++) {
    if (released[b] && polled[b] >= HOLD_POLLS) {
      board.pin(b, false);
      released[b] = false;
    }
  }
  let flags;
  try {
    flags = board.step();
  } catch (e) {
    postMessage({ error: "The firmware stopped: " + (e.message || e) });
    return;
  }
  if (link) link.flush();
  for (let b = 0; b < polled.length; b++) polled[b]++;
  const dt = performance.now() - t0;
  steps++;
  if (dt > longest) longest = dt;
  if (flags & CHANGED) postMessage({ frame: board.frame() });
  const hz = board.tone();
  if (hz !== pitch) {
    pitch = hz;
    postMessage({ tone: hz });
  }
  syncStore();
  postMessage({ status: { flags, inputs, steps, longest, link: link && [link.sent, link.came] } });
  setTimeout(frame, Math.max(0, frameMs - (performance.now() - t0)));
}

async function start(opt) {
  const t0 = performance.now();
  const list = await (await fetch("files.json")).json();
  const files = await Promise.all(list.map(async (p) => {
    const r = await fetch(p);
    if (!r.ok) throw new Error(p + ": " + r.status);
    return [p, new Uint8Array(await r.arrayBuffer())];
  }));
  mp = await loadMicroPython({ heapsize: 1024 * 1024, stdout: (s) => console.log(s), stderr: (s) => console.warn(s) });
  for (const [p, bytes] of files) {
    const dst = APP + "/" + p.slice(p.indexOf("/") + 1); // app/engine/x.mpy -> /app/engine/x.mpy
    mkdirs(dst.slice(0, dst.lastIndexOf("/")));
    mp.FS.writeFile(dst, bytes);
  }
  mkdirs(STORE);
  for (const [p, text] of Object.entries(opt.store)) {
    const dst = STORE + "/" + p;
    mkdirs(dst.slice(0, dst.lastIndexOf("/")));
    mp.FS.writeFile(dst, toBytes(text));
  }
  known = storeFiles(STORE, new Map());
  mp.runPython(`
import sys
sys.path[:] = [${JSON.stringify(APP)}] + [p for p in sys.path if p]
from browser import Board, FRAME_MS
board = Board(${JSON.stringify(STORE)}, ${JSON.stringify(APP + "/seeds")}, ${opt.seed}, ${opt.botDelay}, ${opt.link ? "True" : "False"})
`);
  const b = mp.globals.get("board");
  board = { step: b.step, pin: b.pin, frame: b.frame, tone: b.tone }; // each looked up once
  if (opt.link) link = joinLink(opt.link, { feed: b.link.feed_hex, take: b.link.take_hex });
  frameMs = mp.globals.get("FRAME_MS");
  postMessage({ ready: performance.now() - t0 });
  frame();
}

onmessage = (e) => {
  const m = e.data;
  if (m.start) {
    start(m.start).catch((err) => postMessage({ error: "Could not start: " + (err.message || err) }));
  } else if (m.pin !== undefined && board) {
    if (m.down) {
      board.pin(m.pin, true);
      polled[m.pin] = 0;
    }
    released[m.pin] = !m.down;
    inputs++;
  }
};
