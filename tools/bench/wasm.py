# Platform figures, under MicroPython with the firmware compiled by mpy-cross, the
# app booted as main.py boots it (firmware.board builds the devices on host
# stand-ins and is dropped) and bots playing every registered game through the app:
#   heap in use (gc.mem_alloc after gc.collect) at a fresh title, at the peak of
#   each game's match (its strongest bot against Easy), each game in a MicroPython
#   of its own as a board after its soft reset, and back at the title; "the app's
#   share" is that less what the stand-ins and this module use before the
#   firmware is imported; the interned names (qstr pool), never freed;
#   a soak: N matches of Easy bots of every game back to back, the heap at the
#   title after each and its growth over the title after the first round, the fragmentation
#   (micropython.mem_info: the largest free block) and the margin to a Pico's heap;
#   the CircuitPython frame cost: the screens of a match drawn on firmware/canvas.py
#   against framebuf, and the pixels a frame changes (displayio's bitmap writes).
#   the player aids (issue 24): the heap of the look back and the hint while open
#   and after they close, the pause menu, the state copies a match keeps for them,
#   the Statistics screen open and closed;
#   link play (issue 26): Georgian Joker's peak again, the match linked (its
#   cable looped back, so every frame it sends comes back as round a ring);
#   python -m tools.bench.wasm [--soak N] [--heap-only]   (runs itself under MicroPython)
import gc
import sys

import tools.host  # noqa: F401  (CPython: the framebuf stand-in)
from tools.host.devices import FakeClock, FakeMachine

SOAK = 50
PICO_HEAP = 230000  # bytes of MicroPython heap on a Pico at boot (v1.28.0 has about 240 KB: a margin kept)
SEED = 5
# Bytes the title may grow at every one of a game's matches (a leak). Its level
# after a game is reported, not limited: a stale word the conservative collector
# scans can keep a dead match alive (up to 22 KB seen), and a board past
# firmware.app.GROWTH resets softly anyway.
GROWTH = 2048
PEAK = 88000  # bytes a match may have in use (the app's share from a fresh title). This
# port's objects run about 1.25 times a Pico's (title 42 KB here, 33 KB there; Georgian
# Joker's peak 80 KB here, 65 KB there), so about 70 KB on a Pico: with the most garbage
# a move leaves there (13 KB, tools/bench/pico.py) under 90 KB of its 230 KB, the rest
# kept for fragmentation
KEPT = {"jokerpoker": 30000}  # more for a game whose matches keep the modules that work
# its moves out once loaded: Joker Poker's arranger and plans, 25 KB here (39 KB on a
# Pico, their machine code with them), which cost a Pico 80 ms to load at every turn.
# Its match also makes the next pool of interned names (9.4 KB here; about 106.5 KB without
# it, 115.9 with it): 2 KB more than the 28 KB set before that pool came in, as
# LINKED_PEAK below counts it (about 2 KB over the peak with it)
LINKED_PEAK = 106000  # the same in link play, whose modules stay while its match runs (about
# 10 KB): measured on the tightest game, Georgian Joker, whose moves are worked out with
# 5-10 KB (about 77 + 10 KB on a Pico). Its match also makes the interpreter's next pool
# of interned names (about 10 KB here): a few names more or less move it before or
# after the peak (91.7 KB without it, 101.4 with it), so the limit counts it. 106 KB
# since the screens every match keeps grew by 0.6 KB for readability (the small font's
# wider suits, the settings kept at once, the score sheet's note: 103.9 KB, 144 bytes
# under 104), which on a Pico is about 84 KB of its 230
MICRO = sys.implementation.name == "micropython"


def limit(gid, linked=False):
    return (LINKED_PEAK if linked else PEAK) + KEPT.get(gid, 0)


PROFILE = {}  # the Pico's board.json, passed in by main() on CPython


class Loop:
    # A link cable from the board's TX back to its RX: a ring of one board, so
    # the link play modules do all their work (frames out, acknowledged when back).
    def __init__(self):
        self.buf = bytearray(1024)
        self.n = 0

    def any(self):
        return self.n

    def read(self, k):
        k = min(k, self.n)
        out = bytes(self.buf[:k])
        self.buf[: self.n - k] = self.buf[k : self.n]
        self.n -= k
        return out or None

    def write(self, data):
        k = len(data)
        self.buf[self.n : self.n + k] = data
        self.n += k
        return k


def stand_ins(root):
    # The board's hardware as host stand-ins, all made before the firmware is
    # imported, so the heap they take is not counted as the app's: the profile's
    # pins, one I2C bus with its panel (keeping no log), a clock.
    import json

    path = root + "/board.json"
    with open(path, "w") as f:
        f.write(json.dumps(PROFILE))
    machine = FakeMachine()
    bus = machine.I2C(PROFILE["i2c"]["id"], machine.Pin(PROFILE["i2c"]["sda"]), machine.Pin(PROFILE["i2c"]["scl"]))
    bus.record = bus.panel.record = False
    machine.bus_for = lambda freq: bus  # the firmware's machine.I2C() gets this one
    for pin in PROFILE["buttons"].values():
        machine.Pin(pin)
    machine.Pin(PROFILE["led"])
    return machine, FakeClock(), path


def boot(root, rig=None, link=None):
    # The app as main.py starts it: the board module builds the devices from the
    # Pico profile (on host stand-ins) and is dropped before the app is made.
    from engine import registry
    from firmware import board

    machine, clock, path = rig if rig is not None else stand_ins(root)
    got = board.start(machine, clock, path, cycles=1)
    board = None
    registry.forget(["firmware.board"])
    from firmware.app import App

    app = App(got[1], got[2], clock, root, "seeds", SEED, link=link)
    app.bot_delay = 0
    return app


def shortest(info):
    # The options of the shortest match: the fewest rounds where numbers say so.
    out = {}
    for key, _, choices, _ in info.options:
        nums = [c for c in choices if isinstance(c, int)]
        out[key] = min(nums) if len(nums) == len(choices) else choices[0]
    return out


def bot_match(app, gid, strong=False, linked=False):
    # A generator: from the title, a match of bots in every seat of the fewest
    # the game takes (Medium, or the strongest level in the first seat), to its
    # end screen and back to the title; yields the moves made after every frame.
    # linked: hosted in link play (the bots on this board, the host).
    from engine import registry
    from firmware.buttons import A, B

    info = app.load_game(gid).INFO
    from firmware import menus, play  # (after load_game: the app frees play with the game, as on a board)
    first = registry.bots(gid).ORDER[-1] if strong else 0
    seats = [first] + [0] * (info.seats[0] - 1)
    if linked:
        from firmware.link.session import Session

        app.net = Session(app, True, menus.new_seed(app))
        app.net.begin(gid, shortest(info), seats, [0] * len(seats), menus.new_seed(app))
        Session = None
    else:
        menus.start_match(app, gid, shortest(info), seats)
    info = menus = None  # the match runs without the title's module
    moves = 0
    while not isinstance(app.stack[-1], play.MatchEnd):
        top = app.stack[-1]
        if isinstance(top, play.GameEnd) or (isinstance(top, play.GameScreen) and top.table.holding()):
            app.buttons.inject(A)  # a round's end, a result held until A
        top = None
        app.step()
        app.clock.advance(30)
        if app.match is not None:
            moves = len(app.match.moves)
        yield moves
    while app.busy():  # the end screen takes keys once settled (play.SETTLE_MS)
        app.step()
        app.clock.advance(30)
    app.buttons.inject(B)  # back to the title (A would play again; linked, B leaves once its goodbye is back)
    app.step()
    while linked and app.net is not None:
        app.clock.advance(30)
        app.step()
    play = None  # (a finished generator keeps its locals)


def peak(gid, out, linked=False):
    # A generator for MicroPython: the heap at the peak of a match of gid (its
    # strongest bot against Easy; after every frame, so a round's end screen
    # with its scores counts too) from a fresh title, in a MicroPython of its
    # own: the board after its soft reset. (In one run after other games, the
    # names they interned fill the qstr pool sooner, and the next pool, about
    # 9 KB at once on this port, would be counted against whichever game's
    # match it falls in.)
    root = _scratch()
    rig = stand_ins(root)
    loop = Loop() if linked else None
    gc.collect()
    yield
    base = gc.mem_alloc()  # no firmware module imported yet
    app = boot(root, rig, loop)
    now = [0]  # at_rest()'s reading
    yield from at_rest(app, now)
    fresh = now[0]
    out("platform: heap at a fresh title %d bytes in use; before the firmware %d, so the app's share is %d"
        % (fresh, base, fresh - base))
    qstrs("at the fresh title")
    top = made = 0
    for n in bot_match(app, gid, True, linked):  # the heap after every frame: moves, end screens
        made = n
        gc.collect()
        yield
        top = max(top, gc.mem_alloc())
    yield from at_rest(app, now)
    share = top - base
    out("platform: %s: a match of %d moves, the strongest bot against Easy, peaks at %d bytes in use, %d over the "
        "fresh title (app's share %d, limit %d; %d of a Pico's %d left), back at the title %+d over it (names its "
        "code interned stay, see the qstr pool; a board resets softly when the title has grown over %d)"
        % (gid, made, top, top - fresh, share, limit(gid, linked), PICO_HEAP - share, PICO_HEAP, now[0] - fresh, GROWTH))
    qstrs("after the match")
    out("platform: peak %s%s %d" % (gid, " linked" if linked else "", share))


def aids(gid, out):
    # A generator for MicroPython: what the player aids of issue 24 add to the
    # heap in a match of gid, one person against the strongest bots, at the
    # person's turn once each side has moved a few times: the look back
    # (firmware/aids/lookback.py) and the hint (firmware/aids/hint.py) while open and
    # after they close, the pause menu with its take back check, and the state
    # copies the match keeps for both (Match.marks).
    from engine import registry
    from engine.rng import seed_bot
    from firmware import menus, play

    root = _scratch()
    app = boot(root)
    info = app.load_game(gid).INFO
    top_level = registry.bots(gid).ORDER[-1]
    menus.start_match(app, gid, shortest(info), [-1] + [top_level] * (info.seats[0] - 1))
    info = menus = None
    mine = 0
    got = {}
    while not got:
        g = app.stack[-1]
        if isinstance(g, play.GameEnd) or (isinstance(g, play.GameScreen) and g.table.holding()):
            app.buttons.inject(A_BUTTON)
        elif isinstance(g, play.GameScreen) and g.my_turn() and g.pending < 0:
            if mine >= 3:
                got = {}
                yield from _aids_at(app, g, got)
                break
            m = app.match
            g.play(m.bots.choose(m.state.view(g.who), 0, seed_bot(m.rng, m.seed, len(m.moves))))  # the person plays as the Medium bot would
            m = None
            mine += 1
        g = None
        app.step()
        app.clock.advance(30)
    out("platform: aids %s: look back %+d bytes while open (%d lines), %+d after it closes (%+d more after a second); hint %+d while open, "
        "%+d after; the pause menu (take back checked) %+d; the state copies a match keeps for them (Match.marks) "
        "%d x %d bytes" % (gid, got["look"], got["lines"], got["look after"], got["look again"], got["hint"], got["hint after"], got["pause"],
                           got["kept"], got["marks"]))


A_BUTTON = 4  # firmware.buttons.A, not imported before the app is booted


def _aids_at(app, g, got):
    # The readings of aids(), each after a collection.
    from firmware.play import Pause

    def heap():
        gc.collect()
        return gc.mem_alloc()

    yield
    base = heap()
    g.look_back()
    yield
    got["look"] = heap() - base
    got["lines"] = len(app.stack[-1].lines)
    app.pop()
    yield
    got["look after"] = heap() - base
    g.look_back()  # again: what stays after the first is the names its code interned, not a leak
    app.pop()
    yield
    got["look again"] = heap() - base - got["look after"]
    from firmware.aids.hint import Hint

    app.push(Hint(app, g))
    while app.stack[-1].busy():
        app.step()
        app.clock.advance(30)
    yield
    got["hint"] = heap() - base
    app.pop()
    Hint = None
    yield
    got["hint after"] = heap() - base
    app.push(Pause(app, g))  # with its aids module loaded while open
    yield
    got["pause"] = heap() - base
    app.pop()
    m = app.match
    yield
    before = heap()
    copy = m.marks[m.you][1].clone()  # one more of what a mark holds
    yield
    got["marks"] = heap() - before
    got["kept"] = len([k for k in m.marks if k is not None])
    copy = None


def stats_screen(out):
    # A generator for MicroPython: the heap the Statistics screen (firmware/stats.py,
    # issue 24) takes while open at the title and what stays once it closes.
    root = _scratch()
    app = boot(root)
    now = [0]  # at_rest()'s reading
    yield from at_rest(app, now)
    base = now[0]
    from firmware import stats

    stats.show(app)
    stats = None
    gc.collect()
    yield
    shown = gc.mem_alloc() - base
    app.pop()
    yield from at_rest(app, now)
    out("platform: aids: the Statistics screen %+d bytes while open (its module, the file read), %+d after it "
        "closes (the names its code interned)" % (shown, now[0] - base))


def soak(rounds, out):
    # A generator for MicroPython: this port collects garbage only between the
    # calls tools/mprun.mjs makes, so every reading follows `gc.collect(); yield`.
    # A first round of every game interns the names their code uses; then
    # rounds more of each, the title after every match.
    from firmware.tables import playable

    root = _scratch()
    app = boot(root)
    gids = playable()
    for gid in gids:
        for _ in bot_match(app, gid):
            pass
    qstrs("after a match of each game")
    now = [0]  # at_rest()'s reading
    yield from at_rest(app, now)
    warm = now[0]
    worst = rise = 0
    for gid in gids:
        seen = [0] * rounds  # made beforehand: a list that grows would count
        for i in range(rounds):
            for _ in bot_match(app, gid):
                pass
            yield from at_rest(app, now)
            seen[i] = now[0] - warm
        worst = max([worst] + seen)
        # A leak grows the title at every match; a stale word keeps one dead
        # match alive for a while, a single step: so the least step counts.
        grew = [seen[j + 1] - seen[j] for j in range(rounds - 1)]
        rise = max(rise, min(grew)) if grew else rise
        out("platform: soak %s: %d matches, the title after each (bytes over the title after the first round, %d): %s"
            % (gid, rounds, warm, " ".join(["%+d" % v for v in seen])))
    qstrs("after the soak")
    out("platform: soak rise %d at every one of a game's matches (a leak; limit %d), level at most %+d over the "
        "title after the first round, over %d matches of %d games" % (rise, GROWTH, worst, rounds * len(gids), len(gids)))
    if hasattr(gc, "mem_free"):
        import micropython

        print("platform: fragmentation after the soak (micropython.mem_info; a block is 16 bytes):")
        micropython.mem_info()


def at_rest(app, got):
    # A generator: the heap in use at the title into got[0], the least of three
    # readings, each after a frame and a collection (the collector is
    # conservative: a stale word may keep some garbage alive for one reading).
    got[0] = -1
    for _ in range(3):
        app.step()
        app.clock.advance(30)
        gc.collect()
        yield
        v = gc.mem_alloc()
        if got[0] < 0 or v < got[0]:
            got[0] = v


def qstrs(when):
    # The interned names (the qstr pool): MicroPython never frees them.
    if hasattr(gc, "mem_free"):
        import micropython

        print("platform: interned names %s:" % when)
        micropython.qstr_info()


def frame_cost(out):
    # Every frame of a bots' match drawn twice: on framebuf (MicroPython) and on
    # firmware/canvas.py (what CircuitPython draws on), timed; and the pixels
    # each frame changes, which CircuitPython writes into the displayio bitmap.
    from firmware import canvas, font, play
    from firmware.tables import playable
    from tools.bench import clock

    cal = clock.calibrate()
    scale = clock.PICO_CAL_S * 1000000 / cal
    app = boot(_scratch())
    app.animate = False  # the tables at rest (a moving card's buffer is the port's own kind)
    own = canvas.FrameBuffer(bytearray(1024), 128, 64)
    native = app.fb
    fonts = (font.STRIPS, font.INVERSE)
    own_fonts = (tuple([(w, canvas.FrameBuffer(font.STRIP, w, 8)) for w, _ in font.STRIPS]),
                 canvas.FrameBuffer(bytearray(b"\x01\x00"), 2, 1))
    times = ([], [])
    changed = []
    last = bytearray(1024)
    for gid in playable():
        for _ in bot_match(app, gid):
            if not isinstance(app.stack[-1], play.GameScreen):
                continue
            for i in (0, 1):
                fb = (native, own)[i]
                font.STRIPS, font.INVERSE = (fonts, own_fonts)[i]
                best = None
                for _ in range(3):  # the fastest of three: a busy machine only slows it
                    start = clock.now_us()
                    fb.fill(0)
                    app.stack[-1].draw(fb)
                    took = clock.since_us(start)
                    best = took if best is None else min(best, took)
                times[i].append(best * scale / 1000)
            font.STRIPS, font.INVERSE = fonts
            bits = 0
            for j in range(1024):
                d = own.buf[j] ^ last[j]
                while d:
                    d &= d - 1
                    bits += 1
            changed.append(bits)
            last[:] = own.buf
            yield
    for i in (0, 1):
        v = times[i]
        out("platform: a table frame drawn on %s: mean %.1f ms, max %.1f ms on a Pico (estimate, %d frames)"
            % (("framebuf (MicroPython)", "the canvas (CircuitPython)")[i], sum(v) / len(v), max(v), len(v)))
    changed.sort()
    out("platform: pixels a table frame changes (displayio bitmap writes on CircuitPython): median %d, max %d "
        "of 8192" % (changed[len(changed) // 2], changed[-1]))


def _scratch():
    # A folder for the save: /tmp in the port's filesystem, a temporary one on CPython.
    import os

    if not MICRO:
        import tempfile

        return tempfile.mkdtemp(prefix="platformbench-")
    try:
        os.mkdir("/tmp/platformbench")
    except OSError:
        pass  # there already
    return "/tmp/platformbench"


def steps(argv=None):
    # Under MicroPython (tools/mprun.mjs runs each step as a call of its own):
    # PROFILE --peak GID, or PROFILE [--soak N] [--heap-only].
    import json

    argv = sys.argv[1:] if argv is None else argv
    PROFILE.update(json.loads(argv[0]))
    if argv[1:2] == ["--peak"]:
        parts = [peak(argv[2], print)]
    elif argv[1:2] == ["--link"]:
        parts = [peak(argv[2], print, True)]
    elif argv[1:2] == ["--aids"]:
        parts = [aids(argv[2], print)]
    else:
        rounds = int(argv[2]) if len(argv) >= 3 and argv[1] == "--soak" else SOAK
        parts = [soak(rounds, print)]
        if "--heap-only" not in argv:  # host_tests/test_heap.py wants the heap alone
            parts += [stats_screen(print), frame_cost(print)]
    for part in parts:
        for _ in part:
            yield


SOURCES = ("bench/__init__.py", "bench/wasm.py", "bench/clock.py", "host/__init__.py", "host/devices.py")


def run(argv, capture=False):
    # On CPython: each game's peak in a MicroPython of its own, then the rest in
    # one. -> the exit status, and with capture the output too.
    from firmware.tables import playable
    from tools import build, micropython

    with open(build.ROOT + "/boards/pico.json") as f:
        profile = f.read()
    rc = 0
    text = []
    runs = [["--peak", gid] for gid in playable()] + [["--link", "georgian"]]  # the tightest game, linked
    if "--heap-only" not in argv:  # host_tests/test_heap.py wants the peaks and the soak alone
        runs += [["--aids", gid] for gid in playable()]
    for args in runs + [argv]:
        got = micropython.run_compiled("tools.bench.wasm", SOURCES, [profile] + args, capture)
        if capture:
            got, out = got
            text.append(out)
        rc = rc or got
    return (rc, "".join(text)) if capture else rc


def main(argv=None):
    if MICRO:
        for _ in steps(argv):
            pass
        return 0
    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
