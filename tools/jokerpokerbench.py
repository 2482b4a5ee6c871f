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
#   after every move) to its answer. Each call's Pico estimate set against
#   the calibration loop of tools/bench.py timed right before and after it
#   (the machine's speed drifts), the median of RUNS rounds, after untimed
#   plans for a few seconds (the port and the host run faster once warm); the
#   bytes each allocates (goals: arrange for me under 2 s, a decision under
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
RUNS = 5  # rounds over the calls timed, each call's median kept (the host's other load apart)
LOOPS = 100000  # the calibration loop's length before and after each call
PICO_LOOP_US = int(bench.PICO_CAL_S * 1000000 * LOOPS // bench.CAL_LOOPS)  # what it takes on a Pico
WARM_US = 3000000  # plans made this long before any is timed: the port and the host run quicker once warm


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


def timed(fn):
    # (microseconds, bytes allocated) of a call of fn, after the scratch
    # modules are dropped as the device does after a move, and the lesser time
    # of the calibration loops (tools/bench.py) run right before and after it.
    registry.forget(J.INFO.scratch + A.SCRATCH)
    gc.collect()
    loop = bench.loop_us(LOOPS)
    before = gc.mem_alloc()
    start = bench.now_us()
    fn()
    took = bench.since_us(start)
    allocated = gc.mem_alloc() - before
    return took, allocated, min(loop, bench.loop_us(LOOPS))


def load_arranger():
    __import__("engine.arrange")


def micropython_steps():
    # A step per timed call, so the port collects garbage between them. This
    # machine's speed drifts and switches (other work, a shared host): each
    # call is timed in RUNS rounds over all of them, set against the loops
    # right around it, and the median of its rounds kept.
    where = bench.runtime_label()
    rng = Rng(3)
    start = bench.now_us()
    while bench.since_us(start) < WARM_US:
        A.plan(J.new_game(rng.below(30000), {}, 2).view(0), 1)
        yield
    for seats in (2, 4):
        rng = Rng(7)
        hs = 15 if seats < 4 else 13
        calls = [("loading engine.arrange", load_arranger)] if seats == 2 else []
        for _ in range(TIMED):
            cards = deal(rng, hs)
            view = J.new_game(rng.below(30000), {}, seats).view(0)
            calls.append(("arrange for me", lambda cards=cards: J.propose(cards, seats)))
            calls.append(("Hard decision", lambda view=view: A.plan(view, 1)))
        got = [[] for _ in calls]  # per call: (Pico microseconds, microseconds, bytes) of each round
        for _ in range(RUNS):
            for i in range(len(calls)):
                took, allocated, loop = timed(calls[i][1])
                got[i].append((took * PICO_LOOP_US // loop, took, allocated))
                yield
        for name in ("Hard decision", "arrange for me", "loading engine.arrange"):
            mid = [sorted(got[i])[RUNS // 2] for i in range(len(calls)) if calls[i][0] == name]
            if not mid:
                continue
            n = len(mid)
            print("jokerpoker: %s, %d seats: Pico estimate mean %.2f s, max %.2f s over %d deals (mean %.0f ms on "
                  "%s); allocates mean %d, max %d bytes"
                  % (name, seats, sum([p for p, _, _ in mid]) / n / 1e6, max([p for p, _, _ in mid]) / 1e6, n,
                     sum([t for _, t, _ in mid]) / n / 1000, where, sum([a for _, _, a in mid]) // n,
                     max([a for _, _, a in mid])))


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
