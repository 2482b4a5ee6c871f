# The Joker Poker table. Everything is secret until the reveal (JP-15), so
# while a deal is arranged all that is drawn comes from state.view(viewer):
# the viewer's own cards and bets, never another seat's.
#
#   1 *r A# K# 9# 4#    Flush A   [3]    the viewer's three hands, one row each,
#   3 Q# Q# 7# 7# 2#    2 pairs Q 7      its place 1-3 (JP-6), live name and bet:
#   2 J# 10# 9# 8# 6#   Str J            hand 1 on top at a turn's start and after
#                                        "arrange for me", rows kept while cards
#                                        are moved by hand (cards never jump)
#   ARRANGE FOR ME  JOKER A  BET>        the actions
#   P1'S BETS  0 1 1 2 2 2 3 3 4         the unused betting cards, named (YOUR BETS)
#   A: PICK A CARD TO MOVE               what to do, why it may not be bet, or
#                                        a take back until a press (Match.notice)
#   DEAL 1/3   You 0 P2 0                the deal and the scores
#
# The Jokers are told apart (JP-1, JP-7): *r red, *b black, * red/black (label()).
#
# Moving a card takes two steps: a card, then the card of another hand to
# swap it with (the hands stay 5/5/5 or 5/5/3); B, or A on the card itself,
# puts it back. A turn starts on ARRANGE FOR ME, which leads on to BET, and A
# on what is already so (the card itself, the Jokers' rank) moves on to the
# next action too: pressing A alone always ends a turn. The Joker item
# picks the rank all Jokers stand at (JP-9), the names showing each rank
# before A takes it. BET picks a betting card for hand 1, 2 and 3 in turn,
# the cursor starting on the card Medium would bet there (bots.easy_bets).
#
# The reveal after the last bet, hand by hand, each held until A (or with
# Results: Go on a while; the game screen holds the bots and the end screens
# meanwhile):
#
#   HAND 1 OF 3          DEAL 1/3
#   You A* A# K# 9# 4#  Flush A      every seat's hand 1, the winners'
#   P2  K# K# 7# 7# 2#  2 pairs K 7  names inverted; a Joker as its rank
#   BETS You 3 P2 1                  the bets on it
#   You TAKES 4                      who takes them (or who takes back)
#   TOTAL You 4 P2 0            A>   running totals
from engine import const, poker
from engine.games import jokerpoker as J
from engine.state import says
from firmware import font, ui
from firmware.tables import Base, Cursor

NORMAL = ui.NORMAL
SMALL = ui.SMALL
ROW_Y = (1, 12, 23)  # the three hand rows
_CARD_X = const(8)  # the first card of a hand row
PITCH = const(13)  # a card label (12 px) and a pixel between
NAME_X = const(73)
_BET_X = const(121)  # a hand's bet, an inverted digit, a column clear of the longest name
_ACT_Y = const(34)
ACTIONS = ((J.AUTO, 0, "ARRANGE FOR ME"), (J.RANK, 62, "JOKER "), (J.BET, 106, "BET\x11"))
LEFT_Y = const(43)  # the betting cards left
LEFT_X = const(44)
_LEFT_DX = const(9)
LINE_Y = (52, 58)
# The reveal
_SEAT_Y = const(8)
_R_CARD_X = const(15)
_R_NAME_X = const(81)  # room for the longest name, "Str flush 10"
FOOT_Y = (45, 51, 58)

ARRANGE = const(0)  # choosing a card to move, or an action
PAIR = const(1)  # choosing the card to swap it with
JOKER = const(2)  # choosing the Jokers' rank
BETS = const(3)  # choosing the betting cards
WATCH = const(4)  # nothing to choose
PUT_BACK = const(-2)  # PAIR: the picked card itself


def name(v):
    return poker.name(v) if v >= 0 else "No card"


_JOKERS = (font.JOKER_CHAR + "r", font.JOKER_CHAR + "b", font.JOKER_CHAR)


def label(c):
    # A card's label, the three Jokers told apart as the texts name them
    # (J.card_text): red, black, red/black (JP-1, JP-7).
    return _JOKERS[c - J.RED_JOKER] if c >= J.RED_JOKER else font.card_label(c)


_NEXT = "A: next"  # the reveal's key, as the other games' held results say it
_DOES = {J.AUTO: "A: ARRANGE ALL YOUR CARDS", J.RANK: "A: CHOOSE THE JOKERS' RANK",
         J.BET: "A: BET ON YOUR HANDS"}  # what A does on an action; on a card, it moves it


def fit(head, scores, room):
    # A line of running scores after its head, or without the head when four
    # seats' scores need the room (pixels).
    return head + scores if font.width(head + scores) <= room else scores


class Table(Base):
    AWAY = (0, LINE_Y[0], ui.W, 1, False)  # "P2 is arranging": the scores under it stay

    def __init__(self, match):
        self.match = match
        self.viewer = 0
        self.v = None  # the viewer's view: all that is drawn while arranging
        self.cur = Cursor()  # cards and actions
        self.bet_cur = Cursor()  # the betting cards
        self.mode = WATCH
        self.legal = ()
        self.can_bet = False
        self.picked = -1  # the card being moved
        self.ranks = []  # JOKER: the ranks offered, J.BEST first
        self.rank = 0  # JOKER: the index in ranks
        self.chosen = []  # BETS: the values picked for hands 1.. so far
        self.vals = [0, 0, 0]
        self.row = [0, 1, 2]  # the row of each group
        self.rows_for = -1  # the deal and seat the rows were ordered for
        self.suggest = None  # BETS: the bets the cursor starts on, hand 1 first
        self.shown = -1  # deals whose reveal was shown
        self.turn = -1  # the deal and seat of the turn the cursor is in
        self.go = -1  # the action the cursor goes to next, or -1
        self.step = 3  # the hand of the reveal on the screen; 3: none
        self.working = False  # arranging for the viewer (a few seconds on a Pico)

    # ----- the state changed

    def refresh(self, viewer):
        st = self.match.state
        self.viewer = viewer
        done = len(st.history())
        if not st.deal_over():
            self.step = 3  # (in link play another board may deal on while this one reveals)
        elif done != self.shown:
            # JP-15: the reveal, hand by hand, when a person is there to see it
            # (a resumed match shows it again).
            self.shown = done
            self.step = 0 if self.match.persons() else 3
        self.v = st.view(viewer)
        moves = self.match.moves
        key = 8 * st.deal_no + viewer
        if key != self.rows_for or moves and moves[-1] == J.AUTO:
            self._order_rows()
            self.rows_for = key
        self.working = False
        self.mode = WATCH
        self.picked = -1
        self.chosen = []
        if st.deal_over() or st.to_move() != viewer or not self.match.is_person(viewer):
            return
        self.legal = self.v.legal_moves()
        turn = 8 * st.deal_no + viewer
        if turn != self.turn:
            self.turn = turn
            # A new turn starts on "arrange for me"; one resumed after the
            # seat's arranging (its moves are the last) on the bets: mashing A
            # there undid a hand arranged by hand.
            self.go = J.BET if moves and moves[-1] < J.BET else J.AUTO
        self._arrange()

    def _order_rows(self):
        # Hand 1 on top, hand 3 at the bottom (JP-6).
        order = self.v.hands(self.viewer)
        for h in range(3):
            self.row[order[h]] = h

    def _y(self, g):
        return ROW_Y[self.row[g]]

    def _arrange(self):
        # The cards that may be moved, and the actions.
        v = self.v
        cards = v.cards(self.viewer)
        groups = v.groups(self.viewer)
        movable = bytearray(len(cards))
        self.can_bet = False
        for m in self.legal:
            if m < J.RANK:
                movable[J.SWAP_I[m]] = movable[J.SWAP_J[m]] = 1
            elif m >= J.BET:
                self.can_bet = True
        spots = []
        col = [0, 0, 0]
        for i in range(len(cards)):
            g = groups[i]
            if movable[i]:
                spots.append((self._y(g), _CARD_X + col[g] * PITCH, i))
            col[g] += 1
        for a, x, _ in ACTIONS:
            if (a == J.AUTO) or (a == J.RANK and cards[0] >= J.RED_JOKER) or (a == J.BET and self.can_bet):
                spots.append((_ACT_Y, x, a))
        self.cur.set(spots)
        if self.go >= 0:
            # The next step of a turn A alone plays through: arrange, bet.
            for k in range(len(spots)):
                if spots[k][2] == self.go or (self.go == J.BET and spots[k][2] == J.AUTO and not self.can_bet):
                    self.cur.i = k
            self.go = -1
        self.mode = ARRANGE

    def holding(self):
        return self.step < 3

    def unshown(self):
        return 1 if self.step < 3 else 0  # the deal's last bet, revealed hand by hand

    def release(self):
        self.step += 1

    def handoff_lines(self, seat):
        st = self.match.state
        return ("Deal %d of %d: arrange and bet" % (st.deal_no, J.DEALS),)

    # ----- buttons

    def on_button(self, b):
        m = self.mode
        if m == WATCH:
            return -1
        if b == ui.B:
            self.back()
            return -1
        if m == JOKER:
            return self._joker_button(b)
        if m == BETS:
            return self._bet_button(b)
        if b != ui.A:
            self.cur.press(b)
            return -1
        s = self.cur.selected()
        if m == PAIR:
            if s != PUT_BACK:
                return s
            self.go = J.AUTO  # the card left where it was: on to the actions
            self._arrange()
            return -1
        if s == J.AUTO:
            self.go = J.BET
            return s
        if s == J.RANK:
            self._joker()
        elif s == J.BET:
            self._bets()
        else:
            self._pair(s)
        return -1

    def slow(self, move):
        self.working = move == J.AUTO
        return self.working

    def back(self):
        m = self.mode
        if m == PAIR or m == JOKER or (m == BETS and not self.chosen):
            self._arrange()
            return True
        if m == BETS:
            self.chosen.pop()
            self._bet_spots()
            return True
        return False

    def _pair(self, i):
        # The cards the picked one may swap with, in the other hands, and the
        # picked one itself (to put it back), where the cursor starts.
        self.picked = i
        groups = self.v.groups(self.viewer)
        spots = []
        col = [0, 0, 0]
        for j in range(len(groups)):
            g = groups[j]
            if j == i or J.swap_code(i, j) in self.legal:
                spots.append((self._y(g), _CARD_X + col[g] * PITCH, PUT_BACK if j == i else J.swap_code(i, j)))
            col[g] += 1
        self.cur.set(spots)
        self.mode = PAIR

    def _joker(self):
        # The ranks on offer: at their best first, then Ace down to 2; the
        # current one (not a move) among them.
        self.ranks = [J.BEST] + list(range(12, -1, -1))
        now = J.BEST
        for r in self.ranks:
            if J.RANK + r not in self.legal:
                now = r
        self.rank = self.ranks.index(now)
        self.mode = JOKER

    def _joker_button(self, b):
        n = len(self.ranks)
        if b == ui.LEFT or b == ui.UP:
            self.rank = (self.rank - 1) % n
        elif b == ui.RIGHT or b == ui.DOWN:
            self.rank = (self.rank + 1) % n
        elif b == ui.A:
            m = J.RANK + self.ranks[self.rank]
            if m in self.legal:
                return m
            self.go = J.BET  # the rank they already stand at: on to the bets
            self._arrange()
        return -1

    def _bets(self):
        v = self.v
        q = self.viewer
        vals = v.values(q, self.vals)
        order = v.hands(q)
        self.suggest = self.match.bots.easy_bets(v, q, [vals[order[h]] for h in range(3)])
        self.chosen = []
        self._bet_spots()
        self.mode = BETS

    def _free(self):
        # The betting cards left once the ones chosen so far are taken.
        free = self.v.free_bets(self.viewer)
        for c in self.chosen:
            free[c] -= 1
        return free

    def _bet_spots(self):
        # A spot on the first card of each value left (JP-14: any on any hand).
        free = self._free()
        spots = []
        k = 0
        for c in range(5):
            if free[c]:
                spots.append((LEFT_Y, LEFT_X + k * _LEFT_DX, c))
            k += free[c]
        self.bet_cur.set(spots)
        self.bet_cur.select(self.suggest[len(self.chosen)])

    def _bet_button(self, b):
        if b != ui.A:
            self.bet_cur.press(b)
            return -1
        self.chosen.append(self.bet_cur.selected())
        if len(self.chosen) == 3:
            return J.bet_code(self.chosen[0], self.chosen[1], self.chosen[2])
        self._bet_spots()
        return -1

    # ----- drawing

    def draw(self, fb):
        if self.step < 3:
            self._reveal(fb)
            return
        v = self.v
        q = self.viewer
        cards = v.cards(q)
        groups = v.groups(q)
        vals = self._values()
        order = J.positions(vals, len(cards))
        bets = v.bets(q)
        at = self.cur.at() if self.mode == ARRANGE or self.mode == PAIR else None
        col = [0, 0, 0]
        for i in range(len(cards)):
            g = groups[i]
            y = self._y(g)
            x = _CARD_X + col[g] * PITCH
            col[g] += 1
            on = at is not None and at[0] == y and at[1] == x
            ui.card(fb, label(cards[i]), x, y, on, i == self.picked)
        for g in range(3):
            y = self._y(g)
            h = order.index(g)
            font.text(fb, "%d" % (h + 1), 0, y, 1, NORMAL)
            font.text(fb, name(vals[g]), NAME_X, y + 1)
            c = bets[h] if bets[h] != J.UNKNOWN else (self.chosen[h] if h < len(self.chosen) else -1)
            ask = self.mode == BETS and h == len(self.chosen)
            if c >= 0 or ask:
                ui.cell(fb, "?" if ask else "%d" % c, _BET_X + 1, y, True, NORMAL, 8, 10)
        fb.hline(0, _ACT_Y - 2, ui.W, 1)
        self._actions(fb, cards)
        self._left(fb)
        lines = self._lines(vals)
        for k in range(2):
            font.text(fb, lines[k], 0, LINE_Y[k])

    def _values(self):
        # The hands' values: as they stand, or with the rank the Joker item shows.
        v = self.v
        q = self.viewer
        if self.mode != JOKER:
            return v.values(q, self.vals)
        cards = v.cards(q)
        groups = v.groups(q)
        r = self.ranks[self.rank]
        if r == J.BEST:
            r = J.best_rank(cards, groups, v.num_seats())
        if r < 0:
            self.vals[0] = self.vals[1] = self.vals[2] = J.NOT_ALLOWED
            return self.vals
        return J.group_values(cards, groups, r, self.vals)

    def _actions(self, fb, cards):
        at = self.cur.selected() if self.mode == ARRANGE else -1
        if self.mode == WATCH and self.v.phase() == J.ARRANGE:
            return
        for a, x, t in ACTIONS:
            if a == J.RANK:
                if cards[0] < J.RED_JOKER:
                    continue
                if self.mode == JOKER:
                    r = self.ranks[self.rank]
                    t += "\x10%s\x11" % ("BEST" if r == J.BEST else J.rank_label(r))
                    fb.rect(x, _ACT_Y - 1, font.width(t) + 3, 9, 1)
                    font.text(fb, t, x + 2, _ACT_Y + 1)
                    continue
                t += J.rank_label(self.v.joker_rank(self.viewer)) if self.v.joker_rank(self.viewer) >= 0 else "-"
            if a == J.BET and (not self.can_bet or self.mode == JOKER):
                continue
            ui.item(fb, t, x, _ACT_Y, font.width(t) + 3, at == a, SMALL)

    def _left(self, fb):
        # The betting cards left to bet (JP-2, JP-14), the cursor on one in BETS;
        # whose they are, as a person passing the device on needs to see.
        free = self._free()
        who = self.match.short(self.viewer)
        font.text(fb, "YOUR BETS" if who == "You" else who + "'S BETS", 0, LEFT_Y + 1)
        at = self.bet_cur.at() if self.mode == BETS else None
        x = LEFT_X
        for c in range(5):
            for _ in range(free[c]):
                ui.cell(fb, "%d" % c, x, LEFT_Y, at is not None and at[1] == x, NORMAL, 8)
                x += _LEFT_DX

    def _lines(self, vals):
        v = self.v
        m = self.mode
        told = self.match.notice()
        if self.working:
            first = "ARRANGING YOUR CARDS..."
        elif told:
            first = told  # a take back, until a press
        elif m == ARRANGE:
            why = J.problem(vals, len(v.cards(self.viewer)))
            first = "! " + why if why else _DOES.get(self.cur.selected(), "A: MOVE THIS CARD")
        elif m == PAIR:
            first = "SWAP %s WITH?  B: BACK" % label(v.cards(self.viewer)[self.picked])
        elif m == JOKER:
            first = "\x10\x11 JOKERS' RANK  A: TAKE IT"
        elif m == BETS:
            first = "BET ON HAND %d: \x10\x11 A   B: BACK" % (len(self.chosen) + 1)
        elif v.deal_over():
            first = "THE HANDS ARE SHOWN"
        else:
            q = v.to_move()
            first = says(q, self.match.you, "is") + (" arranging" if self.viewer != q else " to move")
        return first, fit("DEAL %d/%d  " % (v.deal_no, J.DEALS), self._totals(v.scores()), ui.W)

    def _totals(self, pts):
        out = []
        for q in range(len(pts)):
            out.append("%s %d" % (self.match.short(q), pts[q]))
        return " ".join(out)

    def _reveal(self, fb):
        # Hand `step` of every seat, the bets on it, who takes them (JP-16,
        # JP-17), running totals.
        st = self.match.state
        h = self.step
        n = st.num_seats()
        font.text(fb, "HAND %d OF 3" % (h + 1), 0, 0)
        t = "DEAL %d/%d" % (st.deal_no, J.DEALS)
        font.text(fb, t, ui.W - font.width(t), 0)
        won = st.hand_winners(h)
        y = _SEAT_Y
        bets = []
        pot = 0
        for q in range(n):
            vals = st.values(q, self.vals)
            g = J.positions(vals, st.hs)[h]
            bet = st.bets(q)[h]
            pot += bet
            who = self.match.short(q)
            bets.append("%s %d" % (who, bet))
            ui.cell(fb, who, 1, y + 1, q in won, SMALL, _R_CARD_X - 1)
            x = _R_CARD_X
            cards = st.cards(q)
            groups = st.groups(q)
            # A Joker shows the rank it stands at (JP-9), the Joker where a suit
            # goes ("\x05r" left a pair of 7s beside a red Joker that was a 6
            # unexplained, and "\x058" ran into the next card: reviews).
            jr = st.joker_rank(q)
            for i in range(len(cards)):
                if groups[i] == g:
                    c = cards[i]
                    font.text(fb, label(c) if c < J.RED_JOKER or jr < 0 else font.rank_char(jr) + font.JOKER_CHAR,
                              x, y, 1, NORMAL)
                    x += PITCH
            font.text(fb, name(vals[g]), _R_NAME_X, y + 1)
            y += 9 if n == 4 else 10
        if len(won) == 1:
            foot = "%s %d" % (says(won[0], self.match.you, "takes"), pot)
        else:
            foot = "TIE: " + " ".join([self.match.short(q) for q in won]) + " TAKE BACK"
        font.text(fb, "BETS " + " ".join(bets), 0, FOOT_Y[0])
        font.text(fb, foot, 0, FOOT_Y[1])
        x = ui.W - font.width(_NEXT)
        font.text(fb, fit("TOTAL ", self._totals(self.running(h + 1)), x - 4), 0, FOOT_Y[2])
        font.text(fb, _NEXT, x, FOOT_Y[2])

    def running(self, hands):
        # The scores after the first `hands` hands of the deal revealed.
        st = self.match.state
        n = st.num_seats()
        pts = st.scores()
        last = st.history()[-1]
        for q in range(n):
            pts[q] -= last[q]
        for h in range(hands):
            gains = st.hand_gains(h)
            for q in range(n):
                pts[q] += gains[q]
        return pts
