# Joker Poker's own figures (issue 9):
#   how good "arrange for me" (engine propose(), the bots' start) is against the
#   best arrangement by exhaustive search over every split (126,126 with 15
#   cards, 36,036 with 13; with two or more Jokers, at each of their 13 ranks)
#   on random deals, by the device's measure: the hands a seat expects to win
#   in a deal, each hand's chance to beat every other seat's at its place by
#   the engine's tables (2 seats: 15 cards; 4 seats: 13). On CPython.
#   Its times on a Pico (arrange for me, Hard's decisions) are measured on the
#   emulated Pico: tools/bench/pico.py.
#   python -m tools.bench.jokerpoker [deals]
import sys

from engine import arrange as R
from engine import poker
from engine.games import jokerpoker as J
from engine.rng import Rng

DEALS = 300  # exhaustive comparisons per seat count


def deal(rng, hand_size):
    deck = bytearray(range(55))
    rng.shuffle(deck)
    return J.canonical(deck[:hand_size])


def proposed_worth(cards, seats):
    groups = J.propose(cards, seats)
    if groups is None:
        return -1
    return poker.worth(J.group_values(cards, groups, J.best_rank(cards, groups, seats), [0, 0, 0]), seats)


def best_worth(cards, seats):
    # The most any split is worth: every first hand (with 15 cards, those
    # holding the first card: the others are the same splits), the rest split
    # every way (R.split); with two or more Jokers, at each rank in turn.
    hand_size = len(cards)
    full = (1 << hand_size) - 1
    best = -1
    for r in range(13) if cards[1] >= J.RED_JOKER else (-1,):
        R.tabulate(cards, r, False, seats - 1)
        w = R.WORTH
        for i in range(R.binom(hand_size, 5)):
            g0 = R.unrank(i, 5, hand_size)
            if hand_size == 15 and not g0 & 1:
                continue
            v = R.split(hand_size, w, g0, full)[0]
            if v > best:
                best = v
    return best


def quality(seats, deals, seed=1):
    # (deals where propose() is as good as the best, mean worth of propose()
    # and of the best in hands won per deal, the worst share of the best).
    rng = Rng(seed)
    same = 0
    got = 0
    top = 0
    worst = 1.0
    for _ in range(deals):
        cards = deal(rng, 15 if seats < 4 else 13)
        a = proposed_worth(cards, seats)
        b = best_worth(cards, seats)
        assert a <= b, (list(cards), a, b)
        same += a == b
        got += a
        top += b
        worst = min(worst, a / b if b > 0 else 1.0)
    return same, got / poker.F_ONE / deals, top / poker.F_ONE / deals, worst


def cpython_lines(deals):
    out = []
    for seats in (2, 4):
        same, got, top, worst = quality(seats, deals)
        out.append("jokerpoker: arrange for me (propose) against exhaustive search, %d seats, %d random deals: "
                   "the best in %d (%.0f%%); hands expected to win a deal %.3f against the best's %.3f (%.1f%%), "
                   "worst deal %.0f%% of the best" % (seats, deals, same, 100.0 * same / deals, got, top,
                                                       100.0 * got / top, 100.0 * worst))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for line in cpython_lines(int(argv[0]) if argv else DEALS):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
