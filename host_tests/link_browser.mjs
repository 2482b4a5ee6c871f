// Two tabs of the web page linked as two boards (?link=NAME), in headless
// Chromium, for host_tests/test_web_link.py.
//   node host_tests/link_browser.mjs < plan.json > result.json
// plan: {url, chromium, tabs: [query, ...], steps: [[tab, key], ...]}: each tab
// opened in the same browser context (one localStorage, one BroadcastChannel
// origin), then each key pressed in its tab (Playwright key names), the tab let
// settle. Result: {stores: {localStorage key: text}, links: [[bytes sent, came]
// per tab], errors: [...]}.
import fs from "node:fs";
import { chromium } from "playwright-core";

const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const browser = await chromium.launch({ executablePath: plan.chromium, args: ["--no-sandbox", "--disable-gpu"] });
const errors = [];
try {
  const ctx = await browser.newContext();
  const tabs = [];
  for (const q of plan.tabs) {
    const p = await ctx.newPage();
    p.on("pageerror", (e) => errors.push(String(e)));
    await p.goto(plan.url + q);
    await p.waitForFunction(() => window.jokerPocket.error || window.jokerPocket.titleMs !== null, null, { timeout: 30000 });
    tabs.push(p);
  }
  for (const [k, key] of plan.steps) {
    const p = tabs[k];
    await p.bringToFront();
    await p.keyboard.press(key);
    // every press taken, then time for the other tab to hear of it
    await p.waitForFunction(() => window.jokerPocket.error || window.jokerPocket.settled(), null, { timeout: 30000 });
    await p.waitForTimeout(400);
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
  process.stdout.write(JSON.stringify({ stores, links, errors }) + "\n");
} finally {
  await browser.close();
}
