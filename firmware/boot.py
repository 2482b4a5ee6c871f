# Copied to a CircuitPython board as /boot.py, which runs once at power-up before
# USB starts. CircuitPython lets code write its drive only when this says so, and
# then the computer may not: so unless button B is held, the drive becomes the
# game's (saves and settings work; the computer sees it read-only). Held B leaves
# it to the computer (make deploy needs that); the game then says saving is off.
import board
import digitalio
import json
import storage

held = True
try:
    with open("/board.json") as f:
        b = json.load(f)["buttons"]["b"]
    io = digitalio.DigitalInOut(getattr(board, "GP%d" % b if isinstance(b, int) else b))
    io.switch_to_input(digitalio.Pull.UP)
    held = not io.value
    io.deinit()
except Exception as e:  # no profile yet: the drive stays the computer's
    print("boot.py:", e)
if not held:
    storage.remount("/", readonly=False)
