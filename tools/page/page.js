// The page around the firmware (which runs in worker.js): draws the panel on a
// canvas with crisp pixels, turns keys and on-screen buttons into button
// levels, and keeps the storage root's files in localStorage, so a match
// survives a reload or a closed tab.
//   ?seed=N       reproducible match seeds (as `make sim ARGS="--seed N"`)
//   ?botdelay=MS  the pause before a bot moves (tests use 0)
//   ?link=NAME    this tab is a board linked to the other tab of that name, as by
//                 a cable (tools/page/link.mjs; two tabs only); the Link button
//                 opens a second tab so
//   ?board=N      board N's own storage (board 1 keeps the unlinked page's)
// window.jokerPocket tells tests (and the curious) how the page is doing.
const params = new URLSearchParams(location.search);
// localStorage key of each file of the storage root
const BOARD = parseInt(params.get("board"), 10) || 1;
const PREFIX = "jokerpocket/" + (BOARD > 1 ? "board" + BOARD + "/" : "");
const NAMES = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  z: 4, Z: 4, Enter: 4, x: 5, X: 5, Backspace: 5,
};
const BUSY = 2;
const HELD = 4;
const LIT = [140, 200, 255]; // lit pixels on black at full contrast, as the simulator's window
const W = 128;
const H = 64;

const jp = {
  ready: false, // the firmware is running
  error: null,
  titleMs: null, // from opening the page to the first frame (the title screen)
  startMs: null, // of which: loading MicroPython, the modules and the app
  status: null, // the worker's after its last frame: flags, inputs, steps, longest, link: [bytes sent, came] or null
  sent: 0, // button messages sent to the worker
  longestTask: 0, // the page's own longest task once the title is up, ms (those over 50 ms are seen)
  scale: 1, // canvas pixels per panel pixel
  dot: 1, // the lit square's side: a dark line between pixels when there is room
  lit: LIT, // the colour of a lit pixel now: dimmer at a lower contrast
  tones: [], // the buzzer's pitches in Hz as the worker sent them (0: quiet), for tests
  settled() {
    // Every press taken, nothing about to change by itself: a frame to look at.
    const s = this.status;
    return this.ready && s !== null && s.inputs === this.sent && !(s.flags & (BUSY | HELD));
  },
};
window.jokerPocket = jp;

const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d");
const note = document.getElementById("note");
const LOADING = note.textContent;
let ram = null; // the last frame: 8 pages x 128 column bytes

function draw() {
  const s = jp.scale;
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!ram) return;
  ctx.fillStyle = `rgb(${jp.lit.join(",")})`;
  const size = jp.dot;
  for (let y = 0; y < H; y++) {
    const page = (y >> 3) * W;
    const bit = 1 << (y & 7);
    for (let x = 0; x < W; x++) {
      if (ram[page + x] & bit) ctx.fillRect((x + 1) * s, (y + 1) * s, size, size);
    }
  }
}

// A short landscape window, a phone held sideways: the buttons go beside the
// screen (index.html, .beside), so screen and buttons fit without scrolling.
const BESIDE = matchMedia("(orientation: landscape) and (max-height: 600px)");
const help = document.getElementById("help");

// The largest whole number of device pixels per panel pixel that fits the
// width (beside the buttons, the height too), so every pixel is the same
// size on any screen.
function fit() {
  const dpr = window.devicePixelRatio || 1;
  const beside = BESIDE.matches;
  document.documentElement.classList.toggle("beside", beside);
  const box = canvas.parentElement;
  const pad = getComputedStyle(box);
  const width = box.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight);
  let room = Math.min(width, 780);
  if (beside) {
    // What stands above and below the canvas: the frame, the note, the help.
    const main = getComputedStyle(box.parentElement);
    const used = parseFloat(main.paddingTop) + parseFloat(main.paddingBottom) + parseFloat(pad.paddingTop) +
      parseFloat(pad.paddingBottom) + note.offsetHeight + help.offsetHeight + 8;
    room = Math.min(room, (window.innerHeight - used) * (W + 2) / (H + 2));
  }
  room *= dpr;
  jp.scale = Math.max(2, Math.floor(room / (W + 2)));
  jp.dot = jp.scale >= 4 ? jp.scale - 1 : jp.scale;
  canvas.width = (W + 2) * jp.scale;
  canvas.height = (H + 2) * jp.scale;
  canvas.style.width = canvas.width / dpr + "px";
  canvas.style.height = canvas.height / dpr + "px";
  draw();
}

function hexBytes(hex) {
  const b = new Uint8Array(hex.length / 2);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(hex.substr(2 * i, 2), 16);
  return b;
}

function storedFiles() {
  const files = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(PREFIX)) files[k.slice(PREFIX.length)] = localStorage.getItem(k);
    }
  } catch (e) {
    note.textContent = "This browser keeps no storage for the page: matches are not saved.";
  }
  return files;
}

function store(changes) {
  try {
    for (const [p, text] of Object.entries(changes)) {
      if (text === null) localStorage.removeItem(PREFIX + p);
      else localStorage.setItem(PREFIX + p, text);
    }
  } catch (e) {
    note.textContent = "Could not save: " + e.message;
  }
}

// The buzzer: a square-wave oscillator, quiet until the firmware sets a
// pitch. Browsers allow audio only after a press, so it is made at the first.
let audio = null;
let osc = null;
let gain = null;
function hear() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
  osc = audio.createOscillator();
  gain = audio.createGain();
  osc.type = "square";
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
}
function tone(hz) {
  jp.tones.push(hz);
  if (!audio) return;
  if (hz) osc.frequency.setValueAtTime(hz, audio.currentTime);
  gain.gain.setValueAtTime(hz ? 0.05 : 0, audio.currentTime);
}

const worker = new Worker("worker.js", { type: "module" });
worker.onmessage = (e) => {
  const m = e.data;
  if (m.frame) {
    const shown = hexBytes(m.frame);
    const k = 0.4 + 0.6 * shown[0] / 255; // an OLED at contrast 0 is dim, not dark
    jp.lit = LIT.map((c) => Math.round(c * k));
    ram = shown.subarray(1);
    draw();
    if (jp.titleMs === null) jp.titleMs = performance.now();
  } else if (m.status) {
    jp.status = m.status;
  } else if (m.tone !== undefined) {
    tone(m.tone);
  } else if (m.store) {
    store(m.store);
  } else if (m.ready !== undefined) {
    jp.startMs = m.ready;
    jp.ready = true;
    if (note.textContent === LOADING) note.textContent = "";
  } else if (m.error) {
    jp.error = m.error;
    note.textContent = m.error;
  }
};
worker.onerror = (e) => {
  jp.error = "This browser cannot run the player: " + (e.message || "worker failed");
  note.textContent = jp.error;
};

const seed = params.has("seed") ? parseInt(params.get("seed"), 10) & 0x1fffffff
  : crypto.getRandomValues(new Uint32Array(1))[0] & 0x1fffffff;
const botDelay = params.has("botdelay") ? parseInt(params.get("botdelay"), 10) : -1;
worker.postMessage({ start: { store: storedFiles(), seed, botDelay, link: params.get("link") } });

// --- the link to a second tab ---

const linkName = params.get("link");
if (linkName) {
  document.getElementById("linkline").textContent = `This tab is board ${BOARD} of the link "${linkName}" ` +
    "(two tabs): choose Link play on its title, host on one board and join on the other.";
} else {
  document.getElementById("link").addEventListener("click", () => {
    const name = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
    window.open(`?link=${name}&board=2`, "_blank");
    location.search = `?link=${name}&board=1`;
  });
}

// --- buttons: a pin held low while a key or an on-screen button is down ---

const down = new Set(); // buttons held, by any means
function level(b, pressed) {
  if (!jp.ready || down.has(b) === pressed) return;
  if (pressed) hear();
  if (pressed) down.add(b);
  else down.delete(b);
  jp.sent++;
  worker.postMessage({ pin: b, down: pressed });
  document.querySelector(`[data-b="${NAMES[b]}"]`).classList.toggle("down", pressed);
}

addEventListener("keydown", (e) => {
  const b = KEYS[e.key];
  if (b === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault(); // arrows would scroll, Backspace go back
  if (!e.repeat) level(b, true); // the firmware repeats a held direction itself
});
addEventListener("keyup", (e) => {
  const b = KEYS[e.key];
  if (b !== undefined) level(b, false);
});
addEventListener("blur", () => { for (const b of [...down]) level(b, false); });

for (const el of document.querySelectorAll("[data-b]")) {
  const b = NAMES.indexOf(el.dataset.b);
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    level(b, true);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
    el.addEventListener(type, () => level(b, false));
  }
  el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch
}

if (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes.includes("longtask")) {
  new PerformanceObserver((list) => {
    for (const t of list.getEntries()) {
      if (jp.titleMs !== null && t.startTime >= jp.titleMs) jp.longestTask = Math.max(jp.longestTask, t.duration);
    }
  }).observe({ type: "longtask" });
}

addEventListener("resize", fit); // and a phone turned round
fit();
