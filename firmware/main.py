# Copied to the board as /main.py: builds the device from /board.json and starts the
# app. All the start-up logic is in firmware/board.py, where the host tests reach it;
# that module is dropped before the app runs, so its heap is the app's. The first
# boot after a deploy checks the modules first (checkfiles.py), as board.py cannot
# report on its own files, nor on a MicroPython too old for them.
import gc
import machine
import os
import sys
import time

try:
    os.stat("manifest.txt")
    import checkfiles  # stops here, said and blinking, if a module is missing or cut short

    del sys.modules["checkfiles"]
except OSError:
    pass  # checked since the deploy
try:
    from firmware import board
except ValueError as e:  # "incompatible .mpy file": built for a newer MicroPython
    from checkfiles import MPY, stop

    stop("its .mpy files need %s (%s)" % (MPY, e), "Flash a newer MicroPython .uf2 (README: Flashing), then make deploy.")

run, display, buttons, buzzer, link = board.start(machine, time)
board = None
del sys.modules["firmware.board"]
delattr(sys.modules["firmware"], "board")
gc.collect()
# Between button polls with the panel off the board sleeps lightly; a match that
# left the heap grown resets softly back to a clean title.
run(display, buttons, time, "/", nap=machine.lightsleep, reset=machine.soft_reset, buzzer=buzzer, link=link)
