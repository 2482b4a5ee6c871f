// Two tabs of the web page linked (tools/page/link.mjs), in Node: each "tab" is a
// worker thread, as each tab's firmware runs in a Web Worker, holding the
// MicroPython WebAssembly port and a link port (tools/host/devices.BytePort)
// that link.mjs carries over a BroadcastChannel. A third tab on another link
// name must hear nothing. Prints JSON: what each side read after the other
// wrote, in several frames.
//   node host_tests/link_tabs.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { joinLink } from "../tools/page/link.mjs";

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "..");

async function tab(name) {
  const mp = await loadMicroPython({ heapsize: 256 * 1024, stdout: () => {}, stderr: (s) => console.error(s) });
  mp.FS.mkdir("/tools");
  mp.FS.mkdir("/tools/host");
  mp.FS.writeFile("/tools/__init__.py", "");
  mp.FS.writeFile("/tools/host/__init__.py", "");
  mp.FS.writeFile("/tools/host/devices.py", fs.readFileSync(path.join(ROOT, "tools/host/devices.py")));
  mp.runPython("import sys\nsys.path.insert(0, '/')\nfrom tools.host.devices import BytePort\nport = BytePort()");
  const port = mp.globals.get("port");
  const link = joinLink(name, { feed: port.feed_hex, take: port.take_hex });
  parentPort.on("message", (m) => {
    if (m.write) {
      mp.runPython(`port.write(bytes(${JSON.stringify(m.write)}))`);
      parentPort.postMessage({ flushed: link.flush() }); // as the page's worker does after a frame
    } else if (m.read) {
      mp.runPython("got = list(port.read(-1) or b'')");
      parentPort.postMessage({ got: Array.from(mp.globals.get("got")) });
    } else if (m.close) {
      link.close();
      parentPort.close();
    }
  });
  parentPort.postMessage({ ready: true });
}

function open(name) {
  const w = new Worker(HERE, { workerData: { name } });
  const replies = [];
  let waiting = null;
  w.on("message", (m) => {
    if (waiting) {
      const done = waiting;
      waiting = null;
      done(m);
    } else replies.push(m);
  });
  w.on("error", (e) => {
    console.error(e);
    process.exit(1);
  });
  const next = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((done) => { waiting = done; }));
  return {
    ready: next,
    async ask(m) {
      w.postMessage(m);
      return next();
    },
    close: () => w.postMessage({ close: true }),
  };
}

const pause = (ms) => new Promise((done) => setTimeout(done, ms)); // the other tab's messages land between frames

if (isMainThread) {
  const [a, b, other] = [open("test"), open("test"), open("another link")];
  await Promise.all([a.ready(), b.ready(), other.ready()]);
  const pattern = Array.from({ length: 600 }, (_, i) => (i * 7) % 256);
  const flushed = [];
  for (let at = 0; at < pattern.length; at += 150) {
    flushed.push((await a.ask({ write: pattern.slice(at, at + 150) })).flushed); // a frame's bytes
    await pause(5);
  }
  await pause(50);
  const bGot = (await b.ask({ read: true })).got;
  await b.ask({ write: [1, 2, 3] });
  await pause(50);
  const aGot = (await a.ask({ read: true })).got;
  const otherGot = (await other.ask({ read: true })).got;
  for (const t of [a, b, other]) t.close();
  process.stdout.write(JSON.stringify({ flushed, bGot, aGot, otherGot, pattern }) + "\n");
} else {
  await tab(workerData.name);
}
