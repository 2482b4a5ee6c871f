# Take back (issue 24) says so on every game's table: after "Take back my
# move" in the pause menu the table's message line reads match.message, "You
# took back your move" (firmware/aids/takeback.py, tables.Base.telling),
# rather than changing without a word; in the games whose line says what to
# do (Joker Poker, Prediction, Georgian Joker) it gives way at the next press.
# Driven through the buttons on the simulator's host stand-ins.
import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine import registry
from engine.rng import Rng
from firmware import font, play
from firmware.buttons import A, B, RIGHT
from firmware.saves import PERSON
from firmware.tables import jokerpoker as table
from host_tests import drive
from host_tests.drive import match_at, menu_pick, press, resume, shows, top

TAKE_BACK = "Take back my move"  # the pause menu's line, as a player reads it
SAID = "You took back your move"
MAX_STEPS = 20000
GAMES = (
    ("doublejoker", ["P2: Bot Medium", "Match: best of 1"]),
    ("habitual", ["P2: Bot Medium", "Match: best of 1"]),
    ("prediction", ["P2: Bot Medium"]),
    ("georgian", ["P2: Bot Medium", "P3: Bot Medium", "P4: Bot Medium", "Deals: Nines only"]),
    ("jokerpoker", ["Players: 2", "P2: Bot Medium"]),
)


def drawn_texts(dev, act):
    # The texts the screens draw while act() runs, told on to the layout
    # guard as well (its hook, firmware.font.record).
    out = []
    guard = font.record

    def record(fb, s, x, y, c, size):
        out.append(s)
        if guard is not None:
            guard(fb, s, x, y, c, size)

    font.record = record
    try:
        act()
    finally:
        font.record = guard
    return out


def pause(dev, g):
    # B until the pause menu (a table taking a move in steps goes back a step first).
    for _ in range(3):
        press(dev, B)
        if top(dev) is not g:
            break
    assert isinstance(top(dev), play.Pause)
    return top(dev).items


def to_a_take_back(dev, g, seed):
    # The person (seat 1) plays seeded random moves, the bots theirs, until
    # the pause menu offers to take the person's last move back.
    m = g.match
    rng = Rng(seed)
    moved = False
    for _ in range(MAX_STEPS):
        if top(dev) is not g or g.table.holding():
            press(dev, A)
        elif not (g.my_turn() and g.pending < 0):
            dev.frame()
        elif moved and TAKE_BACK in pause(dev, g):
            return
        else:
            if moved:
                menu_pick(dev, "Resume")
            legal = m.state.legal_moves()
            g.play(legal[rng.below(len(legal))])
            moved = True
    raise AssertionError("no take back offered")


@pytest.mark.parametrize("gid,lines", GAMES, ids=[g[0] for g in GAMES])
def test_every_game_says_a_move_was_taken_back(tmp_path, gid, lines):
    dev = drive.new_device(tmp_path, 3, bot_delay=60)
    g = drive.start(dev, registry.title(gid), ["P1: Person"] + lines, gid)
    to_a_take_back(dev, g, 5)
    n = len(g.match.moves)
    said = " ".join(drawn_texts(dev, lambda: menu_pick(dev, TAKE_BACK)))  # (Prediction wraps it in two rows)
    assert top(dev) is g and len(g.match.moves) < n
    assert SAID in said, said
    if gid in ("jokerpoker", "prediction", "georgian"):
        # A line that says what to do gives way at the next press.
        def nudge():
            press(dev, RIGHT)
            g.dirty = True
            dev.frame()

        said = " ".join(drawn_texts(dev, nudge))
        assert "took back" not in said, said


def test_joker_poker_says_its_take_back_on_the_line_under_the_bets(tmp_path):
    # Against a bot a person may take back each move of their turn until the
    # reveal (seeds/jokerpoker.md, "How to play on Joker Pocket"; JP-15): here
    # "arrange for me", after which the line says so in place of what A does.
    dev = drive.new_device(tmp_path, 1, bot_delay=60)
    g = drive.start(dev, "Joker Poker", ["Players: 2", "P1: Person", "P2: Bot Medium"], "jokerpoker")
    t = g.table
    assert t.cur.selected() == table.J.AUTO
    press(dev, A)  # arrange for me
    while g.pending >= 0 or not g.my_turn():
        dev.frame()
    assert list(g.match.moves) == [table.J.AUTO]
    assert TAKE_BACK in pause(dev, g)
    menu_pick(dev, TAKE_BACK)
    assert top(dev) is g and not g.match.moves
    assert shows(dev, SAID, 0, table.LINE_Y[0], table.SMALL)
    press(dev, RIGHT)  # the cursor moves on: the line says what A does again
    assert not shows(dev, SAID, 0, table.LINE_Y[0], table.SMALL)
    assert shows(dev, table._DOES.get(t.cur.selected(), "A: MOVE THIS CARD"), 0, table.LINE_Y[0], table.SMALL)


def test_habitual_says_it_at_a_deal_s_first_move(tmp_path):
    # Taken back to a deal's start, the line said who deals (the opening)
    # as if nothing had happened: it says the take back first. (Seed 1's
    # first two moves play spare cards: nothing drawn, so it is offered.)
    asked = []

    def two_moves(st):
        asked.append(st)  # asked before each move
        return len(asked) > 2

    match_at(tmp_path, "habitual", [PERSON, 0], two_moves)  # seat 2 the Medium bot
    dev, g = resume(tmp_path, "Habitual Joker")
    assert len(g.match.moves) == 2 and g.my_turn()
    assert TAKE_BACK in pause(dev, g)
    said = " ".join(drawn_texts(dev, lambda: menu_pick(dev, TAKE_BACK)))
    assert not g.match.moves and SAID in said, said
