# Joker Poker (Dario De Toffoli, Piatnik): rules per seeds/jokerpoker.md (JP-n).
#
# Cards are engine.cards ids, the Jokers 52 (red), 53 (black), 54 (red/black).
# Each seat holds its cards in canonical order (canonical(): Jokers first, then
# rank high to low) and a group 0, 1 or 2 per card: its three hands, always
# 5/5/5 (with four seats 5/5/3, group 2 the 3-card hand). The device orders the
# groups into hands 1-3, strongest first (JP-6: positions()).
#
# A deal: the seats arrange and bet in turn, seat 0 first, each a run of moves
# whose content view() hides from the others; the last bet reveals and pays
# all three hands at once (the table screen shows them hand by hand).
# Move codes (small ints):
#   SWAP + k      0..104   swap the seat's cards i < j (k = j * (j - 1) / 2 + i)
#                          between two groups
#   RANK + r      105..117 every Joker of the seat stands at rank r (JP-9);
#   RANK + BEST   118      at the rank that suits the arrangement best (best_rank)
#   AUTO          119      the arrangement propose() makes ("arrange for me")
#   BET + 25a + 5b + c  120..244  bet a on hand 1, b on hand 2, c on hand 3: it
#                          ends the seat's turn (the arrangement must be playable)
#   CONTINUE      255      deals the next deal
# The first half of the module values hands and arrangements (the arranger
# itself, propose(), is engine/arrange.py, loaded when asked); the second is
# the game.
from engine import codec, const, poker
from engine.bits import POP8
from engine.cards import label, rank_label
from engine.rng import BLANK, Rng
from engine.state import CONTINUE, POINTS, Game, State, seat_name

# JP-3: 2-4 seats; JP-15: everything secret until the reveal, so no open hands;
# JP-18: three deals, points.
# The arranger (engine.arrange) is scratch: loaded for a move that needs it.
INFO = Game(seats=(2, 4), options=(), hidden=True, reveal=None, round="deal", counts=POINTS, goal="3 deals",
            scratch=("engine.arrange",),
            refusals="engine.games.jokerpoker_refusals")

NOT_ALLOWED = const(-1)
RED_JOKER = const(52)
COLOUR = (0b0110, 0b1001, 0b1111)  # the suits each Joker may take (poker's order)
# _TOP[x]: the highest set bit of a byte.
_TOP = bytes([0] + [len(bin(i)) - 3 for i in range(1, 256)])
_B5 = [0] * 5  # scratch hands: valuing allocates nothing
_B3 = [0] * 3


def sort_key(c):
    # A seat's cards in canonical order: the Jokers, then by rank high to low.
    return c - RED_JOKER if c >= RED_JOKER else 3 + (12 - c % 13) * 4 + c // 13


def canonical(cards):
    return bytearray(sorted(cards, key=sort_key))


def positions(values, hs):
    # The groups strongest first (JP-6; equal ones in group order), the 3-card
    # group always last with 13 cards.
    a, b = (0, 1) if values[0] >= values[1] else (1, 0)
    if hs == 13 or values[2] <= values[b]:
        return a, b, 2
    if values[2] <= values[a]:
        return a, 2, b
    return 2, a, b


def top(x):
    # The highest set bit of a 13-bit rank mask (x > 0).
    return _TOP[x >> 8] + 8 if x >= 256 else _TOP[x]


def at_rank(buf, j, r):
    # The value of buf with its Joker (at j) standing at rank r (JP-7..9): a suit
    # of its colour the hand lacks at that rank, the flush suit when it can.
    joker = buf[j]
    held = 0
    suit = -1
    for i in range(len(buf)):
        if i != j:
            c = buf[i]
            if c % 13 == r:
                held |= 1 << (c // 13)
            s = c // 13
            suit = s if suit < 0 or suit == s else 4
    ok = COLOUR[joker - RED_JOKER] & ~held
    if not ok:
        return NOT_ALLOWED
    if suit > 3 or not ok >> suit & 1:
        suit = 0
        while not ok >> suit & 1:
            suit += 1
    buf[j] = suit * 13 + r
    v = poker.evaluate(buf)
    buf[j] = joker
    return v


def best_joker(buf, j):
    # (value, rank) of the best card the Joker at j can stand for: it joins the
    # largest set of one rank (the higher of two pairs), else completes a
    # straight flush, a flush (as the highest rank missing) or a straight, else
    # pairs the highest card; if its colour forbids that card, the best of all
    # candidates (_best_of).
    ranks = 0
    total = 0
    odd = 0
    suit = -1
    for i in range(len(buf)):
        if i != j:
            c = buf[i]
            b = 1 << (c % 13)
            ranks |= b
            total += b
            odd ^= b
            s = c // 13
            suit = s if suit < 0 or suit == s else 4
    dup = total - ranks  # a rank held k times adds (k - 1) times its bit
    even = ranks ^ odd  # ranks held twice (or four times)
    if even:
        r = top(even)
    elif dup:
        r = top(dup >> 1)  # three of a kind
    else:
        r = top(ranks)  # a pair, unless one of these does better
        if len(buf) == 5:
            fill = _fill_rank(ranks)
            if suit < 4 and COLOUR[buf[j] - RED_JOKER] >> suit & 1:
                r = fill if fill >= 0 else top(8191 & ~ranks)
            elif fill >= 0:
                r = fill
    v = at_rank(buf, j, r)
    if v < 0:
        return _best_of(buf, j, ranks)
    return v, r


def _fill_rank(ranks):
    # The rank that completes the highest straight with four distinct ranks, or -1.
    for t in range(12, 2, -1):
        w = 31 << (t - 4) if t > 3 else 0x100F
        if not ranks & ~w:
            return top(w & ~ranks)
    return -1


def _best_of(buf, j, ranks):
    # The best over every rank the Joker might best take: one the hand holds,
    # the highest it lacks, or the one completing a straight.
    gap = 8191 & ~ranks
    tries = ranks | (1 << top(gap) if gap else 0)
    if len(buf) == 5 and POP8[ranks & 255] + POP8[ranks >> 8] == 4:
        fill = _fill_rank(ranks)
        if fill >= 0:
            tries |= 1 << fill
    best = NOT_ALLOWED
    rank = -1
    r = 12
    while tries:
        if tries >> r & 1:
            tries ^= 1 << r
            v = at_rank(buf, j, r)
            if v > best:
                best = v
                rank = r
        r -= 1
    return best, rank


def value(cards, r=-1):
    # The value of a hand of 5 or 3 cards with at most one Joker, standing at rank
    # r (-1: its best); NOT_ALLOWED for two Jokers or no legal card at r.
    buf = _B5 if len(cards) == 5 else _B3
    j = -1
    for i in range(len(buf)):
        c = cards[i]
        buf[i] = c
        if c >= RED_JOKER:
            if j >= 0:
                return NOT_ALLOWED
            j = i
    if j < 0:
        return poker.evaluate(buf)
    if r < 0:
        return best_joker(buf, j)[0]
    return at_rank(buf, j, r)


def strength(v):
    # A hand value's class for the arranger: category, first and second rank
    # (c * 13 + r1) * 13 + r2 in 0..1520, in the order of the values.
    hi = v >> 13 & 8191
    lo = v & 8191
    if hi:
        r1 = top(hi)
        rest = (hi ^ (1 << r1)) or lo
    else:
        r1 = top(lo)
        rest = lo ^ (1 << r1)
    return ((v >> 26) * 13 + r1) * 13 + (top(rest) if rest else 0)


# ----- how good an arrangement is
#
# CDF[t][pos][b]: the share (of 255) of hands a typical opponent holds at that
# position below class b = category * 13 + first rank (118 entries, the last
# 255), for t = 0 with 15 cards and t = 1 with 13 (the third hand of 3 cards).
# tools/jokerpoker_tables.py makes them from random deals arranged by propose(),
# as bytes literals: the tuple of ints a bytes((...)) call is made from stays in
# the module's constants on MicroPython, 4 bytes an entry (2.8 KB for these six).
CDF = (
    (
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x02\x03\x04\x05"
        b"\x06\x06\x07\x07\x07\x07\x08\x08\x08\x08\x08\x08\x09\x09\x09\x09\x0a\x0b\x0c\x0d"
        b"\x0f\x11\x14\x17\x1a\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1e\x1f\x21\x23\x27\x31\x58\x5b"
        b"\x5d\x60\x63\x69\x6f\x74\x7a\x82\x8c\x9a\xa9\xb6\xb8\xbb\xbe\xc3\xc7\xca\xce\xd1"
        b"\xd5\xda\xdd\xe2\xe5\xe5\xe5\xe5\xe8\xea\xed\xf0\xf3\xf5\xf8\xfb\xfc\xff",
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x02"
        b"\x02\x03\x03\x03\x04\x05\x06\x06\x07\x07\x09\x0b\x0d\x10\x14\x19\x1f\x26\x2b\x2e"
        b"\x2f\x30\x30\x31\x31\x32\x32\x33\x33\x33\x33\x34\x34\x34\x34\x34\x38\x41\x48\x4f"
        b"\x57\x5f\x67\x6f\x78\x80\x80\x80\x80\x80\x80\x80\x81\x83\x87\x8f\x9c\xb1\xd6\xda"
        b"\xde\xe2\xe6\xe9\xec\xef\xf2\xf6\xf9\xfc\xfd\xfe\xfe\xfe\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x01\x02\x05\x0b\x18\x37\x39\x3b\x3e\x41\x44\x48"
        b"\x4d\x53\x5a\x65\x70\x84\xa6\xa6\xa6\xa7\xa9\xac\xaf\xb4\xb9\xbe\xc4\xcb\xd1\xd7"
        b"\xda\xdd\xdf\xe1\xe3\xe4\xe6\xe8\xe9\xeb\xed\xee\xf0\xf0\xf0\xf0\xf2\xf4\xf6\xf7"
        b"\xf9\xfa\xfa\xfb\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfd\xfd\xfe\xfe\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
    ),
    (
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01"
        b"\x01\x01\x02\x03\x04\x04\x05\x05\x06\x07\x09\x0a\x0c\x0e\x0f\x11\x13\x16\x17\x18"
        b"\x19\x19\x1b\x1b\x1b\x1c\x1c\x1c\x1d\x1d\x1d\x1d\x1d\x1d\x1d\x1d\x1e\x21\x24\x27"
        b"\x2a\x2c\x2f\x32\x35\x39\x39\x39\x39\x39\x39\x39\x39\x3a\x3b\x3e\x42\x4a\x66\x69"
        b"\x6d\x71\x75\x7b\x82\x89\x91\x9a\xa7\xb5\xc6\xd4\xd6\xd7\xd9\xdb\xdd\xe0\xe3\xe5"
        b"\xe7\xea\xec\xed\xf0\xf0\xf0\xf0\xf1\xf3\xf4\xf6\xf7\xf9\xfa\xfc\xfd\xff",
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x06\x10\x16\x1b\x21\x28\x2f\x37"
        b"\x3d\x43\x49\x4e\x54\x5a\x60\x60\x61\x62\x64\x67\x69\x6d\x71\x76\x7c\x82\x86\x86"
        b"\x87\x88\x89\x8a\x8b\x8b\x8c\x8d\x8d\x8e\x8e\x8e\x8f\x8f\x8f\x8f\x93\x99\x9f\xa4"
        b"\xa9\xaf\xb3\xb9\xbe\xc3\xc3\xc3\xc3\xc3\xc3\xc3\xc4\xc5\xc7\xcb\xd1\xdb\xf2\xf3"
        b"\xf4\xf5\xf6\xf7\xf9\xfb\xfc\xfc\xfd\xfe\xfe\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
        b"\x00\x00\x00\x00\x02\x04\x07\x0a\x0d\x15\x22\x35\x58\x8f\x96\x9e\xa4\xaa\xaf\xb5"
        b"\xbb\xc1\xc7\xcd\xd5\xe0\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc\xfc"
        b"\xfd\xfd\xfd\xfd\xfe\xfe\xfe\xfe\xfe\xfe\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
    ),
)
F_ONE = const(6630)  # 26 * 255: a share of 1
NCLASS = const(1521)  # strengths 0..1520


def share(cdf, s):
    # The chance (of F_ONE) that a typical opponent's hand at this position is
    # beaten by one of strength s: within its class, by the second rank.
    b = s // 13
    lo = cdf[b]
    return 26 * lo + (cdf[b + 1] - lo) * (2 * (s - 13 * b) + 1)


def chance(cdf, s, k):
    # The chance (of F_ONE) that a hand of strength s beats all k opponents'
    # hands at the position of cdf (each independently).
    if s >= NCLASS - 13:
        return F_ONE
    f = share(cdf, s)
    p = f
    for _ in range(k - 1):
        p = p * f // F_ONE
    return p


class _Worths:
    # w[pos * NCLASS + s]: the chance (of F_ONE) that a hand of strength s at
    # position pos beats all k opponents' hands there, with hs cards; worked
    # out when asked (a table of them all would take 9 KB of the board's heap).
    def __init__(self, hs, k):
        self.hs = hs
        self.k = k

    def __getitem__(self, i):
        return chance(CDF[self.hs == 13][i // NCLASS], i % NCLASS, self.k)


_WS = []  # the _Worths asked for so far (one per seat count)


def _worths(hs, k):
    for w in _WS:
        if w.hs == hs and w.k == k:
            return w
    _WS.append(_Worths(hs, k))
    return _WS[-1]



def propose(cards, seats, more=None):
    # "Arrange for me" (engine.arrange.propose), loaded when first asked.
    from engine import arrange

    return arrange.propose(cards, seats, more)


def group_values(cards, groups, r, out, only=7):
    # out[g]: the value of group g of a seat's cards with its Joker at rank r (-1:
    # its own best); NOT_ALLOWED for one with two Jokers or no legal card at r.
    # only: a mask of the groups valued (the others' out kept).
    for g in range(3):
        if not only >> g & 1:
            continue
        buf = _B3 if g == 2 and len(cards) == 13 else _B5
        n = 0
        for i in range(len(cards)):
            if groups[i] == g:
                if n == len(buf):
                    n += 1
                    break
                buf[n] = cards[i]
                n += 1
        out[g] = value(buf, r) if n == len(buf) else NOT_ALLOWED
    return out


def worth(values, seats):
    # What three hand values are worth as an arrangement (as engine.arrange scores them); -1 if
    # they may not be played so (JP-9, JP-13).
    a, b, c = values
    if a < 0 or b < 0 or c < 0:
        return -1
    hs = 15 if seats < 4 else 13
    if a < b:
        a, b = b, a
    if hs == 13:
        if c > b:
            return -1
    elif b < c:
        b, c = c, b
        if a < b:
            a, b = b, a
    cdf = CDF[hs == 13]  # as _worths() would, without its lookups (best_rank() asks often)
    k = seats - 1
    return chance(cdf[0], strength(a), k) + chance(cdf[1], strength(b), k) + chance(cdf[2], strength(c), k)


_V = [0, 0, 0]


def best_rank(cards, groups, seats):
    # The rank all the seat's Jokers best stand at (JP-9), by worth(); the
    # highest of equals; -1 without Jokers or with no rank that may be played.
    if cards[0] < RED_JOKER:
        return -1
    best = -1
    rank = -1
    jg = 0  # the groups with a Joker: the others are worth the same at every rank
    for i in range(3):
        if cards[i] >= RED_JOKER:
            jg |= 1 << groups[i]
    only = 7
    for r in range(12, -1, -1):
        v = worth(group_values(cards, groups, r, _V, only), seats)
        only = jg
        if v > best:
            best = v
            rank = r
    return rank


# ----- the game

DEALS = const(3)  # JP-18
BETS = bytes((0, 1, 1, 2, 2, 2, 3, 3, 4))  # JP-2: a seat's betting cards
SWAP = const(0)
RANK = const(105)
BEST = const(13)  # RANK + BEST: the Jokers at their best rank
AUTO = const(119)
BET = const(120)
UNKNOWN = const(255)  # a card, group, rank or bet a view does not show
VERSION = const(1)

# Phases.
ARRANGE = const(0)  # seats arrange and bet in turn
BETWEEN = const(1)  # the deal is revealed; CONTINUE deals the next one
OVER = const(2)

# Where a betting card is.
FREE = const(0)  # not bet yet
STAKED = const(1)  # bet this deal, not yet revealed
OUT = const(2)  # out of play (JP-17)
WON = const(3)  # WON + seat: won by that seat, its victory points (JP-16)

ORDER = bytes(sorted(range(55), key=sort_key))  # every card in canonical order
SWAP_I = bytes([i for j in range(15) for i in range(j)])  # the cards a SWAP code names
SWAP_J = bytes([j for j in range(15) for i in range(j)])


def swap_code(i, j):
    if i > j:
        i, j = j, i
    return SWAP + j * (j - 1) // 2 + i


def bet_code(a, b, c):
    return BET + 25 * a + 5 * b + c


def bets_of(move):
    # The three betting card values a BET move puts on hands 1, 2 and 3.
    k = move - BET
    return k // 25, k // 5 % 5, k % 5


def problem(values, hs):
    # Why groups of these values may not be played (JP-9, JP-13), or "".
    for g in range(3):
        if values[g] < 0:
            return "no card is left for a Joker"
    if hs == 13 and values[2] > min(values[0], values[1]):
        return "the 3-card hand beats hand 2"
    return ""


def dealt_groups(hs):
    # The arrangement cards are dealt in: the canonical order round the three
    # groups (so up to three Jokers land in different ones), with 13 cards the
    # last four alternating between the 5-card groups.
    return bytearray([i % 3 if i < 9 else (i - 9) % (2 if hs == 13 else 3) for i in range(hs)])


def new_game(seed, options=None, seats=2):
    INFO.setup(options, seats)
    s = JokerPoker(seats)
    s._deal(Rng(seed))
    return s


def decode(data):
    if len(data) < 2 or data[0] != VERSION or not 2 <= data[1] <= 4:
        raise ValueError("not a Joker Poker state")
    s = JokerPoker(data[1])
    s._load(data)
    return s


class JokerPoker(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER

    def __init__(self, seats):
        n = seats
        hs = 15 if n < 4 else 13
        self.n = n
        self.hs = hs  # cards a seat holds (JP-4)
        self.ph = ARRANGE
        self.turn = 0
        self.deal_no = 1
        self.seer = -1  # the seat whose view this is; -1 for the full state
        self.rs = BLANK  # Rng state that deals the next deal
        self.hand = bytearray(n * hs)  # seat s's cards at s * hs, canonical order
        self.grp = bytearray(n * hs)  # the group of each
        self.jr = bytearray([BEST] * n)  # the seats' Joker ranks
        self.bet = bytearray([UNKNOWN] * (3 * n))  # the values bet on hands 1-3
        self.bs = bytearray(9 * n)  # where each seat's betting cards are
        self.won = bytearray(3)  # per hand, a bit per seat that won it (last deal)
        self.pts = [0] * n
        self.hist = []
        self.mv = []  # the legal moves of the seat to move, once known
        self.known = False
        self.vals = [0, 0, 0]  # scratch: group values

    decode = staticmethod(decode)

    # ----- the deal (JP-4)

    def _deal(self, rng):
        deck = bytearray(range(55))
        rng.shuffle(deck)
        self.rs = rng.get_state()
        hs = self.hs
        start = dealt_groups(hs)
        for q in range(self.n):
            cards = canonical(deck[q * hs:(q + 1) * hs])
            for i in range(hs):
                self.hand[q * hs + i] = cards[i]
                self.grp[q * hs + i] = start[i]
            self.jr[q] = BEST
        for i in range(3 * self.n):
            self.bet[i] = UNKNOWN
        for i in range(3):
            self.won[i] = 0
        self.turn = 0
        self.ph = ARRANGE
        self.known = False

    # ----- a seat's arrangement

    def cards(self, seat):
        # The seat's cards in canonical order (UNKNOWN in a view that hides them).
        return self.hand[seat * self.hs:(seat + 1) * self.hs]

    def groups(self, seat):
        return self.grp[seat * self.hs:(seat + 1) * self.hs]

    def joker_rank(self, seat):
        # The rank the seat's Jokers stand at now: the chosen one, or for BEST
        # the best for its arrangement; -1 without Jokers (or with no rank that
        # may be played).
        if self.hand[seat * self.hs] < RED_JOKER:
            return -1
        r = self.jr[seat]
        if r == BEST:
            return best_rank(self.cards(seat), self.groups(seat), self.n)
        return r

    def values(self, seat, out=None):
        # The values of the seat's groups 0, 1, 2 as they stand (NOT_ALLOWED for
        # a group that may not be played).
        out = out if out is not None else [0, 0, 0]
        r = self.joker_rank(seat)
        if r < 0 and self.hand[seat * self.hs] >= RED_JOKER:
            out[0] = out[1] = out[2] = NOT_ALLOWED
            return out
        return group_values(self.cards(seat), self.groups(seat), r, out)

    def problem(self, seat):
        # Why the seat's arrangement may not be bet on yet, or "".
        return problem(self.values(seat, self.vals), self.hs)

    def hands(self, seat):
        # The seat's groups in the device's order, hand 1 first (JP-6).
        return positions(self.values(seat, self.vals), self.hs)

    def free_bets(self, seat):
        # How many betting cards of each value 0-4 the seat has left to bet.
        out = [0] * 5
        for k in range(9):
            if self.bs[9 * seat + k] == FREE:
                out[BETS[k]] += 1
        return out

    def bets(self, seat):
        # The values the seat bet on hands 1-3 this deal (UNKNOWN before it bet,
        # or while a view hides them).
        return self.bet[3 * seat:3 * seat + 3]

    def betting_cards(self, seat):
        # Where each of the seat's nine betting cards is (FREE, STAKED, OUT,
        # WON + seat), in the order of BETS.
        return self.bs[9 * seat:9 * seat + 9]

    def hand_winners(self, pos):
        # The seats that won hand pos (0-2) of the last revealed deal.
        return [q for q in range(self.n) if self.won[pos] >> q & 1]

    # ----- legal moves

    def legal_view(self):
        # The legal moves without a copy: read only, valid until the state changes.
        if self.ph != ARRANGE:
            return (CONTINUE,) if self.ph == BETWEEN else ()
        if not self.known:
            self._gen(self.turn)
            self.known = True
        return self.mv

    def _gen(self, p):
        out = self.mv
        out.clear()
        hs = self.hs
        at = p * hs
        hand = self.hand
        grp = self.grp
        jg = 0  # a bit per group holding a Joker
        for i in range(hs):
            if hand[at + i] >= RED_JOKER:
                jg |= 1 << grp[at + i]
        for j in range(1, hs):
            gj = grp[at + j]
            jj = hand[at + j] >= RED_JOKER
            for i in range(j):
                gi = grp[at + i]
                if gi != gj and (jj == (hand[at + i] >= RED_JOKER) or not jg >> (gi if jj else gj) & 1):
                    out.append(SWAP + j * (j - 1) // 2 + i)
        if jg:
            for r in range(BEST + 1):
                if r != self.jr[p]:
                    out.append(RANK + r)
        out.append(AUTO)
        if not self.problem(p):
            have = self.free_bets(p)
            for a in range(5):
                if have[a]:
                    have[a] -= 1
                    for b in range(5):
                        if have[b]:
                            have[b] -= 1
                            for c in range(5):
                                if have[c]:
                                    out.append(BET + 25 * a + 5 * b + c)
                            have[b] += 1
                    have[a] += 1
        return len(out)

    def apply_legal(self, move):
        if move == CONTINUE:
            self.deal_no += 1
            rng = Rng()
            rng.set_state(self.rs)
            self._deal(rng)
            return
        p = self.turn
        at = p * self.hs
        self.known = False
        if move < RANK:
            i = at + SWAP_I[move]
            j = at + SWAP_J[move]
            self.grp[i], self.grp[j] = self.grp[j], self.grp[i]
        elif move < AUTO:
            self.jr[p] = move - RANK
        elif move == AUTO:
            g = propose(self.cards(p), self.n)
            if g is not None:
                for i in range(self.hs):
                    self.grp[at + i] = g[i]
            self.jr[p] = BEST
        else:
            r = self.joker_rank(p)
            self.jr[p] = BEST if r < 0 else r  # the rank is fixed with the bet
            a, b, c = bets_of(move)
            for h in range(3):
                v = (a, b, c)[h]
                self.bet[3 * p + h] = v
                self._find(p, v, FREE, STAKED)
            if p + 1 < self.n:
                self.turn = p + 1
            else:
                self._reveal()

    def _find(self, seat, v, was, now):
        # Moves one betting card of value v of the seat from was to now.
        for k in range(9):
            if BETS[k] == v and self.bs[9 * seat + k] == was:
                self.bs[9 * seat + k] = now
                return

    def _reveal(self):
        # Every seat has bet: hands 1, 2 and 3 are compared and paid (JP-16,
        # JP-17), and the deal's points recorded.
        n = self.n
        best = [[0, 0, 0] for _ in range(n)]  # each seat's hand values, hand 1 first
        for q in range(n):
            v = self.values(q, self.vals)
            order = positions(v, self.hs)
            for h in range(3):
                best[q][h] = v[order[h]]
        gain = [0] * n
        for h in range(3):
            top = max([best[q][h] for q in range(n)])
            mask = 0
            for q in range(n):
                if best[q][h] == top:
                    mask |= 1 << q
            self.won[h] = mask
            alone = mask & (mask - 1) == 0
            for q in range(n):
                v = self.bet[3 * q + h]
                if alone:
                    w = 0
                    while not mask >> w & 1:
                        w += 1
                elif mask >> q & 1:
                    w = q  # a tied winner takes back their own bet
                else:
                    self._find(q, v, STAKED, OUT)
                    continue
                self._find(q, v, STAKED, WON + w)
                gain[w] += v
        for q in range(n):
            self.pts[q] += gain[q]
        self.hist.append(gain)
        self.ph = OVER if self.deal_no == DEALS else BETWEEN
        self.turn = 0

    # ----- protocol answers

    def scores(self):
        return self.pts[:]

    def history(self):
        return [h[:] for h in self.hist]

    def deal_value(self, seat):
        # The last deal's points of seat against the others' mean, times n - 1.
        g = self.hist[-1]
        return self.n * g[seat] - sum(g)

    def result_text(self, you=None):
        # Who took each hand of the deal just revealed.
        if self.ph == ARRANGE:
            return ""
        out = []
        for h in range(3):
            names = " ".join([seat_name(q, you) for q in self.hand_winners(h)])
            out.append(("Hand %d " if not h else "%d ") % (h + 1) + (names + " tie" if " " in names else names))
        return ", ".join(out)

    def describe(self, move, you=None):
        # A legal move, before it is made: "P1: swap Kh 4c", "P2: bet 4 2 0"
        # (worded for seat you: "bet 4 2 0").
        if move == CONTINUE:
            return "Deal %d" % (self.deal_no + 1)
        p = self.turn
        head = "" if you == p else seat_name(p) + ": "
        if move < RANK:
            at = p * self.hs
            return head + "swap %s %s" % (label(self.hand[at + SWAP_I[move]]), label(self.hand[at + SWAP_J[move]]))
        if move < AUTO:
            r = move - RANK
            return head + ("Jokers at their best" if r == BEST else "Jokers as " + rank_label(r))
        if move == AUTO:
            return head + "arrange for me"
        return head + "bet %d %d %d" % bets_of(move)

    # ----- hidden information (JP-15)

    def view(self, seat):
        # What seat may see: while the deal is arranged, only its own cards,
        # groups, Joker rank and bets; every seat's betting cards still to bet
        # (the others' bets of this deal look unbet); never the dealing Rng.
        v = self.clone()
        v.seer = seat
        v.rs = BLANK
        if self.ph == ARRANGE:
            hs = self.hs
            for q in range(self.n):
                if q != seat:
                    for i in range(q * hs, (q + 1) * hs):
                        v.hand[i] = UNKNOWN
                        v.grp[i] = UNKNOWN
                    v.jr[q] = UNKNOWN
                    for h in range(3 * q, 3 * q + 3):
                        v.bet[h] = UNKNOWN
                    for k in range(9 * q, 9 * q + 9):
                        if v.bs[k] == STAKED:
                            v.bs[k] = FREE
        return v

    def unseen_cards(self):
        # The cards in no hand this state shows, in card order.
        seen = bytearray(55)
        for c in self.hand:
            if c != UNKNOWN:
                seen[c] = 1
        return [c for c in range(55) if not seen[c]]

    # ----- bytes

    def encode(self):
        # 6 bytes of counters, the Rng state (4), a nibble per card (28: 0 in no
        # hand shown, else 1 + 3 * seat + group), the Joker ranks (n), the bets
        # (3n), a nibble per betting card (9n), the hand winners (3), then the
        # scores and each finished deal's points (engine.codec).
        n = self.n
        out = bytearray([VERSION, n, self.deal_no, self.ph, self.turn, self.seer + 1])
        out += self.rs
        loc = bytearray(28)
        for k in range(n * self.hs):
            c = self.hand[k]
            if c != UNKNOWN:
                loc[c >> 1] |= (1 + 3 * (k // self.hs) + self.grp[k]) << (4 * (c & 1))
        out += loc
        out += self.jr
        out += self.bet
        bs = self.bs
        for k in range(0, 9 * n, 2):
            out.append(bs[k] | (bs[k + 1] << 4 if k + 1 < 9 * n else 0))
        out += self.won
        codec.put_ints(out, self.pts)
        codec.put_int(out, len(self.hist))
        for h in self.hist:
            codec.put_ints(out, h)
        return bytes(out)

    def _load(self, data):
        n = self.n
        hs = self.hs
        self.deal_no, self.ph, self.turn = data[2], data[3], data[4]
        self.seer = data[5] - 1
        self.rs = bytes(data[6:10])
        fill = [q * hs for q in range(n)]
        for c in ORDER:
            loc = data[10 + (c >> 1)] >> (4 * (c & 1)) & 15
            if loc:
                q = (loc - 1) // 3
                self.hand[fill[q]] = c
                self.grp[fill[q]] = (loc - 1) % 3
                fill[q] += 1
        for q in range(n):
            for k in range(fill[q], (q + 1) * hs):
                self.hand[k] = UNKNOWN
                self.grp[k] = UNKNOWN
        at = 38
        self.jr = bytearray(data[at:at + n])
        at += n
        self.bet = bytearray(data[at:at + 3 * n])
        at += 3 * n
        for k in range(9 * n):
            self.bs[k] = data[at + k // 2] >> (4 * (k & 1)) & 15
        at += (9 * n + 1) // 2
        self.won = bytearray(data[at:at + 3])
        at += 3
        self.pts, at = codec.get_ints(data, at)
        k, at = codec.get_int(data, at)
        self.hist = []
        for _ in range(k):
            h, at = codec.get_ints(data, at)
            self.hist.append(h)
