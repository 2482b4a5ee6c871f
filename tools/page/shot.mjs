// The README's picture of the web page: the page served at URL, opened in
// headless Chromium at a desktop window's size, a few keys pressed, and the
// page's content (screen, buttons, help and the Link line) written as a PNG.
// `make page-shot` runs it through `python -m tools.web shot`, which serves the page.
//   node tools/page/shot.mjs URL CHROMIUM OUT.png
import { check, launch, loaded, settled } from "./headless.mjs";

// With the match seeds of `make sim ARGS="--seed 7"`: Habitual Joker from the
// title, its setup's defaults (you against a Medium bot) started: the first
// deal's table after the cut, your turn.
const QUERY = "?seed=7";
const KEYS = ["ArrowDown", "ArrowDown", "Enter", "Enter"];
const VIEWPORT = { width: 1280, height: 900 }; // wider than the page's column: the canvas at its largest

const [url, executable, out] = process.argv.slice(2);
const browser = await launch(executable);
try {
  const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await page.goto(url + QUERY);
  await loaded(page);
  await settled(page);
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await settled(page);
  }
  await check(page, "the page");
  await page.locator("main").screenshot({ path: out, animations: "disabled" });
} finally {
  await browser.close();
}
