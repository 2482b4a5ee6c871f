# Poker evaluator figures (engine/poker.py), each line naming its runtime:
#   hands per second over the same 100,000 random 5-card hands with engine.poker and,
#   on CPython in the same run, with the pure-Python treys evaluator (bench only, pinned
#   in requirements.lock; its hands converted before the clock starts), and the ratio;
#   whether the two order all those hands alike; the evaluator's table bytes;
#   hands per second with one Joker (evaluate's best over the 13 ranks);
#   then the same under MicroPython (engine compiled by mpy-cross, as on the board) and
#   the heap the module takes; on a Pico it is timed inside Joker Poker's decisions
#   on the emulated Pico (tools/bench/pico.py).
#   python -m tools.bench.poker       (CPython figures, then itself under MicroPython)
# Runs on both runtimes: no argparse, no f-strings.
import gc
import sys

from engine import bits, cards  # noqa: F401  (loaded first: the heap reading is engine.poker's own)
from engine.rng import Rng
from tools.bench.clock import now_us, runtime_label, since_us

HANDS = 100000
JOKER_HANDS = 10000
SEED = 1
REPEATS = 3  # each rate is the best of this many passes
MICRO = sys.implementation.name == "micropython"


def deal_hands():
    # HANDS random 5-card hands as lists (treys's form), each a partial Fisher-Yates draw.
    rng = Rng(SEED)
    deck = bytearray(range(52))
    out = []
    for _ in range(HANDS):
        for i in range(5):
            j = i + rng.below(52 - i)
            deck[i], deck[j] = deck[j], deck[i]
        out.append(list(deck[:5]))
    return out


def joker_hands(hands):
    # The first JOKER_HANDS hands with a Joker for their last card (red, black, red/black).
    return [hands[i][:4] + [52 + i % 3] for i in range(JOKER_HANDS)]


def rate(one_pass, count):
    # Hands per second: the best of REPEATS timed calls of one_pass() over count hands.
    best = None
    for _ in range(REPEATS):
        start = now_us()
        one_pass()
        took = since_us(start)
        if best is None or took < best:
            best = took
    return count * 1000000.0 / best


def poker_rate(hands):
    from engine.poker import evaluate

    def one_pass():
        for h in hands:
            evaluate(h)

    return rate(one_pass, len(hands))


def table_bytes(poker):
    # The evaluator's tables on a 32-bit MicroPython: a tuple has 8 bytes of header
    # and 4 a slot, a bytes object about 8 of header.
    return 8 + 4 * len(poker.BIT) + 8 + 4 * len(poker.COLOUR) + 8 + len(poker.LOW)


def cpython_lines():
    from treys import Card, Evaluator

    from engine import poker

    hands = deal_hands()
    split = []
    for h in hands:
        ints = [Card.new(cards.RANKS[c % 13] + cards.SUITS[c // 13]) for c in h]
        split.append((ints[:2], ints[2:]))  # treys takes hole cards and a board
    evaluate = Evaluator().evaluate

    def treys_pass():
        for hole, board in split:
            evaluate(hole, board)

    ours = poker_rate(hands)
    theirs = rate(treys_pass, HANDS)
    where = runtime_label()
    print("poker: evaluate %.0f hands/s, treys 0.1.8 %.0f hands/s: x%.2f (%d random 5-card hands on %s)"
          % (ours, theirs, ours / theirs, HANDS, where))
    # treys ranks 1 (best) .. 7462, so the two must order the hands in reverse.
    pairs = sorted(set([(poker.evaluate(h), -evaluate(a, b)) for h, (a, b) in zip(hands, split)]))
    alike = all([p[1] < q[1] for p, q in zip(pairs, pairs[1:])])
    print("poker: engine.poker and treys order all %d hands alike: %s (%d distinct values)"
          % (HANDS, "yes" if alike else "NO", len(pairs)))
    print("poker: evaluate with one Joker (best of 13 ranks) %.0f hands/s on %s"
          % (poker_rate(joker_hands(hands)), where))
    print("poker: tables %d bytes as 32-bit MicroPython objects (no allocation for a hand without Jokers)"
          % table_bytes(poker))
    return 0 if alike else 1


def steps(argv=None):
    # Under MicroPython: the heap reading needs a `gc.collect(); yield` before it.
    gc.collect()
    yield
    before = gc.mem_alloc()
    from engine import poker

    gc.collect()
    yield
    taken = gc.mem_alloc() - before
    where = runtime_label()
    hands = deal_hands()
    yield
    got = poker_rate(hands)
    print("poker: evaluate %.0f hands/s on %s (on a Pico: inside Joker Poker's decisions, tools/bench/pico.py)"
          % (got, where))
    got = poker_rate(joker_hands(hands))
    print("poker: evaluate with one Joker %.0f hands/s on %s" % (got, where))
    print("poker: importing engine.poker (as .mpy) takes %d bytes of heap, tables %d of them on %s"
          % (taken, table_bytes(poker), where))


def run_micropython():
    # The board modules compiled by mpy-cross, with this module and tools.bench as
    # source, run under the WebAssembly port.
    from tools import micropython

    return micropython.run_compiled("tools.bench.poker", ("bench/__init__.py", "bench/clock.py", "bench/poker.py"))


def main():
    if MICRO:
        for _ in steps():
            pass
        return 0
    rc = cpython_lines()
    return run_micropython() or rc


if __name__ == "__main__":
    sys.exit(main())
