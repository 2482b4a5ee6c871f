# The Habitual Joker table, seen from one seat: the person to move (or the
# first person while a bot moves). Hands are secret (HJ-hidden), so all that is
# drawn comes from state.view(viewer): the other hand never reaches the screen.
#
#   >P2 Easy  won 0             Deal 1/3   the opponent; the deal of the match
#   [Q#][7#][\/][3#] | 9# 4#         4     its stacks | its spares, deal points
#   >You  won 0         * out   Store 18   the viewer, a Joker set aside (HJ-7), the store
#   [5#][K#][J#][2#] | 5# -  -       3     own stacks | own spares, deal points
#   K# 10# 4# Jk 7#         +1 you         own hand; the gain of the chosen play
#   P2: 8# on your 7#, +1 you, blocks      the last play, or the chosen one
#
# A conditionally blocked stack stands between two bars, open above and
# below, its top card over the (small) card that opens it; a stack blocked for
# good by a Joker is crossed out. Only the cursor inverts a stack or a card;
# the card being placed is underlined.
# Choosing a play takes two steps: a card of the hand or the spares that has a
# legal play, then one of its targets (a stack, or the free spares slot). The
# cursor visits only those; B steps back from the target to the card.
from engine import const
from engine.cards import label
from engine.state import CONTINUE, seat_name
from firmware import font, ui
from firmware.tables import Base, Cursor

NORMAL = ui.NORMAL
BOX_W = const(15)  # a stack: a NORMAL card label with a pixel of margin and a frame
BOX_H = const(14)
LABEL_DY = const(3)  # a card label's top in a stack or spares row
KEY_DY = const(9)  # a conditional block's key card (SMALL), under the top card
STACK_X = (0, 16, 32, 48)
SPLIT_X = const(65)  # the line between the stacks and the spares
SPARE_X = (68, 82, 96)
INFO_Y = (0, 21)  # the opponent's line, the viewer's line
BOARD_Y = (6, 27)  # the opponent's stacks and spares, the viewer's
HAND_Y = const(43)  # the cursor's block a row clear of the stacks, the underline of the message
HAND_DX = const(14)
_PTS_X = const(118)  # the centre of the deal points
MSG_Y = const(53)
COLS = const(32)  # SMALL characters in a line
SPARE = const(64)  # a card choice from the spares: SPARE + card
JOKER = const(52)  # the card the moves name for either Joker


class Table(Base):
    AWAY = (ui.W - 56, HAND_Y - 2, 56, 2, True)  # right of the hand, where "P2 thinking" goes

    def __init__(self, match):
        self.match = match
        self.g = match.game
        self.cards = Cursor()  # the card to play
        self.cards.last = (HAND_Y, 0, 0)  # start on the hand
        self.targets = Cursor()  # where it goes
        self.cursor = self.cards  # the step in progress
        self.chosen = None  # (y, x) of the card being placed
        self.viewer = 0
        self.v = None  # the viewer's view of the state: all that is drawn
        self.text = ""  # the last move
        self.status = ""  # who stopped, or how the deal ended
        self.hand = []
        self.moves = []  # the viewer's legal moves when it is their turn

    # ----- the state changed, or the device was handed over

    def refresh(self, viewer):
        st = self.match.state
        self.viewer = viewer
        v = st.view(viewer)
        self.v = v
        self.hand = v.hand(viewer)
        self.text = self._last_text()
        self.status = self._status()
        self.cursor = self.cards
        self.chosen = None
        self.moves = []
        spots = []
        if st.to_move() == viewer and self.match.is_person(viewer) and not st.deal_over():
            # A card is offered when it has a legal play (HJ-9); either Joker
            # plays as JOKER.
            self.moves = st.legal_moves()
            playable = []
            for m in self.moves:
                playable.append(v.card_of(m) + (SPARE if v.from_spares(m) else 0))
            for i in range(len(self.hand)):
                if min(self.hand[i], JOKER) in playable:
                    spots.append((HAND_Y, self._hand_x(i), self.hand[i]))
            spares = v.spares(viewer)
            for j in range(len(spares)):
                if SPARE + min(spares[j], JOKER) in playable:
                    spots.append((BOARD_Y[1], SPARE_X[j], SPARE + spares[j]))
        self.cards.set(spots)

    @staticmethod
    def _hand_x(i):
        return 1 + HAND_DX * i

    # ----- words

    def _name(self, seat):
        # A seat as the texts call it (match.you: "you"), mid-sentence.
        return "you" if seat == self.match.you else seat_name(seat)

    def handoff_lines(self, seat):
        # What happened last, for both to read before the device changes
        # hands: at a deal's start the cut and who plays first (why the
        # hand-off names that player), else the last play (a played card is
        # seen by both; a drawn one is in no text).
        return ui.wrap(ui.glyphs(self._last_text()), 32)

    def _last_text(self):
        moves = self.match.moves
        if (not moves or moves[-1] == CONTINUE) and not self.match.notice():  # (a take back to it says so first)
            return self._opening()
        return self.match.message

    def _opening(self):
        # Who deals and plays first; on the first deal, the cut that decided it.
        v = self.v
        d = v.dealer
        who = self._name(d)
        first = who + (" deal and play first" if who == "you" else " deals and plays first")
        if v.deal_no > 1:
            return "Deal %d: %s" % (v.deal_no, first)
        a, b = v.cut_cards()
        return "Cut: %s %s, %s %s. %s" % (self._name(0), label(a), self._name(1), label(b), _cap(first))

    def _status(self):
        v = self.v
        g = self.g
        phase = v.phase()
        if phase >= g.BETWEEN:
            return self.match.result_text().split(":")[0]
        if phase == g.SOLO:
            p = v.to_move()
            q = 1 - p
            return "%s stopped: %s on alone" % (_cap(self._name(q)),
                                               "you play" if self._name(p) == "you" else seat_name(p) + " plays")
        return ""

    # ----- buttons

    def on_button(self, b):
        if b == ui.A:
            if self.cursor is self.targets:
                return self.targets.selected()
            c = self.cards.selected()
            if c >= 0:
                self._to_targets(c)
            return -1
        if b == ui.B:
            self.back()
            return -1
        self.cursor.press(b)
        return -1

    def back(self):
        # B: from choosing a target back to choosing a card. False when there
        # is no step to go back to (the game screen then opens the pause menu).
        if self.cursor is self.targets:
            self.cursor = self.cards
            self.chosen = None
            return True
        return False

    def _to_targets(self, choice):
        spots = self._spots(choice)
        self.chosen = self.cards.at()
        self.targets.set(spots)  # sorted, the cursor nearest the last target
        self.targets.select(self._best(spots))
        self.cursor = self.targets

    def _spots(self, choice):
        # The targets of a card of the hand or the spares: (y, x, move).
        v = self.v
        spare = choice >= SPARE
        c = min(choice - SPARE if spare else choice, JOKER)
        spots = []
        for m in self.moves:
            if v.card_of(m) != c or v.from_spares(m) != spare:
                continue
            t = self.g.target_of(m)
            if t == self.g.SPARES:
                spots.append((BOARD_Y[1], SPARE_X[len(v.spares(self.viewer))], m))
            else:
                spots.append((BOARD_Y[0] if t >= 4 else BOARD_Y[1], STACK_X[t & 3], m))
        return spots

    def _best(self, spots):
        # The target cursor starts on the one worth most to the mover, so A A
        # never gives a point away by default; between equals, the nearest the
        # last target (the first in reading order before any), as set() does.
        w = [self._worth(s[2]) for s in spots]
        top = max(w)
        best = [spots[i] for i in range(len(w)) if w[i] == top]
        best.sort()
        last = self.targets.last
        return best[Cursor.nearest(best, last[0], last[1], 0) if last else 0][2]

    def _worth(self, m):
        # A target's worth to the mover, as a good player ranks it by default:
        # the points it gives the mover less those it gives the opponent
        # (HJ-score), counted double; then, at equal points, one more for a
        # block of the opponent's stack (a Joker there, HJ-joker, or a card of
        # its top's suit, HJ-cblock) and one less for opening one of theirs.
        # So a Joker goes on their stack before the spares, and a point that
        # must be given away blocks if it can, but never a block for a point.
        v = self.v
        g = v.gain(m)
        w = 2 * (g[0] - g[1])
        t = self.g.target_of(m)
        if t == self.g.SPARES or t < 4:
            return w
        q = 1 - v.to_move()
        c = v.card_of(m)
        if v.stack_block(q, t & 3) == 1:
            return w - 1
        if c == JOKER or c // 13 == v.stack_top(q, t & 3) // 13:
            return w + 1
        return w

    def landing(self, mover):
        # A card played goes to the stack it was played on, or to the mover's
        # spares, from the hand row (the viewer's) or the mover's name line.
        m = self.match.moves[-1]
        if m == CONTINUE or self.v.deal_over():
            return None
        side = 1 if mover == self.viewer else 0
        t = self.g.target_of(m)
        if t == self.g.SPARES:
            at = (SPARE_X[len(self.v.spares(mover)) - 1] - 1, BOARD_Y[side] + LABEL_DY - 1, 13, 10)
        else:
            at = (STACK_X[t & 3], BOARD_Y[side if t < 4 else 1 - side], BOX_W, BOX_H)
        return at + ((48, HAND_Y - 1) if side else (48, INFO_Y[0]))

    def _choice(self):
        # The move under the target cursor, or -1 while a card is being chosen.
        return self.targets.selected() if self.cursor is self.targets else -1

    # ----- drawing

    def draw(self, fb):
        v = self.v
        me = self.viewer
        sel = self.cursor.at()
        for side in (0, 1):
            seat = me if side else 1 - me
            self._info(fb, seat, INFO_Y[side])
            by = BOARD_Y[side]
            for i in range(4):
                self._stack(fb, seat, i, STACK_X[i], by, sel)
            fb.vline(SPLIT_X, by, BOX_H, 1)
            self._spares(fb, seat, by, sel if side else None)
            # The deal points, over a "pts" that says what they are.
            t = "%d" % v.deal_points()[seat]
            font.text(fb, t, _PTS_X - font.width(t, NORMAL) // 2, by + 1, 1, NORMAL)
            font.text(fb, "pts", _PTS_X - 6, by + 9)
        for i in range(len(self.hand)):
            self._card(fb, self.hand[i], self._hand_x(i), HAND_Y, sel)
        self._hint(fb)
        m = self._choice()
        rows = ui.wrap(ui.glyphs(v.describe(m, self.match.you) if m >= 0 else self.text), COLS)
        if self.status and m < 0:
            rows = rows[:1] + [self.status]
        for i in range(min(2, len(rows))):
            font.text(fb, rows[i], 0, MSG_Y + 6 * i)

    def _info(self, fb, seat, y):
        # An arrow for the seat to move, its name, deals won or that it stopped;
        # on the right the deal of the match (opponent) or the store (viewer).
        v = self.v
        x = 0
        if v.to_move() == seat and not v.deal_over():
            x = font.text(fb, "\x11", 0, y) + 1
        x = font.text(fb, self.match.player(seat), x, y) + 8
        x = font.text(fb, "stopped" if v.stopped(seat) else "won %d" % v.scores()[seat], x, y)
        if seat == self.viewer:
            t = "store %d" % v.store_count()
            out = len(v.discarded())
            if out:
                # A Joker dealt face up, set aside for the deal (HJ-7): in no
                # other line. Beside a bot's longer name, the Jokers alone.
                o = font.JOKER_CHAR * out
                end = ui.W - font.width(t) - 6
                if x + 6 + font.width(o + " out") <= end:
                    o += " out"
                if x + 6 + font.width(o) <= end:
                    font.text(fb, o, end - font.width(o), y)
        else:
            t = "deal %d/%d" % (v.deal_no, v.deals)
        font.text(fb, t, ui.W - font.width(t), y)

    def _stack(self, fb, seat, i, x, y, sel):
        v = self.v
        top = v.stack_top(seat, i)
        block = v.stack_block(seat, i)
        on = sel is not None and sel[0] == y and sel[1] == x
        c = 0 if on else 1
        if on:
            fb.fill_rect(x, y, BOX_W, BOX_H, 1)
        elif block == 1:
            # Blocked until the key card comes: between two bars, the key
            # under the top card and under the bars, as wide as the box (a
            # ten's); the cursor on it means the key is played.
            fb.vline(x, y, KEY_DY - 1, 1)
            fb.vline(x + BOX_W - 1, y, KEY_DY - 1, 1)
            font.text(fb, font.card_label(top), x + 2, y + 1, 1, NORMAL)
            t = ui.glyphs(label(v.stack_key(seat, i)))  # a ten keeps two digits
            font.text(fb, t, x + (BOX_W + 1 - font.width(t)) // 2, y + KEY_DY)
            return
        else:
            fb.rect(x, y, BOX_W, BOX_H, 1)
        if block == 2:
            # Blocked for good: the Joker on top, the box crossed out.
            fb.line(x, y, x + BOX_W - 1, y + BOX_H - 1, c)
            fb.line(x, y + BOX_H - 1, x + BOX_W - 1, y, c)
            fb.fill_rect(x + 4, y + LABEL_DY - 1, 7, 9, 1 - c)
            font.text(fb, font.JOKER_CHAR, x + 5, y + LABEL_DY, c, NORMAL)
        else:
            font.text(fb, font.card_label(top), x + 2, y + LABEL_DY, c, NORMAL)

    def _spares(self, fb, seat, y, sel):
        spares = self.v.spares(seat)
        for j in range(3):
            x = SPARE_X[j]
            if j < len(spares):
                self._card(fb, spares[j], x, y + LABEL_DY, sel, y)
            elif sel is not None and sel[0] == y and sel[1] == x:
                ui.cell(fb, "", x, y + LABEL_DY, True, NORMAL, 13)  # the free slot as a target
            else:
                fb.hline(x + 3, y + LABEL_DY + 7, 6, 1)  # an empty slot

    def _card(self, fb, card, x, y, sel, spot_y=None):
        # A card of the hand or the spares; spot_y is the cursor's row for it.
        row = y if spot_y is None else spot_y
        on = sel is not None and sel[0] == row and sel[1] == x
        picked = self.chosen is not None and self.chosen[0] == row and self.chosen[1] == x
        ui.card(fb, font.card_label(card), x, y, on, picked)

    def tag(self):
        # The points the chosen play gives (HJ-score), before it is confirmed;
        # on a card, those of the target A would then start on: what A A gives.
        m = self._choice()
        if m < 0:
            c = self.cards.selected()
            if c < 0:
                return ""
            m = self._best(self._spots(c))
        g = self.v.gain(m)
        if g[0] or g[1]:
            return "+1 " + _cap(self._name(self.viewer if g[0] else 1 - self.viewer))  # as the status line names it
        return "+0"

    def _hint(self, fb):
        # Right of the hand: the gain of the chosen play or card (HJ-score),
        # or who is thinking.
        v = self.v
        if v.deal_over():
            return
        t = self.tag()
        if t:
            font.text(fb, t, ui.W - font.width(t, NORMAL), HAND_Y, 1, NORMAL)
            return
        who = v.to_move()
        if not self.match.is_person(who):
            t = "%s thinking" % self.match.short(who)
            font.text(fb, t, ui.W - font.width(t), HAND_Y + 1)


def _cap(s):
    return s[0].upper() + s[1:]
