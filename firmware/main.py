# Copied to the board as /main.py: builds the device from /board.json and starts the
# app. All the start-up logic is in firmware/board.py, where the host tests reach it;
# that module is dropped before the app runs, so its heap is the app's.
import gc
import machine
import sys
import time

from firmware import board

run, display, buttons, buzzer, link = board.start(machine, time)
board = None
del sys.modules["firmware.board"]
delattr(sys.modules["firmware"], "board")
gc.collect()
# Between button polls with the panel off the board sleeps lightly; a match that
# left the heap grown resets softly back to a clean title.
run(display, buttons, time, "/", nap=machine.lightsleep, reset=machine.soft_reset, buzzer=buzzer, link=link)
