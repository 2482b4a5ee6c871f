# High Card, the template game (README "Adding a game"): the smallest game that
# keeps the contract of engine/state.py, with what the shared screens must cope
# with: 2-4 seats, secret hands, point scores that run into the thousands and
# below zero, several rounds. Rules per seeds/template.md (TP-n); its bots are
# engine/ai/template.py, its table firmware/tables/template.py. It is not
# offered on the device: ENTRY is its registry line, kept here rather than in
# engine/registry.py's GAMES; the tests add it there (host_tests/test_contract.py,
# test_seats.py) to play it as a sixth game.
#
# Cards: 0..51 as in engine.cards (rank 0 = Two). Moves: a card id plays that
# card from the hand of the seat to move; CONTINUE deals the next deal.
from engine import codec, const
from engine.cards import label
from engine.rng import BLANK, Rng, resumed
from engine.state import CONTINUE, POINTS, Game, State, says, seat_name

ENTRY = ("template", "High Card", "engine.games.template", "engine.ai.template")  # engine/registry.py's GAMES

# TP-1: 2-4 seats; TP-5: three deals, points; TP-6: secret hands unless "Open hands".
INFO = Game(seats=(2, 4), options=(("open", "Open hands", ("Off", "On"), "%s"),), hidden=True, reveal="open",
            round="deal", counts=POINTS, goal="Deal {n} of 3", people=3)

DEALS = const(3)  # TP-5
CARDS = const(3)  # TP-2: a hand
HIGH = const(100)  # TP-4: per rank above a Two, to the highest card
LOW = const(150)  # TP-4: from the lowest card
HIDDEN = const(255)  # a card in another seat's hand, in a view

# Phases (State: BETWEEN and OVER).
PLAYING = const(0)
BETWEEN = const(1)  # the deal has ended; CONTINUE deals the next one
OVER = const(2)

VERSION = const(1)


def new_game(seed, options=None, seats=2):
    INFO.setup(options, seats)
    s = HighCard(seats)
    s.rng_state = Rng(seed).get_state()
    s.deal()
    return s


def decode(data):
    if len(data) < 11 or data[0] != VERSION:
        raise ValueError("not a High Card state")
    n = data[1]
    s = HighCard(n)
    s.ph, s.dealer, s.turn, s.deal_no = data[2], data[3], data[4], data[5]
    s.seer = data[6] - 1
    s.rng_state = bytes(data[7:11])
    at = 11
    for i in range(n):
        k = data[at]
        s.hands[i] = list(data[at + 1:at + 1 + k])
        at += 1 + k
    k = data[at]
    s.trick = list(data[at + 1:at + 1 + k])
    at += 1 + k
    s.pts, at = codec.get_ints(data, at)
    s.total, at = codec.get_ints(data, at)
    s.hist, at = codec.get_ints(data, at, codec.get_ints)
    return s


class HighCard(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER
    decode = staticmethod(decode)

    def __init__(self, n):
        self.n = n
        self.ph = PLAYING
        self.turn = 0
        self.dealer = 0
        self.deal_no = 1
        self.seer = -1  # the seat whose view this is; -1 the full state
        self.rng_state = BLANK  # the Rng state that deals the next deal
        self.hands = [[] for _ in range(n)]
        self.trick = []  # seat, card, seat, card ... in the order played
        self.pts = [0] * n  # this deal's points
        self.total = [0] * n
        self.hist = []

    # ----- the rules (TP-2 .. TP-5)

    def deal(self):
        # TP-2: three cards each from a shuffled pack; TP-3: left of the dealer leads.
        rng = resumed(self.rng_state)
        deck = bytearray(range(52))
        rng.shuffle(deck)
        self.rng_state = rng.get_state()
        for i in range(self.n):
            self.hands[i] = sorted(deck[CARDS * i:CARDS * i + CARDS])
        self.turn = (self.dealer + 1) % self.n
        self.trick = []
        self.pts = [0] * self.n
        self.ph = PLAYING

    def legal_view(self):
        if self.ph != PLAYING:
            return (CONTINUE,) if self.ph == BETWEEN else ()
        return [c for c in self.hands[self.turn] if c != HIDDEN]

    def why(self, move):
        # A game this small words its refusal here; a larger one names its
        # refusals module in INFO (loaded only when a move is refused).
        return "%s does not hold %s" % (seat_name(self.turn), label(move) if move < 52 else move)

    def apply_legal(self, move):
        if move == CONTINUE:
            self.deal_no += 1
            self.dealer = (self.dealer + 1) % self.n
            self.deal()
            return
        self.hands[self.turn].remove(move)
        self.trick += [self.turn, move]
        self.turn = (self.turn + 1) % self.n
        if len(self.trick) == 2 * self.n:
            self._score_trick()

    def _score_trick(self):
        # TP-4: the highest rank scores, the lowest loses (the first played of equals).
        seats = self.trick[0::2]
        ranks = [c % 13 for c in self.trick[1::2]]
        self.pts[seats[ranks.index(max(ranks))]] += HIGH * max(ranks)
        self.pts[seats[ranks.index(min(ranks))]] -= LOW
        self.trick = []
        if self.hands[self.turn]:
            return
        for i in range(self.n):
            self.total[i] += self.pts[i]
        self.hist.append(list(self.pts))
        self.ph = OVER if self.deal_no == DEALS else BETWEEN  # TP-5

    # ----- what the shared code asks

    def scores(self):
        return list(self.total)

    def history(self):
        return [list(h) for h in self.hist]

    def deal_value(self, seat):
        return self.pts[seat]

    def result_text(self, you=None):
        if self.ph == PLAYING:
            return ""
        best = max(self.pts)
        return "Deal %d: %s most, %d" % (self.deal_no, says(self.pts.index(best), you, "scores"), best)

    def describe(self, move, you=None):
        if move == CONTINUE:
            return "Deal %d" % (self.deal_no + 1)
        return "%s %s" % (says(self.turn, you, "plays"), label(move))

    # ----- hidden information (TP-6)

    def view(self, seat):
        # What seat may see: its own hand and the trick, not the others' hands
        # nor the Rng that deals the next deal.
        v = decode(self.encode())
        v.seer = seat
        v.rng_state = BLANK
        for i in range(self.n):
            if i != seat:
                v.hands[i] = [HIDDEN] * len(self.hands[i])
        return v

    def encode(self):
        out = bytearray([VERSION, self.n, self.ph, self.dealer, self.turn, self.deal_no, self.seer + 1])
        out += self.rng_state
        for h in self.hands:
            out.append(len(h))
            out += bytes(h)
        out.append(len(self.trick))
        out += bytes(self.trick)
        codec.put_ints(out, self.pts)
        codec.put_ints(out, self.total)
        codec.put_ints(out, self.hist, codec.put_ints)
        return bytes(out)
