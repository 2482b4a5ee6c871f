# The CircuitPython build on CPython with the real Adafruit libraries: displayio
# (adafruit-blinka-displayio) and adafruit_displayio_ssd1306 drive a recording
# I2C bus (busio.I2C's interface: a lock, writeto(buffer=...)) whose bytes an
# SSD1306 decoder turns back into panel RAM. The app boots into the title and
# plays a few moves of every game; after every frame the panel holds the same
# pixels as the MicroPython driver's panel does for the same presses. Only the
# pieces a board provides (board's pins, supervisor's ticks, digitalio, busio)
# are stand-ins here.
import json
import os
import sys
import types

import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import registry
from firmware import board as boards
from firmware import play
from firmware.app import App
from firmware.buttons import A, B, DOWN, NAMES, RIGHT, Buttons
from firmware.tables import playable
from firmware.ssd1306 import SSD1306
from tools.host.devices import BusioI2C, FakeClock, FakeI2C, FakePin

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROFILE = os.path.join(ROOT, "boards", "pico-circuitpython.json")
SEED = 17


class DigitalInOut:
    # digitalio.DigitalInOut over a FakePin: value is a property here.
    def __init__(self, pin):
        self.pin = pin

    def switch_to_input(self, pull=None):
        self.pin.init(FakePin.IN, FakePin.PULL_UP)

    def switch_to_output(self, value=False):
        self.pin.init(FakePin.OUT, value=value)

    @property
    def value(self):
        return bool(self.pin.value())

    @value.setter
    def value(self, v):
        self.pin.value(v)


class BusioUART:
    # busio.UART: in_waiting rather than any(); bytes written come back (a loopback plug).
    def __init__(self, tx, rx, baudrate=9600, timeout=1, receiver_buffer_size=64):
        if tx is rx:
            raise ValueError("Invalid pins")
        self.args = (tx, rx, baudrate, timeout, receiver_buffer_size)
        self.came = b""

    @property
    def in_waiting(self):
        return len(self.came)

    def read(self, n):
        got, self.came = self.came[:n], self.came[n:]
        return got or None

    def write(self, buf):
        self.came += bytes(buf)
        return len(buf)


@pytest.fixture
def circuitpy(monkeypatch):
    # firmware.circuitpy with the board's own modules stood in for.
    pins = types.ModuleType("board")
    for n in range(30):
        setattr(pins, "GP%d" % n, FakePin(n))
    pins.LED = FakePin(25)
    ticks = types.ModuleType("supervisor")
    ticks.now = 0
    ticks.ticks_ms = lambda: ticks.now
    dio = types.ModuleType("digitalio")
    dio.DigitalInOut = DigitalInOut
    dio.Pull = types.SimpleNamespace(UP=1)
    bus = types.ModuleType("busio")
    bus.I2C = lambda scl, sda, frequency=400000: BusioI2C(freq=frequency)
    bus.UART = BusioUART
    import adafruit_displayio_ssd1306  # noqa: F401  (the real displayio, on Blinka's own busio)

    for name, mod in (("board", pins), ("supervisor", ticks), ("digitalio", dio), ("busio", bus)):
        monkeypatch.setitem(sys.modules, name, mod)
    registry.forget(["firmware.circuitpy"])  # imported again, on these stand-ins
    from firmware import circuitpy as cp

    yield cp
    import displayio

    displayio.release_displays()
    registry.forget(["firmware.circuitpy"])


def rigs(cp, tmp_path):
    # The same app twice: on the CircuitPython display and on the MicroPython driver.
    profile = boards.load(PROFILE)
    out = []
    for kind in ("circuitpython", "micropython"):
        clock = FakeClock()
        if kind == "circuitpython":
            bus = BusioI2C()
            display = cp.make_display(profile, bus)
        else:
            bus = FakeI2C()
            display = SSD1306(bus)
        pins = tuple([FakePin(value=1) for _ in NAMES])
        root = str(tmp_path / kind)
        os.makedirs(root)
        app = App(display, Buttons(pins, clock), clock, root, os.path.join(ROOT, "seeds"), SEED)
        out.append((app, bus, clock))
    return out


def step(pair, b=None):
    for app, bus, clock in pair:
        if b is not None:
            app.buttons.inject(b)
        app.step()
        clock.advance(30)
    (cp_app, cp_bus, _), (mp_app, mp_bus, _) = pair
    assert type(cp_app.stack[-1]) is type(mp_app.stack[-1])
    assert not cp_bus.panel.errors, cp_bus.panel.errors
    assert cp_bus.panel.ram == mp_bus.panel.ram == mp_app.display.buf, "the panels differ"


def test_boot_and_every_game_draw_the_same_pixels(circuitpy, tmp_path):
    pair = rigs(circuitpy, tmp_path)
    step(pair)
    cp_app = pair[0][0]
    assert type(cp_app.stack[-1]).__name__ == "Title" and any(pair[0][1].panel.ram)
    assert pair[0][1].panel.on and pair[0][1].panel.charge_pump  # adafruit_displayio_ssd1306 set it up
    moves = {}
    for gid in playable():
        while cp_app.stack[-1].items[cp_app.stack[-1].cur] != registry.title(gid):
            step(pair, DOWN)
        step(pair, A)
        assert type(cp_app.stack[-1]).__name__ == "Setup"
        step(pair, A)  # it opens on Start
        game = cp_app.stack[0]  # under a hand-off with two people (Georgian Joker)
        assert isinstance(game, play.GameScreen)
        for _ in range(300):
            if len(game.match.moves) >= 4:
                break
            top = cp_app.stack[-1]
            if top is game and not game.bot and game.end == play.NONE and not game.table.holding():
                step(pair, RIGHT)
                step(pair, A)
            elif top is game and game.table.holding():
                step(pair, A)
            elif top is not game:
                step(pair, A)  # a hand-off or a round's end
            else:
                step(pair)
        moves[gid] = len(game.match.moves)
        assert pair[1][0].match.moves == game.match.moves
        for _ in range(40):  # (a hand-off or an end screen takes keys half a second after it came)
            if not cp_app.stack[-1].busy() or cp_app.stack[-1] is game:
                break
            step(pair)
        step(pair, B)
        while cp_app.stack[-1].items[cp_app.stack[-1].cur] != "Quit match":
            step(pair, DOWN)
        step(pair, A)
        step(pair, A)
        assert type(cp_app.stack[-1]).__name__ == "Title"
    assert set(moves) == set(playable()) and min(moves.values()) >= 4
    assert pair[0][0].display.pixel_writes > 1000  # the pixels went through the bitmap


def test_contrast_power_and_turn_reach_the_panel(circuitpy, tmp_path):
    (cp_app, cp_bus, _), (mp_app, mp_bus, _) = pair = rigs(circuitpy, tmp_path)
    step(pair)
    for app in (cp_app, mp_app):
        app.display.contrast(0x20)
    assert cp_bus.panel.contrast == mp_bus.panel.contrast == 0x20
    for app in (cp_app, mp_app):
        app.display.power(False)
    assert not cp_bus.panel.on and not mp_bus.panel.on
    for app in (cp_app, mp_app):
        app.display.power(True)
        app.display.turn(True)
        app.buttons.inject(DOWN)
        app.step()
    # displayio turns the picture itself; our driver has the panel scan the other way.
    ram = cp_bus.panel.ram
    for y in (0, 9, 33, 63):
        for x in (0, 5, 64, 127):
            want = mp_app.display.buf[(y >> 3) * 128 + x] >> (y & 7) & 1
            got = ram[((63 - y) >> 3) * 128 + 127 - x] >> ((63 - y) & 7) & 1
            assert got == want, (x, y)
    assert not mp_bus.panel.seg_remap and not mp_bus.panel.com_reversed


def test_buttons_clock_and_led_from_the_profile(circuitpy):
    cp = circuitpy
    profile = boards.load(PROFILE)
    clock = cp.Clock()
    ticks = sys.modules["supervisor"]
    ticks.now = (1 << 29) - 10
    t = clock.ticks_ms()
    ticks.now = 20  # CircuitPython's ticks wrapped at 2**29
    assert clock.ticks_diff(clock.ticks_ms(), t) == 30 and clock.ticks_add(t, 30) == 20
    btn = cp.make_buttons(profile, clock)
    gp = sys.modules["board"]
    assert gp.GP10.mode == FakePin.IN and gp.GP10.pull == FakePin.PULL_UP
    gp.GP14.value(0)  # A pressed
    for _ in range(6):
        ticks.now += 5
        btn.poll()
    assert btn.get() == A
    led = cp.make_led(profile)
    led.value(1)
    assert gp.LED.history == [0, 1]
    with pytest.raises(boards.BoardError) as e:
        cp.pin("NOPE")
    assert "no pin NOPE" in str(e.value) and "GP4" in str(e.value)


def test_link_port_through_busio(circuitpy):
    # Issue 26: the link cable on CircuitPython is busio.UART, seen through the port
    # interface the app uses (any, read, write).
    with open(PROFILE) as f:
        data = json.load(f)
    assert circuitpy.link_port(boards.validate(data)) is None
    data["link"] = {"tx": "GP0", "rx": 1, "baud": 57600}
    port = circuitpy.link_port(boards.validate(data))
    gp = sys.modules["board"]
    assert port.uart.args == (gp.GP0, gp.GP1, 57600, 0, boards.LINK_RXBUF)
    assert port.any() == 0 and port.read(4) is None
    assert port.write(b"\x07\x08") == 2 and port.any() == 2 and port.read(4) == b"\x07\x08"
    data["link"] = {"tx": 0, "rx": "GP0"}
    said = []
    assert circuitpy.link_port(boards.validate(data), said.append) is None
    assert "without link play" in said[0] and "Invalid pins" in said[0], said


def test_profiles_say_which_runtime(tmp_path):
    cpy = boards.load(PROFILE)
    assert cpy["runtime"] == "circuitpython" and cpy["i2c"]["sda"] == 4
    assert boards.load(os.path.join(ROOT, "boards", "pico.json"))["runtime"] == "micropython"
    with open(PROFILE) as f:
        data = json.load(f)

    def bad(change, *words):
        d = json.loads(json.dumps(data))
        change(d)
        with pytest.raises(boards.BoardError) as e:
            boards.validate(d)
        for w in words:
            assert w in str(e.value), (w, str(e.value))

    bad(lambda d: d.update(runtime="cpython"), "runtime", '"micropython" or "circuitpython"')
    bad(lambda d: d["buttons"].update(a="GP 14"), "buttons.a", "pin name")
    bad(lambda d: d["i2c"].update(soft=True), "i2c.soft", "hardware busio.I2C")
    named = json.loads(json.dumps(data))
    named["buttons"]["a"] = "BUTTON_A"  # a CircuitPython board's own pin name
    assert boards.validate(named)["buttons"]["a"] == "BUTTON_A"
    named["runtime"] = "micropython"
    named["i2c"]["id"] = 0
    with pytest.raises(boards.BoardError) as e:
        boards.validate(named)
    assert '"runtime": "circuitpython"' in str(e.value)
    # A profile for the other runtime is refused at start-up, in words.
    said = []
    from tools.host.devices import FakeMachine

    with pytest.raises(SystemExit):
        boards.start(FakeMachine(), FakeClock(), PROFILE, cycles=1, say=said.append)
    assert "profile for circuitpython, but this board runs micropython" in said[0]


def test_code_py_starts_the_board_through_the_seam(circuitpy):
    # code.py hands firmware/circuitpy.py to board.start (the devices floor has no
    # circle: the seam imports board, never the other way round).
    run, display, buttons, buzzer, link = boards.start(None, circuitpy.Clock(), PROFILE, devices=circuitpy)
    assert isinstance(display, circuitpy.Panel) and isinstance(buttons, Buttons) and buzzer is None and link is None
    assert run.__module__ == "firmware.app"
    said = []
    with pytest.raises(SystemExit):
        boards.start(None, FakeClock(), os.path.join(ROOT, "boards", "pico.json"), cycles=1,
                     say=said.append, devices=circuitpy)
    assert "profile for micropython, but this board runs circuitpython" in said[0]
