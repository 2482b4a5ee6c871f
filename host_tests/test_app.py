# The app driven through its buttons, frame by frame, on the simulator's host
# stand-ins: whole Double Joker matches played through the screens and the
# cursor over legal moves, bots, saves and resume, rules, quitting, and the
# pass-and-play hand-off. Rule ids (DJ-n) are those of seeds/doublejoker.md.
import os
import sys
import types

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import registry
from engine.rng import Rng
from engine.state import CONTINUE, WINS, Game
from firmware import font, play, saves, saves_reading, tables, ui
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.play import Pause, QuitConfirm
from host_tests import guard
from host_tests.drive import (check_frame, choose, drawn, hold, match_at, menu_pick, new_device, pixels, play_deals,
                               press, recorded, screens, set_up, setup_match, top)
from tools.sim import SEEDS

GAME = "doublejoker"
MODULES = ("engine.games.doublejoker", "engine.ai.doublejoker", "firmware.tables.doublejoker")
MAX_FRAMES = 40000


def pick_by_position(state, moves):
    # A person's choice that depends only on the position, so two runs of the
    # same match choose alike (used to compare a resumed match with an unbroken one).
    legal = state.legal_moves()
    return legal[Rng(len(moves) * 131 + 7).below(len(legal))]


def trick_held(dev, g):
    # DJ-9: a finished trick stays until A, its two cards at the right of the
    # message, the lead then the follow, the winner's card inverted; nothing
    # moves meanwhile, bots included. Then A. DJ-12: so does a lead the other
    # cannot follow, which ended the game: the card led, boxed.
    table = sys.modules[type(g.table).__module__]
    st = g.match.state
    n = len(g.match.moves)
    for _ in range(40):
        dev.frame()
    assert len(g.match.moves) == n and top(dev) is g and g.table.holding()
    y = table.MSG_Y - 1
    if st.trick():
        c = st.trick()[0]
        x = ui.W - 17
        assert st.deal_over() and not [d for d in st.hand(1 - st.leader) if d // 13 == c // 13]
        assert drawn(dev, x, y, x + 17, y + 11, lambda fb: (
            fb.rect(x, y, 17, 11, 1), font.text(fb, font.card_label(c), x + 3, y + 2, 1, font.NORMAL_SIZE)))
        press(dev, A)
        assert not g.table.holding()
        return
    lead, follow, win = st.last_trick()
    for x, c in ((ui.W - 35, lead), (ui.W - 17, follow)):
        won = (c == lead) == (lead % 13 > follow % 13)
        lit = sum(pixels(dev.display.buf, x, y, x + 17, y + 11))
        assert lit > 17 * 11 // 2 if won else lit < 17 * 11 // 2
        assert drawn(dev, x + 3, y + 2, x + 14, y + 9, lambda fb: (
            fb.fill_rect(x, y, 17, 11, 1) if won else None,
            font.text(fb, font.card_label(c), x + 3, y + 2, 0 if won else 1, font.NORMAL_SIZE)))
    assert g.match.message.endswith("the trick") and (g.match.short(win) + " w") in g.match.message
    press(dev, A)
    assert not g.table.holding()


def play_out(dev, pick=pick_by_position, stop_after=None, checks=None):
    # Plays until the end-of-match screen (or `stop_after` moves): the person's
    # moves through the cursor, the bots by themselves, A on each held trick and
    # each game's end.
    def held(g):
        trick_held(dev, g)
        if checks is not None:
            checks["held"] = checks.get("held", 0) + 1

    def enough():
        m = dev.app.match
        return stop_after is not None and m is not None and len(m.moves) >= stop_after

    play_deals(dev, lambda g: choose(dev, pick(g.match.state, g.match.moves)), held, until=enough)
    return top(dev)


def reading_held():
    # The modules in memory that hold the files' reading (firmware/saves_reading.py:
    # loaded at start-up and for a resume alone).
    return [n for n in sys.modules if n.startswith("firmware") and hasattr(sys.modules[n], "unpack")]


def test_title_lists_registered_games(tmp_path):
    # A line per game (its rules are on its setup: rules_from_setup below),
    # so every game is a few presses from the first line.
    dev = new_device(tmp_path / "title")
    t = top(dev)
    assert type(t).__name__ == "Title"
    want = []
    for gid in registry.ids():
        if tables.available(gid):  # only games with a table screen are playable
            want.append(registry.title(gid))
    assert t.items == want + ["Statistics", "Settings"] and t.items[0] == registry.title(GAME)  # no Resume without a save
    assert t.items.index("Georgian Joker") <= 3
    assert not tables.available("nosuchgame")
    assert reading_held() == []  # the title's heap holds no reading of files
    press(dev, B)  # B on the title does nothing
    assert top(dev) is t


def test_person_vs_bot_full_match(tmp_path):
    # DJ-15: a best-of-3 match played to its end through the buttons.
    dev = new_device(tmp_path / "pvb", seed=11)
    assert "firmware.menus" in sys.modules
    refusals = "engine.games.doublejoker_refusals"
    registry.forget([refusals])  # earlier tests' illegal moves loaded it
    setup_match(dev, ["Person", "Bot Medium"])
    m = dev.app.match
    assert m.seats == [-1, 0] and m.options == {"games": 3}
    assert "firmware.menus" not in sys.modules  # the title's menus: not in a match's heap
    st = m.state  # the match drops it when it ends
    play_out(dev, stop_after=30)
    assert refusals not in sys.modules  # the table offers legal moves only: no move is refused
    end = play_out(dev)
    assert st.is_over()
    w = st.winner()
    assert end.verdict == ("Drawn match" if w == -1 else ("You win the match!" if w == 0 else "P2 wins the match"))
    assert end.standings.scores == st.scores() and end.standings.names == ["You", "P2"]
    assert not os.path.exists(saves.path(dev.app.root, saves.NAME))  # a finished match leaves no save
    for name in MODULES:
        assert name not in sys.modules
    press(dev, B)  # A would play again (host_tests/test_setup.py)
    assert type(top(dev)).__name__ == "Title"


def test_the_match_end_screen_is_not_left_by_a_stray_key(tmp_path):
    # A round's last held position goes to its result at once, so an A
    # pressed on through a match's last trick or reveal landed on the end
    # screen: it started the next match, the result unseen. The end screen
    # takes no key for play.SETTLE_MS; then a B held (to look back, as on a
    # round's end screen) does not leave it either: B tapped does.
    dev = new_device(tmp_path / "end", seed=11)
    setup_match(dev, ["Person", "Bot Medium"])
    end = play_out(dev)
    assert isinstance(end, play.MatchEnd) and dev.app.clock.ticks_diff(dev.app.now, end.at) < play.SETTLE_MS
    dev.press(A)
    dev.press(B)
    assert top(dev) is end
    dev.wait(play.SETTLE_MS)
    hold(dev, B, play.HOLD_MS + 100)
    assert top(dev) is end
    press(dev, B)
    assert type(top(dev)).__name__ == "Title"


def test_two_bots_pace_their_moves(tmp_path):
    # Bots move by themselves, one decision per frame at most, bot_delay apart.
    dev = new_device(tmp_path / "bvb", seed=5)
    setup_match(dev, ["Bot Medium", "Bot Hard"], games=1)
    m = dev.app.match
    times = []
    n = 0
    for t in screens(dev, MAX_FRAMES):
        before = len(m.moves)
        dev.frame()
        check_frame(dev)
        assert len(m.moves) - before <= 1
        if len(m.moves) > before:
            times.append(dev.clock.ticks_ms())
            n += 1
    assert isinstance(top(dev), play.MatchEnd)
    assert n == len(m.moves) and n > 3
    for i in range(1, len(times)):
        assert times[i] - times[i - 1] >= dev.app.bot_delay


def test_two_people_share_a_table_that_never_turns(tmp_path):
    # DJ-4: perfect information, no hand-off. Two people share one picture,
    # whoever moves: P1's ranks on the right, P2's on the left; only the
    # mover's legal moves are selectable, on the mover's side. When the turn
    # passes to the other person (to follow a lead; a game's first lead) the
    # message names them in large letters.
    dev = new_device(tmp_path / "pvp", seed=3)
    setup_match(dev, ["Person", "Person"], games=1)
    g = top(dev)
    table = sys.modules[type(g.table).__module__]
    seen = set()
    told = 0
    for t in screens(dev, MAX_FRAMES):
        assert not isinstance(t, play.Handoff)
        if isinstance(t, play.GameScreen) and t.table.holding():
            trick_held(dev, t)
        elif isinstance(t, play.GameScreen) and t.end == play.NONE:
            st = t.match.state
            who = st.to_move()
            spots = t.table.cursor.spots
            assert sorted([s[2] for s in spots]) == sorted(st.legal_moves())
            for y, x, m in spots:
                assert x == table.STACK_X or (x >= table.MINE_X) == (who == 0)
            sel = t.table.cursor.at()
            for s in range(4):
                y = table.ROW0 + s * table.PITCH
                if sel[0] == y and sel[1] != table.STACK_X:
                    continue  # the selected card is drawn inverted
                ranks = ["".join([table.RANKS[c % 13] for c in st.hand(q) if c // 13 == s]) for q in (0, 1)]
                assert drawn(dev, 0, y, table.STACK_X - 4, y + 6, lambda fb: font.text(
                    fb, ranks[1], table.OPP_END - font.width(ranks[1]), y))
                assert drawn(dev, table.MINE_X, y, ui.W, y + 6, lambda fb: font.text(fb, ranks[0], table.MINE_X, y))
            if st.phase() == t.match.game.FOLLOW or not t.match.moves:
                name = "P%d to follow" % (who + 1) if t.match.moves else "P%d leads first" % (who + 1)
                assert drawn(dev, 0, table.MSG_Y, 100, table.MSG_Y + 8, lambda fb: font.text(
                    fb, name, 0, table.MSG_Y, 1, font.NORMAL_SIZE))
                told += 1
            seen.add(who)
            choose(dev, pick_by_position(st, t.match.moves))
        else:
            dev.frame()
    assert seen == {0, 1} and told > 3
    assert isinstance(top(dev), play.MatchEnd)


def test_finished_trick_waits_for_a_then_the_bot_plays_on(tmp_path):
    # DJ-9, DJ-10: against a bot every trick stays, both cards and its winner,
    # until A (trick_held); the bot's pre-lead step and lead come after, the
    # lead told with the step before it.
    dev = new_device(tmp_path / "held", seed=7)
    setup_match(dev, ["Person", "Bot Medium"])
    checks = {}
    play_out(dev, checks=checks, stop_after=12)  # four tricks of three moves
    g = top(dev)
    table = sys.modules[type(g.table).__module__]
    assert checks["held"] == 3 and g.table.holding()
    trick_held(dev, g)
    st = g.match.state
    for _ in range(MAX_FRAMES):
        if st.trick() and st.to_move() == 0:
            break  # the bot has led
        if isinstance(top(dev), play.GameEnd):
            press(dev, A)
        elif g.table.holding():
            trick_held(dev, g)
        elif not g.bot and g.who == g.viewer:
            choose(dev, pick_by_position(st, g.match.moves))
        else:
            dev.frame()
    said = g.table.said
    assert said.startswith(("P2 places ", "P2 takes back ")) and said.endswith(", " + g.match.message)
    row = ui.wrap(ui.glyphs(said), 27)[0]
    assert drawn(dev, 0, table.TEXT_Y, 100, table.TEXT_Y + 6, lambda fb: font.text(fb, row, 0, table.TEXT_Y))


def test_cursor_visits_only_legal_moves(tmp_path):
    # DJ-6, DJ-7: in the pre-lead step every place/take that allows a lead,
    # then only cards of that suit; the arrows never leave the legal set.
    for seed in range(8, 40):  # a match where the person leads first (DJ-5 draws the dealer)
        dev = new_device(tmp_path / ("cursor%d" % seed), seed=seed)
        setup_match(dev, ["Person", "Bot Medium"])
        g = top(dev)
        st = g.match.state
        if st.to_move() == 0:
            break
    assert st.to_move() == 0
    legal = sorted(st.legal_moves())
    assert sorted([s[2] for s in g.table.cursor.spots]) == legal
    rng = Rng(99)
    visited = set()
    for _ in range(300):
        press(dev, (UP, DOWN, LEFT, RIGHT)[rng.below(4)])
        assert g.table.cursor.selected() in legal
        visited.add(g.table.cursor.selected())
    assert visited == set(legal)
    take_or_place = legal[rng.below(len(legal))]
    choose(dev, take_or_place)
    suit = st.pre_suit()
    assert suit >= 0
    lead = g.table.cursor.spots
    assert sorted([s[2] for s in lead]) == sorted(st.legal_moves())
    for s in lead:
        assert (s[2] - g.match.game.PLAY) // 13 == suit


def test_rules_screen_scrolls_and_condenses(tmp_path):
    sd = tmp_path / "seeds"
    sd.mkdir()
    body = ["# Sample rules", "", "Intro paragraph that is long enough to wrap over more than one row of",
            "the small font, joined across **source** lines.", "", "## Setup", "- first `item` with \u2665 hearts",
            "  continued", "- second item", ""]
    numbered = ["XX-1. A numbered rule", "XX-2. starts its own block even without a blank line;", "2 steps on is no rule."]
    body += numbered + [""]
    body += ["Rule %d. Some words to fill the screen and make it scroll." % i for i in range(30)]
    with open(os.path.join(sd, GAME + ".md"), "w") as f:
        f.write("\n".join(body) + "\n")
    dev = new_device(tmp_path / "rules", seeds_dir=sd)
    rules_from_setup(dev, registry.title(GAME))
    r = top(dev)
    assert type(r).__name__ == "Rules"  # its module is loaded for the screen alone
    rows = r.rows()
    for row in rows:
        assert len(row) <= 31 and "#" not in row and "*" not in row and "`" not in row
    assert "Sample rules" not in rows  # the document's title is the screen's title
    i = rows.index("")
    assert i > 1 and " ".join(rows[:i]) == " ".join(body[2:4]).replace("**", "")
    h = rows.index("Setup")
    assert r.sub[h] & 128 and rows[h - 1] == ""  # a heading, with a rule after it, after a blank
    assert "- first item with \x03 hearts" in rows
    i = rows.index("- first item with \x03 hearts")
    assert rows[i + 1 : i + 3] == ["  continued", "- second item"]  # one list, no blank rows
    assert "" not in rows[:1] and "" in rows
    i = rows.index("1. A numbered rule")  # the device drops the rule ids' prefix
    j = rows.index("", i + 2)
    assert rows[i + 1] == "" and " ".join(rows[i + 2 : j]) == " ".join(numbered[1:]).replace("XX-", "")
    before = bytes(dev.display.buf)
    press(dev, DOWN)
    assert r.top == 1 and bytes(dev.display.buf) != before
    for _ in range(len(rows)):
        press(dev, RIGHT)
    assert r.top == len(rows) - 9  # stops at the last screenful
    press(dev, UP)
    assert r.top == len(rows) - 10
    press(dev, B)
    assert type(top(dev)).__name__ == "Setup"


def rules_from_setup(dev, title):
    # Title -> the game -> its setup's Rules line, under Start (one press
    # DOWN from where the setup opens) -> the game's rules.
    menu_pick(dev, title)
    s = top(dev)
    assert s.items[s.cur].startswith("Start") and s.items[s.cur + 1] == "Rules"
    press(dev, DOWN)
    press(dev, A)
    r = top(dev)
    assert type(r).__name__ == "Rules" and r.title == title
    return s


def test_every_games_rules_are_on_its_setup(tmp_path):
    # Issue: twelve title lines, a "Rules: <game>" line under each game. Now
    # the rules are the setup's last line, in view as it opens, two presses
    # from Start; B comes back to the setup's Start, and A there starts the match.
    dev = new_device(tmp_path / "setuprules", seed=3)
    for gid in tables.playable():
        title = registry.title(gid)
        s = rules_from_setup(dev, title)
        r = top(dev)
        assert r.path.endswith("/" + gid + ".md") and r.rows()[0] == "How to play on Joker Pocket"
        assert "firmware.rules" in sys.modules
        press(dev, B)
        # Back on Start (A on Rules read them again: a review), as it opened.
        assert top(dev) is s and s.items[s.cur].startswith("Start") and "firmware.rules" not in sys.modules
        assert s.top + 5 >= len(s.items) and "A start" in s.footer
        press(dev, B)
        assert type(top(dev)).__name__ == "Title"
    rules_from_setup(dev, registry.title(GAME))
    press(dev, B)
    press(dev, A)  # Start
    assert isinstance(top(dev), play.GameScreen) and dev.app.match.game_id == GAME


def test_real_rules_file_shows(tmp_path):
    dev = new_device(tmp_path / "realrules")
    rules_from_setup(dev, registry.title(GAME))
    r = top(dev)
    assert r.offs[0] != -2, "seeds/%s.md not found" % GAME
    rows = r.rows()
    assert rows[0] == "How to play on Joker Pocket" and "1. One pack of 52 cards and two" in rows


def test_quit_asks_and_frees_the_game(tmp_path):
    dev = new_device(tmp_path / "quit", seed=4)
    setup_match(dev, ["Person", "Bot Medium"])
    g = top(dev)
    choose(dev, g.table.cursor.spots[0][2])
    assert os.path.exists(saves.path(dev.app.root, saves.NAME))
    press(dev, B)
    assert isinstance(top(dev), Pause)
    menu_pick(dev, "Quit match")
    assert isinstance(top(dev), QuitConfirm)
    press(dev, B)  # no: back to the pause menu, the match goes on
    assert isinstance(top(dev), Pause) and dev.app.match is not None
    menu_pick(dev, "Resume")
    assert top(dev) is g
    press(dev, B)
    menu_pick(dev, "Quit match")
    press(dev, A)
    assert type(top(dev)).__name__ == "Title" and dev.app.match is None
    for name in MODULES:
        assert name not in sys.modules
    assert not os.path.exists(saves.path(dev.app.root, saves.NAME))
    assert top(dev).items[0] == registry.title(GAME)  # no Resume


def test_pause_menu_rules_and_back(tmp_path):
    dev = new_device(tmp_path / "pauserules", seed=4)
    setup_match(dev, ["Person", "Bot Medium"])
    g = top(dev)
    press(dev, B)
    menu_pick(dev, "Rules")
    assert type(top(dev)).__name__ == "Rules"
    press(dev, B)
    assert "firmware.rules" not in sys.modules  # loaded for that screen only
    press(dev, B)  # B in the pause menu resumes
    assert top(dev) is g


def test_save_after_each_move_and_resume_identically(tmp_path):
    root = str(tmp_path / "resume")
    dev = new_device(root, seed=21)
    setup_match(dev, ["Person", "Bot Hard"])
    play_out(dev, stop_after=9)
    m = dev.app.match
    rec = saves_reading.read(root)[0]
    assert rec["moves"] == list(m.moves) and rec["seats"] == [-1, 1] and rec["game"] == GAME
    # Power off here: a new app on the same storage offers to resume.
    dev2 = new_device(root, seed=999)
    t = top(dev2)
    assert t.items[0] == "Resume " + registry.title(GAME) and reading_held() == []
    # The press is answered at once: a long save replays for a second on a board.
    shown = []
    real = dev2.display.show

    def show():
        shown.append(type(top(dev2)).__name__ + ": " + t.footer)
        real()

    dev2.display.show = show
    press(dev2, A)
    dev2.display.show = real
    assert shown[0] == "Title: Resuming..." and isinstance(top(dev2), play.GameScreen)
    m2 = dev2.app.match
    assert reading_held() == []  # read for the resume, then dropped
    assert bytes(m2.moves) == bytes(m.moves)
    assert m2.state.encode() == m.state.encode()
    assert m2.message == m.message != ""  # the last move told again, as it was
    end2 = play_out(dev2)
    # The same match never interrupted: the same moves and the same result.
    dev3 = new_device(tmp_path / "unbroken", seed=21)
    setup_match(dev3, ["Person", "Bot Hard"])
    m3 = dev3.app.match
    end3 = play_out(dev3)
    assert m2.moves == m3.moves and len(m3.moves) > 9
    assert (end2.verdict, end2.standings.scores) == (end3.verdict, end3.standings.scores)


def test_starting_a_match_asks_before_it_replaces_the_saved_one(tmp_path):
    # A saved match (of another game too) is lost at a new match's first move:
    # Start says so first, B goes back with nothing lost, A starts.
    root = str(tmp_path / "replace")
    dev = new_device(root, seed=21)
    setup_match(dev, ["Person", "Bot Medium"])
    play_out(dev, stop_after=4)
    saved = saves_reading.read(root)[0]
    dev = new_device(root, seed=5)
    menu_pick(dev, "Joker Poker")
    setup = top(dev)
    press(dev, A)
    ask = top(dev)
    assert isinstance(ask, ui.Dialog) and " ".join(ask.rows) == "This replaces your saved Double Joker match"
    assert [t for t, x, y in recorded(dev, ask)][-4:] == ask.rows + [ask.hint]
    press(dev, B)
    assert top(dev) is setup and saves_reading.read(root)[0] == saved and dev.app.saved == saved
    press(dev, A)
    press(dev, A)
    assert isinstance(top(dev), play.GameScreen) and dev.app.match.game_id == "jokerpoker"
    # No save, no question: Start starts.
    dev = new_device(tmp_path / "none", seed=5)
    menu_pick(dev, "Joker Poker")
    press(dev, A)
    assert isinstance(top(dev), play.GameScreen)


def _damage(kind, data):
    nl = data.index(b"\n")
    if kind == "checksum":
        return data[:-3] + bytes([data[-3] ^ 1]) + data[-2:]
    if kind == "truncated":
        return data[:-5]
    if kind == "version":
        head = data[:nl].split(b" ")
        head[1] = b"99"
        return b" ".join(head) + data[nl:]
    if kind == "garbage":
        return bytes([(i * 37 + 11) & 255 for i in range(200)])
    if kind == "empty":
        return b""
    raise ValueError(kind)


def test_damaged_save_is_reported_and_ignored(tmp_path, capsys):
    rec = {"game": GAME, "options": {"games": 3}, "seed": 5, "seats": [-1, 0], "moves": [3]}
    good = saves.encode(rec)
    assert saves_reading.decode(good) == rec
    for kind in ("checksum", "truncated", "version", "garbage", "empty"):
        root = str(tmp_path / ("damaged-" + kind))
        os.makedirs(root)
        with open(saves.path(root, saves.NAME), "wb") as f:
            f.write(_damage(kind, good))
        dev = new_device(root)
        out = capsys.readouterr().out
        assert "save.jp set aside" in out, kind
        d = top(dev)
        assert isinstance(d, ui.Dialog) and " ".join(d.rows).startswith("Saved match moved to save.bad: ")
        assert not os.path.exists(saves.path(root, saves.NAME))
        assert os.path.exists(saves.path(root, saves.ASIDE))
        press(dev, A)
        assert type(top(dev)).__name__ == "Title" and not top(dev).items[0].startswith("Resume")


def test_save_that_does_not_replay_is_ignored(tmp_path, capsys):
    # A well-formed save that the game refuses (a move the rules refuse, an
    # unknown option value, seats the game does not have) is caught at resume.
    bad = ({"moves": [CONTINUE]}, {"options": {"games": 4}}, {"seats": [-1, 7]}, {"seats": [-1, 0, 0]})
    for change in bad:
        root = str(tmp_path / str(len(os.listdir(str(tmp_path)))))
        os.makedirs(root)
        rec = {"game": GAME, "options": {"games": 3}, "seed": 5, "seats": [-1, 0], "moves": []}
        rec.update(change)
        saves.write(root, rec)
        dev = new_device(root)
        assert top(dev).items[0].startswith("Resume")
        press(dev, A)
        assert "save set aside: does not replay" in capsys.readouterr().out, change
        assert isinstance(top(dev), ui.Dialog)
        assert " ".join(top(dev).rows) == "Saved match moved to save.bad: does not replay"
        press(dev, A)
        assert type(top(dev)).__name__ == "Title" and not top(dev).items[0].startswith("Resume")
        assert dev.app.match is None and "engine.games.doublejoker" not in sys.modules


def test_unknown_game_in_save_is_ignored(tmp_path, capsys):
    root = str(tmp_path)
    saves.write(root, {"game": "nosuch", "options": {}, "seed": 5, "seats": [-1, 0], "moves": []})
    dev = new_device(root)
    assert "unknown game" in capsys.readouterr().out
    assert isinstance(top(dev), ui.Dialog)


def _hidden_game(monkeypatch):
    # Double Joker dressed as a hidden-hands game, to check the generic
    # pass-and-play hand-off (the real hidden games bring their own tables).
    from engine.games import doublejoker
    from firmware.tables import doublejoker as dj_table

    mod = types.ModuleType("hiddendj")
    mod.__dict__.update(doublejoker.__dict__)
    info = doublejoker.INFO
    mod.INFO = Game(info.seats, info.options + (("open", "Open hands", ("Off", "On"), "%s"),), True, "open",
                    info.round, info.counts, info.goal)
    mod.new_game = lambda seed, options, seats: doublejoker.new_game(seed, {"games": options["games"]}, seats)
    monkeypatch.setitem(sys.modules, "hiddendj", mod)
    monkeypatch.setitem(sys.modules, "firmware.tables.hiddendj", dj_table)
    monkeypatch.setattr(tables, "hiddendj", dj_table, raising=False)
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (("hiddendj", "Hidden DJ", "hiddendj", "engine.ai.doublejoker"),))
    available = tables.available
    monkeypatch.setattr(tables, "available", lambda gid, names=None: gid == "hiddendj" or available(gid, names))


def _start_hidden(dev, seats, open_hands):
    menu_pick(dev, "Hidden DJ")
    set_up(dev, ["P1: " + seats[0], "P2: " + seats[1], "Open hands: " + ("On" if open_hands else "Off")])


def _first_handoff(path, monkeypatch):
    # Two people at a game that hides hands: the device and its first hand-off.
    _hidden_game(monkeypatch)
    dev = new_device(path, seed=6)
    _start_hidden(dev, ["Person", "Person"], False)
    dev.frame()
    return dev, top(dev)


def test_handoff_between_two_people_in_hidden_games(tmp_path, monkeypatch):
    dev, h = _first_handoff(tmp_path / "handoff", monkeypatch)
    first = dev.app.match.state.to_move()  # DJ-5 draws who leads
    assert isinstance(h, play.Handoff) and h.seat == first  # before the first turn too
    # The table is blanked: the frame is the hand-off message alone.
    import framebuf

    alone = bytearray(len(dev.display.buf))
    h.draw(framebuf.FrameBuffer(alone, 128, 64, framebuf.MONO_VLSB))
    assert bytes(dev.display.buf) == bytes(alone)
    press(dev, A)
    g = top(dev)
    handoffs = 0
    last_person = first
    for _ in range(400):
        t = top(dev)
        if isinstance(t, play.MatchEnd) or g.end != play.NONE:
            break
        if isinstance(t, play.Handoff):
            assert t.seat != last_person  # only when the other person is next
            handoffs += 1
            last_person = t.seat
            press(dev, A)
            continue
        if g.table.holding():
            trick_held(dev, g)
            continue
        assert g.viewer == g.who == last_person
        choose(dev, pick_by_position(g.match.state, g.match.moves))
        dev.frame()
    assert handoffs >= 2


def test_a_double_tap_does_not_pass_the_hand_off(tmp_path, monkeypatch):
    # A review: A tapped twice on a move showed the next person's hand to the
    # one who made it. The hand-off takes no key for play.SETTLE_MS (nor says
    # "press A"); then A passes it.
    dev, h = _first_handoff(tmp_path / "tap", monkeypatch)

    def said():
        return [r[0] for r in guard.drawn(h.draw)[0]]

    assert isinstance(h, play.Handoff) and h.busy() and "press A" not in said()
    for b in (A, B, A):
        dev.press(b)
        assert top(dev) is h and not dev.app.match.moves
    dev.wait(play.SETTLE_MS)
    assert not h.busy() and "press A" in said()
    dev.press(A)
    assert isinstance(top(dev), play.GameScreen)


def test_no_handoff_with_open_hands_or_one_person(tmp_path, monkeypatch):
    _hidden_game(monkeypatch)
    for seats, open_hands in ((["Person", "Person"], True), (["Person", "Bot Medium"], False)):
        dev = new_device(tmp_path / "nohandoff", seed=6)
        _start_hidden(dev, seats, open_hands)
        for _ in range(60):
            t = top(dev)
            assert not isinstance(t, play.Handoff)
            if isinstance(t, play.GameScreen) and t.table.holding():
                trick_held(dev, t)
            elif isinstance(t, play.GameScreen) and t.end == play.NONE and not t.bot:
                choose(dev, pick_by_position(t.match.state, t.match.moves))
            dev.frame()
        assert len(dev.app.match.moves) > 2


TOUR = """import sys
from tools.bench import ui
for line in ui.tour(sys.argv[1], sys.argv[2]):
    print(line)
"""


def test_same_session_on_micropython(tmp_path):
    # Every screen in one scripted session (tools/bench/ui.py tour) under the real
    # MicroPython: the same screens and the same frames, CRC for CRC, as here.
    from tools import micropython
    from tools.bench import ui as uibench

    want = uibench.tour(str(tmp_path / "cpython"), SEEDS)
    assert len(want) > 20 and "MatchEnd" in " ".join(want)
    script = tmp_path / "tour.py"
    script.write_text(TOUR)
    rc, out = micropython.run([str(script), "/tmp/tour", "seeds"],
                              include=["tools/host", "tools/bench/__init__.py", "tools/bench/ui.py"])
    assert rc == 0, out
    assert [line for line in out.splitlines() if line.startswith("tour: ")] == want


def test_setup_for_games_of_two_to_four(tmp_path, monkeypatch):
    # A game of 2-4 seats gets a Players line; the seats follow it, each seat
    # cycles Person and the bot levels, RIGHT means more (players, rounds)
    # and stops at the most, and Start passes exactly what is shown.
    mod = types.ModuleType("fourseats")
    mod.INFO = Game((2, 4), (("rounds", "Rounds", (4, 2, 6), "%d"), ("open", "Open hands", ("Off", "On"), "%s")),
                    True, "open", "round", WINS, "{rounds} rounds")
    monkeypatch.setitem(sys.modules, "fourseats", mod)
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (("fourseats", "Four Seats", "fourseats", "engine.ai.doublejoker"),))
    monkeypatch.setattr(tables, "available", lambda gid, names=None: gid == "fourseats")
    dev = new_device(tmp_path)
    assert top(dev).items == ["Four Seats", "Statistics", "Settings"]
    press(dev, A)
    s = top(dev)
    assert s.items == ["Players: 2", "P1: Person", "P2: Bot Medium", "Rounds: 4", "Open hands: Off", "Start", "Rules"]
    assert s.cur == 5  # on Start
    press(dev, DOWN)
    press(dev, DOWN)  # past Rules, round to the first line
    press(dev, RIGHT)
    assert s.items[:4] == ["Players: 3", "P1: Person", "P2: Bot Medium", "P3: Bot Medium"]
    press(dev, RIGHT)
    press(dev, RIGHT)
    assert s.items[0] == "Players: 4" and s.items[4] == "P4: Bot Medium"  # stops at the most
    press(dev, LEFT)
    press(dev, LEFT)
    press(dev, LEFT)
    assert s.items[0] == "Players: 2"  # and at the fewest
    press(dev, RIGHT)
    press(dev, RIGHT)
    for _ in range(4):
        press(dev, DOWN)
    press(dev, RIGHT)
    press(dev, RIGHT)  # P4: Bot Medium, Bot Hard, Person (names go round)
    assert s.items[4] == "P4: Person"
    press(dev, DOWN)
    got = []
    for b in (RIGHT, RIGHT, RIGHT, LEFT, LEFT, LEFT):
        press(dev, b)
        got.append(s.items[s.cur])
    assert got == ["Rounds: 6", "Rounds: 6", "Rounds: 6", "Rounds: 4", "Rounds: 2", "Rounds: 2"]
    press(dev, RIGHT)
    started = []
    title = sys.modules["firmware.menus"]  # the copy the app loaded for its title
    monkeypatch.setattr(title, "start_match", lambda app, gid, options, seats: started.append((gid, options, seats)))
    press(dev, A)  # A on any line starts
    assert started == [("fourseats", {"rounds": 4, "open": "Off"}, [-1, 0, 0, -1])]


def test_cursor_moves_by_rows_and_wraps():
    # UP/DOWN go to the nearest spot of the next row that has one (skipping
    # empty rows, wrapping round); LEFT/RIGHT step in reading order.
    c = tables.Cursor()
    c.set([(30, 12, 5), (10, 0, 1), (20, 4, 3), (10, 8, 2), (30, 0, 4)])
    assert [s[2] for s in c.spots] == [1, 2, 3, 4, 5] and c.selected() == 1
    c.press(RIGHT)
    assert c.selected() == 2
    got = []
    for b in (DOWN, DOWN, DOWN, UP, UP, LEFT, LEFT):
        c.press(b)
        got.append(c.selected())
    assert got == [3, 4, 1, 4, 3, 2, 1]
    c.press(LEFT)
    assert c.selected() == 5  # wraps to the last spot
    c.set([(10, 0, 7), (30, 12, 9)])
    assert c.selected() == 9  # new choices: the nearest to where it was
    c.set([])
    assert c.selected() == -1 and c.at() is None and not c.press(RIGHT)
    c.set([(10, 0, 7), (30, 16, 9)])
    assert c.selected() == 9  # remembered across a turn with no choices


def test_handoff_comes_before_bots_that_move_first(tmp_path):
    # GJ-22: hands are secret. With two people at one device, no hand shows
    # before one of them has the device: when bots move first, the hand-off to
    # the first person comes before their moves, at the start and on a resume.
    from engine.games import georgian as G
    from host_tests.drive import match_at

    seats = ["P%d: %s" % (i + 1, s) for i, s in enumerate(["Person", "Person", "Bot Medium", "Bot Medium"])]
    checked = 0
    for seed in range(1, 9):
        dev = new_device(tmp_path / str(seed), seed, bot_delay=60)
        menu_pick(dev, "Georgian Joker")
        set_up(dev, seats)
        dev.frame()
        m = dev.app.match
        if m.is_person(m.state.to_move()):
            continue
        h = top(dev)
        assert isinstance(h, play.Handoff) and h.seat == 0 and not m.moves
        dev.idle()
        assert top(dev) is h and not m.moves  # the bots wait for it
        press(dev, A)
        dev.idle()
        assert m.moves and isinstance(top(dev), play.GameScreen) and top(dev).viewer == 0
        checked += 1
    assert checked
    root = tmp_path / "resumed"
    root.mkdir()
    m = match_at(root, "georgian", [saves.PERSON, saves.PERSON, 0, 0], lambda s: s.phase() == G.PLAYING and s.to_move() >= 2)
    n = len(m.moves)
    dev = new_device(root, 99, bot_delay=60)
    assert top(dev).items[0] == "Resume Georgian Joker"
    press(dev, A)
    dev.idle()
    h = top(dev)
    assert isinstance(h, play.Handoff) and h.seat == 0 and len(dev.app.match.moves) == n


def test_b_held_in_the_pause_menu_looks_back(tmp_path):
    # The pause menu's title says "hold B: look back": so it does there too,
    # back to the table after it; a tap of B still just closes the menu.
    dev = new_device(tmp_path / "hold", 6, bot_delay=60)
    setup_match(dev, ["Person", "Bot Medium"])
    g = top(dev)
    dev.idle()
    press(dev, B)
    assert isinstance(top(dev), Pause)
    hold(dev, B, play.HOLD_MS + 100)
    assert type(top(dev)).__name__ == "LookBack" and dev.app.stack[-2] is g
    press(dev, B)
    assert top(dev) is g
    press(dev, B)
    hold(dev, B, play.HOLD_MS // 3)
    assert top(dev) is g


def test_round_end_names_its_round_and_the_sheet_lists_it(tmp_path):
    # DJ-15: the screen after each game of a match says which game ended, and
    # the score sheet (RIGHT) has a row for every game finished.
    dev = new_device(tmp_path / "rounds", seed=7, bot_delay=60)
    setup_match(dev, ["Person", "Bot Medium"], games=5)
    titles = []

    def ended(t):
        titles.append(t.title)
        assert t.standings.goal == "Game %d, best of 5" % len(titles)  # where the match is
        press(dev, RIGHT)
        sheet = top(dev)
        assert type(sheet).__name__ == "ScoreSheet" and len(sheet.s.history) == len(titles)
        press(dev, B)
        assert top(dev) is t

    play_deals(dev, lambda g: choose(dev, pick_by_position(g.match.state, g.match.moves)),
               lambda g: trick_held(dev, g), deals=2, ended=ended)
    assert titles == ["Game 1 over", "Game 2 over"]


def test_score_screens_say_where_the_match_is(tmp_path):
    # Issue: the round-over screen and the score sheet showed the match's
    # length ("Deals: All 24", "3 deals") where a player looks for where
    # they are. Every game's goal line says the round just ended, or the
    # one played, of how many (best of, in the games whose match may end sooner).
    from engine.games import georgian
    from firmware.scores import Standings

    want = {"doublejoker": "Game %d, best of 3", "habitual": "Deal %d, best of 3", "prediction": "Deal %d of 2",
            "georgian": "Deal %d of 24", "jokerpoker": "Deal %d of 3"}
    for gid in tables.playable():
        n = registry.load(gid).INFO.seats[0]
        m = match_at(tmp_path, gid, [saves.PERSON] + [0] * (n - 1), lambda s: s.deal_over())
        assert Standings(m).goal == want[gid] % 1, gid  # the round just ended
        dev = new_device(tmp_path / ("next-" + gid), 1)
        end = play.GameEnd(dev.app, play.GameScreen(dev.app, m))
        nxt = want[gid] % 2
        assert end.next == "Next: " + nxt[0].lower() + nxt[1:], gid  # what A leads to, on the round's end
        m.play(CONTINUE)
        assert Standings(m).goal == want[gid] % 2, gid  # the next, being played
    for deals in georgian.INFO.options[0][2]:  # a named option counts its deals (GJ-4)
        st = georgian.new_game(1, {"deals": deals})
        assert georgian.INFO.goal_text({"deals": deals}, 4, 3) == "Deal 3 of %d" % st.deals()


def test_the_next_round_waits_for_a_hand_off(tmp_path):
    # GJ-22: a round's end is a screen everybody sees; the next deal's hands
    # wait for a hand-off again, even to the person who had the device.
    dev = new_device(tmp_path / "next", 11, bot_delay=60)
    menu_pick(dev, "Georgian Joker")
    set_up(dev, ["P1: Person", "P2: Person", "P3: Bot Medium", "P4: Bot Medium", "Deals: Nines only"])
    ends = play_deals(dev, lambda g: choose(dev, g.match.state.legal_moves()[0]), lambda g: press(dev, A), deals=1)
    m = dev.app.match
    n = len(m.moves)
    assert ends == 1 and isinstance(top(dev), play.GameEnd)
    press(dev, A)  # the next deal
    dev.idle()
    assert isinstance(top(dev), play.Handoff) and len(m.moves) == n + 1  # the deal alone: nobody moved yet

