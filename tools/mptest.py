# The engine tests under MicroPython: imports every host_tests/test_*.py whose first
# line is "# runs-on: micropython", calls each module-level test_* function, prints
# every failure with its traceback and ends with "micropython: N passed, N failed".
# Written for MicroPython (run by tools/micropython.py), and it runs on CPython too.
#   python -m tools.micropython --include tools/host -m tools.mptest [test_file.py ...]
# (tools/host: the host stand-ins the firmware tests import)
import os
import sys
import time

MARK = "# runs-on: micropython"
TESTS = "host_tests"


def now_ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.time() * 1000)


def since_ms(start):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_ms(), start)
    return now_ms() - start


def print_exception(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e, sys.stdout)
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stdout)


def test_files(only):
    names = []
    for name in sorted(os.listdir(TESTS)):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        if only and name not in only:
            continue
        with open(TESTS + "/" + name) as f:
            if f.readline().strip() == MARK:
                names.append(name)
    return names


def run_file(name, counts):
    # A generator: yields after each test, adding to counts = [passed, failed].
    modname = TESTS + "." + name[:-3]
    try:
        mod = __import__(modname)
        mod = getattr(mod, name[:-3])
    except Exception as e:
        print("FAIL %s/%s (import)" % (TESTS, name))
        print_exception(e)
        counts[1] += 1
        return
    for attr in sorted(dir(mod)):
        fn = getattr(mod, attr)
        if not attr.startswith("test_") or not callable(fn):
            continue
        try:
            fn()
            counts[0] += 1
        except Exception as e:
            counts[1] += 1
            print("FAIL %s/%s::%s" % (TESTS, name, attr))
            print_exception(e)
        yield


def steps(argv=None):
    # One step per test, so the WebAssembly port can collect garbage between tests
    # (tools/mprun.mjs runs each step as a call of its own).
    only = sys.argv[1:] if argv is None else argv
    files = test_files(only)
    if only and len(files) != len(only):
        print("mptest: not found or not marked %r: %r" % (MARK, [n for n in only if n not in files]))
        raise SystemExit(2)
    total = [0, 0]
    for name in files:
        counts = [0, 0]
        start = now_ms()
        for _ in run_file(name, counts):
            yield
        print("%s/%s  %d ok, %d failing  (%d ms)" % (TESTS, name, counts[0], counts[1], since_ms(start)))
        total[0] += counts[0]
        total[1] += counts[1]
    print("%s: %d passed, %d failed" % (sys.implementation.name, total[0], total[1]))
    if total[1] or not total[0]:
        raise SystemExit(1)


def main(argv=None):
    for _ in steps(argv):
        pass


if __name__ == "__main__":
    main()
