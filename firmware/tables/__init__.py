# Table screens, one module per game: firmware/tables/<game_id>.py defines a
# Table, a subclass of Base below, that answers:
#
#   Table(match)      match is a firmware.match.Match: .state, .seats, .info
#                     (the game's Game), .player(seat) ("P2 Easy"), .short(seat)
#                     ("P2", "You": a seat's one name on every screen), .you
#                     (the seat called "You", or None), .message (describe()
#                     of the last move, worded for .you), .is_person(seat)
#   refresh(viewer)   the state changed or the table is shown again: rebuild the
#                     choices; viewer is the seat whose side is shown (its hand)
#   draw(fb)          paints the whole 128x64 table
#   on_button(b)      a press by the person to move: returns the legal move they
#                     chose, or -1 (the cursor moved, or nothing chosen yet); by
#                     default A chooses what the table's one Cursor (.cursor)
#                     is on and the arrows move it
#   back()            a table that takes a play in steps (a card, then its
#                     target) undoes a step and returns True; False (the
#                     default) opens the pause menu
#   handoff_lines(seat)  a few short lines everybody may see, shown on the
#                     hand-off screen to the next person (default none)
#   sheet(app)        the game's own score sheet screen, or None (the default)
#                     for the shared one (firmware/scores.py)
#   holding()         True while the table shows what a move did and waits (bots
#                     too) for A, an arrow of the person moving next, or with
#                     Results: Go on a while; the game screen then calls release()
#   landing(mover)    right after refresh() for mover's move: where the card
#                     it played rests as draw() draws it now and where it
#                     comes from, (x, y, w, h, from x, from y), for the Glide
#                     below; None (the default) when no card goes anywhere
#
# The game screen (firmware/play.py) does the rest for every game: bots, the
# pass-and-play hand-off, the pause menu, saves and the end-of-round screens.
# Only LEGAL moves may be selectable: tables build a Cursor over them.
import os

from engine import const, registry
from firmware.buttons import A, UP, DOWN, LEFT, RIGHT
from firmware.ssd1306 import framebuf

STEPS = const(3)  # frames of a Glide: the card on its way twice, then at rest
_LIFT_W = const(24)  # the widest card a table lands (Georgian Joker's trick box: 21)
_LIFT = bytearray(2 * _LIFT_W)  # a landed card's pixels, two pages high (Habitual's stack: 14 rows)

PACKAGE = "firmware.tables"


class Base:
    cursor: "Cursor"  # (bare annotations: declared for the type checker, no code)
    # Where link play's line "P2 (board 2) is choosing" goes while another
    # board's seat is to move (firmware/link/away.py): x, y, width, SMALL rows,
    # right-aligned. A line of the table that says nothing needed then (its
    # own status line, or room it leaves empty), never cards or scores
    # (host_tests/test_link_away.py checks each table's).
    AWAY = (0, 58, 128, 1, False)  # the last row

    def on_button(self, b):
        if b == A:
            return self.cursor.selected()
        self.cursor.press(b)
        return -1

    def back(self):
        return False

    def handoff_lines(self, seat):
        return ()

    def sheet(self, app):
        return None

    def holding(self):
        return False

    def offer(self, move):
        # The cursor onto move, one of the person's choices now (a hint's next step).
        pass

    def unshown(self):
        # How many of the match's latest moves have an outcome the table is
        # still keeping back (a reveal under way): look back and the score
        # sheet stop before them, so they cannot tell it first.
        return 0

    def slow(self, move):
        # True for a person's move that takes seconds to play (a search): the
        # table draws that it is working and the move is played a frame later.
        return False

    def release(self):
        pass

    def landing(self, mover):
        return None


class Glide:
    # A played card moving to its place (the setting Animations): over the
    # table drawn at rest, the card's pixels are lifted from their place and
    # drawn 1/3, then 2/3 of the way from where it came; the third frame is
    # the table at rest. The pixels go to one buffer for all (a new one per
    # move was garbage the collector scanned for pointers); nothing per frame.
    def __init__(self, at):
        self.at = at
        self.k = 1
        self.fb = framebuf.FrameBuffer(_LIFT, at[2], at[3], framebuf.MONO_VLSB, _LIFT_W)

    def draw(self, fb):
        x, y, w, h, fx, fy = self.at
        k = self.k
        self.fb.blit(fb, -x, -y)
        fb.fill_rect(x, y, w, h, 0)
        fb.blit(self.fb, fx + (x - fx) * k // STEPS, fy + (y - fy) * k // STEPS)


def installed():
    # The files in this folder: one listing, where a stat per file cost ~5 ms
    # on the board's littlefs (and boot asks for every game twice).
    f = __file__
    return os.listdir(f[: max(f.rfind("/"), f.rfind("\\")) + 1] or ".")


def available(game_id, names=None):
    # A registered game is playable once its table module is installed
    # (.py on the host, .mpy on the board); names: installed(), when known.
    if names is None:
        names = installed()
    return game_id + ".mpy" in names or game_id + ".py" in names


def playable():
    # The registered games whose table screen is installed, in the title's order.
    names = installed()
    return [gid for gid in registry.ids() if available(gid, names)]


def load(game_id):
    mod = __import__(PACKAGE + "." + game_id)
    return getattr(mod.tables, game_id)


def unload(game_id):
    registry.forget([PACKAGE + "." + game_id])


class Cursor:
    # A cursor over spots (y, x, move) of the screen, one per legal choice.
    # LEFT/RIGHT step through them in reading order; UP/DOWN go to the nearest
    # spot in the next row that has one, wrapping round at the edges.
    def __init__(self):
        self.spots = []
        self.i = 0
        self.last = None  # the spot last selected, kept across turns

    def set(self, spots):
        # New choices; the cursor goes to the spot nearest where it last was.
        if self.spots:
            self.last = self.spots[self.i]
        spots.sort()
        self.spots = spots
        self.i = 0
        if self.last is not None and spots:
            self.i = self.nearest(spots, self.last[0], self.last[1], 0)

    def selected(self):
        return self.spots[self.i][2] if self.spots else -1

    def select(self, move):
        # Puts the cursor on the spot of that move, if there is one.
        for k in range(len(self.spots)):
            if self.spots[k][2] == move:
                self.i = k

    def at(self):
        # (y, x) of the selected spot, or None.
        if not self.spots:
            return None
        s = self.spots[self.i]
        return s[0], s[1]

    def press(self, b):
        n = len(self.spots)
        if not n:
            return False
        old = self.i
        if b == LEFT:
            self.i = (self.i - 1) % n
        elif b == RIGHT:
            self.i = (self.i + 1) % n
        elif b == UP or b == DOWN:
            y, x = self.spots[self.i][0], self.spots[self.i][1]
            self.i = self.nearest(self.spots, y, x, -1 if b == UP else 1)
        return self.i != old

    @staticmethod
    def nearest(spots, y, x, d):
        # d = 0: the closest spot; d = -1/+1: the closest in the nearest row
        # above/below, or in the farthest row the other way when there is none.
        row = -1
        if d:
            for s in spots:
                if (s[0] - y) * d > 0 and (row < 0 or (s[0] - row) * d < 0):
                    row = s[0]
            if row < 0:
                row = spots[0][0] if d > 0 else spots[-1][0]
        best = 0
        cost = -1
        for i in range(len(spots)):
            s = spots[i]
            if d and s[0] != row:
                continue
            c = abs(s[1] - x) + 2 * abs(s[0] - y)
            if cost < 0 or c < cost:
                best = i
                cost = c
        return best
