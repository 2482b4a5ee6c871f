# The board's statistics (issue 24 item 4) through the buttons on the
# simulator: matches of different games played to their end (a person's moves
# are the pause menu's hints, A plays each), then the file and the Statistics
# screen hold what the test works out from each match's record; only a
# finished match with a person counts, once (not a quit match, not a bots'
# match, not again after a power cut and a resume); a damaged file gives zeros
# and says so once while the match plays on; the reset asks first.
import os
import sys

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import figures, registry
from engine.ai import ORDER
from firmware import font, play, saves, scores, stats, ui
from firmware.buttons import A, B, RIGHT
from firmware.saves import PERSON
from host_tests import drive
from host_tests.drive import menu_pick, press, shows, top
from host_tests.test_aids_ui import hint, pause_items, start

registry.forget([stats.__name__])  # as on the board: in memory for a match's end or its screen alone
MAX_STEPS = 60000
PEOPLE = len(ORDER)  # the column of matches with no bot


def new_device(root, seed):
    return drive.new_device(root, seed, bot_delay=60)


def play_to_end(dev, g, stop=None):
    # The match on game screen g to its end (or until stop(match)): a person's
    # move is the hint's, bots move by themselves, A on what waits for it.
    m = g.match
    checks = {"hints": 0}
    for _ in range(MAX_STEPS):
        if dev.app.match is None or stop is not None and stop(m):
            return m
        t = top(dev)
        if isinstance(t, (play.GameEnd, play.Handoff)) or t is g and g.table.holding():
            press(dev, A)
        elif t is g and g.my_turn() and g.pending < 0:
            pause_items(dev, g)
            hint(dev, g, checks)
        else:
            dev.frame()
    raise AssertionError("the match did not end")


def adds(m):
    # What a finished match adds, from its record (a fresh state, its moves
    # replayed): (column, won, score, figure) of its best-placed person, or
    # None for a match of bots.
    st = registry.load(m.game_id).new_game(m.seed, m.options, len(m.seats))
    for mv in m.moves:
        st.apply(mv)
    assert st.is_over()
    people = [q for q in range(len(m.seats)) if m.seats[q] == PERSON]
    if not people:
        return None
    points = st.scores()
    me = sorted(people, key=lambda q: (-points[q], q))[0]
    bots = [ORDER.index(k) for k in m.seats if k != PERSON]
    fig = figures.figure(m.game_id)
    return max(bots) if bots else PEOPLE, st.winner() == me, points[me], fig[1](st, me) if fig else 0


def tally(want, m):
    # Adds match m to want: {(game, seats): entry as the file keeps it}.
    got = adds(m)
    if got is None:
        return
    col, won, score, fig = got
    key = (m.game_id, len(m.seats))
    first = key not in want
    e = want.setdefault(key, [m.game_id, len(m.seats)] + [0] * 11)
    e[2 + 2 * col] += 1
    e[3 + 2 * col] += int(won)
    e[10] = score if first else max(e[10], score)
    e[11] += score
    e[12] += fig


def played(e):
    return sum([e[2 + 2 * c] for c in range(len(stats.COLUMNS))])


def file_entries(root):
    entries, notice = stats.read(str(root))
    assert notice is None
    return entries


def open_stats(dev):
    while type(top(dev)).__name__ != "Title":
        press(dev, B)
    menu_pick(dev, "Statistics")
    s = dev.app.stack[1]  # under the notice of a damaged file, if any
    assert type(s).__name__ == "StatsScreen"
    return s


def check_page(dev, s, e):
    # Turns to e's page and reads it off the panel: the game, its seats, the
    # matches played and won per opponents, the best and average score, the figure.
    for _ in range(len(s.pages)):
        if s.pages[s.page] == (e[0], e[1]):
            break
        press(dev, RIGHT)
    assert s.pages[s.page] == (e[0], e[1])
    y = ui.ROW + 1
    assert shows(dev, "%d players" % e[1], 0, y, font.SMALL_SIZE)
    for c in range(len(stats.COLUMNS)):
        y += scores.PITCH
        assert shows(dev, "vs " + stats.COLUMNS[c], 0, y, font.SMALL_SIZE)
        p = "%d" % e[2 + 2 * c]
        assert shows(dev, p, stats._PLAYED - font.width(p), y, font.SMALL_SIZE), (e, c)
        w = "%d" % e[3 + 2 * c]
        assert shows(dev, w, ui.W - 4 - font.width(w), y, font.SMALL_SIZE), (e, c)
    n = played(e)
    y += scores.PITCH
    assert shows(dev, "Best score %s, average %s" % (scores.number(e[10]), stats.tenths(e[11], n)), 0, y, font.SMALL_SIZE), e
    fig = figures.figure(e[0])
    if fig:
        y += scores.PITCH
        assert shows(dev, "%s %d, %s a match" % (fig[0], e[12], stats.tenths(e[12], n)), 0, y, font.SMALL_SIZE), e


def test_three_matches_are_counted_as_their_records_say(tmp_path):
    dev = new_device(tmp_path, 21)
    want = {}
    matches = (
        ("doublejoker", ["P1: Person", "P2: Bot Easy", "Match: best of 1"]),
        ("habitual", ["P1: Bot Easy", "P2: Bot Medium", "Match: best of 1"]),  # bots alone: not counted
        ("prediction", ["Players: 3", "P1: Person", "P2: Bot Hard", "P3: Bot Medium"]),
        ("doublejoker", ["P1: Person", "P2: Bot Hard", "Match: best of 1"]),
    )
    for gid, lines in matches:
        m = play_to_end(dev, start(dev, gid, lines))
        assert isinstance(top(dev), play.MatchEnd)  # no notice: the file was whole and written
        assert "firmware.stats" not in sys.modules  # loaded for the counting alone
        tally(want, m)
        assert file_entries(tmp_path) == [want[k] for k in sorted(want, key=lambda k: (registry.ids().index(k[0]), k[1]))]
        press(dev, B)
    assert sorted(want) == [("doublejoker", 2), ("prediction", 3)]
    assert want[("doublejoker", 2)][2] == 1 and want[("doublejoker", 2)][6] == 1  # one against Easy, one against Hard
    s = open_stats(dev)
    assert [p[0] for p in s.pages] == [g for g in registry.ids() if g in ("doublejoker", "habitual", "prediction", "georgian",
                                                                           "jokerpoker")]
    for e in want.values():
        check_page(dev, s, e)
    press(dev, B)
    assert type(top(dev)).__name__ == "Title" and "firmware.stats" not in sys.modules


def test_quit_match_is_not_counted_and_a_resumed_one_counts_once(tmp_path):
    dev = new_device(tmp_path, 22)
    lines = ["P1: Person", "P2: Bot Easy", "Match: best of 1"]
    g = start(dev, "doublejoker", lines)
    play_to_end(dev, g, lambda m: len(m.moves) >= 6)
    press(dev, B)
    menu_pick(dev, "Quit match")
    press(dev, A)
    assert not os.path.exists(saves.path(str(tmp_path), stats.NAME))  # quit: not counted
    g = start(dev, "doublejoker", lines)
    play_to_end(dev, g, lambda m: len(m.moves) >= 6)
    dev, g = drive.resume(str(tmp_path), "Double Joker")  # a power cut mid-match, then Resume
    m = play_to_end(dev, g)
    want = {}
    tally(want, m)
    assert file_entries(tmp_path) == list(want.values())
    dev = new_device(tmp_path, 23)  # a finished match leaves no save: nothing to count again
    assert not top(dev).items[0].startswith("Resume")
    assert file_entries(tmp_path) == list(want.values())


def test_several_people_count_once_for_the_best_placed(tmp_path):
    # Prediction has no secrets, so two people play at one handheld with no hand-off.
    dev = new_device(tmp_path, 24)
    m = play_to_end(dev, start(dev, "prediction", ["Players: 2", "P1: Person", "P2: Person"]))
    want = {}
    tally(want, m)
    e = want[("prediction", 2)]
    assert e[2 + 2 * PEOPLE] == 1 and played(e) == 1  # once, in the column of people alone
    assert file_entries(tmp_path) == [e]


def test_damaged_file_gives_zeros_says_so_once_and_the_match_plays_on(tmp_path):
    root = str(tmp_path)
    with open(saves.path(root, stats.NAME), "wb") as f:
        f.write(b"JPSTATS 1 12345678 9\n[1, 2, 3]")
    dev = new_device(tmp_path, 25)
    m = play_to_end(dev, start(dev, "doublejoker", ["P1: Person", "P2: Bot Easy", "Match: best of 1"]))
    d = top(dev)
    assert isinstance(d, ui.Dialog) and " ".join(d.rows) == "Statistics reset; old file moved to stats.bad: checksum wrong"
    press(dev, A)
    assert isinstance(top(dev), play.MatchEnd)
    want = {}
    tally(want, m)
    assert file_entries(tmp_path) == list(want.values())  # counted from zeros
    assert sorted(os.listdir(root)) == ["settings.jp", "stats.bad", stats.NAME]
    # Damaged again, found by the screen: zeros, said once.
    os.rename(saves.path(root, "stats.bad"), saves.path(root, stats.NAME))
    s = open_stats(dev)
    d = top(dev)
    assert isinstance(d, ui.Dialog) and " ".join(d.rows) == "Statistics reset; old file moved to stats.bad: checksum wrong"
    press(dev, A)
    assert top(dev) is s and s.entries == [] and shows(dev, "No matches yet", (ui.W - font.width("No matches yet", ui.NORMAL)) // 2,
                                                            28, font.NORMAL_SIZE)
    press(dev, B)
    open_stats(dev)
    assert type(top(dev)).__name__ == "StatsScreen"  # no notice the second time
    press(dev, B)
    assert "firmware.stats" not in sys.modules


def test_reset_asks_first(tmp_path):
    root = str(tmp_path)
    entries = [["prediction", 3, 0, 0, 2, 1, 0, 0, 0, 0, 120, 200, 6]]
    stats.write(root, entries)
    dev = new_device(tmp_path, 26)
    s = open_stats(dev)
    check_page(dev, s, entries[0])
    press(dev, A)
    d = top(dev)
    assert type(d).__name__ == "ResetConfirm" and " ".join(d.rows) == "Reset all statistics?"
    press(dev, B)  # no
    assert top(dev) is s and file_entries(tmp_path) == entries
    press(dev, A)
    press(dev, A)  # yes
    assert top(dev) is s and file_entries(tmp_path) == [] and s.entries == []
    assert [p[1] for p in s.pages] == [0] * len(s.pages)  # every game: no matches yet
    press(dev, B)
    assert "firmware.stats" not in sys.modules


def test_the_screen_opens_on_the_game_last_played(tmp_path):
    # Issue: Statistics always opened on its first page (Double Joker), even
    # right after a Georgian Joker match. It opens on the game last started
    # (the setup the title remembers), on the page of its seat count, else
    # on the game's first page; with none started, on the first page.
    root = str(tmp_path)
    entries = [[gid, n, 1, 1, 0, 0, 0, 0, 0, 0, 10, 10, 0]
               for gid, n in (("doublejoker", 2), ("prediction", 2), ("prediction", 3), ("georgian", 4))]
    stats.write(root, entries)
    dev = new_device(tmp_path, 27)
    s = open_stats(dev)
    assert s.page == 0
    for gid, lines, page in (("georgian", ["P2: Bot Medium"], ("georgian", 4)),
                             ("prediction", ["Players: 3"], ("prediction", 3)),
                             ("prediction", ["Players: 2"], ("prediction", 2)),
                             ("jokerpoker", [], ("jokerpoker", 0))):  # never played: its page says so
        press(dev, B)
        start(dev, gid, lines)
        dev.app.quit_match()
        s = open_stats(dev)
        assert s.pages[s.page] == page
        assert drive.drawn(dev, 0, 0, ui.W, ui.ROW, lambda fb: ui.header(fb, registry.title(gid)))  # its title bar
    # After a power cut with the match saved, the same page (the title offers Resume).
    press(dev, B)
    g = start(dev, "georgian", ["P2: Bot Medium"])
    play_to_end(dev, g, lambda m: len(m.moves) >= 2)
    dev = new_device(tmp_path, 28)
    assert top(dev).items[0] == "Resume Georgian Joker"
    s = open_stats(dev)
    assert s.pages[s.page] == ("georgian", 4)
