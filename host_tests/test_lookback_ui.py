# Look back (B held on a table, firmware/aids/lookback.py) through the
# buttons on the simulator's host stand-ins: its pages break between moves,
# never in the lines of one (unless they fill more than a page), in every
# game; and after a whole move of their own it tells what came since.
import sys

import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine import registry
from engine.state import CONTINUE
from firmware import play, ui
from firmware.aids import lookback
from firmware.buttons import A, B
from firmware.saves import PERSON
from host_tests.drive import choose, hold, match_at, new_device, press, resume, setup_match, top


def test_pages_break_between_moves():
    # Moves of 2, 2 and 3 lines under a drawn trick (5 rows there): the third
    # starts the next page whole. A move longer than a page goes on over the next.
    rows, first = lookback._ROWS, lookback._ROWS - lookback._TRICK_ROWS
    assert lookback.paged([0, 2, 4], 7, first) == [0, 4]
    assert lookback.paged([0, 2, 4], 7, rows) == [0]
    assert lookback.paged([0, 1], 1 + rows + 2, rows) == [0, 1, 1 + rows]
    assert lookback.paged([0], 3, first) == [0]


def opened(dev):
    # B held: the look back.
    hold(dev, B, play.HOLD_MS + 100)
    lb = top(dev)
    assert type(lb).__name__ == "LookBack"
    return lb


def heads_of(g, lb):
    # Where each move's lines start, as made() gives them.
    title, lines, trick, heads = sys.modules["firmware.aids.lookback"].made(g.match, g.viewer, g.table.unshown())
    assert lines == lb.lines
    return heads


def check_pages(lb, heads):
    # Every page starts where a move's lines start, but in a move longer than
    # the page before; no page holds more rows than it has.
    ends = heads[1:] + [len(lb.lines)]
    for p in range(lb.pages):
        at, end = lb._first(p), lb._first(p + 1)
        room = lookback._ROWS - (lookback._TRICK_ROWS if p == 0 and lb.trick else 0)
        assert 0 < end - at <= room or not lb.lines, (p, at, end)
        if at not in heads:
            k = max([i for i in range(len(heads)) if heads[i] < at])
            assert ends[k] - heads[k] > lookback._ROWS - (lookback._TRICK_ROWS if heads[k] == 0 and lb.trick else 0), \
                (p, at, heads, lb.lines)


GAMES = (
    ("doublejoker", [PERSON, 0]),
    ("habitual", [PERSON, 0]),
    ("prediction", [PERSON, 0, 0]),
    ("georgian", [PERSON, 0, 0, 0]),
    ("jokerpoker", [PERSON, 0, 0]),
)


@pytest.mark.parametrize("gid,seats", GAMES, ids=[g[0] for g in GAMES])
def test_every_game_pages_its_look_back_between_moves(tmp_path, gid, seats):
    # From the deal (the person mid-turn, or with no move yet, in a game's
    # first moves) to a round's end: seeded random moves, then B held.
    for n in (6, 25, 60):
        root = tmp_path / ("%d" % n)
        root.mkdir()
        asked = []

        def moves_made(st):
            asked.append(st)
            return len(asked) > n or st.deal_over()

        match_at(root, gid, seats, moves_made)
        dev, g = resume(root, registry.title(gid))
        for _ in range(200):  # to where the person is to move, or a round's end
            if top(dev) is not g or g.my_turn() or g.end != play.NONE:
                break
            if g.table.holding():
                press(dev, A)
            else:
                dev.frame()
        if top(dev) is not g:
            continue
        lb = opened(dev)
        check_pages(lb, heads_of(g, lb))
        press(dev, B)


def dj_until(tmp_path, ready):
    # A Double Joker match, the person (seat 1) against Medium making its
    # first choices, until the person is to move and ready(g, m).
    dev = new_device(tmp_path, 1)
    setup_match(dev, ["Person", "Bot Medium"])
    g = top(dev)
    m = g.match
    for _ in range(20000):
        if g.my_turn() and not g.table.holding() and ready(g, m):
            return g, m, dev
        if g.table.holding():
            press(dev, A)
        elif g.my_turn():
            choose(dev, [mv for mv in m.state.legal_moves() if mv != CONTINUE][0])
        else:
            dev.frame()
    raise AssertionError("not reached")


def test_double_joker_look_back_mid_turn_pages_between_moves(tmp_path):
    # The tester's look back: the person has placed a card (DJ-6), the lead
    # still to come, so it tells the game from the deal: "P2 follows 5h -
    # You win the" ended one page and "trick" began the next.
    g, m, dev = dj_until(tmp_path, lambda g, m: len(m.moves) >= 9 and m.state.phase() == m.game.PRE)
    choose(dev, m.state.legal_moves()[0])  # a card placed: the turn's first step
    lb = opened(dev)
    assert lb.title == "The last moves" and lb.pages > 1
    for p in range(lb.pages):  # each page starts a move: its line names its player
        assert lb.lines[lb._first(p)].startswith(("You ", "P1 ", "P2 ")), (p, lb.lines)
    check_pages(lb, heads_of(g, lb))


def test_double_joker_look_back_after_a_follow_is_since_your_move(tmp_path):
    # DJ-10: the follower leads the next trick, so after their follow the
    # person is to move again; that was a whole move (not a first step, as a
    # place is), so the look back tells what came since it, "Since your
    # move", not the match from the deal as "The last moves".
    g, m, dev = dj_until(tmp_path, lambda g, m: m.state.phase() == m.game.FOLLOW and len(m.moves) > 6)
    follow = m.state.describe(m.state.legal_moves()[0], m.you)
    choose(dev, m.state.legal_moves()[0])
    assert g.table.holding() and m.state.to_move() == m.you
    lb = opened(dev)
    assert lb.title == "Since your move"
    assert lb.lines == ui.wrap(ui.glyphs(follow), 32)
