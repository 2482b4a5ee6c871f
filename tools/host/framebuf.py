# MicroPython's `framebuf` for CPython (the simulator and the host tests): the
# project's own canvas, firmware/canvas.py, which is what CircuitPython boards
# draw on and follows framebuf pixel for pixel (host_tests/test_canvas.py checks
# it against the real framebuf under MicroPython). tools/host/__init__.py puts
# this folder on sys.path when no real `framebuf` exists.
from firmware.canvas import MONO_VLSB, FrameBuffer  # noqa: F401
