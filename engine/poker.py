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
from engine.bits import highest, lowest
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
