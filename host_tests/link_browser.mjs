// Two tabs of the web page linked as two boards, in headless Chromium, for
// host_tests/test_web_link.py.
//   node host_tests/link_browser.mjs < plan.json > result.json
// plan: {url, chromium, steps: [[tab, key], ...], saves: [localStorage key, ...]}:
// the page opened, its "Link a second tab" clicked (tab 0 reloads as board 1,
// tab 1 opens as board 2, in the same browser context: one localStorage, one
// BroadcastChannel origin), then each key pressed in its tab (Playwright key
// names), the tab let settle; then, up to 20 s, until the saves named hold
// the same moves (the test says what it finds then).
// Result: {urls, stores: {localStorage key: text}, links: [[bytes sent, came]
// per tab], errors: [...]}.
import fs from "node:fs";
import { launch, loaded, settled } from "../tools/page/headless.mjs";

const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const browser = await launch(plan.chromium);
const errors = [];
try {
  const ctx = await browser.newContext();
  const ready = async (p) => {
    p.on("pageerror", (e) => errors.push(String(e)));
    await loaded(p);
  };
  const first = await ctx.newPage();
  await first.goto(plan.url);
  await ready(first);
  const [second] = await Promise.all([ctx.waitForEvent("page"), first.waitForURL(/link=/), first.click("#link")]);
  await second.waitForLoadState();
  await first.waitForLoadState();
  await Promise.all([ready(first), ready(second)]);
  const tabs = [first, second];
  for (const [k, key] of plan.steps) {
    const p = tabs[k];
    await p.bringToFront();
    await p.keyboard.press(key);
    // every press taken, then time for the other tab to hear of it
    await settled(p);
    await p.waitForTimeout(400);
  }
  if (plan.saves) {
    // Until every board named has saved the same moves: a move goes round
    // the tabs by messages, late on a loaded machine, so no fixed wait.
    await tabs[0].waitForFunction((keys) => {
      const moves = keys.map((k) => {
        const v = localStorage.getItem(k);
        return v === null ? null : JSON.stringify(JSON.parse(v.slice(v.indexOf("\n") + 1)).moves);
      });
      return moves[0] !== null && moves.every((m) => m === moves[0]);
    }, plan.saves, { timeout: 20000, polling: 50 }).catch(() => {});
  }
  for (const p of tabs) {
    const err = await p.evaluate(() => window.jokerPocket.error);
    if (err) errors.push(err);
  }
  const stores = await tabs[0].evaluate(() => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) out[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
    return out;
  });
  const links = [];
  for (const p of tabs) links.push(await p.evaluate(() => window.jokerPocket.status.link));
  process.stdout.write(JSON.stringify({ urls: tabs.map((p) => p.url()), stores, links, errors }) + "\n");
} finally {
  await browser.close();
}
