# Firmware-level figures, measured on the real app with host stand-ins:
#   I2C bytes a cursor press and a move redraw send, against a full frame,
#   and each frame a played card moves in (Animations, issue 24);
#   heap in use (gc.mem_alloc after gc.collect) during a whole person-vs-bot
#   match with the UI, under MicroPython, and what the idle loop allocates.
#   python -m tools.bench.ui       (CPython figures, then itself under MicroPython)
# Under MicroPython (tools/micropython.py runs steps()) the app and the engine
# are the .mpy the board gets; framebuf is the port's own. This module runs
# on both runtimes: no argparse, no f-strings. tour() is one scripted session
# through every screen that host_tests/test_app.py runs on both runtimes.
import binascii
import gc
import sys

import tools.host  # noqa: F401  (CPython: the framebuf stand-in)
from tools.host.devices import FakeClock, FakeI2C, FakePin

# The firmware is imported by Rig, so the heap reading before it has none.
SEED = 3
IDLE_FRAMES = 200
GLIDE_BUDGET = 1200  # bytes of I2C in 30 ms at 400 kHz (about 40 KB/s with the bus's gaps)
MICRO = sys.implementation.name == "micropython"


class Rig:
    def __init__(self, root, seeds_dir=None):
        from firmware.app import FRAME_MS, App
        from firmware.buttons import NAMES, Buttons
        from firmware.ssd1306 import SSD1306

        self.frame_ms = FRAME_MS
        self.clock = FakeClock()
        self.i2c = FakeI2C(record=False)
        self.display = SSD1306(self.i2c)
        self.buttons = Buttons(tuple([FakePin(value=1) for _ in NAMES]), self.clock)
        self.app = App(self.display, self.buttons, self.clock, root, seeds_dir, SEED)
        self.glides = []  # I2C bytes of each frame a played card moved in, or came to rest (Animations)

    def frame(self):
        sent = self.display.bytes_sent
        was = getattr(self.app.stack[-1], "glide", None)
        self.app.step()
        self.clock.advance(self.frame_ms)
        sent = self.display.bytes_sent - sent
        if was is not None or getattr(self.app.stack[-1], "glide", None) is not None:
            self.glides.append(sent)
        return sent

    def press(self, b):
        self.buttons.inject(b)
        return self.frame()


def games():
    # The titles of the games measured: every playable game, in title-menu order
    # (each has a rules line under it). Imported late: a heap reading before the
    # app is made must hold none of it.
    from engine import registry
    from firmware.tables import playable

    return [registry.title(gid) for gid in playable()]


def match(rig, stats, game=0):
    # A generator: starts games()[game] (person vs bot Easy, best of 3) from the
    # title and plays it out, the person pressing RIGHT a few times and A (a
    # table that takes a card then a target gets two such turns); it yields
    # after every move. stats collects I2C bytes per kind of frame.
    from engine.rng import Rng
    from firmware import play
    from firmware.buttons import A, B, DOWN, RIGHT

    rng = Rng(SEED)
    rig.frame()
    title = rig.app.stack[-1]  # its cursor on the game last started, if any
    for _ in range(len(title.items)):
        if title.items[title.cur] == games()[game]:
            break
        rig.press(DOWN)
    rig.press(A)
    rig.press(A)  # the setup opens on Start
    app = rig.app
    if app.match is None:
        raise RuntimeError("the match did not start")
    while True:
        top = app.stack[-1]
        if isinstance(top, play.MatchEnd):
            while rig.app.busy():  # (it takes keys once settled: play.SETTLE_MS)
                rig.frame()
            rig.press(B)  # to the title
            return
        if isinstance(top, play.GameEnd):
            rig.press(A)
            yield
            continue
        if isinstance(top, play.GameScreen) and top.table.holding():
            stats["press"].append(rig.press(A))  # a turn's result shown until A (Prediction)
            continue
        if isinstance(top, play.Handoff):
            rig.press(A)  # two people (Georgian Joker's default)
            continue
        if isinstance(top, play.GameScreen) and top.end == play.NONE and not top.bot:
            for _ in range(1 + rng.below(3)):
                stats["press"].append(rig.press(RIGHT))
            stats["person"].append(rig.press(A))
            yield
            continue
        n = len(app.match.moves) if app.match is not None else 0
        sent = rig.frame()
        if app.match is not None and len(app.match.moves) > n:
            stats["bot"].append(sent)
            yield


def _bus_ms(n):
    # Wire time of n bytes at 400 kHz, 9 clocks a byte: 22.5 us each.
    us = n * 45 // 2
    return "%d.%d ms" % (us // 1000, us % 1000 // 100)


def _summary(name, v):
    return "%s: mean %d, max %d bytes (max %s at 400 kHz)" % (name, sum(v) // len(v), max(v), _bus_ms(max(v)))


def i2c_lines(root=None, game=0):
    # The I2C figures (the same on both runtimes: they count bytes, not time).
    if root is None:
        root = _scratch()
    rig = Rig(root)
    stats = {"press": [], "person": [], "bot": []}
    for _ in match(rig, stats, game):
        pass
    sent = rig.display.bytes_sent
    rig.display.show_full()
    full = rig.display.bytes_sent - sent
    where = "%s, %s" % (games()[game], _runtime())
    lines = [
        "ui: I2C per cursor press, " + _summary("%d presses" % len(stats["press"]), stats["press"]) + " (" + where + ")",
        "ui: I2C per move redraw, " + _summary("%d moves" % (len(stats["person"]) + len(stats["bot"])),
                                               stats["person"] + stats["bot"]) + " (" + where + ")",
        "ui: I2C full frame: %d bytes (%s at 400 kHz)" % (full, _bus_ms(full)),
    ]
    if rig.glides:
        # Animations: the frames a played card moves in (the move's own among
        # them) and the one it comes to rest in; the budget is 30 ms a frame.
        lines.append("ui: I2C per animated frame, " + _summary("%d frames" % len(rig.glides), rig.glides) +
                     " (%s; budget %d bytes = 30 ms)" % (where, GLIDE_BUDGET))
    return lines


def heap_steps(root, out, game=0):
    # A generator for MicroPython: this port collects garbage only between
    # steps, so every reading follows a `gc.collect(); yield`. Appends lines to out.
    # "Before the app is imported" holds for the first game measured only.
    gc.collect()
    yield
    base = gc.mem_alloc()
    rig = Rig(root)
    rig.frame()
    gc.collect()
    yield
    title = gc.mem_alloc()
    peak = title
    stats = {"press": [], "person": [], "bot": []}
    idle = -1
    from firmware import play

    for _ in match(rig, stats, game):
        gc.collect()
        yield
        peak = max(peak, gc.mem_alloc())
        top = rig.app.stack[-1]
        if idle < 0 and isinstance(top, play.GameScreen) and not top.bot and top.end == play.NONE:
            # The idle loop: a person to move and nothing pressed.
            rig.frame()
            before = gc.mem_alloc()
            for _ in range(IDLE_FRAMES):
                rig.frame()
            idle = gc.mem_alloc() - before
        top = None  # hold no screen across the reading
    gc.collect()
    yield
    after = gc.mem_alloc()
    where = _runtime()
    out.append("ui: heap in use (gc.mem_alloc after gc.collect, app as .mpy) on %s: %d bytes before, "
               "%d at the title, max %d during a person-vs-bot %s match, %d back at the title"
               % (where, base, title, peak, games()[game], after))
    out.append("ui: the idle loop (%d frames waiting for a press) allocated %d bytes on %s"
               % (IDLE_FRAMES, idle, where))


def tour(root, seeds_dir):
    # Every screen in one scripted session (rules, setup, a match, pause, a
    # power cut and resume, the end of the match, a damaged save), returning a
    # line per step with the screen and a CRC of the frame: the lines must be
    # the same on CPython and MicroPython (host_tests/test_app.py runs both).
    from firmware import play, saves
    from firmware.buttons import A, B, DOWN, RIGHT, UP

    _mkdir(root)
    out = []
    rig = None

    def note(what):
        top = rig.app.stack[-1]
        out.append("tour: %s %s %08x" % (what, type(top).__name__, binascii.crc32(rig.display.buf)))

    def press(*bs):
        for b in bs:
            rig.press(b)

    def person_turn():
        # A person's move, or a finished trick waiting for their A.
        t = rig.app.stack[-1]
        return isinstance(t, play.GameScreen) and (t.end == play.NONE and not t.bot or t.table.holding())

    def play_on(moves):
        # Up to `moves` person moves (RIGHT 0-2 times, then A), bots between.
        n = 0
        for _ in range(20000):
            t = rig.app.stack[-1]
            if isinstance(t, play.MatchEnd) or n == moves:
                return
            if isinstance(t, play.GameEnd):
                note("game end")
                press(A)
            elif person_turn():
                for _ in range(n % 3):
                    press(RIGHT)
                press(A)
                n += 1
                note("move %d" % n)
            else:
                rig.frame()

    saves.delete(root)
    rig = Rig(root, seeds_dir)
    rig.frame()
    note("boot")
    press(A, DOWN, A)  # the first game's setup, its Rules line (under Start)
    note("rules")
    press(DOWN, DOWN, RIGHT)
    note("rules scrolled")
    press(B, UP)
    note("setup")
    press(A)
    note("match")
    def pick(label):
        # A line of the menu on top, by its words (the pause menu's lines
        # depend on the moment), then A.
        m = rig.app.stack[-1]
        while m.items[m.cur] != label:
            press(DOWN)
        press(A)

    play_on(5)
    press(B)
    note("pause")
    pick("Rules")
    note("rules in match")
    press(B, B)
    note("resumed")
    # The aids (issue 24) at the person's next turn: look back (B held), a
    # hint played, then taken back.
    for _ in range(2000):
        t = rig.app.stack[-1]
        if isinstance(t, play.GameScreen) and t.my_turn() and not t.table.holding():
            break
        if isinstance(t, play.GameScreen) and t.table.holding():
            press(A)
        else:
            rig.frame()
    t = None
    rig.buttons.pins[B].value(0)
    for _ in range(25):
        rig.frame()
    rig.buttons.pins[B].value(1)
    rig.frame()
    note("look back")
    press(B, B)
    pick("Hint")
    while rig.app.stack[-1].busy():
        rig.frame()
    note("hint")
    press(A)
    note("hint played")
    press(B)
    if "Take back my move" in rig.app.stack[-1].items:
        pick("Take back my move")
        note("taken back")
    else:
        press(B)
    rig = Rig(root, seeds_dir)  # power cut
    rig.frame()
    note("restart")
    press(A)
    note("resume")
    play_on(-1)
    note("match end")
    press(B)
    note("title")
    with open(saves.path(root, saves.NAME), "wb") as f:
        f.write(b"JPSAVE 2 00000000 3\nbad")
    rig = Rig(root, seeds_dir)
    rig.frame()
    note("damaged save")
    press(A)
    note("title again")
    return out


def _runtime():
    if MICRO:
        return "MicroPython %s (wasm)" % ".".join([str(v) for v in sys.implementation.version[:3]])
    return "CPython %d.%d" % sys.version_info[:2]


def _mkdir(path):
    # os.makedirs for both runtimes (MicroPython's os has mkdir only).
    import os

    at = ""
    for part in path.split("/"):
        at += part
        if part:
            try:
                os.mkdir(at)
            except OSError:
                pass  # there already
        at += "/"


def _scratch():
    if MICRO:
        _mkdir("/tmp/uibench")
        return "/tmp/uibench"
    import tempfile

    return tempfile.mkdtemp(prefix="uibench-")


def probe():
    # For tools/bench/__main__.py: yields the finished lines, and None wherever
    # MicroPython must collect garbage between two calls (heap readings).
    lines = []
    game = 0
    while game == 0 or game < len(games()):  # the first reading before any import
        if MICRO:
            for _ in heap_steps(_scratch(), lines, game):
                yield None
        lines += i2c_lines(game=game)
        game += 1
    for line in lines:
        yield line


def steps(argv=None):
    # Under MicroPython (tools/mprun.mjs runs each step as a call of its own).
    for line in probe():
        if line is not None:
            print(line)
        yield


def run_micropython():
    # The board modules compiled by mpy-cross, with this module and the host
    # devices as source, run under the WebAssembly port.
    from tools import micropython

    return micropython.run_compiled("tools.bench.ui", ("bench/__init__.py", "bench/ui.py", "host/__init__.py", "host/devices.py"))


def main():
    if MICRO:
        for _ in steps():
            pass
        return 0
    return run_micropython()  # prints the I2C lines too: bytes are the same on both runtimes


if __name__ == "__main__":
    sys.exit(main())
