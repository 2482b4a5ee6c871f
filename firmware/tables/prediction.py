# The Prediction table. Nothing is secret (PR-14), so every seat's view is
# the same: the 25 showcards on the left, face down or turned up, and a panel
# on the right.
#
#   [##][Q#][##][##][##] | PILE [9] 18 LEFT      the pile's top scorecard, how many left
#   [##][##][##][##][##] | >P1  Q#       64      the seat to move, each prediction
#   [##][##][##][##][##] |  P2  Jk       38      and each running match score
#   [##][##][##][##][##] |  P3  As        9
#   [##][##][##][##][##] | P2 CALLED Q#          what the last turn did, until A:
#                        | EXACT! Q#             the card turned, its points and the scorecards
#                        | +38 PTS Jk Jk 9 9
#
# A deal's last turn is held twice: the turn (the pile as it left it, the last
# card still face down), then the last card turned by itself and who took
# what was left (PR-10, PR-11).
#
# A turn takes two steps. First the cursor moves over the face-down cards; A
# points at one (a move). Then the panel builds the call (a Picker): UP/DOWN
# the rank (or Joker), LEFT/RIGHT the suit round the rank's row, over the
# legal calls only, with the call's exact odds when the Odds option is On; A
# calls and turns the card, B goes back to the grid to point at another card.
# Predictions are chosen the same way before play. After every turn the
# result stays until A (or what else goes on from a held table, in
# firmware/play.py): the game screen holds the bots until then (holding()).
# The person choosing is named: the prediction's top line, a call's line when
# people share the device.
from engine import const
from engine.games import prediction as P
from firmware import font, ui
from firmware.buttons import DOWN, LEFT, RIGHT, UP
from firmware.tables import Base, Cursor

NORMAL = ui.NORMAL
_CELL = const(12)  # a grid card, square
PITCH = const(13)  # a card and a pixel between
SPLIT_X = const(65)  # the line between the grid and the panel
X = const(67)  # the panel's left
ROWS_Y = const(10)  # the first seat's line
ROW_H = const(8)
CALL_Y = const(11)  # in the call step: the call, then its odds
ODDS_Y = const(21)  # the cards a call should win; the points 8 rows lower, then "BEST ODDS"
HINT = "\x12\x13RANK \x10\x11SUIT"
_COLS = const(15)  # SMALL characters across the panel

GRID = const(0)  # choosing a card to point at
PICK = const(1)  # choosing a call or a prediction
WATCH = const(2)  # nothing to choose


def pick_spot(i, move):
    # Calls and predictions as a cursor sees them: a row per rank, Joker last,
    # a column per suit.
    if i == P.JOKER:
        return (5, 3, move)
    return (P.RANK[i], 2 * P.SUIT[i], move)


class Picker(Cursor):
    # The calls or predictions (pick_spot()) as a player reads them: LEFT/RIGHT
    # change only the suit, round the rank's row (Cursor's reading order ran
    # on into the next rank); UP/DOWN only the rank, keeping the suit last
    # chosen, or the nearest one where a rank has not got it.
    def __init__(self):
        Cursor.__init__(self)
        self.x = 0  # the suit's column that UP/DOWN keep
        self.via = -1  # the move UP/DOWN last landed on: while still there, self.x holds

    def set(self, spots):
        Cursor.set(self, spots)
        self.via = -1

    def press(self, b):
        spots = self.spots
        n = len(spots)
        if not n:
            return False
        old = self.i
        y, x, m = spots[old]
        if b == UP or b == DOWN:
            if m != self.via:
                self.x = x
            self.i = self.nearest(spots, y, self.x, -1 if b == UP else 1)
            self.via = spots[self.i][2]
        elif b == LEFT or b == RIGHT:
            s = old  # the row's first spot (spots are sorted)
            while s and spots[s - 1][0] == y:
                s -= 1
            e = old + 1
            while e < n and spots[e][0] == y:
                e += 1
            self.i = s + (old - s + (1 if b == RIGHT else -1)) % (e - s)
        return self.i != old


def call_text(i):
    return "Joker" if i == P.JOKER else font.card_label(P.CARD[i])


def decimal(num, den, places):
    # num / den rounded to `places` decimals, in integers: "1.24".
    scale = 10 ** places
    v = (num * scale * 2 + den) // (2 * den)
    return "%d.%0*d" % (v // scale, places, v % scale)


class Table(Base):
    AWAY = (X, 52, ui.W - X - 5, 2, False)  # the panel's foot, where a call's keys go: never the grid

    def offer(self, move):
        self.pick.select(move)

    def __init__(self, match):
        self.match = match
        self.viewer = 0
        self.v = None  # the view drawn (the same for every seat)
        self.grid = Cursor()
        self.pick = Picker()
        self.mode = WATCH
        self.seen = -1  # moves made at the last refresh
        self.held = None  # the turn shown until A: last_turn() of the view
        self.award = False  # the last card's award shown until A, after the turn
        self.best = -1  # the highest expected points of a legal call (times face_down())

    # ----- the state changed

    def refresh(self, viewer):
        st = self.match.state
        moves = self.match.moves
        n = len(moves)
        if n != self.seen:
            # A turn just made is held until A, when a person is there to press
            # it (bots alone play on); on resume (a fresh table) the last one
            # again, as before the power went.
            m = moves[-1] if n else -1
            turned = P.CALL <= m < P.PREDICT and (self.seen == n - 1 or self.seen < 0) and self.match.persons()
            self.held = st.last_turn() if turned else None
            self.award = turned and st.last_award() is not None
            self.seen = n
        self.viewer = viewer
        v = st.view(viewer)
        self.v = v
        self.mode = WATCH
        phase = v.phase()
        if st.to_move() != viewer or not self.match.is_person(viewer) or st.deal_over():
            return
        if phase == P.PREDICTING:
            self._picks([m - P.PREDICT for m in v.legal_moves()], P.PREDICT)
        else:
            spots = []
            for p in range(P.NCARDS):
                if v.card_at(p) == P.UNKNOWN:
                    spots.append((p // 5 * PITCH, p % 5 * PITCH, P.POINT + p))
            if phase == P.CALLING:
                p = v.pointed()
                self.grid.last = (p // 5 * PITCH, p % 5 * PITCH, P.POINT + p)
            self.grid.set(spots)
            self.mode = GRID
            if phase == P.CALLING:
                self.best = max([o[2] for o in v.odds()])
                self._picks(v.calls(), P.CALL)

    def _picks(self, items, base):
        spots = []
        for i in items:
            spots.append(pick_spot(i, base + i))
        self.pick.set(spots)
        self.mode = PICK

    def holding(self):
        return self.held is not None or self.award

    def release(self):
        if self.held is None:
            self.award = False
        self.held = None

    def unshown(self):
        # A held turn shows its card and what it won at once; the deal's last
        # turn holds back the last card and its award until A.
        return 1 if self.held is not None and self.award else 0

    # ----- buttons

    def on_button(self, b):
        if b == ui.A:
            if self.mode == PICK:
                return self.pick.selected()
            if self.mode == GRID:
                m = self.grid.selected()
                if m == P.POINT + self.v.pointed():
                    self.mode = PICK  # the card already pointed at: on to the call
                    return -1
                return m
            return -1
        if b == ui.B:
            self.back()
        elif self.mode == PICK:
            self.pick.press(b)
        elif self.mode == GRID:
            self.grid.press(b)
        return -1

    def back(self):
        # From the call back to the grid, to point at another card (PR-6).
        # From there B opens the pause menu over the call on the card still
        # pointed at: the grid's cursor on another card has pointed at
        # nothing, and the menu's hint and take back are about that call.
        v = self.v
        if v.phase() != P.CALLING:
            return False
        if self.mode == PICK:
            self.mode = GRID
            return True
        if self.mode == GRID:
            self.mode = PICK
            self.grid.select(P.POINT + v.pointed())
        return False

    # ----- drawing

    def draw(self, fb):
        v = self.v
        lit = self._lit()
        at = self.grid.at() if self.mode == GRID and self.held is None else None
        aim = v.pointed() if v.phase() == P.CALLING and at is None else P.UNKNOWN
        last = self._where(v.last_award()[4]) if self.unshown() else -1  # turned with its award, after A
        for p in range(P.NCARDS):
            y = p // 5 * PITCH
            x = p % 5 * PITCH
            c = v.card_at(p) if p != last else P.UNKNOWN
            if c != P.UNKNOWN:
                t = font.card_label(P.CARD[c])
                dx = 3 if len(t) == 1 else 0
                # inverted when lit, a column clear left of the label too
                ui.cell(fb, t, x + dx, y + 2, p == lit, NORMAL, _CELL + 1, _CELL, left=1 + dx, top=2)
            elif p == aim or (at is not None and at[0] == y and at[1] == x):
                fb.fill_rect(x, y, _CELL, _CELL, 1)  # the card pointed at
                fb.rect(x + 3, y + 3, _CELL - 6, _CELL - 6, 0)
            else:
                fb.rect(x, y, _CELL, _CELL, 1)  # a card back
                font.text(fb, "\x14\x14", x, y + 2, 1, NORMAL)
                fb.vline(x + _CELL - 1, y, _CELL, 1)
        fb.vline(SPLIT_X, 0, ui.H, 1)
        self._pile(fb)
        if self.mode == PICK and self.held is None:
            if v.phase() == P.PREDICTING:
                self._predicting(fb)
            else:
                self._calling(fb)
            return
        y = ROWS_Y
        for q in range(v.num_seats()):
            self._seat(fb, q, y)
            y += ROW_H
        y += 1
        h = self.held
        award = v.last_award()
        if h is not None or award is not None:
            # Who called what, or the last card (in NORMAL, as on the grid).
            if h is not None:
                head, c = self.match.short(h[0]) + " CALLED", h[2]
            else:
                head, c = "LAST CARD", award[4]
            x = font.text(fb, head, X, y + 1) + 2
            font.text(fb, font.card_label(P.CARD[c]), x, y, 1, NORMAL)  # "Joker" would not fit
            y += 9
        for t in self._lines():
            font.text(fb, t, X, y)
            y += 6
        if self.holding() and y <= ui.H - 6:  # (four seats and points: no row left)
            font.text(fb, "A: next", X, y)  # it waited for A unasked (a review)

    def _lit(self):
        # The grid position shown inverted: the card the turn held until A
        # turned, else once the deal is over the last card; -1 for none.
        if self.held is not None:
            return self.held[1]
        award = self.v.last_award()
        return -1 if award is None else self._where(award[4])

    def _where(self, c):
        # The grid position of turned showcard c.
        for p in range(P.NCARDS):
            if self.v.card_at(p) == c:
                return p
        return -1

    def _pile(self, fb):
        # The top scorecard in a little box, and how many are left: while the
        # deal's last turn is held, as the turn left it (the award comes next).
        v = self.v
        if v.phase() == P.PREDICTING and self.mode == PICK:
            # Nothing taken yet: the line names who predicts instead.
            who = self.match.short(v.to_move())
            font.text(fb, "YOUR TURN:" if who == "You" else who + " TO PREDICT:", X, 2)
            return
        taken = v.pile_taken()
        h = self.held
        if h is not None and self.award:
            taken = h[4] + P.taken_points(h[4], h[3])[0]
        left = P.NSCORE - taken
        if not left:
            font.text(fb, "PILE EMPTY", X, 1)
            return
        font.text(fb, "PILE", X, 2)
        fb.rect(X + 17, -1, 9, 10, 1)  # its top edge is the panel's: a row clear above the card
        top = P.score_label(taken)
        font.text(fb, font.JOKER_CHAR if top == "Jk" else top, X + 19, 0, 1, NORMAL)
        font.text(fb, "%d LEFT" % left, X + 30, 2)

    def _seat(self, fb, q, y):
        # An arrow for the seat to move (while a turn is held, the seat whose
        # turn it is: it had moved on to the next, unclear whose result was
        # shown), its name, its prediction, its score.
        v = self.v
        if (q == self.held[0] if self.held is not None else v.to_move() == q and not v.deal_over()):
            font.text(fb, "\x11", X, y + 1)
        font.text(fb, self.match.short(q), X + 4, y + 1)
        c = v.prediction(q)
        if c == P.UNKNOWN:
            font.text(fb, "-", X + 22, y + 1)
        else:
            font.text(fb, font.card_label(P.CARD[c]), X + 20, y, 1, NORMAL)
        pts = v.scores()[q] + (0 if v.deal_over() else v.deal_points()[q])
        award = v.last_award()
        if self.held is not None and self.award and award[0] == q:
            pts -= award[3]  # the last card's award comes on the next screen
        t = "%d" % pts
        font.text(fb, t, ui.W - font.width(t), y + 1)

    def _lines(self):
        # Under the seats: what the turn held until A won, or whose turn it is.
        v = self.v
        h = self.held
        if h is not None:
            # Points, as the scores count them (PR-12), and the scorecards that
            # make them, Jokers drawn as on the pile.
            _, pos, call, k, taken = h
            words, n, cards = P.turn_result(call, k, taken)
            words += " " + ui.glyphs(P.card_label(P.CARD[self.v.card_at(pos)]))  # the card turned
            if n:
                return [words, "+%d PTS %s" % (P.taken_points(taken, n)[1], ui.glyphs(cards))]
            return [words, "PILE EMPTY"] if k else [words]
        if v.deal_over():
            seat, why, n, pts = v.last_award()[:4]
            return [self.match.short(seat) + (" +%d PTS" % pts if n else " +10 BONUS"), P.AWARD_WHY[why]]
        told = self.match.notice()
        if told:
            return ui.wrap(told, _COLS)  # a take back, until a press
        q = v.to_move()
        who = self.match.short(q)
        if self.mode == GRID:
            last = "B: BACK TO CALL" if v.phase() == P.CALLING else "AND PRESS A"  # (the card pointed at before)
            return ["YOUR TURN:" if who == "You" else who + " TO CALL:", "POINT AT A CARD", last]
        if not self.match.is_person(q):
            return [who + " THINKING"]
        return [who + " TO MOVE"]

    def _calling(self, fb):
        # The call being built, its odds (PR-15), the call it may not repeat.
        v = self.v
        c = self.pick.selected() - P.CALL
        font.text(fb, "CALL", X, CALL_Y + 1)
        font.text(fb, call_text(c), X + 20, CALL_Y, 1, NORMAL)
        if self.match.persons_here() > 1:  # people sharing this board: whose call
            who = self.match.short(v.to_move())
            font.text(fb, who, ui.W - font.width(who), CALL_Y + 1)
        y = ODDS_Y
        if self.match.option("odds") == "On":
            f = v.face_down()
            cards, pts = v.call_odds(c)
            x = font.text(fb, decimal(cards, f, 2), X, y, 1, NORMAL)
            font.text(fb, " CARDS", x, y + 1)
            x = font.text(fb, decimal(pts, f, 1), X, y + 8, 1, NORMAL)
            font.text(fb, " POINTS", x, y + 9)
            if pts == self.best:
                font.text(fb, "BEST ODDS", X, y + 16)  # above "BARRED" (issue 21)
        prev = v.previous_call()
        if prev != P.UNKNOWN and P.CALL + prev not in v.legal_view():
            x = font.text(fb, "BARRED:", X, 45) + 2  # just called (PR-7)
            font.text(fb, call_text(prev), x, 43, 1, NORMAL)
        self._foot(fb, "A TURN  B BACK")

    def _predicting(self, fb):
        # The prediction being built, how often it would be nearest the last
        # card (PR-10), and the predictions made so far.
        v = self.v
        c = self.pick.selected() - P.PREDICT
        font.text(fb, "PREDICT", X, CALL_Y + 1)
        font.text(fb, call_text(c), X + 30, CALL_Y, 1, NORMAL)
        font.text(fb, "THE LAST CARD", X, CALL_Y + 10)
        if self.match.option("odds") == "On":
            font.text(fb, "NEAREST %d/25" % v.last_chances(c), X, CALL_Y + 18)
        x = X
        for q in range(v.num_seats()):
            i = v.prediction(q)
            if i != P.UNKNOWN:
                x = font.text(fb, font.card_label(P.CARD[i]), x, 43, 1, NORMAL) + 2
        if x > X:
            font.text(fb, "TAKEN:", X, 37)
        self._foot(fb, "A PREDICT")

    def _foot(self, fb, keys):
        # The keys at the panel's foot, or there a take back's notice until a press.
        told = self.match.notice()
        rows = ui.wrap(told, _COLS) if told else (HINT, keys)
        for i in range(min(2, len(rows))):
            font.text(fb, rows[i], X, 52 + 6 * i)

