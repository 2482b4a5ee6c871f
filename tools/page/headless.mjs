// The web page in headless Chromium (playwright-core driving the Chromium
// given), for the scripts that open it: the browser tests
// (host_tests/browser.mjs, link_browser.mjs) and the README's picture
// (tools/page/shot.mjs). What they wait on is window.jokerPocket (page.js).
import { chromium } from "playwright-core";

// No GPU, and nothing fetched but the page: no updates, sync or extensions.
const FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-extensions",
];
export const LOAD_MS = 30000;
export const SETTLE_MS = 60000; // a deal's end waits 1.2 s; a whole bot turn takes a few frames

export function launch(executablePath) {
  return chromium.launch({ executablePath, headless: true, args: FLAGS });
}

// The first frame (the title screen) drawn, or an error.
export function loaded(page) {
  return page.waitForFunction(() => window.jokerPocket.error || window.jokerPocket.titleMs !== null, null,
    { timeout: LOAD_MS, polling: 10 });
}

// Every press taken and nothing about to change by itself (a frame to look
// at), or an error.
export function settled(page) {
  return page.waitForFunction(() => window.jokerPocket.error || window.jokerPocket.settled(), null,
    { timeout: SETTLE_MS, polling: 10 });
}

// The page's error, thrown with `what` in front.
export async function check(page, what) {
  const err = await page.evaluate(() => window.jokerPocket.error);
  if (err) throw new Error(what + ": " + err);
}
