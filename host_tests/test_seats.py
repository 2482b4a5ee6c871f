# The shared screens with 2 to 4 seats and point scores, proven on the
# template game, High Card (engine/games/template.py, registered as a sixth
# game as README "Adding a game" says): setup, the hand-off to the next
# person among three people and a bot, end-of-deal and end-of-match screens,
# the score sheet, saves and resume, and scores that must fit 128 pixels.
import json

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
import framebuf
from engine import registry
from engine.games import template
from engine.play import replay
from engine.state import WINS
from firmware import font, play, saves, saves_reading, scores, ui
from firmware.buttons import A, B, DOWN, RIGHT
from firmware.match import PERSON, Match
from firmware.play import Pause
from host_tests.check import raises
from host_tests.drive import check_frame, menu_pick, new_device, press, screens, set_up, top
from tools import selfplay


def register(monkeypatch):
    # The template's one registry line; its table is found as every game's is.
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (template.ENTRY,))


def start(dev, seats):
    # Title -> High Card -> as many players as seats, each seat as given -> Start.
    menu_pick(dev, "High Card")
    set_up(dev, ["Players: %d" % len(seats)] + ["P%d: %s" % (i + 1, seats[i]) for i in range(len(seats))])
    assert isinstance(dev.app.stack[0], play.GameScreen)  # (under the hand-off when people share the device)
    return dev.app.match


def play_until(dev, done):
    # The one person presses A on their turns, the bots play, until done().
    for _ in range(400):
        if done():
            return
        t = top(dev)
        if isinstance(t, play.GameScreen) and not t.bot and t.end == play.NONE:
            press(dev, A)
        else:
            dev.frame()
    raise AssertionError("not reached")


def test_setup_offers_two_to_four_seats_with_the_games_people(monkeypatch, tmp_path):
    register(monkeypatch)
    dev = new_device(tmp_path)
    menu_pick(dev, "High Card")
    s = top(dev)
    # INFO.people = 3: three people at first, then bots; 2 seats to start with.
    assert s.items == ["Players: 2", "P1: Person", "P2: Person", "Open hands: Off", "Start: 2 people", "Rules"]
    press(dev, DOWN)
    press(dev, DOWN)  # from Start past Rules, round to Players
    press(dev, RIGHT)
    press(dev, RIGHT)
    assert s.items[:5] == ["Players: 4", "P1: Person", "P2: Person", "P3: Person", "P4: Bot Medium"]


def test_three_people_and_a_bot_hand_off_to_the_next_person(monkeypatch, tmp_path):
    register(monkeypatch)
    dev = new_device(tmp_path, seed=4)
    m = start(dev, ["Person", "Bot Medium", "Person", "Person"])
    st = m.state
    assert m.seats == [PERSON, 0, PERSON, PERSON] and st.num_seats() == 4
    holder = None
    handed = {0: 0, 2: 0, 3: 0}
    ends = 0
    sheets = 0
    for t in screens(dev, 3000):
        if isinstance(t, play.Handoff):
            # The person due to move (or, when a bot moves before anyone has
            # the device, the first person), never a bot, never the one holding it.
            bot_first = not m.is_person(st.to_move())
            assert t.seat == (0 if bot_first else st.to_move()) and m.is_person(t.seat) and t.seat != holder
            assert holder is None or not bot_first
            alone = bytearray(len(dev.display.buf))
            t.draw(framebuf.FrameBuffer(alone, 128, 64, framebuf.MONO_VLSB))
            assert bytes(dev.display.buf) == bytes(alone)  # the table is blanked
            handed[t.seat] += 1
            holder = t.seat
            press(dev, A)
            g = top(dev)
            assert g.viewer == holder and g.table.hand == st.hands[holder]
            continue
        if isinstance(t, play.GameEnd):
            ends += 1
            s = t.standings
            assert s.names == ["P1", "P2", "P3", "P4"] and s.scores == st.scores()
            assert s.history == st.history() and len(s.history) == ends
            assert sum([h[i] for h in s.history for i in range(4)]) == sum(st.scores())
            press(dev, RIGHT)
            assert isinstance(top(dev), scores.ScoreSheet)
            sheets += 1
            press(dev, A)
            press(dev, A)
            continue
        g = t
        if isinstance(g, play.GameScreen) and g.end == play.NONE and not g.bot and g.who == g.viewer:
            assert g.viewer == holder  # a person moves only with the device handed over
            press(dev, A)
        else:
            dev.frame()
            check_frame(dev)
    end = top(dev)
    assert isinstance(end, play.MatchEnd)
    assert min(handed.values()) >= 3, handed
    assert ends == template.DEALS - 1 and sheets == ends
    assert end.standings.scores == st.scores() and len(end.standings.history) == template.DEALS
    assert end.verdict == play.verdict(end.standings.scores, ["P1", "P2", "P3", "P4"])


def test_pause_menu_shows_the_score_sheet(monkeypatch, tmp_path):
    register(monkeypatch)
    dev = new_device(tmp_path, seed=2)
    m = start(dev, ["Person", "Bot Medium", "Bot Medium"])
    play_until(dev, lambda: m.state.history())
    press(dev, B)  # on the end-of-deal screen or the table: the menu
    assert isinstance(top(dev), Pause)
    menu_pick(dev, "Scores")
    sheet = top(dev)
    assert isinstance(sheet, scores.ScoreSheet)
    assert sheet.s.history == m.state.history() and sheet.s.names == ["You", "P2", "P3"]
    press(dev, B)
    assert isinstance(top(dev), Pause)


def test_four_seat_match_saves_and_resumes(monkeypatch, tmp_path):
    register(monkeypatch)
    root = str(tmp_path / "save")
    dev = new_device(root, seed=9)
    m = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"])
    play_until(dev, lambda: len(m.moves) >= 7)
    rec = saves_reading.read(root)[0]
    assert rec["seats"] == [PERSON, 0, 0, 0] and rec["moves"] == list(m.moves)
    dev2 = new_device(root, seed=1)
    assert top(dev2).items[0] == "Resume High Card"
    press(dev2, A)
    assert dev2.app.match.state.encode() == m.state.encode()
    assert dev2.app.match.state.num_seats() == 4


def test_a_new_match_quit_before_its_first_move_keeps_the_older_save(tmp_path):
    # Defect 1: the older match stays resumable until a newer one moves.
    root = str(tmp_path / "keep")
    dev = new_device(root, seed=3)
    menu_pick(dev, "Double Joker")
    menu_pick(dev, "Start")
    g = top(dev)
    for _ in range(200):
        if dev.app.match.moves and not g.bot:
            break
        if not g.bot and g.who == g.viewer:
            press(dev, A)
        else:
            dev.frame()
    with open(saves.path(root, saves.NAME), "rb") as f:
        before = f.read()
    dev = new_device(root, seed=4)  # power cut; then a new match, quit at once
    menu_pick(dev, "Double Joker")
    menu_pick(dev, "Start")
    assert top(dev).rows == ["This replaces your", "saved Double Joker", "match"]
    press(dev, A)  # start anyway
    assert not dev.app.match.moves
    press(dev, B)
    menu_pick(dev, "Quit match")
    press(dev, A)
    t = top(dev)
    assert type(t).__name__ == "Title" and t.items[0] == "Resume Double Joker"
    with open(saves.path(root, saves.NAME), "rb") as f:
        assert f.read() == before
    press(dev, A)
    assert dev.app.match is not None and bytes(dev.app.match.moves) == bytes(saves_reading.decode(before)["moves"])


def test_verdicts_for_one_winner_a_share_and_a_draw():
    names = ["P1", "P2", "P3", "P4"]
    assert play.verdict([100, 1240, -300, 5], names) == "P2 wins the match"
    # A review: "Shared: P2 P4" did not say what was shared. The longest, with
    # three of four, fits the NORMAL font's 21 cells.
    assert play.verdict([100, 1240, 1240, 5], names) == "Shared win: P2 P3"
    assert play.verdict([9, 9, 9, 5], ["You", "P2", "P3", "P4"]) == "Shared win: You P2 P3"
    assert font.width("Shared win: You P2 P3", font.NORMAL_SIZE) <= ui.W
    assert play.verdict([7, 7, 7, 7], names) == "Drawn match"
    assert play.verdict([2, 1], ["You", "P2"]) == "You win the match!"
    assert play.verdict([1, 1], ["You", "P2"]) == "Drawn match"


def test_scores_fit_their_columns():
    # "P1 2-1" in games won and "P3 1,240" in points both fit 128 pixels: every
    # score a game reaches (Georgian Joker: thousands, -300 a deal) fits the
    # column of its seat with 4 seats, names included, in the SMALL font.
    assert [scores.number(v) for v in (0, 7, -300, 1240, -2048, 12345, 1000000)] == [
        "0", "7", "-300", "1,240", "-2,048", "12,345", "1,000,000"]
    for n in (2, 3, 4):
        w = (ui.W - scores.LABEL_W) // n
        for v in (-9999, -2400, 1240, 9999, 24000):
            assert font.width(scores.number(v)) < w, (n, v)
        for name in ("You", "P4"):
            assert font.width(name) < w
    assert font.width("total") <= scores.LABEL_W and font.width("deal") <= scores.LABEL_W


def test_score_table_draws_every_seat_inside_the_screen(monkeypatch, tmp_path):
    # A standings table of four seats with wide scores stays inside its columns.
    register(monkeypatch)
    m = Match(str(tmp_path), "template", {}, [PERSON, PERSON, 0, 0], 5)
    m.state.total = [-2400, 12345, 0, 950]
    m.state.hist = [[-2400, 12345, 0, 950]]
    s = scores.Standings(m)
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    assert s.draw(fb, 20) == 20 + 3 * scores.PITCH
    w = (ui.W - scores.LABEL_W) // 4
    for i in range(4):
        # Some pixel lit in each seat's column, on the totals row.
        x0 = scores.LABEL_W + w * i
        lit = [fb.pixel(x, y) for x in range(x0, x0 + w) for y in range(34, 40)]
        assert any(lit), i
    assert m.info.counts != WINS and s.total == "total"


def test_selfplay_and_records_carry_the_seats_as_saves_do(monkeypatch):
    # "seats" is who sits at each seat, in records as in saves (-1 a person,
    # else the bot level); an older record's count of seats still replays.
    register(monkeypatch)
    lines = list(selfplay.records("template", 5, 2, [0, 1, 0], {}))
    assert len(lines) == 2
    for line in lines:
        rec = json.loads(line)
        assert rec["seats"] == [0, 1, 0] and rec["options"] == {"open": "Off"}
        st = replay(rec)
        assert st.num_seats() == 3 and st.is_over()
        rec["seats"] = 3  # a record written before the levels came in
        assert replay(rec).encode() == st.encode()
        for other in (4, [0, 0, 0, 0]):  # the same moves at another table do not replay
            rec["seats"] = other
            raises(ValueError, replay, rec)
    assert selfplay.parse_args(["--game", "template", "--seats", "3"])[3] == 3
    assert selfplay.parse_args(["--levels", "0,0,0,0"])[3] == 4
    assert "--seats says 2" in raises(ValueError, selfplay.parse_args, ["--seats", "2", "--levels", "0,0,0"])
    assert selfplay.seats_for("doublejoker", 3) == 0 and selfplay.seats_for("template", 0) == 4
