# Fast to start: the setup opens on Start and says how to start, A on any
# line starts (mashing A never makes a person a bot), RIGHT means more; each
# game's last setup is remembered in settings.jp (every entry checked, a bad
# one dropped) and the title opens on the game last started; "Play again"
# on the match-over screen; and the presses from power-on to a person's first
# decision in every game, the figures the README's table gives.
import os
import sys

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
import framebuf
from engine import registry
from firmware import play, settings, ui
from firmware.buttons import A, B, DOWN, LEFT, NAMES, RIGHT, UP
from firmware.match import PERSON
from firmware.tables import playable
from host_tests.drive import check_frame, menu_pick, new_device, press, set_up, top
from host_tests.test_app import play_out

README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")
MOST_PRESSES = 3  # from power-on to the first decision of a game started as last time
# The lines a player alone against bots changes the first time, where the
# setup offers the game to more people (Georgian Joker: two).
ALONE = {"georgian": ["P2: Bot Medium"]}


def test_setup_opens_on_start_and_mashing_a_starts_as_shown(tmp_path):
    dev = new_device(tmp_path / "mash", seed=3)
    press(dev, A)  # Double Joker, the first game
    s = top(dev)
    assert s.items == ["P1: Person", "P2: Bot Medium", "Match: best of 3", "Start", "Rules"]
    assert s.items[s.cur] == "Start" and "A start" in s.footer
    press(dev, DOWN)
    press(dev, DOWN)  # past Rules, round to P1
    assert s.items[s.cur] == "P1: Person"
    press(dev, A)  # A on a seat line starts too: P1 stays a person
    m = dev.app.match
    assert m is not None and m.seats == [PERSON, 0] and m.options == {"games": 3}
    for _ in range(5):
        press(dev, A)
    assert m.seats[0] == PERSON


def test_start_says_how_many_people_play_when_not_one(tmp_path):
    # Georgian Joker's setup starts with two people (GJ-1), on lines scrolled
    # out of view above Start: the Start line says so, and follows the seats.
    dev = new_device(tmp_path / "people")
    menu_pick(dev, "Georgian Joker")
    s = top(dev)
    assert s.items[s.cur] == "Start: 2 people" and s.top > 1  # P1 and P2 not in view
    want = {"P2: Bot Medium": "Start", "P1: Bot Medium": "Start: bots only"}
    for line in ("P2: Bot Medium", "P1: Bot Medium"):
        while s.items[s.cur].split(":")[0] != line.split(":")[0]:
            press(dev, UP)
        while s.items[s.cur] != line:
            press(dev, RIGHT)
        assert s.items[-2] == want[line]


def test_right_means_more(tmp_path):
    dev = new_device(tmp_path / "more")
    press(dev, A)
    s = top(dev)
    press(dev, UP)  # from Start to the Match line
    got = []
    for b in (RIGHT, RIGHT, LEFT, LEFT, LEFT, RIGHT):
        press(dev, b)
        got.append(s.items[s.cur])
    assert got == ["Match: best of 5", "Match: best of 5", "Match: best of 3", "Match: best of 1",
                   "Match: best of 1", "Match: best of 3"]


def test_each_games_setup_is_remembered_and_the_title_opens_on_the_last(tmp_path):
    root = tmp_path / "again"
    dev = new_device(root, seed=4)
    menu_pick(dev, "Habitual Joker")
    set_up(dev, ["P1: Bot Hard", "P2: Person", "Match: best of 5", "Open hands: On"])
    quit_match(dev)
    menu_pick(dev, "Prediction")
    set_up(dev, ["Players: 3", "P3: Bot Hard", "Odds: Off"])
    quit_match(dev)
    dev = new_device(root, seed=5)  # power off and on
    t = top(dev)
    assert t.items[t.cur] == "Prediction"
    press(dev, A)
    assert top(dev).items == ["Players: 3", "P1: Person", "P2: Bot Medium", "P3: Bot Hard", "Odds: Off", "Start",
                              "Rules"]
    press(dev, B)
    menu_pick(dev, "Habitual Joker")
    s = top(dev)
    assert s.items == ["P1: Bot Hard", "P2: Person", "Match: best of 5", "Open hands: On", "Start", "Rules"]
    assert s.items[s.cur] == "Start"
    press(dev, A)
    assert dev.app.match.seats == [1, PERSON] and dev.app.match.options == {"deals": 5, "open": "On"}
    quit_match(dev)
    t = top(dev)
    assert t.items[t.cur] == "Habitual Joker"  # now the last one started
    got = settings.recall(str(root))
    assert [e[0] for e in got] == ["habitual", "prediction"]
    assert got[0] == ["habitual", [1, PERSON], [["deals", 5], ["open", "On"]]]
    assert "firmware.settings" not in sys.modules  # read when wanted, not kept


def quit_match(dev):
    press(dev, B)
    menu_pick(dev, "Quit match")
    press(dev, A)
    assert type(top(dev)).__name__ == "Title"


def test_a_bad_remembered_setup_is_dropped_never_a_crash(tmp_path, capsys):
    good = ["prediction", [PERSON, 1, 0], [["odds", "Off"]]]
    raw = [
        good,
        ["prediction", [PERSON], []],  # a second entry for the game: the first stands
        "doublejoker",
        ["doublejoker", [PERSON, 0]],
        ["doublejoker", [PERSON, 0], [["games", True]]],  # JSON's true is no number
        ["doublejoker", [PERSON, True], []],
        ["nosuchgame", [PERSON, 0], []],
        ["habitual", [PERSON, 99], []],
        ["habitual", [], []],
        ["habitual", [PERSON, 0], [["deals", [3]]]],
        ["habitual", [PERSON, 0], {"deals": 3}],
    ]
    assert settings.setups(raw) == [good]
    for bad in (None, 7, "x", {"prediction": good}):
        assert settings.setups(bad) == []
    # Through the file: the other settings stand, and nothing says "damaged".
    root = tmp_path / "bad"
    root.mkdir()
    with open(str(root / settings.NAME), "wb") as f:
        f.write(settings.encode(dict(settings.defaults(), bots="Fast"), raw))
    dev = new_device(root)
    assert type(top(dev)).__name__ == "Title" and dev.app.settings["bots"] == "Fast"
    assert "settings ignored" not in capsys.readouterr().out
    t = top(dev)
    assert t.items[t.cur] == "Prediction"
    # Entries of the right shape that the game does not take: its first setup.
    for entry in (["georgian", [PERSON, 0, 0], []],  # three seats of four
                  ["georgian", [PERSON, 0, 0, 5], []],  # no bot level 5
                  ["georgian", [PERSON, 0, 0, 0], [["deals", "All 99"]]],
                  ["georgian", [PERSON, 0, 0, 0], [["speed", 3]]]):
        with open(str(root / settings.NAME), "wb") as f:
            f.write(settings.encode(settings.defaults(), [entry]))
        dev = new_device(root)
        s = top(dev)
        assert s.items[s.cur] == "Georgian Joker"
        press(dev, A)
        assert top(dev).items[:4] == ["P1: Person", "P2: Person", "P3: Bot Medium", "P4: Bot Medium"], entry


def test_settings_screen_keeps_the_setups(tmp_path):
    root = tmp_path / "keep"
    dev = new_device(root)
    press(dev, A)
    press(dev, A)  # Double Joker started: remembered
    quit_match(dev)
    menu_pick(dev, "Settings")
    press(dev, LEFT)  # contrast
    press(dev, B)  # written
    assert settings.read(str(root))[0]["contrast"] == "Medium"
    assert [e[0] for e in settings.recall(str(root))] == ["doublejoker"]


def test_play_again_starts_the_same_setup_in_one_press(tmp_path):
    dev = new_device(tmp_path / "replay", seed=6)
    menu_pick(dev, "Double Joker")
    set_up(dev, ["P2: Bot Hard", "Match: best of 1"])
    first = dev.app.match
    play_out(dev)
    dev.idle()  # (the keys are said once it takes them)
    assert footer(dev) == footer_of("A: again  B: title   \x11: scores")  # the keys, on the screen
    press(dev, A)
    m = dev.app.match
    assert isinstance(top(dev), play.GameScreen) and m is not first
    assert (m.game_id, m.seats, m.options) == ("doublejoker", [PERSON, 1], {"games": 1}) and m.seed != first.seed
    assert "firmware.menus" not in sys.modules  # the match runs without the title's module
    play_out(dev)
    press(dev, B)
    assert type(top(dev)).__name__ == "Title"


def footer(dev):
    # The end screen's key line (y 57-63) as drawn on the panel.
    buf = dev.i2c.panel.ram
    return [(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for y in range(57, 64) for x in range(128)]


def footer_of(text):
    buf = bytearray(1024)
    ui.centre(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), text, 57, 1, ui.SMALL)
    return [(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for y in range(57, 64) for x in range(128)]


def test_presses_before_the_hand_off_go_nowhere(tmp_path):
    # A second A queued in the frame that starts a match of two people would
    # act on the table (Joker Poker: arrange for me) for whoever holds the
    # device, before the hand-off; it is dropped, and the hand-off comes up.
    dev = new_device(tmp_path / "queued", seed=2)
    menu_pick(dev, "Joker Poker")
    s = top(dev)
    for b in (DOWN, DOWN, DOWN, DOWN, LEFT, LEFT):  # past Rules, round to P2
        press(dev, b)
    assert s.items[s.cur] == "P2: Person"
    dev.buttons.inject(A)  # starts
    dev.buttons.inject(A)
    dev.frame()
    check_frame(dev)
    g = dev.app.stack[0]
    assert isinstance(g, play.GameScreen) and g.hidden
    assert isinstance(top(dev), play.Handoff) and g.pending < 0 and not g.match.moves


def shortest_to(dev, label):
    # The title's cursor to the line, the shorter way round.
    t = top(dev)
    n = len(t.items)
    d = (t.items.index(label) - t.cur) % n
    for _ in range(d if d <= n - d else n - d):
        press(dev, DOWN if d <= n - d else UP)


def at_decision(dev):
    g = top(dev)
    return (isinstance(g, play.GameScreen) and g.end == play.NONE and not g.bot and g.who == g.viewer
            and not g.table.holding() and (g.handed or not g.hidden) and g.pending < 0)


def presses_to_decision(dev, gid, lines):
    # From power-on: the game chosen, the setup changed by `lines` (none: as
    # it opens), Start, then A on whatever waits (a hand-off, a screen held)
    # until a person has a move to choose. -> the presses made.
    made = []
    dev.press = counted(dev.press, made)
    shortest_to(dev, registry.title(gid))
    press(dev, A)
    set_up(dev, lines)
    for _ in range(20):
        dev.idle()
        if at_decision(dev):
            return len(made)
        press(dev, A)
    raise AssertionError("%s: no decision: %s" % (gid, [NAMES[b] for b in made]))


def counted(fn, made):
    def press(b):
        made.append(b)
        return fn(b)
    return press


def measure(tmp_path, gid, lines):
    # -> (presses the first time, presses again after a power cut).
    root = tmp_path / (gid + str(len(lines)))
    dev = new_device(root, seed=7)
    first = presses_to_decision(dev, gid, lines)
    seats = dev.app.match.seats
    dev.app.quit_match()
    dev = new_device(root, seed=8)
    again = presses_to_decision(dev, gid, [])
    assert dev.app.match.seats == seats
    return first, again


def readme_table():
    # The README's table of presses: {title: (first, again)}.
    rows = {}
    with open(README) as f:
        text = f.read()
    head = text.index("| Game | Presses the first time | Presses again |")
    for line in text[head:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = (int(cells[1]), int(cells[2]))
    return rows


def test_presses_from_power_on_to_the_first_decision(tmp_path):
    got = {}
    for gid in playable():
        title = registry.title(gid)
        got[title] = measure(tmp_path, gid, [])
        if gid in ALONE:
            got[title + ", alone against bots"] = measure(tmp_path, gid, ALONE[gid])
    for name, (first, again) in got.items():
        print("presses to the first decision: %s first time %d, again %d" % (name, first, again))
        assert again <= MOST_PRESSES, (name, again)
    assert readme_table() == got


def test_open_hands_in_every_game_that_hides_hands_or_the_readme_says_why():
    with open(README) as f:
        text = f.read()
    para = text[text.index("- With two or more people and a game that hides hands"):]
    para = " ".join(para[: para.index("\n- ")].split())
    for gid in registry.ids():
        info = registry.load(gid).INFO
        if not info.hidden:
            continue
        if info.reveal is None:
            assert registry.title(gid) in para.split("have no such option")[1], gid
        else:
            assert [o[1] for o in info.options if o[0] == info.reveal] == ["Open hands"]
            assert registry.title(gid) + "'s \"Open hands\"" in para, gid
    assert "games that hide hands" not in text[text.index("| Open hands |"):].splitlines()[0]
