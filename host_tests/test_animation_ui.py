# Animations (issue 24): a card played to a trick or a stack moves there over
# tables.STEPS frames (<= 4) instead of appearing, through the app on the
# simulator. Each frame on the way differs from the table at rest only where
# the card was and where it passes; the card arrives by the STEPS-th frame,
# and that resting frame is byte for byte the one drawn with Animations off;
# a press during the way ends it at once and is taken; with Animations off no
# frame moves. Played in Double Joker (a trick, a deuce stack), Habitual Joker
# (the stacks and the spares) and Georgian Joker (a four-seat trick), one
# person against bots. No frame on the way sends more I2C than 30 ms carry (the
# frame of the move itself, sent anyway, is in make bench's figures).
import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import registry
from firmware import play, settings, tables
from firmware.buttons import A
from host_tests import drive
from host_tests.drive import menu_pick, set_up, top
from tools.bench.ui import GLIDE_BUDGET

GAMES = (
    ("doublejoker", ["P1: Person", "P2: Bot Easy", "Match: best of 1"]),
    ("habitual", ["P1: Person", "P2: Bot Easy", "Match: best of 1"]),
    ("georgian", ["P1: Person", "P2: Bot Easy", "P3: Bot Easy", "P4: Bot Easy", "Deals: Nines only"]),
)


def start(tmp_path, gid, lines, animate="On"):
    dev = drive.new_device(tmp_path / animate, 5, bot_delay=60)
    dev.app.settings["animate"] = animate
    settings.apply(dev.app, dev.app.settings)
    menu_pick(dev, registry.title(gid))
    set_up(dev, lines)
    g = top(dev)
    assert isinstance(g, play.GameScreen)
    return dev, g


def at_rest(g):
    # The frame the game screen draws with no card on its way.
    buf, fb = drive.blank()
    g.table.draw(fb)
    return bytes(buf)


def follow(dev, g, moves):
    # Frames until `moves` moves are made (or the match ends). -> (for each
    # move that sent a card on its way, the frames from the move to its rest
    # with the table drawn at rest then; per move, the frame it rests in).
    ways = []
    rests = {}
    for _ in range(drive.MAX_FRAMES):
        if len(g.match.moves) >= moves or top(dev) is not g:
            return ways, rests
        n = len(g.match.moves)
        if (g.my_turn() or g.table.holding()) and g.glide is None:
            dev.press(A)  # (not drive.press, which sees the way out)
        else:
            dev.frame()
        if len(g.match.moves) > n:
            at = g.glide.at if g.glide is not None else None
            frames = [bytes(dev.display.buf)]
            while g.glide is not None:
                sent = dev.display.bytes_sent
                dev.frame()
                frames.append(bytes(dev.display.buf))
                assert dev.display.bytes_sent - sent <= GLIDE_BUDGET  # 30 ms of I2C at 400 kHz
            if len(frames) > 1:
                ways.append((frames, at_rest(g), at))
            rests[len(g.match.moves)] = frames[-1]
    raise AssertionError("no progress")


@pytest.mark.parametrize("gid,lines", GAMES, ids=[g[0] for g in GAMES])
def test_a_played_card_reaches_its_place_in_at_most_4_frames(tmp_path, gid, lines):
    dev, g = start(tmp_path, gid, lines)
    ways, rests = follow(dev, g, 40)
    assert len(ways) >= 10, len(ways)
    for frames, still, at in ways:
        assert 2 <= len(frames) == tables.STEPS <= 4
        rest = frames[-1]
        assert rest == still  # arrived: the table as drawn without the way
        x, y, w, h, fx, fy = at
        for f in frames[:-1]:
            # On its way: a frame of its own, changed only between where the
            # card comes from and its place.
            changed = [i for i in range(len(f)) if f[i] != rest[i]]
            assert changed
            for i in changed:
                col, row = i % 128, i // 128 * 8
                assert min(x, fx) <= col < max(x, fx) + w and min(y, fy) - 7 <= row < max(y, fy) + h, (at, col, row)
    # The same moves with Animations off: no move has a way, and after every
    # move the frame at rest is the same bytes.
    moves = list(g.match.moves)
    dev2, g2 = start(tmp_path, gid, lines, "Off")
    ways2, rests2 = follow(dev2, g2, len(moves))
    assert ways2 == [] and list(g2.match.moves) == moves and rests2 == rests


def test_a_press_ends_the_way_at_once(tmp_path):
    dev, g = start(tmp_path, *GAMES[0])
    for _ in range(drive.MAX_FRAMES):
        if g.my_turn() and g.glide is None:
            break
        dev.frame()
    n = len(g.match.moves)
    steered = g.table.cursor.selected()
    dev.press(A)  # the person's lead: its card on its way
    assert len(g.match.moves) == n + 1 and g.glide is not None and g.glide.k == 1
    on_way = bytes(dev.display.buf)
    assert on_way != at_rest(g) and steered >= 0
    dev.press(drive.RIGHT)  # taken at once: the way ends, the frame is the table at rest
    assert g.glide is None and bytes(dev.display.buf) == at_rest(g)
