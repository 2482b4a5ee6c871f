# Test helpers that work the same under pytest on CPython and under MicroPython
# (tools/mptest.py), so engine tests need no pytest import.


def raises(exc, fn, *args):
    # Calls fn(*args), asserts it raises exc, and returns the message.
    try:
        fn(*args)
    except exc as e:
        return str(e)
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))
