# Match scores for 2 to 4 seats, as rounds won or as points (negative, or in
# the thousands): a table with a column per seat, and the score sheet screen
# with a row per finished round.
from engine import const
from engine.state import WINS
from firmware import font, ui

LABEL_W = const(20)  # the column of row labels ("deal", "total")
PITCH = const(7)  # SMALL rows in a table


def number(v):
    # "1,240", "-300": thousands marked so a long score reads at a glance.
    s = "%d" % (-v if v < 0 else v)
    out = s[-3:]
    s = s[:-3]
    while s:
        out = s[-3:] + "," + out
        s = s[:-3]
    return "-" + out if v < 0 else out


def row(fb, y, label, cells):
    # A label, then one cell per seat, centred in equal columns.
    font.text(fb, label, 0, y)
    w = (ui.W - LABEL_W) // len(cells)
    x = LABEL_W
    for t in cells:
        font.text(fb, t, x + (w - font.width(t)) // 2, y)
        x += w


class Standings:
    # What the score screens show, taken from a match at one moment (st: a
    # state of its other than the latest, the one its table shows): the end
    # screen outlives the match's state. rows: keep every finished round's
    # points, for the shared score sheet (a game with a sheet of its own needs
    # only the last round's: a long match keeps no second copy).
    def __init__(self, match, rows=True, st=None):
        st = match.state if st is None else st
        info = match.info
        self.names = [match.short(i) for i in range(st.num_seats())]
        self.round = info.round
        self.total = "won" if info.counts == WINS else "total"
        # A round's own row only where it holds points: where rounds are won,
        # its 1 for the winner said again what the result line says.
        self.each = info.counts != WINS
        history = st.history()
        # Where the match is: the round played, or between rounds the one just ended.
        self.goal = info.goal_text(match.options, st.num_seats(), len(history) + (0 if st.deal_over() else 1))
        self.last = history[-1] if history else None  # the last round's points
        self.history = history if rows else None
        self.scores = st.scores()

    def draw(self, fb, y, last=True):
        # Who sits where, the last round's points when the game counts
        # points (and last), and the match scores. -> the y below the table.
        row(fb, y, "", self.names)
        y += PITCH
        if last and self.each and self.last is not None:
            row(fb, y, self.round, [number(v) for v in self.last])
            y += PITCH
        row(fb, y, self.total, [number(v) for v in self.scores])
        return y + PITCH


class ScoreSheet(ui.Screen):
    # Every finished round's points, a row each, the match scores under them;
    # UP/DOWN scroll, A or B closes.
    ROWS = 5

    # The table still shows how the round ended, its points kept back: the
    # sheet says so (it read as no round played while the table's totals grew).
    showing = False

    def __init__(self, app, standings):
        ui.Screen.__init__(self, app)
        self.s = standings
        self.top = max(0, len(standings.history) - self.ROWS)  # the latest rounds

    def draw(self, fb):
        s = self.s
        ui.header(fb, "Scores")
        font.text(fb, s.goal, ui.W - 2 - font.width(s.goal), 2, 0)
        row(fb, ui.ROW + 2, s.round, s.names)
        hist = s.history
        y = ui.ROW + 2 + PITCH
        for i in range(self.top, min(len(hist), self.top + self.ROWS)):
            row(fb, y, "%d" % (i + 1), [number(v) for v in hist[i]])
            y += PITCH
        if self.showing:
            ui.centre(fb, "%s %d: not all shown yet" % (s.round, len(hist) + 1), y, 1, ui.SMALL)
        elif not hist:
            ui.centre(fb, "no %s finished yet" % s.round, y, 1, ui.SMALL)
        fb.hline(0, ui.H - PITCH - 2, ui.W, 1)
        row(fb, ui.H - PITCH + 1, s.total, [number(v) for v in s.scores])
        if self.top > 0:
            font.text(fb, font.UP, ui.W - 4, ui.ROW + 2)
        if self.top + self.ROWS < len(hist):
            font.text(fb, font.DOWN, ui.W - 4, ui.H - 2 * PITCH - 2)

    def lines(self):
        # How many rows scroll (a game's own sheet may have other rows).
        return len(self.s.history)

    def on_button(self, b):
        last = max(0, self.lines() - self.ROWS)
        if b == ui.UP and self.top > 0:
            self.top -= 1
        elif b == ui.DOWN and self.top < last:
            self.top += 1
        elif b == ui.A or b == ui.B:
            self.app.pop()
            return
        self.dirty = True
