# The timers the benches share, on CPython and under MicroPython (no f-strings),
# and the calibration loop whose time on a Pico scales a figure measured here.
import sys
import time

CAL_LOOPS = 1000000
CAL_ROUNDS = 6
PICO_CAL_S = 8.0  # seconds the calibration loop takes on a Pico at 125 MHz (only
# wasm.py's CircuitPython estimate still scales by it: the emulated Pico runs MicroPython)


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
