# runs-on: micropython
# Board profiles and start-up: a good profile loads, every kind of mistake gets a
# message naming the key and what was found, a silent display says what to check,
# and main.py's failure path prints and blinks instead of crash-looping.
import json
import sys

import tools.host  # noqa: F401  (CPython: puts the stand-in framebuf on the path)
from firmware import board
from firmware.board import BoardError, DisplayError
from firmware.buttons import UP
from host_tests.check import raises
from tools.host.devices import FakeClock, FakeMachine


def _root():
    parts = __file__.replace("\\", "/").split("/")
    return "/".join(parts[:-2]) or "."


PICO = _root() + "/boards/pico.json"
PICO_LINK = _root() + "/boards/pico-link.json"


def _scratch(name):
    try:
        import tempfile

        return tempfile.mkdtemp() + "/" + name
    except ImportError:  # MicroPython: the wasm port has a /tmp
        return "/tmp/" + name


def pico():
    with open(PICO) as f:
        return json.loads(f.read())


def bad(change, *want):
    # Applies change(profile) to a fresh copy of the Pico profile and checks that the
    # validation message contains every piece of `want`.
    data = pico()
    change(data)
    msg = raises(BoardError, board.validate, data, "board.json")
    assert msg.startswith("board.json"), msg
    for w in want:
        assert w in msg, (w, msg)
    return msg


def setter(path, value):
    def change(data):
        d = data
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return change


def remover(path):
    def change(data):
        d = data
        for k in path[:-1]:
            d = d[k]
        del d[path[-1]]
    return change


class SleepsThenInterrupt(FakeClock):
    # A clock whose sleep is cut short by Ctrl-C after `n` sleeps.
    def __init__(self, n):
        FakeClock.__init__(self)
        self.n = n

    def sleep_ms(self, ms):
        FakeClock.sleep_ms(self, ms)
        self.n -= 1
        if self.n <= 0:
            raise KeyboardInterrupt


def test_pico_profile_loads():
    p = board.load(PICO)
    assert p["name"] == "Raspberry Pi Pico"
    assert p["i2c"] == {"id": 0, "sda": 4, "scl": 5, "freq": 400000, "soft": False}
    assert p["display"]["address"] == 0x3C and p["display"]["flip"] is False
    assert [p["buttons"][k] for k in board.BUTTON_KEYS] == [10, 11, 12, 13, 14, 15]
    assert p["led"] == 25
    assert board.validate(pico()) == p, "validation is idempotent on a good profile"


def test_each_kind_of_bad_profile_gets_its_message():
    bad(setter(("buttons", "up"), 40), "buttons.up", "GPIO number 0..29", "40")
    bad(setter(("buttons", "up"), "GP10"), "buttons.up", '"GP10"')
    bad(setter(("buttons", "a"), True), "buttons.a", "true")
    bad(remover(("buttons", "b")), "missing buttons.b")
    bad(setter(("buttons", "start"), 16), "unknown key buttons.start")
    bad(remover(("display",)), "missing section display")
    bad(setter(("display",), [128, 64]), "display must be an object")
    bad(setter(("butons",), {}), "unknown key butons", "buttons")
    bad(setter(("name",), ""), "name")
    bad(setter(("i2c", "id"), 2), "i2c.id", "0 or 1")
    bad(setter(("i2c", "sda"), 5), "i2c.sda", "SDA pin of I2C0", "GP4")
    bad(setter(("i2c", "scl"), 4), "i2c.scl", "SCL pin of I2C0")
    bad(setter(("i2c", "id"), 1), "i2c.sda", "SDA pin of I2C1", "GP2")
    bad(setter(("i2c", "freq"), 400), "i2c.freq", "400000 is usual")
    bad(setter(("i2c", "soft"), "yes"), "i2c.soft", "true or false")
    bad(setter(("display", "driver"), "sh1106"), "display.driver", '"sh1106"')
    bad(setter(("display", "height"), 32), "display.height", "128x64", "32")
    bad(setter(("display", "address"), "0x3Z"), "display.address", '"0x3Z"')
    bad(setter(("display", "address"), 300), "display.address", "300")
    bad(setter(("display", "flip"), 1), "display.flip", "true or false")
    bad(setter(("buttons", "down"), 10), "buttons.up and buttons.down both use GP10")
    bad(setter(("buttons", "left"), 4), "i2c.sda and buttons.left both use GP4")
    bad(setter(("led",), 14), "buttons.a and led both use GP14")
    bad(setter(("led",), "red"), "led", '"LED" or null')
    bad(setter(("arch",), "arm"), "arch", "armv6m")
    bad(lambda d: d.update({"runtime": "circuitpython"}), "arch", "on MicroPython")
    msg = raises(BoardError, board.validate, [1, 2], "board.json")
    assert "JSON object" in msg


def test_numbers_of_another_type_are_refused():
    # JSON's 128.0 and true equal 128 and 1 in Python: the board took them
    # and then failed in the driver, a blank screen and no blink.
    for path, value in ((("display", "width"), 128.0), (("display", "height"), 64.0), (("i2c", "id"), 0.0),
                        (("i2c", "id"), False), (("i2c", "freq"), 400000.0), (("i2c", "sda"), 4.0),
                        (("buttons", "b"), 15.0), (("display", "address"), 60.0), (("led",), 25.0),
                        (("display", "flip"), 0)):
        key = ".".join(path)
        msg = bad(setter(path, value), key, json.dumps(value))
        assert msg.count("\n") == 0, msg


def test_files_that_are_no_profile():
    path = _scratch("odd.json")
    # (Nested deeper than CPython's recursion limit: MicroPython reads it, a list.)
    for data, words in ((b"\xff\xfe{}", "not UTF-8"), (b"[" * 2000 + b"]" * 2000, "JSON"),
                        (b" " * (board.MAX_BYTES + 1), "larger than"), (b'"pico"', "JSON object"), (b"null", "JSON object"),
                        (b"7", "JSON object"), (b"", "not valid JSON")):
        with open(path, "wb") as f:
            f.write(data)
        msg = raises(BoardError, board.load, path)
        assert msg.startswith(path) and words in msg and "\n" not in msg, msg


def test_profile_variants_that_are_fine():
    for change in (setter(("display", "address"), 61), setter(("display", "address"), "0x3d"),
                   setter(("led",), None), setter(("led",), "LED"), remover(("led",)),
                   remover(("display", "flip")), setter(("i2c", "soft"), True), remover(("arch",))):
        data = pico()
        change(data)
        board.validate(data)
    data = pico()
    data["i2c"].update({"soft": True, "sda": 7, "scl": 6})  # any pins in software
    assert board.validate(data)["i2c"]["sda"] == 7


def test_a_buzzer_is_optional_and_its_pin_checked():
    # Issue 24 (sound): "buzzer": {"pin": N} names a piezo's PWM pin; the Pico
    # profile has none; a pin another part uses, or no pin, is refused.
    assert board.load(PICO)["buzzer"] is None
    data = pico()
    data["buzzer"] = {"pin": 16}
    p = board.validate(data)
    assert p["buzzer"] == {"pin": 16} and board.validate(p) == p
    bad(setter(("buzzer",), {"pin": 40}), "buzzer.pin", "GPIO number 0..29", "40")
    bad(setter(("buzzer",), {"pin": 14}), "buttons.a and buzzer.pin both use GP14")
    bad(setter(("buzzer",), {"pin": 25}), "led and buzzer.pin both use GP25")
    bad(setter(("buzzer",), {"pin": 16, "volume": 3}), "unknown key buzzer.volume")
    bad(setter(("buzzer",), {}), "missing buzzer.pin")
    bad(setter(("buzzer",), 16), "buzzer must be an object")
    m = FakeMachine()
    pwm = board.make_buzzer(p, m)
    assert pwm.pin is m.pins[16] and pwm.duty_u16() == 0  # silent until a tone
    assert board.make_buzzer(board.load(PICO), m) is None


def test_missing_file_and_bad_json():
    msg = raises(BoardError, board.load, "/no/such/dir/board.json")
    assert "not found" in msg and "boards/" in msg
    path = _scratch("board.json")
    with open(path, "w") as f:
        f.write('{"name": "x", "i2c": {"id": 0,}')
    msg = raises(BoardError, board.load, path)
    assert "not valid JSON" in msg and path in msg


def test_display_and_buttons_are_built_from_the_profile():
    m = FakeMachine()
    p = board.load(PICO)
    d = board.make_display(p, m)
    bus = m.buses[0]
    assert d.i2c is bus and d.addr == 0x3C and bus.freq == 400000
    assert bus.panel.on and bus.panel.errors == []
    clock = FakeClock()
    btns = board.make_buttons(p, m, clock)
    for gp in (10, 11, 12, 13, 14, 15):
        pin = m.pins[gp]
        assert pin.mode == pin.IN and pin.pull == pin.PULL_UP
    m.pins[10].value(0)  # UP pressed
    for _ in range(10):
        clock.advance(5)
        btns.poll()
    assert btns.get() == UP
    led = board.make_led(p, m)
    assert led is m.pins[25] and led.mode == led.OUT


def test_silent_display_says_what_to_check():
    p = board.load(PICO)
    msg = raises(DisplayError, board.make_display, p, FakeMachine(i2c_present=()))
    for w in ("0x3C", "I2C0", "GP4", "GP5", "3V3", "swapped"):
        assert w in msg, (w, msg)
    msg = raises(DisplayError, board.make_display, p, FakeMachine(i2c_present=(0x3D,)))
    assert '"address": "0x3D"' in msg, msg


def test_error_path_prints_and_blinks_its_code():
    cases = (
        # (machine, profile path, app, blinks, words in the message)
        (FakeMachine(), "/no/such/board.json", "firmware.app", 2, ("board profile", "not found")),
        (FakeMachine(i2c_present=()), PICO, "firmware.app", 3, ("display", "0x3C")),
        (FakeMachine(), PICO, "firmware.no_such_app", 4, ("firmware file is missing", "make deploy")),
    )
    for machine, path, app, blinks, words in cases:
        clock = FakeClock()
        said = []
        raises(SystemExit, board.start, machine, clock, path, app, 6, said.append)
        assert len(said) == 2, "said at the start and again later"
        for w in words + ("Ctrl-C", "blinks %d times" % blinks):
            assert w in said[0], (w, said[0])
        led = machine.pins[25]
        assert led.history == [1, 0] * blinks * 6
        assert clock.slept == 6 * (blinks * 500 + 1500)
    # With the display working, the reason also goes on the screen.
    assert any(machine.buses[0].panel.ram)


class BrokenMachine(FakeMachine):
    # A bus that fails in a way nobody foresaw.
    def I2C(self, id, sda=None, scl=None, freq=400000):
        raise TypeError("can't convert float to int")


def test_an_unforeseen_failure_is_said_and_blinked():
    machine = BrokenMachine()
    said = []
    raises(SystemExit, board.start, machine, FakeClock(), PICO, "firmware.app", 2, said.append)
    assert "TypeError: can't convert float to int" in said[0] and "blinks 5 times" in said[0], said[0]
    assert machine.pins[25].history == [1, 0] * 5 * 2


def test_halt_never_swallows_ctrl_c():
    clock = SleepsThenInterrupt(7)
    raises(KeyboardInterrupt, board.halt, BoardError("x"), None, clock, -1, None, [].append)
    assert clock.n == 0


def test_main_py_boots_through_board_and_ctrl_c_ends_the_blinking():
    # main.py as the board runs it, with the machine and time modules swapped for
    # stand-ins; no board.json exists here, so it halts until Ctrl-C.
    with open(_root() + "/firmware/main.py") as f:
        code = compile(f.read(), "main.py", "exec")
    machine = FakeMachine()
    clock = SleepsThenInterrupt(30)
    saved = (sys.modules.get("machine"), sys.modules.get("time"))
    sys.modules["machine"] = machine
    sys.modules["time"] = clock
    try:
        raises(KeyboardInterrupt, exec, code, {"__name__": "__main__"})
    finally:
        for name, mod in (("machine", saved[0]), ("time", saved[1])):
            if mod is None:
                del sys.modules[name]
            else:
                sys.modules[name] = mod
    assert machine.pins[25].history[:4] == [1, 0, 1, 0], "the LED blinked the profile code"


def test_link_profile_names_the_cable():
    # Issue 26: the default board has no link; the documented example adds UART1 on
    # GP20 (TX) and GP21 (RX), beside a GND pin, at 115200 baud.
    assert board.load(PICO)["link"] is None
    p = board.load(PICO_LINK)
    assert p["link"] == {"uart": 1, "tx": 20, "rx": 21, "baud": 115200}
    with open(PICO_LINK) as f:
        data = json.loads(f.read())
    del data["link"]
    data["name"] = pico()["name"]
    assert data == pico(), "the example is the default board plus its link"
    data["link"] = {"uart": 1, "tx": 8, "rx": 9}
    assert board.validate(data)["link"] == {"uart": 1, "tx": 8, "rx": 9, "baud": board.LINK_BAUD}
    assert board.validate(board.validate(data)) == board.validate(data), "idempotent with a link"
    data["link"] = None
    assert board.validate(data)["link"] is None


def test_each_kind_of_bad_link_gets_its_message():
    def link(**kw):
        def change(data):
            data["link"] = {"uart": 0, "tx": 0, "rx": 1}
            data["link"].update(kw)
        return change

    bad(link(uart=2), "link.uart", "0 or 1", "2")
    bad(link(tx=2), "link.tx", "TX pin of UART0", "GP0, GP12, GP16, GP28", "2")
    bad(link(rx=0), "link.rx", "RX pin of UART0", "GP1, GP13")
    bad(link(uart=1), "link.tx", "TX pin of UART1", "GP4, GP8, GP20, GP24")
    bad(link(tx=12, rx=13), "buttons.left and link.tx both use GP12")
    bad(link(uart=1, tx=8, rx=5), "i2c.scl and link.rx both use GP5")
    bad(link(tx=40), "link.tx", "GPIO number 0..29")
    bad(link(baud=300), "link.baud", "115200 is usual", "300")
    bad(link(baud=115200.0), "link.baud", "115200.0")
    bad(link(cts=2), "unknown key link.cts")
    bad(setter(("link",), "uart0"), "link must be an object")
    bad(lambda d: d.update({"link": {"uart": 0, "rx": 1}}), "missing link.tx")


def test_a_wrong_link_is_said_and_the_board_starts_without_it():
    # On the board (say given) a wrong link section costs link play, not the game;
    # make build (no say) refuses it like any other mistake.
    data = pico()
    data["link"] = {"uart": 0, "tx": 2, "rx": 1}
    said = []
    p = board.validate(data, "board.json", said.append)
    assert p["link"] is None and p["buttons"] == board.load(PICO)["buttons"]
    assert len(said) == 1 and "without link play" in said[0] and "link.tx" in said[0], said
    path = _scratch("board.json")
    with open(path, "w") as f:
        f.write(json.dumps(data))
    said = []
    run, display, buttons, buzzer, link = board.start(FakeMachine(), FakeClock(), path, "firmware.app", 1, said.append)
    assert display is not None and buttons is not None and link is None
    assert len(said) == 1 and "link.tx must be a TX pin of UART0" in said[0], said
    # main.py passes the app the link port start() built from the profile
    m = FakeMachine()
    run, display, buttons, buzzer, link = board.start(m, FakeClock(), PICO_LINK, "firmware.app", 1, said.append)
    assert link is m.uarts[0] and link.id == 1 and len(said) == 1
    with open(_root() + "/firmware/main.py") as f:
        assert "link=link)" in f.read()


def test_a_button_down_at_power_up_is_said():
    # It does nothing until let go, which looks like a dead button: the console
    # says which, and what to check if it never comes up.
    m = FakeMachine()
    gpio = board.load(PICO)["buttons"]["a"]
    m.Pin(gpio).value(0)  # held (or wired always closed)
    said = []
    run, display, buttons, buzzer, link = board.start(m, FakeClock(), PICO, "firmware.app", 1, said.append)
    assert buttons.is_down(4) and len(said) == 1 and said[0].startswith("Button A is down at power-up"), said
    said = []
    board.start(FakeMachine(), FakeClock(), PICO, "firmware.app", 1, said.append)
    assert said == []


class UartlessMachine(FakeMachine):
    # A port whose UART refuses what the profile asks (another firmware's rules).
    def UART(self, id, baudrate=115200, tx=None, rx=None, timeout=0, rxbuf=256):
        raise ValueError("bad TX pin")


def test_link_port_is_the_profiles_uart():
    m = FakeMachine()
    said = []
    assert board.link_port(board.load(PICO), m, said.append) is None and m.uarts == []
    port = board.link_port(board.load(PICO_LINK), m, said.append)
    assert port is m.uarts[0] and said == []
    assert (port.id, port.baudrate, port.tx.id, port.rx.id) == (1, 115200, 20, 21)
    assert port.timeout == 0 and port.rxbuf == board.LINK_RXBUF >= 256
    # The port's whole interface: what came is read in order, what is written goes out.
    assert port.any() == 0 and port.read(8) is None
    assert port.write(b"\x01\x02\x03") == 3 and port.sent == b"\x01\x02\x03"
    port.came += b"\x04\x05\x06"
    assert port.any() == 3 and port.read(2) == b"\x04\x05" and port.read(8) == b"\x06"
    said = []
    assert board.link_port(board.load(PICO_LINK), UartlessMachine(), said.append) is None
    assert "without link play" in said[0] and "TX GP20, RX GP21" in said[0] and "bad TX pin" in said[0], said


def test_byte_port_in_hex_for_the_web_page():
    # The web page's worker carries a tab's link bytes as hex (tools/page/link.mjs).
    from tools.host.devices import BytePort

    port = BytePort()
    assert port.take_hex() == ""
    port.write(b"\x00\xff")
    port.write(b"\x10")
    assert port.take_hex() == "00ff10" and port.take_hex() == ""
    port.feed_hex("0a0b")
    port.feed_hex("0c")
    assert port.any() == 3 and port.read(-1) == b"\x0a\x0b\x0c"


def test_wrap_keeps_words_and_width():
    text = "no display answered at 0x3C on I2C0 (SDA GP4, SCL GP5)\nsupercalifragilistic-expialidocious end"
    for width in (5, 12, 32):
        lines = board.wrap(text, width)
        assert all([len(line) <= width for line in lines]), lines
        assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    assert board.wrap("a b\nc", 32) == ["a b", "c"]
