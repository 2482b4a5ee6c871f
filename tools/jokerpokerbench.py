# Joker Poker's own figures (issue 9):
#   how good "arrange for me" (engine propose(), the bots' start) is against the
#   best arrangement by exhaustive search over every split (126,126 with 15
#   cards, 36,036 with 13; with two or more Jokers, at each of their 13 ranks)
#   on random deals, by the device's measure: the hands a seat expects to win
#   in a deal, each hand's chance to beat every other seat's at its place by
#   the engine's tables (2 seats: 15 cards; 4 seats: 13). On CPython.
#   "Arrange for me" (propose()) and a Hard bot's decision (the first of its
#   turn, which makes the plan; the others only step towards it) timed under
#   MicroPython with the engine compiled by mpy-cross, each as on the device:
#   from loading the modules it works with (scratch: the device drops them
#   after every move) to its answer. Each call the best of RUNS (the machine's
#   other work only slows it), with the Pico estimate of tools/bench.py (its
#   calibration loop timed again after the calls, the best time kept: the port
#   runs it up to four times faster once warm, a more cautious estimate) and
#   the bytes each allocates (goals: arrange for me under 2 s, a decision under
#   1 s); and loading the arranger (engine.arrange) alone.
#   python -m tools.jokerpokerbench [deals]  (0: only the MicroPython timings)
import gc
import sys

from engine import arrange as R
from engine import registry
from engine.ai import jokerpoker as A
from engine.games import jokerpoker as J
from engine.rng import Rng
from tools import bench

DEALS = 300  # exhaustive comparisons per seat count
TIMED = 40  # deals timed per seat count under MicroPython
RUNS = 5  # each call timed so often, the best kept (the host's other load apart)
WARM = 6  # plans made before any is timed: the port runs code quicker once warm, a Pico does not


def deal(rng, hs):
    deck = bytearray(range(55))
    rng.shuffle(deck)
    return J.canonical(deck[:hs])


def proposed_worth(cards, seats):
    groups = J.propose(cards, seats)
    if groups is None:
        return -1
    return J.worth(J.group_values(cards, groups, J.best_rank(cards, groups, seats), [0, 0, 0]), seats)


def best_worth(cards, seats):
    # The most any split is worth: every first hand (with 15 cards, those
    # holding the first card: the others are the same splits), the rest split
    # every way (R._split); with two or more Jokers, at each rank in turn.
    hs = len(cards)
    full = (1 << hs) - 1
    best = -1
    for r in range(13) if cards[1] >= J.RED_JOKER else (-1,):
        R._table(cards, r, False, seats - 1)
        w = R._W
        for i in range(R._binom(hs, 5)):
            g0 = R._unrank(i, 5, hs)
            if hs == 15 and not g0 & 1:
                continue
            v = R._split(hs, w, g0, full)[0]
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
    return same, got / J.F_ONE / deals, top / J.F_ONE / deals, worst


def cpython_lines(deals):
    out = []
    for seats in (2, 4):
        same, got, top, worst = quality(seats, deals)
        out.append("jokerpoker: arrange for me (propose) against exhaustive search, %d seats, %d random deals: "
                   "the best in %d (%.0f%%); hands expected to win a deal %.3f against the best's %.3f (%.1f%%), "
                   "worst deal %.0f%% of the best" % (seats, deals, same, 100.0 * same / deals, got, top,
                                                       100.0 * got / top, 100.0 * worst))
    return out


def timed(fn, out):
    # Appends (microseconds, bytes allocated) of the quickest of RUNS calls of
    # fn to out, each after the scratch modules are dropped as the device does
    # after a move; a step per call, so the port collects garbage between them.
    best = None
    for _ in range(RUNS):
        registry.forget(J.INFO.scratch + A.SCRATCH)
        gc.collect()
        yield
        before = gc.mem_alloc()
        start = bench.now_us()
        fn()
        t = (bench.since_us(start), gc.mem_alloc() - before)
        best = t if best is None or t[0] < best[0] else best
    out.append(best)


def load_arranger():
    __import__("engine.arrange")


def micropython_steps():
    # A step per timed call, so the port collects garbage between them.
    where = bench.runtime_label()
    cal = bench.calibrate()
    rng = Rng(3)
    for _ in range(WARM):
        A.plan(J.new_game(rng.below(30000), {}, 2).view(0), 1)
        yield
    figures = []  # (name, seats, [(microseconds, bytes)])
    for seats in (2, 4):
        rng = Rng(7)
        hs = 15 if seats < 4 else 13
        runs = {"Hard decision": [], "arrange for me": [], "loading engine.arrange": []}
        for _ in range(TIMED if seats == 2 else 0):
            for ask in timed(load_arranger, runs["loading engine.arrange"]):
                yield ask
        for _ in range(TIMED):
            cards = deal(rng, hs)
            for ask in timed(lambda: J.propose(cards, seats), runs["arrange for me"]):
                yield ask
            state = J.new_game(rng.below(30000), {}, seats)
            view = state.view(0)
            for ask in timed(lambda: A.plan(view, 1), runs["Hard decision"]):
                yield ask
        cal = min(cal, bench.calibrate())  # warmed up: the port runs the loop faster later
        figures += [(name, seats, runs[name]) for name in runs if runs[name]]
    scale = bench.PICO_CAL_S * 1000000 / cal  # the best calibration for all: the most cautious estimate
    print("jokerpoker: calibration, best: %d x `n += 1` took %d ms on %s; a Pico takes about %.1f s (x%.1f)"
          % (bench.CAL_LOOPS, cal // 1000, where, bench.PICO_CAL_S, scale))
    for name, seats, got in figures:
        times = [t for t, _ in got]
        allocs = [a for _, a in got]
        mean = sum(times) / len(times)
        print("jokerpoker: %s, %d seats: mean %.0f ms, max %.0f ms over %d deals on %s; Pico estimate mean "
              "%.2f s, max %.2f s; allocates mean %d, max %d bytes"
              % (name, seats, mean / 1000, max(times) / 1000, len(times), where, mean * scale / 1e6,
                 max(times) * scale / 1e6, sum(allocs) // len(allocs), max(allocs)))


def steps(argv=None):
    if sys.implementation.name == "micropython":
        for ask in micropython_steps():
            yield ask
        return
    argv = sys.argv[1:] if argv is None else argv
    deals = int(argv[0]) if argv else DEALS
    for line in cpython_lines(deals) if deals else ():  # 0: the MicroPython timings only
        print(line)
    from tools import micropython

    raise SystemExit(micropython.run_compiled("tools.jokerpokerbench", ("bench.py", "jokerpokerbench.py")))


def main(argv=None):
    try:
        for _ in steps(argv):
            pass
    except SystemExit as e:
        return e.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
