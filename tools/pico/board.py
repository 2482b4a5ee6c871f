# The emulated Pico (tools/pico/pico.mjs: rp2040js running MicroPython's own rp2
# firmware) driven from Python: the board profile's wiring, a built tree put in the
# firmware's filesystem, button presses on the real GPIOs, the panel as the SSD1306
# holds it, the USB serial console, power cuts. Time is emulated: every figure read
# from it is the same on every run and every machine.
import base64
import json
import os
import subprocess
import tempfile

from firmware import board as boards
from firmware.buttons import NAMES
from tools.pico import lfs

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIRMWARE = os.path.join(HERE, "firmware", "RPI_PICO.uf2")
BOOTROM = os.path.join(HERE, "firmware", "rp2040-bootrom-B1.bin")
HOLD_MS = 100  # a press: the pin held low this long (the firmware polls every 30 ms, debounces 15)
GAP_MS = 70  # then released this long, so the release is seen before the next press
QUIET_MS = 1500  # settled: nothing drawn for this long (longer than any pause the app makes itself)
SETTLE_LIMIT_MS = 120000
TRACEBACK = "Traceback (most recent call last)"


class PicoError(Exception):
    pass


def wiring(board):
    # The profile's pins as the emulator wants them (checked as make build checks them).
    prof = boards.load(os.path.join(ROOT, "boards", board + ".json"))
    if prof["runtime"] != "micropython":
        raise PicoError("the emulated Pico runs MicroPython; boards/%s.json is for %s" % (board, prof["runtime"]))
    i2c, disp = prof["i2c"], prof["display"]
    if i2c["soft"]:
        bus = 0  # bit-banged: the block is unused, the pins carry it
    else:
        bus = i2c["id"]
    return {"bus": bus, "sda": i2c["sda"], "scl": i2c["scl"], "address": disp["address"],
            "buttons": dict((NAMES[i], prof["buttons"][k]) for i, k in enumerate(boards.BUTTON_KEYS))}


class Pico:
    def __init__(self, files, board="pico", echo=None):
        # files: {path: bytes} for the filesystem (a built tree, saves...).
        # echo(text): called with what the board prints, as it prints it.
        self.echo = echo
        self.console = ""
        self.last = {}
        fd, self._image = tempfile.mkstemp(prefix="pico-fs-")
        os.close(fd)
        with open(self._image, "wb") as f:
            f.write(lfs.image(files))
        self.proc = subprocess.Popen(["node", os.path.join(HERE, "pico.mjs")], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        req = {"op": "boot", "firmware": FIRMWARE, "bootrom": BOOTROM, "image": self._image}
        req.update(wiring(board))
        self._ask(req)

    def _ask(self, req):
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise PicoError("the emulator quit (%s)" % self.proc.poll())
        got = json.loads(line)
        if "error" in got:
            raise PicoError(got["error"])
        text = base64.b64decode(got["serial"]).decode("utf-8", "replace")
        if text:
            self.console += text
            if self.echo is not None:
                self.echo(text)
        self.last = got
        if got["stopped"]:
            raise PicoError("the emulated Pico stopped: %s" % got["stopped"])
        return got

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()
        if os.path.exists(self._image):
            os.remove(self._image)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- time and buttons

    def ms(self):
        return self.last["ms"]

    def run(self, ms):
        return self._ask({"op": "run", "ms": ms})

    def press(self, name, hold=HOLD_MS, gap=GAP_MS):
        self._ask({"op": "press", "button": name, "hold": hold})
        return self.run(gap)

    def settle(self, quiet=QUIET_MS, limit=SETTLE_LIMIT_MS):
        # Runs until nothing is about to change by itself (a bot thinking keeps the
        # CPU busy; its pause before moving draws nothing for less than `quiet`).
        if not self._ask({"op": "settle", "quiet": quiet, "limit": limit})["settled"]:
            raise PicoError("the board did not settle within %d ms" % limit)

    def power_cut(self):
        self._ask({"op": "power"})

    def send(self, data):
        return self._ask({"op": "send", "data": base64.b64encode(data).decode()})

    # --- what the board shows and holds

    def panel(self):
        return self._ask({"op": "panel"})["panel"]

    def files(self):
        fd, path = tempfile.mkstemp(prefix="pico-fs-")
        os.close(fd)
        try:
            self._ask({"op": "fs", "path": path})
            with open(path, "rb") as f:
                return lfs.files(f.read())
        finally:
            os.remove(path)

    def failure(self):
        # What went wrong on the console (a traceback, a MemoryError), or None.
        for mark in (TRACEBACK, "MemoryError"):
            at = self.console.find(mark)
            if at >= 0:
                return self.console[at:at + 2000]
        return None


def glass(state):
    # What a viewer sees, 64 rows of 128 ints: the RAM turned as the panel's remaps
    # say (the usual module is upright with segment remap and COM scan both flipped),
    # dark while off, every pixel under "entire display on", inverted under "inverse".
    ram = bytes.fromhex(state["ram"])
    if not state["on"]:
        return [[0] * 128 for _ in range(64)]
    px = [[(ram[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]
    if not state["upright"]:
        px = [row[::-1] for row in px[::-1]]
    if state["allOn"]:
        return [[1] * 128 for _ in range(64)]
    if state["inverted"]:
        return [[1 - v for v in row] for row in px]
    return px
