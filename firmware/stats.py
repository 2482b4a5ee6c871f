# The statistics kept on the board, in <root>/stats.jp beside the save and the
# settings, framed and written as safely as they are (firmware.saves pack/put;
# firmware.saves_reading get/unpack read it): a damaged file gives zeros, is
# set aside as stats.bad and is said once. This module is loaded at a match's
# end (to count it) and for the Statistics screen only, never during a match.
#
# What counts: a finished match with a person at the table, once, when its end
# screen comes (a quit or abandoned match counts nothing; its save is gone
# by then, so no resume brings a finished match back). A match counts once
# however many people play: for the person who did best (the highest score,
# the first seat on a tie), won when that seat won alone.
# Per game and seat count (an entry), flat ints after the game id:
#   seats, then played and won per opponents (COLUMNS: the strongest bot level
#   at the table, or people only), the best score, the sum of the scores (the
#   average is worked out when shown: no floats), the sum of the game's own
#   figure (engine/figures.py). The file is the JSON list of the entries, in registry
#   order then by seats, so it is the same bytes on every runtime.
import json

from engine import const, registry
from engine.figures import figure
from engine.ai import LEVELS, ORDER
from firmware import font, saves, scores, ui
from firmware.saves import PERSON
from firmware.saves_reading import MAX_SEATS, SaveError, get, ints, parse, told, unpack
from firmware.tables import playable

NAME = "stats.jp"
MAGIC = "JPSTATS"
VERSION = const(1)
MODULES = (__name__, "firmware.saves_reading", "firmware.scores", "engine.figures")  # what counting or the screen loads: dropped after
# The opponents a match is counted against: the strongest bot level at the
# table (engine.ai.ORDER, weakest first), else only people.
COLUMNS = tuple([LEVELS[k] for k in ORDER]) + ("People",)
_PEOPLE = const(3)
_BEST = const(10)  # entry indices: 0 game, 1 seats, 2 + 2 * column played, 3 + 2 * column won
_TOTAL = const(11)
_FIGURE = const(12)
_SIZE = const(13)
_MOST = const(1 << 29)  # a bound on every number: a small int on the board
_PLAYED = const(92)  # the right edge of the screen's "played" column
RESET = "Statistics reset; old file"  # a damaged file in a notice (told())


def taken(match):
    # What the finished match adds, taken while its state is still there:
    # (game id, seats, column, won, score, figure), or None when no person
    # played on this board (in link play each board counts its own people).
    seats = match.seats
    people = [q for q in range(len(seats)) if seats[q] == PERSON and match.here(q)]
    if not people:
        return None
    st = match.state
    points = st.scores()
    me = people[0]
    for q in people:
        if points[q] > points[me]:
            me = q
    bots = [ORDER.index(k) for k in seats if k != PERSON]
    fig = figure(match.game_id)
    return match.game_id, len(seats), max(bots) if bots else _PEOPLE, st.winner() == me, points[me], \
        fig[1](st, me) if fig else 0


def count(app, got):
    # Adds a match (taken()) to the file; a damaged file is counted from zeros
    # and said, a write the storage refuses is said and changes nothing else.
    # The module and what it read with go after.
    entries, notice = read(app.root)
    gid, n, col, won, score, figure = got
    e = entry(entries, gid, n, True)
    first = played(e) == 0
    e[2 + 2 * col] += 1
    e[3 + 2 * col] += 1 if won else 0
    e[_BEST] = score if first else max(e[_BEST], score)
    e[_TOTAL] += score
    e[_FIGURE] += figure
    try:
        write(app.root, entries)
    except OSError as refused:
        print("statistics not kept:", refused)
        saves.remove(saves.path(app.root, saves.tmp_name(NAME)))
        notice = "Statistics not kept: the storage refused the file"
    registry.forget(MODULES)
    if notice:
        app.push(ui.Dialog(app, notice))


def entry(entries, gid, n, make=False):
    # The entry of game gid at n seats; a new one of zeros in its place when
    # make, else None when there is none.
    at = 0
    ids = registry.ids()
    key = (ids.index(gid), n)
    while at < len(entries) and (ids.index(entries[at][0]), entries[at][1]) < key:
        at += 1
    if at < len(entries) and entries[at][0] == gid and entries[at][1] == n:
        return entries[at]
    if not make:
        return None
    e = [gid, n] + [0] * (_SIZE - 2)
    entries.insert(at, e)
    return e


def played(e):
    return e[2] + e[4] + e[6] + e[8]


# ----- the file


def read(root):
    # -> (entries, notice): none and a line for the screen when the file was
    # damaged (and set aside); a missing file is no news.
    got, e, kept = get(root, NAME, decode)
    return ([] if got is None else got), told(RESET if got is None else "Statistics safe; a damaged copy", e, kept)


def write(root, entries):
    # OSError when the storage refuses (the old file stays whole).
    saves.put(root, NAME, saves.pack(MAGIC, VERSION, json.dumps(entries).encode()))


def decode(data):
    # bytes of the file -> the entries, every one checked in full; SaveError
    # says what is wrong.
    got = parse(unpack(data, MAGIC, VERSION))
    if type(got) is not list:
        raise SaveError("not statistics")
    ids = registry.ids()
    last = None
    for e in got:
        if type(e) is not list or len(e) != _SIZE or e[0] not in ids or not ints(e[1:], -_MOST, _MOST, _SIZE):
            raise SaveError("wrong entry", repr(e)[:40])
        key = (ids.index(e[0]), e[1])
        if not 1 <= e[1] <= MAX_SEATS or last is not None and key <= last:
            raise SaveError("wrong entry", repr(e)[:40])
        last = key
        for c in range(len(COLUMNS)):
            if not 0 <= e[3 + 2 * c] <= e[2 + 2 * c]:
                raise SaveError("wrong counts", repr(e)[:40])
        if e[_FIGURE] < 0 or played(e) < 1:  # (an entry is made by a match counted; the averages divide by them)
            raise SaveError("wrong counts", repr(e)[:40])
    return got


# ----- the screen


def tenths(total, n):
    # total / n to one decimal, rounded, in ints: "21.5", "-3.3".
    v = (abs(total) * 20 // n + 1) // 2
    return "%s%d.%d" % ("-" if total < 0 and v else "", v // 10, v % 10)


def _row(fb, y, label, a, b):
    # A line of the table: its label, then two numbers (or heads) right-aligned in columns.
    font.text(fb, label, 0, y)
    font.text(fb, a, _PLAYED - font.width(a), y)
    font.text(fb, b, ui.W - 4 - font.width(b), y)


def show(app, played=None):
    # The Statistics screen, from the title; played: (game id, seats) of the
    # match last played, whose page it opens on (else the first).
    s = StatsScreen(app, played)
    app.push(s)
    s.load()


class StatsScreen(ui.Screen):
    # A page per game and seat count played (a game never played: one page
    # saying so), in the title's order, opening on the game last played (the
    # figures a player looks for after a match); LEFT/RIGHT turn the pages,
    # A resets every figure after asking, B goes back.
    transient = MODULES

    def __init__(self, app, played=None):
        ui.Screen.__init__(self, app)
        self.page = 0
        self.played = played  # the page to open on, till load() finds it
        self.entries = []
        self.pages = []  # (game id, seats; 0: none played), load() makes them

    def load(self):
        # Reads the file: on the stack, so the notice of a damaged one comes over it.
        self.entries, notice = read(self.app.root)
        pages = []
        for gid in playable():
            n = [e[1] for e in self.entries if e[0] == gid]
            pages += [(gid, k) for k in n] if n else [(gid, 0)]
        self.pages = pages
        self.page = min(self.page, len(pages) - 1)
        if self.played is not None:
            # Its seat count's page, else the game's first.
            gid, n = self.played
            self.played = None
            for i in range(len(pages)):
                if pages[i][0] == gid and (pages[self.page][0] != gid or pages[i][1] == n):
                    self.page = i
        self.dirty = True
        if notice:
            self.app.push(ui.Dialog(self.app, notice))

    def draw(self, fb):
        gid, n = self.pages[self.page]
        ui.header(fb, registry.title(gid))
        e = entry(self.entries, gid, n)
        y = ui.ROW + 1
        if e is None:
            ui.centre(fb, "No matches yet", 28)
        else:
            _row(fb, y, "%d players" % n, "played", "won")
            for c in range(len(COLUMNS)):
                y += scores.PITCH
                _row(fb, y, "vs " + COLUMNS[c], "%d" % e[2 + 2 * c], "%d" % e[3 + 2 * c])
            m = played(e)
            y += scores.PITCH
            font.text(fb, "Best score %s, average %s" % (scores.number(e[_BEST]), tenths(e[_TOTAL], m)), 0, y)
            fig = figure(gid)
            if fig:
                y += scores.PITCH
                font.text(fb, "%s %d, %s a match" % (fig[0], e[_FIGURE], tenths(e[_FIGURE], m)), 0, y)
        # (on the panel's last rows: a game's figure line sits on row 52)
        ui.centre(fb, "\x10\x11 page %d/%d  A reset  B back" % (self.page + 1, len(self.pages)), 59, 1, ui.SMALL)

    def on_button(self, b):
        if b == ui.LEFT or b == ui.RIGHT:
            self.page = (self.page + (1 if b == ui.RIGHT else -1)) % len(self.pages)
            self.dirty = True
        elif b == ui.A:
            self.app.push(ResetConfirm(self.app, self))
        elif b == ui.B:
            self.app.pop()


class ResetConfirm(ui.Dialog):
    # Asks before every figure goes back to zero.
    def __init__(self, app, screen):
        ui.Dialog.__init__(self, app, "Reset all statistics?", "A yes / B no")
        self.screen = screen

    def yes(self):
        self.app.pop()
        try:
            write(self.app.root, [])
        except OSError as e:
            print("statistics not reset:", e)
            self.app.push(ui.Dialog(self.app, "Statistics not reset: the storage refused the file"))
            return
        self.screen.load()
