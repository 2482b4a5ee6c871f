# The UI tests' hands and eyes: the app on the simulator's host stand-ins
# (tools/sim.py Device) driven through its buttons as a person would (press,
# a menu line, a setup, a cursor steered to a choice, deals played through the
# screens), and what the panel shows read back pixel for pixel.
import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
import framebuf
from engine.rng import Rng
from firmware import font, play
from firmware.buttons import A, DOWN, LEFT, RIGHT, UP
from firmware.match import Match
from tools.sim import SEEDS, Device, settle

MAX_FRAMES = 60000  # a match that has not ended by then never will


def new_device(root, seed=1, bot_delay=None, seeds_dir=SEEDS):
    # The app booted to its first frame; bot_delay: ms a bot's move stays (the
    # settings' 500 unless given).
    dev = Device(str(root), seed, seeds_dir=str(seeds_dir))
    if bot_delay is not None:
        dev.app.bot_delay = bot_delay
    dev.frame()
    check_frame(dev)
    return dev


def resume(root, title, seed=99):
    # A power-up on the storage at root: the title offers "Resume <title>" on
    # its first line, and A brings the match back. -> (device, game screen),
    # the game the same moves and state as the match saved.
    dev = new_device(root, seed, bot_delay=60)
    t = top(dev)
    assert type(t).__name__ == "Title" and t.items[0] == "Resume " + title
    m = dev.app.saved
    press(dev, A)
    g = top(dev)
    assert isinstance(g, play.GameScreen) and list(g.match.moves) == m["moves"]
    return dev, g


def top(dev):
    return dev.app.stack[-1]


def check_frame(dev):
    # Invariants after every frame: a screen on the stack, the frame buffer
    # sized for the panel, and the panel holding exactly what was drawn.
    assert dev.app.stack
    assert len(dev.display.buf) == 128 * 64 // 8
    assert bytes(dev.i2c.panel.ram) == bytes(dev.display.buf)
    assert not dev.i2c.panel.errors


def settled(dev):
    # Frames until the end screen or hand-off on top takes keys (play.SETTLE_MS after it came).
    if isinstance(top(dev), (play.EndScreen, play.Handoff)):
        dev.idle()  # (no reference to the screen kept: test_heap counts what holds the match)


def hold(dev, b, ms):
    # A button held ms (B held: the look back), once the screen on top takes keys.
    settled(dev)
    dev.hold(b, ms)


def press(dev, b):
    # A press, then (Animations on) the frames until a card it played is at
    # rest: nothing else moves meanwhile (test_animation_ui.py). On the
    # end screens or a hand-off, once they take keys (play.SETTLE_MS after they came).
    settled(dev)
    dev.press(b)
    check_frame(dev)
    settle(dev)
    check_frame(dev)


def recorded(dev, screen):
    # The texts a screen draws, through firmware.font's hook.
    out = []
    guard = font.record

    def record(fb, s, x, y, c, size):
        out.append((s, x, y))
        if guard is not None:
            guard(fb, s, x, y, c, size)

    font.record = record
    try:
        screen.dirty = True
        dev.frame()
    finally:
        font.record = guard
    return out


def menu_pick(dev, label):
    # Moves a menu's cursor down to the line that reads `label`, or `label` and
    # its value ("Start" for "Start: 2 people"), then A.
    m = top(dev)
    for _ in range(len(m.items)):
        if m.items[m.cur] == label or m.items[m.cur].startswith(label + ":"):
            press(dev, A)
            return
        press(dev, DOWN)
    raise AssertionError("%r not in menu %r" % (label, m.items))


def set_up(dev, lines):
    # On the setup screen: each line stepped to the text given ("Players: 3",
    # "P2: Bot Hard", "Match: best of 1") as a person would, the cursor moved
    # there with DOWN, the value with RIGHT, then LEFT; then A, which starts
    # from any line.
    s = top(dev)
    assert type(s).__name__ in ("Setup", "LinkSetup")  # (link play: firmware/link/lobby.py)
    for want in lines:
        label = want.split(":")[0]
        for _ in range(len(s.items)):
            if s.items[s.cur].split(":")[0] == label:
                break
            press(dev, DOWN)
        for b in [RIGHT] * 6 + [LEFT] * 12:
            if s.items[s.cur] == want:
                break
            press(dev, b)
        assert s.items[s.cur] == want, (want, s.items)
    press(dev, A)
    if type(top(dev)).__name__ == "Replace":  # a match saved: the person starts anyway
        press(dev, A)


def seat_lines(seats, players=True):
    # The setup's lines for these seats ("Person", "Bot Hard", ...): the
    # Players line first where the game's seat count may change.
    lines = ["P%d: %s" % (i + 1, seats[i]) for i in range(len(seats))]
    return (["Players: %d" % len(seats)] if players else []) + lines


def start(dev, title, lines, game_id):
    # Title -> the game -> its setup lines -> Start. -> its game screen (under
    # a hand-off when people share the device).
    menu_pick(dev, title)
    set_up(dev, lines)
    g = [s for s in dev.app.stack if isinstance(s, play.GameScreen)][0]
    assert g.match.game_id == game_id
    return g


def setup_match(dev, seats, games=None):
    # A Double Joker match, the game most tests of the app play: title -> the
    # game -> seats ("Person", "Bot Medium", ...) -> Start.
    menu_pick(dev, "Double Joker")
    assert top(dev).items[:2] == ["P1: Person", "P2: Bot Medium"]  # the defaults
    set_up(dev, seat_lines(seats, players=False) + ([] if games is None else ["Match: best of %d" % games]))
    assert isinstance(top(dev), play.GameScreen)


def steer(dev, cur, value):
    # Moves a cursor to the spot holding value with the arrows, as a person would.
    want = [s for s in cur.spots if s[2] == value]
    assert want, "%r not selectable" % value
    y, x = want[0][0], want[0][1]
    for _ in range(len(cur.spots) + 4):
        if cur.at()[0] == y:
            break
        press(dev, DOWN if cur.at()[0] < y else UP)
    assert cur.at()[0] == y
    for _ in range(len(cur.spots) + 1):
        if cur.selected() == value:
            break
        press(dev, RIGHT if cur.at()[1] < x else LEFT)
    assert cur.selected() == value


def choose(dev, move):
    # Selects `move` on the table's cursor with the arrows, then A: it is played.
    g = top(dev)
    steer(dev, g.table.cursor, move)
    n = len(g.match.moves)
    press(dev, A)
    assert len(g.match.moves) == n + 1 and g.match.moves[-1] == move


def play_deals(dev, person, held, deals=None, ended=None, handoff=None, until=None):
    # Plays from the game screen to the match's end, to the end screen of its
    # `deals`-th deal, or until until() holds: person(g) makes the move of the
    # person at the table through the buttons, bots move by themselves, held(g)
    # sees out what the table holds until A; ended(end screen) and
    # handoff(hand-off screen) check those before the A that goes on.
    # -> the deals ended.
    ends = 0
    for t in screens(dev):
        if until is not None and until():
            return ends
        if isinstance(t, play.GameEnd):
            ends += 1
            if ended is not None:
                ended(t)
            if ends == deals:
                return ends
            press(dev, A)
        elif isinstance(t, play.Handoff):
            if handoff is not None:
                handoff(t)
            press(dev, A)
        elif isinstance(t, play.GameScreen) and t.table.holding():
            held(t)
        elif isinstance(t, play.GameScreen) and t.end == play.NONE and not t.bot and t.who == t.viewer:
            person(t)
        else:
            dev.frame()
            check_frame(dev)
    return ends


def screens(dev, limit=MAX_FRAMES):
    # The screen on top, step by step, until the match's end screen (the
    # caller presses or runs a frame at each step); a match not over in
    # `limit` steps fails.
    for _ in range(limit):
        t = top(dev)
        if isinstance(t, play.MatchEnd):
            return
        yield t
    raise AssertionError("the match did not end in %d steps" % limit)


def match_at(root, game_id, seats, want, seed=1):
    # A match played by seeded random moves up to the first position where want(state) holds.
    rng = Rng(seed)
    m = Match(str(root), game_id, {}, seats, seed)
    while not want(m.state):
        legal = m.state.legal_moves()
        m.play(legal[rng.below(len(legal))])
    return m


def blank():
    # A blank frame and the framebuf that draws on it.
    buf = bytearray(1024)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def frame_of(m, viewer, table):
    # The frame a game's table module draws of match m for viewer.
    t = table.Table(m)
    t.refresh(viewer)
    buf, fb = blank()
    t.draw(fb)
    return buf


def pixels(buf, x0, y0, x1, y1):
    # A box of a frame's pixels, row by row.
    return [(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for y in range(y0, y1) for x in range(x0, x1)]


def drawn(dev, x0, y0, x1, y1, paint):
    # The panel's pixels in the box equal what paint(fb) draws on a blank frame there.
    buf, fb = blank()
    paint(fb)
    return pixels(dev.display.buf, x0, y0, x1, y1) == pixels(buf, x0, y0, x1, y1)


def shows(dev, text, x, y, size=font.NORMAL_SIZE):
    # The panel holds exactly `text` at (x, y) in that font.
    buf, fb = blank()
    end = min(font.text(fb, text, x, y, 1, size), 128)  # (a last cell's blank column may pass the edge)
    h = font.CELL_H[size]
    return pixels(dev.display.buf, x, y, end, y + h) == pixels(buf, x, y, end, y + h)
