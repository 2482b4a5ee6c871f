# Makes engine/games/jokerpoker.py's CDF tables: how strong a typical
# opponent's hands are at each position. Random deals are arranged by the
# engine's own propose(), their hands' classes counted per position, and the
# counts become the tables the next round arranges with; a few rounds settle.
#   python -m tools.bench.jokerpoker_tables [deals] [rounds]
# prints the CDF literal to paste into the engine (engine/ai/jokerpoker.py's
# tables come from tools/bench/jokerpoker_calib.py).
import sys

from engine import poker
from engine.games import jokerpoker as J
from engine.rng import Rng

DEALS = 4000
ROUNDS = 4


def dealt_hands(rng, hand_size, seats, vals):
    # A random deal's hands arranged by propose(): vals gets their values,
    # -> the groups in the device's order (positions()).
    deck = bytearray(range(55))
    rng.shuffle(deck)
    cards = J.canonical(deck[:hand_size])
    groups = J.propose(cards, seats)
    J.group_values(cards, groups, J.best_rank(cards, groups, seats), vals)
    return J.positions(vals, hand_size)


def counts(hand_size, seats, deals, seed):
    # Per position, how many hands of each class (category * 13 + first rank).
    rng = Rng(seed)
    out = [[0] * 117 for _ in range(3)]
    vals = [0, 0, 0]
    for _ in range(deals):
        for pos, g in enumerate(dealt_hands(rng, hand_size, seats, vals)):
            out[pos][poker.strength(vals[g]) // 13] += 1
    return out


def cdf(row, deals):
    out = []
    below = 0
    for b in range(117):
        out.append((255 * below + deals // 2) // deals)
        below += row[b]
    return bytes(out + [255])


def main(argv):
    deals = int(argv[0]) if argv else DEALS
    rounds = int(argv[1]) if len(argv) > 1 else ROUNDS
    tables = list(poker.CDF)
    for r in range(rounds):
        for t, (hand_size, seats) in enumerate(((15, 2), (13, 4))):
            c = counts(hand_size, seats, deals, 1000 * r + t)
            tables[t] = tuple([cdf(row, deals) for row in c])
        poker.CDF = tuple(tables)
        print("round %d done" % (r + 1), file=sys.stderr)
    print("CDF = (")
    for t in tables:
        print("    (")
        for row in t:
            print(literal(row, " " * 8) + ",")
        print("    ),")
    print(")")


def literal(row, indent):
    # A bytes literal of \x escapes, 20 bytes a line (the engine keeps no tuple
    # of ints to make it from: see CDF).
    return "\n".join([indent + 'b"' + "".join(["\\x%02x" % b for b in row[i:i + 20]]) + '"'
                      for i in range(0, len(row), 20)])


if __name__ == "__main__":
    main(sys.argv[1:])
