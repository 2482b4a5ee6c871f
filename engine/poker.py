# Poker hand values for Joker Poker, per seeds/jokerpoker.md (JP-rank, JP-jokers).
#
#   evaluate(cards, joker_rank=-1) -> value
#       cards: 5 or 3 card ids (list, tuple or bytes): 0..51 as in engine.cards,
#       52 red Joker (a heart or diamond), 53 black Joker (a club or spade),
#       54 the red/black Joker (any card). A higher value is a better hand; every
#       value is a small int below 2**30.
#       With joker_rank 0..12 every Joker in the hand stands at that rank, each in
#       a suit of its colour, never as a card the hand already holds and never two
#       as the same card; of the legal suits the one that makes a flush is taken.
#       NOT_ALLOWED (-1) if there is no legal card at that rank for a Joker (e.g.
#       the red Joker at rank r with both red cards of rank r in the hand): the
#       game refuses that arrangement. With joker_rank -1 (default): the best value
#       over all ranks. So two Jokers in one hand (the rules allow one) are
#       well-defined: two different cards of one rank; they can never make a
#       straight or a flush. Without Jokers joker_rank is ignored.
#   by_rank(cards) -> list of 13 values, one per Joker rank (Two .. Ace), for
#       choosing the one rank all of a player's Jokers take (JP-jokers).
#   substitute(cards, joker_rank) -> the hand's cards with each Joker replaced by
#       the card it stands for at that rank (as evaluate picks it), or None.
#   category(value) -> HIGH (0) .. STRAIGHT_FLUSH (8); -1 for NOT_ALLOWED.
#   name(value) -> a label of at most 12 characters: "Pair 10", "Full K/10", ...
#
# A value is category << 26 | hi << 13 | lo, where hi and lo are 13-bit rank masks
# (bit r = rank r). Compared as ints, masks of distinct ranks order by their highest
# rank, then the next and so on, which is the kicker order of JP-rank. hi holds the
# ranks that count first: the pair, both pairs, the trips or quads; lo holds the
# kickers (for a full house: the pair). High card and flush keep all five ranks in
# lo; a straight keeps its mask, the 5-high straight (A2345) the mask 0b1111 so it
# is the lowest. A 3-card hand gets the same encoding with fewer kickers, so it
# compares with a 5-card hand as if its missing cards ranked below a Two (the
# JP-order check of the four-player game's third hand).
#
# Tables: _BIT (56 small ints, on a 32-bit MicroPython 232 bytes) and _COLOUR
# (3 small ints, 20 bytes); no per-call allocation for a hand without Jokers.
from engine.bits import highest, lowest
from engine.cards import rank_label

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


HIGH = const(0)
PAIR = const(1)
TWO_PAIRS = const(2)
TRIPS = const(3)
STRAIGHT = const(4)
FLUSH = const(5)
FULL_HOUSE = const(6)
QUADS = const(7)
STRAIGHT_FLUSH = const(8)
NOT_ALLOWED = const(-1)

RED_JOKER = const(52)
BLACK_JOKER = const(53)
ANY_JOKER = const(54)
_BLANK = const(55)  # fills a 3-card hand up to five: no rank, no suit
_WHEEL = const(0x100F)  # A 5 4 3 2

# Bit 13 marks a Joker, so one OR of the five entries tells whether a hand has one.
_BIT = tuple([1 << (c % 13) for c in range(52)] + [1 << 13] * 3 + [0])
# The suits (bit s, engine.cards order c d h s) each Joker may take.
_COLOUR = (0b0110, 0b1001, 0b1111)

_NAMES = ("High", "Pair", "2 pairs", "Trips", "Str", "Flush", "Full", "Quads", "Str flush")


def evaluate(cards, joker_rank=-1):
    if len(cards) == 5:
        a, b, c, d, e = cards
    else:
        # Two blanks: a 3-card hand can then make no straight (too few ranks) and
        # no flush (the blank's "suit" 55 // 13 matches no card's).
        a, b, c = cards
        d = e = _BLANK
    bit = _BIT
    ba = bit[a]
    bb = bit[b]
    bc = bit[c]
    bd = bit[d]
    be = bit[e]
    m1 = ba | bb | bc | bd | be
    if m1 >> 13:
        return max(_values(cards, range(13) if joker_rank < 0 else (joker_rank,)))
    return _value(m1, ba + bb + bc + bd + be - m1, ba ^ bb ^ bc ^ bd ^ be,
                  a // 13 == b // 13 == c // 13 == d // 13 == e // 13)


def _value(ranks, dup, odd, suited):
    # ranks: the ranks present (mask). Per rank held n times, dup gets (n - 1) * bit
    # and odd the bit if n is odd: pair p: dup p, odd the rest; two pairs: dup
    # p1 + p2, odd the kicker; trips t: dup 2t, odd all; full house: dup 2t + p,
    # odd t; quads q: dup 3q, odd the kicker.
    if not dup:
        if ranks == (ranks & -ranks) * 31:
            top = ranks
        elif ranks == _WHEEL:
            top = 15
        elif suited:
            return FLUSH << 26 | ranks
        else:
            return ranks
        if suited:
            return STRAIGHT_FLUSH << 26 | top
        return STRAIGHT << 26 | top
    if odd == ranks:
        trips = dup >> 1
        return TRIPS << 26 | trips << 13 | (ranks ^ trips)
    even = ranks ^ odd
    if dup == even:
        if even & (even - 1):
            return TWO_PAIRS << 26 | even << 13 | odd
        return PAIR << 26 | even << 13 | odd
    if dup == 3 * even:
        return QUADS << 26 | even << 13 | odd
    return FULL_HOUSE << 26 | odd << 13 | even


def by_rank(cards):
    return _values(cards, range(13))


def substitute(cards, joker_rank):
    plain, jokers, held, flush = _split(cards)
    suits = _place(jokers, 0, 15 & ~held[joker_rank], flush)
    if suits is None:
        return None
    return plain + [s * 13 + joker_rank for s in suits]


def _values(cards, ranks):
    # The plain cards' masks are made once; each rank then adds its stand-ins.
    plain, jokers, held, flush = _split(cards)
    n = len(jokers)
    if not n:
        return [evaluate(cards)] * len(ranks)
    bit = _BIT
    m1 = dup = odd = 0
    for c in plain:
        m1 |= bit[c]
        dup += bit[c]
        odd ^= bit[c]
    if n > 1 or len(cards) != 5:
        flush = -1  # two stand-ins of one rank cannot share a suit; 3 cards: no flush
    lone = _COLOUR[jokers[0] - RED_JOKER]
    out = []
    for r in ranks:
        free = 15 & ~held[r]  # the suits of rank r the hand does not hold
        if n == 1:
            free &= lone
            if not free:
                out.append(NOT_ALLOWED)
                continue
        elif _place(jokers, 0, free, -1) is None:
            out.append(NOT_ALLOWED)
            continue
        b = 1 << r
        m = m1 | b
        suited = flush >= 0 and free >> flush & 1
        out.append(_value(m, dup + n * b - m, odd ^ (b if n & 1 else 0), suited))
    return out


def _split(cards):
    # The plain cards, the Jokers, the suits held of each rank (bit s), and the
    # suit all plain cards share (-1 if they do not).
    plain = []
    jokers = []
    held = [0] * 13
    for c in cards:
        if c >= RED_JOKER:
            jokers.append(c)
        else:
            plain.append(c)
            held[c % 13] |= 1 << (c // 13)
    flush = plain[0] // 13 if plain else -1
    for c in plain:
        if c // 13 != flush:
            flush = -1
    return plain, jokers, held, flush


def _place(jokers, i, free, flush):
    # Distinct suits for jokers[i:], each in free and in its Joker's colour, or
    # None. The flush suit is tried first: a Joker's suit can change only a flush.
    if i == len(jokers):
        return []
    allowed = _COLOUR[jokers[i] - RED_JOKER] & free
    for s in (flush, 0, 1, 2, 3):
        if s >= 0 and allowed >> s & 1:
            rest = _place(jokers, i + 1, free & ~(1 << s), flush)
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
    if cat == STRAIGHT_FLUSH and top == 12:
        return "Royal flush"
    text = _NAMES[cat] + " " + rank_label(top)
    if cat == TWO_PAIRS:
        return text + " " + rank_label(lowest(hi))
    if cat == FULL_HOUSE:
        return text + "/" + rank_label(highest(lo))
    return text
