# Poker hand values for Joker Poker, per seeds/jokerpoker.md (JP-rank, JP-jokers).
#
#   evaluate(cards, joker_rank=-1) -> value
#       cards: 5 or 3 card ids (list, tuple or bytes): 0..51 as in engine.cards,
#       52 red Joker (a heart or diamond), 53 black Joker (a club or spade),
#       54 the red/black Joker (any card). A higher value is a better hand; every
#       value is a small int below 2**30.
#       With joker_rank 0..12 every Joker in the hand stands at that rank, each in
#       a suit of its colour, never as a card the hand holds and never two as the
#       same card; of the legal suits the one that makes a flush is taken.
#       NOT_ALLOWED (-1) if there is no legal card at that rank (e.g. the red Joker
#       at rank r with both red cards of rank r in the hand): the game refuses that
#       arrangement. joker_rank -1 (default): the best value over all ranks.
#       Two or three Jokers in one hand (the rules allow one) are well-defined the
#       same way: different cards of one rank, so they never make a straight or a
#       flush. Without Jokers joker_rank is ignored.
#   by_rank(cards) -> list of 13 values, one per Joker rank (Two .. Ace), to choose
#       the one rank all of a player's Jokers take (JP-jokers).
#   substitute(cards, joker_rank) -> the hand's cards with each Joker replaced by
#       the card it stands for at that rank (as evaluate picks it), or None.
#   category(value) -> HIGH (0) .. _STRAIGHT_FLUSH (8); -1 for NOT_ALLOWED.
#   name(value) -> a label of at most 12 characters: "Pair 10", "Full K/10", ...
#
# A value is category << 26 | hi << 13 | lo, where hi and lo are 13-bit rank masks
# (bit r = rank r). Compared as ints, masks of distinct ranks order by their highest
# rank, then the next and so on: the kicker order of JP-rank. hi holds the ranks
# that count first (the pair, both pairs, the trips or quads), lo the kickers (for a
# full house the pair). High card and flush keep all their ranks in lo; a straight
# keeps its mask, the 5-high one (A 5 4 3 2) the mask 0b1111 so it is the lowest.
# A 3-card hand gets the same encoding with fewer kickers, so it compares with a
# 5-card hand as if its missing cards ranked below a Two (JP-13).
#
# A hand with Jokers is valued as the plain hand their stand-ins make, rank by rank.
# Tables: BIT (56 small ints: 232 bytes on a 32-bit MicroPython), COLOUR (3: 20
# bytes), LOW (16 bytes). A hand without Jokers is valued with no allocation.
from engine import const
from engine.bits import POP8, highest, lowest
from engine.cards import rank_label

HIGH = const(0)
PAIR = const(1)
_TWO_PAIRS = const(2)
_TRIPS = const(3)
_STRAIGHT = const(4)
_FLUSH = const(5)
_FULL_HOUSE = const(6)
_QUADS = const(7)
_STRAIGHT_FLUSH = const(8)
NOT_ALLOWED = const(-1)

RED_JOKER = const(52)
BLACK_JOKER = const(53)
ANY_JOKER = const(54)
_BLANK = const(55)  # fills a 3-card hand up to five: no rank, no suit
_WHEEL = const(0x100F)  # A 5 4 3 2

# Bit 13 marks a Joker, so one OR of the five entries tells whether a hand has one.
BIT = tuple([1 << (c % 13) for c in range(52)] + [1 << 13] * 3 + [0])
# The suits (bit s, engine.cards order c d h s) each Joker may take.
COLOUR = (0b0110, 0b1001, 0b1111)
LOW = bytes([lowest(m) & 3 for m in range(16)])  # the lowest suit in a suit mask

_NAMES = ("High", "Pair", "2 pairs", "Trips", "Str", "Flush", "Full", "Quads", "Str flush")


def evaluate(cards, joker_rank=-1):
    if len(cards) == 5:
        a, b, c, d, e = cards
    else:
        # Two blanks: a 3-card hand can then make no straight (too few ranks) and
        # no flush (the blank's "suit" 55 // 13 matches no card's).
        a, b, c = cards
        d = e = _BLANK
    bit = BIT
    ba = bit[a]
    bb = bit[b]
    bc = bit[c]
    bd = bit[d]
    be = bit[e]
    m1 = ba | bb | bc | bd | be  # the ranks present
    if m1 >> 13:
        return max(_values(cards, range(13) if joker_rank < 0 else (joker_rank,)))
    # A rank held n times puts (n - 1) * bit in dup and, if n is odd, the bit in odd:
    # pair p: dup p, odd the rest; two pairs: dup p1 + p2, odd the kicker; trips t:
    # dup 2t, odd all; full house: dup 2t + p, odd t; quads q: dup 3q, odd the kicker.
    # Categories are literals (5 << 26 is _FLUSH): CPython folds them, a name is a lookup.
    dup = ba + bb + bc + bd + be - m1
    if not dup:
        suited = a // 13 == b // 13 == c // 13 == d // 13 == e // 13
        if m1 == (m1 & -m1) * 31:
            top = m1
        elif m1 == _WHEEL:
            top = 15
        elif suited:
            return 5 << 26 | m1  # flush
        else:
            return m1  # high card
        if suited:
            return 8 << 26 | top  # straight flush
        return 4 << 26 | top  # straight
    odd = ba ^ bb ^ bc ^ bd ^ be
    if odd == m1:
        trips = dup >> 1
        return 3 << 26 | trips << 13 | (m1 ^ trips)  # three of a kind
    even = m1 ^ odd
    if dup == even:
        if even & (even - 1):
            return 2 << 26 | even << 13 | odd  # two pairs
        return 1 << 26 | even << 13 | odd  # a pair
    if dup == 3 * even:
        return 7 << 26 | even << 13 | odd  # four of a kind
    return 6 << 26 | odd << 13 | even  # full house


def by_rank(cards):
    return _values(cards, range(13))


def substitute(cards, joker_rank):
    return _values(cards, (joker_rank,), True)[0]


def _values(cards, ranks, hands=False):
    # Per rank, the value of the hand with each Joker replaced by a card it may stand
    # for, or NOT_ALLOWED; with hands, that hand itself (or None) instead.
    plain = []
    jokers = []
    held = [0] * 13  # the suits (bit s) the hand holds of each rank
    for c in cards:
        if c >= RED_JOKER:
            jokers.append(c)
        else:
            plain.append(c)
            held[c % 13] |= 1 << (c // 13)
    flush = plain[0] // 13 if plain else -1  # the suit all plain cards share, or -1
    for c in plain:
        if c // 13 != flush:
            flush = -1
    k = len(plain)
    hand = plain + jokers  # the Jokers' places get their stand-ins, rank by rank
    out = []
    for r in ranks:
        free = 15 & ~held[r]  # the suits of rank r the hand lacks
        if len(jokers) == 1:
            # ok: the suits it may take. The suit can change only a flush, so the
            # flush suit if the Joker may take it.
            ok = free & COLOUR[jokers[0] - RED_JOKER]
            if ok:
                hand[k] = (flush if flush >= 0 and ok >> flush & 1 else LOW[ok]) * 13 + r
        else:
            # Two stand-ins of one rank never share a suit, so any matching will do.
            suits = _place(jokers, 0, free)
            ok = suits is not None
            if ok:
                for i in range(len(suits)):
                    hand[k + i] = suits[i] * 13 + r
        if hands:
            out.append(list(hand) if ok else None)
        else:
            out.append(evaluate(hand) if ok else NOT_ALLOWED)
    return out


def _place(jokers, i, free):
    # Distinct suits for jokers[i:], each in free and in its Joker's colour, or None.
    if i == len(jokers):
        return []
    allowed = COLOUR[jokers[i] - RED_JOKER] & free
    for s in range(4):
        if allowed >> s & 1:
            rest = _place(jokers, i + 1, free & ~(1 << s))
            if rest is not None:
                return [s] + rest
    return None


def category(value):
    return value >> 26


def name(value):
    if value < 0:
        return "Not allowed"
    cat = value >> 26
    hi = value >> 13 & 8191
    lo = value & 8191
    top = 3 if lo == 15 and not hi else highest(hi or lo)  # lo 15: the 5-high straight
    if cat == _STRAIGHT_FLUSH and top == 12:
        return "Royal flush"
    text = _NAMES[cat] + " " + rank_label(top)
    if cat == _TWO_PAIRS:
        return text + " " + rank_label(lowest(hi))
    if cat == _FULL_HOUSE:
        return text + "/" + rank_label(highest(lo))
    return text


# ----- a seat's hands and what an arrangement is worth (JP-6 .. JP-13): what
# the rules (engine/games/jokerpoker.py), the arranger (engine/arrange.py), the
# bots and the table all value hands with, kept below all of them.
#
# Cards are engine.cards ids, the Jokers 52 (red), 53 (black), 54 (red/black);
# a seat's cards are in canonical order (canonical(): Jokers first, then rank
# high to low), each in group 0, 1 or 2: its three hands.
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
    v = evaluate(buf)
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
        return evaluate(buf)
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
# tools/bench/jokerpoker_tables.py makes them from random deals arranged by propose(),
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


class Worths:
    # w[pos * NCLASS + s]: the chance (of F_ONE) that a hand of strength s at
    # position pos beats all k opponents' hands there, with hs cards; worked
    # out when asked (a table of them all would take 9 KB of the board's heap).
    def __init__(self, hs, k):
        self.hs = hs
        self.k = k

    def __getitem__(self, i):
        return chance(CDF[self.hs == 13][i // NCLASS], i % NCLASS, self.k)


WORTHS_ASKED = []  # the Worths asked for so far (one per seat count)


def worths(hs, k):
    for w in WORTHS_ASKED:
        if w.hs == hs and w.k == k:
            return w
    WORTHS_ASKED.append(Worths(hs, k))
    return WORTHS_ASKED[-1]



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
    cdf = CDF[hs == 13]  # as worths() would, without its lookups (best_rank() asks often)
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
