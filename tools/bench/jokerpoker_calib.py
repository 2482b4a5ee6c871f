# Makes engine/ai/jokerpoker_plan.py's CAL and AHEAD: how often a hand really wins
# against the other seats' hands arranged by propose() (as Easy plays), by the
# chance the engine's tables give it, its place and the Jokers its seat holds
# (0, 1, 2 or more: the others hold the rest). The tables take every opponent
# as a typical one, which is far off for some places (with four seats the
# 3-card hand wins about half as often as they say). A tie counts half (the
# seat takes back its own bet). Each row is made monotone (pooling neighbours
# that fall) and written in units of 4 thousandths.
#   python -m tools.bench.jokerpoker_calib [deals per seat count]
import sys

from engine import poker
from engine.ai import jokerpoker_plan as P
from engine.games import jokerpoker as J
from engine.rng import Rng

DEALS = 8000


def deal_chances(rng, seats, w):
    # One random deal arranged by propose(): per seat (Jokers held, the tables'
    # chances of hands 1-3, their values).
    hs = 15 if seats < 4 else 13
    deck = bytearray(range(55))
    rng.shuffle(deck)
    out = []
    for q in range(seats):
        cards = J.canonical(deck[q * hs:(q + 1) * hs])
        g = J.propose(cards, seats) or J.dealt_groups(hs)
        v = J.group_values(cards, g, J.best_rank(cards, g, seats), [0, 0, 0])
        o = J.positions(v, hs)
        vals = [v[o[h]] for h in range(3)]
        chances = [w[h * poker.NCLASS + poker.strength(vals[h])] * 1000 // poker.F_ONE for h in range(3)]
        out.append((P.jokers(cards), chances, vals))
    return out


def monotone(rows):
    # rows: (count, wins) per bucket -> win rates in thousandths, never falling.
    blocks = []  # [count, wins, buckets]
    for n, won in rows:
        blocks.append([n, won, 1])
        while len(blocks) > 1 and blocks[-2][1] * max(blocks[-1][0], 1) > blocks[-1][1] * max(blocks[-2][0], 1):
            last = blocks.pop()
            for i in range(3):
                blocks[-1][i] += last[i]
    out = []
    for n, won, k in blocks:
        out += [(1000 * won // n if n else 0)] * k
    return out


def calibrate(seats, deals, seed=5):
    hs = 15 if seats < 4 else 13
    w = poker.worths(hs, seats - 1)
    rng = Rng(seed)
    count = [[0, 0] for _ in range(9 * P.NB)]  # (hands, wins * 2) per (Jokers, place, bucket)
    seen = []
    for _ in range(deals):
        d = deal_chances(rng, seats, w)
        for h in range(3):
            top = max([x[2][h] for x in d])
            ties = [x[2][h] for x in d].count(top)
            for j, chances, vals in d:
                at = (3 * j + h) * P.NB + min(chances[h] * P.NB // 1000, P.NB - 1)
                count[at][0] += 1
                if vals[h] == top:
                    count[at][1] += 2 if ties == 1 else 1
        seen += [(j, chances) for j, chances, _ in d]
    cal = []
    for k in range(9):
        rows = [(2 * n, won) for n, won in count[k * P.NB:(k + 1) * P.NB]]
        cal += [(r + 2) // 4 for r in monotone(rows)]
    return bytes(cal), seen


def ahead(seats, cal, seen):
    # The mean real chances of a deal's best, middle and worst hand.
    total = [0, 0, 0]
    for j, chances in seen:
        real = sorted([P.real_chance(cal, j, h, chances[h]) for h in range(3)])
        for h in range(3):
            total[h] += real[2 - h]
    return tuple([t // len(seen) for t in total])


def easy_at(seen):
    # How often (thousandths) each hand has the highest, middle and lowest of a
    # seat's chances by the tables: where Easy puts its bets (_assign).
    count = [0] * 9
    for _, chances in seen:
        order = sorted(range(3), key=lambda h: (-chances[h], h))
        for r in range(3):
            count[3 * r + order[r]] += 1
    return tuple([(1000 * c + len(seen) // 2) // len(seen) for c in count])


def main(argv):
    deals = int(argv[0]) if argv else DEALS
    cals = []
    aheads = [(0, 0, 0), (0, 0, 0)]
    ats = []
    for seats in (2, 3, 4):
        cal, seen = calibrate(seats, deals)
        cals.append(cal)
        aheads.append(ahead(seats, cal, seen))
        ats.append(easy_at(seen))
        print("%d seats done" % seats, file=sys.stderr)
    print("AHEAD = %r" % (tuple(aheads),))
    print("EASY_AT = %r" % (tuple(ats),))
    print("CAL = (")  # bytes literals: a tuple of ints would cost the board 2 KB more
    for cal in cals:
        for i in range(0, len(cal), 30):
            print("    %r%s" % (cal[i:i + 30], "," if i + 30 >= len(cal) else ""))
    print(")")


if __name__ == "__main__":
    main(sys.argv[1:])
