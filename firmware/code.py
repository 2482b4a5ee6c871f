# Copied to a CircuitPython board as /code.py: the same start-up as main.py on
# MicroPython, with the devices of firmware/circuitpy.py. firmware/board.py is
# dropped before the app runs, so its heap is the app's.
import gc
import sys

from firmware import board, circuitpy

clock = circuitpy.Clock()
run, display, buttons, buzzer, link = board.start(None, clock, devices=circuitpy)
board = None
del sys.modules["firmware.board"]
delattr(sys.modules["firmware"], "board")
gc.collect()
import supervisor  # noqa: E402

# A match that left the heap grown reloads code.py back to a clean title.
run(display, buttons, clock, "/", reset=supervisor.reload, buzzer=buzzer, link=link)
