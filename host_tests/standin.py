# A stand-in game for the shared screens: 2-4 seats, secret hands, point
# scores that run into the thousands and below zero, rounds of a match. Its
# rules, bot and table live in this one module; the tests register it as game
# "standin" (rules and bots module: this one; table: this one too).
#
# Rules: each deal, every seat gets three cards of the 52 (secret). In turn,
# starting left of the dealer, each seat plays a card; when all have played,
# the highest card scores 100 per rank step above a Two (up to 1,200) and the
# lowest loses 150. Three such tricks make a deal; a match is DEALS deals; the
# dealer moves left each deal. Moves are card ids; CONTINUE deals the next deal.
from engine import codec
from engine.ai import LEVELS, ORDER  # every level plays alike (choose())
from engine.cards import label
from engine.rng import Rng
from engine.state import CONTINUE, POINTS, Game, State, says, seat_name
from firmware import font, ui
from firmware.tables import Base, Cursor

DEALS = 3
INFO = Game(seats=(2, 4), options=(("open", "Open hands", ("Off", "On"), "%s"),), hidden=True,
            reveal="open", round="deal", counts=POINTS, goal="%d deals" % DEALS, people=3)
HIDDEN = 255  # a card in another seat's hand, in a view


def new_game(seed, options=None, seats=2):
    INFO.setup(options, seats)
    s = Standin(seats)
    s.rng.seed(seed)
    s.deal()
    return s


def decode(data):
    n = data[0]
    s = Standin(n)
    s.dealer, s.turn, s.deal_no, s.over, s.seer = data[1], data[2], data[3], data[4], data[5] - 1
    s.rng.set_state(data, 6)
    at = 10
    for i in range(n):
        k = data[at]
        s.hands[i] = list(data[at + 1:at + 1 + k])
        at += 1 + k
    k = data[at]
    s.trick = list(data[at + 1:at + 1 + k])
    at += 1 + k
    s.pts, at = codec.get_ints(data, at)
    s.total, at = codec.get_ints(data, at)
    k, at = codec.get_int(data, at)
    for _ in range(k):
        h, at = codec.get_ints(data, at)
        s.hist.append(h)
    return s


class Standin(State):
    decode = staticmethod(decode)

    def __init__(self, n):
        self.n = n
        self.rng = Rng(1)
        self.dealer = 0
        self.turn = 0
        self.deal_no = 1
        self.over = 0  # 1 between deals, 2 after the last
        self.seer = -1
        self.hands = [[] for _ in range(n)]
        self.trick = []  # (seat, card) flattened: seat, card, seat, card ...
        self.total = [0] * n
        self.pts = [0] * n  # this deal's
        self.hist = []

    def deal(self):
        deck = bytearray(range(52))
        self.rng.shuffle(deck)
        for i in range(self.n):
            self.hands[i] = sorted(deck[3 * i:3 * i + 3])
        self.turn = (self.dealer + 1) % self.n
        self.trick = []
        self.pts = [0] * self.n
        self.over = 0

    def num_seats(self):
        return self.n

    def to_move(self):
        return -1 if self.over == 2 else self.turn

    def legal_moves(self):
        if self.over:
            return [CONTINUE] if self.over == 1 else []
        return [c for c in self.hands[self.turn] if c != HIDDEN]

    def why_illegal(self, move):
        if self.over == 2:
            return "the match is over"
        if self.over:
            return "the deal is over: continue"
        return "%s does not hold %s" % (seat_name(self.turn), label(move) if 0 <= move < 52 else move)

    def apply_legal(self, move):
        if move == CONTINUE:
            self.deal_no += 1
            self.dealer = (self.dealer + 1) % self.n
            self.deal()
            return
        self.hands[self.turn].remove(move)
        self.trick += [self.turn, move]
        self.turn = (self.turn + 1) % self.n
        if len(self.trick) < 2 * self.n:
            return
        seats = self.trick[0::2]
        ranks = [c % 13 for c in self.trick[1::2]]
        hi = seats[ranks.index(max(ranks))]
        lo = seats[ranks.index(min(ranks))]
        self.pts[hi] += 100 * max(ranks)
        self.pts[lo] -= 150
        self.trick = []
        if not self.hands[self.turn]:
            for i in range(self.n):
                self.total[i] += self.pts[i]
            self.hist.append(list(self.pts))
            self.over = 2 if self.deal_no == DEALS else 1

    def is_over(self):
        return self.over == 2

    def deal_over(self):
        return self.over > 0

    def scores(self):
        return list(self.total)

    def history(self):
        return [list(h) for h in self.hist]

    def result_text(self, you=None):
        if not self.over:
            return ""
        best = max(self.pts)
        return "Deal %d: %s most, %d" % (self.deal_no, says(self.pts.index(best), you, "scores"), best)

    def deal_value(self, seat):
        return self.pts[seat]

    def describe(self, move, you=None):
        if move == CONTINUE:
            return "Deal %d" % (self.deal_no + 1)
        return "%s %s" % (says(self.turn, you, "plays"), label(move))

    def view(self, seat):
        v = decode(self.encode())
        v.seer = seat
        v.rng.seed(1)
        for i in range(self.n):
            if i != seat:
                v.hands[i] = [HIDDEN] * len(self.hands[i])
        return v

    def encode(self):
        out = bytearray([self.n, self.dealer, self.turn, self.deal_no, self.over, self.seer + 1])
        out += self.rng.get_state()
        for h in self.hands:
            out.append(len(h))
            out += bytes(h)
        out.append(len(self.trick))
        out += bytes(self.trick)
        codec.put_ints(out, self.pts)
        codec.put_ints(out, self.total)
        codec.put_int(out, len(self.hist))
        for h in self.hist:
            codec.put_ints(out, h)
        return bytes(out)


def choose(view, level, rng):
    # The bot plays its highest card.
    moves = view.legal_moves()
    best = moves[0]
    for c in moves:
        if c % 13 > best % 13:
            best = c
    return best


class Table(Base):
    # The viewer's hand along the bottom, the trick above it, whose turn it is.
    def __init__(self, match):
        self.match = match
        self.cursor = Cursor()
        self.viewer = 0
        self.hand = []

    def refresh(self, viewer):
        self.viewer = viewer
        st = self.match.state
        self.hand = st.view(viewer).hands[viewer]
        spots = []
        if st.to_move() == viewer and self.match.is_person(viewer):
            for i in range(len(self.hand)):
                spots.append((50, 4 + 20 * i, self.hand[i]))
        self.cursor.set(spots)

    def draw(self, fb):
        st = self.match.state
        font.text(fb, "%s to play" % self.match.player(st.to_move()), 0, 0)
        t = st.trick
        for i in range(0, len(t), 2):
            font.text(fb, font.card_label(t[i + 1]), 4 + 20 * (i // 2), 20, 1, ui.NORMAL)
        sel = self.cursor.at()
        for i in range(len(self.hand)):
            x = 4 + 20 * i
            on = sel is not None and sel[1] == x
            if on:
                fb.fill_rect(x - 1, 49, 14, 10, 1)
            font.text(fb, font.card_label(self.hand[i]), x, 50, 0 if on else 1, ui.NORMAL)

    def on_button(self, b):
        if b == ui.A:
            return self.cursor.selected()
        self.cursor.press(b)
        return -1

    def handoff_lines(self, seat):
        return ["deal %d of %d" % (self.match.state.deal_no, DEALS)]
