# Performance figures for every registered game, each line naming what it measured
# and on which runtime. The device figures come from the emulated Pico
# (tools/pico/bench.py: MicroPython's own rp2 firmware on rp2040js, emulated time):
# bot decisions per level and seat count, "arrange for me", Prediction's odds,
# boot, resume, heap, garbage, I2C bytes, frame rate, idle CPU. Here, on CPython:
#   random playouts per second (one deal played to its end by uniform random moves);
#   bytes of an encoded state, typical and max over a match;
# then the figures of the modules in MORE.
#   python -m tools.bench [--game ID]
import sys
import time

from engine import play, registry
from engine.rng import Rng, seed_bot

CAL_LOOPS = 1000000
CAL_ROUNDS = 6
PICO_CAL_S = 8.0  # seconds the calibration loop takes on a Pico at 125 MHz (only
# platformbench's CircuitPython estimate still scales by it: the emulated Pico runs MicroPython)
PLAYOUT_MS = 1000  # time spent on each playout figure
SEED = 1

# The hook for other parts' figures, run after these: modules whose main() prints
# their lines and returns an exit status. tools.pico.bench: the device figures on
# the emulated Pico; tools.uibench: I2C bytes per move and the UI's heap under the
# WebAssembly port; tools.pokerbench: the poker evaluator's speed (against treys)
# and tables; tools.platformbench: heap soak, CircuitPython frame cost;
# tools.jokerpokerbench: Joker Poker's arrange-for-me against exhaustive search.
MORE = ("tools.pico.bench", "tools.uibench", "tools.pokerbench", "tools.platformbench", "tools.jokerpokerbench")


if sys.implementation.name == "micropython":
    try:
        import js  # the WebAssembly port, whose time.ticks_us() moves in whole milliseconds
    except ImportError:
        js = None
else:
    js = None


def now_us():
    if js is not None:
        return int(js.performance.now() * 1000)
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def since_us(start):
    if js is None and hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), start)
    return now_us() - start


def runtime_label():
    impl = sys.implementation
    version = ".".join([str(v) for v in impl.version[:3]])
    if impl.name == "micropython":
        return "MicroPython %s (WebAssembly port)" % version
    return "CPython %s" % version


_CAL = [0]  # the best calibration time seen in this run


def loop_us(loops):
    # Microseconds for `loops` iterations of `n += 1` (a Pico: PICO_CAL_S for CAL_LOOPS).
    start = now_us()
    n = 0
    for _ in range(loops):
        n += 1
    return since_us(start)


def calibrate():
    # Microseconds for CAL_LOOPS iterations of `n += 1`, the loop the Pico figure is
    # for: the best seen in this run, of CAL_ROUNDS more now. Other work on the
    # machine only slows it down, and the WebAssembly port runs it up to three
    # times faster once the engine has compiled the interpreter's hot code: timed
    # cold, it would make the Pico estimates of the work timed after it too low.
    for _ in range(CAL_ROUNDS):
        took = loop_us(CAL_LOOPS)
        if not _CAL[0] or took < _CAL[0]:
            _CAL[0] = took
    return _CAL[0]


def seats_of(gid):
    return registry.load(gid).INFO.seats[1]


def random_playouts(gid):
    # Deals played to their end by uniform random moves per second.
    game = registry.load(gid)
    options = game.INFO.defaults()
    rng = Rng(SEED)
    done = 0
    start = now_us()
    while done < 3 or since_us(start) < PLAYOUT_MS * 1000:
        state = game.new_game(SEED + done, options, seats_of(gid))
        while not state.deal_over():
            legal = state.legal_moves()
            state.apply(legal[rng.below(len(legal))])
        done += 1
    return done * 1000000.0 / since_us(start)


def match_states(gid, levels):
    # Plays one bot match like engine.play, yielding the state after every move.
    game = registry.load(gid)
    bots = registry.bots(gid)
    state = game.new_game(SEED, {}, len(levels))
    rng = Rng(SEED)
    made = 0
    while not state.is_over():
        seat = state.to_move()
        state.apply(play.bot_move(bots, state, levels[seat], seed_bot(rng, SEED, made)))
        made += 1
        yield state


def encoded_sizes(gid):
    sizes = sorted([len(state.encode()) for state in match_states(gid, [0] * seats_of(gid))])
    return sizes[len(sizes) // 2], sizes[-1]


def cpython_lines(gids):
    where = runtime_label()
    for gid in gids:
        print("%s: random playouts: %.0f deals/s on %s" % (gid, random_playouts(gid), where))
        typical, most = encoded_sizes(gid)
        print("%s: encoded state: typical %d bytes, max %d bytes over a level-0 match (any runtime)"
              % (gid, typical, most))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    gids = registry.ids()
    if len(argv) == 2 and argv[0] == "--game":
        gids = [registry.entry(argv[1])[0]]
    elif argv:
        print("usage: python -m tools.bench [--game ID]", file=sys.stderr)
        return 2
    cpython_lines(gids)
    rc = 0
    if not argv:
        import importlib

        for name in MORE:
            rc = importlib.import_module(name).main() or rc
    return rc


if __name__ == "__main__":
    sys.exit(main())
