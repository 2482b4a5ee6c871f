# Every game played through the buttons on the simulator's host stand-ins,
# with every text the screens draw recorded: each seat has one name on every
# screen of a match (tables, messages, hand-offs, end screens, score sheets):
# "You" for the one person among bots, and never that seat's "P1"; with two
# people "P1", "P2" and never "You".
import re

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine.rng import Rng
from firmware import font, play
from firmware.buttons import A, DOWN, LEFT, RIGHT, UP
from host_tests import test_georgian_ui, test_habitual_ui, test_jokerpoker_ui, test_prediction_ui
from host_tests.drive import check_frame, new_device, press, screens, setup_match, top

MAX_FRAMES = 40000
ARROWS = (UP, DOWN, LEFT, RIGHT)


def record(monkeypatch):
    # Every string font.text draws from now on, as drawn (upper case in SMALL).
    drawn = []
    text = font.text

    def recording(fb, s, x, y, c=1, size=font.SMALL_SIZE):
        drawn.append(s)
        return text(fb, s, x, y, c, size)

    monkeypatch.setattr(font, "text", recording)
    return drawn


def mash(dev, rng, rounds):
    # Plays on as a hurried player would: A on every decision, result, hand-off
    # and end screen, now and then an arrow first; bots move by themselves.
    # Stops at the match's end or after `rounds` end-of-round screens.
    ends = 0
    for t in screens(dev, MAX_FRAMES):
        if isinstance(t, play.GameEnd):
            ends += 1
            if ends == rounds:
                return
        if isinstance(t, (play.GameEnd, play.Handoff)) or isinstance(t, play.GameScreen) and (
                t.table.holding() or t.end == play.NONE and not t.bot):
            if rng.below(3) == 0:
                press(dev, ARROWS[rng.below(4)])
            press(dev, A)
        else:
            dev.frame()
            check_frame(dev)


def starts(tmp_path, people):
    # Each game set up through its own UI test's helper, one match per game:
    # people "one" (a person against bots, in the first or last seat) or "two".
    one = people == "one"

    def dev(name, seed):
        return new_device(tmp_path / (name + people), seed, bot_delay=60)

    d = dev("dj", 3)
    setup_match(d, ["Bot Medium", "Person"] if one else ["Person", "Person"], games=1)
    yield d, 99
    d = dev("hj", 4)
    test_habitual_ui.start(d, ["Person", "Bot Medium"] if one else ["Person", "Person"])
    yield d, 99
    d = dev("pr", 5)
    test_prediction_ui.start(d, ["Bot Medium", "Bot Medium", "Person"] if one else ["Person", "Bot Medium", "Person"])
    yield d, 1
    d = dev("gj", 6)
    test_georgian_ui.start(d, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"] if one else
                           ["Person", "Person", "Bot Medium", "Bot Medium"])
    yield d, 2
    d = dev("jp", 7)
    test_jokerpoker_ui.start(d, ["Bot Medium", "Person"] if one else ["Person", "Bot Medium", "Person"])
    yield d, 99


def test_one_person_is_you_on_every_screen(tmp_path, monkeypatch):
    for dev, rounds in starts(tmp_path, "one"):
        m = dev.app.match
        game = m.game_id
        seat = m.seats.index(-1)
        drawn = record(monkeypatch)
        mash(dev, Rng(seat + 1), rounds)
        monkeypatch.undo()
        shown = "\n".join(drawn)
        mine = re.findall(r"\bP%d\b.*" % (seat + 1), shown)
        assert not mine, (game, mine[:5])
        assert re.search(r"\bYOU\b", shown.upper()), game


def test_two_people_keep_their_seat_names(tmp_path, monkeypatch):
    for dev, rounds in starts(tmp_path, "two"):
        game = dev.app.match.game_id
        drawn = record(monkeypatch)
        mash(dev, Rng(9), rounds)
        monkeypatch.undo()
        you = [s for s in drawn if re.search(r"\bYOU\b", s.upper())]
        assert not you, (game, you[:5])
