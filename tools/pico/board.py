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
    return {"bus": bus, "sda": i2c["sda"], "scl": i2c["scl"], "address": disp["address"], "link": prof["link"],
            "buttons": dict((NAMES[i], prof["buttons"][k]) for i, k in enumerate(boards.BUTTON_KEYS))}


class Pico:
    def __init__(self, files, board="pico", echo=None, display=True, host=None):
        # files: {path: bytes} for the filesystem (a built tree, saves...).
        # echo(text): called with what the board prints, as it prints it.
        # display: False, no panel on the bus (nothing answers at its address).
        # host: a Pico whose emulator this board joins (one clock for both: see ring()).
        self.echo = echo
        self.sink = None  # sink(bytes): the serial output as it comes, for a bridge to a tty
        self.console = ""
        self.last = {}
        fd, self._image = tempfile.mkstemp(prefix="pico-fs-")
        os.close(fd)
        self._write_image(files)
        if host is None:
            self.index = 0
            self.proc = subprocess.Popen(["node", os.path.join(HERE, "pico.mjs")], cwd=ROOT, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True)
        else:
            self.index = host.boards
            self.proc = host.proc
        self.boards = 1  # how many boards this one's emulator holds (the first's count)
        self.wiring = wiring(board)
        req = {"op": "boot", "firmware": FIRMWARE, "bootrom": BOOTROM, "image": self._image}
        req.update(self.wiring)
        if not display:
            req["address"] = None
        self._ask(req)
        if host is not None:
            host.boards += 1

    def _write_image(self, files):
        with open(self._image, "wb") as f:
            f.write(lfs.image(files))

    def _ask(self, req):
        req["board"] = self.index
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise PicoError("the emulator quit (%s)" % self.proc.poll())
        got = json.loads(line)
        if "error" in got:
            raise PicoError(got["error"])
        raw = base64.b64decode(got["serial"])
        if raw and self.sink is not None:
            self.sink(raw)
        text = raw.decode("utf-8", "replace")
        if text:
            self.console += text
            if self.echo is not None:
                self.echo(text)
        self.last = got
        if got["stopped"]:
            raise PicoError("the emulated Pico stopped: %s" % got["stopped"])
        return got

    def close(self):
        if self.index == 0 and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()
        if os.path.exists(self._image):
            os.remove(self._image)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- time and buttons

    def emulated_ms(self):
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

    def await_frame(self, want, quiet=300, limit=SETTLE_LIMIT_MS):
        # Runs until the glass shows `want` (bytes as tools/host/devices.py's panel
        # shows them) and keeps it `quiet` ms with the CPU mostly asleep. -> bool
        return self._ask({"op": "await", "want": want.hex(), "quiet": quiet, "limit": limit})["settled"]

    def shown(self):
        # The glass as tools/host/devices.py's panel gives it (RAM bytes).
        st = self.panel()
        if not st["on"]:
            return bytes(1024)
        if st["allOn"]:
            return b"\xff" * 1024
        ram = bytes.fromhex(st["ram"])
        return bytes([b ^ 0xFF for b in ram]) if st["inverted"] else ram

    def power_cut(self, files=None):
        # The board starts again on its flash, or, given files ({path: bytes}),
        # with its filesystem holding just those (written while it was off).
        req = {"op": "power"}
        if files is not None:
            self._write_image(files)
            req["image"] = self._image
        self._ask(req)

    def watch(self, gpio):
        # From now on the pin's output level is recorded (levels()).
        self._ask({"op": "watch", "gpio": gpio})

    def levels(self, gpio):
        # -> [(ms, 1 driven high or 0 not), ...] since watch(gpio): its level
        # then, and each change after.
        return [tuple(x) for x in self._ask({"op": "levels", "gpio": gpio})["levels"]]

    def trace(self):
        # The board's activity since the last call (none before the first):
        # [[kind, from ms, to ms, bytes], ...], kind "flash" (erasing or
        # programming), "tx" (sending on the link, its bytes) or "i2c" (drawing).
        return self._ask({"op": "trace"})["trace"]

    def send(self, data):
        return self._ask({"op": "send", "data": base64.b64encode(data).decode()})

    def bridge(self, fd, proc, slice_ms=5, after_ms=1000):
        # The board's USB serial port on a pty whose master is fd, while proc (e.g.
        # mpremote on the pty's other end) runs: what proc writes is typed into the
        # port, what the board prints goes back. The board runs on `after_ms` past
        # proc's end with what proc left unread. -> proc's exit status
        import select

        def pump():
            while select.select([fd], [], [], 0)[0]:
                try:
                    data = os.read(fd, 4096)
                except OSError:  # the other end closed
                    return
                self.send(data)

        self.sink = lambda data: os.write(fd, data)
        try:
            while proc.poll() is None:
                pump()
                self.run(slice_ms)
            pump()
            self.run(after_ms)
        finally:
            self.sink = None
        return proc.returncode

    def exec(self, code, fresh=True, limit_ms=3600000, slice_ms=200):
        # Runs code through the raw REPL, as mpremote does: Ctrl-C stops main.py,
        # Ctrl-A enters the raw REPL, a Ctrl-D there soft-resets the board (fresh:
        # a heap without main.py's objects), the code goes with Ctrl-D.
        # -> (output, error)
        return self.exec_end(self.exec_start(code, fresh, limit_ms, slice_ms), limit_ms, slice_ms)

    def _until(self, mark, start, limit_ms, slice_ms):
        end = self.emulated_ms() + limit_ms
        while self.console.find(mark, start) < 0:
            if self.emulated_ms() > end:
                raise PicoError("no %r from the board within %d ms:\n%s" % (mark, limit_ms, self.console[-2000:]))
            self.run(slice_ms)
        return self.console.find(mark, start) + len(mark)

    def exec_start(self, code, fresh=True, limit_ms=3600000, slice_ms=200):
        # exec's first half: the code sent and started (other boards of the same
        # emulator run meanwhile). -> where its output starts, for exec_end
        at = len(self.console)
        self.send(b"\r\x03\x03\x01")
        at = self._until("raw REPL; CTRL-B to exit\r\n>", at, limit_ms, slice_ms)
        if fresh:
            self.send(b"\x04")
            at = self._until("soft reboot", at, limit_ms, slice_ms)
            at = self._until("raw REPL; CTRL-B to exit\r\n>", at, limit_ms, slice_ms)
        self.send(code.encode() + b"\x04")
        return self._until("OK", at, limit_ms, slice_ms)

    def exec_end(self, at, limit_ms=3600000, slice_ms=200):
        # exec's second half: runs until the code ends. -> (output, error)
        out_end = self._until("\x04", at, limit_ms, slice_ms)
        err_end = self._until("\x04", out_end, limit_ms, slice_ms)
        self._until(">", err_end, limit_ms, slice_ms)
        self.send(b"\x02")  # back to the friendly REPL
        return self.console[at:out_end - 1].replace("\r\n", "\n"), self.console[out_end:err_end - 1]

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

    def failure(self, start=0):
        # What went wrong on the console (from `start` on), or None: a traceback
        # (but the KeyboardInterrupt of a Ctrl-C typed in, as mpremote does), a MemoryError.
        text = self.console[start:]
        at = text.find(TRACEBACK)
        while at >= 0:
            lines = text[at:].splitlines()[1:]
            while lines and lines[0][:1].isspace():
                lines.pop(0)
            if not lines or not lines[0].startswith("KeyboardInterrupt"):
                return text[at:at + 2000]
            at = text.find(TRACEBACK, at + 1)
        at = text.find("MemoryError")
        return text[at:at + 2000] if at >= 0 else None


def ring(files, board="pico-link", echo=None):
    # Two to four emulated Picos in one emulator, their link cables a ring as the
    # README wires it: each board's TX to the next one's RX (two boards: the
    # crossed pair). files: one {path: bytes} per board; echo(k, text): board k's
    # console. -> [Pico, ...]; closing the first ends them all.
    def echoes(k):
        return None if echo is None else lambda text: echo(k, text)

    picos = [Pico(files[0], board, echoes(0))]
    for k in range(1, len(files)):
        picos.append(Pico(files[k], board, echoes(k), host=picos[0]))
    link = picos[0].wiring["link"]
    if link is None:
        raise PicoError("boards/%s.json names no link" % board)
    for k, pico in enumerate(picos):
        pico._ask({"op": "link", "to": (k + 1) % len(picos), "uart": link["uart"], "tx": link["tx"], "rx": link["rx"]})
    return picos


def late_save(gid, options, seats, seed, left):
    # A save file's bytes: a match of Easy bots' moves (any legal moves make a
    # match) with `left` moves to go, saved for the given seats (-1: a person).
    # -> (bytes, moves made)
    from engine import play, registry
    from firmware import saves

    _, moves = play.play_match(gid, seed, options, [0] * len(seats))
    rec = {"game": gid, "options": registry.load(gid).INFO.setup(options, len(seats)), "seed": seed,
           "seats": seats, "moves": moves[:-left]}
    return saves.encode(rec), len(moves) - left


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
