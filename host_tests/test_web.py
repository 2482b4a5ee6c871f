# The web page (make web) in headless Chromium, against the simulator: the
# same firmware on the MicroPython WebAssembly port must show, pixel for
# pixel, what tools/sim.py shows for the same seed and presses. The scripts
# are made here on the simulator (keys, touch taps, reloads, storage edits)
# and played on the page by host_tests/browser.mjs:
# - every playable game: a whole short match through its screens (one person,
#   Hard bots, the shortest options), the page reloaded or its tab closed and
#   opened again in the middle and the match resumed, the save in the
#   browser's storage byte for byte the simulator's;
# - a game's rules screen; a damaged save in storage gives the notice, and is
#   set aside as on the board.
# Without Chromium, Node or playwright-core the tests are skipped and say why
# (make deps installs them); under CI (CI set) they fail instead.
import json
import os
import shutil
import subprocess
import sys
import time

import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import registry
from engine.rng import Rng
from firmware import play, saves, saves_reading, sound, ui
from firmware.buttons import A, B, DOWN, LEFT, NAMES, RIGHT, UP
from firmware.match import PERSON
from firmware.tables import playable
from tools import build, web
from tools.sim import SEEDS, Device
from tools.web import chromium

HARNESS = os.path.join(web.ROOT, "host_tests", "browser.mjs")
PLAYWRIGHT = os.path.join(web.ROOT, "node_modules", "playwright-core")
FIGURES = os.path.join(web.ROOT, "build", "web-figures.txt")
SEED = 7
CUT_AFTER = 3  # person moves before the reload in the middle of a match
TOUCH_EVERY = 5  # of a button's presses, the 2nd, 7th, 12th ... are taps on its on-screen button
KEYS = {UP: ("ArrowUp",), DOWN: ("ArrowDown",), LEFT: ("ArrowLeft",), RIGHT: ("ArrowRight",),
        A: ("z", "Enter"), B: ("x", "Backspace")}
MAX_PRESSES = 3000
ARROW_MOVES = 40  # person moves with random arrows before A; later ones A only (long matches)
LANES = 2  # sessions played at once (on two cores)


def missing():
    # Why the browser tests cannot run here, or None.
    if shutil.which("node") is None:
        return "node is not on PATH"
    if not os.path.isdir(PLAYWRIGHT):
        return "playwright-core is not installed (make deps runs npm ci)"
    if chromium() is None:
        return "Chromium is not installed (make deps installs Debian's chromium when run as root)"
    return None


def needs(what, why):
    # Skips `what` where something is missing (why; None: nothing is), but
    # fails it under CI, where all must be there.
    if why:
        if os.environ.get("CI"):
            pytest.fail(what + " cannot run on CI: " + why)
        pytest.skip(what + " skipped: " + why)


def ram(dev):
    return dev.i2c.panel.shown().hex()


def picture(hexram):
    # The frame in half blocks, for a failure message.
    b = bytes.fromhex(hexram)
    px = [[(b[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]
    return "\n".join("".join(" \u2580\u2584\u2588"[px[y][x] | (px[y + 1][x] << 1)] for x in range(128))
                     for y in range(0, 64, 2))


def stored(root):
    # The storage root's files as the page keeps them: one char per byte.
    out = {}
    for name in sorted(os.listdir(root)):
        with open(os.path.join(root, name), "rb") as f:
            out[name] = f.read().decode("latin-1")
    return out


class Hands:
    # How each press is made, shared by the scripts so that together they use
    # every key the page names and every on-screen button.
    def __init__(self):
        self.pressed = [0] * len(NAMES)  # per button
        self.keyed = [0] * len(NAMES)  # per button: presses made with a key

    def step(self, b):
        self.pressed[b] += 1
        if self.pressed[b] % TOUCH_EVERY == 2:
            return ["tap", NAMES[b]]
        self.keyed[b] += 1
        return ["key", KEYS[b][(self.keyed[b] - 1) % len(KEYS[b])]]  # each of its keys in turn


class Script:
    # Presses on the simulator, recorded as the page's steps, with the frame
    # each one leaves once nothing is about to change by itself.
    def __init__(self, name, root, hands):
        os.makedirs(root)
        self.name = name
        self.root = root
        self.dev = Device(root, SEED, seeds_dir=SEEDS)
        self.steps = []
        self.frames = [ram(self.dev)]
        self.stores = []
        self.hands = hands
        self.moves = 0  # made by the person
        self.paused = False
        self.rng = Rng(SEED)

    def top(self):
        return self.dev.app.stack[-1]

    def press(self, b):
        self.dev.press(b)
        self.dev.idle()
        self.steps.append(self.hands.step(b))
        self.frames.append(ram(self.dev))

    def restart(self, step):
        # The page loaded again: the board powered up on the same storage.
        self.dev = Device(self.root, SEED, seeds_dir=SEEDS)
        self.dev.idle()
        self.steps.append(step)
        self.frames.append(ram(self.dev))

    def damage(self, text, why):
        # The page keeps a file as text of one char per byte; a char above
        # 255, written by hand, counts as its low byte.
        with open(saves.path(self.root, saves.NAME), "wb") as f:
            f.write(bytes([ord(c) & 255 for c in text]))
        self.restart(["set", "jokerpocket/" + saves.NAME, text])
        t = self.top()
        assert isinstance(t, ui.Dialog) and " ".join(t.rows) == "Saved match moved to save.bad: " + why

    def store(self):
        self.steps.append(["store"])
        self.stores.append(stored(self.root))

    def menu_pick(self, label):
        m = self.top()
        for _ in range(len(m.items)):
            if m.items[m.cur] == label or m.items[m.cur].startswith(label + ":"):  # as drive.menu_pick
                self.press(A)
                return
            self.press(DOWN)
        raise AssertionError("%r not in menu %r" % (label, m.items))

    def setup_short(self):
        # The fewest seats, one person then Hard bots, the smallest number
        # each numeric option offers (best of 1, ...); then Start.
        s = self.top()
        assert type(s).__name__ == "Setup"
        hard = s.cycle[-1]  # Person, Easy, Medium, Hard
        for r in range(len(s.rows)):
            kind, j = s.rows[r]
            while s.cur != r:
                self.press(DOWN)
            for _ in range(8):
                if kind == "seat":
                    done = s.seats[j] == (PERSON if j == 0 else hard)
                elif kind == "opt":
                    choices = s.opts[j][2]
                    numeric = [c for c in choices if isinstance(c, int)]
                    done = len(numeric) < len(choices) or choices[s.vals[j]] == min(numeric)
                else:
                    done = True
                if done:
                    break
                self.press(RIGHT if kind == "seat" else LEFT)  # LEFT means fewer
        self.menu_pick("Start")
        assert isinstance(self.top(), play.GameScreen)

    def person_moves(self, count):
        # Plays on: the person's moves by the table's cursor (a few random
        # arrows for the first ARROW_MOVES, then A: only legal choices can be
        # selected), A on every screen that waits for it, B and Resume once;
        # the bots by themselves. Stops after `count` person moves (None: at
        # the end of the match).
        made = 0
        for _ in range(MAX_PRESSES):
            t = self.top()
            if isinstance(t, play.MatchEnd) or made == count:
                return
            if (isinstance(t, play.GameScreen) and t.end == play.NONE and not t.bot
                    and t.who == t.viewer and not t.table.holding()):
                if not self.paused:  # the pause menu once, then Resume
                    self.paused = True
                    self.press(B)
                    self.press(A)
                for _ in range(self.rng.below(3) if self.moves < ARROW_MOVES else 0):
                    self.press((UP, DOWN, LEFT, RIGHT)[self.rng.below(4)])
                n = len(t.match.moves)
                self.press(A)
                if len(t.match.moves) > n:
                    made += 1
                    self.moves += 1
            else:
                self.press(A)
        raise AssertionError("%s: the match did not end" % self.name)

    def session(self):
        return {"name": self.name, "query": "?seed=%d&botdelay=0" % SEED, "steps": self.steps}


def match_script(gid, root, cut, hands):
    # A whole short match of the game, the page reloaded (or its tab closed
    # and opened again) after CUT_AFTER person moves, the save compared with
    # the simulator's first, and the match resumed.
    s = Script(gid, root, hands)
    s.menu_pick(registry.title(gid))
    s.setup_short()
    s.person_moves(CUT_AFTER)
    assert saves.NAME in os.listdir(root)
    s.store()
    s.restart([cut])
    s.menu_pick("Resume " + registry.title(gid))
    s.person_moves(None)
    assert isinstance(s.top(), play.MatchEnd)
    s.press(B)  # back to the title (A would play again)
    s.store()  # a finished match leaves no save
    return s


def damage_script(gid, root, hands):
    # The game's rules screen first (the rules files are in the page), then a
    # save damaged in storage: the notice, the save set aside (save.bad), the
    # title without Resume; then the same for a file that is no save at all.
    s = Script("damaged save", root, hands)
    s.menu_pick(registry.title(gid))
    s.menu_pick("Rules")  # the setup's line under Start
    assert type(s.top()).__name__ == "Rules"  # its module is loaded for the screen alone
    for b in (DOWN, DOWN, DOWN, UP, B):
        s.press(b)
    assert type(s.top()).__name__ == "Setup"
    s.menu_pick("Start")
    s.person_moves(2)
    with open(saves.path(root, saves.NAME), "rb") as f:
        data = bytearray(f.read())
    data[-2] ^= 0x01  # one bit of the payload: the checksum no longer matches
    s.damage(data.decode("latin-1"), "checksum wrong")
    s.store()
    s.press(A)
    s.damage("not a save \u2603", "unknown format")
    s.store()
    s.press(A)
    return s


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # The page built (make web) and served as make web-serve serves it, on a
    # free port: (its folder, its address).
    needs("browser tests", missing())
    out = str(tmp_path_factory.mktemp("site") / "site")
    web.make(out)
    server = subprocess.Popen([sys.executable, "-m", "tools.web", "serve", "--dir", out, "--port", "0"],
                              cwd=web.ROOT, stdout=subprocess.PIPE, text=True)
    try:
        yield out, server.stdout.readline().split(" on ")[1].split()[0]
    finally:
        server.terminate()
        server.wait()


def browse(url, sessions=(), layouts=()):
    # The plan played by host_tests/browser.mjs: its results.
    plan = {"url": url, "chromium": chromium(), "lanes": LANES, "sessions": list(sessions), "layouts": list(layouts)}
    proc = subprocess.run(["node", HARNESS], input=json.dumps(plan), capture_output=True, text=True,
                          cwd=web.ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def runs(site, tmp_path_factory):
    # Every script played on the page once: [(script, result)].
    if os.path.exists(FIGURES):
        os.remove(FIGURES)
    tmp = tmp_path_factory.mktemp("web")
    games = playable()
    hands = Hands()
    scripts = [match_script(games[i], str(tmp / games[i]), ("reload", "reopen")[i % 2], hands)
               for i in range(len(games))]
    scripts.append(damage_script(games[0], str(tmp / "damaged"), hands))
    out, url = site
    t = time.time()
    results = browse(url, [s.session() for s in scripts])
    _figures(results, out, time.time() - t)
    return list(zip(scripts, results["sessions"]))


def _figures(results, out, spent):
    # What the README states, as this run measured it (make test shows it).
    sessions = results["sessions"]
    loads = [ld for r in sessions for ld in r["loads"]]
    weight = web.weight(out, root="")
    lines = [
        "web: page weight " + ", ".join(["%s %d KB (%d gzipped)" % (p, raw // 1000, z // 1000)
                                         for p, raw, z in weight]),
        "web: title screen %.0f ms after opening (first load alone; max %.0f over %d loads)"
        % (sessions[0]["loads"][0]["titleMs"], max([ld["titleMs"] for ld in loads]), len(loads)),
        "web: longest frame %.1f ms in the worker; the page's longest task after the title %.0f ms (0: none over 50 ms)"
        % (max([r["longest"] for r in sessions]), max([r["longestTask"] for r in sessions])),
        "web: %d frames equal to the simulator's in %.1f s (Chromium %s, %d sessions, %d at a time): %s"
        % (sum([len(r["frames"]) for r in sessions]), spent, results["version"], len(sessions), LANES,
           ", ".join(["%s %d in %.1f s" % (r["name"], len(r["frames"]), r["ms"] / 1000) for r in sessions])),
    ]
    os.makedirs(os.path.dirname(FIGURES), exist_ok=True)
    with open(FIGURES, "w") as f:
        f.write("\n".join(lines) + "\n")


def check_frames(script, result):
    assert result["errors"] == [], result["errors"]
    assert len(result["frames"]) == len(script.frames)
    for i in range(len(script.frames)):
        want, got = script.frames[i], result["frames"][i]
        if got != want:
            step = script.steps[i - 1] if i else ["open"]
            raise AssertionError("%s: after step %d %r the page shows\n%s\nbut the simulator\n%s"
                                 % (script.name, i, step, picture(got), picture(want)))
        assert result["bad"][i] == 0, "%s: frame %d drawn with %d stray canvas pixels" % (
            script.name, i, result["bad"][i])


def test_every_game_plays_a_whole_match_pixel_for_pixel(runs):
    games = [s.name for s, _ in runs[:-1]]
    assert games == playable() and len(games) >= 2
    used = set([tuple(step) for s, _ in runs for step in s.steps])
    for b in range(len(NAMES)):  # every key the page names, and every on-screen button
        assert ("tap", NAMES[b]) in used
        for k in KEYS[b]:
            assert ("key", k) in used
    for script, result in runs[:-1]:
        check_frames(script, result)
        assert type(script.top()).__name__ == "Title"
        assert result["late"] == [], "%s: network use after load: %r" % (script.name, result["late"][:3])
        # The buzzer (issue 24) through the browser's audio: the tones of firmware/sound.py's table,
        # "your turn" among them where a bot moves before the person (Joker Poker's person arranges first).
        pitches = set([hz for notes in sound.TONES.values() for hz, _ in notes])
        assert set(result["tones"]) <= pitches | {0}, (script.name, result["tones"])
        assert (sound.TONES["turn"][0][0] in result["tones"]) == (script.name != "jokerpoker"), script.name


def test_reload_or_a_new_tab_resumes_the_match_from_the_browsers_storage(runs):
    cuts = []
    for script, result in runs[:-1]:
        # The save in localStorage is the simulator's save.jp byte for byte;
        # after the reload the frames above match move for move to the end.
        mid, end = result["stores"]
        assert mid == script.stores[0] and saves.NAME in mid
        rec = saves_reading.decode(mid[saves.NAME].encode("latin-1"))
        assert rec["game"] == script.name and len(rec["moves"]) >= CUT_AFTER
        assert end == script.stores[1] and saves.NAME not in end  # the settings remember the setup
        cuts += [step[0] for step in script.steps if step in (["reload"], ["reopen"])]
        assert len(result["loads"]) == 2
    assert sorted(set(cuts)) == ["reload", "reopen"]


def test_damaged_save_gives_the_notice(runs):
    script, result = runs[-1]
    check_frames(script, result)
    for store in result["stores"]:
        assert saves.NAME not in store and saves.ASIDE in store
    assert result["stores"] == script.stores
    with pytest.raises(saves_reading.SaveError):
        saves_reading.decode(result["stores"][0][saves.ASIDE].encode("latin-1"))


# Browser contexts the page is laid out in: a phone held sideways (two
# sizes), the same phone upright, a desktop window with a mouse and keys.
PHONE = {"hasTouch": True, "isMobile": True}
LAYOUTS = (
    ("phone sideways", dict(PHONE, viewport={"width": 844, "height": 390}, deviceScaleFactor=3)),
    ("small phone sideways", dict(PHONE, viewport={"width": 640, "height": 360})),
    ("phone upright", dict(PHONE, viewport={"width": 390, "height": 844}, deviceScaleFactor=3)),
    ("desktop", {"viewport": {"width": 800, "height": 700}}),
)


def test_buttons_beside_the_screen_on_a_phone_held_sideways_and_help_for_touch(site):
    got = browse(site[1], layouts=[{"name": n, "context": c} for n, c in LAYOUTS])["layouts"]
    assert [r["name"] for r in got] == [n for n, _ in LAYOUTS]
    for r, (name, context) in zip(got, LAYOUTS):
        assert r["error"] is None, (name, r["error"])
        w, h = r["view"]
        left, top, right, bottom = r["canvas"]
        dpad = [r["buttons"][b] for b in ("UP", "DOWN", "LEFT", "RIGHT")]
        ab = [r["buttons"][b] for b in ("A", "B")]
        if name != "desktop":
            # The whole screen and every button in view: nothing to scroll to.
            for x0, y0, x1, y1 in [r["canvas"]] + dpad + ab:
                assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h, (name, r)
            assert r["tapped"], name  # a touch on a button reaches the firmware
        if "sideways" in name:
            assert r["scroll"] == [w, h], (name, r["scroll"])  # the page does not scroll at all
            assert all([x1 <= left for x0, y0, x1, y1 in dpad]), (name, r)  # the arrows left of the screen
            assert all([x0 >= right for x0, y0, x1, y1 in ab]), (name, r)  # A and B right of it
        else:
            assert all([y0 >= bottom for x0, y0, x1, y1 in dpad + ab]), (name, r)  # under the screen
        assert r["scale"] >= 2 and (right - left) * context.get("deviceScaleFactor", 1) >= 2 * 130
        # The help line speaks of touch where there are no keys to speak of.
        if context.get("hasTouch"):
            assert r["help"].startswith("Touch the buttons") and "Enter" not in r["help"], (name, r["help"])
        else:
            assert r["help"].startswith("Keys:") and "Enter" in r["help"] and "Touch" not in r["help"]


def test_site_holds_the_boards_own_modules(tmp_path):
    # No browser needed: the page runs the .mpy files the board gets, byte for
    # byte (but where the board's also hold machine code: the port runs its
    # bytecode), and the worker's list names everything under app/.
    site = str(tmp_path / "site")
    device = str(tmp_path / "device")
    listed = web.make(site)
    build.build("pico", device)
    board = [rel for rel in build.expected() if rel.endswith(".mpy") or rel.startswith(build.SEEDS + "/")]
    assert len(board) > 20
    for rel in board:
        with open(os.path.join(device, rel), "rb") as a, open(os.path.join(site, "app", rel), "rb") as b:
            if rel.endswith(".mpy") and build.native_source(rel[:-4] + ".py")[1]:
                assert b.read(3)[2] >> 2 == 0, rel
            else:
                assert a.read() == b.read(), rel
    with open(os.path.join(site, "files.json")) as f:
        assert json.load(f) == [p for p in listed if p.startswith("app/")]
    extra = sorted("app/" + dst for _, dst in web.EXTRA)
    assert sorted(p for p in listed if p.startswith("app/")) == sorted(["app/" + r for r in board] + extra)
    for name in web.PAGE + web.PORT_FILES + ("files.json",):
        assert name in listed
    rows = web.weight(site, root="")
    assert rows[-1][1] == sum(os.path.getsize(os.path.join(site, p)) for p in listed)


def test_the_page_shows_what_the_glass_shows():
    # The page draws Panel.shown(): the RAM while the display is on, black when
    # it is off (a screen saver may switch it off), the RAM inverted under 0xA7.
    from firmware.ssd1306 import SSD1306
    from tools.host.devices import FakeI2C

    bus = FakeI2C()
    d = SSD1306(bus)
    d.fb.fill_rect(0, 0, 8, 8, 1)
    d.show()
    p = bus.panel
    assert p.shown() == bytes(p.ram) and p.shown()[:8] == b"\xff" * 8 and not any(p.shown()[8:])
    d.power(False)
    assert p.shown() == bytes(1024) and any(p.ram)
    d.power(True)
    d.invert(True)
    assert p.shown() == bytes([b ^ 0xFF for b in p.ram])
