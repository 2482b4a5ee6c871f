# Take back (issue 24) says so on every game's table: after "Take back my
# move" in the pause menu the table's message line reads match.message, "You
# took back your move" (firmware/aids/takeback.py, Match.notice),
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
    # Under Rules and Scores: B DOWN A, learnt for a hint, took a move back
    # where no hint was offered (a review).
    assert top(dev).items == ["Resume", "Hint", "Rules", "Scores", TAKE_BACK, "Quit match"]
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


def my_turn_at(dev, g, phase):
    # The person's first legal moves, the bots' theirs (A on what the table
    # holds), until the person is to move in that phase.
    for _ in range(MAX_STEPS):
        if g.my_turn() and not g.table.holding() and g.match.state.phase() == phase:
            return
        if top(dev) is not g or g.table.holding():
            press(dev, A)
        elif g.my_turn():
            g.play(g.match.state.legal_moves()[0])
        else:
            dev.frame()
    raise AssertionError("the person never moved in phase %d" % phase)


@pytest.mark.parametrize("tail", [None, 12, 0])
def test_double_joker_takes_back_the_whole_turn_place_and_lead(tmp_path, monkeypatch, tail):
    # DJ-6, DJ-7: a turn is a card placed (or a stack taken back), then the
    # lead. Taken back after the bot's replies (its follow, then its own
    # lead: DJ-10), the match goes back to before the place, not to the lead
    # with the card still on its deuce; after a power cut too (tail: the
    # state copies a resume keeps, Match.marks; 0: found by a replay).
    from engine.games import doublejoker as D
    from firmware import match as match_module

    dev = drive.new_device(tmp_path, 2, bot_delay=60)
    g = drive.start(dev, "Double Joker", ["P1: Person", "P2: Bot Medium", "Match: best of 1"], "doublejoker")
    m = g.match
    my_turn_at(dev, g, D.PRE)
    n = len(m.moves)
    before = m.state.encode()
    hand = m.state.hand(0)
    drive.choose(dev, m.state.legal_moves()[0])  # a card placed (DJ-6)
    drive.choose(dev, m.state.legal_moves()[0])  # then led (DJ-7)
    my_turn_at(dev, g, D.FOLLOW)  # the bot's follow and lead (DJ-10): the person's next move is a follow
    assert len(m.moves) == n + 5
    if tail is not None:
        monkeypatch.setattr(match_module, "_TAIL", tail)
        dev, g = resume(tmp_path, "Double Joker")
        m = g.match
    assert TAKE_BACK in pause(dev, g)
    said = " ".join(drawn_texts(dev, lambda: menu_pick(dev, TAKE_BACK)))
    assert top(dev) is g and len(m.moves) == n and m.state.encode() == before
    assert m.state.hand(0) == hand and m.state.phase() == D.PRE and g.my_turn()
    assert SAID in said, said


def test_prediction_takes_back_the_whole_turn_from_its_first_point(tmp_path):
    # PR-6: a turn points at a card (and may point at another) before its
    # call. Taken back mid-turn, the match goes back to before the first
    # point, the turn's start, not to the card pointed at before the last.
    from engine.games import prediction as P

    dev = drive.new_device(tmp_path, 2, bot_delay=60)
    g = drive.start(dev, registry.title("prediction"), ["P1: Person", "P2: Bot Medium"], "prediction")
    m = g.match
    my_turn_at(dev, g, P.POINTING)
    n = len(m.moves)
    before = m.state.encode()
    g.play(m.state.legal_moves()[0])  # a card pointed at
    points = [mv for mv in m.state.legal_moves() if mv < P.CALL]
    g.play(points[-1])  # then another
    assert len(m.moves) == n + 2 and m.state.phase() == P.CALLING
    assert TAKE_BACK in pause(dev, g)
    menu_pick(dev, TAKE_BACK)
    assert top(dev) is g and len(m.moves) == n and m.state.encode() == before
    assert m.state.phase() == P.POINTING and g.my_turn()


def test_taking_a_new_match_back_to_its_start_leaves_no_resume(tmp_path):
    # The random-button walk's find: with an older match saved, a new match's
    # first move replaces that save; taken back to the start, the new match's
    # save goes too, yet the title went on offering "Resume" of the older one,
    # whose file was gone (a power cut then had nothing to resume).
    root = tmp_path / "tb"
    dev = drive.new_device(root, 5)
    g = drive.start(dev, "Joker Poker", ["Players: 2", "P2: Bot Medium"], "jokerpoker")
    g.play(g.match.state.legal_moves()[0])
    dev = drive.new_device(root, 6)  # a power cut: the older match is offered
    assert top(dev).items[0] == "Resume Joker Poker"
    g = drive.start(dev, "Joker Poker", ["Players: 2", "P2: Bot Medium"], "jokerpoker")
    assert g.match.state.to_move() == 0
    g.play(g.match.state.legal_moves()[0])  # a swap: its save replaces the older one
    assert TAKE_BACK in pause(dev, g)
    menu_pick(dev, TAKE_BACK)
    assert not g.match.moves
    pause(dev, g)
    menu_pick(dev, "Quit match")
    press(dev, A)
    assert type(top(dev)).__name__ == "Title" and not top(dev).items[0].startswith("Resume")
    again = drive.new_device(root, 7)
    assert not top(again).items[0].startswith("Resume")
