// Plays scripted sessions on the web page in headless Chromium (playwright-core
// driving the Chromium given), for host_tests/test_web.py, which makes the
// scripts with the simulator and checks what comes back against it.
//
//   node host_tests/browser.mjs < plan.json > results.json
//
// plan: {url, chromium, lanes, sessions: [{name, query, steps}], layouts}. Each session
// runs in a fresh browser context (empty storage), `lanes` of them at a time. A step is one of
//   ["key", KEY]          a key pressed and released (Playwright key name)
//   ["tap", BUTTON]       an on-screen button touched (UP ... A, B)
//   ["reload"]            the page reloaded (a match must resume)
//   ["reopen"]            the tab closed and the page opened in a new one
//   ["set", KEY, TEXT]    a localStorage item written, then the page reloaded
//   ["store"]             the stored files read back
// After opening and after every step the page must settle (every press taken,
// no bot about to move); then the canvas is read. Results, per session:
// {name, frames: [ram hex], bad: [canvas pixels off the crisp rendering, per
// frame], stores: [{path: text}], loads: [{titleMs, startMs}], longest,
// longestTask, late: [requests made after a load finished], tones: [the
// buzzer's pitches the page was sent, Hz, 0 quiet]}.
// plan.layouts: [{name, context}] (a browser context's options: viewport,
// hasTouch, isMobile, deviceScaleFactor), each opened fresh: results
// {name, view: [width, height], scroll: [width, height], canvas: [left, top,
// right, bottom], buttons: {UP: [...], ...}, help: the help line as shown,
// scale, tapped: the frame changed after a tap (a click without touch) on the
// on-screen DOWN}.
import fs from "node:fs";
import { check, launch, loaded, settled } from "../tools/page/headless.mjs";

// In the page: the canvas back to panel RAM, and how many canvas pixels are
// not what the crisp rendering of that RAM gives (lit squares on black).
function readCanvas() {
  const c = document.getElementById("screen");
  const s = window.jokerPocket.scale;
  const size = window.jokerPocket.dot;
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const at = (x, y) => (y * c.width + x) * 4;
  const ram = new Uint8Array(1024);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      if (d[at((x + 1) * s + (size >> 1), (y + 1) * s + (size >> 1))] > 64) ram[(y >> 3) * 128 + x] |= 1 << (y & 7);
    }
  }
  const lit = window.jokerPocket.lit;
  let bad = 0;
  for (let py = 0; py < c.height; py++) {
    for (let px = 0; px < c.width; px++) {
      const x = Math.floor(px / s) - 1;
      const y = Math.floor(py / s) - 1;
      const on = x >= 0 && x < 128 && y >= 0 && y < 64 && px % s < size && py % s < size &&
        (ram[(y >> 3) * 128 + x] >> (y & 7)) & 1;
      const i = at(px, py);
      const want = on ? lit : [0, 0, 0];
      if (d[i] !== want[0] || d[i + 1] !== want[1] || d[i + 2] !== want[2] || d[i + 3] !== 255) bad++;
    }
  }
  return { ram: Array.from(ram, (b) => b.toString(16).padStart(2, "0")).join(""), bad };
}

function storedFiles() {
  const out = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith("jokerpocket/")) out[k.slice(12)] = localStorage.getItem(k);
  }
  return out;
}

async function runSession(browser, plan, s, onLoad) {
  const ctx = await browser.newContext({ hasTouch: true, viewport: { width: 800, height: 700 } });
  const t0 = Date.now();
  const res = { name: s.name, frames: [], bad: [], stores: [], loads: [], longest: 0, longestTask: 0, late: [], errors: [],
    tones: [] };
  let loading = true;
  ctx.on("request", (r) => { if (!loading) res.late.push(r.url()); });
  let page = null;
  const url = plan.url + (s.query || "");

  const watch = (p) => {
    p.on("pageerror", (e) => res.errors.push(String(e)));
    p.on("console", (m) => { if (m.type() === "error") res.errors.push(m.text()); });
  };
  const settle = async () => {
    await settled(page);
    await check(page, s.name);
  };
  const measure = async () => {
    const m = await page.evaluate(() => [window.jokerPocket.status.longest, window.jokerPocket.longestTask,
      window.jokerPocket.tones]);
    res.longest = Math.max(res.longest, m[0]);
    res.longestTask = Math.max(res.longestTask, m[1]);
    res.tones.push(...m[2]);
  };
  const load = async () => {
    await loaded(page);
    await settle();
    res.loads.push(await page.evaluate(() => ({ titleMs: window.jokerPocket.titleMs, startMs: window.jokerPocket.startMs })));
    loading = false;
  };
  const open = async () => {
    page = await ctx.newPage();
    watch(page);
    loading = true;
    await page.goto(url);
    await load();
  };
  const capture = async () => {
    const f = await page.evaluate(readCanvas);
    res.frames.push(f.ram);
    res.bad.push(f.bad);
  };

  await open();
  if (onLoad) onLoad();
  await capture();
  for (const step of s.steps) {
    const [kind, a, b] = step;
    if (kind === "key") {
      await page.keyboard.press(a);
    } else if (kind === "tap") {
      await page.tap(`[data-b="${a}"]`);
    } else if (kind === "reload" || kind === "set") {
      await measure();
      if (kind === "set") await page.evaluate(([k, v]) => localStorage.setItem(k, v), [a, b]);
      loading = true;
      await page.reload();
      await load();
    } else if (kind === "reopen") {
      await measure();
      await page.close();
      await open();
    } else if (kind === "store") {
      res.stores.push(await page.evaluate(storedFiles));
      continue;
    } else {
      throw new Error("unknown step " + JSON.stringify(step));
    }
    await settle();
    await capture();
  }
  await measure();
  await ctx.close();
  res.ms = Date.now() - t0;
  return res;
}

// Where the page put the screen and the buttons, in CSS pixels of the viewport.
function measure() {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const buttons = {};
  for (const el of document.querySelectorAll("[data-b]")) buttons[el.dataset.b] = box(el);
  const doc = document.documentElement;
  return {
    view: [innerWidth, innerHeight], scroll: [doc.scrollWidth, doc.scrollHeight], buttons,
    canvas: box(document.getElementById("screen")), help: document.getElementById("help").innerText.trim(),
    scale: window.jokerPocket.scale,
  };
}

async function runLayout(browser, plan, l) {
  const ctx = await browser.newContext(l.context);
  const page = await ctx.newPage();
  await page.goto(plan.url + "?seed=7&botdelay=0");
  await loaded(page);
  await settled(page);
  const res = { name: l.name, ...(await page.evaluate(measure)) };
  const before = (await page.evaluate(readCanvas)).ram;
  if (l.context.hasTouch) await page.tap('[data-b="DOWN"]');
  else await page.click('[data-b="DOWN"]');
  await settled(page);
  res.tapped = (await page.evaluate(readCanvas)).ram !== before;
  res.error = await page.evaluate(() => window.jokerPocket.error);
  await ctx.close();
  return res;
}

const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const browser = await launch(plan.chromium);
try {
  // Sessions run side by side (each page's firmware mostly waits on its
  // timers); the first opens alone, so its time to the title is undisturbed.
  const out = { version: browser.version(), sessions: [] };
  let next = 0;
  let firstLoad;
  const alone = new Promise((resolve) => { firstLoad = resolve; });
  const lane = async (n) => {
    if (n > 0) await alone;
    while (next < plan.sessions.length) {
      const i = next++;
      out.sessions[i] = await runSession(browser, plan, plan.sessions[i], i === 0 ? firstLoad : null);
    }
    firstLoad();
  };
  await Promise.all(Array.from({ length: plan.lanes || 1 }, (_, n) => lane(n)));
  out.layouts = [];
  for (const l of plan.layouts || []) out.layouts.push(await runLayout(browser, plan, l));
  process.stdout.write(JSON.stringify(out));
} finally {
  await browser.close();
}
