# Joker Poker's hand values and what an arrangement is worth (JP-6 .. JP-13):
# what the rules (engine/games/jokerpoker.py), the arranger (engine/arrange.py),
# the bots and the table all value hands with, kept below all of them.
#
# Cards are engine.cards ids, the Jokers 52 (red), 53 (black), 54 (red/black);
# a seat's cards are in canonical order (canonical(): Jokers first, then rank
# high to low), each in group 0, 1 or 2: its three hands.
from engine import const, poker
from engine.bits import POP8
from engine.poker import COLOUR, NOT_ALLOWED, RED_JOKER
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
